/* The seatbelt backend: golden profiles, the sandbox-exec argv, path canonicalization, and the
 * injection check: a small SBPL reader (s-expressions, strings with escapes, #"" regex literals,
 * comments) extracts every rule that allows a file write, so a hostile workspace path that added or
 * widened one would be seen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confine-internal.h"
#include "sbx-macro.h"
#include "seatbelt-profile.h"

/* ---- a small SBPL reader ------------------------------------------------------------------- */

enum node_type { N_LIST, N_SYMBOL, N_STRING, N_REGEX };

struct node {
        enum node_type type;
        char *text; /* decoded string/regex body, or symbol name */
        struct node **kids;
        size_t n;
};

static void node_free(struct node *n) {
        if (!n)
                return;
        for (size_t i = 0; i < n->n; i++)
                node_free(n->kids[i]);
        free(n->kids);
        free(n->text);
        free(n);
}

struct reader {
        const char *s;
        size_t pos, len;
        const char *error;
};

static void skip_space(struct reader *r) {
        for (;;) {
                while (r->pos < r->len && isspace((unsigned char) r->s[r->pos]))
                        r->pos++;
                if (r->pos < r->len && r->s[r->pos] == ';') {
                        while (r->pos < r->len && r->s[r->pos] != '\n')
                                r->pos++;
                        continue;
                }
                return;
        }
}

/* Reads a "..." body with the escapes SBPL (TinyScheme) knows; r->pos is after the quote. */
static char *read_string_body(struct reader *r) {
        char *out = malloc(r->len - r->pos + 1);
        size_t n = 0;

        assert_non_null(out);
        while (r->pos < r->len) {
                char c = r->s[r->pos++];
                if (c == '"') {
                        out[n] = '\0';
                        return out;
                }
                if (c == '\\') {
                        if (r->pos >= r->len)
                                break;
                        c = r->s[r->pos++];
                        switch (c) {
                        case 'n': c = '\n'; break;
                        case 't': c = '\t'; break;
                        case 'r': c = '\r'; break;
                        case '"': case '\\': break;
                        default:
                                /* a regex body keeps unknown escapes for the regex engine */
                                out[n++] = '\\';
                                break;
                        }
                }
                out[n++] = c;
        }
        free(out);
        r->error = "unterminated string";
        return NULL;
}

static struct node *read_node(struct reader *r);

static struct node *new_node(enum node_type t, char *text) {
        struct node *n = calloc(1, sizeof(*n));
        assert_non_null(n);
        n->type = t;
        n->text = text;
        return n;
}

static struct node *read_node(struct reader *r) {
        skip_space(r);
        if (r->pos >= r->len) {
                r->error = "unexpected end";
                return NULL;
        }
        char c = r->s[r->pos];
        if (c == '(') {
                struct node *list = new_node(N_LIST, NULL);
                r->pos++;
                for (;;) {
                        skip_space(r);
                        if (r->pos >= r->len) {
                                r->error = "unbalanced (";
                                node_free(list);
                                return NULL;
                        }
                        if (r->s[r->pos] == ')') {
                                r->pos++;
                                return list;
                        }
                        struct node *kid = read_node(r);
                        if (!kid) {
                                node_free(list);
                                return NULL;
                        }
                        list->kids = realloc(list->kids, (list->n + 1) * sizeof(*list->kids));
                        assert_non_null(list->kids);
                        list->kids[list->n++] = kid;
                }
        }
        if (c == ')') {
                r->error = "unbalanced )";
                return NULL;
        }
        if (c == '"') {
                r->pos++;
                char *body = read_string_body(r);
                return body ? new_node(N_STRING, body) : NULL;
        }
        if (c == '#' && r->pos + 1 < r->len && r->s[r->pos + 1] == '"') {
                r->pos += 2;
                char *body = read_string_body(r);
                return body ? new_node(N_REGEX, body) : NULL;
        }
        size_t start = r->pos;
        while (r->pos < r->len && !isspace((unsigned char) r->s[r->pos]) && !strchr("()\";", r->s[r->pos]))
                r->pos++;
        return new_node(N_SYMBOL, strndup(r->s + start, r->pos - start));
}

/* Parses a whole profile into its top-level forms; NULL and *error on a syntax error. */
static struct node *read_profile(const char *text, const char **error) {
        struct reader r = { .s = text, .len = strlen(text) };
        struct node *top = new_node(N_LIST, NULL);

