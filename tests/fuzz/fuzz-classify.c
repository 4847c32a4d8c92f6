/* libFuzzer target: the streaming classifier.
 *
 * Input: byte 0 picks the dialect (a built-in, or with bit 7 a dialect file text taken from the
 * input up to the first NUL), byte 1 the exit code, byte 2 the signal (low 6 bits; the high
 * two: a context as sbx run gives, with a workspace, a granted directory, a host that refuses
 * every write beneath /ro (letting it set the times of /ro/own), tells which names exist, a
 * BusyBox mv's destination and a PATH to search; 2 and 3 as for a command that moved, to /ws or
 * to a directory not known; with 1 and 2, a body holding a NUL byte gives before it the shell's
 * -c script and the inline script, a python's where byte 3 is even, a perl's where odd, read
 * beside named pipes the host holds beneath /tmp; a python's script also as the text of the
 * script file python_file_name names, where byte 3's bit 3 is set), byte 3 a chunk size seed,
 * and with a context its bits 1-2 a curl's output file (none, in /ro, in /nx, in /etc)
 * and bits 3-4 the script file's name (/ws/s.py, /ro/../ws/./s.py, a relative one, /ro/s.py);
 * the rest is stderr. Properties checked beyond "no crash, no sanitizer report": the result, every field of
 * it, does not depend on how stderr is split into feeds; it holds together (the denials kept
 * are the first of those counted, a verdict from a line names it, its rule and its signature);
 * under a built-in dialect, 64 denial lines before it count 64 more and no other; exit 0 is
 * success, a signal never a runner failure. And the order of classify/README.md, as partial
 * oracles: a run that did not succeed and is no runner failure is denied exactly when a denial line
 * was counted; a runner failure names a rule of the dialect whose exit codes hold the run's; the
 * `none` dialect counts no denial; and the lines counted and kept do not hang on the status (the
 * same stderr with exit 0: success, the same denials). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "classify-internal.h"
#include "sbx-classify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A host that refuses every write beneath /ro, opens of /ws/0000, reads beneath /wo (see
 * test-classify.c). */
static bool fake_host_refuses(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata;
        (void) run;
        return strncmp(path, "/ro/", 4) == 0 || (opens && strncmp(path, "/ws/0000", 8) == 0) ||
               (reads && strncmp(path, "/wo/", 4) == 0);
}

static bool fake_host_permits(void *userdata, const char *path, bool run) {
        (void) userdata;
        return !run && strncmp(path, "/ws/ok", 6) == 0;
}

/* A host that runs /bin/ok and refuses the other candidates beneath /ro (see test-classify.c). */
static int fake_host_runs(void *userdata, const char *path) {
        (void) userdata;
        return strcmp(path, "/bin/ok") == 0 ? 1 : strncmp(path, "/ro/", 4) == 0 ? 0 : -1;
}

/* A host that refuses a change of mode or owner beneath /ro (see test-classify.c). */
static bool fake_host_refuses_owner(void *userdata, const char *path, bool mode) {
        (void) userdata;
        (void) mode;
        return strncmp(path, "/ro/", 4) == 0;
}

/* A host with /shm a mount of its own (see test-classify.c). */
static uint64_t fake_host_mount(void *userdata, const char *path) {
        (void) userdata;
        return strncmp(path, "/shm/", 5) == 0 ? 7 : 3;
}

/* A host without /nx (see test-classify.c), and with files, not directories, named out (a curl's
 * output file: nothing to make beneath one). */
static bool fake_host_dir_missing(void *userdata, const char *path) {
        (void) userdata;
        return strncmp(path, "/nx/", 4) == 0 || strstr(path, "/out/");
}

/* A host with named pipes beneath /tmp that the command may open, for writing alone beneath
 * /tmp/wo (see test-classify.c). */
static bool fake_host_fifo(void *userdata, const char *path, bool writes) {
        (void) userdata;
        return strncmp(path, "/tmp/", 5) == 0 && (writes || strncmp(path, "/tmp/wo", 7) != 0);
}

/* A host without the names beneath /nx, with directories at the names ending in /d (/full: with
 * entries), not telling /ro/unknown, and files elsewhere (see test-classify.c). */
static int fake_host_exists(void *userdata, const char *path) {
        size_t n = strlen(path);
        (void) userdata;

        if (strcmp(path, "/ro/unknown") == 0)
                return -1;
        if (strncmp(path, "/nx/", 4) == 0)
                return SBX_HOST_NAME_MISSING;
        if (n >= 5 && strcmp(path + n - 5, "/full") == 0)
                return SBX_HOST_NAME_DIR_ENTRIES;
        return n >= 2 && strcmp(path + n - 2, "/d") == 0 ? SBX_HOST_NAME_DIR : SBX_HOST_NAME_FILE;
}

