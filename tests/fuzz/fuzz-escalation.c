/* libFuzzer target: the escalation request an approver reads (tools/escalation.c) and the text
 * sbx shows on a terminal (sbx_term_text()). A denied command shapes the request's matched_line
 * (its own stderr line) and argv; whatever they hold, the request must stay one line of one JSON
 * object with exactly the documented keys in order, each string decoding to its field (bytes that
 * are not UTF-8 as U+FFFD, in argv as the lone surrogates U+DC80..U+DCFF, as the audit record
 * keeps it): no field can end its string and add a key of its own. The terminal
 * text must hold no control character and no invalid UTF-8, and change nothing clean. The
 * approver's answer grants only when it is "allow" or "allow\n".
 *
 * Input: 8 bytes of execution id, then NUL-separated fields: backend, root, session, matched
 * line, argv... */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escalation-internal.h"
#include "sbx-tool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- a model of UTF-8 (Unicode table 3-7, written apart from sbx-utf8.h) ---- */

static size_t model_utf8_len(const unsigned char *s, size_t left) {
        static const struct {
                unsigned char lo0, hi0, lo1, hi1;
                size_t n;
        } rows[] = {
                { 0x00, 0x7f, 0, 0, 1 },       { 0xc2, 0xdf, 0x80, 0xbf, 2 }, { 0xe0, 0xe0, 0xa0, 0xbf, 3 },
                { 0xe1, 0xec, 0x80, 0xbf, 3 }, { 0xed, 0xed, 0x80, 0x9f, 3 }, { 0xee, 0xef, 0x80, 0xbf, 3 },
                { 0xf0, 0xf0, 0x90, 0xbf, 4 }, { 0xf1, 0xf3, 0x80, 0xbf, 4 }, { 0xf4, 0xf4, 0x80, 0x8f, 4 },
        };

        for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
                if (s[0] < rows[r].lo0 || s[0] > rows[r].hi0)
                        continue;
                if (rows[r].n == 1)
                        return 1;
                if (left < rows[r].n || s[1] < rows[r].lo1 || s[1] > rows[r].hi1)
                        return 0;
                for (size_t k = 2; k < rows[r].n; k++)
                        if (s[k] < 0x80 || s[k] > 0xbf)
                                return 0;
                return rows[r].n;
        }
        return 0;
}

/* Whether the valid sequence of n bytes at s is a control a terminal acts on: C0, DEL, C1, or a
 * bidirectional control (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069), decoded */
