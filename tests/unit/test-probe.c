/* Probe caching: per process and on disk, invalidated by a change of the runner binary or chain. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "confine-internal.h"
#include "sbx-confine.h"
#include "sbx-macro.h"
#include "test-enosys.h"

static char dir[] = "/tmp/sbx-test-probe-XXXXXX";
static const struct sbx_spawn_options spawn_10s = { .timeout_ms = 10000, .abort_fd = -1 };
static char runner[PATH_MAX];

static struct sbx_config *config_for(const char *bwrap, const char *order0, const char *order1) {
        struct sbx_config *c = NULL;
        char *none[] = { NULL };
        assert_int_equal(sbx_config_load_files(none, &c, NULL), 0);
        free(c->bwrap_path);
        c->bwrap_path = strdup(bwrap);
        if (getenv("SBX_LANDLOCK_EXE")) { /* the built launcher (meson sets it) */
                free(c->landlock_path);
                c->landlock_path = strdup(getenv("SBX_LANDLOCK_EXE"));
        }
        free(c->cache_dir);
        assert_true(asprintf(&c->cache_dir, "%s/cache/sbx", dir) > 0);
        sbx_strv_free(c->backend_order);
        c->backend_order = calloc(3, sizeof(char *));
        c->backend_order[0] = strdup(order0);
        c->backend_order[1] = order1 ? strdup(order1) : NULL;
        return c;
}

static const struct sbx_candidate *find(const struct sbx_probe_report *r, const char *name) {
        for (size_t i = 0; i < r->n; i++)
                if (strcmp(r->candidates[i].backend, name) == 0)
                        return &r->candidates[i];
        return NULL;
}

static void test_probe_caches_on_disk_and_in_process(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", NULL);
        struct sbx_probe_report a, b, c;
        (void) state;
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &a, NULL), 0);
        assert_false(a.from_cache);
        assert_string_equal(a.selected, "bwrap");
        assert_true(find(&a, "bwrap")->usable);
        /* the other backends are listed, never probed as usable */
        assert_non_null(find(&a, "seatbelt"));
        assert_false(find(&a, "seatbelt")->applicable);
        assert_false(find(&a, "windows-acl")->usable);
        assert_int_equal(access(a.cache_path, F_OK), 0);

        assert_int_equal(sbx_probe(cfg, false, &b, NULL), 0); /* this process remembers */
        assert_true(b.from_cache);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &c, NULL), 0); /* a new process reads the file */
        assert_true(c.from_cache);
        assert_string_equal(c.cache_key, a.cache_key);
        assert_string_equal(c.selected, "bwrap");
        assert_int_equal(c.n, a.n);
        sbx_config_free(cfg);
}

/* sbx makes no home directory: run by root with HOME=/nonexistent, it made
 * /nonexistent/.cache/sbx for its cache. The verdict is then kept by the process alone. */
static void test_probe_cache_makes_no_missing_home_directory(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", NULL);
        const char *saved = getenv("HOME");
        _cleanup_free_ char *home_saved = saved ? strdup(saved) : NULL, *home = NULL;
        struct sbx_probe_report a;
        (void) state;
        assert_true(asprintf(&home, "%s/nohome", dir) > 0);
        free(cfg->cache_dir);
        assert_true(asprintf(&cfg->cache_dir, "%s/.cache/sbx", home) > 0);
        setenv("HOME", home, 1);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &a, NULL), 0);
        assert_string_equal(a.selected, "bwrap");
        assert_int_equal(access(home, F_OK), -1);
        /* the same home once it exists: the cache is made beneath it */
        assert_int_equal(mkdir(home, 0700), 0);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &a, NULL), 0);
        assert_int_equal(access(a.cache_path, F_OK), 0);
        if (home_saved)
                setenv("HOME", home_saved, 1);
        else
                unsetenv("HOME");
        sbx_config_free(cfg);
}

