/* Dialect files: the format, its validation messages, built-ins and operator overrides. */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "classify-internal.h"
#include "sbx-classify.h"
#include "sbx-macro.h"

static int classify_text(const struct sbx_dialect *d, int exit_code, const char *text, struct sbx_classify_result *r) {
        struct sbx_classifier *c = NULL;
        struct sbx_exit_status st = { .exit_code = exit_code };
        int ret;

        assert_int_equal(sbx_classifier_new(d, &c, NULL), 0);
        assert_int_equal(sbx_classify_feed(c, text, strlen(text)), 0);
        ret = sbx_classify_finish(c, &st, r, NULL);
        sbx_classifier_free(c);
        return ret;
}

static void test_dialect_parses_every_keyword(void **state) {
        (void) state;
        static const char text[] =
                "# a comment\n"
                "\n"
                "name myrunner\r\n"
                "denial   Read-only file system   \n"
                "denial \"Permission denied\"\n"
                "fifo-denial Operation not permitted\n"
                "rule myrunner-fatal\n"
                "  exit 1, 3 125\n"
                "  fatal \"myrunner: \"\n"
                "  fatal \"tab\\there \\\"q\\\" \\x41\\\\\"\n"
                "  info myrunner: just a notice\n"
                "rule other\n"
                "  fatal other-runner failed\n";
        struct sbx_dialect *d = NULL;
        struct sbx_diag diag = { 0 };

        assert_int_equal(sbx_dialect_parse(text, sizeof(text) - 1, "mem", &d, &diag), 0);
        assert_string_equal(sbx_dialect_name(d), "myrunner");
        assert_int_equal(d->n_denial, 2);
        assert_string_equal(d->denial[0], "Read-only file system");
        assert_string_equal(d->denial[1], "Permission denied");
        assert_int_equal(d->n_fifo_denial, 1);
        assert_string_equal(d->fifo_denial[0], "Operation not permitted");
        assert_int_equal(d->n_rules, 2);
        assert_string_equal(d->rules[0].name, "myrunner-fatal");
        assert_int_equal(d->rules[0].n_exits, 3);
        assert_int_equal(d->rules[0].exits[2], 125);
        assert_string_equal(d->rules[0].fatal[0], "myrunner: ");
        assert_string_equal(d->rules[0].fatal[1], "tab\there \"q\" A\\");
        assert_string_equal(d->rules[0].info[0], "myrunner: just a notice");
        assert_int_equal(d->rules[1].n_exits, 0);

        struct sbx_classify_result r;
        assert_int_equal(classify_text(d, 3, "myrunner: just a notice\nx: permission DENIED\n", &r), 0);
        assert_string_equal(sbx_verdict_to_string(r.verdict), "denied");
        assert_int_equal(classify_text(d, 3, "myrunner: boom\n", &r), 0);
        assert_string_equal(sbx_verdict_to_string(r.verdict), "runner_failure");
        assert_int_equal(classify_text(d, 2, "myrunner: boom\n", &r), 0);
        assert_string_equal(sbx_verdict_to_string(r.verdict), "task_failure");
        /* a rule without exit codes applies to any nonzero exit */
        assert_int_equal(classify_text(d, 77, "OTHER-RUNNER FAILED to start\n", &r), 0);
        assert_string_equal(sbx_verdict_to_string(r.verdict), "runner_failure");
        assert_string_equal(r.rule, "other");
        /* regex metacharacters are literal */
        assert_int_equal(classify_text(d, 3, "tab\there \"q\" A\\\n", &r), 0);
        assert_string_equal(r.rule, "myrunner-fatal");
        sbx_dialect_free(d);
}

