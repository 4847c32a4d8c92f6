/* Retention: removing the record's runs that started before a point in time, in one transaction
 * that keeps what remains consistent. With sqlite3's defaults (foreign keys off) a hand-written
 * DELETE left the runs' denial lines behind and the denied_paths tally counting them; with
 * foreign keys on, it failed on the first denied run whose approved retry is newer (scale review).
 * Here:
 *   - a run still in progress is kept (one whose supervisor is gone is 'interrupted' first), and
 *     a denied run whose sbx is still alive on this host: it may be asking whether to retry, and
 *     the approved retry it then writes follows it (review: the retry's insert failed, or, the
 *     id reused meanwhile, its parent_id named an unrelated run);
 *   - the newest run, the run of the newest denial line and the session of the newest mode event
 *     are kept: ids are INTEGER PRIMARY KEY without AUTOINCREMENT, so removing the highest one
 *     gave the next run the id of a removed one (review: 'sbx audit show ID' of an id a verdict
 *     reported named another run, and 'export --follow', which reads ids above those it saw,
 *     printed no new run until the ids passed it again);
 *   - a run that a kept run follows (its parent_id: the denied run of an approved retry) is kept,
 *     so that no link of the record points nowhere;
 *   - the runs' denial lines go with them (ON DELETE CASCADE, foreign keys on), and the
 *     denied_paths tally with those (its trigger);
 *   - a session goes, with its mode log, only when no run of it is left and it neither began nor
 *     changed mode since the point in time (a session in use is never cut from under its runs). */
#include <errno.h>
#include <string.h>

#include "sbx-audit.h"
#include "sbx-macro.h"
#include "audit-internal.h"

static const struct sbx_process_identity *self_identity(void) {
        static struct sbx_process_identity self;
        static bool loaded;

        if (!loaded && sbx_process_identity_self(&self) < 0)
                memset(&self, 0, sizeof(self));
        loaded = true;
        return &self;
}

/* This host's name, as executions.host holds it (?2 of the statements). */
static const char *self_host(void) {
        return self_identity()->host;
}

/* This boot's id, without the pid namespace part (?3): a row of this boot was recorded on this
 * machine whatever its host name (sbx_process_alive()). */
static int self_boot_len(void) {
        return (int) strcspn(self_identity()->boot_id, "/");
}

/* Runs one statement with ?1 bound to before_ms and ?2 to this host (when it has parameters);
 * *ret (when not NULL) gets the rows it changed, or the first column of its single row for a
 * SELECT. */
static int step_one(struct sbx_db *db, const char *sql, int64_t before_ms, int64_t *ret, struct sbx_diag *diag) {
        sqlite3 *h = sbx_db_handle(db);
        sqlite3_stmt *st = NULL;
        int rc;

        rc = sqlite3_prepare_v2(h, sql, -1, &st, NULL);
        if (rc != SQLITE_OK)
                return sbx_db_error(db, rc, "prune", diag);
        if (sqlite3_bind_parameter_count(st) > 0)
                sqlite3_bind_int64(st, 1, before_ms);
        if (sqlite3_bind_parameter_count(st) > 1)
                sqlite3_bind_text(st, 2, self_host(), -1, SQLITE_STATIC);
        if (sqlite3_bind_parameter_count(st) > 2)
                sqlite3_bind_text(st, 3, self_identity()->boot_id, self_boot_len(), SQLITE_STATIC);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
                if (ret)
                        *ret = sqlite3_column_int64(st, 0);
                rc = sqlite3_step(st);
        } else if (rc == SQLITE_DONE && ret)
                *ret = sqlite3_changes(h);
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE)
                return sbx_db_error(db, rc, "prune", diag);
        return 0;
}

