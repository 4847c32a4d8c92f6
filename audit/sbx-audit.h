/* sbx-audit.h: the execution record, sessions and forensic queries (DESIGN.md section 4). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "sbx-classify.h"
#include "sbx-common.h"
#include "sbx-confine.h"
#include "sbx-db.h"

/* What is known when a run starts. Every pointer is borrowed for the duration of the call. */
struct sbx_execution_start {
        const struct sbx_policy *policy; /* mode, mode source, root, session, mode event */
        char *const *argv;               /* the command as the user gave it */
        const char *cwd;
        const char *backend;             /* "bwrap", "landlock", ..., "none" (unconfined), or NULL
                                            when no backend was selected (refused) */
        const char *enforcement;         /* "full", "partial", or NULL (unconfined/refused) */
        const char *enforcement_reason;  /* NULL when full */
        int64_t parent_id;               /* the denied execution an approved retry follows, or 0 */
        const struct sbx_process_identity *supervisor; /* the sbx that runs it; NULL: the caller
                                                          (the audit writer passes its client) */
        /* asked once the write lock is held, before the row is added: false gives up (-ECANCELED).
         * The audit writer's client may have stopped waiting, and writes the row itself. */
        bool (*still_wanted)(void *userdata);
        void *still_wanted_userdata;
        /* the audit writer may have added this row already: it was sent the begin request and
         * never confirmed it (it died or was given up after committing). A 'running' row of this
         * supervisor with the same argv, cwd and parent is then this run's, and is taken over
         * rather than doubled (the double would read 'interrupted' once sbx exits). */
        bool may_exist;
        /* non-NULL: a start refused for want of the space kept for the runs' ends (a full disk)
         * records its refusal, state and verdict 'unavailable', the reason as its message, when
         * the reserve holds SBX_DB_REFUSAL_ROOM beyond what the runs in progress are kept (none in
         * progress: all of it): written whole in the start's transaction, from that room, and its
         * id put here; the call still fails, and nothing may run. Only the run's own sbx asks it
         * (the audit writer's client writes its refusal itself: one row, never two). */
        int64_t *ret_refused_id;
        /* with ret_refused_id: the end that refusal's row gets instead, for a run that ends as it
         * starts (refused already, or a signal before its command), whose row would be ended at
         * once; NULL: the above. Not copied. */
        const struct sbx_execution_end *refusal;
};

/* What is known when it ends. */
struct sbx_execution_end {
        const char *state;      /* "completed", "unavailable" (provider failed closed), "refused"
                                   (e.g. --require-full on a partial backend), "failed" (spawn error) */
        const char *verdict;    /* "success", "task_failure", "denied", "runner_failure",
                                   "unavailable", or "unclassified" */
        const char *evidence;   /* "stderr", "structural", or NULL */
        const char *message;    /* the refusal or failure reason, or NULL */
        struct sbx_exit_status status;
        const struct sbx_classify_result *result; /* NULL when nothing was classified */
        /* the run's duration as the supervisor measured it on the monotonic clock (the verdict
         * record's), which a step of the wall clock during the run leaves right; when !timed
         * (nothing ran) the row's ended_ms - started_ms */
        bool timed;
        int64_t duration_ms;
        /* the audit writer may have completed this row already (its reply was lost): a row that
         * ended with this state and verdict is then not an error */
        bool may_be_done;
        /* the run's supervisor, whose row it must be (pid and start time); NULL: this process.
         * Borrowed. */
        const struct sbx_process_identity *supervisor;
};

/* Inserts the row in its own transaction before the command runs. *ret_id is the execution id. */
int sbx_audit_begin(struct sbx_db *db, const struct sbx_execution_start *s, int64_t *ret_id,
                    struct sbx_diag *diag);
/* Completes the row (end time, duration, status, verdict, denial lines). */
int sbx_audit_finish(struct sbx_db *db, int64_t id, const struct sbx_execution_end *e,
                     struct sbx_diag *diag);

