/* Canonical paths (sbx-realpath.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sbx-macro.h"
#include "sbx-realpath.h"

int sbx_path_normalize(const char *path, char **ret_path) {
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

char *sbx_realpath(const char *path) {
        struct open_how how = { .flags = O_PATH | O_CLOEXEC, .resolve = RESOLVE_NO_SYMLINKS };
        char *norm = NULL;
        int fd;

        if (path && path[0] == '/' && (fd = (int) syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof(how))) >= 0) {
                close(fd);
                if (sbx_path_normalize(path, &norm) == 0 && strlen(norm) < PATH_MAX)
                        return norm;
                free(norm);
        }
        return realpath(path, NULL);
}
