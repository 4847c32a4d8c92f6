/* Dialects: the dialect file parser (format in classify/README.md), pattern compilation and the
 * byte-pair prefilter, built-in lookup and operator overrides. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "classify-internal.h"
#include "sbx-macro.h"
#include "sbx-trust.h"

#define DIALECT_FILE_MAX (1024 * 1024)

static bool jit_enabled = true;

void sbx_dialect_set_jit(bool enabled) {
        jit_enabled = enabled;
}

static void strv_free_n(char **v) {
        sbx_strv_free(v);
}

static void regex_clear(struct sbx_regex *re) {
        pcre2_code_free(re->code);
        free(re->pattern);
        memset(re, 0, sizeof(*re));
}

static void rule_clear(struct sbx_runner_rule *r) {
        free(r->name);
        strv_free_n(r->fatal);
        strv_free_n(r->info);
        regex_clear(&r->fatal_re);
        regex_clear(&r->info_re);
        memset(r, 0, sizeof(*r));
}

static void dialect_destroy(struct sbx_dialect *d) {
        if (!d)
                return;
        free(d->name);
        free(d->source);
        strv_free_n(d->denial);
        strv_free_n(d->fifo_denial);
        for (size_t i = 0; i < d->n_rules; i++)
                rule_clear(&d->rules[i]);
        regex_clear(&d->denial_re);
        regex_clear(&d->fifo_denial_re);
        regex_clear(&d->any_re);
        free(d->runs);
        free(d);
}

void sbx_dialect_free(struct sbx_dialect *d) {
        if (!d || d->builtin)
                return;
        dialect_destroy(d);
}
SBX_DEFINE_CLEANUP(struct sbx_dialect *, dialect_destroy)

const char *sbx_dialect_name(const struct sbx_dialect *d) {
        return d ? d->name : NULL;
}

/* ---- parsing ------------------------------------------------------------------------------ */

struct parser {
        const char *origin;
        size_t line_no;
        size_t signature_bytes; /* of every denial and fatal signature so far */
        struct sbx_diag *diag;
        bool lazy; /* built-in text: compile each pattern on its first use (sbx_regex_ready()) */
};

_sbx_printf_(2, 3) static int parse_error(struct parser *p, const char *fmt, ...) {
        char msg[400];
        va_list ap;

        va_start(ap, fmt);
        vsnprintf(msg, sizeof(msg), fmt, ap);
        va_end(ap);
        /* it quotes the file, which may hold anything: no control character reaches a terminal
         * (C0, DEL, C1, and the bidirectional ones, which reordered the rest of the line: the
         * filter of everything sbx prints for a terminal) */
        (void) sbx_utf8_inert(msg, msg, strlen(msg));
        if (p->line_no > 0)
                return sbx_diag_set(p->diag, EINVAL, "parse dialect", p->origin, "%s:%zu: %s", p->origin,
                                    p->line_no, msg);
        return sbx_diag_set(p->diag, EINVAL, "parse dialect", p->origin, "%s: %s", p->origin, msg);
}

/* Checks a decoded value: valid UTF-8, no control character but tab. */
static int check_value(struct parser *p, const char *what, const char *v, size_t len, size_t max) {
        if (len == 0)
                return parse_error(p, "empty %s", what);
        if (len > max)
                return parse_error(p, "%s longer than %zu bytes", what, max);
        for (size_t i = 0; i < len;) {
                const unsigned char *u = (const unsigned char *) v + i;
                size_t n;

                if ((*u < 0x20 && *u != '\t') || *u == 0x7f)
                        return parse_error(p, "%s contains control character 0x%02x", what, *u);
                n = sbx_utf8_valid_len(u, len - i);
                if (n == 0)
                        return parse_error(p, "%s is not valid UTF-8", what);
                i += n;
        }
        return 0;
}

static int hexval(char c) {
        if (c >= '0' && c <= '9')
                return c - '0';
        if (c >= 'a' && c <= 'f')
                return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
                return c - 'A' + 10;
        return -1;
}

/* Decodes the value part of a line (after the keyword and its blanks) into a new string. Quoted
 * values keep every byte between the quotes and know \\ \" \t \xHH; unquoted ones lose trailing
 * blanks. */
