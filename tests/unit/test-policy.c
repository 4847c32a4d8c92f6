/* Policy resolution, mode parsing and root canonicalization. */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "sbx-confine.h"
#include "sbx-macro.h"
#include "sbx-realpath.h"

static char base[PATH_MAX]; /* canonical temp dir of this test */

static void mkpath(char *buf, size_t size, const char *rel) {
        snprintf(buf, size, "%s/%s", base, rel);
}

static int setup(void **state) {
        char tmpl[] = "/tmp/sbx-test-policy-XXXXXX";
        char p[PATH_MAX + 64], q[PATH_MAX + 64];
        char *real;

        (void) state;
        if (!mkdtemp(tmpl))
                return -1;
        real = realpath(tmpl, NULL);
        snprintf(base, sizeof(base), "%s", real);
        free(real);
        mkpath(p, sizeof(p), "ws");
        mkdir(p, 0755);
        mkpath(p, sizeof(p), "ws/sub");
        mkdir(p, 0755);
        mkpath(p, sizeof(p), "other");
        mkdir(p, 0755);
        mkpath(p, sizeof(p), "other/deep");
        mkdir(p, 0755);
        /* ws/link -> ../other/deep: ws/link/.. is other, where a process really runs */
        mkpath(p, sizeof(p), "ws/link");
        if (symlink("../other/deep", p) < 0)
                return -1;
        mkpath(p, sizeof(p), "file");
        fclose(fopen(p, "w"));
        mkpath(p, sizeof(p), "loop1");
        mkpath(q, sizeof(q), "loop2");
        if (symlink(q, p) < 0 || symlink(p, q) < 0)
                return -1;
        return 0;
}

static int teardown(void **state) {
        char cmd[PATH_MAX + 16];
        (void) state;
        snprintf(cmd, sizeof(cmd), "rm -rf '%s'", base);
        return system(cmd) == 0 ? 0 : -1;
}

static void test_mode_names_round_trip(void **state) {
        static const char *names[] = { "read-only", "workspace-write", "danger-full-access" };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(names); i++) {
                enum sbx_mode m;
                assert_int_equal(sbx_mode_from_string(names[i], &m), 0);
                assert_string_equal(sbx_mode_to_string(m), names[i]);
        }
}

static void test_mode_parse_rejects_near_misses(void **state) {
        static const char *bad[] = { "", "READ-ONLY", "read_only", "readonly", "workspace-write ", "full", "none" };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(bad); i++) {
                enum sbx_mode m = SBX_MODE_READ_ONLY;
                assert_int_equal(sbx_mode_from_string(bad[i], &m), -EINVAL);
        }
        assert_int_equal(sbx_mode_from_string(NULL, &(enum sbx_mode) { 0 }), -EINVAL);
        assert_null(sbx_mode_to_string(_SBX_MODE_MAX));
}

static void test_mode_confined_only_two(void **state) {
        (void) state;
        assert_true(sbx_mode_is_confined(SBX_MODE_READ_ONLY));
        assert_true(sbx_mode_is_confined(SBX_MODE_WORKSPACE_WRITE));
        assert_false(sbx_mode_is_confined(SBX_MODE_DANGER_FULL_ACCESS));
}

static void test_normalize_lexical(void **state) {
        static const struct {
                const char *in, *out;
        } cases[] = {
                { "/", "/" }, { "//", "/" }, { "/a/b/..", "/a" }, { "/a/./b//c/", "/a/b/c" },
                { "/..", "/" }, { "/a/../../b", "/b" }, { "/a/b/../../..", "/" }, { "/.a/..b", "/.a/..b" },
        };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *out = NULL;
                assert_int_equal(sbx_path_normalize(cases[i].in, &out), 0);
                assert_string_equal(out, cases[i].out);
        }
        assert_int_equal(sbx_path_normalize("relative", &(char *) { NULL }), -EINVAL);
}

