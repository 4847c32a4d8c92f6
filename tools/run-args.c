/* Option parsing of `sbx run`. Pure: no file is opened and nothing is spawned. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run-args.h"
#include "sbx-tool.h"

const char sbx_run_usage[] =
        "usage: sbx run [OPTIONS] -- ARGV...\n"
        "       sbx run [OPTIONS] -c 'shell command'\n"
        "\n"
        "Runs ARGV (or bash -c COMMAND) confined, passes stdin, stdout and stderr through, classifies\n"
        "the outcome and records it in the audit database. The exit status is the command's own\n"
        "(128+N for a death by signal N); 125 when the command never ran because of the sandbox\n"
        "(no usable backend, a refused partial run, a runner failure); 2 for usage errors.\n"
        "A confined run ends when its command ends: what the command left running is killed.\n"
        "\n"
        "  --mode MODE          read-only, workspace-write or danger-full-access (an explicit mode\n"
        "                       outranks the session's mode and the configured default)\n"
        "  --root DIR           workspace root (default: the session's cwd, else the configured\n"
        "                       fallback root, else the current directory)\n"
        "  --session ID         resolve the policy through a session (default: $SBX_SESSION)\n"
        "  --backend NAME       use this backend only: bwrap, landlock, seatbelt, windows-acl\n"
        "  --require-full       refuse (exit 125) rather than run with partial enforcement, or\n"
        "                       unconfined (a danger-full-access of the session or the config)\n"
        "  --db PATH            audit database (default: $SBX_DB, else $XDG_STATE_HOME/sbx/audit.db)\n"
        "  --verdict-json PATH  write the verdict record as one JSON object to PATH\n"
        "  --verdict-fd N       write the verdict record to the open descriptor N\n"
        "  --keep-fd N          let the command inherit descriptor N (repeatable)\n"
        "  --quiet              no notice on stderr after a denial or runner failure\n"
        "  --on-denial=deny|ask after a read-only denial, ask to retry under workspace-write\n"
        "  --approver PROG      with --on-denial=ask: PROG answers allow or deny instead of the terminal\n"
        "  -c COMMAND           run bash -c COMMAND\n"
        "  -h, --help           this text\n";

enum {
        OPT_MODE = 256,
        OPT_ROOT,
        OPT_SESSION,
        OPT_BACKEND,
        OPT_REQUIRE_FULL,
        OPT_DB,
        OPT_VERDICT_JSON,
        OPT_VERDICT_FD,
        OPT_KEEP_FD,
        OPT_QUIET,
        OPT_ON_DENIAL,
        OPT_APPROVER,
};

static const struct option options[] = {
        { "mode", required_argument, NULL, OPT_MODE },
        { "root", required_argument, NULL, OPT_ROOT },
        { "session", required_argument, NULL, OPT_SESSION },
        { "backend", required_argument, NULL, OPT_BACKEND },
        { "require-full", no_argument, NULL, OPT_REQUIRE_FULL },
        { "db", required_argument, NULL, OPT_DB },
        { "verdict-json", required_argument, NULL, OPT_VERDICT_JSON },
        { "verdict-fd", required_argument, NULL, OPT_VERDICT_FD },
        { "keep-fd", required_argument, NULL, OPT_KEEP_FD },
        { "quiet", no_argument, NULL, OPT_QUIET },
        { "on-denial", required_argument, NULL, OPT_ON_DENIAL },
        { "approver", required_argument, NULL, OPT_APPROVER },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
};

__attribute__((format(printf, 3, 4))) static int fail(char *err, size_t size, const char *fmt, ...) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, size, fmt, ap);
        va_end(ap);
        return -EINVAL;
}

static int parse_fd(const char *s, const char *what, int *ret, char *err, size_t size) {
        int64_t v;
        if (sbx_parse_int64(s, 0, 1 << 20, &v) < 0)
                return fail(err, size, "%s expects a descriptor number, got '%s'", what, s);
        *ret = (int) v;
        return 0;
}

/* The options that take one value. A second one replaced the first silently: a -c command
 * dropped, a verdict record never written where the caller (a wrapper that put its own
 * --verdict-json first) waits for it, a mode, root, session or database other than the one a
 * wrapper gave. Such a command line is ambiguous: a usage error, nothing runs. */
static bool single_valued(int c) {
        switch (c) {
        case OPT_MODE: case OPT_ROOT: case OPT_SESSION: case OPT_BACKEND: case OPT_DB: case OPT_VERDICT_JSON:
        case OPT_VERDICT_FD: case OPT_ON_DENIAL: case OPT_APPROVER:
                return true;
        default:
                return false;
        }
}

static const char *option_name(int c) {
        if (c == 'c')
                return "c";
        for (const struct option *o = options; o->name; o++)
                if (o->val == c)
                        return o->name;
        return "?";
}

