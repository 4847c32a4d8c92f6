/* libFuzzer target: the dialect file parser. Any text either parses into a dialect that then
 * classifies (its own text as stderr) without error, each of its denial signatures alone reading
 * denied, or fails with a message naming the origin.
 *
 * And a model of the format (classify/README.md): the same input read as choices that write a
 * dialect file (model_write(): name, denial, fifo-denial, rule, exit, fatal, info lines, values
 * quoted with escapes or not, blanks, comments), perhaps with one fault the README names (an
 * unknown keyword, an exit code out of 1..255, a rule without fatal, a fatal outside a rule, a
 * signature given twice in another case, a rule defined twice, a quote not closed, an unknown
 * escape, text after the quote, a control character, an empty value, a bad name): a file with a
 * fault is refused naming its line, one without parses into exactly the model's lists, in order
 * (a value the parser accepts that it should refuse, or drops, is a finding). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "classify-internal.h"
#include "sbx-classify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- the model: a dialect file written from choices, and what it must parse into ------------- */

#define M_VALUES 24
struct model_rule {
        char name[32];
        int exits[6];
        size_t n_exits;
        char fatal[4][48], info[3][48];
        size_t n_fatal, n_info;
};
struct model_dialect {
        char name[32];
        char denial[8][48], fifo[4][48];
        size_t n_denial, n_fifo;
        struct model_rule rules[3];
        size_t n_rules;
};

struct model_out {
        char text[16384];
        size_t len, line; /* the lines written so far */
        const uint8_t *g;
        size_t g_len, at;
};

static unsigned model_next(struct model_out *o) {
        return o->at < o->g_len ? o->g[o->at++] : 0;
}

static void model_put(struct model_out *o, const char *s, size_t n) {
        if (o->len + n >= sizeof(o->text))
                abort(); /* the grammar writes far less */
        memcpy(o->text + o->len, s, n);
        o->len += n;
}

static void model_puts(struct model_out *o, const char *s) {
        model_put(o, s, strlen(s));
}

/* A value: `tag` (unique: no two values alike, in any case) and a few bytes of the grammar's
 * choosing (letters, digits, blanks and marks within; quoted, a quote, a backslash and a tab
 * too). */
static void model_value(struct model_out *o, const char *tag, bool quoted, char *val, size_t size) {
        static const char plain[] = "abcXYZ019 :-_#.";
        static const char any[] = "abcXYZ019 :-_#.\"\\\t";
        size_t n = strlen(tag), extra = model_next(o) % 8;

        memcpy(val, tag, n);
        for (size_t i = 0; i < extra && n + 2 < size; i++)
                val[n++] = quoted ? any[model_next(o) % (sizeof(any) - 1)] : plain[model_next(o) % (sizeof(plain) - 1)];
        if (!quoted) /* an unquoted value loses its trailing blanks: none then */
                while (n > strlen(tag) && val[n - 1] == ' ')
                        n--;
        val[n] = '\0';
}

/* The value as the file writes it: quoted with escapes, or as it is (then blanks after it). */
static void model_put_value(struct model_out *o, const char *val, bool quoted) {
        if (!quoted) {
                model_puts(o, val);
                model_puts(o, model_next(o) % 4 == 0 ? " \t " : "");
                return;
        }
        model_puts(o, "\"");
        for (const char *c = val; *c; c++) {
                char esc[8];
                unsigned k = model_next(o) % 4;

                if (*c == '"' || *c == '\\')
                        snprintf(esc, sizeof(esc), k == 0 ? "\\x%02x" : "\\%c", *c);
                else if (*c == '\t')
                        snprintf(esc, sizeof(esc), k == 0 ? "\t" : "\\t");
                else if (k == 0)
                        snprintf(esc, sizeof(esc), "\\x%02X", (unsigned char) *c);
                else
                        snprintf(esc, sizeof(esc), "%c", *c);
                model_puts(o, esc);
        }
        model_puts(o, "\"");
        model_puts(o, model_next(o) % 4 == 0 ? "  " : "");
}

