/* sbx's own Landlock launcher: it applies a Landlock ruleset for the running ABI (plus a seccomp
 * filter for what Landlock cannot govern), then execs the command. The code runs as the
 * executable sbx-landlock (sbx-landlock.c) and, in the child of `sbx run` that becomes the
 * command, in-process (run-exec.c): the same function either way, sbx_landlock_launch().
 *
 *   sbx-landlock --mode read-only|workspace-write [--write DIR]... [--status-fd N]
 *                [--max-abi N] [--die-with-parent] -- ARGV...
 *   sbx-landlock --seal-mounts [--write DIR]... [--status-fd N] -- ARGV...   (inside bubblewrap)
 * Both take --write-id DEV:INO[:MOUNTS], once for each --write in order: that directory must be
 * the one sbx resolved (its device and inode numbers), and with --seal-mounts also the mount
 * point of more than MOUNTS mounts (the host's there, default 0, and bubblewrap's bind).
 * Both take --wait-fd N: wait for the byte "G" on N before exec (see wait_for_go()),
 * --lifeline-fd N: a descriptor that becomes readable once the caller is gone (the caller's pidfd,
 * or the read end of a pipe the caller holds open, and never writes, while it lives): after the
 * go-ahead, the command does not start once it is (see check_lifeline()), and
 * --close-fd N: a descriptor the runner keeps that the command must not get, closed at once.
 * --close-std N (0 or 1): the caller's descriptor N was closed, and the runner holds /dev/null
 * there: closed right before exec, so that the command gets it closed too.
 * --seal-mounts also takes --stdin-dir PATH --stdin-dir-id DEV:INO: the caller's stdin is that
 * directory or named pipe (on the host), which the launcher opens again inside the sandbox, by that
 * path and without following a symlink, and puts on descriptor 0; there it must be the very
 * directory or FIFO (DEV:INO), or the command never runs.
 * --seal-mounts also takes --bound PATH --bound-id DEV:INO:ro|rw, once for each of sbx's own paths
 * in a write directory and each directory between that and one of them, all of which bubblewrap
 * bound onto themselves: each must be that very file or directory (DEV:INO), reached without a
 * symlink, the root of a mount of its own and, for "ro", on a read-only mount (check_bound()).
 * --seal-mounts also takes --pwd=VALUE or --no-pwd: the caller's $PWD (or that it had none), which
 * the command gets back: bubblewrap sets PWD to the directory it enters, the physical path, where
 * an exec without sbx keeps the caller's (bash's logical path through a symlink, or none). sbx
 * passes it as one word: any value, "--" or "--status-fd=1" too, is then the value.
 * --seal-mounts also takes --proc-writable: bubblewrap's /proc stays writable (the command writes
 * its own /proc/self files); without it /proc is made read-only with the rest (own_dev_or_proc()).
 * --seal-mounts also takes --no-fence: the kernel has no Landlock, and sbx recorded the run as
 * partial for it; without it a launcher that finds no Landlock refuses the run (fence_off_init()).
 * And --sigchld-ignored, --sigchld-blocked: the caller ignores, or blocks, SIGCHLD, which the
 * command does too, as after an exec: bubblewrap needs it at its default and unblocks it.
 * --mode also takes --die-with-parent: the launcher dies with its parent (SIGKILL), and from ABI 6
 * every process of the sandbox is killed when the launcher's parent dies, SIGKILL included (see
 * start_keeper()).
 *   sbx-landlock --help
 *
 * What the command gets (both modes): read and execute everywhere; writing (write_file,
 * truncate, device ioctl) only to the sinks /dev/null, /dev/zero, /dev/full, /dev/ptmx, the
 * terminals on descriptors 0-2 (their own nodes: not /dev/pts, not a new pty's slave) and /dev/tty
 * when the controlling terminal is one of them;
 * every other file-system right of the running ABI is handled, so denied (EACCES, "Permission
 * denied"). no_new_privs is set. In both modes a seccomp
 * filter refuses TIOCSTI and TIOCLINUX (typing into the caller's terminal) and a virtual
 * console's own ioctls (keyboard mode, keymap, font: they outlive the run) with EPERM, and
 * adding or removing a key of a file system's encryption keyring with EACCES, and from
 * ABI 6 the ruleset scopes signals and abstract unix sockets: the command may not signal a process
 * outside its sandbox, nor connect to an abstract socket made outside it (EPERM).
 *   read-only: additionally the seccomp filter refuses every metadata change Landlock never
 *     governs: chmod, chown, utime and xattr syscalls (all variants, every ABI the kernel runs:
 *     native, i386, x32) and the inode-changing ioctls (chattr flags, fsxattr, version, label,
 *     encryption policy, fs-verity, ext4's generation and extent migration, FAT attributes, and
 *     every 0x94/btrfs ioctl) with EACCES, and io_uring with
 *     EPERM (its xattr operations would bypass the filter).
 *   workspace-write: each --write DIR (absolute, an existing directory: the workspace root and
 *     the temp area) gets every right of the ABI beneath it. Metadata changes are not filtered
 *     (chmod inside the workspace must work), so they are ungoverned outside the workspace; but
 *     no set-user-ID or set-group-ID bit is set, by chmod or on a file made (EACCES), openat2
 *     fails with ENOSYS and io_uring with EPERM (landlock-seccomp.c).
 * --max-abi N uses at most Landlock ABI N (tests use it to act as an older kernel).
 * --min-abi N: the kernel's ABI must be at least N (sbx passes the one it stated the run's
 * enforcement for), or the launcher refuses the run (step abi). Each at most once, and no
 * --max-abi below --min-abi (usage).
 *
 * Failures of the launcher itself (usage errors included): one line on stderr starting with
 * "sbx-landlock: ", exit status 125, and the command is never executed.
 *
 * --status-fd N (N >= 3, an open fd): structural evidence for the caller. The launcher marks N
 * close-on-exec at once. If it fails before the command is executed it writes one record
 *     E <errno> <step>\n
 * (decimal positive errno, EINVAL for usage errors; step is one word: usage, status-fd, abi,
 * ruleset, rule, write-dir, stdin, environment, signals, capabilities, no-new-privs, restrict-self,
 * seccomp, close-fd, fd-node, lifeline, wait, keeper, exec) and exits 125. Otherwise the successful
 * execve closes N without a record. With --exec-mark (implied by --seal-mounts; sbx always passes
 * it) the launcher also writes "X\n" on N right before the execve (an exec that then fails adds
 * its record after it): inside bubblewrap, whose own death by a signal also ends N, and for a
 * launcher killed by a signal before its exec (which leaves no record either), only that mark says
 * the command was executed. The PATH search comes before the mark, on the heap (plan_exec()),
 * except in-process, where it may run in sbx's vfork child: there it is execvpe()'s.
 *
 * The launcher leaks no fd of its own to the command (every fd it opens is O_CLOEXEC and closed
 * before exec); fds it inherits are passed through untouched, as are the environment and the
 * signal dispositions. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "confine/landlock-abi.h"
#include "sbx-mountinfo.h"
#include "sbx-nosymlinks.h"
#include "sbx-procfs.h"
#include "sbx-utf8.h"
#include "tools/landlock-launch.h"
#include "tools/landlock-seccomp.h"

#define EXIT_LAUNCHER 125
#define MAX_WRITE_DIRS 64
#define MAX_BOUND 256
#define MAX_FD_NODES 32

static int status_fd = -1;

static void status_record(int err, const char *step) {
        char buf[64];
        int n;

        if (status_fd < 0)
                return;
        n = snprintf(buf, sizeof(buf), "E %d %s\n", err, step);
        /* we exit right after: ignoring SIGPIPE cannot reach the command */
        (void) signal(SIGPIPE, SIG_IGN);
        for (int off = 0; off < n;) {
                ssize_t w = write(status_fd, buf + off, (size_t) (n - off));
                if (w < 0 && errno == EINTR)
                        continue;
                if (w <= 0)
                        break;
                off += (int) w;
        }
}

/* The message in place as one line that no terminal acts on: it quotes the caller's argv and
 * paths, so a control character, a C1 control (U+0080..U+009F) or a byte that is not UTF-8
 * becomes '?' (sbx's own messages do the same: sbx_term_text()). No allocation: this runs in the
 * child of vfork() too. */
static void make_inert(char *msg) {
        sbx_utf8_inert(msg, msg, strlen(msg));
}

__attribute__((noreturn, format(printf, 4, 0))) static void vfail(int err, bool show_err, const char *step,
                                                                    const char *fmt, va_list ap) {
        char msg[PATH_MAX + 256];

        vsnprintf(msg, sizeof(msg), fmt, ap);
        make_inert(msg);
        if (show_err)
                fprintf(stderr, "sbx-landlock: %s: %s\n", msg, strerror(err));
        else
                fprintf(stderr, "sbx-landlock: %s\n", msg);
        fflush(stderr);
        status_record(err, step);
        _exit(EXIT_LAUNCHER);
}

/* Appends ": strerror(err)" to the message. Never returns. */
__attribute__((format(printf, 3, 4), noreturn)) static void fail(int err, const char *step, const char *fmt, ...) {
        va_list ap;

        va_start(ap, fmt);
        vfail(err, true, step, fmt, ap);
}

/* The message alone on stderr (no errno explains it), err in the status record. Never returns. */
__attribute__((format(printf, 3, 4), noreturn)) static void fail_plain(int err, const char *step, const char *fmt, ...) {
        va_list ap;

        va_start(ap, fmt);
        vfail(err, false, step, fmt, ap);
}

/* A usage error: the message alone on stderr, EINVAL in the status record. */
__attribute__((format(printf, 1, 2), noreturn)) static void usage_fail(const char *fmt, ...) {
        va_list ap;

        va_start(ap, fmt);
        vfail(EINVAL, false, "usage", fmt, ap);
}

static const char usage_text[] =
        "usage: sbx-landlock --mode read-only|workspace-write [--write DIR [--write-id DEV:INO[:MOUNTS]]]...\n"
        "                    [--status-fd N [--exec-mark]] [--max-abi N] [--min-abi N] [--die-with-parent]\n"
        "                    -- ARGV...\n"
        "Runs ARGV under a Landlock ruleset: read and execute everywhere but /dev's device nodes\n"
        "(there only random, urandom and /dev/shm's objects are read), writes only to the\n"
        "sinks (/dev/null, /dev/zero, /dev/full, /dev/ptmx, the terminals on descriptors 0-2,\n"
        "/dev/tty when one of them is the controlling terminal) and, in workspace-write, beneath\n"
        "each --write DIR. A seccomp filter refuses what Landlock cannot govern: metadata changes\n"
        "in read-only, set-user-ID modes, terminal injection, making, removing or writing System V\n"
        "IPC objects, making, removing or using message queues, the keyrings, and another process's\n"
        "resource limits; from Landlock ABI 6 no signal reaches a process outside the sandbox,\n"
        "nor a connection an abstract unix socket made outside it. Launcher failures:\n"
        "a line starting with 'sbx-landlock: ' and exit status 125; with --status-fd N also a\n"
        "record 'E <errno> <step>' on fd N; --exec-mark: 'X' on fd N right before ARGV is executed.\n"
        "--die-with-parent: the launcher dies with its parent, and (from ABI 6) every process of\n"
        "the sandbox is killed when the launcher's parent dies.\n";

/* Strict decimal in [min, max]; false otherwise. */
static bool parse_int(const char *s, long min, long max, long *ret) {
        char *end = NULL;
        long v;

        if (!s || !*s || *s == '+' || *s == '-' || *s == ' ')
                return false;
        errno = 0;
        v = strtol(s, &end, 10);
        if (errno || *end || v < min || v > max)
                return false;
        *ret = v;
        return true;
}

/* Option value: "--opt=V" or "--opt V". Returns NULL when `arg` is not `name`. */
static const char *option_value(char **argv, int *i, const char *name, bool *matched) {
        size_t len = strlen(name);
        const char *a = argv[*i];

        *matched = false;
        if (strncmp(a, name, len) != 0)
                return NULL;
        if (a[len] == '=') {
                *matched = true;
                return a + len + 1;
        }
        if (a[len] != '\0')
                return NULL;
        *matched = true;
        if (!argv[*i + 1] || strcmp(argv[*i + 1], "--") == 0)
                return NULL;
        return argv[++*i];
}

/* --exec-mark, --seal-mounts: "X" on the record's descriptor right before the exec, so that the
 * caller knows the command started even when bubblewrap itself then dies by a signal (after its
 * "child-pid", bubblewrap may still die before it releases the sandbox: a crash under `ulimit -s
 * 16` was read as the command's death), and that a launcher which ended without it never executed
 * the command (a launcher executable that a signal killed before its exec, which leaves no record:
 * a host's seccomp filter, the OOM killer). An exec that fails adds its "E" record after it.
 * With the mark inside bubblewrap (with_pidfd) goes a pidfd of this process, which the exec makes
 * the command's, when the descriptor is a socket (sbx's is): bubblewrap tells only an exit code, 128+N for a death by
 * signal N, and from it sbx reads the command's own end (PIDFD_INFO_EXIT, Linux 6.15). */
static ssize_t send_exec_mark(bool with_pidfd) {
        int pidfd = with_pidfd ? (int) syscall(SYS_pidfd_open, getpid(), 0U) : -1;
        union {
                struct cmsghdr h;
                char buf[CMSG_SPACE(sizeof(int))];
        } c;
        char mark[] = "X\n";
        struct iovec iov = { .iov_base = mark, .iov_len = 2 };
        struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };
        ssize_t w;
        int e;

        if (pidfd < 0)
                return write(status_fd, mark, 2);
        memset(&c, 0, sizeof(c));
        m.msg_control = c.buf;
        m.msg_controllen = sizeof(c.buf);
        c.h.cmsg_level = SOL_SOCKET;
        c.h.cmsg_type = SCM_RIGHTS;
        c.h.cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(&c.h), &pidfd, sizeof(int));
        /* the mark matters, the pidfd is a bonus: without it (not a socket, ETOOMANYREFS under a
         * low RLIMIT_NOFILE, an LSM's refusal) the mark alone, as before */
        w = sendmsg(status_fd, &m, 0);
        if (w < 0 && errno != EINTR)
                w = write(status_fd, mark, 2);
        e = errno;
        close(pidfd);
        errno = e;
        return w;
}

