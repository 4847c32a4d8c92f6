/* sbx: run a command confined, attribute its failure, keep a forensic record. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <ucontext.h>
#include <unistd.h>

#include "run-exec.h"
#include "sbx-config.h"
#include "sbx-tool.h"

static const struct verb {
        const char *name;
        int (*fn)(int argc, char **argv);
        const char *summary;
} verbs[] = {
        { "run",      sbx_cmd_run,      "run a command confined, classify and record it" },
        { "classify", sbx_cmd_classify, "classify a recorded exit status and stderr" },
        { "probe",    sbx_cmd_probe,    "probe the backends and show which one is selected" },
        { "policy",   sbx_cmd_policy,   "resolve the execution policy (policy resolve)" },
        { "session",  sbx_cmd_session,  "start a session, log a mode event, show a session" },
        { "audit",    sbx_cmd_audit,    "query the audit database" },
        { "fixtures", sbx_cmd_fixtures, "check or record dialect fixtures" },
        { "audit-writer", sbx_cmd_audit_writer, "serve the audit database to sbx run (started by it)" },
};

static void usage(FILE *f) {
        fputs("usage: sbx VERB [OPTIONS] ...\n\nverbs:\n", f);
        for (size_t i = 0; i < SBX_ELEMENTSOF(verbs); i++)
                fprintf(f, "  %-12s %s\n", verbs[i].name, verbs[i].summary);
        fputs("\nsbx VERB --help shows a verb's options; man sbx has the whole story.\n", f);
}

/* What sbx printed must have arrived: a full disk or a closed pipe is an error, never a silent
 * success (review). A verb that failed on its own (status 1) gets the reason if it gave none (one
 * that said why is not told twice: classify > /dev/full printed two lines). The errno of a write
 * that failed before this last flush is gone: it is then not guessed. */
static int output_checked(const char *what, int status) {
        errno = 0;
        if ((fflush(stdout) != 0 || ferror(stdout)) && (status == 0 || (status == 1 && !sbx_failure_reported()))) {
                if (errno)
                        return sbx_fail(1, "%s: cannot write standard output: %s", what, strerror(errno));
                return sbx_fail(1, "%s: cannot write standard output (a write failed)", what);
        }
        return status;
}

/* A standard descriptor that is closed when sbx starts would be the number of the next file a
 * verb opens, and what sbx prints there, or hands a child as that descriptor, would go to that
 * file (review: `sbx fixtures record ... 2>&-` opened its stderr capture as descriptor 2, which the
 * command then lost on exec: a case kept with an empty stderr and the wrong verdict, exit 0).
 * /dev/null holds the number, opened the other way round, so that sbx's own use of it still fails
 * as on a closed descriptor (EBADF: a closed stdout stays an error). `sbx run` gives the command a
 * usable /dev/null there itself (sbx_run_check_fds()). */
static int hold_std_fds(void) {
        for (int fd = 0; fd <= 2; fd++)
                if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
                        int n = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_NOCTTY);
                        if (n != fd) {
                                if (n >= 0)
                                        close(n);
                                return sbx_fail(1, "cannot open /dev/null for the closed descriptor %d", fd);
                        }
                }
        return 0;
}

/* sbx's own stack when the caller's stack limit is small. sbx needs about 140 KiB (`sbx classify`
 * and `fixtures` hold a classifier on the stack; `sbx run` 80-100 KiB, its Landlock launcher's
 * vfork child running on the same stack), and under `ulimit -s 96` or less a run died of SIGSEGV:
 * exit 139 as if the command had crashed, the row left running or the launcher's death recorded
 * as the command's (review). Raising the limit would hand the raised one to every child, the
 * command among them, unless each exec site restored it; instead a verb then runs on a mapping
 * of its own (RLIMIT_STACK governs only the growth of the main thread's stack), with a guard page
 * below it, and the caller's limit reaches the command untouched. Not in a sanitizer build:
 * AddressSanitizer does not follow a switch of stacks (its frames are several times larger
 * anyway). */
enum { SBX_OWN_STACK = 8u << 20, SBX_STACK_ENOUGH = 1u << 20, SBX_ROOMY_AS = 256u << 20 };

