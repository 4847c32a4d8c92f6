/* libFuzzer target: a live fixture case's argv file (sbx_fixture_argv_parse(), tools/fixture-meta.c),
 * which `sbx fixtures check` and record read for the command's start directory, from whatever tree
 * they are given. Byte 0 of the input chooses how the rest is used:
 *
 *  - even: the rest is an argv file. The reader accepts it exactly when a strict JSON reading of
 *    its own here (model_parse(): RFC 8259's whitespace, escapes and surrogate pairs) finds an
 *    array of one or more strings, none holding U+0000 (a C string cannot) or a lone surrogate
 *    (no UTF-8 for it), and decodes each string as that reading does. Bytes of 0x80 and above
 *    outside escapes are taken as they are, by both (a hand-written file in another encoding
 *    keeps its bytes; record writes UTF-8 alone).
 *  - odd: the rest, split at NUL bytes, is an argv; it is written as record writes it
 *    (sbx_json_write_string(): a byte that is not UTF-8 as U+FFFD) and as Python's json.dumps
 *    writes it (ensure_ascii: every other character as \uXXXX, surrogate pairs above U+FFFF; with
 *    ", " or ',' between strings, whitespace around), and each must read back as the strings
 *    written, an empty argv refused. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture-meta.h"
#include "sbx-macro.h"
#include "sbx-tool.h"
#include "sbx-utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MODEL_MAX 70000 /* strings an input can hold (2 bytes each, 131072 at most), and more */

struct model {
        char *s[MODEL_MAX];
        size_t len[MODEL_MAX];
        size_t n;
        bool refused; /* valid JSON, but a string the reader must refuse (U+0000, a lone surrogate) */
};

static struct model model;
static char *rt_want[MODEL_MAX];
static size_t rt_wlen[MODEL_MAX];

