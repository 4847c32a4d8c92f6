/* The deployment configuration file: defaults, precedence of files, validation. */
#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "sbx-confine.h"
#include "sbx-macro.h"
#include "sbx-trust.h"

static char dir[] = "/tmp/sbx-test-config-XXXXXX";

/* strdup() of this binary (the libraries' calls link to it): the strdup_fail_at-th call since it
 * was set fails, as out of memory would. 0: never. */
static int strdup_calls, strdup_fail_at;

char *strdup(const char *s) {
        size_t n = strlen(s) + 1;
        char *p;

        if (strdup_fail_at && ++strdup_calls == strdup_fail_at)
                return NULL;
        p = malloc(n);
        return p ? memcpy(p, s, n) : NULL;
}

static char *write_file(const char *name, const char *text) {
        char *path = NULL;
        FILE *f;
        assert_true(asprintf(&path, "%s/%s", dir, name) > 0);
        f = fopen(path, "w");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
        return path;
}

static int setup(void **state) {
        (void) state;
        return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state) {
        char cmd[128];
        (void) state;
        snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
        return system(cmd) == 0 ? 0 : -1;
}

static void test_config_defaults_without_files(void **state) {
        char *none[] = { NULL };
        struct sbx_config *c = NULL;
        (void) state;
        assert_int_equal(sbx_config_load_files(none, &c, NULL), 0);
        assert_int_equal(c->default_mode, SBX_MODE_WORKSPACE_WRITE);
        assert_null(c->fallback_root);
        assert_string_equal(c->backend_order[0], "bwrap");
        assert_string_equal(c->backend_order[1], "landlock");
        assert_null(c->backend_order[2]);
        assert_non_null(c->landlock_path);
        assert_null(c->files_read);
        sbx_config_free(c);
}

static void test_config_later_file_overrides_and_missing_is_skipped(void **state) {
        _cleanup_free_ char *sys = write_file("system", "# system\ndefault_mode = read-only\nbackends = bwrap, landlock\n"
                                                        "fallback_root = /srv\n");
        _cleanup_free_ char *user = write_file("user", "  backends = landlock  \n\n# comment\ncache_dir=/var/cache/x\n");
        char *missing = (char *) "/nonexistent/sbx/config";
        char *files[] = { sys, missing, user, NULL };
        struct sbx_config *c = NULL;
        (void) state;
        assert_int_equal(sbx_config_load_files(files, &c, NULL), 0);
        assert_int_equal(c->default_mode, SBX_MODE_READ_ONLY);
        assert_string_equal(c->fallback_root, "/srv");
        assert_string_equal(c->backend_order[0], "landlock");
        assert_null(c->backend_order[1]);
        assert_string_equal(c->cache_dir, "/var/cache/x");
        assert_string_equal(c->files_read[0], sys);
        assert_string_equal(c->files_read[1], user);
        assert_null(c->files_read[2]);
        /* dialect overrides: the user file's directory first */
        assert_string_equal(c->config_dirs[0], dir);
        sbx_config_free(c);
}

