/* sbx audit list|show|denials|stats|export: the forensic side of the audit database. Queries open
 * the database read-only (a read-only directory is fine) and never create it. */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "audit-output.h"
#include "sbx-audit.h"
#include "sbx-macro.h"
#include "sbx-tool.h"

SBX_DEFINE_CLEANUP(struct sbx_db *, sbx_db_close)
SBX_DEFINE_CLEANUP(struct sbx_out *, sbx_out_free)

#define FOLLOW_POLL_MS 250

static const char usage_text[] =
        "usage: sbx audit list    [FILTERS] [--limit N] [--json|--csv|--jsonl] [--db PATH]\n"
        "       sbx audit show ID [--json] [--db PATH]\n"
        "       sbx audit denials [FILTERS] [--top-paths [N]] [--limit N] [--json|--csv|--jsonl] [--db PATH]\n"
        "       sbx audit stats   [FILTERS] [--json|--csv] [--db PATH]\n"
        "       sbx audit export  [FILTERS] [--follow] [--limit N] [--jsonl|--json|--csv] [--db PATH]\n"
        "       sbx audit prune   --before T [--dry-run] [--db PATH]\n"
        "\n"
        "FILTERS:\n"
        "  --since T, --until T   runs started at or after / before T: a duration back from now\n"
        "                         (30s, 30m, 12h, 1d, 2w, 1h30m) or an ISO-8601 time\n"
        "                         (2024-05-01, 2024-05-01T12:00:00Z, ...; no zone means UTC)\n"
        "  --session ID  --backend NAME  --mode MODE  --verdict VERDICT  --state STATE\n"
        "  --path GLOB            runs that were denied a path matching GLOB ('*' also matches '/')\n"
        "\n"
        "--limit N keeps the N most recent rows. --top-paths [N] lists the N (10) most denied paths.\n"
        "Output is an aligned table, or --json (an array), --csv, --jsonl (one object per line; the\n"
        "default of export, in id order). export --follow keeps streaming executions as they\n"
        "complete: every 250 ms those that ended since, in id order.\n"
        "Times are UTC. A run whose supervisor died reads as state 'interrupted'.\n"
        "prune removes the runs that started before T (same forms as --since), their denial lines\n"
        "and sessions left with no run; never a run in progress, nor the denied run an approved\n"
        "retry that is kept follows. --dry-run only counts.\n";

enum verb { LIST, SHOW, DENIALS, STATS, EXPORT };

struct opts {
        const char *name;
        enum verb verb;
        const char *db;
        struct sbx_audit_filter filter;
        bool has_format;
        enum sbx_out_format format;
        bool top_paths;
        int64_t top_n;
        bool follow;
        int npos;
        char *pos[2];
};

static const char *const verdicts[] = { "success", "task_failure", "denied", "runner_failure", "unavailable",
                                        "unclassified", NULL };
static const char *const states[] = { "running", "interrupted", "completed", "unavailable", "refused", "failed", NULL };

static bool in_list(const char *s, const char *const *list) {
        for (size_t i = 0; list[i]; i++)
                if (strcmp(s, list[i]) == 0)
                        return true;
        return false;
}

static int set_format(struct opts *o, enum sbx_out_format fmt, const char *flag) {
        if (o->has_format && o->format != fmt)
                return sbx_fail(SBX_EXIT_USAGE, "audit %s: choose one of --json, --csv, --jsonl", o->name);
        if (o->verb == SHOW && fmt != SBX_OUT_JSON)
                return sbx_fail(SBX_EXIT_USAGE, "audit show: %s is not supported (use --json)", flag);
        if (o->verb == STATS && fmt == SBX_OUT_JSONL)
                return sbx_fail(SBX_EXIT_USAGE, "audit stats: --jsonl is not supported (use --json or --csv)");
        o->has_format = true;
        o->format = fmt;
        return 0;
}

/* A --since, --until or --before argument for `sbx audit VERB`: one line naming what is wrong. */
static int parse_time_arg(const char *verb, const char *flag, const char *arg, int64_t now, int64_t *ret) {
        int r = sbx_audit_parse_time(arg, now, ret);

        if (r == -ERANGE)
                return sbx_fail(SBX_EXIT_USAGE,
                                "audit %s: %s '%s' is out of range (a duration of at most 200 years, a time from "
                                "1970 on)", verb, flag, arg);
        if (r < 0)
                return sbx_fail(SBX_EXIT_USAGE,
                                "audit %s: malformed %s '%s' (expected a duration such as 30m, 1d, 2w or an ISO-8601 "
                                "time such as 2024-05-01T12:00:00Z)", verb, flag, arg);
        return 0;
}

/* the options of the query verbs (prune has its own) */
enum { Q_DB = 256, Q_SINCE, Q_UNTIL, Q_SESSION, Q_BACKEND, Q_MODE, Q_VERDICT, Q_STATE, Q_PATH, Q_LIMIT, Q_TOP, Q_JSON,
       Q_CSV, Q_JSONL, Q_FOLLOW, Q_HELP };

/* in the order of the Q_ values: a repeated value option is named by its index */
static const struct option query_longopts[] = {
        { "db", required_argument, NULL, Q_DB },
        { "since", required_argument, NULL, Q_SINCE },
        { "until", required_argument, NULL, Q_UNTIL },
        { "session", required_argument, NULL, Q_SESSION },
        { "backend", required_argument, NULL, Q_BACKEND },
        { "mode", required_argument, NULL, Q_MODE },
        { "verdict", required_argument, NULL, Q_VERDICT },
        { "state", required_argument, NULL, Q_STATE },
        { "path", required_argument, NULL, Q_PATH },
        { "limit", required_argument, NULL, Q_LIMIT },
        { "top-paths", optional_argument, NULL, Q_TOP },
        { "json", no_argument, NULL, Q_JSON },
        { "csv", no_argument, NULL, Q_CSV },
        { "jsonl", no_argument, NULL, Q_JSONL },
        { "follow", no_argument, NULL, Q_FOLLOW },
        { "help", no_argument, NULL, Q_HELP },
        {},
};

