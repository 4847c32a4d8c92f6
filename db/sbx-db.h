/* sbx-db.h: the audit database: opening, migrations, prepared statements. Schema: db/SCHEMA.md. */
#pragma once

#include <sqlite3.h>

#include "sbx-common.h"

struct sbx_db;

/* The path to use: `explicit_path` (--db) if not NULL, else $SBX_DB, else
 * $XDG_STATE_HOME/sbx/audit.db (~/.local/state/sbx/audit.db). Caller frees *ret_path. */
int sbx_db_default_path(const char *explicit_path, char **ret_path, struct sbx_diag *diag);

/* Opens (creating parent directories 0700 and the file 0600), sets WAL on a local writable
 * filesystem and a busy timeout, and migrates to the current schema. A database from a newer sbx
 * is refused (-EPROTONOSUPPORT). Caller closes *ret_db with sbx_db_close(). */
int sbx_db_open(const char *path, struct sbx_db **ret_db, struct sbx_diag *diag);
/* Opens without migrating or creating, for read-only queries. */
int sbx_db_open_readonly(const char *path, struct sbx_db **ret_db, struct sbx_diag *diag);
void sbx_db_close(struct sbx_db *db); /* accepts NULL */

/* The underlying handle, borrowed, for audit/. */
sqlite3 *sbx_db_handle(struct sbx_db *db);
const char *sbx_db_path(const struct sbx_db *db);