/* --exec-mark, --seal-mounts: the command's exec planned before the mark. glibc's execvpe() keeps the path it
 * tries (up to 4 KiB) and, for a file that is no executable format, the shell's argv (a pointer per
 * argument) on the stack: a launcher that ran out of stack there, past its mark, was read as the
 * command's own crash. The search is execvpe()'s, done here on the heap before the mark, so that
 * after it only the execve() calls remain: a name with a '/' as it is, otherwise each element of
 * the launcher's PATH in order ("/bin:/usr/bin" without one; an empty element is the current
 * directory; one of PATH_MAX bytes or more skipped, and the current directory tried in its place
 * unless it is the last, as glibc does); a file the kernel refuses as no executable
 * format (ENOEXEC) run by /bin/sh with the same arguments; the search goes on past a candidate
 * that is missing or not permitted (EACCES, reported if nothing else is found) and stops at any
 * other error. */
struct exec_plan {
        char **paths;       /* the candidates in order, NULL-terminated */
        char **script_argv; /* "/bin/sh", the candidate, argv[1..], NULL */
        char **argv, **envp;
};

static char *plan_path(const char *dir, size_t dir_len, const char *file) {
        size_t file_len = strlen(file);
        char *c = malloc(dir_len + 1 + file_len + 1);

        if (!c)
                fail(ENOMEM, "exec", "cannot plan the command's exec");
        memcpy(c, dir, dir_len);
        if (dir_len)
                c[dir_len++] = '/';
        memcpy(c + dir_len, file, file_len + 1);
        return c;
}

static void plan_exec(struct exec_plan *p, char **argv, char **envp) {
        const char *file = argv[0], *path = getenv("PATH"), *e;
        size_t argc = 0, n = 0, max;

        while (argv[argc])
                argc++;
        if (!path)
                path = "/bin:/usr/bin";
        max = strnlen(path, PATH_MAX - 1) + 1;
        p->argv = argv;
        p->envp = envp;
        p->paths = calloc(strlen(path) + 2, sizeof(char *)); /* at most one per ':' + 1 */
        p->script_argv = calloc(argc + 2, sizeof(char *));
        if (!p->paths || !p->script_argv)
                fail(ENOMEM, "exec", "cannot plan the command's exec");
        p->script_argv[0] = (char *) "/bin/sh";
        if (argc > 1)
                memcpy(p->script_argv + 2, argv + 1, (argc - 1) * sizeof(char *));
        if (!*file)
                return; /* ENOENT, as execvpe() says */
        if (strchr(file, '/')) {
                p->paths[0] = (char *) file;
                return;
        }
        for (const char *d = path;; d = e + 1) {
                e = strchrnul(d, ':');
                if ((size_t) (e - d) < max)
                        p->paths[n++] = plan_path(d, (size_t) (e - d), file);
                else if (*e)
                        /* execvpe() goes on from the ':' after such an element, which it reads as
                         * an empty element: the current directory */
                        p->paths[n++] = plan_path(d, 0, file);
                if (!*e)
                        break;
        }
}

/* Returns only if no candidate could be executed, errno saying why. */
static void exec_planned(const struct exec_plan *p) {
        bool eacces = false;

        errno = ENOENT;
        for (char **c = p->paths; *c; c++) {
                execve(*c, p->argv, p->envp);
                if (errno == ENOEXEC) {
                        p->script_argv[1] = *c;
                        execve(p->script_argv[0], p->script_argv, p->envp);
                }
                switch (errno) {
                case EACCES:
                        eacces = true;
                        break;
                case ENOENT:
                case ENOTDIR:
                case ESTALE:
                case ENODEV:
                case ETIMEDOUT:
                case EHOSTUNREACH:
                case ENETUNREACH:
                        break;
                default:
                        return;
                }
        }
        if (eacces)
                errno = EACCES;
}

static void status_exec_mark(bool with_pidfd) {
        ssize_t w;

        if (status_fd < 0)
                return;
        do
                w = send_exec_mark(with_pidfd);
        while (w < 0 && errno == EINTR);
        if (w != 2)
                fail(w < 0 ? errno : EIO, "status-fd", "cannot report the exec on --status-fd");
}

/* Finds --status-fd before anything else so that every later failure, usage errors included,
 * leaves its record. */
static void setup_status_fd(char **argv) {
        for (int i = 1; argv[i] && strcmp(argv[i], "--") != 0; i++) {
                bool matched;
                const char *v = option_value(argv, &i, "--status-fd", &matched);
                long fd;
                int flags;

                if (!matched)
                        continue;
                if (!parse_int(v, 3, INT_MAX, &fd))
                        usage_fail("--status-fd needs a file descriptor number >= 3, got '%s'", v ? v : "");
                flags = fcntl((int) fd, F_GETFD);
                if (flags < 0)
                        fail(errno, "status-fd", "--status-fd %ld", fd);
                if (fcntl((int) fd, F_SETFD, flags | FD_CLOEXEC) < 0)
                        fail(errno, "status-fd", "cannot set close-on-exec on --status-fd %ld", fd);
                status_fd = (int) fd;
        }
}

struct launch {
        enum ll_mode mode;
        bool mode_set;
        bool seal_mounts;
        bool proc_writable; /* --proc-writable (--seal-mounts): bubblewrap's /proc stays writable */
        bool no_fence;      /* --no-fence (--seal-mounts): no Landlock, the run recorded as partial */
        bool exec_mark; /* --exec-mark, implied by --seal-mounts */
        long wait_fd;       /* --wait-fd: -1 when not given */
        long lifeline_fd;   /* --lifeline-fd: -1 when not given */
        const char *write_dirs[MAX_WRITE_DIRS];
        size_t n_write;
        /* --write-id DEV:INO[:MOUNTS], one for each --write in order (or none): the directory sbx
         * resolved, and how many mounts the host has at its path */
        struct write_id {
                unsigned long long dev, ino;
                unsigned mounts;
        } write_ids[MAX_WRITE_DIRS];
        size_t n_write_ids;
        unsigned write_mounts[MAX_WRITE_DIRS]; /* --seal-mounts: mounts at its path in the sandbox */
        /* --bound PATH and its --bound-id DEV:INO:ro|rw (--seal-mounts): what bubblewrap bound onto
         * itself inside a write directory, and whether read-only */
        const char *bound[MAX_BOUND];
        struct bound_id {
                unsigned long long dev, ino;
                bool read_only;
        } bound_ids[MAX_BOUND];
        size_t n_bound, n_bound_ids;
        /* --fd-node N:c|b:DEV:INO:RDEV:PATH (--seal-mounts): descriptor N, a device node of the
         * caller's, is to be opened again at PATH, where bubblewrap bound its host node. Kept as
         * given (checked by parse_fd_node()), read again when used: this struct lives on a stack
         * that may be small (ulimit -s 32) */
        const char *fd_nodes[MAX_FD_NODES];
        size_t n_fd_nodes;
        unsigned close_std;    /* --close-std: bit N, close N right before exec */
        const char *stdin_dir; /* --stdin-dir, and its --stdin-dir-id */
        const char *pwd;       /* --pwd: the caller's $PWD */
        bool no_pwd;           /* --no-pwd: the caller had no $PWD */
        bool sigchld_ignored;  /* --sigchld-ignored */
        bool sigchld_blocked;  /* --sigchld-blocked */
        unsigned long long stdin_dev, stdin_ino;
        bool stdin_id_set;
        long max_abi;
        long min_abi; /* --min-abi: 0 when not given */
        bool die_with_parent;
        char **argv;
};

/* --write-id DEV:INO[:MOUNTS] (v), the next of l->write_ids. */
static void parse_write_id(const char *v, struct launch *l) {
        struct write_id *id = &l->write_ids[l->n_write_ids];
        char tail;

        if (l->n_write_ids >= MAX_WRITE_DIRS)
                usage_fail("too many --write-id options (at most %d)", MAX_WRITE_DIRS);
        id->mounts = 0;
        if (!v || (sscanf(v, "%llu:%llu%c", &id->dev, &id->ino, &tail) != 2 &&
                   sscanf(v, "%llu:%llu:%u%c", &id->dev, &id->ino, &id->mounts, &tail) != 3))
                usage_fail("--write-id needs DEV:INO[:MOUNTS] in decimal, got '%s'", v ? v : "");
        l->n_write_ids++;
}

/* --bound-id DEV:INO:ro|rw (v), the next of l->bound_ids. */
static void parse_bound_id(const char *v, struct launch *l) {
        struct bound_id *id = &l->bound_ids[l->n_bound_ids];
        char mode[3] = "", tail;

        if (l->n_bound_ids >= MAX_BOUND)
                usage_fail("too many --bound-id options (at most %d)", MAX_BOUND);
        if (!v || sscanf(v, "%llu:%llu:%2[a-z]%c", &id->dev, &id->ino, mode, &tail) != 3 ||
            (strcmp(mode, "ro") != 0 && strcmp(mode, "rw") != 0))
                usage_fail("--bound-id needs DEV:INO:ro or DEV:INO:rw, got '%s'", v ? v : "");
        id->read_only = strcmp(mode, "ro") == 0;
        l->n_bound_ids++;
}

/* One --fd-node N:c|b:DEV:INO:RDEV:PATH, PATH in /dev (the sandbox's own), read into n; false when
 * malformed. */
struct fd_node {
        int fd;
        bool block;
        unsigned long long dev, ino, rdev;
        const char *path;
};

static bool read_fd_node(const char *v, struct fd_node *n) {
        char type = 0;
        int at = 0;

        n->fd = -1;
        if (!v || sscanf(v, "%d:%c:%llu:%llu:%llu:%n", &n->fd, &type, &n->dev, &n->ino, &n->rdev, &at) != 5 ||
            at == 0 || n->fd < 0 || (type != 'c' && type != 'b') || strncmp(v + at, "/dev/", 5) != 0 ||
            strstr(v + at, "/.."))
                return false;
        n->block = type == 'b';
        n->path = v + at;
        return true;
}

/* --fd-node (v), the next of l->fd_nodes. */
static void parse_fd_node(const char *v, struct launch *l) {
        struct fd_node n;

        if (l->n_fd_nodes >= MAX_FD_NODES)
                usage_fail("too many --fd-node options (at most %d)", MAX_FD_NODES);
        if (!read_fd_node(v, &n))
                usage_fail("--fd-node needs N:c|b:DEV:INO:RDEV:PATH with PATH in /dev, got '%s'", v ? v : "");
        l->fd_nodes[l->n_fd_nodes++] = v;
}

/* The options that go together, or exclude each other. */
static void check_args(const struct launch *l) {
        if (l->seal_mounts && l->mode_set)
                usage_fail("--seal-mounts and --mode exclude each other");
        if (!l->mode_set && !l->seal_mounts)
                usage_fail("--mode read-only|workspace-write is required");
        if (l->mode_set && l->mode == LL_MODE_READ_ONLY && l->n_write > 0)
                usage_fail("--write is only valid with --mode workspace-write");
        if (l->mode_set && l->mode == LL_MODE_WORKSPACE_WRITE && l->n_write == 0)
                usage_fail("--mode workspace-write needs at least one --write DIR");
        if ((l->stdin_dir || l->stdin_id_set) && !l->seal_mounts)
                usage_fail("--stdin-dir is only valid with --seal-mounts");
        if ((l->pwd || l->no_pwd) && !l->seal_mounts)
                usage_fail("--pwd and --no-pwd are only valid with --seal-mounts");
        if ((l->sigchld_ignored || l->sigchld_blocked) && !l->seal_mounts)
                usage_fail("--sigchld-ignored and --sigchld-blocked are only valid with --seal-mounts");
        if (l->pwd && l->no_pwd)
                usage_fail("--pwd and --no-pwd exclude each other");
        if (!l->stdin_dir != !l->stdin_id_set)
                usage_fail("--stdin-dir and --stdin-dir-id go together");
        if (l->n_bound != l->n_bound_ids)
                usage_fail("--bound-id must be given once for each --bound (%zu for %zu)", l->n_bound_ids, l->n_bound);
        if (l->n_fd_nodes > 0 && !l->seal_mounts)
                usage_fail("--fd-node is only valid with --seal-mounts");
        if (l->n_bound > 0 && !l->seal_mounts)
                usage_fail("--bound is only valid with --seal-mounts");
        if (l->proc_writable && !l->seal_mounts)
                usage_fail("--proc-writable is only valid with --seal-mounts");
        if (l->no_fence && !l->seal_mounts)
                usage_fail("--no-fence is only valid with --seal-mounts");
        /* the ABI enforced is the capped one: one below --min-abi would enforce less than the
         * run's enforcement was stated for */
        if (l->max_abi > 0 && l->min_abi > l->max_abi)
                usage_fail("--max-abi %ld is below --min-abi %ld", l->max_abi, l->min_abi);
        if (l->n_write_ids > 0 && l->n_write_ids != l->n_write)
                usage_fail("--write-id must be given once for each --write (%zu for %zu)", l->n_write_ids, l->n_write);
        if (l->exec_mark && status_fd < 0)
                usage_fail("--exec-mark needs --status-fd");
}

