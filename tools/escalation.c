/* Approved escalation: after a read-only denial, ask (a program or the terminal) whether to retry
 * the same command under workspace-write. The retry stays confined; the answer is never assumed. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "escalation-internal.h"
#include "run-exec.h"
#include "sbx-confine.h"
#include "sbx-macro.h"
#include "sbx-tool.h"

extern char **environ;

void sbx_escalation_write_request(FILE *f, char *const *argv, int64_t denied_id, const char *backend,
                                  const char *root, const char *session, const char *matched_line) {
        struct sbx_json j;

        sbx_json_begin(&j, f);
        sbx_json_str(&j, "request", "escalation");
        sbx_json_int(&j, "execution_id", denied_id);
        sbx_json_str(&j, "from_mode", "read-only");
        sbx_json_str(&j, "to_mode", "workspace-write");
        sbx_json_str(&j, "backend", backend);
        sbx_json_str(&j, "workspace_root", root);
        sbx_json_str(&j, "session_id", session);
        sbx_json_str(&j, "matched_line", matched_line && *matched_line ? matched_line : NULL);
        sbx_json_argv(&j, "argv", argv);
        sbx_json_end(&j);
        fputc('\n', f);
}

/* The approver's whole output must be "allow", with or without a newline: anything else
 * ("allowed", "allow\rdeny", a second line) is no grant. */
bool sbx_escalation_answer_is_allow(const char *out, size_t n) {
        return (n == 5 || (n == 6 && out[5] == '\n')) && memcmp(out, "allow", 5) == 0;
}

/* The variables where the approver (or an interpreter it runs) finds programs or code, or a file
 * it runs at start: PATH, and the interpreters' search paths, library directories and start-up
 * files, each a list of names separated by ':' (TCL_LIBRARY's init.tcl runs at every tclsh start,
 * a newer json gem in GEM_HOME is what Ruby's require "json" loads, PHPRC's php.ini may name an
 * auto_prepend_file, R_PROFILE_USER runs at R's start: review). */
static const char *const approver_path_variables[] = {
        "PATH", "PYTHONPATH", "PYTHONHOME", "PERL5LIB", "PERLLIB", "RUBYLIB", "NODE_PATH", "CLASSPATH", "BASH_ENV",
        "ENV", "TCL_LIBRARY", "GEM_HOME", "GEM_PATH", "AWKPATH", "AWKLIBPATH", "GUILE_LOAD_PATH",
        "GUILE_LOAD_COMPILED_PATH", "PHPRC", "PHP_INI_SCAN_DIR", "R_PROFILE", "R_PROFILE_USER", "R_LIBS", "R_LIBS_USER",
};

/* The variables whose value makes an interpreter load or run code, removed outright, whatever
 * they name: PERL5OPT=-Mlib=$WS/lib -MPlanted, NODE_OPTIONS=--require $WS/.pnp.cjs (as Yarn's
 * Plug'n'Play sets it), JAVA_TOOL_OPTIONS=-javaagent:$WS/x.jar, RUBYOPT=-r$WS/x, a
 * PYTHONUSERBASE whose site-packages holds a .pth line, a PYTHONPYCACHEPREFIX of planted bytecode
 * (review: each ran a planted file unconfined in the approver). They are option strings whose
 * syntax only their interpreter knows (-Mlib=, --require=, -javaagent:, @argfiles, names found
 * from the current directory or a search path), so no test of "names a path in the workspace"
 * would be complete; an approver decides from its request and needs none of them. A name ending
 * in '_' is a prefix: GIT_* (GIT_DIR, GIT_CONFIG_*, GIT_EXEC_PATH, GIT_SSH_COMMAND: a repository,
 * configuration or program of the caller's, maybe the workspace's, for a git the approver runs).
 * So do the search paths not separated by ':' (Lua's ';' templates, TCLLIBPATH's Tcl list) and
 * PYTHONPLATLIBDIR, a name Python joins to its prefix ("../" leads anywhere).
 * The dynamic loader's (LD_PRELOAD, ...) go before (sbx_env_loader_variable()). */
static const char *const approver_code_variables[] = {
        "PERL5OPT", "PERL5DB", "NODE_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "RUBYOPT",
        "PYTHONSTARTUP", "PYTHONUSERBASE", "PYTHONPYCACHEPREFIX", "PYTHONPLATLIBDIR", "LUA_INIT", "LUA_PATH",
        "LUA_CPATH", "TCLLIBPATH", "GIT_",
};

static bool approver_code_variable(const char *entry) {
        size_t n = strcspn(entry, "=");

        for (size_t i = 0; i < SBX_ELEMENTSOF(approver_code_variables); i++) {
                const char *name = approver_code_variables[i];
                size_t len = strlen(name);
                /* Lua's have versioned forms (LUA_INIT_5_4, LUA_PATH_5_4) */
                bool prefix = name[len - 1] == '_' || strncmp(name, "LUA_", 4) == 0;
                if (prefix ? n >= len && strncmp(entry, name, len) == 0 : n == len && strncmp(entry, name, n) == 0)
                        return true;
        }
        return false;
}

