/* hold-guard: runs ARGV (an `sbx run --backend bwrap`) where bubblewrap's guard is held back and
 * sbx is killed at the worst moment for it.
 *
 *   hold-guard HOLD_MS -- ARGV...
 *
 * ARGV is exec'd (its pid is this program's) under a seccomp filter whose user notifications a
 * child of this program answers:
 *   - close_range(2) with CLOSE_RANGE_UNSHARE, the first system call of sbx's guard: answered
 *     HOLD_MS milliseconds later, so the guard runs as late as a starved one would;
 *   - setsid(2) of bubblewrap's sandbox child (its command line holds --wait-fd), made just before
 *     that child forks the sandbox's init and the launcher: once sbx's go-ahead is in the gate
 *     pipe (--wait-fd) and bubblewrap has armed its parent-death signal, sbx is SIGKILLed, and the
 *     child goes on 300 ms later, its parent bubblewrap dead by then: the init arms its own
 *     parent-death signal too late for it ever to fire. Only the launcher's --lifeline-fd can
 *     still keep the command from starting.
 * Any other setsid (sbx starting its audit writer) goes on at once. The child exits once every
 * process under the filter has. Exit status: ARGV's; 125 when the filter cannot be set up. The
 * child writes "killed" (sbx killed with its go-ahead in the pipe and its guard held),
 * "killed-elsewhere" (killed, but not so: after 5 s without a go-ahead, or the guard not held) or
 * "not-killed" to stderr when it is done. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <seccomp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "notify-lib.h"
#include <linux/close_range.h>

#define EXIT_SETUP 125

static void sleep_ms(long ms) {
        struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };

        while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
                ;
}

/* The value of --wait-fd in pid's command line, or -1. */
static int wait_fd_of(pid_t pid) {
        char path[64], buf[65536];
        ssize_t n;
        int fd;

        snprintf(path, sizeof(path), "/proc/%d/cmdline", (int) pid);
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                return -1;
        n = read(fd, buf, sizeof(buf) - 1);
        close(fd);
        if (n <= 0)
                return -1;
        buf[n] = '\0';
        for (char *s = buf; s < buf + n; s += strlen(s) + 1)
                if (strcmp(s, "--wait-fd") == 0 && s + strlen(s) + 1 < buf + n)
                        return atoi(s + strlen(s) + 1);
        return -1;
}

/* Bytes waiting in pid's descriptor fd (a pipe), or -1. */
static int pending(pid_t pid, int fd) {
        char path[64];
        int p, n = -1;

        snprintf(path, sizeof(path), "/proc/%d/fd/%d", (int) pid, fd);
        p = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (p < 0)
                return -1;
        if (ioctl(p, FIONREAD, &n) < 0)
                n = -1;
        close(p);
        return n;
}

/* The child: answers the notifications until no process is left under the filter. */
static int supervise(int nfd, pid_t top, long hold_ms) {
        struct seccomp_notif *req = NULL;
        struct seccomp_notif_resp *resp = NULL;
        struct seccomp_notif held = { 0 };
        long long held_until = -1;
        bool killed = false, missed = false;

        if (seccomp_notify_alloc(&req, &resp) < 0)
                return 1;
        for (int n; (n = notify_next(nfd, req, resp, &held, &held_until)) >= 0;) {
                if (n > 0) {
                        if (req->data.nr == __NR_close_range && held_until < 0) {
                                held = *req;
                                held_until = now_ms() + hold_ms;
                                continue;
                        }
                        if (req->data.nr == __NR_setsid && !killed && !missed) {
                                int wfd = wait_fd_of((pid_t) req->pid);
                                if (wfd >= 0) {
                                        /* the go-ahead written, then sbx killed; bubblewrap, its
                                         * parent-death signal armed before its child got here,
                                         * dies with it */
                                        long long until = now_ms() + 5000;
                                        bool go;

                                        while (!(go = pending((pid_t) req->pid, wfd) >= 1) && now_ms() < until)
                                                sleep_ms(1);
                                        kill(top, SIGKILL);
                                        /* "killed" only where it was meant: the go-ahead seen in
                                         * the pipe, the guard still held (a kill after 5 s with
                                         * no go-ahead, or the guard's call not held, tests
                                         * nothing) */
                                        killed = go && held_until >= 0;
                                        missed = !killed;
                                        sleep_ms(300);
                                }
                        }
                        answer(nfd, req, resp);
                }
        }
        fprintf(stderr, "%s\n", killed ? "killed" : missed ? "killed-elsewhere" : "not-killed");
        seccomp_notify_free(req, resp);
        return 0;
}

int main(int argc, char **argv) {
        scmp_filter_ctx ctx;
        int sv[2], nfd;
        long hold_ms;
        pid_t top = getpid(), child;

        if (argc < 4 || strcmp(argv[2], "--") != 0 || (hold_ms = atol(argv[1])) <= 0) {
                fprintf(stderr, "usage: hold-guard HOLD_MS -- ARGV...\n");
                return EXIT_SETUP;
        }
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
                return EXIT_SETUP;
        /* the supervising child first: it must not be under the filter (it would never see the
         * last process under it go, being one) */
        child = fork();
        if (child < 0)
                return EXIT_SETUP;
        if (child == 0) {
                close(sv[0]);
                nfd = recv_fd(sv[1]);
                if (nfd < 0)
                        _exit(EXIT_SETUP);
                _exit(supervise(nfd, top, hold_ms));
        }
        close(sv[1]);
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || !(ctx = seccomp_init(SCMP_ACT_ALLOW)) ||
            seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(close_range), 1,
                             SCMP_A2(SCMP_CMP_MASKED_EQ, CLOSE_RANGE_UNSHARE, CLOSE_RANGE_UNSHARE)) < 0 ||
            seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(setsid), 0) < 0 || seccomp_load(ctx) < 0 ||
            (nfd = seccomp_notify_fd(ctx)) < 0 || send_fd(sv[0], nfd) < 0) {
                fprintf(stderr, "hold-guard: cannot set the seccomp filter up: %s\n", strerror(errno));
                return EXIT_SETUP;
        }
        close(nfd);
        close(sv[0]);
        execvp(argv[3], argv + 3);
        fprintf(stderr, "hold-guard: cannot execute %s: %s\n", argv[3], strerror(errno));
        return EXIT_SETUP;
}
