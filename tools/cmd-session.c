/* sbx session start|mode|show: sessions pin a workspace root (their canonical cwd) and keep a log
 * of mode events; `sbx run --session ID` runs under the last one. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "audit-output.h"
#include "sbx-audit.h"
#include "sbx-macro.h"
#include "sbx-tool.h"

SBX_DEFINE_CLEANUP(struct sbx_db *, sbx_db_close)
SBX_DEFINE_CLEANUP(struct sbx_out *, sbx_out_free)

static const char usage_text[] =
        "usage: sbx session start [--cwd DIR] [--mode MODE] [--db PATH]\n"
        "       sbx session mode ID MODE [--db PATH]\n"
        "       sbx session show ID [--json] [--db PATH]\n"
        "\n"
        "start  create a session and print its id; DIR (default: the current directory) is\n"
        "       canonicalized and becomes the workspace root of every run in the session\n"
        "mode   log a mode event: later `sbx run --session ID` runs use MODE\n"
        "show   the session, its mode log and its runs\n"
        "\n"
        "MODE is read-only, workspace-write or danger-full-access.\n"
        "--db PATH  the audit database (default: $SBX_DB, else $XDG_STATE_HOME/sbx/audit.db)\n";

struct opts {
        const char *db;
        const char *cwd;
        const char *mode;
        bool json;
        int npos;
        char *pos[4];
};

/* Parses options anywhere among the positional arguments. Returns 0, 1 for --help, or the usage
 * exit status after printing the problem. */
static int parse(int argc, char **argv, const char *verb, bool allow_cwd_mode, bool allow_json, struct opts *o) {
        static const struct option longopts[] = {
                { "db", required_argument, NULL, 'd' },
                { "cwd", required_argument, NULL, 'c' },
                { "mode", required_argument, NULL, 'm' },
                { "json", no_argument, NULL, 'j' },
                { "help", no_argument, NULL, 'h' },
                {},
        };
        unsigned seen = 0;
        int c;

        opterr = 0;
        optind = 1;
        for (;;) {
                const char *element = sbx_getopt_element(argc, argv);
                char what[128];

                if ((c = sbx_getopt_long(argc, argv, "-:h", longopts)) == -1)
                        break;
                /* each value once, as for sbx run: a second --mode silently started the session
                 * in that mode, a second --db or --cwd replaced the first */
                if (c == 'd' || c == 'c' || c == 'm') {
                        unsigned bit = c == 'd' ? 1u : c == 'c' ? 2u : 4u;
                        if (seen & bit)
                                return sbx_fail(SBX_EXIT_USAGE, "session %s: --%s given twice: which one is meant?", verb,
                                                c == 'd' ? "db" : c == 'c' ? "cwd" : "mode");
                        seen |= bit;
                }
                switch (c) {
                case 1:
                        if (o->npos >= (int) SBX_ELEMENTSOF(o->pos))
                                return sbx_fail(SBX_EXIT_USAGE, "session %s: unexpected argument '%s'", verb, optarg);
                        o->pos[o->npos++] = optarg;
                        break;
                case 'd':
                        if (!*optarg)
                                return sbx_fail(SBX_EXIT_USAGE, "session %s: --db needs a path", verb);
                        o->db = optarg;
                        break;
                case 'c':
                case 'm':
                        if (!allow_cwd_mode)
                                return sbx_fail(SBX_EXIT_USAGE, "session %s: unknown option '%s'", verb,
                                                element);
                        if (c == 'c')
                                o->cwd = optarg;
                        else
                                o->mode = optarg;
                        break;
                case 'j':
                        if (!allow_json)
                                return sbx_fail(SBX_EXIT_USAGE, "session %s: unknown option '--json'", verb);
                        o->json = true;
                        break;
                case 'h':
                        return 1;
                case ':':
                        return sbx_fail(SBX_EXIT_USAGE, "session %s: option '%s' needs a value", verb, argv[optind - 1]);
                default:
                        return sbx_fail(SBX_EXIT_USAGE, "session %s: %s", verb,
                                        sbx_getopt_error(element, optopt, what, sizeof(what)));
                }
        }
        /* getopt stops at "--": the words after it are arguments too */
        for (; optind < argc; optind++) {
                if (o->npos >= (int) SBX_ELEMENTSOF(o->pos))
                        return sbx_fail(SBX_EXIT_USAGE, "session %s: unexpected argument '%s'", verb, argv[optind]);
                o->pos[o->npos++] = argv[optind];
        }
        return 0;
}

