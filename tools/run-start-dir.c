/* The directory a command's relative names are in, read from its argv and a `-c` script
 * (sbx_run_start_dir() in run-exec.h says what is read). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run-exec.h"
#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-realpath.h"
#include "sbx-sqlite-uri.h"
#include "sbx-trust.h"

/* Whether script[i] starts a word `cd`, `pushd` or `popd` at a command's place: after the
 * start, a blank or an operator; or a quote, where it starts the script of a shell the script
 * runs (`bash -c "cd sub && x" | tee log`); or '=' or '$', where a variable or an alias holds it
 * (`alias go=cd`, dash expanding it in a script: measured, `go sub` moved). And `alias`, by which
 * a script may run anything under another name. */
static bool moves_at(const char *script, size_t i) {
        static const char *const words[] = { "cd", "pushd", "popd", "alias" };

        if (i > 0 && !strchr(" \t\n;&|(`{!\"'=$", script[i - 1]))
                return false;
        for (size_t w = 0; w < SBX_ELEMENTSOF(words); w++) {
                size_t n = strlen(words[w]);

                if (strncmp(script + i, words[w], n) == 0 && (script[i + n] == '\0' || strchr(" \t\n;&|)", script[i + n])))
                        return true;
        }
        return false;
}

/* DIR entered from the directory `from` into out, as the command's chdir() would: joined to it
 * when relative (logically, "l/.." being `from`, as a shell's cd does, when `logical`), then its
 * real path (the kernel resolves names physically). false when that is no directory the
 * command's user may search: the chdir fails, and the command moves nowhere. */
static bool enter_dir(const char *from, const char *dir, bool logical, char *out, size_t size) {
        _cleanup_free_ char *joined = NULL, *norm = NULL;
        char real[PATH_MAX];
        struct stat st;

        if (!dir || !dir[0])
                return false;
        if (dir[0] == '/')
                joined = strdup(dir);
        else if (asprintf(&joined, "%s/%s", from, dir) < 0)
                joined = NULL;
        if (!joined || (logical && sbx_path_normalize(joined, &norm) < 0) ||
            sbx_run_host_realpath(norm ? norm : joined, real, sizeof(real)) < 0 ||
            sbx_run_host_stat(real, true, &st) < 0 || !S_ISDIR(st.st_mode) || sbx_run_host_access(real, X_OK) < 0 ||
            strlen(real) >= size)
                return false;
        memcpy(out, real, strlen(real) + 1);
        return true;
}

/* A tool's answer once its directory options are read (see command_dir()): 1 with the directory
 * cur it moved to copied into out, -1 when it moved but that does not fit, 0 when it did not move. */
static int moved_to(const char *cur, bool moved, char *out, size_t size) {
        if (!moved)
                return 0;
        if (strlen(cur) >= size)
                return -1;
        memcpy(out, cur, strlen(cur) + 1);
        return 1;
}

/* A tool's one directory option DIR, entered from cwd: 1 with its real path in out, -1 when it moved
 * but that does not fit out (as moved_to()), 0 when DIR cannot be entered (the tool stops there). */
static int enter_out(const char *cwd, const char *dir, char *out, size_t size) {
        char cur[PATH_MAX];

        return enter_dir(cwd, dir, false, cur, sizeof(cur)) ? moved_to(cur, true, out, size) : 0;
}

/* Whether `w` is a prefix of the long option `opt`, at least `min` bytes of it (getopt_long takes
 * an unambiguous abbreviation), up to a '=' */
static bool long_option(const char *w, const char *opt, size_t min) {
        size_t k = strcspn(w, "=");

        return k >= min && k <= strlen(opt) && strncmp(w, opt, k) == 0;
}

/* The argument of the option at w[*i] that ends in a letter taking one at p (the rest of the word,
 * else the next word), or of a long option (after '=', else the next word); NULL when none. */
static const char *option_arg(char *const *w, size_t n, size_t *i, const char *p) {
        if (p && p[0])
                return p;
        if (!p && strchr(w[*i], '='))
                return strchr(w[*i], '=') + 1;
        return *i + 1 < n ? w[++*i] : NULL;
}

/* Whether a file a tool opens where it started, before it moves (an archive, a pattern file), is
 * read as it was: none, stdin ("-"), absolute, or one the host lets the user read from cwd; with
 * remote, not a [USER@]HOST:FILE, a remote archive (tar's, cpio's). */
static bool opened_before_move(const char *cwd, const char *f, bool remote) {
        _cleanup_free_ char *joined = NULL;

        if (!f || strcmp(f, "-") == 0 || f[0] == '/')
                return true;
        return !(remote && strchr(f, ':')) && asprintf(&joined, "%s/%s", cwd, f) >= 0 &&
               sbx_run_host_access(joined, R_OK) == 0;
}

/* GNU tar's `-C DIR` (`--directory`): the names of its members are DIR's, the archive's the
 * directory it started in, and in extraction the only names written are the members'. 1 (out:
 * DIR) for an extraction with one -C and no member named (after several, or with members, tar
 * changes directory between them), whose archive is absolute, stdin, or one the host lets the
 * user read (tar then names no archive in a refusal); -1 for any other form with a -C (a
 * creation writes the archive, relative to where tar started, and reads the members, relative
 * to DIR: the same shape names either); 0 without one, or when DIR cannot be entered (tar stops
 * there, naming DIR as given). */
static int tar_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        static const char with_arg[] = "bCfFgHIKLNTVX";
        const char *dir = NULL, *archive = NULL;
        size_t dirs = 0;
        bool extract = false, members = false, unparsed = false;
        int r;

        for (size_t i = 1; i < n; i++) {
                const char *a = w[i];

                if (strcmp(a, "--") == 0) {
                        members |= i + 1 < n;
                        break;
                }
                if (strncmp(a, "--", 2) == 0) {
                        if (long_option(a, "--directory", 5)) {
                                dir = option_arg(w, n, &i, NULL);
                                dirs++;
                        } else if (long_option(a, "--file", 4))
                                archive = option_arg(w, n, &i, NULL);
                        else if (long_option(a, "--extract", 4) || strcmp(a, "--get") == 0)
                                extract = true;
                        else if (!strchr(a, '='))
                                unparsed = true; /* perhaps one whose argument is the next word */
                } else if ((i == 1 && a[0] != '-') || (a[0] == '-' && a[1])) {
                        /* old style, "xfC a.tar DIR": each letter's argument is the next word */
                        bool old = a[0] != '-';
                        size_t next = i;

                        for (const char *p = a + !old; *p; p++) {
                                const char *arg;

                                extract |= *p == 'x';
                                if (!strchr(with_arg, *p))
                                        continue;
                                if (old)
                                        arg = next + 1 < n ? w[++next] : NULL;
                                else
                                        arg = option_arg(w, n, &i, p + 1);
                                if (*p == 'C') {
                                        dir = arg;
                                        dirs++;
                                } else if (*p == 'f')
                                        archive = arg;
                                if (!old)
                                        break;
                        }
                        if (old)
                                i = next;
                } else
                        members = true;
        }
        if (dirs == 0)
                return 0;
        if (!extract || dirs > 1 || members || unparsed || !dir)
                return -1;
        if ((r = enter_out(cwd, dir, out, size)) <= 0)
                return r;
        return opened_before_move(cwd, archive, true) ? 1 : -1;
}

/* Whether the word a is one of the list (NULL-terminated). */
static bool word_in(const char *a, const char *const *list) {
        for (; *list; list++)
                if (strcmp(a, *list) == 0)
                        return true;
        return false;
}

/* GNU cpio's `-D DIR` (`--directory`): it opens its archive (-F, -I) and pattern file (-E) where it
 * started, then moves to DIR, and its members' names are DIR's (measured, 2.13: `cpio -idm -D /x
 * < a.cpio` printed `cpio: d: Cannot mkdir: ...` for /x/d). 1 (out: DIR) in copy-in mode (-i) with
 * one -D, whose archive and pattern file are absolute, stdin, or ones the host lets the user read
 * (as tar_dir()); -1 for another mode with a -D (copy-out and copy-pass read their names in DIR
 * and write the archive, or make the copies, where they are told), several, a remote archive, an
 * option not read; 0 without one, or when DIR cannot be entered (cpio stops there, naming DIR as
 * given). */
static int cpio_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        static const char *const flags[] = { "--extract", "--make-directories", "--preserve-modification-time",
                                             "--unconditional", "--verbose", "--quiet", "--no-absolute-filenames",
                                             "--null", "--to-stdout", "--numeric-uid-gid", NULL };
        const char *dir = NULL, *files[2] = { NULL, NULL };
        size_t dirs = 0;
        bool extract = false, unparsed = false;
        int r;

        for (size_t i = 1; i < n; i++) {
                const char *a = w[i];

                if (strcmp(a, "--") == 0)
                        break;
                if (strncmp(a, "--", 2) == 0) {
                        bool flag = word_in(a, flags);

                        if (long_option(a, "--directory", 4)) {
                                dir = option_arg(w, n, &i, NULL);
                                dirs++;
                        } else if (long_option(a, "--file", 4))
                                files[0] = option_arg(w, n, &i, NULL);
                        else if (long_option(a, "--pattern-file", 5))
                                files[1] = option_arg(w, n, &i, NULL);
                        else if (!flag && !strchr(a, '='))
                                unparsed = true; /* perhaps one whose argument is the next word */
                        extract |= strcmp(a, "--extract") == 0;
                } else if (a[0] == '-' && a[1]) {
                        for (const char *p = a + 1; *p; p++) {
                                const char *arg;

                                extract |= *p == 'i';
                                if (!strchr("CDEFHIMORW", *p)) {
                                        if (!strchr("iotpBcvVbfnrsSAlaLdmu0", *p))
                                                unparsed = true;
                                        continue;
                                }
                                arg = option_arg(w, n, &i, p + 1);
                                if (*p == 'D') {
                                        dir = arg;
                                        dirs++;
                                } else if (*p == 'F' || *p == 'I')
                                        files[0] = arg;
                                else if (*p == 'E')
                                        files[1] = arg;
                                break;
                        }
                }
        }
        if (dirs == 0)
                return 0;
        if (!extract || dirs > 1 || unparsed || !dir)
                return -1;
        if ((r = enter_out(cwd, dir, out, size)) <= 0)
                return r;
        return opened_before_move(cwd, files[0], true) && opened_before_move(cwd, files[1], true) ? 1 : -1;
}

static bool makefile_moves(const char *dir, char *const *files, size_t n_files, char *const *assigns, size_t n_assigns);

/* GNU make's `-C DIR` (`--directory`), several adding up: make moves there first, its recipes
 * run there. 1 (out: the directory), 0 without one or when make cannot enter it (it stops, naming
 * it as given), -1 when the last of several cannot, or when the makefiles it reads there may run
 * their recipes elsewhere (makefile_moves(): `$(MAKE) -C sub`, a recipe's `cd sub && x`; left54:
 * a sub-make's refused `out` was recorded as the top directory's), or it is given make's text
 * (--eval, -E). */
static int make_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        static const char *const with_arg[] = { "--file", "--makefile", "--include-dir", "--old-file",
                                                "--assume-old", "--new-file", "--assume-new", "--what-if", "--eval" };
        char cur[PATH_MAX];
        char *files[16], *assigns[16];
        size_t n_files = 0, n_assigns = 0;
        bool moved = false;

        if (strlen(cwd) >= sizeof(cur))
                return -1;
        memcpy(cur, cwd, strlen(cwd) + 1);
        for (size_t i = 1; i < n; i++) {
                const char *a = w[i], *dir = NULL;
                bool is_dir = false;

                if (strcmp(a, "--") == 0)
                        break;
                if (strncmp(a, "--", 2) == 0) {
                        /* getopt_long takes "--di" (measured: `make --di=d` enters d) */
                        if ((is_dir = long_option(a, "--directory", 4)))
                                dir = option_arg(w, n, &i, NULL);
                        /* and "--fil FILE": any abbreviation of one taking an argument (one of
                         * another too is ambiguous: make stops); --file's and --makefile's FILE
                         * kept, --eval's text not read */
                        for (size_t k = 0; k < SBX_ELEMENTSOF(with_arg) && !is_dir; k++)
                                if (long_option(a, with_arg[k], 3)) {
                                        const char *arg = option_arg(w, n, &i, NULL);

                                        if (k == SBX_ELEMENTSOF(with_arg) - 1)
                                                return -1;
                                        if (k < 2) {
                                                if (!arg || n_files == SBX_ELEMENTSOF(files))
                                                        return -1;
                                                files[n_files++] = (char *) arg;
                                        }
                                        break;
                                }
                } else if (a[0] == '-' && a[1]) {
                        for (const char *p = a + 1; *p; p++) {
                                if (strchr("CfIoWE", *p)) {
                                        const char *arg = option_arg(w, n, &i, p + 1);

                                        if (*p == 'E')
                                                return -1;
                                        if (*p == 'f') {
                                                if (!arg || n_files == SBX_ELEMENTSOF(files))
                                                        return -1;
                                                files[n_files++] = (char *) arg;
                                        }
                                        if ((is_dir = *p == 'C'))
                                                dir = arg;
                                        break;
                                }
                                /* -j and -l take a number, attached or the next word */
                                if (*p == 'j' || *p == 'l') {
                                        if (!p[1] && i + 1 < n && strspn(w[i + 1], "0123456789.") == strlen(w[i + 1]))
                                                i++;
                                        break;
                                }
                                if (*p == 'O')
                                        break;
                        }
                } else if (strchr(a, '=')) {
                        /* a variable's value on the command line, which a recipe may run (`make
                         * GO='cd /x &&'`, `$(GO) echo x > out`) */
                        if (n_assigns == SBX_ELEMENTSOF(assigns))
                                return -1;
                        assigns[n_assigns++] = (char *) a;
                }
                if (!is_dir)
                        continue;
                if (!enter_dir(cur, dir, false, cur, sizeof(cur)))
                        return moved ? -1 : 0;
                moved = true;
        }
        if (makefile_moves(cur, files, n_files, assigns, n_assigns))
                return -1;
        return moved_to(cur, moved, out, size);
}

/* Whether the directory `dir` is a git repository's top (it holds .git) or a bare one's. */
static bool git_top(const char *dir) {
        char p[PATH_MAX];
        struct stat st;

        if (snprintf(p, sizeof(p), "%s/.git", dir) < (int) sizeof(p) && sbx_run_host_stat(p, false, &st) == 0)
                return true;
        return snprintf(p, sizeof(p), "%s/HEAD", dir) < (int) sizeof(p) && sbx_run_host_stat(p, false, &st) == 0 &&
               snprintf(p, sizeof(p), "%s/objects", dir) < (int) sizeof(p) && sbx_run_host_stat(p, true, &st) == 0 &&
               S_ISDIR(st.st_mode);
}

/* git's `-C DIR` (several adding up, "" none), before its command: git moves there, and a
 * command in a repository then to its top, where the names it prints are relative to (`.git/x`).
 * 1 (out: DIR) when DIR is a repository's top or lies in none (clone, init); -1 when a
 * repository above DIR, or above the start directory without -C, would be the top (its names
 * were read as the subdirectory's), or --git-dir, --work-tree, $GIT_DIR or $GIT_WORK_TREE say
 * elsewhere; 0 otherwise without -C, or when DIR cannot be entered (git stops). */
static int git_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        char cur[PATH_MAX], up[PATH_MAX];
        bool moved = false, elsewhere = false;

        if (strlen(cwd) >= sizeof(cur))
                return -1;
        memcpy(cur, cwd, strlen(cwd) + 1);
        for (size_t i = 1; i < n && w[i][0] == '-'; i++) {
                const char *a = w[i];

                if (strcmp(a, "-C") == 0) {
                        if (i + 1 >= n)
                                break;
                        if (!w[++i][0])
                                continue;
                        if (!enter_dir(cur, w[i], false, cur, sizeof(cur)))
                                return moved ? -1 : 0;
                        moved = true;
                } else if (strncmp(a, "--git-dir", 9) == 0 || strncmp(a, "--work-tree", 11) == 0) {
                        elsewhere = true;
                        i += !strchr(a, '=');
                } else if (strcmp(a, "-c") == 0 || strcmp(a, "--config-env") == 0) {
                        /* a shell alias (`-c 'alias.x=!cd sub && touch y' x`) runs at the
                         * repository's top and may move anywhere from there (one from a config
                         * file is not seen) */
                        if (i + 1 < n && strncasecmp(w[i + 1], "alias.", 6) == 0)
                                return -1;
                        i++;
                } else if (strcmp(a, "--namespace") == 0 || strcmp(a, "--attr-source") == 0 ||
                           strcmp(a, "--super-prefix") == 0)
                        i++;
        }
        elsewhere |= (moved || elsewhere) && (getenv("GIT_DIR") || getenv("GIT_WORK_TREE"));
        if (elsewhere)
                return -1;
        /* in a repository's subdirectory, with -C or without, git moves to its top */
        if (!git_top(cur)) {
                memcpy(up, cur, strlen(cur) + 1);
                while (strcmp(up, "/") != 0) {
                        *(strrchr(up, '/') == up ? up + 1 : strrchr(up, '/')) = '\0';
                        if (git_top(up))
                                return -1;
                }
        }
        return moved_to(cur, moved, out, size);
}

static int command_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size);
static const char *base_of(const char *p);
static ptrdiff_t past_wrappers(char *const *w, size_t n, bool keyword, bool *own_names);
static const char *shell_script(char *const *argv);
static const char *shell_script_at(char *const *w, size_t n);
static bool dir_option_word(const char *s, size_t k);
static bool word_moves(const char *word, const char *cwd);
static bool text_moves(const char *s, bool tools, const char *cwd);
static bool sourced_moves(const char *file, const char *cwd);

/* Whether the word w is an assignment before a shell's command (NAME=VALUE, NAME of letters,
 * digits and '_'): no word of the command itself (`TOKEN=x curl ...`). */
static bool shell_assignment(const char *w) {
        static const char name[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";
        size_t k = strcspn(w, "=");

        return k > 0 && w[k] == '=' && strspn(w, name) == k;
}

/* Whether the word s (k bytes) sets, for the command after it, a variable by which a shell may
 * move where sbx cannot tell: CDPATH (a relative cd searches it first), BASH_ENV (bash reads it
 * before its script), PWD (a logical cd's `..` is read from it), SHELLOPTS (bash's `physical`).
 * Measured: `env CDPATH=/x sh -c 'cd sub && pwd'` prints /x/sub where both exist, `env BASH_ENV=f
 * bash -c pwd` the directory f moves to. */
static bool shell_moving_assignment(const char *s, size_t k) {
        return (k > 7 && strncmp(s, "CDPATH=", 7) == 0) || (k > 9 && strncmp(s, "BASH_ENV=", 9) == 0) ||
               (k > 4 && strncmp(s, "PWD=", 4) == 0) || (k > 10 && strncmp(s, "SHELLOPTS=", 10) == 0);
}
/* Whether the NAME=VALUE word s, set for the command after it by env or a shell, may move that
 * command where sbx cannot tell: shell_moving_assignment()'s, or a VALUE that moves as a script's
 * text (word_moves()) where a program may hand it a shell: a make's recipe's `$(GO) echo x > out`
 * takes GO from the environment (links56: `env GO='cd /x &&' make -C sub -f M4` and `GO='cd /x
 * &&' make -C sub -f M4` recorded sub's out, where f31a383 read make's own GO= word alone). */
static bool assignment_moves(const char *s, const char *cwd) {
        return shell_moving_assignment(s, strlen(s)) || (strchr(s, '=') && word_moves(strchr(s, '=') + 1, cwd));
}
static bool is_shell(const char *name, size_t len);
static bool shell_argv_startup_moves(char *const *w, size_t n);
static bool shell_file_moves(char *const *w, size_t n, const char *cwd);

/* env's long options as GNU env 9.1 takes them: the shortest prefix each is known by (getopt_long
 * takes any that is not ambiguous: `--c=d` is --chdir, `--i` and `--de` are ambiguous), its
 * argument ('r' required, 'o' optional and only after '=', 0 none) and the short option it is. */
static const struct env_long {
        const char *name;
        size_t min;
        char arg, as;
} env_longs[] = {
        { "--block-signal", 3, 'o', 0 },     { "--chdir", 3, 'r', 'C' },
        { "--debug", 5, 0, 'v' },            { "--default-signal", 5, 'o', 0 },
        { "--ignore-environment", 10, 0, 'i' }, { "--ignore-signal", 10, 'o', 0 },
        { "--list-signal-handling", 3, 0, 0 }, { "--null", 3, 0, '0' },
        { "--split-string", 3, 'r', 'S' },   { "--unset", 3, 'r', 'u' },
};

/* env's arguments before its command, read as GNU env 9.1 reads them: options (getopt's
 * "+C:iS:u:v0" and the long ones above; the first word that is none ends them, `--` too), then a
 * lone "-" (-i), then NAME=VALUE words (any with a '=', "=x" too). w[0] is env. The index of the
 * command (n when none), the index of the first assignment in *assign, and in *dir the directory
 * of its last -C, the one it enters from where it started (measured: `env -C a -C b pwd` prints
 * ./b), else NULL. -1 for -S (a command split from a string), a -C where dir is NULL, an option
 * env does not take or one without its argument (env stops, running nothing: measured `env --ig
 * true`, `env -u`). */
static ptrdiff_t env_args(char *const *w, size_t n, const char **dir, size_t *assign) {
        size_t i;

        if (dir)
                *dir = NULL;

        for (i = 1; i < n && w[i][0] == '-' && w[i][1]; i++) {
                const char *a = w[i], *arg = NULL;
                char opt = 0;

                if (strcmp(a, "--") == 0) {
                        i++;
                        break;
                }
                if (a[1] == '-') {
                        const struct env_long *l = NULL;

                        for (size_t k = 0; k < sizeof(env_longs) / sizeof(env_longs[0]) && !l; k++)
                                if (long_option(a, env_longs[k].name, env_longs[k].min))
                                        l = &env_longs[k];
                        if (!l || (!l->arg && strchr(a, '=')))
                                return -1;
                        if (l->arg == 'r' && !(arg = option_arg(w, n, &i, NULL)))
                                return -1;
                        opt = l->as;
                } else
                        for (const char *p = a + 1; *p; p++) {
                                if (!strchr("CiSuv0", *p))
                                        return -1;
                                if (strchr("CSu", *p)) {
                                        opt = *p;
                                        if (!(arg = option_arg(w, n, &i, p + 1)))
                                                return -1;
                                        break;
                                }
                        }
                if (opt == 'S' || (opt == 'C' && !dir))
                        return -1;
                if (opt == 'C')
                        *dir = arg;
        }
        if (i < n && strcmp(w[i], "-") == 0)
                i++;
        *assign = i;
        while (i < n && strchr(w[i], '='))
                i++;
        return (ptrdiff_t) i;
}

/* The words GNU env 9.1's -S splits s into, appended to v (its length *n, room for every word s
 * may hold and a NULL): blanks separate them; '...' and "..." quote; a backslash gives the next
 * byte where it is `\\`, `\'` or `\"` (and outside single quotes `\#`, `\$`). 0, or -1 where
 * the split is not read: a '$' (env expands `${NAME}` from its own environment), a '#' starting
 * a word (a comment to the end), any other backslash (`\_`, `\c`, `\n`, ...), a quote not
 * closed (env runs nothing), no memory. */
static int env_split_words(const char *s, char **v, size_t *n) {
        _cleanup_free_ char *buf = malloc(strlen(s) + 1);
        size_t bl = 0;
        bool word = false, sq = false, dq = false;

        if (!buf)
                return -1;
        for (const char *p = s;; p++) {
                char ch = *p;

                if (ch == '\0') {
                        if (sq || dq)
                                return -1;
                        break;
                }
                if (!sq && !dq && strchr(" \t\n\v\f\r", ch)) {
                        if (word && !(v[(*n)++] = strndup(buf, bl)))
                                return -1;
                        word = false;
                        bl = 0;
                        continue;
                }
                if ((!sq && ch == '$') || (!sq && !dq && !word && ch == '#'))
                        return -1;
                word = true;
                if (ch == '\\') {
                        if (p[1] == '\\' || p[1] == '\'' || (!sq && (p[1] == '"' || p[1] == '#' || p[1] == '$')))
                                buf[bl++] = *++p;
                        else
                                return -1;
                } else if (ch == '\'' && !dq)
                        sq = !sq;
                else if (ch == '"' && !sq)
                        dq = !dq;
                else
                        buf[bl++] = ch;
        }
        if (word && !(v[(*n)++] = strndup(buf, bl)))
                return -1;
        return 0;
}

char **sbx_run_env_split(char *const *argv) {
        size_t n = 0, i = 0;

        if (!argv)
                return NULL;
        while (argv[n])
                n++;
        while (i < n) {
                bool own_names = false;
                ptrdiff_t k = past_wrappers(argv + i, n - i, false, &own_names);
                const char *dir = NULL, *str = NULL;
                size_t assign, j, after = 0, flags = 0, s_at = 0;

                if (k < 0 || i + (size_t) k >= n)
                        return NULL;
                i += (size_t) k;
                if (strcmp(base_of(argv[i]), "env") != 0)
                        return NULL;
                /* its options, as env_args() reads them, up to its first -S */
                for (j = i + 1; j < n && argv[j][0] == '-' && argv[j][1] && !str; j++) {
                        const char *a = argv[j];

                        if (strcmp(a, "--") == 0)
                                break;
                        if (a[1] == '-') {
                                const struct env_long *l = NULL;
                                size_t at = j;

                                for (size_t m = 0; m < SBX_ELEMENTSOF(env_longs) && !l; m++)
                                        if (long_option(a, env_longs[m].name, env_longs[m].min))
                                                l = &env_longs[m];
                                if (!l || (!l->arg && strchr(a, '=')))
                                        return NULL;
                                if (l->arg == 'r' && !option_arg(argv, n, &j, NULL))
                                        return NULL;
                                if (l->as == 'S') {
                                        str = strchr(a, '=') ? strchr(a, '=') + 1 : argv[j];
                                        after = j + 1;
                                        s_at = at;
                                }
                                continue;
                        }
                        for (const char *p = a + 1; *p; p++) {
                                if (!strchr("CiSuv0", *p))
                                        return NULL;
                                if (strchr("CSu", *p)) {
                                        size_t at = j;
                                        const char *arg = option_arg(argv, n, &j, p + 1);

                                        if (!arg)
                                                return NULL;
                                        if (*p == 'S') {
                                                str = arg;
                                                after = j + 1;
                                                flags = (size_t) (p - a - 1); /* "-iS": -i first */
                                                s_at = at;
                                        }
                                        break;
                                }
                        }
                }
                if (str) {
                        /* env's words before it, its flags before S, the split, the words after */
                        size_t max = n + strlen(str) / 2 + 3, m = 0;
                        _cleanup_strv_free_ char **v = calloc(max, sizeof(*v));

                        if (!v)
                                return NULL;
                        for (size_t q = 0; q < s_at; q++)
                                if (!(v[m++] = strdup(argv[q])))
                                        return NULL;
                        if (flags > 0 && !(v[m++] = strndup(argv[s_at], flags + 1)))
                                return NULL;
                        if (env_split_words(str, v, &m) < 0)
                                return NULL;
                        for (size_t q = after; q < n; q++)
                                if (!(v[m++] = strdup(argv[q])))
                                        return NULL;
                        return sbx_steal_ptr(&v);
                }
                if ((k = env_args(argv + i, n - i, &dir, &assign)) < 0)
                        return NULL;
                i += (size_t) k;
        }
        return NULL;
}

/* env's `-C DIR` (`--chdir`): the command it runs starts there, and is read from there (`env -C
 * DIR make -C sub`). An env it runs, itself or through wrappers (`env -C a env -C .. x`, `env -C a
 * nice env -C b x`), is read the same way from where the one before moved it, one after the
 * other (not nested: an argv of many envs is read once; before, not followed: -1, so a chain's
 * `busybox mv` had its destination never read). 1 (out: the directory), 0 when none moves (or an
 * env cannot enter its DIR: it stops, naming it as given, from where it started), -1 for a
 * command -S splits from a string, one that moves where sbx cannot tell, an env that runs
 * nothing (an option it does not take), or one after a wrapper that names a file of its own
 * (`env -C a nohup env -C b x`: nohup.out in a, the command's names in b). */
static int env_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        char cur[PATH_MAX];
        bool moved = false;
        size_t i = 0;
        int r;

        if (strlen(cwd) >= sizeof(cur))
                return -1;
        memcpy(cur, cwd, strlen(cwd) + 1);
        for (;;) {
                const char *dir = NULL;
                size_t a = 0, j;
                ptrdiff_t c = env_args(w + i, n - i, &dir, &a), k;
                bool own_names = false;

                if (c < 0)
                        return -1;
                if (dir) {
                        if (!enter_dir(cur, dir, false, cur, sizeof(cur)))
                                return moved_to(cur, moved, out, size);
                        moved = true;
                }
                for (j = i + a; j < i + (size_t) c; j++) /* NAME=VALUE */
                        if (assignment_moves(w[j], cur))
                                return -1;
                i += (size_t) c;
                if (i >= n)
                        break;
                /* the next env, past the wrappers it runs through */
                k = past_wrappers(w + i, n - i, false, &own_names);
                if (k < 0)
                        return -1;
                if ((size_t) k >= n - i || strcmp(base_of(w[i + (size_t) k]), "env") != 0)
                        break;
                if (own_names)
                        return -1;
                i += (size_t) k;
        }
        if (i < n && (r = command_dir(w + i, n - i, cur, out, size)) != 0)
                return r;
        return moved_to(cur, moved, out, size);
}

static int find_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size);

/* ninja's `-C DIR` (samu's too): it moves there first, its commands run there and print their
 * names from there (measured: `ninja -C sub` runs `pwd` in sub). 1 (out: DIR) for one -C DIR that
 * can be entered; 0 without one, or when DIR cannot be entered (ninja stops: "chdir to 'x'"); -1
 * for a long option it does not take. Of several the last is entered, from the start, the others
 * never (ninja keeps the last and makes one chdir after its options; measured, 1.11: `ninja -C a
 * -C b` entered b, not a/b, and `-C missing -C b` b; links56: several read -1). Its short
 * options: getopt's "d:f:j:k:l:nt:vw:C:h". */
static int ninja_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        const char *dir = NULL;
        size_t dirs = 0;

        for (size_t i = 1; i < n; i++) {
                const char *a = w[i];

                if (strcmp(a, "--") == 0)
                        break;
                if (strncmp(a, "--", 2) == 0) {
                        if (!long_option(a, "--version", 5) && !long_option(a, "--verbose", 5) &&
                            !long_option(a, "--quiet", 3))
                                return -1;
                        continue;
                }
                if (a[0] != '-' || !a[1])
                        continue; /* a target */
                for (const char *p = a + 1; *p; p++)
                        if (strchr("dfjkltwC", *p)) {
                                const char *arg = option_arg(w, n, &i, p + 1);

                                if (*p == 'C') {
                                        dir = arg;
                                        dirs++;
                                }
                                break;
                        }
        }
        if (dirs == 0)
                return 0;
        if (!dir)
                return -1;
        return enter_out(cwd, dir, out, size);
}

/* GNU patch's `-d DIR` (`--directory`): it moves there before anything else, its files (-i, -o,
 * its operands) and the temporary files it makes are DIR's, and it prints their names from there
 * (measured, 2.7.6: `patch -d D -p0 < p` of a file in a directory the sandbox refuses printed
 * "Can't create temporary file ./f.oXXXXXX"; mine55: it was joined to sbx's directory, and as
 * nobody in root's directory the host's refusal read denied). 1 (out: DIR) for one -d that can be
 * entered; 0 without one, or when DIR cannot be entered (patch stops there); -1 for several, or a
 * long option not read that may take the next word. */
static int patch_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        static const char *const flags[] = { "--verbose", "--dry-run", "--posix", "--binary", "--merge", "--batch",
                                             "--force", "--quiet", "--silent", "--forward", "--reverse", "--backup",
                                             "--context", "--ed", "--normal", "--unified", "--remove-empty-files",
                                             "--set-utc", "--set-time", "--ignore-whitespace", "--backup-if-mismatch",
                                             "--no-backup-if-mismatch", NULL };
        const char *dir = NULL;
        size_t dirs = 0;
        bool unparsed = false;

        for (size_t i = 1; i < n; i++) {
                const char *a = w[i];

                if (strcmp(a, "--") == 0)
                        break;
                if (strncmp(a, "--", 2) == 0) {
                        bool flag = word_in(a, flags);

                        if (long_option(a, "--directory", 4)) {
                                dir = option_arg(w, n, &i, NULL);
                                dirs++;
                        } else if (!flag && !strchr(a, '='))
                                unparsed = true;
                        continue;
                }
                if (a[0] != '-' || !a[1])
                        continue; /* an operand */
                /* (-x NUM, --debug's, takes an argument: review56, it was read as a flag, and
                 * `patch -x16 -d D` read -1, `patch -x -d D` moved to D) */
                for (const char *p = a + 1; *p; p++) {
                        if (!strchr("pFiorDVBYzgdx", *p)) {
                                if (!strchr("lcenNREZTbtfsuv", *p))
                                        unparsed = true;
                                continue;
                        }
                        if (*p == 'd') {
                                dir = option_arg(w, n, &i, p + 1);
                                dirs++;
                        } else
                                (void) option_arg(w, n, &i, p + 1);
                        break;
                }
        }
        if (dirs == 0)
                return 0;
        if (dirs > 1 || unparsed || !dir)
                return -1;
        return enter_out(cwd, dir, out, size);
}

/* Whether a directory above dir holds the file `marker` (and, when `own_stops`, dir does not):
 * the top a tool moves to from a subdirectory (npm's package root; cargo's workspace, whose
 * root runs rustc for a member with a Cargo.toml of its own). */
static bool marker_above(const char *dir, const char *marker, bool own_stops) {
        char p[PATH_MAX], up[PATH_MAX];
        struct stat st;

        if (snprintf(p, sizeof(p), "%s/%s", dir, marker) >= (int) sizeof(p) || strlen(dir) >= sizeof(up))
                return true;
        if (own_stops && sbx_run_host_stat(p, false, &st) == 0)
                return false;
        memcpy(up, dir, strlen(dir) + 1);
        while (strcmp(up, "/") != 0) {
                *(strrchr(up, '/') == up ? up + 1 : strrchr(up, '/')) = '\0';
                if (snprintf(p, sizeof(p), "%s/%s", strcmp(up, "/") == 0 ? "" : up, marker) < (int) sizeof(p) &&
                    sbx_run_host_stat(p, false, &st) == 0)
                        return true;
        }
        return false;
}

/* Build and package tools that run their commands in a directory of an option: meson's -C
 * (compile, test: ninja there), go's -C, npm's -C/--prefix (its scripts run there, measured:
 * `npm --prefix sub run t` prints sub), pnpm's -C/--dir, yarn's --cwd, cargo's -C and
 * --manifest-path, cmake's --build (the native tool runs there), ctest's --test-dir: -1 when a
 * word may be one of those (any word starting "-C", an abbreviation of the long ones). From a
 * subdirectory of a package the package managers move to its root (measured: `npm run t` in
 * sub/deeper prints sub), cargo to its workspace's: -1. Else 0. */
static int builder_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        static const char *const longs[] = { "--prefix", "--dir", "--directory", "--cwd", "--manifest-path",
                                             "--build", "--test-dir", "--chdir" };
        static const struct {
                const char *tool, *marker;
        } tops[] = {
                { "npm", "package.json" }, { "npx", "package.json" }, { "pnpm", "package.json" },
                { "yarn", "package.json" }, { "cargo", "Cargo.toml" },
        };

        (void) out;
        (void) size;
        for (size_t i = 1; i < n; i++) {
                if (strncmp(w[i], "-C", 2) == 0)
                        return -1;
                for (size_t k = 0; k < SBX_ELEMENTSOF(longs); k++)
                        if (strncmp(w[i], "--", 2) == 0 && long_option(w[i], longs[k], 4))
                                return -1;
        }
        for (size_t t = 0; t < SBX_ELEMENTSOF(tops); t++)
                if (strcmp(base_of(w[0]), tops[t].tool) == 0 &&
                    marker_above(cwd, tops[t].marker, strcmp(tops[t].marker, "Cargo.toml") != 0))
                        return -1;
        return 0;
}

/* Programs that run a command as another user, where a file sbx does not read, or the user's
 * home, may move it: sudo's -D/--chdir, sudoers' runcwd and CWD= (root's to read), -i (the
 * target's home), -R/--chroot; su's and runuser's -l/--login (the home), their -c script run by
 * the target's own shell, which reads its startup files; pkexec's target's home (unless
 * --keep-cwd). And those that run it in a directory of their options or another root:
 * unshare's and nsenter's -w/--wd (measured: `unshare --wd=/tmp pwd`, `nsenter -w /tmp pwd`
 * print /tmp), their -R/--root; chroot's new root's "/". Whatever their options: -1. */
static int unknown_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        (void) w;
        (void) n;
        (void) cwd;
        (void) out;
        (void) size;
        return -1;
}

/* BusyBox's unzip, unlike Info-ZIP's (which names DIR/name from where it started), makes `-d DIR`
 * when missing and moves there before it extracts: the members' names are DIR's (measured,
 * 1.35: `busybox unzip a.zip -d /x` printed `can't open 'f'` for /x/f), the archive's the start
 * directory's. 1 (out: DIR) for one -d DIR that can be entered and an archive that is absolute,
 * stdin, or one the host lets the user read (as tar_dir()); -1 for a DIR not there yet (made, or
 * refused and named as given), several, an option not read; 0 without one. */
static int busybox_unzip_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        const char *dir = NULL, *archive = NULL;
        size_t dirs = 0;

        for (size_t i = 1; i < n; i++) {
                const char *a = w[i];

                if (a[0] != '-' || !a[1]) {
                        if (!archive)
                                archive = a;
                        continue;
                }
                for (const char *p = a + 1; *p; p++) {
                        if (*p == 'd') {
                                dir = option_arg(w, n, &i, p + 1);
                                dirs++;
                                break;
                        }
                        if (!strchr("lnotpqxjvK", *p))
                                return -1;
                }
        }
        if (dirs == 0)
                return 0;
        if (dirs > 1 || !dir || !enter_dir(cwd, dir, false, out, size))
                return -1;
        return opened_before_move(cwd, archive, false) ? 1 : -1;
}

/* PHP's `-r CODE` whose code moves first, `chdir("DIR");` (a literal, quoted whole, no escape
 * or variable), and no more: its warnings' relative names are DIR's (measured, 8.2: `php -r
 * 'chdir("/etc"); touch("x");'` printed `Unable to create file x` for /etc/x). 1 (out: DIR); -1
 * for another chdir() in the code (PHP's names are case-insensitive: `ChDir`), or a DIR it cannot
 * enter (the chdir fails with a warning, and the code goes on where it was); 0 for code that
 * moves nowhere, or no -r (a script file's chdir() is not read, as a program's own is not). */
static int php_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        const char *code = NULL, *p, *close;
        char dir[PATH_MAX];

        for (size_t i = 1; i < n && !code; i++) {
                if (strcmp(w[i], "--") == 0 || w[i][0] != '-')
                        break; /* a script and its arguments */
                if (strcmp(w[i], "-r") == 0 && i + 1 < n)
                        code = w[i + 1];
                else if (strcmp(w[i], "-d") == 0 || strcmp(w[i], "-c") == 0 || strcmp(w[i], "-z") == 0)
                        i++; /* an option's word */
        }
        if (!code || !strcasestr(code, "chdir"))
                return 0;
        p = code + strspn(code, " \t\n");
        if (strncasecmp(p, "chdir(", 6) != 0)
                return -1;
        p += 6;
        p += strspn(p, " \t");
        if ((*p != '"' && *p != '\'') || !(close = strchr(p + 1, *p)) || close == p + 1 ||
            (size_t) (close - p - 1) >= sizeof(dir) || memchr(p + 1, '\\', (size_t) (close - p - 1)) ||
            (*p == '"' && memchr(p + 1, '$', (size_t) (close - p - 1))))
                return -1;
        memcpy(dir, p + 1, (size_t) (close - p - 1));
        dir[close - p - 1] = '\0';
        p = close + 1;
        p += strspn(p, " \t");
        if (*p++ != ')')
                return -1;
        p += strspn(p, " \t");
        if (*p++ != ';' || strcasestr(p, "chdir"))
                return -1;
        return enter_dir(cwd, dir, false, out, size) ? 1 : -1;
}

/* Whether the base name `name` is the program `prog` or a versioned name of it, a version of
 * digits and dots after it that starts with a digit and does not end in a dot (`php8.2`,
 * `python3.11`, `perl5.36.0`). */
static bool versioned_name(const char *name, const char *prog) {
        size_t k = strlen(prog);

        if (strncmp(name, prog, k) != 0)
                return false;
        if (!name[k])
                return true;
        if (!isdigit((unsigned char) name[k]))
                return false;
        return name[k + strspn(name + k, "0123456789.")] == '\0' && name[strlen(name) - 1] != '.';
}

/* Whether the base name `name` is PHP's CLI: `php`, or Debian's versioned `php8.2` (`php7`, a
 * version of digits and dots), which the alternative `php` points to (it was not read: as nobody
 * `php8.2 -r 'chdir("/etc"); touch("x");'` read as denied). Not `php-cgi`, `phpize`, `phpdbg`. */
static bool php_name(const char *name) {
        return versioned_name(name, "php");
}

/* BusyBox runs the applet its first word names (by its base name) with the words after it, where
 * it started: `busybox tar -C DIR -x`, `busybox sh -c 'cd DIR && x'` are read as that applet's
 * argv (they were a tool's name later in the argv, -1: as nobody, a refusal the host made in DIR
 * read as denied). Its own options (`--list`, `--install`, `--help`) run none. Its applet running
 * busybox or env, itself or through wrappers (`busybox timeout 9 busybox ...`), is not followed
 * (-1: an argv of many would nest as deep). */
static int busybox_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        bool own_names = false;
        ptrdiff_t k;

        if (n < 2 || w[1][0] == '-')
                return 0;
        k = past_wrappers(w + 1, n - 1, false, &own_names);
        if (k < 0)
                return -1;
        if ((size_t) k < n - 1 &&
            (strcmp(base_of(w[1 + (size_t) k]), "busybox") == 0 || strcmp(base_of(w[1 + (size_t) k]), "env") == 0))
                return -1;
        if (strcmp(base_of(w[1]), "unzip") == 0)
                return busybox_unzip_dir(w + 1, n - 1, cwd, out, size);
        return command_dir(w + 1, n - 1, cwd, out, size);
}

/* The tools that take a directory of their own to work in, by their name. */
static const struct {
        const char *name;
        int (*dir)(char *const *w, size_t n, const char *cwd, char *out, size_t size);
} tools_with_dir[] = {
        { "tar", tar_dir }, { "gtar", tar_dir }, { "cpio", cpio_dir }, { "make", make_dir }, { "gmake", make_dir },
        { "git", git_dir }, { "env", env_dir },   { "find", find_dir }, { "sudo", unknown_dir },
        { "su", unknown_dir }, { "runuser", unknown_dir }, { "pkexec", unknown_dir },
        { "unshare", unknown_dir }, { "nsenter", unknown_dir }, { "chroot", unknown_dir },
        { "ninja", ninja_dir }, { "samu", ninja_dir }, { "meson", builder_dir }, { "go", builder_dir },
        { "npm", builder_dir }, { "npx", builder_dir }, { "pnpm", builder_dir }, { "yarn", builder_dir },
        { "cargo", builder_dir }, { "cmake", builder_dir }, { "ctest", builder_dir }, { "patch", patch_dir },
};

/* Whether the shell w[0..n), run by a program sbx does not read (find's -exec, xargs, setpriv),
 * may move: startup files that may, a script file that may, or a -c script that moves anywhere
 * (read alone: the program may add words). */
static bool nested_shell_moves(char *const *w, size_t n, const char *cwd) {
        const char *script = shell_script_at(w, n);
        char *alone[] = { w[0], (char *) "-c", (char *) script, NULL };
        char ignored[PATH_MAX];

        return shell_argv_startup_moves(w, n) || shell_file_moves(w, n, cwd) ||
               (script && sbx_run_start_dir(alone, cwd, SBX_RUN_DEV_UNKNOWN, ignored, sizeof(ignored)) != 0);
}

/* find's -execdir and -okdir run their command in each file's directory: its names are of
 * directories sbx cannot tell (-1); find's own are relative to where it started (0). -exec and -ok
 * run theirs where find started, but with each file's name put for {}: a tool of tools_with_dir
 * among its words (`find . -name Makefile -exec make -C {} ';'`), or a shell whose startup files
 * or -c script may move it, moves where sbx cannot tell (-1). */
static int find_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        bool exec = false;

        (void) out;
        (void) size;
        for (size_t i = 1; i < n; i++) {
                const char *name = base_of(w[i]);

                if (strcmp(w[i], "-execdir") == 0 || strcmp(w[i], "-okdir") == 0)
                        return -1;
                if (strcmp(w[i], "-exec") == 0 || strcmp(w[i], "-ok") == 0) {
                        exec = true;
                        continue;
                }
                if (!exec)
                        continue;
                if (strcmp(w[i], ";") == 0 || strcmp(w[i], "+") == 0) {
                        exec = false;
                        continue;
                }
                if (is_shell(name, strlen(name)) && nested_shell_moves(w + i, n - i, cwd))
                        return -1;
                for (size_t t = 0; t < SBX_ELEMENTSOF(tools_with_dir); t++)
                        if (strcmp(name, tools_with_dir[t].name) == 0)
                                return -1;
        }
        return 0;
}

static const char *base_of(const char *p) {
        return strrchr(p, '/') ? strrchr(p, '/') + 1 : p;
}

/* The programs that run a command given them where they were started, moving nowhere, and how
 * their options are read: GNU getopt's, stopping at the first operand ("+"), clustered short
 * options, a long option abbreviated while unambiguous, `--`. An option not listed is -1: sbx
 * does not guess where the command starts. `time` here is GNU time(1), the program; the shells'
 * keyword is read apart (past_wrappers()). */
static const struct wrapper {
        const char *name;
        const char *flags;              /* short options without an argument */
        const char *with_arg;           /* short options taking one, attached or the next word */
        const char *no_command;         /* short options after which it runs no command */
        const char *const *longs;       /* "name", "name=" (takes an argument), "!name" (runs no command) */
        size_t operands;                /* words before the command: timeout's DURATION, chrt's priority */
        bool digits;                    /* nice's old `-N`, `--N`, `-+N` */
        bool shell_builtin;             /* options only as a shell's builtin reads them: clusters, no long ones */
} wrappers[] = {
        /* coreutils 9.1 has no -f, -p; 9.5 has: an older timeout refuses them and runs nothing */
        { "timeout", "fpv", "ks", "",
          (const char *const[]) { "foreground", "kill-after=", "preserve-status", "signal=", "verbose", "!help",
                                  "!version", NULL },
          1, false, false },
        { "nice", "", "n", "", (const char *const[]) { "adjustment=", "!help", "!version", NULL }, 0, true, false },
        { "nohup", "", "", "", (const char *const[]) { "!help", "!version", NULL }, 0, false, false },
        { "stdbuf", "", "ioe", "",
          (const char *const[]) { "input=", "output=", "error=", "!help", "!version", NULL }, 0, false, false },
        { "time", "apqv", "fo", "V",
          (const char *const[]) { "append", "format=", "output=", "portability", "quiet", "verbose", "!help",
                                  "!version", NULL },
          0, false, false },
        /* util-linux: -p, -P, -u name processes, not a command */
        { "ionice", "t", "cn", "pPuhV",
          (const char *const[]) { "class=", "classdata=", "ignore", "!pid", "!pgid", "!uid", "!help", "!version",
                                  NULL },
          0, false, false },
        { "setsid", "cfw", "", "hV",
          (const char *const[]) { "ctty", "fork", "wait", "!help", "!version", NULL }, 0, false, false },
        { "chrt", "abdefiorRv", "TPD", "mphV",
          (const char *const[]) { "all-tasks", "batch", "deadline", "ext", "fifo", "idle", "!max", "other", "rr",
                                  "reset-on-fork", "sched-runtime=", "sched-period=", "sched-deadline=", "verbose",
                                  "!pid", "!help", "!version", NULL },
          1, false, false },
        /* the shells' builtin: -p the default PATH; -v, -V print */
        { "command", "p", "", "vV", (const char *const[]) { NULL }, 0, false, true },
        /* bash's -c, -l, -a NAME are not dash's: none read */
        { "exec", "", "", "", (const char *const[]) { NULL }, 0, false, true },
};

/* How many words the wrapper `wr` at w[0] takes before its command: > 0, 0 when it runs none
 * (--help, `nice` alone, `ionice -p PID`), -1 for an option or form it does not read. own_names
 * is set when it names a file relative to where it started (GNU time's `-o FILE`; nohup's
 * nohup.out, opened when stdout is a terminal). */
static ptrdiff_t wrapper_words(const struct wrapper *wr, char *const *w, size_t n, bool *own_names) {
        size_t i = 1;

        if (strcmp(wr->name, "nohup") == 0)
                *own_names = true;
        for (; i < n && w[i][0] == '-' && w[i][1]; i++) {
                const char *a = w[i];

                if (strcmp(a, "--") == 0) {
                        i++;
                        break;
                }
                /* nice's `-5`, `--5`, `-+5`, read before its options */
                if (wr->digits && a[1 + (a[1] == '-' || a[1] == '+')] >= '0' &&
                    a[1 + (a[1] == '-' || a[1] == '+')] <= '9')
                        continue;
                if (a[1] == '-') {
                        const char *match = NULL;
                        size_t k = strcspn(a + 2, "="), found = 0;

                        if (wr->shell_builtin || k == 0)
                                return -1;
                        for (const char *const *l = wr->longs; *l; l++) {
                                const char *name = *l + (**l == '!');
                                size_t len = strcspn(name, "=");

                                if (k > len || strncmp(a + 2, name, k) != 0)
                                        continue;
                                if (k == len) {
                                        match = *l; /* an exact match wins over abbreviations */
                                        found = 1;
                                        break;
                                }
                                match = *l;
                                found++;
                        }
                        if (found != 1)
                                return -1; /* unknown or ambiguous: getopt_long refuses it */
                        if (match[0] == '!')
                                return 0;
                        if (strchr(match, '=')) {
                                if (!strchr(a, '=') && ++i >= n)
                                        return -1;
                        } else if (strchr(a, '='))
                                return -1; /* an argument to one that takes none */
                        if (strcmp(match, "output=") == 0 && strcmp(wr->name, "time") == 0) {
                                const char *file = strchr(a, '=') ? strchr(a, '=') + 1 : w[i];

                                *own_names |= file[0] != '/';
                        }
                        continue;
                }
                for (const char *p = a + 1; *p; p++) {
                        if (strchr(wr->no_command, *p))
                                return 0;
                        if (strchr(wr->with_arg, *p)) {
                                const char *arg = p[1] ? p + 1 : i + 1 < n ? w[++i] : NULL;

                                if (!arg)
                                        return -1;
                                if (*p == 'o' && strcmp(wr->name, "time") == 0)
                                        *own_names |= arg[0] != '/';
                                break;
                        }
                        if (!strchr(wr->flags, *p))
                                return -1;
                }
        }
        if (wr->operands) {
                /* timeout's DURATION; chrt's priority, a number (a newer chrt takes none for some
                 * policies: the word is then the command, sbx cannot tell which) */
                if (strcmp(wr->name, "chrt") == 0 && (i >= n || !w[i][0] || strspn(w[i], "0123456789") != strlen(w[i])))
                        return -1;
                i += wr->operands;
        }
        return i < n ? (ptrdiff_t) i : 0;
}

/* The index of the command the wrappers at w[0] run (n when none runs), or -1 for a form not
 * read. `keyword`: w[0] starts a shell's command, where `time` is bash's and ksh's keyword, read
 * with its one option -p (GNU time's options run as a command there, and fail). */
static ptrdiff_t past_wrappers(char *const *w, size_t n, bool keyword, bool *own_names) {
        size_t i = 0;
        bool shell = keyword; /* where the shell itself reads the word: its builtins */

        if (keyword && n > 0 && strcmp(w[0], "time") == 0) {
                i = 1 + (n > 1 && strcmp(w[1], "-p") == 0);
                if (i < n && w[i][0] == '-')
                        return -1;
        }
        while (i < n) {
                const struct wrapper *wr = NULL;
                ptrdiff_t k;

                for (size_t t = 0; t < SBX_ELEMENTSOF(wrappers) && !wr; t++)
                        if (wrappers[t].shell_builtin ? shell && strcmp(w[i], wrappers[t].name) == 0
                                                      : strcmp(base_of(w[i]), wrappers[t].name) == 0)
                                wr = &wrappers[t];
                if (!wr)
                        break;
                shell &= wr->shell_builtin; /* a program's command is exec'd: `nice command` is no builtin */
                if ((k = wrapper_words(wr, w + i, n - i, own_names)) <= 0)
                        return k < 0 ? -1 : (ptrdiff_t) n;
                i += (size_t) k;
        }
        return (ptrdiff_t) i;
}

/* For a command w[0..n) (the exec'd argv, or a script's one command: `keyword`), run from cwd: 1
 * (out: the directory) when it is a tool that moves to one of its options' (tools_with_dir), 0
 * when it moves nowhere sbx knows of, -1 when it moves where sbx cannot tell. Wrappers before it
 * (`timeout 60 make -C sub`, `nice -n 5 env -C sub x`) are read past. A tool's name later in the
 * argv (`xargs make -C x`) that would move reads as -1: what comes before it is no command sbx
 * reads (but env's, which env_dir() reads). */
static int command_dir_at(char *const *w, size_t n, const char *cwd, char *out, size_t size, bool keyword) {
        char ignored[PATH_MAX];
        bool own_names = false;
        ptrdiff_t k = past_wrappers(w, n, keyword, &own_names);

        if (k < 0)
                return -1;
        if (own_names && (size_t) k < n) {
                /* the wrapper's file is where it started, the command's names where it moves */
                int r = command_dir(w + k, n - (size_t) k, cwd, out, size);

                return r != 0 && (r < 0 || strcmp(out, cwd) != 0) ? -1 : 0;
        }
        w += k;
        n -= (size_t) k;
        if (n > 0 && strcmp(base_of(w[0]), "busybox") == 0)
                return busybox_dir(w, n, cwd, out, size);
        if (n > 0 && php_name(base_of(w[0])))
                return php_dir(w, n, cwd, out, size);
        if (shell_argv_startup_moves(w, n) || shell_file_moves(w, n, cwd))
                return -1;
        /* a script's command that sources a file (`bash -c '. ./env.sh'`) */
        if (keyword && n >= 2 && (strcmp(w[0], ".") == 0 || strcmp(w[0], "source") == 0) && sourced_moves(w[1], cwd))
                return -1;
        if (n > 0) {
                /* a shell's -c run by a wrapper, env or a shell (`timeout 60 bash -c 'cd sub && npm
                 * test'`): its script read as the command's own is. The argv is NULL-terminated,
                 * a script's words are not: a copy. Nested no deeper than quotes nest in a script
                 * (simple_words() takes a quoted word whole, a quote of the other kind inside) */
                _cleanup_free_ char **argv = calloc(n + 1, sizeof(char *));
                bool shell;

                if (!argv)
                        return -1;
                memcpy(argv, w, n * sizeof(char *));
                shell = shell_script(argv) != NULL;
                if (shell)
                        return sbx_run_start_dir(argv, cwd, SBX_RUN_DEV_UNKNOWN, out, size);
        }
        for (size_t i = 0; i < n; i++) {
                const char *name = base_of(w[i]);

                /* a shell run by a program not read (`xargs sh -c 'cd "$0" && x'`, `setpriv ... sh
                 * -c 'cd /etc && x'`): a script that moves, or startup files that may, moves it
                 * where sbx cannot tell (its script read alone: the program may add words) */
                if (i > 0 && is_shell(name, strlen(name))) {
                        if (nested_shell_moves(w + i, n - i, cwd))
                                return -1;
                        continue;
                }
                /* a script the program hands a shell of its own (`flock F -c 'cd /etc && x'`,
                 * `script -c ...`, `watch ...`): read as text, as a script's own is */
                if (i > 0 && word_moves(w[i], NULL))
                        return -1;
                for (size_t t = 0; t < SBX_ELEMENTSOF(tools_with_dir); t++) {
                        int r;

                        if (strcmp(name, tools_with_dir[t].name) != 0)
                                continue;
                        if (i == 0)
                                return tools_with_dir[t].dir(w, n, cwd, out, size);
                        /* the first one read only: an argv of many of them is read once. The
                         * program before it may put words in its argv: xargs adds those of its
                         * input (`xargs make` given "-C /etc"), `xargs -I{}` replaces them (`make
                         * -C {}` moves to each line's directory, not to one named "{}") */
                        r = tools_with_dir[t].dir(w + i, n - i, cwd, ignored, sizeof(ignored));
                        if (r != 0 || strcmp(base_of(w[0]), "xargs") == 0)
                                return -1;
                        for (size_t j = i + 1; j < n; j++)
                                if (dir_option_word(w[j], strlen(w[j])))
                                        return -1;
                        return 0;
                }
        }
        return 0;
}

static int command_dir(char *const *w, size_t n, const char *cwd, char *out, size_t size) {
        return command_dir_at(w, n, cwd, out, size, false);
}

/* The length of the redirection of stdout to /dev/null that starts s (`>/dev/null`, `1> /dev/null`,
 * `>>/dev/null`), its blanks after it not counted; 0 for none. */
static size_t null_stdout(const char *s) {
        const char *p = s + (*s == '1');

        if (*p != '>')
                return 0;
        for (p += 1 + (p[1] == '>'); *p == ' ' || *p == '\t'; p++)
                ;
        if (strncmp(p, "/dev/null", 9) != 0 || (p[9] && !strchr(" \t\n", p[9])))
                return 0;
        return (size_t) (p + 9 - s);
}

/* A script's words when it is one simple command: blanks split, a word quoted whole or in part
 * ('x', "x" without $, ` or \) unquoted; at most max words in buf (the script's length + 1).
 * An input redirection starting a word, `< FILE` or `<FILE`, is no word: FILE, read as a word is,
 * goes to in (at most in_max, their count in *ret_in). So is stdout's to /dev/null (null_stdout():
 * the command runs and writes as without it, its stderr still sbx's; mktemp57: `mktemp -q -p D >
 * /dev/null` was read no command). -1 at anything else: an operator, another redirection (`<>`,
 * `<<`, `<&`, `0<`, `>` of a file, `2>`, `&>`: a stderr sbx no longer sees), an expansion, an
 * escape, a comment. */
static int simple_words(const char *s, char *buf, char **w, size_t max, char **in, size_t in_max, size_t *ret_in) {
        size_t n = 0, null;
        char *o = buf;

        *ret_in = 0;
        for (;;) {
                const char *start;

                while (*s == ' ' || *s == '\t')
                        s++;
                /* a script's last line ends in a newline */
                if (!s[strspn(s, " \t\n")])
                        return (int) n;
                if (*s == '\n')
                        return -1; /* another line: another command */
                if ((null = null_stdout(s)) > 0) {
                        s += null;
                        continue;
                }
                if (*s == '<') {
                        if (s[1] == '<' || s[1] == '>' || s[1] == '&' || s[1] == '(')
                                return -1;
                        for (s++; *s == ' ' || *s == '\t'; s++)
                                ;
                        if (!*s || *s == '\n' || *ret_in == in_max)
                                return -1;
                        in[(*ret_in)++] = o;
                } else if (n == max)
                        return -1;
                else
                        w[n++] = o;
                start = s;
                while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
                        if (*s == '\'' || *s == '"') {
                                const char *close = strchr(s + 1, *s);

                                if (!close || (*s == '"' && strcspn(s + 1, "$`\\") < (size_t) (close - s - 1)))
                                        return -1;
                                memcpy(o, s + 1, (size_t) (close - s - 1));
                                o += close - s - 1;
                                s = close + 1;
                        } else if (strchr("\n;&|<>()$`\\#*?[{~", *s))
                                return -1;
                        else
                                *o++ = *s++;
                }
                if (s == start)
                        return -1; /* `< ;`: no word */
                *o++ = '\0';
        }
}

/* The shells whose -c script and script file are read: BusyBox's ash and hush (its sh, and
 * `busybox ash`) take dash's options (hush a subset), -l and -i read their profiles and $ENV. */
static bool is_shell(const char *name, size_t len) {
        static const char *const shells[] = { "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "hush" };

        for (size_t k = 0; k < SBX_ELEMENTSOF(shells); k++)
                if (len == strlen(shells[k]) && strncmp(name, shells[k], len) == 0)
                        return true;
        return false;
}

/* Whether the shell of the name `name` (len bytes), started with the option word `opt` (NULL
 * for none), reads files of the user's or the host's that may move it before its script or
 * command: zsh's zshenv, always (/etc/zsh/zshenv even with -f); bash's $BASH_ENV when set
 * (measured: `BASH_ENV=f bash -c pwd` prints f's cd); a login shell's profiles (-l, +l,
 * --login: bash and dash read /etc/profile and ~/.profile, `bash -lc pwd` printed the profile's
 * cd), an interactive one's rc files (-i: ~/.bashrc, $ENV). */
static bool shell_startup_moves(const char *name, size_t len, const char *opt) {
        if (len == 3 && strncmp(name, "zsh", 3) == 0)
                return true;
        if (len == 4 && strncmp(name, "bash", 4) == 0 && getenv("BASH_ENV") && getenv("BASH_ENV")[0])
                return true;
        if (!opt)
                return false;
        if (strncmp(opt, "--", 2) == 0)
                return strcmp(opt, "--login") == 0 || strcmp(opt, "--interactive") == 0;
        return (opt[0] == '-' || opt[0] == '+') && opt[strcspn(opt, "li")];
}

/* Whether the word s (k bytes) may be a directory option of a tool of tools_with_dir: one
 * starting with '-' holding a 'C', --directory, --chdir, --git-dir, --work-tree, any
 * abbreviation. */
static bool dir_option_word(const char *s, size_t k) {
        return k > 1 && s[0] == '-' &&
               ((s[1] != '-' && memchr(s, 'C', k)) || (k >= 4 && strncmp(s, "--di", 4) == 0) ||
                (k >= 3 && strncmp(s, "--c", 3) == 0) || (k >= 4 && strncmp(s, "--pr", 4) == 0) ||
                (k >= 4 && strncmp(s, "--ma", 4) == 0) || (k >= 4 && strncmp(s, "--bu", 4) == 0) ||
                (k >= 4 && strncmp(s, "--te", 4) == 0) ||
                (k >= 9 && strncmp(s, "--git-dir", 9) == 0) || (k >= 11 && strncmp(s, "--work-tree", 11) == 0));
}

static bool script_file_moves(const char *file, const char *cwd, bool exec);

/* Whether the file a shell sources (`. FILE`, `source FILE`) may move it: read as a script's text
 * relative to cwd; a name with an expansion or a glob, or without a '/' (bash and dash search PATH
 * for it), may. */
static bool sourced_moves(const char *file, const char *cwd) {
        return !strchr(file, '/') || file[strcspn(file, "$`\\*?[~{")] || script_file_moves(file, cwd, false);
}

/* The words of one command of a script's text (split by text_files_move()). */
struct text_command {
        char *w[64];
        size_t n;
        bool cut; /* more words than w holds */
};

static void text_command_clear(struct text_command *c) {
        for (size_t i = 0; i < c->n; i++)
                free(c->w[i]);
        c->n = 0;
        c->cut = false;
}

/* Whether one command of a script's text runs a script file that may move (read relative to
 * cwd): a shell run on a file or on its stdin (`sh build.sh && x`, `curl U | sh`), a path the
 * kernel runs (`./build.sh && x`), a file sourced (`. ./env.sh && x`, `source
 * venv/bin/activate`), after the shell's keywords and the wrappers (`then exec sh f`, `timeout 9
 * ./f`); a shell after xargs (its input's files). Read as the exec'd argv's are
 * (shell_file_moves()), a sourced file's text as a script's is. A name with an expansion or a glob
 * (`sh "$f"`), or a sourced one without a '/' (bash and dash search PATH for it), may move. Measured
 * before: `bash -c 'sh mv.sh && true'`, `bash -c '. ./lib.sh && touch ./x'` and a file's `exec sh
 * mv.sh` each moved into sub, read as the start directory. */
static bool text_command_moves(struct text_command *c, const char *cwd) {
        static const char *const keywords[] = { "if", "then", "else", "elif", "do", "while", "until", "!" };
        char **w = c->w;
        size_t n = c->n, i = 0;
        bool own_names = false;
        ptrdiff_t k;

        /* the keywords, and the assignments, before the command (`then PATH=$V/bin:$PATH x`);
         * one whose value moves may move the command (assignment_moves()) */
        while (i < n) {
                size_t kw = 0;

                while (kw < SBX_ELEMENTSOF(keywords) && strcmp(w[i], keywords[kw]) != 0)
                        kw++;
                if (kw == SBX_ELEMENTSOF(keywords) && !shell_assignment(w[i]))
                        break;
                if (kw == SBX_ELEMENTSOF(keywords) && assignment_moves(w[i], cwd))
                        return true;
                i++;
        }
        if (i == n)
                return false;
        k = past_wrappers(w + i, n - i, true, &own_names);
        if (k < 0 || (size_t) k >= n - i)
                return false; /* read as before (script_tool_moves()), or no command */
        w += i + (size_t) k;
        n -= i + (size_t) k;
        if (strcmp(w[0], ".") == 0 || strcmp(w[0], "source") == 0) {
                if (n < 2)
                        return false;
                return c->cut || sourced_moves(w[1], cwd);
        }
        /* a make whose makefiles may run recipes elsewhere (make_dir(); its -C is
         * script_tool_moves()'s) */
        if (strcmp(base_of(w[0]), "make") == 0 || strcmp(base_of(w[0]), "gmake") == 0) {
                char ignored[PATH_MAX];

                return c->cut || make_dir(w, n, cwd, ignored, sizeof(ignored)) != 0;
        }
        if (strcmp(base_of(w[0]), "xargs") == 0) {
                for (size_t j = 1; j < n; j++)
                        if (is_shell(base_of(w[j]), strlen(base_of(w[j]))))
                                return true;
                return false;
        }
        if (!is_shell(base_of(w[0]), strlen(base_of(w[0]))) && !strchr(w[0], '/'))
                return false;
        /* the file the shell runs, or the path itself: none sbx can name */
        for (size_t j = 0; j < n; j++)
                if (w[j][0] != '-' && w[j][0] != '+' && w[j][strcspn(w[j], "$`\\*?[~{")])
                        return true;
        return c->cut || shell_file_moves(w, n, cwd);
}

/* Whether a script's text runs a script file that may move (text_command_moves(), relative to
 * cwd): its words as the shell splits them (blanks, quotes removed, a backslash's next byte, a
 * comment to the line's end), its commands ended by a line's end or an operator; a redirection ends
 * a word ("sh < in.sh" reads in.sh as sh would). */
static bool text_files_move(const char *s, const char *cwd) {
        _cleanup_free_ char *word = malloc(strlen(s) + 1);
        struct text_command c = { .n = 0 };
        bool moves = false, in_word = false;
        size_t wl = 0;

        if (!word)
                return true;
        for (;;) {
                char ch = *s;

                if (!ch || ch == ' ' || ch == '\t' || ch == '\n' || strchr(";&|()`{}<>", ch)) {
                        if (in_word) {
                                if (c.n == SBX_ELEMENTSOF(c.w))
                                        c.cut = true;
                                else if (!(c.w[c.n++] = strndup(word, wl)))
                                        moves = true;
                                in_word = false;
                                wl = 0;
                        }
                        if (!moves && (!ch || ch == '\n' || strchr(";&|()`{}", ch)))
                                moves = text_command_moves(&c, cwd);
                        if (!ch || ch == '\n' || strchr(";&|()`{}", ch))
                                text_command_clear(&c);
                        if (!ch || moves)
                                break;
                        s++;
                } else if (ch == '#' && !in_word) {
                        s += strcspn(s, "\n");
                } else if (ch == '\\') {
                        if (s[1] && s[1] != '\n') {
                                word[wl++] = s[1];
                                in_word = true;
                        }
                        s += s[1] ? 2 : 1;
                } else if (ch == '\'' || ch == '"') {
                        const char *close = s + 1;

                        while (*close && *close != ch)
                                close += ch == '"' && close[0] == '\\' && close[1] ? 2 : 1;
                        if (!*close) {
                                moves = true; /* a quote left open: the shell runs nothing */
                                break;
                        }
                        memcpy(word + wl, s + 1, (size_t) (close - s - 1));
                        wl += (size_t) (close - s - 1);
                        in_word = true;
                        s = close + 1;
                } else {
                        word[wl++] = ch;
                        in_word = true;
                        s++;
                }
        }
        text_command_clear(&c);
        return moves;
}

/* Whether a script that is no simple command runs a tool of tools_with_dir with what may be a
 * directory option of it (a word starting with '-' holding a 'C', cpio's a 'D', find's -execdir
 * and -okdir, --directory, --git-dir, --work-tree, any abbreviation): words split at blanks and
 * operators, as text. */
static bool script_tool_moves(const char *s) {
        bool tool = false, xargs = false, cpio = false, find = false;
        const char *shell = NULL; /* a shell's name in the command, and its length */
        size_t shell_len = 0;

        while (*s) {
                size_t k, b;

                s += strspn(s, " \t\n\"'");
                if (strchr(";&|()`{}", *s) && *s) {
                        tool = xargs = cpio = find = false; /* a command ends */
                        shell = NULL;
                        s++;
                        continue;
                }
                k = strcspn(s, " \t\n;&|()`{}\"'");
                if (k == 0)
                        break;
                /* `export BASH_ENV=f; bash -c x` */
                if (shell_moving_assignment(s, k))
                        return true;
                /* a shell that reads startup files that may move it (`true; bash -l x.sh`) */
                for (b = k; b > 0 && s[b - 1] != '/'; b--)
                        ;
                if (is_shell(s + b, k - b)) {
                        shell = s + b;
                        shell_len = k - b;
                        if (shell_startup_moves(shell, shell_len, NULL))
                                return true;
                } else if (shell && (s[0] == '-' || s[0] == '+')) {
                        _cleanup_free_ char *opt = strndup(s, k);

                        if (!opt || shell_startup_moves(shell, shell_len, opt))
                                return true;
                }
                if (tool && dir_option_word(s, k))
                        return true;
                /* cpio's short option is -D (`find d | cpio -idm -D /x`) */
                if (cpio && k > 1 && s[0] == '-' && s[1] != '-' && memchr(s, 'D', k))
                        return true;
                for (size_t t = 0; t < SBX_ELEMENTSOF(tools_with_dir); t++)
                        if (tools_with_dir[t].dir == unknown_dir && k - b == strlen(tools_with_dir[t].name) &&
                            strncmp(s + b, tools_with_dir[t].name, k - b) == 0)
                                return true; /* `true; sudo -D /etc touch x` */
                for (size_t t = 0; t < SBX_ELEMENTSOF(tools_with_dir) && !tool; t++)
                        tool = k - b == strlen(tools_with_dir[t].name) &&
                               strncmp(s + b, tools_with_dir[t].name, k - b) == 0;
                /* find's -execdir runs its command in each file's directory (review: as root in
                 * read-only, `bash -c 'find D -name x -execdir rmdir {} +'` recorded the
                 * workspace's ./x, a name the command never removed) */
                if (find && ((k == 8 && strncmp(s, "-execdir", 8) == 0) || (k == 6 && strncmp(s, "-okdir", 6) == 0)))
                        return true;
                cpio |= k - b == 4 && strncmp(s + b, "cpio", 4) == 0;
                find |= k - b == 4 && strncmp(s + b, "find", 4) == 0;
                /* xargs adds its input's words to the tool's (`ls | xargs make`) */
                if (tool && xargs)
                        return true;
                xargs |= k - b == 5 && strncmp(s + b, "xargs", 5) == 0;
                s += k;
        }
        return false;
}

/* A shell's options, as bash, dash and the ksh read them. */
struct shell_opts {
        bool c;         /* -c: the first operand is a script */
        bool s;         /* -s: commands from stdin */
        bool startup;   /* startup files that may move it are read first (shell_startup_moves()) */
        bool physical;  /* bash's -P, `-o physical`: its cd resolves symbolic links, as cd -P does */
        bool unread;    /* -P or `-o physical` given another shell: where its cd goes is not read */
        size_t operand; /* the first operand's index (n: none) */
};

/* Reads the options of the shell w[0..n) (false when w[0] is no shell): words starting with '-'
 * or '+' up to "--" or "-" (both end them: `bash -c - 'cd sub && x'` runs that script); a long
 * option takes no argument but --rcfile's and --init-file's; a short one ending in 'o' or 'O'
 * takes the next word (-o pipefail, shopt's -O extglob). */
static bool shell_options(char *const *w, size_t n, struct shell_opts *o) {
        const char *name = n > 0 ? base_of(w[0]) : "";
        size_t i = 1;

        *o = (struct shell_opts){ .operand = n };
        if (!is_shell(name, strlen(name)))
                return false;
        o->startup = shell_startup_moves(name, strlen(name), NULL);
        for (; i < n && (w[i][0] == '-' || w[i][0] == '+') && w[i][1] && strcmp(w[i], "--") != 0; i++) {
                o->startup |= shell_startup_moves(name, strlen(name), w[i]);
                if (w[i][1] == '-') {
                        if (strcmp(w[i], "--rcfile") == 0 || strcmp(w[i], "--init-file") == 0)
                                i++;
                        continue; /* --norc, --posix */
                }
                if (w[i][0] == '-') {
                        o->c |= strchr(w[i], 'c') != NULL;
                        o->s |= strchr(w[i], 's') != NULL;
                }
                if (strchr(w[i], 'P'))
                        o->physical = w[i][0] == '-';
                if (strchr("oO", w[i][strlen(w[i]) - 1])) {
                        if (w[i][strlen(w[i]) - 1] == 'o' && i + 1 < n && strcmp(w[i + 1], "physical") == 0)
                                o->physical = w[i][0] == '-';
                        i++;
                }
        }
        /* bash's alone: dash and BusyBox's ash refuse -P and `-o physical` (measured: "Illegal
         * option -P", exit 2, the script never run), zsh's -P is another option, and sh may be
         * bash or dash (shell60: before, `busybox ash -P -c 'cd D && mktemp -q x.XXX'` claimed
         * D/x.XXX, a file of a command that never ran) */
        if (o->physical && strcmp(name, "bash") != 0) {
                o->physical = false;
                o->unread = true;
        }
        if (i < n && (strcmp(w[i], "--") == 0 || strcmp(w[i], "-") == 0))
                i++;
        o->operand = i < n ? i : n;
        return true;
}

/* Whether argv is a shell that reads startup files that may move it (shell_startup_moves()), in
 * any of its options before its script, command or `-c`'s script. */
static bool shell_argv_startup_moves(char *const *w, size_t n) {
        struct shell_opts o;

        return shell_options(w, n, &o) && o.startup;
}

/* The largest script file read as text (a larger one may move, as far as sbx can tell). */
#define SCRIPT_FILE_MAX (64 * 1024)
/* The largest javac source read for its native methods (sbx_run_javac_natives()): a source is
 * often longer than a script (SWIG's generated FooJNI.java, all native methods, runs to
 * megabytes), and is read once a run, into a buffer freed after it. */
#define JAVAC_SOURCE_MAX (4 * 1024 * 1024)
/* The longest sbx waits, in all, for the script files of one command to be read, and how many it
 * reads: past either, a script file may move as far as sbx can tell. A file whose file system
 * never answers (a FUSE server or a network share that hangs: measured, a FUSE file system that
 * did not answer statfs(2) held `sbx run -- sh F` for good after the command ended, SIGTERM
 * included) is read by a child of sbx, killed at the deadline; an argv of many `sh FILE` (`true sh
 * f sh f ...`) read each FILE, 2 ms each for 64 KiB (measured: 114 s for 50000 of them, the
 * command long ended). */
#define SCRIPT_READ_MS 500
#define SCRIPT_READS_MAX 16

/* SCRIPT_READ_MS, which a unit test may raise: one that checks what 16 reads answer, not how
 * fast they are, missed 500 ms ten times in a row under the sanitizers at a load of 8 (each
 * read a fork of an ASan process) */
int sbx_run_script_read_ms = SCRIPT_READ_MS;

/* The reads of one sbx_run_start_dir() call, its nested calls included (depth: how deep). */
static struct {
        unsigned depth, reads;
        int64_t deadline_ms;
        enum sbx_run_dev dev; /* the outermost call's (sbx_run_start_dir()) */
} script_reads;

static int64_t monotonic_ms(void) {
        struct timespec ts;

        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* In a child of sbx (script_file_text()), the file full checked and read (at most want bytes)
 * onto out, a buffer's length at a time: exits 0 once it wrote its text, SCRIPT_NO_FILE when it
 * is no file to read; any other end (its own set-up or its write failed, a signal from outside)
 * is no answer. */
#define SCRIPT_NO_FILE 3
static _Noreturn void script_file_child(const char *full, int out, size_t want) {
        static char buf[SCRIPT_FILE_MAX + 1];
        char proc[64];
        struct stat st, again;
        struct statfs sfs;
        size_t total = 0;
        int pfd, fd;

        pfd = open(full, O_PATH | O_CLOEXEC);
        if (pfd < 0 || fstat(pfd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size == 0 || fstatfs(pfd, &sfs) < 0 ||
            sfs.f_type == PROC_SUPER_MAGIC || sfs.f_type == SYSFS_MAGIC || sfs.f_type == DEBUGFS_MAGIC ||
            sfs.f_type == TRACEFS_MAGIC || sfs.f_type == SECURITYFS_MAGIC || sfs.f_type == CGROUP_SUPER_MAGIC ||
            sfs.f_type == CGROUP2_SUPER_MAGIC || sfs.f_type == BPF_FS_MAGIC || sfs.f_type == EFIVARFS_MAGIC ||
            sfs.f_type == PSTOREFS_MAGIC)
                _exit(SCRIPT_NO_FILE);
        snprintf(proc, sizeof(proc), "/proc/self/fd/%d", pfd);
        /* sbx's read leaves the file's access time as it was (under bubblewrap the command's own
         * reads, through a read-only mount, change none: measured, `sh F` changed F's atime on
         * the host, `cat F` did not); allowed to its owner and root, others read as any reader */
        fd = open(proc, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOATIME);
        if (fd < 0 && errno == EPERM)
                fd = open(proc, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
        if (fd < 0 || fstat(fd, &again) < 0 || !S_ISREG(again.st_mode) || again.st_dev != st.st_dev ||
            again.st_ino != st.st_ino)
                _exit(SCRIPT_NO_FILE);
        while (total < want) {
                size_t len = 0, room = want - total < sizeof(buf) ? want - total : sizeof(buf);

                while (len < room) {
                        ssize_t got = read(fd, buf + len, room - len);

                        if (got < 0 && errno == EINTR)
                                continue;
                        if (got < 0)
                                _exit(SCRIPT_NO_FILE);
                        if (got == 0)
                                break;
                        len += (size_t) got;
                }
                for (size_t k = 0; k < len;) {
                        ssize_t put = write(out, buf + k, len - k);

                        if (put < 0 && errno == EINTR)
                                continue;
                        if (put <= 0)
                                _exit(1);
                        k += (size_t) put;
                }
                total += len;
                if (len < room)
                        break;
        }
        _exit(0);
}

/* The text of the regular file path (relative to cwd): its first max + 1 bytes (a larger file
 * reads longer than max; max SCRIPT_FILE_MAX but for a javac's sources) in buf (max + 2 bytes,
 * NUL ended after them), their number in ret_len; NULL when it is no regular file, or cannot be read; then
 * ret_unanswered tells whether it was not read in time, or not read at all (past
 * SCRIPT_READS_MAX, a path too long for sbx, a reader that ended without its word).
 * The path is the command's to change while it runs, and sbx reads it as the caller (root too):
 * nothing but a regular file is ever opened (a device's open may act: a watchdog's arms it), so
 * the path is resolved with O_PATH, checked, and opened through that descriptor; and none of a
 * kernel's file systems, whose files read with effects (/proc/kmsg takes the kernel's log lines)
 * and say they are empty (or 4096 bytes). An empty script moves nothing, and names nothing.
 * Its file system may never answer: a child reads it, with no descriptor of sbx's, every signal
 * blocked and PR_SET_PDEATHSIG, and is killed at the deadline (SCRIPT_READ_MS for all the reads of
 * one command); one stuck where SIGKILL cannot end it yet is left to be reaped later (by
 * sbx_run_execute(), which reaps the orphans of the run, or at sbx's exit). */
static const char *script_file_text(const char *path, const char *cwd, char *buf, size_t max, size_t *ret_len,
                                    bool *ret_unanswered) {
        char full[PATH_MAX];
        size_t want = max + 1, len = 0;
        sigset_t all, old;
        int p[2], status = 0;
        bool done = false, late = false;
        pid_t pid, parent = getpid();

        /* one sbx cannot name is not read either: the kernel runs a relative path that is short
         * enough for it beneath a start directory that makes it too long for sbx (review: `./F`
         * so, whose #! script moved, claimed the start directory) */
        *ret_unanswered = true;
        if (path[0] == '/') {
                if (strlen(path) >= sizeof(full))
                        return NULL;
                memcpy(full, path, strlen(path) + 1);
        } else if (snprintf(full, sizeof(full), "%s/%s", cwd, path) >= (int) sizeof(full))
                return NULL;
        /* nor once the run missed a deadline of the host's (run-host.c): a hung file system
         * costs it one, not one per reader's budget */
        if (script_reads.reads >= SCRIPT_READS_MAX || sbx_run_host_cut_off())
                return NULL;
        if (script_reads.reads++ == 0)
                script_reads.deadline_ms = monotonic_ms() + sbx_run_script_read_ms;
        if (pipe2(p, O_CLOEXEC) < 0)
                return NULL;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, &old);
        pid = fork();
        if (pid == 0) {
                /* the pipe on 0, nothing else of sbx's: a child stuck in the kernel holds no
                 * descriptor (the command's stderr, sbx's stdout) whose end sbx or its caller
                 * waits for; and it ends with sbx (killed by SIGKILL, sbx kills it no more: it
                 * lived on, reparented, for as long as the file system did not answer) */
                if ((p[1] != 0 && dup2(p[1], 0) < 0) || prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
                        _exit(1);
                (void) close_range(1, ~0U, 0);
                script_file_child(full, 0, want);
        }
        sigprocmask(SIG_SETMASK, &old, NULL);
        close(p[1]);
        if (pid < 0) {
                close(p[0]);
                return NULL;
        }
        for (;;) {
                int64_t left = script_reads.deadline_ms - monotonic_ms();
                struct pollfd pfd = { .fd = p[0], .events = POLLIN };
                ssize_t got;
                int r;

                if (left <= 0) {
                        late = true;
                        break;
                }
                r = poll(&pfd, 1, (int) left);
                if (r < 0 && errno == EINTR)
                        continue;
                if (r <= 0) {
                        late = r == 0;
                        break;
                }
                got = read(p[0], buf + len, len < want ? want - len : 1);
                if (got < 0 && errno == EINTR)
                        continue;
                if (got <= 0 || (len += (size_t) got) > want) {
                        done = got == 0;
                        break;
                }
        }
        close(p[0]);
        if (late)
                sbx_run_host_cut();
        if (!done) {
                /* at the deadline (or more than asked for): no answer */
                (void) kill(pid, SIGKILL);
                (void) waitpid(pid, NULL, WNOHANG);
                return NULL;
        }
        while (waitpid(pid, &status, 0) < 0)
                if (errno != EINTR)
                        return NULL;
        /* only the child's own word makes it no file: one that failed its set-up or its write, or
         * that something outside sbx killed (the OOM killer), read no file, and `./F` so claimed
         * the start directory (review) */
        if (WIFEXITED(status) && WEXITSTATUS(status) == SCRIPT_NO_FILE)
                *ret_unanswered = false;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                return NULL;
        *ret_unanswered = false;
        buf[len] = '\0';
        *ret_len = len;
        return buf;
}

/* Whether the shell in w[0..n) runs a script file (no -c, an operand: `bash build.sh`), or w[0]
 * is a path to a file starting with "#!" and a shell (`./build.sh`, `#!/usr/bin/env bash`,
 * `#!/usr/bin/env -S bash -e`), whose text may move it: read as a -c script's is (word_moves():
 * `cd "$(dirname "$0")"` was read as the start directory), or not readable as a small text file.
 * The shell starts it where it was started and looks for its operand there (bash then searches
 * PATH: not read, "may move"). A shell reading its commands from stdin (no operand, -s) may move;
 * so may a #! of env with another option or a NAME=VALUE, or a #! shell's startup options (-l). */
static bool shell_file_moves(char *const *w, size_t n, const char *cwd) {
        const char *file;
        struct shell_opts o;

        if (n == 0)
                return false;
        if (shell_options(w, n, &o)) {
                /* -c: its script is read as such; -s: commands from stdin, not read */
                if (o.c)
                        return false;
                if (o.s)
                        return true;
                /* commands from stdin, a terminal's or a pipe's (`sbx run -- bash < build.sh`):
                 * not read, they may move (measured: `printf 'cd sub\ntouch ./x\n' | bash` made
                 * sub/x, read as the start's) */
                if (o.operand >= n)
                        return true;
                file = w[o.operand];
        } else if (strchr(w[0], '/'))
                file = w[0];
        else
                return false;
        return script_file_moves(file, cwd, file == w[0]);
}

/* The files read so far in one sbx_run_start_dir() call and what each told: a script's text reads
 * the files it runs or sources (script_tool_moves()), once each, as written or unquoted; one that
 * runs itself may move. */
static struct {
        char *path;
        bool exec, moves;
} script_seen[SCRIPT_READS_MAX];
static size_t script_seen_n;

static bool script_file_read(const char *file, const char *cwd, bool exec);

/* Whether the script file `file` (relative to cwd) may move the shell that runs it
 * (script_file_read()), asked once per file. */
static bool script_file_moves(const char *file, const char *cwd, bool exec) {
        _cleanup_free_ char *full = NULL;
        size_t at;
        bool moves;

        if (file[0] == '/' ? !(full = strdup(file)) : asprintf(&full, "%s/%s", cwd, file) < 0)
                return true;
        for (size_t k = 0; k < script_seen_n; k++)
                if (script_seen[k].exec == exec && strcmp(script_seen[k].path, full) == 0)
                        return script_seen[k].moves;
        if (script_seen_n == SCRIPT_READS_MAX)
                return true;
        at = script_seen_n++;
        /* while it is read, a script that runs itself may move */
        script_seen[at].path = sbx_steal_ptr(&full);
        script_seen[at].exec = exec;
        script_seen[at].moves = true;
        moves = script_file_read(file, cwd, exec);
        script_seen[at].moves = moves;
        return moves;
}

/* The same, read: a shell's script (`sh F`), or when `exec` a path the kernel runs by its #!. */
static bool script_file_read(const char *file, const char *cwd, bool exec) {
        const char *text, *interp;
        _cleanup_free_ char *buf = NULL;
        size_t i, k, len = 0;
        bool unanswered = false;

        if (!(buf = malloc(SCRIPT_FILE_MAX + 2)))
                return true;
        text = script_file_text(file, cwd, buf, SCRIPT_FILE_MAX, &len, &unanswered);
        if (exec) {
                /* a path the kernel runs: a shell's script is read, anything else as before (its
                 * first line only, to tell); one not read in time may be either */
                if (!text)
                        return unanswered;
                if (strncmp(text, "#!", 2) != 0)
                        return false;
                interp = text + 2 + strspn(text + 2, " \t");
                k = strcspn(interp, " \t\r\n");
                if (k >= 4 && strncmp(interp + k - 4, "/env", 4) == 0) {
                        interp += k + strspn(interp + k, " \t");
                        k = strcspn(interp, " \t\r\n");
                        /* `#!/usr/bin/env -S bash -e` runs bash: its words are read; any other
                         * option or a NAME=VALUE of env's (-C DIR, CDPATH=...) may move it */
                        if (k == 2 && strncmp(interp, "-S", 2) == 0) {
                                interp += k + strspn(interp + k, " \t");
                                k = strcspn(interp, " \t\r\n");
                        }
                        if (interp[0] == '-' || memchr(interp, '=', k))
                                return true;
                }
                for (i = k; i > 0 && interp[i - 1] != '/'; i--)
                        ;
                if (!is_shell(interp + i, k - i))
                        return false;
                /* the shell's options on its #! line: a login shell's profiles, an interactive
                 * one's rc files may move it (`#!/bin/bash -l`), -s reads stdin */
                for (const char *q = interp + k; *q && *q != '\n';) {
                        _cleanup_free_ char *opt = NULL;
                        size_t m;

                        q += strspn(q, " \t\r");
                        m = strcspn(q, " \t\r\n");
                        if (m == 0)
                                break;
                        if (!(opt = strndup(q, m)) || shell_startup_moves(interp + i, k - i, opt) ||
                            (opt[0] == '-' && opt[1] != '-' && strchr(opt, 's')))
                                return true;
                        q += m;
                }
        }
        return !text || len > SCRIPT_FILE_MAX || memchr(text, '\0', len) || text_moves(text, true, cwd);
}

/* The text s without its quotes and backslashes, or NULL when it has none (or no memory): a
 * shell removes them from a word before it runs it, `\cd sub`, `"cd" sub`, `c''d sub` and `\make -C
 * sub` are cd and make (measured, bash and dash: each moved into sub). */
static char *unquoted(const char *s) {
        char *u, *o;

        if (!s[strcspn(s, "\\'\"")] || !(u = malloc(strlen(s) + 1)))
                return NULL;
        for (o = u; *s; s++)
                if (!strchr("\\'\"", *s))
                        *o++ = *s;
        *o = '\0';
        return u;
}

/* Whether the text s has a `cd`, `pushd` or `popd` at a command's place (moves_at()), or, when
 * `tools`, what script_tool_moves() finds, as written or with its quotes removed; or, when `tools`
 * and cwd (none for a word of a program's argv read as a script's text, `flock F -c SCRIPT`), a
 * script file it runs or sources that may move (text_files_move()). */
static bool text_moves(const char *s, bool tools, const char *cwd) {
        _cleanup_free_ char *u = unquoted(s);

        for (const char *t = s; t; t = t == s ? u : NULL) {
                for (size_t i = 0; t[i]; i++)
                        if (moves_at(t, i))
                                return true;
                if (tools && script_tool_moves(t))
                        return true;
        }
        return tools && cwd && text_files_move(s, cwd);
}

/* Whether the makefiles GNU make reads in dir (its -f FILEs, relative to dir, else the first of
 * GNUmakefile, makefile and Makefile there) may run their recipes where sbx cannot tell: a
 * sub-make, any MAKE (`$(MAKE) -C sub`, `cd sub && $(MAKE)`: make prints the directory it enters
 * on stdout alone, and the lines of a sub-make's recipes on stderr are not told from the top's), a
 * recipe that moves (text_moves(), its `@`, `-` and `+` read as blanks), a makefile it includes
 * (not read), $MAKEFILES (read first); one not read (`-f -`, too large, not read in time). None
 * there: make runs its built-in rules where it is, or stops. Measured: `make` whose Makefile runs
 * `$(MAKE) -C sub`, sub's recipe `echo x > out` refused, printed "/bin/sh: 1: cannot create out:
 * Read-only file system" and "make[1]: *** [Makefile:2: all] Error 2". A variable's value moves
 * too where a recipe may expand it: one of make's command line (assigns[0..n_assigns), NAME=VALUE
 * words, whichever NAME), or of the environment whose name the makefile holds (make takes it
 * where the makefile sets none, and with -e over the makefile's; review55: `make -f M4 GO='cd
 * /x &&'`, M4's recipe `$(GO) echo x > mx`, recorded mx in make's directory). */
static bool makefile_moves(const char *dir, char *const *files, size_t n_files, char *const *assigns, size_t n_assigns) {
        static const char *const names[] = { "GNUmakefile", "makefile", "Makefile" };
        _cleanup_free_ char *buf = NULL;
        const char *found = NULL;

        if (getenv("MAKEFILES") && getenv("MAKEFILES")[0])
                return true;
        for (size_t i = 0; i < n_assigns; i++)
                if (word_moves(strchr(assigns[i], '=') + 1, dir))
                        return true;
        if (n_files == 0) {
                for (size_t i = 0; i < SBX_ELEMENTSOF(names) && !found; i++) {
                        char p[PATH_MAX];
                        struct stat st;

                        if (snprintf(p, sizeof(p), "%s/%s", dir, names[i]) >= (int) sizeof(p))
                                return true;
                        if (sbx_run_host_stat(p, true, &st) == 0)
                                found = names[i];
                }
                if (!found)
                        return false;
        }
        if (!(buf = malloc(SCRIPT_FILE_MAX + 2)))
                return true;
        for (size_t i = 0; i < (found ? 1 : n_files); i++) {
                const char *file = found ? found : files[i], *text;
                size_t len = 0;
                bool unanswered = false;

                if (strcmp(file, "-") == 0 || !file[0])
                        return true;
                /* one that is no regular file or cannot be read: make stops */
                if (!(text = script_file_text(file, dir, buf, SCRIPT_FILE_MAX, &len, &unanswered))) {
                        if (unanswered)
                                return true;
                        continue;
                }
                if (memchr(text, '\0', len) || strstr(text, "MAKE") || strstr(text, "include"))
                        return true;
                for (char **e = environ; *e; e++) {
                        const char *eq = strchr(*e, '=');
                        char name[256];

                        if (!eq || eq == *e || (size_t) (eq - *e) >= sizeof(name))
                                continue;
                        memcpy(name, *e, (size_t) (eq - *e));
                        name[eq - *e] = '\0';
                        if (strstr(text, name) && word_moves(eq + 1, dir))
                                return true;
                }
                for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
                        if (*line == '\t')
                                for (char *q = line + 1; *q == '@' || *q == '-' || *q == '+' || *q == ' ' || *q == '\t'; q++)
                                        *q = ' ';
                if (text_moves(buf, true, dir))
                        return true;
        }
        return false;
}

/* Whether an argv word, read as a script's text, may move: a `cd`, `pushd` or `popd` at a
 * command's place, or what script_tool_moves() finds (text_moves()). */
static bool word_moves(const char *word, const char *cwd) {
        return text_moves(word, true, cwd);
}

/* The script of a shell's `-c` in w[0..n) (options before it, as `bash -e -o pipefail -c`), or
 * NULL. */
static const char *shell_script_at(char *const *w, size_t n) {
        struct shell_opts o;

        return shell_options(w, n, &o) && o.c && o.operand < n ? w[o.operand] : NULL;
}

/* The same of a NULL-terminated argv. */
static const char *shell_script(char *const *argv) {
        size_t n = 0;

        while (argv[n])
                n++;
        return shell_script_at(argv, n);
}

/* The unquoted directory word at *q of a script's leading cd, as the shell makes it, into dir
 * (size bytes), *q past it: a `\X` is X (`cd my\ dir`), and, where tilde is set, a leading `~`
 * alone or before a '/' the shell's $HOME, sbx's own where sbx runs that shell itself
 * (`cd ~ && sqlite3 t.db ...`: review52, both read no directory, and the file the chain's command
 * writes was not read). false for a word sbx does not read: another expansion or a glob, `~user`,
 * a `~` of a shell whose environment a wrapper or another shell may have changed (`env -u HOME`),
 * $HOME unset or empty, too long. */
static bool cd_word(const char **q, char *dir, size_t size, bool tilde) {
        static const char ends[] = " \t\n;&|<>()";
        const char *s = *q;
        size_t n = 0;

        if (s[0] == '~' && (s[1] == '/' || s[1] == '\0' || strchr(ends, s[1]))) {
                const char *home = getenv("HOME");

                if (!tilde || !home || !home[0] || (n = strlen(home)) >= size)
                        return false;
                memcpy(dir, home, n);
                s++;
        }
        for (; *s && !strchr(ends, *s); s++) {
                if (*s == '\\') {
                        if (!*++s || *s == '\n')
                                return false;
                } else if (strchr("$`'\"*?[~{", *s))
                        return false;
                if (n + 1 >= size)
                        return false;
                dir[n++] = *s;
        }
        dir[n] = '\0';
        *q = s;
        return true;
}

/* The variables a script's leading assignments set (vars_lead()), read in its leading cds' words
 * (var_word()). */
struct script_vars {
        size_t n;
        struct {
                char name[32];
                char value[PATH_MAX];
        } v[4];
};

/* Past the `;`, newline or `&&` at q that ends a script's leading command and the blanks after
 * it; NULL for any other text. */
static const char *past_lead_end(const char *q) {
        if ((*q == ';' && q[1] != ';') || *q == '\n')
                q++;
        else if (strncmp(q, "&&", 2) == 0)
                q += 2;
        else
                return NULL;
        return q + strspn(q, " \t\n");
}

/* Past a script's leading assignments alone at p (`D=/w/d;`, `A=1 B='x y'` and a newline, or
 * `&&` after them) and the blanks after them, each a value without expansions (a word of no
 * quotes, one single-quoted, one double-quoted without $, ` or \), recorded in vars: they move
 * nothing and name no file. NULL for any other text, a name not sbx's own to read: one in sbx's
 * environment (exported: the commands after see it, `MAKEFLAGS=...; make`), or one the shell
 * reads itself (HOME, CDPATH, PWD, ...: `HOME=D; cd` moves to D, not to sbx's $HOME). */
static const char *vars_lead(const char *p, struct script_vars *vars) {
        static const char *const shells_own[] = { "HOME", "CDPATH", "PWD", "OLDPWD", "IFS", "ENV", "BASH_ENV",
                                                  "SHELLOPTS", "BASHOPTS", "POSIXLY_CORRECT", "PATH" };
        static const char name_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789";
        const char *q = p;
        bool any = false;

        for (;;) {
                size_t k = strspn(q, name_chars), m, i;
                const char *v = q + k + 1, *end;

                if (k == 0 || q[k] != '=' || (q[0] >= '0' && q[0] <= '9'))
                        break;
                if (k >= sizeof(vars->v[0].name))
                        return NULL;
                if (*v == '\'' || *v == '"') {
                        const char *close = strchr(v + 1, *v);

                        if (!close || memchr(v + 1, '\n', (size_t) (close - v - 1)) ||
                            (*v == '"' && strcspn(v + 1, "$`\\") < (size_t) (close - v - 1)))
                                return NULL;
                        m = (size_t) (close - v - 1);
                        end = close + 1;
                        v++;
                } else {
                        m = strcspn(v, " \t\n;&|<>()");
                        if (strcspn(v, "$`'\"\\*?[~{") < m)
                                return NULL;
                        end = v + m;
                }
                if (*end && !strchr(" \t\n;&", *end))
                        return NULL;
                for (i = 0; i < SBX_ELEMENTSOF(shells_own); i++)
                        if (k == strlen(shells_own[i]) && strncmp(q, shells_own[i], k) == 0)
                                return NULL;
                if (m >= sizeof(vars->v[0].value))
                        return NULL;
                for (i = 0; i < vars->n; i++)
                        if (strlen(vars->v[i].name) == k && strncmp(vars->v[i].name, q, k) == 0)
                                break;
                if (i == SBX_ELEMENTSOF(vars->v))
                        return NULL;
                memcpy(vars->v[i].name, q, k);
                vars->v[i].name[k] = '\0';
                if (getenv(vars->v[i].name))
                        return NULL;
                memcpy(vars->v[i].value, v, m);
                vars->v[i].value[m] = '\0';
                if (i == vars->n)
                        vars->n++;
                any = true;
                q = end + strspn(end, " \t");
        }
        /* (not `D=x cmd`: cmd's environment, its words expanded before it) */
        return any ? past_lead_end(q) : NULL;
}

/* The directory word at *q of a leading cd that is one expansion of a variable of vars, `$D`,
 * `${D}`, `"$D"` or `"${D}"`, its value into dir (size bytes), *q past it: unquoted, a value the
 * shell does not split or glob (no blank, no *, ? or [). false otherwise: another word, a name
 * vars have not (sbx's environment's, or unset). */
static bool var_word(const char **q, char *dir, size_t size, const struct script_vars *vars) {
        const char *s = *q;
        bool quoted = *s == '"', brace;
        size_t k;

        s += quoted;
        if (*s++ != '$')
                return false;
        brace = *s == '{';
        s += brace;
        k = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789");
        if (k == 0 || (brace && s[k] != '}'))
                return false;
        for (size_t i = 0; i < vars->n; i++) {
                const char *e = s + k + brace;
                const char *value = vars->v[i].value;

                if (strlen(vars->v[i].name) != k || strncmp(vars->v[i].name, s, k) != 0)
                        continue;
                if (quoted && *e++ != '"')
                        return false;
                if ((*e && !strchr(" \t\n;&|<>()", *e)) || (!quoted && strpbrk(value, " \t\n*?[")) ||
                    strlen(value) >= size)
                        return false;
                memcpy(dir, value, strlen(value) + 1);
                *q = e;
                return true;
        }
        return false;
}

/* The directory word at *q of a script's leading cd (past its blanks), into dir (size bytes), *q
 * past it: a word without expansions, quoted whole or not at all (cd_word(), tilde its); not an
 * option (`cd -`, `cd -P`), but where `dash` (past cd's `--`) a name starting with '-' other than
 * `-` (OLDPWD's, as after `--` too). false where sbx does not read it. */
static bool cd_dir(const char **q, char *dir, size_t size, bool tilde, bool dash, const struct script_vars *vars) {
        const char *word = *q, *close;
        size_t n;

        if (vars && (word[0] == '$' || (word[0] == '"' && word[1] == '$')))
                return var_word(q, dir, size, vars) && dir[0] && (dir[0] != '-' || (dash && dir[1]));
        if (*word != '\'' && *word != '"')
                return cd_word(q, dir, size, tilde) && dir[0] && (dir[0] != '-' || (dash && dir[1]));
        if (!(close = strchr(word + 1, *word)))
                return false;
        n = (size_t) (close - word - 1);
        if ((*word == '"' && strcspn(word + 1, "$`\\") < n) || n == 0 || n >= size ||
            (word[1] == '-' && (!dash || n == 1)) || memchr(word + 1, '\n', n))
                return false;
        memcpy(dir, word + 1, n);
        dir[n] = '\0';
        *q = close + 1;
        return true;
}

/* Past a redirection of stdout alone to /dev/null after a cd's word at q (`pushd D >/dev/null`,
 * `1> /dev/null`, `>>/dev/null`), which silences pushd's stack and a CDPATH cd's name: it moves
 * nothing, and the cd's errors still go to stderr. q itself where there is none. */
static const char *past_null_stdout(const char *q) {
        const char *s = q + strspn(q, " \t");

        if (s > q && *s == '1')
                s++;
        if (*s++ != '>')
                return q;
        s += *s == '>';
        s += strspn(s, " \t");
        if (strncmp(s, "/dev/null", 9) != 0 || (s[9] && !strchr(" \t\n;&|)", s[9])))
                return q;
        return s + 9;
}

/* The `cd` or `pushd` at p that a script's leading one is read as (start_dir(), chain_cd_apply()):
 * its directory word into dir (size bytes, cd_dir(), tilde its), in *ret_opt the last of its -L
 * and -P, clustered or not, as bash and dash take them ('L', 'P', or 0 for none: the shell's own
 * -P then tells; shell59: before, `bash -P -c 'cd -L l/.. && x'` was read physical, where bash's
 * -L wins); cd's `--` ends its options, a DIR starting with '-' then a name (`cd -- -odd`).
 * pushd DIR moves as cd DIR does, where bash runs it (dash has none: `sh -c 'pushd D; x'` runs x
 * where it was; shell59: before, read as D for any shell, a refused `touch y` there recorded
 * D/y); its options, `+N` and `-N` are not read. A redirection of its stdout to /dev/null after
 * the word is no matter (past_null_stdout()). The text past them, or NULL for another command
 * or a cd not read (`cd -`, `cd -e`, `cd -@`). */
static const char *cd_command(const char *p, char *dir, size_t size, bool tilde, bool bash, char *ret_opt,
                              const struct script_vars *vars) {
        bool pushd = bash && strncmp(p, "pushd", 5) == 0 && (p[5] == ' ' || p[5] == '\t'), dash = false;
        const char *q;

        if (!pushd && (strncmp(p, "cd", 2) != 0 || (p[2] != ' ' && p[2] != '\t')))
                return NULL;
        *ret_opt = 0;
        for (q = p + (pushd ? 5 : 2);; ) {
                size_t k;

                q += strspn(q, " \t");
                if (pushd || q[0] != '-')
                        break;
                k = strcspn(q, " \t\n;&|<>()");
                if (k == 2 && q[1] == '-') {
                        q += 2 + strspn(q + 2, " \t");
                        dash = true;
                        break;
                }
                if (k < 2 || strspn(q + 1, "LP") != k - 1)
                        return NULL;
                *ret_opt = q[k - 1];
                q += k;
        }
        if (pushd && (*q == '-' || *q == '+'))
                return NULL;
        return cd_dir(&q, dir, size, tilde, dash, vars) ? past_null_stdout(q) : NULL;
}

/* Whether the command seg of an `&&` chain is a cd that start_dir() may read, alone (cd_command():
 * a pushd too, which start_dir() reads only where bash runs it; the readers after it take the
 * directory start_dir() read, or chain_cd_apply() its own). */
static bool chain_cd(const char *seg, const struct script_vars *vars) {
        char dir[PATH_MAX];
        char opt;
        const char *q = cd_command(seg + strspn(seg, " \t"), dir, sizeof(dir), true, true, &opt, vars);

        return q && q[strspn(q, " \t")] == '\0';
}

/* Past a leading cd's `|| exit` or `|| exit 1` at q (blanks before it) and the `;` or newline that
 * ends it: what follows runs only where the cd entered, as after its `&&`, and where it failed the
 * script ends, the cd's error on stderr, its status the cd's (bash's 1, dash's 2) or 1. NULL for
 * any other text (`|| exit 2`, `|| true`, `|| exit` last, whose rest is none). */
static const char *or_exit(const char *q) {
        size_t b;

        q += strspn(q, " \t");
        if (strncmp(q, "||", 2) != 0)
                return NULL;
        q += 2 + strspn(q + 2, " \t");
        if (strncmp(q, "exit", 4) != 0)
                return NULL;
        q += 4;
        b = strspn(q, " \t");
        if (b > 0 && q[b] == '1')
                q += b + 1;
        q += strspn(q, " \t");
        return (*q == ';' && q[1] != ';') || *q == '\n' ? q + 1 : NULL;
}

/* Past a script's leading `set` of errexit, nounset or pipefail alone (`set -e`, `set -eu`, `set
 * -euo pipefail`, `set -o errexit`) at p, the `;`, newline or `&&` after it and the blanks after
 * that: it moves nothing and names no file (where a shell has no such option it ends the script:
 * nothing after runs); after it a cd that fails ends the script too, where it is read as after a
 * `;` all the same, either way. NULL for any other text. */
static const char *set_lead(const char *p) {
        static const char *const names[] = { "errexit", "nounset", "pipefail" };
        const char *q = p + 3;
        bool any = false, name = false;

        if (strncmp(p, "set", 3) != 0 || (p[3] != ' ' && p[3] != '\t'))
                return NULL;
        for (;;) {
                size_t k;

                q += strspn(q, " \t");
                if (!(k = strcspn(q, " \t\n;&|<>()`$\\\"'")))
                        break;
                if (name) {
                        bool known = false;

                        for (size_t i = 0; i < SBX_ELEMENTSOF(names); i++)
                                known |= k == strlen(names[i]) && strncmp(q, names[i], k) == 0;
                        if (!known)
                                return NULL;
                        name = false;
                } else if (k > 1 && q[0] == '-' && strspn(q + 1, "eu") >= k - 2 &&
                           strspn(q + 1, "euo") == k - 1)
                        name = q[k - 1] == 'o'; /* (-o last of a cluster) */
                else
                        return NULL;
                any = true;
                q += k;
        }
        return any && !name ? past_lead_end(q) : NULL;
}

/* Whether the len bytes at p (past its blanks) are a command of an `&&` chain that may come before
 * its leading cds: `true`, `:`, `test ...`, `[ ... ]`, plain words alone (no expansion, no
 * redirection, no other operator, quotes closed). It moves nothing and names no file on its
 * stderr: it succeeds, or fails and nothing after it runs, so what follows starts where it did
 * (left53: `true && cd nd && curl -so f URL` read no start directory). */
static bool quiet_lead_at(const char *p, size_t len) {
        static const char *const names[] = { "true", ":", "test", "[" };
        bool sq = false, dq = false;
        size_t wl;

        while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
                len--;
        if (len == 0 || strcspn(p, ";|&()<>`$\\\n{}#") < len)
                return false;
        for (size_t i = 0; i < len; i++)
                if (p[i] == '\'' && !dq)
                        sq = !sq;
                else if (p[i] == '"' && !sq)
                        dq = !dq;
        if (sq || dq)
                return false;
        wl = strcspn(p, " \t");
        if (wl > len)
                wl = len;
        for (size_t i = 0; i < SBX_ELEMENTSOF(names); i++)
                if (wl == strlen(names[i]) && memcmp(p, names[i], wl) == 0)
                        return true;
        return false;
}

/* quiet_lead_at() of the command at p of a script, up to its `&&`: past that `&&` and the blanks
 * after it, or NULL. */
static const char *quiet_lead(const char *p) {
        const char *amp = strstr(p, "&&");

        if (!amp || !quiet_lead_at(p, (size_t) (amp - p)))
                return NULL;
        for (amp += 2; *amp == ' ' || *amp == '\t' || *amp == '\n'; amp++)
                ;
        return amp;
}

/* Whether the relative DIR of a cd is one that no shell searches CDPATH for: `.`, `..`, or one
 * starting with `./` or `../`. */
static bool dot_relative(const char *dir) {
        return strcmp(dir, ".") == 0 || strcmp(dir, "..") == 0 || strncmp(dir, "./", 2) == 0 ||
               strncmp(dir, "../", 3) == 0;
}

/* Whether the relative name dir has a `..` component. */
static bool dot_dot(const char *dir) {
        for (const char *c = dir; *c; c += strspn(c, "/")) {
                size_t k = strcspn(c, "/");

                if (k == 2 && c[0] == '.' && c[1] == '.')
                        return true;
                c += k;
        }
        return false;
}

/* Whether the text of an absolute path has no `.` or `..` component and no empty one (no "//"). */
static bool path_plain(const char *path) {
        for (const char *c = path; *c == '/'; ) {
                size_t k = strcspn(c + 1, "/");

                if ((k == 0 && c[1] == '/') || (k == 1 && c[1] == '.') || (k == 2 && c[1] == '.' && c[2] == '.'))
                        return false;
                c += 1 + k;
        }
        return true;
}

/* The shell's logical directory at its start into out (size bytes), the name a relative cd's
 * `..` is read from (`cd lnk && cd .. && x` moves back to where it started, not to lnk's target's
 * parent): $PWD as bash and dash take it, absolute and the same directory as cwd, else cwd, as
 * both then take getcwd(). Whether that is surely the shell's: a $PWD other than cwd's text is
 * read only where own (the shell is sbx's command itself, its environment sbx's: a wrapper's `env
 * -u PWD` may have unset it; one that sets it is not read, shell_moving_assignment()) and without
 * `.`, `..` or "//", which bash's and dash's own readings of it may not agree on. */
static bool start_logical(const char *cwd, bool own, char *out, size_t size) {
        const char *pwd = getenv("PWD");
        struct stat a, b;

        memcpy(out, cwd, strlen(cwd) + 1);
        if (!pwd || pwd[0] != '/' || sbx_run_host_stat(pwd, true, &a) < 0 || sbx_run_host_stat(cwd, true, &b) < 0 ||
            a.st_dev != b.st_dev ||
            a.st_ino != b.st_ino || strcmp(pwd, cwd) == 0)
                return true;
        if (!own || !path_plain(pwd) || strlen(pwd) >= size)
                return false;
        memcpy(out, pwd, strlen(pwd) + 1);
        return true;
}

/* A script's leading cd DIR entered: cur (PATH_MAX bytes) where the shell physically is,
 * `logical` (PATH_MAX bytes) its logical directory ($PWD), *sure whether that is surely the
 * shell's; both changed as the cd changes them: a physical one (`cd -P`, `bash -P`) DIR from cur,
 * resolved; a logical one DIR joined to `logical`, normalized in the text, then resolved, its `..`
 * read only where `logical` is sure (absolute, or past a physical cd). 1 entered, 0 the cd fails
 * (nothing after its `&&` runs), -1 not read: a logical DIR not entered whose physical one can be
 * (bash then moves there, dash does not), a `..` from a logical directory not known. */
static int enter_cd(char *cur, char *logical, bool *sure, const char *dir, bool physical) {
        char real[PATH_MAX];
        _cleanup_free_ char *joined = NULL, *norm = NULL;

        if (physical) {
                if (!enter_dir(cur, dir, false, real, sizeof(real)))
                        return 0;
                memcpy(cur, real, strlen(real) + 1);
                memcpy(logical, real, strlen(real) + 1);
                *sure = true;
                return 1;
        }
        if (dir[0] == '/')
                joined = strdup(dir);
        else if (asprintf(&joined, "%s/%s", logical, dir) < 0)
                joined = NULL;
        if (!joined || sbx_path_normalize(joined, &norm) < 0 || strlen(norm) >= PATH_MAX)
                return -1;
        if (dir[0] != '/' && !*sure && dot_dot(dir))
                return -1;
        if (!enter_dir(logical, dir, true, real, sizeof(real)))
                return enter_dir(cur, dir, false, real, sizeof(real)) ? -1 : 0;
        memcpy(cur, real, strlen(real) + 1);
        memcpy(logical, norm, strlen(norm) + 1);
        *sure = *sure || dir[0] == '/';
        return 1;
}

/* Whether a cd of the command's shell fails or succeeds in the sandbox as it does on the host,
 * for the directory `dir` (the host's real path where the cd enters it, else the text it was
 * given, `from` the shell's directory, `logical` its $PWD after it): not under /proc, whose
 * /proc/self is the shell's, nor under /dev where the sandbox's is not the host's
 * (dev_as_on_host()),
 * and, for root, each directory on the way searchable by its bits alone (root's command keeps
 * no capability in the sandbox under either backend: as root, `cd P; pwd` of another user's
 * 0700 P failed there, where the host lets root in), another owner's by both its group's and
 * others' bits (which of the two the sandbox reads is not told), an ACL not read (its named
 * entries are not told). A `;` after the cd runs the rest
 * either way: from where the cd went, or from where the shell was. */
/* Whether the sandbox's /dev, dev, has the directory `real` (the host's real path where a cd
 * enters it, else the absolute name it was given) and `logical` (the shell's $PWD after it: NULL
 * where not entered) as the host: a name beneath neither, yes; beneath either, where the backend
 * is told (sbx_run_start_dir()): under Landlock, the host's own /dev, /dev itself and /dev/shm and
 * beneath, both names (/dev/fd, /dev/stdin, ... lead to /proc/self: the shell's, not sbx's; a
 * host's /dev/shm that is a link elsewhere not read); under bubblewrap, whose /dev is a
 * tmpfs of its own with an empty /dev/shm it makes, /dev/shm itself entered, both names that
 * (a host's /dev/shm that is a link elsewhere is not the sandbox's). Measured: `cd /dev/shm;
 * mktemp -q` in read-only mode exits 1, its /tmp refused, under both backends. */
static bool dev_as_on_host(enum sbx_run_dev dev, const char *real, const char *logical) {
        bool in_dev = sbx_path_beneath(real, "/dev") || (logical && sbx_path_beneath(logical, "/dev"));

        if (!in_dev)
                return true;
        if (dev == SBX_RUN_DEV_HOST)
                return (strcmp(real, "/dev") == 0 || sbx_path_beneath(real, "/dev/shm")) &&
                       (!logical || strcmp(logical, "/dev") == 0 || sbx_path_beneath(logical, "/dev/shm"));
        return dev == SBX_RUN_DEV_PRIVATE && logical && strcmp(real, "/dev/shm") == 0 &&
               strcmp(logical, "/dev/shm") == 0;
}

static bool cd_as_on_host(enum sbx_run_dev dev, const char *from, const char *dir, const char *logical,
                          bool entered) {
        char p[PATH_MAX];
        const char *at = dir[0] == '/' ? dir : from;

        if (sbx_path_beneath(at, "/proc") || !dev_as_on_host(dev, at, entered ? logical : NULL))
                return false;
        if (!entered || sbx_euid() != 0)
                return true;
        if (strlen(dir) >= sizeof(p))
                return false;
        memcpy(p, dir, strlen(dir) + 1);
        for (;;) {
                struct stat st;
                char *slash;

                if (sbx_run_host_stat(p[0] ? p : "/", true, &st) < 0 || !S_ISDIR(st.st_mode))
                        return false;
                if (st.st_uid == 0 ? !(st.st_mode & S_IXUSR)
                                   : (st.st_mode & (S_IXGRP | S_IXOTH)) != (S_IXGRP | S_IXOTH))
                        return false;
                if (!p[0])
                        return true;
                slash = strrchr(p, '/');
                *slash = '\0';
        }
}

/* The directory a relative cd DIR enters where CDPATH (cdpath) is set, into out (size bytes), as
 * bash and dash search it: each entry in turn (an empty one the shell's directory, a relative one
 * from its directory `logical`, the physical one for a physical cd), the first that holds DIR as a directory (bash then
 * prints it; measured: `CDPATH=/x sh -c 'cd sub && pwd'` prints /x/sub where both exist). false
 * where they part: none holds it (bash then tries DIR itself, dash without an empty entry does
 * not), or the first one that does is not one the user may enter (bash goes on to the next,
 * dash stops), a name too long. */
static bool cdpath_dir(const char *cdpath, const char *logical, const char *dir, char *out, size_t size) {
        for (const char *e = cdpath;; e += strcspn(e, ":") + 1) {
                size_t k = strcspn(e, ":");
                _cleanup_free_ char *joined = NULL;
                struct stat st;
                int len = k == 0 ? snprintf(out, size, "%s", dir) : snprintf(out, size, "%.*s/%s", (int) k, e, dir);

                if (len < 0 || (size_t) len >= size)
                        return false;
                if (asprintf(&joined, "%s/%s", out[0] == '/' ? "" : logical, out) < 0)
                        return false;
                if (sbx_run_host_stat(joined, true, &st) == 0 && S_ISDIR(st.st_mode))
                        return sbx_run_host_access(joined, X_OK) == 0;
                if (!e[k])
                        return false;
        }
}

/* A leading cd DIR entered as enter_cd() does, a relative DIR first searched in CDPATH, but `./x`,
 * `../x`, `.` and `..` (bash and dash alike): read as they read it, sbx's CDPATH where own (the
 * shell is sbx's command itself, its environment sbx's; cdpath_dir()), else not read; dir (PATH_MAX
 * bytes) then the entry's. The one reading of start_dir()'s cds and chain_cd_apply()'s. */
static int cd_enter(char *cur, char *logical, bool *sure, char *dir, bool physical, bool own) {
        if (dir[0] != '/' && !dot_relative(dir) && getenv("CDPATH") && getenv("CDPATH")[0]) {
                char found[PATH_MAX];

                if (!own || !cdpath_dir(getenv("CDPATH"), physical ? cur : logical, dir, found, sizeof(found)))
                        return -1;
                memcpy(dir, found, strlen(found) + 1);
        }
        return enter_cd(cur, logical, sure, dir, physical);
}

/* The commands inside the script at p (past its leading blanks) where it is one subshell or group
 * alone, `(cd DIR && x)`, `{ cd DIR && x; }`, none nested in it: in *ret (allocated, the caller
 * frees), else *ret NULL. 0, or -ENOMEM. */
static int whole_group(const char *p, char **ret) {
        const char *close;

        *ret = NULL;
        if (*p != '(' && *p != '{')
                return 0;
        close = strrchr(p, *p == '(' ? ')' : '}');
        if (!close || close[strspn(close + 1, " \t\n") + 1] != '\0' ||
            strcspn(p + 1, "(){}") != (size_t) (close - p - 1))
                return 0;
        return (*ret = strndup(p + 1, (size_t) (close - p - 1))) ? 0 : -ENOMEM;
}

static int start_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        const char *script, *p;
        char cur[PATH_MAX], logical[PATH_MAX], dir[PATH_MAX];
        _cleanup_free_ char *group = NULL, *buf = NULL;
        char *w[64], *in[8];
        size_t n_in = 0, argc = 0;
        struct shell_opts so;
        struct script_vars vars = { 0 };
        const char *vars_at = NULL;
        bool shell_physical, sure, bash;
        char opt;
        int r;

        if (!argv || !argv[0] || !cwd || cwd[0] != '/' || strlen(cwd) >= sizeof(cur))
                return 0;
        memcpy(cur, cwd, strlen(cwd) + 1);
        while (argv[argc])
                argc++;
        if (shell_argv_startup_moves(argv, argc))
                return -1;
        if (!(script = shell_script(argv))) {
                r = command_dir(argv, argc, cwd, out, size);
                return r > 0 && strcmp(out, cwd) == 0 ? 0 : r; /* `make -C .` */
        }
        /* bash's -P or `-o physical`, or a SHELLOPTS of sbx's that bash imports, make its cd's
         * physical; where the shell is sbx's command itself, its $PWD is sbx's (start_logical()) */
        shell_physical = shell_options(argv, argc, &so) && so.physical;
        if (so.unread)
                return -1;
        bash = strcmp(base_of(argv[0]), "bash") == 0;
        /* (dash reads no SHELLOPTS: shell59, before, `sh -c` read it as bash does) */
        if (bash && script_reads.depth == 1 && getenv("SHELLOPTS") && strstr(getenv("SHELLOPTS"), "physical"))
                shell_physical = true;
        sure = start_logical(cwd, script_reads.depth == 1, logical, sizeof(logical));
        /* the words after the script, its $0, $1, ...: the script may run them (`eval "$1"`,
         * `"$@"`; measured: `bash -c 'eval "$1"' _ 'cd sub && touch ./x'` made sub/x), read as
         * one text */
        for (size_t i = 0; i < argc; i++)
                if (argv[i] == script && i + 1 < argc) {
                        size_t total = 0, at = 0;
                        _cleanup_free_ char *rest = NULL;

                        for (size_t j = i + 1; j < argc; j++)
                                total += strlen(argv[j]) + 1;
                        if (!(rest = malloc(total)))
                                return -1;
                        for (size_t j = i + 1; j < argc; j++) {
                                memcpy(rest + at, argv[j], strlen(argv[j]));
                                at += strlen(argv[j]);
                                rest[at++] = ' ';
                        }
                        rest[at - 1] = '\0';
                        if (text_moves(rest, true, NULL))
                                return -1;
                        break;
                }
        for (p = script; *p == ' ' || *p == '\t'; p++)
                ;
        /* a script that is one subshell or group, "(cd DIR && x)": its commands, which move nothing
         * after it */
        if (whole_group(p, &group) < 0)
                return 0;
        if (group)
                for (p = group; *p == ' ' || *p == '\t'; p++)
                        ;
        /* each leading `cd DIR &&`: what follows runs only where the cd succeeded; quiet commands
         * before them, which move nothing and name no file (quiet_lead()) */
        for (;;) {
                const char *q = quiet_lead(p);

                /* (... and a `set -e`: shell59, before, `set -e; cd D; mktemp -q x` of a refused
                 * D read task_failure under both backends) */
                if (q || (q = set_lead(p))) {
                        p = q;
                        continue;
                }
                /* leading assignments, read in a cd's word after them where this shell is sbx's
                 * command itself, its environment sbx's (shell60: before, none read, `D=/w/d; cd
                 * "$D" && touch x` of a refused d denied of no file, `... && mktemp -q x.XXX`
                 * task_failure under both backends) */
                if (script_reads.depth == 1 && (q = vars_lead(p, &vars))) {
                        vars_at = vars_at ? vars_at : p;
                        p = q;
                        continue;
                }
                /* `~` where this shell is sbx's command itself, its environment sbx's; what
                 * follows assignments that no cd reads is read from them on, as before */
                if (!(q = cd_command(p, dir, sizeof(dir), script_reads.depth == 1, bash, &opt, &vars))) {
                        p = vars_at ? vars_at : p;
                        break;
                }
                vars_at = NULL;
                bool line_ends = false;

                for (; *q == ' ' || *q == '\t' || *q == '\n'; q++)
                        line_ends |= *q == '\n';
                /* the last command: the script moves after its lines (cd's own names are where it
                 * was) */
                if (!*q)
                        goto moved;
                /* `cd DIR;` (or a newline): what follows runs whether the cd succeeded or not, from
                 * DIR or from where the shell was (links56: `cd J; java U` claimed no directory) */
                bool then = (*q == ';' && q[1] != ';') || (line_ends && strncmp(q, "&&", 2) != 0);
                /* `cd DIR || exit;` (or `|| exit 1`, a newline after it): as after `&&` (or_exit();
                 * shell59: before, `cd D || exit; mktemp -q x` of a refused D read task_failure) */
                const char *past_exit = line_ends ? NULL : or_exit(q);

                if (!then && !past_exit && strncmp(q, "&&", 2) != 0)
                        break;
                /* a directory it cannot enter: the cd fails, and nothing after its `&&` runs;
                 * after its `;` the rest runs where the shell was */
                if ((r = cd_enter(cur, logical, &sure, dir, opt == 'P' || (!opt && shell_physical),
                                  script_reads.depth == 1)) < 0)
                        return -1;
                /* (a `..` bash reads physically, dash from the text: `cd sub/missing/..` fails in
                 * bash, enters sub in dash, either way the rest after a `;` runs) */
                if (then && (dot_dot(dir) || !cd_as_on_host(script_reads.dev, cur, r == 1 ? cur : dir, logical, r == 1)))
                        return -1;
                if (r == 0 && !then)
                        goto moved;
                for (p = past_exit ? past_exit : q + (*q == ';' ? 1 : then ? 0 : 2); *p == ' ' || *p == '\t' || *p == '\n';
                     p++)
                        ;
        }
        if (!(buf = malloc(strlen(p) + 1)))
                return 0;
        r = simple_words(p, buf, w, SBX_ELEMENTSOF(w), in, SBX_ELEMENTSOF(in), &n_in);
        if (r > 0) {
                /* a VAR=value before the command is no word of it */
                size_t k = 0;

                while (k < (size_t) r && shell_assignment(w[k])) {
                        if (assignment_moves(w[k], cur))
                                return -1;
                        k++;
                }
                /* one command that moves, read whole (a shell's script in it, run by a wrapper, read
                 * as one: `timeout 60 bash -c 'cd sub && x'`) */
                if (k < (size_t) r && (r = command_dir_at(w + k, (size_t) r - k, cur, out, size, true)) != 0) {
                        /* its input redirections are opened by the shell where it is, before the
                         * command moves (`cpio -i -D DIR < a.cpio`): read as it was, as the tool's own
                         * archive is (opened_before_move()), or the directory is not claimed (a
                         * refusal of one would name it relative to where the shell was) */
                        for (size_t j = 0; r > 0 && j < n_in; j++)
                                if (!opened_before_move(cur, strcmp(in[j], "-") == 0 ? "./-" : in[j], false))
                                        r = -1; /* `< -` is a file's name, not stdin */
                        return r > 0 && strcmp(out, cwd) == 0 ? 0 : r;
                }
        }
        /* a move later in the script, in a subshell, or in the script of a shell it runs that is
         * not read (`xargs sh -c 'cd "$0" && x'`): which lines came before it cannot be told */
        if (text_moves(p, r < 0, cur))
                return -1;
moved:
        if (strcmp(cur, cwd) == 0)
                return 0;
        if (strlen(cur) >= size)
                return -1; /* it moved, to a directory that does not fit out */
        memcpy(out, cur, strlen(cur) + 1);
        return 1;
}

int sbx_run_start_dir(char *const *argv, const char *cwd, enum sbx_run_dev dev, char *out, size_t size) {
        unsigned untold = sbx_run_host_untold();
        int r;

        /* a command's script files are read in one budget, its shells' nested calls included;
         * the sandbox's /dev is the outermost call's */
        if (script_reads.depth++ == 0) {
                script_reads.reads = 0;
                script_reads.dev = dev;
        }
        r = start_dir(argv, cwd, out, size);
        /* a question of the host not told (a file system that does not answer): where it moved
         * is not known */
        if (sbx_run_host_untold() != untold)
                r = -1;
        if (--script_reads.depth == 0) {
                for (size_t k = 0; k < script_seen_n; k++)
                        free(script_seen[k].path);
                script_seen_n = 0;
                script_reads.dev = SBX_RUN_DEV_UNKNOWN;
        }
        return r;
}

/* The name `name` as read from the directory `dir` (absolute), into out: name itself when it is
 * absolute, else the two joined, with one '/' between (cwd "/" gave "//etc"). -1 when it does not
 * fit. */
static int join_name(char *out, size_t size, const char *dir, const char *name) {
        size_t k = strlen(dir);
        int len = name[0] == '/' ? snprintf(out, size, "%s", name)
                                 : snprintf(out, size, "%s%s%s", dir, k && dir[k - 1] == '/' ? "" : "/", name);

        return len > 0 && (size_t) len < size ? 0 : -1;
}

/* The index of the command that the wrappers and env's at w[0] run (`nice env X=1 bash -c ...`),
 * or -1: none, an env that splits (-S) or runs nothing (env_args()), or one that moves (-C) where
 * start is NULL. start (size bytes) holds where w[0] starts and is given where the command does:
 * each env's DIR joined to it, not resolved (the kernel resolves the joined name as it resolved
 * chdir(DIR) and then the name; sbx stats nothing: a file system that hangs would hold the run). */
static ptrdiff_t past_wrappers_and_env(char *const *w, size_t n, char *start, size_t size) {
        size_t i = 0;

        while (i < n) {
                bool own_names = false;
                ptrdiff_t k = past_wrappers(w + i, n - i, false, &own_names);
                size_t assign;

                if (k < 0 || i + (size_t) k >= n)
                        return -1;
                i += (size_t) k;
                if (strcmp(base_of(w[i]), "env") != 0)
                        return (ptrdiff_t) i;
                const char *dir = NULL;

                if ((k = env_args(w + i, n - i, start ? &dir : NULL, &assign)) < 0)
                        return -1;
                if (dir) {
                        char joined[PATH_MAX];

                        if (!dir[0] || join_name(joined, sizeof(joined), start, dir) < 0 || strlen(joined) >= size)
                                return -1;
                        memcpy(start, joined, strlen(joined) + 1);
                }
                i += (size_t) k;
        }
        return -1;
}

/* The argv's command past its wrappers (env, nice, timeout, ...): its index, argv's length in
 * *ret_n, and in start (PATH_MAX bytes) the directory it starts in, cwd or where an env's -C
 * moved it; -1 when there is none, or no absolute cwd to read its names in. */
static ptrdiff_t argv_command(char *const *argv, const char *cwd, size_t *ret_n, char *start) {
        size_t n = 0;

        if (!argv || !cwd || cwd[0] != '/' || strlen(cwd) >= PATH_MAX)
                return -1;
        while (argv[n])
                n++;
        *ret_n = n;
        memcpy(start, cwd, strlen(cwd) + 1);
        return past_wrappers_and_env(argv, n, start, PATH_MAX);
}

/* The index of the command argv runs past its wrappers and env's arguments (an env that moves
 * not read), argv's length in *ret_n; -1 when there is none. */
static ptrdiff_t argv_past_wrappers(char *const *argv, size_t *ret_n) {
        size_t n = 0;

        if (!argv)
                return -1;
        while (argv[n])
                n++;
        *ret_n = n;
        return past_wrappers_and_env(argv, n, NULL, 0);
}

bool sbx_run_script_text_moves(const char *text, enum sbx_inline_lang lang) {
        if (strstr(text, "chdir"))
                return true;
        if (lang != SBX_INLINE_PYTHON)
                return false;
        /* a child's cwd: the keyword as Python spells it, blanks (a line's end within the call's
         * parentheses too) before its '=' (`cwd = d`), or a dict's key ("cwd": d, for **kwargs) */
        for (const char *p = text; (p = strstr(p, "cwd")); p += 3) {
                const char *q = p + 3;

                if (*q == '\'' || *q == '"')
                        q++;
                q += strspn(q, " \t\r\n\\");
                if (*q == '=' || (*q == ':' && q > p + 3 && (p[3] == '\'' || p[3] == '"')))
                        return true;
        }
        return false;
}

int sbx_run_env_start_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        char start[PATH_MAX];
        size_t n;

        if (argv_command(argv, cwd, &n, start) < 0 || strlen(start) >= size)
                return -1;
        memcpy(out, start, strlen(start) + 1);
        return strcmp(start, cwd) != 0;
}

/* The script of the shell that w[0..n), a command past its wrappers, is: shell_script_at(), and
 * BusyBox's shell applet called through the busybox binary (`busybox sh -c 'cat < F'`), its
 * script as of `sh -c` (left51: not read, so as nobody under Landlock its "can't open F:
 * Permission denied" of a file the host lets the user write but not read was read as a refused
 * write, denied; review52: its one command, `busybox sh -c 'sqlite3 D/t.db ...'`, was not read
 * either, sbx_run_command_words()). */
static const char *command_shell_script(char *const *w, size_t n) {
        if (n > 1 && strcmp(base_of(w[0]), "busybox") == 0 && w[1][0] != '-')
                return shell_script_at(w + 1, n - 1);
        return shell_script_at(w, n);
}

const char *sbx_run_shell_script(char *const *argv) {
        size_t n = 0;
        ptrdiff_t k = argv_past_wrappers(argv, &n);

        return k < 0 ? NULL : command_shell_script(argv + k, n - (size_t) k);
}

char *sbx_run_shell_script_inner(char *const *argv) {
        const char *script = sbx_run_shell_script(argv);
        char *cur = script ? strdup(script) : NULL;

        for (int depth = 0; cur && depth < 4; depth++) {
                _cleanup_free_ char *buf = malloc(strlen(cur) + 1);
                _cleanup_free_ char **w = calloc(65, sizeof(char *));
                char *in[8], *inner;
                size_t n_in = 0, k = 0;
                int r;

                if (!buf || !w)
                        break;
                r = simple_words(cur, buf, w, 64, in, SBX_ELEMENTSOF(in), &n_in);
                while (r > 0 && k < (size_t) r && shell_assignment(w[k]))
                        k++;
                /* one simple command that runs a shell's -c script: the script that runs is that
                 * one (the words end with a NULL: calloc's) */
                if (r <= 0 || k == (size_t) r || !(script = sbx_run_shell_script(w + k)) || !(inner = strdup(script)))
                        break;
                free(cur);
                cur = inner;
        }
        return cur;
}

void sbx_run_words_clear(struct sbx_run_words *cw) {
        free(cw->buf);
        free(cw->w);
        free(cw->outer);
        cw->buf = NULL;
        cw->w = NULL;
        cw->outer = NULL;
        cw->n_in = cw->n_outer = 0;
}

/* Into next, the assignments cw's shell runs its script with: cw's own outer ones and those of its
 * words before cmd, where cmd is the shell itself (at 0: no wrapper or env between them, which
 * may clear them); none else. 0, or -ENOMEM. */
static int words_outer(const struct sbx_run_words *cw, char *const *cmd, ptrdiff_t at, struct sbx_run_words *next) {
        size_t k = cw->w ? (size_t) (cmd - cw->w) : 0, len = 0, old = 0;
        char *o;

        if (at != 0 || (cw->n_outer == 0 && k == 0))
                return 0;
        for (size_t i = 0; i < cw->n_outer; i++)
                old += strlen(cw->outer + old) + 1;
        len = old;
        for (size_t i = 0; i < k; i++)
                len += strlen(cw->w[i]) + 1;
        if (!(next->outer = malloc(len)))
                return -ENOMEM;
        if (old > 0)
                memcpy(next->outer, cw->outer, old);
        o = next->outer + old;
        for (size_t i = 0; i < k; i++)
                o = stpcpy(o, cw->w[i]) + 1;
        next->n_outer = cw->n_outer + k;
        return 0;
}

/* Whether the text at p is, past its blanks, none, or `&&` commands that neither move nor fail
 * without a line: `echo`, `true` or `:`, their words plain or parameter expansions (`echo "$f"`),
 * no command substitution, redirection, other operator or escape: an echo that cannot write
 * says so on stderr (bash's "write error", dash's "I/O error"), so a silent failure of the
 * script is the one of the command before them. */
static bool quiet_tail(const char *p) {
        static const char *const names[] = { "echo", "true", ":" };

        p += strspn(p, " \t");
        if (!p[strspn(p, " \t\n")])
                return true;
        if (strncmp(p, "&&", 2) != 0 || strcspn(p, ";|<>()`\\\n") != strlen(p))
                return false;
        for (p += 2;; p += 2) {
                size_t k;
                bool known = false;

                p += strspn(p, " \t");
                k = strcspn(p, " \t&");
                for (size_t i = 0; i < SBX_ELEMENTSOF(names); i++)
                        known |= k == strlen(names[i]) && strncmp(p, names[i], k) == 0;
                if (!known)
                        return false;
                p += strcspn(p, "&");
                if (!*p)
                        return true;
                if (p[1] != '&')
                        return false; /* a lone `&` */
        }
}

/* The command of a script that is one assignment of its output, `NAME=$(CMD)` or `NAME="$(CMD)"`,
 * alone or before `|| exit` (the script's status CMD's either way) or `|| exit 1` (*ret_one: 1 for
 * any failure of CMD), quiet commands after them (`&& echo "$f"`: quiet_tail(); shell59: before,
 * none, `f=$(cd D && mktemp -q x) && echo $f` of a refused D read task_failure): CMD's text,
 * NUL-terminated in buf (the script's length + 1); NULL for any other script. CMD runs where the
 * shell is, with its environment, its stdout captured; it holds no ')' (simple_words() reads
 * none); a cd in it moves nothing after it. */
static const char *subst_command(const char *s, char *buf, bool *ret_one) {
        const char *p, *close;
        bool quoted;
        size_t b;

        *ret_one = false;
        s += strspn(s, " \t");
        if (!shell_assignment(s))
                return NULL;
        p = strchr(s, '=') + 1;
        quoted = *p == '"';
        p += quoted;
        if (strncmp(p, "$(", 2) != 0 || !(close = strchr(p + 2, ')')))
                return NULL;
        memcpy(buf, p + 2, (size_t) (close - p - 2));
        buf[close - p - 2] = '\0';
        p = close + 1;
        if (quoted && *p++ != '"')
                return NULL;
        p += strspn(p, " \t");
        if (strncmp(p, "||", 2) == 0) {
                p += 2;
                p += strspn(p, " \t");
                if (strncmp(p, "exit", 4) != 0)
                        return NULL;
                p += 4;
                b = strspn(p, " \t");
                if (b > 0 && p[b] == '1') {
                        *ret_one = true;
                        p += b + 1;
                }
        }
        return quiet_tail(p) ? buf : NULL;
}

char *const *sbx_run_command_words(char *const *argv, const char *cwd, char *start, struct sbx_run_words *cw) {
        char *const *cur = argv;

        if (!argv || !cwd || cwd[0] != '/' || strlen(cwd) >= PATH_MAX)
                return NULL;
        memcpy(start, cwd, strlen(cwd) + 1);
        for (int depth = 0;; depth++) {
                struct sbx_run_words next = { 0 };
                char here[PATH_MAX], *in[8];
                const char *script;
                size_t n = 0, n_in, k = 0;
                ptrdiff_t at;
                int r;

                while (cur[n])
                        n++;
                /* the shell starts where its wrappers' env -C moved it (`env -C DIR sh -c ...`) */
                memcpy(here, start, strlen(start) + 1);
                at = past_wrappers_and_env(cur, n, here, sizeof(here));
                script = at < 0 ? NULL : command_shell_script(cur + at, n - (size_t) at);
                if (!script)
                        return cur; /* the readers apply its own wrappers and env's -C */
                if (depth == 4 || !(next.buf = malloc(strlen(script) + 1)) || !(next.w = calloc(65, sizeof(char *)))) {
                        sbx_run_words_clear(&next);
                        return NULL;
                }
                /* `f=$(CMD) || exit 1`: CMD's words, its status the script's, or 1 for any
                 * failure of it (status_one; mktemp57: before, none read, `f=$(mktemp -q -p D) ||
                 * exit 1` of a refused D task_failure) */
                _cleanup_free_ char *sub = malloc(strlen(script) + 1);
                bool one = false;
                const char *cmd;

                /* past a leading `set -e` (set_lead(): errexit, nounset, pipefail), which changes
                 * nothing of one command's status or lines (shell60: before, none read, `set -e;
                 * mktemp -q -p D` of a refused D task_failure under both backends) */
                if (set_lead(script))
                        script = set_lead(script);
                cmd = sub ? subst_command(script, sub, &one) : NULL;
                r = simple_words(cmd ? cmd : script, next.buf, next.w, 64, in, SBX_ELEMENTSOF(in), &n_in);
                while (r > 0 && k < (size_t) r && shell_assignment(next.w[k]))
                        k++;
                next.status_one = cw->status_one || one;
                /* (mktemp57: `TMPDIR=X sh -c 'mktemp -q'` read none, the outer TMPDIR dropped) */
                if (words_outer(cw, cur, at, &next) < 0) {
                        sbx_run_words_clear(&next);
                        return NULL;
                }
                next.in_outer = cw->in_outer || cw->n_in > 0;
                for (size_t j = 0; r > 0 && j < n_in; j++)
                        next.in[next.n_in++] = in[j];
                sbx_run_words_clear(cw); /* script pointed into it: read by now */
                *cw = next;
                if (r <= 0 || k == (size_t) r)
                        return NULL;
                memcpy(start, here, strlen(here) + 1);
                cur = next.w + k;
        }
}

char **sbx_run_words_assigned(const struct sbx_run_words *cw, char *const *words) {
        static char env_name[] = "env";
        size_t k = 0, n = 0;
        char **out;

        const char *o = cw->outer;

        if (!cw->w || !words)
                return NULL;
        /* (words are cw's own past its assignments, or the argv's, which has none read) */
        while (k < 64 && cw->w[k] && cw->w + k != words)
                k++;
        if ((k == 0 && cw->n_outer == 0) || cw->w + k != words)
                return NULL;
        while (words[n])
                n++;
        if (!(out = calloc(cw->n_outer + k + n + 2, sizeof(char *))))
                return NULL;
        out[0] = env_name;
        /* (the outer ones first: an inner shell's own assignment of the same name wins, as env's
         * later one) */
        for (size_t i = 0; i < cw->n_outer; i++, o += strlen(o) + 1)
                out[1 + i] = (char *) o;
        memcpy(out + 1 + cw->n_outer, cw->w, k * sizeof(char *));
        memcpy(out + 1 + cw->n_outer + k, words, n * sizeof(char *));
        return out;
}

int sbx_run_move_dest(char *const *argv, const char *cwd, char *out, size_t size, bool *ret_into) {
        const char *target = NULL, *last = NULL;
        size_t n = 0, operands = 0;
        bool no_dir = false, options = true;
        char start[PATH_MAX];
        ptrdiff_t k;

        *ret_into = false;
        if ((k = argv_command(argv, cwd, &n, start)) < 0)
                return 0;
        argv += k;
        n -= (size_t) k;
        if (strcmp(base_of(argv[0]), "busybox") == 0) {
                argv++;
                n--;
        }
        if (n == 0 || strcmp(base_of(argv[0]), "mv") != 0)
                return 0;
        /* BusyBox's getopt32 permutes: options after the operands too, up to "--" */
        for (size_t i = 1; i < n; i++) {
                const char *a = argv[i];

                if (options && strcmp(a, "--") == 0) {
                        options = false;
                        continue;
                }
                if (!options || a[0] != '-' || !a[1]) {
                        operands++;
                        last = a;
                        continue;
                }
                if (a[1] == '-') {
                        if (strncmp(a, "--target-directory=", 19) == 0)
                                target = a + 19;
                        else if (strcmp(a, "--target-directory") == 0) {
                                if (++i >= n)
                                        return 0;
                                target = argv[i];
                        } else if (strcmp(a, "--no-target-directory") == 0)
                                no_dir = true;
                        else if (strcmp(a, "--force") != 0 && strcmp(a, "--interactive") != 0 &&
                                 strcmp(a, "--no-clobber") != 0 && strcmp(a, "--verbose") != 0)
                                return 0; /* not read: an abbreviation, GNU mv's own */
                        continue;
                }
                for (const char *p = a + 1; *p; p++) {
                        if (*p == 't') {
                                target = p[1] ? p + 1 : i + 1 < n ? argv[++i] : NULL;
                                if (!target)
                                        return 0;
                                break;
                        }
                        if (*p == 'T')
                                no_dir = true;
                        else if (!strchr("finv", *p))
                                return 0;
                }
        }
        if (target ? operands < 1 || no_dir || !target[0] : operands < 2)
                return 0;
        if (!target) {
                target = last;
                /* an empty name is no destination (mv refuses it: ENOENT), and has no last byte */
                if (!target[0])
                        return 0;
                /* several sources, or a name ending in '/': into a directory; two operands else
                 * name DEST itself, a directory or not (sbx does not stat it: a file system that
                 * hangs would hold the run; the host is asked of it alike) */
                *ret_into = !no_dir && (operands > 2 || target[strlen(target) - 1] == '/');
        } else
                *ret_into = true;
        if (join_name(out, size, start, target) < 0) {
                *ret_into = false;
                return 0;
        }
        return 1;
}

/* Whether the sqlite3 SQL argument s is a dot-command writing a file other than the database,
 * `.backup ?DB? FILE` or `.save ?DB? FILE` (their `--append`, `--async` options), or sending its
 * output to one, `.output FILE` or `.once FILE` (*output; their `--bom`, `-x`, `-e`): its FILE,
 * the last of its plain words, into *file (a pointer into s, *len bytes); false for any other
 * text, a pipe (`|CMD`), or a word quoted or with an expansion sbx does not read. */
static bool sqlite_backup_file(const char *s, const char **file, size_t *len, bool *output) {
        size_t words = 0, most = 2;

        s += strspn(s, " \t");
        *output = false;
        if (strncmp(s, ".backup", 7) == 0 && (s[7] == ' ' || s[7] == '\t'))
                s += 7;
        else if (strncmp(s, ".save", 5) == 0 && (s[5] == ' ' || s[5] == '\t'))
                s += 5;
        else if (strncmp(s, ".output", 7) == 0 && (s[7] == ' ' || s[7] == '\t'))
                s += 7, most = 1, *output = true;
        else if (strncmp(s, ".once", 5) == 0 && (s[5] == ' ' || s[5] == '\t'))
                s += 5, most = 1, *output = true;
        else
                return false;
        for (;;) {
                size_t k;

                s += strspn(s, " \t");
                if (!*s)
                        break;
                k = strcspn(s, " \t");
                if (strcspn(s, "'\"\n;\\|") < k)
                        return false;
                if (s[0] != '-') {
                        *file = s;
                        *len = k;
                        words++;
                }
                s += k;
        }
        return words >= 1 && words <= most;
}

/* The word at s (letters, digits, '_') equal to kw, any case: its end, or NULL. */
static const char *sql_keyword(const char *s, const char *kw) {
        size_t k = strlen(kw);

        if (strncasecmp(s, kw, k) != 0 || isalnum((unsigned char) s[k]) || s[k] == '_')
                return NULL;
        return s + k + strspn(s + k, " \t\n\r");
}

/* Whether the object name at s is name[0..n) qualified (`name.t`, any case, unquoted). */
static bool sql_in_schema(const char *s, const char *name, size_t n) {
        return n > 0 && strncasecmp(s, name, n) == 0 && s[n] == '.' && (isalnum((unsigned char) s[n + 1]) || s[n + 1] == '_');
}

/* The file of the one ATTACH in the sqlite3 SQL argument s whose writes all name its schema
 * (`attach 'F' as x; insert into x.t ...`): SQLite opens F for writing, and where that is refused
 * for reading, so the write's "attempt to write a readonly database" is F's alone, not the
 * database's, which nothing written names (left55: read as the database's, in workspace-write
 * F outside the workspace read task_failure). F single-quoted whole, no quote in it; into *file
 * (a pointer into s, *len bytes). 1; 2 where a write may be the database's too: one naming no
 * schema but a CREATE's (INSERT, UPDATE, DELETE, DROP, ALTER, PRAGMA: SQLite finds the name in
 * main, then in x) or main's beside one of x's or one naming none (left56: `attach 'F' as x;
 * insert into t ...` of a t F alone holds read as the database's, in workspace-write F outside
 * task_failure); 0 where s attaches none, -1 where it cannot be told or writes the database's
 * alone (CREATE naming no schema, main's): another statement but SELECT, a transaction's, and
 * INSERT, REPLACE, UPDATE, DELETE, CREATE (not TEMP), DROP, ALTER or PRAGMA; a name of another
 * schema; an ATTACH of another form or a second one; a comment, a double quote or a backquote
 * anywhere; no write. */
static int sqlite_attach_file(const char *s, const char **file, size_t *len) {
        static const char *const neutral[] = { "select", "begin", "commit", "end", "rollback", "savepoint", "release", NULL };
        static const char *const kinds[] = { "table", "index", "unique index", "view", "trigger", "virtual table", NULL };
        const char *name = NULL, *p = s;
        size_t nl = 0;
        bool writes = false, main_too = false;

        *file = NULL;
        if (!strcasestr(s, "attach"))
                return 0;
        if (strstr(s, "--") || strstr(s, "/*") || strchr(s, '"') || strchr(s, '`') || strchr(s, '['))
                return -1;
        while (*p) {
                const char *st = p + strspn(p, " \t\n\r"), *end, *q, *obj = NULL;
                size_t k;

                /* the statement: to its ';' outside a quote */
                for (end = st; *end && *end != ';'; end++)
                        if (*end == '\'' && !(end = strchr(end + 1, '\'')))
                                return -1;
                p = *end ? end + 1 : end;
                if (st == end)
                        continue;
                if ((q = sql_keyword(st, "attach"))) {
                        const char *f, *e, *as;

                        if (*file)
                                return -1;
                        if (sql_keyword(q, "database"))
                                q = sql_keyword(q, "database");
                        if (*q != '\'' || !(e = strchr(q + 1, '\'')) || e[1] == '\'' || e == q + 1)
                                return -1;
                        f = q + 1;
                        as = e + 1 + strspn(e + 1, " \t\n\r");
                        if (!(as = sql_keyword(as, "as")))
                                return -1;
                        k = 0;
                        while (isalnum((unsigned char) as[k]) || as[k] == '_')
                                k++;
                        if (k == 0 || as + k + strspn(as + k, " \t\n\r") != end)
                                return -1;
                        *file = f;
                        *len = (size_t) (e - f);
                        name = as;
                        nl = k;
                        continue;
                }
                for (size_t i = 0; neutral[i]; i++)
                        if (sql_keyword(st, neutral[i]))
                                goto next;
                if (!name)
                        return -1; /* a write before the ATTACH: the database's */
                bool found = true; /* whose name SQLite looks for in main, then in x */

                if ((q = sql_keyword(st, "insert")) || (q = sql_keyword(st, "replace"))) {
                        if (sql_keyword(q, "or"))
                                q = sql_keyword(q, "or"), q += strcspn(q, " \t\n\r"), q += strspn(q, " \t\n\r");
                        obj = sql_keyword(q, "into");
                } else if ((q = sql_keyword(st, "update"))) {
                        if (sql_keyword(q, "or"))
                                q = sql_keyword(q, "or"), q += strcspn(q, " \t\n\r"), q += strspn(q, " \t\n\r");
                        obj = q;
                } else if ((q = sql_keyword(st, "delete")))
                        obj = sql_keyword(q, "from");
                else if ((q = sql_keyword(st, "alter")))
                        obj = sql_keyword(q, "table");
                else if ((q = sql_keyword(st, "pragma")))
                        obj = q;
                else if ((q = sql_keyword(st, "create")) || (q = sql_keyword(st, "drop"))) {
                        found = !sql_keyword(st, "create");
                        for (size_t i = 0; kinds[i] && !obj; i++) {
                                const char *w = q, *sp;
                                char word[16];

                                /* each word of the kind, one by one */
                                for (const char *kw = kinds[i]; w && *kw; kw = sp ? sp + 1 : kw + strlen(kw)) {
                                        sp = strchr(kw, ' ');
                                        k = sp ? (size_t) (sp - kw) : strlen(kw);
                                        memcpy(word, kw, k);
                                        word[k] = '\0';
                                        w = sql_keyword(w, word);
                                }
                                if (w && sql_keyword(w, "if")) {
                                        w = sql_keyword(w, "if");
                                        if (w && sql_keyword(w, "not"))
                                                w = sql_keyword(w, "not");
                                        w = w ? sql_keyword(w, "exists") : NULL;
                                }
                                obj = w;
                                /* an index's or a trigger's, no schema named: its table's */
                                if (w && (strstr(kinds[i], "index") || strstr(kinds[i], "trigger")))
                                        found = true;
                        }
                }
                if (!obj)
                        return -1;
                if (sql_in_schema(obj, name, nl))
                        writes = true;
                else if (sql_in_schema(obj, "main", 4))
                        main_too = true;
                else {
                        /* no schema named (a name of another: not told) */
                        k = 0;
                        while (isalnum((unsigned char) obj[k]) || obj[k] == '_')
                                k++;
                        if (k == 0 || obj[k] == '.')
                                return -1;
                        main_too = true;
                        writes = writes || found;
                }
next:;
        }
        return *file && writes ? (main_too ? 2 : 1) : *file ? -1 : 0;
}

/* Whether the sqlite3 SQL argument s only reads: one SELECT (or VALUES) statement, which writes
 * neither the database nor another file (no ATTACH nor VACUUM in it); or one dot-command that only
 * reads the database (.tables, .schema, ... with plain words: review52, `sqlite3 W.db .tables` of
 * a WAL database whose -shm the sandbox refused had no file read, task_failure). */
static bool sqlite_reads_only(const char *s) {
        static const char *const dots[] = { ".tables", ".schema", ".indexes", ".indices", ".databases",
                                            ".dbinfo", ".fullschema", ".dump", NULL };
        const char *semi;

        s += strspn(s, " \t\n");
        if (s[0] == '.') {
                size_t k = strcspn(s, " \t");

                for (size_t i = 0; dots[i]; i++)
                        if (strlen(dots[i]) == k && strncmp(s, dots[i], k) == 0)
                                return s[strcspn(s, "'\"\n;\\|`$")] == '\0';
                return false;
        }
        if (strncasecmp(s, "select", 6) != 0 && strncasecmp(s, "values", 6) != 0)
                return false;
        if ((semi = strchr(s, ';')) && semi[1 + strspn(semi + 1, " \t\n")] != '\0')
                return false;
        return !strcasestr(s, "attach") && !strcasestr(s, "vacuum");
}

/* Whether the path p has a ".." component. */
static bool name_has_dotdot(const char *p) {
        for (const char *s = strstr(p, ".."); s; s = strstr(s + 1, ".."))
                if ((s == p || s[-1] == '/') && (s[2] == '\0' || s[2] == '/'))
                        return true;
        return false;
}

int sbx_run_dd_output(char *const *argv, const char *cwd, char *out, size_t size) {
        const char *file = NULL;
        char start[PATH_MAX];
        size_t n = 0;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "dd") != 0)
                return 0;
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i];

                /* operands alone: an option (--help, --version) runs no copy */
                if (a[0] == '-' || !strchr(a, '='))
                        return 0;
                if (strncmp(a, "of=", 3) == 0) {
                        if (file || !a[3])
                                return 0;
                        file = a + 3;
                }
        }
        if (!file || join_name(out, size, start, file) < 0)
                return 0;
        /* an if= of the same name: dd's "failed to open 'X'" may be its read's (review: as nobody,
         * `dd if=P of=P` of root's 0622 pipe, the read refused by the host, read denied); one with
         * a '..' in either, which only the host resolves, may be too */
        for (size_t i = (size_t) k + 1; i < n; i++) {
                _cleanup_free_ char *in_norm = NULL, *out_norm = NULL;
                char in[PATH_MAX];

                if (strncmp(argv[i], "if=", 3) != 0)
                        continue;
                if (join_name(in, sizeof(in), start, argv[i] + 3) < 0 || name_has_dotdot(in) || name_has_dotdot(out) ||
                    sbx_path_normalize(in, &in_norm) < 0 || sbx_path_normalize(out, &out_norm) < 0 ||
                    strcmp(in_norm, out_norm) == 0)
                        return 0;
        }
        return 1;
}

/* The file a GNU binutils ar, ranlib, objcopy or strip at argv[k] (argv n long) writes, as its argv
 * names it: ar's archive after a key that writes it (d, m, q, r, s; modifiers but a, b, i and N,
 * which take operands of their own before it), ranlib's one archive, objcopy's output (its input
 * where none is given: rewritten in place), strip's -o FILE or its one file. NULL: another
 * program, an option not read, no such file or several. With several (ranlib's or strip's files
 * rewritten in place one by one, no -o), their indexes in argv into several (at most max of
 * them; NULL: not asked), their count in *ret_several, and the first one. */
static const char *bfd_files(char *const *argv, size_t k, size_t n, size_t *several, size_t max,
                             size_t *ret_several) {
        /* short options taking an argument (attached or the next word); any other short option
         * must be one of the flags */
        static const char objcopy_args[] = "IOBFjRKNGLWbi", objcopy_flags[] = "gSxXpDUvVw",
                          strip_args[] = "FIORKNo", strip_flags[] = "gsSdxXpDUvVw";
        static const char *const long_flags[] = {
                "--strip-all", "--strip-debug", "--strip-unneeded", "--only-keep-debug", "--preserve-dates",
                "--enable-deterministic-archives", "--discard-all", "--discard-locals", "--verbose",
        };
        const char *prog = base_of(argv[k]), *output = NULL, *files[2] = { NULL, NULL };
        size_t n_files = 0, n_all = 0;
        bool ar = strcmp(prog, "ar") == 0, ranlib = strcmp(prog, "ranlib") == 0,
             objcopy = strcmp(prog, "objcopy") == 0, strip = strcmp(prog, "strip") == 0;

        if (ar) {
                const char *key = k + 2 < n ? argv[k + 1] : NULL;

                /* `ar [-]KEY[MODIFIERS] ARCHIVE [MEMBER...]` */
                if (!key || !key[key[0] == '-'] || strspn(key + (key[0] == '-'), "dmqrscfDlPSTuUvVo") !=
                                                            strlen(key + (key[0] == '-')) ||
                    strcspn(key, "dmqrs") == strlen(key) || argv[k + 2][0] == '-' || !argv[k + 2][0])
                        return NULL;
                return argv[k + 2];
        }
        if (!ranlib && !objcopy && !strip)
                return NULL;
        for (size_t i = k + 1; i < n; i++) {
                const char *a = argv[i];

                if (a[0] != '-' || !a[1]) {
                        /* (ranlib's and strip's files past two counted, for several) */
                        if (several && (ranlib || strip)) {
                                if (n_all == max)
                                        return NULL;
                                several[n_all++] = i;
                        }
                        if (n_files < 2)
                                files[n_files] = a;
                        else if (!several || objcopy)
                                return NULL;
                        n_files++;
                } else if (a[1] == '-') {
                        bool flag = false;

                        for (size_t f = 0; f < SBX_ELEMENTSOF(long_flags); f++)
                                flag = flag || strcmp(a, long_flags[f]) == 0;
                        if (strip && strncmp(a, "--output-file=", 14) == 0) {
                                if (output)
                                        return NULL;
                                output = a + 14;
                        } else if (strip && strcmp(a, "--output-file") == 0) {
                                /* its file the next word (review52: not read, so `strip
                                 * --output-file F prog` of a refused F read task_failure) */
                                if (output || i + 1 >= n)
                                        return NULL;
                                output = argv[++i];
                        } else if (ranlib || (!flag && !strchr(a, '=')))
                                return NULL; /* --help, --version, one whose argument is the next word */
                } else if (ranlib) {
                        if (strspn(a + 1, "DUt") != strlen(a + 1))
                                return NULL;
                } else
                        for (const char *f = a + 1; *f; f++) {
                                if (strchr(objcopy ? objcopy_args : strip_args, *f)) {
                                        const char *v = f[1] ? f + 1 : i + 1 < n ? argv[++i] : NULL;

                                        if (!v)
                                                return NULL;
                                        if (*f == 'o' && strip) {
                                                if (output)
                                                        return NULL;
                                                output = v;
                                        }
                                        break;
                                }
                                if (!strchr(objcopy ? objcopy_flags : strip_flags, *f))
                                        return NULL;
                        }
        }
        if (n_files == 0 || (output && !output[0]))
                return NULL;
        if (objcopy)
                return files[n_files - 1];
        /* ranlib's and strip's own files are rewritten one by one: one alone, or strip's -o */
        if (n_files == 1)
                return output ? output : files[0];
        if (!several || output)
                return NULL;
        *ret_several = n_all;
        return files[0];
}

static const char *bfd_output(char *const *argv, size_t k, size_t n) {
        return bfd_files(argv, k, n, NULL, 0, NULL);
}

/* The name that name_of() reads from the command of argv (argv_command(): past its wrappers, in
 * the directory it starts in), joined to that directory into out: 1, or 0 where it reads none (for
 * a file, `file`, none either that ends in '/'). */
static int argv_name(char *const *argv, const char *cwd, char *out, size_t size,
                     const char *(*name_of)(char *const *argv, size_t k, size_t n), bool file) {
        char start[PATH_MAX];
        size_t n = 0;
        ptrdiff_t k;
        const char *name;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || !(name = name_of(argv, (size_t) k, n)) || !name[0] ||
            (file && name[strlen(name) - 1] == '/'))
                return 0;
        return join_name(out, size, start, name) < 0 ? 0 : 1;
}

int sbx_run_bfd_output(char *const *argv, const char *cwd, char *out, size_t size) {
        return argv_name(argv, cwd, out, size, bfd_output, true);
}

int sbx_run_bfd_outputs(char *const *argv, const char *cwd, char *out, size_t size, char *later, size_t later_size) {
        char start[PATH_MAX], name[PATH_MAX];
        size_t n = 0, several[64], n_several = 0, used = 0;
        ptrdiff_t k;
        const char *first;

        if (later_size > 0)
                later[0] = '\0';
        if ((k = argv_command(argv, cwd, &n, start)) < 0 ||
            !(first = bfd_files(argv, (size_t) k, n, several, SBX_ELEMENTSOF(several), &n_several)) ||
            !first[0] || first[strlen(first) - 1] == '/' || join_name(out, size, start, first) < 0)
                return 0;
        /* the files after the first, in their order; one that ends in '/' or does not fit ends
         * them (the ones after it left out) */
        for (size_t i = 1; i < n_several; i++) {
                const char *f = argv[several[i]];
                size_t len;

                if (!f[0] || f[strlen(f) - 1] == '/' || join_name(name, sizeof(name), start, f) < 0 ||
                    used + (len = strlen(name)) + 2 > later_size)
                        break;
                memcpy(later + used, name, len + 1);
                used += len + 1;
                later[used] = '\0';
        }
        return 1;
}

/* The directory a javac at argv[k] (argv n long) writes its class files in, its `-d DIR` as the
 * argv names it. NULL: another program, no -d or several, an @argfile (whose options are not
 * read), an option not known to take no argument but those below (their argument the next word:
 * an option's argument is never read as -d). */
static const char *const javac_with_arg[] = {
                "-cp", "-classpath", "--class-path", "-sourcepath", "--source-path", "-s", "-h", "-encoding",
                "-source", "--source", "-target", "--target", "--release", "-processorpath", "--processor-path",
                "-p", "--module-path", "--module-source-path", "--upgrade-module-path", "--system",
                "-bootclasspath", "--boot-class-path", "--add-modules", "--limit-modules", "--add-exports",
                "--add-reads", "--patch-module", "-processor", "--processor-module-path", "--module", "-m",
};

static const char *javac_dir(char *const *argv, size_t k, size_t n) {
        const char *dir = NULL, *header = NULL;
        size_t headers = 0;

        if (strcmp(base_of(argv[k]), "javac") != 0)
                return NULL;
        for (size_t i = k + 1; i < n; i++) {
                const char *a = argv[i];
                bool arg = false;

                if (a[0] == '@')
                        return NULL;
                if (a[0] != '-')
                        continue; /* a source file */
                if (strcmp(a, "-d") == 0) {
                        if (dir || i + 1 >= n || !argv[i + 1][0])
                                return NULL;
                        dir = argv[++i];
                        continue;
                }
                for (size_t w = 0; w < SBX_ELEMENTSOF(javac_with_arg); w++)
                        arg = arg || strcmp(a, javac_with_arg[w]) == 0;
                if (arg && ++i >= n)
                        return NULL;
                if (strcmp(a, "-h") == 0) {
                        header = argv[i];
                        headers++;
                }
        }
        /* without -d, its classes beside their sources (directories there): the one directory it
         * makes is its -h DIR's, a class's with native methods (tools57: `javac -h /x/h A.java`
         * in workspace-write read task_failure under both backends, its line of -h's level) */
        return dir ? dir : headers == 1 && header[0] ? header : NULL;
}

int sbx_run_javac_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        return argv_name(argv, cwd, out, size, javac_dir, false);
}

/* The directory a javac at argv[k] (argv n long) writes its native headers in, its `-h DIR` (NULL:
 * no -h or several, or no -d DIR that javac_dir() reads). */
static const char *javac_header_dir(char *const *argv, size_t k, size_t n) {
        const char *dir = NULL;

        if (strcmp(base_of(argv[k]), "javac") != 0)
                return NULL;
        for (size_t i = k + 1; i + 1 < n; i++) {
                bool arg = strcmp(argv[i], "-d") == 0;

                if (strcmp(argv[i], "-h") == 0) {
                        if (dir || !argv[i + 1][0])
                                return NULL;
                        dir = argv[++i];
                        continue;
                }
                for (size_t w = 0; w < SBX_ELEMENTSOF(javac_with_arg); w++)
                        arg = arg || strcmp(argv[i], javac_with_arg[w]) == 0;
                i += arg; /* (an option's argument is never read as -h) */
        }
        /* only beside a -d DIR javac_dir() reads (its reading of the rest of the argv; without
         * -d, javac_dir() gives -h's itself) */
        const char *d = dir ? javac_dir(argv, k, n) : NULL;

        return d && d != dir ? dir : NULL;
}

int sbx_run_javac_header_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        return argv_name(argv, cwd, out, size, javac_header_dir, false);
}

/* Whether s (n bytes) at i starts the word w, whole (no identifier character after it). */
static bool java_word_at(const char *s, size_t n, size_t i, const char *w) {
        size_t wl = strlen(w);

        return i + wl <= n && memcmp(s + i, w, wl) == 0 &&
               (i + wl == n || !(isalnum((unsigned char) s[i + wl]) || s[i + wl] == '_' || s[i + wl] == '$'));
}

static bool java_ident_char(char ch) {
        return isalnum((unsigned char) ch) || ch == '_' || ch == '$' || (unsigned char) ch >= 0x80;
}

/* The types of the Java source text (n bytes), each appended to out (used of size bytes so far),
 * named as javac names the class in its "error while writing C:" (its diagnostics' simple name:
 * the package's left out; a nested type's its own, "In", but an inner class's, not static, of a
 * class, its enclosing type's before it, "M.In", "In.Deep"), NUL-terminated, after '+' where
 * javac's -h writes a native header of it (JNIWriter.needsHeader(), without -XDjavah:full: a
 * member, at its body's own level, that is a native method, the word native, or annotated
 * @Native, java.lang.annotation.Native written so or imported), '-' where not, or where it is a
 * local class's (in a method's body: readers59, javac writes those too, its header not asked).
 * Comments, string, text-block and character literals are passed over. 0, or -1 where the text
 * is not read whole (unbalanced braces, an unterminated comment or literal, a name that does not
 * fit, braces nested too deep). */
static int java_native_types(const char *s, size_t n, char *out, size_t size, size_t *used) {
        /* each open brace: a type's body (its name in names from off, NUL-terminated) or another
         * (code, an array's initializer) */
        struct java_level {
                bool type, native, statics, local;
                size_t off;
        } lv[128];
        char names[1024], decl[256] = "";
        size_t depth = 0, i = 0, top = 0;
        bool want_name = false, pending = false, decl_static = false, decl_kind_static = false, static_seen = false,
             kind_static = false,
             imported = memmem(s, n, "java.lang.annotation.Native;", 28) || memmem(s, n, "java.lang.annotation.*;", 23);

        while (i < n) {
                char ch = s[i];
                bool in_type = depth > 0 && lv[depth - 1].type;

                if (ch == '/' && i + 1 < n && s[i + 1] == '/') {
                        while (i < n && s[i] != '\n')
                                i++;
                        continue;
                }
                if (ch == '/' && i + 1 < n && s[i + 1] == '*') {
                        const char *end = memmem(s + i + 2, n - i - 2, "*/", 2);

                        if (!end)
                                return -1;
                        i = (size_t) (end - s) + 2;
                        continue;
                }
                if (ch == '"' && i + 2 < n && s[i + 1] == '"' && s[i + 2] == '"') {
                        /* a text block, to its closing """ (an escaped \" passed over) */
                        for (i += 3;; i++) {
                                if (i + 2 >= n)
                                        return -1;
                                if (s[i] == '\\') {
                                        i++;
                                        continue;
                                }
                                if (s[i] == '"' && s[i + 1] == '"' && s[i + 2] == '"')
                                        break;
                        }
                        i += 3;
                        continue;
                }
                if (ch == '"' || ch == '\'') {
                        for (i++; i < n && s[i] != ch && s[i] != '\n'; i++)
                                if (s[i] == '\\')
                                        i++;
                        if (i >= n || s[i] != ch)
                                return -1;
                        i++;
                        continue;
                }
                if (ch == '{') {
                        if (depth == SBX_ELEMENTSOF(lv) || (depth == 0 && !pending))
                                return -1;
                        lv[depth] = (struct java_level) { .type = pending, .off = top };
                        if (pending) {
                                /* a local class's (its enclosing level code, or a local class's) */
                                bool local = depth > 0 && (!in_type || lv[depth - 1].local),
                                     /* an inner class: not static, of a class's body */
                                     inner = in_type && !local && !decl_static && !decl_kind_static &&
                                             !lv[depth - 1].statics;
                                size_t pl = inner ? strlen(names + lv[depth - 1].off) + 1 : 0, dl = strlen(decl);

                                if (pl + dl >= sizeof(names) - top)
                                        return -1;
                                if (inner) {
                                        memmove(names + top, names + lv[depth - 1].off, pl - 1);
                                        names[top + pl - 1] = '.';
                                }
                                memcpy(names + top + pl, decl, dl + 1);
                                top += pl + dl + 1;
                                lv[depth].local = local;
                                /* an interface's members are static */
                                lv[depth].statics = kind_static;
                        }
                        depth++;
                        pending = want_name = static_seen = false;
                        i++;
                        continue;
                }
                if (ch == '}') {
                        if (depth == 0)
                                return -1;
                        if (lv[--depth].type) {
                                int k = snprintf(out + *used, size - *used, "%c%s",
                                                 lv[depth].native && !lv[depth].local ? '+' : '-', names + lv[depth].off);

                                if (k < 0 || (size_t) k + 2 > size - *used)
                                        return -1;
                                *used += (size_t) k + 1;
                                out[*used] = '\0';
                                top = lv[depth].off;
                        }
                        pending = want_name = static_seen = false;
                        i++;
                        continue;
                }
                if (java_ident_char(ch) && !isdigit((unsigned char) ch)) {
                        size_t b = i, p = b;

                        while (i < n && java_ident_char(s[i]))
                                i++;
                        while (p > 0 && isspace((unsigned char) s[p - 1]))
                                p--;
                        if (want_name) {
                                /* the name after class, interface, enum, record */
                                if (i - b >= sizeof(decl))
                                        return -1;
                                memcpy(decl, s + b, i - b);
                                decl[i - b] = '\0';
                                want_name = false;
                                pending = true;
                        } else if ((p == 0 || s[p - 1] != '.') &&
                                   (java_word_at(s, n, b, "class") || java_word_at(s, n, b, "interface") ||
                                    java_word_at(s, n, b, "enum") || java_word_at(s, n, b, "record"))) {
                                /* (not Foo.class) a type, static of its kind but a class */
                                want_name = true;
                                decl_static = static_seen;
                                decl_kind_static = !java_word_at(s, n, b, "class");
                                kind_static = java_word_at(s, n, b, "interface");
                        } else if (java_word_at(s, n, b, "static")) {
                                static_seen = true;
                        } else if (in_type && java_word_at(s, n, b, "native")) {
                                lv[depth - 1].native = true;
                        } else if (in_type && b > 0 && s[b - 1] == '@' &&
                                   ((imported && java_word_at(s, n, b, "Native")) ||
                                    (i - b == 4 && memcmp(s + b, "java", 4) == 0 && n - i >= 23 &&
                                     memcmp(s + i, ".lang.annotation.Native", 23) == 0 &&
                                     java_word_at(s, n, i + 17, "Native")))) {
                                lv[depth - 1].native = true;
                        }
                        continue;
                }
                /* (a word's '.', "Foo.class": no name after it; a member's end) */
                if (!isspace((unsigned char) ch))
                        want_name = false;
                if (ch == ';')
                        pending = static_seen = false;
                i++;
        }
        return depth == 0 ? 0 : -1;
}

/* The classes of a javac's sources it writes a native header of: see run-exec.h. */
int sbx_run_javac_natives(char *const *argv, const char *cwd, char *out, size_t size) {
        _cleanup_free_ char *buf = NULL;
        char start[PATH_MAX];
        size_t n = 0, used = 0;
        ptrdiff_t k;
        int r = 1;

        /* (a budget of its own, as sbx_run_python_file_text()'s: SCRIPT_READS_MAX sources) */
        if (size < 2 || script_reads.depth != 0 || (k = argv_command(argv, cwd, &n, start)) < 0 ||
            !javac_header_dir(argv, (size_t) k, n) || !(buf = malloc(JAVAC_SOURCE_MAX + 2)))
                return 0;
        out[0] = '\0';
        script_reads.reads = 0;
        for (size_t i = (size_t) k + 1; r && i < n; i++) {
                const char *a = argv[i], *text;
                size_t len = 0, al = strlen(a);
                bool unanswered = false, arg = strcmp(a, "-d") == 0;

                for (size_t w = 0; w < SBX_ELEMENTSOF(javac_with_arg); w++)
                        arg = arg || strcmp(a, javac_with_arg[w]) == 0;
                if (arg) {
                        i++;
                        continue;
                }
                if (a[0] == '-')
                        continue;
                /* each source read whole, or none told */
                if (al > 5 && strcmp(a + al - 5, ".java") == 0 &&
                    (!(text = script_file_text(a, start, buf, JAVAC_SOURCE_MAX, &len, &unanswered)) || len > JAVAC_SOURCE_MAX ||
                     java_native_types(text, len, out, size, &used) < 0))
                        r = 0;
        }
        script_reads.reads = 0;
        return r;
}

/* The --out-dir DIR (`--out-dir=DIR`) of the rustc at argv[k] (argv n long), the last one where
 * several; NULL without one, or with an @argfile. With -o too: rustc makes the directory before
 * it warns that it ignores it (1.95; review57: before, not read, `rustc --out-dir D -o m m.rs` of
 * a refused D task_failure). */
static const char *rustc_out_dir(char *const *argv, size_t k, size_t n) {
        const char *dir = NULL;

        if (!versioned_name(base_of(argv[k]), "rustc"))
                return NULL;
        for (size_t i = k + 1; i < n; i++) {
                const char *a = argv[i];

                if (a[0] == '@')
                        return NULL;
                /* (-o's FILE, which could be "--out-dir") */
                if (strcmp(a, "-o") == 0) {
                        i++;
                        continue;
                }
                if (strcmp(a, "--out-dir") == 0) {
                        if (i + 1 >= n)
                                return NULL;
                        dir = argv[++i];
                } else if (strncmp(a, "--out-dir=", 10) == 0)
                        dir = a + 10;
        }
        return dir;
}

int sbx_run_rustc_out_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        return argv_name(argv, cwd, out, size, rustc_out_dir, false);
}

/* Whether the find program word w is among the n words of argv from `from` that follow an action
 * in actions (find's -fprint FILE and the like: the files it opens for writing). */
static bool find_names_output(char *const *argv, size_t from, size_t n, const char *w) {
        static const char *const outputs[] = { "-fprint", "-fprint0", "-fprintf", "-fls" };

        for (size_t i = from; i + 1 < n; i++)
                for (size_t o = 0; o < SBX_ELEMENTSOF(outputs); o++)
                        if (strcmp(argv[i], outputs[o]) == 0 && strcmp(argv[i + 1], w) == 0)
                                return true;
        return false;
}

int sbx_run_find_exec(char *const *argv, const char *cwd, char *out, size_t size) {
        static const char *const runs[] = { "-exec", "-execdir", "-ok", "-okdir" };
        char start[PATH_MAX];
        size_t n = 0, used = 0;
        ptrdiff_t k;
        int found = 0;

        if (size < 1 || (k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "find") != 0)
                return 0;
        out[0] = '\0';
        for (size_t i = (size_t) k + 1; i + 1 < n; i++) {
                const char *w = argv[i + 1];
                bool run = false, seen = false;

                for (size_t r = 0; r < SBX_ELEMENTSOF(runs); r++)
                        run = run || strcmp(argv[i], runs[r]) == 0;
                /* a program whose name find builds ({} in it), or one its -fprint also writes,
                 * whose line is the same: not told */
                if (!run || !w[0] || strstr(w, "{}") || find_names_output(argv, (size_t) k + 1, n, w))
                        continue;
                for (const char *p = out; *p; p += strlen(p) + 1)
                        seen = seen || strcmp(p, w) == 0;
                if (seen)
                        continue;
                if (used + strlen(w) + 2 > size)
                        break;
                memcpy(out + used, w, strlen(w) + 1);
                used += strlen(w) + 1;
                out[used] = '\0';
                found++;
        }
        return found;
}

unsigned sbx_run_touch_how(char *const *argv, const char *cwd) {
        char start[PATH_MAX];
        unsigned how = SBX_TOUCH_READ;
        size_t n = 0;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "touch") != 0)
                return 0;
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i];

                if (strcmp(a, "--") == 0)
                        break;
                if (a[0] != '-' || !a[1])
                        continue; /* a file */
                if (a[1] == '-') {
                        if (strcmp(a, "--no-dereference") == 0)
                                how |= SBX_TOUCH_NO_DEREF;
                        else if (strncmp(a, "--date=", 7) == 0 || strncmp(a, "--reference=", 12) == 0)
                                how |= SBX_TOUCH_TIMES_GIVEN;
                        else if (strcmp(a, "--date") == 0 || strcmp(a, "--reference") == 0) {
                                how |= SBX_TOUCH_TIMES_GIVEN;
                                i++;
                        } else if (strcmp(a, "--time") == 0)
                                i++;
                        else if (strcmp(a, "--no-create") != 0 && strncmp(a, "--time=", 7) != 0)
                                return 0; /* another (an abbreviation): not told */
                        continue;
                }
                for (const char *f = a + 1; *f; f++) {
                        if (*f == 'h')
                                how |= SBX_TOUCH_NO_DEREF;
                        else if (*f == 'd' || *f == 'r' || *f == 't') {
                                how |= SBX_TOUCH_TIMES_GIVEN;
                                if (!f[1])
                                        i++; /* its value the next word */
                                break;
                        } else if (!strchr("acfm", *f))
                                return 0;
                }
        }
        return how;
}

/* The words of seg, one command of a script, past its assignments (shell_assignment()), NULL-
 * terminated in w (room for max and the NULL) from words_buf (seg's length + 1): NULL where
 * simple_words() does not read it, or it is assignments alone. */
static char **segment_words(const char *seg, char *words_buf, char **w, size_t max) {
        char *in[8];
        size_t n_in, k = 0;
        int r = simple_words(seg, words_buf, w, max, in, SBX_ELEMENTSOF(in), &n_in);

        if (r <= 0)
                return NULL;
        w[r] = NULL;
        while (k < (size_t) r && shell_assignment(w[k]))
                k++;
        return k == (size_t) r ? NULL : w + k;
}

unsigned sbx_run_script_touch_how(char *const *argv, const char *cwd) {
        const char *script = sbx_run_shell_script(argv);
        _cleanup_free_ char *buf = NULL, *words_buf = NULL;
        char *w[65], **cmd;
        size_t len;
        unsigned how = 0;

        if (!script || !cwd || cwd[0] != '/' || !strstr(script, "touch") || !(buf = strdup(script)) ||
            !(words_buf = malloc(strlen(script) + 1)))
                return 0;
        len = strlen(buf);
        /* the commands: split at every operator, quotes skipped whole (a quote left open: none) */
        for (size_t i = 0; i < len; i++) {
                if (buf[i] == '\\' && i + 1 < len)
                        i++;
                else if (buf[i] == '\'' || buf[i] == '"') {
                        char q = buf[i];

                        for (i++; i < len && buf[i] != q; i++)
                                if (q == '"' && buf[i] == '\\' && i + 1 < len)
                                        i++;
                        if (i >= len)
                                return 0;
                } else if (strchr(";&|\n", buf[i]))
                        buf[i] = '\0';
        }
        for (size_t i = 0; i < len; i += strlen(buf + i) + 1) {
                char *seg = buf + i;
                unsigned h;

                if (!strstr(seg, "touch"))
                        continue;
                if (!(cmd = segment_words(seg, words_buf, w, SBX_ELEMENTSOF(w) - 1)))
                        return 0;
                if (!(h = sbx_run_touch_how(cmd, cwd))) {
                        /* no touch's words, unless one of its words names touch (`xargs touch`) */
                        for (char **p = cmd; *p; p++)
                                if (strcmp(base_of(*p), "touch") == 0)
                                        return 0;
                        continue;
                }
                if (how && h != how)
                        return 0;
                how = h;
        }
        return how;
}

/* The sqlite3 shell's options read: flags alone, none that takes a word, opens the database
 * otherwise or reads commands from a file (-cmd, -init, -readonly, -vfs) */
static const char *const sqlite_flags[] = { "-bail", "-batch", "-box", "-column", "-csv", "-echo", "-header",
                                            "-noheader", "-html", "-json", "-line", "-list", "-markdown",
                                            "-quote", "-table", "-tabs", "-safe", NULL };

static bool sqlite_flag(const char *a) {
        for (size_t f = 0; sqlite_flags[f]; f++)
                if (strcmp(a + (a[1] == '-'), sqlite_flags[f]) == 0)
                        return true;
        return false;
}

/* Whether the sqlite3 shell's option a is the one named (`-cmd`, `--cmd`). */
static bool sqlite_option(const char *a, const char *name) {
        return a[0] == '-' && strcmp(a + (a[1] == '-'), name) == 0;
}

/* Whether SQL text for the sqlite3 shell (a -cmd's, an init file's, its stdin's file) holds a
 * dot-command other than those that only set how it prints or read (a line starting with '.',
 * past its blanks: `.cd D` moves it, `.open F` opens another, `.read F` runs another file's; the
 * shell takes a command's prefix too, `.op F`: only the whole words listed are read), or, where
 * `others`, SQL that writes a file other than its database (ATTACH, VACUUM INTO), any case. */
static bool sqlite_text_other(const char *text, bool others) {
        static const char *const quiet[] = { "mode",    "headers", "header",  "timer",     "nullvalue", "separator",
                                             "width",   "echo",    "bail",    "changes",   "print",     "stats",
                                             "eqp",     "explain", "tables",  "schema",    "indexes",   "indices",
                                             "databases", "show",  "help",    "quit",      "exit",      "timeout",
                                             "dump",    NULL };

        for (const char *l = text; l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
                const char *d = l + strspn(l, " \t\r");
                size_t k;
                bool known = false;

                if (*d++ != '.')
                        continue;
                k = strcspn(d, " \t\r\n");
                for (size_t q = 0; quiet[q] && !known; q++)
                        known = k == strlen(quiet[q]) && strncmp(d, quiet[q], k) == 0;
                if (!known)
                        return true;
        }
        return others && (strcasestr(text, "attach") || strcasestr(text, "vacuum"));
}

/* The text of the file `file` (relative to dir) that sqlite3 reads its commands from, read as a
 * script file is (script_file_text(), in a budget of its own), into buf (SCRIPT_FILE_MAX + 2
 * bytes); NULL when it is none (*ret_unanswered false) or was not read (true), or holds a NUL. */
static const char *sqlite_file_text(const char *file, const char *dir, char *buf, bool *ret_unanswered) {
        const char *text;
        size_t len = 0;

        if (script_reads.depth++ == 0)
                script_reads.reads = 0;
        text = script_file_text(file, dir, buf, SCRIPT_FILE_MAX, &len, ret_unanswered);
        --script_reads.depth;
        if (text && memchr(text, '\0', len)) {
                *ret_unanswered = true;
                return NULL;
        }
        return text;
}

/* The file the sqlite3 shell reads before its commands: its -init FILE, else ~/.sqliterc of the
 * home of its user's passwd entry, $HOME only where there is none (shell.c 3.40's
 * find_home_dir(): HOME=/x sqlite3 reads no /x/.sqliterc), the user sbx's own (the command runs
 * as it) into buf (size bytes); NULL where there is no home, or the name does not fit. */
static const char *sqlite_rc_file(const char *init, char *buf, size_t size) {
        char pw[PATH_MAX];
        const char *home;

        if (init)
                return init;
        /* (/etc/passwd read as sbx_passwd_home() reads it: a statically linked sbx has no NSS) */
        if (!(home = sbx_passwd_home(pw, sizeof(pw))))
                home = getenv("HOME");
        if (!home || home[0] != '/' ||
            snprintf(buf, size, "%s/.sqliterc", strcmp(home, "/") == 0 ? "" : home) >= (int) size)
                return NULL;
        return buf;
}

/* Whether the file init the sqlite3 shell reads before its commands (sqlite_rc_file(); relative
 * to start) may move it or open another file (sqlite_text_other()): one there not read (not in
 * time, too large, a NUL in it) may. None there, or no regular file: the shell reads none, and
 * goes on (left56: ~/.sqliterc was not read, its `.cd DIR` or `.open F` neither). */
static bool sqlite_init_other(const char *init, const char *start, bool others) {
        _cleanup_free_ char *buf = NULL;
        const char *text;
        bool unanswered = false;

        if (!init)
                return false;
        if (!(buf = malloc(SCRIPT_FILE_MAX + 2)))
                return true;
        if (!(text = sqlite_file_text(init, start, buf, &unanswered)))
                return unanswered;
        return sqlite_text_other(text, others);
}

/* Where the sqlite3 shell opens its database, followed through its commands before it does: cur
 * its directory now (moved by each `.cd DIR`), dir the one it opened the database in ("" not
 * yet: a database not there is opened at its first SQL). */
struct sqlite_walk {
        char cur[PATH_MAX], dir[PATH_MAX];
        char uri[PATH_MAX]; /* the file a DB given as a URI names (sqlite_walk_argv()) */
};

/* Whether d starts the sqlite3 shell's `.cd` dot-command. */
static bool sqlite_cd(const char *d) {
        return strncmp(d, ".cd", 3) == 0 && (d[3] == ' ' || d[3] == '\t');
}

/* Whether d is the sqlite3 shell's `.read` dot-command. */
static bool sqlite_read(const char *d) {
        return strncmp(d, ".read", 5) == 0 && (d[5] == ' ' || d[5] == '\t');
}

/* Whether a line of the sqlite3 shell's text starts with a `.cd` or a `.read` (whose file's
 * commands may hold one), past its blanks. */
static bool sqlite_text_cd(const char *text) {
        for (const char *l = text; l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
                const char *d = l + strspn(l, " \t\r");

                if (sqlite_cd(d) || sqlite_read(d))
                        return true;
        }
        return false;
}

/* The one word after a dot-command's name d (`.cd DIR`, `.read FILE`) to its line's end, into
 * word (size bytes): quoted whole (its blanks then the name's) or not at all, no backslash. 0, or
 * -1 where it is of another form. */
static int sqlite_dot_word(const char *d, char *word, size_t size) {
        size_t n;

        d += strspn(d, " \t");
        n = strcspn(d, "\r\n");
        while (n > 0 && (d[n - 1] == ' ' || d[n - 1] == '\t'))
                n--;
        /* (quoted whole, its blanks are the name's: `.cd '/x/a b'`; review56: before, not read,
         * the database asked of where it started, a refused one task_failure) */
        bool quoted = n >= 2 && (d[0] == '\'' || d[0] == '"') && d[n - 1] == d[0];

        if (quoted) {
                d++;
                n -= 2;
        }
        if (n == 0 || n >= size || memchr(d, '\'', n) || memchr(d, '"', n) ||
            (!quoted && (memchr(d, ' ', n) || memchr(d, '\t', n))) || memchr(d, '\\', n))
                return -1;
        memcpy(word, d, n);
        word[n] = '\0';
        return 0;
}

/* The text of the file a `.read FILE` dot-command d (one line) runs, FILE one word relative to
 * the shell's directory cur, read into *buf (the caller's to free). NULL where it is not read:
 * FILE of another form, a `|command`'s output, a file the host has not or does not answer for. */
static const char *sqlite_read_text(const char *d, const char *cur, char **buf) {
        char file[PATH_MAX];
        bool unanswered = false;

        if (strchr(d, '\n') || sqlite_dot_word(d + 5, file, sizeof(file)) < 0 || file[0] == '|' ||
            !(*buf = malloc(SCRIPT_FILE_MAX + 2)))
                return NULL;
        return sqlite_file_text(file, cur, *buf, &unanswered);
}

/* Walks the sqlite3 shell's commands text (a -cmd's, one command: whole), line by line: blank
 * lines and `--` comments passed, a `.cd DIR` moves w->cur (DIR one word, quoted whole (its
 * blanks then the name's) or not at all, no backslash, no `..`; one the host has not as a
 * directory the user may enter leaves it, as it leaves the shell; after a link it is not the text's parent; once the database is opened, no matter
 * to it), the dot-commands that only print passed, SQL opens the database at w->cur (stdin's,
 * where stop: the rest no matter). 0, or -1 where a line is not read (another dot-command, a `.cd`
 * of another word). */
static int sqlite_walk_text(struct sqlite_walk *w, const char *text, bool one, bool stop) {
        if (one && text[strspn(text, " \t\r\n")] == '.' && strchr(text, '\n'))
                return -1; /* one dot-command of several lines: not read */
        if (one && text[strspn(text, " \t\r\n")] != '.') {
                /* SQL whole, whatever its lines */
                if (!w->dir[0])
                        memcpy(w->dir, w->cur, strlen(w->cur) + 1);
                return 0;
        }
        for (const char *l = text; l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
                const char *d = l + strspn(l, " \t\r");
                char word[PATH_MAX], moved[PATH_MAX];
                size_t n;

                if (*d == '\n' || *d == '\0' || strncmp(d, "--", 2) == 0)
                        continue;
                if (*d != '.') {
                        /* SQL: the database is opened here */
                        if (!w->dir[0])
                                memcpy(w->dir, w->cur, strlen(w->cur) + 1);
                        if (stop)
                                return 0;
                        continue;
                }
                n = strcspn(d, "\r\n");
                if (!sqlite_cd(d)) {
                        /* another dot-command: one that only prints is passed */
                        if (n >= sizeof(word))
                                return -1;
                        memcpy(word, d, n);
                        word[n] = '\0';
                        if (sqlite_text_other(word, false))
                                return -1;
                        continue;
                }
                if (sqlite_dot_word(d + 3, word, sizeof(word)) < 0 || dot_dot(word) ||
                    join_name(moved, sizeof(moved), w->cur, word) < 0)
                        return -1;
                /* (a DIR the host has not, or no directory, or one the user may not enter,
                 * leaves the shell where it was: "Cannot change to directory", and on; another
                 * answer, not read. review56: before, `sqlite3 -cmd '.cd nodir' t.db 'create
                 * table t(a)'` in read-only mode named nodir/t.db, missing on the host, and the
                 * refusal of the t.db it opened where it stayed read task_failure) */
                if (!w->dir[0]) {
                        struct stat st;
                        int r = sbx_run_host_stat(moved, true, &st);

                        if (r == 0 && S_ISDIR(st.st_mode))
                                r = sbx_run_host_access(moved, X_OK);
                        else if (r == 0)
                                r = -ENOTDIR;
                        if (r == -ENOENT || r == -ENOTDIR || r == -EACCES)
                                continue;
                        if (r < 0)
                                return -1;
                }
                memcpy(w->cur, moved, strlen(moved) + 1);
        }
        return 0;
}

/* The sqlite3 shell of argv (argv_command()'s k and n, its start directory start) followed
 * through what it runs before its own SQL arguments and stdin's: a database there already opened
 * where it starts, then its -init file or else ~/.sqliterc (sqlite_rc_file(); none there: none
 * read), then its -cmd commands in order
 * (left55: a `-cmd '.cd DIR'` was not read, `sqlite3 -cmd '.cd /x' t.db 'create table t(a)'` in
 * read-only read task_failure), then its SQL arguments' dot-commands before the first that opens
 * it. Into w; *ret_db its DB, *ret_sql whether SQL arguments follow it.
 * 0, or -1 where it cannot be told (no DB, an option but the flags, a text not read). */
static int sqlite_walk_argv(char *const *argv, size_t k, size_t n, const char *start, struct sqlite_walk *w,
                            const char **ret_db, bool *ret_sql) {
        const char *db = NULL, *init = NULL;
        char there[PATH_MAX], rc[PATH_MAX];
        bool sql = false, cd = false; /* cd: a text that may move it */
        int r = 1;

        for (size_t i = k + 1; i < n; i++) {
                const char *a = argv[i];

                if (sqlite_option(a, "-cmd") || sqlite_option(a, "-init")) {
                        if (i + 1 >= n)
                                return -1;
                        if (a[strlen(a) - 1] == 't')
                                init = argv[i + 1];
                        cd = true;
                        i++;
                        continue;
                }
                if (a[0] == '-' && a[1] && !sqlite_flag(a))
                        return -1; /* an option that may move it or open another (-vfs, -A) */
                if (a[0] != '-' && !db)
                        db = a;
                else if (a[0] != '-') {
                        sql = true;
                        /* (a `.cd` among its SQL arguments moves a database not there yet alone:
                         * sqlite58, `sqlite3 w.db '.cd D' "attach ..."` of a w.db there named D/w.db) */
                        cd = cd || sqlite_text_cd(a);
                }
        }
        if (!db || !db[0] || strcmp(db, ":memory:") == 0 || strlen(start) >= sizeof(w->cur))
                return -1;
        /* a URI's file as SQLite reads it, where it may be written (strange56: `sqlite3 file:w.db
         * 'create table t(a)'` in read-only read task_failure, the URI not read); mode=ro's
         * writes are the task's own (sbx_run_sqlite_readonly()) */
        if (sbx_sqlite_uri_is(db, strlen(db))) {
                int how = sbx_sqlite_uri_path(db, strlen(db), w->uri, sizeof(w->uri));

                if (how != SBX_SQLITE_URI_CREATES && how != SBX_SQLITE_URI_WRITES)
                        return -1;
                db = w->uri;
        }
        memcpy(w->cur, start, strlen(start) + 1);
        w->dir[0] = '\0';
        /* without -init, ~/.sqliterc (none there: none read) */
        if (!init && (init = sqlite_rc_file(NULL, rc, sizeof(rc)))) {
                if ((r = sbx_run_host_access(init, F_OK)) == -ETIMEDOUT)
                        return -1;
                if (r < 0)
                        init = NULL;
                cd = cd || init;
                r = 1;
        }
        /* a DB there is opened first (asked only where a command may move it; of the child where a
         * mount may hang: not answered, not told) */
        if (cd && db[0] != '/' && join_name(there, sizeof(there), start, db) == 0 &&
            (r = sbx_run_host_access(there, F_OK)) == -ETIMEDOUT)
                return -1;
        if (cd && (db[0] == '/' || r == 0))
                memcpy(w->dir, start, strlen(start) + 1);
        if (init) {
                _cleanup_free_ char *buf = malloc(SCRIPT_FILE_MAX + 2);
                const char *text;
                bool unanswered = false;

                if (!buf)
                        return -1;
                if ((text = sqlite_file_text(init, start, buf, &unanswered)) && sqlite_walk_text(w, text, false, false) < 0)
                        return -1;
                if (!text && unanswered)
                        return -1;
        }
        for (size_t i = k + 1; i + 1 < n; i++)
                if (sqlite_option(argv[i], "-cmd") || sqlite_option(argv[i], "-init")) {
                        if (argv[i][strlen(argv[i]) - 1] == 'd' && sqlite_walk_text(w, argv[i + 1], true, false) < 0)
                                return -1;
                        i++;
                }
        /* then its SQL arguments in order (a word starting with '.' a dot-command, as the shell
         * tells them), until one opens the database: a `.cd DIR` moves it as a -cmd's does, one
         * that only prints is passed, SQL opens it; after another dot-command, which may move it
         * or open another, a `.cd` is not read (review57: before, none read, `sqlite3 t.db '.cd
         * D' 'create table t(a)'` of a refused D read task_failure in workspace-write, and in
         * read-only denied of the start's t.db) */
        for (size_t i = k + 1, dbs = 0; i < n && !w->dir[0]; i++) {
                const char *a = argv[i];
                bool other = false;

                if (sqlite_option(a, "-cmd") || sqlite_option(a, "-init")) {
                        i++;
                        continue;
                }
                if (a[0] == '-' || dbs++ == 0)
                        continue;
                if (a[0] != '.') {
                        memcpy(w->dir, w->cur, strlen(w->cur) + 1);
                        break;
                }
                if (sqlite_cd(a)) {
                        if (sqlite_walk_text(w, a, true, false) < 0)
                                return -1;
                } else if (sqlite_read(a)) {
                        /* a `.read FILE`'s commands, up to its first SQL, which opens the database
                         * (one not read: not told; before: passed as any dot-command, `sqlite3
                         * n.db '.read F' 'create table t(a)'` of an F that moved it named the
                         * start's n.db) */
                        _cleanup_free_ char *buf = NULL;
                        const char *text = sqlite_read_text(a, w->cur, &buf);

                        if (!text || sqlite_walk_text(w, text, false, true) < 0)
                                return -1;
                } else if (sqlite_text_other(a, false)) {
                        /* (a `.cd` after it, before the next SQL) */
                        for (size_t j = i + 1; j < n && !other; j++) {
                                if (sqlite_option(argv[j], "-cmd") || sqlite_option(argv[j], "-init")) {
                                        j++;
                                        continue;
                                }
                                if (argv[j][0] == '-')
                                        continue;
                                if (argv[j][0] != '.')
                                        break;
                                other = sqlite_cd(argv[j]);
                        }
                        if (other)
                                return -1;
                        break;
                }
        }
        *ret_db = db;
        *ret_sql = sql;
        return 0;
}

/* The database the walk w opened (or opens next, at its directory now) DB in, into out: 2 where
 * it is not start (moved), 1 where it is, 0 where it does not fit. */
static int sqlite_walk_db(const struct sqlite_walk *w, const char *start, const char *db, char *out, size_t size) {
        const char *dir = w->dir[0] ? w->dir : w->cur;

        if (join_name(out, size, dir, db) < 0)
                return 0;
        return db[0] != '/' && strcmp(dir, start) != 0 ? 2 : 1;
}

/* sbx_run_sqlite_stdin_db()'s, the commands of its stdin the file `file` (relative to dir) or,
 * where file is NULL, text: where not whole (the first lines of more), -1 for a text before whose
 * end no SQL opened the database. */
static int sqlite_input_db(char *const *argv, const char *dir, const char *file, const char *text, bool whole,
                           char *out, size_t size) {
        _cleanup_free_ char *buf = NULL;
        struct sqlite_walk w;
        char start[PATH_MAX], there[PATH_MAX];
        const char *db = NULL;
        size_t n = 0;
        ptrdiff_t k;
        bool unanswered = false, sql = false;
        int r;

        if ((k = argv_command(argv, dir, &n, start)) < 0 || strcmp(base_of(argv[k]), "sqlite3") != 0)
                return 0;
        /* its database, and no command but stdin's after what it runs first */
        if (sqlite_walk_argv(argv, (size_t) k, n, start, &w, &db, &sql) < 0 || sql || w.dir[0] || db[0] == '/')
                return 0;
        /* one there is opened where it starts, before any command */
        if (join_name(there, sizeof(there), start, db) < 0 || (r = sbx_run_host_access(there, F_OK)) == 0 ||
            r == -ETIMEDOUT)
                return 0;
        if (file && (!(buf = malloc(SCRIPT_FILE_MAX + 2)) ||
                     !(text = sqlite_file_text(strcmp(file, "-") == 0 ? "./-" : file, dir, buf, &unanswered))))
                return 0;
        if (sqlite_walk_text(&w, text, false, true) < 0)
                return 0;
        if (!whole && !w.dir[0])
                return -1;
        return sqlite_walk_db(&w, start, db, out, size);
}

int sbx_run_sqlite_stdin_db(char *const *argv, const struct sbx_run_words *cw, const char *dir, char *out,
                            size_t size) {
        if (cw->in_outer || cw->n_in != 1)
                return 0;
        return sqlite_input_db(argv, dir, cw->in[0], NULL, true, out, size);
}

/* The words of a sqlite3 that argv runs in cwd whose commands come from the caller's own stdin (no
 * redirection of its own, none of a shell around it), into cw and dir, and its text kept (len
 * bytes; not whole: up to its last whole line, which a cut text's may be) into *ret_text (the
 * caller's to free): NULL for another command, a NUL in it, out of memory. */
static char *const *sqlite_kept_words(char *const *argv, const char *cwd, const char *kept, size_t len, bool whole,
                                      struct sbx_run_words *cw, char *dir, char **ret_text) {
        char *const *words = sbx_run_command_words(argv, cwd, dir, cw);

        if (!words || cw->in_outer || cw->n_in != 0 || cw->status_one || memchr(kept, '\0', len))
                return NULL;
        while (!whole && len > 0 && kept[len - 1] != '\n')
                len--;
        return (*ret_text = strndup(kept, len)) ? words : NULL;
}

int sbx_run_sqlite_kept_db(char *const *argv, const char *cwd, const char *kept, size_t len, bool whole, char *out,
                           size_t size) {
        struct sbx_run_words cw = { 0 };
        char dir[PATH_MAX];
        _cleanup_free_ char *text = NULL;
        char *const *words = sqlite_kept_words(argv, cwd, kept, len, whole, &cw, dir, &text);
        int r = words ? sqlite_input_db(words, dir, NULL, text, whole, out, size) : 0;

        sbx_run_words_clear(&cw);
        return r;
}

int sbx_run_sqlite_database(char *const *argv, const char *cwd, char *out, size_t size) {
        struct sqlite_walk w;
        char start[PATH_MAX];
        const char *db;
        size_t n = 0;
        ptrdiff_t k;
        bool sql;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "sqlite3") != 0 ||
            sqlite_walk_argv(argv, (size_t) k, n, start, &w, &db, &sql) < 0)
                return 0;
        /* commands from its stdin, not read here, a relative database not opened before them:
         * opened at their first SQL, after any `.cd` they hold, which may have moved it (a
         * wrong file named is worse than none; sqlite59: before, `cat s.sql | sqlite3 t.db`
         * and the caller's `sqlite3 t.db < s.sql` of an s.sql running `.cd D` first recorded
         * the start's t.db, a denial of the wrong file in read-only mode); one there already
         * is opened where it starts, before them */
        if (!sql && !w.dir[0] && db[0] != '/') {
                char there[PATH_MAX];

                if (sqlite_walk_db(&w, start, db, there, sizeof(there)) != 1 || strlen(there) >= size ||
                    sbx_run_host_access(there, F_OK) != 0)
                        return 0;
                memcpy(out, there, strlen(there) + 1);
                return 1;
        }
        return sqlite_walk_db(&w, start, db, out, size);
}

/* Walks the text of the sqlite3 shell that runs before an ATTACH (sbx_run_sqlite_sql_dir()):
 * each of its `.cd DIR`s read as sqlite_walk_text() reads them, its DIR asked of the host whatever
 * the database did (w->dir kept empty). 0, or -1 where it is not read and may move the shell (a
 * `.cd` in it), -2 where it is not read but holds no `.cd` (another dot-command, which the walk
 * does not pass). */
static int sqlite_walk_cds(struct sqlite_walk *w, const char *text, bool one) {
        int r = sqlite_walk_text(w, text, one, false);

        w->dir[0] = '\0';
        if (r < 0)
                return sqlite_text_cd(text) ? -1 : -2;
        return 0;
}

/* Whether the sqlite3 shell's text a may open a file by a name relative to where it is, printing
 * "unable to open database: F" where it cannot: an ATTACH or a VACUUM INTO's. */
static bool sqlite_opens_named(const char *a) {
        return strcasestr(a, "attach") || strcasestr(a, "vacuum");
}

/* One command the sqlite3 shell runs before its ATTACHes (sbx_run_sqlite_sql_dir()): a, SQL
 * whole (a text not starting with '.') or one dot-command, read into w (its directory), at
 * (where the ATTACHes run, "" none yet) and *lost (sqlite_walk_cds()'s answer of a text not
 * read, 0 none yet). 0 to go on, -1 where the directory is lost, 1 where it is not told (an
 * ATTACH after a text not read that holds no `.cd`). A `.read FILE` runs FILE's commands there,
 * read as stdin's (sqlite_dir_text(), depth files deep). */
static int sqlite_dir_text(struct sqlite_walk *w, const char *text, char *at, int *lost, int depth);
static int sqlite_dir_step(struct sqlite_walk *w, const char *a, char *at, int *lost, int depth) {
        const char *d = a + strspn(a, " \t\r\n"), *file;
        size_t fl;
        bool output;

        /* SQL that attaches (or VACUUMs INTO a file, named alike), or a `.backup`, `.save`,
         * `.output` or `.once` of one file (its name relative to where the shell is; sqlite59:
         * before, `sqlite3 :memory: '.cd D' '.backup x.db'` read none): where it runs (after a
         * text not read that may have moved it, or beside another's directory: not told) */
        if (*d != '.' || sqlite_backup_file(d, &file, &fl, &output)) {
                if (*d != '.' && !sqlite_opens_named(a))
                        return 0;
                if (*lost == -1 || (at[0] && strcmp(at, w->cur) != 0))
                        return -1;
                if (*lost == -2)
                        return 1;
                memcpy(at, w->cur, strlen(w->cur) + 1);
                return 0;
        }
        /* a `.read FILE` (relative to where the shell is): its commands, as stdin's (before: its
         * `.cd` not read, `sqlite3 :memory: '.read F' "attach 'x.db' ..."` named the start's
         * x.db); one not read, a `|command`'s output, may move it */
        if (!*lost && sqlite_read(d)) {
                _cleanup_free_ char *buf = NULL;
                const char *text = depth < 4 ? sqlite_read_text(d, w->cur, &buf) : NULL;

                if (!text) {
                        *lost = -1;
                        return 0;
                }
                return sqlite_dir_text(w, text, at, lost, depth + 1);
        }
        /* a dot-command (after one not read: not read, a `.cd` in it lost; one not read beside
         * an ATTACH of its lines too) */
        if (!*lost)
                *lost = sqlite_walk_cds(w, a, true);
        else if (sqlite_text_cd(a))
                *lost = -1;
        return *lost == -1 && sqlite_opens_named(a) ? -1 : 0;
}

/* The last character of the SQL text s[0..n) outside blanks and comments (a quoted name's or
 * string's its closing quote), '\0' where there is none: a ';' ends a whole statement the
 * sqlite3 shell runs, none is a text of blanks and comments it drops. */
static char sqlite_sql_last(const char *s, size_t n) {
        char last = '\0';

        for (size_t i = 0; i < n; i++) {
                if (s[i] == '\'' || s[i] == '"' || s[i] == '`' || s[i] == '[') {
                        char end = s[i] == '[' ? ']' : s[i];

                        for (i++; i < n && s[i] != end; i++)
                                ;
                        last = end;
                } else if (s[i] == '-' && i + 1 < n && s[i + 1] == '-') {
                        while (i < n && s[i] != '\n')
                                i++;
                } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
                        for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
                                ;
                        i++;
                } else if (!strchr(" \t\r\n", s[i]))
                        last = s[i];
        }
        return last;
}

/* sqlite_dir_step() of each command of the text the sqlite3 shell reads on its stdin, as its
 * input loop splits it (shell.c's process_input()): a line starting with '.' where no statement
 * is pending is one dot-command, blank lines and comments (`#` lines too) between statements
 * passed, other lines SQL up to a whole statement (a trigger's body, whose `;`s end none, not read). Its
 * answer where not 0. */
static int sqlite_dir_text(struct sqlite_walk *w, const char *text, char *at, int *lost, int depth) {
        _cleanup_free_ char *cmd = malloc(strlen(text) + 2); /* (a newline after its last line) */
        size_t n = 0;
        int r;

        if (!cmd)
                return -1;
        for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
                size_t len = strcspn(l, "\n");

                if (n == 0 && l[0] == '#')
                        continue;
                if (n == 0 && l[0] == '.') {
                        memcpy(cmd, l, len);
                        cmd[len] = '\0';
                        if ((r = sqlite_dir_step(w, cmd, at, lost, depth)) != 0)
                                return r;
                        continue;
                }
                memcpy(cmd + n, l, len);
                n += len;
                cmd[n++] = '\n';
                cmd[n] = '\0';
                if (sqlite_sql_last(cmd, n) == '\0') {
                        n = 0; /* (blank lines and comments between statements) */
                        continue;
                }
                if (sqlite_sql_last(cmd, n) == ';' || !strchr(l, '\n')) {
                        if (strcasestr(cmd, "trigger") && sqlite_text_cd(text))
                                return -1;
                        if ((r = sqlite_dir_step(w, cmd, at, lost, depth)) != 0)
                                return r;
                        n = 0;
                }
        }
        return 0;
}

/* sbx_run_sqlite_sql_dir()'s, the commands of its stdin text where its argv holds no SQL (NULL:
 * not told). */
static int sqlite_sql_dir(char *const *argv, const char *cwd, const char *stdin_text, char *out, size_t size) {
        _cleanup_free_ char *buf = NULL;
        struct sqlite_walk w;
        const char *db = NULL, *init = NULL, *text;
        char start[PATH_MAX], rc[PATH_MAX], at[PATH_MAX] = ""; /* at: where the ATTACHes run */
        bool unanswered = false, args = false;
        size_t n = 0;
        ptrdiff_t k;
        int r = 0, lost = 0; /* lost: sqlite_walk_cds()'s answer of a text not read, 0 none yet */

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "sqlite3") != 0 ||
            strlen(start) >= sizeof(w.cur))
                return 0;
        for (size_t i = (size_t) k + 1; i < n; i++) {
                if (sqlite_option(argv[i], "-cmd") || sqlite_option(argv[i], "-init")) {
                        if (i + 1 >= n)
                                return 0;
                        if (argv[i][strlen(argv[i]) - 1] == 't')
                                init = argv[i + 1];
                        i++;
                } else if (argv[i][0] == '-' && argv[i][1] && !sqlite_flag(argv[i]))
                        return 0; /* an option that may take a word */
                else if (argv[i][0] != '-' && !db)
                        db = argv[i];
                else if (argv[i][0] != '-')
                        args = true;
        }
        /* no SQL argument: the shell reads its stdin, whose ATTACH is read where its text is told;
         * one not told may hold a `.cd`, its ATTACH's relative name then of no directory told
         * (sqlite59: before, not read, that name was the start's, `printf ".cd D\nattach 'x.db'
         * ..." | sqlite3 :memory:` of a double-quoted format recorded the start's x.db, a denial
         * of the wrong file in read-only mode) */
        if (!args && !stdin_text)
                return -1;
        memcpy(w.cur, start, strlen(start) + 1);
        w.dir[0] = '\0';
        /* its -init file, else ~/.sqliterc (none there: none read) */
        if ((init = sqlite_rc_file(init, rc, sizeof(rc))) && (r = sbx_run_host_access(init, F_OK)) != -ENOENT) {
                if (r == -ETIMEDOUT || !(buf = malloc(SCRIPT_FILE_MAX + 2)))
                        return -1;
                if (!(text = sqlite_file_text(init, start, buf, &unanswered)) && unanswered)
                        return -1;
                if (text && sqlite_opens_named(text))
                        return sqlite_text_cd(text) ? -1 : 0;
                if (text)
                        lost = sqlite_walk_cds(&w, text, false);
        }
        /* then its -cmd's, then its SQL arguments (else its stdin's), in order: the directory each
         * ATTACH runs in, one for all */
        for (int pass = 0; pass < 2; pass++)
                for (size_t i = (size_t) k + 1, dbs = 0; i < n; i++) {
                        const char *a = argv[i];

                        if (sqlite_option(a, "-cmd") || sqlite_option(a, "-init")) {
                                i++;
                                if (pass == 1 || a[strlen(a) - 1] == 't')
                                        continue;
                                a = argv[i];
                        } else if (pass == 0 || a[0] == '-' || dbs++ == 0)
                                continue;
                        if ((r = sqlite_dir_step(&w, a, at, &lost, 0)) != 0)
                                return r < 0 ? -1 : 0;
                }
        if (!args && (r = sqlite_dir_text(&w, stdin_text, at, &lost, 0)) != 0)
                return r < 0 ? -1 : 0;
        if (!at[0] || strlen(at) >= size)
                return 0;
        memcpy(out, at, strlen(at) + 1);
        return strcmp(at, start) != 0 ? 2 : 1;
}

int sbx_run_sqlite_sql_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        return sqlite_sql_dir(argv, cwd, NULL, out, size);
}

int sbx_run_sqlite_stdin_dir(char *const *argv, const struct sbx_run_words *cw, const char *dir, char *out,
                             size_t size) {
        _cleanup_free_ char *buf = NULL;
        const char *text;
        bool unanswered = false;

        /* (no one redirection of its own: a stdin not told, sbx_run_sqlite_sql_dir()'s) */
        if (cw->in_outer || cw->n_in != 1)
                return sqlite_sql_dir(argv, dir, NULL, out, size);
        if (!(buf = malloc(SCRIPT_FILE_MAX + 2)))
                return -1;
        /* (a file not read whose ATTACH may have run anywhere: -1, as a text not read) */
        if (!(text = sqlite_file_text(strcmp(cw->in[0], "-") == 0 ? "./-" : cw->in[0], dir, buf, &unanswered)))
                return unanswered ? -1 : 0;
        return sqlite_sql_dir(argv, dir, text, out, size);
}

int sbx_run_sqlite_kept_dir(char *const *argv, const char *cwd, const char *kept, size_t len, bool whole, char *out,
                            size_t size) {
        struct sbx_run_words cw = { 0 };
        char dir[PATH_MAX];
        _cleanup_free_ char *text = NULL;
        /* (a cut text: a `.cd` after it may move a later ATTACH) */
        char *const *words = whole ? sqlite_kept_words(argv, cwd, kept, len, true, &cw, dir, &text) : NULL;
        int r = words ? sqlite_sql_dir(words, dir, text, out, size) : -1;

        sbx_run_words_clear(&cw);
        return r;
}

bool sbx_run_sqlite_readonly(char *const *argv, const char *cwd) {
        char start[PATH_MAX], uri[PATH_MAX];
        const char *db = NULL;
        bool attach_ro = false, other_sql = false;
        size_t n = 0;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "sqlite3") != 0)
                return false;
        for (size_t i = (size_t) k + 1; i < n; i++) {
                if (strcmp(argv[i], "-readonly") == 0 || strcmp(argv[i], "--readonly") == 0)
                        return true;
                if (sqlite_option(argv[i], "-cmd") || sqlite_option(argv[i], "-init")) {
                        i++;
                        continue;
                }
                /* its database a URI it opens read-only (mode=ro, immutable=1): the same
                 * (strange56: under Landlock `sqlite3 'file:x.db?mode=ro' 'insert ...'` read
                 * denied) */
                if (argv[i][0] != '-' && !db)
                        db = argv[i];
                else if (argv[i][0] != '-') {
                        /* SQL whose writes all name the schema of the one file it attaches (none
                         * the database's), that file a URI opened read-only: its write refused is
                         * SQLite's own too (strange56: in read-only, `attach 'file:x.db?mode=ro'
                         * as a; insert into a.t ...` read denied of the database) */
                        const char *file;
                        size_t fl;

                        if (sqlite_attach_file(argv[i], &file, &fl) == 1 && sbx_sqlite_uri_is(file, fl) &&
                            sbx_sqlite_uri_path(file, fl, uri, sizeof(uri)) == SBX_SQLITE_URI_READS)
                                attach_ro = true;
                        else
                                other_sql = true;
                }
        }
        if (attach_ro && !other_sql)
                return true;
        return db && sbx_sqlite_uri_is(db, strlen(db)) &&
               sbx_sqlite_uri_path(db, strlen(db), uri, sizeof(uri)) == SBX_SQLITE_URI_READS;
}

int sbx_run_sqlite_target(char *const *argv, const char *cwd, char *out, size_t size) {
        _cleanup_free_ char *target = NULL;
        const char *db = NULL, *file = NULL, *init = NULL;
        size_t n = 0, fl = 0;
        bool plain = false, output = false, reads = false, to_output, attached = false, main_too = false,
             args = false, cds = false;
        char start[PATH_MAX], rc[PATH_MAX], dir[PATH_MAX];
        ptrdiff_t k;
        int at;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "sqlite3") != 0)
                return 0;
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i];

                if (sqlite_option(a, "-init")) {
                        if (i + 1 >= n)
                                return 0;
                        init = argv[++i];
                        continue;
                }
                /* -cmd's SQL, read as an argument's (run first: the order is no matter here) */
                if (sqlite_option(a, "-cmd")) {
                        if (i + 1 >= n)
                                return 0;
                        a = argv[++i];
                } else if (a[0] == '-' && a[1]) {
                        /* the flags alone: another option may take a word, open the database
                         * otherwise or read commands from a file (-readonly, -vfs) */
                        if (!sqlite_flag(a))
                                return 0;
                        continue;
                } else if (!db) {
                        db = a;
                        continue;
                } else
                        args = true;
                if (attached)
                        return 0; /* SQL or a dot-command beside an ATTACH's */
                /* a `.cd DIR` before it: where an ATTACH runs (below) */
                if (sqlite_cd(a) && !strchr(a, '\n')) {
                        cds = true;
                        continue;
                }
                if (sqlite_backup_file(a, &file, &fl, &to_output)) {
                        /* one file, and no SQL beside it that writes the database (for an
                         * output file, SQL that only reads) */
                        if (plain || (reads && !to_output) || (target && (strlen(target) != fl || strncmp(target, file, fl) != 0)))
                                return 0;
                        if (!target && !(target = strndup(file, fl)))
                                return 0;
                        output = output || to_output;
                } else if (sqlite_reads_only(a) && (!target || output)) {
                        /* a query, its rows into the output file (or SQL for the database, below,
                         * when there is none) */
                        reads = true;
                } else if ((at = sqlite_attach_file(a, &file, &fl)) > 0 && !plain && !reads && !target &&
                           !strcasestr(a, "vacuum") && file[0] != ':') {
                        /* SQL that writes the one file it attaches, alone: that file, and no
                         * SQL beside it; a URI's as SQLite reads it, one it may write (left56:
                         * not read, `attach 'file:///x/e.db?mode=rwc' as x; insert into x.t ...`
                         * in workspace-write read task_failure under both backends) */
                        char uri[PATH_MAX];
                        int how = sbx_sqlite_uri_is(file, fl) ? sbx_sqlite_uri_path(file, fl, uri, sizeof(uri))
                                                               : SBX_SQLITE_URI_CREATES;

                        if (how != SBX_SQLITE_URI_CREATES && how != SBX_SQLITE_URI_WRITES)
                                return 0;
                        if (!(target = sbx_sqlite_uri_is(file, fl) ? strdup(uri) : strndup(file, fl)))
                                return 0;
                        attached = true;
                        main_too = at == 2;
                } else {
                        /* SQL: the database's, unless another dot-command, or one that attaches
                         * or writes another file (ATTACH, VACUUM INTO) */
                        if (target || a[strspn(a, " \t\n")] == '.' || strcasestr(a, "attach") || strcasestr(a, "vacuum"))
                                return 0;
                        plain = true;
                }
        }
        plain = plain || (reads && !target);
        /* no database, or commands from stdin, which it reads after -cmd's where no argument
         * follows DB: the database is then no more told by -cmd's SQL than by none (left56: `echo
         * "attach 'X' ...; insert into x.t ..." | sqlite3 -cmd 'select 1' own.db` read own.db,
         * -cmd's query alone, in workspace-write X outside task_failure) */
        if (!db || (!target && (!plain || !args)))
                return 0;
        if (sqlite_init_other(sqlite_rc_file(init, rc, sizeof(rc)), start, true))
                return 0;
        if (!target && (!db[0] || strcmp(db, ":memory:") == 0))
                return 0;
        /* past `.cd`s, the file an ATTACH writes alone, or a `.backup`'s, `.save`'s, `.output`'s
         * or `.once`'s, in the directory they moved the shell to as sbx_run_sqlite_sql_dir() reads
         * it (sqlite58: before, not read, `sqlite3 :memory: '.cd D' "attach 'e.db' as x; insert
         * into x.t ..."` of an existing D/e.db in read-only mode read task_failure under bwrap,
         * and `sqlite3 w.db '.cd D' ...` named w.db; sqlite59: `sqlite3 :memory: '.cd D' '.backup
         * x.db'` of a refused D read task_failure) */
        if (cds && (!target || sbx_run_sqlite_sql_dir(argv, cwd, dir, sizeof(dir)) <= 0))
                return 0;
        /* a URI's file (strange56: `sqlite3 file:w.db ...` not read) */
        if (!target && sbx_sqlite_uri_is(db, strlen(db))) {
                char uri[PATH_MAX];
                int how = sbx_sqlite_uri_path(db, strlen(db), uri, sizeof(uri));

                if ((how != SBX_SQLITE_URI_CREATES && how != SBX_SQLITE_URI_WRITES) || !(target = strdup(uri)))
                        return 0;
        }
        file = target ? target : db;
        return join_name(out, size, cds ? dir : start, file) < 0 ? 0 : main_too ? 2 : 1;
}

/* The last component of the path of the URL u (after its scheme and host, before its query or
 * fragment), which curl's -O names its file: into *ret (length *ret_len), false when it has none
 * or is not a plain name (empty, "." or "..", a '%' curl may keep or not). The host ends at its
 * first '/', '?' or '#': a '/' of the query or fragment of a URL without a path
 * (http://h?x=/a/b) is none of its path. */
static bool url_remote_name(const char *u, const char **ret, size_t *ret_len) {
        const char *p = strstr(u, "://"), *end, *name;

        if (!p || *(p += 3 + strcspn(p + 3, "/?#")) != '/')
                return false;
        end = p + strcspn(p, "?#");
        name = (const char *) memrchr(p, '/', (size_t) (end - p)) + 1;
        if (name == end || memchr(name, '%', (size_t) (end - name)) || (end - name <= 2 && name[0] == '.' &&
                                                                         (end - name == 1 || name[1] == '.')))
                return false;
        *ret = name;
        *ret_len = (size_t) (end - name);
        return true;
}

/* Whether curl globs the URL u (several transfers): a '{' or '[' in it, but for an IPv6 address in
 * brackets as its host, which curl's glob leaves alone (review52: `curl -sS -o F
 * 'http://[::1]:8000/x'` read no output, its refused -o task_failure), or with -g (globoff) none. */
static bool url_globs(const char *u, bool globoff) {
        const char *g = u + strcspn(u, "{["), *host = strstr(u, "://");
        size_t n;

        if (globoff || !*g)
                return false;
        host = host ? host + 3 : u;
        if (g != host || *g != '[')
                return true;
        n = strspn(host + 1, "0123456789abcdefABCDEF:.");
        if (n == 0 || host[1 + n] != ']')
                return true;
        return host[2 + n + strcspn(host + 2 + n, "{[")] != '\0';
}

int sbx_run_curl_output(char *const *argv, const char *cwd, char *out, size_t size) {
        /* the options read: those without an argument, and those with one that write no file and
         * do not change where the output goes, --create-dirs, and --output-dir DIR (the last one
         * given: curl writes DIR/FILE, an absolute FILE too; review53: not read before, and a
         * refused `curl -s --output-dir sub -o f URL` read task_failure under both backends); any
         * other (-D, -c, -K, -J, -Z, --remote-name-all, ...) is not read */
        static const char short_flags[] = "fsSLkvigI46NnRq#";
        static const char short_args[] = "HAudXebmrxwECPQtTFUyYz";
        static const char *const long_flags[] = {
                "--fail", "--fail-with-body", "--silent", "--show-error", "--location", "--insecure", "--verbose",
                "--include", "--head", "--compressed", "--globoff", "--ipv4", "--ipv6", "--no-buffer", "--netrc",
                "--remote-time", "--no-progress-meter", "--progress-bar", "--fail-early", "--location-trusted",
                "--http1.1", "--http2", "--retry-connrefused", "--retry-all-errors", NULL
        };
        static const char *const long_args[] = {
                "--header", "--user-agent", "--user", "--data", "--data-raw", "--data-binary", "--data-urlencode",
                "--request", "--referer", "--cookie", "--max-time", "--connect-timeout", "--retry", "--retry-delay",
                "--retry-max-time", "--write-out", "--proxy", "--range", "--continue-at", "--cacert", "--resolve",
                "--max-filesize", "--limit-rate", "--proto", "--proto-redir", "--form", "--upload-file",
                "--oauth2-bearer", "--max-redirs", NULL
        };
        const char *file = NULL, *url = NULL, *outdir = NULL;
        bool remote = false, dirs = false, globoff = false;
        char start[PATH_MAX], name[PATH_MAX], joined[PATH_MAX];
        size_t n = 0, fl = 0;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "curl") != 0)
                return 0;
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i], *value = NULL;

                if (a[0] != '-' || !a[1]) {
                        if (url)
                                return 0; /* a second URL: its own output (stdout, or a second -o) */
                        url = a;
                } else if (a[1] == '-') {
                        if (strcmp(a, "--output") == 0 || strcmp(a, "--url") == 0) {
                                if (i + 1 >= n)
                                        return 0;
                                value = argv[++i];
                                if (a[2] == 'u') {
                                        if (url)
                                                return 0;
                                        url = value;
                                        value = NULL;
                                }
                        } else if (strcmp(a, "--output-dir") == 0) {
                                if (i + 1 >= n)
                                        return 0;
                                outdir = argv[++i];
                        } else if (strcmp(a, "--remote-name") == 0)
                                remote = true;
                        else if (strcmp(a, "--create-dirs") == 0)
                                dirs = true;
                        else if (strcmp(a, "--globoff") == 0)
                                globoff = true;
                        else if (word_in(a, long_args))
                                i++;
                        else if (!word_in(a, long_flags))
                                return 0;
                } else
                        for (const char *f = a + 1; *f; f++) {
                                if (*f == 'o' || strchr(short_args, *f)) {
                                        /* the rest of the word is its argument, else the next word */
                                        const char *v = f[1] ? f + 1 : i + 1 < n ? argv[++i] : NULL;

                                        if (!v)
                                                return 0;
                                        if (*f == 'o')
                                                value = v;
                                        break;
                                }
                                if (*f == 'O')
                                        remote = true;
                                else if (*f == 'g')
                                        globoff = true;
                                else if (!strchr(short_flags, *f))
                                        return 0;
                        }
                if (value) {
                        if (file)
                                return 0;
                        file = value;
                }
        }
        /* one URL, no glob in it (several transfers), one output: -o FILE, or -O's remote name */
        if (!url || url_globs(url, globoff) || !!file == remote)
                return 0;
        if (remote && url_remote_name(url, &file, &fl)) {
                if (fl >= sizeof(name))
                        return 0;
                memcpy(name, file, fl);
                name[fl] = '\0';
                file = name;
        } else if (remote || !file[0] || strcmp(file, "-") == 0 || strchr(file, '#') || file[strlen(file) - 1] == '/')
                /* stdout ("-"), a name curl fills from the URL's globs ("#1"), a directory's
                 * (EISDIR, the host's answer too), or -O's none */
                return 0;
        /* --output-dir DIR (an empty one is none): DIR/FILE, whatever FILE */
        if (outdir && outdir[0]) {
                int len = snprintf(joined, sizeof(joined), "%s/%s", outdir, file + strspn(file, "/"));

                if (len < 0 || (size_t) len >= sizeof(joined))
                        return 0;
                file = joined;
        }
        return join_name(out, size, start, file) < 0 ? 0 : dirs ? 2 : 1;
}

/* The lock file of the index (GITDIR/index.lock) of the repository a git found from start: the
 * first `.git` going up from its real path, a directory, or a file's `gitdir: X` (a worktree's, a
 * submodule's; X relative to the file's directory). 0 where none is found or one cannot be read. */
/* Whether the directory d is one git takes for a repository's: its HEAD, and its objects and
 * refs directories searchable (or a commondir file that names where they are, left to git). */
static bool git_directory(const char *d) {
        char p[PATH_MAX + 16];

        if (snprintf(p, sizeof(p), "%s/commondir", d) < (int) sizeof(p) && sbx_run_host_access(p, F_OK) == 0)
                return true;
        return snprintf(p, sizeof(p), "%s/HEAD", d) < (int) sizeof(p) && sbx_run_host_access(p, F_OK) == 0 &&
               snprintf(p, sizeof(p), "%s/objects", d) < (int) sizeof(p) && sbx_run_host_access(p, X_OK) == 0 &&
               snprintf(p, sizeof(p), "%s/refs", d) < (int) sizeof(p) && sbx_run_host_access(p, X_OK) == 0;
}

static int git_index_lock(const char *start, char *out, size_t size) {
        char dir[PATH_MAX], dotgit[PATH_MAX + 8], text[PATH_MAX + 16];
        unsigned untold = sbx_run_host_untold();

        if (sbx_run_host_realpath(start, dir, sizeof(dir)) < 0)
                return 0;
        for (;;) {
                struct stat sb;
                char *slash;
                int e;

                if (join_name(dotgit, sizeof(dotgit), dir, ".git") < 0)
                        return 0;
                e = -sbx_run_host_stat(dotgit, true, &sb);
                /* a directory git takes for its own (is_git_directory()): else it goes on up
                 * (review53: an empty .git in the workspace named its lock there, the refusal of
                 * the repository's above read task_failure in workspace-write); one whose
                 * questions were not told is none known */
                if (e == 0 && S_ISDIR(sb.st_mode) && git_directory(dotgit))
                        return snprintf(out, size, "%s/index.lock", dotgit) < (int) size ? 1 : 0;
                if (sbx_run_host_untold() != untold)
                        return 0;
                if (e == 0 && S_ISDIR(sb.st_mode))
                        e = ENOENT;
                if (e == 0) {
                        ssize_t k;
                        char gitdir[PATH_MAX];

                        if ((k = sbx_run_host_read(dotgit, text, sizeof(text) - 1)) <= 8)
                                return 0;
                        text[k] = '\0';
                        text[strcspn(text, "\r\n")] = '\0';
                        if (strncmp(text, "gitdir: ", 8) != 0 || !text[8] ||
                            join_name(gitdir, sizeof(gitdir), dir, text + 8) < 0)
                                return 0;
                        return snprintf(out, size, "%s/index.lock", gitdir) < (int) size ? 1 : 0;
                }
                if (e != ENOENT || strcmp(dir, "/") == 0)
                        return 0;
                slash = strrchr(dir, '/');
                slash[slash == dir ? 1 : 0] = '\0';
        }
}

int sbx_run_git_stash_lock(char *const *argv, const char *cwd, char *out, size_t size) {
        /* git's options before its command: those that leave the repository and its index where
         * they are; -C DIR moves the start, --git-dir names the repository; any other is not read */
        static const char *const flags[] = { "--no-pager",           "-P",
                                             "--paginate",           "-p",
                                             "--no-replace-objects", "--literal-pathspecs",
                                             "--glob-pathspecs",     "--noglob-pathspecs",
                                             "--icase-pathspecs",    "--no-optional-locks",
                                             NULL };
        /* stash's commands that refresh the index first, quietly */
        static const char *const refreshing[] = { "push", "save", "apply", "pop", NULL };
        /* the variables before it that move the index where sbx does not read them */
        static const char *const moving[] = { "GIT_INDEX_FILE=", "GIT_COMMON_DIR=", "GIT_CEILING_DIRECTORIES=",
                                              "GIT_DISCOVERY_ACROSS_FILESYSTEM=" };
        char start[PATH_MAX];
        const char *gitdir = NULL, *env_gitdir = NULL, *sub;
        size_t n = 0, i;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "git") != 0)
                return 0;
        /* an env's NAME=VALUE words (its options and the wrappers' take no such word): GIT_DIR as
         * --git-dir; GIT_WORK_TREE moves no index (links56: `env GIT_WORK_TREE=W git -C G stash`
         * and `env GIT_DIR=G/.git git stash` read no lock, task_failure; strace'd, 2.39: both
         * G/.git/index.lock) */
        for (i = 0; i < (size_t) k; i++) {
                if (strncmp(argv[i], "GIT_DIR=", 8) == 0)
                        env_gitdir = argv[i] + 8;
                for (size_t v = 0; v < SBX_ELEMENTSOF(moving); v++)
                        if (strncmp(argv[i], moving[v], strlen(moving[v])) == 0)
                                return 0;
        }
        if (env_gitdir && !env_gitdir[0])
                return 0;
        for (i = (size_t) k + 1; i < n && argv[i][0] == '-'; i++) {
                const char *a = argv[i];

                if (strcmp(a, "-C") == 0 || strcmp(a, "--git-dir") == 0) {
                        char joined[PATH_MAX];

                        if (i + 1 >= n || !argv[i + 1][0])
                                return 0;
                        if (a[1] == '-') {
                                gitdir = argv[++i];
                                continue;
                        }
                        if (join_name(joined, sizeof(joined), start, argv[++i]) < 0)
                                return 0;
                        memcpy(start, joined, strlen(joined) + 1);
                } else if (strncmp(a, "--git-dir=", 10) == 0 && a[10])
                        gitdir = a + 10;
                /* the work tree moves no index: git finds its repository from the start as
                 * without it, its index and the lock in the git directory (measured, 2.39: `git
                 * -C G --work-tree=W stash` creates G/.git/index.lock; review55: before, none
                 * read, task_failure for G outside the workspace) */
                else if (strcmp(a, "--work-tree") == 0) {
                        if (++i >= n || !argv[i][0])
                                return 0;
                } else if (strncmp(a, "--work-tree=", 12) == 0 && a[12])
                        continue;
                else if (strcmp(a, "-c") == 0) {
                        if (++i >= n)
                                return 0;
                } else if (!word_in(a, flags))
                        return 0;
        }
        if (i >= n || strcmp(argv[i], "stash") != 0)
                return 0;
        sub = i + 1 < n ? argv[i + 1] : NULL;
        if (sub && !word_in(sub, refreshing) &&
            (sub[0] != '-' || strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0))
                return 0;
        if (gitdir || env_gitdir) {
                char joined[PATH_MAX];

                /* (relative: from where git's -C moved it, as --git-dir's) */
                return join_name(joined, sizeof(joined), start, gitdir ? gitdir : env_gitdir) == 0 &&
                                       snprintf(out, size, "%s/index.lock", joined) < (int) size
                               ? (gitdir ? 1 : 2)
                               : 0;
        }
        return git_index_lock(start, out, size);
}

int sbx_run_zip_output(char *const *argv, const char *cwd, char *out, size_t size) {
        /* zip's options read: flags that move no output (not -b's temp path, -O's other archive,
         * -c's and -e's prompts), and those whose one argument names no file */
        static const char flags[] = "0123456789qrvjDyXTmfuFdlgoAJkwSRL@";
        /* (-TT's test command and -lf's log file: two letters, each of them a flag's) */
        static const char *const with_arg[] = { "-n", "-P", "-Z", "-t", "-tt", "-TT", "-lf", NULL };
        const char *zipfile = NULL, *base;
        char start[PATH_MAX], name[PATH_MAX];
        size_t n = 0;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "zip") != 0)
                return 0;
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i];

                if (a[0] != '-') {
                        zipfile = zipfile ? zipfile : a;
                        continue;
                }
                if (word_in(a, with_arg)) {
                        if (++i >= n)
                                return 0;
                        continue;
                }
                /* -x's and -i's patterns after the archive (`zip -r x.zip . -x '*.git*'`), read
                 * as its files are: its list ends at the next option or "@" (review53: before,
                 * none read, task_failure); before the archive, which word ends it is not read */
                if (zipfile && (strcmp(a, "-x") == 0 || strcmp(a, "-i") == 0))
                        continue;
                if (!a[1] || strspn(a + 1, flags) != strlen(a + 1))
                        return 0;
                /* a cluster as zip reads it, left to right, the longer option first at each letter
                 * (-ll before -l): -TT's and -lf's argument is the rest of the cluster, or the next
                 * word where nothing follows them (review54: `zip -qTT CMD X.zip F` read CMD.zip for
                 * the archive, and where X's directory is missing on the host too, denied) */
                for (const char *f = a + 1; *f; f++) {
                        if ((f[0] == 'T' && f[1] == 'T') || (f[0] == 'l' && f[1] == 'f')) {
                                if (!f[2] && ++i >= n)
                                        return 0;
                                break;
                        }
                        if (f[0] == 'l' && f[1] == 'l')
                                f++;
                }
        }
        if (!zipfile || !zipfile[0] || zipfile[strlen(zipfile) - 1] == '/')
                return 0;
        /* a name without an extension gets zip's .zip */
        base = base_of(zipfile);
        if (snprintf(name, sizeof(name), "%s%s", zipfile, strchr(base, '.') ? "" : ".zip") >= (int) sizeof(name))
                return 0;
        return join_name(out, size, start, name) < 0 ? 0 : 1;
}

/* Whether wget takes the file at path for one that is there (its file_exists_p()): a regular file
 * its mode lets the user read, by owner, group or others (1), or not (0); -1 when the host's
 * answer was not told (sbx_run_host_stat()). */
static int wget_file_there(const char *path) {
        struct stat st;
        gid_t groups[NGROUPS_MAX];
        bool member;
        int n, r;

        if ((r = sbx_run_host_stat(path, true, &st)) == -ETIMEDOUT)
                return -1;
        if (r < 0 || !S_ISREG(st.st_mode))
                return 0;
        member = st.st_gid == getgid() || st.st_gid == getegid();
        n = member ? 0 : getgroups(NGROUPS_MAX, groups);
        for (int i = 0; !member && i < n; i++)
                member = groups[i] == st.st_gid;
        return ((st.st_mode & S_IRUSR) && st.st_uid == getuid()) || ((st.st_mode & S_IRGRP) && member) ||
               (st.st_mode & S_IROTH);
}

/* join_name() of a directory a tool writes in, its "." components dropped where it holds no
 * ".." (`ninja -C .`, `compileall .`: "/w/./x" was recorded; a ".." is resolved by the host later,
 * never lexically). */
static int join_dir_clean(char *out, size_t size, const char *dir, const char *name) {
        _cleanup_free_ char *norm = NULL;

        if (join_name(out, size, dir, name) < 0)
                return -1;
        if (strstr(out, "/..") || sbx_path_normalize(out, &norm) < 0 || strlen(norm) >= size)
                return 0;
        memcpy(out, norm, strlen(norm) + 1);
        return 0;
}

/* Whether dir holds a CMake build of a Ninja generator ("Ninja", "Ninja Multi-Config") whose
 * CMakeCache.txt and build.ninja the host lets the user read. */
static bool cmake_ninja_build(const char *dir) {
        static const char gen[] = "CMAKE_GENERATOR:INTERNAL=Ninja";
        _cleanup_free_ char *cache = NULL, *manifest = NULL, *line = NULL;
        _cleanup_fclose_ FILE *f = NULL;
        const char *top = strcmp(dir, "/") == 0 ? "" : dir;
        size_t cap = 0;
        ssize_t len;

        if (asprintf(&cache, "%s/CMakeCache.txt", top) < 0 || asprintf(&manifest, "%s/build.ninja", top) < 0 ||
            faccessat(AT_FDCWD, manifest, R_OK, AT_EACCESS) != 0 || !(f = fopen(cache, "re")))
                return false;
        while ((len = getline(&line, &cap, f)) > 0) {
                while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
                        line[--len] = '\0';
                if (strncmp(line, gen, sizeof(gen) - 1) == 0 &&
                    (!line[sizeof(gen) - 1] || strcmp(line + sizeof(gen) - 1, " Multi-Config") == 0))
                        return true;
        }
        return false;
}

int sbx_run_ninja_log(char *const *argv, const char *cwd, char *out, size_t size) {
        const char *dir = NULL;
        char start[PATH_MAX];
        size_t n = 0, dirs = 0;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0)
                return 0;
        if (strcmp(base_of(argv[k]), "meson") == 0 && (size_t) k + 1 < n && strcmp(argv[k + 1], "compile") == 0) {
                /* meson compile runs ninja in its -C DIR (the start by default) and passes its
                 * status and its lines on stdout through: its options that pass nothing else to
                 * ninja (not --clean, --ninja-args, ...) */
                for (size_t i = (size_t) k + 2; i < n; i++) {
                        const char *a = argv[i];

                        if (a[0] != '-' || !a[1])
                                continue; /* a target */
                        if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0)
                                continue;
                        if (strcmp(a, "-j") == 0 || strcmp(a, "-l") == 0 || strcmp(a, "--jobs") == 0 ||
                            strcmp(a, "--load-average") == 0 || strcmp(a, "-C") == 0) {
                                if (++i >= n)
                                        return 0;
                                if (a[1] == 'C') {
                                        dir = argv[i];
                                        dirs++;
                                }
                                continue;
                        }
                        if (strncmp(a, "-C", 2) == 0) {
                                dir = a + 2;
                                dirs++;
                                continue;
                        }
                        if (strncmp(a, "--jobs=", 7) != 0 && strncmp(a, "--load-average=", 15) != 0 &&
                            !((a[1] == 'j' || a[1] == 'l') && isdigit((unsigned char) a[2])))
                                return 0;
                }
        } else if (strcmp(base_of(argv[k]), "cmake") == 0) {
                /* cmake --build DIR of a Ninja generator's build runs ninja in DIR and passes its
                 * status and its lines on stdout through (mine55: `cmake --build b` of a build in
                 * the workspace in read-only mode read task_failure where `ninja -C b` read denied):
                 * its options that pass nothing else to ninja (not --clean-first, whose clean runs
                 * first, nor native options after "--") */
                if ((size_t) k + 2 >= n || strcmp(argv[k + 1], "--build") != 0 || argv[k + 2][0] == '-' ||
                    !argv[k + 2][0])
                        return 0;
                dir = argv[k + 2];
                for (size_t i = (size_t) k + 3; i < n; i++) {
                        const char *a = argv[i];

                        if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0 || strcmp(a, "--use-stderr") == 0)
                                continue;
                        if (strcmp(a, "-j") == 0 || strcmp(a, "--parallel") == 0) {
                                /* its jobs optional: a number after it is theirs */
                                if (i + 1 < n && sbx_digits_only(argv[i + 1]))
                                        i++;
                                continue;
                        }
                        if ((a[0] == '-' && a[1] == 'j' && sbx_digits_only(a + 2)) ||
                            (strncmp(a, "--parallel=", 11) == 0 && sbx_digits_only(strchr(a, '=') + 1)))
                                continue;
                        if (strcmp(a, "--config") == 0) {
                                if (++i >= n)
                                        return 0;
                                continue;
                        }
                        if (strcmp(a, "-t") == 0 || strcmp(a, "--target") == 0) {
                                /* one target or more, up to the next option */
                                if (i + 1 >= n || argv[i + 1][0] == '-')
                                        return 0;
                                while (i + 1 < n && argv[i + 1][0] != '-')
                                        i++;
                                continue;
                        }
                        if (strcmp(a, "--") == 0 && i + 1 == n)
                                continue;
                        return 0;
                }
                dirs = 1;
        } else if (strcmp(base_of(argv[k]), "ninja") != 0)
                return 0;
        for (size_t i = (size_t) k + 1; i < n && strcmp(base_of(argv[k]), "ninja") == 0; i++) {
                const char *a = argv[i];

                if (strcmp(a, "--") == 0)
                        break; /* targets */
                if (strncmp(a, "--", 2) == 0) {
                        if (!long_option(a, "--verbose", 5) && !long_option(a, "--quiet", 3))
                                return 0;
                        continue;
                }
                if (a[0] != '-' || !a[1])
                        continue; /* a target */
                /* getopt's "d:f:j:k:l:nt:vw:C:h": -n builds nothing, -t runs a tool, -h helps */
                for (const char *p = a + 1; *p; p++) {
                        const char *arg;

                        if (*p == 'v')
                                continue;
                        if (!strchr("dfjklwC", *p) || !(arg = option_arg(argv, n, &i, p + 1)))
                                return 0;
                        if (*p == 'd' && strcmp(arg, "list") == 0)
                                return 0;
                        if (*p == 'C') {
                                dir = arg;
                                dirs++;
                        }
                        break;
                }
        }
        /* ninja takes the last -C, from where it starts (one chdir after its options; measured,
         * 1.11: `ninja -C a -C b` enters b, not a/b; review55: before, none read) */
        if ((dirs > 1 && strcmp(base_of(argv[k]), "meson") == 0) || (dir && !dir[0]))
                return 0;
        if (dir) {
                char joined[PATH_MAX];

                if (join_dir_clean(joined, sizeof(joined), start, dir) < 0 || strlen(joined) >= sizeof(start))
                        return 0;
                memcpy(start, joined, strlen(joined) + 1);
        }
        /* meson prints its own errors on stdout too ("ERROR: Current directory is not a meson
         * build directory"): only a build directory of meson's, whose meson-private/coredata.dat
         * and build.ninja the host lets the user read */
        if (strcmp(base_of(argv[k]), "meson") == 0) {
                _cleanup_free_ char *coredata = NULL, *manifest = NULL;
                const char *top = strcmp(start, "/") == 0 ? "" : start;

                if (asprintf(&coredata, "%s/meson-private/coredata.dat", top) < 0 ||
                    asprintf(&manifest, "%s/build.ninja", top) < 0 ||
                    sbx_run_host_access(coredata, R_OK) != 0 || sbx_run_host_access(manifest, R_OK) != 0)
                        return 0;
        }
        /* cmake prints its own errors on stderr, but a Makefile generator's build prints its
         * commands' lines there too: only a build whose CMakeCache.txt the host lets the user
         * read names a Ninja generator, and whose build.ninja it lets the user read */
        if (strcmp(base_of(argv[k]), "cmake") == 0 && !cmake_ninja_build(start))
                return 0;
        return snprintf(out, size, "%s/.ninja_log", strcmp(start, "/") == 0 ? "" : start) < (int) size ? 1 : 0;
}

int sbx_run_keygen_hosts(char *const *argv, const char *cwd, char *out, size_t size) {
        const char *file = NULL;
        char start[PATH_MAX];
        size_t n = 0;
        ptrdiff_t k;
        bool rewrites = false;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "ssh-keygen") != 0)
                return 0;
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i], *arg;

                /* -R and -H take no operand: any other word, another form */
                if (a[0] != '-' || !a[1] || a[1] == '-')
                        return 0;
                /* OpenSSH's flags (no argument) and the options with one; -K, -J, -W, -S, -T,
                 * -G, -M, -Y, whose meaning moved between versions, or that start another form:
                 * none */
                for (const char *p = a + 1; *p; p++) {
                        if (strchr("BHLQUXceghilopquvy", *p)) {
                                rewrites = rewrites || *p == 'H';
                                continue;
                        }
                        if (!strchr("CDEFINOPRVZabfjmnrstwz", *p) || !(arg = option_arg(argv, n, &i, p + 1)))
                                return 0;
                        if (*p == 'f')
                                file = arg;
                        rewrites = rewrites || *p == 'R';
                        break;
                }
        }
        if (!rewrites || !file || !file[0])
                return 0;
        return join_name(out, size, start, file) < 0 ? 0 : 1;
}

int sbx_run_iconv_output(char *const *argv, const char *cwd, char *out, size_t size) {
        const char *file = NULL;
        char start[PATH_MAX];
        size_t n = 0;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "iconv") != 0)
                return 0;
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i], *arg;

                if (strcmp(a, "--") == 0)
                        break; /* input files */
                if (strncmp(a, "--", 2) == 0) {
                        if (long_option(a, "--from-code", 3) || long_option(a, "--to-code", 3)) {
                                if (!option_arg(argv, n, &i, NULL))
                                        return 0;
                        } else if (long_option(a, "--output", 3)) {
                                if (!(file = option_arg(argv, n, &i, NULL)))
                                        return 0;
                        } else if (!long_option(a, "--silent", 3) && !long_option(a, "--verbose", 5))
                                return 0; /* --list, --help, --usage, --version: no file */
                        continue;
                }
                if (a[0] != '-' || !a[1])
                        continue; /* an input file, stdin */
                /* glibc's "cf:lo:st:" and -? -V: -l lists, -? and -V print */
                for (const char *p = a + 1; *p; p++) {
                        if (*p == 'c' || *p == 's')
                                continue;
                        if (!strchr("fto", *p) || !(arg = option_arg(argv, n, &i, p + 1)))
                                return 0;
                        /* (the last -o is the file, as argp hands each to iconv_prog in
                         * turn; review55: `-o a -o b` read none, and as nobody under Landlock
                         * b in root's directory read denied, no path) */
                        if (*p == 'o')
                                file = arg;
                        break;
                }
        }
        /* "-": stdout (glibc's iconv_prog opens no file for it) */
        if (!file || !file[0] || strcmp(file, "-") == 0)
                return 0;
        return join_name(out, size, start, file) < 0 ? 0 : 1;
}

/* The first of NAME.tmp, NAME.tmp1, NAME.tmp2, ... (name: NAME.tmp) that the host has not, into
 * name: 7-Zip makes its temporary file with O_EXCL and tries the next where one is there (measured,
 * 26.02: ./r.7z.tmp and ./r.7z.tmp1 EEXIST, ./r.7z.tmp2 made). 0 where the host cannot tell. */
static int sevenzip_tmp_free(char *name, size_t size) {
        size_t len = strlen(name);

        for (int i = 0; i < 100; i++) {
                struct stat st;
                int r;

                if (i > 0 && snprintf(name + len, size - len, "%d", i) >= (int) (size - len))
                        return 0;
                r = sbx_run_host_stat(name, false, &st);
                if (r == -ENOENT || r == -EACCES || r == -ENOTDIR)
                        return 1;
                if (r < 0)
                        return 0;
        }
        return 0;
}

/* The files a 7-Zip (argv[k]) writes for its archive: the one it opens first into out, the archive
 * it then moves that onto into moved ("" where it opens the archive itself). Measured, 7-Zip 26.02
 * (strace): a new archive is opened as named (O_EXCL); an archive the host has is rewritten as
 * NAME.tmp beside it, as each volume of -v (NAME.001.tmp, moved onto NAME.001); -w DIR makes
 * NAME.tmp in DIR (-w alone: /tmp, whatever $TMPDIR says), -v's volumes beside the archive all the
 * same; a name without an extension takes .7z (the default -t). -si archives stdin under the name
 * given; -so writes stdout, no file. 1, or 0 where not read (another command, -so, -sa, -t without
 * an extension, -w twice). */
static int sevenzip_output(char *const *argv, size_t k, size_t n, const char *start, char *out, size_t size,
                           char *moved, size_t moved_size) {
        const char *cmd = NULL, *file = NULL, *work = NULL, *base;
        bool switches = true, volumes = false, typed = false;
        char arc[PATH_MAX];
        struct stat st;

        /* switches anywhere before "--", after the archive's and the files' names too (measured,
         * 26.02: `7zz a x.7z f -w/D` made D/x.7z.tmp, `... f -v1k` x.7z.001.tmp; review58: read
         * as a new x.7z of the workspace's, a refused D/x.7z.tmp was recorded as x.7z) */
        for (size_t i = k + 1; i < n; i++) {
                const char *a = argv[i];

                if (switches && strcmp(a, "--") == 0) {
                        switches = false;
                        continue;
                }
                if (switches && a[0] == '-' && a[1]) {
                        if (strncmp(a, "-so", 3) == 0 || strncmp(a, "-sa", 3) == 0 || (a[1] == 'w' && work))
                                return 0;
                        volumes = volumes || a[1] == 'v';
                        typed = typed || a[1] == 't';
                        if (a[1] == 'w')
                                work = a + 2;
                        continue;
                }
                if (!cmd)
                        cmd = a;
                else if (!file)
                        file = a;
        }
        if (!cmd || !file || !file[0] ||
            (strcmp(cmd, "a") != 0 && strcmp(cmd, "u") != 0 && strcmp(cmd, "d") != 0 && strcmp(cmd, "rn") != 0) ||
            join_name(arc, sizeof(arc), start, file) < 0)
                return 0;
        base = base_of(arc);
        if (!strchr(base, '.')) {
                if (typed || strlen(arc) + 3 >= sizeof(arc))
                        return 0;
                strcat(arc, ".7z");
                base = base_of(arc);
        }
        moved[0] = '\0';
        if (volumes) {
                if (snprintf(out, size, "%s.001.tmp", arc) >= (int) size ||
                    snprintf(moved, moved_size, "%s.001", arc) >= (int) moved_size)
                        return 0;
        } else if (work) {
                char dir[PATH_MAX];

                if ((work[0] ? join_name(dir, sizeof(dir), start, work) : join_name(dir, sizeof(dir), "/", "tmp")) < 0 ||
                    snprintf(out, size, "%s%s%s.tmp", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", base) >= (int) size ||
                    snprintf(moved, moved_size, "%s", arc) >= (int) moved_size)
                        return 0;
        } else if (sbx_run_host_stat(arc, true, &st) == 0) {
                if (snprintf(out, size, "%s.tmp", arc) >= (int) size || snprintf(moved, moved_size, "%s", arc) >= (int) moved_size)
                        return 0;
        } else
                return snprintf(out, size, "%s", arc) < (int) size ? 1 : 0;
        return sevenzip_tmp_free(out, size);
}

int sbx_run_archive_files(char *const *argv, const char *cwd, char *out, size_t size, char *moved, size_t moved_size) {
        const char *file = NULL, *prog, *base;
        char start[PATH_MAX], arc[PATH_MAX];
        bool creates = false, updates = false;
        size_t n = 0;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0)
                return 0;
        prog = base_of(argv[k]);
        moved[0] = '\0';
        if (strcmp(prog, "7zz") == 0 || strcmp(prog, "7z") == 0 || strcmp(prog, "7za") == 0)
                return sevenzip_output(argv, (size_t) k, n, start, out, size, moved, moved_size);
        if (strcmp(prog, "jar") == 0) {
                const char *a = (size_t) k + 1 < n ? argv[k + 1] : "";

                if (a[0] != '-' || (a[1] && a[2] && a[1] != '-' && strspn(a + 1, "cuvf0Mmie") == strlen(a + 1))) {
                        /* old style: one word of letters, their words after it in order */
                        size_t w = (size_t) k + 2;

                        for (const char *p = a + (a[0] == '-'); *p; p++) {
                                if (!strchr("cuvf0Mmie", *p))
                                        return 0;
                                creates = creates || *p == 'c';
                                updates = updates || *p == 'u';
                                if (strchr("fme", *p)) {
                                        if (w >= n)
                                                return 0;
                                        if (*p == 'f')
                                                file = argv[w];
                                        w++;
                                }
                        }
                } else {
                        for (size_t i = (size_t) k + 1; i < n && argv[i][0] == '-'; i++) {
                                a = argv[i];
                                if (strcmp(a, "-c") == 0 || strcmp(a, "--create") == 0)
                                        creates = true;
                                else if (strcmp(a, "-u") == 0 || strcmp(a, "--update") == 0)
                                        updates = true;
                                else if (strncmp(a, "--file=", 7) == 0)
                                        file = a + 7;
                                else if (strcmp(a, "-f") == 0 || strcmp(a, "--file") == 0) {
                                        if (i + 1 >= n)
                                                return 0;
                                        file = argv[++i];
                                } else if (strcmp(a, "-v") != 0 && strcmp(a, "--verbose") != 0 &&
                                           strcmp(a, "-0") != 0 && strcmp(a, "--no-compress") != 0)
                                        return 0;
                        }
                }
                if (creates == updates)
                        return 0; /* neither, or both: jar's usage error */
        } else
                return 0;
        if (!file || !file[0] || strcmp(file, "-") == 0 || join_name(arc, sizeof(arc), start, file) < 0)
                return 0;
        /* the temporary file jar makes the archive as, in its directory (measured, OpenJDK 17,
         * strace; sun.tools.jar.Main): c's in java.io.tmpdir first (/tmp, whatever $TMPDIR says),
         * then, that refused, File.createTempFile(FILE, ".tmp.jar", its directory), FILE's last
         * name and random digits: the one whose IOException it prints; u's createTempFile("jartmp",
         * ".tmp", its directory) alone. The digits kept as X's: no such name is there to ask of
         * the host, which judges a file made in that directory (before, tools57: the archive itself,
         * an open of it, where the host lets the user write an archive there but make no file
         * beside it: denied, the host's refusal) */
        base = base_of(arc);
        if (!base[0] || (creates && strlen(file) < 3))
                return 0; /* (Java's prefix of three characters at least) */
        return snprintf(out, size, "%.*s%s%s", (int) (base - arc), arc, creates ? base : "jartmp",
                        creates ? "XXXXXXXXXX.tmp.jar" : "XXXXXXXXXX.tmp") < (int) size
                       ? 1
                       : 0;
}

int sbx_run_archive_output(char *const *argv, const char *cwd, char *out, size_t size) {
        char moved[PATH_MAX];

        return sbx_run_archive_files(argv, cwd, out, size, moved, sizeof(moved));
}

int sbx_run_archive_moved_to(char *const *argv, const char *cwd, char *out, size_t size) {
        char first[PATH_MAX];

        return sbx_run_archive_files(argv, cwd, first, sizeof(first), out, size) > 0 && out[0] ? 1 : 0;
}

int sbx_run_npm_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        char start[PATH_MAX];
        size_t n = 0;
        ptrdiff_t k;

        /* npm's commands that run the project's script or a package's binary and exit with its
         * status (`npm run x --silent` of a script's `exit 226`: 226, no line), and npx (npm exec);
         * a word of them anywhere, an option's value perhaps (review56: before, `npm run b
         * --silent` of `"b": "exit 226"` read denied under bubblewrap, 243 under Landlock) */
        static const char *const runs[] = { "run", "run-script", "rum", "urn", "test", "tst", "t", "start",
                                            "stop", "restart", "exec", "x", "explore", "it", "cit",
                                            "install-test", "install-ci-test", "sit", NULL };

        const char *prefix = NULL;
        size_t prefixes = 0;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "npm") != 0)
                return 0;
        /* (after "--": a script's own arguments) */
        for (size_t i = (size_t) k + 1; i < n && strcmp(argv[i], "--") != 0; i++) {
                const char *a = argv[i];

                /* its project's directory, --prefix DIR or -C DIR (review56: before, not read,
                 * `npm --prefix D install --silent` of a refused D task_failure) */
                if (long_option(a, "--prefix", 8) || strcmp(a, "-C") == 0) {
                        if (!(prefix = option_arg(argv, n, &i, a[1] == '-' ? NULL : "")) || !prefix[0])
                                return 0;
                        prefixes++;
                        continue;
                }
                if (strcmp(a, "-g") == 0 || long_option(a, "--global", 8) || long_option(a, "--location", 10) ||
                    strncmp(a, "-C", 2) == 0 || word_in(a, runs))
                        return 0;
        }
        if (prefixes > 1 || (prefix ? join_name(out, size, start, prefix) < 0 : strlen(start) >= size))
                return 0;
        if (!prefix)
                memcpy(out, start, strlen(start) + 1);
        return prefix ? 2 : 1;
}

/* Whether the JSON value at p (past its key's ':') is an empty object or array, or null. */
static bool json_value_empty(const char *p) {
        p += strspn(p, " \t\r\n");
        if (strncmp(p, "null", 4) == 0)
                return true;
        if (*p != '{' && *p != '[')
                return false;
        p++;
        p += strspn(p, " \t\r\n");
        return *p == '}' || *p == ']';
}

bool sbx_run_npm_scripts(const char *dir) {
        /* the scripts npm install (ci, rebuild) runs of its own in a project, and version's and
         * shrinkwrap's (docs/using-npm/scripts); not pack's and publish's alone, whose npm writes
         * its cache outside the project whatever the project holds */
        static const char *const lifecycle[] = { "preinstall", "install", "postinstall", "prepublish",
                                                 "preprepare", "prepare", "postprepare", "preversion",
                                                 "version", "postversion", "dependencies", "preshrinkwrap",
                                                 "shrinkwrap", "postshrinkwrap", "prerebuild", "rebuild",
                                                 "postrebuild", NULL };
        /* a project's packages npm fetches through its cache (~/.npm), outside the project
         * (review57: a dependency's tarball refused there exits 243 as a script's may) */
        static const char *const fetched[] = { "dependencies", "devDependencies", "optionalDependencies",
                                               "peerDependencies", "bundleDependencies", "bundledDependencies",
                                               "workspaces", NULL };
        char path[PATH_MAX], text[PATH_MAX + 1];
        const char *p, *end;
        bool scripts = false;
        int depth = 0, in_scripts = -1;
        ssize_t k;

        /* all of it read, or not known */
        if (snprintf(path, sizeof(path), "%s/package.json", strcmp(dir, "/") == 0 ? "" : dir) >= (int) sizeof(path) ||
            (k = sbx_run_host_read(path, text, sizeof(text) - 1)) <= 0 || (size_t) k >= sizeof(text) - 1)
                return false;
        text[k] = '\0';
        /* the top object's keys, and its "scripts" object's, strings skipped whole (a value's
         * braces) */
        for (p = text; *p; p++) {
                const char *after;
                size_t len;

                if (*p == '{' || *p == '[')
                        depth++;
                else if (*p == '}' || *p == ']') {
                        if (depth-- == in_scripts)
                                in_scripts = -1;
                }
                if (*p != '"')
                        continue;
                for (end = p + 1; *end && *end != '"'; end++)
                        if (*end == '\\' && end[1])
                                end++;
                if (!*end)
                        return false;
                len = (size_t) (end - p - 1);
                after = end + 1 + strspn(end + 1, " \t\r\n");
                if (*after == ':' && depth == 1) {
                        for (size_t i = 0; fetched[i]; i++)
                                if (len == strlen(fetched[i]) && strncmp(p + 1, fetched[i], len) == 0 &&
                                    !json_value_empty(after + 1))
                                        return false;
                        if (len == strlen("scripts") && strncmp(p + 1, "scripts", len) == 0 &&
                            after[1 + strspn(after + 1, " \t\r\n")] == '{')
                                in_scripts = depth + 1;
                } else if (*after == ':' && depth == in_scripts) {
                        for (size_t i = 0; lifecycle[i]; i++)
                                if (len == strlen(lifecycle[i]) && strncmp(p + 1, lifecycle[i], len) == 0)
                                        scripts = true;
                }
                p = end;
        }
        return scripts;
}

int sbx_run_mktemp_file(char *const *argv, const char *cwd, const char *tmpdir, char *out, size_t size) {
        const char *tmpl = NULL, *dir = NULL, *suffix = "", *dest;
        bool in_dir = false, t_opt = false;
        char start[PATH_MAX], name[PATH_MAX];
        size_t n = 0;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "mktemp") != 0)
                return 0;
        /* each env before it, in turn: its own TMPDIR=VALUE is the command's (GNU env unsets
         * before it sets), its options (-i, -u) may change the $TMPDIR the caller read (review56:
         * before, any env read none, `env TMPDIR=D mktemp -q` into a refused D task_failure) */
        for (size_t i = 0; i < (size_t) k;) {
                bool own_names = false;
                ptrdiff_t w = past_wrappers(argv + i, n - i, false, &own_names), e;
                const char *env_dir, *set = NULL;
                size_t assign;

                if (w < 0)
                        return 0;
                if ((i += (size_t) w) >= (size_t) k)
                        break;
                if (strcmp(base_of(argv[i]), "env") != 0 || (e = env_args(argv + i, n - i, &env_dir, &assign)) < 0)
                        return 0;
                for (size_t j = i + assign; j < i + (size_t) e; j++)
                        if (strncmp(argv[j], "TMPDIR=", 7) == 0)
                                set = argv[j] + 7;
                tmpdir = set ? set : assign > 1 ? NULL : tmpdir;
                i += (size_t) e;
        }
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i], *arg;
                bool opts_done = false;

                if (strcmp(a, "--") == 0) {
                        /* the rest are templates: one, or mktemp prints "too many templates" */
                        if (tmpl || n - i > 2)
                                return 0;
                        tmpl = i + 1 < n ? argv[i + 1] : NULL;
                        break;
                }
                if (a[0] != '-' || !a[1]) {
                        if (tmpl)
                                return 0;
                        tmpl = a;
                        continue;
                }
                if (a[1] == '-') {
                        if (long_option(a, "--directory", 3) || long_option(a, "--quiet", 3)) {
                                if (strchr(a, '='))
                                        return 0;
                        } else if (long_option(a, "--suffix", 3)) {
                                if (!(suffix = option_arg(argv, n, &i, NULL)))
                                        return 0;
                        } else if (long_option(a, "--tmpdir", 3)) {
                                /* its DIR only after '=' (an optional argument) */
                                in_dir = true;
                                dir = strchr(a, '=') ? strchr(a, '=') + 1 : NULL;
                        } else
                                return 0; /* --dry-run makes nothing; --help, --version */
                        continue;
                }
                /* coreutils' "dp:qtuV": -u makes nothing, -V prints */
                for (const char *p = a + 1; *p && !opts_done; p++) {
                        if (*p == 'd' || *p == 'q')
                                continue;
                        if (*p == 't') {
                                t_opt = in_dir = true;
                                continue;
                        }
                        if (*p != 'p' || !(arg = option_arg(argv, n, &i, p + 1)))
                                return 0;
                        in_dir = true;
                        dir = arg;
                        opts_done = true;
                }
        }
        if (!tmpl) {
                tmpl = "tmp.XXXXXXXXXX";
                in_dir = true;
        }
        if (!tmpl[0])
                return 0;
        dest = NULL;
        if (in_dir) {
                /* -t prefers $TMPDIR to -p's DIR and takes a bare name; --tmpdir and -p a relative
                 * one (mktemp refuses the others, with a line) */
                bool given = dir && dir[0];

                if (tmpl[0] == '/' || (t_opt && strchr(tmpl, '/')) || (!tmpdir && (t_opt || !given)))
                        return 0;
                dest = t_opt ? (tmpdir[0] ? tmpdir : given ? dir : "/tmp") : (given ? dir : tmpdir[0] ? tmpdir : "/tmp");
        }
        if (snprintf(name, sizeof(name), "%s%s%s%s", dest ? dest : "", dest ? "/" : "", tmpl, suffix) >=
            (int) sizeof(name))
                return 0;
        return join_name(out, size, start, name) < 0 ? 0 : 1;
}

/* The __pycache__ directory of compileall's target t (joined to start) into out: a source's
 * directory's, a directory's own; with -b (legacy) that directory itself, its .pyc files beside
 * their sources. 1, or 0 where it does not fit. */
static int compileall_pycache(const char *start, const char *t, bool legacy, char *out, size_t size) {
        char joined[PATH_MAX];
        const char *base;

        if (!t[0] || join_dir_clean(joined, sizeof(joined), start, t) < 0)
                return 0;
        base = base_of(joined);
        if (strlen(base) > 3 && strcmp(base + strlen(base) - 3, ".py") == 0) {
                size_t dl = (size_t) (base - joined); /* with its '/' */

                joined[dl <= 1 ? 1 : dl - 1] = '\0';
        }
        if (legacy)
                return snprintf(out, size, "%s", joined) < (int) size ? 1 : 0;
        return snprintf(out, size, "%s/__pycache__", strcmp(joined, "/") == 0 ? "" : joined) < (int) size ? 1 : 0;
}

/* Whether the command's user, without capabilities (root keeps none in the sandbox), may reach
 * the host path p and read it (dir: list it): every directory on the way searchable, p readable,
 * as the mode bits say for root (its own, else the others'), as access(2) says for another user. */
static bool compileall_readable(const char *p, bool dir) {
        char up[PATH_MAX];
        struct stat st;
        char *slash;

        if (sbx_euid() != 0)
                return sbx_run_host_access(p, dir ? R_OK | X_OK : R_OK) == 0;
        if (snprintf(up, sizeof(up), "%s", p) >= (int) sizeof(up))
                return false;
        for (bool self = true;; self = false) {
                mode_t own = self ? (dir ? S_IRUSR | S_IXUSR : S_IRUSR) : S_IXUSR,
                       other = self ? (dir ? S_IROTH | S_IXOTH : S_IROTH) : S_IXOTH;

                if (sbx_run_host_stat(up[0] ? up : "/", true, &st) < 0 ||
                    (st.st_mode & (st.st_uid == 0 ? own : other)) != (st.st_uid == 0 ? own : other))
                        return false;
                if (!up[0] || !(slash = strrchr(up, '/')))
                        return true;
                *slash = '\0';
        }
}

/* Whether compileall, given its target t (joined to start), certainly tries writing a .pyc there,
 * as the host has it before the run: a source that compiles whatever python it is, an empty
 * regular file (t itself where t names a .py file, else t's __init__.py) the user may read, whose
 * .pyc compileall cannot find current (-f; with -b its NAMEc missing; its __pycache__ missing).
 * A source compileall cannot compile prints its error on stdout alone, as a refused write does,
 * and exits 1 alike, writing nothing (py_compile makes the __pycache__ only after the source
 * compiled): nothing else that sbx sees tells the two apart (readers58: `python3 -m compileall
 * -q DIR` of a syntax error in read-only read a denial of DIR/__pycache__). No -x (its regular
 * expression may leave that source out). */
static bool compileall_tries(const char *start, const char *t, bool legacy, bool force) {
        char joined[PATH_MAX], src[PATH_MAX], pyc[PATH_MAX];
        struct stat st;
        const char *base;
        bool file;
        size_t dl;

        if (!t[0] || join_dir_clean(joined, sizeof(joined), start, t) < 0)
                return false;
        base = base_of(joined);
        file = strlen(base) > 3 && strcmp(base + strlen(base) - 3, ".py") == 0;
        if (snprintf(src, sizeof(src), "%s%s", strcmp(joined, "/") == 0 && !file ? "" : joined,
                     file ? "" : "/__init__.py") >= (int) sizeof(src) ||
            sbx_run_host_stat(src, false, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size != 0)
                return false;
        /* (a directory's listing first, where t is one) */
        if (!file && !compileall_readable(joined[1] ? joined : "/", true))
                return false;
        if (!compileall_readable(src, false))
                return false;
        if (force)
                return true;
        dl = (size_t) (base_of(src) - src);
        if (legacy ? snprintf(pyc, sizeof(pyc), "%sc", src) >= (int) sizeof(pyc)
                   : snprintf(pyc, sizeof(pyc), "%.*s__pycache__", (int) dl, src) >= (int) sizeof(pyc))
                return false;
        return sbx_run_host_stat(pyc, false, &st) == -ENOENT;
}

/* sbx_run_compileall_dirs(), its targets only those compileall_tries() where proven. */
static int compileall_read(char *const *argv, const char *cwd, char *out, size_t size, char *later,
                           size_t later_size, bool proven) {
        /* the interpreter's flags before -m; compileall's flags (-b: the .pyc beside its
         * source, left56: not read, `compileall -b -q DIR` outside the workspace read
         * task_failure) and options with one argument (not -i's list, a long option but
         * --invalidation-mode) */
        static const char py_flags[] = "BEIOsSuvq", flags[] = "qflb";
        static const char *const with_arg[] = { "-r", "-j", "-x", "-d", "-s", "-p", "-o", "-e",
                                                "--invalidation-mode", NULL };
        char start[PATH_MAX];
        const char *target = NULL, *module;
        size_t n = 0, i, used = 0, opts;
        ptrdiff_t k;
        bool legacy = false, force = false, excludes = false;

        if (later_size > 0)
                later[0] = '\0';
        if ((k = argv_command(argv, cwd, &n, start)) < 0 || !versioned_name(base_of(argv[k]), "python"))
                return 0;
        for (i = (size_t) k + 1; i < n && argv[i][0] == '-' && argv[i][1] != 'm'; i++)
                if (!argv[i][1] || strspn(argv[i] + 1, py_flags) != strlen(argv[i] + 1))
                        return 0;
        if (i >= n || strncmp(argv[i], "-m", 2) != 0)
                return 0;
        /* -m compileall, or -mcompileall */
        module = argv[i][2] ? argv[i] + 2 : i + 1 < n ? argv[++i] : NULL;
        if (!module || strcmp(module, "compileall") != 0)
                return 0;
        opts = i + 1;
        for (i++; i < n; i++) {
                const char *a = argv[i];

                if (a[0] != '-' || !a[1])
                        continue;
                if (word_in(a, with_arg)) {
                        excludes = excludes || strcmp(a, "-x") == 0;
                        if (++i >= n)
                                return 0;
                        continue;
                }
                if (strncmp(a, "--", 2) == 0 || strspn(a + 1, flags) != strlen(a + 1))
                        return 0;
                legacy = legacy || strchr(a, 'b');
                force = force || strchr(a, 'f');
        }
        /* the first target (proven: the first proven one) */
        for (i = opts; i < n && !target; i++) {
                const char *a = argv[i];

                if (a[0] == '-' && a[1])
                        i += word_in(a, with_arg);
                else if (!proven || (!excludes && compileall_tries(start, a, legacy, force)))
                        target = a;
        }
        if (!target || !compileall_pycache(start, target, legacy, out, size))
                return 0;
        /* ... and the others' after it, in their order: compileall goes on past one it could not
         * write, and its status tells of none by name (left56: `compileall a b`, b outside the
         * workspace, read a's alone, task_failure) */
        for (i = opts; later && i < n; i++) {
                const char *a = argv[i];
                char dir[PATH_MAX];
                size_t dl;

                if (a[0] == '-' && a[1]) {
                        i += word_in(a, with_arg);
                        continue;
                }
                if (a == target || (proven && !compileall_tries(start, a, legacy, force)) ||
                    !compileall_pycache(start, a, legacy, dir, sizeof(dir)))
                        continue;
                if (used + (dl = strlen(dir)) + 2 > later_size)
                        break;
                memcpy(later + used, dir, dl + 1);
                used += dl + 1;
                later[used] = '\0';
        }
        return 1;
}

int sbx_run_compileall_dirs(char *const *argv, const char *cwd, char *out, size_t size, char *later,
                            size_t later_size) {
        return compileall_read(argv, cwd, out, size, later, later_size, false);
}

int sbx_run_compileall_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        return compileall_read(argv, cwd, out, size, NULL, 0, false);
}

int sbx_run_compileall_tried_dirs(char *const *argv, const char *cwd, char *out, size_t size, char *later,
                                  size_t later_size) {
        return compileall_read(argv, cwd, out, size, later, later_size, true);
}

int sbx_run_compileall_tried_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        return compileall_read(argv, cwd, out, size, NULL, 0, true);
}

bool sbx_run_chattr_capability(char *const *argv, const char *cwd) {
        char start[PATH_MAX];
        size_t n = 0;
        ptrdiff_t k;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "chattr") != 0)
                return false;
        /* its modes before its files: +FLAGS, =FLAGS, -FLAGS (a word of '-' also holds its
         * options R, V, f, and v and p of a value, the next word); i or a in a + or = one. A -i
         * or -a changes the flag only of a file that has it, which no user but root's sets: of
         * the user's own file the host lets it pass (review57: before, as nobody `chattr -i f`
         * in read-only mode read task_failure, though without the sandbox it succeeds) */
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i];

                if (strcmp(a, "--") == 0 || (a[0] != '-' && a[0] != '+' && a[0] != '='))
                        break;
                if (a[0] == '-' && (strcmp(a, "-v") == 0 || strcmp(a, "-p") == 0)) {
                        i++;
                        continue;
                }
                if (a[0] != '-' && strpbrk(a + 1, "ia"))
                        return true;
        }
        return false;
}

bool sbx_run_tar_replaces(char *const *argv, const char *cwd) {
        static const char with_arg[] = "bCfFgHIKLNTVX";
        char start[PATH_MAX];
        const char *env = getenv("TAR_OPTIONS");
        size_t n = 0;
        ptrdiff_t k;
        bool extract = false;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "tar") != 0 || (env && env[0]))
                return false;
        /* TAR_OPTIONS given it before (env's, a script's assignment): options not read */
        for (ptrdiff_t i = 0; i < k; i++)
                if (strstr(argv[i], "TAR_OPTIONS="))
                        return false;
        /* every word starting with '-' read as options (one read for a -k that is another's
         * argument keeps old files: nothing claimed) */
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i];

                if (strcmp(a, "--") == 0)
                        break;
                if (strncmp(a, "--", 2) == 0) {
                        if (long_option(a, "--keep-old-files", 3) || long_option(a, "--keep-newer-files", 3) ||
                            long_option(a, "--skip-old-files", 3))
                                return false;
                        extract |= long_option(a, "--extract", 5) || strcmp(a, "--get") == 0;
                } else if ((i == (size_t) k + 1 && a[0] != '-') || (a[0] == '-' && a[1])) {
                        /* old style ("xkf a.tar": its letters' arguments the next words) or a
                         * cluster (its letter taking one ends it) */
                        bool old = a[0] != '-';

                        for (const char *p = a + !old; *p; p++) {
                                if (*p == 'k')
                                        return false;
                                extract |= *p == 'x';
                                if (!old && strchr(with_arg, *p))
                                        break;
                        }
                }
        }
        return extract;
}

int sbx_run_chattr_silent_file(char *const *argv, const char *cwd, char *out, size_t size) {
        /* the flags every file system with flags has (ext4, xfs, btrfs, tmpfs): a, A, d, i */
        static const char common[] = "aAdi";
        char start[PATH_MAX];
        const char *file = NULL;
        size_t n = 0, i;
        ptrdiff_t k;
        bool silent = false, modes = false;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "chattr") != 0)
                return 0;
        /* its modes and options before its files (a word of '-' holds the options R, V, f, and
         * flags to take away); not -R (which files?), -v or -p (other ioctls) */
        for (i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i];

                if (strcmp(a, "--") == 0) {
                        i++;
                        break;
                }
                if ((a[0] != '-' && a[0] != '+' && a[0] != '=') || !a[1])
                        break;
                for (const char *p = a + 1; *p; p++) {
                        if (a[0] == '-' && (*p == 'f' || *p == 'V')) {
                                silent = silent || *p == 'f';
                                continue;
                        }
                        if (!strchr(common, *p))
                                return 0;
                        modes = true;
                }
        }
        /* one file */
        if (i + 1 != n || !silent || !modes)
                return 0;
        file = argv[i];
        return file[0] && join_name(out, size, start, file) >= 0 ? 1 : 0;
}

int sbx_run_wget_output(char *const *argv, const char *cwd, char *out, size_t size) {
        /* wget's options read: flags, and those whose one argument names no file but -O's and
         * -P's; any other (-o and -a's log, -i, -r, -x, --content-disposition, ...) is not */
        static const char short_flags[] = "q46cNS";
        static const char short_args[] = "OPtTU";
        static const char *const long_flags[] = { "--quiet",  "--no-verbose", "--no-check-certificate", "--continue",
                                                  "--inet4-only", "--inet6-only", "--timestamping", "--no-clobber",
                                                  "--server-response", NULL };
        static const char *const long_args[] = { "--tries", "--timeout", "--header", "--user-agent", "--user",
                                                 "--password", "--output-document", "--directory-prefix", NULL };
        const char *url = NULL, *file = NULL, *prefix = NULL, *name, *p;
        char start[PATH_MAX], dir[PATH_MAX], base[PATH_MAX];
        size_t n = 0, len;
        ptrdiff_t k;
        bool same_name = false; /* -c, -N, --no-clobber: the URL's name whether or not it is there */
        int there;

        if ((k = argv_command(argv, cwd, &n, start)) < 0 || strcmp(base_of(argv[k]), "wget") != 0)
                return 0;
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i], *v = NULL;
                char opt = 0;

                if (a[0] != '-' || !a[1]) {
                        if (url)
                                return 0; /* a second URL, a second file */
                        url = a;
                        continue;
                }
                if (a[1] == '-') {
                        const char *eq = strchr(a, '=');
                        size_t al = eq ? (size_t) (eq - a) : strlen(a);
                        bool found = false;

                        for (const char *const *l = long_args; *l && !found; l++)
                                found = strlen(*l) == al && strncmp(a, *l, al) == 0;
                        if (!found) {
                                if (eq || !word_in(a, long_flags))
                                        return 0;
                                same_name |= strcmp(a, "--continue") == 0 || strcmp(a, "--timestamping") == 0 ||
                                             strcmp(a, "--no-clobber") == 0;
                                continue;
                        }
                        if (!eq && ++i >= n)
                                return 0;
                        v = eq ? eq + 1 : argv[i];
                        opt = strncmp(a, "--output-document", al) == 0 ? 'O' : strncmp(a, "--directory-prefix", al) == 0 ? 'P' : 0;
                } else
                        for (const char *f = a + 1; *f; f++) {
                                if (strchr(short_args, *f)) {
                                        v = f[1] ? f + 1 : ++i < n ? argv[i] : NULL;
                                        if (!v)
                                                return 0;
                                        opt = *f;
                                        break;
                                }
                                if (!strchr(short_flags, *f))
                                        return 0;
                                same_name |= *f == 'c' || *f == 'N';
                        }
                if (opt == 'O')
                        file = v;
                else if (opt == 'P')
                        prefix = v;
        }
        if (!url)
                return 0;
        if (file) /* -O FILE, relative to the start whatever -P says; "-" stdout */
                return !file[0] || strcmp(file, "-") == 0 || file[strlen(file) - 1] == '/' ||
                                       join_name(out, size, start, file) < 0
                               ? 0
                               : 1;
        /* the last component of the URL's path, index.html where it has none; not where a query,
         * a fragment or an escape would change the name wget makes */
        if (!(p = strstr(url, "://")) || strpbrk(url, "?#%"))
                return 0;
        p += 3;
        p += strcspn(p, "/");
        name = *p ? strrchr(p, '/') + 1 : p;
        if (!*name)
                name = "index.html";
        len = strlen(name);
        if (len >= sizeof(base) || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
                return 0;
        memcpy(base, name, len + 1);
        if (prefix) {
                if (!prefix[0] || join_name(dir, sizeof(dir), start, prefix) < 0)
                        return 0;
        } else
                memcpy(dir, start, strlen(start) + 1);
        if (join_name(out, size, dir, base) < 0)
                return 0;
        /* a file there already is kept: wget writes NAME.1, or the first NAME.N that is not there
         * (review54: NAME was read, so where the host lets the user write NAME but not make a file
         * in its directory, wget's exit 3 on the host too read denied) */
        if (!same_name && (there = wget_file_there(out)) != 0) {
                len = strlen(out);
                for (unsigned i = 1; there > 0; i++) {
                        if (i > 1000 || snprintf(out + len, size - len, ".%u", i) >= (int) (size - len))
                                return 0;
                        there = wget_file_there(out);
                }
                /* (one not told: which file it writes is not known) */
                if (there < 0)
                        return 0;
        }
        return 1;
}

/* The commands of a shell's script that is an `&&` chain (`A && B && C`, on one line): the start
 * of each, NUL-terminated in buf (the script's length + 1), into seg (at most max); their count,
 * or 0 where the script is no such chain: another operator (`;`, `|`, `||`, a lone `&`, a newline
 * that is no script's last, `(`, `)`) or a quote left open, anywhere in it. Quotes are skipped
 * whole ('x'; "x" with its backslashes); what each command is, is not read here. One exception:
 * a `;` or a newline right after a leading cd (chain_cd()), as sbx_run_start_dir() reads it
 * (5e23f79): the rest runs from where that cd went, or from where the shell was where it failed;
 * *ret_semi (NULL: not asked, the `;` refused) says so, and the cd's directory is then
 * sbx_run_start_dir()'s alone (chain_cd_apply()). */
static size_t and_chain(const char *script, char *buf, char **seg, size_t max, bool *ret_semi,
                        const struct script_vars *vars) {
        size_t n = 0, len;
        char *o = buf;
        const char *past;

        if (ret_semi)
                *ret_semi = false;
        /* (a leading `set -e` moves nothing: set_lead()) */
        if (ret_semi && (past = set_lead(script + strspn(script, " \t\n"))))
                script = past;
        len = strlen(script);
        while (len > 0 && (script[len - 1] == '\n' || script[len - 1] == ' ' || script[len - 1] == '\t'))
                len--;
        memcpy(buf, script, len);
        buf[len] = '\0';
        seg[n++] = buf;
        for (size_t i = 0; i < len; i++) {
                char ch = o[i];

                if (ch == '\'') {
                        const char *close = strchr(o + i + 1, '\'');

                        if (!close)
                                return 0;
                        i = (size_t) (close - o);
                } else if (ch == '"') {
                        for (i++; i < len && o[i] != '"'; i++)
                                if (o[i] == '\\' && i + 1 < len)
                                        i++;
                        if (i >= len)
                                return 0;
                } else if (ch == '\\')
                        i++;
                else if (ch == '&' && o[i + 1] == '&') {
                        if (n == max)
                                return 0;
                        o[i] = '\0';
                        seg[n++] = o + i + 2;
                        i++;
                } else if ((ch == ';' || ch == '\n') && ret_semi && n == 1 && !*ret_semi) {
                        /* (`cd D;` with nothing after it, or `;;`: none) */
                        o[i] = '\0';
                        if (!chain_cd(seg[0], vars) || !o[i + 1 + strspn(o + i + 1, " \t")] || n == max)
                                return 0;
                        *ret_semi = true;
                        seg[n++] = o + i + 1;
                } else if (ch == '|' && ret_semi && n == 1 && (past = or_exit(o + i))) {
                        /* `cd D || exit;` as `cd D &&` (or_exit()) */
                        o[i] = '\0';
                        if (!chain_cd(seg[0], vars) || !past[strspn(past, " \t\n")] || n == max)
                                return 0;
                        i = (size_t) (past - o) - 1;
                        seg[n++] = o + i + 1;
                } else if (strchr(";|&\n()", ch))
                        return 0;
        }
        return n;
}

/* The words of the command a shell's -c script of an `&&` chain runs first, or after its leading
 * `cd DIR` (a word list of its own in w, 64 at most, NULL-terminated, in words_buf), past its
 * assignments; *ret_last: no command follows it. NULL where the script is no such chain. */
static char **chain_command(const char *script, char *buf, char *words_buf, char **w, bool *ret_last) {
        char *seg[8];
        size_t n, first = 0;
        bool semi;

        if ((n = and_chain(script, buf, seg, SBX_ELEMENTSOF(seg), &semi, NULL)) < 2)
                return NULL;
        /* a leading `cd DIR` is the start directory's (cwd: sbx_run_start_dir() read it) */
        if (chain_cd(seg[0], NULL))
                first = 1;
        *ret_last = first + 1 == n;
        /* past its assignments (`TOKEN=x curl ...`), as sbx_run_command_words() goes past a
         * one-command script's */
        return segment_words(seg[first], words_buf, w, 64);
}

/* Whether the command named `name` (the first word of an `&&` chain's command, past its
 * assignments) is one that may come before the chain's curl or javac read by chain_program():
 * one that fails with a status of 1 or 2, never curl's 23, prints no line of theirs, and runs no
 * program nor moves the shell (coreutils' and the shell's own). */
static bool chain_quiet_command(const char *name) {
        static const char *const quiet[] = { "true", ":", "mkdir", "rm", "rmdir", "touch", "cp", "ln", "chmod",
                                             "echo", "printf", "test", "[", "ls" };

        for (size_t i = 0; i < SBX_ELEMENTSOF(quiet); i++)
                if (strcmp(name, quiet[i]) == 0)
                        return true;
        return false;
}

/* read (sbx_run_curl_output(), sbx_run_javac_dir()) of the command of a shell's -c script of an
 * `&&` chain that runs `program`: the first command past the chain's leading `cd DIR`s (cwd is
 * the last one's, as sbx_run_start_dir() read it) that read answers, past its assignments, where
 * every command before it is a quiet one (chain_quiet_command()): the chain reached it only where
 * they all succeeded, their status is never its, nor their lines its. 0 where the script is no
 * such chain, a command before it is another (one of its program's that read does not answer, a
 * cd after another command, assignments alone: `PATH=x && curl`), or none answers. With later
 * (later_size bytes; NULL: not asked), what read answers of the commands of `program` after it,
 * in order, each NUL-terminated, an empty one after the last, as long as only quiet commands and
 * such ones come between (the chain reaches each only where those before it succeeded) and read
 * gives each the first one's answer (curl's --create-dirs); those that do not fit are left out. */
static int chain_program(char *const *argv, const char *cwd, char *out, size_t size, const char *program,
                         int (*read)(char *const *, const char *, char *, size_t), char *later, size_t later_size) {
        const char *script = sbx_run_shell_script(argv);
        _cleanup_free_ char *buf = NULL, *words_buf = NULL;
        char *seg[8], *w[65], **cmd;
        size_t n, used = 0;
        bool leading = true, semi;
        int found = 0;

        if (later && later_size > 0)
                later[0] = '\0';
        if (!script || !cwd || cwd[0] != '/' || !(buf = malloc(strlen(script) + 1)) ||
            !(words_buf = malloc(strlen(script) + 1)) ||
            (n = and_chain(script, buf, seg, SBX_ELEMENTSOF(seg), &semi, NULL)) < 2)
                return 0;
        for (size_t i = 0; i < n; i++) {
                char name[PATH_MAX];
                int r;

                /* a leading `cd DIR` is the start directory's (cwd: sbx_run_start_dir() read it),
                 * quiet ones before it too */
                if (leading && (chain_cd(seg[i], NULL) || quiet_lead_at(seg[i] + strspn(seg[i], " \t"),
                                                                   strlen(seg[i] + strspn(seg[i], " \t")))))
                        continue;
                leading = false;
                /* past its assignments (`TOKEN=x curl ...`), as sbx_run_command_words() goes past a
                 * one-command script's */
                if (!(cmd = segment_words(seg[i], words_buf, w, SBX_ELEMENTSOF(w) - 1)))
                        return found;
                if (!found) {
                        if ((found = read(cmd, cwd, out, size)) > 0) {
                                if (!later || later_size == 0)
                                        return found;
                                continue;
                        }
                        found = 0;
                } else if ((r = read(cmd, cwd, name, sizeof(name))) > 0) {
                        size_t k = strlen(name);

                        if (r != found || used + k + 2 > later_size)
                                return found;
                        memcpy(later + used, name, k + 1);
                        used += k + 1;
                        later[used] = '\0';
                        continue;
                }
                for (char **p = cmd; *p; p++)
                        if (strcmp(base_of(*p), program) == 0)
                                return found;
                if (!chain_quiet_command(base_of(cmd[0])))
                        return found;
        }
        return found;
}

int sbx_run_chain_curl_output(char *const *argv, const char *cwd, char *out, size_t size) {
        return chain_program(argv, cwd, out, size, "curl", sbx_run_curl_output, NULL, 0);
}

int sbx_run_chain_curl_outputs(char *const *argv, const char *cwd, char *out, size_t size, char *later,
                               size_t later_size) {
        return chain_program(argv, cwd, out, size, "curl", sbx_run_curl_output, later, later_size);
}

int sbx_run_chain_javac_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        return chain_program(argv, cwd, out, size, "javac", sbx_run_javac_dir, NULL, 0);
}

int sbx_run_chain_javac_dirs(char *const *argv, const char *cwd, char *out, size_t size, char *later,
                             size_t later_size) {
        return chain_program(argv, cwd, out, size, "javac", sbx_run_javac_dir, later, later_size);
}

int sbx_run_chain_javac_header_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        return chain_program(argv, cwd, out, size, "javac", sbx_run_javac_header_dir, NULL, 0);
}

int sbx_run_chain_sqlite(char *const *argv, const char *cwd, char *target, char *db, size_t size, bool *ret_readonly) {
        const char *script = sbx_run_shell_script(argv);
        _cleanup_free_ char *buf = NULL, *words_buf = NULL;
        char *w[65], **cmd;
        bool last;
        int r = 0, d, t;

        if (!script || !cwd || cwd[0] != '/' || !(buf = malloc(strlen(script) + 1)) ||
            !(words_buf = malloc(strlen(script) + 1)) || !(cmd = chain_command(script, buf, words_buf, w, &last)) ||
            !last)
                return 0;
        if ((t = sbx_run_sqlite_target(cmd, cwd, target, size)) > 0)
                r |= t == 2 ? 9 : 1;
        if ((d = sbx_run_sqlite_database(cmd, cwd, db, size)) > 0)
                r |= d == 2 ? 6 : 2;
        *ret_readonly = sbx_run_sqlite_readonly(cmd, cwd);
        return r;
}

/* The text an echo or printf of cmd's words writes, into out (size bytes, room for the words
 * joined and a newline): false where it is not told (cat's, whose file is not read here; a
 * printf of a conversion or more than its format; an echo's backslash, which dash's takes as an
 * escape and bash's does not, or an option but -n). */
static bool feed_text(char *const *cmd, char *out, size_t size) {
        size_t o = 0;

        if (strcmp(base_of(cmd[0]), "printf") == 0) {
                const char *f = cmd[1];

                if (!f || cmd[2] || strchr(f, '%') || strlen(f) >= size)
                        return false;
                for (; *f; f++) {
                        if (*f != '\\')
                                out[o++] = *f;
                        else if (f[1] == 'n' || f[1] == 't' || f[1] == '\\')
                                out[o++] = *++f == 'n' ? '\n' : *f == 't' ? '\t' : '\\';
                        else
                                return false;
                }
                out[o] = '\0';
                return true;
        }
        if (strcmp(base_of(cmd[0]), "echo") != 0)
                return false;
        for (size_t i = 1 + (cmd[1] && strcmp(cmd[1], "-n") == 0); cmd[i]; i++) {
                size_t l = strlen(cmd[i]);

                if (strchr(cmd[i], '\\') || (i == 1 && cmd[i][0] == '-') || o + l + 2 > size)
                        return false;
                if (o)
                        out[o++] = ' ';
                memcpy(out + o, cmd[i], l);
                o += l;
        }
        out[o++] = '\n';
        out[o] = '\0';
        return true;
}

/* sbx_run_sqlite_target() of the sqlite3 of cmd fed text on its stdin, which it reads where its
 * argv holds no SQL: where text attaches a file and writes it alone (sqlite_attach_file()), read as
 * that SQL given as its argument; 0 otherwise. */
static int sqlite_fed_attach(char *const *cmd, const char *cwd, const char *text, char *out, size_t size) {
        _cleanup_free_ char **with = NULL;
        struct sqlite_walk w;
        char start[PATH_MAX];
        const char *db, *file;
        size_t n = 0, fl, all = 0;
        ptrdiff_t k;
        bool sql;

        if (sqlite_attach_file(text, &file, &fl) <= 0 || (k = argv_command(cmd, cwd, &n, start)) < 0 ||
            strcmp(base_of(cmd[k]), "sqlite3") != 0 || sqlite_walk_argv(cmd, (size_t) k, n, start, &w, &db, &sql) < 0 ||
            sql)
                return 0;
        while (cmd[all])
                all++;
        if (all != n || !(with = calloc(all + 2, sizeof(*with))))
                return 0;
        /* its -cmd's run first: a query or dot-commands that only set how it prints are no matter
         * (left56: any -cmd read none, `... | sqlite3 -cmd '.mode csv' own.db` judged own.db),
         * left out; another may write */
        n = 0;
        for (size_t i = 0; i < all; i++) {
                if (i > (size_t) k && sqlite_option(cmd[i], "-cmd") && i + 1 < all) {
                        if (cmd[i + 1][strspn(cmd[i + 1], " \t\n")] == '.' ? sqlite_text_other(cmd[i + 1], true)
                                                                           : !sqlite_reads_only(cmd[i + 1]))
                                return 0;
                        i++;
                        continue;
                }
                with[n++] = cmd[i];
        }
        with[n] = (char *) text;
        return sbx_run_sqlite_target(with, cwd, out, size);
}

int sbx_run_sqlite_stdin_attach(char *const *argv, const struct sbx_run_words *cw, const char *dir, char *out,
                                size_t size) {
        _cleanup_free_ char *buf = NULL;
        const char *text;
        bool unanswered = false;

        if (cw->in_outer || cw->n_in != 1 || !(buf = malloc(SCRIPT_FILE_MAX + 2)) ||
            !(text = sqlite_file_text(strcmp(cw->in[0], "-") == 0 ? "./-" : cw->in[0], dir, buf, &unanswered)))
                return 0;
        return sqlite_fed_attach(argv, dir, text, out, size);
}

/* The sqlite3 of a shell's -c script `FEED | sqlite3 ...` (sbx_run_pipe_sqlite()): its words
 * (cmd, in buf and words_buf) and the text FEED writes (text, where fed: feed_text()). */
struct sqlite_pipe {
        char *buf, *words_buf, *text;
        char *w[65], **cmd;
        bool fed;
};

static void sqlite_pipe_clear(struct sqlite_pipe *p) {
        free(p->buf);
        free(p->words_buf);
        free(p->text);
}

/* The format of a feed `printf "FORMAT"` (the segment seg whole, one word double-quoted), as the
 * shell's double quotes give it to printf: a backslash kept but before `$`, a backquote, `"`, a
 * backslash (then dropped) and a newline (both dropped), into out (strlen(seg) + 1 bytes); false
 * where it holds an expansion (a `$` or a backquote not escaped) or seg is of another form. */
static bool printf_dq_format(const char *seg, char *out) {
        size_t o = 0;

        seg += strspn(seg, " \t");
        if (strncmp(seg, "printf", 6) != 0 || (seg[6] != ' ' && seg[6] != '\t'))
                return false;
        seg += 6 + strspn(seg + 6, " \t");
        if (*seg++ != '"')
                return false;
        for (; *seg && *seg != '"'; seg++) {
                if (*seg == '$' || *seg == '`')
                        return false;
                if (*seg == '\\' && seg[1] && strchr("$`\"\\\n", seg[1])) {
                        if (*++seg != '\n')
                                out[o++] = *seg;
                        continue;
                }
                out[o++] = *seg;
        }
        if (*seg != '"' || seg[1 + strspn(seg + 1, " \t")] != '\0')
                return false;
        out[o] = '\0';
        return true;
}

/* Splits argv's -c script into p, as sbx_run_pipe_sqlite() reads it: false where it is no such
 * pipe. */
static bool sqlite_pipe_split(char *const *argv, const char *cwd, struct sqlite_pipe *p) {
        static const char *const feeds[] = { "echo", "printf", "cat" };
        const char *script = sbx_run_shell_script(argv);
        char *buf, **cmd, *bar = NULL;
        bool feed = false;
        size_t len;

        if (!script || !cwd || cwd[0] != '/' || !(buf = p->buf = strdup(script)) ||
            !(p->words_buf = malloc(strlen(script) + 1)))
                return false;
        len = strlen(buf);
        while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == ' ' || buf[len - 1] == '\t'))
                buf[--len] = '\0';
        /* one `|`, no other operator (`||`, `|&`, `;`, `&`, a newline, a subshell), quotes skipped
         * whole */
        for (size_t i = 0; i < len; i++) {
                char ch = buf[i];

                if (ch == '\'' || ch == '"') {
                        for (i++; i < len && buf[i] != ch; i++)
                                if (ch == '"' && buf[i] == '\\' && i + 1 < len)
                                        i++;
                        if (i >= len)
                                return false;
                } else if (ch == '\\')
                        i++;
                else if (ch == '|') {
                        if (bar || buf[i + 1] == '|' || buf[i + 1] == '&')
                                return false;
                        bar = buf + i;
                } else if (strchr(";&\n()", ch))
                        return false;
        }
        if (!bar)
                return false;
        *bar = '\0';
        /* the feed: echo, printf or cat of plain words, naming no sqlite3, or a printf of one
         * double-quoted format (sqlite59: before, not read, `printf ".cd D\nattach 'x.db' ..." |
         * sqlite3 :memory:`'s x.db named the start's) */
        if (!(cmd = segment_words(buf, p->words_buf, p->w, SBX_ELEMENTSOF(p->w) - 1))) {
                if (!printf_dq_format(buf, p->words_buf)) {
                        /* ... or another echo's, printf's or cat's, its text not told (an
                         * expansion): its sqlite3 is read, its commands from a stdin not told */
                        const char *f = buf + strspn(buf, " \t");
                        size_t fl = strcspn(f, " \t");

                        for (size_t i = 0; i < SBX_ELEMENTSOF(feeds) && !feed; i++)
                                feed = fl == strlen(feeds[i]) && strncmp(f, feeds[i], fl) == 0;
                        return feed && !strstr(f, "sqlite") &&
                               (p->cmd = segment_words(bar + 1, p->words_buf, p->w, SBX_ELEMENTSOF(p->w) - 1)) != NULL;
                }
                p->w[0] = (char *) "printf";
                p->w[1] = p->words_buf;
                p->w[2] = NULL;
                cmd = p->w;
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(feeds); i++)
                feed = feed || strcmp(base_of(cmd[0]), feeds[i]) == 0;
        for (char **q = cmd; feed && *q; q++)
                if (strstr(base_of(*q), "sqlite"))
                        feed = false;
        if (!feed || !(p->text = malloc(len + 2)))
                return false;
        p->fed = feed_text(cmd, p->text, len + 2);
        /* ... or a cat's one file, read as an input redirection's (sqlite59: its text was not
         * read, so `cat s.sql | sqlite3 t.db`, its database then of no directory told, would
         * claim none) */
        if (!p->fed && strcmp(base_of(cmd[0]), "cat") == 0 && cmd[1] && cmd[1][0] != '-' && !cmd[2]) {
                _cleanup_free_ char *file = malloc(SCRIPT_FILE_MAX + 2);
                const char *text;
                bool unanswered = false;

                if (file && (text = sqlite_file_text(cmd[1], cwd, file, &unanswered))) {
                        free(p->text);
                        p->fed = (p->text = strdup(text)) != NULL;
                }
        }
        return (p->cmd = segment_words(bar + 1, p->words_buf, p->w, SBX_ELEMENTSOF(p->w) - 1)) != NULL;
}

int sbx_run_pipe_sqlite(char *const *argv, const char *cwd, char *target, char *db, size_t size, bool *ret_readonly) {
        _sbx_cleanup_(sqlite_pipe_clear) struct sqlite_pipe p = { 0 };
        int r = 0, d, t;

        if (!sqlite_pipe_split(argv, cwd, &p))
                return 0;
        if ((t = sbx_run_sqlite_target(p.cmd, cwd, target, size)) > 0)
                r |= t == 2 ? 9 : 1;
        if ((d = sbx_run_sqlite_database(p.cmd, cwd, db, size)) > 0)
                r |= d == 2 ? 6 : 2;
        /* ... moved by the feed's `.cd DIR` before its SQL (left55: not read, `printf '.cd
         * D\ncreate table t(a);\n' | sqlite3 t.db` recorded <start>/t.db, task_failure in
         * workspace-write) */
        if (p.fed && (d = sqlite_input_db(p.cmd, cwd, NULL, p.text, true, db, size)) > 0)
                r |= d == 2 ? 6 : 2;
        /* ... and the file the feed attaches and writes alone, read as an argument's SQL is
         * (left55: `echo "attach 'X' as x; insert into x.t ..." | sqlite3 w.db` recorded w.db) */
        if (p.fed && !(r & 1) && (t = sqlite_fed_attach(p.cmd, cwd, p.text, target, size)) > 0)
                r |= t == 2 ? 9 : 1;
        *ret_readonly = sbx_run_sqlite_readonly(p.cmd, cwd);
        return r;
}

int sbx_run_pipe_sqlite_dir(char *const *argv, const char *cwd, char *out, size_t size) {
        _sbx_cleanup_(sqlite_pipe_clear) struct sqlite_pipe p = { 0 };

        if (!sqlite_pipe_split(argv, cwd, &p))
                return 0;
        return sqlite_sql_dir(p.cmd, cwd, p.fed ? p.text : NULL, out, size);
}

int sbx_run_chain_only(char *const *argv, const char *cwd,
                       int (*reader)(char *const *words, const char *cwd, char *out, size_t size), char *out,
                       size_t size) {
        const char *script = sbx_run_shell_script(argv);
        _cleanup_free_ char *buf = NULL, *words_buf = NULL;
        char *w[65], **cmd;
        bool last;

        if (!script || !cwd || cwd[0] != '/' || !(buf = malloc(strlen(script) + 1)) ||
            !(words_buf = malloc(strlen(script) + 1)) || !(cmd = chain_command(script, buf, words_buf, w, &last)) ||
            !last)
                return 0; /* (last: `cd DIR && CMD`, two commands, the first a cd) */
        return reader(cmd, cwd, out, size);
}

int sbx_run_chain_bfd_outputs(char *const *argv, const char *cwd, char *out, size_t size, char *later,
                              size_t later_size) {
        const char *script = sbx_run_shell_script(argv);
        _cleanup_free_ char *buf = NULL, *words_buf = NULL;
        char *w[65], **cmd;
        bool last;

        if (later_size > 0)
                later[0] = '\0';
        if (!script || !cwd || cwd[0] != '/' || !(buf = malloc(strlen(script) + 1)) ||
            !(words_buf = malloc(strlen(script) + 1)))
                return 0;
        if ((cmd = chain_command(script, buf, words_buf, w, &last)) && last)
                return sbx_run_bfd_outputs(cmd, cwd, out, size, later, later_size);
        /* ... or its last command's, past commands of other programs (`gcc -c h.c -o h.o &&
         * objcopy h.o X`): the chain reached it only where they all succeeded, and a binutils
         * line naming its file is its own (mine56: none read, `gcc ... && objcopy h.o
         * /var/tmp/x/c.o` and `... && strip -o X h.o` read task_failure under both backends);
         * not where one of them moves the shell (cd past the leading one, pushd, popd, a script
         * sourced, eval, exec) or is a binutils program of its own */
        char *seg[8], tmp[PATH_MAX];
        bool semi;
        size_t n = and_chain(script, buf, seg, SBX_ELEMENTSOF(seg), &semi, NULL);

        if (n < 2)
                return 0;
        for (size_t i = 0; i < n; i++) {
                static const char *const movers[] = { "cd", "pushd", "popd", "source", ".", "eval", "exec" };

                if (i == 0 && chain_cd(seg[0], NULL))
                        continue; /* the start directory's (cwd) */
                if (!(cmd = segment_words(seg[i], words_buf, w, SBX_ELEMENTSOF(w) - 1)) || !cmd[0])
                        return 0;
                for (size_t j = 0; j < SBX_ELEMENTSOF(movers); j++)
                        if (strcmp(cmd[0], movers[j]) == 0)
                                return 0;
                if (i + 1 == n)
                        return sbx_run_bfd_outputs(cmd, cwd, out, size, later, later_size);
                if (sbx_run_bfd_outputs(cmd, cwd, tmp, sizeof(tmp), NULL, 0) > 0)
                        return 0;
        }
        return 0;
}

/* The script whose `&&` chain chain_cd_apply() reads: the -c script of the shell argv runs, or,
 * down to 4 levels, the commands inside it where it is one subshell or group alone (`( cd D && x
 * )`, `{ cd D && x; }`: whole_group()), one simple command that is a shell's -c script with no
 * wrapper, assignment or startup file before it (`sh -c 'cd D && x'` as -c's: that shell starts
 * where this one is, its status this one's; *ret_nested set: its environment may not be sbx's),
 * or the command a script that is one assignment of its output takes (`f=$(cd D && x)`, `||
 * exit` after it: subst_command(); `|| exit 1`, which makes any failure 1, only where one_ok).
 * Each runs alone, nothing after it: a cd in it moves no command that is not in it. In *ret_bash
 * whether the shell that runs it is bash (pushd), in *ret_physical whether its options make its
 * cd physical (`bash -P`). Allocated (the caller frees), NULL for none or no memory. */
static char *chain_script(char *const *argv, bool one_ok, bool *ret_nested, bool *ret_bash, bool *ret_physical) {
        const char *script = sbx_run_shell_script(argv);
        _cleanup_free_ char *cur = script ? strdup(script) : NULL;
        size_t n = 0;
        ptrdiff_t k = argv_past_wrappers(argv, &n);
        struct shell_opts so;

        *ret_nested = false;
        /* (BusyBox's shell applet's options its own: command_shell_script()) */
        if (k >= 0 && n > (size_t) k + 1 && strcmp(base_of(argv[k]), "busybox") == 0 && argv[k + 1][0] != '-')
                k++;
        *ret_bash = k >= 0 && strcmp(base_of(argv[k]), "bash") == 0;
        *ret_physical = k >= 0 && shell_options(argv + k, n - (size_t) k, &so) && so.physical;
        if (k >= 0 && so.unread)
                return NULL;
        for (int depth = 0; cur && depth < 4; depth++) {
                _cleanup_free_ char *buf = malloc(strlen(cur) + 1);
                char *inner = NULL, *w[65], *in[8];
                const char *p = cur + strspn(cur, " \t\n"), *sub;
                size_t n_in = 0;
                bool one = false;
                int r;

                if (!buf || whole_group(p, &inner) < 0)
                        return NULL;
                if (inner && *p == '{') {
                        /* (a group's `{` a word of its own, its last command ended by a `;` or a
                         * newline: else no group, `{cd` a command's name) */
                        size_t len = strlen(inner);
                        bool ended = false;

                        while (len > 0 && strchr(" \t\n", inner[len - 1]))
                                ended |= inner[--len] == '\n';
                        if (!ended && len > 0 && inner[len - 1] == ';' && (len < 2 || inner[len - 2] != ';')) {
                                ended = true;
                                len--;
                        }
                        inner[len] = '\0';
                        if (!ended || !strchr(" \t\n", p[1])) {
                                free(inner);
                                break;
                        }
                } else if (!inner && (sub = subst_command(p, buf, &one))) {
                        if (one && !one_ok)
                                return NULL;
                        if (!(inner = strdup(sub)))
                                return NULL;
                } else if (!inner && (r = simple_words(p, buf, w, 64, in, SBX_ELEMENTSOF(in), &n_in)) > 0) {
                        w[r] = NULL;
                        if (shell_assignment(w[0]) || !(sub = shell_script(w)) || shell_argv_startup_moves(w, (size_t) r))
                                break;
                        *ret_physical = shell_options(w, (size_t) r, &so) && so.physical;
                        if (so.unread || !(inner = strdup(sub)))
                                return NULL;
                        *ret_nested = true;
                        *ret_bash = strcmp(base_of(w[0]), "bash") == 0;
                }
                if (!inner)
                        break;
                free(cur);
                cur = inner;
        }
        return sbx_steal_ptr(&cur);
}

/* sbx_run_chain_cd_read() of reader, or of reader_tmp given tmpdir (one of them set). */
static int chain_cd_apply(char *const *argv, const char *cwd, enum sbx_run_dev dev,
                          int (*reader)(char *const *words, const char *cwd, char *out, size_t size),
                          int (*reader_tmp)(char *const *words, const char *cwd, const char *tmpdir, char *out,
                                            size_t size),
                          const char *tmpdir, char *out, size_t size) {
        /* (a nested shell's, a subshell's or a command substitution's chain alone, its status the
         * script's: before, only the outermost script's was read, and `sh -c 'cd D && mktemp -q
         * x'` as -c's script, `( cd D && mktemp -q x )`, `f=$(cd D && mktemp -q x) || exit 1` in
         * a refused D read task_failure under both backends; mktemp's every failure is 1) */
        bool nested, bash, physical, shell_physical, sure;
        char opt;
        _cleanup_free_ char *script = chain_script(argv, reader_tmp == sbx_run_mktemp_file, &nested, &bash,
                                                   &shell_physical);
        _cleanup_free_ char *buf = NULL, *words_buf = NULL;
        char *seg[3], *w[65], **cmd, dir[PATH_MAX], joined[PATH_MAX], logical[PATH_MAX];
        const char *q;
        size_t argc = 0;
        bool own, semi;

        while (argv[argc])
                argc++;
        /* `~` sbx's $HOME, and a relative DIR searched in sbx's CDPATH, where the shell is sbx's
         * command itself, no wrapper before it that may change its environment, as start_dir()
         * reads its leading cd (review53: `cd ~/r && git stash` read no lock file, task_failure) */
        own = script && !nested && shell_script(argv) && shell_script(argv) == sbx_run_shell_script(argv) &&
              !shell_argv_startup_moves(argv, argc);
        /* its leading assignments where it is sbx's own, as start_dir() reads them (vars_lead()) */
        const char *body = script ? script + strspn(script, " \t\n") : NULL;
        struct script_vars vars = { 0 };

        while (own && (q = vars_lead(body, &vars)))
                body = q;
        /* the cd read as start_dir() reads a leading one (cd_command(): shell59, before `cd DIR`
         * alone, and `pushd D && mktemp -q x`, `cd -P D && ...`, `cd -L D && ...`, `cd -- D &&
         * ...` of a refused D read task_failure under both backends) */
        if (!script || !cwd || cwd[0] != '/' || strlen(cwd) >= sizeof(joined) || !(buf = malloc(strlen(script) + 1)) ||
            !(words_buf = malloc(strlen(script) + 1)) || and_chain(body, buf, seg, SBX_ELEMENTSOF(seg), &semi, &vars) != 2 ||
            !(q = cd_command(seg[0] + strspn(seg[0], " \t"), dir, sizeof(dir), own, bash, &opt, &vars)) ||
            q[strspn(q, " \t")] != '\0')
                return 0;
        /* bash's -P, `-o physical`, or a SHELLOPTS of sbx's that bash imports (a nested one's
         * perhaps too: not read) */
        physical = opt == 'P' || (!opt && shell_physical);
        if (bash && !opt && !physical && getenv("SHELLOPTS") && strstr(getenv("SHELLOPTS"), "physical")) {
                if (!own)
                        return 0;
                physical = true;
        }
        /* entered as start_dir() enters it (cd_enter()): a relative DIR's `..` read from the
         * shell's $PWD, a link's name where sbx's is one and the shell sbx's own (start_logical()),
         * else not read (shell58: before, from cwd's real path, `cd .. && mktemp -q x.XXX` started
         * in lnk's name recorded the parent of lnk's target); searched in sbx's CDPATH where the
         * shell is sbx's own (review55: `cd r && git stash` with sbx's CDPATH holding r read cwd's
         * r; a shell a wrapper runs, its CDPATH perhaps another, is not read) */
        memcpy(joined, cwd, strlen(cwd) + 1);
        sure = start_logical(cwd, own, logical, sizeof(logical));
        if (cd_enter(joined, logical, &sure, dir, physical, own) != 1 ||
            !(cmd = segment_words(seg[1], words_buf, w, SBX_ELEMENTSOF(w) - 1)))
                return 0;
        /* a directory the sandbox has as the host's: not in /proc, whose /proc/self is the
         * shell's and not sbx's, and in /dev only as the run's backend has it, both its names
         * (dev_as_on_host(); shell58: before, `cd /dev/fd && mktemp -q x.XXX` recorded sbx's own
         * /proc/PID/fd/x.XXX, and `cd /dev/pts && mktemp -q x.XXX`, which the host refuses too, both
         * denied under both backends) */
        if (sbx_path_beneath(joined, "/proc") || sbx_path_beneath(logical, "/proc") || !dev_as_on_host(dev, joined, logical))
                return 0;
        /* after `cd DIR;` the command runs wherever the cd left the shell: read only where
         * sbx_run_start_dir() (5e23f79) says the sandbox's cd enters that same directory, as the
         * host's (not under /dev or /proc, not root's into a directory its bits refuse; script56:
         * before, `cd D; mktemp -q x.XXX` in a refused D read task_failure) */
        if (semi) {
                char moved[PATH_MAX];

                if (sbx_run_start_dir(argv, cwd, dev, moved, sizeof(moved)) != 1 || strcmp(moved, joined) != 0)
                        return 0;
        }
        /* (the shell's cd logical: `cd l/..` back where it was, not in l's target's parent, as
         * git's own -C; review54: a repository there read, its host's refusal task_failure) */
        /* (git stash's and mktemp's with the command's assignments before it, as an env's:
         * `cd R && GIT_DIR=.git git stash`, as sbx_run_words_assigned() gives a script's one
         * command; script56) */
        char *ew[SBX_ELEMENTSOF(w) + 1];

        if ((reader == sbx_run_git_stash_lock || reader_tmp) && cmd != w) {
                size_t k = (size_t) (cmd - w), m = 0;
                static char env_name[] = "env";

                while (cmd[m])
                        m++;
                ew[0] = env_name;
                memcpy(ew + 1, w, k * sizeof(char *));
                memcpy(ew + 1 + k, cmd, (m + 1) * sizeof(char *));
                cmd = ew;
        }
        return reader ? reader(cmd, joined, out, size) : reader_tmp(cmd, joined, tmpdir, out, size);
}

int sbx_run_chain_cd_read(char *const *argv, const char *cwd, enum sbx_run_dev dev,
                          int (*reader)(char *const *words, const char *cwd, char *out, size_t size), char *out,
                          size_t size) {
        return chain_cd_apply(argv, cwd, dev, reader, NULL, NULL, out, size);
}

int sbx_run_chain_mktemp_file(char *const *argv, const char *cwd, enum sbx_run_dev dev, const char *tmpdir,
                              char *out, size_t size) {
        return chain_cd_apply(argv, cwd, dev, NULL, sbx_run_mktemp_file, tmpdir, out, size);
}

int sbx_run_chain_git_stash_lock(char *const *argv, const char *cwd, char *out, size_t size) {
        return sbx_run_chain_cd_read(argv, cwd, SBX_RUN_DEV_UNKNOWN, sbx_run_git_stash_lock, out, size);
}

/* The one -e (or -E) script of the perl at argv[k] (argv n long): its switches before it flags
 * (-w -W -X -t -T -U, clustered, -l last), -M and -m with their module attached, -I with its
 * directory; another switch after it (a second -e, whose lines would follow the first's), or
 * any other: NULL. */
static const char *perl_script(char *const *argv, size_t k, size_t n, enum sbx_inline_lang *ret_lang) {
        for (size_t i = k + 1; i < n && argv[i][0] == '-'; i++) {
                const char *a = argv[i] + 1;

                if ((*a == 'M' || *a == 'm') && a[1])
                        continue;
                if (*a == 'I') {
                        if (!a[1] && ++i >= n)
                                return NULL;
                        continue;
                }
                for (; *a && strchr("wWXtTU", *a); a++)
                        ;
                if (*a == 'l' && !a[1])
                        continue;
                if (!*a && a > argv[i] + 1)
                        continue;
                if ((*a != 'e' && *a != 'E') || (!a[1] && i + 1 >= n))
                        return NULL;
                i += a[1] ? 0 : 1;
                if (i + 1 < n && argv[i + 1][0] == '-' && argv[i + 1][1])
                        return NULL;
                *ret_lang = SBX_INLINE_PERL;
                return a[1] ? a + 1 : argv[i];
        }
        return NULL;
}

/* CPython's option word argv[*i] (a '-' first): 1 when it is flags alone (clustered) or -W or
 * -X with its word (attached, or the next one: *i then past it), 0 for another (*ret_rest: its
 * first letter that is no flag, -c's say), -1 for a -W or -X without its word. */
static int python_flag_word(char *const *argv, size_t *i, size_t n, const char **ret_rest) {
        const char *a = argv[*i] + 1;

        for (; *a && strchr("bBdEIOPqsSuv", *a); a++)
                ;
        *ret_rest = a;
        if (!*a && a > argv[*i] + 1)
                return 1;
        if (*a == 'W' || *a == 'X') {
                if (!a[1] && ++*i >= n)
                        return -1;
                return 1;
        }
        return 0;
}

const char *sbx_run_inline_script(char *const *argv, enum sbx_inline_lang *ret_lang) {
        size_t n = 0;
        ptrdiff_t k = argv_past_wrappers(argv, &n);

        if (k < 0)
                return NULL;
        if (versioned_name(base_of(argv[k]), "perl"))
                return perl_script(argv, (size_t) k, n, ret_lang);
        if (!versioned_name(base_of(argv[k]), "python"))
                return NULL;
        /* CPython's options before -c: flags (clustered), -W and -X with their word */
        for (size_t i = (size_t) k + 1; i < n && argv[i][0] == '-'; i++) {
                const char *a;
                int r = python_flag_word(argv, &i, n, &a);

                if (r < 0)
                        return NULL;
                if (r > 0)
                        continue;
                if (*a != 'c')
                        return NULL;
                *ret_lang = SBX_INLINE_PYTHON;
                return a[1] ? a + 1 : i + 1 < n ? argv[i + 1] : NULL;
        }
        return NULL;
}

/* Whether argv[i], met among an interpreter's options, ends them: "--" (its script the next word)
 * or a word that is no option (the script); *ret the script's name, NULL for none, an empty word or
 * "-" (stdin). */
static bool script_operand(char *const *argv, size_t i, size_t n, const char **ret) {
        const char *a = argv[i];

        if (strcmp(a, "--") == 0) {
                *ret = i + 1 < n && argv[i + 1][0] && strcmp(argv[i + 1], "-") != 0 ? argv[i + 1] : NULL;
                return true;
        }
        if (a[0] != '-') {
                *ret = a[0] ? a : NULL;
                return true;
        }
        return false;
}

const char *sbx_run_python_file(char *const *argv) {
        size_t n = 0;
        ptrdiff_t k = argv_past_wrappers(argv, &n);

        if (k < 0 || !versioned_name(base_of(argv[k]), "python"))
                return NULL;
        /* CPython's options before its script: flags (clustered), -W and -X with their word, -- */
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i];

                if (script_operand(argv, i, n, &a))
                        return a;
                if (python_flag_word(argv, &i, n, &a) > 0)
                        continue;
                return NULL; /* -c, -m, - (stdin), -h, a long option, a -W without its word */
        }
        return NULL;
}

const char *sbx_run_perl_file(char *const *argv) {
        size_t n = 0;
        ptrdiff_t k = argv_past_wrappers(argv, &n);

        if (k < 0 || !versioned_name(base_of(argv[k]), "perl"))
                return NULL;
        /* perl's switches before its script, as perl_script() reads them (flags clustered, -l
         * last, -M and -m with their module attached, -I with its directory), -- */
        for (size_t i = (size_t) k + 1; i < n; i++) {
                const char *a = argv[i];

                if (script_operand(argv, i, n, &a))
                        return a;
                a++;
                if ((*a == 'M' || *a == 'm') && a[1])
                        continue;
                if (*a == 'I') {
                        if (!a[1] && ++i >= n)
                                return NULL;
                        continue;
                }
                for (; *a && strchr("wWXtTU", *a); a++)
                        ;
                if (*a == 'l' && !a[1])
                        continue;
                if (!*a && a > argv[i] + 1)
                        continue;
                return NULL; /* -e, -n, -p, -i, -x, - (stdin), another */
        }
        return NULL;
}

/* s (NULL: none) copied into out (size bytes): 1, or 0 for none or where it does not fit. */
static int found_copy(const char *s, char *out, size_t size) {
        if (!s || strlen(s) >= size)
                return 0;
        memcpy(out, s, strlen(s) + 1);
        return 1;
}

int sbx_run_perl_file_name(char *const *words, const char *cwd, char *out, size_t size) {
        (void) cwd; /* (the name as perl prints it: its directory is the caller's) */
        return found_copy(sbx_run_perl_file(words), out, size);
}

int sbx_run_perl_inline_copy(char *const *words, const char *cwd, char *out, size_t size) {
        enum sbx_inline_lang lang = SBX_INLINE_PYTHON;
        const char *script = sbx_run_inline_script(words, &lang);

        (void) cwd;
        return found_copy(lang == SBX_INLINE_PERL ? script : NULL, out, size);
}

_Static_assert(SBX_RUN_SCRIPT_TEXT_SIZE == SCRIPT_FILE_MAX + 2, "the caller's buffer holds a script file's text");

const char *sbx_run_python_file_text(const char *file, const char *cwd, char *buf, size_t *ret_len) {
        bool unanswered;
        const char *text;

        /* a budget of its own (SCRIPT_READ_MS), the start directory's reads done */
        if (script_reads.depth != 0)
                return NULL;
        script_reads.reads = 0;
        text = script_file_text(file, cwd, buf, SCRIPT_FILE_MAX, ret_len, &unanswered);
        script_reads.reads = 0;
        return text;
}
