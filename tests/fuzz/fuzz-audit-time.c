/* libFuzzer target: the time specs of `sbx audit --since/--until` and `sbx audit prune --before`
 * (sbx_audit_parse_time(), audit/query.c), which scripts pass on from wherever they got them.
 * Checked against a reading of the documented forms written here: a duration (digits then one
 * of s m h d w, repeated; at most 200 years) is that long before now; an ISO-8601 timestamp
 * ("2024-05-01", "2024-05-01T12:00", "2024-05-01 12:00:00.250", "Z", "+02:00", "+0200" or "+02", no
 * zone: UTC)
 * is that instant, with a calendar day that exists. Both directions: what the model reads must
 * parse to the same instant, and nothing else may parse. The input is the spec itself. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sbx-audit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* a fixed "now": 2026-01-01T00:00:00Z */
#define NOW_MS INT64_C(1767225600000)

static bool digit(char c) {
        return c >= '0' && c <= '9';
}

static bool digits(const char **p, int n, int *ret) {
        int v = 0;

        for (int i = 0; i < n; i++, (*p)++) {
                if (!digit(**p))
                        return false;
                v = v * 10 + (**p - '0');
        }
        *ret = v;
        return true;
}

/* days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil) */
static int64_t days_from_civil(int64_t y, int m, int d) {
        int64_t era, yoe, doy, doe;

        y -= m <= 2;
        era = (y >= 0 ? y : y - 399) / 400;
        yoe = y - era * 400;
        doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
}

static bool model_iso(const char *s, int64_t *ret) {
        const char *p = s;
        int y, mo, d, h = 0, mi = 0, sec = 0, ms = 0, off = 0, mdays;
        bool leap;

        if (!digits(&p, 4, &y) || *p++ != '-' || !digits(&p, 2, &mo) || *p++ != '-' || !digits(&p, 2, &d))
                return false;
        if (*p == 'T' || *p == 't' || *p == ' ') { /* RFC 3339 allows lowercase t and z */
                p++;
                if (!digits(&p, 2, &h) || *p++ != ':' || !digits(&p, 2, &mi))
                        return false;
                if (*p == ':') {
                        p++;
                        if (!digits(&p, 2, &sec))
                                return false;
                        if (*p == '.' || *p == ',') {
                                p++;
                                if (!digit(*p))
                                        return false;
                                /* milliseconds: the first three digits, the rest dropped */
                                for (int i = 0; digit(*p); p++, i++)
                                        if (i < 3)
                                                ms += (*p - '0') * (i == 0 ? 100 : i == 1 ? 10 : 1);
                        }
                }
                if (*p == 'Z' || *p == 'z')
                        p++;
                else if (*p == '+' || *p == '-') {
                        int sign = *p++ == '-' ? -1 : 1, oh, om = 0;
                        bool colon;
                        if (!digits(&p, 2, &oh))
                                return false;
                        /* hours, then minutes after an optional colon; a colon needs them */
                        colon = *p == ':';
                        p += colon;
                        if ((colon || *p) && !digits(&p, 2, &om))
                                return false;
                        if (oh > 23 || om > 59)
                                return false;
                        off = sign * (oh * 60 + om);
                }
        } else if (*p == 'Z' || *p == 'z')
                p++;
        if (*p)
                return false;
        leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        if (y < 1970 || mo < 1 || mo > 12)
                return false;
        mdays = mo == 2 ? (leap ? 29 : 28) : (mo == 4 || mo == 6 || mo == 9 || mo == 11) ? 30 : 31;
        if (d < 1 || d > mdays || h > 23 || mi > 59 || sec > 60)
                return false;
        *ret = ((days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec) - (int64_t) off * 60) * 1000 + ms;
        return *ret >= 0; /* not before 1970 once the zone is applied (1970-01-01T00:30+01:00) */
}

static bool model_duration(const char *s, int64_t *ret) {
        int64_t total = 0;

        if (!*s)
                return false;
        while (*s) {
                int64_t v = 0, unit;
                if (!digit(*s))
                        return false;
                for (; digit(*s); s++) {
                        v = v * 10 + (*s - '0');
                        if (v > INT64_C(200) * 365 * 86400) /* 200 years in seconds */
                                return false;
                }
                switch (*s++) {
                case 's': unit = 1000; break;
                case 'm': unit = 60000; break;
                case 'h': unit = 3600000; break;
                case 'd': unit = 86400000; break;
                case 'w': unit = 604800000; break;
                default: return false;
                }
                total += v * unit;
                if (total > INT64_C(200) * 365 * 86400000)
                        return false;
        }
        *ret = total;
        return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        char *s = malloc(size + 1);
        int64_t got = 0, want = 0, dur = 0;
        bool ok, model;

        if (!s)
                return 0;
        memcpy(s, data, size);
        s[size] = '\0';
        if (strlen(s) != size) { /* a NUL: the argument ends there, as on a command line */
                free(s);
                return 0;
        }
        ok = sbx_audit_parse_time(s, NOW_MS, &got) == 0;
        if (model_iso(s, &want))
                model = true;
        else if (model_duration(s, &dur)) {
                model = true;
                want = NOW_MS - dur;
        } else
                model = false;
        if (ok != model || (ok && got != want))
                abort();
        free(s);
        return 0;
}
