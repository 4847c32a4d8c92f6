/* sbx-macro.h: cleanup attributes and small helpers shared by every module. */
#pragma once

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define _sbx_cleanup_(f) __attribute__((cleanup(f)))
#define _sbx_unused_ __attribute__((unused))
#define _sbx_printf_(a, b) __attribute__((format(printf, a, b)))
#define _sbx_warn_unused_ __attribute__((warn_unused_result))

#define SBX_ELEMENTSOF(x) (sizeof(x) / sizeof((x)[0]))

static inline void sbx_freep(void *p) {
        free(*(void **) p);
}
static inline void sbx_closep(int *fd) {
        if (*fd >= 0) {
                int saved = errno;
                close(*fd);
                errno = saved;
        }
}
static inline void sbx_fclosep(FILE **f) {
        if (*f)
                fclose(*f);
}
static inline void sbx_strv_free(char **v) {
        if (!v)
                return;
        for (char **i = v; *i; i++)
                free(*i);
        free(v);
}
static inline void sbx_strv_freep(char ***v) {
        sbx_strv_free(*v);
}

#define _cleanup_free_ _sbx_cleanup_(sbx_freep)
#define _cleanup_close_ _sbx_cleanup_(sbx_closep)
#define _cleanup_fclose_ _sbx_cleanup_(sbx_fclosep)
#define _cleanup_strv_free_ _sbx_cleanup_(sbx_strv_freep)

/* Declares a cleanup function calling func(*p) when *p is not NULL. */
#define SBX_DEFINE_CLEANUP(type, func)                                                             \
        static inline _sbx_unused_ void func##p(type *p) {                                         \
                if (*p)                                                                            \
                        func(*p);                                                                  \
        }

/* Returns *pp and sets it to NULL, so a cleanup attribute no longer frees it. */
#define sbx_steal_ptr(pp)                                                                          \
        ({                                                                                         \
                __typeof__(*(pp)) _sbx_tmp = *(pp);                                                \
                *(pp) = NULL;                                                                      \
                _sbx_tmp;                                                                          \
        })

#define sbx_steal_fd(fdp)                                                                          \
        ({                                                                                         \
                int _sbx_fd = *(fdp);                                                              \
                *(fdp) = -1;                                                                       \
                _sbx_fd;                                                                           \
        })

static inline size_t sbx_strv_length(char *const *v) {
        size_t n = 0;
        if (v)
                while (v[n])
                        n++;
        return n;
}

/* Copies at most size-1 bytes and always terminates; returns the length of src. */
static inline size_t sbx_strlcpy(char *dst, const char *src, size_t size) {
        size_t n = strlen(src);
        if (size > 0) {
                size_t c = n < size - 1 ? n : size - 1;
                memcpy(dst, src, c);
                dst[c] = '\0';
        }
        return n;
}
