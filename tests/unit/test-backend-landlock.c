/* The landlock backend: argv construction for both modes, enforcement and its reason per
 * Landlock ABI (injected, not the running kernel's), and the static check's refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include <seccomp.h>

#include "landlock-backend.h"
#include "sbx-macro.h"
#include "tools/landlock-seccomp.h"

struct fixture {
        char dir[64];
        char launcher[128];
        struct sbx_config cfg;
};

static int setup(void **state) {
        struct fixture *f = calloc(1, sizeof(*f));
        FILE *fp;

        assert_non_null(f);
        strcpy(f->dir, "/tmp/sbx-test-ll-XXXXXX");
        assert_non_null(mkdtemp(f->dir));
        snprintf(f->launcher, sizeof(f->launcher), "%s/sbx-landlock", f->dir);
        fp = fopen(f->launcher, "we");
        assert_non_null(fp);
        fputs("#!/bin/sh\nexit 125\n", fp);
        fclose(fp);
        assert_int_equal(chmod(f->launcher, 0755), 0);
        f->cfg.landlock_path = f->launcher;
        *state = f;
        return 0;
}

static int teardown(void **state) {
        struct fixture *f = *state;

        unlink(f->launcher);
        rmdir(f->dir);
        free(f);
        return 0;
}

static void assert_argv(char **got, const char *const *want) {
        size_t i;

        for (i = 0; want[i]; i++) {
                assert_non_null(got[i]);
                assert_string_equal(got[i], want[i]);
        }
        assert_null(got[i]);
}

static void confined_clear(struct sbx_confined_argv *c) {
        sbx_strv_free(c->argv);
        free(c->enforcement_reason);
        memset(c, 0, sizeof(*c));
}

/* ---- argv ------------------------------------------------------------------------------------ */

static void test_landlock_argv_read_only(void **state) {
        struct fixture *f = *state;
        char *cmd[] = { (char *) "touch", (char *) "x y", NULL };
        struct sbx_policy policy = { .mode = SBX_MODE_READ_ONLY, .workspace_root = (char *) "/ws" };
        struct sbx_confine_options opts = { .status_fd = -1 };
        struct sbx_confine_request req = { .cfg = &f->cfg, .policy = &policy, .argv = cmd, .opts = &opts };
        struct sbx_confined_argv out = { 0 };
        const char *want[] = { f->launcher, "--mode", "read-only", "--", "touch", "x y", NULL };

        assert_int_equal(sbx_landlock_confine_abi(&req, 7, &out, NULL), 0);
        assert_argv(out.argv, want);
        assert_int_equal(out.enforcement, SBX_ENFORCEMENT_FULL);
        assert_null(out.enforcement_reason);
        confined_clear(&out);
}

static void test_landlock_argv_workspace_write_grants_workspace_and_temp(void **state) {
        struct fixture *f = *state;
        char *cmd[] = { (char *) "sh", (char *) "-c", (char *) "echo > f", NULL };
        struct sbx_policy policy = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = (char *) "/home/u/ws" };
        struct sbx_confine_options opts = { .status_fd = 5 };
        struct sbx_confine_request req = { .cfg = &f->cfg, .policy = &policy, .argv = cmd, .opts = &opts,
                                           .temp_dir = "/tmp/sbx-run-abc" };
        struct sbx_confined_argv out = { 0 };
        const char *want[] = { f->launcher, "--mode", "workspace-write", "--write", "/home/u/ws", "--write",
                               "/tmp/sbx-run-abc", "--status-fd", "5", "--", "sh", "-c", "echo > f", NULL };

        assert_int_equal(sbx_landlock_confine_abi(&req, 7, &out, NULL), 0);
        assert_argv(out.argv, want);
        assert_int_equal(out.enforcement, SBX_ENFORCEMENT_PARTIAL);
        assert_non_null(out.enforcement_reason);
        confined_clear(&out);
}

static void test_landlock_argv_workspace_write_without_temp_area(void **state) {
        struct fixture *f = *state;
        char *cmd[] = { (char *) "true", NULL };
        struct sbx_policy policy = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = (char *) "/ws" };
        struct sbx_confine_request req = { .cfg = &f->cfg, .policy = &policy, .argv = cmd };
        struct sbx_confined_argv out = { 0 };
        const char *want[] = { f->launcher, "--mode", "workspace-write", "--write", "/ws", "--", "true", NULL };

        assert_int_equal(sbx_landlock_confine_abi(&req, 5, &out, NULL), 0);
        assert_argv(out.argv, want);
        confined_clear(&out);
}

