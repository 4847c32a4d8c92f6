/* The forensic queries behind `sbx audit` and `sbx session show`. Filters become WHERE terms with
 * bound parameters (never text pasted into SQL); the indexes they lean on are in db/schema.c. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sbx-audit.h"
#include "sbx-classify.h"
#include "sbx-macro.h"
#include "db-sql.h"

/* ---- time ---------------------------------------------------------------------------------- */

static int parse_digits(const char **p, int n, int *ret) {
        int v = 0;

        for (int i = 0; i < n; i++) {
                if (!isdigit((unsigned char) (*p)[i]))
                        return -EINVAL;
                v = v * 10 + ((*p)[i] - '0');
        }
        *p += n;
        *ret = v;
        return 0;
}

static int parse_duration(const char *s, int64_t *ret_ms) {
        int64_t total = 0;
        bool too_long = false;

        if (!*s)
                return -EINVAL;
        while (*s) {
                int64_t v = 0, unit;
                if (!isdigit((unsigned char) *s))
                        return -EINVAL;
                /* past the bound, the digits are only read: the syntax is still checked to the end */
                for (; isdigit((unsigned char) *s); s++)
                        if (!too_long && (v = v * 10 + (*s - '0')) > (int64_t) 200 * 365 * 86400)
                                too_long = true;
                switch (*s++) {
                case 's': unit = 1000; break;
                case 'm': unit = 60 * 1000; break;
                case 'h': unit = 3600 * 1000; break;
                case 'd': unit = 86400 * 1000; break;
                case 'w': unit = 7 * 86400 * 1000; break;
                default: return -EINVAL;
                }
                if (!too_long) {
                        total += v * unit;
                        too_long = total > (int64_t) 200 * 365 * 86400 * 1000;
                }
        }
        if (too_long)
                return -ERANGE;
        *ret_ms = total;
        return 0;
}

static int parse_iso(const char *s, int64_t *ret_ms) {
        static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
        struct tm tm = { 0 };
        int y, mo, d, h = 0, mi = 0, sec = 0, ms = 0, off = 0;
        const char *p = s;
        time_t t;

        if (parse_digits(&p, 4, &y) < 0 || *p++ != '-' || parse_digits(&p, 2, &mo) < 0 || *p++ != '-' ||
            parse_digits(&p, 2, &d) < 0)
                return -EINVAL;
        if (*p == 'T' || *p == 't' || *p == ' ') { /* RFC 3339 allows lowercase t and z */
                p++;
                if (parse_digits(&p, 2, &h) < 0 || *p++ != ':' || parse_digits(&p, 2, &mi) < 0)
                        return -EINVAL;
                if (*p == ':') {
                        p++;
                        if (parse_digits(&p, 2, &sec) < 0)
                                return -EINVAL;
                        if (*p == '.' || *p == ',') {
                                int scale = 100;
                                p++;
                                if (!isdigit((unsigned char) *p))
                                        return -EINVAL;
                                for (; isdigit((unsigned char) *p); p++, scale /= 10)
                                        ms += (*p - '0') * scale;
                        }
                }
                if (*p == 'Z' || *p == 'z')
                        p++;
                else if (*p == '+' || *p == '-') {
                        int sign = *p++ == '-' ? -1 : 1, oh, om = 0;
                        if (parse_digits(&p, 2, &oh) < 0)
                                return -EINVAL;
                        /* +hh:mm, +hhmm, or +hh alone (ISO 8601; PostgreSQL prints "+00") */
                        if (*p == ':')
                                p++;
                        if ((p[-1] == ':' || *p) && parse_digits(&p, 2, &om) < 0)
                                return -EINVAL;
                        if (oh > 23 || om > 59)
                                return -EINVAL;
                        off = sign * (oh * 60 + om);
                }
        } else if (*p == 'Z' || *p == 'z')
                p++;
        if (*p)
                return -EINVAL;
        if (mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] || h > 23 || mi > 59 || sec > 60)
                return -EINVAL;
        if (mo == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
                return -EINVAL;
        if (y < 1970)
                return -ERANGE;
        tm.tm_year = y - 1900;
        tm.tm_mon = mo - 1;
        tm.tm_mday = d;
        tm.tm_hour = h;
        tm.tm_min = mi;
        tm.tm_sec = sec;
        t = timegm(&tm);
        if (t == (time_t) -1)
                return -EINVAL;
        *ret_ms = ((int64_t) t - (int64_t) off * 60) * 1000 + ms;
        return *ret_ms < 0 ? -ERANGE : 0; /* 1970-01-01T00:30+01:00 */
}