/* Refuses a filter given to show and a value option given a second time. */
static int check_option(const struct opts *o, int c, const char *element, unsigned *seen) {
        char what[128];

        if (c >= Q_SINCE && c <= Q_TOP && o->verb == SHOW)
                return sbx_fail(SBX_EXIT_USAGE, "audit %s: %s", o->name,
                                sbx_getopt_error(element, 0, what, sizeof(what)));
        /* each value once, as for sbx run: a second one silently replaced the first */
        if (c >= Q_DB && c <= Q_TOP) {
                unsigned bit = 1u << (c - Q_DB);
                if (*seen & bit)
                        return sbx_fail(SBX_EXIT_USAGE, "audit %s: --%s given twice: which one is meant?", o->name,
                                        query_longopts[c - Q_DB].name);
                *seen |= bit;
        }
        return 0;
}

static int add_argument(struct opts *o, char *arg) {
        if (o->npos >= (int) SBX_ELEMENTSOF(o->pos))
                return sbx_fail(SBX_EXIT_USAGE, "audit %s: unexpected argument '%s'", o->name, arg);
        o->pos[o->npos++] = arg;
        return 0;
}

/* Sets *field to arg when it is known, else names what it may be. */
static int set_filter_word(const struct opts *o, const char *kind, const char *arg, bool known, const char *choices,
                           const char **field) {
        if (!known)
                return sbx_fail(SBX_EXIT_USAGE, "audit %s: unknown %s '%s' (%s)", o->name, kind, arg, choices);
        *field = arg;
        return 0;
}

/* --backend, --mode, --verdict, --state: a word from a known list. */
static int parse_filter_word(struct opts *o, int c, const char *arg) {
        enum sbx_mode m;

        switch (c) {
        case Q_BACKEND:
                /* a misspelt name would match nothing, silently: every backend a row can
                 * name (this platform's or another's), and none for unconfined runs */
                return set_filter_word(o, "backend", arg,
                                       strcmp(arg, "none") == 0 || in_list(arg, sbx_backend_names()),
                                       "bwrap, landlock, seatbelt, windows-acl or none", &o->filter.backend);
        case Q_MODE:
                return set_filter_word(o, "mode", arg, sbx_mode_from_string(arg, &m) >= 0,
                                       "read-only, workspace-write or danger-full-access", &o->filter.mode);
        case Q_VERDICT:
                return set_filter_word(o, "verdict", arg, in_list(arg, verdicts),
                                       "success, task_failure, denied, runner_failure, unavailable or unclassified",
                                       &o->filter.verdict);
        default:
                return set_filter_word(o, "state", arg, in_list(arg, states),
                                       "running, interrupted, completed, unavailable, refused or failed",
                                       &o->filter.state);
        }
}

/* --db, --since, --until, --session, --path, --limit. */
static int parse_value(struct opts *o, int c, const char *arg, int64_t now) {
        int r;

        switch (c) {
        case Q_DB:
                if (!*arg)
                        return sbx_fail(SBX_EXIT_USAGE, "audit %s: --db needs a path", o->name);
                o->db = arg;
                return 0;
        case Q_SINCE:
                if ((r = parse_time_arg(o->name, "--since", arg, now, &o->filter.since_ms)))
                        return r;
                o->filter.has_since = true;
                return 0;
        case Q_UNTIL:
                if ((r = parse_time_arg(o->name, "--until", arg, now, &o->filter.until_ms)))
                        return r;
                o->filter.has_until = true;
                return 0;
        case Q_SESSION:
                if (!*arg)
                        return sbx_fail(SBX_EXIT_USAGE, "audit %s: --session needs an id", o->name);
                o->filter.session_id = arg;
                return 0;
        case Q_PATH:
                if (!*arg)
                        return sbx_fail(SBX_EXIT_USAGE, "audit %s: --path needs a glob", o->name);
                /* SQLite matches nothing for it: a path holding a '[' gave "no run", exit 0 */
                if (sbx_audit_check_glob(arg) < 0)
                        return sbx_fail(SBX_EXIT_USAGE,
                                        "audit %s: --path '%s' has a '[' that no ']' closes (a '[' opens a character "
                                        "class; '[[]' matches a '[' itself)", o->name, arg);
                o->filter.path_glob = arg;
                return 0;
        default:
                if (sbx_parse_int64(arg, 1, INT64_MAX, &o->filter.limit) < 0)
                        return sbx_fail(SBX_EXIT_USAGE, "audit %s: --limit needs a positive number, not '%s'",
                                        o->name, arg);
                return 0;
        }
}

/* --top-paths [N]: may take the next word (then optind steps over it). */
static int parse_top_paths(struct opts *o, int argc, char **argv) {
        if (o->verb != DENIALS)
                return sbx_fail(SBX_EXIT_USAGE, "audit %s: --top-paths belongs to 'sbx audit denials'", o->name);
        o->top_paths = true;
        o->top_n = 10;
        /* N as the next word (--top-paths 20) or, as getopt spells an optional
         * value, --top-paths=20 (that was refused: "takes no value") */
        if (optarg) {
                if (sbx_parse_int64(optarg, 1, 1000000, &o->top_n) < 0)
                        return sbx_fail(SBX_EXIT_USAGE, "audit denials: --top-paths N out of range: '%s'", optarg);
        } else if (optind < argc && sbx_digits_only(argv[optind])) {
                if (sbx_parse_int64(argv[optind], 1, 1000000, &o->top_n) < 0)
                        return sbx_fail(SBX_EXIT_USAGE, "audit denials: --top-paths N out of range: '%s'",
                                        argv[optind]);
                optind++;
        }
        return 0;
}

