/* The windows-acl backend and its runner contract: CommandLineToArgvW quoting (checked against a
 * decoder written from Microsoft's documented parsing rules and their examples), the runner's
 * argument parsing, SHA-256 and the per-workspace SID, and the provider's argv. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confine-internal.h"
#include "sbx-macro.h"
#include "windows-runner.h"

/* ---- a decoder of the documented rules ------------------------------------------------------
 * "Parsing C command-line arguments" (Microsoft C runtime, which CommandLineToArgvW follows):
 * - arguments are separated by spaces or tabs;
 * - argv[0] (the program name) is taken verbatim: up to the next '"' when it starts with one,
 *   else up to the first space or tab; backslashes are not special in it;
 * - a '"' starts or ends a quoted region, in which spaces and tabs do not separate;
 * - 2n backslashes followed by '"' give n backslashes and the '"' is a delimiter;
 *   2n+1 backslashes followed by '"' give n backslashes and a literal '"';
 * - backslashes not followed by '"' are literal;
 * - inside a quoted region, "" gives a literal '"' (the runtime's post-2008 rule). */
static char **decode(const char *cmd, size_t *ret_n) {
        char **v = calloc(strlen(cmd) + 2, sizeof(*v));
        char *cur = malloc(strlen(cmd) + 1);
        size_t n = 0, len = 0;
        const char *p = cmd;

        assert_non_null(v);
        assert_non_null(cur);
        /* argv[0] */
        if (*p == '"') {
                p++;
                while (*p && *p != '"')
                        cur[len++] = *p++;
                if (*p == '"')
                        p++;
        } else
                while (*p && *p != ' ' && *p != '\t')
                        cur[len++] = *p++;
        v[n++] = strndup(cur, len);
        for (;;) {
                bool quoted = false, started = false;

                while (*p == ' ' || *p == '\t')
                        p++;
                if (!*p)
                        break;
                len = 0;
                while (*p && (quoted || (*p != ' ' && *p != '\t'))) {
                        started = true;
                        if (*p == '\\') {
                                size_t bs = 0;
                                while (*p == '\\') {
                                        bs++;
                                        p++;
                                }
                                if (*p == '"') {
                                        memset(cur + len, '\\', bs / 2);
                                        len += bs / 2;
                                        if (bs % 2) {
                                                cur[len++] = '"';
                                                p++;
                                        }
                                } else {
                                        memset(cur + len, '\\', bs);
                                        len += bs;
                                }
                                continue;
                        }
                        if (*p == '"') {
                                if (quoted && p[1] == '"') {
                                        cur[len++] = '"';
                                        p += 2;
                                        continue;
                                }
                                quoted = !quoted;
                                p++;
                                continue;
                        }
                        cur[len++] = *p++;
                }
                if (started)
                        v[n++] = strndup(cur, len);
        }
        free(cur);
        *ret_n = n;
        return v;
}

static void free_decoded(char **v) {
        sbx_strv_free(v);
}

/* The examples of Microsoft's documentation, with a program name in front. */
static void test_windows_decoder_matches_documented_examples(void **state) {
        (void) state;
        static const struct {
                const char *cmd;
                const char *args[4];
        } cases[] = {
                { "p \"a b c\" d e", { "a b c", "d", "e" } },
                { "p \"ab\\\"c\" \"\\\\\" d", { "ab\"c", "\\", "d" } },
                { "p a\\\\\\b d\"e f\"g h", { "a\\\\\\b", "de fg", "h" } },
                { "p a\\\\\\\"b c d", { "a\\\"b", "c", "d" } },
                { "p a\\\\\\\\\"b c\" d e", { "a\\\\b c", "d", "e" } },
                { "p a\"b\"\" c d", { "ab\" c d" } },
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                size_t n, want = 0;
                char **v = decode(cases[i].cmd, &n);
                while (want < 4 && cases[i].args[want])
                        want++;
                assert_string_equal(v[0], "p");
                if (n != want + 1)
                        fail_msg("'%s': %zu arguments, want %zu", cases[i].cmd, n - 1, want);
                for (size_t k = 0; k < want; k++)
                        assert_string_equal(v[k + 1], cases[i].args[k]);
                free_decoded(v);
        }
}

