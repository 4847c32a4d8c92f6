/* landlock-seccomp.h: the seccomp filter of sbx-landlock, for what Landlock cannot govern. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/filter.h>

enum ll_mode {
        LL_MODE_READ_ONLY,
        LL_MODE_WORKSPACE_WRITE,
        LL_MODE_SETID_ONLY, /* the set-ID guard, the keyrings (kernel and file system) and btrfs's
                               subvolume ioctls: bubblewrap's workspace-write, whose own namespaces
                               and read-only binds cover the rest */
        LL_MODE_SEAL_READ_ONLY, /* bubblewrap's read-only: setid-only, and every metadata change
                                   refused with EROFS (what its read-only binds do not reach: a
                                   descriptor of the caller's, the caller's terminal) */
        LL_MODE_CORE_LOCK, /* a filter of its own, stacked on one of the above where core_pattern
                              hands a crash to the host's handler: RLIMIT_CORE stays as the launcher
                              set it */
};

/* Assembles the filter for `mode` on the machine whose native libseccomp arch token is `native`
 * into out[size] (pure: no syscall). read-only and workspace-write: ioctl TIOCSTI and TIOCLINUX
 * and a virtual console's KD* and VT_* commands fail with EPERM;
 * making or removing a System V IPC object (IPC_PRIVATE, IPC_CREAT, IPC_RMID, IPC_SET; the compat
 * ipc() multiplexer whole) or a POSIX message queue (O_CREAT, mq_unlink) fails with EACCES, and
 * so do add_key, request_key and keyctl; setting another process's resource limits (prlimit64
 * with a pid and a new limit) fails with EPERM.
 * read-only also: chmod, chown, utime and xattr syscalls and the inode-changing ioctls fail with
 * EACCES, io_uring with EPERM.
 * workspace-write, setid-only and seal-read-only: a set-user-ID or set-group-ID bit, set by chmod
 * (every variant) or given to a file made by open, openat, creat or mknod, fails with EACCES;
 * openat2 with ENOSYS, io_uring with EPERM.
 * seal-read-only also: the chmod, chown, utime and xattr syscalls and the inode-changing ioctls
 * fail with EROFS (as on bubblewrap's read-only binds), chmod whatever the mode.
 * core-lock: setrlimit of RLIMIT_CORE, and prlimit64 of RLIMIT_CORE with a new limit (any pid),
 * fail with EPERM; nothing else is refused (none of the "every mode" rules below).
 * Every other mode: the ioctls that add or remove a key of a file system's encryption keyring fail with
 * EACCES (no namespace separates that keyring), and so do add_key, request_key and keyctl.
 * All on the native and every compat syscall ABI; an unknown ABI kills the process. Returns 0 and *ret_len, -EOPNOTSUPP for an architecture it does not know, -E2BIG. */
int ll_seccomp_build(enum ll_mode mode, uint32_t native, struct sock_filter *out, size_t size, size_t *ret_len);

/* The filter of `mode` generated at build time (gen-seccomp) when `native` is the build machine's
 * architecture, else NULL (assemble it with ll_seccomp_build()). */
const struct sock_filter *ll_seccomp_prebuilt(enum ll_mode mode, uint32_t native, size_t *ret_len);

/* Builds (or takes the prebuilt) and installs the filter on the calling thread (no_new_privs must already be set).
 * Returns 0 or -errno. Opens no fd. */
int ll_seccomp_install(enum ll_mode mode);

/* After ll_seccomp_install() said 0: whether a filter of sbx's is in force on the calling thread,
 * told by an ioctl every mode refuses (a file system keyring's, on fd -1: EACCES from the filter,
 * EBADF from the kernel without it). False means the install was not acted on: a seccomp filter
 * around sbx can make prctl() return 0 and do nothing. Harmless either way; opens no fd. */
bool ll_seccomp_in_force(void);