        for (;;) {
                skip_space(&r);
                if (r.pos >= r.len)
                        return top;
                struct node *form = read_node(&r);
                if (!form) {
                        *error = r.error;
                        node_free(top);
                        return NULL;
                }
                top->kids = realloc(top->kids, (top->n + 1) * sizeof(*top->kids));
                assert_non_null(top->kids);
                top->kids[top->n++] = form;
        }
}

static void render(const struct node *n, FILE *f) {
        switch (n->type) {
        case N_SYMBOL: fputs(n->text, f); break;
        case N_STRING: fprintf(f, "\"%s\"", n->text); break;
        case N_REGEX: fprintf(f, "#\"%s\"", n->text); break;
        case N_LIST:
                fputc('(', f);
                for (size_t i = 0; i < n->n; i++) {
                        if (i)
                                fputc(' ', f);
                        render(n->kids[i], f);
                }
                fputc(')', f);
                break;
        }
}

static bool is_write_op(const char *op) {
        /* every file operation that is not a read: file-write*, file-link, file-clone, file-ioctl,
         * file-revoke, file-mknod ... A new kind of file operation counts as a write until shown
         * otherwise. */
        return strncmp(op, "file-", 5) == 0 && strncmp(op, "file-read", 9) != 0 &&
               strcmp(op, "file-test-existence") != 0 && strcmp(op, "file-map-executable") != 0;
}

/* What a profile allows to be written: one line "OPS | FILTER" per filter of every allow rule with
 * a write operation, "OPS | <everything>" for such a rule without a filter, and "default" for an
 * (allow default). Returns the lines joined by '\n', or NULL with *error for a syntax error or a
 * top-level form other than version/allow/deny. */
static char *writable_rules(const char *profile, const char **error) {
        struct node *top = read_profile(profile, error);
        char *out = NULL;
        size_t size = 0;
        FILE *f;

        if (!top)
                return NULL;
        f = open_memstream(&out, &size);
        assert_non_null(f);
        for (size_t i = 0; i < top->n; i++) {
                const struct node *form = top->kids[i];
                if (form->type != N_LIST || form->n == 0 || form->kids[0]->type != N_SYMBOL) {
                        *error = "top-level form is not a rule";
                        goto fail;
                }
                const char *head = form->kids[0]->text;
                if (strcmp(head, "version") == 0 || strcmp(head, "deny") == 0)
                        continue;
                if (strcmp(head, "allow") != 0) {
                        *error = "unexpected top-level form";
                        goto fail;
                }
                size_t k = 1;
                bool writes = false;
                _cleanup_free_ char *ops = NULL;
                size_t ops_size = 0;
                FILE *of = open_memstream(&ops, &ops_size);
                assert_non_null(of);
                for (; k < form->n && form->kids[k]->type == N_SYMBOL; k++) {
                        const char *op = form->kids[k]->text;
                        if (strcmp(op, "default") == 0)
                                fputs("default\n", f);
                        if (is_write_op(op))
                                writes = true;
                        fprintf(of, "%s%s", k > 1 ? " " : "", op);
                }
                fclose(of);
                if (!writes)
                        continue;
                if (k == form->n)
                        fprintf(f, "%s | <everything>\n", ops);
                for (; k < form->n; k++) {
                        fprintf(f, "%s | ", ops);
                        render(form->kids[k], f);
                        fputc('\n', f);
                }
        }
        fclose(f);
        node_free(top);
        return out;
fail:
        fclose(f);
        free(out);
        node_free(top);
        return NULL;
}

/* ---- fixtures ------------------------------------------------------------------------------ */

static const char expected_sinks[] =
        "file-write-data file-ioctl | (literal \"/dev/null\")\n"
        "file-write-data file-ioctl | (literal \"/dev/zero\")\n"
        "file-write-data file-ioctl | (literal \"/dev/tty\")\n"
        "file-write-data file-ioctl | (literal \"/dev/ptmx\")\n"
        "file-write-data file-ioctl | (regex #\"^/dev/ttys[0-9]+$\")\n"
        "file-write-data | (literal \"/dev/stdout\")\n"
        "file-write-data | (literal \"/dev/stderr\")\n"
        "file-write-data | (regex #\"^/dev/fd/[0-9]+$\")\n";

static const char expected_workspace_all[] =
        "file-write* | (subpath (param \"WORKSPACE\"))\n"
        "file-write* | (subpath (param \"TMPDIR\"))\n"
        "file-write* | (subpath (param \"RUN_TMPDIR\"))\n"
        "file-write* | (subpath \"/private/tmp\")\n";

