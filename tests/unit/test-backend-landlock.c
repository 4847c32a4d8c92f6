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

#include <fcntl.h>
#include <linux/btrfs.h>
#include <linux/filter.h>
#include <linux/fs.h>
#include <linux/fsverity.h>
#include <linux/msdos_fs.h>
#include <linux/seccomp.h>
#include <linux/serial.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <termios.h>

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
        const char *want[] = { f->launcher, "--mode", "read-only", "--die-with-parent", "--min-abi", "7", "--", "touch", "x y", NULL };

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
        const char *want[] = { f->launcher, "--mode", "workspace-write", "--die-with-parent", "--min-abi", "7", "--write", "/home/u/ws", "--write",
                               "/tmp/sbx-run-abc", "--status-fd", "5", "--exec-mark", "--", "sh", "-c", "echo > f", NULL };

        assert_int_equal(sbx_landlock_confine_abi(&req, 7, &out, NULL), 0);
        assert_argv(out.argv, want);
        assert_true(out.status_mark);
        assert_false(out.inprocess);
        assert_int_equal(out.enforcement, SBX_ENFORCEMENT_PARTIAL);
        assert_non_null(out.enforcement_reason);
        confined_clear(&out);
        /* sbx's own launcher, run in sbx's child: the same argv, marked too */
        f->cfg.landlock_builtin = true;
        assert_int_equal(sbx_landlock_confine_abi(&req, 7, &out, NULL), 0);
        assert_argv(out.argv, want);
        assert_true(out.status_mark);
        assert_true(out.inprocess);
        confined_clear(&out);
        /* no status descriptor: no mark */
        req.opts = NULL;
        assert_int_equal(sbx_landlock_confine_abi(&req, 7, &out, NULL), 0);
        assert_false(out.status_mark);
        for (size_t i = 0; out.argv[i]; i++)
                assert_string_not_equal(out.argv[i], "--exec-mark");
        confined_clear(&out);
}

/* Landlock cannot keep anything read-only beneath a write grant: a path sbx depends on in the
 * workspace or in the temp area is refused, not handed to the command; one elsewhere is fine. */
static void test_landlock_confine_refuses_a_protected_path_beneath_a_write_grant(void **state) {
        struct fixture *f = *state;
        char *cmd[] = { (char *) "true", NULL };
        char *in_ws[] = { (char *) "/etc/sbx", (char *) "/home/u/ws/.config/sbx", NULL };
        char *in_temp[] = { (char *) "/tmp/sbx-run-abc/state", NULL };
        char *outside[] = { (char *) "/home/u/.config/sbx", (char *) "/tmp/sbx-run-abcd", NULL };
        struct sbx_policy policy = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = (char *) "/home/u/ws" };
        struct sbx_confine_request req = { .cfg = &f->cfg, .policy = &policy, .argv = cmd,
                                           .temp_dir = "/tmp/sbx-run-abc" };
        struct sbx_confined_argv out = { 0 };
        struct sbx_diag diag = { 0 };

        req.protect = in_ws;
        assert_int_equal(sbx_landlock_confine_abi(&req, 7, &out, &diag), -EPERM);
        assert_non_null(strstr(diag.msg, "/home/u/ws/.config/sbx"));
        assert_null(out.argv);
        req.protect = in_temp;
        diag = (struct sbx_diag) { 0 };
        assert_int_equal(sbx_landlock_confine_abi(&req, 7, &out, &diag), -EPERM);
        assert_non_null(strstr(diag.msg, "/tmp/sbx-run-abc/state"));
        assert_null(out.argv);
        req.protect = outside;
        assert_int_equal(sbx_landlock_confine_abi(&req, 7, &out, NULL), 0);
        assert_non_null(out.argv);
        confined_clear(&out);
}

static void test_landlock_argv_workspace_write_without_temp_area(void **state) {
        struct fixture *f = *state;
        char *cmd[] = { (char *) "true", NULL };
        struct sbx_policy policy = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = (char *) "/ws" };
        struct sbx_confine_request req = { .cfg = &f->cfg, .policy = &policy, .argv = cmd };
        struct sbx_confined_argv out = { 0 };
        const char *want[] = { f->launcher, "--mode", "workspace-write", "--die-with-parent", "--min-abi", "5", "--write", "/ws", "--", "true", NULL };

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
        const char *want[] = { f->launcher, "--mode", "read-only", "--die-with-parent", "--min-abi", "7", "--", "--mode", "--", "--write", NULL };

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
        static const enum ll_mode modes[] = { LL_MODE_READ_ONLY, LL_MODE_WORKSPACE_WRITE, LL_MODE_SETID_ONLY,
                                              LL_MODE_SEAL_READ_ONLY, LL_MODE_CORE_LOCK };
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


