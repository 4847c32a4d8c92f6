/* Which mounts make a workspace unfit to be writable: a kernel interface file system (proc, sysfs,
 * devtmpfs, ...) at or beneath the workspace root, or holding it. And sbx_realpath(). */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "confine-internal.h"
#include "sbx-macro.h"
#include "sbx-nosymlinks.h"
#include "sbx-realpath.h"
#include "test-enosys.h"

/* a host's mounts, as /proc/self/mountinfo prints them (optional fields included) */
static const char host[] =
        "22 27 0:21 / /proc rw,relatime shared:5 - proc proc rw\n"
        "23 27 0:22 / /sys rw,relatime - sysfs sysfs rw\n"
        "24 27 0:6 / /dev rw,relatime shared:2 - devtmpfs devtmpfs rw,size=1k,mode=755\n"
        "25 24 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw\n"
        "27 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw\n"
        "40 27 0:40 / /srv/chroot/proc rw,relatime - proc proc rw\n"
        "41 27 254:0 /dev /srv/chroot2/dev rw,relatime - devtmpfs devtmpfs rw\n"
        "42 27 0:42 / /srv/data rw,relatime - tmpfs tmpfs rw\n"
        "43 27 0:43 / /srv/data/cg rw,relatime - cgroup2 cgroup2 rw\n"
        "44 27 0:21 /sys /home/u/a\\040b/p\\134s rw,relatime - proc proc rw\n"
        "45 27 0:44 / /home/u/ws rw,relatime - tmpfs tmpfs rw\n"
        "46 45 0:45 / /home/u/ws/t rw,relatime - tmpfs tmpfs rw\n"
        "47 27 0:46 / /srv/nfs/nfsd rw,relatime - nfsd nfsd rw\n"
        "48 27 0:47 / /srv/rpc/pipefs rw,relatime - rpc_pipefs sunrpc rw\n"
        "49 27 0:48 / /srv/rdt/resctrl rw,relatime - resctrl resctrl rw\n"
        "50 27 0:49 / /srv/xen/xenfs rw,relatime - xenfs xenfs rw\n";

static void test_mountinfo_kernel_mount_table(void **state) {
        static const struct {
                const char *root;
                int result;
                const char *mount, *type;
        } cases[] = {
                { "/", 1, "/proc", "proc" },                       /* / holds the host's /proc */
                { "/home/u", 1, "/home/u/a b/p\\s", "proc" },      /* escaped mount point, beneath */
                { "/home/u/ws", 0, NULL, NULL },                   /* tmpfs mounts only */
                { "/home/u/ws/t", 0, NULL, NULL },
                { "/srv/chroot", 1, "/srv/chroot/proc", "proc" },  /* a chroot's /proc */
                { "/srv/chroot/proc", 1, "/srv/chroot/proc", "proc" },
                { "/srv/chroot/proc/sys", 1, "/srv/chroot/proc", "proc" }, /* held by proc */
                { "/srv/chroot2", 1, "/srv/chroot2/dev", "devtmpfs" },
                { "/srv/chroot2/devices", 0, NULL, NULL },         /* a prefix, not beneath */
                { "/srv/data", 1, "/srv/data/cg", "cgroup2" },
                { "/srv", 1, "/srv/chroot/proc", "proc" },
                { "/dev/shm", 0, NULL, NULL },                     /* tmpfs over devtmpfs */
                { "/tmp", 0, NULL, NULL },
                /* kernel interfaces beyond the common ones: the NFS server's exports and
                 * threads, RPC pipes, cache and memory-bandwidth allocation, the Xen hypervisor */
                { "/srv/nfs", 1, "/srv/nfs/nfsd", "nfsd" },
                { "/srv/rpc", 1, "/srv/rpc/pipefs", "rpc_pipefs" },
                { "/srv/rdt", 1, "/srv/rdt/resctrl", "resctrl" },
                { "/srv/xen", 1, "/srv/xen/xenfs", "xenfs" },
        };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char *mount = NULL, *type = NULL;
                int r = sbx_mountinfo_kernel_mount(host, cases[i].root, 0, &mount, &type);

                if (r != cases[i].result)
                        fail_msg("root %s: %d, expected %d", cases[i].root, r, cases[i].result);
                if (cases[i].mount) {
                        assert_string_equal(mount, cases[i].mount);
                        assert_string_equal(type, cases[i].type);
                } else {
                        assert_null(mount);
                        assert_null(type);
                }
                free(mount);
                free(type);
        }
}

