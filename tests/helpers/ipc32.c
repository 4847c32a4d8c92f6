/* ipc32: System V IPC through the i386 syscall ABI (int $0x80) from a 64-bit process, the way a
 * 32-bit program reaches the kernel, with the direct syscalls Linux 5.1 added (393-402) rather
 * than the ipc() multiplexer. x86-64 only.
 *
 *   ipc32 shm|sem|msg KEY   make an object of KEY (IPC_CREAT, mode 0600)
 *   ipc32 rmid KEY          remove the shared memory segment of KEY (IPC_RMID)
 *   ipc32 probe             make a private segment and remove it: does this kernel run i386
 *                           syscalls at all (CONFIG_IA32_EMULATION, not ia32_emulation=0)?
 *
 * Exit status 0 when every call succeeded, 1 when one was refused (the errno on stderr), 2 on
 * usage errors. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>

#define NR32_SEMGET 393
#define NR32_SHMGET 395
#define NR32_SHMCTL 396
#define NR32_MSGGET 399

static long sys32(long nr, long a, long b, long c) {
        long r;

        __asm__ volatile("int $0x80" : "=a"(r) : "a"(nr), "b"(a), "c"(b), "d"(c) : "memory");
        return r;
}

static int check(const char *what, long r) {
        if (r < 0 && r > -4096) {
                fprintf(stderr, "ipc32: %s: %s\n", what, strerror((int) -r));
                return 1;
        }
        return 0;
}

int main(int argc, char **argv) {
        long key, r;

        if (argc == 2 && strcmp(argv[1], "probe") == 0) {
                r = sys32(NR32_SHMGET, IPC_PRIVATE, 4096, 0600);
                if (check("shmget", r))
                        return 1;
                return check("shmctl", sys32(NR32_SHMCTL, r, IPC_RMID, 0));
        }
        if (argc != 3) {
                fputs("usage: ipc32 shm|sem|msg|rmid KEY | probe\n", stderr);
                return 2;
        }
        key = strtol(argv[2], NULL, 0);
        if (strcmp(argv[1], "shm") == 0)
                return check("shmget", sys32(NR32_SHMGET, key, 4096, IPC_CREAT | 0600));
        if (strcmp(argv[1], "sem") == 0)
                return check("semget", sys32(NR32_SEMGET, key, 1, IPC_CREAT | 0600));
        if (strcmp(argv[1], "msg") == 0)
                return check("msgget", sys32(NR32_MSGGET, key, IPC_CREAT | 0600, 0));
        if (strcmp(argv[1], "rmid") == 0) {
                r = sys32(NR32_SHMGET, key, 0, 0);
                if (check("shmget", r))
                        return 1;
                return check("shmctl", sys32(NR32_SHMCTL, r, IPC_RMID, 0));
        }
        fputs("usage: ipc32 shm|sem|msg|rmid KEY | probe\n", stderr);
        return 2;
}
