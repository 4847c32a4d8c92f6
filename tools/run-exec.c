/* Spawning and supervising the command of `sbx run`: stdio passes through, stderr is teed into the
 * classifier in bounded memory, signals sent to sbx reach the command, and the runner's status
 * descriptor says whether the command started at all (structural evidence). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run-exec.h"
#include "sbx-macro.h"
#include "sbx-tool.h"

#define STATUS_DATA_MAX 4096
#define DRAIN_AFTER_EXIT_MS 200

extern char **environ;

SBX_DEFINE_CLEANUP(struct sbx_classifier *, sbx_classifier_free)

bool sbx_run_backend_known(const char *name) {
        for (const char *const *n = sbx_backend_names(); *n; n++)
                if (strcmp(*n, name) == 0)
                        return true;
        return false;
}

int sbx_run_command_argv(const struct sbx_run_args *a, char ***ret) {
        size_t n = sbx_strv_length(a->argv), k = 0;
        char **v = calloc(n + 4, sizeof(char *));

        if (!v)
                return -ENOMEM;
        if (a->command) {
                if (!(v[k++] = strdup("bash")) || !(v[k++] = strdup("-c")) || !(v[k++] = strdup(a->command)))
                        goto oom;
        }
        for (size_t i = 0; i < n; i++)
                if (!(v[k++] = strdup(a->argv[i])))
                        goto oom;
        *ret = v;
        return 0;
oom:
        sbx_strv_free(v);
        return -ENOMEM;
}

int sbx_run_check_fds(const struct sbx_run_args *a, char *err, size_t err_size) {
        for (int fd = 0; fd <= 2; fd++)
                if (fcntl(fd, F_GETFD) < 0) {
                        int n = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
                        if (n != fd) {
                                snprintf(err, err_size, "cannot open /dev/null for descriptor %d", fd);
                                return -EBADF;
                        }
                }
        for (size_t i = 0; i < a->n_keep_fds; i++)
                if (fcntl(a->keep_fds[i], F_GETFD) < 0) {
                        snprintf(err, err_size, "--keep-fd %d: descriptor is not open", a->keep_fds[i]);
                        return -EBADF;
                }
        if (a->verdict_fd >= 0 && fcntl(a->verdict_fd, F_GETFD) < 0) {
                snprintf(err, err_size, "--verdict-fd %d: descriptor is not open", a->verdict_fd);
                return -EBADF;
        }
        return 0;
}

int sbx_run_status_fd_number(const struct sbx_run_args *a) {
        for (int fd = 3;; fd++) {
                bool used = fd == a->verdict_fd;
                for (size_t i = 0; i < a->n_keep_fds; i++)
                        used = used || a->keep_fds[i] == fd;
                if (!used)
                        return fd;
        }
}

/* ---- signals ------------------------------------------------------------------------------- */

static volatile sig_atomic_t child_pid;
static volatile sig_atomic_t pending_signal;
static const int forwarded[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* A signal the terminal sent to the whole foreground group already reached the command (or its
 * runner); one sent to sbx alone is forwarded. */
static void forward_signal(int sig, siginfo_t *si, void *uctx) {
        (void) uctx;
        if (si && si->si_code == SI_KERNEL)
                return;
        if (child_pid > 0)
                kill((pid_t) child_pid, sig);
        else
                pending_signal = sig;
}

static void install_forwarding(void) {
        struct sigaction sa = { .sa_sigaction = forward_signal, .sa_flags = SA_SIGINFO | SA_RESTART };

        sigemptyset(&sa.sa_mask);
        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++)
                sigaction(forwarded[i], &sa, NULL);
        signal(SIGPIPE, SIG_IGN);
}

