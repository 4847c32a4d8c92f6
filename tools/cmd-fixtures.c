/* sbx fixtures: the regression suite of the dialects (DESIGN.md section 5).
 *
 *   sbx fixtures check [DIR]     classify every DIR/<backend>/<case>/ and list each mismatch
 *   sbx fixtures record ...      run a command confined (or raw) and write a new case
 *
 * A case is meta (key=value lines), stderr (raw bytes) and, for live recordings, argv (a JSON
 * array of the arguments). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <inttypes.h>
#include <libgen.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd-classify.h"
#include "fixture-meta.h"
#include "run-exec.h"
#include "sbx-classify.h"
#include "sbx-confine.h"
#include "sbx-procfs.h"
#include "sbx-tool.h"

SBX_DEFINE_CLEANUP(struct sbx_dialect *, sbx_dialect_free)

#define META_MAX (64 * 1024)
/* the longest --note: what fits in record's meta buffer beside the other fields */
#define NOTE_MAX 2048

/* ---- meta files ---------------------------------------------------------------------------- */

/* A file of a case: a regular file in the case directory, not a symlink (out of the tree), a
 * FIFO (a hang) or a device (/dev/zero: no end). The fd, or -1 and *why. */
static int open_case_file(int dirfd, const char *name, const char **why) {
        int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
        struct stat st;

        if (fd < 0) {
                *why = errno == ELOOP ? "a symlink, not a file" : strerror(errno);
                return -1;
        }
        if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || fcntl(fd, F_SETFL, 0) < 0) {
                close(fd);
                *why = "not a regular file";
                errno = EINVAL;
                return -1;
        }
        return fd;
}

/* The first entry of the case directory open at dirfd that is none of its files (meta, stderr,
 * argv), into name (cut to size): DESIGN.md section 5 says what a case holds, and a file beside
 * them (a `stderr.orig` an edit left, a note kept in the tree, a second capture) is no part of
 * what check classifies, nor of what a reader of the case takes as recorded. 1 when one was
 * found, 0 when none, -errno when the directory cannot be read. record's own temporary files
 * (.meta.tmp, ...) exist only while it writes, or after it was killed there: a case half made. */
static int case_extra_entry(int dirfd, char *name, size_t namelen) {
        int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        struct dirent *de;
        DIR *d;

        if (fd < 0)
                return -errno;
        d = fdopendir(fd);
        if (!d) {
                int e = errno;
                close(fd);
                return -e;
        }
        for (errno = 0; (de = readdir(d)); errno = 0) {
                if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
                    strcmp(de->d_name, "meta") == 0 || strcmp(de->d_name, "stderr") == 0 ||
                    strcmp(de->d_name, "argv") == 0)
                        continue;
                sbx_strlcpy(name, de->d_name, namelen);
                closedir(d);
                return 1;
        }
        int e = errno;
        closedir(d);
        return -e;
}

/* Whether the argv file open at fd holds a command as record writes it: a JSON array of strings,
 * ["ARG", ...], on one line. Only its ends are read (a command line may be longer than a meta
 * file): an empty file, [] or a note in prose kept no command. */
static bool argv_file_recorded(int fd) {
        char head[2], tail[3];
        struct stat st;
        size_t n;

        if (fstat(fd, &st) < 0 || st.st_size < 4 || pread(fd, head, sizeof(head), 0) != (ssize_t) sizeof(head))
                return false;
        n = st.st_size < (off_t) sizeof(tail) ? (size_t) st.st_size : sizeof(tail);
        if (pread(fd, tail, n, st.st_size - (off_t) n) != (ssize_t) n)
                return false;
        if (tail[n - 1] == '\n')
                n--;
        return memcmp(head, "[\"", 2) == 0 && n >= 2 && memcmp(tail + n - 2, "\"]", 2) == 0;
}

static int read_small_file(int dirfd, const char *name, char **ret, size_t *ret_len, const char **why) {
        _cleanup_close_ int fd = open_case_file(dirfd, name, why);
        _cleanup_free_ char *buf = NULL;
        size_t len = 0;

        if (fd < 0)
                return -errno;
        buf = malloc(META_MAX + 1);
        if (!buf) {
                *why = strerror(ENOMEM);
                return -ENOMEM;
        }
        for (;;) {
                ssize_t n = read(fd, buf + len, META_MAX - len);
                if (n < 0 && errno == EINTR)
                        continue;
                if (n < 0) {
                        *why = strerror(errno);
                        return -errno;
                }
                if (n == 0)
                        break;
                len += (size_t) n;
                if (len >= META_MAX) {
                        *why = strerror(EFBIG);
                        return -EFBIG;
                }
        }
        buf[len] = '\0';
        *ret = sbx_steal_ptr(&buf);
        *ret_len = len;
        return 0;
}

/* ---- check --------------------------------------------------------------------------------- */

/* A live case's command, its argv file (a JSON array of strings, as record writes it),
 * NULL-terminated; NULL when there is none such (or no memory). */
static char **case_argv(int dfd) {
        _cleanup_free_ char *text = NULL;
        const char *why = "";
        size_t len = 0;

        if (read_small_file(dfd, "argv", &text, &len, &why) < 0)
                return NULL;
        return sbx_fixture_argv_parse(text, len);
}

struct check_totals {
        unsigned passed, failed, malformed;
        int stop;           /* a resource ran out (errno): the walk stops there */
        char stop_at[PATH_MAX];
};

/* Whether e is a resource that ran out rather than a fault of the case: under a low `ulimit -n`
 * or `ulimit -v` every case read "malformed" or "failed", one line each (232 here) and exit 2,
 * which says the cases are broken (limits review). The check stops at the first, and says so. */
static bool out_of_resources(struct check_totals *t, int e, const char *path) {
        if (e != EMFILE && e != ENFILE && e != ENOMEM)
                return false;
        t->stop = e;
        sbx_strlcpy(t->stop_at, path, sizeof(t->stop_at));
        return true;
}

/* Whether the case's NAME (the last component of case_dir) reads as it is where fixtures check
 * lists it: that check shows every name through sbx_term_text(), so a name holding a control
 * character (a newline), a byte that is not UTF-8 or a bidirectional control is shown as another
 * one, '?' in its place. record refuses such a NAME, and check lists such a case as malformed.
 * 1 when it does, 0 when not, -ENOMEM. */
static int case_name_shown_as_is(const char *case_dir) {
        size_t end = strlen(case_dir);
        const char *slash;

        while (end > 1 && case_dir[end - 1] == '/')
                end--;
        slash = memrchr(case_dir, '/', end);
        const char *name = slash ? slash + 1 : case_dir;
        size_t len = end - (size_t) (name - case_dir);
        _cleanup_free_ char *shown = sbx_term_text(name, len);
        if (!shown)
                return -ENOMEM;
        return strlen(shown) == len && memcmp(shown, name, len) == 0;
}

/* *dp: the backend's built-in dialect, loaded by its first case that gets this far and kept for the
 * others (loading it compiled its patterns again for each of 772 cases: most of the check's time) */
