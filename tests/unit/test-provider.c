/* The provider seam: the function table, fail-closed refusals, and the bwrap backend's argv. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "confine-internal.h"
#include "sbx-confine.h"
#include "sbx-macro.h"
#include "test-enosys.h"

static char ws[] = "/tmp/sbx-test-provider-XXXXXX";

static int setup(void **state) {
        (void) state;
        return mkdtemp(ws) ? 0 : -1;
}

static int teardown(void **state) {
        (void) state;
        return rmdir(ws);
}

/* ---- a fake provider through the same table ---- */

struct fake {
        int calls;
        bool unavailable;
        bool freed;
};

static int fake_confine(void *userdata, char *const argv[], const struct sbx_policy *policy,
                        const struct sbx_confine_options *opts, struct sbx_confined_argv **ret,
                        struct sbx_unavailable *ret_why, struct sbx_diag *diag) {
        struct fake *f = userdata;
        struct sbx_confined_argv *c;
        (void) opts;
        (void) diag;
        f->calls++;
        if (f->unavailable) {
                ret_why->n = 1;
                snprintf(ret_why->candidates[0].backend, sizeof(ret_why->candidates[0].backend), "fake");
                snprintf(ret_why->candidates[0].reason, sizeof(ret_why->candidates[0].reason), "switched off");
                return -EOPNOTSUPP;
        }
        c = calloc(1, sizeof(*c));
        c->argv = calloc(3, sizeof(char *));
        c->argv[0] = strdup("fake-runner");
        c->argv[1] = strdup(argv[0]);
        c->backend = "fake";
        c->enforcement = policy->mode == SBX_MODE_READ_ONLY ? SBX_ENFORCEMENT_FULL : SBX_ENFORCEMENT_PARTIAL;
        *ret = c;
        return 0;
}

static void fake_free(void *userdata) {
        ((struct fake *) userdata)->freed = true;
}

static const struct sbx_provider_ops fake_ops = { fake_confine, fake_free };

static void test_provider_never_receives_danger_full_access(void **state) {
        struct fake f = { 0 };
        struct sbx_provider *p = NULL;
        struct sbx_policy pol = { .mode = SBX_MODE_DANGER_FULL_ACCESS, .workspace_root = ws };
        struct sbx_confined_argv *c = NULL;
        struct sbx_diag diag = { 0 };
        char *argv[] = { (char *) "true", NULL };
        (void) state;
        assert_int_equal(sbx_provider_new(&fake_ops, &f, &p), 0);
        assert_int_equal(sbx_provider_confine(p, argv, &pol, NULL, &c, NULL, &diag), -EINVAL);
        assert_int_equal(f.calls, 0);
        assert_null(c);
        assert_non_null(strstr(diag.msg, "never reaches a provider"));
        sbx_provider_free(p);
        assert_true(f.freed);
}

static void test_provider_passes_through_the_table(void **state) {
        struct fake f = { 0 };
        struct sbx_provider *p = NULL;
        struct sbx_policy pol = { .mode = SBX_MODE_READ_ONLY, .workspace_root = ws };
        struct sbx_confined_argv *c = NULL;
        char *argv[] = { (char *) "touch", (char *) "x", NULL };
        (void) state;
        assert_int_equal(sbx_provider_new(&fake_ops, &f, &p), 0);
        assert_int_equal(sbx_provider_confine(p, argv, &pol, NULL, &c, NULL, NULL), 0);
        assert_int_equal(f.calls, 1);
        assert_string_equal(c->argv[0], "fake-runner");
        assert_string_equal(c->argv[1], "touch");
        assert_int_equal(c->enforcement, SBX_ENFORCEMENT_FULL);
        sbx_confined_argv_free(c);
        sbx_provider_free(p);
}

static void test_provider_unavailable_names_each_candidate(void **state) {
        struct fake f = { .unavailable = true };
        struct sbx_provider *p = NULL;
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = ws };
        struct sbx_confined_argv *c = NULL;
        struct sbx_unavailable why = { 0 };
        char *argv[] = { (char *) "true", NULL };
        (void) state;
        assert_int_equal(sbx_provider_new(&fake_ops, &f, &p), 0);
        assert_int_equal(sbx_provider_confine(p, argv, &pol, NULL, &c, &why, NULL), -EOPNOTSUPP);
        assert_null(c);
        assert_int_equal(why.n, 1);
        assert_string_equal(why.candidates[0].reason, "switched off");
        sbx_provider_free(p);
}

static void test_provider_rejects_empty_argv(void **state) {
        struct fake f = { 0 };
        struct sbx_provider *p = NULL;
        struct sbx_policy pol = { .mode = SBX_MODE_READ_ONLY, .workspace_root = ws };
        struct sbx_confined_argv *c = NULL;
        char *argv[] = { NULL };
        (void) state;
        assert_int_equal(sbx_provider_new(&fake_ops, &f, &p), 0);
        assert_int_equal(sbx_provider_confine(p, argv, &pol, NULL, &c, NULL, NULL), -EINVAL);
        assert_int_equal(f.calls, 0);
        sbx_provider_free(p);
}

/* ---- the local provider with bwrap as its sole candidate ---- */

static struct sbx_config *config_bwrap(const char *runner) {
        struct sbx_config *c = NULL;
        char *none[] = { NULL };
        assert_int_equal(sbx_config_load_files(none, &c, NULL), 0);
        free(c->bwrap_path);
        c->bwrap_path = strdup(runner);
        free(c->landlock_path);
        c->landlock_path = strdup("/bin/echo"); /* stands in for sbx-landlock: argv only */
        return c;
}

static ssize_t find_arg(char **argv, const char *a) {
        for (ssize_t i = 0; argv[i]; i++)
                if (strcmp(argv[i], a) == 0)
                        return i;
        return -1;
}