static void test_dialect_signature_metacharacters_are_literal(void **state) {
        (void) state;
        static const char text[] = "denial a.b*c (x|y) [z] ^$ \\d+ \\E \\Q {2}\n";
        struct sbx_dialect *d = NULL;
        struct sbx_classify_result r;

        assert_int_equal(sbx_dialect_parse(text, sizeof(text) - 1, "mem", &d, NULL), 0);
        assert_int_equal(classify_text(d, 1, "aXbbbc (x) z 1\n", &r), 0);
        assert_string_equal(sbx_verdict_to_string(r.verdict), "task_failure");
        assert_int_equal(classify_text(d, 1, "-- A.B*C (X|Y) [Z] ^$ \\D+ \\e \\q {2} --\n", &r), 0);
        assert_string_equal(sbx_verdict_to_string(r.verdict), "denied");
        sbx_dialect_free(d);
}

static void test_dialect_errors_name_origin_and_line(void **state) {
        (void) state;
        static const struct {
                const char *text;
                const char *want; /* substring of the message */
        } cases[] = {
                { "denial x\nbogus y\n", "f.dialect:2: unknown keyword 'bogus'" },
                { "fatal x\n", "f.dialect:1: 'fatal' outside a rule" },
                { "info x\n", "f.dialect:1: 'info' outside a rule" },
                { "exit 1\n", "f.dialect:1: 'exit' outside a rule" },
                { "rule r\nexit 0\nfatal x\n", "f.dialect:2: exit code '0' is not a number in 1..255" },
                { "rule r\nexit 256\nfatal x\n", "f.dialect:2: exit code '256'" },
                { "rule r\nexit one\nfatal x\n", "f.dialect:2: exit code 'one'" },
                { "rule r\nexit\nfatal x\n", "f.dialect:2: 'exit' needs at least one exit code" },
                { "rule r\nexit 1\n\nrule s\nfatal x\n", "f.dialect:1: rule 'r' has no 'fatal' signature" },
                { "denial a\nrule r\n", "f.dialect:2: rule 'r' has no 'fatal' signature" },
                { "rule r\nfatal x\nrule r\nfatal y\n", "f.dialect:3: rule 'r' defined twice" },
                { "rule bad/name\nfatal x\n", "f.dialect:1: rule name 'bad/name'" },
                { "rule denial\nfatal x\n", "f.dialect:1: rule name 'denial'" },
                { "denial\n", "f.dialect:1: empty denial signature" },
                { "denial \"\"\n", "f.dialect:1: empty denial signature" },
                { "denial \"abc\n", "f.dialect:1: denial signature has no closing quote" },
                { "denial \"abc\" x\n", "f.dialect:1: text after the closing quote" },
                { "denial \"a\\qb\"\n", "f.dialect:1: denial signature has an unknown escape '\\q'" },
                { "denial \"a\\x4\"\n", "f.dialect:1: denial signature has a bad \\x escape" },
                { "denial \"a\\x01b\"\n", "f.dialect:1: denial signature contains control character 0x01" },
                { "denial a\xff\n", "f.dialect:1: denial signature is not valid UTF-8" },
                { "denial x\ndenial X\n", "f.dialect:2: denial signature 'X' given twice" },
                { "denial x\nfifo-denial X\n", "f.dialect:2: denial signature 'X' given twice" },
                { "fifo-denial x\ndenial X\n", "f.dialect:2: denial signature 'X' given twice" },
                { "fifo-denial\n", "f.dialect:1: empty denial signature" },
                { "name a\nname b\n", "f.dialect:2: 'name' given twice" },
                { "name ../x\n", "f.dialect:1: dialect name '../x'" },
                { "rule r\nfatal x\nfatal X\n", "f.dialect:3: fatal signature 'X' given twice" },
                /* what it quotes of the file drives no terminal (review) */
                { "\x1b]2;x\x07 y\n", "f.dialect:1: unknown keyword '?]2;x?'" },
                { "rule r\nexit 1\x1b[2J\nfatal x\n", "f.dialect:2: exit code '1?[2J'" },
                { "\xc2\x9b" "2J y\n", "f.dialect:1: unknown keyword '?2J'" },
                { "ab\xe2\x80\xae" "cd y\n", "f.dialect:1: unknown keyword 'ab?cd'" }, /* U+202E */
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_dialect *d = NULL;
                struct sbx_diag diag = { 0 };
                int r = sbx_dialect_parse(cases[i].text, strlen(cases[i].text), "f.dialect", &d, &diag);

                if (r != -EINVAL || !strstr(diag.msg, cases[i].want))
                        fail_msg("case %zu: r=%d msg '%s', want '%s'", i, r, diag.msg, cases[i].want);
                assert_null(d);
        }
}

