/* Root canonicalization: filesystem semantics first (realpath), then lexical normalization. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <linux/magic.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "confine-internal.h"
#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-mountinfo.h"
#include "sbx-realpath.h"
#include "sbx-trust.h"

/* mkdir(2) with exactly mode: sbx runs under umask 0077 (its own files are private), and a
 * config directory made for the workspace must be readable by every user; the caller's umask
 * gave the system's 0700 under a root's umask 077, locking every other user's sbx out */
static int mkdir_exact(const char *path, mode_t mode) {
        mode_t old = umask(0);
        int r = mkdir(path, mode), e = errno;

        umask(old);
        errno = e;
        return r;
}

int sbx_mkdir_p(const char *path, mode_t mode) {
        _cleanup_free_ char *p = strdup(path);

        if (!p)
                return -ENOMEM;
        for (char *s = p + 1; *s; s++)
                if (*s == '/') {
                        *s = '\0';
                        if (mkdir_exact(p, mode) < 0 && errno != EEXIST)
                                return -errno;
                        *s = '/';
                }
        if (mkdir_exact(p, mode) < 0 && errno != EEXIST)
                return -errno;
        return 0;
}

const char *sbx_missing_home_above(const char *path, char *buf, size_t size) {
        _cleanup_free_ char *npath = NULL, *nhome = NULL;
        const char *home = sbx_home_dir(buf, size);

        if (!home || !*home)
                return NULL;
        /* both as normalized: $HOME as the caller wrote it ("/h/", "/a//h", "/a/./h", "/a/x/../h")
         * held the config directory's normalized name beneath no home, and the home was made
         * (review) */
        if (sbx_path_normalize(path, &npath) < 0 || sbx_path_normalize(home, &nhome) < 0)
                return sbx_path_beneath(path, home) && !sbx_home_exists(home) ? home : NULL;
        return sbx_path_beneath(npath, nhome) && !sbx_home_exists(home) ? home : NULL;
}

/* Whether sbx may make dir (mkdir -p): the nearest directory above it that exists, and every one
 * above that, are the caller's or root's, and nobody else may write them, as cache_dir_open()
 * wants of the directory that holds the cache. Root's sbx with $HOME another user's (`sudo -E`)
 * made ~/.cache/sbx there, root's, 0700, a cache it could not use, and that user's own sbx
 * could make its own there no more (review); so too the protected config, cache and database
 * directories that a writable workspace holds (provider.c). */
bool sbx_may_make_dir(const char *dir) {
        char buf[PATH_MAX], *p;
        struct stat st;

        if (strlen(dir) >= sizeof(buf) || dir[0] != '/')
                return false;
        memcpy(buf, dir, strlen(dir) + 1);
        while (stat(buf, &st) < 0) {
                if (errno != ENOENT || !(p = strrchr(buf, '/')))
                        return false;
                p[p == buf ? 1 : 0] = '\0';
        }
        return S_ISDIR(st.st_mode) && sbx_check_trusted(NULL, "", "", "", &st) >= 0 &&
               sbx_check_trusted_ancestors(NULL, "", "", "", buf) >= 0;
}