static void test_bwrap_argv_read_only(void **state) {
        struct sbx_config *cfg = config_bwrap("/bin/true");
        struct sbx_provider *p = NULL;
        struct sbx_policy pol = { .mode = SBX_MODE_READ_ONLY, .workspace_root = ws };
        struct sbx_confine_options opts = { .status_fd = 3, .gate = true };
        struct sbx_confined_argv *c = NULL;
        char *argv[] = { (char *) "touch", (char *) "--", (char *) "x", NULL };
        ssize_t dd;
        (void) state;
        /* the caller's $PWD, as bash keeps it through a symlink: bubblewrap would set the path it
         * enters, so the launcher gets it to set back */
        char *saved_pwd = getenv("PWD") ? strdup(getenv("PWD")) : NULL;
        assert_int_equal(setenv("PWD", "/logical/path", 1), 0);
        assert_int_equal(sbx_provider_new_local(cfg, "bwrap", &p, NULL), 0);
        assert_int_equal(sbx_provider_confine(p, argv, &pol, &opts, &c, NULL, NULL), 0);
        if (saved_pwd)
                setenv("PWD", saved_pwd, 1);
        else
                unsetenv("PWD");
        free(saved_pwd);
        assert_string_equal(c->backend, "bwrap");
        /* the runner's real path, the one checked (/bin may be a symlink to /usr/bin) */
        char *real = realpath("/bin/true", NULL);
        assert_non_null(real);
        assert_string_equal(c->argv[0], real);
        free(real);
        assert_int_equal(c->enforcement, SBX_ENFORCEMENT_FULL);
        assert_null(c->enforcement_reason);
        assert_null(c->temp_dir); /* read-only has no temp area */
        assert_true(find_arg(c->argv, "--unshare-user") > 0);
        assert_true(find_arg(c->argv, "--new-session") > 0);
        assert_true(find_arg(c->argv, "--unshare-ipc") > 0); /* no System V object or message queue on the host */
        assert_true(find_arg(c->argv, "--die-with-parent") > 0);
        assert_int_equal(find_arg(c->argv, "--bind"), -1); /* nothing writable */
        assert_true(find_arg(c->argv, "/proc/sys") > 0);
        /* it starts where sbx runs, never in bubblewrap's fallback ($HOME) */
        {
                char *cwd = getcwd(NULL, 0);
                dd = find_arg(c->argv, "--chdir");
                assert_true(dd > 0);
                assert_string_equal(c->argv[dd + 1], cwd);
                free(cwd);
        }
        dd = find_arg(c->argv, "--json-status-fd");
        assert_true(dd > 0);
        assert_string_equal(c->argv[dd + 1], "3");
        /* bubblewrap starts the mount-sealing launcher, which reports on the next descriptor */
        assert_true(find_arg(c->argv, "CAP_SYS_ADMIN") > 0);
        /* ... which may then empty the bounding set, as an ordinary user too */
        assert_true(find_arg(c->argv, "CAP_SETPCAP") > 0);
        dd = find_arg(c->argv, "--");
        real = realpath("/bin/echo", NULL);
        assert_non_null(real);
        assert_string_equal(c->argv[dd + 1], real);
        free(real);
        assert_string_equal(c->argv[dd + 2], "--seal-mounts");
        assert_string_equal(c->argv[dd + 3], "--status-fd");
        assert_string_equal(c->argv[dd + 4], "4");
        /* ... and waits for the go-ahead on the one after */
        assert_true(c->gated);
        assert_string_equal(c->argv[dd + 5], "--wait-fd");
        assert_string_equal(c->argv[dd + 6], "5");
        /* ... starts nothing once sbx's lifeline, the one after, is closed, and closes the read
         * end of bubblewrap's status pipe that bubblewrap keeps, the one after that */
        assert_true(c->lifeline);
        assert_string_equal(c->argv[dd + 7], "--lifeline-fd");
        assert_string_equal(c->argv[dd + 8], "6");
        assert_string_equal(c->argv[dd + 9], "--close-fd");
        assert_string_equal(c->argv[dd + 10], "7");
        /* ... leaves its /proc writable only for a caller that does not own the kernel's entries */
        if (sbx_bwrap_proc_writable())
                assert_string_equal(c->argv[dd++ + 11], "--proc-writable");
        else
                assert_int_equal(find_arg(c->argv, "--proc-writable"), -1);
        /* ... and sets the caller's $PWD again (one word: no value of it reads as an option) */
        assert_string_equal(c->argv[dd + 11], "--pwd=/logical/path");
        /* then the exact argv after the launcher's "--", its own "--" untouched */
        assert_string_equal(c->argv[dd + 12], "--");
        assert_string_equal(c->argv[dd + 13], "touch");
        assert_string_equal(c->argv[dd + 14], "--");
        assert_string_equal(c->argv[dd + 15], "x");
        assert_null(c->argv[dd + 16]);
        sbx_confined_argv_free(c);
        sbx_provider_free(p);
        sbx_config_free(cfg);
}

/* The sandbox's /proc stays writable only for a caller that does not own procfs's kernel-wide
 * entries (their mode, changed in any procfs, outlives the run): never for root, whose own
 * /proc/meminfo they are; for an ordinary user (nobody, in a child) it does. */
static void test_bwrap_proc_writable_only_for_a_non_owner(void **state) {
        struct stat st;
        int status;
        pid_t pid;

        (void) state;
        assert_int_equal(stat("/proc", &st), 0);
        assert_int_equal(sbx_bwrap_proc_writable(), st.st_uid != geteuid());
        if (geteuid() != 0) {
                print_message("# not root: the case of root's command is not checked\n");
                return;
        }
        assert_false(sbx_bwrap_proc_writable());
        pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
                _exit(setresgid(65534, 65534, 65534) == 0 && setresuid(65534, 65534, 65534) == 0 &&
                      sbx_bwrap_proc_writable() ? 0 : 1);
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
}

/* The loader's variables never reach bubblewrap, which runs unconfined: they are removed from
 * its environment and set again inside the sandbox, values untouched. */