static int parse_mode(const char *verb, const char *s, enum sbx_mode *ret) {
        if (sbx_mode_from_string(s, ret) < 0)
                return sbx_fail(SBX_EXIT_USAGE,
                                "session %s: unknown mode '%s' (read-only, workspace-write or danger-full-access)", verb, s);
        return 0;
}

static int session_start(int argc, char **argv) {
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        _cleanup_free_ char *id = NULL;
        struct opts o = { 0 };
        struct sbx_diag diag = { 0 };
        enum sbx_mode mode;
        int r;

        r = parse(argc, argv, "start", true, false, &o);
        if (r == 1)
                return fputs(usage_text, stdout), 0;
        if (r)
                return r;
        if (o.npos > 0)
                return sbx_fail(SBX_EXIT_USAGE, "session start: unexpected argument '%s'", o.pos[0]);
        if (o.mode && (r = parse_mode("start", o.mode, &mode)))
                return r;
        {
                /* a cwd that can be no workspace is a usage error, as --root is for sbx run */
                _cleanup_free_ char *canon = NULL;
                if (sbx_path_canonicalize_dir(o.cwd ? o.cwd : ".", &canon, &diag) < 0)
                        return sbx_fail(SBX_EXIT_USAGE, "session start: %s", diag.msg);
        }
        r = sbx_audit_tool_open(o.db, true, &db);
        if (r)
                return r;
        r = sbx_audit_session_create(db, o.cwd, o.mode ? &mode : NULL, &id, &diag);
        if (r == -ENOENT || r == -ENOTDIR || r == -ELOOP)
                return sbx_fail(SBX_EXIT_USAGE, "session start: %s", diag.msg);
        if (r < 0)
                return sbx_fail(1, "session start: %s", diag.msg);
        printf("%s\n", id);
        if (fflush(stdout) != 0 || ferror(stdout)) {
                /* the session exists: its id must not be lost with the output */
                r = sbx_fail(1, "session start: session %s was started, but standard output cannot be "
                             "written: %s", id, strerror(errno ? errno : EIO));
                clearerr(stdout); /* said: main() need not say it again */
                return r;
        }
        return 0;
}

static int session_mode(int argc, char **argv) {
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        struct opts o = { 0 };
        struct sbx_diag diag = { 0 };
        enum sbx_mode mode;
        int r;

        r = parse(argc, argv, "mode", false, false, &o);
        if (r == 1)
                return fputs(usage_text, stdout), 0;
        if (r)
                return r;
        if (o.npos != 2)
                return sbx_fail(SBX_EXIT_USAGE, "session mode: expected a session id and a mode");
        if ((r = parse_mode("mode", o.pos[1], &mode)))
                return r;
        /* (opening it for writing made the database, and its directories, for a usage error) */
        if ((r = sbx_audit_tool_require_db(o.db, "session mode", "session", o.pos[0])))
                return r;
        r = sbx_audit_tool_open(o.db, true, &db);
        if (r)
                return r;
        r = sbx_audit_session_set_mode(db, o.pos[0], mode, NULL, &diag);
        if (r == -ENOENT)
                return sbx_fail(SBX_EXIT_USAGE, "session mode: %s", diag.msg);
        if (r < 0)
                return sbx_fail(1, "session mode: %s", diag.msg);
        return 0;
}

/* --json: {"session": {...}, "mode_events": [...], "executions": [...]} */
struct show_json {
        struct sbx_json j;
        int section; /* 0 session, 1 mode events, 2 executions */
};

static int json_session(void *userdata, sqlite3_stmt *row) {
        struct show_json *s = userdata;
        sbx_json_open_object(&s->j, "session");
        sbx_out_json_fields(&s->j, row);
        sbx_json_close_object(&s->j);
        sbx_json_open_array(&s->j, "mode_events");
        s->section = 1;
        return 0;
}

static int json_element(void *userdata, sqlite3_stmt *row) {
        struct show_json *s = userdata;
        sbx_json_open_object(&s->j, NULL);
        sbx_out_json_fields(&s->j, row);
        sbx_json_close_object(&s->j);
        return ferror(s->j.f) ? -EPIPE : 0;
}

static int json_execution(void *userdata, sqlite3_stmt *row) {
        struct show_json *s = userdata;
        if (s->section == 1) {
                sbx_json_close_array(&s->j);
                sbx_json_open_array(&s->j, "executions");
                s->section = 2;
        }
        return json_element(userdata, row);
}

