/* The bubblewrap backend: a read-only view of the host with private /dev and /proc; in
 * workspace-write the workspace root and the per-run temp area are bound writable.
 *
 * --unshare-user even as root: the command's uid then carries no capability over the host, and
 * without it a root-run command could write host sysctls through /proc/sys, which only checks the
 * uid. /proc/sys (and sysrq-trigger where it exists) are bound read-only for the same reason.
 * --new-session keeps TIOCSTI from reaching the caller's terminal (and the launcher's filter
 * refuses it: a terminal that leads no session becomes the controlling terminal of a command that
 * starts a session of its own and asks for it); --die-with-parent ends the
 * sandbox when sbx dies (under `sbx run`, the launcher's --lifeline-fd closes the gaps bubblewrap
 * leaves: run-exec.c). --unshare-ipc: System V objects and POSIX message queues the command
 * makes (or removes) stay in a namespace that ends with the run, not the host's.
 *
 * bubblewrap makes the sandbox's mounts slaves of the host's, so a mount the host made during the
 * run appeared inside with its host options, writable (escape suite: a mount made mid-run). The
 * first process in the sandbox is therefore sbx-landlock --seal-mounts, given CAP_SYS_ADMIN and
 * CAP_SETPCAP in the sandbox's user namespace only: it makes the mounts private, remounts
 * read-only any writable mount the policy does not grant, drops every capability (the bounding
 * set too) and execs the command. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <linux/capability.h>
#include <linux/magic.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "confine-internal.h"
#include "landlock-abi.h"
#include "sbx-macro.h"
#include "sbx-nosymlinks.h"

static bool bwrap_applicable(void) {
#ifdef __linux__
        return true;
#else
        return false;
#endif
}

/* The launcher inside the sandbox fences the command off from bubblewrap's own pid 1 with a
 * Landlock domain (landlock-launch.c); without Landlock the command can reach that process, and
 * nothing refuses mount(2) in namespaces of its own (the domain does): measured, a cgroup2 file
 * system mounted in a user, mount and cgroup namespace of its own made a cgroup on the host. */
#define BWRAP_NO_FENCE_REASON                                                                        \
        "without Landlock the command can reach bubblewrap's init (ptrace, /proc/1/root): a host "  \
        "mount made during the run, and syscalls past the set-ID guard; and it can mount(2) file "   \
        "systems in namespaces of its own: a cgroup2 one writes the host's cgroups; and it can write to " \
        "a host named pipe's reader"

/* The enforcement for `abi`, the running kernel's Landlock ABI (sbx_ll_abi_version()). */
static enum sbx_enforcement bwrap_enforcement(int abi, const char **reason) {
        if (abi >= 1) {
                *reason = NULL;
                return SBX_ENFORCEMENT_FULL;
        }
        *reason = BWRAP_NO_FENCE_REASON;
        return SBX_ENFORCEMENT_PARTIAL;
}

static int bwrap_check(const struct sbx_config *cfg, enum sbx_mode mode, struct sbx_candidate *out) {
        _cleanup_free_ char *path = NULL;
        const char *reason;
        int r;

        (void) mode;
        out->enforcement = bwrap_enforcement(sbx_ll_abi_version(), &reason);
        if (reason)
                snprintf(out->reason, sizeof(out->reason), "%s", reason);
        r = sbx_find_executable(cfg->bwrap_path, &path);
        if (r < 0) {
                snprintf(out->reason, sizeof(out->reason), "bubblewrap runner '%s' not found or not executable: %s",
                         cfg->bwrap_path, sbx_runner_error(r));
                return r;
        }
        free(path);
        path = NULL;
        r = sbx_find_executable(cfg->landlock_path, &path);
        if (r < 0) {
                snprintf(out->reason, sizeof(out->reason),
                         "sbx-landlock '%s', which seals the mounts inside bubblewrap, not found or not usable: %s",
                         cfg->landlock_path ? cfg->landlock_path : "(not configured)", sbx_runner_error(r));
                return r;
        }
        return 0;
}

int sbx_file_fingerprint(const char *path, char *buf, size_t size) {
        struct stat st;

        if (stat(path, &st) < 0)
                return -errno;
        /* the ctime too: rewritten in place with its size and mtime kept (cp, then touch -r), a
         * runner kept its key, and a cached verdict selected one that no longer confined */
        snprintf(buf, size, "%s:%llu:%llu:%lld:%lld.%09ld:%lld.%09ld", path, (unsigned long long) st.st_dev,
                 (unsigned long long) st.st_ino, (long long) st.st_size, (long long) st.st_mtim.tv_sec,
                 st.st_mtim.tv_nsec, (long long) st.st_ctim.tv_sec, st.st_ctim.tv_nsec);
        return 0;
}

static int bwrap_fingerprint(const struct sbx_config *cfg, char *buf, size_t size) {
        _cleanup_free_ char *path = NULL, *launcher = NULL;
        char a[PATH_MAX + 96] = "missing", l[PATH_MAX + 96] = "missing";

        if (sbx_find_executable(cfg->bwrap_path, &path) >= 0)
                (void) sbx_file_fingerprint(path, a, sizeof(a));
        if (sbx_find_executable(cfg->landlock_path, &launcher) >= 0)
                (void) sbx_file_fingerprint(launcher, l, sizeof(l));
        snprintf(buf, size, "%s|%s", a, l);
        return 0;
}