/* The approver's environment: each variable of approver_path_variables without its entries
 * inside the workspace, without empty or relative ones (the current directory, maybe the
 * workspace) and without those that do not resolve, the others resolved: an approver found
 * outside the workspace could still run an interpreter that a confined command planted there
 * (#!/usr/bin/env python3 with a virtualenv's bin first in PATH; security review), or a module
 * (PYTHONPATH=$WS/lib, as a project's direnv sets it: a json.py an earlier workspace-write run
 * left there ran unconfined when a Python approver imported json; review). A variable left empty
 * is removed: an empty PATH is the current directory to a shell, execvp() and Python, where an
 * unset one is a default path of system directories. envp's entries are replaced by strings
 * allocated into ret_alloc (one per variable, caller frees). Then approver_code_variables go,
 * and PWD is set to /, where the approver runs. */
static int approver_env(char **envp, const char *root, char **ret_alloc) {
        for (size_t v = 0; v < SBX_ELEMENTSOF(approver_path_variables); v++) {
                const char *name = approver_path_variables[v], *value = NULL;
                size_t name_len = strlen(name), n;
                _cleanup_free_ char *copy = NULL;
                char **slot = NULL, *out = NULL;
                bool first = true;
                FILE *f;

                for (char **e = envp; e && *e; e++)
                        if (strncmp(*e, name, name_len) == 0 && (*e)[name_len] == '=') {
                                slot = e;
                                value = *e + name_len + 1;
                        }
                if (!slot)
                        continue;
                /* Each entry kept is the directory it resolves to now, and one that does not
                 * resolve goes: its name, compared as written, said nothing of where it leads
                 * once it exists (a directory created meanwhile beneath a symlink into the
                 * workspace; review), and the name of one that leads out through a symlink in the
                 * workspace leads wherever a confined command retargets that link. */
                n = 0;
                copy = strdup(value);
                f = copy ? open_memstream(&out, &n) : NULL;
                if (!f)
                        return -ENOMEM;
                fprintf(f, "%s=", name);
                /* (asked of run-host.c's child where a mount may not answer: one that does not
                 * answer in time goes, as one that does not resolve) */
                for (char *p = copy, *dir; (dir = strsep(&p, ":")) != NULL;) {
                        char real[PATH_MAX];
                        if (dir[0] != '/' || sbx_run_host_realpath(dir, real, sizeof(real)) < 0 ||
                            sbx_path_beneath(real, root))
                                continue;
                        fprintf(f, "%s%s", first ? "" : ":", real);
                        first = false;
                }
                if (fclose(f) != 0) {
                        free(out);
                        return -ENOMEM;
                }
                ret_alloc[v] = out;
                /* a name set twice is read differently (getenv() takes the first, a shell or Python
                 * the last): one is kept, filtered, the others go, and so does an emptied variable */
                for (char **e = envp, **to = envp;; e++) {
                        if (*e && strncmp(*e, name, name_len) == 0 && (*e)[name_len] == '=') {
                                if (e != slot || n == name_len + 1)
                                        continue;
                                *e = out;
                        }
                        *to++ = *e;
                        if (!*e)
                                break;
                }
        }
        for (char **e = envp, **to = envp;; e++) {
                static char pwd_root[] = "PWD=/"; /* where it runs (ask_program()) */
                if (*e && approver_code_variable(*e))
                        continue;
                if (*e && strncmp(*e, "PWD=", 4) == 0)
                        *e = pwd_root;
                *to++ = *e;
                if (!*e)
                        break;
        }
        return 0;
}

static char *approver_real_path(const char *prog, bool *ret_untold);

/* The first interpreter on the #! chain of the file at path (its interpreter, that one's, up to
 * the kernel's depth) that lies inside the workspace, is named through a symlink there or does
 * not resolve (*ret_unresolved), made real where it lies inside (caller frees); NULL when none
 * does. A relative one counts as inside: the kernel finds it from the current directory, maybe the workspace. The
 * approver runs unconfined, and so does its interpreter: a project's virtualenv python named on
 * its #! line, which a workspace-write run can replace, answered for it (review). */
static char *interpreter_inside(const char *path, const char *root, bool *ret_unresolved) {
        char *cur = strdup(path);

        *ret_unresolved = false;
        for (int depth = 0; cur && depth < 5; depth++) {
                char line[PATH_MAX + 64], resolved[PATH_MAX], *p, *real = NULL;
                /* its first bytes and the interpreter's real path asked of run-host.c's child
                 * where a mount may not answer (a hung one held sbx for good): one not told in
                 * time does not resolve */
                ssize_t n = sbx_run_host_read(cur, line, sizeof(line) - 1);

                if (n == -ETIMEDOUT) {
                        *ret_unresolved = true;
                        return cur;
                }
                free(cur);
                cur = NULL;
                if (n < 3 || line[0] != '#' || line[1] != '!')
                        break;
                line[n] = '\0';
                p = line + 2 + strspn(line + 2, " \t");
                p[strcspn(p, " \t\r\n")] = '\0';
                if (!*p)
                        break;
                if (p[0] == '/') {
                        int r = sbx_run_host_realpath(p, resolved, sizeof(resolved));
                        real = r >= 0 ? strdup(resolved) : NULL;
                        if (r == -ETIMEDOUT) {
                                *ret_unresolved = true;
                                return strdup(p);
                        }
                }
                /* one that does not resolve now is no more outside than a PATH entry that does
                 * not (approver_env()): the kernel finds it at the spawn, maybe created meanwhile
                 * beneath a symlink into the workspace */
                if (p[0] == '/' && !real)
                        *ret_unresolved = true;
                if (!real || sbx_path_beneath(real, root))
                        return real ? real : strdup(p);
                /* nor one that leads out only through a symlink in the workspace: the kernel
                 * follows that name at the spawn, wherever a confined command points the link
                 * by then */
                {
                        _cleanup_free_ char *link = NULL;
                        int r = sbx_path_symlink_beneath(p, root, &link);
                        if (r != 0) {
                                free(real);
                                *ret_unresolved = r < 0;
                                return strdup(p);
                        }
                }
                cur = real;
        }
        free(cur);
        return NULL;
}