static void parse_args(int argc, char **argv, struct launch *l) {
        bool dashdash = false;
        int i;

        l->max_abi = 0;
        l->wait_fd = -1;
        l->lifeline_fd = -1;
        for (i = 1; i < argc; i++) {
                const char *a = argv[i], *v;
                bool m;

                if (strcmp(a, "--") == 0) {
                        dashdash = true;
                        i++;
                        break;
                }
                if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
                        fputs(usage_text, stdout);
                        exit(fflush(stdout) == 0 ? 0 : EXIT_LAUNCHER);
                }
                if ((v = option_value(argv, &i, "--mode", &m)), m) {
                        if (!v)
                                usage_fail("--mode needs a value (read-only or workspace-write)");
                        if (strcmp(v, "read-only") == 0)
                                l->mode = LL_MODE_READ_ONLY;
                        else if (strcmp(v, "workspace-write") == 0)
                                l->mode = LL_MODE_WORKSPACE_WRITE;
                        else
                                usage_fail("unknown mode '%s' (read-only or workspace-write)", v);
                        l->mode_set = true;
                } else if (strcmp(a, "--seal-mounts") == 0) {
                        l->seal_mounts = true;
                } else if (strcmp(a, "--proc-writable") == 0) {
                        l->proc_writable = true;
                } else if (strcmp(a, "--no-fence") == 0) {
                        l->no_fence = true;
                } else if (strcmp(a, "--exec-mark") == 0) {
                        l->exec_mark = true;
                } else if (strcmp(a, "--die-with-parent") == 0) {
                        l->die_with_parent = true;
                } else if ((v = option_value(argv, &i, "--write", &m)), m) {
                        if (!v || v[0] != '/')
                                usage_fail("--write needs an absolute directory, got '%s'", v ? v : "");
                        if (l->n_write >= MAX_WRITE_DIRS)
                                usage_fail("too many --write directories (at most %d)", MAX_WRITE_DIRS);
                        l->write_dirs[l->n_write++] = v;
                } else if ((v = option_value(argv, &i, "--write-id", &m)), m) {
                        parse_write_id(v, l);
                } else if ((v = option_value(argv, &i, "--bound", &m)), m) {
                        if (!v || v[0] != '/')
                                usage_fail("--bound needs an absolute path, got '%s'", v ? v : "");
                        if (l->n_bound >= MAX_BOUND)
                                usage_fail("too many --bound paths (at most %d)", MAX_BOUND);
                        l->bound[l->n_bound++] = v;
                } else if ((v = option_value(argv, &i, "--bound-id", &m)), m) {
                        parse_bound_id(v, l);
                } else if ((v = option_value(argv, &i, "--fd-node", &m)), m) {
                        parse_fd_node(v, l);
                } else if ((v = option_value(argv, &i, "--close-std", &m)), m) {
                        long fd;
                        if (!parse_int(v, 0, 1, &fd))
                                usage_fail("--close-std needs 0 or 1, got '%s'", v ? v : "");
                        l->close_std |= 1u << fd;
                } else if ((v = option_value(argv, &i, "--stdin-dir", &m)), m) {
                        if (!v || v[0] != '/')
                                usage_fail("--stdin-dir needs an absolute directory, got '%s'", v ? v : "");
                        l->stdin_dir = v;
                } else if ((v = option_value(argv, &i, "--pwd", &m)), m) {
                        if (!v)
                                usage_fail("--pwd needs a value");
                        l->pwd = v;
                } else if (strcmp(a, "--no-pwd") == 0) {
                        l->no_pwd = true;
                } else if (strcmp(a, "--sigchld-ignored") == 0) {
                        l->sigchld_ignored = true;
                } else if (strcmp(a, "--sigchld-blocked") == 0) {
                        l->sigchld_blocked = true;
                } else if ((v = option_value(argv, &i, "--stdin-dir-id", &m)), m) {
                        char tail;

                        if (!v || sscanf(v, "%llu:%llu%c", &l->stdin_dev, &l->stdin_ino, &tail) != 2)
                                usage_fail("--stdin-dir-id needs DEV:INO in decimal, got '%s'", v ? v : "");
                        l->stdin_id_set = true;
                } else if ((v = option_value(argv, &i, "--status-fd", &m)), m) {
                        /* handled by setup_status_fd() */
                } else if ((v = option_value(argv, &i, "--wait-fd", &m)), m) {
                        if (!parse_int(v, 3, INT_MAX, &l->wait_fd))
                                usage_fail("--wait-fd needs a file descriptor number >= 3, got '%s'", v ? v : "");
                } else if ((v = option_value(argv, &i, "--lifeline-fd", &m)), m) {
                        if (!parse_int(v, 3, INT_MAX, &l->lifeline_fd))
                                usage_fail("--lifeline-fd needs a file descriptor number >= 3, got '%s'", v ? v : "");
                } else if ((v = option_value(argv, &i, "--close-fd", &m)), m) {
                        long fd;
                        if (!parse_int(v, 3, INT_MAX, &fd))
                                usage_fail("--close-fd needs a file descriptor number >= 3, got '%s'", v ? v : "");
                        if (close((int) fd) < 0)
                                fail(errno, "close-fd", "--close-fd %ld", fd);
                } else if ((v = option_value(argv, &i, "--max-abi", &m)), m) {
                        if (l->max_abi > 0)
                                usage_fail("--max-abi given twice");
                        if (!parse_int(v, 1, INT_MAX, &l->max_abi))
                                usage_fail("--max-abi needs a number >= 1, got '%s'", v ? v : "");
                } else if ((v = option_value(argv, &i, "--min-abi", &m)), m) {
                        if (l->min_abi > 0)
                                usage_fail("--min-abi given twice");
                        if (!parse_int(v, 1, INT_MAX, &l->min_abi))
                                usage_fail("--min-abi needs a number >= 1, got '%s'", v ? v : "");
                } else
                        usage_fail("unknown option '%s'", a);
        }
        check_args(l);
        if (!dashdash || i >= argc || !argv[i])
                usage_fail("missing '--' followed by the command to run");
        if (!argv[i][0])
                usage_fail("empty command name");
        l->argv = argv + i;
}

static void add_rule_fd(int ruleset, int fd, uint64_t access, const char *path) {
        struct sbx_ll_path_beneath_attr pb = { .allowed_access = access, .parent_fd = fd };

        if (access == 0)
                return;
        if (sbx_ll_add_rule(ruleset, SBX_LL_RULE_PATH_BENEATH, &pb, 0) < 0) {
                int e = errno;
                close(fd);
                fail(e, "rule", "cannot add the Landlock rule for %s", path);
        }
}

/* A sink is granted only when it is what it should be (a character device, or the pts
 * directory); a missing one cannot be written anyway. */
static void add_sink(int ruleset, const char *path, bool dir, uint64_t access) {
        struct stat st;
        int fd = open(path, O_PATH | O_CLOEXEC | (dir ? O_DIRECTORY : 0));

        if (fd < 0) {
                if (errno == ENOENT || errno == ENOTDIR || errno == EACCES || errno == ENXIO)
                        return;
                fail(errno, "rule", "cannot open the sink %s", path);
        }
        if (fstat(fd, &st) == 0 && (dir ? S_ISDIR(st.st_mode) : S_ISCHR(st.st_mode)))
                add_rule_fd(ruleset, fd, access, path);
        close(fd);
}

/* The --write directories come canonical (sbx resolved them): a symlink on the way now means one
 * was swapped in since, and the grant would land elsewhere. sbx_open_no_symlinks() refuses that,
 * also where openat2() is missing (a filter that answers ENOSYS): the path is then walked with
 * O_NOFOLLOW, never by a plain open(2), which followed the swapped symlink (review 55). */
static int open_path_no_symlinks(const char *path, int flags) {
        return sbx_open_no_symlinks(path, flags);
}

static int open_dir_no_symlinks(const char *path, int flags) {
        return open_path_no_symlinks(path, flags | O_DIRECTORY);
}

static int open_no_symlinks(const char *path) {
        return open_dir_no_symlinks(path, O_PATH);
}

/* With --write-id, write directory i must be the very directory sbx resolved. */
static void check_write_id(const struct launch *l, size_t i, const struct stat *st) {
        if (l->n_write_ids == 0)
                return;
        if ((unsigned long long) st->st_dev != l->write_ids[i].dev ||
            (unsigned long long) st->st_ino != l->write_ids[i].ino)
                fail(EXDEV, "write-dir",
                     "the write directory %s is not the directory sbx resolved (it was replaced since)",
                     l->write_dirs[i]);
}

/* Reading everywhere but in /dev, whose nodes may act when opened, for reading too: a hardware
 * watchdog starts counting down (and reboots the machine unless something feeds it), a serial port
 * raises its modem lines, /dev/kvm and /dev/fuse opened for any user they let in (redteam review:
 * as root, /dev/ttyS0 and /dev/kvm opened in a read-only run). The root's entries are granted one
 * by one, /dev left out (its directories listed, through the root's READ_DIR), then in /dev what a
 * command reads: random, urandom, and /dev/shm's objects; the sinks and the terminals come after.
 * A symlink among the root's entries (/bin on a merged /usr) is not granted: Landlock checks the
 * path it leads to. */
static void add_read_rules(int ruleset, uint64_t read) {
        static const char *const dev_read[] = { "/dev/random", "/dev/urandom" };
        int root = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC), fd;
        DIR *d;
        struct dirent *e;

        if (root < 0)
                fail(errno, "rule", "cannot open /");
        add_rule_fd(ruleset, root, read & SBX_LL_FS_READ_DIR, "/");
        d = fdopendir(root); /* (closedir() closes root) */
        if (!d)
                fail(errno, "rule", "cannot read /");
        while ((errno = 0, e = readdir(d))) {
                struct stat st;
                /* the type from the directory entry where the file system gives it (one system
                 * call less per entry on the path of every run) */
                unsigned char type = e->d_type;

                if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 || strcmp(e->d_name, "dev") == 0 ||
                    type == DT_LNK)
                        continue;
                fd = openat(root, e->d_name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
                if (fd < 0) {
                        if (errno == ENOENT)
                                continue; /* removed meanwhile */
                        fail(errno, "rule", "cannot open /%s", e->d_name);
                }
                if (type == DT_UNKNOWN) {
                        if (fstat(fd, &st) < 0)
                                fail(errno, "rule", "cannot read /%s", e->d_name);
                        type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISLNK(st.st_mode) ? DT_LNK : DT_REG;
                }
                if (type != DT_LNK)
                        add_rule_fd(ruleset, fd, type == DT_DIR ? read : read & ~SBX_LL_FS_READ_DIR, e->d_name);
                close(fd);
        }
        if (errno)
                fail(errno, "rule", "cannot read /");
        closedir(d);
        for (size_t i = 0; i < sizeof(dev_read) / sizeof(dev_read[0]); i++)
                add_sink(ruleset, dev_read[i], false, read & SBX_LL_FS_READ_FILE);
        add_sink(ruleset, "/dev/shm", true, read & ~SBX_LL_FS_EXECUTE);
}

/* The terminals the run was given: each of descriptors 0, 1 and 2 that is a terminal gets the
 * sinks' rights on its own node, so that the command opens it again by its name (/dev/pts/N from
 * ttyname(), /dev/stdout, /proc/self/fd/N). The rule is the descriptor's inode's, whatever path
 * leads to it. Not /dev/pts beneath: that granted every terminal there, the user's other
 * terminals included, which a command wrote to and changed the settings of (stty) in a run recorded
 * full. The cost: the slave of a new pseudo-terminal (script, expect, ssh -t) is made after the
 * ruleset, and no rule grants it (EACCES). /dev/tty, the controlling terminal, only when it is one
 * of them (tcgetsid() answers this session for it alone): with all three elsewhere
 * (`</dev/null >log 2>&1` in an interactive shell) a command still wrote to the caller's terminal
 * and changed its settings through /dev/tty. Bubblewrap's new session has none at all. */
static void add_terminals(int ruleset, uint64_t access) {
        bool controlling = false;

        for (int fd = 0; fd <= 2; fd++) {
                struct stat st;
                int copy;

                if (fstat(fd, &st) < 0 || !S_ISCHR(st.st_mode) || !isatty(fd))
                        continue;
                /* a pty's master answers with its slave's session: only this one's counts */
                controlling = controlling || tcgetsid(fd) == getsid(0);
                /* a copy names the inode to Landlock (any open file does): add_rule_fd() closes
                 * it on failure, and fail() then still has stderr */
                copy = fcntl(fd, F_DUPFD_CLOEXEC, 3);
                if (copy < 0)
                        fail(errno, "rule", "cannot copy the terminal on descriptor %d", fd);
                add_rule_fd(ruleset, copy, access, "the terminal on a descriptor 0-2");
                close(copy);
        }
        if (controlling)
                add_sink(ruleset, "/dev/tty", false, access);
}

static int build_ruleset(const struct launch *l, int abi) {
        struct sbx_ll_ruleset_attr attr = { 0 };
        uint64_t handled = sbx_ll_fs_rights(abi);
        uint64_t read = SBX_LL_FS_READ_FILE | SBX_LL_FS_READ_DIR | SBX_LL_FS_EXECUTE;
        uint64_t sink = (SBX_LL_FS_READ_FILE | SBX_LL_FS_WRITE_FILE | SBX_LL_FS_TRUNCATE |
                         SBX_LL_FS_IOCTL_DEV) & handled;
        static const char *const sinks[] = { "/dev/null", "/dev/zero", "/dev/full", "/dev/ptmx" };
        int ruleset, fd;

        attr.handled_access_fs = handled;
        /* ABI 6: no signal to a process outside the sandbox. Without a pid namespace the command
         * could otherwise kill its own supervisor (its verdict would go unrecorded), the audit
         * writer, or any other process of the user; bubblewrap's pid namespace already hides them.
         * Nor a connection to an abstract unix socket made outside it: a host service's there has
         * no file to govern and no permission bits (any user's command reached root's listener,
         * escape review 52); the command's own still connect. A socket file stays reachable. */
        if (abi >= 6)
                attr.scoped = SBX_LL_SCOPE_SIGNAL | SBX_LL_SCOPE_ABSTRACT_UNIX_SOCKET;
        ruleset = sbx_ll_create_ruleset(&attr, sbx_ll_ruleset_attr_size(abi), 0);
        if (ruleset < 0)
                fail(errno, "ruleset", "cannot create the Landlock ruleset (ABI %d)", abi);

        add_read_rules(ruleset, read & handled);
        for (size_t i = 0; i < sizeof(sinks) / sizeof(sinks[0]); i++)
                add_sink(ruleset, sinks[i], false, sink);
        add_terminals(ruleset, sink);

        for (size_t i = 0; i < l->n_write; i++) {
                struct stat st;

                fd = open_no_symlinks(l->write_dirs[i]);
                if (fd < 0)
                        fail(errno, "write-dir", "cannot open the write directory %s%s", l->write_dirs[i],
                             errno == ELOOP ? " (it is, or passes through, a symlink now)" : "");
                if (fstat(fd, &st) < 0 || !S_ISDIR(st.st_mode))
                        fail(ENOTDIR, "write-dir", "cannot use the write directory %s", l->write_dirs[i]);
                check_write_id(l, i, &st);
                /* never device nodes: as root, a block device made in the workspace and then
                 * written would write the host's disk */
                add_rule_fd(ruleset, fd, handled & ~(SBX_LL_FS_MAKE_BLOCK | SBX_LL_FS_MAKE_CHAR), l->write_dirs[i]);
                close(fd);
        }
        return ruleset;
}