/* Whether the sandbox's /proc may stay writable (the launcher's --proc-writable): only when this
 * process, whose uid the command runs as, does not own procfs's kernel-wide entries, the top-level
 * files and this network namespace's /proc/PID/net files, which are the kernel's one table whichever
 * procfs shows them (their owner's chmod of them outlived the run: landlock-launch.c). Root owns
 * them; so does, as far as can be told, a uid that is the overflow uid an unmapped owner shows as
 * (nobody in a user namespace without the real root); and whatever cannot be examined. */
bool sbx_bwrap_proc_writable(void) {
        static const char *const entries[] = { "/proc", "/proc/self/net/dev" };
        uid_t uid = geteuid();

        for (size_t i = 0; i < SBX_ELEMENTSOF(entries); i++) {
                struct stat st;

                if (stat(entries[i], &st) < 0 ? errno != ENOENT || i == 0 : st.st_uid == uid)
                        return false;
        }
        return true;
}

/* Host paths under /proc whose writes only check the uid; covered read-only when present. */
static const char *const proc_covers[] = { "/proc/sys", "/proc/sysrq-trigger" };


extern char **environ;

bool sbx_env_loader_variable(const char *entry) {
        static const char *const names[] = { "GCONV_PATH", "GETCONF_DIR", "GLIBC_TUNABLES", "HOSTALIASES",
                                             "LOCALDOMAIN", "LOCPATH", "MALLOC_TRACE", "NIS_PATH", "NLSPATH",
                                             "RESOLV_HOST_CONF", "RES_OPTIONS", "TZDIR" };
        size_t n = strcspn(entry, "=");

        if (strncmp(entry, "LD_", 3) == 0)
                return true;
        for (size_t i = 0; i < SBX_ELEMENTSOF(names); i++)
                if (strlen(names[i]) == n && strncmp(entry, names[i], n) == 0)
                        return true;
        return false;
}

/* Each loader variable of the environment: --setenv NAME VALUE for the sandbox, and NAME (its
 * removal) in out->setenv for bubblewrap's own environment. Out of memory is the builder's
 * sticky error. */
static void move_loader_variables(struct sbx_argv_builder *b, struct sbx_confined_argv *out) {
        for (char **e = environ; e && *e; e++) {
                const char *eq = strchr(*e, '=');
                size_t n = sbx_strv_length(out->setenv);
                char **nv, *name;

                if (!eq || eq == *e || !sbx_env_loader_variable(*e))
                        continue;
                name = strndup(*e, (size_t) (eq - *e));
                nv = name ? realloc(out->setenv, (n + 2) * sizeof(char *)) : NULL;
                if (!nv) {
                        free(name);
                        b->err = -ENOMEM;
                        return;
                }
                nv[n] = name;
                nv[n + 1] = NULL;
                out->setenv = nv;
                sbx_argv_add(b, "--setenv");
                sbx_argv_add(b, name);
                sbx_argv_add(b, eq + 1);
        }
}

/* Whether path lies in one of dirs that is itself inside root: those are bound read-only over the
 * workspace. One that holds the workspace (the audit database's directory above it) is not
 * read-only in there: the workspace's writable bind is on top of it. */
static bool beneath_any_inside(const char *path, char *const *dirs, const char *root) {
        for (char *const *d = dirs; d && *d; d++)
                if (sbx_path_beneath(*d, root) && sbx_path_beneath(path, *d))
                        return true;
        return false;
}

static int cmp_length(const void *a, const void *b) {
        size_t x = strlen(*(char *const *) a), y = strlen(*(char *const *) b);
        return x < y ? -1 : x > y;
}

/* A read-only bind keeps a protected path from being written, but not from being moved away
 * with its parent: `mv ~/.config ~/.config.moved` takes the protected ~/.config/sbx along on the
 * host, and the command can then make a new ~/.config/sbx with a planted config that the next
 * run reads (security review). So every directory between the workspace root and a protected
 * path is bound onto itself, writable as before: a mount point cannot be renamed or removed
 * (EBUSY). Parents before children (shorter first), all before the read-only binds, and none
 * that lies in a protected path (read-only already). The canonical workspace root and protected
 * paths hold no symlink, so each prefix is a real directory. */