static void test_landlock_argv_keeps_options_of_the_command_after_dashdash(void **state) {
        struct fixture *f = *state;
        char *cmd[] = { (char *) "--mode", (char *) "--", (char *) "--write", NULL };
        struct sbx_policy policy = { .mode = SBX_MODE_READ_ONLY, .workspace_root = (char *) "/ws" };
        struct sbx_confine_request req = { .cfg = &f->cfg, .policy = &policy, .argv = cmd };
        struct sbx_confined_argv out = { 0 };
        const char *want[] = { f->launcher, "--mode", "read-only", "--", "--mode", "--", "--write", NULL };

        assert_int_equal(sbx_landlock_confine_abi(&req, 7, &out, NULL), 0);
        assert_argv(out.argv, want);
        confined_clear(&out);
}

static void test_landlock_confine_refuses_danger_full_access_and_empty_argv(void **state) {
        struct fixture *f = *state;
        char *cmd[] = { (char *) "true", NULL }, *empty[] = { NULL };
        struct sbx_policy danger = { .mode = SBX_MODE_DANGER_FULL_ACCESS, .workspace_root = (char *) "/ws" };
        struct sbx_policy ro = { .mode = SBX_MODE_READ_ONLY, .workspace_root = (char *) "/ws" };
        struct sbx_confine_request r1 = { .cfg = &f->cfg, .policy = &danger, .argv = cmd };
        struct sbx_confine_request r2 = { .cfg = &f->cfg, .policy = &ro, .argv = empty };
        struct sbx_confined_argv out = { 0 };

        assert_int_equal(sbx_landlock_confine_abi(&r1, 7, &out, NULL), -EINVAL);
        assert_int_equal(sbx_landlock_confine_abi(&r2, 7, &out, NULL), -EINVAL);
        assert_null(out.argv);
}

static void test_landlock_confine_fails_without_launcher(void **state) {
        struct fixture *f = *state;
        char missing[160];
        char *cmd[] = { (char *) "true", NULL };
        struct sbx_config cfg = { .landlock_path = missing };
        struct sbx_policy ro = { .mode = SBX_MODE_READ_ONLY, .workspace_root = (char *) "/ws" };
        struct sbx_confine_request req = { .cfg = &cfg, .policy = &ro, .argv = cmd };
        struct sbx_confined_argv out = { 0 };
        struct sbx_diag diag = { 0 };

        snprintf(missing, sizeof(missing), "%s/absent", f->dir);
        assert_int_equal(sbx_landlock_confine_abi(&req, 7, &out, &diag), -ENOENT);
        assert_null(out.argv);
        assert_non_null(strstr(diag.msg, "not found"));
}

/* ---- enforcement per ABI --------------------------------------------------------------------- */

#define METADATA "chmod, chown, utime, xattr and inode flag (chattr) changes outside the workspace are not governed"
#define IOCTL(n) "ioctl on device files is not governed (Landlock ABI " #n " < 5)"
#define TRUNC_RO(n) "truncation (truncate, ftruncate, open with O_TRUNC) is not governed (Landlock ABI " #n " < 3)"
#define TRUNC_WW(n)                                                                                 \
        "truncation (truncate, ftruncate, open with O_TRUNC) outside the workspace is not governed " \
        "(Landlock ABI " #n " < 3)"
#define REFER(n) "cross-directory rename and link fail with EXDEV even inside the workspace (Landlock ABI " #n " < 2)"

static const struct {
        enum sbx_mode mode;
        int abi;
        enum sbx_enforcement enforcement;
        const char *reason; /* NULL: full */
} enforcement_cases[] = {
        { SBX_MODE_READ_ONLY, 8, SBX_ENFORCEMENT_FULL, NULL },
        { SBX_MODE_READ_ONLY, 7, SBX_ENFORCEMENT_FULL, NULL },
        { SBX_MODE_READ_ONLY, 6, SBX_ENFORCEMENT_FULL, NULL },
        { SBX_MODE_READ_ONLY, 5, SBX_ENFORCEMENT_FULL, NULL },
        { SBX_MODE_READ_ONLY, 4, SBX_ENFORCEMENT_PARTIAL, IOCTL(4) },
        { SBX_MODE_READ_ONLY, 3, SBX_ENFORCEMENT_PARTIAL, IOCTL(3) },
        { SBX_MODE_READ_ONLY, 2, SBX_ENFORCEMENT_PARTIAL, TRUNC_RO(2) "; " IOCTL(2) },
        { SBX_MODE_READ_ONLY, 1, SBX_ENFORCEMENT_PARTIAL, TRUNC_RO(1) "; " IOCTL(1) },
        { SBX_MODE_WORKSPACE_WRITE, 7, SBX_ENFORCEMENT_PARTIAL, METADATA },
        { SBX_MODE_WORKSPACE_WRITE, 5, SBX_ENFORCEMENT_PARTIAL, METADATA },
        { SBX_MODE_WORKSPACE_WRITE, 4, SBX_ENFORCEMENT_PARTIAL, METADATA "; " IOCTL(4) },
        { SBX_MODE_WORKSPACE_WRITE, 3, SBX_ENFORCEMENT_PARTIAL, METADATA "; " IOCTL(3) },
        { SBX_MODE_WORKSPACE_WRITE, 2, SBX_ENFORCEMENT_PARTIAL, METADATA "; " TRUNC_WW(2) "; " IOCTL(2) },
        { SBX_MODE_WORKSPACE_WRITE, 1, SBX_ENFORCEMENT_PARTIAL,
          METADATA "; " TRUNC_WW(1) "; " IOCTL(1) "; " REFER(1) },
};