/* One option getopt_long() returned as c, `element` the word it came from, `flag` its spelling. */
static int parse_option(struct opts *o, int c, int argc, char **argv, int64_t now, const char *element,
                        const char *flag) {
        char what[128];

        switch (c) {
        case 1:
                return add_argument(o, optarg);
        case Q_DB:
        case Q_SINCE:
        case Q_UNTIL:
        case Q_SESSION:
        case Q_PATH:
        case Q_LIMIT:
                return parse_value(o, c, optarg, now);
        case Q_BACKEND:
        case Q_MODE:
        case Q_VERDICT:
        case Q_STATE:
                return parse_filter_word(o, c, optarg);
        case Q_TOP:
                return parse_top_paths(o, argc, argv);
        case Q_JSON:
                return set_format(o, SBX_OUT_JSON, "--json");
        case Q_CSV:
                return set_format(o, SBX_OUT_CSV, "--csv");
        case Q_JSONL:
                return set_format(o, SBX_OUT_JSONL, "--jsonl");
        case Q_FOLLOW:
                if (o->verb != EXPORT)
                        return sbx_fail(SBX_EXIT_USAGE, "audit %s: --follow belongs to 'sbx audit export'", o->name);
                o->follow = true;
                return 0;
        case 'h':
        case Q_HELP:
                return 1;
        case ':':
                return sbx_fail(SBX_EXIT_USAGE, "audit %s: option '%s' needs a value", o->name, flag);
        default:
                return sbx_fail(SBX_EXIT_USAGE, "audit %s: %s", o->name,
                                sbx_getopt_error(element, optopt, what, sizeof(what)));
        }
}

/* What the options ask for together, once all are read; then the default format. */
static int check_options(struct opts *o) {
        if (o->verb == SHOW && o->npos != 1)
                return sbx_fail(SBX_EXIT_USAGE, "audit show: expected one execution id");
        if (o->verb != SHOW && o->npos > 0)
                return sbx_fail(SBX_EXIT_USAGE, "audit %s: unexpected argument '%s'", o->name, o->pos[0]);
        if (o->follow && o->has_format && o->format == SBX_OUT_JSON)
                return sbx_fail(SBX_EXIT_USAGE, "audit export: --follow streams --jsonl or --csv, not --json");
        /* an option that would be silently ignored is refused instead (review) */
        if (o->top_paths && o->filter.limit)
                return sbx_fail(SBX_EXIT_USAGE, "audit denials: --limit does not apply to --top-paths (its N is the "
                                "number of paths)");
        if (o->verb == STATS && o->filter.limit)
                return sbx_fail(SBX_EXIT_USAGE, "audit stats: --limit does not apply (stats count every matching run)");
        if (o->follow && o->filter.state && strcmp(o->filter.state, "running") == 0)
                return sbx_fail(SBX_EXIT_USAGE, "audit export: --follow prints executions as they end: --state "
                                "running would never print one");
        if (o->filter.has_since && o->filter.has_until && o->filter.until_ms <= o->filter.since_ms)
                return sbx_fail(SBX_EXIT_USAGE, "audit %s: --until is not after --since", o->name);
        if (!o->has_format)
                o->format = o->verb == EXPORT ? SBX_OUT_JSONL : SBX_OUT_TABLE;
        return 0;
}

/* Returns 0, 1 for --help, or the usage status after printing the problem. */
static int parse(int argc, char **argv, struct opts *o) {
        int64_t now = sbx_audit_now_ms();
        unsigned seen = 0;
        int c, r;

        opterr = 0;
        optind = 1;
        for (;;) {
                const char *element = sbx_getopt_element(argc, argv), *flag;

                if ((c = sbx_getopt_long(argc, argv, "-:h", query_longopts)) == -1)
                        break;
                flag = argv[optind - 1];
                if ((r = check_option(o, c, element, &seen)))
                        return r;
                if ((r = parse_option(o, c, argc, argv, now, element, flag)))
                        return r;
        }
        /* getopt stops at "--": the words after it are arguments too (they were dropped, and
         * 'audit list -- junk' listed everything) */
        for (; optind < argc; optind++)
                if ((r = add_argument(o, argv[optind])))
                        return r;
        return check_options(o);
}

static int fail_query(const struct opts *o, int r, const struct sbx_diag *diag) {
        if (r == -EPIPE)
                return 1;
        /* a damaged page is found only when a query reaches it: export had streamed 143 of 402
         * rows, show the columns of a run without its denial lines, each looking whole but for
         * the exit status (damaged-database review). Say that what came out is not the answer. */
        if (r == -EBADMSG)
                return sbx_fail(1, "audit %s: incomplete answer (what was printed is not all of it): %s", o->name,
                                diag->msg[0] ? diag->msg : strerror(-r));
        return sbx_fail(1, "audit %s: %s", o->name, diag->msg[0] ? diag->msg : strerror(-r));
}

/* ---- list, denials --------------------------------------------------------------------------- */

static int run_simple(struct sbx_db *db, struct opts *o, enum sbx_audit_query q) {
        _sbx_cleanup_(sbx_out_freep) struct sbx_out *out = NULL;
        struct sbx_diag diag = { 0 };
        int r;

        if (sbx_out_new(stdout, o->format, NULL, NULL, &out) < 0)
                return sbx_fail(1, "out of memory");
        /* the CSV header line, also when no row comes (stats rows always come) */
        if (o->format == SBX_OUT_CSV && q != SBX_AUDIT_QUERY_STATS) {
                r = sbx_audit_query_columns(db, q, &o->filter, sbx_out_header_cb, out, &diag);
                if (r < 0)
                        return fail_query(o, r, &diag);
        }
        r = sbx_audit_query(db, q, &o->filter, sbx_out_row_cb, out, &diag);
        if (r < 0)
                return fail_query(o, r, &diag);
        return sbx_out_end(out) < 0 ? 1 : 0;
}