/* What became of the question, for the denied run's record (sbx_escalation_ask()). */
_sbx_printf_(3, 4) static void note_set(char *note, size_t size, const char *fmt, ...) {
        va_list ap;

        va_start(ap, fmt);
        vsnprintf(note, size, fmt, ap);
        va_end(ap);
}

/* What the approver's process starts from (approver_exec()). */
struct approver_start {
        const char *path;
        char *const *argv;
        char *const *envp;
        int in_fd, out_fd, err_fd, err_w;
        pid_t group; /* sbx's process group, where it runs */
        sigset_t mask;
};

/* The approver, in the child of its keeper: in sbx's process group (a terminal's ^C or a group's
 * signal reaches it as it reached sbx, and an approver that asks on the terminal asks from the
 * foreground), with a parent-death signal (a keeper killed alone takes it along). Its errno
 * before the exec goes to err_w. */
static _Noreturn void approver_exec(pid_t keeper, void *userdata) {
        const struct approver_start *s = userdata;
        /* each above 2 before any of 0-2 is replaced (sbx may have started with one closed) */
        int in = fcntl(s->in_fd, F_DUPFD_CLOEXEC, 3), out = fcntl(s->out_fd, F_DUPFD_CLOEXEC, 3);
        int err_w = s->err_w > 2 ? s->err_w : fcntl(s->err_w, F_DUPFD_CLOEXEC, 3);
        int err = s->err_fd >= 0 ? fcntl(s->err_fd, F_DUPFD_CLOEXEC, 3) : STDERR_FILENO, e = 0;

        if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0 || in < 0 || out < 0 || err < 0 || err_w < 0)
                e = errno;
        else if (getppid() != keeper || setpgid(0, s->group) < 0)
                _exit(127); /* sbx is gone already (the keeper with it, or its group): nobody asks */
        /* nothing of the caller's beyond 0-2, as for the command: a --verdict-fd pipe that
         * the approver (or a process it leaves behind) held open kept its reader waiting
         * for EOF. In /, not in the caller's directory, maybe the workspace: what the
         * approver or its interpreter looks up relative to it (python3 -m, a relative
         * entry it adds to a search path, a shell's ./x) found what a confined command
         * planted there (review). */
        else if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0 ||
                 (err != STDERR_FILENO && dup2(err, STDERR_FILENO) < 0) ||
                 (err_w > 3 && close_range(3, (unsigned) err_w - 1, 0) < 0) ||
                 close_range((unsigned) err_w + 1, ~0U, 0) < 0 || chdir("/") < 0)
                e = errno;
        else {
                sigprocmask(SIG_SETMASK, &s->mask, NULL);
                sbx_run_umask_restore_in_child();
                execve(s->path, s->argv, s->envp);
                e = errno;
        }
        (void) !write(err_w >= 0 ? err_w : s->err_w, &e, sizeof(e));
        _exit(127);
}

/* Starts the approver at path: stdin from in_fd, stdout to out_fd, stderr to err_fd (-1: sbx's
 * own), nothing else of sbx's, in /, with the signal mask and the ignored signals of sbx (as
 * posix_spawn() did), under a keeper (sbx_keeper_run()). An sbx ended while the approver decided
 * (a caller's timeout: SIGTERM, or SIGKILL to sbx alone or to its group) left it running for good,
 * unsupervised and unconfined, its answer for nobody (measured: an approver that never answers);
 * a parent-death signal of its own ended the approver, but not what it had started, which ran on
 * after sbx, unconfined and unaccounted (measured: a `sleep 300 &` of an approver script, and a
 * daemon it started in a session of its own). The keeper is sbx's child, the approver's parent and
 * the subreaper of all it starts: when sbx dies, however, the keeper kills all of them; when the
 * approver exits, the keeper kills what it left (nothing it started outlives the question: the
 * man page says so) and exits as the approver did, and *ret_pid is the keeper's. Returns 0, or
 * the errno of the approver's failed start. */