static void test_canonicalize_resolves_symlink_before_dotdot(void **state) {
        char in[PATH_MAX + 64], want[PATH_MAX + 64];
        _cleanup_free_ char *out = NULL;
        (void) state;
        mkpath(in, sizeof(in), "ws/link/..");
        mkpath(want, sizeof(want), "other");
        assert_int_equal(sbx_path_canonicalize_dir(in, &out, NULL), 0);
        assert_string_equal(out, want); /* not base/ws, which a lexical-first answer gives */
}

/* Symlinks on the way to a path that lie in a writable root: found wherever the walk starts and
 * through links outside that lead back in; not for links outside, nor past a missing component. */
static void test_symlink_beneath_finds_links_a_command_could_replace(void **state) {
        char ws[PATH_MAX + 64], in[PATH_MAX + 64], want[PATH_MAX + 64], other[PATH_MAX + 64], p[PATH_MAX + 64];
        char old[PATH_MAX];
        char *link = NULL;
        (void) state;
        assert_non_null(getcwd(old, sizeof(old)));
        mkpath(ws, sizeof(ws), "ws");
        mkpath(other, sizeof(other), "other");
        /* ws/link -> ../other/deep (setup): a path through it is redirectable by whoever writes ws */
        mkpath(in, sizeof(in), "ws/link/x/y");
        mkpath(want, sizeof(want), "ws/link");
        assert_int_equal(sbx_path_symlink_beneath(in, ws, &link), 1);
        assert_string_equal(link, want);
        free(link);
        /* ... but not by whoever writes other only: the link lies in ws */
        assert_int_equal(sbx_path_symlink_beneath(in, other, &link), 0);
        assert_null(link);
        /* plain directories and a missing tail: nothing */
        mkpath(in, sizeof(in), "ws/sub/missing/more");
        assert_int_equal(sbx_path_symlink_beneath(in, ws, &link), 0);
        /* .. from the root itself (no command can move it), or from outside it: nothing */
        mkpath(in, sizeof(in), "ws/../ws/sub/missing");
        assert_int_equal(sbx_path_symlink_beneath(in, ws, &link), 0);
        mkpath(in, sizeof(in), "ws/sub/../../ws/sub");
        assert_int_equal(sbx_path_symlink_beneath(in, other, &link), 0);
        /* .. from a directory beneath it: a command could swap that one for a symlink to a deeper
         * one, whose parent is its own (an approver's interpreter named so, checked outside) */
        mkpath(in, sizeof(in), "ws/sub/../sub/missing/more");
        mkpath(want, sizeof(want), "ws/sub/..");
        assert_int_equal(sbx_path_symlink_beneath(in, ws, &link), 1);
        assert_string_equal(link, want);
        free(link);
        mkpath(in, sizeof(in), "ws/sub/../../other");
        assert_int_equal(sbx_path_symlink_beneath(in, ws, &link), 1);
        assert_string_equal(link, want);
        free(link);
        mkpath(want, sizeof(want), "ws/link");
        /* a missing component after the link: still through the link */
        mkpath(in, sizeof(in), "ws/link/missing/more");
        assert_int_equal(sbx_path_symlink_beneath(in, ws, &link), 1);
        assert_string_equal(link, want);
        free(link);
        /* a link outside the root that leads to one inside: other/in -> ../ws/link */
        mkpath(p, sizeof(p), "other/in");
        assert_int_equal(symlink("../ws/link", p), 0);
        mkpath(in, sizeof(in), "other/in/z");
        assert_int_equal(sbx_path_symlink_beneath(in, ws, &link), 1);
        assert_string_equal(link, want);
        free(link);
        assert_int_equal(unlink(p), 0);
        /* relative to the cwd, and a loop */
        assert_int_equal(chdir(base), 0);
        assert_int_equal(sbx_path_symlink_beneath("ws/link/x", ws, &link), 1);
        free(link);
        mkpath(in, sizeof(in), "loop1/x");
        assert_int_equal(sbx_path_symlink_beneath(in, other, &link), -ELOOP);
        assert_int_equal(chdir(old), 0);
}