static void test_mountinfo_kernel_mount_rejects_garbage(void **state) {
        char *mount = NULL, *type = NULL;
        (void) state;
        assert_int_equal(sbx_mountinfo_kernel_mount("27 1 254:0 / / rw\n", "/", 0, &mount, &type), -EBADMSG);
        assert_int_equal(sbx_mountinfo_kernel_mount("garbage\n", "/", 0, &mount, &type), -EBADMSG);
        assert_int_equal(sbx_mountinfo_kernel_mount("", "/", 0, &mount, &type), 0);
        assert_null(mount);
        assert_null(type);
}

/* the real table of this process: / always holds /proc (sbx reads /proc/self/mountinfo) */
static void test_refuse_kernel_mounts_of_this_host(void **state) {
        struct sbx_diag diag = { 0 };
        (void) state;
        assert_int_equal(sbx_path_refuse_kernel_mounts("/", NULL, &diag), -EPERM);
        assert_non_null(strstr(diag.msg, "/proc"));
}

/* the table a confinement read once is the one each check judges (sbx_path_read_mountinfo()):
 * a proc mount in it beneath the workspace is refused whatever this host holds, and its mount
 * points are counted */
static void test_checks_use_the_table_given(void **state) {
        static const char table[] =
                "27 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw\n"
                "40 27 0:60 / /nonexistent-sbx-ws/proc rw,relatime - proc proc rw\n"
                "41 27 0:61 / /nonexistent-sbx-ws rw,relatime - tmpfs tmpfs rw\n"
                "42 27 0:62 / /nonexistent-sbx-ws rw,relatime - tmpfs tmpfs rw\n";
        const char *paths[] = { "/nonexistent-sbx-ws", "/nonexistent-sbx-ws/proc", "/tmp/nothing-here" };
        struct sbx_diag diag = { 0 };
        char *text = NULL;
        int counts[3];
        (void) state;
        assert_int_equal(sbx_path_refuse_kernel_mounts("/nonexistent-sbx-ws", table, &diag), -EPERM);
        assert_non_null(strstr(diag.msg, "/nonexistent-sbx-ws/proc"));
        assert_int_equal(sbx_path_mount_counts(table, paths, 3, counts), 0);
        assert_int_equal(counts[0], 2);
        assert_int_equal(counts[1], 1);
        assert_int_equal(counts[2], 0);
        /* and the text read is this process's table: / holds /proc */
        assert_int_equal(sbx_path_read_mountinfo("/", &text, &diag), 0);
        assert_int_equal(sbx_path_refuse_kernel_mounts("/", text, &diag), -EPERM);
        free(text);
}

/* another name of a protected path beneath a workspace: the mounts of a host where the audit
 * database's directory (/home/u/.local/state/sbx) is bound into workspaces, directly or from above */
static const char aliased[] =
        "27 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw\n"
        "30 27 254:1 / /home rw,relatime - ext4 /dev/vdb rw\n"
        "31 27 254:1 /u/.local/state/sbx /srv/ws1/view rw,relatime - ext4 /dev/vdb rw\n"
        "32 27 254:1 /u/.local /srv/ws2/up rw,relatime - ext4 /dev/vdb rw\n"
        "33 27 254:1 /u/.local/state/sbx /srv/ws3 rw,relatime - ext4 /dev/vdb rw\n"
        "34 27 254:1 /u/other /srv/ws4/other rw,relatime - ext4 /dev/vdb rw\n"
        "35 27 0:50 /u/.local/state/sbx /srv/ws5/view rw,relatime - tmpfs tmpfs rw\n"
        "36 27 254:1 /u /srv/my\\040home rw,relatime - ext4 /dev/vdb rw\n";

