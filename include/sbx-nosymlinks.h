/* sbx-nosymlinks.h: opening a path without following any symlink on the way, for every part of
 * sbx that pins a canonical path it resolved before (header-only, as the other helpers every
 * library shares). System calls and the caller's stack only: usable in a vfork() child. */
#pragma once

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>

/* path opened with flags (O_PATH among them, O_CLOEXEC added) where no component is a symlink,
 * magic links included: ELOOP at one, as openat2() with RESOLVE_NO_SYMLINKS says; a final symlink
 * opened as itself under O_PATH | O_NOFOLLOW. Where openat2() fails with ENOSYS (a kernel before
 * 5.6, or a seccomp filter older than it, as a container runtime's), the path is walked one
 * component at a time, each opened beneath the one before with O_NOFOLLOW: open(2) would follow
 * a symlink swapped in since the path was resolved, and the grant or the identity taken would be
 * that of whatever it leads to (review 55: a Landlock rule on a host directory, the run recording
 * its workspace). -1 with errno on failure. */
static inline int sbx_open_no_symlinks(const char *path, int flags) {
        struct open_how how = {
                .flags = (uint64_t) (flags | O_CLOEXEC),
                .resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
        };
        char buf[PATH_MAX];
        char *p, *next;
        struct stat st;
        int dfd, fd;
        size_t len;

        fd = (int) syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof(how));
        if (fd >= 0 || errno != ENOSYS)
                return fd;
        len = strlen(path);
        if (len >= sizeof(buf)) {
                errno = ENAMETOOLONG;
                return -1;
        }
        memcpy(buf, path, len + 1);
        while (len > 1 && buf[len - 1] == '/')
                buf[--len] = '\0';
        if (buf[0] == '/') {
                dfd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
                if (dfd < 0)
                        return -1;
                for (p = buf; *p == '/'; p++)
                        ;
                if (*p == '\0') {
                        close(dfd);
                        return open("/", flags | O_CLOEXEC);
                }
        } else {
                dfd = AT_FDCWD;
                p = buf;
        }
        for (;;) {
                int e;

                next = strchr(p, '/');
                if (next) {
                        *next++ = '\0';
                        while (*next == '/')
                                next++;
                }
                if (next && *next) {
                        /* a directory on the way: never a symlink */
                        fd = openat(dfd, p, O_PATH | O_NOFOLLOW | O_CLOEXEC);
                        if (fd >= 0 && fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) {
                                close(fd);
                                fd = -1;
                                errno = S_ISLNK(st.st_mode) ? ELOOP : ENOTDIR;
                        }
                } else {
                        /* the last: a symlink only as itself (O_PATH | O_NOFOLLOW) */
                        fd = openat(dfd, p, flags | O_NOFOLLOW | O_CLOEXEC);
                        if (fd >= 0 && !(flags & O_NOFOLLOW) && fstat(fd, &st) == 0 && S_ISLNK(st.st_mode)) {
                                close(fd);
                                fd = -1;
                                errno = ELOOP;
                        } else if (fd < 0 && errno == ENOTDIR && fstatat(dfd, p, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
                                   S_ISLNK(st.st_mode))
                                errno = ELOOP;
                        next = NULL;
                }
                e = errno;
                if (dfd >= 0)
                        close(dfd);
                errno = e;
                if (fd < 0 || !next)
                        return fd;
                dfd = fd;
                p = next;
        }
}