/* One line: keyword, blanks, value; a comment or blank line before it at times. */
static void model_line_kw(struct model_out *o, const char *kw, const char *val, bool quoted) {
        switch (model_next(o) % 6) {
        case 0:
                model_puts(o, "# a comment: denial x\n");
                o->line++;
                break;
        case 1:
                model_puts(o, " \t\n");
                o->line++;
                break;
        default:
                break;
        }
        model_puts(o, model_next(o) % 5 == 0 ? "  " : "");
        model_puts(o, kw);
        model_puts(o, model_next(o) % 3 == 0 ? " \t" : " ");
        model_put_value(o, val, quoted);
        model_puts(o, "\n");
        o->line++;
}

enum model_fault {
        FAULT_NONE,
        FAULT_KEYWORD,
        FAULT_EXIT,
        FAULT_NO_FATAL,
        FAULT_FATAL_OUTSIDE,
        FAULT_DUP_DENIAL,
        FAULT_DUP_RULE,
        FAULT_UNCLOSED,
        FAULT_ESCAPE,
        FAULT_AFTER_QUOTE,
        FAULT_CONTROL,
        FAULT_EMPTY,
        FAULT_NAME,
        FAULT_COUNT,
};

/* Writes the file the choices g[len] pick into o, the dialect it must parse into into m; the
 * fault written (FAULT_NONE, or the line it is on in *fault_line). */