static void test_landlock_enforcement_per_mode_and_abi(void **state) {
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(enforcement_cases); i++) {
                enum sbx_enforcement e = (enum sbx_enforcement) -1;
                char *reason = (char *) "untouched";

                print_message("mode %d abi %d\n", enforcement_cases[i].mode, enforcement_cases[i].abi);
                assert_int_equal(sbx_landlock_enforcement(enforcement_cases[i].mode, enforcement_cases[i].abi, &e,
                                                          &reason),
                                 0);
                assert_int_equal(e, enforcement_cases[i].enforcement);
                if (enforcement_cases[i].reason) {
                        assert_non_null(reason);
                        assert_string_equal(reason, enforcement_cases[i].reason);
                        free(reason);
                } else
                        assert_null(reason);
        }
}

static void test_landlock_enforcement_rejects_unconfined_mode_and_no_abi(void **state) {
        enum sbx_enforcement e = SBX_ENFORCEMENT_FULL;
        char *reason = (char *) "untouched";

        (void) state;
        assert_int_equal(sbx_landlock_enforcement(SBX_MODE_DANGER_FULL_ACCESS, 7, &e, &reason), -EINVAL);
        assert_int_equal(sbx_landlock_enforcement(SBX_MODE_READ_ONLY, 0, &e, &reason), -EINVAL);
        assert_string_equal(reason, "untouched");
}

static void test_landlock_confine_reports_partial_reason_of_its_abi(void **state) {
        struct fixture *f = *state;
        char *cmd[] = { (char *) "true", NULL };
        struct sbx_policy ro = { .mode = SBX_MODE_READ_ONLY, .workspace_root = (char *) "/ws" };
        struct sbx_confine_request req = { .cfg = &f->cfg, .policy = &ro, .argv = cmd };
        struct sbx_confined_argv out = { 0 };

        assert_int_equal(sbx_landlock_confine_abi(&req, 2, &out, NULL), 0);
        assert_int_equal(out.enforcement, SBX_ENFORCEMENT_PARTIAL);
        assert_string_equal(out.enforcement_reason, TRUNC_RO(2) "; " IOCTL(2));
        confined_clear(&out);
}

/* ---- check ----------------------------------------------------------------------------------- */

static void test_landlock_check_usable_sets_enforcement(void **state) {
        struct fixture *f = *state;
        struct sbx_candidate c = { 0 };

        assert_int_equal(sbx_landlock_check_abi(&f->cfg, SBX_MODE_READ_ONLY, 7, &c), 0);
        assert_int_equal(c.enforcement, SBX_ENFORCEMENT_FULL);
        assert_string_equal(c.reason, "");

        memset(&c, 0, sizeof(c));
        assert_int_equal(sbx_landlock_check_abi(&f->cfg, SBX_MODE_WORKSPACE_WRITE, 7, &c), 0);
        assert_int_equal(c.enforcement, SBX_ENFORCEMENT_PARTIAL);
        assert_string_equal(c.reason, METADATA);
}

static void test_landlock_check_missing_launcher_is_unusable_with_reason(void **state) {
        struct fixture *f = *state;
        char missing[160];
        struct sbx_config cfg = { .landlock_path = missing };
        struct sbx_candidate c = { 0 };

        snprintf(missing, sizeof(missing), "%s/absent", f->dir);
        assert_int_equal(sbx_landlock_check_abi(&cfg, SBX_MODE_READ_ONLY, 7, &c), -ENOENT);
        assert_non_null(strstr(c.reason, "Landlock launcher"));
        assert_non_null(strstr(c.reason, missing));
        assert_non_null(strstr(c.reason, "No such file"));

        cfg.landlock_path = NULL;
        memset(&c, 0, sizeof(c));
        assert_true(sbx_landlock_check_abi(&cfg, SBX_MODE_READ_ONLY, 7, &c) < 0);
        assert_non_null(strstr(c.reason, "not configured"));
}

