/* The execution record: one row per `sbx run`, written before the command runs and completed
 * after it ends, so a run whose supervisor is killed still leaves a trace (it reads 'interrupted'). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sbx-audit.h"
#include "sbx-utf8.h"
#include "sbx-macro.h"
#include "audit-internal.h"

int64_t sbx_audit_now_ms(void) {
        struct timespec ts;

        clock_gettime(CLOCK_REALTIME, &ts);
        return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void json_string(FILE *f, const char *str) {
        const unsigned char *s = (const unsigned char *) str;
        size_t len = strlen(str);

        fputc('"', f);
        for (size_t i = 0; i < len;) {
                unsigned char c = s[i];
                size_t n;

                if (c == '"' || c == '\\') {
                        fputc('\\', f), fputc(c, f), i++;
                        continue;
                }
                if (c < 0x20 || c == 0x7f) {
                        fprintf(f, "\\u%04x", c), i++;
                        continue;
                }
                n = sbx_utf8_valid_len(s + i, len - i);
                if (n == 0) {
                        /* JSON text cannot carry a byte that is not UTF-8 (always 0x80..0xff): it is
                         * \udc80..\udcff, a lone surrogate that no valid UTF-8 decodes to, as Python's
                         * surrogateescape writes it, so the record keeps the argument byte for byte
                         * (os.fsencode() of the word gives it back). As U+FFFD, two commands that
                         * differ only in such bytes were recorded alike (input review). */
                        fprintf(f, "\\udc%02x", c), i++;
                        continue;
                }
                fwrite(s + i, 1, n, f);
                i += n;
        }
        fputc('"', f);
}

int sbx_audit_argv_json(char *const *argv, char **ret) {
        char *buf = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&buf, &size);

        if (!f)
                return -ENOMEM;
        fputc('[', f);
        for (size_t i = 0; argv && argv[i]; i++) {
                if (i)
                        fputc(',', f);
                json_string(f, argv[i]);
        }
        fputc(']', f);
        if (fclose(f) != 0) {
                free(buf);
                return -ENOMEM;
        }
        *ret = buf;
        return 0;
}

int sbx_audit_reap(struct sbx_db *db, struct sbx_diag *diag) {
        sqlite3_stmt *st;
        int r;

        r = sbx_db_begin(db, diag);
        if (r < 0)
                return r;
        r = sbx_db_stmt(db, SBX_DB_STMT_EXECUTION_REAP, &st, diag);
        if (r >= 0)
                r = sbx_audit_step_done(db, st, diag);
        if (r < 0) {
                sbx_db_rollback(db);
                return r;
        }
        return sbx_db_commit(db, diag);
}

static void bind_text_or_null(sqlite3_stmt *st, int i, const char *s) {
        if (s && *s)
                sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
        else
                sqlite3_bind_null(st, i);
}

static void bind_id_or_null(sqlite3_stmt *st, int i, int64_t v) {
        if (v > 0)
                sqlite3_bind_int64(st, i, v);
        else
                sqlite3_bind_null(st, i);
}

/* A row's supervisor: its pid at parameter i, its start time at i + 1 (left NULL where it is not
 * known). */
static void bind_supervisor(sqlite3_stmt *st, int i, const struct sbx_process_identity *sup) {
        sqlite3_bind_int64(st, i, sup->pid);
        if (sup->start_time >= 0)
                sqlite3_bind_int64(st, i + 1, sup->start_time);
}

/* The count of runs in progress in *running (the write lock is held). */
static int running_count(struct sbx_db *db, int64_t *running, struct sbx_diag *diag) {
        sqlite3_stmt *st;
        int r;

        if ((r = sbx_db_stmt(db, SBX_DB_STMT_RUNNING_COUNT, &st, diag)) < 0)
                return r;
        if (sqlite3_step(st) != SQLITE_ROW)
                return sbx_db_error(db, sqlite3_errcode(sbx_db_handle(db)), "read", diag);
        *running = sqlite3_column_int64(st, 0);
        sqlite3_reset(st);
        return 0;
}

