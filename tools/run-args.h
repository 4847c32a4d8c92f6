/* run-args.h: option parsing of `sbx run`, apart from the verb so tests can call it. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sbx-confine.h"

#define SBX_RUN_KEEP_FDS_MAX 16

enum sbx_on_denial {
        SBX_ON_DENIAL_DENY, /* the default: never ask */
        SBX_ON_DENIAL_ASK,  /* after a read-only denial, ask to retry under workspace-write */
};

struct sbx_run_args {
        bool has_mode;
        enum sbx_mode mode;
        const char *root;
        const char *session;     /* --session, else $SBX_SESSION, else NULL */
        const char *backend;
        const char *db;
        const char *verdict_json;
        int verdict_fd;          /* -1 when not given */
        bool require_full;
        bool quiet;
        const char *command;     /* -c: run `bash -c command` */
        char **argv;             /* borrowed from the caller's argv: the command (or bash's extra args) */
        int keep_fds[SBX_RUN_KEEP_FDS_MAX];
        size_t n_keep_fds;
        enum sbx_on_denial on_denial;
        const char *approver;
        int64_t parent_id;       /* set by sbx itself for an approved retry, never from the command line */
        bool mode_approved;      /* likewise: the mode is the approved escalation's */
        bool help;
};

/* Parses argv (argv[0] = "run"). Borrows argv. Returns 0, or -EINVAL with one specific sentence in
 * err (no "sbx: " prefix). */
int sbx_run_args_parse(int argc, char **argv, struct sbx_run_args *ret, char *err, size_t err_size);

extern const char sbx_run_usage[];