/* The one-call case: with no symlink on the way the lexical form is the real path, whether the
 * path exists (1) or a component is missing (-ENOENT); a symlink or a relative path is 0 (the
 * caller resolves it another way), even when the link is followed by a missing component. */
static void test_real_without_symlinks(void **state) {
        char in[PATH_MAX + 64], want[PATH_MAX + 64];
        char *out = NULL;
        (void) state;
        mkpath(in, sizeof(in), "ws/sub/..//sub/./");
        mkpath(want, sizeof(want), "ws/sub");
        assert_int_equal(sbx_path_real_without_symlinks(in, &out), 1);
        assert_string_equal(out, want);
        free(out);
        mkpath(in, sizeof(in), "ws/missing/../sub/x");
        mkpath(want, sizeof(want), "ws/sub/x");
        assert_int_equal(sbx_path_real_without_symlinks(in, &out), -ENOENT);
        assert_string_equal(out, want);
        free(out);
        mkpath(in, sizeof(in), "ws/link/x");
        assert_int_equal(sbx_path_real_without_symlinks(in, &out), 0);
        assert_null(out);
        mkpath(in, sizeof(in), "ws/link/missing");
        assert_int_equal(sbx_path_real_without_symlinks(in, &out), 0);
        assert_null(out);
        assert_int_equal(sbx_path_real_without_symlinks("/proc/self/exe", &out), 0);
        assert_null(out);
        assert_int_equal(sbx_path_real_without_symlinks("ws/sub", &out), 0);
        assert_null(out);
}

static void test_canonicalize_relative_root_from_cwd(void **state) {
        char old[PATH_MAX], want[PATH_MAX + 64];
        _cleanup_free_ char *out = NULL;
        (void) state;
        assert_non_null(getcwd(old, sizeof(old)));
        assert_int_equal(chdir(base), 0);
        mkpath(want, sizeof(want), "ws/sub");
        assert_int_equal(sbx_path_canonicalize_dir("ws/./sub/", &out, NULL), 0);
        assert_int_equal(chdir(old), 0);
        assert_string_equal(out, want);
}

static void test_canonicalize_errors_name_the_problem(void **state) {
        static const struct {
                const char *rel;
                int err;
                const char *words;
        } cases[] = {
                { "missing", ENOENT, "does not exist" },
                { "file", ENOTDIR, "not a directory" },
                { "file/x", ENOTDIR, "not a directory" },
                { "loop1", ELOOP, "symlink loop" },
        };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char in[PATH_MAX + 64];
                char *out = (char *) 0x1;
                struct sbx_diag diag = { 0 };
                mkpath(in, sizeof(in), cases[i].rel);
                assert_int_equal(sbx_path_canonicalize_dir(in, &out, &diag), -cases[i].err);
                assert_ptr_equal(out, (char *) 0x1); /* ret_ untouched on failure */
                assert_non_null(strstr(diag.msg, cases[i].words));
        }
        assert_int_equal(sbx_path_canonicalize_dir("", &(char *) { NULL }, NULL), -EINVAL);
}

static void test_canonicalize_refuses_kernel_file_systems(void **state) {
        static const char *bad[] = { "/proc", "/proc/self", "/sys", "/dev", "/dev/pts" };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(bad); i++) {
                char *out = NULL;
                struct sbx_diag diag = { 0 };
                if (access(bad[i], F_OK) < 0)
                        continue; /* not mounted here: nothing to refuse */
                assert_int_equal(sbx_path_canonicalize_dir(bad[i], &out, &diag), -EPERM);
                assert_null(out);
                assert_non_null(strstr(diag.msg, "never a workspace"));
        }
        if (access("/dev/shm", F_OK) == 0) { /* a plain tmpfs is fine */
                char *out = NULL;
                assert_int_equal(sbx_path_canonicalize_dir("/dev/shm", &out, NULL), 0);
                free(out);
        }
}

