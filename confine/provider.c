/* The provider seam: confine(argv, policy) returns a confined argv or fails closed with
 * SANDBOX_UNAVAILABLE (-EOPNOTSUPP) and the reason of each candidate. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "confine-internal.h"
#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-mkdir.h"
#include "sbx-realpath.h"
#include "sbx-trust.h"

static const struct sbx_backend *const backends[] = {
        &sbx_backend_bwrap,
        &sbx_backend_landlock,
        &sbx_backend_seatbelt,
        &sbx_backend_windows_acl,
};

const struct sbx_backend *sbx_backend_get(const char *name) {
        if (!name)
                return NULL;
        for (size_t i = 0; i < SBX_ELEMENTSOF(backends); i++)
                if (strcmp(backends[i]->name, name) == 0)
                        return backends[i];
        return NULL;
}

const char *const *sbx_backend_names(void) {
        static const char *names[SBX_ELEMENTSOF(backends) + 1];
        if (!names[0])
                for (size_t i = 0; i < SBX_ELEMENTSOF(backends); i++)
                        names[i] = backends[i]->name;
        return names;
}

/* ---- the per-run temp area ----------------------------------------------------------------- */

/* The temp area's removal must not depend on what the command left in it: a directory it made
 * unreadable or unwritable (chmod 0, 0500: its owner may not list or empty it), or a tree deeper
 * than the recursion goes (mkdir -p of 300 levels), once left the area on the host for good, and
 * no sweep removed it either (escape review). */
#define CLEAR_MAX_DEPTH 64   /* deeper directories are moved up to the top and cleared in a next pass */
#define CLEAR_MAX_PASSES 4096

/* Whether the directory open at fd is another mount than the directory open at dfd. A command
 * run as root (fixtures record --raw) that bound a directory of the host into its workspace and
 * was killed before it unmounted it had that directory emptied through the mount point, by the
 * recording's removal and by the sweep of a SIGKILLed one (review: a bind of a scratch dir lost
 * its files). Nothing is removed below a mount point: its rmdir fails (EBUSY) and the tree stays. */
static bool other_mount(int dfd, int fd) {
#ifdef STATX_MNT_ID
        struct statx a, b;

        if (statx(dfd, "", AT_EMPTY_PATH | AT_STATX_SYNC_AS_STAT, STATX_MNT_ID, &a) == 0 &&
            statx(fd, "", AT_EMPTY_PATH | AT_STATX_SYNC_AS_STAT, STATX_MNT_ID, &b) == 0 &&
            (a.stx_mask & b.stx_mask & STATX_MNT_ID))
                return a.stx_mnt_id != b.stx_mnt_id;
#endif
        struct stat sa, sb;

        return fstat(dfd, &sa) < 0 || fstat(fd, &sb) < 0 || sa.st_dev != sb.st_dev;
}

/* Whether the directory open at fd is the root of a mount: as the kernel says where it does
 * (STATX_ATTR_MOUNT_ROOT), else against its "..", which from a mount's root is the directory
 * holding the mount point. The kernel's answer first: ".." is found only with search permission
 * on the directory, which a command that made its temp area or recording directory 0 (chmod 0
 * ..) had taken, and the top stayed, where it was made 0700 before this check (review). */
static int is_mount_root(int fd) {
        int up;
        bool busy;
#ifdef STATX_ATTR_MOUNT_ROOT
        struct statx stx;

        if (statx(fd, "", AT_EMPTY_PATH | AT_STATX_SYNC_AS_STAT, 0, &stx) == 0 &&
            (stx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT))
                return !!(stx.stx_attributes & STATX_ATTR_MOUNT_ROOT);
#endif
        /* closed at once: under `ulimit -n 5` the removal has no descriptor to spare */
        up = openat(fd, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (up < 0)
                return -errno;
        busy = other_mount(up, fd);
        close(up);
        return busy;
}

/* The directory NAME in dfd, open for reading, never through a symlink nor onto another mount
 * (AT_FDCWD: the top the caller named, which must be no mount point either: is_mount_root()). A
 * directory of the caller's whose mode keeps its owner from reading or emptying it is made 0700
 * first: through its own descriptor (O_PATH, then /proc/self/fd), so no symlink swapped in can
 * redirect it. */
static int open_dir_to_clear(int dfd, const char *name) {
        _cleanup_close_ int pfd = -1;
        struct stat st;
        bool busy;
        int fd;

        pfd = openat(dfd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (pfd < 0)
                return -errno;
        /* the top too: a --raw command run as root that bound a directory of the host onto its
         * recording's directory (`mount --bind DIR ..` from its workspace) had that directory
         * emptied through it by the recording's removal (review) */
        if (dfd == AT_FDCWD) {
                int r = is_mount_root(pfd);

                if (r < 0)
                        return r;
                busy = r > 0;
        } else
                busy = other_mount(dfd, pfd);
        if (busy)
                return -EBUSY;
        if (fstat(pfd, &st) == 0 && st.st_uid == sbx_euid() && (st.st_mode & 0700) != 0700) {
                char self[64];
                snprintf(self, sizeof(self), "/proc/self/fd/%d", pfd);
                (void) chmod(self, (st.st_mode & 07777) | 0700);
        }
        fd = openat(pfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        return fd < 0 ? -errno : fd;
}

/* Removes the content of the directory open at dfd without following any symlink, but the entry
 * `keep` of the top (NULL: none). A directory CLEAR_MAX_DEPTH levels down is moved into top_fd
 * (under a name of its own inode) instead, and *moved counts it: the caller clears top_fd again. */
static int clear_dir_at(int dfd, unsigned depth, int top_fd, unsigned *moved, const char *keep) {
        DIR *d;
        struct dirent *de;
        int r = 0;

        d = fdopendir(dfd);
        if (!d) {
                close(dfd);
                return -errno;
        }
        while ((de = readdir(d))) {
                if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
                    (keep && depth == 0 && strcmp(de->d_name, keep) == 0))
                        continue;
                if (unlinkat(dirfd(d), de->d_name, 0) == 0)
                        continue;
                if (errno == EISDIR || errno == EPERM) {
                        if (unlinkat(dirfd(d), de->d_name, AT_REMOVEDIR) == 0)
                                continue;
                        if (depth + 1 >= CLEAR_MAX_DEPTH) {
                                char up[64];
                                snprintf(up, sizeof(up), ".deep-%llu", (unsigned long long) de->d_ino);
                                if (renameat(dirfd(d), de->d_name, top_fd, up) == 0)
                                        (*moved)++;
                                else if (r == 0)
                                        r = -errno;
                                continue;
                        }
                        int sub = open_dir_to_clear(dirfd(d), de->d_name);
                        if (sub >= 0) {
                                int q = clear_dir_at(sub, depth + 1, top_fd, moved, NULL);
                                if (q < 0 && r == 0)
                                        r = q;
                        }
                        if (unlinkat(dirfd(d), de->d_name, AT_REMOVEDIR) < 0 && r == 0)
                                r = -errno;
                } else if (errno != ENOENT && r == 0)
                        r = -errno;
        }
        closedir(d);
        return r;
}

/* Empties the directory open at dfd (which stays open) but its entry `keep`, in passes until
 * nothing was moved up. */
static int clear_tree_at(int dfd, const char *keep) {
        int r = 0;

        for (unsigned pass = 0; pass < CLEAR_MAX_PASSES; pass++) {
                unsigned moved = 0;
                int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
                if (fd < 0)
                        return -errno;
                r = clear_dir_at(fd, 0, dfd, &moved, keep);
                if (moved == 0)
                        break;
        }
        return r;
}

int sbx_remove_tree_last(const char *path, const char *last) {
        _cleanup_close_ int fd = -1;
        int r;

        /* the usual case, an empty directory, in one call (rmdir follows no symlink at the end) */
        if (rmdir(path) == 0 || errno == ENOENT)
                return 0;
        fd = open_dir_to_clear(AT_FDCWD, path);
        if (fd < 0)
                return fd == -ENOENT ? 0 : fd;
        r = clear_tree_at(fd, last);
        if (last && r == 0 && unlinkat(fd, last, 0) < 0 && errno != ENOENT)
                r = -errno;
        if (rmdir(path) < 0 && r == 0)
                r = -errno;
        return r;
}

int sbx_remove_tree(const char *path) {
        return sbx_remove_tree_last(path, NULL);
}

/* The temp areas of a user live in BASE/sbx-UID, a directory of mode 0700 that is the user's
 * (BASE: $TMPDIR when absolute, else /tmp), one per run: run-XXXXXX, mode 0700. The sbx that made
 * an area holds a lock on it (flock) for as long as it lives, so an area whose sbx was killed is
 * unlocked, and the next run removes it (sweep_temp_areas()). An area is made under a hidden
 * name and takes its run- name only once locked: no sweep removes one that is being made. When
 * BASE/sbx-UID is not such a directory (someone else made it in a shared /tmp), or elsewhere than
 * on Linux, the area is made in BASE itself (sbx-run-XXXXXX) and nothing is swept.
 * BASE is resolved before anything is made in it and the new names never after: someone who can
 * write BASE could otherwise swap a symlink in between, and the command would be granted (and
 * sbx would empty) whatever it points to. Below BASE/sbx-UID every step is relative to its
 * descriptor. */
#define SWEEP_HIDDEN_AGE_S 60 /* a hidden area older than this was abandoned while being made */

static int set_temp_area(struct sbx_confined_argv *out, char **path, int fd, struct sbx_diag *diag) {
        struct stat st;

        if (fstat(fd, &st) < 0 || !S_ISDIR(st.st_mode) || st.st_uid != sbx_euid() || (st.st_mode & 0777) != 0700)
                return sbx_diag_set(diag, EPERM, "create temp area", *path,
                                    "the temp area %s is not the private directory sbx made", *path);
        out->temp_dev = (uint64_t) st.st_dev;
        out->temp_ino = (uint64_t) st.st_ino;
        out->temp_dir = sbx_steal_ptr(path);
        return 0;
}

DIR *sbx_opendir_dup(int fd) {
        int dup_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
        DIR *d;

        if (dup_fd < 0)
                return NULL;
        d = fdopendir(dup_fd);
        if (!d) {
                int e = errno;
                close(dup_fd);
                errno = e;
        }
        return d;
}

#if defined(__linux__) && defined(RENAME_NOREPLACE)
/* "run-" and six random letters or digits into name, ".new-" and the same six into hidden. */
static int random_names(char name[static 11], char hidden[static 12]) {
        static const char chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        unsigned char rnd[6];
        char tail[7];

        if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t) sizeof(rnd))
                return -EAGAIN;
        for (size_t i = 0; i < sizeof(rnd); i++)
                tail[i] = chars[rnd[i] % (sizeof(chars) - 1)];
        tail[sizeof(rnd)] = '\0';
        snprintf(name, 11, "run-%s", tail);
        snprintf(hidden, 12, ".new-%s", tail);
        return 0;
}

