/* audit-output.h: rows of the audit database as an aligned table, JSON, JSON lines or CSV, and
 * the shared opening of the database for `sbx audit` and `sbx session`. */
#pragma once

#include <stdbool.h>
#include <stdio.h>

#include <sqlite3.h>

#include "sbx-db.h"
#include "sbx-tool.h"

enum sbx_out_format {
        SBX_OUT_TABLE, /* aligned columns; on a terminal long cells are cut to fit */
        SBX_OUT_JSON,  /* one JSON array of objects */
        SBX_OUT_JSONL, /* one JSON object per line */
        SBX_OUT_CSV,   /* RFC 4180, with a header line */
};

/* Adds fields to the JSON object of a row (export adds its denial lines). */
typedef void (*sbx_out_extra_fn)(void *userdata, struct sbx_json *j, sqlite3_stmt *row);

struct sbx_out;

/* Borrows f. `extra` may be NULL. Caller frees with sbx_out_free(). */
int sbx_out_new(FILE *f, enum sbx_out_format fmt, sbx_out_extra_fn extra, void *extra_userdata,
                struct sbx_out **ret);
/* Flush after every row (export --follow feeding a pipeline). */
void sbx_out_set_streaming(struct sbx_out *o, bool on);
/* One row, with the statement's column names as field names. Returns 0 or -errno (-EPIPE). */
int sbx_out_row(struct sbx_out *o, sqlite3_stmt *row);
/* The columns of st (prepared, not necessarily stepped); CSV prints its header line now, so that
 * an answer without rows still has one. */
int sbx_out_header(struct sbx_out *o, sqlite3_stmt *st);
int sbx_out_header_cb(void *userdata, sqlite3_stmt *st);
/* Flushes buffered table rows and closes the JSON array. Returns 0 or -errno. */
int sbx_out_end(struct sbx_out *o);
void sbx_out_free(struct sbx_out *o); /* accepts NULL */
/* An sbx_audit_row_fn writing to the struct sbx_out given as userdata. */
int sbx_out_row_cb(void *userdata, sqlite3_stmt *row);
/* Writes every column of row into the open JSON object j (argv as an array). */
void sbx_out_json_fields(struct sbx_json *j, sqlite3_stmt *row);

/* Opens the database for a query: read-only when possible (a read-only directory is fine), or
 * read-write when an older schema must be upgraded first. Another user's record is read, saying
 * whose it is (sbx_audit_tool_owner_note()); one a third user could have replaced is refused. Prints one "sbx: ..." line and returns
 * the exit status on failure (1); 0 on success. */
int sbx_audit_tool_open(const char *db_opt, bool write, struct sbx_db **ret_db);
/* An id (a session's, an execution's) asked of a database that does not exist is unknown, a usage
 * error, as in one that exists; opening it first said "no audit database" with exit 1, or, to
 * write, made it. Prints "sbx: WHAT: unknown KIND 'ID' (no audit database at PATH)" and returns 2
 * when the database is missing; 0 otherwise (then opening it says what else is wrong). */
int sbx_audit_tool_require_db(const char *db_opt, const char *what, const char *kind, const char *id);
/* When the database opened for reading is another user's record, says so on stderr (one line
 * "sbx: note: ..."), so that nobody takes it for their own history. */
void sbx_audit_tool_owner_note(struct sbx_db *db);
/* A database read through a private copy (sbx_db_is_private_copy()): SIGINT, SIGTERM, SIGHUP and
 * SIGPIPE remove the copy's files before they end the process, as they would (a reader gone,
 * `| head -1`, ^C or a timeout left a whole copy of the record in /tmp each time). Nothing for a
 * database read in place. */
void sbx_audit_tool_guard_copy(struct sbx_db *db);
