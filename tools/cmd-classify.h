/* cmd-classify.h: pieces of `sbx classify` shared with `sbx fixtures` and the tests. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "sbx-classify.h"
#include "sbx-tool.h"

struct sbx_classify_args {
        const char *backend;      /* borrowed from argv */
        bool has_exit;
        int exit_code;
        int signal;               /* 0: none */
        bool has_signal;          /* --signal given (0 too: it exited) */
        const char *stderr_path;  /* NULL: standard input */
        const char *dialect_path; /* NULL: built-in or operator override */
        const char *cwd;          /* --cwd: where the command started (absolute), or NULL */
        const char *mode;         /* --mode: the run's mode, or NULL */
        const char *root;         /* --root: its workspace root (absolute), or NULL */
        bool json;
        bool help;
};

/* Parses `classify` options (argv[0] is the verb). Returns 0, or -EINVAL with one line in err. */
int sbx_classify_args_parse(int argc, char **argv, struct sbx_classify_args *a, char *err, size_t errlen);

/* Reads fd to its end through a classifier (with ctx, when not NULL) and fills *ret. Does not
 * close fd. */
int sbx_classify_fd(const struct sbx_dialect *d, const struct sbx_classify_context *ctx, int fd,
                    const struct sbx_exit_status *st, struct sbx_classify_result *ret, struct sbx_diag *diag);

/* dialect_path when given, else the operator override or built-in for backend (config dirs from
 * the deployment configuration). Caller frees *ret with sbx_dialect_free(). */
int sbx_classify_load_dialect(const char *backend, const char *dialect_path, struct sbx_dialect **ret,
                              struct sbx_diag *diag);

/* The directories beneath which `backend` in `mode` (its name) refuses no ordinary write, for
 * struct sbx_classify_context's writable: the landlock backend in workspace-write grants every
 * right of the ABI beneath the workspace root and the temp area (confine/README-landlock.md), so
 * EACCES there is the host's own. None for bwrap: it binds protected paths read-only inside the
 * workspace (EROFS there is a denial), and EACCES is not its denial anyway. Fills ret[0..n) and
 * ret[n] = NULL (ret holds 3), returns n. */
size_t sbx_classify_writable_dirs(const char *backend, const char *mode, const char *root, const char *temp,
                                  const char **ret);

/* The directories beneath which the sandbox refuses no ordinary write, for struct
 * sbx_classify_context's granted: the workspace root and the temp area of the bwrap and landlock
 * backends in workspace-write (each binds or grants them whole; sbx's own state that bwrap keeps
 * read-only in the workspace is no file a command writes). Fills ret[0..n) and ret[n] = NULL
 * (ret holds 3), returns n. */
size_t sbx_classify_granted_dirs(const char *backend, const char *mode, const char *root, const char *temp,
                                 const char **ret);

/* Writes the result's fields (verdict, exit_code, signal, rule, ..., denials) into an open object. */
void sbx_classify_result_json(struct sbx_json *j, const struct sbx_classify_result *res);
