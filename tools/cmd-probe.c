/* sbx probe: which backends work here, and which one the chain selects. */
#include <getopt.h>
#include <string.h>

#include "sbx-confine.h"
#include "sbx-macro.h"
#include "sbx-tool.h"

SBX_DEFINE_CLEANUP(struct sbx_config *, sbx_config_free)

static const char usage[] =
        "usage: sbx probe [--refresh] [--json]\n"
        "\n"
        "Runs the functional probe of each backend of the configured chain (a tiny confined command:\n"
        "a permitted write must land, a forbidden one must be refused), or shows the cached verdict.\n"
        "Backends of other platforms are listed as not applicable. Exit status 0 when a backend is\n"
        "usable, 125 when none is.\n"
        "\n"
        "  --refresh   ignore the cache and probe again\n"
        "  --json      one JSON object\n";

int sbx_cmd_probe(int argc, char **argv) {
        static const struct option options[] = {
                { "refresh", no_argument, NULL, 'r' },
                { "json", no_argument, NULL, 'j' },
                { "help", no_argument, NULL, 'h' },
                { NULL, 0, NULL, 0 },
        };
        _sbx_cleanup_(sbx_config_freep) struct sbx_config *cfg = NULL;
        struct sbx_probe_report rep;
        struct sbx_diag diag = { 0 };
        bool refresh = false, json = false;
        int c;

        optind = 0;
        opterr = 0;
        for (;;) {
                const char *element = sbx_getopt_element(argc, argv);
                char what[128];

                if ((c = sbx_getopt_long(argc, argv, "+h", options)) == -1)
                        break;
                switch (c) {
                case 'r': refresh = true; break;
                case 'j': json = true; break;
                case 'h': fputs(usage, stdout); return 0;
                default:
                        return sbx_fail(SBX_EXIT_USAGE, "probe: %s (see sbx probe --help)",
                                        sbx_getopt_error(element, optopt, what, sizeof(what)));
                }
        }
        if (optind < argc)
                return sbx_fail(SBX_EXIT_USAGE, "probe: unexpected argument '%s'", argv[optind]);
        if (sbx_config_load(&cfg, &diag) < 0)
                return sbx_fail_diag(SBX_EXIT_USAGE, "probe: configuration", &diag);
        if (sbx_probe(cfg, refresh, &rep, &diag) < 0)
                return sbx_fail_diag(SBX_EXIT_INFRA, "probe", &diag);

        if (json) {
                struct sbx_json j;
                sbx_json_begin(&j, stdout);
                sbx_json_str(&j, "selected", rep.selected[0] ? rep.selected : NULL);
                sbx_json_bool(&j, "from_cache", rep.from_cache);
                sbx_json_str(&j, "cache_path", rep.cache_path[0] ? rep.cache_path : NULL);
                sbx_json_str(&j, "cache_key", rep.cache_key);
                sbx_json_open_array(&j, "backends");
                for (size_t i = 0; i < rep.n; i++) {
                        const struct sbx_candidate *cand = &rep.candidates[i];
                        sbx_json_open_object(&j, NULL);
                        sbx_json_str(&j, "backend", cand->backend);
                        sbx_json_bool(&j, "applicable", cand->applicable);
                        sbx_json_bool(&j, "usable", cand->usable);
                        sbx_json_str(&j, "reason", cand->reason[0] ? cand->reason : NULL);
                        if (cand->usable) {
                                sbx_json_open_object(&j, "enforcement");
                                for (enum sbx_mode m = SBX_MODE_READ_ONLY; m <= SBX_MODE_WORKSPACE_WRITE; m++) {
                                        struct sbx_candidate st;
                                        (void) sbx_backend_check(cfg, cand->backend, m, &st);
                                        sbx_json_open_object(&j, sbx_mode_to_string(m));
                                        sbx_json_str(&j, "enforcement", sbx_enforcement_to_string(st.enforcement));
                                        sbx_json_str(&j, "reason", st.reason[0] ? st.reason : NULL);
                                        sbx_json_close_object(&j);
                                }
                                sbx_json_close_object(&j);
                        }
                        sbx_json_close_object(&j);
                }
                sbx_json_close_array(&j);
                sbx_json_end(&j);
                fputc('\n', stdout);
        } else {
                printf("%-12s %-10s %-8s %s\n", "BACKEND", "PLATFORM", "USABLE", "ENFORCEMENT / REASON");
                for (size_t i = 0; i < rep.n; i++) {
                        const struct sbx_candidate *cand = &rep.candidates[i];
                        printf("%-12s %-10s %-8s ", cand->backend, cand->applicable ? "yes" : "n/a",
                               cand->usable ? "yes" : "no");
                        if (!cand->usable) {
                                printf("%s\n", cand->reason);
                                continue;
                        }
                        for (enum sbx_mode m = SBX_MODE_READ_ONLY; m <= SBX_MODE_WORKSPACE_WRITE; m++) {
                                struct sbx_candidate st;
                                (void) sbx_backend_check(cfg, cand->backend, m, &st);
                                printf("%s%s: %s%s%s%s", m ? "; " : "", sbx_mode_to_string(m),
                                       sbx_enforcement_to_string(st.enforcement), st.reason[0] ? " (" : "", st.reason,
                                       st.reason[0] ? ")" : "");
                        }
                        putchar('\n');
                }
                printf("selected: %s\n", rep.selected[0] ? rep.selected : "none (SANDBOX_UNAVAILABLE)");
                printf("verdict: %s%s%s\n", rep.from_cache ? "cached in " : "probed now",
                       rep.from_cache ? rep.cache_path : "", rep.from_cache ? "" : "");
        }
        return rep.selected[0] ? 0 : SBX_EXIT_INFRA;
}