static void test_config_errors_name_file_and_line(void **state) {
        static const struct {
                const char *text, *words;
        } cases[] = {
                { "default_mode = yolo\n", ":1: unknown mode 'yolo'" },
                { "\n\nbogus = 1\n", ":3: unknown key 'bogus'" },
                { "backends = bwrap, docker\n", ":1: unknown backend 'docker'" },
                { "backends = ,\n", ":1: 'backends' lists no backend" },
                /* an empty name was skipped silently, and a name twice was probed twice */
                { "backends = bwrap,,landlock\n", ":1: an empty name in 'backends'" },
                { "backends = bwrap, landlock,\n", ":1: an empty name in 'backends'" },
                { "backends = , bwrap\n", ":1: an empty name in 'backends'" },
                { "backends = bwrap, landlock, bwrap\n", ":1: 'bwrap' twice in 'backends'" },
                { "no equals sign\n", ":1: expected 'key = value'" },
                { "landlock_launcher = relative/path\n", ":1: 'landlock_launcher' must be an absolute path" },
                { "fallback_root = work\n", ":1: 'fallback_root' must be an absolute path" },
                { "fallback_root = .\n", ":1: 'fallback_root' must be an absolute path" },
                { "bwrap =\n", ":1: 'bwrap' has an empty value" },
                { "bwrap = tools/bwrap\n", ":1: 'bwrap' must be an absolute path or a bare name" },
                /* the Windows runner's relative path was taken, relative to each run's directory */
                { "windows_runner = ../bin/sbx-winrun.exe\n",
                  ":1: 'windows_runner' must be an absolute path or a bare name" },
                /* a key twice in one file is ambiguous (the later files override the earlier
                 * ones, not a file itself): the last one won silently, danger-full-access here */
                { "default_mode = read-only\n# more\ndefault_mode = danger-full-access\n",
                  ":3: 'default_mode' given twice (first on line 1)" },
                { "bwrap = /usr/bin/bwrap\nbackends = bwrap\n  bwrap=bwrap\n", ":3: 'bwrap' given twice (first on line 1)" },
        };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *path = write_file("bad", cases[i].text);
                char *files[] = { path, NULL };
                struct sbx_config *c = (struct sbx_config *) 0x1;
                struct sbx_diag diag = { 0 };
                assert_int_equal(sbx_config_load_files(files, &c, &diag), -EINVAL);
                assert_ptr_equal(c, (struct sbx_config *) 0x1);
                assert_non_null(strstr(diag.msg, path));
                if (!strstr(diag.msg, cases[i].words))
                        fail_msg("case %zu: '%s' lacks '%s'", i, diag.msg, cases[i].words);
        }
}

static void test_config_unreadable_file_is_an_error(void **state) {
        _cleanup_free_ char *path = write_file("unreadable", "default_mode = read-only\n");
        char *files[] = { path, NULL };
        struct sbx_config *c = NULL;
        struct sbx_diag diag = { 0 };
        (void) state;
        if (geteuid() == 0) {
                /* root reads any mode: a directory in its place is unreadable as a file for everyone */
                unlink(path);
                assert_int_equal(mkdir(path, 0700), 0);
                assert_int_not_equal(sbx_config_load_files(files, &c, &diag), 0);
                rmdir(path);
        } else {
                chmod(path, 0);
                assert_int_equal(sbx_config_load_files(files, &c, &diag), -EACCES);
        }
        assert_null(c);
        assert_non_null(strstr(diag.msg, path));
}

static void test_config_writable_by_others_is_refused(void **state) {
        _cleanup_free_ char *path = write_file("open", "default_mode = read-only\n");
        char *files[] = { path, NULL };
        struct sbx_config *c = NULL;
        struct sbx_diag diag = { 0 };
        (void) state;
        assert_int_equal(chmod(path, 0646), 0);
        assert_int_equal(sbx_config_load_files(files, &c, &diag), -EPERM);
        assert_null(c);
        assert_non_null(strstr(diag.msg, "writable by group or others"));
        /* the sticky bit protects only a directory's entries: on a file it changes nothing */
        diag = (struct sbx_diag) { 0 };
        assert_int_equal(chmod(path, 01646), 0);
        assert_int_equal(sbx_config_load_files(files, &c, &diag), -EPERM);
        assert_null(c);
        assert_non_null(strstr(diag.msg, "writable by group or others"));
}

/* Group-writable: refused in a group that is not the owner's private one (a shared "users"),
 * believed in the owner's private group (gid == uid: Debian's umask 002 makes such files). */
static void test_config_group_writable_only_in_a_private_group(void **state) {
        _cleanup_free_ char *path = write_file("group", "default_mode = read-only\n");
        char *files[] = { path, NULL };
        struct sbx_config *c = NULL;
        struct sbx_diag diag = { 0 };
        struct stat st;
        (void) state;
        assert_int_equal(chmod(path, 0664), 0);
        if (geteuid() != 0) { /* no chown to another group: the caller's own group decides */
                assert_int_equal(stat(path, &st), 0);
                assert_int_equal(sbx_config_load_files(files, &c, &diag),
                                 st.st_gid == st.st_uid && sbx_group_is_private(st.st_gid, st.st_uid) ? 0 : -EPERM);
                sbx_config_free(c);
                return;
        }
        assert_int_equal(chown(path, 0, 100), 0);
        assert_int_equal(sbx_config_load_files(files, &c, &diag), -EPERM);
        assert_null(c);
        assert_non_null(strstr(diag.msg, "writable by group or others"));
        assert_int_equal(chown(path, 0, 0), 0);
        assert_int_equal(sbx_config_load_files(files, &c, &diag), 0);
        assert_int_equal(c->default_mode, SBX_MODE_READ_ONLY);
        sbx_config_free(c);
}

