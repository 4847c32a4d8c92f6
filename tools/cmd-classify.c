/* sbx classify: classify a recorded exit status and stderr with a backend's dialect. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd-classify.h"
#include "sbx-classify.h"
#include "sbx-confine.h"
#include "sbx-tool.h"

SBX_DEFINE_CLEANUP(struct sbx_dialect *, sbx_dialect_free)
SBX_DEFINE_CLEANUP(struct sbx_classifier *, sbx_classifier_free)
SBX_DEFINE_CLEANUP(struct sbx_config *, sbx_config_free)

#define READ_CHUNK (256 * 1024)

static void usage(FILE *f) {
        fputs("usage: sbx classify --backend NAME (--exit N | --signal N) [--stderr FILE] [--dialect FILE]\n"
              "                    [--cwd DIR] [--mode M --root DIR] [--json]\n"
              "\n"
              "Classifies a finished run from its exit status and its stderr (standard input unless\n"
              "--stderr is given) with the dialect of NAME (bwrap, landlock, seatbelt, windows-acl,\n"
              "none; an operator file <config dir>/dialects/NAME.dialect overrides a built-in) or the\n"
              "dialect file given with --dialect. Prints the verdict: success, task_failure, denied or\n"
              "runner_failure. Exit status 0 whenever it classified, 2 on a usage error.\n"
              "\n"
              "  --backend NAME   the backend whose stderr language applies\n"
              "  --exit N         the exit code (0..255)\n"
              "  --signal N       the terminating signal (1..64), without --exit: a command killed\n"
              "                   has no exit code; 0: none, the command exited (as the verdict\n"
              "                   record says), with its --exit N\n"
              "  --stderr FILE    read stderr from FILE instead of standard input\n"
              "  --dialect FILE   use this dialect file (format: classify/README.md)\n"
              "  --cwd DIR        the absolute directory the command started in: relative paths of\n"
              "                   denial lines are joined to it (as text, nothing is looked up)\n"
              "  --mode M, --root DIR  the run's mode and workspace root: under landlock in\n"
              "                   workspace-write, 'Permission denied' on a path beneath the root is\n"
              "                   the host's own permissions, not a denial (unless the sandbox refuses\n"
              "                   it there too: set-ID bits, device nodes, the root itself)\n"
              "  --json           print one JSON object instead of the verdict word\n",
              f);
}

/* Whether the value of --name is an absolute directory that a denial line's path can hold: 0, or
 * -EINVAL with the reason in err. */
static int absolute_dir_arg(const char *name, const char *value, char *err, size_t errlen) {
        if (value[0] != '/')
                return snprintf(err, errlen, "classify: --%s wants an absolute directory, not '%s'", name, value), -EINVAL;
        if (strlen(value) >= SBX_DENIAL_PATH_MAX)
                return snprintf(err, errlen, "classify: --%s is longer than %d bytes", name, SBX_DENIAL_PATH_MAX - 1), -EINVAL;
        return 0;
}