/* BASE/sbx-UID, open: 0 and *ret_fd, or -errno when it cannot be made or is not the user's
 * private directory. */
static int open_user_dir(const char *base, char **ret_path, int *ret_fd) {
        _cleanup_free_ char *path = NULL;
        _cleanup_close_ int fd = -1;
        struct stat st;

        if (asprintf(&path, "%s/sbx-%u", base, (unsigned) sbx_euid()) < 0)
                return -ENOMEM;
        fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0 && errno == ENOENT) {
                if (mkdir(path, 0700) < 0 && errno != EEXIST)
                        return -errno;
                fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        }
        if (fd < 0)
                return -errno;
        if (fstat(fd, &st) < 0)
                return -errno;
        if (st.st_uid != sbx_euid() || (st.st_mode & 0777) != 0700)
                return -EPERM;
        *ret_path = sbx_steal_ptr(&path);
        *ret_fd = sbx_steal_fd(&fd);
        return 0;
}

/* A locked run-XXXXXX in the user's directory: 0, or -errno (the caller falls back). */
static int make_swept_area(const char *base, struct sbx_confined_argv *out) {
        _cleanup_free_ char *dir = NULL, *path = NULL;
        _cleanup_close_ int dfd = -1, fd = -1;
        char name[11], hidden[12];
        int r;

        r = open_user_dir(base, &dir, &dfd);
        if (r < 0)
                return r;
        for (int attempt = 0;; attempt++) {
                if (attempt == 100)
                        return -EEXIST;
                if ((r = random_names(name, hidden)) < 0)
                        return r;
                if (mkdirat(dfd, hidden, 0700) < 0) {
                        if (errno == EEXIST)
                                continue;
                        return -errno;
                }
                fd = openat(dfd, hidden, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (fd < 0 || fchmod(fd, 0700) < 0 || flock(fd, LOCK_EX | LOCK_NB) < 0) {
                        r = -errno;
                        (void) unlinkat(dfd, hidden, AT_REMOVEDIR);
                        return r;
                }
                if (renameat2(dfd, hidden, dfd, name, RENAME_NOREPLACE) == 0)
                        break;
                r = -errno;
                (void) unlinkat(dfd, hidden, AT_REMOVEDIR);
                if (r != -EEXIST)
                        return r;
                close(fd);
                fd = -1;
        }
        if (asprintf(&path, "%s/%s", dir, name) < 0)
                return -ENOMEM;
        r = set_temp_area(out, &path, fd, NULL);
        if (r < 0) {
                (void) unlinkat(dfd, name, AT_REMOVEDIR);
                return r;
        }
        out->temp_lock_fd = sbx_steal_fd(&fd);
        out->temp_parent_fd = sbx_steal_fd(&dfd);
        return 0;
}

/* Removes every area in the user's directory that no live sbx holds: a run- area unlocked, a
 * hidden one unlocked and older than SWEEP_HIDDEN_AGE_S. Each is locked while it is removed,
 * so two sweeps never work on the same one. */
static void sweep_temp_areas(int parent_fd) {
        DIR *d;
        struct dirent *de;
        struct stat dir_st;

        /* the usual case, no other area at all, costs one call: a directory's link count is 2
         * plus its subdirectories (1 where the file system does not count them) */
        if (fstat(parent_fd, &dir_st) == 0 && dir_st.st_nlink == 2)
                return;
        d = sbx_opendir_dup(parent_fd);
        if (!d)
                return;
        while ((de = readdir(d))) {
                bool hidden = strncmp(de->d_name, ".new-", 5) == 0;
                _cleanup_close_ int fd = -1;
                struct stat st;

                if (!hidden && strncmp(de->d_name, "run-", 4) != 0)
                        continue;
                fd = open_dir_to_clear(parent_fd, de->d_name);
                if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) < 0 || fstat(fd, &st) < 0 || st.st_uid != sbx_euid())
                        continue;
                if (hidden && st.st_ctime > time(NULL) - SWEEP_HIDDEN_AGE_S)
                        continue;
                (void) clear_tree_at(fd, NULL);
                (void) unlinkat(parent_fd, de->d_name, AT_REMOVEDIR);
        }
        closedir(d);
}
#else
static int make_swept_area(const char *base, struct sbx_confined_argv *out) {
        (void) base, (void) out;
        return -EOPNOTSUPP;
}