static void test_windows_quote_arg_follows_the_rules(void **state) {
        (void) state;
        static const struct {
                const char *in, *out;
        } cases[] = {
                { "plain", "plain" },
                { "a b c", "\"a b c\"" },
                { "", "\"\"" },
                { "ab\"c", "\"ab\\\"c\"" },
                { "\\", "\\" },
                { "a\\\\\\b", "a\\\\\\b" },                          /* backslashes alone stay literal */
                { "C:\\dir with space\\", "\"C:\\dir with space\\\\\"" }, /* trailing backslash doubled */
                { "a\\\"b", "\"a\\\\\\\"b\"" },                      /* backslash before quote: 2n+1 */
                { "tab\there", "\"tab\there\"" },
                { "new\nline", "\"new\nline\"" },
                { "\"", "\"\\\"\"" },
                { "\\\\server\\share", "\\\\server\\share" },
                { "x\\\\ y", "\"x\\\\ y\"" },                        /* inner backslashes not doubled */
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char *buf = NULL;
                size_t len = 0;
                assert_int_equal(sbx_windows_quote_arg(cases[i].in, &buf, &len), 0);
                if (strcmp(buf, cases[i].out) != 0)
                        fail_msg("quote('%s') = '%s', want '%s'", cases[i].in, buf, cases[i].out);
                assert_int_equal(len, strlen(buf));
                free(buf);
        }
}

static void assert_round_trip(char *const *argv) {
        _cleanup_free_ char *cmd = NULL;
        size_t n, want = sbx_strv_length(argv);
        char **v;

        assert_int_equal(sbx_windows_cmdline_join(argv, &cmd), 0);
        v = decode(cmd, &n);
        if (n != want)
                fail_msg("'%s' decodes to %zu arguments, want %zu", cmd, n, want);
        for (size_t i = 0; i < n; i++)
                if (strcmp(v[i], argv[i]) != 0)
                        fail_msg("argument %zu: '%s' came back as '%s' from '%s'", i, argv[i], v[i], cmd);
        free_decoded(v);
}

static void test_windows_cmdline_round_trips_hard_arguments(void **state) {
        (void) state;
        char *argv[] = {
                (char *) "C:\\Program Files\\Tool\\tool.exe",
                (char *) "",
                (char *) "a b",
                (char *) "\"",
                (char *) "\\",
                (char *) "\\\\",
                (char *) "trailing\\",
                (char *) "trailing space\\",
                (char *) "\\\"",
                (char *) "\\\\\"\\\\",
                (char *) "\"\"",
                (char *) "a\"\"b c",
                (char *) "\t",
                (char *) " ",
                (char *) "x\\\\\\\"y z",
                (char *) "100%",
                (char *) "^&|<>",
                (char *) "caf\xc3\xa9 \xf0\x9f\x98\x80",
                NULL,
        };
        assert_round_trip(argv);
}

/* Many random arguments drawn from the characters that matter. */
static void test_windows_cmdline_round_trips_random_arguments(void **state) {
        (void) state;
        static const char alphabet[] = " \t\"\\ab\n";
        uint64_t seed = 0x5eed1234abcdULL;

        for (int round = 0; round < 2000; round++) {
                char *argv[8] = { (char *) "prog.exe" };
                char storage[7][16];
                size_t n = 1 + (size_t) (round % 7);

                for (size_t i = 1; i < n; i++) {
                        size_t len;
                        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                        len = (size_t) (seed >> 60) % 12;
                        for (size_t k = 0; k < len; k++) {
                                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                                storage[i - 1][k] = alphabet[(seed >> 33) % (sizeof(alphabet) - 1)];
                        }
                        storage[i - 1][len] = '\0';
                        argv[i] = storage[i - 1];
                }
                argv[n] = NULL;
                assert_round_trip(argv);
        }
}