/* denials and --top-paths list, tally and match the kept lines only, and --path of list, export
 * and stats matches them only: a run with more than SBX_DENIALS_KEPT says so on stderr (stdout
 * stays the table), never silently (review: `list --path` of a path denied past a run's 64th line
 * answered "no run" and said nothing). */
static int not_kept_row(void *userdata, sqlite3_stmt *row) {
        int64_t *v = userdata;

        v[0] = sqlite3_column_int64(row, 0);
        v[1] = sqlite3_column_int64(row, 1);
        return 0;
}

static int say_not_kept(struct sbx_db *db, struct opts *o) {
        struct sbx_diag diag = { 0 };
        int64_t v[2] = { 0, 0 }; /* executions, denial lines */
        int r;

        o->filter.limit = 0;
        r = sbx_audit_query(db, SBX_AUDIT_QUERY_NOT_KEPT, &o->filter, not_kept_row, v, &diag);
        if (r < 0)
                return fail_query(o, r, &diag);
        if (v[1] > 0)
                fprintf(stderr,
                        "sbx: audit %s: %lld more denial line%s of %lld run%s %s counted but not kept (sbx keeps the "
                        "first %d of a run): %s\n",
                        o->name, (long long) v[1], v[1] == 1 ? "" : "s", (long long) v[0], v[0] == 1 ? "" : "s",
                        v[1] == 1 ? "was" : "were", SBX_DENIALS_KEPT,
                        o->verb == DENIALS ? "not listed, tallied or matched by --path" : "not matched by --path");
        return 0;
}

/* ---- stats ---------------------------------------------------------------------------------- */

/* The objects of stats --json, each present whatever the filters select (db/SCHEMA.md): the rows
 * name only the values counted, so a dimension without one was left out (review: a filter that
 * selected no run answered {"executions":0,"denial_lines":0}, and o["verdict"] failed). */
static const char *const stats_json_dims[] = { "verdict", "state", "backend", "mode", "enforcement", "signal" };

struct stats_json {
        struct sbx_json j;
        char dim[32];
        bool seen[SBX_ELEMENTSOF(stats_json_dims)];
};

static int stats_json_row(void *userdata, sqlite3_stmt *row) {
        struct stats_json *s = userdata;
        const char *dim = (const char *) sqlite3_column_text(row, 0);
        const char *val = (const char *) sqlite3_column_text(row, 1);
        int64_t n = sqlite3_column_int64(row, 2);

        if (strcmp(dim, "executions") == 0 || strcmp(dim, "denial_lines") == 0) {
                if (s->dim[0])
                        sbx_json_close_object(&s->j), s->dim[0] = '\0';
                /* denial_lines is the last row: the dimensions no row named, empty */
                for (size_t i = 0; strcmp(dim, "denial_lines") == 0 && i < SBX_ELEMENTSOF(stats_json_dims); i++)
                        if (!s->seen[i]) {
                                sbx_json_open_object(&s->j, stats_json_dims[i]);
                                sbx_json_close_object(&s->j);
                        }
                sbx_json_int(&s->j, dim, n);
                return 0;
        }
        if (strcmp(dim, s->dim) != 0) {
                if (s->dim[0])
                        sbx_json_close_object(&s->j);
                sbx_json_open_object(&s->j, dim);
                snprintf(s->dim, sizeof(s->dim), "%s", dim);
                for (size_t i = 0; i < SBX_ELEMENTSOF(stats_json_dims); i++)
                        if (strcmp(dim, stats_json_dims[i]) == 0)
                                s->seen[i] = true;
        }
        sbx_json_int(&s->j, val ? val : "(none)", n);
        return 0;
}

static int run_stats(struct sbx_db *db, struct opts *o) {
        struct stats_json s = { 0 };
        struct sbx_diag diag = { 0 };
        int r;

        if (o->format != SBX_OUT_JSON)
                return run_simple(db, o, SBX_AUDIT_QUERY_STATS);
        sbx_json_begin(&s.j, stdout);
        r = sbx_audit_query(db, SBX_AUDIT_QUERY_STATS, &o->filter, stats_json_row, &s, &diag);
        if (r < 0)
                return fail_query(o, r, &diag);
        if (s.dim[0])
                sbx_json_close_object(&s.j);
        sbx_json_end(&s.j);
        fputc('\n', stdout);
        return 0; /* (main() checks what was written) */
}

/* ---- show ----------------------------------------------------------------------------------- */

static int column_index(sqlite3_stmt *row, const char *name) {
        for (int i = 0; i < sqlite3_column_count(row); i++)
                if (strcmp(sqlite3_column_name(row, i), name) == 0)
                        return i;
        return -1;
}

struct denials_json {
        struct sbx_db *db;
        struct sbx_json *j;
        int64_t kept;
};

static int denial_json_row(void *userdata, sqlite3_stmt *row) {
        struct denials_json *d = userdata;
        d->kept++;
        sbx_json_open_object(d->j, NULL);
        sbx_out_json_fields(d->j, row);
        sbx_json_close_object(d->j);
        return 0;
}

/* The database of export and show --json, and the first failure to read a run's denial lines:
 * the answer is then incomplete (exit 1), as for a row that could not be read. */
struct denials_source {
        struct sbx_db *db;
        int r;
        struct sbx_diag diag;
};