static void test_mountinfo_alias_table(void **state) {
        static const char db[] = "/home/u/.local/state/sbx";
        static const struct {
                const char *root;
                unsigned long long root_id;
                int result;
                const char *alias;
        } cases[] = {
                { "/srv/ws1", 0, 1, "/srv/ws1/view" },                  /* the directory bound inside */
                { "/srv/ws1/view", 31, 1, "/srv/ws1/view" },            /* ... as the workspace */
                { "/srv/ws2", 0, 1, "/srv/ws2/up/state/sbx" },          /* a directory above it */
                { "/srv/ws3", 33, 1, "/srv/ws3" },                      /* the workspace is it */
                { "/srv/ws4", 0, 0, NULL },                             /* another directory bound */
                { "/srv/ws5", 0, 0, NULL },                             /* the same path, another fs */
                { "/srv/my home/.local", 36, 1, "/srv/my home/.local/state/sbx" }, /* escaped */
                { "/home/u", 30, 0, NULL },                             /* its own name: protected */
                { "/home", 30, 0, NULL },
                { "/srv", 27, 1, "/srv/ws1/view" },
                { "/tmp", 27, 0, NULL },
        };
        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char *alias = NULL;
                int r = sbx_mountinfo_alias(aliased, db, 30, cases[i].root, cases[i].root_id, &alias);

                if (r != cases[i].result)
                        fail_msg("root %s: %d, expected %d", cases[i].root, r, cases[i].result);
                if (cases[i].alias)
                        assert_string_equal(alias, cases[i].alias);
                else
                        assert_null(alias);
                free(alias);
        }
        /* without mount IDs, the mount that holds each by its mount point */
        {
                char *alias = NULL;
                assert_int_equal(sbx_mountinfo_alias(aliased, db, 0, "/srv/ws2", 0, &alias), 1);
                assert_string_equal(alias, "/srv/ws2/up/state/sbx");
                free(alias);
                alias = NULL;
                assert_int_equal(sbx_mountinfo_alias(aliased, db, 0, "/home/u", 0, &alias), 0);
                assert_null(alias);
        }
        {
                char *alias = NULL;
                assert_int_equal(sbx_mountinfo_alias("garbage\n", db, 0, "/srv", 0, &alias), -EBADMSG);
                assert_null(alias);
        }
        /* a table older than the IDs (a mount ID is reused as soon as its mount is gone): the
         * mount with the path's ID lies elsewhere. Where the path lies in its file system was
         * read past the end of the path (fuzz-mountinfo: an ASan report) and any name was made
         * of what followed; the table does not describe the path, so nothing is decided on it. */
        {
                static const char stale[] = "27 1 254:0 / / rw - ext4 /dev/vda rw\n"
                                            "30 27 254:1 / /a/long/mount/point/elsewhere rw - ext4 /dev/vdb rw\n"
                                            "31 27 254:1 / /srv/ws rw - ext4 /dev/vdb rw\n";
                char *alias = NULL;
                assert_int_equal(sbx_mountinfo_alias(stale, "/x", 30, "/srv/ws", 0, &alias), -ESTALE);
                assert_null(alias);
                /* the workspace's ID likewise */
                assert_int_equal(sbx_mountinfo_alias(stale, "/a/long/mount/point/elsewhere/f", 0, "/srv/ws", 30, &alias),
                                 -ESTALE);
                assert_null(alias);
        }
}

/* this process's own table: the workspace's parent holds nothing bound twice */
static void test_refuse_protected_aliases_of_this_host(void **state) {
        struct sbx_diag diag = { 0 };
        char *protect[] = { (char *) "/usr/bin", NULL };
        (void) state;
        assert_int_equal(sbx_path_refuse_protected_aliases("/usr", NULL, protect, &diag), 0);
        assert_int_equal(sbx_path_refuse_protected_aliases("/usr", NULL, NULL, &diag), 0);
}

/* Runs fn as root in a child (a mount namespace of its own is the child's to make): its exit
 * status 0 passes, 77 skips the test. */
static void as_root_in_child(int (*fn)(void)) {
        int wstatus = 0;
        pid_t pid;

        if (geteuid() != 0)
                skip();
        pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
                _exit(fn());
        assert_int_equal(waitpid(pid, &wstatus, 0), pid);
        assert_true(WIFEXITED(wstatus));
        if (WEXITSTATUS(wstatus) == 77)
                skip();
        assert_int_equal(WEXITSTATUS(wstatus), 0);
}