bool sbx_path_beneath(const char *path, const char *dir) {
        size_t n = strlen(dir);

        if (n == 1 && dir[0] == '/')
                return true;
        return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

bool sbx_path_kernel_interface(const char *path) {
        return sbx_path_beneath(path, "/proc") || sbx_path_beneath(path, "/sys") ||
               (sbx_path_beneath(path, "/dev") && !sbx_path_beneath(path, "/dev/shm"));
}

bool sbx_path_beneath_on_fuse(const char *path, const char *dir) {
        size_t n = strlen(dir);
        struct statfs sfs;

        if (!(n == 1 && dir[0] == '/') && !(strncasecmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/')))
                return false;
        /* path's own file system (a FUSE mount inside the workspace), or the workspace's when path
         * is not there yet */
        if (statfs(path, &sfs) == 0 && sfs.f_type == FUSE_SUPER_MAGIC)
                return true;
        return statfs(dir, &sfs) == 0 && sfs.f_type == FUSE_SUPER_MAGIC;
}

int sbx_path_canonicalize_dir(const char *path, char **ret_path, struct sbx_diag *diag) {
        _cleanup_free_ char *real = NULL;
        char *norm = NULL;
        struct stat st;
        int r;

        if (!path || !*path)
                return sbx_diag_set(diag, EINVAL, "canonicalize root", "", "the workspace root is empty");
        real = sbx_realpath(path);
        if (!real) {
                int e = errno;
                if (e == ELOOP)
                        return sbx_diag_set(diag, e, "canonicalize root", path,
                                            "workspace root '%s' is a symlink loop", path);
                if (e == ENOENT)
                        return sbx_diag_set(diag, e, "canonicalize root", path,
                                            "workspace root '%s' does not exist", path);
                if (e == ENOTDIR)
                        return sbx_diag_set(diag, e, "canonicalize root", path,
                                            "workspace root '%s' is not a directory", path);
                return sbx_diag_set(diag, e, "canonicalize root", path, "cannot resolve workspace root '%s': %s",
                                    path, strerror(e));
        }
        if (stat(real, &st) < 0)
                return sbx_diag_set(diag, errno, "canonicalize root", real, "cannot stat workspace root '%s': %s",
                                    real, strerror(errno));
        if (!S_ISDIR(st.st_mode))
                return sbx_diag_set(diag, ENOTDIR, "canonicalize root", path,
                                    "workspace root '%s' is not a directory", path);
        r = sbx_path_normalize(real, &norm);
        if (r < 0)
                return sbx_diag_set(diag, -r, "canonicalize root", real, "cannot normalize '%s'", real);
        /* under bwrap a writable bind of these would hand the command the host's procfs, sysfs or
         * device nodes (/proc/<pid>/root reaches the whole host); /dev/shm is a plain tmpfs */
        if (sbx_path_kernel_interface(norm)) {
                r = sbx_diag_set(diag, EPERM, "canonicalize root", norm,
                                 "workspace root '%s' is in /proc, /sys or /dev, which are never a workspace", norm);
                free(norm);
                return r;
        }
        *ret_path = norm;
        return 0;
}

/* The walk of sbx_path_symlink_beneath(): cur is always a real path (no symlink in it). */
static int symlink_walk(const char *path, const char *root, unsigned depth, char **ret_link) {
        _cleanup_free_ char *cur = NULL, *copy = NULL;

        if (depth > 40)
                return -ELOOP;
        cur = path[0] == '/' ? strdup("/") : getcwd(NULL, 0);
        copy = strdup(path);
        if (!cur || !copy)
                return -ENOMEM;
        for (char *p = copy, *c; (c = strsep(&p, "/"));) {
                _cleanup_free_ char *next = NULL;
                struct stat st;

                if (!*c || strcmp(c, ".") == 0)
                        continue;
                if (strcmp(c, "..") == 0) {
                        char *slash;
                        /* ".." from a directory beneath root (not root itself, which no command
                         * can move) goes wherever that directory is by then: a command can swap
                         * it for a symlink to a deeper one, whose parent is its own */
                        if (strcmp(cur, root) != 0 && sbx_path_beneath(cur, root)) {
                                if (asprintf(ret_link, "%s/..", cur) < 0) {
                                        *ret_link = NULL;
                                        return -ENOMEM;
                                }
                                return 1;
                        }
                        slash = strrchr(cur, '/');
                        slash[slash == cur ? 1 : 0] = '\0';
                        continue;
                }
                if (asprintf(&next, "%s/%s", strcmp(cur, "/") == 0 ? "" : cur, c) < 0)
                        return -ENOMEM;
                if (lstat(next, &st) < 0)
                        return 0; /* what does not exist (yet) redirects nothing */
                if (S_ISLNK(st.st_mode)) {
                        char target[PATH_MAX];
                        _cleanup_free_ char *full = NULL;
                        ssize_t n;
                        int r;

                        if (sbx_path_beneath(cur, root)) {
                                *ret_link = sbx_steal_ptr(&next);
                                return 1;
                        }
                        n = readlink(next, target, sizeof(target) - 1);
                        if (n < 0)
                                return 0;
                        target[n] = '\0';
                        if (target[0] == '/')
                                full = strdup(target);
                        else if (asprintf(&full, "%s/%s", cur, target) < 0)
                                full = NULL;
                        if (!full)
                                return -ENOMEM;
                        /* a link outside may lead through one inside */
                        if ((r = symlink_walk(full, root, depth + 1, ret_link)) != 0)
                                return r;
                        free(cur);
                        cur = realpath(next, NULL);
                        if (!cur)
                                return 0; /* dangling */
                } else {
                        free(cur);
                        cur = sbx_steal_ptr(&next);
                }
        }
        return 0;
}

/* Walks path without following any symlink (magic links included), in one system call: 0 when
 * it exists, -ENOENT when a component is missing before any symlink, -ELOOP at a symlink. */
static int walk_without_symlinks(const char *path) {
        struct open_how how = { .flags = O_PATH | O_CLOEXEC, .resolve = RESOLVE_NO_SYMLINKS };
        int fd = (int) syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof(how));

        if (fd < 0)
                return -errno;
        close(fd);
        return 0;
}

/* Whether path has a ".." component. */
static bool has_dotdot(const char *path) {
        for (const char *p = path; (p = strstr(p, "..")); p += 2)
                if ((p == path || p[-1] == '/') && (p[2] == '\0' || p[2] == '/'))
                        return true;
        return false;
}

int sbx_path_symlink_beneath(const char *path, const char *root, char **ret_link) {
        int r;

        *ret_link = NULL;
        if (!path || !*path || !root)
                return 0;
        /* the common cases in one system call: a path without any symlink on it, or one that ends
         * before the first symlink, and without a ".." (symlink_walk()) */
        if (!has_dotdot(path)) {
                r = walk_without_symlinks(path);
                if (r == 0 || r == -ENOENT)
                        return 0;
        }
        return symlink_walk(path, root, 0, ret_link);
}

int sbx_path_real_without_symlinks(const char *path, char **ret_path) {
        int r;

        *ret_path = NULL;
        if (!path || path[0] != '/')
                return 0;
        r = walk_without_symlinks(path);
        if (r < 0 && r != -ENOENT)
                return 0;
        /* no component is a symlink, so each .. is the parent of what precedes it: the lexical
         * form is where the kernel went */
        if (sbx_path_normalize(path, ret_path) < 0)
                return -ENOMEM;
        return r < 0 ? r : 1;
}

/* File systems whose files are the kernel's own interfaces rather than data: writing one changes
 * the host (a sysctl, sysrq-trigger, a device, a cgroup, a tracing or security setting), wherever
 * it is mounted. */
static const char *const kernel_fs_types[] = {
        "proc",    "sysfs",   "devtmpfs", "securityfs", "debugfs", "tracefs", "configfs", "cgroup",
        "cgroup2", "bpf",     "pstore",   "efivarfs",   "binfmt_misc", "fusectl", "selinuxfs", "mqueue",
        /* rarer ones: the NFS server's exports and threads, RPC pipes, cache and memory-bandwidth
         * allocation, Smack's rules, the Xen hypervisor, USB device and gadget files, s390's
         * hypervisor and Cell's SPU files */
        "nfsd",    "rpc_pipefs", "resctrl", "smackfs", "xenfs", "usbfs", "gadgetfs", "functionfs",
        "hypfs",   "spufs",
};

static bool kernel_fs_type(const char *type) {
        for (size_t i = 0; i < SBX_ELEMENTSOF(kernel_fs_types); i++)
                if (strcmp(type, kernel_fs_types[i]) == 0)
                        return true;
        return false;
}

static int mountinfo_line(char *line, unsigned long long *ret_id, char **ret_mount, char **ret_type) {
        return sbx_mountinfo_fields(line, ret_id, NULL, NULL, ret_mount, ret_type);
}

int sbx_mountinfo_kernel_mount(const char *mountinfo, const char *root, unsigned long long holder_id,
                               char **ret_mount, char **ret_type) {
        _cleanup_free_ char *copy = strdup(mountinfo), *found = NULL, *found_type = NULL;
        _cleanup_free_ char *holder = NULL, *holder_type = NULL, *by_id = NULL, *by_id_type = NULL;
        char *save = NULL;

        if (!copy)
                return -ENOMEM;
        for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
                unsigned long long id;
                char *mp, *type;
                bool beneath, holds;

                if (mountinfo_line(line, &id, &mp, &type) < 0)
                        return -EBADMSG;
                beneath = sbx_path_beneath(mp, root);
                /* the mount that holds root itself: the last listed of the longest mount point */
                holds = sbx_path_beneath(root, mp) && (!holder || strlen(mp) >= strlen(holder));
                if (holds) {
                        free(holder);
                        free(holder_type);
                        holder = strdup(mp);
                        holder_type = strdup(type);
                        if (!holder || !holder_type)
                                return -ENOMEM;
                }
                if (beneath && !found && kernel_fs_type(type)) {
                        found = strdup(mp);
                        found_type = strdup(type);
                        if (!found || !found_type)
                                return -ENOMEM;
                }
                /* the mount the kernel resolves root in: mountinfo lists mounts in the order they
                 * were made, and one moved onto another later comes before it (security review: a
                 * workspace in a proc mount moved onto a tmpfs was taken to be in the tmpfs) */
                if (holder_id != 0 && id == holder_id && !by_id && kernel_fs_type(type)) {
                        by_id = strdup(mp);
                        by_id_type = strdup(type);
                        if (!by_id || !by_id_type)
                                return -ENOMEM;
                }
        }
        if (holder && kernel_fs_type(holder_type)) {
                *ret_mount = sbx_steal_ptr(&holder);
                *ret_type = sbx_steal_ptr(&holder_type);
                return 1;
        }
        if (found) {
                *ret_mount = sbx_steal_ptr(&found);
                *ret_type = sbx_steal_ptr(&found_type);
                return 1;
        }
        if (by_id) {
                *ret_mount = sbx_steal_ptr(&by_id);
                *ret_type = sbx_steal_ptr(&by_id_type);
                return 1;
        }
        return 0;
}

/* `base` followed by what follows the directory `dir` in `path` (path is dir or beneath it): the
 * same place seen from another directory. Caller frees; NULL when out of memory. */
static char *rebase(const char *path, const char *dir, const char *base) {
        const char *rest = strcmp(dir, "/") == 0 ? path : path + strlen(dir);
        char *out = NULL;

        if (!*rest || strcmp(rest, "/") == 0)
                return strdup(base);
        if (asprintf(&out, "%s%s", strcmp(base, "/") == 0 ? "" : base, rest) < 0)
                return NULL;
        return out;
}

struct mount_row {
        unsigned long long id;
        char *dev, *fsroot, *mp;
};

/* The row of the mount whose ID is id or, when id is 0 (or not listed), the mount that holds
 * path: the last listed of the longest mount point above it. */
static const struct mount_row *mount_holding(const struct mount_row *rows, size_t n, unsigned long long id,
                                             const char *path) {
        const struct mount_row *best = NULL;

        for (size_t i = 0; id != 0 && i < n; i++)
                if (rows[i].id == id)
                        return &rows[i];
        for (size_t i = 0; i < n; i++)
                if (sbx_path_beneath(path, rows[i].mp) && (!best || strlen(rows[i].mp) >= strlen(best->mp)))
                        best = &rows[i];
        return best;
}

int sbx_mountinfo_alias(const char *mountinfo, const char *path, unsigned long long path_mnt_id, const char *root,
                        unsigned long long root_mnt_id, char **ret_alias) {
        _cleanup_free_ char *copy = strdup(mountinfo), *rel = NULL;
        _cleanup_free_ struct mount_row *rows = NULL;
        const struct mount_row *held, *w;
        size_t n = 0, cap = 0;
        char *save = NULL;

        if (!copy)
                return -ENOMEM;
        for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
                struct mount_row row;
                char *type;

                if (sbx_mountinfo_fields(line, &row.id, &row.dev, &row.fsroot, &row.mp, &type) < 0 || !row.dev ||
                    !row.fsroot || row.fsroot[0] != '/')
                        return -EBADMSG;
                if (n == cap) {
                        struct mount_row *grown = realloc(rows, (cap + 64) * sizeof(*rows));
                        if (!grown)
                                return -ENOMEM;
                        rows = grown;
                        cap += 64;
                }
                rows[n++] = row;
        }
        held = mount_holding(rows, n, path_mnt_id, path);
        if (!held)
                return 0;
        /* the workspace itself may be another name of a directory above path */
        w = mount_holding(rows, n, root_mnt_id, root);
        /* A mount found by its ID that does not hold the path (or the workspace) by its mount
         * point: the table is older than the ID, which the kernel gave again to a mount made
         * since. Nothing it says of the path holds then (rebase() read past the path's end:
         * fuzz-mountinfo). */
        if (!sbx_path_beneath(path, held->mp) || (w && !sbx_path_beneath(root, w->mp)))
                return -ESTALE;
        /* where path lies in its file system */
        rel = rebase(path, held->mp, held->fsroot);
        if (!rel)
                return -ENOMEM;
        for (size_t i = 0; i <= n; i++) {
                const struct mount_row *m = i < n ? &rows[i] : w;
                _cleanup_free_ char *seen = NULL, *alias = NULL;

                if (!m || strcmp(m->dev, held->dev) != 0)
                        continue;
                if (i < n) {
                        /* a mount at or beneath the workspace: all of it is in the workspace */
                        if (!sbx_path_beneath(m->mp, root) || !sbx_path_beneath(rel, m->fsroot))
                                continue;
                        alias = rebase(rel, m->fsroot, m->mp);
                } else {
                        /* the mount the workspace is in: what lies beneath the workspace's place */
                        if (!sbx_path_beneath(root, m->mp))
                                continue;
                        seen = rebase(root, m->mp, m->fsroot);
                        if (!seen)
                                return -ENOMEM;
                        if (!sbx_path_beneath(rel, seen))
                                continue;
                        alias = rebase(rel, seen, root);
                }
                if (!alias)
                        return -ENOMEM;
                if (strcmp(alias, path) != 0) {
                        *ret_alias = sbx_steal_ptr(&alias);
                        return 1;
                }
        }
        return 0;
}