/* The private group is what the account files say, not the number alone: a group that bears
 * another name (uid 100's "users"), lists another member, or is another account's primary group
 * is shared; one the files do not hold, or hold behind a NIS entry or an overlong line, is not
 * believed. */
static void test_config_private_group_from_the_account_files(void **state) {
        static const struct {
                const char *passwd, *group;
                bool private;
        } cases[] = {
                { "alice:x:1000:1000::/home/alice:/bin/sh\n", "alice:x:1000:\n", true },
                { "alice:x:1000:1000::/home/alice:/bin/sh\n", "alice:x:1000:alice\n", true },
                { "alice:x:1000:1000::/home/alice:/bin/sh", "alice:x:1000:", true }, /* no final newline */
                { "alice:x:1000:1000::/home/alice:/bin/sh\n", "alice:x:1000:alice,bob\n", false },
                { "alice:x:1000:1000::/home/alice:/bin/sh\n", "alice:x:1000:bob\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\nbob:x:1001:1000::/b:/bin/sh\n", "alice:x:1000:\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\n", "staff:x:1000:\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\n", "alice:x:1000:\nshared:x:1000:bob\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\n", "other:x:1001:\n", false },
                { "bob:x:1001:1001::/b:/bin/sh\n", "alice:x:1000:\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\n+::::::\n", "alice:x:1000:\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\n", "+:::\nalice:x:1000:\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\n", "alice:x:01000x:\n", false },
                /* what the C library reads as gid 1000 (leading blanks, a sign) is not skipped */
                { "alice:x:1000:1000::/a:/bin/sh\nbob:x:1001: 1000::/b:/bin/sh\n", "alice:x:1000:\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\nbob:x:1001:+1000::/b:/bin/sh\n", "alice:x:1000:\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\n", "alice:x:1000:\nstaff:x: 1000:bob\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\n", "alice:x:1000:\nstaff:x:+1000:bob\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\n", "alice:x:1000:\n  +:::\n", false },
                { "alice:x:1000:1000::/a:/bin/sh\n", "alice:x:1000:\nstaff:x:1000\n", false },
                /* what it skips (empty lines, comments) is skipped; leading blanks are its too */
                { "\n# accounts\n  alice:x:1000:1000::/a:/bin/sh\n\n", "  # groups\n\nalice:x:1000:alice,\n", true },
        };
        _cleanup_free_ char *big = NULL;
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                _cleanup_free_ char *pw = write_file("passwd", cases[i].passwd);
                _cleanup_free_ char *gr = write_file("group", cases[i].group);
                if (sbx_group_private_in(pw, gr, 1000, 1000) != cases[i].private)
                        fail_msg("case %zu: expected %s", i, cases[i].private ? "private" : "shared");
        }
        /* a group line longer than the reader takes whole: its members are unknown */
        big = malloc(10000);
        assert_non_null(big);
        strcpy(big, "alice:x:1000:");
        memset(big + strlen(big), 'a', 9000);
        strcpy(big + 13 + 9000, "\n");
        {
                _cleanup_free_ char *pw = write_file("passwd", "alice:x:1000:1000::/a:/bin/sh\n");
                _cleanup_free_ char *gr = write_file("group", big);
                assert_false(sbx_group_private_in(pw, gr, 1000, 1000));
                assert_false(sbx_group_private_in(pw, "/nonexistent/group", 1000, 1000));
                assert_false(sbx_group_private_in("/nonexistent/passwd", gr, 1000, 1000));
        }
}

static void test_config_env_names_the_only_file(void **state) {
        _cleanup_free_ char *path = write_file("only", "default_mode = danger-full-access\n");
        struct sbx_config *c = NULL;
        (void) state;
        setenv("SBX_CONFIG", path, 1);
        assert_int_equal(sbx_config_load(&c, NULL), 0);
        unsetenv("SBX_CONFIG");
        assert_int_equal(c->default_mode, SBX_MODE_DANGER_FULL_ACCESS);
        assert_string_equal(c->files_read[0], path);
        assert_null(c->files_read[1]);
        sbx_config_free(c);
}

