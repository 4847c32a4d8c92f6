/* libFuzzer target: sbx_run_start_dir() (tools/run-start-dir.c), which reads the command's argv and a
 * shell's `-c` script to tell the directory its relative names are in: a leading `cd DIR &&`, a
 * subshell or group, `tar -C`, `make -C`, `git -C`, `env -C`, the wrappers before them (timeout,
 * nice, stdbuf, ...). The argv is the caller's command,
 * any bytes at all. Checked: the answer is -1, 0 or 1; on 1 the directory is written within the
 * size given (the buffer has exactly that size: a write past it is a sanitizer report), is
 * absolute, is not the start directory, and is an existing directory.
 *
 * The start directory is a small tree made once in $TMPDIR (a, a/b, repo/.git, repo/sub, an
 * archive a.tar), so that relative names in the inputs lead somewhere. Input: a byte for the
 * size of the output (0: PATH_MAX), then the argv's words separated by NUL bytes (at most 64).
 *
 * The same argv goes to the readers of the same file that name a command's target past its
 * wrappers and env's arguments (sbx_run_move_dest(), sbx_run_sqlite_target(),
 * sbx_run_dd_output(), given the words sbx_run_command_words() splits once, as sbx run does) and
 * of a shell's script (sbx_run_shell_script()) or an interpreter's (sbx_run_inline_script(): a
 * python3 -c's, a perl -e's, in the argv or in the words of a shell's -c script): 0 or 1, and on
 * 1 an absolute name within the size given; a script within the argv's words (or those split).
 *
 * And the argv an env's -S STRING splits into (sbx_run_env_split(), which sbx run reads before
 * every reader above): each word a string, no more of them than the argv's words and the bytes of
 * the input, and the readers above given that argv too, its script within its words. */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run-exec.h"

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

static void make_tree(void) {
        static const char *const dirs[] = { "a", "a/b", "repo", "repo/.git", "repo/sub" };
        const char *tmp = getenv("TMPDIR");
        char p[PATH_MAX + 16], *real;
        FILE *f;

        snprintf(p, sizeof(p), "%s/sbx-fuzz-start-dir.XXXXXX", tmp && tmp[0] == '/' ? tmp : "/tmp");
        if (!mkdtemp(p) || !(real = realpath(p, NULL)) || strlen(real) >= sizeof(tree))
                abort();
        memcpy(tree, real, strlen(real) + 1);
        free(real);
        atexit(remove_tree);
        for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
                snprintf(p, sizeof(p), "%s/%s", tree, dirs[i]);
                if (mkdir(p, 0755) < 0)
                        abort();
        }
        snprintf(p, sizeof(p), "%s/a.tar", tree);
        if (!(f = fopen(p, "w")))
                abort();
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

        r = sbx_run_start_dir(argv, tree, out, out_size);
        if (r < -1 || r > 1)
                abort();
        if (r == 1) {
                if (!memchr(out, '\0', out_size) || out[0] != '/' || strcmp(out, tree) == 0)
                        abort();
                if (stat(out, &st) < 0 || !S_ISDIR(st.st_mode))
                        abort();
        }
        {
                bool into = false;
                const char *script = sbx_run_shell_script(argv);
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX];
                char *const *cmd = sbx_run_command_words(argv, tree, dir, &cw);

                /* the directory the words start in: absolute, within PATH_MAX */
                if (cmd && (!memchr(dir, '\0', sizeof(dir)) || dir[0] != '/'))
                        abort();
                r = cmd ? sbx_run_move_dest(cmd, dir, out, out_size, &into) : 0;
                if ((r != 0 && r != 1) || (r == 0 && into))
                        abort();
                if (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/'))
                        abort();
                r = cmd ? sbx_run_sqlite_target(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        abort();
                r = cmd ? sbx_run_dd_output(cmd, dir, out, out_size) : 0;
                if ((r != 0 && r != 1) || (r == 1 && (!memchr(out, '\0', out_size) || out[0] != '/')))
                        abort();
                /* an interpreter's script that a shell's -c script runs: within the words split */
                if (cmd && cmd != argv) {
                        enum sbx_inline_lang lang = SBX_INLINE_PYTHON;
                        const char *in_words = sbx_run_inline_script(cmd, &lang);

                        if (in_words && (!cw.buf || in_words < cw.buf || in_words >= cw.buf + size ||
                                         (lang != SBX_INLINE_PYTHON && lang != SBX_INLINE_PERL)))
                                abort();
                }
                sbx_run_words_clear(&cw);
                /* the script is in the argv's words, and so is an interpreter's */
                if (script && (words ? script < words || script >= words + size : !within_words(argv, script)))
                        abort();
                enum sbx_inline_lang lang = SBX_INLINE_PYTHON;
                const char *inline_script = sbx_run_inline_script(argv, &lang);

                if (inline_script &&
                    ((words ? inline_script < words || inline_script >= words + size : !within_words(argv, inline_script)) ||
                     (lang != SBX_INLINE_PYTHON && lang != SBX_INLINE_PERL)))
                        abort();
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        char *words, *argv[65], *out, **split;
        size_t out_size, n = 0, k = 0;

        if (size < 1)
                return 0;
        if (!tree[0])
                make_tree();
        out_size = data[0] ? data[0] : PATH_MAX;
        /* the words: the rest, NUL-terminated */
        if (!(words = malloc(size)) || !(out = malloc(out_size)))
                abort();
        memcpy(words, data + 1, size - 1);
        words[size - 1] = '\0';
        for (char *p = words; p < words + size && n < 64; p += strlen(p) + 1)
                argv[n++] = p;
        argv[n] = NULL;

        check_argv(argv, words, size, out, out_size);
        /* env -S's words: strings (a sanitizer report past one), no more than the argv's and the
         * input's bytes, read as the argv they are */
        if ((split = sbx_run_env_split(argv))) {
                for (; split[k]; k++)
                        if (strlen(split[k]) > size)
                                abort();
                if (k > n + size)
                        abort();
                check_argv(split, NULL, size, out, out_size);
                for (size_t i = 0; i < k; i++)
                        free(split[i]);
                free(split);
        }
        free(out);
        free(words);
        return 0;
}