static int decode_value(struct parser *p, const char *what, const char *s, size_t len, size_t max,
                        char **ret) {
        _cleanup_free_ char *out = malloc(len + 1);
        size_t n = 0;
        int r;

        if (!out)
                return -ENOMEM;
        if (len > 0 && s[0] == '"') {
                size_t i = 1;
                bool closed = false;

                while (i < len) {
                        char c = s[i++];

                        if (c == '"') {
                                closed = true;
                                break;
                        }
                        if (c != '\\') {
                                out[n++] = c;
                                continue;
                        }
                        if (i >= len)
                                return parse_error(p, "%s ends in a lone backslash", what);
                        c = s[i++];
                        switch (c) {
                        case '\\': out[n++] = '\\'; break;
                        case '"':  out[n++] = '"'; break;
                        case 't':  out[n++] = '\t'; break;
                        case 'x': {
                                int h1 = i < len ? hexval(s[i]) : -1;
                                int h2 = i + 1 < len ? hexval(s[i + 1]) : -1;

                                if (h1 < 0 || h2 < 0)
                                        return parse_error(p, "%s has a bad \\x escape (want \\xHH)", what);
                                out[n++] = (char) (h1 * 16 + h2);
                                i += 2;
                                break;
                        }
                        default:
                                return parse_error(p, "%s has an unknown escape '\\%c'", what,
                                                   isprint((unsigned char) c) ? c : '?');
                        }
                }
                if (!closed)
                        return parse_error(p, "%s has no closing quote", what);
                for (; i < len; i++)
                        if (s[i] != ' ' && s[i] != '\t')
                                return parse_error(p, "text after the closing quote of %s", what);
        } else {
                while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
                        len--;
                memcpy(out, s, len);
                n = len;
        }
        out[n] = '\0';
        r = check_value(p, what, out, n, max);
        if (r < 0)
                return r;
        *ret = sbx_steal_ptr(&out);
        return 0;
}

static int strv_push(char ***v, size_t *n, char *s) {
        char **nv = realloc(*v, (*n + 2) * sizeof(char *));

        if (!nv)
                return -ENOMEM;
        nv[(*n)++] = s;
        nv[*n] = NULL;
        *v = nv;
        return 0;
}

static bool valid_name(const char *s, size_t max) {
        size_t n = strlen(s);

        if (n == 0 || n > max)
                return false;
        for (size_t i = 0; i < n; i++)
                if (!sbx_ascii_alpha((unsigned char) s[i]) && !(s[i] >= '0' && s[i] <= '9') && s[i] != '-' && s[i] != '_' && s[i] != '.')
                        return false;
        return s[0] != '.';
}

static bool list_has_caseless(char *const *v, const char *s) {
        for (size_t i = 0; v && v[i]; i++)
                if (strcasecmp(v[i], s) == 0)
                        return true;
        return false;
}

static int parse_exits(struct parser *p, struct sbx_runner_rule *rule, const char *s, size_t len) {
        size_t i = 0;

        while (i < len) {
                char num[16];
                size_t start, k;
                long v = 0;

                while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == ','))
                        i++;
                if (i >= len)
                        break;
                start = i;
                while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != ',')
                        i++;
                k = i - start;
                if (k >= sizeof(num))
                        return parse_error(p, "exit code '%.*s' is not a number in 1..255", (int) k, s + start);
                memcpy(num, s + start, k);
                num[k] = '\0';
                for (size_t j = 0; j < k; j++) {
                        if (num[j] < '0' || num[j] > '9')
                                return parse_error(p, "exit code '%s' is not a number in 1..255", num);
                        v = v * 10 + (num[j] - '0');
                }
                if (v < 1 || v > 255)
                        return parse_error(p, "exit code '%s' is not a number in 1..255", num);
                if (rule->n_exits >= SBX_EXITS_MAX)
                        return parse_error(p, "more than %d exit codes in rule '%s'", SBX_EXITS_MAX, rule->name);
                rule->exits[rule->n_exits++] = (int) v;
        }
        if (rule->n_exits == 0)
                return parse_error(p, "'exit' needs at least one exit code");
        return 0;
}

/* ---- compilation -------------------------------------------------------------------------- */

static int append(char **buf, size_t *len, size_t *cap, const char *s, size_t n) {
        if (*len + n + 1 > *cap) {
                size_t ncap = (*len + n + 1) * 2;
                char *nb = realloc(*buf, ncap);

                if (!nb)
                        return -ENOMEM;
                *buf = nb;
                *cap = ncap;
        }
        memcpy(*buf + *len, s, n);
        *len += n;
        (*buf)[*len] = '\0';
        return 0;
}

/* Appends s as a literal: every ASCII character that is not a letter or digit is escaped with a
 * backslash (always literal in PCRE2); UTF-8 sequences are copied. */
static int append_literal(char **buf, size_t *len, size_t *cap, const char *s) {
        for (const char *c = s; *c; c++) {
                unsigned char u = (unsigned char) *c;
                int r;

                if (u < 0x80 && !sbx_ascii_alpha(u) && !(u >= '0' && u <= '9')) {
                        char esc[2] = { '\\', *c };
                        r = append(buf, len, cap, esc, 2);
                } else
                        r = append(buf, len, cap, c, 1);
                if (r < 0)
                        return r;
        }
        return 0;
}

