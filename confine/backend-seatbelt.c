/* The macOS backend: sandbox-exec with a generated SBPL profile (seatbelt-profile.c builds it).
 * Applicable on macOS only; the profile and argv construction are pure and tested everywhere. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "confine-internal.h"
#include "sbx-macro.h"
#include "seatbelt-profile.h"

#define SANDBOX_EXEC_DEFAULT "/usr/bin/sandbox-exec"

static bool seatbelt_applicable(void) {
#ifdef __APPLE__
        return true;
#else
        return false;
#endif
}

static const char *runner_name(const struct sbx_config *cfg) {
        return cfg && cfg->sandbox_exec_path && *cfg->sandbox_exec_path ? cfg->sandbox_exec_path
                                                                         : SANDBOX_EXEC_DEFAULT;
}

static int seatbelt_check(const struct sbx_config *cfg, enum sbx_mode mode, struct sbx_candidate *out) {
        _cleanup_free_ char *path = NULL;
        int r;

        if (!seatbelt_applicable()) {
                snprintf(out->reason, sizeof(out->reason), "seatbelt runs only on macOS");
                return -EOPNOTSUPP;
        }
        if (!sbx_mode_is_confined(mode)) {
                snprintf(out->reason, sizeof(out->reason), "seatbelt confines read-only and workspace-write only");
                return -EINVAL;
        }
        r = sbx_find_executable(runner_name(cfg), &path);
        if (r < 0) {
                snprintf(out->reason, sizeof(out->reason), "sandbox-exec not found as '%s': %s", runner_name(cfg),
                         strerror(-r));
                return r;
        }
        /* Every file effect of both modes is governed by the profile: (deny default) leaves
         * writes, metadata changes, links and renames denied except beneath the granted paths. */
        out->enforcement = SBX_ENFORCEMENT_FULL;
        out->reason[0] = '\0';
        return 0;
}

static int seatbelt_fingerprint(const struct sbx_config *cfg, char *buf, size_t size) {
        _cleanup_free_ char *path = NULL;
        int r = sbx_find_executable(runner_name(cfg), &path);

        return r < 0 ? r : sbx_file_fingerprint(path, buf, size);
}

/* The canonical macOS spelling of `path`: realpath(3) where it exists (filesystem semantics
 * first, as for the workspace root), then the lexical /var, /tmp, /etc mapping. */
static int macos_canonical(const char *path, char **ret) {
#ifdef __APPLE__
        _cleanup_free_ char *real = realpath(path, NULL);
        if (!real)
                return -errno;
        return sbx_seatbelt_macos_path(real, ret);
#else
        return sbx_seatbelt_macos_path(path, ret);
#endif
}

static int seatbelt_confine(const struct sbx_confine_request *req, struct sbx_confined_argv *out,
                            struct sbx_diag *diag) {
        _cleanup_free_ char *workspace = NULL, *tmpdir = NULL, *run_tmp = NULL, *runner_path = NULL;
        struct sbx_seatbelt_params p = {};
        const char *runner;
        const struct sbx_dialect *dialect = NULL;
        char **argv = NULL;
        const char *env_tmp;
        int r;

        if (!req || !req->policy || !req->argv || !req->argv[0])
                return sbx_diag_set(diag, EINVAL, "seatbelt", "", "nothing to confine");
        p.mode = req->policy->mode;
        if (!sbx_mode_is_confined(p.mode))
                return sbx_diag_set(diag, EINVAL, "seatbelt", "", "seatbelt confines read-only and workspace-write only");
        if (p.mode == SBX_MODE_WORKSPACE_WRITE) {
                r = macos_canonical(req->policy->workspace_root, &workspace);
                if (r < 0)
                        return sbx_diag_set(diag, -r, "seatbelt", req->policy->workspace_root,
                                            "cannot canonicalize workspace root '%s'", req->policy->workspace_root);
                p.workspace = workspace;
                env_tmp = getenv("TMPDIR");
                if (env_tmp && env_tmp[0] == '/' && macos_canonical(env_tmp, &tmpdir) >= 0)
                        p.tmpdir = tmpdir; /* used only when beneath /private/var/folders/ */
                if (req->temp_dir) {
                        r = macos_canonical(req->temp_dir, &run_tmp);
                        if (r < 0)
                                return sbx_diag_set(diag, -r, "seatbelt", req->temp_dir,
                                                    "cannot canonicalize the run's temp area '%s'", req->temp_dir);
                        p.run_tmp = run_tmp;
                }
        }
        /* What sbx depends on (its config, probe cache, database directory, runners, itself) must
         * stay out of the command's reach; the profile has no read-only exception beneath a
         * writable directory, so such a workspace is refused, as under Landlock. */
        for (char *const *q = req->protect; p.mode == SBX_MODE_WORKSPACE_WRITE && q && *q; q++) {
                _cleanup_free_ char *c = NULL;

                if (macos_canonical(*q, &c) < 0 && sbx_seatbelt_macos_path(*q, &c) < 0)
                        return sbx_diag_set(diag, EINVAL, "seatbelt", *q, "cannot canonicalize '%s'", *q);
                if (sbx_seatbelt_writable(&p, c))
                        return sbx_diag_set(diag, EPERM, "confine", *q,
                                            "seatbelt cannot keep %s, which sbx depends on, read-only: it lies beneath "
                                            "what the command may write (the workspace %s, the temp areas, "
                                            "/private/tmp); choose a workspace without it",
                                            *q, p.workspace);
        }
        /* A bare runner name is resolved now: the spawner must not search PATH for it later. */
        runner = runner_name(req->cfg);
        if (!strchr(runner, '/')) {
                r = sbx_find_executable(runner, &runner_path);
                if (r < 0)
                        return sbx_diag_set(diag, -r, "seatbelt", runner, "sandbox-exec not found as '%s'", runner);
                runner = runner_path;
        }
        r = sbx_dialect_builtin("seatbelt", &dialect);
        if (r < 0)
                return sbx_diag_set(diag, -r, "seatbelt", "", "no built-in seatbelt dialect");
        r = sbx_seatbelt_argv(runner, &p, req->argv, &argv);
        if (r < 0)
                return sbx_diag_set(diag, -r, "seatbelt", p.workspace ? p.workspace : "",
                                    "cannot build the sandbox-exec command line");
        out->argv = argv;
        out->backend = "seatbelt";
        out->enforcement = SBX_ENFORCEMENT_FULL;
        out->enforcement_reason = NULL;
        out->dialect = dialect;
        return 0;
}

const struct sbx_backend sbx_backend_seatbelt = {
        .name = "seatbelt",
        .applicable = seatbelt_applicable,
        .check = seatbelt_check,
        .fingerprint = seatbelt_fingerprint,
        .confine = seatbelt_confine,
};