static enum model_fault model_write(const uint8_t *g, size_t len, struct model_out *o, struct model_dialect *m,
                                    size_t *fault_line) {
        enum model_fault fault;
        size_t fault_at;
        char tag[16];

        memset(m, 0, sizeof(*m));
        o->len = o->line = o->at = 0;
        o->g = g;
        o->g_len = len;
        /* a fault half the time, at a place among the lines */
        fault = model_next(o) % 2 ? (enum model_fault) (model_next(o) % (FAULT_COUNT - 1) + 1) : FAULT_NONE;
        fault_at = model_next(o) % 4;
        *fault_line = 0;
        if (fault == FAULT_FATAL_OUTSIDE) {
                model_line_kw(o, "fatal", "outside", false);
                *fault_line = o->line;
        }
        if (model_next(o) % 2) {
                snprintf(m->name, sizeof(m->name), "n%u-x_y.z", model_next(o) % 10);
                model_line_kw(o, "name", m->name, model_next(o) % 2);
        }
        m->n_denial = model_next(o) % 6;
        m->n_fifo = model_next(o) % 3;
        for (size_t i = 0; i < m->n_denial + m->n_fifo; i++) {
                bool fifo = i >= m->n_denial, q = model_next(o) % 2;
                char *v = fifo ? m->fifo[i - m->n_denial] : m->denial[i];

                snprintf(tag, sizeof(tag), "%c%zu:", fifo ? 'f' : 'd', i);
                model_value(o, tag, q, v, 48);
                model_line_kw(o, fifo ? "fifo-denial" : "denial", v, q);
                if (i == fault_at && fault == FAULT_DUP_DENIAL) {
                        char up[48];
                        for (size_t k = 0; k < sizeof(up); k++)
                                up[k] = (char) (v[k] >= 'a' && v[k] <= 'z' ? v[k] - 32 : v[k]);
                        model_line_kw(o, model_next(o) % 2 ? "denial" : "fifo-denial", up, true);
                        *fault_line = o->line;
                }
        }
        m->n_rules = model_next(o) % 4;
        for (size_t r = 0; r < m->n_rules; r++) {
                struct model_rule *ru = &m->rules[r];
                size_t rule_line;

                snprintf(ru->name, sizeof(ru->name), "r%zu.x-%u", r, model_next(o) % 10);
                model_line_kw(o, "rule", ru->name, model_next(o) % 2);
                rule_line = o->line;
                ru->n_exits = model_next(o) % 6;
                if (ru->n_exits) {
                        char line[64] = "";
                        int v = 0;
                        for (size_t k = 0; k < ru->n_exits; k++) {
                                char num[8];
                                v += 1 + (int) (model_next(o) % 50);
                                ru->exits[k] = v;
                                snprintf(num, sizeof(num), "%s%d", k == 0 ? "" : model_next(o) % 2 ? "," : " ", v);
                                strcat(line, num);
                        }
                        model_line_kw(o, "exit", line, false);
                }
                if (r == 0 && fault == FAULT_EXIT) {
                        static const char *const bad[] = { "0", "256", "1x", "-1", "12345678901234567" };
                        model_line_kw(o, "exit", bad[model_next(o) % 5], false);
                        *fault_line = o->line;
                }
                ru->n_fatal = r == 0 && fault == FAULT_NO_FATAL ? 0 : 1 + model_next(o) % 4;
                if (ru->n_fatal == 0)
                        *fault_line = rule_line;
                ru->n_info = model_next(o) % 4;
                for (size_t k = 0; k < ru->n_fatal + ru->n_info; k++) {
                        bool info = k >= ru->n_fatal, q = model_next(o) % 2;
                        char *v = info ? ru->info[k - ru->n_fatal] : ru->fatal[k];

                        snprintf(tag, sizeof(tag), "%c%zu.%zu:", info ? 'i' : 'x', r, k);
                        model_value(o, tag, q, v, 48);
                        model_line_kw(o, info ? "info" : "fatal", v, q);
                }
                /* a rule of the name of the first, after this one's lines */
                if (r == fault_at % (m->n_rules) && fault == FAULT_DUP_RULE && r > 0) {
                        model_line_kw(o, "rule", m->rules[0].name, false);
                        *fault_line = o->line;
                }
        }
        if (fault == FAULT_NO_FATAL && m->n_rules == 0)
                fault = FAULT_NONE;
        if ((fault == FAULT_DUP_DENIAL && fault_at >= m->n_denial + m->n_fifo) ||
            (fault == FAULT_DUP_RULE && (m->n_rules < 2 || fault_at % m->n_rules == 0)) ||
            (fault == FAULT_EXIT && m->n_rules == 0))
                fault = FAULT_NONE;
        /* the faults of one line, at the end */
        switch (fault) {
        case FAULT_KEYWORD:
                model_puts(o, model_next(o) % 2 ? "Denial x\n" : "denials x\n");
                break;
        case FAULT_UNCLOSED:
                model_puts(o, "denial \"abc\n");
                break;
        case FAULT_ESCAPE:
                model_puts(o, "denial \"a\\qb\"\n");
                break;
        case FAULT_AFTER_QUOTE:
                model_puts(o, "denial \"abc\" d\n");
                break;
        case FAULT_CONTROL:
                model_puts(o, "denial a\x01" "b\n");
                break;
        case FAULT_EMPTY:
                model_puts(o, model_next(o) % 2 ? "denial\n" : "denial \"\"\n");
                break;
        case FAULT_NAME:
                model_puts(o, m->name[0] ? "denial zz\n" : "name bad name\n");
                if (m->name[0]) /* a second name */
                        model_puts(o, "name other\n");
                break;
        default:
                break;
        }
        if (fault >= FAULT_KEYWORD && fault != FAULT_EXIT && fault != FAULT_NO_FATAL && fault != FAULT_FATAL_OUTSIDE &&
            fault != FAULT_DUP_DENIAL && fault != FAULT_DUP_RULE)
                *fault_line = o->line + 1 + (fault == FAULT_NAME && m->name[0]);
        /* a rule without fatal is reported at its line only once the file ends, or at the next
         * rule: its own line either way */
        if (fault == FAULT_NO_FATAL && m->n_rules > 0 && *fault_line == 0)
                fault = FAULT_NONE;
        o->text[o->len] = '\0';
        return fault;
}

static bool model_same_list(char *const *v, size_t n, const char (*want)[48], size_t n_want) {
        if (n != n_want)
                return false;
        for (size_t i = 0; i < n; i++)
                if (strcmp(v[i], want[i]) != 0)
                        return false;
        return true;
}

static void model_fail(const struct model_out *o, const char *why, const char *msg) {
        fprintf(stderr, "dialect model: %s (%s) for:\n%s", why, msg ? msg : "", o->text);
        abort();
}

