/* Spawning and supervising the command of `sbx run`: stdio passes through, stderr is teed into the
 * classifier in bounded memory, signals sent to sbx reach the command, and the runner's status
 * descriptor says whether the command started at all (structural evidence). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/signalfd.h>
#include <sys/sysmacros.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <linux/magic.h>

#include "cmd-classify.h"
#include "landlock-launch.h"
#include "run-exec.h"
#include "sbx-macro.h"
#include "sbx-procfs.h"
#include "sbx-audit.h"
#include "sbx-db.h"
#include "sbx-tool.h"

#define STATUS_DATA_MAX 4096
#define DRAIN_AFTER_EXIT_MS 200
/* the most of the ended command's stderr read ahead of its reader (stderr_defer()): a pipe holds
 * at most 1 MiB unprivileged (/proc/sys/fs/pipe-max-size) */
#define DEFER_MAX (16U << 20)

extern char **environ;

SBX_DEFINE_CLEANUP(struct sbx_classifier *, sbx_classifier_free)

bool sbx_run_backend_known(const char *name) {
        for (const char *const *n = sbx_backend_names(); *n; n++)
                if (strcmp(*n, name) == 0)
                        return true;
        return false;
}

int sbx_run_command_argv(const struct sbx_run_args *a, char ***ret) {
        size_t n = sbx_strv_length(a->argv), k = 0;
        char **v = calloc(n + 4, sizeof(char *));

        if (!v)
                return -ENOMEM;
        if (a->command) {
                if (!(v[k++] = strdup("bash")) || !(v[k++] = strdup("-c")) || !(v[k++] = strdup(a->command)))
                        goto oom;
        }
        for (size_t i = 0; i < n; i++)
                if (!(v[k++] = strdup(a->argv[i])))
                        goto oom;
        *ret = v;
        return 0;
oom:
        sbx_strv_free(v);
        return -ENOMEM;
}

/* Bit N: descriptor N (stdin, stdout) was closed when sbx started (sbx_run_check_fds()). */
static unsigned std_closed;

unsigned sbx_run_std_closed(void) {
        return std_closed;
}

/* The --keep-fd that leads to the file, pipe or socket *st, or -1 (a device such as /dev/null or
 * a terminal is no record a command could forge). */
static int keep_fd_onto(const struct sbx_run_args *a, const struct stat *st) {
        struct stat k;

        if (!S_ISREG(st->st_mode) && !S_ISFIFO(st->st_mode) && !S_ISSOCK(st->st_mode))
                return -1;
        for (size_t i = 0; i < a->n_keep_fds; i++)
                if (fstat(a->keep_fds[i], &k) == 0 && k.st_dev == st->st_dev && k.st_ino == st->st_ino)
                        return a->keep_fds[i];
        return -1;
}

int sbx_run_check_fds(const struct sbx_run_args *a, char *err, size_t err_size) {
        struct stat before, after, held;
        int k;
        bool verdict_missing = a->verdict_json && stat(a->verdict_json, &before) < 0;

        for (int fd = 0; fd <= 2; fd++)
                if (fcntl(fd, F_GETFD) < 0) {
                        int n = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);

                        /* sbx holds the number with /dev/null; the command gets it closed, as
                         * without sbx (it got that /dev/null: reads found an empty file and
                         * writes were lost with success). Not stderr, which sbx reads. */
                        if (fd <= 1)
                                std_closed |= 1u << fd;
                        if (n != fd) {
                                snprintf(err, err_size, "cannot open /dev/null for descriptor %d", fd);
                                return -EBADF;
                        }
                        /* --verdict-json /dev/stdout (/dev/fd/1, /proc/self/fd/1) with stdout
                         * closed: the name now leads to the /dev/null held there, and the record
                         * was thrown away with exit 0 (review). It named nothing when sbx
                         * started: refused, as that descriptor would be. */
                        if (verdict_missing && stat(a->verdict_json, &after) == 0 && fstat(fd, &held) == 0 &&
                            after.st_dev == held.st_dev && after.st_ino == held.st_ino) {
                                snprintf(err, err_size, "--verdict-json %s: descriptor %d is not open",
                                         a->verdict_json, fd);
                                return -EBADF;
                        }
                }
        for (size_t i = 0; i < a->n_keep_fds; i++)
                if (fcntl(a->keep_fds[i], F_GETFD) < 0) {
                        snprintf(err, err_size, "--keep-fd %d: descriptor is not open", a->keep_fds[i]);
                        return -EBADF;
                }
        if (a->verdict_fd >= 0 && fcntl(a->verdict_fd, F_GETFD) < 0) {
                snprintf(err, err_size, "--verdict-fd %d: descriptor is not open", a->verdict_fd);
                return -EBADF;
        }
        /* the record is written after the command: a descriptor it cannot be written to is
         * refused now, not once the command has run */
        if (a->verdict_fd >= 0 && (fcntl(a->verdict_fd, F_GETFL) & O_ACCMODE) == O_RDONLY) {
                snprintf(err, err_size, "--verdict-fd %d: descriptor is open for reading only", a->verdict_fd);
                return -EBADF;
        }
        /* a --keep-fd onto the record's own pipe or file (`3>v.json 4>&3`) let the command write a
         * record of its own there before sbx's (review: a forged "success" was the first line
         * read); the record's descriptor must be out of its reach, whatever its number (a device
         * such as /dev/null or a terminal is no record a command could forge) */
        if (a->verdict_fd >= 0 && fstat(a->verdict_fd, &held) == 0 && (k = keep_fd_onto(a, &held)) >= 0) {
                snprintf(err, err_size,
                         "--keep-fd %d: descriptor leads to the --verdict-fd %d's file or pipe, "
                         "where the command could write a record of its own",
                         k, a->verdict_fd);
                return -EBADF;
        }
        /* the same for --verdict-json's file: through a --keep-fd onto its FIFO the command put a
         * record of its own ahead of sbx's, and what it wrote through one onto its regular file
         * the record replaced (that file's output is kept, and the record follows it, only on the
         * command's stdout or stderr, where it is within the command's reach as documented) */
        if (a->verdict_json && stat(a->verdict_json, &held) == 0 && (k = keep_fd_onto(a, &held)) >= 0) {
                snprintf(err, err_size,
                         "--keep-fd %d: descriptor leads to the --verdict-json %s, "
                         "where the command could write a record of its own",
                         k, a->verdict_json);
                return -EBADF;
        }
        return 0;
}

static bool fd_taken(const struct sbx_run_args *a, int fd) {
        bool used = fd == a->verdict_fd;
        for (size_t i = 0; i < a->n_keep_fds; i++)
                used = used || a->keep_fds[i] == fd;
        return used;
}

int sbx_run_status_fd_number(const struct sbx_run_args *a) {
        for (int fd = 3;; fd++)
                if (!fd_taken(a, fd) && !fd_taken(a, fd + 1) && !fd_taken(a, fd + 2) && !fd_taken(a, fd + 3) &&
                    !fd_taken(a, fd + 4))
                        return fd;
}

/* ---- signals ------------------------------------------------------------------------------- */

/* Every signal whose default action ends a process and that a caller sends to end or to poke a
 * run (the terminal's, a timeout's, USR1/USR2 and ALRM): one that sbx did not catch killed sbx
 * instead, its row left running, the command's trap never run and, under Landlock, what the
 * command started left running unsupervised (review: kill -USR1). SIGWINCH last: a terminal
 * resize, which a command in a session of its own (bubblewrap) would never hear of; it ends
 * nothing, so it never explains an exit status */
static const int forwarded[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGWINCH };
static volatile sig_atomic_t pending_mask; /* bit i: forwarded[i] is waiting to be forwarded */

static bool is_forwarded(int sig) {
        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++)
                if (forwarded[i] == sig)
                        return true;
        return false;
}
static int wake_fd = -1;                   /* write end of the self-pipe that wakes the loop */
/* The pseudo-terminal the command's stderr goes to (when sbx's own is a terminal): it follows the
 * caller's terminal size, as the command's stdin and stdout do. */
static volatile sig_atomic_t stderr_pty_master = -1;
/* bubblewrap's --new-session takes the command out of the terminal's foreground group, so ^C,
 * ^\ or a hangup would reach only sbx and bubblewrap's monitor (whose death SIGKILLs the command,
 * its traps never run). Such a runner gets a process group of its own and sbx forwards the
 * terminal's signals to the command like any other. */
static bool runner_own_group;
/* The command's process exists (spawn_child() made it): a signal the terminal sent the whole
 * foreground group before that (held since sbx's start) never reached the command. */
static volatile sig_atomic_t child_made;

/* sbx leads its session (`ssh -t host sbx run ...`, a terminal emulator's command): a hangup of
 * its controlling terminal is sent by the kernel to the session's leader alone. */
static volatile sig_atomic_t session_leader;

/* A signal the terminal sent to the whole foreground group already reached the command (unless
 * the runner left that group); one sent to sbx alone is forwarded by the supervision loop. So is
 * a SIGALRM from the kernel, which is sbx's own timer (one set before sbx was executed), and a
 * SIGHUP from the kernel when sbx leads its session: the terminal hung up, and only the leader
 * hears of it (the command ran on to its end, where without sbx it would have led the session and
 * died of it). A terminal resize is the exception: the command heard it, but its stderr
 * pseudo-terminal still has the old size, so sbx resizes that and sends SIGWINCH again (the
 * command may have read the size before sbx set it). A kill(1) arriving while the kernel's is
 * pending merges into it, so the resize cannot wait for one sent to sbx alone. */
static void record_signal(int sig, siginfo_t *si, void *uctx) {
        int saved = errno;
        (void) uctx;
        if (si && si->si_code == SI_KERNEL && !runner_own_group && child_made && sig != SIGALRM &&
            !(sig == SIGWINCH && stderr_pty_master >= 0) && !(sig == SIGHUP && session_leader))
                return;
        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++)
                if (forwarded[i] == sig)
                        pending_mask |= 1 << i;
        if (wake_fd >= 0)
                (void) !write(wake_fd, "", 1);
        errno = saved;
}

/* Signals the caller ignores (nohup, a background job of a non-interactive shell) stay ignored
 * for the command, and sbx does not forward them. */
static int ignored_mask;
static bool pipe_ignored;
static bool chld_ignored; /* and SIGCHLD, which Linux keeps ignored across exec */

/* Job control for a runner in a group of its own: ^Z (SIGTSTP) reaches sbx alone, and the command,
 * in bubblewrap's new session, could not stop on SIGTSTP anyway (its process group is orphaned, so
 * the kernel drops the signal). sbx stops the command with SIGSTOP, stops itself, and continues
 * the command when it is continued (fg, bg), or at once when its own stop was dropped (no job
 * control above it). Under Landlock and unconfined the command shares sbx's group, so the
 * terminal's ^Z stops it already; a SIGTSTP sent to sbx alone (`kill -TSTP PID`) is passed on to
 * it (stop_beside()): sbx stopped alone, and the command ran on while its job read as stopped
 * (review). */
#define STOP_ASKED 1    /* a SIGTSTP sent to sbx alone, or to its group by kill(2) */
#define STOP_TERMINAL 2 /* the terminal's ^Z, which reached sbx's whole foreground group */
static volatile sig_atomic_t stop_pending;
static bool tstp_handled;
static bool tstp_ignored; /* the caller ignores SIGTSTP: so does the command */

static void record_stop(int sig, siginfo_t *si, void *uctx) {
        int saved = errno;
        (void) sig;
        (void) uctx;
        stop_pending = si && si->si_code == SI_KERNEL ? STOP_TERMINAL : STOP_ASKED;
        if (wake_fd >= 0)
                (void) !write(wake_fd, "", 1);
        errno = saved;
}

/* A child of sbx ended: the command, or (Landlock) an orphan of the command's (reap_orphans()). */
static volatile sig_atomic_t child_event;

/* The child's end wakes the supervision loop at once (instead of its next poll timeout). */
static void child_ended(int sig) {
        int saved = errno;
        (void) sig;
        child_event = 1;
        if (wake_fd >= 0)
                (void) !write(wake_fd, "", 1);
        errno = saved;
}

/* The caller's dispositions, put back by sbx_run_signals_restore() once a run is recorded. */
static struct {
        bool valid;
        struct sigaction forwarded[SBX_ELEMENTSOF(forwarded)], pipe, chld;
        sigset_t mask; /* the caller's signal mask */
} saved;

/* The forwarded signals, blocked from the start of `sbx run` until their handlers are in place
 * (sbx_run_signals_hold()). */
static struct {
        bool on;
        sigset_t old;
} hold;

void sbx_run_signals_hold(void) {
        sigset_t block;

        if (hold.on)
                return;
        sigemptyset(&block);
        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++)
                sigaddset(&block, forwarded[i]);
        hold.on = sigprocmask(SIG_BLOCK, &block, &hold.old) == 0;
        /* a probe meanwhile watches them, and its runner gets the caller's mask */
        if (hold.on)
                sbx_probe_caller_mask(&hold.old);
}

/* The caller's mask again: a signal held meanwhile is delivered now, to a handler when there is one. */
static void hold_release(void) {
        if (hold.on) {
                sbx_probe_caller_mask(NULL);
                sigprocmask(SIG_SETMASK, &hold.old, NULL);
        }
        hold.on = false;
}

/* sbx's pid while its handlers are in place: its vfork child (the Landlock launcher reading the
 * writer's reply) is not sbx, and sbx, suspended meanwhile, catches nothing */
static pid_t supervisor_pid;

/* In sbx's vfork child: the first forwarded signal that would end the run and waits for sbx,
 * suspended until the child execs or leaves (/proc/PPID/status: ShdPnd, SigPnd). System calls
 * and the stack only. */
static int supervisor_signal_pending(void) {
        static const char *const keys[] = { "\nShdPnd:", "\nSigPnd:" };
        char path[64], buf[4096];
        unsigned long long bits = 0;

        snprintf(path, sizeof(path), "/proc/%d/status", (int) supervisor_pid);
        if (sbx_read_head(path, buf, sizeof(buf)) <= 0)
                return 0;
        for (size_t k = 0; k < SBX_ELEMENTSOF(keys); k++) {
                const char *at = strstr(buf, keys[k]);
                if (at)
                        bits |= strtoull(at + strlen(keys[k]), NULL, 16);
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++)
                if (forwarded[i] != SIGWINCH && !(ignored_mask & (1 << i)) && (bits & (1ULL << (forwarded[i] - 1))) &&
                    sigismember(&saved.mask, forwarded[i]) == 0)
                        return forwarded[i];
        return 0;
}

/* The first forwarded signal that would end the run (not a resize) and came before the command
 * started: held blocked (one the caller blocks is not sbx's to see), or caught since the
 * handlers are in place; 0 when none. It is not taken: the run still ends by it. */
int sbx_run_signal_held(void) {
        sigset_t pending;
        bool blocked;

        if (supervisor_pid > 0 && getpid() != supervisor_pid)
                return supervisor_signal_pending();
        blocked = hold.on && sigpending(&pending) == 0;

        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++) {
                if (forwarded[i] == SIGWINCH)
                        continue;
                if (pending_mask & (1 << i))
                        return forwarded[i];
                if (blocked && sigismember(&pending, forwarded[i]) == 1 && sigismember(&hold.old, forwarded[i]) == 0)
                        return forwarded[i];
        }
        return 0;
}

void sbx_run_signal_take(int sig) {
        struct timespec zero = { 0 };
        sigset_t one;

        sigemptyset(&one);
        sigaddset(&one, sig);
        if (hold.on)
                (void) sigtimedwait(&one, NULL, &zero);
}

static void install_forwarding(void) {
        struct sigaction sa = { .sa_sigaction = record_signal, .sa_flags = SA_SIGINFO | SA_RESTART }, old;
        bool tstp_read;

        sigfillset(&sa.sa_mask); /* no nesting: pending_mask's read-modify-write stays whole */
        ignored_mask = 0;
        pending_mask = 0;
        child_made = 0;
        saved.valid = true;
        if (hold.on)
                saved.mask = hold.old;
        else
                sigprocmask(SIG_SETMASK, NULL, &saved.mask);
        supervisor_pid = getpid();
        session_leader = getsid(0) == supervisor_pid;
        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++) {
                /* held (sbx_run_signals_hold()), a signal is installed and its old disposition
                 * read in one call: one the caller ignores is put back at once, and a signal that
                 * came meanwhile waits blocked, and is discarded with it (SIG_IGN drops what is
                 * pending). Not held, the disposition is read first. */
                if (hold.on ? sigaction(forwarded[i], &sa, &saved.forwarded[i]) == 0
                            : sigaction(forwarded[i], NULL, &saved.forwarded[i]) == 0) {
                        if (saved.forwarded[i].sa_handler == SIG_IGN) {
                                ignored_mask |= 1 << i;
                                if (hold.on)
                                        sigaction(forwarded[i], &saved.forwarded[i], NULL);
                                continue;
                        }
                        if (hold.on)
                                continue;
                }
                sigaction(forwarded[i], &sa, NULL);
        }
        {
                struct sigaction ign = { .sa_handler = SIG_IGN, .sa_flags = SA_RESTART };

                sigemptyset(&ign.sa_mask);
                sigaddset(&ign.sa_mask, SIGPIPE);
                pipe_ignored = sigaction(SIGPIPE, &ign, &saved.pipe) == 0 && saved.pipe.sa_handler == SIG_IGN;
        }
        sa = (struct sigaction) { .sa_handler = child_ended, .sa_flags = SA_RESTART | SA_NOCLDSTOP };
        sigfillset(&sa.sa_mask);
        sigaction(SIGCHLD, &sa, &saved.chld);
        chld_ignored = saved.chld.sa_handler == SIG_IGN;
        tstp_handled = false;
        /* (one look at ^Z's disposition for both) */
        tstp_read = sigaction(SIGTSTP, NULL, &old) == 0;
        tstp_ignored = tstp_read && old.sa_handler == SIG_IGN;
        if (tstp_read && old.sa_handler == SIG_DFL) {
                sa = (struct sigaction) { .sa_sigaction = record_stop, .sa_flags = SA_SIGINFO | SA_RESTART };
                sigfillset(&sa.sa_mask);
                tstp_handled = sigaction(SIGTSTP, &sa, NULL) == 0;
        }
        hold_release();
}

/* sbx is the command's child subreaper (Landlock: see end_leftovers()) */
static bool subreaper;
static struct {
        pid_t *before; /* sbx's children before the command started */
        size_t n_before;
        bool own_nnp; /* sbx runs with no_new_privs: it cannot tell the command's processes by it */
} adopted;

static void subreaper_off(void) {
        if (subreaper)
                (void) prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
        subreaper = false;
        free(adopted.before);
        adopted.before = NULL;
        adopted.n_before = 0;
}

/* Blocks the forwarded signals (the caller puts *old back) and takes what they left pending:
 * pending_mask's read-modify-write in record_signal() cannot interleave. */
static int take_pending(sigset_t *old) {
        sigset_t block;
        int mask;

        sigemptyset(&block);
        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++)
                sigaddset(&block, forwarded[i]);
        sigprocmask(SIG_BLOCK, &block, old);
        mask = pending_mask;
        pending_mask = 0;
        return mask;
}

/* Whether a signal that ends a run (not a resize) waits to be passed on. */
static bool end_pending(void) {
        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++)
                if ((pending_mask & (1 << i)) && forwarded[i] != SIGWINCH)
                        return true;
        return false;
}

/* SIGXFSZ: the caller's disposition while sbx writes its record (below). */
static struct {
        bool valid;
        struct sigaction old;
} xfsz;

void sbx_run_xfsz_ignore(void) {
        struct sigaction ign = { .sa_handler = SIG_IGN };

        sigemptyset(&ign.sa_mask);
        if (!xfsz.valid && sigaction(SIGXFSZ, &ign, &xfsz.old) == 0) {
                xfsz.valid = true;
                sbx_probe_caller_xfsz(&xfsz.old); /* a probe's runner gets it back too */
        }
}

void sbx_run_xfsz_restore_in_child(void) {
        if (xfsz.valid)
                (void) sigaction(SIGXFSZ, &xfsz.old, NULL);
}

int sbx_run_signals_restore(void) {
        sigset_t old;
        int mask, sig = 0;

        if (xfsz.valid) {
                sigaction(SIGXFSZ, &xfsz.old, NULL);
                xfsz.valid = false;
                sbx_probe_caller_xfsz(NULL);
        }
        if (!saved.valid) {
                hold_release(); /* a run that ended before its handlers were in place */
                return 0;
        }
        mask = take_pending(&old);
        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++) {
                sigaction(forwarded[i], &saved.forwarded[i], NULL);
                if ((mask & (1 << i)) && forwarded[i] != SIGWINCH && !sig)
                        sig = forwarded[i];
        }
        sigaction(SIGPIPE, &saved.pipe, NULL);
        sigaction(SIGCHLD, &saved.chld, NULL);
        saved.valid = false;
        sigprocmask(SIG_SETMASK, &old, NULL);
        return sig;
}

/* ---- bubblewrap's guard ---------------------------------------------------------------------
 * bubblewrap arms its own --die-with-parent a few system calls before it releases the sandbox's
 * init (a write to an eventfd, which no death ends): a SIGKILL to sbx landing right then killed
 * bubblewrap, and the init waited for ever, holding the caller's descriptors (a caller reading
 * sbx's output through a pipe never saw its end; bubblewrap issue 633; 5 in 3,000 runs SIGKILLed
 * 0.5-12 ms after they started). A guard made before bubblewrap leads the process group that
 * bubblewrap and its init join; it waits for sbx's end (a pidfd), and once sbx is gone, however
 * it went, it kills that group, the init included. A group's id is not reused while the group
 * has a member, and the guard is one: its kill reaches no one else.
 * It shares sbx's memory (no copy-on-write for sbx's next writes) and, until its first system
 * call, sbx's descriptor table: that call leaves it a table of its own, empty. A copy of sbx's
 * table, closed a moment later, kept what sbx closed meanwhile open for as long as the guard
 * waited for a CPU: the audit writer, which tells a client that gave up by its closed connection,
 * then added a second row for a run whose client had written its own (1 run in 150 signalled
 * early, in two of three runs of the whole suite). The guard makes no call that can fail but
 * under memory pressure (errno is sbx's), and keeps every signal blocked (sbx's handlers are not
 * its own): a signal sbx passes on to the group waits there, SIGSTOP and SIGCONT act, and its
 * wait goes on after them. Without close_range(2) and pidfd_open(2) (before Linux 5.9) there is
 * no guard. */
static pid_t guard_pid;
static char guard_stack[16384] __attribute__((aligned(64)));
/* bubblewrap's process group: its guard's, or without one, bubblewrap's own */
static pid_t runner_group;

/* the guard of a run that ended: it stays until sbx exits, then ends itself (its group is only
 * itself by then). Killed and reaped by sbx, it cost each run 0.1-0.2 ms (its end competed
 * with sbx's own, measured); it holds nothing meanwhile. */
static pid_t guard_left;

/* Ends and reaps an earlier run's guard (an approved retry's start), or one whose start failed. */
static void guard_reap(void) {
        int e = errno;

        if (guard_left > 0) {
                (void) kill(guard_left, SIGKILL);
                while (waitpid(guard_left, NULL, 0) < 0 && errno == EINTR)
                        ;
        }
        guard_left = 0;
        errno = e;
}

/* The run's runner is done with: its guard is left to end with sbx. */
static void guard_end(void) {
        if (guard_pid > 0)
                guard_left = guard_pid;
        guard_pid = 0;
        runner_group = 0;
}

__attribute__((no_sanitize("address", "undefined"))) static int guard_main(void *userdata) {
        pid_t sbx = *(const pid_t *) userdata;
        struct pollfd p = { .events = POLLIN };

        (void) syscall(SYS_close_range, 0U, ~0U, CLOSE_RANGE_UNSHARE);
        /* its own group, made here as well as by sbx (guard_start()): sbx SIGKILLed before its
         * setpgid() left the guard in sbx's group, the caller's, and the kill below ended the
         * caller with it (review: a script and everything in its group, SIGKILLed) */
        (void) syscall(SYS_setpgid, 0, 0);
        p.fd = (int) syscall(SYS_pidfd_open, sbx, 0U);
        /* sbx is still its parent once the pidfd is made: the pidfd is sbx's, and sbx is alive */
        if (p.fd >= 0 && (pid_t) syscall(SYS_getppid) == sbx)
                (void) syscall(SYS_ppoll, &p, 1, NULL, NULL, 0);
        else { /* no pidfd (no memory for it): sbx's end is looked for 20 times a second */
                struct timespec t = { .tv_nsec = 50 * 1000 * 1000 };
                while ((pid_t) syscall(SYS_getppid) == sbx)
                        (void) syscall(SYS_ppoll, NULL, 0, &t, NULL, 0);
        }
        /* a group it does not lead (its setpgid() failed) is someone else's, and no bubblewrap
         * joined it (theirs joins the group whose id is the guard's pid) */
        if (syscall(SYS_getpgid, 0) != syscall(SYS_getpid))
                return 0;
        for (;;)
                (void) syscall(SYS_kill, 0, SIGKILL);
        return 0;
}

/* Kills bubblewrap's process group (never sbx's own). */
static void kill_runner_group(void) {
        if (runner_group > 0)
                (void) kill(-runner_group, SIGKILL);
}

/* Starts the guard: 0 (guard_pid 0 where the kernel cannot have one), or -1 with errno. */
static int guard_start(void) {
        static int guard_works = -1;
        static pid_t supervisor;
        sigset_t all, old;
        int e;
        pid_t pid;

        if (guard_works < 0) {
                int fd = (int) syscall(SYS_pidfd_open, getpid(), 0U);
                guard_works = fd >= 0 && syscall(SYS_close_range, ~0U, ~0U, 0U) == 0;
                if (fd >= 0)
                        close(fd);
        }
        if (!guard_works)
                return 0;
        supervisor = getpid();
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, &old);
        pid = clone(guard_main, guard_stack + sizeof(guard_stack), CLONE_VM | CLONE_FILES | SIGCHLD, &supervisor);
        e = errno;
        sigprocmask(SIG_SETMASK, &old, NULL);
        if (pid < 0) {
                errno = e;
                return -1;
        }
        guard_pid = pid;
        /* its own group, before bubblewrap joins it */
        if (setpgid(pid, pid) < 0) {
                e = errno;
                guard_end();
                guard_reap();
                errno = e;
                return -1;
        }
        runner_group = pid;
        return 0;
}