/* export and show --json: each execution carries its denial lines */
static void add_denials(void *userdata, struct sbx_json *j, sqlite3_stmt *row) {
        struct denials_source *src = userdata;
        struct denials_json d = { .db = src->db, .j = j };
        struct sbx_diag diag = { 0 };
        int idx = column_index(row, "denial_lines"), r = 0;

        int64_t counted = idx >= 0 ? sqlite3_column_int64(row, idx) : 0;

        sbx_json_open_array(j, "denials");
        /* (a damaged page cut the list short: printed as a whole list, exit 0, the lines it hid
         * counted as not kept) */
        if (idx < 0 || counted > 0)
                r = sbx_audit_execution_denials(d.db, sqlite3_column_int64(row, 0), denial_json_row, &d, &diag);
        sbx_json_close_array(j);
        if (r < 0) {
                if (src->r >= 0) {
                        src->r = r;
                        src->diag = diag;
                }
                sbx_json_null(j, "denials_not_kept"); /* not known */
                return;
        }
        /* the lines counted beyond those kept (SBX_DENIALS_KEPT per run): never lost silently */
        sbx_json_int(j, "denials_not_kept", counted > d.kept ? counted - d.kept : 0);
}

/* show's text: the execution's columns, then its denial lines, saying how many more were counted
 * than kept (SBX_DENIALS_KEPT per run): the table alone read as if there were no more. */
struct show_text {
        struct sbx_out *out;
        int64_t counted, kept;
        char state[32]; /* the run's, as reported ("interrupted", "running", ...) */
};

static int show_text_row(void *userdata, sqlite3_stmt *row) {
        struct show_text *st = userdata;
        int idx = column_index(row, "denial_lines"), sidx = column_index(row, "state");

        if (idx >= 0)
                st->counted = sqlite3_column_int64(row, idx);
        if (sidx >= 0 && sqlite3_column_text(row, sidx))
                sbx_strlcpy(st->state, (const char *) sqlite3_column_text(row, sidx), sizeof(st->state));
        for (int i = 0; i < sqlite3_column_count(row); i++) {
                const char *t = (const char *) sqlite3_column_text(row, i);
                _cleanup_free_ char *safe = t ? sbx_term_text(t, (size_t) sqlite3_column_bytes(row, i)) : NULL;
                printf("%-19s %s\n", sqlite3_column_name(row, i), safe ? safe : "-");
        }
        return 0;
}

static int show_text_denial(void *userdata, sqlite3_stmt *row) {
        struct show_text *st = userdata;

        st->kept++;
        return sbx_out_row(st->out, row);
}

static int run_show(struct sbx_db *db, struct opts *o) {
        _sbx_cleanup_(sbx_out_freep) struct sbx_out *out = NULL;
        struct sbx_diag diag = { 0 };
        int64_t id;
        int r;

        if (sbx_parse_int64(o->pos[0], 1, INT64_MAX, &id) < 0)
                return sbx_fail(SBX_EXIT_USAGE, "audit show: '%s' is not an execution id", o->pos[0]);
        if (o->format == SBX_OUT_JSON) {
                struct denials_source src = { .db = db };
                if (sbx_out_new(stdout, SBX_OUT_JSONL, add_denials, &src, &out) < 0)
                        return sbx_fail(1, "out of memory");
                r = sbx_audit_show(db, id, sbx_out_row_cb, NULL, out, &diag);
                if (r >= 0 && src.r < 0) {
                        r = src.r;
                        diag = src.diag;
                }
        } else {
                struct show_text st = { 0 };
                if (sbx_out_new(stdout, SBX_OUT_TABLE, NULL, NULL, &out) < 0)
                        return sbx_fail(1, "out of memory");
                st.out = out;
                r = sbx_audit_show(db, id, show_text_row, show_text_denial, &st, &diag);
                if (r >= 0) {
                        fputs("\ndenials:\n", stdout);
                        if (sbx_out_end(out) < 0)
                                return 1;
                        if (st.counted > st.kept)
                                printf("(%lld more denial lines were counted but not kept: sbx keeps the first %d "
                                       "of a run)\n", (long long) (st.counted - st.kept), SBX_DENIALS_KEPT);
                        /* lines recorded while the run went on, its end never written: no verdict */
                        if (st.kept > 0 && (strcmp(st.state, "interrupted") == 0 || strcmp(st.state, "running") == 0)) {
                                bool running = strcmp(st.state, "running") == 0;
                                printf("(the run %s: these are the denial lines recorded while it ran; its end, the "
                                       "verdict and the final list, %s)\n",
                                       running ? "is still running" : "was interrupted",
                                       running ? "are not recorded yet" : "were never recorded");
                        }
                }
        }
        if (r == -ENOENT)
                return sbx_fail(SBX_EXIT_USAGE, "audit show: %s", diag.msg);
        if (r < 0)
                return fail_query(o, r, &diag);
        return 0; /* (main() checks what was written) */
}

/* ---- export, export --follow ---------------------------------------------------------------- */

static volatile sig_atomic_t stop_requested;

static void on_stop(int sig) {
        (void) sig;
        stop_requested = 1;
}

/* A set of ids, kept sorted. */
struct ids {
        int64_t *v;
        size_t n, cap;
};

/* Where id is, or would go. */
static size_t ids_find(const struct ids *s, int64_t id) {
        size_t lo = 0, hi = s->n;

        while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (s->v[mid] < id)
                        lo = mid + 1;
                else
                        hi = mid;
        }
        return lo;
}

static bool ids_has(const struct ids *s, int64_t id) {
        size_t i = ids_find(s, id);
        return i < s->n && s->v[i] == id;
}

static int ids_add(struct ids *s, int64_t id) {
        size_t i = ids_find(s, id);

        if (i < s->n && s->v[i] == id)
                return 0;
        if (s->n == s->cap) {
                size_t cap = s->cap ? s->cap * 2 : 64;
                int64_t *v = realloc(s->v, cap * sizeof(*v));
                if (!v)
                        return -ENOMEM;
                s->v = v;
                s->cap = cap;
        }
        memmove(s->v + i + 1, s->v + i, (s->n - i) * sizeof(*s->v));
        s->v[i] = id;
        s->n++;
        return 0;
}

