/* uring-open: makes a file through io_uring's openat (IORING_OP_OPENAT), which no seccomp filter
 * sees: the syscall is io_uring_enter, the open runs in the kernel.
 *
 *   uring-open PATH MODE     (MODE in octal; O_CREAT | O_WRONLY, the umask applies)
 *
 * Exit status 0 when the file was made, 1 when io_uring or the open was refused (the error on
 * stderr), 2 on usage errors. */
#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv) {
        struct io_uring_params p;
        struct io_uring_sqe *sqes, *e;
        struct io_uring_cqe *cqes;
        unsigned *tail, *mask, *array, *head, *cmask, idx;
        char *sq, *cq;
        int fd;

        if (argc != 3) {
                fputs("usage: uring-open PATH MODE\n", stderr);
                return 2;
        }
        memset(&p, 0, sizeof(p));
        fd = (int) syscall(__NR_io_uring_setup, 4, &p);
        if (fd < 0) {
                fprintf(stderr, "uring-open: io_uring_setup: %s\n", strerror(errno));
                return 1;
        }
        sq = mmap(NULL, p.sq_off.array + p.sq_entries * sizeof(unsigned), PROT_READ | PROT_WRITE, MAP_SHARED,
                  fd, IORING_OFF_SQ_RING);
        cq = mmap(NULL, p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe), PROT_READ | PROT_WRITE,
                  MAP_SHARED, fd, IORING_OFF_CQ_RING);
        sqes = mmap(NULL, p.sq_entries * sizeof(struct io_uring_sqe), PROT_READ | PROT_WRITE, MAP_SHARED, fd,
                    IORING_OFF_SQES);
        if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED) {
                fprintf(stderr, "uring-open: mmap: %s\n", strerror(errno));
                return 1;
        }
        tail = (unsigned *) (sq + p.sq_off.tail);
        mask = (unsigned *) (sq + p.sq_off.ring_mask);
        array = (unsigned *) (sq + p.sq_off.array);
        idx = *tail & *mask;
        e = &sqes[idx];
        memset(e, 0, sizeof(*e));
        e->opcode = IORING_OP_OPENAT;
        e->fd = AT_FDCWD;
        e->addr = (unsigned long) argv[1];
        e->len = (unsigned) strtoul(argv[2], NULL, 8);
        e->open_flags = O_CREAT | O_WRONLY | O_CLOEXEC;
        array[idx] = idx;
        __atomic_store_n(tail, *tail + 1, __ATOMIC_RELEASE);
        if (syscall(__NR_io_uring_enter, fd, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0) < 0) {
                fprintf(stderr, "uring-open: io_uring_enter: %s\n", strerror(errno));
                return 1;
        }
        head = (unsigned *) (cq + p.cq_off.head);
        cmask = (unsigned *) (cq + p.cq_off.ring_mask);
        cqes = (struct io_uring_cqe *) (cq + p.cq_off.cqes);
        if (cqes[*head & *cmask].res < 0) {
                fprintf(stderr, "uring-open: openat: %s\n", strerror(-cqes[*head & *cmask].res));
                return 1;
        }
        return 0;
}