static void test_windows_program_name_rule(void **state) {
        (void) state;
        char *spaced[] = { (char *) "C:\\My Tools\\a.exe", (char *) "x", NULL };
        char *trailing[] = { (char *) "C:\\dir\\", NULL };
        char *empty[] = { (char *) "", (char *) "x", NULL };
        char *quote[] = { (char *) "a\"b.exe", NULL };
        char *none[] = { NULL };
        _cleanup_free_ char *a = NULL, *b = NULL, *c = NULL;
        char *untouched = (char *) 0x1;

        assert_int_equal(sbx_windows_cmdline_join(spaced, &a), 0);
        assert_string_equal(a, "\"C:\\My Tools\\a.exe\" x");
        /* the program name is verbatim: its trailing backslash is not doubled */
        assert_int_equal(sbx_windows_cmdline_join(trailing, &b), 0);
        assert_string_equal(b, "C:\\dir\\");
        assert_int_equal(sbx_windows_cmdline_join(empty, &c), 0);
        assert_string_equal(c, "\"\" x");
        assert_round_trip(spaced);
        assert_round_trip(trailing);
        assert_round_trip(empty);
        assert_int_equal(sbx_windows_cmdline_join(quote, &untouched), -EINVAL);
        assert_int_equal(sbx_windows_cmdline_join(none, &untouched), -EINVAL);
        assert_int_equal(sbx_windows_cmdline_join(NULL, &untouched), -EINVAL);
        assert_ptr_equal(untouched, (char *) 0x1);
}

/* CreateProcess hands a .bat or .cmd file to cmd.exe, which reads the command line again by its
 * own rules: under the C runtime's quoting, 'x" & echo INJECTED & "' and 'a&echo INJECTED' ran
 * "echo INJECTED" (measured under wine). Such arguments are refused for batch files only. */
static void test_windows_cmdline_refuses_cmd_metacharacters_for_batch_files(void **state) {
        (void) state;
        static const char *const programs[] = { "C:\\b\\build.bat", "build.CMD", "C:\\b\\x.Bat. ", "run.cmd..", NULL };
        static const char *const hostile[] = { "x\" & echo INJECTED & \"", "a&echo INJECTED", "a|b", "a>out", "<in",
                                               "%COMSPEC%", "a^b", "two\nlines", "cr\r", NULL };
        static const char *const fine[] = { "plain", "a b", "", "C:\\dir\\", "(x)", "it's!", "*.c", NULL };
        char *out = (char *) 0x1;

        for (size_t p = 0; programs[p]; p++) {
                for (size_t h = 0; hostile[h]; h++) {
                        char *argv[] = { (char *) programs[p], (char *) "ok", (char *) hostile[h], NULL };
                        if (sbx_windows_cmdline_join(argv, &out) != -EINVAL)
                                fail_msg("%s with argument '%s' was not refused", programs[p], hostile[h]);
                        assert_ptr_equal(out, (char *) 0x1);
                }
                for (size_t f = 0; fine[f]; f++) {
                        char *argv[] = { (char *) programs[p], (char *) fine[f], NULL };
                        char *cmd = NULL;
                        if (sbx_windows_cmdline_join(argv, &cmd) != 0)
                                fail_msg("%s with argument '%s' was refused", programs[p], fine[f]);
                        free(cmd);
                }
        }
        /* the program name itself is read by cmd.exe too */
        char *amp_program[] = { (char *) "C:\\a&b\\x.bat", NULL };
        assert_int_equal(sbx_windows_cmdline_join(amp_program, &out), -EINVAL);
        char *spaced_program[] = { (char *) "C:\\Program Files (x86)\\t\\x.bat", (char *) "y", NULL };
        _cleanup_free_ char *spaced = NULL;
        assert_int_equal(sbx_windows_cmdline_join(spaced_program, &spaced), 0);
        assert_string_equal(spaced, "\"C:\\Program Files (x86)\\t\\x.bat\" y");
        /* other programs get every argument through the C runtime's rules, unchanged */
        for (size_t h = 0; hostile[h]; h++) {
                char *argv[] = { (char *) "C:\\b\\tool.exe", (char *) hostile[h], NULL };
                assert_round_trip(argv);
        }
        char *batch_named_dir[] = { (char *) "C:\\x.bat\\tool.exe", (char *) "a&b", NULL };
        assert_round_trip(batch_named_dir);
}

