/* Making sbx's own directories (~/.config/sbx, ~/.cache/sbx, ~/.local/state/sbx) without a race
 * against the names it checked: see sbx_mkdir_walk(). Header-only: confine/ and db/ both use it. */
#ifndef SBX_MKDIR_H
#define SBX_MKDIR_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-realpath.h"
#include "sbx-trust.h"

/* Makes each missing directory of rest (relative, '/'-separated) beneath the directory base,
 * each with exactly mode (whatever the umask), by descriptor: base is opened once, and each
 * component is made with mkdirat() in the one above and opened with O_NOFOLLOW|O_DIRECTORY,
 * never looked up again by name. A directory removed meanwhile is not made again (mkdirat() in
 * it fails: ENOENT), a symlink or a file put in the place of a component is not followed
 * (ENOTDIR, ELOOP), and a component that is neither the caller's nor root's is refused (EPERM).
 * "." and empty components are skipped, ".." is refused (EINVAL). 0 or -errno. */
static inline int sbx_mkdir_beneath(const char *base, const char *rest, mode_t mode) {
        _cleanup_close_ int dfd = open(base, O_PATH | O_DIRECTORY | O_CLOEXEC);
        const char *c = rest;

        if (dfd < 0)
                return -errno;
        while (*c) {
                char name[NAME_MAX + 1];
                size_t n = strcspn(c, "/");
                struct stat st;
                int fd;

                if (n == 0 || (n == 1 && c[0] == '.')) {
                        c += n + (c[n] == '/');
                        continue;
                }
                if (n > NAME_MAX)
                        return -ENAMETOOLONG;
                if (n == 2 && c[0] == '.' && c[1] == '.')
                        return -EINVAL;
                memcpy(name, c, n);
                name[n] = '\0';
                fd = openat(dfd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (fd < 0 && errno == ENOENT) {
                        mode_t old = umask(0);
                        int r = mkdirat(dfd, name, mode), e = errno;

                        umask(old);
                        if (r < 0 && e != EEXIST)
                                return -e;
                        fd = openat(dfd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                }
                if (fd < 0)
                        return -errno;
                close(dfd);
                dfd = fd;
                if (fstat(dfd, &st) < 0)
                        return -errno;
                if (st.st_uid != sbx_euid() && st.st_uid != 0)
                        return -EPERM;
                c += n + (c[n] == '/');
        }
        return 0;
}

/* mkdir -p of the absolute directory dir, each directory made with exactly mode, race-free
 * (sbx_mkdir_beneath()) from the nearest directory above dir that exists; with own_dir (one of
 * sbx's own directories: ~/.config/sbx, ~/.cache/sbx, ~/.local/state/sbx) beneath the user's
 * home (sbx_home_dir()) from the home itself, which sbx never makes: a home removed after the
 * caller found it (sbx_home_exists()) is not made again, nor anything beneath it (-ENOENT). A
 * path the caller named (--db) is made as it is, its home too. The caller has checked, by name,
 * that it may make dir there (sbx_may_make_dir(), db.c's check_where_made()). 0 or -errno. */
static inline int sbx_mkdir_walk(const char *dir, mode_t mode, bool own_dir) {
        _cleanup_free_ char *ndir = NULL, *nhome = NULL, *base = NULL;
        char buf[PATH_MAX];
        const char *home = sbx_home_dir(buf, sizeof(buf));
        size_t at;
        struct stat st;

        if (!dir || dir[0] != '/')
                return -EINVAL;
        if (sbx_path_normalize(dir, &ndir) < 0)
                return -ENOMEM;
        if (own_dir && home && *home && sbx_path_normalize(home, &nhome) == 0 && strcmp(nhome, "/") != 0 &&
            strncmp(ndir, nhome, strlen(nhome)) == 0 && (ndir[strlen(nhome)] == '/' || !ndir[strlen(nhome)]))
                return sbx_mkdir_beneath(nhome, ndir + strlen(nhome), mode);
        /* the nearest directory above dir that exists (dir itself, when it does) */
        if (!(base = strdup(ndir)))
                return -ENOMEM;
        at = strlen(base);
        while (stat(base, &st) < 0) {
                char *slash;

                if (errno != ENOENT || !(slash = strrchr(base, '/')))
                        return -errno;
                slash[slash == base ? 1 : 0] = '\0';
                at = strlen(base);
        }
        if (!S_ISDIR(st.st_mode))
                return -ENOTDIR;
        return sbx_mkdir_beneath(base, ndir + (at == 1 ? 0 : at), mode);
}

/* Whether dir is sbx's own state directory beneath the user's home, ~/.local/state/sbx, where
 * the default database lies (its home found to exist first). */
static inline bool sbx_is_home_state_dir(const char *dir) {
        _cleanup_free_ char *ndir = NULL, *want = NULL;
        char buf[PATH_MAX];
        const char *home = sbx_home_dir(buf, sizeof(buf));

        if (!home || !*home || !dir || dir[0] != '/' || sbx_path_normalize(dir, &ndir) < 0 ||
            asprintf(&want, "%s/.local/state/sbx", home) < 0)
                return false;
        {
                _cleanup_free_ char *nwant = NULL;

                return sbx_path_normalize(want, &nwant) == 0 && strcmp(ndir, nwant) == 0;
        }
}

#endif