static int spawn_approver(const char *path, char *const *argv, char *const *envp, int in_fd, int out_fd,
                          int err_fd, pid_t *ret_pid) {
        struct approver_start s = { path, argv, envp, in_fd, out_fd, err_fd, -1, getpgrp(), { { 0 } } };
        int err_p[2], e = 0;
        sigset_t all;
        pid_t pid, parent = getpid();
        ssize_t n = 0;

        if (pipe2(err_p, O_CLOEXEC) < 0)
                return errno;
        s.err_w = err_p[1];
        /* no handler of sbx's may run in the keeper or the approver (sbx_keeper_run() resets them) */
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, &s.mask);
        pid = fork();
        if (pid == 0)
                sbx_keeper_run(parent, true, approver_exec, &s);
        if (pid < 0)
                e = errno;
        sigprocmask(SIG_SETMASK, &s.mask, NULL);
        close(err_p[1]);
        /* end of file: it executed the approver (or the keeper could not start it, and exits
         * 126); an errno: it did not, and the keeper exits, reaped */
        while (pid > 0 && (n = read(err_p[0], &e, sizeof(e))) < 0 && errno == EINTR)
                ;
        close(err_p[0]);
        if (pid > 0 && n == (ssize_t) sizeof(e) && e != 0) {
                while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                        ;
                return e;
        }
        if (pid < 0)
                return e;
        *ret_pid = pid;
        return 0;
}

/* Passes what the approver wrote on its stderr pipe (one read) on to sbx's stderr: 1 when it did,
 * 0 when nothing waits, -1 at its end (or an error). What sbx's stderr does not take is dropped,
 * as the approver's write would have failed. */
static int relay_stderr(int fd) {
        char buf[4096];
        ssize_t k = read(fd, buf, sizeof(buf));

        if (k < 0 && (errno == EINTR || errno == EAGAIN))
                return 0;
        if (k <= 0)
                return -1;
        for (ssize_t w = 0; w < k;) {
                ssize_t n = write(STDERR_FILENO, buf + w, (size_t) (k - w));
                if (n < 0 && errno == EINTR)
                        continue;
                if (n <= 0)
                        break;
                w += n;
        }
        return 1;
}

/* sbx as the subreaper of the approver's keeper (ask_program()): only when it is none already
 * (then its own caller's sbx_leftovers are not sbx's to end). */
struct adopted {
        struct sbx_leftovers l;
        bool on;
};

static void adopted_on(struct adopted *a) {
        int was = 0;

        if (prctl(PR_GET_CHILD_SUBREAPER, &was, 0, 0, 0) < 0 || was)
                return;
        sbx_leftovers_spare(&a->l);
        a->on = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
        if (!a->on) {
                free(a->l.before);
                a->l.before = NULL;
        }
}

/* Once the keeper is reaped: what came to sbx from a keeper killed before it could end it is
 * killed; after a keeper that ended by itself, nothing is there to find. */
static void end_adopted(struct adopted *a) {
        if (a->on)
                sbx_leftovers_end(&a->l);
        a->on = false;
}

/* waitpid() for the approver's keeper, which is killed if it was stopped. Nothing stops it but a
 * SIGSTOP sent on purpose (it blocks every other signal): a stopped keeper never took sbx's
 * death, and its process group, which a process of the approver's may join, was then no orphan
 * for the kernel to wake; the approver and all it started ran on after sbx was SIGKILLed (review,
 * as nobody: `kill -STOP $PPID`, a child in the keeper's group). What it kept comes to sbx, the
 * subreaper (end_adopted()), and is killed too; the question is refused (killed by SIGKILL). */
static pid_t wait_keeper(pid_t pid, int *status, int flags) {
        for (;;) {
                pid_t w = waitpid(pid, status, flags | WUNTRACED);

                if (w != pid || !WIFSTOPPED(*status))
                        return w;
                (void) kill(pid, SIGKILL);
        }
}

/* One question to the approver program, from its start to its answer (ask_program()). */
struct asking {
        int in_fd, out_fd, err_fd; /* sbx's ends of its stdin, stdout and stderr pipes (-1: none, or closed) */
        bool out_open;             /* its stdout not at its end yet */
        char *req;                 /* the request, req_off of its req_len bytes written */
        size_t req_len, req_off;
        bool unsent;               /* no request could be sent: whatever it answers is no grant */
        char answer[8];            /* the first bytes of its output, got bytes in all */
        size_t got;
        pid_t pid;                 /* its keeper */
        int status;
        bool reaped;
        struct adopted adopted;
        struct sigaction old_chld;
};

/* Whether the approver is refused before it starts: it cannot be found, or was not found in time
 * (untold: a look-up of it, or of a PATH entry before its own, on a mount that did not answer), or
 * it or its interpreter is in the workspace (or does not resolve). The note and sbx's message say
 * why (a look-up timed out was said as "it cannot be found", though it may well exist). */