/* The alias of `file` in the workspace ws is refused with the table read now and with `table`,
 * read before it appeared: 0, or 3 (read now) or 4 (with `table`) when it was not. */
static int alias_seen(const char *ws, const char *table, char *file) {
        char *protect[] = { file, NULL };
        struct sbx_diag diag = { 0 };

        if (sbx_path_refuse_protected_aliases(ws, NULL, protect, &diag) != -EPERM)
                return 3;
        return sbx_path_refuse_protected_aliases(ws, table, protect, &diag) != -EPERM ? 4 : 0;
}

/* The table a confinement read once, before the paths to protect were resolved: a mount made
 * since (an automount that resolving them triggered, here a tmpfs) is not in it, nor a bind of it
 * into the workspace, and the alias check judged that table: it accepted the workspace that
 * hands the command the protected file (a check that read the table itself refused it). In a
 * mount namespace of its own, as root; skipped where mounts cannot be made. */
static int stale_table_child(void) {
        char base[] = "/tmp/sbx-test-stale-XXXXXX", ws[64], dir[64], file[80], view[80];
        char *text = NULL;
        struct sbx_diag diag = { 0 };
        int rc = 2;

        if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
                return 77;
        if (!mkdtemp(base))
                return 2;
        snprintf(ws, sizeof(ws), "%s/ws", base);
        snprintf(dir, sizeof(dir), "%s/state", base);
        snprintf(file, sizeof(file), "%s/audit.db", dir);
        snprintf(view, sizeof(view), "%s/view", ws);
        /* the table, read before the protected file's file system appeared */
        if (mkdir(ws, 0700) < 0 || mkdir(dir, 0700) < 0 || mkdir(view, 0700) < 0 ||
            sbx_path_read_mountinfo(ws, &text, &diag) < 0)
                goto out;
        if (mount("sbx-test", dir, "tmpfs", 0, "size=64k") < 0) {
                rc = 77;
                goto out;
        }
        if (close(open(file, O_CREAT | O_WRONLY | O_CLOEXEC, 0600)) < 0 || mount(dir, view, NULL, MS_BIND, NULL) < 0)
                goto out;
        rc = alias_seen(ws, text, file);
out:
        free(text);
        (void) umount(view);
        (void) umount(dir);
        (void) rmdir(view);
        (void) rmdir(ws);
        (void) rmdir(dir);
        (void) rmdir(base);
        return rc;
}

static void test_alias_check_with_a_table_read_before_a_mount(void **state) {
        (void) state;
        as_root_in_child(stale_table_child);
}

/* A table read before a mount went and another came with its ID (the kernel gives a freed mount
 * ID to the next mount): the protected file's mount, bound into the workspace, is listed in the
 * table under its ID but at the old mount's place. Read again, the alias is seen (before: the
 * check read past the path's end, then refused the run as an unreadable table). In a mount
 * namespace of its own, as root; skipped where mounts cannot be made or the ID is not reused. */
#define REUSE_TRIES 64
static unsigned long long mount_id_of(const char *path) {
        struct statx stx;
        if (statx(AT_FDCWD, path, AT_STATX_SYNC_AS_STAT, STATX_MNT_ID, &stx) < 0 || !(stx.stx_mask & STATX_MNT_ID))
                return 0;
        return stx.stx_mnt_id;
}