/* The reserve for every run in progress and the one starting (the write lock is held). */
static int keep_reserve(struct sbx_db *db, struct sbx_diag *diag) {
        int64_t running;
        int r;

        if ((r = running_count(db, &running, diag)) < 0)
                return r;
        return sbx_db_reserve(db, SBX_DB_RESERVE_BASE + (uint64_t) (running + 1) * SBX_DB_RESERVE_SLICE, diag);
}

/* The row the audit writer added for this run before its reply was lost (s->may_exist): the
 * newest 'running' row of this supervisor with this argv, cwd and parent. The write lock is held,
 * so a writer's transaction for it has ended: committed, or given up for good (the client closed
 * its connection before writing directly, and the writer checks that within its transaction).
 * 1 with *ret_id, 0 when there is none, or -errno. */
static int find_unconfirmed_row(struct sbx_db *db, const struct sbx_execution_start *s,
                                const struct sbx_process_identity *self, const char *argv_json, const char *cwd,
                                int64_t *ret_id, struct sbx_diag *diag) {
        static const char sql[] =
                "SELECT id FROM executions WHERE state = 'running' AND ended_ms IS NULL AND host = ?1"
                " AND boot_id IS ?2 AND uid = ?3 AND supervisor_pid = ?4 AND supervisor_start IS ?5"
                " AND argv = ?6 AND cwd = ?7 AND parent_id IS ?8 ORDER BY id DESC LIMIT 1";
        sqlite3_stmt *st = NULL;
        int rc;

        rc = sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL);
        if (rc != SQLITE_OK)
                return sbx_db_error(db, rc, "read", diag);
        sqlite3_bind_text(st, 1, self->host, -1, SQLITE_STATIC);
        bind_text_or_null(st, 2, self->boot_id);
        sqlite3_bind_int64(st, 3, self->uid);
        bind_supervisor(st, 4, self);
        sqlite3_bind_text(st, 6, argv_json, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 7, cwd, -1, SQLITE_STATIC);
        bind_id_or_null(st, 8, s->parent_id);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW)
                *ret_id = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        if (rc == SQLITE_ROW)
                return 1;
        return rc == SQLITE_DONE ? 0 : sbx_db_error(db, rc, "read", diag);
}

/* 0 when the session and the parent a new row names are in the database, -EIDRM when one went
 * (the write lock is held), or -errno. */
static int links_still_there(struct sbx_db *db, const struct sbx_execution_start *s,
                             const struct sbx_process_identity *self, struct sbx_diag *diag) {
        const struct sbx_policy *p = s->policy;
        sqlite3_stmt *st = NULL;
        int r, rc;

        if (p && p->session_id) {
                r = sbx_db_stmt(db, SBX_DB_STMT_SESSION_CWD, &st, diag);
                if (r < 0)
                        return r;
                sqlite3_bind_text(st, 1, p->session_id, -1, SQLITE_STATIC);
                rc = sqlite3_step(st);
                sqlite3_reset(st);
                if (rc == SQLITE_DONE)
                        return sbx_diag_set(diag, EIDRM, "audit", sbx_db_path(db),
                                            "session '%s' was removed from the audit database %s (sbx audit prune) "
                                            "after this run resolved its policy from it: refusing the run",
                                            p->session_id, sbx_db_path(db));
                if (rc != SQLITE_ROW)
                        return sbx_db_error(db, rc, "read", diag);
        }
        /* the denied run is this supervisor's own (the retry's sbx ran it): the id alone named,
         * in a record moved away and made anew at its path while the denied run went on, an
         * unrelated run of the new one, which the retry's row then followed (review) */
        if (s->parent_id > 0) {
                rc = sqlite3_prepare_v2(sbx_db_handle(db),
                                        "SELECT 1 FROM executions WHERE id = ?1 AND supervisor_pid = ?2"
                                        " AND supervisor_start IS ?3", -1, &st, NULL);
                if (rc != SQLITE_OK)
                        return sbx_db_error(db, rc, "read", diag);
                sqlite3_bind_int64(st, 1, s->parent_id);
                bind_supervisor(st, 2, self);
                rc = sqlite3_step(st);
                sqlite3_finalize(st);
                if (rc == SQLITE_DONE)
                        return sbx_diag_set(diag, EIDRM, "audit", sbx_db_path(db),
                                            "the denied run %lld that this approved retry follows was removed from the "
                                            "audit database %s while it was asked (sbx audit prune, or the record "
                                            "moved away and made anew): refusing the retry",
                                            (long long) s->parent_id, sbx_db_path(db));
                if (rc != SQLITE_ROW)
                        return sbx_db_error(db, rc, "read", diag);
        }
        return 0;
}