/* The step run between sbx's check that the home exists and its making of the cache directory
 * beneath it: at the first mkdir(2) or mkdirat(2) while armed, the home (empty) is removed, as a
 * user's `rm -r ~` or a service's cleanup might do between the two. */
static char race_home[PATH_MAX];

int __real_mkdir(const char *path, mode_t mode);
int __wrap_mkdir(const char *path, mode_t mode);
int __real_mkdirat(int dfd, const char *path, mode_t mode);
int __wrap_mkdirat(int dfd, const char *path, mode_t mode);

/* path: a name mkdir(2) made beneath the test's directory, or the first component below the home
 * that mkdirat(2) makes (the probe's own directories, elsewhere, run no step) */
static void race_step(const char *path, bool at) {
        if (race_home[0] && (at ? strcmp(path, ".cache") == 0 : strncmp(path, dir, strlen(dir)) == 0)) {
                assert_int_equal(rmdir(race_home), 0);
                race_home[0] = '\0';
        }
}

int __wrap_mkdir(const char *path, mode_t mode) {
        race_step(path, false);
        return __real_mkdir(path, mode);
}

int __wrap_mkdirat(int dfd, const char *path, mode_t mode) {
        race_step(path, true);
        return __real_mkdirat(dfd, path, mode);
}

/* A home removed between sbx's check and its mkdir is not made again: sbx made the cache
 * directory by name from "/", mkdir of each component, and so the home too, root's. */
static void test_probe_cache_makes_no_home_removed_after_the_check(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", NULL);
        const char *saved = getenv("HOME");
        _cleanup_free_ char *home_saved = saved ? strdup(saved) : NULL, *home = NULL;
        struct sbx_probe_report a;
        (void) state;
        assert_true(asprintf(&home, "%s/racehome", dir) > 0);
        assert_int_equal(mkdir(home, 0700), 0);
        free(cfg->cache_dir);
        assert_true(asprintf(&cfg->cache_dir, "%s/.cache/sbx", home) > 0);
        setenv("HOME", home, 1);
        sbx_probe_forget_process_cache();
        snprintf(race_home, sizeof(race_home), "%s", home);
        assert_int_equal(sbx_probe(cfg, false, &a, NULL), 0);
        assert_string_equal(race_home, ""); /* the step ran: the home went before a mkdir */
        assert_string_equal(a.selected, "bwrap");
        if (access(home, F_OK) == 0)
                fail_msg("the home %s, removed after sbx's check, was made again", home);
        if (home_saved)
                setenv("HOME", home_saved, 1);
        else
                unsetenv("HOME");
        sbx_config_free(cfg);
}

static void test_probe_cache_invalidated_by_runner_change(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", NULL);
        struct sbx_probe_report a, b;
        struct timespec ts[2] = { { .tv_sec = 1000000000 }, { .tv_sec = 1000000000 } };
        (void) state;
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &a, NULL), 0);
        assert_int_equal(utimensat(AT_FDCWD, runner, ts, 0), 0); /* a reinstalled runner */
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &b, NULL), 0);
        assert_false(b.from_cache);
        assert_string_not_equal(a.cache_key, b.cache_key);
        sbx_config_free(cfg);
}

/* A runner rewritten in place with its inode, size and mtime kept (cp over it, then touch -r) is
 * another runner: before, the key missed it and a cached verdict selected a runner that the
 * probe would have refused (a bwrap that runs the command unconfined). */
static void test_probe_cache_invalidated_by_runner_rewritten_in_place(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", NULL);
        struct sbx_probe_report a, b;
        struct stat before, after;
        struct timespec ts[2];
        char cmd[2 * PATH_MAX + 64];
        (void) state;
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, true, &a, NULL), 0);
        assert_int_equal(stat(runner, &before), 0);
        usleep(20000); /* a ctime the file system can tell apart */
        snprintf(cmd, sizeof(cmd), "cat '%s' > '%s.copy' && cat '%s.copy' > '%s'", runner, runner, runner, runner);
        assert_int_equal(system(cmd), 0);
        ts[0] = before.st_atim;
        ts[1] = before.st_mtim;
        assert_int_equal(utimensat(AT_FDCWD, runner, ts, 0), 0);
        assert_int_equal(stat(runner, &after), 0);
        assert_true(after.st_ino == before.st_ino && after.st_size == before.st_size &&
                    after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &b, NULL), 0);
        assert_false(b.from_cache);
        assert_string_not_equal(a.cache_key, b.cache_key);
        sbx_config_free(cfg);
}