static int reused_id_child(void) {
        char base[] = "/tmp/sbx-test-reuse-XXXXXX", ws[64], gone[64], view[80], dir[REUSE_TRIES][64], file[96];
        char *text = NULL;
        struct sbx_diag diag = { 0 };
        unsigned long long id;
        int rc = 2, made = 0, held = -1;

        if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
                return 77;
        if (!mkdtemp(base))
                return 2;
        snprintf(ws, sizeof(ws), "%s/ws", base);
        snprintf(gone, sizeof(gone), "%s/gone", base);
        snprintf(view, sizeof(view), "%s/view", ws);
        if (mkdir(ws, 0700) < 0 || mkdir(gone, 0700) < 0 || mkdir(view, 0700) < 0)
                goto out;
        if (mount("sbx-test", gone, "tmpfs", 0, "size=64k") < 0) {
                rc = 77;
                goto out;
        }
        /* the table, read while the mount that goes holds the ID */
        if (!(id = mount_id_of(gone)) || sbx_path_read_mountinfo(ws, &text, &diag) < 0 || umount(gone) < 0)
                goto out;
        /* new mounts until one gets that ID (those before it fill lower free IDs) */
        for (; made < REUSE_TRIES && held < 0; made++) {
                snprintf(dir[made], sizeof(dir[made]), "%s/m%d", base, made);
                if (mkdir(dir[made], 0700) < 0 || mount("sbx-test", dir[made], "tmpfs", 0, "size=64k") < 0)
                        goto out;
                if (mount_id_of(dir[made]) == id)
                        held = made;
        }
        if (held < 0) {
                rc = 77;
                goto out;
        }
        snprintf(file, sizeof(file), "%s/audit.db", dir[held]);
        if (close(open(file, O_CREAT | O_WRONLY | O_CLOEXEC, 0600)) < 0 || mount(dir[held], view, NULL, MS_BIND, NULL) < 0)
                goto out;
        rc = alias_seen(ws, text, file);
out:
        free(text);
        (void) umount(view);
        for (int i = 0; i < made; i++) {
                (void) umount(dir[i]);
                (void) rmdir(dir[i]);
        }
        (void) umount(gone);
        (void) rmdir(view);
        (void) rmdir(ws);
        (void) rmdir(gone);
        (void) rmdir(base);
        return rc;
}

static void test_alias_check_with_a_table_read_before_an_id_was_reused(void **state) {
        (void) state;
        as_root_in_child(reused_id_child);
}

/* sbx_realpath() answers as realpath() does, errno included, on the paths its shortcuts take (no
 * symlink on the way: ., .., doubled and trailing slashes; a missing name before any symlink, a
 * .. after it included) and on those it leaves to realpath() (a symlink on the way or at the end,
 * a missing name after one, a magic link, a relative path, a file named as a directory). */
static void test_realpath_as_realpath(void **state) {
        char dir[] = "/tmp/sbx-test-realpath-XXXXXX", cmd[128];
        const char *tails[] = {
                "",         "/",          "/a",        "/a/",         "//a//b/./",   "/a/b/..",   "/a/../a/b",
                "/a/b/f",   "/a/b/f/",    "/a/b/f/..", "/link",       "/link/b",     "/a/up/a/b", "/a/b/flink",
                "/missing", "/a/missing", "/dangling", "/a/b/../..",  "/link/../a",
                "/missing/x", "/a/missing/../b", "/missing/..", "/a/b/f/x", "/a/missing/link", "/link/missing",
                "/a/up/missing", "/dangling/x",
        };
        const char *others[] = { "/", "/.", "/..", "/proc/self", "/proc/self/cwd", ".", "relative", "", "/proc/../tmp" };
        char path[256];
        (void) state;

        assert_non_null(mkdtemp(dir));
        snprintf(path, sizeof(path), "%s/a/b", dir);
        snprintf(cmd, sizeof(cmd), "mkdir -p '%s' && touch '%s/f'", path, path);
        assert_int_equal(system(cmd), 0);
        snprintf(path, sizeof(path), "%s/link", dir);
        assert_int_equal(symlink("a", path), 0);
        snprintf(path, sizeof(path), "%s/a/up", dir);
        assert_int_equal(symlink("..", path), 0);
        snprintf(path, sizeof(path), "%s/a/b/flink", dir);
        assert_int_equal(symlink("f", path), 0);
        snprintf(path, sizeof(path), "%s/dangling", dir);
        assert_int_equal(symlink("nowhere", path), 0);
        for (size_t i = 0; i < SBX_ELEMENTSOF(tails) + SBX_ELEMENTSOF(others); i++) {
                char *want, *got;
                int want_errno, got_errno;

                if (i < SBX_ELEMENTSOF(tails))
                        snprintf(path, sizeof(path), "%s%s", dir, tails[i]);
                else
                        snprintf(path, sizeof(path), "%s", others[i - SBX_ELEMENTSOF(tails)]);
                errno = 0;
                want = realpath(path, NULL);
                want_errno = errno;
                errno = 0;
                got = sbx_realpath(path);
                got_errno = errno;
                if (want && (!got || strcmp(want, got) != 0))
                        fail_msg("%s: %s, realpath() says %s", path, got ? got : "NULL", want);
                if (!want && (got || got_errno != want_errno))
                        fail_msg("%s: %s (%s), realpath() fails (%s)", path, got ? got : "NULL", strerror(got_errno),
                                 strerror(want_errno));
                free(want);
                free(got);
        }
        snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
        assert_int_equal(system(cmd), 0);
}

