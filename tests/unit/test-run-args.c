/* Option parsing of sbx run: table-driven, nothing spawned. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run-args.h"
#include "run-exec.h"
#include "sbx-macro.h"

#define MAXARGS 32

static int parse(const char *const *in, struct sbx_run_args *a, char *err, size_t size) {
        static char *argv[MAXARGS + 2];
        int argc = 0;
        argv[argc++] = (char *) "run";
        for (; *in; in++)
                argv[argc++] = (char *) *in;
        argv[argc] = NULL;
        return sbx_run_args_parse(argc, argv, a, err, size);
}

static void test_run_args_valid(void **state) {
        const char *in[] = { "--mode", "read-only", "--root", "/tmp", "--backend", "bwrap", "--require-full",
                             "--db", "x.db", "--verdict-json", "v.json", "--keep-fd", "7", "--", "touch", "--",
                             "-x", NULL };
        struct sbx_run_args a;
        char err[256] = "";
        (void) state;
        unsetenv("SBX_SESSION");
        assert_int_equal(parse(in, &a, err, sizeof(err)), 0);
        assert_true(a.has_mode);
        assert_int_equal(a.mode, SBX_MODE_READ_ONLY);
        assert_string_equal(a.root, "/tmp");
        assert_string_equal(a.backend, "bwrap");
        assert_true(a.require_full);
        assert_string_equal(a.db, "x.db");
        assert_string_equal(a.verdict_json, "v.json");
        assert_int_equal(a.n_keep_fds, 1);
        assert_int_equal(a.keep_fds[0], 7);
        assert_null(a.session);
        /* the command's own "--" and options are untouched */
        assert_string_equal(a.argv[0], "touch");
        assert_string_equal(a.argv[1], "--");
        assert_string_equal(a.argv[2], "-x");
        assert_null(a.argv[3]);
}

static void test_run_args_stop_at_first_non_option(void **state) {
        const char *in[] = { "ls", "--mode", "x", NULL };
        struct sbx_run_args a;
        char err[256] = "";
        (void) state;
        assert_int_equal(parse(in, &a, err, sizeof(err)), 0);
        assert_false(a.has_mode);
        assert_string_equal(a.argv[0], "ls");
        assert_string_equal(a.argv[1], "--mode");
}

static void test_run_args_shell_command(void **state) {
        const char *in[] = { "-c", "echo hi >&2", NULL };
        struct sbx_run_args a;
        char err[256] = "";
        _cleanup_strv_free_ char **cmd = NULL;
        (void) state;
        assert_int_equal(parse(in, &a, err, sizeof(err)), 0);
        assert_int_equal(sbx_run_command_argv(&a, &cmd), 0);
        assert_string_equal(cmd[0], "bash");
        assert_string_equal(cmd[1], "-c");
        assert_string_equal(cmd[2], "echo hi >&2");
        assert_null(cmd[3]);
}

static void test_run_args_session_from_environment(void **state) {
        const char *in[] = { "--", "true", NULL };
        const char *explicit_in[] = { "--session", "abc", "--", "true", NULL };
        struct sbx_run_args a;
        char err[256] = "";
        (void) state;
        setenv("SBX_SESSION", "from-env", 1);
        assert_int_equal(parse(in, &a, err, sizeof(err)), 0);
        assert_string_equal(a.session, "from-env");
        assert_int_equal(parse(explicit_in, &a, err, sizeof(err)), 0);
        assert_string_equal(a.session, "abc");
        unsetenv("SBX_SESSION");
}