static void test_dialect_limits_are_enforced(void **state) {
        (void) state;
        char long_sig[400], text[600];
        struct sbx_dialect *d = NULL;
        struct sbx_diag diag = { 0 };

        memset(long_sig, 'a', 300);
        long_sig[300] = '\0';
        snprintf(text, sizeof(text), "denial %s\n", long_sig);
        assert_int_equal(sbx_dialect_parse(text, strlen(text), "f", &d, &diag), -EINVAL);
        assert_non_null(strstr(diag.msg, "f:1: denial signature longer than 255 bytes"));

        assert_int_equal(sbx_dialect_parse("denial a\0b\n", 11, "f", &d, &diag), -EINVAL);
        assert_non_null(strstr(diag.msg, "NUL"));

        char *many = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&many, &len);
        for (int i = 0; i < 70; i++)
                fprintf(f, "denial sig%d\n", i);
        fclose(f);
        assert_int_equal(sbx_dialect_parse(many, len, "f", &d, &diag), -EINVAL);
        assert_non_null(strstr(diag.msg, "f:65: more than 64 denial signatures"));
        free(many);

        /* within each count, but past the totals whose patterns no longer compile (review):
         * 64 denials of 250 bytes fit (16000), a rule's fatal signatures then go over at the
         * second; 17 informational lines of 1000 bytes go over at the 17th */
        f = open_memstream(&many, &len);
        for (int i = 0; i < 64; i++)
                fprintf(f, "denial %0250d\n", i);
        fprintf(f, "rule r\nfatal %0200d\nfatal %0200d\n", 1, 2);
        fclose(f);
        assert_int_equal(sbx_dialect_parse(many, len, "f", &d, &diag), -EINVAL);
        assert_non_null(strstr(diag.msg, "f:67: the denial and fatal signatures add up to more than 16384 bytes"));
        free(many);
        f = open_memstream(&many, &len);
        fprintf(f, "rule r\nfatal x\n");
        for (int i = 0; i < 17; i++)
                fprintf(f, "info %01000d\n", i);
        fclose(f);
        assert_int_equal(sbx_dialect_parse(many, len, "f", &d, &diag), -EINVAL);
        assert_non_null(strstr(diag.msg, "f:19: the informational lines of rule 'r' add up to more than 16384 bytes"));
        free(many);
        /* the bound is exact: 16 lines of 1000 bytes and one of 384 (16384) are read, 385 are not */
        for (int extra = 384; extra <= 385; extra++) {
                f = open_memstream(&many, &len);
                fprintf(f, "rule r\nfatal x\n");
                for (int i = 0; i < 16; i++)
                        fprintf(f, "info %01000d\n", i);
                fprintf(f, "info %0*d\n", extra, 0);
                fclose(f);
                assert_int_equal(sbx_dialect_parse(many, len, "f", &d, &diag), extra == 384 ? 0 : -EINVAL);
                sbx_dialect_free(d);
                d = NULL;
                free(many);
        }
        /* the largest dialect the limits allow compiles */
        f = open_memstream(&many, &len);
        for (int i = 0; i < 64; i++)
                fprintf(f, "denial %0255d\n", i);
        fclose(f);
        assert_int_equal(sbx_dialect_parse(many, len, "f", &d, &diag), 0);
        sbx_dialect_free(d);
        d = NULL;
        free(many);
}