/* The end of supervision: no more wake-ups, no more orphans adopted, and ^Z is sbx's own again
 * (one that came as the command ended stops sbx now). */
static void supervision_end(void) {
        guard_end();
        wake_fd = -1;
        supervisor_pid = 0;
        /* the command has ended: a terminal's signal from now on reaches no command of this run,
         * and it is sbx's to take (review: ^C at the terminal of a Landlock or unconfined run whose
         * end waited for a locked database was let be, as if the command had it, and the wait went
         * on) */
        child_made = 0;
        stderr_pty_master = -1;
        subreaper_off();
        if (!tstp_handled)
                return;
        signal(SIGTSTP, SIG_DFL);
        tstp_handled = false;
        if (stop_pending) {
                stop_pending = 0;
                (void) raise(SIGTSTP);
        }
}

/* Where a signal for bubblewrap's command goes: its process group (that of bubblewrap's init,
 * pid 1 in the sandbox, which the kernel keeps from every signal it has no handler for), never
 * sbx's own; the command alone when the group cannot be told. */
static pid_t command_group(pid_t cmd) {
        pid_t g = getpgid(cmd);

        return g > 1 && g != getpgrp() ? -g : cmd;
}

/* Stops sbx as SIGTSTP would have; returns once it is continued, or at once when the kernel drops
 * the stop (no job control above it). */
static void stop_self(void) {
        struct sigaction dfl = { .sa_handler = SIG_DFL }, handler;
        sigset_t tstp;

        stop_pending = 0;
        sigemptyset(&tstp);
        sigaddset(&tstp, SIGTSTP);
        sigaction(SIGTSTP, &dfl, &handler);
        sigprocmask(SIG_UNBLOCK, &tstp, NULL);
        (void) raise(SIGTSTP);
        sigaction(SIGTSTP, &handler, NULL);
}

/* Stops the command (the host pid `cmd`, or nothing while it is unknown), then sbx itself as SIGTSTP
 * would have; once sbx runs again, the command continues. */
static void stop_with_command(pid_t cmd) {
        if (cmd > 0)
                (void) kill(command_group(cmd), SIGSTOP);
        stop_self();
        if (cmd > 0)
                (void) kill(command_group(cmd), SIGCONT);
}

static bool process_stopped(pid_t pid);

/* Landlock and unconfined: the command `pid`, in sbx's process group, gets the SIGTSTP sent to
 * sbx (`tell`; not the terminal's, which it had already), which it may handle as it would without
 * sbx; then sbx stops. Once sbx runs again, the command continues if it still stands (sbx alone
 * was continued, kill -CONT of its pid); continued with the group (fg, bg), it is left alone. */
static void stop_beside(pid_t pid, bool tell) {
        if (tell && pid > 0)
                (void) kill(pid, SIGTSTP);
        stop_self();
        if (pid > 0 && process_stopped(pid))
                (void) kill(pid, SIGCONT);
}

static void reset_signals_in_child(void) {
        sigset_t none;

        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++)
                if (!(ignored_mask & (1 << i)))
                        signal(forwarded[i], SIG_DFL);
        if (!pipe_ignored)
                signal(SIGPIPE, SIG_DFL);
        if (xfsz.valid && xfsz.old.sa_handler != SIG_IGN)
                signal(SIGXFSZ, SIG_DFL);
        signal(SIGCHLD, SIG_DFL);
        /* ^Z stops nothing until the command is executed (child_before_exec()): a vfork child
         * stopped while it sets up (the Landlock launcher waits for the audit writer's reply)
         * would hold sbx in vfork() with every signal blocked, and the terminal with it, until
         * someone sent SIGCONT (review: ^Z at a run's start, 1 run in 4). tstp_after_vfork() hands
         * the terminal's ^Z on to the command. */
        if (!tstp_ignored)
                signal(SIGTSTP, SIG_IGN);
        /* the caller's mask, as an exec without sbx would leave it: a signal the caller blocks
         * stays blocked for the command (and is not sbx's to forward either) */
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, saved.valid ? &saved.mask : &none, NULL);
}

/* In the child, right before the command is executed: the caller's SIGTSTP (sbx's own handler,
 * when there is one, is not the command's), and the caller's SIGCHLD when it ignores it, the
 * launcher done with its children (bubblewrap, which needs SIGCHLD, gets it from its launcher:
 * --sigchld-ignored). */
static void child_before_exec(void) {
        if (!tstp_ignored)
                signal(SIGTSTP, SIG_DFL);
        if (chld_ignored && !runner_own_group)
                signal(SIGCHLD, SIG_IGN);
}

/* In sbx, its vfork child gone (the command executed, or the child ended): a ^Z the terminal sent
 * meanwhile reached a child that ignored it (reset_signals_in_child()) and sbx, which could not
 * stop then. The command gets it now, as it would have a moment later, and sbx stops, so the job
 * stops as a whole; so does one sent to sbx alone, as it would have once sbx handled it. (A
 * runner in a group of its own is stopped by the supervision loop.) */
static void tstp_after_vfork(pid_t pid) {
        const struct timespec now = { 0 };
        sigset_t tstp;
        siginfo_t si;

        /* one the caller blocks is not sbx's to take (sigtimedwait() would): it stays pending, as
         * without sbx, where it stopped nothing (review: sbx stopped itself for good) */
        if (tstp_ignored || runner_own_group || (saved.valid && sigismember(&saved.mask, SIGTSTP) == 1))
                return;
        sigemptyset(&tstp);
        sigaddset(&tstp, SIGTSTP);
        if (sigtimedwait(&tstp, &si, &now) != SIGTSTP)
                return;
        if (tstp_handled) {
                stop_beside(pid, true);
                return;
        }
        if (si.si_code == SI_KERNEL)
                (void) kill(pid, SIGTSTP);
        (void) raise(SIGTSTP);
}

static void keep_first(pid_t pid, void *userdata) {
        pid_t *first = userdata;

        if (*first == 0)
                *first = pid;
}

/* The host pid of the command inside a bubblewrap sandbox: the child of the namespace's init,
 * whose pid bubblewrap reports as "child-pid". Signalling the init itself would kill the whole
 * namespace without the command ever seeing the signal. */
static pid_t bwrap_command_pid_known(const char *status_data, bool *ret_known) {
        const char *p = strstr(status_data, "\"child-pid\"");
        long init = 0;
        pid_t cmd = 0;

        *ret_known = true;
        if (!p || sscanf(strchr(p, ':') ? strchr(p, ':') + 1 : "", "%ld", &init) != 1 || init <= 0)
                return 0;
        if (sbx_each_child((pid_t) init, keep_first, &cmd) < 0)
                *ret_known = false;
        return cmd;
}

/* 0 when there is none yet, or when it cannot be told. */
static pid_t bwrap_command_pid(const char *status_data) {
        bool known;

        return bwrap_command_pid_known(status_data, &known);
}

/* ---- the child ----------------------------------------------------------------------------- */

static int cmp_int(const void *x, const void *y) {
        return *(const int *) x - *(const int *) y;
}

/* In the forked child: stderr onto the pipe, the status fd onto its number, every descriptor but
 * 0-2, the status fd and --keep-fd ones closed. Async-signal-safe calls only. */
/* Moves fd above every descriptor number the child assigns, so that no dup2() below overwrites a
 * source not yet placed. F_DUPFD_CLOEXEC: only the final dup2() copies are inherited. */
/* The descriptors could not be set up (EMFILE under a low `ulimit -n`, ...): the command never
 * ran. Reported on the exec pipe as -errno, which sbx tells from an exec failure, and exit 125
 * (review: it was exit 127 with nothing said, recorded as the command's task_failure). */
__attribute__((noreturn)) static void setup_fail(int report_fd) {
        int e = -errno;

        (void) !write(report_fd, &e, sizeof(e));
        _exit(SBX_EXIT_INFRA);
}

static int lift(int fd, int floor, int report_fd) {
        int r;

        if (fd < 0)
                return -1;
        r = fcntl(fd, F_DUPFD_CLOEXEC, floor);
        /* EINVAL: floor is at or above `ulimit -n` (--verdict-fd and the writer's socket raise
         * it): no room, as EMFILE says; "Invalid argument" named no cause (invariants review) */
        if (r < 0 && errno == EINVAL)
                errno = EMFILE;
        if (r < 0)
                setup_fail(report_fd);
        return r;
}

static void place(int src, int dst, int report_fd) {
        if (src >= 0 && dup2(src, dst) < 0)
                setup_fail(report_fd);
}

/* Returns where exec_w ended up (still close-on-exec); *writer_fd (when >= 0: the audit writer's
 * socket, which the in-process launcher reads its go-ahead from) is moved and kept the same way. */
static int child_setup_fds(const struct sbx_run_args *a, int in_r, bool out_null, int err_w, int status_w,
                           int inner_w, int gate_r, int lifeline_r, int status_hold, int exec_w, int status_num,
                           int *writer_fd) {
        int keep[SBX_RUN_KEEP_FDS_MAX + 7]; /* the five status numbers, exec_w, the writer, --keep-fd ones */
        size_t n = 0;
        /* above status_num .. status_num + 4, the last number placed below: a source lifted to
         * status_num + 3 or + 4 was overwritten by the lifeline or the status pipe's held read end
         * before use (exec_w, lifted first, lost: bubblewrap's exec failure went unreported) */
        int lo = 3, floor = status_num + 5;

        /* Each descriptor is lifted to the lowest free number from floor up: above every place
         * below, and never onto a kept descriptor, which is open (it was checked in sbx, and the
         * child inherits it: checked again, as a kept number that were free could receive the
         * writer's socket). Not above the highest kept one: one kept near `ulimit -n` left no
         * room there, and the run failed (limits review: --keep-fd 63 under ulimit -n 64). */
        for (size_t i = 0; i < a->n_keep_fds; i++)
                if (fcntl(a->keep_fds[i], F_GETFD) < 0)
                        setup_fail(exec_w);
        /* exec_w first: the report of a failure below goes there */
        exec_w = lift(exec_w, floor, exec_w);
        in_r = lift(in_r, floor, exec_w);
        err_w = lift(err_w, floor, exec_w);
        status_w = lift(status_w, floor, exec_w);
        inner_w = lift(inner_w, floor, exec_w);
        gate_r = lift(gate_r, floor, exec_w);
        lifeline_r = lift(lifeline_r, floor, exec_w);
        status_hold = lift(status_hold, floor, exec_w);
        *writer_fd = lift(*writer_fd, floor, exec_w);

        place(in_r, 0, exec_w);
        if (out_null) {
                int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
                if (fd < 0)
                        setup_fail(exec_w);
                place(fd, 1, exec_w);
        }
        place(err_w, 2, exec_w);
        place(status_w, status_num, exec_w);
        place(inner_w, status_num + 1, exec_w);
        place(gate_r, status_num + 2, exec_w);
        place(lifeline_r, status_num + 3, exec_w);
        place(status_hold, status_num + 4, exec_w);
        if (status_w >= 0)
                keep[n++] = status_num;
        if (inner_w >= 0)
                keep[n++] = status_num + 1;
        if (gate_r >= 0)
                keep[n++] = status_num + 2;
        if (lifeline_r >= 0)
                keep[n++] = status_num + 3;
        if (status_hold >= 0)
                keep[n++] = status_num + 4;
        /* close-on-exec: it reports an exec failure to sbx and never reaches the command */
        keep[n++] = exec_w;
        if (*writer_fd >= 0)
                keep[n++] = *writer_fd; /* close-on-exec too */
        for (size_t i = 0; i < a->n_keep_fds; i++)
                keep[n++] = a->keep_fds[i];
        qsort(keep, n, sizeof(int), cmp_int);
        for (size_t i = 0; i < n; i++) {
                if (keep[i] > lo)
                        close_range((unsigned) lo, (unsigned) keep[i] - 1, 0);
                if (keep[i] + 1 > lo)
                        lo = keep[i] + 1;
        }
        close_range((unsigned) lo, ~0U, 0);
        return exec_w;
}

/* ---- supervision --------------------------------------------------------------------------- */

struct status_buf {
        char data[STATUS_DATA_MAX];
        size_t len;
};

struct stdin_pump;

/* A sqlite3 whose commands come from the caller's own stdin, a regular file sbx copies to it
 * (struct stdin_pump), opening its database after any `.cd` they hold: that database, and the
 * directory its ATTACHes run in, are told by the text the pump keeps of what it copied
 * (sbx_run_sqlite_kept_db(), sbx_run_sqlite_kept_dir()), read before the classifier reads the
 * lines that came after it (kept_db_decide()). */
struct kept_db {
        char *const *command;
        char *cwd;                     /* the command's start directory (owned) */
        const struct stdin_pump *pump;
        size_t tried_len;              /* the kept bytes it was last read of */
        bool tried_eof, tried_cut;
        bool db, dir;                  /* its database, the directory of its ATTACHes: not told yet */
};

struct supervise {
        struct sbx_classifier *classifier;
        struct kept_db *kept_db; /* NULL: none, or told */
        int classify_error; /* first -errno of the classifier: the run is then unclassified */
        bool stderr_ok;     /* our own stderr still takes writes */
        /* Where the command's stderr goes on, and what of it waits for the reader. A copy that
         * blocked in write(2) kept sbx from passing on a signal: stderr a pipe nobody read, a
         * caller's SIGTERM never reached the command, and sbx hung (review). So sbx writes only
         * once poll(2) says there is room, and reads no more of the command's stderr meanwhile
         * (the command waits for its reader as it would without sbx). */
        int out_fd;         /* sbx's stderr, or a private non-blocking opening of its pipe */
        bool out_sock;      /* a socket: send(2) without waiting */
        size_t out_max;     /* bytes per write: PIPE_BUF on a blocking pipe, where POLLOUT promises no more */
        const char *pend;   /* read from the command, not written yet */
        size_t pend_len;
        uint64_t err_read;  /* bytes read from the command's stderr */
        bool reader_gone;   /* the copy failed with EPIPE: nobody reads sbx's stderr any more */
        struct status_buf status; /* the runner's own record (bwrap's JSON, the launcher's) */
        struct status_buf inner;  /* the record of sbx-landlock --seal-mounts inside bwrap */
        bool inner_expected;      /* that launcher was given a descriptor for it */
        bool status_mark;         /* the Landlock launcher marks its exec on status (--exec-mark) */
        int forwarded_mask; /* signals sbx forwarded to the command */
        int64_t held_since; /* when a signal first waited for bubblewrap's command (0: none waits) */
        int held_first;     /* its bit in pending_mask */
        int setup_ended_by; /* the waiting signal whose bubblewrap, still setting up, sbx killed */
        char first_line[SBX_MATCHED_LINE_MAX]; /* stderr's first line, the evidence of last resort */
        size_t first_len;
        bool first_done;
        /* the denial lines the record took so far (writer->denials): how many of the kept ones,
         * the count then, and when the next batch may go */
        size_t denials_taken;
        uint64_t counted_taken;
        int64_t denials_due;
};

static void kept_db_decide(struct supervise *s);

static void keep_first_line(struct supervise *s, const char *buf, size_t n) {
        for (size_t i = 0; i < n && !s->first_done; i++) {
                if (buf[i] == '\n' || s->first_len == sizeof(s->first_line) - 1)
                        s->first_done = true;
                else
                        s->first_line[s->first_len++] = buf[i];
        }
        if (s->first_done && s->first_len > 0 && s->first_line[s->first_len - 1] == '\r')
                s->first_len--;
        s->first_line[s->first_len] = '\0';
}

/* Whether stderr (st: its fstat) is a terminal that can be opened again as itself: not a
 * pseudo-terminal's master, which opened again is a new pair's (/dev/ptmx). */
static bool stderr_terminal(const struct stat *st) {
        return S_ISCHR(st->st_mode) && isatty(STDERR_FILENO) && ioctl(STDERR_FILENO, TIOCGPTN, &(unsigned) { 0 }) < 0;
}

/* stderr (st: its fstat; a terminal when tty, else a pipe) opened again through /proc/self/fd: a
 * non-blocking description of sbx's own, or -1 when it is not the same terminal (its device) or
 * pipe (its inode): /dev/tty opens the caller's controlling terminal, whatever 2 is. */
static int stderr_reopen(const struct stat *st, bool tty) {
        struct stat again;
        int fd = open("/proc/self/fd/2", O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

        if (fd > STDERR_FILENO && fstat(fd, &again) == 0 && (again.st_mode & S_IFMT) == (st->st_mode & S_IFMT) &&
            (tty ? again.st_rdev == st->st_rdev : again.st_ino == st->st_ino && again.st_dev == st->st_dev))
                return fd;
        if (fd >= 0)
                close(fd);
        return -1;
}

/* Where the copy of stderr goes (see struct supervise). A pipe or a terminal is opened again
 * through /proc/self/fd: a description of sbx's own, made non-blocking without touching the
 * caller's (which other processes share). A terminal nobody read (a pty whose master sleeps, one
 * stopped with ^S) held sbx in write(2) as a full pipe did: SIGTERM never reached the command,
 * which without sbx dies of it at once (review). Where that cannot be done (a pipe or terminal
 * of another user's, no /proc), a blocking pipe takes at most PIPE_BUF bytes per write once
 * poll(2) says it has room, and a terminal is written as it is. A socket is written with
 * MSG_DONTWAIT; anything else (a file, /dev/null) as it is. */
static void stderr_out_open(struct supervise *s) {
        struct stat st;
        bool tty;
        int fd;

        s->out_fd = STDERR_FILENO;
        s->out_max = SIZE_MAX;
        if (fstat(STDERR_FILENO, &st) < 0)
                return;
        s->out_sock = S_ISSOCK(st.st_mode);
        tty = stderr_terminal(&st);
        if (!S_ISFIFO(st.st_mode) && !tty)
                return;
        fd = stderr_reopen(&st, tty);
        if (fd >= 0)
                s->out_fd = fd;
        else if (!tty && !(fcntl(STDERR_FILENO, F_GETFL) & O_NONBLOCK))
                s->out_max = PIPE_BUF;
}

static void stderr_out_close(struct supervise *s) {
        if (s->out_fd > STDERR_FILENO)
                close(s->out_fd);
        s->out_fd = STDERR_FILENO;
}

/* Writes what waits, as far as the reader takes it now (called once poll(2) saw room). */
static void stderr_flush(struct supervise *s) {
        while (s->pend_len > 0 && s->stderr_ok) {
                size_t len = s->pend_len < s->out_max ? s->pend_len : s->out_max;
                ssize_t n = s->out_sock ? send(s->out_fd, s->pend, len, MSG_DONTWAIT | MSG_NOSIGNAL)
                                        : write(s->out_fd, s->pend, len);
                if (n < 0 && errno == EINTR)
                        continue;
                if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                        return;
                if (n <= 0) {
                        s->stderr_ok = false; /* keep classifying: the command's stderr must still drain */
                        s->reader_gone = n < 0 && errno == EPIPE;
                        break;
                }
                s->pend += n;
                s->pend_len -= (size_t) n;
                if (s->out_max != SIZE_MAX)
                        return; /* a blocking pipe: the next write waits for poll(2) again */
        }
        if (!s->stderr_ok)
                s->pend_len = 0;
}

/* One read(): the byte count, 0 to try again later, -1 at end of file or on an error. */
static ssize_t read_some(int fd, char *buf, size_t size) {
        ssize_t n = read(fd, buf, size);

        if (n < 0 && (errno == EINTR || errno == EAGAIN))
                return 0;
        return n > 0 ? n : -1;
}

/* n bytes read from the command's stderr: counted, its first line kept, classified. */
static void stderr_account(struct supervise *s, const char *buf, size_t n) {
        s->err_read += (uint64_t) n;
        keep_first_line(s, buf, n);
        if (s->classifier && !s->classify_error) {
                kept_db_decide(s);
                int r = sbx_classify_feed(s->classifier, buf, n);
                if (r < 0)
                        s->classify_error = r;
        }
}

/* Reads what is there (only once what it read before is written); returns false at EOF or error. */
static bool pump_stderr(struct supervise *s, int fd) {
        /* static: inlined into the supervision loop, 64 KiB on the stack crashed sbx under
         * `ulimit -s 128` (exit 139, as if the command had), its row left running (review) */
        static char buf[65536];
        ssize_t n = read_some(fd, buf, sizeof(buf));

        if (n <= 0)
                return n == 0;
        if (s->stderr_ok) {
                s->pend = buf;
                s->pend_len = (size_t) n;
                /* what a blocking pipe cannot take at once waits for the loop's poll(2) */
                if (s->out_max == SIZE_MAX)
                        stderr_flush(s);
        }
        stderr_account(s, buf, (size_t) n);
        return true;
}

/* What was kept of the command's stderr to be written once the run's end is recorded
 * (stderr_defer(), sbx_run_stderr_finish()): its bytes (data) and where they go, as the
 * supervision wrote them (out: out_fd, out_sock, out_max, pend, pend_len, stderr_ok). */
static struct {
        char *data;
        struct supervise out;
} deferred;

void sbx_run_stderr_finish(void) {
        struct supervise *o = &deferred.out;

        /* a signal the caller sent to end the run drops the rest, as the command's blocked write
         * would have been (the row is complete already) */
        while (o->pend_len > 0 && o->stderr_ok) {
                stderr_flush(o);
                if (o->pend_len == 0 || !o->stderr_ok || end_pending())
                        break;
                (void) poll(&(struct pollfd) { .fd = o->out_fd, .events = POLLOUT }, 1, 100);
        }
        if (deferred.data && o->out_fd > STDERR_FILENO)
                close(o->out_fd);
        free(deferred.data);
        deferred.data = NULL;
        *o = (struct supervise) { 0 };
}

static int64_t now_ms(void);

/* Offers the record the denial lines kept since the last batch it took (sbx_run_writer's denials),
 * at most every SBX_RUN_DENIALS_EVERY_MS: a run killed with its sbx (SIGKILL to the group: a
 * harness ending a hung tool call) keeps in its row what its command printed before. Nothing at
 * all for a run without stderr, no system call for one without denial lines (the clock is read
 * from the vDSO). */
static void offer_denials(struct supervise *s, const struct sbx_run_writer *w, void *userdata) {
        const struct sbx_denial *kept;
        uint64_t counted;
        size_t n;
        int64_t now;

        if (!w || !w->denials || !s->classifier || s->classify_error)
                return;
        n = sbx_classifier_denials_so_far(s->classifier, &kept, &counted);
        if (counted == s->counted_taken && sbx_classifier_staged(s->classifier) == 0)
                return;
        now = now_ms();
        if (now < s->denials_due)
                return;
        /* the classifier reads its input in chunks of up to 64 KiB: what it gathered is read now,
         * at most as often as a batch may go (the same lines, whatever the chunks) */
        if (sbx_classifier_staged(s->classifier) > 0) {
                kept_db_decide(s);
                int r = sbx_classify_flush(s->classifier);
                if (r < 0) {
                        s->classify_error = r;
                        return;
                }
                n = sbx_classifier_denials_so_far(s->classifier, &kept, &counted);
                if (counted == s->counted_taken) {
                        s->denials_due = now + SBX_RUN_DENIALS_EVERY_MS;
                        return;
                }
        }
        if (n < s->denials_taken)
                n = s->denials_taken; /* (the list only grows) */
        /* refused (no room at the writer, a lock): offered again with the lines that come next,
         * no sooner than a batch would go, or left to the end */
        s->denials_due = now + SBX_RUN_DENIALS_EVERY_MS;
        if (!w->denials(userdata, kept + s->denials_taken, s->denials_taken, n - s->denials_taken, counted))
                return;
        s->denials_taken = n;
        s->counted_taken = counted;
}

/* n bytes of a runner's record after what b holds (what does not fit is dropped). */
static void status_append(struct status_buf *b, const char *buf, ssize_t n) {
        for (ssize_t i = 0; i < n && b->len < sizeof(b->data) - 1; i++)
                b->data[b->len++] = buf[i];
        b->data[b->len] = '\0';
}

static bool pump_status(struct status_buf *b, int fd) {
        char buf[1024];
        ssize_t n = read_some(fd, buf, sizeof(buf));

        if (n <= 0)
                return n == 0;
        status_append(b, buf, n);
        return true;
}

/* pump_status() for the launcher's socket inside bubblewrap: the first descriptor that comes
 * with its record is kept in *pidfd, any other closed (MSG_CMSG_CLOEXEC: none reaches a child). */
static bool pump_inner(struct status_buf *b, int fd, int *pidfd) {
        char buf[1024];
        union {
                struct cmsghdr h;
                char buf[CMSG_SPACE(sizeof(int) * 4)];
        } c;
        struct iovec iov = { .iov_base = buf, .iov_len = sizeof(buf) };
        struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = c.buf, .msg_controllen = sizeof(c.buf) };
        ssize_t n;

        do
                n = recvmsg(fd, &m, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
        while (n < 0 && errno == EINTR);
        if (n < 0)
                return errno == EAGAIN;
        for (struct cmsghdr *h = CMSG_FIRSTHDR(&m); h; h = CMSG_NXTHDR(&m, h)) {
                if (h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS)
                        continue;
                for (size_t i = 0; i < (h->cmsg_len - CMSG_LEN(0)) / sizeof(int); i++) {
                        int got;
                        memcpy(&got, CMSG_DATA(h) + i * sizeof(int), sizeof(int));
                        if (*pidfd < 0)
                                *pidfd = got;
                        else
                                close(got);
                }
        }
        if (n == 0)
                return false;
        status_append(b, buf, n);
        return true;
}

static int64_t now_ms(void) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

enum started { STARTED_UNKNOWN, STARTED_YES, STARTED_NO };

/* The record of sbx-landlock --seal-mounts inside bubblewrap, or of sbx-landlock --exec-mark:
 * "X\n" right before it executes the command (landlock-launch.c), then an "E" record
 * if that failed; an "E" record alone when it failed before. Its failure record, or NULL when there
 * is none. */
static const char *launcher_failure(const struct status_buf *b) {
        const char *rec = b->data;

        if (b->len >= 2 && memcmp(rec, "X\n", 2) == 0)
                rec += 2;
        return *rec ? rec : NULL;
}

static bool launcher_executed(const struct status_buf *b) {
        return b->len >= 2 && memcmp(b->data, "X\n", 2) == 0 && !launcher_failure(b);
}

/* What the runner's status descriptor proves. bubblewrap writes {"exit-code": N} when its sandbox's
 * process ended, sbx's launcher, which inside bubblewrap writes its mark right before the exec
 * (launcher_failure()); sbx's Landlock launcher writes a record when it fails before exec, and its
 * mark right before the exec (status_mark): a launcher killed by a signal before (a host's seccomp
 * filter that kills, the OOM killer, a crash) leaves neither, and was read as the command's death
 * by that signal. (The kernel's PF_FORKNOEXEC of sbx's child, read before its reap, said so for
 * the in-process launcher before the mark; a thread of the command that executes a file takes over
 * the pid with that flag still set, and a command that had it killed there read as never started.)
 * runner_signal: the signal that killed the runner itself, when it is none that sbx passes on
 * and the run did not end before the runner was released (0 otherwise). */
static enum started structural_evidence(const char *backend, const struct supervise *s, int wstatus,
                                        int forwarded_signal, int runner_signal) {
        if (!backend)
                return STARTED_UNKNOWN;
        if (strcmp(backend, "bwrap") == 0) {
                /* the command proper starts only once the mount-sealing launcher inside execs it */
                if (launcher_failure(&s->inner))
                        return STARTED_NO;
                if (launcher_executed(&s->inner))
                        return STARTED_YES;
                /* a signal sbx passed on (a caller's timeout: SIGTERM) that ended the sandbox while
                 * it was still being set up is the run's end, not the runner's failure: exit 128+N
                 * as under Landlock, never 125 (review: 2 in 100 early SIGTERMs read
                 * runner_failure) */
                if (forwarded_signal)
                        return STARTED_UNKNOWN;
                /* bubblewrap reports the sandbox's pid before it lets the sandbox's process go on
                 * (it waits for that on an eventfd): without the report nothing in it ran. A
                 * bubblewrap that a signal killed there (a crash: `ulimit -s 16`; the OOM killer)
                 * was read as the command's death by that signal. Not one sbx passes on: ^C
                 * reaches bubblewrap beside sbx, and is the run's end as under Landlock. Nor
                 * after the report: bubblewrap may still die before it releases the sandbox (1 in
                 * 150 crashes under `ulimit -s 16`), and the launcher inside never said it
                 * executed the command (an exec it did say so, above) */
                if (runner_signal)
                        return STARTED_NO;
                /* bubblewrap's {"exit-code": N} is the end of the sandbox's first process, the
                 * launcher, which says it executes the command before it does: a launcher that died
                 * before (a crash: its seccomp filter's buffer under `ulimit -s 32`) left N = 139,
                 * read as the command's SIGSEGV (task_failure) */
                if (s->inner_expected && strstr(s->status.data, "\"exit-code\""))
                        return STARTED_NO;
                return WIFEXITED(wstatus) && WEXITSTATUS(wstatus) != 0 ? STARTED_NO : STARTED_UNKNOWN;
        }
        if (strcmp(backend, "landlock") == 0) {
                /* (a launcher that a signal sbx passes on ended is the run's end by that signal,
                 * as under bubblewrap) */
                if (launcher_failure(&s->status))
                        return STARTED_NO;
                if (s->status_mark && launcher_executed(&s->status))
                        return STARTED_YES;
                if (s->status_mark && (runner_signal || WIFEXITED(wstatus)))
                        return STARTED_NO;
                return WIFEXITED(wstatus) ? STARTED_YES : STARTED_UNKNOWN;
        }
        return STARTED_UNKNOWN;
}

static void first_line(const char *data, char *out, size_t size) {
        size_t n = strcspn(data, "\n");
        if (n >= size)
                n = size - 1;
        memcpy(out, data, n);
        out[n] = '\0';
}

/* The message of a run whose runner failed: sbx's launcher's status record ("E <errno> <step>",
 * landlock-launch.c) in words, the step and the error; any other first line as it is. */
static void runner_message(const char *data, char *out, size_t size) {
        char step[32];
        int err, end = 0;

        if (sscanf(data, "E %d %31[a-z-]%n", &err, step, &end) == 2 && err > 0 &&
            (data[end] == '\n' || data[end] == '\0'))
                snprintf(out, size, "sbx-landlock failed before the command ran (step %s): %s", step, strerror(err));
        else
                first_line(data, out, size);
}

/* When sbx's stderr is a terminal, the command's stderr is a pseudo-terminal of its own in raw
 * mode (no \n -> \r\n rewriting), with the caller's window size: the command still sees a terminal
 * while sbx reads, forwards and classifies what it writes. Returns -1 when not applicable. */
static int open_stderr_pty(int *ret_slave) {
        struct winsize ws;
        struct termios t;
        int master, slave;

        if (!isatty(STDERR_FILENO))
                return -1;
        master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
        if (master < 0)
                return -1;
        if (grantpt(master) < 0 || unlockpt(master) < 0)
                goto fail;
        slave = ioctl(master, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC);
        if (slave < 0)
                goto fail;
        if (tcgetattr(slave, &t) == 0) {
                cfmakeraw(&t);
                (void) tcsetattr(slave, TCSANOW, &t);
        }
        if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0)
                (void) ioctl(slave, TIOCSWINSZ, &ws);
        *ret_slave = slave;
        return master;
fail:
        close(master);
        return -1;
}