static void test_bwrap_moves_loader_variables_into_the_sandbox(void **state) {
        struct sbx_config *cfg = config_bwrap("/bin/true");
        struct sbx_provider *p = NULL;
        struct sbx_policy pol = { .mode = SBX_MODE_READ_ONLY, .workspace_root = ws };
        struct sbx_confined_argv *c = NULL;
        char *argv[] = { (char *) "true", NULL };
        _cleanup_free_ char **envp = NULL;
        ssize_t dd, pre, lib, gconv;
        (void) state;
        assert_int_equal(setenv("LD_PRELOAD", "/w s/evil.so", 1), 0);
        assert_int_equal(setenv("LD_LIBRARY_PATH", "/ws/lib:/x=y", 1), 0);
        assert_int_equal(setenv("GCONV_PATH", "/ws/gconv", 1), 0);
        assert_int_equal(setenv("SBX_TEST_PLAIN", "kept", 1), 0);
        assert_int_equal(sbx_provider_new_local(cfg, "bwrap", &p, NULL), 0);
        assert_int_equal(sbx_provider_confine(p, argv, &pol, NULL, &c, NULL, NULL), 0);
        dd = find_arg(c->argv, "--");
        pre = find_arg(c->argv, "LD_PRELOAD");
        lib = find_arg(c->argv, "LD_LIBRARY_PATH");
        gconv = find_arg(c->argv, "GCONV_PATH");
        assert_true(pre > 0 && pre < dd && lib > 0 && lib < dd && gconv > 0 && gconv < dd);
        assert_string_equal(c->argv[pre - 1], "--setenv");
        assert_string_equal(c->argv[pre + 1], "/w s/evil.so");
        assert_string_equal(c->argv[lib + 1], "/ws/lib:/x=y");
        assert_string_equal(c->argv[gconv + 1], "/ws/gconv");
        assert_int_equal(find_arg(c->argv, "SBX_TEST_PLAIN"), -1);
        assert_int_equal(sbx_env_merge(c->setenv, &envp), 0);
        for (char **e = envp; *e; e++) {
                assert_true(strncmp(*e, "LD_PRELOAD=", 11) != 0);
                assert_true(strncmp(*e, "LD_LIBRARY_PATH=", 16) != 0);
                assert_true(strncmp(*e, "GCONV_PATH=", 11) != 0);
        }
        assert_int_equal(find_arg(envp, "SBX_TEST_PLAIN=kept") >= 0, 1);
        unsetenv("LD_PRELOAD");
        unsetenv("LD_LIBRARY_PATH");
        unsetenv("GCONV_PATH");
        unsetenv("SBX_TEST_PLAIN");
        sbx_confined_argv_free(c);
        sbx_provider_free(p);
        sbx_config_free(cfg);
}

static void test_bwrap_argv_workspace_write_binds_root_and_temp(void **state) {
        struct sbx_config *cfg = config_bwrap("/bin/true");
        struct sbx_provider *p = NULL;
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = ws };
        struct sbx_confine_options opts = { .status_fd = -1 };
        struct sbx_confined_argv *c = NULL;
        char *argv[] = { (char *) "true", NULL };
        ssize_t i;
        (void) state;
        assert_int_equal(sbx_provider_new_local(cfg, "bwrap", &p, NULL), 0);
        assert_int_equal(sbx_provider_confine(p, argv, &pol, &opts, &c, NULL, NULL), 0);
        i = find_arg(c->argv, "--bind");
        assert_true(i > 0);
        assert_string_equal(c->argv[i + 1], ws);
        assert_string_equal(c->argv[i + 2], ws);
        assert_string_not_equal(c->argv[i + 3], "--bind"); /* the only host bind */
        /* the temp area is the sandbox's own /dev/shm: no host directory, and no name beneath it
         * the host's (the classifier asks the host nothing of them) */
        assert_null(c->temp_dir);
        assert_string_equal(c->setenv[0], "TMPDIR=/dev/shm");
        assert_non_null(c->private_tmpdir);
        assert_string_equal(c->private_tmpdir, "/dev/shm");
        /* the sealing launcher leaves exactly that mount writable */
        i = find_arg(c->argv, "--seal-mounts");
        assert_true(i > 0);
        assert_string_equal(c->argv[i + 1], "--write");
        assert_string_equal(c->argv[i + 2], ws);
        assert_string_not_equal(c->argv[i + 3], "--write");
        assert_int_equal(find_arg(c->argv, "--json-status-fd"), -1);
        assert_false(c->gated); /* no status descriptors, no gate, no lifeline */
        assert_int_equal(find_arg(c->argv, "--wait-fd"), -1);
        assert_false(c->lifeline);
        assert_int_equal(find_arg(c->argv, "--lifeline-fd"), -1);
        sbx_confined_argv_free(c);
        sbx_provider_free(p);
        sbx_config_free(cfg);
}

/* The workspace's identity for the launcher inside bubblewrap (--write-id) is taken without
 * following a symlink on its path, also where openat2() answers ENOSYS (a kernel before 5.6, a
 * container runtime's older seccomp filter, sbx's own Landlock filter around a nested run): a
 * symlink swapped in since the root was resolved refuses the run. Before (escape55b), that case
 * fell back to open(2), which followed it: the argv was built with the identity of the directory
 * the symlink leads to. */
static void test_bwrap_write_id_refuses_a_symlink_without_openat2(void **state) {
        char link[PATH_MAX], real[PATH_MAX];
        pid_t pid;
        int status;
        (void) state;

        snprintf(real, sizeof(real), "%s/real", ws);
        snprintf(link, sizeof(link), "%s/link", ws);
        assert_int_equal(mkdir(real, 0700), 0);
        assert_int_equal(symlink("real", link), 0);
        pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                struct sbx_config *cfg = NULL;
                struct sbx_provider *p = NULL;
                struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = link };
                struct sbx_confine_options opts = { .status_fd = -1 };
                struct sbx_confined_argv *c = NULL;
                char *argv[] = { (char *) "true", NULL };
                char *none[] = { NULL };
                int r;

                if (test_enosys(SYS_openat2) < 0)
                        _exit(77);
                if (sbx_config_load_files(none, &cfg, NULL) < 0)
                        _exit(3);
                free(cfg->bwrap_path);
                cfg->bwrap_path = strdup("/bin/true");
                free(cfg->landlock_path);
                cfg->landlock_path = strdup("/bin/echo"); /* as config_bwrap()'s: argv only */
                if (sbx_provider_new_local(cfg, "bwrap", &p, NULL) < 0)
                        _exit(4);
                r = sbx_provider_confine(p, argv, &pol, &opts, &c, NULL, NULL);
                _exit(r == -ELOOP ? 0 : r == 0 ? 1 : 2);
        }
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_int_equal(unlink(link), 0);
        assert_int_equal(rmdir(real), 0);
        assert_true(WIFEXITED(status));
        if (WEXITSTATUS(status) == 77)
                skip();
        if (WEXITSTATUS(status) != 0)
                fail_msg("confine with a symlink on the workspace's path, openat2() ENOSYS: %s",
                         WEXITSTATUS(status) == 1 ? "built (the symlink followed)" : "another failure");
}

/* Protected paths inside the workspace: read-only binds, and before them every directory between
 * the workspace root and a protected path bound onto itself (a mount point cannot be renamed, so
 * the protected path cannot be moved away with its parent), parents first, each once, and none
 * inside a protected path (a writable bind there would undo the read-only one). */