static void check_case(const char *root, const char *backend, const char *name, bool verbose,
                       struct sbx_dialect **dp, struct check_totals *t) {
        _cleanup_close_ int dfd = -1, efd = -1;
        _cleanup_free_ char *meta = NULL;
        struct fixture_meta m;
        /* static: 64 denials of a PATH_MAX path each, too large a frame (one case at a time) */
        static struct sbx_classify_result res;
        struct sbx_exit_status st;
        struct sbx_diag diag = { 0 };
        char path[PATH_MAX], err[300];
        const char *cause = "";
        size_t meta_len = 0;
        int r;

        snprintf(path, sizeof(path), "%s/%s/%s", root, backend, name);
        /* names and meta values of a case tree go to a terminal: no control character of theirs */
        _cleanup_free_ char *shown = sbx_term_text(path, strlen(path));
        if (!shown || (r = case_name_shown_as_is(path)) < 0) {
                if (!out_of_resources(t, ENOMEM, path))
                        t->malformed++;
                return;
        }
        /* a newline shown as '?' made "a\nb" read as the name of another case, "a?b", which
         * record writes: such a case is named as none, as record refuses to make it */
        if (r == 0) {
                sbx_fail(0, "fixtures: %s: its NAME holds a control character or bytes that are not UTF-8, each shown "
                         "as '?' (it reads as another name): rename it, as sbx fixtures record would have it", shown);
                t->malformed++;
                return;
        }
        dfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
        if (dfd < 0) {
                if (out_of_resources(t, errno, shown))
                        return;
                sbx_fail(0, "fixtures: %s: %s", shown, errno == ELOOP ? "a symlink, not a case directory" : strerror(errno));
                t->malformed++;
                return;
        }
        r = read_small_file(dfd, "meta", &meta, &meta_len, &cause);
        if (r < 0) {
                if (out_of_resources(t, -r, shown))
                        return;
                sbx_fail(0, "fixtures: %s/meta: %s", shown, cause);
                t->malformed++;
                return;
        }
        if (sbx_fixture_meta_parse(meta, meta_len, &m, err, sizeof(err)) < 0) {
                _cleanup_free_ char *why = sbx_term_text(err, strlen(err));
                sbx_fail(0, "fixtures: %s/%s", shown, why ? why : "meta: malformed");
                t->malformed++;
                return;
        }
        if (strcmp(m.backend, backend) != 0) {
                _cleanup_free_ char *mb = sbx_term_text(m.backend, strlen(m.backend));
                sbx_fail(0, "fixtures: %s/meta: backend=%s but the case lives under %s/", shown, mb ? mb : "?", backend);
                t->malformed++;
                return;
        }
        efd = open_case_file(dfd, "stderr", &cause);
        if (efd < 0) {
                if (out_of_resources(t, errno, shown))
                        return;
                sbx_fail(0, "fixtures: %s/stderr: %s", shown, cause);
                t->malformed++;
                return;
        }
        /* a live recording keeps the command it ran (DESIGN.md section 5), or says why not */
        if ((strcmp(m.source, "live") == 0 || strcmp(m.source, "live-raw") == 0) && !m.has_argv_note) {
                _cleanup_close_ int afd = open_case_file(dfd, "argv", &cause);
                if (afd < 0 && out_of_resources(t, errno, shown))
                        return;
                if (afd < 0 || !argv_file_recorded(afd)) {
                        sbx_fail(0, "fixtures: %s/argv: %s (a live case keeps its command, or says in argv_note= why not)",
                                 shown, afd < 0 ? cause : "not a command as record writes it, [\"ARG\", ...]");
                        t->malformed++;
                        return;
                }
        }
        /* nothing but the case's files: what else lies there was not classified */
        char extra[NAME_MAX + 1];
        r = case_extra_entry(dfd, extra, sizeof(extra));
        if (r != 0) {
                if (r < 0 && out_of_resources(t, -r, shown))
                        return;
                _cleanup_free_ char *ex = r > 0 ? sbx_term_text(extra, strlen(extra)) : NULL;
                if (r > 0)
                        sbx_fail(0, "fixtures: %s/%s: not a file of a case (meta, stderr, argv)", shown, ex ? ex : "?");
                else
                        sbx_fail(0, "fixtures: %s: %s", shown, strerror(-r));
                t->malformed++;
                return;
        }
        /* The built-in dialects are what the fixtures pin: operator overrides do not apply. */
        r = *dp ? 0 : sbx_dialect_find(backend, NULL, dp, &diag);
        if (r < 0) {
                if (out_of_resources(t, -r, shown))
                        return;
                sbx_fail_diag(0, "fixtures", &diag);
                t->malformed++;
                return;
        }
        const struct sbx_dialect *d = *dp;
        st.signal = m.signal;
        st.exit_code = m.signal ? 0 : m.exit_code;
        /* a recording names the workspace it ran in (its cwd): relative paths and, under Landlock in
         * workspace-write, what lies beneath it are read as sbx run read them (as text: the
         * directory is long gone) */
        const char *writable[3], *granted[3];
        struct sbx_classify_context ctx = { .cwd = m.workspace[0] ? m.workspace : NULL, .writable = writable,
                                            .granted = granted };
        /* ... and where its command started, as sbx run read it: an env -C DIR of its argv, which
         * its relative names are DIR's (they were read as the workspace's) */
        char start[PATH_MAX];
        _cleanup_strv_free_ char **argv = m.workspace[0] && strcmp(m.source, "live") == 0 ? case_argv(dfd) : NULL;

        if (argv && sbx_run_env_start_dir(argv, m.workspace, start, sizeof(start)) > 0) {
                ctx.cwd = start;
                ctx.moved = true;
        }
        sbx_classify_writable_dirs(backend, m.mode, m.workspace[0] ? m.workspace : NULL, NULL, writable);
        sbx_classify_granted_dirs(backend, m.mode, m.workspace[0] ? m.workspace : NULL, NULL, granted);
        r = sbx_classify_fd(d, &ctx, efd, &st, &res, &diag);
        if (r < 0) {
                if (out_of_resources(t, -r, shown))
                        return;
                sbx_fail(0, "fixtures: %s: %s", shown, diag.msg);
                t->failed++;
                return;
        }
        if (res.verdict != m.verdict || (m.line && res.line_no != m.line)) {
                _cleanup_free_ char *line = sbx_term_text(res.matched_line, strlen(res.matched_line));
                printf("FAIL %s: expected %s", shown, sbx_verdict_to_string(m.verdict));
                if (m.line)
                        printf(" (line %" PRIu64 ")", m.line);
                printf(", got %s (line %" PRIu64 ": ", sbx_verdict_to_string(res.verdict), res.line_no);
                sbx_json_write_string(stdout, line ? line : "", line ? strlen(line) : 0);
                printf(")\n");
                t->failed++;
                return;
        }
        if (verbose)
                printf("ok   %s: %s\n", shown, sbx_verdict_to_string(res.verdict));
        t->passed++;
}

static int dir_filter(const struct dirent *e) {
        return e->d_name[0] != '.';
}

static int list_dirs(const char *path, struct dirent ***ret) {
        struct dirent **list = NULL;
        int n = scandir(path, &list, dir_filter, alphasort);

        if (n < 0)
                return -errno;
        *ret = list;
        return n;
}

static void free_dirents(struct dirent **list, int n) {
        for (int i = 0; i < n; i++)
                free(list[i]);
        free(list);
}

static int fixtures_check(int argc, char **argv) {
        struct check_totals t = { 0 };
        struct dirent **backends = NULL;
        const char *root = NULL;
        bool verbose = false;
        bool options_end = false;
        struct stat st;
        int nb;

        for (int i = 1; i < argc; i++) {
                if (options_end || argv[i][0] != '-') {
                        if (root)
                                return sbx_fail(SBX_EXIT_USAGE, "fixtures check: unexpected argument '%s'", argv[i]);
                        /* (" is not a directory", naming nothing) */
                        if (!argv[i][0])
                                return sbx_fail(SBX_EXIT_USAGE, "fixtures check: DIR is an empty string");
                        root = argv[i];
                } else if (strcmp(argv[i], "--") == 0) {
                        /* the end of the options, as for every other verb: a DIR that begins with '-' */
                        options_end = true;
                } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
                        puts("usage: sbx fixtures check [-v] [DIR]\n\n"
                             "Classifies every case DIR/<backend>/<case>/{meta,stderr} with the built-in dialect\n"
                             "of <backend> and lists each case whose verdict differs from meta's verdict=.\n"
                             "DIR defaults to ./fixtures at the top of the source tree. Exit status 0 when all\n"
                             "cases pass, 1 on a mismatch (or when descriptors or memory run out), 2 on a usage\n"
                             "error or a malformed case.\n\n"
                             "  -v, --verbose  also print an ok line for each passing case");
                        return SBX_EXIT_OK;
                } else if (strcmp(argv[i], "-v") == 0 || strcmp(argv[i], "--verbose") == 0) {
                        verbose = true;
                } else {
                        return sbx_fail(SBX_EXIT_USAGE, "fixtures check: unknown option '%s'", argv[i]);
                }
        }
        if (!root) {
                if (stat("fixtures", &st) == 0 && S_ISDIR(st.st_mode) && access("classify/sbx-classify.h", F_OK) == 0)
                        root = "fixtures";
                else
                        return sbx_fail(SBX_EXIT_USAGE, "fixtures check: give the fixtures directory (no fixtures/ of a source tree here)");
        }
        if (stat(root, &st) < 0 || !S_ISDIR(st.st_mode))
                return sbx_fail(SBX_EXIT_USAGE, "fixtures check: %s is not a directory", root);

        nb = list_dirs(root, &backends);
        if (nb < 0)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures check: cannot read %s: %s", root, strerror(-nb));
        for (int b = 0; b < nb; b++) {
                _sbx_cleanup_(sbx_dialect_freep) struct sbx_dialect *d = NULL;
                struct dirent **cases = NULL;
                char path[PATH_MAX];
                int nc;

                snprintf(path, sizeof(path), "%s/%s", root, backends[b]->d_name);
                if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode))
                        continue; /* README and the like */
                nc = list_dirs(path, &cases);
                if (nc < 0 && out_of_resources(&t, -nc, path))
                        break;
                if (nc < 0) {
                        sbx_fail(0, "fixtures: cannot read %s: %s", path, strerror(-nc));
                        t.malformed++;
                        continue;
                }
                for (int c = 0; c < nc && !t.stop; c++) {
                        char cpath[PATH_MAX];
                        snprintf(cpath, sizeof(cpath), "%s/%s", path, cases[c]->d_name);
                        if (stat(cpath, &st) == 0 && S_ISDIR(st.st_mode)) {
                                check_case(root, backends[b]->d_name, cases[c]->d_name, verbose, &d, &t);
                                continue;
                        }
                        /* beneath a backend every entry is a case (DESIGN.md section 5): a case
                         * kept as a file, or a link to none, was passed over in silence */
                        _cleanup_free_ char *shown = sbx_term_text(cpath, strlen(cpath));
                        sbx_fail(0, "fixtures: %s: not a case directory", shown ? shown : "?");
                        t.malformed++;
                }
                free_dirents(cases, nc);
                if (t.stop)
                        break;
        }
        free_dirents(backends, nb);
        if (t.stop) {
                _cleanup_free_ char *at = sbx_term_text(t.stop_at, strlen(t.stop_at));
                return sbx_fail(1, "fixtures check: stopped at %s: %s; the cases were not all checked",
                                at ? at : "a case", strerror(t.stop));
        }

        printf("fixtures: %u passed, %u failed", t.passed, t.failed);
        if (t.malformed)
                printf(", %u malformed", t.malformed);
        printf("\n");
        if (t.malformed)
                return SBX_EXIT_USAGE;
        if (t.passed + t.failed == 0)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures check: no cases under %s", root);
        return t.failed ? 1 : SBX_EXIT_OK;
}