/* The denial lines of a run kept so far, recorded while it goes on, so that a run whose sbx is
 * killed (its row then reads 'interrupted') keeps the lines its command printed before. A batch
 * holds the lines from index `first` of the run's kept list (the classifier's, at most
 * SBX_DENIALS_KEPT): the run's lines recorded from that index on are replaced, so a batch sent
 * twice leaves each line once. The end (sbx_audit_finish()) replaces them all with the final list.
 * Borrowed. */
struct sbx_execution_denials {
        uint64_t counted;               /* every denial line so far, kept or not */
        size_t first;                   /* the index of d[0] in the run's kept list */
        size_t n;                       /* first + n <= SBX_DENIALS_KEPT */
        const struct sbx_denial *d;
        const struct sbx_process_identity *supervisor; /* the row's supervisor; NULL: this process */
};
/* One short transaction. -ENOENT when id is no row of this supervisor that has not ended. The
 * caller decides how long a lock is waited for (a batch must not hold up the command's output). */
int sbx_audit_note_denials(struct sbx_db *db, int64_t id, const struct sbx_execution_denials *b,
                           struct sbx_diag *diag);

/* Records on a completed run's row (its message) the escalation that was asked after it: that it
 * is being asked, then what became of it ("escalation to workspace-write refused by the approver
 * PROG (...)"). The message must be `previous` still (NULL: none yet), so each step follows the
 * one before; a completed row changes no other way. -ENOENT when id is no completed row of this
 * process's (its supervisor) whose message is `previous`. */
int sbx_audit_note_escalation(struct sbx_db *db, int64_t id, const char *message, const char *previous,
                              struct sbx_diag *diag);

/* The session store behind policy resolution. Borrows db. */
struct sbx_session_lookup sbx_audit_session_lookup(struct sbx_db *db);

/* Marks 'running' rows whose supervisor is gone as 'interrupted' in the file itself (queries
 * already report them so through sbx_state()); sbx_audit_begin() does it in its transaction. */
int sbx_audit_reap(struct sbx_db *db, struct sbx_diag *diag);

/* ---- the audit writer (writer.c) -------------------------------------------------------------
 * A long-lived process per database that writes the rows of `sbx run` for it over a unix socket
 * at "<db>.writer", serving only peers of the same uid and user namespace without no_new_privs
 * (never a confined command). An accelerator only: a caller that cannot use it writes the
 * database itself. */

/* "<db_path>.writer"; -EINVAL for a relative path, -ENAMETOOLONG beyond PATH_MAX (a name longer
 * than a unix socket address is reached through its directory's descriptor). */
int sbx_audit_writer_socket_path(const char *db_path, char *buf, size_t size);
/* Opens db_path (every check of sbx_db_open) and serves it until idle for idle_ms, its socket or
 * database file is removed or replaced, or SIGTERM/SIGINT. Returns 0 at once when another writer
 * already serves it; -errno (diag filled) when it cannot serve. */
int sbx_audit_writer_serve(const char *db_path, int idle_ms, struct sbx_diag *diag);

struct sbx_audit_writer;
/* Connects to the writer of db_path (absolute); -errno when there is none (-ENOENT,
 * -ECONNREFUSED) or it belongs to another user (-EPERM). The other checks of the writer come
 * before its first reply is believed (-EPERM then). */
int sbx_audit_writer_connect(const char *db_path, struct sbx_audit_writer **ret);
/* sbx_audit_begin() / sbx_audit_finish() through the writer, each a request (send) and its reply
 * (wait), so that the caller can work in between: the row is committed when wait returns 0. A
 * connection finishes only rows it began. */
int sbx_audit_writer_send_begin(struct sbx_audit_writer *w, const struct sbx_execution_start *s);
int sbx_audit_writer_wait_begin(struct sbx_audit_writer *w, int64_t *ret_id, struct sbx_diag *diag);
int sbx_audit_writer_send_finish(struct sbx_audit_writer *w, int64_t id, const struct sbx_execution_end *e);
/* sbx_audit_note_denials() through the writer, for a row this connection began: sent without
 * waiting and unanswered. 0 when the batch is on its way whole; -EAGAIN when the writer has no
 * room for it now (or for the rest of an earlier one): nothing of it went, or the rest goes before
 * the next request (never two halves of frames); -errno when the writer is gone. A batch the
 * writer fails is lost: the end (send_finish) carries the full list. */