int sbx_classify_args_parse(int argc, char **argv, struct sbx_classify_args *a, char *err, size_t errlen) {
        enum { OPT_BACKEND = 0x100, OPT_EXIT, OPT_SIGNAL, OPT_STDERR, OPT_DIALECT, OPT_CWD, OPT_MODE, OPT_ROOT, OPT_JSON, OPT_HELP };
        static const struct option opts[] = {
                { "backend", required_argument, NULL, OPT_BACKEND },
                { "exit", required_argument, NULL, OPT_EXIT },
                { "signal", required_argument, NULL, OPT_SIGNAL },
                { "stderr", required_argument, NULL, OPT_STDERR },
                { "dialect", required_argument, NULL, OPT_DIALECT },
                { "cwd", required_argument, NULL, OPT_CWD },
                { "mode", required_argument, NULL, OPT_MODE },
                { "root", required_argument, NULL, OPT_ROOT },
                { "json", no_argument, NULL, OPT_JSON },
                { "help", no_argument, NULL, OPT_HELP },
                {},
        };
        unsigned seen = 0;
        int c, r;

        memset(a, 0, sizeof(*a));
        optind = 0;
        opterr = 0;
        for (;;) {
                const char *element = sbx_getopt_element(argc, argv); /* the one an error names */
                char what[128];
                int64_t v;

                if ((c = sbx_getopt_long(argc, argv, "+:h", opts)) < 0)
                        break;
                /* each value once, as for sbx run: a second one silently replaced the first (a
                 * verdict of --exit 0 after --exit 1, another backend's dialect) */
                if (c >= OPT_BACKEND && c <= OPT_ROOT) {
                        unsigned bit = 1u << (c - OPT_BACKEND);
                        if (seen & bit)
                                return snprintf(err, errlen, "classify: --%s given twice: which one is meant?",
                                                opts[c - OPT_BACKEND].name), -EINVAL;
                        seen |= bit;
                }

                switch (c) {
                case OPT_BACKEND:
                        a->backend = optarg;
                        break;
                case OPT_EXIT:
                        if (sbx_parse_int64(optarg, 0, 255, &v) < 0)
                                return snprintf(err, errlen, "classify: --exit wants a number in 0..255, not '%s'", optarg), -EINVAL;
                        a->exit_code = (int) v;
                        a->has_exit = true;
                        break;
                case OPT_SIGNAL:
                        /* 0 is no signal, as the verdict record, --json and a fixture's meta say of
                         * a command that exited: a caller passing a record's exit_code and signal
                         * back (DESIGN.md: --exit N [--signal N]) got a usage error for every run
                         * that was not killed */
                        if (sbx_parse_int64(optarg, 0, 64, &v) < 0)
                                return snprintf(err, errlen, "classify: --signal wants a number in 0..64, not '%s'", optarg), -EINVAL;
                        a->signal = (int) v;
                        a->has_signal = true;
                        break;
                /* an empty name was "cannot open stderr file : No such file or directory" */
                case OPT_STDERR:
                        if (!optarg[0])
                                return snprintf(err, errlen, "classify: --stderr needs a file, got an empty string"), -EINVAL;
                        a->stderr_path = optarg;
                        break;
                case OPT_DIALECT:
                        if (!optarg[0])
                                return snprintf(err, errlen, "classify: --dialect needs a file, got an empty string"), -EINVAL;
                        a->dialect_path = optarg;
                        break;
                case OPT_CWD:
                        if ((r = absolute_dir_arg("cwd", optarg, err, errlen)) < 0)
                                return r;
                        a->cwd = optarg;
                        break;
                case OPT_MODE:
                        if (strcmp(optarg, "read-only") != 0 && strcmp(optarg, "workspace-write") != 0 &&
                            strcmp(optarg, "danger-full-access") != 0)
                                return snprintf(err, errlen, "classify: --mode wants read-only, workspace-write or danger-full-access, not '%s'", optarg), -EINVAL;
                        a->mode = optarg;
                        break;
                case OPT_ROOT:
                        if ((r = absolute_dir_arg("root", optarg, err, errlen)) < 0)
                                return r;
                        a->root = optarg;
                        break;
                case OPT_JSON:
                        a->json = true;
                        break;
                case 'h':
                case OPT_HELP:
                        a->help = true;
                        return 0;
                case ':':
                        return snprintf(err, errlen, "classify: option '%s' needs a value", argv[optind - 1]), -EINVAL;
                default:
                        return snprintf(err, errlen, "classify: %s (try 'sbx classify --help')",
                                        sbx_getopt_error(element, optopt, what, sizeof(what))), -EINVAL;
                }
        }
        if (optind < argc)
                return snprintf(err, errlen, "classify: unexpected argument '%s'", argv[optind]), -EINVAL;
        if (!a->backend)
                return snprintf(err, errlen, "classify: --backend NAME is required"), -EINVAL;
        /* a command either exited or was killed: --exit 0 --signal 9 printed task_failure, the
         * exit code dropped without a word (a fixture's meta writes exit=0 there: its keys are
         * both required; here --signal alone says it) */
        if (a->has_exit && a->signal != 0)
                return snprintf(err, errlen, "classify: --exit %d with --signal %d: a command killed by a signal has no exit "
                                "code (give --signal %d alone)", a->exit_code, a->signal, a->signal), -EINVAL;
        if (!a->has_exit && a->signal == 0)
                return snprintf(err, errlen, a->has_signal ? "classify: --signal 0 says the command exited: give its --exit N"
                                                           : "classify: --exit N (or --signal N) is required"),
                       -EINVAL;
        if (!a->mode != !a->root)
                return snprintf(err, errlen, "classify: --mode and --root go together"), -EINVAL;
        return 0;
}