static int bind_protected_ancestors(struct sbx_argv_builder *b, const char *root, char *const *protect,
                                    char ***ret_dirs) {
        _cleanup_strv_free_ char **dirs = NULL;
        size_t n = 0, root_len = strlen(root);

        for (char *const *p = protect; p && *p; p++) {
                if (!sbx_path_beneath(*p, root) || strlen(*p) <= root_len)
                        continue;
                for (const char *s = *p + root_len + 1; (s = strchr(s, '/')); s++) {
                        _cleanup_free_ char *dir = strndup(*p, (size_t) (s - *p));
                        bool known = false;
                        char **nv;

                        if (!dir)
                                return -ENOMEM;
                        for (size_t i = 0; i < n && !known; i++)
                                known = strcmp(dirs[i], dir) == 0;
                        if (known || beneath_any_inside(dir, protect, root))
                                continue;
                        nv = realloc(dirs, (n + 2) * sizeof(char *));
                        if (!nv)
                                return -ENOMEM;
                        dirs = nv;
                        dirs[n++] = sbx_steal_ptr(&dir);
                        dirs[n] = NULL;
                }
        }
        if (n > 1)
                qsort(dirs, n, sizeof(char *), cmp_length);
        for (size_t i = 0; i < n; i++) {
                sbx_argv_add(b, "--bind");
                sbx_argv_add(b, dirs[i]);
                sbx_argv_add(b, dirs[i]);
        }
        *ret_dirs = sbx_steal_ptr(&dirs);
        return 0;
}

/* An O_PATH descriptor of path (flags: O_DIRECTORY, O_NOFOLLOW) reached without following a
 * symlink, magic links included (ELOOP at one); without openat2() (ENOSYS), walked one component
 * at a time (sbx_open_no_symlinks(): open(2), as before, followed a symlink swapped in since the
 * path was resolved, and the launcher was given that directory's identity). -1 with errno on
 * failure. */
static int open_without_symlinks(const char *path, int flags) {
        return sbx_open_no_symlinks(path, O_PATH | flags);
}

/* The identity of path (st), taken without following a symlink: the canonical paths bubblewrap
 * binds have none, so one on the way was swapped in since they were resolved. what and after name
 * it in the message (after: a clause of its own, set off by a comma where more follows). */
static int stat_without_symlinks(const char *path, int flags, const char *what, const char *after, struct stat *st,
                                 struct sbx_diag *diag) {
        int fd = open_without_symlinks(path, flags), e;

        if (fd < 0) {
                const char *loop =
                        errno == ELOOP ? " without a symlink (one was put on its path since it was resolved)" : "";

                return sbx_diag_set(diag, errno, "confine", path, "cannot open %s%s%s%s%s: %s", what, path, after,
                                    after[0] && loop[0] ? "," : "", loop, strerror(errno));
        }
        if (fstat(fd, st) < 0) {
                e = errno;
                close(fd);
                return sbx_diag_set(diag, e, "confine", path, "cannot stat %s: %s", path, strerror(e));
        }
        close(fd);
        return 0;
}

/* --write-id DEV:INO:MOUNTS for the launcher inside: bubblewrap binds a write directory by its
 * path, resolved again when it mounts, so the launcher checks that what it finds there is the
 * directory sbx resolved (landlock-launch.c, check_sealed_write_dirs()). The identity is taken
 * now, without following a symlink: the canonical path has none, so one on the way was swapped in
 * since. MOUNTS counts the host's mounts at that path: bubblewrap's bind of / copies them into the
 * sandbox, so a workspace that is a mount point is one there even when its own bind landed
 * elsewhere (a parent swapped while bubblewrap bound it); the launcher wants one more. */
static int add_write_id(struct sbx_argv_builder *b, const char *dir, int mounts, struct sbx_diag *diag) {
        struct stat st;
        int r = stat_without_symlinks(dir, O_DIRECTORY, "the writable directory ", "", &st, diag);

        if (r < 0)
                return r;
        sbx_argv_add(b, "--write-id");
        sbx_argv_addf(b, "%llu:%llu:%d", (unsigned long long) st.st_dev, (unsigned long long) st.st_ino, mounts);
        return 0;
}

/* --bound PATH --bound-id DEV:INO:ro|rw for the launcher inside: each of sbx's own paths in the
 * workspace that bubblewrap binds read-only, and each directory between the workspace and one of
 * them that it binds onto itself, is bound by its path, resolved again when bubblewrap mounts, as
 * the workspace is (add_write_id()): a concurrent command that swapped a parent of it for a
 * symlink meanwhile sent the bind elsewhere, and the real one stayed writable in the workspace's
 * bind (redteam review: the next run read a planted config). So the launcher checks that each is
 * the one sbx resolved, the root of a mount of its own, and read-only where it should be
 * (landlock-launch.c, check_bound()). */
static int add_bound_id(struct sbx_argv_builder *b, const char *path, bool read_only, struct sbx_diag *diag) {
        struct stat st;
        int r = stat_without_symlinks(path, O_NOFOLLOW, "", ", which sbx keeps out of the command's reach", &st, diag);

        if (r < 0)
                return r;
        sbx_argv_add(b, "--bound");
        sbx_argv_add(b, path);
        sbx_argv_add(b, "--bound-id");
        sbx_argv_addf(b, "%llu:%llu:%s", (unsigned long long) st.st_dev, (unsigned long long) st.st_ino,
                      read_only ? "ro" : "rw");
        return 0;
}