static bool approver_refused(const char *prog, const char *real, bool untold, const char *root, char *note,
                             size_t note_size) {
        bool unresolved;
        _cleanup_free_ char *interp = NULL;

        if (!real && untold) {
                note_set(note, note_size,
                         "refused by the approver %s (looking it up timed out: a mount did not answer)", prog);
                sbx_fail(0, "approver %s: looking it up timed out (a mount did not answer): not started", prog);
                return true;
        }
        if (!real) {
                note_set(note, note_size, "refused by the approver %s (it cannot be found)", prog);
                sbx_fail(0, "approver %s cannot be found", prog);
                return true;
        }
        note_set(note, note_size, "refused by the approver %s (it could not be started)", real);
        if (sbx_path_beneath(real, root)) {
                note_set(note, note_size, "refused by the approver %s (it lies inside the workspace: not started)",
                         real);
                sbx_fail(0, "approver %s is now %s, inside the workspace %s: not started", prog, real, root);
                return true;
        }
        interp = interpreter_inside(real, root, &unresolved);
        if (!interp)
                return false;
        note_set(note, note_size, "refused by the approver %s (its interpreter %s %s: not started)", real, interp,
                 unresolved ? "does not resolve" : "lies inside the workspace");
        if (unresolved)
                sbx_fail(0, "approver %s runs %s, which does not resolve: not started", prog, interp);
        else
                sbx_fail(0, "approver %s runs %s, inside the workspace %s: not started", prog, interp, root);
        return true;
}

/* Starts the approver real (spawn_approver()) with its pipes and environment, SIGCHLD at its
 * default and sbx the subreaper above its keeper. Returns 0; -1 when a pipe or the environment
 * could not be made (nothing started, nothing changed); or the errno of its failed start (all
 * undone). */
static int start_approver(struct asking *k, const char *real, char **pargv, const char *root) {
        struct sigaction dfl = { .sa_handler = SIG_DFL };
        int in_p[2], out_p[2], err_p[2] = { -1, -1 }, r;
        _cleanup_free_ char **envp = NULL;
        char *env_alloc[SBX_ELEMENTSOF(approver_path_variables)] = { NULL };

        if (pipe2(in_p, O_CLOEXEC) < 0)
                return -1;
        if (pipe2(out_p, O_CLOEXEC) < 0) {
                close(in_p[0]);
                close(in_p[1]);
                return -1;
        }
        /* the approver runs unconfined: without the loader's variables (sbx_env_loader_variable()) */
        if (sbx_env_without_loader_variables(&envp) < 0 || approver_env(envp, root, env_alloc) < 0) {
                for (size_t i = 0; i < SBX_ELEMENTSOF(env_alloc); i++)
                        free(env_alloc[i]);
                close(in_p[0]);
                close(in_p[1]);
                close(out_p[0]);
                close(out_p[1]);
                return -1;
        }
        /* sbx waits for the approver: a caller's SIGCHLD ignored (and inherited) had the kernel
         * reap it first, and its allow read as a rejection (ECHILD; review) */
        sigaction(SIGCHLD, &dfl, &k->old_chld);
        /* Its stderr is sbx's own on a terminal; anything else (a pipe its caller reads to the
         * end) it gets through sbx, which passes it on while the approver runs: a helper or
         * daemon it left holding sbx's own stderr kept that caller waiting after sbx ended, as
         * long as the helper lived (measured: a `sleep 30 &` the approver started, 30 s). What
         * cannot be made is no reason to ask nobody: then it is sbx's own. */
        if (!isatty(STDERR_FILENO) && pipe2(err_p, O_CLOEXEC) < 0)
                err_p[0] = err_p[1] = -1;
        /* sbx is the subreaper above the keeper while the approver runs: the approver (its uid's)
         * may kill its keeper, and what it had started then went to init and ran on, unconfined,
         * after its answer (review: `setsid daemon &; kill -KILL $PPID`). So it comes to sbx,
         * which ends it once the keeper is reaped (end_adopted()). */
        adopted_on(&k->adopted);
        r = spawn_approver(real, pargv, envp, in_p[0], out_p[1], err_p[1], &k->pid);
        if (err_p[1] >= 0)
                close(err_p[1]);
        for (size_t i = 0; i < SBX_ELEMENTSOF(env_alloc); i++)
                free(env_alloc[i]);
        close(in_p[0]);
        close(out_p[1]);
        k->in_fd = in_p[1];
        k->out_fd = out_p[0];
        k->err_fd = err_p[0];
        if (r != 0) {
                end_adopted(&k->adopted);
                sigaction(SIGCHLD, &k->old_chld, NULL);
                close(k->in_fd);
                close(k->out_fd);
                if (k->err_fd >= 0)
                        close(k->err_fd);
        }
        return r;
}

/* The request, made whole before it is sent; none (and the approver sees EOF) when it cannot be. */
static void make_request(struct asking *k, char *const *argv, int64_t denied_id, const char *backend,
                         const char *root, const char *session, const char *matched_line) {
        FILE *in = open_memstream(&k->req, &k->req_len);

        if (in) {
                sbx_escalation_write_request(in, argv, denied_id, backend, root, session, matched_line);
                if (fclose(in) != 0)
                        k->req_len = 0; /* nothing sent: no request, no grant (the approver sees EOF) */
        }
        if (!k->req || k->req_len == 0 || fcntl(k->in_fd, F_SETFL, O_NONBLOCK) < 0) {
                close(k->in_fd);
                k->in_fd = -1;
                k->got = sizeof(k->answer) + 1; /* whatever it answers, no request was made */
                k->unsent = true;
        }
}

