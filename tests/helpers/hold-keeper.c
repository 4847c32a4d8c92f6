/* hold-keeper: runs ARGV (an `sbx run --backend landlock` whose command leaves a process behind)
 * where the Landlock keeper is not scheduled before the command has ended, as on a loaded machine.
 *
 *   hold-keeper -- ARGV...
 *
 * ARGV is exec'd (its pid is this program's) under a seccomp filter whose user notifications a
 * child of this program answers:
 *   - rt_sigprocmask(SIG_SETMASK, ...) of a process named sbx-keeper (the keeper's first system
 *     call): held until sbx has sent the keeper its SIGUSR1 (then 200 ms more), at most 20 s (a
 *     loaded machine; a keeper sbx ends with SIGKILL instead is not held by it);
 *   - kill(2) with SIGUSR1: noted, goes on at once;
 *   - kill(-1, ...) of the keeper: noted, goes on at once.
 * Anything else goes on at once. The child exits once every process under the filter has, and
 * writes to stderr "held" or "not-held" (the keeper's first call held past sbx's signal), then
 * "swept" or "not-swept" (the keeper made its kill(-1)). Exit status: ARGV's; 125 when the filter
 * cannot be set up. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <seccomp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "notify-lib.h"

#define EXIT_SETUP 125

/* Whether pid's name is sbx-keeper. */
static bool is_keeper(pid_t pid) {
        char path[64], name[32] = { 0 };
        ssize_t n;
        int fd;

        snprintf(path, sizeof(path), "/proc/%d/comm", (int) pid);
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                return false;
        n = read(fd, name, sizeof(name) - 1);
        close(fd);
        return n > 0 && strncmp(name, "sbx-keeper\n", 11) == 0;
}

/* The child: answers the notifications until no process is left under the filter. */
static int supervise(int nfd) {
        struct seccomp_notif *req = NULL;
        struct seccomp_notif_resp *resp = NULL;
        struct seccomp_notif held = { 0 };
        long long held_until = -1;
        /* was_held: sbx's SIGUSR1 came while the keeper's first call was held */
        bool was_held = false, signalled = false, swept = false;

        if (seccomp_notify_alloc(&req, &resp) < 0)
                return 1;
        for (int n; (n = notify_next(nfd, req, resp, &held, &held_until)) >= 0;) {
                if (n > 0) {
                        if (req->data.nr == __NR_rt_sigprocmask && held_until < 0 && !signalled &&
                            is_keeper((pid_t) req->pid)) {
                                held = *req;
                                held_until = now_ms() + 20000;
                                continue;
                        }
                        if (req->data.nr == __NR_kill && (int) req->data.args[1] == SIGUSR1 && !signalled) {
                                signalled = true;
                                if (held_until >= 0) {
                                        was_held = true;
                                        held_until = now_ms() + 200;
                                }
                        }
                        if (req->data.nr == __NR_kill && (int) req->data.args[0] == -1 && is_keeper((pid_t) req->pid))
                                swept = true;
                        answer(nfd, req, resp);
                }
        }
        fprintf(stderr, "%s\n%s\n", was_held ? "held" : "not-held", swept ? "swept" : "not-swept");
        seccomp_notify_free(req, resp);
        return 0;
}

int main(int argc, char **argv) {
        scmp_filter_ctx ctx;
        int sv[2], nfd;
        pid_t child;

        if (argc < 3 || strcmp(argv[1], "--") != 0) {
                fprintf(stderr, "usage: hold-keeper -- ARGV...\n");
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
                _exit(supervise(nfd));
        }
        close(sv[1]);
        /* the arguments compared as 32-bit values (a register's upper half is not defined for an int
         * argument) */
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || !(ctx = seccomp_init(SCMP_ACT_ALLOW)) ||
            seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(rt_sigprocmask), 1,
                             SCMP_A0(SCMP_CMP_MASKED_EQ, 0xffffffffU, SIG_SETMASK)) < 0 ||
            seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(kill), 1,
                             SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffU, SIGUSR1)) < 0 ||
            seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(kill), 1,
                             SCMP_A0(SCMP_CMP_MASKED_EQ, 0xffffffffU, 0xffffffffU)) < 0 ||
            seccomp_load(ctx) < 0 || (nfd = seccomp_notify_fd(ctx)) < 0 || send_fd(sv[0], nfd) < 0) {
                fprintf(stderr, "hold-keeper: cannot set the seccomp filter up: %s\n", strerror(errno));
                return EXIT_SETUP;
        }
        close(nfd);
        close(sv[0]);
        execvp(argv[2], argv + 2);
        fprintf(stderr, "hold-keeper: cannot execute %s: %s\n", argv[2], strerror(errno));
        return EXIT_SETUP;
}
