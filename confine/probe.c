/* Functional probes of the backend chain, cached per process and on disk.
 *
 * A probe really runs a tiny confined command in workspace-write and checks that the permitted
 * write landed and the forbidden one did not. The verdict is keyed by everything that can change
 * it without sbx noticing: sbx's version and binary, the uid, the kernel, the seccomp state of this
 * process, the user and mount namespaces it runs in, the user-namespace limits, the process's
 * resource limits, the chain and each runner binary's identity. A key mismatch reprobes. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "confine-internal.h"
#include "sbx-config.h"
#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-mkdir.h"
#include "sbx-trust.h"

#define PROBE_TIMEOUT_MS 10000
#define CACHE_MAGIC "sbx-probe 1"

/* One process keeps the report of its first probe or cache read. */
static struct {
        bool valid;
        char key[sizeof(((struct sbx_probe_report *) 0)->cache_key)];
        struct sbx_probe_report report;
} process_cache;

void sbx_probe_forget_process_cache(void) {
        memset(&process_cache, 0, sizeof(process_cache));
}

/* The first line of a small file with the matching prefix, e.g. "Seccomp:" of /proc/self/status. */
static void read_line(const char *path, const char *prefix, char *out, size_t size) {
        _cleanup_fclose_ FILE *f = fopen(path, "re");
        char line[256];

        snprintf(out, size, "-");
        if (!f)
                return;
        while (fgets(line, sizeof(line), f))
                if (!prefix || strncmp(line, prefix, strlen(prefix)) == 0) {
                        line[strcspn(line, "\n")] = '\0';
                        snprintf(out, size, "%s", line);
                        return;
                }
}

/* FNV-1a, fed piece by piece: the key covers every byte of the description, however long (it
 * was a hash of the description copied into 4096 bytes, and a runner with a path near PATH_MAX
 * lost its inode and times from the key: replaced, it kept the verdict of the one before). */
#define FNV1A_INIT 1469598103934665603ULL

static void fnv1a_add(uint64_t *h, const char *s) {
        for (; *s; s++) {
                *h ^= (unsigned char) *s;
                *h *= 1099511628211ULL;
        }
}

static const char *const ns_limits[] = {
        "/proc/sys/user/max_user_namespaces",
        "/proc/sys/user/max_mnt_namespaces",
        "/proc/sys/user/max_pid_namespaces",
        "/proc/sys/user/max_ipc_namespaces",
};

static const int probe_limits[] = { RLIMIT_NPROC, RLIMIT_NOFILE, RLIMIT_AS, RLIMIT_DATA, RLIMIT_STACK, RLIMIT_FSIZE };