/* Without $HOME (env -i, a service manager) the user's file is still ~/.config/sbx/config, ~
 * being the home directory of the account as a shell expands it: it was skipped, and with it
 * whatever it restricts (default_mode = read-only). */
static void test_config_user_file_without_home(void **state) {
        const char *home = getenv("HOME"), *xdg = getenv("XDG_CONFIG_HOME");
        _cleanup_free_ char *saved_home = home ? strdup(home) : NULL, *saved_xdg = xdg ? strdup(xdg) : NULL;
        _cleanup_free_ char *want = NULL;
        struct passwd *pw = getpwuid(getuid());
        struct sbx_config *c = NULL;
        (void) state;
        if (!pw || pw->pw_dir[0] != '/')
                skip();
        assert_true(asprintf(&want, "%s/.config/sbx", strcmp(pw->pw_dir, "/") == 0 ? "" : pw->pw_dir) > 0);
        unsetenv("XDG_CONFIG_HOME");
        for (int i = 0; i < 2; i++) {
                if (i == 0)
                        unsetenv("HOME");
                else
                        setenv("HOME", "relative/home", 1);
                c = NULL;
                assert_int_equal(sbx_config_load(&c, NULL), 0);
                /* the user's directory first (dialect overrides are looked up there too) */
                assert_non_null(c->config_dirs);
                if (strcmp(c->config_dirs[0], want) != 0)
                        fail_msg("HOME %s: the user's config directory is '%s', not '%s'", i ? "relative" : "unset",
                                 c->config_dirs[0], want);
                sbx_config_free(c);
        }
        if (saved_home)
                setenv("HOME", saved_home, 1);
        else
                unsetenv("HOME");
        if (saved_xdg)
                setenv("XDG_CONFIG_HOME", saved_xdg, 1);
}

static void test_config_env_file_must_exist(void **state) {
        struct sbx_config *c = NULL;
        struct sbx_diag diag = { 0 };
        (void) state;
        setenv("SBX_CONFIG", "/nonexistent/sbx/config", 1);
        assert_int_equal(sbx_config_load(&c, &diag), -ENOENT);
        unsetenv("SBX_CONFIG");
        assert_null(c);
        assert_non_null(strstr(diag.msg, "/nonexistent/sbx/config"));
}

/* set but empty names no file: not "unset", which would read the user's and the system's files */
static void test_config_env_empty_is_an_error(void **state) {
        struct sbx_config *c = NULL;
        struct sbx_diag diag = { 0 };
        (void) state;
        setenv("SBX_CONFIG", "", 1);
        assert_int_equal(sbx_config_load(&c, &diag), -EINVAL);
        unsetenv("SBX_CONFIG");
        assert_null(c);
        assert_non_null(strstr(diag.msg, "SBX_CONFIG is set but empty"));
}

/* The launcher of this binary's default configuration, as a copy of it in bin/ reports it. */
static char *launcher_of_copy(void) {
        char cmd[PATH_MAX + 64], line[PATH_MAX + 2];
        FILE *p;

        snprintf(cmd, sizeof(cmd), "'%s/bin/test-config' --print-landlock-path", dir);
        p = popen(cmd, "re");
        assert_non_null(p);
        assert_non_null(fgets(line, sizeof(line), p));
        assert_int_equal(pclose(p), 0);
        line[strcspn(line, "\n")] = '\0';
        return strdup(line);
}

/* A launcher the operator names is executed as named: the shipped one is not put in its place. */
static void test_config_named_launcher_is_not_the_builtin(void **state) {
        _cleanup_free_ char *path = write_file("launcher", "landlock_launcher = /opt/sbx/sbx-landlock\n");
        char *none[] = { NULL }, *files[] = { path, NULL };
        struct sbx_config *c = NULL;
        (void) state;
        assert_int_equal(sbx_config_load_files(none, &c, NULL), 0);
        assert_true(c->landlock_builtin);
        sbx_config_free(c);
        assert_int_equal(sbx_config_load_files(files, &c, NULL), 0);
        assert_string_equal(c->landlock_path, "/opt/sbx/sbx-landlock");
        assert_false(c->landlock_builtin);
        sbx_config_free(c);
}

/* A NUL byte would end the text early and silently drop every line after it (here a restriction
 * to read-only): the file is refused. The size bound is exact: 64 KiB is read, one byte more is not. */