/* A host that lets the command set the times of the files named own beneath /ro (see
 * test-classify.c). */
static int fake_host_sets_times(void *userdata, const char *path, unsigned how) {
        (void) userdata, (void) how;
        return strncmp(path, "/ro/own", 7) == 0 ? 1 : -1;
}

static void classify(const struct sbx_dialect *d, const struct sbx_exit_status *st, const uint8_t *buf, size_t len,
                     size_t chunk_seed, int context, const char *script, enum sbx_inline_lang lang, uint8_t how,
                     struct sbx_classify_result *res) {
        static const char *const writable[] = { "/ws", "/tmp/run", NULL }, *const granted[] = { "/gr", NULL };
        static const char *const curl_output[] = { NULL, "/ro/out", "/nx/out", "/etc/out" },
                          *const py_name[] = { "/ws/s.py", "/ro/../ws/./s.py", "s.py", "/ro/s.py" };
        /* context: 0 none, 1 sbx run's, 2 in a directory the command moved to, 3 moved where sbx
         * cannot tell (no cwd) */
        const struct sbx_classify_context ctx = { .cwd = context == 3 ? NULL : "/ws", .moved = context >= 2,
                                                  .writable = writable, .granted = granted,
                                                  .host_refuses_owner = fake_host_refuses_owner,
                                                  .host_permits = fake_host_permits,
                                                  .host_refuses = fake_host_refuses,
                                                  .host_runs = fake_host_runs,
                                                  .host_mount = fake_host_mount,
                                                  .host_dir_missing = fake_host_dir_missing,
                                                  .host_exists = fake_host_exists,
                                                  .host_sets_times = fake_host_sets_times,
                                                  .move_dest = "/ro/d/x",
                                                  .host_fifo = script ? fake_host_fifo : NULL,
                                                  .script = script,
                                                  .inline_script = script,
                                                  .inline_lang = lang,
                                                  .python_file = script && (how & 8) && lang == SBX_INLINE_PYTHON ? script : NULL,
                                                  .python_file_name = py_name[(how >> 3) & 3],
                                                  .curl_output = curl_output[(how >> 1) & 3],
                                                  .git_index_lock = how & 0x20 ? "/etc/g/.git/index.lock" : NULL,
                                                  .zip_output = how & 0x40 ? "/etc/z.zip" : NULL,
                                                  .iconv_output = how & 0x40 ? "/etc/i.txt" : NULL,
                                                  .mktemp_file = how & 0x20 ? "/etc/tmp.XXX" : NULL,
                                                  .npm_dir = how & 0x80 ? "/etc/app" : NULL,
                                                  .wget_output = how & 0x80 ? "/etc/w.txt" : NULL,
                                                  .search_path = ":rel:/ro/bin:/bin" };
        struct sbx_classifier *c = NULL;
        size_t off = 0, k = 0;

        if (sbx_classifier_new(d, &c, NULL) < 0)
                abort();
        if (context && sbx_classifier_set_context(c, &ctx) < 0)
                abort();
        while (off < len) {
                /* chunk sizes vary: 1, small, around the staging size, everything */
                size_t n = chunk_seed == 0 ? len : 1 + (chunk_seed * 2654435761u + k * 40503u) % (chunk_seed < 4 ? 7 : 70000);
                if (n > len - off)
                        n = len - off;
                if (sbx_classify_feed(c, buf + off, n) < 0)
                        abort();
                off += n;
                k++;
        }
        if (sbx_classify_finish(c, st, res, NULL) < 0)
                abort();
        sbx_classifier_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        static struct sbx_classify_result a, b;
        struct sbx_dialect *own = NULL;
        const struct sbx_dialect *d = NULL;
        struct sbx_exit_status st;
        const uint8_t *body, *sep;
        size_t body_len;
        char *script = NULL;
        enum sbx_inline_lang lang;

        if (size < 4)
                return 0;
        st.exit_code = data[1];
        st.signal = data[2] & 0x3f;
        body = data + 4;
        body_len = size - 4;
        if (data[0] & 0x80) {
                const uint8_t *nul = memchr(body, 0, body_len);
                size_t tl = nul ? (size_t) (nul - body) : body_len;

                if (sbx_dialect_parse((const char *) body, tl, "fuzz", &own, NULL) < 0)
                        return 0;
                d = own;
                body += tl + (nul ? 1 : 0);
                body_len -= tl + (nul ? 1 : 0);
        } else if (sbx_dialect_builtin(sbx_dialect_builtin_names[data[0] % 5], &d) < 0)
                abort();

        if ((data[2] >> 6 == 1 || data[2] >> 6 == 2) && (sep = memchr(body, 0, body_len))) {
                if (!(script = strdup((const char *) body)))
                        abort();
                body_len -= (size_t) (sep - body) + 1;
                body = sep + 1;
        }
        lang = data[3] % 2 ? SBX_INLINE_PERL : SBX_INLINE_PYTHON;
        classify(d, &st, body, body_len, 0, data[2] >> 6, script, lang, data[3], &a);
        classify(d, &st, body, body_len, data[3], data[2] >> 6, script, lang, data[3], &b);
        if (a.verdict != b.verdict || a.line_no != b.line_no || a.denial_lines != b.denial_lines ||
            a.stderr_lines != b.stderr_lines || a.stderr_bytes != body_len || b.stderr_bytes != body_len ||
            strcmp(a.matched_line, b.matched_line) != 0 || a.n_denials != b.n_denials ||
            strcmp(a.signature, b.signature) != 0 || strcmp(a.rule, b.rule) != 0 ||
            strcmp(a.denial_signature, b.denial_signature) != 0)
                abort();
        for (size_t i = 0; i < a.n_denials; i++)
                if (strcmp(a.denials[i].path, b.denials[i].path) != 0 || a.denials[i].line_no != b.denials[i].line_no ||
                    strcmp(a.denials[i].line, b.denials[i].line) != 0)
                        abort();
        if (a.line_no > a.stderr_lines || strlen(a.matched_line) >= SBX_MATCHED_LINE_MAX)
                abort();
        /* the result holds together (classify/README.md, sbx-classify.h): every denial line
         * counted is kept up to SBX_DENIALS_KEPT, at a line of stderr; the first one's signature
         * is there exactly when one was counted; a verdict from a line names it, its rule and its
         * signature (a denial's the first denial line's), and the others name none */
        if (a.n_denials != (a.denial_lines < SBX_DENIALS_KEPT ? a.denial_lines : SBX_DENIALS_KEPT) ||
            (a.denial_lines > 0) != (a.denial_signature[0] != '\0'))
                abort();
        /* (but curl's exit status 23 with no line, read as its "curl: (23)" line would be: the
         * last denial, at no line, its evidence the status; a curl_output context alone) */
        bool status_line = a.verdict == SBX_VERDICT_DENIED && a.line_no == 0 && st.exit_code == 23 && st.signal == 0 &&
                           (data[2] >> 6) != 0 && a.n_denials == 1 && a.denials[0].line_no == 0 &&
                           strncmp(a.matched_line, "(no line: curl's exit status 23", 31) == 0 &&
                           strcmp(a.signature, "curl: (23)") == 0;
        /* ... and git stash's exit status 1 with no line at all, read as its lock file's line (a
         * git_index_lock context alone), zip's 15 as its archive's (zip_output), wget's 3 as its file's (wget_output) */
        status_line = status_line ||
                      (a.verdict == SBX_VERDICT_DENIED && a.line_no == 0 && st.exit_code == 1 && st.signal == 0 &&
                       (data[2] >> 6) != 0 && (data[3] & 0x20) && a.stderr_lines == 0 && a.n_denials == 1 &&
                       a.denials[0].line_no == 0 &&
                       strncmp(a.matched_line, "(no line: git stash's exit status 1", 35) == 0) ||
                      (a.verdict == SBX_VERDICT_DENIED && a.line_no == 0 && st.exit_code == 15 && st.signal == 0 &&
                       (data[2] >> 6) != 0 && (data[3] & 0x40) && a.n_denials == 1 && a.denials[0].line_no == 0 &&
                       strncmp(a.matched_line, "(no line: zip's exit status 15", 30) == 0) ||
                      (a.verdict == SBX_VERDICT_DENIED && a.line_no == 0 && st.exit_code == 3 && st.signal == 0 &&
                       (data[2] >> 6) != 0 && (data[3] & 0x80) && a.n_denials == 1 && a.denials[0].line_no == 0 &&
                       strncmp(a.matched_line, "(no line: wget's exit status 3", 30) == 0);
        for (size_t i = 0; i < a.n_denials; i++)
                if ((a.denials[i].line_no == 0 && !(status_line && i == a.n_denials - 1)) ||
                    a.denials[i].line_no > a.stderr_lines)
                        abort();
        if (a.verdict == SBX_VERDICT_DENIED || a.verdict == SBX_VERDICT_RUNNER_FAILURE) {
                if ((a.line_no == 0 && !status_line) || !a.rule[0] || !a.signature[0] ||
                    (a.verdict == SBX_VERDICT_DENIED &&
                     (strcmp(a.rule, "denial") != 0 || strcmp(a.signature, a.denial_signature) != 0)))
                        abort();
        } else if (a.line_no != 0 || a.rule[0] || a.signature[0] || a.matched_line[0])
                abort();
        /* 64 denial lines before it, as many as are kept, count 64 more and change nothing of how
         * its own lines count: whether a line is a denial does not hang on whether it is kept
         * (c9064b4: after 64, an internet socket's line was counted, with no context) */
        if (!own && data[0] % 5 != 4) {
                static const char *const denial_line[] = {
                        "Read-only file system\n",
                        "Permission denied\n",
                        "Operation not permitted\n",
                        "Access is denied.\n",
                };
                static struct sbx_classify_result p;
                const char *dl = denial_line[data[0] % 5];
                size_t dlen = strlen(dl), plen = SBX_DENIALS_KEPT * dlen;
                uint8_t *pre = malloc(plen + body_len + 1);

                if (!pre)
                        abort();
                for (size_t i = 0; i < SBX_DENIALS_KEPT; i++)
                        memcpy(pre + i * dlen, dl, dlen);
                memcpy(pre + plen, body, body_len);
                classify(d, &st, pre, plen + body_len, 0, data[2] >> 6, script, lang, data[3], &p);
                /* (a denial before it: curl's status is no denial of its own) */
                if (p.denial_lines != a.denial_lines - status_line + SBX_DENIALS_KEPT ||
                    p.stderr_lines != a.stderr_lines + SBX_DENIALS_KEPT)
                        abort();
                free(pre);
        }
        if (st.signal == 0 && st.exit_code == 0 && a.verdict != SBX_VERDICT_SUCCESS)
                abort();
        if (st.signal != 0 && a.verdict == SBX_VERDICT_RUNNER_FAILURE)
                abort();
        /* the order (classify/README.md): a run that did not succeed and is no runner failure is
         * denied exactly when a denial line was counted, else the task's failure */
        if ((st.signal != 0 || st.exit_code != 0) && a.verdict != SBX_VERDICT_RUNNER_FAILURE &&
            (a.verdict == SBX_VERDICT_DENIED) != (a.denial_lines > 0))
                abort();
        /* a runner failure is a rule of the dialect that allows the exit code (none listed: any) */
        if (a.verdict == SBX_VERDICT_RUNNER_FAILURE) {
                bool allowed = false;

                for (size_t i = 0; i < d->n_rules; i++)
                        if (strcmp(d->rules[i].name, a.rule) == 0) {
                                allowed = d->rules[i].n_exits == 0;
                                for (size_t k = 0; k < d->rules[i].n_exits; k++)
                                        allowed |= d->rules[i].exits[k] == st.exit_code;
                        }
                if (!allowed || st.exit_code == 0)
                        abort();
        }
        /* `none` (unconfined runs) has no signature: nothing is a denial, a failure the task's */
        if (!own && data[0] % 5 == 4 &&
            (a.denial_lines != 0 || (a.verdict != SBX_VERDICT_SUCCESS && a.verdict != SBX_VERDICT_TASK_FAILURE)))
                abort();
        /* stderr is read before the status is known: with exit 0 the same lines are counted, and
         * kept, the verdict success */
        if (st.signal != 0 || st.exit_code != 0) {
                static struct sbx_classify_result z;
                const struct sbx_exit_status ok = { 0 };

                /* (but curl's status 23, no line of stderr) */
                classify(d, &ok, body, body_len, 0, data[2] >> 6, script, lang, data[3], &z);
                if (z.verdict != SBX_VERDICT_SUCCESS || z.denial_lines != a.denial_lines - status_line ||
                    z.stderr_lines != a.stderr_lines || z.n_denials != a.n_denials - status_line ||
                    (!status_line && strcmp(z.denial_signature, a.denial_signature) != 0))
                        abort();
                for (size_t i = 0; i < z.n_denials; i++)
                        if (strcmp(z.denials[i].path, a.denials[i].path) != 0 ||
                            z.denials[i].line_no != a.denials[i].line_no)
                                abort();
        }
        sbx_dialect_free(own);
        free(script);
        return 0;
}
