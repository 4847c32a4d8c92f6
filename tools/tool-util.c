/* Messages and number parsing shared by the verbs. The tool logs once, at the top. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sbx-tool.h"
#include "sbx-utf8.h"

int sbx_fail(int status, const char *fmt, ...) {
        va_list ap;

        fputs("sbx: ", stderr);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
        return status;
}

int sbx_fail_diag(int status, const char *what, const struct sbx_diag *diag) {
        if (diag->msg[0])
                return sbx_fail(status, "%s: %s", what, diag->msg);
        return sbx_fail(status, "%s: %s", what, strerror(diag->err ? diag->err : EINVAL));
}

int sbx_parse_int64(const char *s, int64_t min, int64_t max, int64_t *ret) {
        char *end = NULL;
        long long v;

        if (!s || !*s || (*s != '-' && (*s < '0' || *s > '9')))
                return -EINVAL;
        errno = 0;
        v = strtoll(s, &end, 10);
        if (errno == ERANGE)
                return -ERANGE;
        if (*end != '\0')
                return -EINVAL;
        if (v < min || v > max)
                return -ERANGE;
        *ret = v;
        return 0;
}

char *sbx_term_text(const char *s, size_t len) {
        const unsigned char *u = (const unsigned char *) s;
        char *out = malloc(len + 1);
        size_t o = 0;

        if (!out)
                return NULL;
        for (size_t i = 0; i < len;) {
                size_t n = sbx_utf8_valid_len(u + i, len - i);
                /* U+0080..U+009F, C1 controls: CSI (U+009B) drives terminals as ESC [ does */
                bool control = n == 0 || (n == 1 && (u[i] < 0x20 || u[i] == 0x7f)) ||
                               (n == 2 && u[i] == 0xc2 && u[i + 1] < 0xa0);
                if (control) {
                        out[o++] = '?';
                        i += n ? n : 1;
                        continue;
                }
                memcpy(out + o, s + i, n);
                o += n;
                i += n;
        }
        out[o] = '\0';
        return out;
}