int sbx_audit_parse_time(const char *s, int64_t now_ms, int64_t *ret_ms) {
        int64_t v;

        if (!s || !*s)
                return -EINVAL;
        if (strlen(s) >= 10 && s[4] == '-') {
                int r = parse_iso(s, &v);
                if (r < 0)
                        return r;
        } else {
                int r = parse_duration(s, &v);
                if (r < 0)
                        return r;
                v = now_ms - v;
        }
        *ret_ms = v;
        return 0;
}

int sbx_audit_check_glob(const char *glob) {
        for (const char *p = glob; *p; p++) {
                if (*p != '[')
                        continue;
                /* SQLite's patternCompare(): an optional '^', then a ']' that is a member */
                p++;
                if (*p == '^')
                        p++;
                if (*p == ']')
                        p++;
                p = strchr(p, ']');
                if (!p)
                        return -EINVAL;
        }
        return 0;
}

/* ---- building the WHERE clause ------------------------------------------------------------- */

enum { MAX_BINDS = 16 };

struct query {
        FILE *f;
        char *sql;
        size_t size;
        int n;
        struct {
                bool is_int;
                int64_t i;
                const char *s;
        } binds[MAX_BINDS];
};

static void bind_str(struct query *q, const char *s) {
        q->binds[q->n].is_int = false;
        q->binds[q->n++].s = s;
}

static void bind_int(struct query *q, int64_t v) {
        q->binds[q->n].is_int = true;
        q->binds[q->n++].i = v;
}

/* The term sql (its one parameter a ?) with v bound to it, when on. */
static void term_int(struct query *q, bool on, const char *sql, int64_t v) {
        if (on) {
                fputs(sql, q->f);
                bind_int(q, v);
        }
}

/* The term sql with s bound to it, when s is given. */
static void term_str(struct query *q, const char *sql, const char *s) {
        if (s) {
                fputs(sql, q->f);
                bind_str(q, s);
        }
}

/* Terms on the execution alias e; `denied_path_direct` when denial_lines d is already joined. */
static void where_execution(struct query *q, const struct sbx_audit_filter *f, bool denied_path_direct) {
        term_int(q, f->has_since, " AND e.started_ms >= ?", f->since_ms);
        term_int(q, f->has_until, " AND e.started_ms < ?", f->until_ms);
        term_str(q, " AND e.session_id = ?", f->session_id);
        term_str(q, " AND e.backend = ?", f->backend);
        term_str(q, " AND e.mode = ?", f->mode);
        term_str(q, " AND e.verdict = ?", f->verdict);
        term_str(q, " AND " SBX_SQL_STATE("e") " = ?", f->state);
        term_int(q, f->after_id > 0, " AND e.id > ?", f->after_id);
        term_int(q, f->only_id > 0, " AND e.id = ?", f->only_id);
        if (f->path_glob) {
                if (denied_path_direct)
                        /* with a time range, let executions_denied_started drive (unary + keeps the
                         * planner off denial_lines_path, which would visit every matching line) */
                        fputs(f->has_since || f->has_until ? " AND +d.path GLOB ?" : " AND d.path GLOB ?", q->f);
                else
                        fputs(" AND e.denial_lines > 0 AND EXISTS (SELECT 1 FROM denial_lines d"
                              " WHERE d.execution_id = e.id AND d.path GLOB ?)", q->f);
                bind_str(q, f->path_glob);
        }
}

static bool filters_executions(const struct sbx_audit_filter *f) {
        return f->has_since || f->has_until || f->session_id || f->backend || f->mode || f->verdict || f->state ||
               f->after_id > 0 || f->only_id > 0;
}

