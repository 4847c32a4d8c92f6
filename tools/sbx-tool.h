/* sbx-tool.h: verbs of the sbx command and the helpers they share. */
#pragma once

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "sbx-common.h"
#include "sbx-macro.h"

/* Each verb gets argv with argv[0] = the verb name and returns the process exit status. */
int sbx_cmd_run(int argc, char **argv);
int sbx_cmd_probe(int argc, char **argv);
int sbx_cmd_policy(int argc, char **argv);
int sbx_cmd_classify(int argc, char **argv);
int sbx_cmd_session(int argc, char **argv);
int sbx_cmd_audit(int argc, char **argv);
int sbx_cmd_fixtures(int argc, char **argv);
int sbx_cmd_audit_writer(int argc, char **argv);

/* Prints "sbx: <message>" on stderr (one line) and returns `status`. */
int sbx_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Whether sbx_fail() has reported a failure (a nonzero status) in this process. */
bool sbx_failure_reported(void);
/* Prints the diag as one line "sbx: <what>: <msg>" and returns `status`. */
int sbx_fail_diag(int status, const char *what, const struct sbx_diag *diag);

/* After getopt_long() returned '?': what was wrong, as "unknown option '--x'", "unknown option
 * '-x'" or "option '--x' takes no value", in buf (returned). `element` is argv[optind] as it was
 * before that call (optind 0 counting as 1): glibc keeps optind on a cluster of short options
 * until its last letter, so argv[optind - 1] afterwards may name the previous argument. */
const char *sbx_getopt_error(const char *element, int optopt_value, char *buf, size_t size);
/* getopt_long() that takes a long option only spelt whole: glibc also takes any unambiguous
 * prefix (--req for --require-full), which no page documents and which a later option of the
 * same verb would make ambiguous. A prefix returns '?' with optopt 0, as an unknown name does. */
int sbx_getopt_long(int argc, char *const *argv, const char *optstring, const struct option *longopts);
/* The argument the next getopt_long() call looks at (in "+" or "-" order: no permutation), the one
 * sbx_getopt_error() names: argv[optind] (argv[1] before the first call); NULL past the end. */
const char *sbx_getopt_element(int argc, char *const *argv);

/* The session named by $SBX_SESSION: NULL when unset. Set but empty is an error (-EINVAL), not
 * "no session": `SBX_SESSION=$(sbx session start --mode read-only)` after a failed start would
 * otherwise drop the session's mode and root without a word, for the configuration's. */
int sbx_env_session(const char **ret);
#define SBX_ENV_SESSION_EMPTY \
        "SBX_SESSION is set but empty (did 'sbx session start' fail?): unset it to run without a session"

/* Calls fn(pid, userdata) for every child process `parent` (a single-threaded one: its main
 * thread's children) has now, from /proc/PARENT/task/PARENT/children. Returns 0, or -errno when
 * /proc cannot list them (-ENOENT: no such process). */
int sbx_each_child(pid_t parent, void (*fn)(pid_t pid, void *userdata), void *userdata);
/* The same from every process's /proc/PID/stat (its parent's pid), which sbx_each_child() falls
 * back to on a kernel without CONFIG_PROC_CHILDREN. */
int sbx_each_child_scan(pid_t parent, void (*fn)(pid_t pid, void *userdata), void *userdata);
/* What a process's /proc/PID/stat tells of its place among processes and terminals. */
struct sbx_proc_stat {
        pid_t pid, ppid, pgrp, session;
        unsigned tty_nr;        /* its controlling terminal's device, the kernel's encoding; 0: none */
        pid_t tpgid;            /* that terminal's foreground process group; <= 0: none visible */
};
/* A process's /proc/PID/stat beneath proc_fd (a descriptor of /proc), into *ret: 0, or -errno
 * (-ENOENT: no such process, or it ended). */
int sbx_proc_stat(int proc_fd, pid_t pid, struct sbx_proc_stat *ret);
/* ... its parent and process group alone. */
int sbx_proc_stat_ids(int proc_fd, pid_t pid, pid_t *ret_ppid, pid_t *ret_pgrp);
/* Calls fn(p, userdata) for every process /proc lists now (one that ends meanwhile is left out), p
 * its /proc/PID/stat (valid during the call), until fn returns nonzero. Returns that value of fn's,
 * 0 when it returned none, or -errno when /proc cannot be listed. */
int sbx_each_process(int (*fn)(const struct sbx_proc_stat *p, void *userdata), void *userdata);
/* The same for the processes of process group pgrp alone, told apart by getpgid(), which costs a
 * fraction of reading each one's /proc/PID/stat (beside 3200 processes: 6-8 ms of CPU, 33-40 ms
 * before); fn checks p's process group again, which may have changed meanwhile. */
int sbx_each_group_process(pid_t pgrp, int (*fn)(const struct sbx_proc_stat *p, void *userdata), void *userdata);

/* ---- the keeper of an unconfined child (tools/keeper.c) ---- */
/* CLOCK_MONOTONIC in milliseconds. */
int64_t sbx_monotonic_ms(void);