static void test_bwrap_argv_pins_the_parents_of_protected_paths(void **state) {
        struct sbx_config *cfg = config_bwrap("/bin/true");
        struct sbx_provider *p = NULL;
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = ws };
        char state_dir[256], other[256], deeper[256], dirs[4][256];
        char *protect[] = { state_dir, other, deeper, NULL };
        struct sbx_confine_options opts = { .status_fd = -1, .protect = protect };
        struct sbx_confined_argv *c = NULL;
        char *argv[] = { (char *) "true", NULL };
        const char *want[][2] = {
                { "--bind", ws }, { "--bind", dirs[0] }, { "--bind", dirs[1] }, { "--bind", dirs[2] },
                { "--ro-bind", state_dir }, { "--ro-bind", other }, { "--ro-bind", deeper },
        };
        ssize_t i;
        (void) state;
        snprintf(dirs[0], sizeof(dirs[0]), "%s/sp", ws);
        snprintf(dirs[1], sizeof(dirs[1]), "%s/sp/a", ws);
        snprintf(dirs[2], sizeof(dirs[2]), "%s/sp/a/b", ws);
        snprintf(state_dir, sizeof(state_dir), "%s/sp/a/b/state", ws);
        snprintf(other, sizeof(other), "%s/sp/c", ws);
        snprintf(deeper, sizeof(deeper), "%s/sp/c/d/e", ws);
        snprintf(dirs[3], sizeof(dirs[3]), "%s/sp/c/d", ws);
        assert_int_equal(sbx_mkdir_p(state_dir, 0700), 0);
        assert_int_equal(sbx_mkdir_p(deeper, 0700), 0);
        assert_int_equal(sbx_provider_new_local(cfg, "bwrap", &p, NULL), 0);
        assert_int_equal(sbx_provider_confine(p, argv, &pol, &opts, &c, NULL, NULL), 0);
        i = find_arg(c->argv, "--bind");
        assert_true(i > 0);
        for (size_t k = 0; k < SBX_ELEMENTSOF(want); k++, i += 3) {
                assert_string_equal(c->argv[i], want[k][0]);
                assert_string_equal(c->argv[i + 1], want[k][1]);
                assert_string_equal(c->argv[i + 2], want[k][1]);
        }
        /* sp/c/d lies in the protected sp/c: never bound writable */
        assert_int_equal(find_arg(c->argv, dirs[3]), -1);
        sbx_confined_argv_free(c);
        sbx_provider_free(p);
        sbx_config_free(cfg);
        assert_int_equal(sbx_remove_tree(dirs[0]), 0);
}

/* A path sbx keeps read-only in the workspace, or the workspace itself, whose identity cannot be
 * taken refuses the run, naming the path and why: gone since it was resolved, or reached through
 * a symlink put on its way since (the backend itself, as the provider hands it the resolved
 * paths). */
static void test_bwrap_refuses_a_protected_path_it_cannot_open(void **state) {
        struct sbx_config *cfg = config_bwrap("/bin/true");
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = ws };
        char gone[256], real[256], link[256], via[256], want[512];
        char *protect[] = { NULL, NULL };
        char *argv[] = { (char *) "true", NULL };
        struct sbx_confine_request req = { .cfg = cfg, .policy = &pol, .argv = argv, .protect = protect,
                                           .cwd = ws, .runner = "/bin/true", .launcher = "/bin/echo" };
        (void) state;
        snprintf(gone, sizeof(gone), "%s/bound-gone", ws);
        snprintf(real, sizeof(real), "%s/bound-real/state", ws);
        snprintf(link, sizeof(link), "%s/bound-link", ws);
        snprintf(via, sizeof(via), "%s/bound-link/state", ws);
        assert_int_equal(sbx_mkdir_p(real, 0700), 0);
        assert_int_equal(symlink("bound-real", link), 0);
        for (int k = 0; k < 3; k++) {
                struct sbx_confined_argv out = { 0 };
                struct sbx_diag diag = { 0 };

                protect[0] = k == 0 ? gone : k == 1 ? via : NULL;
                pol.workspace_root = k == 2 ? gone : ws;
                if (k == 0)
                        snprintf(want, sizeof(want), "cannot open %s, which sbx keeps out of the command's reach: %s",
                                 gone, strerror(ENOENT));
                else if (k == 1)
                        snprintf(want, sizeof(want),
                                 "cannot open %s, which sbx keeps out of the command's reach, without a symlink (one "
                                 "was put on its path since it was resolved): %s",
                                 via, strerror(ELOOP));
                else
                        snprintf(want, sizeof(want), "cannot open the writable directory %s: %s", gone, strerror(ENOENT));
                assert_int_equal(sbx_backend_bwrap.confine(&req, &out, &diag), k == 1 ? -ELOOP : -ENOENT);
                assert_string_equal(diag.msg, want);
                assert_null(out.argv);
                sbx_strv_free(out.setenv);
        }
        assert_int_equal(unlink(link), 0);
        snprintf(real, sizeof(real), "%s/bound-real", ws);
        assert_int_equal(sbx_remove_tree(real), 0);
        sbx_config_free(cfg);
}

/* A memfd the command inherits open for writing that still takes seals is named, once: the
 * command's F_ADD_SEALS would be the caller's memfd's for good (escape58). Not one opened for
 * reading (F_ADD_SEALS needs a writable one), one sealed against seals (a memfd made without
 * MFD_ALLOW_SEALING, a tmpfs file), nor a pipe. */