static void build(struct query *q, enum sbx_audit_query kind, const struct sbx_audit_filter *f) {
        switch (kind) {
        case SBX_AUDIT_QUERY_LIST:
        case SBX_AUDIT_QUERY_EXPORT:
                /* list: in start order, which executions_started serves for --since/--until and
                 * for "the most recent N"; export: in id (recording) order, which --follow resumes. */
                if (kind == SBX_AUDIT_QUERY_LIST)
                        fputs("SELECT id, started_at, duration_ms, state, verdict, mode, mode_event_id, backend,"
                              " exit_code, signal, denial_lines, session_id, argv FROM (SELECT "
                              SBX_SQL_EXECUTION_SUMMARY("e") ", e.started_ms AS _t", q->f);
                else
                        fputs("SELECT * FROM (SELECT " SBX_SQL_EXECUTION_COLUMNS("e"), q->f);
                fputs(" FROM executions e WHERE 1", q->f);
                where_execution(q, f, false);
                if (kind == SBX_AUDIT_QUERY_EXPORT) {
                        /* In id order the planner walks every row of the table and tests its time
                         * (411 ms instead of 7 ms for the last hour of 1M rows). These bounds are
                         * implied by the time terms whatever the clock did, and make the walk a
                         * range of ids (the +id keeps executions_started driving the bound). */
                        term_int(q, f->has_since,
                                 " AND e.id >= (SELECT min(+id) FROM executions WHERE started_ms >= ?)", f->since_ms);
                        term_int(q, f->has_until,
                                 " AND e.id <= (SELECT max(+id) FROM executions WHERE started_ms < ?)", f->until_ms);
                }
                fputs(kind == SBX_AUDIT_QUERY_LIST ? " ORDER BY e.started_ms DESC, e.id DESC" : " ORDER BY e.id DESC", q->f);
                term_int(q, f->limit > 0, " LIMIT ?", f->limit);
                fputs(kind == SBX_AUDIT_QUERY_LIST ? ") ORDER BY _t, id" : ") ORDER BY id", q->f);
                break;
        case SBX_AUDIT_QUERY_DENIALS:
                /* executions_denied_started (a partial index on denial_lines > 0) keeps --since cheap. */
                fputs("SELECT execution_id, started_at, session_id, mode, backend, verdict, line_no, path, line"
                      " FROM (SELECT d.execution_id AS execution_id, " SBX_SQL_ISO("e.started_ms")
                      " AS started_at, e.session_id AS session_id, e.mode AS mode, e.backend AS backend,"
                      /* a run without a verdict (killed with its sbx, or still running) has the
                       * lines recorded while it ran: its state stands in the verdict's place, so
                       * that they are not taken for a finished run's */
                      " coalesce(e.verdict, " SBX_SQL_STATE("e") ") AS verdict, d.line_no AS line_no, d.path AS path,"
                      " d.line AS line,"
                      " e.started_ms AS _t, d.id AS _d"
                      " FROM executions e JOIN denial_lines d ON d.execution_id = e.id"
                      " WHERE e.denial_lines > 0", q->f);
                where_execution(q, f, true);
                fputs(" ORDER BY e.started_ms DESC, d.id DESC", q->f);
                term_int(q, f->limit > 0, " LIMIT ?", f->limit);
                fputs(") ORDER BY _t, _d", q->f);
                break;
        case SBX_AUDIT_QUERY_TOP_PATHS:
                if (filters_executions(f)) {
                        /* CROSS JOIN keeps executions outside, so --since walks
                         * executions_denied_started instead of every denial line */
                        fputs("SELECT d.path AS path, count(*) AS denials, count(DISTINCT d.execution_id) AS executions"
                              " FROM executions e CROSS JOIN denial_lines d ON d.execution_id = e.id"
                              " WHERE e.denial_lines > 0 AND d.path IS NOT NULL", q->f);
                        where_execution(q, f, true);
                        fputs(" GROUP BY d.path", q->f);
                } else {
                        /* the tally kept by triggers (schema v3) */
                        fputs("SELECT path, denials, executions FROM denied_paths WHERE denials > 0", q->f);
                        term_str(q, " AND path GLOB ?", f->path_glob);
                }
                fputs(" ORDER BY denials DESC, path LIMIT ?", q->f);
                bind_int(q, f->limit > 0 ? f->limit : 10);
                break;
        case SBX_AUDIT_QUERY_NOT_KEPT: {
                struct sbx_audit_filter g = *f;

                /* a run keeps at most SBX_DENIALS_KEPT lines: only runs that counted more are
                 * looked into (executions_denied_started serves the first term) */
                g.path_glob = NULL;
                fprintf(q->f, "SELECT count(*) AS executions, coalesce(sum(n), 0) AS denial_lines FROM (SELECT"
                              " e.denial_lines - (SELECT count(*) FROM denial_lines d WHERE d.execution_id = e.id) AS n"
                              " FROM executions e WHERE e.denial_lines > 0 AND e.denial_lines > %d", SBX_DENIALS_KEPT);
                where_execution(q, &g, false);
                fputs(") WHERE n > 0", q->f);
                break;
        }
        case SBX_AUDIT_QUERY_STATS:
                /* one scan; counted in C (SQLite's GROUP BY would sort every row once per dimension) */
                fputs("SELECT e.verdict, CASE WHEN e.state = 'running' THEN " SBX_SQL_STATE("e") " ELSE e.state END,"
                      " e.backend, e.mode, e.enforcement, e.denial_lines, e.signal FROM executions e WHERE 1", q->f);
                where_execution(q, f, false);
                break;
        }
}