/* The pseudo-terminal sbx_run_stderr_pty_prepare() made for the next run's stderr, or -1. */
static int prepared_master = -1, prepared_slave = -1;

int sbx_run_stderr_pty_prepare(void) {
        if (prepared_master < 0)
                prepared_master = open_stderr_pty(&prepared_slave);
        return prepared_master >= 0 ? prepared_slave : -1;
}

/* Whether the confined command must not get `fd` itself: a file, directory, block device or
 * character device the caller opened without write access. Under bubblewrap the descriptor still
 * points into the host's writable mount, so the command could reopen it for writing through
 * /proc/self/fd (or create files with openat on a directory); a pipe fed by sbx carries the same
 * bytes. A character device too: the host's mounts allow device nodes, and `< /dev/kmsg` let the
 * command write the host's kernel log (escape review). Not a terminal, which the command may write
 * anyway (typing into it is refused), nor the sinks /dev/null, /dev/zero and /dev/full. */
bool sbx_run_fd_reopenable(int fd) {
        struct stat st;
        struct statfs sf;
        int fl;

        if (fstat(fd, &st) < 0)
                return false;
        fl = fcntl(fd, F_GETFL);
        /* O_PATH reads and writes nothing but names the inode, whatever its type: under bubblewrap
         * fchownat(), utimensat() and fchmodat2() with AT_EMPTY_PATH changed a host symlink, socket or
         * FIFO behind a --keep-fd in a read-only run (redteam review) */
        if (fl >= 0 && (fl & O_PATH))
                return true;
        if (S_ISFIFO(st.st_mode)) {
                /* a named FIFO (a pipe's inode is pipefs'): under bubblewrap `chmod 666 /proc/self/fd/0`
                 * changed the host's FIFO behind a read-only stdin in a read-only run (redteam review) */
                if (fstatfs(fd, &sf) == 0 && sf.f_type == PIPEFS_MAGIC)
                        return false;
        } else if (S_ISCHR(st.st_mode)) {
                if (major(st.st_rdev) == 1 && (minor(st.st_rdev) == 3 || minor(st.st_rdev) == 5 || minor(st.st_rdev) == 7))
                        return false;
                if (isatty(fd))
                        return false;
        } else if (!(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) || S_ISBLK(st.st_mode)))
                return false;
        return fl < 0 || (fl & O_ACCMODE) == O_RDONLY;
}

bool sbx_run_fd_named_fifo(int fd, const struct stat *st) {
        struct statfs sf;
        int fl = fcntl(fd, F_GETFL);

        return S_ISFIFO(st->st_mode) && fl >= 0 && !(fl & O_PATH) && fstatfs(fd, &sf) == 0 &&
               sf.f_type != PIPEFS_MAGIC;
}

/* A directory on stdin under Landlock: the ruleset governs every path the command resolves from
 * it, by the directory's place in the host's tree (reopening it through /proc/self/fd, openat()
 * on it), so it reaches the command as it is, and reading it fails with EISDIR as without sbx.
 * Under bubblewrap the launcher reopens it inside the sandbox (confined->stdin_dir). So does a
 * named FIFO (not one opened with O_PATH): the ruleset refuses reopening it for writing, and the
 * seccomp filter changing it in read-only (workspace-write reports such changes ungoverned); fed
 * through sbx's pipe, it would lose what sbx read ahead of the command, which cannot be given
 * back to a FIFO as it is to a file (`while read l; do sbx run ...; done < fifo`). */
static bool stdin_dir_governed(const struct sbx_confined_argv *confined) {
        struct stat st;

        if (strcmp(confined->backend, "landlock") != 0 || fstat(STDIN_FILENO, &st) < 0)
                return false;
        return S_ISDIR(st.st_mode) || sbx_run_fd_named_fifo(STDIN_FILENO, &st);
}

/* Copies sbx's stdin into the pipe that is the command's stdin. A pipe on stdin (tee) is copied
 * without being read: tee(2) puts what it holds into the command's pipe, one page at a time (that
 * pipe takes one page, so that poll(2) says it has room only once the command has read it all),
 * and sbx reads from its own stdin only what the command has read; what the command leaves stays
 * in the caller's pipe, as it would without sbx (`producer | while read l; do sbx run ...; done`). */
struct stdin_pump {
        int w;          /* write end, -1 once closed */
        int peek;       /* sbx's copy of the read end: how much the command left unread */
        int null;       /* tee: /dev/null, where what the command read is dropped from stdin (-1: none) */
        bool eof;       /* sbx's stdin is exhausted */
        bool tee;       /* stdin is a pipe: copied by tee(2), len bytes of it owed */
        bool held;      /* tee: the command's pipe holds bytes that are not stdin's (see below) */
        bool grown;     /* tee: the command made its pipe bigger, and it cannot be made one page again */
        int page;       /* tee: the size of the command's pipe */
        size_t len, off;
        char buf[65536];
        /* not tee, for a struct kept_db: the first bytes copied (KEPT_MAX at most, kept_len of
         * them), and whether more came (or, once the run ended, the command read fewer) */
        char *kept;
        size_t kept_len;
        bool kept_cut;
        uint64_t copied;
};
#define KEPT_MAX (64 * 1024)

/* Reads the database of s->kept_db from what the pump kept, where it kept more since it last did
 * (or ended): told once the text holds the SQL that opens it, or never, once it ended or was cut
 * before that. The classifier reads each line after the command wrote it, which it did after it
 * read the text before it, which the pump had kept before it copied it. */
static void kept_db_decide(struct supervise *s) {
        struct kept_db *k = s->kept_db;
        const struct stdin_pump *p = k ? k->pump : NULL;
        char db[PATH_MAX];
        int r;

        if (!k || !s->classifier || (p->kept_len == k->tried_len && p->eof == k->tried_eof && p->kept_cut == k->tried_cut))
                return;
        k->tried_len = p->kept_len;
        k->tried_eof = p->eof;
        k->tried_cut = p->kept_cut;
        if (k->db) {
                r = sbx_run_sqlite_kept_db(k->command, k->cwd, p->kept, p->kept_len, p->eof && !p->kept_cut, db,
                                           sizeof(db));
                if (r > 0)
                        (void) sbx_classifier_set_sqlite_db(s->classifier, db, r == 2);
                k->db = r < 0 && !p->eof && !p->kept_cut;
        }
        /* (the ATTACHes' directory of the whole text alone: a `.cd` later in it may move one) */
        if (k->dir && (p->eof || p->kept_cut)) {
                r = sbx_run_sqlite_kept_dir(k->command, k->cwd, p->kept, p->kept_len, p->eof && !p->kept_cut, db,
                                            sizeof(db));
                if (r >= 0)
                        (void) sbx_classifier_set_sqlite_dir(s->classifier, r == 2 ? db : NULL, false);
                k->dir = false;
        }
        if (!k->db && !k->dir)
                s->kept_db = NULL;
}

static void pump_close(struct stdin_pump *p) {
        if (p->w >= 0)
                close(p->w);
        p->w = -1;
}

/* Drops n bytes of sbx's stdin: those tee(2) copied, which the command has read. Spliced into
 * /dev/null, never waiting: where another reader of the caller's pipe had taken them (the command
 * itself, through a --keep-fd of that pipe), read(2) waited for the producer's next bytes, sbx
 * passing on no signal and no stderr meanwhile, and then took those in their place (review). */
static void pump_stdin_consume(struct stdin_pump *p, size_t n) {
        while (n > 0) {
                ssize_t r = splice(STDIN_FILENO, NULL, p->null, NULL, n, SPLICE_F_NONBLOCK);

                if (r < 0 && errno == EINTR)
                        continue;
                if (r <= 0)
                        return; /* another reader of the caller's pipe took them */
                n -= (size_t) r;
        }
}

static void pump_stdin_read(struct stdin_pump *p) {
        ssize_t n = p->tee ? tee(STDIN_FILENO, p->w, sizeof(p->buf), SPLICE_F_NONBLOCK)
                           : read(STDIN_FILENO, p->buf, sizeof(p->buf));

        if (n > 0 && p->kept) {
                size_t k = KEPT_MAX - p->kept_len < (size_t) n ? KEPT_MAX - p->kept_len : (size_t) n;

                memcpy(p->kept + p->kept_len, p->buf, k);
                p->kept_len += k;
                p->kept_cut = p->kept_cut || k < (size_t) n;
                p->copied += (uint64_t) n;
        }

        if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
                int queued = 0;
                /* no room: bytes a workspace-write command put into its own pipe (it may chmod
                 * it back), which sbx waits to see read before it copies more; polling for
                 * its stdin instead spun until then */
                if (p->tee && n < 0 && errno == EAGAIN && ioctl(p->peek, FIONREAD, &queued) == 0 && queued > 0)
                        p->held = true;
                return;
        }
        if (n <= 0) {
                p->eof = true;
                pump_close(p);
                return;
        }
        p->len = (size_t) n;
        p->off = 0;
}

static void pump_stdin_write(struct stdin_pump *p) {
        ssize_t n;
        int queued = 0;

        if (p->tee) {
                /* room in a pipe of one page: the command has read all that tee(2) gave it; the
                 * next page goes at once where there is one (a round of poll(2) less a page) */
                if (ioctl(p->peek, FIONREAD, &queued) == 0 && queued == 0) {
                        pump_stdin_consume(p, p->len);
                        p->len = 0;
                        p->held = false;
                        /* (empty, it can be made one page again now: see below) */
                        if (p->grown)
                                p->grown = fcntl(p->w, F_SETPIPE_SZ, p->page) != p->page;
                        pump_stdin_read(p);
                        return;
                }
                /* room, and bytes unread: the command made its pipe bigger (F_SETPIPE_SZ on its
                 * read end, in either mode), and poll(2) said so at once, round after round: sbx
                 * took a core for as long as the command left them unread (review). The pipe is
                 * made one page again; while it holds more than that, sbx looks once a round of
                 * its loop (run_supervise(), 0.1 s) instead of asking poll(2), and makes it one
                 * page once it is empty. */
                p->grown = fcntl(p->w, F_SETPIPE_SZ, p->page) != p->page;
                return;
        }
        n = write(p->w, p->buf + p->off, p->len - p->off);

        if (n < 0 && (errno == EINTR || errno == EAGAIN))
                return;
        if (n < 0) { /* the command closed its stdin */
                pump_close(p);
                return;
        }
        p->off += (size_t) n;
        if (p->off == p->len)
                p->len = p->off = 0;
}

/* The audit writer's begin reply, read by the in-process launcher's vfork child once its sandbox
 * is set up (the go-ahead), while sbx waits: shared memory, written by the child only. */
struct collect {
        int fd;               /* the writer's socket (in the child: its moved copy) */
        volatile int result;  /* 1: never reached (the child failed first); 0: the row is
                                 confirmed (id); -1: the writer did not confirm it */
        volatile int64_t id;
};

static int collect_gate(void *ctx) {
        struct collect *c = ctx;
        int64_t id = 0;

        /* a signal that came before the command started (held since sbx's start): the child
         * leaves, having run nothing, and sbx writes the row itself (the writer's reply unread,
         * which a stopped writer would have kept waiting) */
        if (end_pending() || sbx_audit_writer_collect_begin(c->fd, &id) < 0) {
                c->result = -1;
                return -1;
        }
        c->id = id;
        c->result = 0;
        return 0;
}

struct spawn_req {
        const struct sbx_run_args *a;
        char *const *argv;
        char **envp;
        int in_r, err_w, status_w, inner_w, gate_r, lifeline_r, status_hold, status_num, exec_w;
        bool out_null;
        bool inprocess; /* argv is sbx's own Landlock launcher: run its code here, do not exec it */
        unsigned close_std; /* unconfined: bit N, descriptor N is closed right before exec */
        bool use_fork;  /* the child waits (for the go-ahead) while sbx works: it needs its own memory */
        struct collect *collect; /* in-process: the go-ahead is the writer's reply (vfork) */
};

/* vfork: the child shares our memory until it execs, so only system calls run there (the
 * in-process launcher among them: it confines the child's own task, and writes no memory sbx
 * relies on). Kept apart so no local of the supervisor lives across the vfork. Copy-on-write
 * faults after a fork() cost this supervisor 0.1-0.3 ms per run (measured), so fork() only when
 * the child must wait for the go-ahead while sbx writes the audit row. */
static __attribute__((noinline)) pid_t spawn_child(const struct spawn_req *req) {
        sigset_t all, old;
        pid_t pid, supervisor = getpid();

        /* no handler may run in the child while it shares sbx's memory (reset_signals_in_child()
         * clears the mask before exec) */
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, &old);
        pid = req->use_fork ? fork() : vfork();
        if (pid != 0) {
                if (pid > 0)
                        child_made = 1;
                if (pid > 0 && !req->use_fork)
                        tstp_after_vfork(pid);
                sigprocmask(SIG_SETMASK, &old, NULL);
                return pid;
        }
        {
                int e, exec_w, writer_fd = req->collect ? req->collect->fd : -1;
                /* the command dies with sbx, SIGKILL included, as bubblewrap's does
                 * (--die-with-parent): a confined command never runs on unsupervised, its verdict
                 * unrecordable. A supervisor already gone (after a fork) releases nothing.
                 * bubblewrap with a lifeline gets no parent-death signal from sbx: killed with sbx
                 * after it made the sandbox's init and before it released it, it left that init
                 * waiting forever, holding the caller's descriptors (chaos review: 4 of 200 runs
                 * whose sbx was SIGKILLed 0.5-8 ms after it started; a caller reading sbx's output
                 * through a pipe never saw its end). It arms its own --die-with-parent only just
                 * before it releases the init (its status reports in between cannot fail: it holds
                 * a read end of their pipe), and a launcher left to run once sbx is gone starts
                 * nothing (--lifeline-fd). */
                if ((req->lifeline_r < 0 && prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0) || getppid() != supervisor)
                        _exit(EXIT_FAILURE);
                reset_signals_in_child();
                sbx_run_umask_restore_in_child();
                /* the guard's group (guard_start()): the guard ended, the run does not start;
                 * without a guard, a group of its own */
                if (runner_own_group && setpgid(0, guard_pid) < 0)
                        setup_fail(req->exec_w);
                exec_w = child_setup_fds(req->a, req->in_r, req->out_null, req->err_w, req->status_w, req->inner_w,
                                         req->gate_r, req->lifeline_r, req->status_hold, req->exec_w, req->status_num,
                                         &writer_fd);
                if (req->inprocess) {
                        int argc = 0;
                        while (req->argv[argc])
                                argc++;
                        /* its failures leave the launcher's record on the status fd and exit 125,
                         * exactly as the executable's would */
                        if (req->collect)
                                req->collect->fd = writer_fd;
                        sbx_landlock_launch(argc, (char **) req->argv, req->envp, req->collect ? collect_gate : NULL,
                                            req->collect, child_before_exec);
                }
                child_before_exec();
                for (int fd = 0; fd <= 1; fd++)
                        if (req->close_std & (1u << fd))
                                close(fd);
                execvpe(req->argv[0], req->argv, req->envp);
                e = errno;
                (void) !write(exec_w, &e, sizeof(e));
                _exit(e == ENOENT ? 127 : 126);
        }
}

/* Whether process pid is stopped (state T or t in /proc/PID/stat). */
static bool process_stopped(pid_t pid) {
        char state = sbx_process_state(pid);

        return state == 'T' || state == 't';
}

static void stderr_pty_resize(void) {
        struct winsize ws;

        if (stderr_pty_master >= 0 && ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0)
                (void) ioctl(stderr_pty_master, TIOCSWINSZ, &ws);
}

/* the longest a signal sbx passes on waits for bubblewrap to finish setting the sandbox up */
#define SETUP_HOLD_MS 3000
static void forward_pending(const struct sbx_confined_argv *confined, struct supervise *s, pid_t pid) {
        sigset_t old;
        int mask = take_pending(&old), keep = 0;
        bool setup_known = true; /* bubblewrap's setup is known not to be over (when keep) */

        sigprocmask(SIG_SETMASK, &old, NULL);
        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++) {
                pid_t target = pid, to = pid;
                if (!(mask & (1 << i)))
                        continue;
                if (confined && strcmp(confined->backend, "bwrap") == 0) {
                        pid_t cmd = bwrap_command_pid_known(s->status.data, &setup_known);
                        /* Not bubblewrap itself while it sets the sandbox up: killed then, it
                         * leaves the sandbox's init behind, waiting for ever with the caller's
                         * descriptors (end_unreleased()), and a caller that sent SIGTERM on its
                         * timeout never read the end of sbx's output (review: 1 run in 100
                         * SIGTERMed within 0-120 ms of its start). The signal waits for the
                         * command, which it then ends as it would have. */
                        if (cmd <= 0 && forwarded[i] != SIGWINCH) {
                                keep |= 1 << i;
                                continue;
                        }
                        if (cmd > 0)
                                target = to = cmd;
                        /* the command runs in a session of its own there: what the terminal
                         * would have sent its foreground group goes to the command's whole group
                         * (^C reaches `sleep 4 | cat`, not its first process alone) */
                        if (cmd > 0)
                                to = command_group(cmd);
                }
                if (forwarded[i] == SIGWINCH)
                        stderr_pty_resize();
                if (kill(to, forwarded[i]) == 0 && forwarded[i] != SIGWINCH) {
                        s->forwarded_mask |= 1 << i;
                        /* a stopped command would keep the signal pending, and sbx would wait
                         * for it for ever: continued, as a shell's kill does with a stopped job.
                         * Under bubblewrap the command is in a session of its own, where the
                         * SIGCONT that timeout(1) sends sbx's group after its SIGTERM never
                         * arrives (security review). Only a stopped one: a SIGCONT is a signal
                         * its traps see. */
                        if (process_stopped(target))
                                (void) kill(to, SIGCONT);
                }
        }
        /* A bubblewrap that never finishes its setup (a mount source on a server that does not
         * answer, a FUSE file system that does not reply) never starts the command the signal
         * waits for: a caller's timeout ended nothing, and sbx waited for ever (review). Past
         * SETUP_HOLD_MS, when a setup takes a few milliseconds, the signal ends bubblewrap and its
         * process group instead, and the run ends as that signal's (reap_runner()). From the
         * signal's first wait: one that waits again, a moment after the command ended, is not
         * timed from an earlier one (its bubblewrap is about to report the command's status).
         * Only while the setup is known to go on: the sandbox's processes that cannot be listed
         * (its init gone, no descriptor left) tell nothing, and the signal waits as before. */
        if (!keep || !setup_known)
                s->held_since = 0;
        else if (!s->held_since) {
                s->held_since = now_ms();
                s->held_first = keep & -keep; /* the run ends as the one that waited longest */
        }
        if (keep && s->held_since && now_ms() - s->held_since >= SETUP_HOLD_MS && !s->setup_ended_by) {
                int end = keep & s->held_first ? s->held_first : keep & -keep;
                for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded) && !s->setup_ended_by; i++)
                        if (end & (1 << i))
                                s->setup_ended_by = forwarded[i];
                (void) kill(pid, SIGKILL);
                if (runner_own_group)
                        kill_runner_group();
                keep = 0;
        }
        if (keep) {
                sigset_t block;
                sigemptyset(&block);
                for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++)
                        sigaddset(&block, forwarded[i]);
                sigprocmask(SIG_BLOCK, &block, &old);
                pending_mask |= keep;
                sigprocmask(SIG_SETMASK, &old, NULL);
        }
        if (stop_pending && runner_own_group)
                stop_with_command(confined ? bwrap_command_pid(s->status.data) : 0);
        else if (stop_pending)
                stop_beside(pid, stop_pending == STOP_ASKED);
}

/* ---- what the command leaves behind (Landlock) ---------------------------------------------- */

/* Under Landlock the command has no pid namespace of its own, so a process it leaves running
 * (`cmd &`, a daemon that forks twice and calls setsid) would outlive the run: still confined,
 * but writing into the workspace after the row was completed, using the temp area sbx removes,
 * or keeping a lock on the audit database. sbx is therefore the command's child subreaper:
 * whatever the command leaves becomes sbx's own child once its parent ends, and it is killed as
 * soon as the command ends, as the end of bubblewrap's pid namespace kills it there.
 *
 * Only the command's processes, though. sbx may have children that are not the command's: a
 * shell that ran `job & exec sbx run ...` handed its job to sbx, and as a subreaper sbx also
 * adopts what such a job orphans during the run. The command's processes are told apart by
 * no_new_privs: the launcher sets it before the command starts, every process the command starts
 * inherits it, and none can clear it. When sbx itself runs with no_new_privs (a caller that set
 * it) that tells nothing, and only the children sbx had before the command started are spared. */