static void test_inherited_sealable_memfd_named(void **state) {
        int fds[5], pipefd[2], ro;
        char proc[64], *reason = NULL, want[64];

        (void) state;
        assert_true((fds[0] = memfd_create("sealable", MFD_ALLOW_SEALING | MFD_CLOEXEC)) >= 0);
        snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fds[0]);
        assert_true((ro = open(proc, O_RDONLY | O_CLOEXEC)) >= 0);
        fds[1] = ro;
        assert_true((fds[2] = memfd_create("unsealable", MFD_CLOEXEC)) >= 0);
        assert_int_equal(pipe2(pipefd, O_CLOEXEC), 0);
        fds[3] = pipefd[1];
        fds[4] = fds[0];
        assert_int_equal(sbx_inherited_lasting_reason(&fds[1], 3, &reason), 0);
        assert_null(reason);
        assert_int_equal(sbx_inherited_lasting_reason(fds, 5, &reason), 0);
        assert_non_null(reason);
        snprintf(want, sizeof(want), "descriptor %d, a memfd open for writing", fds[0]);
        assert_non_null(strstr(reason, want));
        assert_null(strstr(strstr(reason, want) + 1, want));
        for (int k = 1; k < 4; k++) {
                snprintf(want, sizeof(want), "descriptor %d,", fds[k]);
                assert_null(strstr(reason, want));
        }
        free(reason);
        /* a pseudo-terminal that is no session's is not named: the kernel hangs up no
         * pseudo-terminal when the session it controls ends */
        {
                int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC), slave;

                assert_true(master >= 0);
                assert_int_equal(grantpt(master), 0);
                assert_int_equal(unlockpt(master), 0);
                assert_true((slave = open(ptsname(master), O_RDWR | O_NOCTTY | O_CLOEXEC)) >= 0);
                assert_true(tcgetsid(slave) < 0);
                assert_int_equal(sbx_inherited_lasting_reason(&slave, 1, &reason), 0);
                assert_null(reason);
                close(slave);
                close(master);
        }
        /* sealed against seals by the caller: nothing more can be added */
        assert_int_equal(fcntl(fds[0], F_ADD_SEALS, F_SEAL_SEAL), 0);
        assert_int_equal(sbx_inherited_lasting_reason(fds, 1, &reason), 0);
        assert_null(reason);
        for (int k = 0; k < 4; k++)
                close(fds[k]);
        close(pipefd[0]);
}

/* An inotify instance the command inherits (a --keep-fd) is named: the command could take the
 * caller's watches out of it and put its own on host files (escape59); so is a fanotify one, where
 * this user may make one (unprivileged from Linux 5.13, with FAN_REPORT_FID). Not another anonymous
 * inode, an eventfd, whose count the command may only read and write. */
static void test_inherited_notify_instance_named(void **state) {
        int ino = inotify_init1(IN_CLOEXEC), ev = eventfd(0, EFD_CLOEXEC), fan;
        char *reason = NULL, want[64];

        (void) state;
        assert_true(ino >= 0);
        assert_true(ev >= 0);
        assert_int_equal(sbx_inherited_lasting_reason(&ev, 1, &reason), 0);
        assert_null(reason);
        assert_int_equal(sbx_inherited_lasting_reason(&ino, 1, &reason), 0);
        assert_non_null(reason);
        snprintf(want, sizeof(want), "descriptor %d, an inotify or fanotify instance", ino);
        assert_non_null(strstr(reason, want));
        free(reason);
        /* FAN_CLASS_NOTIF | FAN_REPORT_FID, O_RDONLY */
        fan = (int) syscall(SYS_fanotify_init, 0x200U, (unsigned) O_RDONLY | O_CLOEXEC);
        if (fan >= 0) {
                assert_int_equal(sbx_inherited_lasting_reason(&fan, 1, &reason), 0);
                assert_non_null(reason);
                snprintf(want, sizeof(want), "descriptor %d, an inotify or fanotify instance", fan);
                assert_non_null(strstr(reason, want));
                free(reason);
                close(fan);
        } else
                print_message("# fanotify_init: %s: its instance not tried\n", strerror(errno));
        close(ino);
        close(ev);
}

/* fd, made by `call` (-1: not made here, the case not tried, saying why), named "descriptor FD,
 * WHAT" by sbx_inherited_lasting_reason(); fd closed */
static void assert_inherited_named(int fd, const char *call, const char *what) {
        char *reason = NULL, want[128];

        if (fd < 0) {
                print_message("# %s: %s: not tried\n", call, strerror(errno));
                return;
        }
        assert_int_equal(sbx_inherited_lasting_reason(&fd, 1, &reason), 0);
        assert_non_null(reason);
        snprintf(want, sizeof(want), "descriptor %d, %s", fd, what);
        assert_non_null(strstr(reason, want));
        free(reason);
        close(fd);
}

/* An io_uring instance the command inherits is named: the command could put an operation in its
 * rings that the caller's next submission runs as the caller, unconfined (escape60). */
static void test_inherited_io_uring_named(void **state) {
        char params[120] = { 0 };

        (void) state;
        assert_inherited_named((int) syscall(SYS_io_uring_setup, 4U, params), "io_uring_setup",
                               "an io_uring instance");
}

/* So is a userfaultfd: the command could fill the caller's untouched pages with its own bytes
 * (UFFDIO_COPY) or hold its writes (escape60). One of user-mode faults alone, which any user may
 * make. */
static void test_inherited_userfaultfd_named(void **state) {
        (void) state;
        assert_inherited_named((int) syscall(SYS_userfaultfd, O_CLOEXEC | 1 /* UFFD_USER_MODE_ONLY */),
                               "userfaultfd", "a userfaultfd");
}

/* So is a Landlock ruleset: the command could add rules that widen what a process the caller
 * restricts by it may do (escape60). */
static void test_inherited_landlock_ruleset_named(void **state) {
        const uint64_t handled = 1U << 1; /* LANDLOCK_ACCESS_FS_WRITE_FILE */

        (void) state;
        assert_inherited_named((int) syscall(SYS_landlock_create_ruleset, &handled, sizeof(handled), 0U),
                               "landlock_create_ruleset", "a Landlock ruleset");
}

/* Any other anonymous inode is named, by its kind, but those that leave no lasting change or whose
 * state sbx puts back (an eventfd, a pidfd, a signalfd, a timerfd, an epoll instance): a kind sbx
 * does not know, a perf event here, is not taken for one that leaves none (escape60). */