/* ---- stats: counted in C, handed out as rows (dimension, value, count) ---------------------- */

#define STATS_DIMS 6 /* the columns of the query's first five, and the signal */
#define STATS_SIGNAL 5
/* distinct values kept per dimension; more fold into "(other)". Every signal has its own (Linux's
 * _NSIG is 64, MIPS's 128): at 32, a SIGSEGV seen after 32 other signals was counted as "(other)".
 * The other dimensions are sbx's words; only a record another tool wrote holds more. */
#define STATS_VALUES 128

struct stats {
        int64_t executions, denial_lines;
        struct {
                size_t n;
                char *value[STATS_VALUES + 1]; /* NULL: SQL NULL; [STATS_VALUES]: "(other)" */
                bool is_null[STATS_VALUES + 1];
                int64_t count[STATS_VALUES + 1];
        } dim[STATS_DIMS];
};

static const char *const stats_dim_names[STATS_DIMS] = { "verdict", "state", "backend", "mode", "enforcement",
                                                         "signal" };

static int stats_add(struct stats *s, int d, const unsigned char *v) {
        size_t i;

        for (i = 0; i < s->dim[d].n; i++)
                if (v ? (!s->dim[d].is_null[i] && strcmp(s->dim[d].value[i], (const char *) v) == 0)
                      : s->dim[d].is_null[i])
                        break;
        if (i == s->dim[d].n) {
                if (i == STATS_VALUES)
                        i = STATS_VALUES; /* (other) */
                else {
                        s->dim[d].is_null[i] = !v;
                        if (v && !(s->dim[d].value[i] = strdup((const char *) v)))
                                return -ENOMEM;
                        s->dim[d].n++;
                }
        }
        s->dim[d].count[i]++;
        return 0;
}

/* Dimension d of the row at st. The signal counts only the runs a signal ended, by its name
 * (SIGSEGV, SIGKILL: a crash, the OOM killer): a forensic question, where a count of the others
 * would say nothing. */
static int stats_add_column(struct stats *s, int d, sqlite3_stmt *st) {
        char name[32];
        int sig;

        if (d != STATS_SIGNAL)
                return stats_add(s, d, sqlite3_column_text(st, d));
        if (sqlite3_column_type(st, 6) == SQLITE_NULL || (sig = sqlite3_column_int(st, 6)) <= 0)
                return 0;
        if (sigabbrev_np(sig))
                snprintf(name, sizeof(name), "SIG%s", sigabbrev_np(sig));
        else
                snprintf(name, sizeof(name), "%d", sig);
        return stats_add(s, d, (const unsigned char *) name);
}

static void stats_free(struct stats *s) {
        for (int d = 0; d < STATS_DIMS; d++)
                for (size_t i = 0; i < s->dim[d].n; i++)
                        free(s->dim[d].value[i]);
}

static int stats_emit(struct sbx_db *db, sqlite3_stmt *out, const char *dim, const char *value, int64_t n,
                      sbx_audit_row_fn fn, void *userdata, struct sbx_diag *diag) {
        int rc, r;

        sqlite3_reset(out);
        sqlite3_bind_text(out, 1, dim, -1, SQLITE_STATIC);
        if (value)
                sqlite3_bind_text(out, 2, value, -1, SQLITE_STATIC);
        else
                sqlite3_bind_null(out, 2);
        sqlite3_bind_int64(out, 3, n);
        rc = sqlite3_step(out);
        if (rc != SQLITE_ROW)
                return sbx_db_error(db, rc, "query", diag);
        r = fn(userdata, out);
        if (r < 0)
                return sbx_diag_set(diag, -r, "output", "", "writing the result failed: %s", strerror(-r));
        return r > 0 ? 1 : 0;
}

