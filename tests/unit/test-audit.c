/* Unit tests of audit/: the execution record's lifecycle, interrupted runs, sessions and mode
 * events, every query filter, time parsing, and concurrent writers. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sbx-audit.h"
#include "sbx-macro.h"
#include "audit-internal.h"
#include "writer-wire.h"

struct fixture {
        char dir[64];
        char path[128];
        struct sbx_db *db;
};

static int setup(void **state) {
        struct fixture *f = calloc(1, sizeof(*f));

        strcpy(f->dir, "/tmp/sbx-test-audit-XXXXXX");
        assert_non_null(mkdtemp(f->dir));
        snprintf(f->path, sizeof(f->path), "%s/audit.db", f->dir);
        assert_int_equal(sbx_db_open(f->path, &f->db, NULL), 0);
        *state = f;
        return 0;
}

static int teardown(void **state) {
        struct fixture *f = *state;
        char cmd[128];

        sbx_db_close(f->db);
        snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
        assert_int_equal(system(cmd), 0);
        free(f);
        return 0;
}

static int64_t query_int(struct sbx_db *db, const char *sql) {
        sqlite3_stmt *st = NULL;
        int64_t v;

        assert_int_equal(sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        v = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        return v;
}

/* A copy of one text column of one row (NULL for SQL NULL). Caller frees. */
static char *query_text(struct sbx_db *db, const char *sql) {
        sqlite3_stmt *st = NULL;
        char *v = NULL;

        assert_int_equal(sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        if (sqlite3_column_type(st, 0) != SQLITE_NULL)
                v = strdup((const char *) sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
        return v;
}

static void assert_text(struct sbx_db *db, const char *sql, const char *expected) {
        char *v = query_text(db, sql);
        if (!expected) {
                if (v)
                        fail_msg("%s: expected NULL, got '%s'", sql, v);
        } else if (!v || strcmp(v, expected) != 0)
                fail_msg("%s: expected '%s', got '%s'", sql, expected, v ? v : "NULL");
        free(v);
}

static int64_t begin_run(struct sbx_db *db, const char *session, enum sbx_mode mode, const char *backend,
                         char *const *argv) {
        struct sbx_policy p = {
                .mode = mode,
                .mode_source = session ? SBX_MODE_SOURCE_SESSION : SBX_MODE_SOURCE_APPROVED,
                .workspace_root = (char *) "/srv/space",
                .session_id = (char *) session,
        };
        struct sbx_execution_start s = {
                .policy = &p,
                .argv = argv,
                .cwd = "/srv/space/sub",
                .backend = backend,
                .enforcement = backend && strcmp(backend, "none") != 0 ? "full" : NULL,
        };
        struct sbx_diag diag = { 0 };
        int64_t id = 0;

        if (sbx_audit_begin(db, &s, &id, &diag) < 0)
                fail_msg("begin: %s", diag.msg);
        assert_true(id > 0);
        return id;
}

static void finish_run(struct sbx_db *db, int64_t id, const char *verdict, int exit_code, const char *const *paths) {
        struct sbx_classify_result res = { 0 };
        struct sbx_execution_end e = {
                .state = "completed",
                .verdict = verdict,
                .evidence = "stderr",
                .status = { .exit_code = exit_code },
                .result = &res,
        };
        struct sbx_diag diag = { 0 };

        res.status = e.status;
        for (size_t i = 0; paths && paths[i]; i++) {
                struct sbx_denial *d = &res.denials[res.n_denials++];
                d->line_no = i + 1;
                snprintf(d->line, sizeof(d->line), "touch: cannot touch '%s': Read-only file system", paths[i]);
                snprintf(d->path, sizeof(d->path), "%s", paths[i]);
        }
        res.denial_lines = res.n_denials;
        res.stderr_lines = res.n_denials;
        res.stderr_bytes = 100 * res.n_denials;
        if (res.n_denials) {
                strcpy(res.rule, "denial");
                strcpy(res.signature, "Read-only file system");
                res.line_no = 1;
                strcpy(res.matched_line, res.denials[0].line);
        }
        if (sbx_audit_finish(db, id, &e, &diag) < 0)
                fail_msg("finish: %s", diag.msg);
}

static void test_audit_begin_records_running_row_with_start_facts(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "touch", (char *) "a \"b\"", NULL };
        char sql[256];
        int64_t id = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        char host[256] = "";

        gethostname(host, sizeof(host) - 1);
#define Q(col) (snprintf(sql, sizeof(sql), "SELECT " col " FROM executions WHERE id = %lld", (long long) id), sql)
        assert_text(f->db, Q("state"), "running");
        assert_text(f->db, Q("argv"), "[\"touch\",\"a \\\"b\\\"\"]");
        assert_text(f->db, Q("cwd"), "/srv/space/sub");
        assert_text(f->db, Q("mode"), "read-only");
        assert_text(f->db, Q("mode_source"), "approved");
        assert_text(f->db, Q("workspace_root"), "/srv/space");
        assert_text(f->db, Q("backend"), "bwrap");
        assert_text(f->db, Q("enforcement"), "full");
        assert_text(f->db, Q("host"), host);
        assert_text(f->db, Q("verdict"), NULL);
        assert_text(f->db, Q("session_id"), NULL);
        assert_int_equal(query_int(f->db, Q("supervisor_pid")), getpid());
        assert_true(query_int(f->db, Q("supervisor_start")) > 0);
        assert_int_equal(query_int(f->db, Q("uid")), getuid());
        assert_true(query_int(f->db, Q("abs(started_ms - CAST(strftime('%%s','now') AS INTEGER) * 1000)")) < 5000);
        assert_int_equal(query_int(f->db, Q("ended_ms IS NULL")), 1);
        /* ISO-8601 UTC with milliseconds in the view */
        snprintf(sql, sizeof(sql), "SELECT started_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:"
                                   "[0-9][0-9].[0-9][0-9][0-9]Z' FROM execution_log WHERE id = %lld", (long long) id);
        assert_int_equal(query_int(f->db, sql), 1);
}

static void test_audit_finish_completes_row_with_verdict_and_denials(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "touch", (char *) "/etc/x", NULL };
        const char *paths[] = { "/etc/x", "/etc/y", NULL };
        char sql[256];
        int64_t id = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);

        finish_run(f->db, id, "denied", 1, paths);
        assert_text(f->db, Q("state"), "completed");
        assert_text(f->db, Q("verdict"), "denied");
        assert_text(f->db, Q("evidence"), "stderr");
        assert_text(f->db, Q("matched_rule"), "denial");
        assert_text(f->db, Q("matched_signature"), "Read-only file system");
        assert_text(f->db, Q("matched_line"), "touch: cannot touch '/etc/x': Read-only file system");
        assert_int_equal(query_int(f->db, Q("exit_code")), 1);
        assert_int_equal(query_int(f->db, Q("signal")), 0);
        assert_int_equal(query_int(f->db, Q("matched_line_no")), 1);
        assert_int_equal(query_int(f->db, Q("denial_lines")), 2);
        assert_int_equal(query_int(f->db, Q("stderr_bytes")), 200);
        assert_int_equal(query_int(f->db, Q("duration_ms >= 0 AND ended_ms >= started_ms")), 1);
        snprintf(sql, sizeof(sql), "SELECT group_concat(path, ',') FROM (SELECT path FROM denials WHERE execution_id = %lld"
                                   " ORDER BY line_no)", (long long) id);
        assert_text(f->db, sql, "/etc/x,/etc/y");
}

/* The supervisor's duration (monotonic clock) is the row's, whatever the wall clock did meanwhile
 * (limits review: a clock step during a run recorded 0 or hours); without one, the wall clock's. */
static void test_audit_finish_keeps_the_supervisors_duration(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "sleep", (char *) "5", NULL };
        char sql[128];
        struct sbx_execution_end timed = { .state = "completed", .verdict = "success", .timed = true,
                                           .duration_ms = 4321 };
        struct sbx_execution_end untimed = { .state = "refused", .verdict = "unavailable" };
        struct sbx_diag diag = { 0 };
        int64_t a = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        int64_t b = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);

        assert_int_equal(sbx_audit_finish(f->db, a, &timed, &diag), 0);
        assert_int_equal(sbx_audit_finish(f->db, b, &untimed, &diag), 0);
        snprintf(sql, sizeof(sql), "SELECT duration_ms FROM executions WHERE id = %lld", (long long) a);
        assert_int_equal(query_int(f->db, sql), 4321);
        snprintf(sql, sizeof(sql), "SELECT duration_ms = max(0, ended_ms - started_ms) FROM executions WHERE id = %lld",
                 (long long) b);
        assert_int_equal(query_int(f->db, sql), 1);
}

static void exec_sql(struct sbx_db *db, const char *sql) {
        char *err = NULL;
        if (sqlite3_exec(sbx_db_handle(db), sql, NULL, NULL, &err) != SQLITE_OK)
                fail_msg("%s: %s", sql, err ? err : "?");
}

/* A handle kept open (the audit writer's) while a newer sbx upgrades the database: no new row is
 * added by this sbx's code to a schema it does not know, as sbx_db_open() would refuse it now;
 * a run it began before finishes (upgrade review: the writer went on adding rows to a database of
 * schema 4 while the direct path refused it). */
static void test_audit_begin_refuses_a_schema_upgraded_since_open(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "true", NULL };
        char sql[128];
        struct sbx_policy p = { .mode = SBX_MODE_READ_ONLY, .workspace_root = (char *) "/srv/space" };
        struct sbx_execution_start s = { .policy = &p, .argv = argv, .cwd = "/srv/space", .backend = "bwrap" };
        struct sbx_execution_end end = { .state = "completed", .verdict = "success" };
        struct sbx_diag diag = { 0 };
        int64_t before = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv), id = -7;

        snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", SBX_DB_SCHEMA_VERSION + 1);
        exec_sql(f->db, sql);
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, &diag), -EPROTONOSUPPORT);
        assert_non_null(strstr(diag.msg, "newer than this sbx supports"));
        assert_int_equal(id, -7);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions"), 1);
        assert_int_equal(sqlite3_get_autocommit(sbx_db_handle(f->db)), 1); /* no transaction left open */
        assert_int_equal(sbx_audit_finish(f->db, before, &end, &diag), 0);
        snprintf(sql, sizeof(sql), "SELECT state FROM executions WHERE id = %lld", (long long) before);
        assert_text(f->db, sql, "completed");
}

/* A session removed (sbx audit prune) after the run's policy was read from it: the row cannot
 * name it, and the begin says so (-EIDRM, the caller records the refusal outside it) instead of
 * failing on the foreign key; no transaction is left open, nothing is added. */
static void test_audit_begin_of_a_session_removed_since_the_policy(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "true", NULL };
        struct sbx_policy p = { .mode = SBX_MODE_READ_ONLY, .mode_source = SBX_MODE_SOURCE_SESSION,
                                .workspace_root = (char *) "/srv/space", .session_id = (char *) "gone-since" };
        struct sbx_execution_start s = { .policy = &p, .argv = argv, .cwd = "/srv/space", .backend = "bwrap" };
        struct sbx_diag diag = { 0 };
        int64_t id = -7;

        assert_int_equal(sbx_audit_begin(f->db, &s, &id, &diag), -EIDRM);
        assert_non_null(strstr(diag.msg, "session 'gone-since' was removed from the audit database"));
        assert_int_equal(id, -7);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions"), 0);
        assert_int_equal(sqlite3_get_autocommit(sbx_db_handle(f->db)), 1);
}