/* ---- record -------------------------------------------------------------------------------- */

struct record_args {
        const char *backend;
        const char *mode;
        const char *case_dir;
        const char *note;
        const char *user; /* "UID[:GID]" to run as, or NULL */
        bool has_expect;
        enum sbx_verdict expect;
        bool raw;
        bool force;
        int timeout_s;
        char **argv;
};

static void record_usage(FILE *f) {
        fputs("usage: sbx fixtures record --backend B [--mode M] --case DIR/NAME [--note TEXT]\n"
              "                           [--expect VERDICT] [--user UID[:GID]] [--timeout SEC] [--force]\n"
              "                           [--raw] -- ARGV...\n"
              "\n"
              "Runs ARGV confined with `sbx run --backend B --mode M` (this same sbx) in a fresh temporary\n"
              "workspace, captures its stderr byte for byte, takes the exit status from the verdict\n"
              "record, classifies it and writes DIR/NAME/{meta,stderr,argv}. With --raw, ARGV runs as\n"
              "is, unconfined (for runner failures that sbx run cannot provoke, e.g. bwrap with a\n"
              "missing bind source). --expect refuses to write a case whose verdict differs.\n"
              "--case is DIR/B/NAME, where sbx fixtures check finds a case of backend B; NAME holds\n"
              "no control character nor bytes that are not UTF-8 (check could not list it as it is).\n"
              "--mode (read-only, or workspace-write by default) does not apply to --raw;\n"
              "--timeout (default 60) kills a command that hangs.\n",
              f);
}

static int parse_user(const char *s, uid_t *uid, gid_t *gid) {
        int64_t u, g;
        char buf[64];
        char *colon;

        /* cut short, "0:00...0065534" read as gid 0 (static review) */
        if ((size_t) snprintf(buf, sizeof(buf), "%s", s) >= sizeof(buf))
                return -EINVAL;
        colon = strchr(buf, ':');
        if (colon)
                *colon = '\0';
        if (sbx_parse_int64(buf, 0, 0x7fffffff, &u) < 0)
                return -EINVAL;
        g = u;
        if (colon && sbx_parse_int64(colon + 1, 0, 0x7fffffff, &g) < 0)
                return -EINVAL;
        *uid = (uid_t) u;
        *gid = (gid_t) g;
        return 0;
}

/* Whether case_dir is DIR/<backend>/NAME, the only place where `sbx fixtures check` looks for a
 * case of backend: one written elsewhere was kept, then reported malformed by check (its meta
 * names another backend than its directory) or never checked at all (a NAME starting with '.'). */
static bool case_dir_fits(const char *case_dir, const char *backend) {
        size_t end = strlen(case_dir), start;
        const char *slash;

        while (end > 1 && case_dir[end - 1] == '/')
                end--;
        slash = memrchr(case_dir, '/', end);
        if (!slash || slash[1] == '.')
                return false;
        end = (size_t) (slash - case_dir);
        while (end > 0 && case_dir[end - 1] == '/')
                end--;
        slash = memrchr(case_dir, '/', end);
        start = slash ? (size_t) (slash - case_dir) + 1 : 0;
        return end - start == strlen(backend) && memcmp(case_dir + start, backend, end - start) == 0;
}

static int record_parse(int argc, char **argv, struct record_args *a) {
        enum { O_BACKEND = 0x100, O_MODE, O_CASE, O_NOTE, O_EXPECT, O_RAW, O_USER, O_FORCE, O_TIMEOUT, O_HELP };
        static const struct option opts[] = {
                { "backend", required_argument, NULL, O_BACKEND }, { "mode", required_argument, NULL, O_MODE },
                { "case", required_argument, NULL, O_CASE },       { "note", required_argument, NULL, O_NOTE },
                { "expect", required_argument, NULL, O_EXPECT },   { "raw", no_argument, NULL, O_RAW },
                { "user", required_argument, NULL, O_USER },       { "force", no_argument, NULL, O_FORCE },
                { "timeout", required_argument, NULL, O_TIMEOUT }, { "help", no_argument, NULL, O_HELP },
                {},
        };
        bool mode_given = false;
        unsigned seen = 0;
        int c;

        memset(a, 0, sizeof(*a));
        a->mode = "workspace-write";
        a->timeout_s = 60;
        optind = 0;
        opterr = 0;
        for (;;) {
                const char *element = sbx_getopt_element(argc, argv);
                char what[128];
                int64_t v;
                uid_t u;
                gid_t g;

                if ((c = sbx_getopt_long(argc, argv, "+:h", opts)) < 0)
                        break;
                /* each value once, as for sbx run: the last one won (a case recorded under the
                 * second --case, by the second --backend) */
                if (c >= O_BACKEND && c <= O_TIMEOUT && c != O_RAW && c != O_FORCE) {
                        unsigned bit = 1u << (c - O_BACKEND);
                        if (seen & bit)
                                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --%s given twice: which one is meant?",
                                                opts[c - O_BACKEND].name), -EINVAL;
                        seen |= bit;
                }

                switch (c) {
                case O_BACKEND: a->backend = optarg; break;
                case O_MODE: a->mode = optarg; mode_given = true; break;
                case O_CASE: a->case_dir = optarg; break;
                case O_NOTE: a->note = optarg; break;
                case O_RAW: a->raw = true; break;
                case O_FORCE: a->force = true; break;
                case O_USER:
                        if (parse_user(optarg, &u, &g) < 0)
                                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --user wants UID[:GID], not '%s'", optarg), -EINVAL;
                        a->user = optarg;
                        break;
                case O_TIMEOUT:
                        if (sbx_parse_int64(optarg, 1, 3600, &v) < 0)
                                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --timeout wants 1..3600 seconds"), -EINVAL;
                        a->timeout_s = (int) v;
                        break;
                case O_EXPECT:
                        if (sbx_verdict_from_string(optarg, &a->expect) < 0)
                                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: unknown verdict '%s'", optarg), -EINVAL;
                        a->has_expect = true;
                        break;
                case 'h':
                case O_HELP:
                        record_usage(stdout);
                        return 1;
                case ':':
                        return sbx_fail(SBX_EXIT_USAGE, "fixtures record: option '%s' needs a value", argv[optind - 1]), -EINVAL;
                default:
                        return sbx_fail(SBX_EXIT_USAGE, "fixtures record: %s",
                                        sbx_getopt_error(element, optopt, what, sizeof(what))), -EINVAL;
                }
        }
        if (!a->backend)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --backend B is required"), -EINVAL;
        if (!a->case_dir)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --case DIR/NAME is required"), -EINVAL;
        if (optind >= argc)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: the command to run goes after --"), -EINVAL;
        /* Found wrong by the sbx run below, these were exit 1 after a run that recorded nothing,
         * and a --mode beside --raw was dropped silently (the case says mode=raw). */
        if (a->raw && mode_given)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --mode does not apply to --raw (a raw case's mode is raw)"),
                       -EINVAL;
        if (!a->raw && strcmp(a->mode, "read-only") != 0 && strcmp(a->mode, "workspace-write") != 0)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --mode wants read-only or workspace-write, not '%s'",
                                a->mode), -EINVAL;
        if (!a->raw && !sbx_run_backend_known(a->backend))
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: sbx run has no backend '%s' (bwrap, landlock, seatbelt, "
                                "windows-acl; --raw runs a command unconfined)", a->backend), -EINVAL;
        /* a NAME that check cannot list as it is was made all the same ($'n\nx', a directory
         * whose name holds a newline, listed as 'n?x'); checked first, and the whole --case is
         * quoted below only through sbx_term_text(): one line, no control character */
        _cleanup_free_ char *shown_case = sbx_term_text(a->case_dir, strlen(a->case_dir));
        if (!shown_case)
                return sbx_fail(1, "fixtures record: out of memory"), -ENOMEM;
        int shown = case_name_shown_as_is(a->case_dir);
        if (shown < 0)
                return sbx_fail(1, "fixtures record: out of memory"), -ENOMEM;
        if (!shown)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --case '%s': its NAME holds a control character or "
                                "bytes that are not UTF-8, which sbx fixtures check cannot list as they are",
                                shown_case), -EINVAL;
        if (!case_dir_fits(a->case_dir, a->backend))
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --case must be DIR/%s/NAME (where sbx fixtures check "
                                "looks for a %s case), not '%s'", a->backend, a->backend, shown_case), -EINVAL;
        if (a->note && strpbrk(a->note, "\r\n"))
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --note must be one line"), -EINVAL;
        /* the meta file is built in a fixed buffer: a longer note was cut short, silently */
        if (a->note && strlen(a->note) > NOTE_MAX)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: --note is longer than %d bytes", NOTE_MAX), -EINVAL;
        a->argv = argv + optind;
        return 0;
}

