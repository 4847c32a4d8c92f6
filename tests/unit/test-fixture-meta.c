/* The meta file of a fixture case (tools/fixture-meta.c), as `sbx fixtures check` reads it. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture-meta.h"

static const char base[] = "backend=bwrap\nmode=read-only\nsignal=0\nverdict=denied\nsource=live\n";

/* base plus one line "key=" followed by `len` copies of c, then `tail` */
static int parse_with(const char *key, char c, size_t len, const char *tail, struct fixture_meta *m, char *err,
                      size_t errlen) {
        size_t n = strlen(base) + strlen(key) + 1 + len + strlen(tail) + 1;
        char *text = malloc(n + 1);
        int r;

        assert_non_null(text);
        n = (size_t) sprintf(text, "%s%s=", base, key);
        memset(text + n, c, len);
        n += len;
        n += (size_t) sprintf(text + n, "%s\n", tail);
        r = sbx_fixture_meta_parse(text, n, m, err, errlen);
        free(text);
        return r;
}

static void test_meta_valid(void **state) {
        static const char text[] = "# a case\r\nbackend=landlock\r\nmode=workspace-write\nexit=1\nsignal=0\n"
                                   "verdict=denied\nsource=live\nline=3\nworkspace=/ws\nnote=x=y\n";
        struct fixture_meta m;
        char err[256] = "";
        (void) state;
        assert_int_equal(sbx_fixture_meta_parse(text, strlen(text), &m, err, sizeof(err)), 0);
        assert_string_equal(m.backend, "landlock");
        assert_string_equal(m.mode, "workspace-write");
        assert_int_equal(m.exit_code, 1);
        assert_int_equal(m.verdict, SBX_VERDICT_DENIED);
        assert_int_equal(m.line, 3);
        assert_string_equal(m.workspace, "/ws");
}

/* A value longer than sbx keeps was cut and the rest accepted (fuzz-fixture-meta): a backend
 * of 64 bytes and more read as its first 63, exit=0...01 with 511 zeros first as 0, a workspace
 * or source of 512 bytes and more cut, user=0...0nobody read as 0. Refused, naming the line; a
 * long note (not kept) is fine. */
static void test_meta_long_values_refused(void **state) {
        struct fixture_meta m;
        char err[256];
        (void) state;

        err[0] = '\0';
        assert_int_equal(parse_with("exit", '0', 511, "1", &m, err, sizeof(err)), -EINVAL);
        assert_non_null(strstr(err, "meta:6:"));
        err[0] = '\0';
        assert_int_equal(parse_with("exit=0\nworkspace", '/', 600, "", &m, err, sizeof(err)), -EINVAL);
        assert_non_null(strstr(err, "meta:7:"));
        err[0] = '\0';
        assert_int_equal(parse_with("exit=0\nline", '0', 600, "2", &m, err, sizeof(err)), -EINVAL);
        assert_non_null(strstr(err, "meta:7:"));
        /* user= is kept nowhere but read as a uid: 511 zeros and "nobody" passed, the zeros alone read */
        err[0] = '\0';
        assert_int_equal(parse_with("exit=0\nuser", '0', 511, "nobody", &m, err, sizeof(err)), -EINVAL);
        assert_non_null(strstr(err, "meta:7: 'user' is longer"));
        {
                static const char text[] = "backend=bwrapbwrapbwrapbwrapbwrapbwrapbwrapbwrapbwrapbwrapbwrapbwrapbwrap\n"
                                           "mode=read-only\nexit=0\nsignal=0\nverdict=denied\nsource=live\n";
                err[0] = '\0';
                assert_int_equal(sbx_fixture_meta_parse(text, strlen(text), &m, err, sizeof(err)), -EINVAL);
                assert_non_null(strstr(err, "meta:1:"));
        }
        /* what fits is kept whole */
        assert_int_equal(parse_with("exit=0\nworkspace", '/', 511, "", &m, err, sizeof(err)), 0);
        assert_int_equal(strlen(m.workspace), 511);
        assert_int_equal(parse_with("exit", '0', 510, "1", &m, err, sizeof(err)), 0);
        assert_int_equal(m.exit_code, 1);
        assert_int_equal(parse_with("exit=0\nnote", 'n', 2000, "", &m, err, sizeof(err)), 0);
        assert_int_equal(parse_with("exit=0\nuser", '0', 510, "1", &m, err, sizeof(err)), 0);
}