int sbx_audit_writer_send_denials(struct sbx_audit_writer *w, int64_t id, const struct sbx_execution_denials *d);
/* For a caller that collects the begin reply elsewhere (sbx run's vfork child, which reads it
 * while the sandbox is set up): verify the writer first (0, or -EPERM when it may not be
 * trusted), then sbx_audit_writer_collect_begin() on its descriptor reads the reply with system
 * calls only (no allocation, no stdio): 0 with *ret_id, or -errno. */
int sbx_audit_writer_verify(struct sbx_audit_writer *w);
/* sbx_audit_session_get() through the writer: 0 with *ret (caller frees ret->cwd); -EIO when the
 * writer answered with an error (an unknown session among them: ask the database, which says
 * why), another -errno when the writer failed. */
int sbx_audit_writer_session_get(struct sbx_audit_writer *w, const char *session_id, struct sbx_session_info *ret);
int sbx_audit_writer_fd(const struct sbx_audit_writer *w);
int sbx_audit_writer_collect_begin(int fd, int64_t *ret_id);
int sbx_audit_writer_wait_finish(struct sbx_audit_writer *w, int64_t id, struct sbx_diag *diag);
void sbx_audit_writer_close(struct sbx_audit_writer *w); /* accepts NULL */
/* While abort_wait (NULL: none) returns true, a client's wait for the writer (a reply, room for a
 * request) ends at once with -EINTR: asked every few ms while it waits. `sbx run` gives up the
 * writer when a signal came before its row was written, and writes the row itself. */
void sbx_audit_writer_abort_waits(bool (*abort_wait)(void));

/* ---- sessions ------------------------------------------------------------------------------ */

/* Creates a session with a random UUIDv4 id (getrandom) and the canonical form of `cwd`
 * (sbx_path_canonicalize_dir; NULL: the current directory), immutable from then on.
 * `initial_mode`, when not NULL, is logged as the first mode event (origin "start").
 * Caller frees *ret_id. */
int sbx_audit_session_create(struct sbx_db *db, const char *cwd, const enum sbx_mode *initial_mode,
                             char **ret_id, struct sbx_diag *diag);
/* Logs a mode event (origin "mode"). -ENOENT for an unknown session. ret_event_id may be NULL. */
int sbx_audit_session_set_mode(struct sbx_db *db, const char *session_id, enum sbx_mode mode,
                               int64_t *ret_event_id, struct sbx_diag *diag);
/* What sbx_policy_resolve needs. -ENOENT for an unknown session. The caller owns ret->cwd. */
int sbx_audit_session_get(struct sbx_db *db, const char *session_id, struct sbx_session_info *ret,
                          struct sbx_diag *diag);

/* ---- queries behind `sbx audit` and `sbx session show` ------------------------------------- */

/* Called once per result row with the statement positioned on it (borrowed: read columns only).
 * Column names are the stable field names (db/SCHEMA.md). Return 0 to go on, > 0 to stop
 * quietly, < 0 (-errno) to stop with that error. */
typedef int (*sbx_audit_row_fn)(void *userdata, sqlite3_stmt *row);

/* Every string is borrowed; NULL (or has_* false) means "any". */
struct sbx_audit_filter {
        bool has_since, has_until;
        int64_t since_ms;       /* started at or after (ms since the epoch, UTC) */
        int64_t until_ms;       /* started before */
        const char *session_id;
        const char *backend;
        const char *mode;
        const char *verdict;
        const char *state;      /* "running", "interrupted", "completed", ... as reported */
        const char *path_glob;  /* SQLite GLOB on denied paths ('*' also matches '/') */
        int64_t after_id;       /* only executions with a larger id (export --follow) */
        int64_t only_id;        /* only this execution, when > 0 (export --follow rechecks one) */
        int64_t limit;          /* the most recent N rows (still printed oldest first); 0: all */
};

