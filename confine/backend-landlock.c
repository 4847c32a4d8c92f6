/* The landlock backend: sbx's own launcher (tools/sbx-landlock.c) applies a Landlock ruleset
 * for the running ABI and execs the command. Interface, ruleset and enforcement per ABI:
 * confine/README-landlock.md. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "landlock-backend.h"
#include "sbx-macro.h"

static bool landlock_applicable(void) {
#ifdef __linux__
        return true;
#else
        return false;
#endif
}

/* ---- enforcement per mode and ABI (pure) ---------------------------------------------------- */

struct gap {
        enum sbx_mode mode; /* _SBX_MODE_MAX: both confined modes */
        int below_abi;      /* the gap exists when abi < below_abi; 0: at every ABI */
        const char *text;   /* %d: the ABI */
};

/* In read-only the launcher's seccomp filter closes the metadata gap, so it is not listed. */
static const struct gap gaps[] = {
        { SBX_MODE_WORKSPACE_WRITE, 0,
          "chmod, chown, utime, xattr and inode flag (chattr) changes outside the workspace are not governed" },
        { SBX_MODE_READ_ONLY, 3,
          "truncation (truncate, ftruncate, open with O_TRUNC) is not governed (Landlock ABI %d < 3)" },
        { SBX_MODE_WORKSPACE_WRITE, 3,
          "truncation (truncate, ftruncate, open with O_TRUNC) outside the workspace is not governed (Landlock ABI %d < 3)" },
        { _SBX_MODE_MAX, 5, "ioctl on device files is not governed (Landlock ABI %d < 5)" },
        { SBX_MODE_WORKSPACE_WRITE, 2,
          "cross-directory rename and link fail with EXDEV even inside the workspace (Landlock ABI %d < 2)" },
};

int sbx_landlock_enforcement(enum sbx_mode mode, int abi, enum sbx_enforcement *ret_enforcement,
                             char **ret_reason) {
        char buf[1024] = "";
        size_t len = 0;

        if (!sbx_mode_is_confined(mode) || abi < 1)
                return -EINVAL;
        for (size_t i = 0; i < SBX_ELEMENTSOF(gaps); i++) {
                char part[256];

                if (gaps[i].mode != _SBX_MODE_MAX && gaps[i].mode != mode)
                        continue;
                if (gaps[i].below_abi && abi >= gaps[i].below_abi)
                        continue;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
                snprintf(part, sizeof(part), gaps[i].text, abi);
#pragma GCC diagnostic pop
                len += (size_t) snprintf(buf + len, sizeof(buf) - len, "%s%s", len ? "; " : "", part);
                if (len >= sizeof(buf))
                        return -ENOBUFS;
        }
        if (len == 0) {
                *ret_enforcement = SBX_ENFORCEMENT_FULL;
                *ret_reason = NULL;
                return 0;
        }
        *ret_reason = strdup(buf);
        if (!*ret_reason)
                return -ENOMEM;
        *ret_enforcement = SBX_ENFORCEMENT_PARTIAL;
        return 0;
}

/* ---- check, fingerprint, confine -------------------------------------------------------------- */

static int find_launcher(const struct sbx_config *cfg, char **ret) {
        if (!cfg->landlock_path || !*cfg->landlock_path)
                return -ENOENT;
        return sbx_find_executable(cfg->landlock_path, ret);
}

static const char *abi_error(int err) {
        switch (err) {
        case ENOSYS:
                return "Landlock is not supported by this kernel";
        case EOPNOTSUPP:
                return "Landlock is disabled in this kernel (boot option lsm=)";
        default:
                return "the Landlock ABI query failed";
        }
}

int sbx_landlock_check_abi(const struct sbx_config *cfg, enum sbx_mode mode, int abi, struct sbx_candidate *out) {
        _cleanup_free_ char *launcher = NULL, *reason = NULL;
        enum sbx_enforcement e;
        struct stat st;
        int r;

        r = find_launcher(cfg, &launcher);
        if (r >= 0 && (stat(launcher, &st) < 0 || !S_ISREG(st.st_mode)))
                r = -ENOEXEC;
        if (r < 0) {
                snprintf(out->reason, sizeof(out->reason), "Landlock launcher '%s' not found or not executable: %s",
                         cfg->landlock_path ? cfg->landlock_path : "(not configured)", sbx_runner_error(r));
                return r;
        }
        if (abi < 0) {
                snprintf(out->reason, sizeof(out->reason), "%s (%s)", abi_error(-abi), strerror(-abi));
                return abi;
        }
        if (abi < 1) {
                snprintf(out->reason, sizeof(out->reason), "unexpected Landlock ABI %d", abi);
                return -EOPNOTSUPP;
        }
        r = sbx_landlock_enforcement(mode, abi, &e, &reason);
        if (r < 0) {
                snprintf(out->reason, sizeof(out->reason), "mode '%s' cannot be confined by Landlock",
                         sbx_mode_to_string(mode) ? sbx_mode_to_string(mode) : "?");
                return r;
        }
        out->enforcement = e;
        snprintf(out->reason, sizeof(out->reason), "%s", reason ? reason : "");
        return 0;
}

static int landlock_check(const struct sbx_config *cfg, enum sbx_mode mode, struct sbx_candidate *out) {
        return sbx_landlock_check_abi(cfg, mode, sbx_ll_abi_version(), out);
}