static void test_dialect_empty_text_is_a_dialect_without_signatures(void **state) {
        (void) state;
        struct sbx_dialect *d = NULL;
        struct sbx_classify_result r;

        assert_int_equal(sbx_dialect_parse("", 0, "f", &d, NULL), 0);
        assert_int_equal(classify_text(d, 1, "Read-only file system\n", &r), 0);
        assert_string_equal(sbx_verdict_to_string(r.verdict), "task_failure");
        sbx_dialect_free(d);
}

static void test_dialect_builtins_exist_and_are_shared(void **state) {
        (void) state;
        for (size_t i = 0; sbx_dialect_builtin_names[i]; i++) {
                const struct sbx_dialect *a = NULL, *b = NULL;
                assert_int_equal(sbx_dialect_builtin(sbx_dialect_builtin_names[i], &a), 0);
                assert_int_equal(sbx_dialect_builtin(sbx_dialect_builtin_names[i], &b), 0);
                assert_ptr_equal(a, b);
                assert_string_equal(sbx_dialect_name(a), sbx_dialect_builtin_names[i]);
                sbx_dialect_free((struct sbx_dialect *) a); /* a no-op for a built-in */
        }
        const struct sbx_dialect *d = (const struct sbx_dialect *) 0x1;
        assert_int_equal(sbx_dialect_builtin("docker", &d), -ENOENT);
        assert_ptr_equal(d, (const struct sbx_dialect *) 0x1);
        assert_int_equal(sbx_dialect_builtin("bwrap", &d), 0);
        assert_int_equal(d->rules[0].n_exits, 1);
        assert_int_equal(d->rules[0].exits[0], 1);
        assert_string_equal(d->denial[0], "Read-only file system");
}

static char *make_tmpdir(void) {
        char tmpl[] = "/tmp/sbx-test-dialect-XXXXXX";
        char *p = mkdtemp(tmpl);
        assert_non_null(p);
        return strdup(p);
}

static void write_file(const char *path, const char *text) {
        FILE *f = fopen(path, "we");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
}

static void test_dialect_find_prefers_operator_files_in_order(void **state) {
        (void) state;
        _cleanup_free_ char *d1 = make_tmpdir(), *d2 = make_tmpdir();
        char p[512], q[512];
        char *dirs[] = { d1, d2, NULL };
        struct sbx_dialect *d = NULL;
        struct sbx_diag diag = { 0 };
        struct sbx_classify_result r;

        /* no file anywhere: a copy of the built-in */
        assert_int_equal(sbx_dialect_find("bwrap", dirs, &d, &diag), 0);
        assert_string_equal(sbx_dialect_name(d), "bwrap");
        assert_int_equal(classify_text(d, 1, "x: Read-only file system\n", &r), 0);
        assert_string_equal(sbx_verdict_to_string(r.verdict), "denied");
        sbx_dialect_free(d);
        d = NULL;

        snprintf(p, sizeof(p), "%s/dialects", d2);
        assert_int_equal(mkdir(p, 0700), 0);
        snprintf(p, sizeof(p), "%s/dialects/bwrap.dialect", d2);
        write_file(p, "denial Permission denied\n");
        assert_int_equal(sbx_dialect_find("bwrap", dirs, &d, &diag), 0);
        assert_int_equal(classify_text(d, 1, "x: Read-only file system\n", &r), 0);
        assert_string_equal(sbx_verdict_to_string(r.verdict), "task_failure");
        assert_int_equal(classify_text(d, 1, "x: Permission denied\n", &r), 0);
        assert_string_equal(sbx_verdict_to_string(r.verdict), "denied");
        sbx_dialect_free(d);
        d = NULL;

        /* an operator dialect for a backend sbx does not know */
        snprintf(q, sizeof(q), "%s/dialects/firejail.dialect", d2);
        write_file(q, "denial Read-only file system\nrule firejail\nfatal \"Error: \"\n");
        assert_int_equal(sbx_dialect_find("firejail", dirs, &d, &diag), 0);
        assert_string_equal(sbx_dialect_name(d), "firejail");
        sbx_dialect_free(d);
        d = NULL;

        /* the first directory wins, and a broken file there is an error, never a fallback */
        snprintf(q, sizeof(q), "%s/dialects", d1);
        assert_int_equal(mkdir(q, 0700), 0);
        snprintf(q, sizeof(q), "%s/dialects/bwrap.dialect", d1);
        write_file(q, "denial ok\nfatal x\n");
        assert_int_equal(sbx_dialect_find("bwrap", dirs, &d, &diag), -EINVAL);
        assert_null(d);
        assert_non_null(strstr(diag.msg, "bwrap.dialect:2: 'fatal' outside a rule"));
        assert_string_equal(diag.path, q);

        /* an override that is there but cannot be opened (a symlink loop here) is an error too:
         * only a file that does not exist falls through to the next directory */
        unlink(q);
        assert_int_equal(symlink("bwrap.dialect", q), 0);
        assert_int_equal(sbx_dialect_find("bwrap", dirs, &d, &diag), -ELOOP);
        assert_null(d);
        assert_string_equal(diag.path, q);

        unlink(q);
        unlink(p);
        snprintf(p, sizeof(p), "%s/dialects/firejail.dialect", d2);
        unlink(p);
        snprintf(p, sizeof(p), "%s/dialects", d1);
        rmdir(p);
        snprintf(p, sizeof(p), "%s/dialects", d2);
        rmdir(p);
        rmdir(d1);
        rmdir(d2);
}

