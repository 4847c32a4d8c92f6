/* The keeper of an unconfined child (a --raw recording's command, an escalation's approver): what
 * the child starts ends with it, or with its parent, however that parent ends. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sbx-tool.h"

#define LEFTOVERS_MS 5000 /* the longest it waits for them (one in D state): then left to init */

int64_t sbx_monotonic_ms(void) {
        struct timespec ts;

        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool leftover_spared(const struct sbx_leftovers *l, pid_t pid) {
        for (size_t i = 0; i < l->n_before; i++)
                if (l->before[i] == pid)
                        return true;
        return false;
}

static void note_child_before(pid_t pid, void *userdata) {
        struct sbx_leftovers *l = userdata;
        pid_t *grown = realloc(l->before, (l->n_before + 1) * sizeof(pid_t));

        if (!grown)
                return;
        l->before = grown;
        l->before[l->n_before++] = pid;
}

void sbx_leftovers_spare(struct sbx_leftovers *l) {
        (void) sbx_each_child(getpid(), note_child_before, l);
}

/* Kills and reaps (when it ended) one child that is a leftover: it is not reaped before it is
 * killed, so its pid still names it. */
static void end_leftover(pid_t pid, void *userdata) {
        struct sbx_leftovers *l = userdata;

        if (leftover_spared(l, pid))
                return;
        l->found++;
        (void) kill(pid, SIGKILL);
        (void) waitpid(pid, NULL, WNOHANG | __WALL);
}

void sbx_leftovers_end(struct sbx_leftovers *l) {
        for (int64_t deadline = sbx_monotonic_ms() + LEFTOVERS_MS;;) {
                l->found = 0;
                if (sbx_each_child(getpid(), end_leftover, l) < 0 || l->found == 0 || sbx_monotonic_ms() >= deadline)
                        break;
                usleep(1000);
        }
        (void) prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
        free(l->before);
        l->before = NULL;
        l->n_before = 0;
}

/* The keeper (sbx-tool.h): it leads a process group of its own and is its child's subreaper, so
 * each process the child leaves becomes the keeper's child once its parent ended (a daemon in a
 * session of its own too). A group of its own: a SIGKILL to its parent's group (a caller's
 * `timeout -s KILL`) ended the keeper with its parent, and what the child had started in a
 * session of its own ran on (measured: an approver's daemon). Told of its parent's death
 * (PR_SET_PDEATHSIG), it kills what is below it and ends. Every signal is blocked in it: one
 * that its child sends its own group (`trap '' TERM; kill 0`, `kill -USR1 0`) killed the keeper,
 * and the keeper's status said the child died by it (review). */
_Noreturn void sbx_keeper_run(pid_t parent, bool end_left, void (*start)(pid_t keeper, void *userdata),
                              void *userdata) {
        struct sbx_leftovers l = { 0 };
        struct rlimit no_core = { 0, 0 };
        struct sigaction dfl = { .sa_handler = SIG_DFL }, cur;
        sigset_t set, all, old;
        pid_t self = getpid(), pid;
        int wstatus, sig;

        /* the parent's handlers are neither the keeper's nor its child's (none may run in the
         * child before its exec); nor a SIGCHLD ignored, with which the kernel reaps alone */
        for (sig = 1; sig < NSIG; sig++)
                if (sigaction(sig, NULL, &cur) == 0 && cur.sa_handler != SIG_DFL &&
                    (cur.sa_handler != SIG_IGN || sig == SIGCHLD))
                        (void) sigaction(sig, &dfl, NULL);
        sigemptyset(&set);
        sigaddset(&set, SIGCHLD);
        sigaddset(&set, SIGUSR2);
        /* every signal blocked before the fork, not after it: a child quick to signal its group
         * (the keeper held 0.5 s on its return from fork) killed the keeper in between (review) */
        sigfillset(&all);
        /* not dumpable: a process of the child's (its uid's) could ptrace the keeper and hold it
         * stopped, deaf to its parent's death, and it ran on after sbx ended (review: a helper of
         * an approver's, PTRACE_SEIZE and PTRACE_INTERRUPT of $PPID, as nobody). Only a tracer
         * with CAP_SYS_PTRACE may still. The child is dumpable again from its exec. */
        (void) prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
        if (setpgid(0, 0) < 0 || sigprocmask(SIG_BLOCK, &all, &old) < 0 ||
            prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) < 0 || prctl(PR_SET_PDEATHSIG, SIGUSR2, 0, 0, 0) < 0 ||
            getppid() != parent)
                _exit(126);
        pid = fork();
        if (pid < 0)
                _exit(126);
        if (pid == 0) {
                (void) sigprocmask(SIG_SETMASK, &old, NULL);
                start(self, userdata);
                _exit(127);
        }
        /* nothing of its parent's: not the caller's standard output or error, which a caller
         * reading them to their end would wait on while the keeper ends what is left */
        (void) close_range(0, ~0U, 0);
        for (;;) {
                pid_t w;

                sig = sigwaitinfo(&set, NULL);
                if (sig == SIGUSR2 && getppid() != parent) {
                        sbx_leftovers_end(&l);
                        _exit(126);
                }
                while ((w = waitpid(-1, &wstatus, WNOHANG | __WALL)) > 0)
                        if (w == pid)
                                goto ended;
        }
ended:
        /* the parent died as the child ended (SIGUSR2 not taken yet: a stopped group woken by the
         * parent's death, its child killed by the SIGHUP an orphaned group gets, was reaped
         * first, and what the child had started ran on) */
        if (getppid() != parent || end_left) {
                sbx_leftovers_end(&l);
                if (getppid() != parent)
                        _exit(126);
        }
        if (WIFEXITED(wstatus))
                _exit(WEXITSTATUS(wstatus));
        /* a death by a signal, as the child died (no core of the keeper's) */
        sig = WTERMSIG(wstatus);
        (void) setrlimit(RLIMIT_CORE, &no_core);
        (void) signal(sig, SIG_DFL);
        sigemptyset(&set);
        sigaddset(&set, sig);
        (void) sigprocmask(SIG_UNBLOCK, &set, NULL);
        (void) raise(sig);
        _exit(128 + sig);
}