static const char expected_workspace_only[] =
        "file-write* | (subpath (param \"WORKSPACE\"))\n"
        "file-write* | (subpath \"/private/tmp\")\n";

static char *concat(const char *a, const char *b) {
        char *s = NULL;
        assert_true(asprintf(&s, "%s%s", a, b) >= 0);
        return s;
}

static char *read_golden(const char *name) {
        const char *root = getenv("SBX_SOURCE_ROOT");
        _cleanup_free_ char *path = NULL;
        char *text = NULL;
        size_t size = 0;
        FILE *f, *m;
        int c;

        assert_non_null(root); /* set by meson's test environment */
        assert_true(asprintf(&path, "%s/tests/unit/golden/%s", root, name) >= 0);
        f = fopen(path, "re");
        if (!f)
                fail_msg("cannot open golden file %s", path);
        m = open_memstream(&text, &size);
        assert_non_null(m);
        while ((c = fgetc(f)) != EOF)
                fputc(c, m);
        fclose(f);
        fclose(m);
        return text;
}

static void assert_profile_is_golden(const struct sbx_seatbelt_params *p, const char *golden) {
        _cleanup_free_ char *profile = NULL, *want = read_golden(golden);

        assert_int_equal(sbx_seatbelt_profile(p, &profile), 0);
        if (strcmp(profile, want) != 0)
                fail_msg("profile differs from golden %s:\n--- got ---\n%s--- want ---\n%s", golden, profile, want);
}

/* ---- tests --------------------------------------------------------------------------------- */

static void test_seatbelt_read_only_profile_matches_golden(void **state) {
        (void) state;
        struct sbx_seatbelt_params p = { .mode = SBX_MODE_READ_ONLY, .workspace = "/Users/me/ws" };
        assert_profile_is_golden(&p, "seatbelt-read-only.sb");
}

static void test_seatbelt_workspace_write_profile_matches_golden(void **state) {
        (void) state;
        struct sbx_seatbelt_params p = {
                .mode = SBX_MODE_WORKSPACE_WRITE,
                .workspace = "/Users/me/ws",
                .tmpdir = "/private/var/folders/zz/abc123/T",
                .run_tmp = "/private/var/folders/zz/abc123/T/sbx-run.1",
        };
        assert_profile_is_golden(&p, "seatbelt-workspace-write.sb");
}

static void test_seatbelt_read_only_writes_only_the_sinks(void **state) {
        (void) state;
        struct sbx_seatbelt_params p = { .mode = SBX_MODE_READ_ONLY };
        _cleanup_free_ char *profile = NULL, *rules = NULL;
        const char *error = NULL;

        assert_int_equal(sbx_seatbelt_profile(&p, &profile), 0);
        rules = writable_rules(profile, &error);
        if (!rules)
                fail_msg("profile does not parse: %s", error);
        assert_string_equal(rules, expected_sinks);
        assert_non_null(strstr(profile, "(deny default)"));
        assert_int_equal(strncmp(profile, "(version 1)\n", 12), 0);
}

static void test_seatbelt_workspace_write_adds_workspace_and_temp_areas(void **state) {
        (void) state;
        struct sbx_seatbelt_params p = {
                .mode = SBX_MODE_WORKSPACE_WRITE,
                .workspace = "/Users/me/ws",
                .tmpdir = "/private/var/folders/zz/abc123/T",
                .run_tmp = "/private/var/folders/zz/abc123/T/sbx-run.1",
        };
        _cleanup_free_ char *profile = NULL, *rules = NULL, *want = concat(expected_sinks, expected_workspace_all);
        const char *error = NULL;

        assert_int_equal(sbx_seatbelt_profile(&p, &profile), 0);
        rules = writable_rules(profile, &error);
        if (!rules)
                fail_msg("profile does not parse: %s", error);
        assert_string_equal(rules, want);
}