static void test_windows_cmdline_length_is_counted_in_utf16_units(void **state) {
        (void) state;
        char *big = malloc(SBX_WINDOWS_CMDLINE_MAX + 10);
        char *argv[] = { (char *) "p", big, NULL };
        char *out = NULL;

        assert_int_equal(sbx_windows_utf16_length("abc"), 3);
        assert_int_equal(sbx_windows_utf16_length("caf\xc3\xa9"), 4);
        assert_int_equal(sbx_windows_utf16_length("\xe2\x82\xac"), 1);
        assert_int_equal(sbx_windows_utf16_length("\xf0\x9f\x98\x80"), 2);
        assert_int_equal(sbx_windows_utf16_length("\xff"), -EINVAL);
        assert_int_equal(sbx_windows_utf16_length("\xc0\xaf"), -EINVAL);     /* overlong '/' */
        assert_int_equal(sbx_windows_utf16_length("\xed\xa0\x80"), -EINVAL); /* a surrogate */
        assert_int_equal(sbx_windows_utf16_length("\xe2\x82"), -EINVAL);     /* truncated */

        /* "p " + arg must fit in 32766 units */
        memset(big, 'x', SBX_WINDOWS_CMDLINE_MAX - 3);
        big[SBX_WINDOWS_CMDLINE_MAX - 3] = '\0';
        assert_int_equal(sbx_windows_cmdline_join(argv, &out), 0);
        assert_int_equal(strlen(out), SBX_WINDOWS_CMDLINE_MAX - 1);
        free(out);
        out = NULL;
        big[SBX_WINDOWS_CMDLINE_MAX - 3] = 'x';
        big[SBX_WINDOWS_CMDLINE_MAX - 2] = '\0';
        assert_int_equal(sbx_windows_cmdline_join(argv, &out), -E2BIG);
        assert_null(out);
        free(big);

        char *bad[] = { (char *) "p", (char *) "\xff", NULL };
        assert_int_equal(sbx_windows_cmdline_join(bad, &out), -EINVAL);
}

/* ---- runner arguments ---------------------------------------------------------------------- */

static void test_winrun_parses_valid_arguments(void **state) {
        (void) state;
        char *argv[] = { (char *) "sbx-winrun", (char *) "--mode", (char *) "workspace-write",
                         (char *) "--workspace=C:\\ws", (char *) "--temp", (char *) "C:\\t",
                         (char *) "--", (char *) "cmd.exe", (char *) "/c", (char *) "--mode", NULL };
        struct sbx_winrun_args a;
        char err[256] = "";

        assert_int_equal(sbx_winrun_parse_args(10, argv, &a, err, sizeof(err)), 0);
        assert_int_equal(a.mode, SBX_WINRUN_WORKSPACE_WRITE);
        assert_string_equal(a.workspace, "C:\\ws");
        assert_string_equal(a.temp, "C:\\t");
        assert_false(a.help);
        assert_ptr_equal(a.command, argv + 7);
        assert_string_equal(a.command[2], "--mode"); /* after "--" nothing is an option */
        assert_null(a.command[3]);

        char *ro[] = { (char *) "r", (char *) "--workspace", (char *) "D:\\x", (char *) "--mode=read-only",
                       (char *) "--", (char *) "x", NULL };
        assert_int_equal(sbx_winrun_parse_args(6, ro, &a, err, sizeof(err)), 0);
        assert_int_equal(a.mode, SBX_WINRUN_READ_ONLY);
        assert_null(a.temp);

        char *help[] = { (char *) "r", (char *) "--help", NULL };
        assert_int_equal(sbx_winrun_parse_args(2, help, &a, err, sizeof(err)), 0);
        assert_true(a.help);
}