/* A file saved by an editor that starts it with a UTF-8 byte-order mark (Notepad) and ends its
 * lines with CRLF reads as written: the mark made the first key "unknown key 'default_mode'",
 * the mark invisible in the message. Elsewhere the bytes stay part of the line. */
static void test_config_byte_order_mark(void **state) {
        _cleanup_free_ char *bom = write_file("bom", "\xef\xbb\xbf" "default_mode = read-only\r\nbackends = landlock\r\n");
        _cleanup_free_ char *inner = write_file("inner", "backends = landlock\n\xef\xbb\xbf" "default_mode = read-only\n");
        char *files[] = { bom, NULL }, *files_inner[] = { inner, NULL };
        struct sbx_config *c = NULL;
        struct sbx_diag diag = { 0 };
        (void) state;
        assert_int_equal(sbx_config_load_files(files, &c, &diag), 0);
        assert_int_equal(c->default_mode, SBX_MODE_READ_ONLY);
        assert_string_equal(c->backend_order[0], "landlock");
        sbx_config_free(c);
        c = NULL;
        assert_int_equal(sbx_config_load_files(files_inner, &c, &diag), -EINVAL);
        assert_non_null(strstr(diag.msg, ":2: unknown key"));
}

static void test_config_nul_byte_and_size_bound(void **state) {
        static const char nul[] = "backends = landlock\n\0\ndefault_mode = read-only\n";
        _cleanup_free_ char *path = NULL;
        char *files[2] = { NULL, NULL };
        struct sbx_config *c = NULL;
        struct sbx_diag diag = { 0 };
        FILE *f;
        (void) state;
        assert_true(asprintf(&path, "%s/nul", dir) > 0);
        files[0] = path;
        f = fopen(path, "w");
        assert_non_null(f);
        assert_int_equal(fwrite(nul, 1, sizeof(nul) - 1, f), sizeof(nul) - 1);
        fclose(f);
        assert_int_equal(sbx_config_load_files(files, &c, &diag), -EINVAL);
        assert_null(c);
        assert_non_null(strstr(diag.msg, "NUL byte"));

        for (size_t size = 64 * 1024; size <= 64 * 1024 + 1; size++) {
                f = fopen(path, "w");
                assert_non_null(f);
                fputs("default_mode = read-only\n", f);
                for (size_t n = strlen("default_mode = read-only\n"); n < size; n++)
                        fputc(n + 1 < size ? '#' : '\n', f);
                fclose(f);
                c = NULL;
                memset(&diag, 0, sizeof(diag));
                if (size == 64 * 1024) {
                        assert_int_equal(sbx_config_load_files(files, &c, &diag), 0);
                        assert_int_equal(c->default_mode, SBX_MODE_READ_ONLY);
                        sbx_config_free(c);
                } else
                        assert_int_equal(sbx_config_load_files(files, &c, &diag), -EFBIG);
        }
}

/* A file is read to its end, not to the size fstat() gives: /proc/self/comm says 0 bytes and read
 * as an empty file, accepted with every setting dropped; it holds this program's name, which is no
 * "key = value" line. */
static void test_config_read_to_the_end_not_to_the_stat_size(void **state) {
        char *files[] = { (char *) "/proc/self/comm", NULL };
        struct sbx_config *c = NULL;
        struct sbx_diag diag = { 0 };
        struct stat st;
        (void) state;
        if (stat(files[0], &st) < 0 || st.st_size != 0)
                skip();
        assert_int_equal(sbx_config_load_files(files, &c, &diag), -EINVAL);
        assert_null(c);
        assert_non_null(strstr(diag.msg, ":1: expected 'key = value'"));
}

/* The default launcher follows from where sbx runs, never from which files exist: an installed
 * sbx that took a launcher next to it whenever one was there ran one that a confined command had
 * planted there (a workspace of $HOME, sbx in ~/.local/bin), unconfined at the next probe. A copy
 * of this binary (not in bindir) names the launcher next to it, there or not. */