enum sbx_audit_query {
        SBX_AUDIT_QUERY_LIST,      /* one summary row per execution */
        SBX_AUDIT_QUERY_EXPORT,    /* every column of each execution */
        SBX_AUDIT_QUERY_DENIALS,   /* one row per denial line, with its execution's facts */
        SBX_AUDIT_QUERY_TOP_PATHS, /* path, denials, executions; most denied first; limit = N */
        SBX_AUDIT_QUERY_STATS,     /* dimension, value, count */
        /* one row: executions, denial_lines: the denial lines counted but not kept (beyond
         * SBX_DENIALS_KEPT) of the executions the filters select, the path glob aside (a line not
         * kept cannot be matched) */
        SBX_AUDIT_QUERY_NOT_KEPT,
};

int sbx_audit_query(struct sbx_db *db, enum sbx_audit_query q, const struct sbx_audit_filter *f,
                    sbx_audit_row_fn fn, void *userdata, struct sbx_diag *diag);
/* Calls fn once with the query's statement prepared, not stepped: only its column names may be
 * read (a CSV header when no row comes). Not for SBX_AUDIT_QUERY_STATS, whose rows are built. */
int sbx_audit_query_columns(struct sbx_db *db, enum sbx_audit_query q, const struct sbx_audit_filter *f,
                            sbx_audit_row_fn fn, void *userdata, struct sbx_diag *diag);
/* One execution (every column), then each of its denial lines (line_no, line, path).
 * -ENOENT for an unknown id. denial_fn may be NULL. */
int sbx_audit_show(struct sbx_db *db, int64_t id, sbx_audit_row_fn execution_fn,
                   sbx_audit_row_fn denial_fn, void *userdata, struct sbx_diag *diag);
/* The denial lines of one execution. */
int sbx_audit_execution_denials(struct sbx_db *db, int64_t id, sbx_audit_row_fn fn, void *userdata,
                                struct sbx_diag *diag);
/* The session (id, created_at, host, uid, cwd, mode, mode_event_id, executions), its mode events
 * (id, at, mode, origin) and its executions (summary columns). -ENOENT for an unknown session. */
int sbx_audit_session_show(struct sbx_db *db, const char *session_id, sbx_audit_row_fn session_fn,
                           sbx_audit_row_fn mode_event_fn, sbx_audit_row_fn execution_fn,
                           void *userdata, struct sbx_diag *diag);

/* ---- retention (prune.c) ------------------------------------------------------------------ */

struct sbx_audit_prune_result {
        int64_t executions, denial_lines, sessions; /* removed (or, dry run, that would be) */
};
/* Removes the runs that started before before_ms, in one transaction: their denial lines with
 * them (and the denied_paths tally), but never a run in progress, nor one that a kept run follows
 * (parent_id), nor a session that keeps a run or began or changed mode since. dry_run counts and
 * changes nothing. 0, or -errno with diag set (nothing removed). */
int sbx_audit_prune(struct sbx_db *db, int64_t before_ms, bool dry_run, struct sbx_audit_prune_result *ret,
                    struct sbx_diag *diag);

/* ---- time ---------------------------------------------------------------------------------- */

/* Now, in ms since the epoch (UTC). */
int64_t sbx_audit_now_ms(void);
/* A point in time for --since/--until: a duration back from now_ms ("30m", "1d", "2w", "1h30m";
 * units s m h d w) or an ISO-8601 timestamp ("2024-05-01", "2024-05-01T12:00",
 * "2024-05-01 12:00:00.250", with an optional "Z" or "+02:00"; no zone means UTC).
 * -ERANGE for a well-formed one out of range (a duration of more than 200 years, a time before
 * 1970), -EINVAL for anything else. Pure. */
int sbx_audit_parse_time(const char *s, int64_t now_ms, int64_t *ret_ms);
/* Whether glob is an SQLite GLOB pattern that can match: each '[' opens a class that a ']' closes
 * (a ']' or "^]" first in it is a member); an unclosed one matches nothing at all. 0, or -EINVAL.
 * Pure. */
int sbx_audit_check_glob(const char *glob);