/* Sets the umask to 0077 for the rest of the process, keeping the caller's: sbx's own files and
 * directories (the audit database, its directories, the probe cache, the temp area, a probe's
 * workspace) are private whatever the caller's umask. Under `umask 0777` a first run left a
 * database of mode 0000 that refused every later run of an ordinary user, the probe failed, and
 * the temp area was refused. What sbx executes for the caller gets the caller's back
 * (sbx_run_umask_restore_in_child()), and so do the files it makes for the caller
 * (sbx_run_umask_for_caller()). */
void sbx_run_umask_private(void);
/* caller: the caller's umask while sbx makes a file for it (the verdict record, a fixture case);
 * false: 0077 again. Nothing before sbx_run_umask_private(). */
void sbx_run_umask_for_caller(bool caller);
/* In a child about to exec a program of the caller's: the caller's umask back
 * (async-signal-safe). */
void sbx_run_umask_restore_in_child(void);

/* What a child leaves running, for a child subreaper to end: every child of the caller's but
 * those noted by sbx_leftovers_spare() (ones it had before: a job that a shell handed it with
 * `job & exec sbx ...`). */
struct sbx_leftovers {
        pid_t *before;
        size_t n_before;
        size_t found;
};
/* Notes the caller's children now, to be spared. */
void sbx_leftovers_spare(struct sbx_leftovers *l);
/* Kills (SIGKILL) and reaps the caller's other children, round after round (one killed hands its
 * own children to the subreaper once it ended) until none is left, 5 s at most (one in D state is
 * then left to init); then the caller is a child subreaper no more. */
void sbx_leftovers_end(struct sbx_leftovers *l);

/* Runs in a child just forked by `parent` and never returns: the keeper, between `parent` and
 * start(keeper, userdata), which it calls in a child of its own, with the signal mask the keeper
 * was called with (the keeper blocks every signal), and which must not return (its exec, or
 * _exit()); no handler of `parent`'s is left in either. When `parent` dies (however: SIGKILL
 * too), the keeper kills the child and everything the child started (left behind, in a session
 * of its own) and ends. When the child ends first, so does the keeper, as the child ended (its
 * exit status, or its signal), having killed what the child left first when end_left (otherwise
 * that goes up to `parent`, when it is a child subreaper). The keeper leads a process group of
 * its own; the child is in it unless it moves. It holds no descriptor once the child runs. */
_Noreturn void sbx_keeper_run(pid_t parent, bool end_left, void (*start)(pid_t keeper, void *userdata),
                              void *userdata);

/* Strict decimal parse of a whole string into [min, max] (digits, a '-' only when min < 0; no
 * blank, no '+'); -EINVAL/-ERANGE otherwise. */
int sbx_parse_int64(const char *s, int64_t min, int64_t max, int64_t *ret);

/* Untrusted text bound for a terminal (a command's stderr line, a recorded argv): the first len
 * bytes of s with every C0 and C1 control character, DEL, and byte that is not valid UTF-8 as
 * '?', so that the text cannot move the cursor, recolour or retitle the terminal. A new string
 * (caller frees), or NULL when out of memory. */
char *sbx_term_text(const char *s, size_t len);

/* Written to a terminal before sbx's own lines that follow a command's raw output (the notice,
 * the escalation question): CAN and ST end any escape sequence or control string (OSC, DCS, APC,
 * PM, SOS) the command left open, which would swallow sbx's text, SGR 0 clears attributes
 * such as conceal that would hide it, and SI with ESC ( B brings back ASCII: a command that left
 * the DEC line-drawing set in place (ESC ( 0, or ESC ) 0 and SO) turned sbx's letters into
 * graphics, the notice unreadable (review). */
#define SBX_TERM_RESET "\030\033\\\033[0m\017\033(B"

/* ---- JSON output (tools/json.c) ---- */
struct sbx_json {
        FILE *f;
        int depth;
        bool need_comma[32];
};
void sbx_json_begin(struct sbx_json *j, FILE *f);     /* writes "{" */
void sbx_json_end(struct sbx_json *j);                /* writes "}" */
void sbx_json_key(struct sbx_json *j, const char *key);
void sbx_json_str(struct sbx_json *j, const char *key, const char *value); /* NULL -> null */
void sbx_json_strn(struct sbx_json *j, const char *key, const char *value, size_t len);
void sbx_json_int(struct sbx_json *j, const char *key, int64_t value);
void sbx_json_bool(struct sbx_json *j, const char *key, bool value);
void sbx_json_null(struct sbx_json *j, const char *key);
void sbx_json_open_object(struct sbx_json *j, const char *key); /* key NULL inside an array */
void sbx_json_close_object(struct sbx_json *j);
void sbx_json_open_array(struct sbx_json *j, const char *key);
void sbx_json_close_array(struct sbx_json *j);
/* An array of the words of argv, each byte that is not UTF-8 as \udc80..\udcff, as the audit
 * record holds argv (every other string writes U+FFFD) */
void sbx_json_argv(struct sbx_json *j, const char *key, char *const *argv);
/* Writes s as a JSON string literal (quotes included): invalid UTF-8 bytes become U+FFFD,
 * control characters are escaped. */
void sbx_json_write_string(FILE *f, const char *s, size_t len);