/* The row of s, 'running' (the write lock is held): its id in *ret_id. */
static int insert_row(struct sbx_db *db, const struct sbx_execution_start *s, const struct sbx_process_identity *self,
                      const char *argv_json, const char *cwd, int64_t *ret_id, struct sbx_diag *diag) {
        const struct sbx_policy *p = s->policy;
        sqlite3_stmt *st;
        int r;

        if ((r = sbx_db_stmt(db, SBX_DB_STMT_EXECUTION_INSERT, &st, diag)) < 0)
                return r;
        sqlite3_bind_int64(st, 1, sbx_audit_now_ms());
        sqlite3_bind_text(st, 2, self->host, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 3, self->uid);
        bind_supervisor(st, 4, self);
        bind_text_or_null(st, 6, self->boot_id);
        bind_text_or_null(st, 7, p ? p->session_id : NULL);
        sqlite3_bind_text(st, 8, cwd, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 9, argv_json, -1, SQLITE_STATIC);
        bind_text_or_null(st, 10, p ? sbx_mode_to_string(p->mode) : NULL);
        bind_text_or_null(st, 11, p ? sbx_mode_source_to_string(p->mode_source) : NULL);
        bind_id_or_null(st, 12, p ? p->mode_event_id : 0);
        bind_text_or_null(st, 13, p ? p->workspace_root : NULL);
        bind_text_or_null(st, 14, s->backend);
        bind_text_or_null(st, 15, s->enforcement);
        bind_text_or_null(st, 16, s->enforcement_reason);
        bind_id_or_null(st, 17, s->parent_id);
        if ((r = sbx_audit_step_done(db, st, diag)) < 0)
                return r;
        *ret_id = sqlite3_last_insert_rowid(sbx_db_handle(db));
        return 0;
}

static void bind_end(sqlite3_stmt *st, int64_t id, const struct sbx_execution_end *e,
                     const struct sbx_process_identity *sup);

/* A start that met the full disk (diag: why; its transaction rolled back): its row, ended
 * 'unavailable' (or as s->refusal ends it), written in a transaction of its own from SBX_DB_REFUSAL_ROOM of the reserve
 * beyond what the runs in progress, counted again, are kept (the base and a slice each; none:
 * nothing), its id in *s->ret_refused_id. The reserve's blocks are the one space on a full disk
 * that SQLite's writes cannot take: what it keeps after the take is the runs' whatever this write
 * meets. A row whose text (argv, cwd, root, reasons) passes a quarter of that room is not written,
 * nor one that fails (rolled back): the refusal is then unrecorded as before. Whether the disk was
 * met growing the reserve or writing the row (a reserve kept whole, the log's growth refused:
 * record60, no row) or before, it is the same refusal. diag is left as it was. */
