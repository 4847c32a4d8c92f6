/* Sessions: an immutable canonical cwd and a log of mode events; the store behind
 * sbx_policy_resolve (the session's last mode event and its cwd as the workspace root). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "sbx-audit.h"
#include "sbx-macro.h"
#include "audit-internal.h"

static int new_uuid(char ret[37]) {
        unsigned char b[16];
        size_t got = 0;

        while (got < sizeof(b)) {
                ssize_t n = getrandom(b + got, sizeof(b) - got, 0);
                if (n < 0) {
                        if (errno == EINTR)
                                continue;
                        return -errno;
                }
                got += (size_t) n;
        }
        b[6] = (unsigned char) ((b[6] & 0x0f) | 0x40); /* version 4 */
        b[8] = (unsigned char) ((b[8] & 0x3f) | 0x80); /* RFC 4122 variant */
        snprintf(ret, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2],
                 b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
        return 0;
}

static int unknown_session(struct sbx_db *db, const char *id, struct sbx_diag *diag) {
        return sbx_diag_set(diag, ENOENT, "session", sbx_db_path(db), "unknown session '%s' (audit database %s)",
                            id, sbx_db_path(db));
}

/* 1 when the session exists, 0 when not, -errno on failure. */
static int session_exists(struct sbx_db *db, const char *id, struct sbx_diag *diag) {
        sqlite3_stmt *st;
        int r, rc;

        r = sbx_db_stmt(db, SBX_DB_STMT_SESSION_CWD, &st, diag);
        if (r < 0)
                return r;
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
        rc = sqlite3_step(st);
        sqlite3_reset(st);
        if (rc == SQLITE_ROW)
                return 1;
        if (rc == SQLITE_DONE)
                return 0;
        return sbx_db_error(db, rc, "read", diag);
}

static int insert_mode_event(struct sbx_db *db, const char *id, enum sbx_mode mode, const char *origin,
                             int64_t *ret_event_id, struct sbx_diag *diag) {
        sqlite3_stmt *st;
        int r;

        r = sbx_db_stmt(db, SBX_DB_STMT_MODE_EVENT_INSERT, &st, diag);
        if (r < 0)
                return r;
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, sbx_audit_now_ms());
        sqlite3_bind_text(st, 3, sbx_mode_to_string(mode), -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, origin, -1, SQLITE_STATIC);
        r = sbx_audit_step_done(db, st, diag);
        if (r < 0)
                return r;
        if (ret_event_id)
                *ret_event_id = sqlite3_last_insert_rowid(sbx_db_handle(db));
        return 0;
}

int sbx_audit_session_create(struct sbx_db *db, const char *cwd, const enum sbx_mode *initial_mode,
                             char **ret_id, struct sbx_diag *diag) {
        _cleanup_free_ char *canon = NULL, *id = NULL;
        char host[256];
        sqlite3_stmt *st;
        int r;

        if (initial_mode && !sbx_mode_to_string(*initial_mode))
                return sbx_diag_set(diag, EINVAL, "session", "", "invalid mode %d", (int) *initial_mode);
        r = sbx_path_canonicalize_dir(cwd ? cwd : ".", &canon, diag);
        if (r < 0)
                return r;
        id = malloc(37);
        if (!id)
                return sbx_diag_set(diag, ENOMEM, "session", "", "out of memory");
        r = new_uuid(id);
        if (r < 0)
                return sbx_diag_set(diag, -r, "session", "", "cannot get random bytes: %s", strerror(-r));
        if (gethostname(host, sizeof(host) - 1) < 0)
                return sbx_diag_set(diag, errno, "session", "", "cannot read the host name: %s", strerror(errno));
        host[sizeof(host) - 1] = '\0';

        r = sbx_db_begin(db, diag);
        if (r < 0)
                return r;
        r = sbx_db_stmt(db, SBX_DB_STMT_SESSION_INSERT, &st, diag);
        if (r < 0)
                goto fail;
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, sbx_audit_now_ms());
        sqlite3_bind_text(st, 3, host, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 4, (int64_t) getuid());
        sqlite3_bind_text(st, 5, canon, -1, SQLITE_STATIC);
        r = sbx_audit_step_done(db, st, diag);
        if (r >= 0 && initial_mode)
                r = insert_mode_event(db, id, *initial_mode, "start", NULL, diag);
        if (r < 0)
                goto fail;
        r = sbx_db_commit(db, diag);
        if (r < 0)
                return r;
        *ret_id = sbx_steal_ptr(&id);
        return 0;
