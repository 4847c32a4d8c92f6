/* Pure SBPL profile generation for the seatbelt backend (see seatbelt-profile.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confine-internal.h"
#include "sbx-macro.h"
#include "sbx-realpath.h"
#include "seatbelt-profile.h"

/* What every confined process needs to start and run, whatever the mode. Seatbelt's (deny default)
 * also denies process, IPC and sysctl operations, so those a shell and ordinary tools use are
 * granted here. The modes govern file effects only, so reading, executing and the network stay
 * open. What stays closed besides file writes: signals and task ports of processes outside this
 * sandbox, preference writes through cfprefsd (a file write by proxy), sysctl writes, and mach
 * services not listed (several daemons write files on a client's behalf). */
static const char profile_base[] =
        "(version 1)\n"
        "(deny default)\n"
        "\n"
        "; processes: run anything, touch only processes of this sandbox\n"
        "(allow process-exec)\n"
        "(allow process-fork)\n"
        "(allow process-info*)\n"
        "(allow signal (target same-sandbox))\n"
        "(allow mach-priv-task-port (target same-sandbox))\n"
        "\n"
        "; reads are not restricted by any mode\n"
        "(allow file-read*)\n"
        "(allow sysctl-read)\n"
        "(allow user-preference-read)\n"
        "\n"
        "; IPC a shell, libc and common runtimes need\n"
        "(allow ipc-posix-sem)\n"
        "(allow ipc-posix-shm)\n"
        "(allow pseudo-tty)\n"
        "(allow mach-lookup\n"
        "  (global-name \"com.apple.system.opendirectoryd.libinfo\")\n"
        "  (global-name \"com.apple.system.opendirectoryd.membership\")\n"
        "  (global-name \"com.apple.system.logger\")\n"
        "  (global-name \"com.apple.system.notification_center\")\n"
        "  (global-name \"com.apple.logd\")\n"
        "  (global-name \"com.apple.cfprefsd.daemon\")\n"
        "  (global-name \"com.apple.cfprefsd.agent\")\n"
        "  (global-name \"com.apple.trustd.agent\")\n"
        "  (global-name \"com.apple.SecurityServer\")\n"
        "  (global-name \"com.apple.SystemConfiguration.configd\")\n"
        "  (global-name \"com.apple.SystemConfiguration.DNSConfiguration\")\n"
        "  (global-name \"com.apple.dnssd.service\")\n"
        "  (global-name \"com.apple.coreservices.launchservicesd\"))\n"
        "\n"
        "; network is outside the modes; binding is limited to IP so that no unix socket node can be\n"
        "; created outside the writable paths\n"
        "(allow network-outbound)\n"
        "(allow network-inbound)\n"
        "(allow network-bind (local ip))\n"
        "(allow system-socket)\n"
        "\n"
        "; the sinks and terminals a shell writes to: data and ioctl only, never create or unlink\n"
        "(allow file-write-data file-ioctl\n"
        "  (literal \"/dev/null\")\n"
        "  (literal \"/dev/zero\")\n"
        "  (literal \"/dev/tty\")\n"
        "  (literal \"/dev/ptmx\")\n"
        "  (regex #\"^/dev/ttys[0-9]+$\"))\n"
        "(allow file-write-data\n"
        "  (literal \"/dev/stdout\")\n"
        "  (literal \"/dev/stderr\")\n"
        "  (regex #\"^/dev/fd/[0-9]+$\"))\n";

static const char profile_read_only[] = "\n; read-only: no other file write of any kind\n";

bool sbx_seatbelt_tmpdir_acceptable(const char *tmpdir) {
        size_t root = strlen(SBX_SEATBELT_USER_TEMP_ROOT);

        if (!tmpdir || strncmp(tmpdir, SBX_SEATBELT_USER_TEMP_ROOT, root) != 0)
                return false;
        /* strictly beneath, and not a ".." spelling (the path is canonical, but be exact) */
        if (tmpdir[root] == '\0' || strstr(tmpdir, "/../") || strstr(tmpdir, "/./"))
                return false;
        return true;
}

int sbx_seatbelt_macos_path(const char *path, char **ret_path) {
        static const char *const firmlinks[] = { "/var", "/tmp", "/etc" };
        _cleanup_free_ char *norm = NULL;
        int r;

        if (!path || path[0] != '/')
                return -EINVAL;
        r = sbx_path_normalize(path, &norm);
        if (r < 0)
                return r;
        for (size_t i = 0; i < SBX_ELEMENTSOF(firmlinks); i++) {
                size_t l = strlen(firmlinks[i]);
                if (strncmp(norm, firmlinks[i], l) == 0 && (norm[l] == '\0' || norm[l] == '/')) {
                        char *mapped = NULL;
                        if (asprintf(&mapped, "/private%s", norm) < 0)
                                return -ENOMEM;
                        *ret_path = mapped;
                        return 0;
                }
        }
        *ret_path = sbx_steal_ptr(&norm);
        return 0;
}