/* ---- the caller's device nodes on inherited descriptors -----------------------------------------
 * A descriptor the command inherits as it is (stdout, a terminal on stdin, a --keep-fd) that is a
 * device node is the host's node on the host's writable /dev: through /proc/self/fd/N a command
 * changed its mode, owner and times for every user (as root, `chmod 604 /proc/self/fd/1
 * >/dev/urandom` in a workspace-write run left the host's /dev/urandom crw----r--; escape review;
 * so did a pty's owner with its terminal). Each that opened again is the same device
 * (fd_node_reopens()) is therefore bound by its host path into the
 * sandbox's private /dev (a --dev-bind: bubblewrap's --ro-bind makes a mount nodev, and the
 * launcher's seal makes this one read-only as every mount it does not grant), and the launcher
 * opens it again there, checked to be the same node, with the same access: the same device, and
 * EROFS for a change of its inode. The sinks (/dev/null, /dev/zero, /dev/full) need no host path:
 * the launcher reopens them on the sandbox's own (landlock-launch.c, reopen_sinks()). */
#define BWRAP_FD_NODE_DIR "/dev/sbx-fd"

struct fd_node {
        int fd;
        char path[PATH_MAX];
        struct stat st;
};

/* Whether the caller's user, without any capability (the command's, in the sandbox), may open
 * path with access amode (R_OK, W_OK): faccessat(2) with the effective capabilities cleared on
 * this thread for the call, then put back. */
static bool access_without_capabilities(const char *path, int amode) {
        struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
        struct __user_cap_data_struct saved[2], none[2];
        bool ok, dropped = false;

        if (syscall(SYS_capget, &h, saved) == 0 && (saved[0].effective || saved[1].effective)) {
                memcpy(none, saved, sizeof(none));
                none[0].effective = none[1].effective = 0;
                if (syscall(SYS_capset, &h, none) < 0)
                        return false;
                dropped = true;
        }
        ok = faccessat(AT_FDCWD, path, amode, AT_EACCESS) == 0;
        if (dropped)
                (void) syscall(SYS_capset, &h, saved);
        return ok;
}

/* Whether opening the node of st again gives the device fd is open on: a block device, a terminal
 * (its state is the terminal's, not the opening's) but not a pseudo-terminal's master (opened
 * again, /dev/ptmx makes a new pair), or one of the memory devices (/dev/random, /dev/urandom,
 * /dev/kmsg, ...). Any other keeps state per opening (a tun or fuse descriptor opened again is
 * attached to nothing, an input device loses its grab, a sound device its stream), so it is never
 * replaced. Else why. */
static bool fd_node_reopens(int fd, const struct stat *st, const char **why) {
        unsigned pty;

        if (S_ISBLK(st->st_mode))
                return true;
        if (isatty(fd)) {
                if (ioctl(fd, TIOCGPTN, &pty) == 0) {
                        *why = "it is a pseudo-terminal's master, which opened again is a new pair's";
                        return false;
                }
                return true;
        }
        if (major(st->st_rdev) == 1)
                return true;
        *why = "it is a device whose state belongs to each opening (opened again, it would not be the same)";
        return false;
}

/* Whether st is /dev/tty's node (character device 5:0), which opens the controlling terminal of
 * whoever opens it, not a terminal of its own. */
static bool is_dev_tty(const struct stat *st) {
        return S_ISCHR(st->st_mode) && major(st->st_rdev) == 5 && minor(st->st_rdev) == 0;
}

/* Whether a and b are the same node: the same type, device, inode and device number. */
static bool same_node(const struct stat *a, const struct stat *b) {
        return (a->st_mode & S_IFMT) == (b->st_mode & S_IFMT) && a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
               a->st_rdev == b->st_rdev;
}

/* /dev/tty opens the caller's controlling terminal, which the sandbox's new session does not have:
 * a descriptor of it is opened again on that terminal's own node, found on one of descriptors 0-2
 * (src, sst: that one, and its fstat). False when none of them is that terminal. */
static bool fd_node_controlling_tty(int fd, int *src, struct stat *sst) {
        unsigned real;

        if (ioctl(fd, TIOCGDEV, &real) < 0)
                return false;
        for (int std = 0; std <= 2; std++)
                if (fstat(std, sst) == 0 && S_ISCHR(sst->st_mode) && sst->st_rdev == (dev_t) real && isatty(std) &&
                    !is_dev_tty(sst)) {
                        *src = std;
                        return true;
                }
        return false;
}

/* The host path of the device node on fd (st: its fstat) into n->path: the one /proc names, when
 * reaching it without a symlink gives the very node (type, device, inode and device number), the
 * caller's user may open it with the descriptor's access without a capability (as the launcher
 * will), the device opened again is the same (fd_node_reopens()), and it is no terminal in
 * exclusive mode (another open is refused). Else false, and why; *verified says whether n->path is
 * fd's node all the same. */
