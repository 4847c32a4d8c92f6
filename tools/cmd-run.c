/* sbx run: resolve the policy, confine (or refuse), run, classify, record.
 *
 * Every run leaves one audit row, written before the command starts: a database that cannot be
 * written refuses the run (125) rather than running it unrecorded. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <limits.h>
#include <linux/magic.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "audit-output.h"
#include "run-args.h"
#include "run-exec.h"
#include "sbx-audit.h"
#include "sbx-classify.h"
#include "sbx-confine.h"
#include "sbx-db.h"
#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-realpath.h"
#include "sbx-tool.h"

SBX_DEFINE_CLEANUP(struct sbx_config *, sbx_config_free)
SBX_DEFINE_CLEANUP(struct sbx_policy *, sbx_policy_free)
SBX_DEFINE_CLEANUP(struct sbx_provider *, sbx_provider_free)
SBX_DEFINE_CLEANUP(struct sbx_confined_argv *, sbx_confined_argv_free)
SBX_DEFINE_CLEANUP(struct sbx_dialect *, sbx_dialect_free)

/* "bwrap: reason; landlock: reason" for the SANDBOX_UNAVAILABLE message and record. */
static void format_unavailable(const struct sbx_unavailable *why, char *buf, size_t size) {
        size_t len = 0;

        buf[0] = '\0';
        for (size_t i = 0; i < why->n && len < size; i++) {
                int n = snprintf(buf + len, size - len, "%s%s: %s", i ? "; " : "", why->candidates[i].backend,
                                 why->candidates[i].reason[0] ? why->candidates[i].reason : "unusable");
                if (n < 0)
                        break;
                len += (size_t) n;
        }
        if (why->n == 0)
                snprintf(buf, size, "no backend is configured");
}

/* fd, opened with O_NONBLOCK, made blocking again for the writes; -errno as given. A record file
 * beneath the workspace is opened so: a FIFO the command planted there has no reader once the
 * command's processes have ended, and fails with ENXIO instead of holding sbx for ever (audit
 * review: sbx waited in open() for a reader, deaf to SIGTERM); one that has a reader is refused
 * too (open_verdict_file()). Elsewhere a FIFO is the caller's, whose reader may come later. */
static int blocking_again(int fd) {
        int flags;

        if (fd < 0)
                return -errno;
        flags = fcntl(fd, F_GETFL);
        if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
                int e = errno;
                close(fd);
                return -e;
        }
        return fd;
}

/* Whether an entry owned as *st in the directory *dir could be another user's plant: the
 * directory is sticky and others may write it (/tmp; or its group, as the kernel's level 2 of
 * fs.protected_fifos and _regular counts: a member plants there as well), and the entry is neither
 * the caller's nor the directory owner's, the only ones that user cannot replace. The kernel
 * protects such entries only where fs.protected_symlinks, _fifos and _regular say so; sbx writes
 * its record unconfined, as root too, so it refuses them whatever those settings. */
static bool sticky_shared(const struct stat *dir) {
        return (dir->st_mode & S_ISVTX) && (dir->st_mode & (S_IWGRP | S_IWOTH));
}

static bool planted_by_other(const struct stat *st, const struct stat *dir) {
        return sticky_shared(dir) && st->st_uid != geteuid() && st->st_uid != dir->st_uid;
}

/* The real place of the directory open at fd into buf; -errno, with *why when /proc is missing. */
static int fd_place(int fd, char *buf, size_t size, const char **why) {
        char proc[64];
        ssize_t n;

        snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
        n = readlink(proc, buf, size - 1);
        if (n < 0 && errno == ENOENT && access("/proc/self", F_OK) < 0) {
                *why = "/proc is not mounted, and sbx cannot tell where the path leads without it";
                return -ENOENT;
        }
        if (n < 0 || (size_t) n >= size - 1)
                return n < 0 ? -errno : -ENAMETOOLONG;
        buf[n] = '\0';
        return 0;
}

/* Whether the place where (a real path) is in the workspace root for the record: beneath it, but
 * not in the kernel's interfaces, which are never a workspace (sbx_path_kernel_interface()): no
 * command plants a record there. A root of / held them, and --verdict-json /dev/stdout (a symlink
 * in /dev, to /proc/self/fd/1, through /proc's self) was refused as "a symlink in the workspace"
 * under it alone. NULL root: no workspace. */
static bool record_in_workspace(const char *where, const char *root) {
        return root && sbx_path_beneath(where, root) && !sbx_path_kernel_interface(where);
}

#define VERDICT_LINKS_MAX 40 /* as the kernel's own limit of symlinks in one lookup */

/* What the record's way held beneath the workspace before the command ran: each directory and
 * symlink met there (device, inode, type), noted by a walk just before it starts. A symlink met
 * there afterwards that is none of them is the run's (or made meanwhile), and is removed as the
 * record is refused (remove_planted()): the command that swapped ws/out for a link to a
 * directory of its own, with a v.json in it, had its record read at ws/out/v.json, exit 1, since
 * the link, which could be the caller's, stayed. One noted is left: the caller's own. */
struct way_entry {
        dev_t dev;
        ino_t ino;
        mode_t type;
};
static struct {
        struct way_entry *e;
        size_t n;
        bool noting; /* the walk before the run: entries are noted, nothing is removed */
        bool noted;  /* that walk was made: the command ran since */
} verdict_way;

static void way_forget(void) {
        free(verdict_way.e);
        verdict_way.e = NULL;
        verdict_way.n = 0;
        verdict_way.noted = false;
}

/* -ENOMEM: the walk is then taken as not made, and nothing is removed */
static int way_note(const struct stat *st) {
        struct way_entry *e = reallocarray(verdict_way.e, verdict_way.n + 1, sizeof(*e));

        if (!e)
                return -ENOMEM;
        verdict_way.e = e;
        e[verdict_way.n++] = (struct way_entry) { st->st_dev, st->st_ino, st->st_mode & S_IFMT };
        return 0;
}

/* Whether the entry st was made on the record's way beneath the workspace since the walk before
 * the run (false when no such walk was made: nothing ran, or its notes were lost). */
static bool way_made_since(const struct stat *st) {
        if (!verdict_way.noted)
                return false;
        for (size_t i = 0; i < verdict_way.n; i++)
                if (verdict_way.e[i].dev == st->st_dev && verdict_way.e[i].ino == st->st_ino &&
                    verdict_way.e[i].type == (st->st_mode & S_IFMT))
                        return false;
        return true;
}

static void remove_planted(int dfd, const char *name, int e, const char *what, const char **why);

/* Whether the entry st was on the record's way beneath the workspace when the walk before the run
 * noted it (false when no such walk was made, or it is none of its notes). */
static bool way_noted_before(const struct stat *st) {
        return verdict_way.noted && !way_made_since(st);
}

/* What the symlink name, in the directory `where` beneath the workspace, is said to be where the
 * record's way meets it: its path and where it leads (target, n bytes; n < 0: not read), shown as
 * text safe for a terminal (the command may have chosen both), and, when sbx does not remove it
 * (kept), why, and that what the record's path reads through it is not sbx's record. A link an
 * earlier run's command planted (`ln -s fakedir out`, a v.json of its own in fakedir) was refused
 * and kept with "it leads through a symlink beneath the workspace", naming neither the link nor
 * its target, while a consumer reading ws/out/v.json read the fake (record59). */
static const char *way_link_said(const char *where, const char *name, const char *target, ssize_t n, bool kept,
                                 const struct stat *st) {
        static char said[3 * PATH_MAX + 512];
        _cleanup_free_ char *place = NULL, *shown = NULL, *to = NULL;

        if (asprintf(&place, "%s/%s", strcmp(where, "/") == 0 ? "" : where, name) < 0 ||
            !(shown = sbx_term_text(place, strlen(place))) || (n >= 0 && !(to = sbx_term_text(target, (size_t) n))))
                return "it leads through a symlink beneath the workspace (a command could have made it)";
        snprintf(said, sizeof(said), "it leads through a symlink beneath the workspace, %s -> %s (a command could have made it)%s",
                 shown, to ? to : "?",
                 !kept                  ? ""
                 : way_noted_before(st) ? "; it was there before this run (the caller's, or an earlier run's command's), "
                                          "so sbx leaves it: what the record's path reads through it is not sbx's record"
                                        : "; sbx cannot tell whether this run made it, so leaves it: what the record's "
                                          "path reads through it is not sbx's record");
        return said;
}

/* The directory dir, open (O_PATH), found one component at a time from descriptors as the kernel
 * would find it, each symlink followed only once the directory it lies in is known not to be
 * beneath root: the caller's own (/home -> /var/home) lead on, one in the workspace is refused
 * (-ELOOP, *why). A check of the path by name, then an open() by name, left a window in which
 * the command of another run in the same workspace swapped a directory for a symlink out of it,
 * and sbx wrote the record wherever that led (deputy review: won within a few hundred runs).
 * A relative dir is found from the directory at (AT_FDCWD: the current one); root NULL: no
 * workspace is known, or the run is unconfined (nothing is beneath it, and /proc is not needed). */