/* Reads an integer field ("key":N or "key":null) of the one-object verdict record. */
static bool json_int_field(const char *json, const char *key, int64_t *ret, bool *is_null) {
        char pat[64];
        const char *p;
        char *end;

        snprintf(pat, sizeof(pat), "\"%s\":", key);
        p = strstr(json, pat);
        if (!p)
                return false;
        p += strlen(pat);
        while (*p == ' ')
                p++;
        if (strncmp(p, "null", 4) == 0) {
                *is_null = true;
                *ret = 0;
                return true;
        }
        errno = 0;
        *ret = strtoll(p, &end, 10);
        *is_null = false;
        return end != p && errno == 0;
}

/* Whether the one-object verdict record has the string field "key":"value" (top level: the
 * record's strings escape every '"', so the pattern cannot start inside one). */
static bool json_str_field_is(const char *json, const char *key, const char *value) {
        char pat[128];

        snprintf(pat, sizeof(pat), "\"%s\":\"%s\"", key, value);
        return strstr(json, pat) != NULL;
}

/* never through a symlink planted in the case directory */
static int write_text_at(int dfd, const char *name, const char *text, size_t len) {
        _cleanup_close_ int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW,
                                        0644);
        while (fd >= 0 && len > 0) {
                ssize_t n = write(fd, text, len);
                if (n < 0 && errno == EINTR)
                        continue;
                if (n <= 0)
                        return -errno;
                text += n;
                len -= (size_t) n;
        }
        return fd < 0 ? -errno : 0;
}

/* Copies from in (at its offset) to out, at most max bytes (0: all). -errno. */
static int copy_fd(int in, int out, size_t max) {
        char buf[8192];
        size_t done = 0;

        for (;;) {
                ssize_t n = read(in, buf, max && max - done < sizeof(buf) ? max - done : sizeof(buf));
                if (n < 0 && errno == EINTR)
                        continue;
                if (n <= 0)
                        return n < 0 ? -errno : 0;
                for (ssize_t w = 0; w < n;) {
                        ssize_t k = write(out, buf + w, (size_t) (n - w));
                        if (k < 0 && errno == EINTR)
                                continue;
                        if (k <= 0)
                                return -errno;
                        w += k;
                }
                done += (size_t) n;
                if (max && done >= max)
                        return 0;
        }
}

static int copy_fd_at(int in, int dfd, const char *name) {
        _cleanup_close_ int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW,
                                        0644);
        return fd < 0 ? -errno : copy_fd(in, fd, 0);
}

/* A recording that is no observation: says why and what sbx run's stderr (at efd) was, keeps
 * nothing, and returns the status to exit with. */
static int not_kept(const char *what, int wstatus, int efd, const char *case_dir) {
        int status = sbx_fail(1, "fixtures record: sbx run %s (exit status %d); its stderr follows, %s not kept", what,
                              WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus), case_dir);

        if (lseek(efd, 0, SEEK_SET) == 0)
                (void) copy_fd(efd, STDERR_FILENO, 4096);
        return status;
}

/* What --force replaces is a case: a directory holding a meta file. Any other directory (the
 * backend's own, given without a NAME; a home directory) would get its meta, stderr and argv
 * files overwritten. */