/* A runner with a long path (allowed: shorter than PATH_MAX) is keyed by all of its fingerprint:
 * the key was a hash of the description cut at 4096 bytes, which left out the runner's inode
 * and times, so a runner replaced there kept the cached verdict of the one before (static
 * review). */
static void test_probe_cache_invalidated_by_change_of_a_runner_with_a_long_path(void **state) {
        char deep[PATH_MAX], cmd[2 * PATH_MAX + 64];
        struct timespec ts[2] = { { .tv_sec = 1000000000 }, { .tv_sec = 1000000000 } };
        struct sbx_probe_report a, b;
        struct sbx_config *cfg;
        size_t len;
        (void) state;
        len = (size_t) snprintf(deep, sizeof(deep), "%s/deep", dir);
        assert_int_equal(mkdir(deep, 0755), 0);
        while (len + 202 + sizeof("/bwrap") < 4080) {
                deep[len++] = '/';
                memset(deep + len, 'd', 200);
                len += 200;
                deep[len] = '\0';
                assert_int_equal(mkdir(deep, 0755), 0);
        }
        assert_true(len + sizeof("/bwrap") < sizeof(deep));
        memcpy(deep + len, "/bwrap", sizeof("/bwrap"));
        snprintf(cmd, sizeof(cmd), "cp '%s' '%s' && chmod 755 '%s'", runner, deep, deep);
        assert_int_equal(system(cmd), 0);
        cfg = config_for(deep, "bwrap", NULL);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, true, &a, NULL), 0);
        assert_int_equal(utimensat(AT_FDCWD, deep, ts, 0), 0); /* a reinstalled runner */
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &b, NULL), 0);
        assert_false(b.from_cache);
        assert_string_not_equal(a.cache_key, b.cache_key);
        sbx_config_free(cfg);
}

static void test_probe_cache_invalidated_by_chain_change(void **state) {
        struct sbx_config *one = config_for(runner, "bwrap", NULL);
        struct sbx_config *two = config_for(runner, "landlock", "bwrap");
        struct sbx_probe_report a, b;
        (void) state;
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(one, false, &a, NULL), 0);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(two, false, &b, NULL), 0);
        assert_false(b.from_cache);
        assert_string_not_equal(a.cache_key, b.cache_key);
        sbx_config_free(one);
        sbx_config_free(two);
}

static void test_probe_refresh_ignores_the_cache(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", NULL);
        struct sbx_probe_report a, b;
        (void) state;
        assert_int_equal(sbx_probe(cfg, false, &a, NULL), 0);
        assert_int_equal(sbx_probe(cfg, true, &b, NULL), 0);
        assert_false(b.from_cache);
        sbx_config_free(cfg);
}

static void test_probe_corrupt_cache_reprobes(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", NULL);
        struct sbx_probe_report a, b;
        FILE *f;
        (void) state;
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &a, NULL), 0);
        f = fopen(a.cache_path, "w");
        assert_non_null(f);
        fputs("sbx-probe 1\nkey garbage\n\t\t\n", f);
        fclose(f);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &b, NULL), 0);
        assert_false(b.from_cache);
        assert_string_equal(b.selected, "bwrap");
        sbx_config_free(cfg);
}

