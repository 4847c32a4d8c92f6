/* confine-internal.h: the backend table. A new backend is one file plus one entry in backends[]. */
#pragma once

#include <dirent.h>
#include <signal.h>

#include "sbx-confine.h"

/* What a backend is given to build the confined argv. */
struct sbx_confine_request {
        const struct sbx_config *cfg;
        const struct sbx_policy *policy;  /* confined mode only */
        char *const *argv;                /* the exact argv to run */
        const struct sbx_confine_options *opts;
        const char *temp_dir;             /* per-run temp area in workspace-write, else NULL */
        char *const *protect;             /* canonical existing paths sbx depends on (its config,
                                             cache, runners, database): a backend keeps those
                                             beneath a writable directory read-only, or refuses */
        const char *cwd;                  /* where the command starts; NULL: sbx's current
                                             directory (the probe names its own) */
        const char *runner, *launcher;    /* bubblewrap and sbx-landlock as sbx_find_executable()
                                             found them for the paths to protect (workspace-write;
                                             those are the ones kept read-only), else NULL: a
                                             backend that runs one looks it up */
        const char *mountinfo;            /* /proc/self/mountinfo as read once for this
                                             confinement's checks (workspace-write), else NULL:
                                             a backend that needs it reads it */
};

/* mkdir -p with exactly `mode` (whatever the umask) for each missing component; 0 or -errno. */
int sbx_mkdir_p(const char *path, mode_t mode);
/* The user's home directory (sbx_home_dir()) when path lies beneath it and it does not exist
 * (sbx_home_exists()): sbx makes no home directory, so none of its own beneath it either. NULL
 * otherwise (also for an account whose home is "/"). The result may point into buf (the account's
 * home) or into the environment ($HOME). */
const char *sbx_missing_home_above(const char *path, char *buf, size_t size);
/* Whether sbx may make the directory dir (mkdir -p): the nearest directory above it that exists,
 * and every one above that, are the caller's or root's and nobody else may write them. */
bool sbx_may_make_dir(const char *dir);

/* Pure: in the text of a /proc/PID/mountinfo, a mount of a file system that is a kernel interface
 * (proc, sysfs, devtmpfs, cgroup, debugfs, ...) whose mount point is `root` or lies beneath it, or
 * that holds `root` itself (the longest mount point above it, and the mount whose ID is holder_id
 * when that is not 0: the one the kernel resolves root in). 1 with its mount point and type in
 * *ret_mount, *ret_type (caller frees), 0 when there is none, -EBADMSG for a line that does not
 * parse, -ENOMEM. */
int sbx_mountinfo_kernel_mount(const char *mountinfo, const char *root, unsigned long long holder_id,
                               char **ret_mount, char **ret_type);
/* /proc/self/mountinfo, whole and NUL-terminated, into *ret_text (caller frees) for the checks of
 * the workspace `root`'s mounts below: one read per confinement, passed to each. -errno with diag
 * set (-ENOMEM without). */
int sbx_path_read_mountinfo(const char *root, char **ret_text, struct sbx_diag *diag);
/* The same for sbx's own mounts (`mountinfo`: the text of sbx_path_read_mountinfo(); NULL: read
 * now): 0 when the canonical workspace `root` holds no kernel interface file system, else -EPERM
 * (or -errno when /proc/self/mountinfo cannot be read) with diag set. A writable workspace must
 * not hand the command the host's /proc/sys, /sys or device nodes through a mount inside it (a
 * chroot's /proc, a workspace of /). */
int sbx_path_refuse_kernel_mounts(const char *root, const char *mountinfo, struct sbx_diag *diag);
/* Pure: in the text of a /proc/PID/mountinfo, another name of the canonical `path` (in the mount
 * whose ID is path_mnt_id; 0: the one that holds it by its mount point) beneath the canonical
 * workspace `root` (in the mount root_mnt_id, or 0): a mount at or beneath root of the file system
 * part that holds path, or root itself a second name of a directory above path. 1 with that name
 * in *ret_alias (caller frees), 0 when path has no name beneath root but its own, -EBADMSG for a
 * line that does not parse, -ESTALE for a table that does not describe them (the mount with
 * path_mnt_id or root_mnt_id does not hold path or root: a table older than a mount change),
 * -ENOMEM. */
int sbx_mountinfo_alias(const char *mountinfo, const char *path, unsigned long long path_mnt_id, const char *root,
                        unsigned long long root_mnt_id, char **ret_alias);
/* The same for sbx's own mounts (`mountinfo` as above; NULL: read now; read again when it lists
 * not the mount of the workspace or of a path, made since): 0 when none of the
 * canonical paths in `protect` (NULL-terminated) can be reached beneath the workspace `root` by
 * another name, else -EPERM (or -errno when /proc/self/mountinfo cannot be read) with diag set. A
 * bind of the audit database's directory in a writable workspace handed the command the record,
 * which sbx keeps read-only only by its canonical path. */
int sbx_path_refuse_protected_aliases(const char *root, const char *mountinfo, char *const *protect,
                                      struct sbx_diag *diag);
/* For each of the n paths, how many of sbx's mounts have it as their mount point (0: none), in
 * ret_counts[i]; 0 or -errno. In `mountinfo` (as above), or NULL: one read of
 * /proc/self/mountinfo now. */
int sbx_path_mount_counts(const char *mountinfo, const char *const *paths, size_t n, int *ret_counts);