/* A diagnostic too long for its buffer loses its middle, never its end: the reason after a long
 * path (it was cut at 511 bytes, "File name too long" and all). Cut between UTF-8 characters. */
static void test_diag_long_message_keeps_its_end(void **state) {
        (void) state;
        struct sbx_diag d = { 0 };
        char path[3000], utf[3001];
        size_t n;

        memset(path, 'a', sizeof(path) - 1);
        path[0] = '/';
        path[sizeof(path) - 1] = '\0';
        assert_int_equal(sbx_diag_set(&d, ENAMETOOLONG, "resolve", path, "cannot resolve '%s': %s", path,
                                      strerror(ENAMETOOLONG)),
                         -ENAMETOOLONG);
        n = strlen(d.msg);
        assert_int_equal(n, sizeof(d.msg) - 1);
        assert_true(strncmp(d.msg, "cannot resolve '/aaa", 20) == 0);
        assert_non_null(strstr(d.msg, "a...a"));
        assert_true(n > 21 && strcmp(d.msg + n - 21, "': File name too long") == 0);
        assert_string_equal(d.path, path);
        /* two-byte characters: no half of one on either side of the "..." */
        for (size_t i = 0; i + 1 < sizeof(utf) - 1; i += 2)
                memcpy(utf + i, "\xc3\xa9", 2);
        utf[sizeof(utf) - 1] = '\0';
        sbx_diag_set(&d, EINVAL, "x", NULL, "%s!", utf);
        {
                const char *dots = strstr(d.msg, "...");
                assert_non_null(dots);
                assert_int_equal((size_t) (dots - d.msg) % 2, 0);
                assert_int_equal(strlen(dots + 3) % 2, 1); /* pairs, then "!" */
        }
        /* one that fits is as it was */
        sbx_diag_set(&d, EINVAL, "x", NULL, "short %d", 7);
        assert_string_equal(d.msg, "short 7");
}

/* sbx_open_no_symlinks() where openat2() answers ENOSYS (a filter older than it): the walk by
 * components refuses a symlink anywhere on the path, as openat2() with RESOLVE_NO_SYMLINKS does.
 * Before it the launcher's plain open(2) followed a symlink swapped in for the workspace or its
 * parent, and granted the host directory it led to (review 55). In a child: the filter stays. */