static void refusal_from_reserve(struct sbx_db *db, const struct sbx_execution_start *s,
                                 const struct sbx_process_identity *self, const char *argv_json, const char *cwd,
                                 const struct sbx_diag *diag) {
        const struct sbx_execution_end end =
                s->refusal ? *s->refusal
                           : (struct sbx_execution_end) { .state = "unavailable", .verdict = "unavailable", .message = diag->msg };
        struct sbx_diag ignored = { 0 };
        sqlite3_stmt *st;
        int64_t id = 0, running;
        uint64_t keep;

        if (sbx_db_begin(db, &ignored) < 0)
                return;
        if (running_count(db, &running, &ignored) < 0) {
                sbx_db_rollback(db);
                return;
        }
        keep = running > 0 ? SBX_DB_RESERVE_BASE + (uint64_t) running * SBX_DB_RESERVE_SLICE : 0;

        /* what it writes well within that room: a longer row (a script of many KiB in its argv)
         * could take what an end of a run in progress has just given up for itself, on the same
         * full disk, and is not written */
        size_t text = strlen(argv_json) + strlen(cwd) + (end.message ? strlen(end.message) : 0) +
                      (s->policy && s->policy->workspace_root ? strlen(s->policy->workspace_root) : 0) +
                      (s->enforcement_reason ? strlen(s->enforcement_reason) : 0);

        if (text > SBX_DB_REFUSAL_ROOM / 4 || sbx_db_reserve_take(db, keep, SBX_DB_REFUSAL_ROOM) < 0 ||
            insert_row(db, s, self, argv_json, cwd, &id, &ignored) < 0 ||
            sbx_db_stmt(db, SBX_DB_STMT_EXECUTION_FINISH, &st, &ignored) < 0) {
                sbx_db_rollback(db);
                return;
        }
        bind_end(st, id, &end, self);
        if (sbx_audit_step_done(db, st, &ignored) < 0 || sqlite3_changes(sbx_db_handle(db)) != 1) {
                sbx_db_rollback(db);
                return;
        }
        if (sbx_db_commit(db, &ignored) == 0)
                *s->ret_refused_id = id;
}

int sbx_audit_begin(struct sbx_db *db, const struct sbx_execution_start *s, int64_t *ret_id,
                    struct sbx_diag *diag) {
        _cleanup_free_ char *argv_json = NULL, *cwd = NULL;
        struct sbx_process_identity self;
        sqlite3_stmt *st;
        int64_t id = 0;
        int r;

        if (s->supervisor) {
                self = *s->supervisor;
                r = 0;
        } else
                r = sbx_process_identity_self(&self);
        if (r < 0)
                return sbx_diag_set(diag, -r, "audit", sbx_db_path(db), "cannot read the host name: %s",
                                    strerror(-r));
        r = sbx_audit_argv_json(s->argv, &argv_json);
        if (r < 0)
                return sbx_diag_set(diag, -r, "audit", sbx_db_path(db), "out of memory");
        if (!s->cwd) {
                cwd = getcwd(NULL, 0);
                if (!cwd)
                        cwd = strdup("(unreachable)"); /* a deleted cwd is recorded, not fatal */
                if (!cwd)
                        return sbx_diag_set(diag, ENOMEM, "audit", sbx_db_path(db), "out of memory");
        }

        r = sbx_db_begin(db, diag);
        if (r < 0)
                return r;
        /* Checked with the write lock held, as a migration holds it: a handle kept open since (the
         * audit writer's) would add rows of this sbx's schema to one a newer sbx upgraded, where
         * sbx_db_open() refuses (upgrade review). A run begun before still finishes. */
        r = sbx_db_check_schema(db, diag);
        if (r < 0) {
                sbx_db_rollback(db);
                return r;
        }
        if (s->still_wanted && !s->still_wanted(s->still_wanted_userdata)) {
                sbx_db_rollback(db);
                return sbx_diag_set(diag, ECANCELED, "audit", sbx_db_path(db), "the client stopped waiting");
        }
        /* Tidy rows left 'running' by supervisors that died, while we hold the write lock anyway. */
        r = sbx_db_stmt(db, SBX_DB_STMT_EXECUTION_REAP, &st, diag);
        if (r >= 0)
                r = sbx_audit_step_done(db, st, diag);
        if (r >= 0 && s->may_exist) {
                r = find_unconfirmed_row(db, s, &self, argv_json, s->cwd ? s->cwd : cwd, &id, diag);
                if (r > 0) {
                        r = sbx_db_commit(db, diag);
                        if (r < 0)
                                return r;
                        *ret_id = id;
                        return 0;
                }
        }
        /* What the row names, read before this lock, may have gone since: the session the policy
         * was resolved from (an `sbx audit prune` removes one with no run left, idle since its
         * bound), the denied run an approved retry follows (kept only while its sbx lives on
         * this host; the approver answers one of another host's as well). The row could not name
         * them (foreign keys): the run failed as "FOREIGN KEY constraint failed", refused and
         * unrecorded (review). Said as what it is; the caller records the refusal without the
         * link (-EIDRM). */
        if (r >= 0)
                r = links_still_there(db, s, &self, diag);
        /* no row without the space to record its end, and the ends of the runs beside it
         * (sbx_audit_finish()) */
        if (r >= 0)
                r = keep_reserve(db, diag);
        if (r >= 0)
                r = insert_row(db, s, &self, argv_json, s->cwd ? s->cwd : cwd, &id, diag);
        if (r >= 0)
                r = sbx_db_commit(db, diag);
        if (r >= 0) {
                *ret_id = id;
                return 0;
        }
        sbx_db_rollback(db);
        /* the full disk, met anywhere in the start's transaction: its refusal's row */
        if ((r == -ENOSPC || r == -EDQUOT) && s->ret_refused_id)
                refusal_from_reserve(db, s, &self, argv_json, s->cwd ? s->cwd : cwd, diag);
        return r;
}