/* ---- the seccomp filters, run through a classic BPF interpreter on every architecture --------- */

/* Runs filter f[n] on d the way the kernel does for the instructions the assembler emits; any
 * other instruction fails the test. */
static uint32_t bpf_run(const struct sock_filter *f, size_t n, const struct seccomp_data *d) {
        uint32_t a = 0;

        for (size_t pc = 0; pc < n; pc++) {
                const struct sock_filter *i = &f[pc];
                switch (i->code) {
                case BPF_LD | BPF_W | BPF_ABS:
                        assert_true(i->k + 4 <= sizeof(*d) && i->k % 4 == 0);
                        memcpy(&a, (const char *) d + i->k, 4);
                        break;
                case BPF_ALU | BPF_AND | BPF_K:
                        a &= i->k;
                        break;
                case BPF_JMP | BPF_JEQ | BPF_K:
                        pc += a == i->k ? i->jt : i->jf;
                        break;
                case BPF_JMP | BPF_JGE | BPF_K:
                        pc += a >= i->k ? i->jt : i->jf;
                        break;
                case BPF_JMP | BPF_JSET | BPF_K:
                        pc += (a & i->k) ? i->jt : i->jf;
                        break;
                case BPF_JMP | BPF_JA:
                        pc += i->k;
                        break;
                case BPF_RET | BPF_K:
                        return i->k;
                default:
                        fail_msg("unexpected BPF instruction %#x at %zu", i->code, pc);
                }
        }
        fail_msg("the filter ran off its end");
        return 0;
}

#define ERRNO(e) (SECCOMP_RET_ERRNO | (uint32_t) (e))

struct call {
        const char *name;
        uint64_t args[6];
        uint32_t read_only, workspace_write; /* the expected action in each mode */
};

/* A pointer whose low 32 bits are zero: only a filter that checks both halves sees it. */
#define HIGH_PTR 0x00007fff00000000ULL

