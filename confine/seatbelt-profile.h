/* seatbelt-profile.h: pure SBPL profile and sandbox-exec argv construction for the seatbelt
 * backend. Nothing here touches the filesystem, so it compiles and is tested on every platform.
 *
 * Paths never enter the profile text: the profile refers to (param "WORKSPACE"), (param "TMPDIR")
 * and (param "RUN_TMPDIR"), and the values travel as separate `-D KEY=VALUE` arguments of
 * sandbox-exec. A hostile path (quotes, backslashes, parentheses, newlines, SBPL text) is therefore
 * an opaque string to Seatbelt and can never add a rule. The profile text depends only on the mode
 * and on which parameters are present. */
#pragma once

#include <stdbool.h>

#include "sbx-confine.h"

/* The parameter names the profile uses. */
#define SBX_SEATBELT_PARAM_WORKSPACE "WORKSPACE"
#define SBX_SEATBELT_PARAM_TMPDIR "TMPDIR"
#define SBX_SEATBELT_PARAM_RUN_TMPDIR "RUN_TMPDIR"

/* Where macOS keeps per-user temp directories ($TMPDIR), in canonical spelling. */
#define SBX_SEATBELT_USER_TEMP_ROOT "/private/var/folders/"

struct sbx_seatbelt_params {
        enum sbx_mode mode;    /* read-only or workspace-write */
        const char *workspace; /* canonical macOS path; required in workspace-write, ignored in read-only */
        const char *tmpdir;    /* canonical $TMPDIR, or NULL; used only when under /private/var/folders/ */
        const char *run_tmp;   /* canonical per-run temp area, or NULL */
};

/* Lexical canonicalization of an absolute path as macOS resolves it: collapses //, /./ and /x/..,
 * drops a trailing slash, then maps the firmlinked top-level symlinks /var, /tmp and /etc onto
 * /private/var, /private/tmp and /private/etc (Seatbelt matches resolved vnode paths, so a rule on
 * /var/folders/... would never match). On macOS the backend first resolves the path with realpath(3)
 * (filesystem semantics), which already yields the /private spelling; this function then only
 * normalizes. Elsewhere (tests, Linux) it is pure string work and cannot see other symlinks.
 * Returns -EINVAL for a relative or empty path. Caller frees *ret_path. */
int sbx_seatbelt_macos_path(const char *path, char **ret_path);

/* Whether `tmpdir` (canonical) is a per-user temp directory strictly beneath /private/var/folders/.
 * Only such a $TMPDIR is made writable: a $TMPDIR of "/" or "/Users/x" would silently widen the
 * workspace-write promise. */
bool sbx_seatbelt_tmpdir_acceptable(const char *tmpdir);

/* Whether the profile for `p` lets the command write beneath `path` (canonical, as
 * sbx_seatbelt_macos_path() gives it): in workspace-write, a path beneath the workspace, the
 * accepted $TMPDIR, the run's temp area or /private/tmp. False for read-only and for bad params. */
bool sbx_seatbelt_writable(const struct sbx_seatbelt_params *p, const char *path);

/* Builds the SBPL profile for `p`. Returns -EINVAL for a non-confined mode, or in workspace-write
 * for a missing or non-canonical workspace, or a non-canonical run_tmp. Caller frees *ret_profile. */
int sbx_seatbelt_profile(const struct sbx_seatbelt_params *p, char **ret_profile);

/* Builds `SANDBOX_EXEC -p PROFILE [-D KEY=VALUE ...] -- ARGV...`. `sandbox_exec` and `argv` are
 * copied (argv must be non-empty). Caller frees *ret_argv with sbx_strv_free(). Errors as
 * sbx_seatbelt_profile(), -EINVAL for an empty argv. */
int sbx_seatbelt_argv(const char *sandbox_exec, const struct sbx_seatbelt_params *p, char *const *argv,
                      char ***ret_argv);
