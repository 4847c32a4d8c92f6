/* Every fixed statement sbx runs, listed once and indexed by enum sbx_db_stmt (FreeBSD pkg's
 * habit): sbx_db_stmt() prepares each on first use and keeps it until sbx_db_close(). Queries
 * whose WHERE clause depends on user filters are built in audit/query.c. */
#include "sbx-db.h"
#include "db-internal.h"
#include "db-sql.h"

const char *const sbx_db_stmt_sql[_SBX_DB_STMT_MAX] = {
        [SBX_DB_STMT_EXECUTION_INSERT] =
                "INSERT INTO executions (started_ms, host, uid, supervisor_pid, supervisor_start, boot_id,"
                " session_id, cwd, argv, mode, mode_source, mode_event_id, workspace_root, backend,"
                " enforcement, enforcement_reason, parent_id, state)"
                " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,"
                " 'running')",
        [SBX_DB_STMT_EXECUTION_FINISH] =
                "UPDATE executions SET ended_ms = ?2,"
                " duration_ms = CASE WHEN ?16 IS NULL THEN max(0, ?2 - started_ms) ELSE ?16 END, state = ?3,"
                " verdict = ?4, evidence = ?5, message = ?6, exit_code = ?7, signal = ?8,"
                " matched_rule = ?9, matched_signature = ?10, matched_line = ?11, matched_line_no = ?12,"
                " stderr_bytes = ?13, stderr_lines = ?14, denial_lines = ?15"
                " WHERE id = ?1 AND ended_ms IS NULL AND supervisor_pid = ?17 AND supervisor_start IS ?18",
        [SBX_DB_STMT_DENIAL_INSERT] =
                "INSERT INTO denial_lines (execution_id, line_no, line, path) VALUES (?1, ?2, ?3, ?4)",
        [SBX_DB_STMT_EXECUTION_REAP] =
                "UPDATE executions SET state = 'interrupted' WHERE state = 'running' AND "
                SBX_SQL_STATE("executions") " = 'interrupted'",
        [SBX_DB_STMT_SESSION_INSERT] =
                "INSERT INTO sessions (id, created_ms, host, uid, cwd) VALUES (?1, ?2, ?3, ?4, ?5)",
        [SBX_DB_STMT_SESSION_GET] =
                "SELECT s.id AS id, " SBX_SQL_ISO("s.created_ms") " AS created_at, s.host AS host,"
                " s.uid AS uid, s.cwd AS cwd,"
                " (SELECT m.mode FROM mode_events m WHERE m.session_id = s.id ORDER BY m.id DESC LIMIT 1)"
                " AS mode,"
                " (SELECT m.id FROM mode_events m WHERE m.session_id = s.id ORDER BY m.id DESC LIMIT 1)"
                " AS mode_event_id,"
                " (SELECT count(*) FROM executions e WHERE e.session_id = s.id) AS executions"
                " FROM sessions s WHERE s.id = ?1",
        /* the lookup of every `sbx run --session`: SESSION_GET counts the session's runs */
        [SBX_DB_STMT_SESSION_CWD] = "SELECT cwd FROM sessions WHERE id = ?1",
        [SBX_DB_STMT_MODE_EVENT_INSERT] =
                "INSERT INTO mode_events (session_id, at_ms, mode, origin) VALUES (?1, ?2, ?3, ?4)",
        [SBX_DB_STMT_MODE_EVENT_LAST] =
                "SELECT id, mode FROM mode_events WHERE session_id = ?1 ORDER BY id DESC LIMIT 1",
        [SBX_DB_STMT_EXECUTION_GET] =
                "SELECT " SBX_SQL_EXECUTION_COLUMNS("e") " FROM executions e WHERE e.id = ?1",
        [SBX_DB_STMT_EXECUTION_DENIALS] =
                "SELECT line_no, line, path FROM denial_lines WHERE execution_id = ?1 ORDER BY id",
        [SBX_DB_STMT_SESSION_MODE_EVENTS] =
                "SELECT id, " SBX_SQL_ISO("at_ms") " AS at, mode, origin FROM mode_events"
                " WHERE session_id = ?1 ORDER BY id",
        [SBX_DB_STMT_SESSION_EXECUTIONS] =
                "SELECT " SBX_SQL_EXECUTION_SUMMARY("e") " FROM executions e WHERE e.session_id = ?1"
                " ORDER BY e.id",
        [SBX_DB_STMT_RUNNING_COUNT] = "SELECT count(*) FROM executions WHERE state = 'running'",
        /* every write: kept prepared rather than parsed again each time (sqlite3_exec) */
        [SBX_DB_STMT_BEGIN_IMMEDIATE] = "BEGIN IMMEDIATE",
        [SBX_DB_STMT_COMMIT] = "COMMIT",
        [SBX_DB_STMT_USER_VERSION] = "PRAGMA user_version",
        /* a batch of denial lines while the run goes on (sbx_audit_note_denials()): the count so
         * far, on a row of this supervisor that has not ended */
        [SBX_DB_STMT_EXECUTION_DENIALS_SO_FAR] =
                "UPDATE executions SET denial_lines = max(denial_lines, ?2)"
                " WHERE id = ?1 AND ended_ms IS NULL AND supervisor_pid = ?3 AND supervisor_start IS ?4",
        /* a run's denial lines from the ?2-th on (0: all), which a batch or the end replaces */
        [SBX_DB_STMT_DENIAL_TRIM] =
                "DELETE FROM denial_lines WHERE id IN (SELECT id FROM denial_lines WHERE execution_id = ?1"
                " ORDER BY id LIMIT -1 OFFSET ?2)",
        [SBX_DB_STMT_EXECUTION_DENIAL_COUNT] = "SELECT denial_lines FROM executions WHERE id = ?1",
};