/* ... and so is the denied run an approved retry follows, removed while the approver decided */
static void test_audit_begin_of_a_retry_whose_parent_was_removed(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "true", NULL };
        struct sbx_policy p = { .mode = SBX_MODE_WORKSPACE_WRITE, .mode_source = SBX_MODE_SOURCE_APPROVED,
                                .workspace_root = (char *) "/srv/space" };
        struct sbx_execution_start s = { .policy = &p, .argv = argv, .cwd = "/srv/space", .backend = "bwrap" };
        struct sbx_diag diag = { 0 };
        int64_t parent = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv), id = -7;

        s.parent_id = parent + 1;
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, &diag), -EIDRM);
        assert_non_null(strstr(diag.msg, "that this approved retry follows was removed"));
        assert_int_equal(id, -7);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions"), 1);
        assert_int_equal(sqlite3_get_autocommit(sbx_db_handle(f->db)), 1);
        s.parent_id = parent;
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, &diag), 0);
        assert_int_equal(id, parent + 1);
}

/* Retention: the old runs go with their denial lines and their tally, sessions left with nothing
 * go with their mode log, and nothing kept points at what went (scale review: a hand-written
 * DELETE left the denial lines and the tally, or failed on a kept retry's parent). */
static void test_audit_prune_keeps_the_rest_consistent(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "touch", (char *) "/etc/x", NULL };
        const char *paths[] = { "/etc/x", "/etc/y", NULL }, *one[] = { "/etc/x", NULL };
        enum sbx_mode ro = SBX_MODE_READ_ONLY;
        _cleanup_free_ char *s_empty = NULL, *s_changed = NULL, *s_used = NULL;
        struct sbx_audit_prune_result res = { 0 };
        struct sbx_diag diag = { 0 };
        int64_t cutoff = sbx_audit_now_ms() - 86400000, old, parent, retry, live, recent, changed_run, used_run;
        char sql[512];

        assert_int_equal(sbx_audit_session_create(f->db, f->dir, &ro, &s_empty, NULL), 0);
        assert_int_equal(sbx_audit_session_create(f->db, f->dir, &ro, &s_changed, NULL), 0);
        assert_int_equal(sbx_audit_session_create(f->db, f->dir, &ro, &s_used, NULL), 0);
        old = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, old, "denied", 1, paths);
        parent = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, parent, "denied", 1, one);
        retry = begin_run(f->db, NULL, SBX_MODE_WORKSPACE_WRITE, "bwrap", argv);
        finish_run(f->db, retry, "success", 0, NULL);
        live = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv); /* its supervisor: us */
        recent = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, recent, "denied", 1, one);
        changed_run = begin_run(f->db, s_changed, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, changed_run, "success", 0, NULL);
        used_run = begin_run(f->db, s_used, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, used_run, "success", 0, NULL);
        /* all but retry, recent and used_run began long ago; s_changed changed mode since */
        snprintf(sql, sizeof(sql),
                 "UPDATE executions SET started_ms = 1000 WHERE id NOT IN (%lld, %lld, %lld);"
                 "UPDATE executions SET parent_id = %lld WHERE id = %lld;"
                 "UPDATE sessions SET created_ms = 1000; UPDATE mode_events SET at_ms = 1000;"
                 "UPDATE executions SET boot_id = 'an-earlier-boot' WHERE state <> 'running';",
                 (long long) retry, (long long) recent, (long long) used_run, (long long) parent, (long long) retry);
        exec_sql(f->db, sql);
        assert_int_equal(sbx_audit_session_set_mode(f->db, s_changed, SBX_MODE_WORKSPACE_WRITE, NULL, NULL), 0);

        /* a dry run counts and keeps everything */
        assert_int_equal(sbx_audit_prune(f->db, cutoff, true, &res, &diag), 0);
        assert_int_equal(res.executions, 2); /* old, changed_run */
        assert_int_equal(res.denial_lines, 2);
        assert_int_equal(res.sessions, 1); /* s_empty */
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions"), 7);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM sessions"), 3);

        assert_int_equal(sbx_audit_prune(f->db, cutoff, false, &res, &diag), 0);
        assert_int_equal(res.executions, 2);
        snprintf(sql, sizeof(sql), "SELECT group_concat(id) FROM (SELECT id FROM executions ORDER BY id)");
        {
                char want[128];
                snprintf(want, sizeof(want), "%lld,%lld,%lld,%lld,%lld", (long long) parent, (long long) retry,
                         (long long) live, (long long) recent, (long long) used_run);
                assert_text(f->db, sql, want);
        }
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM denial_lines"), 2); /* parent's, recent's */
        /* the tally counts what is left: /etc/x twice, /etc/y no more */
        assert_int_equal(query_int(f->db, "SELECT denials FROM denied_paths WHERE path = '/etc/x'"), 2);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM denied_paths WHERE path = '/etc/y'"), 0);
        snprintf(sql, sizeof(sql), "SELECT count(*) FROM sessions WHERE id = '%s'", s_empty);
        assert_int_equal(query_int(f->db, sql), 0);
        snprintf(sql, sizeof(sql), "SELECT count(*) FROM mode_events WHERE session_id = '%s'", s_empty);
        assert_int_equal(query_int(f->db, sql), 0);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM sessions"), 2);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
        assert_text(f->db, "PRAGMA integrity_check", "ok");
        /* again: nothing more goes */
        assert_int_equal(sbx_audit_prune(f->db, cutoff, false, &res, &diag), 0);
        assert_int_equal(res.executions + res.denial_lines + res.sessions, 0);
}

/* Ids are INTEGER PRIMARY KEY without AUTOINCREMENT: removing the highest gave the next row the
 * id of a removed one (review: 'sbx audit show ID' of an id once reported named another run,
 * 'export --follow' skipped new runs, an approved retry's parent_id named an unrelated run). And a
 * denied run whose sbx still lives may be followed by an approved retry: it stays. */
static void test_audit_prune_never_frees_an_id(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "touch", (char *) "/etc/x", NULL };
        const char *one[] = { "/etc/x", NULL };
        struct sbx_audit_prune_result res = { 0 };
        int64_t cutoff = sbx_audit_now_ms() - 86400000, a, b, c, d, e, next;
        char sql[256];

        a = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, a, "success", 0, NULL);
        b = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        c = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, c, "success", 0, NULL);
        finish_run(f->db, b, "denied", 1, one); /* b has the newest denial line, c the newest id */
        exec_sql(f->db, "UPDATE executions SET started_ms = 1000, boot_id = 'an-earlier-boot'");
        assert_int_equal(sbx_audit_prune(f->db, cutoff, false, &res, NULL), 0);
        assert_int_equal(res.executions, 1);
        snprintf(sql, sizeof(sql), "SELECT group_concat(id) FROM (SELECT id FROM executions ORDER BY id)");
        {
                char want[64];
                snprintf(want, sizeof(want), "%lld,%lld", (long long) b, (long long) c);
                assert_text(f->db, sql, want);
        }
        next = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, next, "success", 0, NULL);
        assert_true(next > c);
        assert_int_equal(query_int(f->db, "SELECT max(id) FROM denial_lines"), 1);

        /* a denied run of ours (we live, on this boot), then a newer run: the denied one stays
         * while we live; once its sbx is gone (another boot) it goes */
        d = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, d, "denied", 1, one);
        e = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, e, "denied", 1, one); /* the newest id and denial line: e's */
        snprintf(sql, sizeof(sql), "UPDATE executions SET started_ms = 1000 WHERE id IN (%lld, %lld)", (long long) d,
                 (long long) e);
        exec_sql(f->db, sql);
        assert_int_equal(sbx_audit_prune(f->db, cutoff, false, &res, NULL), 0);
        snprintf(sql, sizeof(sql), "SELECT count(*) FROM executions WHERE id = %lld", (long long) d);
        assert_int_equal(query_int(f->db, sql), 1);
        /* recorded under another host name in this boot (its sbx in a UTS namespace of its own):
         * it is ours all the same, and stays (review: it went while its sbx lived) */
        snprintf(sql, sizeof(sql), "UPDATE executions SET host = 'a-uts-namespace' WHERE id = %lld", (long long) d);
        exec_sql(f->db, sql);
        assert_int_equal(sbx_audit_prune(f->db, cutoff, false, &res, NULL), 0);
        snprintf(sql, sizeof(sql), "SELECT count(*) FROM executions WHERE id = %lld", (long long) d);
        assert_int_equal(query_int(f->db, sql), 1);
        snprintf(sql, sizeof(sql), "UPDATE executions SET boot_id = 'an-earlier-boot' WHERE id = %lld", (long long) d);
        exec_sql(f->db, sql);
        assert_int_equal(sbx_audit_prune(f->db, cutoff, false, &res, NULL), 0);
        snprintf(sql, sizeof(sql), "SELECT count(*) FROM executions WHERE id = %lld", (long long) d);
        assert_int_equal(query_int(f->db, sql), 0);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
}

/* Which sessions retention keeps, each for one reason only: one that changed mode since the point
 * in time, one whose mode event is the newest (its id stays taken), one begun since (with no mode
 * event at all); an old one with nothing left goes. And a run whose supervisor is gone (another
 * boot) but still marked running is reaped first, then goes like any old run. */
static void test_audit_prune_keeps_sessions_in_use_and_reaps_first(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "true", NULL };
        enum sbx_mode ro = SBX_MODE_READ_ONLY;
        _cleanup_free_ char *s_changed = NULL, *s_newest = NULL, *s_old = NULL, *s_new = NULL;
        struct sbx_audit_prune_result res = { 0 };
        struct sbx_diag diag = { 0 };
        int64_t cutoff = sbx_audit_now_ms() - 86400000, dead, last;
        char sql[512];

        assert_int_equal(sbx_audit_session_create(f->db, f->dir, &ro, &s_changed, NULL), 0);
        assert_int_equal(sbx_audit_session_create(f->db, f->dir, &ro, &s_newest, NULL), 0);
        assert_int_equal(sbx_audit_session_create(f->db, f->dir, &ro, &s_old, NULL), 0);
        dead = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv); /* never finished */
        last = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        finish_run(f->db, last, "success", 0, NULL);
        snprintf(sql, sizeof(sql),
                 "UPDATE executions SET started_ms = 1000, boot_id = 'an-earlier-boot';"
                 "UPDATE sessions SET created_ms = 1000; UPDATE mode_events SET at_ms = 1000;");
        exec_sql(f->db, sql);
        assert_int_equal(sbx_audit_session_set_mode(f->db, s_changed, SBX_MODE_WORKSPACE_WRITE, NULL, NULL), 0);
        assert_int_equal(sbx_audit_session_set_mode(f->db, s_newest, SBX_MODE_WORKSPACE_WRITE, NULL, NULL), 0);
        snprintf(sql, sizeof(sql), "UPDATE mode_events SET at_ms = 1000 WHERE session_id = '%s'", s_newest);
        exec_sql(f->db, sql);
        assert_int_equal(sbx_audit_session_create(f->db, f->dir, NULL, &s_new, NULL), 0);

        assert_int_equal(sbx_audit_prune(f->db, cutoff, false, &res, &diag), 0);
        assert_int_equal(res.executions, 1);
        assert_int_equal(res.sessions, 1);
        snprintf(sql, sizeof(sql), "SELECT count(*) FROM executions WHERE id = %lld", (long long) dead);
        assert_int_equal(query_int(f->db, sql), 0);
        snprintf(sql, sizeof(sql), "SELECT count(*) FROM sessions WHERE id = '%s'", s_old);
        assert_int_equal(query_int(f->db, sql), 0);
        snprintf(sql, sizeof(sql), "SELECT count(*) FROM sessions WHERE id IN ('%s', '%s', '%s')", s_changed, s_newest,
                 s_new);
        assert_int_equal(query_int(f->db, sql), 3);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
}

