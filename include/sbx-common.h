/* sbx-common.h: the diagnostic carrier and the published exit statuses. */
#pragma once

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* Exit statuses of the sbx tool that other programs rely on (DESIGN.md section 3). */
enum sbx_exit {
        SBX_EXIT_OK = 0,
        SBX_EXIT_USAGE = 2,        /* sbx's own usage errors */
        SBX_EXIT_INFRA = 125,      /* the command never ran: unavailable or runner_failure */
        SBX_EXIT_SIGNAL_BASE = 128 /* a command killed by signal N gives 128+N */
};

/* Why a call failed, for the one message the tool prints. Library code fills it, never prints.
 * Every field is a plain buffer: nothing to free. */
struct sbx_diag {
        int err;            /* positive errno, or 0 */
        char step[64];      /* what was being done: "open", "canonicalize root", ... */
        char path[PATH_MAX];/* the file concerned, or "" */
        char msg[512];      /* a complete sentence naming the problem */
};

/* Puts the n bytes of s into out (size bytes, NUL included), its middle replaced by "..." when it
 * does not fit: a sentence that names a long path keeps its end, which says what went wrong. Cut
 * between UTF-8 characters. */
static inline void sbx_elide_middle(char *out, size_t size, const char *s, size_t n) {
        size_t head, tail;

        if (size == 0)
                return;
        if (n < size) {
                memcpy(out, s, n);
                out[n] = '\0';
                return;
        }
        if (size < 8) {
                out[0] = '\0';
                return;
        }
        head = (size - 4) / 3;
        tail = size - 4 - head;
        while (head > 0 && ((unsigned char) s[head] & 0xc0) == 0x80)
                head--;
        while (tail > 0 && ((unsigned char) s[n - tail] & 0xc0) == 0x80)
                tail--;
        memcpy(out, s, head);
        memcpy(out + head, "...", 3);
        memcpy(out + head + 3, s + n - tail, tail);
        out[head + 3 + tail] = '\0';
}

/* Fills diag (which may be NULL) and returns -err, so a caller can write
 * `return sbx_diag_set(diag, EINVAL, "parse", path, "bad mode '%s'", s);`. A message longer than
 * diag->msg loses its middle, not its end (a long path in it cut off the reason). */
__attribute__((format(printf, 5, 6))) static inline int
sbx_diag_set(struct sbx_diag *diag, int err, const char *step, const char *path, const char *fmt, ...) {
        if (diag) {
                va_list ap;
                int n;

                diag->err = err;
                snprintf(diag->step, sizeof(diag->step), "%s", step ? step : "");
                snprintf(diag->path, sizeof(diag->path), "%s", path ? path : "");
                va_start(ap, fmt);
                n = vsnprintf(diag->msg, sizeof(diag->msg), fmt, ap);
                va_end(ap);
                if (n >= (int) sizeof(diag->msg)) {
                        char *full = malloc((size_t) n + 1);

                        if (full) {
                                va_start(ap, fmt);
                                n = vsnprintf(full, (size_t) n + 1, fmt, ap);
                                va_end(ap);
                                if (n > 0)
                                        sbx_elide_middle(diag->msg, sizeof(diag->msg), full, (size_t) n);
                                free(full);
                        }
                }
        }
        return err > 0 ? -err : -EINVAL;
}

/* Whether s is a decimal number written as digits alone, one at least (no sign, no blank). */
static inline bool sbx_digits_only(const char *s) {
        if (!*s)
                return false;
        for (; *s; s++)
                if (*s < '0' || *s > '9')
                        return false;
        return true;
}

static inline void sbx_diag_clear(struct sbx_diag *diag) {
        if (diag)
                memset(diag, 0, sizeof(*diag));
}

/* The soft file size limit (`ulimit -f`) in bytes: UINT64_MAX when there is none, 0 when it cannot
 * be read (taken as the tightest limit). Past it a write fails with EFBIG (sbx ignores SIGXFSZ). */
static inline uint64_t sbx_file_size_limit(void) {
        struct rlimit lim;

        if (getrlimit(RLIMIT_FSIZE, &lim) < 0)
                return 0;
        return lim.rlim_cur == RLIM_INFINITY ? UINT64_MAX : (uint64_t) lim.rlim_cur;
}