static bool fd_node_path(int fd, const struct stat *st, struct fd_node *n, const char **why, bool *verified) {
        char proc[64];
        struct stat at, sst = *st;
        ssize_t len;
        int pfd, fl = fcntl(fd, F_GETFL), excl = 0, src = fd;

        if (!fd_node_reopens(fd, st, why))
                return false;
        if (is_dev_tty(st) && !fd_node_controlling_tty(fd, &src, &sst)) {
                *why = "it is /dev/tty, and the controlling terminal is on none of descriptors 0-2";
                return false;
        }
        snprintf(proc, sizeof(proc), "/proc/self/fd/%d", src);
        len = readlink(proc, n->path, sizeof(n->path) - 1);
        if (len <= 0 || (size_t) len >= sizeof(n->path) - 1 || n->path[0] != '/' || fl < 0) {
                *why = "its path cannot be read from /proc";
                return false;
        }
        n->path[len] = '\0';
        pfd = open_without_symlinks(n->path, O_NOFOLLOW);
        if (pfd < 0 || fstat(pfd, &at) < 0 || !same_node(&at, &sst)) {
                if (pfd >= 0)
                        close(pfd);
                *why = "its path no longer leads to it: removed, replaced, or in another mount namespace";
                return false;
        }
        close(pfd);
        *verified = src == fd;
        if (!access_without_capabilities(n->path, ((fl & O_ACCMODE) == O_WRONLY ? 0 : R_OK) |
                                                          ((fl & O_ACCMODE) == O_RDONLY ? 0 : W_OK))) {
                *why = "the caller's user may not open it again with its access";
                return false;
        }
        if (isatty(fd) && ioctl(fd, TIOCGEXCL, &excl) == 0 && excl) {
                *why = "it is a terminal in exclusive mode";
                return false;
        }
        n->fd = fd;
        n->st = sst;
        return true;
}

/* Each device node among the descriptors the command inherits (opts->inherited_fds; not a sink)
 * that can be reopened in the sandbox, into nodes (*ret_n of them). One that cannot be, and whose
 * mode, owner or times the command's user could change (its owner, or one who may write it: a
 * touch), is named in reason: the run's enforcement is then partial, not refused: the node is the
 * caller's own choice, and a terminal whose path cannot be reached (a pty from another mount
 * namespace, `nsenter` on a terminal) would otherwise forbid every interactive run there;
 * --require-full turns it into a refusal. One the user could not change anyway needs nothing. */
static int collect_fd_nodes(const struct sbx_confine_options *opts, struct fd_node **ret_nodes, size_t *ret_n,
                            bool *ret_stderr_pty, char *reason, size_t size) {
        struct fd_node *nodes;
        size_t n = 0, used = 0;

        *ret_nodes = NULL;
        *ret_n = 0;
        *ret_stderr_pty = false;
        reason[0] = '\0';
        if (!opts || (opts->n_inherited_fds == 0 && !opts->stderr_pty))
                return 0;
        nodes = calloc(opts->n_inherited_fds + 1, sizeof(*nodes));
        if (!nodes)
                return -ENOMEM;
        /* the caller's own pty for the command's stderr: reopened as descriptor 2 when it can be,
         * else the caller gives the command a pipe (out->stderr_pty) */
        if (opts->stderr_pty) {
                const char *why = NULL;
                struct stat st;
                bool verified = false;

                if (fstat(opts->stderr_pty_fd, &st) == 0 && S_ISCHR(st.st_mode) &&
                    fd_node_path(opts->stderr_pty_fd, &st, &nodes[n], &why, &verified)) {
                        nodes[n++].fd = STDERR_FILENO;
                        *ret_stderr_pty = true;
                }
        }
        for (size_t i = 0; i < opts->n_inherited_fds; i++) {
                int fd = opts->inherited_fds[i], fl;
                const char *why = NULL;
                struct stat st;
                bool seen = false, verified = false;

                for (size_t k = 0; k < i; k++)
                        seen = seen || opts->inherited_fds[k] == fd;
                if (seen || fstat(fd, &st) < 0 || !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) ||
                    (fl = fcntl(fd, F_GETFL)) < 0 || (fl & O_PATH))
                        continue;
                if (S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
                    (minor(st.st_rdev) == 3 || minor(st.st_rdev) == 5 || minor(st.st_rdev) == 7))
                        continue; /* a sink: reopened on the sandbox's own */
                if (fd_node_path(fd, &st, &nodes[n], &why, &verified)) {
                        n++;
                        continue;
                }
                /* not the command's to change: neither its owner nor one who may write it (where its
                 * path is unknown, no one but its owner may when neither its group nor others may:
                 * an access list's entries are bounded by the group's bits) */
                if (st.st_uid != geteuid() &&
                    !(verified ? access_without_capabilities(nodes[n].path, W_OK) : (st.st_mode & (S_IWGRP | S_IWOTH))))
                        continue;
                if (used < size)
                        used += (size_t) snprintf(reason + used, size - used,
                                                  "%sdescriptor %d, a device node, cannot be opened again in the sandbox "
                                                  "(%s), so the command may change its mode and times on the host",
                                                  used ? "; " : "", fd, why);
        }
        *ret_nodes = nodes;
        *ret_n = n;
        return 0;
}

/* ---- the caller's files on inherited descriptors ------------------------------------------------
 * A regular file or a named pipe the command inherits as it is (stdout onto a log, a --keep-fd: one
 * open for writing, as sbx feeds or reopens any other) is the host's inode on the host's writable
 * mount. The seccomp filter refuses every change of metadata in read-only; in workspace-write it
 * lets them through for the workspace, and the command changed the mode, times and extended
 * attributes of such a file outside the workspace, through the descriptor or /proc/self/fd/N
 * (`chmod 606 /proc/self/fd/1 >log` left the caller's log writable by every user, in a run
 * recorded full; escape review). No mount refuses those changes and still takes the writes, so
 * each such descriptor is named in reason: the run's enforcement is partial, as for a device node
 * that cannot be opened again, when the command's user could change it (its owner; one who may
 * write it sets extended attributes and times). One beneath the workspace needs nothing. */
