/* The host's answers the classifier asks of sbx run: where a name really leads on the host, and
 * whether the host itself (its permissions, a read-only or noexec mount, a missing directory)
 * would have refused a file effect a denial line names, sandbox or not. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "run-exec.h"
#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-procfs.h"
#include "sbx-realpath.h"

/* The host's path for the absolute path `path`: the real path of its longest existing part (every
 * symlink there followed), then the rest as it is. For the classifier: a denial line naming
 * ws/link/x, where link leads outside the workspace, is the sandbox's. 0 when it cannot be told. */
static size_t host_path(void *userdata, const char *path, char *out, size_t size) {
        char buf[PATH_MAX];
        size_t cut = strlen(path);

        (void) userdata;
        if (path[0] != '/' || cut >= sizeof(buf))
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
                        return n > 0 && (size_t) n < size ? (size_t) n : 0;
                }
                if (errno != ENOENT)
                        return 0;
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

/* Whether the mode bits of `st` give this process, without any capability, every one of `bits`
 * (a combination of 4, 2, 1); never for a file that holds an ACL (its bits do not tell). */
static bool mode_grants(const char *path, const struct stat *st, unsigned bits) {
        gid_t groups[NGROUPS_MAX];
        unsigned have;
        int n;

        if (getxattr(path, "system.posix_acl_access", NULL, 0) >= 0 || errno == ERANGE)
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
static bool host_permits(void *userdata, const char *path, bool run) {
        char buf[PATH_MAX];
        struct stat st;
        size_t len = strlen(path);

        (void) userdata;
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

/* For the classifier: whether the host itself would refuse the command every write to the host
 * path `path` (host_path() gave it), sandbox or not, so that a failure there is the task's. Its
 * longest existing part is on a file system mounted read-only on the host (EROFS without sbx as
 * well, whoever runs it; a read-only mount inside the workspace too). Or the line tells of an open
 * that fs.protected_regular refuses, whoever runs it (sticky_protected()). Or, for a user other than
 * root, by the host's permission check: a directory on its way is not searchable, or it is
 * missing and the directory it would be made in is not writable, or it exists in a directory that
 * is not writable (no create, remove or rename there) or is sticky and neither the directory nor
 * the file is the user's, and is itself not writable (nor runnable when `run`), or the line tells
 * of an open of it (`opens`) that the host refuses, read and write alike. The sandbox grants
 * every read and exec, so its refusals are of writes: one the host refuses anyway is not its doing
 * (`cat ~root/x`, `touch /etc/x` as nobody). false when it cannot be told. The kernel's check,
 * not a walk of every directory above with its ACL read: that read ACLs as "cannot tell" and cost
 * about 5 us more a denial line (300,000 lines as nobody, 6.8 s of sbx against 5.2 s; most of the
 * rest is host_path()'s realpath). */
static bool host_refuses(void *userdata, const char *path, bool run, bool opens) {
        char buf[PATH_MAX];
        struct stat st, dst;
        struct statvfs vfs;
        size_t len = strlen(path);
        bool root = sbx_euid() == 0, dir_refuses;

        (void) userdata;
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
        if (root)
                return false;
        if (strlen(buf) != len) {
                /* missing: made in buf, a directory the user may write and search, or not. Not
                 * when the name is a dangling symlink: a write through it makes its target,
                 * elsewhere (review: a link in a 0555 directory read as the host's refusal) */
                if (lstat(path, &dst) == 0)
                        return false;
                return S_ISDIR(st.st_mode) && access_refused(buf, W_OK | X_OK, false);
        }
        if (!access_refused(buf, W_OK, false) || (run && S_ISREG(st.st_mode) && !access_refused(buf, X_OK, false)))
                return false;
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
        /* an open that the host refuses whatever it was for (cat of a 0000 file): the directory's
         * bits do not matter to it */
        return dir_refuses || (opens && access_refused(path, R_OK, false));
}

/* For the classifier: whether the host itself would refuse the command a change of the mode or
 * the owner of the host path `path` (host_path() gave it), sandbox or not: its longest existing
 * part is on a file system mounted read-only on the host, or, for a user other than root, it
 * exists and is not the user's (chmod and chown are the owner's: EPERM without sbx too). A
 * symlink is judged itself, not its target. false when it cannot be told. */
static bool host_refuses_owner(void *userdata, const char *path) {
        char buf[PATH_MAX], dir[PATH_MAX];
        struct stat st;
        struct statvfs vfs;
        size_t len = strlen(path);

        (void) userdata;
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
        return sbx_euid() != 0 && strlen(buf) == len && st.st_uid != sbx_euid();
}

/* For the classifier: whether the host itself would let the command run the host path `path`, a
 * candidate of a search of its PATH (1), or not (0: a directory on its way it may not search, not
 * a regular file, no execute permission for it, a noexec mount: faccessat() as sbx's effective
 * user, the command's, answers for all of it), or there is no such file or it cannot be told
 * (-1). The sandbox never refuses an exec itself: its refusals of a run are of what the host
 * allows. Root's capabilities are none of the command's (as in host_refuses()): root's check
 * passes a file with an execute bit for anyone, and one without any it refuses. */
static int host_runs(void *userdata, const char *path) {
        struct stat st;

        (void) userdata;
        if (stat(path, &st) < 0)
                return errno == EACCES ? 0 : -1; /* execvp(3) stops at another error, with it */
        return S_ISREG(st.st_mode) && faccessat(AT_FDCWD, path, X_OK, AT_EACCESS) == 0;
}

/* For the classifier: the mount ID of the longest existing part of the directory of the host
 * path `path`, where a rename or a link of it is made (the kernel compares the mounts of the two
 * names' directories); 0 when it cannot be told. userdata: the backend's private temp area (bwrap's
 * /dev/shm, a tmpfs of the sandbox's own that TMPDIR names), or NULL. A name beneath it that the
 * host does not have is a file of that temp area, made where the command would have made it in
 * the caller's $TMPDIR (else /tmp): that directory's mount (review: Python's tempfile +
 * os.replace() into the workspace, EXDEV from the sandbox's temp area, read as the host's EXDEV
 * from its /dev/shm). One the host has is the host's file the command named. */
static uint64_t host_mount(void *userdata, const char *path) {
        const char *private_tmpdir = userdata, *tmp;
        char buf[PATH_MAX];
        struct statx stx;
        struct stat st;

        if (!parent_of(path, buf))
                return 0;
        if (private_tmpdir && sbx_path_beneath(path, private_tmpdir) &&
            lstat(path, &st) < 0 && errno == ENOENT) {
                tmp = getenv("TMPDIR");
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
 * made in is missing on the host, or is no directory; false when it cannot be told. */
static bool host_dir_missing(void *userdata, const char *path) {
        char buf[PATH_MAX];
        struct stat st;

        (void) userdata;
        if (!parent_of(path, buf))
                return false;
        if (stat(buf, &st) < 0)
                return errno == ENOENT || errno == ENOTDIR;
        return !S_ISDIR(st.st_mode);
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
}