static void test_audit_finish_twice_is_refused(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "true", NULL };
        struct sbx_execution_end e = { .state = "completed", .verdict = "success" };
        struct sbx_diag diag = { 0 };
        int64_t id = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);

        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), 0);
        assert_int_equal(sbx_audit_finish(f->db, id, &e, &diag), -ENOENT);
        assert_non_null(strstr(diag.msg, f->path));
        assert_int_equal(sbx_audit_finish(f->db, id + 100, &e, NULL), -ENOENT);
        e.verdict = NULL;
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), -EINVAL);
}

/* The escalation is noted on the denied run's completed row: that it is asked, then its answer,
 * each step over the one before only: never on a run still running, nor over another message. */
static void test_audit_note_escalation_only_on_a_completed_row(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "touch", (char *) "/usr/x", NULL };
        struct sbx_diag diag = { 0 };
        int64_t id = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        const char *asked = "escalation to workspace-write asked";
        char sql[128];

        assert_int_equal(sbx_audit_note_escalation(f->db, id, asked, NULL, &diag), -ENOENT);
        finish_run(f->db, id, "denied", 1, NULL);
        snprintf(sql, sizeof(sql), "SELECT message || '/' || verdict || '/' || state FROM executions WHERE id = %lld",
                 (long long) id);
        /* the answer cannot skip the question, nor the question come twice */
        assert_int_equal(sbx_audit_note_escalation(f->db, id, "escalation to workspace-write refused", asked, NULL),
                         -ENOENT);
        assert_int_equal(sbx_audit_note_escalation(f->db, id, asked, NULL, NULL), 0);
        assert_text(f->db, sql, "escalation to workspace-write asked/denied/completed");
        assert_int_equal(sbx_audit_note_escalation(f->db, id, asked, NULL, NULL), -ENOENT);
        assert_int_equal(sbx_audit_note_escalation(f->db, id, "escalation to workspace-write refused", asked, NULL),
                         0);
        assert_text(f->db, sql, "escalation to workspace-write refused/denied/completed");
        assert_int_equal(sbx_audit_note_escalation(f->db, id, "escalation to workspace-write approved", asked, NULL),
                         -ENOENT);
        assert_int_equal(sbx_audit_note_escalation(f->db, id, "escalation to workspace-write approved", NULL, NULL),
                         -ENOENT);
        assert_text(f->db, sql, "escalation to workspace-write refused/denied/completed");
        assert_int_equal(sbx_audit_note_escalation(f->db, id + 100, "x", NULL, NULL), -ENOENT);
}

/* The escalation's notes and the retry's link name the denied run by its id, and the denied run is
 * this sbx's own: a completed denied run of another supervisor (in a record moved away and made
 * anew while the denied run went on, the new record's run of that id) takes no note, and a retry
 * naming it is refused (-EIDRM; it was noted "approved", and the retry linked to it). */
static void test_audit_escalation_only_on_own_run(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "touch", (char *) "/usr/x", NULL };
        struct sbx_process_identity other;
        struct sbx_policy p = { .mode = SBX_MODE_WORKSPACE_WRITE, .mode_source = SBX_MODE_SOURCE_APPROVED,
                                .workspace_root = (char *) "/srv/space" };
        struct sbx_execution_start s = { .argv = argv, .cwd = "/srv/space" };
        struct sbx_execution_end e = { .state = "completed", .verdict = "denied", .status = { .exit_code = 1 } };
        const char *asked = "escalation to workspace-write asked";
        struct sbx_diag diag = { 0 };
        int64_t id, retry;
        char sql[128];

        assert_int_equal(sbx_process_identity_self(&other), 0);
        other.pid++;
        s.supervisor = &other;
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, NULL), 0);
        e.supervisor = &other;
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), 0);
        snprintf(sql, sizeof(sql), "SELECT coalesce(message, '-') FROM executions WHERE id = %lld", (long long) id);
        assert_int_equal(sbx_audit_note_escalation(f->db, id, asked, NULL, NULL), -ENOENT);
        assert_text(f->db, sql, "-");
        /* this process's retry of it */
        s.supervisor = NULL;
        s.policy = &p;
        s.parent_id = id;
        assert_int_equal(sbx_audit_begin(f->db, &s, &retry, &diag), -EIDRM);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions WHERE parent_id IS NOT NULL"), 0);
        /* its own supervisor notes it, and its own retry follows it */
        assert_int_equal(sbx_process_identity_self(&other), 0);
        s.supervisor = &other;
        s.policy = NULL;
        s.parent_id = 0;
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, NULL), 0);
        e.supervisor = NULL;
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), 0);
        assert_int_equal(sbx_audit_note_escalation(f->db, id, asked, NULL, NULL), 0);
        s.policy = &p;
        s.parent_id = id;
        assert_int_equal(sbx_audit_begin(f->db, &s, &retry, NULL), 0);
}

/* The audit writer committed a row and died before its reply: the supervisor's direct begin with
 * may_exist takes that row over; anything that is not exactly this run's row is left alone. */
static void test_audit_begin_may_exist_takes_over_only_this_runs_row(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "make", (char *) "-j2", NULL };
        char *other_argv[] = { (char *) "make", NULL };
        struct sbx_process_identity someone;
        struct sbx_execution_start s = { .argv = argv, .cwd = "/srv/space", .backend = "bwrap" };
        int64_t first = 0, id = 0, retry = 0;

        assert_int_equal(sbx_audit_begin(f->db, &s, &first, NULL), 0);
        /* without may_exist: a second row, as always */
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, NULL), 0);
        assert_int_not_equal(id, first);
        assert_int_equal(sbx_audit_finish(f->db, id, &(struct sbx_execution_end) { .state = "completed",
                                                                                   .verdict = "success" }, NULL), 0);
        s.may_exist = true;
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, NULL), 0);
        assert_int_equal(id, first);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions WHERE state = 'running'"), 1);
        /* another argv, another cwd, another parent (an approved retry of it): new rows */
        s.argv = other_argv;
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, NULL), 0);
        assert_int_not_equal(id, first);
        s.argv = argv;
        s.cwd = "/srv";
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, NULL), 0);
        assert_int_not_equal(id, first);
        s.cwd = "/srv/space";
        s.parent_id = first;
        assert_int_equal(sbx_audit_begin(f->db, &s, &retry, NULL), 0);
        assert_int_not_equal(retry, first);
        s.parent_id = 0;
        /* another supervisor's row (the same pid, another start: pid reuse) */
        assert_int_equal(sbx_process_identity_self(&someone), 0);
        someone.start_time++;
        s.supervisor = &someone;
        s.may_exist = false;
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, NULL), 0);
        s.supervisor = NULL;
        s.may_exist = true;
        assert_int_equal(sbx_audit_begin(f->db, &s, &retry, NULL), 0);
        assert_int_equal(retry, first);
        /* a row already completed is never taken over */
        assert_int_equal(sbx_audit_finish(f->db, first, &(struct sbx_execution_end) { .state = "completed",
                                                                                      .verdict = "success" }, NULL), 0);
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, NULL), 0);
        assert_true(id > first);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions"), 7);
}

/* The audit writer completed a row and died before its reply: the direct finish with may_be_done
 * accepts that row as recorded when it ended the same way, and is as strict as ever otherwise. */
static void test_audit_finish_may_be_done_accepts_only_the_same_end(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "true", NULL };
        struct sbx_execution_end e = { .state = "completed", .verdict = "task_failure", .status = { .exit_code = 3 } };
        char sql[256];
        int64_t id = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);

        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), 0);
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), -ENOENT);
        e.may_be_done = true;
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), 0);
        e.verdict = "success";
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), -ENOENT);
        e.verdict = "task_failure";
        e.state = "failed";
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), -ENOENT);
        e.state = "completed";
        assert_int_equal(sbx_audit_finish(f->db, id + 100, &e, NULL), -ENOENT);
        assert_text(f->db, Q("state || ' ' || verdict || ' ' || exit_code"), "completed task_failure 3");
}

/* A row is completed only by its run's supervisor: an end that came with an id of a database since
 * rotated (a new one at its path, ids from 1 again) must not complete another run's row there
 * (review: it did, with its verdict, exit status and denial lines). */
static void test_audit_finish_completes_only_its_supervisors_row(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "true", NULL };
        struct sbx_process_identity other;
        struct sbx_execution_start s = { .argv = argv, .cwd = "/tmp" };
        struct sbx_classify_result res = { .denial_lines = 1, .n_denials = 1 };
        struct sbx_execution_end e = { .state = "completed", .verdict = "denied", .status = { .exit_code = 5 },
                                       .result = &res };
        char sql[256];
        int64_t id;

        res.denials[0].line_no = 1;
        strcpy(res.denials[0].line, "touch: cannot touch '/etc/A': Permission denied");
        strcpy(res.denials[0].path, "/etc/A");
        assert_int_equal(sbx_process_identity_self(&other), 0);
        other.pid++;
        s.supervisor = &other;
        assert_int_equal(sbx_audit_begin(f->db, &s, &id, NULL), 0);
        /* this process's end, with that id: refused, nothing written */
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), -ENOENT);
        e.may_be_done = true;
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), -ENOENT);
        assert_text(f->db, Q("state"), "running");
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM denial_lines"), 0);
        /* the same supervisor's start time matters as much as its pid */
        other.start_time++;
        e.supervisor = &other;
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), -ENOENT);
        other.start_time--;
        /* its own supervisor completes it */
        e.may_be_done = false;
        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), 0);
        assert_text(f->db, Q("state || ' ' || verdict || ' ' || exit_code"), "completed denied 5");
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM denial_lines"), 1);
}

static void test_audit_refused_run_has_no_exit_status(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "true", NULL };
        char sql[256];
        struct sbx_execution_end e = {
                .state = "unavailable",
                .verdict = "unavailable",
                .message = "bwrap: cannot create namespace; landlock: not supported",
                .status = { .exit_code = 125 },
        };
        int64_t id = begin_run(f->db, NULL, SBX_MODE_WORKSPACE_WRITE, NULL, argv);

        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), 0);
        assert_text(f->db, Q("state"), "unavailable");
        assert_text(f->db, Q("backend"), NULL);
        assert_text(f->db, Q("message"), "bwrap: cannot create namespace; landlock: not supported");
        assert_int_equal(query_int(f->db, Q("exit_code IS NULL AND signal IS NULL")), 1);
        assert_int_equal(query_int(f->db, Q("denial_lines")), 0);
}

static void test_audit_signal_death_records_signal_not_exit_code(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "sleep", (char *) "9", NULL };
        char sql[256];
        struct sbx_execution_end e = { .state = "completed", .verdict = "task_failure", .status = { .signal = 9 } };
        int64_t id = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "landlock", argv);

        assert_int_equal(sbx_audit_finish(f->db, id, &e, NULL), 0);
        assert_int_equal(query_int(f->db, Q("exit_code IS NULL")), 1);
        assert_int_equal(query_int(f->db, Q("signal")), 9);
}

static int count_rows(void *userdata, sqlite3_stmt *row) {
        (void) row;
        (*(int *) userdata)++;
        return 0;
}

struct state_rows {
        int n;
        char state[32];
};

static int grab_state(void *userdata, sqlite3_stmt *row) {
        struct state_rows *s = userdata;

        for (int i = 0; i < sqlite3_column_count(row); i++)
                if (strcmp(sqlite3_column_name(row, i), "state") == 0)
                        snprintf(s->state, sizeof(s->state), "%s", (const char *) sqlite3_column_text(row, i));
        s->n++;
        return 0;
}