/* Keeps the first bytes of the approver's output in the answer, and counts them all. */
static void take_output(struct asking *k, const char *buf, ssize_t n) {
        for (ssize_t i = 0; i < n; i++, k->got++)
                if (k->got < sizeof(k->answer))
                        k->answer[k->got] = buf[i];
}

/* Once its keeper is reaped, what the approver wrote is in the pipes: read as it stands (bounded:
 * a helper it started may write on), then no more. */
static void read_what_is_left(struct asking *k) {
        char buf[512];

        if (k->err_fd >= 0 && fcntl(k->err_fd, F_SETFL, O_NONBLOCK) == 0)
                for (int i = 0; i < 256 && relay_stderr(k->err_fd) > 0; i++)
                        ;
        if (k->out_open && fcntl(k->out_fd, F_SETFL, O_NONBLOCK) < 0)
                k->got = sizeof(k->answer) + 1;
        for (size_t left = 1 << 20; k->out_open && left > 0 && k->got <= sizeof(k->answer);) {
                ssize_t n = read(k->out_fd, buf, sizeof(buf));
                if (n < 0 && errno == EINTR)
                        continue;
                if (n <= 0)
                        break;
                left = (size_t) n < left ? left - (size_t) n : 0;
                take_output(k, buf, n);
        }
}

/* Writes what the request's pipe takes. */
static void send_request(struct asking *k) {
        ssize_t n = write(k->in_fd, k->req + k->req_off, k->req_len - k->req_off);

        if (n > 0)
                k->req_off += (size_t) n;
        /* all written, or the approver closed its end (EPIPE): its input ends */
        if (k->req_off == k->req_len || (n < 0 && errno != EAGAIN && errno != EINTR)) {
                close(k->in_fd);
                k->in_fd = -1;
        }
}

/* Reads what the approver's stdout holds: false when nothing more is to be waited for. */
static bool read_output(struct asking *k) {
        char buf[512];
        ssize_t n = read(k->out_fd, buf, sizeof(buf));

        if (n < 0 && (errno == EINTR || errno == EAGAIN))
                return true;
        if (n <= 0) {
                /* its stderr is still passed on until the approver ends or closes it */
                k->out_open = false;
                return k->err_fd >= 0;
        }
        take_output(k, buf, n);
        return true;
}

/* The request is written while the output is read: an approver that writes more than a pipe holds
 * before it reads a request larger than one (the argv of a long script) waited for sbx, which
 * waited for it, for ever. All of its output is read, until it exits: the answer is the whole of
 * it. */
static void converse(struct asking *k) {
        struct sigaction ign = { .sa_handler = SIG_IGN }, old_pipe;

        /* an approver that leaves without reading is no reason for sbx to die of SIGPIPE */
        sigaction(SIGPIPE, &ign, &old_pipe);
        for (;;) {
                /* each fd that is -1 is left out by poll() */
                struct pollfd pfd[3] = { { .fd = k->out_open ? k->out_fd : -1, .events = POLLIN },
                                         { .fd = k->in_fd, .events = POLLOUT },
                                         { .fd = k->err_fd, .events = POLLIN } };
                int n = poll(pfd, 3, 100);

                if (n < 0 && errno != EINTR) {
                        k->got = sizeof(k->answer) + 1;
                        break;
                }
                /* The answer is the approver's output until it exits, not until the end of the
                 * pipe: a helper or daemon it started may hold the pipe for as long as it lives,
                 * and sbx waited that long (review). */
                if (!k->reaped && wait_keeper(k->pid, &k->status, WNOHANG) == k->pid) {
                        k->reaped = true;
                        read_what_is_left(k);
                        break;
                }
                if (n <= 0)
                        continue;
                if (k->in_fd >= 0 && pfd[1].revents)
                        send_request(k);
                if (k->err_fd >= 0 && pfd[2].revents && relay_stderr(k->err_fd) < 0) {
                        close(k->err_fd);
                        k->err_fd = -1;
                        if (!k->out_open)
                                break;
                }
                if (pfd[0].revents && !read_output(k))
                        break;
        }
        sigaction(SIGPIPE, &old_pipe, NULL);
}

/* Closes sbx's ends, waits for the keeper (unless reaped), ends what it left and puts SIGCHLD back.
 * Returns 0, or -1 when the keeper could not be waited for. */
static int end_asking(struct asking *k) {
        int r = 0;

        if (k->in_fd >= 0)
                close(k->in_fd);
        free(k->req);
        close(k->out_fd);
        if (k->err_fd >= 0)
                close(k->err_fd);
        while (!k->reaped && wait_keeper(k->pid, &k->status, 0) < 0)
                if (errno != EINTR) {
                        r = -1;
                        break;
                }
        end_adopted(&k->adopted);
        sigaction(SIGCHLD, &k->old_chld, NULL);
        return r;
}