static int run_stats(struct sbx_db *db, sqlite3_stmt *st, sbx_audit_row_fn fn, void *userdata,
                     struct sbx_diag *diag) {
        struct stats s = { 0 };
        sqlite3_stmt *out = NULL;
        int rc, r = 0;

        for (;;) {
                rc = sqlite3_step(st);
                if (rc == SQLITE_DONE)
                        break;
                if (rc != SQLITE_ROW) {
                        r = sbx_db_error(db, rc, "read", diag);
                        goto out;
                }
                s.executions++;
                s.denial_lines += sqlite3_column_int64(st, 5);
                for (int d = 0; d < STATS_DIMS; d++)
                        if (stats_add_column(&s, d, st) < 0) {
                                r = sbx_diag_set(diag, ENOMEM, "query", "", "out of memory");
                                goto out;
                        }
        }
        rc = sqlite3_prepare_v2(sbx_db_handle(db), "SELECT ?1 AS dimension, ?2 AS value, ?3 AS count", -1, &out, NULL);
        if (rc != SQLITE_OK) {
                r = sbx_db_error(db, rc, "query", diag);
                goto out;
        }
        r = stats_emit(db, out, "executions", NULL, s.executions, fn, userdata, diag);
        for (int d = 0; d < STATS_DIMS && r == 0; d++) {
                /* most frequent first */
                bool done[STATS_VALUES + 1] = { false };
                size_t n = s.dim[d].n + (s.dim[d].count[STATS_VALUES] > 0);
                for (size_t k = 0; k < n && r == 0; k++) {
                        size_t best = SIZE_MAX;
                        for (size_t i = 0; i <= STATS_VALUES; i++)
                                if (!done[i] && (i < s.dim[d].n || (i == STATS_VALUES && s.dim[d].count[i] > 0)) &&
                                    (best == SIZE_MAX || s.dim[d].count[i] > s.dim[d].count[best]))
                                        best = i;
                        if (best == SIZE_MAX)
                                break;
                        done[best] = true;
                        r = stats_emit(db, out, stats_dim_names[d],
                                       best == STATS_VALUES ? "(other)" : s.dim[d].is_null[best] ? NULL : s.dim[d].value[best],
                                       s.dim[d].count[best], fn, userdata, diag);
                }
        }
        if (r == 0)
                r = stats_emit(db, out, "denial_lines", NULL, s.denial_lines, fn, userdata, diag);
out:
        sqlite3_finalize(out);
        stats_free(&s);
        return r < 0 ? r : 0;
}

static int run_rows(struct sbx_db *db, sqlite3_stmt *st, sbx_audit_row_fn fn, void *userdata,
                    struct sbx_diag *diag) {
        for (;;) {
                int rc = sqlite3_step(st), r;

                if (rc == SQLITE_DONE)
                        return 0;
                if (rc != SQLITE_ROW)
                        return sbx_db_error(db, rc, "read", diag);
                r = fn(userdata, st);
                if (r < 0)
                        return sbx_diag_set(diag, -r, "output", "", "writing the result failed: %s", strerror(-r));
                if (r > 0)
                        return 0;
        }
}

/* The statement of a query, its parameters bound. */
static int prepare(struct sbx_db *db, enum sbx_audit_query kind, const struct sbx_audit_filter *f,
                   sqlite3_stmt **ret, struct sbx_diag *diag) {
        static const struct sbx_audit_filter none = { 0 };
        struct query q = { 0 };
        sqlite3_stmt *st = NULL;
        int rc;

        if (!f)
                f = &none;
        q.f = open_memstream(&q.sql, &q.size);
        if (!q.f)
                return sbx_diag_set(diag, ENOMEM, "query", "", "out of memory");
        build(&q, kind, f);
        if (fclose(q.f) != 0) {
                free(q.sql);
                return sbx_diag_set(diag, ENOMEM, "query", "", "out of memory");
        }
        rc = sqlite3_prepare_v2(sbx_db_handle(db), q.sql, -1, &st, NULL);
        free(q.sql);
        if (rc != SQLITE_OK)
                return sbx_db_error(db, rc, "query", diag);
        for (int i = 0; i < q.n; i++) {
                if (q.binds[i].is_int)
                        sqlite3_bind_int64(st, i + 1, q.binds[i].i);
                else
                        sqlite3_bind_text(st, i + 1, q.binds[i].s, -1, SQLITE_STATIC);
        }
        *ret = st;
        return 0;
}

int sbx_audit_query(struct sbx_db *db, enum sbx_audit_query kind, const struct sbx_audit_filter *f,
                    sbx_audit_row_fn fn, void *userdata, struct sbx_diag *diag) {
        sqlite3_stmt *st = NULL;
        int r;

        r = prepare(db, kind, f, &st, diag);
        if (r < 0)
                return r;
        r = kind == SBX_AUDIT_QUERY_STATS ? run_stats(db, st, fn, userdata, diag) : run_rows(db, st, fn, userdata, diag);
        sqlite3_finalize(st);
        return r;
}