static void check_model(const uint8_t *g, size_t len) {
        static struct model_out o;
        struct model_dialect m;
        struct sbx_dialect *d = NULL;
        struct sbx_diag diag = { 0 };
        size_t fault_line;
        enum model_fault fault = model_write(g, len, &o, &m, &fault_line);
        int r = sbx_dialect_parse(o.text, o.len, "fuzz.dialect", &d, &diag);

        if (fault != FAULT_NONE) {
                char want[64];

                snprintf(want, sizeof(want), "fuzz.dialect:%zu: ", fault_line);
                if (r >= 0)
                        model_fail(&o, "a fault accepted", NULL);
                if (strncmp(diag.msg, want, strlen(want)) != 0)
                        model_fail(&o, "refused at another line than the fault's", diag.msg);
                return;
        }
        if (r < 0)
                model_fail(&o, "refused", diag.msg);
        if ((m.name[0] && strcmp(d->name, m.name) != 0) || !model_same_list(d->denial, d->n_denial, m.denial, m.n_denial) ||
            !model_same_list(d->fifo_denial, d->n_fifo_denial, m.fifo, m.n_fifo) || d->n_rules != m.n_rules)
                model_fail(&o, "not the model's name, denials or rules", NULL);
        for (size_t i = 0; i < m.n_rules; i++) {
                const struct sbx_runner_rule *ru = &d->rules[i];
                const struct model_rule *mr = &m.rules[i];

                if (strcmp(ru->name, mr->name) != 0 || ru->n_exits != mr->n_exits ||
                    memcmp(ru->exits, mr->exits, mr->n_exits * sizeof(int)) != 0 ||
                    !model_same_list(ru->fatal, ru->n_fatal, mr->fatal, mr->n_fatal) ||
                    !model_same_list(ru->info, ru->n_info, mr->info, mr->n_info))
                        model_fail(&o, "not the model's rule", mr->name);
        }
        sbx_dialect_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        struct sbx_dialect *d = NULL;
        struct sbx_diag diag = { 0 };
        int r = sbx_dialect_parse((const char *) data, size, "fuzz.dialect", &d, &diag);

        check_model(data, size);
        if (r < 0) {
                if (d || strncmp(diag.msg, "fuzz.dialect", 12) != 0)
                        abort();
                return 0;
        }
        if (!d || d->n_rules > SBX_RULES_MAX || d->n_denial > SBX_SIGNATURES_MAX)
                abort();
        for (size_t i = 0; i < d->n_rules; i++)
                if (d->rules[i].n_fatal == 0 || !d->rules[i].fatal_re.code)
                        abort();

        struct sbx_classifier *c = NULL;
        struct sbx_classify_result res;
        struct sbx_exit_status st = { .exit_code = 1 };
        if (sbx_classifier_new(d, &c, NULL) < 0 || sbx_classify_feed(c, data, size) < 0 ||
            sbx_classify_finish(c, &st, &res, NULL) < 0)
                abort();
        /* every denial signature, fed back as stderr alone, is found; but one that names a call on
         * an internet socket with its address and port, which is never a file's denial
         * (sbx_denial_line_names_socket(), bcc8e0a), and sqlite3's "Error: cannot open \"", a
         * denial only with the argv's context, which this classifier has not. With runner rules
         * too, for a death by signal, which never proves a runner failure (classify/README.md):
         * before, a dialect with a rule had none of its signatures checked */
        for (size_t i = 0; i < d->n_denial; i++) {
                const struct sbx_exit_status killed = { .signal = 9 };
                const char *sig = d->denial[i];
                struct sbx_classifier *c2 = NULL;

                /* (nor javac's "error: error while writing", a denial only where a path stands
                 * alone after the class's "C: ", which the signature alone has not: a dialect
                 * with it as a denial, found by CI's fuzz-dialect) */
                if (sbx_denial_line_names_socket(sig, strlen(sig)) || sbx_denial_sig_needs_argv(sig) ||
                    strcasecmp(sig, "error: error while writing") == 0)
                        continue;
                if (sbx_classifier_new(d, &c2, NULL) < 0 || sbx_classify_feed(c2, sig, strlen(sig)) < 0 ||
                    sbx_classify_finish(c2, d->n_rules == 0 ? &st : &killed, &res, NULL) < 0 ||
                    res.verdict != SBX_VERDICT_DENIED)
                        abort();
                sbx_classifier_free(c2);
        }
        sbx_classifier_free(c);
        sbx_dialect_free(d);
        return 0;
}
