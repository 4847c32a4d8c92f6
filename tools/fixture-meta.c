/* The meta file of a fixture case: key=value lines (tools/fixture-meta.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture-meta.h"
#include "sbx-macro.h"
#include "sbx-tool.h"

static const char *const meta_keys[] = {
        "backend", "mode", "exit", "signal", "verdict", "source", "note", "user", "line", "argv_note", "workspace", NULL,
};

/* The value of a known key at meta line line_no into m: 0, or -EINVAL with the reason in err. */
static int meta_value(const char *key, const char *val, size_t line_no, struct fixture_meta *m, char *err,
                      size_t errlen) {
        int64_t v;

        if (strcmp(key, "backend") == 0)
                snprintf(m->backend, sizeof(m->backend), "%s", val);
        else if (strcmp(key, "mode") == 0) {
                /* what a recording runs in: a confined mode, or raw (the runner run directly) */
                if (strcmp(val, "read-only") != 0 && strcmp(val, "workspace-write") != 0 && strcmp(val, "raw") != 0)
                        return snprintf(err, errlen, "meta:%zu: mode '%s' is not read-only, workspace-write or raw",
                                        line_no, val), -EINVAL;
                snprintf(m->mode, sizeof(m->mode), "%s", val);
        } else if (strcmp(key, "exit") == 0) {
                if (sbx_parse_int64(val, 0, 255, &v) < 0)
                        return snprintf(err, errlen, "meta:%zu: exit '%s' is not in 0..255", line_no, val), -EINVAL;
                m->exit_code = (int) v;
                m->has_exit = true;
        } else if (strcmp(key, "signal") == 0) {
                if (sbx_parse_int64(val, 0, 64, &v) < 0)
                        return snprintf(err, errlen, "meta:%zu: signal '%s' is not in 0..64", line_no, val), -EINVAL;
                m->signal = (int) v;
                m->has_signal = true;
        } else if (strcmp(key, "verdict") == 0) {
                if (sbx_verdict_from_string(val, &m->verdict) < 0)
                        return snprintf(err, errlen, "meta:%zu: unknown verdict '%s'", line_no, val), -EINVAL;
                m->has_verdict = true;
        } else if (strcmp(key, "source") == 0) {
                /* where the text comes from is what a reader trusts the case for: a
                 * recording here, or the public report it was taken from (source=bogus,
                 * source=my laptop passed, and a live case misspelt lost its argv check) */
                bool url = (strncmp(val, "https://", 8) == 0 && val[8]) ||
                           (strncmp(val, "http://", 7) == 0 && val[7]);
                if (val[0] && strcmp(val, "live") != 0 && strcmp(val, "live-raw") != 0 && !url)
                        return snprintf(err, errlen, "meta:%zu: source '%s' is not live, live-raw or a URL",
                                        line_no, val), -EINVAL;
                snprintf(m->source, sizeof(m->source), "%s", val);
                m->has_source = val[0] != '\0';
        } else if (strcmp(key, "user") == 0) {
                /* the uid the case ran as, as record writes it */
                if (sbx_parse_int64(val, 0, UINT32_MAX - 1, &v) < 0)
                        return snprintf(err, errlen, "meta:%zu: user '%s' is not a uid", line_no, val), -EINVAL;
        } else if (strcmp(key, "argv_note") == 0) {
                m->has_argv_note = val[0] != '\0';
        } else if (strcmp(key, "workspace") == 0) {
                if (val[0] != '/')
                        return snprintf(err, errlen, "meta:%zu: workspace '%s' is not an absolute path", line_no, val),
                               -EINVAL;
                snprintf(m->workspace, sizeof(m->workspace), "%s", val);
        } else if (strcmp(key, "line") == 0) {
                if (sbx_parse_int64(val, 0, INT64_MAX, &v) < 0)
                        return snprintf(err, errlen, "meta:%zu: line '%s' is not a number", line_no, val), -EINVAL;
                m->line = (uint64_t) v;
        }
        return 0;
}