/* /proc/self/mountinfo, whole, NUL-terminated, into *ret (caller frees); -errno. */
static int read_mountinfo(char **ret) {
        _cleanup_close_ int fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);

        if (fd < 0)
                return -errno;
        return sbx_mountinfo_read_fd(fd, ret);
}

/* The number of mounts whose mount point is path (stacked ones, hidden ones included). */
int sbx_path_mount_counts(const char *mountinfo, const char *const *paths, size_t n, int *ret_counts) {
        _cleanup_free_ char *text = NULL;
        char *save = NULL;
        int r = mountinfo ? ((text = strdup(mountinfo)) ? 0 : -ENOMEM) : read_mountinfo(&text);

        if (r < 0)
                return r;
        for (size_t i = 0; i < n; i++)
                ret_counts[i] = 0;
        for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
                unsigned long long id;
                char *mp, *type;

                if (mountinfo_line(line, &id, &mp, &type) < 0)
                        return -EBADMSG;
                for (size_t i = 0; i < n; i++)
                        if (strcmp(mp, paths[i]) == 0)
                                ret_counts[i]++;
        }
        return 0;
}

int sbx_path_read_mountinfo(const char *root, char **ret_text, struct sbx_diag *diag) {
        int r = read_mountinfo(ret_text);

        if (r >= 0 || r == -ENOMEM)
                return r;
        return sbx_diag_set(diag, -r, "check workspace mounts", "/proc/self/mountinfo",
                            "cannot read /proc/self/mountinfo to check what is mounted in the workspace %s: %s", root,
                            strerror(-r));
}