static void test_audit_row_of_dead_supervisor_reads_interrupted(void **state) {
        struct fixture *f = *state;
        struct state_rows rows = { 0 };
        struct sbx_audit_filter filter = { .state = "interrupted" };
        int status, n = 0;
        pid_t child;

        child = fork();
        assert_true(child >= 0);
        if (child == 0) {
                struct sbx_db *db = NULL;
                char *argv[] = { (char *) "sleep", (char *) "100", NULL };
                struct sbx_policy p = { .mode = SBX_MODE_READ_ONLY, .workspace_root = (char *) "/" };
                struct sbx_execution_start s = { .policy = &p, .argv = argv, .backend = "bwrap" };
                int64_t id;
                if (sbx_db_open(f->path, &db, NULL) < 0 || sbx_audit_begin(db, &s, &id, NULL) < 0)
                        _exit(1);
                _exit(0); /* dies without finishing, like a SIGKILLed supervisor */
        }
        assert_int_equal(waitpid(child, &status, 0), child);
        assert_int_equal(WEXITSTATUS(status), 0);
        /* stored as running, reported as interrupted by every query */
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions WHERE state = 'running'"), 1);
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_LIST, NULL, grab_state, &rows, NULL), 0);
        assert_int_equal(rows.n, 1);
        assert_string_equal(rows.state, "interrupted");
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_EXPORT, &filter, count_rows, &n, NULL), 0);
        assert_int_equal(n, 1);
        /* our own running row is not interrupted */
        {
                char *argv[] = { (char *) "true", NULL };
                begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        }
        filter.state = "running";
        n = 0;
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_LIST, &filter, count_rows, &n, NULL), 0);
        assert_int_equal(n, 1);
        /* begin reaped the dead one in the file itself */
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions WHERE state = 'interrupted'"), 1);
        assert_int_equal(sbx_audit_reap(f->db, NULL), 0);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions WHERE state = 'running'"), 1);
}

static void test_audit_argv_json_escapes_and_keeps_invalid_utf8(void **state) {
        static const struct {
                char *argv[4];
                const char *json;
        } cases[] = {
                { { NULL }, "[]" },
                { { (char *) "echo", (char *) "a b", NULL }, "[\"echo\",\"a b\"]" },
                { { (char *) "q\"\\", NULL }, "[\"q\\\"\\\\\"]" },
                { { (char *) "tab\tnl\n\x01", NULL }, "[\"tab\\u0009nl\\u000a\\u0001\"]" },
                { { (char *) "caf\xc3\xa9", NULL }, "[\"caf\xc3\xa9\"]" },
                /* a byte that is not UTF-8 as a lone surrogate, \udc80..\udcff: the record keeps it
                 * (U+FFFD made "bad\xff" and "bad\xfe" one word) */
                { { (char *) "bad\xff\xc3", (char *) "bad\xfe", NULL }, "[\"bad\\udcff\\udcc3\",\"bad\\udcfe\"]" },
                /* the UTF-8 form of a surrogate is no UTF-8 either: each byte, so no word is
                 * written as another's escape */
                { { (char *) "\xed\xb3\xbf", (char *) "\xef\xbf\xbd", NULL },
                  "[\"\\udced\\udcb3\\udcbf\",\"\xef\xbf\xbd\"]" },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char *json = NULL;
                assert_int_equal(sbx_audit_argv_json(cases[i].argv, &json), 0);
                assert_string_equal(json, cases[i].json);
                free(json);
        }
}

static void test_audit_session_create_canonicalizes_cwd_and_logs_initial_mode(void **state) {
        struct fixture *f = *state;
        char real[128], link[128], viadots[192], sql[256];
        struct sbx_session_info info = { 0 };
        enum sbx_mode ro = SBX_MODE_READ_ONLY;
        char *id = NULL;

        snprintf(real, sizeof(real), "%s/ws", f->dir);
        snprintf(link, sizeof(link), "%s/link", f->dir);
        assert_int_equal(mkdir(real, 0700), 0);
        assert_int_equal(symlink(real, link), 0);
        snprintf(viadots, sizeof(viadots), "%s/./link/", f->dir);
        assert_int_equal(sbx_audit_session_create(f->db, viadots, &ro, &id, NULL), 0);
        /* UUIDv4 */
        assert_int_equal(strlen(id), 36);
        assert_int_equal(id[14], '4');
        assert_non_null(strchr("89ab", id[19]));
        assert_int_equal(sbx_audit_session_get(f->db, id, &info, NULL), 0);
        assert_string_equal(info.cwd, real);
        assert_true(info.has_mode);
        assert_int_equal(info.mode, SBX_MODE_READ_ONLY);
        assert_true(info.mode_event_id > 0);
        snprintf(sql, sizeof(sql), "SELECT origin FROM mode_events WHERE id = %lld", (long long) info.mode_event_id);
        assert_text(f->db, sql, "start");
        free(info.cwd);
        free(id);
}

static void test_audit_session_mode_events_drive_lookup(void **state) {
        struct fixture *f = *state;
        struct sbx_session_lookup lookup = sbx_audit_session_lookup(f->db);
        struct sbx_session_info info = { 0 };
        int64_t ev1 = 0, ev2 = 0;
        char *id = NULL;

        assert_int_equal(sbx_audit_session_create(f->db, f->dir, NULL, &id, NULL), 0);
        assert_int_equal(lookup.lookup(lookup.userdata, id, &info, NULL), 0);
        assert_false(info.has_mode);
        assert_int_equal(info.mode_event_id, 0);
        free(info.cwd);
        assert_int_equal(sbx_audit_session_set_mode(f->db, id, SBX_MODE_WORKSPACE_WRITE, &ev1, NULL), 0);
        assert_int_equal(lookup.lookup(lookup.userdata, id, &info, NULL), 0);
        assert_true(info.has_mode);
        assert_int_equal(info.mode, SBX_MODE_WORKSPACE_WRITE);
        assert_int_equal(info.mode_event_id, ev1);
        free(info.cwd);
        assert_int_equal(sbx_audit_session_set_mode(f->db, id, SBX_MODE_READ_ONLY, &ev2, NULL), 0);
        assert_true(ev2 > ev1);
        assert_int_equal(lookup.lookup(lookup.userdata, id, &info, NULL), 0);
        assert_int_equal(info.mode, SBX_MODE_READ_ONLY);
        assert_int_equal(info.mode_event_id, ev2);
        free(info.cwd);
        free(id);
}

static void test_audit_unknown_session_is_enoent(void **state) {
        struct fixture *f = *state;
        struct sbx_session_lookup lookup = sbx_audit_session_lookup(f->db);
        struct sbx_session_info info = { .cwd = NULL, .mode_event_id = 77 };
        struct sbx_diag diag = { 0 };
        int n = 0;

        assert_int_equal(lookup.lookup(lookup.userdata, "no-such-session", &info, &diag), -ENOENT);
        assert_non_null(strstr(diag.msg, "no-such-session"));
        assert_null(info.cwd);
        assert_int_equal(info.mode_event_id, 77); /* untouched on failure */
        assert_int_equal(sbx_audit_session_set_mode(f->db, "no-such-session", SBX_MODE_READ_ONLY, NULL, NULL), -ENOENT);
        assert_int_equal(sbx_audit_session_show(f->db, "no-such-session", count_rows, count_rows, count_rows, &n, NULL),
                         -ENOENT);
        assert_int_equal(n, 0);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM mode_events"), 0);
        {
                char *id = NULL;
                assert_int_equal(sbx_audit_session_create(f->db, "/nonexistent/dir", NULL, &id, NULL), -ENOENT);
                assert_null(id);
        }
}

/* ---- cost at scale: a count of the work SQLite does, not a timing ------------------------- */

static int count_vm_ops(void *userdata) {
        (*(int64_t *) userdata)++;
        return 0;
}

/* SQLite virtual-machine instructions run by fn(db, arg) (one callback per instruction). */
static int64_t vm_ops_of(struct sbx_db *db, void (*fn)(struct sbx_db *, const void *), const void *arg) {
        int64_t ops = 0;

        sqlite3_progress_handler(sbx_db_handle(db), 1, count_vm_ops, &ops);
        fn(db, arg);
        sqlite3_progress_handler(sbx_db_handle(db), 0, NULL, NULL);
        return ops;
}

/* n finished executions of session sid (NULL: none), started at start_ms, one per ms, with ids from
 * first_id (0: the next ones). */
static void add_rows(struct sbx_db *db, const char *sid, int n, int64_t start_ms, int64_t first_id) {
        char sql[1024];

        snprintf(sql, sizeof(sql),
                 "WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < %d)"
                 " INSERT INTO executions (id, started_ms, ended_ms, duration_ms, host, uid, supervisor_pid,"
                 " session_id, cwd, argv, state, verdict) SELECT %s, %lld + i, %lld + i + 1, 1, 'h', 0, 1,"
                 " %s%s%s, '/', '[\"x\"]', 'completed', 'success' FROM k",
                 n - 1, first_id > 0 ? "?1 + i" : "NULL", (long long) start_ms, (long long) start_ms,
                 sid ? "'" : "", sid ? sid : "NULL", sid ? "'" : "");
        if (first_id > 0) {
                sqlite3_stmt *st = NULL;
                assert_int_equal(sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL), SQLITE_OK);
                sqlite3_bind_int64(st, 1, first_id);
                assert_int_equal(sqlite3_step(st), SQLITE_DONE);
                sqlite3_finalize(st);
        } else
                assert_int_equal(sqlite3_exec(sbx_db_handle(db), sql, NULL, NULL, NULL), SQLITE_OK);
}

static void session_lookup_once(struct sbx_db *db, const void *sid) {
        struct sbx_session_lookup lookup = sbx_audit_session_lookup(db);
        struct sbx_session_info info = { 0 };

        assert_int_equal(lookup.lookup(lookup.userdata, sid, &info, NULL), 0);
        free(info.cwd);
}

static void session_set_mode_once(struct sbx_db *db, const void *sid) {
        assert_int_equal(sbx_audit_session_set_mode(db, sid, SBX_MODE_READ_ONLY, NULL, NULL), 0);
}

/* Every `sbx run --session ID` looks its session up: that must not count the session's runs (a
 * session of 300,000 runs made each run 41 ms slower, measured). */
static void test_audit_session_lookup_cost_does_not_grow_with_its_runs(void **state) {
        struct fixture *f = *state;
        int64_t small, big, set_small, set_big;
        char *id = NULL;

        assert_int_equal(sbx_audit_session_create(f->db, f->dir, NULL, &id, NULL), 0);
        session_lookup_once(f->db, id); /* prepared before measuring */
        session_set_mode_once(f->db, id);
        add_rows(f->db, id, 10, 1000, 0);
        small = vm_ops_of(f->db, session_lookup_once, id);
        set_small = vm_ops_of(f->db, session_set_mode_once, id);
        add_rows(f->db, id, 20000, 2000, 0);
        big = vm_ops_of(f->db, session_lookup_once, id);
        set_big = vm_ops_of(f->db, session_set_mode_once, id);
        if (big > small + 50 || set_big > set_small + 50)
                fail_msg("session lookup: %lld VM steps with 10 runs, %lld with 20010; set mode: %lld, %lld",
                         (long long) small, (long long) big, (long long) set_small, (long long) set_big);
        free(id);
}

static int count_only(void *userdata, sqlite3_stmt *row) {
        (void) row;
        (*(int *) userdata)++;
        return 0;
}

static void export_window_once(struct sbx_db *db, const void *arg) {
        const struct sbx_audit_filter *filter = arg;
        int n = 0;

        assert_int_equal(sbx_audit_query(db, SBX_AUDIT_QUERY_EXPORT, filter, count_only, &n, NULL), 0);
        assert_int_equal(n, 10);
}

