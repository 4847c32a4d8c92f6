/* The schema as migration steps. Each step runs in its own BEGIN IMMEDIATE transaction that also
 * sets PRAGMA user_version, so a database is always at exactly one version. Never edit a step that
 * has shipped: add a new one. The resulting schema is documented in db/SCHEMA.md. A step makes
 * every older sbx refuse the database (a newer schema: its runs exit 125), so it is added only for
 * what the record needs, not for how a view prints a time before 1970 (db/SCHEMA.md, Times). */
#include "sbx-db.h"
#include "sbx-macro.h"
#include "db-sql.h"

static const struct sbx_db_migration migrations[] = {
        /* v1: sessions, their mode log, executions and their denial lines. */
        { 1,
          "PRAGMA application_id = 1935833153;\n" /* SBX_DB_APPLICATION_ID */
          "CREATE TABLE sessions (\n"
          "  id TEXT PRIMARY KEY NOT NULL,\n"
          "  created_ms INTEGER NOT NULL,\n"
          "  host TEXT NOT NULL,\n"
          "  uid INTEGER NOT NULL,\n"
          "  cwd TEXT NOT NULL\n"
          ");\n"
          "CREATE TABLE mode_events (\n"
          "  id INTEGER PRIMARY KEY,\n"
          "  session_id TEXT NOT NULL REFERENCES sessions(id),\n"
          "  at_ms INTEGER NOT NULL,\n"
          "  mode TEXT NOT NULL CHECK (mode IN ('read-only', 'workspace-write', 'danger-full-access')),\n"
          "  origin TEXT NOT NULL\n"
          ");\n"
          "CREATE INDEX mode_events_session ON mode_events(session_id, id);\n"
          "CREATE TABLE executions (\n"
          "  id INTEGER PRIMARY KEY,\n"
          "  started_ms INTEGER NOT NULL,\n"
          "  ended_ms INTEGER,\n"
          "  duration_ms INTEGER,\n"
          "  host TEXT NOT NULL,\n"
          "  uid INTEGER NOT NULL,\n"
          "  supervisor_pid INTEGER NOT NULL,\n"
          "  session_id TEXT REFERENCES sessions(id),\n"
          "  cwd TEXT NOT NULL,\n"
          "  argv TEXT NOT NULL,\n"
          "  mode TEXT,\n"
          "  mode_source TEXT,\n"
          "  mode_event_id INTEGER REFERENCES mode_events(id),\n"
          "  workspace_root TEXT,\n"
          "  backend TEXT,\n"
          "  enforcement TEXT,\n"
          "  enforcement_reason TEXT,\n"
          "  state TEXT NOT NULL,\n"
          "  verdict TEXT,\n"
          "  evidence TEXT,\n"
          "  message TEXT,\n"
          "  exit_code INTEGER,\n"
          "  signal INTEGER,\n"
          "  matched_rule TEXT,\n"
          "  matched_signature TEXT,\n"
          "  matched_line TEXT,\n"
          "  matched_line_no INTEGER,\n"
          "  stderr_bytes INTEGER,\n"
          "  stderr_lines INTEGER,\n"
          "  denial_lines INTEGER NOT NULL DEFAULT 0,\n"
          "  parent_id INTEGER REFERENCES executions(id)\n"
          ");\n"
          "CREATE INDEX executions_started ON executions(started_ms);\n"
          "CREATE INDEX executions_session ON executions(session_id) WHERE session_id IS NOT NULL;\n"
          "CREATE TABLE denial_lines (\n"
          "  id INTEGER PRIMARY KEY,\n"
          "  execution_id INTEGER NOT NULL REFERENCES executions(id) ON DELETE CASCADE,\n"
          "  line_no INTEGER NOT NULL,\n"
          "  line TEXT NOT NULL,\n"
          "  path TEXT\n"
          ");\n"
          "CREATE INDEX denial_lines_execution ON denial_lines(execution_id);\n" },

        /* v2: the supervisor's start time and boot id (a reused pid or a reboot no longer reads as
         * a live run), indexes for the forensic queries, and the views for ad-hoc sqlite3 use. */
        { 2,
          "ALTER TABLE executions ADD COLUMN supervisor_start INTEGER;\n"
          "ALTER TABLE executions ADD COLUMN boot_id TEXT;\n"
          "CREATE INDEX executions_running ON executions(id) WHERE state = 'running';\n"
          "CREATE INDEX executions_denied_started ON executions(started_ms) WHERE denial_lines > 0;\n"
          "CREATE INDEX executions_parent ON executions(parent_id) WHERE parent_id IS NOT NULL;\n"
          "CREATE INDEX denial_lines_path ON denial_lines(path, execution_id);\n"
          "CREATE VIEW execution_log AS SELECT\n"
          "  e.id,\n"
          "  " SBX_SQL_ISO_V2("e.started_ms") " AS started_at,\n"
          "  " SBX_SQL_ISO_V2("e.ended_ms") " AS ended_at,\n"
          "  e.duration_ms, e.host, e.uid, e.supervisor_pid, e.session_id, e.cwd, e.argv,\n"
          "  e.mode, e.mode_source, e.mode_event_id, e.workspace_root, e.backend, e.enforcement,\n"
          "  e.enforcement_reason, e.state, e.verdict, e.evidence, e.message, e.exit_code, e.signal,\n"
          "  e.matched_rule, e.matched_signature, e.matched_line, e.matched_line_no,\n"
          "  e.stderr_bytes, e.stderr_lines, e.denial_lines, e.parent_id\n"
          "FROM executions e;\n"
          "CREATE VIEW denials AS SELECT\n"
          "  d.id AS denial_id, d.execution_id,\n"
          "  " SBX_SQL_ISO_V2("e.started_ms") " AS started_at,\n"
          "  e.session_id, e.mode, e.backend, e.enforcement, e.verdict, e.workspace_root, e.argv,\n"
          "  d.line_no, d.line, d.path\n"
          "FROM denial_lines d JOIN executions e ON e.id = d.execution_id;\n" },

        /* v3: denied_paths, a running tally per denied path kept by triggers, so "which paths are
         * denied most" does not scan every denial line of a large database. */
        { 3,
          "CREATE TABLE denied_paths (\n"
          "  path TEXT PRIMARY KEY NOT NULL,\n"
          "  denials INTEGER NOT NULL,\n"
          "  executions INTEGER NOT NULL,\n"
          "  last_execution_id INTEGER NOT NULL\n"
          ") WITHOUT ROWID;\n"
          "CREATE INDEX denied_paths_denials ON denied_paths(denials DESC, path);\n"
          "INSERT INTO denied_paths (path, denials, executions, last_execution_id)\n"
          "  SELECT path, count(*), count(DISTINCT execution_id), max(execution_id) FROM denial_lines\n"
          "  WHERE path IS NOT NULL GROUP BY path;\n"
          "CREATE TRIGGER denial_lines_tally AFTER INSERT ON denial_lines WHEN NEW.path IS NOT NULL\n"
          "BEGIN\n"
          "  INSERT INTO denied_paths (path, denials, executions, last_execution_id)\n"
          "    VALUES (NEW.path, 1, 1, NEW.execution_id)\n"
          "    ON CONFLICT (path) DO UPDATE SET denials = denials + 1,\n"
          "      executions = executions + (NOT EXISTS (SELECT 1 FROM denial_lines o\n"
          "        WHERE o.path = NEW.path AND o.execution_id = NEW.execution_id AND o.id <> NEW.id)),\n"
          "      last_execution_id = max(last_execution_id, NEW.execution_id);\n"
          "END;\n"
          "CREATE TRIGGER denial_lines_untally AFTER DELETE ON denial_lines WHEN OLD.path IS NOT NULL\n"
          "BEGIN\n"
          "  UPDATE denied_paths SET denials = denials - 1,\n"
          "    executions = executions - (NOT EXISTS (SELECT 1 FROM denial_lines o\n"
          "      WHERE o.path = OLD.path AND o.execution_id = OLD.execution_id))\n"
          "    WHERE path = OLD.path;\n"
          "  DELETE FROM denied_paths WHERE path = OLD.path AND denials <= 0;\n"
          "END;\n" },
};

const struct sbx_db_migration *sbx_db_migrations(size_t *ret_n) {
        *ret_n = SBX_ELEMENTSOF(migrations);
        return migrations;
}