int sbx_classify_fd(const struct sbx_dialect *d, const struct sbx_classify_context *ctx, int fd,
                    const struct sbx_exit_status *st, struct sbx_classify_result *ret, struct sbx_diag *diag) {
        _sbx_cleanup_(sbx_classifier_freep) struct sbx_classifier *c = NULL;
        _cleanup_free_ char *buf = NULL;
        int r;

        r = sbx_classifier_new(d, &c, diag);
        if (r < 0)
                return r;
        if (ctx && (r = sbx_classifier_set_context(c, ctx)) < 0)
                return sbx_diag_set(diag, -r, "classify", NULL, "cannot use the run's context: %s", strerror(-r));
        buf = malloc(READ_CHUNK);
        if (!buf)
                return sbx_diag_set(diag, ENOMEM, "read stderr", NULL, "out of memory");
        for (;;) {
                ssize_t n = read(fd, buf, READ_CHUNK);

                if (n < 0) {
                        if (errno == EINTR)
                                continue;
                        return sbx_diag_set(diag, errno, "read stderr", NULL, "cannot read stderr: %s", strerror(errno));
                }
                if (n == 0)
                        break;
                r = sbx_classify_feed(c, buf, (size_t) n);
                if (r < 0)
                        return sbx_diag_set(diag, -r, "classify", NULL, "classification failed: %s", strerror(-r));
        }
        return sbx_classify_finish(c, st, ret, diag);
}

/* The workspace root and the temp area of a workspace-write run into ret (NULL-terminated), under
 * the landlock backend, or also bwrap when bwrap_too; none otherwise. */
static size_t workspace_dirs(const char *backend, const char *mode, const char *root, const char *temp,
                             bool bwrap_too, const char **ret) {
        size_t n = 0;

        if (backend && mode && root && root[0] == '/' &&
            (strcmp(backend, "landlock") == 0 || (bwrap_too && strcmp(backend, "bwrap") == 0)) &&
            strcmp(mode, "workspace-write") == 0) {
                ret[n++] = root;
                if (temp && temp[0] == '/')
                        ret[n++] = temp;
        }
        ret[n] = NULL;
        return n;
}

size_t sbx_classify_writable_dirs(const char *backend, const char *mode, const char *root, const char *temp,
                                  const char **ret) {
        return workspace_dirs(backend, mode, root, temp, false, ret);
}

size_t sbx_classify_granted_dirs(const char *backend, const char *mode, const char *root, const char *temp,
                                 const char **ret) {
        return workspace_dirs(backend, mode, root, temp, true, ret);
}

void sbx_classify_result_json(struct sbx_json *j, const struct sbx_classify_result *res) {
        sbx_json_str(j, "verdict", sbx_verdict_to_string(res->verdict));
        if (res->status.signal == 0)
                sbx_json_int(j, "exit_code", res->status.exit_code);
        else
                sbx_json_null(j, "exit_code");
        sbx_json_int(j, "signal", res->status.signal);
        sbx_json_str(j, "rule", res->rule[0] ? res->rule : NULL);
        sbx_json_str(j, "signature", res->signature[0] ? res->signature : NULL);
        sbx_json_int(j, "line_no", (int64_t) res->line_no);
        sbx_json_str(j, "matched_line", res->matched_line[0] ? res->matched_line : NULL);
        sbx_json_int(j, "stderr_bytes", (int64_t) res->stderr_bytes);
        sbx_json_int(j, "stderr_lines", (int64_t) res->stderr_lines);
        sbx_json_int(j, "denial_lines", (int64_t) res->denial_lines);
        sbx_json_int(j, "denials_not_kept", (int64_t) (res->denial_lines - res->n_denials));
        sbx_json_open_array(j, "denials");
        for (size_t i = 0; i < res->n_denials; i++) {
                sbx_json_open_object(j, NULL);
                sbx_json_int(j, "line_no", (int64_t) res->denials[i].line_no);
                sbx_json_str(j, "line", res->denials[i].line);
                sbx_json_str(j, "path", res->denials[i].path[0] ? res->denials[i].path : NULL);
                sbx_json_close_object(j);
        }
        sbx_json_close_array(j);
}