static void test_inherited_unknown_anon_inode_named(void **state) {
        /* struct perf_event_attr's type and size: PERF_TYPE_SOFTWARE's PERF_COUNT_SW_TASK_CLOCK of
         * this process, user space alone (exclude_kernel, exclude_hv: any perf_event_paranoid up
         * to 2) */
        uint32_t attr[32] = { 1, sizeof(attr) };
        sigset_t none;
        int kept[5];
        char *reason = NULL;

        (void) state;
        sigemptyset(&none);
        attr[2] = 1;                    /* config: PERF_COUNT_SW_TASK_CLOCK */
        attr[10] = (1U << 5) | (1U << 6); /* exclude_kernel, exclude_hv */
        kept[0] = eventfd(0, EFD_CLOEXEC);
        kept[1] = (int) syscall(SYS_pidfd_open, getpid(), 0U);
        kept[2] = signalfd(-1, &none, SFD_CLOEXEC);
        kept[3] = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
        kept[4] = epoll_create1(EPOLL_CLOEXEC);
        for (size_t i = 0; i < SBX_ELEMENTSOF(kept); i++) {
                assert_true(kept[i] >= 0);
                assert_int_equal(sbx_inherited_lasting_reason(&kept[i], 1, &reason), 0);
                assert_null(reason);
                close(kept[i]);
        }
        assert_inherited_named((int) syscall(SYS_perf_event_open, attr, 0, -1, -1, 8UL /* PERF_FLAG_FD_CLOEXEC */),
                               "perf_event_open", "an anonymous inode [perf_event]");
}

/* A file or named pipe the command inherits as it is (stdout onto a log, a --keep-fd), outside the
 * workspace: in workspace-write bubblewrap leaves its mode, times and extended attributes to the
 * command (the host's inode, on the host's writable mount), so the run is partial, the reason
 * naming the descriptor. Not in read-only (the seccomp filter refuses every such change), nor for
 * a file beneath the workspace or a pipe (an inode of no file system of the host's). */
static void test_bwrap_partial_for_an_inherited_file_outside_the_workspace(void **state) {
        struct sbx_config *cfg = config_bwrap("/bin/true");
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = ws };
        char out[] = "/tmp/sbx-test-provider-out-XXXXXX", dir[] = "/tmp/sbx-test-provider-fifo-XXXXXX";
        char in[256], fifo[256], want[64];
        char *argv[] = { (char *) "true", NULL };
        int fds[5], pipefd[2];
        struct sbx_confine_options opts = { .status_fd = -1, .inherited_fds = fds, .n_inherited_fds = 1 };
        struct sbx_confine_request req = { .cfg = cfg, .policy = &pol, .argv = argv, .opts = &opts,
                                           .cwd = ws, .runner = "/bin/true", .launcher = "/bin/echo" };
        (void) state;
        snprintf(in, sizeof(in), "%s/inherited", ws);
        assert_non_null(mkdtemp(dir));
        snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
        assert_int_equal(mkfifo(fifo, 0644), 0);
        assert_true((fds[0] = mkstemp(out)) >= 0);
        assert_true((fds[1] = open(in, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) >= 0);
        assert_int_equal(pipe2(pipefd, O_CLOEXEC), 0);
        fds[2] = pipefd[1];
        assert_true((fds[3] = open(fifo, O_RDWR | O_CLOEXEC)) >= 0);
        fds[4] = fds[0]; /* named once, however often it is given */
        /* each alone, then all at once; then in read-only */
        for (int k = 0; k < 6; k++) {
                struct sbx_confined_argv c = { 0 };
                struct sbx_diag diag = { 0 };
                const char *reason;

                opts.inherited_fds = k < 4 ? &fds[k] : fds;
                opts.n_inherited_fds = k < 4 ? 1 : 5;
                pol.mode = k == 5 ? SBX_MODE_READ_ONLY : SBX_MODE_WORKSPACE_WRITE;
                assert_int_equal(sbx_backend_bwrap.confine(&req, &c, &diag), 0);
                reason = c.enforcement_reason ? c.enforcement_reason : "";
                snprintf(want, sizeof(want), "descriptor %d, a file outside the workspace", fds[0]);
                if (k == 0 || k == 4) {
                        assert_int_equal(c.enforcement, SBX_ENFORCEMENT_PARTIAL);
                        assert_non_null(strstr(reason, want));
                        assert_non_null(strstr(reason, "may change its mode (chmod)"));
                        assert_non_null(strstr(reason, "times (utime), extended attributes (xattr)"));
                        /* fds[4] is fds[0] again: named once */
                        assert_null(strstr(strstr(reason, want) + 1, want));
                } else
                        assert_null(strstr(reason, want));
                snprintf(want, sizeof(want), "descriptor %d, a named pipe outside the workspace", fds[3]);
                if (k == 3 || k == 4)
                        assert_non_null(strstr(reason, want));
                else
                        assert_null(strstr(reason, want));
                /* the file in the workspace and the pipe are never named */
                snprintf(want, sizeof(want), "descriptor %d,", fds[1]);
                assert_null(strstr(reason, want));
                snprintf(want, sizeof(want), "descriptor %d,", fds[2]);
                assert_null(strstr(reason, want));
                sbx_strv_free(c.argv);
                sbx_strv_free(c.setenv);
                free(c.enforcement_reason);
        }
        for (int k = 0; k < 4; k++)
                close(fds[k]);
        close(pipefd[0]);
        assert_int_equal(unlink(out), 0);
        assert_int_equal(unlink(in), 0);
        assert_int_equal(unlink(fifo), 0);
        assert_int_equal(rmdir(dir), 0);
        sbx_config_free(cfg);
}

/* The temp area's removal: an empty directory, a tree, a missing path; never through a symlink
 * (neither the path itself nor one inside: what they point to stays). */
static void test_remove_tree_follows_no_symlink(void **state) {
        char top[PATH_MAX], keep[PATH_MAX], p[PATH_MAX + 32], link[PATH_MAX];
        FILE *f;
        (void) state;
        snprintf(top, sizeof(top), "%s/rt", ws);
        snprintf(keep, sizeof(keep), "%s/rt-keep", ws);
        assert_int_equal(sbx_mkdir_p(top, 0700), 0);
        assert_int_equal(sbx_remove_tree(top), 0);
        assert_int_equal(access(top, F_OK), -1);
        assert_int_equal(sbx_remove_tree(top), 0); /* missing: nothing to do */

        snprintf(p, sizeof(p), "%s/kept", keep);
        assert_int_equal(sbx_mkdir_p(keep, 0700), 0);
        assert_non_null(f = fopen(p, "w"));
        fclose(f);
        snprintf(p, sizeof(p), "%s/a/b", top);
        assert_int_equal(sbx_mkdir_p(p, 0700), 0);
        snprintf(p, sizeof(p), "%s/a/b/file", top);
        assert_non_null(f = fopen(p, "w"));
        fclose(f);
        snprintf(p, sizeof(p), "%s/a/out", top);
        assert_int_equal(symlink(keep, p), 0);
        assert_int_equal(sbx_remove_tree(top), 0);
        assert_int_equal(access(top, F_OK), -1);
        snprintf(p, sizeof(p), "%s/kept", keep);
        assert_int_equal(access(p, F_OK), 0);

        snprintf(link, sizeof(link), "%s/rt-link", ws);
        assert_int_equal(symlink(keep, link), 0);
        assert_true(sbx_remove_tree(link) < 0);
        assert_int_equal(access(p, F_OK), 0);
        assert_int_equal(unlink(link), 0);
        assert_int_equal(sbx_remove_tree(keep), 0);
}