/* Whether row id has ended with e's state and verdict: 1, 0, or -errno. */
static int ended_so(struct sbx_db *db, int64_t id, const struct sbx_execution_end *e,
                    const struct sbx_process_identity *sup, struct sbx_diag *diag) {
        static const char sql[] =
                "SELECT 1 FROM executions WHERE id = ?1 AND ended_ms IS NOT NULL AND state = ?2 AND verdict = ?3"
                " AND supervisor_pid = ?4 AND supervisor_start IS ?5";
        sqlite3_stmt *st = NULL;
        int rc;

        rc = sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL);
        if (rc != SQLITE_OK)
                return sbx_db_error(db, rc, "read", diag);
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_text(st, 2, e->state, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, e->verdict, -1, SQLITE_STATIC);
        bind_supervisor(st, 4, sup);
        rc = sqlite3_step(st);
        sqlite3_finalize(st);
        if (rc == SQLITE_ROW)
                return 1;
        return rc == SQLITE_DONE ? 0 : sbx_db_error(db, rc, "read", diag);
}

/* Removes the run's denial lines from the first-th on (0: all). */
static int trim_denials(struct sbx_db *db, int64_t id, size_t first, struct sbx_diag *diag) {
        sqlite3_stmt *st;
        int r = sbx_db_stmt(db, SBX_DB_STMT_DENIAL_TRIM, &st, diag);

        if (r < 0)
                return r;
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int64(st, 2, (int64_t) first);
        return sbx_audit_step_done(db, st, diag);
}

/* How many of the run's recorded denial lines are, in order, the first of d[0..n): *ret_n. */
static int denials_recorded_as(struct sbx_db *db, int64_t id, const struct sbx_denial *d, size_t n, size_t *ret_n,
                               struct sbx_diag *diag) {
        sqlite3_stmt *st;
        size_t k = 0;
        int r, rc;

        r = sbx_db_stmt(db, SBX_DB_STMT_EXECUTION_DENIALS, &st, diag);
        if (r < 0)
                return r;
        sqlite3_bind_int64(st, 1, id);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW && k < n) {
                const char *line = (const char *) sqlite3_column_text(st, 1);
                const char *path = (const char *) sqlite3_column_text(st, 2);

                if ((uint64_t) sqlite3_column_int64(st, 0) != d[k].line_no || !line || strcmp(line, d[k].line) != 0 ||
                    strcmp(path ? path : "", d[k].path) != 0)
                        break;
                k++;
        }
        sqlite3_reset(st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
                return sbx_db_error(db, rc, "read", diag);
        *ret_n = k;
        return 0;
}

static int insert_denials(struct sbx_db *db, int64_t id, const struct sbx_denial *d, size_t n,
                          struct sbx_diag *diag) {
        for (size_t i = 0; i < n && i < SBX_DENIALS_KEPT; i++) {
                sqlite3_stmt *st;
                int r = sbx_db_stmt(db, SBX_DB_STMT_DENIAL_INSERT, &st, diag);

                if (r < 0)
                        return r;
                sqlite3_bind_int64(st, 1, id);
                sqlite3_bind_int64(st, 2, (int64_t) d[i].line_no);
                sqlite3_bind_text(st, 3, d[i].line, -1, SQLITE_STATIC);
                bind_text_or_null(st, 4, d[i].path);
                r = sbx_audit_step_done(db, st, diag);
                if (r < 0)
                        return r;
        }
        return 0;
}