int sbx_run_args_parse(int argc, char **argv, struct sbx_run_args *ret, char *err, size_t err_size) {
        struct sbx_run_args a = { .verdict_fd = -1 };
        uint32_t seen = 0;
        int c, r;

        optind = 0; /* reinitialize glibc's getopt: the parser may be called more than once */
        opterr = 0;
        for (;;) {
                const char *element = sbx_getopt_element(argc, argv); /* the one an error names */
                char what[128];

                if ((c = sbx_getopt_long(argc, argv, "+:c:h", options)) == -1)
                        break;
                if (c == 'c' || single_valued(c)) {
                        uint32_t bit = c == 'c' ? 1u : 2u << (c - OPT_MODE);
                        if (seen & bit)
                                return fail(err, err_size, "%s%s given twice: which one is meant?", c == 'c' ? "-" : "--",
                                            option_name(c));
                        seen |= bit;
                }
                switch (c) {
                case OPT_MODE:
                        if (sbx_mode_from_string(optarg, &a.mode) < 0)
                                return fail(err, err_size,
                                            "unknown mode '%s' (read-only, workspace-write, danger-full-access)", optarg);
                        a.has_mode = true;
                        break;
                case OPT_ROOT:
                        if (!*optarg)
                                return fail(err, err_size, "--root expects a directory, got an empty string");
                        a.root = optarg;
                        break;
                case OPT_SESSION:
                        a.session = optarg;
                        break;
                case OPT_BACKEND:
                        a.backend = optarg;
                        break;
                case OPT_REQUIRE_FULL:
                        a.require_full = true;
                        break;
                case OPT_DB:
                        if (!*optarg)
                                return fail(err, err_size, "--db needs a path");
                        a.db = optarg;
                        break;
                case OPT_VERDICT_JSON:
                        if (!*optarg)
                                return fail(err, err_size, "--verdict-json needs a path");
                        a.verdict_json = optarg;
                        break;
                case OPT_VERDICT_FD:
                        if ((r = parse_fd(optarg, "--verdict-fd", &a.verdict_fd, err, err_size)) < 0)
                                return r;
                        if (a.verdict_fd <= 2)
                                return fail(err, err_size, "--verdict-fd must not be 0, 1 or 2");
                        break;
                case OPT_KEEP_FD: {
                        int fd = -1;
                        if ((r = parse_fd(optarg, "--keep-fd", &fd, err, err_size)) < 0)
                                return r;
                        if (fd <= 2)
                                return fail(err, err_size, "--keep-fd %d: descriptors 0, 1 and 2 are always passed", fd);
                        if (a.n_keep_fds >= SBX_RUN_KEEP_FDS_MAX)
                                return fail(err, err_size, "at most %d --keep-fd options", SBX_RUN_KEEP_FDS_MAX);
                        a.keep_fds[a.n_keep_fds++] = fd;
                        break;
                }
                case OPT_QUIET:
                        a.quiet = true;
                        break;
                case OPT_ON_DENIAL:
                        if (strcmp(optarg, "deny") == 0)
                                a.on_denial = SBX_ON_DENIAL_DENY;
                        else if (strcmp(optarg, "ask") == 0)
                                a.on_denial = SBX_ON_DENIAL_ASK;
                        else
                                return fail(err, err_size, "--on-denial expects deny or ask, got '%s'", optarg);
                        break;
                case OPT_APPROVER:
                        if (!*optarg)
                                return fail(err, err_size, "--approver needs a program, got an empty string");
                        a.approver = optarg;
                        break;
                case 'c':
                        /* bash -c '' runs nothing and exits 0: a failed `-c "$(...)"` read as a
                         * successful run, where an empty command name after -- is refused */
                        if (optarg[strspn(optarg, " \t\n")] == '\0')
                                return fail(err, err_size, "-c needs a shell command, got an empty script");
                        a.command = optarg;
                        break;
                case 'h':
                        a.help = true;
                        *ret = a;
                        return 0;
                case ':':
                        return fail(err, err_size, "option %s needs a value", argv[optind - 1]);
                default:
                        return fail(err, err_size, "%s (see sbx run --help)",
                                    sbx_getopt_error(element, optopt, what, sizeof(what)));
                }
        }
        a.argv = argv + optind;
        if (!a.command && !a.argv[0])
                return fail(err, err_size, "no command given (sbx run [OPTIONS] -- ARGV... or -c COMMAND)");
        if (!a.command && a.argv[0][0] == '\0')
                return fail(err, err_size, "the command name is empty");
        if (a.approver && a.on_denial != SBX_ON_DENIAL_ASK)
                return fail(err, err_size, "--approver needs --on-denial=ask");
        if (a.has_mode && a.mode == SBX_MODE_DANGER_FULL_ACCESS && (a.backend || a.require_full))
                return fail(err, err_size, "danger-full-access runs unconfined: --backend and --require-full do not apply");
        if (!a.session && sbx_env_session(&a.session) < 0)
                return fail(err, err_size, SBX_ENV_SESSION_EMPTY);
        if (a.backend && !sbx_mode_is_confined(a.mode) && a.has_mode)
                return fail(err, err_size, "--backend needs a confined mode");
        for (size_t i = 0; i < a.n_keep_fds; i++)
                if (a.keep_fds[i] == a.verdict_fd)
                        return fail(err, err_size, "descriptor %d is both --keep-fd and --verdict-fd", a.verdict_fd);
        *ret = a;
        return 0;
}