static void test_winrun_rejects_bad_arguments(void **state) {
        (void) state;
        static const struct {
                const char *args[8];
                const char *message;
        } cases[] = {
                { { NULL }, "missing --mode" },
                { { "--mode", "read-only", "--", "x" }, "missing --workspace" },
                { { "--mode", "write", "--workspace", "C:\\w", "--", "x" }, "unknown mode 'write' (read-only or workspace-write)" },
                { { "--mode", "read-only", "--workspace", "C:\\w" }, "missing command after '--'" },
                { { "--mode", "read-only", "--workspace", "C:\\w", "--" }, "missing command after '--'" },
                { { "--mode", "read-only", "--workspace", "C:\\w", "cmd" }, "unexpected argument 'cmd' (the command follows '--')" },
                { { "--mode", "read-only", "--workspace" }, "option '--workspace' needs a value" },
                { { "--mode", "read-only", "--mode", "read-only" }, "option '--mode' given twice" },
                { { "--workspace=", "--mode", "read-only", "--", "x" }, "option '--workspace' needs a non-empty value" },
                { { "--frobnicate" }, "unknown option '--frobnicate'" },
                { { "--mode", "read-only", "--workspace", "C:\\w", "--temp", "C:\\t", "--", "x" },
                  "--temp is only meaningful in workspace-write" },
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char *argv[10] = { (char *) "sbx-winrun" };
                struct sbx_winrun_args a = { .workspace = "untouched" };
                char err[256] = "";
                int argc = 1;

                for (size_t k = 0; k < 8 && cases[i].args[k]; k++)
                        argv[argc++] = (char *) cases[i].args[k];
                argv[argc] = NULL;
                assert_int_equal(sbx_winrun_parse_args(argc, argv, &a, err, sizeof(err)), -EINVAL);
                if (strcmp(err, cases[i].message) != 0)
                        fail_msg("case %zu: message '%s', want '%s'", i, err, cases[i].message);
                assert_string_equal(a.workspace, "untouched");
        }
}

static void test_winrun_build_then_parse_round_trips(void **state) {
        (void) state;
        char *cmd[] = { (char *) "powershell.exe", (char *) "-Command", (char *) "--temp x", NULL };
        _cleanup_strv_free_ char **argv = NULL;
        struct sbx_winrun_args a;
        char err[256];

        assert_int_equal(sbx_winrun_build_argv("C:\\sbx\\sbx-winrun.exe", SBX_WINRUN_WORKSPACE_WRITE, "C:\\w s",
                                               "C:\\t", cmd, &argv),
                         0);
        assert_int_equal(sbx_strv_length(argv), 8 + 3);
        assert_int_equal(sbx_winrun_parse_args((int) sbx_strv_length(argv), argv, &a, err, sizeof(err)), 0);
        assert_int_equal(a.mode, SBX_WINRUN_WORKSPACE_WRITE);
        assert_string_equal(a.workspace, "C:\\w s");
        assert_string_equal(a.temp, "C:\\t");
        for (size_t i = 0; cmd[i]; i++)
                assert_string_equal(a.command[i], cmd[i]);
        assert_null(a.command[3]);
        assert_round_trip(argv);

        char **untouched = (char **) 0x1;
        assert_int_equal(sbx_winrun_build_argv("r", SBX_WINRUN_READ_ONLY, "C:\\w", "C:\\t", cmd, &untouched), -EINVAL);
        assert_int_equal(sbx_winrun_build_argv("r", SBX_WINRUN_READ_ONLY, "", NULL, cmd, &untouched), -EINVAL);
        char *none[] = { NULL };
        assert_int_equal(sbx_winrun_build_argv("r", SBX_WINRUN_READ_ONLY, "C:\\w", NULL, none, &untouched), -EINVAL);
        assert_ptr_equal(untouched, (char **) 0x1);
}