static void test_config_default_launcher_does_not_depend_on_what_exists(void **state) {
        _cleanup_free_ char *next = NULL, *before = NULL, *after = NULL;
        char cmd[PATH_MAX + 128];
        FILE *f;
        (void) state;
        snprintf(cmd, sizeof(cmd), "mkdir -p '%s/bin' && cp /proc/%d/exe '%s/bin/test-config'", dir, (int) getpid(), dir);
        assert_int_equal(system(cmd), 0);
        assert_true(asprintf(&next, "%s/bin/sbx-landlock", dir) > 0);
        before = launcher_of_copy();
        f = fopen(next, "w"); /* what a command that can write that directory would plant */
        assert_non_null(f);
        fclose(f);
        assert_int_equal(chmod(next, 0755), 0);
        after = launcher_of_copy();
        assert_int_equal(unlink(next), 0);
        assert_string_equal(before, after);
        assert_string_equal(after, next);
}

/* Out of memory at each strdup() of loading a config file: -ENOMEM, and nothing leaks (the ASan
 * build's leak check fails the binary otherwise). The directory list of a config file leaked
 * when its first entry could not be copied (static review). */
static void test_config_out_of_memory_at_each_copy_leaks_nothing(void **state) {
        _cleanup_free_ char *one = write_file("oom", "default_mode = read-only\nbackends = landlock\n");
        char *files[] = { one, NULL };
        int r = -ENOMEM;
        (void) state;
        for (int k = 1; r == -ENOMEM; k++) {
                struct sbx_config *c = NULL;
                assert_true(k < 1000);
                strdup_calls = 0;
                strdup_fail_at = k;
                r = sbx_config_load_files(files, &c, NULL);
                strdup_fail_at = 0;
                assert_true(r == -ENOMEM || r == 0);
                assert_true(r == 0 ? c != NULL : c == NULL);
                sbx_config_free(c);
        }
}

/* The trust checks compare owners with the effective uid, asked once per process (sbx-euid.h): a
 * child forked after the parent asked, that then becomes another user, is judged as that user. */
static void test_config_trust_uses_a_forked_childs_own_uid(void **state) {
        _cleanup_free_ char *path = write_file("nobodys", "default_mode = read-only\n");
        struct stat st;
        pid_t pid;
        int status;
        (void) state;

        if (geteuid() != 0)
                skip(); /* needs root to give the file away and become nobody */
        assert_int_equal(chown(path, 65534, 65534), 0);
        assert_int_equal(stat(path, &st), 0);
        /* the parent (root) does not believe a file of nobody's */
        assert_int_equal(sbx_check_trusted(NULL, "load config", "config file", path, &st), -EPERM);
        pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
                _exit(setgid(65534) < 0 || setuid(65534) < 0 ? 3 :
                      sbx_check_trusted(NULL, "load config", "config file", path, &st) == 0 ? 0 : 1);
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
}

int main(int argc, char **argv) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_config_defaults_without_files),
                cmocka_unit_test(test_config_later_file_overrides_and_missing_is_skipped),
                cmocka_unit_test(test_config_errors_name_file_and_line),
                cmocka_unit_test(test_config_unreadable_file_is_an_error),
                cmocka_unit_test(test_config_writable_by_others_is_refused),
                cmocka_unit_test(test_config_trust_uses_a_forked_childs_own_uid),
                cmocka_unit_test(test_config_group_writable_only_in_a_private_group),
                cmocka_unit_test(test_config_private_group_from_the_account_files),
                cmocka_unit_test(test_config_env_names_the_only_file),
                cmocka_unit_test(test_config_user_file_without_home),
                cmocka_unit_test(test_config_env_file_must_exist),
                cmocka_unit_test(test_config_env_empty_is_an_error),
                cmocka_unit_test(test_config_default_launcher_does_not_depend_on_what_exists),
                cmocka_unit_test(test_config_named_launcher_is_not_the_builtin),
                cmocka_unit_test(test_config_byte_order_mark),
                cmocka_unit_test(test_config_nul_byte_and_size_bound),
                cmocka_unit_test(test_config_read_to_the_end_not_to_the_stat_size),
                cmocka_unit_test(test_config_out_of_memory_at_each_copy_leaks_nothing),
        };

        if (argc == 2 && strcmp(argv[1], "--print-landlock-path") == 0) {
                char *none[] = { NULL };
                struct sbx_config *c = NULL;
                if (sbx_config_load_files(none, &c, NULL) < 0)
                        return 1;
                puts(c->landlock_path);
                sbx_config_free(c);
                return 0;
        }
        /* the files written here get the modes the tests count on: under a caller's umask 000 they
         * were writable by others, and every load refused them (that refusal has its own test) */
        umask(022);
        return cmocka_run_group_tests(tests, setup, teardown);
}