int sbx_audit_query_columns(struct sbx_db *db, enum sbx_audit_query kind, const struct sbx_audit_filter *f,
                            sbx_audit_row_fn fn, void *userdata, struct sbx_diag *diag) {
        sqlite3_stmt *st = NULL;
        int r;

        if (kind == SBX_AUDIT_QUERY_STATS)
                return sbx_diag_set(diag, EINVAL, "query", "", "stats rows are not the query's columns");
        r = prepare(db, kind, f, &st, diag);
        if (r < 0)
                return r;
        r = fn(userdata, st);
        sqlite3_finalize(st);
        if (r < 0)
                return sbx_diag_set(diag, -r, "output", "", "writing the result failed: %s", strerror(-r));
        return 0;
}

/* ---- single records ------------------------------------------------------------------------ */

static int stmt_rows(struct sbx_db *db, enum sbx_db_stmt id, const char *key_text, int64_t key_int,
                     sbx_audit_row_fn fn, void *userdata, int *ret_count, struct sbx_diag *diag) {
        sqlite3_stmt *st;
        int r, n = 0;

        r = sbx_db_stmt(db, id, &st, diag);
        if (r < 0)
                return r;
        if (key_text)
                sqlite3_bind_text(st, 1, key_text, -1, SQLITE_STATIC);
        else
                sqlite3_bind_int64(st, 1, key_int);
        for (;;) {
                int rc = sqlite3_step(st);
                if (rc == SQLITE_DONE)
                        break;
                if (rc != SQLITE_ROW) {
                        r = sbx_db_error(db, rc, "read", diag);
                        break;
                }
                n++;
                if (fn) {
                        r = fn(userdata, st);
                        if (r < 0) {
                                r = sbx_diag_set(diag, -r, "output", "", "writing the result failed: %s",
                                                 strerror(-r));
                                break;
                        }
                        if (r > 0) {
                                r = 0;
                                break;
                        }
                }
        }
        sqlite3_reset(st);
        if (r >= 0 && ret_count)
                *ret_count = n;
        return r < 0 ? r : 0;
}

int sbx_audit_execution_denials(struct sbx_db *db, int64_t id, sbx_audit_row_fn fn, void *userdata,
                                struct sbx_diag *diag) {
        return stmt_rows(db, SBX_DB_STMT_EXECUTION_DENIALS, NULL, id, fn, userdata, NULL, diag);
}

int sbx_audit_show(struct sbx_db *db, int64_t id, sbx_audit_row_fn execution_fn, sbx_audit_row_fn denial_fn,
                   void *userdata, struct sbx_diag *diag) {
        int r, n = 0;

        r = stmt_rows(db, SBX_DB_STMT_EXECUTION_GET, NULL, id, execution_fn, userdata, &n, diag);
        if (r < 0)
                return r;
        if (n == 0)
                return sbx_diag_set(diag, ENOENT, "show", sbx_db_path(db), "no execution %lld in audit database %s",
                                    (long long) id, sbx_db_path(db));
        if (denial_fn)
                r = sbx_audit_execution_denials(db, id, denial_fn, userdata, diag);
        return r;
}

int sbx_audit_session_show(struct sbx_db *db, const char *session_id, sbx_audit_row_fn session_fn,
                           sbx_audit_row_fn mode_event_fn, sbx_audit_row_fn execution_fn, void *userdata,
                           struct sbx_diag *diag) {
        int r, n = 0;

        r = stmt_rows(db, SBX_DB_STMT_SESSION_GET, session_id, 0, session_fn, userdata, &n, diag);
        if (r < 0)
                return r;
        if (n == 0)
                return sbx_diag_set(diag, ENOENT, "session", sbx_db_path(db), "unknown session '%s' (audit database %s)",
                                    session_id, sbx_db_path(db));
        if (mode_event_fn) {
                r = stmt_rows(db, SBX_DB_STMT_SESSION_MODE_EVENTS, session_id, 0, mode_event_fn, userdata, NULL, diag);
                if (r < 0)
                        return r;
        }
        if (execution_fn)
                r = stmt_rows(db, SBX_DB_STMT_SESSION_EXECUTIONS, session_id, 0, execution_fn, userdata, NULL, diag);
        return r;
}
