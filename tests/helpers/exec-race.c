/* exec-race: a process that has executed a file (it is this program) ends as if it never had, in
 * /proc/PID/stat: its pid held by a task whose flags still hold PF_FORKNOEXEC, for transparency.sh.
 *
 *   exec-race MIB
 *
 * A thread executes /bin/true. The kernel's de_thread() gives that thread the process's pid once
 * the other threads are gone; the flag, which its clone set, is cleared only later in the exec,
 * after the memory map's lock is taken. A process sharing this memory (CLONE_VM, not a thread, so
 * de_thread() leaves it) holds that lock for writing by turning MIB MiB of populated memory
 * read-only and back in a loop, and a forked watcher sends the process SIGKILL as soon as only
 * that thread is left in /proc/PID/task: the exec, waiting for the lock, fails, and the process
 * dies of SIGKILL with the flag set (6 runs in 10 with 512 MiB on 2 cores). Otherwise it dies of
 * SIGKILL after the exec, or /bin/true exits 0. Exit status 2 when the set-up fails. */
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static char *region;
static size_t region_size;
static pid_t self;
static char hammer_stack[1 << 16] __attribute__((aligned(64)));

/* the memory map's lock held for writing, while the process lives (at most 2000 turns) */
static int hammer(void *arg) {
        (void) arg;
        for (int i = 0; i < 1000 && kill(self, 0) == 0; i++) {
                (void) mprotect(region, region_size, PROT_READ);
                (void) mprotect(region, region_size, PROT_READ | PROT_WRITE);
        }
        return 0;
}

/* the tasks of process pid, or -1 once it is gone */
static int tasks(pid_t pid) {
        char path[64];
        struct dirent *d;
        DIR *dir;
        int n = 0;

        snprintf(path, sizeof(path), "/proc/%d/task", (int) pid);
        dir = opendir(path);
        if (!dir)
                return -1;
        while ((d = readdir(dir)))
                if (d->d_name[0] != '.')
                        n++;
        closedir(dir);
        return n;
}

static void *exec_true(void *arg) {
        char *argv[] = { (char *) "/bin/true", NULL };

        (void) arg;
        usleep(20000);
        execv(argv[0], argv);
        return NULL;
}

int main(int argc, char **argv) {
        pthread_t t;
        pid_t watcher;
        long mib;

        if (argc != 2 || (mib = strtol(argv[1], NULL, 10)) <= 0) {
                fprintf(stderr, "usage: exec-race MIB\n");
                return 2;
        }
        self = getpid();
        region_size = (size_t) mib << 20;
        region = mmap(NULL, region_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
        if (region == MAP_FAILED)
                return 2;
        if (clone(hammer, hammer_stack + sizeof(hammer_stack), CLONE_VM | SIGCHLD, NULL) < 0)
                return 2;
        watcher = fork();
        if (watcher < 0)
                return 2;
        if (watcher == 0) {
                int n;

                /* the thread is there, then it alone is */
                while ((n = tasks(self)) < 2)
                        if (n < 0)
                                _exit(0);
                while ((n = tasks(self)) != 1)
                        if (n < 0)
                                _exit(0);
                kill(self, SIGKILL);
                _exit(0);
        }
        if (pthread_create(&t, NULL, exec_true, NULL) != 0)
                return 2;
        for (;;)
                pause();
}