/* r from a parse of mountinfo: -EBADMSG with diag set, other values as they are. */
static int mountinfo_parse_result(int r, struct sbx_diag *diag) {
        if (r == -EBADMSG)
                return sbx_diag_set(diag, EBADMSG, "check workspace mounts", "/proc/self/mountinfo",
                                    "cannot parse /proc/self/mountinfo");
        if (r == -ESTALE)
                return sbx_diag_set(diag, ESTALE, "check workspace mounts", "/proc/self/mountinfo",
                                    "/proc/self/mountinfo changed while sbx read it (a mount was made or removed), "
                                    "so the workspace's mounts could not be checked: run again");
        return r;
}

int sbx_path_refuse_kernel_mounts(const char *root, const char *mountinfo, struct sbx_diag *diag) {
        _cleanup_free_ char *text = NULL, *mount = NULL, *type = NULL;
        struct statx stx;
        int r;

        if (!mountinfo && (r = sbx_path_read_mountinfo(root, &text, diag)) < 0)
                return r;
        if (!mountinfo)
                mountinfo = text;
        if (statx(AT_FDCWD, root, AT_STATX_SYNC_AS_STAT, STATX_MNT_ID, &stx) < 0 || !(stx.stx_mask & STATX_MNT_ID))
                stx.stx_mnt_id = 0;
        r = mountinfo_parse_result(sbx_mountinfo_kernel_mount(mountinfo, root, stx.stx_mnt_id, &mount, &type), diag);
        if (r < 0)
                return r;
        if (r > 0)
                return sbx_diag_set(diag, EPERM, "check workspace mounts", mount,
                                    "the workspace %s holds %s, a %s file system: its files are the kernel's "
                                    "interfaces (sysctls, devices, ...), and writing them would change the host; "
                                    "choose a workspace without it",
                                    root, mount, type);
        return 0;
}