static bool json_ws(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int hex4(const char *p, const char *end, unsigned *v) {
        *v = 0;
        if (end - p < 4)
                return -1;
        for (int i = 0; i < 4; i++) {
                char c = p[i];
                unsigned d;
                if (c >= '0' && c <= '9')
                        d = (unsigned) (c - '0');
                else if (c >= 'a' && c <= 'f')
                        d = (unsigned) (c - 'a' + 10);
                else if (c >= 'A' && c <= 'F')
                        d = (unsigned) (c - 'A' + 10);
                else
                        return -1;
                *v = *v * 16 + d;
        }
        return 0;
}

static size_t put_utf8(char *o, unsigned cp) {
        if (cp < 0x80)
                return o[0] = (char) cp, 1;
        if (cp < 0x800)
                return o[0] = (char) (0xc0 | (cp >> 6)), o[1] = (char) (0x80 | (cp & 0x3f)), 2;
        if (cp < 0x10000)
                return o[0] = (char) (0xe0 | (cp >> 12)), o[1] = (char) (0x80 | ((cp >> 6) & 0x3f)),
                       o[2] = (char) (0x80 | (cp & 0x3f)), 3;
        o[0] = (char) (0xf0 | (cp >> 18));
        o[1] = (char) (0x80 | ((cp >> 12) & 0x3f));
        o[2] = (char) (0x80 | ((cp >> 6) & 0x3f));
        o[3] = (char) (0x80 | (cp & 0x3f));
        return 4;
}

/* One string at *pp (its opening quote) into m; false when the text is no JSON string. */
static bool model_string(const char **pp, const char *end, struct model *m) {
        const char *p = *pp + 1, *r = p;
        char *out;
        size_t o = 0;

        /* as many bytes as the text up to its closing quote, at most: every escape is longer
         * than what it makes (an input of many strings allocates no more than its size each) */
        while (r < end && *r != '"')
                r += *r == '\\' && r + 1 < end ? 2 : 1;
        if (!(out = malloc((size_t) (r - p) + 1)))
                abort();

        for (;;) {
                unsigned char c;
                unsigned v, lo;

                if (p >= end)
                        goto bad;
                c = (unsigned char) *p++;
                if (c == '"')
                        break;
                if (c < 0x20)
                        goto bad;
                if (c != '\\') {
                        out[o++] = (char) c;
                        continue;
                }
                if (p >= end)
                        goto bad;
                c = (unsigned char) *p++;
                switch (c) {
                case '"': out[o++] = '"'; continue;
                case '\\': out[o++] = '\\'; continue;
                case '/': out[o++] = '/'; continue;
                case 'b': out[o++] = '\b'; continue;
                case 'f': out[o++] = '\f'; continue;
                case 'n': out[o++] = '\n'; continue;
                case 'r': out[o++] = '\r'; continue;
                case 't': out[o++] = '\t'; continue;
                case 'u': break;
                default: goto bad;
                }
                if (hex4(p, end, &v) < 0)
                        goto bad;
                p += 4;
                if (v >= 0xd800 && v <= 0xdbff && end - p >= 6 && p[0] == '\\' && p[1] == 'u' &&
                    hex4(p + 2, end, &lo) == 0 && lo >= 0xdc00 && lo <= 0xdfff) {
                        p += 6;
                        v = 0x10000 + ((v - 0xd800) << 10) + (lo - 0xdc00);
                } else if ((v >= 0xd800 && v <= 0xdfff) || v == 0)
                        m->refused = true;
                o += put_utf8(out + o, v);
        }
        if (m->n >= MODEL_MAX)
                abort(); /* the input cannot hold that many: 2 bytes a string */
        out[o] = '\0';
        m->s[m->n] = out;
        m->len[m->n++] = o;
        *pp = p;
        return true;
bad:
        free(out);
        return false;
}

/* Whether text is a JSON array of strings (strictly), its strings in m. */
static bool model_parse(const char *text, size_t len, struct model *m) {
        const char *p = text, *end = text + len;

        while (p < end && json_ws(*p))
                p++;
        if (p >= end || *p++ != '[')
                return false;
        while (p < end && json_ws(*p))
                p++;
        if (p < end && *p == ']')
                p++;
        else
                for (;;) {
                        while (p < end && json_ws(*p))
                                p++;
                        if (p >= end || *p != '"' || !model_string(&p, end, m))
                                return false;
                        while (p < end && json_ws(*p))
                                p++;
                        if (p < end && *p == ',') {
                                p++;
                                continue;
                        }
                        if (p < end && *p == ']') {
                                p++;
                                break;
                        }
                        return false;
                }
        while (p < end && json_ws(*p))
                p++;
        return p == end;
}

static void model_free(struct model *m) {
        for (size_t i = 0; i < m->n; i++)
                free(m->s[i]);
}

/* got equals the n strings want[] (lengths wlen[]), or abort() */
static void same_argv(char **got, char *const *want, const size_t *wlen, size_t n) {
        size_t i;

        for (i = 0; i < n; i++)
                if (!got[i] || strlen(got[i]) != wlen[i] || memcmp(got[i], want[i], wlen[i]) != 0)
                        abort();
        if (got[i])
                abort();
}

static void check_text(const char *text, size_t len) {
        struct model *m = &model;
        bool valid;
        char **got;

        m->n = 0;
        m->refused = false;
        valid = model_parse(text, len, m);
        got = sbx_fixture_argv_parse(text, len);
        if (!valid || m->refused || m->n == 0) {
                if (got)
                        abort();
        } else {
                if (!got)
                        abort();
                same_argv(got, m->s, m->len, m->n);
        }
        sbx_strv_free(got);
        model_free(m);
}

/* The code point of the valid UTF-8 sequence of n bytes at u. */
static unsigned utf8_cp(const unsigned char *u, size_t n) {
        static const unsigned char lead_mask[] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
        unsigned cp = u[0] & lead_mask[n];

        for (size_t i = 1; i < n; i++)
                cp = (cp << 6) | (u[i] & 0x3f);
        return cp;
}

/* Python's json.dumps of a str, ensure_ascii=True: the string given as UTF-8, a byte that is not
 * UTF-8 read as U+FFFD (as record's writer makes it). */
static void dumps_string(FILE *f, const char *s, size_t len) {
        const unsigned char *u = (const unsigned char *) s;

        fputc('"', f);
        for (size_t i = 0; i < len;) {
                size_t n = sbx_utf8_valid_len(u + i, len - i);
                unsigned cp = n ? utf8_cp(u + i, n) : 0xfffd;

                i += n ? n : 1;
                if (cp == '"')
                        fputs("\\\"", f);
                else if (cp == '\\')
                        fputs("\\\\", f);
                else if (cp == '\n')
                        fputs("\\n", f);
                else if (cp == '\r')
                        fputs("\\r", f);
                else if (cp == '\t')
                        fputs("\\t", f);
                else if (cp == '\b')
                        fputs("\\b", f);
                else if (cp == '\f')
                        fputs("\\f", f);
                else if (cp >= 0x20 && cp < 0x7f)
                        fputc((int) cp, f);
                else if (cp < 0x10000)
                        fprintf(f, "\\u%04x", cp);
                else
                        fprintf(f, "\\u%04x\\u%04x", 0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
        }
        fputc('"', f);
}

/* The string record's reading gives back: each byte that is not UTF-8 as U+FFFD. */
static char *expected(const char *s, size_t len, size_t *ret_len) {
        const unsigned char *u = (const unsigned char *) s;
        char *out = malloc(len * 3 + 1);
        size_t o = 0;

        if (!out)
                abort();
        for (size_t i = 0; i < len;) {
                size_t n = sbx_utf8_valid_len(u + i, len - i);
                if (n) {
                        memcpy(out + o, s + i, n);
                        o += n;
                        i += n;
                } else {
                        o += put_utf8(out + o, 0xfffd);
                        i++;
                }
        }
        out[o] = '\0';
        *ret_len = o;
        return out;
}

static void check_round_trip(uint8_t how, const char *data, size_t size) {
        size_t n = 0;
        char *text = NULL;
        size_t tlen = 0;
        FILE *f;
        char **got;

        for (size_t pos = 0; size > 0 && pos <= size && n < MODEL_MAX;) {
                const char *nul = memchr(data + pos, '\0', size - pos);
                size_t l = nul ? (size_t) (nul - (data + pos)) : size - pos;

                rt_want[n] = expected(data + pos, l, &rt_wlen[n]);
                n++;
                pos += l + 1;
        }
        if (!(f = open_memstream(&text, &tlen)))
                abort();
        if (how & 2)
                fputs(" \n", f);
        fputc('[', f);
        for (size_t i = 0, pos = 0; i < n; i++) {
                const char *s = data + pos;
                size_t l = strnlen(s, size - pos);

                if (i > 0)
                        fputs(how & 4 ? ", " : ",", f);
                if (how & 8)
                        dumps_string(f, s, l);
                else
                        sbx_json_write_string(f, s, l);
                pos += l + 1;
        }
        fputc(']', f);
        if (how & 16)
                fputs("\r\n\t", f);
        if (fclose(f) != 0)
                abort();
        got = sbx_fixture_argv_parse(text, tlen);
        if (n == 0) {
                if (got)
                        abort();
        } else {
                if (!got)
                        abort();
                same_argv(got, rt_want, rt_wlen, n);
        }
        sbx_strv_free(got);
        for (size_t i = 0; i < n; i++)
                free(rt_want[i]);
        free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        if (size == 0)
                return 0;
        if (data[0] & 1)
                check_round_trip(data[0], (const char *) data + 1, size - 1);
        else
                check_text((const char *) data + 1, size - 1);
        return 0;
}
