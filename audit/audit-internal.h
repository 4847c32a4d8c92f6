/* audit-internal.h: shared between the files of audit/ and their unit tests. */
#pragma once

#include <stdint.h>

#include "sbx-db.h"

/* argv as a JSON array text; invalid UTF-8 bytes become U+FFFD. Caller frees *ret. */
int sbx_audit_argv_json(char *const *argv, char **ret);

/* Steps a write statement to completion and resets it; the database's error otherwise. */
int sbx_audit_step_done(struct sbx_db *db, sqlite3_stmt *st, struct sbx_diag *diag);
