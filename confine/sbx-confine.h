/* sbx-confine.h: modes, execution policy, deployment configuration, the provider seam and probing.
 * DESIGN.md sections 1 and 2. Functions return >= 0 on success, -errno on failure; on failure no
 * ret_ parameter is touched and the optional diag says why. */
#pragma once

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sbx-classify.h"
#include "sbx-common.h"

/* ---- vocabulary ---------------------------------------------------------------------------- */

enum sbx_mode {
        SBX_MODE_READ_ONLY,
        SBX_MODE_WORKSPACE_WRITE,
        SBX_MODE_DANGER_FULL_ACCESS,
        _SBX_MODE_MAX,
};

/* Exact names only ("read-only", "workspace-write", "danger-full-access"); -EINVAL otherwise. */
int sbx_mode_from_string(const char *s, enum sbx_mode *ret_mode);
const char *sbx_mode_to_string(enum sbx_mode m); /* NULL when out of range */
bool sbx_mode_is_confined(enum sbx_mode m);      /* read-only or workspace-write */

enum sbx_enforcement {
        SBX_ENFORCEMENT_FULL,
        SBX_ENFORCEMENT_PARTIAL,
};
const char *sbx_enforcement_to_string(enum sbx_enforcement e); /* "full", "partial" */

/* ---- deployment configuration (format: confine/README.md) --------------------------------- */

struct sbx_config {
        enum sbx_mode default_mode;
        char *fallback_root;        /* NULL: the current directory */
        char **backend_order;       /* NULL-terminated backend names, tried in order */
        char *bwrap_path;           /* runner paths; a bare name is looked up in PATH */
        char *landlock_path;        /* sbx's own launcher */
        bool audit_writer;          /* sbx run hands its rows to the audit writer (default on) */
        bool landlock_builtin;      /* landlock_path is the launcher shipped with this sbx (no config
                                       file names one): `sbx run` runs its code in-process */
        char *sandbox_exec_path;
        char *windows_runner_path;
        char *cache_dir;            /* probe cache directory */
        char **config_dirs;         /* NULL-terminated dirs searched for dialects/, user dir first */
        char **files_read;          /* NULL-terminated config files that were read, in order */
};

/* Built-in defaults, then the system file (SYSCONFDIR/sbx/config), then the user file
 * ($XDG_CONFIG_HOME/sbx/config, else ~/.config/sbx/config). $SBX_CONFIG, when set, names the only
 * file read, and it must exist (set but empty is an error). Otherwise a missing file is skipped; an unreadable or malformed one is an error naming file and
 * line. Caller frees *ret_config with sbx_config_free(). */
int sbx_config_load(struct sbx_config **ret_config, struct sbx_diag *diag);
/* Defaults, then each file of `files` (NULL-terminated) that exists, later files overriding. */
int sbx_config_load_files(char *const *files, struct sbx_config **ret_config, struct sbx_diag *diag);
void sbx_config_free(struct sbx_config *c); /* accepts NULL */

/* ---- execution policy ---------------------------------------------------------------------- */

enum sbx_mode_source {
        SBX_MODE_SOURCE_APPROVED, /* a retry the user approved (escalation) */
        SBX_MODE_SOURCE_EXPLICIT, /* the caller named the mode (--mode) */
        SBX_MODE_SOURCE_SESSION,  /* the session's last mode event */
        SBX_MODE_SOURCE_DEFAULT,  /* the deployment default */
};
/* "approved", "explicit", "session", "default" */
const char *sbx_mode_source_to_string(enum sbx_mode_source s);

struct sbx_policy {
        enum sbx_mode mode;
        enum sbx_mode_source mode_source;
        char *workspace_root; /* canonical, an existing directory */
        char *session_id;     /* NULL without a session */
        int64_t mode_event_id;/* the session mode event that set the mode, 0 if none */
};
void sbx_policy_free(struct sbx_policy *p); /* accepts NULL */

/* What the session store knows of a session (filled in by audit/). */
struct sbx_session_info {
        char *cwd; /* canonical, immutable; owned by the struct after a successful lookup */
        bool has_mode;
        enum sbx_mode mode;    /* the last mode event, when has_mode */
        int64_t mode_event_id; /* its id */
};
/* lookup returns 0 and fills *ret, -ENOENT for an unknown session, another -errno on failure. */
struct sbx_session_lookup {
        int (*lookup)(void *userdata, const char *session_id, struct sbx_session_info *ret,
                      struct sbx_diag *diag);
        void *userdata;
};