/* `sbx audit export --since T` (and --until, and the first round of --follow) read every row of the
 * table (SCAN, in id order), not the executions_started index: 411 ms instead of 7 ms for the last
 * hour of a 1M-row database. Its cost must follow the rows it returns, not the table. */
static void test_audit_export_time_window_cost_does_not_grow_with_the_table(void **state) {
        struct fixture *f = *state;
        struct sbx_audit_filter since = { .has_since = true, .since_ms = 50000000 };
        struct sbx_audit_filter until = { .has_until = true, .until_ms = 10 + 10 };
        int64_t since_small, since_big, until_small, until_big;

        add_rows(f->db, NULL, 10, 10, 1);             /* the oldest ten: --until 20 */
        add_rows(f->db, NULL, 10, 50000000, 100000); /* the newest ten: --since 50000000 */
        export_window_once(f->db, &since);
        since_small = vm_ops_of(f->db, export_window_once, &since);
        until_small = vm_ops_of(f->db, export_window_once, &until);
        add_rows(f->db, NULL, 20000, 1000000, 11); /* in between */
        since_big = vm_ops_of(f->db, export_window_once, &since);
        until_big = vm_ops_of(f->db, export_window_once, &until);
        if (since_big > 2 * since_small || until_big > 2 * until_small)
                fail_msg("export of 10 rows: --since %lld VM steps in 20 rows, %lld in 20020; --until %lld, %lld",
                         (long long) since_small, (long long) since_big, (long long) until_small,
                         (long long) until_big);
}

/* --since T is "at or after T", --until T "before T" (the man page): a run that started exactly at
 * --until is not in the window, one exactly at --since is, whichever query reads it. */
static void test_audit_time_window_bounds_are_exact(void **state) {
        struct fixture *f = *state;
        struct sbx_audit_filter window = { .has_since = true, .since_ms = 101, .has_until = true, .until_ms = 102 };
        struct sbx_audit_filter until = { .has_until = true, .until_ms = 102 };
        const enum sbx_audit_query kinds[] = { SBX_AUDIT_QUERY_LIST, SBX_AUDIT_QUERY_EXPORT };

        add_rows(f->db, NULL, 3, 100, 0); /* started at 100, 101, 102 */
        for (size_t i = 0; i < SBX_ELEMENTSOF(kinds); i++) {
                int n = 0;
                assert_int_equal(sbx_audit_query(f->db, kinds[i], &window, count_only, &n, NULL), 0);
                if (n != 1)
                        fail_msg("query %d: %d runs in [101, 102), not 1", (int) kinds[i], n);
                n = 0;
                assert_int_equal(sbx_audit_query(f->db, kinds[i], &until, count_only, &n, NULL), 0);
                if (n != 2)
                        fail_msg("query %d: %d runs before 102, not 2", (int) kinds[i], n);
        }
}

/* ---- filters ------------------------------------------------------------------------------- */

#define MIN_MS (60 * 1000LL)
#define DAY_MS (86400 * 1000LL)

struct dataset {
        int64_t now;
        char *s1, *s2;
        int64_t ids[6];
};

static void populate(struct fixture *f, struct dataset *ds) {
        static const struct {
                int64_t ago;
                int session; /* 0 none, 1, 2 */
                const char *backend;
                enum sbx_mode mode;
                const char *verdict;
                const char *paths[3];
        } rows[] = {
                { 10 * DAY_MS, 1, "bwrap", SBX_MODE_READ_ONLY, "denied", { "/etc/passwd", "/etc/hosts", NULL } },
                { 2 * DAY_MS, 0, "landlock", SBX_MODE_WORKSPACE_WRITE, "success", { NULL } },
                { 60 * MIN_MS, 1, "bwrap", SBX_MODE_WORKSPACE_WRITE, "task_failure", { NULL } },
                { 30 * MIN_MS, 2, "bwrap", SBX_MODE_READ_ONLY, "denied", { "/usr/lib/x", NULL } },
                { 5 * MIN_MS, 0, "landlock", SBX_MODE_READ_ONLY, "denied", { "/etc/passwd", NULL } },
                { 1 * MIN_MS, 0, "none", SBX_MODE_DANGER_FULL_ACCESS, "success", { NULL } },
        };
        char *argv[] = { (char *) "cmd", NULL };

        ds->now = sbx_audit_now_ms();
        assert_int_equal(sbx_audit_session_create(f->db, f->dir, NULL, &ds->s1, NULL), 0);
        assert_int_equal(sbx_audit_session_create(f->db, f->dir, NULL, &ds->s2, NULL), 0);
        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                const char *sess = rows[i].session == 1 ? ds->s1 : rows[i].session == 2 ? ds->s2 : NULL;
                char sql[256];
                int64_t id = begin_run(f->db, sess, rows[i].mode, rows[i].backend, argv);
                finish_run(f->db, id, rows[i].verdict, strcmp(rows[i].verdict, "success") ? 1 : 0, rows[i].paths);
                snprintf(sql, sizeof(sql), "UPDATE executions SET started_ms = %lld, ended_ms = %lld + 10 WHERE id = %lld",
                         (long long) (ds->now - rows[i].ago), (long long) (ds->now - rows[i].ago), (long long) id);
                assert_int_equal(sqlite3_exec(sbx_db_handle(f->db), sql, NULL, NULL, NULL), SQLITE_OK);
                ds->ids[i] = id;
        }
}

struct ids {
        int n;
        int64_t id[16];
};

static int collect_ids(void *userdata, sqlite3_stmt *row) {
        struct ids *r = userdata;
        if (r->n < 16)
                r->id[r->n] = sqlite3_column_int64(row, 0);
        r->n++;
        return 0;
}

static void test_audit_every_filter_selects_the_expected_executions(void **state) {
        struct fixture *f = *state;
        struct dataset ds = { 0 };
        populate(f, &ds);
        const struct {
                const char *name;
                struct sbx_audit_filter filter;
                int session; /* fills filter.session_id */
                int list;    /* expected executions (LIST and EXPORT) */
                int denials; /* expected denial lines (DENIALS) */
                int first;   /* index in ds.ids of the first listed execution, -1: none */
        } cases[] = {
                { "none", { 0 }, 0, 6, 4, 0 },
                { "since 1d", { .has_since = true, .since_ms = ds.now - DAY_MS }, 0, 4, 2, 2 },
                { "until 1d ago", { .has_until = true, .until_ms = ds.now - DAY_MS }, 0, 2, 2, 0 },
                { "since 3d until 20m ago",
                  { .has_since = true, .since_ms = ds.now - 3 * DAY_MS, .has_until = true, .until_ms = ds.now - 20 * MIN_MS },
                  0, 3, 1, 1 },
                { "session", { 0 }, 1, 2, 2, 0 },
                { "backend bwrap", { .backend = "bwrap" }, 0, 3, 3, 0 },
                { "backend none", { .backend = "none" }, 0, 1, 0, 5 },
                { "mode read-only", { .mode = "read-only" }, 0, 3, 4, 0 },
                { "verdict denied", { .verdict = "denied" }, 0, 3, 4, 0 },
                { "verdict success", { .verdict = "success" }, 0, 2, 0, 1 },
                { "state completed", { .state = "completed" }, 0, 6, 4, 0 },
                { "path glob /etc/*", { .path_glob = "/etc/*" }, 0, 2, 3, 0 },
                { "path exact since 1d", { .path_glob = "/etc/passwd", .has_since = true, .since_ms = ds.now - DAY_MS }, 0,
                  1, 1, 4 },
                { "path matching nothing", { .path_glob = "/nowhere/*" }, 0, 0, 0, -1 },
                { "backend and verdict", { .backend = "bwrap", .verdict = "denied" }, 0, 2, 3, 0 },
                { "limit keeps the most recent", { .limit = 2 }, 0, 2, 2, 4 },
                { "after id", { .after_id = ds.ids[3] }, 0, 2, 1, 4 },
                { "only id", { .only_id = ds.ids[4] }, 0, 1, 1, 4 },
                { "only id, other filters not met", { .only_id = ds.ids[5], .backend = "bwrap" }, 0, 0, 0, -1 },
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_audit_filter flt = cases[i].filter;
                struct ids list = { 0 }, exp = { 0 }, den = { 0 };
                struct sbx_diag diag = { 0 };

                if (cases[i].session)
                        flt.session_id = ds.s1;
                if (sbx_audit_query(f->db, SBX_AUDIT_QUERY_LIST, &flt, collect_ids, &list, &diag) < 0)
                        fail_msg("%s: %s", cases[i].name, diag.msg);
                assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_EXPORT, &flt, collect_ids, &exp, NULL), 0);
                assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_DENIALS, &flt, collect_ids, &den, NULL), 0);
                if (list.n != cases[i].list || exp.n != cases[i].list || den.n != cases[i].denials)
                        fail_msg("%s: list %d export %d denials %d, expected %d/%d", cases[i].name, list.n, exp.n, den.n,
                                 cases[i].list, cases[i].denials);
                if (cases[i].first >= 0 && list.id[0] != ds.ids[cases[i].first])
                        fail_msg("%s: first id %lld, expected %lld", cases[i].name, (long long) list.id[0],
                                 (long long) ds.ids[cases[i].first]);
                for (int k = 1; k < list.n && k < 16; k++)
                        assert_true(list.id[k] > list.id[k - 1]); /* oldest first */
        }
        free(ds.s1);
        free(ds.s2);
}

struct paths {
        int n;
        char path[8][64];
        int64_t denials[8], executions[8];
};

static int collect_paths(void *userdata, sqlite3_stmt *row) {
        struct paths *p = userdata;
        assert_string_equal(sqlite3_column_name(row, 0), "path");
        assert_string_equal(sqlite3_column_name(row, 1), "denials");
        assert_string_equal(sqlite3_column_name(row, 2), "executions");
        if (p->n < 8) {
                snprintf(p->path[p->n], sizeof(p->path[0]), "%s", (const char *) sqlite3_column_text(row, 0));
                p->denials[p->n] = sqlite3_column_int64(row, 1);
                p->executions[p->n] = sqlite3_column_int64(row, 2);
        }
        p->n++;
        return 0;
}

static void test_audit_top_paths_orders_most_denied_first(void **state) {
        struct fixture *f = *state;
        struct dataset ds = { 0 };
        struct paths p = { 0 };
        struct sbx_audit_filter flt = { 0 };

        populate(f, &ds);
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_TOP_PATHS, &flt, collect_paths, &p, NULL), 0);
        assert_int_equal(p.n, 3);
        assert_string_equal(p.path[0], "/etc/passwd");
        assert_int_equal(p.denials[0], 2);
        assert_int_equal(p.executions[0], 2);
        assert_string_equal(p.path[1], "/etc/hosts"); /* ties: by path */
        assert_string_equal(p.path[2], "/usr/lib/x");
        memset(&p, 0, sizeof(p));
        flt.limit = 1;
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_TOP_PATHS, &flt, collect_paths, &p, NULL), 0);
        assert_int_equal(p.n, 1);
        memset(&p, 0, sizeof(p));
        flt = (struct sbx_audit_filter) { .has_since = true, .since_ms = ds.now - DAY_MS };
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_TOP_PATHS, &flt, collect_paths, &p, NULL), 0);
        assert_int_equal(p.n, 2);
        assert_int_equal(p.denials[0], 1);
        memset(&p, 0, sizeof(p));
        flt = (struct sbx_audit_filter) { .path_glob = "/usr/*" };
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_TOP_PATHS, &flt, collect_paths, &p, NULL), 0);
        assert_int_equal(p.n, 1);
        assert_string_equal(p.path[0], "/usr/lib/x");
        free(ds.s1);
        free(ds.s2);
}