static void test_probe_cache_others_could_write_is_ignored(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", NULL);
        struct sbx_probe_report a, b;
        (void) state;
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &a, NULL), 0);
        /* a cache file writable by others could have been forged to pick a weaker backend */
        assert_int_equal(chmod(a.cache_path, 0666), 0);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &b, NULL), 0);
        assert_false(b.from_cache);
        /* ... and so could one its group may write (a shared group: root puts it in "users") */
        assert_true(b.cache_path[0] != '\0');
        assert_int_equal(chmod(b.cache_path, 0660), 0);
        if (geteuid() == 0)
                assert_int_equal(chown(b.cache_path, (uid_t) -1, 100), 0);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &b, NULL), 0);
        assert_false(b.from_cache);
        sbx_config_free(cfg);
}

/* Probes with the cache in the user's own directories (cached), then once others may write
 * `opened` (chmod 0777): the cache is neither believed nor, once removed, written again. The
 * last report (in *c) still selects bwrap. */
static void check_cache_dropped_once_writable(struct sbx_config *cfg, const char *opened, struct sbx_probe_report *c) {
        struct sbx_probe_report a, b;

        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &a, NULL), 0); /* the user's own directories: cached */
        assert_int_equal(access(a.cache_path, F_OK), 0);
        assert_int_equal(chmod(opened, 0777), 0);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &b, NULL), 0);
        assert_false(b.from_cache);
        assert_int_equal(unlink(a.cache_path), 0);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, c, NULL), 0);
        assert_int_equal(access(c->cache_path, F_OK), -1);
        assert_string_equal(c->selected, "bwrap");
}

/* A cache directory named in a directory that others may write is neither written nor believed:
 * that user could swap it for a symlink, and sbx (root, given that user's $XDG_CACHE_HOME) wrote
 * its verdict into any directory the symlink named. */
static void test_probe_cache_named_in_a_directory_others_can_write_is_not_used(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", NULL);
        struct sbx_probe_report c;
        char shared[PATH_MAX + 16];
        (void) state;
        snprintf(shared, sizeof(shared), "%s/shared", dir);
        assert_int_equal(mkdir(shared, 0755), 0);
        free(cfg->cache_dir);
        assert_true(asprintf(&cfg->cache_dir, "%s/sbx", shared) > 0);
        check_cache_dropped_once_writable(cfg, shared, &c);
        sbx_config_free(cfg);
}

/* ... nor one further below such a directory: that user could rename the directory between
 * away and put their own in its place (the config files' rule for the directories above). */
static void test_probe_cache_below_a_directory_others_can_write_is_not_used(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", NULL);
        struct sbx_probe_report c;
        char open_dir[PATH_MAX + 16], deep[PATH_MAX + 32];
        (void) state;
        snprintf(open_dir, sizeof(open_dir), "%s/open", dir);
        snprintf(deep, sizeof(deep), "%s/deep", open_dir);
        assert_int_equal(mkdir(open_dir, 0755), 0);
        assert_int_equal(mkdir(deep, 0755), 0);
        free(cfg->cache_dir);
        assert_true(asprintf(&cfg->cache_dir, "%s/sbx", deep) > 0);
        check_cache_dropped_once_writable(cfg, open_dir, &c);
        /* a sticky one (as /tmp) is: others cannot rename what is not theirs */
        assert_int_equal(chmod(open_dir, 01777), 0);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &c, NULL), 0);
        assert_int_equal(access(c.cache_path, F_OK), 0);
        sbx_config_free(cfg);
}

static void test_probe_missing_runner_is_unusable_with_reason(void **state) {
        struct sbx_config *cfg = config_for("/nonexistent/bwrap", "bwrap", NULL);
        struct sbx_probe_report r;
        (void) state;
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, true, &r, NULL), 0);
        assert_string_equal(r.selected, "");
        assert_false(find(&r, "bwrap")->usable);
        assert_non_null(strstr(find(&r, "bwrap")->reason, "/nonexistent/bwrap"));
        sbx_config_free(cfg);
}

/* A cached verdict that no backend works is probed again, not trusted (its key cannot tell one
 * seccomp filter from another); a usable one is reused. */