/* lines: whether the run's denial lines kept by its end are written with it (see
 * sbx_audit_finish() for an end without them) */
/* SBX_DB_STMT_EXECUTION_FINISH's parameters: row id's end e, of the supervisor sup. */
static void bind_end(sqlite3_stmt *st, int64_t id, const struct sbx_execution_end *e,
                     const struct sbx_process_identity *sup) {
        const struct sbx_classify_result *res = e->result;
        bool ran = e->state && strcmp(e->state, "completed") == 0;

        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int64(st, 2, sbx_audit_now_ms());
        sqlite3_bind_text(st, 3, e->state, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, e->verdict, -1, SQLITE_STATIC);
        bind_text_or_null(st, 5, e->evidence);
        bind_text_or_null(st, 6, e->message);
        if (ran) {
                if (e->status.signal == 0)
                        sqlite3_bind_int(st, 7, e->status.exit_code);
                sqlite3_bind_int(st, 8, e->status.signal);
        }
        if (res) {
                bind_text_or_null(st, 9, res->rule);
                bind_text_or_null(st, 10, res->signature);
                bind_text_or_null(st, 11, res->matched_line);
                bind_id_or_null(st, 12, (int64_t) res->line_no);
                sqlite3_bind_int64(st, 13, (int64_t) res->stderr_bytes);
                sqlite3_bind_int64(st, 14, (int64_t) res->stderr_lines);
                sqlite3_bind_int64(st, 15, (int64_t) res->denial_lines);
        } else
                sqlite3_bind_int64(st, 15, 0);
        if (e->timed)
                sqlite3_bind_int64(st, 16, e->duration_ms);
        bind_supervisor(st, 17, sup);
}

static int finish_once(struct sbx_db *db, int64_t id, const struct sbx_execution_end *e,
                       const struct sbx_process_identity *sup, bool lines, struct sbx_diag *diag) {
        const struct sbx_classify_result *res = e->result;
        bool streamed;
        sqlite3_stmt *st;
        size_t kept;
        int r, rc;

        r = sbx_db_begin(db, diag);
        if (r < 0)
                return r;
        /* whether batches recorded denial lines (sbx_audit_note_denials()): the row the UPDATE
         * below reads anyway, so a run without any costs no more than before */
        r = sbx_db_stmt(db, SBX_DB_STMT_EXECUTION_DENIAL_COUNT, &st, diag);
        if (r < 0)
                goto fail;
        sqlite3_bind_int64(st, 1, id);
        rc = sqlite3_step(st);
        streamed = rc == SQLITE_ROW && sqlite3_column_int64(st, 0) > 0;
        sqlite3_reset(st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
                r = sbx_db_error(db, rc, "read", diag);
                goto fail;
        }
        r = sbx_db_stmt(db, SBX_DB_STMT_EXECUTION_FINISH, &st, diag);
        if (r < 0)
                goto fail;
        bind_end(st, id, e, sup);
        r = sbx_audit_step_done(db, st, diag);
        if (r < 0)
                goto fail;
        if (sqlite3_changes(sbx_db_handle(db)) != 1 && e->may_be_done) {
                r = ended_so(db, id, e, sup, diag);
                if (r != 0) {
                        sbx_db_rollback(db);
                        return r > 0 ? 0 : r;
                }
        }
        if (sqlite3_changes(sbx_db_handle(db)) != 1) {
                r = sbx_diag_set(diag, ENOENT, "audit", sbx_db_path(db),
                                 "audit database %s: execution %lld does not exist, was already completed "
                                 "or is another run's",
                                 sbx_db_path(db), (long long) id);
                goto fail;
        }
        /* the end is the truth: the lines batches recorded while the run went on are replaced by
         * the final list (each line once, as the classifier finally judged it). Those that are
         * its first lines already stay as they are: rewritten, they took the end twice their
         * room in the log, more than the slice of the reserve it may give up on a full disk */
        kept = 0;
        if (!lines)
                return sbx_db_commit(db, diag);
        if (streamed) {
                r = denials_recorded_as(db, id, res ? res->denials : NULL, res ? res->n_denials : 0, &kept, diag);
                if (r >= 0)
                        r = trim_denials(db, id, kept, diag);
                if (r < 0)
                        goto fail;
        }
        r = insert_denials(db, id, res ? res->denials + kept : NULL,
                           res && res->n_denials > kept ? res->n_denials - kept : 0, diag);
        if (r < 0)
                goto fail;
        return sbx_db_commit(db, diag);
fail:
        sbx_db_rollback(db);
        return r;
}