/* The approver's end and answer judged: 1 for a grant, else 0; the note says which. */
static int judge_answer(const struct asking *k, const char *real, char *note, size_t note_size) {
        if (WIFSIGNALED(k->status))
                note_set(note, note_size, "refused by the approver %s (it was killed by signal %d)", real,
                         WTERMSIG(k->status));
        else if (!WIFEXITED(k->status) || WEXITSTATUS(k->status) != 0)
                note_set(note, note_size, "refused by the approver %s (it exited with status %d)", real,
                         WIFEXITED(k->status) ? WEXITSTATUS(k->status) : -1);
        else if (k->unsent)
                note_set(note, note_size, "refused by the approver %s (no request could be sent to it)", real);
        else if (k->got <= sizeof(k->answer) && sbx_escalation_answer_is_allow(k->answer, k->got)) {
                note_set(note, note_size, "approved by the approver %s", real);
                return 1;
        } else
                note_set(note, note_size, "refused by the approver %s (its answer was not allow)", real);
        return 0;
}

static int ask_program(const char *prog, char *const *argv, int64_t denied_id, const char *backend,
                       const char *root, const char *session, const char *matched_line, char *note,
                       size_t note_size) {
        /* The program is found again now, and exactly that file is started: a name looked up
         * through PATH at the spawn found whatever a PATH entry inside the workspace held by
         * then (the check before the run saw it empty; a workspace-write run beside this one, or
         * the leftover of a killed one, could fill it meanwhile), and ran it unconfined. */
        bool untold;
        _cleanup_free_ char *real = approver_real_path(prog, &untold);
        /* its name as given (a shell gives a command found in PATH so), but a relative path
         * made absolute: it names nothing from / */
        char *pargv[] = { (char *) prog, NULL };
        struct asking k = { .in_fd = -1, .out_fd = -1, .err_fd = -1, .out_open = true, .pid = -1 };
        int r;

        if (approver_refused(prog, real, untold, root, note, note_size))
                return 0;
        if (prog[0] != '/' && strchr(prog, '/'))
                pargv[0] = real;
        r = start_approver(&k, real, pargv, root);
        if (r < 0)
                return 0;
        if (r > 0) {
                note_set(note, note_size, "refused by the approver %s (it could not be started: %s)", real,
                         strerror(r));
                sbx_fail(0, "approver %s cannot be started: %s", prog, strerror(r));
                return 0;
        }
        make_request(&k, argv, denied_id, backend, root, session, matched_line);
        converse(&k);
        if (end_asking(&k) < 0) {
                note_set(note, note_size, "refused by the approver %s (its end could not be waited for)", real);
                return 0;
        }
        return judge_answer(&k, real, note, note_size);
}

/* The command line for a human: each argument bare when it is plain, else in single quotes as
 * a shell reads it, made inert for the terminal by the caller. The first COMMAND_TEXT_MAX bytes,
 * then how many more there are (a long -c script would push the question off the screen).
 * Caller frees; NULL when out of memory. */
#define COMMAND_TEXT_MAX 4096
static char *command_text(char *const *argv) {
        char *buf = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&buf, &size);

        if (!f)
                return NULL;
        for (char *const *v = argv; v && *v; v++) {
                const char *a = *v;
                bool plain = *a && strspn(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                                             "_@%+=:,./-") == strlen(a);
                if (v != argv)
                        fputc(' ', f);
                if (plain) {
                        fputs(a, f);
                        continue;
                }
                fputc('\'', f);
                for (; *a; a++)
                        if (*a == '\'')
                                fputs("'\\''", f);
                        else
                                fputc(*a, f);
                fputc('\'', f);
        }
        if (fclose(f) != 0) {
                free(buf);
                return NULL;
        }
        if (size > COMMAND_TEXT_MAX) {
                char more[64];
                int n = snprintf(more, sizeof(more), " ... (%zu bytes more)", size - COMMAND_TEXT_MAX);
                memcpy(buf + COMMAND_TEXT_MAX - (size_t) n, more, (size_t) n + 1);
                size = COMMAND_TEXT_MAX;
        }
        {
                char *inert = sbx_term_text(buf, strlen(buf));
                free(buf);
                return inert;
        }
}