struct sbx_policy_request {
        bool has_mode;          /* an explicit or approved mode was given */
        bool approved;          /* ... and it is an approved escalation, not the caller's choice */
        enum sbx_mode mode;
        const char *session_id; /* NULL: no session */
        const char *root;       /* explicit root; NULL: the session's cwd, else the fallback root */
};

/* Precedence: explicit or approved mode > session's last mode event > deployment default. With a
 * session, the workspace root is its cwd (an explicit root naming another directory is -EINVAL).
 * `sessions` may be NULL when no session is given. Caller frees *ret_policy. */
int sbx_policy_resolve(const struct sbx_config *cfg, const struct sbx_policy_request *req,
                       const struct sbx_session_lookup *sessions, struct sbx_policy **ret_policy,
                       struct sbx_diag *diag);

/* Filesystem semantics first (realpath: symlinks resolved, so ws/link/.. is where a process in it
 * really runs), then lexical normalization. A relative path is taken from the current directory.
 * A missing path, a symlink loop or a non-directory is an error. Caller frees *ret_path. */
int sbx_path_canonicalize_dir(const char *path, char **ret_path, struct sbx_diag *diag);
/* sbx_path_normalize(): pure lexical normalization of an absolute path (sbx-realpath.h). */
/* Whether `path` is `dir` or lies beneath it (both canonical). */
bool sbx_path_beneath(const char *path, const char *dir);
/* Whether the canonical `path` lies in /proc, /sys or /dev (but not /dev/shm, a plain tmpfs): the
 * kernel's interfaces, which are never a workspace (sbx_path_canonicalize_dir() refuses a root
 * there, and a workspace-write root that holds their mounts), so no confined command makes
 * anything in them. */
bool sbx_path_kernel_interface(const char *path);
/* Whether `path` is `dir` or lies beneath it, letters compared in either case (ASCII), on a FUSE
 * file system (path's, or dir's): one such may show a directory under several names (a
 * case-insensitive one, fusefat: under every spelling), which a read-only mount of one of them
 * does not cover. */
bool sbx_path_beneath_on_fuse(const char *path, const char *dir);
/* Removes a directory tree without following symlinks (the per-run temp area, probe dirs, the
 * temporary directory of sbx fixtures record). 0 or -errno. */
int sbx_remove_tree(const char *path);
/* The same, the top's entry `last` removed only once everything else was: one that cannot be
 * removed whole (a mount point below it) keeps it. */
int sbx_remove_tree_last(const char *path, const char *last);
/* Whether resolving `path` (absolute, or from the current directory) follows a symlink that lies
 * beneath the canonical directory `root`, or takes ".." from a directory beneath it (not root
 * itself): a command that can write root could replace that symlink or directory and send the
 * path elsewhere. 1 and *ret_link (the first such symlink, or that directory as DIR/.., caller
 * frees), 0 (none; also when a component does not exist), or -errno (-ELOOP past 40 links). */
int sbx_path_symlink_beneath(const char *path, const char *root, char **ret_link);
/* The fast case of resolving an absolute path, one system call: when no component of it is a
 * symlink, its normalized form is its real path (*ret_path, caller frees), and the result is 1 when
 * it exists or -ENOENT when a component is missing. Otherwise 0 (resolve it another way), or
 * -ENOMEM. */
int sbx_path_real_without_symlinks(const char *path, char **ret_path);

/* ---- the provider seam --------------------------------------------------------------------- */