/* What every case must say, and what must go together. */
static int meta_complete(const struct fixture_meta *m, char *err, size_t errlen) {
        if (!m->backend[0])
                return snprintf(err, errlen, "meta: no backend="), -EINVAL;
        if (!m->mode[0])
                return snprintf(err, errlen, "meta: no mode="), -EINVAL;
        /* both: a missing exit= read as 0 made any stderr classify as success */
        if (!m->has_exit)
                return snprintf(err, errlen, "meta: no exit="), -EINVAL;
        if (!m->has_signal)
                return snprintf(err, errlen, "meta: no signal="), -EINVAL;
        if (!m->has_verdict)
                return snprintf(err, errlen, "meta: no verdict="), -EINVAL;
        /* a command killed by a signal has no exit code (record writes exit=0 for it): both
         * given, one of them is wrong, and the exit one was silently ignored */
        if (m->signal && m->exit_code)
                return snprintf(err, errlen, "meta: exit=%d with signal=%d: a command killed by a signal has no exit code "
                                "(exit=0)", m->exit_code, m->signal), -EINVAL;
        if (!m->has_source)
                return snprintf(err, errlen, "meta: no source="), -EINVAL;
        /* a recording through sbx run has the mode it ran in, one of the runner run directly has
         * none: mode=raw with source=live (or live-raw in a mode) says both, and is classified
         * without the workspace context a confined recording gets */
        if ((strcmp(m->source, "live") == 0 && strcmp(m->mode, "raw") == 0) ||
            (strcmp(m->source, "live-raw") == 0 && strcmp(m->mode, "raw") != 0))
                return snprintf(err, errlen, "meta: mode=%s does not go with source=%s (raw and live-raw go together)",
                                m->mode, m->source), -EINVAL;
        return 0;
}

int sbx_fixture_meta_parse(const char *text, size_t len, struct fixture_meta *m, char *err, size_t errlen) {
        bool seen[SBX_ELEMENTSOF(meta_keys)] = {};
        size_t line_no = 0;

        memset(m, 0, sizeof(*m));
        for (size_t pos = 0; pos < len;) {
                const char *line = text + pos, *nl = memchr(line, '\n', len - pos), *eq;
                size_t ll = nl ? (size_t) (nl - line) : len - pos, kl, room;
                char key[32], val[512];
                bool known = false;
                int r;

                pos += ll + (nl ? 1 : 0);
                line_no++;
                if (ll > 0 && line[ll - 1] == '\r')
                        ll--;
                /* a NUL would end the key or value early and hide what follows it */
                if (memchr(line, '\0', ll))
                        return snprintf(err, errlen, "meta:%zu: a NUL byte", line_no), -EINVAL;
                if (ll == 0 || line[0] == '#')
                        continue;
                eq = memchr(line, '=', ll);
                if (!eq)
                        return snprintf(err, errlen, "meta:%zu: want key=value", line_no), -EINVAL;
                kl = (size_t) (eq - line);
                if (kl == 0 || kl >= sizeof(key))
                        return snprintf(err, errlen, "meta:%zu: bad key", line_no), -EINVAL;
                memcpy(key, line, kl);
                key[kl] = '\0';
                snprintf(val, sizeof(val), "%.*s", (int) (ll - kl - 1), eq + 1);
                for (size_t i = 0; meta_keys[i]; i++)
                        if (strcmp(meta_keys[i], key) == 0) {
                                /* a second verdict= (a merge left both) would silently win */
                                if (seen[i])
                                        return snprintf(err, errlen, "meta:%zu: '%s' given twice", line_no, key), -EINVAL;
                                seen[i] = known = true;
                        }
                if (!known)
                        return snprintf(err, errlen, "meta:%zu: unknown key '%s'", line_no, key), -EINVAL;
                /* a value longer than what keeps it was cut, the rest read as the whole
                 * (fuzz-fixture-meta: exit=0...01 as 0); one nothing keeps (note) may be long,
                 * but for user=, which is read as a uid (fuzz-fixture-meta: user=0...0nobody, its
                 * 511 zeros read alone, passed) */
                room = strcmp(key, "backend") == 0 ? sizeof(m->backend)
                       : strcmp(key, "mode") == 0  ? sizeof(m->mode)
                       : strcmp(key, "note") == 0 || strcmp(key, "argv_note") == 0
                               ? SIZE_MAX
                               : sizeof(val);
                if (ll - kl - 1 >= room)
                        return snprintf(err, errlen, "meta:%zu: '%s' is longer than %zu bytes", line_no, key, room - 1),
                               -EINVAL;
                r = meta_value(key, val, line_no, m, err, errlen);
                if (r < 0)
                        return r;
        }
        return meta_complete(m, err, errlen);
}

/* ---- the argv file ---------------------------------------------------------------------- */