static void sweep_temp_areas(int parent_fd) {
        (void) parent_fd;
}
#endif

int sbx_make_swept_dir(const char *base, struct sbx_confined_argv *out) {
        return make_swept_area(base, out);
}

/* BASE (a real path), where the temp area is made, must be the caller's or root's, and nobody
 * else may write it unless it is sticky, nor any directory above it (sbx_check_trusted_ancestors()):
 * else another user renames the area (or BASE/sbx-UID) away between its mkdir and the launcher's
 * open, and puts a directory of theirs in its place, which the command is granted and uses as its
 * private $TMPDIR (review 55: root's TMPDIR in a directory of mode 0777 that nobody could write,
 * nobody's BASE/sbx-0 made first to force the area into BASE itself, and a loop of renames: 7 of 30
 * runs had nobody's directory as their temp area and wrote their files into it). Refused: nothing
 * runs. The probe's fallback to $TMPDIR is held to it too (probe.c's probe_dir()). */
int sbx_check_temp_base(const char *base, struct sbx_diag *diag) {
        struct stat st;

        if (stat(base, &st) < 0)
                return sbx_diag_set(diag, errno, "create temp area", base, "cannot examine the temp directory %s: %s",
                                    base, strerror(errno));
        if (st.st_uid != sbx_euid() && st.st_uid != 0)
                return sbx_diag_set(diag, EPERM, "create temp area", base,
                                    "the temp directory %s belongs to uid %u, neither you nor root: that user could put "
                                    "a directory of theirs in place of the run's temp area (set TMPDIR to a directory "
                                    "of yours)", base, (unsigned) st.st_uid);
        if (sbx_writable_by_others(&st))
                return sbx_diag_set(diag, EPERM, "create temp area", base,
                                    "the temp directory %s is writable by group or others (not sticky): another user "
                                    "could put a directory of theirs in place of the run's temp area (set TMPDIR to a "
                                    "directory of yours, or a sticky one as /tmp)", base);
        return sbx_check_trusted_ancestors(diag, "create temp area", "the temp directory", base, base);
}

static int make_temp_area(struct sbx_confined_argv *out, struct sbx_diag *diag) {
        const char *env = getenv("TMPDIR");
        _cleanup_free_ char *base = NULL, *tmpl = NULL;
        _cleanup_close_ int fd = -1;
        int r;

        base = sbx_realpath(env && env[0] == '/' ? env : "/tmp");
        if (!base)
                return sbx_diag_set(diag, errno, "create temp area", env ? env : "/tmp",
                                    "cannot resolve the temp directory %s: %s", env ? env : "/tmp", strerror(errno));
        if ((r = sbx_check_temp_base(base, diag)) < 0)
                return r;
        if (make_swept_area(base, out) >= 0)
                return 0;
        if (asprintf(&tmpl, "%s/sbx-run-XXXXXX", base) < 0)
                return -ENOMEM;
        if (!mkdtemp(tmpl))
                return sbx_diag_set(diag, errno, "create temp area", tmpl, "cannot create the temp area %s: %s",
                                    tmpl, strerror(errno));
        fd = open(tmpl, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) {
                int e = errno;
                (void) rmdir(tmpl);
                return sbx_diag_set(diag, e, "create temp area", tmpl,
                                    "the temp area %s is not the private directory sbx made", tmpl);
        }
        r = set_temp_area(out, &tmpl, fd, diag);
        if (r < 0)
                (void) rmdir(tmpl);
        return r;
}

void sbx_confined_remove_temp_area(struct sbx_confined_argv *c) {
        struct stat st;

        if (!c || !c->temp_dir)
                return;
        /* only the directory made for this run: not whatever was swapped in since */
        if (lstat(c->temp_dir, &st) == 0 && S_ISDIR(st.st_mode) && (uint64_t) st.st_dev == c->temp_dev &&
            (uint64_t) st.st_ino == c->temp_ino)
                (void) sbx_remove_tree(c->temp_dir);
        free(c->temp_dir);
        c->temp_dir = NULL;
        if (c->temp_lock_fd > 2)
                close(c->temp_lock_fd);
        if (c->temp_parent_fd > 2) {
                sweep_temp_areas(c->temp_parent_fd);
                close(c->temp_parent_fd);
        }
        c->temp_lock_fd = c->temp_parent_fd = 0;
}

void sbx_confined_argv_free(struct sbx_confined_argv *c) {
        if (!c)
                return;
        sbx_strv_free(c->argv);
        free(c->enforcement_reason);
        sbx_confined_remove_temp_area(c);
        sbx_strv_free(c->setenv);
        free(c);
}
SBX_DEFINE_CLEANUP(struct sbx_confined_argv *, sbx_confined_argv_free)

/* ---- the provider object ------------------------------------------------------------------- */

struct sbx_provider {
        const struct sbx_provider_ops *ops;
        void *userdata;
};

int sbx_provider_new(const struct sbx_provider_ops *ops, void *userdata, struct sbx_provider **ret) {
        struct sbx_provider *p;

        if (!ops || !ops->confine)
                return -EINVAL;
        p = calloc(1, sizeof(*p));
        if (!p)
                return -ENOMEM;
        p->ops = ops;
        p->userdata = userdata;
        *ret = p;
        return 0;
}

void sbx_provider_free(struct sbx_provider *p) {
        if (!p)
                return;
        if (p->ops->free)
                p->ops->free(p->userdata);
        free(p);
}

int sbx_provider_confine(struct sbx_provider *p, char *const argv[], const struct sbx_policy *policy,
                         const struct sbx_confine_options *opts, struct sbx_confined_argv **ret,
                         struct sbx_unavailable *ret_why, struct sbx_diag *diag) {
        struct sbx_unavailable why = { 0 };
        int r;

        if (!p || !policy || !ret)
                return -EINVAL;
        if (!sbx_mode_is_confined(policy->mode))
                return sbx_diag_set(diag, EINVAL, "confine", "",
                                    "mode %s is not a confined mode; it never reaches a provider",
                                    sbx_mode_to_string(policy->mode) ?: "(invalid)");
        if (!argv || !argv[0])
                return sbx_diag_set(diag, EINVAL, "confine", "", "empty argv");
        r = p->ops->confine(p->userdata, argv, policy, opts, ret, &why, diag);
        if (r == -EOPNOTSUPP && ret_why)
                *ret_why = why;
        return r;
}