/* Compiles the alternation of v (marks: (*MARK:i) before alternative i). */
static int compile_alternation(struct parser *p, char *const *v, bool marks, uint32_t extra_opts,
                               struct sbx_regex *ret) {
        _cleanup_free_ char *pat = NULL;
        size_t len = 0, cap = 0;
        char msg[320];
        int r;

        r = append(&pat, &len, &cap, "(?:", 3);
        for (size_t i = 0; r >= 0 && v[i]; i++) {
                if (i > 0)
                        r = append(&pat, &len, &cap, "|", 1);
                if (r >= 0 && marks) {
                        char m[32];
                        int n = snprintf(m, sizeof(m), "(*MARK:%zu)", i);
                        r = append(&pat, &len, &cap, m, (size_t) n);
                }
                if (r >= 0)
                        r = append_literal(&pat, &len, &cap, v[i]);
        }
        if (r >= 0)
                r = append(&pat, &len, &cap, ")", 1);
        if (r < 0)
                return r;
        ret->present = true;
        ret->options = PCRE2_CASELESS | PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_NO_AUTO_CAPTURE |
                       PCRE2_NEVER_BACKSLASH_C | extra_opts;
        /* JIT comes later, once stderr is large enough to pay for it (sbx_dialect_jit()). A kernel
         * or seccomp filter that forbids executable memory makes it fail: the interpreter then
         * runs the same pattern, more slowly. */
        ret->jit = false;
        ret->jit_pending = jit_enabled;
        ret->pattern = sbx_steal_ptr(&pat);
        ret->pattern_len = len;
        if (p->lazy)
                return 0; /* escaped literals of a built-in: compiled on first use */
        r = sbx_regex_ready(ret, msg, sizeof(msg));
        if (r < 0) {
                p->line_no = 0;
                return parse_error(p, "%s", msg);
        }
        return 0;
}

int sbx_regex_ready(struct sbx_regex *re, char *msg, size_t msg_size) {
        PCRE2_SIZE err_off;
        int err;

        if (re->code || !re->present)
                return 0;
        re->code = pcre2_compile((PCRE2_SPTR) re->pattern, re->pattern_len, re->options, &err, &err_off, NULL);
        if (!re->code) {
                PCRE2_UCHAR m[256];

                pcre2_get_error_message(err, m, sizeof(m));
                if (msg_size)
                        snprintf(msg, msg_size, "pattern does not compile at offset %zu: %s", (size_t) err_off,
                                 (const char *) m);
                return err == PCRE2_ERROR_NOMEMORY || err == PCRE2_ERROR_HEAP_FAILED ? -ENOMEM : -EINVAL;
        }
        free(re->pattern);
        re->pattern = NULL;
        return 0;
}

static void regex_jit(struct sbx_regex *re) {
        if (re->jit_pending && sbx_regex_ready(re, NULL, 0) < 0)
                re->jit_pending = false; /* the match reports the compile error */
        if (re->code && re->jit_pending)
                re->jit = pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE) == 0;
        re->jit_pending = false;
}

void sbx_dialect_jit(struct sbx_dialect *d) {
        regex_jit(&d->denial_re);
        regex_jit(&d->fifo_denial_re);
        regex_jit(&d->any_re);
        for (size_t i = 0; i < d->n_rules; i++) {
                regex_jit(&d->rules[i].fatal_re);
                regex_jit(&d->rules[i].info_re);
        }
}

/* How common a byte is in typical tool output (higher: more common); letters case-folded. */
static unsigned byte_weight(unsigned char c) {
        static const unsigned letters[26] = {
                /* a */ 82, 15, 28, 43, 127, 22, 20, 61, 70, 2, 8, 40, 24,
                /* n */ 67, 75, 19, 1, 60, 63, 91, 28, 10, 24, 2, 20, 1,
        };

        c = sbx_ascii_lower(c);
        if (c >= 'a' && c <= 'z')
                return letters[c - 'a'] + 5;
        if (c == ' ')
                return 180;
        if (c >= '0' && c <= '9')
                return 30;
        switch (c) {
        case '.': case '/': case '-': case '_': case ':': case ',': case '\'': case '"': case '=':
                return 25;
        default:
                return 8;
        }
}

/* A byte whose caseless variants are exactly ASCII bytes of the same position: printable ASCII
 * except k and s (KELVIN SIGN and LATIN SMALL LETTER LONG S fold to them). */
static bool safe_byte(unsigned char c) {
        return c >= 0x20 && c < 0x7f && c != 'k' && c != 'K' && c != 's' && c != 'S';
}

