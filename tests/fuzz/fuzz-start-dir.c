/* libFuzzer target: sbx_run_start_dir() (tools/run-start-dir.c), which reads the command's argv and a
 * shell's `-c` script to tell the directory its relative names are in: a leading `cd DIR &&`, a
 * subshell or group, `tar -C`, `make -C`, `git -C`, `env -C`, the wrappers before them (timeout,
 * nice, stdbuf, ...). The argv is the caller's command,
 * any bytes at all. Checked: the answer is -1, 0 or 1; on 1 the directory is written within the
 * size given (the buffer has exactly that size: a write past it is a sanitizer report), is a real
 * path (absolute, normalized, as realpath() gives it), is not the start directory, and is an
 * existing directory.
 *
 * And an oracle: the same input read as choices of a small grammar (oracle_case(): wrappers, then
 * `env -C D`..., `sh -c 'cd D && ... && true'`, `make -C D`..., `git -C D`..., `tar -C D -xf
 * a.tar`, or envs running such a shell, the D's names of the tree, of none, of a file, "", "."
 * and ".."), whose answer is worked out apart from the reader (each D entered in turn with
 * realpath(), where the tool stops at one it cannot enter, a git below a repository's top, several
 * tar -C): the reader's answer and directory are the oracle's.
 *
 * The start directory is a small tree made once in $TMPDIR (a, a/b, repo/.git, repo/sub, an
 * archive a.tar), so that relative names in the inputs lead somewhere, removed however the target
 * ends (fail() before a property's abort(), a child that outlives it for a sanitizer's death or a
 * signal: tree_reaper()). Input: a byte for the
 * size of the output (0: PATH_MAX), then the argv's words separated by NUL bytes (at most 64).
 *
 * The same argv goes to the readers of the same file that name a command's target past its
 * wrappers and env's arguments (sbx_run_move_dest(), sbx_run_sqlite_target(), sbx_run_sqlite_database(),
 * sbx_run_dd_output(), sbx_run_curl_output(), sbx_run_bfd_output(), sbx_run_javac_dir(), given
 * the words sbx_run_command_words() splits once, as sbx run does) and
 * of a shell's script (sbx_run_shell_script()) or an interpreter's (sbx_run_inline_script(): a
 * python3 -c's, a perl -e's, in the argv or in the words of a shell's -c script): 0 or 1 (2 too
 * for sbx_run_sqlite_database(), its database moved), and otherwise an absolute name within the
 * size given; a script within the argv's words (or those split).
 *
 * And a curl oracle (check_curl_oracle()): the same input read as a curl command of a small
 * grammar of curl's options, whose output file, for sbx_run_curl_output(), is worked out apart
 * from it; the same words as a shell's && chain, for sbx_run_chain_curl_output(), the same answer
 * (0 with another operator after them); sbx_run_chain_sqlite() and sbx_run_chain_javac_dir() of
 * the argv, absolute names; sbx_run_script_touch_how() of the argv, 0 or a touch's bits.
 *
 * And the argv an env's -S STRING splits into (sbx_run_env_split(), which sbx run reads before
 * every reader above): each word a string, no more of them than the argv's words and the bytes of
 * the input, and the readers above given that argv too, its script within its words. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run-exec.h"

#define SBX_N(a) (sizeof(a) / sizeof((a)[0]))

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char tree[PATH_MAX];

static void remove_tree(void) {
        static const char *const names[] = { "repo/sub", "repo/.git", "repo", "a/b", "a.tar", "a" };
        char p[PATH_MAX + 16];

        for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
                snprintf(p, sizeof(p), "%s/%s", tree, names[i]);
                if (rmdir(p) < 0)
                        unlink(p);
        }
        rmdir(tree);
}

/* A property that failed, or a set-up that cannot go on: the tree removed first, then abort() for
 * the fuzzer's report (atexit() runs on no abort(): each failing run left a
 * /tmp/sbx-fuzz-start-dir.* behind, fuzz49). */
static _Noreturn void fail(void) {
        if (tree[0])
                remove_tree();
        abort();
}

/* A child that removes the tree once this process is gone, however it ended: a sanitizer's report
 * or a signal (SIGKILL, a timeout's) runs neither atexit() nor fail(). It waits, in a session of
 * its own (a ^C or a kill of the fuzzer's process group leaves it be), for the end of a pipe whose
 * other end this process alone holds (close-on-exec; the start directory's script readers close
 * every descriptor), with no other descriptor (a caller reading the fuzzer's output waits for no
 * more of it). */
static void tree_reaper(void) {
        int p[2];
        pid_t pid;

        if (pipe2(p, O_CLOEXEC) < 0 || (pid = fork()) < 0)
                fail();
        if (pid == 0) {
                char c;

                if (setsid() < 0 || dup2(p[0], 0) < 0)
                        _exit(1);
                (void) close_range(1, ~0U, 0);
                while (read(0, &c, 1) != 0 && errno == EINTR)
                        ;
                remove_tree();
                _exit(0);
        }
        close(p[0]);
}

