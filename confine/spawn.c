/* Child environments and the small spawn used by the functional probes. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "confine-internal.h"
#include "sbx-macro.h"

extern char **environ;

static bool same_name(const char *a, const char *b) {
        size_t la = strcspn(a, "="), lb = strcspn(b, "=");
        return la == lb && memcmp(a, b, la) == 0;
}

int sbx_env_merge(char *const *setenv, char ***ret_envp) {
        size_t n = sbx_strv_length(environ), m = sbx_strv_length(setenv), k = 0;
        char **v = calloc(n + m + 1, sizeof(char *));

        if (!v)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++) {
                bool overridden = false;
                for (size_t j = 0; j < m && !overridden; j++)
                        overridden = same_name(environ[i], setenv[j]);
                if (!overridden)
                        v[k++] = environ[i];
        }
        for (size_t j = 0; j < m; j++)
                if (strchr(setenv[j], '=')) /* a bare NAME only removes NAME */
                        v[k++] = setenv[j];
        v[k] = NULL;
        *ret_envp = v; /* the strings stay borrowed: free only the vector */
        return 0;
}

int sbx_env_without_loader_variables(char ***ret_envp) {
        size_t n = sbx_strv_length(environ), k = 0;
        char **v = calloc(n + 1, sizeof(char *));

        if (!v)
                return -ENOMEM;
        for (size_t i = 0; i < n; i++)
                if (!sbx_env_loader_variable(environ[i]))
                        v[k++] = environ[i];
        v[k] = NULL;
        *ret_envp = v; /* borrowed strings, as for sbx_env_merge() */
        return 0;
}

static int64_t now_ms(void) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A descriptor that becomes readable when child `pid` ends (it is not reaped by that), or -1
 * where the kernel has no pidfd_open() (before 5.3): the caller then looks every POLL_SLICE_MS. */
#define POLL_SLICE_MS 20
static int child_end_fd(pid_t pid) {
#ifdef SYS_pidfd_open
        return (int) syscall(SYS_pidfd_open, pid, 0);
#else
        (void) pid;
        return -1;
#endif
}

static bool child_ended(pid_t pid) {
        siginfo_t si = { 0 };

        return waitid(P_PID, (id_t) pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid;
}

/* Starts the runner: stdin and stdout on /dev/null, stderr on err_w, nothing else of the
 * caller's, leader of a process group of its own, handlers reset (and SIGXFSZ with
 * child_xfsz_default), its signal mask child_mask (NULL: the caller's), and with die_with_parent a parent-death signal (SIGKILL) before it executes.
 * vfork: only system calls in the child, which reports its errno through *ret_errno. Returns the
 * pid, or -1 (errno). */
static __attribute__((noinline)) pid_t spawn_runner(char *const *argv, char *const *envp, int err_w,
                                                    const struct sbx_spawn_options *o, volatile int *ret_errno) {
        sigset_t all, old;
        pid_t pid, parent = getpid();

        *ret_errno = 0;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, &old);
        pid = vfork();
        if (pid == 0) {
                struct sigaction dfl = { .sa_handler = SIG_DFL }, cur;
                int e = err_w > 2 ? err_w : fcntl(err_w, F_DUPFD_CLOEXEC, 3);

                for (int sig = 1; sig < NSIG; sig++)
                        if (sigaction(sig, NULL, &cur) == 0 && cur.sa_handler != SIG_IGN && cur.sa_handler != SIG_DFL)
                                (void) sigaction(sig, &dfl, NULL);
                if (o->child_xfsz_default)
                        (void) sigaction(SIGXFSZ, &dfl, NULL);
                if (setpgid(0, 0) < 0 || (o->die_with_parent && prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0) ||
                    e < 0)
                        *ret_errno = errno;
                else if (o->die_with_parent && getppid() != parent)
                        *ret_errno = ECHILD; /* the caller is gone already: nothing to run for */
                /* each of 0 and 1 closed first: /dev/null takes its number under the tightest
                 * descriptor limit (the probe runs under `ulimit -n 5`) */
                else if (dup2(e, STDERR_FILENO) < 0 || close(STDIN_FILENO) < 0 ||
                         open("/dev/null", O_RDONLY | O_NOCTTY) != STDIN_FILENO || close(STDOUT_FILENO) < 0 ||
                         open("/dev/null", O_WRONLY | O_NOCTTY) != STDOUT_FILENO || close_range(3, ~0U, 0) < 0)
                        *ret_errno = errno ? errno : EBADF;
                else {
                        sigprocmask(SIG_SETMASK, o->child_mask ? o->child_mask : &old, NULL);
                        execve(argv[0], argv, envp);
                        *ret_errno = errno;
                }
                _exit(127);
        }
        sigprocmask(SIG_SETMASK, &old, NULL);
        return pid;
}