static bool same_dev(const struct statx *a, const struct statx *b) {
        return a->stx_dev_major == b->stx_dev_major && a->stx_dev_minor == b->stx_dev_minor;
}

/* Whether another name (a hard link) of the file f at path could lie where a command may write
 * in the workspace root (rst): path beneath root, or f on root's file system or on one mounted
 * beneath it. A link cannot cross file systems, so a file on none of them has no name there. */
static int link_reach(const char *mountinfo, const char *path, const struct statx *f, const char *root,
                      const struct statx *rst) {
        _cleanup_free_ char *copy = NULL;
        char *save = NULL;

        if (sbx_path_beneath(path, root) || same_dev(f, rst))
                return 1;
        copy = strdup(mountinfo);
        if (!copy)
                return -ENOMEM;
        for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
                unsigned long long id;
                struct statx m;
                char *mp, *type;

                if (mountinfo_line(line, &id, &mp, &type) < 0)
                        return -EBADMSG;
                if (sbx_path_beneath(mp, root) &&
                    statx(AT_FDCWD, mp, AT_SYMLINK_NOFOLLOW | AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, &m) == 0 &&
                    same_dev(f, &m))
                        return 1;
        }
        return 0;
}

/* How many directory entries find_name() reads before it gives up (-E2BIG): about half a second
 * here; it runs only for a file with several names on the workspace's file system. */