/* The command keeps no capability, as under bubblewrap: root's capabilities would reach beyond
 * file effects (loading modules, raw devices, setting the host name). The bounding set is emptied
 * so that exec gives uid 0 nothing back. Without CAP_SETPCAP (an ordinary user's Landlock run;
 * under bubblewrap sbx gives the sealing launcher CAP_SETPCAP in the sandbox's user namespace) the
 * bounding set cannot be changed and may still list capabilities, but the effective, permitted, inheritable
 * and ambient sets are emptied, and no_new_privs keeps exec from granting any (file
 * capabilities and set-user-ID included). */
static void drop_capabilities(void) {
        struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
        struct __user_cap_data_struct data[2] = { 0 };
        bool can_setpcap;

        if (syscall(SYS_capget, &hdr, data) < 0)
                fail(errno, "capabilities", "cannot read the capability sets");
        can_setpcap = data[CAP_SETPCAP / 32].effective & (1U << (CAP_SETPCAP % 32));
        /* capabilities are numbered 0..cap_last_cap: the first EINVAL is past the last one */
        for (int cap = 0; can_setpcap && cap < 64; cap++)
                if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0) {
                        if (errno == EINVAL)
                                break;
                        fail(errno, "capabilities", "cannot drop capability %d from the bounding set", cap);
                }
        if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) < 0 && errno != EINVAL)
                fail(errno, "capabilities", "cannot clear the ambient capabilities");
        memset(data, 0, sizeof(data));
        hdr = (struct __user_cap_header_struct) { .version = _LINUX_CAPABILITY_VERSION_3 };
        if (syscall(SYS_capset, &hdr, data) < 0)
                fail(errno, "capabilities", "cannot clear the capability sets");
        /* Read back, into sets that say every capability until the kernel writes them: a seccomp
         * filter around sbx can make capset() and capget() say 0 without acting, and the command
         * then kept root's capabilities (redteam review: under Landlock the host's, as root; under
         * bubblewrap those of its user namespace, where it gave a workspace file the file
         * capabilities cap_setuid,cap_sys_admin=ep, valid on the host), recorded as full. */
        memset(data, 0xff, sizeof(data));
        hdr = (struct __user_cap_header_struct) { .version = _LINUX_CAPABILITY_VERSION_3 };
        if (syscall(SYS_capget, &hdr, data) < 0)
                fail(errno, "capabilities", "cannot read the capability sets");
        for (size_t i = 0; i < sizeof(data) / sizeof(data[0]); i++)
                if (data[i].effective || data[i].permitted || data[i].inheritable)
                        fail_plain(EPERM, "capabilities",
                                   "the capabilities were not dropped: capset() said so, and the sets still hold "
                                   "some (a seccomp filter around sbx that fakes capset?)");
}

/* --pwd / --no-pwd: the caller's $PWD back in place of the one bubblewrap set */
static void restore_pwd(const struct launch *l) {
        if (l->pwd && setenv("PWD", l->pwd, 1) < 0)
                fail(errno, "environment", "cannot set PWD");
        if (l->no_pwd && unsetenv("PWD") < 0)
                fail(errno, "environment", "cannot unset PWD");
}

/* --sigchld-ignored / --sigchld-blocked: the caller's SIGCHLD, right before exec */
static void restore_sigchld(const struct launch *l) {
        struct sigaction ign = { .sa_handler = SIG_IGN };
        sigset_t chld;

        sigemptyset(&ign.sa_mask);
        if (l->sigchld_ignored && sigaction(SIGCHLD, &ign, NULL) < 0)
                fail(errno, "signals", "cannot ignore SIGCHLD");
        sigemptyset(&chld);
        sigaddset(&chld, SIGCHLD);
        if (l->sigchld_blocked && sigprocmask(SIG_BLOCK, &chld, NULL) < 0)
                fail(errno, "signals", "cannot block SIGCHLD");
}

/* ---- --seal-mounts: the first step inside a bubblewrap sandbox ----------------------------
 *
 * bubblewrap makes the sandbox's mounts slaves of the host's, so a mount the host makes while the
 * command runs (an automount the command triggers, removable media, an administrator's mount)
 * would appear inside with the host's, writable, options. Run as the command bubblewrap starts,
 * with CAP_SYS_ADMIN in the sandbox's user namespace only, the launcher cuts propagation
 * (MS_PRIVATE, recursively), makes read-only every writable mount that is not one the policy
 * grants (beneath a --write directory, or bubblewrap's own /dev and /proc), drops every
 * capability, sets no_new_privs, installs the set-ID part of the seccomp filter (with its
 * refusal of the keyrings, kernel and file system, and of typing into a terminal), and execs the
 * command. */