static void test_seatbelt_hostile_tmpdir_is_left_out(void **state) {
        (void) state;
        static const char *const hostile[] = {
                "/", "/Users/me", "/private/var/folders", "/private/var/folders/", "/private/tmp",
                "/private/var/folders/../../etc", "relative/T",
                /* not canonical, and "/.." at its end is no "/../": /private/var/folders itself */
                "/private/var/folders/zz/..",
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(hostile); i++) {
                struct sbx_seatbelt_params p = {
                        .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = "/Users/me/ws", .tmpdir = hostile[i]
                };
                _cleanup_free_ char *profile = NULL, *rules = NULL,
                                    *want = concat(expected_sinks, expected_workspace_only);
                _cleanup_strv_free_ char **argv = NULL;
                const char *error = NULL;
                char *cmd[] = { (char *) "true", NULL };

                assert_int_equal(sbx_seatbelt_profile(&p, &profile), 0);
                rules = writable_rules(profile, &error);
                assert_non_null(rules);
                if (strcmp(rules, want) != 0)
                        fail_msg("TMPDIR '%s' changed the writable rules:\n%s", hostile[i], rules);
                assert_int_equal(sbx_seatbelt_argv("/usr/bin/sandbox-exec", &p, cmd, &argv), 0);
                for (char **a = argv; *a; a++)
                        assert_null(strstr(*a, "TMPDIR="));
        }
}

/* Finds the value of `-D KEY=...` before "--"; NULL when absent. */
static const char *argv_param(char **argv, const char *key) {
        size_t kl = strlen(key);
        for (size_t i = 1; argv[i] && strcmp(argv[i], "--") != 0; i++)
                if (strcmp(argv[i], "-D") == 0 && argv[i + 1] && strncmp(argv[i + 1], key, kl) == 0 &&
                    argv[i + 1][kl] == '=')
                        return argv[i + 1] + kl + 1;
        return NULL;
}

static void test_seatbelt_argv_passes_paths_as_params(void **state) {
        (void) state;
        struct sbx_seatbelt_params p = {
                .mode = SBX_MODE_WORKSPACE_WRITE,
                .workspace = "/Users/me/ws",
                .tmpdir = "/private/var/folders/zz/abc123/T",
                .run_tmp = "/private/tmp/sbx-run.1",
        };
        char *cmd[] = { (char *) "-rf-looking-command", (char *) "arg one", (char *) "", NULL };
        _cleanup_strv_free_ char **argv = NULL;
        _cleanup_free_ char *profile = NULL;

        assert_int_equal(sbx_seatbelt_argv("/usr/bin/sandbox-exec", &p, cmd, &argv), 0);
        assert_int_equal(sbx_seatbelt_profile(&p, &profile), 0);
        assert_int_equal(sbx_strv_length(argv), 3 + 6 + 1 + 3);
        assert_string_equal(argv[0], "/usr/bin/sandbox-exec");
        assert_string_equal(argv[1], "-p");
        assert_string_equal(argv[2], profile);
        assert_string_equal(argv[3], "-D");
        assert_string_equal(argv[4], "WORKSPACE=/Users/me/ws");
        assert_string_equal(argv[5], "-D");
        assert_string_equal(argv[6], "TMPDIR=/private/var/folders/zz/abc123/T");
        assert_string_equal(argv[7], "-D");
        assert_string_equal(argv[8], "RUN_TMPDIR=/private/tmp/sbx-run.1");
        assert_string_equal(argv[9], "--");
        assert_string_equal(argv[10], "-rf-looking-command");
        assert_string_equal(argv[11], "arg one");
        assert_string_equal(argv[12], "");
        assert_null(argv[13]);
}

static void test_seatbelt_read_only_argv_has_no_params(void **state) {
        (void) state;
        struct sbx_seatbelt_params p = { .mode = SBX_MODE_READ_ONLY, .workspace = "/Users/me/ws" };
        char *cmd[] = { (char *) "bash", (char *) "-c", (char *) "echo hi", NULL };
        _cleanup_strv_free_ char **argv = NULL;

        assert_int_equal(sbx_seatbelt_argv("sandbox-exec", &p, cmd, &argv), 0);
        assert_int_equal(sbx_strv_length(argv), 3 + 1 + 3);
        assert_string_equal(argv[3], "--");
        assert_string_equal(argv[4], "bash");
        assert_string_equal(argv[6], "echo hi");
}

static const char *const hostile_paths[] = {
        "/Users/me/a\"b",
        "/Users/me/back\\slash\\",
        "/Users/me/paren)(allow default)(",
        "/Users/me/x\")) (allow file-write* (subpath \"/\")) ((\"",
        "/Users/me/new\nline (allow file-write* (subpath \"/\"))",
        "/Users/me/#\"regex\" ; comment",
        "/Users/me/(allow default)",
        "/Users/me/\\\")(allow file-write*)(\\\"",
        /* sandbox-exec splits -D at an '=': split at the first, the value is exact; split at the
         * last, WORKSPACE is undefined and the profile fails to compile (a runner failure) */
        "/Users/me/a=b=(allow default)",
};

