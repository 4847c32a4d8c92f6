/* The Windows backend: sbx-winrun.exe runs the command under a write-restricted token whose
 * per-workspace SID is granted write access on the workspace (tools/sbx-winrun.c). Applicable on
 * Windows only; the argv and command-line construction are pure and tested everywhere. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "confine-internal.h"
#include "sbx-macro.h"
#include "windows-runner.h"

#define WINRUN_DEFAULT "sbx-winrun.exe"

/* Always partial: a write-restricted token needs a restricting SID that the system's own ACLs
 * grant (Everyone, the logon session) for the process to start at all, so every directory whose
 * ACL lets Everyone or the session write stays writable; a hard link made earlier to a file
 * outside the workspace inherits nothing from the workspace grant; reads are never restricted. */
static const char windows_acl_partial_reason[] =
        "write-restricted token: directories whose ACLs grant Everyone or the logon session write access "
        "stay writable (ambient ACL gaps), hard links into the workspace reach files outside it, and "
        "reads are not restricted";

static bool windows_acl_applicable(void) {
#ifdef _WIN32
        return true;
#else
        return false;
#endif
}

static const char *runner_name(const struct sbx_config *cfg) {
        return cfg && cfg->windows_runner_path && *cfg->windows_runner_path ? cfg->windows_runner_path
                                                                             : WINRUN_DEFAULT;
}

static int windows_acl_check(const struct sbx_config *cfg, enum sbx_mode mode, struct sbx_candidate *out) {
        _cleanup_free_ char *path = NULL;
        int r;

        if (!windows_acl_applicable()) {
                snprintf(out->reason, sizeof(out->reason), "windows-acl runs only on Windows");
                return -EOPNOTSUPP;
        }
        if (!sbx_mode_is_confined(mode)) {
                snprintf(out->reason, sizeof(out->reason),
                         "windows-acl confines read-only and workspace-write only");
                return -EINVAL;
        }
        r = sbx_find_executable(runner_name(cfg), &path);
        if (r < 0) {
                snprintf(out->reason, sizeof(out->reason), "runner not found as '%s': %s", runner_name(cfg),
                         strerror(-r));
                return r;
        }
        out->enforcement = SBX_ENFORCEMENT_PARTIAL;
        snprintf(out->reason, sizeof(out->reason), "%s", windows_acl_partial_reason);
        return 0;
}

static int windows_acl_fingerprint(const struct sbx_config *cfg, char *buf, size_t size) {
        _cleanup_free_ char *path = NULL;
        int r = sbx_find_executable(runner_name(cfg), &path);

        return r < 0 ? r : sbx_file_fingerprint(path, buf, size);
}

static int windows_acl_confine(const struct sbx_confine_request *req, struct sbx_confined_argv *out,
                               struct sbx_diag *diag) {
        _cleanup_strv_free_ char **argv = NULL;
        _cleanup_free_ char *reason = NULL, *cmdline = NULL;
        const struct sbx_dialect *dialect = NULL;
        enum sbx_winrun_mode mode;
        const char *temp = NULL;
        int r;

        if (!req || !req->policy || !req->argv || !req->argv[0])
                return sbx_diag_set(diag, EINVAL, "windows-acl", "", "nothing to confine");
        switch (req->policy->mode) {
        case SBX_MODE_READ_ONLY:
                mode = SBX_WINRUN_READ_ONLY;
                break;
        case SBX_MODE_WORKSPACE_WRITE:
                mode = SBX_WINRUN_WORKSPACE_WRITE;
                temp = req->temp_dir;
                break;
        default:
                return sbx_diag_set(diag, EINVAL, "windows-acl", "",
                                    "windows-acl confines read-only and workspace-write only");
        }
        if (req->opts && req->opts->require_full)
                return sbx_diag_set(diag, EOPNOTSUPP, "windows-acl", "",
                                    "windows-acl enforcement is partial: %s", windows_acl_partial_reason);
        /* What sbx depends on (its config, probe cache, database directory, runners, itself) must
         * stay out of the command's reach: the grant covers the whole workspace and temp area. */
        for (char *const *q = req->protect; mode == SBX_WINRUN_WORKSPACE_WRITE && q && *q; q++)
                if (sbx_windows_path_beneath(*q, req->policy->workspace_root) ||
                    (temp && sbx_windows_path_beneath(*q, temp)))
                        return sbx_diag_set(diag, EPERM, "confine", *q,
                                            "windows-acl cannot keep %s, which sbx depends on, read-only: it lies "
                                            "beneath the workspace %s or the temp area; choose a workspace without it",
                                            *q, req->policy->workspace_root);
        r = sbx_winrun_build_argv(runner_name(req->cfg), mode, req->policy->workspace_root, temp, req->argv, &argv);
        if (r < 0)
                return sbx_diag_set(diag, -r, "windows-acl", req->policy->workspace_root,
                                    "cannot build the runner's command line");
        /* The runner's own command line and the one it builds for the command must both survive
         * CommandLineToArgvW: refuse here what could not be passed through unchanged. */
        r = sbx_windows_cmdline_join(argv, &cmdline);
        if (r >= 0) {
                free(cmdline);
                cmdline = NULL;
                r = sbx_windows_cmdline_join(req->argv, &cmdline);
        }
        if (r == -E2BIG)
                return sbx_diag_set(diag, E2BIG, "windows-acl", "",
                                    "the command line exceeds the %d characters Windows allows",
                                    SBX_WINDOWS_CMDLINE_MAX - 1);
        if (r < 0)
                return sbx_diag_set(diag, -r, "windows-acl", "",
                                    "the command cannot be passed on a Windows command line (a '\"' in the "
                                    "program name, invalid UTF-8, or a .bat or .cmd program with one of "
                                    "\" %% & | < > ^ or a line break, which cmd.exe would act on)");
        r = sbx_dialect_builtin("windows-acl", &dialect);
        if (r < 0)
                return sbx_diag_set(diag, -r, "windows-acl", "", "no built-in windows-acl dialect");
        reason = strdup(windows_acl_partial_reason);
        if (!reason)
                return -ENOMEM;
        out->argv = sbx_steal_ptr(&argv);
        out->backend = "windows-acl";
        out->enforcement = SBX_ENFORCEMENT_PARTIAL;
        out->enforcement_reason = sbx_steal_ptr(&reason);
        out->dialect = dialect;
        return 0;
}

const struct sbx_backend sbx_backend_windows_acl = {
        .name = "windows-acl",
        .applicable = windows_acl_applicable,
        .check = windows_acl_check,
        .fingerprint = windows_acl_fingerprint,
        .confine = windows_acl_confine,
};
