/* The seccomp part of sbx-landlock. Landlock never governs chmod, chown, utime, extended
 * attributes or ioctls on regular files; a read-only run may change no metadata at all, so there
 * a filter refuses those syscalls outright. A workspace-write run must be able to chmod inside
 * the workspace, which a filter cannot tell apart, so there only the terminal-injection ioctls
 * are refused and the backend reports the rest as ungoverned (partial).
 *
 * libseccomp builds the filter for every syscall ABI the kernel may run on this machine (native
 * plus compat: i386 and x32 on x86-64, arm on arm64, ...), so a 32-bit binary cannot sidestep it.
 * Syscalls newer than the installed libseccomp knows are refused by a second, hand-written
 * filter on their generic numbers (the same on every architecture handled here). */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/fs.h>
#include <linux/fscrypt.h>
#include <linux/fsverity.h>
#include <linux/seccomp.h>
#include <seccomp.h>

#include "landlock-seccomp.h"

#define X32_SYSCALL_BIT 0x40000000U

/* Metadata syscalls Landlock does not govern, by name; names unknown to this libseccomp or to an
 * architecture are skipped there (the generic-number filter below covers the new ones). */
static const char *const metadata_syscalls[] = {
        "chmod", "fchmod", "fchmodat", "fchmodat2",
        "chown", "lchown", "fchown", "fchownat", "chown32", "lchown32", "fchown32",
        "utime", "utimes", "futimesat", "utimensat", "utimensat_time64",
        "setxattr", "lsetxattr", "fsetxattr", "setxattrat",
        "removexattr", "lremovexattr", "fremovexattr", "removexattrat",
        "file_setattr",
};

/* io_uring can set and remove xattrs (IORING_OP_[F]SETXATTR) without any of the syscalls above. */
static const char *const io_uring_syscalls[] = { "io_uring_setup", "io_uring_enter", "io_uring_register" };

/* Generic numbers (asm-generic/unistd.h, also used by x86, arm, riscv, powerpc, s390 for every
 * syscall since 403) of metadata syscalls newer than libseccomp 2.5. */
static const uint32_t generic_new_metadata[] = {
        452, /* fchmodat2 */
        463, /* setxattrat */
        466, /* removexattrat */
        469, /* file_setattr */
};

/* ioctl commands that change an inode or its file system through an fd opened for reading. */
static const uint32_t metadata_ioctls[] = {
        (uint32_t) FS_IOC_SETFLAGS, (uint32_t) FS_IOC32_SETFLAGS,
        (uint32_t) FS_IOC_SETVERSION, (uint32_t) FS_IOC32_SETVERSION,
        (uint32_t) FS_IOC_FSSETXATTR,
        (uint32_t) FS_IOC_SET_ENCRYPTION_POLICY,
        (uint32_t) FS_IOC_ENABLE_VERITY,
};
/* Every ioctl of type 0x94 (btrfs subvolume and property changes, FS_IOC_SETFSLABEL, FICLONE...). */
#define BTRFS_IOCTL_TYPE 0x94U

static const uint32_t tty_inject_ioctls[] = { TIOCSTI, TIOCLINUX };

struct arch_info {
        uint32_t native;
        uint32_t compat[2]; /* 0-terminated */
};

static const struct arch_info arches[] = {
        { SCMP_ARCH_X86_64, { SCMP_ARCH_X86, 0 } }, /* x32 shares AUDIT_ARCH_X86_64, added below */
        { SCMP_ARCH_X86, { 0 } },
        { SCMP_ARCH_AARCH64, { SCMP_ARCH_ARM, 0 } },
        { SCMP_ARCH_ARM, { 0 } },
        { SCMP_ARCH_RISCV64, { 0 } },
        { SCMP_ARCH_PPC64LE, { 0 } },
        { SCMP_ARCH_PPC64, { SCMP_ARCH_PPC, 0 } },
        { SCMP_ARCH_S390X, { SCMP_ARCH_S390, 0 } },
};

static const struct arch_info *find_arch(uint32_t native) {
        for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++)
                if (arches[i].native == native)
                        return &arches[i];
        return NULL;
}

static int add_arches(scmp_filter_ctx ctx, const struct arch_info *a) {
        int r;

        for (size_t i = 0; i < 2 && a->compat[i]; i++) {
                r = seccomp_arch_add(ctx, a->compat[i]);
                if (r < 0 && r != -EEXIST)
                        return r;
        }
        if (a->native == SCMP_ARCH_X86_64) {
                r = seccomp_arch_add(ctx, SCMP_ARCH_X32);
                if (r < 0 && r != -EEXIST)
                        return r;
        }
        return 0;
}