#define LINK_WALK_MAX 500000
#define LINK_WALK_DEPTH 256

/* Searches the directory open at dfd (named dir) for a name of the file f other than `own`, by
 * directory entries (their inode numbers: a stat only where one matches or the type is unknown).
 * 1 with the name in *ret_name, 0 when there is none, -E2BIG past LINK_WALK_MAX entries or
 * LINK_WALK_DEPTH levels, -errno when a directory cannot be read (fail closed: a name there
 * cannot be ruled out). Takes dfd. */
static int find_name(int dfd, const char *dir, const struct statx *f, const char *own, unsigned depth,
                     size_t *budget, char **ret_name) {
        DIR *d = fdopendir(dfd);
        struct dirent *de;
        int r = 0;

        if (!d) {
                r = -errno;
                close(dfd);
                return r;
        }
        while (r == 0) {
                _cleanup_free_ char *name = NULL;
                struct statx st;
                bool is_dir;

                errno = 0;
                de = readdir(d);
                if (!de) {
                        r = errno ? -errno : 0;
                        break;
                }
                if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
                        continue;
                if ((*budget)-- == 0) {
                        r = -E2BIG;
                        break;
                }
                if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN && de->d_ino != f->stx_ino)
                        continue;
                if (asprintf(&name, "%s%s%s", dir, strcmp(dir, "/") == 0 ? "" : "/", de->d_name) < 0) {
                        r = -ENOMEM;
                        break;
                }
                if (statx(dirfd(d), de->d_name, AT_SYMLINK_NOFOLLOW | AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, &st) < 0) {
                        r = errno == ENOENT ? 0 : -errno; /* (gone meanwhile) */
                        continue;
                }
                is_dir = S_ISDIR(st.stx_mode);
                if (!is_dir) {
                        if (st.stx_ino == f->stx_ino && same_dev(&st, f) && strcmp(name, own) != 0) {
                                *ret_name = sbx_steal_ptr(&name);
                                r = 1;
                        }
                        continue;
                }
                if (depth >= LINK_WALK_DEPTH) {
                        r = -E2BIG;
                        break;
                }
                int sub = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (sub < 0) {
                        r = errno == ENOENT ? 0 : -errno;
                        continue;
                }
                r = find_name(sub, name, f, own, depth + 1, budget, ret_name);
        }
        closedir(d);
        return r;
}

