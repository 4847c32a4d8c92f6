/* The host's answers the classifier asks of sbx run: where a name really leads on the host, and
 * whether the host itself (its permissions, a read-only or noexec mount, a missing directory)
 * would have refused a file effect a denial line names, sandbox or not. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/statfs.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "run-exec.h"
#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-mountinfo.h"
#include "sbx-procfs.h"
#include "sbx-realpath.h"

/* Whether the absolute path leads through a magic link of procfs, a process's link to what it
 * holds (/proc/self/fd/N, /dev/stdin, /proc/self/cwd/x, root, exe, map_files, ns): openat2()'s
 * RESOLVE_NO_MAGICLINKS refuses one (ELOOP). The link named is the command's process's, which
 * sbx's own /proc/self is not: followed in sbx, it led to sbx's own descriptor (its stdin, a pipe
 * whose link is root's while sbx is not dumpable), another file than the command's. false on a
 * kernel without openat2(). */
static bool through_magic_link(const char *path) {
        struct open_how how = { .flags = O_PATH | O_CLOEXEC, .resolve = RESOLVE_NO_MAGICLINKS };
        int fd = (int) syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof(how));

        if (fd >= 0) {
                close(fd);
                return false;
        }
        return errno == ELOOP;
}

/* Whether the absolute path names, as written, a process's link of procfs or one of its aliases:
 * /proc/self|thread-self|PID[/task/TID]/{fd,cwd,root,exe,map_files,ns}, /dev/fd, /dev/stdin,
 * /dev/stdout, /dev/stderr. Decided on the text, so that it holds where the host is asked in a
 * child (a mount that may hang: there the child's own /proc/self/fd/N was missing, ENOENT, and
 * through_magic_link() said no; "/proc/<the child's pid>/fd/5" was then the host path). */
static bool names_process_link(const char *path) {
        static const char *const dev[] = { "/dev/fd", "/dev/stdin", "/dev/stdout", "/dev/stderr" };
        static const char *const links[] = { "fd", "cwd", "root", "exe", "map_files", "ns" };
        const char *p = path;
        size_t n;

        for (size_t i = 0; i < sizeof(dev) / sizeof(dev[0]); i++) {
                n = strlen(dev[i]);
                if (strncmp(path, dev[i], n) == 0 && (path[n] == '/' || path[n] == '\0'))
                        return true;
        }
        if (strncmp(p, "/proc/", 6) != 0)
                return false;
        p += 6;
        if (strncmp(p, "self/", 5) == 0)
                p += 5;
        else if (strncmp(p, "thread-self/", 12) == 0)
                p += 12;
        else {
                n = strspn(p, "0123456789");
                if (n == 0 || p[n] != '/')
                        return false;
                p += n + 1;
        }
        if (strncmp(p, "task/", 5) == 0) {
                n = strspn(p + 5, "0123456789");
                if (n == 0 || p[5 + n] != '/')
                        return false;
                p += 5 + n + 1;
        }
        for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++) {
                n = strlen(links[i]);
                if (strncmp(p, links[i], n) == 0 && (p[n] == '/' || p[n] == '\0'))
                        return true;
        }
        return false;
}

/* The host's path for the absolute path `path`: the real path of its longest existing part (every
 * symlink there followed), then the rest as it is. For the classifier: a denial line naming
 * ws/link/x, where link leads outside the workspace, is the sandbox's. 0 when it cannot be told,
 * as for a name through a process's link (through_magic_link(): as nobody in read-only, `exec
 * 0<own-file; chmod 600 /proc/self/fd/0` with sbx's stdin /dev/null was asked of /dev/null,
 * root's, and read as the host's refusal, task_failure, under both backends). */
static size_t host_path_at(const char *path, char *out, size_t size, int depth);

static size_t host_path_now(const char *path, char *out, size_t size) {
        return host_path_at(path, out, size, 0);
}

static size_t host_path_at(const char *path, char *out, size_t size, int depth) {
        char buf[PATH_MAX];
        size_t cut = strlen(path);

        if (path[0] != '/' || cut >= sizeof(buf) || names_process_link(path) || through_magic_link(path))
                return 0;
        memcpy(buf, path, cut + 1);
        for (;;) {
                _cleanup_free_ char *real = sbx_realpath(buf);
                char *slash;
                int n;

                if (real) {
                        n = snprintf(out, size, "%s%s", strcmp(real, "/") == 0 ? "" : real, path + cut);
                        if (n == 0)
                                n = snprintf(out, size, "/");
                        /* one that leads there otherwise ("/proc/self/../self/fd/N", "/dev/./fd/N",
                         * a symlink to /proc/self/fd), to a descriptor this process does not hold:
                         * its longest existing part was this process's /proc/PID/fd */
                        if (n > 0 && (size_t) n < size && names_process_link(out))
                                return 0;
                        return n > 0 && (size_t) n < size ? (size_t) n : 0;
                }
                if (errno != ENOENT)
                        return 0;
                /* a dangling symlink: a write through it (open's O_CREAT) makes its target, which
                 * is what the sandbox refuses (left53: `curl -so out URL`, `sqlite3 out ...` with
                 * out a link in the workspace to a new file outside it read task_failure in
                 * workspace-write under both backends, the link's name asked), followed as the
                 * kernel does, at most 40 links */
                {
                        char target[PATH_MAX], next[PATH_MAX];
                        struct stat st;
                        ssize_t tl;
                        int k;

                        if (lstat(buf, &st) == 0 && S_ISLNK(st.st_mode)) {
                                if (depth >= 40 || (tl = readlink(buf, target, sizeof(target) - 1)) <= 0)
                                        return 0;
                                target[tl] = '\0';
                                slash = strrchr(buf, '/');
                                if (target[0] == '/')
                                        k = snprintf(next, sizeof(next), "%s%s", target, path + cut);
                                else
                                        k = snprintf(next, sizeof(next), "%.*s/%s%s", (int) (slash - buf), buf, target,
                                                     path + cut);
                                if (k <= 0 || (size_t) k >= sizeof(next))
                                        return 0;
                                return host_path_at(next, out, size, depth + 1);
                        }
                }
                slash = strrchr(buf, '/');
                if (!slash)
                        return 0;
                cut = (size_t) (slash - buf);
                if (cut == 0)
                        slash[1] = '\0'; /* "/" itself */
                else
                        *slash = '\0';
        }
}

/* Whether the file at path holds an access ACL (its mode bits then do not tell who may). */
static bool holds_acl(const char *path) {
        return getxattr(path, "system.posix_acl_access", NULL, 0) >= 0 || errno == ERANGE;
}

/* Whether the mode bits of `st` give this process, without any capability, every one of `bits`
 * (a combination of 4, 2, 1); never for a file that holds an ACL (its bits do not tell). */
static bool mode_grants(const char *path, const struct stat *st, unsigned bits) {
        gid_t groups[NGROUPS_MAX];
        unsigned have;
        int n;

        if (holds_acl(path))
                return false;
        if (st->st_uid == sbx_euid())
                have = (st->st_mode >> 6) & 7;
        else {
                bool member = st->st_gid == getegid();

                n = getgroups((int) SBX_ELEMENTSOF(groups), groups);
                for (int i = 0; !member && i < n; i++)
                        member = groups[i] == st->st_gid;
                have = member ? (st->st_mode >> 3) & 7 : st->st_mode & 7;
        }
        return (have & bits) == bits;
}

/* Whether the path is on sysfs or cgroupfs, both kernfs (procfs: or on procfs). */
static bool on_kernfs(const char *path, bool procfs) {
        struct statfs sfs;

        return statfs(path, &sfs) == 0 && (sfs.f_type == SYSFS_MAGIC || sfs.f_type == CGROUP2_SUPER_MAGIC ||
                                           sfs.f_type == CGROUP_SUPER_MAGIC || (procfs && sfs.f_type == PROC_SUPER_MAGIC));
}

/* Cuts the absolute path in buf to its parent directory ("/a/b" -> "/a", "/a" -> "/"); false
 * when nothing follows its last '/' ("/"). */
static bool cut_to_parent(char *buf) {
        char *slash = strrchr(buf, '/');

        if (!slash || slash[1] == '\0')
                return false;
        if (slash == buf)
                slash[1] = '\0';
        else
                *slash = '\0';
        return true;
}

