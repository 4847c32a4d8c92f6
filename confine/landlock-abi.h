/* landlock-abi.h: the Landlock ABI as sbx uses it, shared by the launcher (tools/sbx-landlock.c)
 * and the landlock backend (confine/backend-landlock.c).
 *
 * Debian 12's kernel headers (6.1) stop at LANDLOCK_ACCESS_FS_REFER, so every newer constant is
 * defined here when the system header lacks it, and the syscalls are called through syscall(2).
 * What each ABI governs, and so what `partial` means, is README-landlock.md. */
#pragma once

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/landlock.h>

#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#endif
#ifndef __NR_landlock_add_rule
#define __NR_landlock_add_rule 445
#endif
#ifndef __NR_landlock_restrict_self
#define __NR_landlock_restrict_self 446
#endif

#ifndef LANDLOCK_CREATE_RULESET_VERSION
#define LANDLOCK_CREATE_RULESET_VERSION (1U << 0)
#endif

/* ABI 1 */
#define SBX_LL_FS_EXECUTE (1ULL << 0)
#define SBX_LL_FS_WRITE_FILE (1ULL << 1)
#define SBX_LL_FS_READ_FILE (1ULL << 2)
#define SBX_LL_FS_READ_DIR (1ULL << 3)
#define SBX_LL_FS_REMOVE_DIR (1ULL << 4)
#define SBX_LL_FS_REMOVE_FILE (1ULL << 5)
#define SBX_LL_FS_MAKE_CHAR (1ULL << 6)
#define SBX_LL_FS_MAKE_DIR (1ULL << 7)
#define SBX_LL_FS_MAKE_REG (1ULL << 8)
#define SBX_LL_FS_MAKE_SOCK (1ULL << 9)
#define SBX_LL_FS_MAKE_FIFO (1ULL << 10)
#define SBX_LL_FS_MAKE_BLOCK (1ULL << 11)
#define SBX_LL_FS_MAKE_SYM (1ULL << 12)
/* ABI 2 */
#define SBX_LL_FS_REFER (1ULL << 13)
/* ABI 3 */
#define SBX_LL_FS_TRUNCATE (1ULL << 14)
/* ABI 5 */
#define SBX_LL_FS_IOCTL_DEV (1ULL << 15)

/* ABI 6: struct landlock_ruleset_attr.scoped. The launcher scopes signals (a command may not
 * signal a process outside its sandbox, its supervisor among them) and abstract unix sockets (nor
 * connect to one made outside it: a host service's there has no file and no permission bits;
 * bubblewrap keeps the host's network namespace, and so its abstract sockets). */
#define SBX_LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define SBX_LL_SCOPE_SIGNAL (1ULL << 1)

/* ABI 7: landlock_restrict_self() flags. */
#define SBX_LL_RESTRICT_SELF_LOG_SAME_EXEC_OFF (1U << 0)
#define SBX_LL_RESTRICT_SELF_LOG_NEW_EXEC_ON (1U << 1)
#define SBX_LL_RESTRICT_SELF_LOG_SUBDOMAINS_OFF (1U << 2)

/* The newest ABI this code knows. A newer kernel is used at this level (a ruleset only names
 * the rights sbx knows, which the kernel accepts). */
#define SBX_LL_ABI_KNOWN 7

/* The ruleset attribute as of ABI 6 (the 6.1 header has only the first field). The size passed
 * to the kernel is chosen per ABI by sbx_ll_ruleset_attr_size(). */
struct sbx_ll_ruleset_attr {
        uint64_t handled_access_fs;
        uint64_t handled_access_net; /* ABI 4 */
        uint64_t scoped;             /* ABI 6 */
};

struct sbx_ll_path_beneath_attr {
        uint64_t allowed_access;
        int32_t parent_fd;
} __attribute__((packed));

#define SBX_LL_RULE_PATH_BENEATH 1

static inline int sbx_ll_create_ruleset(const struct sbx_ll_ruleset_attr *attr, size_t size, uint32_t flags) {
        return (int) syscall(__NR_landlock_create_ruleset, attr, size, flags);
}
static inline int sbx_ll_add_rule(int ruleset_fd, int type, const void *attr, uint32_t flags) {
        return (int) syscall(__NR_landlock_add_rule, ruleset_fd, type, attr, flags);
}
static inline int sbx_ll_restrict_self(int ruleset_fd, uint32_t flags) {
        return (int) syscall(__NR_landlock_restrict_self, ruleset_fd, flags);
}

/* The running kernel's ABI (>= 1), or -errno: -ENOSYS (no Landlock in this kernel),
 * -EOPNOTSUPP (built in but disabled at boot). */
static inline int sbx_ll_abi_version(void) {
        int abi = sbx_ll_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
        if (abi < 0)
                return -errno;
        return abi;
}

/* Every file-system right ABI `abi` can govern (0 for abi < 1). */
static inline uint64_t sbx_ll_fs_rights(int abi) {
        uint64_t r;

        if (abi < 1)
                return 0;
        r = (SBX_LL_FS_MAKE_SYM << 1) - 1; /* execute .. make_sym */
        if (abi >= 2)
                r |= SBX_LL_FS_REFER;
        if (abi >= 3)
                r |= SBX_LL_FS_TRUNCATE;
        if (abi >= 5)
                r |= SBX_LL_FS_IOCTL_DEV;
        return r;
}

/* Rights that may be granted on a non-directory. */
#define SBX_LL_FS_FILE_RIGHTS                                                                       \
        (SBX_LL_FS_EXECUTE | SBX_LL_FS_WRITE_FILE | SBX_LL_FS_READ_FILE | SBX_LL_FS_TRUNCATE |      \
         SBX_LL_FS_IOCTL_DEV)

/* Size of struct sbx_ll_ruleset_attr the kernel of ABI `abi` understands. */
static inline size_t sbx_ll_ruleset_attr_size(int abi) {
        if (abi >= 6)
                return sizeof(struct sbx_ll_ruleset_attr);
        if (abi >= 4)
                return 2 * sizeof(uint64_t);
        return sizeof(uint64_t);
}