static void test_probe_cached_refusal_is_probed_again(void **state) {
        struct sbx_config *cfg = config_for("/nonexistent/bwrap", "bwrap", NULL);
        struct sbx_probe_report a, b;
        (void) state;
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, true, &a, NULL), 0);
        assert_string_equal(a.selected, "");
        assert_int_equal(access(a.cache_path, F_OK), 0);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, false, &b, NULL), 0);
        assert_false(b.from_cache);
        assert_string_equal(b.selected, "");
        sbx_config_free(cfg);
}

/* An executable script NAME in the test's directory, its path in path. */
static void write_fake(char *path, size_t size, const char *name, const char *script) {
        FILE *f;

        snprintf(path, size, "%s/%s", dir, name);
        f = fopen(path, "w");
        assert_non_null(f);
        fputs(script, f);
        assert_int_equal(fclose(f), 0);
        assert_int_equal(chmod(path, 0755), 0);
}

static void test_probe_runner_that_does_not_confine_is_unusable(void **state) {
        /* a "runner" that runs the command unconfined: the forbidden write lands, so it fails */
        char fake[PATH_MAX + 32];
        struct sbx_config *cfg;
        struct sbx_probe_report r;
        (void) state;
        /* skips its own options and the mount-sealing launcher's, then runs the command as is */
        write_fake(fake, sizeof(fake), "fake-bwrap",
                   "#!/bin/sh\nwhile [ \"$1\" != -- ]; do shift; done; shift\n"
                   "while [ \"$1\" != -- ]; do shift; done; shift; exec \"$@\"\n");
        cfg = config_for(fake, "bwrap", NULL);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, true, &r, NULL), 0);
        assert_false(find(&r, "bwrap")->usable);
        assert_non_null(strstr(find(&r, "bwrap")->reason, "NOT denied"));
        assert_string_equal(r.selected, "");
        sbx_config_free(cfg);
}

/* The probe runs in its own workspace: a current directory that the sandbox cannot enter (here
 * removed; as root, another user's private one) fails that run only. Probed from there, bwrap
 * was unusable ("Can't chdir", "cannot be reached") and that verdict was cached for every later
 * run: landlock (partial in workspace-write) instead, --require-full refused. */
static void test_probe_does_not_depend_on_the_current_directory(void **state) {
        struct sbx_config *cfg = config_for(runner, "bwrap", "landlock");
        struct sbx_probe_report r;
        char gone[PATH_MAX + 16], other[PATH_MAX + 16];
        int home = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        (void) state;
        assert_true(home >= 0);
        snprintf(gone, sizeof(gone), "%s/gone", dir);
        assert_int_equal(mkdir(gone, 0700), 0);
        assert_int_equal(chdir(gone), 0);
        assert_int_equal(rmdir(gone), 0);
        sbx_probe_forget_process_cache();
        assert_int_equal(sbx_probe(cfg, true, &r, NULL), 0);
        assert_int_equal(fchdir(home), 0);
        assert_null(strstr(find(&r, "bwrap")->reason, "probe:"));
        assert_true(find(&r, "bwrap")->usable);
        assert_string_equal(r.selected, "bwrap");
        if (geteuid() == 0) {
                snprintf(other, sizeof(other), "%s/other-user", dir);
                assert_int_equal(mkdir(other, 0700), 0);
                assert_int_equal(chown(other, 65534, 65534), 0);
                assert_int_equal(chdir(other), 0);
                sbx_probe_forget_process_cache();
                assert_int_equal(sbx_probe(cfg, true, &r, NULL), 0);
                assert_int_equal(fchdir(home), 0);
                assert_null(strstr(find(&r, "bwrap")->reason, "probe:"));
                assert_string_equal(r.selected, "bwrap");
        }
        close(home);
        sbx_config_free(cfg);
}

/* The probe's confined command is spawned with 0-2 only: the caller's other descriptors (sbx
 * probe's shell, sbx run's caller) reached the runner and, through it, the sandbox. */