/* --follow prints each execution once it has ended and matches the filters, round by round (every
 * FOLLOW_POLL_MS), each round's in id order. Each round reads, in
 * one snapshot, the executions newer than any seen so far (printing those that ended), and the
 * ids of every run in progress, whatever the filters: a filter can hide a run while it runs (no
 * verdict yet, only the denial lines recorded so far) that matches once it ends. A run in progress at the last round
 * that has ended since is then read alone, and printed if it matches (review: such a run was
 * passed by; then every round read every row above the oldest one in progress again).
 *
 * 'interrupted' read for a row stored 'running' is not final in the snapshot it was read in: the
 * snapshot is older than the check that found the supervisor gone, and a supervisor that
 * completed its row after the snapshot began, then exited, reads so too. Such a row is read again
 * in the next round, whose snapshot is younger than that check: only then is it printed
 * (chaos review: a completed run was printed as interrupted, or, seen running earlier in the
 * round, never printed). */
struct follow {
        struct sbx_out *out;
        int state_col;
        int64_t max_seen;
        struct ids *running; /* this round's runs in progress, and rows to read again */
        struct ids dead;     /* rows stored 'running' whose supervisor was seen gone */
};

static int follow_row(void *userdata, sqlite3_stmt *row) {
        struct follow *fl = userdata;
        int64_t id = sqlite3_column_int64(row, 0);
        const char *state;

        if (fl->state_col < 0)
                fl->state_col = column_index(row, "state");
        state = (const char *) sqlite3_column_text(row, fl->state_col);
        if (id > fl->max_seen)
                fl->max_seen = id;
        if (state && strcmp(state, "running") == 0)
                return ids_add(fl->running, id); /* read again when it ends */
        /* stored 'running' (collect_running() read it first) with its supervisor just seen gone */
        if (state && strcmp(state, "interrupted") == 0 && ids_has(fl->running, id))
                return 0;
        return sbx_out_row(fl->out, row);
}

/* The rows stored 'running', whatever the filters: those whose supervisor lives, and those whose
 * supervisor is seen gone for the first time, are read again next round. */
static int collect_running(struct sbx_db *db, struct follow *fl, struct sbx_diag *diag) {
        static const char sql[] =
                "SELECT id, sbx_state(state, host, boot_id, supervisor_pid, supervisor_start) = 'running'"
                " FROM executions WHERE state = 'running'";
        sqlite3_stmt *st = NULL;
        int rc, r = 0;

        rc = sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL);
        if (rc != SQLITE_OK)
                return sbx_db_error(db, rc, "read", diag);
        while (r >= 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
                int64_t id = sqlite3_column_int64(st, 0);

                if (sqlite3_column_int(st, 1))
                        r = ids_add(fl->running, id);
                else if (!ids_has(&fl->dead, id)) {
                        r = ids_add(&fl->dead, id);
                        if (r >= 0)
                                r = ids_add(fl->running, id);
                }
        }
        sqlite3_finalize(st);
        if (r < 0)
                return r;
        return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : sbx_db_error(db, rc, "read", diag);
}