/* source= is live, live-raw or the URL of a public report: a misspelt 'Live' passed, and was then
 * not asked for the argv a live case keeps */
static void test_meta_source(void **state) {
        static const char *const bad[] = { "Live", "live ", "bogus", "https://", "ftp://x", "/home/x" };
        static const char *const good[] = { "live", "live-raw", "https://github.com/o/r/issues/1", "http://x" };
        static const char head[] = "backend=bwrap\nexit=1\nsignal=0\nverdict=denied\n";
        struct fixture_meta m;
        char text[256], err[256];
        (void) state;

        for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
                snprintf(text, sizeof(text), "%smode=read-only\nsource=%s\n", head, bad[i]);
                err[0] = '\0';
                assert_int_equal(sbx_fixture_meta_parse(text, strlen(text), &m, err, sizeof(err)), -EINVAL);
                assert_non_null(strstr(err, "meta:6: source"));
        }
        for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
                snprintf(text, sizeof(text), "%smode=%s\nsource=%s\n", head,
                         strcmp(good[i], "live-raw") == 0 ? "raw" : "read-only", good[i]);
                assert_int_equal(sbx_fixture_meta_parse(text, strlen(text), &m, err, sizeof(err)), 0);
                assert_string_equal(m.source, good[i]);
        }
}

/* mode=raw (the runner run directly) and source=live-raw go together; user= is a uid; a signal=
 * comes with exit=0 */
static void test_meta_raw_and_user(void **state) {
        static const struct {
                const char *text;
                int r;
        } cases[] = {
                { "mode=raw\nsource=live-raw\n", 0 },
                { "mode=raw\nsource=https://example.org/r\n", 0 },
                { "mode=read-only\nsource=https://example.org/r\n", 0 },
                { "mode=raw\nsource=live\n", -EINVAL },
                { "mode=workspace-write\nsource=live-raw\n", -EINVAL },
                { "mode=read-only\nsource=live\nuser=65534\n", 0 },
                { "mode=read-only\nsource=live\nuser=nobody\n", -EINVAL },
                { "mode=read-only\nsource=live\nuser=\n", -EINVAL },
                { "mode=read-only\nsource=live\nuser=-1\n", -EINVAL },
        };
        /* exit= with a signal=: a signal death has no exit code */
        static const char sig_exit[] = "backend=landlock\nmode=read-only\nexit=1\nsignal=9\nverdict=denied\nsource=live\n";
        static const char sig_zero[] = "backend=landlock\nmode=read-only\nexit=0\nsignal=9\nverdict=denied\nsource=live\n";
        struct fixture_meta m;
        char text[256], err[256];
        (void) state;

        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                snprintf(text, sizeof(text), "backend=bwrap\nexit=1\nsignal=0\nverdict=denied\n%s", cases[i].text);
                err[0] = '\0';
                assert_int_equal(sbx_fixture_meta_parse(text, strlen(text), &m, err, sizeof(err)), cases[i].r);
                if (cases[i].r)
                        assert_true(err[0] != '\0');
        }
        assert_int_equal(sbx_fixture_meta_parse(sig_exit, strlen(sig_exit), &m, err, sizeof(err)), -EINVAL);
        assert_non_null(strstr(err, "has no exit code"));
        assert_int_equal(sbx_fixture_meta_parse(sig_zero, strlen(sig_zero), &m, err, sizeof(err)), 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_meta_valid),
                cmocka_unit_test(test_meta_long_values_refused),
                cmocka_unit_test(test_meta_source),
                cmocka_unit_test(test_meta_raw_and_user),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
