/* The streaming classifier (DESIGN.md section 1, "Classification").
 *
 * stderr is scanned as it arrives, in bounded memory. A byte-pair prefilter (dialect.c) finds the
 * places where a signature may occur; a small window around each is confirmed with the combined
 * PCRE2 pattern of every signature, and only a confirmed line is examined per category (denial,
 * each runner-failure rule). The exit status is known only at the end, so each category keeps the
 * first line that qualified and the verdict is taken in sbx_classify_finish().
 *
 * Memory: a 64 KiB staging buffer (small feeds are gathered so the per-feed cost stays low), the
 * first LINE_KEEP bytes of the line in progress, the last max_match bytes of it (a signature
 * can straddle two feeds), and the last LOOK_BACK + LINE_KEEP bytes before the buffer being
 * scanned (the lines before a Rust error chain's last line). Nothing grows with the input. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "classify-internal.h"
#include "sbx-macro.h"
#include "sbx-sqlite-uri.h"

#define STAGE_SIZE (64 * 1024)
/* A line naming a path the kernel takes (SBX_DENIAL_PATH_MAX) beside another as long, a rename's
 * source and destination, is whole (it was 4096 bytes: touch's line of a 4060-byte path kept none);
 * > 4 * SBX_INFO_LINE_MAX: a longer line is never an informational line */
#define LINE_KEEP (2 * SBX_DENIAL_PATH_MAX)
#define LOOK_BACK 4096 /* how far back from a denial line chained_path() looks */
#define WIDE_SIZE (3 * LINE_KEEP + 1) /* a whole kept line as text: a NUL byte grows to U+FFFD */

static const char *const verdict_names[_SBX_VERDICT_MAX] = {
        [SBX_VERDICT_SUCCESS] = "success",
        [SBX_VERDICT_TASK_FAILURE] = "task_failure",
        [SBX_VERDICT_DENIED] = "denied",
        [SBX_VERDICT_RUNNER_FAILURE] = "runner_failure",
};

const char *sbx_verdict_to_string(enum sbx_verdict v) {
        if ((unsigned) v >= _SBX_VERDICT_MAX)
                return NULL;
        return verdict_names[v];
}

int sbx_verdict_from_string(const char *s, enum sbx_verdict *ret_verdict) {
        if (!s || !ret_verdict)
                return -EINVAL;
        for (int i = 0; i < _SBX_VERDICT_MAX; i++)
                if (strcmp(s, verdict_names[i]) == 0) {
                        *ret_verdict = (enum sbx_verdict) i;
                        return 0;
                }
        return -EINVAL;
}

struct hit {
        bool hit;
        uint64_t line_no;
        int sig;
        char line[SBX_MATCHED_LINE_MAX];
};

struct sbx_classifier {
        const struct sbx_dialect *d;
        pcre2_match_data *md;
        int error; /* sticky -errno of a matching-engine failure */
        char error_msg[256];
        bool finished;
        uint8_t first_possible[256]; /* a byte that can start a prefilter pair */

        uint64_t bytes;
        bool jit_done; /* sbx_dialect_jit() was called for this input */
        uint64_t lines_done; /* complete lines so far; the line in progress is lines_done + 1 */

        /* the line in progress */
        uint64_t cur_len; /* its bytes before the buffer being processed */
        size_t keep_len;
        unsigned char keep[LINE_KEEP];
        bool flagged;
        int denial_sig;                /* -1: no denial signature in this line */
        int fifo_sig;                  /* -1: no fifo-denial signature in this line */
        int fatal_sig[SBX_RULES_MAX];  /* -1: no fatal signature of that rule */
        size_t carry_len;
        unsigned char *carry;    /* last max_match bytes of the line in progress */
        unsigned char *junction; /* carry + the next max_match bytes */

        size_t stage_len;
        unsigned char stage[STAGE_SIZE];

        const unsigned char *scan_start; /* the buffer process() is scanning, or NULL */
        uint64_t scan_base;              /* the stream offset of its first byte */
        /* the stream's last bytes before scan_base, whatever the buffers were: the lines before
         * a denial line are the same however stderr was fed (a line before the buffer's start
         * read as none made the path depend on where a read ended) */
        size_t hist_len;
        unsigned char hist[LOOK_BACK + LINE_KEEP];
        bool look;          /* the line being ended may be a chain's last: its start below */
        uint64_t look_line; /* the stream offset of its first byte */

        /* a denial line that named no path and ended with its signature, held until the lines
         * after it tell: npm prints an error's fields each on a line of its own, the name last
         * ("npm error code EACCES", "npm error syscall open", "npm error path X"), see pend_see() */
        bool pend;
        bool pend_run;      /* a field told of a program run (syscall spawn) */
        bool pend_link;     /* a field told of a link made (syscall symlink, link): its "dest" is the name */
        bool pend_indented; /* CMake's form: the name alone on an indented line, after one blank line */
        bool pend_bind;     /* Java's java.net.BindException: its native frame on the next line */
        bool pend_tcl;      /* Tcl's "couldn't open socket": its trace tells the socket command */
        bool pend_push;     /* git push's "remote unpack failed": the next line names the repository */
        bool pend_vg;       /* Valgrind's "==PID== error N <errno text>": the next line names the file */
        bool pend_ruby;     /* Ruby's "<errno text> @ <function>": the next line is "- X" */
        bool pend_bundler;  /* Bundler's PermissionError: its backquoted name wrapped onto the next lines */
        bool pend_cmake;    /* CMake's "Unable to (re)create the private pkgRedirects directory:": the name next */
        size_t pend_name_len;
        char pend_name[SBX_DENIAL_PATH_MAX]; /* the backquoted name read so far, its lines joined */
        unsigned pend_seen; /* field lines seen after it */
        size_t pend_cols;   /* Ruby's: the columns of the name's last line read (ruby_name_goes_on()) */
        size_t pend_cols_max; /* ... and of its longest, but a word longer than the wrap alone */
        bool pend_long_word;  /* Ruby's: the name's last line read is one word longer than the wrap */
        int pend_sig;
        uint64_t pend_line_no;
        size_t pend_prefix_len;
        char pend_prefix[64]; /* what came before the signature, "npm error " */
        char pend_line[SBX_MATCHED_LINE_MAX];

        char *wide; /* a denial line longer than the evidence kept of it, whole: where its path is
                     * read (allocated when first needed) */
        char cwd[SBX_DENIAL_PATH_MAX]; /* "" when unknown */
        bool moved;                    /* see struct sbx_classify_context */
        bool lost;                     /* moved, to a directory not known */
        char move_dest[PATH_MAX]; /* see struct sbx_classify_context; "" when none (a name may
                                   * be longer than a path kept: asked of the host whole) */
        bool move_into;
        char sqlite_target[SBX_DENIAL_PATH_MAX]; /* see struct sbx_classify_context; "" when none */
        char sqlite_db[SBX_DENIAL_PATH_MAX];     /* see struct sbx_classify_context; "" when none */
        bool sqlite_db_moved;                    /* see struct sbx_classify_context */
        bool sqlite_target_or_db;                /* see struct sbx_classify_context */
        char sqlite_dir[SBX_DENIAL_PATH_MAX];    /* see struct sbx_classify_context; "" when none */
        bool sqlite_dir_lost;                    /* see struct sbx_classify_context */
        bool chattr_capability;                  /* see struct sbx_classify_context */
        bool tar_replaces;                       /* see struct sbx_classify_context */
        bool argv_lost;                          /* context argv_name_lost */
        bool npm_scripts;                        /* see struct sbx_classify_context */
        char dd_output[SBX_DENIAL_PATH_MAX];     /* see struct sbx_classify_context; "" when none */
        char curl_output[SBX_DENIAL_PATH_MAX];   /* see struct sbx_classify_context; "" when none */
        char curl_later[SBX_DENIAL_PATH_MAX];    /* see struct sbx_classify_context; "" when none */
        char bfd_later[SBX_DENIAL_PATH_MAX];     /* see struct sbx_classify_context; "" when none */
        char javac_later[SBX_DENIAL_PATH_MAX];   /* see struct sbx_classify_context; "" when none */
        char later_target[SBX_DENIAL_PATH_MAX];  /* the one of curl_later or bfd_later a line is judged of */
        bool curl_create_dirs;                   /* see struct sbx_classify_context */
        bool sqlite_readonly;                    /* see struct sbx_classify_context */
        char bfd_output[SBX_DENIAL_PATH_MAX];    /* see struct sbx_classify_context; "" when none */
        /* bfd_output as the host resolved it when the context was set, before the run ("" where the
         * same): binutils unlinks an output it could not write, a dangling link in the workspace
         * too, which the host then no longer follows */
        char bfd_followed[SBX_DENIAL_PATH_MAX];
        char javac_dir[SBX_DENIAL_PATH_MAX];     /* see struct sbx_classify_context; "" when none */
        char javac_header_dir[SBX_DENIAL_PATH_MAX]; /* see struct sbx_classify_context; "" when none */
        char javac_natives[SBX_DENIAL_PATH_MAX]; /* see struct sbx_classify_context; "" when none */
        char git_index_lock[SBX_DENIAL_PATH_MAX]; /* see struct sbx_classify_context; "" when none */
        char zip_output[SBX_DENIAL_PATH_MAX];     /* see struct sbx_classify_context; "" when none */
        char wget_output[SBX_DENIAL_PATH_MAX];    /* see struct sbx_classify_context; "" when none */
        char ninja_log[SBX_DENIAL_PATH_MAX];      /* see struct sbx_classify_context; "" when none */
        char pycache_dir[SBX_DENIAL_PATH_MAX];    /* see struct sbx_classify_context; "" when none */
        char pycache_later[SBX_DENIAL_PATH_MAX];  /* see struct sbx_classify_context; "" when none */
        char iconv_output[SBX_DENIAL_PATH_MAX];   /* see struct sbx_classify_context; "" when none */
        char archive_output[SBX_DENIAL_PATH_MAX]; /* see struct sbx_classify_context; "" when none */
        char archive_moved_to[SBX_DENIAL_PATH_MAX]; /* see struct sbx_classify_context; "" when none */
        char keygen_hosts[SBX_DENIAL_PATH_MAX];   /* see struct sbx_classify_context; "" when none */
        char mktemp_file[SBX_DENIAL_PATH_MAX];    /* see struct sbx_classify_context; "" when none */
        char chattr_file[SBX_DENIAL_PATH_MAX];    /* see struct sbx_classify_context; "" when none */
        char npm_dir[SBX_DENIAL_PATH_MAX];        /* see struct sbx_classify_context; "" when none */
        char javac_level[SBX_DENIAL_PATH_MAX];   /* the level of javac_dir its line is a denial of */
        bool curl_line;                          /* a line of curl's "curl: (23)" came (curl_exit_denial()) */
        char line_file[SBX_DENIAL_PATH_MAX];     /* CMake's cache file its line names (argv_output_line()) */
        char find_exec[SBX_DENIAL_PATH_MAX];     /* see struct sbx_classify_context; "" when none */
        size_t n_writable;             /* see struct sbx_classify_context */
        char writable[SBX_CLASSIFY_WRITABLE_MAX][SBX_DENIAL_PATH_MAX];
        size_t n_granted; /* the granted directories, the writable ones among them */
        char granted[2 * SBX_CLASSIFY_WRITABLE_MAX][SBX_DENIAL_PATH_MAX];
        size_t (*resolve)(void *userdata, const char *path, char *out, size_t size);
        bool (*host_permits)(void *userdata, const char *path, bool run);
        bool (*host_refuses)(void *userdata, const char *path, bool run, bool opens, bool reads);
        bool (*host_refuses_owner)(void *userdata, const char *path, bool mode);
        bool unprivileged;             /* see struct sbx_classify_context */
        int (*host_runs)(void *userdata, const char *path);
        uint64_t (*host_mount)(void *userdata, const char *path);
        bool (*host_dir_missing)(void *userdata, const char *path);
        int (*host_exists)(void *userdata, const char *path);
        bool (*host_fifo)(void *userdata, const char *path, bool writes);
        bool (*host_covered)(void *userdata, const char *path);
        int (*host_sets_times)(void *userdata, const char *path, unsigned how);
        unsigned touch_how;            /* see struct sbx_classify_context */
        bool (*host_needs_capability)(void *userdata, const char *path, bool run);
        bool (*host_unreadable)(void *userdata, const char *path);
        char *script;      /* see struct sbx_classify_context; NULL: none */
        unsigned char *script_lex; /* of each byte of script, what it is (script_lex()) */
        char *inline_script; /* the context's; NULL: none */
        char perl_name[256]; /* the name perl's die gives it ("-e", a script file's); "": none */
        /* the names a Python inline script gives the builtin open (python_open_aliases()), each
         * NUL-terminated, an empty one after the last */
        char py_open_alias[256];
        char py_file_name[SBX_DENIAL_PATH_MAX]; /* see struct sbx_classify_context; "" when none */
        char *fifo_ran; /* the name whose run or read a shell's line told (script_run_then_written()) */
        /* the names a shell's line named alone, "X: Permission denied" (shell_run_line()): the
         * places the script runs each (0: it does more with it than run it) and the lines so far,
         * the script read once a name, not once a line */
        struct shell_run_lines {
                char name[SBX_DENIAL_PATH_MAX];
                int runs;
                unsigned lines;
        } shell_runs[8];
        size_t n_shell_runs;
        enum sbx_inline_lang inline_lang;
        char *search_path; /* NULL: the default */
        /* resolve()'s last answer: a command that prints the same denial line many times has its
         * path resolved once, not three times a line (review: 1 GB of one `Read-only file system`
         * line took bwrap's run 387 s, against 2 s for other text, nine readlink(2)s a line).
         * Behind a pointer, as host_name() reads the classifier const. */
        struct resolve_memo {
                bool known;
                size_t k;
                char in[SBX_DENIAL_PATH_MAX];
                char out[SBX_DENIAL_PATH_MAX];
        } resolved_store, *resolved, dir_resolved_store, *dir_resolved; /* (the second: a kept
                                                                           * denial's directory) */
        /* host_refuses()'s last answer, for the same reason */
        bool refuses_known, refuses_answer, refuses_known_run, refuses_known_opens, refuses_known_reads;
        char refuses_known_path[SBX_DENIAL_PATH_MAX];
        /* the last program searched_program() looked for, and what it found: a command that
         * prints the same line many times is searched for once */
        bool searched_known, searched_refused;
        char searched_name[SBX_DENIAL_PATH_MAX];
        char searched_path[SBX_DENIAL_PATH_MAX];
        bool refuses_run, refuses_opens, refuses_reads; /* of the line host_refused() examines */
        bool refuses_link; /* ... GNU ln's of the link it made (ln_made_line()) */
        bool bare_files; /* of the line examined: a bare word is a file's name (moved, no cause chain) */
        const char *partner; /* in the line host_refused() or hosts_own_refusal() examines: the name
                              * its path pairs with, or NULL */
        size_t partner_len;
        const char *moved_from; /* of the line host_refused() examines: the path path_elsewhere()
                                 * moved from, absolute, when it is not the partner; or NULL */
        /* the names of that line found refused, the last few: a quoted absolute name is passed
         * again as an unquoted one, and is most often the path too (asked once, not three times) */
        size_t n_refused;
        size_t refused_len[4];
        char refused[4][SBX_DENIAL_PATH_MAX];
        void *resolve_userdata;

        /* results */
        struct hit denial;
        struct hit rules[SBX_RULES_MAX];
        uint64_t denial_lines;
        size_t n_denials;
        struct sbx_denial denials[SBX_DENIALS_KEPT];
};

static void line_reset(struct sbx_classifier *c) {
        c->cur_len = 0;
        c->keep_len = 0;
        c->carry_len = 0;
        if (c->flagged) {
                c->flagged = false;
                c->denial_sig = -1;
                c->fifo_sig = -1;
                for (size_t i = 0; i < SBX_RULES_MAX; i++)
                        c->fatal_sig[i] = -1;
        }
}

int sbx_classifier_new(const struct sbx_dialect *d, struct sbx_classifier **ret, struct sbx_diag *diag) {
        struct sbx_classifier *c;

        if (!d || !ret)
                return -EINVAL;
        c = calloc(1, sizeof(*c));
        if (!c)
                return sbx_diag_set(diag, ENOMEM, "classifier", NULL, "out of memory");
        c->d = d;
        c->resolved = &c->resolved_store;
        c->dir_resolved = &c->dir_resolved_store;
        c->md = pcre2_match_data_create(1, NULL);
        c->carry = malloc(d->max_match + 1);
        c->junction = malloc(2 * d->max_match + 2);
        if (!c->md || !c->carry || !c->junction) {
                sbx_classifier_free(c);
                return sbx_diag_set(diag, ENOMEM, "classifier", NULL, "out of memory");
        }
        c->flagged = true;
        line_reset(c);
        /* the pair (a, b) is bit a | b << 8: walk the set bits rather than all 65536 pairs */
        for (unsigned k = 0; k < SBX_PAIR_BITS_BYTES; k++)
                for (unsigned bits = d->pair_bits[k]; bits; bits &= bits - 1)
                        c->first_possible[((k << 3) | (unsigned) __builtin_ctz(bits)) & 0xff] = 1;
        *ret = c;
        return 0;
}

/* What each byte of a shell script is, as its reader in fifo_denial_line() needs it: the shell's
 * own text (LEX_CODE), a quote that opens or closes a quoted word (LEX_QUOTE: ', ", $'), text
 * within one (LEX_QUOTED), or neither: a backslash and the byte it escapes, a comment from a '#'
 * that starts a word to the newline, a here-document's lines up to its delimiter's (LEX_OTHER). A
 * command substitution within double quotes, `$(...)` (not `$((`, arithmetic) or a backquoted
 * one, is the shell's own text again, read as a script is, to its closing ')' or '`'
 * (SCRIPT_LEX_DEPTH deep; deeper, quoted text); in a here-document, text. Caller frees; NULL when
 * out of memory. */
enum { LEX_CODE, LEX_QUOTE, LEX_QUOTED, LEX_OTHER };
#define SCRIPT_LEX_DEPTH 16

/* The here-documents a line of a script opens (`<<WORD`, `<<-WORD`), their bodies read after its
 * newline in turn: each delimiter (WORD unquoted), whether leading tabs are stripped and whether
 * WORD was quoted (its body then not expanded). */
struct heredocs {
        struct {
                char word[64];
                bool tabs;
                bool quoted;
        } doc[8];
        size_t n;
        bool lost; /* one not read (too many, a delimiter too long): the rest of the script is text */
};

/* The here-document operator `<<` (not `<<<`, nor a shift within `((` on its line: `$((1<<2))`) at
 * script[i], code: its delimiter word queued in h. */
static void heredoc_open(const char *script, size_t i, struct heredocs *h) {
        size_t j = i + 2, len = 0, b = i;
        bool tabs = script[j] == '-', quoted = false;
        int arith = 0;

        while (b > 0 && script[b - 1] != '\n')
                b--;
        for (; b + 1 < i; b++)
                arith += script[b] == '(' && script[b + 1] == '(' ? 1 : script[b] == ')' && script[b + 1] == ')' ? -1 : 0;
        if (arith > 0)
                return;

        j += tabs;
        j += strspn(script + j, " \t");
        for (char q = '\0'; script[j] && (q || !strchr(" \t\n;&|()<>", script[j])); j++) {
                if (!q && (script[j] == '\'' || script[j] == '"')) {
                        q = script[j];
                        quoted = true;
                        continue;
                }
                if (q && script[j] == q) {
                        q = '\0';
                        continue;
                }
                if (!q && script[j] == '\\' && script[j + 1]) {
                        j++;
                        quoted = true;
                }
                if (h->n >= SBX_ELEMENTSOF(h->doc) || len + 1 >= sizeof(h->doc[0].word)) {
                        h->lost = true;
                        return;
                }
                h->doc[h->n].word[len++] = script[j];
        }
        if (len == 0)
                return; /* bash's syntax error: no here-document */
        h->doc[h->n].word[len] = '\0';
        h->doc[h->n].quoted = quoted;
        h->doc[h->n++].tabs = tabs;
}

static size_t lex_quoted_sub(const char *s, size_t i, size_t end, unsigned char *k, int depth);

/* The body s[b..e) of a here-document whose delimiter is unquoted: text, but a command
 * substitution in it the shell's own (bash and dash expand the body: `cat <<EOF`, then `$(echo x >
 * X)`, writes X; review: read as text, as nobody the refused write of root's 0622 pipe read
 * task_failure), a backslash escaping the byte after it. */
static void heredoc_subs(const char *s, size_t b, size_t e, unsigned char *k, int depth) {
        for (size_t j = b; j < e; j++) {
                size_t c;

                if (s[j] == '\\')
                        j++;
                else if ((c = lex_quoted_sub(s, j, e, k, depth)) != SIZE_MAX)
                        j = c;
        }
}

/* The bodies of the here-documents queued in h, from script[i] (a line's start) on, marked text
 * in k: each to its delimiter's line (leading tabs stripped for `<<-`), that line too; a missing
 * one to the end (bash reads the body to there); the command substitutions in the body of an
 * unquoted delimiter the shell's text (heredoc_subs(), depth deep). The index of the last byte
 * marked; h emptied. */
static size_t heredoc_bodies(const char *script, size_t n, size_t i, struct heredocs *h, unsigned char *k, int depth) {
        size_t last = i - 1;

        for (size_t d = 0; d < h->n || h->lost; d++) {
                bool found = false;
                size_t body = i, body_end = n;

                while (i < n && !found) {
                        size_t e = i, t = i;

                        while (e < n && script[e] != '\n')
                                e++;
                        if (d < h->n && h->doc[d].tabs)
                                t += strspn(script + i, "\t");
                        found = !h->lost && (size_t) (e - t) == strlen(h->doc[d].word) &&
                                memcmp(script + t, h->doc[d].word, e - t) == 0;
                        if (found)
                                body_end = i;
                        memset(k + i, LEX_OTHER, e - i);
                        /* the delimiter's newline ends a command, as any */
                        if (e < n)
                                k[e] = found ? LEX_CODE : LEX_OTHER;
                        last = e < n ? e : n - 1;
                        i = e + 1;
                }
                if (!h->lost && !h->doc[d].quoted)
                        heredoc_subs(script, body, body_end, k, depth);
                if (h->lost || i >= n)
                        break;
        }
        h->n = 0;
        return last;
}

static size_t lex_dquote(const char *s, size_t i, size_t end, unsigned char *k, int depth);
static size_t lex_param(const char *s, size_t i, size_t end, unsigned char *k, unsigned char own, int depth);

/* s[i..end) as the shell's own text into k; with sub (within `$(`), up to the ')' that closes
 * it, whose index is returned (end when none). */
static size_t lex_code(const char *s, size_t i, size_t end, unsigned char *k, bool sub, int depth) {
        struct heredocs h = { .n = 0 };
        int parens = 0;

        for (; i < end; i++) {
                char ch = s[i];

                if (ch == '\n' && (h.n > 0 || h.lost)) {
                        k[i] = LEX_CODE;
                        if (i + 1 < end)
                                i = heredoc_bodies(s, end, i + 1, &h, k, depth);
                        continue;
                }
                if (ch == '<' && i + 2 < end && s[i + 1] == '<' && s[i + 2] != '<' && (i == 0 || s[i - 1] != '<'))
                        heredoc_open(s, i, &h);
                if (ch == '\\') {
                        k[i] = LEX_OTHER;
                        if (i + 1 < end)
                                k[++i] = LEX_OTHER;
                        continue;
                }
                if (ch == '#' && (i == 0 || strchr(" \t\n;&|()", s[i - 1]))) {
                        for (; i < end && s[i] != '\n'; i++)
                                k[i] = LEX_OTHER;
                        if (i < end)
                                k[i] = LEX_CODE;
                        continue;
                }
                if (ch == '"') {
                        i = lex_dquote(s, i, end, k, depth);
                        continue;
                }
                if (ch == '$' && i + 1 < end && s[i + 1] == '{' && depth < SCRIPT_LEX_DEPTH) {
                        i = lex_param(s, i, end, k, LEX_CODE, depth + 1);
                        continue;
                }
                if (ch == '\'' || (ch == '$' && i + 1 < end && s[i + 1] == '\'')) {
                        bool escapes = ch == '$';

                        if (escapes)
                                k[i++] = LEX_QUOTE;
                        k[i++] = LEX_QUOTE;
                        for (; i < end && s[i] != '\''; i++) {
                                k[i] = LEX_QUOTED;
                                if (escapes && s[i] == '\\' && i + 1 < end)
                                        k[++i] = LEX_QUOTED;
                        }
                        if (i < end)
                                k[i] = LEX_QUOTE;
                        continue;
                }
                k[i] = LEX_CODE;
                if (sub && ch == '(')
                        parens++;
                else if (sub && ch == ')' && parens-- == 0)
                        return i;
        }
        return end;
}

/* The command substitution at s[i] within quoted text, `$(...)` (not `$((`, arithmetic) or a
 * backquoted one, as the shell's own text into k: the index of its last byte; SIZE_MAX (nothing
 * marked) when s[i] starts none or it is SCRIPT_LEX_DEPTH deep. */
static size_t lex_quoted_sub(const char *s, size_t i, size_t end, unsigned char *k, int depth) {
        size_t c = i + 1;

        if (depth >= SCRIPT_LEX_DEPTH)
                return SIZE_MAX;
        if (s[i] == '$' && i + 2 < end && s[i + 1] == '(' && s[i + 2] != '(') {
                k[i] = k[i + 1] = LEX_CODE;
                return lex_code(s, i + 2, end, k, true, depth + 1);
        }
        if (s[i] != '`')
                return SIZE_MAX;
        while (c < end && s[c] != '`')
                c += s[c] == '\\' && c + 1 < end ? 2 : 1;
        k[i] = LEX_CODE;
        lex_code(s, i + 1, c < end ? c : end, k, false, depth + 1);
        if (c < end)
                k[c] = LEX_CODE;
        return c < end ? c : end - 1;
}

/* The text at s[i] within double quotes or a parameter expansion's word, into k: an escaped
 * character quoted, a command substitution the shell's text (lex_quoted_sub()), a parameter
 * expansion read as lex_param() reads it, any other character quoted. Returns the index of its
 * last character. */
static size_t lex_quoted_at(const char *s, size_t i, size_t end, unsigned char *k, int depth) {
        size_t c;

        if (s[i] == '\\' && i + 1 < end) {
                k[i] = k[i + 1] = LEX_QUOTED;
                return i + 1;
        }
        if ((c = lex_quoted_sub(s, i, end, k, depth)) != SIZE_MAX)
                return c;
        if (s[i] == '$' && i + 1 < end && s[i + 1] == '{' && depth < SCRIPT_LEX_DEPTH)
                return lex_param(s, i, end, k, LEX_QUOTED, depth + 1);
        k[i] = LEX_QUOTED;
        return i;
}

/* The double-quoted word whose '"' is at s[i], into k: its text quoted, but a command
 * substitution in it, and a parameter expansion's own quoted words (lex_param()); returns the
 * index of its closing '"' (end when none). */
static size_t lex_dquote(const char *s, size_t i, size_t end, unsigned char *k, int depth) {
        k[i++] = LEX_QUOTE;
        for (; i < end && s[i] != '"'; i++)
                i = lex_quoted_at(s, i, end, k, depth);
        if (i < end)
                k[i] = LEX_QUOTE;
        return i;
}

/* The parameter expansion whose "${" is at s[i], into k: "${" and its closing '}' own (the text
 * around it: LEX_CODE, or LEX_QUOTED within double quotes), its name, operator and word text,
 * never the shell's (`${x:-> X}` redirects nothing); but a quoted word in it is quoted there
 * (`"${x:-"a > X"}"`: those inner quotes open and close a word of the expansion's, not the outer
 * one, in bash and dash alike; review: the `> X` read as a redirection), a command substitution
 * the shell's text, an expansion nested read the same. Returns the index of its closing '}'
 * (end when none). */
static size_t lex_param(const char *s, size_t i, size_t end, unsigned char *k, unsigned char own, int depth) {
        k[i] = k[i + 1] = own;
        for (i += 2; i < end && s[i] != '}'; i++) {
                if (s[i] == '"')
                        i = lex_dquote(s, i, end, k, depth);
                else if (s[i] == '\'') {
                        k[i++] = LEX_QUOTE;
                        for (; i < end && s[i] != '\''; i++)
                                k[i] = LEX_QUOTED;
                        if (i < end)
                                k[i] = LEX_QUOTE;
                } else
                        i = lex_quoted_at(s, i, end, k, depth);
        }
        if (i < end)
                k[i] = own;
        return i;
}

static unsigned char *script_lex(const char *script) {
        size_t n = strlen(script);
        unsigned char *k = malloc(n + 1);

        if (!k)
                return NULL;
        lex_code(script, 0, n, k, false, 0);
        k[n] = LEX_CODE;
        return k;
}

static bool host_name(const struct sbx_classifier *c, const char *name, size_t n, char *out);
static bool has_dotdot(const char *p);
static bool in_sandbox_dev_proc(const char *p);
static bool dialect_dev_proc(const struct sbx_classifier *c, const char *p);

/* A file the caller read from the argv (name, absolute; NULL when none) with a ".." in it, as the
 * host resolves it (host_name()), into out (SBX_DENIAL_PATH_MAX bytes, the name as text until
 * then); left as text where the context cannot resolve it. */
static void argv_file_resolved(const struct sbx_classifier *c, const char *name, char *out) {
        char host[SBX_DENIAL_PATH_MAX];

        if (name && out[0] && c->resolve && has_dotdot(name) && host_name(c, name, strlen(name), host))
                memcpy(out, host, strlen(host) + 1);
}

/* Whether s[0..n) is a Python name. */
static bool python_name(const char *s, size_t n) {
        if (n == 0 || !(isalpha((unsigned char) s[0]) || s[0] == '_'))
                return false;
        for (size_t i = 1; i < n; i++)
                if (!(isalnum((unsigned char) s[i]) || s[i] == '_'))
                        return false;
        return true;
}

/* The names the Python script gives the builtin open, added to those in out (size bytes) one
 * after another, each NUL-terminated, an empty one after the last: a statement `NAME = open`
 * (io.open, builtins.open) alone, or `from io import open as NAME` (builtins). Those that do not
 * fit are left out (their calls read as any other call's). */
static void python_open_aliases(const char *script, char *out, size_t size) {
        static const char *const values[] = { "open", "io.open", "builtins.open" };
        size_t used = 0;

        while (used < size && out[used])
                used += strlen(out + used) + 1;
        if (used >= size)
                return;
        for (const char *l = script; l && *l; l += strcspn(l, "\n;"), l += *l ? 1 : 0) {
                size_t ll = strcspn(l, "\n;#"), b, e;
                const char *name = NULL, *eq;
                size_t nl = 0;

                while (ll > 0 && isspace((unsigned char) l[ll - 1]))
                        ll--;
                b = strspn(l, " \t");
                if (b >= ll)
                        continue;
                if ((eq = memchr(l + b, '=', ll - b))) {
                        e = (size_t) (eq - l);
                        while (e > b && isspace((unsigned char) l[e - 1]))
                                e--;
                        const char *v = eq + 1;
                        size_t vl = ll - (size_t) (v - l);

                        while (vl > 0 && isspace((unsigned char) *v))
                                v++, vl--;
                        for (size_t i = 0; i < SBX_ELEMENTSOF(values); i++)
                                if (vl == strlen(values[i]) && memcmp(v, values[i], vl) == 0 && python_name(l + b, e - b))
                                        name = l + b, nl = e - b;
                } else {
                        static const char *const froms[] = { "from io import open as ", "from builtins import open as " };

                        for (size_t i = 0; i < SBX_ELEMENTSOF(froms); i++)
                                if (ll - b > strlen(froms[i]) && memcmp(l + b, froms[i], strlen(froms[i])) == 0 &&
                                    python_name(l + b + strlen(froms[i]), ll - b - strlen(froms[i])))
                                        name = l + b + strlen(froms[i]), nl = ll - b - strlen(froms[i]);
                }
                if (!name || used + nl + 2 > size)
                        continue;
                memcpy(out + used, name, nl);
                out[used + nl] = '\0';
                used += nl + 1;
                out[used] = '\0';
        }
}

/* A file the caller read from the argv (name, absolute; NULL: none), normalized into out (size
 * bytes; "" for none): 0, -EINVAL (not absolute), -ENAMETOOLONG. */
static int argv_file_copy(const char *name, char *out, size_t size) {
        out[0] = '\0';
        if (!name)
                return 0;
        if (name[0] != '/')
                return -EINVAL;
        return sbx_denial_path_join(NULL, name, out, size) == 0 ? -ENAMETOOLONG : 0;
}

/* Files the caller read from the argv after a first one (list: absolute names, each
 * NUL-terminated, an empty one after the last; NULL: none), normalized into out
 * (SBX_DENIAL_PATH_MAX bytes, "" ended; "" where first is ""); one that does not fit ends them. 0,
 * or -EINVAL (one not absolute). */
static int argv_files_copy(const char *list, const char *first, char *out) {
        out[0] = '\0';
        for (size_t i = 0, used = 0; list && list[i] && first[0]; i += strlen(list + i) + 1) {
                char name[SBX_DENIAL_PATH_MAX];
                size_t k;

                if (list[i] != '/')
                        return -EINVAL;
                if (sbx_denial_path_join(NULL, list + i, name, sizeof(name)) == 0 ||
                    used + (k = strlen(name)) + 2 > SBX_DENIAL_PATH_MAX)
                        break;
                memcpy(out + used, name, k + 1);
                used += k + 1;
                out[used] = '\0';
        }
        return 0;
}

int sbx_classifier_set_sqlite_db(struct sbx_classifier *c, const char *db, bool moved) {
        int r;

        if (!c || !db)
                return -EINVAL;
        if ((r = argv_file_copy(db, c->sqlite_db, sizeof(c->sqlite_db))) < 0) {
                c->sqlite_db[0] = '\0';
                c->argv_lost = c->argv_lost || r == -ENAMETOOLONG;
                return r;
        }
        argv_file_resolved(c, db, c->sqlite_db);
        c->sqlite_db_moved = moved;
        return 0;
}

int sbx_classifier_set_sqlite_dir(struct sbx_classifier *c, const char *dir, bool lost) {
        int r;

        if (!c || (dir && dir[0] != '/'))
                return -EINVAL;
        r = argv_file_copy(dir, c->sqlite_dir, sizeof(c->sqlite_dir));
        c->sqlite_dir_lost = lost || r == -ENAMETOOLONG;
        return r;
}

int sbx_classifier_set_context(struct sbx_classifier *c, const struct sbx_classify_context *ctx) {
        size_t n = 0;
        int r;

        if (!c || !ctx || c->bytes > 0 || c->stage_len > 0)
                return -EINVAL;
        c->cwd[0] = '\0';
        c->n_writable = 0;
        c->n_granted = 0;
        if (ctx->cwd) {
                if (ctx->cwd[0] != '/')
                        return -EINVAL;
                if (strlen(ctx->cwd) >= sizeof(c->cwd))
                        return -ENAMETOOLONG;
                memcpy(c->cwd, ctx->cwd, strlen(ctx->cwd) + 1);
        }
        c->moved = ctx->moved && c->cwd[0];
        c->lost = ctx->moved && !c->cwd[0];
        c->move_into = ctx->move_into;
        c->curl_create_dirs = ctx->curl_create_dirs;
        c->sqlite_readonly = ctx->sqlite_readonly;
        c->sqlite_db_moved = ctx->sqlite_db_moved;
        c->sqlite_target_or_db = ctx->sqlite_target_or_db;
        c->argv_lost = ctx->argv_name_lost;
        /* (a directory too long to keep: a name of it is of no directory told) */
        c->sqlite_dir_lost = ctx->sqlite_dir_lost ||
                             argv_file_copy(ctx->sqlite_dir, c->sqlite_dir, sizeof(c->sqlite_dir)) == -ENAMETOOLONG;
        if (ctx->sqlite_dir && ctx->sqlite_dir[0] != '/')
                return -EINVAL;
        if ((r = argv_file_copy(ctx->sqlite_target, c->sqlite_target, sizeof(c->sqlite_target))) < 0 ||
            (r = argv_file_copy(ctx->sqlite_db, c->sqlite_db, sizeof(c->sqlite_db))) < 0 ||
            (r = argv_file_copy(ctx->dd_output, c->dd_output, sizeof(c->dd_output))) < 0 ||
            (r = argv_file_copy(ctx->curl_output, c->curl_output, sizeof(c->curl_output))) < 0 ||
            (r = argv_file_copy(ctx->bfd_output, c->bfd_output, sizeof(c->bfd_output))) < 0 ||
            (r = argv_file_copy(ctx->javac_dir, c->javac_dir, sizeof(c->javac_dir))) < 0 ||
            (r = argv_file_copy(ctx->javac_header_dir, c->javac_header_dir, sizeof(c->javac_header_dir))) < 0 ||
            (r = argv_file_copy(ctx->git_index_lock, c->git_index_lock, sizeof(c->git_index_lock))) < 0 ||
            (r = argv_file_copy(ctx->zip_output, c->zip_output, sizeof(c->zip_output))) < 0 ||
            (r = argv_file_copy(ctx->wget_output, c->wget_output, sizeof(c->wget_output))) < 0 ||
            (r = argv_file_copy(ctx->ninja_log, c->ninja_log, sizeof(c->ninja_log))) < 0 ||
            (r = argv_file_copy(ctx->pycache_dir, c->pycache_dir, sizeof(c->pycache_dir))) < 0 ||
            (r = argv_file_copy(ctx->iconv_output, c->iconv_output, sizeof(c->iconv_output))) < 0 ||
            (r = argv_file_copy(ctx->archive_output, c->archive_output, sizeof(c->archive_output))) < 0 ||
            (r = argv_file_copy(ctx->archive_moved_to, c->archive_moved_to, sizeof(c->archive_moved_to))) < 0 ||
            (r = argv_file_copy(ctx->keygen_hosts, c->keygen_hosts, sizeof(c->keygen_hosts))) < 0 ||
            (r = argv_file_copy(ctx->mktemp_file, c->mktemp_file, sizeof(c->mktemp_file))) < 0 ||
            (r = argv_file_copy(ctx->chattr_file, c->chattr_file, sizeof(c->chattr_file))) < 0 ||
            (r = argv_file_copy(ctx->npm_dir, c->npm_dir, sizeof(c->npm_dir))) < 0 ||
            (r = argv_file_copy(ctx->move_dest, c->move_dest, sizeof(c->move_dest))) < 0)
                return r;
        if ((r = argv_files_copy(ctx->curl_later, c->curl_output, c->curl_later)) < 0 ||
            (r = argv_files_copy(ctx->bfd_later, c->bfd_output, c->bfd_later)) < 0 ||
            (r = argv_files_copy(ctx->pycache_later, c->pycache_dir, c->pycache_later)) < 0 ||
            (r = argv_files_copy(ctx->javac_later, c->javac_dir, c->javac_later)) < 0)
                return r;
        /* (javac's types, whole or none) */
        c->javac_natives[0] = '\0';
        for (size_t used = 0, k; ctx->javac_natives && ctx->javac_natives[used]; used += k + 1) {
                k = strlen(ctx->javac_natives + used);
                if (used + k + 2 > sizeof(c->javac_natives)) {
                        c->javac_natives[0] = '\0';
                        break;
                }
                memcpy(c->javac_natives + used, ctx->javac_natives + used, k + 1);
                c->javac_natives[used + k + 1] = '\0';
        }
        c->find_exec[0] = '\0';
        for (size_t used = 0, k; ctx->find_exec && ctx->find_exec[used]; used += k + 1) {
                k = strlen(ctx->find_exec + used);
                if (used + k + 2 > sizeof(c->find_exec))
                        break;
                memcpy(c->find_exec + used, ctx->find_exec + used, k + 1);
                c->find_exec[used + k + 1] = '\0';
        }
        for (const char *const *w = ctx->writable; w && *w; w++, n++) {
                if (n >= SBX_CLASSIFY_WRITABLE_MAX || (*w)[0] != '/')
                        return -EINVAL;
                if (sbx_denial_path_join(NULL, *w, c->writable[n], sizeof(c->writable[n])) == 0)
                        return -ENAMETOOLONG;
        }
        c->n_writable = n;
        memcpy(c->granted, c->writable, n * sizeof(c->granted[0]));
        c->n_granted = n;
        n = 0;
        for (const char *const *g = ctx->granted; g && *g; g++, n++) {
                if (n >= SBX_CLASSIFY_WRITABLE_MAX || (*g)[0] != '/')
                        return -EINVAL;
                if (sbx_denial_path_join(NULL, *g, c->granted[c->n_granted], sizeof(c->granted[0])) == 0)
                        return -ENAMETOOLONG;
                c->n_granted++;
        }
        c->resolve = ctx->resolve;
        c->host_permits = ctx->host_permits;
        c->host_refuses = ctx->host_refuses;
        c->host_refuses_owner = ctx->host_refuses_owner;
        c->unprivileged = ctx->unprivileged;
        c->chattr_capability = ctx->chattr_capability;
        c->tar_replaces = ctx->tar_replaces;
        c->npm_scripts = ctx->npm_scripts;
        c->host_runs = ctx->host_runs;
        c->host_mount = ctx->host_mount;
        c->host_dir_missing = ctx->host_dir_missing;
        c->host_exists = ctx->host_exists;
        c->host_fifo = ctx->host_fifo;
        c->host_covered = ctx->host_covered;
        c->host_sets_times = ctx->host_sets_times;
        c->touch_how = ctx->touch_how;
        c->host_needs_capability = ctx->host_needs_capability;
        c->host_unreadable = ctx->host_unreadable;
        c->searched_known = false;
        c->resolved->known = false;
        c->dir_resolved->known = false;
        c->refuses_known = false;
        free(c->search_path);
        c->search_path = NULL;
        if (ctx->search_path && !(c->search_path = strdup(ctx->search_path)))
                return -ENOMEM;
        free(c->script);
        free(c->script_lex);
        c->script = NULL;
        c->script_lex = NULL;
        if (ctx->script && (!(c->script = strdup(ctx->script)) || !(c->script_lex = script_lex(c->script))))
                return -ENOMEM;
        free(c->inline_script);
        c->inline_script = NULL;
        if (ctx->inline_script && ctx->inline_lang != SBX_INLINE_PYTHON && ctx->inline_lang != SBX_INLINE_PERL)
                return -EINVAL;
        if (ctx->inline_script && !(c->inline_script = strdup(ctx->inline_script)))
                return -ENOMEM;
        c->inline_lang = ctx->inline_lang;
        if (!ctx->inline_name)
                strcpy(c->perl_name, "-e");
        else if (!ctx->inline_name[0] || strlen(ctx->inline_name) >= sizeof(c->perl_name) ||
                 strchr(ctx->inline_name, '\n'))
                c->perl_name[0] = '\0';
        else
                strcpy(c->perl_name, ctx->inline_name);
        c->py_open_alias[0] = '\0';
        python_open_aliases(c->inline_lang == SBX_INLINE_PYTHON ? c->inline_script : NULL, c->py_open_alias,
                            sizeof(c->py_open_alias));
        /* a script file's: its traceback shows its lines, which call them */
        python_open_aliases(ctx->python_file, c->py_open_alias, sizeof(c->py_open_alias));
        c->py_file_name[0] = '\0';
        if (ctx->python_file && ctx->python_file_name && ctx->python_file_name[0] == '/')
                (void) sbx_denial_path_join(NULL, ctx->python_file_name, c->py_file_name, sizeof(c->py_file_name));
        c->resolve_userdata = ctx->userdata;
        /* the files read from the argv are text (an env's -C DIR joined to a name): a ".." after a
         * symlink is its target's parent, as the kernel resolves it, not the text's (review: as
         * nobody, `env -C /var/tmp/l/.. busybox mv ./f x`, l a link to /etc/ssl, recorded denied
         * /var/tmp/x for the host's refusal of /etc/x) */
        argv_file_resolved(c, ctx->move_dest, c->move_dest);
        argv_file_resolved(c, ctx->sqlite_target, c->sqlite_target);
        argv_file_resolved(c, ctx->sqlite_db, c->sqlite_db);
        argv_file_resolved(c, ctx->dd_output, c->dd_output);
        argv_file_resolved(c, ctx->curl_output, c->curl_output);
        argv_file_resolved(c, ctx->bfd_output, c->bfd_output);
        c->bfd_followed[0] = '\0';
        if (c->bfd_output[0] && c->resolve) {
                char host[SBX_DENIAL_PATH_MAX];

                if (host_name(c, c->bfd_output, strlen(c->bfd_output), host) && strcmp(host, c->bfd_output) != 0)
                        memcpy(c->bfd_followed, host, strlen(host) + 1);
        }
        c->later_target[0] = '\0';
        argv_file_resolved(c, ctx->javac_dir, c->javac_dir);
        argv_file_resolved(c, ctx->javac_header_dir, c->javac_header_dir);
        argv_file_resolved(c, ctx->git_index_lock, c->git_index_lock);
        argv_file_resolved(c, ctx->zip_output, c->zip_output);
        argv_file_resolved(c, ctx->wget_output, c->wget_output);
        argv_file_resolved(c, ctx->ninja_log, c->ninja_log);
        argv_file_resolved(c, ctx->pycache_dir, c->pycache_dir);
        argv_file_resolved(c, ctx->iconv_output, c->iconv_output);
        argv_file_resolved(c, ctx->archive_output, c->archive_output);
        argv_file_resolved(c, ctx->archive_moved_to, c->archive_moved_to);
        argv_file_resolved(c, ctx->keygen_hosts, c->keygen_hosts);
        argv_file_resolved(c, ctx->mktemp_file, c->mktemp_file);
        argv_file_resolved(c, ctx->chattr_file, c->chattr_file);
        return 0;
}

/* The program `name` (no '/') searched in PATH, as execvp(3) does, for the host path the search
 * failed on (out, SBX_DENIAL_PATH_MAX bytes; "" when there is none or it cannot be told): each
 * entry in turn, an empty one the cwd, relative ones joined to it. A failure there is every
 * candidate's that exists or cannot be looked up: the first that the host would run (the sandbox
 * refused it), else the first of those. true when the host itself refuses the run: a candidate
 * exists and the host runs none. */
static bool search_program(const struct sbx_classifier *c, const char *name, char *out) {
        const char *p = c->search_path ? c->search_path : "/bin:/usr/bin";
        char cand[SBX_DENIAL_PATH_MAX], abs[SBX_DENIAL_PATH_MAX];

        out[0] = '\0';
        for (;;) {
                const char *end = strchrnul(p, ':');
                int dl = (int) (end - p), k, runs;

                k = snprintf(cand, sizeof(cand), "%.*s/%s", dl > 0 ? dl : 1, dl > 0 ? p : ".", name);
                if (k > 0 && (size_t) k < sizeof(cand) && (cand[0] == '/' || c->cwd[0]) &&
                    sbx_denial_path_join(c->cwd[0] ? c->cwd : NULL, cand, abs, sizeof(abs)) > 0 &&
                    (runs = c->host_runs(c->resolve_userdata, abs)) >= 0) {
                        if (!out[0] || runs > 0)
                                memcpy(out, abs, strlen(abs) + 1);
                        if (runs > 0)
                                return false;
                }
                if (!*end)
                        return out[0] != '\0';
                p = end + 1;
        }
}

/* search_program() through the context's host_runs, the last answer kept; "" and false
 * without host_runs. */
static bool searched_program(struct sbx_classifier *c, const char *name, char *out) {
        out[0] = '\0';
        if (!c->host_runs)
                return false;
        if (!c->searched_known || strcmp(name, c->searched_name) != 0) {
                c->searched_refused = search_program(c, name, c->searched_path);
                memcpy(c->searched_name, name, strlen(name) + 1);
                c->searched_known = true;
        }
        memcpy(out, c->searched_path, strlen(c->searched_path) + 1);
        return c->searched_refused;
}

/* For a line that tells of a run of the file `path` (a shell's whose script only runs it,
 * script_only_uses(); env's, nice's, timeout's "failed to run command": sbx_denial_line_runs()),
 * which neither backend refuses (Landlock governs no exec; bubblewrap's binds keep the host's
 * mount options): whether the host would not run it either (host_runs: no execute bit for the
 * command's user, a file system mounted noexec). Then the line is the task's failure (review50:
 * as root, or as nobody of its own 0755 script, `bash -c ./x` on a noexec mount in read-only
 * mode read denied under Landlock, the line taken for a write that read-only refuses). */
static bool host_refuses_run(const struct sbx_classifier *c, const char *path) {
        char p[SBX_DENIAL_PATH_MAX];

        return c->host_runs && path[0] && host_name(c, path, strlen(path), p) &&
               c->host_runs(c->resolve_userdata, p) == 0;
}

/* A relative path joined to the run's cwd (as text), one with ".." resolved on the host when the
 * context can; as printed when it would not fit, starts with '~' (whose expansion is unknown), or
 * the cwd is not known; none ("") when the command moved where the caller cannot tell. */
static void absolute_path(const struct sbx_classifier *c, char *path, size_t size) {
        char joined[SBX_DENIAL_PATH_MAX];

        /* ".." after a symlink is its target's parent, as the kernel resolves it: the path as the
         * host resolves it, when the context can, not as text (review: `touch out/../y`, out a
         * symlink out of the workspace, recorded <workspace>/y for the y made beside its target) */
        if (c->resolve && path[0] && path[0] != '~' && has_dotdot(path) &&
            host_name(c, path, strlen(path), joined) && strlen(joined) < size) {
                memcpy(path, joined, strlen(joined) + 1);
                return;
        }
        /* an absolute one as the kernel reads it: "/tmp/" and "/a//./b" name /tmp and /a/b (a
         * ".." is left as printed: after a symlink it is not the text's parent) */
        if (path[0] == '/' && !has_dotdot(path)) {
                if (sbx_denial_path_join(NULL, path, joined, sizeof(joined)) > 0 && strlen(joined) < size)
                        memcpy(path, joined, strlen(joined) + 1);
                return;
        }
        if (!path[0] || path[0] == '/' || path[0] == '~')
                return;
        /* of a directory the command moved to that the caller cannot tell: no path rather than
         * one claimed for the wrong directory (a relative name would be read as the start's) */
        if (c->lost) {
                path[0] = '\0';
                return;
        }
        if (!c->cwd[0])
                return;
        if (sbx_denial_path_join(c->cwd, path, joined, sizeof(joined)) > 0 && strlen(joined) < size)
                memcpy(path, joined, strlen(joined) + 1);
}

/* Whether a path has a ".." component. */
static bool has_dotdot(const char *p) {
        for (const char *s = strstr(p, ".."); s; s = strstr(s + 1, ".."))
                if ((s == p || s[-1] == '/') && (s[2] == '\0' || s[2] == '/'))
                        return true;
        return false;
}

/* c->resolve(joined), the last answer kept (struct resolve_memo) */
static size_t resolve_kept(const struct sbx_classifier *c, const char *joined, char *out) {
        struct resolve_memo *m = c->resolved;
        size_t len = strlen(joined);

        if (!m->known || strcmp(m->in, joined) != 0) {
                m->k = c->resolve(c->resolve_userdata, joined, m->out, SBX_DENIAL_PATH_MAX);
                m->known = len < sizeof(m->in);
                if (m->known)
                        memcpy(m->in, joined, len + 1);
        }
        if (m->k > 0 && m->k < SBX_DENIAL_PATH_MAX)
                memcpy(out, m->out, m->k + 1);
        return m->k;
}

/* A name of a denial line joined to the cwd, and resolved on the host when the context can, into
 * out (SBX_DENIAL_PATH_MAX bytes). false when it cannot be told. */
static bool host_name(const struct sbx_classifier *c, const char *name, size_t n, char *out) {
        char text[SBX_DENIAL_PATH_MAX], joined[SBX_DENIAL_PATH_MAX];

        if (n == 0 || n >= sizeof(text) || name[0] == '~' || memchr(name, '\0', n))
                return false;
        memcpy(text, name, n);
        text[n] = '\0';
        if (c->resolve && has_dotdot(text)) {
                /* ".." after a symlink is its target's parent, as the kernel resolves it: left to
                 * the host's resolution, not taken back as text ("l/../ro", l a symlink out of
                 * the workspace, read as the workspace's ro and hid the write refused outside).
                 * One that stays after a missing directory (which the kernel refuses with ENOENT)
                 * is taken back as text, as before. */
                int k = text[0] == '/' ? snprintf(joined, sizeof(joined), "%s", text)
                                       : c->cwd[0] ? snprintf(joined, sizeof(joined), "%s/%s", c->cwd, text) : -1;
                if (k <= 0 || (size_t) k >= sizeof(joined))
                        return false;
                k = (int) resolve_kept(c, joined, out);
                if (k > 0 && k < SBX_DENIAL_PATH_MAX && out[0] == '/' && !has_dotdot(out))
                        return true;
        }
        if (sbx_denial_path_join(c->cwd[0] ? c->cwd : NULL, text, joined, sizeof(joined)) == 0)
                return false;
        if (c->resolve) {
                size_t k = resolve_kept(c, joined, out);
                return k > 0 && k < SBX_DENIAL_PATH_MAX && out[0] == '/';
        }
        memcpy(out, joined, strlen(joined) + 1);
        return true;
}

/* Whether the host path p lies strictly beneath one of the n directories dirs. */
static bool beneath_any(const char *p, const char (*dirs)[SBX_DENIAL_PATH_MAX], size_t n) {
        for (size_t i = 0; i < n; i++) {
                size_t wl = strcmp(dirs[i], "/") == 0 ? 0 : strlen(dirs[i]);

                if (strncmp(p, dirs[i], wl) == 0 && p[wl] == '/' && p[wl + 1] != '\0')
                        return true;
        }
        return false;
}

/* Whether a name of a denial line lies strictly beneath a writable directory: joined to the cwd,
 * and resolved on the host when the context can. The partner, when set (see hosts_own_refusal()),
 * counts as such. */
static bool name_in_writable(void *userdata, const char *name, size_t n) {
        const struct sbx_classifier *c = userdata;
        char p[SBX_DENIAL_PATH_MAX];

        if (c->partner && name == c->partner && n == c->partner_len)
                return true;
        return host_name(c, name, n, p) && beneath_any(p, c->writable, c->n_writable);
}

/* The same beneath a granted directory: a name the sandbox refused no ordinary write. */
static bool name_granted(const struct sbx_classifier *c, const char *name, size_t n) {
        char p[SBX_DENIAL_PATH_MAX];

        return c->n_granted > 0 && host_name(c, name, n, p) && beneath_any(p, c->granted, c->n_granted);
}

/* What the sandbox still refuses beneath the writable directories (confine/README-landlock.md):
 * a set-ID bit (chmod, or a file made with one: seccomp), a device node (Landlock), the fs-verity,
 * encryption-key/policy and btrfs subvolume ioctls (seccomp), and root's chown to another owner
 * (the command keeps no capability: tar's "Cannot change ownership", cp's "failed to preserve
 * ownership"), and root's change of inode flags that CAP_LINUX_IMMUTABLE or CAP_FOWNER let
 * (chattr's "while setting flags on": +i, +a, another user's file; another user's EPERM is the
 * host's, below). Words of the tools' messages. */
static const char *const refused_there[] = {
        "chmod", "permissions", "change mode", "set-user", "set-group", "setuid", "setgid",
        "mknod", "special file", "ioctl", "verity", "encrypt", "subvolume", "snapshot", "ownership",
        "changing group", "while setting flags on",
};

/* Whether line holds one of the n lowercase ASCII words, in any case. The line is lowered once
 * and searched with strstr(): strcasestr() sets its search up anew for each word (a flood of
 * denial lines spent a tenth of sbx's CPU there, two lists of 15 words a line). */
static bool holds_any(const char *line, const char *const *words, size_t n) {
        char low[2048];
        size_t len = strlen(line);

        if (len >= sizeof(low)) {
                for (size_t i = 0; i < n; i++)
                        if (strcasestr(line, words[i]))
                                return true;
                return false;
        }
        for (size_t i = 0; i <= len; i++)
                low[i] = (char) (line[i] >= 'A' && line[i] <= 'Z' ? line[i] - 'A' + 'a' : line[i]);
        for (size_t i = 0; i < n; i++)
                if (strstr(low, words[i]))
                        return true;
        return false;
}

/* Blanks a name of the line in its copy, where it was printed (sbx_denial_line_names_each_at():
 * the name itself may be a decoded copy elsewhere, and its place there no offset in the line;
 * taken for one, a name GNU quoted in pieces or with escapes blanked bytes of another stack
 * frame, thousands of bytes away). */
static bool blank_name(void *userdata, const char *name, size_t n, size_t from, size_t to) {
        char *copy = userdata;

        (void) name;
        (void) n;
        memset(copy + from, ' ', to - from);
        return true;
}

/* Whether a line names an operation the sandbox refuses beneath the writable directories too.
 * "write permission" tells of a write refused, no change of a mode (RubyGems' "You don't have
 * write permissions for the X directory."): its "permission" is not counted (review: as nobody
 * under bwrap, a gem directory the host refuses read as denied); another word of the line is.
 * Nor is a word inside a quoted name, which names a file, not what was done to it (review: as
 * nobody, `touch /x/permissions.txt`, /x root's, read as denied under both backends, the word
 * of its name taken for a change of mode). */
static bool names_refused_there(const char *line) {
        static const char write_perm[] = "write permission";
        char rest[SBX_DENIAL_PATH_MAX * 4 + 1];
        size_t len = strlen(line), wl = sizeof(write_perm) - 1;

        if (!holds_any(line, refused_there, SBX_ELEMENTSOF(refused_there)))
                return false;
        if (len >= sizeof(rest))
                return true;
        memcpy(rest, line, len + 1);
        for (char *w = strcasestr(rest, write_perm); w; w = strcasestr(w + wl, write_perm))
                memset(w, ' ', wl);
        sbx_denial_line_names_each_at(line, len, blank_name, rest);
        return holds_any(rest, refused_there, SBX_ELEMENTSOF(refused_there));
}

/* Whether a denial line is the host's own permissions at work rather than the sandbox's: its
 * path and every name it holds lie beneath a writable directory, and it names nothing the
 * sandbox refuses there. run: the line may tell of a program that could not be run. */
static bool hosts_own_refusal(struct sbx_classifier *c, const char *line, const char *path, bool run,
                              const char *partner, size_t partner_len) {
        char host[SBX_DENIAL_PATH_MAX];
        bool r;

        if (c->n_writable == 0 || !path[0] || !name_in_writable(c, path, strlen(path)) || names_refused_there(line))
                return false;
        /* the host would have let the command do anything there: what it refused lies elsewhere,
         * under a name relative to a directory the command moved to (cd .., tar -C); the execute
         * bit counts only where the line may be about running the file (./script without +x) */
        if (c->host_permits && host_name(c, path, strlen(path), host)) {
                if (c->host_permits(c->resolve_userdata, host, run))
                        return false;
                /* nor where the bits refuse root only for want of the capabilities the command does
                 * not keep (root's write of another user's 0644 file in the workspace) */
                if (c->host_needs_capability && c->host_needs_capability(c->resolve_userdata, host, run))
                        return false;
                /* it would not: a call on two names fails on the host whatever the name the path
                 * pairs with (Node's copyfile '/etc/a' -> 'ro/x' into a 0555 directory) */
                c->partner = partner;
                c->partner_len = partner_len;
        }
        r = sbx_denial_line_names_each(line, strlen(line), name_in_writable, c);
        c->partner = NULL;
        return r;
}

/* A relative name without '/', '.' or '~': a file's name, or a word of another kind. */
static bool bare_word(const char *name, size_t n) {
        return n > 0 && name[0] != '/' && !memchr(name, '/', n) && !memchr(name, '.', n) && !memchr(name, '~', n);
}

/* c->host_refuses(p, ...) for the line host_refused() examines, the last answer kept */
static bool refuses_kept(struct sbx_classifier *c, const char *p) {
        size_t len = strlen(p);

        if (c->refuses_known && c->refuses_known_run == c->refuses_run && c->refuses_known_opens == c->refuses_opens &&
            c->refuses_known_reads == c->refuses_reads && strcmp(c->refuses_known_path, p) == 0)
                return c->refuses_answer;
        c->refuses_answer = c->host_refuses(c->resolve_userdata, p, c->refuses_run, c->refuses_opens, c->refuses_reads);
        c->refuses_known = len < sizeof(c->refuses_known_path);
        if (c->refuses_known) {
                memcpy(c->refuses_known_path, p, len + 1);
                c->refuses_known_run = c->refuses_run;
                c->refuses_known_opens = c->refuses_opens;
                c->refuses_known_reads = c->refuses_reads;
        }
        return c->refuses_answer;
}

/* Whether a line is GNU ln's of the link it could not make, "ln: failed to create symbolic link
 * 'X' -> 'T'" ("hard link 'X' => 'T'"). */
static bool ln_made_line(const char *line) {
        static const char *const forms[] = { "failed to create symbolic link '", "failed to create hard link '" };
        size_t k = strcspn(line, ":");
        const char *prog = memrchr(line, '/', k);

        prog = prog ? prog + 1 : line;
        if (line[k] != ':' || line[k + 1] != ' ' || (size_t) (line + k - prog) != 2 || memcmp(prog, "ln", 2) != 0)
                return false;
        for (size_t i = 0; i < SBX_ELEMENTSOF(forms); i++)
                if (strncmp(line + k + 2, forms[i], strlen(forms[i])) == 0)
                        return true;
        return false;
}

static bool host_name_unfollowed(const struct sbx_classifier *c, const char *path, char *out);

/* The host path that ln's link X (a name of ln_made_line()'s line) is asked of, into out
 * (SBX_DENIAL_PATH_MAX bytes): X's last component is not followed, as symlink(2) and link(2) do
 * not follow it, nor does ln -f, which makes the link under a new name in X's directory
 * (coreutils' CuXXXXXX) and renames it over X. So a name X the host has that is no directory (a
 * symlink, to a directory too with -n or -T, dangling or not; a file) is asked as that new name
 * in its directory: there the host refuses the link or lets it, whatever X leads to (as nobody,
 * `ln -sfn T /var/tmp/o/L`, L root's link to root's 0755 directory in a 0777 one, which the host
 * replaces, was asked of that directory: the host's refusal, task_failure, under both backends).
 * A name the host does not have is asked as it is; a directory, or with no host to tell, as any
 * name (host_name()). Not the sticky directory's refusal of another user's X, which the new name
 * does not tell: read as the sandbox's. false when it cannot be told. */
static bool host_link_name(const struct sbx_classifier *c, const char *name, size_t n, char *out) {
        char text[SBX_DENIAL_PATH_MAX];
        char *slash;
        int kind;

        if (!c->host_exists || n == 0 || n >= sizeof(text) || name[0] == '~' || memchr(name, '\0', n))
                return host_name(c, name, n, out);
        memcpy(text, name, n);
        text[n] = '\0';
        if (!host_name_unfollowed(c, text, out))
                return host_name(c, name, n, out);
        kind = c->host_exists(c->resolve_userdata, out);
        if (kind == SBX_HOST_NAME_MISSING)
                return true;
        if (kind != SBX_HOST_NAME_FILE || !(slash = strrchr(out, '/')) || (size_t) (slash - out) + 10 > SBX_DENIAL_PATH_MAX)
                return host_name(c, name, n, out);
        memcpy(slash + 1, "CuXXXXXX", 9);
        return true;
}

/* Whether the host itself refuses a name of a denial line (joined to the cwd, resolved on the
 * host), see host_refused(). A name the host cannot resolve (a directory on its way the user may
 * not search: ~root/x as nobody) is asked as joined. A bare word (no '/', '.' or '~') is a name
 * of a file only where the line tells of an open of it alone ("cat: f: Permission denied"):
 * cargo's `serde`, `crates-io` are a crate's and a registry's, which joined to a directory the
 * user may not write read as the host's refusal, and the write the sandbox refused (in ~/.cargo)
 * was hidden. In a directory the command moved to (bare_files: `cd /etc && touch x`) it is a
 * file there: the mover named the directory for its files (as nobody that read as denied). */
static bool name_host_refused(void *userdata, const char *name, size_t n) {
        struct sbx_classifier *c = userdata;
        char p[SBX_DENIAL_PATH_MAX], text[SBX_DENIAL_PATH_MAX];
        bool refused;

        if (!c->refuses_opens && !c->bare_files && bare_word(name, n))
                return false;
        for (size_t i = 0; i < c->n_refused && i < SBX_ELEMENTSOF(c->refused); i++)
                if (n > 0 && n == c->refused_len[i] && memcmp(name, c->refused[i], n) == 0)
                        return true;
        if (c->refuses_link ? host_link_name(c, name, n, p) : host_name(c, name, n, p))
                refused = refuses_kept(c, p);
        else {
                if (n == 0 || n >= sizeof(text) || name[0] == '~' || memchr(name, '\0', n))
                        return false;
                memcpy(text, name, n);
                text[n] = '\0';
                refused = sbx_denial_path_join(c->cwd[0] ? c->cwd : NULL, text, p, sizeof(p)) > 0 &&
                          refuses_kept(c, p);
        }
        if (refused && n < sizeof(c->refused[0])) {
                size_t i = c->n_refused++ % SBX_ELEMENTSOF(c->refused);

                memcpy(c->refused[i], name, n);
                c->refused_len[i] = n;
        }
        return refused;
}

/* A name of a line whose path the host refuses: where the host refuses it too, or beneath a
 * granted directory, where the sandbox refused nothing (`mv: cannot move 'a' to '/etc/a'` as
 * nobody: the host refuses the rename whatever 'a' is), or the name the path pairs with in a call
 * on two names ("'A' -> 'B'", "'A' to 'B'"): the call fails on the host when the host refuses the
 * name it makes, whatever the other (a symlink's target, never touched; a copy's source, only
 * read; a rename's source). */
static bool name_host_refused_or_granted(void *userdata, const char *name, size_t n) {
        struct sbx_classifier *c = userdata;

        if (c->partner && name == c->partner && n == c->partner_len)
                return true;
        return name_host_refused(c, name, n) || name_granted(c, name, n);
}

/* Whether a denial line tells of what the host itself would have refused, sandbox or not: its
 * path, and every name it holds, lie where the host refuses any write (a file system mounted
 * read-only on the host, where the write fails with EROFS without sbx too; a file the user may
 * neither write nor replace, the host's permissions' EACCES, which Landlock's reads the same). It
 * is then the task's failure, neither counted nor kept. Not when the line names what the sandbox
 * refuses whatever the file's permissions (a set-ID bit: the seccomp filter, everywhere). `bare`:
 * the path was a bare word as printed, see name_host_refused(); `partner`: the name in line that
 * the path pairs with in a call on two names (sbx_denial_line_partner()), which need not be
 * refused (NULL: none). */
static bool host_refused(struct sbx_classifier *c, const char *line, const char *path, const char *partner,
                         size_t partner_len, bool run, bool opens, bool reads, bool bare) {
        bool r;

        if (!c->host_refuses || !path[0] || (bare && !opens) || names_refused_there(line))
                return false;
        c->refuses_run = run;
        c->refuses_opens = opens;
        c->refuses_reads = reads;
        c->refuses_link = ln_made_line(line);
        c->n_refused = 0;
        if (!name_host_refused(c, path, strlen(path))) {
                c->refuses_link = false;
                return false;
        }
        /* the name the path was moved from (path_elsewhere()), when it is not the partner: the
         * line's own name, perhaps what the sandbox refused (the name elsewhere one it did not
         * make), is refused by the host too, or the line is no refusal of the host's (review: as
         * nobody, `tar -P -C /own-dir -x` printed "x: Cannot create symlink to '/usr/lib/y'": the
         * path moved to the link's target, which the host refuses, and x, a name in the
         * workspace as text, read as the host's refusal) */
        if (c->moved_from && !name_host_refused(c, c->moved_from, strlen(c->moved_from))) {
                c->refuses_link = false;
                return false;
        }
        c->partner = partner;
        c->partner_len = partner_len;
        r = sbx_denial_line_names_each(line, strlen(line), name_host_refused_or_granted, c);
        c->partner = NULL;
        c->refuses_link = false;
        return r;
}

/* Words of a change of a file's mode or owner (chmod's "changing permissions of", chown's
 * "changing ownership of", install's and tar's "cannot change permissions", "Cannot change mode",
 * cp's "failed to preserve ownership"), those of refused_there that tell of what only the file's
 * owner may do; and so chattr's "while setting flags on" (FS_IOC_SETFLAGS: the owner's, or
 * CAP_FOWNER's, whatever the file's bits). */
static const char *const owner_changes[] = {
        "changing permissions", "changing ownership", "change permissions", "change mode", "change ownership",
        "preserve ownership", "preserving permissions", "changing group", "while setting flags on",
};

/* Words of a change of owner or group alone (chown's, chgrp's, install's, tar's, cp's). */
static const char *const gives_away[] = { "ownership", "changing group" };

static int match(struct sbx_classifier *c, const struct sbx_regex *re, const unsigned char *s, size_t n,
                 size_t *ret_start, size_t *ret_end, int *ret_mark);

/* Whether every denial signature in line tells of a change of owner or group (gives_away): 1, 0
 * when one does not or there is none, -errno on an engine error. */
static int owner_signatures_only(struct sbx_classifier *c, const char *line, size_t len) {
        size_t pos = 0, ss, se;
        int mark = -1, r = 0, n = 0;

        while (pos < len && (r = match(c, &c->d->denial_re, (const unsigned char *) line + pos, len - pos, &ss, &se,
                                       &mark)) > 0) {
                if (mark < 0 || (size_t) mark >= c->d->n_denial ||
                    !holds_any(c->d->denial[mark], gives_away, SBX_ELEMENTSOF(gives_away)))
                        return 0;
                n++;
                pos += se > ss ? se : ss + 1;
        }
        return r < 0 ? r : n > 0;
}

/* Whether a line tells of a change of its path's mode or owner that the host itself refuses (a
 * file of another user's, a read-only mount; host_refuses_owner): the task's failure, as
 * host_refused() finds for a write. Not for a set-ID bit on the user's own file, which the host
 * allows and the sandbox refuses. */
static bool host_refused_owner(struct sbx_classifier *c, const char *line, const char *path) {
        char p[SBX_DENIAL_PATH_MAX], link[SBX_DENIAL_PATH_MAX];
        const char *base;
        bool mode = !holds_any(line, gives_away, SBX_ELEMENTSOF(gives_away));

        if (!c->host_refuses_owner || !path[0])
                return false;
        if (!holds_any(line, owner_changes, SBX_ELEMENTSOF(owner_changes)) || !host_name(c, path, strlen(path), p) ||
            !c->host_refuses_owner(c->resolve_userdata, p, mode))
                return false;
        /* a change of owner may be of a symlink itself (chown -h, chown -R, cp -a's lchown), which
         * is the user's whatever its target: the host refuses it only when it refuses the link too
         * (review: as nobody in read-only, `chown -h nobody: l`, l nobody's link to /etc/passwd,
         * read as the host's refusal). The link's host path: its directory's, resolved, and its
         * name; a mode is never a symlink's own (chmod follows it). */
        base = strrchr(path, '/');
        if (!strcasestr(line, "ownership") || path[0] != '/' || !base || !base[1] || strcmp(base, "/.") == 0 ||
            strcmp(base, "/..") == 0)
                return true;
        if (base == path)
                link[0] = '\0';
        else if (!host_name(c, path, (size_t) (base - path), link))
                return true;
        if (strcmp(link, "/") == 0)
                link[0] = '\0';
        if (strlen(link) + strlen(base) >= sizeof(link))
                return true;
        strcat(link, base);
        return strcmp(link, p) == 0 || c->host_refuses_owner(c->resolve_userdata, link, mode);
}

/* Whether a line tells of EXDEV: strerror's words (glibc, musl; Go's in lower case), Node's. */
static bool tells_cross_device(const char *line) {
        return strcasestr(line, "cross-device link") != NULL;
}

struct crossing {
        struct sbx_classifier *c;
        uint64_t first; /* the mount of the first name told, or 0 */
};

static bool name_on_first_mount(void *userdata, const char *name, size_t n) {
        struct crossing *x = userdata;
        char p[SBX_DENIAL_PATH_MAX];
        uint64_t m;

        if (!host_name(x->c, name, n, p) || (m = x->c->host_mount(x->c->resolve_userdata, p)) == 0)
                return true; /* not told: proves nothing */
        if (x->first == 0)
                x->first = m;
        return m == x->first;
}

/* Whether a line tells of an EXDEV that the host itself gives: two of its names lie on different
 * host mounts (host_mount), between which no rename or link is made, sandbox or not. The
 * sandbox's own EXDEV, between names on one host mount (bwrap's binds of the workspace, Landlock's
 * refusal to link a file from outside into the workspace), stays a denial. */
static bool host_crossed(struct sbx_classifier *c, const char *line) {
        struct crossing x = { .c = c };

        return c->host_mount && tells_cross_device(line) &&
               !sbx_denial_line_names_each(line, strlen(line), name_on_first_mount, &x);
}

struct crossing_refused {
        struct sbx_classifier *c;
        size_t refused; /* the names the host refuses */
};

/* A name of a cross-device line: beneath the granted directories, or refused by the host. */
static bool name_granted_or_host_refused(void *userdata, const char *name, size_t n) {
        struct crossing_refused *x = userdata;

        if (name_granted(x->c, name, n))
                return true;
        if (!name_host_refused(x->c, name, n))
                return false;
        x->refused++;
        return true;
}

/* Whether a line tells of an EXDEV between a name beneath the granted directories and one
 * elsewhere that the host refuses any write: the call fails on the host too, whatever the sandbox.
 * A rename changes both names; a hard link needs the file to be the user's or one it may read and
 * write (fs.protected_hardlinks), which a file it may neither write nor remove is not (the
 * owner's own read-only file aside). Each line's form tells of either ("'A' -> 'B'", Python's
 * and Node's, may be a rename or a link; only these fail with EXDEV, never a symlink or a copy),
 * so the name elsewhere is judged though the line may name it first (review: as nobody,
 * os.rename('/var/tmp/rootdir/f', 'x'), shutil.move and `ln /var/tmp/rootdir/f x` under bwrap,
 * Node's linkSync, read as denied: the host refuses them as well). */
static bool host_refused_crossing(struct sbx_classifier *c, const char *line) {
        struct crossing_refused x = { .c = c };

        if (!c->host_refuses || c->n_granted == 0 || !tells_cross_device(line) || names_refused_there(line))
                return false;
        c->refuses_run = false;
        c->refuses_opens = false;
        c->refuses_reads = false;
        c->n_refused = 0;
        return sbx_denial_line_names_each(line, strlen(line), name_granted_or_host_refused, &x) && x.refused > 0;
}

/* Node's recursive mkdir reports an error it did not expect (bwrap's EROFS) as the ENOENT of its
 * stat afterwards (sbx-classify.h, host_dir_missing). */
static const char node_mkdir_enoent[] = "no such file or directory, mkdir ";

/* Whether a line is Node's ENOENT of a mkdir in a directory the host does not have, the task's
 * failure: a plain mkdir's ENOENT (the host's too) and a recursive one's (fs.mkdirSync(X,
 * {recursive: true}), npm: Node reports bwrap's EROFS of a parent it went to make as the same
 * ENOENT of X) read alike, so only where a recursive mkdir would not have been refused by the
 * sandbox either: the longest existing part of X beneath the granted directories (a plain
 * mkdirSync('a/b') in the workspace in workspace-write). Elsewhere it may be the sandbox's refusal
 * of a parent the host lets the user make (review: `fs.mkdirSync("dist/js", {recursive: true})` in
 * read-only mode under bwrap read task_failure, dist missing): a denial, unless the host refuses
 * making it there, which host_refused() tells. */
static bool host_dir_missing(struct sbx_classifier *c, const char *line, const char *path) {
        char p[SBX_DENIAL_PATH_MAX], in[SBX_DENIAL_PATH_MAX + 2], *slash;

        if (!c->host_dir_missing || !path[0] || !strcasestr(line, node_mkdir_enoent) ||
            !host_name(c, path, strlen(path), p) || !c->host_dir_missing(c->resolve_userdata, p))
                return false;
        /* X's directory is missing: up to the longest existing part (host_dir_missing() of a
         * missing directory tells whether its own directory is missing too) */
        do {
                slash = strrchr(p, '/');
                if (!slash || slash == p) {
                        memcpy(p, "/", 2);
                        break;
                }
                *slash = '\0';
        } while (c->host_dir_missing(c->resolve_userdata, p));
        /* p is missing, its directory is not: a name made there, beneath or in a granted one */
        if (strcmp(p, "/") != 0)
                *(strrchr(p, '/') == p ? p + 1 : strrchr(p, '/')) = '\0';
        (void) snprintf(in, sizeof(in), "%s/x", strcmp(p, "/") == 0 ? "" : p);
        return beneath_any(in, c->granted, c->n_granted);
}

/* Whether a line is binutils' warning of the temporary file it makes beside a file X it rewrites
 * in place ("could not create temporary file whilst copying 'X', (error: ...)", objcopy, strip)
 * whose directory the host refuses the user a new name in: made there, then renamed over X, so the
 * host refuses it whatever X's own bits allow (as nobody, `objcopy --strip-debug X` of nobody's X
 * in a directory of root's read as denied under both backends, the same failure without sbx). */
static bool bfd_copy_dir_refused(struct sbx_classifier *c, const char *line, const char *path) {
        char p[SBX_DENIAL_PATH_MAX], in[SBX_DENIAL_PATH_MAX + 16], *slash;

        if (!c->host_refuses || !path[0] || !strstr(line, "could not create temporary file whilst copying '") ||
            !host_name(c, path, strlen(path), p) || !(slash = strrchr(p, '/')))
                return false;
        (void) snprintf(in, sizeof(in), "%.*s/stXXXXXX", (int) (slash - p), p);
        return c->host_refuses(c->resolve_userdata, in, false, false, false);
}

/* The host path of the name `path` itself, its last component not followed, as a removal, a
 * rename or `touch -h` does not follow it: its directory's host path (host_name(); "." for a name
 * without '/') joined to the name, into out (SBX_DENIAL_PATH_MAX bytes). false when it cannot be
 * told, or the name is "", "." or "..". */
static bool host_name_unfollowed(const struct sbx_classifier *c, const char *path, char *out) {
        char parent[SBX_DENIAL_PATH_MAX];
        const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
        size_t hl, bl = strlen(base);

        if (strlen(path) >= sizeof(parent) || bl == 0 || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
                return false;
        if (!slash)
                memcpy(parent, ".", 2);
        else {
                memcpy(parent, path, (size_t) (base - path));
                parent[slash > path ? slash - path : 1] = '\0';
        }
        if (!host_name(c, parent, strlen(parent), out))
                return false;
        hl = strcmp(out, "/") == 0 ? 0 : strlen(out);
        if (hl + 1 + bl >= SBX_DENIAL_PATH_MAX)
                return false;
        out[hl] = '/';
        memcpy(out + hl + 1, base, bl + 1);
        return true;
}

/* Whether a tool's failed removal or rename of the absolute path (sbx_denial_line_removes(),
 * printed absolute) names a name the host does not have (host_exists): bwrap's read-only mount is checked before the
 * lookup, so its EROFS stands for the host's ENOENT there (review: as root in read-only, `rmdir
 * /var/tmp/nonexist` recorded denied). Not the sandbox's own /dev and /proc, whose names are none
 * of the host's, nor beneath the granted directories, where the command itself may have removed
 * the name since (`busybox mv ./f /etc/; rm f`: the line is read as it comes, not when it was
 * printed); a name that exists, or one the host does not tell, stays a denial. */
static bool host_lacks_removed(struct sbx_classifier *c, const char *path, int call) {
        char host[SBX_DENIAL_PATH_MAX];
        int kind;

        if (!c->host_exists || path[0] != '/' || in_sandbox_dev_proc(path) || beneath_any(path, c->granted, c->n_granted))
                return false;
        /* the name itself is not followed, as the call does not follow it (review: as root in
         * read-only, `unlink LINK`, LINK a symlink to a directory, which the host removes, was
         * asked of the directory and read as EISDIR, no denial) */
        if (!host_name_unfollowed(c, path, host) || in_sandbox_dev_proc(host) ||
            beneath_any(host, c->granted, c->n_granted))
                return false;
        /* a granted directory itself: its entries are the command's to make and remove, before or
         * after its rmdir (one of the workspace reads as the sandbox's refusal it was) */
        for (size_t i = 0; i < c->n_granted; i++)
                if (strcmp(host, c->granted[i]) == 0)
                        return false;
        kind = c->host_exists(c->resolve_userdata, host);
        /* ... nor one the call fails on whatever the sandbox: rmdir(2) of a file (ENOTDIR) or of a
         * directory with entries (ENOTEMPTY), unlink(2) of a directory (EISDIR), which the
         * read-only mount, or Landlock's refusal, also came before (review: as root in read-only,
         * `rmdir` of a directory with files in it recorded denied) */
        return kind == SBX_HOST_NAME_MISSING ||
               (call == SBX_REMOVES_DIR && (kind == SBX_HOST_NAME_FILE || kind == SBX_HOST_NAME_DIR_ENTRIES)) ||
               (call == SBX_REMOVES_FILE && (kind == SBX_HOST_NAME_DIR || kind == SBX_HOST_NAME_DIR_ENTRIES));
}

/* Where BusyBox mv moved the absolute source path (the caller's move_dest from the argv): DEST,
 * or DEST/basename(path) when the sources move into DEST (move_into), into out (size bytes); the
 * length snprintf gives (>= size: it does not fit). */
static int busybox_move_target(const struct sbx_classifier *c, const char *path, char *out, size_t size) {
        const char *base = strrchr(path, '/');

        return c->move_into ? snprintf(out, size, "%s/%s", strcmp(c->move_dest, "/") == 0 ? "" : c->move_dest,
                                       base ? base + 1 : path)
                            : snprintf(out, size, "%s", c->move_dest);
}

/* Whether a failed move of the absolute path `path` (the line's source) is one of a directory into
 * its own subtree on the host, which rename(2) fails on whatever the sandbox (EINVAL): bwrap's
 * read-only mount is checked before, so its EROFS stands for it there (Landlock looks at the names
 * first: EINVAL). The destination: BusyBox mv's from the argv (move_dest, DEST/basename with
 * move_into), GNU mv's the line's partner ("cannot move 'X' to 'Y'"). Both resolved on the host,
 * the source a directory there (host_exists) outside the granted directories and the sandbox's
 * /dev and /proc, the destination strictly beneath it (s47 note: as root in read-only, `busybox mv
 * D D/sub/x` and `mv D D/sub/x` recorded denied). The line's names printed whole alone (the
 * path as printed: printed_whole), as a removal's (host_lacks_removed()): a relative one is of the directory mv
 * ran in, which need not be the command's (a make recipe's cd, a program's chdir; review49: as
 * root in read-only, a Python chdir to /var/tmp/v then `mv D D/x`, v/D a symlink to a directory,
 * which the host moves, was asked of the workspace's directory D and read as the host's EINVAL,
 * task_failure, no denial). */
static bool host_moves_into_itself(struct sbx_classifier *c, const char *line, const char *path, bool printed_whole,
                                   int removes, const char *partner, size_t partner_len) {
        static const char gnu[] = "mv: cannot move '";
        char src[SBX_DENIAL_PATH_MAX], dest[SBX_DENIAL_PATH_MAX], text[SBX_DENIAL_PATH_MAX], abs[SBX_DENIAL_PATH_MAX];
        const char *from = path, *to = text, *g;
        size_t sl;
        int kind, n;

        if (!c->host_exists || !printed_whole || path[0] != '/')
                return false;
        if (removes == SBX_REMOVES_RENAME && c->move_dest[0]) {
                n = busybox_move_target(c, path, text, sizeof(text));
        } else if (partner && partner_len > 0 && partner[0] == '/' && (g = strstr(line, gnu)) &&
                   partner_len < sizeof(text)) {
                /* the source is the name after "cannot move '": the path or its partner */
                memcpy(text, partner, partner_len);
                text[partner_len] = '\0';
                n = (int) partner_len;
                if (partner == g + sizeof(gnu) - 1)
                        from = text, to = path;
        } else {
                return false;
        }
        if (n <= 0 || (size_t) n >= sizeof(text) || strlen(from) >= sizeof(abs))
                return false;
        /* the source itself, not followed (a symlink to a directory moves into it: no EINVAL) */
        memcpy(abs, from, strlen(from) + 1);
        absolute_path(c, abs, sizeof(abs));
        if (abs[0] != '/' || in_sandbox_dev_proc(abs) || beneath_any(abs, c->granted, c->n_granted) ||
            !host_name_unfollowed(c, abs, src) || !host_name(c, to, strlen(to), dest) || in_sandbox_dev_proc(src) ||
            beneath_any(src, c->granted, c->n_granted))
                return false;
        sl = strlen(src);
        if (strncmp(dest, src, sl) != 0 || dest[sl] != '/' || dest[sl + 1] == '\0')
                return false;
        kind = c->host_exists(c->resolve_userdata, src);
        return kind == SBX_HOST_NAME_DIR || kind == SBX_HOST_NAME_DIR_ENTRIES;
}

/* Words of a call on two names whose other name is only read: tar's "Cannot create symlink to",
 * cp's "cannot create symbolic link" and "hard link", Node's symlink, link and copyfile. */
static const char *const only_read_other[] = {
        "symlink", "symbolic link", "hard link", "copyfile", ", link '",
};

struct elsewhere {
        struct sbx_classifier *c;
        char *path;    /* SBX_DENIAL_PATH_MAX bytes */
        char *printed; /* SBX_DENIAL_PATH_MAX bytes: the name elsewhere, as names_each() told it */
};

/* The first name of a line with a directory in it ('/'; not a bare word, a crate's or a
 * registry's) that lies outside the granted directories: made the path, absolute. */
static bool name_elsewhere(void *userdata, const char *name, size_t n) {
        struct elsewhere *e = userdata;
        char text[SBX_DENIAL_PATH_MAX];

        if (n == 0 || n >= sizeof(text) || !memchr(name, '/', n) || name[0] == '~' || memchr(name, '\0', n) ||
            name_granted(e->c, name, n))
                return true;
        memcpy(text, name, n);
        text[n] = '\0';
        absolute_path(e->c, text, sizeof(text));
        memcpy(e->path, text, strlen(text) + 1);
        /* copied now: a decoded name is valid only during this call (it was kept, and read
         * after sbx_denial_line_names_each() had returned, from its stack) */
        memcpy(e->printed, name, n);
        e->printed[n] = '\0';
        return false;
}

/* BusyBox mv's "mv: can't rename 'X'" names the source alone: X (path, absolute) beneath the
 * granted directories, where the sandbox refuses no ordinary write, the rename was refused its
 * destination, which the caller read from the argv (move_dest): that becomes the path,
 * DEST/basename(X) when the sources move into DEST (true). One longer than a path kept
 * (SBX_DENIAL_PATH_MAX - 1 bytes, PATH_MAX: a name the kernel takes in no call, so the host
 * cannot be asked of it either) leaves the path "", never X (review: as nobody under Landlock,
 * `busybox mv /ws/f DIR/`, DIR of 1029 bytes of root's, read as denied /ws/f). */
static bool busybox_rename_dest(const struct sbx_classifier *c, const char *line, char *path, size_t size) {
        const char *base = strrchr(path, '/');
        char joined[SBX_DENIAL_PATH_MAX];
        int n;

        if (!c->move_dest[0] || !strstr(line, "mv: can't rename '") || path[0] != '/' ||
            !name_granted(c, path, strlen(path)) || !base || !base[1])
                return false;
        n = busybox_move_target(c, path, joined, sizeof(joined));
        if (n <= 0 || (size_t) n >= sizeof(joined) || (size_t) n >= size) {
                path[0] = '\0';
                return true;
        }
        memcpy(path, joined, (size_t) n + 1);
        return true;
}

/* A path beneath the granted directories, where the sandbox refuses no ordinary write, on a line
 * that names a path elsewhere too: the sandbox refused that one, and it is the path. Landlock
 * refuses the rename of a file from outside into the workspace, and mv ("cannot move '/x' to
 * './y'") and Python ("'/x' -> 'y'") name the source first: the path was the destination. Not
 * on a line naming what the sandbox refuses there too (a set-ID bit). true: path replaced, and
 * the name elsewhere as printed in printed (SBX_DENIAL_PATH_MAX bytes). */
static bool path_elsewhere(struct sbx_classifier *c, const char *line, char *path, char *printed) {
        struct elsewhere e = { .c = c, .path = path, .printed = printed };
        char host[SBX_DENIAL_PATH_MAX];

        if (c->n_granted == 0 || !path[0] || !name_granted(c, path, strlen(path)) || names_refused_there(line))
                return false;
        /* a line telling of a symlink, a link or a copy: the other name is only read (a target, a
         * source), which the sandbox never refuses; the path stays, a name relative to a
         * directory the command moved to (review: `cd /own-dir && cp -s /usr/lib/y x` recorded
         * /usr/lib/y) */
        if (holds_any(line, only_read_other, SBX_ELEMENTSOF(only_read_other)))
                return false;
        /* the host would not let the command make the path (a 0555 directory): the refusal may be
         * the host's there, the path stays */
        if (c->host_permits && host_name(c, path, strlen(path), host) &&
            !c->host_permits(c->resolve_userdata, host, false))
                return false;
        return !sbx_denial_line_names_each(line, strlen(line), name_elsewhere, &e);
}

size_t sbx_classifier_denials_so_far(const struct sbx_classifier *c, const struct sbx_denial **ret_kept,
                                     uint64_t *ret_counted) {
        *ret_kept = c->denials;
        *ret_counted = c->denial_lines;
        return c->n_denials;
}

void sbx_classifier_free(struct sbx_classifier *c) {
        if (!c)
                return;
        pcre2_match_data_free(c->md);
        free(c->search_path);
        free(c->script);
        free(c->script_lex);
        free(c->inline_script);
        free(c->fifo_ran);
        free(c->wide);
        free(c->carry);
        free(c->junction);
        free(c);
}

/* 1 on a match (range and mark filled when asked), 0 on none, -errno on an engine error. */
static int match(struct sbx_classifier *c, const struct sbx_regex *re, const unsigned char *s, size_t n,
                 size_t *ret_start, size_t *ret_end, int *ret_mark) {
        PCRE2_SPTR subject = (PCRE2_SPTR) (n > 0 ? s : (const unsigned char *) "");
        int rc;

        /* a built-in dialect's patterns are compiled when first needed: the dialect belongs to
         * this single-threaded process */
        if (!re->code) {
                rc = sbx_regex_ready((struct sbx_regex *) re, c->error_msg, sizeof(c->error_msg));
                if (rc < 0)
                        return c->error = rc;
        }
        /* the JIT entry skips pcre2_match's per-call set-up; the interpreter when JIT failed */
        rc = re->jit ? pcre2_jit_match(re->code, subject, n, 0, 0, c->md, NULL)
                         : pcre2_match(re->code, subject, n, 0, 0, c->md, NULL);

        if (rc == PCRE2_ERROR_NOMATCH)
                return 0;
        if (rc < 0) {
                PCRE2_UCHAR msg[200];

                pcre2_get_error_message(rc, msg, sizeof(msg));
                snprintf(c->error_msg, sizeof(c->error_msg), "PCRE2 match failed: %s", (const char *) msg);
                c->error = (rc == PCRE2_ERROR_NOMEMORY || rc == PCRE2_ERROR_JIT_STACKLIMIT) ? -ENOMEM : -EIO;
                return c->error;
        }
        if (ret_start || ret_end) {
                PCRE2_SIZE *ov = pcre2_get_ovector_pointer(c->md);
                if (ret_start)
                        *ret_start = ov[0];
                if (ret_end)
                        *ret_end = ov[1];
        }
        if (ret_mark) {
                PCRE2_SPTR m = pcre2_get_mark(c->md);
                int v = 0;

                for (; m && *m >= '0' && *m <= '9'; m++)
                        v = v * 10 + (*m - '0');
                *ret_mark = v;
        }
        return 1;
}

/* Looks for each category's signatures in a piece of the line in progress. */
static int examine_fragment(struct sbx_classifier *c, const unsigned char *s, size_t n) {
        const struct sbx_dialect *d = c->d;
        int r, mark;

        if (d->denial_re.present && c->denial_sig < 0) {
                r = match(c, &d->denial_re, s, n, NULL, NULL, &mark);
                if (r < 0)
                        return r;
                if (r > 0)
                        c->denial_sig = mark, c->flagged = true;
        }
        if (d->fifo_denial_re.present && c->fifo_sig < 0) {
                r = match(c, &d->fifo_denial_re, s, n, NULL, NULL, &mark);
                if (r < 0)
                        return r;
                if (r > 0)
                        c->fifo_sig = mark, c->flagged = true;
        }
        for (size_t i = 0; i < d->n_rules; i++) {
                if (c->fatal_sig[i] >= 0 || c->rules[i].hit)
                        continue;
                r = match(c, &d->rules[i].fatal_re, s, n, NULL, NULL, &mark);
                if (r < 0)
                        return r;
                if (r > 0)
                        c->fatal_sig[i] = mark, c->flagged = true;
        }
        return 0;
}

/* Copies a line as evidence: at most size-1 bytes, a NUL byte as U+FFFD (a C string cannot hold
 * it), never half a UTF-8 character at the cut. Invalid bytes are kept as they are. Returns the
 * bytes of the line copied: fewer than len when it was cut (a NUL byte takes 3 of evidence, so a
 * line shorter than the evidence may be cut too). */
static size_t copy_evidence(char *dst, size_t size, const unsigned char *s, size_t len) {
        size_t o = 0, i = 0;

        while (i < len) {
                size_t n = s[i] == 0 ? 1 : sbx_utf8_valid_len(s + i, len - i);
                size_t need = s[i] == 0 ? 3 : (n ? n : 1);

                if (o + need > size - 1)
                        break;
                if (s[i] == 0)
                        memcpy(dst + o, "\xef\xbf\xbd", 3);
                else
                        memcpy(dst + o, s + i, need);
                o += need;
                i += n ? n : 1;
        }
        dst[o] = '\0';
        return i;
}

/* The line before the one ending at look[*end] (exclusive; look[*end - 1] is its '\n'), blank
 * lines skipped, its blanks and '\r' trimmed, into *ls and *ll; *end moves to its start. false when
 * there is none in look, or it may begin before look when `partial` (look is the last 4 KiB before
 * the line, not the stream's start: the cost stays linear). */
static bool line_before(const unsigned char *look, size_t *end, bool partial, const unsigned char **ls, size_t *ll) {
        while (*end > 0 && look[*end - 1] == '\n') {
                size_t e = *end - 1, b = e;

                while (b > 0 && look[b - 1] != '\n')
                        b--;
                if (b == 0 && partial)
                        return false;
                *end = b;
                while (e > b && (look[e - 1] == ' ' || look[e - 1] == '\t' || look[e - 1] == '\r'))
                        e--;
                while (b < e && (look[b] == ' ' || look[b] == '\t'))
                        b++;
                if (b < e) {
                        *ls = look + b;
                        *ll = e - b;
                        return true;
                }
        }
        return false;
}

/* The number N of an anyhow cause "N: " at s (after blanks), its length in *k; -1 when none. */
static long cause_number(const char *s, size_t n, size_t *k) {
        size_t i = 0;
        long v = 0;

        while (i < n && (s[i] == ' ' || s[i] == '\t'))
                i++;
        if (i >= n || !isdigit((unsigned char) s[i]))
                return -1;
        while (i < n && isdigit((unsigned char) s[i]) && v < 1000)
                v = v * 10 + (s[i++] - '0');
        if (i + 1 >= n || s[i] != ':' || s[i + 1] != ' ')
                return -1;
        *k = i + 2;
        return v;
}

/* Whether a line indented by k blanks continues the line ls[0..n) just before it (n reaches the
 * newline that ends it): aligned under the text after that line's first ':' and its blanks, as
 * unzip aligns its errno text under "checkdir error:  cannot create X". Not any indented line
 * after any other (an unrelated name taken for the path can have the host's refusal read as
 * the sandbox's, or the other way round). */
static bool continued(const unsigned char *win, const unsigned char *ls, size_t n, size_t k) {
        const unsigned char *b = ls, *colon;
        size_t col;

        if (k == 0 || memchr(ls, '\n', n))
                return false; /* not indented, or a blank line between */
        while (b > win && b[-1] != '\n')
                b--;
        colon = memchr(b, ':', (size_t) (ls + n - b));
        if (!colon || colon + 1 >= ls + n || (colon[1] != ' ' && colon[1] != '\t'))
                return false;
        col = (size_t) (colon + 1 - b);
        while (b + col < ls + n && (b[col] == ' ' || b[col] == '\t'))
                col++;
        return col == k && b + col < ls + n;
}

/* The LOOK_BACK bytes before the line being ended (c->look), from hist and the buffer, into win:
 * end_line() saw that hist reaches that far back. *end: their length; *partial: the stream began
 * before them. */
static void look_window(const struct sbx_classifier *c, unsigned char *win, size_t *end, bool *partial) {
        uint64_t from = c->look_line > LOOK_BACK ? c->look_line - LOOK_BACK : 0;
        size_t from_hist;

        *partial = from > 0;
        *end = (size_t) (c->look_line - from);
        from_hist = from < c->scan_base ? (size_t) ((c->look_line < c->scan_base ? c->look_line : c->scan_base) - from) : 0;
        if (from_hist > 0)
                memcpy(win, c->hist + c->hist_len - (size_t) (c->scan_base - from), from_hist);
        if (*end > from_hist)
                memcpy(win + from_hist, c->scan_start + (from + from_hist - c->scan_base), *end - from_hist);
}

/* The source line a Python traceback shows last, before its exception's line, in win (the
 * window look_window() filled, *end its length: moved to that line's start), into *ls and *ll.
 * The caret line of 3.11 on ("    ^^^^") is skipped. false when there is none. */
static bool python_source_line(const unsigned char *win, size_t *end, bool partial, const unsigned char **ls,
                               size_t *ll) {
        bool carets = true;

        for (int tries = 0; carets && tries < 2; tries++) {
                if (!line_before(win, end, partial, ls, ll))
                        return false;
                for (size_t i = 0; i < *ll && carets; i++)
                        carets = (*ls)[i] == '^' || (*ls)[i] == '~' || (*ls)[i] == ' ';
        }
        return !carets;
}

/* Whether a denial line is Python's exception naming no file: "[Errno N] <signature>" and nothing
 * after the signature (PermissionError: [Errno 13] Permission denied). */
static bool python_names_nothing(const char *line, size_t tl, size_t ss, size_t se) {
        while (tl > se && (line[tl - 1] == ' ' || line[tl - 1] == '\t'))
                tl--;
        return tl == se && ss >= 10 && memcmp(line + ss - 2, "] ", 2) == 0 && memmem(line, ss, "[Errno ", 7);
}

/* Whether the source line a Python traceback shows last, before its exception's line, holds
 * one of `words` (NULL-terminated). The caret line of 3.11 on ("    ^^^^") is skipped. */
static bool python_source_holds(const struct sbx_classifier *c, const char *const *words) {
        unsigned char win[LOOK_BACK];
        const unsigned char *ls;
        size_t end, ll;
        bool partial;

        if (!c->look)
                return false;
        look_window(c, win, &end, &partial);
        if (!python_source_line(win, &end, partial, &ls, &ll))
                return false;
        for (; *words; words++)
                if (memmem(ls, ll, *words, strlen(*words)))
                        return true;
        return false;
}

/* Whether s[0..n) holds one call of bind (".bind(", once), given a tuple: "(", then a ',' outside
 * any inner bracket or quote before the ')' that closes it ("s.bind(('', 80))"). A pathname unix
 * socket's address is a string, never a tuple; a tuple is an internet address (or a netlink,
 * packet, bluetooth or vsock one): no file's name. */
static bool binds_tuple(const unsigned char *s, size_t n) {
        const unsigned char *b = memmem(s, n, ".bind(", 6), *p;
        int depth = 0;
        unsigned char quote = 0;

        if (!b || memmem(s, n, "bind(", 5) != b + 1 || memmem(b + 6, (size_t) (s + n - (b + 6)), "bind(", 5) ||
            b + 6 >= s + n || b[6] != '(')
                return false;
        for (p = b + 7; p < s + n; p++) {
                if (quote) {
                        if (*p == '\\')
                                p++;
                        else if (*p == quote)
                                quote = 0;
                } else if (*p == '\'' || *p == '"')
                        quote = *p;
                else if (*p == '(' || *p == '[' || *p == '{')
                        depth++;
                else if (*p == ')' || *p == ']' || *p == '}') {
                        if (depth-- == 0)
                                return false;
                } else if (*p == ',' && depth == 0)
                        return true;
        }
        return false;
}

/* Whether a Python exception that names no file, before whose line the classifier stands, was
 * raised by a call that is no file effect, as its traceback shows: a socket's bind() given a
 * tuple (an internet address, above), os.setpriority() (a nice value below the current one,
 * refused without CAP_SYS_NICE: as nobody on the host too, and the Landlock launcher drops
 * root's), or a bind() beneath http.server's test() (`python3 -m http.server 80`), whose server
 * always binds an internet address (_get_best_family()). Those are refused by the host's
 * privileges, never by the sandbox, which governs file effects only (review: as nobody under
 * Landlock, `python3 -m http.server 80` read as denied). A unix socket's bind(path), a System V
 * or keyring call (the seccomp filter's EACCES), multiprocessing's semaphore in /dev/shm stay
 * denials; a command given with -c shows no source line and is not told. The frames are read
 * back to the traceback's "Traceback (most recent call last):" line, which must lie within the
 * LOOK_BACK bytes before the line. */
static bool python_call_no_file(const struct sbx_classifier *c) {
        static const char header[] = "Traceback (most recent call last):";
        unsigned char win[LOOK_BACK];
        const unsigned char *ls;
        size_t end, ll;
        bool partial, binds, test = false;

        if (!c->look)
                return false;
        look_window(c, win, &end, &partial);
        if (!python_source_line(win, &end, partial, &ls, &ll))
                return false;
        if (binds_tuple(ls, ll) || memmem(ls, ll, "setpriority(", 12))
                return true;
        binds = memmem(ls, ll, ".bind(", 6) != NULL;
        while (binds && line_before(win, &end, partial, &ls, &ll)) {
                static const char file[] = "/http/server.py\", line ", func[] = ", in test";

                if (ll == sizeof(header) - 1 && memcmp(ls, header, ll) == 0)
                        return test;
                if (ll > 6 && memcmp(ls, "File \"", 6) == 0 && memmem(ls, ll, file, sizeof(file) - 1) &&
                    ll >= sizeof(func) - 1 && memcmp(ls + ll - (sizeof(func) - 1), func, sizeof(func) - 1) == 0)
                        test = true;
        }
        return false;
}

/* Whether the source line a Python traceback shows last, before its exception's line, called the
 * function with dir_fd=: the name the exception holds is relative to that directory, not to the
 * cwd. shutil.rmtree removes a tree through descriptors, "os.unlink(entry.name, dir_fd=topfd)",
 * and its error names the entry alone ("PermissionError: [Errno 13] Permission denied: 'i'"):
 * joined to the cwd it was a workspace file, which replayed with the workspace read as the host's
 * own permissions. The caret line of 3.11 on ("    ^^^^") is skipped. */
static bool name_relative_to_dir_fd(const struct sbx_classifier *c) {
        static const char *const words[] = { "dir_fd=", NULL };

        return python_source_holds(c, words);
}

/* Whether the source line a Python traceback shows last, before its exception's line, opened a
 * POSIX shared memory object (multiprocessing.shared_memory's "_posixshmem.shm_open(", posix_ipc's
 * SharedMemory): the name its exception holds, "/psm_1a2b", is the object's, a file of /dev/shm,
 * not a name of the root directory. */
static bool python_source_opens_shm(const struct sbx_classifier *c) {
        static const char *const words[] = { "shm_open(", "SharedMemory(", NULL };

        return python_source_holds(c, words);
}

/* Whether the source line a Python traceback shows last, before its exception's line, renamed a
 * file: os.rename(), os.replace(), pathlib's rename() and replace() (in shutil.move, pathlib, a
 * script's atomic write). Python's "'A' -> 'B'" does not tell a rename, whose source the host must
 * let the command remove, from a symlink or a copy, whose source is only read (review: as nobody
 * under Landlock, shutil.move of a file of root's into the workspace read as denied). A command
 * given with -c shows no source line. */
static bool python_source_renames(const struct sbx_classifier *c) {
        static const char *const words[] = { "rename(", "replace(", NULL };

        return python_source_holds(c, words);
}

/* Whether the source line a Python traceback shows last makes a link (os.link, os.symlink,
 * pathlib's hardlink_to() and symlink_to()): the other name is only read. */
static bool python_source_links(const struct sbx_classifier *c) {
        static const char *const words[] = { "link(", "link_to(", NULL };

        return python_source_holds(c, words);
}

/* Whether Python's "'A' -> 'B'", B beneath the granted directories and A elsewhere (path_elsewhere()
 * moved the path to A), tells of a rename though no source line shows it (a -c command): beneath
 * the granted directories the sandbox refuses no symlink (its target is only text), it refuses a
 * hard link from elsewhere with EXDEV (Landlock's refer right, bubblewrap's binds), and Python's
 * copies name one file; so a refusal not of a cross-device link is a rename's, refused to let A
 * go, which the host must allow (review: as nobody under Landlock, python3 -c
 * "os.rename('/var/tmp/rootdir/f', '/ws/x')" read as denied; the host refuses it too). Only for
 * an absolute B: a relative one is the process's directory, which it may have left (os.chdir in
 * the -c command), and a symlink made there may be what the sandbox refused. */
static bool python_pair_renames(const struct sbx_classifier *c, const char *line) {
        return strstr(line, "[Errno ") &&
               (python_source_renames(c) ||
                (strstr(line, "' -> '/") && !tells_cross_device(line) && !python_source_links(c)));
}

/* The length of the first field and its ": " when the text before a signature, line[0..ss), is
 * "<field>: : System Error: ": CMake's cmSystemTools::ReportLastSystemError(""), an empty message
 * then the errno text, printed right after the line that names the file with the same first field:
 *     CMake Error: Cannot open file for write: /x/LastTest.log.tmp1234
 *     CMake Error: : System Error: Permission denied
 * 0 when it is not so. */
static size_t system_error_prefix(const char *line, size_t ss) {
        static const char tail[] = ": : System Error: ";
        const size_t t = sizeof(tail) - 1;

        if (ss <= t || memcmp(line + ss - t, tail, t) != 0 || memmem(line, ss - t, ": ", 2))
                return 0;
        return ss - t + 2;
}

/* unzip's line naming the file before its indented errno line: "error:  cannot create X",
 * "checkdir error:  cannot create X", "checkdir:  cannot create extraction directory: X", X printed
 * as it is, spaces included: the rest of the line (review53: `unzip -d "o d"`'s "cannot create o
 * d/top" was read as d/top, so as root under bwrap, into another user's directory of the workspace,
 * the host was asked of a file that is not there: task_failure). Its length and *ret_at its start in
 * ls[0..ll), or 0. */
static size_t unzip_created(const unsigned char *ls, size_t ll, size_t *ret_at) {
        static const char *const prefixes[] = { "error:  cannot create ", "checkdir error:  cannot create ",
                                                "checkdir:  cannot create extraction directory: " };

        for (size_t i = 0; i < SBX_ELEMENTSOF(prefixes); i++) {
                size_t pl = strlen(prefixes[i]);

                if (ll > pl && memcmp(ls, prefixes[i], pl) == 0) {
                        *ret_at = pl;
                        return ll - pl;
                }
        }
        return 0;
}

/* Rust's error chains (cargo, anyhow) print the errno text alone on the last line of a chain and
 * the name on the cause before it:
 *     error: failed to write /ws/p/Cargo.lock
 *
 *     Caused by:
 *       failed to open: /ws/p/Cargo.lock
 *
 *     Caused by:
 *       Permission denied (os error 13)
 * or numbered ("Caused by:", then "    0: failed to open: X", "    1: Permission denied ..."). For
 * a denial line that holds the signature alone (blanks and a cause number before it), the path
 * is read from "<cause before>: <this line>", as anyhow's one-line form prints the chain. Only
 * within the LOOK_BACK bytes before the line, wherever the buffers of stderr ended. unzip puts
 * the errno text on an indented line of its own right after the line naming the file:
 *     checkdir error:  cannot create /etc/d
 *                      Permission denied
 * (the path was none): an indented line holding the signature alone is read with the line just
 * before it, when continued() says it continues it. 0, or the path's length. */
static size_t chained_path(const struct sbx_classifier *c, const char *line, size_t ss, size_t se, char *path,
                           size_t size) {
        char joined[2 * SBX_MATCHED_LINE_MAX];
        unsigned char win[LOOK_BACK];
        const unsigned char *ls;
        size_t k = 0, ll, end, nl, at = 0, cl;
        bool partial;
        long num;

        if (!c->look)
                return 0;
        if ((k = system_error_prefix(line, ss)) > 0) {
                /* CMake's: the line just before, with the same first field, names the file */
                look_window(c, win, &end, &partial);
                nl = end;
                if (!line_before(win, &end, partial, &ls, &ll) || memchr(ls, '\n', (size_t) (win + nl - 1 - ls)) ||
                    ll <= k || memcmp(ls, line, k) != 0)
                        return 0;
                cl = ll;
                goto join;
        }
        num = cause_number(line, ss, &k);
        if (num < 0)
                for (k = 0; k < ss && (line[k] == ' ' || line[k] == '\t'); k++)
                        ;
        if (k != ss || num == 0)
                return 0;
        look_window(c, win, &end, &partial);
        nl = end;
        if (!line_before(win, &end, partial, &ls, &ll))
                return 0;
        if (num > 0) {
                if (cause_number((const char *) ls, ll, &at) != num - 1)
                        return 0;
        } else if (ll == 10 && strncasecmp((const char *) ls, "Caused by:", 10) == 0) {
                if (!line_before(win, &end, partial, &ls, &ll))
                        return 0;
        } else if (!continued(win, ls, (size_t) (win + nl - 1 - ls), k)) {
                return 0;
        } else if ((cl = unzip_created(ls, ll, &at)) > 0) {
                /* unzip's name, whole */
                if (cl >= size || memchr(ls + at, '\0', cl))
                        return 0;
                memcpy(path, ls + at, cl);
                path[cl] = '\0';
                return cl;
        }
        cl = ll - at;
join:
        if (cl + 2 + strlen(line + ss) >= sizeof(joined) || memchr(ls + at, '\0', cl))
                return 0;
        memcpy(joined, ls + at, cl);
        memcpy(joined + cl, ": ", 2);
        memcpy(joined + cl + 2, line + ss, strlen(line + ss) + 1);
        return sbx_denial_path_extract(joined, strlen(joined), cl + 2, cl + 2 + (se - ss), path, size);
}

/* Counts and keeps the held denial line, with the name a field line after it gave (text: that
 * line), unless the host itself refuses that name. */
static void pend_commit(struct sbx_classifier *c, const char *text, const char *name, size_t n) {
        char path[SBX_DENIAL_PATH_MAX] = "";

        c->pend = false;
        if (name && n > 0 && n < sizeof(path) && !memchr(name, '\0', n)) {
                bool bare, own;

                memcpy(path, name, n);
                path[n] = '\0';
                c->bare_files = c->moved;
                bare = bare_word(path, n) && !c->bare_files;
                absolute_path(c, path, sizeof(path));
                own = hosts_own_refusal(c, text, path, c->pend_run, NULL, 0) ||
                      host_refused(c, text, path, NULL, 0, c->pend_run, false, false, bare);
                c->bare_files = false;
                if (own)
                        return;
        }
        c->denial_lines++;
        if (!c->denial.hit) {
                c->denial.hit = true;
                c->denial.line_no = c->pend_line_no;
                c->denial.sig = c->pend_sig;
                memcpy(c->denial.line, c->pend_line, sizeof(c->denial.line));
        }
        if (c->n_denials < SBX_DENIALS_KEPT) {
                struct sbx_denial *e = &c->denials[c->n_denials++];

                e->line_no = c->pend_line_no;
                memcpy(e->line, c->pend_line, sizeof(e->line));
                memcpy(e->path, path, sizeof(e->path));
        }
}

/* The length of Valgrind's "==PID== " when line[0..ss), the text before a signature, is
 * "==PID== error N ": its gdbserver's sr_perror(), the errno's number and text on a line of their
 * own and the message naming the file on the next, with the same "==PID== " (--vgdb-prefix in a
 * directory refused):
 *     ==2364== error 13 Permission denied
 *     ==2364== cannot create shared_mem file /x/vgdb-shared-mem-vgdb-2364-by-root-on-h
 * ("mknod X" for its FIFOs). 0 when it is not so. */
static size_t valgrind_error_prefix(const char *line, size_t ss) {
        static const char error[] = "error ";
        size_t i = 2, pid;

        if (ss < 2 || line[0] != '=' || line[1] != '=')
                return 0;
        while (i < ss && isdigit((unsigned char) line[i]))
                i++;
        if (i == 2 || ss - i < 3 || line[i] != '=' || line[i + 1] != '=' || line[i + 2] != ' ')
                return 0;
        pid = i + 3;
        i = pid;
        if (ss - i <= sizeof(error) - 1 || memcmp(line + i, error, sizeof(error) - 1) != 0)
                return 0;
        i += sizeof(error) - 1;
        if (i >= ss || !isdigit((unsigned char) line[i]))
                return 0;
        while (i < ss && isdigit((unsigned char) line[i]))
                i++;
        return i + 1 == ss && line[i] == ' ' ? pid : 0;
}

/* Whether text[se..e) is Ruby's " @ <function>" after an errno text, its SystemCallError's
 * message "<errno text> @ <function> - <name>" whose " - <name>" Bundler's wrap at 80 columns put
 * on the next line (bundle config set --global under bwrap):
 *     The underlying system error is Errno::EROFS: Read-only file system @ dir_s_mkdir
 *     - /x/.bundle */
static bool ruby_function_tail(const char *text, size_t se, size_t e) {
        size_t i = se + 3;

        if (e <= i || memcmp(text + se, " @ ", 3) != 0)
                return false;
        for (; i < e; i++)
                if (!isalnum((unsigned char) text[i]) && text[i] != '_')
                        return false;
        return true;
}

/* Bundler's PermissionError, raised for EACCES only (SharedHelpers#filesystem_access):
 * "There was an error while trying to write to `X`. It is likely that you need to grant write
 * permissions for that path." ("create `X`" for a directory made), wrapped at 80 columns at the
 * blanks, so that the name may start on the next line, or run over the break when it holds a
 * blank. Whether text[0..se) is its signature at the start of the line. */
static bool bundler_permission_line(const char *text, size_t ss, size_t se) {
        static const char head[] = "There was an error while trying to ";

        return ss == 0 && se >= sizeof(head) - 1 && strncmp(text, head, sizeof(head) - 1) == 0;
}

/* Adds text[b..e), one line of Bundler's wrapped message, to the name held (after a blank, the one
 * the wrap took, when some is held); the name is whole when its closing "`." comes, followed by a
 * blank or the line's end. Returns 1 when whole (c->pend_name, its length c->pend_name_len), 0 when
 * it goes on, -1 when the line is no part of it. */
static int bundler_name_add(struct sbx_classifier *c, const char *text, size_t b, size_t e) {
        size_t n = c->pend_name_len;

        if (c->pend_seen == 0 && n == 0) {
                if (b >= e || text[b] != '`')
                        return -1;
                b++;
        } else if (n + 1 < sizeof(c->pend_name))
                c->pend_name[n++] = ' ';
        else
                return -1;
        for (size_t i = b; i < e; i++) {
                if (text[i] == '`' && i + 1 < e && text[i + 1] == '.' && (i + 2 == e || text[i + 2] == ' ')) {
                        c->pend_name_len = n;
                        c->pend_name[n] = '\0';
                        return n > 0 ? 1 : -1;
                }
                if (n + 1 >= sizeof(c->pend_name))
                        return -1;
                c->pend_name[n++] = text[i];
        }
        c->pend_name_len = n;
        c->pend_name[n] = '\0';
        return 0;
}

static void pend_flush(struct sbx_classifier *c);

/* Bundler's PermissionError line (bundler_permission_line()): the name when the line holds it
 * whole (into path, its length returned), else the line held (c->pend_bundler) until the lines
 * after it complete the name: 0. -1 when the line is not of that form. */
static int bundler_start(struct sbx_classifier *c, uint64_t line_no, const char *text, size_t tl, size_t se,
                         char *path, size_t size) {
        size_t e = tl;
        int r;

        while (e > se && (text[e - 1] == ' ' || text[e - 1] == '\t'))
                e--;
        if (strlen(text) >= sizeof(c->pend_line) || (e > se && text[se] != ' '))
                return -1;
        pend_flush(c);
        c->pend_name_len = 0;
        c->pend_seen = 0;
        r = e > se ? bundler_name_add(c, text, se + 1, e) : 0;
        if (r < 0)
                return -1;
        if (r > 0) {
                if (c->pend_name_len >= size)
                        return -1;
                memcpy(path, c->pend_name, c->pend_name_len + 1);
                return (int) c->pend_name_len;
        }
        c->pend_seen = e > se ? 1 : 0;
        c->pend = true;
        c->pend_run = false;
        c->pend_link = false;
        c->pend_indented = c->pend_tcl = c->pend_push = c->pend_vg = c->pend_ruby = c->pend_bind = false;
        c->pend_cmake = false;
        c->pend_bundler = true;
        c->pend_sig = c->denial_sig;
        c->pend_line_no = line_no;
        c->pend_prefix_len = 0;
        memcpy(c->pend_line, text, strlen(text) + 1);
        return 0;
}

/* Holds a denial line that named no path when it is "<prefix><signature>", the signature ending
 * it and a prefix ending in a blank before it: npm's "npm error code EACCES" (npm 6-9: "npm ERR!
 * code EACCES"), whose name comes on a later line. Or when it is indented and ends with
 * "(<signature>):", CMake's message of a command that failed, whose name stands alone on an
 * indented line after a blank one:
 *       file failed to open for writing (Permission denied):
 *
 *         /x/out.txt
 */
static bool pend_start(struct sbx_classifier *c, uint64_t line_no, const char *text, size_t tl, size_t ss, size_t se) {
        static const char java_bind[] = "java.net.BindException: ", git_unpack[] = "remote unpack failed: ",
                          cmake_dir[] = "Unable to (re)create the private pkgRedirects directory:";
        size_t e = tl;
        bool indented;

        bool ruby;

        while (e > se && (text[e - 1] == ' ' || text[e - 1] == '\t'))
                e--;
        indented = text[0] == ' ' && ss > 0 && text[ss - 1] == '(' && e == se + 2 && text[se] == ')' &&
                   text[se + 1] == ':';
        ruby = !indented && ruby_function_tail(text, se, e);
        if ((!indented && ((e != se && !ruby) || ss == 0 || ss >= sizeof(c->pend_prefix) || text[ss - 1] != ' ')) ||
            strlen(text) >= sizeof(c->pend_line))
                return false;
        /* one held already (a field line of it that is a denial line too): it names nothing, and
         * is counted, not overwritten (it was lost, and with it a denial) */
        pend_flush(c);
        c->pend = true;
        c->pend_run = false;
        c->pend_link = false;
        c->pend_indented = indented;
        c->pend_tcl = !indented && sbx_denial_line_tcl_socket(text, tl, ss, se);
        c->pend_push = !indented && strncasecmp(text + ss, git_unpack, sizeof(git_unpack) - 1) == 0;
        c->pend_vg = !indented && valgrind_error_prefix(text, ss) > 0;
        c->pend_ruby = ruby;
        c->pend_bundler = false;
        c->pend_cmake = !indented && se - ss == sizeof(cmake_dir) - 1 &&
                        strncasecmp(text + ss, cmake_dir, sizeof(cmake_dir) - 1) == 0;
        c->pend_bind = !indented && ss >= sizeof(java_bind) - 1 &&
                       memcmp(text + ss - (sizeof(java_bind) - 1), java_bind, sizeof(java_bind) - 1) == 0;
        c->pend_seen = 0;
        c->pend_sig = c->denial_sig;
        c->pend_line_no = line_no;
        c->pend_prefix_len = indented ? 0 : ss;
        memcpy(c->pend_prefix, text, c->pend_prefix_len);
        memcpy(c->pend_line, text, strlen(text) + 1);
        return true;
}

/* The whole of a line after the held one, s[0..len), into text (copy_evidence()), and where its
 * words start and end, blanks left out: [*b, *e). false when it does not fit whole. */
static bool pend_text(char *text, size_t size, const unsigned char *s, size_t len, size_t *b, size_t *e) {
        if (copy_evidence(text, size, s, len) != len)
                return false;
        *b = 0;
        *e = strlen(text);
        while (*b < *e && (text[*b] == ' ' || text[*b] == '\t'))
                (*b)++;
        while (*e > *b && (text[*e - 1] == ' ' || text[*e - 1] == '\t'))
                (*e)--;
        return true;
}

/* Whether git's URL x[0..n) names a repository on another host: a scheme other than file://
 * (ssh://, https://, git://), or the scp-like "host:path", a ':' before any '/' (git's own
 * test, connect.c). */
static bool push_url_remote(const char *x, size_t n) {
        const char *colon = memchr(x, ':', n), *slash = memchr(x, '/', n);

        return memmem(x, n, "://", 3) != NULL || (colon && (!slash || colon < slash));
}

/* A line after the held one: "<prefix>path X" names its file; other fields ("<prefix><word>
 * <value>": "syscall open", "errno -13") may come first, a few; any other line ends the wait, the
 * line named none. A link made ("syscall symlink") is named by "<prefix>dest X" after its path,
 * the target, which was not written (npm link's target is the workspace). */
/* The columns of s[0..n), UTF-8 text: its characters (Ruby's wrap counts them), blanks at its end
 * left out. */
static size_t text_cols(const char *s, size_t n) {
        size_t cols = 0;

        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
                n--;
        for (size_t i = 0; i < n; i++)
                cols += ((unsigned char) s[i] & 0xC0) != 0x80;
        return cols;
}

/* Adds text[b..e), a line of Ruby's name held (c->pend_ruby), to it: after a blank, the one the
 * wrap took, when some is held. false when it does not fit. */
static bool ruby_name_add(struct sbx_classifier *c, const char *text, size_t b, size_t e) {
        size_t n = c->pend_seen >= 2 ? c->pend_name_len : 0;

        if (n + (n > 0) + (e - b) >= sizeof(c->pend_name))
                return false;
        if (n > 0)
                c->pend_name[n++] = ' ';
        memcpy(c->pend_name + n, text + b, e - b);
        c->pend_name_len = n + (e - b);
        c->pend_name[c->pend_name_len] = '\0';
        c->pend_cols = text_cols(text, e);
        /* a line longer than the held one's width and one more is a word the wrap could not
         * break, alone on its line: it tells no width (ruby_name_goes_on()) */
        c->pend_long_word = c->pend_cols > text_cols(c->pend_line, strlen(c->pend_line)) + 1 &&
                            !memchr(text + b, ' ', e - b) && !memchr(text + b, '\t', e - b);
        if (!c->pend_long_word)
                c->pend_cols_max = c->pend_seen >= 2 && c->pend_cols_max > c->pend_cols ? c->pend_cols_max : c->pend_cols;
        else if (c->pend_seen < 2)
                c->pend_cols_max = 0;
        c->pend_seen = c->pend_seen >= 2 ? c->pend_seen + 1 : 2;
        return true;
}

/* Whether text[0..e), the line after the last of Ruby's name held, goes on with it: Bundler's wrap
 * (its word_wrap(): the longest run of at most W columns that a blank or the end follows) broke
 * the name at a blank there, which it does only where the line's first word did not fit after
 * the name's last line. W is told by the held line, "... @ dir_s_mkdir", broken before " -": its
 * width h (80 for that text), or h + 1, which only a line of the name that long tells (measured:
 * Thor's width, 80 without a terminal, and a name line of 76 columns before a word of 4 was
 * broken there; a width of 81 not told would join a line that the wrap did not break, which
 * comes only where Bundler prints more after its error). After a word longer than W, which
 * stands alone on its line (the wrap's regular expression finds no run to break before its end,
 * and breaks at the blank after it: a HOME whose long directory name is followed by one with
 * blanks), the next line goes on with it as after any line whose next word did not fit (before,
 * the name was read to that word alone). Not after another line longer than W + 1, nor an
 * indented line. */
static bool ruby_name_goes_on(const struct sbx_classifier *c, const char *text, size_t e) {
        size_t h = text_cols(c->pend_line, strlen(c->pend_line)), word = strcspn(text, " \t"), w;

        if (text[0] == ' ' || text[0] == '\t')
                return false;
        if (c->pend_long_word)
                return true;
        if (c->pend_cols > h + 1 || c->pend_cols_max > h + 1)
                return false;
        w = c->pend_cols_max > h ? c->pend_cols_max : h;
        return c->pend_cols + 1 + text_cols(text, word < e ? word : e) > w;
}

/* Ends the line held: with the name read so far where it is Ruby's (c->pend_ruby, its name read
 * whole by then), else none. */
static void pend_flush(struct sbx_classifier *c) {
        if (c->pend && c->pend_ruby && c->pend_seen >= 2)
                pend_commit(c, c->pend_line, c->pend_name, c->pend_name_len);
        else if (c->pend && c->pend_cmake)
                c->pend = false; /* CMake's without its name: nothing to judge, no errno (pend_see()) */
        else if (c->pend)
                pend_commit(c, NULL, NULL, 0);
}

static void pend_see(struct sbx_classifier *c, const unsigned char *s, size_t len) {
        char text[SBX_MATCHED_LINE_MAX];
        size_t pl = c->pend_prefix_len, w = pl, tl;

        if (c->pend_bind) {
                /* Java's refused bind: the native frame under it tells an internet socket's
                 * (sun.nio.ch.Net.bind0; before Java 13 ServerSocket's
                 * PlainSocketImpl.socketBind), a port below 1024 without CAP_NET_BIND_SERVICE, no
                 * file effect, from a unix socket's (UnixDomainSockets.bind0), whose name is a
                 * file: as the socket lines (review: as nobody under Landlock, `new
                 * ServerSocket(80)` read as denied) */
                static const char *const inet[] = {
                        "at java.base/sun.nio.ch.Net.bind0(Native Method)",
                        "at sun.nio.ch.Net.bind0(Native Method)",
                        "at java.base/java.net.PlainSocketImpl.socketBind(Native Method)",
                        "at java.net.PlainSocketImpl.socketBind(Native Method)",
                };
                size_t b, e;

                if (pend_text(text, sizeof(text), s, len, &b, &e)) {
                        for (size_t i = 0; i < SBX_ELEMENTSOF(inet); i++)
                                if (e - b == strlen(inet[i]) && memcmp(text + b, inet[i], e - b) == 0) {
                                        c->pend = false; /* no denial: neither counted nor kept */
                                        return;
                                }
                }
                pend_commit(c, NULL, NULL, 0);
                return;
        }
        if (c->pend_tcl) {
                /* Tcl's refused socket: its trace, "    while executing" and then the command,
                 * tells Tcl's own socket command (`"socket -server x 80"`), which makes TCP
                 * sockets only: a port below 1024 without CAP_NET_BIND_SERVICE, no file effect
                 * (review: as nobody under Landlock, `socket -server x 80` read as denied) */
                static const char executing[] = "while executing", command[] = "\"socket ";
                size_t b, e;

                if (pend_text(text, sizeof(text), s, len, &b, &e)) {
                        if (c->pend_seen == 0 && b > 0 && e - b == sizeof(executing) - 1 &&
                            memcmp(text + b, executing, e - b) == 0) {
                                c->pend_seen++;
                                return;
                        }
                        if (c->pend_seen == 1 && b == 0 && e > sizeof(command) - 1 &&
                            memcmp(text, command, sizeof(command) - 1) == 0) {
                                c->pend = false; /* no denial: neither counted nor kept */
                                return;
                        }
                }
                pend_commit(c, NULL, NULL, 0);
                return;
        }
        if (c->pend_push) {
                /* git push's receive-pack could not make its quarantine directory in the
                 * repository's objects (mkdtemp, the errno not told): the line after it, "To X"
                 * (or "error: failed to push some refs to 'X'" where --porcelain sends that one to
                 * stdout), names the repository pushed to. A local one (a path, file://) is
                 * written by a receive-pack run here, in the sandbox: the name is its template in
                 * X/objects (tmp-objdir.c), asked of the host (as nobody, root's bare repository:
                 * the host's refusal); any other (ssh://, https://, host:path) by one the server
                 * ran, whose failure it is (no denial) */
                static const char to[] = "To ", failed[] = "error: failed to push some refs to '", file[] = "file://";
                char name[SBX_DENIAL_PATH_MAX + 2];
                const char *x = NULL;
                size_t b, e, n = 0;
                int k;

                if (pend_text(text, sizeof(text), s, len, &b, &e) && b == 0) {
                        if (e > sizeof(to) - 1 && memcmp(text, to, sizeof(to) - 1) == 0) {
                                x = text + sizeof(to) - 1;
                                n = e - (sizeof(to) - 1);
                        } else if (e > sizeof(failed) && strncasecmp(text, failed, sizeof(failed) - 1) == 0 &&
                                   text[e - 1] == '\'') {
                                x = text + sizeof(failed) - 1;
                                n = e - sizeof(failed);
                        }
                }
                if (x && n > sizeof(file) - 1 && strncasecmp(x, file, sizeof(file) - 1) == 0) {
                        x += sizeof(file) - 1;
                        n -= sizeof(file) - 1;
                } else if (x && push_url_remote(x, n)) {
                        c->pend = false; /* the server's: neither counted nor kept */
                        return;
                }
                /* quoted, so that the line's names are the one asked */
                if (x && n > 0 && n < sizeof(name) && !memchr(x, '\'', n) &&
                    (k = snprintf(name, sizeof(name), "'%.*s%sobjects/tmp_objdir-incoming-XXXXXX'", (int) n, x,
                                  x[n - 1] == '/' ? "" : "/")) > 0 &&
                    (size_t) k < sizeof(name)) {
                        pend_commit(c, name, name + 1, (size_t) k - 2);
                        return;
                }
                pend_commit(c, NULL, NULL, 0);
                return;
        }
        if (c->pend_vg) {
                /* Valgrind's: the next line, with the same "==PID== ", is the message that names
                 * the file, read as if the errno text ended it */
                char joined[2 * SBX_MATCHED_LINE_MAX], path[SBX_DENIAL_PATH_MAX];
                size_t p = valgrind_error_prefix(c->pend_prefix, c->pend_prefix_len), b, e, sl, n;
                const char *sig = c->pend_line + c->pend_prefix_len;

                sl = strlen(sig);
                while (sl > 0 && (sig[sl - 1] == ' ' || sig[sl - 1] == '\t'))
                        sl--;
                if (p > 0 && pend_text(text, sizeof(text), s, len, &b, &e) && b == 0 && e > p &&
                    memcmp(text, c->pend_prefix, p) == 0 && e - p + 2 + sl < sizeof(joined)) {
                        memcpy(joined, text + p, e - p);
                        memcpy(joined + (e - p), ": ", 2);
                        memcpy(joined + (e - p) + 2, sig, sl);
                        joined[e - p + 2 + sl] = '\0';
                        n = sbx_denial_path_extract(joined, strlen(joined), e - p + 2, e - p + 2 + sl, path,
                                                    sizeof(path));
                        if (n > 0) {
                                pend_commit(c, joined, path, n);
                                return;
                        }
                }
                pend_commit(c, NULL, NULL, 0);
                return;
        }
        if (c->pend_ruby) {
                /* Ruby's: the next line is "- X", the name to its end; or, a name longer than the
                 * wrap's 80 columns, "-" alone and the name whole on the line after (it named none:
                 * as nobody under bwrap, Bundler's mkdir in a long HOME of root's read as denied).
                 * The name goes on while the wrap broke it at a blank (ruby_name_goes_on()) */
                size_t b, e;

                if (pend_text(text, sizeof(text), s, len, &b, &e) && b == 0) {
                        if (c->pend_seen == 0 && e > 2 && text[0] == '-' && text[1] == ' ' && text[2] != ' ' &&
                            ruby_name_add(c, text, 2, e))
                                return;
                        if (c->pend_seen == 0 && e == 1 && text[0] == '-') {
                                c->pend_seen = 1;
                                return;
                        }
                        if (c->pend_seen == 1 && e > 0 && text[0] != ' ' && text[0] != '\t' && ruby_name_add(c, text, 0, e))
                                return;
                        if (c->pend_seen >= 2 && c->pend_seen < 6 && e > 0 && ruby_name_goes_on(c, text, e) &&
                            ruby_name_add(c, text, 0, e))
                                return;
                }
                pend_flush(c);
                return;
        }
        if (c->pend_bundler) {
                /* Bundler's: the name goes on, a few lines at most */
                size_t b, e;
                int r = -1;

                if (pend_text(text, sizeof(text), s, len, &b, &e) && b == 0 && c->pend_seen < 4)
                        r = bundler_name_add(c, text, b, e);
                c->pend_seen++;
                if (r > 0) {
                        /* the held line with the whole name in it, as if unwrapped: the host is
                         * asked of the names the text holds (host_refused()), not of a part */
                        char joined[SBX_MATCHED_LINE_MAX + SBX_DENIAL_PATH_MAX + 4];
                        const char *q = strchr(c->pend_line, '`');
                        size_t h = q ? (size_t) (q - c->pend_line) : strlen(c->pend_line);

                        while (h > 0 && (c->pend_line[h - 1] == ' ' || c->pend_line[h - 1] == '\t'))
                                h--;
                        memcpy(joined, c->pend_line, h);
                        snprintf(joined + h, sizeof(joined) - h, " `%s`.", c->pend_name);
                        pend_commit(c, joined, c->pend_name, c->pend_name_len);
                } else if (r < 0)
                        pend_commit(c, NULL, NULL, 0);
                return;
        }
        if (c->pend_cmake) {
                /* CMake's build tree it could not make (cmake 3.24 on, the first directory it
                 * makes in the build tree): its absolute name alone on the next line. No errno is
                 * printed, so the text alone supports no denial (`sbx classify`, the fixtures:
                 * none); in sbx run (host_dir_missing given), a name outside the granted
                 * directories and the sandbox's /dev and /proc is judged against the host as the
                 * line joined to it: the host's refusal (as nobody, into root's directory) or a
                 * missing directory is the task's, else the sandbox refused the mkdir */
                char joined[SBX_MATCHED_LINE_MAX + SBX_DENIAL_PATH_MAX + 2], host[SBX_DENIAL_PATH_MAX];
                size_t b, e;

                if (pend_text(text, sizeof(text), s, len, &b, &e) && b == 0 && e > 0 && text[0] == '/' &&
                    e < SBX_DENIAL_PATH_MAX && (text[e] = '\0', c->host_dir_missing) && !dialect_dev_proc(c, text) &&
                    host_name(c, text, e, host) && !dialect_dev_proc(c, host) &&
                    !beneath_any(host, c->granted, c->n_granted)) {
                        snprintf(joined, sizeof(joined), "%s %.*s", c->pend_line, (int) e, text);
                        pend_commit(c, joined, joined + strlen(c->pend_line) + 1, e);
                } else
                        c->pend = false; /* no denial: neither counted nor kept */
                return;
        }
        if (c->pend_indented) {
                /* CMake's: one blank line, then an absolute name alone, indented */
                size_t b, e;

                if (pend_text(text, sizeof(text), s, len, &b, &e)) {
                        if (b == e && c->pend_seen++ == 0)
                                return;
                        if (b > 0 && b < e && text[b] == '/' && c->pend_seen == 1) {
                                pend_commit(c, text, text + b, e - b);
                                return;
                        }
                }
                pend_commit(c, NULL, NULL, 0);
                return;
        }
        if (copy_evidence(text, sizeof(text), s, len) == len && len > pl && memcmp(text, c->pend_prefix, pl) == 0) {
                tl = strlen(text);
                while (w < tl && sbx_ascii_alpha((unsigned char) text[w]))
                        w++;
                if (w > pl && w < tl && text[w] == ' ') {
                        if (w - pl == 4 && memcmp(text + pl, c->pend_link ? "dest" : "path", 4) == 0) {
                                size_t a = w + 1, e = tl;

                                while (e > a && (text[e - 1] == ' ' || text[e - 1] == '\t'))
                                        e--;
                                pend_commit(c, text, text + a, e - a);
                                return;
                        }
                        if (strcasestr(text + w, "spawn") || strcasestr(text + w, "exec"))
                                c->pend_run = true;
                        if (w - pl == 7 && memcmp(text + pl, "syscall", 7) == 0 &&
                            (strcmp(text + w + 1, "symlink") == 0 || strcmp(text + w + 1, "link") == 0))
                                c->pend_link = true;
                        if (++c->pend_seen < 4)
                                return;
                }
        }
        pend_commit(c, NULL, NULL, 0);
}

/* Whether the absolute path p is the sandbox's own /dev or /proc, or lies beneath them. */
static bool in_sandbox_dev_proc(const char *p) {
        return strncmp(p, "/dev", 4) == 0 ? p[4] == '/' || p[4] == '\0'
                                           : strncmp(p, "/proc", 5) == 0 && (p[5] == '/' || p[5] == '\0');
}

/* in_sandbox_dev_proc() of a file a command's argv or line names that it writes (argv_output_line(),
 * cmake_e_line(), javac_dir_line(), CMake's build tree), as c's dialect tells the backend: under
 * Landlock /dev is the host's, and its /dev/shm a host directory (a tmpfs anyone may make a name
 * in) whose writes the launcher refuses in both modes; not the sandbox's own (left54b: as root in
 * read-only under Landlock, `curl -so /dev/shm/x URL` read task_failure::23, `sh -c 'echo >
 * /dev/shm/x'` denied; left55: `javac -d /dev/shm/x C.java` and `cmake -B /dev/shm/b` alike).
 * Under bubblewrap /dev is a tmpfs of the sandbox's own, its /dev/shm the temp area. */
static bool dialect_dev_proc(const struct sbx_classifier *c, const char *p) {
        if (c->d && c->d->name && strcmp(c->d->name, "landlock") == 0 && strncmp(p, "/dev/shm/", 9) == 0)
                return false;
        return in_sandbox_dev_proc(p);
}

/* A line of a fifo-denial signature and of no denial signature (bwrap's `Permission denied`):
 * a denial where the path it names, made absolute, is a named pipe on the host that the host lets
 * the command open (host_fifo), outside the granted directories and the sandbox's own /dev and
 * /proc, where the launcher refuses no write (there, and where the host refuses it or the file is
 * none, EACCES is the host's own permission: the task's). Counted and kept as a denial line is. */
/* Whether the name `path`, as printed, follows "cannot create " or "can't create " in
 * text[0..end): dash's and ash's failed redirection of output (an open for writing, O_CREAT); or
 * whether text holds "cannot create regular file " (cp's, install's destination, which they open
 * for writing alone). */
static bool created_before(const char *text, size_t end, const char *path) {
        static const char *const phrases[] = { "cannot create ", "can't create " };
        size_t pl = strlen(path);
        const char *at = NULL;

        /* cp's line names its destination alone, quoted as GNU quotes it ('/tmp/a'$'\n''b') */
        if (memmem(text, end, "cannot create regular file ", 27))
                return true;
        if (pl == 0)
                return false; /* (an empty needle is found everywhere: the loop below never ends) */

        for (const char *q = text; (q = memmem(q, (size_t) (text + end - q), path, pl)); q++)
                at = q;
        for (size_t i = 0; at && i < SBX_ELEMENTSOF(phrases); i++) {
                size_t k = strlen(phrases[i]);

                if ((size_t) (at - text) >= k && memcmp(at - k, phrases[i], k) == 0)
                        return true;
        }
        return false;
}

/* The word that the `>` at *at of a shell script redirects output into (past `>>` or `>|`, then
 * blanks), or NULL: a `>` within quotes, escaped or in a comment (lex, of script_lex()), or `>&`
 * of a descriptor (`>&2`, `2>&1`: its copy; `>&-`: its close). bash's `>&WORD` of any other word
 * is `&> WORD`, output into the file WORD (review49: as nobody, `echo x >& F` of root's 0622 file
 * F, which the host lets nobody write, read as a run of F after `&` and the host's refusal of it,
 * no denial). *at is moved past the operator, where the next `>` is looked for. */
static const char *redirect_word(const char *script, const unsigned char *lex, const char **at) {
        const char *op = *at, *p = op + 1, *w;
        size_t d;

        if (lex[op - script] != LEX_CODE) {
                *at = p;
                return NULL;
        }
        if (*p == '>' || *p == '|')
                p++;
        *at = p;
        if (*p != '&')
                return p + strspn(p, " \t");
        if (p != op + 1) /* `>>&`, `>|&`: none of bash's operators */
                return NULL;
        *at = p + 1;
        w = p + 1 + strspn(p + 1, " \t");
        d = strspn(w, "0123456789");
        /* a descriptor's number: digits alone, to the word's end (`>& 1f` writes the file 1f;
         * review50: as nobody, `cat < 1f; echo x >& 1f` of root's 0622 file read as the read
         * alone, task_failure) */
        if (d > 0 && (!w[d] || strchr(" \t\n;&|<>()", w[d])))
                return NULL;
        return *w && *w != '-' && !strchr("\n;&|<>()", *w) ? w : NULL;
}

/* The word of the shell script that starts at w (a redirection's, redirect_word()) compared with
 * name, its quotes removed as the shell removes them (`/x/'f'`, `"/x/"f`, `/x/\f` are /x/f): 1
 * the same, 0 another, -1 where the shell makes the name of more than the word's text (a `$`, a
 * backquote that opens a command's substitution, a glob character, a brace or an extglob's
 * `@(`, `+(`, `!(` (bash expands them in a redirection's word too: `> /x/{f..f}` writes /x/f) or
 * a leading `~` outside single quotes, a backslash within double or ANSI-C quotes): a name the
 * script does not show (review49: `cat < F; echo x > /x/'f'` of F, the write not seen, read as
 * the read of F alone, the host's refusal; review50: `> /x/{f..f}` alike), unless the text before
 * it is not the name's start, which the shell's name then begins with (0; review50b: `> /d/w{o..o}`
 * beside `cat < /x/f` read as a write of /x/f). Name "": -1 for any such word. */
struct backquotes {
        const char *at; /* counted up to here */
        size_t opened;
};

static int shell_word_is(const char *script, const unsigned char *lex, const char *w, const char *name,
                         struct backquotes *bq) {
        const char *n = name;
        char q = '\0'; /* the quote open: '\'', '"', '$' ($'...') */
        bool same = true, same_before = true; /* the name so far; before the last character */

        for (const char *p = w; *p; p++) {
                unsigned char k = lex[p - script];
                char ch = *p;

                if (k == LEX_QUOTE) {
                        if (q == '\0')
                                q = ch;
                        else if (!(q == '$' && ch == '\'' && p[-1] == '$' && lex[p - 1 - script] == LEX_QUOTE))
                                q = '\0';
                        continue;
                }
                /* an extglob's pattern, `@(...)`, `+(...)`, `!(...)` (`?(`, `*(` are globs) */
                if (q == '\0' && k == LEX_CODE && ch == '(' && p > w && strchr("@+!", p[-1]))
                        return same_before || !name[0] ? -1 : 0;
                if (q == '\0' && k == LEX_CODE && strchr(" \t\n;&|<>()", ch))
                        break;
                if (k == LEX_CODE && ch == '`') {
                        /* the script's own backquotes before it: an odd count, it closes one
                         * (counted on from the caller's last word: its words come in order) */
                        if (p < bq->at)
                                bq->at = script, bq->opened = 0;
                        for (; bq->at < p; bq->at++)
                                bq->opened += *bq->at == '`' && lex[bq->at - script] == LEX_CODE;
                        if (bq->opened % 2)
                                break;
                        return same || !name[0] ? -1 : 0;
                }
                if (q == '\0' && k == LEX_OTHER) {
                        if (ch != '\\')
                                break; /* (a comment's '#': no more of the word) */
                        if (!*++p)
                                break;
                        if (*p == '\n')
                                continue;
                        ch = *p;
                } else if (q == '\0' ? strchr("$`*?[{", ch) || (ch == '~' && p == w)
                                      : q != '\'' && strchr(q == '"' ? "$`\\" : "\\", ch))
                        return same || !name[0] ? -1 : 0; /* the rest follows the text before it,
                                                            * which must be the name's (or none) */
                same_before = same;
                same = same && *n == ch;
                if (*n)
                        n++;
        }
        return same && *n == '\0' ? 1 : 0;
}

/* How the shell script redirects output into the word `name` (as the shell printed it): 1 for
 * output alone, `> NAME`, `>> NAME`, `>| NAME` (`&>`, `N>` alike), the word's quotes removed
 * (shell_word_is()); -1 where it opens NAME with `<>` anywhere, for reading and writing (O_RDWR: the host is
 * asked for both; review: as nobody, `echo x <> P` of root's 0622 pipe, which the host refuses,
 * read denied, bash's line and dash's "cannot create X" alike); 0 for none. Not `>&` (a
 * descriptor's copy), nor a `>` within quotes, escaped or in a comment (lex, of script_lex():
 * `echo "a > X"` prints). */
static int script_output_into(const char *script, const unsigned char *lex, const char *name) {
        size_t nl = strlen(name);
        int writes = 0;

        struct backquotes bq = { script, 0 };

        if (!script || !lex || nl == 0)
                return 0;
        for (const char *at = script; (at = strchr(at, '>')); ) {
                bool reads = at > script && at[-1] == '<' && lex[at - 1 - script] == LEX_CODE;
                const char *p = redirect_word(script, lex, &at);

                if (p && shell_word_is(script, lex, p, name, &bq) == 1) {
                        if (reads)
                                return -1;
                        writes = 1;
                }
        }
        return writes;
}

/* Whether the word that starts at w in the shell script stands at a command's place: the
 * script's start, after `;`, `&`, `|`, `(`, `{`, a backquote or a newline (blanks between), or
 * after a word that runs the next, `exec`, `command`, `source`, `.` or a keyword a command
 * follows (`do`, `then`, `else`, `elif`, `if`, `while`, `until`, `!`, `time`), standing at one
 * itself (`then exec X`; 4 deep). Not an argument (`echo do X`). The shell's own text only (lex). */
static bool command_place(const char *script, const unsigned char *lex, const char *w, int depth);

/* The start of the word of the shell script (quoted parts too; lex) that ends right before b: b
 * itself when none does (a blank, an operator or the script's start before it). */
static const char *word_back(const char *script, const unsigned char *lex, const char *b) {
        while (b > script && !(lex[b - 1 - script] == LEX_CODE && strchr(" \t\n;&|()<>`{}", b[-1])))
                b--;
        return b;
}

/* Whether the word o[0..ol) is an option of `exec` (-c, -l, clustered; *ret_named: one ending in
 * -a, whose NAME comes next), `command` or `time` (-p), or `--`. */
static bool runner_option(const char *o, size_t ol, bool *ret_named) {
        *ret_named = false;
        if (ol < 2 || o[0] != '-')
                return false;
        if (ol == 2 && (o[1] == 'p' || o[1] == '-'))
                return true;
        for (size_t i = 1; i < ol; i++)
                if (o[i] != 'c' && o[i] != 'l' && !(o[i] == 'a' && i + 1 == ol))
                        return false;
        *ret_named = o[ol - 1] == 'a';
        return true;
}

/* Whether the word w, after blanks from b on back, follows a runner's options at a command's
 * place (`exec -a NAME X`, `exec -cl X`, `command -p X`, `time -p X`, `exec -- X`; before, X an
 * argument, so root's `exec -a x PIPE` read denied, execve(2) of a pipe refused by the host too):
 * the option word's own place is the runner's (command_place()). */
static bool after_runner_option(const char *script, const unsigned char *lex, const char *b, int depth) {
        const char *o = word_back(script, lex, b);
        bool named;

        if (o == b)
                return false;
        if (runner_option(o, (size_t) (b - o), &named))
                return !named && command_place(script, lex, o, depth + 1);
        /* NAME: the word before it an option ending in -a */
        while (o > script && (o[-1] == ' ' || o[-1] == '\t') && lex[o - 1 - script] == LEX_CODE)
                o--;
        b = o;
        o = word_back(script, lex, b);
        return o < b && runner_option(o, (size_t) (b - o), &named) && named && command_place(script, lex, o, depth + 1);
}

static bool command_place(const char *script, const unsigned char *lex, const char *w, int depth) {
        static const char *const runners[] = { "exec", "command", "source", ".", "do", "then", "else", "elif",
                                               "if", "while", "until", "!", "time" };
        const char *b = w;

        while (b > script && (b[-1] == ' ' || b[-1] == '\t') && lex[b - 1 - script] == LEX_CODE)
                b--;
        if (b == script)
                return true;
        if (lex[b - 1 - script] != LEX_CODE) /* a quoted word before: exec -a's NAME, or an argument */
                return b != w && depth < 4 && after_runner_option(script, lex, b, depth);
        /* (not the `&` of `>&` or `<&`: a redirection's, its word a file or a descriptor) */
        if (strchr(";&|({`\n", b[-1]) &&
            !(b[-1] == '&' && b - 1 > script && (b[-2] == '>' || b[-2] == '<') && lex[b - 2 - script] == LEX_CODE))
                return true;
        if (b == w || depth >= 4) /* within a longer word */
                return false;
        for (size_t i = 0; i < SBX_ELEMENTSOF(runners); i++) {
                size_t rl = strlen(runners[i]);

                if ((size_t) (b - script) >= rl && memcmp(b - rl, runners[i], rl) == 0 && lex[b - rl - script] == LEX_CODE &&
                    (b - rl == script || strchr(" \t\n;&|({`", (b - rl)[-1])) && command_place(script, lex, b - rl, depth + 1))
                        return true;
        }
        return after_runner_option(script, lex, b, depth);
}

/* Whether the shell script runs the word `name` or reads from it: the name starts a command (the
 * script's start, after `;`, `&`, `|`, `(`, `{`, a backquote or a newline, or after `exec`,
 * `command`, `source`, `.` or a keyword a command follows: `do`, `then`, `else`, `elif`, `if`,
 * `while`, `until`, `!`, `time`), or follows `<` (not `<<`, nor `<>`, which writes too). The word
 * unquoted or quoted whole; the shell's own text only, not within quotes, escaped or in a comment
 * (lex, of script_lex(): `echo "cat < X"` prints). The number of places that do. */
static int script_runs_or_reads(const char *script, const unsigned char *lex, const char *name) {
        size_t nl = strlen(name);
        int sites = 0;

        if (!script || !lex || nl == 0)
                return 0;
        for (const char *p = script; (p = strstr(p, name)); p++) {
                bool quoted = p > script && (p[-1] == '\'' || p[-1] == '"') && lex[p - 1 - script] == LEX_QUOTE;
                const char *w = quoted ? p - 1 : p, *e = p + nl, *b = w;

                if (!quoted && lex[p - script] != LEX_CODE)
                        continue;
                if (quoted ? *e != p[-1] : *e != '\0' && !strchr(" \t\n;&|)`", *e))
                        continue;
                while (b > script && (b[-1] == ' ' || b[-1] == '\t') && lex[b - 1 - script] == LEX_CODE)
                        b--;
                if ((b > script && lex[b - 1 - script] == LEX_CODE && b[-1] == '<' && !(b - 1 > script && b[-2] == '<')) ||
                    command_place(script, lex, w, 0))
                        sites++;
        }
        return sites;
}

static bool script_writes_expansion(const char *script, const unsigned char *lex, const char *name);
static bool script_loops(const char *script, const unsigned char *lex);

/* The place p of the shell script's text that holds a name nl bytes long: 0 where it starts a
 * longer word (`./y.bak` of ./y: another file), -1 where the shell does not read it as a word of
 * its own (within quotes with more, a comment, a nested script: `bash -c 'echo > X'`), 1 for a
 * word of its own, unquoted or quoted whole: its start in *ret_w, and before the blanks before
 * it in *ret_b. */
static int name_site(const char *script, const unsigned char *lex, const char *p, size_t nl, const char **ret_w,
                     const char **ret_b) {
        bool quoted = p > script && (p[-1] == '\'' || p[-1] == '"') && lex[p - 1 - script] == LEX_QUOTE;
        const char *w = quoted ? p - 1 : p, *e = p + nl, *b = w;

        if (*e != '\0' && !strchr(" \t\n;&|)`'\"", *e))
                return 0;
        if (quoted ? *e != p[-1] : lex[p - script] != LEX_CODE || *e == '\'' || *e == '"')
                return -1;
        while (b > script && (b[-1] == ' ' || b[-1] == '\t') && lex[b - 1 - script] == LEX_CODE)
                b--;
        *ret_w = w;
        *ret_b = b;
        return 1;
}

/* Whether the shell script names the word `name` only to run it as a command (reads false) or
 * only to read it with `< X` (reads true): every place its text holds the name (quoted parts,
 * comments and nested scripts too: `bash -c 'echo > X'`) is one of script_runs_or_reads()'s
 * places, of that kind (a run at a command's place, but the `.` or `source` of it, a read, which
 * root's dropped capabilities may refuse; a read after a `<` that is no `<<` nor `<>`), and the
 * script redirects output neither into it nor into an expansion; for a run, it neither loops nor
 * defines a function nor evals (script_loops(): a line each run, a write its text need not show).
 * Then a shell's line naming X alone tells of that run, or of that read. */
static bool script_only_uses(const char *script, const unsigned char *lex, const char *name, bool reads) {
        size_t nl = strlen(name);

        if (!script || !lex || nl == 0 || script_runs_or_reads(script, lex, name) == 0 ||
            script_output_into(script, lex, name) != 0 || script_writes_expansion(script, lex, name) ||
            (!reads && script_loops(script, lex)))
                return false;
        for (const char *p = script; (p = strstr(p, name)); p++) {
                const char *w, *b, *o;
                bool after_lt;
                int site = name_site(script, lex, p, nl, &w, &b);

                if (site <= 0) {
                        if (site < 0)
                                return false;
                        continue;
                }
                after_lt = b > script && lex[b - 1 - script] == LEX_CODE && b[-1] == '<';
                if (reads) {
                        if (!after_lt || (b - 1 > script && b[-2] == '<'))
                                return false;
                        continue;
                }
                if (after_lt || !command_place(script, lex, w, 0))
                        return false;
                o = word_back(script, lex, b);
                if (o < b && ((b - o == 1 && *o == '.') || (b - o == 6 && memcmp(o, "source", 6) == 0)))
                        return false;
        }
        return true;
}

/* For a shell's line naming X alone: whether it is one of the script's runs of X, where the script
 * only runs X (script_only_uses()), the lines counted: the shell prints one a failed run, so no
 * more than the places its script runs X (script_runs_or_reads()). A line more is another
 * shell's, or one of a name the script's text spells apart (`bash -c 'echo > ./'x`, a make
 * recipe bash runs), a write its readers do not see (review51b: as root and as nobody in
 * read-only mode under Landlock, `./x; bash -c 'echo y > ./'x` of the user's own 0644 file read
 * task_failure, both lines taken for the host's refusal of the run). */
static bool shell_run_line(struct sbx_classifier *c, const char *path) {
        struct shell_run_lines *e;
        size_t i;

        for (i = 0; i < c->n_shell_runs && strcmp(c->shell_runs[i].name, path) != 0; i++)
                ;
        e = &c->shell_runs[i];
        if (i == c->n_shell_runs) {
                if (i == SBX_ELEMENTSOF(c->shell_runs) || strlen(path) >= sizeof(e->name))
                        return false; /* (a ninth name: not told, the sandbox's) */
                memcpy(e->name, path, strlen(path) + 1);
                e->runs = script_only_uses(c->script, c->script_lex, path, false)
                                  ? script_runs_or_reads(c->script, c->script_lex, path)
                                  : 0;
                c->n_shell_runs++;
        }
        if (e->runs <= 0)
                return false;
        if (e->lines < UINT_MAX)
                e->lines++;
        return e->lines <= (unsigned) e->runs;
}

/* Whether the shell script names the word `name` only as a redirection's file: every place its
 * text holds the name (quoted parts, comments and nested scripts too) is the shell's own word
 * after `<` (no `<<`), `<>`, `>`, `>>`, `>|` or `>&`, and at least one is. Then a shell's line
 * naming X alone tells of an open of it, no run (`f=X; $f` names it in an assignment: no). */
static bool script_only_opens(const char *script, const unsigned char *lex, const char *name) {
        size_t nl = strlen(name);
        bool any = false;

        if (!script || !lex || nl == 0)
                return false;
        for (const char *p = script; (p = strstr(p, name)); p++) {
                const char *w, *b;
                int site = name_site(script, lex, p, nl, &w, &b);

                if (site <= 0) {
                        if (site < 0)
                                return false;
                        continue;
                }
                /* (the operator may be the script's first byte: `>X cmd`; review55: before, the
                 * name read as no redirection's, the link recorded) */
                bool two = b - 1 > script;

                if (b <= script || lex[b - 1 - script] != LEX_CODE || (two && lex[b - 2 - script] != LEX_CODE))
                        return false;
                if (!(b[-1] == '<' || b[-1] == '>' || (two && (b[-1] == '|' || b[-1] == '&') && b[-2] == '>')) ||
                    (two && b[-1] == '<' && b[-2] == '<'))
                        return false;
                any = true;
        }
        return any;
}

/* Whether the shell script may run a command more than once or write a name it does not show:
 * a loop (`for`, `while`, `until`, `select`, a word of its own text), a function, `eval`, or an
 * output redirection into an expansion (`> $f`, `> "$F"`, `> $(...)`, a backquote). */
static bool script_loops(const char *script, const unsigned char *lex) {
        static const char *const words[] = { "for", "while", "until", "select", "function", "eval" };

        for (const char *p = script; *p; p++) {
                if (lex[p - script] != LEX_CODE || (p > script && !strchr(" \t\n;&|({`", p[-1])))
                        continue;
                for (size_t i = 0; i < SBX_ELEMENTSOF(words); i++) {
                        size_t k = strlen(words[i]);

                        if (strncmp(p, words[i], k) == 0 && (p[k] == '\0' || strchr(" \t\n;&|()", p[k])))
                                return true;
                }
                if (p[0] == '(' && p[1] == ')')
                        return true;
        }
        return false;
}

/* Whether the shell script runs or reads an expansion, a name it does not show: `$f`, `"$F"`,
 * `$(...)` or a backquote at a command's place (command_place()) or after `<`. */
static bool script_uses_expansion(const char *script, const unsigned char *lex) {
        for (const char *p = script; *p; p++) {
                const char *b = p;

                if ((*p != '$' && *p != '`' && *p != '"') || lex[p - script] == LEX_QUOTED || lex[p - script] == LEX_OTHER)
                        continue;
                if (*p == '"' && p[1] != '$' && p[1] != '`')
                        continue;
                while (b > script && (b[-1] == ' ' || b[-1] == '\t'))
                        b--;
                if ((b > script && lex[b - 1 - script] == LEX_CODE && b[-1] == '<') || command_place(script, lex, p, 0))
                        return true;
        }
        return false;
}

/* Whether the shell script redirects output into an expansion, a name it does not show: `> $f`,
 * `>> "$F"`, `> $(...)`, `` > `...` `` (a `>` of its own text, not `>&`), that may be name (the
 * text before the expansion its start: shell_word_is()). */
static bool script_writes_expansion(const char *script, const unsigned char *lex, const char *name) {
        struct backquotes bq = { script, 0 };

        for (const char *at = script; (at = strchr(at, '>')); ) {
                const char *p = redirect_word(script, lex, &at);

                if (p && shell_word_is(script, lex, p, name, &bq) < 0)
                        return true;
        }
        return false;
}

/* The program the line text[0..end) is of: its first field, before ": ", past its last '/' (its
 * length into *len); NULL when the line has no such field. */
static const char *line_program(const char *text, size_t end, size_t *len) {
        size_t k = strcspn(text, ":");
        const char *prog;

        if (k >= end || text[k + 1] != ' ')
                return NULL;
        prog = memrchr(text, '/', k);
        prog = prog ? prog + 1 : text;
        *len = (size_t) (text + k - prog);
        return prog;
}

/* Whether the line text[0..end) is of the program `name` (line_program()). */
static bool line_program_is(const char *text, size_t end, const char *name) {
        size_t len;
        const char *prog = line_program(text, end, &len);

        return prog && len == strlen(name) && memcmp(prog, name, len) == 0;
}

/* Whether the line text[0..end) is one of tee's (its first field, the program, tee): tee opens
 * its files for writing alone ("tee: X: ...", BusyBox's "tee: can't open 'X': ..."). */
static bool tee_line(const char *text, size_t end) {
        return line_program_is(text, end, "tee");
}

/* Whether the line text[0..ss) is GNU sort's "sort: open failed: X: " (its program's first field
 * sort): the open of its -o file, O_WRONLY|O_CREAT, made before it reads a line (its inputs'
 * failures are "cannot read: X"). */
static bool sort_output_line(const char *text, size_t ss) {
        static const char phrase[] = ": open failed: ";
        size_t k = strcspn(text, ":");

        return k < ss && line_program_is(text, ss, "sort") && ss - k > sizeof(phrase) - 1 &&
               memcmp(text + k, phrase, sizeof(phrase) - 1) == 0;
}

/* Whether the line text[0..end) is one of a program's that opens every file it names for reading
 * alone (its first field, the program: cat, wc, grep, a checksum's, ...), so that its "PROG: X:
 * ..." tells of a read. Not uniq's, shuf's or xxd's, whose "PROG: X: ..." may be of their output
 * file, nor tee's, nor a shell's running a script file of that name, its line number after it
 * ("./cat: line 1: X: ...", bash's; review: as nobody under Landlock, `bash ./cat` whose script
 * writes root's 0622 file read as the host's refusal of a read). */
static bool reader_line(const char *text, size_t end) {
        static const char *const readers[] = { "cat",       "nl",        "wc",        "grep",      "egrep",
                                               "fgrep",     "zcat",      "cut",       "paste",     "join",
                                               "comm",      "md5sum",    "sha1sum",   "sha224sum", "sha256sum",
                                               "sha384sum", "sha512sum", "b2sum",     "cksum",     "sum",
                                               "od",        "base32",    "base64",    "basenc",    "fold",
                                               "expand",    "unexpand",  "strings",   "diff",      "cmp" };
        size_t k = strcspn(text, ":"), pl;
        const char *prog = line_program(text, end, &pl);

        if (!prog)
                return false;
        /* "PROG: line N: ", "PROG: N: ": a shell's script file named PROG */
        for (const char *f = text + k + 2 + (strncmp(text + k + 2, "line ", 5) == 0 ? 5 : 0); isdigit((unsigned char) *f); f++)
                if (f[1] == ':')
                        return false;
        for (size_t i = 0; i < SBX_ELEMENTSOF(readers); i++)
                if (strlen(readers[i]) == pl && memcmp(prog, readers[i], pl) == 0)
                        return true;
        return false;
}

/* Whether the line text[0..ss) is coreutils' touch's of a file whose times it could not set (its
 * first field, the program, touch): "touch: cannot touch 'X'" (its open for writing failed, then
 * utimensat(2) too; the errno printed is the open's, not the times') or "touch: setting times of
 * 'X'" (no open: -c, -h, a directory). */
static bool touch_line(const char *text, size_t ss) {
        const char *rest = text + strcspn(text, ":") + 2;

        if (!line_program_is(text, ss, "touch"))
                return false;
        return strncmp(rest, "cannot touch ", 13) == 0 || strncmp(rest, "setting times of ", 17) == 0;
}

/* What the host answers of setting the times of path (a name of touch's line, touch_line(), as
 * printed), as the argv's touch sets them (touch_how; a symlink not followed asked of itself: its
 * directory's host name and its own; not told: the current time, either way, the one the host
 * lets): host_sets_times()'s 1 it would (whatever its open for writing met), 0 it refuses them
 * too, -1 not told. */
static int host_touch_times_how(const struct sbx_classifier *c, const char *path, unsigned how) {
        char host[SBX_DENIAL_PATH_MAX];
        bool told;

        /* -h: the link itself, its directory resolved, its name kept */
        told = how & SBX_TOUCH_NO_DEREF ? host_name_unfollowed(c, path, host) : host_name(c, path, strlen(path), host);
        if (!told)
                return -1;
        return c->host_sets_times(c->resolve_userdata, host, how);
}

static int host_touch_times(const struct sbx_classifier *c, const char *path) {
        int deref, link;

        if (!c->host_sets_times || !path[0])
                return -1;
        if (c->touch_how & SBX_TOUCH_READ)
                return host_touch_times_how(c, path, c->touch_how);
        /* not told (a touch of a script's, an option abbreviated: `--no-deref`): the current time,
         * of the name followed or not; where either way the host lets it, the sandbox refused it
         * (review50: as nobody, `touch --no-deref L` and `sh -c 'touch -h L; false'` of L, a
         * symlink to root's 0600 file, were asked of the target alone and read task_failure,
         * no denial, under both backends) */
        deref = host_touch_times_how(c, path, 0);
        link = host_touch_times_how(c, path, SBX_TOUCH_NO_DEREF);
        return deref > 0 || link > 0 ? 1 : deref == 0 && link == 0 ? 0 : -1;
}

static bool host_lets_touch(const struct sbx_classifier *c, const char *path) {
        return host_touch_times(c, path) > 0;
}

/* Whether a fifo-denial signature is EPERM's text, "Operation not permitted", which tells of
 * touch's line alone: touch prints its open's errno, and an open for writing (without O_APPEND)
 * of an append-only file (chattr +a) is EPERM on the host too, where touch goes on to set the
 * current time, which the kernel lets anyone who may write the file, root and the owner, but the
 * sandbox refuses (the read-only bind's EROFS, the read-only launcher's filter), unprinted. A
 * line of EPERM tells of no host named pipe (bwrap's launcher refuses one with EACCES) nor of the
 * mode bits that root's capabilities pass (EACCES too). Pure. */
static bool fifo_sig_touch_only(const char *sig) {
        return strcasecmp(sig, "Operation not permitted") == 0;
}

/* Whether the line text[0..tl), its signature at [ss, se), is wget's "X: E" of its -O file X
 * (wget_output, read from the argv), printed as given: X made absolute is that file, nothing
 * after the signature (review55: `wget -q -O f URL`, a name without '/', named none, and as
 * nobody under Landlock in root's directory read denied, the host's refusal too). */
static bool wget_output_line(const struct sbx_classifier *c, const char *text, size_t tl, size_t ss, size_t se) {
        char name[SBX_DENIAL_PATH_MAX];

        if (!c->wget_output[0] || ss < 3 || se != tl || text[ss - 2] != ':' || text[ss - 1] != ' ' ||
            ss - 2 >= sizeof(name) || memchr(text, '\0', ss))
                return false;
        memcpy(name, text, ss - 2);
        name[ss - 2] = '\0';
        absolute_path(c, name, sizeof(name));
        return name[0] == '/' && strcmp(name, c->wget_output) == 0;
}

/* Whether the line text[0..ss), its signature at ss, is glibc's iconv's "iconv: cannot open output
 * file: " (its program's first field iconv), which names no file. */
static bool iconv_output_line(const char *text, size_t ss) {
        static const char phrase[] = ": cannot open output file: ";
        size_t k = strcspn(text, ":");
        const char *prog = memrchr(text, '/', k);

        prog = prog ? prog + 1 : text;
        return k < ss && (size_t) (text + k - prog) == 5 && memcmp(prog, "iconv", 5) == 0 &&
               ss - k == sizeof(phrase) - 1 && memcmp(text + k, phrase, sizeof(phrase) - 1) == 0;
}

/* Whether the line text[0..ss), its signature at ss, is 7-Zip's "errno=N : " (the line after
 * the archive's name) or jar's "java.io.IOException: " (its FileOutputStream's), alone: neither
 * names a file. */
static bool archive_output_line(const char *text, size_t ss) {
        static const char jar[] = "java.io.IOException: ";
        size_t i = 6;

        if (ss == sizeof(jar) - 1 && memcmp(text, jar, ss) == 0)
                return true;
        if (ss < 10 || memcmp(text, "errno=", 6) != 0)
                return false;
        while (i < ss && isdigit((unsigned char) text[i]))
                i++;
        return i > 6 && i + 3 == ss && memcmp(text + i, " : ", 3) == 0;
}

/* Whether the line text[0..ss), its signature at ss, is ssh-keygen's "mkstemp: " alone (its
 * known_hosts' new copy not made), which names no file. */
static bool keygen_mkstemp_line(const char *text, size_t ss) {
        return ss == 9 && memcmp(text, "mkstemp: ", 9) == 0;
}

/* Whether the line text[0..ss) is dd's "failed to open 'X'" (its program's first field dd), and
 * of which of its files, as the argv tells (dd_output, its of=): 1 the of=, opened for writing
 * alone; -1 another, its if=, opened for reading (its line is the same); 0 not dd's line, or not
 * told (no of= read; `sbx classify`, which reads no argv). */
static int dd_open_of(const struct sbx_classifier *c, const char *text, size_t ss, const char *path) {
        char abs[SBX_DENIAL_PATH_MAX];
        size_t k = strcspn(text, ":");
        const char *prog, *phrase = strstr(text, ": failed to open ");

        if (!c->dd_output[0] || k >= ss || !phrase || (size_t) (phrase - text) >= ss || strlen(path) >= sizeof(abs))
                return 0;
        prog = memrchr(text, '/', k);
        prog = prog ? prog + 1 : text;
        if (text + k - prog != 2 || memcmp(prog, "dd", 2) != 0)
                return 0;
        memcpy(abs, path, strlen(path) + 1);
        absolute_path(c, abs, sizeof(abs));
        return strcmp(abs, c->dd_output) == 0 ? 1 : -1;
}

/* Whether the line text[0..ss) (ss its signature's start) is GNU ar's or ranlib's of the archive
 * its argv writes (bfd_output), path its name as printed: "PROG: X: " (ar's open of a new archive,
 * O_RDWR|O_CREAT|O_TRUNC) or "PROG: unable to copy file 'X'; reason: " (binutils 2.40's copy of
 * the temporary archive back into X, O_WRONLY|O_TRUNC, where X is no regular file of its own: a
 * link), both opens that follow X's symlinks. */
static bool bfd_archive_open_line(const struct sbx_classifier *c, const char *text, size_t ss, const char *path) {
        static const char copy[] = "unable to copy file '", reason[] = "'; reason: ";
        char abs[SBX_DENIAL_PATH_MAX];
        size_t len, pl = strlen(path), at;
        const char *prog = line_program(text, ss, &len);

        if (!c->bfd_output[0] || !prog || !((len == 2 && memcmp(prog, "ar", 2) == 0) ||
                                            (len == 6 && memcmp(prog, "ranlib", 6) == 0)))
                return false;
        at = (size_t) (prog - text) + len;
        if (at + 2 > ss || memcmp(text + at, ": ", 2) != 0 || pl == 0 || pl >= sizeof(abs))
                return false;
        at += 2;
        if (!(ss - at == pl + 2 && memcmp(text + at, path, pl) == 0 && memcmp(text + ss - 2, ": ", 2) == 0) &&
            !(ss - at == sizeof(copy) - 1 + pl + sizeof(reason) - 1 && memcmp(text + at, copy, sizeof(copy) - 1) == 0 &&
              memcmp(text + at + sizeof(copy) - 1, path, pl) == 0 &&
              memcmp(text + ss - (sizeof(reason) - 1), reason, sizeof(reason) - 1) == 0))
                return false;
        memcpy(abs, path, pl + 1);
        absolute_path(c, abs, sizeof(abs));
        return strcmp(abs, c->bfd_output) == 0;
}

/* Whether the line text[0..ss) is GNU cp's "cp: cannot create regular file 'X': " of its
 * destination: an open for writing of X, which follows its symlinks (cp refuses a dangling one
 * itself, "not writing through dangling symlink", before any open). */
static bool cp_create_line(const char *text, size_t ss) {
        static const char phrase[] = "cannot create regular file '";
        size_t len;
        const char *prog = line_program(text, ss, &len);

        return prog && len == 2 && memcmp(prog, "cp", 2) == 0 && (size_t) (prog - text) + 4 + sizeof(phrase) - 1 < ss &&
               memcmp(prog + 2, ": ", 2) == 0 && memcmp(prog + 4, phrase, sizeof(phrase) - 1) == 0;
}

/* The arguments of the call whose '(' is at s[open] in s[0..n): each one's start and length, blanks
 * trimmed, into at[] and al[] (up to max): split at the commas outside inner brackets and string
 * literals. Returns their number, or -1 when the call does not close on s. */
static int call_args(const unsigned char *s, size_t n, size_t open, size_t *at, size_t *al, int max) {
        int depth = 0, k = 0;
        unsigned char quote = 0;
        size_t start = open + 1;

        for (size_t i = open + 1; i < n; i++) {
                unsigned char ch = s[i];

                if (quote) {
                        if (ch == '\\')
                                i++;
                        else if (ch == quote)
                                quote = 0;
                } else if (ch == '\'' || ch == '"')
                        quote = ch;
                else if (ch == '(' || ch == '[' || ch == '{')
                        depth++;
                else if ((ch == ')' || ch == ']' || ch == '}') && depth > 0)
                        depth--;
                else if ((ch == ',' && depth == 0) || ch == ')') {
                        size_t b = start, e = i;

                        while (b < e && (s[b] == ' ' || s[b] == '\t'))
                                b++;
                        while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
                                e--;
                        if (k < max && e > b) {
                                at[k] = b;
                                al[k++] = e - b;
                        }
                        if (ch == ')')
                                return k;
                        start = i + 1;
                }
        }
        return -1;
}

/* Whether an argument of an open call, a[0..n), is a mode that opens for writing alone: a string
 * literal of 'w', 'a' or 'x' with 'b' or 't' ("wb", 'a'), not 'r' nor '+' (read too), or, of
 * os.open(), flags that hold O_WRONLY. */
static bool write_only_mode(const unsigned char *a, size_t n, bool flags) {
        bool w = false;

        if (flags)
                return memmem(a, n, "O_WRONLY", 8) && !memmem(a, n, "O_RDWR", 6);
        if (n >= 5 && memcmp(a, "mode=", 5) == 0)
                a += 5, n -= 5;
        if (n < 3 || (a[0] != '\'' && a[0] != '"') || a[n - 1] != a[0])
                return false;
        for (size_t i = 1; i + 1 < n; i++) {
                if (a[i] == 'w' || a[i] == 'a' || a[i] == 'x')
                        w = true;
                else if (a[i] != 'b' && a[i] != 't')
                        return false;
        }
        return w;
}

/* One frame of a Python traceback ("File "F", line N, in FUNC"): its file's name, line number
 * and function, and the source line it shows (src NULL: none). */
struct py_frame {
        const unsigned char *file, *func, *src;
        size_t fl, fnl, sl;
        unsigned long line;
};

/* Reads the frame's own line l[0..n) (blanks trimmed) into f, its source none. */
static bool py_frame_header(const unsigned char *l, size_t n, struct py_frame *f) {
        const unsigned char *q, *p, *e = l + n;

        if (n < 7 || memcmp(l, "File \"", 6) != 0 || !(q = memmem(l + 6, n - 6, "\", line ", 8)))
                return false;
        *f = (struct py_frame) { .file = l + 6, .fl = (size_t) (q - l - 6) };
        for (p = q + 8; p < e && isdigit(*p) && f->line < 100000000; p++)
                f->line = f->line * 10 + (unsigned long) (*p - '0');
        if (p == q + 8 || (size_t) (e - p) < 6 || memcmp(p, ", in ", 5) != 0)
                return false;
        f->func = p + 5;
        f->fnl = (size_t) (e - p - 5);
        return true;
}

/* The frames of the Python traceback that ends right before the line being ended (the window
 * look_window() filled, win[0..end)), the last first, into f[0..max): their number. *ret_whole:
 * its head ("Traceback (most recent call last):") was reached, every frame read; *ret_strings:
 * then, how many frames are of code from a string ("<string>": python -c's, exec()'s). A caret
 * line (3.11 on: "^^^^", "~~~^^^") is skipped; a line of another shape ends the walk, not whole. */
static int python_frames(const unsigned char *win, size_t end, bool partial, struct py_frame *f, int max,
                         bool *ret_whole, int *ret_strings) {
        const unsigned char *ls, *src = NULL;
        size_t ll, sl = 0;
        int n = 0, strings = 0;

        *ret_whole = false;
        *ret_strings = 0;
        while (line_before(win, &end, partial, &ls, &ll)) {
                struct py_frame fr;
                bool carets = true;

                for (size_t i = 0; i < ll && carets; i++)
                        carets = ls[i] == '^' || ls[i] == '~' || ls[i] == ' ';
                if (carets && !src)
                        continue;
                if (ll == 34 && memcmp(ls, "Traceback (most recent call last):", 34) == 0) {
                        *ret_whole = !src;
                        *ret_strings = strings;
                        return n;
                }
                if (py_frame_header(ls, ll, &fr)) {
                        fr.src = src;
                        fr.sl = sl;
                        src = NULL;
                        strings += fr.fl == 8 && memcmp(fr.file, "<string>", 8) == 0;
                        if (n < max)
                                f[n++] = fr;
                        else if (strings > 1)
                                break;
                } else if (!src) {
                        src = ls;
                        sl = ll;
                } else
                        break;
        }
        return n;
}

/* Whether a perl script holds a line directive, a line `# line N` (`#line N`, blanks before it
 * too): perl numbers the lines after it from N, so its die's "at -e line N." names no line of the
 * text (review: as nobody, `# line 3` before a read of root's 0622 pipe and a write of it on the
 * third line read denied, the host's refusal of the read). */
static bool perl_line_directive(const char *p) {
        for (;;) {
                const char *s = p + strspn(p, " \t");

                if (*s == '#' && strncmp(s + 1 + strspn(s + 1, " \t"), "line", 4) == 0)
                        return true;
                if (!(p = strchr(p, '\n')))
                        return false;
                p++;
        }
}

/* The line number `line` (from 1) of an inline script of lang, its blanks trimmed, into *ls,
 * *ll; false when there is none or it is blank, or the language's numbers are not the text's
 * (a perl line directive). Python's lines end at "\n", "\r\n" and a lone "\r" alike (review:
 * `x=0<CR>open(P)<LF>open(P, "w")` fails on its line 2, the read, which was read as the write
 * after the "\n"), perl's at "\n" alone. */
static bool script_line(const char *p, enum sbx_inline_lang lang, unsigned long line, const unsigned char **ls,
                        size_t *ll) {
        const char *ends = lang == SBX_INLINE_PYTHON ? "\r\n" : "\n";
        size_t n;

        if (line == 0 || (lang == SBX_INLINE_PERL && perl_line_directive(p)))
                return false;
        for (unsigned long i = 1; i < line; i++) {
                p += strcspn(p, ends);
                if (!*p)
                        return false;
                p += p[0] == '\r' && p[1] == '\n' ? 2 : 1;
                if (!*p)
                        return false;
        }
        n = strcspn(p, ends);
        while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
                n--;
        while (n > 0 && (*p == ' ' || *p == '\t'))
                p++, n--;
        *ls = (const unsigned char *) p;
        *ll = n;
        return n > 0;
}

/* The source line of the frame f into *ls, *ll: the one the traceback shows, else, for the one
 * frame of a whole traceback (whole, strings) of code from a string, its line N of the argv's -c
 * script (the classifier's inline_script); false when there is none. */
static bool python_frame_source(const struct sbx_classifier *c, const struct py_frame *f, bool whole, int strings,
                                const unsigned char **ls, size_t *ll) {
        const char *p = c->inline_script;

        if (f->src) {
                *ls = f->src;
                *ll = f->sl;
                return true;
        }
        if (!p || c->inline_lang != SBX_INLINE_PYTHON || !whole || strings != 1 || f->fl != 8 ||
            memcmp(f->file, "<string>", 8) != 0)
                return false;
        return script_line(p, SBX_INLINE_PYTHON, f->line, ls, ll);
}

/* The next open call on the Python source line ls[0..ll) from p (open(), io.open(), codecs.open(),
 * io.FileIO() (FileIO(), _io.FileIO(); not another object's), os.open(), a method open(), a call
 * of a name of aliases, the builtin open's (python_open_aliases()); not reopen(), os_open()): where the line goes on past its name's "(", NULL when none. Its
 * arguments (call_args(): *ret_k of them at at/al, at most 4; -1 when the call does not close on
 * the line), the one that is its mode (mode=, else the second, a method's the first; SIZE_MAX:
 * none), and whether it is os.open() (its mode its flags) or a method. */
static const unsigned char *python_next_open(const unsigned char *ls, size_t ll, const unsigned char *p, size_t *at,
                                             size_t *al, int *ret_k, size_t *ret_m, bool *ret_os_open, bool *ret_method,
                                             const char *aliases) {
        for (; p < ls + ll; p++) {
                size_t off = (size_t) (p - ls), m = SIZE_MAX, nl = 0;
                bool os_open = false, method = false;
                int k;

                if (off > 0 && (isalnum(p[-1]) || p[-1] == '_'))
                        continue; /* reopen(), os_open( */
                if (ll - off >= 5 && memcmp(p, "open(", 5) == 0) {
                        nl = 4;
                        os_open = off >= 3 && memcmp(p - 3, "os.", 3) == 0 && (off == 3 || !isalnum(p[-4]));
                        method = off > 0 && p[-1] == '.' && !os_open && !(off >= 3 && memcmp(p - 3, "io.", 3) == 0) &&
                                 !(off >= 7 && memcmp(p - 7, "codecs.", 7) == 0);
                } else if (ll - off >= 7 && memcmp(p, "FileIO(", 7) == 0 &&
                           (off == 0 || p[-1] != '.' || (off >= 3 && memcmp(p - 3, "io.", 3) == 0))) {
                        nl = 6; /* io.FileIO(name, mode='r'), _io's, one imported: open()'s arguments */
                } else if (!(off > 0 && p[-1] == '.'))
                        for (const char *a = aliases; a && *a && !nl; a += strlen(a) + 1)
                                if (ll - off > strlen(a) && memcmp(p, a, strlen(a)) == 0 && p[strlen(a)] == '(')
                                        nl = strlen(a);
                if (!nl)
                        continue;
                k = call_args(ls, ll, off + nl, at, al, 4);
                for (int i = 0; i < k; i++)
                        if (al[i] > 5 && memcmp(ls + at[i], "mode=", 5) == 0)
                                m = (size_t) i;
                if (m == SIZE_MAX && k > (method ? 0 : 1))
                        m = method ? 0 : 1;
                *ret_k = k;
                *ret_m = m;
                *ret_os_open = os_open;
                *ret_method = method;
                return p + nl + 1;
        }
        return NULL;
}

/* Whether an argument of an open call, a[0..n), is a mode that opens for reading: a string literal
 * of a mode's letters with 'r' or '+' ('r', "rb", 'w+'), or, of os.open(), flags that hold
 * O_RDONLY or O_RDWR and not O_WRONLY. */
static bool read_mode(const unsigned char *a, size_t n, bool flags) {
        bool r = false;

        if (flags)
                return (memmem(a, n, "O_RDONLY", 8) || memmem(a, n, "O_RDWR", 6)) && !memmem(a, n, "O_WRONLY", 8);
        if (n >= 5 && memcmp(a, "mode=", 5) == 0)
                a += 5, n -= 5;
        if (n < 3 || (a[0] != '\'' && a[0] != '"') || a[n - 1] != a[0])
                return false;
        for (size_t i = 1; i + 1 < n; i++) {
                if (a[i] == 'r' || a[i] == '+')
                        r = true;
                else if (!strchr("wabxtU", a[i]))
                        return false;
        }
        return r;
}

/* Whether the open calls on the Python source line ls[0..ll) all open for writing alone (reads
 * false) or all for reading (reads true), one at least. For writing alone: a call of open()
 * (io.open(), codecs.open()) whose mode, its second argument or mode=, is a literal for writing
 * alone, a method open() (pathlib's Path.open()) whose first one or mode= is, or os.open() with
 * O_WRONLY (write_only_mode()); a call whose mode is not told (a name, none: 'r'), or another
 * open call beside, and it is not: which one failed is not known. For reading: a call of open()
 * without a mode ('r'), a method open() without any argument, or each with a mode read_mode()
 * tells is for reading (os.open() its flags); a mode passed through a name (`open(X, mode)`),
 * another object's open(X) (gzip's, tarfile's), a call that does not close on the line: not
 * told, no read (review: as nobody under Landlock, `open(X, m)` with m 'w' of root's 0622 file,
 * a write the host allows, read as the host's refusal of a read). methods: a method's alone
 * counts (another call is not pathlib's). *ret_mode_name (NULL: not asked): a call passes its
 * mode through the name `mode` (pathlib's own open(): "io.open(self, mode, ...)"). */
static bool python_line_opens_all(const unsigned char *ls, size_t ll, bool methods, bool reads, bool *ret_mode_name,
                                  const char *aliases) {
        const unsigned char *o;
        size_t at[4], al[4], m;
        bool os_open, method;
        int calls = 0, k;

        if (ret_mode_name)
                *ret_mode_name = false;
        for (const unsigned char *p = ls; (o = python_next_open(ls, ll, p, at, al, &k, &m, &os_open, &method, aliases)); p = o) {
                if (methods && !method)
                        return false;
                calls++;
                if (ret_mode_name && m != SIZE_MAX && al[m] == 4 && memcmp(ls + at[m], "mode", 4) == 0)
                        *ret_mode_name = true;
                if (reads ? k < 0 || (m == SIZE_MAX ? os_open : !read_mode(ls + at[m], al[m], os_open && m == 1))
                          : m == SIZE_MAX || !write_only_mode(ls + at[m], al[m], os_open && m == 1))
                        return false;
        }
        return calls > 0;
}

/* Whether the Python exception line text[0..ss) ("...Error: [Errno 13] <signature>: 'X'") came of
 * an open for writing alone, as the source line its traceback shows last tells
 * (python_line_opens_all()); a -c script shows none, its line is read from the argv's script
 * (python_frame_source()). Where that last frame is pathlib's own open(), whose mode passes
 * through a name ("io.open(self, mode, ...)"), the frame that called it tells: its method open()
 * (the user's Path.open('w'), pathlib's write_text()'s "self.open(mode='w', ...)"). Otherwise
 * not told. *ret_reads: the source line that tells (the caller's, past pathlib's own open())
 * opens for reading (python_line_opens_all()). */
/* Whether the frame f is of the script's own code, whose names python_open_aliases() read: the
 * -c script's ("<string>"), or the script file's (its path, made absolute against the cwd and
 * normalized as py_file_name was; review50's module-only rule and left50's script files met: a
 * frame of the file read none). */
static bool python_script_frame(const struct sbx_classifier *c, const struct py_frame *f) {
        char name[SBX_DENIAL_PATH_MAX], abs[SBX_DENIAL_PATH_MAX];

        if (f->fl == 8 && memcmp(f->file, "<string>", 8) == 0)
                return true;
        if (!c->py_file_name[0] || f->fl == 0 || f->fl >= sizeof(name) || memchr(f->file, '\0', f->fl))
                return false;
        memcpy(name, f->file, f->fl);
        name[f->fl] = '\0';
        if (name[0] != '/' && !c->cwd[0])
                return false;
        return sbx_denial_path_join(name[0] == '/' ? NULL : c->cwd, name, abs, sizeof(abs)) > 0 &&
               strcmp(abs, c->py_file_name) == 0;
}

static bool python_source_writes(const struct sbx_classifier *c, const char *text, size_t ss, bool *ret_reads) {
        const char *aliases;
        unsigned char win[LOOK_BACK];
        const unsigned char *ls;
        struct py_frame f[2];
        size_t end, ll;
        bool partial, whole, mode_name;
        int n, strings;

        *ret_reads = false;
        if (!c->look || !memmem(text, ss, "[Errno ", 7))
                return false;
        look_window(c, win, &end, &partial);
        n = python_frames(win, end, partial, f, 2, &whole, &strings);
        if (n < 1 || !python_frame_source(c, &f[0], whole, strings, &ls, &ll))
                return false;
        /* the script's names of open are its own: not a module's line (review50: as nobody, a
         * module's `o(p)`, its o a partial of open for writing, read as the script's `o = open`,
         * a read the host refuses, task_failure) */
        aliases = python_script_frame(c, &f[0]) ? c->py_open_alias : NULL;
        *ret_reads = python_line_opens_all(ls, ll, false, true, NULL, aliases);
        if (python_line_opens_all(ls, ll, false, false, &mode_name, aliases))
                return true;
        /* pathlib's own open(): pathlib.py (3.12 and before), pathlib/_local.py (3.13 on) */
        if (!mode_name || n < 2 || f[0].fnl != 4 || memcmp(f[0].func, "open", 4) != 0 ||
            !((f[0].fl >= 11 && memcmp(f[0].file + f[0].fl - 11, "/pathlib.py", 11) == 0) ||
              memmem(f[0].file, f[0].fl, "/pathlib/", 9)))
                return false;
        if (!python_frame_source(c, &f[1], whole, strings, &ls, &ll))
                return false;
        aliases = python_script_frame(c, &f[1]) ? c->py_open_alias : NULL;
        if (python_line_opens_all(ls, ll, true, false, &mode_name, aliases))
                return true;
        *ret_reads = python_line_opens_all(ls, ll, true, true, NULL, aliases);
        return false;
}

/* The last frame shown of the Python traceback before the exception line text[0..ss) (one of
 * an OSError's: "[Errno N]"), into *f, its names in win (the classifier's look-back window):
 * false where none is shown. */
static bool python_last_frame(const struct sbx_classifier *c, const char *text, size_t ss,
                              unsigned char win[LOOK_BACK], struct py_frame *f) {
        size_t end;
        bool partial, whole;
        int strings;

        if (!c->look || !memmem(text, ss, "[Errno ", 7))
                return false;
        look_window(c, win, &end, &partial);
        return python_frames(win, end, partial, f, 1, &whole, &strings) >= 1;
}

/* Whether the Python exception line text[0..ss) ("...Error: [Errno 13] <signature>: 'X'") was
 * raised by subprocess for the child it started: its traceback's last frame subprocess.py's
 * _execute_child, its source line (when shown) "raise child_exception_type(...)", the errno of
 * the child's execve(2) of X or of its setup before it (chdir to the cwd, X then the cwd), or its
 * _posix_spawn, "os.posix_spawn(...)", the errno of the spawn of X. None is a file effect the
 * sandbox refuses: it grants every exec and chdir, and execve(2) of a named pipe, or of a file
 * without an execute bit, is EACCES everywhere (review: as root, `subprocess.run([PIPE])` read as
 * denied under both backends, a 0644 file under Landlock). */
static bool python_child_exec(const struct sbx_classifier *c, const char *text, size_t ss) {
        static const char file[] = "/subprocess.py";
        unsigned char win[LOOK_BACK];
        struct py_frame f;

        if (!python_last_frame(c, text, ss, win, &f) || f.fl < sizeof(file) - 1 ||
            memcmp(f.file + f.fl - (sizeof(file) - 1), file, sizeof(file) - 1) != 0)
                return false;
        if (f.fnl == 14 && memcmp(f.func, "_execute_child", 14) == 0)
                return !f.src || (f.sl > 27 && memcmp(f.src, "raise child_exception_type(", 27) == 0);
        if (f.fnl == 12 && memcmp(f.func, "_posix_spawn", 12) == 0)
                return !f.src || memmem(f.src, f.sl, "os.posix_spawn(", 15) != NULL;
        return false;
}

/* Whether the Python exception line text[0..ss) ("...Error: [Errno N] <signature>: 'X'") ends a
 * traceback whose last frame is shown and is not subprocess's nor os's (their exec and spawn of a
 * child): Python's own calls on X (open, os.remove, os.rename, os.mkdir, ...) never run it, so the
 * line tells of no run (review: as root under both backends, os.remove of another user's file in
 * the workspace, no execute bit, was asked of its run, which the host refuses root too:
 * task_failure). A line alone (an exception printed by the script) may be a child's: as before. */
static bool python_frame_no_run(const struct sbx_classifier *c, const char *text, size_t ss) {
        static const char *const children[] = { "/subprocess.py", "/os.py" };
        unsigned char win[LOOK_BACK];
        struct py_frame f;

        if (!python_last_frame(c, text, ss, win, &f))
                return false;
        for (size_t i = 0; i < SBX_ELEMENTSOF(children); i++) {
                size_t n = strlen(children[i]);

                if (f.fl >= n && memcmp(f.file + f.fl - n, children[i], n) == 0)
                        return false;
        }
        return true;
}

/* Whether a denial line text[0..tl) (its signature at ss..se) tells of a read of its path (as
 * printed), which the sandbox never refuses: it says so (head's, tail's, cp's "cannot open 'X' for
 * reading", sort's "cannot read: X"; dd's "failed to open 'X'" of another file than its of=, its
 * if=), or it tells of an open of the path alone (opens) by a program that reads every file it
 * names (reader_line(): "cat: X: Permission denied"), or by a shell whose script reads or runs X
 * (`< X`, `<> X`) and redirects output neither into X nor into an expansion, or Python's of an
 * open call its source line tells is for reading (python_source_writes(): `open(X)`,
 * `Path(X).read_text()`). host_refuses() is then asked whether the host lets the command read it
 * too (as nobody under Landlock, `cat X` of root's 0622 file read as denied, the host's refusal).
 * A line that does not tell, the same for a write (uniq's, xxd's output file; a script file's
 * line; `> $f`; `open(X, mode)`), is no read: a write the host allows and the sandbox refused
 * (review: as nobody under Landlock, `bash s.sh` writing root's 0622 file, `uniq in X`, `echo x >
 * $f` read as the host's refusal of a read, no denial recorded). */
/* Whether the message's own words in text[0..ss) say it read ("for reading", "cannot read"): not
 * those of a name it prints (a quoted name, a word starting with '/', the line's path as
 * printed), blanked first (review: `head: cannot open '/x/for reading/y' for writing`-like names
 * read as a read). A line too long to copy says nothing. */
static bool says_read(const char *text, size_t ss, const char *path) {
        char copy[SBX_DENIAL_PATH_MAX * 4 + 1];
        size_t pl = strlen(path);

        if (!memmem(text, ss, "for reading", 11) && !memmem(text, ss, "cannot read", 11))
                return false;
        if (ss >= sizeof(copy))
                return false;
        memcpy(copy, text, ss);
        copy[ss] = '\0';
        sbx_denial_line_names_each_at(text, ss, blank_name, copy);
        /* (the name where it stands alone, not within a word: the file `r` is in "for reading") */
        for (char *q = pl ? memmem(copy, ss, path, pl) : NULL; q; q = memmem(q + 1, ss - (size_t) (q + 1 - copy), path, pl))
                if ((q == copy || !sbx_ascii_alpha((unsigned char) q[-1])) &&
                    (q + pl == copy + ss || !sbx_ascii_alpha((unsigned char) q[pl])))
                        memset(q, ' ', pl);
        return memmem(copy, ss, "for reading", 11) || memmem(copy, ss, "cannot read", 11);
}

static bool perl_die_open(const struct sbx_classifier *c, const char *text, size_t tl, size_t ss, size_t se,
                          bool bare, char *path, size_t size, bool *ret_writes);

/* Whether a denial line text[0..tl) (its signature at ss..se) tells of an open of its path (as
 * printed), no run of it: it says it read (says_read()), it is dd's of its if= or of=, Python's of
 * an open call its source line shows, dash's or ash's failed `< X`, bash's of a script that names
 * X only as a redirection's file (script_only_opens()), or the name alone after a program that opens every file it names for
 * reading (reader_line()) or writing (tee). Such a
 * line's file need not be executable (sbx_denial_line_may_exec() is true of the name alone, as
 * bash prints a failed exec: before, as root in the workspace, `cat f` of another user's 0600
 * file was asked of its run, which the host refuses root too, and read as the host's refusal). */
static bool line_tells_open(const struct sbx_classifier *c, const char *text, size_t tl, size_t ss, size_t se,
                            const char *path, bool opens) {
        bool py_reads;

        return says_read(text, ss, path) || dd_open_of(c, text, ss, path) != 0 ||
               python_source_writes(c, text, ss, &py_reads) || py_reads ||
               sbx_denial_line_shell_opens(text, tl, ss, se, path) || (opens && (reader_line(text, ss) || tee_line(text, ss))) ||
               (sbx_denial_line_shell_names_alone(text, tl, ss, se, path) && script_only_opens(c->script, c->script_lex, path));
}

static bool line_may_read(const struct sbx_classifier *c, const char *text, size_t tl, size_t ss, size_t se,
                          const char *path, bool opens) {
        bool py_reads;
        int out;

        if (says_read(text, ss, path) || dd_open_of(c, text, ss, path) < 0)
                return true;
        if (!python_source_writes(c, text, ss, &py_reads) && py_reads)
                return true;
        /* dash's and ash's failed `< X` ("cannot open X", "can't open X"): an open for reading
         * alone, whatever else the script does with X (review51: as nobody under Landlock, X
         * root's 0622 file, `busybox sh -c 'cat < X'`, whose script sbx does not read, and `dash
         * s.sh` of s.sh's `cat < X` read denied, the host's refusal of the read; `cat < X; echo x
         * > X` counted the read's line a second denial) */
        if (sbx_denial_line_shell_opens(text, tl, ss, se, path))
                return true;
        if (!opens || tee_line(text, ss))
                return false;
        if (reader_line(text, ss))
                return true;
        if (!sbx_denial_line_shell_names_alone(text, tl, ss, se, path))
                return false;
        out = script_output_into(c->script, c->script_lex, path);
        return out < 0 || (out == 0 && script_runs_or_reads(c->script, c->script_lex, path) > 0 &&
                           !script_writes_expansion(c->script, c->script_lex, path));
}

/* Whether s[0..n) is a word of Perl's at s[i..i+k): no name character on either side. */
static bool perl_word_at(const unsigned char *s, size_t n, size_t i, size_t k) {
        return (i == 0 || !(isalnum(s[i - 1]) || s[i - 1] == '_' || s[i - 1] == '$' || s[i - 1] == '@')) &&
               (i + k == n || !(isalnum(s[i + k]) || s[i + k] == '_'));
}

/* One step of a scan of perl text s at s[*i], in or out of a string literal ('...', "..."; its
 * quote in *quote, 0 outside one): true where s[*i] is outside one and no quote; a backslash's
 * next byte within one passed over. */
static bool perl_outside(const unsigned char *s, size_t *i, unsigned char *quote) {
        if (*quote) {
                if (s[*i] == '\\')
                        (*i)++;
                else if (s[*i] == *quote)
                        *quote = 0;
                return false;
        }
        if (s[*i] == '\'' || s[*i] == '"') {
                *quote = s[*i];
                return false;
        }
        return true;
}

/* The one occurrence of the word w in s[0..n) outside string literals ('...', "..."): its
 * offset, or SIZE_MAX when none or several. */
static size_t perl_only_word(const unsigned char *s, size_t n, const char *w) {
        size_t k = strlen(w), at = SIZE_MAX;
        unsigned char quote = 0;

        for (size_t i = 0; i < n; i++) {
                if (!perl_outside(s, &i, &quote))
                        continue;
                if (n - i >= k && memcmp(s + i, w, k) == 0 && perl_word_at(s, n, i, k)) {
                        if (at != SIZE_MAX)
                                return SIZE_MAX;
                        at = i;
                }
        }
        return at;
}

/* The line number of the perl script's one die (inline_script's: the word on one line alone,
 * outside its strings); 0 where it has none or more, or the word elsewhere. */
static unsigned long perl_one_die_line(const struct sbx_classifier *c) {
        const unsigned char *ls;
        unsigned long die_line = 0, n = 0;
        size_t ll;

        if (!c->inline_script || c->inline_lang != SBX_INLINE_PERL)
                return 0;
        for (const char *p = c->inline_script; *p;) {
                size_t len = strcspn(p, "\n");

                n++;
                if (memmem(p, len, "die", 3)) {
                        if (die_line || !script_line(c->inline_script, SBX_INLINE_PERL, n, &ls, &ll) ||
                            perl_only_word(ls, ll, "die") == SIZE_MAX)
                                return 0;
                        die_line = n;
                }
                p += len + (p[len] ? 1 : 0);
        }
        return die_line;
}

/* A Perl string literal a[0..n) without interpolation: '...' without a backslash, "..." without
 * '$', '@' or a backslash; its text into *t, *tl. Or, where var, a scalar alone ($name): *t is
 * the name with its '$'. false otherwise. */
static bool perl_literal(const unsigned char *a, size_t n, bool var, const unsigned char **t, size_t *tl) {
        if (var && n >= 2 && a[0] == '$' && (isalpha(a[1]) || a[1] == '_')) {
                for (size_t i = 1; i < n; i++)
                        if (!isalnum(a[i]) && a[i] != '_')
                                return false;
                *t = a;
                *tl = n;
                return true;
        }
        if (n < 2 || (a[0] != '\'' && a[0] != '"') || a[n - 1] != a[0])
                return false;
        for (size_t i = 1; i + 1 < n; i++)
                if (a[i] == '\\' || a[i] == a[0] || (a[0] == '"' && (a[i] == '$' || a[i] == '@')))
                        return false;
        *t = a + 1;
        *tl = n - 2;
        return true;
}

/* Whether a[0..n) is a file handle of Perl's open: a bareword (F), a scalar ($fh) or one
 * declared there (my $fh). */
static bool perl_handle(const unsigned char *a, size_t n) {
        size_t i = 0;

        if (n > 3 && memcmp(a, "my", 2) == 0 && (a[2] == ' ' || a[2] == '\t'))
                for (i = 3; i < n && (a[i] == ' ' || a[i] == '\t'); i++)
                        ;
        i += i < n && a[i] == '$';
        if (i >= n || !(isalpha(a[i]) || a[i] == '_'))
                return false;
        for (; i < n; i++)
                if (!isalnum(a[i]) && a[i] != '_')
                        return false;
        return true;
}

/* Whether Perl's open mode m[0..n) opens for writing alone: '>' or '>>', layers after it
 * ('>:raw'). *ret_told: it is a mode read at all ('<', '+<', '+>' read too). */
static bool perl_mode_writes(const unsigned char *m, size_t n, bool *ret_told) {
        size_t k = 0;

        while (k < n && k < 2 && m[k] == '>')
                k++;
        *ret_told = true;
        if (k > 0 && (k == n || m[k] == ':'))
                return true;
        *ret_told = n > 0 && (m[0] == '<' || (m[0] == '+' && n > 1 && (m[1] == '<' || m[1] == '>')));
        return false;
}

/* perl's die after an open it failed: the fifo-denial line text[0..ss) (the text before its
 * signature, ss, its end se; the whole line tl long) "MSG: Permission denied at -e line N." of a perl -e
 * script (the argv's, inline_script) whose die that prints it (of line N's) is in a statement of one
 * open and one die, `open(FH, MODE,
 * PATH) or die "MSG: $!"` (`||`; `open FH, ...  or die`; the two-argument `open(FH, ">PATH")`),
 * MODE and PATH literals, or PATH a scalar ($f) that MSG names alone ("$f: $!", "cannot open
 * $f: $!"), MSG's text as the line prints it: the path that open named, into path, and whether
 * its mode writes alone (*ret_writes). false where the line cannot be so told (it is read alone,
 * as before). bare: a die whose MSG holds no "$!" (`or die "cannot write"`), text[0..ss) MSG,
 * ss == se (perl_die_status()). */
/* curl's (--create-dirs) line of a directory it could not make, "D resides on a read-only file
 * system." (EROFS), D as curl printed it from where it runs, into path (size bytes): where the
 * caller read from the argv a curl that makes its output file's directories (curl_output,
 * curl_create_dirs) and D, joined to the cwd, is a directory above that file (left54: a relative
 * D named none; denial-path.c's subject_before() reads an absolute one alone). */
static bool curl_dir_line(const struct sbx_classifier *c, const char *text, size_t tl, size_t ss, size_t se,
                          char *path, size_t size) {
        static const char mid[] = " resides on a ";
        const size_t ml = sizeof(mid) - 1;
        char joined[SBX_DENIAL_PATH_MAX];
        size_t n, jl, e = se;

        if (!c->curl_output[0] || !c->curl_create_dirs || c->lost || ss <= ml ||
            strncasecmp(text + ss - ml, mid, ml) != 0)
                return false;
        if (e < tl && text[e] == '.')
                e++;
        while (e < tl && (text[e] == ' ' || text[e] == '\t' || text[e] == '\r'))
                e++;
        if (e != tl || (n = ss - ml) == 0 || n >= size || memchr(text, '\0', n) || memchr(text, '\n', n))
                return false;
        memcpy(path, text, n);
        path[n] = '\0';
        if (path[0] != '/' && !c->cwd[0])
                return false;
        if (sbx_denial_path_join(path[0] == '/' ? NULL : c->cwd, path, joined, sizeof(joined)) == 0)
                return false;
        jl = strlen(joined);
        return jl < strlen(c->curl_output) && strncmp(c->curl_output, joined, jl) == 0 && c->curl_output[jl] == '/';
}

/* The line's number N of perl's line t[0..tl) "MSG at NAME line N." (NAME the script's,
 * perl_name; spaces or a '\r' after it), MSG's length into *msg_len; 0 where the line is not so. */
static unsigned long perl_at_line(const struct sbx_classifier *c, const unsigned char *t, size_t tl, size_t *msg_len) {
        char at_name[sizeof(c->perl_name) + 16];
        size_t anl, e = tl, d;
        unsigned long line = 0;

        anl = (size_t) snprintf(at_name, sizeof(at_name), " at %s line ", c->perl_name);
        while (e > 0 && (t[e - 1] == ' ' || t[e - 1] == '\r'))
                e--;
        if (e == 0)
                return 0;
        for (d = e - 1; d > 0 && isdigit(t[d - 1]); d--)
                ;
        if (t[e - 1] != '.' || d == e - 1 || d < anl || memcmp(t + d - anl, at_name, anl) != 0)
                return 0;
        for (size_t i = d; i < e - 1 && line < 100000000; i++)
                line = line * 10 + (unsigned long) (t[i] - '0');
        *msg_len = d - anl;
        return line;
}

/* The offsets of the dies of a perl script's line s[0..n) (the word outside string literals),
 * and of its warns, which print as a die does (`or warn "x: $!"` before `or die "x: $!"`: the
 * warn's line is not the die's), into at[], at most max of them; their count, max + 1 where
 * there are more or the line names Carp's croak or confess, which print as a die does too. */
static size_t perl_dies(const unsigned char *s, size_t n, size_t *at, size_t max) {
        unsigned char quote = 0;
        size_t k = 0;

        for (size_t i = 0; i < n; i++) {
                if (!perl_outside(s, &i, &quote))
                        continue;
                if ((n - i >= 5 && memcmp(s + i, "croak", 5) == 0 && perl_word_at(s, n, i, 5)) ||
                         (n - i >= 7 && memcmp(s + i, "confess", 7) == 0 && perl_word_at(s, n, i, 7)))
                        return max + 1;
                else if ((n - i >= 3 && memcmp(s + i, "die", 3) == 0 && perl_word_at(s, n, i, 3)) ||
                         (n - i >= 4 && memcmp(s + i, "warn", 4) == 0 && perl_word_at(s, n, i, 4))) {
                        if (k == max)
                                return max + 1;
                        at[k++] = i;
                }
        }
        return k;
}

/* The statement of s[0..n) that holds the offset d: from after the ';' before it to the ';'
 * after it (outside string literals), into *ret_b, *ret_e. */
static void perl_statement(const unsigned char *s, size_t n, size_t d, size_t *ret_b, size_t *ret_e) {
        unsigned char quote = 0;

        *ret_b = 0;
        *ret_e = n;
        for (size_t i = 0; i < n; i++) {
                if (!perl_outside(s, &i, &quote))
                        continue;
                if (s[i] == ';' && i < d)
                        *ret_b = i + 1;
                else if (s[i] == ';' && i > d) {
                        *ret_e = i;
                        return;
                }
        }
}

/* Whether the die (or warn) at s[d..n) (its statement's), on the script's line `line`, may print perl's
 * line t[0..tl) (its blanks after it trimmed): false only where its message is a literal that
 * ends its arguments ("MSG", 'MSG', "MSG$!", $!, "...\n", which prints no " at NAME line N.")
 * and cannot print it. */
static bool perl_die_may_print(const struct sbx_classifier *c, const unsigned char *s, size_t n, size_t d,
                               unsigned long line, const unsigned char *t, size_t tl) {
        const unsigned char *m = s + d + (s[d] == 'w' ? 4 : 3), *end = s + n, *after;
        char suffix[sizeof(c->perl_name) + 40];
        size_t ml = 0, sl = 0;
        bool nl = false, err = false;

        while (m < end && (*m == ' ' || *m == '\t' || *m == '('))
                m++;
        if (end - m >= 2 && m[0] == '$' && m[1] == '!') {
                err = true;
                after = m + 2;
        } else if (m < end && (*m == '"' || *m == '\'')) {
                unsigned char q = *m++;
                const unsigned char *x;

                for (x = m; x < end && *x != q; x++)
                        if (*x == '\\' || (q == '"' && (*x == '$' || *x == '@')))
                                break;
                ml = (size_t) (x - m);
                /* then "$!", then "\n", at its end alone */
                if (q == '"' && end - x >= 2 && x[0] == '$' && x[1] == '!') {
                        err = true;
                        x += 2;
                }
                if (q == '"' && end - x >= 2 && x[0] == '\\' && x[1] == 'n') {
                        nl = true;
                        x += 2;
                }
                if (x >= end || *x != q)
                        return true;
                after = x + 1;
        } else
                return true;
        /* the message alone: the die's arguments end there */
        while (after < end && (*after == ' ' || *after == '\t' || *after == ')'))
                after++;
        if (after < end && *after != ';' && *after != '}' &&
            !(end - after >= 2 && memcmp(after, "if", 2) == 0 && perl_word_at(s, n, (size_t) (after - s), 2)) &&
            !(end - after >= 6 && memcmp(after, "unless", 6) == 0 && perl_word_at(s, n, (size_t) (after - s), 6)))
                return true;
        if (!nl) {
                int k = snprintf(suffix, sizeof(suffix), " at %s line %lu.", c->perl_name, line);

                if (k < 0 || (size_t) k >= sizeof(suffix))
                        return true;
                sl = (size_t) k;
        }
        if (tl < ml + sl || memcmp(t, m, ml) != 0 || memcmp(t + tl - sl, suffix, sl) != 0)
                return false;
        return err || tl == ml + sl;
}

static bool perl_statement_open(const unsigned char *ls, size_t ll, const char *text, size_t ss, bool bare, bool nl,
                                char *path, size_t size, bool *ret_writes);

/* perl's die after an open it failed, text[0..tl) its line, ss..se its signature's (bare: MSG's end,
 * ss == se): "MSG at NAME line N." of a die on the script's line N, or, MSG alone, one whose
 * message ends in "\n" (mine56: `die "x: $!\n"` named none), of any line. Of the dies there, the
 * one that may print the line (perl_die_may_print(); readers60: of two on one line, or of
 * several a "\n" one, before none), its statement the open's (perl_statement_open()). */
static bool perl_die_open(const struct sbx_classifier *c, const char *text, size_t tl, size_t ss, size_t se,
                          bool bare, char *path, size_t size, bool *ret_writes) {
        const unsigned char *ls, *t = (const unsigned char *) text, *stmt = NULL;
        size_t ll, e = tl, d, at[16], n, b, stmt_len = 0, may = 0;
        unsigned long line, k = 1;
        bool nl;

        if (!c->inline_script || c->inline_lang != SBX_INLINE_PERL || !c->perl_name[0] ||
            perl_line_directive(c->inline_script))
                return false;
        while (e > 0 && (t[e - 1] == ' ' || t[e - 1] == '\r'))
                e--;
        /* MSG, the signature's text, then " at NAME line N." (NAME -e, or the script file's), or
         * MSG alone, the signature its end */
        line = perl_at_line(c, t, tl, &d);
        nl = !line || d != se;
        if (nl && (e == 0 || se != e))
                return false;
        for (const char *p = c->inline_script, *q; *p; p = q + (*q != '\0'), k++) {
                q = p + strcspn(p, "\n");
                if (!nl && k != line)
                        continue;
                ls = (const unsigned char *) p;
                for (ll = (size_t) (q - p); ll > 0 && (ls[ll - 1] == ' ' || ls[ll - 1] == '\t' || ls[ll - 1] == '\r'); ll--)
                        ;
                while (ll > 0 && (*ls == ' ' || *ls == '\t'))
                        ls++, ll--;
                if ((n = perl_dies(ls, ll, at, SBX_ELEMENTSOF(at))) > SBX_ELEMENTSOF(at))
                        return false;
                for (size_t j = 0; j < n; j++) {
                        if (!perl_die_may_print(c, ls, ll, at[j], k, t, e))
                                continue;
                        if (++may > 1)
                                return false;
                        perl_statement(ls, ll, at[j], &b, &d);
                        stmt = ls + b;
                        stmt_len = d - b;
                }
        }
        return may == 1 && perl_statement_open(stmt, stmt_len, text, ss, bare, nl, path, size, ret_writes);
}

/* Whether s[0..n), the text of a perl statement before its open, lets the die after the open
 * be reached by the open's failure alone: blanks, braces, an assignment to a scalar (`my $ok =`)
 * and the words eval, do, else, my, our, local; not another call or operator before it, whose
 * failure reaches the die too (readers60: `mkdir("/etc/a") && open(F, ">", "f") or die "x: $!"`
 * of a refused /etc/a recorded f, never opened). */
static bool perl_statement_lead(const unsigned char *s, size_t n) {
        static const char *const words[] = { "eval", "do", "else", "my", "our", "local" };

        for (size_t i = 0; i < n;) {
                size_t b = i;
                bool known = false;

                if (s[i] == ' ' || s[i] == '\t' || s[i] == '{' || s[i] == '}' || (s[i] == '=' && (i + 1 == n ||
                                                                                           (s[i + 1] != '=' && s[i + 1] != '~')))) {
                        i++;
                        continue;
                }
                if (s[i] == '$')
                        i++;
                while (i < n && (isalnum(s[i]) || s[i] == '_'))
                        i++;
                if (i == b || (s[b] == '$' && i == b + 1))
                        return false;
                for (size_t w = 0; w < SBX_ELEMENTSOF(words) && s[b] != '$'; w++)
                        known = known || (i - b == strlen(words[w]) && memcmp(s + b, words[w], i - b) == 0);
                if (s[b] != '$' && !known)
                        return false;
        }
        return true;
}

/* The open of a perl statement ls[0..ll) that holds one open and one die after it, `open(FH,
 * MODE, PATH) or die "MSG$!"`, whose die printed text[0..ss) as MSG (nl: a message ending in
 * "\n"): see perl_die_open(). */
static bool perl_statement_open(const unsigned char *ls, size_t ll, const char *text, size_t ss, bool bare, bool nl,
                                char *path, size_t size, bool *ret_writes) {
        const unsigned char *t = (const unsigned char *) text, *mode = NULL, *file = NULL, *msg;
        size_t d, o, at[4], al[4], ml = 0, fl = 0, msgl, pre, post;
        int k;
        bool told, var;

        if ((o = perl_only_word(ls, ll, "open")) == SIZE_MAX || (d = perl_only_word(ls, ll, "die")) == SIZE_MAX || d < o ||
            !perl_statement_lead(ls, o))
                return false;
        /* the open's arguments, within its parentheses or up to `or die` */
        {
                size_t p = o + 4, q, r;

                while (p < d && ls[p] == ' ')
                        p++;
                if (ls[p] == '(') {
                        if ((k = call_args(ls, ll, p, at, al, (int) SBX_ELEMENTSOF(at))) < 1)
                                return false;
                        /* the close of the call, right after its last argument: not the last ')'
                         * before the die, another call's (review: `open(G, '>', P) if 0;
                         * opendir(D, '/root') or die "x: $!"`, the opendir refused, read as
                         * the open's write of P, denied) */
                        for (q = at[k - 1] + al[k - 1]; q < d && (ls[q] == ' ' || ls[q] == '\t'); q++)
                                ;
                        if (q >= d || ls[q++] != ')')
                                return false;
                        for (r = d; r > q && ls[r - 1] == ' '; r--)
                                ;
                        while (q < r && ls[q] == ' ')
                                q++;
                        if (r - q != 2 || (memcmp(ls + q, "or", 2) != 0 && memcmp(ls + q, "||", 2) != 0))
                                return false;
                } else {
                        unsigned char args[512];

                        for (q = d; q > p && ls[q - 1] == ' '; q--)
                                ;
                        if (q < p + 2 || memcmp(ls + q - 2, "or", 2) != 0 || !perl_word_at(ls, ll, q - 2, 2))
                                return false;
                        q -= 2;
                        while (q > p && ls[q - 1] == ' ')
                                q--;
                        if (q - p + 2 > sizeof(args))
                                return false;
                        args[0] = '(';
                        memcpy(args + 1, ls + p, q - p);
                        args[q - p + 1] = ')';
                        if ((k = call_args(args, q - p + 2, 0, at, al, (int) SBX_ELEMENTSOF(at))) < 0)
                                return false;
                        /* args[j] is ls[p - 1 + j] */
                        for (int i = 0; i < k; i++)
                                at[i] += p - 1;
                }
        }
        /* the handle: a bareword or a scalar (`my $fh`), no statement before it */
        if (k < 2 || !perl_handle(ls + at[0], al[0]))
                return false;
        if (k == 3) {
                if (!perl_literal(ls + at[1], al[1], false, &mode, &ml) || !perl_literal(ls + at[2], al[2], true, &file, &fl))
                        return false;
        } else if (k == 2) {
                const unsigned char *x;
                size_t xl, m = 0;

                /* ">PATH" or ">$f" */
                if (al[1] < 3 || ls[at[1]] != '"' || ls[at[1] + al[1] - 1] != '"')
                        return false;
                x = ls + at[1] + 1;
                xl = al[1] - 2;
                while (m < xl && (x[m] == '>' || x[m] == '<' || x[m] == '+'))
                        m++;
                mode = x;
                ml = m;
                while (m < xl && x[m] == ' ')
                        m++;
                file = x + m;
                fl = xl - m;
                for (size_t i = 0; i < fl; i++)
                        if (file[i] == '\\' || file[i] == '@' || file[i] == '"' || (file[i] == '$' && i > 0))
                                return false;
                if (fl == 0 || (file[0] == '$' && !perl_literal(file, fl, true, &file, &fl)))
                        return false;
        } else
                return false;
        *ret_writes = perl_mode_writes(mode, ml, &told);
        if (!told)
                return false;
        /* the die's message: "MSG$!" */
        msg = ls + d + 3;
        while (msg < ls + ll && (*msg == ' ' || *msg == '('))
                msg++;
        if (!bare && !nl && ls + ll - msg >= 2 && memcmp(msg, "$!", 2) == 0 &&
            (ls + ll - msg == 2 || msg[2] == ';' || msg[2] == ')' || msg[2] == ' ')) {
                /* `or die $!`: the errno's text alone (mine56: named none) */
                msgl = 0;
                goto message;
        }
        if (msg >= ls + ll || *msg != '"')
                return false;
        msg++;
        for (msgl = 0; msg + msgl < ls + ll && msg[msgl] != '"'; msgl++)
                if (msg[msgl] == '\\' && !(nl && msgl + 2 < (size_t) (ls + ll - msg) && msg[msgl + 1] == 'n' &&
                                            msg[msgl + 2] == '"'))
                        return false;
        if (msg + msgl >= ls + ll)
                return false;
        /* "...\n" where the line has no number, and only there */
        if (nl != (msgl >= 2 && msg[msgl - 2] == '\\'))
                return false;
        if (nl)
                msgl -= 2;
        if (bare) {
                /* no errno in it: the message alone */
                if (memmem(msg, msgl, "$!", 2))
                        return false;
        } else {
                if (msgl < 2 || memcmp(msg + msgl - 2, "$!", 2) != 0)
                        return false;
                msgl -= 2;
        }
message:
        var = fl > 0 && file[0] == '$';
        if (!var) {
                /* a literal file: the message text alone, as printed */
                if (memchr(msg, '$', msgl) || memchr(msg, '@', msgl) || msgl != ss || memcmp(msg, text, ss) != 0)
                        return false;
        } else {
                /* the file's scalar, named once in the message: what the line prints there */
                const unsigned char *v = memchr(msg, '$', msgl);

                if (!v || (size_t) (msg + msgl - v) < fl || memcmp(v, file, fl) != 0 ||
                    (v + fl < msg + msgl && (isalnum(v[fl]) || v[fl] == '_' || v[fl] == '[' || v[fl] == '{')) ||
                    memchr(v + 1, '$', (size_t) (msg + msgl - v - 1)) || memchr(msg, '@', msgl))
                        return false;
                pre = (size_t) (v - msg);
                post = msgl - pre - fl;
                if (ss < pre + post + 1 || memcmp(text, msg, pre) != 0 || memcmp(text + ss - post, v + fl, post) != 0)
                        return false;
                file = t + pre;
                fl = ss - pre - post;
        }
        if (fl == 0 || fl >= size || memchr(file, '\0', fl))
                return false;
        memcpy(path, file, fl);
        path[fl] = '\0';
        return true;
}

/* The length of a shell's own prefix that a line l[0..n) starts with, a name following it: "PROG:
 * " with PROG's base name a shell's, then "N: " or "line N: " (dash's, bash's), then "cannot
 * create " or "can't create " (dash's, ash's redirection: *ret_creates); 0 when none. */
static size_t shell_name_prefix(const unsigned char *l, size_t n, bool *ret_creates) {
        static const char *const shells[] = { "sh", "bash", "dash", "ash", "ksh", "mksh", "hush" };
        static const char *const phrases[] = { "cannot create ", "can't create " };
        const unsigned char *colon = memchr(l, ':', n), *prog;
        size_t k, i;
        bool shell = false;

        *ret_creates = false;
        if (!colon || (size_t) (colon - l) + 1 >= n || colon[1] != ' ')
                return 0;
        k = (size_t) (colon - l);
        prog = memrchr(l, '/', k);
        prog = prog ? prog + 1 : l;
        for (size_t j = 0; j < SBX_ELEMENTSOF(shells); j++)
                shell = shell || ((size_t) (colon - prog) == strlen(shells[j]) && memcmp(prog, shells[j], strlen(shells[j])) == 0);
        if (!shell)
                return 0;
        i = k + 2;
        if (n - i > 5 && memcmp(l + i, "line ", 5) == 0)
                i += 5;
        if (i < n && isdigit(l[i])) {
                size_t d = i;

                while (d < n && isdigit(l[d]))
                        d++;
                if (d + 1 < n && l[d] == ':' && l[d + 1] == ' ')
                        i = d + 2;
        }
        for (size_t j = 0; j < SBX_ELEMENTSOF(phrases); j++) {
                size_t pl = strlen(phrases[j]);

                if (n - i > pl && memcmp(l + i, phrases[j], pl) == 0) {
                        *ret_creates = true;
                        i += pl;
                        break;
                }
        }
        return i < n ? i : 0;
}

/* Whether the line text[0..ss) (ss: its signature's start) is find's `find: 'X': ` (GNU's quotes,
 * or ASCII ones) of a program X its argv runs (find_exec): the exec's failure, which the sandbox
 * never refuses (review: `find . -exec PIPE \;` counted a denial line in a success). A name as
 * find quotes it, read whole between the quotes. */
static bool find_exec_line(const struct sbx_classifier *c, const char *text, size_t ss) {
        static const char *const quotes[][2] = { { "\xe2\x80\x98", "\xe2\x80\x99: " }, { "'", "': " } };
        size_t k = strcspn(text, ":");

        if (!c->find_exec[0] || !line_program_is(text, ss, "find"))
                return false;
        for (size_t q = 0; q < SBX_ELEMENTSOF(quotes); q++) {
                size_t ol = strlen(quotes[q][0]), cl = strlen(quotes[q][1]), at = k + 2 + ol;

                if (ss < at + cl || memcmp(text + k + 2, quotes[q][0], ol) != 0 ||
                    memcmp(text + ss - cl, quotes[q][1], cl) != 0)
                        continue;
                for (const char *p = c->find_exec; *p; p += strlen(p) + 1)
                        if (strlen(p) == ss - cl - at && memcmp(text + at, p, strlen(p)) == 0)
                                return true;
        }
        return false;
}

/* What GNU make's own line of a name X alone, "make: X: ..." ("make[N]: ", "gmake: ", text[0..ss),
 * ss its signature's start), tells: make prints so a makefile it could not read (a default name,
 * GNUmakefile, makefile or Makefile; one the script gives with -f, --file, --makefile; one the
 * host holds in the cwd, which make reads there and never runs: a command without '/' is searched
 * in PATH) and a recipe's command it could not run (a simple one it runs itself, execvp(3), as
 * `./x`: its errno printed so, then "*** [F:N: T] Error 127"); an include's "F:N: X: ..." (F a
 * makefile, by its name) a makefile it could not read. Never a file make writes. MAKE_NONE: no
 * such line. */
enum { MAKE_NONE, MAKE_RUNS, MAKE_READS };

static bool makefile_name(const char *name, size_t n) {
        static const char *const names[] = { "GNUmakefile", "makefile", "Makefile" };
        const char *base = memrchr(name, '/', n);
        size_t bl;

        base = base ? base + 1 : name;
        bl = (size_t) (name + n - base);
        for (size_t i = 0; i < SBX_ELEMENTSOF(names); i++)
                if (bl == strlen(names[i]) && memcmp(base, names[i], bl) == 0)
                        return true;
        return (bl > 3 && memcmp(base + bl - 3, ".mk", 3) == 0) || (bl > 5 && memcmp(base + bl - 5, ".make", 5) == 0);
}

/* Whether the script gives make the makefile `name` (-f X, -fX, --file=X, --file X,
 * --makefile=X, --makefile X), as text: X a word there. */
static bool script_gives_makefile(const char *script, const char *name) {
        static const char *const opts[] = { "-f ", "-f", "--file=", "--file ", "--makefile=", "--makefile " };
        size_t nl = strlen(name);

        if (!script || nl == 0)
                return false;
        for (const char *p = script; (p = strstr(p, name)); p++) {
                if (p[nl] != '\0' && !strchr(" \t\n;&|)'\"", p[nl]))
                        continue;
                for (size_t i = 0; i < SBX_ELEMENTSOF(opts); i++) {
                        size_t ol = strlen(opts[i]);

                        if ((size_t) (p - script) >= ol && memcmp(p - ol, opts[i], ol) == 0 &&
                            (p - ol == script || strchr(" \t\n;&|(", p[-(ptrdiff_t) ol - 1])))
                                return true;
                }
        }
        return false;
}

static int make_line(const struct sbx_classifier *c, const char *text, size_t ss, const char *path) {
        size_t k = strcspn(text, ":"), pl = strlen(path), n;
        const char *prog, *f;
        char host[SBX_DENIAL_PATH_MAX];

        if (pl == 0 || k >= ss || ss < pl + 2 || memcmp(text + ss - pl - 2, path, pl) != 0 ||
            memcmp(text + ss - 2, ": ", 2) != 0)
                return MAKE_NONE;
        /* an include's "F:N: X: ": F a makefile by its name, N its line */
        f = text + k + 1;
        n = strspn(f, "0123456789");
        if (n > 0 && f[n] == ':' && f[n + 1] == ' ' && f + n + 2 == text + ss - pl - 2 && makefile_name(text, k))
                return MAKE_READS;
        /* "make: X: ", "make[N]: X: " */
        if (text[k + 1] != ' ' || text + k + 2 != text + ss - pl - 2)
                return MAKE_NONE;
        prog = memrchr(text, '/', k);
        prog = prog ? prog + 1 : text;
        n = (size_t) (text + k - prog);
        if (n > 2 && prog[n - 1] == ']') {
                const char *b = memchr(prog, '[', n);

                if (!b || b + 1 == prog + n - 1 || strspn(b + 1, "0123456789") != (size_t) (prog + n - 1 - b - 1))
                        return MAKE_NONE;
                n = (size_t) (b - prog);
        }
        if (!((n == 4 && memcmp(prog, "make", 4) == 0) || (n == 5 && memcmp(prog, "gmake", 5) == 0)))
                return MAKE_NONE;
        if (makefile_name(path, pl) || script_gives_makefile(c->script, path))
                return MAKE_READS;
        if (!memchr(path, '/', pl) && c->host_runs && host_name(c, path, pl, host) &&
            c->host_runs(c->resolve_userdata, host) >= 0)
                return MAKE_READS;
        return MAKE_RUNS;
}

/* Whether the line text[0..ss) (ss: its signature's start) tells of a failed execve(2) of the file
 * it names, which refuses a named pipe everywhere, the host's refusal too: bash's `X: cannot
 * execute: ` (its exec's second line), a shell's `exec: X: ` (dash's), a program's phrase right
 * after its own name (coreutils' `failed to run command 'X'`, util-linux's `failed to execute X`,
 * BusyBox's `can't execute 'X'`, GNU time's `cannot run X`), or a line of env, nice or xargs,
 * which run their argument and write no file of their own. */
static bool exec_line(const char *text, size_t ss) {
        static const char *const phrases[] = { ": failed to run command ", ": failed to execute ", ": can't execute ",
                                               ": cannot run " };
        static const char *const runners[] = { "env", "nice", "xargs" };
        size_t k = strcspn(text, ":"), i;
        const char *prog;
        bool creates;

        if (ss >= 18 && memcmp(text + ss - 18, ": cannot execute: ", 18) == 0)
                return true;
        if (k >= ss)
                return false;
        i = shell_name_prefix((const unsigned char *) text, ss, &creates);
        if (i > 0 && !creates && ss - i > 6 && memcmp(text + i, "exec: ", 6) == 0)
                return true;
        for (size_t j = 0; j < SBX_ELEMENTSOF(phrases); j++)
                if (ss - k > strlen(phrases[j]) && memcmp(text + k, phrases[j], strlen(phrases[j])) == 0)
                        return true;
        prog = memrchr(text, '/', k);
        prog = prog ? prog + 1 : text;
        for (size_t j = 0; j < SBX_ELEMENTSOF(runners); j++)
                if ((size_t) (text + k - prog) == strlen(runners[j]) && memcmp(prog, runners[j], strlen(runners[j])) == 0)
                        return true;
        return false;
}

/* A name with newlines, as a shell prints it, raw: its line "sh: 1: cannot create /tmp/a", then
 * "b: Permission denied" (the line being ended, text[0..ss), ss its signature's start after "X:
 * "). The name, from the nearest line before it (up to NAME_LINES_MAX back, all of the lines
 * between part of the name) that starts with a shell's prefix (shell_name_prefix()), joined with
 * newlines, into out; *ret_creates as that prefix tells. The line's text before its signature
 * may hold a ':' ("b:c"), not ": " (a program's own line, "tee: X: ..."). false when there is
 * none: a name so read is only taken where the host holds a named pipe of that name (the caller
 * asks). */
#define NAME_LINES_MAX 64
static bool shell_name_across_lines(const struct sbx_classifier *c, const char *text, size_t ss, char *out,
                                    size_t size, bool *ret_creates) {
        unsigned char win[LOOK_BACK];
        size_t end, b, e, pre;
        bool partial;

        if (!c->look || ss < 3 || memcmp(text + ss - 2, ": ", 2) != 0 || memmem(text, ss - 2, ": ", 2))
                return false;
        look_window(c, win, &end, &partial);
        e = end;
        for (int lines = 0; lines < NAME_LINES_MAX && e > 0 && win[e - 1] == '\n'; lines++) {
                b = e - 1;
                while (b > 0 && win[b - 1] != '\n')
                        b--;
                if (b == 0 && partial)
                        return false;
                pre = shell_name_prefix(win + b, e - 1 - b, ret_creates);
                if (pre > 0) {
                        size_t n = end - (b + pre); /* the name's lines, each with its newline */

                        if (n + ss - 2 >= size)
                                return false;
                        memcpy(out, win + b + pre, n);
                        memcpy(out + n, text, ss - 2);
                        out[n + ss - 2] = '\0';
                        return strlen(out) == n + ss - 2;
                }
                e = b;
        }
        return false;
}

/* For a shell's line naming X alone where the script runs or reads X (script_runs_or_reads())
 * and also redirects output into an expansion, which may be X (`X; f=X; echo a > $f`): bash
 * prints the same line for both. Where the script runs or reads X at one place alone, runs
 * nothing twice (script_loops()) and runs or reads no expansion (script_uses_expansion()), the
 * first such line is that run or read, which prints one line at most, and a line after it is
 * the write's, an open for writing alone: whether this line is one (false: the run's, no
 * denial). */
static bool script_run_then_written(struct sbx_classifier *c, const char *path) {
        if (!script_writes_expansion(c->script, c->script_lex, path) ||
            script_runs_or_reads(c->script, c->script_lex, path) != 1 || script_loops(c->script, c->script_lex) ||
            script_uses_expansion(c->script, c->script_lex))
                return false;
        if (c->fifo_ran && strcmp(c->fifo_ran, path) == 0)
                return true;
        free(c->fifo_ran);
        c->fifo_ran = strdup(path);
        return false;
}

/* How fifo_denial_at() reads a line: it opened the path for writing alone, it is touch's, it may
 * tell of a run of it, it tells of a read alone (which only root's dropped capabilities refuse:
 * no named pipe's question, the sandbox lets the command open one for reading), it tells of a
 * run (or a read) that is no write: a failed execve(2), refused a named pipe everywhere, and by
 * the host too where it would not run the file (host_runs), so the sandbox's only where the host
 * would and root's capabilities, which the command does not keep, are what let it. */
/* FIFO_FOLLOWS: the write is the shell's own redirection of output into the name (an open with
 * O_CREAT, which follows its symlinks): the record names what the host resolves it to */
enum {
        FIFO_WRITES = 1u << 0,
        FIFO_TOUCHES = 1u << 1,
        FIFO_RUNS = 1u << 2,
        FIFO_READS = 1u << 3,
        FIFO_EXECS = 1u << 4,
        FIFO_FOLLOWS = 1u << 5
};

static bool fifo_denial_at(struct sbx_classifier *c, uint64_t line_no, const unsigned char *s, size_t len,
                           const char *line, char *path, unsigned how);

/* Java's NIO turns EACCES, and only EACCES, into java.nio.file.AccessDeniedException, whose
 * message is the path alone: "Exception in thread "main" java.nio.file.AccessDeniedException: X".
 * Whether text[0..tl), its signature at ss..se that exception's name, is followed by ": " and one
 * name alone (no ": ", no " -> " of a call on two names, read as any line), a bare word too
 * (the generic extraction reads none: `Files.writeString(Path.of("f"), ...)`); *ret_at: where it
 * starts. */
static const char java_nio_sig[] = "java.nio.file.AccessDeniedException";

static bool java_nio_path(const char *text, size_t tl, size_t ss, size_t se, size_t *ret_at) {
        const size_t n = sizeof(java_nio_sig) - 1;

        if (!text || se > tl || se - ss != n || strncasecmp(text + ss, java_nio_sig, n) != 0 || tl - se < 3 ||
            text[se] != ':' || text[se + 1] != ' ' || text[se + 2] == ' ')
                return false;
        /* one name alone after it, read to the line's end */
        for (size_t i = se + 2; i < tl; i++)
                if (text[i] == '\0' || (text[i] == ':' && i + 1 < tl && text[i + 1] == ' ') ||
                    (text[i] == ' ' && tl - i >= 4 && memcmp(text + i, " -> ", 4) == 0))
                        return false;
        *ret_at = se + 2;
        return true;
}

static bool javac_written_path(const char *text, size_t tl, size_t *ret_at);

static int fifo_denial_line(struct sbx_classifier *c, uint64_t line_no, const unsigned char *s, size_t len,
                            bool whole) {
        char line[SBX_MATCHED_LINE_MAX], path[SBX_DENIAL_PATH_MAX] = "";
        const char *text = line;
        size_t ss, se, tl;
        bool cut, writes, py_reads, follows;
        int r, mark = -1;

        if (!c->host_fifo && !c->host_sets_times && !c->host_needs_capability && !c->host_covered)
                return 0;
        cut = copy_evidence(line, sizeof(line), s, len) < len;
        tl = strlen(line);
        if (whole && len <= LINE_KEEP && cut && (c->wide || (c->wide = malloc(WIDE_SIZE)))) {
                copy_evidence(c->wide, WIDE_SIZE, s, len);
                text = c->wide;
                tl = strlen(text);
        }
        r = match(c, &c->d->fifo_denial_re, (const unsigned char *) text, tl, &ss, &se, &mark);
        if (r <= 0)
                return r;
        /* EPERM: touch's line alone (fifo_sig_touch_only()) */
        if (mark >= 0 && (size_t) mark < c->d->n_fifo_denial && fifo_sig_touch_only(c->d->fifo_denial[mark])) {
                if (touch_line(text, ss) && sbx_denial_path_extract(text, tl, ss, se, path, sizeof(path)) > 0)
                        fifo_denial_at(c, line_no, s, len, line, path, FIFO_WRITES | FIFO_TOUCHES);
                return 0;
        }
        /* perl's die after its open failed: the open's file and mode, as its -e script tells */
        if (perl_die_open(c, text, tl, ss, se, false, path, sizeof(path), &writes)) {
                fifo_denial_at(c, line_no, s, len, line, path, writes ? FIFO_WRITES : 0);
                return 0;
        }
        /* Java's NIO exception: the path alone, no run of it (bubblewrap's EROFS keeps its
         * strerror text, "FileSystemException: X: Read-only file system": its EACCES is the host's
         * bits, or root's without the capabilities the command does not keep) */
        {
                size_t at;

                if (java_nio_path(text, tl, ss, se, &at)) {
                        if (tl - at < sizeof(path)) {
                                memcpy(path, text + at, tl - at);
                                path[tl - at] = '\0';
                                fifo_denial_at(c, line_no, s, len, line, path, 0);
                        }
                        return 0;
                }
                /* ... and javac's of its class file, that message after the class: a write */
                if (javac_written_path(text, tl, &at)) {
                        if (tl - at < sizeof(path)) {
                                memcpy(path, text + at, tl - at);
                                path[tl - at] = '\0';
                                fifo_denial_at(c, line_no, s, len, line, path, FIFO_WRITES);
                        }
                        return 0;
                }
        }
        path[0] = '\0';
        /* a name with newlines that a shell printed raw, its last part on this line: taken where
         * the host holds a pipe of that name; otherwise the line is read alone */
        if (shell_name_across_lines(c, text, ss, path, sizeof(path), &writes)) {
                int out = script_output_into(c->script, c->script_lex, path);

                if (out < 0)
                        writes = false;
                else if (!writes && out > 0)
                        writes = true;
                else if (!writes && out == 0 && script_runs_or_reads(c->script, c->script_lex, path) > 0)
                        return 0;
                if (fifo_denial_at(c, line_no, s, len, line, path, writes ? FIFO_WRITES : FIFO_RUNS))
                        return 0;
        }
        path[0] = '\0';
        if (sbx_denial_path_extract(text, tl, ss, se, path, sizeof(path)) == 0) {
                /* the errno text alone, its name on the line before: a Rust error chain's cause,
                 * unzip's line (chained_path()), as a denial signature's line reads it; what it did
                 * to the file is not told (review: as root under bwrap, cargo's Cargo.lock in a
                 * workspace of another user's read task_failure, under Landlock denied) */
                if (chained_path(c, text, ss, se, path, sizeof(path)) > 0)
                        fifo_denial_at(c, line_no, s, len, line, path, 0);
                return 0;
        }
        /* touch's line: it opened X for writing alone, then could not set its times, which the
         * host lets the user set (its own file: host_sets_times) and the read-only bind refuses,
         * EROFS hidden behind the open's EACCES (review: as nobody, `touch own` of its own 0444
         * file outside the workspace, and as root of another user's file, read task_failure) */
        if (touch_line(text, ss)) {
                fifo_denial_at(c, line_no, s, len, line, path, FIFO_WRITES | FIFO_TOUCHES);
                return 0;
        }
        /* what the command asked of the pipe: opened it for writing (dash's, ash's "cannot
         * create X"; bash's "X: ..." where its script redirects output into X), which the host
         * may allow without reading (a 0622 pipe of root's, as nobody); a shell's line otherwise
         * told of running X (execve(2) of a pipe is EACCES everywhere) or of reading it, which the
         * sandbox never refuses (review: root's `bash -c /tmp/fifo` read as denied); not where the
         * script opens X with `<>`, for reading too (dash's "cannot create X" of it as well) */
        /* a run of the pipe, by a shell's exec or a program that runs its argument (review: root's
         * `bash -c 'exec PIPE'`, `timeout 5 PIPE`, `env PIPE` read denied) */
        /* make's line: a makefile it could not read, a recipe's command it could not run (a name
         * without '/': the first of PATH's the host would run); never a write (review52: as root
         * under bwrap, `make` of another user's 0600 Makefile read task_failure, asked of a run) */
        switch (make_line(c, text, ss, path)) {
        case MAKE_READS:
                fifo_denial_at(c, line_no, s, len, line, path, FIFO_READS);
                return 0;
        case MAKE_RUNS:
                if (!strchr(path, '/')) {
                        char found[SBX_DENIAL_PATH_MAX];

                        searched_program(c, path, found);
                        if (!found[0])
                                return 0;
                        memcpy(path, found, strlen(found) + 1);
                }
                fifo_denial_at(c, line_no, s, len, line, path, FIFO_EXECS);
                return 0;
        default:
                break;
        }
        if (exec_line(text, ss) || python_child_exec(c, text, ss) || find_exec_line(c, text, ss)) {
                fifo_denial_at(c, line_no, s, len, line, path, FIFO_EXECS);
                return 0;
        }
        writes = (created_before(text, ss, path) && script_output_into(c->script, c->script_lex, path) >= 0) ||
                 tee_line(text, ss) || python_source_writes(c, text, ss, &py_reads) || dd_open_of(c, text, ss, path) > 0;
        /* (the shell's own redirection into it, as finalize_line() reads one: left54) */
        follows = script_output_into(c->script, c->script_lex, path) != 0 &&
                  ((created_before(text, ss, path) && !memmem(text, ss, "cannot create regular file ", 27)) ||
                   (sbx_denial_line_shell_names_alone(text, tl, ss, se, path) &&
                    script_only_opens(c->script, c->script_lex, path)));
        if (!writes && sbx_denial_line_shell_names_alone(text, tl, ss, se, path)) {
                int out = script_output_into(c->script, c->script_lex, path);

                if (out > 0)
                        writes = true;
                /* (one the script is not known to run or read, as a name through a variable,
                 * `> "$F"`, or a script file's line: a write is what the sandbox refuses, and the
                 * host is asked for both, as before) */
                else if (out == 0 && script_runs_or_reads(c->script, c->script_lex, path) > 0) {
                        /* its read, which root's dropped capabilities may refuse (as root under
                         * bwrap, `cat < f` of another user's 0600 file read as no denial) */
                        if (!script_run_then_written(c, path)) {
                                fifo_denial_at(c, line_no, s, len, line, path,
                                               script_only_uses(c->script, c->script_lex, path, true) ? FIFO_READS
                                                                                                       : FIFO_EXECS);
                                return 0;
                        }
                        writes = true;
                }
        }
        /* a run only where the line may tell one, as a denial signature's line is read: not where
         * words name the operation (Ruby's "@ rb_sysopen - X", Node's ", open 'X'", PHP's
         * "file_put_contents(X): Failed to open stream"; review: as root under bwrap, a write of
         * another user's 0644 file in the workspace, no execute bit, was asked of its run, which
         * the host refuses root too: task_failure, under Landlock denied) */
        fifo_denial_at(c, line_no, s, len, line, path,
                       writes ? FIFO_WRITES | (follows ? FIFO_FOLLOWS : 0)
                       : !sbx_denial_line_may_exec(text, tl, ss, se, path) || python_frame_no_run(c, text, ss) ||
                                       line_tells_open(c, text, tl, ss, se, path,
                                                       sbx_denial_line_names_alone(text, tl, ss, se, path))
                               ? 0
                               : FIFO_RUNS);
        return 0;
}

/* The fifo-denial line s[0..len) (its evidence in line) as a denial of `path` (made absolute here)
 * where the host holds there a named pipe the command may open (for writing alone: writes), or,
 * for touch's line (touches), a file whose times the host lets it set (host_sets_times), outside
 * the granted directories and the sandbox's /dev and /proc; or, beneath the granted directories,
 * one that only root's capabilities, which the command does not keep, would have let it reach
 * (host_needs_capability; runs: the line may tell of a run of it): counted and kept. Whether
 * it was. */
static bool fifo_denial_at(struct sbx_classifier *c, uint64_t line_no, const unsigned char *s, size_t len,
                           const char *line, char *path, unsigned how) {
        char host[SBX_DENIAL_PATH_MAX];
        bool writes = how & FIFO_WRITES, touches = how & FIFO_TOUCHES, runs = how & FIFO_RUNS;
        /* EPERM's signature: touch's times alone (fifo_sig_touch_only()) */
        bool touch_only = c->fifo_sig >= 0 && (size_t) c->fifo_sig < c->d->n_fifo_denial &&
                          fifo_sig_touch_only(c->d->fifo_denial[c->fifo_sig]);

        absolute_path(c, path, SBX_DENIAL_PATH_MAX);
        if (path[0] != '/' || in_sandbox_dev_proc(path) || !host_name(c, path, strlen(path), host) ||
            in_sandbox_dev_proc(host))
                return false;
        /* beneath a host file system the launcher covers (bwrap's, the host's message queues):
         * its cover refuses every name there, whatever the host allows (escape54 left it: as
         * root and as nobody under bwrap, `touch MQ/x`, `ls MQ`, `echo x > MQ/y` read
         * task_failure) */
        if (c->host_covered && c->host_covered(c->resolve_userdata, host))
                goto counted;
        /* a run of another user's 0700 program, which root runs on the host (CAP_DAC_OVERRIDE
         * passes an execute bit set for anyone), refused root without its capabilities (review:
         * as root under bwrap, `bash -c ./x` of nobody's 0700 script read task_failure, the run
         * line never asked); wherever it lies: the capabilities are dropped everywhere */
        if (how & FIFO_EXECS) {
                if (!(c->host_needs_capability && c->host_needs_capability(c->resolve_userdata, host, true)) ||
                    (c->host_runs && c->host_runs(c->resolve_userdata, host) == 0))
                        return false;
                goto counted;
        }
        /* beneath the granted directories: root's refusal for want of the capabilities the command
         * does not keep (another user's 0644 file in the workspace); touch's EPERM there, times
         * the host lets the user set: root's given times of another user's file (CAP_FOWNER), its
         * current time of one whose bits refuse root's write (CAP_DAC_OVERRIDE, its open's EPERM of
         * an append-only file printed); another user's are its own there as on the host */
        if (beneath_any(host, c->granted, c->n_granted)) {
                if (touch_only ? !(touches && host_lets_touch(c, path))
                               : !(c->host_needs_capability && c->host_needs_capability(c->resolve_userdata, host, runs)))
                        return false;
        } else if (!touch_only && c->host_needs_capability && c->host_needs_capability(c->resolve_userdata, host, runs)) {
                /* outside them too, a line of a read (or a run) that root's capabilities would have
                 * passed (as root under bwrap in read-only mode, `cat F` of another user's 0600 file
                 * read task_failure; Landlock's line is a denial signature), and of a write: the
                 * kernel asks the bits of every directory searched, and of the file before the
                 * mount where the open does not truncate it (`>>`, `<>`), so the read-only bind's
                 * EROFS comes after root's EACCES (as root under bwrap, `echo x >> F` of another
                 * user's 0644 file, `exec 3> D/F` in another user's 0700 directory read
                 * task_failure) */
        } else if ((how & FIFO_READS) ||
                   ((touch_only || !(c->host_fifo && c->host_fifo(c->resolve_userdata, host, writes))) &&
                    !(touches && host_lets_touch(c, path))))
                return false;
counted:
        c->denial_lines++;
        if (!c->denial.hit) {
                c->denial.hit = true;
                c->denial.line_no = line_no;
                c->denial.sig = (int) c->d->n_denial + c->fifo_sig;
                copy_evidence(c->denial.line, sizeof(c->denial.line), s, len);
        }
        if (c->n_denials < SBX_DENIALS_KEPT) {
                struct sbx_denial *e = &c->denials[c->n_denials++];

                e->line_no = line_no;
                memcpy(e->line, line, sizeof(e->line));
                memcpy(e->path, (how & FIFO_FOLLOWS) ? host : path, sizeof(e->path));
        }
        return true;
}

/* The sqlite3 shell's "Error: cannot open "X"" (.output, .once, .save, .backup: a file it could
 * not open for writing, whatever the errno), and its "Error: unable to open database "X": unable
 * to open database file" (SQLITE_CANTOPEN: a database X it could open neither for writing nor,
 * SQLite's fallback, for reading; so a new one, whose creation was refused), are a denial only
 * where the caller read from the argv that the command is a sqlite3 writing X (context
 * sqlite_target); curl's "curl: (23) ..." (CURLE_WRITE_ERROR, which names no file: with -s its
 * warning that does is not printed) only where the caller read that the command is a curl writing
 * its output into a file (context curl_output), X. Then X must be outside the granted directories
 * and the sandbox's /dev and /proc, its directory on the host: there the sandbox refused the open
 * (bwrap's EROFS, Landlock's EACCES) unless the host refuses it too, which the denial's path, X,
 * is then judged by (host_refuses: as nobody, into /etc; a database of root's 0600). A missing
 * directory (ENOENT), X a directory on the host or a name ending in '/' (EISDIR: the host's
 * answer too, whatever the sandbox), another program's line of the same text and one `sbx
 * classify` reads (no argv): no denial. Whether the line, of that signature, is not such a denial;
 * *ret_target: it is one, of that file. */
static const char sqlite_open_sig[] = "Error: cannot open \"", sqlite_db_sig[] = "Error: unable to open database \"",
                  sqlite_db_end[] = "\": unable to open database file", curl_write_sig[] = "curl: (23)",
                  cmake_cache_sig[] = "Unable to open cache file for save.", cmake_cache_line[] = "CMake Error: Unable "
                                                                                               "to open cache file for save. ",
                  /* bwrap's: SQLite's write of a database it fell back to opening read-only
                   * (EROFS, not printed), anywhere on its line, of the argv's file as curl's */
                  sqlite_ro_sig[] = "write a readonly database",
                  /* the shell's SQLITE_CANTOPEN of a statement (an existing WAL database whose -shm
                   * it could not make: "Error: in prepare, unable to open database file (14)"), of
                   * the argv's file too */
                  sqlite_cant_sig[] = "unable to open database file (14)",
                  /* ... and its bare line of a dot-command (.tables, .schema) on such a database,
                   * the whole line, of the argv's file too */
                  sqlite_cant_dot_sig[] = "Error: unable to open database file";
/* e2fsprogs' chattr refused a change of a file's flags by EPERM: "chattr: Operation not permitted
 * while setting flags on X" */
static const char chattr_eperm_sig[] = "Operation not permitted while setting flags on";

/* SQLite's whole text of that write (context sqlite_readonly) */
static const char sqlite_ro_line[] = "attempt to write a readonly database";

/* binutils' (BFD's) lines of a file it could not make, the errno lost (context bfd_output) */
static const char bfd_archive_sig[] = "could not create temporary file whilst writing archive",
                  bfd_strip_sig[] = "could not create temporary file to hold stripped copy",
                  bfd_badf_sig[] = "Bad file descriptor";
/* javac's "F.java:N: error: error while writing C: could not create parent directories", no errno
 * (context javac_dir) */
static const char javac_dirs_sig[] = "could not create parent directories";
/* rustc's "error: failed to find or create the directory specified by `--out-dir`", the whole
 * line, of its --out-dir DIR it could not make (create_dir_all), no name, no errno (context
 * javac_dir, read as javac's -d DIR) */
static const char rustc_outdir_sig[] = "failed to find or create the directory specified by `--out-dir`";
/* 7-Zip's "Cannot create output directory : errno=N : E : DIR/" of its -o DIR, the whole line: its
 * errno the last of its recursive mkdir's (EEXIST of a level the host has, after the refusal of
 * the one below it), read as javac's -d DIR (javac_dir_line()), DIR named on the line */
static const char sevenzip_outdir_sig[] = "Cannot create output directory : errno=";
/* GNAT's compiler's file it could not make (its .ali): "gnat1: Cannot create: X" and the NUL that
 * ends X's C string, X as the compiler names it, no errno (any failure of its open: EACCES,
 * EROFS, ENOENT) */
static const char gnat_create_sig[] = "gnat1: Cannot create:", gnat_create_line[] = "gnat1: Cannot create: ";
/* SQLite's database it could not open for an ATTACH (or VACUUM INTO), named as the statement gave
 * it: "unable to open database: X" (SQLITE_CANTOPEN, no errno), the sqlite3 shell's "(14)" after
 * it, after its "Error: stepping, " or "Runtime error near line N: " (stdin's): any failure of
 * its open (EACCES, EROFS, a missing directory) */
static const char sqlite_attach_sig[] = "unable to open database:", sqlite_attach_text[] = "unable to open database: ";
/* CMake's -E tools' lines of a file or directory they could not make, no errno (any failure: the
 * sandbox's refusal, the host's, a missing source): copy's "Error copying file "S" to "X".",
 * make_directory's "Error creating directory "X".", touch's "cmake -E touch: failed to update
 * "X"." and copy_directory's "Error copying directory from "S" to "X"." */
static const char cmake_copy_sig[] = "Error copying file \"", cmake_mkdir_sig[] = "Error creating directory \"",
                  cmake_touch_sig[] = "cmake -E touch: failed to update \"",
                  cmake_copydir_sig[] = "Error copying directory from \"";
/* ... and copy_if_different's "Error copying file (if different) from "S" to "X".", read as
 * copy's, and touch_nocreate's "cmake -E touch_nocreate: failed to update "X".", as touch's of a
 * file the host has (review55: both read task_failure, under both backends, root and nobody) */
static const char cmake_copyif_sig[] = "Error copying file (if different) from \"",
                  cmake_touchnc_sig[] = "cmake -E touch_nocreate: failed to update \"";

/* Whether sig is copy's (or copy_if_different's) line; touch's (or touch_nocreate's). */
static bool cmake_copy_signature(const char *sig) {
        return strcasecmp(sig, cmake_copy_sig) == 0 || strcasecmp(sig, cmake_copyif_sig) == 0;
}

static bool cmake_touch_signature(const char *sig) {
        return strcasecmp(sig, cmake_touch_sig) == 0 || strcasecmp(sig, cmake_touchnc_sig) == 0;
}

/* Whether sig is one of CMake's -E lines above. */
static bool cmake_e_signature(const char *sig) {
        return cmake_copy_signature(sig) || strcasecmp(sig, cmake_mkdir_sig) == 0 || cmake_touch_signature(sig) ||
               strcasecmp(sig, cmake_copydir_sig) == 0;
}

/* Whether sig is one of binutils' lines of a file it could not make (bfd_output's). */
static bool bfd_signature(const char *sig) {
        return strcasecmp(sig, bfd_archive_sig) == 0 || strcasecmp(sig, bfd_strip_sig) == 0 ||
               strcasecmp(sig, bfd_badf_sig) == 0;
}

bool sbx_denial_sig_needs_argv(const char *sig) {
        return strcasecmp(sig, sqlite_open_sig) == 0 || strcasecmp(sig, sqlite_db_sig) == 0 ||
               strcasecmp(sig, curl_write_sig) == 0 || strcasecmp(sig, cmake_cache_sig) == 0 ||
               strcasecmp(sig, sqlite_ro_sig) == 0 || strcasecmp(sig, sqlite_cant_sig) == 0 ||
               strcasecmp(sig, sqlite_cant_dot_sig) == 0 ||
               strcasecmp(sig, bfd_archive_sig) == 0 || strcasecmp(sig, bfd_strip_sig) == 0 ||
               strcasecmp(sig, bfd_badf_sig) == 0 || strcasecmp(sig, javac_dirs_sig) == 0 ||
               strcasecmp(sig, rustc_outdir_sig) == 0 || strcasecmp(sig, sevenzip_outdir_sig) == 0 ||
               strcasecmp(sig, gnat_create_sig) == 0 || strcasecmp(sig, sqlite_attach_sig) == 0 ||
               cmake_e_signature(sig);
}

/* Whether curl --create-dirs would make the missing directory of the host path `host` on the host:
 * the nearest name above it that the host has is a directory (review51: as root in read-only
 * under Landlock, `curl --create-dirs -o /var/tmp/new/x URL` read task_failure, its "(23)" after
 * curl's "Error creating directory /var/tmp/new/x." (the EACCES of its mkdir of /var/tmp/new it
 * ignores), the denial lost). false: one is no directory (ENOTDIR, the host's answer too), or
 * one the host cannot tell (a directory on the way this user may not search: the host's refusal). */
static bool dirs_made(const struct sbx_classifier *c, const char *host) {
        char p[SBX_DENIAL_PATH_MAX];
        char *slash;

        if (!c->host_exists)
                return false;
        memcpy(p, host, strlen(host) + 1);
        while ((slash = strrchr(p, '/')) && slash != p) {
                int kind;

                *slash = '\0';
                kind = c->host_exists(c->resolve_userdata, p);
                if (kind != SBX_HOST_NAME_MISSING)
                        return kind == SBX_HOST_NAME_DIR || kind == SBX_HOST_NAME_DIR_ENTRIES;
        }
        return true; /* "/" */
}

/* A binutils line of the file it writes (bfd_output), as binutils 2.40 prints it: "PROG: could
 * not create temporary file whilst writing archive: ..." (ar, ranlib: no name), "PROG: X: could
 * not create temporary file to hold stripped copy: ..." (strip, objcopy in place) and "PROG: X:
 * Bad file descriptor", the whole line (their new output), PROG a word without blanks or ':'.
 * The name, absolute (the line's X joined to the cwd; bfd_output for the archive's line) into
 * path (SBX_DENIAL_PATH_MAX bytes), *ret_in_place whether the file is rewritten by a temporary
 * one in its directory. false: no such line. */
static bool bfd_line(const struct sbx_classifier *c, const unsigned char *s, size_t len, const char *sig, char *path,
                     bool *ret_in_place) {
        const bool archive = strcasecmp(sig, bfd_archive_sig) == 0, badf = strcasecmp(sig, bfd_badf_sig) == 0;
        const char *name, *end;
        size_t k = 0, n;

        while (k < len && s[k] != ' ' && s[k] != ':' && s[k] != '\t' && s[k] != '\0')
                k++;
        if (k == 0 || k + 2 > len || memcmp(s + k, ": ", 2) != 0)
                return false;
        name = (const char *) s + k + 2;
        n = len - k - 2;
        *ret_in_place = !badf;
        if (archive) {
                if (n < sizeof(bfd_archive_sig) - 1 || memcmp(name, bfd_archive_sig, sizeof(bfd_archive_sig) - 1) != 0)
                        return false;
                memcpy(path, c->bfd_output, strlen(c->bfd_output) + 1);
                return true;
        }
        if (badf) {
                if (n < sizeof(bfd_badf_sig) + 2 || memcmp(name + n - sizeof(bfd_badf_sig) - 1, ": ", 2) != 0 ||
                    memcmp(name + n - sizeof(bfd_badf_sig) + 1, bfd_badf_sig, sizeof(bfd_badf_sig) - 1) != 0)
                        return false;
                end = name + n - sizeof(bfd_badf_sig) - 1;
        } else if (!(end = memmem(name, n, ": could not create temporary file to hold stripped copy",
                                  sizeof(bfd_strip_sig) + 1)))
                return false;
        if (end == name || (size_t) (end - name) >= SBX_DENIAL_PATH_MAX || memchr(name, '\0', (size_t) (end - name)))
                return false;
        memcpy(path, name, (size_t) (end - name));
        path[end - name] = '\0';
        absolute_path(c, path, SBX_DENIAL_PATH_MAX);
        return true;
}

/* javac's line of the class file's directory it could not make (javac_dirs_sig: "F.java:N: error:
 * error while writing C: could not create parent directories", the whole line's end), of the
 * directory its argv's -d names (javac_dir): the level of it the sandbox refused, into
 * c->javac_level: its first level the host does not have, or itself where the host has it (a
 * package's directory in it); none (false) outside a denial: no such line or directory, a level
 * beneath the granted directories (but where root's capabilities would have made it) or the
 * sandbox's /dev and /proc, a name on its way no
 * directory on the host (ENOTDIR there too), or one the host refuses the user making (as nobody,
 * a directory of root's). javac prints that line for any failure of its mkdir (review: `javac -d
 * build X.java` in read-only mode read task_failure under both backends, the refusal lost). */
/* Whether the javac of an `&&` chain given -d dir (absolute) made it, so that the chain went on:
 * its host path is a directory on the host beneath the granted directories, where the sandbox
 * refuses no write, one root's capabilities were not needed to make a name in. */
static bool javac_dir_made(const struct sbx_classifier *c, const char *dir) {
        char host[SBX_DENIAL_PATH_MAX], in[SBX_DENIAL_PATH_MAX + 2];
        int kind;

        if (!c->host_exists || !host_name(c, dir, strlen(dir), host) || in_sandbox_dev_proc(host) ||
            !beneath_any(host, c->granted, c->n_granted))
                return false;
        kind = c->host_exists(c->resolve_userdata, host);
        (void) snprintf(in, sizeof(in), "%s/x", host);
        return (kind == SBX_HOST_NAME_DIR || kind == SBX_HOST_NAME_DIR_ENTRIES) &&
               !(c->host_needs_capability && c->host_needs_capability(c->resolve_userdata, in, false));
}

static bool dir_level_refused(struct sbx_classifier *c, const char *dir);

/* Whether the class of javac's line ("error while writing C: ", s len bytes) is one of the
 * argv's sources' javac writes a native header of ('+' in javac_natives), and no other type of
 * that name is ('-': two packages' types). */
static bool javac_class_native(const struct sbx_classifier *c, const unsigned char *s, size_t len) {
        static const char at[] = "error: error while writing ";
        const unsigned char *name = memmem(s, len, at, sizeof(at) - 1), *end;

        if (!name)
                return false;
        name += sizeof(at) - 1;
        if (!(end = memmem(name, len - (size_t) (name - s), ": ", 2)))
                return false;
        bool native = false;

        for (const char *t = c->javac_natives; t[0]; t += strlen(t) + 1)
                if (strlen(t + 1) == (size_t) (end - name) && memcmp(t + 1, name, (size_t) (end - name)) == 0) {
                        if (t[0] != '+')
                                return false;
                        native = true;
                }
        return native;
}

static bool javac_dir_line(struct sbx_classifier *c, const unsigned char *s, size_t len, bool rustc) {
        static const char tail[] = ": could not create parent directories",
                          rustc_line[] = "error: failed to find or create the directory specified by `--out-dir`";
        const size_t tl = sizeof(tail) - 1;
        /* the javac whose line it is: the first of the chain's whose directory was not made */
        const char *dir = c->javac_dir;

        for (const char *next = c->javac_later; dir[0] && next[0] && javac_dir_made(c, dir); next += strlen(next) + 1) {
                memcpy(c->later_target, next, strlen(next) + 1);
                argv_file_resolved(c, next, c->later_target);
                dir = c->later_target;
        }
        /* (rustc's: its line whole, its one directory: mine56, `rustc --out-dir /x/o m.rs` read
         * task_failure) */
        if (rustc ? len != sizeof(rustc_line) - 1 || memcmp(s, rustc_line, len) != 0 || c->javac_later[0]
                  : len <= tl || memcmp(s + len - tl, tail, tl) != 0 || !memmem(s, len, "error: error while writing ", 27))
                return false;
        /* javac's -h DIR, whose header it writes first, where -d's is no denial (strange56: `javac
         * -h /var/tmp/x/h -d . A.java`, A with a native method, in workspace-write recorded the
         * workspace); where both are, the class's own (readers58: a class with a native method
         * recorded -d's, which javac never made); not told: -d's */
        if (!rustc && dir == c->javac_dir && c->javac_header_dir[0] && javac_class_native(c, s, len) &&
            dir_level_refused(c, c->javac_header_dir))
                return true;
        if (dir_level_refused(c, dir))
                return true;
        return !rustc && dir == c->javac_dir && c->javac_header_dir[0] && dir_level_refused(c, c->javac_header_dir);
}

/* 7-Zip's line of its output directory (sevenzip_outdir_sig), the whole line "Cannot create output
 * directory : errno=N : E : DIR/", DIR absolute: judged as javac's -d DIR (strange56: `7zz x
 * -o/var/tmp/x/o a.7z` read task_failure under both backends, root and nobody, its errno 17 of
 * /var/tmp after the refused mkdir of /var/tmp/x). */
static bool sevenzip_outdir_line(struct sbx_classifier *c, const unsigned char *s, size_t len) {
        static const char start[] = "Cannot create output directory : errno=";
        const size_t sl = sizeof(start) - 1;
        const unsigned char *name;
        char dir[SBX_DENIAL_PATH_MAX];
        size_t i = sl, n;

        if (len <= sl || memcmp(s, start, sl) != 0)
                return false;
        while (i < len && isdigit(s[i]))
                i++;
        if (i == sl || !(name = memmem(s + i, len - i, " : /", 4)))
                return false;
        /* its errno's text, then the name, after the last " : " before it */
        for (const unsigned char *m; (m = memmem(name + 3, len - (size_t) (name + 3 - s), " : /", 4));)
                name = m;
        name += 3;
        n = len - (size_t) (name - s);
        while (n > 1 && name[n - 1] == '/')
                n--;
        if (n >= sizeof(dir) || memchr(name, '\0', n))
                return false;
        memcpy(dir, name, n);
        dir[n] = '\0';
        return dir_level_refused(c, dir);
}

/* The level of dir (absolute, or the argv's as resolved) that the sandbox refused making, into
 * c->javac_level (javac_dir_line()'s judgment); false: none. */
static bool dir_level_refused(struct sbx_classifier *c, const char *dir) {
        char host[SBX_DENIAL_PATH_MAX], level[SBX_DENIAL_PATH_MAX], probe[SBX_DENIAL_PATH_MAX + 2];
        int kind = SBX_HOST_NAME_MISSING;
        char *slash;

        if (!dir[0] || !c->host_exists || dialect_dev_proc(c, dir) ||
            !host_name(c, dir, strlen(dir), host) || dialect_dev_proc(c, host))
                return false;
        memcpy(level, host, strlen(host) + 1);
        /* up to the first level the host has: the one below it is what javac made first */
        memcpy(probe, host, strlen(host) + 1);
        while ((kind = c->host_exists(c->resolve_userdata, probe)) == SBX_HOST_NAME_MISSING) {
                memcpy(level, probe, strlen(probe) + 1);
                if (!(slash = strrchr(probe, '/')))
                        return false;
                if (slash == probe) {
                        probe[1] = '\0';
                        if ((kind = c->host_exists(c->resolve_userdata, probe)) == SBX_HOST_NAME_MISSING)
                                return false;
                        break;
                }
                *slash = '\0';
        }
        if (kind != SBX_HOST_NAME_DIR && kind != SBX_HOST_NAME_DIR_ENTRIES)
                return false;
        /* the host's own answer: the level made, or a name made in the directory it is */
        if (strcmp(probe, host) == 0)
                (void) snprintf(probe, sizeof(probe), "%s/x", strcmp(host, "/") == 0 ? "" : host);
        else
                memcpy(probe, level, strlen(level) + 1);
        /* beneath the granted directories, only where root's capabilities, which the command does
         * not keep, would have made it: the level, or a name in it where the host has it (mine52,
         * review52: as root, `javac -d cls X.java` and `javac -d odir/classes X.java` in another
         * user's 0755 directory of the workspace read task_failure under both backends, `mkdir
         * odir/classes` denied) */
        /* (what is made: the level, or a name in it where the host has it, so that a granted
         * directory itself is one it makes in: strange56, `javac -h H -d . A.java` at the
         * workspace's top in workspace-write recorded the workspace) */
        if (beneath_any(probe, c->granted, c->n_granted) &&
            !(c->host_needs_capability && c->host_needs_capability(c->resolve_userdata, probe, false)))
                return false;
        if (c->host_refuses && c->host_refuses(c->resolve_userdata, probe, false, false, false))
                return false;
        memcpy(c->javac_level, level, strlen(level) + 1);
        return true;
}

/* A CMake -E line (cmake_e_signature()), the whole line, of sig: what the sandbox refused, as the
 * host path it names, into path (SBX_DENIAL_PATH_MAX bytes): X's first level the host does not
 * have (copy and copy_directory make X's missing directories, make_directory all of X); X itself
 * where the host has its directory, a file in it where X is a directory on the host (copy's
 * S's name in it); X itself for copy_directory into X, *ret_into (an existing directory the
 * files are made in). false: no denial of it: no such line, a source S that the host has not
 * (copy's file, copy_directory's directory: the line's the same, the host's answer), or one the
 * host refuses the user reading (host_unreadable: its read fails there first; without that
 * question not told: a denial, failing closed), a name on X's way no directory on the host or one it cannot tell,
 * make_directory of a directory the host has. The name is then judged as any other's
 * (argv_output_line()). (left54b: `cmake -E copy in.txt /var/tmp/o/x` in workspace-write, and
 * `cmake -E copy in.txt out.txt` in read-only, read task_failure under both backends.) */
static bool cmake_e_line(const struct sbx_classifier *c, const unsigned char *s, size_t len, const char *sig, char *path,
                         bool *ret_into) {
        static const char tail[] = "\".", to[] = "\" to \"";
        const bool copy = cmake_copy_signature(sig), copydir = strcasecmp(sig, cmake_copydir_sig) == 0,
                   mkdir = strcasecmp(sig, cmake_mkdir_sig) == 0, nocreate = strcasecmp(sig, cmake_touchnc_sig) == 0;
        const size_t sl = strlen(sig);
        char src[SBX_DENIAL_PATH_MAX], host[SBX_DENIAL_PATH_MAX], probe[SBX_DENIAL_PATH_MAX];
        const char *x = (const char *) s + sl, *end;
        size_t t = len, n;
        int kind;

        *ret_into = false;
        while (t > 0 && (s[t - 1] == ' ' || s[t - 1] == '\t' || s[t - 1] == '\r'))
                t--;
        if (!c->host_exists || t < sl + 2 || strncasecmp((const char *) s, sig, sl) != 0 ||
            memcmp(s + t - 2, tail, 2) != 0 || memchr(s, '\0', t))
                return false;
        end = (const char *) s + t - 2;
        if (copy || copydir) {
                /* the source, before the last " to ": the host must have it, and let it be read */
                const char *sep = NULL;

                for (const char *q = x; (q = memmem(q, (size_t) (end - q), to, sizeof(to) - 1)); q++)
                        sep = q;
                if (!sep || sep == x || (n = (size_t) (sep - x)) >= sizeof(src))
                        return false;
                memcpy(src, x, n);
                src[n] = '\0';
                absolute_path(c, src, sizeof(src));
                if (src[0] != '/' || !host_name(c, src, strlen(src), host))
                        return false;
                kind = c->host_exists(c->resolve_userdata, host);
                if (copy ? kind != SBX_HOST_NAME_FILE : kind != SBX_HOST_NAME_DIR && kind != SBX_HOST_NAME_DIR_ENTRIES)
                        return false;
                /* a source the host refuses the user reading: its read fails there first (left55:
                 * as nobody, `cmake -E copy` of root's 0600 file read denied) */
                if (c->host_unreadable && c->host_unreadable(c->resolve_userdata, host))
                        return false;
                x = sep + sizeof(to) - 1;
        }
        if (x >= end || (n = (size_t) (end - x)) >= SBX_DENIAL_PATH_MAX)
                return false;
        memcpy(path, x, n);
        path[n] = '\0';
        absolute_path(c, path, SBX_DENIAL_PATH_MAX);
        if (path[0] != '/' || dialect_dev_proc(c, path) || !host_name(c, path, strlen(path), host) ||
            dialect_dev_proc(c, host))
                return false;
        /* up to the first level the host has */
        memcpy(probe, host, strlen(host) + 1);
        memcpy(path, host, strlen(host) + 1);
        while ((kind = c->host_exists(c->resolve_userdata, probe)) == SBX_HOST_NAME_MISSING) {
                char *slash = strrchr(probe, '/');

                memcpy(path, probe, strlen(probe) + 1);
                if (!slash || slash == probe)
                        return false;
                *slash = '\0';
        }
        if (strcmp(probe, host) != 0) /* a missing level made: its parent a directory */
                return !nocreate && (kind == SBX_HOST_NAME_DIR || kind == SBX_HOST_NAME_DIR_ENTRIES);
        if (kind < 0)
                return false;
        if (kind == SBX_HOST_NAME_DIR || kind == SBX_HOST_NAME_DIR_ENTRIES) {
                const char *base;

                if (mkdir)
                        return false;
                if (copydir) {
                        *ret_into = true;
                        return true;
                }
                if (!copy)
                        return false; /* touch's of a directory: its times, no denial told */
                base = strrchr(src, '/') + 1;
                if (!base[0] || strlen(host) + 1 + strlen(base) >= SBX_DENIAL_PATH_MAX)
                        return false;
                (void) snprintf(path, SBX_DENIAL_PATH_MAX, "%s/%s", strcmp(host, "/") == 0 ? "" : host, base);
                return true;
        }
        /* X a file: copy and touch write it, make_directory and copy_directory fail on the host
         * too (EEXIST, ENOTDIR) */
        return !mkdir && !copydir;
}

/* Whether the command wrote file (absolute: curl_output or one of curl_later, bfd_output or one of
 * bfd_later), so that it went on to the next (an `&&` chain's curl, ranlib's next archive): its
 * host path (host_name()) is the sandbox's /dev/null or a name in its own /dev/shm (bubblewrap's),
 * or lies beneath the granted directories, where the sandbox refuses none of its writes, and the
 * host lets the user write it there (its directory there or made (dirs: curl's --create-dirs), no
 * directory of that name, neither host_needs_capability nor host_refuses; in_place: a name made in
 * its directory too, BFD's temporary file). */
static bool argv_file_written(const struct sbx_classifier *c, const char *file, bool dirs, bool in_place) {
        char host[SBX_DENIAL_PATH_MAX], in[SBX_DENIAL_PATH_MAX + 10];
        const char *slash;

        if (!c->host_dir_missing || !host_name(c, file, strlen(file), host))
                return false;
        if (strcmp(host, "/dev/null") == 0 && !in_place)
                return true;
        /* a name made in the sandbox's own /dev/shm (bubblewrap's tmpfs, dialect_dev_proc(); not
         * Landlock's, the host's), where any write succeeds (left55: `curl -so /dev/shm/a U &&
         * curl -so /var/tmp/x/b U` in read-only read task_failure under bwrap, /dev/shm/a taken
         * for the unwritten one) */
        if (strncmp(host, "/dev/shm/", 9) == 0 && host[9] && !strchr(host + 9, '/') && dialect_dev_proc(c, host))
                return true;
        if (in_sandbox_dev_proc(host) || !beneath_any(host, c->granted, c->n_granted) ||
            (c->host_needs_capability && c->host_needs_capability(c->resolve_userdata, host, false)) ||
            (c->host_dir_missing(c->resolve_userdata, host) && !(dirs && dirs_made(c, host))))
                return false;
        (void) snprintf(in, sizeof(in), "%s/x", host);
        if (!c->host_dir_missing(c->resolve_userdata, in) ||
            (c->host_refuses && c->host_refuses(c->resolve_userdata, host, false, true, false)))
                return false;
        if (!in_place || !(slash = strrchr(host, '/')))
                return true;
        (void) snprintf(in, sizeof(in), "%.*s/stXXXXXX", (int) (slash - host), host);
        return !(c->host_refuses && c->host_refuses(c->resolve_userdata, in, false, false, false)) &&
               !(c->host_needs_capability && c->host_needs_capability(c->resolve_userdata, in, false));
}

/* The file of the first of first and the files of later (one of the lists above) that the command
 * did not write (argv_file_written()): first, or one of later copied into c->later_target (a ".."
 * as the host resolves it, as argv_file_resolved() made first's). The file an `&&` chain's curl
 * status 23 or "(23)" line is of, ranlib's line of the archive it could not write. */
static const char *first_unwritten(struct sbx_classifier *c, const char *first, const char *later, bool dirs,
                                   bool in_place) {
        const char *t = first;

        for (const char *next = later; t[0] && next[0] && argv_file_written(c, t, dirs, in_place);
             next += strlen(next) + 1) {
                memcpy(c->later_target, next, strlen(next) + 1);
                argv_file_resolved(c, next, c->later_target);
                t = c->later_target;
        }
        return t;
}

/* The file of bfd_output and bfd_later that a binutils line's path (absolute) names: that one
 * (one of bfd_later copied into c->later_target), or bfd_output. */
static const char *bfd_named(struct sbx_classifier *c, const char *path) {
        for (const char *next = c->bfd_later; c->bfd_output[0] && strcmp(path, c->bfd_output) != 0 && next[0];
             next += strlen(next) + 1) {
                memcpy(c->later_target, next, strlen(next) + 1);
                argv_file_resolved(c, next, c->later_target);
                if (strcmp(path, c->later_target) == 0)
                        return c->later_target;
        }
        return c->bfd_output;
}

/* The file a line names as name[0..n) (GNAT's, SQLite's ATTACH: no NUL in it), made absolute
 * against the command's directory, into path (SBX_DENIAL_PATH_MAX bytes) and c->line_file: 1; 0
 * where it is not absolute then (no directory known) or ends in '/'; -ENAMETOOLONG where it, or
 * its join to the command's directory (which the kernel takes: the name alone is passed), is
 * longer than a path kept. */
static int line_file_named(struct sbx_classifier *c, const unsigned char *name, size_t n, char *path) {
        if (n >= SBX_DENIAL_PATH_MAX)
                return -ENAMETOOLONG;
        if (memchr(name, '\0', n))
                return 0;
        memcpy(path, name, n);
        path[n] = '\0';
        absolute_path(c, path, SBX_DENIAL_PATH_MAX);
        if (path[0] && path[0] != '/' && path[0] != '~' && c->cwd[0])
                return -ENAMETOOLONG;
        if (path[0] != '/' || path[strlen(path) - 1] == '/')
                return 0;
        memcpy(c->line_file, path, strlen(path) + 1);
        return 1;
}

/* line_file_named() of the name[0..n) SQLite's ATTACH line prints: a relative one of the
 * directory its `.cd`s moved the shell to (sqlite_dir; attach57: before, of the command's, `sqlite3
 * -cmd '.cd /x' :memory: "attach 't.db' as x; ..."` in workspace-write read task_failure), none
 * where a `.cd` not read may have (sqlite_dir_lost: 0, not judged). */
static int sqlite_line_file(struct sbx_classifier *c, const unsigned char *name, size_t n, char *path) {
        char joined[SBX_DENIAL_PATH_MAX];
        int len;

        if (n == 0 || name[0] == '/' || (!c->sqlite_dir[0] && !c->sqlite_dir_lost))
                return line_file_named(c, name, n, path);
        if (c->sqlite_dir_lost || memchr(name, '\0', n) || n > INT_MAX)
                return 0;
        if ((len = snprintf(joined, sizeof(joined), "%s/%.*s", c->sqlite_dir, (int) n, (const char *) name)) < 0 ||
            (size_t) len >= sizeof(joined))
                return -ENAMETOOLONG;
        return line_file_named(c, (const unsigned char *) joined, (size_t) len, path);
}

/* The file SQLite's "attempt to write a readonly database" (which names none) is of: sqlite_target,
 * else sqlite_db; where the SQL may write either (sqlite_target_or_db), the one outside the granted
 * directories where the other is beneath them, which the sandbox refused (left56: `attach 'X' as
 * x; insert into t ...`, t X's alone, in workspace-write X outside read task_failure, the
 * database in the workspace judged). */
static const char *sqlite_written(const struct sbx_classifier *c) {
        if (!c->sqlite_target[0])
                return c->sqlite_db;
        if (c->sqlite_target_or_db && c->sqlite_db[0] && beneath_any(c->sqlite_target, c->granted, c->n_granted) &&
            !beneath_any(c->sqlite_db, c->granted, c->n_granted))
                return c->sqlite_db;
        return c->sqlite_target;
}

/* The file 7-Zip's "errno=N : " (or jar's line) is of: archive_output, the temporary file made
 * first, else the archive it is moved onto (archive_moved_to) where that alone lies outside the
 * granted directories, as sqlite_written() judges its two. */
static const char *archive_written(const struct sbx_classifier *c) {
        if (c->archive_moved_to[0] && beneath_any(c->archive_output, c->granted, c->n_granted) &&
            !beneath_any(c->archive_moved_to, c->granted, c->n_granted))
                return c->archive_moved_to;
        return c->archive_output;
}

static bool argv_output_line(struct sbx_classifier *c, const unsigned char *s, size_t len, const char **ret_target) {
        const char *sig = c->d->denial[c->denial_sig];
        const bool db = strcasecmp(sig, sqlite_db_sig) == 0, curl = strcasecmp(sig, curl_write_sig) == 0,
                   cache = strcasecmp(sig, cmake_cache_sig) == 0,
                   dot = strcasecmp(sig, sqlite_cant_dot_sig) == 0,
                   ro = strcasecmp(sig, sqlite_ro_sig) == 0 || strcasecmp(sig, sqlite_cant_sig) == 0 || dot,
                   bfd = bfd_signature(sig),
                   gnat = strcasecmp(sig, gnat_create_sig) == 0,
                   attach = strcasecmp(sig, sqlite_attach_sig) == 0, cmake_e = cmake_e_signature(sig);
        /* ro: the line names no file, as curl's */
        const bool unnamed = curl || ro;
        bool in_place = false, into = false;
        /* ro: where the commands are not read (stdin's, `sqlite3 DB < s.sql`, no target), their
         * database's: the file SQLite opened read-only (an ATTACHed one's write is refused alike) */
        const char *target = bfd     ? c->bfd_output
                             : curl  ? first_unwritten(c, c->curl_output, c->curl_later, c->curl_create_dirs, false)
                             : cache ? c->line_file
                             : ro    ? sqlite_written(c)
                                     : c->sqlite_target,
                   *start = curl ? "curl: (23) " : ro ? "" : cache ? cmake_cache_line : db ? sqlite_db_sig : sqlite_open_sig,
                   *end = unnamed || cache ? "" : db ? sqlite_db_end : "\"";
        const size_t sl = strlen(start), el = strlen(end); /* what comes before and after the name */
        char path[SBX_DENIAL_PATH_MAX], host[SBX_DENIAL_PATH_MAX], in[SBX_DENIAL_PATH_MAX + 2];
        size_t n;

        if (!sbx_denial_sig_needs_argv(sig))
                return false;
        if (strcasecmp(sig, javac_dirs_sig) == 0 || strcasecmp(sig, rustc_outdir_sig) == 0 ||
            strcasecmp(sig, sevenzip_outdir_sig) == 0) {
                if (strcasecmp(sig, sevenzip_outdir_sig) == 0 ? !sevenzip_outdir_line(c, s, len)
                                                              : !javac_dir_line(c, s, len, strcasecmp(sig, rustc_outdir_sig) == 0))
                        return true;
                *ret_target = c->javac_level;
                return false;
        }
        if (dot) {
                /* the whole line: another program's, or one naming more, is not the shell's */
                size_t t = len;

                while (t > 0 && (s[t - 1] == ' ' || s[t - 1] == '\t' || s[t - 1] == '\r'))
                        t--;
                if (t != sizeof(sqlite_cant_dot_sig) - 1 || memcmp(s, sqlite_cant_dot_sig, t) != 0)
                        return true;
        }
        if (gnat) {
                /* GNAT's: the line alone, its name after the text and before the NUL that ends
                 * it (the Ada string's C terminator, printed), relative to the command's
                 * directory (gnat1 runs in gcc's); judged against the host as CMake's cache file
                 * (mine53: `gcc -c h.adb -o /var/tmp/o/h.o`, its .ali beside the object, in
                 * workspace-write read task_failure under both backends, root and nobody) */
                const size_t gl = sizeof(gnat_create_line) - 1;
                size_t t = len;
                int k;

                while (t > 0 && (s[t - 1] == ' ' || s[t - 1] == '\t' || s[t - 1] == '\0'))
                        t--;
                if (!c->host_dir_missing || t <= gl || strncasecmp((const char *) s, gnat_create_line, gl) != 0)
                        return true;
                /* one too long to keep: a denial of no path, as an argv's file too long
                 * (argv_name_lost), as CMake -E's (it read task_failure) */
                if ((k = line_file_named(c, s + gl, t - gl, path)) <= 0)
                        return k == 0;
                target = c->line_file;
        } else if (attach) {
                /* SQLite's: the name after its text to the line's end, the shell's " (14)" left
                 * off, relative to the command's directory (the process's, whose open it was);
                 * judged against the host as GNAT's (left54b: `sqlite3 ws.db "attach 'X' as x;
                 * create table x.t(a);"`, X outside the workspace, in workspace-write read
                 * task_failure under both backends, the pipe form's "Runtime error near line 1:"
                 * too) */
                const size_t al = sizeof(sqlite_attach_text) - 1;
                const unsigned char *at = memmem(s, len, sqlite_attach_text, al);
                size_t t = len;
                int k;

                while (t > 0 && (s[t - 1] == ' ' || s[t - 1] == '\t' || s[t - 1] == '\r'))
                        t--;
                if (t >= 5 && memcmp(s + t - 5, " (14)", 5) == 0)
                        t -= 5;
                if (!c->host_dir_missing || !at || (size_t) (at - s) + al >= t)
                        return true;
                /* ... a URI as the statement gave it, its file as SQLite reads it (left56:
                 * `attach 'file:/x/a.db' as a; create table a.t(a)` read task_failure, under both
                 * backends, root and nobody); one SQLite opens without making it (mode=rw, ro),
                 * missing, the host's answer too */
                if (sbx_sqlite_uri_is((const char *) at + al, t - (size_t) (at - s) - al)) {
                        char file[SBX_DENIAL_PATH_MAX];

                        if (sbx_sqlite_uri_path((const char *) at + al, t - (size_t) (at - s) - al, file, sizeof(file)) !=
                                    SBX_SQLITE_URI_CREATES ||
                            sqlite_line_file(c, (const unsigned char *) file, strlen(file), path) <= 0)
                                return true;
                } else if ((k = sqlite_line_file(c, at + al, t - (size_t) (at - s) - al, path)) <= 0) {
                        return k == 0; /* too long to keep: a denial of no path, as GNAT's */
                }
                target = c->line_file;
        } else if (cmake_e) {
                /* (one whose name is too long to keep, its line longer than a name kept: a denial
                 * of no path, as an argv's file too long, argv_name_lost) */
                if (!c->host_dir_missing || !cmake_e_line(c, s, len, sig, path, &into))
                        return !c->host_dir_missing || len < SBX_DENIAL_PATH_MAX;
                memcpy(c->line_file, path, strlen(path) + 1);
                target = c->line_file;
        } else if (bfd) {
                if (!target[0] && c->argv_lost)
                        return false; /* the argv's file too long to keep: a denial of no path */
                if (!target[0] || !c->host_dir_missing || !bfd_line(c, s, len, sig, path, &in_place))
                        return true;
                /* ranlib's line of A B names none: the first it did not write; strip's names it */
                if (strcasecmp(sig, bfd_archive_sig) == 0) {
                        target = first_unwritten(c, c->bfd_output, c->bfd_later, false, true);
                        memcpy(path, target, strlen(target) + 1);
                } else {
                        target = bfd_named(c, path);
                        /* its output through a dangling link, as the host resolved it before the
                         * run: binutils unlinks the link after the failed open (tools57: `strip -o
                         * l m.o`, l a workspace link to a new file outside, in workspace-write read
                         * task_failure under both backends, l asked of the host once gone) */
                        if (target == c->bfd_output && c->bfd_followed[0] && strcmp(path, c->bfd_output) == 0) {
                                memcpy(path, c->bfd_followed, strlen(c->bfd_followed) + 1);
                                target = c->bfd_followed;
                        }
                }
        } else if (!cache && !target[0] && !(db && c->sqlite_db[0]) && c->argv_lost) {
                return false; /* the argv's file too long to keep: a denial of no path */
        } else if (len <= sl + el || memcmp(s, start, sl) != 0 || memcmp(s + len - el, end, el) != 0 ||
            (!cache && !target[0] && !(db && c->sqlite_db[0])) || !c->host_dir_missing)
                return true;
        if (bfd || gnat || attach || cmake_e) {
                /* read above */
        } else if (unnamed)
                memcpy(path, target, strlen(target) + 1); /* the line names none */
        else {
                if ((n = len - sl - el) >= sizeof(path) || memchr(s + sl, '\0', n))
                        return true;
                memcpy(path, s + sl, n);
                path[n] = '\0';
                if (cache) {
                        /* CMake's cache it could not save, named whole on its line */
                        if (path[0] != '/')
                                return true;
                        memcpy(c->line_file, path, n + 1);
                }
                /* sqlite3's database given as a URI, printed as given: its file as SQLite reads
                 * it, one it would make (strange56: `sqlite3 file:w.db 'create table t(a)'` in
                 * read-only read task_failure, the URI joined to the cwd whole); mode=ro or rw of
                 * a missing file: the host's answer too */
                if (db && sbx_sqlite_uri_is(path, n)) {
                        char uri[SBX_DENIAL_PATH_MAX];

                        if (sbx_sqlite_uri_path(path, n, uri, sizeof(uri)) != SBX_SQLITE_URI_CREATES)
                                return true;
                        n = strlen(uri);
                        memcpy(path, uri, n + 1);
                }
                /* the argv's relative name, printed from where a .cd moved it (left54: read as
                 * the start's, in workspace-write a refusal of /x/t.db read task_failure) */
                if (db && c->sqlite_db_moved && path[0] != '/' && n < strlen(c->sqlite_db) &&
                    c->sqlite_db[strlen(c->sqlite_db) - n - 1] == '/' &&
                    strcmp(c->sqlite_db + strlen(c->sqlite_db) - n, path) == 0)
                        memcpy(path, c->sqlite_db, strlen(c->sqlite_db) + 1);
                else if (!db && !cache && path[0] != '/' && (c->sqlite_dir[0] || c->sqlite_dir_lost)) {
                        /* a `.backup`'s, `.save`'s, `.output`'s or `.once`'s relative name, of
                         * the directory the shell's `.cd`s moved it to, as an ATTACH's
                         * (sqlite59: before, of the command's, `sqlite3 :memory: '.cd D'
                         * '.backup x.db'` of a refused D read task_failure); none where a `.cd`
                         * not read may have */
                        int k = sqlite_line_file(c, (const unsigned char *) s + sl, n, path);

                        if (k <= 0)
                                return k == 0;
                } else
                        absolute_path(c, path, sizeof(path));
                if (db && strcmp(path, target) != 0)
                        target = c->sqlite_db; /* the database, whatever its commands */
        }
        if (!target[0] || strcmp(path, target) != 0 || dialect_dev_proc(c, path) || !host_name(c, path, strlen(path), host) ||
            dialect_dev_proc(c, host) ||
            (c->host_dir_missing(c->resolve_userdata, host) && !(curl && c->curl_create_dirs && dirs_made(c, host))))
                return true;
        /* beneath the granted directories: a refusal only of root's, for want of the capabilities
         * the command does not keep, as a line that names the file is (fifo_denial_at(); review52:
         * as root in workspace-write, `curl -so F URL` of a new F in another user's 0755 directory
         * in the workspace read task_failure, `echo x > F` denied) */
        if (beneath_any(host, c->granted, c->n_granted) &&
            !(c->host_needs_capability && c->host_needs_capability(c->resolve_userdata, host, false)))
                return true;
        /* X a directory: the host holds one to make a name in at X (review: as root, `.output
         * /var/tmp` and `.output /var/tmp/new/` read as denied, sqlite3's EISDIR without sbx too);
         * the name as the line writes it ends in '/' (curl's, sbx_run_curl_output() reads none) */
        (void) snprintf(in, sizeof(in), "%s/x", strcmp(host, "/") == 0 ? "" : host);
        if ((!unnamed && !bfd && !gnat && !attach && !cmake_e && s[len - el - 1] == '/') ||
            (!into && !c->host_dir_missing(c->resolve_userdata, in)))
                return true;
        /* a file rewritten in place: BFD makes the new one by another name in its directory and
         * renames it over the old, which the host must let the user make too (as nobody, ranlib
         * of nobody's archive in a directory of root's fails so without sbx) */
        if (in_place && c->host_refuses) {
                char *slash = strrchr(host, '/');

                (void) snprintf(in, sizeof(in), "%.*s/stXXXXXX", slash ? (int) (slash - host) : 0, host);
                if (c->host_refuses(c->resolve_userdata, in, false, false, false))
                        return true;
        }
        *ret_target = target;
        return false;
}

/* javac's "F.java:N: error: error while writing C: MESSAGE", MESSAGE the IOException's of the
 * class file it could not write: an AccessDeniedException's is the path alone (EACCES: Landlock's
 * refusal, or the host's, judged as any path is), another errno's names its reason after the path
 * ("PATH: No space left on device"), and "could not create parent directories" names none (any
 * failure of its mkdir). Whether text[0..tl) is that line, C a class's name (Outer$Inner) and
 * MESSAGE an absolute path alone; *ret_at: where it starts. (The generic extraction took
 * "F.java:1" for its name.) */
static const char javac_write_sig[] = "error: error while writing";

static bool javac_written_path(const char *text, size_t tl, size_t *ret_at) {
        static const char start[] = "error: error while writing ";
        const size_t sl = sizeof(start) - 1;
        const char *sig = memmem(text, tl, start, sl);
        size_t i, name;

        if (!sig)
                return false;
        i = (size_t) (sig - text) + sl;
        for (name = i; i < tl && (isalnum((unsigned char) text[i]) || text[i] == '_' || text[i] == '$' ||
                                  (unsigned char) text[i] >= 0x80);
             i++)
                ;
        if (i == name || tl - i < 3 || text[i] != ':' || text[i + 1] != ' ' || text[i + 2] != '/')
                return false;
        i += 2;
        /* the path alone: no reason after it (": No space left on device"), nothing cut */
        if (memmem(text + i, tl - i, ": ", 2) || memchr(text + i, '\0', tl - i))
                return false;
        *ret_at = i;
        return true;
}

/* A kept denial of a file the refused call opened following its symlinks (an open for writing
 * with O_CREAT): its path becomes what the host resolves it to, the file the sandbox refused (not
 * the sandbox's /dev and /proc, nor where the host cannot tell). Under Landlock /dev/shm is the
 * host's (dialect_dev_proc()): a workspace link to /dev/shm/X names X (escape56: the link was
 * recorded, X taken for the sandbox's own). */
static void kept_path_followed(const struct sbx_classifier *c, struct sbx_denial *e) {
        char host[SBX_DENIAL_PATH_MAX];

        if (e->path[0] == '/' && c->resolve && !dialect_dev_proc(c, e->path) &&
            host_name(c, e->path, strlen(e->path), host) && !dialect_dev_proc(c, host))
                memcpy(e->path, host, strlen(host) + 1);
}

/* A kept denial of a name the refused call did not follow (a link made, a file removed): its
 * directory is what the host resolves it to all the same, the kernel following the symlinks of
 * every component but the last (links56: `ln -sf in ldir` and `install in ldir`, ldir a link in
 * the workspace to a directory outside it, recorded <ws>/ldir/in, not the directory refused); not
 * the sandbox's /dev and /proc, nor where the host cannot tell. */
static void kept_path_dir_followed(const struct sbx_classifier *c, struct sbx_denial *e) {
        struct resolve_memo *m = c->dir_resolved;
        char dir[SBX_DENIAL_PATH_MAX];
        const char *slash = strrchr(e->path, '/'), *base = slash ? slash + 1 : NULL, *host = m->out;
        size_t dl, hl, bl;

        if (e->path[0] != '/' || !c->resolve || slash == e->path || !base || !base[0] || strcmp(base, ".") == 0 ||
            strcmp(base, "..") == 0 || in_sandbox_dev_proc(e->path) || has_dotdot(e->path))
                return;
        dl = (size_t) (slash - e->path);
        memcpy(dir, e->path, dl);
        dir[dl] = '\0';
        /* (the last answer kept: a denial line printed many times, each kept, asks once) */
        if (!m->known || strcmp(m->in, dir) != 0) {
                m->k = c->resolve(c->resolve_userdata, dir, m->out, sizeof(m->out));
                m->known = true;
                memcpy(m->in, dir, dl + 1);
        }
        if (m->k == 0 || m->k >= sizeof(m->out) || host[0] != '/' || in_sandbox_dev_proc(host) || strcmp(host, dir) == 0)
                return;
        hl = strlen(host);
        bl = strlen(base);
        if (hl + 1 + bl >= sizeof(e->path))
                return;
        memmove(e->path + hl + 1, base, bl + 1);
        memcpy(e->path, host, hl);
        e->path[hl] = '/';
}

static int finalize_line(struct sbx_classifier *c, uint64_t line_no, const unsigned char *s, size_t len,
                         bool whole) {
        const struct sbx_dialect *d = c->d;
        /* sqlite3's "Error: cannot open "X"" or "unable to open database "X"", X its target; curl's
         * "(23)" of its output file X */
        const char *argv_output = NULL;
        int r;

        if (c->denial_sig < 0 && c->fifo_sig >= 0 && (r = fifo_denial_line(c, line_no, s, len, whole)) < 0)
                return r;
        if (c->denial_sig >= 0 && strcasecmp(d->denial[c->denial_sig], curl_write_sig) == 0)
                c->curl_line = true;
        /* javac's line of a class file it could not write: a denial of that signature only where
         * it names the path alone (AccessDeniedException); another signature after it still is
         * one ("... error while writing X: /x: Permission denied", no javac's) */
        if (c->denial_sig >= 0 && strcasecmp(d->denial[c->denial_sig], javac_write_sig) == 0 &&
            !javac_written_path((const char *) s, len, &(size_t){ 0 })) {
                size_t ss, se;
                int mark = -1;

                c->denial_sig = -1;
                if ((r = match(c, &d->denial_re, s, len, &ss, &se, NULL)) < 0)
                        return r;
                if (r > 0 && se < len && (r = match(c, &d->denial_re, s + se, len - se, &ss, &se, &mark)) < 0)
                        return r;
                if (r > 0 && mark >= 0 && (size_t) mark < d->n_denial)
                        c->denial_sig = mark;
        }
        if (c->denial_sig >= 0 && argv_output_line(c, s, len, &argv_output)) {
                /* SQLite's and CMake -E's lines without errno name a file whose failure another
                 * tool's line of the same words may tell, its errno after it ("Error copying file
                 * "a" to "/etc/x": Permission denied"): a signature after theirs is still read */
                const char *sig = d->denial[c->denial_sig];

                c->denial_sig = -1;
                if (strcasecmp(sig, sqlite_attach_sig) == 0 || cmake_e_signature(sig)) {
                        size_t ss, se;
                        int mark = -1;

                        if ((r = match(c, &d->denial_re, s, len, &ss, &se, NULL)) < 0)
                                return r;
                        if (r > 0 && se < len && (r = match(c, &d->denial_re, s + se, len - se, &ss, &se, &mark)) < 0)
                                return r;
                        if (r > 0 && mark >= 0 && (size_t) mark < d->n_denial && !sbx_denial_sig_needs_argv(d->denial[mark]))
                                c->denial_sig = mark;
                }
        }
        /* a write of a database its sqlite3 opened read-only as asked (-readonly): the task's
         * own, whatever the sandbox (left52: under Landlock, where the line is a denial by its
         * text alone, `sqlite3 -readonly e.db < s.sql` read denied) */
        if (c->denial_sig >= 0 && c->sqlite_readonly && memmem(s, len, sqlite_ro_line, sizeof(sqlite_ro_line) - 1))
                c->denial_sig = -1;
        if (c->denial_sig >= 0) {
                char line[SBX_MATCHED_LINE_MAX], path[SBX_DENIAL_PATH_MAX] = "";
                /* follows: the refused call followed the name's symlinks (an open for writing of
                 * the argv's file, a touch that dereferences): the record names what the host
                 * resolves it to, the file the sandbox refused */
                bool follows = false;
                bool keep = c->n_denials < SBX_DENIALS_KEPT, own = false, run = true, opens = false, reads = false, bare,
                     searched = false, chained = false, socket = false, given_away = false, tcl = false,
                     bundler = false, held = false, to_dest = false, runs_only = false, perl_writes = false;
                size_t jat = 0;
                int make = MAKE_NONE;
                bool creates = false; /* a shell's "cannot create X", cp's destination: X a file's name */
                int removes = 0;
                const char *partner = NULL; /* the name the path pairs with, in text */
                size_t partner_at = 0, partner_len = 0;

                /* read whether or not it is kept: the lines that are no denial (an internet
                 * socket's, a line held until the next tells) are told from the text alone too
                 * (h-fuzz48: in sbx classify without a context, after 64 kept denials a Node
                 * "listen EACCES: permission denied 0.0.0.0:80" was counted as a denial line, and
                 * not before) */
                {
                        const char *text = line; /* the line as text, whole where it was kept whole */
                        size_t ss, se, tl;
                        bool cut = copy_evidence(line, sizeof(line), s, len) < len;

                        tl = strlen(line);
                        /* the evidence is cut at 1023 bytes, the signature and the path may lie
                         * further: they are read from the whole line (a long denial line kept no
                         * path, or its signature's); only one kept whole, whatever the buffers
                         * were (a longer one is in the current buffer only when it came in one) */
                        if (whole && len <= LINE_KEEP && cut && (c->wide || (c->wide = malloc(WIDE_SIZE)))) {
                                copy_evidence(c->wide, WIDE_SIZE, s, len);
                                text = c->wide;
                                tl = strlen(text);
                        }
                        r = match(c, &d->denial_re, (const unsigned char *) text, tl, &ss, &se, NULL);
                        if (r < 0)
                                return r;
                        /* javac's signature on a line it is no denial of, another after it (above):
                         * that one's span */
                        if (r > 0 && strcasecmp(d->denial[c->denial_sig], javac_write_sig) != 0 &&
                            se - ss == sizeof(javac_write_sig) - 1 && strncasecmp(text + ss, javac_write_sig, se - ss) == 0) {
                                size_t base = se;

                                r = match(c, &d->denial_re, (const unsigned char *) text + base, tl - base, &ss, &se, NULL);
                                if (r < 0)
                                        return r;
                                ss += base;
                                se += base;
                        }
                        /* ... and SQLite's or CMake -E's on a line whose later signature tells
                         * (argv_output_line() above): that one's span */
                        {
                                size_t ss_m, se_m;
                                int mark = -1;

                                if (r > 0 && (r = match(c, &d->denial_re, (const unsigned char *) text + ss, tl - ss, &ss_m,
                                                        &se_m, &mark)) < 0)
                                        return r;
                                if (r > 0 && mark >= 0 && mark != c->denial_sig && (size_t) mark < d->n_denial &&
                                    (strcasecmp(d->denial[mark], sqlite_attach_sig) == 0 ||
                                     cmake_e_signature(d->denial[mark]))) {
                                        size_t base = ss + se_m;

                                        r = match(c, &d->denial_re, (const unsigned char *) text + base, tl - base, &ss,
                                                  &se, NULL);
                                        if (r < 0)
                                                return r;
                                        ss += base;
                                        se += base;
                                }
                        }
                        /* a port refused on an internet socket (below 1024, without
                         * CAP_NET_BIND_SERVICE: as nobody on the host too, as root the launcher
                         * drops it and bubblewrap's user namespace never had it for the host's
                         * network): no file effect, which is all the modes govern (review: as
                         * nobody under Landlock, Node's "listen EACCES: permission denied
                         * 0.0.0.0:80" read as denied) */
                        socket = r > 0 && sbx_denial_line_names_socket(text, tl);
                        /* Python's exception that names nothing, raised by such a call or by
                         * another that is no file effect either (os.setpriority), as its
                         * traceback shows: `python3 -m http.server 80` (review: as nobody
                         * under Landlock, read as denied) */
                        if (r > 0 && !socket && python_names_nothing(text, tl, ss, se) && python_call_no_file(c))
                                socket = true;
                        /* subprocess's error of the child it started: its exec, which the
                         * sandbox never refuses (review: as root, subprocess.run([PIPE]) read as
                         * denied) */
                        if (r > 0 && !socket && python_child_exec(c, text, ss))
                                socket = true;
                        /* find's line of a program its -exec runs: that exec's failure (review:
                         * `find . -exec PIPE \;` counted a denial line in a success) */
                        if (r > 0 && !socket && find_exec_line(c, text, ss))
                                socket = true;
                        /* renice's refused setpriority(2), no file effect either (review: as
                         * nobody under Landlock, `renice -n -5 $$` read as denied) */
                        if (r > 0 && !socket && sbx_denial_line_sets_priority(text, tl, ss, se))
                                socket = true;
                        /* Perl's IO::Socket::INET, whose error names no address (review: as
                         * nobody under Landlock, a listener on port 80 read as denied) */
                        if (r > 0 && !socket && sbx_denial_line_perl_inet_socket(text, tl, ss, se))
                                socket = true;
                        /* gdb's warning that it could not open the inferior's memory file of
                         * /proc for writing (Landlock refuses it): gdb uses ptrace(2) instead and
                         * goes on, so the refusal fails nothing, and every gdb session under
                         * Landlock that runs or attaches a process prints it (review: `gdb
                         * -batch` whose own command failed read as denied, and as nobody a file
                         * the host refused it, `dump memory` into a directory of root's) */
                        if (r > 0 && !socket && sbx_denial_line_gdb_proc_mem(text, tl, ss, se))
                                socket = true;
                        /* a change of owner or group refused to a user other than root, which the
                         * host refuses too (EPERM; review: as nobody, `chown 1000 f` and `tar
                         * --same-owner -x` in the workspace read as denied) */
                        if (r > 0 && !socket && c->unprivileged &&
                            holds_any(text, gives_away, SBX_ELEMENTSOF(gives_away))) {
                                int o = owner_signatures_only(c, text, tl);

                                if (o < 0)
                                        return o;
                                given_away = o > 0;
                        }
                        /* chattr's EPERM (FS_IOC_SETFLAGS) refused to a user other than root:
                         * the file is another's, or the flag one only a capability sets (+i, +a),
                         * refused by the host too; root's is the sandbox's, which keeps it none of
                         * its capabilities (CAP_FOWNER, CAP_LINUX_IMMUTABLE) */
                        if (r > 0 && !socket && c->unprivileged && c->denial_sig >= 0 &&
                            strcasecmp(d->denial[c->denial_sig], chattr_eperm_sig) == 0)
                                given_away = true;
                        /* ... and its EROFS or EACCES of a flag only a capability changes, which
                         * the host refuses such a user first by EPERM (left56: as nobody, `chattr
                         * +i f` of its own f in read-only mode read denied under both backends) */
                        if (r > 0 && !socket && c->unprivileged && c->chattr_capability &&
                            memmem(text, tl, "while setting flags on ", 23))
                                given_away = true;
                        /* Tcl's refused socket names no file ("socket" is no name of one): held
                         * until its trace tells (pend_see) */
                        tcl = r > 0 && !socket && !given_away && sbx_denial_line_tcl_socket(text, tl, ss, se);
                        /* Bundler's PermissionError: its backquoted name, whole on the line or
                         * held until the wrapped lines after it complete it */
                        bundler = r > 0 && !socket && !given_away && !tcl && bundler_permission_line(text, ss, se);
                        if (socket || given_away)
                                own = true;
                        else if (bundler) {
                                if (!cut && bundler_start(c, line_no, text, tl, se, path, sizeof(path)) == 0)
                                        held = true;
                        } else if (argv_output && bfd_signature(d->denial[c->denial_sig])) {
                                /* binutils' line: the file its argv writes, not its program's
                                 * name ("/usr/bin/ar: could not create temporary file ..."); its
                                 * new output's "Bad file descriptor" is the open's (fopen "w"),
                                 * which a file the host lets the user not write fails on the host
                                 * too, whatever its directory allows */
                                opens = strcasecmp(d->denial[c->denial_sig], bfd_badf_sig) == 0;
                        } else if (argv_output && cmake_e_signature(d->denial[c->denial_sig])) {
                                /* CMake -E's name, as cmake_e_line() read it: copy's and touch's
                                 * file an open for writing; a level of a directory it made, or
                                 * one it copied into, a name made there */
                                opens = (cmake_copy_signature(d->denial[c->denial_sig]) ||
                                         cmake_touch_signature(d->denial[c->denial_sig])) &&
                                        c->host_exists &&
                                        c->host_exists(c->resolve_userdata, argv_output) == SBX_HOST_NAME_FILE;
                                /* copy's source, only read, before the last " to ": the
                                 * name the path pairs with, which the host need not refuse (as
                                 * nobody, into root's /ro: the host's refusal all the same) */
                                if (cmake_copy_signature(d->denial[c->denial_sig]) ||
                                    strcasecmp(d->denial[c->denial_sig], cmake_copydir_sig) == 0) {
                                        const size_t sl = strlen(d->denial[c->denial_sig]);
                                        const char *sep = NULL;

                                        for (const char *q = text + sl; (q = strstr(q, "\" to \"")); q++)
                                                sep = q;
                                        if (sep && tl > sl && (size_t) (sep - text) > sl) {
                                                partner_at = sl;
                                                partner_len = (size_t) (sep - text) - sl;
                                                partner = text + partner_at;
                                        }
                                }
                        } else if (argv_output && (strcasecmp(d->denial[c->denial_sig], gnat_create_sig) == 0 ||
                                                   strcasecmp(d->denial[c->denial_sig], sqlite_attach_sig) == 0)) {
                                /* GNAT's file, read before the NUL that ends it (argv_output_line()):
                                 * an open for writing, which a file the host lets the user not
                                 * write fails on the host too */
                                opens = true;
                        } else if (argv_output && argv_output == c->javac_level) {
                                /* javac's directory it could not make: the level of its -d DIR
                                 * (javac_dir_line()), not the class named on the line */
                        } else if (r > 0 && !tcl && strcasecmp(d->denial[c->denial_sig], javac_write_sig) == 0) {
                                /* javac's class file, named alone after the class (its line's
                                 * shape checked above) */
                                size_t at;

                                if (javac_written_path(text, tl, &at) && tl - at < sizeof(path)) {
                                        memcpy(path, text + at, tl - at);
                                        path[tl - at] = '\0';
                                        run = reads = false;
                                        opens = true;
                                }
                        } else if (r > 0 && !tcl && c->iconv_output[0] && iconv_output_line(text, ss)) {
                                /* iconv's output file, read from its argv (-o): an open for
                                 * writing, no run (mine54: as nobody, `iconv -o ROOTDIR/f`
                                 * named none and read denied, the host's refusal too) */
                                memcpy(path, c->iconv_output, strlen(c->iconv_output) + 1);
                                run = reads = false;
                                /* (its fopen "w" follows a link: review55, as root, `iconv -o lr`
                                 * recorded the link) */
                                opens = follows = true;
                        } else if (r > 0 && !tcl && c->archive_output[0] && archive_output_line(text, ss)) {
                                /* 7-Zip's or jar's archive, read from its argv: an open for
                                 * writing, no run (strange56: `7zz a /x/a.7z f`, `jar cf /x/a.jar
                                 * f` named none); where the temporary file is granted and the
                                 * archive it is moved onto is not, the archive (tools57: `7zz a
                                 * -w. /x/a.7z f` named none) */
                                const char *arc = archive_written(c);

                                memcpy(path, arc, strlen(arc) + 1);
                                run = reads = false;
                                opens = follows = true;
                        } else if (r > 0 && !tcl && c->keygen_hosts[0] && keygen_mkstemp_line(text, ss) &&
                                   strlen(c->keygen_hosts) + 11 < sizeof(path)) {
                                /* ssh-keygen -R's new copy of its -f FILE, FILE.XXXXXXXXXX made
                                 * in FILE's directory: a creation, no run (mine56: named none, and
                                 * as nobody under Landlock in root's 0755 directory read denied,
                                 * the host's refusal too) */
                                (void) snprintf(path, sizeof(path), "%s.XXXXXXXXXX", c->keygen_hosts);
                                run = reads = false;
                                opens = false;
                        } else if (r > 0 && !tcl && wget_output_line(c, text, tl, ss, se)) {
                                /* wget's -O file, an fopen for writing that follows its links,
                                 * no run */
                                memcpy(path, c->wget_output, strlen(c->wget_output) + 1);
                                run = reads = false;
                                opens = follows = true;
                        } else if (r > 0 && !tcl && java_nio_path(text, tl, ss, se, &jat) && tl - jat < sizeof(path)) {
                                /* Java's NIO: the path alone, an open or a creation of it, no run
                                 * (review: as nobody under Landlock, Files.writeString of "f", a
                                 * workspace file the host refuses nobody, named none and read
                                 * denied; as root, another user's, asked of nothing) */
                                memcpy(path, text + jat, tl - jat);
                                path[tl - jat] = '\0';
                                run = reads = false;
                                opens = true;
                        } else if (r > 0 && !tcl && perl_die_open(c, text, tl, ss, se, false, path, sizeof(path), &perl_writes)) {
                                /* perl's die after its open failed: the open's file, no run of it,
                                 * as the bwrap dialect's fifo-denial line reads it (review: as root
                                 * under Landlock, `open(F, ">", "f") or die "f: $!"` of another
                                 * user's 0644 file in the workspace named none, or f asked of its
                                 * run, which the host refuses root too: task_failure, under bwrap
                                 * denied) */
                                run = false;
                                opens = true;
                                reads = !perl_writes;
                        } else if (r > 0 && !tcl && curl_dir_line(c, text, tl, ss, se, path, sizeof(path))) {
                                /* a directory curl could not make: no run, no open of it */
                                run = reads = opens = false;
                        } else if (r > 0 && !tcl && sbx_denial_path_extract(text, tl, ss, se, path, sizeof(path)) > 0) {
                                run = sbx_denial_line_may_exec(text, tl, ss, se, path);
                                opens = sbx_denial_line_names_alone(text, tl, ss, se, path);
                                reads = line_may_read(c, text, tl, ss, se, path, opens);
                                run = run && !line_tells_open(c, text, tl, ss, se, path, opens) &&
                                      !python_frame_no_run(c, text, ss);
                                /* (a run the host refuses fails with EACCES, "Permission denied":
                                 * bwrap's "Read-only file system" is a write's; review51b: as root
                                 * in read-only mode, `true || ./x; bash -c 'echo > ./'x` read its
                                 * EROFS line as the host's refusal of a run of ./x, task_failure) */
                                runs_only = se - ss == 17 && strncasecmp(text + ss, "permission denied", 17) == 0 &&
                                            ((run && opens && sbx_denial_line_shell_names_alone(text, tl, ss, se, path) &&
                                              shell_run_line(c, path)) ||
                                            (strchr(path, '/') && sbx_denial_line_runs(text, tl, ss, se, path)));
                                /* an open for writing of a file the argv names as its output,
                                 * O_CREAT, which follows the name's symlinks: dd's of=, sort's -o
                                 * ("open failed: X"), tee's file (review55: as nobody, `dd if=in
                                 * of=lr` and `sort -o lr in`, lr a link in the workspace to a
                                 * missing file in root's 0755 directory, read denied, the bare
                                 * name never asked of the host, which refuses nobody too; as root
                                 * those and `tee lr` recorded the link) */
                                if (dd_open_of(c, text, ss, path) > 0 || sort_output_line(text, ss) ||
                                    (opens && tee_line(text, ss))) {
                                        run = reads = false;
                                        opens = follows = true;
                                }
                                /* ... ar's or ranlib's archive, opened or copied back into, and
                                 * cp's destination (links56: `ar rc la x.o`, `ranlib lb`, `cp in
                                 * lf`, each a link in the workspace to a file outside it, recorded
                                 * the link) */
                                if (bfd_archive_open_line(c, text, ss, path) || cp_create_line(text, ss)) {
                                        run = reads = false;
                                        opens = follows = true;
                                }
                                removes = sbx_denial_line_removes(text, tl, ss, se);
                                creates = created_before(text, ss, path);
                                /* make's line: a makefile read, or a recipe's command run (a name
                                 * without '/' searched in PATH); no write (review52: as root and as
                                 * nobody under Landlock in read-only mode, `make` of a recipe `./x`,
                                 * x with no execute bit, read denied, taken for a write) */
                                make = make_line(c, text, ss, path);
                                if (make == MAKE_READS) {
                                        run = runs_only = false;
                                        reads = opens = true;
                                } else if (make == MAKE_RUNS) {
                                        run = true;
                                        reads = false;
                                        runs_only = se - ss == 17 && strncasecmp(text + ss, "permission denied", 17) == 0 &&
                                                    strchr(path, '/');
                                }
                                if (path[0] != '/' && memmem(text, ss, "[Errno ", 7) && name_relative_to_dir_fd(c))
                                        path[0] = '\0'; /* a name in a directory not told */
                                else if (make)
                                        searched = make == MAKE_RUNS && !strchr(path, '/') && path[0] != '~' &&
                                                   strcmp(path, ".") != 0 && strcmp(path, "..") != 0;
                                else
                                        searched = sbx_denial_line_runs_searched(text, tl, ss, se, path);
                                /* a shared memory object's name is a file of /dev/shm, which the
                                 * host lets anyone make (review: as nobody under Landlock,
                                 * multiprocessing.shared_memory's "Permission denied:
                                 * '/psm_1a2b'" read as the host's refusal of a file in /) */
                                if (!searched && path[0] == '/' && !strchr(path + 1, '/') &&
                                    strlen(path) + 8 < sizeof(path) && memmem(text, ss, "[Errno ", 7) &&
                                    python_source_opens_shm(c)) {
                                        memmove(path + 8, path, strlen(path) + 1);
                                        memcpy(path, "/dev/shm", 8);
                                }
                                /* sysctl's key is the path as printed, no other name (review: as
                                 * nobody under Landlock in read-only, `sysctl -w vm.swappiness=60`
                                 * read as denied, the key taken for a workspace file the host
                                 * lets nobody make) */
                                if (!searched && (c->host_refuses || c->host_permits) &&
                                    (sbx_denial_line_sysctl_key(text, tl, ss, se, &partner_at, &partner_len) ||
                                     sbx_denial_line_partner(text, tl, path, &partner_at, &partner_len)))
                                        partner = text + partner_at;
                        }
                        else if (r > 0 && chained_path(c, text, ss, se, path, sizeof(path)) > 0) {
                                run = false; /* a cause names what it did to the file */
                                chained = true;
                        }
                        /* SQLite's "attempt to write a readonly database" names no file: the one
                         * the caller read from the argv of a sqlite3 (review: as nobody under
                         * Landlock, `.backup` over root's database, the host's refusal, read as
                         * denied) */
                        if (r > 0 && !socket && !given_away && !bundler && !tcl && !path[0] &&
                            (((c->sqlite_target[0] || c->sqlite_db[0]) && strcasestr(text, "attempt to write a readonly database")) ||
                             argv_output)) {
                                /* (its database where its commands are not read: stdin's) */
                                const char *f = argv_output ? argv_output : sqlite_written(c);

                                memcpy(path, f, strlen(f) + 1);
                                if (argv_output)
                                        run = false; /* opened for writing, no program run */
                                /* curl's, sqlite3's open of it (O_CREAT follows a link),
                                 * a CMake cache's */
                                follows = argv_output != NULL;
                                /* SQLite's write of a database it opened read-only: its open for
                                 * writing failed, which a file the host lets the user not write
                                 * fails on the host too, whatever its directory allows (as nobody,
                                 * `sqlite3 X 'create table ...'` of root's 0644 X read denied under
                                 * both backends) */
                                if (strcasestr(text, "attempt to write a readonly database"))
                                        opens = true;
                                /* its database where a .cd moved it: the line's relative name is
                                 * the path, none of the command's directory (left55: as nobody,
                                 * `sqlite3 t.db < s.sql` whose s.sql moved it into root's 0755
                                 * directory first read denied, t.db asked of the workspace) */
                                const char *name = argv_output == c->sqlite_db && c->sqlite_db_moved
                                                           ? strstr(text, sqlite_db_sig)
                                                           : NULL,
                                           *end = name ? strstr(name + sizeof(sqlite_db_sig) - 1, sqlite_db_end) : NULL;

                                if (end && !partner) {
                                        partner = name + sizeof(sqlite_db_sig) - 1;
                                        partner_len = (size_t) (end - partner);
                                }
                        }
                        if (socket || given_away) {
                                /* decided above: no name to judge */
                        } else if (searched) {
                                /* a program's name searched in PATH, none of the cwd's (review:
                                 * `env: 'cargo': Permission denied` recorded <cwd>/cargo, and as
                                 * nobody, cargo in a PATH directory nobody may not search, read as
                                 * denied) */
                                char name[SBX_DENIAL_PATH_MAX];

                                memcpy(name, path, strlen(path) + 1);
                                own = searched_program(c, name, path);
                        } else {
                                /* a bare word: a file's name in a directory the command moved
                                 * to, never a Rust cause chain's (cargo's crate names); nor the
                                 * file of a shell's failed redirection, "cannot create X", or cp's
                                 * "cannot create regular file 'X'" (review52: as nobody in read-only
                                 * mode, a make recipe's, a nested `sh -c`'s `echo > out`, `cp f out`
                                 * in a directory of root's read denied, the host not asked, where
                                 * `> out.txt` read task_failure) */
                                c->bare_files = (c->moved && !chained) || creates;
                                bare = bare_word(path, strlen(path)) && !c->bare_files;
                                /* a name removed or renamed that the host does not have: its
                                 * ENOENT there, whatever the sandbox said. Printed whole alone: a
                                 * relative one is of the directory the remover ran in, which
                                 * need not be the command's (find -execdir, a make recipe's cd;
                                 * review: as root in read-only, `find D -name x -execdir rmdir
                                 * {} +` of an empty D/x read as the host's ENOENT of ./x in the
                                 * workspace, no denial) */
                                bool printed_whole = path[0] == '/';

                                if (!printed_whole)
                                        removes = 0;
                                /* a shell's own line of its script's output redirection into
                                 * the name, `> X`, `>> X`, `>| X`, `<> X` (bash's "X: ...",
                                 * dash's "cannot create X"): an open with O_CREAT, which follows
                                 * X's symlinks (left54: `echo x > out`, out a link in the
                                 * workspace to a file outside it, recorded the link) */
                                follows = follows ||
                                          (script_output_into(c->script, c->script_lex, path) != 0 &&
                                           ((sbx_denial_line_shell_names_alone(text, tl, ss, se, path) &&
                                             script_only_opens(c->script, c->script_lex, path)) ||
                                            (created_before(text, ss, path) && !memmem(text, ss, "cannot create regular file ", 27))));
                                absolute_path(c, path, sizeof(path));
                                if (removes && host_lacks_removed(c, path, removes))
                                        own = true;
                                else if (host_moves_into_itself(c, text, path, printed_whole, removes, partner, partner_len))
                                        own = true;
                                else if ((to_dest = busybox_rename_dest(c, text, path, sizeof(path))))
                                        bare = false; /* the destination, no word as printed */
                                char moved[SBX_DENIAL_PATH_MAX], printed[SBX_DENIAL_PATH_MAX];

                                memcpy(moved, path, strlen(path) + 1);
                                /* the name elsewhere is neither bare nor the line's name alone. The
                                 * name moved from is its partner only in a line telling of a move
                                 * (mv's, Node's rename), which changes both names: the name
                                 * elsewhere of a symlink, a copy or a link is only read (its target,
                                 * its source), and the name moved from, relative to a directory the
                                 * command moved to, may be what the sandbox refused (review: as
                                 * nobody, `cd /own-dir && python3 -c "os.symlink('/usr/lib/y',
                                 * 'x')"`, Node's copyfile, cp -s read as the host's refusal of
                                 * /usr/lib/y; Python's and Java's lines do not tell a rename from
                                 * those) */
                                if (path_elsewhere(c, text, path, printed)) {
                                        bare = opens = reads = false;
                                        partner = NULL;
                                        if ((c->host_refuses || c->host_permits) &&
                                            (strcasestr(text, "move") || strcasestr(text, "rename") ||
                                             python_pair_renames(c, text)) &&
                                            sbx_denial_line_partner(text, tl, printed, &partner_at, &partner_len))
                                                partner = text + partner_at;
                                        else
                                                c->moved_from = moved;
                                }
                                /* touch's line of a file whose times the host lets the user
                                 * set (its own 0444 file): the open it printed failed on the host
                                 * too, but touch would have set the times there and succeeded;
                                 * the sandbox refused them (review: as nobody, read-only or
                                 * bwrap, `touch -c own` read as the host's refusal) */
                                int times = r > 0 && touch_line(text, ss) ? host_touch_times(c, path) : -1;

                                /* a touch read to follow its names (no -h): its open or its
                                 * utimensat(2) of the link's target */
                                follows = follows || (r > 0 && (c->touch_how & SBX_TOUCH_READ) &&
                                                      !(c->touch_how & SBX_TOUCH_NO_DEREF) && touch_line(text, ss));
                                bool touches = times > 0;

                                /* ... and one whose times the host refuses too (times given by
                                 * another than their owner: EPERM; review: as nobody, `touch -d
                                 * DATE` of root's 0666 file read as denied) */
                                own = own || times == 0 || (runs_only && host_refuses_run(c, path)) ||
                                      hosts_own_refusal(c, text, path, run, partner, partner_len) ||
                                      (!touches && host_refused(c, text, path, partner, partner_len, run, opens, reads, bare)) ||
                                      host_refused_owner(c, text, path) || host_crossed(c, text) ||
                                      host_refused_crossing(c, text) || host_dir_missing(c, text, path) ||
                                      bfd_copy_dir_refused(c, text, path);
                                c->moved_from = NULL;
                                c->bare_files = false;
                        }
                        /* (a destination too long to keep names none: nothing after it tells it) */
                        if (r > 0 && !socket && !given_away && !bundler && !path[0] && !cut && !searched && !to_dest &&
                            pend_start(c, line_no, text, tl, ss, se))
                                held = true;
                        if (held)
                                own = true; /* decided by the lines after it */
                }
                if (!own) {
                        c->denial_lines++;
                        if (!c->denial.hit) {
                                c->denial.hit = true;
                                c->denial.line_no = line_no;
                                c->denial.sig = c->denial_sig;
                                copy_evidence(c->denial.line, sizeof(c->denial.line), s, len);
                        }
                        /* room asked again: a line held before this one may have been kept
                         * since (bundler_start() and pend_start() flush it), the 64th denial
                         * (h-fuzz48: a Ruby "@ dir_s_mkdir" line, "-" and Bundler's whole-named
                         * line after 63 denials wrote a 65th past the classifier's end) */
                        if (keep && c->n_denials < SBX_DENIALS_KEPT) {
                                struct sbx_denial *e = &c->denials[c->n_denials++];

                                e->line_no = line_no;
                                memcpy(e->line, line, sizeof(e->line));
                                memcpy(e->path, path, sizeof(e->path));
                                /* (left53: `curl -so out URL`, `touch out`, out a link in the
                                 * workspace to a file outside it, recorded the link) */
                                if (follows)
                                        kept_path_followed(c, e);
                                else
                                        kept_path_dir_followed(c, e);
                        }
                }
        }
        for (size_t i = 0; i < d->n_rules; i++) {
                const struct sbx_runner_rule *rule = &d->rules[i];
                struct hit *h = &c->rules[i];

                if (c->fatal_sig[i] < 0 || h->hit)
                        continue;
                if (rule->info_re.present && whole && len <= LINE_KEEP) {
                        size_t ms = 0, me = 0;
                        r = match(c, &rule->info_re, s, len, &ms, &me, NULL);
                        if (r < 0)
                                return r;
                        /* whole-line equality: with invalid UTF-8 around it, an anchored match may
                         * start or end short of the line's ends */
                        if (r > 0 && ms == 0 && me == len)
                                continue; /* a benign notice of the runner, removed before the rule looks */
                }
                h->hit = true;
                h->line_no = line_no;
                h->sig = c->fatal_sig[i];
                copy_evidence(h->line, sizeof(h->line), s, len);
        }
        return 0;
}

static void keep_append(struct sbx_classifier *c, const unsigned char *s, size_t n) {
        size_t room = LINE_KEEP - c->keep_len;

        if (n > room)
                n = room;
        if (n == 0)
                return;
        memcpy(c->keep + c->keep_len, s, n);
        c->keep_len += n;
}

/* Ends the line in progress; `tail` is its part in the current buffer (before the '\n'). */
static int end_line(struct sbx_classifier *c, const unsigned char *tail, size_t tail_len) {
        int r = 0;

        c->lines_done++;
        if (c->flagged || c->pend) {
                const unsigned char *s = tail;
                size_t len = tail_len;
                bool whole = true;

                /* where it starts in the stream, for the lines before it (a line longer than
                 * LINE_KEEP is no chain's last line) */
                c->look = false;
                if (c->cur_len == 0 && tail && c->scan_start && tail >= c->scan_start && tail_len <= LINE_KEEP) {
                        c->look = true;
                        c->look_line = c->scan_base + (uint64_t) (tail - c->scan_start);
                }
                if (c->cur_len > 0) {
                        uint64_t total = c->cur_len + tail_len;
                        /* its last byte: in the tail, or else the last of the line's bytes before */
                        bool cr = tail_len > 0 ? tail[tail_len - 1] == '\r'
                                               : c->carry_len > 0 && c->carry[c->carry_len - 1] == '\r';

                        keep_append(c, tail, tail_len);
                        s = c->keep;
                        len = c->keep_len;
                        /* a trailing '\r' is no part of the line, whether or not keep has room for
                         * it: a line of LINE_KEEP bytes and "\r\n" is whole, as it is when it came
                         * in one buffer */
                        whole = total - cr <= LINE_KEEP;
                        if (cr && len == total)
                                len--;
                        c->look = total <= LINE_KEEP;
                        c->look_line = c->scan_base - c->cur_len;
                } else if (len > 0 && s[len - 1] == '\r')
                        len--;
                if (c->pend)
                        pend_see(c, s, len);
                if (c->flagged)
                        r = finalize_line(c, c->lines_done, s, len, whole);
        }
        line_reset(c);
        return r;
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* The anchors compared 16 positions at a time; returns the first candidate, or the position where
 * fewer than 17 bytes are left (the scalar loop finishes). */
static size_t vector_scan(const struct sbx_dialect *d, const unsigned char *s, size_t i, size_t n) {
        __m128i a[SBX_ANCHORS_MAX], b[SBX_ANCHORS_MAX], fa[SBX_ANCHORS_MAX], fb[SBX_ANCHORS_MAX];
        const size_t na = d->n_anchors;

        for (size_t k = 0; k < na; k++) {
                const struct sbx_anchor *an = &d->anchors[k];
                a[k] = _mm_set1_epi8((char) an->a);
                fa[k] = _mm_set1_epi8((char) an->fold_a);
                b[k] = _mm_set1_epi8((char) an->b);
                fb[k] = _mm_set1_epi8((char) an->fold_b);
        }
        for (; i + 17 <= n; i += 16) {
                __m128i v0 = _mm_loadu_si128((const __m128i *) (const void *) (s + i));
                __m128i v1 = _mm_loadu_si128((const __m128i *) (const void *) (s + i + 1));
                __m128i m = _mm_setzero_si128();
                int mask;

                for (size_t k = 0; k < na; k++) {
                        __m128i x = _mm_cmpeq_epi8(_mm_or_si128(v0, fa[k]), a[k]);
                        __m128i y = _mm_cmpeq_epi8(_mm_or_si128(v1, fb[k]), b[k]);
                        m = _mm_or_si128(m, _mm_and_si128(x, y));
                }
                mask = _mm_movemask_epi8(m);
                if (mask)
                        return i + (size_t) __builtin_ctz((unsigned) mask);
        }
        return i;
}

static size_t count_newlines(const unsigned char *s, size_t n) {
        const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
        size_t i = 0, cnt = 0;

        while (i + 16 <= n) {
                /* per-byte counters (cmpeq gives -1), summed before they can wrap */
                __m128i acc = _mm_setzero_si128(), sums;
                for (int k = 0; k < 255 && i + 16 <= n; k++, i += 16) {
                        __m128i v = _mm_loadu_si128((const __m128i *) (const void *) (s + i));
                        acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(v, nl));
                }
                sums = _mm_sad_epu8(acc, zero);
                cnt += (size_t) _mm_cvtsi128_si32(sums) + (size_t) _mm_extract_epi16(sums, 4);
        }
        for (; i < n; i++)
                cnt += s[i] == '\n';
        return cnt;
}
#else
static size_t count_newlines(const unsigned char *s, size_t n) {
        size_t cnt = 0;
        for (size_t i = 0; i < n; i++)
                cnt += s[i] == '\n';
        return cnt;
}
#endif

/* Whether a pair hit at p may be a signature's anchor: its run of safe bytes is there (ASCII
 * caseless), or the run reaches beyond the buffer (then PCRE2 decides). */
static bool run_matches(const struct sbx_dialect *d, const unsigned char *s, size_t p, size_t n) {
        unsigned char a = sbx_ascii_lower(s[p]);
        unsigned char b = p + 1 < n ? sbx_ascii_lower(s[p + 1]) : 0;

        for (size_t k = 0; k < d->n_runs; k++) {
                const struct sbx_anchor_run *r = &d->runs[k];
                size_t start;
                bool eq = true;

                if (r->a != a || p + 1 >= n || r->b != b)
                        continue;
                if (p < r->ro || p - r->ro + r->len > n)
                        return true;
                start = p - r->ro;
                for (size_t i = 0; i < r->len && eq; i++)
                        eq = (unsigned char) (s[start + i] | r->fold[i]) == r->lower[i];
                if (eq)
                        return true;
        }
        return false;
}

static size_t pair_candidate(struct sbx_classifier *c, const unsigned char *s, size_t pos, size_t n);

/* First position in [pos, n) where a signature occurrence may have its anchor, or n. */
static size_t next_candidate(struct sbx_classifier *c, const unsigned char *s, size_t pos, size_t n) {
        for (;;) {
                size_t i = pair_candidate(c, s, pos, n);

                if (i >= n || !c->d->prefilter || run_matches(c->d, s, i, n))
                        return i;
                pos = i + 1;
        }
}

static size_t pair_candidate(struct sbx_classifier *c, const unsigned char *s, size_t pos, size_t n) {
        const uint8_t *bits = c->d->pair_bits;
        size_t i = pos;

        if (pos >= n)
                return n;
        if (!c->d->prefilter) {
                /* A signature without a safe byte: PCRE2 itself finds the next occurrence. */
                size_t ms;
                int r = match(c, &c->d->any_re, s + pos, n - pos, &ms, NULL, NULL);

                return r > 0 ? pos + ms : n; /* an error is sticky in c->error */
        }
#if defined(__SSE2__)
        if (c->d->n_anchors > 0) {
                i = vector_scan(c->d, s, i, n);
                if (i + 17 <= n)
                        return i;
        }
#endif
        for (; i + 4 < n; i += 4) {
                unsigned v0 = s[i] | (unsigned) s[i + 1] << 8;
                unsigned v1 = s[i + 1] | (unsigned) s[i + 2] << 8;
                unsigned v2 = s[i + 2] | (unsigned) s[i + 3] << 8;
                unsigned v3 = s[i + 3] | (unsigned) s[i + 4] << 8;
                unsigned any = (bits[v0 >> 3] >> (v0 & 7)) | (bits[v1 >> 3] >> (v1 & 7)) |
                               (bits[v2 >> 3] >> (v2 & 7)) | (bits[v3 >> 3] >> (v3 & 7));

                if (any & 1)
                        break;
        }
        for (; i + 1 < n; i++) {
                unsigned v = s[i] | (unsigned) s[i + 1] << 8;
                if (bits[v >> 3] & (1u << (v & 7)))
                        return i;
        }
        if (i == n - 1 && c->first_possible[s[i]])
                return i;
        return n;
}

static int process(struct sbx_classifier *c, const unsigned char *s, size_t n) {
        const struct sbx_dialect *d = c->d;
        const size_t mm = d->max_match;
        size_t pos = 0, lstart = 0, seg;
        int r;

        if (n == 0)
                return 0;
        c->scan_base = c->bytes;
        c->bytes += n;
        c->scan_start = s;

        /* A signature that started in the previous buffer and ends in this one. */
        if (c->carry_len > 0 && d->any_re.present) {
                const unsigned char *nl = memchr(s, '\n', n < mm ? n : mm);
                size_t k = nl ? (size_t) (nl - s) : (n < mm ? n : mm);

                if (k > 0) {
                        memcpy(c->junction, c->carry, c->carry_len);
                        memcpy(c->junction + c->carry_len, s, k);
                        r = match(c, &d->any_re, c->junction, c->carry_len + k, NULL, NULL, NULL);
                        if (r > 0)
                                r = examine_fragment(c, c->junction, c->carry_len + k);
                        if (r < 0)
                                return r;
                }
        }

        for (;;) {
                size_t cand = d->any_re.present ? next_candidate(c, s, pos, n) : n;
                const unsigned char *nl = cand > pos ? memchr(s + pos, '\n', cand - pos) : NULL;

                if (nl) {
                        /* The line in progress ends here; lines after it up to the candidate hold
                         * no signature and are only counted. */
                        size_t q = (size_t) (nl - s);

                        r = end_line(c, s + lstart, q - lstart);
                        if (r < 0)
                                return r;
                        lstart = q + 1;
                        /* while a denial line waits for its name, each line is seen */
                        while (c->pend && lstart < cand && (nl = memchr(s + lstart, '\n', cand - lstart))) {
                                q = (size_t) (nl - s);
                                r = end_line(c, s + lstart, q - lstart);
                                if (r < 0)
                                        return r;
                                lstart = q + 1;
                        }
                        if (lstart < cand) {
                                size_t cnt = count_newlines(s + lstart, cand - lstart);

                                if (cnt > 0) {
                                        c->lines_done += cnt;
                                        nl = memrchr(s + lstart, '\n', cand - lstart);
                                        lstart = (size_t) (nl - s) + 1;
                                }
                        }
                }
                if (c->error)
                        return c->error;
                if (cand >= n)
                        break;

                /* The window around the candidate, within its line: only as far as a signature
                 * can reach, so that a long line with many near-misses stays linear. */
                size_t w0 = cand > lstart + mm ? cand - mm : lstart;
                size_t w1 = cand + mm < n ? cand + mm : n;

                nl = memchr(s + cand, '\n', w1 - cand);
                if (nl)
                        w1 = (size_t) (nl - s);
                r = match(c, &d->any_re, s + w0, w1 - w0, NULL, NULL, NULL);
                if (r < 0)
                        return r;
                if (r > 0) {
                        size_t lend = nl ? w1 : n;

                        if (!nl && (nl = memchr(s + w1, '\n', n - w1)))
                                lend = (size_t) (nl - s);
                        r = examine_fragment(c, s + lstart, lend - lstart);
                        if (r < 0)
                                return r;
                        pos = lend;
                } else
                        pos = cand + 1;
        }

        /* the stream's last bytes, for the lines before a denial line of a later buffer */
        if (n >= sizeof(c->hist)) {
                memcpy(c->hist, s + n - sizeof(c->hist), sizeof(c->hist));
                c->hist_len = sizeof(c->hist);
        } else {
                size_t old = c->hist_len + n > sizeof(c->hist) ? sizeof(c->hist) - n : c->hist_len;

                memmove(c->hist, c->hist + c->hist_len - old, old);
                memcpy(c->hist + old, s, n);
                c->hist_len = old + n;
        }
        c->scan_base = c->bytes;
        c->scan_start = NULL;

        /* s[lstart, n) continues in the next buffer. */
        seg = n - lstart;
        if (c->keep_len < LINE_KEEP)
                keep_append(c, s + lstart, seg);
        c->cur_len += seg;
        if (seg >= mm) {
                memcpy(c->carry, s + n - mm, mm);
                c->carry_len = mm;
        } else {
                size_t old = c->carry_len + seg > mm ? mm - seg : c->carry_len;

                memmove(c->carry, c->carry + c->carry_len - old, old);
                memcpy(c->carry + old, s + lstart, seg);
                c->carry_len = old + seg;
        }
        return 0;
}

int sbx_classify_feed(struct sbx_classifier *c, const void *buf, size_t len) {
        int r;

        if (!c || (!buf && len > 0) || c->finished)
                return -EINVAL;
        if (c->error)
                return c->error;
        if (len == 0)
                return 0;
        if (!c->jit_done && c->bytes + c->stage_len + len > SBX_JIT_AFTER_BYTES) {
                /* the dialect belongs to this (single-threaded) process: compiling its patterns in place
                 * once is safe, and later classifiers of the same dialect find them compiled */
                sbx_dialect_jit((struct sbx_dialect *) c->d);
                c->jit_done = true;
        }
        if (len < STAGE_SIZE - c->stage_len) {
                memcpy(c->stage + c->stage_len, buf, len);
                c->stage_len += len;
                return 0;
        }
        if (c->stage_len > 0) {
                r = process(c, c->stage, c->stage_len);
                c->stage_len = 0;
                if (r < 0)
                        return r;
        }
        if (len >= STAGE_SIZE)
                return process(c, buf, len);
        memcpy(c->stage, buf, len);
        c->stage_len = len;
        return 0;
}

size_t sbx_classifier_staged(const struct sbx_classifier *c) {
        return c->stage_len;
}

int sbx_classify_flush(struct sbx_classifier *c) {
        int r;

        if (!c || c->finished)
                return -EINVAL;
        if (c->error)
                return c->error;
        if (c->stage_len == 0)
                return 0;
        r = process(c, c->stage, c->stage_len);
        c->stage_len = 0;
        return r;
}

static void fill_hit(struct sbx_classify_result *ret, const char *rule, const char *sig, const struct hit *h) {
        snprintf(ret->rule, sizeof(ret->rule), "%s", rule);
        snprintf(ret->signature, sizeof(ret->signature), "%s", sig);
        ret->line_no = h->line_no;
        memcpy(ret->matched_line, h->line, sizeof(ret->matched_line));
}

/* The denial signature a hit names: one of the denial signatures, or after them a fifo-denial one. */
static const char *denial_signature(const struct sbx_dialect *d, int sig) {
        return (size_t) sig < d->n_denial ? d->denial[sig] : d->fifo_denial[(size_t) sig - d->n_denial];
}

static bool exit_allowed(const struct sbx_runner_rule *rule, int code) {
        if (rule->n_exits == 0)
                return true;
        for (size_t i = 0; i < rule->n_exits; i++)
                if (rule->exits[i] == code)
                        return true;
        return false;
}

/* The line a command's exit status tells where it printed none, of the dialect's denial signature
 * sig, judged as that line is (finalize_line(): its path against the granted directories and the
 * host's answers) and kept, if a denial, with no line (line_no 0) and the evidence given, one
 * denial counted, so that the record's count and its kept denials agree (denials_not_kept was -1;
 * fuzz-classify's oracle in CI). */
static int status_line_denial(struct sbx_classifier *c, int sig, const char *line, size_t len, const char *evidence,
                              size_t evidence_len) {
        size_t kept = c->n_denials;
        int r;

        c->denial_sig = sig;
        r = finalize_line(c, 0, (const unsigned char *) line, len, true);
        c->denial_sig = -1;
        /* a line naming no file is held for the lines after it (pend_start()): none come */
        pend_flush(c);
        if (r < 0 || !c->denial.hit)
                return r < 0 ? r : 0;
        c->denial.line_no = 0;
        copy_evidence(c->denial.line, sizeof(c->denial.line), (const unsigned char *) evidence, evidence_len);
        if (c->n_denials > kept)
                memcpy(c->denials[kept].line, c->denial.line, sizeof(c->denial.line));
        return 0;
}

/* curl's exit status 23 (CURLE_WRITE_ERROR) where no line told it: with -s and without -S it
 * prints nothing at all, the "curl: (23) Failure writing output to destination" it prints with -S
 * left out. Where the caller read that the command is a curl writing its output into a file
 * (context curl_output: a command whose status is curl's, or an `&&` chain whose curl succeeded
 * only where that file, outside the granted directories, was written, which the sandbox
 * refuses), the status is that line's, and is judged as the line is (argv_output_line() and the
 * host's answers of finalize_line()): a denial of that file, or none (the host refuses it too, its
 * directory missing, a directory). Not where a "curl: (23)" line came (judged already) nor in a
 * dialect without that signature. */
static int curl_exit_denial(struct sbx_classifier *c, const struct sbx_exit_status *st) {
        static const char line[] = "curl: (23) Failure writing output to destination",
                          evidence[] = "(no line: curl's exit status 23, CURLE_WRITE_ERROR, writing its output file)";
        const struct sbx_dialect *d = c->d;

        if (c->denial.hit || st->signal != 0 || st->exit_code != 23 || (!c->curl_output[0] && !c->argv_lost) ||
            c->curl_line)
                return 0;
        for (size_t i = 0; i < d->n_denial; i++)
                if (strcasecmp(d->denial[i], curl_write_sig) == 0)
                        return status_line_denial(c, (int) i, line, sizeof(line) - 1, evidence, sizeof(evidence) - 1);
        return 0;
}

/* A file the command's exit status tells it could not make, where its lines do not (none, or on
 * stdout): read as "cannot create 'X': E" would be, E the first of the errno texts the sandbox
 * gives that is a denial signature of the dialect (Landlock's EACCES, bubblewrap's EROFS), judged
 * alike (finalize_line()) and kept with no line and the evidence given: a denial of X, or none (X
 * beneath the granted directories, where the sandbox refused no ordinary write; the host refusing
 * it too; made with O_EXCL where excl, and the host has it already; X a directory on the host,
 * EISDIR there too; its directory missing on the host, ENOENT there too, where the command makes
 * none, !dirs_made). */
/* Whether the absolute path p is a file no sandbox refuses the command a write to: /dev's sinks
 * (bwrap's own, Landlock's grant), and a descriptor it holds already by name (/dev/stdout,
 * /dev/stderr, /dev/fd/N, /proc/self/fd/N: `wget -q -O /dev/stdout URL | head -c1`'s EPIPE). */
static bool status_sink(const char *p) {
        static const char *const sinks[] = { "/dev/null", "/dev/zero", "/dev/full", "/dev/stdout", "/dev/stderr" };
        static const char *const fds[] = { "/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/" };

        for (size_t i = 0; i < SBX_ELEMENTSOF(sinks); i++)
                if (strcmp(p, sinks[i]) == 0)
                        return true;
        for (size_t i = 0; i < SBX_ELEMENTSOF(fds); i++)
                if (strncmp(p, fds[i], strlen(fds[i])) == 0)
                        return true;
        return false;
}

/* Whether the command that makes the directory of path (absolute; wget's -P, making the missing
 * ones and removing a file of that directory's own name first) could not make it on the host
 * either: a directory above it is no directory there (ENOTDIR), the first one there is, going up. */
static bool made_dir_under_file(const struct sbx_classifier *c, const char *path) {
        char p[SBX_DENIAL_PATH_MAX], in[SBX_DENIAL_PATH_MAX + 2];
        size_t n = strlen(path);
        char *slash;

        if (!c->host_exists || n >= sizeof(p))
                return false;
        memcpy(p, path, n + 1);
        if (!(slash = strrchr(p, '/')) || slash == p)
                return false;
        *slash = '\0'; /* the directory made: a file there is removed */
        while ((slash = strrchr(p, '/')) && slash != p) {
                int kind;

                *slash = '\0';
                /* (-1: one on its way no directory, or not searchable: the one above tells) */
                if ((kind = c->host_exists(c->resolve_userdata, p)) == SBX_HOST_NAME_MISSING || kind < 0)
                        continue;
                (void) snprintf(in, sizeof(in), "%s/x", p);
                return kind == SBX_HOST_NAME_FILE && c->host_dir_missing(c->resolve_userdata, in);
        }
        return false;
}

static int status_create_denial_err(struct sbx_classifier *c, const char *path, bool excl, bool dirs_made,
                                    bool appends, const char *err, const char *evidence, size_t evidence_len);

static int status_create_denial(struct sbx_classifier *c, const char *path, bool excl, bool dirs_made, bool appends,
                                const char *evidence, size_t evidence_len) {
        return status_create_denial_err(c, path, excl, dirs_made, appends, NULL, evidence, evidence_len);
}

/* status_create_denial() read with the one errno text err (NULL: either dialect's). */
static int status_create_denial_err(struct sbx_classifier *c, const char *path, bool excl, bool dirs_made,
                                    bool appends, const char *err, const char *evidence, size_t evidence_len) {
        static const char *const errs[] = { "Permission denied", "Read-only file system" };
        const struct sbx_dialect *d = c->d;
        char line[SBX_DENIAL_PATH_MAX + 64], host[SBX_DENIAL_PATH_MAX], in[SBX_DENIAL_PATH_MAX + 2];

        /* a dialect with no denial signature (none's, danger-full-access): no regex to ask
         * (review54: pcre2_match() of none, -EIO, and `zip -q /proc/a.zip f` or as nobody `wget
         * -q -P /root-dir URL` in danger-full-access read unclassified, sbx's line on stderr) */
        if (!d->denial_re.present || name_granted(c, path, strlen(path)))
                return 0;
        /* the sinks either backend leaves writable (bwrap's own /dev, Landlock's grant): review54,
         * `wget -q -O /dev/full URL` (ENOSPC, exit 3 on the host too) read denied */
        if (status_sink(path) || (host_name(c, path, strlen(path), host) && status_sink(host)))
                return 0;
        /* review53: `wget -q URL` where the URL's name is a directory on the host exits 3 there
         * too; `zip -q /var/tmp/nx/a.zip f` (nx missing) exits 15 there too ("zip I/O error: No
         * such file or directory" on stdout): both read denied. wget makes -P's directories. */
        if (c->host_dir_missing && host_name(c, path, strlen(path), host)) {
                (void) snprintf(in, sizeof(in), "%s/x", strcmp(host, "/") == 0 ? "" : host);
                if (!c->host_dir_missing(c->resolve_userdata, in) ||
                    (!dirs_made && c->host_dir_missing(c->resolve_userdata, host)))
                        return 0;
        } else if (c->host_dir_missing && (dirs_made ? made_dir_under_file(c, path)
                                                     : c->host_dir_missing(c->resolve_userdata, path)))
                /* one the host cannot resolve whose directory there is no directory (ENOTDIR,
                 * before any sandbox's check: review54, `zip -q F/a.zip f`, F a regular file,
                 * read denied) or missing */
                return 0;
        if (excl && c->host_exists) {
                int kind = c->host_exists(c->resolve_userdata, path);

                if (kind == SBX_HOST_NAME_FILE || kind == SBX_HOST_NAME_DIR || kind == SBX_HOST_NAME_DIR_ENTRIES)
                        return 0;
        }
        /* a file the host has, opened for writing as it is (ninja's build log, appended to): the
         * host refuses it where it refuses that open, whatever its directory allows (as nobody, root's
         * 0644 .ninja_log in a directory anyone may write read denied) */
        if (appends && c->host_exists && c->host_refuses && host_name(c, path, strlen(path), host) &&
            c->host_exists(c->resolve_userdata, path) == SBX_HOST_NAME_FILE &&
            c->host_refuses(c->resolve_userdata, host, false, true, false))
                return 0;
        for (size_t i = 0; i < SBX_ELEMENTSOF(errs); i++) {
                if (err && strcmp(err, errs[i]) != 0)
                        continue;
                int len = snprintf(line, sizeof(line), "cannot create '%s': %s", path, errs[i]);
                size_t ss, se;
                int mark = -1, r;

                if (len < 0 || (size_t) len >= sizeof(line))
                        return 0;
                if ((r = match(c, &d->denial_re, (const unsigned char *) line, (size_t) len, &ss, &se, &mark)) < 0)
                        return r;
                if (r > 0 && mark >= 0 && (size_t) mark < d->n_denial)
                        return status_line_denial(c, mark, line, (size_t) len, evidence, evidence_len);
        }
        return 0;
}

/* The exit status of a file of the argv that was left out, its name too long to keep (context
 * argv_name_lost): read as the dialect's errno text alone, a denial of no path (fail closed: the
 * file cannot be judged against the granted directories or the host). */
static int status_lost_denial(struct sbx_classifier *c, const char *evidence, size_t evidence_len) {
        static const char *const errs[] = { "Permission denied", "Read-only file system" };
        const struct sbx_dialect *d = c->d;

        if (!d->denial_re.present)
                return 0;
        for (size_t i = 0; i < SBX_ELEMENTSOF(errs); i++) {
                size_t ss, se, len = strlen(errs[i]);
                int mark = -1, r;

                if ((r = match(c, &d->denial_re, (const unsigned char *) errs[i], len, &ss, &se, &mark)) < 0)
                        return r;
                if (r > 0 && mark >= 0 && (size_t) mark < d->n_denial)
                        return status_line_denial(c, mark, errs[i], len, evidence, evidence_len);
        }
        return 0;
}

/* stderr's last line (the stream's, from hist; its newline not in it) into *ret, *ret_len, where
 * it is whole (its start kept: the stream's first byte, or a newline before it) and ends the
 * stream; false otherwise. */
static bool last_line(const struct sbx_classifier *c, const unsigned char **ret, size_t *ret_len) {
        const unsigned char *h = c->hist;
        size_t n = c->hist_len, b;

        if (n == 0 || h[n - 1] != '\n')
                return false;
        for (b = --n; b > 0 && h[b - 1] != '\n'; b--)
                ;
        if (b == 0 && c->bytes > c->hist_len)
                return false;
        *ret = h + b;
        *ret_len = n - b;
        return true;
}

/* Whether a perl script names what may set its exit status other than the die that printed its
 * last line: exit or $? (a die caught and printed, a status of its own: `open(F, "<", X) or exit
 * 13`), Carp's croak or confess (a die's status and line of their own). */
static bool perl_status_elsewhere(const char *script) {
        return strstr(script, "exit") || strstr(script, "$?") || strstr(script, "croak") || strstr(script, "confess");
}

/* perl's die whose message holds no "$!" (`open(F, ">", X) or die "cannot write X"`; a script
 * file's too, its name perl_name, and a message ending in "\n", printed without " at NAME line
 * N.": mine56, both read task_failure before): perl exits
 * with errno all the same (its die's status is $! where that is not 0), 13 of Landlock's EACCES,
 * 30 of bubblewrap's EROFS, and its line, "MSG at -e line N.", names no errno (mine55: as root and
 * as nobody, a write outside the workspace read task_failure under both backends). Where the
 * argv's perl -e script holds one die, its message a plain literal, on a line perl_die_open()
 * reads as an open for writing alone of a literal file (the line its die prints, made from the
 * script: MSG, " at -e line N."), the status is that open's errno: judged as a file made there
 * with that errno's text (status_create_denial_err(): the granted directories, the host's
 * refusal, its directory missing), the file joined to the command's directory. */
static int perl_die_status(struct sbx_classifier *c, const struct sbx_exit_status *st) {
        static const char evidence[] = "(no line with an errno: perl's die, its exit status the open's errno)";
        const char *err = st->exit_code == EACCES ? "Permission denied"
                          : st->exit_code == EROFS ? "Read-only file system"
                                                   : NULL;
        char text[512], path[SBX_DENIAL_PATH_MAX], joined[SBX_DENIAL_PATH_MAX];
        const unsigned char *ls, *msg, *last = NULL;
        unsigned long die_line;
        size_t ll, msgl, last_len = 0;
        bool writes = false, nl = false;
        int tl;

        if (c->denial.hit || st->signal != 0 || !err || !c->inline_script || c->inline_lang != SBX_INLINE_PERL ||
            !c->perl_name[0])
                return 0;
        if (perl_status_elsewhere(c->inline_script))
                return 0;
        /* of several dies, the one that printed stderr's last line (readers59), as
         * perl_die_open() tells it (readers60: of two on a line, or of a message ending in "\n",
         * before none) */
        if (!(die_line = perl_one_die_line(c))) {
                size_t ml;

                if (!last_line(c, &last, &last_len))
                        return 0;
                while (last_len > 0 && (last[last_len - 1] == ' ' || last[last_len - 1] == '\r'))
                        last_len--;
                if (!perl_at_line(c, last, last_len, &ml))
                        ml = last_len;
                if (last_len >= sizeof(text) || memchr(last, '\0', last_len))
                        return 0;
                memcpy(text, last, last_len);
                text[last_len] = '\0';
                if (!perl_die_open(c, text, last_len, ml, ml, true, path, sizeof(path), &writes) || !writes)
                        return 0;
        } else {
                if (!script_line(c->inline_script, SBX_INLINE_PERL, die_line, &ls, &ll))
                        return 0;
                /* its message, a plain literal: the text the line printed */
                msg = ls + perl_only_word(ls, ll, "die") + 3;
                while (msg < ls + ll && (*msg == ' ' || *msg == '('))
                        msg++;
                if (msg >= ls + ll || (*msg != '"' && *msg != '\''))
                        return 0;
                for (msgl = 1; msg + msgl < ls + ll && msg[msgl] != msg[0]; msgl++) {
                        /* "...\n" at its end: printed without " at NAME line N." (mine56: read none) */
                        if (msg[0] == '"' && msg[msgl] == '\\' && msg + msgl + 2 < ls + ll && msg[msgl + 1] == 'n' &&
                            msg[msgl + 2] == '"') {
                                nl = true;
                                msgl++;
                                continue;
                        }
                        if (msg[msgl] == '\\' || (msg[0] == '"' && (msg[msgl] == '$' || msg[msgl] == '@')))
                                return 0;
                }
                if (msg + msgl >= ls + ll || msgl < 2 + (nl ? 2 : 0))
                        return 0;
                if (nl)
                        tl = snprintf(text, sizeof(text), "%.*s", (int) (msgl - 3), (const char *) msg + 1);
                else
                        tl = snprintf(text, sizeof(text), "%.*s at %s line %lu.", (int) (msgl - 1), (const char *) msg + 1,
                                      c->perl_name, die_line);
                if (tl < 0 || (size_t) tl >= sizeof(text) ||
                    !perl_die_open(c, text, (size_t) tl, nl ? (size_t) tl : msgl - 1, nl ? (size_t) tl : msgl - 1, true,
                                   path, sizeof(path), &writes) ||
                    !writes)
                        return 0;
        }
        /* (a relative one of the directory the command moved to first, a leading `cd DIR &&`'s,
         * is that directory's: mktemp57, `cd sub && perl s.pl` opening "q" read none) */
        if (path[0] != '/' && !c->cwd[0])
                return 0;
        if (sbx_denial_path_join(path[0] == '/' ? NULL : c->cwd, path, joined, sizeof(joined)) == 0)
                return 0;
        return status_create_denial_err(c, joined, false, false, false, err, evidence, sizeof(evidence) - 1);
}

/* chattr -f's exit status 1 with no line at all (context chattr_file: a file the host, asked before
 * the run, lets the command's user change those flags of): read as chattr's own line of it,
 * "chattr: E while setting flags on FILE", and judged as that line is (finalize_line(): the
 * granted directories, root's capabilities, the host's answers), E the errno the sandbox gives:
 * its refusal of a change outside the granted directories (bubblewrap's read-only bind, EROFS;
 * Landlock's read-only filter, EACCES), else, where the mode changes i or a, the EPERM of
 * CAP_LINUX_IMMUTABLE, which the command does not keep (readers58: root's `chattr -f +i F` in
 * workspace-write and `chattr -f +d F` in read-only read task_failure, the refusal silent). */
static int chattr_silent_status(struct sbx_classifier *c, const struct sbx_exit_status *st) {
        static const char evidence[] = "(no line: chattr -f's exit status 1, the flags of its file not set)";
        static const char *const errs[] = { "Read-only file system", "Permission denied", "Operation not permitted" };
        const struct sbx_dialect *d = c->d;
        char line[SBX_DENIAL_PATH_MAX + 64];
        bool granted;

        if (c->denial.hit || st->signal != 0 || st->exit_code != 1 || !c->chattr_file[0] || c->lines_done > 0 ||
            !d->denial_re.present)
                return 0;
        granted = name_granted(c, c->chattr_file, strlen(c->chattr_file));
        for (size_t i = 0; i < SBX_ELEMENTSOF(errs) && !c->denial.hit; i++) {
                int len = snprintf(line, sizeof(line), "chattr: %s while setting flags on %s", errs[i], c->chattr_file);
                size_t ss, se;
                int mark = -1, r;

                /* (the sandbox's refusal only outside the granted directories; the capability's
                 * EPERM only of a change of i or a: root's change of another flag of its own
                 * file the sandbox lets pass) */
                if (len < 0 || (size_t) len >= sizeof(line) || (i == 2 ? !c->chattr_capability : granted))
                        continue;
                if ((r = match(c, &d->denial_re, (const unsigned char *) line, (size_t) len, &ss, &se, &mark)) < 0)
                        return r;
                if (r > 0 && mark >= 0 && (size_t) mark < d->n_denial &&
                    (r = status_line_denial(c, mark, line, (size_t) len, evidence, sizeof(evidence) - 1)) < 0)
                        return r;
        }
        return 0;
}

/* GNU tar's "tar: F: Cannot open: File exists" (name, nl bytes: F), the whole line (line, ll
 * bytes) its evidence, of an extraction that replaces old files (tar_replaces): the unlink of the
 * old F after the EEXIST of its O_EXCL open was refused, judged as "tar: F: Cannot unlink: E". Not
 * of a name tar escaped (a backslash), nor of one the host does not have as a file, lays beneath
 * the granted directories or refuses the user removing. */
static int tar_exists_line(struct sbx_classifier *c, const unsigned char *name, size_t nl, const unsigned char *line,
                           size_t ll) {
        static const char *const errs[] = { "Read-only file system", "Permission denied" };
        const struct sbx_dialect *d = c->d;
        char path[SBX_DENIAL_PATH_MAX], host[SBX_DENIAL_PATH_MAX], in[SBX_DENIAL_PATH_MAX + 10],
                text[SBX_DENIAL_PATH_MAX + 64];
        const char *slash;
        int n;

        if (nl == 0 || memchr(name, '\\', nl) || memchr(name, '\0', nl) || (name[0] != '/' && !c->cwd[0]))
                return 0;
        n = name[0] == '/' ? snprintf(path, sizeof(path), "%.*s", (int) nl, (const char *) name)
                           : snprintf(path, sizeof(path), "%s/%.*s", strcmp(c->cwd, "/") == 0 ? "" : c->cwd, (int) nl,
                                      (const char *) name);
        if (n < 0 || (size_t) n >= sizeof(path) || !host_name_unfollowed(c, path, host) || in_sandbox_dev_proc(host) ||
            beneath_any(host, c->granted, c->n_granted) ||
            c->host_exists(c->resolve_userdata, host) != SBX_HOST_NAME_FILE || !(slash = strrchr(host, '/')))
                return 0;
        (void) snprintf(in, sizeof(in), "%.*s/stXXXXXX", (int) (slash - host), host);
        if (c->host_refuses(c->resolve_userdata, in, false, false, false) ||
            (c->host_needs_capability && c->host_needs_capability(c->resolve_userdata, in, false)) ||
            c->host_refuses(c->resolve_userdata, host, false, false, false))
                return 0;
        for (size_t i = 0; i < SBX_ELEMENTSOF(errs) && !c->denial.hit; i++) {
                int len = snprintf(text, sizeof(text), "tar: %s: Cannot unlink: %s", path, errs[i]);
                size_t ss, se;
                int mark = -1, r;

                if (len < 0 || (size_t) len >= sizeof(text))
                        return 0;
                if ((r = match(c, &d->denial_re, (const unsigned char *) text, (size_t) len, &ss, &se, &mark)) < 0)
                        return r;
                if (r > 0 && mark >= 0 && (size_t) mark < d->n_denial &&
                    (r = status_line_denial(c, mark, text, (size_t) len, (const char *) line, ll)) < 0)
                        return r;
        }
        return 0;
}

/* The lines of tar_exists_line() among stderr's last bytes kept (hist), whole, where tar exited 2
 * and no denial came: each judged in turn until one is a denial. */
static int tar_exists_status(struct sbx_classifier *c, const struct sbx_exit_status *st) {
        static const char phrase[] = ": Cannot open: File exists";
        const size_t pl = sizeof(phrase) - 1;
        const unsigned char *b = c->hist, *end = c->hist + c->hist_len, *nl;

        if (!c->tar_replaces || c->denial.hit || st->signal != 0 || st->exit_code != 2 || !c->d->denial_re.present ||
            !c->host_exists || !c->host_refuses)
                return 0;
        /* stderr's start not kept: its first line kept whole is after the first newline */
        if (c->bytes > c->hist_len && (b = memchr(b, '\n', c->hist_len)))
                b++;
        for (; b && b < end && !c->denial.hit; b = nl + 1) {
                size_t ll;
                int r;

                if (!(nl = memchr(b, '\n', (size_t) (end - b))))
                        break;
                ll = (size_t) (nl - b);
                if (ll > 0 && b[ll - 1] == '\r')
                        ll--;
                if (ll > 5 + pl && memcmp(b, "tar: ", 5) == 0 && memcmp(b + ll - pl, phrase, pl) == 0 &&
                    (r = tar_exists_line(c, b + 5, ll - 5 - pl, b, ll)) < 0)
                        return r;
        }
        return 0;
}

/* Whether the host has path, as it resolves it, as a directory (a name in it has its directory). */
static bool dir_there(struct sbx_classifier *c, const char *path) {
        char host[SBX_DENIAL_PATH_MAX], in[SBX_DENIAL_PATH_MAX + 2];

        if (!c->host_dir_missing || !host_name(c, path, strlen(path), host))
                return false;
        (void) snprintf(in, sizeof(in), "%s/x", strcmp(host, "/") == 0 ? "" : host);
        return !c->host_dir_missing(c->resolve_userdata, in);
}

/* The exit statuses that tell of a file the command could not make where its lines do not, each
 * of the file the caller read from its argv (a field of the classifier), judged by
 * status_create_denial() where no denial line came (silent: where no line at all came; excl: made
 * with O_EXCL; dirs: its directories made; appends: a file the host has, opened as it is;
 * follows: opened through a link, the record names the target):
 * - git stash's 1 (git_index_lock): git 2.39 says nothing of a lock it could not make; another
 *   git's lock there is the host's refusal too;
 * - zip's 15 (zip_output, ZE_CREAT: "could not open/create the file for writing"; zip prints its
 *   "zip I/O error: E" and "zip error: Could not create output file (X)" on stdout);
 * - wget's 3 (wget_output, "File I/O error": with -q it prints none), through a link its fopen(3)
 *   follows (review54: `wget -q -O l URL`, l a link in the workspace to a file outside it,
 *   recorded l);
 * - ninja's 1 (ninja_log): its commands' output and its own "ninja: build stopped: Error writing
 *   to build log: E" go to stdout (its fatal "ninja: error: ..." to stderr): a build in a
 *   directory the sandbox refuses stops there, whatever stopped it first;
 * - python -m compileall's 1 (pycache_dir): "*** PermissionError: [Errno 13] Permission denied:
 *   'X/__pycache__'" on stdout, of the __pycache__ it makes; a source it could not compile
 *   prints there too and makes none, so the caller reads only a target whose write compileall
 *   certainly tried (sbx_run_compileall_tried_dirs(): an empty source there; readers58). Where the host has that
 *   __pycache__ already (in_dir), its files made in it (importlib's "X/__pycache__/M.cpython-
 *   NN.pyc.ID", their names not read): judged as a file made in it, the directory recorded
 *   (mine55: with a __pycache__ there, `python3 -m compileall -q /var/tmp/own` in workspace-write
 *   read task_failure under both backends, as root and as nobody);
 * - mktemp -q's 1 (mktemp_file): coreutils' -q silences its "failed to create file via template"
 *   line alone, and its other failures print with it. */
static int status_file_denials(struct sbx_classifier *c, const struct sbx_exit_status *st) {
        static const struct {
                size_t file;
                int exit_code;
                bool silent, excl, dirs, appends, follows, in_dir;
                const char *evidence;
        } statuses[] = {
                { offsetof(struct sbx_classifier, git_index_lock), 1, true, true, false, false, false, false,
                  "(no line: git stash's exit status 1, its index's lock file not made)" },
                { offsetof(struct sbx_classifier, zip_output), 15, false, false, false, false, false, false,
                  "(no line: zip's exit status 15, ZE_CREAT, its lines on stdout)" },
                { offsetof(struct sbx_classifier, wget_output), 3, false, false, true, false, true, false,
                  "(no line: wget's exit status 3, a file I/O error, writing its output file)" },
                { offsetof(struct sbx_classifier, ninja_log), 1, true, false, false, true, false, false,
                  "(no line: ninja's exit status 1, its lines on stdout, its build log not written)" },
                { offsetof(struct sbx_classifier, pycache_dir), 1, true, false, false, false, false, true,
                  "(no line: python -m compileall's exit status 1, its lines on stdout, its __pycache__ not "
                  "made)" },
                { offsetof(struct sbx_classifier, mktemp_file), 1, true, true, false, false, false, false,
                  "(no line: mktemp -q's exit status 1, its file not made)" },
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(statuses); i++) {
                const char *file = (const char *) c + statuses[i].file;
                /* compileall's other targets', each in turn (left56: `compileall a b` read a's
                 * alone, b outside the workspace task_failure) */
                const char *next = statuses[i].in_dir ? c->pycache_later : "";
                int r;

                if (c->denial.hit || st->signal != 0 || st->exit_code != statuses[i].exit_code ||
                    (!file[0] && !c->argv_lost) || (statuses[i].silent && c->lines_done > 0))
                        continue;
                if (!file[0]) {
                        char lost[128];
                        int n = snprintf(lost, sizeof(lost),
                                         "(no line: exit status %d, of a file its argv names too long to keep)",
                                         st->exit_code);

                        if (n > 0 && (size_t) n < sizeof(lost) && (r = status_lost_denial(c, lost, (size_t) n)) < 0)
                                return r;
                        continue;
                }
                for (;; next += strlen(next) + 1) {
                        size_t kept = c->n_denials;

                        if (statuses[i].in_dir && dir_there(c, file)) {
                                static const char in_evidence[] =
                                        "(no line: python -m compileall's exit status 1, its lines on stdout, no file "
                                        "written in its __pycache__, or with -b beside its sources)";
                                char in[SBX_DENIAL_PATH_MAX];

                                /* a name in it asked of the host as a file made there, never
                                 * recorded */
                                if ((size_t) snprintf(in, sizeof(in), "%s/x", file) < sizeof(in)) {
                                        if ((r = status_create_denial(c, in, false, false, false, in_evidence,
                                                                      sizeof(in_evidence) - 1)) < 0)
                                                return r;
                                        if (c->n_denials > kept)
                                                memcpy(c->denials[kept].path, file, strlen(file) + 1);
                                }
                        } else {
                                r = status_create_denial(c, file, statuses[i].excl, statuses[i].dirs,
                                                         statuses[i].appends, statuses[i].evidence,
                                                         strlen(statuses[i].evidence));
                                if (r < 0)
                                        return r;
                                if (statuses[i].follows && c->n_denials > kept)
                                        kept_path_followed(c, &c->denials[kept]);
                        }
                        if (c->denial.hit || !next[0])
                                break;
                        memcpy(c->later_target, next, strlen(next) + 1);
                        argv_file_resolved(c, next, c->later_target);
                        file = c->later_target;
                }
        }
        return 0;
}

/* npm's exit status where it printed nothing (--silent): its error's errno negated, 243
 * (EACCES) or 226 (EROFS), read as its own line of that errno would be ("npm error Error:
 * EACCES: permission denied", "npm error rofs EROFS: read-only file system", naming no file: the
 * dialect takes the one its sandbox gives), a denial of no path kept with no line; not where the
 * host refuses the user a file made in its project's directory (npm_dir: as nobody in root's
 * project, npm's EACCES is the host's), nor where its project has a lifecycle script and its
 * writes there are granted (npm_scripts: the script's status passed through). Measured: `npm
 * install --silent` of a project in read-only mode exits 226 under bubblewrap and 243 under
 * Landlock, nothing on stderr. */
static int npm_status_denial(struct sbx_classifier *c, const struct sbx_exit_status *st) {
        static const struct {
                int exit_code;
                const char *line, *evidence;
        } errnos[] = {
                { 256 - EACCES, "npm error Error: EACCES: permission denied",
                  "(no line: npm's exit status 243, EACCES, its errors silenced)" },
                { 256 - EROFS, "npm error rofs EROFS: read-only file system",
                  "(no line: npm's exit status 226, EROFS, its errors silenced)" },
        };
        const struct sbx_dialect *d = c->d;
        char in[SBX_DENIAL_PATH_MAX + 32];

        if (c->denial.hit || st->signal != 0 || !c->npm_dir[0] || c->lines_done > 0 || !d->denial_re.present)
                return 0;
        for (size_t i = 0; i < SBX_ELEMENTSOF(errnos); i++) {
                size_t len = strlen(errnos[i].line), ss, se;
                int mark = -1, r;

                if (st->exit_code != errnos[i].exit_code)
                        continue;
                (void) snprintf(in, sizeof(in), "%s/package-lock.json", strcmp(c->npm_dir, "/") == 0 ? "" : c->npm_dir);
                if (c->host_refuses && c->host_refuses(c->resolve_userdata, in, false, false, false))
                        return 0;
                /* a lifecycle script's own status, where npm's writes there are granted
                 * (review56: `"postinstall": "exit 243"`, npm install --silent in
                 * workspace-write read denied under Landlock) */
                if (c->npm_scripts && name_granted(c, in, strlen(in)))
                        return 0;
                if ((r = match(c, &d->denial_re, (const unsigned char *) errnos[i].line, len, &ss, &se, &mark)) < 0)
                        return r;
                if (r > 0 && mark >= 0 && (size_t) mark < d->n_denial)
                        return status_line_denial(c, mark, errnos[i].line, len, errnos[i].evidence,
                                                  strlen(errnos[i].evidence));
        }
        return 0;
}

int sbx_classify_finish(struct sbx_classifier *c, const struct sbx_exit_status *st,
                        struct sbx_classify_result *ret, struct sbx_diag *diag) {
        const struct sbx_dialect *d;
        int r = 0;

        if (!c || !st || !ret)
                return -EINVAL;
        if (c->finished)
                return sbx_diag_set(diag, EALREADY, "classify", NULL, "the classifier has already finished");
        c->finished = true;
        d = c->d;
        if (!c->error && c->stage_len > 0)
                r = process(c, c->stage, c->stage_len);
        c->stage_len = 0;
        if (r >= 0 && !c->error && c->cur_len > 0)
                r = end_line(c, NULL, 0);
        pend_flush(c);
        if (r >= 0 && !c->error)
                r = curl_exit_denial(c, st);
        if (r >= 0 && !c->error)
                r = status_file_denials(c, st);
        if (r >= 0 && !c->error)
                r = npm_status_denial(c, st);
        if (r >= 0 && !c->error)
                r = perl_die_status(c, st);
        if (r >= 0 && !c->error)
                r = chattr_silent_status(c, st);
        if (r >= 0 && !c->error)
                r = tar_exists_status(c, st);
        if (c->error || r < 0)
                return sbx_diag_set(diag, -(c->error ? c->error : r), "classify", NULL, "%s",
                                    c->error_msg[0] ? c->error_msg : "classification failed");

        /* the header only: denials[] past n_denials stays untouched (zeroing all of it touched
         * 130 KiB, about 30 fresh pages, of every run) */
        memset(ret, 0, offsetof(struct sbx_classify_result, denials));
        ret->status = *st;
        ret->stderr_bytes = c->bytes;
        ret->stderr_lines = c->lines_done;
        ret->denial_lines = c->denial_lines;
        ret->n_denials = c->n_denials;
        memcpy(ret->denials, c->denials, c->n_denials * sizeof(c->denials[0]));
        if (c->denial.hit)
                snprintf(ret->denial_signature, sizeof(ret->denial_signature), "%s", denial_signature(d, c->denial.sig));

        if (st->signal == 0 && st->exit_code == 0) {
                ret->verdict = SBX_VERDICT_SUCCESS;
                return 0;
        }
        /* A death by signal never proves a runner failure: the runner does not die of one. */
        if (st->signal == 0)
                for (size_t i = 0; i < d->n_rules; i++) {
                        const struct sbx_runner_rule *rule = &d->rules[i];

                        if (!c->rules[i].hit || !exit_allowed(rule, st->exit_code))
                                continue;
                        ret->verdict = SBX_VERDICT_RUNNER_FAILURE;
                        fill_hit(ret, rule->name, rule->fatal[c->rules[i].sig], &c->rules[i]);
                        return 0;
                }
        if (c->denial.hit) {
                ret->verdict = SBX_VERDICT_DENIED;
                fill_hit(ret, "denial", denial_signature(d, c->denial.sig), &c->denial);
                return 0;
        }
        ret->verdict = SBX_VERDICT_TASK_FAILURE;
        return 0;
}