static void test_landlock_check_launcher_not_executable_is_unusable(void **state) {
        struct fixture *f = *state;
        struct sbx_candidate c = { 0 };

        assert_int_equal(chmod(f->launcher, 0644), 0);
        assert_true(sbx_landlock_check_abi(&f->cfg, SBX_MODE_READ_ONLY, 7, &c) < 0);
        assert_non_null(strstr(c.reason, "not executable"));
        assert_int_equal(chmod(f->launcher, 0755), 0);

        /* a directory is not a launcher either, even with x bits */
        memset(&c, 0, sizeof(c));
        f->cfg.landlock_path = f->dir;
        assert_true(sbx_landlock_check_abi(&f->cfg, SBX_MODE_READ_ONLY, 7, &c) < 0);
        f->cfg.landlock_path = f->launcher;
}

static const struct {
        int abi;
        const char *words;
} abi_failures[] = {
        { -ENOSYS, "not supported by this kernel" },
        { -EOPNOTSUPP, "disabled" },
        { -EPERM, "query failed" },
        { 0, "unexpected Landlock ABI 0" },
};

static void test_landlock_check_kernel_without_landlock_is_unusable(void **state) {
        struct fixture *f = *state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(abi_failures); i++) {
                struct sbx_candidate c = { 0 };

                assert_true(sbx_landlock_check_abi(&f->cfg, SBX_MODE_READ_ONLY, abi_failures[i].abi, &c) < 0);
                assert_non_null(strstr(c.reason, abi_failures[i].words));
        }
}

/* ---- the table entry ------------------------------------------------------------------------- */

static void test_landlock_fingerprint_changes_with_the_launcher(void **state) {
        struct fixture *f = *state;
        char a[512], b[512];
        FILE *fp;

        assert_true(sbx_backend_landlock.applicable());
        assert_int_equal(sbx_backend_landlock.fingerprint(&f->cfg, a, sizeof(a)), 0);
        assert_non_null(strstr(a, f->launcher));
        assert_non_null(strstr(a, ":abi="));
        fp = fopen(f->launcher, "ae");
        assert_non_null(fp);
        fputs("# changed\n", fp);
        fclose(fp);
        assert_int_equal(sbx_backend_landlock.fingerprint(&f->cfg, b, sizeof(b)), 0);
        assert_string_not_equal(a, b);
}

/* The filters generated at build time are exactly what the launcher would assemble at run time. */
static void test_landlock_prebuilt_seccomp_filters_equal_the_assembled_ones(void **state) {
        static const enum ll_mode modes[] = { LL_MODE_READ_ONLY, LL_MODE_WORKSPACE_WRITE };
        uint32_t native = seccomp_arch_native();
        (void) state;

        for (size_t m = 0; m < SBX_ELEMENTSOF(modes); m++) {
                struct sock_filter built[1024];
                const struct sock_filter *pre;
                size_t n_built = 0, n_pre = 0;

                assert_int_equal(ll_seccomp_build(modes[m], native, built, SBX_ELEMENTSOF(built), &n_built), 0);
                pre = ll_seccomp_prebuilt(modes[m], native, &n_pre);
                if (!pre) {
                        print_message("no prebuilt filter in this build (cross build or another arch)\n");
                        continue;
                }
                assert_int_equal(n_pre, n_built);
                assert_memory_equal(pre, built, n_built * sizeof(built[0]));
                /* and never for another architecture */
                assert_null(ll_seccomp_prebuilt(modes[m], native ^ 1U, &n_pre));
        }
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_landlock_prebuilt_seccomp_filters_equal_the_assembled_ones),
                cmocka_unit_test_setup_teardown(test_landlock_argv_read_only, setup, teardown),
                cmocka_unit_test_setup_teardown(test_landlock_argv_workspace_write_grants_workspace_and_temp, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_landlock_argv_workspace_write_without_temp_area, setup, teardown),
                cmocka_unit_test_setup_teardown(test_landlock_argv_keeps_options_of_the_command_after_dashdash, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_landlock_confine_refuses_danger_full_access_and_empty_argv, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_landlock_confine_fails_without_launcher, setup, teardown),
                cmocka_unit_test(test_landlock_enforcement_per_mode_and_abi),
                cmocka_unit_test(test_landlock_enforcement_rejects_unconfined_mode_and_no_abi),
                cmocka_unit_test_setup_teardown(test_landlock_confine_reports_partial_reason_of_its_abi, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_landlock_check_usable_sets_enforcement, setup, teardown),
                cmocka_unit_test_setup_teardown(test_landlock_check_missing_launcher_is_unusable_with_reason, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_landlock_check_launcher_not_executable_is_unusable, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_landlock_check_kernel_without_landlock_is_unusable, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_landlock_fingerprint_changes_with_the_launcher, setup, teardown),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