static int open_record_dir(int at, const char *dir, const char *root, const char **why) {
        _cleanup_free_ char *rest = strdup(dir);
        _cleanup_close_ int fd = -1;
        unsigned links = 0;
        char *p = rest, where[PATH_MAX];
        /* the directory held was beneath the workspace, or is a descendant of one that was: a
         * directory that the command of another run moved out of the workspace meanwhile (into its
         * own temp area, on the same file system under Landlock) lies outside by the time its
         * symlink is met, and was taken for one of the caller's */
        bool in_ws;
        int r;

        if (!rest)
                return -ENOMEM;
        fd = dir[0] == '/' ? open("/", O_PATH | O_DIRECTORY | O_CLOEXEC) : openat(at, ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
                return -errno;
        if (root && (r = fd_place(fd, where, sizeof(where), why)) < 0)
                return r;
        in_ws = record_in_workspace(where, root);
        for (;;) {
                char target[PATH_MAX], *c, *next;
                struct stat st;
                ssize_t n;
                int nfd;

                while (*p == '/')
                        p++;
                if (!*p)
                        break;
                c = p;
                p += strcspn(p, "/");
                if (*p)
                        *p++ = '\0';
                if (strcmp(c, ".") == 0)
                        continue;
                nfd = openat(fd, c, O_PATH | O_NOFOLLOW | O_CLOEXEC);
                if (nfd < 0)
                        return -errno;
                if (fstat(nfd, &st) < 0 || (!S_ISDIR(st.st_mode) && !S_ISLNK(st.st_mode))) {
                        int e = errno;
                        bool listed = fstat(nfd, &st) == 0;
                        close(nfd);
                        return listed ? -ENOTDIR : -e;
                }
                if (S_ISDIR(st.st_mode)) {
                        bool up_from_root = false;

                        /* ".." leaves the workspace only from its root (which no command can move):
                         * from another directory of it, that one was moved out */
                        if (in_ws && strcmp(c, "..") == 0) {
                                if ((r = fd_place(fd, where, sizeof(where), why)) < 0) {
                                        close(nfd);
                                        return r;
                                }
                                up_from_root = strcmp(where, root) == 0;
                        }
                        close(fd);
                        fd = nfd;
                        if (up_from_root)
                                in_ws = false;
                        /* (in_ws holds for a directory moved out meanwhile, but no command
                         * moves one into the kernel's interfaces: /dev of a root of /) */
                        if (root) {
                                if ((r = fd_place(fd, where, sizeof(where), why)) < 0)
                                        return r;
                                in_ws = in_ws ? !sbx_path_kernel_interface(where) : record_in_workspace(where, root);
                                if (in_ws && verdict_way.noting && way_note(&st) < 0)
                                        return -ENOMEM;
                        }
                        continue;
                }
                /* a symlink: where it lies first, then where it leads, read from the link held */
                if (root && (r = fd_place(fd, where, sizeof(where), why)) < 0) {
                        close(nfd);
                        return r;
                }
                if (in_ws || record_in_workspace(where, root)) {
                        ssize_t tn = readlinkat(nfd, "", target, sizeof(target));
                        bool made = !verdict_way.noting && way_made_since(&st);

                        close(nfd);
                        if (verdict_way.noting)
                                return way_note(&st) < 0 ? -ENOMEM : -ELOOP;
                        *why = way_link_said(where, c, target, tn, !made, &st);
                        if (made)
                                remove_planted(fd, c, ELOOP, *why, why);
                        return -ELOOP;
                }
                /* the link is read here, not followed by the kernel, which would refuse one that
                 * another user left in a sticky world-writable directory (/tmp/x -> ~root/.ssh)
                 * under fs.protected_symlinks, as most systems set it: such a link is refused
                 * whatever that setting (the old open() by name followed it only where it is off) */
                {
                        struct stat parent;
                        if (fstat(fd, &parent) < 0) {
                                int e = errno;
                                close(nfd);
                                return -e;
                        }
                        if (planted_by_other(&st, &parent)) {
                                close(nfd);
                                *why = "it leads through another user's symlink in a sticky directory others may write";
                                return -EACCES;
                        }
                }
                n = readlinkat(nfd, "", target, sizeof(target) - 1);
                close(nfd);
                if (n < 0 || (size_t) n >= sizeof(target) - 1)
                        return n < 0 ? -errno : -ENAMETOOLONG;
                target[n] = '\0';
                if (++links > VERDICT_LINKS_MAX)
                        return -ELOOP;
                if (asprintf(&next, "%s/%s", target, p) < 0)
                        return -ENOMEM;
                free(rest);
                rest = p = next;
                if (target[0] == '/') {
                        close(fd);
                        fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
                        if (fd < 0)
                                return -errno;
                        in_ws = record_in_workspace("/", root);
                }
        }
        return sbx_steal_fd(&fd);
}

/* The directory of a --verdict-json path under a known workspace, open (O_PATH), with the rules
 * of open_verdict_file(): a symlink on the way that lies in the workspace, or a path that names
 * the workspace but leads out of it, is refused. *in_ws: the directory is beneath the workspace
 * (the file itself must then be no symlink either). -errno, with *why. */
static int open_verdict_dir(const char *path, const char *root, bool *in_ws, const char **why) {
        _cleanup_free_ char *copy = NULL, *abs = NULL, *lexical = NULL;
        _cleanup_close_ int dfd = -1;
        char real[PATH_MAX];
        int r;

        *why = NULL;
        *in_ws = false;
        if (!(copy = strdup(path)))
                return -ENOMEM;
        if (path[0] != '/') {
                char cwd[PATH_MAX];
                if (!getcwd(cwd, sizeof(cwd)) || asprintf(&abs, "%s/%s", cwd, path) < 0)
                        return -errno;
        } else if (!(abs = strdup(path)))
                return -ENOMEM;
        if (sbx_path_normalize(abs, &lexical) < 0)
                return -ENOMEM;
        dfd = open_record_dir(AT_FDCWD, dirname(copy), root, why);
        if (dfd < 0)
                return dfd;
        if ((r = fd_place(dfd, real, sizeof(real), why)) < 0)
                return r;
        if (!record_in_workspace(real, root) && record_in_workspace(lexical, root)) {
                *why = "a symlink beneath the workspace leads it out of the workspace (a command could have made it)";
                return -ELOOP;
        }
        *in_ws = record_in_workspace(real, root);
        return sbx_steal_fd(&dfd);
}

static int open_outside(int dfd, const char *name, const char *root, bool follow, unsigned links, const char **why);

/* What sbx could not write its record through at the record's name in the workspace dfd (a
 * symlink, a FIFO or socket, a file it may not open for writing), removed when it is the user's,
 * so that no record but sbx's is read there: a command made it to keep a record of its own in
 * that place (a symlink to a file it wrote, its own file made read-only, a FIFO another run
 * feeds), which a consumer reading PATH took for sbx's, with sbx's exit status, 1, that of many a
 * failed command (review robust57). Never a directory or a device node, nor anything in the
 * kernel's interfaces (sbx_path_kernel_interface(), which record_in_workspace() already leaves
 * out). *why says what happened, from
 * `what` (NULL: strerror(e)). */
static void remove_planted(int dfd, const char *name, int e, const char *what, const char **why) {
        static char said[3 * PATH_MAX + 768];
        char where[PATH_MAX];
        const char *ignored = NULL;
        struct stat st;

        if (!what)
                what = strerror(e);
        *why = what;
        if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 || st.st_uid != sbx_euid() ||
            !(S_ISLNK(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || S_ISREG(st.st_mode)))
                return;
        if (fd_place(dfd, where, sizeof(where), &ignored) < 0 || sbx_path_kernel_interface(where))
                return;
        if (unlinkat(dfd, name, 0) == 0)
                snprintf(said, sizeof(said), "%s; removed it, so that no record but sbx's is read there", what);
        else
                snprintf(said, sizeof(said),
                         "%s; nor could sbx remove it (%s): what is at that path is not sbx's record, whatever it says",
                         what, strerror(errno));
        *why = said;
}

/* The record's file name in the directory dfd, beneath the workspace: no symlink, and no FIFO
 * either (see below); what stands in its way is removed (remove_planted()). -errno, *why. */
static int open_in_workspace(int dfd, const char *name, const char **why) {
        int fd;

        sbx_run_umask_for_caller(true); /* the caller's file: its umask, as a shell's > would */
        fd = openat(dfd, name, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK, 0644);
        sbx_run_umask_for_caller(false);
        if (fd < 0) {
                int e = errno;
                if (e == ELOOP || e == ENXIO || e == EACCES || e == EPERM)
                        remove_planted(dfd, name, e,
                                       e == ELOOP ? "it is a symlink in the workspace (a command could have made it)" : NULL,
                                       why);
                return -e;
        }
        {
                /* a FIFO that someone reads is no better: the command of another run in the same
                 * workspace can hold it open and read nothing, and sbx waited in write() for as
                 * long as that run lived, deaf to SIGTERM (deputy review) */
                struct stat st;
                if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
                        close(fd);
                        remove_planted(dfd, name, EPERM,
                                       "it is no regular file but lies in the workspace (a command could have made it and hold it)",
                                       why);
                        return -EPERM;
                }
        }
        return blocking_again(fd);
}

/* Where the symlink name in dfd, one open_outside() allowed, leads: read, and found as the
 * record's own path is (open_record_dir(), then open_in_workspace() or open_outside()), not
 * followed by the kernel, which followed on through whatever it met: the caller's own
 * /tmp/r.json -> /tmp/x/v.json into another user's plant /tmp/x -> ~root or /tmp/x/v.json ->
 * ~root/.bashrc (where fs.protected_symlinks is off), or -> ws/v.json onto the symlink a confined
 * command planted there. -errno, *why. */
static int open_link_target(int dfd, const char *name, const char *root, bool follow, unsigned links,
                            const char **why) {
        _cleanup_free_ char *dcopy = NULL, *bcopy = NULL;
        _cleanup_close_ int ndfd = -1;
        char target[PATH_MAX], where[PATH_MAX];
        ssize_t n;
        int r;

        if (++links > VERDICT_LINKS_MAX)
                return -ELOOP;
        n = readlinkat(dfd, name, target, sizeof(target) - 1);
        if (n < 0 || (size_t) n >= sizeof(target) - 1)
                return n < 0 ? -errno : -ENAMETOOLONG;
        target[n] = '\0';
        if (!(dcopy = strdup(target)) || !(bcopy = strdup(target)))
                return -ENOMEM;
        if ((ndfd = open_record_dir(dfd, dirname(dcopy), root, why)) < 0)
                return ndfd;
        if (root) {
                if ((r = fd_place(ndfd, where, sizeof(where), why)) < 0)
                        return r;
                if (record_in_workspace(where, root))
                        return open_in_workspace(ndfd, basename(bcopy), why);
        }
        return open_outside(ndfd, basename(bcopy), root, follow, links, why);
}

/* The caller's own FIFO name in dfd, waited for until a reader opens it, but not past a signal
 * that ends sbx: sbx's handlers only note one (and restart the call), and a blocking open()
 * waited for a reader for ever, deaf to SIGTERM, SIGINT and SIGHUP, after the command had ended
 * (input review: `timeout 20 sbx run --verdict-json FIFO ...` with no reader never came back).
 * So the open is tried without waiting, again every 20 ms. checked: the entry's stat. -errno, *why. */
static int open_own_fifo(int dfd, const char *name, const struct stat *checked, const char **why) {
        for (;;) {
                int fd = openat(dfd, name, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
                struct stat st;

                /* the entry that was checked, not one put in its place while sbx waited */
                if (fd >= 0 && (fstat(fd, &st) < 0 || st.st_dev != checked->st_dev || st.st_ino != checked->st_ino)) {
                        close(fd);
                        *why = "the FIFO was replaced while sbx waited for its reader";
                        return -ESTALE;
                }
                if (fd >= 0)
                        return blocking_again(fd);
                if (errno != ENXIO && errno != EINTR)
                        return -errno;
                if (sbx_run_signal_held() != 0) {
                        *why = "a signal ended the wait for a reader of the FIFO";
                        return -EINTR;
                }
                (void) nanosleep(&(struct timespec) { .tv_nsec = 20 * 1000 * 1000 }, NULL);
        }
}

/* sbx's standard output or error, /proc/self/fd/1 or 2 (name in dfd, sbx's own fd directory),
 * when it is a socket, which Linux opens by no name (ENXIO): a duplicate of sbx's descriptor, as
 * a shell's > /dev/stdout takes it. A systemd service's stdout is the journal's stream socket,
 * and every record there failed, "No such device or address", exit 1 after a command that
 * succeeded (review). -ENXIO otherwise. */
static int own_socket(int dfd, const char *name) {
        char place[PATH_MAX], pid_dir[64], task_dir[96];
        const char *why = NULL;
        struct stat st, lst;
        int n, fd;

        if ((strcmp(name, "1") != 0 && strcmp(name, "2") != 0) || fd_place(dfd, place, sizeof(place), &why) < 0)
                return -ENXIO;
        n = name[0] - '0';
        snprintf(pid_dir, sizeof(pid_dir), "/proc/%d/fd", (int) getpid());
        snprintf(task_dir, sizeof(task_dir), "/proc/%d/task/%d/fd", (int) getpid(), (int) gettid());
        if ((strcmp(place, pid_dir) != 0 && strcmp(place, task_dir) != 0) || fstatat(dfd, name, &lst, 0) < 0 ||
            fstat(n, &st) < 0 || !S_ISSOCK(st.st_mode) || st.st_dev != lst.st_dev || st.st_ino != lst.st_ino)
                return -ENXIO;
        fd = fcntl(n, F_DUPFD_CLOEXEC, 3);
        return fd < 0 ? -errno : fd;
}

/* Opens the record's file name in the directory dfd, outside any workspace (root: the
 * workspace's, NULL when none is known or the run is unconfined), where it is the caller's to
 * name. What another user could have planted in a sticky world-writable directory is refused
 * (planted_by_other()): a symlink (/tmp/v.json -> ~root/.bashrc), a FIFO (which held root's sbx
 * for ever after its run, deaf to SIGTERM, where fs.protected_fifos is off, as here), a regular
 * file (which got the record), and a hard link of any owner's (nobody's link to a file of root's,
 * which fs.protected_hardlinks alone prevents). A FIFO is opened without waiting first, so that
 * one is seen before it can hold sbx; the caller's own FIFO, whose reader may come later, is then
 * waited for as before. A symlink allowed there is read by open_link_target() (but for /proc's
 * own, /proc/self/fd/1, which name no path and which no user plants), to a file created if need
 * be when follow is true; otherwise only to what is no regular file or directory (/dev/stdout, a
 * pipe, a terminal). links: the symlinks followed so far. -errno, *why. */
static int open_outside(int dfd, const char *name, const char *root, bool follow, unsigned links, const char **why) {
        /* (through a symlink, before a workspace is known, nothing is created) */
        int create = follow || links == 0 ? O_CREAT : 0;
        struct stat st, dst;
        struct statfs sfs;
        int fd, lfd;

        sbx_run_umask_for_caller(true);
        fd = openat(dfd, name, O_WRONLY | create | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK, 0644);
        sbx_run_umask_for_caller(false);
        if (fd < 0 && errno != ELOOP && errno != ENXIO)
                return -errno;
        if (fstat(dfd, &dst) < 0) {
                int e = errno;
                if (fd >= 0)
                        close(fd);
                return -e;
        }
        if (fd >= 0) {
                if (fstat(fd, &st) < 0) {
                        int e = errno;
                        close(fd);
                        return -e;
                }
                if (planted_by_other(&st, &dst)) {
                        close(fd);
                        *why = S_ISFIFO(st.st_mode) ? "it is another user's FIFO in a sticky directory others may write"
                                                    : "it is another user's file in a sticky directory others may write";
                        return -EACCES;
                }
                if (S_ISREG(st.st_mode) && st.st_nlink > 1 && sticky_shared(&dst)) {
                        close(fd);
                        *why = "it is a hard link in a sticky directory others may write (another user could have made it)";
                        return -EACCES;
                }
                if (!follow && links > 0 && (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))) {
                        close(fd);
                        *why = "it is a symlink to a file, which sbx does not follow before it knows the workspace";
                        return -ELOOP;
                }
                return blocking_again(fd);
        }
        /* a symlink, or a FIFO without a reader yet: which, and whose, from the entry itself */
        lfd = openat(dfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
        if (lfd < 0)
                return -errno;
        if (fstat(lfd, &st) < 0) {
                int e = errno;
                close(lfd);
                return -e;
        }
        close(lfd);
        if (planted_by_other(&st, &dst)) {
                *why = S_ISLNK(st.st_mode) ? "it is another user's symlink in a sticky directory others may write"
                                           : "it is another user's FIFO in a sticky directory others may write";
                return -EACCES;
        }
        if (!S_ISLNK(st.st_mode)) {
                /* a FIFO without a reader reached through a symlink before a workspace is known
                 * fails instead of hanging */
                if (!follow && links > 0)
                        return -ENXIO;
                /* the caller's FIFO (or the directory owner's), which no other user can replace */
                return open_own_fifo(dfd, name, &st, why);
        }
        if (fstatfs(dfd, &sfs) < 0)
                return -errno;
        if (sfs.f_type != PROC_SUPER_MAGIC)
                return open_link_target(dfd, name, root, follow, links, why);
        /* /proc/self/fd/N: the kernel's to follow (non-blocking only to open before a workspace
         * is known: a FIFO without a reader fails instead of hanging) */
        fd = openat(dfd, name, O_WRONLY | O_CLOEXEC | O_NOCTTY | (follow ? 0 : O_NONBLOCK));
        if (fd < 0 && errno == ENXIO)
                return own_socket(dfd, name);
        if (fd < 0)
                return -errno;
        if (!follow && fstat(fd, &st) == 0 && (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))) {
                close(fd);
                *why = "it is a symlink to a file, which sbx does not follow before it knows the workspace";
                return -ELOOP;
        }
        return blocking_again(fd);
}