static void add_anchor(struct sbx_dialect *d, unsigned char a, unsigned char b) {
        struct sbx_anchor an = {
                .a = sbx_ascii_lower(a),
                .b = sbx_ascii_lower(b),
                .fold_a = sbx_ascii_alpha(a) ? 0x20 : 0,
                .fold_b = sbx_ascii_alpha(b) ? 0x20 : 0,
        };

        if (d->n_anchors == SIZE_MAX)
                return;
        for (size_t i = 0; i < d->n_anchors; i++)
                if (memcmp(&d->anchors[i], &an, sizeof(an)) == 0)
                        return;
        if (d->n_anchors >= SBX_ANCHORS_MAX) {
                d->n_anchors = SIZE_MAX; /* too many for the vector scan: the pair table does it */
                return;
        }
        d->anchors[d->n_anchors++] = an;
}

static void set_pair(struct sbx_dialect *d, unsigned char a, unsigned char b) {
        unsigned char va[2] = { a, a }, vb[2] = { b, b };

        if (sbx_ascii_alpha(a))
                va[0] = sbx_ascii_lower(a), va[1] = sbx_ascii_upper(a);
        if (sbx_ascii_alpha(b))
                vb[0] = sbx_ascii_lower(b), vb[1] = sbx_ascii_upper(b);
        for (int i = 0; i < 2; i++)
                for (int j = 0; j < 2; j++) {
                        unsigned v = (unsigned) va[i] | ((unsigned) vb[j] << 8);
                        d->pair_bits[v >> 3] |= (uint8_t) (1u << (v & 7));
                }
}

/* Each signature contributes the rarest pair of adjacent safe bytes it contains. Any occurrence
 * of the signature in text contains that pair, whatever the case and whatever Unicode case variant
 * its other characters take. A signature without such a pair disables the prefilter: the whole
 * text goes to PCRE2. */
static int add_run(struct sbx_dialect *d, const unsigned char *s, size_t n, size_t at) {
        struct sbx_anchor_run *nr, *run;
        size_t lo = at, hi = at + 2;

        while (lo > 0 && safe_byte(s[lo - 1]))
                lo--;
        while (hi < n && safe_byte(s[hi]))
                hi++;
        nr = realloc(d->runs, (d->n_runs + 1) * sizeof(*nr));
        if (!nr)
                return -ENOMEM;
        d->runs = nr;
        run = &d->runs[d->n_runs++];
        memset(run, 0, sizeof(*run));
        run->a = sbx_ascii_lower(s[at]);
        run->b = sbx_ascii_lower(s[at + 1]);
        run->ro = at - lo;
        run->len = hi - lo;
        for (size_t i = 0; i < run->len; i++) {
                run->lower[i] = sbx_ascii_lower(s[lo + i]);
                run->fold[i] = sbx_ascii_alpha(s[lo + i]) ? 0x20 : 0;
        }
        return 0;
}

static int add_prefilter(struct sbx_dialect *d, const char *sig) {
        const unsigned char *s = (const unsigned char *) sig;
        size_t n = strlen(sig), best = SIZE_MAX;
        unsigned best_w = UINT32_MAX;

        for (size_t i = 0; i + 1 < n; i++) {
                unsigned w;

                if (!safe_byte(s[i]) || !safe_byte(s[i + 1]))
                        continue;
                w = byte_weight(s[i]) * byte_weight(s[i + 1]);
                if (w < best_w)
                        best_w = w, best = i;
        }
        if (best != SIZE_MAX) {
                set_pair(d, s[best], s[best + 1]);
                add_anchor(d, s[best], s[best + 1]);
                return add_run(d, s, n, best);
        }
        /* Without a pair, no prefilter: a single safe byte (often the blank of a localized
         * message) sent a window to PCRE2 at each of its occurrences, 1.7 MB/s on a run of blanks
         * (review); PCRE2's own search for a start of match is faster there. */
        d->prefilter = false;
        return 0;
}