/* A hostile workspace path changes nothing in the profile: the text is the golden one, the only
 * writable rules are the intended ones, and the path reaches sandbox-exec byte for byte as the
 * WORKSPACE parameter value. */
static void test_seatbelt_hostile_workspace_cannot_widen_profile(void **state) {
        (void) state;
        _cleanup_free_ char *want = concat(expected_sinks, expected_workspace_only);
        _cleanup_free_ char *golden = NULL;

        {
                struct sbx_seatbelt_params g = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = "/Users/me/ws" };
                assert_int_equal(sbx_seatbelt_profile(&g, &golden), 0);
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(hostile_paths); i++) {
                struct sbx_seatbelt_params p = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = hostile_paths[i] };
                char *cmd[] = { (char *) "true", NULL };
                _cleanup_strv_free_ char **argv = NULL;
                _cleanup_free_ char *profile = NULL, *rules = NULL;
                const char *error = NULL;

                assert_int_equal(sbx_seatbelt_profile(&p, &profile), 0);
                assert_string_equal(profile, golden);
                rules = writable_rules(profile, &error);
                if (!rules)
                        fail_msg("profile for '%s' does not parse: %s", hostile_paths[i], error);
                if (strcmp(rules, want) != 0)
                        fail_msg("hostile path '%s' widened the profile:\n%s", hostile_paths[i], rules);
                assert_int_equal(sbx_seatbelt_argv("/usr/bin/sandbox-exec", &p, cmd, &argv), 0);
                assert_string_equal(argv[2], golden);
                assert_string_equal(argv_param(argv, "WORKSPACE"), hostile_paths[i]);
                assert_string_equal(argv[sbx_strv_length(argv) - 2], "--");
        }
}

/* The checker itself can fail: a naive generator that pastes the path between quotes is caught
 * widening or breaking the profile for every hostile path that carries a quote or a trailing
 * backslash, while a benign path and SBPL text without a quote (harmless inside a string) pass. */
static bool naive_embedding_is_caught(const char *path) {
        struct sbx_seatbelt_params p = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = "/Users/me/ws" };
        _cleanup_free_ char *profile = NULL, *naive = NULL, *rules = NULL, *want = NULL;
        const char *error = NULL;
        char *at;

        assert_int_equal(sbx_seatbelt_profile(&p, &profile), 0);
        at = strstr(profile, "(param \"WORKSPACE\")");
        assert_non_null(at);
        assert_true(asprintf(&naive, "%.*s\"%s\"%s", (int) (at - profile), profile, path,
                             at + strlen("(param \"WORKSPACE\")")) >= 0);
        assert_true(asprintf(&want, "%sfile-write* | (subpath \"%s\")\nfile-write* | (subpath \"/private/tmp\")\n",
                             expected_sinks, path) >= 0);
        rules = writable_rules(naive, &error);
        return !rules || strcmp(rules, want) != 0;
}

static void test_seatbelt_checker_catches_naive_embedding(void **state) {
        (void) state;
        assert_false(naive_embedding_is_caught("/Users/me/ws"));
        for (size_t i = 0; i < SBX_ELEMENTSOF(hostile_paths); i++) {
                /* inside a naive string literal, only a quote or a trailing backslash escapes */
                size_t l = strlen(hostile_paths[i]);
                bool harmless = !strchr(hostile_paths[i], '"') && hostile_paths[i][l - 1] != '\\';
                if (naive_embedding_is_caught(hostile_paths[i]) == harmless)
                        fail_msg("naive embedding of '%s': checker %s", hostile_paths[i],
                                 harmless ? "flagged a harmless path" : "missed an injection");
        }
}

