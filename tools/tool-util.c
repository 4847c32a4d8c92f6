/* Messages, number parsing and the listing of child processes shared by the verbs. The tool logs once, at the top. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "sbx-tool.h"
#include "sbx-utf8.h"

static bool failure_reported;

bool sbx_failure_reported(void) {
        return failure_reported;
}

int sbx_fail(int status, const char *fmt, ...) {
        _cleanup_free_ char *msg = NULL, *safe = NULL;
        va_list ap;
        int n;

        if (status != 0)
                failure_reported = true;
        va_start(ap, fmt);
        n = vasprintf(&msg, fmt, ap);
        va_end(ap);
        /* one line, whatever it quotes: a root, a mode or a path with a newline or an escape
         * sequence (a name a command made in its workspace) neither splits it nor drives the
         * terminal */
        if (n >= 0)
                safe = sbx_term_text(msg, (size_t) n);
        fprintf(stderr, "sbx: %s\n", safe ? safe : msg ? msg : "out of memory");
        return status;
}

int sbx_fail_diag(int status, const char *what, const struct sbx_diag *diag) {
        if (diag->msg[0])
                return sbx_fail(status, "%s: %s", what, diag->msg);
        return sbx_fail(status, "%s: %s", what, strerror(diag->err ? diag->err : EINVAL));
}

int sbx_env_session(const char **ret) {
        const char *env = getenv("SBX_SESSION");

        *ret = NULL;
        if (!env)
                return 0;
        if (!*env)
                return -EINVAL;
        *ret = env;
        return 0;
}

const char *sbx_getopt_element(int argc, char *const *argv) {
        int at = optind > 0 ? optind : 1;

        return at < argc ? argv[at] : NULL;
}

int sbx_getopt_long(int argc, char *const *argv, const char *optstring, const struct option *longopts) {
        int index = -1;
        int c = getopt_long(argc, argv, optstring, longopts, &index);
        const char *word;

        if (c == -1 || c == '?' || c == ':' || index < 0 || optind < 1 || optind > argc)
                return c;
        /* the word it came from: the one before its value when that was the next word */
        word = argv[optind - 1];
        if (optarg && optarg == argv[optind - 1] && optind >= 2)
                word = argv[optind - 2];
        if (strncmp(word, "--", 2) == 0 && strcspn(word + 2, "=") != strlen(longopts[index].name)) {
                optopt = 0; /* as for a name getopt_long() does not know */
                return '?';
        }
        return c;
}

const char *sbx_getopt_error(const char *element, int optopt_value, char *buf, size_t size) {
        if (!element)
                element = "";
        if (strncmp(element, "--", 2) == 0) {
                const char *eq = strchr(element, '=');
                int len = eq ? (int) (eq - element) : (int) strlen(element);
                /* glibc: optopt is the option's value when it was known but given a value it does
                 * not take, 0 when the name is unknown or ambiguous */
                if (eq && optopt_value != 0)
                        snprintf(buf, size, "option '%.*s' takes no value", len, element);
                else
                        snprintf(buf, size, "unknown option '%.*s'", len, element);
        } else if (optopt_value > ' ' && optopt_value < 0x7f && optopt_value != '?')
                snprintf(buf, size, "unknown option '-%c'", optopt_value);
        else
                snprintf(buf, size, "unknown option '%s'", element);
        return buf;
}

int sbx_parse_int64(const char *s, int64_t min, int64_t max, int64_t *ret) {
        char *end = NULL;
        long long v;

        /* a sign only where the range has negative numbers: "-0" read as 0 (--exit -0 classified) */
        if (!s || !*s || ((*s != '-' || min >= 0) && (*s < '0' || *s > '9')))
                return -EINVAL;
        errno = 0;
        v = strtoll(s, &end, 10);
        if (errno == ERANGE)
                return -ERANGE;
        if (*end != '\0')
                return -EINVAL;
        if (v < min || v > max)
                return -ERANGE;
        *ret = v;
        return 0;
}

char *sbx_term_text(const char *s, size_t len) {
        char *out = malloc(len + 1);

        if (out)
                sbx_utf8_inert(out, s, len);
        return out;
}

