/* test-enosys.h: the unit tests' stand-in for a kernel without one system call (openat2() before
 * 5.6, pidfd_open() before 5.3): a seccomp filter, installed in the calling process (a child of
 * the test's own), that answers it ENOSYS and lets every other call through. */
#pragma once

#include <errno.h>
#include <stddef.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>

/* 0, or -1 with errno (EOPNOTSUPP: not on x86-64, where the filter's numbers are not known; the
 * caller skips). */
static inline int test_enosys(unsigned nr) {
#if defined(__x86_64__)
        struct sock_filter f[] = {
                BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
                BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
                BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
                BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
                BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
                BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
                BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        };
        struct sock_fprog prog = { .len = (unsigned short) (sizeof(f) / sizeof(f[0])), .filter = f };

        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0)
                return -1;
        return 0;
#else
        (void) nr;
        errno = EOPNOTSUPP;
        return -1;
#endif
}