static void test_seatbelt_macos_path_maps_firmlinks(void **state) {
        (void) state;
        static const struct {
                const char *in, *out;
        } cases[] = {
                { "/var/folders/zz/abc/T/", "/private/var/folders/zz/abc/T" },
                { "/tmp", "/private/tmp" },
                { "/tmp/x/../y", "/private/tmp/y" },
                { "/etc/hosts", "/private/etc/hosts" },
                { "/private/var/folders/x", "/private/var/folders/x" },
                { "/variable/x", "/variable/x" },
                { "/tmpfoo", "/tmpfoo" },
                { "//Users//me/./ws/", "/Users/me/ws" },
                { "/Users/me/ws/..", "/Users/me" },
                { "/", "/" },
                { "/var/../tmp", "/private/tmp" },
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *out = NULL;
                assert_int_equal(sbx_seatbelt_macos_path(cases[i].in, &out), 0);
                if (strcmp(out, cases[i].out) != 0)
                        fail_msg("'%s' -> '%s', want '%s'", cases[i].in, out, cases[i].out);
        }
        char *untouched = (char *) 0x1;
        assert_int_equal(sbx_seatbelt_macos_path("relative/x", &untouched), -EINVAL);
        assert_int_equal(sbx_seatbelt_macos_path("", &untouched), -EINVAL);
        assert_ptr_equal(untouched, (char *) 0x1);
}

static void test_seatbelt_tmpdir_must_be_beneath_user_temp_root(void **state) {
        (void) state;
        assert_true(sbx_seatbelt_tmpdir_acceptable("/private/var/folders/zz/abc123/T"));
        assert_false(sbx_seatbelt_tmpdir_acceptable("/private/var/folders/"));
        assert_false(sbx_seatbelt_tmpdir_acceptable("/private/var/folders"));
        assert_false(sbx_seatbelt_tmpdir_acceptable("/var/folders/zz/abc123/T"));
        assert_false(sbx_seatbelt_tmpdir_acceptable("/"));
        assert_false(sbx_seatbelt_tmpdir_acceptable("/private/var/folders/zz/../../../etc"));
        assert_false(sbx_seatbelt_tmpdir_acceptable("/private/var/folders/./zz"));
        assert_false(sbx_seatbelt_tmpdir_acceptable(NULL));
}

static void test_seatbelt_rejects_bad_params(void **state) {
        (void) state;
        static const struct sbx_seatbelt_params bad[] = {
                { .mode = SBX_MODE_DANGER_FULL_ACCESS, .workspace = "/Users/me/ws" },
                { .mode = _SBX_MODE_MAX, .workspace = "/Users/me/ws" },
                { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = NULL },
                { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = "Users/me/ws" },
                { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = "/var/ws" },      /* not the /private spelling */
                { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = "/Users/me/../x" },
                { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = "/Users/me/ws/" },
                { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = "/Users/me/ws", .run_tmp = "/" },
                { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace = "/Users/me/ws", .run_tmp = "/tmp/x" },
        };
        char *cmd[] = { (char *) "true", NULL };
        char *empty[] = { NULL };
        for (size_t i = 0; i < SBX_ELEMENTSOF(bad); i++) {
                char *profile = (char *) 0x1;
                char **argv = (char **) 0x1;
                assert_int_equal(sbx_seatbelt_profile(&bad[i], &profile), -EINVAL);
                assert_int_equal(sbx_seatbelt_argv("sandbox-exec", &bad[i], cmd, &argv), -EINVAL);
                assert_ptr_equal(profile, (char *) 0x1);
                assert_ptr_equal(argv, (char **) 0x1);
        }
        struct sbx_seatbelt_params ok = { .mode = SBX_MODE_READ_ONLY };
        char **argv = (char **) 0x1;
        assert_int_equal(sbx_seatbelt_argv("sandbox-exec", &ok, empty, &argv), -EINVAL);
        assert_int_equal(sbx_seatbelt_argv("", &ok, cmd, &argv), -EINVAL);
        assert_int_equal(sbx_seatbelt_profile(NULL, (char **) &argv), -EINVAL);
}

static void test_seatbelt_not_applicable_off_macos(void **state) {
        (void) state;
        const struct sbx_backend *b = sbx_backend_get("seatbelt");
        struct sbx_candidate c = {};

        assert_non_null(b);
        assert_ptr_equal(b, &sbx_backend_seatbelt);
#ifdef __APPLE__
        assert_true(b->applicable());
#else
        assert_false(b->applicable());
        assert_int_equal(b->check(NULL, SBX_MODE_READ_ONLY, &c), -EOPNOTSUPP);
        assert_non_null(strstr(c.reason, "macOS"));
#endif
}