static void test_run_args_errors_are_specific(void **state) {
        static const struct {
                const char *in[7];
                const char *words;
        } cases[] = {
                { { "--mode", "yolo", "--", "true" }, "unknown mode 'yolo'" },
                { { "--", NULL }, "no command given" },
                { { NULL }, "no command given" },
                { { "--", "" }, "command name is empty" },
                /* bash -c '' ran nothing and read as a success */
                { { "-c", "" }, "-c needs a shell command" },
                { { "-c", " \n\t" }, "-c needs a shell command" },
                { { "--bogus", "--", "true" }, "unknown option '--bogus'" },
                { { "--bogus=1", "--", "true" }, "unknown option '--bogus'" },
                { { "--require-full=yes", "--", "true" }, "option '--require-full' takes no value" },
                { { "--quiet=", "--", "true" }, "option '--quiet' takes no value" },
                { { "-xy", "--", "true" }, "unknown option '-x'" },
                { { "--mode", "read-only", "-q", "--", "true" }, "unknown option '-q'" },
                { { "--mode" }, "needs a value" },
                { { "--keep-fd", "x", "--", "true" }, "--keep-fd expects a descriptor number" },
                { { "--keep-fd", "1", "--", "true" }, "always passed" },
                { { "--verdict-fd", "2", "--", "true" }, "must not be 0, 1 or 2" },
                { { "--on-denial=maybe", "--", "true" }, "deny or ask" },
                { { "--approver", "x", "--", "true" }, "needs --on-denial=ask" },
                { { "--mode", "danger-full-access", "--backend", "bwrap", "--", "true" }, "unconfined" },
                { { "--root", "", "--", "true" }, "empty string" },
                /* found nowhere, it let the command run, and failed only when asked */
                { { "--on-denial=ask", "--approver", "", "--", "true" }, "--approver needs a program" },
                /* a second value replaced the first silently: refused, whichever spelling */
                { { "-c", "echo a", "-c", "echo b" }, "-c given twice" },
                { { "--verdict-json", "a.json", "--verdict-json=b.json", "--", "true" }, "--verdict-json given twice" },
                { { "--verdict-fd", "3", "--verdict-fd", "4", "--", "true" }, "--verdict-fd given twice" },
                { { "--mode", "read-only", "--mode", "workspace-write", "--", "true" }, "--mode given twice" },
                { { "--mode=read-only", "--mode", "read-only", "--", "true" }, "--mode given twice" },
                { { "--root", "/a", "--root", "/b", "--", "true" }, "--root given twice" },
                { { "--session", "a", "--session", "b", "--", "true" }, "--session given twice" },
                { { "--backend", "bwrap", "--backend", "landlock", "--", "true" }, "--backend given twice" },
                { { "--db", "a.db", "--db", "b.db", "--", "true" }, "--db given twice" },
                { { "--on-denial=ask", "--on-denial=deny", "--", "true" }, "--on-denial given twice" },
        };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_run_args a;
                char err[256] = "";
                assert_int_equal(parse(cases[i].in, &a, err, sizeof(err)), -EINVAL);
                if (!strstr(err, cases[i].words))
                        fail_msg("case %zu: '%s' lacks '%s'", i, err, cases[i].words);
        }
}

/* Flags and --keep-fd may be repeated: they add up, nothing is replaced. */
static void test_run_args_repeatable_options(void **state) {
        const char *in[] = { "--quiet", "--quiet", "--require-full", "--require-full", "--keep-fd", "5",
                             "--keep-fd", "6", "--", "true", NULL };
        struct sbx_run_args a;
        char err[256] = "";
        (void) state;
        unsetenv("SBX_SESSION");
        assert_int_equal(parse(in, &a, err, sizeof(err)), 0);
        assert_true(a.quiet);
        assert_true(a.require_full);
        assert_int_equal(a.n_keep_fds, 2);
}

static void test_run_status_fd_avoids_kept_descriptors(void **state) {
        struct sbx_run_args a = { .verdict_fd = -1 };
        (void) state;
        assert_int_equal(sbx_run_status_fd_number(&a), 3);
        a.keep_fds[a.n_keep_fds++] = 3;
        a.keep_fds[a.n_keep_fds++] = 4;
        a.verdict_fd = 5;
        assert_int_equal(sbx_run_status_fd_number(&a), 6);
        /* four in a row: N + 3 is bubblewrap's lifeline */
        a.keep_fds[a.n_keep_fds++] = 9;
        assert_int_equal(sbx_run_status_fd_number(&a), 10);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_run_args_valid),
                cmocka_unit_test(test_run_args_stop_at_first_non_option),
                cmocka_unit_test(test_run_args_shell_command),
                cmocka_unit_test(test_run_args_session_from_environment),
                cmocka_unit_test(test_run_args_errors_are_specific),
                cmocka_unit_test(test_run_args_repeatable_options),
                cmocka_unit_test(test_run_status_fd_avoids_kept_descriptors),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