/* The places that are never a workspace, by name (the record's place is judged by it: a root of /
 * held /dev, and --verdict-json /dev/stdout was refused as a symlink in the workspace). */
static void test_path_kernel_interface_by_name(void **state) {
        static const char *in[] = { "/proc", "/proc/self/fd", "/sys", "/sys/fs", "/dev", "/dev/pts/0", "/dev/shmx" };
        static const char *out[] = { "/", "/dev/shm", "/dev/shm/x", "/devx", "/procfs", "/home/dev", "/tmp/proc" };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(in); i++)
                if (!sbx_path_kernel_interface(in[i]))
                        fail_msg("%s is the kernel's", in[i]);
        for (size_t i = 0; i < SBX_ELEMENTSOF(out); i++)
                if (sbx_path_kernel_interface(out[i]))
                        fail_msg("%s is not the kernel's", out[i]);
}

/* ---- precedence ---- */

struct fake_sessions {
        const char *id, *cwd;
        bool has_mode;
        enum sbx_mode mode;
        int64_t event;
};

static int fake_lookup(void *userdata, const char *id, struct sbx_session_info *ret, struct sbx_diag *diag) {
        const struct fake_sessions *f = userdata;
        (void) diag;
        if (strcmp(id, f->id) != 0)
                return -ENOENT;
        ret->cwd = strdup(f->cwd);
        ret->has_mode = f->has_mode;
        ret->mode = f->mode;
        ret->mode_event_id = f->event;
        return 0;
}

static struct sbx_config *config_with(enum sbx_mode def, const char *fallback) {
        struct sbx_config *c = NULL;
        char *none[] = { NULL };
        assert_int_equal(sbx_config_load_files(none, &c, NULL), 0);
        c->default_mode = def;
        free(c->fallback_root);
        c->fallback_root = fallback ? strdup(fallback) : NULL;
        return c;
}

static void test_policy_precedence_table(void **state) {
        char ws[PATH_MAX + 64], other[PATH_MAX + 64];
        struct fake_sessions fs = { .id = "s1", .has_mode = true, .mode = SBX_MODE_READ_ONLY, .event = 42 };
        struct sbx_session_lookup lookup = { fake_lookup, &fs };
        static const struct {
                bool session, session_has_mode, explicit_mode;
                enum sbx_mode explicit_value;
                enum sbx_mode want;
                enum sbx_mode_source source;
                int64_t event;
        } cases[] = {
                /* no session: explicit > default */
                { false, false, false, 0, SBX_MODE_WORKSPACE_WRITE, SBX_MODE_SOURCE_DEFAULT, 0 },
                { false, false, true, SBX_MODE_READ_ONLY, SBX_MODE_READ_ONLY, SBX_MODE_SOURCE_EXPLICIT, 0 },
                /* session with a mode event: it beats the default, explicit beats it */
                { true, true, false, 0, SBX_MODE_READ_ONLY, SBX_MODE_SOURCE_SESSION, 42 },
                { true, true, true, SBX_MODE_WORKSPACE_WRITE, SBX_MODE_WORKSPACE_WRITE, SBX_MODE_SOURCE_EXPLICIT, 0 },
                /* session without a mode event: the default applies */
                { true, false, false, 0, SBX_MODE_WORKSPACE_WRITE, SBX_MODE_SOURCE_DEFAULT, 0 },
        };
        (void) state;
        mkpath(ws, sizeof(ws), "ws");
        mkpath(other, sizeof(other), "other");
        fs.cwd = ws;
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_config *cfg = config_with(SBX_MODE_WORKSPACE_WRITE, other);
                struct sbx_policy_request req = {
                        .has_mode = cases[i].explicit_mode,
                        .mode = cases[i].explicit_value,
                        .session_id = cases[i].session ? "s1" : NULL,
                };
                struct sbx_policy *p = NULL;
                fs.has_mode = cases[i].session_has_mode;
                assert_int_equal(sbx_policy_resolve(cfg, &req, &lookup, &p, NULL), 0);
                assert_int_equal(p->mode, cases[i].want);
                assert_int_equal(p->mode_source, cases[i].source);
                assert_int_equal(p->mode_event_id, cases[i].event);
                /* the session's cwd is the root; without a session the fallback root */
                assert_string_equal(p->workspace_root, cases[i].session ? ws : other);
                if (cases[i].session)
                        assert_string_equal(p->session_id, "s1");
                else
                        assert_null(p->session_id);
                sbx_policy_free(p);
                sbx_config_free(cfg);
        }
}