static int deny_ioctl(scmp_filter_ctx ctx, uint32_t action, uint64_t mask, uint64_t value) {
        return seccomp_rule_add(ctx, action, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_MASKED_EQ, mask, value));
}

static int deny_by_name(scmp_filter_ctx ctx, uint32_t action, const char *name) {
        int nr = seccomp_syscall_resolve_name(name);
        int r;

        if (nr == __NR_SCMP_ERROR)
                return 0; /* unknown to this libseccomp: see generic_new_metadata */
        r = seccomp_rule_add(ctx, action, nr, 0);
        /* a syscall that exists on none of the filter's arches */
        if (r == -EDOM || r == -EFAULT)
                return 0;
        return r;
}

static int install_libseccomp(enum ll_mode mode, const struct arch_info *a) {
        scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
        int r;

        if (!ctx)
                return -ENOMEM;
        r = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
        if (r == 0)
                r = add_arches(ctx, a);
        for (size_t i = 0; r == 0 && i < sizeof(tty_inject_ioctls) / sizeof(tty_inject_ioctls[0]); i++)
                r = deny_ioctl(ctx, SCMP_ACT_ERRNO(EPERM), 0xffffffffU, tty_inject_ioctls[i]);
        if (mode == LL_MODE_READ_ONLY) {
                for (size_t i = 0; r == 0 && i < sizeof(metadata_syscalls) / sizeof(metadata_syscalls[0]); i++)
                        r = deny_by_name(ctx, SCMP_ACT_ERRNO(EACCES), metadata_syscalls[i]);
                for (size_t i = 0; r == 0 && i < sizeof(io_uring_syscalls) / sizeof(io_uring_syscalls[0]); i++)
                        r = deny_by_name(ctx, SCMP_ACT_ERRNO(EPERM), io_uring_syscalls[i]);
                for (size_t i = 0; r == 0 && i < sizeof(metadata_ioctls) / sizeof(metadata_ioctls[0]); i++)
                        r = deny_ioctl(ctx, SCMP_ACT_ERRNO(EACCES), 0xffffffffU, metadata_ioctls[i]);
                if (r == 0)
                        r = deny_ioctl(ctx, SCMP_ACT_ERRNO(EACCES), 0xff00U, BTRFS_IOCTL_TYPE << 8);
        }
        if (r == 0)
                r = seccomp_load(ctx);
        seccomp_release(ctx);
        return r;
}

#define STMT(code, k) ((struct sock_filter) BPF_STMT((code), (k)))
#define JUMP(code, k, jt, jf) ((struct sock_filter) BPF_JUMP((code), (k), (jt), (jf)))

/* ld arch; one jeq per arch; ld nr (x32 bit cleared); one jeq per number; allow; deny. */
static int install_generic(const struct arch_info *a) {
        struct sock_filter prog[32];
        uint32_t arch_list[3];
        size_t n_arch = 0, n = 0;
        const size_t n_nr = sizeof(generic_new_metadata) / sizeof(generic_new_metadata[0]);
        struct sock_fprog fprog;

        arch_list[n_arch++] = a->native;
        for (size_t i = 0; i < 2 && a->compat[i]; i++)
                arch_list[n_arch++] = a->compat[i];

        prog[n++] = STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
        for (size_t i = 0; i < n_arch; i++)
                /* match: skip the remaining arch tests and the "allow" below them */
                prog[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch_list[i], (uint8_t) (n_arch - i), 0);
        prog[n++] = STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
        prog[n++] = STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
        prog[n++] = STMT(BPF_ALU | BPF_AND | BPF_K, ~X32_SYSCALL_BIT);
        for (size_t i = 0; i < n_nr; i++)
                /* match: jump over the remaining tests and the "allow" to "deny" */
                prog[n++] = JUMP(BPF_JMP | BPF_JEQ | BPF_K, generic_new_metadata[i], (uint8_t) (n_nr - i), 0);
        prog[n++] = STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
        prog[n++] = STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA));

        fprog.len = (unsigned short) n;
        fprog.filter = prog;
        if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog, 0, 0) < 0)
                return -errno;
        return 0;
}

int ll_seccomp_install(enum ll_mode mode) {
        const struct arch_info *a = find_arch(seccomp_arch_native());
        int r;

        if (!a)
                return -EOPNOTSUPP;
        r = install_libseccomp(mode, a);
        if (r < 0)
                return r;
        if (mode == LL_MODE_READ_ONLY)
                return install_generic(a);
        return 0;
}
