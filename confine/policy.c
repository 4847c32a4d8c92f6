/* Policy resolution (DESIGN.md section 1): one {mode, workspace_root, session} per call. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sbx-confine.h"
#include "sbx-macro.h"

void sbx_policy_free(struct sbx_policy *p) {
        if (!p)
                return;
        free(p->workspace_root);
        free(p->session_id);
        free(p);
}
SBX_DEFINE_CLEANUP(struct sbx_policy *, sbx_policy_free)

int sbx_policy_resolve(const struct sbx_config *cfg, const struct sbx_policy_request *req,
                       const struct sbx_session_lookup *sessions, struct sbx_policy **ret_policy,
                       struct sbx_diag *diag) {
        _sbx_cleanup_(sbx_policy_freep) struct sbx_policy *p = NULL;
        struct sbx_session_info info = { 0 };
        _cleanup_free_ char *session_cwd = NULL;
        int r;

        if (!cfg || !req)
                return -EINVAL;
        if (req->has_mode && (unsigned) req->mode >= _SBX_MODE_MAX)
                return sbx_diag_set(diag, EINVAL, "resolve policy", "", "invalid mode");
        p = calloc(1, sizeof(*p));
        if (!p)
                return -ENOMEM;

        if (req->session_id) {
                if (!sessions || !sessions->lookup)
                        return sbx_diag_set(diag, ENOTSUP, "resolve policy", "",
                                            "session '%s' given but no session store is available", req->session_id);
                r = sessions->lookup(sessions->userdata, req->session_id, &info, diag);
                if (r < 0) {
                        if (r == -ENOENT && (!diag || !diag->msg[0]))
                                sbx_diag_set(diag, ENOENT, "resolve policy", "", "unknown session '%s'", req->session_id);
                        return r;
                }
                session_cwd = info.cwd;
                p->session_id = strdup(req->session_id);
                if (!p->session_id)
                        return -ENOMEM;
        }

        /* mode: approved explicit > session's last mode event > deployment default */
        if (req->has_mode) {
                p->mode = req->mode;
                p->mode_source = req->approved ? SBX_MODE_SOURCE_APPROVED : SBX_MODE_SOURCE_EXPLICIT;
        } else if (req->session_id && info.has_mode) {
                p->mode = info.mode;
                p->mode_source = SBX_MODE_SOURCE_SESSION;
                p->mode_event_id = info.mode_event_id;
        } else {
                p->mode = cfg->default_mode;
                p->mode_source = SBX_MODE_SOURCE_DEFAULT;
        }

        /* root: the session's immutable cwd; otherwise explicit, else the configured fallback */
        if (req->session_id) {
                if (!session_cwd)
                        return sbx_diag_set(diag, EINVAL, "resolve policy", "", "session '%s' has no cwd",
                                            req->session_id);
                if (req->root) {
                        _cleanup_free_ char *explicit_root = NULL;
                        if ((r = sbx_path_canonicalize_dir(req->root, &explicit_root, diag)) < 0)
                                return r;
                        if (strcmp(explicit_root, session_cwd) != 0)
                                return sbx_diag_set(diag, EINVAL, "resolve policy", req->root,
                                                    "--root %s differs from the workspace root %s of session '%s', "
                                                    "which is immutable",
                                                    explicit_root, session_cwd, req->session_id);
                }
                /* the session's cwd was canonical when it was recorded: it must still resolve to
                 * itself, or a symlink swapped in since would move the workspace elsewhere */
                if ((r = sbx_path_canonicalize_dir(session_cwd, &p->workspace_root, diag)) < 0) {
                        /* removed, or replaced by a file, since: no more the caller's usage error
                         * than a moved one (the command line is fine, an earlier command may have
                         * done it), so refused the same way, -EXDEV, and recorded (review: it was
                         * exit 2 and no row, where the moved workspace was 125 and a row) */
                        if (diag) {
                                char why[sizeof(diag->msg)];
                                snprintf(why, sizeof(why), "%s", diag->msg);
                                sbx_diag_set(diag, EXDEV, "resolve policy", session_cwd,
                                             "the workspace root of session '%s' is gone: %s: refusing the run",
                                             req->session_id, why);
                        }
                        return -EXDEV;
                }
                if (strcmp(p->workspace_root, session_cwd) != 0)
                        return sbx_diag_set(diag, EXDEV, "resolve policy", session_cwd,
                                            "the workspace root %s of session '%s' now resolves to %s: refusing a "
                                            "moved workspace", session_cwd, req->session_id, p->workspace_root);
        } else {
                const char *root = req->root ? req->root : cfg->fallback_root ? cfg->fallback_root : ".";
                if ((r = sbx_path_canonicalize_dir(root, &p->workspace_root, diag)) < 0) {
                        /* the deployment's root, not the caller's: said so (a caller who gave no
                         * root read "workspace root '/srv/work' does not exist") */
                        if (!req->root && cfg->fallback_root && diag) {
                                char why[sizeof(diag->msg)];
                                snprintf(why, sizeof(why), "%s", diag->msg);
                                sbx_diag_set(diag, -r, "resolve policy", root, "configured fallback_root: %s", why);
                        }
                        return r;
                }
        }
        *ret_policy = sbx_steal_ptr(&p);
        return 0;
}