/* Opens the --verdict-json file for writing. sbx writes it after the command, unconfined, so a
 * symlink a confined command planted in its workspace (in this run or an earlier one) would make
 * sbx write wherever it points, ~/.bashrc included. The directory is opened, and its real place
 * read back: beneath the workspace the file itself must be no symlink, and a path that names the
 * workspace but leads out of it (a directory swapped for a symlink) is refused. Elsewhere
 * (/dev/stdout, a file outside the workspace) the path is followed as given, but for what another
 * user may have planted in a sticky world-writable directory (open_record_dir(), open_outside()),
 * on the directories' way as on the file's. -errno, *why. */
static int open_verdict_file(const char *path, const struct sbx_policy *policy, const char **why) {
        _cleanup_free_ char *copy = NULL, *dcopy = NULL;
        _cleanup_close_ int dfd = -1;
        const char *root = policy && policy->mode != SBX_MODE_DANGER_FULL_ACCESS ? policy->workspace_root : NULL;
        bool in_ws;

        *why = NULL;
        if (!(copy = strdup(path)) || !(dcopy = strdup(path)))
                return -ENOMEM;
        if (!root) {
                /* refused before a workspace was known (a policy without a root: its session's
                 * workspace moved, or unreadable), or unconfined (the command could write anywhere
                 * itself, but other users' plants are no more welcome) */
                if ((dfd = open_record_dir(AT_FDCWD, dirname(dcopy), NULL, why)) < 0)
                        return dfd;
                return open_outside(dfd, basename(copy), NULL, policy && policy->mode == SBX_MODE_DANGER_FULL_ACCESS,
                                    0, why);
        }
        if ((dfd = open_verdict_dir(path, root, &in_ws, why)) < 0)
                return dfd;
        if (!in_ws)
                return open_outside(dfd, basename(copy), root, true, 0, why);
        return open_in_workspace(dfd, basename(copy), why);
}

/* The directory sbx runs in, for the record. getcwd() fails when it was removed before sbx
 * started (the command still runs there): the kernel's name for it is then recorded, which ends
 * in " (deleted)", rather than an empty cwd. NULL when neither is known. Caller frees. */
static char *current_dir(void) {
        char *cwd = getcwd(NULL, 0), buf[PATH_MAX];
        ssize_t n;

        if (cwd)
                return cwd;
        /* (the kernel names no path longer than a page here) */
        n = readlink("/proc/self/cwd", buf, sizeof(buf) - 1);
        if (n <= 0)
                return NULL;
        buf[n] = '\0';
        return strdup(buf);
}

/* path made absolute with its directory's symlinks resolved (the file itself is not followed);
 * NULL when its directory does not exist. Caller frees. */
static char *canonical_file(const char *path) {
        _cleanup_free_ char *d = strdup(path), *b = strdup(path), *real = NULL;
        char *out = NULL;

        if (!d || !b || !(real = realpath(dirname(d), NULL)))
                return NULL;
        if (asprintf(&out, "%s/%s", strcmp(real, "/") == 0 ? "" : real, basename(b)) < 0)
                return NULL;
        return out;
}

/* The files of an audit database: SQLite's own beside it, and the writer's socket. */
static const char *const audit_file_suffixes[] = { "", "-wal", "-shm", "-journal", ".writer", SBX_DB_RESERVE_SUFFIX };

/* Whether *st is the audit database db or one of its files (a hard link, /proc/self/fd/N). */
static bool is_audit_file(const char *db, const struct stat *st) {
        for (size_t i = 0; i < SBX_ELEMENTSOF(audit_file_suffixes); i++) {
                _cleanup_free_ char *name = NULL;
                struct stat dst;

                if (asprintf(&name, "%s%s", db, audit_file_suffixes[i]) >= 0 && stat(name, &dst) == 0 &&
                    dst.st_dev == st->st_dev && dst.st_ino == st->st_ino)
                        return true;
        }
        return false;
}

/* Whether the --verdict-json path names the audit database or one of its files: the record,
 * written over it, would erase the audit trail. By name (the files may not exist yet) and by
 * inode. */
static bool names_audit_files(const char *verdict, const char *db) {
        _cleanup_free_ char *v = canonical_file(verdict);
        struct stat vst;

        if (stat(verdict, &vst) == 0 && is_audit_file(db, &vst))
                return true;
        for (size_t i = 0; v && i < SBX_ELEMENTSOF(audit_file_suffixes); i++) {
                _cleanup_free_ char *name = NULL, *canon = NULL;

                if (asprintf(&name, "%s%s", db, audit_file_suffixes[i]) < 0)
                        return false;
                canon = canonical_file(name);
                if (canon && strcmp(v, canon) == 0)
                        return true;
        }
        return false;
}

/* The audit database of this run (set once its path is known): the record never lands on it. */
static const char *verdict_db_path;

/* The descriptor, stdout or stderr, through which the regular file *st took the command's output
 * (`sbx run --verdict-json /dev/stdout -- make >log`), or -1. (A --keep-fd onto the record's
 * file is refused before the run, sbx_run_check_fds(); one that leads to it now was planted
 * since, and the record replaces what it holds.) One open for reading only took none, and would
 * refuse the record (review: `--verdict-json f -- true 1<f` wrote no record, exit 1). */
static int command_output_fd(const struct stat *st) {
        struct stat o;
        int fl;

        for (int fd = 1; fd <= 2; fd++)
                if (fstat(fd, &o) == 0 && o.st_dev == st->st_dev && o.st_ino == st->st_ino &&
                    (fl = fcntl(fd, F_GETFL)) >= 0 && (fl & O_ACCMODE) != O_RDONLY)
                        return fd;
        return -1;
}

/* The record's file, opened without O_TRUNC: emptied only once it is known not to be the audit
 * database or one of its files (names_audit_files() saw the names; this sees what was opened,
 * /proc/self/fd/N of the database included). The file that took the command's output on stdout
 * or stderr is not emptied (the output was lost to its own record): the record is written
 * through that very descriptor, after the output, and what the caller writes there next follows
 * it; *start is where it begins (where a record that failed is cut off again). */
static int verdict_fd_checked(int fd, off_t *start, const char **why) {
        struct stat st;
        int out;

        *start = 0;
        if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
                return fd;
        if (verdict_db_path && is_audit_file(verdict_db_path, &st)) {
                close(fd);
                *why = "it is the audit database or one of its files";
                return -EEXIST;
        }
        if ((out = command_output_fd(&st)) >= 0) {
                close(fd);
                /* (opened to append, the record goes at the end, wherever the offset is) */
                if ((*start = lseek(out, 0, (fcntl(out, F_GETFL) & O_APPEND) ? SEEK_END : SEEK_CUR)) < 0 ||
                    (fd = fcntl(out, F_DUPFD_CLOEXEC, 3)) < 0)
                        return -errno;
                return fd;
        }
        if (ftruncate(fd, 0) < 0) {
                int e = errno;
                close(fd);
                return -e;
        }
        return fd;
}

/* Room kept for the record from before the command starts: a workspace-write command can fill
 * the file system its workspace shares with the record (both in /tmp), and the record could not
 * be written then, which read as "sbx ran nothing" though the command ran (audit review). An
 * unnamed file (O_TMPFILE: nothing to see, gone with sbx however it ends) in the record's
 * directory holds VERDICT_ROOM, given back just before the record is written, once the command's
 * processes have ended: the record cut short (without its denial lines and argv, which the audit
 * row keeps) always fits. The same walk to that directory notes what its way holds in the
 * workspace before the command runs (verdict_way). */
#define VERDICT_ROOM (64 * 1024)
static int verdict_room_fd = -1;

static void release_verdict_room(void) {
        if (verdict_room_fd >= 0)
                close(verdict_room_fd);
        verdict_room_fd = -1;
}

static void reserve_verdict_room(const struct sbx_run_args *a, const struct sbx_policy *policy) {
        _cleanup_free_ char *dir = NULL, *base = NULL;
        _cleanup_close_ int dfd = -1;
        const char *root = policy->mode != SBX_MODE_DANGER_FULL_ACCESS ? policy->workspace_root : NULL;
        const char *why;
        bool in_ws = false;

        release_verdict_room();
        way_forget();
        if (!a->verdict_json || !(dir = strdup(a->verdict_json)) || !(base = strdup(a->verdict_json)))
                return;
        /* in the directory the record will be written to, found as it will be: a symlink that an
         * earlier command planted in the workspace (ws/sub -> /elsewhere) made sbx allocate the
         * room wherever it pointed, outside the workspace, for as long as the command ran (deputy
         * review); the record itself is refused there, and so is its room. The walk notes what
         * the way holds in the workspace now (verdict_way); one that stopped where sbx may not
         * look (EACCES) saw too little to tell what the run made beyond. */
        if (root) {
                verdict_way.noting = true;
                dfd = open_verdict_dir(a->verdict_json, root, &in_ws, &why);
                verdict_way.noting = false;
                verdict_way.noted = dfd >= 0 || dfd == -ELOOP || dfd == -ENOENT || dfd == -ENOTDIR;
        } else
                dfd = open_record_dir(AT_FDCWD, dirname(dir), NULL, &why);
        if (dfd < 0)
                return;
#if defined(O_TMPFILE) && defined(__linux__)
        {
                _cleanup_close_ int fd = -1;
                struct stat st;

                /* a pipe, a terminal (/dev/stdout) need none, nor a symlink in the workspace (refused) */
                if (fstatat(dfd, basename(base), &st, in_ws ? AT_SYMLINK_NOFOLLOW : 0) == 0 && !S_ISREG(st.st_mode))
                        return;
                fd = openat(dfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
                if (fd >= 0 && fallocate(fd, 0, 0, VERDICT_ROOM) == 0)
                        verdict_room_fd = sbx_steal_fd(&fd);
        }
#endif
}

/* The pipe or terminal fd (st: its fstat) opened again through /proc/self/fd: a non-blocking
 * description of sbx's own, the caller's flags left as they are; -1 when it is not the same pipe
 * (its inode) or terminal (its device), or a pseudo-terminal's master (opened again, a new pair's). */
static int reopen_nonblocking(int fd, const struct stat *st) {
        char path[64];
        struct stat again;
        int own;

        if (!S_ISFIFO(st->st_mode) &&
            !(S_ISCHR(st->st_mode) && isatty(fd) && ioctl(fd, TIOCGPTN, &(unsigned) { 0 }) < 0))
                return -1;
        snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
        own = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (own >= 0 && fstat(own, &again) == 0 && (again.st_mode & S_IFMT) == (st->st_mode & S_IFMT) &&
            (S_ISFIFO(st->st_mode) ? again.st_ino == st->st_ino && again.st_dev == st->st_dev
                                   : again.st_rdev == st->st_rdev))
                return own;
        if (own >= 0)
                close(own);
        return -1;
}

/* Waits until fd has room, or a signal that ends sbx came (-EINTR). 0 or -errno. */
static int wait_for_room(int fd) {
        for (;;) {
                struct pollfd p = { .fd = fd, .events = POLLOUT };
                int r;

                if (sbx_run_signal_held() != 0)
                        return -EINTR;
                r = poll(&p, 1, 100);
                if (r > 0)
                        return 0; /* (room, or an error the write then tells) */
                if (r < 0 && errno != EINTR)
                        return -errno;
        }
}

/* buf[0..len) written whole to fd: the caller's --verdict-fd, or the --verdict-json file. sbx
 * waits for room as a blocking write would (review: a non-blocking pipe with no room yet failed
 * stdio's write with EAGAIN, and the record was lost, or cut after its first 4 KiB), but not past
 * a signal that ends sbx (-EINTR), as for the reader of the caller's FIFO (open_own_fifo()): a
 * reader that never read held sbx for ever, deaf to SIGTERM, in poll(2) or, on a blocking pipe or
 * terminal, in write(2) (review). So a pipe or terminal is written through a non-blocking
 * description of sbx's own; where there is none (another user's), a blocking pipe takes at most
 * PIPE_BUF bytes a write once poll(2) says it has room, and a terminal is written as it is. A
 * socket is written with MSG_DONTWAIT; anything else (a file) as it is. 0 or -errno. */
static int write_waiting(int fd, const char *buf, size_t len) {
        _cleanup_close_ int own = -1;
        struct stat st;
        size_t max = SIZE_MAX;
        bool sock;
        int fl, r;

        if (fstat(fd, &st) < 0)
                return -errno;
        sock = S_ISSOCK(st.st_mode);
        if ((own = reopen_nonblocking(fd, &st)) >= 0)
                fd = own;
        else if (S_ISFIFO(st.st_mode) && (fl = fcntl(fd, F_GETFL)) >= 0 && !(fl & O_NONBLOCK))
                max = PIPE_BUF;
        while (len > 0) {
                ssize_t n;

                if (max != SIZE_MAX && (r = wait_for_room(fd)) < 0)
                        return r;
                n = sock ? send(fd, buf, len, MSG_DONTWAIT | MSG_NOSIGNAL) : write(fd, buf, len < max ? len : max);
                if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                        if ((r = wait_for_room(fd)) < 0)
                                return r;
                        continue;
                }
                if (n < 0 && errno == EINTR)
                        continue;
                if (n < 0)
                        return -errno;
                if (n == 0)
                        return -EIO;
                buf += n;
                len -= (size_t) n;
        }
        return 0;
}

