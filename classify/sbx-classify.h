/* sbx-classify.h: dialects and the post-run classifier (DESIGN.md section 1, "Classification"). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sbx-common.h"

enum sbx_verdict {
        SBX_VERDICT_SUCCESS,
        SBX_VERDICT_TASK_FAILURE,
        SBX_VERDICT_DENIED,
        SBX_VERDICT_RUNNER_FAILURE,
        _SBX_VERDICT_MAX,
};

/* "success", "task_failure", "denied", "runner_failure"; NULL for an out-of-range value. */
const char *sbx_verdict_to_string(enum sbx_verdict v);
/* Returns 0 and sets *ret_verdict, or -EINVAL. */
int sbx_verdict_from_string(const char *s, enum sbx_verdict *ret_verdict);

#define SBX_MATCHED_LINE_MAX 1024 /* bytes kept of a matched line, NUL included */
#define SBX_DENIAL_PATH_MAX 4096 /* PATH_MAX: every path the kernel takes in one call, NUL included */
#define SBX_DENIALS_KEPT 64       /* denial lines kept with their paths; all are counted */

/* One backend's stderr language. Opaque; built-ins live for the whole process. */
struct sbx_dialect;

/* Built-in dialect for a backend name ("bwrap", "landlock", "seatbelt", "windows-acl", "none").
 * Returns 0 and a borrowed pointer (do not free), or -ENOENT for an unknown name. */
int sbx_dialect_builtin(const char *backend, const struct sbx_dialect **ret_dialect);

/* Parses a dialect file (format in classify/README.md). Errors name file and line in diag.
 * On success the caller owns *ret_dialect and frees it with sbx_dialect_free(). */
int sbx_dialect_load_file(const char *path, struct sbx_dialect **ret_dialect, struct sbx_diag *diag);
/* Same as sbx_dialect_load_file() from memory; `origin` names the text in messages. */
int sbx_dialect_parse(const char *text, size_t len, const char *origin, struct sbx_dialect **ret_dialect,
                      struct sbx_diag *diag);

/* The dialect for `backend`, honouring operator overrides: the first of
 * <dir>/dialects/<backend>.dialect for dir in config_dirs (NULL-terminated, may be NULL) that
 * exists replaces the built-in. A file that exists but fails to parse is an error, never a silent
 * fallback. The caller owns *ret_dialect (a copy even for a built-in): sbx_dialect_free(). */
int sbx_dialect_find(const char *backend, char *const *config_dirs, struct sbx_dialect **ret_dialect,
                     struct sbx_diag *diag);

/* Only the operator override: 0 with *ret_dialect NULL when no <dir>/dialects/<backend>.dialect
 * exists (the caller then uses the built-in), 0 with an owned dialect when one parses, -errno when
 * one exists but fails to load, or when it or its directory is not a regular file / directory of
 * the user's or root's that nobody else may write (as the config file). */
int sbx_dialect_find_override(const char *backend, char *const *config_dirs, struct sbx_dialect **ret_dialect,
                              struct sbx_diag *diag);

const char *sbx_dialect_name(const struct sbx_dialect *d);
/* Accepts NULL. Never frees a built-in. */
void sbx_dialect_free(struct sbx_dialect *d);

/* What the run ended with. */
struct sbx_exit_status {
        int exit_code; /* valid when signal == 0 */
        int signal;    /* terminating signal, 0 when the process exited */
};

struct sbx_denial {
        uint64_t line_no;
        char line[SBX_MATCHED_LINE_MAX];
        char path[SBX_DENIAL_PATH_MAX]; /* "" when no path could be extracted */
};

struct sbx_classify_result {
        enum sbx_verdict verdict;
        struct sbx_exit_status status;
        char rule[128];      /* runner-failure rule name or "denial"; "" if none matched */
        char signature[256]; /* the fatal or denial signature that matched; "" if none */
        char denial_signature[256]; /* the denial signature of the first denial line; "" if none */
        uint64_t line_no;    /* 1-based line of matched_line; 0 if none */
        char matched_line[SBX_MATCHED_LINE_MAX]; /* the evidence, truncated; "" if none */
        uint64_t stderr_bytes;
        uint64_t stderr_lines;
        uint64_t denial_lines;  /* every line carrying a denial signature, also on success */
        size_t n_denials;       /* entries used in denials[] (<= SBX_DENIALS_KEPT); the rest is unspecified */
        struct sbx_denial denials[SBX_DENIALS_KEPT];
};

/* A streaming classifier for one run. Bounded memory whatever the input. */
struct sbx_classifier;

/* Does not take ownership of the dialect, which must outlive the classifier.
 * Caller frees *ret with sbx_classifier_free(). */
int sbx_classifier_new(const struct sbx_dialect *d, struct sbx_classifier **ret, struct sbx_diag *diag);

/* The language of an inline script (struct sbx_classify_context's inline_script). */
enum sbx_inline_lang {
        SBX_INLINE_PYTHON,
        SBX_INLINE_PERL,
};