static void make_tree(void) {
        static const char *const dirs[] = { "a", "a/b", "repo", "repo/.git", "repo/sub" };
        const char *tmp = getenv("TMPDIR");
        char p[PATH_MAX + 16], *real;
        FILE *f;

        snprintf(p, sizeof(p), "%s/sbx-fuzz-start-dir.XXXXXX", tmp && tmp[0] == '/' ? tmp : "/tmp");
        if (!mkdtemp(p))
                abort();
        if (!(real = realpath(p, NULL)) || strlen(real) >= sizeof(tree)) {
                rmdir(p);
                abort();
        }
        memcpy(tree, real, strlen(real) + 1);
        free(real);
        tree_reaper();
        atexit(remove_tree);
        for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
                snprintf(p, sizeof(p), "%s/%s", tree, dirs[i]);
                if (mkdir(p, 0755) < 0)
                        fail();
        }
        snprintf(p, sizeof(p), "%s/a.tar", tree);
        if (!(f = fopen(p, "w")))
                fail();
        fclose(f);
}

/* Whether p points into one of the words of v (its NUL included). */
static bool within_words(char *const *v, const char *p) {
        for (size_t i = 0; v[i]; i++)
                if (p >= v[i] && p <= v[i] + strlen(v[i]))
                        return true;
        return false;
}

/* The readers of the argv, each answer checked (words, size: the buffer argv's words lie in, or
 * NULL for an argv of words of their own, an env's -S split). */
