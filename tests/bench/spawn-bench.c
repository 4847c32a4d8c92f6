/* spawn-bench: wall time of whole commands, interleaved, for tests/bench/run.sh.
 *
 *   spawn-bench N WARMUP LABEL ARGV... [--- LABEL ARGV...]...
 *
 * Runs round i = 1..WARMUP+N; in each round every command once, in order (interleaving spreads
 * machine noise evenly over the commands). Each run is posix_spawnp + waitpid, stdin and stdout
 * on /dev/null, stderr kept, and /dev/null on fd 3 too (raw bubblewrap given --json-status-fd 3
 * writes there). Prints per command: label, runs, median, p10, p90 in microseconds, failures.
 * Exit status 1 when any timed run exited non-zero. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

struct cmd {
        const char *label;
        char **argv;
        double *us;
        int failures;
};

static int cmp_double(const void *a, const void *b) {
        double x = *(const double *) a, y = *(const double *) b;
        return x < y ? -1 : x > y;
}

static double pct(const double *v, int n, double p) {
        return v[(int) (p * (n - 1) + 0.5)];
}

int main(int argc, char **argv) {
        struct cmd cmds[16];
        int n_cmds = 0, n, warmup, i, status, bad = 0;
        posix_spawn_file_actions_t fa;

        if (argc < 5) {
                fprintf(stderr, "usage: spawn-bench N WARMUP LABEL ARGV... [--- LABEL ARGV...]...\n");
                return 2;
        }
        n = atoi(argv[1]);
        warmup = atoi(argv[2]);
        for (i = 3; i < argc && n_cmds < 16;) {
                struct cmd *c = &cmds[n_cmds++];
                c->label = argv[i++];
                c->argv = &argv[i];
                while (i < argc && strcmp(argv[i], "---") != 0)
                        i++;
                if (i < argc)
                        argv[i++] = NULL;
                c->us = calloc((size_t) n, sizeof(double));
                c->failures = 0;
        }
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 3, "/dev/null", O_WRONLY, 0);
        for (int round = 0; round < warmup + n; round++)
                for (int k = 0; k < n_cmds; k++) {
                        struct timespec t0, t1;
                        pid_t pid;
                        clock_gettime(CLOCK_MONOTONIC, &t0);
                        if (posix_spawnp(&pid, cmds[k].argv[0], &fa, NULL, cmds[k].argv, environ) != 0) {
                                perror(cmds[k].argv[0]);
                                return 1;
                        }
                        while (waitpid(pid, &status, 0) < 0)
                                ;
                        clock_gettime(CLOCK_MONOTONIC, &t1);
                        if (round < warmup)
                                continue;
                        cmds[k].us[round - warmup] = (double) (t1.tv_sec - t0.tv_sec) * 1e6 + (double) (t1.tv_nsec - t0.tv_nsec) / 1e3;
                        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                                cmds[k].failures++;
                }
        for (int k = 0; k < n_cmds; k++) {
                qsort(cmds[k].us, (size_t) n, sizeof(double), cmp_double);
                printf("%s %d %.0f %.0f %.0f %d\n", cmds[k].label, n, pct(cmds[k].us, n, 0.5), pct(cmds[k].us, n, 0.1),
                       pct(cmds[k].us, n, 0.9), cmds[k].failures);
                bad |= cmds[k].failures > 0;
        }
        return bad;
}