/* ---- the local provider -------------------------------------------------------------------- */

struct local_provider {
        const struct sbx_config *cfg;
        char *backend; /* sole candidate, or NULL for the chain */
};

static void local_free(void *userdata) {
        struct local_provider *l = userdata;
        if (!l)
                return;
        free(l->backend);
        free(l);
}

static void candidate_init(struct sbx_candidate *c, const char *name) {
        memset(c, 0, sizeof(*c));
        sbx_strlcpy(c->backend, name, sizeof(c->backend));
}

/* Static state of one backend for this mode, spawning nothing. Returns true when usable. */
static bool candidate_check(const struct sbx_config *cfg, const struct sbx_backend *b, enum sbx_mode mode,
                            const struct sbx_confine_options *opts, struct sbx_candidate *c) {
        candidate_init(c, b->name);
        c->applicable = b->applicable && b->applicable();
        if (!c->applicable) {
                snprintf(c->reason, sizeof(c->reason), "not applicable on this platform");
                return false;
        }
        if (!b->check || !b->confine) {
                snprintf(c->reason, sizeof(c->reason), "not built into this sbx");
                return false;
        }
#ifdef __linux__
        /* without /proc sbx can neither tell where it runs from (its launcher is found next to it)
         * nor check a runner or the mounts: every backend then failed as "not found" (nested
         * review) */
        if (access("/proc/self/exe", F_OK) < 0) {
                snprintf(c->reason, sizeof(c->reason), "/proc is not mounted (/proc/self/exe: %s): sbx needs it",
                         strerror(errno));
                return false;
        }
#endif
        if (b->check(cfg, mode, c) < 0) {
                if (!c->reason[0])
                        snprintf(c->reason, sizeof(c->reason), "unusable");
                return false;
        }
        if (opts && opts->require_full && c->enforcement == SBX_ENFORCEMENT_PARTIAL) {
                sbx_strlcpy(c->partial_reason, c->reason[0] ? c->reason : "partial", sizeof(c->partial_reason));
                snprintf(c->reason, sizeof(c->reason), "enforcement would be partial (%s) and full was required",
                         c->reason[0] ? c->partial_reason : "no reason given");
                return false;
        }
        c->usable = true;
        return true;
}

int sbx_backend_check(const struct sbx_config *cfg, const char *backend, enum sbx_mode mode,
                      struct sbx_candidate *ret) {
        const struct sbx_backend *b = sbx_backend_get(backend);

        if (!b || !cfg || !ret)
                return -EINVAL;
        return candidate_check(cfg, b, mode, NULL, ret) ? 0 : -EOPNOTSUPP;
}

/* realpath() in three system calls instead of a readlink() per component: the kernel's name of
 * an O_PATH descriptor of it. realpath() itself when /proc cannot tell (not mounted, a name too
 * long, a file deleted meanwhile). NULL with errno when the path does not resolve. */
static char *real_path(const char *path) {
        char link[64], buf[PATH_MAX];
        int fd = open(path, O_PATH | O_CLOEXEC);
        ssize_t n;

        if (fd < 0)
                return NULL;
        snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
        n = readlink(link, buf, sizeof(buf) - 1);
        close(fd);
        if (n <= 0 || (size_t) n >= sizeof(buf) - 1 || buf[0] != '/')
                return realpath(path, NULL);
        buf[n] = '\0';
        if (n > 10 && strcmp(buf + n - 10, " (deleted)") == 0)
                return realpath(path, NULL);
        return strdup(buf);
}

/* real_path("/proc/self/exe") in one system call: the magic link's target is the kernel's name of
 * the executable, the very name real_path() reads back from the descriptor it opens through it.
 * real_path() itself where the kernel cannot name it here (a name too long, a file deleted). */
static char *self_path(void) {
        char buf[PATH_MAX];
        ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

        if (n <= 0 || (size_t) n >= sizeof(buf) - 1 || buf[0] != '/')
                return real_path("/proc/self/exe");
        buf[n] = '\0';
        if (n > 10 && strcmp(buf + n - 10, " (deleted)") == 0)
                return real_path("/proc/self/exe");
        return strdup(buf);
}

/* The canonical path of path, in *ret (NULL when it is missing and out of the command's reach). A
 * missing directory (dir_mode not 0) that a writable root would contain is created first, with
 * dir_mode: the command could otherwise create it, with a planted config in it (sbx_dir: one of
 * sbx's config and cache directories, never beneath a home directory that does not exist: refused
 * instead, as sbx makes no home directory). A path that sbx
 * reaches through a symlink inside a writable root is refused: the canonical path can be kept
 * read-only, but the command could replace the symlink (a dotfiles ~/.config -> dot/config) and
 * give the next run a directory of its own (security review). */
static int resolve_protected(const char *path, const char *const *writable, mode_t dir_mode, bool sbx_dir,
                             char **ret, struct sbx_diag *diag) {
        _cleanup_free_ char *norm = NULL;
        int r;

        /* the common case: no symlink on the way, so none inside a writable root either */
        r = sbx_path_real_without_symlinks(path, &norm);
        if (r == 1) {
                *ret = sbx_steal_ptr(&norm);
                return 0;
        }
        if (r == -ENOENT)
                goto missing;
        if (r < 0)
                return r;
        for (const char *const *w = writable; *w; w++) {
                _cleanup_free_ char *link = NULL;
                r = sbx_path_symlink_beneath(path, *w, &link);
                if (r > 0) {
                        /* (a symlink, or a directory a ".." is taken from: DIR/..) */
                        size_t n = strlen(link);
                        bool up = n >= 3 && strcmp(link + n - 3, "/..") == 0;
                        return sbx_diag_set(diag, ELOOP, "confine", path,
                                            "%s, which sbx depends on, is reached through %s%s inside the "
                                            "writable workspace %s, which a command could replace: choose a workspace "
                                            "without it, or name that path without %s",
                                            path, up ? "" : "the symlink ", link, *w, up ? "the .." : "the symlink");
                }
                if (r < 0)
                        return sbx_diag_set(diag, -r, "confine", path, "cannot resolve %s: %s", path, strerror(-r));
        }
        *ret = real_path(path);
        if (*ret || errno != ENOENT || path[0] != '/')
                return 0;
        if (sbx_path_normalize(path, &norm) < 0)
                return -ENOMEM;
missing:
        /* a FUSE workspace that may take other letters for the same name (fusefat): a missing
         * path that it holds under another spelling (the workspace WS, the config in ws/) would
         * be neither made nor kept read-only, and the command could make it (a planted config) */
        for (const char *const *w = writable; *w; w++)
                if (!sbx_path_beneath(norm, *w) && sbx_path_beneath_on_fuse(norm, *w))
                        return sbx_diag_set(diag, EPERM, "confine", norm,
                                            "%s, which sbx depends on, may lie in the writable workspace %s, a "
                                            "FUSE file system that may take other letters for the same name: name "
                                            "them alike, or choose a workspace without it",
                                            norm, *w);
        if (dir_mode != 0) {
                const char *const *w = writable;
                char buf[PATH_MAX];
                const char *home;

                while (*w && !sbx_path_beneath(norm, *w))
                        w++;
                /* sbx makes no home directory for its config and cache directories: one that
                 * does not exist in the writable workspace was made, with those in it, and
                 * Landlock then refused the run. Not made, the command could make it and plant
                 * a config that the next run reads: refused (review). A path the caller named
                 * (--db) is made as it is elsewhere. */
                if (*w && sbx_dir && (home = sbx_missing_home_above(norm, buf, sizeof(buf))))
                        return sbx_diag_set(diag, ENOENT, "confine", norm,
                                            "%s, which sbx depends on, lies beneath the home directory %s, "
                                            "which does not exist, inside the writable workspace %s: sbx does not "
                                            "make a home directory, and a command could make it and plant one of its "
                                            "own there: make it, or choose a workspace without it",
                                            norm, home, *w);
                /* nor one beneath another user's directory: root's sbx with $HOME that user's
                 * (`sudo -E`) run in it made ~/.config/sbx, ~/.cache/sbx and ~/.local/state/sbx
                 * there, root's, and then refused the database (review); left missing, the
                 * database is refused before anything is made, and a config or cache there is one
                 * sbx would not trust */
                if (*w && sbx_may_make_dir(norm) && sbx_mkdir_walk(norm, dir_mode, sbx_dir) >= 0)
                        *ret = real_path(path);
        }
        return 0;
}