/* The record (cut short: see sbx_run_report_json()) into fd; a regular file is cut at `from`
 * and written from there first, when from >= 0. 0 or -errno. */
static int write_record(int fd, off_t from, const struct sbx_run_report *rep, bool cut_short) {
        _cleanup_free_ char *text = NULL;
        size_t len = 0;
        FILE *f;

        if (from >= 0 && (lseek(fd, from, SEEK_SET) < 0 || ftruncate(fd, from) < 0))
                return -errno;
        if (!(f = open_memstream(&text, &len)))
                return -errno;
        sbx_run_report_json(rep, cut_short, f);
        fputc('\n', f);
        if (fclose(f) != 0)
                return -errno;
        return write_waiting(fd, text, len);
}

/* What write_record() failed with, said */
static const char *record_error(int e) {
        return e == -EINTR ? "a signal ended the wait for its reader to take it" : strerror(-e);
}

/* SIGPIPE ignored for as long as one lives (pipe_quiet_begin() ... its cleanup): sbx's own writes
 * outside a run's (sbx_run_execute() ignores it from there until sbx_run_signals_restore()), to a
 * record's or stderr's reader that has gone, fail with EPIPE instead of killing sbx. The caller's
 * disposition is put back after: a SIGPIPE raised meanwhile is discarded, not left pending. */
struct pipe_quiet {
        struct sigaction old;
        bool valid;
};

static struct pipe_quiet pipe_quiet_begin(void) {
        struct sigaction ign = { .sa_handler = SIG_IGN };
        struct pipe_quiet q = { .valid = false };

        sigemptyset(&ign.sa_mask);
        q.valid = sigaction(SIGPIPE, &ign, &q.old) == 0;
        return q;
}

static void pipe_quiet_end(struct pipe_quiet *q) {
        if (q->valid)
                (void) sigaction(SIGPIPE, &q->old, NULL);
        q->valid = false;
}

#define _cleanup_pipe_quiet_ _sbx_cleanup_(pipe_quiet_end) _sbx_unused_

/* The record to --verdict-json and --verdict-fd. -1 (said) when one could not be written: a reader
 * that has gone (EPIPE) is such a failure, never sbx's death by SIGPIPE (exit 141 after a refusal
 * whose record went to `| head -c0`). */
static int write_verdict_record(const struct sbx_run_args *a, const struct sbx_run_report *rep) {
        _cleanup_pipe_quiet_ struct pipe_quiet quiet = pipe_quiet_begin();
        int r = 0;

        /* its space is the record's now */
        release_verdict_room();
        if (a->verdict_json) {
                const char *why = NULL;
                off_t start;
                int fd = verdict_fd_checked(open_verdict_file(a->verdict_json, rep->policy, &why), &start, &why), e;
                struct stat st;
                bool regular;

                if (fd < 0)
                        return sbx_fail(-1, "cannot write verdict record %s: %s", a->verdict_json,
                                        why ? why : strerror(-fd));
                regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
                e = write_record(fd, -1, rep, false);
                /* past the caller's file size limit (`ulimit -f`, EFBIG now that sbx ignores
                 * SIGXFSZ) as on a full disk: the record cut short may fit where the whole did not */
                if (regular && (e == -ENOSPC || e == -EDQUOT || e == -EFBIG)) {
                        bool fsize = e == -EFBIG;
                        e = write_record(fd, start, rep, true);
                        /* (a refused run may have no row to point to) */
                        if (e == 0 && rep->execution_id > 0)
                                sbx_fail(0,
                                         "verdict record %s cut short, without its denial lines and argv "
                                         "(sbx audit show %" PRId64 "): %s",
                                         a->verdict_json, rep->execution_id,
                                         fsize ? "past the file size limit (ulimit -f)" : "no space left");
                        else if (e == 0)
                                sbx_fail(0, "verdict record %s cut short, without its denial lines and argv: %s",
                                         a->verdict_json,
                                         fsize ? "past the file size limit (ulimit -f)" : "no space left");
                }
                /* what did not fit is no record: a consumer read the first KiB of one as if it
                 * were whole (review: a refusal's record cut at `ulimit -f 1`, 1024 bytes of 3.5
                 * KiB, its JSON unterminated). Empty, the record is missing, as documented. */
                if (e < 0 && regular && ftruncate(fd, start) == 0)
                        (void) lseek(fd, start, SEEK_SET);
                close(fd);
                if (e < 0)
                        r = sbx_fail(-1, "cannot write verdict record %s: %s", a->verdict_json, record_error(e));
        }
        if (a->verdict_fd >= 0) {
                int e = write_record(a->verdict_fd, -1, rep, false);

                if (e < 0)
                        r = sbx_fail(-1, "cannot write verdict record to descriptor %d: %s", a->verdict_fd,
                                     record_error(e));
        }
        way_forget();
        return r;
}

/* The audit database, opened when first needed: up front when a session must be looked up,
 * otherwise while the runner sets the sandbox up (see sbx_run_execute()). Rows go through the
 * audit writer (audit/writer.c) when one answers: then sbx never opens SQLite at all. */
struct audit_handle {
        struct sbx_db *db;
        const char *path;
        char refusal[1200]; /* why the run could not be recorded, "" otherwise */
        char abs_path[PATH_MAX]; /* path made absolute: the writer's socket is named after it */
        bool use_writer;    /* configured, and this run needs no session lookup */
        bool writer_tried;
        bool spawn_writer;  /* nobody answered: start a writer once this run is recorded */
        struct sbx_audit_writer *writer;
        bool open_failed;   /* a session lookup needed the database, which could not be opened */
        bool lookup_failed; /* ... or could not be read (a damaged page): not an unknown session */
        bool begin_sent;    /* this run's begin request is on its way to the writer */
        bool begin_went_out; /* ... or was, and the writer may have added the row */
        int64_t writer_row; /* the row the writer began: its end goes there too */
        char link_gone[1024]; /* the run's session or parent was pruned before its row: why, "" otherwise */
        int64_t refused_row; /* the row of the run's refusal, written when its own could not be (a full disk) */
};

/* sbx_audit_writer_abort_waits()'s test until the run's row is written: a signal came (held since
 * sbx's start), and the writer's slowness must not keep it waiting; the row is then written
 * directly. */
static bool signal_before_row(void) {
        return sbx_run_signal_held() != 0;
}

static void writer_drop(struct audit_handle *h) {
        sbx_audit_writer_close(h->writer);
        h->writer = NULL;
}

/* The writer of this database, connected once per sbx process. */
static struct sbx_audit_writer *writer_get(struct audit_handle *h) {
        int r;

        if (!h->use_writer || h->writer_tried)
                return h->writer;
        h->writer_tried = true;
        r = sbx_audit_writer_connect(h->abs_path, &h->writer);
        if (r == -ENOENT || r == -ECONNREFUSED)
                h->spawn_writer = true;
        /* the writer has no file size limit, so a start it accepts is not checked against this
         * run's: when it goes, this run writes its end itself, and under the caller's `ulimit -f`
         * lost it (review). Such a run writes its rows itself, checked at its start. */
        if (h->writer && sbx_file_size_limit() != UINT64_MAX)
                writer_drop(h);
        return h->writer;
}

/* Starts `sbx audit-writer` for this database, detached (its own session, stdio on /dev/null),
 * for the runs that follow. Best effort: nothing depends on it. */