struct sbx_confine_options {
        int status_fd;     /* fd numbers status_fd and status_fd + 1 are the runner's to report its
                              status on in the child (bwrap: its JSON, then the inner launcher's
                              record), or -1 for none */
        bool require_full; /* refuse a partial backend as unavailable */
        bool gate;         /* with status_fd: the runner waits for the byte "G" on status_fd + 2
                              before it executes the command (see confined->gated) */
        char *const *protect; /* NULL-terminated extra paths the command must never write, even
                                 beneath the workspace (the audit database); may be NULL. The
                                 provider adds sbx's own: config dirs, probe cache, runners, sbx. */
        const char *stdin_dir;   /* the path of the directory (or named pipe) the caller gave as
                                    stdin, opened without write access, or NULL. A runner whose
                                    sandbox must not get the host's descriptor of it (bwrap: its
                                    mount is writable) reopens it inside by this path, where it must
                                    be the file stdin_dev:stdin_ino, and says so in
                                    confined->stdin_dir */
        uint64_t stdin_dev, stdin_ino;
        unsigned closed_std;     /* bit N: the caller's descriptor N (0 or 1) is closed, and the
                                    runner holds /dev/null there: the launcher closes it right
                                    before it executes the command */
        const int *inherited_fds; /* the n_inherited_fds descriptors the command gets as they
                                     are (0 and 1 where sbx neither feeds nor replaces them, each
                                     --keep-fd), or NULL. bwrap: each that is a device node is
                                     reopened inside on a read-only bind of its host path; one
                                     that cannot be, and whose metadata the command could
                                     change, makes the enforcement partial; so does, in
                                     workspace-write, a file or named pipe outside the workspace */
        size_t n_inherited_fds;
        bool stderr_pty;          /* stderr_pty_fd is the slave of the pseudo-terminal the caller
                                     puts on the command's descriptor 2 (a node of the host's
                                     devpts): bwrap reopens it inside when it can, and says so in
                                     confined->stderr_pty */
        int stderr_pty_fd;
        bool outlive_caller;     /* bwrap: no --die-with-parent, the runner finishes on its own
                                    once the caller is gone (the probe's fixed, short command);
                                    the other backends are unaffected */
};

struct sbx_confined_argv {
        char **argv;                       /* NULL-terminated argv to spawn; owned */
        const char *backend;               /* static backend name */
        const char *private_tmpdir;        /* static: the backend's temp area, a tmpfs of the sandbox's
                                              own (bwrap's /dev/shm), or NULL: no name beneath it is the
                                              host's file of that name */
        enum sbx_enforcement enforcement;
        char *enforcement_reason;          /* owned; NULL when full */
        const struct sbx_dialect *dialect; /* borrowed built-in dialect of the backend */
        char *temp_dir;                    /* per-run temp area (workspace-write), or NULL; owned */
        uint64_t temp_dev, temp_ino;       /* its identity: only that directory is ever removed */
        int temp_lock_fd, temp_parent_fd;  /* > 2: the area, locked while this run lives, and the
                                              user's directory of areas, swept once the area is
                                              removed (both close-on-exec); 0: none */
        char **setenv;                     /* NULL-terminated "NAME=value" to set in the child, or
                                              "NAME" to remove from it (the runner's environment) */
        bool gated;                        /* the runner honours opts->gate: it sets the sandbox up,
                                              then waits for the go-ahead before the command */
        bool lifeline;                     /* with gated (bwrap): fd opts->status_fd + 3 must be the
                                              read end of a pipe whose write end the caller holds,
                                              unwritten, until the runner is reaped (the runner
                                              starts no command once it is closed), and
                                              opts->status_fd + 4 a read end of the pipe of
                                              opts->status_fd (the runner keeps it while it sets the
                                              sandbox up, so its reports never fail then); the
                                              caller sets no parent-death signal on the runner */
        bool stdin_dir;                    /* the runner puts opts->stdin_dir, reopened inside the
                                              sandbox, on the command's descriptor 0: the caller
                                              gives the runner /dev/null there */
        bool stderr_pty;                   /* bwrap: the runner reopens opts->stderr_pty_fd's
                                              pseudo-terminal, on the command's descriptor 2, on a
                                              read-only mount inside the sandbox; without it the
                                              caller gives the command a pipe instead */
        bool inprocess;                    /* argv[0] is sbx's shipped Landlock launcher, whose code
                                              sbx links: the caller may run it in the forked child
                                              (sbx_landlock_launch()) instead of executing it */
        bool status_mark;                  /* landlock: the launcher writes "X\n" on
                                              opts->status_fd right before it executes the
                                              command (--exec-mark); ended without it and without
                                              a record, it never did */
};
/* A child environment: the current environ with c->setenv applied ("NAME=value" sets, a bare
 * "NAME" removes). *ret_envp is a new vector of
 * borrowed strings: free() the vector only, and keep environ and c alive while it is used. */
int sbx_env_merge(char *const *setenv, char ***ret_envp);

/* Whether the environment entry ("NAME=value") is one glibc does not let a set-user-ID program
 * inherit: LD_*, GCONV_PATH, ... (they load code or write files). Never given to a program sbx
 * runs unconfined on the caller's behalf (a runner, the approver): a library a confined command
 * planted in the workspace would run outside the sandbox. */
bool sbx_env_loader_variable(const char *entry);
/* The current environ without those variables; free() the vector only, as for sbx_env_merge(). */
int sbx_env_without_loader_variables(char ***ret_envp);