/* What a name is on the host (struct sbx_classify_context's host_exists). */
enum sbx_host_name {
        SBX_HOST_NAME_MISSING = 0,
        SBX_HOST_NAME_FILE = 1,        /* no directory */
        SBX_HOST_NAME_DIR = 2,         /* a directory, empty or its entries not readable */
        SBX_HOST_NAME_DIR_ENTRIES = 3, /* a directory that holds entries */
};
/* What the classifier may know of the run besides its stderr; every field optional. */
struct sbx_classify_context {
        /* The absolute directory the command started in. A relative path a denial line names
         * ("touch: cannot touch 'x'") is stored joined to it, lexically ("." and ".." and repeated
         * '/' resolved in the text, nothing looked up on the host): "/ws/x"; an absolute one has
         * its "." and repeated and trailing '/' dropped ("/tmp/": "/tmp"). A path starting with
         * '~', or whose join does not fit SBX_DENIAL_PATH_MAX, stays as printed; the printed form
         * is always in the line. NULL: every path as printed. */
        const char *cwd;
        /* cwd is a directory the command moved to before it did anything else (a shell script's
         * leading `cd DIR &&`, `tar -C DIR -x`), another than the one it was started in: a bare
         * word (no '/', '.' or '~') a line names is a file's name there and is judged against the
         * host like any other (host_refuses). In the directory it was started in it is not (see
         * classify/README.md: cargo's crate names), nor anywhere in a Rust cause chain. Without a
         * cwd: the command moved to a directory the caller cannot tell (a script's later `cd`), so
         * a relative name is of no directory known and keeps no path (""), as a name relative to
         * a Python dir_fd does; the line keeps it as printed. */
        bool moved;
        /* Directories (absolute; NULL-terminated, at most SBX_CLASSIFY_WRITABLE_MAX) beneath which
         * the backend refuses no ordinary write: the landlock backend's workspace root and temp
         * area in workspace-write, where it grants every right of the ABI. A denial line whose
         * path, and every other name it holds (quoted, or a word starting with '/'), lies strictly
         * beneath one of them (made absolute with cwd) and that names none of the operations the
         * sandbox still refuses there (set-ID bits, device nodes, the fs-verity, encryption and
         * btrfs subvolume ioctls, root's chown to another owner) is not a denial: the host's own permissions refused it (a 0444
         * file). It is then neither counted nor kept. NULL: every signature line is a denial. */
        const char *const *writable;
        /* Directories (absolute; NULL-terminated, at most SBX_CLASSIFY_WRITABLE_MAX) beneath which
         * the sandbox refuses no ordinary write, under either backend: the workspace root and the
         * temp area in workspace-write (the writable directories count too). Unlike writable,
         * they say nothing of a refusal there (bwrap's EROFS beneath the workspace is a read-only
         * mount's, sbx's own state included); they say which of a line's names the sandbox did
         * not refuse. A line whose path lies there and that names a path elsewhere gives that one
         * as its path (`mv: cannot move '/x' to './y'`: /x); a name there does not keep a line
         * whose path the host refuses (host_refuses) from being the host's refusal (`mv: cannot
         * move 'a' to '/etc/a'` as nobody). NULL: none. */
        const char *const *granted;
        /* Optional, with writable: writes into out the host's path for the absolute path `path`
         * (symlinks on its existing part followed) and returns its length, or 0 when it cannot be
         * told (the line then stays a denial). NULL: names are compared as text. */
        size_t (*resolve)(void *userdata, const char *path, char *out, size_t size);
        /* Optional, with writable: whether the host's own permissions would let the command (its
         * uid and groups, no capability) do what the line may be about to the host path `path` (as resolve gave it):
         * read and write an existing file (and run it, when `run`: the line may tell of a program
         * that could not be run, as `bash: ./x: Permission denied` does) and write and search its
         * directory, or write and search the directory of a missing one, every directory on the
         * way searchable, no ACL. true: a refusal there cannot be the host's, the name is relative
         * to a directory the command moved to (`cd .. && touch x`, `tar -C /opt`), and the line
         * stays a denial. NULL: names are judged as text. */
        bool (*host_permits)(void *userdata, const char *path, bool run);
        /* Optional, with or without writable: whether the host itself would refuse the command any
         * write to the host path `path` (as resolve gave it), sandbox or not: its file system is
         * mounted read-only on the host, or the command's user (without capabilities) may not
         * reach it, or may neither write it (nor run it, when `run`) nor create, remove or
         * rename it in its directory; or, when `opens` (the line tells of an open of the path,
         * `cat: X: Permission denied`), may not write it (nor run it, when `run`): the open was
         * no read the host allows, which could not fail, whatever its directory allows;
         * or, when `reads` (the line tells of a read: `head: cannot open 'X' for reading`, cat's
         * `cat: X`, a shell's whose script reads X with `< X`), may not read it, which the
         * sandbox never refuses (a root's 0622 file, as nobody: `cat X` is the host's refusal,
         * `echo > X` in a script, uniq's output file the sandbox's). true: a denial line whose path and every other name lie there (but the name its path
         * pairs with in a call on two names, "'A' -> 'B'", and a name beneath the granted
         * directories) is the task's failure (not counted nor kept), unless it names a set-ID
         * bit or another operation the sandbox refuses whatever the permissions. NULL: never. */
        bool (*host_refuses)(void *userdata, const char *path, bool run, bool opens, bool reads);
        /* Optional: whether the host itself would refuse the command a change of the mode or the
         * owner of the host path `path` (as resolve gave it), sandbox or not: its file system is
         * mounted read-only on the host, or, for a user other than root, it exists and is not
         * the user's (chmod and chown are the owner's: EPERM without sbx). true: a denial line
         * telling of such a change (chmod's "changing permissions of", chown's "changing
         * ownership of"), which host_refuses does not judge (the file's bits do not decide it),
         * is the task's failure. A symlink is asked of itself too (its directory resolved, its
         * name kept): a change of owner may have been of the link (chown -h), refused by the
         * host only when it refuses both. `mode`: the line tells of a change of the mode alone,
         * none of the owner or group (procfs refuses root a process's file's mode, not its owner:
         * chmod 600 /proc/self/status, EPERM without sbx too). NULL: never. */
        bool (*host_refuses_owner)(void *userdata, const char *path, bool mode);
        /* The command runs as a user other than root, without capabilities: the host lets it
         * give no file to another owner (chown(2) without CAP_CHOWN: EPERM; a group it is not in
         * too). true: a denial line whose every signature tells of a change of owner or group
         * (chown's "changing ownership of", chgrp's "changing group of", install's "cannot change
         * ownership of", tar's "Cannot change ownership to uid", cp's "failed to preserve
         * ownership for") is the task's failure: the sandbox's EINVAL (bwrap: an id its user
         * namespace does not map) or EPERM (Landlock: no capability) stands for the host's EPERM.
         * Not a line that also carries another signature, the write's EROFS or EACCES (read-only
         * mode refuses a change of owner to the user itself, which the host allows): that one
         * host_refuses_owner judges. So is chattr's "Operation not permitted while setting flags
         * on X" (another's file, or a flag only a capability sets: EPERM on the host too). false:
         * root, whom the host lets change any owner, so such a line is the sandbox's refusal. */
        bool unprivileged;
        /* Whether a chattr the caller read from the command's argv changes the immutable or
         * append-only flag (+i, =a, ...; not -i, a change only of a file that has it, which
         * only root sets), which only CAP_LINUX_IMMUTABLE may: for a user
         * other than root (unprivileged) the host refuses it too (EPERM), so its "while setting
         * flags on X" under any signature (bwrap's EROFS of read-only mode comes first,
         * Landlock's EACCES) is the task's failure, no denial. */
        bool chattr_capability;
        /* Optional: for a denial line that tells of a program the command could not run after a
         * search of its PATH (a name without '/': `env: 'X': Permission denied`, `timeout: failed
         * to run command 'X'`, dash's `sh: 1: X: ...`), whether the host itself would let the
         * command run the host path `path`, a candidate of that search: 1 it would (a regular file
         * its user may execute, on a mount that allows it), 0 it would not (it exists, or a
         * directory on its way may not be searched), -1 there is no such file. The line's path is
         * then the first candidate the host would run, else the first that exists; it is the
         * task's failure when there is one and the host runs none. NULL: such a line names no
         * path (a name joined to the cwd named a file that was never asked for) and stays a
         * denial. */
        int (*host_runs)(void *userdata, const char *path);
        /* Optional: the host mount (a mount ID, never 0) the host path `path` (as resolve gave it)
         * would be renamed or linked on: that of the longest existing part of its directory; 0
         * when it cannot be told. The kernel refuses a rename or a link between two mounts with
         * EXDEV, so does Landlock one that would give a file more rights (a hard link from
         * outside into the workspace), and under bwrap the workspace and the temp area are
         * mounts of their own: a rename from the workspace out of it, or into it from outside,
         * fails there with EXDEV where the host would have made it. A line telling of a
         * cross-device link ("Invalid cross-device link", Node's "EXDEV: cross-device link not
         * permitted") whose names lie on two different host mounts is the host's EXDEV (a rename
         * from a tmpfs): the task's failure. NULL, or no two names told apart: a denial. */
        uint64_t (*host_mount)(void *userdata, const char *path);
        /* Optional: whether the directory the host path `path` (as resolve gave it) would be made
         * in is missing on the host (or not a directory). Node's recursive mkdir (fs.mkdirSync
         * with recursive, npm, every tool built on it) reports an error it did not expect, as
         * bwrap's EROFS, as the ENOENT of the stat it makes afterwards: "ENOENT: no such file or
         * directory, mkdir 'X'", which a mkdir of X gives on its own only when its directory is
         * missing; a recursive one of several missing directories prints the same. Asked of X,
         * then of each missing directory up to the longest existing part of X: where that lies in
         * or beneath a granted directory (a recursive mkdir would not have been refused either),
         * such a line is the task's failure (a plain mkdir in a missing directory). NULL, or
         * false, or that part elsewhere: the sandbox's refusal in disguise, a denial (unless
         * host_refuses tells the host refuses making X there). */
        bool (*host_dir_missing)(void *userdata, const char *path);
        /* Optional: whether the name at the host path `path` (as resolve gave it) exists on the
         * host, its last component not followed (lstat(2) as the command's user), and what it is:
         * SBX_HOST_NAME_MISSING (ENOENT), _FILE (no directory), _DIR (a directory, empty or its
         * entries not readable), _DIR_ENTRIES (a directory that holds entries), -1 it cannot be
         * told. A removal or a rename checks a read-only mount before it looks the name up, so
         * under bwrap a tool's failed removal or rename of a name that does not exist prints
         * EROFS where the host prints ENOENT ("rmdir: failed to remove 'X': Read-only file
         * system"; Landlock, which looks it up first, prints ENOENT too), and Landlock's refusal
         * of a removal comes before the file system's own checks. A name of such a line
         * (coreutils' rmdir and unlink, BusyBox's rmdir, unlink and mv, which fail alike on any
         * errno), outside the granted directories and the sandbox's /dev and /proc, that the host
         * would refuse removing whatever the sandbox (missing; for rmdir a file, ENOTDIR, or a
         * directory with entries, ENOTEMPTY; for unlink a directory, EISDIR): the task's failure.
         * So is a move (GNU's and BusyBox's mv) of a directory into its own subtree, which
         * rename(2) refuses on the host too (EINVAL). NULL, -1 or another: a denial. */
        int (*host_exists)(void *userdata, const char *path);
        /* Optional: whether the host path `path` (as resolve gave it) is a named pipe (FIFO) that
         * the host's own permissions would let the command open for writing, and for reading too
         * unless `writes` (the line tells that the command opened it for writing): its uid
         * and groups, every directory on the way searchable, ACLs; root: any, and
         * fs.protected_fifos does not keep it from an open with O_CREAT. A read-only mount does not
         * stop a write to a FIFO, so bwrap's launcher refuses opening one for writing outside the
         * granted directories and the sandbox's own /dev and /proc with EACCES, the text of a host
         * file's own permission: the dialect's fifo-denial signatures (bwrap's `Permission denied`)
         * prove a denial only on a line whose path, absolute and lying there, is such a pipe.
         * NULL: never (those lines are no denial). */
        bool (*host_fifo)(void *userdata, const char *path, bool writes);
        /* Optional: whether the host path `path` (as resolve gave it) lies where the backend's
         * launcher covers the host's file system with an empty read-only one of its own: bwrap's,
         * an mqueue file system of the host's not beneath the sandbox's own /dev, which shows the
         * host's message queues (its cover, a tmpfs of mode 0, refuses the command every name
         * beneath it, EACCES, whatever the host's mqueue allows). A fifo-denial signature's line
         * (bwrap's `Permission denied`) of such a path is then the sandbox's refusal: denied, its
         * path recorded. NULL: never. */
        bool (*host_covered)(void *userdata, const char *path);
        /* Optional: whether the host itself would let the command set the times of the host path
         * `path` (as resolve gave it) as coreutils' touch does with utimensat(2) when its open for
         * writing fails, `how` telling which times (touch_how: the current time, or given) and
         * of what (with SBX_TOUCH_NO_DEREF, `path` is the name itself, a symlink not followed):
         * 1 it would: it exists (a symlink and its target both, unless not followed), on a file
         * system the host does not mount read-only, not immutable, and its owner is the command's
         * user, or that user is root (CAP_FOWNER), or, for the current time, the user may write
         * it (a symlink: anyone); not append-only where times are given. 0 the host refuses
         * them too: only the owner (or root) may give times (EPERM), an immutable file, an
         * append-only one given times, the current time of a file the user may not write, a
         * read-only mount. -1 it cannot be told. touch prints its open's errno, not the one of
         * the times it could not set: `touch: cannot touch 'X': Permission denied` of the user's
         * own 0444 file. Such a line of touch's (and its `setting times of 'X'`) is no refusal of
         * the host's where 1 (host_refuses is not asked), and under bwrap, where `Permission
         * denied` is a fifo-denial signature, one whose path lies outside the granted directories
         * and the sandbox's /dev and /proc is a denial: the read-only bind refused the times
         * (EROFS, hidden); where 0, the host's refusal. `Operation not permitted`, a fifo-denial
         * signature of bwrap and landlock, is touch's alone (its open of an append-only file,
         * EPERM on the host too): a denial outside the granted directories where 1, and beneath
         * them too (root's times, its capabilities not kept). NULL: never told. */
        int (*host_sets_times)(void *userdata, const char *path, unsigned how);
        /* Optional: whether the command's user is root and the host path `path` (as resolve gave
         * it) is one the host's mode bits refuse a uid 0 without capabilities (another user's 0644
         * file, a directory of another user's to create in or to search) where root's capabilities
         * pass them, on a file system the host does not mount read-only. The command keeps no
         * capability under either backend, so such a refusal beneath the granted directories is
         * the sandbox's: under bwrap, whose fifo-denial signature (`Permission denied`) is then a
         * denial on a line whose path lies beneath them (Landlock's EACCES is a denial signature
         * already). Not, where `run` (the line may tell of a run of it), a regular file with no
         * execute bit, which the host refuses root running too. Asked too, with `run`, of a line
         * that tells of a run (a shell's, env's, timeout's) wherever the file lies, together with
         * host_runs: another user's 0700 program, which root runs on the host. NULL: never. */
        bool (*host_needs_capability)(void *userdata, const char *path, bool run);
        /* Optional: whether the host itself refuses the command reading the host path `path` (as
         * resolve gave it), a file there: its user (root: never) may not open it for reading (the
         * kernel's check, mode bits and ACLs, every directory on the way). A copy whose source
         * the host refuses reading fails there first (CMake -E copy's "Error copying file "S" to
         * "X".", which names no errno): the task's failure, whatever the sandbox refused of X.
         * NULL: never. */
        bool (*host_unreadable)(void *userdata, const char *path);
        /* The script of the shell the caller read from the command's argv (`sh -c SCRIPT`, `bash
         * -c`, past its wrappers); copied. A shell's own line naming a file alone (bash's "bash:
         * line 1: X: Permission denied", dash's "sh: 1: X: ...") tells of running X or of a
         * redirection: a named pipe X was opened for writing only where the script redirects
         * output into X (`> X`, `>> X`, `>| X`, `&> X`, `N> X`; and for reading too where it
         * also opens X with `<> X`), otherwise it was run (execve(2) of a pipe is EACCES
         * everywhere) or read, neither of which the sandbox refuses: no denial. NULL: no such
         * line tells of a write. */
        const char *script;
        /* The script an interpreter the caller read from the command's argv runs from its
         * arguments (`python3 -c SCRIPT`, `perl -e SCRIPT`), in inline_lang; copied. A Python
         * traceback shows no source line for it (`File "<string>", line N`): a traceback with one
         * such frame has its line N read as that frame's source (the mode of an open() that failed
         * on a host named pipe, host_fifo); perl's die "... at -e line N." has its line N read for
         * the open it follows. NULL: none. */
        const char *inline_script;
        enum sbx_inline_lang inline_lang;
        /* The name perl gives inline_script in its die's " at NAME line N.": the script file's
         * name as the argv gives it (`perl FILE`: the caller read that file's text as
         * inline_script); copied. NULL: "-e" (or one longer than 255 bytes: no line is read as
         * the script's). */
        const char *inline_name;
        /* The text of the Python script file the caller read from the command's argv (`python3
         * FILE`; its start, as much as the caller read); copied for the names it gives the builtin
         * open alone (`o = open`, `o = io.open`, `from io import open as o`), which the source lines
         * its traceback shows call: such a call is an open call, its mode told as open()'s (a read
         * through one that the host refuses is the host's refusal). NULL: none. */
        const char *python_file;
        /* The path of that script file (absolute: the command's start directory joined to the
         * name its argv gives, as CPython prints it in its traceback): the frames of this file,
         * made absolute against cwd and normalized lexically as it is, are the script's own, on
         * whose lines alone its names of open are read (a module's name of the same spelling is
         * its own). NULL, or one longer than SBX_DENIAL_PATH_MAX - 1 bytes: no frame is the
         * file's (its names are read on none). */
        const char *python_file_name;
        /* That search's PATH, as the command's execvp(3) reads it (an empty entry is the cwd);
         * copied. NULL: glibc's default, "/bin:/usr/bin". */
        const char *search_path;
        /* The destination a `mv` the caller read from the command's argv was given (its last
         * operand or -t's, absolute), when that is a BusyBox mv's argv or may be; move_into: the
         * sources are moved into it (a directory, -t), else it is the new name. BusyBox mv's
         * "mv: can't rename 'X'" names the source alone: X beneath the granted directories,
         * where the sandbox refuses no ordinary write, the refusal was the destination's, which is
         * the line's path (DEST/basename(X) with move_into, else DEST) and what the host is asked
         * of; a name longer than a path kept (SBX_DENIAL_PATH_MAX - 1 bytes) leaves the line no
         * path and is asked of the host whole (host_refuses). Copied; up to PATH_MAX - 1 bytes.
         * NULL: the line keeps X. */
        const char *move_dest;
        bool move_into;
        /* The file a sqlite3 the caller read from the command's argv writes (absolute): its
         * `.backup FILE`, `.save FILE`, `.output FILE` or `.once FILE`, else its database.
         * SQLite's "attempt to write a readonly database" (it opened the file read-only when it
         * could not for writing) names none: the line's path is this one, and what the host is
         * asked of. The sqlite3 shell's "Error: cannot open "X"" (no errno) is a denial only where
         * X is this file, its directory is on the host and X itself no directory there
         * (host_dir_missing, asked of X's directory and of a name in X). Copied. NULL: none
         * (that line is no denial). */
        const char *sqlite_target;
        /* The database a sqlite3 the caller read from the command's argv opens (absolute),
         * whatever its commands (stdin's too: `sqlite3 DB < schema.sql`, where sqlite_target is
         * none): its shell's "Error: unable to open database "X": unable to open database file"
         * is judged as with sqlite_target where X is this file, and so is SQLite's "attempt to
         * write a readonly database" where there is no sqlite_target (its commands not read).
         * Copied. NULL: none. */
        const char *sqlite_db;
        /* Whether the SQL of that sqlite3 writes sqlite_target, a file it ATTACHes, or sqlite_db
         * (a write naming no schema, SQLite finding the name in either; main's beside the
         * attached one's): its "attempt to write a readonly database" is then of the one the
         * sandbox refuses, outside the granted directories, where the other is beneath them. */
        bool sqlite_target_or_db;
        /* Whether that sqlite3 moved before it opened the database (a `.cd DIR` of its stdin's
         * file before its SQL, which sqlite_db's directory is): the relative name its line prints,
         * the argv's, is of that directory, and is read as sqlite_db where sqlite_db ends with it. */
        bool sqlite_db_moved;
        /* The directory the ATTACHes of that sqlite3 run in (absolute), where `.cd DIR`s of its
         * -init file, -cmd's or SQL before them moved it from the command's: the relative name
         * SQLite's "unable to open database: F" prints is of it, and so is the one of the shell's
         * "Error: cannot open "X"" (its `.backup`, `.save`, `.output`, `.once`). Copied (one too long to keep:
         * as sqlite_dir_lost). NULL: the command's directory. */
        const char *sqlite_dir;
        /* Whether a `.cd` the caller did not read may have moved that sqlite3 before its ATTACH
         * (or `.backup`, ...): the relative name those lines print is then of no directory told,
         * and is not judged. */
        bool sqlite_dir_lost;
        /* Whether a file the caller read from the argv for one of the fields above (sqlite_target,
         * sqlite_db, curl_output, bfd_output, ...) was left out, its name longer than one kept
         * (SBX_DENIAL_PATH_MAX - 1 bytes): the lines that name no file, or that the argv's file
         * alone tells (SQLite's, curl's "(23)", binutils'), and curl's silent 23, are then denials
         * of no path, not the task's failure (fail closed: a silent or errno-less failure writing a
         * file the sandbox refused read task_failure where its name was long). */
        bool argv_name_lost;
        /* Whether a sqlite3 the caller read from the command's argv opens its database read-only
         * (-readonly): its "attempt to write a readonly database" is then the task's own, whatever
         * the sandbox refused, and no denial. */
        bool sqlite_readonly;
        /* The file a dd the caller read from the command's argv writes (absolute): its of=FILE,
         * which dd opens for writing alone (O_WRONLY; O_RDWR first with seek=, then O_WRONLY).
         * dd's "failed to open 'X'" names its if= the same: with X this file, a line of a host
         * named pipe (host_fifo) tells of a write. Copied. NULL: none. */
        const char *dd_output;
        /* The file a curl the caller read from the command's argv writes (absolute): its -o FILE,
         * or -O's name from the URL. Its "curl: (23) ..." (CURLE_WRITE_ERROR: "Failure writing
         * output to destination", with -s the only line, no name and no errno) is a denial only
         * where this file is outside the granted directories and the sandbox's /dev and /proc, its
         * directory is on the host and it is no directory there (host_dir_missing), judged then
         * as its path against the host (host_refuses). So too, where no such line came, an exit
         * status of 23 (no signal): with -s and no -S curl prints nothing; the command's status
         * must then be that curl's (sbx_classify_finish() keeps it with line_no 0). Copied.
         * NULL: none (that line is no denial: a pipe closed early prints it too). */
        const char *curl_output;
        /* Whether that curl makes the directories of curl_output (--create-dirs): its directory
         * missing on the host is then made, not the host's ENOENT; a name on the way that is no
         * directory there (ENOTDIR) still is (host_exists). */
        bool curl_create_dirs;
        /* The files the curls an `&&` chain runs after that curl write (absolute), in order, each
         * NUL-terminated, an empty one after the last, only quiet commands (which never exit 23
         * nor print a curl's line) between them: the chain reaches each only where every curl
         * before it wrote its file. Where curl_output lies beneath the granted directories, the
         * host letting the user write it (its directory there, no directory of that name, not
         * refused by host_refuses nor host_needs_capability), that curl succeeded, and the status
         * 23 or the "(23)" line is judged as the next one's, and so on: the first of them that
         * was not so written. Copied, as many as fit in SBX_DENIAL_PATH_MAX bytes (those after
         * one left out are not judged). NULL: none. */
        const char *curl_later;
        /* The file a GNU binutils program the caller read from the command's argv writes
         * (absolute): ar's and ranlib's archive, objcopy's output (its input, rewritten in place,
         * where none is given), strip's -o FILE or its one file. BFD loses the errno of a file
         * it could not make: ar's and ranlib's "PROG: could not create temporary file whilst
         * writing archive: no more archived files" names nothing, strip's and objcopy's in place
         * "PROG: X: could not create temporary file to hold stripped copy: cause of error
         * unknown" and their new output's "PROG: X: Bad file descriptor" name X alone (binutils
         * 2.40, the same for the host's EACCES and a missing directory). Such a line is a denial
         * only where X is this file and is judged as curl_output's, a file written in place also
         * by a new name in its directory (the temporary file BFD renames over it), which the host
         * must let the user make. Copied. NULL: none (those lines are no denial). */
        const char *bfd_output;
        /* The index's lock file (absolute) of the repository of a `git stash` the caller read from
         * the command's argv: where it cannot make it, stash exits 1 and prints nothing (git 2.39
         * refreshes the index quietly first). Where no line came at all and the status is 1, the
         * run is judged as "cannot create 'X': E" would be, E the dialect's errno text
         * (Permission denied, else Read-only file system): a denial of X only where X is outside
         * the granted directories and the host lets the user make it (a lock left by another
         * git, EEXIST, is the host's refusal too). Copied. NULL: none. */
        const char *git_index_lock;
        /* The archive (absolute) a zip the caller read from the command's argv writes: where zip
         * cannot create it, it exits 15 (ZE_CREAT) and prints its lines on stdout ("zip I/O
         * error: E", "zip error: Could not create output file (X)"), none on stderr. Where no
         * denial came and the status is 15, the run is judged as git_index_lock's (no O_EXCL).
         * Copied. NULL: none. */
        const char *zip_output;
        /* The file (absolute) a wget the caller read from the command's argv writes: with -q wget
         * prints nothing where it cannot write it and exits 3 (a file I/O error). Where no denial
         * came and the status is 3, the run is judged as git_index_lock's (no O_EXCL). Copied.
         * NULL: none. */
        const char *wget_output;
        /* The build log (absolute) of a ninja the caller read from the command's argv: its
         * start directory's (-C DIR's) .ninja_log. ninja prints what its commands printed, and
         * its own "build stopped: Error writing to build log: E", on stdout, none on stderr, and
         * exits 1; in a directory the sandbox refuses, a build that does anything stops there.
         * Where no line at all came and the status is 1, the run is judged as git_index_lock's
         * (no O_EXCL), of this file. Copied. NULL: none. */
        const char *ninja_log;
        /* The __pycache__ directory (absolute) a `python -m compileall` the caller read from the
         * command's argv makes first (its first DIR's, or its first FILE's directory's): compileall
         * prints a file it could not write ("*** PermissionError: [Errno 13] ...") on stdout, none
         * on stderr, and exits 1. Where no line at all came and the status is 1, the run is judged
         * as git_index_lock's (no O_EXCL), of this directory: not where the host has it already.
         * Copied. NULL: none. */
        const char *pycache_dir;
        /* The __pycache__ directories of that compileall's other targets, in their order, each
         * NUL-terminated, an empty one after the last (`compileall a b`: pycache_dir a's). It goes
         * on past one it could not write and exits 1: the status is judged of each in turn, a
         * denial of the first the sandbox refused. Copied, as many as fit in SBX_DENIAL_PATH_MAX
         * bytes. NULL: none. */
        const char *pycache_later;
        /* The file an iconv the caller read from the command's argv writes (absolute): its -o
         * FILE. glibc's iconv names none on its "iconv: cannot open output file: E": that line
         * is then of this file, an open for writing, judged against the host as a line naming it
         * is. Copied. NULL: none (the line names no file). */
        const char *iconv_output;
        /* The archive (absolute) a 7-Zip (7zz, 7z, 7za: its a, u, d, rn commands) or a jar (c or u
         * with f) the caller read from the command's argv writes. 7-Zip names it on a line of its
         * own and its errno on the next, "errno=N : E"; jar prints "java.io.IOException: E" of the
         * temporary file it makes the archive as, in the archive's directory (createTempFile), no
         * name: such a line is then of this file, an open for writing, judged against the host as
         * a line naming it is. The caller gives the file opened first: 7-Zip's temporary file
         * where it makes one, jar's (its random digits as X's, no file the host has). Copied.
         * NULL: none. */
        const char *archive_output;
        /* Where archive_output is a temporary file 7-Zip makes first (in its -w DIR, or beside the
         * archive), the archive (absolute) it then moves that onto, which the same "errno=N : "
         * line is of where the move is what failed ("cannot move the file"): judged where
         * archive_output lies beneath the granted directories and this does not, which the sandbox
         * refused (the move, not the temporary file). Copied. NULL: none. */
        const char *archive_moved_to;
        /* The known_hosts file an `ssh-keygen -R HOST -f FILE` (or -H) the caller read from the
         * command's argv rewrites (absolute). ssh-keygen makes its new copy with mkstemp(3), a
         * file FILE.XXXXXXXXXX in FILE's directory, and prints "mkstemp: E", naming none: that
         * line is then of that file, made there (O_EXCL), judged against the host as a line
         * naming it is, the template recorded. Copied. NULL: none (the line names no file). */
        const char *keygen_hosts;
        /* The file (or directory) a mktemp the caller read from the command's argv makes
         * (absolute, its template's X's as written): with -q mktemp prints nothing where it cannot
         * make it and exits 1. Where no line at all came and the status is 1, the run is judged as
         * git_index_lock's (O_EXCL). Copied. NULL: none. */
        const char *mktemp_file;
        /* The file (absolute) a `chattr -f MODE FILE` the caller read from the command's argv
         * changes the flags of, where the host, asked before the run, lets the command's user
         * change them there: its own (or root's) regular file or directory, on a file system
         * that has flags (FS_IOC_GETFLAGS) not mounted read-only, immutable or append-only not
         * yet, each flag of MODE one every such file system has (a, A, d, i). -f silences
         * every line of chattr's, ENOENT's and EOPNOTSUPP's too, and it exits 1: where no line
         * at all came and the status is 1, the run is judged as chattr's line "chattr: E while
         * setting flags on FILE" would be, E the backend's refusal outside the granted
         * directories (bubblewrap's EROFS, Landlock's EACCES), else, where MODE changes i or a
         * (chattr_capability), the EPERM of the capability the command does not keep. Copied.
         * NULL: none. */
        const char *chattr_file;
        /* The directory (absolute) an npm or npx the caller read from the command's argv starts
         * in, its project's. npm exits with its error's errno negated (256 - errno: 243 for
         * EACCES, 226 for EROFS), and prints nothing of it with --silent (or a loglevel of
         * silent): where no line at all came, such a status is read as npm's line of that errno,
         * a denial of no path where the dialect's signatures take it, unless the host refuses the
         * user a file made in that directory (its project's package-lock.json). Copied. NULL:
         * none. */
        const char *npm_dir;
        /* That project's package.json has a lifecycle script npm runs of its own (preinstall,
         * install, postinstall, prepare...) and no dependency npm fetches through its cache,
         * outside the project: npm exits with the script's status (`"postinstall": "exit 243"`:
         * 243, nothing printed with --silent). Where the sandbox grants npm's own writes in the
         * project (its package-lock.json beneath a granted directory), a silent 243 or 226 is
         * then the script's as well as npm's: not read. */
        bool npm_scripts;
        /* The files after bfd_output that the same ranlib or strip (no -o) rewrites in place, one
         * by one in their order (`ranlib A B`, `strip A B`: bfd_output A), each NUL-terminated, an
         * empty one after the last. strip names its file on its line, which may be any of them;
         * ranlib stops at the first it could not write, and its line names none: where bfd_output
         * lies beneath the granted directories, the host letting the user write it and make a name
         * in its directory (as curl_later's), it was written, and the line is judged as the next
         * one's, and so on. Copied, as many as fit in SBX_DENIAL_PATH_MAX bytes. NULL: none. */
        const char *bfd_later;
        /* The directory a javac the caller read from the command's argv writes its class files in
         * (its -d DIR, absolute). javac's "F.java:N: error: error while writing C: could not
         * create parent directories" names none, whatever its mkdir's errno: a denial only where
         * this directory is given, of its first level the host does not have (or of itself, where
         * the host has it: a package's directory made in it), outside the granted directories,
         * the host letting the user make it. Or a rustc's --out-dir DIR, whose "error: failed to
         * find or create the directory specified by `--out-dir`" (the whole line) is read alike
         * (with no javac_later). Copied. NULL: none (the line is no denial). */
        const char *javac_dir;
        /* The -h DIR of that javac (absolute), where it writes a class's native header, before
         * its class file (a class with native methods alone: strace of `javac -h H -d D A.java`
         * makes H, then D). Its line names neither: where javac_dir is no denial (made, or
         * granted) and this one is, the line is of this one's level. Copied. NULL: none. */
        const char *javac_header_dir;
        /* The types of that javac's sources (javac_header_dir given), each named as its line
         * names the class ("error while writing C:", its simple name, an inner class's after its
         * enclosing type's, "M.In"), after '+' where
         * javac writes a native header of it (a native method or a @Native member of its own:
         * its -h DIR first, and where that is refused no class file), '-' where not (its class
         * file alone), each NUL-terminated, an empty one after the last. Where javac_dir and
         * javac_header_dir are both refused, the line is of this one's level for a '+' class, of
         * javac_dir's for another and a name of both kinds (readers58:
         * `javac -h H -d D N.java`, N with a native method, both missing in read-only, recorded
         * D, which javac never made). Copied where it fits in SBX_DENIAL_PATH_MAX bytes. NULL:
         * not told (javac_dir's). */
        const char *javac_natives;
        /* The -d directories of the javacs an `&&` chain runs after that javac (absolute), in
         * order, each NUL-terminated, an empty one after the last, only quiet commands between
         * them: the chain reaches each only where the javacs before it succeeded. Where
         * javac_dir is a directory on the host beneath the granted directories (one root's
         * capabilities were not needed to make), that javac made it, and the line is judged as
         * the next one's, and so on. Copied, as many as fit in SBX_DENIAL_PATH_MAX bytes. NULL:
         * none. */
        const char *javac_later;
        /* The programs a find the caller read from the command's argv runs (-exec, -execdir, -ok,
         * -okdir), as its argv writes them, one after another, each NUL-terminated, an empty one
         * after the last. find prints a failed exec of one (`find: 'X': Permission denied`, a
         * named pipe or a file without an execute bit) as it prints a refused -fprint X and a
         * directory it could not read: a line naming one of these is the exec's, which the
         * sandbox never refuses, and no denial. Copied, as many as fit in SBX_DENIAL_PATH_MAX
         * bytes (one left out: its line read as before). NULL: none. */
        const char *find_exec;
        /* What a touch the caller read from the command's argv sets (enum sbx_touch_how): 0 not
         * told (the current time, host_sets_times asked of the name followed and not: where
         * either way the host lets it, touch's line is no refusal of the host's). */
        unsigned touch_how;
        /* A GNU tar the caller read from the command's argv extracts (x, --extract, --get), not
         * told to keep old files (-k, --keep-old-files, --skip-old-files, --keep-newer-files). tar
         * makes a member with O_CREAT|O_EXCL and, on EEXIST, unlinks the old file and tries again;
         * where the unlink is refused it prints the open's error, "tar: F: Cannot open: File
         * exists", and exits 2. Where no denial came, such a line of stderr's last LOOK_BACK bytes
         * is judged as tar's "tar: F: Cannot unlink: E" would be (E the dialect's errno text): a
         * denial of F (made absolute with cwd; none without one) only where the host has F (no
         * directory), outside the granted directories, and lets the user remove it (a name made
         * in its directory not refused by host_refuses nor host_needs_capability, nor F itself by
         * host_refuses: a sticky directory's). */
        bool tar_replaces;
        void *userdata;
};
#define SBX_CLASSIFY_WRITABLE_MAX 4
/* struct sbx_classify_context's touch_how: read from a touch's argv (SBX_TOUCH_READ), its times
 * given (-d, -t, -r, --date, --reference), its symlinks not followed (-h, --no-dereference) */
