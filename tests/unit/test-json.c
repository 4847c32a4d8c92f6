/* The JSON writer: escaping, invalid UTF-8, nesting. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sbx-tool.h"

static char *render(const char *s, size_t len) {
        char *buf = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&buf, &size);
        sbx_json_write_string(f, s, len);
        fclose(f);
        return buf;
}

static void test_json_string_escapes(void **state) {
        static const struct {
                const char *in;
                size_t len;
                const char *out;
        } cases[] = {
                { "plain", 5, "\"plain\"" },
                { "q\"b\\", 4, "\"q\\\"b\\\\\"" },
                { "a\nb\r\t", 5, "\"a\\nb\\r\\t\"" },
                { "\x01\x1f\x7f", 3, "\"\\u0001\\u001f\\u007f\"" },
                { "nul\0x", 5, "\"nul\\u0000x\"" },
                { "caf\xc3\xa9", 5, "\"caf\xc3\xa9\"" },                 /* valid UTF-8 kept */
                { "\xff\xfe", 2, "\"\\ufffd\\ufffd\"" },                 /* invalid bytes replaced */
                { "\xc3", 1, "\"\\ufffd\"" },                            /* truncated sequence */
                { "\xed\xa0\x80", 3, "\"\\ufffd\\ufffd\\ufffd\"" },      /* surrogate */
                { "\xc0\xaf", 2, "\"\\ufffd\\ufffd\"" },                 /* overlong */
                { "\xf0\x9f\x98\x80", 4, "\"\xf0\x9f\x98\x80\"" },       /* 4-byte emoji */
                { "\xc2\x9b" "2J\xc2\x85", 6, "\"\\u009b2J\\u0085\"" },     /* C1 controls escaped */
                { "\xc2\xa0\xc2\xbf", 4, "\"\xc2\xa0\xc2\xbf\"" },         /* ... not what follows */
                /* kept runs between escapes, at both ends and around each kind */
                { "ab\"cd\x01" "ef\xff" "gh\xc2\x9b" "ij\xc3\xa9k", 18,
                  "\"ab\\\"cd\\u0001ef\\ufffdgh\\u009bij\xc3\xa9k\"" },
        };
        (void) state;
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                char *out = render(cases[i].in, cases[i].len);
                assert_string_equal(out, cases[i].out);
                free(out);
        }
}

static void test_json_object_nesting_and_commas(void **state) {
        char *buf = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&buf, &size);
        struct sbx_json j;
        (void) state;
        sbx_json_begin(&j, f);
        sbx_json_str(&j, "a", "x");
        sbx_json_int(&j, "b", -3);
        sbx_json_null(&j, "c");
        sbx_json_open_array(&j, "d");
        sbx_json_str(&j, NULL, "1");
        sbx_json_open_object(&j, NULL);
        sbx_json_bool(&j, "e", true);
        sbx_json_close_object(&j);
        sbx_json_close_array(&j);
        sbx_json_str(&j, "f", NULL);
        sbx_json_end(&j);
        fclose(f);
        assert_string_equal(buf, "{\"a\":\"x\",\"b\":-3,\"c\":null,\"d\":[\"1\",{\"e\":true}],\"f\":null}");
        free(buf);
}

/* Text for a terminal: no control sequence survives, printable UTF-8 does. */
static void test_term_text_defuses_control_sequences(void **state) {
#define LIT(s) s, sizeof(s) - 1
        static const struct {
                const char *in;
                size_t len;
                const char *out;
        } cases[] = {
                { LIT("plain: Read-only file system"), "plain: Read-only file system" },
                { LIT("\x1b[2K\rsbx: ok"), "?[2K?sbx: ok" },             /* ESC, CR */
                { LIT("title\x1b]0;x\x07"), "title?]0;x?" },            /* OSC ... BEL */
                { LIT("c1 \xc2\x9b" "31m"), "c1 ?31m" },                 /* U+009B, CSI */
                { LIT("raw \x9b" "31m"), "raw ?31m" },                    /* lone 0x9B, not UTF-8 */
                { LIT("del\x7f tab\t nl\n"), "del? tab? nl?" },
                { LIT("nul\0after"), "nul?after" },
                { LIT("caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x98\x80"), "caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x98\x80" },
                { LIT("nbsp\xc2\xa0"), "nbsp\xc2\xa0" },                 /* U+00A0 is printable */
                { LIT("cut\xe2\x80"), "cut??" },                         /* a sequence cut short */
                /* the bidirectional controls reorder what follows on the line (U+202E showed
                 * "a<RLO>evil" backwards in audit show) */
                { LIT("a\xe2\x80\xae" "evil \xe2\x81\xa6x\xe2\x81\xa9"), "a?evil ?x?" }, /* RLO, LRI, PDI */
                { LIT("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad"), "????" },  /* LRE RLE PDF LRO */
                { LIT("\xe2\x81\xa7\xe2\x81\xa8 \xe2\x80\x8e\xe2\x80\x8f \xd8\x9c"), "?? ?? ?" }, /* RLI FSI LRM RLM ALM */
                { LIT("\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\xa5"), "\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\xa5" }, /* neighbours kept */
        };
#undef LIT
        (void) state;
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                char *out = sbx_term_text(cases[i].in, cases[i].len);
                assert_non_null(out);
                assert_string_equal(out, cases[i].out);
                free(out);
        }
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_json_string_escapes),
                cmocka_unit_test(test_json_object_nesting_and_commas),
                cmocka_unit_test(test_term_text_defuses_control_sequences),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