static void test_probe_spawn_passes_no_descriptor_of_the_caller(void **state) {
        char *argv[] = { (char *) "/bin/sh", (char *) "-c",
                         (char *) "[ -e /proc/$$/fd/77 ] && echo inherited 77 >&2; exit 0", NULL };
        char err[256];
        int wstatus = -1, fd = open("/dev/null", O_RDONLY); /* (inheritable, as a caller's may be) */
        (void) state;
        assert_true(fd >= 0);
        assert_int_equal(dup2(fd, 77), 77);
        close(fd);
        assert_int_equal(sbx_spawn_capture(argv, NULL, &spawn_10s, &wstatus, err, sizeof(err)), 0);
        close(77);
        assert_true(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0);
        assert_string_equal(err, "");
}

/* A runner that exits and leaves a process of its group holding the stderr pipe (bubblewrap out of
 * descriptors leaves its sandbox's init so, waiting for ever): the spawn returns once the runner
 * ended, not at its deadline, and what was left of the group is killed. */
static void spawn_leaves_nothing_of_the_runner(void) {
        char *argv[] = { (char *) "/bin/sh", (char *) "-c", (char *) "sleep 60 & echo $! >&2; exit 7", NULL };
        char err[256], state = 0;
        int wstatus = -1;
        struct timespec t0, t1;
        long ms, left_pid;

        clock_gettime(CLOCK_MONOTONIC, &t0);
        assert_int_equal(sbx_spawn_capture(argv, NULL, &spawn_10s, &wstatus, err, sizeof(err)), 0);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
        assert_true(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 7);
        assert_true(ms < 5000);
        left_pid = strtol(err, NULL, 10);
        assert_true(left_pid > 1);
        /* gone, or a zombie of whoever adopted it */
        for (int i = 0; i < 100; i++) {
                char path[64], buf[512];
                FILE *f;

                snprintf(path, sizeof(path), "/proc/%ld/stat", left_pid);
                f = fopen(path, "r");
                if (!f) {
                        state = 'X';
                        break;
                }
                if (fgets(buf, sizeof(buf), f) && strrchr(buf, ')'))
                        state = strrchr(buf, ')')[2];
                fclose(f);
                if (state == 'Z')
                        break;
                usleep(10000);
        }
        assert_true(state == 'X' || state == 'Z');
}

static void test_probe_spawn_leaves_nothing_of_the_runner(void **state) {
        (void) state;
        spawn_leaves_nothing_of_the_runner();
}

/* The same where the kernel has no pidfd_open() (before 5.3): a seccomp filter makes it ENOSYS. */
static void test_probe_spawn_leaves_nothing_of_the_runner_without_pidfd(void **state) {
#if defined(__x86_64__) && defined(SYS_pidfd_open)
        int wstatus = -1;
        pid_t pid;

        (void) state;
        pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                if (test_enosys(SYS_pidfd_open) < 0 || syscall(SYS_pidfd_open, getpid(), 0) >= 0 || errno != ENOSYS)
                        _exit(2);
                spawn_leaves_nothing_of_the_runner(); /* a failed assertion ends the child nonzero */
                _exit(0);
        }
        assert_int_equal(waitpid(pid, &wstatus, 0), pid);
        assert_true(WIFEXITED(wstatus));
        assert_int_equal(WEXITSTATUS(wstatus), 0);
#else
        (void) state;
        skip();
#endif
}

/* A caller that ignores SIGCHLD (inherited across exec: a daemon, a job runner) had the kernel
 * reap the runner as it ended: its exit status was lost (ECHILD: every backend read unusable, and
 * `sbx run` refused to run), and its group was killed once its id was free again, maybe another
 * group's. The spawn waits for its runner whatever the caller's disposition, which it restores. */