/* Adds the canonical path of path (resolve_protected()); sbx_dir: one of sbx's own config and
 * cache directories, made beneath an existing home directory only. */
static int strv_add(char ***v, size_t *n, const char *path, const char *const *writable, mode_t dir_mode,
                    bool sbx_dir, struct sbx_diag *diag) {
        char *real = NULL, **nv;
        int r;

        if (!path || !*path)
                return 0;
        if ((r = resolve_protected(path, writable, dir_mode, sbx_dir, &real, diag)) < 0)
                return r;
        if (!real)
                return 0; /* missing, and out of the command's reach: nothing to protect */
        nv = realloc(*v, (*n + 2) * sizeof(char *));
        if (!nv) {
                free(real);
                return -ENOMEM;
        }
        *v = nv;
        nv[(*n)++] = real;
        nv[*n] = NULL;
        return 0;
}

static int strv_add_real(char ***v, size_t *n, const char *path, const char *const *writable, mode_t dir_mode,
                         struct sbx_diag *diag) {
        return strv_add(v, n, path, writable, dir_mode, false, diag);
}

static int add_dialect_file(char ***v, size_t *n, const char *dir, const char *backend,
                            const char *const *writable, struct sbx_diag *diag) {
        _cleanup_free_ char *file = NULL;

        if (asprintf(&file, "%s/%s.dialect", dir, backend) < 0)
                return -ENOMEM;
        return strv_add_real(v, n, file, writable, 0, diag);
}

/* The dialects directory of config dir d and the override of each backend in it, "none" (the
 * unconfined runs') included; nothing more when the directory does not exist (the config dir is
 * kept read-only: nobody makes it during a run). */
static int add_dialects(char ***v, size_t *n, const char *d, const char *const *writable, struct sbx_diag *diag) {
        _cleanup_free_ char *dir = NULL;
        size_t before = *n;
        int r;

        if (asprintf(&dir, "%s/dialects", d) < 0)
                return -ENOMEM;
        if ((r = strv_add_real(v, n, dir, writable, 0, diag)) < 0 || *n == before)
                return r;
        for (const char *const *b = sbx_backend_names(); r >= 0 && *b; b++)
                r = add_dialect_file(v, n, dir, *b, writable, diag);
        return r < 0 ? r : add_dialect_file(v, n, dir, "none", writable, diag);
}

/* Where a path that does not exist (yet) would be made: the real path of its nearest existing
 * ancestor, then the rest. NULL when out of memory or nothing of it resolves. */
static char *landing_path(const char *path) {
        _cleanup_free_ char *head = strdup(path);
        char *slash;

        if (!head)
                return NULL;
        while ((slash = strrchr(head, '/'))) {
                _cleanup_free_ char *real = NULL, *full = NULL;
                char *norm = NULL;

                *slash = '\0';
                real = real_path(head[0] ? head : "/");
                if (!real)
                        continue;
                if (asprintf(&full, "%s/%s", strcmp(real, "/") == 0 ? "" : real, path + (slash - head) + 1) < 0 ||
                    sbx_path_normalize(full, &norm) < 0)
                        return NULL;
                return norm;
        }
        return NULL;
}

/* A runner is looked for in order (a bare name in each of SBX_RUNNER_DIRS, a path where it names)
 * and the first executable one runs, outside any sandbox. The one found is protected like the rest
 * of sbx's state; a place looked at before it, where nothing executable is yet, cannot be: a
 * command that can write there plants a runner (/usr/local/bin/bwrap in a workspace of
 * /usr/local), and the next sbx executes it unconfined, at its probe or as the runner (security
 * review). Such a workspace is refused. */
static int check_runner_place(const char *key, const char *name, const char *candidate,
                              const char *const *writable, struct sbx_diag *diag) {
        _cleanup_free_ char *place = NULL;

        if (access(candidate, X_OK) == 0)
                return 1; /* the runner sbx uses: protected with the rest */
        place = strdup(candidate);
        if (!place)
                return -ENOMEM;
        /* a symlink there that leads nowhere yet (a runner linked into a build tree that was
         * cleaned) is followed: the runner is made where it leads, and so is each link on the way
         * (security review) */
        for (int hops = 0; hops < 40; hops++) {
                _cleanup_free_ char *landing = NULL;
                char target[PATH_MAX], *next = NULL;
                ssize_t n;
                /* the common case in one system call: no symlink on the way, so the place lands
                 * where it is named, and leads nowhere else (sbx_path_real_without_symlinks()) */
                int direct = sbx_path_real_without_symlinks(place, &landing);

                if (direct == -ENOMEM)
                        return -ENOMEM;
                if (direct == 0)
                        landing = landing_path(place);

                for (const char *const *w = writable; landing && *w; w++)
                        if (sbx_path_beneath(landing, *w))
                                return sbx_diag_set(diag, EPERM, "confine", candidate,
                                                    "sbx looks for the runner '%s' (configuration key %s) at %s%s%s, "
                                                    "inside the writable workspace %s: a command could plant one "
                                                    "there that the next sbx would execute unconfined; choose "
                                                    "another workspace, or name an installed runner by its "
                                                    "absolute path in the configuration",
                                                    name, key, candidate, hops > 0 ? ", a symlink to " : "",
                                                    hops > 0 ? landing : "", *w);
                if (direct != 0)
                        break;
                n = readlink(place, target, sizeof(target) - 1);
                if (n <= 0)
                        break;
                target[n] = '\0';
                if (target[0] == '/')
                        next = strdup(target);
                else if (asprintf(&next, "%.*s/%s", (int) (strrchr(place, '/') - place), place, target) < 0)
                        next = NULL;
                if (!next)
                        return -ENOMEM;
                free(place);
                place = next;
        }
        return 0;
}