static int walk_checks(const char *dir) {
        char p[512], target[512];
        struct stat a, b;
        int fd, bad = 0;

        snprintf(target, sizeof(target), "%s/real/ws", dir);
        /* a plain directory, and the same one with doubled and trailing slashes */
        fd = sbx_open_no_symlinks(target, O_PATH | O_DIRECTORY);
        bad |= fd < 0 || fstat(fd, &a) < 0 || stat(target, &b) < 0 || a.st_ino != b.st_ino;
        if (fd >= 0)
                close(fd);
        snprintf(p, sizeof(p), "%s//real///ws/", dir);
        fd = sbx_open_no_symlinks(p, O_PATH | O_DIRECTORY);
        bad |= (fd < 0) << 1;
        if (fd >= 0)
                close(fd);
        /* a symlink in the middle: ELOOP, never the directory it leads to */
        snprintf(p, sizeof(p), "%s/link/ws", dir);
        errno = 0;
        fd = sbx_open_no_symlinks(p, O_PATH | O_DIRECTORY);
        bad |= (fd >= 0 || errno != ELOOP) << 2;
        /* a symlink at the end: ELOOP, but itself under O_PATH | O_NOFOLLOW */
        snprintf(p, sizeof(p), "%s/real/wslink", dir);
        errno = 0;
        fd = sbx_open_no_symlinks(p, O_PATH | O_DIRECTORY);
        bad |= (fd >= 0 || errno != ELOOP) << 3;
        errno = 0;
        fd = sbx_open_no_symlinks(p, O_PATH);
        bad |= (fd >= 0 || errno != ELOOP) << 4;
        fd = sbx_open_no_symlinks(p, O_PATH | O_NOFOLLOW);
        bad |= (fd < 0 || fstat(fd, &a) < 0 || !S_ISLNK(a.st_mode)) << 5;
        if (fd >= 0)
                close(fd);
        /* a magic link of /proc on the way */
        errno = 0;
        fd = sbx_open_no_symlinks("/proc/self/cwd", O_PATH | O_DIRECTORY);
        bad |= (fd >= 0 || errno != ELOOP) << 6;
        /* a file on the way, a missing name, and / itself */
        snprintf(p, sizeof(p), "%s/real/file/x", dir);
        errno = 0;
        fd = sbx_open_no_symlinks(p, O_PATH);
        bad |= (fd >= 0 || errno != ENOTDIR) << 7;
        snprintf(p, sizeof(p), "%s/real/none", dir);
        errno = 0;
        fd = sbx_open_no_symlinks(p, O_PATH);
        bad |= (fd >= 0 || errno != ENOENT) << 8;
        fd = sbx_open_no_symlinks("/", O_PATH | O_DIRECTORY);
        bad |= (fd < 0 || fstat(fd, &a) < 0 || stat("/", &b) < 0 || a.st_ino != b.st_ino) << 9;
        if (fd >= 0)
                close(fd);
        return bad;
}

static void test_open_no_symlinks_without_openat2(void **state) {
        (void) state;
        char dir[] = "/tmp/sbx-test-nosym-XXXXXX", p[512], q[512];
        pid_t pid;
        int status;

        assert_non_null(mkdtemp(dir));
        snprintf(p, sizeof(p), "%s/real", dir);
        assert_int_equal(mkdir(p, 0700), 0);
        snprintf(p, sizeof(p), "%s/real/ws", dir);
        assert_int_equal(mkdir(p, 0700), 0);
        snprintf(p, sizeof(p), "%s/real/file", dir);
        assert_int_equal(close(open(p, O_WRONLY | O_CREAT | O_CLOEXEC, 0600)), 0);
        snprintf(p, sizeof(p), "%s/link", dir);
        assert_int_equal(symlink("real", p), 0);
        snprintf(p, sizeof(p), "%s/real/wslink", dir);
        assert_int_equal(symlink("ws", p), 0);
        /* with openat2(), where the kernel has it: the same answers */
        assert_int_equal(walk_checks(dir), 0);
        pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                struct open_how how = { .flags = O_PATH | O_CLOEXEC };

                if (test_enosys(SYS_openat2) < 0)
                        _exit(errno == EOPNOTSUPP ? 77 : 100);
                if (syscall(SYS_openat2, AT_FDCWD, "/", &how, sizeof(how)) >= 0 || errno != ENOSYS)
                        _exit(101);
                _exit(walk_checks(dir) ? 1 : 0);
        }
        assert_int_equal(waitpid(pid, &status, 0), pid);
        snprintf(q, sizeof(q), "rm -rf '%s'", dir);
        assert_int_equal(system(q), 0);
        assert_true(WIFEXITED(status));
        if (WEXITSTATUS(status) == 77 || WEXITSTATUS(status) == 100)
                skip();
        assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_mountinfo_kernel_mount_table),
                cmocka_unit_test(test_mountinfo_kernel_mount_rejects_garbage),
                cmocka_unit_test(test_refuse_kernel_mounts_of_this_host),
                cmocka_unit_test(test_checks_use_the_table_given),
                cmocka_unit_test(test_realpath_as_realpath),
                cmocka_unit_test(test_mountinfo_alias_table),
                cmocka_unit_test(test_refuse_protected_aliases_of_this_host),
                cmocka_unit_test(test_alias_check_with_a_table_read_before_an_id_was_reused),
                cmocka_unit_test(test_alias_check_with_a_table_read_before_a_mount),
                cmocka_unit_test(test_diag_long_message_keeps_its_end),
                cmocka_unit_test(test_open_no_symlinks_without_openat2),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