/* The parent directory of the absolute path `path` into buf (PATH_MAX bytes); false when path
 * is not absolute, does not fit, or is "/". */
static bool parent_of(const char *path, char *buf) {
        size_t len = strlen(path);

        return path[0] == '/' && len < PATH_MAX && cut_to_parent(memcpy(buf, path, len + 1));
}

/* The host path of the target of the symlink `path` (its text joined to the link's directory,
 * host_path_now() of that), into out (PATH_MAX bytes): what an open of `path` with O_CREAT makes
 * where the link dangles. false when it cannot be told. */
static bool link_target_path(const char *path, char *out) {
        char dir[PATH_MAX], target[PATH_MAX], joined[PATH_MAX];
        ssize_t n;
        int k;

        if (!parent_of(path, dir) || (n = readlink(path, target, sizeof(target) - 1)) <= 0)
                return false;
        target[n] = '\0';
        k = target[0] == '/' ? snprintf(joined, sizeof(joined), "%s", target)
                             : snprintf(joined, sizeof(joined), "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, target);
        return k > 0 && (size_t) k < sizeof(joined) && host_path_now(joined, out, PATH_MAX) > 0;
}

/* Whether the kernel's fs.protected_regular (fs.protected_fifos for a FIFO) refuses an open with
 * O_CREAT of the existing file `path` (st: its stat) whoever asks, root included: it lies in a
 * sticky directory that others may write (1: anyone; 2: also its group) and neither it nor that
 * directory is the user's (a shared 1777 directory in the workspace: `echo x >f` of another user's
 * 0666 file there failed with EACCES as on the host, and read as denied under Landlock). */
static bool sticky_protected(const char *path, const struct stat *st) {
        char buf[PATH_MAX], level[16] = "";
        struct stat dst;
        long n;

        if ((!S_ISREG(st->st_mode) && !S_ISFIFO(st->st_mode)) || st->st_uid == sbx_euid() ||
            !parent_of(path, buf))
                return false;
        if (stat(buf, &dst) < 0 || !(dst.st_mode & S_ISVTX) || !(dst.st_mode & (S_IWOTH | S_IWGRP)) ||
            st->st_uid == dst.st_uid)
                return false;
        /* the setting is read only then: most names lie in no such directory */
        if (sbx_read_head(S_ISREG(st->st_mode) ? "/proc/sys/fs/protected_regular" : "/proc/sys/fs/protected_fifos",
                          level, sizeof(level)) <= 0 ||
            (n = strtol(level, NULL, 10)) <= 0)
                return false;
        return (dst.st_mode & S_IWOTH) || (n >= 2 && (dst.st_mode & S_IWGRP));
}

/* For the classifier: whether the host's own permissions would let the command do what the line
 * may be about to the host path `path` (host_path() gave it): every directory on its way
 * searchable, its directory writable, and the file itself, when it exists, readable, writable
 * and, a regular file when `run` (the line may tell of a failed exec), runnable, on a mount that
 * allows exec (a script in a noexec workspace fails with EACCES without sbx too), and not one
 * fs.protected_regular keeps from being opened with O_CREAT (sticky_protected()). Then a refusal
 * there cannot be the host's; nor where the file, or a directory on its way, is missing (the host
 * would not have refused it either). false when it cannot be told. */
static bool host_permits_now(const char *path, bool run) {
        char buf[PATH_MAX];
        struct stat st;
        size_t len = strlen(path);

        if (path[0] != '/' || len >= sizeof(buf) || len < 2)
                return false;
        memcpy(buf, path, len + 1);
        for (char *slash = strchr(buf + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
                bool last = !strchr(slash + 1, '/');

                *slash = '\0';
                /* a directory on the way missing (or a file there): the host would have answered
                 * ENOENT (ENOTDIR), not a refusal, as for a missing file itself: the name is
                 * relative to a directory the command moved to (git -C DIR prints
                 * '.git/FETCH_HEAD'), and the refusal lies there */
                if (stat(buf, &st) < 0)
                        return errno == ENOENT || errno == ENOTDIR;
                if (!S_ISDIR(st.st_mode))
                        return true;
                if (!mode_grants(buf, &st, last ? 3 : 1))
                        return false;
                *slash = '/';
        }
        if (!strchr(buf + 1, '/') && (stat("/", &st) < 0 || !mode_grants("/", &st, 3)))
                return false;
        if (stat(path, &st) < 0)
                return errno == ENOENT;
        if (sticky_protected(path, &st))
                return false;
        if (S_ISREG(st.st_mode) && run) {
                struct statvfs vfs;

                if (statvfs(path, &vfs) < 0 || (vfs.f_flag & ST_NOEXEC))
                        return false;
        }
        return mode_grants(path, &st, (S_ISREG(st.st_mode) && run) || S_ISDIR(st.st_mode) ? 7 : 6);
}

/* Whether the host's own permission check refuses the command's user `mode` (R_OK, W_OK, X_OK) on
 * `path`: faccessat() as sbx's effective user, which is the command's and is not confined, so the
 * kernel answers with the mode bits, ACLs and every directory on the way, as it would without
 * sbx. Root's capabilities pass everything but a read-only mount: root inside the sandbox keeps
 * none, so a refusal by the bits is not the host's for root (`root` false it is never asked). */
static bool access_refused(const char *path, int mode, bool root) {
        if (faccessat(AT_FDCWD, path, mode, AT_EACCESS) == 0)
                return false;
        return errno == EROFS || (errno == EACCES && !root);
}

/* For the classifier: whether the host itself would refuse the command every write to the host path
 * `path` (host_path() gave it), sandbox or not, so that a failure there is the task's. Its longest
 * existing part is on a file system mounted read-only on the host (EROFS without sbx as well,
 * whoever runs it; a read-only mount inside the workspace too). Or the line tells of an open that
 * fs.protected_regular refuses, whoever runs it (sticky_protected()). Or, for a user other than
 * root, by the host's permission check: a directory on its way is not searchable, or it is missing
 * and the directory it would be made in is not writable, or it exists in a directory that is not
 * writable (no create, remove or rename there) or is sticky and neither the directory nor the file
 * is the user's, and is itself not writable (nor runnable when `run`), or the line tells of an open
 * of it (`opens`), whatever the directory; or the line may tell of a read of it (`reads`) and the
 * host refuses the user reading it, whatever it allows else (a root's 0622 file as nobody: `cat
 * X`). The sandbox grants every read and exec, so its refusals are of writes: one the host refuses
 * anyway is not its doing (`cat ~root/x`, `touch /etc/x` as nobody). false when it cannot be told.
 * The kernel's check, not a walk of every directory above with its ACL read: that read ACLs as
 * "cannot tell" and cost about 5 us more a denial line (300,000 lines as nobody, 6.8 s of sbx
 * against 5.2 s; most of the rest is host_path()'s realpath). */
static bool host_refuses_at(const char *path, bool run, bool opens, bool reads, int depth);

static bool host_refuses_now(const char *path, bool run, bool opens, bool reads) {
        return host_refuses_at(path, run, opens, reads, 0);
}

static bool host_refuses_at(const char *path, bool run, bool opens, bool reads, int depth) {
        char buf[PATH_MAX], target[PATH_MAX];
        struct stat st, dst;
        struct statvfs vfs;
        size_t len = strlen(path);
        bool root = sbx_euid() == 0, dir_refuses;

        if (path[0] != '/' || len >= sizeof(buf))
                return false;
        /* its longest existing part; a directory on the way the user may not search refuses it
         * everything */
        memcpy(buf, path, len + 1);
        while (stat(buf, &st) < 0) {
                if (errno == EACCES && !root)
                        return true;
                if (errno != ENOENT || !cut_to_parent(buf))
                        return false;
        }
        if (statvfs(buf, &vfs) == 0 && (vfs.f_flag & ST_RDONLY))
                return true;
        if (opens && strlen(buf) == len && sticky_protected(path, &st))
                return true;
        /* root's read of a file of root's that no bit lets anyone read, on kernfs (sysfs, cgroupfs)
         * or a sysctl's of procfs: refused root too, whatever the capabilities (kernfs_fop_open(),
         * sysctl's test_perm(); review51b: as root under Landlock in read-only mode, `cat
         * /sys/bus/pci/rescan` and `cat /proc/sys/vm/drop_caches`, 0200, read denied) */
        if (root && reads && strlen(buf) == len && S_ISREG(st.st_mode) && st.st_uid == 0 && !(st.st_mode & 0444) &&
            (on_kernfs(path, false) || (strncmp(path, "/proc/sys/", 10) == 0 && on_kernfs(path, true))))
                return true;
        if (root)
                return false;
        if (strlen(buf) != len) {
                /* missing: made in buf, a directory the user may write and search, or not. Not
                 * when the name is a dangling symlink: a write through it makes its target,
                 * elsewhere (review: a link in a 0555 directory read as the host's refusal),
                 * which is asked of (review51: as nobody, `sqlite3 l.db 'create table t(x)'`
                 * and `curl -o l.db URL` of its own l.db -> root/n.db, root's 0755 directory,
                 * read as denied) */
                if (lstat(path, &dst) == 0)
                        return S_ISLNK(dst.st_mode) && depth < 8 && link_target_path(path, target) &&
                               host_refuses_at(target, run, opens, reads, depth + 1);
                return S_ISDIR(st.st_mode) && access_refused(buf, W_OK | X_OK, false);
        }
        if (!access_refused(buf, W_OK, false) || (run && S_ISREG(st.st_mode) && !access_refused(buf, X_OK, false)))
                return reads && access_refused(buf, R_OK, false);
        /* its directory: where it could be created, removed or renamed */
        if (!cut_to_parent(buf))
                return false;
        dir_refuses = access_refused(buf, W_OK | X_OK, false);
        /* a sticky directory (/tmp, /var/tmp) refuses the removal and the renaming of a file
         * that neither it nor the file belongs to the user, whatever its write bit (EPERM without
         * sbx too): a file of root's there, 0644, is refused every write */
        if (!dir_refuses && stat(buf, &dst) == 0 && (dst.st_mode & S_ISVTX) && st.st_uid != sbx_euid() &&
            dst.st_uid != sbx_euid())
                dir_refuses = true;
        /* an open of a file the host refuses the user writing: what failed was no read (the host
         * and the sandbox grant every read it allows; cat of a 0000 file), so a write the host
         * refuses, whatever the directory's bits, which govern a removal or a rename alone (as
         * nobody under Landlock, `echo x > f` of its own 0444 file in its own directory outside
         * the workspace read as denied) */
        return dir_refuses || opens;
}

/* For the classifier: whether the host path `path` (host_path() gave it) is a named pipe that the
 * host's own permission check lets the command open for writing, and for reading too unless
 * `writes` (faccessat() as sbx's effective user, the command's: mode bits, ACLs, every directory on
 * the way; root passes them, and a read-only mount stops no FIFO), and that fs.protected_fifos does
 * not keep from an open with O_CREAT, whoever asks (sticky_protected()). Then EACCES on opening it
 * under bubblewrap is the launcher's Landlock refusal, not the host's: a write to a host FIFO's
 * reader refused. Read and write both where the line does not tell that it opened the pipe for
 * writing: it may tell of an open for reading (`cat`), which the sandbox never refuses; where it
 * does, write alone (a 0622 pipe of root's, which nobody may write and not read). false when it
 * cannot be told. */
static bool host_fifo_now(const char *path, bool writes) {
        struct stat st;

        if (path[0] != '/' || stat(path, &st) < 0 || !S_ISFIFO(st.st_mode) || sticky_protected(path, &st))
                return false;
        return faccessat(AT_FDCWD, path, writes ? W_OK : R_OK | W_OK, AT_EACCESS) == 0;
}

/* For the classifier: whether the host itself would let the command set the times of the host path
 * `path` (host_path() gave it; with SBX_TOUCH_NO_DEREF in `how`, the name itself, a symlink not
 * followed) as touch's utimensat(2) sets them after its open for writing failed (`how`: given
 * times or the current one): 1 it would, 0 it refuses them too, -1 it cannot be told. The kernel's
 * rules: a read-only mount or an immutable file refuses every change of times, an append-only one
 * given times (root's too); given times are the owner's or root's (CAP_FOWNER) alone (EPERM); the
 * current time anyone's who may write the file (a symlink's bits let anyone). A symlink followed:
 * its target and, but for root, the link both the user's (fs.protected_symlinks), else not told. */
static int host_sets_times_now(const char *path, unsigned how) {
        bool no_deref = how & SBX_TOUCH_NO_DEREF, given = how & SBX_TOUCH_TIMES_GIVEN;
        char dir[PATH_MAX];
        struct statx stx;
        struct stat st, lst;
        struct statvfs vfs;
        uid_t uid = sbx_euid();

        if (path[0] != '/' || lstat(path, &lst) < 0)
                return -1;
        if (no_deref)
                st = lst;
        else if (stat(path, &st) < 0)
                return -1;
        /* a symlink's mount is its directory's */
        if (statvfs(S_ISLNK(st.st_mode) && parent_of(path, dir) ? dir : path, &vfs) < 0)
                return -1;
        if (vfs.f_flag & ST_RDONLY)
                return 0;
        if (statx(AT_FDCWD, path, AT_NO_AUTOMOUNT | (no_deref ? AT_SYMLINK_NOFOLLOW : 0), STATX_TYPE, &stx) < 0)
                return -1;
        if (stx.stx_attributes & stx.stx_attributes_mask & STATX_ATTR_IMMUTABLE)
                return 0;
        if (given && (stx.stx_attributes & stx.stx_attributes_mask & STATX_ATTR_APPEND))
                return 0;
        if (!no_deref && S_ISLNK(lst.st_mode) && uid != 0 && lst.st_uid != uid)
                return -1;
        if (uid == 0 || st.st_uid == uid)
                return 1;
        if (given)
                return 0;
        if (S_ISLNK(st.st_mode))
                return 1;
        return faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0 ? 1 : errno == EACCES ? 0 : -1;
}

/* For the classifier: whether the command's user is root and the host path `path` (host_path()
 * gave it) is one whose refusal is the sandbox's dropping of root's capabilities: on a file system
 * not mounted read-only, not one fs.protected_regular keeps root from opening with O_CREAT
 * (sticky_protected()), and the mode bits, read as for a uid 0 without capability (the command's,
 * under either backend; bubblewrap's user namespace maps no other owner), refuse a directory on its
 * way its search, the directory it is (or would be) in a write, or the file itself, when it exists,
 * a read or a write (a directory: any): root's CAP_DAC_OVERRIDE passes all of these on the host,
 * but not the run of a regular file with no execute bit or on a noexec mount: not where the line
 * may tell of one (`run`). A file or directory with an ACL, which its bits do not tell, refuses:
 * root's capabilities pass any ACL. false when it cannot be told. */
static bool host_needs_capability_at(const char *path, bool run, int depth);

/* host_needs_capability_at() of the target of the dangling symlink `path` (lst: its lstat), which
 * an open with O_CREAT makes: false where fs.protected_symlinks refuses root too its following (in
 * a sticky directory others may write, neither it nor the link root's nor the link its owner's),
 * or where it cannot be told. */
static bool link_target_needs_capability(const char *path, const struct stat *lst, bool run, int depth) {
        char dir[PATH_MAX], target[PATH_MAX], joined[PATH_MAX], host[PATH_MAX], level[16] = "";
        struct stat dst;
        ssize_t n;
        int k;

        if (depth >= 8 || !parent_of(path, dir) || stat(dir, &dst) < 0)
                return false;
        if ((dst.st_mode & S_ISVTX) && (dst.st_mode & S_IWOTH) && lst->st_uid != 0 && lst->st_uid != dst.st_uid &&
            (sbx_read_head("/proc/sys/fs/protected_symlinks", level, sizeof(level)) <= 0 || strtol(level, NULL, 10) != 0))
                return false;
        if ((n = readlink(path, target, sizeof(target) - 1)) <= 0)
                return false;
        target[n] = '\0';
        k = target[0] == '/' ? snprintf(joined, sizeof(joined), "%s", target)
                             : snprintf(joined, sizeof(joined), "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, target);
        if (k <= 0 || (size_t) k >= sizeof(joined) || host_path_now(joined, host, sizeof(host)) == 0)
                return false;
        return host_needs_capability_at(host, run, depth + 1);
}

static bool host_needs_capability_now(const char *path, bool run) {
        return host_needs_capability_at(path, run, 0);
}

static bool host_needs_capability_at(const char *path, bool run, int depth) {
        char buf[PATH_MAX];
        struct stat st;
        struct statvfs vfs;
        size_t len = strlen(path);
        bool exists;

        if (sbx_euid() != 0 || path[0] != '/' || len >= sizeof(buf) || len < 2)
                return false;
        memcpy(buf, path, len + 1);
        while (lstat(buf, &st) < 0)
                if (errno != ENOENT || !cut_to_parent(buf))
                        return false;
        exists = strlen(buf) == len;
        /* a dangling link: its target is made, and asked of (review50: as root under bwrap, `echo
         * x > l` of l -> d/new, d another user's 0755 directory in the workspace, read as the
         * host's refusal, task_failure) */
        if (exists && S_ISLNK(st.st_mode))
                return link_target_needs_capability(path, &st, run, depth);
        if (statvfs(buf, &vfs) < 0 || (vfs.f_flag & ST_RDONLY))
                return false;
        if (exists && sticky_protected(path, &st))
                return false;
        /* a file of root's on sysfs or cgroupfs (kernfs), whose owner's bits are all anyone's: kernfs
         * refuses an open for reading (writing) that no bit allows, whatever the capabilities, so
         * capless root, its owner, is refused what root is on the host (review51b: as root under
         * bwrap in read-only mode, `cat /sys/bus/pci/rescan`, 0200, refused root on the host too,
         * read denied) */
        if (exists && st.st_uid == 0 && on_kernfs(buf, false) &&
            ((st.st_mode >> 6) & 6) == ((st.st_mode | st.st_mode >> 3 | st.st_mode >> 6) & 6))
                return false;
        /* a regular file with no execute bit, or on a file system mounted noexec: a run of it is
         * refused root on the host too (review50: as root, `sh -c ./s` of root's 0555 script in a
         * workspace mounted noexec read denied under Landlock, asked of its write) */
        if (exists && run && S_ISREG(st.st_mode) &&
            (!(st.st_mode & (S_IXUSR | S_IXGRP | S_IXOTH)) || (vfs.f_flag & ST_NOEXEC)))
                return false;
        /* (mode_grants() grants nothing of a file with an ACL: root's capabilities pass any ACL,
         * so its refusal is theirs, failing closed; review50: as root, a write of another user's
         * file with an ACL in the workspace read task_failure under both backends) */
        if (exists) {
                if (!mode_grants(buf, &st, S_ISDIR(st.st_mode) ? 7 : 6))
                        return true;
        }
        if (!exists && !S_ISDIR(st.st_mode))
                return false;
        /* the directories from the one it is in up to the root: written (the last), searched */
        if (exists && !cut_to_parent(buf))
                return false;
        for (bool last = true;; last = false) {
                if (stat(buf, &st) < 0 || !S_ISDIR(st.st_mode))
                        return false;
                if (!mode_grants(buf, &st, last ? 3 : 1))
                        return true;
                if (!cut_to_parent(buf))
                        return false;
        }
}

/* Whether procfs refuses anyone, root too, the change of host path `path`, whose longest existing
 * part is `buf`: of the mode (`mode`) of a process's file (/proc/<pid>/..., /proc/self/...:
 * proc_setattr()'s EPERM), of the mode or owner of a sysctl's (/proc/sys/...). Decided on the
 * file system and the first name beneath its mount, not on a process: the command's /proc/self
 * under bwrap is its own /proc's, another process's on the host or none. Not the other files of
 * procfs (/proc/meminfo), whose mode root may change, nor sysfs, where root may too. */
static bool component_is(const char *s, size_t n, const char *word) {
        return n == strlen(word) && memcmp(s, word, n) == 0;
}

/* Whether rest, what follows a process's directory of procfs ("/fd/57", "/task/12/cwd/x"; NULL:
 * nothing), leads through one of its links to a file elsewhere (fd/N, map_files/X, ns/X, cwd,
 * root, exe): a chmod follows the link, to the file the command opened, which procfs does not
 * guard, and the link is the command's own process's, not one sbx can resolve (its /proc/self is
 * sbx's: a descriptor sbx does not hold is left unresolved by host_path()). */
static bool through_process_link(const char *rest) {
        const char *name, *end;
        size_t nl;

        for (int level = 0; rest && rest[0] == '/' && level < 2; level++) {
                name = rest + 1;
                end = strchr(name, '/');
                nl = end ? (size_t) (end - name) : strlen(name);
                if (component_is(name, nl, "cwd") || component_is(name, nl, "root") || component_is(name, nl, "exe"))
                        return true;
                if ((component_is(name, nl, "fd") || component_is(name, nl, "map_files") || component_is(name, nl, "ns")) &&
                    end && end[1] != '\0')
                        return true;
                /* a thread's directory, "task/TID", holds the same links */
                if (level > 0 || !component_is(name, nl, "task") || !end)
                        return false;
                name = end + 1;
                end = strchr(name, '/');
                rest = end;
        }
        return false;
}

static bool proc_refuses(const char *path, const char *buf, bool mode) {
        char top[PATH_MAX], up[PATH_MAX];
        struct statfs sfs;
        struct stat st, ust;
        const char *name, *end;
        size_t tl, nl;

        if (statfs(buf, &sfs) < 0 || sfs.f_type != PROC_SUPER_MAGIC || lstat(buf, &st) < 0)
                return false;
        /* the mount's top: the last directory up from buf on buf's device */
        memcpy(top, buf, strlen(buf) + 1);
        for (;;) {
                memcpy(up, top, strlen(top) + 1);
                if (!cut_to_parent(up) || lstat(up, &ust) < 0 || ust.st_dev != st.st_dev)
                        break;
                memcpy(top, up, strlen(up) + 1);
        }
        tl = strlen(top);
        if (tl <= 1 || strncmp(path, top, tl) != 0 || path[tl] != '/')
                return false;
        name = path + tl + 1;
        end = strchr(name, '/');
        nl = end ? (size_t) (end - name) : strlen(name);
        if (nl == 3 && memcmp(name, "sys", 3) == 0)
                return true;
        if (!mode)
                return false;
        if ((nl == 4 && memcmp(name, "self", 4) == 0) || (nl == 11 && memcmp(name, "thread-self", 11) == 0))
                return !through_process_link(end);
        for (size_t i = 0; i < nl; i++)
                if (name[i] < '0' || name[i] > '9')
                        return false;
        return nl > 0 && !through_process_link(end);
}

/* For the classifier: whether the host itself would refuse the command a change of the mode
 * (`mode`: of the mode alone) or the owner of the host path `path` (host_path() gave it), sandbox
 * or not: its longest existing part is on a file system mounted read-only on the host, it exists
 * and is immutable or append-only (root's change refused too), procfs refuses it (proc_refuses():
 * root's chmod of /proc/self/status read as denied under both backends), or, for a user other
 * than root, it exists and is not the user's (chmod and chown are the owner's: EPERM without sbx
 * too). A symlink is judged itself, not its target. false when it cannot be told. */
static bool host_refuses_owner_now(const char *path, bool mode) {
        char buf[PATH_MAX], dir[PATH_MAX];
        struct statx stx;
        struct stat st;
        struct statvfs vfs;
        size_t len = strlen(path);

        if (path[0] != '/' || len >= sizeof(buf))
                return false;
        memcpy(buf, path, len + 1);
        /* lstat: a symlink is asked of itself (a chown -h may have changed it), its mount being
         * its directory's; host_path() leaves none at the end of the names it resolves */
        while (lstat(buf, &st) < 0)
                if (errno != ENOENT || !cut_to_parent(buf))
                        return false;
        memcpy(dir, buf, strlen(buf) + 1);
        if (S_ISLNK(st.st_mode) && !cut_to_parent(dir))
                return false;
        if (statvfs(dir, &vfs) == 0 && (vfs.f_flag & ST_RDONLY))
                return true;
        if (proc_refuses(path, buf, mode))
                return true;
        /* an immutable or append-only file (chattr +i, +a) refuses every change of its mode or
         * owner, root's too (EPERM without sbx: root's chmod of one read as denied, review) */
        if (strlen(buf) == len && statx(AT_FDCWD, buf, AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT, STATX_TYPE, &stx) == 0 &&
            (stx.stx_attributes & stx.stx_attributes_mask & (STATX_ATTR_IMMUTABLE | STATX_ATTR_APPEND)))
                return true;
        return sbx_euid() != 0 && strlen(buf) == len && st.st_uid != sbx_euid();
}

/* For the classifier: whether the host itself would let the command run the host path `path`, a
 * candidate of a search of its PATH (1), or not (0: a directory on its way it may not search, not
 * a regular file, no execute permission for it, a noexec mount: faccessat() as sbx's effective
 * user, the command's, answers for all of it), or there is no such file or it cannot be told
 * (-1). The sandbox never refuses an exec itself: its refusals of a run are of what the host
 * allows. Root's capabilities are none of the command's (as in host_refuses()): root's check
 * passes a file with an execute bit for anyone, and one without any it refuses. */
static int host_runs_now(const char *path) {
        struct stat st;

        if (stat(path, &st) < 0)
                return errno == EACCES ? 0 : -1; /* execvp(3) stops at another error, with it */
        return S_ISREG(st.st_mode) && faccessat(AT_FDCWD, path, X_OK, AT_EACCESS) == 0;
}

/* For the classifier: the mount ID of the longest existing part of the directory of the host
 * path `path`, where a rename or a link of it is made (the kernel compares the mounts of the two
 * names' directories); 0 when it cannot be told. private_tmpdir: the backend's private temp area
 * (bwrap's /dev/shm, a tmpfs of the sandbox's own that TMPDIR names), or NULL. A name beneath it
 * that the host does not have is a file of that temp area, made where the command would have made
 * it in the caller's $TMPDIR (`tmp`; NULL or not absolute: /tmp): that directory's mount (review: Python's tempfile +
 * os.replace() into the workspace, EXDEV from the sandbox's temp area, read as the host's EXDEV
 * from its /dev/shm). One the host has is the host's file the command named. */
static uint64_t host_mount_now(const char *private_tmpdir, const char *tmp, const char *path) {
        char buf[PATH_MAX];
        struct statx stx;
        struct stat st;

        if (!parent_of(path, buf))
                return 0;
        if (private_tmpdir && sbx_path_beneath(path, private_tmpdir) &&
            lstat(path, &st) < 0 && errno == ENOENT) {
                if (!tmp || tmp[0] != '/' || strlen(tmp) >= sizeof(buf))
                        tmp = "/tmp";
                memcpy(buf, tmp, strlen(tmp) + 1);
        }
        while (statx(AT_FDCWD, buf, AT_STATX_SYNC_AS_STAT, STATX_MNT_ID, &stx) < 0)
                if (errno != ENOENT || !cut_to_parent(buf))
                        return 0;
        return (stx.stx_mask & STATX_MNT_ID) ? stx.stx_mnt_id : 0;
}

/* For the classifier: whether the directory the host path `path` (host_path() gave it) would be
 * made in is missing on the host, or is no directory, or the name or that directory is a symlink
 * that loops (ELOOP): the host's own failure, before any permission check; false when it cannot
 * be told. */
static bool host_dir_missing_now(const char *path) {
        char buf[PATH_MAX], target[PATH_MAX];
        struct stat st;
        int depth = 0;

        /* a dangling symlink: an open with O_CREAT makes its target, in the target's directory
         * (review51: as root in read-only, `sqlite3 l.db 'create table t(x)'` and `curl -o l.db
         * URL` of l.db -> missing/n.db, ENOENT on the host too, read as denied) */
        for (; depth < 8 && lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && stat(path, &st) < 0 && errno == ENOENT &&
               link_target_path(path, target);
             depth++)
                path = target;
        /* ... one that loops: the open fails with ELOOP on the host too (robust55: `zip -q
         * lp.zip f`, lp.zip -> lp.zip, zip's 15 read denied in both modes, as nobody too) */
        if (depth < 8 && lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && stat(path, &st) < 0 && errno == ELOOP)
                return true;
        if (!parent_of(path, buf))
                return false;
        if (stat(buf, &st) < 0)
                return errno == ENOENT || errno == ENOTDIR || errno == ELOOP;
        return !S_ISDIR(st.st_mode);
}

/* The magic number of an mqueue file system (linux/magic.h does not hold it; ipc/mqueue.c) */
#define SBX_MQUEUE_MAGIC 0x19800202

/* For the classifier: whether the host path `path` (host_path() gave it) lies where bwrap's
 * launcher covers the host's file system with an empty read-only tmpfs of mode 0 (sbx-landlock
 * --seal-mounts, cover_mqueues()): its longest existing part is on an mqueue file system, not
 * beneath /dev (the sandbox's own /dev hides one there, uncovered). false when it cannot be told. */
static bool host_covered_now(const char *path) {
        char buf[PATH_MAX];
        struct statfs sfs;
        size_t len = strlen(path);

        if (path[0] != '/' || len >= sizeof(buf) || sbx_path_beneath(path, "/dev"))
                return false;
        memcpy(buf, path, len + 1);
        while (statfs(buf, &sfs) < 0)
                if (errno != ENOENT || !cut_to_parent(buf))
                        return false;
        return sfs.f_type == SBX_MQUEUE_MAGIC;
}

/* For the classifier: whether the name at the host path `path` (host_path() gave it) exists, its
 * last component not followed, and what it is (enum sbx_host_name: no directory, a directory, one
 * that holds entries, as this user lists it); -1 it cannot be told (a directory on its way this
 * user may not search, one that is no directory, another error). */
static int host_exists_now(const char *path) {
        struct stat st;
        struct dirent *e;
        DIR *d;
        int kind = SBX_HOST_NAME_DIR;

        if (lstat(path, &st) < 0)
                return errno == ENOENT ? SBX_HOST_NAME_MISSING : -1;
        if (!S_ISDIR(st.st_mode))
                return SBX_HOST_NAME_FILE;
        if (!(d = opendir(path)))
                return SBX_HOST_NAME_DIR; /* its entries not told */
        while ((e = readdir(d)))
                if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
                        kind = SBX_HOST_NAME_DIR_ENTRIES;
                        break;
                }
        closedir(d);
        return kind;
}

/* For the classifier: whether the host refuses this user (not root, whose capabilities pass
 * every mode bit) reading the host path `path` (host_path() gave it): the kernel's check of an
 * open for reading, mode bits, ACLs and every directory on the way (EACCES); false when it cannot
 * be told (missing, another error). A directory's read is its listing: read and search. */
static bool host_unreadable_now(const char *path) {
        struct stat st;

        if (sbx_euid() == 0 || path[0] != '/' || stat(path, &st) < 0)
                return false;
        if (faccessat(AT_FDCWD, path, S_ISDIR(st.st_mode) ? R_OK | X_OK : R_OK, AT_EACCESS) == 0)
                return false;
        return errno == EACCES;
}

/* The argv readers' own questions (run-start-dir.c: a tool's directory entered, git's repository,
 * wget's file there), asked as the reader would ask them itself: stat(2) (lstat(2) where not
 * `follow`) into *st, 0 or -errno. */
static int64_t host_stat_now(const char *path, bool follow, struct stat *st) {
        return (follow ? stat(path, st) : lstat(path, st)) == 0 ? 0 : -errno;
}

/* The real path of path (sbx_realpath(), as realpath(3)) into out (size bytes): its length, or -errno (-ENAMETOOLONG where it does
 * not fit). */
static int64_t host_realpath_now(const char *path, char *out, size_t size) {
        _cleanup_free_ char *real = sbx_realpath(path);
        size_t len;

        if (!real)
                return -errno;
        if ((len = strlen(real)) >= size)
                return -ENAMETOOLONG;
        memcpy(out, real, len + 1);
        return (int64_t) len;
}

/* The first bytes of the regular file path (at most size) into buf, opened so that no open of a
 * device or a FIFO waits or acts: their number, or -errno (-EINVAL: no regular file). */
static int64_t host_read_now(const char *path, char *buf, size_t size) {
        _cleanup_close_ int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        struct stat st;
        ssize_t k;

        if (fd < 0 || fstat(fd, &st) < 0)
                return -errno;
        if (!S_ISREG(st.st_mode))
                return -EINVAL;
        while ((k = read(fd, buf, size)) < 0 && errno == EINTR)
                ;
        return k < 0 ? -errno : (int64_t) k;
}

/* ---- checks on a file system that may not answer ------------------------------------------
 *
 * The checks above are the host's system calls on names the command printed. A file system whose
 * server does not answer (a FUSE server that hangs, an NFS server gone) holds whoever asks it for
 * good, SIGKILL included once its server has the request (measured: a FUSE server answering
 * nothing but its INIT held `sbx run` after a command that only printed "touch: cannot touch
 * 'MNT/x': Permission denied"). Where the host's mount table lists a file system that may do so
 * (any type not in local_fs_types[]), every check of the run is asked of a child of sbx, and
 * waited for at most HOST_CHECK_MS; one not answered in time answers "cannot be told", and so does
 * every later one of the run, the child killed (left to be reaped later when SIGKILL cannot end it
 * yet). Every check, not only those of names beneath such a mount: a name elsewhere may lead there
 * through a symlink or "..", which only a walk on the host tells. A host with none of them (the
 * common case) asks the kernel as before, the table read once and read again only when poll(2)
 * says it changed. */

/* The longest sbx waits for one answer of the child; the first not answered in time ends the
 * asking for the run (a hung file system costs it once: the argv readers', the lines' checks, a
 * script file's read (run-start-dir.c) and the approver's look-ups share it, from
 * sbx_run_host_asking_starts() on). */
#define HOST_CHECK_MS 500

/* File systems whose answers are the kernel's and a local device's, never another process's or a
 * network's: the rest (fuse*, nfs*, cifs, smb3, 9p, ceph, afs, autofs, a cluster's, an unknown
 * one) may leave a caller waiting for good. */
static const char *const local_fs_types[] = {
        "ext2",     "ext3",    "ext4",     "xfs",        "btrfs",   "f2fs",    "jfs",         "reiserfs", "nilfs2",
        "bcachefs", "zfs",     "vfat",     "msdos",      "exfat",   "ntfs",    "ntfs3",       "hfs",      "hfsplus",
        "udf",      "iso9660", "squashfs", "erofs",      "cramfs",  "romfs",   "minix",       "tmpfs",    "ramfs",
        "devtmpfs", "devpts",  "proc",     "sysfs",      "securityfs", "debugfs", "tracefs",  "configfs", "cgroup",
        "cgroup2",  "bpf",     "pstore",   "efivarfs",   "mqueue",  "hugetlbfs", "binfmt_misc", "fusectl", "selinuxfs",
        "smackfs",  "nsfs",    "overlay",  "rpc_pipefs", "nfsd",    "resctrl",
};

static bool local_fs_type(const char *type) {
        for (size_t i = 0; i < SBX_ELEMENTSOF(local_fs_types); i++)
                if (strcmp(type, local_fs_types[i]) == 0)
                        return true;
        return false;
}

int sbx_run_mounts_may_hang(const char *mountinfo) {
        _cleanup_free_ char *copy = strdup(mountinfo);
        char *save = NULL;
        bool hang = false;

        if (!copy)
                return -ENOMEM;
        for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
                unsigned long long id;
                char *mp, *type;

                if (sbx_mountinfo_fields(line, &id, NULL, NULL, &mp, &type) < 0)
                        return -EBADMSG;
                hang |= !local_fs_type(type);
        }
        return hang;
}

/* /proc/self/mountinfo: its descriptor, open once the first check asks, and whether the table it
 * read last lists a file system that may not answer */
static struct {
        int fd;
        bool may_hang;
        int64_t polled; /* when its change was asked last (CLOCK_MONOTONIC, ns) */
} mounts = { .fd = -1 };

/* How long a table read (or found unchanged) stands before poll(2) is asked again: a mount made
 * within it is asked as the table was (a mount made after the poll, before the check, is anyway) */
#define MOUNTS_POLL_NS (10 * 1000000)

/* Whether a check may meet a file system that does not answer; true when the table cannot be
 * read. */
static bool mounts_may_hang(void) {
        _cleanup_free_ char *text = NULL;
        struct timespec ts;
        int64_t now;

        clock_gettime(CLOCK_MONOTONIC, &ts);
        now = (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
        if (mounts.fd >= 0) {
                /* the table changed since it was read last: POLLPRI (and POLLERR); asked at most
                 * every MOUNTS_POLL_NS (a poll(2) each check cost a flood of 20,000 lines 6%) */
                struct pollfd p = { .fd = mounts.fd, .events = POLLPRI };

                if (now - mounts.polled < MOUNTS_POLL_NS && now >= mounts.polled)
                        return mounts.may_hang;
                mounts.polled = now;
                if (poll(&p, 1, 0) == 0)
                        return mounts.may_hang;
                if (lseek(mounts.fd, 0, SEEK_SET) < 0) {
                        close(mounts.fd);
                        mounts.fd = -1;
                }
        }
        if (mounts.fd < 0 && (mounts.fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC)) < 0)
                return true;
        mounts.polled = now;
        mounts.may_hang = true;
        if (sbx_mountinfo_read_fd(mounts.fd, &text) < 0)
                return true;
        mounts.may_hang = sbx_run_mounts_may_hang(text) != 0;
        return mounts.may_hang;
}

enum host_op {
        OP_PATH, OP_PERMITS, OP_REFUSES, OP_REFUSES_OWNER, OP_RUNS, OP_MOUNT, OP_DIR_MISSING, OP_EXISTS, OP_FIFO,
        OP_SETS_TIMES, OP_NEEDS_CAPABILITY, OP_STAT, OP_ACCESS, OP_REALPATH, OP_READ, OP_COVERED, OP_UNREADABLE
};

/* A question to the child: the op, its flags, the size of host_path()'s out, then path, the
 * private temp area and $TMPDIR (host_mount()), each NUL-terminated */
struct host_ask {
        uint8_t op, run, opens, reads;
        uint32_t size;
        char names[3 * PATH_MAX];
};

/* Its answer: the op's value (host_path(): the length of its path, which follows) */
struct host_answer {
        int64_t value;
        char out[PATH_MAX];
};
_Static_assert(sizeof(struct stat) <= PATH_MAX, "a stat fits an answer");

/* The child of sbx that asks the host (-1: none), sbx's end of their socket, the process that
 * started it, and whether a check of this run went unanswered (sbx_run_host_checks() starts a
 * run) */
static struct {
        pid_t pid;
        int fd;
        pid_t owner;
        bool cut_off;
} asker = { .pid = -1, .fd = -1 };

/* The child: answers each question on fd 0 until sbx is gone. */
static _Noreturn void asker_child(void) {
        static struct host_ask q;
        static struct host_answer a;

        for (;;) {
                ssize_t n = recv(0, &q, sizeof(q), 0);
                const char *path, *priv, *tmp, *end;
                size_t len = offsetof(struct host_answer, out);

                if (n < 0 && errno == EINTR)
                        continue;
                if (n <= (ssize_t) offsetof(struct host_ask, names))
                        _exit(0);
                end = q.names + (n - (ssize_t) offsetof(struct host_ask, names));
                path = q.names;
                if (!(priv = memchr(path, '\0', (size_t) (end - path))) || ++priv == end ||
                    !(tmp = memchr(priv, '\0', (size_t) (end - priv))) || ++tmp == end || !memchr(tmp, '\0', (size_t) (end - tmp)))
                        _exit(0);
                switch (q.op) {
                case OP_PATH:
                        a.value = (int64_t) host_path_now(path, a.out, q.size < sizeof(a.out) ? q.size : sizeof(a.out));
                        if (a.value > 0)
                                len += (size_t) a.value + 1;
                        break;
                case OP_PERMITS:
                        a.value = host_permits_now(path, q.run);
                        break;
                case OP_REFUSES:
                        a.value = host_refuses_now(path, q.run, q.opens, q.reads);
                        break;
                case OP_REFUSES_OWNER:
                        a.value = host_refuses_owner_now(path, q.run);
                        break;
                case OP_RUNS:
                        a.value = host_runs_now(path);
                        break;
                case OP_MOUNT:
                        a.value = (int64_t) host_mount_now(priv[0] ? priv : NULL, tmp, path);
                        break;
                case OP_DIR_MISSING:
                        a.value = host_dir_missing_now(path);
                        break;
                case OP_EXISTS:
                        a.value = host_exists_now(path);
                        break;
                case OP_FIFO:
                        a.value = host_fifo_now(path, q.opens);
                        break;
                case OP_SETS_TIMES:
                        a.value = host_sets_times_now(path, q.opens);
                        break;
                case OP_NEEDS_CAPABILITY:
                        a.value = host_needs_capability_now(path, q.run);
                        break;
                case OP_COVERED:
                        a.value = host_covered_now(path);
                        break;
                case OP_STAT:
                        a.value = host_stat_now(path, q.run, (struct stat *) (void *) a.out);
                        if (a.value == 0)
                                len += sizeof(struct stat);
                        break;
                case OP_ACCESS:
                        a.value = faccessat(AT_FDCWD, path, q.opens, AT_EACCESS) == 0 ? 0 : -errno;
                        break;
                case OP_REALPATH:
                        a.value = host_realpath_now(path, a.out, sizeof(a.out));
                        if (a.value > 0)
                                len += (size_t) a.value + 1;
                        break;
                case OP_READ:
                        a.value = host_read_now(path, a.out, q.size < sizeof(a.out) ? q.size : sizeof(a.out));
                        if (a.value > 0)
                                len += (size_t) a.value;
                        break;
                case OP_UNREADABLE:
                        a.value = host_unreadable_now(path);
                        break;
                default:
                        _exit(0);
                }
                if (send(0, &a, len, MSG_NOSIGNAL) != (ssize_t) len)
                        _exit(0);
        }
}

/* Ends the child (SIGKILL: it may be waiting on a file system) and forgets it; one that SIGKILL
 * cannot end yet is reaped later (sbx_run_execute() reaps the orphans of a run, or at sbx's
 * exit). Only while it is still sbx's child, alive or not reaped: one that ended may have been
 * reaped already, with the command's leftovers (sbx with no_new_privs under Landlock takes it
 * for one of them), and its pid may be another process's by now (review: kill(PID, SIGKILL) of
 * the pid that wait4(-1) had returned, traced). */
static void asker_end(void) {
        siginfo_t si = { 0 };

        if (asker.fd >= 0)
                close(asker.fd);
        if (asker.pid > 0 && waitid(P_PID, (id_t) asker.pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0) {
                (void) kill(asker.pid, SIGKILL);
                (void) waitpid(asker.pid, NULL, WNOHANG);
        }
        asker.fd = -1;
        asker.pid = -1;
}

/* Starts the child: nothing of sbx's but its end of the socket (on 0), every signal blocked, and
 * killed when sbx ends; named sbx-asker (its comm), told from sbx's other children (bubblewrap's
 * guard is sbx's comm). */
static bool asker_start(void) {
        sigset_t all, old;
        pid_t parent = getpid();
        int sv[2];

        if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
                return false;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, &old);
        asker.pid = fork();
        if (asker.pid == 0) {
                if ((sv[1] != 0 && dup2(sv[1], 0) < 0) || prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent ||
                    prctl(PR_SET_NAME, "sbx-asker", 0, 0, 0) < 0)
                        _exit(1);
                (void) close_range(1, ~0U, 0);
                asker_child();
        }
        sigprocmask(SIG_SETMASK, &old, NULL);
        close(sv[1]);
        if (asker.pid < 0) {
                close(sv[0]);
                return false;
        }
        asker.fd = sv[0];
        asker.owner = parent;
        return true;
}

/* q (its names `len` bytes) asked of the child; false when it cannot be told: not answered within
 * HOST_CHECK_MS (the child is ended, and every later question of the run answers false), or no
 * child could ask it. A child that ended (the command's leftovers are killed after it) is
 * started again once. */
static bool ask(const struct host_ask *q, size_t len, struct host_answer *a, size_t *ret_got) {
        len += offsetof(struct host_ask, names);
        /* a child inherited its parent's: that asker answers in the parent's mount namespace, not
         * this process's (a unit test's row in a namespace of its own, with a noexec tmpfs, was
         * answered of the directory beneath it). This process starts its own; the parent's is
         * left to the parent */
        if (asker.fd >= 0 && asker.owner != getpid()) {
                close(asker.fd);
                asker.fd = -1;
                asker.pid = -1;
        }
        for (int attempt = 0; !asker.cut_off && attempt < 2; attempt++) {
                struct timespec now, until;
                ssize_t got;

                if (asker.fd < 0 && !asker_start())
                        return false;
                if (send(asker.fd, q, len, MSG_NOSIGNAL) != (ssize_t) len) {
                        asker_end();
                        continue;
                }
                clock_gettime(CLOCK_MONOTONIC, &until);
                until.tv_sec += HOST_CHECK_MS / 1000;
                until.tv_nsec += (HOST_CHECK_MS % 1000) * 1000000L;
                for (;;) {
                        struct pollfd p = { .fd = asker.fd, .events = POLLIN };
                        int64_t left;
                        int r;

                        clock_gettime(CLOCK_MONOTONIC, &now);
                        left = (int64_t) (until.tv_sec - now.tv_sec) * 1000 + (until.tv_nsec - now.tv_nsec) / 1000000;
                        if (left <= 0) {
                                asker_end();
                                asker.cut_off = true;
                                return false;
                        }
                        r = poll(&p, 1, (int) left);
                        if (r < 0 && errno != EINTR)
                                left = 0;
                        if (r > 0 || left == 0)
                                break;
                }
                /* not waiting: after a poll(2) that failed (EINVAL past a descriptor limit the
                 * caller lowered to 0), a blocking recv(2) waited for good on a child stuck in a
                 * file system (review); what is not there is no answer */
                got = recv(asker.fd, a, sizeof(*a), MSG_DONTWAIT);
                if (got >= (ssize_t) offsetof(struct host_answer, out)) {
                        *ret_got = (size_t) got - offsetof(struct host_answer, out);
                        return true;
                }
                asker_end();
        }
        return false;
}

/* The question of `op` on `path` for the child; its names' length, or 0 when they do not fit. */
static size_t ask_of(struct host_ask *q, enum host_op op, const char *path, const char *priv, const char *tmp) {
        const char *names[3] = { path, priv ? priv : "", tmp ? tmp : "" };
        size_t len = 0;

        q->op = (uint8_t) op;
        for (size_t i = 0; i < SBX_ELEMENTSOF(names); i++) {
                size_t n = strlen(names[i]) + 1;

                if (n > PATH_MAX)
                        return 0;
                memcpy(q->names + len, names[i], n);
                len += n;
        }
        return len;
}

/* The value of `op`'s check of path with the flags in q, asked of the child (`fallback`: when it
 * cannot be told) */
static int64_t asked_q(struct host_ask *q, enum host_op op, const char *path, int64_t fallback) {
        struct host_answer a;
        size_t len = ask_of(q, op, path, NULL, NULL), got;

        if (len == 0 || !ask(q, len, &a, &got))
                return fallback;
        return a.value;
}

static int64_t asked(enum host_op op, const char *path, bool run, bool opens, int64_t fallback) {
        struct host_ask q = { .run = run, .opens = opens };

        return asked_q(&q, op, path, fallback);
}

/* The callbacks: the check itself, or asked of the child where a file system may not answer. Each
 * answer that cannot be told is the one the check gives a name it cannot read (0, false, -1),
 * which the classifier reads as no host's refusal: the line stays the sandbox's. */
static size_t host_path(void *userdata, const char *path, char *out, size_t size) {
        struct host_ask q = { .size = (uint32_t) (size < PATH_MAX ? size : PATH_MAX) };
        struct host_answer a;
        size_t len, got;

        (void) userdata;
        if (names_process_link(path))
                return 0;
        if (!mounts_may_hang())
                return host_path_now(path, out, size);
        len = ask_of(&q, OP_PATH, path, NULL, NULL);
        if (len == 0 || !ask(&q, len, &a, &got) || a.value <= 0 || (size_t) a.value >= size ||
            got != (size_t) a.value + 1 || a.out[a.value] != '\0')
                return 0;
        memcpy(out, a.out, (size_t) a.value + 1);
        return (size_t) a.value;
}

static bool host_permits(void *userdata, const char *path, bool run) {
        (void) userdata;
        if (!mounts_may_hang())
                return host_permits_now(path, run);
        return asked(OP_PERMITS, path, run, false, false) > 0;
}

static bool host_refuses(void *userdata, const char *path, bool run, bool opens, bool reads) {
        struct host_ask q = { .run = run, .opens = opens, .reads = reads };

        (void) userdata;
        if (!mounts_may_hang())
                return host_refuses_now(path, run, opens, reads);
        return asked_q(&q, OP_REFUSES, path, false) > 0;
}

static bool host_refuses_owner(void *userdata, const char *path, bool mode) {
        (void) userdata;
        if (!mounts_may_hang())
                return host_refuses_owner_now(path, mode);
        return asked(OP_REFUSES_OWNER, path, mode, false, false) > 0; /* the kind as run */
}

static int host_runs(void *userdata, const char *path) {
        (void) userdata;
        if (!mounts_may_hang())
                return host_runs_now(path);
        return (int) asked(OP_RUNS, path, false, false, -1);
}

static uint64_t host_mount(void *userdata, const char *path) {
        struct host_ask q = { 0 };
        struct host_answer a;
        size_t len, got;

        if (!mounts_may_hang())
                return host_mount_now(userdata, getenv("TMPDIR"), path);
        len = ask_of(&q, OP_MOUNT, path, userdata, getenv("TMPDIR"));
        if (len == 0 || !ask(&q, len, &a, &got))
                return 0;
        return (uint64_t) a.value;
}

static bool host_dir_missing(void *userdata, const char *path) {
        (void) userdata;
        if (!mounts_may_hang())
                return host_dir_missing_now(path);
        return asked(OP_DIR_MISSING, path, false, false, false) > 0;
}

static int host_exists(void *userdata, const char *path) {
        (void) userdata;
        if (!mounts_may_hang())
                return host_exists_now(path);
        return (int) asked(OP_EXISTS, path, false, false, -1);
}

static bool host_fifo(void *userdata, const char *path, bool writes) {
        (void) userdata;
        if (!mounts_may_hang())
                return host_fifo_now(path, writes);
        return asked(OP_FIFO, path, false, writes, false) > 0;
}

static int host_sets_times(void *userdata, const char *path, unsigned how) {
        struct host_ask q = { .opens = (uint8_t) how };

        (void) userdata;
        if (!mounts_may_hang())
                return host_sets_times_now(path, how);
        return (int) asked_q(&q, OP_SETS_TIMES, path, -1);
}

static bool host_covered(void *userdata, const char *path) {
        (void) userdata;
        if (!mounts_may_hang())
                return host_covered_now(path);
        return asked(OP_COVERED, path, false, false, false) > 0;
}

static bool host_needs_capability(void *userdata, const char *path, bool run) {
        (void) userdata;
        if (!mounts_may_hang())
                return host_needs_capability_now(path, run);
        return asked(OP_NEEDS_CAPABILITY, path, run, false, false) > 0;
}

static bool host_unreadable(void *userdata, const char *path) {
        (void) userdata;
        if (!mounts_may_hang())
                return host_unreadable_now(path);
        return asked(OP_UNREADABLE, path, false, false, false) > 0;
}

/* The argv readers' questions: asked of the child where a file system may not answer, as the
 * classifier's checks are (the same child, the same deadline, cut off with them); one not told is
 * -ETIMEDOUT and counted (sbx_run_host_untold()). */
static unsigned untold;

unsigned sbx_run_host_untold(void) {
        return untold;
}

static int64_t asked_untold(struct host_ask *q, enum host_op op, const char *path, struct host_answer *a,
                            size_t *ret_got) {
        size_t len = ask_of(q, op, path, NULL, NULL);

        if (len == 0 || !ask(q, len, a, ret_got)) {
                untold++;
                return -ETIMEDOUT;
        }
        return a->value;
}

int sbx_run_host_stat(const char *path, bool follow, struct stat *ret_st) {
        struct host_ask q = { .run = follow };
        struct host_answer a;
        size_t got = 0;
        int64_t r;

        if (!mounts_may_hang())
                return (int) host_stat_now(path, follow, ret_st);
        if ((r = asked_untold(&q, OP_STAT, path, &a, &got)) < 0)
                return r < INT_MIN ? -EIO : (int) r;
        if (r != 0 || got != sizeof(struct stat)) {
                untold++;
                return -ETIMEDOUT;
        }
        memcpy(ret_st, a.out, sizeof(struct stat));
        return 0;
}

bool sbx_run_host_flags_settable(const char *path, bool capability) {
        _cleanup_close_ int fd = -1;
        struct stat st, fst;
        struct statvfs vfs;
        int flags = 0;

        if (path[0] != '/' || mounts_may_hang() || lstat(path, &st) < 0 || (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)))
                return false;
        if (sbx_euid() != 0 && (capability || st.st_uid != sbx_euid()))
                return false;
        fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
        if (fd < 0 || fstat(fd, &fst) < 0 || fst.st_ino != st.st_ino || fst.st_dev != st.st_dev ||
            fstatvfs(fd, &vfs) < 0 || (vfs.f_flag & ST_RDONLY) || ioctl(fd, FS_IOC_GETFLAGS, &flags) < 0)
                return false;
        return !(flags & (FS_IMMUTABLE_FL | FS_APPEND_FL));
}