static void probe_key(const struct sbx_config *cfg, char *key, size_t size) {
        /* room for bwrap's fingerprint: its runner's and its launcher's, each of a path and stat */
        char part[2 * (PATH_MAX + 96) + 8];
        struct utsname u;
        uint64_t h = FNV1A_INIT;

        snprintf(part, sizeof(part), "sbx=%s;uid=%u;euid=%u;", SBX_VERSION, (unsigned) getuid(), (unsigned) sbx_euid());
        fnv1a_add(&h, part);
        /* sbx itself: it runs the functional probes and, in-process, the Landlock launcher, and its
         * version string stays the same from one build to the next, so an sbx replaced alone (its
         * runners kept) reused the verdict of the one before (upgrade review) */
        if (sbx_file_fingerprint("/proc/self/exe", part, sizeof(part)) >= 0)
                fnv1a_add(&h, part);
        if (uname(&u) == 0) {
                snprintf(part, sizeof(part), "kernel=%s %s %s;", u.release, u.version, u.machine);
                fnv1a_add(&h, part);
        }
        read_line("/proc/self/status", "Seccomp:", part, sizeof(part));
        fnv1a_add(&h, part);
        read_line("/proc/self/status", "NoNewPrivs:", part, sizeof(part));
        fnv1a_add(&h, part);
        /* every namespace kind bubblewrap makes (--unshare-user, -pid, -ipc, and its mount
         * namespace): a limit of 0 on any of them breaks it as surely as one on user namespaces,
         * and a cached verdict still chose it, refusing every run with a runner failure until
         * `sbx probe --refresh` (review) */
        for (size_t i = 0; i < SBX_ELEMENTSOF(ns_limits); i++) {
                read_line(ns_limits[i], NULL, part, sizeof(part));
                fnv1a_add(&h, i == 0 ? ";userns=" : ",");
                fnv1a_add(&h, part);
        }
        /* the namespaces sbx runs in: a container's user and mount namespaces may forbid what the
         * host's allow (a /proc file masked by a bind mount refuses bubblewrap's proc mount), and a
         * verdict probed in another chose a backend that refused every run (nested review) */
        {
                static const char *const own_ns[] = { "/proc/self/ns/user", "/proc/self/ns/mnt" };
                for (size_t i = 0; i < SBX_ELEMENTSOF(own_ns); i++) {
                        struct stat st;
                        if (stat(own_ns[i], &st) == 0)
                                snprintf(part, sizeof(part), ";ns%zu=%llu:%llu", i, (unsigned long long) st.st_dev,
                                         (unsigned long long) st.st_ino);
                        else
                                snprintf(part, sizeof(part), ";ns%zu=?", i);
                        fnv1a_add(&h, part);
                }
        }
        /* the resource limits a probe can run into: under a low RLIMIT_NPROC bubblewrap's probe
         * failed (it needs a process more) and Landlock's passed, and that verdict was kept for
         * every later run without the limit (partial enforcement, --require-full refused) until
         * `sbx probe --refresh` (environment review) */
        for (size_t i = 0; i < SBX_ELEMENTSOF(probe_limits); i++) {
                struct rlimit rl;
                if (getrlimit(probe_limits[i], &rl) == 0)
                        snprintf(part, sizeof(part), ";rlimit%d=%llu", probe_limits[i], (unsigned long long) rl.rlim_cur);
                else
                        snprintf(part, sizeof(part), ";rlimit%d=?", probe_limits[i]);
                fnv1a_add(&h, part);
        }
        read_line("/proc/sys/kernel/unprivileged_userns_clone", NULL, part, sizeof(part));
        fnv1a_add(&h, part);
        read_line("/proc/sys/kernel/apparmor_restrict_unprivileged_userns", NULL, part, sizeof(part));
        fnv1a_add(&h, part);
        for (char **name = cfg->backend_order; name && *name; name++) {
                const struct sbx_backend *b = sbx_backend_get(*name);
                fnv1a_add(&h, ";");
                fnv1a_add(&h, *name);
                fnv1a_add(&h, "=");
                if (b && b->applicable && b->applicable() && b->fingerprint &&
                    b->fingerprint(cfg, part, sizeof(part)) >= 0)
                        fnv1a_add(&h, part);
        }
        snprintf(key, size, "%016llx", (unsigned long long) h);
}

/* The signals whose default action ends a process and that end sbx during a probe (^C at a first
 * run, `timeout`, a closed terminal): held from the probe directory's creation to its removal,
 * and watched through a signalfd so that the runner is killed at once. Released after the
 * removal, such a signal then does what it would have done (sbx ends by it, or the caller's
 * handler runs). Before, sbx ended at once and left the probe's directory in /tmp and its
 * runner running. A signal the caller ignores or blocks is left alone. */
static const int probe_stop_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM };

static struct {
        bool set;
        sigset_t mask;
} caller_mask;

void sbx_probe_caller_mask(const sigset_t *mask) {
        caller_mask.set = mask != NULL;
        if (mask)
                caller_mask.mask = *mask;
}

static struct {
        bool set;
        bool ignored;
} caller_xfsz;

void sbx_probe_caller_xfsz(const struct sigaction *old) {
        caller_xfsz.set = old != NULL;
        caller_xfsz.ignored = old && old->sa_handler == SIG_IGN;
}

/* The caller's mask: the current one (*ret_old, put back after the probe), or the one
 * sbx_probe_caller_mask() gave, without the signals sbx itself holds (*ret_caller, the runner's). */