/* Frees everything and removes the per-run temp area with its content. Accepts NULL. */
void sbx_confined_argv_free(struct sbx_confined_argv *c);
/* Removes the per-run temp area now (once the command has ended). Accepts NULL. */
void sbx_confined_remove_temp_area(struct sbx_confined_argv *c);

/* One backend candidate's state, as a probe or a refusal reports it. */
struct sbx_candidate {
        char backend[32];
        bool applicable;   /* runs on this platform at all */
        bool usable;
        enum sbx_enforcement enforcement;
        char reason[512];  /* why unusable, or the partial reason; "" otherwise */
        char partial_reason[512]; /* refused as partial by --require-full: why partial (reason
                                     says why refused); "" otherwise */
};

#define SBX_CANDIDATES_MAX 8
struct sbx_unavailable {
        size_t n;
        struct sbx_candidate candidates[SBX_CANDIDATES_MAX];
};

struct sbx_provider;
struct sbx_provider_ops {
        /* Returns 0 with *ret, or -EOPNOTSUPP (SANDBOX_UNAVAILABLE) with *ret_why filled, or another
         * -errno. Never receives danger-full-access. */
        int (*confine)(void *userdata, char *const argv[], const struct sbx_policy *policy,
                       const struct sbx_confine_options *opts, struct sbx_confined_argv **ret,
                       struct sbx_unavailable *ret_why, struct sbx_diag *diag);
        void (*free)(void *userdata); /* may be NULL */
};

/* A provider over a caller's table (fakes in tests). Takes ownership of userdata (ops->free). */
int sbx_provider_new(const struct sbx_provider_ops *ops, void *userdata, struct sbx_provider **ret);
/* The local platform provider: `backend` names a sole candidate, NULL uses cfg->backend_order.
 * Borrows cfg, which must outlive the provider. */
int sbx_provider_new_local(const struct sbx_config *cfg, const char *backend, struct sbx_provider **ret,
                           struct sbx_diag *diag);
void sbx_provider_free(struct sbx_provider *p); /* accepts NULL */

/* Refuses a non-confined mode with -EINVAL before calling the table: danger-full-access never
 * reaches a provider. SANDBOX_UNAVAILABLE is -EOPNOTSUPP with *ret_why naming each candidate. */
int sbx_provider_confine(struct sbx_provider *p, char *const argv[], const struct sbx_policy *policy,
                         const struct sbx_confine_options *opts, struct sbx_confined_argv **ret,
                         struct sbx_unavailable *ret_why, struct sbx_diag *diag);

/* ---- probing ------------------------------------------------------------------------------- */

struct sbx_probe_report {
        size_t n;
        struct sbx_candidate candidates[SBX_CANDIDATES_MAX]; /* every known backend, chain first */
        char selected[32];  /* "" when none is usable */
        bool from_cache;
        char cache_path[PATH_MAX];
        char cache_key[256];
};

/* Runs the functional probes of the configured chain (or reads the cache unless `refresh`).
 * Backends of other platforms are listed as not applicable. Fills caller storage *ret. */
int sbx_probe(const struct sbx_config *cfg, bool refresh, struct sbx_probe_report *ret, struct sbx_diag *diag);
/* The caller's own signal mask while sbx itself holds signals blocked (`sbx run` holds those it
 * passes on from its start until its row is written), NULL once it holds none: a probe then
 * watches the signals sbx holds as it watches those the caller left unblocked (one ends the probe
 * at once and stays pending for sbx), and its runner gets the caller's mask. */
void sbx_probe_caller_mask(const sigset_t *mask);
/* The caller's own SIGXFSZ disposition while sbx ignores that signal for its own writes, NULL once
 * sbx gives it back: a probe's runner then gets the caller's disposition (default unless the
 * caller ignored it), as the command of `sbx run` does, not sbx's. */
void sbx_probe_caller_xfsz(const struct sigaction *old);

/* The static state of one backend for `mode` (applicable, runner present, enforcement and its
 * reason), spawning nothing. Returns 0 when usable, -EOPNOTSUPP when not (reason filled), -EINVAL
 * for an unknown name. Fills caller storage *ret. */
int sbx_backend_check(const struct sbx_config *cfg, const char *backend, enum sbx_mode mode,
                      struct sbx_candidate *ret);

/* Names of every backend sbx knows, NULL-terminated, static. */
const char *const *sbx_backend_names(void);