/* What the command leaves in its temp area cannot keep the area on the host: a tree deeper than
 * any recursion, directories of mode 0 and 0500 (their owner may not list or empty them), the top
 * itself made 0500 (escape review: each of these left the area behind for good). */
static void test_remove_tree_deep_and_locked(void **state) {
        char top[PATH_MAX], p[PATH_MAX];
        size_t n;
        FILE *f;
        (void) state;
        snprintf(top, sizeof(top), "%s/rt-deep", ws);
        n = (size_t) snprintf(p, sizeof(p), "%s", top);
        for (int i = 0; i < 300; i++)
                n += (size_t) snprintf(p + n, sizeof(p) - n, "/d");
        assert_int_equal(sbx_mkdir_p(p, 0700), 0);
        snprintf(p + n, sizeof(p) - n, "/file");
        assert_non_null(f = fopen(p, "w"));
        fclose(f);
        snprintf(p, sizeof(p), "%s/none/sub", top);
        assert_int_equal(sbx_mkdir_p(p, 0700), 0);
        snprintf(p, sizeof(p), "%s/ro/sub", top);
        assert_int_equal(sbx_mkdir_p(p, 0700), 0);
        snprintf(p, sizeof(p), "%s/none", top);
        assert_int_equal(chmod(p, 0), 0);
        snprintf(p, sizeof(p), "%s/ro", top);
        assert_int_equal(chmod(p, 0500), 0);
        snprintf(p, sizeof(p), "%s/d/d", top);
        assert_int_equal(chmod(p, 0), 0);
        assert_int_equal(chmod(top, 0500), 0);
        assert_int_equal(sbx_remove_tree(top), 0);
        assert_int_equal(access(top, F_OK), -1);
}

/* A backend without a private temp area (landlock) gets a host directory per run: 0700, named by
 * TMPDIR, removed with what the command left in it. */
static void test_host_temp_area_is_private_and_removed(void **state) {
        struct sbx_config *cfg = config_bwrap("/bin/true");
        struct sbx_provider *p = NULL;
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = ws };
        struct sbx_confined_argv *c = NULL;
        struct sbx_unavailable why = { 0 };
        struct sbx_candidate cand;
        char *argv[] = { (char *) "true", NULL };
        _cleanup_free_ char *temp = NULL, *env = NULL, *left = NULL;
        struct stat st;
        (void) state;
        assert_int_equal(sbx_provider_new_local(cfg, "landlock", &p, NULL), 0);
        if (sbx_backend_check(cfg, "landlock", SBX_MODE_WORKSPACE_WRITE, &cand) < 0) {
                /* no Landlock here: the refusal is the fail-closed end, and no temp area is made */
                assert_int_equal(sbx_provider_confine(p, argv, &pol, NULL, &c, &why, NULL), -EOPNOTSUPP);
                assert_null(c);
        } else {
                assert_int_equal(sbx_provider_confine(p, argv, &pol, NULL, &c, &why, NULL), 0);
                assert_non_null(c->temp_dir);
                assert_int_equal(stat(c->temp_dir, &st), 0);
                assert_true(S_ISDIR(st.st_mode));
                assert_int_equal(st.st_mode & 0777, 0700);
                assert_true(asprintf(&env, "TMPDIR=%s", c->temp_dir) > 0);
                assert_string_equal(c->setenv[0], env);
                temp = strdup(c->temp_dir);
                assert_true(asprintf(&left, "%s/left-behind", temp) > 0);
                fclose(fopen(left, "w"));
                sbx_confined_argv_free(c);
                assert_int_equal(stat(temp, &st), -1);
        }
        sbx_provider_free(p);
        sbx_config_free(cfg);
}

/* Confines `true` for workspace-write under landlock with TMPDIR=tmpdir: 0 and *ret, or -1 when
 * Landlock is not there (then the refusal was checked and nothing was made). */
static int confine_with_tmpdir(const char *tmpdir, struct sbx_config *cfg, struct sbx_provider *p,
                               struct sbx_confined_argv **ret) {
        struct sbx_policy pol = { .mode = SBX_MODE_WORKSPACE_WRITE, .workspace_root = ws };
        struct sbx_unavailable why = { 0 };
        struct sbx_candidate cand;
        char *argv[] = { (char *) "true", NULL };
        int r;

        assert_int_equal(setenv("TMPDIR", tmpdir, 1), 0);
        if (sbx_backend_check(cfg, "landlock", SBX_MODE_WORKSPACE_WRITE, &cand) < 0) {
                assert_int_equal(sbx_provider_confine(p, argv, &pol, NULL, ret, &why, NULL), -EOPNOTSUPP);
                assert_null(*ret);
                r = -1;
        } else {
                assert_int_equal(sbx_provider_confine(p, argv, &pol, NULL, ret, &why, NULL), 0);
                assert_non_null((*ret)->temp_dir);
                r = 0;
        }
        unsetenv("TMPDIR");
        return r;
}

/* DIR/NAME into buf (PATH_MAX bytes), which it returns */
static char *at(char *buf, const char *dir, const char *name) {
        snprintf(buf, PATH_MAX, "%s/%s", dir, name);
        return buf;
}

static bool exists(const char *dir, const char *name) {
        char path[PATH_MAX];
        struct stat st;

        return lstat(at(path, dir, name), &st) == 0;
}

/* The areas live in TMPDIR/sbx-UID. Once a run's area is removed, the areas no live sbx holds
 * are removed too (a run whose sbx was killed); a live run's area, an area being made, and
 * whatever a symlink there points to stay. */