/* The supervisor a row names, into *ret: `given`, or else this process (into self). */
static int supervisor_of(struct sbx_db *db, const struct sbx_process_identity *given, struct sbx_process_identity *self,
                         const struct sbx_process_identity **ret, struct sbx_diag *diag) {
        int r;

        *ret = given;
        if (given)
                return 0;
        if ((r = sbx_process_identity_self(self)) < 0)
                return sbx_diag_set(diag, -r, "audit", sbx_db_path(db), "cannot read the host name: %s", strerror(-r));
        *ret = self;
        return 0;
}

int sbx_audit_finish(struct sbx_db *db, int64_t id, const struct sbx_execution_end *e,
                     struct sbx_diag *diag) {
        struct sbx_process_identity self;
        const struct sbx_process_identity *sup = e->supervisor;
        int r;

        if (!e->state || !e->verdict)
                return sbx_diag_set(diag, EINVAL, "audit", sbx_db_path(db),
                                    "execution %lld: the end of a run needs a state and a verdict", (long long) id);
        /* Only a row of this run's supervisor is completed. An id names a row of one database: an
         * end written directly after the database was rotated (moved away, a new one made at its
         * path, whose ids start again) while the run went on, its writer gone, completed another
         * run's row with this run's verdict, exit status and denial lines; that run's own end was
         * then refused, and the rotated row read 'interrupted' (review). */
        if ((r = supervisor_of(db, sup, &self, &sup, diag)) < 0)
                return r;
        r = finish_once(db, id, e, sup, true, diag);
        /* A command that filled the file system would otherwise have erased its own verdict and
         * those of the runs beside it (rows left 'running', then 'interrupted'): each end that
         * finds no space gives up a slice of the reserve kept at the starts, and tries again
         * (review). The next start makes the reserve again, or is refused. */
        for (int tries = 0; r == -ENOSPC && tries < 64; tries++) {
                if (sbx_db_reserve_give(db, SBX_DB_RESERVE_SLICE) < 0)
                        break;
                *diag = (struct sbx_diag) { 0 };
                r = finish_once(db, id, e, sup, true, diag);
        }
        /* An end that still finds no room, with the whole reserve given up, is written without
         * the denial lines it keeps (those batches recorded while the run went on stay): its
         * state, status, verdict and count of denial lines are the record. 64 lines naming paths
         * of up to PATH_MAX take more than the reserve (measured: 1.7 MB of database and 0.8 MB
         * of WAL for 64 of 4095 bytes), and such a run filling the disk was left 'running', then
         * 'interrupted' (long57). */
        if (r == -ENOSPC) {
                *diag = (struct sbx_diag) { 0 };
                r = finish_once(db, id, e, sup, false, diag);
        }
        return r;
}