static int check_runner_lookup(const char *key, const char *name, const char *const *writable,
                               struct sbx_diag *diag) {
        _cleanup_free_ char *dirs = NULL;
        char *save = NULL;

        if (!name || !*name)
                return 0;
        if (strchr(name, '/'))
                return check_runner_place(key, name, name, writable, diag) < 0 ? -EPERM : 0;
        dirs = strdup(SBX_RUNNER_DIRS);
        if (!dirs)
                return -ENOMEM;
        for (char *dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
                _cleanup_free_ char *candidate = NULL;
                int r;

                if (asprintf(&candidate, "%s/%s", dir, name) < 0)
                        return -ENOMEM;
                if ((r = check_runner_place(key, name, candidate, writable, diag)) != 0)
                        return r < 0 ? r : 0;
        }
        return 0;
}

/* What sbx itself depends on and a confined command must never rewrite, even where the workspace
 * contains it (a workspace of $HOME, or of sbx's own source tree): the config dirs (a planted
 * config could switch confinement off for the next run), the probe cache (it selects the
 * backend), the runners and sbx, and the caller's extra paths (the audit database). */
static int protected_paths(const struct sbx_config *cfg, const struct sbx_policy *policy,
                           const struct sbx_confine_options *opts, char ***ret, char **ret_bwrap,
                           char **ret_launcher, struct sbx_diag *diag) {
        _cleanup_strv_free_ char **v = NULL;
        _cleanup_free_ char *bwrap = NULL, *launcher = NULL;
        const char *writable[] = { policy->mode == SBX_MODE_WORKSPACE_WRITE ? policy->workspace_root : NULL, NULL };
        size_t n = 0;
        int r = 0;

        /* a config dir is for everyone to read: the system's (made by root when the workspace
         * holds it) must not lock every other user's sbx out of its config (EACCES) */
        for (char **d = cfg->config_dirs; r >= 0 && d && *d; d++)
                r = strv_add(&v, &n, *d, writable, 0755, true, diag);
        /* what sbx reads there may be a symlink out of it (GNU stow, a dotfiles repository): the
         * config file and the dialect overrides it leads to stay out of reach too, or a command
         * in that repository rewrote the next run's mode (security review) */
        for (char **f = cfg->files_read; r >= 0 && f && *f; f++)
                r = strv_add_real(&v, &n, *f, writable, 0, diag);
        for (char **d = cfg->config_dirs; r >= 0 && d && *d; d++)
                r = add_dialects(&v, &n, *d, writable, diag);
        if (r >= 0)
                r = strv_add(&v, &n, cfg->cache_dir, writable, 0700, true, diag);
        if (r >= 0)
                r = check_runner_lookup("bwrap", cfg->bwrap_path, writable, diag);
        if (r >= 0)
                r = check_runner_lookup("landlock_launcher", cfg->landlock_path, writable, diag);
        if (r >= 0 && sbx_find_executable(cfg->bwrap_path, &bwrap) >= 0)
                r = strv_add_real(&v, &n, bwrap, writable, 0, diag);
        if (r >= 0 && sbx_find_executable(cfg->landlock_path, &launcher) >= 0)
                r = strv_add_real(&v, &n, launcher, writable, 0, diag);
        if (r >= 0) {
                /* sbx itself: by the real path of its executable (the magic link is the kernel's) */
                _cleanup_free_ char *self = self_path();
                r = strv_add_real(&v, &n, self, writable, 0, diag);
        }
        for (char *const *p = opts ? opts->protect : NULL; r >= 0 && p && *p; p++)
                r = strv_add_real(&v, &n, *p, writable, 0700, diag);
        if (r < 0)
                return r;
        *ret = sbx_steal_ptr(&v);
        /* the runners found, for the backend: the very ones protected, not looked up again */
        *ret_bwrap = sbx_steal_ptr(&bwrap);
        *ret_launcher = sbx_steal_ptr(&launcher);
        return 0;
}

/* Whether fd is a regular file open for writing (its stat in *st). */
static bool writable_file(int fd, struct stat *st) {
        int fl;

        return fd >= 0 && fstat(fd, st) == 0 && S_ISREG(st->st_mode) && (fl = fcntl(fd, F_GETFL)) >= 0 &&
               (fl & O_ACCMODE) != O_RDONLY;
}

/* An inherited descriptor (stdin, stdout where sbx neither feeds nor replaces them, a --keep-fd)
 * open for writing on a regular file sbx depends on (protected_paths(): its config and the
 * dialects it reads, the probe cache, the runners, sbx itself; the audit database is cmd-run.c's) is
 * refused, in either mode: the command writes through it whatever the backend (the caller's
 * grant), and `--keep-fd 5 5>>~/.config/sbx/config` let a read-only run, recorded full, write
 * `default_mode = danger-full-access` for every later run (audit review 53). The same file as a
 * protected one by its inode (any link to it), or one beneath the probe cache's directory by the
 * descriptor's name. protected_paths() is asked only where such a descriptor is inherited at all (a
 * run without one asks nothing more). */
static int fds_onto_protected(const struct sbx_config *cfg, const struct sbx_policy *policy,
                              const struct sbx_confine_options *opts, struct sbx_diag *diag) {
        _cleanup_strv_free_ char **protect = NULL;
        _cleanup_free_ char *bwrap = NULL, *launcher = NULL, *cache = NULL;
        /* not the caller's extra paths: the audit database's directory may hold the caller's own
         * files (--db DIR/x.db), and the database's files are cmd-run.c's to refuse */
        struct sbx_confine_options own = opts ? *opts : (struct sbx_confine_options) { 0 };
        size_t n = opts ? opts->n_inherited_fds : 0, i;
        struct stat st;
        int r;

        for (i = 0; i < n && !writable_file(opts->inherited_fds[i], &st); i++)
                ;
        if (i == n)
                return 0;
        own.protect = NULL;
        if ((r = protected_paths(cfg, policy, &own, &protect, &bwrap, &launcher, diag)) < 0)
                return r;
        cache = cfg->cache_dir ? real_path(cfg->cache_dir) : NULL;
        for (; i < n; i++) {
                int fd = opts->inherited_fds[i];
                char proc[64], name[PATH_MAX];
                ssize_t k;

                if (!writable_file(fd, &st))
                        continue;
                snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
                k = readlink(proc, name, sizeof(name) - 1);
                name[k > 0 ? (size_t) k : 0] = '\0';
                for (char *const *p = protect; p && *p; p++) {
                        struct stat ps;

                        /* a file by its inode (any name of it); a directory only where it is the
                         * probe cache's, all sbx's own (a config dir may be the directory of a
                         * SBX_CONFIG file that holds the caller's files too) */
                        if (stat(*p, &ps) < 0)
                                continue;
                        if ((S_ISREG(ps.st_mode) && ps.st_dev == st.st_dev && ps.st_ino == st.st_ino) ||
                            (S_ISDIR(ps.st_mode) && cache && strcmp(*p, cache) == 0 && name[0] == '/' &&
                             sbx_path_beneath(name, *p)))
                                return sbx_diag_set(diag, EPERM, "confine", *p,
                                                    "descriptor %d is open for writing on %s, which sbx depends on "
                                                    "(%s): the command could rewrite it through it, whatever the mode; "
                                                    "pass it read-only, or not at all",
                                                    fd, name[0] ? name : *p, *p);
                }
        }
        return 0;
}

