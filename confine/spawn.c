/* Child environments and the small spawn used by the functional probes. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
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

/* The runner starts as the leader of a process group of its own, and whatever of that group is
 * left once it ended, or at the deadline, is killed: bubblewrap that fails after it made its
 * sandbox's init (out of descriptors: "open /proc/PID/ns/ns failed") exits and leaves that init
 * waiting for its go-ahead for ever, in the runner's group, holding the stderr pipe. The probe
 * then waited its whole timeout for the pipe's end, and the init was left running (found: 28 on
 * this machine after the test suites). The runner is not reaped before its group is killed, so
 * the group's id cannot name anyone else's. */
int sbx_spawn_capture(char *const *argv, char *const *setenv, int timeout_ms, int abort_fd, int *ret_wstatus,
                      char *err_buf, size_t err_size) {
        _cleanup_free_ char **envp = NULL;
        _cleanup_close_ int end_fd = -1;
        posix_spawn_file_actions_t fa;
        posix_spawnattr_t attr;
        int pipefd[2], status = 0, r;
        bool ended = false, killed = false, aborted = false;
        size_t used = 0;
        int64_t deadline;
        pid_t pid;

        if ((r = sbx_env_merge(setenv, &envp)) < 0)
                return r;
        if (pipe2(pipefd, O_CLOEXEC) < 0)
                return -errno;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
        /* nothing else of the caller's reaches the runner, nor through it the sandbox */
        posix_spawn_file_actions_addclosefrom_np(&fa, 3);
        posix_spawnattr_init(&attr);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
        posix_spawnattr_setpgroup(&attr, 0);
        r = posix_spawn(&pid, argv[0], &fa, &attr, argv, envp);
        posix_spawnattr_destroy(&attr);
        posix_spawn_file_actions_destroy(&fa);
        close(pipefd[1]);
        if (r != 0) {
                close(pipefd[0]);
                return -r;
        }
        end_fd = child_end_fd(pid);
        if (err_size)
                err_buf[0] = '\0';
        deadline = now_ms() + timeout_ms;
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
                if (abort_fd >= 0)
                        p[n++] = (struct pollfd) { .fd = abort_fd, .events = POLLIN };
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
                        if (p[i].fd == abort_fd) {
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