static int follow_round(struct sbx_db *db, const struct sbx_audit_filter *f, struct follow *fl,
                        const struct ids *was_running, struct ids *running, struct sbx_diag *diag) {
        int64_t seen_before = fl->max_seen;
        sqlite3 *h = sbx_db_handle(db);
        int r;

        running->n = 0;
        fl->running = running;
        if (sqlite3_exec(h, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
                return sbx_db_error(db, sqlite3_errcode(h), "read", diag);
        r = collect_running(db, fl, diag);
        /* ended since the last round (or its supervisor was seen gone before this snapshot), in
         * id order (was_running is sorted), before the newer ones: the round prints in id order
         * (it printed a run that ended first after the newer one that ended later, in the same
         * round); a newer one comes with the query after */
        for (size_t i = 0; r >= 0 && i < was_running->n; i++) {
                struct sbx_audit_filter one = *f;
                int64_t id = was_running->v[i];

                if (id > seen_before || ids_has(running, id))
                        continue;
                one.after_id = 0;
                one.limit = 0;
                one.only_id = id;
                r = sbx_audit_query(db, SBX_AUDIT_QUERY_EXPORT, &one, follow_row, fl, diag);
        }
        if (r >= 0)
                r = sbx_audit_query(db, SBX_AUDIT_QUERY_EXPORT, f, follow_row, fl, diag);
        (void) sqlite3_exec(h, "COMMIT", NULL, NULL, NULL);
        return r;
}

/* Whether stdout is a unix stream socket whose reader shut its reading side (shutdown(SHUT_RD),
 * the socket still open): the kernel marks only this end as unable to send, which poll() does
 * not report (writable; POLLHUP only once both sides are shut). A send of no bytes fails with
 * EPIPE then, and otherwise sends nothing: on a stream, not on a seqpacket socket, where it would
 * be an empty record, so only a stream is asked. Another socket's reader that shuts its side
 * tells this end nothing (TCP). */
static bool stdout_reader_shut(void) {
        static int unix_stream = -1;

        if (unix_stream < 0) {
                int domain = 0, type = 0;
                socklen_t dl = sizeof(domain), tl = sizeof(type);

                unix_stream = getsockopt(STDOUT_FILENO, SOL_SOCKET, SO_DOMAIN, &domain, &dl) == 0 &&
                              getsockopt(STDOUT_FILENO, SOL_SOCKET, SO_TYPE, &type, &tl) == 0 && domain == AF_UNIX &&
                              type == SOCK_STREAM;
        }
        return unix_stream && send(STDOUT_FILENO, "", 0, MSG_DONTWAIT | MSG_NOSIGNAL) < 0 && errno == EPIPE;
}

static int run_export(struct sbx_db *db, struct opts *o) {
        _sbx_cleanup_(sbx_out_freep) struct sbx_out *out = NULL;
        struct follow fl = { .state_col = -1 };
        struct sbx_diag diag = { 0 };
        struct sigaction sa = { .sa_handler = on_stop };
        struct ids was_running = { 0 }, running = { 0 };
        struct denials_source src = { .db = db };
        int r;

        if (sbx_out_new(stdout, o->format, o->format == SBX_OUT_CSV ? NULL : add_denials, &src, &out) < 0)
                return sbx_fail(1, "out of memory");
        /* the CSV header line first, also when no row comes (--follow: before the first one) */
        if (o->format == SBX_OUT_CSV) {
                r = sbx_audit_query_columns(db, SBX_AUDIT_QUERY_EXPORT, &o->filter, sbx_out_header_cb, out, &diag);
                if (r < 0)
                        return fail_query(o, r, &diag);
        }
        if (!o->follow) {
                r = sbx_audit_query(db, SBX_AUDIT_QUERY_EXPORT, &o->filter, sbx_out_row_cb, out, &diag);
                if (r >= 0 && src.r < 0) {
                        r = src.r;
                        diag = src.diag;
                }
                if (r < 0)
                        return fail_query(o, r, &diag);
                return sbx_out_end(out) < 0 ? 1 : 0;
        }

        /* a private copy (a directory the reader cannot write) holds what was recorded when it
         * was made: no run that ends later reaches it (it streamed nothing more, for good) */
        if (sbx_db_is_private_copy(db))
                return sbx_fail(1, "audit export: --follow cannot follow %s: it is read through a private copy (you "
                                "may not write its directory, where SQLite reads its log as it grows, or upgrade its "
                                "older schema in place), which no later run reaches", sbx_db_path(db));
        sbx_out_set_streaming(out, true);
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        fl.out = out;
        r = follow_round(db, &o->filter, &fl, &was_running, &running, &diag);
        o->filter.limit = 0;
        while (r >= 0 && src.r >= 0 && !stop_requested) {
                /* the wait between rounds watches stdout: a reader that left (`| head -1`, a pager
                 * quit) was seen only at the next row written, and a follow of a database where
                 * no run ends stayed for good, holding it open (review). A pipe's reader gone is
                 * POLLERR, a socket's POLLHUP, a socket's reader that shut its reading side
                 * stdout_reader_shut(): as a write would, SIGPIPE then. */
                struct pollfd pfd = { .fd = STDOUT_FILENO, .events = 0 };
                struct ids t = was_running;

                if (fflush(stdout) != 0) {
                        r = -EPIPE;
                        break;
                }
                if ((poll(&pfd, 1, FOLLOW_POLL_MS) > 0 && (pfd.revents & (POLLERR | POLLHUP))) || stdout_reader_shut()) {
                        (void) raise(SIGPIPE);
                        r = -EPIPE;
                        break;
                }
                if (stop_requested)
                        break;
                /* a record moved away (rotated, or a damaged one set aside) and a new one made at its
                 * path: the follower read the old file on, streaming none of the new one's runs
                 * (review) */
                if ((r = sbx_db_check_same_file(db, &diag)) < 0)
                        break;
                was_running = running;
                running = t;
                o->filter.after_id = fl.max_seen;
                r = follow_round(db, &o->filter, &fl, &was_running, &running, &diag);
        }
        free(was_running.v);
        free(running.v);
        free(fl.dead.v);
        if (r >= 0 && src.r < 0) {
                r = src.r;
                diag = src.diag;
        }
        if (r == -ENOENT || r == -ESTALE)
                return sbx_fail(1, "audit export: --follow ends: %s: the runs recorded at that path from now on "
                                "would not be streamed (follow it again)", diag.msg);
        if (r < 0)
                return fail_query(o, r, &diag);
        return sbx_out_end(out) < 0 ? 1 : 0;
}

/* sbx audit prune --before T [--dry-run] [--db PATH] */
static int run_prune(int argc, char **argv) {
        enum { O_DB = 256, O_BEFORE, O_DRY_RUN, O_HELP };
        static const struct option longopts[] = {
                { "db", required_argument, NULL, O_DB },
                { "before", required_argument, NULL, O_BEFORE },
                { "dry-run", no_argument, NULL, O_DRY_RUN },
                { "help", no_argument, NULL, O_HELP },
                {},
        };
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        _cleanup_free_ char *path = NULL;
        struct stat st;
        struct sbx_audit_prune_result res;
        struct sbx_diag diag = { 0 };
        const char *db_opt = NULL, *before_arg = NULL;
        int64_t before = 0;
        bool dry_run = false;
        unsigned seen = 0;
        char when[64] = "";
        struct tm tm;
        time_t secs;
        int c, r;

        opterr = 0;
        optind = 1;
        for (;;) {
                const char *element = sbx_getopt_element(argc, argv);
                char what[128];

                /* "+": in order, so that a refusal names the word at fault (permuted, `prune x
                 * --bogus` said "unknown option 'x'") */
                if ((c = sbx_getopt_long(argc, argv, "+:h", longopts)) == -1)
                        break;
                /* (a second --before pruned by it, the first one dropped without a word) */
                if (c == O_DB || c == O_BEFORE) {
                        unsigned bit = 1u << (c - O_DB);
                        if (seen & bit)
                                return sbx_fail(SBX_EXIT_USAGE, "audit prune: --%s given twice: which one is meant?",
                                                longopts[c - O_DB].name);
                        seen |= bit;
                }
                switch (c) {
                case O_DB:
                        if (!*optarg)
                                return sbx_fail(SBX_EXIT_USAGE, "audit prune: --db needs a path");
                        db_opt = optarg;
                        break;
                case O_BEFORE:
                        before_arg = optarg;
                        if (parse_time_arg("prune", "--before", optarg, sbx_audit_now_ms(), &before))
                                return SBX_EXIT_USAGE;
                        break;
                case O_DRY_RUN: dry_run = true; break;
                case 'h':
                case O_HELP: return fputs(usage_text, stdout), 0;
                case ':': return sbx_fail(SBX_EXIT_USAGE, "audit prune: option %s needs a value", argv[optind - 1]);
                default:
                        return sbx_fail(SBX_EXIT_USAGE, "audit prune: %s",
                                        sbx_getopt_error(element, optopt, what, sizeof(what)));
                }
        }
        if (optind < argc)
                return sbx_fail(SBX_EXIT_USAGE, "audit prune: unexpected argument '%s'", argv[optind]);
        /* what goes is never implied */
        if (!before_arg)
                return sbx_fail(SBX_EXIT_USAGE, "audit prune: --before T is required (the runs that started before T go)");
        /* a database that is not there is not made (to remove nothing from) */
        if (sbx_db_default_path(db_opt, &path, &diag) < 0)
                return sbx_fail_diag(1, "audit database", &diag);
        if (stat(path, &st) < 0) {
                struct stat lst;
                if (errno == ENOENT && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
                        return sbx_fail(1, "audit prune: audit database %s is a symlink to nothing: the record it "
                                        "named was removed or moved", path);
                return sbx_fail(1, "audit prune: %s %s: %s", errno == ENOENT ? "no audit database at" : "cannot use",
                                path, errno == ENOENT ? "nothing recorded there yet" : strerror(errno));
        }
        r = sbx_audit_tool_open(path, true, &db);
        if (r)
                return r;
        r = sbx_audit_prune(db, before, dry_run, &res, &diag);
        if (r < 0)
                return sbx_fail_diag(1, "audit prune", &diag);
        /* the bound used, to the millisecond (a run at .500 goes with --before .750) */
        secs = (time_t) (before / 1000 - (before % 1000 < 0));
        if (gmtime_r(&secs, &tm)) {
                size_t n = strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
                snprintf(when + n, sizeof(when) - n, ".%03dZ", (int) ((before % 1000 + 1000) % 1000));
        }
        printf("%s %lld run%s (%lld denial line%s) and %lld session%s that started before %s\n",
               dry_run ? "would prune" : "pruned", (long long) res.executions, res.executions == 1 ? "" : "s",
               (long long) res.denial_lines, res.denial_lines == 1 ? "" : "s", (long long) res.sessions,
               res.sessions == 1 ? "" : "s", when);
        return 0;
}

int sbx_cmd_audit(int argc, char **argv) {
        static const struct {
                const char *name;
                enum verb verb;
        } verbs[] = {
                { "list", LIST }, { "show", SHOW }, { "denials", DENIALS }, { "stats", STATS }, { "export", EXPORT },
        };
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        struct opts o = { 0 };
        size_t i;
        int r;

        if (argc < 2)
                return sbx_fail(SBX_EXIT_USAGE,
                                "audit: expected a verb: list, show, denials, stats, export or prune (try 'sbx audit --help')");
        if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
                return fputs(usage_text, stdout), 0;
        if (strcmp(argv[1], "prune") == 0)
                return run_prune(argc - 1, argv + 1);
        for (i = 0; i < SBX_ELEMENTSOF(verbs); i++)
                if (strcmp(argv[1], verbs[i].name) == 0)
                        break;
        if (i == SBX_ELEMENTSOF(verbs))
                return sbx_fail(SBX_EXIT_USAGE, "audit: unknown verb '%s' (list, show, denials, stats, export or prune)", argv[1]);
        o.name = verbs[i].name;
        o.verb = verbs[i].verb;
        r = parse(argc - 1, argv + 1, &o);
        if (r == 1)
                return fputs(usage_text, stdout), 0;
        if (r)
                return r;
        if (o.verb == SHOW && (r = sbx_audit_tool_require_db(o.db, "audit show", "execution", o.pos[0])))
                return r;
        r = sbx_audit_tool_open(o.db, false, &db);
        if (r)
                return r;
        sbx_audit_tool_guard_copy(db);
        /* a session that does not exist matches nothing: a typo read as "no runs, no denials"
         * (an unknown --backend is refused for the same reason) */
        if (o.filter.session_id) {
                struct sbx_diag diag = { 0 };
                r = sbx_audit_session_show(db, o.filter.session_id, NULL, NULL, NULL, NULL, &diag);
                if (r == -ENOENT)
                        return sbx_fail(SBX_EXIT_USAGE, "audit %s: %s", o.name, diag.msg);
                if (r < 0)
                        return fail_query(&o, r, &diag);
        }
        /* one answer: 'interrupted' only for supervisors gone before its snapshot (--follow reads
         * such rows again in its next round instead) */
        if (!o.follow) {
                struct sbx_diag diag = { 0 };
                r = sbx_db_settle_states(db, &diag);
                if (r < 0)
                        return fail_query(&o, r, &diag);
        }
        switch (o.verb) {
        case LIST:
                r = run_simple(db, &o, SBX_AUDIT_QUERY_LIST);
                return r == 0 && o.filter.path_glob ? say_not_kept(db, &o) : r;
        case DENIALS:
                if (o.top_paths) {
                        o.filter.limit = o.top_n;
                        r = run_simple(db, &o, SBX_AUDIT_QUERY_TOP_PATHS);
                } else
                        r = run_simple(db, &o, SBX_AUDIT_QUERY_DENIALS);
                return r == 0 ? say_not_kept(db, &o) : r;
        case STATS:
                r = run_stats(db, &o);
                return r == 0 && o.filter.path_glob ? say_not_kept(db, &o) : r;
        case SHOW:
                return run_show(db, &o);
        case EXPORT:
                /* (--follow streams until it is stopped: its rows carry denials_not_kept) */
                r = run_export(db, &o);
                return r == 0 && o.filter.path_glob && !o.follow ? say_not_kept(db, &o) : r;
        }
        return 1;
}
