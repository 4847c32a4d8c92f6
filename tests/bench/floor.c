/* floor: the least a supervisor that outlives its command can do, for tests/bench/run.sh: vfork,
 * exec ARGV, wait, exit with the command's status. No policy, no confinement, no record. Built
 * static-pie like sbx, so `floor true` against `true` is the ratio no supervisor goes below on
 * this machine (two execs and two exits instead of one of each).
 *
 *   floor PROGRAM [ARG...] */
#define _GNU_SOURCE
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
        int status;
        pid_t pid;

        if (argc < 2)
                return 2;
        pid = vfork();
        if (pid < 0)
                return 125;
        if (pid == 0) {
                execve(argv[1], argv + 1, environ);
                _exit(127);
        }
        if (waitpid(pid, &status, 0) < 0)
                return 125;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