static bool model_is_control(const unsigned char *s, size_t n) {
        uint32_t cp = n == 1 ? s[0] : (uint32_t) (s[0] & (0xff >> (n + 1)));

        for (size_t k = 1; k < n; k++)
                cp = (cp << 6) | (s[k] & 0x3f);
        return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp == 0x61c || cp == 0x200e || cp == 0x200f ||
               (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

static size_t put_utf8(char *out, unsigned cp);

/* s with each byte that is not valid UTF-8 as U+FFFD, or (surrogates: argv) byte B as the code
 * point U+DC00+B (encoded as UTF-8 would a scalar): what the request's string must decode to */
static char *model_json_value(const char *s, bool surrogates, size_t *ret_len) {
        size_t len = strlen(s), o = 0;
        char *out = malloc(len * 3 + 1);

        if (!out)
                abort();
        for (size_t i = 0; i < len;) {
                size_t n = model_utf8_len((const unsigned char *) s + i, len - i);
                if (n == 0 && surrogates) {
                        o += put_utf8(out + o, 0xdc00U | (unsigned char) s[i]);
                        i++;
                } else if (n == 0) {
                        memcpy(out + o, "\xef\xbf\xbd", 3);
                        o += 3;
                        i++;
                } else {
                        memcpy(out + o, s + i, n);
                        o += n;
                        i += n;
                }
        }
        *ret_len = o;
        return out;
}

/* ---- a strict reader of the request ---- */

struct reader {
        const char *p, *end;
};

static void skip_ws(struct reader *r) {
        while (r->p < r->end && (*r->p == ' ' || *r->p == '\t'))
                r->p++;
}

static void expect(struct reader *r, char c) {
        skip_ws(r);
        if (r->p >= r->end || *r->p != c)
                abort();
        r->p++;
}

static unsigned hex4(struct reader *r) {
        unsigned v = 0;

        for (int i = 0; i < 4; i++, r->p++) {
                char c = r->p < r->end ? *r->p : 0;
                if (c >= '0' && c <= '9')
                        v = v * 16 + (unsigned) (c - '0');
                else if (c >= 'a' && c <= 'f')
                        v = v * 16 + (unsigned) (c - 'a' + 10);
                else if (c >= 'A' && c <= 'F')
                        v = v * 16 + (unsigned) (c - 'A' + 10);
                else
                        abort();
        }
        return v;
}

static size_t put_utf8(char *out, unsigned cp) {
        if (cp < 0x80) {
                out[0] = (char) cp;
                return 1;
        }
        if (cp < 0x800) {
                out[0] = (char) (0xc0 | (cp >> 6));
                out[1] = (char) (0x80 | (cp & 0x3f));
                return 2;
        }
        out[0] = (char) (0xe0 | (cp >> 12));
        out[1] = (char) (0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char) (0x80 | (cp & 0x3f));
        return 3;
}

/* A JSON string (RFC 8259: no raw control character, valid UTF-8), decoded (caller frees);
 * surrogates: \udc80..\udcff may stand for a byte (argv), decoded as the model encodes them. */
static char *read_string(struct reader *r, bool surrogates, size_t *ret_len) {
        char *out = malloc((size_t) (r->end - r->p) * 3 + 1);
        size_t o = 0;

        if (!out)
                abort();
        expect(r, '"');
        for (;;) {
                unsigned char c;
                if (r->p >= r->end)
                        abort();
                c = (unsigned char) *r->p;
                if (c == '"') {
                        r->p++;
                        break;
                }
                if (c < 0x20)
                        abort();
                if (c != '\\') {
                        size_t n = model_utf8_len((const unsigned char *) r->p, (size_t) (r->end - r->p));
                        /* the C1 controls are written escaped (terminals act on U+009B) */
                        if (n == 0 || (n == 2 && c == 0xc2 && (unsigned char) r->p[1] < 0xa0) || c == 0x7f)
                                abort();
                        memcpy(out + o, r->p, n);
                        o += n;
                        r->p += n;
                        continue;
                }
                r->p++;
                if (r->p >= r->end)
                        abort();
                switch (*r->p++) {
                case '"': out[o++] = '"'; break;
                case '\\': out[o++] = '\\'; break;
                case '/': out[o++] = '/'; break;
                case 'b': out[o++] = '\b'; break;
                case 'f': out[o++] = '\f'; break;
                case 'n': out[o++] = '\n'; break;
                case 'r': out[o++] = '\r'; break;
                case 't': out[o++] = '\t'; break;
                case 'u': {
                        unsigned cp = hex4(r);
                        /* sbx escapes only single code points below U+10000 that are not
                         * surrogates, but for a byte of argv that is not UTF-8 */
                        if (cp >= 0xd800 && cp <= 0xdfff && !(surrogates && cp >= 0xdc80 && cp <= 0xdcff))
                                abort();
                        o += put_utf8(out + o, cp);
                        break;
                }
                default: abort();
                }
        }
        out[o] = '\0';
        *ret_len = o;
        return out;
}

static void read_key(struct reader *r, const char *key, bool first) {
        size_t len;
        char *k;

        if (!first)
                expect(r, ',');
        k = read_string(r, false, &len);
        if (len != strlen(key) || strcmp(k, key) != 0)
                abort();
        free(k);
        expect(r, ':');
}

/* A string field: it must decode to the model of want, or be null when want is NULL. */
static void read_str_field(struct reader *r, const char *key, const char *want, bool first) {
        read_key(r, key, first);
        skip_ws(r);
        if (!want) {
                if ((size_t) (r->end - r->p) < 4 || memcmp(r->p, "null", 4) != 0)
                        abort();
                r->p += 4;
                return;
        }
        {
                size_t got_len, want_len;
                char *got = read_string(r, false, &got_len), *model = model_json_value(want, false, &want_len);
                if (got_len != want_len || memcmp(got, model, got_len) != 0)
                        abort();
                free(got);
                free(model);
        }
}

static void check_request(const char *req, size_t len, char *const *argv, int64_t id, const char *backend,
                          const char *root, const char *session, const char *matched_line) {
        struct reader r = { req, req + len };
        char num[32];
        int n = snprintf(num, sizeof(num), "%lld", (long long) id);

        /* one line: the approver may read just that */
        if (len == 0 || req[len - 1] != '\n' || memchr(req, '\n', len - 1))
                abort();
        r.end--;
        expect(&r, '{');
        read_str_field(&r, "request", "escalation", true);
        read_key(&r, "execution_id", false);
        skip_ws(&r);
        if ((size_t) (r.end - r.p) < (size_t) n || memcmp(r.p, num, (size_t) n) != 0)
                abort();
        r.p += n;
        read_str_field(&r, "from_mode", "read-only", false);
        read_str_field(&r, "to_mode", "workspace-write", false);
        read_str_field(&r, "backend", backend, false);
        read_str_field(&r, "workspace_root", root, false);
        read_str_field(&r, "session_id", session, false);
        read_str_field(&r, "matched_line", matched_line && *matched_line ? matched_line : NULL, false);
        read_key(&r, "argv", false);
        expect(&r, '[');
        for (size_t i = 0; argv[i]; i++) {
                size_t got_len, want_len;
                char *got, *model;
                if (i > 0)
                        expect(&r, ',');
                got = read_string(&r, true, &got_len);
                model = model_json_value(argv[i], true, &want_len);
                if (got_len != want_len || memcmp(got, model, got_len) != 0)
                        abort();
                free(got);
                free(model);
        }
        expect(&r, ']');
        expect(&r, '}');
        skip_ws(&r);
        if (r.p != r.end)
                abort();
}

/* sbx_term_text(): nothing a terminal acts on, never longer, clean text unchanged, idempotent */
static void check_term_text(const char *s) {
        size_t len = strlen(s);
        char *t = sbx_term_text(s, len), *again;
        size_t tl;
        bool clean = true;

        if (!t)
                return;
        tl = strlen(t);
        if (tl > len)
                abort();
        for (size_t i = 0; i < tl;) {
                const unsigned char *u = (const unsigned char *) t + i;
                size_t n = model_utf8_len(u, tl - i);
                if (n == 0 || model_is_control(u, n))
                        abort();
                i += n;
        }
        for (size_t i = 0; i < len && clean;) {
                const unsigned char *u = (const unsigned char *) s + i;
                size_t n = model_utf8_len(u, len - i);
                clean = !(n == 0 || model_is_control(u, n));
                i += n ? n : 1;
        }
        if (clean && strcmp(t, s) != 0)
                abort();
        again = sbx_term_text(t, tl);
        if (again && strcmp(again, t) != 0)
                abort();
        free(again);
        free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        char *buf, *fields[64], *req = NULL;
        size_t n = 0, req_len = 0;
        int64_t id = 0;
        FILE *f;

        /* the approver's answer, the whole input as its output */
        if (sbx_escalation_answer_is_allow((const char *) data, size) !=
            ((size == 5 || (size == 6 && data[5] == '\n')) && memcmp(data, "allow", 5) == 0))
                abort();
        if (size < 8)
                return 0;
        memcpy(&id, data, 8);
        buf = malloc(size - 8 + 1);
        if (!buf)
                return 0;
        memcpy(buf, data + 8, size - 8);
        buf[size - 8] = '\0';
        for (char *p = buf; n < sizeof(fields) / sizeof(fields[0]) - 1 && p <= buf + (size - 8); p += strlen(p) + 1)
                fields[n++] = p;
        fields[n] = NULL;
        while (n < 4)
                fields[n++] = NULL, fields[n] = NULL;
        for (size_t i = 0; i < n && fields[i]; i++)
                check_term_text(fields[i]);
        f = open_memstream(&req, &req_len);
        if (!f)
                abort();
        sbx_escalation_write_request(f, fields + 4, id, fields[0], fields[1], fields[2], fields[3]);
        if (fclose(f) != 0)
                abort();
        check_request(req, req_len, fields + 4, id, fields[0], fields[1], fields[2], fields[3]);
        free(req);
        free(buf);
        return 0;
}