/* The runner starts as the leader of a process group of its own, and whatever of that group is
 * left once it ended, or at the deadline, is killed: bubblewrap that fails after it made its
 * sandbox's init (out of descriptors: "open /proc/PID/ns/ns failed") exits and leaves that init
 * waiting for its go-ahead for ever, in the runner's group, holding the stderr pipe. The probe
 * then waited its whole timeout for the pipe's end, and the init was left running (found: 28 on
 * this machine after the test suites). The runner is not reaped before its group is killed, so
 * the group's id cannot name anyone else's (sbx_spawn_capture() sees to it that the kernel does
 * not reap it either). */
static int spawn_capture(char *const *argv, char *const *setenv, const struct sbx_spawn_options *o, int *ret_wstatus,
                         char *err_buf, size_t err_size) {
        _cleanup_free_ char **envp = NULL;
        _cleanup_close_ int end_fd = -1;
        volatile int child_errno = 0;
        int pipefd[2], status = 0, r;
        bool ended = false, killed = false, aborted = false;
        size_t used = 0;
        int64_t deadline;
        pid_t pid;

        if ((r = sbx_env_merge(setenv, &envp)) < 0)
                return r;
        if (pipe2(pipefd, O_CLOEXEC) < 0)
                return -errno;
        pid = spawn_runner(argv, envp, pipefd[1], o, &child_errno);
        close(pipefd[1]);
        r = pid < 0 ? errno : child_errno;
        if (pid > 0 && r != 0)
                while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                        ;
        if (r != 0) {
                close(pipefd[0]);
                return -r;
        }
        end_fd = child_end_fd(pid);
        if (err_size)
                err_buf[0] = '\0';
        deadline = now_ms() + o->timeout_ms;
        while (pipefd[0] >= 0 || !ended) {
                struct pollfd p[3];
                nfds_t n = 0;
                int64_t left = deadline - now_ms();
                char buf[4096];
                ssize_t got;

                if (!ended && end_fd < 0 && child_ended(pid))
                        ended = true;
                if (ended && !killed) {
                        /* the runner is gone: what is left of its group has nobody to wait for */
                        (void) kill(-pid, SIGKILL);
                        killed = true;
                        continue;
                }
                if (left <= 0) {
                        (void) kill(-pid, SIGKILL);
                        break;
                }
                if (pipefd[0] >= 0)
                        p[n++] = (struct pollfd) { .fd = pipefd[0], .events = POLLIN };
                if (!ended && end_fd >= 0)
                        p[n++] = (struct pollfd) { .fd = end_fd, .events = POLLIN };
                if (o->abort_fd >= 0)
                        p[n++] = (struct pollfd) { .fd = o->abort_fd, .events = POLLIN };
                r = poll(p, n, end_fd >= 0 || ended ? (int) left : (int) (left < POLL_SLICE_MS ? left : POLL_SLICE_MS));
                if (r <= 0)
                        continue;
                for (nfds_t i = 0; i < n; i++) {
                        if (!p[i].revents)
                                continue;
                        if (p[i].fd == end_fd) {
                                ended = true;
                                continue;
                        }
                        if (p[i].fd == o->abort_fd) {
                                aborted = true;
                                break;
                        }
                        got = read(pipefd[0], buf, sizeof(buf));
                        if (got < 0 && (errno == EINTR || errno == EAGAIN))
                                continue;
                        if (got <= 0) {
                                close(pipefd[0]);
                                pipefd[0] = -1;
                                continue;
                        }
                        if (err_size > 1 && used < err_size - 1) {
                                size_t c = (size_t) got < err_size - 1 - used ? (size_t) got : err_size - 1 - used;
                                memcpy(err_buf + used, buf, c);
                                used += c;
                                err_buf[used] = '\0';
                        }
                }
                if (aborted) {
                        (void) kill(-pid, SIGKILL);
                        break;
                }
        }
        if (pipefd[0] >= 0)
                close(pipefd[0]);
        while (waitpid(pid, &status, 0) < 0)
                if (errno != EINTR)
                        return -errno;
        *ret_wstatus = status;
        return aborted ? -EINTR : 0;
}

/* spawn_capture() with SIGCHLD at its default while it runs: a caller that ignores it (SIG_IGN or
 * SA_NOCLDWAIT, inherited across exec: a daemon, a job runner) had the kernel reap the runner as
 * it ended, so that its exit status was lost (ECHILD: every backend read unusable, `sbx run`
 * refused to run) and its group was killed once its id was free again, maybe another group's
 * (review). The caller's disposition is restored; a handler of its own that lets its children
 * be waited for is left in place. */
int sbx_spawn_capture(char *const *argv, char *const *setenv, const struct sbx_spawn_options *o, int *ret_wstatus,
                      char *err_buf, size_t err_size) {
        struct sigaction dfl = { .sa_handler = SIG_DFL }, old;
        bool reset = sigaction(SIGCHLD, NULL, &old) == 0 &&
                     (old.sa_handler == SIG_IGN || (old.sa_flags & SA_NOCLDWAIT));
        int r;

        if (reset && sigaction(SIGCHLD, &dfl, NULL) < 0)
                return -errno;
        r = spawn_capture(argv, setenv, o, ret_wstatus, err_buf, err_size);
        if (reset)
                (void) sigaction(SIGCHLD, &old, NULL);
        return r;
}