static int probe_signals_hold(sigset_t *ret_old, sigset_t *ret_caller) {
        sigset_t set;

        sigemptyset(&set);
        if (sigprocmask(SIG_SETMASK, NULL, ret_old) < 0)
                return -1;
        *ret_caller = caller_mask.set ? caller_mask.mask : *ret_old;
        for (size_t i = 0; i < SBX_ELEMENTSOF(probe_stop_signals); i++) {
                struct sigaction sa;
                int sig = probe_stop_signals[i];

                if (sigismember(ret_caller, sig) == 0 && sigaction(sig, NULL, &sa) == 0 && sa.sa_handler != SIG_IGN)
                        sigaddset(&set, sig);
        }
        if (sigprocmask(SIG_BLOCK, &set, NULL) < 0)
                return -1;
        return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

/* The probe's directory into tmpl (size bytes), made in /tmp first; $TMPDIR where /tmp cannot be
 * written (a service under ProtectSystem=strict): every backend read unusable there, every chain
 * run refused (environment review). In the user's swept directory there (BASE/sbx-UID, locked as
 * a run's temp area is, into *area): a probe whose sbx was SIGKILLed left its directory in /tmp for
 * good (34 of 40 times in a test by hand); now the next run or probe removes it. A plain directory
 * (*made) where that cannot be made (another user's sbx-UID in a shared /tmp, a /tmp that cannot
 * be written). $TMPDIR only when nobody else could swap what is made there (sbx_check_temp_base(),
 * the rule of a run's temp area). -1 with c->reason set when there is none. */
static int probe_dir(char *tmpl, size_t size, struct sbx_confined_argv *area, bool *made, struct sbx_candidate *c) {
        const char *tmpdir = getenv("TMPDIR");
        _cleanup_free_ char *base = NULL;
        struct sbx_diag diag = { 0 };
        int e;
        bool alt;

        if (sbx_make_swept_dir("/tmp", area) >= 0) {
                if ((size_t) snprintf(tmpl, size, "%s", area->temp_dir) < size)
                        return 0;
                snprintf(c->reason, sizeof(c->reason), "probe: cannot set up its directories");
                return -1;
        }
        if (mkdtemp(tmpl)) {
                *made = true;
                return 0;
        }
        e = errno;
        alt = tmpdir && tmpdir[0] == '/' && strcmp(tmpdir, "/tmp") != 0;
        /* as a run's temp area's BASE (sbx_check_temp_base()): in a $TMPDIR that another user may
         * write (theirs, or 0777 and not sticky), they rename the probe's directory away and put
         * theirs in its place, holding `permitted` and no `forbidden`: a backend read usable, and
         * the verdict kept for every later run */
        if (alt && (base = sbx_realpath(tmpdir)) && sbx_check_temp_base(base, &diag) < 0) {
                snprintf(c->reason, sizeof(c->reason), "probe: %s", diag.msg);
                return -1;
        }
        if (base && (size_t) snprintf(tmpl, size, "%s/sbx-probe-XXXXXX", base) < size && mkdtemp(tmpl)) {
                *made = true;
                return 0;
        }
        if (alt)
                snprintf(c->reason, sizeof(c->reason), "probe: cannot create a directory in /tmp (%s) nor in $TMPDIR (%s)",
                         strerror(e), strerror(errno));
        else
                snprintf(c->reason, sizeof(c->reason), "probe: cannot create a directory in /tmp: %s", strerror(e));
        return -1;
}

/* The probe's verdict from its run (r, status and the first line of its stderr, err, of the runner
 * argv0) and the two files: true when the backend is usable, else false with c->reason set. */
static bool probe_judge(int r, int status, char *err, const char *argv0, const char *permitted, const char *forbidden,
                        struct sbx_candidate *c) {
        err[strcspn(err, "\n")] = '\0';
        if (r == -EINTR)
                snprintf(c->reason, sizeof(c->reason), "probe: interrupted by a signal");
        else if (r < 0)
                snprintf(c->reason, sizeof(c->reason), "probe: cannot start %s: %s", argv0, strerror(-r));
        else if (WIFSIGNALED(status))
                snprintf(c->reason, sizeof(c->reason), "probe: runner killed by signal %d%s%s", WTERMSIG(status),
                         err[0] ? ": " : "", err);
        else if (WEXITSTATUS(status) > 128 && WEXITSTATUS(status) - 128 < NSIG)
                /* bubblewrap reports a death by signal N inside the sandbox as exit 128+N (its
                 * processes crash under a low `ulimit -s`: 139, 17 of 20 times under 24 KiB here):
                 * named so, it is not kept, as a runner killed by the signal is not (limits review:
                 * landlock was selected and kept for every later run under that limit) */
                snprintf(c->reason, sizeof(c->reason), "probe: runner failed with exit status %d (128 + signal %d)%s%s",
                         WEXITSTATUS(status), WEXITSTATUS(status) - 128, err[0] ? ": " : "", err);
        else if (WEXITSTATUS(status) != 0)
                snprintf(c->reason, sizeof(c->reason), "probe: runner failed with exit status %d%s%s",
                         WEXITSTATUS(status), err[0] ? ": " : "", err);
        else if (access(forbidden, F_OK) == 0)
                snprintf(c->reason, sizeof(c->reason), "probe: a write outside the workspace was NOT denied");
        else if (access(permitted, F_OK) != 0)
                snprintf(c->reason, sizeof(c->reason), "probe: a write inside the workspace did not land");
        else
                return true;
        return false;
}

/* Runs the functional probe of a backend that passed its static check. */
static void probe_functional(const struct sbx_config *cfg, const struct sbx_backend *b, struct sbx_candidate *c) {
        char tmpl[PATH_MAX] = "/tmp/sbx-probe-XXXXXX";
        _cleanup_free_ char *base = NULL, *ws = NULL, *permitted = NULL, *forbidden = NULL, *outside = NULL;
        struct sbx_confined_argv out = { 0 }, area = { 0 };
        struct sbx_policy policy = { .mode = SBX_MODE_WORKSPACE_WRITE };
        /* bubblewrap without --die-with-parent: one killed by its own, armed a few system calls
         * before it released its sandbox's init, when a probe was SIGKILLed right then, left
         * that init waiting for ever (found: a bubblewrap of init's, SIGCHLD blocked, after the
         * killed probes of probe-cache.sh; 5 in 40 with that moment widened). Left to finish,
         * it only touches the two files. */
        struct sbx_confine_options opts = { .status_fd = -1, .outlive_caller = true };
        struct sbx_confine_request req;
        struct sbx_diag diag = { 0 };
        char err[512];
        int status = 0, r;
        bool made = false;
        struct sbx_spawn_options spawn_opts;
        sigset_t old_mask, runner_mask;
        _cleanup_close_ int stop_fd = probe_signals_hold(&old_mask, &runner_mask);

        if (probe_dir(tmpl, sizeof(tmpl), &area, &made, c) < 0) {
                c->usable = false;
                goto done;
        }
        base = realpath(tmpl, NULL);
        if (!base || asprintf(&ws, "%s/ws", base) < 0 || asprintf(&outside, "%s/out", base) < 0 ||
            asprintf(&permitted, "%s/permitted", ws) < 0 || asprintf(&forbidden, "%s/forbidden", outside) < 0 ||
            mkdir(ws, 0700) < 0 || mkdir(outside, 0700) < 0) {
                snprintf(c->reason, sizeof(c->reason), "probe: cannot set up its directories");
                c->usable = false;
                goto done;
        }
        policy.workspace_root = ws;
        {
                char *argv[] = { (char *) "/bin/sh", (char *) "-c",
                                 (char *) "command -p touch \"$1\" \"$2\"; [ -e \"$1\" ] || exit 3; exit 0",
                                 (char *) "sh", permitted, forbidden, NULL };
                /* touch, not the shell's own redirections: dash moves a redirected descriptor to
                 * 10 or above, and under `ulimit -n 10` or less the probe failed ("sh: 1: 1:
                 * Invalid argument") and read every backend unusable (environment review). One
                 * touch for both files, in order (its first line of complaint names the permitted
                 * one if that failed): one process more than the shell, as before, so that a
                 * tight pids.max refuses no more than it did; `command -p`: whatever the PATH */
                /* in its own workspace, not where sbx was started: a current directory that the
                 * sandbox cannot enter (removed, another user's as root) fails that run only, and
                 * its verdict would have been cached for every later run (review) */
                req = (struct sbx_confine_request) {
                        .cfg = cfg, .policy = &policy, .argv = argv, .opts = &opts, .cwd = ws,
                };
                r = b->confine(&req, &out, &diag);
        }
        if (r < 0) {
                snprintf(c->reason, sizeof(c->reason), "probe: %s", diag.msg[0] ? diag.msg : strerror(-r));
                c->usable = false;
                goto done;
        }
        /* Landlock's runner dies with the probe: one left to run on once its probe was killed (a
         * caller's timeout) started its keeper as a child of init, whose death the keeper then
         * waited for (found: keepers left by killed probes). The runner's signal mask is the
         * caller's, without the probe's hold. */
        spawn_opts = (struct sbx_spawn_options) {
                .timeout_ms = PROBE_TIMEOUT_MS,
                .die_with_parent = strcmp(b->name, "landlock") == 0,
                .abort_fd = stop_fd,
                .child_mask = &runner_mask,
                .child_xfsz_default = caller_xfsz.set && !caller_xfsz.ignored,
        };
        r = sbx_spawn_capture(out.argv, out.setenv, &spawn_opts, &status, err, sizeof(err));
        c->usable = probe_judge(r, status, err, out.argv[0], permitted, forbidden, c);
done:
        sbx_strv_free(out.argv);
        sbx_strv_free(out.setenv);
        free(out.enforcement_reason);
        /* what the probe made, by name first: removing a tree takes a descriptor per level, and
         * under a low `ulimit -n` the directory was left in /tmp (environment review) */
        if (permitted)
                (void) unlink(permitted);
        if (forbidden)
                (void) unlink(forbidden);
        if (ws)
                (void) rmdir(ws);
        if (outside)
                (void) rmdir(outside);
        if (area.temp_dir)
                sbx_confined_remove_temp_area(&area);
        else if (made)
                (void) sbx_remove_tree(tmpl);
        /* a signal held during the probe is delivered here (or stays pending while sbx holds it) */
        (void) sigprocmask(SIG_SETMASK, &old_mask, NULL);
}

/* The cache directory, open, or -1 when a verdict in it may be neither believed nor written: it
 * and the directory it is named in must be the user's or root's with nobody else allowed to write
 * them (sbx_check_trusted(), the config files' rule), and so must every directory above it and
 * each symlink on its way (sbx_check_trusted_ancestors()). Named in another user's directory (a root
 * sbx given that user's $XDG_CACHE_HOME), the directory could be swapped for a symlink, and sbx
 * wrote its verdict into whatever directory that named (security review). */
static int cache_dir_open(const char *dir) {
        _cleanup_free_ char *copy = strdup(dir);
        struct stat st;
        int fd;

        if (!copy || stat(dirname(copy), &st) < 0 || sbx_check_trusted(NULL, "", "", "", &st) < 0 ||
            sbx_check_trusted_ancestors(NULL, "", "", "", dir) < 0)
                return -1;
        fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
                return -1;
        if (fstat(fd, &st) < 0 || sbx_check_trusted(NULL, "", "", "", &st) < 0) {
                close(fd);
                return -1;
        }
        return fd;
}

static int cache_path(const struct sbx_config *cfg, char *buf, size_t size) {
        if (!cfg->cache_dir)
                return -ENOENT;
        if ((size_t) snprintf(buf, size, "%s/probe", cfg->cache_dir) >= size)
                return -ENAMETOOLONG;
        return 0;
}

static void unescape_tabs(char *s) {
        for (; *s; s++)
                if (*s == '\t' || *s == '\n')
                        *s = ' ';
}

static bool cache_read(const char *dir, const char *key, struct sbx_probe_report *rep) {
        _cleanup_fclose_ FILE *f = NULL;
        _cleanup_close_ int dfd = cache_dir_open(dir);
        char line[1024];
        size_t n = 0;
        struct stat st;
        int fd;

        /* only a verdict this user wrote and nobody else could: it selects the backend */
        if (dfd < 0)
                return false;
        fd = openat(dfd, "probe", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
                return false;
        if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != sbx_euid() || (st.st_mode & 0077)) {
                close(fd);
                return false;
        }
        f = fdopen(fd, "re");
        if (!f) {
                close(fd);
                return false;
        }
        if (!fgets(line, sizeof(line), f) || strcmp(line, CACHE_MAGIC "\n") != 0)
                return false;
        if (!fgets(line, sizeof(line), f) || strncmp(line, "key ", 4) != 0)
                return false;
        line[strcspn(line, "\n")] = '\0';
        if (strcmp(line + 4, key) != 0)
                return false;
        rep->selected[0] = '\0';
        while (fgets(line, sizeof(line), f)) {
                char *fields[5], *p = line;
                size_t k;

                line[strcspn(line, "\n")] = '\0';
                if (strncmp(line, "selected ", 9) == 0) {
                        sbx_strlcpy(rep->selected, line + 9, sizeof(rep->selected));
                        continue;
                }
                for (k = 0; k < 4; k++) {
                        fields[k] = p;
                        p = strchr(p, '\t');
                        if (!p)
                                return false;
                        *p++ = '\0';
                }
                fields[k++] = p;
                if (k < 5 || n >= SBX_CANDIDATES_MAX)
                        return false;
                memset(&rep->candidates[n], 0, sizeof(rep->candidates[n]));
                sbx_strlcpy(rep->candidates[n].backend, fields[0], sizeof(rep->candidates[n].backend));
                rep->candidates[n].applicable = strcmp(fields[1], "1") == 0;
                rep->candidates[n].usable = strcmp(fields[2], "1") == 0;
                rep->candidates[n].enforcement =
                        strcmp(fields[3], "partial") == 0 ? SBX_ENFORCEMENT_PARTIAL : SBX_ENFORCEMENT_FULL;
                sbx_strlcpy(rep->candidates[n].reason, fields[4], sizeof(rep->candidates[n].reason));
                n++;
        }
        rep->n = n;
        return n > 0;
}

/* The pid of a probe's temporary cache file, probe.PID.tmp with PID digits alone: 0 for any
 * other name ("probe.12.tmp x", "probe. 12.tmp", "probe.+12.tmp" name no probe's file). */
static pid_t tmp_pid(const char *name) {
        const char *p = name + strlen("probe.");
        long pid = 0;

        if (strncmp(name, "probe.", strlen("probe.")) != 0 || *p < '1' || *p > '9')
                return 0;
        for (; *p >= '0' && *p <= '9'; p++)
                if ((pid = pid * 10 + (*p - '0')) > INT_MAX)
                        return 0;
        return strcmp(p, ".tmp") == 0 ? (pid_t) pid : 0;
}

/* A probe killed (SIGKILL) while it wrote the cache left its probe.PID.tmp, which only a later
 * probe that got the same pid removed (review). Each write removes those of processes gone; one
 * whose pid now names another process stays until that one is gone too. A pid names no process
 * here when its probe runs in another pid namespace sharing the cache (unshare -p): a writer holds
 * a lock (flock) on its file until it is renamed into place, and a locked one stays (one was
 * removed under its writer, whose cache then was not written). Never through a symlink. */
static void sweep_stale_tmp(int dfd) {
        DIR *d = sbx_opendir_dup(dfd);
        struct dirent *de;

        if (!d)
                return;
        while ((de = readdir(d))) {
                _cleanup_close_ int tfd = -1;
                pid_t pid = tmp_pid(de->d_name);
                struct stat st, now;

                if (pid <= 0 || kill(pid, 0) == 0 || errno != ESRCH)
                        continue;
                tfd = openat(dfd, de->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
                if (tfd < 0 || fstat(tfd, &st) < 0 || !S_ISREG(st.st_mode) || flock(tfd, LOCK_EX | LOCK_NB) < 0)
                        continue;
                /* locked: still the file under that name (no new probe of that pid made another) */
                if (fstatat(dfd, de->d_name, &now, AT_SYMLINK_NOFOLLOW) == 0 && now.st_dev == st.st_dev &&
                    now.st_ino == st.st_ino)
                        (void) unlinkat(dfd, de->d_name, 0);
        }
        closedir(d);
}

/* Whether the name tmp in dfd is the open file fd. */
static bool still_named(int dfd, const char *tmp, int fd) {
        struct stat st, now;

        return fstat(fd, &st) == 0 && fstatat(dfd, tmp, &now, AT_SYMLINK_NOFOLLOW) == 0 && now.st_dev == st.st_dev &&
               now.st_ino == st.st_ino;
}

/* Best effort: a cache that cannot be written only costs the next process a probe. */
static void cache_write(const struct sbx_config *cfg, const struct sbx_probe_report *rep) {
        _cleanup_close_ int dfd = -1, fd = -1, lk = -1, old = -1;
        bool named = false;
        char tmp[64], home[PATH_MAX];
        FILE *f;

        /* sbx makes no home directory: root's sbx made /nonexistent/.cache/sbx */
        if (sbx_missing_home_above(cfg->cache_dir, home, sizeof(home)) || !sbx_may_make_dir(cfg->cache_dir) ||
            sbx_mkdir_walk(cfg->cache_dir, 0700, true) < 0 ||
            (dfd = cache_dir_open(cfg->cache_dir)) < 0)
                return;
        sweep_stale_tmp(dfd);
        snprintf(tmp, sizeof(tmp), "probe.%d.tmp", (int) getpid());
        /* one left under this name: a dead probe's that had this pid, removed; or, locked, that of a
         * live probe of the same pid in another pid namespace sharing the cache, which this one
         * removed while it was written (its rename then took this one's file, half-written, into
         * place): that one writes the cache, this one none */
        old = openat(dfd, tmp, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (old < 0 && errno != ENOENT)
                (void) unlinkat(dfd, tmp, 0); /* no probe's file (a symlink, a socket) */
        if (old >= 0 && flock(old, LOCK_EX | LOCK_NB) < 0 && errno == EWOULDBLOCK)
                return;
        /* only that file, still under the name (locked, nobody else removes it): when none was
         * there, the name was removed whatever it named since, the file that a probe of the same
         * pid in another pid namespace had just made and locked (without O_TMPFILE, before it
         * wrote it: its rename then took this one's, half-written, into place) */
        if (old >= 0 && still_named(dfd, tmp, old))
                (void) unlinkat(dfd, tmp, 0);
        /* Made unnamed (O_TMPFILE), locked, written, and only then given its name: created under it
         * and then locked, it was nobody's between the two, and a sweep (of a probe to which this
         * pid names no process) or a probe of the same pid in another pid namespace could take it
         * there; this probe's rename then took theirs, half-written, into place. A file system
         * without O_TMPFILE gets it created under its name, and written only if, once locked, it
         * still is that file (else it was taken, and the name is not this probe's to use). */
        fd = openat(dfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
        if (fd < 0) {
                named = true;
                fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
        }
        if (fd < 0)
                return;
        /* locked until renamed into place (sweep_stale_tmp()): lk, the same open file, outlives f.
         * Where flock is not to be had (ENOLCK), unlocked: a sweep takes nothing it cannot lock. */
        if ((flock(fd, LOCK_EX | LOCK_NB) < 0 && errno == EWOULDBLOCK) || (lk = fcntl(fd, F_DUPFD_CLOEXEC, 3)) < 0 ||
            (named && !still_named(dfd, tmp, lk)))
                return;
        f = fdopen(fd, "we");
        if (!f)
                return;
        fd = -1;
        fprintf(f, CACHE_MAGIC "\nkey %s\n", rep->cache_key);
        for (size_t i = 0; i < rep->n; i++) {
                char reason[sizeof(rep->candidates[i].reason)];
                sbx_strlcpy(reason, rep->candidates[i].reason, sizeof(reason));
                unescape_tabs(reason);
                fprintf(f, "%s\t%d\t%d\t%s\t%s\n", rep->candidates[i].backend, rep->candidates[i].applicable,
                        rep->candidates[i].usable, sbx_enforcement_to_string(rep->candidates[i].enforcement), reason);
        }
        if (rep->selected[0])
                fprintf(f, "selected %s\n", rep->selected);
        if (fclose(f) != 0) {
                if (named)
                        (void) unlinkat(dfd, tmp, 0);
                return;
        }
        /* named through /proc (linkat's AT_EMPTY_PATH wants CAP_DAC_READ_SEARCH); a name taken
         * meanwhile (EEXIST) is another probe's: this one writes no cache */
        if (!named) {
                char self[64];
                snprintf(self, sizeof(self), "/proc/self/fd/%d", lk);
                if (linkat(AT_FDCWD, self, dfd, tmp, AT_SYMLINK_FOLLOW) < 0)
                        return;
        }
        if (renameat(dfd, tmp, dfd, "probe") < 0)
                (void) unlinkat(dfd, tmp, 0);
}

/* Whether a candidate failed for want of a resource that comes back: processes (a cgroup's
 * pids.max, which the key does not hold; dash says only "Cannot fork"), memory, descriptors, or
 * time (the probe killed at its timeout), or a crash (under a low stack limit, which the key
 * holds, bubblewrap crashes often but not always). Such a verdict is used by this process and not
 * kept: under a full pids cgroup bubblewrap failed, landlock was selected, and every later run took
 * it from the cache, partial, with --require-full refused (environment review). */
static bool transient_failure(const struct sbx_probe_report *rep) {
        static const char *const marks[] = { "Cannot fork", "killed by signal", "(128 + signal ",
                                             "interrupted by a signal" };
        static const int errs[] = { EAGAIN, ENOMEM, EMFILE, ENFILE };

        for (size_t i = 0; i < rep->n; i++) {
                const struct sbx_candidate *c = &rep->candidates[i];
                if (c->usable || strncmp(c->reason, "probe: ", 7) != 0)
                        continue;
                for (size_t k = 0; k < SBX_ELEMENTSOF(marks); k++)
                        if (strstr(c->reason, marks[k]))
                                return true;
                for (size_t k = 0; k < SBX_ELEMENTSOF(errs); k++)
                        if (strstr(c->reason, strerror(errs[k])))
                                return true;
        }
        return false;
}

int sbx_probe(const struct sbx_config *cfg, bool refresh, struct sbx_probe_report *ret, struct sbx_diag *diag) {
        struct sbx_probe_report rep = { 0 };
        const char *const *all = sbx_backend_names();

        (void) diag;
        if (!cfg || !ret)
                return -EINVAL;
        probe_key(cfg, rep.cache_key, sizeof(rep.cache_key));
        (void) cache_path(cfg, rep.cache_path, sizeof(rep.cache_path));

        if (!refresh && process_cache.valid && strcmp(process_cache.key, rep.cache_key) == 0) {
                *ret = process_cache.report;
                ret->from_cache = true;
                return 0;
        }
        /* A verdict on disk that no backend works is not trusted: the key cannot tell one seccomp
         * filter from another (only that there is one), and a verdict made under another filter
         * would refuse runs that work (review). It is probed again: only on hosts that refuse. */
        if (!refresh && rep.cache_path[0] && cache_read(cfg->cache_dir, rep.cache_key, &rep)) {
                if (rep.selected[0]) {
                        rep.from_cache = true;
                        goto out;
                }
                rep = (struct sbx_probe_report) { 0 };
                probe_key(cfg, rep.cache_key, sizeof(rep.cache_key));
                (void) cache_path(cfg, rep.cache_path, sizeof(rep.cache_path));
        }

        /* the chain first, in order, then every other backend sbx knows (listed, not probed) */
        for (char **name = cfg->backend_order; name && *name && rep.n < SBX_CANDIDATES_MAX; name++) {
                const struct sbx_backend *b = sbx_backend_get(*name);
                struct sbx_candidate *c = &rep.candidates[rep.n++];

                /* the static check of a run (sbx_backend_check()): one set of reasons */
                if (!b) {
                        memset(c, 0, sizeof(*c));
                        sbx_strlcpy(c->backend, *name, sizeof(c->backend));
                        snprintf(c->reason, sizeof(c->reason), "not applicable on this platform");
                        continue;
                }
                if (sbx_backend_check(cfg, *name, SBX_MODE_WORKSPACE_WRITE, c) < 0) {
                        c->usable = false;
                        continue;
                }
                probe_functional(cfg, b, c);
                if (c->usable && !rep.selected[0])
                        sbx_strlcpy(rep.selected, c->backend, sizeof(rep.selected));
        }
        for (const char *const *name = all; *name && rep.n < SBX_CANDIDATES_MAX; name++) {
                const struct sbx_backend *b = sbx_backend_get(*name);
                bool listed = false;
                struct sbx_candidate *c;

                for (size_t i = 0; i < rep.n; i++)
                        listed = listed || strcmp(rep.candidates[i].backend, *name) == 0;
                if (listed)
                        continue;
                c = &rep.candidates[rep.n++];
                memset(c, 0, sizeof(*c));
                sbx_strlcpy(c->backend, *name, sizeof(c->backend));
                c->applicable = b->applicable && b->applicable();
                snprintf(c->reason, sizeof(c->reason), "%s",
                         c->applicable ? "not in the configured backend order" : "not applicable on this platform");
        }
        if (rep.cache_path[0] && !transient_failure(&rep))
                cache_write(cfg, &rep);
out:
        process_cache.valid = true;
        sbx_strlcpy(process_cache.key, rep.cache_key, sizeof(process_cache.key));
        process_cache.report = rep;
        *ret = rep;
        return 0;
}
