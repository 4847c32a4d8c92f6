/* db-sql.h: SQL fragments shared by the statement table (db/) and the query builder (audit/). */
#pragma once

/* ISO-8601 UTC text with millisecond precision of an integer column of ms since the epoch;
 * NULL stays NULL. Exact (integer arithmetic), unlike strftime('%f') on a float. The seconds and
 * the milliseconds are taken by floor division: SQLite's / and % truncate toward zero, so a time
 * before 1970 (-1500) printed its second after the right one and a negative fraction
 * ("1969-12-31T23:59:59.-500Z", not "...:58.500Z"). */
#define SBX_SQL_ISO(ms) \
        "(strftime('%Y-%m-%dT%H:%M:%S', (" ms " - (" ms " % 1000 + 1000) % 1000) / 1000, 'unixepoch') || " \
        "printf('.%03dZ', (" ms " % 1000 + 1000) % 1000))"

/* The same as the views of the schema's v2 step were made with, which a shipped step keeps
 * (db/schema.c): right from 1970 on, wrong for a time before it (db/SCHEMA.md). sbx's own
 * queries use SBX_SQL_ISO. */
#define SBX_SQL_ISO_V2(ms) \
        "(strftime('%Y-%m-%dT%H:%M:%S', " ms " / 1000, 'unixepoch') || printf('.%03dZ', " ms " % 1000))"

/* The state as sbx reports it: a 'running' row whose supervisor is gone reads 'interrupted'. */
#define SBX_SQL_STATE(e) \
        "sbx_state(" e ".state, " e ".host, " e ".boot_id, " e ".supervisor_pid, " e ".supervisor_start)"

/* argv as JSON array text (sbx writes it so; anything else is quoted as a JSON string). */
#define SBX_SQL_ARGV(e) \
        "(CASE WHEN json_valid(" e ".argv) THEN " e ".argv ELSE json_quote(" e ".argv) END)"

/* The columns of one execution, with stable names (the JSON/CSV field names of sbx audit). */
#define SBX_SQL_EXECUTION_COLUMNS(e) \
        e ".id AS id, " \
        SBX_SQL_ISO(e ".started_ms") " AS started_at, " \
        SBX_SQL_ISO(e ".ended_ms") " AS ended_at, " \
        e ".duration_ms AS duration_ms, " \
        e ".host AS host, " \
        e ".uid AS uid, " \
        e ".supervisor_pid AS supervisor_pid, " \
        e ".session_id AS session_id, " \
        e ".cwd AS cwd, " \
        SBX_SQL_ARGV(e) " AS argv, " \
        e ".mode AS mode, " \
        e ".mode_source AS mode_source, " \
        e ".mode_event_id AS mode_event_id, " \
        e ".workspace_root AS workspace_root, " \
        e ".backend AS backend, " \
        e ".enforcement AS enforcement, " \
        e ".enforcement_reason AS enforcement_reason, " \
        SBX_SQL_STATE(e) " AS state, " \
        e ".verdict AS verdict, " \
        e ".evidence AS evidence, " \
        e ".message AS message, " \
        e ".exit_code AS exit_code, " \
        e ".signal AS signal, " \
        e ".matched_rule AS matched_rule, " \
        e ".matched_signature AS matched_signature, " \
        e ".matched_line AS matched_line, " \
        e ".matched_line_no AS matched_line_no, " \
        e ".stderr_bytes AS stderr_bytes, " \
        e ".stderr_lines AS stderr_lines, " \
        e ".denial_lines AS denial_lines, " \
        e ".parent_id AS parent_id"

/* The short columns of `sbx audit list` and `sbx session show`. */
#define SBX_SQL_EXECUTION_SUMMARY(e) \
        e ".id AS id, " \
        SBX_SQL_ISO(e ".started_ms") " AS started_at, " \
        e ".duration_ms AS duration_ms, " \
        SBX_SQL_STATE(e) " AS state, " \
        e ".verdict AS verdict, " \
        e ".mode AS mode, " \
        e ".mode_event_id AS mode_event_id, " \
        e ".backend AS backend, " \
        e ".exit_code AS exit_code, " \
        e ".signal AS signal, " \
        e ".denial_lines AS denial_lines, " \
        e ".session_id AS session_id, " \
        SBX_SQL_ARGV(e) " AS argv"