enum sbx_touch_how { SBX_TOUCH_READ = 1, SBX_TOUCH_TIMES_GIVEN = 2, SBX_TOUCH_NO_DEREF = 4 };

/* Copies what it needs from ctx (resolve and userdata are kept as they are); call before the
 * first feed. 0, or -EINVAL (a cwd or writable directory that is not absolute, too many of them,
 * an inline script of no language known), -ENAMETOOLONG (a name longer than it keeps: the cwd,
 * a writable or granted directory, sqlite_target, sqlite_db, dd_output, curl_output, bfd_output,
 * git_index_lock, zip_output, wget_output, ninja_log, pycache_dir, iconv_output, keygen_hosts, mktemp_file,
 * chattr_file, npm_dir,
 * SBX_DENIAL_PATH_MAX - 1
 * bytes;
 * move_dest, PATH_MAX - 1), -ENOMEM. */
int sbx_classifier_set_context(struct sbx_classifier *c, const struct sbx_classify_context *ctx);
/* Sets struct sbx_classify_context's sqlite_db and sqlite_db_moved once the stream has begun: a
 * database told by what the command read of its stdin, which the caller sees only as the command
 * reads it, before the lines it prints after (call before a feed, a flush and the finish, for the
 * lines they read). Copied. 0, or -EINVAL (no db, a relative one), -ENAMETOOLONG (one longer than
 * kept: then read as argv_name_lost). */