int sbx_audit_prune(struct sbx_db *db, int64_t before_ms, bool dry_run, struct sbx_audit_prune_result *ret,
                    struct sbx_diag *diag) {
        static const char *const setup[] = {
                "CREATE TEMP TABLE IF NOT EXISTS prune_runs (id INTEGER PRIMARY KEY)",
                "CREATE TEMP TABLE IF NOT EXISTS prune_sessions (id TEXT PRIMARY KEY)",
                "DELETE FROM temp.prune_runs",
                "DELETE FROM temp.prune_sessions",
                "INSERT INTO temp.prune_runs SELECT id FROM executions WHERE started_ms < ?1 AND state <> 'running'",
                /* the sbx of a denied run may still ask to retry it (only a denied run has a retry) */
                /* (this host, or this boot under another host name: a UTS namespace of its own) */
                "DELETE FROM temp.prune_runs WHERE id IN (SELECT id FROM executions WHERE started_ms < ?1"
                " AND verdict = 'denied' AND (host = ?2 OR (?3 <> '' AND substr(boot_id, 1, length(?3)) = ?3))"
                " AND sbx_state('running', host, boot_id, supervisor_pid, supervisor_start) = 'running')",
                /* the highest ids stay taken */
                ("DELETE FROM temp.prune_runs WHERE id = (SELECT max(id) FROM executions)"
                 " OR id = (SELECT execution_id FROM denial_lines WHERE id = (SELECT max(id) FROM denial_lines))"),
        };
        /* the parents of kept runs stay, and theirs in turn (an approved retry follows one run) */
        static const char keep_parents[] =
                "DELETE FROM temp.prune_runs WHERE id IN (SELECT parent_id FROM executions"
                " WHERE parent_id IS NOT NULL AND id NOT IN (SELECT id FROM temp.prune_runs))";
        static const char sessions[] =
                "INSERT INTO temp.prune_sessions SELECT s.id FROM sessions s WHERE s.created_ms < ?1"
                " AND NOT EXISTS (SELECT 1 FROM executions e WHERE e.session_id = s.id"
                "                 AND e.id NOT IN (SELECT id FROM temp.prune_runs))"
                " AND NOT EXISTS (SELECT 1 FROM mode_events m WHERE m.session_id = s.id"
                "                 AND (m.at_ms >= ?1 OR m.id = (SELECT max(id) FROM mode_events)))";
        struct sbx_audit_prune_result res = { 0 };
        int64_t changed;
        int r;

        /* a run whose supervisor is gone is no longer in progress: 'interrupted' in the file */
        r = sbx_audit_reap(db, diag);
        if (r < 0)
                return r;
        r = sbx_db_begin(db, diag);
        if (r < 0)
                return r;
        for (size_t i = 0; i < SBX_ELEMENTSOF(setup); i++)
                if ((r = step_one(db, setup[i], before_ms, NULL, diag)) < 0)
                        goto fail;
        do {
                if ((r = step_one(db, keep_parents, before_ms, &changed, diag)) < 0)
                        goto fail;
        } while (changed > 0);
        if ((r = step_one(db, sessions, before_ms, NULL, diag)) < 0 ||
            (r = step_one(db, "SELECT count(*) FROM temp.prune_runs", before_ms, &res.executions, diag)) < 0 ||
            (r = step_one(db,
                          "SELECT count(*) FROM denial_lines WHERE execution_id IN (SELECT id FROM temp.prune_runs)",
                          before_ms, &res.denial_lines, diag)) < 0 ||
            (r = step_one(db, "SELECT count(*) FROM temp.prune_sessions", before_ms, &res.sessions, diag)) < 0)
                goto fail;
        if (dry_run) {
                sbx_db_rollback(db);
                *ret = res;
                return 0;
        }
        /* foreign keys are on (sbx_db_open): the denial lines go with their runs, the tally with
         * them; a reference left over fails the statement and nothing is removed */
        if ((r = step_one(db, "DELETE FROM executions WHERE id IN (SELECT id FROM temp.prune_runs)", before_ms,
                          NULL, diag)) < 0 ||
            (r = step_one(db, "DELETE FROM mode_events WHERE session_id IN (SELECT id FROM temp.prune_sessions)",
                          before_ms, NULL, diag)) < 0 ||
            (r = step_one(db, "DELETE FROM sessions WHERE id IN (SELECT id FROM temp.prune_sessions)", before_ms,
                          NULL, diag)) < 0)
                goto fail;
        r = sbx_db_commit(db, diag);
        if (r < 0)
                return r;
        *ret = res;
        return 0;
fail:
        sbx_db_rollback(db);
        return r;
}
