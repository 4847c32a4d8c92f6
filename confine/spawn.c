/* Child environments and the small spawn used by the functional probes. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
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

int sbx_spawn_capture(char *const *argv, char *const *setenv, int timeout_ms, int *ret_wstatus,
                      char *err_buf, size_t err_size) {
        _cleanup_free_ char **envp = NULL;
        posix_spawn_file_actions_t fa;
        int pipefd[2], status = 0, r;
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
        r = posix_spawn(&pid, argv[0], &fa, NULL, argv, envp);
        posix_spawn_file_actions_destroy(&fa);
        close(pipefd[1]);
        if (r != 0) {
                close(pipefd[0]);
                return -r;
        }
        if (err_size)
                err_buf[0] = '\0';
        deadline = now_ms() + timeout_ms;
        for (;;) {
                struct pollfd p = { .fd = pipefd[0], .events = POLLIN };
                int64_t left = deadline - now_ms();
                char buf[4096];
                ssize_t n;

                if (left <= 0) {
                        kill(pid, SIGKILL);
                        break;
                }
                r = poll(&p, 1, (int) left);
                if (r < 0 && errno == EINTR)
                        continue;
                if (r <= 0)
                        continue;
                n = read(pipefd[0], buf, sizeof(buf));
                if (n < 0 && errno == EINTR)
                        continue;
                if (n <= 0)
                        break;
                if (err_size > 1 && used < err_size - 1) {
                        size_t c = (size_t) n < err_size - 1 - used ? (size_t) n : err_size - 1 - used;
                        memcpy(err_buf + used, buf, c);
                        used += c;
                        err_buf[used] = '\0';
                }
        }
        close(pipefd[0]);
        while (waitpid(pid, &status, 0) < 0)
                if (errno != EINTR)
                        return -errno;
        *ret_wstatus = status;
        return 0;
}
