/* db-internal.h: shared between the files of db/ only. */
#pragma once

#include <stdbool.h>
#include <sys/types.h>
#include <time.h>

#include <sqlite3.h>

#include "sbx-db.h"

extern const char *const sbx_db_stmt_sql[_SBX_DB_STMT_MAX];

/* The supervisors sbx_state() may call gone (sbx_db_settle_states()); settled false: any. */
struct sbx_state_ctx {
        bool settled;
        size_t n, cap;
        struct sbx_process_identity *gone;
};

/* Defines sbx_state() on a connection (db/supervisor.c), with ctx (owned by the caller, which
 * frees ctx->gone). Returns an SQLite result code. */
int sbx_db_define_functions(sqlite3 *h, struct sbx_state_ctx *ctx);
/* The connection's state context (db.c). */
struct sbx_state_ctx *sbx_db_state_ctx(struct sbx_db *db);

/* What a private copy of a WAL database depends on (open_snapshot() in db.c): the WAL's
 * generation (the checkpoint sequence number and salts of its header, new whenever the log
 * restarts and overwrites its frames) and, without a WAL, the database file's last change. */
struct sbx_db_copy_mark {
        bool wal_exists;
        ino_t wal_ino;
        unsigned char wal_gen[12];
        ino_t db_ino;
        off_t db_size;
        struct timespec db_mtime;
};

/* Takes the mark of database `path` (its WAL is path-wal). Returns 0 or -errno. */
int sbx_db_copy_mark_take(const char *path, struct sbx_db_copy_mark *m);
/* Whether a copy of the database made after `before` and of its WAL made before `after` is one
 * consistent state: the WAL did not restart in between (every page a checkpoint wrote into the
 * database meanwhile is still in the copied WAL), or, with no WAL, the database did not change. */
bool sbx_db_copy_consistent(const struct sbx_db_copy_mark *before, const struct sbx_db_copy_mark *after);