static void check_argv(char *const *argv, const char *words, size_t size, char *out, size_t out_size) {
        struct stat st;
        int r;

        r = sbx_run_start_dir(argv, tree, SBX_RUN_DEV_UNKNOWN, out, out_size);
        if (r < -1 || r > 1)
                fail();
        if (r == 1) {
                if (!memchr(out, '\0', out_size) || out[0] != '/' || strcmp(out, tree) == 0)
                        fail();
                if (stat(out, &st) < 0 || !S_ISDIR(st.st_mode))
                        fail();
                /* a real path: absolute, normalized, no symbolic link in it */
                char *real = realpath(out, NULL);
                if (!real || strcmp(real, out) != 0)
                        fail();
                free(real);
        }
        {
                bool into = false;
                const char *script = sbx_run_shell_script(argv);
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX];
                char *const *cmd = sbx_run_command_words(argv, tree, dir, &cw);

                /* the directory the words start in: absolute, within PATH_MAX */
                if (cmd && (!memchr(dir, '\0', sizeof(dir)) || dir[0] != '/'))
                        fail();
                r = cmd ? sbx_run_move_dest(cmd, dir, out, out_size, &into) : 0;
                if ((r != 0 && r != 1) || (r == 0 && into))
                        fail();
                if (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/'))
                        fail();
                r = cmd ? sbx_run_sqlite_target(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                /* (2: the same, a .cd of its -init's or a -cmd's moved it) */
                r = cmd ? sbx_run_sqlite_database(cmd, dir, out, out_size) : 0;
                if (r < 0 || r > 2 || (r > 0 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                /* read-only only where a word is -readonly (or --readonly) */
                if (cmd && sbx_run_sqlite_readonly(cmd, dir)) {
                        bool word = false;

                        for (size_t i = 0; cmd[i]; i++)
                                word = word || strcmp(cmd[i], "-readonly") == 0 || strcmp(cmd[i], "--readonly") == 0;
                        if (!word)
                                fail();
                }
                r = cmd ? sbx_run_dd_output(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                /* (2: the same, its directories made by --create-dirs) */
                r = cmd ? sbx_run_curl_output(cmd, dir, out, out_size) : 0;
                if (r < 0 || r > 2 || (r > 0 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                r = cmd ? sbx_run_bfd_output(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                r = cmd ? sbx_run_javac_dir(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                r = cmd ? sbx_run_zip_output(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                r = cmd ? sbx_run_wget_output(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                r = cmd ? sbx_run_iconv_output(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                r = cmd ? sbx_run_ninja_log(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                r = cmd ? sbx_run_compileall_dir(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                r = cmd ? sbx_run_npm_dir(cmd, dir, out, out_size) : 0;
                if ((r < 0 || r > 2) || (r > 0 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                /* mktemp's, with $TMPDIR not known, /var/tmp and none */
                for (size_t t = 0; t < 3; t++) {
                        static const char *const tmpdirs[] = { NULL, "/var/tmp", "" };

                        r = cmd ? sbx_run_mktemp_file(cmd, dir, tmpdirs[t], out, out_size) : 0;
                        if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                                fail();
                }
                /* git stash's index lock: a name ending in /index.lock */
                r = cmd ? sbx_run_git_stash_lock(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) ||
                    (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/' || strlen(out) < 11 ||
                                strcmp(out + strlen(out) - 11, "/index.lock") != 0)))
                        fail();
                /* the directory env -C moves the command to, as text (fixtures check's): -1, 0
                 * (then cwd itself) or 1 (another name, absolute, within the size given) */
                r = sbx_run_env_start_dir(argv, tree, out, out_size);
                if (r < -1 || r > 1 || (r >= 0 && (!memchr(out, '\0', out_size) || out[0] != '/')) ||
                    (r == 0 && strcmp(out, tree) != 0) || (r == 1 && strcmp(out, tree) == 0))
                        fail();
                /* CPython's script file: one whole word of the argv, not "" nor "-" (stdin) */
                {
                        const char *py = sbx_run_python_file(argv);
                        bool word = false;

                        for (size_t i = 0; py && argv[i]; i++)
                                word = word || py == argv[i];
                        if (py && (!word || !py[0] || strcmp(py, "-") == 0))
                                fail();
                }
                /* ... and of a shell's && chain, from the argv itself */
                r = sbx_run_chain_curl_output(argv, tree, out, out_size);
                if (r < 0 || r > 2 || (r > 0 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                /* ... a javac's likewise; a script's touches: 0, or what a touch's argv tells */
                r = sbx_run_chain_javac_dir(argv, tree, out, out_size);
                if (r < 0 || r > 1 || (r > 0 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                r = sbx_run_chain_git_stash_lock(argv, tree, out, out_size);
                if (r < 0 || r > 1 || (r > 0 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        fail();
                {
                        unsigned how = sbx_run_script_touch_how(argv, tree);

                        if (how > (SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN | SBX_TOUCH_NO_DEREF) || (how && !(how & SBX_TOUCH_READ)))
                                fail();
                }
                /* ... a sqlite3's after a leading cd: its target (bit 1) and database (bit 2), moved
                 * (bit 4, with bit 2 alone) */
                {
                        char db[PATH_MAX];
                        size_t db_size = out_size < sizeof(db) ? out_size : sizeof(db);

                        bool ro = false;

                        r = sbx_run_chain_sqlite(argv, tree, out, db, db_size, &ro);
                        if (r < 0 || r > 7 || ((r & 4) && !(r & 2)) || ((r & 1) && (!memchr(out, '\0', db_size) || out[0] != '/')) ||
                            ((r & 2) && (!memchr(db, '\0', db_size) || db[0] != '/')))
                                fail();
                }
                /* an interpreter's script that a shell's -c script runs: within the words split */
                if (cmd && cmd != argv) {
                        enum sbx_inline_lang lang = SBX_INLINE_PYTHON;
                        const char *in_words = sbx_run_inline_script(cmd, &lang);

                        if (in_words && (!cw.buf || in_words < cw.buf || in_words >= cw.buf + size ||
                                         (lang != SBX_INLINE_PYTHON && lang != SBX_INLINE_PERL)))
                                fail();
                }
                sbx_run_words_clear(&cw);
                /* the script is in the argv's words, and so is an interpreter's */
                if (script && (words ? script < words || script >= words + size : !within_words(argv, script)))
                        fail();
                enum sbx_inline_lang lang = SBX_INLINE_PYTHON;
                const char *inline_script = sbx_run_inline_script(argv, &lang);

                if (inline_script &&
                    ((words ? inline_script < words || inline_script >= words + size : !within_words(argv, inline_script)) ||
                     (lang != SBX_INLINE_PYTHON && lang != SBX_INLINE_PERL)))
                        fail();
        }
}

/* ---- the oracle: argv from a small grammar, the directory told apart from the reader ---------- */

/* Where a chain of directory changes ends (each DIR entered from the one before; a relative one
 * joined, "..", "." and "//" read by realpath(): the tree holds no symbolic link), or where it
 * stopped at the first that is no directory; written apart from run-start-dir.c. */
struct oracle_walk {
        char cur[PATH_MAX];
        size_t entered, failed_at; /* failed_at: the index of the first DIR not entered, else SIZE_MAX */
};

static void oracle_walk(const char *const *dirs, size_t k, struct oracle_walk *o) {
        struct stat st;

        memcpy(o->cur, tree, strlen(tree) + 1);
        o->entered = 0;
        o->failed_at = SIZE_MAX;
        for (size_t i = 0; i < k; i++) {
                char joined[2 * PATH_MAX + 2], *real = NULL;

                if (dirs[i][0] == '/')
                        snprintf(joined, sizeof(joined), "%s", dirs[i]);
                else
                        snprintf(joined, sizeof(joined), "%s/%s", o->cur, dirs[i]);
                if (!dirs[i][0] || !(real = realpath(joined, NULL)) || stat(real, &st) < 0 || !S_ISDIR(st.st_mode)) {
                        free(real);
                        o->failed_at = i;
                        return;
                }
                memcpy(o->cur, real, strlen(real) + 1);
                free(real);
                o->entered++;
        }
}

/* Whether dir lies in a git repository below its top (a directory above it holds .git). */
static bool oracle_in_repo_below_top(const char *dir) {
        char up[PATH_MAX], p[PATH_MAX + 8];
        struct stat st;

        snprintf(p, sizeof(p), "%s/.git", dir);
        if (lstat(p, &st) == 0)
                return false;
        memcpy(up, dir, strlen(dir) + 1);
        while (strcmp(up, "/") != 0) {
                char *slash = strrchr(up, '/');
                slash[slash == up] = '\0';
                snprintf(p, sizeof(p), "%s/.git", strcmp(up, "/") == 0 ? "" : up);
                if (lstat(p, &st) == 0)
                        return true;
        }
        return false;
}

/* The argv the grammar builds from g[len] (a byte picks each choice; missing ones are 0):
 *   [WRAPPER]... FORM, WRAPPER one of `timeout 5`, `nice`, `nice -n 5`, `setsid`, `stdbuf -oL`;
 *   FORM one of
 *     env -C D1 env -C D2 ... true            every env enters its D from where the last one moved
 *     sh -c 'cd D1 && cd D2 && ... && true'   (bash -c, dash -c too)
 *     make -C D1 -C D2 ... [all]
 *     git -C D1 -C D2 ... status
 *     tar -C D1 [-C D2 ...] -xf a.tar
 *     env -C D1 ... sh -c 'cd D2 && ... && true'
 * the D's from a few names of the tree, of none, of a file, absolute ones, "", "." and "..".
 * The expected answer, from the documentation of sbx_run_start_dir() (run-exec.h): the directory
 * the command works in when it is not the start directory (1), the start directory (0), where
 * sbx cannot tell (-1): a make or git -C not entered after one that was (make, git stop, having
 * moved), a git in a repository below its top (git moves to the top), several tar -C, a `cd ''`
 * (no word: the script is not read) or a relative cd with CDPATH set. */
static int oracle_case(const uint8_t *g, size_t len, char *words, char **argv, char *expect) {
        static const char *const wrappers[][3] = { { "timeout", "5", NULL }, { "nice", NULL, NULL },
                                                   { "nice", "-n", "5" },     { "setsid", NULL, NULL },
                                                   { "stdbuf", "-oL", NULL } };
        static const char *const shells[] = { "sh", "bash", "dash" };
        const char *names[12], *dirs[4];
        size_t at = 0, n = 0, o = 0, k, n_wr, form, split = 0;
        struct oracle_walk w;
        char script[4 * PATH_MAX];
        int expected;
#define NEXT() (at < len ? g[at++] : 0)
#define WORD(s)                                                                                                        \
        do {                                                                                                           \
                const char *s_ = (s);                                                                                  \
                size_t l_ = strlen(s_);                                                                                \
                memcpy(words + o, s_, l_ + 1);                                                                         \
                argv[n++] = words + o;                                                                                 \
                o += l_ + 1;                                                                                           \
        } while (0)

        names[0] = "a", names[1] = "a/b", names[2] = "..", names[3] = ".", names[4] = "repo", names[5] = "repo/sub";
        names[6] = "missing", names[7] = "a/../a/b/", names[8] = "a.tar", names[9] = "";
        names[10] = "/", names[11] = NULL; /* the tree's a/b, absolute, below */
        {
                static char abs_ab[PATH_MAX + 8];
                snprintf(abs_ab, sizeof(abs_ab), "%s/a/b", tree);
                names[11] = abs_ab;
        }
        form = NEXT() % 6;
        n_wr = NEXT() % 3;
        k = 1 + NEXT() % 4;
        for (size_t i = 0; i < k; i++)
                dirs[i] = names[NEXT() % 12];
        if (form == 5)
                split = 1 + NEXT() % k; /* the envs' D's before it, the cd's after */
        for (size_t i = 0; i < n_wr; i++) {
                const char *const *wr = wrappers[NEXT() % 5];
                for (size_t j = 0; j < 3 && wr[j]; j++)
                        WORD(wr[j]);
        }
        script[0] = '\0';
        switch (form) {
        case 0:
        case 5:
                for (size_t i = 0; i < (form == 5 ? split : k); i++) {
                        WORD("env");
                        WORD("-C");
                        WORD(dirs[i]);
                }
                if (form == 0 || split == k) {
                        WORD("true");
                        break;
                }
                /* then the cd's of a shell that the last env runs */
                /* fall through */
        case 1: {
                size_t from = form == 5 ? split : 0;
                for (size_t i = from; i < k; i++) {
                        strcat(script, "cd ");
                        strcat(script, dirs[i]);
                        strcat(script, " && ");
                }
                strcat(script, "true");
                WORD(shells[NEXT() % 3]);
                WORD("-c");
                WORD(script);
                break;
        }
        case 2:
                WORD("make");
                for (size_t i = 0; i < k; i++) {
                        WORD("-C");
                        WORD(dirs[i]);
                }
                if (NEXT() % 2)
                        WORD("all");
                break;
        case 3:
                WORD("git");
                for (size_t i = 0; i < k; i++) {
                        WORD("-C");
                        WORD(dirs[i]);
                }
                WORD("status");
                break;
        default:
                WORD("tar");
                for (size_t i = 0; i < k; i++) {
                        WORD("-C");
                        WORD(dirs[i]);
                }
                WORD("-xf");
                WORD("a.tar");
                break;
        }
        argv[n] = NULL;
#undef WORD
#undef NEXT

        /* the expected answer */
        switch (form) {
        case 0:
        case 1:
        case 5: {
                /* env: each D entered in turn, the command not run past one that is not; a shell's
                 * cd the same, the script's commands not run past one that fails */
                size_t envs = form == 0 ? k : form == 5 ? split : 0;
                bool cd_unread = false;

                for (size_t i = envs; i < k; i++) {
                        if (!dirs[i][0])
                                cd_unread = true;
                        if (dirs[i][0] != '/' && getenv("CDPATH") && getenv("CDPATH")[0])
                                cd_unread = true;
                }
                oracle_walk(dirs, k, &w);
                /* a cd not read: -1, unless a D before it (an env's or a cd's) was not entered */
                if (cd_unread) {
                        size_t first_unread = envs;
                        while (first_unread < k && dirs[first_unread][0] &&
                               !(dirs[first_unread][0] != '/' && getenv("CDPATH") && getenv("CDPATH")[0]))
                                first_unread++;
                        if (w.failed_at == SIZE_MAX || w.failed_at >= first_unread)
                                return -1;
                }
                break;
        }
        case 2:
        case 3: {
                /* git skips an empty -C */
                const char *kept[4];
                size_t m = 0;
                for (size_t i = 0; i < k; i++)
                        if (form == 2 || dirs[i][0])
                                kept[m++] = dirs[i];
                oracle_walk(kept, m, &w);
                if (w.failed_at != SIZE_MAX && w.entered > 0)
                        return -1;
                if (w.failed_at == 0)
                        return 0;
                if (form == 3 && oracle_in_repo_below_top(w.cur))
                        return -1;
                break;
        }
        default:
                if (k > 1)
                        return -1;
                oracle_walk(dirs, k, &w);
                break;
        }
        expected = strcmp(w.cur, tree) == 0 ? 0 : 1;
        memcpy(expect, w.cur, strlen(w.cur) + 1);
        return expected;
}

/* The grammar's argv, read by sbx_run_start_dir(): with an output of PATH_MAX bytes (sbx run's),
 * its answer is the oracle's, and on 1 the same directory; with a smaller one (out_size), a
 * directory that does not fit is not claimed (-1: it moved, where sbx cannot say), one that does
 * is the same, and a command that did not move may be told -1 (a directory it went through on the
 * way back did not fit), never 1. */
static void oracle_fail(char *const *argv, int want, const char *expect, int r, const char *out, size_t size) {
        fprintf(stderr, "start-dir oracle: expected %d %s, got %d %s (output of %zu bytes) for:", want,
                want == 1 ? expect : "", r, r == 1 ? out : "", size);
        for (size_t i = 0; argv[i]; i++)
                fprintf(stderr, " '%s'", argv[i]);
        fputc('\n', stderr);
        fail();
}

static void check_oracle(const uint8_t *g, size_t len, char *out, size_t out_size) {
        char words[8 * PATH_MAX], *argv[40], expect[PATH_MAX], full[PATH_MAX];
        int want = oracle_case(g, len, words, argv, expect), r;

        /* the environment may say elsewhere (bash's startup file, git's own directories, a
         * CDPATH, which the reader searches as the shells do since left54): not modelled, the
         * oracle says nothing then */
        if ((getenv("BASH_ENV") && getenv("BASH_ENV")[0]) || getenv("GIT_DIR") || getenv("GIT_WORK_TREE") ||
            (getenv("CDPATH") && getenv("CDPATH")[0]))
                return;
        r = sbx_run_start_dir(argv, tree, SBX_RUN_DEV_UNKNOWN, full, sizeof(full));
        if (r != want || (r == 1 && strcmp(full, expect) != 0))
                oracle_fail(argv, want, expect, r, full, sizeof(full));
        if (out_size >= sizeof(full))
                return;
        r = sbx_run_start_dir(argv, tree, SBX_RUN_DEV_UNKNOWN, out, out_size);
        if (want == 1 && strlen(expect) < out_size ? r != 1 || strcmp(out, expect) != 0
            : want == 1                            ? r != -1
            : want == 0                            ? r != 0 && r != -1
                                                   : r != -1)
                oracle_fail(argv, want, expect, r, out, out_size);
}

/* ---- the curl oracle: a small model of curl's option grammar ------------------------------- */

/* The input read as a curl command of a grammar (wrappers, flags, options with a word, -o FILE in
 * its spellings, -O in its, URLs, options sbx does not read), whose output file is worked out
 * apart from the reader, from curl's manual: 1 only for one URL, no glob in it, and one output,
 * -o's word (not "", "-", a name with '#' or ending in '/') joined to where the command starts,
 * or -O's last component of the URL's path (after the scheme and host, before '?' or '#'; not
 * "", ".", "..", nor one with a '%'), beneath --output-dir's DIR where given (an absolute name
 * too: curl joins them whatever); 0 for anything else, and for an option not read. The same
 * words as a shell's `&&` chain (each quoted: `'curl' '-o' 'F' 'URL' && chmod +x F`, after a
 * `cd a &&` or not) give the same answer; with another operator after them, 0. */
struct curl_case {
        char words[4096];
        char *argv[80];
        size_t n;
        bool unknown, glob;
        size_t urls, outputs;
        bool remote, dirs; /* dirs: --create-dirs, the answer 2 for 1 */
        const char *file, *url, *outdir; /* outdir: --output-dir's, the file beneath it */
        char start[PATH_MAX];
};

static void curl_word(struct curl_case *c, size_t *used, const char *w) {
        size_t l = strlen(w);

        if (c->n + 1 >= sizeof(c->argv) / sizeof(c->argv[0]) || *used + l + 1 > sizeof(c->words))
                return;
        memcpy(c->words + *used, w, l + 1);
        c->argv[c->n++] = c->words + *used;
        c->argv[c->n] = NULL;
        *used += l + 1;
}

/* -O's name of the URL u, as curl makes it; false where there is none the model reads */
static bool curl_model_remote(const char *u, const char **ret, size_t *ret_len) {
        const char *s = strstr(u, "://"), *host, *path, *end, *last;

        if (!s)
                return false;
        host = s + 3;
        path = host + strcspn(host, "/?#");
        if (*path != '/')
                return false; /* no path: curl has no name for it */
        end = path + strcspn(path, "?#");
        last = path;
        for (const char *q = path; q < end; q++)
                if (*q == '/')
                        last = q + 1;
        *ret = last;
        *ret_len = (size_t) (end - last);
        if (*ret_len == 0 || (*ret_len == 1 && last[0] == '.') || (*ret_len == 2 && last[0] == '.' && last[1] == '.') ||
            memchr(last, '%', *ret_len))
                return false;
        return true;
}

/* Whether curl globs the URL u: a '{' or '[' but the brackets of an IPv6 address (hex digits,
 * ':' and '.') that is its host */
static bool curl_model_globs(const char *u) {
        const char *h = strstr(u, "://"), *close;

        h = h ? h + 3 : u;
        if (*h == '[' && (close = strchr(h, ']')) && close > h + 1 &&
            strspn(h + 1, "0123456789abcdefABCDEF:.") == (size_t) (close - h - 1))
                return strpbrk(close, "{[") != NULL || memchr(u, '{', (size_t) (h - u)) != NULL;
        return strpbrk(u, "{[") != NULL;
}

static int curl_case(const uint8_t *g, size_t len, struct curl_case *c) {
        static const char *const flags[] = { "-f", "-s", "-S", "-L", "-fsSL", "--fail", "--silent", "--location",
                                             "-k", "--compressed", "-#", "-sS" };
        static const char *const with_arg[][2] = { { "-H", "X: y" }, { "--header", "A: b" }, { "-A", "ua" },
                                                   { "--retry", "3" }, { "-X", "GET" }, { "-d", "a=1" } };
        static const char *const attached[] = { "-dfoo", "-HX:y", "-Xput", "-m5" };
        static const char *const files[] = { "out", "a/out", "/abs/out", "-", "x#1", "dir/", "", "o u t", "a/../f" };
        static const char *const remote[] = { "-O", "--remote-name", "-LO", "-fsSLO" };
        static const char *const urls[] = { "http://h/p/name.tgz", "https://h/dir/", "http://h?x=/a/b",
                                            "http://h/a/b.txt?q=1#f", "http://h/{a,b}", "http://h/f[1-2]",
                                            "http://h/a/%20x", "http://h/a/..", "http://h", "ftp://h/x/.",
                                            "h.example/file", "http://u@h:8080/v1/get.sh#/x/y", "https://h#frag/a",
                                            "http://[::1]:8000/p/v.tgz", "http://[::1]/f[1-2]" };
        static const char *const unknown[][2] = { { "-D", "h" }, { "--create-dirs", NULL }, { "-J", NULL },
                                                  { "-Z", NULL }, { "--output-dir", "d" }, { "-K", "cfg" },
                                                  { "-c", "jar" }, { "--output=x", NULL } };
        size_t used = 0, i = 0;
        char buf[PATH_MAX + 8];

        memset(c, 0, offsetof(struct curl_case, start));
        c->n = 0;
        c->argv[0] = NULL;
        snprintf(c->start, sizeof(c->start), "%s", tree);
        /* a wrapper first: none, nice, timeout 5, env A=1, env -C a (the start moves to a) */
        if (len > 0) {
                switch (g[i++] % 6) {
                case 1: curl_word(c, &used, "nice"); break;
                case 2: curl_word(c, &used, "timeout"), curl_word(c, &used, "5"); break;
                case 3: curl_word(c, &used, "env"), curl_word(c, &used, "A=1"); break;
                case 4:
                        curl_word(c, &used, "env"), curl_word(c, &used, "-C"), curl_word(c, &used, "a");
                        snprintf(c->start, sizeof(c->start), "%s/a", tree);
                        break;
                default: break;
                }
        }
        curl_word(c, &used, i < len && g[i] % 9 == 8 ? "/usr/bin/curl" : "curl");
        i++;
        for (; i < len && c->n < 60; i++) {
                unsigned v = g[i] / 7;

                switch (g[i] % 7) {
                case 0: curl_word(c, &used, flags[v % SBX_N(flags)]); break;
                case 1:
                        curl_word(c, &used, with_arg[v % SBX_N(with_arg)][0]);
                        curl_word(c, &used, with_arg[v % SBX_N(with_arg)][1]);
                        break;
                case 2: curl_word(c, &used, attached[v % SBX_N(attached)]); break;
                case 3: {
                        const char *f = files[v % SBX_N(files)];

                        switch ((v / SBX_N(files)) % 4) {
                        case 0: curl_word(c, &used, "-o"), curl_word(c, &used, f); break;
                        case 1:
                                if (!f[0]) {
                                        curl_word(c, &used, "--output"), curl_word(c, &used, f);
                                        break;
                                }
                                snprintf(buf, sizeof(buf), "-o%s", f);
                                curl_word(c, &used, buf);
                                break;
                        case 2: curl_word(c, &used, "-fsSLo"), curl_word(c, &used, f); break;
                        default: curl_word(c, &used, "--output"), curl_word(c, &used, f); break;
                        }
                        c->outputs++;
                        c->file = f;
                        break;
                }
                case 4:
                        curl_word(c, &used, remote[v % SBX_N(remote)]);
                        c->remote = true;
                        break;
                case 5: {
                        const char *u = urls[v % SBX_N(urls)];

                        if (v / SBX_N(urls) % 2) {
                                curl_word(c, &used, "--url");
                        }
                        curl_word(c, &used, u);
                        c->urls++;
                        c->url = u;
                        c->glob = c->glob || curl_model_globs(u);
                        break;
                }
                default:
                        curl_word(c, &used, unknown[v % SBX_N(unknown)][0]);
                        if (unknown[v % SBX_N(unknown)][1])
                                curl_word(c, &used, unknown[v % SBX_N(unknown)][1]);
                        /* --create-dirs is read: the same file, its directories made; and
                         * --output-dir DIR: DIR/FILE */
                        if (strcmp(unknown[v % SBX_N(unknown)][0], "--create-dirs") == 0)
                                c->dirs = true;
                        else if (strcmp(unknown[v % SBX_N(unknown)][0], "--output-dir") == 0)
                                c->outdir = unknown[v % SBX_N(unknown)][1];
                        else
                                c->unknown = true;
                        break;
                }
        }
        return (int) i;
}

/* The model's answer: 1 (2 with --create-dirs) and the file in expect, or 0. */
static int curl_model(const struct curl_case *c, char *expect, size_t size) {
        const char *name;
        size_t nl;
        char file[PATH_MAX];

        if (c->unknown || c->urls != 1 || c->glob || c->outputs > 1 || (c->outputs == 1) == c->remote)
                return 0;
        if (c->remote) {
                if (!curl_model_remote(c->url, &name, &nl) || nl >= sizeof(file))
                        return 0;
                memcpy(file, name, nl);
                file[nl] = '\0';
        } else {
                size_t fl = strlen(c->file);

                if (!fl || strcmp(c->file, "-") == 0 || strchr(c->file, '#') || c->file[fl - 1] == '/')
                        return 0;
                snprintf(file, sizeof(file), "%s", c->file);
        }
        if (c->outdir) {
                char in_dir[PATH_MAX];
                const char *f = file;

                while (*f == '/')
                        f++;
                if ((size_t) snprintf(in_dir, sizeof(in_dir), "%s/%s", c->outdir, f) >= sizeof(in_dir))
                        return 0;
                memcpy(file, in_dir, strlen(in_dir) + 1);
        }
        if ((size_t) (file[0] == '/' ? snprintf(expect, size, "%s", file)
                                     : snprintf(expect, size, "%s/%s", c->start, file)) >= size)
                return 0;
        return c->dirs ? 2 : 1;
}

static void curl_fail(char *const *argv, int want, const char *expect, int r, const char *out, const char *what) {
        fprintf(stderr, "curl oracle (%s): expected %d %s, got %d %s for:", what, want, want > 0 ? expect : "", r,
                r > 0 ? out : "");
        for (size_t i = 0; argv[i]; i++)
                fprintf(stderr, " '%s'", argv[i]);
        fputc('\n', stderr);
        fail();
}

static void check_curl_oracle(const uint8_t *g, size_t len) {
        static struct curl_case c;
        static char script[16384];
        char expect[PATH_MAX], out[PATH_MAX];
        int used = curl_case(g, len, &c), want = curl_model(&c, expect, sizeof(expect)), r;
        size_t k = 0, o = 0;
        static char sh0[] = "sh", sh1[] = "-c";
        char *sh[4] = { sh0, sh1, script, NULL };

        r = sbx_run_curl_output(c.argv, tree, out, sizeof(out));
        if (r != want || (r > 0 && strcmp(out, expect) != 0))
                curl_fail(c.argv, want, expect, r, out, "argv");
        /* the chain: the curl's words (past a wrapper, which a script's first command may not
         * hold: from curl on) single-quoted, after `cd a &&` or not, then `&& chmod +x F` or
         * another operator */
        while (k < c.n && strcmp(c.argv[k], "curl") != 0 && strcmp(c.argv[k], "/usr/bin/curl") != 0)
                k++;
        if (k > 0 && strcmp(c.argv[0], "env") == 0 && c.n > 1 && strcmp(c.argv[1], "-C") == 0)
                return; /* env -C moves the chain's start: not the model's */
        if ((size_t) used < len && g[used] % 2)
                o += (size_t) snprintf(script + o, sizeof(script) - o, "cd a && ");
        for (size_t i = k; i < c.n; i++) {
                if (o + 2 * strlen(c.argv[i]) + 8 >= sizeof(script))
                        return;
                if (strchr(c.argv[i], '\''))
                        return;
                o += (size_t) snprintf(script + o, sizeof(script) - o, "'%s' ", c.argv[i]);
        }
        {
                static const char *const rest[] = { "&& chmod +x out", "&& echo done && true\n", "; true", "|| true",
                                                    "| cat", "\ntrue", "& wait", "&& (true)" };
                size_t which = (size_t) used + 1 < len ? g[used + 1] % SBX_N(rest) : 0;

                snprintf(script + o, sizeof(script) - o, "%s", rest[which]);
                if (which >= 2)
                        want = 0; /* another operator after the chain's curl */
        }
        r = sbx_run_chain_curl_output(sh, tree, out, sizeof(out));
        if (r != want || (r > 0 && strcmp(out, expect) != 0))
                curl_fail(sh, want, expect, r, out, "chain");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        char *words, *argv[65], *out, **split;
        size_t out_size, n = 0, k = 0;

        if (size < 1)
                return 0;
        if (!tree[0]) {
                const char *die = getenv("SBX_FUZZ_START_DIR_DIE");

                make_tree();
                /* a failure once the tree is made, for start-dir-leftovers.sh: a property's
                 * (fail), a death no code of this process sees (kill) */
                if (die && strcmp(die, "fail") == 0)
                        fail();
                if (die && strcmp(die, "kill") == 0)
                        raise(SIGKILL);
        }
        out_size = data[0] ? data[0] : PATH_MAX;
        /* the words: the rest, NUL-terminated */
        if (!(words = malloc(size)) || !(out = malloc(out_size)))
                fail();
        memcpy(words, data + 1, size - 1);
        words[size - 1] = '\0';
        for (char *p = words; p < words + size && n < 64; p += strlen(p) + 1)
                argv[n++] = p;
        argv[n] = NULL;

        check_argv(argv, words, size, out, out_size);
        check_oracle(data + 1, size - 1, out, out_size);
        check_curl_oracle(data + 1, size - 1);
        /* env -S's words: strings (a sanitizer report past one), no more than the argv's and the
         * input's bytes, read as the argv they are */
        if ((split = sbx_run_env_split(argv))) {
                for (; split[k]; k++)
                        if (strlen(split[k]) > size)
                                fail();
                if (k > n + size)
                        fail();
                check_argv(split, NULL, size, out, out_size);
                for (size_t i = 0; i < k; i++)
                        free(split[i]);
                free(split);
        }
        free(out);
        free(words);
        return 0;
}
