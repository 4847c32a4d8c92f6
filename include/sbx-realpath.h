/* sbx-realpath.h: canonical paths, in as few system calls as the kernel allows. Header-only, as
 * the other helpers every library shares. */
#pragma once

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sbx-macro.h"

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
        for (const char *p = path; *p;) {
                const char *seg;
                size_t sl;

                while (*p == '/')
                        p++;
                seg = p;
                while (*p && *p != '/')
                        p++;
                sl = (size_t) (p - seg);
                if (sl == 0 || (sl == 1 && seg[0] == '.'))
                        continue;
                if (sl == 2 && seg[0] == '.' && seg[1] == '.') {
                        while (n > 0 && out[n - 1] != '/')
                                n--;
                        if (n > 0)
                                n--; /* drop the slash; "/.." stays "/" */
                        continue;
                }
                out[n++] = '/';
                memcpy(out + n, seg, sl);
                n += sl;
        }
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