static void test_seatbelt_backend_confines_with_full_enforcement(void **state) {
        (void) state;
        struct sbx_config cfg = { .sandbox_exec_path = (char *) "/usr/bin/sandbox-exec" };
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = (char *) "/tmp/ws" };
        char *cmd[] = { (char *) "bash", (char *) "-c", (char *) "touch x", NULL };
        struct sbx_confine_options opts = { .status_fd = -1 };
        struct sbx_confine_request req = { .cfg = &cfg, .policy = &pol, .argv = cmd, .opts = &opts };
        struct sbx_confined_argv out = {};
        struct sbx_diag diag = {};
        const char *saved = getenv("TMPDIR");
        _cleanup_free_ char *saved_copy = saved ? strdup(saved) : NULL;

        setenv("TMPDIR", "/var/folders/zz/abc123/T/", 1);
        int r = sbx_backend_seatbelt.confine(&req, &out, &diag);
        if (saved_copy)
                setenv("TMPDIR", saved_copy, 1);
        else
                unsetenv("TMPDIR");
        if (r < 0)
                fail_msg("confine failed: %s", diag.msg);
        assert_string_equal(out.backend, "seatbelt");
        assert_int_equal(out.enforcement, SBX_ENFORCEMENT_FULL);
        assert_null(out.enforcement_reason);
        assert_non_null(out.dialect);
        assert_string_equal(out.argv[0], "/usr/bin/sandbox-exec");
#ifndef __APPLE__
        /* off macOS the canonicalization is the lexical firmlink mapping */
        assert_string_equal(argv_param(out.argv, "WORKSPACE"), "/private/tmp/ws");
        assert_string_equal(argv_param(out.argv, "TMPDIR"), "/private/var/folders/zz/abc123/T");
#endif
        assert_string_equal(out.argv[sbx_strv_length(out.argv) - 1], "touch x");
        sbx_strv_free(out.argv);
}

/* What sbx depends on (req->protect: config, probe cache, database directory, runners, sbx) must
 * not be writable by the command: the profile allowed file-write* on all of it when it lay in the
 * workspace (a workspace of $HOME holds ~/.config/sbx, where a planted config could switch the
 * next run's confinement off), in the run's temp area or in /private/tmp. */
static void test_seatbelt_backend_refuses_to_expose_what_sbx_depends_on(void **state) {
        (void) state;
        struct sbx_config cfg = { .sandbox_exec_path = (char *) "/usr/bin/sandbox-exec" };
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = (char *) "/Users/me" };
        char *cmd[] = { (char *) "true", NULL };
        struct sbx_confine_options opts = { .status_fd = -1 };
        struct sbx_confine_request req = { .cfg = &cfg, .policy = &pol, .argv = cmd, .opts = &opts,
                                           .temp_dir = "/Users/other/run-1" };
        static const char *const exposed[] = {
                "/Users/me/.config/sbx",           /* beneath the workspace */
                "/Users/me",                       /* the workspace itself */
                "/tmp/sbx-db",                     /* /private/tmp, always writable */
                "/private/tmp/sbx-db/audit.db",
                "/Users/other/run-1/x",            /* the run's temp area */
                NULL,
        };
        static const char *const out_of_reach[] = { "/usr/local/bin/sbx", "/Users/meme/.config/sbx",
                                                    "/private/etc/sbx", "/Users", NULL };
        const char *saved = getenv("TMPDIR");
        _cleanup_free_ char *saved_copy = saved ? strdup(saved) : NULL;

        unsetenv("TMPDIR");
        for (size_t i = 0; exposed[i]; i++) {
                char *protect[] = { (char *) "/usr/bin/sandbox-exec", (char *) exposed[i], NULL };
                struct sbx_confined_argv out = {};
                struct sbx_diag diag = {};
                req.protect = protect;
                int r = sbx_backend_seatbelt.confine(&req, &out, &diag);
                if (r != -EPERM)
                        fail_msg("%s in reach of the command: confine returned %d", exposed[i], r);
                assert_null(out.argv);
                assert_non_null(strstr(diag.msg, exposed[i]));
        }
        for (size_t i = 0; out_of_reach[i]; i++) {
                char *protect[] = { (char *) out_of_reach[i], NULL };
                struct sbx_confined_argv out = {};
                struct sbx_diag diag = {};
                req.protect = protect;
                if (sbx_backend_seatbelt.confine(&req, &out, &diag) != 0)
                        fail_msg("%s refused: %s", out_of_reach[i], diag.msg);
                sbx_strv_free(out.argv);
        }
        /* read-only writes nothing of them */
        char *protect[] = { (char *) "/Users/me/.config/sbx", NULL };
        struct sbx_confined_argv out = {};
        struct sbx_diag diag = {};
        pol.mode = SBX_MODE_READ_ONLY;
        req.temp_dir = NULL;
        req.protect = protect;
        assert_int_equal(sbx_backend_seatbelt.confine(&req, &out, &diag), 0);
        sbx_strv_free(out.argv);
        /* $TMPDIR beneath the user temp root is writable too: what lies in it is refused, what
         * lies beside it is not */
        setenv("TMPDIR", "/private/var/folders/zz/abc123/T", 1);
        pol.mode = SBX_MODE_WORKSPACE_WRITE;
        {
                char *in_tmpdir[] = { (char *) "/private/var/folders/zz/abc123/T/sbx/config", NULL };
                struct sbx_confined_argv o2 = {};
                struct sbx_diag d2 = {};
                req.protect = in_tmpdir;
                assert_int_equal(sbx_backend_seatbelt.confine(&req, &o2, &d2), -EPERM);
                assert_null(o2.argv);
                assert_non_null(strstr(d2.msg, in_tmpdir[0]));
        }
        {
                char *beside[] = { (char *) "/private/var/folders/zz/abc123/Tx/sbx", NULL };
                struct sbx_confined_argv o2 = {};
                struct sbx_diag d2 = {};
                req.protect = beside;
                if (sbx_backend_seatbelt.confine(&req, &o2, &d2) != 0)
                        fail_msg("%s refused: %s", beside[0], d2.msg);
                sbx_strv_free(o2.argv);
        }
        if (saved_copy)
                setenv("TMPDIR", saved_copy, 1);
        else
                unsetenv("TMPDIR");
}