struct sbx_backend {
        const char *name;
        /* The temp area as a path inside the sandbox that the backend itself makes private and
         * writable (e.g. a tmpfs that vanishes with it); NULL: sbx creates a host directory per run
         * (req->temp_dir), grants it and removes it afterwards. */
        const char *private_tmpdir;
        /* true when the backend runs on this build's platform at all */
        bool (*applicable)(void);
        /* Cheap static checks that spawn nothing (runner binary present, kernel feature): 0, or
         * -errno with out->reason filled. Also sets out->enforcement for `mode` when usable. */
        int (*check)(const struct sbx_config *cfg, enum sbx_mode mode, struct sbx_candidate *out);
        /* Identity of the runner for the probe cache key (path, inode, size, mtime, ctime, ABI...). */
        int (*fingerprint)(const struct sbx_config *cfg, char *buf, size_t size);
        /* Builds the confined argv into *out (argv, enforcement, reason, setenv). Spawns nothing. */
        int (*confine)(const struct sbx_confine_request *req, struct sbx_confined_argv *out,
                       struct sbx_diag *diag);
};

extern const struct sbx_backend sbx_backend_bwrap;
extern const struct sbx_backend sbx_backend_landlock;
extern const struct sbx_backend sbx_backend_seatbelt;
extern const struct sbx_backend sbx_backend_windows_acl;

/* NULL for an unknown name. */
const struct sbx_backend *sbx_backend_get(const char *name);
/* The reason, malloc'd into *ret_reason (NULL when none), that a run whose command inherits
 * fds[n] as they are is partial: a memfd open for writing that still takes seals, a terminal that
 * is no session's and no pseudo-terminal. 0, or -ENOMEM. */
int sbx_inherited_lasting_reason(const int *fds, size_t n, char **ret_reason);

/* Small argv builder used by every backend. */
struct sbx_argv_builder {
        char **v;
        size_t n, cap;
        int err; /* sticky -ENOMEM */
};
void sbx_argv_add(struct sbx_argv_builder *b, const char *s);
void sbx_argv_addf(struct sbx_argv_builder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sbx_argv_add_all(struct sbx_argv_builder *b, char *const *argv);
/* Returns 0 and the NULL-terminated vector (caller owns), or -ENOMEM (builder freed either way). */
int sbx_argv_finish(struct sbx_argv_builder *b, char ***ret);

/* The sbx-landlock options both backends pass: in workspace-write --write for the workspace root
 * and the host temp area if any; --close-std N for each closed descriptor (opts->closed_std); with status descriptors --status-fd status_fd + status_offset and,
 * when the caller asked for a gate, --wait-fd status_fd + 2. Returns whether the launcher is gated. */
bool sbx_argv_add_launcher_options(struct sbx_argv_builder *b, const struct sbx_confine_request *req,
                                   int status_offset);

/* Where a runner named without a '/' is looked for: the system's directories, never $PATH. A
 * PATH entry a confined command could write (a virtualenv's bin in the workspace, ~/bin) would
 * let one run plant a "bwrap" that the next sbx executes unconfined (measured, before). */
#define SBX_RUNNER_DIRS "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
/* Resolves a runner name in SBX_RUNNER_DIRS (a name with '/' is taken as is). Caller frees.
 * -EPERM when the runner, or a directory it lies in, belongs to another user than the caller or
 * root or is writable by group or others (a sticky directory excepted): that user could replace it. */
int sbx_find_executable(const char *name, char **ret_path);
/* Words for a sbx_find_executable() failure, for a message after "not found or not usable: ". */
const char *sbx_runner_error(int r);

/* "path:dev:ino:size:mtime:ctime" of a runner binary, for probe cache keys. -errno when stat fails. */
int sbx_file_fingerprint(const char *path, char *buf, size_t size);
bool sbx_bwrap_proc_writable(void);


/* sbx_spawn_capture()'s options. */
struct sbx_spawn_options {
        int timeout_ms;
        /* the runner is killed when the caller dies (SIGKILL: a probe killed by its caller's
         * timeout), from before it executes; not for bubblewrap, which killed after it made its
         * sandbox's init leaves that init waiting forever, and arms its own --die-with-parent */
        bool die_with_parent;
        /* when it becomes readable first, the runner is killed and -EINTR returned; -1: none */
        int abort_fd;
        /* the runner's signal mask; NULL: the caller's */
        const sigset_t *child_mask;
        /* SIGXFSZ back to its default in the runner (sbx ignores it, its caller did not) */
        bool child_xfsz_default;
};
/* Spawns argv (with extra "NAME=value" env entries) with stdin and stdout on /dev/null, waits at
 * most o->timeout_ms, and returns 0 with the wait status and the first bytes of its stderr. */
int sbx_spawn_capture(char *const *argv, char *const *setenv, const struct sbx_spawn_options *o, int *ret_wstatus,
                      char *err_buf, size_t err_size);

/* A private directory of the user's beneath BASE, locked for as long as out holds it, into
 * out->temp_dir: BASE/sbx-UID/run-XXXXXX, which the next run removes if the sbx that made it was
 * killed. Removed with sbx_confined_remove_temp_area(). 0, or -errno (nothing made). */
int sbx_make_swept_dir(const char *base, struct sbx_confined_argv *out);
/* 0 when BASE (a real path) may hold a temp area or a probe's directory: the caller's or root's,
 * nobody else may write it unless it is sticky, nor a directory above it; else -errno with diag
 * naming it (another user could rename what is made there away and put theirs in its place). */
int sbx_check_temp_base(const char *base, struct sbx_diag *diag);
/* A directory stream over a copy of the directory descriptor fd (close-on-exec; fd itself stays
 * open): NULL with errno set when it cannot be made. */
DIR *sbx_opendir_dup(int fd);

/* Drops the per-process probe verdict (tests of the on-disk cache). */
void sbx_probe_forget_process_cache(void);