/* True when `path` is absolute and already in the form sbx_seatbelt_macos_path() produces. */
static bool is_canonical(const char *path) {
        _cleanup_free_ char *c = NULL;

        if (!path || path[0] != '/')
                return false;
        if (sbx_seatbelt_macos_path(path, &c) < 0)
                return false;
        return strcmp(c, path) == 0;
}

struct params_used {
        bool workspace, tmpdir, run_tmp;
};

static int check_params(const struct sbx_seatbelt_params *p, struct params_used *u) {
        memset(u, 0, sizeof(*u));
        if (!p)
                return -EINVAL;
        switch (p->mode) {
        case SBX_MODE_READ_ONLY:
                return 0;
        case SBX_MODE_WORKSPACE_WRITE:
                break;
        default:
                return -EINVAL;
        }
        if (!is_canonical(p->workspace))
                return -EINVAL;
        u->workspace = true;
        /* An unusable $TMPDIR is left out rather than refused: the run still has /private/tmp. */
        u->tmpdir = p->tmpdir && is_canonical(p->tmpdir) && sbx_seatbelt_tmpdir_acceptable(p->tmpdir);
        if (p->run_tmp) {
                if (!is_canonical(p->run_tmp) || strcmp(p->run_tmp, "/") == 0)
                        return -EINVAL;
                u->run_tmp = true;
        }
        return 0;
}

bool sbx_seatbelt_writable(const struct sbx_seatbelt_params *p, const char *path) {
        struct params_used u;

        if (!path || check_params(p, &u) < 0 || p->mode != SBX_MODE_WORKSPACE_WRITE)
                return false;
        return sbx_path_beneath(path, p->workspace) || (u.tmpdir && sbx_path_beneath(path, p->tmpdir)) ||
               (u.run_tmp && sbx_path_beneath(path, p->run_tmp)) || sbx_path_beneath(path, "/private/tmp");
}

int sbx_seatbelt_profile(const struct sbx_seatbelt_params *p, char **ret_profile) {
        struct params_used u;
        char *text = NULL;
        size_t size = 0;
        FILE *f;
        int r;

        r = check_params(p, &u);
        if (r < 0)
                return r;
        f = open_memstream(&text, &size);
        if (!f)
                return -ENOMEM;
        fputs(profile_base, f);
        if (p->mode == SBX_MODE_READ_ONLY)
                fputs(profile_read_only, f);
        else {
                fputs("\n; workspace-write: the workspace and the temp areas, nothing else\n"
                      "(allow file-write*\n"
                      "  (subpath (param \"" SBX_SEATBELT_PARAM_WORKSPACE "\"))\n",
                      f);
                if (u.tmpdir)
                        fputs("  (subpath (param \"" SBX_SEATBELT_PARAM_TMPDIR "\"))\n", f);
                if (u.run_tmp)
                        fputs("  (subpath (param \"" SBX_SEATBELT_PARAM_RUN_TMPDIR "\"))\n", f);
                fputs("  (subpath \"/private/tmp\"))\n", f);
        }
        if (fclose(f) != 0 || !text) {
                free(text);
                return -ENOMEM;
        }
        *ret_profile = text;
        return 0;
}

int sbx_seatbelt_argv(const char *sandbox_exec, const struct sbx_seatbelt_params *p, char *const *argv,
                      char ***ret_argv) {
        struct sbx_argv_builder b = {};
        _cleanup_free_ char *profile = NULL;
        struct params_used u;
        int r;

        if (!sandbox_exec || !*sandbox_exec || !argv || !argv[0])
                return -EINVAL;
        r = check_params(p, &u);
        if (r < 0)
                return r;
        r = sbx_seatbelt_profile(p, &profile);
        if (r < 0)
                return r;
        sbx_argv_add(&b, sandbox_exec);
        sbx_argv_add(&b, "-p");
        sbx_argv_add(&b, profile);
        if (u.workspace) {
                sbx_argv_add(&b, "-D");
                sbx_argv_addf(&b, SBX_SEATBELT_PARAM_WORKSPACE "=%s", p->workspace);
        }
        if (u.tmpdir) {
                sbx_argv_add(&b, "-D");
                sbx_argv_addf(&b, SBX_SEATBELT_PARAM_TMPDIR "=%s", p->tmpdir);
        }
        if (u.run_tmp) {
                sbx_argv_add(&b, "-D");
                sbx_argv_addf(&b, SBX_SEATBELT_PARAM_RUN_TMPDIR "=%s", p->run_tmp);
        }
        /* sandbox-exec parses its options with getopt(3): "--" ends them, so a command whose name
         * starts with '-' is never read as an option. */
        sbx_argv_add(&b, "--");
        sbx_argv_add_all(&b, argv);
        return sbx_argv_finish(&b, ret_argv);
}