#if !defined(__SANITIZE_ADDRESS__)
static struct {
        int (*fn)(int argc, char **argv);
        int argc;
        char **argv;
        int status;
} verb_call;

static void call_verb(void) {
        verb_call.status = verb_call.fn(verb_call.argc, verb_call.argv);
}
#endif

static int run_verb(int (*fn)(int argc, char **argv), int argc, char **argv) {
        struct rlimit rl, as;
        bool small = getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < SBX_STACK_ENOUGH;
        /* Under a limit on address space (`ulimit -v`) the main thread's stack grows only while
         * the limit leaves room: near it, a deeper call than any before died of SIGSEGV, after the
         * command had run (exit 139 as if it had crashed, its row left running; at 6.4-6.7 MB
         * here, in the classifier's frames). A stack mapped whole beforehand needs no growth: a
         * limit too low for it refuses the run before anything runs, and one just above it has
         * sbx's allocations fail, which it reports. Only under a tight one (below SBX_ROOMY_AS;
         * sbx needs a few MB), and SBX_STACK_ENOUGH, not more: the mapping counts against it. */
        bool limited_as = getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur < SBX_ROOMY_AS;
        if (!small && !limited_as)
                return fn(argc, argv);
#if defined(__SANITIZE_ADDRESS__)
        return fn(argc, argv);
#else
        size_t page = (size_t)sysconf(_SC_PAGESIZE);
        size_t size = limited_as ? SBX_STACK_ENOUGH : SBX_OWN_STACK;
        size_t len = size + page;
        char *mem = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
        if (mem == MAP_FAILED)
                return sbx_fail(strcmp(argv[0], "run") == 0 ? SBX_EXIT_INFRA : 1,
                                "cannot map a stack under the %s limit of %llu KiB: %s",
                                limited_as ? "address space" : "stack",
                                (unsigned long long)((limited_as ? as.rlim_cur : rl.rlim_cur) / 1024), strerror(errno));
        static ucontext_t caller, verb;
        if (mprotect(mem, page, PROT_NONE) != 0 || getcontext(&verb) != 0) {
                int e = errno;
                munmap(mem, len);
                return sbx_fail(strcmp(argv[0], "run") == 0 ? SBX_EXIT_INFRA : 1, "cannot set up a stack: %s", strerror(e));
        }
        verb.uc_stack.ss_sp = mem + page;
        verb.uc_stack.ss_size = size;
        verb.uc_link = &caller;
        verb_call.fn = fn;
        verb_call.argc = argc;
        verb_call.argv = argv;
        verb_call.status = 1;
        makecontext(&verb, call_verb, 0);
        if (swapcontext(&caller, &verb) != 0) {
                int e = errno;
                munmap(mem, len);
                return sbx_fail(strcmp(argv[0], "run") == 0 ? SBX_EXIT_INFRA : 1, "cannot switch stacks: %s", strerror(e));
        }
        munmap(mem, len);
        return verb_call.status;
#endif
}

int main(int argc, char **argv) {
        if (argc >= 2 && strcmp(argv[1], "run") != 0 && hold_std_fds() != 0)
                return 1;
        if (argc < 2)
                return sbx_fail(SBX_EXIT_USAGE, "no verb given (try 'sbx --help')");
        if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
                usage(stdout);
                return output_checked("help", 0);
        }
        if (strcmp(argv[1], "--version") == 0) {
                printf("sbx %s\n", SBX_VERSION);
                return output_checked("version", 0);
        }
        /* A write of sbx's own past the caller's file size limit (`ulimit -f`: the audit
         * database, the probe cache, a redirected stdout) fails with EFBIG and is reported: it
         * killed `sbx probe`, `session start` and `audit prune` silently (exit 153, a probe's
         * temporary file left behind). What sbx executes gets the caller's disposition back. */
        sbx_run_xfsz_ignore();
        sbx_run_umask_private();
        for (size_t i = 0; i < SBX_ELEMENTSOF(verbs); i++)
                if (strcmp(argv[1], verbs[i].name) == 0)
                        return output_checked(argv[1], run_verb(verbs[i].fn, argc - 1, argv + 1));
        return sbx_fail(SBX_EXIT_USAGE, "unknown verb '%s' (try 'sbx --help')", argv[1]);
}
