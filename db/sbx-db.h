/* sbx-db.h: the audit database: opening, migrations, prepared statements. Schema: db/SCHEMA.md. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

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
/* Opens without migrating or creating, for read-only queries. The database may be another user's
 * (sbx_db_owner()), in a directory nobody may write; anything that a third user (neither the
 * reader, its owner nor root) could have planted, replaced or written is refused (-EPERM): the
 * checks of sbx_db_open() with the owner trusted beside the user. In a directory the reader cannot
 * write, a WAL database is read through a private copy in $TMPDIR, or /tmp when another user could
 * replace it there. */
int sbx_db_open_readonly(const char *path, struct sbx_db **ret_db, struct sbx_diag *diag);
/* sbx_db_open_readonly(), but a database of an older schema (-EPROTO there) is read through a
 * private copy upgraded to the current one, for a reader that may not upgrade the file itself (its
 * directory is read-only, or it is another user's record). The file is left as it is. */
int sbx_db_open_readonly_upgraded(const char *path, struct sbx_db **ret_db, struct sbx_diag *diag);
void sbx_db_close(struct sbx_db *db); /* accepts NULL */

/* The underlying handle, borrowed, for audit/. */
sqlite3 *sbx_db_handle(struct sbx_db *db);
const char *sbx_db_path(const struct sbx_db *db);

/* ---- schema version ------------------------------------------------------------------------ */

/* The schema version this sbx writes (PRAGMA user_version after migrating). */
#define SBX_DB_SCHEMA_VERSION 3
/* PRAGMA application_id of an sbx audit database ("sbxA"). */
#define SBX_DB_APPLICATION_ID 0x73627841

/* Error classes (negative errno) of sbx_db_open / sbx_db_open_readonly, each with one diag line:
 *   -ENOENT           no database file, or an empty one (no schema yet; read-only open only)
 *   -EBADMSG          the file is not an SQLite database, or not an sbx audit database, or damaged:
 *                     truncated to nothing beside a log or reserve it had, or a log without a valid header
 *   -EPROTONOSUPPORT  written by a newer sbx (user_version above SBX_DB_SCHEMA_VERSION)
 *   -EPROTO           an older schema that a read-only open cannot upgrade
 *   -EACCES / -EROFS  the file or its directory cannot be written (read-write open)
 *   -EBUSY            still locked by other writers after every retry */

/* The user_version of an open database. */
int sbx_db_schema_version(struct sbx_db *db, int *ret_version, struct sbx_diag *diag);
/* Whether the open database is still at SBX_DB_SCHEMA_VERSION: a handle kept open (the audit
 * writer's) may see a newer sbx upgrade it. 0, -EPROTONOSUPPORT (newer, with the message of
 * sbx_db_open()), -EPROTO (another version), or an SQLite error, each with diag set. */
int sbx_db_check_schema(struct sbx_db *db, struct sbx_diag *diag);
/* The uid whose record it is: the database file's owner (read-only opens, which refuse a record
 * that a third user could have planted, replaced or written: sbx_db_open_readonly()), else the
 * user's. */
uid_t sbx_db_owner(const struct sbx_db *db);
/* Whether the handle was opened read-only. */
bool sbx_db_is_readonly(const struct sbx_db *db);
/* Whether the handle reads a private copy of the database (sbx_db_open_readonly() in a directory
 * the reader cannot write, sbx_db_open_readonly_upgraded()): no later write reaches it. */
bool sbx_db_is_private_copy(const struct sbx_db *db);
/* The directory of that copy (audit.db, audit.db-wal, audit.db-shm in it, removed with it by
 * sbx_db_close()), borrowed; NULL for a database read in place. */
const char *sbx_db_private_copy_dir(const struct sbx_db *db);
/* Whether the database's path still names the file the handle opened: 0, -ENOENT (moved away or
 * removed), -ESTALE (another file in its place: a new record), -EINVAL for a private copy, or
 * another -errno of stat(), each with diag set. */
int sbx_db_check_same_file(const struct sbx_db *db, struct sbx_diag *diag);
/* The journal mode in use: "wal" or "delete" (rollback journal, e.g. on a network filesystem). */
const char *sbx_db_journal_mode(const struct sbx_db *db);
/* Whether SQLite's WAL can be used on a filesystem of this statfs f_type (false for network and
 * FUSE filesystems, where the shared-memory index is unsafe). Pure. */