static void reset_signals_in_child(void) {
        sigset_t none;

        for (size_t i = 0; i < SBX_ELEMENTSOF(forwarded); i++)
                signal(forwarded[i], SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
}

/* ---- the child ----------------------------------------------------------------------------- */

static int cmp_int(const void *x, const void *y) {
        return *(const int *) x - *(const int *) y;
}

/* In the forked child: stderr onto the pipe, the status fd onto its number, every descriptor but
 * 0-2, the status fd and --keep-fd ones closed. Async-signal-safe calls only. */
static void child_setup_fds(const struct sbx_run_args *a, int err_w, int status_w, int status_num) {
        int keep[SBX_RUN_KEEP_FDS_MAX + 1];
        size_t n = 0;
        int lo = 3;

        if (dup2(err_w, 2) < 0)
                _exit(127);
        if (status_w >= 0) {
                if (status_w == status_num) {
                        if (fcntl(status_w, F_SETFD, 0) < 0)
                                _exit(127);
                } else if (dup2(status_w, status_num) < 0)
                        _exit(127);
                keep[n++] = status_num;
        }
        for (size_t i = 0; i < a->n_keep_fds; i++)
                keep[n++] = a->keep_fds[i];
        qsort(keep, n, sizeof(int), cmp_int);
        for (size_t i = 0; i < n; i++) {
                if (keep[i] > lo)
                        close_range((unsigned) lo, (unsigned) keep[i] - 1, 0);
                lo = keep[i] + 1;
        }
        close_range((unsigned) lo, ~0U, 0);
}

/* ---- supervision --------------------------------------------------------------------------- */

struct supervise {
        struct sbx_classifier *classifier;
        int classify_error; /* first -errno of the classifier: the run is then unclassified */
        bool stderr_ok;     /* our own stderr still takes writes */
        char status_data[STATUS_DATA_MAX];
        size_t status_len;
};

static void write_all(int fd, const char *buf, size_t len, bool *ok) {
        while (*ok && len > 0) {
                ssize_t n = write(fd, buf, len);
                if (n < 0 && errno == EINTR)
                        continue;
                if (n < 0 && errno == EAGAIN) {
                        struct pollfd p = { .fd = fd, .events = POLLOUT };
                        (void) poll(&p, 1, -1);
                        continue;
                }
                if (n <= 0) {
                        *ok = false; /* keep classifying: the command's stderr must still drain */
                        return;
                }
                buf += n;
                len -= (size_t) n;
        }
}

/* Reads what is there; returns false at EOF or error. */
static bool pump_stderr(struct supervise *s, int fd) {
        char buf[65536];
        ssize_t n = read(fd, buf, sizeof(buf));

        if (n < 0 && (errno == EINTR || errno == EAGAIN))
                return true;
        if (n <= 0)
                return false;
        write_all(STDERR_FILENO, buf, (size_t) n, &s->stderr_ok);
        if (s->classifier && !s->classify_error) {
                int r = sbx_classify_feed(s->classifier, buf, (size_t) n);
                if (r < 0)
                        s->classify_error = r;
        }
        return true;
}

static bool pump_status(struct supervise *s, int fd) {
        char buf[1024];
        ssize_t n = read(fd, buf, sizeof(buf));

        if (n < 0 && (errno == EINTR || errno == EAGAIN))
                return true;
        if (n <= 0)
                return false;
        for (ssize_t i = 0; i < n && s->status_len < sizeof(s->status_data) - 1; i++)
                s->status_data[s->status_len++] = buf[i];
        s->status_data[s->status_len] = '\0';
        return true;
}

static int64_t now_ms(void) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

enum started { STARTED_UNKNOWN, STARTED_YES, STARTED_NO };

/* What the runner's status descriptor proves. bubblewrap writes {"exit-code": N} only when the
 * command was executed; sbx's Landlock launcher writes a record only when it fails before exec. */
static enum started structural_evidence(const char *backend, const struct supervise *s, int wstatus) {
        if (!backend)
                return STARTED_UNKNOWN;
        if (strcmp(backend, "bwrap") == 0) {
                if (strstr(s->status_data, "\"exit-code\""))
                        return STARTED_YES;
                return WIFEXITED(wstatus) && WEXITSTATUS(wstatus) != 0 ? STARTED_NO : STARTED_UNKNOWN;
        }
        if (strcmp(backend, "landlock") == 0) {
                if (s->status_len > 0)
                        return STARTED_NO;
                return WIFEXITED(wstatus) ? STARTED_YES : STARTED_UNKNOWN;
        }
        return STARTED_UNKNOWN;
}

static void first_line(const char *data, char *out, size_t size) {
        size_t n = strcspn(data, "\n");
        if (n >= size)
                n = size - 1;
        memcpy(out, data, n);
        out[n] = '\0';
}

int sbx_run_execute(const struct sbx_run_args *a, const struct sbx_confined_argv *confined, char **command,
                    const struct sbx_dialect *dialect, struct sbx_run_report *rep) {
        _sbx_cleanup_(sbx_classifier_freep) struct sbx_classifier *classifier = NULL;
        _cleanup_free_ char **envp = NULL;
        _cleanup_close_ int err_r = -1, status_r = -1, exec_r = -1;
        int err_p[2] = { -1, -1 }, status_p[2] = { -1, -1 }, exec_p[2] = { -1, -1 };
        char *const *exec_argv = confined ? confined->argv : command;
        struct supervise s = { .stderr_ok = true };
        int status_num = sbx_run_status_fd_number(a), wstatus = 0, exec_errno = 0, r;
        bool err_open, status_open, reaped = false;
        int64_t t0 = now_ms(), reaped_at = 0;
        enum started started;
        pid_t pid;

        rep->state = "completed";
        if (dialect) {
                struct sbx_diag diag = { 0 };
                if (sbx_classifier_new(dialect, &classifier, &diag) < 0)
                        classifier = NULL;
        }
        s.classifier = classifier;
        if ((r = sbx_env_merge(confined ? confined->setenv : NULL, &envp)) < 0)
                return sbx_fail(SBX_EXIT_INFRA, "run: out of memory");
        if (pipe2(err_p, O_CLOEXEC) < 0 || pipe2(exec_p, O_CLOEXEC) < 0 ||
            (confined && pipe2(status_p, O_CLOEXEC) < 0)) {
                rep->state = "failed";
                rep->verdict = "runner_failure";
                snprintf(rep->message_buf, sizeof(rep->message_buf), "cannot create pipes: %s", strerror(errno));
                rep->message = rep->message_buf;
                return rep->exit_status = sbx_fail(SBX_EXIT_INFRA, "run: %s", rep->message);
        }
        err_r = err_p[0];
        exec_r = exec_p[0];
        status_r = status_p[0];

        install_forwarding();
        pid = fork();
        if (pid < 0) {
                int e = errno;
                close(err_p[1]);
                close(exec_p[1]);
                if (status_p[1] >= 0)
                        close(status_p[1]);
                rep->state = "failed";
                rep->verdict = "runner_failure";
                snprintf(rep->message_buf, sizeof(rep->message_buf), "cannot fork: %s", strerror(e));
                rep->message = rep->message_buf;
                return rep->exit_status = sbx_fail(SBX_EXIT_INFRA, "run: %s", rep->message);
        }
        if (pid == 0) {
                int e;
                reset_signals_in_child();
                child_setup_fds(a, err_p[1], status_p[1], status_num);
                execvpe(exec_argv[0], exec_argv, envp);
                e = errno;
                (void) !write(exec_p[1], &e, sizeof(e));
                _exit(e == ENOENT ? 127 : 126);
        }
        child_pid = pid;
        if (pending_signal)
                kill(pid, pending_signal);
        close(err_p[1]);
        close(exec_p[1]);
        if (status_p[1] >= 0)
                close(status_p[1]);

        err_open = true;
        status_open = status_r >= 0;
        while (err_open || status_open) {
                struct pollfd p[2];
                nfds_t n = 0;
                int timeout = reaped ? (int) (reaped_at + DRAIN_AFTER_EXIT_MS - now_ms()) : 100;

                if (reaped && timeout <= 0)
                        break; /* a background process still holds stderr: stop waiting for it */
                if (err_open)
                        p[n++] = (struct pollfd) { .fd = err_r, .events = POLLIN };
                if (status_open)
                        p[n++] = (struct pollfd) { .fd = status_r, .events = POLLIN };
                r = poll(p, n, timeout);
                if (r < 0 && errno != EINTR)
                        break;
                for (nfds_t i = 0; r > 0 && i < n; i++) {
                        if (!p[i].revents)
                                continue;
                        if (p[i].fd == err_r)
                                err_open = pump_stderr(&s, err_r);
                        else
                                status_open = pump_status(&s, status_r);
                }
                if (!reaped && waitpid(pid, &wstatus, WNOHANG) == pid) {
                        reaped = true;
                        reaped_at = now_ms();
                }
        }
        while (!reaped) {
                if (waitpid(pid, &wstatus, 0) == pid)
                        reaped = true;
                else if (errno != EINTR)
                        break;
        }
        child_pid = 0;
        rep->duration_ms = now_ms() - t0;
        if (read(exec_r, &exec_errno, sizeof(exec_errno)) != (ssize_t) sizeof(exec_errno))
                exec_errno = 0;

        if (WIFSIGNALED(wstatus)) {
                rep->status.signal = WTERMSIG(wstatus);
                rep->exit_status = 128 + rep->status.signal;
        } else {
                rep->status.exit_code = WEXITSTATUS(wstatus);
                rep->exit_status = rep->status.exit_code;
        }

        if (exec_errno) {
                snprintf(rep->message_buf, sizeof(rep->message_buf), "cannot execute %s: %s", exec_argv[0],
                         strerror(exec_errno));
                rep->message = rep->message_buf;
                rep->evidence = "structural";
                if (confined) {
                        rep->verdict = "runner_failure";
                        rep->exit_status = SBX_EXIT_INFRA;
                } else
                        rep->verdict = "task_failure";
                sbx_fail(0, "%s", rep->message);
                return rep->exit_status;
        }

        if (classifier && !s.classify_error) {
                struct sbx_diag diag = { 0 };
                if (sbx_classify_finish(classifier, &rep->status, &rep->result, &diag) >= 0)
                        rep->classified = true;
        }
        rep->verdict = rep->classified ? sbx_verdict_to_string(rep->result.verdict) : "unclassified";
        rep->evidence = rep->classified && rep->result.line_no ? "stderr" : "exit-status";

        started = structural_evidence(confined ? confined->backend : NULL, &s, wstatus);
        if (started == STARTED_NO) {
                rep->verdict = "runner_failure";
                rep->evidence = "structural";
                if (rep->classified && rep->result.verdict != SBX_VERDICT_RUNNER_FAILURE) {
                        /* the rules did not recognise it: the first stderr line is the best evidence */
                        rep->result.verdict = SBX_VERDICT_RUNNER_FAILURE;
                        sbx_strlcpy(rep->result.rule, "structural", sizeof(rep->result.rule));
                }
                if (s.status_len && !rep->message) {
                        first_line(s.status_data, rep->message_buf, sizeof(rep->message_buf));
                        rep->message = rep->message_buf;
                }
        } else if (started == STARTED_YES && rep->classified && rep->result.verdict == SBX_VERDICT_RUNNER_FAILURE) {
                /* the command ran, so a runner-looking line is the command's own text */
                rep->evidence = "structural";
                if (rep->result.n_denials > 0) {
                        rep->result.verdict = SBX_VERDICT_DENIED;
                        sbx_strlcpy(rep->result.rule, "denial", sizeof(rep->result.rule));
                        rep->result.line_no = rep->result.denials[0].line_no;
                        sbx_strlcpy(rep->result.matched_line, rep->result.denials[0].line,
                                    sizeof(rep->result.matched_line));
                } else {
                        rep->result.verdict = SBX_VERDICT_TASK_FAILURE;
                        rep->result.rule[0] = rep->result.signature[0] = rep->result.matched_line[0] = '\0';
                        rep->result.line_no = 0;
                }
                rep->verdict = sbx_verdict_to_string(rep->result.verdict);
        }
        if (strcmp(rep->verdict, "runner_failure") == 0)
                rep->exit_status = SBX_EXIT_INFRA;
        return rep->exit_status;
}

void sbx_run_report_json(const struct sbx_run_report *rep, FILE *f) {
        struct sbx_json j;
        const struct sbx_classify_result *res = rep->classified ? &rep->result : NULL;

        sbx_json_begin(&j, f);
        sbx_json_str(&j, "verdict", rep->verdict);
        sbx_json_str(&j, "state", rep->state ? rep->state : "unavailable");
        sbx_json_str(&j, "backend", rep->backend);
        sbx_json_str(&j, "mode", rep->policy ? sbx_mode_to_string(rep->policy->mode) : NULL);
        sbx_json_str(&j, "mode_source", rep->policy ? sbx_mode_source_to_string(rep->policy->mode_source) : NULL);
        sbx_json_str(&j, "workspace_root", rep->policy ? rep->policy->workspace_root : NULL);
        sbx_json_str(&j, "session_id", rep->policy ? rep->policy->session_id : NULL);
        if (rep->policy && rep->policy->mode_event_id)
                sbx_json_int(&j, "mode_event_id", rep->policy->mode_event_id);
        else
                sbx_json_null(&j, "mode_event_id");
        sbx_json_str(&j, "enforcement", rep->enforcement);
        sbx_json_str(&j, "enforcement_reason", rep->enforcement_reason);
        if (rep->state && rep->status.signal == 0)
                sbx_json_int(&j, "exit_code", rep->status.exit_code);
        else
                sbx_json_null(&j, "exit_code");
        sbx_json_int(&j, "signal", rep->status.signal);
        sbx_json_int(&j, "status", rep->exit_status);
        sbx_json_str(&j, "evidence", rep->evidence);
        sbx_json_str(&j, "rule", res && res->rule[0] ? res->rule : NULL);
        sbx_json_str(&j, "signature", res && res->signature[0] ? res->signature : NULL);
        sbx_json_int(&j, "line_no", res ? (int64_t) res->line_no : 0);
        sbx_json_str(&j, "matched_line", res && res->matched_line[0] ? res->matched_line : NULL);
        sbx_json_int(&j, "stderr_bytes", res ? (int64_t) res->stderr_bytes : 0);
        sbx_json_int(&j, "denial_lines", res ? (int64_t) res->denial_lines : 0);
        sbx_json_open_array(&j, "denials");
        for (size_t i = 0; res && i < res->n_denials; i++) {
                sbx_json_open_object(&j, NULL);
                sbx_json_int(&j, "line_no", (int64_t) res->denials[i].line_no);
                sbx_json_str(&j, "line", res->denials[i].line);
                sbx_json_str(&j, "path", res->denials[i].path[0] ? res->denials[i].path : NULL);
                sbx_json_close_object(&j);
        }
        sbx_json_close_array(&j);
        if (rep->execution_id)
                sbx_json_int(&j, "execution_id", rep->execution_id);
        else
                sbx_json_null(&j, "execution_id");
        if (rep->parent_id)
                sbx_json_int(&j, "parent_id", rep->parent_id);
        else
                sbx_json_null(&j, "parent_id");
        sbx_json_int(&j, "duration_ms", rep->duration_ms);
        sbx_json_str(&j, "message", rep->message);
        sbx_json_open_array(&j, "argv");
        for (char *const *v = rep->argv; v && *v; v++)
                sbx_json_str(&j, NULL, *v);
        sbx_json_close_array(&j);
        if (rep->unavailable) {
                sbx_json_open_array(&j, "candidates");
                for (size_t i = 0; i < rep->unavailable->n; i++) {
                        sbx_json_open_object(&j, NULL);
                        sbx_json_str(&j, "backend", rep->unavailable->candidates[i].backend);
                        sbx_json_str(&j, "reason", rep->unavailable->candidates[i].reason);
                        sbx_json_close_object(&j);
                }
                sbx_json_close_array(&j);
        }
        sbx_json_end(&j);
}

void sbx_run_notice(const struct sbx_run_args *a, const struct sbx_run_report *rep) {
        const char *mode = rep->policy ? sbx_mode_to_string(rep->policy->mode) : "?";
        const char *line = rep->classified && rep->result.matched_line[0] ? rep->result.matched_line
                         : rep->message                                  ? rep->message
                                                                         : "";

        if (a->quiet || !isatty(STDERR_FILENO) || !rep->verdict)
                return;
        if (strcmp(rep->verdict, "denied") == 0)
                fprintf(stderr, "sbx: denied by %s (%s): %s\n", rep->backend, mode, line);
        else if (strcmp(rep->verdict, "runner_failure") == 0)
                fprintf(stderr, "sbx: runner failure in %s, the command did not run: %s\n", rep->backend, line);
}
