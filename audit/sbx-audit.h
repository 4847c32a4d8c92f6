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
};

/* Inserts the row in its own transaction before the command runs. *ret_id is the execution id. */
int sbx_audit_begin(struct sbx_db *db, const struct sbx_execution_start *s, int64_t *ret_id,
                    struct sbx_diag *diag);
/* Completes the row (end time, duration, status, verdict, denial lines). */
int sbx_audit_finish(struct sbx_db *db, int64_t id, const struct sbx_execution_end *e,
                     struct sbx_diag *diag);

/* The session store behind policy resolution. Borrows db. */
struct sbx_session_lookup sbx_audit_session_lookup(struct sbx_db *db);