bool sbx_db_fs_type_allows_wal(long f_type);

/* ---- migrations ---------------------------------------------------------------------------- */

/* One schema step: the SQL that takes user_version from version-1 to version. */
struct sbx_db_migration {
        int version;
        const char *sql;
};
/* The steps, in order; *ret_n is set to their count. Static storage. */
const struct sbx_db_migration *sbx_db_migrations(size_t *ret_n);

/* ---- transactions -------------------------------------------------------------------------- */

/* Space kept beside the database for the ends of the runs in progress: a command that fills the
 * file system must not erase its own verdict, nor the verdicts of the runs beside it. Every run
 * in progress has a slice of PATH.reserve (allocated), above a base. sbx_db_reserve() grows the
 * file to `bytes` unless it is that large (-errno, ENOSPC, when it cannot: the run is refused);
 * sbx_db_reserve_give() frees `bytes` of it (-ENOSPC when nothing is left). Called with the write
 * lock held (sbx_db_begin()), so that runs do not race for it. */
#define SBX_DB_RESERVE_SUFFIX ".reserve"
#define SBX_DB_RESERVE_BASE (256 * 1024)
#define SBX_DB_RESERVE_SLICE (256 * 1024) /* one run's end at most: 64 denial lines of 2 KiB, in WAL frames */
int sbx_db_reserve(struct sbx_db *db, uint64_t bytes, struct sbx_diag *diag);
int sbx_db_reserve_give(struct sbx_db *db, uint64_t bytes);
/* sbx_db_reserve_give() of `bytes` only where the reserve then still holds `keep` (-ENOSPC
 * otherwise, nothing given): room for a refusal's row beyond the runs' ends (struct
 * sbx_execution_start's ret_refused_id). A row of a refusal takes at most SBX_DB_REFUSAL_ROOM,
 * or is not written. */
#define SBX_DB_REFUSAL_ROOM (128 * 1024)
int sbx_db_reserve_take(struct sbx_db *db, uint64_t keep, uint64_t bytes);
/* Whether `bytes` more than the runs' ends may be written now (a batch of a run's denial lines
 * while it goes on): the file system keeps that much free besides another slice (what an end that
 * found no room has just given up of the reserve is the ends', not a batch's), and no file size
 * limit is in force (the room below it is the ends'). 0, -ENOSPC or -EFBIG. */
int sbx_db_room_beyond_ends(struct sbx_db *db, uint64_t bytes);

/* The default wait for a lock: SBX_DB_BUSY_RETRIES BEGIN IMMEDIATE attempts, each waiting up to
 * SBX_DB_BUSY_TIMEOUT_MS. */
#define SBX_DB_BUSY_TIMEOUT_MS 5000
#define SBX_DB_BUSY_RETRIES 12
/* How long a write waits for a lock another connection holds: retries attempts of timeout_ms
 * each (default SBX_DB_BUSY_RETRIES x SBX_DB_BUSY_TIMEOUT_MS). */
void sbx_db_set_busy_wait(struct sbx_db *db, int timeout_ms, int retries);
/* The default wait again. */
void sbx_db_default_busy_wait(struct sbx_db *db);
/* BEGIN IMMEDIATE, retried while SQLITE_BUSY persists beyond the busy timeout (about 60 s in all
 * by default) so that concurrent writers queue instead of failing. Every write goes through this. */
int sbx_db_begin(struct sbx_db *db, struct sbx_diag *diag);
/* COMMIT (retried on SQLITE_BUSY). On failure the transaction is rolled back. */
int sbx_db_commit(struct sbx_db *db, struct sbx_diag *diag);
/* ROLLBACK if a transaction is open; never fails. */
void sbx_db_rollback(struct sbx_db *db);
/* Fills diag from the handle's current error: "<path>: <what>: <sqlite message>". Returns -errno
 * mapped from the SQLite result code rc. */
int sbx_db_error(struct sbx_db *db, int rc, const char *what, struct sbx_diag *diag);

/* Whether the file *st (at path f) may hold the audit record: a regular file of the user's, with
 * no other name, that nobody else may write. 0, or -EPERM / -EINVAL with diag set. */
int sbx_db_check_private_file(const char *f, const struct stat *st, struct sbx_diag *diag);
/* Whether the database at path, if empty, was a record truncated (its -wal or reserve beside it):
 * -EBADMSG with diag set, else 0 (also when it cannot be examined: its open says why). */