static void collect_fd_files(const struct sbx_confine_request *req, char *reason, size_t size) {
        const struct sbx_confine_options *opts = req->opts;
        size_t used = strlen(reason);

        if (!opts || req->policy->mode != SBX_MODE_WORKSPACE_WRITE)
                return;
        for (size_t i = 0; i < opts->n_inherited_fds; i++) {
                int fd = opts->inherited_fds[i], fl, pfd;
                char proc[64], path[PATH_MAX];
                struct stat st, at;
                struct statfs sfs;
                bool seen = false, verified = false;
                ssize_t len;

                for (size_t k = 0; k < i; k++)
                        seen = seen || opts->inherited_fds[k] == fd;
                if (seen || fstat(fd, &st) < 0 || !(S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode)) ||
                    (fl = fcntl(fd, F_GETFL)) < 0 || (fl & O_PATH) ||
                    (S_ISFIFO(st.st_mode) && (fstatfs(fd, &sfs) < 0 || sfs.f_type == PIPEFS_MAGIC)))
                        continue; /* a pipe's inode is no file of the host's */
                snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
                len = readlink(proc, path, sizeof(path) - 1);
                if (len > 0 && (size_t) len < sizeof(path) - 1 && path[0] == '/') {
                        path[len] = '\0';
                        pfd = open_without_symlinks(path, O_NOFOLLOW);
                        verified = pfd >= 0 && fstat(pfd, &at) == 0 && same_node(&at, &st);
                        if (pfd >= 0)
                                close(pfd);
                }
                if (verified && sbx_path_beneath(path, req->policy->workspace_root))
                        continue;
                /* not the command's to change: neither its owner nor one who may write it (where its
                 * path is unknown: when neither its group nor others may) */
                if (st.st_uid != geteuid() &&
                    !(verified ? access_without_capabilities(path, W_OK) : (st.st_mode & (S_IWGRP | S_IWOTH))))
                        continue;
                if (used < size)
                        used += (size_t) snprintf(reason + used, size - used,
                                                  "%sdescriptor %d, a %s outside the workspace, is the host's own, so the "
                                                  "command may change its mode (chmod), group (chown), times (utime), "
                                                  "extended attributes (xattr) and inode flags (chattr) on the host",
                                                  used ? "; " : "", fd, S_ISREG(st.st_mode) ? "file" : "named pipe");
        }
}