static void test_probe_spawn_with_sigchld_ignored(void **state) {
        char *argv[] = { (char *) "/bin/sh", (char *) "-c", (char *) "exit 3", NULL };
        struct sbx_spawn_options o = spawn_10s;
        struct sigaction ign = { .sa_handler = SIG_IGN }, old, now;
        char err[256];
        int wstatus = -1, r;
        (void) state;

        for (int dying = 0; dying <= 1; dying++) {
                o.die_with_parent = dying;
                wstatus = -1;
                assert_int_equal(sigaction(SIGCHLD, &ign, &old), 0);
                r = sbx_spawn_capture(argv, NULL, &o, &wstatus, err, sizeof(err));
                assert_int_equal(sigaction(SIGCHLD, NULL, &now), 0);
                assert_int_equal(sigaction(SIGCHLD, &old, NULL), 0);
                assert_int_equal(r, 0);
                assert_true(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 3);
                assert_true(now.sa_handler == SIG_IGN);
        }
}

/* sbx ignores SIGXFSZ for its own writes; a probe's runner gets the caller's disposition back (it
 * inherited sbx's, ignored), as the command of `sbx run` does: default unless the caller ignored
 * it. The runner here says which, from its SigIgn mask, and fails, so that its stderr is the
 * reason. */
static void test_probe_runner_gets_the_callers_sigxfsz(void **state) {
        struct sigaction ign = { .sa_handler = SIG_IGN }, dfl = { .sa_handler = SIG_DFL }, old;
        char fake[PATH_MAX + 32];
        struct sbx_config *cfg;
        struct sbx_probe_report r;
        const struct sbx_candidate *c;
        (void) state;
        /* SIGXFSZ is 25: bit 24 of SigIgn, the 7th hex digit from the right */
        write_fake(fake, sizeof(fake), "xfsz-bwrap",
                   "#!/bin/sh\nm=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status)\n"
                   "case $((0x$m >> 24 & 1)) in 1) echo xfsz=ignored >&2;; *) echo xfsz=default >&2;; esac\nexit 1\n");
        cfg = config_for(fake, "bwrap", NULL);
        assert_int_equal(sigaction(SIGXFSZ, NULL, &old), 0);
        for (int caller_ignored = 0; caller_ignored <= 1; caller_ignored++) {
                struct sigaction callers = caller_ignored ? ign : dfl;

                sigemptyset(&callers.sa_mask);
                /* as sbx_run_xfsz_ignore() does */
                assert_int_equal(sigaction(SIGXFSZ, &ign, NULL), 0);
                sbx_probe_caller_xfsz(&callers);
                sbx_probe_forget_process_cache();
                assert_int_equal(sbx_probe(cfg, true, &r, NULL), 0);
                sbx_probe_caller_xfsz(NULL);
                c = find(&r, "bwrap");
                assert_non_null(c);
                assert_false(c->usable);
                if (!strstr(c->reason, caller_ignored ? "xfsz=ignored" : "xfsz=default"))
                        fail_msg("caller's SIGXFSZ %s, the runner said: %s", caller_ignored ? "ignored" : "default",
                                 c->reason);
        }
        assert_int_equal(sigaction(SIGXFSZ, &old, NULL), 0);
        sbx_config_free(cfg);
}

/* A runner is trusted with the directory it is named in and every directory above its real path
 * (sbx_find_executable()): one named through a symlink in a directory others may write is refused
 * (they could point the link elsewhere), as is one whose own directory others may write, also
 * when that directory is the one it is named in. */