/* Whether the text of a mountinfo lists the mount whose ID is id with a mount point that holds
 * path: not when the table is older than that mount, its ID not listed yet or still another
 * mount's (the kernel gives a freed ID to the next mount at once). */
static bool mountinfo_holds(const char *mountinfo, unsigned long long id, const char *path) {
        for (const char *line = mountinfo; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
                _cleanup_free_ char *copy = NULL;
                char *end, *mp, *type;
                unsigned long long v = strtoull(line, &end, 10);

                if (end == line || *end != ' ' || v != id)
                        continue;
                copy = strndup(line, strcspn(line, "\n"));
                /* unreadable: not a table to read again for (the readers refuse it) */
                if (!copy || sbx_mountinfo_fields(copy, &v, NULL, NULL, &mp, &type) < 0)
                        return true;
                return sbx_path_beneath(path, mp);
        }
        return false;
}

int sbx_path_refuse_protected_aliases(const char *root, const char *mountinfo, char *const *protect,
                                      struct sbx_diag *diag) {
        _cleanup_free_ char *text = NULL;
        struct statx rstx;
        int r;

        if (!protect || !*protect)
                return 0;
        if (!mountinfo && (r = sbx_path_read_mountinfo(root, &text, diag)) < 0)
                return r;
        if (!mountinfo)
                mountinfo = text;
        if (statx(AT_FDCWD, root, AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS | STATX_MNT_ID, &rstx) < 0)
                return sbx_diag_set(diag, errno, "check workspace mounts", root, "cannot examine the workspace %s: %s",
                                    root, strerror(errno));
        if (!(rstx.stx_mask & STATX_MNT_ID))
                rstx.stx_mnt_id = 0;
        for (char *const *p = protect; *p; p++) {
                _cleanup_free_ char *alias = NULL;
                struct statx stx;
                bool found;

                found = statx(AT_FDCWD, *p, AT_SYMLINK_NOFOLLOW | AT_STATX_SYNC_AS_STAT,
                              STATX_BASIC_STATS | STATX_MNT_ID, &stx) == 0;
                if (!found || !(stx.stx_mask & STATX_MNT_ID))
                        stx.stx_mnt_id = 0;
                /* The table given was read before the paths to protect were resolved: a mount made
                 * since (an automount their resolution triggered) is not in it, nor a bind of it
                 * in the workspace, and the alias went unseen (review: a tmpfs mounted and bound
                 * into the workspace after the read was accepted). Read again when the mount of
                 * the workspace or of this path is not listed, or is listed elsewhere: a mount
                 * removed since, its ID given to a new one (fuzz-mountinfo). */
                if (!text && ((rstx.stx_mnt_id && !mountinfo_holds(mountinfo, rstx.stx_mnt_id, root)) ||
                              (stx.stx_mnt_id && !mountinfo_holds(mountinfo, stx.stx_mnt_id, *p)))) {
                        if ((r = sbx_path_read_mountinfo(root, &text, diag)) < 0)
                                return r;
                        mountinfo = text;
                }
                /* a file the caller can write (root: any) with another name: that name may be in
                 * the workspace, writable there, and sbx cannot tell where it is without searching
                 * (review: a launcher hard-linked into the workspace was rewritten by the command,
                 * and the next run executed the script as bubblewrap's first process). What the
                 * caller cannot write (root's runner, for a user) may keep other names. */
                if (found && S_ISREG(stx.stx_mode) && stx.stx_nlink > 1 &&
                    (sbx_euid() == 0 || (stx.stx_uid == sbx_euid() && (stx.stx_mode & S_IWUSR))) &&
                    (r = mountinfo_parse_result(link_reach(mountinfo, *p, &stx, root, &rstx), diag)) != 0) {
                        _cleanup_free_ char *name = NULL;
                        size_t budget = LINK_WALK_MAX;
                        int dfd;

                        if (r < 0)
                                return r;
                        dfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
                        r = dfd < 0 ? -errno : find_name(dfd, root, &stx, *p, 0, &budget, &name);
                        if (r == -ENOMEM)
                                return r;
                        if (r > 0)
                                return sbx_diag_set(diag, EPERM, "check workspace mounts", name,
                                                    "the workspace %s holds %s, another name (a hard link) of %s, "
                                                    "which sbx depends on: a command could rewrite it there; remove "
                                                    "that link or choose a workspace without it",
                                                    root, name, *p);
                        if (r < 0)
                                return sbx_diag_set(diag, -r, "check workspace mounts", *p,
                                                    "%s, which sbx depends on, has other names (hard links) and "
                                                    "the workspace %s could not be searched for them (%s): give it "
                                                    "a single name (copy it) or choose a workspace on another file "
                                                    "system",
                                                    *p, root, r == -E2BIG ? "too many entries" : strerror(-r));
                }
                /* kept read-only by its path, which a FUSE file system may not be alone to name: a
                 * case-insensitive one (fusefat) shows the directory under every spelling, each a
                 * dentry that the read-only mount does not cover (a command planted a file in the
                 * probe cache through STATE/sbx), and a workspace named WS holds what sbx knows as
                 * ws/... (provider.c refuses such a path when it is missing). The kernel's own
                 * case-folding file systems find one dentry for every spelling. */
                if (found && sbx_path_beneath_on_fuse(*p, root))
                        return sbx_diag_set(diag, EPERM, "check workspace mounts", *p,
                                            "the workspace %s holds %s, which sbx depends on, on a FUSE file system, "
                                            "which may show it under other names (another spelling, on a "
                                            "case-insensitive one) that sbx cannot keep read-only: choose a workspace "
                                            "without it",
                                            root, *p);
                r = mountinfo_parse_result(sbx_mountinfo_alias(mountinfo, *p, stx.stx_mnt_id, root, rstx.stx_mnt_id, &alias),
                                           diag);
                if (r < 0)
                        return r;
                if (r > 0)
                        return sbx_diag_set(diag, EPERM, "check workspace mounts", alias,
                                            "the workspace %s holds %s, another name (through a mount) of %s, which "
                                            "sbx depends on: a command could rewrite it there; choose a workspace "
                                            "without it",
                                            root, alias, *p);
        }
        return 0;
}