static void test_policy_approved_escalation_outranks_session(void **state) {
        char ws[PATH_MAX + 64];
        struct fake_sessions fs = { .id = "s1", .has_mode = true, .mode = SBX_MODE_READ_ONLY, .event = 7 };
        struct sbx_session_lookup lookup = { fake_lookup, &fs };
        struct sbx_config *cfg = config_with(SBX_MODE_READ_ONLY, NULL);
        struct sbx_policy_request req = {
                .has_mode = true, .approved = true, .mode = SBX_MODE_WORKSPACE_WRITE, .session_id = "s1",
        };
        struct sbx_policy *p = NULL;
        (void) state;
        mkpath(ws, sizeof(ws), "ws");
        fs.cwd = ws;
        assert_int_equal(sbx_policy_resolve(cfg, &req, &lookup, &p, NULL), 0);
        assert_int_equal(p->mode, SBX_MODE_WORKSPACE_WRITE);
        assert_int_equal(p->mode_source, SBX_MODE_SOURCE_APPROVED);
        assert_string_equal(sbx_mode_source_to_string(p->mode_source), "approved");
        assert_int_equal(p->mode_event_id, 0);
        assert_string_equal(p->workspace_root, ws);
        sbx_policy_free(p);
        sbx_config_free(cfg);
}

static void test_policy_fallback_root_is_cwd_by_default(void **state) {
        char old[PATH_MAX], want[PATH_MAX + 64];
        struct sbx_config *cfg = config_with(SBX_MODE_READ_ONLY, NULL);
        struct sbx_policy_request req = { 0 };
        struct sbx_policy *p = NULL;
        (void) state;
        assert_non_null(getcwd(old, sizeof(old)));
        mkpath(want, sizeof(want), "ws/sub");
        assert_int_equal(chdir(want), 0);
        assert_int_equal(sbx_policy_resolve(cfg, &req, NULL, &p, NULL), 0);
        assert_int_equal(chdir(old), 0);
        assert_string_equal(p->workspace_root, want);
        sbx_policy_free(p);
        sbx_config_free(cfg);
}

static void test_policy_session_errors(void **state) {
        char ws[PATH_MAX + 64], other[PATH_MAX + 64];
        struct fake_sessions fs = { .id = "s1" };
        struct sbx_session_lookup lookup = { fake_lookup, &fs };
        struct sbx_config *cfg = config_with(SBX_MODE_READ_ONLY, NULL);
        struct sbx_policy *p = (struct sbx_policy *) 0x1;
        struct sbx_diag diag = { 0 };
        struct sbx_policy_request unknown = { .session_id = "nope" };
        struct sbx_policy_request other_root = { .session_id = "s1", .root = other };
        struct sbx_policy_request same_root = { .session_id = "s1", .root = ws };
        (void) state;
        mkpath(ws, sizeof(ws), "ws");
        mkpath(other, sizeof(other), "other");
        fs.cwd = ws;
        assert_int_equal(sbx_policy_resolve(cfg, &unknown, &lookup, &p, &diag), -ENOENT);
        assert_non_null(strstr(diag.msg, "unknown session 'nope'"));
        assert_int_equal(sbx_policy_resolve(cfg, &unknown, NULL, &p, &diag), -ENOTSUP);
        assert_int_equal(sbx_policy_resolve(cfg, &other_root, &lookup, &p, &diag), -EINVAL);
        assert_non_null(strstr(diag.msg, "immutable"));
        assert_ptr_equal(p, (struct sbx_policy *) 0x1);
        p = NULL;
        assert_int_equal(sbx_policy_resolve(cfg, &same_root, &lookup, &p, &diag), 0);
        sbx_policy_free(p);
        sbx_config_free(cfg);
}

