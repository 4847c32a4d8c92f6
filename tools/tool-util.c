/* Messages and number parsing shared by the verbs. The tool logs once, at the top. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>

#include "sbx-tool.h"

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