int sbx_db_check_not_truncated(const char *path, struct sbx_diag *diag);

/* Whether the directory of the database at path may hold the audit record: the user's or root's,
 * writable by nobody else, and reached only through directories and symlinks that nobody else can
 * replace or repoint (each directory above the user's or root's, one that others may write
 * sticky). 0, or -errno with diag set. */
int sbx_db_check_private_dir(const char *path, struct sbx_diag *diag);

/* ---- prepared statements ------------------------------------------------------------------- */

/* Every fixed statement sbx runs, listed once (db/statements.c) and prepared once, on first use. */
enum sbx_db_stmt {
        SBX_DB_STMT_EXECUTION_INSERT,
        SBX_DB_STMT_EXECUTION_FINISH,
        SBX_DB_STMT_DENIAL_INSERT,
        SBX_DB_STMT_EXECUTION_REAP,
        SBX_DB_STMT_SESSION_INSERT,
        SBX_DB_STMT_SESSION_GET,
        SBX_DB_STMT_SESSION_CWD,
        SBX_DB_STMT_MODE_EVENT_INSERT,
        SBX_DB_STMT_MODE_EVENT_LAST,
        SBX_DB_STMT_EXECUTION_GET,
        SBX_DB_STMT_EXECUTION_DENIALS,
        SBX_DB_STMT_SESSION_MODE_EVENTS,
        SBX_DB_STMT_SESSION_EXECUTIONS,
        SBX_DB_STMT_RUNNING_COUNT,
        SBX_DB_STMT_BEGIN_IMMEDIATE,
        SBX_DB_STMT_COMMIT,
        SBX_DB_STMT_USER_VERSION,
        SBX_DB_STMT_EXECUTION_DENIALS_SO_FAR,
        SBX_DB_STMT_DENIAL_TRIM,
        SBX_DB_STMT_EXECUTION_DENIAL_COUNT,
        _SBX_DB_STMT_MAX,
};
/* The statement, reset and with its bindings cleared; borrowed (owned by db until sbx_db_close). */
int sbx_db_stmt(struct sbx_db *db, enum sbx_db_stmt id, sqlite3_stmt **ret_stmt, struct sbx_diag *diag);

/* ---- the supervisor's identity (interrupted-run detection) -------------------------------- */

/* Who is supervising a run: enough to tell later whether that process is still alive, even
 * across pid reuse (start time) and reboots (boot id). */
struct sbx_process_identity {
        char host[256];
        char boot_id[96];   /* /proc/sys/kernel/random/boot_id, "" if unknown; then "/pidns:INODE"
                               outside the initial pid namespace, "/timens:INODE" outside the
                               initial time namespace */
        int64_t pid;
        int64_t start_time; /* /proc/PID/stat starttime (clock ticks after boot), -1 if unknown */
        int64_t uid;        /* its real uid */
};
/* The identity of the calling process. Fills caller storage. */
int sbx_process_identity_self(struct sbx_process_identity *ret);
/* 1 when process `pid` has no_new_privs set, 0 when not, -errno when it cannot be told. */
int sbx_process_no_new_privs(int64_t pid);
/* /proc/PID/stat starttime of `pid`; -ESRCH when it is gone. */
int sbx_process_start_time(int64_t pid, int64_t *ret);
/* 1 when the process described is alive on this host, 0 when it is gone (exited, a zombie, its pid
 * reused by a process started at another time, or the machine rebooted), -EREMOTE when it ran on
 * another host or in another pid namespace than the caller's (cannot tell). `boot_id` may be NULL or "", `start_time` may be -1 (unknown). */
int sbx_process_alive(const char *host, const char *boot_id, int64_t pid, int64_t start_time);

/* Every connection sbx opens defines the SQL function
 *   sbx_state(state, host, boot_id, supervisor_pid, supervisor_start)
 * which returns state, except 'interrupted' for a 'running' row whose supervisor is gone. */

/* A query reads one snapshot, but sbx_state() checks the supervisor when it reads the row: a run
 * whose end was committed after the snapshot began, and whose sbx then exited, would read
 * 'interrupted'. After this call, sbx_state() on db says 'interrupted' only for the supervisors
 * found gone here, before the queries that follow begin their snapshots (one that dies later
 * reads 'running', as it was then). For readers; a writer holds the write lock, which no end can
 * pass. Returns 0 or -errno. */
int sbx_db_settle_states(struct sbx_db *db, struct sbx_diag *diag);
