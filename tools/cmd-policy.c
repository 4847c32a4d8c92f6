/* sbx policy resolve: the execution policy a run would get, without running anything. */
#include <errno.h>
#include <getopt.h>
#include <string.h>

#include "audit-output.h"
#include "sbx-audit.h"
#include "sbx-confine.h"
#include "sbx-db.h"
#include "sbx-macro.h"
#include "sbx-tool.h"

SBX_DEFINE_CLEANUP(struct sbx_config *, sbx_config_free)
SBX_DEFINE_CLEANUP(struct sbx_policy *, sbx_policy_free)
SBX_DEFINE_CLEANUP(struct sbx_db *, sbx_db_close)

static const char usage[] =
        "usage: sbx policy resolve [--session ID] [--mode M] [--root DIR] [--db PATH] [--json]\n"
        "\n"
        "Prints the execution policy a run would get: an explicit mode outranks the session's last\n"
        "mode event, which outranks the configured default; the workspace root is the session's cwd,\n"
        "else --root, else the configured fallback root, else the current directory, canonicalized.\n";

/* The session store, telling a record that could not be read from an unknown session. */
struct lookup {
        struct sbx_db *db;
        bool failed;
};

static int lookup_session(void *userdata, const char *session_id, struct sbx_session_info *ret, struct sbx_diag *diag) {
        struct lookup *l = userdata;
        int r = sbx_audit_session_get(l->db, session_id, ret, diag);

        if (r < 0 && r != -ENOENT)
                l->failed = true;
        return r;
}

int sbx_cmd_policy(int argc, char **argv) {
        static const struct option options[] = {
                { "session", required_argument, NULL, 's' },
                { "mode", required_argument, NULL, 'm' },
                { "root", required_argument, NULL, 'r' },
                { "db", required_argument, NULL, 'd' },
                { "json", no_argument, NULL, 'j' },
                { "help", no_argument, NULL, 'h' },
                { NULL, 0, NULL, 0 },
        };
        _sbx_cleanup_(sbx_config_freep) struct sbx_config *cfg = NULL;
        _sbx_cleanup_(sbx_policy_freep) struct sbx_policy *policy = NULL;
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        _cleanup_free_ char *db_path = NULL;
        struct sbx_policy_request req = { 0 };
        struct sbx_session_lookup sessions = { 0 };
        struct lookup store = { 0 };
        struct sbx_diag diag = { 0 };
        const char *db_opt = NULL;
        bool json = false;
        unsigned seen = 0;
        int c, r;

        if (argc < 2 || strcmp(argv[1], "resolve") != 0) {
                if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
                        fputs(usage, stdout);
                        return 0;
                }
                return sbx_fail(SBX_EXIT_USAGE, "policy: expected 'sbx policy resolve' (see sbx policy --help)");
        }
        argc--;
        argv++;
        optind = 0;
        opterr = 0;
        for (;;) {
                const char *element = sbx_getopt_element(argc, argv); /* the one an error names */
                char what[128];

                if ((c = sbx_getopt_long(argc, argv, "+:h", options)) == -1)
                        break;
                /* each value once, as for sbx run: a second one silently replaced the first, and
                 * the policy printed was one that sbx run refuses to resolve */
                if (c == 's' || c == 'm' || c == 'r' || c == 'd') {
                        unsigned bit = 1u << (c == 's' ? 0 : c == 'm' ? 1 : c == 'r' ? 2 : 3);
                        if (seen & bit)
                                return sbx_fail(SBX_EXIT_USAGE, "policy: --%s given twice: which one is meant?",
                                                c == 's' ? "session" : c == 'm' ? "mode" : c == 'r' ? "root" : "db");
                        seen |= bit;
                }
                switch (c) {
                case 's': req.session_id = optarg; break;
                case 'm':
                        if (sbx_mode_from_string(optarg, &req.mode) < 0)
                                return sbx_fail(SBX_EXIT_USAGE,
                                                "policy: unknown mode '%s' (read-only, workspace-write, danger-full-access)",
                                                optarg);
                        req.has_mode = true;
                        break;
                case 'r': req.root = optarg; break;
                case 'd':
                        if (!*optarg)
                                return sbx_fail(SBX_EXIT_USAGE, "policy: --db needs a path");
                        db_opt = optarg;
                        break;
                case 'j': json = true; break;
                case 'h': fputs(usage, stdout); return 0;
                case ':': return sbx_fail(SBX_EXIT_USAGE, "policy: option %s needs a value", argv[optind - 1]);
                default:
                        return sbx_fail(SBX_EXIT_USAGE, "policy: %s", sbx_getopt_error(element, optopt, what, sizeof(what)));
                }
        }
        if (optind < argc)
                return sbx_fail(SBX_EXIT_USAGE, "policy: unexpected argument '%s'", argv[optind]);
        if (!req.session_id && sbx_env_session(&req.session_id) < 0)
                return sbx_fail(SBX_EXIT_USAGE, "policy: " SBX_ENV_SESSION_EMPTY);
        if (sbx_config_load(&cfg, &diag) < 0)
                return sbx_fail_diag(SBX_EXIT_USAGE, "policy: configuration", &diag);
        if (req.session_id) {
                if (sbx_db_default_path(db_opt, &db_path, &diag) < 0)
                        return sbx_fail_diag(SBX_EXIT_USAGE, "policy: audit database", &diag);
                if ((r = sbx_audit_tool_require_db(db_path, "policy", "session", req.session_id)))
                        return r;
                /* a database that cannot be read is not a usage error: exit 1, as for every other
                 * query verb (man page, EXIT STATUS); one of an older schema is read as they read
                 * it, upgraded (it was refused, "upgraded by the next sbx that writes to it") */
                if ((r = sbx_audit_tool_open(db_path, false, &db)))
                        return r;
                store.db = db;
                sessions = (struct sbx_session_lookup) { .lookup = lookup_session, .userdata = &store };
        }
        /* a session that cannot be read (a damaged page) is no usage error: 1, as above */
        if (sbx_policy_resolve(cfg, &req, req.session_id ? &sessions : NULL, &policy, &diag) < 0)
                return sbx_fail_diag(store.failed ? 1 : SBX_EXIT_USAGE, "policy", &diag);

        if (json) {
                struct sbx_json j;
                sbx_json_begin(&j, stdout);
                sbx_json_str(&j, "mode", sbx_mode_to_string(policy->mode));
                sbx_json_str(&j, "mode_source", sbx_mode_source_to_string(policy->mode_source));
                sbx_json_str(&j, "workspace_root", policy->workspace_root);
                sbx_json_str(&j, "session_id", policy->session_id);
                if (policy->mode_event_id)
                        sbx_json_int(&j, "mode_event_id", policy->mode_event_id);
                else
                        sbx_json_null(&j, "mode_event_id");
                sbx_json_bool(&j, "confined", sbx_mode_is_confined(policy->mode));
                sbx_json_end(&j);
                fputc('\n', stdout);
        } else {
                printf("mode: %s (%s)\n", sbx_mode_to_string(policy->mode), sbx_mode_source_to_string(policy->mode_source));
                _cleanup_free_ char *root = sbx_term_text(policy->workspace_root, strlen(policy->workspace_root));
                printf("workspace_root: %s\n", root ? root : "?");
                if (policy->session_id)
                        printf("session: %s\n", policy->session_id);
                if (policy->mode_event_id)
                        printf("mode_event: %lld\n", (long long) policy->mode_event_id);
        }
        return 0;
}