static int ask_terminal(char *const *argv, const char *root, const char *matched_line, char *note, size_t note_size) {
        _cleanup_fclose_ FILE *tty = NULL;
        char line[64] = "";
        int fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY);

        if (fd < 0 || !(tty = fdopen(fd, "r+"))) {
                if (fd >= 0)
                        close(fd);
                note_set(note, note_size, "refused: no terminal to ask on");
                sbx_fail(0, "no terminal to ask for an escalation on (use --approver PROG)");
                return 0;
        }
        _cleanup_free_ char *cmd = command_text(argv);
        _cleanup_free_ char *where = sbx_term_text(root, strlen(root));
        _cleanup_free_ char *why = matched_line ? sbx_term_text(matched_line, strlen(matched_line)) : NULL;
        struct termios saved, t;
        bool restore = tcgetattr(fd, &saved) == 0;
        char *got;

        /* The command wrote to this terminal last. What it left open must not swallow or hide the
         * question (SBX_TERM_RESET), and only an answer typed after the question counts: not keys
         * typed ahead while it ran, perhaps at a prompt of its own that imitates this one
         * (TCSAFLUSH drops them). A line is read as the user expects whatever modes it set:
         * echoed, edited, ended by Enter, ^C a signal (security review). */
        if (restore) {
                t = saved;
                t.c_lflag |= ICANON | ECHO | ISIG;
                t.c_iflag |= ICRNL;
                t.c_oflag |= OPOST | ONLCR;
                (void) tcsetattr(fd, TCSAFLUSH, &t);
        }
        /* what to decide from, as an approver program gets it: the whole command and the
         * workspace that becomes writable (review: only argv[0], 'bash' for every -c, and the
         * root unnamed); the command's own line apart, as what it is */
        fputs(SBX_TERM_RESET "\n", tty);
        fprintf(tty, "sbx: this command was denied under read-only: %s\n", cmd ? cmd : "?");
        if (why && *why) /* the command's own stderr: it must not rewrite this question */
                fprintf(tty, "sbx: the denial it reported: %s\n", why);
        fprintf(tty, "sbx: retry it under workspace-write (writes beneath %s allowed)? [y/N] ", where ? where : "?");
        fflush(tty);
        got = fgets(line, sizeof(line), tty);
        if (restore)
                (void) tcsetattr(fd, TCSANOW, &saved);
        if (!got) {
                /* ^D ends the input without a newline: the answer (a rejection) starts a line */
                fputc('\n', tty);
                note_set(note, note_size, "refused on the terminal (no answer)");
                return 0;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (strcmp(line, "y") == 0 || strcmp(line, "Y") == 0 || strcmp(line, "yes") == 0) {
                note_set(note, note_size, "approved on the terminal");
                return 1;
        }
        note_set(note, note_size, "refused on the terminal");
        return 0;
}

/* prog's real path into a string (caller frees), asked of run-host.c's child where a mount may
 * not answer; NULL when it does not resolve or was not told in time (then *untold is set). */
static char *host_real(const char *prog, bool *untold) {
        char real[PATH_MAX];
        int r = sbx_run_host_realpath(prog, real, sizeof(real));

        if (r == -ETIMEDOUT)
                *untold = true;
        return r >= 0 ? strdup(real) : NULL;
}

/* Where posix_spawnp() would find prog: the real path (caller frees), or NULL. Each candidate is
 * asked of run-host.c's child where a mount may not answer (a PATH entry on a FUSE or NFS mount
 * that hangs held sbx for good, before the run with --approver): one not told in time ends the
 * search, nothing found (the approver is not started, no grant), never a later entry's instead;
 * then *ret_untold (optional) is true, else false. */
static char *approver_real_path(const char *prog, bool *ret_untold) {
        const char *path = getenv("PATH");
        _cleanup_free_ char *copy = NULL;
        bool untold_here, *untold = ret_untold ? ret_untold : &untold_here;

        *untold = false;
        if (strchr(prog, '/'))
                return host_real(prog, untold);
        if (!path || !*path)
                path = "/bin:/usr/bin";
        copy = strdup(path);
        if (!copy)
                return NULL;
        /* an empty entry is the current directory, as for posix_spawnp() */
        for (char *p = copy, *dir; (dir = strsep(&p, ":")) != NULL;) {
                _cleanup_free_ char *cand = NULL;
                int r;

                if (asprintf(&cand, "%s/%s", *dir ? dir : ".", prog) < 0)
                        return NULL;
                if ((r = sbx_run_host_access(cand, X_OK)) == 0)
                        return host_real(cand, untold);
                if (r == -ETIMEDOUT) {
                        *untold = true;
                        return NULL;
                }
        }
        return NULL;
}

int sbx_escalation_check_approver(const char *prog, const char *root, char *err, size_t err_size) {
        _cleanup_free_ char *real = NULL, *interp = NULL;
        bool unresolved;

        if (!prog || !root || !(real = approver_real_path(prog, NULL)))
                return 0;
        if (!sbx_path_beneath(real, root)) {
                /* an interpreter that does not exist yet: as for an approver that does not, the
                 * question is a rejection (ask_program() starts nothing then) */
                if (!(interp = interpreter_inside(real, root, &unresolved)) || unresolved)
                        return 0;
                snprintf(err, err_size,
                         "run: --approver %s runs %s, inside the workspace %s, where a confined command could rewrite "
                         "it to approve every escalation: keep it outside the workspace",
                         prog, interp, root);
                return -EPERM;
        }
        snprintf(err, err_size,
                 "run: --approver %s is %s, inside the workspace %s, where a confined command could rewrite it "
                 "to approve every escalation: keep it outside the workspace",
                 prog, real, root);
        return -EPERM;
}

int sbx_escalation_ask(const struct sbx_run_args *a, char *const *argv, int64_t denied_id, const char *backend,
                       const char *root, const char *session, const char *matched_line, char *note,
                       size_t note_size) {
        note_set(note, note_size, "refused (no answer)");
        if (a->approver)
                return ask_program(a->approver, argv, denied_id, backend, root, session, matched_line, note,
                                   note_size);
        return ask_terminal(argv, root, matched_line, note, note_size);
}