static bool is_case_dir(int dfd) {
        struct stat st;

        return fstatat(dfd, "meta", &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
}

/* A signal that ends the recording (^C, a caller's `timeout`: SIGTERM, a closed terminal): the
 * command runs in a process group of its own, which neither the terminal's ^C nor a timeout that
 * signals its own group reaches, and sbx ended by it at once left the command running on for good
 * (unconfined with --raw) and its temporary directory behind (review). It is noted here; the
 * recording kills the command and what it left, removes the directory, then ends by the signal. */
static volatile sig_atomic_t record_stop;

static void on_record_signal(int sig) {
        record_stop = sig;
}

/* ^Z (SIGTSTP to sbx): the command, in its own group, did not stop with the recording and ran on
 * unwatched, its stopped time counted against --timeout (review). It is stopped with sbx (sbx
 * run stops its sandbox) and continued with it. */
static volatile sig_atomic_t record_tstp;
static bool record_tstp_caught;

static void on_record_tstp(int sig) {
        (void) sig;
        record_tstp = 1;
}

static const int record_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* The signals the caller ignores (nohup: SIGHUP; a background job of a non-interactive shell:
 * SIGINT, SIGQUIT), which stay ignored for the command as for that of sbx run (exec_command()):
 * a --raw command lost them to its keeper's defaults, and one the recording set ignored
 * (`nohup sbx fixtures record --raw ...`) died of the hangup (review). */
static const int record_ignorable[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCHLD };
static sigset_t record_caller_ignored;

/* Catches record_signals but one the caller ignores (nohup: SIGHUP), which stays ignored. A
 * SIGCHLD the caller ignores is the default in the recording: ignored, the kernel reaped its
 * children alone, and every recording failed, "No child processes" (review); the command gets it
 * ignored again. */
static void record_signals_catch(void) {
        struct sigaction sa = { .sa_handler = on_record_signal }, old;

        sigemptyset(&record_caller_ignored);
        for (size_t i = 0; i < SBX_ELEMENTSOF(record_ignorable); i++)
                if (sigaction(record_ignorable[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
                        sigaddset(&record_caller_ignored, record_ignorable[i]);
        if (sigismember(&record_caller_ignored, SIGCHLD) == 1)
                (void) signal(SIGCHLD, SIG_DFL);
        sigemptyset(&sa.sa_mask);
        for (size_t i = 0; i < SBX_ELEMENTSOF(record_signals); i++)
                if (sigaction(record_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
                        (void) sigaction(record_signals[i], &sa, NULL);
        sa.sa_handler = on_record_tstp;
        if (sigaction(SIGTSTP, NULL, &old) == 0 && old.sa_handler == SIG_DFL)
                record_tstp_caught = sigaction(SIGTSTP, &sa, NULL) == 0;
}

/* The command gone: ^Z is sbx's own again (one that came as the command ended stops sbx now). */
static void record_tstp_release(void) {
        if (!record_tstp_caught)
                return;
        signal(SIGTSTP, SIG_DFL);
        record_tstp_caught = false;
        if (record_tstp) {
                record_tstp = 0;
                (void) raise(SIGTSTP);
        }
}

#define RECORD_STOP_WAIT_MS 1000 /* how long the command may take to stop on ^Z */

static void note_first_child(pid_t pid, void *userdata) {
        pid_t *first = userdata;

        if (*first == 0)
                *first = pid;
}

/* Whether the command stands stopped now: sbx's child `pid`, whose state is left to be waited
 * for, or under a keeper (which stops on ^Z whatever the command does) the keeper's child. */
static bool record_child_stopped(pid_t pid, bool keeper) {
        siginfo_t si = { 0 };
        pid_t cmd = 0;
        char state;

        if (!keeper)
                return waitid(P_PID, (id_t) pid, &si, WSTOPPED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid &&
                       si.si_code == CLD_STOPPED;
        if (sbx_each_child(pid, note_first_child, &cmd) < 0 || cmd <= 0)
                return false;
        state = sbx_process_state(cmd);
        return state == 'T' || state == 't';
}

/* Stops the command's group `pid` and sbx as SIGTSTP would have; once sbx is continued, so is the
 * command. Returns how long the command stood: a command that ignores ^Z (or handles it and runs
 * on) ran while sbx stood, and that time was not counted against --timeout: a --raw command ran
 * on unwatched, 6.5 s under --timeout 3 (review). The command is given a moment to stop before
 * sbx does, as the terminal's ^Z stops a whole job. */
static int64_t record_stop_with(pid_t pid, bool keeper) {
        struct sigaction dfl = { .sa_handler = SIG_DFL }, handler;
        int64_t t0, wait_end = sbx_monotonic_ms() + RECORD_STOP_WAIT_MS;
        bool stood;

        record_tstp = 0;
        (void) kill(-pid, SIGTSTP);
        while (!record_child_stopped(pid, keeper) && !record_stop && sbx_monotonic_ms() < wait_end)
                usleep(1000);
        t0 = sbx_monotonic_ms();
        (void) sigaction(SIGTSTP, &dfl, &handler);
        (void) raise(SIGTSTP);
        (void) sigaction(SIGTSTP, &handler, NULL);
        stood = record_child_stopped(pid, keeper);
        (void) kill(-pid, SIGCONT);
        return stood ? sbx_monotonic_ms() - t0 : 0;
}

/* The command, in the child just forked by `parent`, in a process group of its own unless under a
 * keeper (in the keeper's): never returns. */
static _Noreturn void exec_command(char **argv, int err_fd, const char *cwd, const char *user, pid_t parent,
                                   bool own_group) {
        int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
        uid_t u;
        gid_t g;

        if (own_group)
                (void) setpgid(0, 0);
        sbx_run_xfsz_restore_in_child();
        sbx_run_umask_restore_in_child();
        /* what the caller ignores, ignored again (reset by the keeper, SIGCHLD by the recording) */
        for (size_t i = 0; i < SBX_ELEMENTSOF(record_ignorable); i++)
                if (sigismember(&record_caller_ignored, record_ignorable[i]) == 1)
                        (void) signal(record_ignorable[i], SIG_IGN);
        if (devnull < 0 || dup2(devnull, STDIN_FILENO) < 0 || dup2(devnull, STDOUT_FILENO) < 0 ||
            dup2(err_fd, STDERR_FILENO) < 0)
                _exit(126);
        /* nothing else of the caller's: the command runs unconfined (--raw), perhaps as
         * another user (--user) */
        (void) close_range(3, ~0U, 0);
        if (cwd && chdir(cwd) < 0)
                _exit(126);
        if (user && (parse_user(user, &u, &g) < 0 || setgroups(0, NULL) < 0 || setgid(g) < 0 || setuid(u) < 0))
                _exit(126);
        /* a recording killed (SIGKILL) takes its command along: sbx run ends its sandbox
         * then. Set after the user change, which clears it. */
        if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0 || getppid() != parent)
                _exit(126);
        execvp(argv[0], argv);
        dprintf(STDERR_FILENO, "sbx fixtures record: cannot execute %s: %s\n", argv[0], strerror(errno));
        _exit(127);
}

/* A --raw recording killed by SIGKILL ends nothing itself: its command got SIGKILL as its parent
 * died (PR_SET_PDEATHSIG), but what the command had started ran on, unconfined (measured: `sh -c
 * 'sleep 7; :'` left the sleep running). The command runs under a keeper (sbx_keeper_run()), the
 * recording's child: the leader of the command's process group and its child subreaper, which
 * kills what is below it when the recording dies; otherwise it ends as the command ended, and
 * what is left goes up to the recording (sbx_leftovers_end()). The recording's group signals (^Z,
 * a timeout's SIGKILL) reach the keeper with the command. Any other signal is the command's; the
 * command itself got SIGKILL as the keeper died. */
struct command {
        char **argv;
        int err_fd;
        const char *cwd, *user;
};

static _Noreturn void keeper_exec_command(pid_t keeper, void *userdata) {
        const struct command *c = userdata;

        exec_command(c->argv, c->err_fd, c->cwd, c->user, keeper, false);
}

/* What the recorded command leaves running ends with the recording: a case is an observation of
 * one command, and what it left wrote on into the temporary directory removed after it. The
 * recording is the command's child subreaper, so each process the command leaves (a background
 * job, a daemon in a session of its own, bubblewrap's sandbox init with --new-session: none of
 * them in the command's process group, which is all a timeout killed; measured, they ran on for
 * good) becomes a child of the recording once its parent ended, and is killed. The children the
 * recording had before (a job that a shell handed it with `job & exec sbx fixtures record ...`)
 * are spared (sbx_leftovers_end()). */
/* Runs argv with stderr into err_fd, cwd in `cwd`, as `user` when given; waits at most timeout_s.
 * Fills *ret_wstatus. What the command leaves running is killed (sbx_leftovers_end()), as is the
 * command on a record_signals signal (-EINTR). */
static int spawn_wait(char **argv, int err_fd, const char *cwd, const char *user, bool keeper, int timeout_s,
                      int *ret_wstatus) {
        struct sbx_leftovers l = { 0 };
        int64_t deadline;
        pid_t pid, parent = getpid();
        int r = 0;

        if (record_stop)
                return -EINTR;
        sbx_leftovers_spare(&l);
        if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) < 0) {
                r = -errno;
                free(l.before);
                return r;
        }
        pid = fork();
        if (pid < 0) {
                r = -errno;
                sbx_leftovers_end(&l);
                return r;
        }
        if (pid == 0) {
                struct command c = { argv, err_fd, cwd, user };
                if (keeper)
                        sbx_keeper_run(parent, false, keeper_exec_command, &c);
                exec_command(argv, err_fd, cwd, user, parent, true);
        }
        deadline = sbx_monotonic_ms() + (int64_t) timeout_s * 1000;
        for (;;) {
                pid_t w = waitpid(pid, ret_wstatus, WNOHANG);
                if (w == pid)
                        break;
                if (w < 0 && errno != EINTR) {
                        r = -errno;
                        break;
                }
                if (record_tstp && !record_stop)
                        deadline += record_stop_with(pid, keeper);
                if (record_stop || sbx_monotonic_ms() > deadline) {
                        (void) kill(-pid, SIGKILL);
                        (void) kill(pid, SIGKILL);
                        (void) waitpid(pid, ret_wstatus, 0);
                        r = record_stop ? -EINTR : -ETIMEDOUT;
                        break;
                }
                usleep(5000);
        }
        sbx_leftovers_end(&l);
        record_tstp_release();
        return r;
}

/* A recording killed by SIGKILL (nothing of it runs) left its temporary directory for good, the
 * workspace and capture of a command in /tmp that nothing read or removed. While a recording
 * lives it holds a lock (flock) on the file `lock` in its directory; the next recording of the
 * same user removes each sbx-fixture-XXXXXX of that user whose lock no one holds. The file comes
 * under its name only once locked, and the directory too: it is made and locked as
 * .sbx-fixture-XXXXXX, then renamed, so no sweep takes a directory that is being made, and a
 * recording killed in between (mkdtemp() done, no lock yet) leaves only a hidden name, which the
 * sweep removes once unlocked and older than RECORD_HIDDEN_AGE_S (that directory, under its
 * final name with no lock file, was left for good). A sbx-fixture-XXXXXX with no lock file (made
 * by an older sbx, which may still be recording into it) is left alone. */
#define RECORD_TMP_PREFIX "sbx-fixture-"
#define RECORD_HIDDEN_PREFIX "." RECORD_TMP_PREFIX
#define RECORD_TMP_TEMPLATE "/tmp/" RECORD_TMP_PREFIX "XXXXXX"
/* a hidden directory older than this was abandoned while being made (it takes microseconds) */
#define RECORD_HIDDEN_AGE_S 60

/* Locks tmp (open at dirfd) as a live recording's: the lock's fd, or -errno. Readable by all: the
 * user a --user recording hands the directory to sweeps it. Whatever the umask (sbx's 0077 made it
 * 0600, root's, and a killed --user recording's directory stayed for good: review). */
static int record_tmp_lock(int dirfd) {
        _cleanup_close_ int fd = openat(dirfd, ".lock", O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY,
                                        0644);

        if (fd < 0 || fchmod(fd, 0644) < 0 || flock(fd, LOCK_EX | LOCK_NB) < 0 ||
            renameat(dirfd, ".lock", dirfd, "lock") < 0)
                return -errno;
        return sbx_steal_fd(&fd);
}

/* Makes the recording's directory tmp ("/tmp/sbx-fixture-XXXXXX", filled in) with its lock
 * held: made and locked under the hidden name, then renamed without replacing anything. The
 * lock's fd, or -errno (nothing left). */
static int record_tmp_make(char *tmp) {
        for (int attempt = 0; attempt < 100; attempt++) {
                char hidden[] = "/tmp/" RECORD_HIDDEN_PREFIX "XXXXXX";
                _cleanup_close_ int dfd = -1, lfd = -1;
                struct stat st, now;
                int r;

                if (!mkdtemp(hidden))
                        return -errno;
                dfd = open(hidden, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                lfd = dfd < 0 ? -errno : record_tmp_lock(dfd);
                if (lfd < 0) {
                        (void) sbx_remove_tree(hidden);
                        return lfd;
                }
                memcpy(tmp + strlen("/tmp/" RECORD_TMP_PREFIX), hidden + strlen("/tmp/" RECORD_HIDDEN_PREFIX), 6);
                r = renameat2(AT_FDCWD, hidden, AT_FDCWD, tmp, RENAME_NOREPLACE);
                if (r < 0 && errno == EINVAL) /* a file system without it: by name, as unlikely taken */
                        r = lstat(tmp, &now) == 0 ? (errno = EEXIST, -1) : rename(hidden, tmp);
                if (r < 0) {
                        int e = errno;

                        (void) sbx_remove_tree(hidden);
                        if (e == EEXIST || e == ENOTEMPTY)
                                continue;
                        return -e;
                }
                /* the directory made and locked, not one made in its place after a sweep took it
                 * (a recording stopped for a minute while it made it) */
                if (fstat(dfd, &st) < 0 || lstat(tmp, &now) < 0 || st.st_dev != now.st_dev || st.st_ino != now.st_ino)
                        return -ESTALE;
                return sbx_steal_fd(&lfd);
        }
        return -EEXIST;
}

/* Whether the directory dfd holds a file `name` that a live recording has locked. */
static bool record_lock_held(int dfd, const char *name) {
        _cleanup_close_ int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        struct stat st;

        if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
                return false;
        return flock(fd, LOCK_SH | LOCK_NB) < 0;
}

/* Removes the caller's stale recording directories in /tmp: its own (never another user's), each
 * locked while it is removed (two sweeps never work on the same one), never through a symlink. By
 * its path: in /tmp (sticky) no other user can put anything else in the place of the caller's own
 * directory. A hidden one (a recording killed while it made it) is locked by the directory
 * itself while it is removed, once old enough and with no lock held in it. */
static void record_sweep_stale(void) {
        DIR *d = opendir("/tmp");
        struct dirent *de;
        int tfd;

        if (!d)
                return;
        tfd = dirfd(d);
        while ((de = readdir(d))) {
                _cleanup_close_ int dfd = -1, lfd = -1;
                struct stat dst, lst, now;
                char path[64];

                bool hidden = strncmp(de->d_name, RECORD_HIDDEN_PREFIX, strlen(RECORD_HIDDEN_PREFIX)) == 0 &&
                              strlen(de->d_name) == strlen(RECORD_HIDDEN_PREFIX) + 6;

                if (!hidden && (strncmp(de->d_name, RECORD_TMP_PREFIX, strlen(RECORD_TMP_PREFIX)) != 0 ||
                                strlen(de->d_name) != strlen(RECORD_TMP_PREFIX) + 6))
                        continue;
                dfd = openat(tfd, de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (dfd < 0 || fstat(dfd, &dst) < 0 || dst.st_uid != geteuid())
                        continue;
                if (hidden) {
                        /* its times are those of its making (the lock file made and renamed) */
                        if (dst.st_mtime > time(NULL) - RECORD_HIDDEN_AGE_S || record_lock_held(dfd, ".lock") ||
                            record_lock_held(dfd, "lock") || flock(dfd, LOCK_EX | LOCK_NB) < 0)
                                continue;
                        snprintf(path, sizeof(path), "/tmp/%s", de->d_name);
                        if (fstatat(tfd, de->d_name, &now, AT_SYMLINK_NOFOLLOW) < 0 || now.st_dev != dst.st_dev ||
                            now.st_ino != dst.st_ino)
                                continue;
                        (void) sbx_remove_tree(path);
                        continue;
                }
                lfd = openat(dfd, "lock", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
                if (lfd < 0 || fstat(lfd, &lst) < 0 || !S_ISREG(lst.st_mode) || flock(lfd, LOCK_EX | LOCK_NB) < 0)
                        continue;
                /* locked: still the stale one (not removed by another sweep since it was opened) */
                snprintf(path, sizeof(path), "/tmp/%s", de->d_name);
                if (fstat(lfd, &lst) < 0 || lst.st_nlink == 0 || fstatat(tfd, de->d_name, &now, AT_SYMLINK_NOFOLLOW) < 0 ||
                    now.st_dev != dst.st_dev || now.st_ino != dst.st_ino)
                        continue;
                /* the lock last: a directory that stays (a mount point a --raw command left in it,
                 * as root) is still a stale recording's, swept again once it can go (review: it
                 * stayed for good, with no lock file, after the umount) */
                (void) sbx_remove_tree_last(path, "lock");
        }
        closedir(d);
}

/* One recording: its arguments, the temporary directory the run happens in and what it holds. */
struct recording {
        struct record_args a;
        char tmp[sizeof(RECORD_TMP_TEMPLATE)], epath[sizeof(RECORD_TMP_TEMPLATE) + 16];
        char lockpath[sizeof(RECORD_TMP_TEMPLATE) + 8];
        char ws[PATH_MAX], vpath[PATH_MAX], dbpath[PATH_MAX];
        int efd, lockfd;           /* the captured stderr; the lock that keeps the sweep away */
        char *vjson;               /* sbx run's verdict record (not with --raw) */
        struct sbx_exit_status st; /* the command's */
        int wstatus;               /* of what was run: sbx run, or the command itself with --raw */
};

/* Whether the case can be made where it is asked for: an existing one only with --force, and
 * only a case; its directory there and writable. 0, or the status to exit with. */
static int record_check_target(const struct record_args *a) {
        _cleanup_free_ char *copy = NULL;
        const char *parent;
        struct stat pst;
        size_t n;
        int e;

        if (access(a->case_dir, F_OK) == 0) {
                _cleanup_close_ int cfd = -1;

                if (!a->force)
                        return sbx_fail(SBX_EXIT_USAGE, "fixtures record: %s exists (use --force to replace it)",
                                        a->case_dir);
                cfd = open(a->case_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
                if (cfd < 0 || !is_case_dir(cfd))
                        return sbx_fail(SBX_EXIT_USAGE,
                                        "fixtures record: %s exists and is not a case (no meta file): not replaced",
                                        a->case_dir);
        }
        /* the case is made in DIR/B after the run: a DIR/B that is missing (or not ours to
         * write) was found only then, exit 2 after the command had run and its output lost */
        copy = strdup(a->case_dir);
        if (!copy)
                return sbx_fail(1, "fixtures record: out of memory");
        for (n = strlen(copy); n > 1 && copy[n - 1] == '/'; n--)
                copy[n - 1] = '\0';
        parent = dirname(copy);
        e = stat(parent, &pst) < 0            ? errno
            : !S_ISDIR(pst.st_mode)           ? ENOTDIR
            : access(parent, W_OK | X_OK) < 0 ? errno
                                              : 0;
        if (e)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures record: %s cannot hold the case: %s", parent, strerror(e));
        return 0;
}

/* The temporary directory (locked against the sweep), the workspace in it (handed to --user) and
 * the file the stderr is captured in, beside the run: the case itself is written only once kept.
 * false: *status says why. */
static bool record_prepare(struct recording *rec, int *status) {
        strcpy(rec->tmp, RECORD_TMP_TEMPLATE);
        rec->lockfd = record_tmp_make(rec->tmp);
        if (rec->lockfd < 0) {
                *status = sbx_fail(1, "fixtures record: cannot create a temporary directory: %s",
                                   strerror(-rec->lockfd));
                return false;
        }
        snprintf(rec->lockpath, sizeof(rec->lockpath), "%s/lock", rec->tmp);
        snprintf(rec->ws, sizeof(rec->ws), "%s/ws", rec->tmp);
        snprintf(rec->vpath, sizeof(rec->vpath), "%s/verdict.json", rec->tmp);
        snprintf(rec->dbpath, sizeof(rec->dbpath), "%s/audit.db", rec->tmp);
        snprintf(rec->epath, sizeof(rec->epath), "%s/stderr", rec->tmp);
        if (mkdir(rec->ws, 0755) < 0) {
                *status = sbx_fail(1, "fixtures record: cannot create %s: %s", rec->ws, strerror(errno));
                return false;
        }
        if (rec->a.user) {
                uid_t u;
                gid_t g;

                (void) parse_user(rec->a.user, &u, &g);
                if (chown(rec->tmp, u, g) < 0 || chown(rec->ws, u, g) < 0) {
                        *status = sbx_fail(1, "fixtures record: cannot hand %s to %s: %s", rec->tmp, rec->a.user,
                                           strerror(errno));
                        return false;
                }
        }
        rec->efd = open(rec->epath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0644);
        if (rec->efd < 0) {
                *status = sbx_fail(1, "fixtures record: cannot write %s: %s", rec->epath, strerror(errno));
                return false;
        }
        return true;
}

/* Runs argv with its stderr captured; false when it could not (*status says why) or a signal
 * stopped the recording (*status untouched: record_finish() ends by the signal). */
static bool record_spawn(struct recording *rec, char **argv, bool raw, int *status) {
        int r = spawn_wait(argv, rec->efd, rec->ws, rec->a.user, raw, rec->a.timeout_s, &rec->wstatus);

        if (r == -EINTR)
                return false;
        if (r < 0) {
                *status = sbx_fail(1, "fixtures record: %s", r == -ETIMEDOUT ? "the command timed out" : strerror(-r));
                return false;
        }
        return true;
}

/* --raw: the command itself, unconfined, as the backend's own tool would run it. */
static bool record_run_raw(struct recording *rec, int *status) {
        if (!record_spawn(rec, rec->a.argv, true, status))
                return false;
        if (WIFSIGNALED(rec->wstatus))
                rec->st.signal = WTERMSIG(rec->wstatus);
        else
                rec->st.exit_code = WEXITSTATUS(rec->wstatus);
        return true;
}

/* The command under this sbx's `sbx run` in the temporary workspace, with a private database; the
 * command's exit status is read from the verdict record. */
static bool record_run_confined(struct recording *rec, int *status) {
        _cleanup_free_ char **run_argv = NULL;
        const char *cause = NULL;
        char self[PATH_MAX];
        size_t n = 0, k = 0, vlen = 0;
        ssize_t sl;
        int64_t v;
        bool is_null, ran;

        while (rec->a.argv[n])
                n++;
        run_argv = calloc(n + 16, sizeof(char *));
        if (!run_argv) {
                *status = sbx_fail(1, "fixtures record: out of memory");
                return false;
        }
        /* /proc/self/exe names this sbx in the child too: it is resolved before exec. */
        sl = readlink("/proc/self/exe", self, sizeof(self) - 1);
        if (sl > 0)
                self[sl] = '\0';
        run_argv[k++] = sl > 0 ? self : (char *) "/proc/self/exe";
        run_argv[k++] = (char *) "run";
        run_argv[k++] = (char *) "--quiet";
        run_argv[k++] = (char *) "--backend";
        run_argv[k++] = (char *) rec->a.backend;
        run_argv[k++] = (char *) "--mode";
        run_argv[k++] = (char *) rec->a.mode;
        run_argv[k++] = (char *) "--root";
        run_argv[k++] = rec->ws;
        run_argv[k++] = (char *) "--verdict-json";
        run_argv[k++] = rec->vpath;
        run_argv[k++] = (char *) "--db";
        run_argv[k++] = rec->dbpath;
        run_argv[k++] = (char *) "--";
        for (size_t i = 0; i < n; i++)
                run_argv[k++] = rec->a.argv[i];
        run_argv[k] = NULL;
        /* a private database used once: no audit writer for it (one started next to it would
         * still be opening it while the directory is removed below, and leave it) */
        (void) setenv("SBX_AUDIT_WRITER", "off", 1);
        ran = record_spawn(rec, run_argv, false, status);
        if (!ran)
                return false;
        if (read_small_file(AT_FDCWD, rec->vpath, &rec->vjson, &vlen, &cause) < 0) {
                *status = not_kept("wrote no verdict record", rec->wstatus, rec->efd, rec->a.case_dir);
                return false;
        }
        /* only a run that happened is an observation of the backend: a refused or unavailable one
         * (nothing executed) or one sbx itself could not start carries no exit status of the
         * command, and its stderr is sbx's own message */
        if (!json_str_field_is(rec->vjson, "state", "completed")) {
                *status = not_kept("did not run the command", rec->wstatus, rec->efd, rec->a.case_dir);
                return false;
        }
        if (!json_int_field(rec->vjson, "signal", &v, &is_null)) {
                *status = sbx_fail(1, "fixtures record: the verdict record has no signal field");
                return false;
        }
        rec->st.signal = is_null ? 0 : (int) v;
        if (rec->st.signal == 0) {
                if (!json_int_field(rec->vjson, "exit_code", &v, &is_null) || is_null) {
                        *status = sbx_fail(1,
                                           "fixtures record: the verdict record has no exit code (the command did "
                                           "not run?): %s",
                                           rec->vjson);
                        return false;
                }
                rec->st.exit_code = (int) v;
        }
        return true;
}

/* The captured stderr, whole and rewound for the classifier. The capture stops at a file size
 * limit (`ulimit -f`, the command's and sbx run's too): a stderr that reached it was cut there
 * (review: a runner failure kept as a death by SIGXFSZ, a confined case's stderr kept cut at the
 * limit). */
static bool record_capture_whole(const struct recording *rec, int *status) {
        uint64_t limit = sbx_file_size_limit();
        struct stat est;

        if (fstat(rec->efd, &est) < 0) {
                *status = sbx_fail(1, "fixtures record: %s", strerror(errno));
                return false;
        }
        if (limit != UINT64_MAX && (uint64_t) est.st_size >= limit) {
                *status = sbx_fail(1,
                                   "fixtures record: the command's stderr reached the file size limit of %llu bytes "
                                   "(ulimit -f) and may be cut there; %s not kept",
                                   (unsigned long long) limit, rec->a.case_dir);
                return false;
        }
        if (lseek(rec->efd, 0, SEEK_SET) < 0) {
                *status = sbx_fail(1, "fixtures record: %s", strerror(errno));
                return false;
        }
        return true;
}

/* The capture classified as `sbx run` classified it, and whether that is an observation worth
 * keeping: as --expect says, and no runner failure that only sbx run knew of. */
static bool record_classify(const struct recording *rec, const struct sbx_dialect *d, struct sbx_classify_result *res,
                            int *status) {
        const struct record_args *a = &rec->a;
        const char *writable[3], *granted[3];
        struct sbx_classify_context ctx = { .cwd = a->raw ? NULL : rec->ws, .writable = writable, .granted = granted };
        struct sbx_diag diag = { 0 };
        char start[PATH_MAX];

        /* where the command started: an env -C DIR, as sbx run and fixtures check read it */
        if (!a->raw && sbx_run_env_start_dir(a->argv, rec->ws, start, sizeof(start)) > 0) {
                ctx.cwd = start;
                ctx.moved = true;
        }

        sbx_classify_writable_dirs(a->backend, a->raw ? "raw" : a->mode, a->raw ? NULL : rec->ws, NULL, writable);
        sbx_classify_granted_dirs(a->backend, a->raw ? "raw" : a->mode, a->raw ? NULL : rec->ws, NULL, granted);
        if (sbx_classify_fd(d, &ctx, rec->efd, &rec->st, res, &diag) < 0) {
                *status = sbx_fail_diag(1, "fixtures record", &diag);
                return false;
        }
        /* sbx run knew that the runner failed where its stderr does not say so (sbx's own
         * "cannot set up the command's descriptors" under a low `ulimit -n`, exit 125; bubblewrap
         * crashed under a low `ulimit -s`, exit 139 and nothing said): the case would teach that
         * stderr and status as the verdict the stderr alone reads as, task_failure, and was kept
         * (limits review). Only a runner failure the dialect itself sees is an observation of it. */
        if (!a->raw && json_str_field_is(rec->vjson, "verdict", "runner_failure") &&
            res->verdict != SBX_VERDICT_RUNNER_FAILURE) {
                *status = not_kept("reports a runner failure that its stderr does not show", rec->wstatus, rec->efd,
                                   a->case_dir);
                return false;
        }
        if (a->has_expect && res->verdict != a->expect) {
                /* the recorded command's stderr: it must not drive the terminal */
                _cleanup_free_ char *shown = sbx_term_text(res->matched_line, strlen(res->matched_line));
                *status = sbx_fail(1, "fixtures record: expected %s, classified %s (line %" PRIu64 ": %s); %s not kept",
                                   sbx_verdict_to_string(a->expect), sbx_verdict_to_string(res->verdict), res->line_no,
                                   shown ? shown : "?", a->case_dir);
                return false;
        }
        return true;
}

/* The case's meta file (meta, size bytes) and its argv file (*ret_argv, *ret_len: JSON). */
static bool record_describe(const struct recording *rec, const struct sbx_classify_result *res, char *meta,
                            size_t size, char **ret_argv, size_t *ret_len, int *status) {
        const struct record_args *a = &rec->a;
        FILE *af;
        int mlen;

        mlen = snprintf(meta, size,
                        "backend=%s\nmode=%s\nexit=%d\nsignal=%d\nverdict=%s\nsource=%s\nuser=%u\n%s%s%s%s%s%s",
                        a->backend, a->raw ? "raw" : a->mode, rec->st.exit_code, rec->st.signal,
                        sbx_verdict_to_string(res->verdict), a->raw ? "live-raw" : "live",
                        a->user ? (unsigned) strtoul(a->user, NULL, 10) : (unsigned) getuid(),
                        a->raw ? "" : "workspace=", a->raw ? "" : rec->ws, a->raw ? "" : "\n", a->note ? "note=" : "",
                        a->note ? a->note : "", a->note ? "\n" : "");
        if (mlen < 0 || (size_t) mlen >= size) {
                *status = sbx_fail(1, "fixtures record: the meta file does not fit in %zu bytes; %s not kept", size,
                                   a->case_dir);
                return false;
        }
        af = open_memstream(ret_argv, ret_len);
        if (!af) {
                *status = sbx_fail(1, "fixtures record: out of memory");
                return false;
        }
        fputc('[', af);
        for (size_t i = 0; a->argv[i]; i++) {
                if (i)
                        fputc(',', af);
                sbx_json_write_string(af, a->argv[i], strlen(a->argv[i]));
        }
        fputs("]\n", af);
        fclose(af);
        return true;
}

/* Writes the case: into the case directory (an existing one with --force), never through a
 * symlink that is there. */
static bool record_keep(const struct recording *rec, const char *argv_json, size_t alen, const char *meta,
                        int *status) {
        const char *case_dir = rec->a.case_dir;
        _cleanup_close_ int dfd = -1;
        bool existed = false;
        int e;

        if (mkdir(case_dir, 0755) < 0) {
                if (!(errno == EEXIST && rec->a.force)) {
                        *status = sbx_fail(SBX_EXIT_USAGE, "fixtures record: cannot create %s: %s", case_dir,
                                           strerror(errno));
                        return false;
                }
                existed = true;
        }
        dfd = open(case_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
        if (dfd >= 0 && existed && !is_case_dir(dfd)) {
                *status = sbx_fail(SBX_EXIT_USAGE,
                                   "fixtures record: %s exists and is not a case (no meta file): not replaced",
                                   case_dir);
                return false;
        }
        /* The meta file makes the directory a case: the one replaced goes first and the new one
         * comes last, whole (renamed into place). Written in place after the stderr, a recording
         * that failed or was killed between the two left the new stderr under the old meta, a
         * case that fixtures check trusted (review: an old meta that could not be rewritten).
         * The new files are all written beside the old ones first: a write that fails (a full
         * disk) leaves the old case whole, where removing its meta first left a directory that
         * the next --force refused to replace (review); only the renames come after it. */
        if (dfd >= 0 && lseek(rec->efd, 0, SEEK_SET) == 0 && copy_fd_at(rec->efd, dfd, ".stderr.tmp") == 0 &&
            write_text_at(dfd, ".argv.tmp", argv_json, alen) == 0 &&
            write_text_at(dfd, ".meta.tmp", meta, strlen(meta)) == 0 && (!existed || unlinkat(dfd, "meta", 0) == 0) &&
            renameat(dfd, ".stderr.tmp", dfd, "stderr") == 0 && renameat(dfd, ".argv.tmp", dfd, "argv") == 0 &&
            renameat(dfd, ".meta.tmp", dfd, "meta") == 0)
                return true;
        e = errno;
        if (dfd >= 0) {
                (void) unlinkat(dfd, ".stderr.tmp", 0);
                (void) unlinkat(dfd, ".argv.tmp", 0);
                (void) unlinkat(dfd, ".meta.tmp", 0);
        }
        /* a case this recording made is not left half-made */
        if (dfd >= 0 && !existed) {
                (void) unlinkat(dfd, "stderr", 0);
                (void) unlinkat(dfd, "argv", 0);
                (void) rmdir(case_dir);
        }
        *status = sbx_fail(1, "fixtures record: cannot write %s: %s", case_dir, strerror(e));
        return false;
}

/* The end of every recording: the temporary directory removed, and a signal that stopped it
 * said and ended by. Returns the status to exit with. */
static int record_finish(struct recording *rec, int status, bool kept) {
        int r;

        /* by sbx itself: an `rm` found through $PATH would run unconfined whatever a PATH entry
         * that a confined command could write holds, and with no usable PATH the directory stayed.
         * The capture closed first: under `ulimit -n 5` the removal had no descriptor left for
         * the directory and it stayed, silently (limits review); one that stays even so is named. */
        sbx_closep(&rec->efd);
        rec->efd = -1;
        free(rec->vjson);
        rec->vjson = NULL;
        if (rec->lockfd >= 0) {
                struct stat lst, now;

                /* no longer the name of a lock: no sweep takes the directory once it is released
                 * (under `ulimit -n 5` the removal needs its descriptor). Only that file: a --raw
                 * command run as root that bound a directory onto the recording's (`mount --bind
                 * DIR ..`) had DIR's own file of that name removed (review) */
                if (fstat(rec->lockfd, &lst) == 0 && lstat(rec->lockpath, &now) == 0 && lst.st_dev == now.st_dev &&
                    lst.st_ino == now.st_ino)
                        (void) unlinkat(AT_FDCWD, rec->lockpath, 0);
                sbx_closep(&rec->lockfd);
                rec->lockfd = -1;
                if ((r = sbx_remove_tree(rec->tmp)) < 0)
                        sbx_fail(0, "fixtures record: cannot remove %s: %s", rec->tmp, strerror(-r));
        }
        if (record_stop) {
                int sig = record_stop;
                const char *abbrev = sigabbrev_np(sig) ? sigabbrev_np(sig) : "?";

                /* one that came while the case was written: written whole, and said so, as the
                 * exit status (128+N) alone read as "not kept" (review) */
                if (!kept)
                        sbx_fail(0, "fixtures record: stopped by SIG%s (signal %d); %s not kept", abbrev, sig,
                                 rec->a.case_dir);
                else if (status == SBX_EXIT_OK)
                        sbx_fail(0, "fixtures record: stopped by SIG%s (signal %d) after %s was kept", abbrev, sig,
                                 rec->a.case_dir);
                fflush(stdout);
                (void) signal(sig, SIG_DFL);
                (void) raise(sig);
                return SBX_EXIT_SIGNAL_BASE + sig;
        }
        return status;
}

static int fixtures_record(int argc, char **argv) {
        _sbx_cleanup_(sbx_dialect_freep) struct sbx_dialect *d = NULL;
        _cleanup_free_ char *argv_json = NULL;
        struct recording rec = { .efd = -1, .lockfd = -1 };
        /* static: 64 denials of a PATH_MAX path each, too large a frame (one case at a time) */
        static struct sbx_classify_result res;
        struct sbx_diag diag = { 0 };
        char meta[4096];
        size_t alen = 0;
        int r, status = SBX_EXIT_OK;
        bool kept = false, written;
        struct sbx_json j;

        r = record_parse(argc, argv, &rec.a);
        if (r != 0)
                return r > 0 ? SBX_EXIT_OK : SBX_EXIT_USAGE;
        r = sbx_dialect_find(rec.a.backend, NULL, &d, &diag);
        if (r < 0)
                return sbx_fail_diag(SBX_EXIT_USAGE, "fixtures record", &diag);
        if ((r = record_check_target(&rec.a)) != 0)
                return r;
        record_signals_catch();
        record_sweep_stale();
        if (!record_prepare(&rec, &status) ||
            !(rec.a.raw ? record_run_raw(&rec, &status) : record_run_confined(&rec, &status)) ||
            !record_capture_whole(&rec, &status) || !record_classify(&rec, d, &res, &status) ||
            !record_describe(&rec, &res, meta, sizeof(meta), &argv_json, &alen, &status))
                return record_finish(&rec, status, false);
        /* the last moment a signal stops the recording: from here on the case is written whole */
        if (record_stop)
                return record_finish(&rec, status, false);
        kept = true;
        /* the case is the caller's: its umask, as for any file it makes */
        sbx_run_umask_for_caller(true);
        written = record_keep(&rec, argv_json, alen, meta, &status);
        sbx_run_umask_for_caller(false);
        if (written) {
                sbx_json_begin(&j, stdout);
                sbx_json_str(&j, "case", rec.a.case_dir);
                sbx_json_str(&j, "backend", rec.a.backend);
                sbx_classify_result_json(&j, &res);
                sbx_json_end(&j);
                fputc('\n', stdout);
        }
        return record_finish(&rec, status, kept);
}

int sbx_cmd_fixtures(int argc, char **argv) {
        if (argc < 2)
                return sbx_fail(SBX_EXIT_USAGE, "fixtures: want 'check [DIR]' or 'record ...' (try 'sbx fixtures --help')");
        if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
                puts("usage: sbx fixtures check [-v] [DIR]\n"
                     "       sbx fixtures record --backend B [--mode M] --case DIR/NAME [--note TEXT] [--expect VERDICT]\n"
                     "                           [--user UID[:GID]] [--timeout SEC] [--force] [--raw] -- ARGV...");
                return SBX_EXIT_OK;
        }
        if (strcmp(argv[1], "check") == 0)
                return fixtures_check(argc - 1, argv + 1);
        if (strcmp(argv[1], "record") == 0)
                return fixtures_record(argc - 1, argv + 1);
        return sbx_fail(SBX_EXIT_USAGE, "fixtures: unknown subcommand '%s' (check, record)", argv[1]);
}