static int bwrap_confine(const struct sbx_confine_request *req, struct sbx_confined_argv *out,
                         struct sbx_diag *diag) {
        struct sbx_argv_builder b = { 0 };
        _cleanup_free_ char *runner = NULL, *launcher = NULL, *cwd = NULL;
        _cleanup_strv_free_ char **ancestors = NULL;
        _cleanup_free_ struct fd_node *nodes = NULL;
        char nodes_reason[1024];
        size_t n_nodes = 0;
        /* one answer for both the launcher's --no-fence and the enforcement recorded: asked twice,
         * a kernel that answered "none" and then an ABI (a tracer or a filter that lies once) had
         * the launcher go on without its domain in a run recorded as full */
        int abi = sbx_ll_abi_version(), r;

        /* the command starts where sbx runs, or not at all: bubblewrap falls back to $HOME when it
         * cannot enter it, and the run's cwd would be recorded wrong (review; Landlock has no
         * such fallback) */
        cwd = req->cwd ? strdup(req->cwd) : getcwd(NULL, 0);
        if (!cwd || cwd[0] != '/')
                return sbx_diag_set(diag, errno ? errno : ENOENT, "confine", "",
                                    "the current directory cannot be reached (%s): bubblewrap would start the "
                                    "command in $HOME instead", strerror(errno ? errno : ENOENT));
        r = req->runner ? ((runner = strdup(req->runner)) ? 0 : -ENOMEM)
                        : sbx_find_executable(req->cfg->bwrap_path, &runner);
        if (r < 0)
                return sbx_diag_set(diag, -r, "find runner", req->cfg->bwrap_path,
                                    "bubblewrap runner '%s' not found or not usable: %s", req->cfg->bwrap_path, sbx_runner_error(r));
        r = req->launcher ? ((launcher = strdup(req->launcher)) ? 0 : -ENOMEM)
                          : sbx_find_executable(req->cfg->landlock_path, &launcher);
        if (r < 0)
                return sbx_diag_set(diag, -r, "find runner", req->cfg->landlock_path,
                                    "sbx-landlock '%s' (it seals the mounts inside bubblewrap) not found or not usable: %s",
                                    req->cfg->landlock_path, sbx_runner_error(r));

        for (char *const *p = req->protect; req->policy->mode == SBX_MODE_WORKSPACE_WRITE && p && *p; p++)
                if (strcmp(*p, req->policy->workspace_root) == 0)
                        return sbx_diag_set(diag, EPERM, "confine", *p,
                                            "the workspace root %s is itself a directory sbx depends on (its "
                                            "config, cache or audit database): choose another workspace", *p);
        if ((r = collect_fd_nodes(req->opts, &nodes, &n_nodes, &out->stderr_pty, nodes_reason, sizeof(nodes_reason))) < 0)
                return sbx_diag_set(diag, -r, "build argv", "", "out of memory");
        collect_fd_files(req, nodes_reason, sizeof(nodes_reason));
        sbx_argv_add(&b, runner);
        sbx_argv_add(&b, "--unshare-user");
        sbx_argv_add(&b, "--unshare-pid");
        sbx_argv_add(&b, "--unshare-ipc");
        /* bubblewrap arms it a few system calls before it releases the sandbox's init, and a
         * caller killed in between (SIGKILL) kills bubblewrap there: the init, which nothing can
         * release any more, waits for ever (bubblewrap issue 633). The probe's runner, which only
         * touches two files, goes without: killed with sbx, it finishes alone (its group is
         * killed whenever sbx itself gives up on it). */
        if (!req->opts || !req->opts->outlive_caller)
                sbx_argv_add(&b, "--die-with-parent");
        sbx_argv_add(&b, "--new-session");
        sbx_argv_add(&b, "--ro-bind");
        sbx_argv_add(&b, "/");
        sbx_argv_add(&b, "/");
        sbx_argv_add(&b, "--dev");
        sbx_argv_add(&b, "/dev");
        sbx_argv_add(&b, "--proc");
        sbx_argv_add(&b, "/proc");
        for (size_t i = 0; i < SBX_ELEMENTSOF(proc_covers); i++) {
                sbx_argv_add(&b, "--ro-bind-try");
                sbx_argv_add(&b, proc_covers[i]);
                sbx_argv_add(&b, proc_covers[i]);
        }
        for (size_t i = 0; i < n_nodes; i++) {
                sbx_argv_add(&b, "--dev-bind");
                sbx_argv_add(&b, nodes[i].path);
                sbx_argv_addf(&b, BWRAP_FD_NODE_DIR "/%d", nodes[i].fd);
        }
        if (req->policy->mode == SBX_MODE_WORKSPACE_WRITE) {
                sbx_argv_add(&b, "--bind");
                sbx_argv_add(&b, req->policy->workspace_root);
                sbx_argv_add(&b, req->policy->workspace_root);
                if ((r = bind_protected_ancestors(&b, req->policy->workspace_root, req->protect, &ancestors)) < 0)
                        return r;
                /* sbx's own state inside the workspace stays read-only (mounted over the bind) */
                for (char *const *p = req->protect; p && *p; p++)
                        if (sbx_path_beneath(*p, req->policy->workspace_root)) {
                                sbx_argv_add(&b, "--ro-bind");
                                sbx_argv_add(&b, *p);
                                sbx_argv_add(&b, *p);
                        }
                if (req->temp_dir) {
                        sbx_argv_add(&b, "--bind");
                        sbx_argv_add(&b, req->temp_dir);
                        sbx_argv_add(&b, req->temp_dir);
                }
        }
        sbx_argv_add(&b, "--chdir");
        sbx_argv_add(&b, cwd);
        if (req->opts && req->opts->status_fd >= 0) {
                sbx_argv_add(&b, "--json-status-fd");
                sbx_argv_addf(&b, "%d", req->opts->status_fd);
        }
        /* The variables that make the dynamic loader load code (LD_PRELOAD, LD_LIBRARY_PATH, ...)
         * would do so in bubblewrap itself, which runs unconfined: a library a confined command
         * planted in the workspace, named by the caller's LD_LIBRARY_PATH, would run outside the
         * sandbox at the next run (measured with LD_PRELOAD). bubblewrap starts without them and
         * sets them again for the sandbox. */
        move_loader_variables(&b, out);
        /* the first process inside seals the mounts, then drops the capabilities and execs; with
         * CAP_SETPCAP it empties the bounding set too, as root's run does (an ordinary user's
         * command kept the CAP_SYS_ADMIN that bubblewrap gave the launcher there) */
        sbx_argv_add(&b, "--cap-add");
        sbx_argv_add(&b, "CAP_SYS_ADMIN");
        sbx_argv_add(&b, "--cap-add");
        sbx_argv_add(&b, "CAP_SETPCAP");
        sbx_argv_add(&b, "--");
        sbx_argv_add(&b, launcher);
        sbx_argv_add(&b, "--seal-mounts");
        /* its record goes on the descriptor after bubblewrap's JSON */
        out->gated = sbx_argv_add_launcher_options(&b, req, 1);
        if (out->gated) {
                /* the caller's lifeline: a launcher left to run after sbx died starts nothing; and
                 * a read end of bubblewrap's own status pipe, which bubblewrap keeps until the
                 * sandbox is released (not the command: the launcher closes it) */
                sbx_argv_add(&b, "--lifeline-fd");
                sbx_argv_addf(&b, "%d", req->opts->status_fd + 3);
                sbx_argv_add(&b, "--close-fd");
                sbx_argv_addf(&b, "%d", req->opts->status_fd + 4);
                out->lifeline = true;
        }
        if (sbx_bwrap_proc_writable())
                sbx_argv_add(&b, "--proc-writable");
        /* no Landlock here: the run is partial for it (bwrap_enforcement()), and the launcher
         * refuses to go on without its domain unless told so */
        if (abi < 1)
                sbx_argv_add(&b, "--no-fence");
        for (size_t i = 0; i < n_nodes; i++) {
                const struct stat *st = &nodes[i].st;

                sbx_argv_add(&b, "--fd-node");
                sbx_argv_addf(&b, "%d:%c:%llu:%llu:%llu:" BWRAP_FD_NODE_DIR "/%d", nodes[i].fd,
                              S_ISBLK(st->st_mode) ? 'b' : 'c', (unsigned long long) st->st_dev,
                              (unsigned long long) st->st_ino, (unsigned long long) st->st_rdev, nodes[i].fd);
        }
        if (req->opts && req->opts->stdin_dir) {
                /* the caller's directory on stdin: the host's descriptor of it would let the
                 * command make files in it, on the host's writable mount (and bubblewrap's init
                 * keeps descriptors 0-2), so the launcher opens it again inside the sandbox */
                sbx_argv_add(&b, "--stdin-dir");
                sbx_argv_add(&b, req->opts->stdin_dir);
                sbx_argv_add(&b, "--stdin-dir-id");
                sbx_argv_addf(&b, "%llu:%llu", (unsigned long long) req->opts->stdin_dev,
                              (unsigned long long) req->opts->stdin_ino);
                out->stdin_dir = true;
        }
        if (req->policy->mode == SBX_MODE_WORKSPACE_WRITE) {
                const char *dirs[] = { req->policy->workspace_root, req->temp_dir };
                size_t n = req->temp_dir ? 2 : 1;
                int mounts[2];

                /* one read of the mount table for both: the confinement's, made for its checks */
                r = sbx_path_mount_counts(req->mountinfo, dirs, n, mounts);
                if (r < 0)
                        r = sbx_diag_set(diag, -r, "confine", "/proc/self/mountinfo",
                                         "cannot count the mounts at the writable directories: %s", strerror(-r));
                for (size_t i = 0; r >= 0 && i < n; i++)
                        r = add_write_id(&b, dirs[i], mounts[i], diag);
                for (char **a = ancestors; r >= 0 && a && *a; a++)
                        r = add_bound_id(&b, *a, false, diag);
                for (char *const *p = req->protect; r >= 0 && p && *p; p++)
                        if (sbx_path_beneath(*p, req->policy->workspace_root))
                                r = add_bound_id(&b, *p, true, diag);
                if (r < 0) {
                        sbx_strv_free(b.v);
                        return r;
                }
        }
        /* bubblewrap sets PWD to the directory it enters (the physical path): the command gets the
         * caller's back, as an exec would leave it (bash's logical path through a symlink). One
         * word, --pwd=VALUE: a value of its own read as an option ("--" as no value, one
         * "--status-fd=1" by the launcher's first look for its record's descriptor: review) */
        if (getenv("PWD"))
                sbx_argv_addf(&b, "--pwd=%s", getenv("PWD"));
        else
                sbx_argv_add(&b, "--no-pwd");
        /* bubblewrap needs SIGCHLD (sbx starts it at its default) and unblocks it for its child:
         * the command gets the caller's back, ignored or blocked, as an exec would leave it. Read
         * here, before sbx installs its own handler (run-exec.c), and after a probe put it back. */
        {
                struct sigaction chld;
                sigset_t mask;

                if (sigaction(SIGCHLD, NULL, &chld) == 0 && chld.sa_handler == SIG_IGN)
                        sbx_argv_add(&b, "--sigchld-ignored");
                if (sigprocmask(SIG_BLOCK, NULL, &mask) == 0 && sigismember(&mask, SIGCHLD) == 1)
                        sbx_argv_add(&b, "--sigchld-blocked");
        }
        sbx_argv_add(&b, "--");
        sbx_argv_add_all(&b, req->argv);
        r = sbx_argv_finish(&b, &out->argv);
        if (r < 0)
                return sbx_diag_set(diag, -r, "build argv", "", "out of memory");
        {
                const char *reason;
                out->enforcement = bwrap_enforcement(abi, &reason);
                if (nodes_reason[0])
                        out->enforcement = SBX_ENFORCEMENT_PARTIAL;
                if ((reason || nodes_reason[0]) &&
                    asprintf(&out->enforcement_reason, "%s%s%s", reason ? reason : "",
                             reason && nodes_reason[0] ? "; " : "", nodes_reason) < 0) {
                        out->enforcement_reason = NULL;
                        return sbx_diag_set(diag, ENOMEM, "build argv", "", "out of memory");
                }
        }
        return 0;
}

const struct sbx_backend sbx_backend_bwrap = {
        .name = "bwrap",
        /* --dev makes /dev a tmpfs of the sandbox's own: its /dev/shm is the temp area, writable in
         * both modes, gone with the sandbox, and nothing is left on the host even if sbx is killed */
        .private_tmpdir = "/dev/shm",
        .applicable = bwrap_applicable,
        .check = bwrap_check,
        .fingerprint = bwrap_fingerprint,
        .confine = bwrap_confine,
};