static int dialect_compile(struct parser *p, struct sbx_dialect *d) {
        _cleanup_strv_free_ char **all = NULL;
        size_t n_all = 0, longest = 0;
        int r;

        d->prefilter = true;
        memset(d->pair_bits, 0, sizeof(d->pair_bits));
        for (size_t i = 0; i < d->n_denial + d->n_fifo_denial; i++) {
                char *s = strdup(i < d->n_denial ? d->denial[i] : d->fifo_denial[i - d->n_denial]);
                if (!s || strv_push(&all, &n_all, s) < 0)
                        return free(s), -ENOMEM;
        }
        for (size_t k = 0; k < d->n_rules; k++) {
                struct sbx_runner_rule *rule = &d->rules[k];

                for (size_t i = 0; i < rule->n_fatal; i++) {
                        char *s = strdup(rule->fatal[i]);
                        if (!s || strv_push(&all, &n_all, s) < 0)
                                return free(s), -ENOMEM;
                }
                r = compile_alternation(p, rule->fatal, true, 0, &rule->fatal_re);
                if (r < 0)
                        return r;
                if (rule->n_info > 0) {
                        r = compile_alternation(p, rule->info, false, PCRE2_ANCHORED | PCRE2_ENDANCHORED,
                                                &rule->info_re);
                        if (r < 0)
                                return r;
                }
        }
        if (d->n_denial > 0) {
                r = compile_alternation(p, d->denial, true, 0, &d->denial_re);
                if (r < 0)
                        return r;
        }
        if (d->n_fifo_denial > 0) {
                r = compile_alternation(p, d->fifo_denial, true, 0, &d->fifo_denial_re);
                if (r < 0)
                        return r;
        }
        if (n_all > 0) {
                r = compile_alternation(p, all, false, 0, &d->any_re);
                if (r < 0)
                        return r;
        }
        d->n_anchors = 0;
        for (size_t i = 0; i < n_all; i++) {
                r = add_prefilter(d, all[i]);
                if (r < 0)
                        return r;
                if (strlen(all[i]) > longest)
                        longest = strlen(all[i]);
        }
        if (d->n_anchors == SIZE_MAX)
                d->n_anchors = 0;
        /* A caseless match of one character spans at most 4 bytes, whatever the signature's form. */
        d->max_match = longest * 4;
        return 0;
}

/* ---- the parser --------------------------------------------------------------------------- */

/* Counts a signature against the dialect's total (its patterns must compile). */
static int add_signature_bytes(struct parser *p, const char *sig) {
        p->signature_bytes += strlen(sig);
        if (p->signature_bytes > SBX_SIGNATURE_BYTES_MAX)
                return parse_error(p, "the denial and fatal signatures add up to more than %d bytes",
                                   SBX_SIGNATURE_BYTES_MAX);
        return 0;
}

static int parse_line(struct parser *p, struct sbx_dialect *d, const char *line, size_t len,
                      bool *have_name, size_t *rule_line) {
        const char *kw = line, *val;
        size_t kwlen = 0, vlen;
        struct sbx_runner_rule *rule = d->n_rules > 0 ? &d->rules[d->n_rules - 1] : NULL;
        char *v = NULL;
        int r;

        while (kwlen < len && line[kwlen] != ' ' && line[kwlen] != '\t')
                kwlen++;
        val = line + kwlen;
        vlen = len - kwlen;
        while (vlen > 0 && (*val == ' ' || *val == '\t'))
                val++, vlen--;

#define KW(s) (kwlen == strlen(s) && memcmp(kw, s, kwlen) == 0)
        if (KW("name")) {
                if (*have_name)
                        return parse_error(p, "'name' given twice");
                r = decode_value(p, "dialect name", val, vlen, SBX_DIALECT_NAME_MAX, &v);
                if (r < 0)
                        return r;
                if (!valid_name(v, SBX_DIALECT_NAME_MAX)) {
                        r = parse_error(p, "dialect name '%s' may only use letters, digits, '-', '_' and '.'", v);
                        free(v);
                        return r;
                }
                free(d->name);
                d->name = v;
                *have_name = true;
                return 0;
        }
        if (KW("denial") || KW("fifo-denial")) {
                bool fifo = KW("fifo-denial");

                if (d->n_denial + d->n_fifo_denial >= SBX_SIGNATURES_MAX)
                        return parse_error(p, "more than %d denial signatures", SBX_SIGNATURES_MAX);
                r = decode_value(p, "denial signature", val, vlen, SBX_SIGNATURE_MAX, &v);
                if (r < 0)
                        return r;
                if ((r = add_signature_bytes(p, v)) < 0) {
                        free(v);
                        return r;
                }
                if (list_has_caseless(d->denial, v) || list_has_caseless(d->fifo_denial, v)) {
                        r = parse_error(p, "denial signature '%s' given twice", v);
                        free(v);
                        return r;
                }
                r = fifo ? strv_push(&d->fifo_denial, &d->n_fifo_denial, v) : strv_push(&d->denial, &d->n_denial, v);
                if (r < 0)
                        free(v);
                return r;
        }
        if (KW("rule")) {
                if (rule && rule->n_fatal == 0) {
                        p->line_no = *rule_line;
                        return parse_error(p, "rule '%s' has no 'fatal' signature", rule->name);
                }
                if (d->n_rules >= SBX_RULES_MAX)
                        return parse_error(p, "more than %d runner-failure rules", SBX_RULES_MAX);
                r = decode_value(p, "rule name", val, vlen, SBX_RULE_NAME_MAX, &v);
                if (r < 0)
                        return r;
                if (!valid_name(v, SBX_RULE_NAME_MAX) || strcmp(v, "denial") == 0) {
                        r = parse_error(p, "rule name '%s' may only use letters, digits, '-', '_' and '.' (and is not 'denial')", v);
                        free(v);
                        return r;
                }
                for (size_t i = 0; i < d->n_rules; i++)
                        if (strcmp(d->rules[i].name, v) == 0) {
                                r = parse_error(p, "rule '%s' defined twice", v);
                                free(v);
                                return r;
                        }
                d->rules[d->n_rules++].name = v;
                *rule_line = p->line_no;
                return 0;
        }
        if (KW("exit") || KW("fatal") || KW("info")) {
                if (!rule)
                        return parse_error(p, "'%.*s' outside a rule (start one with 'rule NAME')", (int) kwlen, kw);
                if (KW("exit"))
                        return parse_exits(p, rule, val, vlen);
                if (KW("fatal")) {
                        if (rule->n_fatal >= SBX_SIGNATURES_MAX)
                                return parse_error(p, "more than %d fatal signatures in rule '%s'",
                                                   SBX_SIGNATURES_MAX, rule->name);
                        r = decode_value(p, "fatal signature", val, vlen, SBX_SIGNATURE_MAX, &v);
                        if (r >= 0 && (r = add_signature_bytes(p, v)) < 0) {
                                free(v);
                                return r;
                        }
                        if (r >= 0 && list_has_caseless(rule->fatal, v)) {
                                r = parse_error(p, "fatal signature '%s' given twice", v);
                                free(v);
                                return r;
                        }
                        if (r >= 0 && (r = strv_push(&rule->fatal, &rule->n_fatal, v)) < 0)
                                free(v);
                        return r;
                }
                if (rule->n_info >= SBX_INFO_LINES_MAX)
                        return parse_error(p, "more than %d informational lines in rule '%s'",
                                           SBX_INFO_LINES_MAX, rule->name);
                r = decode_value(p, "informational line", val, vlen, SBX_INFO_LINE_MAX, &v);
                if (r >= 0) {
                        size_t total = strlen(v);
                        for (size_t i = 0; i < rule->n_info; i++)
                                total += strlen(rule->info[i]);
                        if (total > SBX_INFO_BYTES_MAX) {
                                free(v);
                                return parse_error(p, "the informational lines of rule '%s' add up to more than %d "
                                                   "bytes", rule->name, SBX_INFO_BYTES_MAX);
                        }
                }
                if (r >= 0 && (r = strv_push(&rule->info, &rule->n_info, v)) < 0)
                        free(v);
                return r;
        }
#undef KW
        return parse_error(p, "unknown keyword '%.*s' (want name, denial, fifo-denial, rule, exit, fatal or info)",
                           (int) (kwlen > 40 ? 40 : kwlen), kw);
}