int sbx_run_host_access(const char *path, int mode) {
        struct host_ask q = { .opens = (uint8_t) mode };
        struct host_answer a;
        size_t got = 0;
        int64_t r;

        if (!mounts_may_hang())
                return faccessat(AT_FDCWD, path, mode, AT_EACCESS) == 0 ? 0 : -errno;
        r = asked_untold(&q, OP_ACCESS, path, &a, &got);
        return r > 0 || r < INT_MIN ? -EIO : (int) r;
}

int sbx_run_host_realpath(const char *path, char *out, size_t size) {
        struct host_ask q = { 0 };
        struct host_answer a;
        size_t got = 0;
        int64_t r;

        if (!mounts_may_hang())
                return (int) host_realpath_now(path, out, size);
        if ((r = asked_untold(&q, OP_REALPATH, path, &a, &got)) < 0)
                return r < INT_MIN ? -EIO : (int) r;
        if (got != (size_t) r + 1 || a.out[r] != '\0') {
                untold++;
                return -ETIMEDOUT;
        }
        if ((size_t) r >= size)
                return -ENAMETOOLONG;
        memcpy(out, a.out, (size_t) r + 1);
        return 0;
}

ssize_t sbx_run_host_read(const char *path, char *buf, size_t size) {
        struct host_ask q = { .size = (uint32_t) (size < PATH_MAX ? size : PATH_MAX) };
        struct host_answer a;
        size_t got = 0;
        int64_t r;

        if (!mounts_may_hang())
                return (ssize_t) host_read_now(path, buf, size);
        if ((r = asked_untold(&q, OP_READ, path, &a, &got)) < 0)
                return r < INT_MIN ? -EIO : (ssize_t) r;
        if (got != (size_t) r || (size_t) r > size) {
                untold++;
                return -ETIMEDOUT;
        }
        memcpy(buf, a.out, (size_t) r);
        return (ssize_t) r;
}

void sbx_run_host_asking_starts(void) {
        asker.cut_off = false;
}

bool sbx_run_host_cut_off(void) {
        return asker.cut_off;
}

/* (only where a mount may not answer: elsewhere a read that missed its deadline met the machine's
 * load, not a file system that hangs, and the run's other questions are the kernel's anyway) */
void sbx_run_host_cut(void) {
        if (mounts_may_hang())
                asker.cut_off = true;
}

void sbx_run_host_checks(struct sbx_classify_context *ctx) {
        ctx->resolve = host_path;
        ctx->host_permits = host_permits;
        ctx->host_refuses = host_refuses;
        ctx->host_refuses_owner = host_refuses_owner;
        ctx->unprivileged = sbx_euid() != 0;
        ctx->host_runs = host_runs;
        ctx->host_mount = host_mount;
        ctx->host_dir_missing = host_dir_missing;
        ctx->host_exists = host_exists;
        ctx->host_fifo = host_fifo;
        ctx->host_sets_times = host_sets_times;
        ctx->host_needs_capability = host_needs_capability;
        ctx->host_covered = host_covered;
        ctx->host_unreadable = host_unreadable;
}