/* Text: the session as "key: value" lines, then each section as a table. */
struct show_text {
        struct sbx_out *events, *runs;
};

static int text_session(void *userdata, sqlite3_stmt *row) {
        (void) userdata;
        for (int i = 0; i < sqlite3_column_count(row); i++) {
                const char *t = (const char *) sqlite3_column_text(row, i);
                /* a cwd or host name may hold anything: it must not drive the terminal */
                _cleanup_free_ char *safe = t ? sbx_term_text(t, (size_t) sqlite3_column_bytes(row, i)) : NULL;
                printf("%-14s %s\n", sqlite3_column_name(row, i), safe ? safe : "-");
        }
        return 0;
}

static int text_event(void *userdata, sqlite3_stmt *row) {
        return sbx_out_row(((struct show_text *) userdata)->events, row);
}

static int text_run(void *userdata, sqlite3_stmt *row) {
        return sbx_out_row(((struct show_text *) userdata)->runs, row);
}

static int session_show(int argc, char **argv) {
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        _sbx_cleanup_(sbx_out_freep) struct sbx_out *events = NULL;
        _sbx_cleanup_(sbx_out_freep) struct sbx_out *runs = NULL;
        struct opts o = { 0 };
        struct sbx_diag diag = { 0 };
        int r;

        r = parse(argc, argv, "show", false, true, &o);
        if (r == 1)
                return fputs(usage_text, stdout), 0;
        if (r)
                return r;
        if (o.npos != 1)
                return sbx_fail(SBX_EXIT_USAGE, "session show: expected one session id");
        if ((r = sbx_audit_tool_require_db(o.db, "session show", "session", o.pos[0])))
                return r;
        r = sbx_audit_tool_open(o.db, false, &db);
        if (r)
                return r;
        sbx_audit_tool_guard_copy(db);
        if (o.json) {
                struct show_json s = { .section = 0 };
                /* the whole object is built in memory so an unknown session prints nothing */
                char *buf = NULL;
                size_t size = 0;
                FILE *f = open_memstream(&buf, &size);
                if (!f)
                        return sbx_fail(1, "session show: out of memory");
                sbx_json_begin(&s.j, f);
                r = sbx_audit_session_show(db, o.pos[0], json_session, json_element, json_execution, &s, &diag);
                if (s.section == 1) {
                        sbx_json_close_array(&s.j);
                        sbx_json_open_array(&s.j, "executions");
                }
                sbx_json_close_array(&s.j);
                sbx_json_end(&s.j);
                fputc('\n', f);
                fclose(f);
                if (r >= 0)
                        fwrite(buf, 1, size, stdout);
                free(buf);
        } else {
                struct show_text t = { 0 };
                if (sbx_out_new(stdout, SBX_OUT_TABLE, NULL, NULL, &events) < 0 ||
                    sbx_out_new(stdout, SBX_OUT_TABLE, NULL, NULL, &runs) < 0)
                        return sbx_fail(1, "session show: out of memory");
                t.events = events;
                t.runs = runs;
                r = sbx_audit_session_show(db, o.pos[0], text_session, text_event, text_run, &t, &diag);
                if (r >= 0) {
                        fputs("\nmode events:\n", stdout);
                        sbx_out_end(events);
                        fputs("\nexecutions:\n", stdout);
                        sbx_out_end(runs);
                }
        }
        if (r == -ENOENT)
                return sbx_fail(SBX_EXIT_USAGE, "session show: %s", diag.msg);
        if (r < 0)
                return sbx_fail(1, "session show: %s", diag.msg);
        return 0; /* (main() checks what was written) */
}

int sbx_cmd_session(int argc, char **argv) {
        static const struct {
                const char *name;
                int (*fn)(int argc, char **argv);
        } verbs[] = {
                { "start", session_start },
                { "mode", session_mode },
                { "show", session_show },
        };

        if (argc < 2)
                return sbx_fail(SBX_EXIT_USAGE, "session: expected a verb: start, mode or show (try 'sbx session --help')");
        if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
                return fputs(usage_text, stdout), 0;
        for (size_t i = 0; i < SBX_ELEMENTSOF(verbs); i++)
                if (strcmp(argv[1], verbs[i].name) == 0)
                        return verbs[i].fn(argc - 1, argv + 1);
        return sbx_fail(SBX_EXIT_USAGE, "session: unknown verb '%s' (start, mode or show)", argv[1]);
}