int sbx_audit_note_denials(struct sbx_db *db, int64_t id, const struct sbx_execution_denials *b,
                           struct sbx_diag *diag) {
        struct sbx_process_identity self;
        const struct sbx_process_identity *sup = b->supervisor;
        sqlite3_stmt *st;
        int r;

        if (b->first > SBX_DENIALS_KEPT || b->n > SBX_DENIALS_KEPT - b->first || b->counted > INT64_MAX)
                return sbx_diag_set(diag, EINVAL, "audit", sbx_db_path(db),
                                    "execution %lld: a bad batch of denial lines", (long long) id);
        if ((r = supervisor_of(db, sup, &self, &sup, diag)) < 0)
                return r;
        /* the space kept beside the database is for the runs' ends: a batch takes none of it,
         * nor what an end that found no room has just given up (review: a run filling the disk
         * beside 12 others printing denial lines left one of them unrecorded) */
        r = sbx_db_room_beyond_ends(db, SBX_DB_RESERVE_SLICE);
        if (r < 0)
                return sbx_diag_set(diag, -r, "audit", sbx_db_path(db),
                                    "audit database %s: no room for a batch of denial lines beside the ends of the "
                                    "runs in progress", sbx_db_path(db));
        r = sbx_db_begin(db, diag);
        if (r < 0)
                return r;
        /* only a row of this supervisor still without its end: a batch that comes after the end
         * (never from sbx, which sends the end last) changes nothing */
        r = sbx_db_stmt(db, SBX_DB_STMT_EXECUTION_DENIALS_SO_FAR, &st, diag);
        if (r < 0)
                goto fail;
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int64(st, 2, (int64_t) b->counted);
        bind_supervisor(st, 3, sup);
        r = sbx_audit_step_done(db, st, diag);
        if (r < 0)
                goto fail;
        if (sqlite3_changes(sbx_db_handle(db)) != 1) {
                r = sbx_diag_set(diag, ENOENT, "audit", sbx_db_path(db),
                                 "audit database %s: execution %lld does not exist, has ended or is another run's",
                                 sbx_db_path(db), (long long) id);
                goto fail;
        }
        r = trim_denials(db, id, b->first, diag);
        if (r >= 0)
                r = insert_denials(db, id, b->d, b->n, diag);
        if (r < 0)
                goto fail;
        return sbx_db_commit(db, diag);
fail:
        sbx_db_rollback(db);
        return r;
}

int sbx_audit_note_escalation(struct sbx_db *db, int64_t id, const char *message, const char *previous,
                              struct sbx_diag *diag) {
        /* a row of this supervisor's, as sbx_audit_finish() completes: by its id alone, the
         * question and the answer about a run in a record moved away and made anew meanwhile
         * were noted on an unrelated run of the new one (review) */
        static const char sql[] =
                "UPDATE executions SET message = ?2 WHERE id = ?1 AND ended_ms IS NOT NULL AND message IS ?3"
                " AND supervisor_pid = ?4 AND supervisor_start IS ?5";
        struct sbx_process_identity self;
        const struct sbx_process_identity *sup;
        sqlite3_stmt *st = NULL;
        int rc, r;

        if ((r = supervisor_of(db, NULL, &self, &sup, diag)) < 0)
                return r;
        r = sbx_db_begin(db, diag);
        if (r < 0)
                return r;
        rc = sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL);
        if (rc != SQLITE_OK) {
                r = sbx_db_error(db, rc, "write", diag);
                goto fail;
        }
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_text(st, 2, message, -1, SQLITE_STATIC);
        if (previous)
                sqlite3_bind_text(st, 3, previous, -1, SQLITE_STATIC);
        else
                sqlite3_bind_null(st, 3);
        bind_supervisor(st, 4, sup);
        r = sbx_audit_step_done(db, st, diag);
        sqlite3_finalize(st);
        if (r < 0)
                goto fail;
        if (sqlite3_changes(sbx_db_handle(db)) != 1) {
                r = sbx_diag_set(diag, ENOENT, "audit", sbx_db_path(db),
                                 "audit database %s: execution %lld is not a completed run of this sbx with the "
                                 "message expected",
                                 sbx_db_path(db), (long long) id);
                goto fail;
        }
        return sbx_db_commit(db, diag);
fail:
        sbx_db_rollback(db);
        return r;
}

int sbx_audit_step_done(struct sbx_db *db, sqlite3_stmt *st, struct sbx_diag *diag) {
        int rc = sqlite3_step(st);

        sqlite3_reset(st);
        if (rc != SQLITE_DONE)
                return sbx_db_error(db, rc, "write", diag);
        return 0;
}