static const struct call calls[] = {
        { "getpid", { 0 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "openat", { 0 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "fchmodat", { 0, 0, 0644 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "fchmodat", { 0, 0, 04755 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "fchownat", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "fsetxattr", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        /* every other metadata syscall Landlock does not govern (those a libseccomp does not
         * know by name, setxattrat, removexattrat, file_setattr, run-landlock.sh calls raw) */
        { "chmod", { 0, 0644 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "fchmod", { 3, 0644 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "fchmodat2", { 0, 0, 0644 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "chown", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "lchown", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "fchown", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "chown32", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "lchown32", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "fchown32", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "utime", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "utimes", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "futimesat", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "utimensat", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "utimensat_time64", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "setxattr", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "lsetxattr", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "removexattr", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "lremovexattr", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "fremovexattr", { 0 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "io_uring_setup", { 0 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "io_uring_enter", { 0 }, ERRNO(EPERM), ERRNO(EPERM) },
        /* a file's write-life hint, its inode's, kept after the run (escape57), in workspace-write
         * too, where the filter cannot tell a host file (escape58); every other fcntl command
         * stays allowed */
        { "fcntl", { 3, 1036 /* F_SET_RW_HINT */ }, ERRNO(EACCES), ERRNO(EPERM) },
        { "fcntl", { 3, 1038 /* F_SET_FILE_RW_HINT */ }, ERRNO(EACCES), ERRNO(EPERM) },
        { "fcntl64", { 3, 1036 }, ERRNO(EACCES), ERRNO(EPERM) },
        { "fcntl", { 3, 1035 /* F_GET_RW_HINT */ }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "fcntl", { 3, F_SETFL, O_NONBLOCK }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "fcntl", { 3, F_SETLEASE }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "ioctl", { 1, TIOCSTI }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 1, TIOCLINUX }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 1, TCGETS }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        /* the caller's terminal's line discipline and exclusive mode, which outlive the run
         * (escape56); reading them stays allowed */
        { "ioctl", { 0, TIOCSETD }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCEXCL }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCGETD }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        /* a timerfd's count of expirations set (TFD_IOC_SET_TICKS): the caller's timer got 1000
         * that never happened (escape60) */
        { "ioctl", { 3, 0x40085400 /* TFD_IOC_SET_TICKS */ }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCNXCL }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        /* ... and its output stopped (TCXONC's TCOOFF: the caller's writes block after the run);
         * restarting it, or its input's, stays allowed */
        { "ioctl", { 0, TCXONC, TCOOFF }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TCXONC, TCOON }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "ioctl", { 0, TCXONC, TCION }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        /* ... and a serial line's break, modem lines and port settings (escape58: a read-only
         * run dropped a caller's /dev/ttyS0's RTS and set the port's low-latency flag); reading
         * them and a timed break (tcsendbreak) stay allowed */
        { "ioctl", { 0, TIOCSBRK }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCCBRK }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCMSET }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCMBIS }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCMBIC }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCSSERIAL }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCSRS485 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCSISO7816 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, TIOCMGET }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "ioctl", { 0, TIOCGSERIAL }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "ioctl", { 0, TCSBRK }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        /* a virtual console's own commands: KDSKBMODE, KDGKBTYPE, VT_ACTIVATE; not another type */
        { "ioctl", { 0, 0x4b45 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, 0x4b33 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, 0x5606 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioctl", { 0, _IOR('K', 0x45, int) }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        /* a file system's encryption keyring, through any fd on it (both modes, and bubblewrap's) */
        { "ioctl", { 3, FS_IOC_ADD_ENCRYPTION_KEY }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, FS_IOC_REMOVE_ENCRYPTION_KEY }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, FS_IOC_REMOVE_ENCRYPTION_KEY_ALL_USERS }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, FS_IOC_GET_ENCRYPTION_KEY_STATUS }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        /* inode changes through a read-only fd: ext4's generation (both widths), FAT attributes */
        { "ioctl", { 3, _IOW('f', 4, long) }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "ioctl", { 3, _IOW('f', 4, int) }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "ioctl", { 3, FAT_IOCTL_SET_ATTRIBUTES }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "ioctl", { 3, FS_IOC_SETFLAGS }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        /* irreversible: an encryption policy, fs-verity (both modes; bubblewrap's read-only binds);
         * ext4's salt written into the superblock by its "get" (escape50: workspace-write allowed
         * it) */
        { "ioctl", { 3, FS_IOC_SET_ENCRYPTION_POLICY }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, FS_IOC_ENABLE_VERITY }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, FS_IOC_GET_ENCRYPTION_PWSALT }, ERRNO(EACCES), ERRNO(EACCES) },
        /* btrfs subvolumes: made or removed where Landlock does not see it, or changed: received
         * UUID (both struct sizes), the default subvolume (both modes; escape50: workspace-write
         * allowed SET_RECEIVED_SUBVOL) */
        { "ioctl", { 3, BTRFS_IOC_SUBVOL_CREATE }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, BTRFS_IOC_SNAP_CREATE_V2 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, BTRFS_IOC_SNAP_DESTROY_V2 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, BTRFS_IOC_SUBVOL_SETFLAGS }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, BTRFS_IOC_SET_RECEIVED_SUBVOL }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, _IOWR(BTRFS_IOCTL_MAGIC, 37, char[192]) }, ERRNO(EACCES), ERRNO(EACCES) },
        { "ioctl", { 3, BTRFS_IOC_DEFAULT_SUBVOL }, ERRNO(EACCES), ERRNO(EACCES) },
        /* ... not its reads */
        { "ioctl", { 3, BTRFS_IOC_GET_SUBVOL_INFO }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "ioctl", { 3, BTRFS_IOC_SUBVOL_GETFLAGS }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "ioctl", { 3, FICLONE }, ERRNO(EACCES), SECCOMP_RET_ALLOW }, /* cp --reflink in the workspace */
        { "shmget", { 42, 4096, IPC_CREAT | 0600 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "shmget", { IPC_PRIVATE, 4096, 0600 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "shmget", { 42, 0, 0 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "semget", { 42, 1, IPC_CREAT }, ERRNO(EACCES), ERRNO(EACCES) },
        { "msgget", { 42, IPC_CREAT }, ERRNO(EACCES), ERRNO(EACCES) },
        { "msgget", { 42, 0 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "shmctl", { 3, IPC_RMID }, ERRNO(EACCES), ERRNO(EACCES) },
        { "shmctl", { 3, IPC_SET | 0x100 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "shmctl", { 3, IPC_STAT }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "semctl", { 3, 0, IPC_RMID }, ERRNO(EACCES), ERRNO(EACCES) },
        { "semctl", { 3, 0, IPC_STAT }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "msgctl", { 3, IPC_RMID }, ERRNO(EACCES), ERRNO(EACCES) },
        /* the host's existing objects are not written either (escape review 52: a read-only run
         * wrote into the host's segment, sent to its message queue, raised its semaphore): each
         * object the command reaches is the host's, as it makes none of its own */
        { "shmat", { 3, 0, 0 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "shmat", { 3, 0, SHM_RND }, ERRNO(EACCES), ERRNO(EACCES) },
        { "shmat", { 3, 0, SHM_RDONLY }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "msgsnd", { 3 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "msgrcv", { 3 }, ERRNO(EACCES), ERRNO(EACCES) }, /* takes the host's message away */
        { "semop", { 3 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "semtimedop", { 3 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "semtimedop_time64", { 3 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "semctl", { 3, 0, SETVAL }, ERRNO(EACCES), ERRNO(EACCES) },
        { "semctl", { 3, 0, SETALL | 0x100 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "semctl", { 3, 0, GETVAL }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        /* ... nor locked in memory or unlocked: SHM_LOCKED stayed on the host's segment after a
         * read-only run recorded full (escape review 53); msgctl's commands of the same numbers
         * read (MSG_STAT, MSG_INFO), and so do the other reads */
        { "shmctl", { 3, SHM_LOCK }, ERRNO(EACCES), ERRNO(EACCES) },
        { "shmctl", { 3, SHM_UNLOCK | 0x100 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "shmctl", { 3, SHM_STAT }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "msgctl", { 3, MSG_STAT }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "msgctl", { 3, MSG_INFO }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "msgctl", { 3, IPC_SET | 0x100 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "msgctl", { 3, IPC_STAT }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "semctl", { 3, 0, IPC_SET }, ERRNO(EACCES), ERRNO(EACCES) },
        { "shmat", { 3, 0, SHM_RDONLY | SHM_REMAP }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "mq_open", { 0, O_CREAT | O_RDWR }, ERRNO(EACCES), ERRNO(EACCES) },
        { "mq_open", { 0, O_RDONLY }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "mq_unlink", { 0 }, ERRNO(EACCES), ERRNO(EACCES) },
        /* ... nor an existing one used: its file in a host's mqueue file system opens for reading
         * (escape review 54: a read-only run took the host's message) */
        { "mq_timedreceive", { 3 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "mq_timedreceive_time64", { 3 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "mq_timedsend", { 3 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "mq_timedsend_time64", { 3 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "mq_notify", { 3 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "mq_getsetattr", { 3 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "ipc", { 23 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "add_key", { 0 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "keyctl", { 0 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "request_key", { 0 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "prlimit64", { 0, 7, 0x1000 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },   /* its own */
        { "prlimit64", { 1234, 7, 0, 0x1000 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW }, /* reading */
        { "prlimit64", { 1234, 7, 0x1000 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "prlimit64", { 1234, 7, HIGH_PTR }, ERRNO(EPERM), ERRNO(EPERM) },
        /* nor another process's scheduling: a host process of the user's got SCHED_IDLE, the nice
         * value 19, one CPU and the idle I/O class (escape review 55). Its own (pid 0) is made;
         * setpriority and ioprio_set naming a pid, a process group or a user are refused, the
         * sched_set* calls naming a pid answered as done and not made (a refusal failed
         * pthread_create() with an affinity in its attributes: the C library sets it by the
         * thread's id) */
        { "setpriority", { 0 /* PRIO_PROCESS */, 0, 19 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "setpriority", { 0, 1234, 19 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "setpriority", { 1 /* PRIO_PGRP */, 0, 19 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "setpriority", { 2 /* PRIO_USER */, 0, 19 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "setpriority", { 0x100000000ULL, 0x100000000ULL, 19 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW }, /* ints */
        { "getpriority", { 2, 0 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "ioprio_set", { 1 /* IOPRIO_WHO_PROCESS */, 0, 3 << 13 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "ioprio_set", { 1, 1234, 3 << 13 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioprio_set", { 2 /* IOPRIO_WHO_PGRP */, 0, 3 << 13 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioprio_set", { 3 /* IOPRIO_WHO_USER */, 0, 3 << 13 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "ioprio_get", { 1, 1234 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "sched_setaffinity", { 0, 8, 0x1000 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "sched_setaffinity", { 1234, 8, 0x1000 }, ERRNO(0), ERRNO(0) },
        { "sched_getaffinity", { 1234, 8, 0x1000 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "sched_setscheduler", { 0, 5, 0x1000 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "sched_setscheduler", { 1234, 5, 0x1000 }, ERRNO(0), ERRNO(0) },
        { "sched_setparam", { 1234, 0x1000 }, ERRNO(0), ERRNO(0) },
        { "sched_setattr", { 0, 0x1000, 0 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "sched_setattr", { 1234, 0x1000, 0 }, ERRNO(0), ERRNO(0) },
        /* no file made with a set-ID bit (read-only makes no file at all: Landlock) */
        { "open", { 0, O_CREAT | O_WRONLY, 04755 }, SECCOMP_RET_ALLOW, ERRNO(EACCES) },
        { "open", { 0, O_CREAT | O_WRONLY, 0644 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "open", { 0, O_RDONLY, 06755 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW }, /* no file made: mode unused */
        { "open", { 0, O_RDONLY | O_DIRECTORY, 06755 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "openat", { 0, 0, O_CREAT | O_WRONLY, 02755 }, SECCOMP_RET_ALLOW, ERRNO(EACCES) },
        { "openat", { 0, 0, O_TMPFILE | O_WRONLY, 04700 }, SECCOMP_RET_ALLOW, ERRNO(EACCES) },
        { "openat", { 0, 0, O_RDONLY, 04755 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "creat", { 0, 04755 }, SECCOMP_RET_ALLOW, ERRNO(EACCES) },
        /* the set-group-ID bit alone is refused too, by every syscall whose mode is args[1] */
        { "chmod", { 0, 02755 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "chmod", { 0, 0755 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "fchmod", { 3, 02755 }, ERRNO(EACCES), ERRNO(EACCES) },
        { "fchmod", { 3, 0755 }, ERRNO(EACCES), SECCOMP_RET_ALLOW },
        { "creat", { 0, 02755 }, SECCOMP_RET_ALLOW, ERRNO(EACCES) },
        { "mknod", { 0, S_IFREG | 02755 }, SECCOMP_RET_ALLOW, ERRNO(EACCES) },
        { "creat", { 0, 0755 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "mknod", { 0, S_IFREG | 04755 }, SECCOMP_RET_ALLOW, ERRNO(EACCES) },
        { "mknodat", { 0, 0, S_IFREG | 02755 }, SECCOMP_RET_ALLOW, ERRNO(EACCES) },
        { "mknodat", { 0, 0, S_IFIFO | 0644 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "openat2", { 0 }, SECCOMP_RET_ALLOW, ERRNO(ENOSYS) },
        /* the new mount API's file system contexts, in both filters: a detached mount is beneath
         * no rule of the ruleset, but an overlay's own calls on its host layers are not Landlock's
         * to see (escape review 54: a read-only run emptied a host workdir's work); the rest of
         * that API is allowed */
        { "fsopen", { 0 }, ERRNO(EPERM), ERRNO(EPERM) },
        { "fspick", { 0 }, ERRNO(EPERM), ERRNO(EPERM) },
        /* bpf(2), whole: a host's pinned map reached by its path (BPF_OBJ_GET) was written
         * (escape review 54) */
        { "bpf", { 7 /* BPF_OBJ_GET */ }, ERRNO(EPERM), ERRNO(EPERM) },
        { "bpf", { 2 /* BPF_MAP_UPDATE_ELEM */ }, ERRNO(EPERM), ERRNO(EPERM) },
        /* clone3, whole (CLONE_INTO_CGROUP: a child started in a host cgroup, escape review
         * 54); clone stays */
        { "clone3", { 0 }, ERRNO(ENOSYS), ERRNO(ENOSYS) },
        { "clone", { 0 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "open_tree", { 0 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
        { "mount_setattr", { 0 }, SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW },
};

/* the file-system keyring ioctls and the kernel keyrings' syscalls: bubblewrap's user namespace
 * does not separate the caller's session keyring, nor the host user's keyring reached by its serial
 * number */
static bool is_keyring_call(const struct call *c) {
        if (strcmp(c->name, "add_key") == 0 || strcmp(c->name, "keyctl") == 0 || strcmp(c->name, "request_key") == 0)
                return true;
        return strcmp(c->name, "ioctl") == 0 &&
               (c->args[1] == FS_IOC_ADD_ENCRYPTION_KEY || c->args[1] == FS_IOC_REMOVE_ENCRYPTION_KEY ||
                c->args[1] == FS_IOC_REMOVE_ENCRYPTION_KEY_ALL_USERS);
}

/* bubblewrap's filter (setid-only, both modes: in read-only a descriptor the caller opened for
 * writing reaches the host's writable mount) acts as workspace-write on the set-ID guard's
 * syscalls, the keyrings (kernel and file system) and the terminal's ioctls (typing into it, a
 * virtual console's own: a terminal that leads no session becomes the command's controlling
 * terminal, escape review 51), refuses the new mount API's file system contexts, and allows
 * everything else (its namespaces cover the rest) */
/* fcntl's F_SET_RW_HINT or F_SET_FILE_RW_HINT: refused in every mode */
static bool is_rw_hint_call(const struct call *c) {
        return (strcmp(c->name, "fcntl") == 0 || strcmp(c->name, "fcntl64") == 0) &&
               (c->args[1] == 1036 || c->args[1] == 1038);
}

static uint32_t want_setid_only(const struct call *c) {
        static const char *const guarded[] = { "chmod", "fchmod", "fchmodat", "fchmodat2", "creat",
                                               "mknod", "mknodat", "open", "openat", "openat2",
                                               "io_uring_setup", "io_uring_enter" };
        if (is_keyring_call(c) || is_rw_hint_call(c))
                return c->workspace_write;
        /* TIOCSTI, TIOCLINUX, TIOCSETD, TIOCEXCL, TCXONC's TCOOFF, a serial line's break, modem
         * lines and port settings and a virtual console's own commands: the ioctls both of
         * Landlock's modes refuse with EPERM */
        if (strcmp(c->name, "ioctl") == 0 && c->read_only == ERRNO(EPERM) && c->workspace_write == ERRNO(EPERM))
                return ERRNO(EPERM);
        /* ext4's salt written into the superblock through the workspace's writable bind */
        if (strcmp(c->name, "ioctl") == 0 && c->args[1] == FS_IOC_GET_ENCRYPTION_PWSALT)
                return ERRNO(EACCES);
        /* btrfs's subvolume commands, which both of Landlock's modes refuse: through a directory
         * descriptor of the host's mount (a host service's, SCM_RIGHTS) they made and destroyed
         * subvolumes outside the workspace (escape review 53) */
        if (strcmp(c->name, "ioctl") == 0 && ((c->args[1] >> 8) & 0xff) == 0x94 && c->workspace_write == ERRNO(EACCES))
                return ERRNO(EACCES);
        /* a new file system, as a detached mount that none of its read-only binds covers */
        if (strcmp(c->name, "fsopen") == 0 || strcmp(c->name, "fspick") == 0)
                return ERRNO(EPERM);
        /* a host's pinned BPF map, reached by its path */
        if (strcmp(c->name, "bpf") == 0)
                return ERRNO(EPERM);
        /* a child started in a host cgroup (clone3's CLONE_INTO_CGROUP) */
        if (strcmp(c->name, "clone3") == 0)
                return ERRNO(ENOSYS);
        for (size_t i = 0; i < SBX_ELEMENTSOF(guarded); i++)
                if (strcmp(c->name, guarded[i]) == 0)
                        return c->workspace_write;
        return SECCOMP_RET_ALLOW;
}

/* bubblewrap's read-only (seal-read-only): setid-only, and every metadata change Landlock's
 * read-only refuses (the chmod, chown, utime and xattr syscalls, the inode-changing ioctls) refused
 * with EROFS instead, as bubblewrap's read-only binds do; chmod whatever the mode. */
static uint32_t want_seal_read_only(const struct call *c) {
        /* a metadata change (a syscall, or an ioctl on a descriptor): refused in Landlock's
         * read-only alone, or an ioctl of type 0x94 (btrfs, FICLONE), after the keyring commands */
        bool ioctl = strcmp(c->name, "ioctl") == 0;
        bool metadata = !is_keyring_call(c) &&
                        ((c->read_only == ERRNO(EACCES) && c->workspace_write == SECCOMP_RET_ALLOW) ||
                         (ioctl && ((c->args[1] >> 8) & 0xff) == 0x94) ||
                         (ioctl && c->args[1] == FS_IOC_GET_ENCRYPTION_PWSALT) || is_rw_hint_call(c));
        static const char *const calls_refused[] = { "chmod", "fchmod", "fchmodat", "fchmodat2" };

        if (metadata)
                return ERRNO(EROFS);
        for (size_t i = 0; i < SBX_ELEMENTSOF(calls_refused); i++)
                if (strcmp(c->name, calls_refused[i]) == 0)
                        return ERRNO(EROFS);
        return want_setid_only(c);
}

/* The direct System V IPC syscalls that Linux 5.1 added to the ABIs multiplexing IPC through
 * ipc() (i386, ppc, s390: the same numbers on each, from the kernel's syscall tables), which
 * libseccomp 2.5 answers with pseudo numbers. */
static int direct_ipc_nr(uint32_t abi, const char *name) {
        static const struct {
                const char *name;
                int nr;
        } direct[] = { { "semget", 393 }, { "semctl", 394 }, { "shmget", 395 }, { "shmctl", 396 },
                       { "shmat", 397 }, { "msgget", 399 }, { "msgsnd", 400 }, { "msgrcv", 401 },
                       { "msgctl", 402 } };

        if (seccomp_syscall_resolve_name_arch(abi, "ipc") < 0)
                return -1; /* no ipc(): the ABI has only the direct syscalls, which libseccomp knows */
        for (size_t i = 0; i < SBX_ELEMENTSOF(direct); i++)
                if (strcmp(direct[i].name, name) == 0)
                        return direct[i].nr;
        return -1;
}

/* The architectures the filters know, each with the syscall ABIs its filter admits. */
static const struct {
        uint32_t native;
        uint32_t abis[3];
} arches[] = {
        { SCMP_ARCH_X86_64, { SCMP_ARCH_X86_64, SCMP_ARCH_X32, SCMP_ARCH_X86 } },
        { SCMP_ARCH_X86, { SCMP_ARCH_X86 } },
        { SCMP_ARCH_AARCH64, { SCMP_ARCH_AARCH64, SCMP_ARCH_ARM } },
        { SCMP_ARCH_ARM, { SCMP_ARCH_ARM } },
        { SCMP_ARCH_RISCV64, { SCMP_ARCH_RISCV64 } },
        { SCMP_ARCH_PPC64LE, { SCMP_ARCH_PPC64LE } },
        { SCMP_ARCH_PPC64, { SCMP_ARCH_PPC64, SCMP_ARCH_PPC } },
        { SCMP_ARCH_S390X, { SCMP_ARCH_S390X, SCMP_ARCH_S390 } },
};

/* Every syscall ABI of every architecture the filter knows: the actions above, looked up by the
 * ABI's own syscall numbers (a syscall the ABI lacks is skipped), and an unknown ABI killed. */
static void test_landlock_seccomp_filters_act_as_documented_on_every_abi(void **state) {
        static const enum ll_mode modes[] = { LL_MODE_READ_ONLY, LL_MODE_WORKSPACE_WRITE, LL_MODE_SETID_ONLY,
                                              LL_MODE_SEAL_READ_ONLY };
        size_t checked = 0;
        (void) state;

        for (size_t a = 0; a < SBX_ELEMENTSOF(arches); a++) {
                for (size_t m = 0; m < SBX_ELEMENTSOF(modes); m++) {
                        struct sock_filter f[1024];
                        struct seccomp_data d = { 0 };
                        size_t n = 0;

                        assert_int_equal(ll_seccomp_build(modes[m], arches[a].native, f, SBX_ELEMENTSOF(f), &n), 0);
                        d.arch = 0x12345678; /* no such ABI */
                        assert_int_equal(bpf_run(f, n, &d), SECCOMP_RET_KILL_PROCESS);
                        for (size_t b = 0; b < 3 && arches[a].abis[b]; b++) {
                                uint32_t abi = arches[a].abis[b];
                                bool x32 = abi == SCMP_ARCH_X32;

                                for (size_t c = 0; c < SBX_ELEMENTSOF(calls); c++) {
                                        int nr = seccomp_syscall_resolve_name_arch(abi, calls[c].name);
                                        uint32_t want = modes[m] == LL_MODE_READ_ONLY         ? calls[c].read_only
                                                        : modes[m] == LL_MODE_WORKSPACE_WRITE ? calls[c].workspace_write
                                                        : modes[m] == LL_MODE_SETID_ONLY      ? want_setid_only(&calls[c])
                                                                                              : want_seal_read_only(&calls[c]);
                                        uint32_t got;

                                        if (nr < 0)
                                                nr = direct_ipc_nr(abi, calls[c].name);
                                        if (nr < 0)
                                                continue; /* not a syscall of this ABI */
                                        d = (struct seccomp_data) { .nr = nr, .arch = x32 ? SCMP_ARCH_X86_64 : abi };
                                        memcpy(d.args, calls[c].args, sizeof(d.args));
                                        got = bpf_run(f, n, &d);
                                        if (got != want)
                                                fail_msg("arch %#x abi %#x %s: %s(%#llx, %#llx, %#llx): action %#x, want %#x",
                                                         arches[a].native, abi,
                                                         modes[m] == LL_MODE_READ_ONLY         ? "read-only"
                                                         : modes[m] == LL_MODE_WORKSPACE_WRITE ? "workspace-write"
                                                         : modes[m] == LL_MODE_SETID_ONLY      ? "setid-only"
                                                                                               : "seal-read-only",
                                                         calls[c].name, (unsigned long long) calls[c].args[0],
                                                         (unsigned long long) calls[c].args[1],
                                                         (unsigned long long) calls[c].args[2], got, want);
                                        checked++;
                                }
                        }
                }
        }
        print_message("%zu syscall checks over %zu architectures\n", checked, SBX_ELEMENTSOF(arches));
        assert_true(checked > 300);
}

/* The core-dump lock (where core_pattern is a pipe, the command's RLIMIT_CORE stays the 1 byte at
 * which the kernel aborts a dump for the host's handler): setrlimit and prlimit64 of RLIMIT_CORE
 * answered as done and not made, prlimit64 that asks for the old limit too refused, reading it and
 * every other limit left alone, on every ABI; an unknown ABI killed. */
static void test_landlock_seccomp_core_lock_keeps_rlimit_core_on_every_abi(void **state) {
        enum { ALLOW, UNMADE, REFUSED };
        static const struct {
                const char *name;
                uint64_t args[4];
                int answer; /* allowed, answered as done and not made, refused */
        } lock_calls[] = {
                { "setrlimit", { 4, 0x7000, 0, 0 }, UNMADE },                 /* RLIMIT_CORE */
                { "setrlimit", { 3, 0x7000, 0, 0 }, ALLOW },                  /* RLIMIT_STACK */
                { "setrlimit", { 0x100000004ULL, 0x7000, 0, 0 }, UNMADE },    /* the resource is an int */
                { "prlimit64", { 0, 4, 0x7000, 0 }, UNMADE },                 /* its own */
                { "prlimit64", { 1234, 4, 0x7000, 0 }, UNMADE },              /* another's */
                { "prlimit64", { 0, 4, 0x100000000ULL, 0 }, UNMADE },         /* a pointer above 4 GiB */
                { "prlimit64", { 0, 4, 0x7000, 0x8000 }, REFUSED },           /* the old one asked for too */
                { "prlimit64", { 0, 4, 0x7000, 0x100000000ULL }, REFUSED },
                { "prlimit64", { 0, 4, 0, 0x8000 }, ALLOW },                  /* reading only */
                { "prlimit64", { 0, 4, 0, 0 }, ALLOW },
                { "prlimit64", { 0, 7, 0x7000, 0x8000 }, ALLOW },             /* RLIMIT_NOFILE */
                { "getrlimit", { 4, 0x7000, 0, 0 }, ALLOW },
                { "ugetrlimit", { 4, 0x7000, 0, 0 }, ALLOW },
                { "chmod", { 0x7000, 06755, 0, 0 }, ALLOW },                  /* nothing else */
        };
        size_t checked = 0;
        (void) state;

        for (size_t a = 0; a < SBX_ELEMENTSOF(arches); a++) {
                struct sock_filter f[1024];
                struct seccomp_data d = { 0 };
                size_t n = 0;

                assert_int_equal(ll_seccomp_build(LL_MODE_CORE_LOCK, arches[a].native, f, SBX_ELEMENTSOF(f), &n), 0);
                d.arch = 0x12345678;
                assert_int_equal(bpf_run(f, n, &d), SECCOMP_RET_KILL_PROCESS);
                for (size_t b = 0; b < 3 && arches[a].abis[b]; b++) {
                        uint32_t abi = arches[a].abis[b];

                        for (size_t c = 0; c < SBX_ELEMENTSOF(lock_calls); c++) {
                                int nr = seccomp_syscall_resolve_name_arch(abi, lock_calls[c].name);
                                uint32_t want = lock_calls[c].answer == REFUSED  ? SECCOMP_RET_ERRNO | EPERM
                                                : lock_calls[c].answer == UNMADE ? SECCOMP_RET_ERRNO
                                                                                 : SECCOMP_RET_ALLOW;
                                uint32_t got;

                                if (nr < 0)
                                        continue; /* not a syscall of this ABI */
                                d = (struct seccomp_data) { .nr = nr, .arch = abi == SCMP_ARCH_X32 ? SCMP_ARCH_X86_64 : abi };
                                memcpy(d.args, lock_calls[c].args, sizeof(lock_calls[c].args));
                                got = bpf_run(f, n, &d);
                                if (got != want)
                                        fail_msg("core lock, arch %#x abi %#x: %s(%#llx, %#llx, %#llx, %#llx) gave %#x, want %#x",
                                                 arches[a].native, abi, lock_calls[c].name,
                                                 (unsigned long long) lock_calls[c].args[0],
                                                 (unsigned long long) lock_calls[c].args[1],
                                                 (unsigned long long) lock_calls[c].args[2],
                                                 (unsigned long long) lock_calls[c].args[3], got, want);
                                checked++;
                        }
                }
        }
        print_message("%zu core-lock checks\n", checked);
        assert_true(checked > 60);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_landlock_seccomp_filters_act_as_documented_on_every_abi),
                cmocka_unit_test(test_landlock_prebuilt_seccomp_filters_equal_the_assembled_ones),
                cmocka_unit_test(test_landlock_seccomp_core_lock_keeps_rlimit_core_on_every_abi),
                cmocka_unit_test_setup_teardown(test_landlock_argv_read_only, setup, teardown),
                cmocka_unit_test_setup_teardown(test_landlock_argv_workspace_write_grants_workspace_and_temp, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_landlock_argv_workspace_write_without_temp_area, setup, teardown),
                cmocka_unit_test_setup_teardown(test_landlock_confine_refuses_a_protected_path_beneath_a_write_grant,
                                                setup, teardown),
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