struct stats {
        int64_t executions, denied, bwrap, denial_lines;
        int64_t sigsegv, sigkill, signal_rows; /* the signal dimension */
};

static int collect_stats(void *userdata, sqlite3_stmt *row) {
        struct stats *s = userdata;
        const char *dim = (const char *) sqlite3_column_text(row, 0);
        const char *val = (const char *) sqlite3_column_text(row, 1);
        int64_t n = sqlite3_column_int64(row, 2);

        if (strcmp(dim, "executions") == 0)
                s->executions = n;
        else if (strcmp(dim, "verdict") == 0 && val && strcmp(val, "denied") == 0)
                s->denied = n;
        else if (strcmp(dim, "backend") == 0 && val && strcmp(val, "bwrap") == 0)
                s->bwrap = n;
        else if (strcmp(dim, "denial_lines") == 0)
                s->denial_lines = n;
        else if (strcmp(dim, "signal") == 0) {
                s->signal_rows++;
                if (val && strcmp(val, "SIGSEGV") == 0)
                        s->sigsegv = n;
                else if (val && strcmp(val, "SIGKILL") == 0)
                        s->sigkill = n;
        }
        return 0;
}

static void test_audit_stats_count_by_dimension(void **state) {
        struct fixture *f = *state;
        struct dataset ds = { 0 };
        struct stats s = { 0 };
        struct sbx_audit_filter flt = { .has_since = true };

        populate(f, &ds);
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_STATS, NULL, collect_stats, &s, NULL), 0);
        assert_int_equal(s.executions, 6);
        assert_int_equal(s.denied, 3);
        assert_int_equal(s.bwrap, 3);
        assert_int_equal(s.denial_lines, 4);
        memset(&s, 0, sizeof(s));
        flt.since_ms = ds.now - DAY_MS;
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_STATS, &flt, collect_stats, &s, NULL), 0);
        assert_int_equal(s.executions, 4);
        assert_int_equal(s.denied, 2);
        free(ds.s1);
        free(ds.s2);
}

/* The runs a signal ended, counted by its name; runs that exited (signal 0) or never ran (NULL)
 * are not counted there. */
static void test_audit_stats_count_signals(void **state) {
        struct fixture *f = *state;
        struct dataset ds = { 0 };
        struct stats s = { 0 };
        char sql[256];

        populate(f, &ds);
        snprintf(sql, sizeof(sql),
                 "UPDATE executions SET exit_code = NULL, signal = CASE id WHEN %lld THEN 11 ELSE 9 END"
                 " WHERE id IN (%lld, %lld, %lld)",
                 (long long) ds.ids[0], (long long) ds.ids[0], (long long) ds.ids[2], (long long) ds.ids[3]);
        assert_int_equal(sqlite3_exec(sbx_db_handle(f->db), sql, NULL, NULL, NULL), SQLITE_OK);
        snprintf(sql, sizeof(sql), "UPDATE executions SET exit_code = NULL, signal = NULL WHERE id = %lld",
                 (long long) ds.ids[4]);
        assert_int_equal(sqlite3_exec(sbx_db_handle(f->db), sql, NULL, NULL, NULL), SQLITE_OK);
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_STATS, NULL, collect_stats, &s, NULL), 0);
        assert_int_equal(s.executions, 6);
        assert_int_equal(s.sigsegv, 1);
        assert_int_equal(s.sigkill, 2);
        assert_int_equal(s.signal_rows, 2);
        free(ds.s1);
        free(ds.s2);
}

/* Every signal keeps its own count, also past 32 distinct ones (real-time signals 34..64 and
 * SIGSEGV last): the dimension folded every value after its 32nd into "(other)", so a crash
 * whose SIGSEGV came after 32 other signals read as none. */
static void test_audit_stats_count_every_signal(void **state) {
        struct fixture *f = *state;
        struct dataset ds = { 0 };
        struct stats s = { 0 };
        char sql[512];

        populate(f, &ds);
        /* one run per signal 1..64, in the order 12..64 then 1..11 (rowid order is the scan's) */
        snprintf(sql, sizeof(sql),
                 "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 63)"
                 " INSERT INTO executions (started_ms, host, uid, supervisor_pid, cwd, argv, state, signal)"
                 " SELECT %lld, 'h', 0, 1, '/', '[\"x\"]', 'completed', (i + 11) %% 64 + 1 FROM n ORDER BY i",
                 (long long) ds.now);
        assert_int_equal(sqlite3_exec(sbx_db_handle(f->db), sql, NULL, NULL, NULL), SQLITE_OK);
        assert_int_equal(sbx_audit_query(f->db, SBX_AUDIT_QUERY_STATS, NULL, collect_stats, &s, NULL), 0);
        assert_int_equal(s.executions, 6 + 64);
        assert_int_equal(s.sigsegv, 1);
        assert_int_equal(s.sigkill, 1);
        assert_int_equal(s.signal_rows, 64);
        free(ds.s1);
        free(ds.s2);
}

static void test_audit_show_returns_execution_and_denials(void **state) {
        struct fixture *f = *state;
        char *argv[] = { (char *) "touch", (char *) "/etc/x", NULL };
        const char *paths[] = { "/etc/x", NULL };
        int64_t id = begin_run(f->db, NULL, SBX_MODE_READ_ONLY, "bwrap", argv);
        struct ids e = { 0 }, d = { 0 };
        struct sbx_diag diag = { 0 };

        finish_run(f->db, id, "denied", 1, paths);
        assert_int_equal(sbx_audit_show(f->db, id, collect_ids, NULL, &e, NULL), 0);
        assert_int_equal(e.n, 1);
        assert_int_equal(e.id[0], id);
        assert_int_equal(sbx_audit_execution_denials(f->db, id, collect_ids, &d, NULL), 0);
        assert_int_equal(d.n, 1);
        assert_int_equal(sbx_audit_show(f->db, id + 1, collect_ids, collect_ids, &e, &diag), -ENOENT);
        assert_non_null(strstr(diag.msg, f->path));
}