int sbx_classifier_set_sqlite_db(struct sbx_classifier *c, const char *db, bool moved);
/* Sets sqlite_dir and sqlite_dir_lost so too (dir NULL: the command's directory). 0, -EINVAL (a
 * relative dir), -ENAMETOOLONG (one too long to keep: then lost). */
int sbx_classifier_set_sqlite_dir(struct sbx_classifier *c, const char *dir, bool lost);
/* Feeds the next chunk of stderr (any bytes). Returns 0, or -errno on a matching-engine error
 * (never read as "no match"). */
int sbx_classify_feed(struct sbx_classifier *c, const void *buf, size_t len);
/* Ends the stream and classifies. Fills *ret (caller-provided storage). May be called once. */
int sbx_classify_finish(struct sbx_classifier *c, const struct sbx_exit_status *st,
                        struct sbx_classify_result *ret, struct sbx_diag *diag);
void sbx_classifier_free(struct sbx_classifier *c);
/* While the stream goes on: the denial lines kept so far (*ret_kept, at most SBX_DENIALS_KEPT,
 * borrowed until the next feed) and every one counted so far (*ret_counted). The list only grows,
 * in the order sbx_classify_finish() gives it; a line held for the lines after it (npm's "code
 * EACCES") is in it only once they decided. Cheap: for the record of a run that may be killed. */
size_t sbx_classifier_denials_so_far(const struct sbx_classifier *c, const struct sbx_denial **ret_kept,
                                     uint64_t *ret_counted);
/* Feeds are gathered (up to 64 KiB) before they are read: the bytes that wait so, and a flush of
 * them (a line not ended yet waits for its end still), for the lines above to be read before more
 * comes. The result is the same whatever the flushes. 0, or -errno as sbx_classify_feed(). */
size_t sbx_classifier_staged(const struct sbx_classifier *c);
int sbx_classify_flush(struct sbx_classifier *c);