static int dialect_parse(const char *text, size_t len, const char *origin, const char *default_name, bool lazy,
                         struct sbx_dialect **ret, struct sbx_diag *diag) {
        _sbx_cleanup_(dialect_destroyp) struct sbx_dialect *d = NULL;
        struct parser p = { .origin = origin ? origin : "(dialect)", .diag = diag, .lazy = lazy };
        bool have_name = false;
        size_t rule_line = 0;
        int r;

        if (!text && len > 0)
                return -EINVAL;
        if (memchr(text ? text : "", '\0', len))
                return parse_error(&p, "contains a NUL byte");
        d = calloc(1, sizeof(*d));
        if (!d)
                return -ENOMEM;
        d->source = malloc(len + 1);
        if (!d->source)
                return -ENOMEM;
        if (len > 0)
                memcpy(d->source, text, len);
        d->source[len] = '\0';
        d->source_len = len;
        d->name = strdup(default_name && *default_name ? default_name : "custom");
        if (!d->name)
                return -ENOMEM;

        for (size_t pos = 0; pos < len;) {
                const char *line = text + pos;
                const char *nl = memchr(line, '\n', len - pos);
                size_t ll = nl ? (size_t) (nl - line) : len - pos;

                pos += ll + (nl ? 1 : 0);
                p.line_no++;
                if (ll > 0 && line[ll - 1] == '\r')
                        ll--;
                while (ll > 0 && (*line == ' ' || *line == '\t'))
                        line++, ll--;
                if (ll == 0 || *line == '#')
                        continue;
                r = parse_line(&p, d, line, ll, &have_name, &rule_line);
                if (r < 0)
                        return r;
        }
        if (d->n_rules > 0 && d->rules[d->n_rules - 1].n_fatal == 0) {
                p.line_no = rule_line;
                return parse_error(&p, "rule '%s' has no 'fatal' signature", d->rules[d->n_rules - 1].name);
        }
        p.line_no = 0;
        r = dialect_compile(&p, d);
        if (r < 0)
                return r;
        *ret = sbx_steal_ptr(&d);
        return 0;
}