/* the longest sbx waits for the processes it killed to be gone (one stuck in the kernel, in D
 * state, may take a while); after that they are left to init */
#define LEFTOVERS_MS 5000

/* Whether sbx has a child at all (running or ended): without one there is nothing to list. */
static bool has_children(void) {
        siginfo_t si;

        return waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) == 0;
}

static void note_before(pid_t pid, void *userdata) {
        pid_t *grown = realloc(adopted.before, (adopted.n_before + 1) * sizeof(pid_t));

        (void) userdata;
        if (!grown)
                return;
        adopted.before = grown;
        adopted.before[adopted.n_before++] = pid;
}

/* Before the command starts: sbx becomes its subreaper, and notes whom it must spare. */
static void subreaper_on(void) {
        adopted.n_before = 0;
        adopted.own_nnp = prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1;
        if (has_children())
                (void) sbx_each_child(getpid(), note_before, NULL);
        subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
}

/* Whether child `pid` of sbx is one of the command's processes (see above). */
static bool commands_process(pid_t pid) {
        for (size_t i = 0; i < adopted.n_before; i++)
                if (adopted.before[i] == pid)
                        return false;
        /* a child of sbx is not reaped yet, so its pid still names it */
        return adopted.own_nnp || sbx_process_no_new_privs(pid) == 1;
}

/* One of the children sbx had before the command started. */
static bool pid_before(pid_t pid) {
        for (size_t i = 0; i < adopted.n_before; i++)
                if (adopted.before[i] == pid)
                        return true;
        return false;
}

/* As the command's subreaper sbx inherits every process the command orphans. One that ended is
 * reaped during the run, not once the command ends: left a zombie, it held its pid and counted
 * against the user's process limit, so a long run whose command orphans short-lived processes
 * (`(job &)`, a daemon's double fork) used the host's pids up (review: 2950 zombies after
 * `for i in $(seq 3000); do (true &); done`, pid_max 32768). The command itself is reaped by the
 * loop, and the children sbx had before it are left alone: their pids stay theirs
 * (commands_process()). */
/* The Landlock keeper (--die-with-parent), whose pid sbx knows when the launcher ran in-process:
 * reaped only by sbx_ll_keeper_end(), which signals it by that pid, so that the pid cannot be
 * another process's by then (the keeper may end before: killed by the caller, or by root). */
static bool is_keeper(pid_t pid) {
        pid_t k = sbx_ll_keeper();

        return k > 0 && pid == k;
}

static void reap_if_orphan(pid_t pid, void *userdata) {
        pid_t cmd = *(const pid_t *) userdata;

        if (pid == cmd || pid_before(pid) || is_keeper(pid))
                return;
        (void) waitpid(pid, NULL, WNOHANG | __WALL);
}

/* The ended children are looked at without reaping them, one system call each: the common case
 * (the command's own end, nothing orphaned) costs no reading of /proc. Only a child of sbx's own
 * from before, which must keep its status, sends it to the list of every child. */
static void reap_orphans(pid_t cmd) {
        child_event = 0;
        if (!subreaper)
                return;
        for (;;) {
                siginfo_t si = { 0 };

                if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) < 0 || si.si_pid <= 0 || si.si_pid == cmd)
                        return;
                if (pid_before(si.si_pid) || is_keeper(si.si_pid))
                        break;
                (void) waitpid(si.si_pid, NULL, WNOHANG | __WALL);
        }
        (void) sbx_each_child(getpid(), reap_if_orphan, &cmd);
}

static void note_leftover(pid_t pid, void *userdata) {
        if (!pid_before(pid) && !is_keeper(pid))
                *(bool *) userdata = true;
}

/* Once the command ended: the Landlock keeper's work is done. When the command left processes
 * (each is sbx's child by then: the kernel hands a dying process's children to its subreaper
 * before its parent may wait for it), the keeper ends them all at once (sbx_ll_keeper_sweep()).
 * Otherwise it is simply ended: its kill(-1) walks every process of the host, and with 2000 of
 * them that cost every run 0.35-0.39 ms (measured side by side). An ended child that is the
 * command's tells at once, before sbx's children are listed: a fork storm makes thousands of
 * them, and /proc lists a long list of children in quadratic time (3-11 s, measured). */
static void keeper_done(void) {
        siginfo_t si = { 0 };
        bool left = false;

        if (sbx_ll_keeper() <= 0)
                return;
        if (!subreaper ||
            (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid > 0 && !pid_before(si.si_pid) &&
             !is_keeper(si.si_pid)) ||
            sbx_each_child(getpid(), note_leftover, &left) < 0 || left)
                sbx_ll_keeper_sweep();
        else
                sbx_ll_keeper_end();
}

static void kill_if_commands(pid_t pid, void *userdata) {
        int *found = userdata;

        if (commands_process(pid) && kill(pid, SIGKILL) == 0)
                (*found)++;
}

/* SIGKILLs every process the command left that is sbx's child now (the command is reaped
 * already). Returns how many it found (an ended one not reaped yet counts), or -errno. */
static int kill_leftovers(void) {
        int found = 0, r = sbx_each_child(getpid(), kill_if_commands, &found);

        return r < 0 ? r : found;
}

/* After the command ended: kills what it left, round after round (a process killed hands its
 * own children to sbx once it has ended), and reaps them, until none of the command's is left. */
static void end_leftovers(void) {
        if (!subreaper)
                return;
        for (int64_t deadline = now_ms() + LEFTOVERS_MS; has_children();) {
                int k = kill_leftovers();

                while (waitpid(-1, NULL, WNOHANG) > 0)
                        ;
                if (k <= 0 || now_ms() >= deadline)
                        break;
                (void) poll(NULL, 0, 1);
        }
        subreaper_off();
}

/* Whether sbx's launcher inside bubblewrap has reported (its mark before the exec, or its
 * failure), read or waiting in the pipe: it runs only once bubblewrap released the sandbox's init. */
static bool runner_released(const struct status_buf *inner, int inner_r) {
        int queued = 0;

        return inner && (inner->len > 0 || (inner_r >= 0 && ioctl(inner_r, FIONREAD, &queued) == 0 && queued > 0));
}

/* waitpid(pid, wstatus, flags) for the runner. bubblewrap's process group (the command has a
 * session of its own) ends with bubblewrap, killed once it exited, while its zombie still holds
 * the group's id: a bubblewrap that died before it released the sandbox's process (a crash:
 * `ulimit -s 16`) left that process waiting for ever on bubblewrap's eventfd, with the caller's
 * descriptors (a caller reading sbx's output through a pipe never saw its end). Not once sbx's
 * launcher inside has reported on `inner` (runner_released(); NULL: not known): the init had been
 * released, and the group holds nothing more than bubblewrap and the guard. One wait call while
 * it runs, as before. */
static pid_t reap_runner(pid_t pid, int *wstatus, int flags, const struct status_buf *inner, int inner_r) {
        siginfo_t si = { 0 };

        if (!runner_own_group)
                return waitpid(pid, wstatus, flags);
        if (waitid(P_PID, (id_t) pid, &si, WEXITED | WNOWAIT | (flags & WNOHANG)) < 0)
                return -1;
        if (si.si_pid != pid)
                return 0;
        if (!runner_released(inner, inner_r))
                kill_runner_group();
        return waitpid(pid, wstatus, flags);
}

/* Closes a descriptor that is open and marks it closed. */
static void close_fd(int *fd) {
        if (*fd >= 0)
                close(*fd);
        *fd = -1;
}

/* Closes each descriptor that is open and marks it closed. */
static void close_each(int *const fds[], size_t n) {
        for (size_t i = 0; i < n; i++)
                close_fd(fds[i]);
}

/* The go-ahead: "G" on the gate, which is then closed. */
static void release_gate(int *gate_w) {
        int w;

        do
                w = (int) write(*gate_w, "G", 1);
        while (w < 0 && errno == EINTR);
        close_fd(gate_w);
}

/* A runner that must never start the command, and is reaped. Closing its gate is the refusal:
 * it reads end of file instead of the go-ahead and leaves without starting the command. It is not
 * killed first: a bubblewrap killed while it sets the sandbox up leaves the sandbox's init behind,
 * waiting forever for a parent that is gone and holding the caller's descriptors (measured: 1 run
 * in 8 left one, and a caller reading sbx's output through a pipe hung). Only a runner still there
 * after END_UNRELEASED_MS is killed. */
#define END_UNRELEASED_MS 5000
static void end_unreleased(pid_t pid, int *gate_w) {
        close_fd(gate_w);
        for (int64_t deadline = now_ms() + END_UNRELEASED_MS;;) {
                pid_t w = reap_runner(pid, NULL, WNOHANG, NULL, -1);
                if (w == pid || (w < 0 && errno != EINTR))
                        return;
                if (now_ms() >= deadline)
                        break;
                (void) poll(NULL, 0, 2);
        }
        kill(pid, SIGKILL);
        /* its group too (a bubblewrap killed in its setup left the sandbox's init waiting) */
        while (reap_runner(pid, NULL, 0, NULL, -1) < 0 && errno == EINTR)
                ;
}

/* ---- a run's state ------------------------------------------------------------------------- */

/* What the phases of a run share (sbx_run_execute()): its inputs, the descriptors sbx holds, and
 * what supervision learns. Given back once, by run_state_done(). */
struct run_state {
        const struct sbx_run_args *a;
        const struct sbx_confined_argv *confined;
        char **command;
        const struct sbx_dialect *dialect;
        int (*record_start)(void *userdata);
        void *userdata;
        const struct sbx_run_writer *writer;
        struct sbx_run_report *rep;

        struct sbx_classifier *classifier;
        int classifier_err; /* -errno: the classifier could not be made or finish */
        char **envp;
        /* each descriptor sbx holds, -1 once closed: the command's stderr (a pty's master or a
         * pipe), the exec error from sbx's child, the runner's status and that of the launcher
         * inside bubblewrap, the wake-up of the loop, the go-ahead, the lifeline, the command's stdin */
        int err_r, err_w, exec_r, exec_w, status_r, status_w, inner_r, inner_w, wake_r, wake_w, gate_r, gate_w;
        int in_r, lifeline_r;
        /* a pidfd of bubblewrap's command, which came with the launcher's mark (-1: none) */
        int cmd_pidfd;
        struct stdin_pump *pump;
        struct kept_db kept_db; /* st->s.kept_db's, where there is one */
        /* a lifeline pipe's write end: held, never written, until the function returns (the
         * runner reaped) */
        int lifeline_w;
        bool gated, inprocess, record_first;
        /* sbx's own launcher with an audit writer: its vfork child sets the sandbox up, then reads
         * the writer's confirmation of the row itself (the go-ahead) */
        bool collect_ok;
        struct collect coll;
        char *const *exec_argv;
        struct supervise s;
        int status_num, wstatus, exec_errno;
        bool err_open, status_open, inner_open, reaped;
        int64_t t0, reaped_at;
        uint64_t err_owed; /* stderr bytes the command wrote before its end (see the loop) */
        int unstarted;  /* the signal that ended the run once its row was written, before the command started */
        int lost_errno; /* waitpid() on the command failed: how it ended is unknown */
        pid_t pid;
        /* the status flags of the caller's descriptors the command inherits (stdin, stdout, stderr,
         * each --keep-fd), as they were before the run: caller_flags_put_back() */
        struct caller_flags *caller_fl;
        size_t n_caller_fl;
};

/* Gives back every descriptor the run still holds, each once: where the pipes could not all be
 * made, before the row is written; else at the end of sbx_run_execute(), where the phases closed
 * most of them already. */
static void run_close(struct run_state *st) {
        int *const fds[] = { &st->in_r,     &st->err_w,   &st->exec_w,   &st->exec_r,     &st->status_w,
                             &st->status_r, &st->inner_w, &st->inner_r,  &st->lifeline_r, &st->gate_r,
                             &st->wake_r,   &st->gate_w,  &st->wake_w,   &st->cmd_pidfd };

        if (st->pump) {
                pump_close(st->pump);
                close_fd(&st->pump->peek);
                close_fd(&st->pump->null);
        }
        close_each(fds, SBX_ELEMENTSOF(fds));
        if (st->err_r >= 0)
                stderr_pty_master = -1;
        close_fd(&st->err_r);
        close_fd(&st->lifeline_w);
}

/* The status flags (O_NONBLOCK, O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME) of a descriptor belong to
 * its open file description, which a descriptor the command inherits as it is shares with the
 * caller and whoever else holds it: a command that set O_NONBLOCK on the caller's terminal, stdout
 * or a --keep-fd left it so after the run, `read` failing with EAGAIN in the caller's shell, under
 * Landlock in read-only runs recorded full (escape56; under bubblewrap the caller's file and pipe
 * alike). So does a lease (F_SETLEASE on the caller's file on stdout, which the user owns: every
 * later open of it by another process waited 45 s, the lease break time). Each is noted before a
 * confined run and put back once the command has ended; a lease taken away only where there was
 * none. So are the description's owner for SIGIO and its signal (F_SETOWN_EX, F_SETSIG: under
 * Landlock an owner may be the caller's own process group, which then got the command's signal
 * wherever the caller turned O_ASYNC on), a pipe's size (F_SETPIPE_SZ: 1 MiB of the user's pipe
 * pages held by the caller's pipe after the run), and a terminal's settings, which are the
 * device's, not the description's (`stty -echo raw` by the command left the caller's shell without
 * echo, under both backends: escape57). Not its window size: the terminal sets it on each resize
 * of its window, which the kernel does not tell from the command's, and sizing back a window the
 * user resized during the run would leave it wrong just as the command's does. A flock(2) or an
 * open file description lock (F_OFD_SETLK) the command took on the description is the
 * description's too: it held the caller's file against every other locker after the run (`flock
 * -x 1` by the command: a `flock log` of the host's waited until the caller closed its descriptor,
 * escape57); taken away where the description held none before (one of the caller's own that the
 * command let go or changed is left as the command left it: sbx would have to wait to take it).
 * So are a signalfd's signal mask and a timerfd's timer, both the description's: signalfd(2) on
 * the caller's --keep-fd of one gave it another mask, timerfd_settime(2) disarmed the caller's
 * timer, in read-only runs recorded full under both backends (escape59); the mask is set back, the
 * timer armed again at the expiry and interval it had (timerfd_put_back()). And an epoll
 * instance's interest list: the command took the caller's descriptors out of it, changed their
 * events and put others of the caller's in (epoll_put_back()). */
struct epoll_entry {
        int fd;
        uint32_t events;
        uint64_t data;
        unsigned long ino;
};
struct caller_flags {
        int fd, flags, lease, sig, pipe_size, locked;
        pid_t foreground;
        pid_t settings_group;           /* the foreground whose settings were sbx's at the start */
        dev_t rdev;                     /* a terminal's device */
        struct f_owner_ex owner;
        bool tty, shared, sigfd, timer;
        struct termios termios;
        sigset_t sigmask;
        int clock, timer_flags;         /* a timerfd's clock and its TFD_TIMER_CANCEL_ON_SET */
        struct itimerspec expiry;       /* ... its next expiry on that clock (absolute; 0: disarmed) */
        bool epoll;                     /* an epoll instance whose interest list was read whole: */
        struct epoll_entry *interest;   /* ... that list, n_interest long */
        size_t n_interest;
};

/* What /proc/self/fdinfo tells of fd, NUL-terminated in buf: its length, or -1. */
static ssize_t fdinfo_read(int fd, char *buf, size_t size) {
        char name[64];

        snprintf(name, sizeof(name), "/proc/self/fdinfo/%d", fd);
        return sbx_read_head(name, buf, size);
}

/* Which anonymous inode's file fd is ("[eventpoll]", "[signalfd]", "[timerfd]", ...: its link's
 * name past "anon_inode:"), in buf; "" for any other file, asked of the kernel only where fstat()
 * shows the anonymous inode's mode of no file type, so that an ordinary descriptor costs no lookup
 * in /proc. */
static const char *anon_inode_kind(int fd, char *buf, size_t size) {
        static const char prefix[] = "anon_inode:";
        char name[64];
        struct stat st;
        ssize_t n;

        if (fstat(fd, &st) < 0 || (st.st_mode & S_IFMT))
                return "";
        snprintf(name, sizeof(name), "/proc/self/fd/%d", fd);
        if ((n = readlink(name, buf, size - 1)) < 0)
                return "";
        buf[n] = '\0';
        return strncmp(buf, prefix, sizeof(prefix) - 1) ? "" : buf + sizeof(prefix) - 1;
}