static void test_runner_named_in_a_directory_others_can_write_is_refused(void **state) {
        char open_dir[PATH_MAX], link[PATH_MAX + 16], direct[PATH_MAX + 16], cmd[3 * PATH_MAX];
        _cleanup_free_ char *found = NULL;
        (void) state;

        snprintf(open_dir, sizeof(open_dir), "%s/runners", dir);
        snprintf(link, sizeof(link), "%s/bwrap-link", open_dir);
        snprintf(direct, sizeof(direct), "%s/bwrap-copy", open_dir);
        assert_int_equal(mkdir(open_dir, 0755), 0);
        assert_int_equal(symlink(runner, link), 0);
        snprintf(cmd, sizeof(cmd), "cp '%s' '%s'", runner, direct);
        assert_int_equal(system(cmd), 0);
        /* all trusted: the link leads to the runner itself */
        assert_int_equal(sbx_find_executable(link, &found), 0);
        assert_string_equal(found, runner);
        free(found);
        found = NULL;
        assert_int_equal(sbx_find_executable(direct, &found), 0);
        free(found);
        found = NULL;
        /* the same names, looked up again (sbx_find_executable() remembers only what it found
         * trusted: new names) once their directory is open to all */
        assert_int_equal(chmod(open_dir, 0777), 0);
        snprintf(link, sizeof(link), "%s/./bwrap-link", open_dir);
        snprintf(direct, sizeof(direct), "%s/./bwrap-copy", open_dir);
        assert_int_equal(sbx_find_executable(link, &found), -EPERM);
        assert_null(found);
        assert_int_equal(sbx_find_executable(direct, &found), -EPERM);
        assert_null(found);
        assert_int_equal(chmod(open_dir, 0755), 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_probe_caches_on_disk_and_in_process),
                cmocka_unit_test(test_probe_cache_makes_no_missing_home_directory),
                cmocka_unit_test(test_probe_cache_makes_no_home_removed_after_the_check),
                cmocka_unit_test(test_probe_cache_invalidated_by_runner_change),
                cmocka_unit_test(test_probe_cache_invalidated_by_runner_rewritten_in_place),
                cmocka_unit_test(test_probe_cache_invalidated_by_change_of_a_runner_with_a_long_path),
                cmocka_unit_test(test_probe_cache_invalidated_by_chain_change),
                cmocka_unit_test(test_probe_refresh_ignores_the_cache),
                cmocka_unit_test(test_probe_corrupt_cache_reprobes),
                cmocka_unit_test(test_probe_cache_others_could_write_is_ignored),
                cmocka_unit_test(test_probe_cache_named_in_a_directory_others_can_write_is_not_used),
                cmocka_unit_test(test_probe_cache_below_a_directory_others_can_write_is_not_used),
                cmocka_unit_test(test_probe_missing_runner_is_unusable_with_reason),
                cmocka_unit_test(test_runner_named_in_a_directory_others_can_write_is_refused),
                cmocka_unit_test(test_probe_cached_refusal_is_probed_again),
                cmocka_unit_test(test_probe_runner_that_does_not_confine_is_unusable),
                cmocka_unit_test(test_probe_does_not_depend_on_the_current_directory),
                cmocka_unit_test(test_probe_spawn_passes_no_descriptor_of_the_caller),
                cmocka_unit_test(test_probe_spawn_leaves_nothing_of_the_runner),
                cmocka_unit_test(test_probe_spawn_leaves_nothing_of_the_runner_without_pidfd),
                cmocka_unit_test(test_probe_spawn_with_sigchld_ignored),
                cmocka_unit_test(test_probe_runner_gets_the_callers_sigxfsz),
        };
        char cmd[PATH_MAX + 64];
        _cleanup_free_ char *real = NULL;
        int r;

        if (sbx_find_executable("bwrap", &real) < 0 || system("bwrap --ro-bind / / true 2>/dev/null") != 0) {
                fprintf(stderr, "SKIP: bubblewrap is missing or cannot create namespaces here\n");
                return 77;
        }
        if (!mkdtemp(dir))
                return 1;
        snprintf(runner, sizeof(runner), "%s/bwrap", dir);
        snprintf(cmd, sizeof(cmd), "cp '%s' '%s' && chmod 755 '%s'", real, runner, runner);
        if (system(cmd) != 0)
                return 1;
        r = cmocka_run_group_tests(tests, NULL, NULL);
        snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
        (void) !system(cmd);
        return r;
}