static int landlock_fingerprint(const struct sbx_config *cfg, char *buf, size_t size) {
        _cleanup_free_ char *launcher = NULL;
        struct stat st;
        int abi = sbx_ll_abi_version();

        if (find_launcher(cfg, &launcher) < 0 || stat(launcher, &st) < 0) {
                snprintf(buf, size, "landlock:missing:%s:abi=%d", cfg->landlock_path ? cfg->landlock_path : "",
                         abi);
                return 0;
        }
        snprintf(buf, size, "%s:%llu:%llu:%lld:%lld.%09ld:%lld.%09ld:abi=%d", launcher,
                 (unsigned long long) st.st_dev, (unsigned long long) st.st_ino, (long long) st.st_size,
                 (long long) st.st_mtim.tv_sec, st.st_mtim.tv_nsec, (long long) st.st_ctim.tv_sec,
                 st.st_ctim.tv_nsec, abi);
        return 0;
}

int sbx_landlock_confine_abi(const struct sbx_confine_request *req, int abi, struct sbx_confined_argv *out,
                             struct sbx_diag *diag) {
        struct sbx_argv_builder b = { 0 };
        _cleanup_free_ char *launcher = NULL, *reason = NULL;
        const char *mode = sbx_mode_to_string(req->policy->mode);
        enum sbx_enforcement e;
        char **argv = NULL;
        int r;

        if (!sbx_mode_is_confined(req->policy->mode) || !req->argv || !req->argv[0])
                return sbx_diag_set(diag, EINVAL, "confine", "", "landlock: nothing to confine in mode '%s'",
                                    mode ? mode : "?");
        /* Landlock only adds rights: nothing beneath a writable directory can be kept read-only,
         * so a workspace that holds sbx's own state (config, probe cache, runners, database) is
         * refused rather than handed to the command. */
        for (char *const *p = req->protect; req->policy->mode == SBX_MODE_WORKSPACE_WRITE && p && *p; p++)
                if (sbx_path_beneath(*p, req->policy->workspace_root) ||
                    (req->temp_dir && sbx_path_beneath(*p, req->temp_dir)))
                        return sbx_diag_set(diag, EPERM, "confine", *p,
                                            "landlock cannot keep %s, which sbx depends on, read-only inside the "
                                            "writable workspace %s (bwrap can; or choose a workspace without it)",
                                            *p, req->policy->workspace_root);
        r = req->launcher ? ((launcher = strdup(req->launcher)) ? 0 : -ENOMEM) : find_launcher(req->cfg, &launcher);
        if (r < 0)
                return sbx_diag_set(diag, -r, "find runner", req->cfg->landlock_path ? req->cfg->landlock_path : "",
                                    "Landlock launcher '%s' not found or not executable: %s",
                                    req->cfg->landlock_path ? req->cfg->landlock_path : "(not configured)",
                                    sbx_runner_error(r));
        if (abi < 1)
                return sbx_diag_set(diag, abi < 0 ? -abi : EOPNOTSUPP, "landlock abi", "", "%s",
                                    abi < 0 ? abi_error(-abi) : "no usable Landlock ABI");
        r = sbx_landlock_enforcement(req->policy->mode, abi, &e, &reason);
        if (r < 0)
                return sbx_diag_set(diag, -r, "confine", "", "landlock: cannot state the enforcement");

        sbx_argv_add(&b, launcher);
        sbx_argv_add(&b, "--mode");
        sbx_argv_add(&b, mode);
        /* from ABI 6 what the command starts ends with sbx, SIGKILL included (landlock-launch.c) */
        sbx_argv_add(&b, "--die-with-parent");
        /* the ABI the enforcement recorded is stated for: a launcher whose kernel answers a lower
         * one (a tracer or filter around it alone) refuses the run, where it enforced that lower
         * ABI's ruleset (from ABI 1: truncate(2) on a host file) in a run recorded as full */
        sbx_argv_add(&b, "--min-abi");
        sbx_argv_addf(&b, "%d", abi);
        out->gated = sbx_argv_add_launcher_options(&b, req, 0);
        /* a launcher killed before its exec leaves no record: its mark says it executed the
         * command (sbx's own code in sbx's child too) */
        out->status_mark = req->opts && req->opts->status_fd >= 0;
        if (out->status_mark)
                sbx_argv_add(&b, "--exec-mark");
        sbx_argv_add(&b, "--");
        sbx_argv_add_all(&b, req->argv);
        r = sbx_argv_finish(&b, &argv);
        if (r < 0)
                return sbx_diag_set(diag, -r, "build argv", "", "out of memory");

        sbx_strv_free(out->argv);
        out->argv = argv;
        out->inprocess = req->cfg->landlock_builtin;
        free(out->enforcement_reason);
        out->enforcement = e;
        out->enforcement_reason = sbx_steal_ptr(&reason);
        if (!out->dialect)
                (void) sbx_dialect_builtin("landlock", &out->dialect); /* NULL until classify/ has it */
        return 0;
}

static int landlock_confine(const struct sbx_confine_request *req, struct sbx_confined_argv *out,
                            struct sbx_diag *diag) {
        return sbx_landlock_confine_abi(req, sbx_ll_abi_version(), out, diag);
}

const struct sbx_backend sbx_backend_landlock = {
        .name = "landlock",
        .applicable = landlock_applicable,
        .check = landlock_check,
        .fingerprint = landlock_fingerprint,
        .confine = landlock_confine,
};