static void test_host_temp_area_sweeps_only_areas_of_dead_runs(void **state) {
        struct sbx_config *cfg = config_bwrap("/bin/true");
        struct sbx_provider *p = NULL;
        struct sbx_confined_argv *live = NULL, *c = NULL;
        char base[] = "/tmp/sbx-test-sweep-XXXXXX", user[PATH_MAX], path[PATH_MAX], outside[PATH_MAX];
        _cleanup_free_ char *live_name = NULL;
        (void) state;

        assert_non_null(mkdtemp(base));
        assert_int_equal(sbx_provider_new_local(cfg, "landlock", &p, NULL), 0);
        if (confine_with_tmpdir(base, cfg, p, &live) == 0) {
                snprintf(user, sizeof(user), "%s/sbx-%u", base, (unsigned) geteuid());
                assert_int_equal(strncmp(live->temp_dir, user, strlen(user)), 0);
                assert_int_equal(strncmp(live->temp_dir + strlen(user), "/run-", 5), 0);
                live_name = strdup(strrchr(live->temp_dir, '/') + 1);
                /* a dead run's area with content, an area being made, a planted symlink */
                assert_int_equal(mkdir(at(path, user, "run-dead00"), 0700), 0);
                assert_int_equal(mkdir(at(path, user, "run-dead00/sub"), 0700), 0);
                fclose(fopen(at(path, user, "run-dead00/sub/file"), "w"));
                assert_int_equal(mkdir(at(path, user, ".new-fresh0"), 0700), 0);
                assert_int_equal(mkdir(at(outside, base, "outside"), 0700), 0);
                fclose(fopen(at(path, base, "outside/keep"), "w"));
                assert_int_equal(symlink(outside, at(path, user, "run-link00")), 0);

                assert_int_equal(confine_with_tmpdir(base, cfg, p, &c), 0);
                sbx_confined_argv_free(c);
                assert_false(exists(user, "run-dead00"));
                assert_true(exists(user, live_name));
                assert_true(exists(user, ".new-fresh0"));
                assert_true(exists(user, "run-link00"));
                assert_true(exists(outside, "keep"));
                sbx_confined_argv_free(live);
                assert_false(exists(user, live_name));

                /* a user directory that is not private: the area is made in TMPDIR itself */
                assert_int_equal(chmod(user, 0755), 0);
                assert_int_equal(confine_with_tmpdir(base, cfg, p, &c), 0);
                snprintf(path, sizeof(path), "%s/sbx-run-", base);
                assert_int_equal(strncmp(c->temp_dir, path, strlen(path)), 0);
                sbx_confined_argv_free(c);
        }
        snprintf(path, sizeof(path), "rm -rf '%s'", base);
        assert_int_equal(system(path), 0);
        sbx_provider_free(p);
        sbx_config_free(cfg);
}

static void test_missing_runner_fails_closed_with_reason(void **state) {
        struct sbx_config *cfg = config_bwrap("/nonexistent/bwrap");
        struct sbx_provider *p = NULL;
        struct sbx_policy pol = { .mode = SBX_MODE_READ_ONLY, .workspace_root = ws };
        struct sbx_confined_argv *c = NULL;
        struct sbx_unavailable why = { 0 };
        char *argv[] = { (char *) "true", NULL };
        (void) state;
        assert_int_equal(sbx_provider_new_local(cfg, "bwrap", &p, NULL), 0);
        assert_int_equal(sbx_provider_confine(p, argv, &pol, NULL, &c, &why, NULL), -EOPNOTSUPP);
        assert_null(c);
        assert_int_equal(why.n, 1);
        assert_string_equal(why.candidates[0].backend, "bwrap");
        assert_non_null(strstr(why.candidates[0].reason, "/nonexistent/bwrap"));
        sbx_provider_free(p);
        sbx_config_free(cfg);
}

static void test_unknown_backend_is_refused(void **state) {
        struct sbx_config *cfg = config_bwrap("/bin/true");
        struct sbx_provider *p = NULL;
        struct sbx_diag diag = { 0 };
        (void) state;
        assert_int_equal(sbx_provider_new_local(cfg, "docker", &p, &diag), -EINVAL);
        assert_null(p);
        assert_non_null(strstr(diag.msg, "unknown backend 'docker'"));
        sbx_config_free(cfg);
}

static void test_other_platform_backends_are_not_applicable(void **state) {
        struct sbx_config *cfg = config_bwrap("/bin/true");
        static const char *others[] = { "seatbelt", "windows-acl" };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(others); i++) {
                struct sbx_candidate cand;
                assert_int_equal(sbx_backend_check(cfg, others[i], SBX_MODE_READ_ONLY, &cand), -EOPNOTSUPP);
                assert_false(cand.applicable);
                assert_false(cand.usable);
        }
        sbx_config_free(cfg);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_provider_never_receives_danger_full_access),
                cmocka_unit_test(test_provider_passes_through_the_table),
                cmocka_unit_test(test_provider_unavailable_names_each_candidate),
                cmocka_unit_test(test_provider_rejects_empty_argv),
                cmocka_unit_test(test_bwrap_argv_read_only),
                cmocka_unit_test(test_bwrap_proc_writable_only_for_a_non_owner),
                cmocka_unit_test(test_bwrap_moves_loader_variables_into_the_sandbox),
                cmocka_unit_test(test_bwrap_argv_workspace_write_binds_root_and_temp),
                cmocka_unit_test(test_bwrap_write_id_refuses_a_symlink_without_openat2),
                cmocka_unit_test(test_bwrap_argv_pins_the_parents_of_protected_paths),
                cmocka_unit_test(test_bwrap_refuses_a_protected_path_it_cannot_open),
                cmocka_unit_test(test_inherited_sealable_memfd_named),
                cmocka_unit_test(test_inherited_notify_instance_named),
                cmocka_unit_test(test_inherited_io_uring_named),
                cmocka_unit_test(test_inherited_userfaultfd_named),
                cmocka_unit_test(test_inherited_landlock_ruleset_named),
                cmocka_unit_test(test_inherited_unknown_anon_inode_named),
                cmocka_unit_test(test_bwrap_partial_for_an_inherited_file_outside_the_workspace),
                cmocka_unit_test(test_remove_tree_follows_no_symlink),
                cmocka_unit_test(test_remove_tree_deep_and_locked),
                cmocka_unit_test(test_host_temp_area_is_private_and_removed),
                cmocka_unit_test(test_host_temp_area_sweeps_only_areas_of_dead_runs),
                cmocka_unit_test(test_missing_runner_fails_closed_with_reason),
                cmocka_unit_test(test_unknown_backend_is_refused),
                cmocka_unit_test(test_other_platform_backends_are_not_applicable),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