/* Why a descriptor the command inherits as it is (stdin, stdout, a --keep-fd) makes the run
 * partial, or NULL: what the command may do to it outlives the run, the caller's for good, and no
 * backend governs it.
 * - A memfd open for writing that still takes seals (stdout captured into one): F_ADD_SEALS is
 *   never undone, and a filter cannot tell the command's own memfds, which programs seal as they
 *   share them: a read-only run sealed the caller's memfd against writing, every later write of
 *   the caller's failing (EPERM; escape58).
 * - A terminal that is no session's and no pseudo-terminal (a serial line or a virtual console a
 *   harness opened with O_NOCTTY): a command that starts a session of its own makes it its
 *   controlling terminal (TIOCSCTTY, which script(1) and tmux need on their own terminals), and
 *   the kernel hangs up such a terminal when that session's leader exits: the caller's
 *   descriptors of it read EIO for good (escape58, a read-only run on a caller's /dev/ttyS0).
 * - An inotify or fanotify instance: its watches and marks are the instance's, and the command
 *   removed the caller's watch and put one on a host directory of its choice, whose events the
 *   caller then read (inotify_rm_watch, inotify_add_watch; a read-only run, escape59). Not put back
 *   afterwards: a watch is added again only by a path, under a new number the caller does not know.
 * - An io_uring instance: its rings are shared memory, mapped by any holder (mmap(2), which no
 *   filter refuses), and the command planted an operation there that the caller's next submission
 *   ran as the caller, unconfined: a read-only run punched a hole in a host file the caller held
 *   open and the command never did (IORING_OP_FALLOCATE; escape60). Not put back: an entry the
 *   caller's submission takes runs at once.
 * - A userfaultfd: it reaches the memory of the process that made it, and the command registered a
 *   page of the caller's that the caller had not touched yet and filled it with its own bytes
 *   (UFFDIO_REGISTER, UFFDIO_COPY, in a read-only run: the caller, unconfined, then read them as
 *   its own; escape60), or could hold the caller's writes for ever (write protection). Nothing to
 *   put back: the bytes are the caller's once there.
 * - A Landlock ruleset: rules are only ever added to one, and the command added one that let a
 *   process the caller then restricted by it write beneath / (landlock_add_rule, in a read-only
 *   run; escape60).
 * - Any other anonymous inode but those of anon_inodes_kept[]: each kind is an object of the
 *   kernel's of its own (a perf event, a BPF map, a KVM machine, a file system context), and the
 *   five above each left the caller a lasting change that no backend governs; a kind sbx does not
 *   know is not taken for one that leaves none (escape60: the io_uring instance, the userfaultfd and
 *   the Landlock ruleset were each run full until found).
 * Each descriptor named once; buf (size bytes) holds a reason made for the descriptor. */
static const char *inherited_lasting(int fd, char *buf, size_t size) {
        /* the anonymous inodes a command may inherit as they are: an eventfd (a count, which passing
         * one is for), a pidfd (its process's signals and ptrace's calls, which both backends keep
         * within the sandbox), and those whose state sbx puts back after the run (run-exec.c: a
         * signalfd's mask, a timerfd's timer, an epoll instance's list) */
        static const char *const anon_inodes_kept[] = { "[eventfd]", "[pidfd]", "[signalfd]", "[timerfd]",
                                                        "[eventpoll]" };
        static const char anon[] = "anon_inode:";
        struct stat st;
        int seals = fcntl(fd, F_GET_SEALS), fl = fcntl(fd, F_GETFL);
        char proc[64], target[64];
        ssize_t n;

        if (seals >= 0 && !(seals & F_SEAL_SEAL) && fl >= 0 && (fl & O_ACCMODE) != O_RDONLY)
                return "a memfd open for writing, may be sealed (F_ADD_SEALS: the caller's for good)";
        snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
        n = readlink(proc, target, sizeof(target) - 1);
        target[n > 0 ? n : 0] = '\0';
        if (strcmp(target, "anon_inode:inotify") == 0 || strcmp(target, "anon_inode:[fanotify]") == 0)
                return "an inotify or fanotify instance, whose watches and marks may be removed or put on "
                       "host files (the caller's for good)";
        if (strcmp(target, "anon_inode:[io_uring]") == 0)
                return "an io_uring instance, whose rings may be given operations that the caller's next "
                       "submission runs as the caller, unconfined";
        if (strcmp(target, "anon_inode:[landlock-ruleset]") == 0)
                return "a Landlock ruleset, which may be given rules that widen what a process the caller "
                       "restricts by it may do";
        if (strcmp(target, "anon_inode:[userfaultfd]") == 0)
                return "a userfaultfd, through which the caller's own memory may be written (UFFDIO_COPY) "
                       "or its writes held";
        if (strncmp(target, anon, sizeof(anon) - 1) == 0) {
                bool kept = false;

                for (size_t i = 0; i < SBX_ELEMENTSOF(anon_inodes_kept) && !kept; i++)
                        kept = strcmp(target + sizeof(anon) - 1, anon_inodes_kept[i]) == 0;
                if (!kept) {
                        snprintf(buf, size, "an anonymous inode %s, an object of the kernel's whose lasting "
                                 "changes sbx does not know", target + sizeof(anon) - 1);
                        return buf;
                }
        }
        if (isatty(fd) && tcgetsid(fd) < 0 && fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) &&
            !(major(st.st_rdev) >= 136 && major(st.st_rdev) <= 143) && major(st.st_rdev) != 3)
                return "a terminal that is no session's, may be made the command's controlling terminal, "
                       "which the kernel hangs up for good when the command's session ends";
        return NULL;
}

int sbx_inherited_lasting_reason(const int *fds, size_t n, char **ret_reason) {
        _cleanup_free_ char *reason = NULL;

        for (size_t i = 0; i < n; i++) {
                char made[128];
                const char *what = inherited_lasting(fds[i], made, sizeof(made));
                bool named = false;
                char *next;

                for (size_t j = 0; j < i; j++)
                        named = named || fds[j] == fds[i];
                if (!what || named)
                        continue;
                if (asprintf(&next, "%s%sdescriptor %d, %s", reason ? reason : "", reason ? "; " : "", fds[i], what) < 0)
                        return -ENOMEM;
                free(reason);
                reason = next;
        }
        *ret_reason = sbx_steal_ptr(&reason);
        return 0;
}