int sbx_proc_stat(int proc_fd, pid_t pid, struct sbx_proc_stat *ret) {
        char buf[512], *close_paren;
        ssize_t n;
        long ppid, pgrp, session, tpgid;
        unsigned tty_nr;
        int fd;

        snprintf(buf, sizeof(buf), "%ld/stat", (long) pid);
        fd = openat(proc_fd, buf, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                return -errno; /* ended meanwhile */
        n = read(fd, buf, sizeof(buf) - 1);
        close(fd);
        if (n <= 0)
                return n < 0 ? -errno : -ENOENT;
        buf[n] = '\0';
        /* "PID (COMM) STATE PPID PGRP SESSION TTY_NR TPGID ...": COMM may hold spaces and
         * parentheses, its last ')' ends it (cut at 512 bytes: a COMM is at most 64) */
        close_paren = strrchr(buf, ')');
        if (!close_paren ||
            sscanf(close_paren + 1, " %*c %ld %ld %ld %u %ld", &ppid, &pgrp, &session, &tty_nr, &tpgid) != 5)
                return -EIO;
        *ret = (struct sbx_proc_stat) { .pid = pid, .ppid = (pid_t) ppid, .pgrp = (pid_t) pgrp,
                                        .session = (pid_t) session, .tty_nr = tty_nr, .tpgid = (pid_t) tpgid };
        return 0;
}

int sbx_proc_stat_ids(int proc_fd, pid_t pid, pid_t *ret_ppid, pid_t *ret_pgrp) {
        struct sbx_proc_stat p;
        int r = sbx_proc_stat(proc_fd, pid, &p);

        if (r < 0)
                return r;
        *ret_ppid = p.ppid;
        *ret_pgrp = p.pgrp;
        return 0;
}

int sbx_each_process(int (*fn)(const struct sbx_proc_stat *p, void *userdata), void *userdata) {
        return sbx_each_group_process(0, fn, userdata);
}

int sbx_each_group_process(pid_t pgrp, int (*fn)(const struct sbx_proc_stat *p, void *userdata), void *userdata) {
        DIR *proc = opendir("/proc");
        struct dirent *de;
        int r = 0;

        if (!proc)
                return -errno;
        while (r == 0 && (errno = 0, de = readdir(proc))) {
                struct sbx_proc_stat p;
                char *end;
                long pid;

                errno = 0;
                pid = strtol(de->d_name, &end, 10);
                if (*end || pid <= 0 || errno)
                        continue;
                /* getpgid(): one system call, not a /proc file the kernel writes out */
                if (pgrp > 0 && getpgid((pid_t) pid) != pgrp)
                        continue;
                if (sbx_proc_stat(dirfd(proc), (pid_t) pid, &p) == 0)
                        r = fn(&p, userdata);
        }
        if (r == 0 && errno)
                r = -errno;
        closedir(proc);
        return r;
}

struct child_scan {
        pid_t parent;
        void (*fn)(pid_t pid, void *userdata);
        void *userdata;
};

static int child_scanned(const struct sbx_proc_stat *p, void *userdata) {
        struct child_scan *c = userdata;

        if (p->ppid == c->parent)
                c->fn(p->pid, c->userdata);
        return 0;
}

int sbx_each_child_scan(pid_t parent, void (*fn)(pid_t pid, void *userdata), void *userdata) {
        struct child_scan c = { parent, fn, userdata };

        return sbx_each_process(child_scanned, &c);
}

int sbx_each_child(pid_t parent, void (*fn)(pid_t pid, void *userdata), void *userdata) {
        char path[64], buf[4096];
        size_t have = 0;
        int fd;

        snprintf(path, sizeof(path), "/proc/%ld/task/%ld/children", (long) parent, (long) parent);
        fd = open(path, O_RDONLY | O_CLOEXEC);
        /* a kernel without CONFIG_PROC_CHILDREN has no such file for a task that exists: the
         * children are then found by their parent in every process's stat (a keeper left what an
         * approver had started running, finding none) */
        if (fd < 0 && errno == ENOENT) {
                path[strlen(path) - strlen("/children")] = '\0';
                if (access(path, F_OK) == 0)
                        return sbx_each_child_scan(parent, fn, userdata);
                errno = ENOENT;
        }
        if (fd < 0)
                return -errno;
        for (;;) {
                ssize_t n = read(fd, buf + have, sizeof(buf) - 1 - have);
                size_t used = 0;

                if (n < 0 && errno == EINTR)
                        continue;
                if (n < 0) {
                        int e = errno;
                        close(fd);
                        return -e;
                }
                have += (size_t) n;
                buf[have] = '\0';
                /* "PID PID ... ": a number is whole once its space (or the end of the file) came */
                for (char *p = buf, *end; *p; p = end) {
                        long v;
                        while (*p == ' ' || *p == '\n')
                                p++;
                        if (!*p)
                                break;
                        errno = 0;
                        v = strtol(p, &end, 10);
                        if (end == p || errno) {
                                close(fd);
                                return -EIO;
                        }
                        if (!*end && n > 0)
                                break; /* maybe cut: the next read completes it */
                        if (v > 0)
                                fn((pid_t) v, userdata);
                        used = (size_t) (end - buf);
                }
                if (n == 0)
                        break;
                memmove(buf, buf + used, have - used);
                have -= used;
                if (have >= sizeof(buf) - 1) { /* no number is that long */
                        close(fd);
                        return -EIO;
                }
        }
        close(fd);
        return 0;
}

/* The caller's umask, while sbx makes its own files under 0077 (sbx_run_umask_private()). */
static struct {
        bool valid;
        mode_t caller;
} own_umask;

void sbx_run_umask_private(void) {
        if (!own_umask.valid) {
                own_umask.caller = umask(0077);
                own_umask.valid = true;
        }
}

void sbx_run_umask_for_caller(bool caller) {
        if (own_umask.valid)
                (void) umask(caller ? own_umask.caller : 0077);
}

void sbx_run_umask_restore_in_child(void) {
        sbx_run_umask_for_caller(true);
}