fail:
        sbx_db_rollback(db);
        return r;
}

int sbx_audit_session_set_mode(struct sbx_db *db, const char *session_id, enum sbx_mode mode,
                               int64_t *ret_event_id, struct sbx_diag *diag) {
        int64_t ev = 0;
        int r;

        if (!session_id || !sbx_mode_to_string(mode))
                return sbx_diag_set(diag, EINVAL, "session", "", "a mode event needs a session and a valid mode");
        r = sbx_db_begin(db, diag);
        if (r < 0)
                return r;
        r = session_exists(db, session_id, diag);
        if (r == 0)
                r = unknown_session(db, session_id, diag);
        if (r >= 0)
                r = insert_mode_event(db, session_id, mode, "mode", &ev, diag);
        if (r < 0) {
                sbx_db_rollback(db);
                return r;
        }
        r = sbx_db_commit(db, diag);
        if (r < 0)
                return r;
        if (ret_event_id)
                *ret_event_id = ev;
        return 0;
}

int sbx_audit_session_get(struct sbx_db *db, const char *session_id, struct sbx_session_info *ret,
                          struct sbx_diag *diag) {
        struct sbx_session_info info = { 0 };
        sqlite3_stmt *st;
        int r, rc;

        if (!session_id || !*session_id)
                return sbx_diag_set(diag, EINVAL, "session", "", "the session id is empty");
        /* One read transaction, so the cwd and the last mode event come from the same snapshot. */
        rc = sqlite3_exec(sbx_db_handle(db), "BEGIN", NULL, NULL, NULL);
        if (rc != SQLITE_OK)
                return sbx_db_error(db, rc, "read", diag);
        r = sbx_db_stmt(db, SBX_DB_STMT_SESSION_CWD, &st, diag);
        if (r < 0)
                goto out;
        sqlite3_bind_text(st, 1, session_id, -1, SQLITE_STATIC);
        rc = sqlite3_step(st);
        if (rc == SQLITE_DONE) {
                sqlite3_reset(st);
                r = unknown_session(db, session_id, diag);
                goto out;
        }
        if (rc != SQLITE_ROW) {
                r = sbx_db_error(db, rc, "read", diag);
                sqlite3_reset(st);
                goto out;
        }
        info.cwd = strdup((const char *) sqlite3_column_text(st, 0));
        sqlite3_reset(st);
        if (!info.cwd) {
                r = sbx_diag_set(diag, ENOMEM, "session", "", "out of memory");
                goto out;
        }
        r = sbx_db_stmt(db, SBX_DB_STMT_MODE_EVENT_LAST, &st, diag);
        if (r < 0)
                goto out;
        sqlite3_bind_text(st, 1, session_id, -1, SQLITE_STATIC);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
                r = sbx_mode_from_string((const char *) sqlite3_column_text(st, 1), &info.mode);
                if (r < 0)
                        r = sbx_diag_set(diag, EBADMSG, "session", sbx_db_path(db),
                                         "audit database %s: session '%s' has an invalid mode event", sbx_db_path(db),
                                         session_id);
                else {
                        info.has_mode = true;
                        info.mode_event_id = sqlite3_column_int64(st, 0);
                }
        } else if (rc != SQLITE_DONE)
                r = sbx_db_error(db, rc, "read", diag);
        sqlite3_reset(st);
out:
        (void) sqlite3_exec(sbx_db_handle(db), "COMMIT", NULL, NULL, NULL);
        if (r < 0) {
                free(info.cwd);
                return r;
        }
        *ret = info;
        return 0;
}

static int lookup_cb(void *userdata, const char *session_id, struct sbx_session_info *ret,
                     struct sbx_diag *diag) {
        return sbx_audit_session_get(userdata, session_id, ret, diag);
}

struct sbx_session_lookup sbx_audit_session_lookup(struct sbx_db *db) {
        return (struct sbx_session_lookup) { .lookup = lookup_cb, .userdata = db };
}
