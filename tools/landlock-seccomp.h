/* landlock-seccomp.h: the seccomp filter of sbx-landlock, for what Landlock cannot govern. */
#pragma once

enum ll_mode {
        LL_MODE_READ_ONLY,
        LL_MODE_WORKSPACE_WRITE,
};

/* Installs the filter for `mode` on the calling thread (no_new_privs must already be set).
 * Both modes: ioctl TIOCSTI and TIOCLINUX fail with EPERM. read-only also: chmod, chown, utime
 * and xattr syscalls and the inode-changing ioctls fail with EACCES, io_uring with EPERM, on the
 * native and the compat syscall ABIs. Returns 0 or -errno (-EOPNOTSUPP on an architecture whose
 * syscall numbering this filter does not know). Opens no fd. */
int ll_seccomp_install(enum ll_mode mode);