/* The number after KEY at a line's start in an fdinfo text, in BASE, into *v: 0, or -1. */
static int fdinfo_number(const char *info, const char *key, int base, unsigned long long *v) {
        size_t k = strlen(key);
        char *end;

        for (const char *l = info; l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
                if (!strncmp(l, key, k)) {
                        errno = 0;
                        *v = strtoull(l + k, &end, base);
                        return errno || end == l + k ? -1 : 0;
                }
        return -1;
}

/* Whether fd's open file description holds a flock(2) or an open file description lock, by the
 * locks /proc/self/fdinfo lists for it: 1, 0, or -1 where it cannot tell. */
static int description_locked(int fd) {
        char buf[4096];
        ssize_t n = fdinfo_read(fd, buf, sizeof(buf));

        if (n <= 0)
                return -1;
        if (strstr(buf, " FLOCK ") || strstr(buf, " OFDLCK "))
                return 1;
        return (size_t) n < sizeof(buf) - 1 ? 0 : -1;
}

static int epoll_entry_cmp(const void *x, const void *y) {
        const struct epoll_entry *a = x, *b = y;

        if (a->fd != b->fd)
                return a->fd < b->fd ? -1 : 1;
        return a->ino < b->ino ? -1 : a->ino > b->ino;
}

/* An epoll instance's interest list, as its fdinfo lists it ("tfd: N events: X data: X pos: ino: X"),
 * read a line at a time, however long (the kernel makes the whole text at the first read: one
 * state of the list), into a new array *ret sorted by descriptor and inode (NULL and 0 where there
 * is none): its length, or -1 where the list could not be read whole. (Read whole into 16 KiB, a
 * list of more than some 230 entries was not noted, and the command's changes to it stayed:
 * escape60.) */
static ssize_t epoll_interest(int fd, struct epoll_entry **ret) {
        char name[64];
        _cleanup_fclose_ FILE *f = NULL;
        _cleanup_free_ char *line = NULL;
        _cleanup_free_ struct epoll_entry *e = NULL;
        size_t len = 0, n = 0, size = 0;

        *ret = NULL;
        snprintf(name, sizeof(name), "/proc/self/fdinfo/%d", fd);
        if (!(f = fopen(name, "re")))
                return -1;
        while (getline(&line, &len, f) > 0) {
                struct epoll_entry x;
                unsigned int ev;

                if (strncmp(line, "tfd:", 4))
                        continue;
                if (sscanf(line, "tfd: %d events: %x data: %" SCNx64 " pos:%*s ino:%lx", &x.fd, &ev, &x.data,
                           &x.ino) != 4)
                        return -1;
                if (n == size) {
                        struct epoll_entry *grown;

                        size = size ? 2 * size : 64;
                        if (size > SIZE_MAX / sizeof(*e) || !(grown = realloc(e, size * sizeof(*e))))
                                return -1;
                        e = grown;
                }
                x.events = ev;
                e[n++] = x;
        }
        if (ferror(f))
                return -1;
        if (n)
                qsort(e, n, sizeof(*e), epoll_entry_cmp);
        *ret = sbx_steal_ptr(&e);
        return (ssize_t) n;
}

/* The entry of fd's file of inode ino in a list sorted by epoll_interest(), or NULL. */
static const struct epoll_entry *epoll_entry_find(const struct epoll_entry *list, size_t n, int fd,
                                                  unsigned long ino) {
        const struct epoll_entry key = { .fd = fd, .ino = ino };

        return n ? bsearch(&key, list, n, sizeof(*list), epoll_entry_cmp) : NULL;
}

/* Whether descriptor fd of sbx's is the file of inode ino (the entry's, which sbx's same-numbered
 * descriptor, inherited from the caller, still is). */
static bool fd_is_inode(int fd, unsigned long ino) {
        struct stat st;

        return fstat(fd, &st) == 0 && st.st_ino == ino;
}

/* An epoll instance's interest list as it was noted: each entry of the caller's the command took
 * out put in again, one it changed set back, one it put in for a descriptor of the caller's taken
 * out (an entry is a descriptor's number and its file; one of the command's own left, whose number
 * is no longer that file in sbx, ends with the file). A one-shot entry that fired is left so. */
static void epoll_put_back(const struct caller_flags *c) {
        const uint32_t private_bits = EPOLLWAKEUP | EPOLLONESHOT | EPOLLET | EPOLLEXCLUSIVE;
        _cleanup_free_ struct epoll_entry *now = NULL;
        ssize_t n = epoll_interest(c->fd, &now);

        if (n < 0)
                return;
        for (size_t i = 0; i < (size_t) n; i++)
                if (!epoll_entry_find(c->interest, c->n_interest, now[i].fd, now[i].ino) &&
                    fd_is_inode(now[i].fd, now[i].ino))
                        (void) epoll_ctl(c->fd, EPOLL_CTL_DEL, now[i].fd, NULL);
        for (size_t j = 0; j < c->n_interest; j++) {
                const struct epoll_entry *was = &c->interest[j];
                struct epoll_event ev = { .events = was->events, .data.u64 = was->data };
                const struct epoll_entry *is = epoll_entry_find(now, (size_t) n, was->fd, was->ino);
                bool fired;

                fired = (was->events & EPOLLONESHOT) && is && is->events == (was->events & private_bits);
                /* EPOLLEXCLUSIVE takes no EPOLL_CTL_MOD: taken out and put in again */
                if (is && (is->data != was->data || (is->events != was->events && !fired)) &&
                    epoll_ctl(c->fd, EPOLL_CTL_MOD, was->fd, &ev) < 0 &&
                    epoll_ctl(c->fd, EPOLL_CTL_DEL, was->fd, NULL) == 0)
                        is = NULL;
                if (!is && fd_is_inode(was->fd, was->ino))
                        (void) epoll_ctl(c->fd, EPOLL_CTL_ADD, was->fd, &ev);
        }
}

static int64_t ts_ns(const struct timespec *t) {
        return (int64_t) t->tv_sec * 1000000000 + t->tv_nsec;
}

/* A signalfd's mask (fdinfo's sigmask, signal N its bit N-1) and a timerfd's clock, flags and next
 * expiry, into c: c->sigfd and c->timer say which it is. */
static void signal_timer_note(struct caller_flags *c) {
        char info[1024];
        unsigned long long v, clock, tflags;
        struct itimerspec cur;
        struct timespec now;

        if (fdinfo_read(c->fd, info, sizeof(info)) <= 0)
                return;
        if (fdinfo_number(info, "sigmask:", 16, &v) == 0) {
                sigemptyset(&c->sigmask);
                for (int n = 1; n <= 64 && n < NSIG; n++)
                        if (v & (1ULL << (n - 1)))
                                (void) sigaddset(&c->sigmask, n);
                c->sigfd = true;
        } else if (fdinfo_number(info, "clockid:", 10, &clock) == 0 &&
                   fdinfo_number(info, "settime flags:", 8, &tflags) == 0 &&
                   timerfd_gettime(c->fd, &cur) == 0 && clock_gettime((clockid_t) clock, &now) == 0) {
                c->clock = (int) clock;
                c->timer_flags = (int) (tflags & TFD_TIMER_CANCEL_ON_SET);
                c->expiry.it_interval = cur.it_interval;
                if (cur.it_value.tv_sec || cur.it_value.tv_nsec) {
                        int64_t at = ts_ns(&now) + ts_ns(&cur.it_value);

                        c->expiry.it_value = (struct timespec) { at / 1000000000, at % 1000000000 };
                }
                c->timer = true;
        }
}

/* A timerfd as the command left it against the timer noted before: where it is not what that timer
 * would be by now (disarmed, armed at another time or interval; 1 ms of leeway, the time between
 * the readings), armed again at the noted expiry and interval, by the clock (an expiry past by now
 * fires at once, and an interval counts what it missed, as the caller's timer would have). */
static void timerfd_put_back(const struct caller_flags *c) {
        const int64_t leeway = 1000000;
        struct itimerspec cur;
        struct timespec now;
        int64_t at = ts_ns(&c->expiry.it_value), every = ts_ns(&c->expiry.it_interval), next, left, off;
        bool same;

        if (timerfd_gettime(c->fd, &cur) < 0 || clock_gettime((clockid_t) c->clock, &now) < 0)
                return;
        left = ts_ns(&cur.it_value);
        next = ts_ns(&now) + left;
        if (ts_ns(&cur.it_interval) != every)
                same = false;
        else if (at == 0)
                same = left == 0;
        else if (every == 0)
                same = at <= ts_ns(&now) ? left == 0 : llabs(next - at) <= leeway;
        else {
                off = ((next - at) % every + every) % every;
                same = left != 0 && (off <= leeway || every - off <= leeway);
        }
        if (!same)
                (void) timerfd_settime(c->fd, TFD_TIMER_ABSTIME | c->timer_flags, &c->expiry, NULL);
}

/* Whose the settings of c's terminal are at the start, into c->settings_group
 * (tty_settings_group(): asked of /proc only where sbx is in the background of its terminal; of a
 * terminal not sbx's, at the end, where its settings changed); one terminal on several of the
 * descriptors is asked once. */
static pid_t tty_settings_group(int fd);
static void tty_settings_note(const struct run_state *st, struct caller_flags *c) {
        struct stat s;
        size_t j = 0;

        c->settings_group = -1;
        if (fstat(c->fd, &s) < 0)
                return;
        c->rdev = s.st_rdev;
        while (j < st->n_caller_fl && !(st->caller_fl[j].tty && st->caller_fl[j].rdev == c->rdev))
                j++;
        c->settings_group = j < st->n_caller_fl ? st->caller_fl[j].settings_group : tty_settings_group(c->fd);
}

static void caller_flags_note(struct run_state *st) {
        const struct sbx_run_args *a = st->a;
        size_t n = 3 + a->n_keep_fds;
        int shared = -1;

        if (!st->confined || !(st->caller_fl = calloc(n, sizeof(*st->caller_fl))))
                return;
        for (size_t i = 0; i < n; i++) {
                struct caller_flags *c = &st->caller_fl[st->n_caller_fl];
                char link[64];
                const char *kind;
                ssize_t k;

                c->fd = i < 3 ? (int) i : a->keep_fds[i - 3];
                if ((c->flags = fcntl(c->fd, F_GETFL)) < 0)
                        continue;
                c->lease = fcntl(c->fd, F_GETLEASE);
                c->sig = fcntl(c->fd, F_GETSIG);
                if (fcntl(c->fd, F_GETOWN_EX, &c->owner) < 0)
                        c->owner.type = -1;
                c->pipe_size = fcntl(c->fd, F_GETPIPE_SZ);
                c->tty = tcgetattr(c->fd, &c->termios) == 0;
                c->foreground = c->tty ? tcgetpgrp(c->fd) : -1;
                if (c->tty)
                        tty_settings_note(st, c);
                if (c->tty && shared < 0)
                        shared = sbx_run_tty_settings_shared();
                c->shared = c->tty && shared > 0;
                c->locked = description_locked(c->fd);
                kind = anon_inode_kind(c->fd, link, sizeof(link));
                if (!strcmp(kind, "[signalfd]") || !strcmp(kind, "[timerfd]"))
                        signal_timer_note(c);
                else if (!strcmp(kind, "[eventpoll]") && (k = epoll_interest(c->fd, &c->interest)) >= 0) {
                        c->epoll = true;
                        c->n_interest = (size_t) k;
                }
                st->n_caller_fl++;
        }
}

static bool termios_same(const struct termios *a, const struct termios *b) {
        return a->c_iflag == b->c_iflag && a->c_oflag == b->c_oflag && a->c_cflag == b->c_cflag &&
               a->c_lflag == b->c_lflag && a->c_line == b->c_line && !memcmp(a->c_cc, b->c_cc, sizeof(a->c_cc)) &&
               cfgetispeed(a) == cfgetispeed(b) && cfgetospeed(a) == cfgetospeed(b);
}

#define GROUP_LINEAGE_MAX 64

/* Whether `pid`'s line of parents (from /proc, at most GROUP_LINEAGE_MAX of them) meets `who`. */
static bool lineage_meets(int proc_fd, pid_t pid, pid_t who) {
        for (int i = 0; i < GROUP_LINEAGE_MAX && pid > 1; i++) {
                pid_t pgrp;

                if (pid == who)
                        return true;
                if (sbx_proc_stat_ids(proc_fd, pid, &pid, &pgrp) < 0)
                        return false;
        }
        return pid == who;
}

/* Whether a terminal that is not sbx's controlling terminal is another session's, by the
 * /proc/PID/stat of a process whose controlling terminal it is (tcgetpgrp() tells only a
 * terminal's own session). */
struct tty_scan {
        unsigned major, minor;
};

static int tty_session_found(const struct sbx_proc_stat *p, void *userdata) {
        struct tty_scan *t = userdata;

        if (p->tty_nr == 0 || ((p->tty_nr >> 8) & 0xfff) != t->major ||
            ((p->tty_nr & 0xff) | ((p->tty_nr >> 12) & 0xfff00)) != t->minor)
                return 0;
        return 1;
}

/* A foreground process group that waits for sbx: each of its processes one of sbx's ancestors
 * (the script that runs it, with `timeout` between them in a group of its own), none of them
 * ignoring or blocking SIGTTOU, as a job-control shell does, whose line editor sets the settings
 * it needs at its prompt while sbx runs in the background (`sbx run ... &`), and none other: a
 * pipeline's pager (`timeout 30 sbx run ... | less`) or any job's own program sets its own. */
struct waiting_scan {
        int n_ancestors;
        pid_t group, ancestors[GROUP_LINEAGE_MAX];
        bool member, other;
};

static bool ttou_taken(pid_t pid) {
        char name[64], buf[4096];
        unsigned long long ign, blk;
        const char *i, *b;

        snprintf(name, sizeof(name), "/proc/%ld/status", (long) pid);
        if (sbx_read_head(name, buf, sizeof(buf)) <= 0 || !(i = strstr(buf, "\nSigIgn:")) ||
            !(b = strstr(buf, "\nSigBlk:")) || sscanf(i, "\nSigIgn: %llx", &ign) != 1 ||
            sscanf(b, "\nSigBlk: %llx", &blk) != 1)
                return true;
        return (ign | blk) & (1ULL << (SIGTTOU - 1));
}

static int waiting_member(const struct sbx_proc_stat *p, void *userdata) {
        struct waiting_scan *w = userdata;
        int i;

        if (p->pgrp != w->group)
                return 0;
        for (i = 0; i < w->n_ancestors && w->ancestors[i] != p->pid; i++)
                ;
        w->member = true;
        w->other = i == w->n_ancestors || ttou_taken(p->pid);
        return w->other;
}

static bool group_waits(pid_t group) {
        struct waiting_scan w = { .group = group };
        _cleanup_close_ int proc_fd = -1;
        pid_t pid = getppid(), pgrp;

        if ((proc_fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
                return false;
        while (pid > 1 && w.n_ancestors < GROUP_LINEAGE_MAX) {
                w.ancestors[w.n_ancestors++] = pid;
                if (sbx_proc_stat_ids(proc_fd, pid, &pid, &pgrp) < 0)
                        break;
        }
        return sbx_each_group_process(group, waiting_member, &w) == 0 && w.member;
}

/* The foreground group of sbx's controlling terminal fd where its settings are sbx's to put back
 * (sbx's own process group's, or one that waits for sbx), -1 where they are not; 0 where fd is not
 * sbx's controlling terminal. */
static pid_t tty_settings_group(int fd) {
        pid_t fg = tcgetpgrp(fd);

        if (fg < 0)
                return errno == ENOTTY ? 0 : -1;
        return fg > 0 && (fg == getpgrp() || group_waits(fg)) ? fg : -1;
}

bool sbx_run_tty_settings_ours(int fd, pid_t *ret_group) {
        struct tty_scan t;
        struct stat st;
        pid_t g = tty_settings_group(fd);

        if (ret_group)
                *ret_group = g;
        if (g != 0)
                return g > 0;
        if (fstat(fd, &st) < 0 || !S_ISCHR(st.st_mode))
                return false;
        t = (struct tty_scan) { major(st.st_rdev), minor(st.st_rdev) };
        return sbx_each_process(tty_session_found, &t) == 0;
}

/* The pipes on sbx's descriptors 0-2, and the way each is open: a pipeline's member holds one of
 * them the other way (sbx's stdout's reader, its stdin's writer) */
struct group_scan {
        int proc_fd, n_pipes;
        pid_t self, group;
        struct stat pipes[3];
        int accmode[3];
};

/* The way pid's descriptor `name` is open (O_RDONLY, O_WRONLY, O_RDWR), by /proc/PID/fdinfo; -1 where
 * it cannot be read. */
static int fd_accmode(pid_t pid, const char *name) {
        char path[96], buf[512], *flags;
        unsigned long fl;

        snprintf(path, sizeof(path), "/proc/%ld/fdinfo/%s", (long) pid, name);
        if (sbx_read_head(path, buf, sizeof(buf)) <= 0 || !(flags = strstr(buf, "flags:")) ||
            sscanf(flags + strlen("flags:"), "%lo", &fl) != 1)
                return -1;
        return (int) (fl & O_ACCMODE);
}

/* Whether pid holds one of g's pipes the other way (false where /proc does not show it). */
static bool shares_pipe(const struct group_scan *g, pid_t pid) {
        char name[64];
        _cleanup_close_ int dfd = -1;
        DIR *fds;
        struct dirent *de;
        bool found = false;

        snprintf(name, sizeof(name), "%ld/fd", (long) pid);
        if ((dfd = openat(g->proc_fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 || !(fds = fdopendir(dfd)))
                return false;
        dfd = -1; /* the DIR's now */
        while (!found && (de = readdir(fds))) {
                struct stat st;

                if (de->d_name[0] == '.' || fstatat(dirfd(fds), de->d_name, &st, 0) < 0 || !S_ISFIFO(st.st_mode))
                        continue;
                for (int i = 0; i < g->n_pipes && !found; i++)
                        if (g->pipes[i].st_dev == st.st_dev && g->pipes[i].st_ino == st.st_ino) {
                                int mode = fd_accmode(pid, de->d_name);

                                found = mode >= 0 && mode != g->accmode[i];
                        }
        }
        closedir(fds);
        return found;
}

static int group_partner(const struct sbx_proc_stat *p, void *userdata) {
        const struct group_scan *g = userdata;
        pid_t pid = p->pid;

        if (p->pgrp != g->group || pid == g->self)
                return 0;
        /* sbx's ancestors (the script or harness that runs it) wait for it; its descendants are the
         * command's (or a job a shell handed it); a job a script put in the background (`server &`)
         * holds the script's pipes as sbx does, the same way: none of them is a pipeline's pager */
        return !lineage_meets(g->proc_fd, getppid(), pid) && !lineage_meets(g->proc_fd, pid, g->self) &&
               shares_pipe(g, pid);
}

bool sbx_run_tty_settings_shared(void) {
        struct group_scan g = { .self = getpid(), .group = getpgrp() };
        _cleanup_close_ int proc_fd = -1;

        for (int fd = 0; fd <= 2; fd++) {
                int fl = fcntl(fd, F_GETFL);

                if (fl >= 0 && (fl & O_ACCMODE) != O_RDWR && fstat(fd, &g.pipes[g.n_pipes]) == 0 &&
                    S_ISFIFO(g.pipes[g.n_pipes].st_mode))
                        g.accmode[g.n_pipes++] = fl & O_ACCMODE;
        }
        if (g.n_pipes == 0 || (proc_fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
                return false;
        g.proc_fd = proc_fd;
        return sbx_each_group_process(g.group, group_partner, &g) > 0;
}

/* A terminal's foreground process group where the command left one of its own there, which has
 * no process left: under Landlock the command keeps the caller's session, and one that made its
 * own group the terminal's foreground (tcsetpgrp, SIGTTOU ignored) left the caller in the
 * background after the run, stopped by SIGTTIN at its next read of its terminal (escape57). A
 * group still alive is left: the caller's shell takes the terminal for itself when the user puts
 * sbx in the background. Then its settings as they were, where they are sbx's to set
 * (sbx_run_tty_settings_ours()): those of a terminal whose foreground is another job are that
 * job's, a shell's line editor's while sbx runs in the background (`sbx run ... &`: put back to
 * the start's, they left the user's prompt echoing twice, review58), unless that job waits for
 * sbx, at the start and at the end (a script's `timeout 30 sbx run --backend bwrap -- stty -echo`
 * left the terminal without echo, review60). Those of another session's terminal are that
 * session's foreground job's, left (put back over its line editor's, review60). Nor where sbx ran in a
 * pipeline, another member of it there at its start or at its end (sbx_run_tty_settings_shared()):
 * a pipeline's pager sets its own (`sbx run ... | less`: put back to the start's under the pager, which then
 * echoed and waited for a newline; a pager that had set its own before sbx started and put the
 * shell's back as the user quit it left the terminal without echo after the run, review59). Both
 * set with SIGTTOU blocked, as a shell sets them: from a background process group the kernel
 * would stop sbx. */
static void caller_tty_put_back(const struct caller_flags *c, int *shared) {
        struct termios t;
        sigset_t ttou, old;
        pid_t fg;

        sigemptyset(&ttou);
        sigaddset(&ttou, SIGTTOU);
        if (sigprocmask(SIG_BLOCK, &ttou, &old) < 0)
                return;
        if (c->foreground > 0 && (fg = tcgetpgrp(c->fd)) > 0 && fg != c->foreground && kill(-fg, 0) < 0 &&
            errno == ESRCH)
                (void) tcsetpgrp(c->fd, c->foreground);
        if (!c->shared && tcgetattr(c->fd, &t) == 0 && !termios_same(&t, &c->termios) &&
            sbx_run_tty_settings_ours(c->fd, &fg) && (fg == 0 || fg == getpgrp() || fg == c->settings_group)) {
                if (*shared < 0)
                        *shared = sbx_run_tty_settings_shared();
                if (!*shared)
                        (void) tcsetattr(c->fd, TCSANOW, &c->termios);
        }
        sigprocmask(SIG_SETMASK, &old, NULL);
}

static void caller_flags_put_back(struct run_state *st) {
        const int settable = O_APPEND | O_ASYNC | O_DIRECT | O_NOATIME | O_NONBLOCK;
        int shared = -1;

        for (size_t i = 0; i < st->n_caller_fl; i++) {
                const struct caller_flags *c = &st->caller_fl[i];
                struct f_owner_ex owner;
                int fl;

                /* the lease first: taking it away clears the O_ASYNC it set */
                if (c->lease == F_UNLCK && fcntl(c->fd, F_GETLEASE) != F_UNLCK)
                        (void) fcntl(c->fd, F_SETLEASE, F_UNLCK);
                fl = fcntl(c->fd, F_GETFL);
                if (fl >= 0 && (fl & settable) != (c->flags & settable))
                        (void) fcntl(c->fd, F_SETFL, c->flags & settable);
                if (c->owner.type >= 0 && fcntl(c->fd, F_GETOWN_EX, &owner) == 0 &&
                    (owner.type != c->owner.type || owner.pid != c->owner.pid))
                        (void) fcntl(c->fd, F_SETOWN_EX, &c->owner);
                if (c->sig >= 0 && fcntl(c->fd, F_GETSIG) != c->sig)
                        (void) fcntl(c->fd, F_SETSIG, c->sig);
                /* shrinking fails (EBUSY) while the pipe holds more than fits: then it stays */
                if (c->pipe_size > 0 && fcntl(c->fd, F_GETPIPE_SZ) != c->pipe_size)
                        (void) fcntl(c->fd, F_SETPIPE_SZ, c->pipe_size);
                if (c->tty)
                        caller_tty_put_back(c, &shared);
                if (c->locked == 0 && description_locked(c->fd) == 1) {
                        (void) flock(c->fd, LOCK_UN);
                        (void) fcntl(c->fd, F_OFD_SETLK, &(struct flock) { .l_type = F_UNLCK, .l_whence = SEEK_SET });
                }
                if (c->sigfd)
                        (void) signalfd(c->fd, &c->sigmask, 0);
                if (c->timer)
                        timerfd_put_back(c);
                if (c->epoll)
                        epoll_put_back(c);
        }
}

/* The end of sbx_run_execute(), whichever way it returns. */
static void run_state_done(struct run_state *st) {
        int e = errno;

        caller_flags_put_back(st);
        for (size_t i = 0; i < st->n_caller_fl; i++)
                free(st->caller_fl[i].interest);
        free(st->caller_fl);
        run_close(st);
        if (st->pump)
                free(st->pump->kept);
        free(st->pump);
        free(st->kept_db.cwd);
        free(st->envp);
        if (st->classifier)
                sbx_classifier_free(st->classifier);
        errno = e;
}

/* ---- the setup ----------------------------------------------------------------------------- */

/* pipe2(2) into *r and *w. */
static int open_pipe(int *r, int *w, int flags) {
        int p[2];

        if (pipe2(p, flags) < 0)
                return -1;
        *r = p[0];
        *w = p[1];
        return 0;
}

/* The lifeline: sbx's own pidfd, readable once sbx has exited, or without one (before Linux
 * 5.3) the read end of a pipe whose write end sbx holds. Not the pipe where there
 * is a pidfd: bubblewrap's guard shares sbx's descriptor table until its first
 * system call, and a guard that had not run yet when sbx was killed held the write
 * end open: the launcher took sbx for alive and started the command, which the
 * guard's kill does not reach (bubblewrap's init is in a session of its own by
 * then), and whose init had armed its parent-death signal after bubblewrap died:
 * the command ran on unsupervised (1 of 60 runs killed early, on a loaded machine;
 * 3 of 30 with the guard held back). Without a pidfd there is no guard. */
static int open_lifeline(struct run_state *st) {
        st->lifeline_r = (int) syscall(SYS_pidfd_open, getpid(), 0U);
        if (st->lifeline_r < 0 && open_pipe(&st->lifeline_r, &st->lifeline_w, O_CLOEXEC) < 0)
                return -1;
        return 0;
}

/* Whether sbx's stdin is a pipe (not a named one) open for reading only. Its read end opened again
 * through /proc/self/fd/0 for writing is its write end: no mount and no Landlock rule governs
 * pipefs, and a command handed the caller's pipe to read wrote lines into it that the caller read
 * after the run, outside the sandbox (redteam review: `producer | while read l; do sbx run ...`). */
static bool stdin_pipe_read_only(void) {
        struct stat st;
        struct statfs sf;
        int fl = fcntl(STDIN_FILENO, F_GETFL);

        return fl >= 0 && !(fl & O_PATH) && (fl & O_ACCMODE) == O_RDONLY && fstat(STDIN_FILENO, &st) == 0 &&
               S_ISFIFO(st.st_mode) && fstatfs(STDIN_FILENO, &sf) == 0 && sf.f_type == PIPEFS_MAGIC;
}

/* The command's pipe, when it is fed by tee(2) (r: its read end): one page, so that poll(2) says
 * it has room only once the command has read it all; and mode 0400, so that the command, which
 * keeps no capability that would override that, cannot open it again for writing: bytes it put
 * there would count as bytes it left unread. And /dev/null (p->null) for pump_stdin_consume().
 * -1 with errno set when any of that cannot be done. */
static int pump_tee_setup(struct stdin_pump *p, int r) {
        long page = sysconf(_SC_PAGESIZE);
        int got;

        if (p->peek < 0) /* (errno: the dup's) */
                return -1;
        if (page <= 0 || page > INT_MAX) {
                errno = EINVAL;
                return -1;
        }
        got = fcntl(p->w, F_SETPIPE_SZ, (int) page);
        if (got < 0 || fchmod(r, S_IRUSR) < 0 || (p->null = open("/dev/null", O_WRONLY | O_CLOEXEC)) < 0)
                return -1;
        if (got != (int) page) {
                errno = EINVAL;
                return -1;
        }
        p->page = got;
        return 0;
}

/* The command's stdin: /dev/null where the runner reopens the caller's directory, a pipe sbx copies
 * its own stdin to (st->pump) where the command must not reopen it (a pipe of the caller's
 * included, stdin_pipe_read_only()), else sbx's own. */
static int open_stdin(struct run_state *st) {
        const struct sbx_confined_argv *confined = st->confined;
        bool tee = false;

        if (confined && confined->stdin_dir) {
                /* the runner puts the caller's directory, reopened in the sandbox, there */
                if ((st->in_r = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0)
                        return -1;
        } else if (confined && ((sbx_run_fd_reopenable(STDIN_FILENO) && !stdin_dir_governed(confined)) ||
                                (tee = stdin_pipe_read_only()))) {
                int p[2];
                st->pump = calloc(1, sizeof(*st->pump));
                if (st->pump)
                        st->pump->w = st->pump->peek = st->pump->null = -1;
                if (!st->pump || pipe2(p, O_CLOEXEC) < 0)
                        return -1;
                st->in_r = p[0];
                st->pump->w = p[1];
                st->pump->peek = fcntl(p[0], F_DUPFD_CLOEXEC, 3);
                (void) fcntl(st->pump->w, F_SETFL, O_NONBLOCK);
                st->pump->tee = tee;
                if (tee && pump_tee_setup(st->pump, p[0]) < 0)
                        return -1;
        }
        return 0;
}

/* The channel of the mount-sealing launcher inside bubblewrap: a socket, so that its mark right
 * before the exec can carry a pidfd of the command (send_exec_mark() in landlock-launch.c). sbx's
 * end is made write-shut: nothing goes the other way. */
static int open_inner(struct run_state *st) {
        int sv[2];

        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
                return -1;
        st->inner_r = sv[0];
        st->inner_w = sv[1];
        return shutdown(st->inner_r, SHUT_WR);
}

/* The command's stderr when sbx's is a terminal: a pseudo-terminal of its own (st->err_r, its
 * master, -1 for none). Under bubblewrap only the one prepared before the sandbox was built and
 * reopened inside it (confined->stderr_pty): its slave is a node of the host's devpts, whose mode
 * and times the command could otherwise change (a chmod 666 let every user write into it); else
 * a pipe. */
static void open_stderr_terminal(struct run_state *st) {
        const struct sbx_confined_argv *confined = st->confined;
        bool bwrap = confined && strcmp(confined->backend, "bwrap") == 0;
        struct winsize ws;

        if (prepared_master >= 0 && (!bwrap || confined->stderr_pty)) {
                st->err_r = prepared_master;
                st->err_w = prepared_slave;
                prepared_master = prepared_slave = -1;
                /* the terminal may have been resized since it was made */
                if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0)
                        (void) ioctl(st->err_w, TIOCSWINSZ, &ws);
                return;
        }
        close_fd(&prepared_master);
        close_fd(&prepared_slave);
        st->err_r = bwrap ? -1 : open_stderr_pty(&st->err_w);
}

/* The pipes of a run (the command's stderr, the exec error, the runners' status, the wake-up, the
 * gate), the lifeline and the command's stdin: -1 (errno) when one cannot be made. */
static int run_open(struct run_state *st) {
        const struct sbx_confined_argv *confined = st->confined;

        open_stderr_terminal(st);
        stderr_pty_master = st->err_r;
        if (st->err_r < 0 && open_pipe(&st->err_r, &st->err_w, O_CLOEXEC) < 0)
                return -1;
        if (open_pipe(&st->exec_r, &st->exec_w, O_CLOEXEC) < 0 ||
            (confined && open_pipe(&st->status_r, &st->status_w, O_CLOEXEC) < 0) ||
            /* only bubblewrap runs the mount-sealing launcher that takes (and closes) this one */
            (confined && strcmp(confined->backend, "bwrap") == 0 && open_inner(st) < 0) ||
            open_pipe(&st->wake_r, &st->wake_w, O_CLOEXEC | O_NONBLOCK) < 0 ||
            (st->gated && open_pipe(&st->gate_r, &st->gate_w, O_CLOEXEC) < 0))
                return -1;
        if (st->gated && confined->lifeline && open_lifeline(st) < 0)
                return -1;
        if (open_stdin(st) < 0)
                return -1;
        wake_fd = st->wake_w;
        return 0;
}

/* The pipes could not be made (errno): what was taken is given back, and the run ends 'failed'. */
static int run_start_failed(struct run_state *st, const char *what) {
        struct sbx_run_report *rep = st->rep;
        int r = errno ? errno : ENOMEM;

        run_close(st);
        /* the run ends here, before anything started: it still leaves its row, written once the
         * descriptors taken above are given back (review: under a low `ulimit -n`, with the
         * database opened directly, the row could not be written for want of the descriptors these
         * pipes held, and sbx said so in a second line, 'refusing to run unrecorded'). Not
         * written even so, the caller's refusal is the one line, as when the row comes first. */
        if (st->record_start(st->userdata) < 0) {
                rep->state = NULL;
                return rep->exit_status = SBX_EXIT_INFRA;
        }
        rep->state = "failed";
        rep->verdict = "runner_failure";
        snprintf(rep->message_buf, sizeof(rep->message_buf), "%s: %s", what, strerror(r));
        rep->message = rep->message_buf;
        return rep->exit_status = sbx_fail(SBX_EXIT_INFRA, "run: %s", rep->message);
}

/* Address space kept for the run's end under a limit on it (`ulimit -v`): the classifier's
 * verdict and the row's end need memory after the command has run, and a run whose command ran
 * but whose end could not be written was left 'running' (audit53's sweep: one limit in 10 KiB
 * steps, 'the run's end was not recorded: out of memory'). SBX_END_ROOM bytes of it mapped
 * (PROT_NONE, which the limit counts) before the command starts and given back when it ends: a
 * limit that leaves no room for them refuses the run before anything runs. No limit: none. */
#define SBX_END_ROOM (1024 * 1024)
static void *end_room_take(void) {
        struct rlimit as;

        if (getrlimit(RLIMIT_AS, &as) < 0 || as.rlim_cur == RLIM_INFINITY)
                return NULL;
        return mmap(NULL, SBX_END_ROOM, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
}

static void end_room_give(void **room) {
        if (*room && *room != MAP_FAILED)
                munmap(*room, SBX_END_ROOM);
        *room = NULL;
}

/* ---- the start ----------------------------------------------------------------------------- */

/* How a phase of the start ends: the run goes on, it goes on with nothing started (st->unstarted),
 * or it ends now (rep->exit_status). */
enum run_step {
        RUN_ON,
        RUN_UNSTARTED,
        RUN_END,
};

/* The ends the child takes, closed in the parent when no child is to come. */
static void close_child_ends(struct run_state *st) {
        int *const child_ends[] = { &st->in_r,    &st->err_w,  &st->exec_w, &st->status_w,
                                    &st->inner_w, &st->gate_r, &st->gate_w, &st->lifeline_r };

        close_each(child_ends, SBX_ELEMENTSOF(child_ends));
}

/* Without a gate the row is written before anything starts. With one, the runner starts first
 * and sets the sandbox up while the row is written; the command waits for the go-ahead, which it
 * never gets if the row cannot be written. */
static enum run_step run_record_first(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;
        const struct sbx_confined_argv *confined = st->confined;
        int (*record_start)(void *userdata) = st->record_start;
        void *userdata = st->userdata;

        runner_own_group = confined && strcmp(confined->backend, "bwrap") == 0;
        /* caught before the row is written: a SIGTERM while sbx waited for the writer's reply
         * killed sbx, and an unconfined run was left with no row or one `running` (review). It
         * waits for the command, as under a runner that sets a sandbox up. */
        install_forwarding();
        if (st->record_first && record_start(userdata) < 0) {
                rep->state = NULL;
                close_child_ends(st);
                supervision_end();
                rep->exit_status = SBX_EXIT_INFRA;
                return RUN_END;
        }
        if (st->gated && st->record_first)
                release_gate(&st->gate_w);
        /* A signal that came before the command started (held since sbx's start, through the
         * policy, a probe and the row) ends the run now that its row is written: nothing is
         * executed after it, and the run ends as the signal would have ended the command, which
         * is what a signal between the row's request and the command's start did already (review:
         * such a signal before the row left no row at all). */
        if (st->record_first && (st->unstarted = sbx_run_signal_held())) {
                close_child_ends(st);
                return RUN_UNSTARTED;
        }
        return RUN_ON;
}

/* The writer did not confirm the row (collect_gate()): the child left, having run nothing; the row
 * is written directly, then a child runs with the go-ahead waiting. */
static enum run_step spawn_recorded(struct run_state *st, struct spawn_req *req) {
        struct sbx_run_report *rep = st->rep;
        const struct sbx_run_writer *writer = st->writer;
        int (*record_start)(void *userdata) = st->record_start;
        void *userdata = st->userdata;

        while (waitpid(st->pid, NULL, 0) < 0 && errno == EINTR)
                ;
        writer->collected(userdata, 0);
        if (record_start(userdata) < 0) {
                rep->state = NULL;
                close_child_ends(st);
                supervision_end();
                rep->exit_status = SBX_EXIT_INFRA;
                return RUN_END;
        }
        if ((st->unstarted = sbx_run_signal_held())) {
                close_child_ends(st);
                return RUN_UNSTARTED;
        }
        release_gate(&st->gate_w);
        req->collect = NULL;
        st->collect_ok = false;
        st->record_first = true;
        st->pid = spawn_child(req);
        return RUN_ON;
}

/* The runner (or the unconfined command) started: bubblewrap's guard first, the vfork child
 * (spawn_child()). */
static enum run_step run_spawn(struct run_state *st) {
        const struct sbx_confined_argv *confined = st->confined;

        /* Landlock: what the command leaves behind is sbx's to end (end_leftovers()) */
        if (confined && strcmp(confined->backend, "landlock") == 0)
                subreaper_on();
        struct spawn_req req = {
                .a = st->a,
                .argv = st->exec_argv,
                .envp = st->envp,
                .in_r = st->in_r,
                /* a stdout the command cannot write anyway, which it must not reopen */
                .out_null = confined && sbx_run_fd_reopenable(STDOUT_FILENO),
                .err_w = st->err_w,
                .status_w = st->status_w,
                .inner_w = st->inner_w,
                .gate_r = st->gate_r,
                .lifeline_r = st->lifeline_r,
                .status_hold = st->lifeline_r >= 0 ? st->status_r : -1,
                .status_num = st->status_num,
                .exec_w = st->exec_w,
                .inprocess = st->inprocess,
                /* confined: the runner closes them (opts->closed_std) */
                .close_std = confined ? 0 : std_closed,
                .use_fork = st->inprocess && !st->record_first && !st->collect_ok,
                .collect = st->collect_ok ? &st->coll : NULL,
        };
        sbx_ll_keeper_end(); /* an earlier run's, if it was left (never, normally) */
        if (req.use_fork)
                sbx_ll_keeper_share(); /* the child's memory is its own: sbx is told the keeper */
        /* bubblewrap: its guard first, whose group it joins */
        st->pid = runner_own_group && guard_start() < 0 ? -1 : spawn_child(&req);
        if (runner_own_group && !guard_pid && st->pid > 0)
                runner_group = st->pid;
        if (st->pid > 0 && st->collect_ok && st->coll.result < 0)
                return spawn_recorded(st, &req);
        return RUN_ON;
}

/* The fork failed: the child's ends are given back, and the run ends 'failed'. */
static void spawn_failed(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;
        int (*record_start)(void *userdata) = st->record_start;
        void *userdata = st->userdata;
        int e = errno;

        close_fd(&st->gate_w);
        close_fd(&st->err_w);
        close_fd(&st->exec_w);
        close_fd(&st->status_w);
        close_fd(&st->inner_w);
        rep->state = "failed";
        rep->verdict = "runner_failure";
        snprintf(rep->message_buf, sizeof(rep->message_buf), "cannot fork: %s", strerror(e));
        rep->message = rep->message_buf;
        supervision_end();
        /* a row begun for a child that never came (the writer's reply unread) is still
         * this run's: collected here, it ends 'failed' (review: it was left 'running') */
        if (rep->execution_id == 0 && !st->record_first && record_start(userdata) < 0)
                rep->state = NULL;
        rep->exit_status = sbx_fail(SBX_EXIT_INFRA, "run: %s", rep->message);
}

/* The child's ends are its own: sbx closes them (or the fork failed, which ends the run). */
static enum run_step run_spawned(struct run_state *st) {
        close_fd(&st->gate_r);
        close_fd(&st->lifeline_r);
        if (st->pid < 0) {
                spawn_failed(st);
                return RUN_END;
        }
        close_fd(&st->err_w);
        close_fd(&st->exec_w);
        close_fd(&st->status_w);
        close_fd(&st->inner_w);
        close_fd(&st->in_r);
        return RUN_ON;
}

/* The row confirmed (the in-process launcher's collected reply, or written now), then the
 * go-ahead; without the row, the runner is ended before it could start the command. */
static enum run_step run_release(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;
        const struct sbx_run_writer *writer = st->writer;
        int (*record_start)(void *userdata) = st->record_start;
        void *userdata = st->userdata;

        if (st->collect_ok) {
                int r2 = 0;
                if (st->coll.result == 0)
                        writer->collected(userdata, st->coll.id);
                else
                        r2 = record_start(userdata); /* the child failed first: sbx reads the reply */
                close_fd(&st->gate_w);
                if (r2 < 0) {
                        rep->state = NULL;
                        end_unreleased(st->pid, &st->gate_w);
                        supervision_end();
                        rep->exit_status = SBX_EXIT_INFRA;
                        return RUN_END;
                }
        } else if (st->gated && !st->record_first) {
                if (record_start(userdata) < 0) {
                        rep->state = NULL;
                        /* never released: end the runner before it could start the command */
                        end_unreleased(st->pid, &st->gate_w);
                        supervision_end();
                        rep->exit_status = SBX_EXIT_INFRA;
                        return RUN_END;
                }
                if ((st->unstarted = sbx_run_signal_held())) {
                        end_unreleased(st->pid, &st->gate_w); /* reaped: it started nothing */
                        return RUN_UNSTARTED;
                }
                release_gate(&st->gate_w);
        }
        return RUN_ON;
}

/* ---- the classifier ------------------------------------------------------------------------ */

/* Whether git may find its repository or index elsewhere than from its start directory: one of
 * the variables that move them in sbx's environment (the command's), or a word of the command
 * naming one (`GIT_DIR=x git stash`, `env GIT_INDEX_FILE=i git ...`, a script's); another of git's
 * variables (`GIT_EDITOR=true git stash`) moves nothing (review53b: any `GIT_` turned it off), nor
 * does GIT_WORK_TREE, as --work-tree (links56: `env GIT_WORK_TREE=W git -C G stash` read no lock
 * file, task_failure; the lock is G/.git/index.lock, strace'd). Where the reader read an env's
 * GIT_DIR=X among `words` (sbx_run_git_stash_lock() 2: env_git_dir), GIT_DIR is named by those
 * words alone: each of its names in the command is one of theirs; of a `cd DIR && GIT_DIR=X git
 * stash` chain (words NULL), the one it read. */
static bool git_env_moves(char *const *command, char *const *words, bool env_git_dir) {
        static const char *const vars[] = { "GIT_DIR",        "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES",
                                            "GIT_DISCOVERY_ACROSS_FILESYSTEM", NULL };
        size_t named = 0, read = 0;

        for (const char *const *v = vars; *v; v++)
                if (getenv(*v))
                        return true;
        for (char *const *a = command; a && *a; a++) {
                for (const char *const *v = vars + 1; *v; v++)
                        if (strstr(*a, *v))
                                return true;
                for (const char *at = *a; (at = strstr(at, "GIT_DIR")); at += 7)
                        named++;
        }
        for (char *const *a = env_git_dir ? words : NULL; a && *a; a++)
                read += strncmp(*a, "GIT_DIR=", 8) == 0 && !strstr(*a + 8, "GIT_DIR");
        if (env_git_dir && !words)
                read = 1;
        return named > read;
}

/* The $TMPDIR the command gets: the confinement's (the temp area of workspace-write), else the
 * caller's, which sbx passes on; "" when it has none. NULL where the command may set its own (a
 * word of it names TMPDIR: `TMPDIR=x mktemp`, `export TMPDIR=...; mktemp`). */
static const char *command_tmpdir(const struct sbx_confined_argv *confined, char *const *command) {
        const char *env = getenv("TMPDIR");

        for (size_t i = 0; command[i]; i++)
                if (strstr(command[i], "TMPDIR"))
                        return NULL;
        for (size_t i = 0; confined && confined->setenv && confined->setenv[i]; i++)
                if (strncmp(confined->setenv[i], "TMPDIR=", 7) == 0)
                        return confined->setenv[i] + 7;
        return env ? env : "";
}

/* What the classifier is told of the run: the command's directory, the directories it may write and
 * those granted, the host's checks. */
static void classifier_context(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;
        const struct sbx_confined_argv *confined = st->confined;
        /* the command starts in sbx's own directory (bwrap's --chdir names it) */
        _cleanup_free_ char *cwd = getcwd(NULL, 0);
        /* an env's -S STRING read as the words it splits into (`env -S 'sh -c "cd d && x"'`) */
        _cleanup_strv_free_ char **split = sbx_run_env_split(st->command);
        char *const *command = split ? split : st->command;
        const char *writable[3], *granted[3], *root = NULL, *temp = NULL;
        char moved[PATH_MAX], move_dest[PATH_MAX], sqlite_target[PATH_MAX], sqlite_db[PATH_MAX], sqlite_dir[PATH_MAX], dd_output[PATH_MAX],
                curl_output[PATH_MAX], bfd_output[PATH_MAX], javac_dir[PATH_MAX], find_exec[PATH_MAX],
                javac_header[PATH_MAX], javac_natives[PATH_MAX],
                git_lock[PATH_MAX], zip_output[PATH_MAX], wget_output[PATH_MAX], ninja_log[PATH_MAX], pycache_dir[PATH_MAX], iconv_output[PATH_MAX],
                archive_output[PATH_MAX], archive_moved_to[PATH_MAX],
                keygen_hosts[PATH_MAX],
                mktemp_file[PATH_MAX], chattr_file[PATH_MAX], npm_dir[PATH_MAX],
                curl_later[PATH_MAX] = "",
                bfd_later[PATH_MAX] = "", javac_later[PATH_MAX] = "", pycache_later[PATH_MAX] = "";
        bool move_into = false;
        enum sbx_inline_lang inline_lang = SBX_INLINE_PYTHON;
        struct sbx_run_words cw = { 0 }; /* the command's words, a -c script's split once */
        _cleanup_free_ char *py_text = NULL; /* a Python script file's text (ctx.python_file) */
        _cleanup_free_ char *pl_text = NULL; /* a perl script file's (ctx.inline_script) */
        _cleanup_free_ char *pl_inline = NULL; /* a chain's perl -e script (ctx.inline_script) */
        char py_file_name[PATH_MAX], pl_name[PATH_MAX];
        /* a shell script that moves first (`cd sub && make`, as an agent's bash
         * tool writes), a tool told a directory (`make -C sub`): its lines'
         * relative names are that directory's */
        int start;

        /* (a `cd /dev/shm;` read as the backend's /dev has it: shell58, before `cd /dev/shm;
         * mktemp -q` of a refused /tmp read task_failure under both backends) */
        const enum sbx_run_dev dev = !confined                                   ? SBX_RUN_DEV_UNKNOWN
                                     : strcmp(confined->backend, "bwrap") == 0    ? SBX_RUN_DEV_PRIVATE
                                     : strcmp(confined->backend, "landlock") == 0 ? SBX_RUN_DEV_HOST
                                                                                  : SBX_RUN_DEV_UNKNOWN;
        start = cwd ? sbx_run_start_dir(command, cwd, dev, moved, sizeof(moved)) : 0;
        /* the shell's script, a nested shell's where it runs one alone (`sh -c "echo x > l"`
         * inside `sbx run -c`, whose lines are that shell's) */
        _cleanup_free_ char *inner_script = sbx_run_shell_script_inner(command);
        /* a Python -c script, whose traceback shows no source line; a perl -e one */
        const char *inline_script = sbx_run_inline_script(command, &inline_lang);
        /* where it cannot be told (a script that moves later, `tar -C DIR -c`),
         * a relative name keeps no path: no directory is claimed for it */
        struct sbx_classify_context ctx = { .cwd = start > 0                ? moved
                                                   : start < 0              ? NULL
                                                   : cwd && cwd[0] == '/' ? cwd
                                                                          : NULL,
                                            .moved = start < 0 || (start > 0 && strcmp(moved, cwd) != 0),
                                            .writable = writable, .granted = granted,
                                            .search_path = getenv("PATH"),
                                            /* what a shell's own line about a named pipe
                                             * tells of: its script's redirections */
                                            .script = inner_script,
                                            .inline_script = inline_script, .inline_lang = inline_lang,
                                            .userdata = confined ? (void *) confined->private_tmpdir
                                                                 : NULL };

        /* the files the command's argv writes that its lines do not name (a tool that moves
         * otherwise than env's -C runs none of these): BusyBox mv's destination, the file a
         * sqlite3 writes (SQLite's "attempt to write a readonly database" names none), the file a
         * dd opens for writing alone (its "failed to open 'X'" does not tell it from its if=), the
         * file a curl writes (its "(23)" names none), the file a binutils program writes (BFD loses
         * the errno);
         * read from the command's words, a -c script's split once, in the directory they start
         * in (an env -C before the shell moves them) */
        if (cwd && cwd[0] == '/') {
                char words_dir[PATH_MAX];
                char *const *words = sbx_run_command_words(command, cwd, words_dir, &cw);
                /* ... with its shell's assignments before it, as an env's: read where a variable
                 * names the file (script56: `GIT_DIR=X git stash` and `TMPDIR=D mktemp -q` in a
                 * -c script read task_failure, their assignments dropped) */
                _cleanup_free_ char **assigned = sbx_run_words_assigned(&cw, words);
                char *const *env_words = assigned ? assigned : words;
                int r;

                /* a command whose status the script no longer passes on (`f=$(CMD) || exit 1`):
                 * read for mktemp's file alone, whose every failure is 1 (mktemp57: before, none,
                 * `f=$(mktemp -q -p D) || exit 1` of a refused D read task_failure); no other
                 * reader's status is told */
                if (words && cw.status_one) {
                        if (start >= 0 && sbx_run_mktemp_file(env_words, words_dir, command_tmpdir(confined, command),
                                                              mktemp_file, sizeof(mktemp_file)) > 0)
                                ctx.mktemp_file = mktemp_file;
                        words = env_words = NULL;
                }

                /* find's -exec programs, as its argv writes them, wherever it runs them (-execdir
                 * moves it: start < 0) */
                if (words && sbx_run_find_exec(words, words_dir, find_exec, sizeof(find_exec)) > 0)
                        ctx.find_exec = find_exec;
                /* touch's times and whether it follows a symlink, wherever it runs; a script's
                 * touches where they agree (`touch -d DATE F; false`) */
                /* the lock file of a git stash's index, wherever git moves (to its repository's
                 * top: start < 0), named whole by where it starts; unless a variable moves it (asked
                 * only of a git stash found: every other run spares the argv's scan) */
                if ((r = words ? sbx_run_git_stash_lock(env_words, words_dir, git_lock, sizeof(git_lock))
                               : sbx_run_chain_cd_read(command, cwd, dev, sbx_run_git_stash_lock, git_lock,
                                                       sizeof(git_lock))) > 0 &&
                    !git_env_moves(command, env_words, r == 2))
                        ctx.git_index_lock = git_lock;
                /* ninja's build log, in its -C DIR (meson compile's too, which moves: start < 0),
                 * named whole by where it starts */
                if (words && sbx_run_ninja_log(words, words_dir, ninja_log, sizeof(ninja_log)) > 0)
                        ctx.ninja_log = ninja_log;
                /* ... the silent statuses' files and iconv's output of a shell's `cd DIR && CMD`,
                 * as its words' (review55: none read, `cd build && ninja` and `cd D && zip -q
                 * a.zip F` in a refused D read task_failure; as nobody under Landlock, `cd D &&
                 * iconv -o f F` in a D of root's read denied, no path, the host's refusal too) */
                if (!words) {
                        /* each reader of a `cd DIR && TOOL ...` chain, its file into its buffer */
                        const struct {
                                int (*reader)(char *const *, const char *, char *, size_t);
                                char *buf;
                                const char **field;
                        } chain[] = {
                                { sbx_run_ninja_log, ninja_log, &ctx.ninja_log },
                                { sbx_run_zip_output, zip_output, &ctx.zip_output },
                                { sbx_run_wget_output, wget_output, &ctx.wget_output },
                                { sbx_run_compileall_tried_dir, pycache_dir, &ctx.pycache_dir },
                                { sbx_run_iconv_output, iconv_output, &ctx.iconv_output },
                                { sbx_run_archive_output, archive_output, &ctx.archive_output },
                                { sbx_run_archive_moved_to, archive_moved_to, &ctx.archive_moved_to },
                                { sbx_run_keygen_hosts, keygen_hosts, &ctx.keygen_hosts },
                        };

                        for (size_t i = 0; i < SBX_ELEMENTSOF(chain); i++)
                                if (sbx_run_chain_cd_read(command, cwd, dev, chain[i].reader, chain[i].buf, PATH_MAX) > 0)
                                        *chain[i].field = chain[i].buf;
                        /* (mktemp -q's, whose refusal prints nothing: script56, `cd D && mktemp
                         * -q x.XXX` in a refused D read task_failure, both backends) */
                        if (sbx_run_chain_mktemp_file(command, cwd, dev, command_tmpdir(confined, command),
                                                      mktemp_file, sizeof(mktemp_file)) > 0)
                                ctx.mktemp_file = mktemp_file;
                }
                if (words)
                        ctx.touch_how = sbx_run_touch_how(words, words_dir);
                else
                        ctx.touch_how = sbx_run_script_touch_how(command, cwd);
                /* a Python script file's own names of open (`o = open`), which the source lines
                 * of its traceback call (read once, before its lines come) */
                const char *py_file = words ? sbx_run_python_file(words) : NULL;
                size_t py_len;

                if (py_file && (py_text = malloc(SBX_RUN_SCRIPT_TEXT_SIZE)))
                        ctx.python_file = sbx_run_python_file_text(py_file, words_dir, py_text, &py_len);
                /* ... on the lines of its own frames alone, the file as CPython names it: the
                 * start directory joined to the argv's name */
                if (ctx.python_file &&
                    snprintf(py_file_name, sizeof(py_file_name), "%s%s%s", py_file[0] == '/' ? "" : words_dir,
                             py_file[0] == '/' ? "" : "/", py_file) < (int) sizeof(py_file_name))
                        ctx.python_file_name = py_file_name;
                /* a perl script file's text, whose die names it as the argv does (`... at s.pl
                 * line N.`), read as a -e script's (mine56: `perl s.pl` whose open failed and
                 * whose die holds no $! read task_failure, exit 30 or 13) */
                const char *pl_file = words && !ctx.inline_script ? sbx_run_perl_file(words) : NULL, *pl_dir = words_dir;
                size_t pl_len;

                /* (a shell's `cd DIR && perl -e '...'`'s -e script, as a script file's below:
                 * mktemp57, before none, its die without $! after a refused open of a name
                 * relative to DIR task_failure) */
                if (!words && start > 0 && ctx.cwd && !ctx.inline_script &&
                    (pl_inline = malloc(SBX_RUN_SCRIPT_TEXT_SIZE)) &&
                    sbx_run_chain_only(command, ctx.cwd, sbx_run_perl_inline_copy, pl_inline, SBX_RUN_SCRIPT_TEXT_SIZE) > 0) {
                        ctx.inline_script = pl_inline;
                        ctx.inline_lang = SBX_INLINE_PERL;
                }
                /* ... or a shell's `cd DIR && perl s.pl`'s, its name DIR's, where the chain's
                 * leading cd moved the start (ctx.cwd; mktemp57: before, none, its die after a
                 * refused open read task_failure, exit 30 or 13) */
                if (!words && start > 0 && ctx.cwd && !ctx.inline_script &&
                    sbx_run_chain_only(command, ctx.cwd, sbx_run_perl_file_name, pl_name, sizeof(pl_name)) > 0) {
                        pl_file = pl_name;
                        pl_dir = ctx.cwd;
                }
                if (pl_file && (pl_text = malloc(SBX_RUN_SCRIPT_TEXT_SIZE)) &&
                    (ctx.inline_script = sbx_run_python_file_text(pl_file, pl_dir, pl_text, &pl_len))) {
                        ctx.inline_lang = SBX_INLINE_PERL;
                        ctx.inline_name = pl_file;
                }
                if (words && start >= 0) {
                        if (sbx_run_move_dest(words, words_dir, move_dest, sizeof(move_dest), &move_into) > 0) {
                                ctx.move_dest = move_dest;
                                ctx.move_into = move_into;
                        }
                        int sq_t;

                        if ((sq_t = sbx_run_sqlite_target(words, words_dir, sqlite_target, sizeof(sqlite_target))) > 0 ||
                            (sq_t = sbx_run_sqlite_stdin_attach(words, &cw, words_dir, sqlite_target,
                                                                sizeof(sqlite_target))) > 0) {
                                ctx.sqlite_target = sqlite_target;
                                ctx.sqlite_target_or_db = sq_t == 2;
                        }
                        /* (a .cd of its stdin's file before its SQL moves it: that directory's) */
                        /* (... or a .cd of its -init's or a -cmd's: 2) */
                        int db_r;

                        if ((db_r = sbx_run_sqlite_stdin_db(words, &cw, words_dir, sqlite_db, sizeof(sqlite_db))) > 0 ||
                            (db_r = sbx_run_sqlite_database(words, words_dir, sqlite_db, sizeof(sqlite_db))) > 0) {
                                ctx.sqlite_db = sqlite_db;
                                ctx.sqlite_db_moved = db_r == 2;
                        }
                        /* ... or the caller's own stdin's, a file sbx copies to it: read from
                         * the bytes it copied, as the command reads them (sqlite60: before,
                         * none, `sqlite3 n.db < s.sql` in read-only read task_failure) */
                        st->kept_db.db = db_r <= 0 && sbx_run_sqlite_kept_db(command, cwd, "", 0, false, sqlite_db,
                                                                             sizeof(sqlite_db)) < 0;
                        ctx.sqlite_readonly = sbx_run_sqlite_readonly(words, words_dir);
                        /* (the directory its ATTACHes run in, past its `.cd`s) */
                        /* (... or its stdin's file's, where its argv holds no SQL) */
                        /* (sbx_run_sqlite_sql_dir()'s where it reads no stdin file) */
                        r = sbx_run_sqlite_stdin_dir(words, &cw, words_dir, sqlite_dir, sizeof(sqlite_dir));
                        if (r == 2)
                                ctx.sqlite_dir = sqlite_dir;
                        ctx.sqlite_dir_lost = r < 0;
                        /* ... or, lost so, of the caller's own stdin's text, read as its database
                         * (sqlite60: before, `sqlite3 :memory: < s.sql` of an s.sql running `.cd
                         * D` then `attach 'x.db' ...` named none) */
                        st->kept_db.dir = r < 0 && cw.n_in == 0 && !cw.in_outer;
                        if ((st->kept_db.db || st->kept_db.dir) && !split && st->pump && !st->pump->tee &&
                            (st->pump->kept = malloc(KEPT_MAX)) && (st->kept_db.cwd = strdup(cwd))) {
                                st->kept_db.command = command;
                                st->kept_db.pump = st->pump;
                                st->s.kept_db = &st->kept_db;
                        }
                        ctx.chattr_capability = sbx_run_chattr_capability(words, words_dir);
                        /* (tar's extraction over old files, whose refused unlink it prints as the
                         * open's EEXIST: tar60, task_failure before) */
                        ctx.tar_replaces = sbx_run_tar_replaces(words, words_dir);
                        /* chattr -f's file, where the host lets the user set its flags
                         * (readers58: its silent status 1 read task_failure) */
                        if (sbx_run_chattr_silent_file(words, words_dir, chattr_file, sizeof(chattr_file)) > 0 &&
                            sbx_run_host_flags_settable(chattr_file, ctx.chattr_capability))
                                ctx.chattr_file = chattr_file;
                        if (sbx_run_dd_output(words, words_dir, dd_output, sizeof(dd_output)) > 0)
                                ctx.dd_output = dd_output;
                        if ((r = sbx_run_curl_output(words, words_dir, curl_output, sizeof(curl_output))) > 0) {
                                ctx.curl_output = curl_output;
                                ctx.curl_create_dirs = r == 2;
                        }
                        /* ... ranlib's and strip's several files, rewritten one by one (left53:
                         * none read, `ranlib a.a /var/tmp/x/b.a` in workspace-write read
                         * task_failure) */
                        if (sbx_run_bfd_outputs(words, words_dir, bfd_output, sizeof(bfd_output), bfd_later,
                                                sizeof(bfd_later)) > 0) {
                                ctx.bfd_output = bfd_output;
                                ctx.bfd_later = bfd_later[0] ? bfd_later : NULL;
                        }
                        if (sbx_run_zip_output(words, words_dir, zip_output, sizeof(zip_output)) > 0)
                                ctx.zip_output = zip_output;
                        if (sbx_run_wget_output(words, words_dir, wget_output, sizeof(wget_output)) > 0)
                                ctx.wget_output = wget_output;
                        if (sbx_run_compileall_tried_dirs(words, words_dir, pycache_dir, sizeof(pycache_dir),
                                                          pycache_later, sizeof(pycache_later)) > 0) {
                                ctx.pycache_dir = pycache_dir;
                                ctx.pycache_later = pycache_later[0] ? pycache_later : NULL;
                        }
                        if (sbx_run_iconv_output(words, words_dir, iconv_output, sizeof(iconv_output)) > 0)
                                ctx.iconv_output = iconv_output;
                        /* (7-Zip's and jar's archive, whose lines of it name none, and the archive
                         * 7-Zip moves its temporary file onto: one reading, the host asked once) */
                        if (sbx_run_archive_files(words, words_dir, archive_output, sizeof(archive_output),
                                                  archive_moved_to, sizeof(archive_moved_to)) > 0) {
                                ctx.archive_output = archive_output;
                                if (archive_moved_to[0])
                                        ctx.archive_moved_to = archive_moved_to;
                        }
                        /* (ssh-keygen -R's known_hosts, whose "mkstemp: E" names none) */
                        if (sbx_run_keygen_hosts(words, words_dir, keygen_hosts, sizeof(keygen_hosts)) > 0)
                                ctx.keygen_hosts = keygen_hosts;
                        /* (mktemp's, in the $TMPDIR the command gets: the temp area in
                         * workspace-write, the caller's in read-only) */
                        if (sbx_run_mktemp_file(env_words, words_dir, command_tmpdir(confined, command), mktemp_file,
                                                sizeof(mktemp_file)) > 0)
                                ctx.mktemp_file = mktemp_file;
                        if (sbx_run_npm_dir(words, words_dir, npm_dir, sizeof(npm_dir)) > 0)
                                ctx.npm_dir = npm_dir;
                        /* (rustc's --out-dir, whose line names none either: mine56) */
                        if (sbx_run_javac_dir(words, words_dir, javac_dir, sizeof(javac_dir)) > 0 ||
                            sbx_run_rustc_out_dir(words, words_dir, javac_dir, sizeof(javac_dir)) > 0)
                                ctx.javac_dir = javac_dir;
                        /* (its -h DIR, whose header it writes before the class) */
                        if (ctx.javac_dir && sbx_run_javac_header_dir(words, words_dir, javac_header, sizeof(javac_header)) > 0) {
                                ctx.javac_header_dir = javac_header;
                                /* (its sources' types, which of them have native headers) */
                                if (sbx_run_javac_natives(words, words_dir, javac_natives, sizeof(javac_natives)) > 0)
                                        ctx.javac_natives = javac_natives;
                        }
                        /* ... and the python -c or perl -e script a shell's -c script runs as its
                         * one command (`sh -c "python3 -c '...'"`): its traceback's line N is
                         * that script's (cw holds it until the context is set) */
                        if (!ctx.inline_script && words != command)
                                ctx.inline_script = sbx_run_inline_script(words, &ctx.inline_lang);
                }
                /* ... a curl, a javac that a shell's `&&` chain runs past its leading cds (whose
                 * directory ctx.cwd holds) and quiet commands: the rest runs only where it
                 * succeeded */
                if (!words && start >= 0 && ctx.cwd &&
                    (r = sbx_run_chain_curl_outputs(command, ctx.cwd, curl_output, sizeof(curl_output), curl_later,
                                                    sizeof(curl_later))) > 0) {
                        ctx.curl_output = curl_output;
                        ctx.curl_create_dirs = r == 2;
                        /* ... and the curls after it, which the chain reached where it wrote its
                         * file (left53: `curl -so G U && curl -so /var/tmp/x/F U` in
                         * workspace-write charged the second's refusal to the first) */
                        ctx.curl_later = curl_later[0] ? curl_later : NULL;
                }
                /* (its later javacs too, as the curls': left53, `javac -d out A.java && javac -d
                 * /var/tmp/x/n B.java` in workspace-write read task_failure) */
                if (!words && start >= 0 && ctx.cwd &&
                    sbx_run_chain_javac_dirs(command, ctx.cwd, javac_dir, sizeof(javac_dir), javac_later,
                                             sizeof(javac_later)) > 0) {
                        ctx.javac_dir = javac_dir;
                        ctx.javac_later = javac_later[0] ? javac_later : NULL;
                        /* (the first one's -h DIR, whose header it writes first: tools57, `cd D &&
                         * javac -h /x/h -d . A.java` read task_failure) */
                        if (sbx_run_chain_javac_header_dir(command, ctx.cwd, javac_header, sizeof(javac_header)) > 0)
                                ctx.javac_header_dir = javac_header;
                }
                /* ... a sqlite3 that `cd DIR && sqlite3 ...` runs, its one command after the cd
                 * (sqlite_target and sqlite_db hold as many bytes) */
                if (!words && start >= 0 && ctx.cwd) {
                        _Static_assert(sizeof(sqlite_target) == sizeof(sqlite_db), "one size for both");
                        int sq = sbx_run_chain_sqlite(command, ctx.cwd, sqlite_target, sqlite_db, sizeof(sqlite_db),
                                                      &ctx.sqlite_readonly);

                        /* ... or that `FEED | sqlite3 DB` runs, its commands from the pipe (left53:
                         * none read, `echo 'create table t(a);' | sqlite3 own.db` in read-only read
                         * task_failure under bwrap, denied with no path under Landlock, a host's
                         * refusal too) */
                        if (!sq)
                                sq = sbx_run_pipe_sqlite(command, ctx.cwd, sqlite_target, sqlite_db, sizeof(sqlite_db),
                                                         &ctx.sqlite_readonly);

                        if (sq & 1) {
                                ctx.sqlite_target = sqlite_target;
                                ctx.sqlite_target_or_db = (sq & 8) != 0;
                        }
                        if (sq & 2)
                                ctx.sqlite_db = sqlite_db;
                        ctx.sqlite_db_moved = ctx.sqlite_db_moved || (sq & 4);
                        /* ... and the directory its ATTACHes run in, past the `.cd`s of its
                         * argv or of the pipe's feed (sqlite58: before, `cd D && sqlite3 :memory:
                         * '.cd /x' "attach 'x.db' ..."` named D/x.db, and `printf '.cd /x\n...' |
                         * sqlite3 :memory:` the start's: task_failure in workspace-write) */
                        if ((r = sbx_run_chain_only(command, ctx.cwd, sbx_run_sqlite_sql_dir, sqlite_dir,
                                                    sizeof(sqlite_dir))) == 0)
                                r = sbx_run_pipe_sqlite_dir(command, ctx.cwd, sqlite_dir, sizeof(sqlite_dir));
                        if (r == 2)
                                ctx.sqlite_dir = sqlite_dir;
                        ctx.sqlite_dir_lost = ctx.sqlite_dir_lost || r < 0;
                        /* ... and a binutils program's or javac's, as the sqlite3's (review52:
                         * none was read, `sh -c 'cd D && objcopy a.o /var/tmp/x/b.o'` and `... &&
                         * javac -d out X.java` in read-only mode read task_failure) */
                        if (sbx_run_chain_bfd_outputs(command, ctx.cwd, bfd_output, sizeof(bfd_output), bfd_later,
                                                      sizeof(bfd_later)) > 0) {
                                ctx.bfd_output = bfd_output;
                                ctx.bfd_later = bfd_later[0] ? bfd_later : NULL;
                        }
                        if (sbx_run_chain_only(command, ctx.cwd, sbx_run_javac_dir, javac_dir, sizeof(javac_dir)) > 0 ||
                            sbx_run_chain_only(command, ctx.cwd, sbx_run_rustc_out_dir, javac_dir, sizeof(javac_dir)) > 0)
                                ctx.javac_dir = javac_dir;
                        /* (and an npm's: `cd app && npm install --silent`) */
                        if (sbx_run_chain_only(command, ctx.cwd, sbx_run_npm_dir, npm_dir, sizeof(npm_dir)) > 0)
                                ctx.npm_dir = npm_dir;
                }
                /* ... and an npm's --prefix DIR, its project wherever it starts, which npm runs
                 * its scripts in (review56: not read, `npm --prefix D install --silent` of a
                 * refused D task_failure) */
                if (words && start < 0 && sbx_run_npm_dir(words, words_dir, npm_dir, sizeof(npm_dir)) == 2)
                        ctx.npm_dir = npm_dir;
                /* ... whose lifecycle scripts' statuses npm passes through (review56) */
                if (ctx.npm_dir)
                        ctx.npm_scripts = sbx_run_npm_scripts(ctx.npm_dir);
                /* an interpreter's script (-c, -e, a Python script file) that may change its
                 * directory (os.chdir, perl's chdir, a child's cwd=): its relative names are of
                 * none known and keep no path, never a made-up one's file asked of the host
                 * (review49: after a Python chdir, `open("f", "w")` recorded WS/f, and a 0444 WS/f
                 * read the sandbox's refusal as the host's) */
                if ((ctx.inline_script && sbx_run_script_text_moves(ctx.inline_script, ctx.inline_lang)) ||
                    (ctx.python_file && sbx_run_script_text_moves(ctx.python_file, SBX_INLINE_PYTHON))) {
                        ctx.cwd = NULL;
                        ctx.moved = true;
                }
        }

        sbx_run_host_checks(&ctx);
        /* the host's file systems the launcher covers are bwrap's alone (Landlock's filter
         * refuses the message queues' calls instead) */
        if (!confined || strcmp(confined->backend, "bwrap") != 0)
                ctx.host_covered = NULL;
        /* canonical, as the host's path (sbx_run_host_checks()) answers: both are already (the policy's root
         * is canonicalized when it is resolved, the temp area is made beneath
         * the real path of $TMPDIR, each step without a symlink), and neither
         * can be moved by the command (their parents are not granted) */
        if (confined && rep->policy && rep->policy->workspace_root)
                root = rep->policy->workspace_root;
        if (confined && confined->temp_dir)
                temp = confined->temp_dir;
        else if (confined)
                temp = confined->private_tmpdir;
        sbx_classify_writable_dirs(confined ? confined->backend : NULL,
                                   rep->policy ? sbx_mode_to_string(rep->policy->mode) : NULL, root, temp,
                                   writable);
        sbx_classify_granted_dirs(confined ? confined->backend : NULL,
                                  rep->policy ? sbx_mode_to_string(rep->policy->mode) : NULL, root,
                                  temp, granted);
        sbx_run_classifier_set_context(st->classifier, &ctx);
        sbx_run_words_clear(&cw);
}

void sbx_run_classifier_set_context(struct sbx_classifier *c, struct sbx_classify_context *ctx) {
        const char **names[] = { &ctx->move_dest, &ctx->sqlite_target, &ctx->sqlite_db, &ctx->dd_output,
                                 &ctx->curl_output, &ctx->bfd_output, &ctx->javac_dir, &ctx->javac_header_dir,
                                 &ctx->git_index_lock,
                                 &ctx->zip_output, &ctx->wget_output, &ctx->ninja_log,
                                 &ctx->pycache_dir, &ctx->iconv_output, &ctx->archive_output, &ctx->archive_moved_to,
                                 &ctx->keygen_hosts,
                                 &ctx->mktemp_file, &ctx->chattr_file,
                                 &ctx->npm_dir, &ctx->cwd };
        bool cut = false, had_cwd = ctx->cwd != NULL;

        if (sbx_classifier_set_context(c, ctx) >= 0)
                return;
        /* a name it cannot keep, left out alone: the rest of the context still holds (review: as
         * nobody under Landlock, `busybox mv /ws/f DIR/` with DIR of 1029 bytes dropped the
         * writable directories with it, and the host's refusal of DIR read as denied /ws/f) */
        for (size_t i = 0; i < SBX_ELEMENTSOF(names); i++)
                if (*names[i] && strlen(*names[i]) >= SBX_DENIAL_PATH_MAX) {
                        /* (a file's, not the directory's: its lines are then denials of no path) */
                        if (names[i] != &ctx->cwd)
                                ctx->argv_name_lost = true;
                        *names[i] = NULL;
                        cut = true;
                }
        if (!ctx->move_dest)
                ctx->move_into = false;
        if (had_cwd && !ctx->cwd)
                ctx->moved = true; /* a directory not known: a relative name keeps no path */
        if (cut && sbx_classifier_set_context(c, ctx) >= 0)
                return;
        /* refused still: paths as printed, every signature line a denial */
        *ctx = (struct sbx_classify_context) { 0 };
        (void) sbx_classifier_set_context(c, ctx);
}

/* The classifier of the runner's dialect (st->classifier; st->classifier_err when it cannot be made). */
static void run_classifier(struct run_state *st) {
        struct sbx_diag diag = { 0 };

        if ((st->classifier_err = sbx_classifier_new(st->dialect, &st->classifier, &diag)) < 0)
                st->classifier = NULL;
        else {
                st->classifier_err = 0;
                classifier_context(st);
        }
}

/* ---- the supervision loop ------------------------------------------------------------------ */

/* Empties the wake pipe (a signal came, or a child ended). */
static void wake_drain(int wake_r) {
        char drain[64];

        while (read(wake_r, drain, sizeof(drain)) > 0)
                ;
}

/* What the loop of run_supervise() waits for (p: room for 5), and how many. */
static nfds_t supervise_fds(const struct run_state *st, struct pollfd *p) {
        nfds_t n = 0;

        p[n++] = (struct pollfd) { .fd = st->wake_r, .events = POLLIN };
        if (st->s.pend_len)
                p[n++] = (struct pollfd) { .fd = st->s.out_fd, .events = POLLOUT };
        else if (st->err_open)
                p[n++] = (struct pollfd) { .fd = st->err_r, .events = POLLIN };
        if (st->status_open)
                p[n++] = (struct pollfd) { .fd = st->status_r, .events = POLLIN };
        if (st->inner_open)
                p[n++] = (struct pollfd) { .fd = st->inner_r, .events = POLLIN };
        if (st->pump && st->pump->w >= 0 && !st->reaped && !st->pump->grown) {
                if (st->pump->len || st->pump->held)
                        p[n++] = (struct pollfd) { .fd = st->pump->w, .events = POLLOUT };
                else
                        p[n++] = (struct pollfd) { .fd = STDIN_FILENO, .events = POLLIN };
        }
        return n;
}

/* Serves each descriptor poll(2) found ready (r of them). */
static void supervise_events(struct run_state *st, const struct pollfd *p, nfds_t n, int r) {
        for (nfds_t i = 0; r > 0 && i < n; i++) {
                if (!p[i].revents)
                        continue;
                if (p[i].fd == st->wake_r)
                        wake_drain(st->wake_r);
                else if (p[i].fd == st->err_r)
                        st->err_open = pump_stderr(&st->s, st->err_r);
                else if (st->s.pend_len && p[i].fd == st->s.out_fd)
                        stderr_flush(&st->s);
                else if (p[i].fd == st->status_r)
                        st->status_open = pump_status(&st->s.status, st->status_r);
                else if (p[i].fd == st->inner_r)
                        st->inner_open = pump_inner(&st->s.inner, st->inner_r, &st->cmd_pidfd);
                else if (p[i].fd == STDIN_FILENO)
                        pump_stdin_read(st->pump);
                else if (st->pump && p[i].fd == st->pump->w)
                        pump_stdin_write(st->pump);
        }
}

/* The runner ended (reaped, or no status will come): what it left is ended, what it wrote is read. */
static void supervise_reap(struct run_state *st) {
        pid_t w = reap_runner(st->pid, &st->wstatus, WNOHANG, &st->s.inner, st->inner_r);

        if (w < 0 && errno != EINTR) {
                /* no status will come (see lost_errno): nothing more to wait for */
                st->lost_errno = errno;
                st->reaped = true;
                st->reaped_at = now_ms();
        } else if (w == st->pid) {
                int queued = 0;
                st->reaped = true;
                st->reaped_at = now_ms();
                /* the Landlock keeper (--die-with-parent) has nothing left to guard: it
                 * ends what the command left at once, fork storm included (a kill from
                 * sbx, child by child, did not keep up with one) */
                keeper_done();
                /* what waits in the pipe now was written before the command ended: it is
                 * read whatever the time it takes the caller to take the copy (sbx waits
                 * for a reader with room, not in write(2), so this is no longer implied) */
                if (st->err_open && ioctl(st->err_r, FIONREAD, &queued) == 0 && queued > 0)
                        st->err_owed = st->s.err_read + (uint64_t) queued;
                /* what the command left may hold stderr: it ends now, not in
                 * DRAIN_AFTER_EXIT_MS. Those that ended are reaped first, one system
                 * call each, not looked at in /proc one by one: a fork storm the keeper
                 * ended left thousands (0.7 s of sbx's end, 60 chains on 2 cores) */
                if (subreaper && has_children()) {
                        reap_orphans(st->pid);
                        (void) kill_leftovers();
                }
        }
}

/* Whether the command's stderr still holds bytes: those it wrote before its end (err_owed) are
 * read as long as they are there, but a process an unconfined command left that opened
 * /proc/self/fd/2 for reading may have taken them, keeping the write end: sbx waited for them for
 * as long as that process lived, passing on no signal (review). */
static bool stderr_queued(const struct run_state *st) {
        int queued = 0;

        return ioctl(st->err_r, FIONREAD, &queued) < 0 || queued > 0;
}

/* Copies what the command's stderr pipe holds into a pipe of sbx's (tee(2): nothing is read from
 * it) and returns that pipe's read end, or -1. The pipe is filled first through a write end of
 * sbx's own, in one write under the pipe's lock: no byte of the command's comes in between, and a
 * write of the command's, blocked or to come, stays blocked until sbx closes the pipe and then
 * fails (EPIPE). Every write of the command's that succeeded is thus before the filler, and copied.
 * *ret_owed: the command's bytes before the filler when the filler is written but they could not
 * be copied (to be read, no further), else -1. A command that enlarges its own stderr pipe between
 * the filler and the close (F_SETPIPE_SZ) can still write behind it: its own lines, not another's. */
static int stderr_seal(int err_r, int64_t *ret_owed) {
        char proc[64];
        struct stat sb;
        int w, size, queued = 0, copy[2] = { -1, -1 };
        ssize_t filled = -1, teed = -1;
        char *fill;

        *ret_owed = -1;
        if (fstat(err_r, &sb) < 0 || !S_ISFIFO(sb.st_mode) || (size = fcntl(err_r, F_GETPIPE_SZ)) <= 0)
                return -1;
        snprintf(proc, sizeof(proc), "/proc/self/fd/%d", err_r);
        w = open(proc, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (w < 0)
                return -1;
        if (pipe2(copy, O_CLOEXEC | O_NONBLOCK) < 0 || fcntl(copy[1], F_SETPIPE_SZ, size) < size) {
                close(w);
                close_fd(&copy[0]);
                close_fd(&copy[1]);
                return -1;
        }
        /* zero pages: nothing is allocated for them */
        fill = mmap(NULL, (size_t) size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (fill != MAP_FAILED) {
                filled = write(w, fill, (size_t) size);
                if (filled < 0 && errno == EAGAIN)
                        filled = 0; /* full already: the command's alone */
                munmap(fill, (size_t) size);
        }
        close(w);
        /* full now, slot by slot: what it holds besides the filler is the command's */
        if (filled >= 0 && ioctl(err_r, FIONREAD, &queued) == 0) {
                *ret_owed = queued > filled ? queued - filled : 0;
                teed = *ret_owed == 0 ? 0 : tee(err_r, copy[1], (size_t) *ret_owed, SPLICE_F_NONBLOCK);
                if (teed == *ret_owed)
                        *ret_owed = -1;
        }
        close(copy[1]);
        if (teed < 0 || *ret_owed >= 0)
                close_fd(&copy[0]);
        return copy[0];
}

/* Classifies what the command wrote to its stderr before sbx closes it (its reader gone), and no
 * more (a command that writes on would keep sbx reading): nothing of it is written anywhere. On a
 * pipe, sbx's filler (stderr_seal()) keeps any later write blocked until the close: a write that
 * sbx's read woke, completed between it and the close, was lost unread (a pipe's worth of denial
 * lines in 2 of 10 runs of five writers under load). Elsewhere what the pipe holds now is read. */
static void stderr_drain_queued(struct run_state *st) {
        int64_t owed;
        int queued = 0, copy = stderr_seal(st->err_r, &owed);
        uint64_t until;

        if (copy >= 0) {
                while (pump_stderr(&st->s, copy))
                        ;
                close(copy);
                return;
        }
        if (owed < 0 && (ioctl(st->err_r, FIONREAD, &queued) < 0 || queued <= 0))
                return;
        until = st->s.err_read + (uint64_t) (owed >= 0 ? owed : queued);
        while (st->s.err_read < until && stderr_queued(st)) {
                char buf[4096];
                uint64_t left = until - st->s.err_read;
                ssize_t n = read(st->err_r, buf, left < sizeof(buf) ? (size_t) left : sizeof(buf));

                if (n < 0 && errno == EINTR)
                        continue;
                if (n <= 0)
                        break;
                stderr_account(&st->s, buf, (size_t) n);
        }
}

/* The command has ended, and its stderr's reader has not taken the last of it DRAIN_AFTER_EXIT_MS
 * later: what the command wrote before its end (err_owed, in the pipe) is read now and classified,
 * and kept with what waits, to be written once the run's end is recorded (sbx_run_stderr_finish()).
 * A terminal suspended (^S, tcflow(TCOOFF)) or a reader that stopped reading held the run's row
 * `running` for as long, the verdict unknown, and a SIGKILL then left it `interrupted` (review).
 * False when there is no memory for it: sbx then waits for the reader as before. */
static bool stderr_defer(struct run_state *st) {
        struct supervise *s = &st->s;
        uint64_t owed = st->err_open && st->err_owed > s->err_read ? st->err_owed - s->err_read : 0;
        size_t cap;
        char *data;

        if (deferred.data || owed > DEFER_MAX)
                return false;
        cap = s->pend_len + (size_t) owed;
        data = malloc(cap);
        if (!data)
                return false;
        memcpy(data, s->pend, s->pend_len);
        deferred.data = data;
        deferred.out = (struct supervise) { .stderr_ok = true, .out_fd = s->out_fd, .out_sock = s->out_sock,
                                            .out_max = s->out_max, .pend = data, .pend_len = s->pend_len };
        s->out_fd = STDERR_FILENO; /* deferred's now: stderr_out_close() leaves it */
        s->pend_len = 0;
        /* what is in the pipe, not what was: a process the command left (unconfined) that opened
         * /proc/self/fd/2 for reading took the owed bytes, kept the write end, and sbx blocked
         * in read(2) for as long, deaf to SIGTERM, its row `running` (review). The descriptor is
         * sbx's own, and read no more after this. */
        (void) fcntl(st->err_r, F_SETFL, fcntl(st->err_r, F_GETFL) | O_NONBLOCK);
        while (deferred.out.pend_len < cap) {
                ssize_t n = read(st->err_r, data + deferred.out.pend_len, cap - deferred.out.pend_len);

                if (n < 0 && errno == EINTR)
                        continue;
                if (n <= 0)
                        break;
                stderr_account(s, data + deferred.out.pend_len, (size_t) n);
                deferred.out.pend_len += (size_t) n;
        }
        st->err_open = false;
        return true;
}

/* The supervision loop: the command's stderr copied to sbx's and classified, bubblewrap's status and
 * that of the launcher inside read, sbx's stdin copied to the command's, signals forwarded, denial
 * lines offered to the record, until the runner has ended and its descriptors are drained. */
static void run_supervise(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;
        const struct sbx_confined_argv *confined = st->confined;

        st->err_open = !st->unstarted;
        st->status_open = !st->unstarted && st->status_r >= 0;
        st->inner_open = !st->unstarted && st->inner_r >= 0;
        if (st->unstarted) {
                st->wstatus = st->unstarted; /* as if killed by it */
                st->reaped = true;
                snprintf(rep->message_buf, sizeof(rep->message_buf),
                         "signal %d came before the command started: nothing was executed", st->unstarted);
                rep->message = rep->message_buf;
        }
        stderr_out_open(&st->s);
        while (st->err_open || st->s.pend_len || st->status_open || st->inner_open ||
               (st->pump && st->pump->w >= 0 && !st->reaped)) {
                struct pollfd p[5];
                nfds_t n;
                int r, timeout = st->reaped ? (int) (st->reaped_at + DRAIN_AFTER_EXIT_MS - now_ms()) : 100;

                if ((pending_mask || stop_pending) && !st->reaped)
                        forward_pending(confined, &st->s, st->pid);
                if (child_event && !st->reaped)
                        reap_orphans(st->pid);
                /* the command has ended and the caller asked for the run's end (a signal sbx
                 * passed on, or one that came since): what waits for a reader that does not read
                 * is dropped, as the command's blocked write would have been */
                if (st->reaped && st->s.pend_len && (st->s.forwarded_mask || end_pending())) {
                        st->s.stderr_ok = false;
                        st->s.pend_len = 0;
                }
                if (st->reaped && timeout <= 0) {
                        if (st->s.pend_len && st->s.stderr_ok && stderr_defer(st))
                                timeout = 0; /* the status pipes are drained as before */
                        else if (st->err_open && st->s.err_read < st->err_owed && stderr_queued(st))
                                timeout = 100; /* what the command wrote before it ended is read */
                        else if (!st->s.pend_len)
                                break; /* a background process still holds stderr: stop waiting for it */
                        else {
                                /* read no more, but what was read still goes to the reader */
                                st->err_open = st->status_open = st->inner_open = false;
                                timeout = 100;
                        }
                }
                n = supervise_fds(st, p);
                r = poll(p, n, timeout);
                if (r < 0 && errno != EINTR)
                        break;
                supervise_events(st, p, n, r);
                if (st->pump && st->pump->grown && st->pump->w >= 0 && !st->reaped)
                        pump_stdin_write(st->pump); /* (see there) */
                if (!st->reaped)
                        offer_denials(&st->s, st->writer, st->userdata);
                /* The reader of sbx's stderr left (`2>&1 | head -1`): the command's own stderr
                 * ends too, so that its next write fails (SIGPIPE) as it would without sbx. sbx
                 * read on and dropped what it wrote: `yes >&2` ran for ever (review). What its
                 * writes already put in the pipe is classified first: they succeeded, and a
                 * denial line behind the 64 KiB that met the reader's absence was dropped unread,
                 * the run recorded as a task_failure. */
                if (st->s.reader_gone && st->err_open) {
                        stderr_drain_queued(st);
                        if (stderr_pty_master == st->err_r)
                                stderr_pty_master = -1;
                        close_fd(&st->err_r);
                        st->err_open = false;
                }
                if (!st->reaped)
                        supervise_reap(st);
        }
        stderr_out_close(&st->s);
}

/* The command closed every descriptor sbx watches but still runs: keep forwarding signals until it
 * ends (the wake pipe interrupts the wait). */
static void run_wait(struct run_state *st) {
        const struct sbx_confined_argv *confined = st->confined;

        while (!st->reaped) {
                struct pollfd p = { .fd = st->wake_r, .events = POLLIN };
                pid_t w;

                if (pending_mask || stop_pending)
                        forward_pending(confined, &st->s, st->pid);
                if (child_event)
                        reap_orphans(st->pid);
                w = reap_runner(st->pid, &st->wstatus, WNOHANG, &st->s.inner, st->inner_r);
                if (w == st->pid) {
                        st->reaped = true;
                        break;
                }
                if (w < 0 && errno != EINTR) {
                        st->lost_errno = errno;
                        break;
                }
                if (poll(&p, 1, 100) > 0)
                        wake_drain(st->wake_r);
        }
}

/* The end of supervision: what the command left is ended, and what it did not read of sbx's stdin is
 * given back. */
static void run_collect(struct run_state *st) {
        keeper_done();
        end_leftovers(); /* what is left, or all of it with no keeper (before ABI 6) */
        supervision_end();
        if (st->pump) {
                /* sbx read ahead of the command: what the command did not read goes back to the
                 * caller's file (`while read l; do sbx run ...; done < file` keeps its lines) */
                int unread = 0;
                if (st->pump->peek >= 0 && ioctl(st->pump->peek, FIONREAD, &unread) == 0) {
                        /* (what it kept, of what the command read alone) */
                        uint64_t read = st->pump->copied - (uint64_t) unread - (st->pump->len - st->pump->off);

                        if (!st->pump->tee && read < st->pump->kept_len) {
                                st->pump->kept_len = (size_t) read;
                                st->pump->kept_cut = true;
                        }
                        /* a pipe: what tee(2) gave the command and it read is taken out of it */
                        if (st->pump->tee && st->pump->len > (size_t) unread)
                                pump_stdin_consume(st->pump, st->pump->len - (size_t) unread);
                        else if (!st->pump->tee)
                                (void) lseek(STDIN_FILENO,
                                             -(off_t) ((size_t) unread + st->pump->len - st->pump->off), SEEK_CUR);
                }
                close_fd(&st->pump->peek);
                close_fd(&st->pump->null);
                pump_close(st->pump);
        }
}

/* ---- the report ---------------------------------------------------------------------------- */

/* sbx could not read how the command ended (st->lost_errno): its status is unknown, and neither a
 * success (wstatus is still 0) nor any verdict drawn from it is recorded */
static int report_lost(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;

        rep->state = "failed";
        rep->verdict = "runner_failure";
        rep->evidence = "structural";
        snprintf(rep->message_buf, sizeof(rep->message_buf),
                 "the command's end status could not be read (waitpid: %s): it is unknown",
                 strerror(st->lost_errno));
        rep->message = rep->message_buf;
        return rep->exit_status = sbx_fail(SBX_EXIT_INFRA, "run: %s", rep->message);
}

/* PIDFD_GET_INFO's first published layout (Linux 6.13; exit_code from 6.15), newer than the
 * headers sbx builds with */
struct sbx_pidfd_info {
        uint64_t mask, cgroupid;
        uint32_t pid, tgid, ppid, ruid, rgid, euid, egid, suid, sgid, fsuid, fsgid;
        int32_t exit_code;
};
#define SBX_PIDFD_GET_INFO _IOWR(0xFF, 11, struct sbx_pidfd_info)
#define SBX_PIDFD_INFO_EXIT (1ULL << 3)

/* Under bubblewrap, the command's own end status as the kernel kept it (the pidfd that came with
 * the launcher's mark right before the exec) into *wstatus, when it is what bubblewrap reported:
 * bubblewrap reduces a death by signal N to exit 128+N, which read as the command's own exit, and
 * a signal sbx had not passed on (a crash, the OOM killer, a kill from outside) was lost. False
 * when there is no such pidfd (Linux before 6.15, or the command did not start) or the two differ
 * (bubblewrap itself ended otherwise): then bubblewrap's report stands. */
static bool command_wstatus(const struct run_state *st, int *wstatus) {
        struct sbx_pidfd_info info = { .mask = SBX_PIDFD_INFO_EXIT };
        int code, w;

        if (st->cmd_pidfd < 0 || !launcher_executed(&st->s.inner) || !WIFEXITED(st->wstatus) ||
            ioctl(st->cmd_pidfd, SBX_PIDFD_GET_INFO, &info) < 0 || !(info.mask & SBX_PIDFD_INFO_EXIT))
                return false;
        code = WEXITSTATUS(st->wstatus);
        w = info.exit_code;
        if ((WIFSIGNALED(w) && 128 + WTERMSIG(w) == code) || (WIFEXITED(w) && WEXITSTATUS(w) == code)) {
                *wstatus = w;
                return true;
        }
        return false;
}

/* The command's end status (st->wstatus), into rep->status and the exit status. */
static void report_status(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;
        const struct sbx_confined_argv *confined = st->confined;
        int w;

        if (st->s.setup_ended_by) {
                st->wstatus = st->s.setup_ended_by; /* as if killed by it, as a run it ended in time */
                snprintf(rep->message_buf, sizeof(rep->message_buf),
                         "signal %d (%s) came while %s was still setting the sandbox up, and %d s later it still "
                         "was: it was killed, and the command did not start",
                         st->s.setup_ended_by, strsignal(st->s.setup_ended_by), confined->backend,
                         SETUP_HOLD_MS / 1000);
                rep->message = rep->message_buf;
                sbx_fail(0, "run: %s", rep->message);
        }
        if (command_wstatus(st, &w)) {
                if (WIFSIGNALED(w))
                        rep->status.signal = WTERMSIG(w);
                else
                        rep->status.exit_code = WEXITSTATUS(w);
                rep->exit_status = WEXITSTATUS(st->wstatus);
        } else if (WIFSIGNALED(st->wstatus)) {
                rep->status.signal = WTERMSIG(st->wstatus);
                rep->exit_status = 128 + rep->status.signal;
        } else {
                rep->status.exit_code = WEXITSTATUS(st->wstatus);
                rep->exit_status = rep->status.exit_code;
                /* bubblewrap reports a command killed by signal N as exit 128+N; when sbx itself
                 * forwarded N, that is what happened */
                for (size_t i = 0; confined && strcmp(confined->backend, "bwrap") == 0 &&
                                   i < SBX_ELEMENTSOF(forwarded); i++)
                        if ((st->s.forwarded_mask & (1 << i)) && rep->status.exit_code == 128 + forwarded[i]) {
                                rep->status.signal = forwarded[i];
                                rep->status.exit_code = 0;
                        }
        }
}

/* sbx's child could not set up the command's descriptors or execute exec_argv (st->exec_errno). */
static int report_exec_failed(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;
        const struct sbx_confined_argv *confined = st->confined;

        if (st->exec_errno < 0)
                snprintf(rep->message_buf, sizeof(rep->message_buf),
                         "cannot set up the command's descriptors: %s", strerror(-st->exec_errno));
        else
                snprintf(rep->message_buf, sizeof(rep->message_buf), "cannot execute %s: %s", st->exec_argv[0],
                         strerror(st->exec_errno));
        rep->message = rep->message_buf;
        rep->evidence = "structural";
        /* sbx's child could not set up the command's descriptors, or could not execute the
         * runner: a spawn error, nothing of the run's started, and the child's exit status
         * (its _exit(125) or 127) is no status of the command's: 'failed', with neither,
         * as when the pipes or the fork fail (limits review: it read 'completed', exit
         * code 125). An unconfined command that cannot be executed stays its own failure,
         * 127 or 126 as a shell's. */
        if (confined || st->exec_errno < 0) {
                rep->state = "failed";
                rep->verdict = "runner_failure";
                rep->exit_status = SBX_EXIT_INFRA;
        } else
                rep->verdict = "task_failure";
        {
                /* the name is the caller's argv: one line, inert on a terminal (review) */
                _cleanup_free_ char *shown = sbx_term_text(rep->message, strlen(rep->message));
                sbx_fail(0, "%s", shown ? shown : rep->message);
        }
        return rep->exit_status;
}

/* The classifier's verdict, or why there is none. */
static void report_classified(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;

        if (st->classifier && !st->s.classify_error) {
                struct sbx_diag diag = { 0 };
                kept_db_decide(&st->s);
                int fr = sbx_classify_finish(st->classifier, &rep->status, &rep->result, &diag);
                if (fr >= 0)
                        rep->classified = true;
                else
                        st->classifier_err = fr;
        }
        rep->verdict = rep->classified ? sbx_verdict_to_string(rep->result.verdict) : "unclassified";
        /* the classifier failed (out of memory: a `ulimit -v` just above what sbx needs): the
         * verdict says so, and the message why */
        if (!rep->classified && !rep->message && (st->classifier_err || st->s.classify_error)) {
                snprintf(rep->message_buf, sizeof(rep->message_buf), "the outcome could not be classified: %s",
                         strerror(-(st->classifier_err ? st->classifier_err : st->s.classify_error)));
                rep->message = rep->message_buf;
                sbx_fail(0, "run: %s", rep->message);
        }
        rep->evidence = rep->classified && rep->result.line_no ? "stderr" : "exit-status";
}

/* The runner ended before the command started (structural evidence): a runner failure, and why. */
static void report_not_started(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;
        const struct sbx_confined_argv *confined = st->confined;

        rep->verdict = "runner_failure";
        rep->evidence = "structural";
        if (rep->classified && rep->result.verdict != SBX_VERDICT_RUNNER_FAILURE) {
                /* the rules did not recognise it: the first stderr line is the best evidence */
                rep->result.verdict = SBX_VERDICT_RUNNER_FAILURE;
                sbx_strlcpy(rep->result.rule, "structural", sizeof(rep->result.rule));
                rep->result.signature[0] = '\0';
                sbx_strlcpy(rep->result.matched_line, st->s.first_line, sizeof(rep->result.matched_line));
                rep->result.line_no = st->s.first_line[0] ? 1 : 0;
        }
        /* the launcher's record is its error; bubblewrap's JSON says nothing about one */
        if (!rep->message) {
                const char *rec = launcher_failure(&st->s.inner);

                if (!rec && strcmp(confined->backend, "landlock") == 0)
                        rec = launcher_failure(&st->s.status);
                if (rec) {
                        runner_message(rec, rep->message_buf, sizeof(rep->message_buf));
                        rep->message = rep->message_buf;
                }
        }
        if (!rep->message && WIFSIGNALED(st->wstatus)) {
                /* under Landlock the runner is the launcher, sbx's child */
                snprintf(rep->message_buf, sizeof(rep->message_buf),
                         "%s was killed by signal %d (%s) before the command started",
                         strcmp(confined->backend, "landlock") == 0 ? "sbx-landlock" : confined->backend,
                         WTERMSIG(st->wstatus), strsignal(WTERMSIG(st->wstatus)));
                rep->message = rep->message_buf;
        } else if (!rep->message && !st->s.first_line[0] && WIFEXITED(st->wstatus)) {
                /* the notice said "... the command did not run: " and stopped there */
                int code = WEXITSTATUS(st->wstatus);
                if (code > 128 && code - 128 < NSIG)
                        snprintf(rep->message_buf, sizeof(rep->message_buf),
                                 "%s exited with status %d (128 + signal %d, %s) before the command started, "
                                 "saying nothing",
                                 confined->backend, code, code - 128, strsignal(code - 128));
                else
                        snprintf(rep->message_buf, sizeof(rep->message_buf),
                                 "%s exited with status %d before the command started, saying nothing",
                                 confined->backend, code);
                rep->message = rep->message_buf;
        }
}

/* The command ran (structural evidence), so a runner-looking line is the command's own text. */
static void report_command_text(struct sbx_run_report *rep) {
        rep->evidence = "structural";
        if (rep->result.n_denials > 0) {
                rep->result.verdict = SBX_VERDICT_DENIED;
                sbx_strlcpy(rep->result.rule, "denial", sizeof(rep->result.rule));
                sbx_strlcpy(rep->result.signature, rep->result.denial_signature,
                            sizeof(rep->result.signature));
                rep->result.line_no = rep->result.denials[0].line_no;
                sbx_strlcpy(rep->result.matched_line, rep->result.denials[0].line,
                            sizeof(rep->result.matched_line));
        } else {
                rep->result.verdict = SBX_VERDICT_TASK_FAILURE;
                rep->result.rule[0] = rep->result.signature[0] = rep->result.matched_line[0] = '\0';
                rep->result.line_no = 0;
        }
        rep->verdict = sbx_verdict_to_string(rep->result.verdict);
}

/* What the launcher inside bubblewrap reported and the supervision has not read yet (it stopped
 * waiting for a background process's stderr): its mark is the evidence that the command started.
 * Not when a signal came before the start: sbx closed the launcher's gate itself (its "wait"
 * failure is sbx's doing, the run's end the signal's). */
static void drain_inner(struct run_state *st) {
        size_t len;

        st->s.inner_expected = st->inner_r >= 0 && !st->unstarted;
        if (!st->s.inner_expected)
                return;
        do
                len = st->s.inner.len;
        while (pump_inner(&st->s.inner, st->inner_r, &st->cmd_pidfd) && st->s.inner.len > len);
}

/* What the Landlock launcher wrote on its status pipe and the supervision has not read yet (it
 * stopped waiting for a background process's stderr): its mark or record decides whether the
 * command started. Its write end is closed by then (close-on-exec, or the launcher's end). */
static void drain_status(struct run_state *st) {
        int queued;

        while (st->status_open && ioctl(st->status_r, FIONREAD, &queued) == 0 && queued > 0)
                st->status_open = pump_status(&st->s.status, st->status_r);
}

/* What the run ends as: its duration, status, verdict, evidence and message (st->rep), and sbx's exit
 * status. */
static int run_report(struct run_state *st) {
        struct sbx_run_report *rep = st->rep;
        const struct sbx_confined_argv *confined = st->confined;
        enum started started;

        rep->duration_ms = now_ms() - st->t0;
        rep->timed = true;
        if (read(st->exec_r, &st->exec_errno, sizeof(st->exec_errno)) != (ssize_t) sizeof(st->exec_errno))
                st->exec_errno = 0;
        if (st->lost_errno)
                return report_lost(st);

        report_status(st);
        if (st->exec_errno)
                return report_exec_failed(st);

        report_classified(st);
        drain_inner(st);
        drain_status(st);
        started = structural_evidence(confined ? confined->backend : NULL, &st->s, st->wstatus,
                                      WIFEXITED(st->wstatus) ? rep->status.signal : 0,
                                      WIFSIGNALED(st->wstatus) && !st->unstarted && !is_forwarded(WTERMSIG(st->wstatus))
                                              ? WTERMSIG(st->wstatus)
                                              : 0);
        if (started == STARTED_NO)
                report_not_started(st);
        else if (started == STARTED_YES && rep->classified && rep->result.verdict == SBX_VERDICT_RUNNER_FAILURE)
                report_command_text(rep);
        if (strcmp(rep->verdict, "runner_failure") == 0)
                rep->exit_status = SBX_EXIT_INFRA;
        return rep->exit_status;
}

/* A run, phase by phase: its descriptors (run_open()), the row and the runner's start
 * (run_record_first() to run_release()), the classifier, the supervision (run_supervise(),
 * run_wait(), run_collect()) and the report (run_report()); what it holds is given back by
 * run_state_done(), whichever way it returns. */
int sbx_run_execute(const struct sbx_run_args *a, const struct sbx_confined_argv *confined, char **command,
                    const struct sbx_dialect *dialect, int (*record_start)(void *userdata), void *userdata,
                    const struct sbx_run_writer *writer, struct sbx_run_report *rep) {
        _sbx_cleanup_(run_state_done) struct run_state state = {
                .a = a,
                .confined = confined,
                .command = command,
                .dialect = dialect,
                .record_start = record_start,
                .userdata = userdata,
                .writer = writer,
                .rep = rep,
                .err_r = -1,
                .err_w = -1,
                .exec_r = -1,
                .exec_w = -1,
                .status_r = -1,
                .status_w = -1,
                .inner_r = -1,
                .inner_w = -1,
                .wake_r = -1,
                .wake_w = -1,
                .gate_r = -1,
                .gate_w = -1,
                .in_r = -1,
                .lifeline_r = -1,
                .lifeline_w = -1,
                .cmd_pidfd = -1,
                .gated = confined && confined->gated,
                .inprocess = confined && confined->inprocess,
                .exec_argv = confined ? confined->argv : command,
                .s = { .stderr_ok = true, .status_mark = confined && confined->status_mark },
                .status_num = sbx_run_status_fd_number(a),
                .t0 = now_ms(),
        };
        struct run_state *st = &state;
        enum run_step step;
        void *room;

        st->record_first = !st->gated;
        st->collect_ok = st->inprocess && st->gated && writer && writer->fd >= 0;
        st->coll = (struct collect) { .fd = st->collect_ok ? writer->fd : -1, .result = 1 };

        guard_reap();

        rep->state = "completed";
        if (sbx_env_merge(confined ? confined->setenv : NULL, &st->envp) < 0)
                return sbx_fail(SBX_EXIT_INFRA, "run: out of memory");

        caller_flags_note(st);
        if (run_open(st) < 0)
                return run_start_failed(st, "cannot create pipes");
        if ((room = end_room_take()) == MAP_FAILED)
                return run_start_failed(st, "no address space left for the run's end under its limit");

        step = run_record_first(st);
        if (step == RUN_ON)
                step = run_spawn(st);
        if (step == RUN_ON)
                step = run_spawned(st);
        if (step == RUN_ON)
                step = run_release(st);
        if (step == RUN_END) {
                end_room_give(&room);
                return rep->exit_status;
        }
        /* only now, while the command starts (its stderr waits in the pipe): nothing before the
         * go-ahead should delay the command */
        if (dialect)
                run_classifier(st);
        st->s.classifier = st->classifier;

        run_supervise(st);
        run_wait(st);
        caller_flags_put_back(st);
        end_room_give(&room);
        run_collect(st);
        return run_report(st);
}

void sbx_run_report_json(const struct sbx_run_report *rep, bool cut_short, FILE *f) {
        struct sbx_json j;
        const struct sbx_classify_result *res = rep->classified ? &rep->result : NULL;

        sbx_json_begin(&j, f);
        sbx_json_str(&j, "verdict", rep->verdict);
        sbx_json_str(&j, "state", rep->state ? rep->state : "unavailable");
        sbx_json_str(&j, "backend", rep->backend);
        sbx_json_str(&j, "mode", rep->policy ? sbx_mode_to_string(rep->policy->mode) : NULL);
        sbx_json_str(&j, "mode_source", rep->policy ? sbx_mode_source_to_string(rep->policy->mode_source) : NULL);
        sbx_json_str(&j, "workspace_root", rep->policy ? rep->policy->workspace_root : NULL);
        sbx_json_str(&j, "session_id", rep->policy ? rep->policy->session_id : NULL);
        if (rep->policy && rep->policy->mode_event_id)
                sbx_json_int(&j, "mode_event_id", rep->policy->mode_event_id);
        else
                sbx_json_null(&j, "mode_event_id");
        sbx_json_str(&j, "enforcement", rep->enforcement);
        sbx_json_str(&j, "enforcement_reason", rep->enforcement_reason);
        /* only a run that ran has an exit code or a signal: a refused, unavailable or failed one
         * (its status all zeros) has null for both, as in its audit row, never 0, which reads as
         * success or as "it exited" (review) */
        bool ran = rep->state && strcmp(rep->state, "completed") == 0;
        if (ran && rep->status.signal == 0)
                sbx_json_int(&j, "exit_code", rep->status.exit_code);
        else
                sbx_json_null(&j, "exit_code");
        if (ran)
                sbx_json_int(&j, "signal", rep->status.signal);
        else
                sbx_json_null(&j, "signal");
        sbx_json_int(&j, "status", rep->exit_status);
        sbx_json_str(&j, "evidence", rep->evidence);
        sbx_json_str(&j, "rule", res && res->rule[0] ? res->rule : NULL);
        sbx_json_str(&j, "signature", res && res->signature[0] ? res->signature : NULL);
        sbx_json_int(&j, "line_no", res ? (int64_t) res->line_no : 0);
        sbx_json_str(&j, "matched_line", res && res->matched_line[0] ? res->matched_line : NULL);
        /* nothing captured (a refused or unavailable run): null, as in its audit row */
        if (res)
                sbx_json_int(&j, "stderr_bytes", (int64_t) res->stderr_bytes);
        else
                sbx_json_null(&j, "stderr_bytes");
        sbx_json_int(&j, "denial_lines", res ? (int64_t) res->denial_lines : 0);
        sbx_json_int(&j, "denials_not_kept",
                     res ? (int64_t) (res->denial_lines - (cut_short ? 0 : res->n_denials)) : 0);
        sbx_json_open_array(&j, "denials");
        for (size_t i = 0; res && !cut_short && i < res->n_denials; i++) {
                sbx_json_open_object(&j, NULL);
                sbx_json_int(&j, "line_no", (int64_t) res->denials[i].line_no);
                sbx_json_str(&j, "line", res->denials[i].line);
                sbx_json_str(&j, "path", res->denials[i].path[0] ? res->denials[i].path : NULL);
                sbx_json_close_object(&j);
        }
        sbx_json_close_array(&j);
        if (rep->execution_id)
                sbx_json_int(&j, "execution_id", rep->execution_id);
        else
                sbx_json_null(&j, "execution_id");
        if (rep->parent_id)
                sbx_json_int(&j, "parent_id", rep->parent_id);
        else
                sbx_json_null(&j, "parent_id");
        sbx_json_int(&j, "duration_ms", rep->duration_ms);
        sbx_json_str(&j, "message", rep->message);
        if (cut_short) {
                sbx_json_null(&j, "argv");
                sbx_json_bool(&j, "cut_short", true);
        } else {
                sbx_json_argv(&j, "argv", rep->argv);
        }
        if (rep->unavailable) {
                sbx_json_open_array(&j, "candidates");
                for (size_t i = 0; i < rep->unavailable->n; i++) {
                        sbx_json_open_object(&j, NULL);
                        sbx_json_str(&j, "backend", rep->unavailable->candidates[i].backend);
                        sbx_json_str(&j, "reason", rep->unavailable->candidates[i].reason);
                        sbx_json_close_object(&j);
                }
                sbx_json_close_array(&j);
        }
        sbx_json_end(&j);
}

/* Writes the notice to the terminal on stderr through a non-blocking description of sbx's own
 * (see stderr_out_open()), waiting 1 s at most for room: a terminal nobody read held sbx in
 * fputs(3) after the command had ended, SIGTERM or not, until someone read it (review). What does
 * not fit by then is dropped, as the notice only repeats what the record says. A terminal that
 * cannot be opened again (another user's) is written as before. */
static void notice_write(const char *text) {
        struct stat st;
        size_t len = strlen(text), off = 0;
        int64_t until = now_ms() + 1000;
        int fd = -1;

        if (fstat(STDERR_FILENO, &st) == 0 && stderr_terminal(&st))
                fd = stderr_reopen(&st, true);
        if (fd < 0) {
                fputs(text, stderr);
                return;
        }
        fflush(stderr);
        while (off < len) {
                ssize_t n = write(fd, text + off, len - off);
                int left;

                if (n > 0)
                        off += (size_t) n;
                else if (n < 0 && errno == EINTR)
                        continue;
                else if (n < 0 && errno == EAGAIN && (left = (int) (until - now_ms())) > 0)
                        (void) poll(&(struct pollfd) { .fd = fd, .events = POLLOUT }, 1, left);
                else
                        break;
        }
        close(fd);
}

void sbx_run_notice(const struct sbx_run_args *a, const struct sbx_run_report *rep) {
        const char *mode = rep->policy ? sbx_mode_to_string(rep->policy->mode) : "?";
        const char *line = rep->classified && rep->result.matched_line[0] ? rep->result.matched_line
                         : rep->message                                  ? rep->message
                                                                         : "";

        _cleanup_free_ char *safe = NULL, *text = NULL, *named = NULL;
        int r = -1;

        if (a->quiet || !isatty(STDERR_FILENO) || !rep->verdict)
                return;
        /* a denial no line told (an exit status read against the file its argv names, line_no 0):
         * that file before the evidence, which names none ("(no line: git stash's exit status 1,
         * ...)" alone said nothing of what was refused) */
        if (rep->classified && rep->result.verdict == SBX_VERDICT_DENIED && rep->result.line_no == 0 &&
            rep->result.n_denials > 0 && rep->result.denials[0].path[0] &&
            asprintf(&named, "%s %s", rep->result.denials[0].path, line) >= 0)
                line = named;
        /* the line is the command's (or its runner's) stderr: it must not drive the terminal */
        safe = sbx_term_text(line, strlen(line));
        /* the reset first: nor may what it left open swallow or hide the notice */
        if (strcmp(rep->verdict, "denied") == 0)
                r = asprintf(&text, SBX_TERM_RESET "sbx: denied by %s (%s): %s\n", rep->backend, mode,
                             safe ? safe : "");
        else if (strcmp(rep->verdict, "runner_failure") == 0)
                r = asprintf(&text, SBX_TERM_RESET "sbx: runner failure in %s, the command did not run: %s\n",
                             rep->backend, safe ? safe : "");
        if (r >= 0 && text)
                notice_write(text);
}