static void test_audit_parse_time_accepts_durations_and_timestamps(void **state) {
        const int64_t now = 1714564800000; /* 2024-05-01T12:00:00Z */
        static const struct {
                const char *in;
                int r;
                int64_t ms;
        } cases[] = {
                { "30s", 0, 1714564800000 - 30000 },
                { "30m", 0, 1714564800000 - 30 * 60000 },
                { "2h", 0, 1714564800000 - 2 * 3600000 },
                { "1d", 0, 1714564800000 - 86400000 },
                { "2w", 0, 1714564800000 - 14 * 86400000LL },
                { "1h30m", 0, 1714564800000 - 90 * 60000 },
                { "2024-05-01", 0, 1714521600000 },
                { "2024-05-01Z", 0, 1714521600000 },
                { "2024-05-01T12:00", 0, 1714564800000 },
                { "2024-05-01T12:00:00Z", 0, 1714564800000 },
                { "2024-05-01 12:00:00.25", 0, 1714564800250 },
                { "2024-05-01T14:00:00+02:00", 0, 1714564800000 },
                { "2024-05-01T10:00:00-0200", 0, 1714564800000 },
                /* an offset in hours alone (ISO 8601; PostgreSQL prints "+00") */
                { "2024-05-01T14:00:00+02", 0, 1714564800000 },
                { "2024-05-01 12:00:00.250+00", 0, 1714564800250 },
                /* RFC 3339: "t" and "z" may be lowercase */
                { "2024-05-01t12:00:00z", 0, 1714564800000 },
                { "2024-05-01z", 0, 1714521600000 },
                { "2024-05-01x12:00", -EINVAL, 0 },
                { "2024-05-01T12:00:00+02:", -EINVAL, 0 },
                { "2024-05-01T12:00:00+2", -EINVAL, 0 },
                { "2024-05-01T12:00:00+020", -EINVAL, 0 },
                { "2024-02-29", 0, 1709164800000 },
                { "", -EINVAL, 0 },
                { "yesterday", -EINVAL, 0 },
                { "1", -EINVAL, 0 },
                { "-1d", -EINVAL, 0 },
                { "1y", -EINVAL, 0 },
                { "1d ", -EINVAL, 0 },
                { "d", -EINVAL, 0 },
                { "2023-02-29", -EINVAL, 0 },
                { "2024-13-01", -EINVAL, 0 },
                { "2024-05-01T25:00", -EINVAL, 0 },
                { "2024-05-01T12", -EINVAL, 0 },
                { "2024-05-01T12:00:00+", -EINVAL, 0 },
                { "2024-05-01junk", -EINVAL, 0 },
                { "99999999999d", -ERANGE, 0 },
                { "99999d", -ERANGE, 0 },
                { "99999999999999999999999999999999999999999d", -ERANGE, 0 }, /* no int64 overflow (UBSan) */
                { "10000w3001d", -ERANGE, 0 }, /* 73001 days: a day more than 200 years */
                { "99999999999d1x", -EINVAL, 0 },
                { "1969-12-31", -ERANGE, 0 },
                { "1969-02-29", -EINVAL, 0 },
                { "1970-01-01", 0, 0 },
                { "73000d", 0, 1714564800000 - 73000 * 86400000LL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                int64_t ms = -42;
                int r = sbx_audit_parse_time(cases[i].in, now, &ms);
                if (r != cases[i].r)
                        fail_msg("'%s': r=%d, expected %d", cases[i].in, r, cases[i].r);
                if (r == 0 && ms != cases[i].ms)
                        fail_msg("'%s': %lld, expected %lld", cases[i].in, (long long) ms, (long long) cases[i].ms);
                if (r < 0 && ms != -42)
                        fail_msg("'%s': ret_ms touched on failure", cases[i].in);
        }
}

static void test_audit_check_glob_refuses_an_unclosed_class(void **state) {
        static const struct {
                const char *glob;
                int r;
        } cases[] = {
                { "/etc/*", 0 },
                { "/srv/data[[]1]/*", 0 }, /* '[[]' is a '[' itself */
                { "/x[]]", 0 },            /* a ']' first in a class is a member */
                { "/x[^]]", 0 },
                { "/x[a-]", 0 },
                { "/x]", 0 },
                { "/srv/data[1", -EINVAL },
                { "[", -EINVAL },
                { "*[", -EINVAL },
                { "/x[]", -EINVAL },  /* the ']' is a member: nothing closes it */
                { "/x[^]", -EINVAL },
                { "/x[a]/y[", -EINVAL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++)
                if (sbx_audit_check_glob(cases[i].glob) != cases[i].r)
                        fail_msg("'%s': expected %d", cases[i].glob, cases[i].r);
}

static void test_audit_concurrent_writers_lose_no_row(void **state) {
        struct fixture *f = *state;
        enum { WRITERS = 8, RUNS = 25 };
        pid_t pids[WRITERS];
        char fresh[192];
        struct sbx_db *db = NULL;

        /* a database that does not exist yet: creation and migration race too */
        snprintf(fresh, sizeof(fresh), "%s/fresh/audit.db", f->dir);

        for (int w = 0; w < WRITERS; w++) {
                pids[w] = fork();
                assert_true(pids[w] >= 0);
                if (pids[w] == 0) {
                        char *argv[] = { (char *) "true", NULL };
                        struct sbx_policy p = { .mode = SBX_MODE_READ_ONLY, .workspace_root = (char *) "/" };
                        struct sbx_execution_start s = { .policy = &p, .argv = argv, .backend = "bwrap" };
                        struct sbx_execution_end e = { .state = "completed", .verdict = "success" };
                        for (int i = 0; i < RUNS; i++) {
                                struct sbx_db *wdb = NULL;
                                struct sbx_diag diag = { 0 };
                                int64_t id;
                                if (sbx_db_open(fresh, &wdb, &diag) < 0 || sbx_audit_begin(wdb, &s, &id, &diag) < 0 ||
                                    sbx_audit_finish(wdb, id, &e, &diag) < 0) {
                                        fprintf(stderr, "writer %d: %s\n", w, diag.msg);
                                        _exit(1);
                                }
                                sbx_db_close(wdb);
                        }
                        _exit(0);
                }
        }
        for (int w = 0; w < WRITERS; w++) {
                int status;
                assert_int_equal(waitpid(pids[w], &status, 0), pids[w]);
                assert_true(WIFEXITED(status));
                assert_int_equal(WEXITSTATUS(status), 0);
        }
        assert_int_equal(sbx_db_open(fresh, &db, NULL), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM executions WHERE state = 'completed'"), WRITERS * RUNS);
        sbx_db_close(db);
}

static void test_audit_writer_socket_path_is_absolute_and_fits(void **state) {
        char buf[PATH_MAX + 16], longpath[PATH_MAX + 1];
        (void) state;

        assert_int_equal(sbx_audit_writer_socket_path("/var/db/audit.db", buf, sizeof(buf)), 0);
        assert_string_equal(buf, "/var/db/audit.db.writer");
        assert_int_equal(sbx_audit_writer_socket_path("audit.db", buf, sizeof(buf)), -EINVAL);
        assert_int_equal(sbx_audit_writer_socket_path(NULL, buf, sizeof(buf)), -EINVAL);
        /* longer than a unix socket address (108 bytes) is fine: it is reached through its
         * directory; PATH_MAX with the NUL is the limit: 4088 + ".writer" fits, 4089 does not */
        memset(longpath, 'a', sizeof(longpath));
        longpath[0] = '/';
        longpath[200] = '\0';
        assert_int_equal(sbx_audit_writer_socket_path(longpath, buf, sizeof(buf)), 0);
        assert_int_equal(strlen(buf), 207);
        longpath[200] = 'a';
        longpath[PATH_MAX - 8] = '\0';
        assert_int_equal(sbx_audit_writer_socket_path(longpath, buf, sizeof(buf)), 0);
        longpath[PATH_MAX - 8] = 'a';
        longpath[PATH_MAX - 7] = '\0';
        assert_int_equal(sbx_audit_writer_socket_path(longpath, buf, sizeof(buf)), -ENAMETOOLONG);
        /* a buffer too small is no truncated name */
        assert_int_equal(sbx_audit_writer_socket_path("/var/db/audit.db", buf, 10), -ENAMETOOLONG);
}

static void test_audit_writer_connect_without_writer_fails(void **state) {
        struct sbx_audit_writer *w = NULL;
        (void) state;

        assert_int_equal(sbx_audit_writer_connect("/nonexistent-sbx-dir/audit.db", &w), -ENOENT);
        assert_null(w);
        assert_int_equal(sbx_audit_writer_connect("relative.db", &w), -EINVAL);
}

/* ---- denial lines while a run goes on (sbx_audit_note_denials(), the writer's 'D') ---------- */

static void denial_line(struct sbx_denial *d, uint64_t line_no, const char *path) {
        memset(d, 0, sizeof(*d));
        d->line_no = line_no;
        snprintf(d->line, sizeof(d->line), "touch: cannot touch '%s': Read-only file system", path);
        snprintf(d->path, sizeof(d->path), "%s", path);
}

/* Batches add the lines kept since the last one; one sent again replaces its own lines (each line
 * once); the end replaces them all with its final list, the denied_paths tally following. */
static void test_audit_note_denials_batches_then_the_end_replaces_them(void **state) {
        struct fixture *f = *state;
        char *const argv[] = { (char *) "make", NULL };
        struct sbx_denial d[3];
        struct sbx_diag diag = { 0 };
        struct sbx_execution_denials b = { 0 };
        int64_t id = begin_run(f->db, NULL, SBX_MODE_WORKSPACE_WRITE, "bwrap", argv);
        const char *const final[] = { "/usr/a", "/usr/c", NULL };

        denial_line(&d[0], 1, "/usr/a");
        denial_line(&d[1], 4, "/usr/b");
        denial_line(&d[2], 9, "/usr/c");
        b = (struct sbx_execution_denials) { .counted = 2, .first = 0, .n = 2, .d = d };
        assert_int_equal(sbx_audit_note_denials(f->db, id, &b, &diag), 0);
        assert_int_equal(query_int(f->db, "SELECT denial_lines FROM executions"), 2);
        b = (struct sbx_execution_denials) { .counted = 5, .first = 2, .n = 1, .d = &d[2] };
        assert_int_equal(sbx_audit_note_denials(f->db, id, &b, &diag), 0);
        /* the second and third again (a batch the writer took after all, sent anew) */
        b = (struct sbx_execution_denials) { .counted = 5, .first = 1, .n = 2, .d = &d[1] };
        assert_int_equal(sbx_audit_note_denials(f->db, id, &b, &diag), 0);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM denial_lines"), 3);
        assert_text(f->db, "SELECT group_concat(path, ' ') FROM (SELECT path FROM denial_lines ORDER BY id)",
                    "/usr/a /usr/b /usr/c");
        assert_int_equal(query_int(f->db, "SELECT denial_lines FROM executions"), 5);
        /* the row reads running: the lines are found, with no verdict */
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM executions WHERE verdict IS NULL AND denial_lines > 0"),
                         1);
        assert_int_equal(query_int(f->db, "SELECT denials FROM denied_paths WHERE path = '/usr/b'"), 1);

        /* the end: its list only (/usr/b judged the host's own refusal in the end) */
        finish_run(f->db, id, "denied", 1, final);
        assert_text(f->db, "SELECT group_concat(path, ' ') FROM (SELECT path FROM denial_lines ORDER BY id)",
                    "/usr/a /usr/c");
        assert_int_equal(query_int(f->db, "SELECT denial_lines FROM executions"), 2);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM denied_paths WHERE path = '/usr/b'"), 0);
        assert_int_equal(query_int(f->db, "SELECT sum(denials) FROM denied_paths"), 2);
        /* nothing more once it ended */
        assert_int_equal(sbx_audit_note_denials(f->db, id, &b, &diag), -ENOENT);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM denial_lines"), 2);
}

/* A batch goes only to a row of its own supervisor, never past the kept list's bound. */
static void test_audit_note_denials_only_on_its_supervisors_row(void **state) {
        struct fixture *f = *state;
        char *const argv[] = { (char *) "make", NULL };
        struct sbx_denial d[1];
        struct sbx_diag diag = { 0 };
        struct sbx_process_identity other;
        int64_t id = begin_run(f->db, NULL, SBX_MODE_WORKSPACE_WRITE, "bwrap", argv);
        struct sbx_execution_denials b = { .counted = 1, .n = 1, .d = d };

        denial_line(&d[0], 1, "/usr/a");
        assert_int_equal(sbx_process_identity_self(&other), 0);
        other.pid++;
        b.supervisor = &other;
        assert_int_equal(sbx_audit_note_denials(f->db, id, &b, &diag), -ENOENT);
        b.supervisor = NULL;
        assert_int_equal(sbx_audit_note_denials(f->db, id + 1, &b, &diag), -ENOENT);
        b.first = SBX_DENIALS_KEPT;
        assert_int_equal(sbx_audit_note_denials(f->db, id, &b, &diag), -EINVAL);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM denial_lines"), 0);
        assert_int_equal(query_int(f->db, "SELECT denial_lines FROM executions"), 0);
}

/* The 'D' frame decodes to what was encoded; anything past the kept list's bound, a count below
 * the lines, or bytes left over is malformed. */
static void test_audit_wire_denials_round_trip_and_bounds(void **state) {
        struct sbx_denial d[2], *lines = NULL;
        struct sbx_execution_denials in = { .counted = 7, .first = 3, .n = 2, .d = d }, out;
        struct sbx_wbuf b = { 0 };
        struct sbx_rbuf r;
        const size_t skip = sizeof(uint32_t) + 1 + sizeof(uint32_t);
        int64_t id = 0;

        (void) state;
        denial_line(&d[0], 5, "/usr/a");
        denial_line(&d[1], 6, "");
        sbx_wire_frame_start(&b, 'D');
        sbx_wire_encode_denials(&b, 42, &in);
        assert_false(b.oom);
        r = (struct sbx_rbuf) { .p = b.data + skip, .left = b.len - skip };
        assert_int_equal(sbx_wire_decode_denials(&r, &id, &out, &lines), 0);
        assert_int_equal(id, 42);
        assert_int_equal(out.counted, 7);
        assert_int_equal(out.first, 3);
        assert_int_equal(out.n, 2);
        assert_int_equal(out.d[1].line_no, 6);
        assert_string_equal(out.d[0].path, "/usr/a");
        assert_string_equal(out.d[1].line, d[1].line);
        free(lines);
        /* a byte left over */
        r = (struct sbx_rbuf) { .p = b.data + skip, .left = b.len - skip + 1 };
        assert_int_equal(sbx_wire_decode_denials(&r, &id, &out, &lines), -EBADMSG);
        assert_null(lines);
        /* past the bound */
        in.first = SBX_DENIALS_KEPT - 1;
        sbx_wire_frame_start(&b, 'D');
        sbx_wire_encode_denials(&b, 42, &in);
        r = (struct sbx_rbuf) { .p = b.data + skip, .left = b.len - skip };
        assert_int_equal(sbx_wire_decode_denials(&r, &id, &out, &lines), -EBADMSG);
        /* fewer counted than sent */
        in.first = 0;
        in.counted = 1;
        sbx_wire_frame_start(&b, 'D');
        sbx_wire_encode_denials(&b, 42, &in);
        r = (struct sbx_rbuf) { .p = b.data + skip, .left = b.len - skip };
        assert_int_equal(sbx_wire_decode_denials(&r, &id, &out, &lines), -EBADMSG);
        free(b.data);
}

/* A run's end of 64 denial lines, each with its longest evidence and a path of 4095 bytes (PATH_MAX,
 * which the classifier now keeps), goes to the writer in one frame within its bound and comes out
 * whole: no path cut, none lost (they were 1023 bytes at most). */
static void test_audit_wire_end_keeps_paths_of_path_max(void **state) {
        _cleanup_free_ struct sbx_classify_result *res = calloc(1, sizeof(*res));
        struct sbx_classify_result *out = NULL;
        struct sbx_execution_end e = { .state = "completed", .verdict = "denied", .evidence = "stderr" }, got;
        struct sbx_wbuf b = { 0 };
        struct sbx_rbuf r;
        const size_t skip = sizeof(uint32_t) + 1 + sizeof(uint32_t);
        int64_t id = 0;

        (void) state;
        assert_non_null(res);
        res->verdict = SBX_VERDICT_DENIED;
        res->status.exit_code = 1;
        res->denial_lines = res->n_denials = SBX_DENIALS_KEPT;
        for (size_t i = 0; i < SBX_DENIALS_KEPT; i++) {
                struct sbx_denial *d = &res->denials[i];

                d->line_no = i + 1;
                memset(d->line, 'l', sizeof(d->line) - 1);
                d->path[0] = '/';
                memset(d->path + 1, (int) ('a' + i % 26), sizeof(d->path) - 2);
                assert_int_equal(strlen(d->path), 4095);
        }
        e.status = res->status;
        e.result = res;
        sbx_wire_frame_start(&b, 'F');
        sbx_wire_encode_end(&b, 9, &e);
        assert_false(b.oom);
        assert_true(b.len - sizeof(uint32_t) <= SBX_WIRE_FRAME_MAX);
        r = (struct sbx_rbuf) { .p = b.data + skip, .left = b.len - skip };
        assert_int_equal(sbx_wire_decode_end(&r, &id, &got, &out), 0);
        assert_int_equal(id, 9);
        assert_non_null(out);
        assert_int_equal(out->n_denials, SBX_DENIALS_KEPT);
        for (size_t i = 0; i < SBX_DENIALS_KEPT; i++) {
                assert_string_equal(out->denials[i].path, res->denials[i].path);
                assert_string_equal(out->denials[i].line, res->denials[i].line);
        }
        free(out);
        free(b.data);
}

/* A writer started in a child of this test; it is stopped with SIGTERM by stop_writer(). */
static pid_t start_writer(const char *db_path) {
        pid_t pid = fork();

        assert_true(pid >= 0);
        if (pid == 0)
                _exit(sbx_audit_writer_serve(db_path, 10000, NULL) < 0 ? 1 : 0);
        return pid;
}

static void stop_writer(pid_t pid) {
        int status;

        kill(pid, SIGTERM);
        assert_int_equal(waitpid(pid, &status, 0), pid);
}

/* The socket's name appears only once it listens: a client that connects as soon as it sees the
 * file is never refused (its file used to appear at bind(), a moment before listen()). */
static void test_audit_writer_socket_listens_once_it_exists(void **state) {
        struct fixture *f = *state;
        struct sockaddr_un sa = { .sun_family = AF_UNIX };
        int refused = 0;

        snprintf(sa.sun_path, sizeof(sa.sun_path), "%s.writer", f->path);
        for (int i = 0; i < 300; i++) {
                pid_t pid = start_writer(f->path);
                int status, fd, r;

                fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
                assert_true(fd >= 0);
                /* connect() as it appears: until then, ENOENT */
                while ((r = connect(fd, (const struct sockaddr *) &sa, sizeof(sa))) < 0 && errno == ENOENT)
                        if (waitpid(pid, &status, WNOHANG) == pid)
                                fail_msg("the writer left before its socket appeared");
                if (r < 0 && errno == ECONNREFUSED)
                        refused++;
                else if (r < 0)
                        fail_msg("connect: %s", strerror(errno));
                close(fd);
                stop_writer(pid);
                (void) unlink(sa.sun_path); /* a SIGTERM before its handler leaves it */
        }
        assert_int_equal(refused, 0);
}

/* A writer killed between its bind() and its rename() leaves its temporary socket file: the next
 * writer removes it (a socket of ours that nobody listens on), and leaves one that listens. */
static void test_audit_writer_removes_a_dead_writers_temporary_socket(void **state) {
        struct fixture *f = *state;
        struct sockaddr_un dead = { .sun_family = AF_UNIX }, live = { .sun_family = AF_UNIX };
        char sock[192];
        int dfd, lfd;
        pid_t pid;
        struct stat st;

        snprintf(sock, sizeof(sock), "%s.writer", f->path);
        snprintf(dead.sun_path, sizeof(dead.sun_path), "%s.writer.new-dead00", f->path);
        snprintf(live.sun_path, sizeof(live.sun_path), "%s.writer.new-live00", f->path);
        dfd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        assert_true(dfd >= 0 && lfd >= 0);
        assert_int_equal(bind(dfd, (const struct sockaddr *) &dead, sizeof(dead)), 0);
        close(dfd); /* as a SIGKILL leaves it: the file, nobody behind it */
        assert_int_equal(bind(lfd, (const struct sockaddr *) &live, sizeof(live)), 0);
        assert_int_equal(listen(lfd, 1), 0); /* another writer about to rename its own */
        pid = start_writer(f->path);
        while (lstat(sock, &st) < 0)
                usleep(1000);
        assert_int_equal(lstat(dead.sun_path, &st), -1);
        assert_int_equal(lstat(live.sun_path, &st), 0);
        stop_writer(pid);
        close(lfd);
}

/* A database whose socket name fits sun_path only as "/proc/self/fd/N/NAME" still gets a writer:
 * its temporary name, 11 bytes longer, did not fit so, and the writer failed ("cannot listen":
 * File name too long) where it served before the temporary names. */
static void test_audit_writer_serves_a_socket_name_near_the_limit(void **state) {
        struct fixture *f = *state;
        struct sbx_audit_writer *w = NULL;
        struct sbx_db *db = NULL;
        char dir[160], path[PATH_MAX], sock[PATH_MAX];
        struct stat st;
        int status;
        pid_t pid;

        /* the socket's name, 84 bytes, fits after "/proc/self/fd/N/" (N < 10); its temporary
         * name does not; and its whole path is longer than sun_path */
        snprintf(dir, sizeof(dir), "%s/%s", f->dir, "a-directory-name-long-enough-for-the-whole-path");
        assert_int_equal(mkdir(dir, 0700), 0);
        snprintf(path, sizeof(path), "%s/%074d.db", dir, 0);
        snprintf(sock, sizeof(sock), "%s.writer", path);
        assert_true(strlen(sock) >= 108 && strlen(strrchr(sock, '/') + 1) == 84);
        assert_int_equal(sbx_db_open(path, &db, NULL), 0);
        sbx_db_close(db);
        pid = start_writer(path);
        while (lstat(sock, &st) < 0) {
                if (waitpid(pid, &status, WNOHANG) == pid)
                        fail_msg("the writer left without serving (exit status %d)", WEXITSTATUS(status));
                usleep(1000);
        }
        assert_int_equal(sbx_audit_writer_connect(path, &w), 0);
        sbx_audit_writer_close(w);
        stop_writer(pid);
}

/* Through the writer: a batch ('D') on the connection that began the row reaches it; on another
 * connection it is refused (that connection is dropped) and changes nothing; the end replaces the
 * batch's lines. */
static void test_audit_writer_takes_denials_only_from_the_rows_connection(void **state) {
        struct fixture *f = *state;
        char *const argv[] = { (char *) "make", NULL };
        struct sbx_execution_start s = { .argv = argv, .cwd = "/srv" };
        struct sbx_audit_writer *w = NULL, *other = NULL;
        struct sbx_denial d[2];
        struct sbx_execution_denials b = { .counted = 2, .n = 2, .d = d };
        struct sbx_classify_result *res = calloc(1, sizeof(*res));
        struct sbx_execution_end e = { .state = "completed", .verdict = "denied", .result = res };
        struct sbx_diag diag = { 0 };
        char sock[192];
        struct stat st;
        int64_t id = 0, n = 0;
        char c;
        pid_t pid;

        assert_non_null(res);
        denial_line(&d[0], 1, "/usr/a");
        denial_line(&d[1], 2, "/usr/b");
        snprintf(sock, sizeof(sock), "%s.writer", f->path);
        pid = start_writer(f->path);
        while (lstat(sock, &st) < 0)
                usleep(1000);
        assert_int_equal(sbx_audit_writer_connect(f->path, &w), 0);
        assert_int_equal(sbx_audit_writer_connect(f->path, &other), 0);
        assert_int_equal(sbx_audit_writer_send_begin(w, &s), 0);
        if (sbx_audit_writer_wait_begin(w, &id, &diag) < 0)
                fail_msg("begin through the writer: %s (%s)", diag.msg, strerror(errno));
        /* another connection's batch: dropped with its connection */
        assert_int_equal(sbx_audit_writer_send_denials(other, id, &b), 0);
        assert_true(recv(sbx_audit_writer_fd(other), &c, 1, 0) <= 0);
        assert_int_equal(query_int(f->db, "SELECT count(*) FROM denial_lines"), 0);
        /* the row's own: no reply, the lines appear */
        assert_int_equal(sbx_audit_writer_send_denials(w, id, &b), 0);
        for (int i = 0; i < 500 && (n = query_int(f->db, "SELECT count(*) FROM denial_lines")) < 2; i++)
                usleep(10000);
        assert_int_equal(n, 2);
        assert_int_equal(query_int(f->db, "SELECT denial_lines FROM executions"), 2);
        /* the end: one line, the other judged the host's own refusal */
        denial_line(&res->denials[0], 2, "/usr/b");
        res->n_denials = 1;
        res->denial_lines = 1;
        assert_int_equal(sbx_audit_writer_send_finish(w, id, &e), 0);
        assert_int_equal(sbx_audit_writer_wait_finish(w, id, &diag), 0);
        assert_text(f->db, "SELECT group_concat(path) FROM denial_lines", "/usr/b");
        assert_int_equal(query_int(f->db, "SELECT denial_lines FROM executions"), 1);
        sbx_audit_writer_close(other);
        sbx_audit_writer_close(w);
        stop_writer(pid);
        free(res);
}

int main(void) {
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
        const struct CMUnitTest tests[] = {
                T(test_audit_begin_records_running_row_with_start_facts),
                T(test_audit_finish_completes_row_with_verdict_and_denials),
                T(test_audit_finish_keeps_the_supervisors_duration),
                T(test_audit_begin_refuses_a_schema_upgraded_since_open),
                T(test_audit_begin_of_a_session_removed_since_the_policy),
                T(test_audit_begin_of_a_retry_whose_parent_was_removed),
                T(test_audit_prune_keeps_the_rest_consistent),
                T(test_audit_prune_never_frees_an_id),
                T(test_audit_prune_keeps_sessions_in_use_and_reaps_first),
                T(test_audit_finish_twice_is_refused),
                T(test_audit_note_escalation_only_on_a_completed_row),
                T(test_audit_escalation_only_on_own_run),
                T(test_audit_begin_may_exist_takes_over_only_this_runs_row),
                T(test_audit_finish_may_be_done_accepts_only_the_same_end),
                T(test_audit_finish_completes_only_its_supervisors_row),
                T(test_audit_refused_run_has_no_exit_status),
                T(test_audit_signal_death_records_signal_not_exit_code),
                T(test_audit_row_of_dead_supervisor_reads_interrupted),
                cmocka_unit_test(test_audit_argv_json_escapes_and_keeps_invalid_utf8),
                T(test_audit_session_create_canonicalizes_cwd_and_logs_initial_mode),
                T(test_audit_session_mode_events_drive_lookup),
                T(test_audit_unknown_session_is_enoent),
                T(test_audit_session_lookup_cost_does_not_grow_with_its_runs),
                T(test_audit_export_time_window_cost_does_not_grow_with_the_table),
                T(test_audit_time_window_bounds_are_exact),
                T(test_audit_every_filter_selects_the_expected_executions),
                T(test_audit_top_paths_orders_most_denied_first),
                T(test_audit_stats_count_by_dimension),
                T(test_audit_stats_count_signals),
                T(test_audit_stats_count_every_signal),
                T(test_audit_show_returns_execution_and_denials),
                cmocka_unit_test(test_audit_parse_time_accepts_durations_and_timestamps),
                cmocka_unit_test(test_audit_check_glob_refuses_an_unclosed_class),
                T(test_audit_concurrent_writers_lose_no_row),
                cmocka_unit_test(test_audit_writer_socket_path_is_absolute_and_fits),
                cmocka_unit_test(test_audit_writer_connect_without_writer_fails),
                T(test_audit_writer_socket_listens_once_it_exists),
                T(test_audit_writer_removes_a_dead_writers_temporary_socket),
                T(test_audit_writer_serves_a_socket_name_near_the_limit),
                T(test_audit_note_denials_batches_then_the_end_replaces_them),
                T(test_audit_note_denials_only_on_its_supervisors_row),
                cmocka_unit_test(test_audit_wire_denials_round_trip_and_bounds),
                cmocka_unit_test(test_audit_wire_end_keeps_paths_of_path_max),
                T(test_audit_writer_takes_denials_only_from_the_rows_connection),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