/* JSON's whitespace (RFC 8259): isspace() also takes \v and \f, which make no JSON text. */
static bool json_ws(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The 4 hex digits at q (end the text's end) as a number, or -1. */
static long json_hex4(const char *q, const char *end) {
        long v = 0;

        if (end - q < 4)
                return -1;
        for (int i = 0; i < 4; i++) {
                if (!isxdigit((unsigned char) q[i]))
                        return -1;
                v = v * 16 + (isdigit((unsigned char) q[i]) ? q[i] - '0' : tolower((unsigned char) q[i]) - 'a' + 10);
        }
        return v;
}

/* One JSON string of an argv file at *p (its opening quote), decoded into a new string (\" \\ \/
 * \b \f \n \r \t, \uXXXX as UTF-8, a surrogate pair as the one character it makes, as Python's
 * json.dumps writes one; a lone surrogate or a NUL, which no C string holds: none);
 * *p moved past its closing quote. NULL when it is none such, or no memory. */
static char *json_argv_string(const char **p, const char *end) {
        const char *q = *p + 1;
        size_t cap = 0, o = 0;
        char *out;

        for (const char *r = q; r < end && *r != '"'; r++, cap++)
                if (*r == '\\' && r + 1 < end)
                        r++;
        if (!(out = malloc(cap * 3 + 1)))
                return NULL;
        while (q < end && *q != '"') {
                unsigned char c = (unsigned char) *q++;
                unsigned v;
                long lv, lo;

                if (c < 0x20)
                        goto bad;
                if (c != '\\') {
                        out[o++] = (char) c;
                        continue;
                }
                if (q >= end)
                        goto bad;
                c = (unsigned char) *q++;
                switch (c) {
                case '"': case '\\': case '/': out[o++] = (char) c; continue;
                case 'b': out[o++] = '\b'; continue;
                case 'f': out[o++] = '\f'; continue;
                case 'n': out[o++] = '\n'; continue;
                case 'r': out[o++] = '\r'; continue;
                case 't': out[o++] = '\t'; continue;
                case 'u': break;
                default: goto bad;
                }
                if ((lv = json_hex4(q, end)) < 0)
                        goto bad;
                v = (unsigned) lv;
                q += 4;
                if (v >= 0xd800 && v <= 0xdbff && end - q >= 6 && q[0] == '\\' && q[1] == 'u' &&
                    (lo = json_hex4(q + 2, end)) >= 0xdc00 && lo <= 0xdfff) {
                        v = 0x10000 + ((v - 0xd800) << 10) + (unsigned) (lo - 0xdc00);
                        q += 6;
                        out[o++] = (char) (0xf0 | (v >> 18));
                        out[o++] = (char) (0x80 | ((v >> 12) & 0x3f));
                        out[o++] = (char) (0x80 | ((v >> 6) & 0x3f));
                        out[o++] = (char) (0x80 | (v & 0x3f));
                        continue;
                }
                if (v == 0 || (v >= 0xd800 && v <= 0xdfff))
                        goto bad;
                if (v < 0x80)
                        out[o++] = (char) v;
                else if (v < 0x800) {
                        out[o++] = (char) (0xc0 | (v >> 6));
                        out[o++] = (char) (0x80 | (v & 0x3f));
                } else {
                        out[o++] = (char) (0xe0 | (v >> 12));
                        out[o++] = (char) (0x80 | ((v >> 6) & 0x3f));
                        out[o++] = (char) (0x80 | (v & 0x3f));
                }
        }
        if (q >= end)
                goto bad;
        out[o] = '\0';
        *p = q + 1;
        return out;
bad:
        free(out);
        return NULL;
}

char **sbx_fixture_argv_parse(const char *text, size_t len) {
        _cleanup_strv_free_ char **v = NULL;
        const char *p, *end;
        size_t n = 0, max = 1;

        for (size_t i = 0; i < len; i++)
                max += text[i] == '"';
        if (!(v = calloc(max / 2 + 2, sizeof(char *))))
                return NULL;
        p = text;
        end = text + len;
        while (p < end && json_ws(*p))
                p++;
        if (p >= end || *p++ != '[')
                return NULL;
        for (;;) {
                while (p < end && json_ws(*p))
                        p++;
                if (p < end && *p == ']' && n == 0)
                        break;
                if (p >= end || *p != '"' || n > max / 2 || !(v[n] = json_argv_string(&p, end)))
                        return NULL;
                n++;
                while (p < end && json_ws(*p))
                        p++;
                if (p < end && *p == ',') {
                        p++;
                        continue;
                }
                if (p < end && *p == ']')
                        break;
                return NULL;
        }
        for (p++; p < end && json_ws(*p); p++)
                ;
        return p == end && n > 0 ? sbx_steal_ptr(&v) : NULL;
}