/* ---- SHA-256 and the workspace SID --------------------------------------------------------- */

static void hex(const uint8_t d[32], char out[65]) {
        for (int i = 0; i < 32; i++)
                snprintf(out + 2 * i, 3, "%02x", d[i]);
}

static void test_sha256_known_answers(void **state) {
        (void) state;
        static const struct {
                const char *in;
                const char *digest;
        } cases[] = {
                { "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
                { "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
                { "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
                { "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                  "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1" },
        };
        char out[65];
        uint8_t d[32];

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                sbx_sha256(cases[i].in, strlen(cases[i].in), d);
                hex(d, out);
                assert_string_equal(out, cases[i].digest);
        }
        char *million = malloc(1000000);
        memset(million, 'a', 1000000);
        sbx_sha256(million, 1000000, d);
        free(million);
        hex(d, out);
        assert_string_equal(out, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

static void test_workspace_sid_is_stable_and_case_insensitive(void **state) {
        (void) state;
        char a[96], b[96], c[96], d[96];
        unsigned long sub[6];
        int consumed = 0;

        assert_int_equal(sbx_winrun_workspace_sid("C:\\Users\\Me\\Work", a, sizeof(a)), 0);
        assert_int_equal(sbx_winrun_workspace_sid("c:/users/me/work", b, sizeof(b)), 0);
        assert_int_equal(sbx_winrun_workspace_sid("C:\\Users\\Me\\Work2", c, sizeof(c)), 0);
        assert_int_equal(sbx_winrun_workspace_sid("C:\\Users\\Me\\Work", d, sizeof(d)), 0);
        assert_string_equal(a, b);
        assert_string_equal(a, d);
        assert_string_not_equal(a, c);
        assert_int_equal(sscanf(a, "S-1-9-%lu-%lu-%lu-%lu-%lu-%lu%n", &sub[0], &sub[1], &sub[2], &sub[3], &sub[4],
                                &sub[5], &consumed),
                         6);
        assert_int_equal((size_t) consumed, strlen(a));

        char small[16] = "untouched";
        assert_int_equal(sbx_winrun_workspace_sid("C:\\w", small, sizeof(small)), -ENOBUFS);
        assert_int_equal(sbx_winrun_workspace_sid("", a, sizeof(a)), -EINVAL);
}

/* ---- the backend --------------------------------------------------------------------------- */

static void test_windows_acl_not_applicable_off_windows(void **state) {
        (void) state;
        const struct sbx_backend *b = sbx_backend_get("windows-acl");
        struct sbx_candidate c = {};

        assert_ptr_equal(b, &sbx_backend_windows_acl);
#ifdef _WIN32
        assert_true(b->applicable());
#else
        assert_false(b->applicable());
        assert_int_equal(b->check(NULL, SBX_MODE_WORKSPACE_WRITE, &c), -EOPNOTSUPP);
        assert_non_null(strstr(c.reason, "Windows"));
#endif
}

static void test_windows_acl_confines_with_partial_enforcement(void **state) {
        (void) state;
        struct sbx_config cfg = { .windows_runner_path = (char *) "C:\\sbx\\sbx-winrun.exe" };
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = (char *) "C:\\work space" };
        char *cmd[] = { (char *) "cmd.exe", (char *) "/c", (char *) "echo x > y", NULL };
        struct sbx_confine_options opts = { .status_fd = -1 };
        struct sbx_confine_request req = { .cfg = &cfg, .policy = &pol, .argv = cmd, .opts = &opts,
                                           .temp_dir = "C:\\tmp\\sbx-1" };
        struct sbx_confined_argv out = {};
        struct sbx_diag diag = {};
        struct sbx_winrun_args a;
        char err[256];

        if (sbx_backend_windows_acl.confine(&req, &out, &diag) < 0)
                fail_msg("confine failed: %s", diag.msg);
        assert_string_equal(out.backend, "windows-acl");
        assert_int_equal(out.enforcement, SBX_ENFORCEMENT_PARTIAL);
        assert_non_null(out.enforcement_reason);
        assert_non_null(strstr(out.enforcement_reason, "Everyone"));
        assert_non_null(strstr(out.enforcement_reason, "hard links"));
        assert_non_null(out.dialect);
        assert_string_equal(out.argv[0], "C:\\sbx\\sbx-winrun.exe");
        assert_int_equal(sbx_winrun_parse_args((int) sbx_strv_length(out.argv), out.argv, &a, err, sizeof(err)), 0);
        assert_string_equal(a.workspace, "C:\\work space");
        assert_string_equal(a.temp, "C:\\tmp\\sbx-1");
        assert_string_equal(a.command[2], "echo x > y");
        sbx_strv_free(out.argv);
        free(out.enforcement_reason);

        /* read-only: no temp area is passed */
        struct sbx_confined_argv ro = {};
        pol.mode = SBX_MODE_READ_ONLY;
        assert_int_equal(sbx_backend_windows_acl.confine(&req, &ro, &diag), 0);
        assert_int_equal(sbx_winrun_parse_args((int) sbx_strv_length(ro.argv), ro.argv, &a, err, sizeof(err)), 0);
        assert_int_equal(a.mode, SBX_WINRUN_READ_ONLY);
        assert_null(a.temp);
        sbx_strv_free(ro.argv);
        free(ro.enforcement_reason);
}

static void test_windows_path_beneath_compares_as_ntfs_does(void **state) {
        (void) state;
        static const struct {
                const char *path, *dir;
                bool beneath;
        } cases[] = {
                { "C:\\work\\a", "C:\\work", true },
                { "C:\\work", "C:\\work\\", true },
                { "c:/WORK/Sbx/config", "C:\\Work", true },
                { "C:\\workshop", "C:\\work", false },
                { "C:\\wor", "C:\\work", false },
                { "D:\\work\\a", "C:\\work", false },
                { "C:\\\xc3\x89t\xc3\xa9\\a", "C:\\\xc3\xa9t\xc3\xa9", true }, /* Été beneath été: refused */
                { "C:\\work\\a", "", false },
        };

        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
                if (sbx_windows_path_beneath(cases[i].path, cases[i].dir) != cases[i].beneath)
                        fail_msg("case %zu: '%s' beneath '%s' should be %d", i, cases[i].path, cases[i].dir,
                                 cases[i].beneath);
}

static void test_windows_acl_refuses_to_expose_what_sbx_depends_on(void **state) {
        (void) state;
        struct sbx_config cfg = { .windows_runner_path = (char *) "C:\\sbx\\sbx-winrun.exe" };
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = (char *) "C:\\Users\\me" };
        char *cmd[] = { (char *) "cmd.exe", NULL };
        char *protect[] = { (char *) "c:\\users\\ME\\AppData\\Roaming\\sbx", NULL };
        struct sbx_confine_options opts = { .status_fd = -1 };
        struct sbx_confine_request req = { .cfg = &cfg, .policy = &pol, .argv = cmd, .opts = &opts,
                                           .temp_dir = "C:\\tmp\\sbx-1", .protect = protect };
        struct sbx_confined_argv out = {};
        struct sbx_diag diag = {};

        assert_int_equal(sbx_backend_windows_acl.confine(&req, &out, &diag), -EPERM);
        assert_non_null(strstr(diag.msg, "AppData"));
        assert_null(out.argv);

        /* beneath the temp area too */
        protect[0] = (char *) "C:\\TMP\\sbx-1\\x";
        assert_int_equal(sbx_backend_windows_acl.confine(&req, &out, &diag), -EPERM);

        /* elsewhere it confines; read-only writes nothing, so nothing is exposed */
        protect[0] = (char *) "C:\\ProgramData\\sbx";
        assert_int_equal(sbx_backend_windows_acl.confine(&req, &out, &diag), 0);
        sbx_strv_free(out.argv);
        free(out.enforcement_reason);
        out = (struct sbx_confined_argv) {};
        protect[0] = (char *) "C:\\Users\\me\\x";
        pol.mode = SBX_MODE_READ_ONLY;
        assert_int_equal(sbx_backend_windows_acl.confine(&req, &out, &diag), 0);
        sbx_strv_free(out.argv);
        free(out.enforcement_reason);
}

static void test_windows_acl_refuses_what_it_cannot_promise(void **state) {
        (void) state;
        struct sbx_config cfg = {};
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = (char *) "C:\\w" };
        char *cmd[] = { (char *) "cmd.exe", NULL };
        char *quoted_program[] = { (char *) "a\"b.exe", NULL };
        struct sbx_confine_options full = { .status_fd = -1, .require_full = true };
        struct sbx_confine_request req = { .cfg = &cfg, .policy = &pol, .argv = cmd, .opts = &full };
        struct sbx_confined_argv out = {};
        struct sbx_diag diag = {};

        assert_int_equal(sbx_backend_windows_acl.confine(&req, &out, &diag), -EOPNOTSUPP);
        assert_non_null(strstr(diag.msg, "partial"));
        assert_null(out.argv);

        struct sbx_confine_options plain = { .status_fd = -1 };
        req.opts = &plain;
        req.argv = quoted_program;
        assert_int_equal(sbx_backend_windows_acl.confine(&req, &out, &diag), -EINVAL);
        assert_null(out.argv);
        char *batch_injection[] = { (char *) "build.bat", (char *) "a&echo INJECTED", NULL };
        req.argv = batch_injection;
        assert_int_equal(sbx_backend_windows_acl.confine(&req, &out, &diag), -EINVAL);
        assert_non_null(strstr(diag.msg, ".bat"));
        assert_null(out.argv);

        pol.mode = SBX_MODE_DANGER_FULL_ACCESS;
        req.argv = cmd;
        assert_int_equal(sbx_backend_windows_acl.confine(&req, &out, &diag), -EINVAL);
        assert_null(out.argv);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_windows_decoder_matches_documented_examples),
                cmocka_unit_test(test_windows_quote_arg_follows_the_rules),
                cmocka_unit_test(test_windows_cmdline_round_trips_hard_arguments),
                cmocka_unit_test(test_windows_cmdline_round_trips_random_arguments),
                cmocka_unit_test(test_windows_program_name_rule),
                cmocka_unit_test(test_windows_cmdline_refuses_cmd_metacharacters_for_batch_files),
                cmocka_unit_test(test_windows_cmdline_length_is_counted_in_utf16_units),
                cmocka_unit_test(test_winrun_parses_valid_arguments),
                cmocka_unit_test(test_winrun_rejects_bad_arguments),
                cmocka_unit_test(test_winrun_build_then_parse_round_trips),
                cmocka_unit_test(test_sha256_known_answers),
                cmocka_unit_test(test_workspace_sid_is_stable_and_case_insensitive),
                cmocka_unit_test(test_windows_acl_not_applicable_off_windows),
                cmocka_unit_test(test_windows_acl_confines_with_partial_enforcement),
                cmocka_unit_test(test_windows_acl_refuses_what_it_cannot_promise),
                cmocka_unit_test(test_windows_path_beneath_compares_as_ntfs_does),
                cmocka_unit_test(test_windows_acl_refuses_to_expose_what_sbx_depends_on),
        };
        return cmocka_run_group_tests_name("windows-acl", tests, NULL, NULL);
}