int sbx_classify_load_dialect(const char *backend, const char *dialect_path, struct sbx_dialect **ret,
                              struct sbx_diag *diag) {
        _sbx_cleanup_(sbx_config_freep) struct sbx_config *cfg = NULL;
        int r;

        if (dialect_path)
                return sbx_dialect_load_file(dialect_path, ret, diag);
        r = sbx_config_load(&cfg, diag);
        if (r < 0)
                return r;
        return sbx_dialect_find(backend, cfg->config_dirs, ret, diag);
}

int sbx_cmd_classify(int argc, char **argv) {
        _sbx_cleanup_(sbx_dialect_freep) struct sbx_dialect *d = NULL;
        _cleanup_close_ int fd = -1;
        struct sbx_classify_args a;
        static struct sbx_classify_result res; /* 64 denials of a PATH_MAX path each: not on the stack */
        struct sbx_exit_status st;
        struct sbx_diag diag = { 0 };
        char err[512];
        int r;

        if (sbx_classify_args_parse(argc, argv, &a, err, sizeof(err)) < 0)
                return sbx_fail(SBX_EXIT_USAGE, "%s", err);
        if (a.help) {
                usage(stdout);
                return SBX_EXIT_OK;
        }
        r = sbx_classify_load_dialect(a.backend, a.dialect_path, &d, &diag);
        if (r < 0)
                return sbx_fail_diag(SBX_EXIT_USAGE, "classify", &diag);
        if (a.stderr_path) {
                fd = open(a.stderr_path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
                if (fd < 0)
                        return sbx_fail(SBX_EXIT_USAGE, "classify: cannot open stderr file %s: %s", a.stderr_path,
                                        strerror(errno));
                /* (a directory opens, and only the first read says so: status 1, as if classifying failed) */
                struct stat sst;
                if (fstat(fd, &sst) == 0 && S_ISDIR(sst.st_mode))
                        return sbx_fail(SBX_EXIT_USAGE, "classify: stderr file %s is a directory", a.stderr_path);
        }
        st.exit_code = a.signal ? 0 : a.exit_code;
        st.signal = a.signal;
        const char *writable[3], *granted[3];
        struct sbx_classify_context ctx = { .cwd = a.cwd, .writable = writable, .granted = granted };
        sbx_classify_writable_dirs(a.backend, a.mode, a.root, NULL, writable);
        sbx_classify_granted_dirs(a.backend, a.mode, a.root, NULL, granted);
        r = sbx_classify_fd(d, &ctx, fd >= 0 ? fd : STDIN_FILENO, &st, &res, &diag);
        if (r < 0)
                return sbx_fail_diag(1, "classify", &diag);
        if (a.json) {
                struct sbx_json j;

                sbx_json_begin(&j, stdout);
                sbx_json_str(&j, "backend", a.backend);
                sbx_json_str(&j, "dialect", sbx_dialect_name(d));
                sbx_classify_result_json(&j, &res);
                sbx_json_end(&j);
                fputc('\n', stdout);
        } else
                puts(sbx_verdict_to_string(res.verdict));
        if (fflush(stdout) != 0)
                return sbx_fail(1, "classify: cannot write the result: %s", strerror(errno));
        return SBX_EXIT_OK;
}