static bool beneath(const char *path, const char *dir) {
        size_t n = strlen(dir);
        if (n == 1 && dir[0] == '/')
                return true;
        return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

static bool has_option(const char *opts, const char *opt) {
        size_t n = strlen(opt);
        for (const char *p = opts; p && *p;) {
                if (strncmp(p, opt, n) == 0 && (p[n] == ',' || p[n] == '\0'))
                        return true;
                p = strchr(p, ',');
                if (p)
                        p++;
        }
        return false;
}

/* True in the initial user namespace, whose uid_map is the identity over the whole range. */
static bool in_initial_user_namespace(void) {
        char buf[128] = "";
        unsigned long inside, outside, count;

        if (sbx_read_head("/proc/self/uid_map", buf, sizeof(buf)) <= 0)
                return true; /* cannot tell: assume the worst */
        return sscanf(buf, "%lu %lu %lu", &inside, &outside, &count) == 3 && inside == 0 && outside == 0 &&
               count == 4294967295UL;
}

/* mount_setattr(2), by number: the C library may not wrap it */
#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif
#ifndef MOUNT_ATTR_RDONLY
#define MOUNT_ATTR_RDONLY 0x00000001
#endif
struct seal_mount_attr {
        uint64_t attr_set, attr_clr, propagation, userns_fd;
};

static int set_mount_readonly(int dfd, const char *path, bool ro, unsigned int flags) {
        struct seal_mount_attr a = { 0 };

        if (ro)
                a.attr_set = MOUNT_ATTR_RDONLY;
        else
                a.attr_clr = MOUNT_ATTR_RDONLY;
        return (int) syscall(SYS_mount_setattr, dfd, path, flags, &a, sizeof(a));
}

/* Every writable mount the policy does not grant is made read-only by the mount tree first
 * (mount_setattr(2) with AT_RECURSIVE on /), then each granted one that was writable is made
 * writable again through a descriptor of its path, when the mount found there is that one (its
 * mount ID: another stacked on it keeps its own mode; open_mount()). A path is the host's to
 * change, the tree is not: a parent of a mount renamed on the host between the read of mountinfo
 * and a remount by path carried that mount out of reach of the remount, writable (adversarial
 * review: a write landed through a mount renamed out of a directory the command may not search).
 * A mount beneath a directory the
 * command's user may not search (another user's 0700 /run/user/N with its portal and gvfs mounts,
 * /var/lib/docker's 0710 with its containers' file systems) needs no path either: remounting it by
 * path failed with EACCES, and every run under bubblewrap on such a host was refused (chaos
 * review).
 * Without mount_setattr(2) (before Linux 5.12), or where it is refused, each mount is remounted
 * read-only through its path, as before Linux 5.12 allows (seal_by_path()): one hidden beneath
 * another cannot be reached, so cannot be written; one its path no longer reaches, and not hidden,
 * refuses the run; so does one whose path the command's user may not search, since a chmod or a
 * rename on the host during the run would open the way to it, writable. */
struct seal_entry {
        const char *path;
        const char *opts; /* its mount options, restated by the remount by path */
        unsigned long long id, parent;
        bool granted, writable, mqueue;
};

/* The mount ID of what fd refers to: statx(2) from Linux 5.8, /proc/self/fdinfo before. */
static unsigned long long mount_id_of(int fd) {
        struct statx stx;
        char name[64], buf[512] = "", *p;

        if (statx(fd, "", AT_EMPTY_PATH, STATX_MNT_ID, &stx) == 0 && (stx.stx_mask & STATX_MNT_ID))
                return stx.stx_mnt_id;
        snprintf(name, sizeof(name), "/proc/self/fdinfo/%d", fd);
        if (sbx_read_head(name, buf, sizeof(buf)) <= 0 || !(p = strstr(buf, "mnt_id:")))
                return 0;
        return strtoull(p + strlen("mnt_id:"), NULL, 10);
}

/* Whether the mount e[i] is out of reach for good in the mountinfo read: another mount on its
 * root, or on the root of a mount it is beneath. Decided from that one read, not from a path
 * resolved later: a rename on the host moves a mount, it covers none. A mount beneath another
 * one's mount point in the same parent is not out of reach for good: a rename on the host can
 * carry its mount point out from under the other. */
static bool covered(const struct seal_entry *e, size_t n, size_t i) {
        for (size_t depth = 0; depth < n; depth++) {
                size_t parent = n;

                for (size_t k = 0; k < n; k++) {
                        if (k == i)
                                continue;
                        if (e[k].parent == e[i].id && strcmp(e[k].path, e[i].path) == 0)
                                return true; /* on its root */
                        if (e[k].id == e[i].parent)
                                parent = k;
                }
                if (parent == n)
                        return false; /* the root */
                i = parent;
        }
        return false;
}

/* A descriptor of the mount e at its path, when the mount found there is that one (its mount ID),
 * or -1: errno EXDEV for another mount there, else open()'s. The mount is checked and changed
 * through one descriptor: the path, resolved twice, could reach another mount the second time (a
 * rename on the host). */
static int open_mount(const struct seal_entry *e) {
        int fd = open(e->path, O_PATH | O_NOFOLLOW | O_CLOEXEC);

        if (fd >= 0 && mount_id_of(fd) != e->id) {
                close(fd);
                errno = EXDEV;
                return -1;
        }
        return fd;
}

static bool seal_by_tree(const struct seal_entry *e, size_t n) {
        if (set_mount_readonly(AT_FDCWD, "/", true, AT_RECURSIVE) < 0)
                return false;
        for (size_t i = 0; i < n; i++) {
                int fd;

                if (!e[i].granted || !e[i].writable)
                        continue;
                fd = open_mount(&e[i]);
                if (fd < 0)
                        continue; /* out of reach, or another mount on it */
                if (set_mount_readonly(fd, "", false, AT_EMPTY_PATH) < 0)
                        fail(errno, "seal-mounts", "cannot make %s writable again", e[i].path);
                close(fd);
        }
        return true;
}

/* The message queues of another IPC namespace: an mqueue file system the host mounted where the
 * command reads (systemd's /dev/mqueue lies beneath the sandbox's own /dev; any other place is
 * reached through the read-only bind of /). The sandbox's IPC namespace is its own, so each mqueue
 * mount here shows the host's queues, and a queue's file opened for reading is all that
 * mq_timedreceive needs to take the host's message, and mq_notify to register on the queue: no
 * read-only mount and no Landlock right governs them (escape review 54: a read-only run took the
 * host's message, recorded full). Each such mount gets an empty read-only tmpfs over it, which the
 * command, without a capability and in a Landlock domain, cannot remove. One out of reach for good
 * (covered()) needs none; one its path does not reach otherwise refuses the run, as a rename or a
 * chmod on the host could open the way to it. */
static void cover_mqueues(const struct seal_entry *e, size_t n) {
        for (size_t i = 0; i < n; i++) {
                char self[64];
                int fd;

                if (!e[i].mqueue || covered(e, n, i))
                        continue;
                fd = open_mount(&e[i]);
                if (fd < 0)
                        fail(errno, "seal-mounts", "cannot reach the message queues mounted at %s to cover them",
                             e[i].path);
                snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
                if (mount("sbx-mqueue-cover", self, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
                          "size=4k,nr_inodes=1,mode=0") < 0)
                        fail(errno, "seal-mounts", "cannot cover the message queues mounted at %s", e[i].path);
                close(fd);
        }
}

static unsigned long remount_flags(const char *opts) {
        unsigned long flags = MS_REMOUNT | MS_BIND | MS_RDONLY;

        if (has_option(opts, "nosuid"))
                flags |= MS_NOSUID;
        if (has_option(opts, "nodev"))
                flags |= MS_NODEV;
        if (has_option(opts, "noexec"))
                flags |= MS_NOEXEC;
        /* a locked mount keeps its access-time mode: restate it */
        if (has_option(opts, "noatime"))
                flags |= MS_NOATIME;
        else if (has_option(opts, "strictatime"))
                flags |= MS_STRICTATIME;
        else if (has_option(opts, "relatime"))
                flags |= MS_RELATIME;
        if (has_option(opts, "nodiratime"))
                flags |= MS_NODIRATIME;
        return flags;
}

/* Each mount is remounted through a descriptor of its root, when it is the one mountinfo listed
 * (its mount ID), by the descriptor's /proc/self/fd link. One that cannot be reached so must be
 * out of reach for good in the mountinfo read (covered()): a path that no longer leads to it was
 * taken for a mount hidden beneath another, and a mount whose parent the host renamed between the
 * read and the remount stayed writable at its new path (adversarial review: a write landed there). */
static void seal_by_path(const struct seal_entry *e, size_t n) {
        for (size_t i = 0; i < n; i++) {
                char link[64];
                int fd;

                if (e[i].granted || !e[i].writable)
                        continue;
                fd = open_mount(&e[i]);
                if (fd < 0 && errno == EACCES)
                        fail(errno, "seal-mounts",
                             "cannot remount %s read-only: a directory on its path is closed to the command, "
                             "and this kernel cannot make every mount read-only at once (mount_setattr)",
                             e[i].path);
                if (fd < 0) {
                        if (covered(e, n, i))
                                continue;
                        fail(EXDEV, "seal-mounts",
                             "cannot remount %s read-only: it is no longer at that path (moved while the sandbox "
                             "was sealed), and this kernel cannot make every mount read-only at once (mount_setattr)",
                             e[i].path);
                }
                snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
                if (mount(NULL, link, NULL, remount_flags(e[i].opts), NULL) < 0)
                        fail(errno, "seal-mounts", "cannot remount %s read-only", e[i].path);
                close(fd);
        }
}

/* bubblewrap's own /dev and /proc: the file systems it mounted there, whole (root "/"). Not the
 * host's device nodes it binds into its /dev (/dev/null, /dev/tty, ...: a file of the host's
 * devtmpfs each): writable, they let the command change the host's inodes (a read-only run as
 * root chmod'ed and touched the host's /dev/zero, nobody's touched it: adversarial review). A
 * device is written through a read-only mount all the same.
 *
 * /proc only with --proc-writable, which sbx gives when the caller does not own procfs's
 * kernel-wide entries (sbx_bwrap_proc_writable()): whichever procfs shows them, the top-level
 * files (/proc/meminfo, /proc/slabinfo, ...) and each network namespace's /proc/PID/net files are
 * the kernel's one table, and their owner may chmod and chown them. Root's command did, in a
 * workspace-write run (`chmod 400 /proc/meminfo`, `/proc/self/net/tcp`: the mode outlived the run
 * for every user; session 42). No bind covers every /proc/PID/net, so root's /proc is read-only,
 * whole, as /proc is under Landlock: the command's own /proc/self files (comm, oom_score_adj, a
 * nested user namespace's uid_map) refuse writes too. */
static bool own_dev_or_proc(const struct launch *l, const char *path, const char *root, const char *fstype) {
        if (strcmp(root, "/") != 0)
                return false;
        if (beneath(path, "/dev"))
                return strcmp(fstype, "tmpfs") == 0 || strcmp(fstype, "devpts") == 0 || strcmp(fstype, "mqueue") == 0;
        return l->proc_writable && beneath(path, "/proc") && strcmp(fstype, "proc") == 0;
}

static void seal_mounts(struct launch *l) {
        static char buf[1 << 20];
        static struct seal_entry entry[1 << 14];
        size_t n_entries = 0;
        ssize_t len = 0, n;
        int fd;

        /* Only ever inside bubblewrap's user namespace: there the kernel lets these mount calls touch
         * nothing but the sandbox's own mount namespace. Run on the host as root, they would
         * remount the host's file systems. */
        if (in_initial_user_namespace())
                fail(EPERM, "seal-mounts", "--seal-mounts runs only inside a sandbox's user namespace");
        /* Unprivileged, bubblewrap runs the command in a user namespace nested in the one that owns
         * the sandbox's mounts: a mount namespace of our own (its mounts copied, and locked) is
         * then the one whose mounts we may make private and read-only. */
        if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) {
                if (errno != EPERM || unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
                        fail(errno, "seal-mounts", "cannot make the sandbox's mounts private");
        }
        fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                fail(errno, "seal-mounts", "cannot read /proc/self/mountinfo");
        while ((n = read(fd, buf + len, sizeof(buf) - 1 - (size_t) len)) > 0)
                len += n;
        close(fd);
        if (n < 0 || len >= (ssize_t) sizeof(buf) - 1)
                fail(n < 0 ? errno : EFBIG, "seal-mounts", "cannot read /proc/self/mountinfo");
        buf[len] = '\0';

        for (char *line = buf, *next; line && *line; line = next) {
                char *field[7] = { 0 }, *save = NULL, *p = line, *fstype = NULL;
                struct seal_entry *e;

                next = strchr(line, '\n');
                if (next)
                        *next++ = '\0';
                for (int k = 0; k < 6; k++, p = NULL)
                        if (!(field[k] = strtok_r(p, " ", &save)))
                                break;
                /* the optional fields end with "-", then the file system's type */
                for (char *t; field[5] && (t = strtok_r(NULL, " ", &save));)
                        if (strcmp(t, "-") == 0) {
                                fstype = strtok_r(NULL, " ", &save);
                                break;
                        }
                if (!field[5] || !fstype)
                        fail(EBADMSG, "seal-mounts", "cannot parse /proc/self/mountinfo");
                sbx_mountinfo_unescape(field[4]);
                for (size_t i = 0; i < l->n_write; i++)
                        if (strcmp(field[4], l->write_dirs[i]) == 0)
                                l->write_mounts[i]++;
                if (n_entries >= sizeof(entry) / sizeof(entry[0]))
                        fail(E2BIG, "seal-mounts", "too many mounts");
                e = &entry[n_entries++];
                e->path = field[4];
                e->id = strtoull(field[0], NULL, 10);
                e->parent = strtoull(field[1], NULL, 10);
                e->opts = field[5];
                e->writable = !has_option(field[5], "ro");
                e->granted = own_dev_or_proc(l, field[4], field[3], fstype);
                e->mqueue = strcmp(fstype, "mqueue") == 0;
                for (size_t i = 0; i < l->n_write && !e->granted; i++)
                        e->granted = beneath(field[4], l->write_dirs[i]);
        }
        if (!seal_by_tree(entry, n_entries))
                seal_by_path(entry, n_entries);
        cover_mqueues(entry, n_entries);
}

/* bubblewrap binds each --write directory by its path, resolved again when it mounts: a process
 * that can write a parent of the workspace (a command of a concurrent run whose workspace holds
 * this one) could swap a symlink in after sbx resolved it, and bubblewrap would bind the
 * symlink's target writable, at the target's path or at the workspace's (security review: a
 * symlink to ../../proc/sys/kernel put the host's sysctls in the sandbox, writable). Inside the
 * sandbox, each write directory must therefore be a mount point, reached without a symlink, and
 * the directory sbx resolved (--write-id); anything else and the command never runs. */
static void check_sealed_write_dirs(const struct launch *l) {
        for (size_t i = 0; i < l->n_write_ids; i++) {
                struct stat st;
                int fd = open_no_symlinks(l->write_dirs[i]);

                if (fd < 0)
                        fail(errno, "write-dir", "cannot open the write directory %s in the sandbox%s",
                             l->write_dirs[i], errno == ELOOP ? " (it is, or passes through, a symlink now)" : "");
                if (fstat(fd, &st) < 0 || !S_ISDIR(st.st_mode))
                        fail(ENOTDIR, "write-dir", "cannot use the write directory %s", l->write_dirs[i]);
                close(fd);
                check_write_id(l, i, &st);
                /* the host's mounts at that path are there, copied by the bind of /: bubblewrap's own
                 * is one more (security review) */
                if (l->write_mounts[i] <= l->write_ids[i].mounts)
                        fail(EXDEV, "write-dir",
                             "the write directory %s is not where bubblewrap mounted it (it was replaced while "
                             "the sandbox was set up)",
                             l->write_dirs[i]);
        }
}

/* bubblewrap binds each of sbx's own paths in the workspace (read-only), and each directory between
 * the workspace and one of them (onto itself, so that it cannot be renamed away), by its path,
 * resolved again when it mounts: a concurrent command that swapped a parent of one for a symlink
 * sent the bind elsewhere, and once it swapped back the real path lay in the workspace's writable
 * bind (redteam review: a config planted there made the next run danger-full-access). Each must
 * therefore be reached without a symlink, be the one sbx resolved (--bound-id), be the root of a
 * mount of its own, and, when it was bound read-only, be on a read-only mount. */
static void check_bound(const struct launch *l) {
        for (size_t i = 0; i < l->n_bound; i++) {
                char *parent = NULL; /* on the heap: the stack may be small (ulimit -s 32) */
                struct statfs sfs;
                struct stat st;
                int fd = open_path_no_symlinks(l->bound[i], O_PATH | O_NOFOLLOW), pfd;
                const char *slash = strrchr(l->bound[i], '/');

                if (fd < 0)
                        fail(errno, "write-dir", "cannot open %s, which sbx keeps out of the command's reach, in the sandbox%s",
                             l->bound[i], errno == ELOOP ? " (it is, or passes through, a symlink now)" : "");
                if (fstat(fd, &st) < 0 || fstatfs(fd, &sfs) < 0)
                        fail(errno, "write-dir", "cannot examine %s", l->bound[i]);
                if ((unsigned long long) st.st_dev != l->bound_ids[i].dev ||
                    (unsigned long long) st.st_ino != l->bound_ids[i].ino)
                        fail(EXDEV, "write-dir", "%s, which sbx keeps out of the command's reach, is not the one sbx resolved (it was replaced since)",
                             l->bound[i]);
                if (!slash || !(parent = strndup(l->bound[i], slash == l->bound[i] ? 1 : (size_t) (slash - l->bound[i]))))
                        fail(slash ? ENOMEM : EINVAL, "write-dir", "cannot find the directory above %s", l->bound[i]);
                pfd = open_dir_no_symlinks(parent, O_PATH);
                if (pfd < 0)
                        fail(errno, "write-dir", "cannot open %s in the sandbox", parent);
                if (mount_id_of(fd) == mount_id_of(pfd) || (l->bound_ids[i].read_only && !(sfs.f_flags & ST_RDONLY)))
                        fail(EXDEV, "write-dir",
                             "%s, which sbx keeps out of the command's reach, is not where bubblewrap bound it%s (a "
                             "directory on its path was replaced while the sandbox was set up)",
                             l->bound[i], l->bound_ids[i].read_only ? " read-only" : "");
                close(pfd);
                close(fd);
                free(parent);
        }
}

/* --seal-mounts: the caller's /dev/null, /dev/zero or /dev/full (on descriptors 0-2, passed as they
 * are whatever their access, or a --keep-fd one) is the host's node on the host's writable /dev:
 * through /proc/self/fd/N a command changed its mode (as root, `chmod 604 /proc/self/fd/1
 * >/dev/full` in a workspace-write run: every user lost the host's /dev/full; escape review). Each
 * is opened again on the sandbox's own node of that device, a read-only bind, with the same access:
 * the same device, and EROFS for a change of its inode. */
static const char *const sinks[] = { "/dev/null", "/dev/zero", "/dev/full" };

/* fd opened again on the sink of sinks[] whose device it is (rdev: each one's in the sandbox, 0
 * where there is none), if any. */
static void reopen_sink(int fd, const dev_t *rdev) {
        struct stat st;
        int flags, nfd;

        if (fstat(fd, &st) < 0 || !S_ISCHR(st.st_mode))
                return;
        for (size_t i = 0; i < sizeof(sinks) / sizeof(sinks[0]); i++) {
                if (!rdev[i] || rdev[i] != st.st_rdev)
                        continue;
                flags = fcntl(fd, F_GETFL);
                if (flags < 0)
                        fail(errno, "stdin", "cannot read the flags of descriptor %d", fd);
                nfd = open(sinks[i], (flags & (O_ACCMODE | O_APPEND | O_NONBLOCK)) | O_NOCTTY | O_CLOEXEC);
                if (nfd < 0)
                        fail(errno, "stdin", "cannot open %s in the sandbox for descriptor %d", sinks[i], fd);
                if (dup3(nfd, fd, fcntl(fd, F_GETFD) == FD_CLOEXEC ? O_CLOEXEC : 0) < 0)
                        fail(errno, "stdin", "cannot put %s on descriptor %d", sinks[i], fd);
                close(nfd);
                return;
        }
}

/* Every descriptor the command would inherit, as /proc/self/fd lists them (the launcher's own are
 * pipes and sockets, never a sink). */
static void reopen_sinks(void) {
        dev_t rdev[sizeof(sinks) / sizeof(sinks[0])] = { 0 };
        DIR *d;
        struct dirent *de;

        for (size_t i = 0; i < sizeof(sinks) / sizeof(sinks[0]); i++) {
                struct stat sn;
                if (stat(sinks[i], &sn) == 0 && S_ISCHR(sn.st_mode))
                        rdev[i] = sn.st_rdev;
        }
        d = opendir("/proc/self/fd");
        if (!d)
                fail(errno, "stdin", "cannot list the descriptors in /proc/self/fd");
        while ((de = readdir(d))) {
                char *end;
                long fd = strtol(de->d_name, &end, 10);

                if (de->d_name[0] < '0' || de->d_name[0] > '9' || *end || fd == dirfd(d) || fd > INT_MAX)
                        continue;
                reopen_sink((int) fd, rdev);
        }
        closedir(d);
}

/* --fd-node: each of the caller's device nodes the command inherits (stdout, a terminal, a
 * --keep-fd) is the host's node on the host's writable /dev: through /proc/self/fd/N a command
 * changed its mode and times for every user (as root, `chmod 604 /proc/self/fd/1 >/dev/urandom` in
 * a workspace-write run; escape review). bubblewrap bound its host path at PATH, in the sandbox's
 * own /dev, and the seal made that mount read-only: the descriptor is opened again there, with the
 * same access, status flags, offset and close-on-exec flag, once PATH, reached without a symlink,
 * is the very node (type, device, inode, device number) on a read-only mount. Anything else (the
 * host's path pointed elsewhere when bubblewrap bound it) and the command never runs: sbx reported
 * the run's enforcement full on the strength of it. */
static void reopen_fd_nodes(const struct launch *l) {
        for (size_t i = 0; i < l->n_fd_nodes; i++) {
                struct fd_node node, *n = &node;
                int pfd, flags, fdflags, nfd;
                struct statvfs sv;
                struct stat st;
                char proc[64];
                off_t off;

                (void) read_fd_node(l->fd_nodes[i], n); /* checked by parse_fd_node() */
                pfd = open_path_no_symlinks(n->path, O_PATH | O_NOFOLLOW);
                if (pfd < 0)
                        fail(errno, "fd-node", "descriptor %d: cannot open %s, where its device node was bound", n->fd,
                             n->path);
                if (fstat(pfd, &st) < 0 || fstatvfs(pfd, &sv) < 0)
                        fail(errno, "fd-node", "descriptor %d: cannot examine %s", n->fd, n->path);
                if ((n->block ? !S_ISBLK(st.st_mode) : !S_ISCHR(st.st_mode)) ||
                    (unsigned long long) st.st_dev != n->dev || (unsigned long long) st.st_ino != n->ino ||
                    (unsigned long long) st.st_rdev != n->rdev)
                        fail(EXDEV, "fd-node",
                             "descriptor %d: %s is not its device node (the host's path was replaced while the "
                             "sandbox was set up)", n->fd, n->path);
                if (!(sv.f_flag & ST_RDONLY))
                        fail(EROFS, "fd-node", "descriptor %d: %s, its device node, is not on a read-only mount", n->fd,
                             n->path);
                flags = fcntl(n->fd, F_GETFL);
                fdflags = fcntl(n->fd, F_GETFD);
                if (flags < 0 || fdflags < 0)
                        fail(errno, "fd-node", "cannot read the flags of descriptor %d", n->fd);
                snprintf(proc, sizeof(proc), "/proc/self/fd/%d", pfd);
                nfd = open(proc, (flags & (O_ACCMODE | O_APPEND | O_NONBLOCK)) | O_NOCTTY | O_CLOEXEC);
                if (nfd < 0)
                        fail(errno, "fd-node", "descriptor %d: cannot open its device node %s in the sandbox", n->fd,
                             n->path);
                close(pfd);
                if ((off = lseek(n->fd, 0, SEEK_CUR)) > 0)
                        (void) lseek(nfd, off, SEEK_SET);
                if (dup3(nfd, n->fd, (fdflags & FD_CLOEXEC) ? O_CLOEXEC : 0) < 0)
                        fail(errno, "fd-node", "cannot put %s on descriptor %d", n->path, n->fd);
                close(nfd);
        }
}

/* --stdin-dir naming a named pipe: opened again here, through a descriptor that holds the very
 * inode checked (no open of anything else, whose open might act). Opened without waiting for a
 * writer, then made blocking as the caller's was. */
static bool reopen_stdin_fifo(const struct launch *l) {
        int pfd = open_path_no_symlinks(l->stdin_dir, O_PATH | O_NOFOLLOW), fd, fl;
        char proc[64];
        struct stat st;

        if (pfd < 0 || fstat(pfd, &st) < 0 || !S_ISFIFO(st.st_mode)) {
                if (pfd >= 0)
                        close(pfd);
                return false; /* a directory (or nothing): reopen_stdin_dir() says which */
        }
        if ((unsigned long long) st.st_dev != l->stdin_dev || (unsigned long long) st.st_ino != l->stdin_ino)
                fail(EXDEV, "stdin", "standard input is the named pipe %s, which is another file in the sandbox",
                     l->stdin_dir);
        snprintf(proc, sizeof(proc), "/proc/self/fd/%d", pfd);
        fd = open(proc, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fd < 0)
                fail(errno, "stdin", "standard input is the named pipe %s, which cannot be opened in the sandbox",
                     l->stdin_dir);
        close(pfd);
        if ((fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0 || dup2(fd, STDIN_FILENO) < 0)
                fail(errno, "stdin", "cannot put the named pipe %s on standard input", l->stdin_dir);
        close(fd);
        return true;
}

/* --stdin-dir: the caller's stdin is a directory it opened for reading. Its own descriptor would
 * reach the host's mount, writable whatever the sandbox's is (openat() on descriptor 0 made files
 * in it), so sbx gives bubblewrap /dev/null instead, and the command gets the same directory as the
 * sandbox shows it: reading it fails with EISDIR, as without sbx (it read as an empty file when sbx
 * fed it through a pipe: review). One the sandbox does not show, or shows as another directory
 * (the private /dev, a directory removed or replaced since), and the command never runs. */
static void reopen_stdin_dir(const struct launch *l) {
        struct stat st;
        int fd;

        if (!l->stdin_dir || reopen_stdin_fifo(l))
                return;
        fd = open_dir_no_symlinks(l->stdin_dir, O_RDONLY);
        if (fd < 0)
                fail(errno, "stdin", "standard input is the directory %s, which cannot be opened in the sandbox",
                     l->stdin_dir);
        if (fstat(fd, &st) < 0 || (unsigned long long) st.st_dev != l->stdin_dev ||
            (unsigned long long) st.st_ino != l->stdin_ino)
                fail(EXDEV, "stdin", "standard input is the directory %s, which is another directory in the sandbox",
                     l->stdin_dir);
        if (dup2(fd, STDIN_FILENO) < 0)
                fail(errno, "stdin", "cannot put the directory %s on standard input", l->stdin_dir);
        close(fd);
}

/* --close-std: the last step before exec (what fails after it reports on stderr). */
static void close_std(const struct launch *l) {
        for (int fd = 0; fd <= 1; fd++)
                if (l->close_std & (1u << fd))
                        close(fd);
}

/* --wait-fd N: the last step before exec. The caller (sbx run) starts the launcher before its
 * audit row is written, so that setting up the sandbox overlaps with writing it, and releases the
 * command by writing "G" once the row is committed. Anything else, end of file included (the
 * caller died or refused), and the command never runs. */
static void wait_for_go(long fd) {
        char c = 0;
        ssize_t n;

        if (fd < 0)
                return;
        do
                n = read((int) fd, &c, 1);
        while (n < 0 && errno == EINTR);
        if (n < 0)
                fail(errno, "wait", "cannot read the go-ahead on --wait-fd %ld", fd);
        if (n == 0 || c != 'G')
                fail(ECANCELED, "wait", "the run was not released (no go-ahead on --wait-fd %ld)", fd);
        close((int) fd);
}

/* --lifeline-fd N: the pidfd of the caller (sbx run, outside bubblewrap), or the read end of a pipe
 * whose write end the caller holds until the run ends, and never writes: either is readable once
 * the caller is gone. Made close-on-exec at once: the command never holds it. */
static void setup_lifeline(long fd) {
        int flags;

        if (fd < 0)
                return;
        flags = fcntl((int) fd, F_GETFD);
        if (flags < 0 || fcntl((int) fd, F_SETFD, flags | FD_CLOEXEC) < 0)
                fail(errno, "lifeline", "--lifeline-fd %ld", fd);
}

/* After the go-ahead, the last step before exec: the lifeline readable (the caller's pidfd, or end
 * of file on its pipe) means the caller is gone, and the command must not start. Under
 * bubblewrap, --die-with-parent arms a parent-death signal in bubblewrap and, later, in the
 * sandbox's init; one armed after its parent died never fires. A caller killed while the sandbox was set up, its go-ahead already written, left the
 * command to run on unsupervised, its verdict unrecorded (chaos review: 4 of 60 runs whose sbx was
 * SIGKILLed 1-12 ms after it started). The caller alive here was alive when bubblewrap armed its
 * own (before it released the sandbox); the sandbox's init arms its own as it starts this launcher,
 * in parallel, microseconds after the fork where this check comes after the sealing, milliseconds
 * later: a caller killed exactly between an init held up that long and this check is the one case
 * left where the command would run on. */
static void check_lifeline(long fd) {
        struct pollfd p = { .fd = (int) fd, .events = POLLIN };
        int n;

        if (fd < 0)
                return;
        do
                n = poll(&p, 1, 0);
        while (n < 0 && errno == EINTR);
        if (n < 0)
                fail(errno, "lifeline", "cannot poll --lifeline-fd %ld", fd);
        if (n > 0)
                fail(ECANCELED, "wait", "the caller is gone (--lifeline-fd %ld): the command is not started",
                     fd);
}

/* Under bubblewrap (--lifeline-fd given, this launcher the child of the sandbox's init, pid 1):
 * the state of pid 1, from /proc/1/stat ('S' asleep, 'R', 'D', 'T', ...), or 0 when unreadable. */
static char init_state(void) {
        return sbx_process_state(1);
}

#define INIT_SETTLE_MS 10000

/* The chain that ends a bubblewrap sandbox when sbx dies: bubblewrap's parent-death signal, armed
 * before it released the sandbox, then the sandbox's init's own, which ends the pid namespace. The
 * init arms it just after it forked this launcher, and then only waits for its children (asleep);
 * one armed after bubblewrap died never fires. An init held up that long, sbx killed meanwhile,
 * left the command to run on unsupervised (seen twice in a day of test suites on a loaded
 * machine: 1 of 60 runs whose sbx was SIGKILLed early). So before the lifeline is looked at, the
 * init must have been seen asleep: past the arming; the caller alive after that means the whole
 * chain was armed while it lived. An init never seen asleep (stopped, say) is waited for, up to
 * INIT_SETTLE_MS, then the command is not started. */
static int64_t monotonic_ms(void) {
        struct timespec ts;

        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void wait_for_init_armed(long lifeline_fd) {
        int64_t deadline;

        if (lifeline_fd < 0 || getppid() != 1)
                return;
        deadline = monotonic_ms() + INIT_SETTLE_MS;
        for (;;) {
                char state = init_state();

                if (state == 'S')
                        return;
                if (state == 0)
                        fail(errno ? errno : EIO, "lifeline", "cannot read the state of the sandbox's init (/proc/1/stat)");
                if (monotonic_ms() >= deadline)
                        fail_plain(ETIMEDOUT, "lifeline",
                             "the sandbox's init was not seen waiting for its children within %d ms (state '%c'): "
                             "the command is not started",
                             INIT_SETTLE_MS, state);
                (void) poll(NULL, 0, 1);
        }
}

/* bubblewrap's own pid 1 in the sandbox is none of this: it keeps the mount namespace from
 * before the sealing (a copy is sealed when the sandbox's is not ours to change), has no filter,
 * and runs as the command's user. Through /proc/1/root the command reached a host mount made
 * during the run, writable; through ptrace it made pid 1 run syscalls past the set-ID guard
 * (security review). A Landlock domain of the command's own ends both: Landlock refuses ptrace
 * and the /proc/PID links of a process outside the domain. Besides, it handles making block devices
 * (which a user namespace cannot do anyway) and opening a file for writing (below). Any Landlock domain
 * also refuses to move or link a file into another directory (EXDEV) unless a rule grants
 * LANDLOCK_ACCESS_FS_REFER: without that rule every rename(2) across directories of the workspace
 * failed (Python's os.rename('a', 'sub/a'), a temp file renamed into place; mv hid it by copying),
 * so from ABI 2 the domain grants it beneath /. On ABI 1 the kernel refuses it in any domain.
 * Without Landlock the bwrap backend reports partial enforcement (backend-bwrap.c).
 *
 * It also handles opening a file for writing, granted beneath the write directories, /dev and /proc
 * (the sandbox's own, or the workspace's) and on each file the command inherits open for writing
 * (the caller's grant, reopened through /proc/self/fd/N or /dev/stdout): a regular file elsewhere
 * is on a read-only mount, whose EROFS comes first, but a named pipe is not written through its
 * mount, and a command wrote to a host FIFO's reader in a read-only run (measured: `echo pwned >
 * /tmp/fifo` reached a host `cat`); it now gets EACCES. Device nodes elsewhere are on bubblewrap's
 * nodev binds already.
 *
 * Making, removing and truncating by name too, granted where writing is: a descriptor of the
 * host's mount, which no bind makes read-only, can reach the command from outside (a directory a
 * host service sends over a socket file, SCM_RIGHTS), and in it, or above it through "..", a
 * read-only run made directories, symlinks, FIFOs, sockets and empty files, removed and renamed
 * files and truncated one by a path through /proc/self/fd, recorded full (escape review 53). On
 * bubblewrap's read-only binds EROFS still comes first, as the kernel checks the mount before
 * Landlock. Not block devices: the check below needs one refused in /dev. */
#define FENCE_WRITE                                                                                 \
        (SBX_LL_FS_WRITE_FILE | SBX_LL_FS_TRUNCATE | SBX_LL_FS_MAKE_REG | SBX_LL_FS_MAKE_DIR |       \
         SBX_LL_FS_MAKE_SYM | SBX_LL_FS_MAKE_FIFO | SBX_LL_FS_MAKE_SOCK | SBX_LL_FS_MAKE_CHAR |      \
         SBX_LL_FS_REMOVE_FILE | SBX_LL_FS_REMOVE_DIR)
static void fence_grant_write(int ruleset, const char *path, uint64_t handled) {
        int fd = open_no_symlinks(path);

        if (fd < 0) {
                if (errno == ENOENT)
                        return;
                fail(errno, "rule", "cannot open %s for the Landlock domain that fences off bubblewrap's init", path);
        }
        add_rule_fd(ruleset, fd, FENCE_WRITE & handled, path);
        close(fd);
}

/* Each descriptor the command inherits open for writing, a file of a file system (not a pipe or
 * socket, which no path reaches), keeps its grant. */
static void fence_grant_inherited(int ruleset, uint64_t handled) {
        struct sbx_ll_path_beneath_attr pb = { .allowed_access = (SBX_LL_FS_WRITE_FILE | SBX_LL_FS_TRUNCATE) & handled };
        struct dirent *de;
        DIR *d = opendir("/proc/self/fd");

        if (!d)
                fail(errno, "rule", "cannot list the descriptors in /proc/self/fd");
        while ((de = readdir(d))) {
                char *end;
                long fd = strtol(de->d_name, &end, 10);
                struct stat st;
                int flags;

                if (*end || end == de->d_name || fd == dirfd(d) || fstat((int) fd, &st) < 0 ||
                    !(S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
                        continue;
                flags = fcntl((int) fd, F_GETFL);
                if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY || (flags & O_PATH))
                        continue;
                pb.parent_fd = (int) fd;
                /* an anonymous pipe's file system is the kernel's own: no path, no rule (EBADFD) */
                if (sbx_ll_add_rule(ruleset, SBX_LL_RULE_PATH_BENEATH, &pb, 0) < 0 && errno != EBADFD)
                        fail(errno, "rule", "cannot add the Landlock rule for descriptor %ld", fd);
        }
        closedir(d);
}

/* Making a block device node in the sandbox's /dev, bubblewrap's tmpfs of the run's user (so
 * that its own permission cannot refuse the node: access(2) asks it alone): 0 or the errno. */
static int try_block_node(void) {
        static const char probe[] = "/dev/.sbx-fence-check";

        if (access("/dev", W_OK | X_OK) < 0)
                fail(errno, "restrict-self",
                     "cannot tell whether the Landlock domain that fences off bubblewrap's init is in force: "
                     "the sandbox's /dev is not the command's to write");
        if (mknod(probe, S_IFBLK | 0600, 0) < 0)
                return errno;
        (void) unlink(probe);
        return 0;
}

/* Before the fence's domain: the kernel refuses a block device node for want of CAP_MKNOD, which
 * the launcher dropped (EPERM), or makes one. A refusal with EACCES already comes from something
 * else (a security module, an enclosing Landlock domain), and would pass for the domain's own
 * below: then nothing tells whether the domain is in force, and the run is refused. */
static void check_fence_probe_free(void) {
        int e = try_block_node();

        if (e != 0 && e != EPERM)
                fail(e, "restrict-self",
                     "cannot tell whether the Landlock domain that fences off bubblewrap's init is in force: "
                     "making a block device node in /dev is refused before it");
}

/* The fence's domain is in force: it refuses making a block device node (it handles that right
 * and grants it nowhere), before the kernel looks for CAP_MKNOD (EACCES; check_fence_probe_free()
 * saw EPERM or a node without it). Any other answer tells nothing, and the run is refused. */
static void check_fence_in_force(void) {
        int e = try_block_node();

        if (e == EACCES)
                return;
        if (e == 0 || e == EPERM)
                fail_plain(EPERM, "restrict-self",
                           "the Landlock domain that fences off bubblewrap's init is not in force: making a block "
                           "device node in /dev was not refused by it (a seccomp filter around sbx that fakes "
                           "landlock_restrict_self?)");
        fail(e, "restrict-self",
             "cannot tell whether the Landlock domain that fences off bubblewrap's init is in force: making a "
             "block device node in /dev");
}

static void fence_off_init(const struct launch *l) {
        struct sbx_ll_ruleset_attr attr = { 0 };
        int abi = sbx_ll_abi_version(), fd, root;
        uint64_t handled = (SBX_LL_FS_MAKE_BLOCK | FENCE_WRITE) & sbx_ll_fs_rights(abi);

        /* none: only where sbx found none too, and recorded the run as partial for it (it said
         * --no-fence). Before, the launcher went on without its domain whatever sbx had recorded:
         * one that found no Landlock where sbx had (a filter around bubblewrap alone) ran the
         * command unfenced in a run recorded as full enforcement. */
        if (abi < 1) {
                if (l->no_fence)
                        return;
                fail_plain(ENOSYS, "ruleset",
                           "no Landlock for the domain that fences off bubblewrap's init, where sbx found it and "
                           "recorded the run as fully enforced");
        }
        attr.handled_access_fs = handled;
        if (abi >= 2)
                attr.handled_access_fs |= SBX_LL_FS_REFER;
        /* no signal scope: a signal to bubblewrap's init, which ignores every one from inside its
         * pid namespace, is the command's own business (`kill -0 $PPID` succeeds, as before ABI 6
         * was used here); the check below tells whether the domain is in force without it. From
         * ABI 6 the abstract unix sockets made outside the domain are out of reach, as under the
         * Landlock backend: bubblewrap keeps the host's network namespace, and a host listener
         * there (an X server's @/tmp/.X11-unix/X0, a D-Bus bus) took a line from every run, of
         * either mode and user, though it has no file to govern and no permission bits; the
         * command's own still connect */
        if (abi >= 6)
                attr.scoped = SBX_LL_SCOPE_ABSTRACT_UNIX_SOCKET;
        fd = sbx_ll_create_ruleset(&attr, sbx_ll_ruleset_attr_size(abi), 0);
        if (fd < 0)
                fail(errno, "ruleset", "cannot create the Landlock domain that fences off bubblewrap's init");
        if (abi >= 2) {
                root = open("/", O_PATH | O_CLOEXEC);
                if (root < 0)
                        fail(errno, "rule", "cannot open / for the Landlock domain that fences off bubblewrap's init");
                add_rule_fd(fd, root, SBX_LL_FS_REFER, "/");
                close(root);
        }
        fence_grant_write(fd, "/dev", handled);
        fence_grant_write(fd, "/proc", handled);
        for (size_t i = 0; i < l->n_write; i++)
                fence_grant_write(fd, l->write_dirs[i], handled);
        fence_grant_inherited(fd, handled);
        check_fence_probe_free();
        if (sbx_ll_restrict_self(fd, 0) < 0)
                fail(errno, "restrict-self", "cannot enter the Landlock domain that fences off bubblewrap's init");
        close(fd);
        /* A domain that was never entered: a seccomp filter around sbx can make
         * landlock_restrict_self() say 0 without acting, and the command then attached to pid 1
         * with ptrace in a run recorded as full enforcement (redteam review). What tells is a
         * refusal that is the domain's alone, with no other process in it: making a block device
         * node in the sandbox's own /dev (a tmpfs of the run's user), which the domain refuses
         * (EACCES) before the kernel looks for CAP_MKNOD, which the launcher dropped (EPERM).
         * /proc/1/root alone did not tell: the kernel also refuses it while bubblewrap's init still
         * holds capabilities the launcher dropped, and a faked domain went unseen in one run of
         * CI's (the command then reached /proc/1/root); a signal to the init (ABI 6) did, but the
         * signal scope it needed refused the command's own `kill -0 $PPID` */
        check_fence_in_force();
        {
                char c; /* one byte is enough to tell (and no more stack under a small limit) */

                if (readlink("/proc/1/root", &c, 1) >= 0)
                        fail_plain(EPERM, "restrict-self",
                                   "the Landlock domain that fences off bubblewrap's init is not in force: "
                                   "/proc/1/root was not refused (a seccomp filter around sbx that fakes "
                                   "landlock_restrict_self?)");
        }
}

/* ---- --die-with-parent: the keeper ----------------------------------------------------------
 *
 * Under Landlock the command has no pid namespace: when sbx is killed with SIGKILL the command
 * itself dies of its parent-death signal, but every process it started (a background job, a
 * shell's current command) ran on, confined and unsupervised, holding the caller's stdout open
 * (a caller reading sbx's output to its end waited for them). From ABI 6 the domain scopes
 * signals: a process in it can signal only processes of the same domain or one nested in it. So
 * the launcher first enters a domain of the keeper's, which scopes signals and nothing else
 * (enter_keeper_domain()), and after the go-ahead starts the keeper there, as a child of the
 * launcher's parent (CLONE_PARENT: the command never sees it as its own child, and `wait` in a
 * shell does not wait for it); only then does it enforce the command's ruleset, a domain nested in
 * the keeper's. The keeper closes every descriptor, blocks every signal, leaves sbx's process
 * group, and waits for its parent's death (PR_SET_PDEATHSIG); then kill(-1, SIGKILL) reaches
 * exactly the processes of the sandbox. The command cannot reach the keeper: a signal, ptrace or
 * its /proc files from a nested domain to an enclosing one are refused (review: the keeper was
 * in the command's own domain, and a SIGKILL or SIGSTOP from the command ended its protection).
 *
 * It shares the launcher's memory (CLONE_VM, no copy-on-write of sbx's pages, which costs this
 * supervisor 0.1-0.3 ms per run; see run-exec.c), so it runs on a stack of its own, calls only
 * system calls, and the memory is made non-dumpable first, so that without capabilities nobody
 * but root can ptrace it or read or write its memory through /proc (the caller restores
 * dumpability once the keeper is gone, sbx_ll_keeper_end()). A SIGTERM sent to it is ignored
 * unless the parent is really gone. Once the command has ended, sbx asks it to end the sandbox at
 * once (SIGUSR1 from sbx only, sbx_ll_keeper_sweep()): sbx, killing child by child what the command
 * left, was held 20-46 s by 200-400 chains of fork-then-exit on 2 cores, where one kill(-1) walks
 * every process under the lock fork needs too, and a process with SIGKILL pending cannot fork. */
volatile pid_t sbx_ll_keeper_pid;
/* the keeper of a launcher that runs in a fork()ed child (its own memory): told sbx through this
 * shared page (sbx_ll_keeper_share()) */
static volatile pid_t *keeper_shared;
static char keeper_stack[16384] __attribute__((aligned(64)));

__attribute__((no_sanitize("address", "undefined"))) static int keeper_main(void *arg) {
        pid_t watched = (pid_t) (intptr_t) arg;
        sigset_t all, term;

        sigfillset(&all);
        sigprocmask(SIG_SETMASK, &all, NULL);
        sigemptyset(&term);
        sigaddset(&term, SIGTERM);
        sigaddset(&term, SIGUSR1);
        (void) syscall(SYS_close_range, 0U, ~0U, 0U);
        /* a group of its own: a caller that kills sbx's process group (a timeout's kill -KILL --
         * -PGID) ended the keeper with it, and a process the command had moved out of that group
         * (a daemon, `setsid job &`) ran on */
        (void) setpgid(0, 0);
        if (prctl(PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0) < 0)
                _exit(1);
        /* SIGUSR1 from sbx itself (SI_USER: the kernel fills in the sender's pid, no sender can
         * forge it): the command has ended, and what it left ends now (sbx_ll_keeper_sweep()) */
        while (getppid() == watched) {
                siginfo_t si;

                if (sigwaitinfo(&term, &si) == SIGUSR1 && si.si_code == SI_USER && si.si_pid == watched)
                        break;
        }
        /* the parent (sbx that asked, or the process that took over from it) is a process outside
         * the domain: a signal to it must be refused, or the domain does not scope signals and
         * kill(-1) would reach every process of the user. That reaper may be gone already (ESRCH;
         * a subreaper killed with sbx): it handed the keeper on to the next one, which is asked in
         * turn (review: the keeper gave up, the sandbox ran on) */
        for (;;) {
                pid_t reaper = getppid();

                if (kill(reaper, 0) == 0)
                        _exit(1);
                if (errno == EPERM)
                        break;
                if (errno != ESRCH || getppid() == reaper)
                        _exit(1);
        }
        (void) kill(-1, SIGKILL);
        _exit(0);
}

static void start_keeper(void) {
        pid_t parent = getppid(), k;
        char name[17] = { 0 };
        sigset_t all, old;

        /* one keeper at a time on its stack: the caller ends the last one (sbx_ll_keeper_end()) */
        if (sbx_ll_keeper() > 0)
                fail_plain(EBUSY, "keeper", "the keeper of an earlier command still runs");

        if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) < 0)
                fail(errno, "keeper", "cannot make the launcher's memory non-dumpable");
        /* born with every signal blocked (a child inherits its parent's mask): sbx's SIGUSR1 that
         * came before the keeper's first instruction ended it by its default action, and the
         * sandbox's end fell back to sbx killing child by child (seen under load, the keeper not
         * scheduled yet when a command that left a process had ended) */
        sigfillset(&all);
        if (sigprocmask(SIG_SETMASK, &all, &old) < 0)
                fail(errno, "keeper", "cannot block the signals the keeper is to be born with");
        /* the keeper is born with a name of its own (the launcher's would be sbx's, or
         * sbx-landlock), so that it is told apart from the moment it exists */
        if (prctl(PR_GET_NAME, name, 0, 0, 0) < 0 || prctl(PR_SET_NAME, "sbx-keeper", 0, 0, 0) < 0)
                fail(errno, "keeper", "cannot name the keeper");
        k = clone(keeper_main, keeper_stack + sizeof(keeper_stack), CLONE_VM | CLONE_PARENT | SIGCHLD,
                  (void *) (intptr_t) parent);
        if (k < 0)
                fail(errno, "keeper", "cannot start the process that ends the sandbox with its parent");
        if (prctl(PR_SET_NAME, name, 0, 0, 0) < 0)
                fail(errno, "keeper", "cannot name the launcher again");
        (void) sigprocmask(SIG_SETMASK, &old, NULL);
        sbx_ll_keeper_pid = k;
        if (keeper_shared)
                *keeper_shared = k;
}

void sbx_ll_keeper_share(void) {
        void *p;

        if (keeper_shared)
                return;
        p = mmap(NULL, sizeof(pid_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED)
                keeper_shared = p;
}

pid_t sbx_ll_keeper(void) {
        if (sbx_ll_keeper_pid > 0)
                return sbx_ll_keeper_pid;
        return keeper_shared ? *keeper_shared : 0;
}

void sbx_ll_keeper_end(void) {
        pid_t k = sbx_ll_keeper();

        if (k <= 0)
                return;
        sbx_ll_keeper_pid = 0;
        if (keeper_shared)
                *keeper_shared = 0;
        (void) kill(k, SIGKILL);
        while (waitpid(k, NULL, __WALL) < 0 && errno == EINTR)
                ;
        (void) prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
}

/* The longest sbx waits for the keeper it asked to end the sandbox (one the caller stopped does
 * not act; the caller then ends what is left itself). */
#define KEEPER_SWEEP_MS 2000

void sbx_ll_keeper_sweep(void) {
        pid_t k = sbx_ll_keeper();
        int64_t deadline = monotonic_ms() + KEEPER_SWEEP_MS, left;
        int fd;

        if (k <= 0)
                return;
        /* the keeper is sbx's child, not reaped before sbx_ll_keeper_end(): k names it still */
        fd = (int) syscall(SYS_pidfd_open, k, 0);
        if (fd >= 0 && kill(k, SIGUSR1) == 0)
                /* until the keeper has ended (the pidfd readable), or the deadline */
                while ((left = deadline - monotonic_ms()) > 0 &&
                       poll(&(struct pollfd) { .fd = fd, .events = POLLIN }, 1, (int) left) < 0 && errno == EINTR)
                        ;
        if (fd >= 0)
                close(fd);
        sbx_ll_keeper_end();
}

/* A crash's core dump goes where core_pattern says. A pattern that names a file is opened as the
 * crashing command, under its confinement (a core lands in the workspace or nowhere). A pipe ('|':
 * systemd-coredump, apport) or a socket ('@', Linux 6.16) hands the crash to a handler of the
 * host's, which the kernel starts outside every sandbox and which may store the command's memory
 * or a report in a directory of its own, in read-only too (escape review 50). There the command
 * gets an RLIMIT_CORE of 1 byte, at which the kernel aborts a pipe's dump (a socket's handler is
 * connected whatever the limit, and reads it: systemd-coredump stores nothing below a page), and
 * the core lock (landlock-seccomp.c) keeps it there; a pattern that cannot be read counts as such.
 * A hard limit of 0 the caller set (`ulimit -c 0`) is not raised: it stays 0, locked, and the
 * kernel starts the handler with it (systemd-coredump then stores nothing: README). Returns
 * whether the lock is wanted. */
static bool limit_core_dumps(void) {
        struct rlimit one = { 1, 1 }, now;
        ssize_t n = -1;
        char c = 0;
        int fd = open("/proc/sys/kernel/core_pattern", O_RDONLY | O_CLOEXEC);

        if (fd >= 0) {
                n = read(fd, &c, 1);
                close(fd);
        }
        if (n == 0 || (n == 1 && c != '|' && c != '@'))
                return false;
        if (setrlimit(RLIMIT_CORE, &one) < 0 &&
            (errno != EPERM || getrlimit(RLIMIT_CORE, &now) < 0 || now.rlim_max != 0 || now.rlim_cur != 0))
                fail(errno, "core-dumps", "cannot give the command an RLIMIT_CORE of 1 byte (core_pattern hands a "
                                          "crash to the host's handler)");
        return true;
}

/* The core lock, after the mode's filter: installed, and in force (a filter around sbx could fake
 * the install): a change of RLIMIT_CORE that asks for the old limit too is refused, and one that
 * does not is answered as done and leaves the limit as it was. */
static void lock_core_dumps(void) {
        struct rlimit now, old, zero = { 0, 0 }, after;
        int r = ll_seccomp_install(LL_MODE_CORE_LOCK);

        if (r < 0)
                fail(-r, "seccomp", "cannot install the core-dump lock");
        if (getrlimit(RLIMIT_CORE, &now) < 0)
                fail(errno, "core-dumps", "cannot read RLIMIT_CORE");
        if (prlimit(0, RLIMIT_CORE, &now, &old) == 0 || errno != EPERM || setrlimit(RLIMIT_CORE, &zero) < 0 ||
            getrlimit(RLIMIT_CORE, &after) < 0 || after.rlim_cur != now.rlim_cur || after.rlim_max != now.rlim_max)
                fail_plain(EPERM, "seccomp",
                           "the core-dump lock is not in force: RLIMIT_CORE could be changed (a seccomp filter "
                           "around sbx that fakes installing one?)");
}

/* A filter that prctl() installed "with success" but that refuses nothing means a seccomp filter
 * around sbx faked the call (security review: under one, a read-only run changed a host file's
 * mode and times and a workspace-write run made a set-user-ID program, reported as before). */
static void check_seccomp_in_force(void) {
        if (!ll_seccomp_in_force())
                fail_plain(EPERM, "seccomp",
                           "the seccomp filter is not in force: an ioctl it refuses was not refused (a seccomp "
                           "filter around sbx that fakes installing one?)");
}

/* --die-with-parent from ABI 6: the keeper's domain, which scopes signals and governs nothing
 * else. Every Landlock domain refuses a move or link into another directory unless a rule grants
 * LANDLOCK_ACCESS_FS_REFER (fence_off_init()): granted beneath /, or the workspace's own
 * cross-directory renames failed with EXDEV. False, and no keeper, when no Landlock layer is left
 * for it (E2BIG: the command's ruleset then fails the same way). */
static bool enter_keeper_domain(int abi) {
        struct sbx_ll_ruleset_attr attr = { .handled_access_fs = SBX_LL_FS_REFER, .scoped = SBX_LL_SCOPE_SIGNAL };
        int fd = sbx_ll_create_ruleset(&attr, sbx_ll_ruleset_attr_size(abi), 0), root, e;

        if (fd < 0)
                fail(errno, "ruleset", "cannot create the Landlock domain of the keeper");
        root = open("/", O_PATH | O_CLOEXEC);
        if (root < 0)
                fail(errno, "rule", "cannot open / for the Landlock domain of the keeper");
        add_rule_fd(fd, root, SBX_LL_FS_REFER, "/");
        close(root);
        if (sbx_ll_restrict_self(fd, 0) < 0) {
                e = errno;
                close(fd);
                if (e == E2BIG)
                        return false;
                fail(e, "restrict-self", "cannot enter the Landlock domain of the keeper");
        }
        close(fd);
        return true;
}

static void enforce_ruleset(int ruleset, uint32_t flags) {
        if (sbx_ll_restrict_self(ruleset, flags) < 0) {
                int e = errno;
                if (e == E2BIG)
                        fail(e, "restrict-self", "cannot enforce the Landlock ruleset (too many stacked Landlock layers)");
                fail(e, "restrict-self", "cannot enforce the Landlock ruleset");
        }
        close(ruleset);
}

/* ABI 6: the domain just entered refuses a signal to any process outside it (`what`: the parent,
 * or the keeper, outside the command's domain). One that still gets through means
 * landlock_restrict_self() said 0 without acting: a seccomp filter around sbx can make it do so
 * (security review: the write outside the workspace landed, reported as full enforcement). */
static void check_signal_refused(pid_t outside, const char *what) {
        if (outside > 0 && kill(outside, 0) == 0)
                fail_plain(EPERM, "restrict-self",
                           "the Landlock domain is not in force: a signal to %s was not refused (a seccomp "
                           "filter around sbx that fakes landlock_restrict_self?)",
                           what);
}

/* Executes the command with envp (NULL: environ); returns only to fail. mark: "X" on the record's
 * descriptor right before (with_pidfd: inside bubblewrap, send_exec_mark()), the PATH search
 * planned on the heap before it (plan_exec()); in the caller's memory (in-process, maybe sbx's
 * vfork child: no heap) the search is execvpe()'s, after the mark. */
__attribute__((noreturn)) static void exec_command(const struct launch *l, char **envp, bool mark, bool in_caller,
                                                   bool with_pidfd) {
        char **env = envp ? envp : environ;

        if (mark && !in_caller) {
                struct exec_plan plan;

                plan_exec(&plan, l->argv, env);
                status_exec_mark(with_pidfd);
                exec_planned(&plan);
        } else {
                if (mark)
                        status_exec_mark(with_pidfd);
                execvpe(l->argv[0], l->argv, env);
        }
        fail(errno, "exec", "cannot execute '%s'", l->argv[0]);
}

/* 11 KiB, off the stack: the launcher inside bubblewrap died of it under `ulimit -s 32`. In sbx's
 * vfork child this is sbx's memory, which sbx itself never uses. */
static struct launch launch_args;

void sbx_landlock_launch(int argc, char **argv, char **envp, int (*gate)(void *ctx), void *gate_ctx,
                         void (*before_exec)(void)) {
        struct launch *l = &launch_args;
        int abi, ruleset, r;
        uint32_t flags = 0;
        bool keeper, core_lock;

        memset(l, 0, sizeof(*l));
        status_fd = -1;
        if (argc < 1 || !argv[0])
                usage_fail("no arguments");
        setup_status_fd(argv);
        parse_args(argc, argv, l);
        setup_lifeline(l->lifeline_fd);
        /* --die-with-parent: the launcher dies with its parent too, as the command would. One whose
         * parent died before the go-ahead (an `sbx probe` killed by a caller's timeout) went on
         * once released, and started the keeper as a child of its new parent, init, whose death
         * the keeper waited for: the keeper ran for good, and the command unsupervised (found:
         * keepers of killed probes left behind). A parent gone before this point is not seen:
         * the launcher has just been executed then. */
        if (l->die_with_parent) {
                pid_t parent = getppid();

                if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0)
                        fail(errno, "die-with-parent", "cannot set the launcher's parent-death signal");
                if (getppid() != parent)
                        fail_plain(ECANCELED, "die-with-parent", "the launcher's parent is gone");
        }

        if (l->seal_mounts) {
                seal_mounts(l);
                check_sealed_write_dirs(l);
                check_bound(l);
                reopen_stdin_dir(l);
                reopen_fd_nodes(l);
                reopen_sinks();
                restore_pwd(l);
                core_lock = limit_core_dumps();
                drop_capabilities();
                if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
                        fail(errno, "no-new-privs", "cannot set no_new_privs");
                fence_off_init(l);
                /* what is writable outside the sandbox gets no set-ID bit: as root in bubblewrap's
                 * user namespace the command owns root's files. Read-only too: a descriptor the
                 * caller opened for writing (its stdout) reaches the host's writable mount, and
                 * fchmod made the file behind it a set-user-ID program holding what the command
                 * wrote (escape review). And no key is added to or removed from a file system's
                 * encryption keyring or a kernel keyring (landlock-seccomp.c). With nothing
                 * writable (read-only) no metadata changes either: through such a descriptor, or
                 * the caller's terminal, a command changed the mode, times and attributes of a host
                 * file (`chmod 606 /proc/self/fd/0` left a terminal writable by every user) */
                if ((r = ll_seccomp_install(l->n_write == 0 ? LL_MODE_SEAL_READ_ONLY : LL_MODE_SETID_ONLY)) < 0)
                        fail(-r, "seccomp", "cannot install the seccomp filter");
                check_seccomp_in_force();
                if (core_lock)
                        lock_core_dumps();
                wait_for_go(l->wait_fd);
                wait_for_init_armed(l->lifeline_fd);
                check_lifeline(l->lifeline_fd);
                if (before_exec)
                        before_exec();
                restore_sigchld(l);
                close_std(l);
                exec_command(l, envp, true, false, true);
        }

        abi = sbx_ll_abi_version();
        if (abi == -ENOSYS)
                fail(ENOSYS, "abi", "Landlock is not supported by this kernel");
        if (abi == -EOPNOTSUPP)
                fail(EOPNOTSUPP, "abi", "Landlock is disabled in this kernel (boot option lsm=)");
        if (abi < 0)
                fail(-abi, "abi", "cannot query the Landlock ABI");
        if (abi < 1)
                fail(EINVAL, "abi", "unexpected Landlock ABI %d", abi);
        if (abi < l->min_abi)
                fail_plain(EOPNOTSUPP, "abi",
                           "the kernel answers Landlock ABI %d here, below the %ld the run's enforcement was stated "
                           "for (a tracer or seccomp filter around the launcher?)",
                           abi, l->min_abi);
        if (l->max_abi > 0 && abi > l->max_abi)
                abi = (int) l->max_abi;
        if (abi > SBX_LL_ABI_KNOWN)
                abi = SBX_LL_ABI_KNOWN;

        ruleset = build_ruleset(l, abi);

        core_lock = limit_core_dumps();
        drop_capabilities();

        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
                fail(errno, "no-new-privs", "cannot set no_new_privs");

        /* ABI 7: let the kernel audit the command's denials (the launcher itself is denied
         * nothing it needs). */
        if (abi >= 7)
                flags |= SBX_LL_RESTRICT_SELF_LOG_NEW_EXEC_ON;
        /* --die-with-parent: the command's ruleset is enforced after the go-ahead, once the keeper
         * runs in the domain entered here */
        keeper = l->die_with_parent && abi >= 6 && enter_keeper_domain(abi);
        if (!keeper)
                enforce_ruleset(ruleset, flags);
        if (abi >= 6)
                check_signal_refused(getppid(), "the parent process");

        r = ll_seccomp_install(l->mode);
        if (r < 0)
                fail(-r, "seccomp", "cannot install the seccomp filter");
        check_seccomp_in_force();
        if (core_lock)
                lock_core_dumps();

        if (gate) {
                /* in-process: the caller's own go-ahead; on refusal it knows why, and retries */
                if (l->wait_fd >= 0)
                        close((int) l->wait_fd);
                if (gate(gate_ctx) < 0)
                        _exit(EXIT_LAUNCHER);
        } else
                wait_for_go(l->wait_fd);
        check_lifeline(l->lifeline_fd);
        if (keeper) {
                start_keeper();
                enforce_ruleset(ruleset, flags);
                check_signal_refused(sbx_ll_keeper_pid, "the keeper");
        }
        if (before_exec)
                before_exec();
        close_std(l);
        /* in-process: before_exec given */
        exec_command(l, envp, l->exec_mark, before_exec != NULL, false);
}