static void spawn_writer(const struct audit_handle *h) {
        struct rlimit fsize;
        pid_t pid;

        if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 0)
                return; /* it would refuse every client */
        /* it serves every later run of this database: a caller's hard file size limit would
         * refuse theirs too (the reserve's room is checked against the writer's limit). A soft
         * one it drops. */
        if (getrlimit(RLIMIT_FSIZE, &fsize) < 0 || fsize.rlim_max != RLIM_INFINITY)
                return;
        pid = fork();
        if (pid < 0)
                return;
        if (pid == 0) {
                sigset_t none;
                int fd;

                sigemptyset(&none);
                sigprocmask(SIG_SETMASK, &none, NULL);
                fsize.rlim_cur = RLIM_INFINITY;
                if (setrlimit(RLIMIT_FSIZE, &fsize) < 0 || setsid() < 0 || fork() != 0)
                        _exit(0);
                fd = open("/dev/null", O_RDWR | O_CLOEXEC);
                if (fd < 0 || dup2(fd, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
                        _exit(1);
                close_range(3, ~0U, 0);
                execl("/proc/self/exe", "sbx", "audit-writer", "--db", h->abs_path, (char *) NULL);
                _exit(127);
        }
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                ;
}

static int audit_open(struct audit_handle *h) {
        struct sbx_diag diag = { 0 };
        int r;

        if (h->db)
                return 0;
        r = sbx_db_open(h->path, &h->db, &diag);
        if (r < 0) {
                /* the database's own messages name the file */
                if (diag.msg[0])
                        snprintf(h->refusal, sizeof(h->refusal), "refusing to run unrecorded: %s", diag.msg);
                else
                        snprintf(h->refusal, sizeof(h->refusal), "refusing to run unrecorded: audit database %s: %s",
                                 h->path, strerror(-r));
        }
        return r;
}

/* Why the database could not be opened (audit_open() failed), without the refusal's prefix. */
static const char *audit_open_failure(const struct audit_handle *h) {
        static const char prefix[] = "refusing to run unrecorded: ";
        const char *why = h->refusal;

        if (strncmp(why, prefix, sizeof(prefix) - 1) == 0)
                why += sizeof(prefix) - 1;
        return why;
}

/* The run's end, written directly. The command has run: a database still locked after the usual
 * wait (about a minute; an open that must rebuild the WAL index, 10 s) is waited for on, a second
 * at a time, until the lock goes or a signal comes. Giving up lost the end of a run that had
 * happened (locks review: a confined command of another run, which can read the database, holds
 * a read lock on the WAL write lock byte of its -shm for as long as it runs; this run's row then
 * read `running`, then `interrupted`, its verdict gone). A lock outlives no run, so the wait ends
 * with the holder's. The usual wait is waited a second at a time too, and only then said: a signal
 * in it was taken once it had run out, a minute later (review). 0, or -errno with diag filled
 * (the database unopened: audit_open_failure()). */
static int finish_direct(struct audit_handle *h, int64_t id, const struct sbx_execution_end *end,
                         struct sbx_diag *diag) {
        struct timespec t0, t;
        bool told = false, short_wait = false;
        int r;

        (void) clock_gettime(CLOCK_MONOTONIC, &t0);
        for (;;) {
                r = audit_open(h);
                if (r >= 0 && !short_wait) {
                        sbx_db_set_busy_wait(h->db, 1000, 1);
                        short_wait = true;
                }
                if (r >= 0)
                        r = sbx_audit_finish(h->db, id, end, diag);
                if ((r != -EBUSY && r != -EAGAIN) || sbx_run_signal_held())
                        break;
                (void) clock_gettime(CLOCK_MONOTONIC, &t);
                /* an open that failed waited already (10 s for the WAL index) */
                if (!told && (!h->db || (t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 >=
                                                (int64_t) SBX_DB_BUSY_RETRIES * SBX_DB_BUSY_TIMEOUT_MS)) {
                        fprintf(stderr, "sbx: audit: %s; waiting for it to record the run's end (a signal gives up)\n",
                                h->db ? diag->msg : audit_open_failure(h));
                        told = true;
                }
                if (!h->db) /* an open that failed at once is not retried in a busy loop */
                        (void) nanosleep(&(struct timespec) { .tv_sec = 1 }, NULL);
                *diag = (struct sbx_diag) { 0 };
        }
        if (short_wait && h->db)
                sbx_db_default_busy_wait(h->db);
        return r;
}

/* What is known of the policy of a run refused before its workspace was resolved: the session it
 * names and the mode the caller gave (which outranks the session's), no workspace root. Points
 * into a. */
static struct sbx_policy policy_unresolved(const struct sbx_run_args *a) {
        return (struct sbx_policy) {
                .mode = a->has_mode ? a->mode : _SBX_MODE_MAX,
                .mode_source = !a->has_mode      ? (enum sbx_mode_source) -1 /* none */
                               : a->mode_approved ? SBX_MODE_SOURCE_APPROVED
                                                  : SBX_MODE_SOURCE_EXPLICIT,
                .session_id = (char *) a->session, /* read only */
        };
}

/* The row is written, or nothing runs: the verdict record still says why (and names the refusal's
 * row where one could be written, h->refused_row), and what would have run
 * where it was known (known: the run's report, its policy resolved and its backend chosen; NULL
 * before). A full disk refused the run at its row, its policy and backend long known, and the
 * record said mode, workspace_root, backend and enforcement null (record59). Without a report, a
 * run of a session refused so could not read the session, which lives in the database: its
 * workspace root (and mode, unless given) is unknown, the message says so, and the record names
 * the session and a mode given (it named neither, and blamed only the database: record60). */
static int refuse_unrecorded(const struct sbx_run_args *a, char *const *command, struct audit_handle *h,
                             const struct sbx_run_report *known) {
        _cleanup_pipe_quiet_ struct pipe_quiet quiet = pipe_quiet_begin(); /* (its messages too) */
        _cleanup_free_ struct sbx_run_report *rep = calloc(1, sizeof(*rep));
        struct sbx_policy unresolved = policy_unresolved(a);

        if (!known && a->session) {
                static const char prefix[] = "refusing to run unrecorded: ";
                char why[sizeof(h->refusal)];

                sbx_strlcpy(why, audit_open_failure(h), sizeof(why));
                snprintf(h->refusal, sizeof(h->refusal),
                         "%ssession '%s' cannot be read, so its workspace root%s unknown: %s", prefix, a->session,
                         a->has_mode ? " is" : " and the run's mode are", why);
        }
        if (rep) {
                if (!known && a->session)
                        rep->policy = &unresolved;
                if (known) {
                        rep->policy = known->policy;
                        rep->backend = known->backend;
                        rep->enforcement = known->enforcement;
                        rep->enforcement_reason = known->enforcement_reason;
                        rep->parent_id = known->parent_id;
                }
                rep->args = a;
                rep->argv = command;
                rep->verdict = "unavailable";
                rep->message = h->refusal;
                rep->exit_status = SBX_EXIT_INFRA;
                rep->execution_id = h->refused_row;
                (void) write_verdict_record(a, rep);
        }
        return sbx_fail(SBX_EXIT_INFRA, "%s", h->refusal);
}

/* The session store is the audit database: asked through the writer when one serves it, else
 * (and whenever the writer cannot answer: an unknown session's error comes from the database)
 * directly. */
static int session_lookup(void *userdata, const char *session_id, struct sbx_session_info *ret,
                          struct sbx_diag *diag) {
        struct audit_handle *h = userdata;

        if (!h->db && h->writer) {
                int r = sbx_audit_writer_session_get(h->writer, session_id, ret);
                if (r == 0)
                        return 0;
                if (r != -EIO)
                        writer_drop(h); /* the writer failed, not the lookup */
        }
        if (audit_open(h) < 0) {
                h->open_failed = true;
                return sbx_diag_set(diag, EIO, "session", h->path, "%s", h->refusal);
        }
        int r = sbx_audit_session_get(h->db, session_id, ret, diag);
        if (r < 0 && r != -ENOENT)
                h->lookup_failed = true;
        return r;
}

static int resolve_policy(const struct sbx_run_args *a, const struct sbx_config *cfg, struct audit_handle *audit,
                          struct sbx_policy **ret, struct sbx_diag *diag) {
        struct sbx_policy_request req = {
                .has_mode = a->has_mode,
                .approved = a->mode_approved,
                .mode = a->mode,
                .session_id = a->session,
                .root = a->root,
        };
        struct sbx_session_lookup sessions = { .lookup = session_lookup, .userdata = audit };

        return sbx_policy_resolve(cfg, &req, &sessions, ret, diag);
}

/* The row of a run that ends as it starts (refused, or a signal before its command), begun and
 * ended at once, its id in *ret_id. On a full disk it is written with that end from the room the
 * reserve holds beyond the runs in progress (sbx_audit_begin()), and said: such a run left no row,
 * the reserve whole (record60). 0, or -errno with diag filled. */
static int record_ended(struct audit_handle *h, const struct sbx_execution_start *start,
                        const struct sbx_execution_end *end, int64_t *ret_id, struct sbx_diag *diag) {
        struct sbx_execution_start s = *start;
        int64_t refused = 0;
        int r;

        s.ret_refused_id = &refused;
        s.refusal = end;
        r = sbx_audit_begin(h->db, &s, ret_id, diag);
        if (r < 0 && refused > 0) {
                sbx_fail(0, "audit: %s (the run is recorded as execution %" PRId64 ", in space kept beside the database)",
                         diag->msg[0] ? diag->msg : strerror(-r), refused);
                *ret_id = refused;
                return 0;
        }
        if (r >= 0)
                r = sbx_audit_finish(h->db, *ret_id, end, diag);
        return r;
}

/* Records a run that never started and prints why. state: "unavailable" (no backend could
 * confine it), or "refused" (one could, but not as the caller required). Returns the exit
 * status. */
static int refuse(struct audit_handle *h, const struct sbx_run_args *a, struct sbx_run_report *rep,
                  const struct sbx_execution_start *start, const char *state, const char *message) {
        /* a stderr whose reader has gone does not keep the record from being written */
        _cleanup_pipe_quiet_ struct pipe_quiet quiet = pipe_quiet_begin();
        struct sbx_execution_end end = {
                .state = state,
                .verdict = "unavailable",
                .message = message,
        };
        struct sbx_diag diag = { 0 };
        int r;

        rep->verdict = "unavailable";
        rep->state = state;
        rep->message = message;
        rep->exit_status = SBX_EXIT_INFRA;
        if (audit_open(h) < 0) {
                /* one line: why nothing ran, and that not even the refusal is recorded */
                sbx_fail(0, "SANDBOX_UNAVAILABLE: nothing was executed: %s (nor recorded: %s)", message,
                         audit_open_failure(h));
                (void) write_verdict_record(a, rep);
                return SBX_EXIT_INFRA;
        }
        r = record_ended(h, start, &end, &rep->execution_id, &diag);
        if (r == -EIDRM) {
                /* its session, or the denied run it retries, was pruned meanwhile
                 * (sbx_audit_begin()): the refusal is recorded all the same, without the link no
                 * row can hold any more; the message names what went */
                struct sbx_policy unlinked = start->policy ? *start->policy : (struct sbx_policy) { 0 };
                struct sbx_execution_start again = *start;

                unlinked.session_id = NULL;
                unlinked.mode_event_id = 0;
                again.policy = start->policy ? &unlinked : NULL;
                again.parent_id = 0;
                diag = (struct sbx_diag) { 0 };
                r = record_ended(h, &again, &end, &rep->execution_id, &diag);
        }
        if (r < 0)
                sbx_fail_diag(0, "audit", &diag);
        sbx_fail(0, "SANDBOX_UNAVAILABLE: nothing was executed: %s", message);
        (void) write_verdict_record(a, rep);
        return SBX_EXIT_INFRA;
}

/* Records a run that a signal ended before anything was started (in a probe) as one that a signal
 * ended before the command started once its row was asked for (sbx_run_execute()): completed,
 * task_failure, signal N, exit 128+N. */
static int record_unstarted(struct audit_handle *h, const struct sbx_run_args *a, struct sbx_run_report *rep,
                            const struct sbx_execution_start *start, int sig, const char *message) {
        _cleanup_pipe_quiet_ struct pipe_quiet quiet = pipe_quiet_begin(); /* (as refuse()) */
        struct sbx_execution_end end = {
                .state = "completed",
                .verdict = "task_failure",
                .evidence = "exit-status",
                .message = message,
                .status = { .signal = sig },
        };
        struct sbx_diag diag = { 0 };
        int r;

        rep->state = end.state;
        rep->verdict = end.verdict;
        rep->evidence = end.evidence;
        rep->message = message;
        rep->status.signal = sig;
        rep->exit_status = 128 + sig;
        if (audit_open(h) < 0)
                return refuse_unrecorded(a, rep->argv, h, rep);
        r = sbx_audit_begin(h->db, start, &rep->execution_id, &diag);
        if (r >= 0)
                r = sbx_audit_finish(h->db, rep->execution_id, &end, &diag);
        if (r < 0)
                sbx_fail_diag(0, "audit", &diag);
        (void) write_verdict_record(a, rep);
        sbx_run_signal_take(sig);
        return rep->exit_status;
}

/* The denied run's row records the escalation asked after it: that it was asked, the answer
 * and who gave it, in its message (schema v3 has no other place; the granted retry's row links
 * to it through parent_id, a refusal left no trace; review). ESCALATION_ASKED is written before
 * the question, so that an sbx ended while it waits (a caller's timeout, an approver that signals
 * its own process group, which is sbx's) still leaves it: before, no trace of the question. The
 * answer replaces it. A failure to record either is said; the answer stands (a refusal runs
 * nothing more, a grant's retry has its own row). Returns whether the note was recorded. */
#define ESCALATION_ASKED "escalation to workspace-write asked, no answer recorded (sbx ended while it waited for one)"
static bool note_escalation(struct audit_handle *h, int64_t id, const char *note, const char *previous) {
        struct sbx_diag diag = { 0 };
        char msg[PATH_MAX * 2 + 320];

        if (id <= 0)
                return false;
        if (note)
                snprintf(msg, sizeof(msg), "escalation to workspace-write %s", note);
        else
                sbx_strlcpy(msg, ESCALATION_ASKED, sizeof(msg));
        if (audit_open(h) < 0)
                sbx_fail(0, "audit: the escalation's %s was not recorded: %s", note ? "answer" : "question",
                         audit_open_failure(h));
        else if (sbx_audit_note_escalation(h->db, id, msg, previous, &diag) < 0)
                sbx_fail_diag(0, note ? "audit: the escalation's answer was not recorded"
                                      : "audit: the escalation's question was not recorded",
                              &diag);
        else
                return true;
        return false;
}

/* What the escalation step needs of a denied run, copied before its state is freed. */
struct denied_run {
        bool offer;
        int64_t execution_id;
        char matched_line[SBX_MATCHED_LINE_MAX];
        char backend[32];
        char root[PATH_MAX];
        char session[128];
};

struct recorder {
        struct audit_handle *audit;
        const struct sbx_execution_start *start;
        struct sbx_run_report *rep;
};

/* sbx_run_execute()'s collected: the vfork child read the writer's reply (id), or the writer did
 * not confirm the row (0: record_start() then writes it directly). */
static void record_collected(void *userdata, int64_t id) {
        struct recorder *rc = userdata;

        rc->audit->begin_sent = false;
        if (id > 0) {
                rc->rep->execution_id = id;
                rc->audit->writer_row = id;
                sbx_audit_writer_abort_waits(NULL); /* the row is written */
        } else
                writer_drop(rc->audit);
}

/* sbx_run_execute()'s denials: the lines kept so far go to the row while the command runs, so
 * that a killed sbx's row ('interrupted') still holds them. Through the writer that began the
 * row, sent without waiting and dropped when it has no room; or, a row written directly, in a
 * short transaction that waits for no lock (a batch the lock keeps out goes with the next). A
 * writer lost meanwhile takes no more: the end goes directly, with the full list, as before. */
static bool record_denials(void *userdata, const struct sbx_denial *d, size_t first, size_t n, uint64_t counted) {
        struct recorder *rc = userdata;
        struct audit_handle *h = rc->audit;
        int64_t id = rc->rep->execution_id;
        const struct sbx_execution_denials b = { .counted = counted, .first = first, .n = n, .d = d };
        struct sbx_diag diag = { 0 };
        int r;

        if (id <= 0)
                return false;
        if (h->writer_row == id)
                return h->writer && sbx_audit_writer_send_denials(h->writer, id, &b) == 0;
        if (!h->db)
                return false;
        sbx_db_set_busy_wait(h->db, 0, 1);
        r = sbx_audit_note_denials(h->db, id, &b, &diag);
        sbx_db_default_busy_wait(h->db);
        return r >= 0;
}

/* sbx_run_execute()'s record_start: the row, before the command can start. */
static int record_start(void *userdata) {
        struct recorder *rc = userdata;
        struct sbx_execution_start start;
        struct sbx_diag diag = { 0 };
        int r;

        if (rc->audit->begin_sent && rc->audit->writer) {
                rc->audit->begin_sent = false;
                r = sbx_audit_writer_wait_begin(rc->audit->writer, &rc->rep->execution_id, &diag);
                if (r >= 0) {
                        rc->audit->writer_row = rc->rep->execution_id;
                        sbx_audit_writer_abort_waits(NULL); /* the row is written */
                        return 0;
                }
                /* a writer that fails is not trusted with the rest: the direct path decides */
                writer_drop(rc->audit);
                diag = (struct sbx_diag) { 0 };
        }
        rc->audit->writer_row = 0;
        if (audit_open(rc->audit) < 0)
                return -1;
        /* a writer that died or was given up after committing the row: taken over, not doubled */
        start = *rc->start;
        start.may_exist = rc->audit->begin_went_out;
        /* on a full disk, a row of the refusal from the reserve's room beyond the runs in
         * progress where it holds some (sbx_audit_begin()): DESIGN's one row for every run, a
         * refused one's too (record59: there was none) */
        rc->audit->refused_row = 0;
        start.ret_refused_id = &rc->audit->refused_row;
        r = sbx_audit_begin(rc->audit->db, &start, &rc->rep->execution_id, &diag);
        if (r < 0 && rc->audit->refused_row > 0) {
                snprintf(rc->audit->refusal, sizeof(rc->audit->refusal),
                         "refusing to run: %s (nothing ran; the refusal is recorded as execution %" PRId64
                         ", in space kept beside the database)",
                         diag.msg[0] ? diag.msg : strerror(-r), rc->audit->refused_row);
                rc->rep->execution_id = 0;
                return -1;
        }
        if (r < 0) {
                /* the session or the parent went since they were read: run_once() records the
                 * refusal */
                if (r == -EIDRM)
                        sbx_strlcpy(rc->audit->link_gone, diag.msg, sizeof(rc->audit->link_gone));
                if (diag.msg[0])
                        snprintf(rc->audit->refusal, sizeof(rc->audit->refusal), "refusing to run unrecorded: %s",
                                 diag.msg);
                else
                        snprintf(rc->audit->refusal, sizeof(rc->audit->refusal),
                                 "refusing to run unrecorded: audit database %s: %s", rc->audit->path, strerror(-r));
                rc->rep->execution_id = 0;
                return -1;
        }
        sbx_audit_writer_abort_waits(NULL);
        return 0;
}

/* One execution's state (run_once()): what it resolved, made and reports, given back by once_done(). */
struct once_state {
        const struct sbx_run_args *a;
        const struct sbx_config *cfg;
        struct audit_handle *audit;
        char **command;
        struct sbx_policy *policy;
        struct sbx_provider *provider;
        struct sbx_confined_argv *confined;
        struct sbx_dialect *dialect;       /* the operator's override of the backend's dialect */
        const struct sbx_dialect *builtin; /* the backend's own */
        char *cwd;
        struct sbx_run_report *rep;
        struct sbx_execution_start start; /* the row's start */
        struct sbx_diag diag;
};

/* The report first, the policy last: the order in which run_once() gave them back when they were its locals
 * (the temp area, if any, goes with the confined command). */
static void once_done(struct once_state *st) {
        free(st->rep);
        free(st->cwd);
        sbx_dialect_freep(&st->dialect);
        sbx_confined_argv_freep(&st->confined);
        sbx_provider_freep(&st->provider);
        sbx_policy_freep(&st->policy);
}

/* How a phase ends: the run goes on (GO_ON), or it ends with the exit status returned instead. */
#define GO_ON (-1)

/* A run refused before a policy was resolved for it, or with one that cannot be used: its row and
 * report name the command and what is known of the policy (NULL: nothing). Returns the exit
 * status. parent_id is 0 but for an approved retry. */
static int refuse_unresolved(struct once_state *st, const struct sbx_policy *policy, const char *state,
                             const char *message) {
        st->cwd = current_dir();
        st->start = (struct sbx_execution_start) {
                .policy = policy, .argv = st->command, .cwd = st->cwd ? st->cwd : "", .parent_id = st->a->parent_id };
        st->rep->policy = policy;
        st->rep->args = st->a;
        st->rep->argv = st->command;
        st->rep->parent_id = st->a->parent_id;
        return refuse(st->audit, st->a, st->rep, &st->start, state, message);
}

/* The policy could not be resolved (r, st->diag): a refusal, recorded, or a usage error. Returns
 * the exit status. */
static int policy_failed(struct once_state *st, int r) {
        const struct sbx_run_args *a = st->a;

        if (st->audit->open_failed)
                return refuse_unrecorded(a, st->command, st->audit, NULL);
        /* the session could not be read (a damaged page of the record): no usage error, the
         * command line was fine, but sbx's refusal, recorded when the row's writes can be made
         * (it was exit 2, a usage error, for a record that could not be read) */
        if (st->audit->lookup_failed) {
                char msg[1200];
                snprintf(msg, sizeof(msg), "session '%s' cannot be read: %s", a->session,
                         st->diag.msg[0] ? st->diag.msg : strerror(-r));
                return refuse_unresolved(st, NULL, "unavailable", msg);
        }
        /* a session's workspace that a symlink has moved since: no usage error but a
         * refusal, recorded, as the swap may be an earlier command's doing (review) */
        if (r == -EXDEV) {
                /* the row names the session (sbx audit --session finds it) and a mode the
                 * caller gave; no root was resolved */
                struct sbx_policy in_session = policy_unresolved(a);
                return refuse_unresolved(st, &in_session, "refused", st->diag.msg);
        }
        /* an approved retry whose workspace is gone since the question (removed, or not a
         * directory any more): no usage error, the command line was fine, but its refusal,
         * recorded as the denied run's retry (it was exit 2 and no row) */
        if (a->mode_approved)
                return refuse_unresolved(st, NULL, "refused", st->diag.msg[0] ? st->diag.msg : strerror(-r));
        /* the configured fallback root cannot be used: a broken deployment configuration,
         * refused and recorded as one that does not load (it was a usage error, 2, and
         * no row, for a command line without an error) */
        if (!a->session && !a->root && st->cfg->fallback_root) {
                char msg[1024];
                snprintf(msg, sizeof(msg), "configuration: %s", st->diag.msg[0] ? st->diag.msg : strerror(-r));
                return refuse_unresolved(st, NULL, "unavailable", msg);
        }
        return sbx_fail_diag(SBX_EXIT_USAGE, "run", &st->diag);
}

/* The approval was for the workspace root named in the request (sbx_cmd_run() passes it
 * as the root): the retry writes there or nowhere. It resolved --root or the fallback root
 * again, and a symlink on the way retargeted while the approver decided gave it another
 * directory to write (review). Refused and recorded like a moved session workspace: no
 * root was resolved. Returns the exit status. */
static int root_moved(struct once_state *st) {
        struct sbx_policy granted = {
                .mode = st->policy->mode,
                .mode_source = st->policy->mode_source,
                .session_id = st->policy->session_id, /* read only */
        };
        char msg[PATH_MAX * 2 + 128];

        snprintf(msg, sizeof(msg),
                 "the workspace root %s of the approved retry now resolves to %s: refusing a moved workspace",
                 st->a->root, st->policy->workspace_root);
        return refuse_unresolved(st, &granted, "refused", msg);
}

/* The policy, resolved (a session's from the database, opened for it). */
static int once_policy(struct once_state *st) {
        const struct sbx_run_args *a = st->a;
        struct audit_handle *audit = st->audit;
        int r;

        /* a session lives in the database: it must be open to resolve the policy. Without one,
         * the session is unknown, a usage error; opening it for writing made the database, the
         * directories above it and a writer for it first (review: `sbx session mode` did too) */
        if (a->session && !audit->writer && !audit->db) {
                struct sbx_diag d = { 0 };
                /* a record truncated to nothing is refused as its open refuses it (125, with the
                 * verdict record): sbx_audit_tool_require_db() says it with a query verb's 1, which
                 * from sbx run read as the command's own status */
                if (sbx_db_check_not_truncated(audit->path, &d) < 0) {
                        snprintf(audit->refusal, sizeof(audit->refusal), "refusing to run unrecorded: %s", d.msg);
                        return refuse_unrecorded(a, st->command, audit, NULL);
                }
                if ((r = sbx_audit_tool_require_db(audit->path, "run", "session", a->session)))
                        return r;
        }
        if (a->session && !audit->writer && audit_open(audit) < 0)
                return refuse_unrecorded(a, st->command, audit, NULL);
        if ((r = resolve_policy(a, st->cfg, audit, &st->policy, &st->diag)) < 0)
                return policy_failed(st, r);
        if (a->mode_approved && a->root && strcmp(st->policy->workspace_root, a->root) != 0)
                return root_moved(st);
        return GO_ON;
}

/* What a confined run cannot be given: usage errors, before anything is recorded. */
static int once_checks(const struct once_state *st) {
        const struct sbx_run_args *a = st->a;

        if (sbx_mode_is_confined(st->policy->mode) && a->on_denial == SBX_ON_DENIAL_ASK) {
                char err[PATH_MAX * 2 + 256];
                if (sbx_escalation_check_approver(a->approver, st->policy->workspace_root, err, sizeof(err)) < 0)
                        return sbx_fail(SBX_EXIT_USAGE, "%s", err);
        }
        if (sbx_mode_is_confined(st->policy->mode))
                for (size_t i = 0; i < a->n_keep_fds; i++)
                        if (sbx_run_fd_reopenable(a->keep_fds[i]))
                                return sbx_fail(SBX_EXIT_USAGE,
                                                "run: --keep-fd %d is a file, directory, named pipe or device open without "
                                                "write access (or with O_PATH): a confined command could reopen it for "
                                                "writing or change it; pass it on stdin instead",
                                                a->keep_fds[i]);
        return GO_ON;
}

/* The row's start and the report: the policy resolved, the command, where it runs. */
static void once_describe(struct once_state *st) {
        st->cwd = current_dir();
        st->start = (struct sbx_execution_start) {
                .policy = st->policy,
                .argv = st->command,
                .cwd = st->cwd ? st->cwd : "",
                .parent_id = st->a->parent_id,
        };
        st->rep->args = st->a;
        st->rep->policy = st->policy;
        st->rep->argv = st->command;
        st->rep->parent_id = st->a->parent_id;
}

/* A named pipe on stdin that bubblewrap's launcher can open again inside the sandbox: the very
 * FIFO still at the path /proc names, which is not in /dev or /proc (bubblewrap's own there). */
static bool stdin_fifo_reopenable(const struct stat *in_st, const char *path) {
        struct stat now;

        return sbx_run_fd_named_fifo(STDIN_FILENO, in_st) && path[0] == '/' && strncmp(path, "/dev/", 5) != 0 &&
               strncmp(path, "/proc/", 6) != 0 && stat(path, &now) == 0 && S_ISFIFO(now.st_mode) &&
               now.st_dev == in_st->st_dev && now.st_ino == in_st->st_ino;
}

/* A directory on stdin: bubblewrap's launcher opens it again inside the sandbox. So it does a named
 * pipe where it can: fed through sbx's pipe, it lost what sbx read ahead of the command, which
 * cannot be given back to a FIFO as to a file (`while read l; do sbx run ...; done < fifo`); one
 * it cannot open still goes through the pipe. */
static int confine_stdin_dir(struct once_state *st, struct sbx_confine_options *opts, char *stdin_dir, size_t size) {
        struct stat in_st;
        ssize_t n;

        if (!sbx_run_fd_reopenable(STDIN_FILENO) || fstat(STDIN_FILENO, &in_st) != 0 ||
            !(S_ISDIR(in_st.st_mode) || S_ISFIFO(in_st.st_mode)))
                return GO_ON;
        n = readlink("/proc/self/fd/0", stdin_dir, size - 1);
        if (S_ISFIFO(in_st.st_mode)) {
                if (n <= 0 || (size_t) n >= size - 1)
                        return GO_ON;
                stdin_dir[n] = '\0';
                if (!stdin_fifo_reopenable(&in_st, stdin_dir))
                        return GO_ON;
        }
        if (n <= 0 || (size_t) n >= size - 1 || stdin_dir[0] != '/')
                return refuse(st->audit, st->a, st->rep, &st->start, "unavailable",
                              "standard input is a directory whose path cannot be read from /proc/self/fd/0");
        stdin_dir[n] = '\0';
        opts->stdin_dir = stdin_dir;
        opts->stdin_dev = (uint64_t) in_st.st_dev;
        opts->stdin_ino = (uint64_t) in_st.st_ino;
        return GO_ON;
}

/* No backend could confine the command (why): refused as unavailable, or as refused when one
 * could have with partial enforcement. Returns the exit status. */
static int confine_unavailable(struct once_state *st, struct sbx_unavailable *why) {
        char msg[2048];
        bool partial = false;

        format_unavailable(why, msg, sizeof(msg));
        st->rep->unavailable = why;
        /* a backend could have run it, with partial enforcement: the caller's
         * --require-full refused it */
        for (size_t i = 0; st->a->require_full && i < why->n; i++) {
                const struct sbx_candidate *c = &why->candidates[i];
                if (c->enforcement != SBX_ENFORCEMENT_PARTIAL || partial)
                        continue;
                /* the first such one is the backend that would have run it: the
                 * row names it and why it is partial (it recorded NULLs, as for a
                 * run no backend could confine; review) */
                partial = true;
                st->rep->backend = st->start.backend = c->backend;
                st->rep->enforcement = st->start.enforcement = "partial";
                st->rep->enforcement_reason = st->start.enforcement_reason =
                        c->partial_reason[0] ? c->partial_reason : NULL;
        }
        return refuse(st->audit, st->a, st->rep, &st->start, partial ? "refused" : "unavailable", msg);
}

/* The command could not be confined (r, why, st->diag): refused, or recorded as a run that a
 * signal ended before its start. Returns the exit status. */
static int confine_failed(struct once_state *st, int r, struct sbx_unavailable *why) {
        char msg[1024];
        int sig;

        if (r == -EOPNOTSUPP && (sig = sbx_run_signal_held())) {
                /* a signal that came while the backends were probed (it ended the probe:
                 * ^C at a first run) ends the run as one before the command's start does */
                char why_msg[2048], sig_msg[2048 + 128];
                format_unavailable(why, why_msg, sizeof(why_msg));
                snprintf(sig_msg, sizeof(sig_msg),
                         "signal %d came before the command started: nothing was executed (%s)", sig, why_msg);
                return record_unstarted(st->audit, st->a, st->rep, &st->start, sig, sig_msg);
        }
        if (r == -EOPNOTSUPP)
                return confine_unavailable(st, why);
        snprintf(msg, sizeof(msg), "%s", st->diag.msg[0] ? st->diag.msg : strerror(-r));
        return refuse(st->audit, st->a, st->rep, &st->start, "unavailable", msg);
}

/* The command confined by the backend asked for or found (st->confined), the audit database out
 * of its reach. */
static int confine_backend(struct once_state *st) {
        const struct sbx_run_args *a = st->a;
        _cleanup_free_ char *db_dir = strdup(st->audit->path);
        /* never confined without it: a NULL here left the database writable by the command */
        char *protect[] = { db_dir ? dirname(db_dir) : NULL, NULL };
        struct sbx_confine_options opts = {
                .status_fd = sbx_run_status_fd_number(a),
                .require_full = a->require_full,
                .gate = true,
                /* the audit record is out of the command's reach, even inside the workspace */
                .protect = protect,
        };
        struct sbx_unavailable why = { 0 };
        char stdin_dir[PATH_MAX];
        int inherited[SBX_RUN_KEEP_FDS_MAX + 2];
        size_t n_inherited = 0;
        int r;

        if (!db_dir)
                return refuse(st->audit, a, st->rep, &st->start, "unavailable", "out of memory");
        if ((r = confine_stdin_dir(st, &opts, stdin_dir, sizeof(stdin_dir))) != GO_ON)
                return r;
        opts.closed_std = sbx_run_std_closed();
        /* what reaches the command as it is: stdin and stdout unless sbx feeds the first through
         * a pipe (or the launcher reopens it) or puts /dev/null on the second (run-exec.c), and
         * each --keep-fd */
        for (int fd = 0; fd <= 1; fd++)
                if (!(opts.closed_std & (1u << fd)) && !sbx_run_fd_reopenable(fd) && !(fd == 0 && opts.stdin_dir))
                        inherited[n_inherited++] = fd;
        for (size_t i = 0; i < a->n_keep_fds; i++)
                inherited[n_inherited++] = a->keep_fds[i];
        opts.inherited_fds = inherited;
        opts.n_inherited_fds = n_inherited;
        /* the command's stderr when sbx's is a terminal: a pty of sbx's own, made now so that
         * bubblewrap's launcher can reopen its slave */
        opts.stderr_pty_fd = sbx_run_stderr_pty_prepare();
        opts.stderr_pty = opts.stderr_pty_fd >= 0;
        if ((r = sbx_provider_new_local(st->cfg, a->backend, &st->provider, &st->diag)) < 0)
                return sbx_fail_diag(SBX_EXIT_USAGE, "run", &st->diag);
        r = sbx_provider_confine(st->provider, st->command, st->policy, &opts, &st->confined, &why, &st->diag);
        if (r < 0)
                return confine_failed(st, r, &why);
        st->rep->backend = st->start.backend = st->confined->backend;
        st->rep->enforcement = st->start.enforcement = sbx_enforcement_to_string(st->confined->enforcement);
        st->rep->enforcement_reason = st->start.enforcement_reason = st->confined->enforcement_reason;
        return GO_ON;
}

/* The command confined (or, in danger-full-access, not), and the dialect its stderr is read with. */
static int once_confine(struct once_state *st) {
        const struct sbx_run_args *a = st->a;
        int r;

        /* --require-full and --backend ask for a confined run. A danger-full-access that comes
         * from the session or the configuration (an explicit --mode is a usage error) is refused,
         * never run unconfined (security review). */
        if (st->policy->mode == SBX_MODE_DANGER_FULL_ACCESS && (a->require_full || a->backend)) {
                char msg[512];
                snprintf(msg, sizeof(msg),
                         "the %s mode is danger-full-access (no confinement), and %s asks for a confined run",
                         sbx_mode_source_to_string(st->policy->mode_source),
                         a->require_full ? "--require-full" : "--backend");
                return refuse(st->audit, a, st->rep, &st->start, "refused", msg);
        }
        if (st->policy->mode == SBX_MODE_DANGER_FULL_ACCESS) {
                st->rep->backend = st->start.backend = "none";
                r = sbx_dialect_find_override("none", st->cfg->config_dirs, &st->dialect, &st->diag);
                if (r >= 0 && !st->dialect)
                        r = sbx_dialect_builtin("none", &st->builtin);
        } else {
                if ((r = confine_backend(st)) != GO_ON)
                        return r;
                /* the provider's built-in dialect, unless the operator overrides it */
                r = sbx_dialect_find_override(st->confined->backend, st->cfg->config_dirs, &st->dialect, &st->diag);
                st->builtin = st->confined->dialect;
        }
        if (r >= 0 && !st->dialect && !st->builtin)
                r = sbx_diag_set(&st->diag, ENOENT, "find dialect", NULL, "no dialect for backend %s",
                                 st->rep->backend);
        if (r < 0) {
                /* an operator dialect that does not parse: the run could not be attributed */
                char msg[1024];
                snprintf(msg, sizeof(msg), "dialect of %s: %s", st->rep->backend,
                         st->diag.msg[0] ? st->diag.msg : strerror(-r));
                return refuse(st->audit, a, st->rep, &st->start, "unavailable", msg);
        }
        return GO_ON;
}

/* The run: its row asked of the writer while the runner sets the sandbox up. Returns the run's
 * exit status (st->rep->execution_id 0: nothing was executed, no row was written). */
static int once_execute(struct once_state *st) {
        struct audit_handle *audit = st->audit;
        struct recorder recorder = { .audit = audit, .start = &st->start, .rep = st->rep };
        struct sbx_run_writer w = { .fd = -1, .collected = record_collected, .denials = record_denials };

        reserve_verdict_room(st->a, st->policy);
        /* the writer inserts the row while the runner sets the sandbox up (record_start() collects
         * the reply before the go-ahead) */
        audit->begin_sent = audit->begin_went_out = false;
        /* (the signals passed on are held since this run_once() began: from the row's request on a
         * signal is passed on to the command, never sbx's death; review: a SIGINT between the
         * request and the handlers left the writer's row `running`) */
        if (!audit->db && audit->writer) {
                if (sbx_audit_writer_send_begin(audit->writer, &st->start) >= 0)
                        audit->begin_sent = audit->begin_went_out = true;
                else
                        writer_drop(audit);
        }
        /* its reply is believed only from a writer that passed the checks */
        if (audit->begin_sent && audit->writer) {
                if (sbx_audit_writer_verify(audit->writer) == 0)
                        w.fd = sbx_audit_writer_fd(audit->writer);
                else {
                        writer_drop(audit);
                        audit->begin_sent = false;
                }
        }
        return sbx_run_execute(st->a, st->confined, st->command, st->dialect ? st->dialect : st->builtin,
                               record_start, &recorder, &w, st->rep);
}

/* A run whose row could not be written: refused, and recorded when only its link went. Returns
 * the exit status. */
static int once_unrecorded(struct once_state *st) {
        struct audit_handle *audit = st->audit;

        if (audit->link_gone[0]) {
                char msg[sizeof(audit->link_gone)];

                /* nothing was executed (the command waits for its row); refused, and recorded */
                sbx_strlcpy(msg, audit->link_gone, sizeof(msg));
                audit->link_gone[0] = '\0';
                st->start.may_exist = false;
                return refuse(audit, st->a, st->rep, &st->start, "refused", msg);
        }
        return refuse_unrecorded(st->a, st->command, audit, st->rep);
}

/* The run's end, in its row: through the writer that began it, else directly. */
static void once_record_end(struct once_state *st) {
        struct audit_handle *audit = st->audit;
        const struct sbx_run_report *rep = st->rep;
        struct sbx_execution_end end = {
                .state = rep->state,
                .verdict = rep->verdict,
                .evidence = rep->evidence,
                .message = rep->message,
                .status = rep->status,
                .result = rep->classified ? &rep->result : NULL,
                .timed = rep->timed,
                .duration_ms = rep->duration_ms,
        };
        bool via_writer = audit->writer_row == rep->execution_id && audit->writer &&
                          sbx_audit_writer_send_finish(audit->writer, rep->execution_id, &end) >= 0;
        int r;

        /* while the writer completes the row: the temp area goes */
        sbx_confined_remove_temp_area(st->confined);
        r = via_writer ? sbx_audit_writer_wait_finish(audit->writer, rep->execution_id, &st->diag) : -ENOTCONN;
        if (r < 0 && via_writer) {
                writer_drop(audit);
                st->diag = (struct sbx_diag) { 0 };
                end.may_be_done = true; /* it may have died after committing */
        }
        /* the database's own reason when it cannot be opened now (review: a writer killed
         * while the database's directory was read-only printed "Invalid argument") */
        if (r < 0 && finish_direct(audit, rep->execution_id, &end, &st->diag) < 0) {
                if (!audit->db)
                        sbx_fail(0, "audit: the run's end was not recorded: %s", audit_open_failure(audit));
                else
                        sbx_fail_diag(0, "audit: the run's end was not recorded", &st->diag);
        }
}

/* Whether the verdict record goes where stderr goes (--verdict-json /dev/stderr, --verdict-fd 3
 * with 3>&2): the same pipe, terminal or file. */
static bool verdict_on_stderr(const struct sbx_run_args *a) {
        struct stat err, v;

        if (fstat(STDERR_FILENO, &err) < 0)
                return false;
        if (a->verdict_fd >= 0 && fstat(a->verdict_fd, &v) == 0 && v.st_dev == err.st_dev && v.st_ino == err.st_ino)
                return true;
        return a->verdict_json && stat(a->verdict_json, &v) == 0 && v.st_dev == err.st_dev && v.st_ino == err.st_ino;
}

/* The verdict record and the notice; a denied read-only run's facts kept for the escalation.
 * Returns the exit status: the run's, or 1 for a verdict record not written after a run that
 * succeeded. */
static int once_report(struct once_state *st, int status, struct denied_run *denied) {
        const struct sbx_run_report *rep = st->rep;

        /* the record that shares stderr comes after the command's last stderr, as the notice
         * does: kept for a reader that did not read (d463096), it came after the record, in the
         * middle of what the caller reads (review). The row is complete already. */
        if (verdict_on_stderr(st->a))
                sbx_run_stderr_finish();
        if (write_verdict_record(st->a, rep) < 0 && status == 0)
                status = 1;
        sbx_run_stderr_finish(); /* the command's last stderr, once its end is recorded */
        sbx_run_notice(st->a, rep);

        if (rep->verdict && strcmp(rep->verdict, "denied") == 0 && st->policy->mode == SBX_MODE_READ_ONLY) {
                denied->offer = true;
                denied->execution_id = rep->execution_id;
                sbx_strlcpy(denied->matched_line, rep->result.matched_line, sizeof(denied->matched_line));
                sbx_strlcpy(denied->backend, rep->backend, sizeof(denied->backend));
                sbx_strlcpy(denied->root, st->policy->workspace_root, sizeof(denied->root));
                sbx_strlcpy(denied->session, st->policy->session_id ? st->policy->session_id : "",
                            sizeof(denied->session));
        }
        return status;
}

/* One execution: policy, confinement (or refusal), the run, its record. */
static int run_once(const struct sbx_run_args *a, const struct sbx_config *cfg, struct audit_handle *audit,
                    char **command, struct denied_run *denied) {
        _sbx_cleanup_(once_done) struct once_state state = {
                .a = a,
                .cfg = cfg,
                .audit = audit,
                .command = command,
                .rep = calloc(1, sizeof(struct sbx_run_report)),
        };
        struct once_state *st = &state;
        int r, status;

        if (!st->rep)
                return sbx_fail(SBX_EXIT_INFRA, "run: out of memory");
        /* the run's questions of the host, its approver's look-up before it included, share one
         * deadline (run-host.c) */
        sbx_run_host_asking_starts();
        sbx_run_xfsz_ignore(); /* (again for an approved retry) */
        sbx_run_signals_hold();
        sbx_audit_writer_abort_waits(signal_before_row);
        if ((r = once_policy(st)) != GO_ON || (r = once_checks(st)) != GO_ON)
                return r;

        once_describe(st);
        if ((r = once_confine(st)) != GO_ON)
                return r;

        status = once_execute(st);
        if (st->rep->execution_id == 0) {
                sbx_run_stderr_finish();
                return once_unrecorded(st);
        }
        once_record_end(st);
        return once_report(st, status, denied);
}

/* The command line parsed and checked: GO_ON, or the exit status of a usage error (or --help). */
static int run_args(int argc, char **argv, struct sbx_run_args *a, char ***command) {
        char err[512];

        if (sbx_run_args_parse(argc, argv, a, err, sizeof(err)) < 0)
                return sbx_fail(SBX_EXIT_USAGE, "run: %s", err);
        sbx_run_xfsz_ignore();
        if (a->help) {
                fputs(sbx_run_usage, stdout);
                return 0;
        }
        if (sbx_run_command_argv(a, command) < 0)
                return sbx_fail(SBX_EXIT_USAGE, "run: out of memory");
        if (sbx_run_check_fds(a, err, sizeof(err)) < 0)
                return sbx_fail(SBX_EXIT_USAGE, "run: %s", err);
        if (a->backend && !sbx_run_backend_known(a->backend))
                return sbx_fail(SBX_EXIT_USAGE, "run: unknown backend '%s' (bwrap, landlock, seatbelt, windows-acl)",
                                a->backend);
        return GO_ON;
}

/* The audit database's path (*db_path), and made absolute for the writer's socket. */
static int audit_path(const struct sbx_run_args *a, char **command, struct audit_handle *audit, char **db_path) {
        struct sbx_diag diag = { 0 };
        int r;

        /* no row, no run: the database is opened lazily, but nothing runs before its row exists */
        if ((r = sbx_db_default_path(a->db, db_path, &diag)) < 0) {
                _sbx_cleanup_(sbx_config_freep) struct sbx_config *cfg = NULL;
                _sbx_cleanup_(sbx_policy_freep) struct sbx_policy *policy = NULL;
                struct sbx_run_report known = { .parent_id = a->parent_id };

                snprintf(audit->refusal, sizeof(audit->refusal), "refusing to run unrecorded: %s",
                         diag.msg[0] ? diag.msg : strerror(-r));
                /* without a session the policy needs no database: the record names the mode and
                 * workspace root that would have run, as a refusal at the row does (they were
                 * null: record60) */
                diag = (struct sbx_diag) { 0 };
                if (!a->session && sbx_config_load(&cfg, &diag) >= 0 &&
                    resolve_policy(a, cfg, audit, &policy, &diag) >= 0) {
                        known.policy = policy;
                        return refuse_unrecorded(a, command, audit, &known);
                }
                return refuse_unrecorded(a, command, audit, NULL);
        }
        audit->path = *db_path;
        verdict_db_path = *db_path;
        if ((*db_path)[0] == '/')
                sbx_strlcpy(audit->abs_path, *db_path, sizeof(audit->abs_path));
        else {
                char cwd[PATH_MAX];
                if (getcwd(cwd, sizeof(cwd)))
                        snprintf(audit->abs_path, sizeof(audit->abs_path), "%s/%s", cwd, *db_path);
        }
        return GO_ON;
}

/* the record is written after the command: a path it cannot be written to is refused now */
static int verdict_json_checked(const struct sbx_run_args *a, const char *db_path) {
        _cleanup_free_ char *dir = strdup(a->verdict_json);
        struct stat st;
        int e;

        if (!dir)
                return sbx_fail(SBX_EXIT_USAGE, "run: --verdict-json: %s", strerror(ENOMEM));
        /* "-" is the standard output to most tools, but here that is the command's: the record
         * went to a file named "-" in the current directory, where nobody looked for it */
        if (strcmp(a->verdict_json, "-") == 0)
                return sbx_fail(SBX_EXIT_USAGE, "run: --verdict-json -: the standard output is the command's; "
                                "give a file, /dev/stdout to follow its output, or --verdict-fd 3 with 3>&1");
        if (stat(a->verdict_json, &st) == 0 && S_ISDIR(st.st_mode))
                return sbx_fail(SBX_EXIT_USAGE, "run: --verdict-json %s is a directory", a->verdict_json);
        /* a name that ends in '/' can only be a directory's: the record went to the name
         * without it ("x.json/" wrote x.json) */
        if (a->verdict_json[strlen(a->verdict_json) - 1] == '/')
                return sbx_fail(SBX_EXIT_USAGE, "run: --verdict-json %s ends in '/': it names a directory, "
                                "not a file", a->verdict_json);
        /* (review: a missing directory, or a name too long, was found only after the command
         * had run, and sbx exited 1 instead of the command's status) */
        e = stat(dirname(dir), &st) < 0 ? errno : S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
        if (e)
                return sbx_fail(SBX_EXIT_USAGE, "run: --verdict-json %s: its directory cannot be used: %s",
                                a->verdict_json, strerror(e));
        /* written after the run through a name made absolute in a PATH_MAX buffer (the
         * workspace check needs it): a current directory longer than that failed only then
         * (limits review) */
        if (a->verdict_json[0] != '/') {
                char cwd[PATH_MAX];
                if (!getcwd(cwd, sizeof(cwd)) || strlen(cwd) + strlen(a->verdict_json) + 2 > sizeof(cwd))
                        return sbx_fail(SBX_EXIT_USAGE,
                                        "run: --verdict-json %s: the current directory's name is too long to "
                                        "place it (give an absolute path)", a->verdict_json);
        }
        if (names_audit_files(a->verdict_json, db_path))
                return sbx_fail(SBX_EXIT_USAGE,
                                "run: --verdict-json %s is the audit database %s or one of its files: the "
                                "record would overwrite the audit trail",
                                a->verdict_json, db_path);
        return GO_ON;
}

/* A descriptor open for writing on the audit database or one of its files is refused, as
 * --verdict-json onto them is: one the command inherits (its stdin, stdout or stderr, a
 * --keep-fd) it may write through whatever the mode (the caller's grant; O_APPEND it may clear
 * with fcntl), and under bubblewrap or Landlock alike `--keep-fd 5 5<>audit.db` let a read-only
 * run, recorded full, overwrite the database's header; and `--verdict-fd 3 3<>audit.db` had sbx
 * write the record over it itself. Either way every later run was refused (125, 'file is not a
 * database'): the audit trail gone (review). One open for reading only gives the command nothing
 * it could not read anyway. */
static int fds_onto_audit_checked(const struct sbx_run_args *a, const char *db_path) {
        for (size_t i = 0; i < 4 + a->n_keep_fds; i++) {
                int fd = i < 3 ? (int) i : i == 3 ? a->verdict_fd : a->keep_fds[i - 4], fl;
                struct stat st;

                if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (fl = fcntl(fd, F_GETFL)) < 0 ||
                    (fl & O_ACCMODE) == O_RDONLY || !is_audit_file(db_path, &st))
                        continue;
                if (i == 3)
                        return sbx_fail(SBX_EXIT_USAGE,
                                        "run: --verdict-fd %d is the audit database %s or one of its files: the "
                                        "record would overwrite the audit trail",
                                        fd, db_path);
                return sbx_fail(SBX_EXIT_USAGE,
                                "run: %s%d is open for writing on the audit database %s or one of its files: the "
                                "command could rewrite the audit trail through it",
                                i < 3 ? "descriptor " : "--keep-fd ", fd, db_path);
        }
        return GO_ON;
}

/* a broken deployment configuration is the sandbox infrastructure's refusal, not a usage
 * error: the run is refused, and recorded as such (no policy could be resolved). Returns the
 * exit status. */
static int config_refused(const struct sbx_run_args *a, char **command, struct audit_handle *audit, int r,
                          const struct sbx_diag *diag) {
        _cleanup_free_ struct sbx_run_report *rep = calloc(1, sizeof(*rep));
        _cleanup_free_ char *cwd = current_dir();
        struct sbx_execution_start start = { .argv = command, .cwd = cwd ? cwd : "" };
        char msg[1024];

        snprintf(msg, sizeof(msg), "configuration: %s", diag->msg[0] ? diag->msg : strerror(-r));
        if (!rep)
                return sbx_fail(SBX_EXIT_INFRA, "run: %s", msg);
        rep->args = a;
        rep->argv = command;
        return refuse(audit, a, rep, &start, "unavailable", msg);
}

/* Whether rows go through the audit writer (the configuration, SBX_AUDIT_WRITER), connected now:
 * GO_ON, or the exit status of a usage error. */
static int writer_setup(const struct sbx_config *cfg, struct audit_handle *audit) {
        const char *env = getenv("SBX_AUDIT_WRITER");
        bool on = cfg->audit_writer;

        /* only the two documented values: "0" or "no" were taken for on (docs review) */
        if (env && *env) {
                if (strcmp(env, "on") != 0 && strcmp(env, "off") != 0) {
                        _cleanup_free_ char *shown = sbx_term_text(env, strlen(env));
                        return sbx_fail(SBX_EXIT_USAGE, "run: SBX_AUDIT_WRITER is 'on' or 'off', not '%s'",
                                        shown ? shown : "?");
                }
                on = strcmp(env, "on") == 0;
        }
        audit->use_writer = on && audit->abs_path[0] == '/';
        /* early: the writer checks us while the policy is resolved */
        (void) writer_get(audit);
        return GO_ON;
}

/* approved escalation: read-only -> workspace-write, never out of the sandbox. Asks about the
 * denied run (denied); a grant runs the command again with the denied run's arguments and the
 * workspace-write mode. Returns the exit status: the retry's, else status. */
static int escalate(const struct sbx_run_args *denied_args, const struct sbx_config *cfg, struct audit_handle *audit,
                    char **command, struct denied_run *denied, off_t stdin_start, int status) {
        struct sbx_run_args a = *denied_args;
        char note[PATH_MAX * 2 + 256], granted_root[PATH_MAX];
        bool asked = note_escalation(audit, denied->execution_id, NULL, NULL);
        int r;

        /* the approver's look-ups: a deadline of their own, whatever the run met */
        sbx_run_host_asking_starts();
        r = sbx_escalation_ask(&a, command, denied->execution_id, denied->backend, denied->root,
                               denied->session[0] ? denied->session : NULL, denied->matched_line, note, sizeof(note));
        note_escalation(audit, denied->execution_id, note, asked ? ESCALATION_ASKED : NULL);
        if (r <= 0) {
                fputs(SBX_ESCALATION_REJECTED "\n", stderr);
                return status;
        }
        a.has_mode = true;
        a.mode_approved = true;
        a.mode = SBX_MODE_WORKSPACE_WRITE;
        a.parent_id = denied->execution_id;
        /* in the workspace the approver was shown: run_once() refuses the retry
         * when that root now resolves elsewhere (a symlink on the way of --root or
         * of the fallback root retargeted while the approver decided); a
         * session's root is its cwd, whose move the policy refuses already */
        if (!a.session) {
                sbx_strlcpy(granted_root, denied->root, sizeof(granted_root));
                a.root = granted_root;
        }
        if (stdin_start >= 0)
                (void) lseek(STDIN_FILENO, stdin_start, SEEK_SET);
        memset(denied, 0, sizeof(*denied));
        return run_once(&a, cfg, audit, command, denied);
}

/* The run, and with --on-denial=ask after a denial the escalation and its retry. Returns the exit
 * status; *sig: a signal that came as the command ended, to be raised once the database is
 * closed. */
static int run_escalating(const struct sbx_run_args *a, const struct sbx_config *cfg, struct audit_handle *audit,
                          char **command, int *sig) {
        struct denied_run denied = { 0 };
        off_t stdin_start;
        int r, status;

        /* where a regular file on stdin starts: an approved retry reads it again from there (a
         * pipe or a terminal cannot be replayed: the retry gets what is left of it) */
        stdin_start = a->on_denial == SBX_ON_DENIAL_ASK ? lseek(STDIN_FILENO, 0, SEEK_CUR) : -1;
        status = run_once(a, cfg, audit, command, &denied);
        /* the caller's signal dispositions again: while sbx asks, SIGINT or SIGTERM end it and
         * nothing more runs; one that came as the command ended ends it now */
        if ((r = sbx_run_signals_restore()) && a->on_denial == SBX_ON_DENIAL_ASK && denied.offer) {
                *sig = r;
                return 128 + r; /* a signal the caller handles or ignores: still no retry */
        }
        if (a->on_denial == SBX_ON_DENIAL_ASK && denied.offer)
                status = escalate(a, cfg, audit, command, &denied, stdin_start, status);
        return status;
}

/* The audit database given back: the writer's connection, then the database (a writer started
 * first for the runs that follow, when spawn and none answered). */
static void audit_done(struct audit_handle *audit, bool spawn) {
        writer_drop(audit);
        /* only for a database this run could write directly: a broken one would not serve either */
        if (spawn && audit->spawn_writer && audit->db)
                spawn_writer(audit);
        sbx_db_close(audit->db);
}

static int run_main(int argc, char **argv) {
        _sbx_cleanup_(sbx_config_freep) struct sbx_config *cfg = NULL;
        _cleanup_free_ char *db_path = NULL;
        _cleanup_strv_free_ char **command = NULL;
        struct audit_handle audit = { 0 };
        struct sbx_run_args a;
        struct sbx_diag diag = { 0 };
        int r, sig = 0, status;

        if ((r = run_args(argc, argv, &a, &command)) != GO_ON)
                return r;
        if ((r = audit_path(&a, command, &audit, &db_path)) != GO_ON)
                return r;
        if (a.verdict_json && (r = verdict_json_checked(&a, db_path)) != GO_ON)
                return r;
        if ((r = fds_onto_audit_checked(&a, db_path)) != GO_ON)
                return r;
        if ((r = sbx_config_load(&cfg, &diag)) < 0)
                status = config_refused(&a, command, &audit, r, &diag);
        else if ((r = writer_setup(cfg, &audit)) != GO_ON)
                status = r;
        else
                status = run_escalating(&a, cfg, &audit, command, &sig);
        audit_done(&audit, sig == 0);
        if (sig)
                (void) raise(sig);
        return status;
}

int sbx_cmd_run(int argc, char **argv) {
        int status;

        /* The signals passed on to the command are held from the start: one that came before the
         * row was written killed sbx, and the run left no row at all (measured: 6 of 120 runs
         * signalled 0.5-6 ms after they started). Once the row is written it ends the run without
         * starting the command; while the writer or a probe is waited for, it ends the wait. */
        sbx_run_signals_hold();
        sbx_audit_writer_abort_waits(signal_before_row);
        status = run_main(argc, argv);
        sbx_audit_writer_abort_waits(NULL);
        /* (a usage error, a refusal: a signal held meanwhile takes effect now) */
        (void) sbx_run_signals_restore();
        return status;
}