static void test_dialect_find_rejects_unknown_and_unsafe_names(void **state) {
        (void) state;
        struct sbx_dialect *d = NULL;
        struct sbx_diag diag = { 0 };

        assert_int_equal(sbx_dialect_find("docker", NULL, &d, &diag), -ENOENT);
        assert_non_null(strstr(diag.msg, "unknown backend 'docker'"));
        assert_int_equal(sbx_dialect_find("../../etc/passwd", NULL, &d, &diag), -EINVAL);
        assert_int_equal(sbx_dialect_find("", NULL, &d, &diag), -EINVAL);
        assert_null(d);
}

static void test_dialect_load_file_names_the_dialect_after_the_file(void **state) {
        (void) state;
        _cleanup_free_ char *dir = make_tmpdir();
        char p[512];
        struct sbx_dialect *d = NULL;
        struct sbx_diag diag = { 0 };

        snprintf(p, sizeof(p), "%s/my-runner.dialect", dir);
        write_file(p, "denial nope\n");
        assert_int_equal(sbx_dialect_load_file(p, &d, &diag), 0);
        assert_string_equal(sbx_dialect_name(d), "my-runner");
        sbx_dialect_free(d);
        unlink(p);
        d = NULL;
        assert_int_equal(sbx_dialect_load_file(p, &d, &diag), -ENOENT);
        assert_non_null(strstr(diag.msg, "cannot open dialect file"));
        assert_int_equal(sbx_dialect_load_file(dir, &d, &diag), -EISDIR);
        rmdir(dir);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_dialect_parses_every_keyword),
                cmocka_unit_test(test_dialect_signature_metacharacters_are_literal),
                cmocka_unit_test(test_dialect_errors_name_origin_and_line),
                cmocka_unit_test(test_dialect_limits_are_enforced),
                cmocka_unit_test(test_dialect_empty_text_is_a_dialect_without_signatures),
                cmocka_unit_test(test_dialect_builtins_exist_and_are_shared),
                cmocka_unit_test(test_dialect_find_prefers_operator_files_in_order),
                cmocka_unit_test(test_dialect_find_rejects_unknown_and_unsafe_names),
                cmocka_unit_test(test_dialect_load_file_names_the_dialect_after_the_file),
        };

        /* the files written here get the modes the tests count on: under a caller's umask 000 an
         * operator's dialect file was writable by others, and its lookup refused it */
        umask(022);
        return cmocka_run_group_tests(tests, NULL, NULL);
}
