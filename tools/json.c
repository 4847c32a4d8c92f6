/* A tiny streaming JSON writer: enough for verdict records, probe and audit output. */
#include <inttypes.h>
#include <string.h>

#include "sbx-tool.h"
#include "sbx-utf8.h"

/* surrogates: a byte that is not UTF-8 as \udc80..\udcff (Python's surrogateescape, as the
 * audit record keeps argv: os.fsencode() gives the bytes back), else as U+FFFD */
static void write_string(FILE *f, const char *str, size_t len, bool surrogates) {
        const unsigned char *s = (const unsigned char *) str;
        size_t plain = 0; /* start of the bytes written as they are, not yet written */

        fputc('"', f);
        for (size_t i = 0; i < len;) {
                unsigned char c = s[i];
                const char *esc = NULL;
                size_t n;

                switch (c) {
                case '"':  esc = "\\\""; break;
                case '\\': esc = "\\\\"; break;
                case '\n': esc = "\\n"; break;
                case '\r': esc = "\\r"; break;
                case '\t': esc = "\\t"; break;
                default: break;
                }
                n = esc || c < 0x20 || c == 0x7f ? 0 : sbx_utf8_valid_len(s + i, len - i);
                /* the C1 controls too (U+0080..U+009F, C2 80..C2 9F): some terminals act on
                 * U+009B as on ESC [ when the output is read there */
                if (n == 1 || (n > 1 && !(n == 2 && c == 0xc2 && s[i + 1] < 0xa0))) {
                        i += n; /* (one fwrite per run: one per character was most of export's time) */
                        continue;
                }
                fwrite(s + plain, 1, i - plain, f);
                if (esc) {
                        fputs(esc, f);
                        i++;
                } else if (c < 0x20 || c == 0x7f) {
                        fprintf(f, "\\u%04x", c);
                        i++;
                } else if (n == 0) {
                        if (surrogates)
                                fprintf(f, "\\udc%02x", c);
                        else
                                fputs("\\ufffd", f);
                        i++;
                } else {
                        fprintf(f, "\\u%04x", s[i + 1]);
                        i += 2;
                }
                plain = i;
        }
        fwrite(s + plain, 1, len - plain, f);
        fputc('"', f);
}

void sbx_json_write_string(FILE *f, const char *str, size_t len) {
        write_string(f, str, len, false);
}

static void sep(struct sbx_json *j) {
        if (j->need_comma[j->depth])
                fputc(',', j->f);
        j->need_comma[j->depth] = true;
}

void sbx_json_key(struct sbx_json *j, const char *key) {
        sep(j);
        if (key) {
                sbx_json_write_string(j->f, key, strlen(key));
                fputc(':', j->f);
        }
}

void sbx_json_begin(struct sbx_json *j, FILE *f) {
        memset(j, 0, sizeof(*j));
        j->f = f;
        fputc('{', f);
        j->depth = 1;
}

void sbx_json_end(struct sbx_json *j) {
        fputc('}', j->f);
        j->depth = 0;
}

void sbx_json_strn(struct sbx_json *j, const char *key, const char *value, size_t len) {
        sbx_json_key(j, key);
        if (!value)
                fputs("null", j->f);
        else
                sbx_json_write_string(j->f, value, len);
}

void sbx_json_str(struct sbx_json *j, const char *key, const char *value) {
        sbx_json_strn(j, key, value, value ? strlen(value) : 0);
}

void sbx_json_int(struct sbx_json *j, const char *key, int64_t value) {
        sbx_json_key(j, key);
        fprintf(j->f, "%" PRId64, value);
}

void sbx_json_bool(struct sbx_json *j, const char *key, bool value) {
        sbx_json_key(j, key);
        fputs(value ? "true" : "false", j->f);
}

void sbx_json_null(struct sbx_json *j, const char *key) {
        sbx_json_key(j, key);
        fputs("null", j->f);
}

static void open_nested(struct sbx_json *j, const char *key, char c) {
        sbx_json_key(j, key);
        fputc(c, j->f);
        if (j->depth + 1 < (int) SBX_ELEMENTSOF(j->need_comma))
                j->depth++;
        j->need_comma[j->depth] = false;
}

static void close_nested(struct sbx_json *j, char c) {
        fputc(c, j->f);
        if (j->depth > 0)
                j->depth--;
}

void sbx_json_open_object(struct sbx_json *j, const char *key) { open_nested(j, key, '{'); }
void sbx_json_close_object(struct sbx_json *j) { close_nested(j, '}'); }
void sbx_json_open_array(struct sbx_json *j, const char *key) { open_nested(j, key, '['); }
void sbx_json_close_array(struct sbx_json *j) { close_nested(j, ']'); }

void sbx_json_argv(struct sbx_json *j, const char *key, char *const *argv) {
        sbx_json_open_array(j, key);
        for (char *const *v = argv; v && *v; v++) {
                sep(j);
                write_string(j->f, *v, strlen(*v), true);
        }
        sbx_json_close_array(j);
}