/* A bare runner name is resolved through PATH at confine time, never left for the spawner. */
static void test_seatbelt_backend_resolves_a_bare_runner_name(void **state) {
        (void) state;
        struct sbx_config cfg = { .sandbox_exec_path = (char *) "sbx-test-no-such-sandbox-exec" };
        struct sbx_policy pol = { .mode = SBX_MODE_READ_ONLY, .workspace_root = (char *) "/tmp" };
        char *cmd[] = { (char *) "true", NULL };
        struct sbx_confine_request req = { .cfg = &cfg, .policy = &pol, .argv = cmd };
        struct sbx_confined_argv out = {};
        struct sbx_diag diag = {};

        assert_int_equal(sbx_backend_seatbelt.confine(&req, &out, &diag), -ENOENT);
        assert_null(out.argv);
        assert_non_null(strstr(diag.msg, "sbx-test-no-such-sandbox-exec"));

        cfg.sandbox_exec_path = (char *) "sh"; /* any bare name that PATH resolves */
        assert_int_equal(sbx_backend_seatbelt.confine(&req, &out, &diag), 0);
        assert_true(out.argv[0][0] == '/');
        /* the real path of the sh found (it may be a symlink to dash or bash) */
        assert_int_equal(access(out.argv[0], X_OK), 0);
        sbx_strv_free(out.argv);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_seatbelt_read_only_profile_matches_golden),
                cmocka_unit_test(test_seatbelt_workspace_write_profile_matches_golden),
                cmocka_unit_test(test_seatbelt_read_only_writes_only_the_sinks),
                cmocka_unit_test(test_seatbelt_workspace_write_adds_workspace_and_temp_areas),
                cmocka_unit_test(test_seatbelt_hostile_tmpdir_is_left_out),
                cmocka_unit_test(test_seatbelt_argv_passes_paths_as_params),
                cmocka_unit_test(test_seatbelt_read_only_argv_has_no_params),
                cmocka_unit_test(test_seatbelt_hostile_workspace_cannot_widen_profile),
                cmocka_unit_test(test_seatbelt_checker_catches_naive_embedding),
                cmocka_unit_test(test_seatbelt_macos_path_maps_firmlinks),
                cmocka_unit_test(test_seatbelt_tmpdir_must_be_beneath_user_temp_root),
                cmocka_unit_test(test_seatbelt_rejects_bad_params),
                cmocka_unit_test(test_seatbelt_not_applicable_off_macos),
                cmocka_unit_test(test_seatbelt_backend_confines_with_full_enforcement),
                cmocka_unit_test(test_seatbelt_backend_resolves_a_bare_runner_name),
                cmocka_unit_test(test_seatbelt_backend_refuses_to_expose_what_sbx_depends_on),
        };
        return cmocka_run_group_tests_name("seatbelt", tests, NULL, NULL);
}
