/* sbx-realpath.h: canonical paths, in as few system calls as the kernel allows. Header-only, as
 * the other helpers every library shares. */
#pragma once

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sbx-macro.h"

/* Pure: appends the components of path s to out[0..*len) as text, each as "/NAME": "." and empty
 * ones dropped, ".." the last one taken off (none left: nothing, so "/.." is "/" once the caller
 * makes an empty result "/"). false when out (size bytes, a NUL to follow) cannot hold them; out
 * is not NUL-terminated. */
static inline bool sbx_path_append_components(const char *s, char *out, size_t size, size_t *len) {
        while (*s) {
                const char *e;
                size_t k;

                while (*s == '/')
                        s++;
                e = s;
                while (*e && *e != '/')
                        e++;
                k = (size_t) (e - s);
                if (k == 0 || (k == 1 && s[0] == '.')) {
                } else if (k == 2 && s[0] == '.' && s[1] == '.') {
                        while (*len > 0 && out[*len - 1] != '/')
                                (*len)--;
                        if (*len > 0)
                                (*len)--; /* the '/' before it */
                } else {
                        if (*len + 1 + k + 1 > size)
                                return false;
                        out[(*len)++] = '/';
                        memcpy(out + *len, s, k);
                        *len += k;
                }
                s = e;
        }
        return true;
}

/* Pure lexical normalization of an absolute path: collapses //, /./ and /x/.. . -EINVAL for a
 * relative path, -ENOMEM. Caller frees *ret_path. */
static inline int sbx_path_normalize(const char *path, char **ret_path) {
        _cleanup_free_ char *out = NULL;
        size_t n = 0, len;

        if (!path || path[0] != '/')
                return -EINVAL;
        len = strlen(path);
        out = malloc(len + 2);
        if (!out)
                return -ENOMEM;
        /* always room: each component written stood in path after at least one '/' */
        (void) sbx_path_append_components(path, out, len + 2, &n);
        if (n == 0)
                out[n++] = '/';
        out[n] = '\0';
        *ret_path = sbx_steal_ptr(&out);
        return 0;
}

/* realpath(path, NULL), in two system calls where no symlink lies on the way: an absolute path
 * the kernel walks without following any (openat2() RESOLVE_NO_SYMLINKS, magic links included)
 * is its own real path once normalized, each .. being the parent of what precedes it. A missing
 * name reached before any symlink is ENOENT for realpath() too (the kernel stops at the first
 * symlink with ELOOP, so ENOENT means none came before): one system call, where realpath() takes
 * a readlink() per component (the classifier asks it of every denial line's path and its
 * parents: 8 of its 12 system calls a line). Anything else (a symlink on the way, a relative
 * path, another error, a kernel without openat2()) is realpath()'s, errno included. Caller
 * frees. */
static inline char *sbx_realpath(const char *path) {
        struct open_how how = { .flags = O_PATH | O_CLOEXEC, .resolve = RESOLVE_NO_SYMLINKS };
        char *norm = NULL;
        int fd = -1;

        if (path && path[0] == '/' && (fd = (int) syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof(how))) >= 0) {
                close(fd);
                if (sbx_path_normalize(path, &norm) == 0 && strlen(norm) < PATH_MAX)
                        return norm;
                free(norm);
        } else if (fd < 0 && path && path[0] == '/' && errno == ENOENT && strlen(path) < PATH_MAX) {
                return NULL; /* errno: ENOENT */
        }
        return realpath(path, NULL);
}