static int local_confine(void *userdata, char *const argv[], const struct sbx_policy *policy,
                         const struct sbx_confine_options *opts, struct sbx_confined_argv **ret,
                         struct sbx_unavailable *ret_why, struct sbx_diag *diag) {
        struct local_provider *l = userdata;
        _sbx_cleanup_(sbx_confined_argv_freep) struct sbx_confined_argv *out = NULL;
        const struct sbx_backend *chosen = NULL;
        struct sbx_candidate chosen_state = { 0 };
        struct sbx_confine_request req;
        _cleanup_strv_free_ char **protect = NULL;
        _cleanup_free_ char *mountinfo = NULL, *runner = NULL, *launcher = NULL;
        int r;

        if (l->backend) {
                const struct sbx_backend *b = sbx_backend_get(l->backend);
                if (!b)
                        return sbx_diag_set(diag, EINVAL, "confine", "", "unknown backend '%s'", l->backend);
                /* a sole candidate is selected directly; its own refusal at run time is the end */
                if (candidate_check(l->cfg, b, policy->mode, opts, &ret_why->candidates[ret_why->n]))
                        chosen = b;
                chosen_state = ret_why->candidates[ret_why->n++];
        } else {
                struct sbx_probe_report probe;
                r = sbx_probe(l->cfg, false, &probe, diag);
                if (r < 0)
                        return r;
                for (char **name = l->cfg->backend_order; *name && ret_why->n < SBX_CANDIDATES_MAX; name++) {
                        const struct sbx_backend *b = sbx_backend_get(*name);
                        struct sbx_candidate *c = &ret_why->candidates[ret_why->n++];
                        const struct sbx_candidate *probed = NULL;

                        for (size_t i = 0; i < probe.n; i++)
                                if (strcmp(probe.candidates[i].backend, *name) == 0)
                                        probed = &probe.candidates[i];
                        if (!b)
                                continue;
                        if (probed && !probed->usable) {
                                *c = *probed;
                                continue;
                        }
                        if (candidate_check(l->cfg, b, policy->mode, opts, c)) {
                                chosen = b;
                                chosen_state = *c;
                                break;
                        }
                }
        }
        if (!chosen)
                return -EOPNOTSUPP;
        /* both backends grant the workspace with what is mounted inside it: a /proc, /sys or /dev
         * there (a chroot's, or those of a workspace of /) would hand the command the host's
         * sysctls and devices (security review) */
        if (policy->mode == SBX_MODE_WORKSPACE_WRITE &&
            ((r = sbx_path_read_mountinfo(policy->workspace_root, &mountinfo, diag)) < 0 ||
             (r = sbx_path_refuse_kernel_mounts(policy->workspace_root, mountinfo, diag)) < 0))
                return r;

        out = calloc(1, sizeof(*out));
        if (!out)
                return -ENOMEM;
        if (policy->mode == SBX_MODE_WORKSPACE_WRITE) {
                char *env = NULL;
                if (!chosen->private_tmpdir && (r = make_temp_area(out, diag)) < 0)
                        return r;
                if (asprintf(&env, "TMPDIR=%s", chosen->private_tmpdir ? chosen->private_tmpdir : out->temp_dir) < 0)
                        return -ENOMEM;
                out->setenv = calloc(2, sizeof(char *));
                if (!out->setenv) {
                        free(env);
                        return -ENOMEM;
                }
                out->setenv[0] = env;
        }
        /* read-only grants nothing to write: nothing of sbx's can be inside a writable directory */
        if (policy->mode == SBX_MODE_WORKSPACE_WRITE &&
            (r = protected_paths(l->cfg, policy, opts, &protect, &runner, &launcher, diag)) < 0)
                return r;
        if ((r = fds_onto_protected(l->cfg, policy, opts, diag)) < 0)
                return r;
        /* each is kept read-only by its canonical path: another name of it in the workspace (a bind
         * mount there) would hand it to the command (audit review: the record rewritten) */
        if (policy->mode == SBX_MODE_WORKSPACE_WRITE &&
            (r = sbx_path_refuse_protected_aliases(policy->workspace_root, mountinfo, protect, diag)) < 0)
                return r;
        req = (struct sbx_confine_request) {
                .cfg = l->cfg,
                .policy = policy,
                .argv = argv,
                .opts = opts,
                .temp_dir = out->temp_dir,
                .protect = protect,
                .runner = runner,
                .launcher = launcher,
                .mountinfo = mountinfo,
        };
        out->enforcement = chosen_state.enforcement;
        if ((r = chosen->confine(&req, out, diag)) < 0)
                return r;
        out->backend = chosen->name;
        out->private_tmpdir = chosen->private_tmpdir;
        {
                _cleanup_free_ char *lasting = NULL;

                r = sbx_inherited_lasting_reason(opts ? opts->inherited_fds : NULL, opts ? opts->n_inherited_fds : 0,
                                                  &lasting);
                if (r < 0)
                        return r;
                if (lasting) {
                        char *joined;

                        if (out->enforcement == SBX_ENFORCEMENT_PARTIAL && !out->enforcement_reason)
                                out->enforcement_reason = strdup(chosen_state.reason[0] ? chosen_state.reason : "partial");
                        if (asprintf(&joined, "%s%s%s", out->enforcement_reason ? out->enforcement_reason : "",
                                     out->enforcement_reason ? "; " : "", lasting) < 0)
                                return -ENOMEM;
                        free(out->enforcement_reason);
                        out->enforcement_reason = joined;
                        out->enforcement = SBX_ENFORCEMENT_PARTIAL;
                }
        }
        if (out->enforcement == SBX_ENFORCEMENT_PARTIAL && !out->enforcement_reason) {
                out->enforcement_reason = strdup(chosen_state.reason[0] ? chosen_state.reason : "partial");
                if (!out->enforcement_reason)
                        return -ENOMEM;
        }
        if (opts && opts->require_full && out->enforcement != SBX_ENFORCEMENT_FULL) {
                /* the backend found a gap its static check did not announce */
                struct sbx_candidate *c = &ret_why->candidates[ret_why->n - 1];
                snprintf(c->reason, sizeof(c->reason), "enforcement would be partial (%s) and full was required",
                         out->enforcement_reason ? out->enforcement_reason : "no reason given");
                sbx_strlcpy(c->partial_reason, out->enforcement_reason ? out->enforcement_reason : "partial",
                            sizeof(c->partial_reason));
                c->enforcement = out->enforcement;
                c->usable = false;
                return -EOPNOTSUPP;
        }
        (void) sbx_dialect_builtin(chosen->name, &out->dialect);
        *ret = sbx_steal_ptr(&out);
        return 0;
}

static const struct sbx_provider_ops local_ops = {
        .confine = local_confine,
        .free = local_free,
};

int sbx_provider_new_local(const struct sbx_config *cfg, const char *backend, struct sbx_provider **ret,
                           struct sbx_diag *diag) {
        struct local_provider *l;
        int r;

        if (!cfg)
                return -EINVAL;
        if (backend && !sbx_backend_get(backend))
                return sbx_diag_set(diag, EINVAL, "select backend", "", "unknown backend '%s' (known: bwrap, "
                                    "landlock, seatbelt, windows-acl)", backend);
        l = calloc(1, sizeof(*l));
        if (!l)
                return -ENOMEM;
        l->cfg = cfg;
        if (backend && !(l->backend = strdup(backend))) {
                free(l);
                return -ENOMEM;
        }
        r = sbx_provider_new(&local_ops, l, ret);
        if (r < 0)
                local_free(l);
        return r;
}