int sbx_dialect_parse(const char *text, size_t len, const char *origin, struct sbx_dialect **ret_dialect,
                      struct sbx_diag *diag) {
        if (!ret_dialect)
                return -EINVAL;
        return dialect_parse(text, len, origin, NULL, false, ret_dialect, diag);
}

/* Reads the dialect file open at fd. */
static int read_fd(int fd, const char *path, char **ret, size_t *ret_len, struct sbx_diag *diag) {
        _cleanup_free_ char *buf = NULL;
        size_t len = 0, cap = 0;
        struct stat st;

        if (fstat(fd, &st) < 0)
                return sbx_diag_set(diag, errno, "stat dialect", path, "cannot stat %s: %s", path, strerror(errno));
        if (S_ISDIR(st.st_mode))
                return sbx_diag_set(diag, EISDIR, "open dialect", path, "dialect file %s is a directory", path);
        for (;;) {
                ssize_t n;

                if (len + 4096 > cap) {
                        char *nb;

                        cap = cap ? cap * 2 : 8192;
                        nb = realloc(buf, cap);
                        if (!nb)
                                return -ENOMEM;
                        buf = nb;
                }
                n = read(fd, buf + len, cap - len - 1);
                if (n < 0) {
                        if (errno == EINTR)
                                continue;
                        return sbx_diag_set(diag, errno, "read dialect", path, "cannot read %s: %s", path,
                                            strerror(errno));
                }
                if (n == 0)
                        break;
                len += (size_t) n;
                if (len > DIALECT_FILE_MAX)
                        return sbx_diag_set(diag, EFBIG, "read dialect", path,
                                            "dialect file %s is larger than %d bytes", path, DIALECT_FILE_MAX);
        }
        *ret = sbx_steal_ptr(&buf);
        *ret_len = len;
        return 0;
}

/* "dir/x/bwrap.dialect" -> "bwrap" */
static void name_from_path(const char *path, char *out, size_t size) {
        const char *b = strrchr(path, '/');
        size_t n;

        b = b ? b + 1 : path;
        n = strlen(b);
        if (n > 8 && strcmp(b + n - 8, ".dialect") == 0)
                n -= 8;
        if (n >= size)
                n = size - 1;
        memcpy(out, b, n);
        out[n] = '\0';
        if (!valid_name(out, SBX_DIALECT_NAME_MAX))
                snprintf(out, size, "custom");
}

static int load_fd(int fd, const char *path, struct sbx_dialect **ret_dialect, struct sbx_diag *diag) {
        _cleanup_free_ char *text = NULL;
        char name[SBX_DIALECT_NAME_MAX + 1];
        size_t len = 0;
        int r;

        r = read_fd(fd, path, &text, &len, diag);
        if (r < 0)
                return r;
        name_from_path(path, name, sizeof(name));
        return dialect_parse(text, len, path, name, false, ret_dialect, diag);
}

int sbx_dialect_load_file(const char *path, struct sbx_dialect **ret_dialect, struct sbx_diag *diag) {
        _cleanup_close_ int fd = -1;

        if (!path || !ret_dialect)
                return -EINVAL;
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
        if (fd < 0)
                return sbx_diag_set(diag, errno, "open dialect", path, "cannot open dialect file %s: %s",
                                    path, strerror(errno));
        return load_fd(fd, path, ret_dialect, diag);
}

/* ---- built-ins and operator overrides ----------------------------------------------------- */

static pthread_mutex_t builtin_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sbx_dialect *builtin_cache[16];

int sbx_dialect_builtin(const char *backend, const struct sbx_dialect **ret_dialect) {
        size_t idx;
        int r = 0;

        if (!backend || !ret_dialect)
                return -EINVAL;
        for (idx = 0; sbx_dialect_builtin_names[idx]; idx++)
                if (strcmp(sbx_dialect_builtin_names[idx], backend) == 0)
                        break;
        if (!sbx_dialect_builtin_names[idx] || idx >= SBX_ELEMENTSOF(builtin_cache))
                return -ENOENT;

        pthread_mutex_lock(&builtin_lock);
        if (!builtin_cache[idx]) {
                const char *text = sbx_dialect_builtin_text(backend);
                struct sbx_dialect *d = NULL;
                char origin[96];

                snprintf(origin, sizeof(origin), "built-in dialect %s", backend);
                r = dialect_parse(text, strlen(text), origin, backend, true, &d, NULL);
                if (r >= 0) {
                        d->builtin = true;
                        builtin_cache[idx] = d;
                }
        }
        if (r >= 0)
                *ret_dialect = builtin_cache[idx];
        pthread_mutex_unlock(&builtin_lock);
        return r;
}

