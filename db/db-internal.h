/* db-internal.h: shared between the files of db/ only. */
#pragma once

#include <sqlite3.h>

#include "sbx-db.h"

extern const char *const sbx_db_stmt_sql[_SBX_DB_STMT_MAX];

/* Defines sbx_state() on a connection (db/supervisor.c). Returns an SQLite result code. */
int sbx_db_define_functions(sqlite3 *h);
