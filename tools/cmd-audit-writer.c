/* sbx audit-writer: the long-lived process that writes the audit rows of `sbx run` for one
 * database (audit/writer.c). sbx run starts it on its own; running it by hand is for operators
 * and tests. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sbx-audit.h"
#include "sbx-db.h"
#include "sbx-macro.h"
#include "sbx-tool.h"

#define IDLE_DEFAULT_S 60

static const char usage_text[] =
        "usage: sbx audit-writer [--db PATH] [--idle SECONDS]\n"
        "Serves the audit database (--db, else $SBX_DB, else the default) to sbx run over the unix\n"
        "socket PATH.writer, for peers of the same uid and user namespace without no_new_privs\n"
        "(never a confined command). sbx run starts it when it finds none; it leaves after --idle\n"
        "seconds without a client (default 60), when its socket or database is removed, or on\n"
        "SIGTERM. Exit 0, or 125 when it cannot serve (2 on usage errors).\n";

int sbx_cmd_audit_writer(int argc, char **argv) {
        _cleanup_free_ char *db_path = NULL, *abs = NULL;
        const char *db = NULL;
        long idle = IDLE_DEFAULT_S;
        bool idle_given = false;
        struct sbx_diag diag = { 0 };
        int r;

        /* getopt_long, as every other verb: --db=PATH and --idle=N are taken, a missing value is
         * named as such, and --idle is read as every other number is (" 5" and "+5" served) */
        optind = 0;
        opterr = 0;
        for (;;) {
                enum { OPT_DB = 0x100, OPT_IDLE, OPT_HELP };
                static const struct option options[] = {
                        { "db", required_argument, NULL, OPT_DB },
                        { "idle", required_argument, NULL, OPT_IDLE },
                        { "help", no_argument, NULL, OPT_HELP },
                        {},
                };
                const char *element = sbx_getopt_element(argc, argv);
                char what[128];
                int64_t v;
                int c;

                if ((c = sbx_getopt_long(argc, argv, "+:h", options)) == -1)
                        break;
                /* an option given twice is ambiguous, as for every other verb: the last one
                 * silently won (--db A --db B served B) */
                if ((c == OPT_DB && db) || (c == OPT_IDLE && idle_given))
                        return sbx_fail(SBX_EXIT_USAGE, "audit-writer: --%s given twice: which one is meant?",
                                        c == OPT_DB ? "db" : "idle");
                switch (c) {
                case OPT_DB:
                        db = optarg;
                        break;
                case OPT_IDLE:
                        idle_given = true;
                        if (sbx_parse_int64(optarg, 1, 86400, &v) < 0)
                                return sbx_fail(SBX_EXIT_USAGE, "audit-writer: --idle needs 1..86400 seconds, got '%s'",
                                                optarg);
                        idle = (long) v;
                        break;
                case OPT_HELP:
                case 'h':
                        fputs(usage_text, stdout);
                        return 0;
                case ':':
                        return sbx_fail(SBX_EXIT_USAGE, "audit-writer: option '%s' needs a value", argv[optind - 1]);
                default:
                        return sbx_fail(SBX_EXIT_USAGE, "audit-writer: %s",
                                        sbx_getopt_error(element, optopt, what, sizeof(what)));
                }
        }
        if (optind < argc)
                return sbx_fail(SBX_EXIT_USAGE, "audit-writer: unexpected argument '%s'", argv[optind]);
        if ((r = sbx_db_default_path(db, &db_path, &diag)) < 0)
                return sbx_fail_diag(SBX_EXIT_USAGE, "audit-writer", &diag);
        if (db_path[0] != '/') {
                char cwd[PATH_MAX];
                if (!getcwd(cwd, sizeof(cwd)) || asprintf(&abs, "%s/%s", cwd, db_path) < 0)
                        return sbx_fail(SBX_EXIT_INFRA, "audit-writer: cannot make %s absolute", db_path);
        }
        /* the writer must not keep a directory busy */
        if (chdir("/") < 0)
                return sbx_fail(SBX_EXIT_INFRA, "audit-writer: cannot change to /: %s", strerror(errno));
        r = sbx_audit_writer_serve(abs ? abs : db_path, (int) idle * 1000, &diag);
        if (r < 0)
                return sbx_fail_diag(SBX_EXIT_INFRA, "audit-writer", &diag);
        return 0;
}