/* An override decides verdicts as the config decides confinement, so the config file's rule
 * applies to it and to the directory it lies in: only its owner or root may write them, and
 * they are the user's or root's (a sticky directory keeps others from swapping files). A config
 * named in /tmp otherwise found its dialects in /tmp/dialects, which any user can make, and
 * another user's override erased the run's denials (security review). */
static int check_override(const char *path, const struct stat *st, struct sbx_diag *diag) {
        return sbx_check_trusted(diag, "find dialect", S_ISDIR(st->st_mode) ? "dialect directory" : "dialect file",
                                 path, st);
}

int sbx_dialect_find_override(const char *backend, char *const *config_dirs, struct sbx_dialect **ret_dialect,
                              struct sbx_diag *diag) {
        if (!backend || !ret_dialect)
                return -EINVAL;
        if (!valid_name(backend, SBX_DIALECT_NAME_MAX))
                return sbx_diag_set(diag, EINVAL, "find dialect", NULL, "invalid backend name '%.64s'", backend);
        for (size_t i = 0; config_dirs && config_dirs[i]; i++) {
                _cleanup_free_ char *dir = NULL, *path = NULL;
                _cleanup_close_ int fd = -1;
                struct stat st;
                int r;

                if (asprintf(&dir, "%s/dialects", config_dirs[i]) < 0 ||
                    asprintf(&path, "%s/%s.dialect", dir, backend) < 0)
                        return -ENOMEM;
                if (stat(dir, &st) < 0) {
                        if (errno == ENOENT || errno == ENOTDIR)
                                continue;
                        return sbx_diag_set(diag, errno, "find dialect", dir, "cannot stat %s: %s", dir,
                                            strerror(errno));
                }
                if ((r = check_override(dir, &st, diag)) < 0 ||
                    (r = sbx_check_trusted_ancestors(diag, "find dialect", "dialect directory", dir, dir)) < 0)
                        return r;
                /* never blocks on a FIFO planted there */
                fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
                if (fd < 0) {
                        if (errno == ENOENT)
                                continue;
                        return sbx_diag_set(diag, errno, "find dialect", path, "cannot open dialect file %s: %s",
                                            path, strerror(errno));
                }
                if (fstat(fd, &st) < 0)
                        return sbx_diag_set(diag, errno, "find dialect", path, "cannot stat %s: %s", path,
                                            strerror(errno));
                if (!S_ISREG(st.st_mode))
                        return sbx_diag_set(diag, EINVAL, "find dialect", path, "dialect file %s is not a regular file",
                                            path);
                if ((r = check_override(path, &st, diag)) < 0)
                        return r;
                /* and, through a symlink, the directory it really lies in */
                {
                        char real[PATH_MAX];

                        if (sbx_fd_real_dir(fd, real, sizeof(real)) && strcmp(real, dir) != 0) {
                                if (stat(real, &st) < 0)
                                        return sbx_diag_set(diag, errno, "find dialect", real, "cannot stat %s: %s",
                                                            real, strerror(errno));
                                if ((r = check_override(real, &st, diag)) < 0 ||
                                    (r = sbx_check_trusted_ancestors(diag, "find dialect", "dialect file", path, real)) < 0)
                                        return r;
                        }
                        /* and the file's own name, a symlink maybe: the symlinks it leads through */
                        if ((r = sbx_check_trusted_names(diag, "find dialect", "dialect file", path, path, true, 0)) < 0)
                                return r;
                }
                return load_fd(fd, path, ret_dialect, diag);
        }
        *ret_dialect = NULL;
        return 0;
}

int sbx_dialect_find(const char *backend, char *const *config_dirs, struct sbx_dialect **ret_dialect,
                     struct sbx_diag *diag) {
        struct sbx_dialect *override = NULL;
        const char *text;
        char origin[96];
        int r;

        r = sbx_dialect_find_override(backend, config_dirs, &override, diag);
        if (r < 0)
                return r;
        if (override) {
                *ret_dialect = override;
                return 0;
        }
        text = sbx_dialect_builtin_text(backend);
        if (!text) {
                char names[128] = "";
                size_t len = 0;

                for (size_t i = 0; sbx_dialect_builtin_names[i] && len < sizeof(names); i++)
                        len += (size_t) snprintf(names + len, sizeof(names) - len, "%s%s", i ? ", " : "",
                                                 sbx_dialect_builtin_names[i]);
                return sbx_diag_set(diag, ENOENT, "find dialect", NULL,
                                    "unknown backend '%s' (built-in dialects: %s; or add <config dir>/dialects/%s.dialect)",
                                    backend, names, backend);
        }
        snprintf(origin, sizeof(origin), "built-in dialect %s", backend);
        return dialect_parse(text, strlen(text), origin, backend, true, ret_dialect, diag);
}