/* A session whose recorded workspace root (rel, beneath the test's tree) no longer resolves to
 * itself: refused (-EXDEV), with words in the message. */
static void assert_session_root_refused(const char *rel, const char *words) {
        char root[PATH_MAX + 64];
        struct fake_sessions fs = { .id = "s1" };
        struct sbx_session_lookup lookup = { fake_lookup, &fs };
        struct sbx_config *cfg = config_with(SBX_MODE_READ_ONLY, NULL);
        struct sbx_policy_request req = { .session_id = "s1" };
        struct sbx_policy *p = NULL;
        struct sbx_diag diag = { 0 };

        mkpath(root, sizeof(root), rel);
        fs.cwd = root;
        assert_int_equal(sbx_policy_resolve(cfg, &req, &lookup, &p, &diag), -EXDEV);
        assert_null(p);
        assert_non_null(strstr(diag.msg, words));
        sbx_config_free(cfg);
}

static void test_policy_session_root_replaced_by_a_symlink_is_refused(void **state) {
        (void) state;
        /* the recorded cwd was canonical; a symlink now sits there (ws/link -> ../other/deep) */
        assert_session_root_refused("ws/link", "refusing a moved workspace");
}

/* removed since (or a file put there): refused as a moved one is, not an unknown name's -ENOENT,
 * which sbx run takes as a usage error and records nothing for */
static void test_policy_session_root_removed_is_refused(void **state) {
        (void) state;
        assert_session_root_refused("does-not-exist", "workspace root of session 's1' is gone");
}

static void test_policy_missing_root_is_an_error(void **state) {
        char missing[PATH_MAX + 64];
        struct sbx_config *cfg = config_with(SBX_MODE_READ_ONLY, NULL);
        struct sbx_policy_request req = { .root = missing };
        struct sbx_policy *p = NULL;
        (void) state;
        mkpath(missing, sizeof(missing), "does-not-exist");
        assert_int_equal(sbx_policy_resolve(cfg, &req, NULL, &p, NULL), -ENOENT);
        assert_null(p);
        sbx_config_free(cfg);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_mode_names_round_trip),
                cmocka_unit_test(test_mode_parse_rejects_near_misses),
                cmocka_unit_test(test_mode_confined_only_two),
                cmocka_unit_test(test_normalize_lexical),
                cmocka_unit_test(test_canonicalize_resolves_symlink_before_dotdot),
                cmocka_unit_test(test_canonicalize_relative_root_from_cwd),
                cmocka_unit_test(test_symlink_beneath_finds_links_a_command_could_replace),
                cmocka_unit_test(test_real_without_symlinks),
                cmocka_unit_test(test_canonicalize_errors_name_the_problem),
                cmocka_unit_test(test_canonicalize_refuses_kernel_file_systems),
                cmocka_unit_test(test_path_kernel_interface_by_name),
                cmocka_unit_test(test_policy_precedence_table),
                cmocka_unit_test(test_policy_approved_escalation_outranks_session),
                cmocka_unit_test(test_policy_fallback_root_is_cwd_by_default),
                cmocka_unit_test(test_policy_session_errors),
                cmocka_unit_test(test_policy_session_root_replaced_by_a_symlink_is_refused),
                cmocka_unit_test(test_policy_session_root_removed_is_refused),
                cmocka_unit_test(test_policy_missing_root_is_an_error),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
