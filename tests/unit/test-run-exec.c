/* The supervision of sbx_run_execute() when waitpid() on the command fails: how the command ended
 * is then unknown, and the run must not be recorded as the exit 0 its untouched status reads as.
 * waitpid() is wrapped (-Wl,--wrap=waitpid): in "lost" mode the wrapper reaps the command itself,
 * as if someone else had, and answers ECHILD from then on. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/fs.h>
#include <linux/seccomp.h>
#include <sys/syscall.h>

#include <cmocka.h>

#include "run-args.h"
#include "run-exec.h"
#include "sbx-tool.h"

pid_t __real_waitpid(pid_t pid, int *status, int options);
pid_t __wrap_waitpid(pid_t pid, int *status, int options);

static bool lose_status;
static pid_t lost; /* the command, once the wrapper reaped it */
static int lost_calls;

pid_t __wrap_waitpid(pid_t pid, int *status, int options) {
        if (lose_status && pid > 0) {
                int st;
                lost_calls++;
                if (lost != pid) {
                        pid_t w = __real_waitpid(pid, &st, options);
                        if (w <= 0)
                                return w;
                        lost = pid;
                }
                errno = ECHILD;
                return -1;
        }
        return __real_waitpid(pid, status, options);
}

uid_t __real_getuid(void);
uid_t __wrap_getuid(void);

/* a uid to answer instead of the real one (0: the real one), for readers of the passwd entry */
static uid_t fake_uid;

uid_t __wrap_getuid(void) {
        return fake_uid ? fake_uid : __real_getuid();
}

static int recorded;

static int record_start(void *userdata) {
        struct sbx_run_report *rep = userdata;
        recorded++;
        rep->execution_id = 1;
        return 0;
}

static int run(const char *script, struct sbx_run_report *rep) {
        char *argv[] = { (char *) "run", (char *) "--", (char *) "sh", (char *) "-c", (char *) script, NULL };
        static struct sbx_run_args a;
        char err[256] = "";

        memset(rep, 0, sizeof(*rep));
        assert_int_equal(sbx_run_args_parse(5, argv, &a, err, sizeof(err)), 0);
        rep->args = &a;
        sbx_run_host_asking_starts(); /* (as cmd-run.c's run_once()) */
        return sbx_run_execute(&a, NULL, a.argv, NULL, record_start, rep, NULL, rep);
}

/* control: the same run with waitpid() left alone */
static void test_status_read(void **state) {
        struct sbx_run_report rep;
        (void) state;
        lose_status = false;
        recorded = 0;
        assert_int_equal(run("exit 3", &rep), 3);
        assert_int_equal(recorded, 1);
        assert_string_equal(rep.state, "completed");
        assert_int_equal(rep.status.exit_code, 3);
        assert_int_equal(rep.status.signal, 0);
}

static void test_status_lost(void **state) {
        struct sbx_run_report rep;
        (void) state;
        lose_status = true;
        lost = 0;
        lost_calls = 0;
        recorded = 0;
        /* exits 0: with the status lost, that 0 must not be what is recorded */
        assert_int_equal(run("exit 0", &rep), 125);
        lose_status = false;
        assert_true(lost > 0);
        assert_true(lost_calls > 0);
        assert_int_equal(recorded, 1);
        assert_string_equal(rep.state, "failed");
        assert_string_equal(rep.verdict, "runner_failure");
        assert_int_equal(rep.exit_status, 125);
        assert_non_null(rep.message);
        assert_non_null(strstr(rep.message, "could not be read"));
        assert_non_null(strstr(rep.message, strerror(ECHILD)));
}

/* the command closes its descriptors and lives on: the status is lost in the last wait */
static void test_status_lost_after_descriptors_closed(void **state) {
        struct sbx_run_report rep;
        (void) state;
        lose_status = true;
        lost = 0;
        recorded = 0;
        assert_int_equal(run("exec 2>&- 1>&- 0<&-; sleep 0.3", &rep), 125);
        lose_status = false;
        assert_true(lost > 0);
        assert_string_equal(rep.state, "failed");
        assert_string_equal(rep.verdict, "runner_failure");
}

/* A new pseudo-terminal's master, its slave's name in *ret_name (skips the test where there is none). */
static int pty_master(const char **ret_name) {
        int m = posix_openpt(O_RDWR | O_NOCTTY);

        if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0 || !(*ret_name = ptsname(m))) {
                if (m >= 0)
                        close(m);
                skip();
        }
        return m;
}

/* Whether a terminal's settings are sbx's to put back after the run (review58): one that is not
 * its controlling terminal, the caller's to hand over, yes; its controlling terminal while its
 * process group is the foreground, yes; while another job is (`sbx run ... &`, a shell's line
 * editor setting its own at the prompt), no: put back, they undid the shell's. */
static void test_tty_settings_ours(void **state) {
        const char *name;
        int m, s, st;
        pid_t child;
        (void) state;

        m = pty_master(&name);
        s = open(name, O_RDWR | O_NOCTTY);
        assert_true(s >= 0);
        assert_true(sbx_run_tty_settings_ours(s, NULL)); /* no session's terminal */
        close(s);
        child = fork();
        assert_true(child >= 0);
        if (child == 0) {
                /* a session leader on the terminal, in its foreground, then with another job there */
                int code = 0;
                pid_t job;

                if (setsid() < 0 || (s = open(name, O_RDWR)) < 0 || tcgetpgrp(s) != getpgrp())
                        _exit(10);
                if (!sbx_run_tty_settings_ours(s, NULL))
                        _exit(11);
                if ((job = fork()) == 0) {
                        setpgid(0, 0);
                        pause();
                        _exit(0);
                }
                if (job < 0 || (setpgid(job, job) < 0 && errno != EACCES) || tcsetpgrp(s, job) < 0)
                        code = 12;
                else if (sbx_run_tty_settings_ours(s, NULL))
                        code = 13;
                kill(job, SIGKILL);
                waitpid(job, NULL, 0);
                _exit(code);
        }
        assert_int_equal(waitpid(child, &st, 0), child);
        close(m);
        assert_true(WIFEXITED(st));
        assert_int_equal(WEXITSTATUS(st), 0);
}

/* A foreground that waits for sbx (review60): a job-control shell (SIGTTOU ignored), session leader
 * on a terminal, runs a script as its foreground job, which runs sbx (D) in a group of its own as
 * `timeout 30 sbx run ...` does: the settings are sbx's (the command's, under bubblewrap, changed
 * them unstopped and sbx left them); not with a pipeline's pager in the script's job, nor with the
 * shell in the foreground (`sbx run ... &`). Nor, from outside the session, where the terminal is
 * another session's (tcgetpgrp(): ENOTTY), the shell at its prompt: they were taken for the
 * caller's to hand over, and put back over the shell's. */
static void test_tty_settings_waiting(void **state) {
        const char *name;
        int m, s, st, go[2], got[2], done[2];
        char res[5] = { 0 }, c = 0;
        pid_t leader;
        (void) state;

        m = pty_master(&name);
        assert_int_equal(pipe(go), 0);
        assert_int_equal(pipe(got), 0);
        assert_int_equal(pipe(done), 0);
        leader = fork();
        assert_true(leader >= 0);
        if (leader == 0) {
                pid_t script, pager;

                signal(SIGTTOU, SIG_IGN);
                if (setsid() < 0 || (s = open(name, O_RDWR)) < 0 || (script = fork()) < 0)
                        _exit(30);
                if (script == 0) {
                        pid_t d;

                        signal(SIGTTOU, SIG_DFL);
                        setpgid(0, 0);
                        if ((d = fork()) == 0) {
                                setpgid(0, 0);
                                for (int i = 0; i < 3; i++) {
                                        res[i] = sbx_run_tty_settings_ours(s, NULL) ? '1' : '0';
                                        if (write(got[1], &res[i], 1) != 1 || read(go[0], &c, 1) != 1)
                                                _exit(31);
                                }
                                _exit(0);
                        }
                        _exit(d > 0 && waitpid(d, &st, 0) == d && WIFEXITED(st) ? WEXITSTATUS(st) : 32);
                }
                setpgid(script, script);
                if (tcsetpgrp(s, script) < 0 || read(got[0], &res[0], 1) != 1 || (pager = fork()) < 0)
                        _exit(33);
                if (pager == 0) {
                        pause();
                        _exit(0);
                }
                setpgid(pager, script);
                if (write(go[1], &c, 1) != 1 || read(got[0], &res[1], 1) != 1)
                        _exit(34);
                kill(pager, SIGKILL);
                waitpid(pager, NULL, 0);
                if (tcsetpgrp(s, getpgrp()) < 0 || write(go[1], &c, 1) != 1 || read(got[0], &res[2], 1) != 1)
                        _exit(35);
                if (write(go[1], &c, 1) != 1 || waitpid(script, &st, 0) != script || !WIFEXITED(st) ||
                    WEXITSTATUS(st))
                        _exit(36);
                if (write(done[1], res, 3) != 3) /* to the test, the shell at its prompt */
                        _exit(37);
                pause();
                _exit(0);
        }
        close(done[1]);
        if (read(done[0], res, 3) == 3) {
                s = open(name, O_RDWR | O_NOCTTY);
                res[3] = s >= 0 && !sbx_run_tty_settings_ours(s, NULL) ? '0' : '1';
                if (s >= 0)
                        close(s);
        }
        kill(leader, SIGKILL);
        assert_int_equal(waitpid(leader, &st, 0), leader);
        close(m);
        close(go[0]);
        close(go[1]);
        close(got[0]);
        close(got[1]);
        close(done[0]);
        assert_string_equal(res, "1000");
}

/* The settings of sbx's terminal are another's where it runs in a pipeline: its process group
 * holds a pipeline's pager. sbx (here D, its stdout a pipe) in a group of its own whose leader, its
 * parent, runs it beside a job in the background: alone in its pipeline (the parent waits for it,
 * the job holds no pipe of D's); with a child of its own on that pipe (the command); then with the
 * pipe's reader there, its sibling (the pager: `sbx run ... | less` put back the start's settings
 * under it). */
static void test_tty_settings_shared(void **state) {
        int to_d[2], from_d[2], st;
        pid_t leader;
        (void) state;

        assert_int_equal(pipe(to_d), 0);
        assert_int_equal(pipe(from_d), 0);
        leader = fork();
        assert_true(leader >= 0);
        if (leader == 0) {
                pid_t d, job, pager;
                int out[2], code;
                char c = 0, got[2];

                if (setpgid(0, 0) < 0 || (job = fork()) < 0)
                        _exit(20);
                if (job == 0) {
                        pause();
                        _exit(0);
                }
                if (pipe(out) < 0 || (d = fork()) < 0)
                        _exit(21);
                if (d == 0) {
                        pid_t own;
                        char res[3] = { 0 };

                        if (dup2(out[1], 1) < 0)
                                _exit(22);
                        close(out[0]);
                        close(out[1]);
                        res[0] = sbx_run_tty_settings_shared() ? '1' : '0';
                        if ((own = fork()) == 0) {
                                pause();
                                _exit(0);
                        }
                        res[1] = own > 0 && !sbx_run_tty_settings_shared() ? '0' : '1';
                        if (write(from_d[1], res, 2) != 2 || read(to_d[0], &c, 1) != 1)
                                _exit(23);
                        res[2] = sbx_run_tty_settings_shared() ? '1' : '0';
                        kill(own, SIGKILL);
                        waitpid(own, NULL, 0);
                        _exit(res[0] == '0' && res[1] == '0' && res[2] == '1' ? 0 : 24);
                }
                close(out[1]);
                if (read(from_d[0], got, 2) != 2 || (pager = fork()) < 0)
                        _exit(25);
                if (pager == 0) {
                        pause();
                        _exit(0);
                }
                close(out[0]);
                if (write(to_d[1], &c, 1) != 1)
                        _exit(26);
                code = waitpid(d, &st, 0) == d && WIFEXITED(st) ? WEXITSTATUS(st) : 27;
                kill(pager, SIGKILL);
                kill(job, SIGKILL);
                waitpid(pager, NULL, 0);
                waitpid(job, NULL, 0);
                _exit(code);
        }
        assert_int_equal(waitpid(leader, &st, 0), leader);
        close(to_d[0]);
        close(to_d[1]);
        close(from_d[0]);
        close(from_d[1]);
        assert_true(WIFEXITED(st));
        assert_int_equal(WEXITSTATUS(st), 0);
}

/* A script that moves first: its lines' relative names are that directory's (`cd sub && make`
 * recorded <start>/x for sub's x). Only where nothing else can have moved it; where something
 * else moves it, or a tool told a directory does in a way not followed, the directory is not
 * known (-1: it was the start directory's, `touch a && cd /etc && touch b` recorded <start>/b). */
static void test_script_start_dir(void **state) {
        char tmpl[] = "/tmp/sbx-test-cd.XXXXXX", sub[PATH_MAX], link[PATH_MAX], out[PATH_MAX], want[PATH_MAX],
             in[PATH_MAX], li[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        static const char *const moves[] = {
                "cd sub && touch x", "  cd 'sub' && touch x", "cd \"sub\" && touch x; make", "cd sub/ && a | b",
                "cd ./sub/../sub && x", "cd SUBABS && touch x", "cd sub && cd .. && cd sub && x",
                "(cd sub && touch x)", "{ cd sub && touch x; }", "cd sub && make -C .", "cd . && make -C sub",
                "cd sub && cd missing && x", "cd sub && make -C .\n",
                /* a word as the shell makes it: `\X` is X, `~` $HOME (HOME is DIR/s ub below;
                 * review52: they were not known, and the chain's file not read) */
                "cd s\\ ub && touch x", "cd ~ && touch x", "cd ~/ && x", "cd ~/../s\\ ub/. && x",
                /* after quiet commands, which move nothing and name no file: they succeed, or fail
                 * and nothing after them runs (left53: not known, `true && cd nd && curl -so f URL`) */
                "true && cd sub && curl -so f http://h/x", ": && cd sub && touch x", "test -d sub && cd sub && x",
                "[ -d 'sub' ] && cd sub && true && cd . && x", "cd sub && true && make -C .",
                /* cd's options as bash and dash take them, the last of -L and -P, `--`; pushd,
                 * which bash's cd is (left54: they were not known, and as nobody a refusal of the
                 * host's in sub read as denied) */
                "cd -P sub && x", "cd -L sub && x", "cd -- sub && x", "cd -P -- sub && touch x", "cd -LP l && x",
                "cd -PL li/../sub && x", "cd -P li/.. && x", "pushd sub && touch x", "cd -- 'sub' && x",
                /* ... its stdout sent to /dev/null (shell59: not known) */
                "pushd sub >/dev/null; touch x", "cd sub > /dev/null && x", "pushd sub 1>/dev/null && x",
                /* a logical `..` from a symbolic link, read from the link's name as the shell's
                 * $PWD is (li is sub/in: it was sub/in/../sub, not there, read as sub/in) */
                "cd li && cd ../sub && x", "cd li/../sub && x",
                /* CDPATH is not searched for `./x`, `../x` (set below) */
                "cd ./sub && x", "cd ./li && cd ../sub && x",
                /* `;` or a line's end after it: the rest runs from where it went, the host telling
                 * the cd succeeds (links56: not known, `cd J; java U` recorded none) */
                "cd sub; touch x", "cd sub ; cd missing; touch x", "cd sub\ntouch x", "cd missing; cd sub && x",
                /* `|| exit` or `|| exit 1` after it, as `&&`; a leading `set -e` (shell59: not known) */
                "cd sub || exit; touch x", "cd sub||exit 1\ntouch x", "cd sub || exit 1 ; x",
                /* a variable of the script's leading assignments in its word (shell60: not known) */
                "D=sub; cd \"$D\" && touch x", "D='sub' E=1\ncd $D; touch x", "D=x; D=\"sub\" && cd \"${D}\" && x",
                "set -e; cd sub; touch x", "set -euo pipefail\ncd sub\ntouch x", "set -o errexit && cd sub && x",
        };
        static const char *const stays[] = {
                "cd missing && x", "cd file && x", "cdsub && x", "cd sub", "make -k", "git status", "tar -xf a.tar",
                "make -C missing", "tar -C missing -xf a.tar", "make && ./t", "git -C missing log",
                /* ... or from where the shell was, the cd failing */
                "cd missing; touch x", "cd file\ntouch x",
                /* (nothing after `|| exit` runs where it fails) */
                "cd missing || exit; touch x",
        };
        static const char *const unknown[] = {
                "cd sub || exit 2; touch x", "cd sub || true; touch x", "cd sub || exit 10; x",
                "set -x; cd sub && x", "set -e; set -P; cd sub && x", "set -oe pipefail; cd sub && x", "set; cd sub && x",
                /* a substitution's cd moves nothing after it */
                "f=$(cd sub && x) && echo $f", "f=$(cd sub && true) && touch y",
                /* `;` after a cd the sandbox may not answer as the host: its own /dev and /proc, a
                 * `..` of a directory not entered */
                "cd /proc/self; touch x", "cd /dev/shm; touch x", "cd sub/missing/..; touch x",
                "cd sub/..; x",   "cd $D && touch x", "cd ~root && touch x", "cd - && x",
                "cd s\\\n ub && x", "cd \\-P sub && x", "cd ~x/ && x",
                /* a variable's cd not read: an assignment before the cd's own words, one the shell
                 * reads itself (HOME: not sbx's ~), a word of more than the variable, one split */
                "D=sub cd \"$D\" && x", "HOME=sub; cd ~ && x", "HOME=sub; cd && x", "CDPATH=.; cd in && x",
                "D=sub; cd \"$D/in\" && x", "D='s ub'; cd $D && x", "D=sub; cd \"$E\" && x", "D=$PWD; cd \"$D\" && x",
                /* `~` of a shell another program runs, its HOME perhaps another */
                "env -u HOME sh -c 'cd ~ && x'", "env HOME=/ sh -c 'cd ~/ && x'", "sh -c 'cd ~ && x'",
                "cd sub && (cd /tmp && x)", "cd sub && pushd +1 && x", "cd sub&&x;popd", "cd && x",
                "cd -e sub && x", "cd -Pe sub && x", "cd -@ sub && x", "pushd -n sub && x", "cd -- - && x",
                "cd -- && x", "pushd && x", "cd -P $D && x", "PWD=/ bash -c 'cd .. && x'",
                /* pushd of a shell that has none, dash's sh: `pushd sub; x` runs x where it was
                 * (shell59: read as sub, a refused `touch y` recorded sub/y); a cd whose stderr
                 * is silenced */
                "pushd sub; touch x", "pushd sub && touch x", "cd sub 2>/dev/null && x", "cd sub >/dev/null& x",
                "echo cd sub && x",          "cd \"s$ub\" && x", "cd 'sub && x", "touch a && cd sub && touch b",
                "(cd sub && x) && y",        "make -C sub && make", "cd sub && tar -C .. -cf a.tar x",
                "tar -C sub -xf a.tar; true", "x | make -C sub", "ls | xargs make",
                "true; sudo -D sub touch x", "true; env --ch=sub x", "find d | cpio -idm -D sub",
                "true; cpio -iD sub",
                /* a command before the cd that may name a file, a redirection, an expansion */
                "mkdir -p sub && cd sub && x", "true > f && cd sub && x", "test -d $D && cd sub && x",
                "true 'a && cd sub && x", "echo && cd sub && x",
                "true; unshare -w sub x", "true; ninja -C sub", "true; npm --prefix sub test",
                /* CDPATH, BASH_ENV set for the shell (they were sub) */
                "CDPATH=/tmp bash -c 'cd sub && x'", "BASH_ENV=/dev/null bash -c 'cd sub && x'",
                "export BASH_ENV=/dev/null; bash -c x",
                /* cd quoted, escaped or aliased, as the shell runs it (they were the start's) */
                "\\cd sub && touch x", "\"cd\" sub && touch x", "'cd' sub; touch x", "c''d sub && x",
                "true; \\make -C sub", "alias go=cd; go sub; touch x", "c=cd; $c sub && x",
        };
        /* the words after a -c script, which it may run (they were the start's) */
        static const char *const after[][4] = {
                { "eval \"$1\"", "_", "cd sub && touch x" }, { "\"$@\" && touch x", "_", "cd", "sub" },
                { "\"$@\"", "_", "make", "-C sub" },
        };
        (void) state;

        assert_non_null(dir);
        snprintf(sub, sizeof(sub), "%s/sub", dir);
        snprintf(link, sizeof(link), "%s/l", dir);
        assert_int_equal(mkdir(sub, 0755), 0);
        assert_int_equal(symlink("sub", link), 0);
        snprintf(want, sizeof(want), "%s/file", dir);
        fclose(fopen(want, "w"));
        unsetenv("CDPATH");
        snprintf(want, sizeof(want), "%s/s ub", dir);
        assert_int_equal(symlink("sub", want), 0);
        const char *home = getenv("HOME");
        _cleanup_free_ char *old_home = home ? strdup(home) : NULL;

        assert_int_equal(setenv("HOME", want, 1), 0);
        snprintf(in, sizeof(in), "%s/in", sub);
        snprintf(li, sizeof(li), "%s/li", dir);
        assert_int_equal(mkdir(in, 0755), 0);
        assert_int_equal(symlink("sub/in", li), 0);
        for (size_t i = 0; i < sizeof(moves) / sizeof(moves[0]); i++) {
                char script[PATH_MAX + 64], *argv[] = { (char *) "/bin/bash", (char *) "-c", script, NULL };
                const char *at = strstr(moves[i], "SUBABS");
                int r;

                if (at)
                        snprintf(script, sizeof(script), "%.*s%s%s", (int) (at - moves[i]), moves[i], sub, at + 6);
                else
                        snprintf(script, sizeof(script), "%s", moves[i]);
                out[0] = '\0';
                if (strncmp(script, "cd ./", 5) == 0)
                        setenv("CDPATH", "/tmp", 1);
                r = sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out));
                unsetenv("CDPATH");
                if (r != 1)
                        fail_msg("not moved: %s", script);
                if (strcmp(out, sub) != 0)
                        fail_msg("%s: %s", script, out);
        }
        for (size_t i = 0; i < sizeof(stays) / sizeof(stays[0]); i++) {
                char *argv[] = { (char *) "sh", (char *) "-c", (char *) stays[i], NULL };

                if (sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)) != 0)
                        fail_msg("moved: %s", stays[i]);
        }
        for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
                char *argv[] = { (char *) "sh", (char *) "-c", (char *) unknown[i], NULL };

                if (sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)) != -1)
                        fail_msg("known: %s", unknown[i]);
        }
        {
                /* ... nor one in sbx's environment, exported: the commands after the cd see it */
                char *argv[] = { (char *) "sh", (char *) "-c", (char *) "T_D=sub; cd \"$T_D\" && make", NULL };

                assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_int_equal(setenv("T_D", "sub", 1), 0);
                assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(unsetenv("T_D"), 0);
        }
        for (size_t i = 0; i < sizeof(after) / sizeof(after[0]); i++) {
                char *argv[] = { (char *) "bash", (char *) "-c", (char *) after[i][0], (char *) after[i][1],
                                 (char *) after[i][2], (char *) after[i][3], NULL };

                if (sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)) != -1)
                        fail_msg("known: %s (words after it)", after[i][0]);
        }
        if (geteuid() == 0) {
                /* root's `cd P;` of another user's 0700 P, which the host lets root enter and the
                 * sandbox does not (its command keeps no capability): where the rest runs is not
                 * known; after `&&` nothing runs where it fails */
                char p700[PATH_MAX];
                char *semi[] = { (char *) "sh", (char *) "-c", (char *) "cd p700; touch x", NULL };
                char *and[] = { (char *) "sh", (char *) "-c", (char *) "cd p700 && touch x", NULL };

                snprintf(p700, sizeof(p700), "%s/p700", dir);
                assert_int_equal(mkdir(p700, 0700), 0);
                assert_int_equal(chown(p700, 12345, 12345), 0);
                assert_int_equal(sbx_run_start_dir(semi, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(and, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_int_equal(chmod(p700, 0711), 0);
                assert_int_equal(sbx_run_start_dir(semi, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                rmdir(p700);
        }
        {
                char *argv[] = { (char *) "bash", (char *) "-c", (char *) "cd sub && touch \"$1\"", (char *) "_",
                                 (char *) "x", NULL };

                assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
        }
        {
                /* a symlink: the kernel's directory, its target */
                char *argv[] = { (char *) "dash", (char *) "-c", (char *) "cd l && x", NULL };
                assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                /* a shell's options before -c */
                char *opts[] = { (char *) "bash", (char *) "-e", (char *) "-o", (char *) "pipefail", (char *) "-c",
                                 (char *) "cd sub && x", NULL };
                assert_int_equal(sbx_run_start_dir(opts, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                /* "-" ends the options as "--" does: `bash -c - 'cd sub && x'` runs that script
                 * (it was read as "-", the start directory claimed); --rcfile takes a word */
                char *dash[] = { (char *) "bash", (char *) "-c", (char *) "-", (char *) "cd sub && x", NULL };
                assert_int_equal(sbx_run_start_dir(dash, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                char *rc[] = { (char *) "bash", (char *) "--rcfile", (char *) "f", (char *) "-c", (char *) "cd sub && x",
                               NULL };
                assert_int_equal(sbx_run_start_dir(rc, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                char *lc[] = { (char *) "bash", (char *) "-lc", (char *) "touch a && cd sub && touch b", NULL };
                assert_int_equal(sbx_run_start_dir(lc, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                /* not a shell's -c: not read as moving there, but its text, as a script's,
                 * claims no directory (`os.system('cd /etc && x')` would move); CDPATH for a
                 * relative one */
                char *other[] = { (char *) "python3", (char *) "-c", (char *) "cd sub && x", NULL };
                assert_int_equal(sbx_run_start_dir(other, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                other[2] = (char *) "print(1)";
                assert_int_equal(sbx_run_start_dir(other, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                setenv("CDPATH", "/tmp", 1);
                assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                unsetenv("CDPATH");
                /* ... or set by env for the shell it runs, as BASH_ENV (they were sub) */
                char *cdpath[] = { (char *) "env", (char *) "CDPATH=/tmp", (char *) "sh", (char *) "-c",
                                   (char *) "cd sub && x", NULL };
                assert_int_equal(sbx_run_start_dir(cdpath, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                cdpath[1] = (char *) "BASH_ENV=/dev/null";
                cdpath[2] = (char *) "bash";
                assert_int_equal(sbx_run_start_dir(cdpath, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                cdpath[1] = (char *) "A=b";
                assert_int_equal(sbx_run_start_dir(cdpath, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
        }
        {
                /* a shell that reads startup files before its script or command, which may move
                 * it: a login shell's profiles (-l, +l, --login), an interactive one's rc files
                 * (-i), zsh's zshenv, bash's $BASH_ENV (measured: `bash -lc pwd`, `dash +l -c pwd`,
                 * `BASH_ENV=f bash -c pwd` printed the directory f's cd moved to; they were the
                 * start's, or the leading cd's joined to it) */
                static const char *const startup[][7] = {
                        { "bash", "-l", "-c", "touch x" },   { "bash", "-lc", "cd sub && x" },
                        { "dash", "+l", "-c", "x" },         { "bash", "--login", "x.sh" },
                        { "sh", "-i", "-c", "x" },           { "zsh", "-c", "cd sub && x" },
                        { "timeout", "9", "bash", "-l", "x.sh" }, { "sh", "-c", "cd sub && bash -l x.sh" },
                        { "sh", "-c", "true; /bin/bash -e -l x.sh" }, { "sh", "-c", "true; zsh x" },
                        { "bash", "-O", "extglob", "-i", "-c", "x" },
                        /* (an option after --rcfile's word was not read: a login shell's
                         * profiles were missed) */
                        { "bash", "--rcfile", "f", "-l", "x.sh" }, { "bash", "--init-file", "f", "-i", "-c", "x" },
                };
                char *bash[] = { (char *) "bash", (char *) "-c", (char *) "cd sub && x", NULL };
                char *sh[] = { (char *) "sh", (char *) "-c", (char *) "cd sub && x", NULL };

                for (size_t i = 0; i < sizeof(startup) / sizeof(startup[0]); i++)
                        if (sbx_run_start_dir((char *const *) startup[i], dir, SBX_RUN_DEV_UNKNOWN, out,
                                              sizeof(out)) != -1)
                                fail_msg("known: %s %s %s", startup[i][0], startup[i][1], startup[i][2]);
                setenv("BASH_ENV", "/dev/null", 1);
                assert_int_equal(sbx_run_start_dir(bash, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(sh, dir, SBX_RUN_DEV_UNKNOWN,
                                                   out, sizeof(out)), 1); /* dash reads no BASH_ENV */
                unsetenv("BASH_ENV");
                assert_int_equal(sbx_run_start_dir(bash, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
        }
        {
                /* `~` with $HOME unset or empty: not known */
                char *tilde[] = { (char *) "sh", (char *) "-c", (char *) "cd ~ && x", NULL };

                unsetenv("HOME");
                assert_int_equal(sbx_run_start_dir(tilde, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                setenv("HOME", "", 1);
                assert_int_equal(sbx_run_start_dir(tilde, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
        }
        {
                /* `cd -- -x`: a name; the shell's physical cd (bash -P, -o physical): li/.. is
                 * sub */
                char odd[PATH_MAX + 8];
                char *dashdash[] = { (char *) "sh", (char *) "-c", (char *) "cd -- -odd && x", NULL };
                char *phys[] = { (char *) "bash", (char *) "-P", (char *) "-c", (char *) "cd li/.. && x", NULL };
                char *phys_o[] = { (char *) "bash", (char *) "-e", (char *) "-o", (char *) "physical", (char *) "-c",
                                   (char *) "cd li/.. && x", NULL };

                snprintf(odd, sizeof(odd), "%s/-odd", dir);
                assert_int_equal(mkdir(odd, 0755), 0);
                assert_int_equal(sbx_run_start_dir(dashdash, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, odd);
                rmdir(odd);
                assert_int_equal(sbx_run_start_dir(phys, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                assert_int_equal(sbx_run_start_dir(phys_o, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                phys[1] = (char *) "-e";
                assert_int_equal(sbx_run_start_dir(phys, dir, SBX_RUN_DEV_UNKNOWN,
                                                   out, sizeof(out)), 0); /* dir itself */
        }
        {
                /* CDPATH read as bash and dash search it: the first entry holding the name as a
                 * directory (an empty one the shell's own), or none where they part (left54: every
                 * relative cd read none with CDPATH set) */
                char *cd_sub[] = { (char *) "bash", (char *) "-c", (char *) "cd sub && x", NULL };
                char *wrapped[] = { (char *) "nice", (char *) "bash", (char *) "-c", (char *) "cd sub && x", NULL };
                char path[2 * PATH_MAX + 8];

                snprintf(path, sizeof(path), "/nonexistent-x:%s", dir);
                setenv("CDPATH", path, 1);
                assert_int_equal(sbx_run_start_dir(cd_sub, in, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                /* ... sbx's CDPATH, not known of a shell a wrapper runs (env -u CDPATH) */
                assert_int_equal(sbx_run_start_dir(wrapped, in, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                snprintf(path, sizeof(path), ":%s", dir);
                setenv("CDPATH", path, 1);
                assert_int_equal(sbx_run_start_dir(cd_sub, in, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                /* none holds it: bash tries ./sub, dash does not */
                setenv("CDPATH", "/nonexistent-x", 1);
                assert_int_equal(sbx_run_start_dir(cd_sub, in, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                unsetenv("CDPATH");
        }
        {
                /* the shell's $PWD, a symbolic link's name for where it starts: `cd ..` leaves
                 * the link (it was sub/in's parent, sub); a $PWD of another directory is not
                 * the shell's, nor one sbx's wrapper may have unset (env -u PWD) */
                char *up[] = { (char *) "bash", (char *) "-c", (char *) "cd .. && x", NULL };
                char *wrapped[] = { (char *) "nice", (char *) "bash", (char *) "-c", (char *) "cd .. && x", NULL };
                const char *pwd = getenv("PWD");
                _cleanup_free_ char *old_pwd = pwd ? strdup(pwd) : NULL;

                setenv("PWD", li, 1);
                assert_int_equal(sbx_run_start_dir(up, in, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, dir);
                assert_int_equal(sbx_run_start_dir(wrapped, in, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                setenv("PWD", dir, 1);
                assert_int_equal(sbx_run_start_dir(up, in, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                assert_int_equal(sbx_run_start_dir(wrapped, in, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                if (old_pwd)
                        setenv("PWD", old_pwd, 1);
                else
                        unsetenv("PWD");
        }
        if (old_home)
                setenv("HOME", old_home, 1);
        else
                unsetenv("HOME");
        unlink(want);
        snprintf(want, sizeof(want), "%s/file", dir);
        unlink(want);
        unlink(link);
        unlink(li);
        rmdir(in);
        rmdir(sub);
        rmdir(dir);
}

/* A `cd DIR;` into /dev, after which the rest runs whether it entered or not: read only where the
 * sandbox's /dev has DIR as the host's (sbx_run_start_dir()): bubblewrap's own /dev, a tmpfs
 * with a /dev/shm of its own, /dev/shm itself; Landlock's, the host's, /dev and /dev/shm and
 * beneath, not /dev/fd (the shell's /proc/self); neither backend told, none. Before, none under
 * either: `cd /dev/shm; mktemp -q` of a refused /tmp read task_failure (shell58). */
static void test_script_start_dir_dev(void **state) {
        char tmpl[] = "/tmp/sbx-test-cddev.XXXXXX", out[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        struct stat st;
        static const struct {
                enum sbx_run_dev dev;
                const char *script;
                int want;
                const char *out; /* where want is 1 */
        } rows[] = {
                { SBX_RUN_DEV_UNKNOWN, "cd /dev/shm; touch x", -1, NULL },
                { SBX_RUN_DEV_UNKNOWN, "cd /dev; touch x", -1, NULL },
                { SBX_RUN_DEV_PRIVATE, "cd /dev/shm; touch x", 1, "/dev/shm" },
                { SBX_RUN_DEV_PRIVATE, "cd /dev/shm/\ntouch x", 1, "/dev/shm" },
                { SBX_RUN_DEV_PRIVATE, "cd /dev; touch x", -1, NULL },
                { SBX_RUN_DEV_PRIVATE, "cd /dev/pts; touch x", -1, NULL },
                { SBX_RUN_DEV_PRIVATE, "cd /dev/shm/sbx-test-none; touch x", -1, NULL },
                { SBX_RUN_DEV_PRIVATE, "cd /proc/self; touch x", -1, NULL },
                { SBX_RUN_DEV_HOST, "cd /dev/shm; touch x", 1, "/dev/shm" },
                { SBX_RUN_DEV_HOST, "cd /dev; touch x", 1, "/dev" },
                { SBX_RUN_DEV_HOST, "cd /dev/shm/sbx-test-none; touch x", 0, NULL },
                { SBX_RUN_DEV_HOST, "cd /dev/fd; touch x", -1, NULL },
                { SBX_RUN_DEV_HOST, "cd /dev/pts; touch x", -1, NULL },
                { SBX_RUN_DEV_HOST, "cd /proc/self; touch x", -1, NULL },
        };
        (void) state;

        assert_non_null(dir);
        /* (the host's /dev/shm a directory of its own, as the rows read it) */
        assert_int_equal(lstat("/dev/shm", &st), 0);
        assert_true(S_ISDIR(st.st_mode));
        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                char *argv[] = { (char *) "sh", (char *) "-c", (char *) rows[i].script, NULL };
                int r;

                out[0] = '\0';
                r = sbx_run_start_dir(argv, dir, rows[i].dev, out, sizeof(out));
                if (r != rows[i].want || (r == 1 && strcmp(out, rows[i].out) != 0))
                        fail_msg("row %zu (%d, %s): %d %s", i, rows[i].dev, rows[i].script, r, out);
        }
        /* mktemp's file after it: $TMPDIR's, or its template in /dev/shm */
        for (enum sbx_run_dev dev = SBX_RUN_DEV_UNKNOWN; dev <= SBX_RUN_DEV_HOST; dev++) {
                char *argv[] = { (char *) "sh", (char *) "-c", (char *) "cd /dev/shm; mktemp -q", NULL };
                char *argv_t[] = { (char *) "sh", (char *) "-c", (char *) "cd /dev/shm; mktemp -q x.XXX", NULL };

                assert_int_equal(sbx_run_chain_mktemp_file(argv, dir, dev, "/tmp", out, sizeof(out)),
                                 dev != SBX_RUN_DEV_UNKNOWN);
                if (dev != SBX_RUN_DEV_UNKNOWN)
                        assert_string_equal(out, "/tmp/tmp.XXXXXXXXXX");
                assert_int_equal(sbx_run_chain_mktemp_file(argv_t, dir, dev, "/tmp", out, sizeof(out)),
                                 dev != SBX_RUN_DEV_UNKNOWN);
                if (dev != SBX_RUN_DEV_UNKNOWN)
                        assert_string_equal(out, "/dev/shm/x.XXX");
        }
        /* ... and a `cd DIR && mktemp -q x.XXX` chain's alike: not in /proc (sbx's own /proc/self
         * was recorded, `cd /dev/fd && ...` too), nor in a /dev the backend does not have as the
         * host's (`cd /dev/pts && ...`, which the host refuses too, was read denied) */
        static const struct {
                enum sbx_run_dev dev;
                const char *script, *want; /* NULL: none */
        } chains[] = {
                { SBX_RUN_DEV_HOST, "cd /dev/shm && mktemp -q x.XXX", "/dev/shm/x.XXX" },
                { SBX_RUN_DEV_PRIVATE, "cd /dev/shm && mktemp -q x.XXX", "/dev/shm/x.XXX" },
                { SBX_RUN_DEV_UNKNOWN, "cd /dev/shm && mktemp -q x.XXX", NULL },
                { SBX_RUN_DEV_HOST, "cd /dev && mktemp -q x.XXX", "/dev/x.XXX" },
                { SBX_RUN_DEV_PRIVATE, "cd /dev && mktemp -q x.XXX", NULL },
                { SBX_RUN_DEV_HOST, "cd /dev/fd && mktemp -q x.XXX", NULL },
                { SBX_RUN_DEV_PRIVATE, "cd /dev/fd && mktemp -q x.XXX", NULL },
                { SBX_RUN_DEV_HOST, "cd /dev/pts && mktemp -q x.XXX", NULL },
                { SBX_RUN_DEV_HOST, "cd /proc/self && mktemp -q x.XXX", NULL },
                { SBX_RUN_DEV_PRIVATE, "cd /proc && mktemp -q x.XXX", NULL },
                { SBX_RUN_DEV_HOST, "cd /dev/shm/.. && mktemp -q x.XXX", "/dev/x.XXX" },
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(chains); i++) {
                char *argv[] = { (char *) "sh", (char *) "-c", (char *) chains[i].script, NULL };
                int r;

                r = sbx_run_chain_mktemp_file(argv, dir, chains[i].dev, "/tmp", out, sizeof(out));
                if (r != (chains[i].want != NULL) || (r == 1 && strcmp(out, chains[i].want) != 0))
                        fail_msg("chain %zu (%d, %s): %d %s", i, chains[i].dev, chains[i].script, r, out);
        }
        /* the functions without `_in`, and a call after one with a /dev told, read it as not told
         * (the setter before kept the last value told for every later call) */
        {
                char *argv[] = { (char *) "sh", (char *) "-c", (char *) "cd /dev/shm; touch x", NULL };
                char *chain_argv[] = { (char *) "sh", (char *) "-c", (char *) "cd /dev/shm && mktemp -q x.XXX", NULL };

                assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_HOST, out, sizeof(out)), 1);
                assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_chain_mktemp_file(chain_argv, dir, SBX_RUN_DEV_HOST, "/tmp", out,
                                                           sizeof(out)), 1);
                assert_int_equal(sbx_run_chain_mktemp_file(chain_argv, dir, SBX_RUN_DEV_UNKNOWN, "/tmp", out,
                                                           sizeof(out)), 0);
        }
        assert_int_equal(rmdir(dir), 0);
}

/* A make whose makefiles may run recipes elsewhere (a sub-make, a recipe's cd, an included file)
 * claims no directory: its recipes' lines print names of a directory sbx cannot tell (left54: a
 * `$(MAKE) -C ext` whose recipe's `echo x > out` was refused recorded the top directory's out);
 * one whose recipes run where it is claims it, or its -C DIR. */
static void test_make_start_dir(void **state) {
        char tmpl[] = "/tmp/sbx-test-make.XXXXXX", p[PATH_MAX], sub[PATH_MAX], out[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        static const char *const recurse[] = {
                "all:\n\t$(MAKE) -C sub\n", "all:\n\t${MAKE} -C sub\n", "all:\n\tcd sub && $(MAKE)\n",
                "all:\n\t@cd sub && echo x > out\n", "all:\n\t-cd sub; echo x > out\n", "all:\n\tmake -C sub\n",
                "include sub/x.mk\nall:\n\ttrue\n", "-include x.mk\n", "all:\n\t+(cd sub && true)\n",
        };
        FILE *f;
        (void) state;

        assert_non_null(dir);
        snprintf(sub, sizeof(sub), "%s/sub", dir);
        assert_int_equal(mkdir(sub, 0755), 0);
        snprintf(p, sizeof(p), "%s/Makefile", sub);
        assert_non_null(f = fopen(p, "w"));
        fputs("all:\n\techo x > out\n", f);
        fclose(f);
        snprintf(p, sizeof(p), "%s/Makefile", dir);
        for (size_t i = 0; i < sizeof(recurse) / sizeof(recurse[0]); i++) {
                char *argv[] = { (char *) "make", NULL };
                char *script[] = { (char *) "sh", (char *) "-c", (char *) "make && true", NULL };
                char *timed[] = { (char *) "timeout", (char *) "9", (char *) "make", (char *) "-j4", NULL };

                assert_non_null(f = fopen(p, "w"));
                fputs(recurse[i], f);
                fclose(f);
                if (sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)) != -1)
                        fail_msg("known: make of %s", recurse[i]);
                if (sbx_run_start_dir(script, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)) != -1)
                        fail_msg("known: make && true of %s", recurse[i]);
                if (sbx_run_start_dir(timed, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)) != -1)
                        fail_msg("known: timeout 9 make -j4 of %s", recurse[i]);
        }
        {
                /* the makefiles -f names, relative to -C's directory; sub's own */
                char *plain[] = { (char *) "make", (char *) "-f", (char *) "sub/Makefile", NULL };
                char *in_sub[] = { (char *) "make", (char *) "-C", (char *) "sub", NULL };
                char *cd_sub[] = { (char *) "sh", (char *) "-c", (char *) "cd sub && make", NULL };
                char *f_in_sub[] = { (char *) "make", (char *) "-Csub", (char *) "--file=Makefile", NULL };
                char *top[] = { (char *) "make", (char *) "--fi", (char *) "Makefile", NULL };
                char *stdin_mk[] = { (char *) "make", (char *) "-f", (char *) "-", NULL };
                char *eval[] = { (char *) "make", (char *) "--eval=x:", NULL };

                assert_int_equal(sbx_run_start_dir(plain, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                assert_int_equal(sbx_run_start_dir(in_sub, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                assert_int_equal(sbx_run_start_dir(cd_sub, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                assert_int_equal(sbx_run_start_dir(f_in_sub, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                assert_int_equal(sbx_run_start_dir(top, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(stdin_mk, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(eval, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                /* $MAKEFILES, which make reads first */
                setenv("MAKEFILES", "x.mk", 1);
                assert_int_equal(sbx_run_start_dir(in_sub, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                unsetenv("MAKEFILES");
                /* a recipe's variable whose value moves: from make's command line (any
                 * NAME), or the environment's of a name the makefile holds, with -e or without
                 * (review55: `make -C sub -f M4 GO='cd /x &&'` claimed sub) */
                char m4[PATH_MAX];
                char *var_plain[] = { (char *) "make", (char *) "-C", (char *) "sub", (char *) "-f", (char *) "M4", NULL };
                char *var_other[] = { (char *) "make", (char *) "-Csub", (char *) "-fM4", (char *) "V=1", NULL };
                char *var_cd[] = { (char *) "make", (char *) "-C", (char *) "sub", (char *) "-f", (char *) "M4",
                                   (char *) "GO=cd /tmp &&", NULL };
                char *var_any[] = { (char *) "make", (char *) "-C", (char *) "sub", (char *) "-f", (char *) "M4",
                                    (char *) "X:=cd /tmp;", NULL };
                char *var_env[] = { (char *) "make", (char *) "-e", (char *) "-C", (char *) "sub", (char *) "-f", (char *) "M4", NULL };

                snprintf(m4, sizeof(m4), "%s/M4", sub);
                assert_non_null(f = fopen(m4, "w"));
                fputs("all:\n\t$(GO) echo x > mx\n", f);
                fclose(f);
                assert_int_equal(sbx_run_start_dir(var_plain, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_int_equal(sbx_run_start_dir(var_other, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_int_equal(sbx_run_start_dir(var_cd, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(var_any, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                setenv("GO", "cd /tmp &&", 1);
                assert_int_equal(sbx_run_start_dir(var_env, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(var_plain, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                unsetenv("GO");
                setenv("SBX_TEST_UNUSED", "cd /tmp &&", 1);
                assert_int_equal(sbx_run_start_dir(var_env, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                unsetenv("SBX_TEST_UNUSED");
                /* ... set for it by an env or a shell's assignment before it (links56: both
                 * claimed sub) */
                char *env_cd[] = { (char *) "env", (char *) "GO=cd /tmp &&", (char *) "make", (char *) "-e",
                                   (char *) "-C", (char *) "sub", (char *) "-f", (char *) "M4", NULL };
                char *env_other[] = { (char *) "env", (char *) "V=1", (char *) "make", (char *) "-C", (char *) "sub",
                                      (char *) "-f", (char *) "M4", NULL };
                char *sh_cd[] = { (char *) "sh", (char *) "-c", (char *) "GO='cd /tmp &&' make -C sub -f M4", NULL };
                char *sh_later[] = { (char *) "sh", (char *) "-c", (char *) "true && GO='cd /tmp;' make -f M4 && true", NULL };
                char *sh_other[] = { (char *) "sh", (char *) "-c", (char *) "V=1 make -C sub -f M4", NULL };

                assert_int_equal(sbx_run_start_dir(env_cd, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(env_other, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_int_equal(sbx_run_start_dir(sh_cd, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(sh_later, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(sh_other, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                unlink(m4);
                /* no makefile: make's built-in rules, where it is */
                unlink(p);
                char *none[] = { (char *) "make", (char *) "x.o", NULL };
                assert_int_equal(sbx_run_start_dir(none, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
        }
        snprintf(p, sizeof(p), "%s/Makefile", sub);
        unlink(p);
        rmdir(sub);
        rmdir(dir);
}

/* The scratch directory of test_script_file_start_dir, removed by its teardown whatever the test's
 * end: a failed assertion leaves the test at once (under the sanitizers at a load of 9 to 13 its
 * 16-script read missed its budget, and each failure left a /tmp/sbx-test-script.* behind). */
static char script_dir[64];

static int remove_entry(const char *p, const struct stat *st, int flag, struct FTW *f) {
        (void) st, (void) flag, (void) f;
        return remove(p) < 0 && errno != ENOENT ? -1 : 0;
}

static int script_dir_teardown(void **state) {
        (void) state;
        if (script_dir[0])
                (void) nftw(script_dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
        script_dir[0] = '\0';
        return 0;
}

/* A shell's script file (`sh build.sh`, `./build.sh` with a shell's #!) is read as a -c script
 * is: one that moves (`cd "$(dirname "$0")"`) claims no directory (it was read as the start
 * directory); one that does not, the start directory. What cannot be read as a small regular text
 * file (missing, empty, a FIFO, a device behind a symlink, larger than 64 KiB, on /proc) may
 * move; a path the kernel runs that is no shell's script is read as before. Nothing but a regular
 * file is opened: the FIFO, with no writer, would hold an open(2) for reading. */
static void test_script_file_start_dir(void **state) {
        char tmpl[] = "/tmp/sbx-test-script.XXXXXX", p[PATH_MAX], out[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        static const struct {
                const char *name, *text;
        } files[] = {
                { "mv.sh", "cd \"$(dirname \"$0\")\"\ntouch x\n" },
                { "still.sh", "# build\ntouch x\nmake all\n" },
                { "tool.sh", "make -C sub\n" },
                { "run.sh", "#!/bin/sh\ncd sub\ntouch y\n" },
                { "still2.sh", "#!/usr/bin/env bash\ntouch y\n" },
                { "py", "#!/usr/bin/python3\nimport os\nos.chdir('/')\n" },
                { "empty.sh", "" },
                /* as the shells run them (they were the start's): an escaped cd, an alias of it
                 * (dash expands it), env -S's shell, a login shell's profiles */
                { "bs.sh", "\\cd sub\ntouch x\n" },
                { "al.sh", "alias go=cd\ngo sub\ntouch x\n" },
                { "envs.sh", "#!/usr/bin/env -S bash -e\ncd sub\ntouch y\n" },
                { "envs2.sh", "#!/usr/bin/env -S bash -e\ntouch y\n" },
                { "envc.sh", "#!/usr/bin/env -S -C /tmp bash\ntouch y\n" },
                { "login.sh", "#!/bin/bash -l\ntouch y\n" },
                { "crlf.sh", "#!/bin/sh -e\r\ntouch y\r\n" },
                /* a script that runs or sources another */
                { "ex.sh", "exec sh mv.sh\n" },
                { "self.sh", "# itself\n. ./self.sh\n" },
        };
        struct {
                const char *argv[6];
                int want;
        } cases[] = {
                { { "sh", "mv.sh" }, -1 },
                { { "bash", "-e", "-o", "pipefail", "mv.sh" }, -1 },
                { { "timeout", "5", "sh", "mv.sh" }, -1 },
                { { "bash", "still.sh" }, 0 },
                { { "dash", "--", "still.sh" }, 0 },
                { { "sh", "tool.sh" }, -1 },
                { { "./run.sh" }, -1 },
                { { "./still2.sh" }, 0 },
                { { "./py" }, 0 },
                { { "sh", "missing.sh" }, -1 },
                { { "sh", "fifo" }, -1 },
                { { "sh", "null" }, -1 },
                { { "sh", "big.sh" }, -1 },
                { { "sh", "empty.sh" }, -1 },
                /* a kernel's file system is not read (/proc/kmsg would lose the kernel's lines) */
                { { "sh", "/proc/self/status" }, -1 },
                /* commands from stdin (they were the start's: `printf 'cd sub\ntouch x' | bash`
                 * made sub/x) */
                { { "sh" }, -1 },
                { { "sh", "-s", "mv.sh" }, -1 },
                { { "bash", "-e" }, -1 },
                { { "sh", "bs.sh" }, -1 },
                { { "dash", "al.sh" }, -1 },
                { { "./envs.sh" }, -1 },
                { { "./envs2.sh" }, 0 },
                { { "./envc.sh" }, -1 },
                { { "./login.sh" }, -1 },
                { { "./crlf.sh" }, 0 },
                { { "sh", "-", "mv.sh" }, -1 },
                { { "bash", "--rcfile", "mv.sh", "still.sh" }, 0 },
                /* a script's text running or sourcing a script file, read as the shell runs it
                 * (they were the start's: `bash -c '. ./lib.sh && touch ./x'` made sub/x) */
                { { "bash", "-c", "sh mv.sh && true" }, -1 },
                { { "bash", "-c", ". ./mv.sh && touch x" }, -1 },
                { { "bash", "-c", ". ./mv.sh" }, -1 },
                { { "bash", "-c", "cat f | sh" }, -1 },
                { { "bash", "-c", "./run.sh && true" }, -1 },
                { { "bash", "-c", "if true; then exec sh mv.sh; fi" }, -1 },
                { { "bash", "-c", "x=$(sh mv.sh); true" }, -1 },
                { { "bash", "-c", ". still.sh; x" }, -1 },
                { { "bash", "-c", "sh \"$f\"; true" }, -1 },
                { { "sh", "ex.sh" }, -1 },
                { { "sh", "self.sh" }, -1 },
                { { "bash", "-c", "source ./still.sh && touch x" }, 0 },
                { { "bash", "-c", "sh still.sh 2>&1 | tee log" }, 0 },
                { { "bash", "-c", "echo 'sh mv.sh' && true # sh mv.sh" }, 0 },
                { { "sh", "-c", "touch x", "mv.sh" }, 0 },
        };
        FILE *f;

        (void) state;
        if (dir)
                snprintf(script_dir, sizeof(script_dir), "%s", dir);
        assert_non_null(dir);
        for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
                snprintf(p, sizeof(p), "%s/%s", dir, files[i].name);
                assert_non_null(f = fopen(p, "w"));
                fputs(files[i].text, f);
                fclose(f);
                assert_int_equal(chmod(p, 0755), 0);
        }
        snprintf(p, sizeof(p), "%s/big.sh", dir);
        assert_non_null(f = fopen(p, "w"));
        for (int i = 0; i < 70 * 1024 / 8; i++)
                fputs("true   \n", f);
        fclose(f);
        snprintf(p, sizeof(p), "%s/fifo", dir);
        assert_int_equal(mkfifo(p, 0600), 0);
        snprintf(p, sizeof(p), "%s/null", dir);
        assert_int_equal(symlink("/dev/null", p), 0);
        snprintf(p, sizeof(p), "%s/sub", dir);
        assert_int_equal(mkdir(p, 0755), 0);
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                int r = sbx_run_start_dir((char *const *) cases[i].argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out));

                if (r != cases[i].want)
                        fail_msg("case %zu (%s %s): %d, want %d", i, cases[i].argv[0],
                                 cases[i].argv[1] ? cases[i].argv[1] : "", r, cases[i].want);
        }
        /* the script files of one command are read 16 at most: each of `true sh f sh f ...` was
         * read, 2 ms each for 64 KiB (114 s for 50000), the command long ended. Each name here
         * another ("./still.sh", "././still.sh", ...): one read twice is read once */
        {
                const char *many[2 + 2 * 17] = { "true" };
                char names[17][64];
                size_t n = 1;

                for (int k = 0; k < 17; k++) {
                        names[k][0] = '\0';
                        for (int d = 0; d <= k; d++)
                                strcat(names[k], "./");
                        strcat(names[k], "still.sh");
                        many[n++] = "sh";
                        many[n++] = names[k];
                }
                assert_int_equal(sbx_run_start_dir((char *const *) many, dir, SBX_RUN_DEV_UNKNOWN,
                                                   out, sizeof(out)), -1);
                many[1 + 2 * 16] = NULL;
                /* the 16 reads share one budget of 500 ms: on a machine loaded 6-15 under the
                 * sanitizers one attempt missed it (-1, "cannot say"), at a load of 8 ten in a row
                 * did; what is checked here is what 16 reads answer, so the budget is raised */
                const int budget = sbx_run_script_read_ms;

                sbx_run_script_read_ms = 60 * 1000;
                sbx_run_host_asking_starts(); /* (a deadline the first attempt missed is forgotten) */
                int r = sbx_run_start_dir((char *const *) many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out));
                sbx_run_script_read_ms = budget;
                assert_int_equal(r, 0);
        }
        for (const char *const *n = (const char *const[]) { "mv.sh", "still.sh", "tool.sh", "run.sh", "still2.sh", "py",
                                                           "empty.sh", "big.sh", "fifo", "null", "bs.sh", "al.sh", "envs.sh", "envs2.sh",
                                                           "envc.sh", "login.sh", "crlf.sh", "ex.sh", "self.sh", NULL };
             *n; n++) {
                snprintf(p, sizeof(p), "%s/%s", dir, *n);
                unlink(p);
        }
        snprintf(p, sizeof(p), "%s/sub", dir);
        rmdir(p);
        rmdir(dir);
}

/* The child that reads a script file fails its own set-up (its PR_SET_PDEATHSIG refused here by a
 * seccomp filter, in a process of the test's own; the OOM killer ending it reads the same): that is
 * no answer, and `./run.sh`, whose #! script moves, claims no directory. It read as no file, and
 * the start directory was claimed (0). */
static void test_script_file_reader_failed(void **state) {
        char tmpl[] = "/tmp/sbx-test-reader.XXXXXX", path[PATH_MAX], out[PATH_MAX];
        char *dir = mkdtemp(tmpl), *argv[] = { (char *) "./run.sh", NULL };
        int fd, status;
        pid_t pid;

        (void) state;
        assert_non_null(dir);
        snprintf(path, sizeof(path), "%s/run.sh", dir);
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0755);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, "#!/bin/sh\ncd sub\ntouch y\n", 26), 26);
        close(fd);
        /* control: read, it moves */
        assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
        pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                struct sock_filter f[] = {
                        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
                        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_prctl, 0, 3),
                        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
                        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PR_SET_PDEATHSIG, 0, 1),
                        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
                        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
                };
                struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };
                int r;

                if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0)
                        _exit(100);
                r = sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out));
                _exit(r == -1 ? 0 : r == 0 ? 10 : r == 1 ? 11 : 12);
        }
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
        assert_int_equal(unlink(path), 0);
        assert_int_equal(rmdir(dir), 0);
}

/* A path the kernel runs that sbx cannot name: relative, short enough for the kernel, but the
 * start directory and it together longer than PATH_MAX. Its #! script (which moves) claims no
 * directory; it claimed the start directory (read as a file that is no script). Made and removed
 * through directory descriptors: their full names are too long for the calls that take one. */
static void test_script_file_unnamed(void **state) {
        char tmpl[] = "/tmp/sbx-test-long.XXXXXX", comp[251], cwd[PATH_MAX], rel[PATH_MAX], out[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        int fds[20], n = 0, fd;
        size_t cl, rl;

        (void) state;
        assert_non_null(dir);
        memset(comp, 'a', sizeof(comp) - 1);
        comp[sizeof(comp) - 1] = '\0';
        snprintf(cwd, sizeof(cwd), "%s", dir);
        snprintf(rel, sizeof(rel), ".");
        fds[n++] = open(dir, O_RDONLY | O_DIRECTORY);
        /* 9 components for the start directory, 9 more beneath it for the script */
        for (int i = 0; i < 18; i++) {
                assert_true(fds[n - 1] >= 0);
                assert_int_equal(mkdirat(fds[n - 1], comp, 0755), 0);
                fds[n] = openat(fds[n - 1], comp, O_RDONLY | O_DIRECTORY);
                n++;
                cl = strlen(cwd), rl = strlen(rel);
                if (i < 9)
                        snprintf(cwd + cl, sizeof(cwd) - cl, "/%s", comp);
                else
                        snprintf(rel + rl, sizeof(rel) - rl, "/%s", comp);
        }
        rl = strlen(rel);
        snprintf(rel + rl, sizeof(rel) - rl, "/run.sh");
        assert_true(strlen(cwd) + strlen(rel) >= PATH_MAX);
        fd = openat(fds[n - 1], "run.sh", O_WRONLY | O_CREAT | O_EXCL, 0755);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, "#!/bin/sh\ncd sub\ntouch y\n", 26), 26);
        close(fd);
        {
                char *argv[] = { rel, NULL };

                assert_int_equal(sbx_run_start_dir(argv, cwd, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
        }
        assert_int_equal(unlinkat(fds[n - 1], "run.sh", 0), 0);
        for (int i = n - 1; i > 0; i--) {
                close(fds[i]);
                assert_int_equal(unlinkat(fds[i - 1], comp, AT_REMOVEDIR), 0);
        }
        close(fds[0]);
        assert_int_equal(rmdir(dir), 0);
}

/* A tool told a directory of its own, as the exec'd argv or a script's one command: tar's
 * extraction, make and git move there first, so their lines' relative names are that
 * directory's (they were the start directory's: `tar -C /etc -xf a.tar` recorded <start>/x for
 * /etc/x). Where sbx cannot follow the form it claims no directory (-1). */
static void test_tool_start_dir(void **state) {
        char tmpl[] = "/tmp/sbx-test-tool.XXXXXX", sub[PATH_MAX], p[PATH_MAX], out[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        struct {
                const char *argv[10];
                int want; /* 1: sub */
        } cases[] = {
                { { "tar", "-C", "sub", "-xf", "a.tar" }, 1 },
                { { "tar", "-xf", "a.tar", "-C", "sub" }, 1 },
                { { "/usr/bin/tar", "xf", "a.tar", "-C", "sub" }, 1 },
                { { "tar", "xfC", "a.tar", "sub" }, 1 },
                { { "tar", "-xzf", "a.tar", "--directory=sub" }, 1 },
                { { "tar", "--extract", "--file", "a.tar", "--directory", "sub" }, 1 },
                { { "tar", "-xCsub", "-f", "a.tar" }, 1 },
                { { "tar", "-C", "sub", "-x" }, 1 },
                { { "tar", "-C", "sub", "-xf", "unreadable.tar" }, -1 },
                { { "tar", "-C", "sub", "-cf", "a.tar", "x" }, -1 },
                { { "tar", "-C", "sub", "-xf", "a.tar", "m" }, -1 },
                { { "tar", "-C", "sub", "-C", "..", "-xf", "a.tar" }, -1 },
                { { "tar", "-C", "sub", "-xf", "a.tar", "--to-command", "x" }, -1 },
                { { "tar", "-xf", "a.tar" }, 0 },
                { { "tar", "-tf", "a.tar" }, 0 },
                { { "make", "-C", "sub" }, 1 },
                { { "make", "-Csub", "all" }, 1 },
                { { "make", "-j", "4", "--directory=sub", "V=1" }, 1 },
                { { "make", "-kC", "sub" }, 1 },
                { { "make", "-f", "-C", "x" }, 0 },
                { { "make", "-C", "sub", "-C", "missing" }, -1 },
                { { "make", "all" }, 0 },
                /* long options abbreviated as getopt_long takes them (measured: `make --di=d`,
                 * `env --c=d` enter d; they were 0; `--fil -Csub` names a makefile, it was 1) */
                { { "make", "--di=sub" }, 1 },
                { { "make", "--di", "sub" }, 1 },
                { { "make", "--fil", "-Csub" }, 0 },
                { { "env", "--c=sub", "touch", "x" }, 1 },
                { { "env", "--u", "X", "-C", "sub", "x" }, 1 },
                { { "git", "-C", "sub", "fetch" }, 1 },
                { { "git", "-c", "a=b", "-C", "sub", "status", "-C" }, 1 },
                /* an alias given on the command line (a shell one may move anywhere) */
                { { "git", "-c", "alias.x=!cd sub && touch y", "x" }, -1 },
                { { "git", "-C", "sub", "-c", "Alias.st=status", "st" }, -1 },
                { { "git", "--config-env", "alias.x=ENVVAR", "x" }, -1 },
                { { "git", "-C", "sub", "--work-tree=x", "status" }, -1 },
                { { "git", "--git-dir", "x", "status" }, -1 },
                { { "git", "status", "-C", "sub" }, 0 },
                { { "env", "make", "-C", "sub" }, 1 },
                { { "env", "-C", "sub", "touch", "x" }, 1 },
                { { "env", "--chdir=sub", "A=b", "make" }, 1 },
                { { "env", "-i", "-C", "sub", "make", "-C", ".." }, 0 },
                { { "env", "-u", "X", "-Csub", "x" }, 1 },
                { { "env", "-S", "make -C sub" }, -1 },
                /* env enters its last -C's directory from where it started (measured: `env -C a -C b
                 * pwd` prints ./b); they were entered one after the other */
                { { "env", "-C", "missing", "-C", "sub", "touch", "x" }, 1 },
                { { "env", "-C", "sub", "-C", "missing", "touch", "x" }, 0 },
                { { "env", "-x", "make", "-C", "sub" }, -1 },
                { { "xargs", "make", "-C", "sub" }, -1 },
                { { "find", ".", "-execdir", "touch", "x", ";" }, -1 },
                /* ... in a shell's -c script too, alone or after another command (they were 0:
                 * the names of the directories find moved to read as the start's) */
                { { "sh", "-c", "find . -name x -execdir rmdir {} +" }, -1 },
                { { "bash", "-c", "true; find /d -okdir rm {} \\;" }, -1 },
                { { "sh", "-c", "find . -name x -exec rmdir {} +" }, 0 },
                { { "find", ".", "-name", "x" }, 0 },
                /* env running env, read one after the other, each -C from where the one before
                 * moved (they were -1: not followed, so a chain's `busybox mv` destination was
                 * never read) */
                { { "env", "env", "-C", "sub", "x" }, 1 },
                { { "env", "-C", "sub", "env", "-C", "..", "env", "-Csub", "x" }, 1 },
                { { "env", "-C", "sub", "nice", "env", "-C", "../sub", "x" }, 1 },
                { { "env", "-C", "sub", "env", "-C", "..", "make", "-C", "sub" }, 1 },
                { { "env", "-C", "sub", "env", "-C", "missing", "x" }, 1 },
                { { "env", "-Csub", "env", "-uX", "nice", "tar", "-C", "../sub", "-x" }, 1 },
                { { "env", "-C", "sub", "env", "-C", "..", "touch", "x" }, 0 },
                { { "env", "-C", "sub", "nohup", "env", "-C", "..", "x" }, -1 },
                { { "env", "-C", "sub", "env", "-S", "x" }, -1 },
                { { "env", "-C", "sub", "env", "--foo", "x" }, -1 },
                { { "timeout", "9", "tar", "-C", "sub", "-xf", "a.tar" }, 1 },
                { { "env", "make" }, 0 },
                { { "unzip", "a.zip", "-d", "sub" }, 0 }, /* unzip prints DIR/name: the start's */
                /* GNU cpio's -D: its archive and pattern file where it started, the members DIR's
                 * (measured; they were 0: the start's) */
                { { "cpio", "-idm", "-D", "sub" }, 1 },
                { { "cpio", "-i", "--directory=sub", "-F", "a.tar" }, 1 },
                { { "cpio", "-idmDsub", "--quiet" }, 1 },
                { { "cpio", "-i", "--di", "sub", "--make-directories" }, 1 },
                { { "cpio", "-i", "-D", "sub", "-F", "unreadable.tar" }, -1 },
                { { "cpio", "-i", "-D", "sub", "-F", "host:a.cpio" }, -1 },
                { { "cpio", "-o", "-D", "sub", "-F", "a.cpio" }, -1 },
                { { "cpio", "-pdm", "-D", "sub", "out" }, -1 },
                { { "cpio", "-i", "-D", "sub", "-D", "sub" }, -1 },
                { { "cpio", "-i", "-D", "sub", "--rsh-command", "x" }, -1 },
                { { "cpio", "-i", "-D", "missing" }, 0 },
                { { "cpio", "-idm" }, 0 },
                /* ... also in a script whose stdin the shell opens where it is, before cpio moves: a
                 * file the host lets the user read (they were -1: a redirection) */
                { { "sh", "-c", "cpio -i -D sub < a.tar" }, 1 },
                { { "sh", "-c", "cpio -idm --quiet -D sub <a.tar" }, 1 },
                { { "sh", "-c", "< a.tar cpio -i -D sub" }, 1 },
                { { "sh", "-c", "tar -C sub -xf - < a.tar" }, 1 },
                { { "sh", "-c", "cpio -i -D sub < missing.cpio" }, -1 },
                { { "sh", "-c", "cpio -i -D sub < -" }, -1 },
                { { "sh", "-c", "cpio -i -D sub <> a.tar" }, -1 },
                { { "sh", "-c", "cpio -i -D sub << EOF" }, -1 },
                { { "sh", "-c", "cpio -i -D sub <& 3" }, -1 },
                { { "sh", "-c", "cpio -i -D sub 0< a.tar" }, -1 },
                { { "sh", "-c", "cpio -i -D sub < a.tar > log" }, -1 },
                { { "sh", "-c", "cpio -i -D sub < ;" }, -1 },
                { { "sh", "-c", "cpio -i -D sub <" }, -1 },
                { { "sh", "-c", "bash < a.tar" }, -1 },
                { { "sh", "-c", "cat < a.tar" }, 0 },
                /* BusyBox's applets, read as the applet's argv (they were -1: a tool's name later in
                 * the argv); its unzip moves to -d DIR (measured), Info-ZIP's does not */
                { { "busybox", "tar", "-C", "sub", "-xf", "a.tar" }, 1 },
                { { "/bin/busybox", "tar", "-xf", "a.tar", "-C", "sub" }, 1 },
                { { "busybox", "sh", "-c", "cd sub && touch x" }, 1 },
                /* BusyBox's shells by their own names, ash and hush, read as sh (they were -1) */
                { { "busybox", "ash", "-c", "cd sub && touch x" }, 1 },
                { { "busybox", "hush", "-c", "cd sub && touch x" }, 1 },
                { { "/bin/ash", "-e", "-c", "cd sub && touch x" }, 1 },
                { { "hush", "-c", "cd sub && touch x" }, 1 },
                { { "busybox", "ash", "-l", "-c", "touch x" }, -1 },
                { { "hush", "-i", "-c", "touch x" }, -1 },
                { { "busybox", "timeout", "9", "tar", "-C", "sub", "-xf", "a.tar" }, 1 },
                { { "timeout", "9", "busybox", "tar", "-C", "sub", "-xf", "a.tar" }, 1 },
                { { "busybox", "unzip", "a.zip", "-d", "sub" }, 1 },
                { { "busybox", "unzip", "-o", "-dsub", "a.zip" }, 1 },
                { { "busybox", "unzip", "-qd", "sub", "a.zip", "f" }, 1 },
                { { "busybox", "unzip", "a.zip", "-d", "missing" }, -1 },
                { { "busybox", "unzip", "a.zip", "-d", "sub", "-d", "sub" }, -1 },
                { { "busybox", "unzip", "-Z", "a.zip", "-d", "sub" }, -1 },
                { { "busybox", "tar", "-C", "sub", "-cf", "a.tar", "x" }, -1 },
                { { "busybox", "sh", "-c", "touch x; cd sub" }, -1 },
                { { "xargs", "busybox", "tar", "-C", "sub", "-x" }, -1 },
                /* PHP's -r code that moves first, chdir("DIR"); a literal: DIR (it was 0: its
                 * relative names the start's, as nobody `chdir("/etc"); touch("x");` read as denied) */
                { { "php", "-r", "chdir(\"sub\"); touch(\"x\");" }, 1 },
                { { "php", "-r", " ChDir( \"sub\" ) ; touch(\"x\");" }, 1 },
                { { "php", "-d", "display_errors=1", "-r", "chdir(\"sub\"); x();" }, 1 },
                { { "timeout", "9", "php", "-r", "chdir(\"sub\"); x();" }, 1 },
                { { "php", "-r", "touch(\"x\"); chdir(\"sub\");" }, -1 },
                { { "php", "-r", "chdir(\"sub\"); CHDIR(\"..\");" }, -1 },
                { { "php", "-r", "chdir($d); x();" }, -1 },
                { { "php", "-r", "chdir(\"s$u\"); x();" }, -1 },
                { { "php", "-r", "chdir(\"s\\ub\"); x();" }, -1 },
                { { "php", "-r", "chdir(\"missing\"); x();" }, -1 },
                { { "php", "-r", "chdir(\"sub\") or die(); x();" }, -1 },
                { { "php", "-r", "touch(\"x\");" }, 0 },
                { { "php", "x.php", "-r", "chdir(\"sub\");" }, 0 },
                /* Debian's versioned name, which the alternative `php` points to (they were 0:
                 * as nobody, `php8.2 -r 'chdir("/etc"); touch("x");'` read as denied) */
                { { "php8.2", "-r", "chdir(\"sub\"); touch(\"x\");" }, 1 },
                { { "/usr/bin/php8.2", "-r", "chdir(\"sub\"); x();" }, 1 },
                { { "php7", "-r", "chdir(\"sub\"); x();" }, 1 },
                { { "timeout", "9", "php8.2", "-r", "chdir(\"sub\"); x();" }, 1 },
                { { "php8.2", "-r", "chdir(\"missing\"); x();" }, -1 },
                { { "php8.2", "-f", "x.php" }, 0 },
                { { "php8.2", "-f", "x.php", "--", "-r", "chdir(\"sub\");" }, 0 },
                { { "php8.", "-r", "chdir(\"sub\"); x();" }, 0 },
                { { "phpdbg", "-r", "chdir(\"sub\"); x();" }, 0 },
                { { "php-cgi", "-r", "chdir(\"sub\"); x();" }, 0 },
                { { "busybox", "unzip", "a.zip" }, 0 },
                { { "busybox", "touch", "x" }, 0 },
                { { "busybox", "--install", "-s", "sub" }, 0 },
                { { "busybox" }, 0 },
                /* a program not read may put words in the tool's argv: xargs adds its input's
                 * (given "-C /etc"), -I and find's -exec put names for {} (each line's, each
                 * file's directory, none named "{}"); a shell it runs may move (they were 0) */
                { { "xargs", "-I{}", "make", "-C", "{}" }, -1 },
                { { "xargs", "make" }, -1 },
                { { "xargs", "-a", "list", "make" }, -1 },
                { { "xargs", "--arg-file=list", "git", "fetch" }, -1 },
                { { "x", "git", "-C", "{}", "status" }, -1 },
                { { "find", ".", "-name", "Makefile", "-exec", "make", "-C", "{}", ";" }, -1 },
                { { "find", ".", "-exec", "sh", "-c", "cd \"$1\" && x", "sh", "{}", ";" }, -1 },
                { { "find", ".", "-name", "x", "-exec", "touch", "{}", ";" }, 0 },
                { { "xargs", "sh", "-c", "cd \"$0\" && x" }, -1 },
                { { "setpriv", "--reuid=1", "sh", "-c", "cd sub && x" }, -1 },
                { { "xargs", "bash", "-l", "x.sh" }, -1 },
                { { "setpriv", "--reuid=1", "sh", "-c", "x" }, 0 },
                { { "xargs", "touch" }, 0 },
                /* a command run as another user: sudo's -D, sudoers' runcwd, -i, su's and runuser's
                 * -l move it (they were 0, or sub's for make -C sub) */
                { { "sudo", "-D", "sub", "touch", "x" }, -1 },
                { { "sudo", "--chdir=sub", "touch", "x" }, -1 },
                { { "sudo", "-i", "touch", "x" }, -1 },
                { { "sudo", "touch", "x" }, -1 },
                { { "sudo", "-u", "nobody", "make", "-C", "sub" }, -1 },
                { { "su", "-c", "cd sub && x" }, -1 },
                { { "su", "-l", "nobody", "-c", "touch x" }, -1 },
                { { "runuser", "-u", "nobody", "--", "touch", "x" }, -1 },
                { { "pkexec", "touch", "x" }, -1 },
                { { "timeout", "9", "sudo", "touch", "x" }, -1 },
                /* ... or in a directory of its options, or another root's "/" (they were 0) */
                { { "unshare", "--wd=sub", "touch", "x" }, -1 },
                { { "nsenter", "-w", "sub", "touch", "x" }, -1 },
                { { "chroot", "sub", "touch", "x" }, -1 },
                /* a script a program hands a shell of its own, read as text (they were 0) */
                { { "flock", "lock", "-c", "cd sub && touch x" }, -1 },
                { { "script", "-qc", "cd sub && touch x", "/dev/null" }, -1 },
                { { "sg", "users", "-c", "make -C sub" }, -1 },
                { { "flock", "lock", "-c", "touch x" }, 0 },
                /* ninja's -C (it was 0: the start's), build tools' directory options */
                { { "ninja", "-C", "sub" }, 1 },
                { { "ninja", "-j", "4", "-Csub", "all" }, 1 },
                { { "/usr/bin/ninja", "--verbose", "-C", "sub" }, 1 },
                /* several: the last, from the start (links56: they were -1) */
                { { "ninja", "-C", "sub", "-C", "sub" }, 1 },
                { { "ninja", "-C", "missing", "-C", "sub" }, 1 },
                { { "ninja", "-C", "sub", "-Cmissing" }, 0 },
                { { "ninja", "--foo", "-C", "sub" }, -1 },
                { { "ninja", "-C", "missing" }, 0 },
                { { "ninja", "-f", "-C" }, 0 },
                /* GNU patch's -d (mine55: it was 0, its temporary file's "./f.oXXXXXX" the start's) */
                { { "patch", "-d", "sub", "-p0" }, 1 },
                { { "patch", "-Np1", "-dsub", "-i", "x.diff" }, 1 },
                { { "patch", "--directory=sub", "--dry-run", "-p0" }, 1 },
                { { "patch", "--dir", "sub", "-p0" }, 1 },
                { { "patch", "-d", "sub", "-d", "sub" }, -1 },
                { { "patch", "--fuzz", "3", "-d", "sub" }, -1 },
                { { "patch", "-d", "missing" }, 0 },
                { { "patch", "-p", "-d" }, 0 },
                { { "patch", "-p0", "f" }, 0 },
                /* -x NUM takes its argument (review56: -1, and 1 where -x's is "-d") */
                { { "patch", "-x16", "-d", "sub", "-p0" }, 1 },
                { { "patch", "-x", "8", "-dsub" }, 1 },
                { { "patch", "-x", "-d", "sub" }, 0 },
                { { "meson", "compile", "-C", "sub" }, -1 },
                { { "npm", "--prefix", "sub", "test" }, -1 },
                { { "npm", "-C", "sub", "test" }, -1 },
                { { "pnpm", "--dir=sub", "test" }, -1 },
                { { "yarn", "--cwd", "sub", "test" }, -1 },
                { { "go", "-C", "sub", "build" }, -1 },
                { { "cmake", "--build", "sub" }, -1 },
                { { "ctest", "--test-dir", "sub" }, -1 },
                { { "cargo", "build", "--manifest-path", "sub/Cargo.toml" }, -1 },
                { { "meson", "setup", "b" }, 0 },
        };
        (void) state;

        assert_non_null(dir);
        snprintf(sub, sizeof(sub), "%s/sub", dir);
        assert_int_equal(mkdir(sub, 0755), 0);
        snprintf(p, sizeof(p), "%s/a.tar", dir);
        fclose(fopen(p, "w"));
        snprintf(p, sizeof(p), "%s/a.zip", dir);
        fclose(fopen(p, "w"));
        snprintf(p, sizeof(p), "%s/unreadable.tar", dir);
        fclose(fopen(p, "w"));
        assert_int_equal(chmod(p, 0), 0);
        unsetenv("GIT_DIR");
        unsetenv("GIT_WORK_TREE");
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                char script[1024] = "";
                char *sh[] = { (char *) "sh", (char *) "-c", script, NULL };
                bool unreadable = false;
                int r;

                /* unreadable only for a user without CAP_DAC_OVERRIDE's... root reads it */
                for (size_t k = 0; cases[i].argv[k]; k++)
                        unreadable |= strcmp(cases[i].argv[k], "unreadable.tar") == 0;
                if (geteuid() == 0 && unreadable)
                        continue;
                out[0] = '\0';
                r = sbx_run_start_dir((char *const *) cases[i].argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out));
                if (r != cases[i].want)
                        fail_msg("case %zu (%s %s %s): %d", i, cases[i].argv[0], cases[i].argv[1], cases[i].argv[2], r);
                if (r == 1)
                        assert_string_equal(out, sub);
                /* the same as a script's one command */
                for (size_t k = 0; cases[i].argv[k]; k++)
                        snprintf(script + strlen(script), sizeof(script) - strlen(script), "%s'%s'", k ? " " : "",
                                 cases[i].argv[k]);
                r = sbx_run_start_dir(sh, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out));
                if (r != cases[i].want)
                        fail_msg("script %s: %d", script, r);
        }
        {
                /* git: a repository above sub would be its top (git moves there): not known; sub a
                 * repository's top, or a bare one: sub */
                char *argv[] = { (char *) "git", (char *) "-C", (char *) "sub", (char *) "fetch", NULL };

                snprintf(p, sizeof(p), "%s/.git", dir);
                assert_int_equal(mkdir(p, 0755), 0);
                assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                snprintf(p, sizeof(p), "%s/.git", sub);
                assert_int_equal(mkdir(p, 0755), 0);
                assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                /* without -C, from a subdirectory of a repository: git moves to its top (its
                 * names were read as the subdirectory's) */
                char *plain[] = { (char *) "git", (char *) "fetch", NULL };
                assert_int_equal(sbx_run_start_dir(plain, sub, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                rmdir(p);
                assert_int_equal(sbx_run_start_dir(plain, sub, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(plain, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                snprintf(p, sizeof(p), "%s/.git", dir);
                rmdir(p);
        }
        {
                /* npm from a package's subdirectory runs its scripts at the package's root
                 * (measured: `npm run t` in sub/deeper printed sub); cargo from a workspace's
                 * member runs rustc at the workspace's: not known (they were 0) */
                char *npm[] = { (char *) "npm", (char *) "test", NULL };
                char *cargo[] = { (char *) "cargo", (char *) "build", NULL };
                char deep[PATH_MAX + 8];

                snprintf(deep, sizeof(deep), "%s/deep", sub);
                assert_int_equal(mkdir(deep, 0755), 0);
                snprintf(p, sizeof(p), "%s/package.json", sub);
                fclose(fopen(p, "w"));
                assert_int_equal(sbx_run_start_dir(npm, deep, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                assert_int_equal(sbx_run_start_dir(npm, sub, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                unlink(p);
                snprintf(p, sizeof(p), "%s/Cargo.toml", sub);
                fclose(fopen(p, "w"));
                assert_int_equal(sbx_run_start_dir(cargo, deep, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                snprintf(p, sizeof(p), "%s/Cargo.toml", deep);
                fclose(fopen(p, "w"));
                assert_int_equal(sbx_run_start_dir(cargo, deep, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                unlink(p);
                snprintf(p, sizeof(p), "%s/Cargo.toml", sub);
                unlink(p);
                rmdir(deep);
        }
        {
                /* an argv of many tools' names is read once, not nested or again for each */
                enum { MANY = 200000 };
                char **many = calloc(MANY + 1, sizeof(char *));

                assert_non_null(many);
                for (size_t i = 0; i < MANY; i++)
                        many[i] = (char *) (i % 2 ? "env" : "git");
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                many[0] = (char *) "env"; /* env env git env ...: git's, as the first row */
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                many[0] = (char *) "x";
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                for (size_t i = 1; i < MANY; i++)
                        many[i] = (char *) "make";
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                for (size_t i = 0; i < MANY; i++)
                        many[i] = (char *) "env"; /* env env env ...: read one after the other */
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                /* env -C sub env -C .. env -C sub ...: each from where the one before moved */
                for (size_t i = 0; i < MANY; i++)
                        many[i] = (char *) (i % 3 == 0 ? "env" : i % 3 == 1 ? "-C" : i % 6 == 2 ? "sub" : "..");
                many[MANY - 5] = NULL; /* after a "sub" */
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
                for (size_t i = 0; i < MANY; i++)
                        many[i] = (char *) "busybox"; /* busybox busybox ... */
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                for (size_t i = 0; i < MANY; i++)
                        many[i] = (char *) (i % 3 == 0 ? "busybox" : i % 3 == 1 ? "timeout" : "9");
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                for (size_t i = 0; i < MANY; i++)
                        many[i] = (char *) (i % 2 ? "env" : "busybox");
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                free(many);
        }
        snprintf(p, sizeof(p), "%s/a.tar", dir);
        unlink(p);
        snprintf(p, sizeof(p), "%s/a.zip", dir);
        unlink(p);
        snprintf(p, sizeof(p), "%s/unreadable.tar", dir);
        unlink(p);
        rmdir(sub);
        rmdir(dir);
}

/* BusyBox mv's destination, which its "can't rename 'X'" does not name, read from the argv: -t DIR
 * or the last operand, joined to the start directory; into it for -t, several sources, a name
 * ending in '/' (nothing stat'ed); none for another program or an option BusyBox's mv does not
 * take (the line kept its source: as nobody under Landlock, `busybox mv ./f /etc/` read as
 * denied). */
static void test_move_dest(void **state) {
        static const struct {
                const char *argv[12];
                int want;
                const char *dest;
                bool into;
        } cases[] = {
                { { "busybox", "mv", "./f", "/etc/" }, 1, "/etc/", true },
                { { "busybox", "mv", "f", "/etc" }, 1, "/etc", false },
                { { "mv", "-f", "a", "b", "d" }, 1, "/w/d", true },
                { { "busybox", "mv", "-t", "/etc", "a" }, 1, "/etc", true },
                { { "busybox", "mv", "--target-directory=/etc", "a" }, 1, "/etc", true },
                { { "busybox", "mv", "a", "/etc/", "-n" }, 1, "/etc/", true },
                { { "busybox", "mv", "-T", "a", "/etc/" }, 1, "/etc/", false },
                { { "timeout", "9", "busybox", "mv", "a", "sub/x" }, 1, "/w/sub/x", false },
                { { "busybox", "mv", "--", "-a", "/etc/" }, 1, "/etc/", true },
                { { "busybox", "mv", "a" }, 0, NULL, false },
                { { "busybox", "mv", "-b", "a", "/etc/" }, 0, NULL, false },
                { { "mv", "--backup", "a", "/etc/" }, 0, NULL, false },
                { { "busybox", "mv", "-t" }, 0, NULL, false },
                { { "busybox", "cp", "a", "/etc/" }, 0, NULL, false },
                /* a shell's script that is one command, read as that command's argv (it was 0:
                 * as nobody under Landlock, `sh -c 'busybox mv ./f /etc/'` read as denied) */
                { { "sh", "-c", "mv a /etc/" }, 1, "/etc/", true },
                { { "sh", "-c", "busybox mv ./f '/var/tmp/a b'" }, 1, "/var/tmp/a b", false },
                { { "timeout", "9", "bash", "-e", "-c", "LC_ALL=C busybox mv -t /etc f < list" }, 1, "/etc", true },
                { { "sh", "-c", "bash -c 'busybox mv f /etc/'" }, 1, "/etc/", true },
                { { "sh", "-c", "env bash -c 'busybox mv f /etc/'" }, 1, "/etc/", true },
                { { "sh", "-c", "env LC_ALL=C busybox mv f /etc/" }, 1, "/etc/", true },
                /* env's run as a wrapper is (its assignments, -i, -u NAME, -), not one that moves
                 * or splits, nor an option it does not read */
                { { "env", "X=1", "sh", "-c", "nice env busybox mv f /etc/" }, 1, "/etc/", true },
                { { "env", "-i", "-u", "HOME", "-uPATH", "--unset=X", "A=b", "busybox", "mv", "f", "/etc/" }, 1, "/etc/", true },
                { { "env", "-u", "HOME", "-", "A=b", "busybox", "mv", "f", "/etc/" }, 1, "/etc/", true },
                /* env's options end at a lone "-" (measured: `env - -u HOME true` runs "-u", 127);
                 * it read -u as an option */
                { { "env", "-", "-u", "HOME", "A=b", "busybox", "mv", "f", "/etc/" }, 0, NULL, false },
                /* all of env 9.1's options that leave the command as it is: clusters, -v (debug
                 * lines), signal options, long ones as getopt_long abbreviates them, "=x" as an
                 * assignment (measured: `env =x sh -c 'echo ok'` runs sh); it was 0 for each */
                { { "env", "-iu", "HOME", "-v", "busybox", "mv", "f", "/etc/" }, 1, "/etc/", true },
                { { "env", "--block-signal=INT", "--ignore-e", "--deb", "busybox", "mv", "f", "/etc/" }, 1, "/etc/", true },
                { { "env", "=x", "busybox", "mv", "f", "/etc/" }, 1, "/etc/", true },
                /* an option env does not take, or an ambiguous one, runs nothing (`env --ig true`
                 * is 125) */
                { { "env", "--ig", "busybox", "mv", "f", "/etc/" }, 0, NULL, false },
                { { "env", "--debug=x", "busybox", "mv", "f", "/etc/" }, 0, NULL, false },
                { { "env", "-x", "busybox", "mv", "f", "/etc/" }, 0, NULL, false },
                { { "env", "-iC" }, 0, NULL, false },
                { { "env", "--", "busybox", "mv", "f", "/etc/" }, 1, "/etc/", true },
                { { "env", "X=1", "-u", "busybox", "mv", "f", "/etc/" }, 0, NULL, false },
                /* env's -C: the command's names are read from DIR, joined, not resolved (they were
                 * not read) */
                { { "env", "-C", "/x", "busybox", "mv", "f", "/etc/" }, 1, "/etc/", true },
                { { "env", "-C", "sub", "busybox", "mv", "f", "dst" }, 1, "/w/sub/dst", false },
                /* an env's chain, each -C from where the one before moved (start dir not read
                 * before: the destination never judged) */
                { { "env", "-C", "sub", "env", "-C", "..", "busybox", "mv", "f", "dst/" }, 1, "/w/sub/../dst/", true },
                { { "env", "--chdir=/x", "env", "-C", "../y", "-Csub", "busybox", "mv", "f", "d/" }, 1, "/x/sub/d/", true },
                { { "env", "-C", "", "busybox", "mv", "f", "/etc/" }, 0, NULL, false },
                /* one '/' after the root (it gave "//etc/") */
                { { "env", "-C", "/", "busybox", "mv", "f", "etc/" }, 1, "/etc/", true },
                /* a shell's script past a -C, read where the -C moved it (it was not read) */
                { { "env", "-C", "sub", "sh", "-c", "busybox mv f dst" }, 1, "/w/sub/dst", false },
                { { "env", "-S", "busybox mv f /etc/" }, 0, NULL, false },
                { { "env", "-u" }, 0, NULL, false },
                { { "env", "X=1" }, 0, NULL, false },
                { { "env" }, 0, NULL, false },
                { { "sh", "-c", "busybox mv f /etc/\n" }, 1, "/etc/", true },
                { { "sh", "-c", "cd sub && busybox mv f /etc/" }, 0, NULL, false },
                { { "sh", "-c", "busybox mv f /etc/; true" }, 0, NULL, false },
                { { "sh", "-c", "busybox mv f \"$D\"" }, 0, NULL, false },
                { { "sh", "-c", "busybox mv f /etc/ > log" }, 0, NULL, false },
                { { "sh", "-c", "X=1" }, 0, NULL, false },
                { { "sh", "-c", "" }, 0, NULL, false },
                { { "sh", "-c", "sh -c 'sh -c \"sh -c busybox\"'" }, 0, NULL, false },
                /* an empty last operand names no destination (its last byte was read before it) */
                { { "busybox", "mv", "a", "" }, 0, NULL, false },
                { { "mv", "a", "b", "" }, 0, NULL, false },
                { { "sh", "-c", "busybox mv a ''" }, 0, NULL, false },
                /* a shell's script moved by the env -C before it, nested too (not read before) */
                { { "env", "-C", "/ro", "sh", "-c", "busybox mv a b" }, 1, "/ro/b", false },
                { { "env", "-C", "sub", "sh", "-c", "env -C x busybox mv a b/" }, 1, "/w/sub/x/b/", true },
                { { "sh", "-c", "env -C /ro sh -c 'busybox mv a b c'" }, 1, "/ro/c", true },
                { { "env", "-S", "sh -c 'busybox mv a b'" }, 0, NULL, false },
        };
        char out[PATH_MAX];
        (void) state;

        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                bool into = !cases[i].into;
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) cases[i].argv, "/w", dir, &cw);
                int r = words ? sbx_run_move_dest(words, dir, out, sizeof(out), &into) : (into = false, 0);

                sbx_run_words_clear(&cw);

                if (r != cases[i].want)
                        fail_msg("case %zu (%s %s %s): %d", i, cases[i].argv[0], cases[i].argv[1], cases[i].argv[2], r);
                if (r == 1) {
                        assert_string_equal(out, cases[i].dest);
                        assert_int_equal(into, cases[i].into);
                } else
                        assert_false(into);
        }
}

/* A reader of the file a command writes (sqlite3's, dd's), given each row's argv split as sbx run
 * splits it (sbx_run_command_words(), in /w): 1 and the row's name, or 0 where it has none. */
struct target_row {
        const char *argv[8];
        const char *want;
};

static void target_rows(const struct target_row *rows, size_t n,
                        int (*reader)(char *const *words, const char *cwd, char *out, size_t size)) {
        char out[PATH_MAX];

        for (size_t i = 0; i < n; i++) {
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) rows[i].argv, "/w", dir, &cw);
                int r = words ? reader(words, dir, out, sizeof(out)) : 0;

                sbx_run_words_clear(&cw);
                if (r != (rows[i].want ? 1 : 0))
                        fail_msg("case %zu (%s %s %s): %d", i, rows[i].argv[0], rows[i].argv[1], rows[i].argv[2], r);
                if (r == 1)
                        assert_string_equal(out, rows[i].want);
        }
}

/* The file a sqlite3 writes, which SQLite's "attempt to write a readonly database" does not name,
 * read from the argv: its .backup or .save FILE, else its database; none where it cannot tell. */
/* ... and where that SQL attaches one file and may write the database too (a write naming no
 * schema, SQLite finding its name in main or in the attached one; main's beside the attached
 * one's): the attached file, 2, the classifier judging either (left56: none, 0, so `attach 'X' as
 * a; insert into t ...` of a t X alone holds was judged of the database, task_failure in
 * workspace-write with X outside). A CREATE naming none, main's alone: none, the database's. */
static void test_sqlite_target_either(void **state) {
        static const struct {
                const char *argv[4];
                int want;
                const char *file;
        } cases[] = {
                { { "sqlite3", "n.db", "attach 'o.db' as o; insert into t values (1)" }, 2, "/w/o.db" },
                { { "sqlite3", "n.db", "attach '/ro/o.db' as o; update t set a = 1; delete from u" }, 2, "/ro/o.db" },
                { { "sqlite3", "n.db", "attach 'o.db' as o; insert into o.t values (1); insert into main.t values (1)" }, 2,
                  "/w/o.db" },
                { { "sqlite3", "n.db", "attach 'o.db' as o; create table t(a); create table o.t(a)" }, 2, "/w/o.db" },
                { { "sqlite3", "n.db", "attach 'o.db' as o; create index i on t(a)" }, 2, "/w/o.db" },
                { { "sqlite3", "n.db", "attach 'o.db' as o; drop table t" }, 2, "/w/o.db" },
                { { "sqlite3", "n.db", "attach 'o.db' as o; insert into o.t values (1)" }, 1, "/w/o.db" },
                /* the database's alone: a CREATE naming no schema, main's */
                { { "sqlite3", "n.db", "attach 'o.db' as o; create table t(a)" }, 0, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as o; insert into main.t values (1)" }, 0, NULL },
                /* another schema's, a temp table's: not told */
                { { "sqlite3", "n.db", "attach 'o.db' as o; insert into p.t values (1)" }, 0, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as o; create temp table t(a); insert into o.t values (1)" }, 0, NULL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX], out[PATH_MAX] = "";
                char *const *words = sbx_run_command_words((char *const *) cases[i].argv, "/w", dir, &cw);
                int r = words ? sbx_run_sqlite_target(words, dir, out, sizeof(out)) : -1;

                sbx_run_words_clear(&cw);
                if (r != cases[i].want || (cases[i].file && strcmp(out, cases[i].file) != 0))
                        fail_msg("case %zu (%s): %d %s", i, cases[i].argv[2], r, out);
        }
}

/* The sqlite3 shell reads ~/.sqliterc before its commands where no -init is given, of its
 * passwd entry's home, $HOME only where it has none (shell.c's find_home_dir(); HOME=/x sqlite3
 * of a user /etc/passwd holds reads no /x/.sqliterc): its `.cd DIR` moves the database, another
 * dot-command that may open another file leaves the target untold (left56: not read; live, as a
 * uid /etc/passwd does not hold whose $HOME's .sqliterc ran `.cd /var/tmp/o`, `sqlite3 t.db
 * 'create table t(a)'` read task_failure in workspace-write, denied of <ws>/t.db in read-only). */
static void test_sqlite_rc_file(void **state) {
        static const struct {
                const char *rc;
                int db, target; /* 2: /tmp/t.db, 1: /w/t.db, 0 none */
        } cases[] = {
                { ".cd /tmp\n", 2, 0 }, /* (a directory the host has: a .cd of one it has not stays) */
                { ".mode csv\n.headers on\n", 1, 1 },
                { ".open /x/o.db\n", 0, 0 },
                { NULL, 1, 1 }, /* none there */
        };
        char tmpl[] = "/tmp/sbx-test-sqliterc.XXXXXX", rc[PATH_MAX], out[PATH_MAX];
        char *home = mkdtemp(tmpl), *old_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
        char *plain[] = { (char *) "sqlite3", (char *) "t.db", (char *) "create table t(a)", NULL };
        char *init[] = { (char *) "sqlite3", (char *) "-init", (char *) "/dev/null", (char *) "t.db",
                         (char *) "create table t(a)", NULL };
        (void) state;

        assert_non_null(home);
        snprintf(rc, sizeof(rc), "%s/.sqliterc", home);
        fake_uid = 2147480000;
        setenv("HOME", home, 1);
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                int r;

                unlink(rc);
                if (cases[i].rc) {
                        FILE *f = fopen(rc, "w");

                        assert_non_null(f);
                        fputs(cases[i].rc, f);
                        fclose(f);
                }
                r = sbx_run_sqlite_database(plain, "/w", out, sizeof(out));
                if (r != cases[i].db || (r > 0 && strcmp(out, r == 2 ? "/tmp/t.db" : "/w/t.db") != 0))
                        fail_msg("database, .sqliterc %s: %d %s", cases[i].rc, r, r > 0 ? out : "");
                r = sbx_run_sqlite_target(plain, "/w", out, sizeof(out));
                if (r != cases[i].target || (r > 0 && strcmp(out, "/w/t.db") != 0))
                        fail_msg("target, .sqliterc %s: %d %s", cases[i].rc, r, r > 0 ? out : "");
                /* -init's file read instead */
                r = sbx_run_sqlite_database(init, "/w", out, sizeof(out));
                if (r != 1 || strcmp(out, "/w/t.db") != 0)
                        fail_msg("database with -init, .sqliterc %s: %d %s", cases[i].rc, r, r > 0 ? out : "");
        }
        unlink(rc);
        rmdir(home);
        if (old_home)
                setenv("HOME", old_home, 1);
        else
                unsetenv("HOME");
        free(old_home);
        fake_uid = 0;
}

static void test_sqlite_target(void **state) {
        static const struct target_row cases[] = {
                { { "sqlite3", "n.db", ".backup /ro/db" }, "/ro/db" },
                { { "sqlite3", "n.db", ".backup main bk.db" }, "/w/bk.db" },
                { { "sqlite3", "-bail", "n.db", ".save --append /ro/db" }, "/ro/db" },
                { { "sqlite3", "/ro/db", "insert into t values (1)" }, "/ro/db" },
                { { "timeout", "9", "sqlite3", "x.db", "update t set x = 1", "delete from t" }, "/w/x.db" },
                { { "sqlite3", ":memory:", ".backup /ro/db" }, "/ro/db" },
                { { "sqlite3", "n.db" }, NULL },
                { { "sqlite3", "n.db", ".backup /ro/a", ".backup /ro/b" }, NULL },
                { { "sqlite3", "n.db", "insert into t values (1)", ".backup /ro/db" }, NULL },
                { { "sqlite3", "n.db", ".backup '/ro/a b'" }, NULL },
                { { "sqlite3", "n.db", ".restore x.db" }, NULL },
                /* the one file its SQL attaches, where every write names its schema: SQLite's
                 * "attempt to write a readonly database" is that file's (left55: none, the
                 * database's read, and in workspace-write o.db outside it task_failure) */
                { { "sqlite3", "n.db", "attach 'o.db' as o; insert into o.t values (1)" }, "/w/o.db" },
                { { "sqlite3", "n.db", "ATTACH DATABASE '/ro/o.db' AS o;\nBEGIN; CREATE TABLE IF NOT EXISTS o.t(a); "
                                       "insert or replace into o.t values (1); update o.t set a = 2; delete from o.t; "
                                       "drop table o.t; create unique index o.i on t(a); pragma o.user_version = 3; commit;" },
                  "/ro/o.db" },
                { { "sqlite3", "-bail", "n.db", "attach '/ro/o.db' as o; select * from main.t; insert into o.t select 1" },
                  "/ro/o.db" },
                { { "sqlite3", "n.db", "create table t(a); attach 'o.db' as o; insert into o.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as o; attach 'p.db' as p; insert into o.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as o; insert into o.t values (1)", "select 1" }, NULL },
                { { "sqlite3", "n.db", "select 1", "attach 'o.db' as o; insert into o.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as o; create temp table t(a)" }, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as o; select * from o.t" }, NULL },
                { { "sqlite3", "n.db", "attach ':memory:' as o; insert into o.t values (1)" }, NULL },
                /* ... a URI's, as SQLite reads it, where it may be written (left56: none) */
                { { "sqlite3", "n.db", "attach 'file:o.db' as o; insert into o.t values (1)" }, "/w/o.db" },
                { { "sqlite3", "n.db", "attach 'file:///ro/o%2eb.db?mode=rw' as o; insert into o.t values (1)" }, "/ro/o.b.db" },
                { { "sqlite3", "n.db", "attach 'file://localhost/ro/o.db?cache=shared' as o; insert into o.t values (1)" }, "/ro/o.db" },
                { { "sqlite3", "n.db", "attach 'file:/ro/o.db?mode=ro' as o; insert into o.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'file:/ro/o.db?mode=memory' as o; insert into o.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'file://h/ro/o.db' as o; insert into o.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'file:/ro/o.db?vfs=x' as o; insert into o.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'o''b.db' as o; insert into o.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as o; insert into \"o\".t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as o; -- c\ninsert into o.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as ot; insert into o.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as o; vacuum o into '/ro/v.db'" }, NULL },
                { { "sqlite3", "n.db", "attach 'o.db' as o; insert into o.t values ('a;b'); with x as (select 1) insert into o.t select * from x" }, NULL },
                { { "sqlite3", "n.db", "vacuum into '/ro/v.db'" }, NULL },
                { { "sqlite3", "-cmd", ".open x", "n.db", "insert into t values (1)" }, NULL },
                { { "sqlite3", ":memory:", "create table t(x)" }, NULL },
                /* a database given as a URI, where it may be written (strange56: none) */
                { { "sqlite3", "file:n.db?mode=rw", "insert into t values (1)" }, "/w/n.db" },
                { { "sqlite3", "file:///ro/n.db", "create table t(a)" }, "/ro/n.db" },
                { { "sqlite3", "file:n.db?mode=ro", "insert into t values (1)" }, NULL },
                { { "sqlite3", "file://h/n.db", "insert into t values (1)" }, NULL },
                /* a shell's script that is one command (it was none: as nobody under Landlock,
                 * `bash -c "sqlite3 n.db '.backup /ro/db'"` over root's read as denied) */
                { { "sh", "-c", "sqlite3 n.db '.backup /ro/db'" }, "/ro/db" },
                { { "bash", "-c", "sqlite3 -bail n.db \"insert into t values (1)\"" }, "/w/n.db" },
                { { "nice", "bash", "-c", "timeout 9 sqlite3 n.db '.save /ro/db'" }, "/ro/db" },
                /* an output file: .output and .once, a query beside them */
                { { "sqlite3", ":memory:", ".output /etc/x", "select 1;" }, "/etc/x" },
                { { "sqlite3", "n.db", "select * from t", ".once --bom o.csv" }, "/w/o.csv" },
                { { "sqlite3", "-csv", "n.db", ".once -x /ro/o" }, "/ro/o" },
                { { "sqlite3", "n.db", ".output /ro/o", "insert into t values (1)" }, NULL },
                { { "sqlite3", "n.db", ".output /ro/o", "select 1; delete from t" }, NULL },
                { { "sqlite3", "n.db", ".output |cat" }, NULL },
                { { "sqlite3", "n.db", ".output" }, NULL },
                { { "sqlite3", "n.db", ".output a b" }, NULL },
                { { "sqlite3", "n.db", ".backup /ro/db", "select 1" }, NULL },
                { { "sqlite3", "n.db", "select 1" }, "/w/n.db" },
                { { "sh", "-c", "sqlite3 n.db < cmds.sql" }, NULL },
                { { "env", "-C", "sub", "sqlite3", "n.db", ".backup bk.db" }, "/w/sub/bk.db" },
                { { "env", "-C", "/ro", "sqlite3", "n.db", "insert into t values (1)" }, "/ro/n.db" },
                { { "sh", "-c", "sqlite3 n.db '.backup /ro/db' && true" }, NULL },
                { { "sh", "-c", "sqlite3 \"$DB\" '.backup /ro/db'" }, NULL },
                { { "env", "-C", "/ro", "bash", "-c", "sqlite3 n.db 'insert into t values (1)'" }, "/ro/n.db" },
                /* BusyBox's shell through its binary, as sh (review52: none was read, so `busybox
                 * sh -c 'sqlite3 D/t.db "create table t(x)"'` in read-only read task_failure) */
                { { "busybox", "sh", "-c", "sqlite3 d/t.db 'create table t(x)'" }, "/w/d/t.db" },
                { { "env", "-C", "/ro", "busybox", "ash", "-c", "sqlite3 n.db '.backup bk.db'" }, "/ro/bk.db" },
                { { "busybox", "sqlite3", "n.db", "insert into t values (1)" }, NULL },
                /* a dot-command that only reads the database, as a query (review52: none before,
                 * `sqlite3 W.db .tables` of a WAL database whose -shm was refused task_failure) */
                { { "sqlite3", "w.db", ".tables" }, "/w/w.db" },
                { { "sqlite3", "-bail", "/ro/w.db", ".schema t" }, "/ro/w.db" },
                { { "sqlite3", "n.db", ".output /ro/o", ".dump" }, "/ro/o" },
                { { "sqlite3", "w.db", ".tables 'x'" }, NULL },
                { { "sqlite3", "w.db", ".open x" }, NULL },
                { { "sqlite3", "w.db", ".tablesx" }, NULL },
                { { "sqlite3", "w.db", ".tables", "insert into t values (1)" }, "/w/w.db" },
                /* the file an ATTACH writes alone past `.cd`s before it, of the directory they
                 * moved the shell to (sqlite58: before, none, an existing D/e.db refused in
                 * read-only read task_failure under bwrap); one the host has not leaves it; a
                 * `.cd` not read, after the ATTACH, or before SQL of the database: none */
                { { "sqlite3", ":memory:", ".cd /tmp", "attach 'e.db' as x; insert into x.t values (1)" }, "/tmp/e.db" },
                { { "sqlite3", "-cmd", ".cd /tmp", "n.db", "attach 'e.db' as x; insert into x.t values (1)" },
                  "/tmp/e.db" },
                { { "sqlite3", "n.db", ".cd /nodir-s58", "attach 'e.db' as x; insert into x.t values (1)" }, "/w/e.db" },
                { { "sqlite3", "n.db", ".cd ../tmp", "attach 'e.db' as x; insert into x.t values (1)" }, NULL },
                { { "sqlite3", "n.db", "attach 'e.db' as x; insert into x.t values (1)", ".cd /tmp" }, NULL },
                { { "sqlite3", "n.db", ".cd /tmp", "create table t(a)" }, NULL },
                /* ... and a `.backup`'s, `.save`'s, `.output`'s or `.once`'s, a -cmd's `.cd` too
                 * (sqlite59: before, none, `sqlite3 :memory: '.cd D' '.backup x.db'` of a refused
                 * D read task_failure); after a `.cd` not read, or two of one name in two
                 * directories, none */
                { { "sqlite3", "n.db", ".cd /tmp", ".backup b.db" }, "/tmp/b.db" },
                { { "sqlite3", "-cmd", ".cd /tmp", ":memory:", ".output o.txt", "select 1" }, "/tmp/o.txt" },
                { { "sqlite3", ":memory:", ".cd /tmp", ".save /ro/b.db" }, "/ro/b.db" },
                { { "sqlite3", ":memory:", ".once o.csv", "select 1", ".cd /tmp" }, "/w/o.csv" },
                { { "sqlite3", ":memory:", ".cd /nodir-s59", ".backup b.db" }, "/w/b.db" },
                { { "sqlite3", ":memory:", ".cd ../tmp", ".backup b.db" }, NULL },
                { { "sqlite3", ":memory:", ".backup b.db", ".cd /tmp", ".backup b.db" }, NULL },
                { { "sqlite3", ":memory:", ".open o.db", ".cd /tmp", ".backup b.db" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_sqlite_target);
        {
                /* ... and its stdin file's, read alike (sbx_run_sqlite_stdin_attach(); left55:
                 * `sqlite3 w.db < a.sql` recorded w.db) */
                static const struct {
                        const char *text, *want; /* want: "" none */
                } files[] = {
                        { "attach '/ro/o.db' as o;\ninsert into o.t values (1);\n", "/ro/o.db" },
                        /* (2: the attached file or the database, either's write) */
                        { "attach '/ro/o.db' as o;\ninsert into t values (1);\n", "2/ro/o.db" },
                        { "attach '/ro/o.db' as o;\ncreate table t(a);\n", "" },
                        { ".cd /x\nattach '/ro/o.db' as o;\ninsert into o.t values (1);\n", "" },
                        { "insert into t values (1);\n", "" },
                };
                char tmpl[] = "/tmp/sbx-test-sqlite.XXXXXX", p[PATH_MAX], out[PATH_MAX];
                char *dir = mkdtemp(tmpl);
                char *in[] = { (char *) "sh", (char *) "-c", (char *) "sqlite3 n.db < a.sql", NULL };
                char *args[] = { (char *) "sh", (char *) "-c", (char *) "sqlite3 n.db 'select 1' < a.sql", NULL };

                assert_non_null(dir);
                snprintf(p, sizeof(p), "%s/a.sql", dir);
                for (size_t i = 0; i < SBX_ELEMENTSOF(files); i++) {
                        struct sbx_run_words cw = { 0 };
                        char words_dir[PATH_MAX];
                        char *const *words;
                        FILE *f = fopen(p, "w");
                        int r;

                        assert_non_null(f);
                        fputs(files[i].text, f);
                        fclose(f);
                        words = sbx_run_command_words(in, dir, words_dir, &cw);
                        assert_non_null(words);
                        r = sbx_run_sqlite_stdin_attach(words, &cw, words_dir, out, sizeof(out));
                        if (r != (files[i].want[0] == '2' ? 2 : files[i].want[0] ? 1 : 0) ||
                            (r > 0 && strcmp(out, files[i].want + (files[i].want[0] == '2')) != 0))
                                fail_msg("stdin attach of %s: %d %s", files[i].text, r, r == 1 ? out : "");
                        sbx_run_words_clear(&cw);
                        /* SQL in its argv: stdin not read */
                        words = sbx_run_command_words(args, dir, words_dir, &cw);
                        assert_non_null(words);
                        assert_int_equal(sbx_run_sqlite_stdin_attach(words, &cw, words_dir, out, sizeof(out)), 0);
                        sbx_run_words_clear(&cw);
                }
                unlink(p);
                rmdir(dir);
        }
        /* -readonly (sqlite_readonly), wherever it stands, past the wrappers; none of another
         * program's (left52) */
        static const char *const readonly[][6] = {
                { "sqlite3", "-readonly", "e.db" }, { "timeout", "9", "sqlite3", "e.db", "--readonly" },
                { "sqlite3", "-bail", "-readonly", "e.db", "select 1" },
                /* a URI database opened read-only (strange56: under Landlock, denied) */
                { "sqlite3", "file:e.db?mode=ro", "insert into t values (1)" },
                { "sqlite3", "-cmd", "select 1", "file:///w/e.db?immutable=1" },
                { "sqlite3", "e.db", "attach 'file:x.db?mode=ro' as a; insert into a.t values (1)" },
        };
        static const char *const writable[][6] = {
                { "sqlite3", "e.db" }, { "sqlite3", "e.db", "-readonly-x" }, { "echo", "-readonly" },
                { "sqlite3", "e.db", "select '-readonly'" }, { "sqlite3", "file:e.db?mode=rw" },
                { "sqlite3", "e.db", "file:x.db?mode=ro" }, { "sqlite3", "-cmd", "file:e.db?mode=ro", "e.db" },
                { "sqlite3", "e.db", "attach 'file:x.db?mode=ro' as a; insert into t values (1)" },
                { "sqlite3", "e.db", "attach 'file:x.db?mode=ro' as a; insert into a.t values (1)", "insert into t values (1)" },
                { "sqlite3", "e.db", "attach 'file:x.db' as a; insert into a.t values (1)" },
                /* a plain name's "?mode=ro" is part of its name: SQLite reads parameters of a
                 * file: URI alone (tools57, measured: `attach 'x.db?mode=ro'` makes a file of that
                 * name, its write refused in read-only is the sandbox's) */
                { "sqlite3", "e.db", "attach 'x.db?mode=ro' as a; insert into a.t values (1)" },
                { "sqlite3", "x.db?mode=ro", "insert into t values (1)" },
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(readonly); i++)
                if (!sbx_run_sqlite_readonly((char *const *) readonly[i], "/w"))
                        fail_msg("not read-only: %s %s %s", readonly[i][0], readonly[i][1], readonly[i][2]);
        for (size_t i = 0; i < SBX_ELEMENTSOF(writable); i++)
                if (sbx_run_sqlite_readonly((char *const *) writable[i], "/w"))
                        fail_msg("read-only: %s %s", writable[i][0], writable[i][1]);
}

/* The database a sqlite3 opens, whatever its commands (stdin's too), for its "unable to open
 * database "X"" (review50b: `sqlite3 t.db < schema.sql` had no target, its line not read). */
static void test_sqlite_database(void **state) {
        static const struct target_row cases[] = {
                /* (commands from stdin, not read here, a database not there before them: opened
                 * after any `.cd` they hold, none told; sqlite59: before, the start's, a denial
                 * of the wrong file in read-only mode where they moved it) */
                { { "sh", "-c", "sqlite3 n.db < cmds.sql" }, NULL },
                { { "sqlite3", "-bail", "n.db" }, NULL },
                { { "sqlite3", "-bail", "/d/n.db" }, "/d/n.db" },
                { { "sqlite3", "/ro/db", "attach 'o.db' as o" }, "/ro/db" },
                /* (a `.read F` of an F the host has not: not told, the shell not moved but
                 * nothing opened by it) */
                { { "env", "-C", "/ro", "sqlite3", "n.db", ".read x.sql" }, NULL },
                { { "sqlite3", "-cmd", "create table t(a)", "-cmd", ".cd /x", "n.db" }, "/w/n.db" },
                { { "sqlite3", "-cmd", ".cd /x", "/d/n.db" }, "/d/n.db" },
                { { "sqlite3", "-cmd", ".cd ../x", "n.db" }, NULL },
                { { "sqlite3", "-cmd", ".cd /x\n.open y", "n.db" }, NULL },
                { { "sqlite3", "-cmd", ".cd /x\ny", "n.db" }, NULL },
                /* -cmd's SQL, -init's file (none there: none read), run before the database is
                 * opened: no dot-command but those that print (left54: not read, `sqlite3 -cmd
                 * 'create table t(a)' t.db` in read-only read task_failure) */
                { { "sqlite3", "-init", "i.sql", "n.db", "select 1" }, "/w/n.db" },
                { { "sqlite3", "-cmd", "create table t(a)", "n.db" }, "/w/n.db" },
                { { "sqlite3", "--cmd", ".mode csv", "-bail", "n.db", ".import x t" }, "/w/n.db" },
                { { "sh", "-c", "sqlite3 -cmd 'create table t(a)' n.db < /dev/null" }, "/w/n.db" },
                { { "sqlite3", "-cmd", ".op x", "n.db" }, NULL },
                /* (an SQL argument's `.cd` after another dot-command, which may move it or open
                 * another; one of another word) */
                { { "sqlite3", "n.db", ".read f.sql", ".cd /x", "select 1" }, NULL },
                { { "sqlite3", "n.db", ".open o.db", "-csv", ".cd /x" }, NULL },
                { { "sqlite3", "n.db", ".cd a b", "select 1" }, NULL },
                /* (a -cmd of SQL is SQL whole, its lines none of the shell's) */
                { { "sqlite3", "-cmd", "select 1;\n .cd /x", "n.db" }, "/w/n.db" },
                { { "sqlite3", "n.db", "-cmd" }, NULL },
                { { "sqlite3", "n.db", "-init" }, NULL },
                { { "sqlite3", "-vfs", "unix-none", "n.db" }, NULL },
                { { "sqlite3", ":memory:", "select 1" }, NULL },
                { { "sqlite3", "file:n.db?mode=rw", "select 1" }, "/w/n.db" },
                { { "sqlite3", "file:/ro/n%2e.db" }, "/ro/n..db" },
                { { "sqlite3", "file:n.db?immutable=1" }, NULL },
                { { "sqlite3", "" }, NULL },
                { { "sqlite3", "-csv" }, NULL },
                { { "sqlite", "n.db" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_sqlite_database);
        {
                /* a -cmd's `.cd DIR` before the database is opened: DIR's, 2 (left55: none read,
                 * `sqlite3 -cmd '.cd /x' t.db 'create table t(a)'` in read-only read
                 * task_failure), each from the last, in a directory the host has; where the
                 * host has no such directory the shell stays ('!': 1, not moved; review56:
                 * before, `-cmd '.cd nodir'` named nodir/n.db, a refusal where it stayed
                 * task_failure) */
                static const struct target_row moved[] = {
                        { { "sqlite3", "n.db", "-cmd", ".cd x", "select 1" }, "x/n.db" },
                        { { "sqlite3", "-cmd", ".cd /tmp", "n.db", "create table t(a)" }, "/tmp/n.db" },
                        { { "sqlite3", "-cmd", ".cd x", "-cmd", ".cd 'y'", "-csv", "n.db", "select 1" }, "x/y/n.db" },
                        /* a quoted name's blanks (review56: before, not read) */
                        { { "sqlite3", "-cmd", ".cd 'x/a b'", "n.db", "select 1" }, "x/a b/n.db" },
                        { { "sqlite3", "-cmd", ".cd \"a\tb\" ", "n.db", "select 1" }, "a\tb/n.db" },
                        { { "sh", "-c", "sqlite3 -cmd \".cd 'x/a b'\" n.db 'select 1'" }, "x/a b/n.db" },
                        { { "sqlite3", "-cmd", ".cd nodir", "n.db", "create table t(a)" }, "!n.db" },
                        { { "sqlite3", "-cmd", ".cd x", "-cmd", ".cd nodir", "n.db", "select 1" }, "x/n.db" },
                        { { "sqlite3", "-cmd", ".cd x/n.db", "n.db", "select 1" }, "!n.db" },
                        { { "sqlite3", "-cmd", ".cd nodir", "-cmd", ".cd x", "n.db", "select 1" }, "x/n.db" },
                        /* an SQL argument's `.cd DIR`, before the SQL that opens it (review57:
                         * before, not read: `sqlite3 n.db '.cd D' 'create table t(a)'`) */
                        { { "sqlite3", "n.db", ".cd x", "create table t(a)" }, "x/n.db" },
                        { { "sqlite3", "-bail", "n.db", ".mode csv", ".cd y", "-cmd", ".cd x" }, "x/y/n.db" },
                        { { "sqlite3", "-cmd", ".cd x", "n.db", ".cd 'a b'", "select 1" }, "x/a b/n.db" },
                        { { "sqlite3", "n.db", ".cd nodir", "create table t(a)" }, "!n.db" },
                        { { "sqlite3", "n.db", "create table t(a)", ".cd x" }, "!n.db" },
                        { { "sqlite3", "n.db", " .cd x", "create table t(a)" }, "!n.db" },
                        { { "sqlite3", "n.db", ".import f t", "select 1", ".cd x" }, "!n.db" },
                        /* one there already is opened where it starts, before an SQL argument's
                         * `.cd` too (sqlite58: before, `sqlite3 w.db '.cd D' "attach ..."` named
                         * D/w.db) */
                        { { "sqlite3", "w.db", ".cd x", "create table t(a)" }, "!w.db" },
                        { { "sqlite3", "w.db", ".cd x", "attach 'e.db' as e; insert into e.t values (1)" }, "!w.db" },
                        /* commands from stdin, not read here: a database there already is opened
                         * where it starts, before them; another after any `.cd` they hold, none
                         * told ("-"; sqlite59: before, the start's, or the -cmd's DIR) */
                        { { "sqlite3", "w.db" }, "!w.db" },
                        { { "sqlite3", "-cmd", ".cd x", "w.db" }, "!w.db" },
                        { { "sqlite3", "n.db" }, "-" },
                        { { "sqlite3", "-cmd", ".cd x", "n.db" }, "-" },
                        { { "sqlite3", "-cmd", ".cd x", "-bail", "n.db" }, "-" },
                };
                static const char *const subs[] = { "x", "x/y", "x/a b", "a\tb", "x/n.db", "w.db", NULL };
                char tmpl[] = "/tmp/sbx-test-sqlcd.XXXXXX", out[PATH_MAX], want[PATH_MAX], p[PATH_MAX];
                char *top = mkdtemp(tmpl);

                assert_non_null(top);
                for (const char *const *s = subs; *s; s++) {
                        snprintf(p, sizeof(p), "%s/%s", top, *s);
                        if (strstr(*s, ".db"))
                                fclose(fopen(p, "w"));
                        else
                                assert_int_equal(mkdir(p, 0700), 0);
                }
                for (size_t i = 0; i < SBX_ELEMENTSOF(moved); i++) {
                        struct sbx_run_words cw = { 0 };
                        char dir[PATH_MAX];
                        char *const *words = sbx_run_command_words((char *const *) moved[i].argv, top, dir, &cw);
                        int r = words ? sbx_run_sqlite_database(words, dir, out, sizeof(out)) : 0;

                        sbx_run_words_clear(&cw);
                        const char *name = moved[i].want + (moved[i].want[0] == '!');

                        snprintf(want, sizeof(want), "%s%s%s", name[0] == '/' ? "" : top, name[0] == '/' ? "" : "/", name);
                        if (r != (moved[i].want[0] == '-' ? 0 : moved[i].want[0] == '!' ? 1 : 2) ||
                            (r > 0 && strcmp(out, want) != 0))
                                fail_msg("moved %zu: %d %s", i, r, r > 0 ? out : "");
                }
                for (size_t i = SBX_ELEMENTSOF(subs) - 1; i-- > 0;) {
                        snprintf(p, sizeof(p), "%s/%s", top, subs[i]);
                        assert_int_equal(strstr(subs[i], ".db") ? unlink(p) : rmdir(p), 0);
                }
                assert_int_equal(rmdir(top), 0);
        }
        {
                /* -init's file read, and the file of its stdin: a `.cd DIR` before its SQL moves
                 * it, its database DIR's (left54: `sqlite3 t.db < s.sql` whose s.sql runs `.cd
                 * /x` first recorded <start>/t.db, task_failure in workspace-write) */
                static const struct {
                        const char *text, *want; /* want: relative to the directory, "" none */
                } files[] = {
                        { "create table t(a);\n", "n.db" },
                        { ".headers on\n.mode csv\ncreate table t(a);\n", "n.db" },
                        { ".cd sub\ncreate table t(a);\n", "sub/n.db" },
                        { "-- c\n\n.mode csv\n.cd 'sub'\n  .cd in\nselect 1;\n.cd /x\n", "sub/in/n.db" },
                        { ".cd ../x\ncreate table t(a);\n", "" },
                        { ".cd a b\ncreate table t(a);\n", "" },
                        { ".cd 'a' 'b'\ncreate table t(a);\n", "" },
                        { ".cd nodir\ncreate table t(a);\n", "n.db" },
                        { ".cd 'a b\ncreate table t(a);\n", "" },
                        { ".open o.db\n.cd sub\n", "" },
                        { ".op o.db\n", "" },
                };
                char tmpl[] = "/tmp/sbx-test-sqlite.XXXXXX", p[PATH_MAX], out[PATH_MAX], want[PATH_MAX];
                char *dir = mkdtemp(tmpl);
                char *init[] = { (char *) "sqlite3", (char *) "-init", (char *) "i.sql", (char *) "n.db", NULL };
                char *in[] = { (char *) "sh", (char *) "-c", (char *) "sqlite3 n.db < i.sql", NULL };
                /* (the caller's own stdin, its text the bytes sbx kept of it) */
                char *own[] = { (char *) "sqlite3", (char *) "n.db", NULL };
                char *own_sh[] = { (char *) "sh", (char *) "-c", (char *) "sqlite3 -bail n.db", NULL };

                assert_non_null(dir);
                /* (the directories its `.cd`s enter, as the host has them) */
                snprintf(p, sizeof(p), "%s/sub", dir);
                assert_int_equal(mkdir(p, 0700), 0);
                snprintf(p, sizeof(p), "%s/sub/in", dir);
                assert_int_equal(mkdir(p, 0700), 0);
                snprintf(p, sizeof(p), "%s/i.sql", dir);
                for (size_t i = 0; i < SBX_ELEMENTSOF(files); i++) {
                        struct sbx_run_words cw = { 0 };
                        char words_dir[PATH_MAX];
                        char *const *words;
                        FILE *f = fopen(p, "w");
                        int r;

                        assert_non_null(f);
                        fputs(files[i].text, f);
                        fclose(f);
                        r = sbx_run_sqlite_database(init, dir, out, sizeof(out));
                        snprintf(want, sizeof(want), "%s/%s", dir, files[i].want);
                        /* -init's the same, 2 where moved (left55: a `.cd` in it not read) */
                        if (r != (!files[i].want[0] ? 0 : strchr(files[i].want, '/') ? 2 : 1) ||
                            (r > 0 && strcmp(out, want) != 0))
                                fail_msg("-init of %s: %d %s", files[i].text, r, r > 0 ? out : "");
                        words = sbx_run_command_words(in, dir, words_dir, &cw);
                        assert_non_null(words);
                        /* (stdin's read, 1 where not moved: sbx_run_sqlite_database() claims
                         * none of stdin's own since sqlite59) */
                        r = sbx_run_sqlite_stdin_db(words, &cw, words_dir, out, sizeof(out));
                        if (r != (!files[i].want[0] ? 0 : strchr(files[i].want, '/') ? 2 : 1) ||
                            (r > 0 && strcmp(out, want) != 0))
                                fail_msg("stdin of %s: %d %s", files[i].text, r, r > 0 ? out : "");
                        sbx_run_words_clear(&cw);
                        /* ... and the caller's own stdin of that text, whole, as sbx kept it
                         * (sqlite60: before, none read, none claimed) */
                        for (size_t k = 0; k < 2; k++) {
                                r = sbx_run_sqlite_kept_db(k ? own_sh : own, dir, files[i].text, strlen(files[i].text),
                                                           true, out, sizeof(out));
                                if (r != (!files[i].want[0] ? 0 : strchr(files[i].want, '/') ? 2 : 1) ||
                                    (r > 0 && strcmp(out, want) != 0))
                                        fail_msg("kept %zu of %s: %d %s", k, files[i].text, r, r > 0 ? out : "");
                        }
                }
                {
                        /* ... cut (more came than kept): up to its last whole line, -1 where no SQL
                         * opened it before that; a redirection of its own, SQL arguments, a NUL: 0 */
                        static const struct {
                                const char *text;
                                bool whole;
                                int want_r;
                                const char *want;
                                size_t len; /* 0: strlen(text) */
                        } kept[] = {
                                { ".cd sub\ncreate table t(a);\n.cd /x", false, 2, "sub/n.db", 0 },
                                { ".mode csv\ncreate table t(a);\n", false, 1, "n.db", 0 },
                                { ".cd sub\n", false, -1, NULL, 0 },
                                { ".cd sub\ncreate tab", false, -1, NULL, 0 },
                                { ".cd su", false, -1, NULL, 0 },
                                { "", false, -1, NULL, 0 },
                                { ".cd sub\n.cd in", true, 2, "sub/in/n.db", 0 },
                                { ".cd sub\ncreate table t(a);\0\n", true, 0, NULL, 28 },
                        };
                        char *other[][4] = {
                                { (char *) "sqlite3", (char *) "n.db", (char *) "select 1", NULL },
                                { (char *) "sh", (char *) "-c", (char *) "sqlite3 n.db < i.sql", NULL },
                                { (char *) "sh", (char *) "-c", (char *) "cat i.sql | sqlite3 n.db", NULL },
                        };

                        for (size_t i = 0; i < SBX_ELEMENTSOF(kept); i++) {
                                size_t len = kept[i].len ? kept[i].len : strlen(kept[i].text);
                                int r = sbx_run_sqlite_kept_db(own, dir, kept[i].text, len, kept[i].whole, out, sizeof(out));

                                snprintf(want, sizeof(want), "%s/%s", dir, kept[i].want ? kept[i].want : "");
                                if (r != kept[i].want_r || (r > 0 && strcmp(out, want) != 0))
                                        fail_msg("kept %zu: %d %s", i, r, r > 0 ? out : "");
                        }
                        for (size_t i = 0; i < SBX_ELEMENTSOF(other); i++)
                                assert_int_equal(sbx_run_sqlite_kept_db(other[i], dir, "create table t(a);\n", 19, true, out,
                                                                        sizeof(out)),
                                                 0);
                        /* the directory of its ATTACHes, of the whole text alone (sqlite60: before,
                         * -1, none told) */
                        {
                                char *mem[] = { (char *) "sqlite3", (char *) ":memory:", NULL };
                                const char *t = ".cd sub\nattach 'x.db' as x; create table x.t(a);\n";

                                snprintf(want, sizeof(want), "%s/sub", dir);
                                assert_int_equal(sbx_run_sqlite_kept_dir(mem, dir, t, strlen(t), true, out, sizeof(out)), 2);
                                assert_string_equal(out, want);
                                assert_int_equal(sbx_run_sqlite_kept_dir(mem, dir, t, strlen(t), false, out, sizeof(out)), -1);
                                t = "attach 'x.db' as x; create table x.t(a);\n";
                                assert_int_equal(sbx_run_sqlite_kept_dir(mem, dir, t, strlen(t), true, out, sizeof(out)), 1);
                                t = ".cd sub\nattach 'x.db' as x;\n.cd in\nattach 'y.db' as y;\n";
                                assert_int_equal(sbx_run_sqlite_kept_dir(mem, dir, t, strlen(t), true, out, sizeof(out)), -1);
                                assert_int_equal(sbx_run_sqlite_kept_dir(other[1], dir, t, strlen(t), true, out, sizeof(out)), -1);
                        }
                }
                /* a database there already is opened where it starts */
                {
                        struct sbx_run_words cw = { 0 };
                        char words_dir[PATH_MAX], db[PATH_MAX + 8];
                        char *const *words;
                        FILE *f = fopen(p, "w");

                        assert_non_null(f);
                        fputs(".cd sub\ncreate table t(a);\n", f);
                        fclose(f);
                        snprintf(db, sizeof(db), "%s/n.db", dir);
                        fclose(fopen(db, "w"));
                        words = sbx_run_command_words(in, dir, words_dir, &cw);
                        assert_int_equal(sbx_run_sqlite_stdin_db(words, &cw, words_dir, out, sizeof(out)), 0);
                        sbx_run_words_clear(&cw);
                        assert_int_equal(sbx_run_sqlite_kept_db(own, dir, ".cd sub\ncreate table t(a);\n", 27, true, out,
                                                                sizeof(out)),
                                         0);
                        unlink(db);
                }
                unlink(p);
                snprintf(p, sizeof(p), "%s/sub/in", dir);
                rmdir(p);
                snprintf(p, sizeof(p), "%s/sub", dir);
                rmdir(p);
                rmdir(dir);
        }
        {
                /* an SQL argument's `.read F` before the database is opened: F's commands up to
                 * its first SQL, a `.cd DIR` in them moving it (sqlite58: before, passed as any
                 * dot-command, `sqlite3 n.db '.read c.sql' 'create table t(a)'` of a c.sql
                 * running `.cd q` named the start's n.db: in read-only a denial of the wrong
                 * file, in workspace-write with q outside task_failure); one not read (not
                 * there, a `|command`'s, a `.read` in it, another dot-command): not told */
                static const struct {
                        const char *argv[6];
                        const char *want; /* relative to the directory made; "!" not moved (1), "" 0 */
                } rows[] = {
                        { { "sqlite3", "n.db", ".read cd.sql", "create table t(a)" }, "sub/n.db" },
                        { { "sqlite3", "n.db", ".read 'cd.sql'" }, "sub/n.db" },
                        { { "sqlite3", "n.db", ".read sql.sql", ".cd sub", "select 1" }, "!n.db" },
                        { { "sqlite3", "n.db", ".read cdonly.sql", ".cd in", "create table t(a)" }, "sub/in/n.db" },
                        { { "sqlite3", "-cmd", ".cd sub", "n.db", ".read in.sql", "select 1" }, "sub/in/n.db" },
                        { { "sqlite3", "n.db", ".read nested.sql", "select 1" }, "" },
                        { { "sqlite3", "n.db", ".read open.sql", "select 1" }, "" },
                        { { "sqlite3", "n.db", ".read none.sql", "select 1" }, "" },
                        { { "sqlite3", "n.db", ".read |cat cd.sql", "select 1" }, "" },
                        { { "sqlite3", "n.db", ".read cd.sql x", "select 1" }, "" },
                };
                static const struct {
                        const char *name, *text;
                } files[] = {
                        { "cd.sql", "-- moves\n.cd sub\ncreate table t(a);\n.cd /x\n" },
                        { "sql.sql", "create table t(a);\n" },
                        { "cdonly.sql", ".mode csv\n.cd sub\n" },
                        { "sub/in.sql", ".cd in\n" },
                        { "nested.sql", ".read cd.sql\n" },
                        { "open.sql", ".open o.db\n.cd sub\n" },
                };
                char tmpl[] = "/tmp/sbx-test-sqlread.XXXXXX", p[PATH_MAX], out[PATH_MAX], want[PATH_MAX];
                char *dir = mkdtemp(tmpl);

                assert_non_null(dir);
                snprintf(p, sizeof(p), "%s/sub", dir);
                assert_int_equal(mkdir(p, 0700), 0);
                snprintf(p, sizeof(p), "%s/sub/in", dir);
                assert_int_equal(mkdir(p, 0700), 0);
                for (size_t i = 0; i < SBX_ELEMENTSOF(files); i++) {
                        snprintf(p, sizeof(p), "%s/%s", dir, files[i].name);
                        FILE *f = fopen(p, "w");

                        assert_non_null(f);
                        fputs(files[i].text, f);
                        fclose(f);
                }
                for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                        struct sbx_run_words cw = { 0 };
                        char words_dir[PATH_MAX];
                        char *const *words = sbx_run_command_words((char *const *) rows[i].argv, dir, words_dir, &cw);
                        int r = words ? sbx_run_sqlite_database(words, words_dir, out, sizeof(out)) : 0;
                        const char *name = rows[i].want + (rows[i].want[0] == '!');

                        sbx_run_words_clear(&cw);
                        snprintf(want, sizeof(want), "%s/%s", dir, name);
                        if (r != (!rows[i].want[0] ? 0 : rows[i].want[0] == '!' ? 1 : 2) || (r > 0 && strcmp(out, want) != 0))
                                fail_msg(".read row %zu: %d %s", i, r, r > 0 ? out : "");
                }
                for (size_t i = 0; i < SBX_ELEMENTSOF(files); i++) {
                        snprintf(p, sizeof(p), "%s/%s", dir, files[i].name);
                        assert_int_equal(unlink(p), 0);
                }
                snprintf(p, sizeof(p), "%s/sub/in", dir);
                assert_int_equal(rmdir(p), 0);
                snprintf(p, sizeof(p), "%s/sub", dir);
                assert_int_equal(rmdir(p), 0);
                assert_int_equal(rmdir(dir), 0);
        }
}

/* The directory a sqlite3's ATTACHes run in, past the `.cd`s of its -cmd's and SQL arguments
 * before them (attach57: before, none read, `sqlite3 -cmd '.cd /x' :memory: "attach 't.db' as x;
 * create table x.t(a)"` named the start's t.db, and in workspace-write read task_failure). */
static void test_sqlite_sql_dir(void **state) {
        static const struct {
                const char *argv[10];
                const char *want; /* relative to the directory made; "!" prefix: 1 (not moved), "" 0, "-" -1 */
        } rows[] = {
                { { "sqlite3", "-cmd", ".cd x", ":memory:", "attach 't.db' as x; create table x.t(a)" }, "x" },
                { { "sqlite3", ":memory:", ".cd x", "attach 't.db' as x; create table x.t(a)" }, "x" },
                { { "sqlite3", "n.db", ".cd x", "attach 't.db' as x; create table x.t(a)" }, "x" },
                { { "sqlite3", "-cmd", ".cd x", "n.db", ".cd 'a b'", "attach 't.db' as x" }, "x/a b" },
                { { "sqlite3", "-bail", "n.db", ".mode csv", ".cd x", "select 1", ".cd y", "attach 't.db' as x" }, "x/y" },
                /* a -cmd runs before the SQL arguments, wherever it is given */
                { { "sqlite3", "n.db", ".cd x", "attach 't.db' as x", "-cmd", ".cd x" }, "x/x" },
                /* not moved: none, one the host has not (sqlite stays), one after the ATTACH */
                { { "sqlite3", ":memory:", "attach 't.db' as x" }, "!" },
                { { "sqlite3", ":memory:", ".cd nodir", "attach 't.db' as x" }, "!" },
                { { "sqlite3", ":memory:", ".cd x/f", "attach 't.db' as x" }, "!" },
                { { "sqlite3", ":memory:", "attach 't.db' as x", ".cd x" }, "!" },
                /* a `.cd` of a name holding "attach" is a dot-command as another */
                { { "sqlite3", ":memory:", ".cd x/attach", "attach 't.db' as x" }, "x/attach" },
                { { "sqlite3", "-cmd", ".cd x/attach", ":memory:", "attach 't.db' as x" }, "x/attach" },
                /* SQL holding ".cd" (the shell's SQL whole, none a dot-command) */
                { { "sqlite3", ":memory:", ".cd x", "select 1;\n.cd y", "attach 't.db' as x" }, "x" },
                /* none told: no ATTACH, stdin's, another program, another option */
                { { "sqlite3", ":memory:", ".cd x", "create table t(a)" }, "" },
                { { "sqlite3", "-cmd", ".cd x", "n.db" }, "-" },
                { { "sqlite3", ":memory:" }, "-" },
                { { "sqlite3", "-vfs", "unix", ":memory:", ".cd x", "attach 't.db' as x" }, "" },
                { { "sqlite3", ":memory:", ".import f t", "attach 't.db' as x" }, "" },
                /* a `.cd` not read: the directory lost */
                { { "sqlite3", ":memory:", ".cd ../x", "attach 't.db' as x" }, "-" },
                { { "sqlite3", ":memory:", ".cd a b", "attach 't.db' as x" }, "-" },
                { { "sqlite3", ":memory:", ".import f t", ".cd x", "attach 't.db' as x" }, "-" },
                { { "sqlite3", ":memory:", ".cd x\nattach 't.db' as x;" }, "-" },
                { { "sqlite3", ":memory:", "attach 't.db' as x", ".cd x", "attach 'u.db' as u" }, "-" },
                /* a VACUUM INTO's file, named alike (sqlite58: before, `sqlite3 w.db '.cd D' "vacuum
                 * into 'v.db'"` recorded the start's v.db) */
                { { "sqlite3", "n.db", ".cd x", "vacuum into 'v.db'" }, "x" },
                { { "sqlite3", "n.db", "vacuum into 'v.db'", ".cd x", "attach 't.db' as x" }, "-" },
                /* a `.backup`'s, `.save`'s, `.output`'s or `.once`'s file, named alike (sqlite59:
                 * before, none: `sqlite3 :memory: '.cd D' '.backup x.db'` read task_failure) */
                { { "sqlite3", ":memory:", ".cd x", ".backup b.db" }, "x" },
                { { "sqlite3", "-cmd", ".cd x", ":memory:", ".output o.txt", "select 1" }, "x" },
                { { "sqlite3", ":memory:", ".once o.txt", ".cd x", "select 1" }, "!" },
                { { "sqlite3", ":memory:", ".save b.db", ".cd x", "attach 't.db' as x" }, "-" },
                { { "sqlite3", ":memory:", ".read nofile", ".backup b.db" }, "-" },
        };
        static const char *const subs[] = { "x", "x/x", "x/y", "x/a b", "x/f", "x/attach", NULL };
        char tmpl[] = "/tmp/sbx-test-sqldir.XXXXXX", out[PATH_MAX], want[PATH_MAX], p[PATH_MAX];
        char *top = mkdtemp(tmpl);

        (void) state;
        assert_non_null(top);
        for (const char *const *s = subs; *s; s++) {
                snprintf(p, sizeof(p), "%s/%s", top, *s);
                if (strcmp(*s, "x/f") == 0)
                        fclose(fopen(p, "w"));
                else
                        assert_int_equal(mkdir(p, 0700), 0);
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) rows[i].argv, top, dir, &cw);
                const char *w = rows[i].want;
                int r = words ? sbx_run_sqlite_sql_dir(words, dir, out, sizeof(out)) : 0;

                sbx_run_words_clear(&cw);
                snprintf(want, sizeof(want), "%s%s%s", top, w[0] && w[0] != '!' && w[0] != '-' ? "/" : "",
                         w[0] == '!' || w[0] == '-' ? "" : w);
                if (r != (w[0] == '-' ? -1 : w[0] == '!' ? 1 : w[0] ? 2 : 0) || (r > 0 && strcmp(out, want) != 0))
                        fail_msg("row %zu: %d %s", i, r, r > 0 ? out : "");
        }
        for (size_t i = SBX_ELEMENTSOF(subs) - 1; i-- > 0;) {
                snprintf(p, sizeof(p), "%s/%s", top, subs[i]);
                assert_int_equal(strcmp(subs[i], "x/f") == 0 ? unlink(p) : rmdir(p), 0);
        }
        assert_int_equal(rmdir(top), 0);
}

/* ... and past those of its stdin's commands (a file redirected, a pipe's printf or echo), of a
 * `.read FILE` and of a shell's `cd DIR && sqlite3 ...` (sqlite58: before, none read, `printf
 * '.cd /x\nattach ...' | sqlite3 :memory:`, `sqlite3 :memory: < s.sql`, `sqlite3 :memory: '.read
 * f'` and `cd D && sqlite3 :memory: '.cd /x' "attach ..."` named the start's x.db, and in
 * workspace-write read task_failure). */
static void test_sqlite_stdin_dir(void **state) {
        static const struct {
                const char *script; /* run by sh -c in the directory made */
                const char *text;   /* s.sql's (NULL: none) */
                const char *rtext;  /* x/r.sql's (NULL: none) */
                const char *want;   /* as test_sqlite_sql_dir()'s */
        } rows[] = {
                { "sqlite3 :memory: < s.sql", ".cd x\nattach 't.db' as x; create table x.t(a);\n", NULL, "x" },
                { "sqlite3 < s.sql", "-- c\n\n.mode csv\n.cd x\n# c\n.cd y\nattach 't.db'\n as x;\n", NULL, "x/y" },
                { "sqlite3 -cmd '.cd x' n.db < s.sql", ".cd y\nattach 't.db' as x;\n", NULL, "x/y" },
                { "printf '.cd x\\nattach t.db as x;\\n' | sqlite3 :memory:", NULL, NULL, "x" },
                { "echo 'attach t.db as x;' | sqlite3 -cmd '.cd x' :memory:", NULL, NULL, "x" },
                { "sqlite3 :memory: '.read s.sql'", ".cd x\nattach 't.db' as x;\n", NULL, "x" },
                { "sqlite3 :memory: '.read s.sql' \"attach 't.db' as u\"", ".cd x\n", NULL, "x" },
                { "sqlite3 :memory: '.cd x' '.read r.sql' \"attach 't.db' as u\"", NULL, ".cd y\n", "x/y" },
                { "sqlite3 :memory: < s.sql", ".cd x\n.read r.sql\nattach 't.db' as u;\n", ".cd y\n", "x/y" },
                { "cd x && sqlite3 :memory: '.cd y' \"attach 't.db' as x\"", NULL, NULL, "x/y" },
                { "cd x && sqlite3 :memory: \"attach 't.db' as x\"", NULL, NULL, "!x" },
                /* not moved: a `.cd` after the ATTACH, one inside its statement (SQL, no dot-command) */
                { "sqlite3 :memory: < s.sql", "attach 't.db' as x;\n.cd x\n", NULL, "!" },
                { "sqlite3 :memory: < s.sql", "select 1,\n.cd x\n;\nattach 't.db' as x;\n", NULL, "!" },
                /* SQL arguments: stdin not read */
                { "sqlite3 :memory: \"attach 't.db' as x\" < s.sql", ".cd x\n", NULL, "!" },
                /* none told: no ATTACH, a feed not told */
                { "sqlite3 :memory: < s.sql", ".cd x\ncreate table t(a);\n", NULL, "" },
                /* (a cat's one file, read as a redirection's: sqlite59, before none) */
                { "cat s.sql | sqlite3 :memory:", ".cd x\nattach 't.db' as x;\n", NULL, "x" },
                /* a stdin not told, which may hold a `.cd`: lost (sqlite59: before, none, the
                 * ATTACH's name the start's) */
                { "cat nofile | sqlite3 :memory:", ".cd x\nattach 't.db' as x;\n", NULL, "-" },
                { "cat -A s.sql | sqlite3 :memory:", ".cd x\nattach 't.db' as x;\n", NULL, "-" },
                { "printf \".cd $D\\nattach 't.db' as x;\" | sqlite3 :memory:", NULL, NULL, "-" },
                { "echo \".cd `pwd`\" | sqlite3 :memory:", NULL, NULL, "-" },
                /* a printf's double-quoted format, as the shell's double quotes give it (sqlite59:
                 * before, not read, the start's) */
                { "printf \".cd x\\nattach 't.db' as x;\" | sqlite3 :memory:", NULL, NULL, "x" },
                { "printf \".cd x\\\\\\\\y\\nattach 't.db' as x;\" | sqlite3 :memory:", NULL, NULL, "-" },
                { "printf \".cd \\\"x\\\"\\nattach 't.db' as x;\" | sqlite3 :memory:", NULL, NULL, "x" },
                { "printf \".cd \\$x\\nattach 't.db' as x;\" | sqlite3 :memory:", NULL, NULL, "!" },
                { "sqlite3 :memory:", NULL, NULL, "-" },
                { "cd x && sqlite3 :memory:", NULL, NULL, "-" },
                /* lost: a `.read` of a file not there, of a command; two directories; a `.cd` of
                 * another form; a `.cd` beside a trigger's body */
                { "sqlite3 :memory: '.read nofile' \"attach 't.db' as x\"", NULL, NULL, "-" },
                { "sqlite3 :memory: '.read |cat s.sql' \"attach 't.db' as x\"", ".cd x\n", NULL, "-" },
                { "sqlite3 :memory: < s.sql", "attach 't.db' as x;\n.cd x\nattach 'u.db' as u;\n", NULL, "-" },
                { "sqlite3 :memory: < s.sql", ".cd ../x\nattach 't.db' as x;\n", NULL, "-" },
                { "sqlite3 :memory: < s.sql",
                  ".cd x\ncreate trigger g after insert on t begin select 1; end;\nattach 't.db' as x;\n", NULL, "-" },
                { "sqlite3 :memory: '.import f t' '.read s.sql' \"attach 't.db' as x\"", ".cd x\n", NULL, "-" },
        };
        static const char *const subs[] = { "x", "x/y", NULL };
        char tmpl[] = "/tmp/sbx-test-sqlstdin.XXXXXX", out[PATH_MAX], want[PATH_MAX], p[PATH_MAX], moved[PATH_MAX];
        char *top = mkdtemp(tmpl);

        (void) state;
        assert_non_null(top);
        for (const char *const *s = subs; *s; s++) {
                snprintf(p, sizeof(p), "%s/%s", top, *s);
                assert_int_equal(mkdir(p, 0700), 0);
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                const char *argv[] = { "sh", "-c", rows[i].script, NULL };
                static const char *const files[] = { "s.sql", "x/r.sql" };
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX];
                const char *w = rows[i].want;
                int r;

                const char *texts[] = { rows[i].text, rows[i].rtext };

                for (size_t f = 0; f < SBX_ELEMENTSOF(files); f++) {
                        FILE *fp;

                        snprintf(p, sizeof(p), "%s/%s", top, files[f]);
                        if (!texts[f])
                                continue;
                        assert_non_null(fp = fopen(p, "w"));
                        fputs(texts[f], fp);
                        fclose(fp);
                }
                char *const *words = sbx_run_command_words((char *const *) argv, top, dir, &cw);

                /* as run-exec asks them: a one-command script's words, else a chain's or a pipe's */
                if (words)
                        r = sbx_run_sqlite_stdin_dir(words, &cw, dir, out, sizeof(out));
                if (!words) {
                        int m = sbx_run_start_dir((char *const *) argv, top, SBX_RUN_DEV_UNKNOWN, moved, sizeof(moved));

                        assert_true(m >= 0);
                        if (m == 0)
                                snprintf(moved, sizeof(moved), "%s", top);
                        if ((r = sbx_run_chain_only((char *const *) argv, moved, sbx_run_sqlite_sql_dir, out,
                                                    sizeof(out))) == 0)
                                r = sbx_run_pipe_sqlite_dir((char *const *) argv, moved, out, sizeof(out));
                }
                sbx_run_words_clear(&cw);
                snprintf(want, sizeof(want), "%s%s%s", top, w[0] && w[0] != '-' && w[0] != '!' ? "/" : "",
                         w[0] == '!' ? (w[1] ? "/x" : "") : w[0] == '-' ? "" : w);
                if (r != (w[0] == '-' ? -1 : w[0] == '!' ? 1 : w[0] ? 2 : 0) || (r > 0 && strcmp(out, want) != 0))
                        fail_msg("row %zu: %d %s", i, r, r > 0 ? out : "");
                for (size_t f = 0; f < SBX_ELEMENTSOF(files); f++) {
                        snprintf(p, sizeof(p), "%s/%s", top, files[f]);
                        assert_int_equal(unlink(p), texts[f] ? 0 : -1);
                }
        }
        for (size_t i = SBX_ELEMENTSOF(subs) - 1; i-- > 0;) {
                snprintf(p, sizeof(p), "%s/%s", top, subs[i]);
                assert_int_equal(rmdir(p), 0);
        }
        assert_int_equal(rmdir(top), 0);
}

/* The file a dd writes, its of=, which its "failed to open 'X'" does not tell from its if=
 * (before: none read; as nobody under bwrap, root's 0622 pipe written read task_failure). */
static void test_dd_output(void **state) {
        static const struct target_row cases[] = {
                { { "dd", "if=/dev/zero", "of=/ro/fifo", "count=1" }, "/ro/fifo" },
                { { "dd", "of=out", "bs=1M" }, "/w/out" },
                { { "timeout", "9", "dd", "if=/dev/null", "of=/ro/x" }, "/ro/x" },
                { { "sh", "-c", "dd if=/dev/null of=/ro/x" }, "/ro/x" },
                { { "dd", "if=/ro/fifo" }, NULL },
                { { "dd", "of=/ro/a", "of=/ro/b" }, NULL },
                { { "dd", "of=" }, NULL },
                { { "dd", "--help", "of=/ro/x" }, NULL },
                { { "dd", "/ro/x" }, NULL },
                { { "cp", "of=/ro/x" }, NULL },
                { { "sh", "-c", "dd if=/dev/null of=/ro/x && true" }, NULL },
                { { "env", "-C", "/ro", "sh", "-c", "dd if=/dev/null of=x" }, "/ro/x" },
                { { "nice", "env", "-C", "sub", "sh", "-c", "env -C /ro sh -c 'dd of=x'" }, "/ro/x" },
                { { "env", "--chdir=/ro", "-i", "sh", "-c", "dd of=x" }, "/ro/x" },
                /* an if= of the same name: its "failed to open 'X'" may be the read's (review: as
                 * nobody, `dd if=P of=P` of root's 0622 pipe read denied, the host asked for
                 * writing alone); a '..' in it, which only the host resolves, the same */
                { { "dd", "if=/ro/fifo", "of=/ro/fifo" }, NULL },
                { { "dd", "of=/ro/fifo", "if=/ro/./fifo" }, NULL },
                { { "dd", "if=fifo", "of=/w/fifo" }, NULL },
                { { "dd", "if=/ro//fifo/", "of=/ro/fifo" }, NULL },
                { { "dd", "if=/ro/l/../fifo", "of=/ro/fifo" }, NULL },
                { { "dd", "if=/ro/fifo2", "of=/ro/fifo" }, "/ro/fifo" },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_dd_output);
}

/* The file a curl writes, its -o FILE or -O's name from the URL, which its "curl: (23) Failure
 * writing output to destination" names not (before: none read; `curl -fsSL URL -o /usr/local/bin/x`
 * in read-only mode read task_failure); none where another file is written, the output moved, or
 * there are several transfers. */
static void test_curl_output(void **state) {
        static const struct target_row cases[] = {
                { { "curl", "-fsSL", "http://h/x.tar.gz", "-o", "/ro/x" }, "/ro/x" },
                { { "curl", "-fsSLo", "x", "http://h/x" }, "/w/x" },
                { { "curl", "-o/ro/x", "http://h/x" }, "/ro/x" },
                { { "curl", "--output", "out", "--retry", "3", "http://h/x" }, "/w/out" },
                { { "curl", "-H", "A: b", "-o", "/ro/x", "--url", "http://h/x" }, "/ro/x" },
                { { "curl", "-LO", "https://h/d/tool-1.2.tar.gz?sig=1#f" }, "/w/tool-1.2.tar.gz" },
                { { "curl", "--remote-name", "-s", "http://h/a/b" }, "/w/b" },
                { { "sh", "-c", "curl -fsSL https://h/i.sh -o /ro/i.sh" }, "/ro/i.sh" },
                /* BusyBox's shell through its binary: its one command is read as sh -c's (review52:
                 * none was, a refused -o with no line read task_failure) */
                { { "busybox", "sh", "-c", "curl -so /ro/x http://h/x" }, "/ro/x" },
                { { "timeout", "9", "busybox", "ash", "-c", "curl -so x http://h/x" }, "/w/x" },
                { { "busybox", "--install", "-c", "curl -so x http://h/x" }, NULL },
                { { "env", "-C", "/ro", "curl", "-sSO", "http://h/x" }, "/ro/x" },
                { { "timeout", "9", "curl", "-s", "-o", "x", "file:///etc/hostname" }, "/w/x" },
                /* stdout, or no output named */
                { { "curl", "-fsSL", "http://h/x" }, NULL },
                { { "curl", "-o", "-", "http://h/x" }, NULL },
                { { "curl", "-o", "/ro/x" }, NULL },
                { { "curl", "http://h/x", "-o" }, NULL },
                /* several transfers or outputs */
                { { "curl", "-o", "/ro/a", "http://h/a", "http://h/b" }, NULL },
                { { "curl", "-o", "/ro/a", "-o", "/ro/b", "http://h/a" }, NULL },
                { { "curl", "-o", "/ro/#1", "http://h/{a,b}" }, NULL },
                { { "curl", "-o", "/ro/x", "http://h/[1-3]" }, NULL },
                { { "curl", "-O", "-o", "/ro/x", "http://h/x" }, NULL },
                /* an IPv6 address in brackets as the host, which curl does not glob, or -g (review52:
                 * read as a glob before, none, `curl -sS -o F 'http://[::1]:8000/x'` task_failure) */
                { { "curl", "-sSo", "/ro/x", "http://[::1]:8000/x" }, "/ro/x" },
                { { "curl", "-O", "http://[2001:db8::1]/d/f.tgz" }, "/w/f.tgz" },
                { { "curl", "-gso", "/ro/x", "http://h/a[1].txt" }, "/ro/x" },
                { { "curl", "--globoff", "-o", "/ro/x", "http://h/{a}" }, "/ro/x" },
                { { "curl", "-o", "/ro/x", "http://[::1]/[1-3]" }, NULL },
                { { "curl", "-o", "/ro/x", "http://h/[::1]" }, NULL },
                { { "curl", "-o", "/ro/x", "http://[fe80::1%25eth0]/x" }, NULL },
                { { "curl", "-o", "/ro/x", "http://[]/x" }, NULL },
                /* another file written, the output moved, a name curl chooses, unknown options */
                { { "curl", "-D", "/ro/h", "-o", "/ro/x", "http://h/x" }, NULL },
                { { "curl", "-c", "jar", "-o", "/ro/x", "http://h/x" }, NULL },
                { { "curl", "-K", "cfg", "-o", "/ro/x", "http://h/x" }, NULL },
                /* --output-dir DIR: curl writes DIR/FILE, an absolute FILE too, the last DIR given
                 * (review53: not read before, none, a refused output read task_failure) */
                { { "curl", "--output-dir", "/ro", "-O", "http://h/x" }, "/ro/x" },
                { { "curl", "-s", "--output-dir", "sub", "-o", "f", "http://h/x" }, "/w/sub/f" },
                { { "curl", "--output-dir", "d", "-o", "/abs/f", "http://h/x" }, "/w/d/abs/f" },
                { { "curl", "--output-dir", "a", "--output-dir", "/ro", "-of", "http://h/x" }, "/ro/f" },
                { { "curl", "--output-dir", "", "-o", "f", "http://h/x" }, "/w/f" },
                { { "curl", "--output-dir", "d", "-o", "-", "http://h/x" }, NULL },
                { { "curl", "-o", "f", "http://h/x", "--output-dir" }, NULL },
                { { "curl", "-OJ", "http://h/x" }, NULL },
                { { "curl", "--frobnicate", "-o", "/ro/x", "http://h/x" }, NULL },
                { { "curl", "-O", "http://h/" }, NULL },
                { { "curl", "-O", "http://h" }, NULL },
                /* a '/' of the query or fragment of a URL with no path: curl -O has no name for
                 * it ("(23)" before connecting, the host's answer too) */
                { { "curl", "-O", "http://h?x=/a/b" }, NULL },
                { { "curl", "-O", "https://u@h:8080#/a/b" }, NULL },
                { { "curl", "-O", "http://h:1/v/get.sh#/x/y" }, "/w/get.sh" },
                { { "curl", "-O", "http://h/a%20b" }, NULL },
                { { "curl", "-O", "http://h/.." }, NULL },
                /* a directory's name (EISDIR, the host's answer too) */
                { { "curl", "-o", "/ro/d/", "http://h/x" }, NULL },
                { { "wget", "-O", "/ro/x", "http://h/x" }, NULL },
                { { "sh", "-c", "curl -o /ro/x http://h/x && true" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_curl_output);
        /* --create-dirs: the same file, 2 (its directories made; review51: not read before, 0) */
        {
                static const char *const dirs[] = { "curl", "-sS", "--create-dirs", "-o", "/ro/d/x", "http://h/x", NULL };
                static const char *const dirs_o[] = { "curl", "--create-dirs", "-O", "http://h/a/b", NULL };
                static const char *const dirs_chain[] = { "sh", "-c", "curl --create-dirs -fsSLo /ro/d/x http://h/x && chmod +x /ro/d/x", NULL };
                char out[PATH_MAX];

                assert_int_equal(sbx_run_curl_output((char *const *) dirs, "/w", out, sizeof(out)), 2);
                assert_string_equal(out, "/ro/d/x");
                assert_int_equal(sbx_run_curl_output((char *const *) dirs_o, "/w", out, sizeof(out)), 2);
                assert_string_equal(out, "/w/b");
                assert_int_equal(sbx_run_chain_curl_output((char *const *) dirs_chain, "/w", out, sizeof(out)), 2);
                assert_string_equal(out, "/ro/d/x");
        }
}

/* The file a GNU binutils program writes, which its lines of a file it could not make name without
 * the errno, or not at all (ar's and ranlib's "could not create temporary file whilst writing
 * archive"): before, none was read, and `ranlib /var/tmp/d/lib.a`, `strip -o /var/tmp/d/p prog` in
 * workspace-write read task_failure. None where several files are rewritten in place, or an
 * option is not read. */
/* A scratch directory made from tmpl (removed by script_dir_teardown) holding the n files given
 * (name relative to it, text), a directory of each made. */
static char *scratch_files(char *tmpl, const char *const (*files)[2], size_t n) {
        char *dir = mkdtemp(tmpl), p[PATH_MAX];

        assert_non_null(dir);
        assert_true(strlen(dir) < sizeof(script_dir));
        memcpy(script_dir, dir, strlen(dir) + 1);
        for (size_t i = 0; i < n; i++) {
                char *slash;
                FILE *f;

                (void) snprintf(p, sizeof(p), "%s/%s", dir, files[i][0]);
                slash = strrchr(p, '/');
                *slash = '\0';
                (void) mkdir(p, 0755);
                *slash = '/';
                assert_non_null(f = fopen(p, "w"));
                assert_true(fputs(files[i][1], f) >= 0);
                assert_int_equal(fclose(f), 0);
        }
        return dir;
}

/* The types of a javac's sources and which of them javac writes a native header of
 * (sbx_run_javac_natives()): a native method or a @Native member of the type's own, not a nested
 * type's (each its own row), a comment's, a string's; every source read whole, or none told (readers58: before, none
 * read, and `javac -h H -d D N.java` of a refused H and D recorded D, which javac never made). */
static void test_javac_natives(void **state) {
        static const char *const files[][2] = {
                { "N.java", "package p.q;\npublic class N { native void f(); }\n" },
                { "X.java", "/* native */ class X { // native\n String s = \"native\"; char c = '\"';\n"
                            " class In { native void g(); }\n Runnable r = new Runnable() { public native void run(); };\n}\n"
                            "interface Y { int native_x = 1; }\n" },
                { "A.java", "import java.lang.annotation.Native;\nenum A { Q; @Native static final int K = 1; }\n"
                            "record R(int x) { String t = \"\"\"\n  native \"\"\"; }\n" },
                { "B.java", "class B { @java.lang.annotation.Native static final long L = 2; @Native int m; }\n" },
                { "C.java", "class C { native void f();\n" },
                { "D.java", "class D { /* open\n}\n" },
                { "Q.java", "class Q { class In { native void f(); } static class S { class Deep { native void g(); } }\n"
                            " interface I { class C { native void h(); } }\n enum E { V; class EI { } }\n"
                            " void m() { class L { native void l(); } Object o = Q.class; }\n}\n" },
        };
        static const struct {
                const char *argv[9];
                const char *want; /* NUL-separated, NULL: not told */
                size_t want_len;
        } rows[] = {
                { { "javac", "-h", "h", "-d", "d", "N.java" }, "+N", 3 },
                { { "javac", "-d", "d", "-h", "h", "X.java", "N.java" }, "+X.In\0-X\0-Y\0+N", 15 },
                /* a nested type's, its own, an inner class's after its enclosing type's name, as
                 * javac's line prints it (readers59: before, none, `javac -h H -d D M.java` of
                 * `class M { class In { native void f(); } }` recorded D's level, javac's line
                 * "error while writing M.In", its header H's made first); a local class's not told */
                { { "javac", "-h", "h", "-d", "d", "Q.java" }, "+Q.In\0+S.Deep\0-S\0+C\0-I\0-E.EI\0-E\0-L\0-Q", 38 },
                { { "javac", "-h", "h", "-d", "d", "-cp", "C.java", "A.java" }, "+A\0-R", 6 },
                { { "javac", "-h", "h", "-d", "d", "B.java" }, "+B", 3 },
                /* a text not read whole, a source missing */
                { { "javac", "-h", "h", "-d", "d", "N.java", "C.java" }, NULL, 0 },
                { { "javac", "-h", "h", "-d", "d", "D.java" }, NULL, 0 },
                { { "javac", "-h", "h", "-d", "d", "M.java" }, NULL, 0 },
                /* no -h beside -d */
                { { "javac", "-d", "d", "N.java" }, NULL, 0 },
                { { "javac", "-h", "h", "N.java" }, NULL, 0 },
        };
        char tmpl[] = "/tmp/sbx-test-jn.XXXXXX", out[PATH_MAX];
        char *dir;

        (void) state;
        dir = scratch_files(tmpl, files, SBX_ELEMENTSOF(files));
        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_run_words cw = { 0 };
                char wd[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) rows[i].argv, dir, wd, &cw);
                int r = words ? sbx_run_javac_natives(words, wd, out, sizeof(out)) : -1;

                sbx_run_words_clear(&cw);
                if (r != (rows[i].want ? 1 : 0) ||
                    (rows[i].want && (memcmp(out, rows[i].want, rows[i].want_len) != 0 || out[rows[i].want_len] != '\0')))
                        fail_msg("row %zu: %d %s", i, r, r == 1 ? out : "");
        }
        /* a source longer than a script file's bound (64 KiB), a comment after its class, read
         * whole (readers60: before, not read, none told); one past its own (4 MiB) not */
        for (size_t big = 0; big < 2; big++) {
                static const char *const argv[] = { "javac", "-h", "h", "-d", "d", "Big.java", NULL };
                size_t pad = big ? 4 * 1024 * 1024 : 96 * 1024;
                struct sbx_run_words cw = { 0 };
                char p[PATH_MAX], wd[PATH_MAX];
                char *const *words;
                FILE *f;
                int r;

                (void) snprintf(p, sizeof(p), "%s/Big.java", dir);
                assert_non_null(f = fopen(p, "w"));
                assert_true(fputs("class Big { native void f(); }\n/*\n", f) >= 0);
                for (size_t k = 0; k < pad; k += 32)
                        assert_true(fputs("                               \n", f) >= 0);
                assert_true(fputs("*/\n", f) >= 0);
                assert_int_equal(fclose(f), 0);
                words = sbx_run_command_words((char *const *) argv, dir, wd, &cw);
                r = words ? sbx_run_javac_natives(words, wd, out, sizeof(out)) : -1;
                sbx_run_words_clear(&cw);
                if (big ? r != 0 : (r != 1 || strcmp(out, "+Big") != 0))
                        fail_msg("%zu bytes: %d %s", pad, r, r == 1 ? out : "");
        }
}

/* javac's -d DIR (sbx_run_javac_dir()): the directory its class files go in, joined to the cwd;
 * none where an option's argument or an @argfile may hide it, or it is given twice. */
static void test_javac_dir(void **state) {
        static const struct target_row cases[] = {
                { { "javac", "-d", "build", "X.java" }, "/w/build" },
                { { "javac", "-d", "/ro/out", "p/X.java" }, "/ro/out" },
                { { "javac", "-cp", "-d", "-d", "/ro/out", "X.java" }, "/ro/out" },
                { { "javac", "--release", "17", "-g", "-d", "out", "X.java" }, "/w/out" },
                { { "/usr/bin/javac", "-encoding", "UTF-8", "-d", "/ro/o", "X.java" }, "/ro/o" },
                { { "sh", "-c", "javac -d /ro/o X.java" }, "/ro/o" },
                { { "env", "-C", "/ro", "javac", "-d", "o", "X.java" }, "/ro/o" },
                { { "javac", "X.java" }, NULL },
                { { "javac", "-d" }, NULL },
                { { "javac", "-d", "", "X.java" }, NULL },
                { { "javac", "-d", "a", "-d", "b", "X.java" }, NULL },
                { { "javac", "@args", "-d", "a" }, NULL },
                { { "javac", "-cp" }, NULL },
                { { "java", "-d", "a" }, NULL },
                /* without -d, its one -h DIR, the one directory it makes (tools57: before, none,
                 * `javac -h /x/h A.java` read task_failure) */
                { { "javac", "-h", "/ro/h", "A.java" }, "/ro/h" },
                { { "javac", "-cp", "-h", "-h", "h", "A.java" }, "/w/h" },
                { { "javac", "-h", "a", "-h", "b", "A.java" }, NULL },
                { { "javac", "-h", "", "A.java" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_javac_dir);
        {
                /* its -h DIR, beside a -d DIR read (strange56: none read) */
                static const struct target_row heads[] = {
                        { { "javac", "-h", "/ro/h", "-d", ".", "A.java" }, "/ro/h" },
                        { { "javac", "-d", "out", "-h", "hdr", "A.java" }, "/w/hdr" },
                        { { "javac", "-cp", "-h", "-d", "out", "A.java" }, NULL },
                        { { "javac", "-h", "/ro/h", "A.java" }, NULL },
                        { { "javac", "-h", "a", "-h", "b", "-d", "out", "A.java" }, NULL },
                        { { "javac", "-d", "out", "-h" }, NULL },
                        { { "java", "-h", "a", "-d", "out" }, NULL },
                };
                target_rows(heads, sizeof(heads) / sizeof(heads[0]), sbx_run_javac_header_dir);
        }
}

/* The javac of a shell's `&&` chain, as its curl is read (sbx_run_chain_curl_output()): after its
 * leading cds and quiet commands (before: none, so `mkdir -p out && javac -d out X.java` with out
 * outside the workspace read task_failure). */
static void test_chain_javac_dir(void **state) {
        static const struct target_row cases[] = {
                { { "sh", "-c", "mkdir -p /ro/o && javac -d /ro/o X.java" }, "/ro/o" },
                { { "bash", "-c", "cd src && javac -d out X.java && ls out" }, "/w/out" },
                { { "sh", "-c", "javac -d out X.java && java -cp out X" }, "/w/out" },
                { { "sh", "-c", "make && javac -d out X.java" }, NULL },
                { { "sh", "-c", "javac -d a A.java && javac -d b X.java" }, "/w/a" },
                { { "sh", "-c", "javac A.java && javac -d b X.java" }, NULL },
                { { "sh", "-c", "javac -d out X.java; ls" }, NULL },
                { { "sh", "-c", "cd src && javac -h /ro/h A.java" }, "/ro/h" },
        };
        /* the first javac's -h DIR beside its -d DIR (tools57: before, none read in a chain, `cd
         * D && javac -h /x/h -d . A.java` in workspace-write read task_failure) */
        static const struct target_row heads[] = {
                { { "sh", "-c", "cd src && javac -h /ro/h -d . A.java" }, "/ro/h" },
                { { "sh", "-c", "mkdir -p h && javac -d out -h h A.java && ls" }, "/w/h" },
                { { "sh", "-c", "javac -d a A.java && javac -h /ro/h -d b B.java" }, NULL },
                { { "sh", "-c", "cd src && javac -h /ro/h A.java" }, NULL },
        };
        char out[PATH_MAX];
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                int r = sbx_run_chain_javac_dir((char *const *) cases[i].argv, "/w", out, sizeof(out));

                if (r != (cases[i].want ? 1 : 0) || (r == 1 && strcmp(out, cases[i].want) != 0))
                        fail_msg("case %zu (%s): %d %s", i, cases[i].argv[2], r, r == 1 ? out : "");
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(heads); i++) {
                int r = sbx_run_chain_javac_header_dir((char *const *) heads[i].argv, "/w", out, sizeof(out));

                if (r != (heads[i].want ? 1 : 0) || (r == 1 && strcmp(out, heads[i].want) != 0))
                        fail_msg("head %zu (%s): %d %s", i, heads[i].argv[2], r, r == 1 ? out : "");
        }
}

static void test_bfd_output(void **state) {
        static const struct target_row cases[] = {
                { { "ranlib", "/ro/lib.a" }, "/ro/lib.a" },
                { { "ranlib", "-D", "lib.a" }, "/w/lib.a" },
                { { "ar", "rcs", "/ro/lib.a", "a.o", "b.o" }, "/ro/lib.a" },
                { { "ar", "-rcs", "lib.a", "a.o" }, "/w/lib.a" },
                { { "ar", "s", "/ro/lib.a" }, "/ro/lib.a" },
                { { "ar", "d", "/ro/lib.a", "a.o" }, "/ro/lib.a" },
                { { "/usr/bin/ar", "qcD", "/ro/lib.a", "a.o" }, "/ro/lib.a" },
                { { "objcopy", "a.o", "/ro/b.o" }, "/ro/b.o" },
                { { "objcopy", "-O", "binary", "-j", ".text", "prog", "/ro/p.bin" }, "/ro/p.bin" },
                { { "objcopy", "--only-keep-debug", "prog", "prog.debug" }, "/w/prog.debug" },
                { { "objcopy", "--add-gnu-debuglink=prog.debug", "/ro/prog" }, "/ro/prog" },
                { { "strip", "-o", "/ro/p", "prog" }, "/ro/p" },
                { { "strip", "-s", "-o/ro/p", "prog" }, "/ro/p" },
                { { "strip", "--output-file=/ro/p", "prog" }, "/ro/p" },
                { { "strip", "--output-file", "/ro/p", "prog" }, "/ro/p" },
                { { "strip", "-s", "--output-file", "p", "prog" }, "/w/p" },
                { { "strip", "--output-file", "/ro/p", "-o", "/ro/q", "prog" }, NULL },
                { { "strip", "prog", "--output-file" }, NULL },
                { { "strip", "--strip-unneeded", "/ro/prog" }, "/ro/prog" },
                { { "sh", "-c", "strip -o /ro/p prog" }, "/ro/p" },
                { { "env", "-C", "/ro", "ranlib", "lib.a" }, "/ro/lib.a" },
                /* ar's keys that write no archive, or whose modifiers take operands before it */
                { { "ar", "t", "/ro/lib.a" }, NULL },
                { { "ar", "x", "/ro/lib.a" }, NULL },
                { { "ar", "rb", "a.o", "/ro/lib.a", "b.o" }, NULL },
                { { "ar", "rN", "2", "/ro/lib.a", "b.o" }, NULL },
                { { "ar", "--plugin", "p.so", "rcs", "/ro/lib.a" }, NULL },
                { { "ar", "rcs" }, NULL },
                /* several files rewritten one by one, none, options not read */
                { { "ranlib", "/ro/a.a", "/ro/b.a" }, NULL },
                { { "strip", "/ro/a", "/ro/b" }, NULL },
                { { "strip", "-o", "/ro/p", "a", "b" }, NULL },
                { { "objcopy", "a", "b", "c" }, NULL },
                { { "objcopy" }, NULL },
                { { "strip", "--help" }, NULL },
                { { "objcopy", "--remove-section", ".x", "a", "/ro/b" }, NULL },
                { { "objcopy", "-Z", "a", "/ro/b" }, NULL },
                { { "strip", "-o", "", "prog" }, NULL },
                { { "strip", "-o", "/ro/d/", "prog" }, NULL },
                { { "nm", "/ro/lib.a" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_bfd_output);
}

/* The curl a shell's `&&` chain runs first, or after its leading cd (the caller gives that cd's
 * directory as cwd): what follows runs only where it succeeded (before: a script of several
 * commands read none; `curl -fsSLo /usr/local/bin/x URL && chmod +x /usr/local/bin/x` in read-only
 * mode read task_failure). */
static void test_chain_curl_output(void **state) {
        static const struct target_row cases[] = {
                { { "sh", "-c", "curl -fsSLo /ro/x http://h/x && chmod +x /ro/x" }, "/ro/x" },
                { { "bash", "-c", "cd sub && curl -sSO http://h/x && ls" }, "/w/x" },
                { { "sh", "-c", "curl -o /ro/x http://h/x && echo 'a;b|c' && ls \"x&y\"" }, "/ro/x" },
                { { "sh", "-c", "curl -o \"/ro/a b\" http://h/x && ls\n" }, "/ro/a b" },
                { { "nice", "sh", "-c", "timeout 9 curl -o x http://h/x && true" }, "/w/x" },
                /* past its assignments, as a one-command script's (review50b: it was none) */
                { { "sh", "-c", "TOKEN=t A_1=2 curl -fsSLo /ro/x http://h/x && chmod +x /ro/x" }, "/ro/x" },
                { { "sh", "-c", "cd sub && T=1 curl -o x http://h/x && ls" }, "/w/x" },
                { { "sh", "-c", "T=1 && curl -o x http://h/x" }, NULL },
                { { "sh", "-c", "=1 curl -o x http://h/x && ls" }, NULL },
                { { "sh", "-c", "T=1 && ls" }, NULL },
                /* another operator anywhere: what follows may run whatever the curl did */
                { { "sh", "-c", "curl -o /ro/x http://h/x; chmod +x /ro/x" }, NULL },
                { { "sh", "-c", "curl -o /ro/x http://h/x || true" }, NULL },
                { { "sh", "-c", "curl -o /ro/x http://h/x && curl http://h/y | head" }, NULL },
                { { "sh", "-c", "curl -o /ro/x http://h/x & wait" }, NULL },
                { { "sh", "-c", "curl -o /ro/x http://h/x && ls\nls" }, NULL },
                { { "sh", "-c", "curl -o /ro/x http://h/x && (cd y && ls)" }, NULL },
                { { "sh", "-c", "curl -o '/ro/x http://h/x && ls" }, NULL },
                /* after quiet commands, which fail with 1 or 2 and print no curl line, and the
                 * leading cds (before: none, so `true && curl -o F URL`, `mkdir -p d && curl -o
                 * d/f URL` in read-only mode read task_failure under both backends) */
                { { "sh", "-c", "true && curl -o /ro/x http://h/x" }, "/ro/x" },
                { { "sh", "-c", "mkdir -p d && curl -sS -o d/f http://h/x && ls d" }, "/w/d/f" },
                { { "sh", "-c", "cd a && cd b && curl -o x http://h/x" }, "/w/x" },
                { { "bash", "-c", "cd sub && true && X=1 curl -o x http://h/x" }, "/w/x" },
                { { "sh", "-c", ": && /bin/mkdir -p d && test -d d && timeout 9 curl -o d/x http://h/x" }, "/w/d/x" },
                /* a leading cd of `~` or an escaped blank, as the shell makes its word (review52:
                 * none, the cd read as the chain's command) */
                { { "sh", "-c", "cd ~ && curl -o x http://h/x" }, "/w/x" },
                { { "sh", "-c", "cd ~/d && true && curl -o x http://h/x" }, "/w/x" },
                { { "bash", "-c", "cd my\\ dir && curl -o x http://h/x" }, "/w/x" },
                { { "sh", "-c", "cd ~ x && curl -o x http://h/x" }, NULL },
                /* not after another command (its status may be 23, its lines curl's, it may move),
                 * a cd after one (the names are of a directory not read), another curl, nor
                 * assignments alone (`PATH=...`) */
                { { "sh", "-c", "make && curl -o /ro/x http://h/x" }, NULL },
                /* ... a cd after quiet commands that name no file (left53: none before) */
                { { "sh", "-c", "true && cd d && curl -o x http://h/x" }, "/w/x" },
                { { "sh", "-c", "test -d d && cd d && true && curl -o x http://h/x" }, "/w/x" },
                { { "sh", "-c", "mkdir -p d && cd d && curl -o x http://h/x" }, NULL },
                { { "sh", "-c", "curl -K cfg http://h/y && curl -o /ro/x http://h/x" }, NULL },
                { { "sh", "-c", "true && nice curl -K cfg http://h/y && curl -o /ro/x http://h/x" }, NULL },
                { { "sh", "-c", "PATH=/x && curl -o /ro/x http://h/x" }, NULL },
                { { "sh", "-c", "true && curl -o $F http://h/x" }, NULL },
                /* one command (sbx_run_command_words()'s); a cd of two words */
                { { "sh", "-c", "cd a b && curl -o x http://h/x" }, NULL },
                { { "sh", "-c", "curl -o /ro/x http://h/x" }, NULL },
                { { "sh", "-c", "curl -o $F http://h/x && ls" }, NULL },
                { { "curl", "-o", "/ro/x", "http://h/x" }, NULL },
        };
        char out[PATH_MAX];
        (void) state;

        /* the argv itself, not sbx_run_command_words()'s (none for a script of several commands),
         * as sbx run gives it */
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                int r = sbx_run_chain_curl_output((char *const *) cases[i].argv, "/w", out, sizeof(out));

                if (r != (cases[i].want ? 1 : 0))
                        fail_msg("case %zu (%s %s %s): %d", i, cases[i].argv[0], cases[i].argv[1], cases[i].argv[2], r);
                if (r == 1)
                        assert_string_equal(out, cases[i].want);
        }
}

/* ranlib's and strip's several files, each rewritten in place (sbx_run_bfd_outputs()): the first,
 * and the others in order (before: none read, sbx_run_bfd_output()'s 0, so `ranlib a.a
 * /var/tmp/x/b.a` in workspace-write read task_failure). One file, ar, objcopy: the one file, none
 * after it; strip -o with several, objcopy with three: none. */
static void test_bfd_outputs(void **state) {
        static const struct {
                const char *argv[7];
                const char *first, *later; /* later: NUL-separated, "" ended; NULL first: none */
        } cases[] = {
                { { "ranlib", "a.a", "/ro/b.a" }, "/w/a.a", "/ro/b.a\0" },
                { { "ranlib", "-D", "a.a", "b.a", "/ro/c.a" }, "/w/a.a", "/w/b.a\0/ro/c.a\0" },
                { { "strip", "f.o", "/ro/g.o" }, "/w/f.o", "/ro/g.o\0" },
                { { "strip", "-R", ".comment", "f.o", "-g", "/ro/g.o" }, "/w/f.o", "/ro/g.o\0" },
                { { "nice", "strip", "--strip-debug", "f.o", "/ro/g.o" }, "/w/f.o", "/ro/g.o\0" },
                /* one ending in '/' ends the list */
                { { "strip", "f.o", "d/", "/ro/g.o" }, "/w/f.o", "" },
                { { "ranlib", "a.a" }, "/w/a.a", "" },
                { { "strip", "-o", "/ro/p", "prog" }, "/ro/p", "" },
                { { "ar", "rcs", "/ro/l.a", "a.o", "b.o" }, "/ro/l.a", "" },
                { { "objcopy", "a.o", "/ro/b.o" }, "/ro/b.o", "" },
                { { "strip", "-o", "/ro/p", "a", "b" }, NULL, "" },
                { { "objcopy", "a", "b", "c" }, NULL, "" },
                { { "ranlib", "--help", "a.a", "b.a" }, NULL, "" },
                { { "ranlib", "", "b.a" }, NULL, "" },
                { { "nm", "a.a", "b.a" }, NULL, "" },
        };
        char out[PATH_MAX], later[PATH_MAX];
        (void) state;

        /* an empty word, on the heap as sbx run's argv is: none (ASan: heap-buffer-overflow
         * reading the byte before it, its last "character", in argv_name()) */
        {
                char *prog = strdup("ranlib"), *empty = strdup(""), *argv[] = { prog, empty, NULL };

                assert_non_null(prog);
                assert_non_null(empty);
                assert_int_equal(sbx_run_bfd_output(argv, "/w", out, sizeof(out)), 0);
                free(prog);
                free(empty);
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                int r = sbx_run_bfd_outputs((char *const *) cases[i].argv, "/w", out, sizeof(out), later, sizeof(later));
                size_t len = 0, want_len = 0;

                if (r != (cases[i].first ? 1 : 0))
                        fail_msg("case %zu (%s %s): %d", i, cases[i].argv[0], cases[i].argv[1], r);
                if (r == 1)
                        assert_string_equal(out, cases[i].first);
                while (later[len])
                        len += strlen(later + len) + 1;
                while (cases[i].later[want_len])
                        want_len += strlen(cases[i].later + want_len) + 1;
                if (len != want_len || memcmp(later, cases[i].later, len) != 0)
                        fail_msg("case %zu (%s %s): later %s", i, cases[i].argv[0], cases[i].argv[1], later);
        }
}

/* The curls of a shell's `&&` chain after its first one read (sbx_run_chain_curl_outputs()), each
 * reached only where the ones before it wrote their files: what follows the first is read, not
 * only the first (before: `curl -so G U && curl -so /var/tmp/x/F U` gave the first alone, and
 * its refused second read task_failure). Only quiet commands and such curls between; the same
 * --create-dirs as the first. */
static void test_chain_curl_outputs(void **state) {
        static const struct {
                const char *argv[3];
                const char *first, *later; /* later: NUL-separated, "" ended; NULL first: none */
        } cases[] = {
                { { "sh", "-c", "curl -so G http://h/g && curl -so /ro/F http://h/f" }, "/w/G", "/ro/F\0" },
                { { "sh", "-c", "cd d && curl -so G http://h/g && chmod +x G && T=1 curl -sSo F http://h/f && ls" },
                  "/w/G", "/w/F\0" },
                { { "sh", "-c", "mkdir -p o && curl -o o/a http://h/a && curl -o o/b http://h/b && curl -o /ro/c http://h/c" },
                  "/w/o/a", "/w/o/b\0/ro/c\0" },
                /* another command ends the list: its status may be 23 (the curl after it not run) */
                { { "sh", "-c", "curl -so G http://h/g && make && curl -so /ro/F http://h/f" }, "/w/G", "" },
                /* a curl not read ends it too: its status may be 23 */
                { { "sh", "-c", "curl -so G http://h/g && curl -K cfg http://h/y && curl -so /ro/F http://h/f" }, "/w/G",
                  "" },
                { { "sh", "-c", "curl -so G http://h/g && curl --create-dirs -so /ro/d/F http://h/f" }, "/w/G", "" },
                { { "sh", "-c", "curl -so G http://h/g && ls" }, "/w/G", "" },
                { { "sh", "-c", "curl -so G http://h/g; curl -so /ro/F http://h/f" }, NULL, "" },
                /* a `;` after a leading cd, whose directory the caller's cwd holds (script56:
                 * before, none read); after another command, or a second `;`, none */
                { { "sh", "-c", "cd d; curl -so G http://h/g && curl -so /ro/F http://h/f" }, "/w/G", "/ro/F\0" },
                { { "sh", "-c", "cd d\ncurl -so G http://h/g" }, "/w/G", "" },
                { { "sh", "-c", "cd d; curl -so G http://h/g; curl -so /ro/F http://h/f" }, NULL, "" },
                { { "sh", "-c", "true && cd d; curl -so G http://h/g" }, NULL, "" },
                { { "sh", "-c", "mkdir d; curl -so G http://h/g" }, NULL, "" },
                { { "sh", "-c", "cd d;" }, NULL, "" },
        };
        char out[PATH_MAX], later[PATH_MAX];
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                int r = sbx_run_chain_curl_outputs((char *const *) cases[i].argv, "/w", out, sizeof(out), later,
                                                   sizeof(later));
                size_t len = 0, want_len = 0;

                if (r != (cases[i].first ? 1 : 0))
                        fail_msg("case %zu (%s): %d", i, cases[i].argv[2], r);
                if (r == 1)
                        assert_string_equal(out, cases[i].first);
                while (later[len])
                        len += strlen(later + len) + 1;
                while (cases[i].later[want_len])
                        want_len += strlen(cases[i].later + want_len) + 1;
                if (len != want_len || memcmp(later, cases[i].later, len) != 0)
                        fail_msg("case %zu (%s): later %s", i, cases[i].argv[2], later);
        }
        /* a chain's javacs alike (left53: `javac -d out A.java && javac -d /ro/n B.java` gave the
         * first alone) */
        {
                const char *argv[] = { "sh", "-c", "mkdir -p out && javac -d out A.java && javac -d /ro/n B.java && ls",
                                       NULL };

                assert_int_equal(sbx_run_chain_javac_dirs((char *const *) argv, "/w", out, sizeof(out), later,
                                                          sizeof(later)),
                                 1);
                assert_string_equal(out, "/w/out");
                assert_string_equal(later, "/ro/n");
                assert_int_equal(later[strlen(later) + 1], '\0');
        }
        /* a list that does not fit: the ones that do */
        {
                const char *argv[] = { "sh", "-c", "curl -so G http://h/g && curl -so /ro/F http://h/f", NULL };

                assert_int_equal(sbx_run_chain_curl_outputs((char *const *) argv, "/w", out, sizeof(out), later, 6), 1);
                assert_string_equal(later, "");
                assert_int_equal(sbx_run_chain_curl_outputs((char *const *) argv, "/w", out, sizeof(out), later, 7), 1);
                assert_string_equal(later, "/ro/F");
        }
}

/* The sqlite3 of a shell's `cd DIR && sqlite3 ...` (its one command after the cd; cwd is DIR):
 * its target and database, as a one-command script's (left51: none before, so `cd D && sqlite3
 * t.db 'create table t(x)'` in read-only mode read task_failure under both backends, as root and
 * as nobody in its own directory). Not where a command follows or comes before it (their lines
 * would be taken for its), nor another operator. */
static void test_chain_sqlite(void **state) {
        static const struct {
                const char *argv[4];
                const char *target, *db; /* NULL: none */
        } cases[] = {
                { { "sh", "-c", "cd d && sqlite3 t.db 'create table t(x)'" }, "/w/t.db", "/w/t.db" },
                { { "bash", "-c", "cd /x && X=1 sqlite3 t.db 'create table t(x)'" }, "/w/t.db", "/w/t.db" },
                { { "sh", "-c", "cd d && sqlite3 :memory: '.output o.txt' 'select 1'" }, "/w/o.txt", NULL },
                { { "sh", "-c", "cd d && sqlite3 t.db < s.sql" }, NULL, NULL },
                { { "busybox", "sh", "-c", "cd d && sqlite3 t.db 'create table t(x)'" }, "/w/t.db", "/w/t.db" },
                /* (a `;` after the leading cd, its directory the caller's cwd: script56, before none) */
                { { "sh", "-c", "cd d; sqlite3 t.db 'create table t(x)'" }, "/w/t.db", "/w/t.db" },
                /* a command after it, before it, another operator, a cd of two words, one command */
                { { "sh", "-c", "cd d && sqlite3 t.db 'create table t(x)' && echo ok" }, NULL, NULL },
                { { "sh", "-c", "sqlite3 t.db 'create table t(x)' && echo ok" }, NULL, NULL },
                { { "sh", "-c", "true && sqlite3 t.db 'create table t(x)'" }, NULL, NULL },
                { { "sh", "-c", "cd d; cd e; sqlite3 t.db 'create table t(x)'" }, NULL, NULL },
                { { "sh", "-c", "cd d && sqlite3 t.db 'create table t(x)' | cat" }, NULL, NULL },
                { { "sh", "-c", "cd a b && sqlite3 t.db 'create table t(x)'" }, NULL, NULL },
                { { "sh", "-c", "cd d && cd e && sqlite3 t.db 'create table t(x)'" }, NULL, NULL },
                { { "sh", "-c", "sqlite3 t.db 'create table t(x)'" }, NULL, NULL },
                { { "sh", "-c", "cd d && curl -o x http://h/x" }, NULL, NULL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char target[PATH_MAX] = "", db[PATH_MAX] = "";
                bool ro = false;
                int r = sbx_run_chain_sqlite((char *const *) cases[i].argv, "/w", target, db, sizeof(db), &ro);

                if (r != ((cases[i].target ? 1 : 0) | (cases[i].db ? 2 : 0)) ||
                    (cases[i].target && strcmp(target, cases[i].target) != 0) ||
                    (cases[i].db && strcmp(db, cases[i].db) != 0))
                        fail_msg("case %zu (%s): %d %s %s", i, cases[i].argv[2] ? cases[i].argv[2] : cases[i].argv[1], r,
                                 target, db);
                if (ro)
                        fail_msg("case %zu: read-only", i);
        }
        /* -readonly after the cd: its write refused is its own (review53: under Landlock `cd . &&
         * sqlite3 -readonly e.db 'insert ...'` read denied, the flag read from a one-command argv
         * alone) */
        {
                static const char *const argv[] = { "sh", "-c", "cd d && sqlite3 -readonly e.db 'insert into t values (1)'", NULL };
                char target[PATH_MAX] = "", db[PATH_MAX] = "";
                bool ro = false;

                (void) sbx_run_chain_sqlite((char *const *) argv, "/w", target, db, sizeof(db), &ro);
                assert_true(ro);
        }
}

/* The sqlite3 of a shell's `FEED | sqlite3 ...`, its commands from the pipe (sbx_run_pipe_sqlite()):
 * its database (none before, so `echo 'create table t(a);' | sqlite3 own.db` in read-only read
 * task_failure under bwrap and denied with no path under Landlock, a database the host refuses
 * too), and whether it is -readonly. Only after an echo, printf or cat of plain words naming no
 * sqlite3, one `|`, no other operator. */
static void test_pipe_sqlite(void **state) {
        static const struct {
                const char *argv[4];
                const char *target, *db; /* NULL: none */
                bool readonly;
        } cases[] = {
                { { "sh", "-c", "echo 'create table t(a);' | sqlite3 own.db" }, NULL, "/w/own.db", false },
                { { "bash", "-c", "printf '%s\\n' 'create table t(a);' | T=1 sqlite3 /ro/x.db\n" }, NULL, "/ro/x.db", false },
                { { "sh", "-c", "cat s.sql | sqlite3 own.db" }, NULL, NULL, false },
                { { "sh", "-c", "echo 'select 1;' | sqlite3 own.db '.output o.txt' 'select 2'" }, "/w/o.txt", "/w/own.db", false },
                { { "sh", "-c", "echo 'x;' | sqlite3 -readonly own.db" }, NULL, NULL, true },
                /* the file the feed attaches and writes alone (left55: none, own.db's) */
                { { "sh", "-c", "echo \"attach '/ro/o.db' as o; insert into o.t values(1);\" | sqlite3 own.db" },
                  "/ro/o.db", "/w/own.db", false },
                { { "sh", "-c", "echo \"attach '/ro/o.db' as o; insert into t values(1);\" | sqlite3 own.db" }, "/ro/o.db",
                  "/w/own.db", false },
                { { "sh", "-c", "echo \"attach '/ro/o.db' as o; create table t(a);\" | sqlite3 own.db" }, NULL,
                  "/w/own.db", false },
                { { "sh", "-c", "echo \"attach '/ro/o.db' as o; insert into o.t values(1);\" | sqlite3 own.db 'select 1'" },
                  "/w/own.db", "/w/own.db", false },
                /* ... past a -cmd's query or dot-commands that set how it prints (left56: the
                 * -cmd's SQL alone read, own.db; `.mode csv` none) */
                { { "sh", "-c", "echo \"attach '/ro/o.db' as o; insert into o.t values(1);\" | sqlite3 -cmd 'select 1' own.db" },
                  "/ro/o.db", "/w/own.db", false },
                { { "sh", "-c", "echo \"attach '/ro/o.db' as o; insert into o.t values(1);\" | sqlite3 -cmd '.mode csv' own.db" },
                  "/ro/o.db", "/w/own.db", false },
                { { "sh", "-c", "echo \"attach '/ro/o.db' as o; insert into o.t values(1);\" | sqlite3 -cmd 'insert into u values(2)' own.db" },
                  NULL, "/w/own.db", false },
                { { "sh", "-c", "echo 'create table t(a);' | sqlite3 -cmd 'select 1' own.db" }, NULL, "/w/own.db", false },
                /* another feed, one naming sqlite3, another operator, two pipes, a redirection */
                { { "sh", "-c", "sqlite3 a.db .dump | sqlite3 own.db" }, NULL, NULL, false },
                { { "sh", "-c", "make | sqlite3 own.db" }, NULL, NULL, false },
                { { "sh", "-c", "echo sqlite3 | sqlite3 own.db" }, NULL, NULL, false },
                { { "sh", "-c", "echo x | sqlite3 own.db && ls" }, NULL, NULL, false },
                { { "sh", "-c", "echo x | sqlite3 own.db; ls" }, NULL, NULL, false },
                { { "sh", "-c", "echo x || sqlite3 own.db" }, NULL, NULL, false },
                { { "sh", "-c", "echo x |& sqlite3 own.db" }, NULL, NULL, false },
                { { "sh", "-c", "echo x | cat | sqlite3 own.db" }, NULL, NULL, false },
                { { "sh", "-c", "echo x > f | sqlite3 own.db" }, NULL, NULL, false },
                { { "sh", "-c", "echo $X | sqlite3 own.db" }, NULL, NULL, false },
                { { "sh", "-c", "echo 'x | sqlite3 own.db" }, NULL, NULL, false },
                { { "sh", "-c", "sqlite3 own.db 'create table t(x)'" }, NULL, NULL, false },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char target[PATH_MAX] = "", db[PATH_MAX] = "";
                bool ro = false;
                int r = sbx_run_pipe_sqlite((char *const *) cases[i].argv, "/w", target, db, sizeof(db), &ro);

                /* (bit 8, the target or db: the feed's write naming no schema, `insert into t`) */
                if ((r & ~8) != ((cases[i].target ? 1 : 0) | (cases[i].db ? 2 : 0)) ||
                    ((r & 8) != 0) != (strstr(cases[i].argv[2], "insert into t ") != NULL) ||
                    (cases[i].target && strcmp(target, cases[i].target) != 0) ||
                    (cases[i].db && strcmp(db, cases[i].db) != 0) || ro != cases[i].readonly)
                        fail_msg("case %zu (%s): %d %s %s %d", i, cases[i].argv[2], r, target, db, ro);
        }
        {
                /* its database moved (bit 4) by the feed's `.cd DIR` before its SQL, an echo's or
                 * a printf's of one word without a conversion, or a -cmd's (left55: the feed not
                 * read, `printf '.cd D\ncreate table t(a);\n' | sqlite3 t.db` recorded /w/t.db,
                 * task_failure in workspace-write); the feed not told, a database not there
                 * before it: none, its `.cd`s not read (sqlite59: before, the start's, a
                 * denial of the wrong file in read-only mode) */
                static const struct {
                        const char *argv[4];
                        const char *db;
                        int r;
                } moved[] = {
                        { { "sh", "-c", "printf '.cd /tmp\\ncreate table t(a);\\n' | sqlite3 n.db" }, "/tmp/n.db", 6 },
                        { { "sh", "-c", "printf '.mode csv\\n.cd tmp\\n' | sqlite3 n.db" }, "/tmp/n.db", 6 },
                        { { "sh", "-c", "echo .cd /tmp | sqlite3 n.db" }, "/tmp/n.db", 6 },
                        { { "sh", "-c", "echo 'create table t(a);' | sqlite3 -cmd '.cd /tmp' n.db" }, "/tmp/n.db", 6 },
                        { { "sh", "-c", "printf \".cd /tmp\\ncreate table t(a);\\n\" | sqlite3 n.db" }, "/tmp/n.db", 6 },
                        { { "sh", "-c", "printf \".cd $T\\ncreate table t(a);\\n\" | sqlite3 n.db" }, "", 0 },
                        { { "sh", "-c", "printf '.cd ../tmp\\n' | sqlite3 n.db" }, "", 0 },
                        { { "sh", "-c", "printf '%s\\n' '.cd /tmp' | sqlite3 n.db" }, "", 0 },
                        { { "sh", "-c", "echo '.cd /tmp\\nselect 1;' | sqlite3 n.db" }, "", 0 },
                        { { "sh", "-c", "echo -e '.cd /tmp' | sqlite3 n.db" }, "", 0 },
                        { { "sh", "-c", "cat .cd | sqlite3 n.db" }, "", 0 },
                        { { "sh", "-c", "echo '.cd /tmp' | sqlite3 /d/n.db" }, "/d/n.db", 2 },
                        /* a directory the host has not: the shell stays (review56) */
                        { { "sh", "-c", "printf '.cd /nodir\\ncreate table t(a);\\n' | sqlite3 n.db" }, "/n.db", 2 },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(moved); i++) {
                        char target[PATH_MAX] = "", db[PATH_MAX] = "";
                        bool ro = false;
                        int r = sbx_run_pipe_sqlite((char *const *) moved[i].argv, "/", target, db, sizeof(db), &ro);

                        if (r != moved[i].r || strcmp(db, moved[i].db) != 0)
                                fail_msg("moved %zu (%s): %d %s", i, moved[i].argv[2], r, db);
                }
        }
}

/* binutils' file and javac's -d of a shell's `cd DIR && CMD` (sbx_run_chain_only(), in DIR = /w as
 * sbx run passes it), as the sqlite3's: review52, none was read, so `sh -c 'cd D && objcopy a.o
 * /var/tmp/x/b.o'` and `sh -c 'cd D && javac -d out X.java'` in read-only mode read task_failure.
 * Not where a command follows, no cd leads, or another operator. */
static void test_chain_only(void **state) {
        static const struct {
                const char *argv[6];
                const char *bfd, *javac;
        } cases[] = {
                { { "sh", "-c", "cd d && objcopy a.o /ro/b.o" }, "/ro/b.o", NULL },
                { { "bash", "-c", "cd d && X=1 strip -o p prog" }, "/w/p", NULL },
                { { "busybox", "sh", "-c", "cd d && ar rcs lib.a a.o" }, "/w/lib.a", NULL },
                { { "sh", "-c", "cd d && javac -d out X.java" }, NULL, "/w/out" },
                /* (a `;` after the leading cd, its directory the caller's cwd: script56, before none) */
                { { "sh", "-c", "cd d; objcopy a.o /ro/b.o" }, "/ro/b.o", NULL },
                { { "sh", "-c", "cd d && objcopy a.o b.o && echo ok" }, NULL, NULL },
                { { "sh", "-c", "cd d && javac -d out X.java && java -cp out X" }, NULL, NULL },
                { { "sh", "-c", "true && objcopy a.o /ro/b.o" }, NULL, NULL },
                { { "sh", "-c", "cd d; objcopy a.o b.o; echo ok" }, NULL, NULL },
                { { "sh", "-c", "objcopy a.o /ro/b.o" }, NULL, NULL },
                { { "objcopy", "a.o", "/ro/b.o" }, NULL, NULL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char bfd[PATH_MAX] = "", javac[PATH_MAX] = "";
                int rb = sbx_run_chain_only((char *const *) cases[i].argv, "/w", sbx_run_bfd_output, bfd, sizeof(bfd)),
                    rj = sbx_run_chain_only((char *const *) cases[i].argv, "/w", sbx_run_javac_dir, javac, sizeof(javac));

                if (rb != (cases[i].bfd ? 1 : 0) || rj != (cases[i].javac ? 1 : 0) ||
                    (cases[i].bfd && strcmp(bfd, cases[i].bfd) != 0) || (cases[i].javac && strcmp(javac, cases[i].javac) != 0))
                        fail_msg("case %zu: %d %s, %d %s", i, rb, bfd, rj, javac);
        }
        /* ranlib's and strip's several files, each rewritten in place, the first and the later
         * ones (left54: none, `cd D && ranlib a.a /var/tmp/x/b.a` in workspace-write read
         * task_failure) */
        static const struct {
                const char *argv[4];
                const char *first, *later; /* later: the names joined with '|' */
        } several[] = {
                { { "sh", "-c", "cd d && ranlib a.a /ro/b.a" }, "/w/a.a", "/ro/b.a" },
                { { "bash", "-c", "cd d && strip p q r" }, "/w/p", "/w/q|/w/r" },
                { { "sh", "-c", "cd d && objcopy a.o /ro/b.o" }, "/ro/b.o", "" },
                { { "sh", "-c", "cd d && ranlib a.a b.a && echo ok" }, NULL, NULL },
                { { "sh", "-c", "ranlib a.a b.a" }, NULL, NULL },
                /* the chain's last command past other programs' (mine56: none read, `gcc -c h.c
                 * -o h.o && objcopy h.o /var/tmp/x/c.o` read task_failure) */
                { { "sh", "-c", "gcc -c h.c -o h.o && objcopy h.o /ro/c.o" }, "/ro/c.o", "" },
                { { "sh", "-c", "cd d && gcc -c h.c && strip -o /ro/s.o h.o" }, "/ro/s.o", "" },
                { { "sh", "-c", "mkdir -p o && X=1 ranlib a.a /ro/b.a" }, "/w/a.a", "/ro/b.a" },
                /* a cd past the leading one, a binutils program before it, not the last, eval */
                { { "sh", "-c", "gcc -c h.c && cd e && objcopy a.o /ro/b.o" }, NULL, NULL },
                { { "sh", "-c", "objcopy a.o /ro/x.o && objcopy b.o /ro/y.o" }, NULL, NULL },
                { { "sh", "-c", "gcc -c h.c && objcopy a.o /ro/b.o && echo ok" }, NULL, NULL },
                { { "sh", "-c", "eval x && objcopy a.o /ro/b.o" }, NULL, NULL },
                { { "sh", "-c", "gcc x && pushd e && objcopy a.o b.o" }, NULL, NULL },
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(several); i++) {
                char first[PATH_MAX] = "", later[PATH_MAX] = "", joined[PATH_MAX] = "";
                int r = sbx_run_chain_bfd_outputs((char *const *) several[i].argv, "/w", first, sizeof(first), later,
                                                  sizeof(later));

                for (const char *l = later; *l; l += strlen(l) + 1)
                        snprintf(joined + strlen(joined), sizeof(joined) - strlen(joined), "%s%s", joined[0] ? "|" : "", l);
                if (r != (several[i].first ? 1 : 0) ||
                    (r == 1 && (strcmp(first, several[i].first) != 0 || strcmp(joined, several[i].later) != 0)))
                        fail_msg("several %zu: %d %s %s", i, r, first, joined);
        }
}

/* The programs a find runs (-exec, -execdir, -ok, -okdir), read from the argv as it writes them
 * (find prints a failed exec's name so): not one with {} nor one its -fprint (-fls, ...) writes
 * too, whose refused open prints the same line; none for another program. */
static void test_find_exec(void **state) {
        static const struct {
                const char *argv[14];
                const char *want; /* the names joined with '|'; NULL: none */
        } cases[] = {
                { { "find", ".", "-exec", "./PIPE", ";" }, "./PIPE" },
                { { "find", ".", "-name", "x", "-execdir", "/tmp/p", "{}", ";", "-ok", "rm", "{}", ";" }, "/tmp/p|rm" },
                { { "find", ".", "-exec", "a", ";", "-exec", "a", "+" }, "a" },
                { { "find", ".", "-okdir", "b", "{}", "+" }, "b" },
                { { "find", ".", "-exec", "{}", ";" }, NULL },
                { { "find", ".", "-exec", "x{}", ";" }, NULL },
                { { "find", ".", "-exec", "/tmp/p", ";", "-fprint", "/tmp/p" }, NULL },
                { { "find", ".", "-fls", "o", "-exec", "o", ";", "-exec", "p", ";" }, "p" },
                { { "find", ".", "-exec" }, NULL },
                { { "xfind", ".", "-exec", "p", ";" }, NULL },
                { { "sh", "-c", "find . -exec p ';'" }, "p" },
                { { "timeout", "9", "/usr/bin/find", ".", "-exec", "q", ";" }, "q" },
        };
        char out[PATH_MAX], joined[PATH_MAX];
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) cases[i].argv, "/w", dir, &cw);
                int r = words ? sbx_run_find_exec(words, dir, out, sizeof(out)) : 0, n = 0;

                sbx_run_words_clear(&cw);
                joined[0] = '\0';
                for (const char *p = out; r > 0 && *p; p += strlen(p) + 1, n++)
                        snprintf(joined + strlen(joined), sizeof(joined) - strlen(joined), "%s%s", n ? "|" : "", p);
                if (r != n || (r > 0) != (cases[i].want != NULL))
                        fail_msg("case %zu (%s %s %s): %d names, \"%s\"", i, cases[i].argv[0], cases[i].argv[1],
                                 cases[i].argv[2], r, joined);
                if (r > 0)
                        assert_string_equal(joined, cases[i].want);
        }
}

/* What a touch sets, read from its argv: given times (-d, -t, -r and their long forms, the value
 * attached or the next word), a symlink not followed (-h); 0 for another program or an option
 * not known. */
static void test_touch_how(void **state) {
        static const struct {
                const char *argv[8];
                unsigned want;
        } cases[] = {
                { { "touch", "f" }, SBX_TOUCH_READ },
                { { "touch", "-c", "-m", "f" }, SBX_TOUCH_READ },
                { { "touch", "-d", "2001-01-01", "f" }, SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN },
                { { "touch", "-cd2001-01-01", "f" }, SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN },
                { { "touch", "-t", "200101010000", "-h", "f" }, SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN | SBX_TOUCH_NO_DEREF },
                { { "touch", "--reference=g", "f" }, SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN },
                { { "touch", "--date", "now", "f" }, SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN },
                { { "touch", "-h", "l" }, SBX_TOUCH_READ | SBX_TOUCH_NO_DEREF },
                { { "touch", "--no-dereference", "--time=atime", "l" }, SBX_TOUCH_READ | SBX_TOUCH_NO_DEREF },
                { { "touch", "--", "-h" }, SBX_TOUCH_READ },
                { { "touch", "-d" }, SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN },
                { { "touch", "--no-deref", "l" }, 0 },
                { { "touch", "-x", "f" }, 0 },
                { { "cat", "-h" }, 0 },
                { { "sh", "-c", "touch -h l" }, SBX_TOUCH_READ | SBX_TOUCH_NO_DEREF },
                { { "nice", "/usr/bin/touch", "-r", "g", "f" }, SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) cases[i].argv, "/w", dir, &cw);
                unsigned how = words ? sbx_run_touch_how(words, dir) : 0;

                sbx_run_words_clear(&cw);
                if (how != cases[i].want)
                        fail_msg("case %zu (%s %s %s): %u, want %u", i, cases[i].argv[0], cases[i].argv[1],
                                 cases[i].argv[2] ? cases[i].argv[2] : "", how, cases[i].want);
        }
        /* a script's touches (sbx_run_script_touch_how()) where they agree (before: none read, so
         * nobody's `touch -d DATE F; false` of its own append-only file, which the host refuses
         * given times, read denied under both backends); none where they differ or one is not
         * read */
        {
                static const struct {
                        const char *script;
                        unsigned want;
                } scripts[] = {
                        { "touch -d 2001-01-01 f; false", SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN },
                        { "true && X=1 touch -r g f || echo no", SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN },
                        { "touch -h l\nls -l l | cat", SBX_TOUCH_READ | SBX_TOUCH_NO_DEREF },
                        { "touch f; touch -c g", SBX_TOUCH_READ },
                        { "echo 'a;b' && touch \"x;y\" & wait", SBX_TOUCH_READ },
                        { "touch f; touch -d 2001-01-01 g", 0 },
                        { "touch -d 2001-01-01 f; xargs touch < list", 0 },
                        { "touch -d 2001-01-01 $F", 0 },
                        { "(touch -d 2001-01-01 f)", 0 },
                        { "touch --no-deref l; false", 0 },
                        { "touch 'f; false", 0 },
                        { "ls; false", 0 },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(scripts); i++) {
                        const char *argv[] = { "sh", "-c", scripts[i].script, NULL };
                        unsigned how = sbx_run_script_touch_how((char *const *) argv, "/w");

                        if (how != scripts[i].want)
                                fail_msg("script %zu (%s): %u, want %u", i, scripts[i].script, how, scripts[i].want);
                }
        }
}

/* The script a python3 -c or a perl -e is given, whose traceback or die shows no source line
 * (before: none read; as nobody under bwrap, root's 0622 pipe opened "w" by `python3 -c` or ">"
 * by `perl -e` read task_failure). */
static void test_inline_script(void **state) {
        static const struct {
                const char *argv[8];
                const char *want;
                enum sbx_inline_lang lang;
        } cases[] = {
                { { "python3", "-c", "open('/ro/f', 'w')" }, "open('/ro/f', 'w')", SBX_INLINE_PYTHON },
                { { "/usr/bin/python3.11", "-I", "-c", "x" }, "x", SBX_INLINE_PYTHON },
                { { "python", "-IS", "-W", "ignore", "-Xdev", "-c", "x", "arg" }, "x", SBX_INLINE_PYTHON },
                { { "python3", "-Bc", "x" }, "x", SBX_INLINE_PYTHON },
                { { "python3", "-cx" }, "x", SBX_INLINE_PYTHON },
                { { "timeout", "9", "env", "A=1", "python3", "-c", "x" }, "x", SBX_INLINE_PYTHON },
                { { "python3", "p.py", "-c", "x" }, NULL, SBX_INLINE_PYTHON },
                { { "python3", "-m", "mod", "-c", "x" }, NULL, SBX_INLINE_PYTHON },
                { { "python3", "-", "-c", "x" }, NULL, SBX_INLINE_PYTHON },
                { { "python3", "-c" }, NULL, SBX_INLINE_PYTHON },
                { { "python3", "-W" }, NULL, SBX_INLINE_PYTHON },
                { { "python3", "-h", "-c", "x" }, NULL, SBX_INLINE_PYTHON },
                { { "pythonx", "-c", "x" }, NULL, SBX_INLINE_PYTHON },
                { { "env", "-C", "/", "python3", "-c", "x" }, NULL, SBX_INLINE_PYTHON },
                { { "sh", "-c", "python3 -c x" }, NULL, SBX_INLINE_PYTHON },
                { { "perl", "-e", "x" }, "x", SBX_INLINE_PERL },
                { { "/usr/bin/perl", "-w", "-Mstrict", "-I", "lib", "-E", "x", "a" }, "x", SBX_INLINE_PERL },
                { { "perl", "-we", "x" }, "x", SBX_INLINE_PERL },
                { { "perl5.36.0", "-ex" }, "x", SBX_INLINE_PERL },
                { { "perl", "-e", "x", "-e", "y" }, NULL, SBX_INLINE_PYTHON },
                { { "perl", "-n", "-e", "x" }, NULL, SBX_INLINE_PYTHON },
                { { "perl", "x.pl", "-e", "x" }, NULL, SBX_INLINE_PYTHON },
                { { "perl", "-e" }, NULL, SBX_INLINE_PYTHON },
        };
        (void) state;

        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                enum sbx_inline_lang lang = cases[i].lang == SBX_INLINE_PERL ? SBX_INLINE_PYTHON : SBX_INLINE_PERL;
                const char *r = sbx_run_inline_script((char *const *) cases[i].argv, &lang);

                if (!r != !cases[i].want || (r && strcmp(r, cases[i].want) != 0))
                        fail_msg("case %zu (%s %s %s): %s", i, cases[i].argv[0], cases[i].argv[1], cases[i].argv[2],
                                 r ? r : "(none)");
                if (r)
                        assert_int_equal(lang, cases[i].lang);
        }
}

/* The script file a perl runs (`perl [switches] FILE`), as its argv names it: its die prints "...
 * at FILE line N." (before (mine56): none read, `perl s.pl` whose open failed and whose die holds
 * no $! read task_failure). Not -e, -n, -p, -i, -x, stdin, another program. */
static void test_perl_file(void **state) {
        static const struct {
                const char *argv[8];
                const char *want;
        } cases[] = {
                { { "perl", "s.pl" }, "s.pl" },
                { { "/usr/bin/perl5.36.0", "-w", "-Mstrict", "-I", "lib", "./d/s.pl", "arg" }, "./d/s.pl" },
                { { "perl", "-wT", "-l", "-Ilib", "--", "s.pl" }, "s.pl" },
                { { "timeout", "9", "env", "A=1", "perl", "s.pl" }, "s.pl" },
                { { "perl", "-e", "1", "s.pl" }, NULL },
                { { "perl", "-n", "s.pl" }, NULL },
                { { "perl", "-pi", "s.pl" }, NULL },
                { { "perl", "-x", "s.pl" }, NULL },
                { { "perl", "-" }, NULL },
                { { "perl", "--", "-" }, NULL },
                { { "perl" }, NULL },
                { { "perl", "-I" }, NULL },
                { { "perlx", "s.pl" }, NULL },
                { { "python3", "s.pl" }, NULL },
        };
        (void) state;

        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                const char *r = sbx_run_perl_file((char *const *) cases[i].argv);

                if (!r != !cases[i].want || (r && strcmp(r, cases[i].want) != 0))
                        fail_msg("case %zu (%s %s): %s", i, cases[i].argv[0], cases[i].argv[1] ? cases[i].argv[1] : "",
                                 r ? r : "(none)");
        }
        /* ... the one a shell's `cd DIR && perl s.pl` runs, its name as the argv gives it
         * (sbx_run_perl_file_name() through sbx_run_chain_only(); mktemp57: before, none read, its
         * die after a refused open task_failure); not where a command follows it */
        {
                static const struct {
                        const char *script, *want;
                } chains[] = {
                        { "cd sub && perl s.pl", "s.pl" },
                        { "cd sub && perl -w ./t/s.pl arg", "./t/s.pl" },
                        { "cd sub; perl s.pl", "s.pl" },
                        { "cd sub && perl s.pl && true", NULL },
                        { "cd sub && perl -e 1", NULL },
                        { "cd sub && python3 s.pl", NULL },
                };
                char out[PATH_MAX];

                for (size_t i = 0; i < SBX_ELEMENTSOF(chains); i++) {
                        const char *argv[] = { "sh", "-c", chains[i].script, NULL };
                        int r = sbx_run_chain_only((char *const *) argv, "/w/sub", sbx_run_perl_file_name, out, sizeof(out));

                        if (r != (chains[i].want ? 1 : 0) || (r && strcmp(out, chains[i].want) != 0))
                                fail_msg("chain %zu (%s): %d %s", i, chains[i].script, r, r ? out : "");
                }
                /* (a name too long to keep) */
                {
                        const char *argv[] = { "perl", "s.pl", NULL };

                        assert_int_equal(sbx_run_perl_file_name((char *const *) argv, "/w", out, 4), 0);
                        assert_int_equal(sbx_run_perl_file_name((char *const *) argv, "/w", out, 5), 1);
                }
                /* ... and a chain's perl -e script (sbx_run_perl_inline_copy(): mktemp57, before none
                 * read); not python's -c, a script file, a command after it */
                {
                        static const struct {
                                const char *script, *want;
                        } inl[] = {
                                { "cd sub && perl -e 'open(F, \">\", \"q\") or die \"no\"'", "open(F, \">\", \"q\") or die \"no\"" },
                                { "cd sub && perl -w -e 1", "1" },
                                { "cd sub && python3 -c 1", NULL },
                                { "cd sub && perl s.pl", NULL },
                                { "cd sub && perl -e 1 && true", NULL },
                        };

                        for (size_t i = 0; i < SBX_ELEMENTSOF(inl); i++) {
                                const char *argv[] = { "sh", "-c", inl[i].script, NULL };
                                int r = sbx_run_chain_only((char *const *) argv, "/w/sub", sbx_run_perl_inline_copy, out,
                                                           sizeof(out));

                                if (r != (inl[i].want ? 1 : 0) || (r && strcmp(out, inl[i].want) != 0))
                                        fail_msg("inline %zu (%s): %d %s", i, inl[i].script, r, r ? out : "");
                        }
                }
        }
}

/* The script file a python3 runs (`python3 [flags] FILE`), whose own names of open its
 * traceback's lines call (before: none read; as nobody under Landlock, `o = open` and `o(X)` of
 * root's 0622 file in a script file read denied); its text read as a shell's script file is. */
static void test_python_file(void **state) {
        static const struct {
                const char *argv[8];
                const char *want;
        } cases[] = {
                { { "python3", "s.py" }, "s.py" },
                { { "/usr/bin/python3.11", "-I", "-Bu", "s.py", "-c", "x" }, "s.py" },
                { { "python", "-W", "ignore", "-Xdev", "/x/s.py" }, "/x/s.py" },
                { { "python3", "--", "s.py" }, "s.py" },
                { { "timeout", "9", "env", "A=1", "python3", "s.py" }, "s.py" },
                { { "python3", "-c", "x", "s.py" }, NULL },
                { { "python3", "-m", "mod" }, NULL },
                { { "python3", "-" }, NULL },
                { { "python3", "--", "-" }, NULL },
                { { "python3", "--", "" }, NULL },
                { { "python3" }, NULL },
                { { "python3", "-W" }, NULL },
                { { "python3", "--check-hash-based-pycs", "always", "s.py" }, NULL },
                { { "python3", "" }, NULL },
                { { "pythonx", "s.py" }, NULL },
                { { "perl", "s.pl" }, NULL },
                { { "env", "-C", "/", "python3", "s.py" }, NULL },
                { { "sh", "-c", "python3 s.py" }, NULL },
        };
        char tmpl[] = "/tmp/sbx-test-pyfile.XXXXXX", buf[SBX_RUN_SCRIPT_TEXT_SIZE], path[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        const char *text;
        size_t len = 0;
        FILE *f;
        (void) state;

        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                const char *r = sbx_run_python_file((char *const *) cases[i].argv);

                if (!r != !cases[i].want || (r && strcmp(r, cases[i].want) != 0))
                        fail_msg("case %zu (%s %s): %s", i, cases[i].argv[0], cases[i].argv[1] ? cases[i].argv[1] : "",
                                 r ? r : "(none)");
        }
        /* its text, relative to the directory it starts in; no regular file: none */
        assert_non_null(dir);
        snprintf(path, sizeof(path), "%s/s.py", dir);
        assert_non_null(f = fopen(path, "w"));
        fputs("o = open\n", f);
        fclose(f);
        /* (a reader that missed its 500 ms under a loaded sanitizer build read nothing: one of
         * three must answer, as for the start directory's reads) */
        text = NULL;
        for (int attempt = 0; attempt < 3 && !text; attempt++)
                text = sbx_run_python_file_text("s.py", dir, buf, &len);
        assert_non_null(text);
        assert_int_equal(len, 9);
        assert_string_equal(text, "o = open\n");
        assert_null(sbx_run_python_file_text(".", dir, buf, &len));
        assert_null(sbx_run_python_file_text("missing.py", dir, buf, &len));
        unlink(path);
        rmdir(dir);
        /* a reader killed at its deadline is left to be reaped (sbx run reaps the orphans of the
         * run): reaped here, or test_each_child_scan counts it */
        for (int i = 0; i < 100; i++) {
                pid_t w = waitpid(-1, NULL, WNOHANG);

                if (w < 0)
                        break;
                if (w == 0)
                        usleep(10 * 1000);
        }
}

/* The archive a zip writes (sbx_run_zip_output()), which its exit status 15 (ZE_CREAT) tells it
 * could not create, its lines on stdout: ZIPFILE, .zip added where its last component has no '.';
 * none where an option may move the output or is not read. Before, none was read: `zip -q
 * /var/tmp/d/x.zip f` in read-only mode read task_failure. */
static void test_zip_output(void **state) {
        static const struct target_row cases[] = {
                { { "zip", "x.zip", "f" }, "/w/x.zip" },
                { { "zip", "-qr", "/ro/a.zip", "d" }, "/ro/a.zip" },
                { { "zip", "x", "f" }, "/w/x.zip" },
                { { "zip", "d.v1/x", "f" }, "/w/d.v1/x.zip" },
                { { "zip", "x.tar", "f" }, "/w/x.tar" },
                { { "zip", "x.zip", "-r", "d", "-9" }, "/w/x.zip" },
                { { "zip", "-n", ".gz", "x.zip", "f" }, "/w/x.zip" },
                { { "timeout", "9", "zip", "-P", "pw", "/ro/x.zip", "f" }, "/ro/x.zip" },
                { { "env", "-C", "/ro", "zip", "x.zip", "f" }, "/ro/x.zip" },
                /* -TT's command and -lf's log file are no archive (review53: before, /w/true.zip
                 * and /w/log.txt) */
                { { "zip", "-q", "-T", "-TT", "true", "/ro/t.zip", "f" }, "/ro/t.zip" },
                { { "zip", "-q", "-lf", "log.txt", "/ro/t.zip", "f" }, "/ro/t.zip" },
                /* ... and ending a cluster (review54: before, /w/true.zip and /w/log.zip) */
                { { "zip", "-qTT", "true", "/ro/t.zip", "f" }, "/ro/t.zip" },
                { { "zip", "-rqlf", "log", "/ro/t.zip", "f" }, "/ro/t.zip" },
                /* ... their argument the rest of the cluster where something follows them, -ll
                 * read before -lf (zip's `-TTq true t.zip` writes true.zip, `-llf` is -ll -f) */
                { { "zip", "-TTq", "true", "/ro/t.zip", "f" }, "/w/true.zip" },
                { { "zip", "-qlfq", "log", "/ro/t.zip", "f" }, "/w/log.zip" },
                { { "zip", "-llf", "/ro/t.zip", "f" }, "/ro/t.zip" },
                { { "zip", "-lllf", "log", "/ro/t.zip", "f" }, "/ro/t.zip" },
                { { "zip", "-qTT" }, NULL },
                /* -x's and -i's lists after the archive (review53: before, none) */
                { { "zip", "x.zip", "f", "-x", "*.o" }, "/w/x.zip" },
                { { "zip", "-r", "x.zip", ".", "-x", "*.git*", "-q" }, "/w/x.zip" },
                { { "zip", "x.zip", "-i", "*.c", "-x", "a" }, "/w/x.zip" },
                /* stdout, an option that moves the output or prompts, a list, a long option */
                { { "zip", "-", "f" }, NULL },
                { { "zip", "-b", "/tmp", "x.zip", "f" }, NULL },
                { { "zip", "-O", "/ro/y.zip", "x.zip", "f" }, NULL },
                { { "zip", "-e", "x.zip", "f" }, NULL },
                { { "zip", "-c", "x.zip", "f" }, NULL },
                { { "zip", "-x", "*.o", "@", "x.zip", "f" }, NULL },
                { { "zip", "--quiet", "x.zip", "f" }, NULL },
                { { "zip", "-n" }, NULL },
                { { "zip" }, NULL },
                { { "zip", "d/", "f" }, NULL },
                { { "unzip", "x.zip" }, NULL },
                { { "gzip", "x" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_zip_output);
}

/* The build log a ninja writes (sbx_run_ninja_log()), which its exit status 1 with no line at all
 * tells it could not write, its lines on stdout: .ninja_log in its (last) -C DIR or where it starts; none
 * where it builds nothing (-n, a tool, help) or an option is not read. Before, none was read:
 * `ninja` of a build in the workspace in read-only mode read task_failure. */
static void test_ninja_log(void **state) {
        static const struct target_row cases[] = {
                { { "ninja" }, "/w/.ninja_log" },
                { { "ninja", "-C", "/ro/b" }, "/ro/b/.ninja_log" },
                { { "ninja", "-Cb", "all" }, "/w/b/.ninja_log" },
                { { "ninja", "-C", "./b/." }, "/w/b/.ninja_log" },
                { { "ninja", "-C", "." }, "/w/.ninja_log" },
                { { "ninja", "-v", "-j", "4", "-C", "b", "t" }, "/w/b/.ninja_log" },
                { { "ninja", "-k0", "-l", "2", "-C", "b" }, "/w/b/.ninja_log" },
                { { "ninja", "-j4", "-f", "other.ninja", "--verbose" }, "/w/.ninja_log" },
                { { "ninja", "-d", "explain", "--", "-t" }, "/w/.ninja_log" },
                { { "env", "-C", "/ro", "ninja", "-w", "dupbuild=err" }, "/ro/.ninja_log" },
                { { "nice", "ninja", "-C", "/" }, "/.ninja_log" },
                /* several -C: the last, from the start (review55: before, none) */
                { { "ninja", "-C", "a", "-C", "b" }, "/w/b/.ninja_log" },
                { { "ninja", "-C/ro", "-v", "-C", "b", "t" }, "/w/b/.ninja_log" },
                { { "ninja", "-C", "a", "-C", "" }, NULL },
                /* nothing built, a tool, help, an empty -C, an option not read, another program */
                { { "ninja", "-n" }, NULL },
                { { "ninja", "-t", "clean" }, NULL },
                { { "ninja", "-vt", "targets" }, NULL },
                { { "ninja", "-h" }, NULL },
                { { "ninja", "--version" }, NULL },
                { { "ninja", "-d", "list" }, NULL },
                { { "ninja", "-C", "" }, NULL },
                { { "ninja", "-C" }, NULL },
                { { "ninja", "-x" }, NULL },
                { { "samu" }, NULL },
                { { "make" }, NULL },
                /* meson compile of a directory without a build.ninja the host lets the user read
                 * (/w: none), whose error meson prints on stdout, and options not read */
                { { "meson", "compile" }, NULL },
                { { "meson", "compile", "--clean" }, NULL },
                { { "meson", "compile", "--ninja-args=-n" }, NULL },
                { { "meson", "compile", "-C", "a", "-C", "b" }, NULL },
                { { "meson", "compile", "-C" }, NULL },
                { { "meson", "setup", "b" }, NULL },
                { { "meson", "test", "-C", "b" }, NULL },
                { { "meson" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_ninja_log);
}

/* The __pycache__ directory a python -m compileall makes first (sbx_run_compileall_dir()), which
 * its exit status 1 with no line at all tells it could not make, its lines on stdout: its first
 * DIR's, or its first FILE's directory's; none where it reads sys.path or an option is not read.
 * Before, none was read: `python3 -m compileall -q DIR` of a directory outside the workspace read
 * task_failure. */
static void test_compileall_dir(void **state) {
        static const struct target_row cases[] = {
                { { "python3", "-m", "compileall", "-q", "pkg" }, "/w/pkg/__pycache__" },
                { { "python3.11", "-mcompileall", "/ro/lib" }, "/ro/lib/__pycache__" },
                { { "python", "-B", "-m", "compileall", "-fj", "0", "m.py" }, NULL },
                { { "python", "-B", "-m", "compileall", "-j", "0", "m.py" }, "/w/__pycache__" },
                { { "python3", "-m", "compileall", "-qq", "-x", "tests", "/ro/a/b.py" }, "/ro/a/__pycache__" },
                { { "python3", "-m", "compileall", "-d", "/usr/lib", "-r3", "src" }, NULL },
                { { "python3", "-m", "compileall", "-d", "/usr/lib", "src" }, "/w/src/__pycache__" },
                { { "python3", "-m", "compileall", "/x.py" }, "/__pycache__" },
                { { "env", "-C", "/ro", "python3", "-m", "compileall", "." }, "/ro/__pycache__" },
                /* -b: the .pyc beside its source, the directory itself (left56: none) */
                { { "python3", "-m", "compileall", "-b", "pkg" }, "/w/pkg" },
                { { "python3", "-m", "compileall", "-qb", "/ro/a/b.py" }, "/ro/a" },
                /* sys.path, -b, -i, a long option, another module, another program */
                { { "python3", "-m", "compileall" }, NULL },
                { { "python3", "-m", "compileall", "-i", "list.txt" }, NULL },
                { { "python3", "-m", "compileall", "--hardlink-dupes", "pkg" }, NULL },
                { { "python3", "-m", "py_compile", "m.py" }, NULL },
                { { "python3", "-c", "import compileall", "pkg" }, NULL },
                { { "python3", "-m" }, NULL },
                { { "pythonista", "-m", "compileall", "pkg" }, NULL },
                { { "pip", "install", "pkg" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_compileall_dir);
        {
                /* the others' after the first, in order (sbx_run_compileall_dirs(); left56: none,
                 * `compileall a b` read a's alone) */
                static const struct {
                        const char *argv[10];
                        const char *first, *later; /* later: NUL-separated, "" none */
                        size_t later_len;
                } rows[] = {
                        { { "python3", "-m", "compileall", "-q", "a", "/ro/b" }, "/w/a/__pycache__", "/ro/b/__pycache__", 17 },
                        { { "python3", "-m", "compileall", "-b", "a", "-x", "t", "m.py", "/ro/c.py" }, "/w/a",
                          "/w\0/ro", 6 },
                        { { "python3", "-m", "compileall", "a" }, "/w/a/__pycache__", "", 0 },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                        struct sbx_run_words cw = { 0 };
                        char dir[PATH_MAX], out[PATH_MAX], later[PATH_MAX];
                        char *const *words = sbx_run_command_words((char *const *) rows[i].argv, "/w", dir, &cw);
                        int r = words ? sbx_run_compileall_dirs(words, dir, out, sizeof(out), later, sizeof(later)) : 0;

                        sbx_run_words_clear(&cw);
                        if (r != 1 || strcmp(out, rows[i].first) != 0 || memcmp(later, rows[i].later, rows[i].later_len) != 0 ||
                            later[rows[i].later_len] != '\0' || (rows[i].later_len && later[rows[i].later_len + 1] != '\0'))
                                fail_msg("dirs row %zu: %d %s %s", i, r, out, later);
                }
        }
}

/* The targets compileall certainly tries writing a .pyc of (sbx_run_compileall_tried_dirs()): an
 * empty .py, the target or a directory's __init__.py, its .pyc not found current. Before, every
 * target was read, and a syntax error of a source (stdout alone, exit 1, nothing written) in
 * read-only read a denial of its __pycache__ (readers58). */
static void test_compileall_tried(void **state) {
        char tmpl[] = "/tmp/sbx-test-pyc.XXXXXX", p[PATH_MAX], out[PATH_MAX], later[PATH_MAX], want[PATH_MAX];
        char *dir;
        static const char *const files[][2] = {
                { "bad/m.py", "def f(:\n" }, { "pkg/__init__.py", "" }, { "pkg/m.py", "def f(:\n" },
                { "full/__init__.py", "x = 1\n" }, { "cur/__init__.py", "" }, { "cur/__pycache__/x", "" },
                { "leg/__init__.py", "" }, { "legc/__init__.py", "" }, { "legc/__init__.pyc", "" },
                { "one/e.py", "" }, { "one/f.py", "x = 1\n" }, { "shut/__init__.py", "" },
        };
        static const struct {
                const char *argv[9];
                const char *first, *later; /* relative to the directory; NULL: none read */
        } rows[] = {
                /* a syntax error alone: nothing proves a write was tried */
                { { "python3", "-m", "compileall", "-q", "bad" }, NULL, NULL },
                { { "python3", "-m", "compileall", "-q", "pkg" }, "pkg/__pycache__", "" },
                { { "python3", "-m", "compileall", "full" }, NULL, NULL },
                /* a __pycache__ there may hold its .pyc current; -f writes it all the same */
                { { "python3", "-m", "compileall", "cur" }, NULL, NULL },
                { { "python3", "-m", "compileall", "-qf", "cur" }, "cur/__pycache__", "" },
                { { "python3", "-m", "compileall", "-b", "leg" }, "leg", "" },
                { { "python3", "-m", "compileall", "-b", "legc" }, NULL, NULL },
                { { "python3", "-m", "compileall", "-b", "-f", "legc" }, "legc", "" },
                /* a file target: that file itself */
                { { "python3", "-m", "compileall", "one/f.py" }, NULL, NULL },
                { { "python3", "-m", "compileall", "one/e.py" }, "one/__pycache__", "" },
                /* the first proven target first, then the others proven */
                { { "python3", "-m", "compileall", "bad", "pkg", "full", "one/e.py" }, "pkg/__pycache__",
                  "one/__pycache__" },
                /* -x's expression may leave it out; a source the user may not read */
                { { "python3", "-m", "compileall", "-x", "zz", "pkg" }, NULL, NULL },
                { { "python3", "-m", "compileall", "shut" }, NULL, NULL },
                { { "python3", "-m", "compileall", "missing" }, NULL, NULL },
        };

        (void) state;
        dir = scratch_files(tmpl, files, SBX_ELEMENTSOF(files));
        /* (a source python may not read: as root, who keeps no capability in the sandbox, its
         * mode bits alone tell; as another user, access(2)) */
        (void) snprintf(p, sizeof(p), "%s/shut/__init__.py", dir);
        assert_int_equal(chmod(p, 0), 0);
        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_run_words cw = { 0 };
                char wd[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) rows[i].argv, dir, wd, &cw);
                int r = words ? sbx_run_compileall_tried_dirs(words, wd, out, sizeof(out), later, sizeof(later)) : -1;

                sbx_run_words_clear(&cw);
                if (!rows[i].first) {
                        if (r != 0)
                                fail_msg("row %zu: %d %s", i, r, out);
                        continue;
                }
                (void) snprintf(want, sizeof(want), "%s/%s", dir, rows[i].first);
                if (r != 1 || strcmp(out, want) != 0)
                        fail_msg("row %zu: %d %s, not %s", i, r, out, want);
                (void) snprintf(want, sizeof(want), "%s%s%s", rows[i].later[0] ? dir : "", rows[i].later[0] ? "/" : "",
                                rows[i].later);
                if (strcmp(later, want) != 0 || (later[0] && later[strlen(later) + 1] != '\0'))
                        fail_msg("row %zu: later %s, not %s", i, later, want);
        }
        /* (the chain's: `cd D && compileall .`) */
        {
                char *const argv[] = { (char *) "sh", (char *) "-c", (char *) "cd pkg && python3 -m compileall -q .",
                                       NULL };
                char *const bad[] = { (char *) "sh", (char *) "-c", (char *) "cd bad && python3 -m compileall -q .",
                                      NULL };

                (void) snprintf(want, sizeof(want), "%s/pkg/__pycache__", dir);
                assert_int_equal(sbx_run_chain_cd_read(argv, dir, SBX_RUN_DEV_UNKNOWN, sbx_run_compileall_tried_dir,
                                                       out, sizeof(out)), 1);
                assert_string_equal(out, want);
                assert_int_equal(sbx_run_chain_cd_read(bad, dir, SBX_RUN_DEV_UNKNOWN, sbx_run_compileall_tried_dir,
                                                       out, sizeof(out)), 0);
        }
}

/* The file of a chattr -f (sbx_run_chattr_silent_file()): one file after modes of the flags every
 * file system with flags has, -f among its options; and whether the host lets the user set those
 * flags (sbx_run_host_flags_settable()). Before, none was read: `chattr -f +d F` of a file the
 * sandbox refused read task_failure (readers58). */
static void test_chattr_silent_file(void **state) {
        static const struct {
                const char *argv[7];
                const char *want;
        } rows[] = {
                { { "chattr", "-f", "+i", "f" }, "/w/f" },
                { { "chattr", "-fV", "+d", "-A", "/x/f" }, "/x/f" },
                { { "env", "chattr", "+a", "-f", "--", "d/-g" }, "/w/d/-g" },
                { { "chattr", "-fi", "f" }, "/w/f" },
                { { "chattr", "+d", "f" }, NULL },
                { { "chattr", "-f", "f" }, NULL },
                { { "chattr", "-fR", "+d", "f" }, NULL },
                { { "chattr", "-f", "+e", "f" }, NULL },
                { { "chattr", "-f", "-v", "1", "+d", "f" }, NULL },
                { { "chattr", "-f", "+d", "f", "g" }, NULL },
                { { "lsattr", "-f", "+d", "f" }, NULL },
        };
        char tmpl[] = "/tmp/sbx-test-flags.XXXXXX", p[PATH_MAX], l[PATH_MAX], out[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        int fd, flags = 0;
        bool has;

        (void) state;
        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_run_words cw = { 0 };
                char wd[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) rows[i].argv, "/w", wd, &cw);
                int r = words ? sbx_run_chattr_silent_file(words, wd, out, sizeof(out)) : -1;

                sbx_run_words_clear(&cw);
                if (r != (rows[i].want ? 1 : 0) || (rows[i].want && strcmp(out, rows[i].want) != 0))
                        fail_msg("row %zu: %d %s", i, r, r == 1 ? out : "");
        }
        assert_non_null(dir);
        assert_true(strlen(dir) < sizeof(script_dir));
        memcpy(script_dir, dir, strlen(dir) + 1);
        (void) snprintf(p, sizeof(p), "%s/f", dir);
        (void) snprintf(l, sizeof(l), "%s/l", dir);
        assert_true((fd = open(p, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) >= 0);
        has = ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
        assert_int_equal(close(fd), 0);
        assert_int_equal(symlink("f", l), 0);
        /* a link, a missing file, a relative name: never */
        assert_false(sbx_run_host_flags_settable(l, false));
        (void) snprintf(out, sizeof(out), "%s/missing", dir);
        assert_false(sbx_run_host_flags_settable(out, false));
        assert_false(sbx_run_host_flags_settable("f", false));
        /* the user's own file, where its file system has flags; i or a: root's alone */
        if (!has) {
                print_message("# no flags on %s's file system: its rows left out\n", dir);
                return;
        }
        assert_true(sbx_run_host_flags_settable(p, false));
        assert_true(sbx_run_host_flags_settable(dir, false));
        assert_int_equal(sbx_run_host_flags_settable(p, true), geteuid() == 0);
}

/* Whether a chattr changes the immutable or append-only flag (sbx_run_chattr_capability()): i or
 * a in a + or = mode before its files, which only CAP_LINUX_IMMUTABLE may change (left56: not
 * read); not a - mode's, which changes nothing of a file without the flag (review57: before, read
 * so, and nobody's refused `chattr -i f` of its own f read task_failure). */
static void test_chattr_capability(void **state) {
        static const struct {
                const char *argv[6];
                bool want;
        } rows[] = {
                { { "chattr", "+i", "f" }, true },
                { { "chattr", "-f", "+a", "f" }, true },
                { { "chattr", "-i", "=a", "f" }, true },
                { { "chattr", "-R", "=ei", "d" }, true },
                { { "env", "chattr", "-v", "1", "+a", "f" }, true },
                { { "chattr", "+d", "f" }, false },
                { { "chattr", "-f", "-a", "f" }, false },
                { { "chattr", "-ia", "f" }, false },
                { { "chattr", "-R", "-i", "+d", "f" }, false },
                { { "chattr", "-fR", "+A", "ia" }, false },
                { { "chattr", "-p", "a", "+e", "f" }, false },
                { { "chattr", "--", "+i" }, false },
                { { "lsattr", "+i" }, false },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) rows[i].argv, "/w", dir, &cw);
                bool r = words && sbx_run_chattr_capability(words, dir);

                sbx_run_words_clear(&cw);
                if (r != rows[i].want)
                        fail_msg("row %zu (%s %s): %d", i, rows[i].argv[1], rows[i].argv[2], r);
        }
}

/* Whether a GNU tar extracts replacing old files (sbx_run_tar_replaces()): x, --extract, --get,
 * old style or not, and none of -k, --keep-old-files, --skip-old-files, --keep-newer-files (nor
 * their abbreviations), no TAR_OPTIONS assigned before it (tar60: none read, `tar xf a.tar` over
 * workspace files in read-only mode read task_failure). */
static void test_tar_replaces(void **state) {
        static const struct {
                const char *argv[7];
                bool want;
        } rows[] = {
                { { "tar", "xf", "a.tar" }, true },
                { { "tar", "-xf", "a.tar" }, true },
                { { "tar", "-C", "d", "-x", "-f", "a.tar" }, true },
                { { "tar", "--extract", "--file=a.tar", "-v" }, true },
                { { "tar", "--get", "-f", "a.tar", "m" }, true },
                { { "/usr/bin/tar", "-zxvf", "a.tgz" }, true },
                { { "env", "tar", "xf", "a.tar" }, true },
                /* keeping old files */
                { { "tar", "xkf", "a.tar" }, false },
                { { "tar", "-xkf", "a.tar" }, false },
                { { "tar", "-xf", "a.tar", "-k" }, false },
                { { "tar", "-xf", "a.tar", "--keep-old-files" }, false },
                { { "tar", "-xf", "a.tar", "--skip-old-files" }, false },
                { { "tar", "-xf", "a.tar", "--keep-newer-files" }, false },
                { { "tar", "-xf", "a.tar", "--keep-old" }, false },
                { { "env", "TAR_OPTIONS=-k", "tar", "-xf", "a.tar" }, false },
                /* no extraction: a file named x, a listing, a creation, another program */
                { { "tar", "-tf", "x" }, false },
                { { "tar", "-cf", "a.tar", "x" }, false },
                { { "tar", "-fx", "-t" }, false },
                { { "tar", "--exclude=x", "-tf", "a.tar" }, false },
                { { "bsdtar", "xf", "a.tar" }, false },
                { { "tar", "-tf", "a.tar", "--", "-x" }, false },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) rows[i].argv, "/w", dir, &cw);
                bool r = words && sbx_run_tar_replaces(words, dir);

                sbx_run_words_clear(&cw);
                if (r != rows[i].want)
                        fail_msg("row %zu (%s %s): %d", i, rows[i].argv[1], rows[i].argv[2], r);
        }
}

/* The file an iconv writes (sbx_run_iconv_output()): its -o FILE, which glibc's iconv names on no
 * line ("iconv: cannot open output file: E"). Before, none was read: as nobody, `iconv -o
 * ROOTDIR/f in` read denied with no name, the host's refusal too (mine54). */
static void test_iconv_output(void **state) {
        static const struct target_row cases[] = {
                { { "iconv", "-f", "utf-8", "-tlatin1", "-o", "out.txt", "in.txt" }, "/w/out.txt" },
                { { "iconv", "-futf-8", "-tlatin1", "-oout", "in" }, "/w/out" },
                { { "/usr/bin/iconv", "-cs", "--from-code=utf-8", "--to-code", "latin1", "--output=/ro/o", "in" }, "/ro/o" },
                { { "iconv", "--output", "/ro/o", "--verbose", "--", "-o" }, "/ro/o" },
                { { "iconv", "-co", "/ro/o" }, "/ro/o" },
                { { "env", "-C", "/ro", "iconv", "-o", "o", "in" }, "/ro/o" },
                /* the last of several -o, as iconv takes them (review55: before, none) */
                { { "iconv", "-o", "a", "-o", "b", "in.txt" }, "/w/b" },
                { { "iconv", "--output=-", "in.txt", "-o/ro/o" }, "/ro/o" },
                /* stdout ("-" too, the last one), a listing, help, an option not known,
                 * another program */
                { { "iconv", "-f", "utf-8", "-t", "latin1", "in.txt" }, NULL },
                { { "iconv", "-o", "-", "in.txt" }, NULL },
                { { "iconv", "-o", "a", "--output", "-", "in.txt" }, NULL },
                { { "iconv", "-l" }, NULL },
                { { "iconv", "--list" }, NULL },
                { { "iconv", "--help" }, NULL },
                { { "iconv", "-x", "-o", "o" }, NULL },
                { { "iconv", "-o" }, NULL },
                { { "uconv", "-o", "o" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_iconv_output);
}

/* The archive a 7-Zip or a jar writes (sbx_run_archive_output()), which their lines of it do not
 * name on the errno's (strange56: before, none read, `7zz a /x/a.7z f` and `jar cf /x/a.jar f`
 * denied naming none). */
static void test_archive_output(void **state) {
        static const struct target_row cases[] = {
                { { "7zz", "a", "/ro/a.7z", "f" }, "/ro/a.7z" },
                { { "7z", "-bd", "u", "-tzip", "a.zip", "f" }, "/w/a.zip" },
                { { "/usr/bin/7za", "d", "a.7z", "f" }, "/w/a.7z" },
                { { "env", "-C", "/ro", "7zz", "rn", "a.7z", "f", "g" }, "/ro/a.7z" },
                /* jar's temporary file in the archive's directory, the one whose IOException it
                 * prints (tools57: before, the archive): c's FILE's name and digits, .tmp.jar;
                 * u's jartmp, digits, .tmp */
                { { "jar", "cf", "/ro/a.jar", "f" }, "/ro/a.jarXXXXXXXXXX.tmp.jar" },
                { { "jar", "-cvfm", "a.jar", "m.txt", "f" }, "/w/a.jarXXXXXXXXXX.tmp.jar" },
                { { "jar", "umf", "m.txt", "d/a.jar", "f" }, "/w/d/jartmpXXXXXXXXXX.tmp" },
                { { "jar", "--create", "--file=/ro/a.jar", "f" }, "/ro/a.jarXXXXXXXXXX.tmp.jar" },
                { { "jar", "-c", "-f", "a.jar", "f" }, "/w/a.jarXXXXXXXXXX.tmp.jar" },
                { { "jar", "--update", "--verbose", "--file", "a.jar", "f" }, "/w/jartmpXXXXXXXXXX.tmp" },
                /* extraction, a listing, stdout or stdin, volumes, another working directory,
                 * no archive; jar's t and x, no f, an option not read; another program */
                { { "7zz", "x", "a.7z" }, NULL },
                { { "7zz", "l", "a.7z" }, NULL },
                /* (tools57: before, none with -si, -v, -w) stdin archived under the name given;
                 * the first volume, made as NAME.001.tmp; -w DIR's temporary file, /tmp's for -w
                 * alone, DIR joined to the start; .7z added to a name without an extension */
                { { "7zz", "a", "-si", "/ro/a.7z" }, "/ro/a.7z" },
                { { "7zz", "a", "-v1m", "a.7z", "f" }, "/w/a.7z.001.tmp" },
                { { "7zz", "a", "-w/tmp/", "a.7z", "f" }, "/tmp/a.7z.tmp" },
                { { "7zz", "a", "-wt", "/ro/a.7z", "f" }, "/w/t/a.7z.tmp" },
                { { "7zz", "a", "-w", "/ro/a.7z", "f" }, "/tmp/a.7z.tmp" },
                /* ... switches after the names too (review58: before, the archive itself) */
                { { "7zz", "a", "/ro/a.7z", "f", "-w/tmp" }, "/tmp/a.7z.tmp" },
                { { "7zz", "a", "a.7z", "f", "g", "-v1k" }, "/w/a.7z.001.tmp" },
                { { "7zz", "a", "/ro/a.7z", "f", "-so" }, NULL },
                { { "7zz", "a", "a.7z", "--", "-w/tmp" }, "/w/a.7z" },
                { { "7zz", "a", "/ro/a", "f" }, "/ro/a.7z" },
                { { "7zz", "a", "-so", "a.7z", "f" }, NULL },
                { { "7zz", "a", "-w/tmp", "-wo", "a.7z", "f" }, NULL },
                { { "7zz", "a", "-tzip", "/ro/a", "f" }, NULL },
                { { "7zz", "a", "-saa", "/ro/a.7z", "f" }, NULL },
                { { "7zz", "a" }, NULL },
                { { "jar", "tf", "a.jar" }, NULL },
                { { "jar", "xf", "a.jar" }, NULL },
                { { "jar", "c", "f" }, NULL },
                { { "jar", "cf" }, NULL },
                { { "jar", "cuf", "a.jar", "f" }, NULL },
                { { "jar", "cf", "aj", "f" }, NULL },
                { { "jar", "--create", "--main-class", "M", "--file=a.jar" }, NULL },
                { { "zip", "a.zip", "f" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_archive_output);
}

/* reader's answer of words (in /w): want, or none where want is NULL */
static void reader_gives(int (*reader)(char *const *words, const char *cwd, char *out, size_t size), char *const *words,
                         const char *want) {
        char out[PATH_MAX];

        assert_int_equal(reader(words, "/w", out, sizeof(out)), want ? 1 : 0);
        if (want)
                assert_string_equal(out, want);
}

/* sbx_run_archive_files() gives in one reading what the two readers give: the file, and what
 * is moved onto ("" for nothing) */
static void archive_files_give(char *const *words, const char *file, const char *moved) {
        char out[PATH_MAX], onto[PATH_MAX];

        assert_int_equal(sbx_run_archive_files(words, "/w", out, sizeof(out), onto, sizeof(onto)), 1);
        assert_string_equal(out, file);
        assert_string_equal(onto, moved ? moved : "");
        reader_gives(sbx_run_archive_output, words, file);
        reader_gives(sbx_run_archive_moved_to, words, moved);
}

/* 7-Zip rewrites an archive the host has as NAME.tmp beside it, the first of NAME.tmp, NAME.tmp1,
 * ... the host has not (O_EXCL), and moves that onto the archive (sbx_run_archive_output(),
 * sbx_run_archive_moved_to()): tools57, before, the archive itself was read, `7zz a /x/e.7z f` of
 * an e.7z there recorded e.7z where e.7z.tmp was refused. A new archive is opened as named, no
 * move; -w DIR's and -v's temporary files are moved onto the archive, the first volume. */
static void test_archive_output_tmp(void **state) {
        char tmpl[] = "/tmp/test-run-exec-7z.XXXXXX", arc[PATH_MAX], want[PATH_MAX + 16];
        char *dir = mkdtemp(tmpl);
        int fd;

        (void) state;
        assert_non_null(dir);
        (void) snprintf(arc, sizeof(arc), "%s/e.7z", dir);
        char *words[] = { (char *) "7zz", (char *) "a", arc, (char *) "f", NULL };
        char *work[] = { (char *) "7zz", (char *) "a", (char *) "-w/tmp", arc, (char *) "f", NULL };
        char *vol[] = { (char *) "7zz", (char *) "a", (char *) "-v1k", arc, (char *) "f", NULL };

        /* a new archive: itself, nothing moved onto it */
        archive_files_give(words, arc, NULL);
        reader_gives(sbx_run_archive_moved_to, work, arc);
        (void) snprintf(want, sizeof(want), "%s.001", arc);
        reader_gives(sbx_run_archive_moved_to, vol, want);
        /* the host has it: NAME.tmp, moved onto it */
        assert_true((fd = open(arc, O_WRONLY | O_CREAT | O_CLOEXEC, 0600)) >= 0);
        close(fd);
        (void) snprintf(want, sizeof(want), "%s.tmp", arc);
        archive_files_give(words, want, arc);
        /* ... NAME.tmp there too: NAME.tmp1 */
        assert_true((fd = open(want, O_WRONLY | O_CREAT | O_CLOEXEC, 0600)) >= 0);
        close(fd);
        (void) snprintf(want, sizeof(want), "%s.tmp1", arc);
        reader_gives(sbx_run_archive_output, words, want);
        (void) snprintf(want, sizeof(want), "%s.tmp", arc);
        assert_int_equal(unlink(want), 0);
        assert_int_equal(unlink(arc), 0);
        assert_int_equal(rmdir(dir), 0);
}

/* The directory a rustc makes (sbx_run_rustc_out_dir()): its --out-dir DIR, whose
 * "failed to find or create the directory specified by `--out-dir`" names none (mine56: before,
 * none read, task_failure), with -o too, which rustc makes it before it ignores it (review57:
 * before, none). Not with an @argfile, another program. */
static void test_rustc_out_dir(void **state) {
        static const struct target_row cases[] = {
                { { "rustc", "--out-dir", "o", "m.rs" }, "/w/o" },
                { { "/usr/bin/rustc", "--edition", "2021", "--out-dir=/ro/o", "m.rs" }, "/ro/o" },
                { { "rustc", "--out-dir", "a", "--out-dir", "b", "m.rs" }, "/w/b" },
                { { "env", "-C", "/ro", "rustc", "--out-dir", "o", "m.rs" }, "/ro/o" },
                { { "rustc", "m.rs" }, NULL },
                { { "rustc", "--out-dir", "o", "-o", "x", "m.rs" }, "/w/o" },
                { { "rustc", "-ox", "--out-dir", "o", "m.rs" }, "/w/o" },
                { { "rustc", "-o", "--out-dir", "m.rs" }, NULL },
                { { "rustc", "@args", "--out-dir", "o" }, NULL },
                { { "rustc", "m.rs", "--out-dir" }, NULL },
                { { "javac", "--out-dir", "o" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_rustc_out_dir);
}

/* The known_hosts file an ssh-keygen -R (or -H) rewrites (sbx_run_keygen_hosts()): its -f FILE,
 * whose copy's "mkstemp: E" names none (mine56: before, no path). */
static void test_keygen_hosts(void **state) {
        static const struct target_row cases[] = {
                { { "ssh-keygen", "-R", "host1", "-f", "known" }, "/w/known" },
                { { "ssh-keygen", "-f/ro/kh", "-Rhost1" }, "/ro/kh" },
                { { "/usr/bin/ssh-keygen", "-qH", "-f", "a", "-f", "/ro/kh" }, "/ro/kh" },
                { { "env", "-C", "/ro", "ssh-keygen", "-Rh", "-f", "kh" }, "/ro/kh" },
                /* no -f (the passwd file's home), another form, an operand, an option not
                 * known, another program */
                { { "ssh-keygen", "-R", "host1" }, NULL },
                { { "ssh-keygen", "-F", "host1", "-f", "kh" }, NULL },
                { { "ssh-keygen", "-t", "ed25519", "-f", "k" }, NULL },
                { { "ssh-keygen", "-R", "h", "-f", "kh", "x" }, NULL },
                { { "ssh-keygen", "-K", "-R", "h", "-f", "kh" }, NULL },
                { { "ssh-keygen", "-R", "h", "-f" }, NULL },
                { { "ssh-keygen", "--", "-R", "h", "-f", "kh" }, NULL },
                { { "ssh-keygenx", "-R", "h", "-f", "kh" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_keygen_hosts);
}

/* The directory an npm starts in, its project's (sbx_run_npm_dir()), whose silent exit status
 * 243 or 226 (its errno negated, --silent) tells a refused write: cwd or env -C's; none for
 * another program or a prefix elsewhere. Before, none was read: `npm install --silent` in
 * read-only mode read task_failure. */
/* sbx_run_npm_dir() as 1 where it read a directory (2: its --prefix's) */
static int npm_dir_read(char *const *words, const char *cwd, char *out, size_t size) {
        int r = sbx_run_npm_dir(words, cwd, out, size);

        return r > 0 ? 1 : r;
}

static void test_npm_dir(void **state) {
        static const struct target_row cases[] = {
                { { "npm", "install", "--silent" }, "/w" },
                { { "/usr/bin/npm", "ci", "-s" }, "/w" },
                { { "env", "-C", "/ro/app", "npm", "i" }, "/ro/app" },
                { { "npm", "i", "--", "run" }, "/w" },
                /* a script's or a binary's status, npm's own (review56: before, `npm run b
                 * --silent` of `"b": "exit 226"` read denied) */
                { { "npx", "-y", "tsc" }, NULL },
                { { "sh", "-c", "npm run -s build" }, NULL },
                { { "npm", "run", "x", "--", "-g" }, NULL },
                { { "npm", "--silent", "test" }, NULL },
                { { "npm", "t" }, NULL },
                { { "npm", "start", "-s" }, NULL },
                { { "npm", "exec", "--", "tsc" }, NULL },
                { { "npm", "x", "tsc" }, NULL },
                { { "npm", "run-script", "b" }, NULL },
                { { "npm", "install-test" }, NULL },
                { { "npm", "i", "-g", "x" }, NULL },
                { { "npm", "i", "--global" }, NULL },
                { { "npm", "i", "--location=global" }, NULL },
                /* --prefix's or -C's directory, 2 (review56: before, none) */
                { { "npm", "--prefix", "/ro", "i" }, "/ro" },
                { { "npm", "-C", "/ro", "i" }, "/ro" },
                { { "npm", "i", "--prefix=app" }, "/w/app" },
                { { "npm", "i", "--prefix", "app", "--prefix", "b" }, NULL },
                { { "npm", "i", "--prefix=" }, NULL },
                { { "npm", "i", "--prefix" }, NULL },
                { { "npm", "-C/ro", "i" }, NULL },
                { { "npm", "-C", "/ro", "run", "x" }, NULL },
                { { "npmx", "i" }, NULL },
                { { "pnpm", "i" }, NULL },
        };
        (void) state;

        target_rows(cases, SBX_ELEMENTSOF(cases), npm_dir_read);
        /* 2 where a --prefix named it: read whatever sbx_run_start_dir() reads */
        {
                const char *const prefixed[] = { "npm", "--prefix", "/ro", "ci", NULL }, *const plain[] = { "npm", "ci", NULL };
                char out[PATH_MAX];

                assert_int_equal(sbx_run_npm_dir((char *const *) prefixed, "/w", out, sizeof(out)), 2);
                assert_int_equal(sbx_run_npm_dir((char *const *) plain, "/w", out, sizeof(out)), 1);
        }
}

/* Whether a project's package.json has a lifecycle script npm runs of its own, whose status npm
 * passes through (sbx_run_npm_scripts()): a key of its "scripts" alone, not a value, not another
 * object's key (review56: none read, `"postinstall": "exit 243"` read denied in workspace-write);
 * not pack's and publish's alone, nor where it declares a dependency npm fetches through its cache,
 * outside the project, nor where it was not all read (review57). */
static void test_npm_scripts(void **state) {
        char tmpl[] = "/tmp/sbx-test-npm.XXXXXX", p[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        static const struct {
                const char *text;
                bool scripts;
        } cases[] = {
                { "{\"name\":\"t\",\"scripts\":{\"postinstall\":\"exit 243\"}}", true },
                { "{\n  \"scripts\" : {\n    \"build\": \"tsc\",\n    \"prepare\": \"npm run build\"\n  }\n}\n", true },
                { "{\"scripts\":{\"a\":\"x\", \"preversion\":\"y\"}}", true },
                /* pack's and publish's alone: their npm writes its cache, outside the project */
                { "{\"scripts\":{\"a\":\"x\", \"prepack\":\"y\"}}", false },
                /* a dependency npm fetches through its cache (review57: before, true: a refused
                 * ~/.npm's silent 243 of `npm install --silent` read task_failure) */
                { "{\"scripts\":{\"postinstall\":\"x\"},\"dependencies\":{\"d\":\"file:../d.tgz\"}}", false },
                { "{\"devDependencies\" : { \"t\": \"1\" },\"scripts\":{\"prepare\":\"x\"}}", false },
                { "{\"scripts\":{\"install\":\"x\"},\"optionalDependencies\":{\"o\":\"1\"}}", false },
                { "{\"scripts\":{\"install\":\"x\"},\"workspaces\":[\"a\"]}", false },
                /* ... none to fetch, a key in another object, a script named dependencies */
                { "{\"dependencies\":{ },\"workspaces\":[],\"scripts\":{\"postinstall\":\"x\"}}", true },
                { "{\"x\":{\"dependencies\":{\"d\":\"1\"}},\"scripts\":{\"install\":\"x\"}}", true },
                { "{\"scripts\":{\"dependencies\":\"x\"}}", true },
                { "{\"scripts\":{\"b\":\"x\"},\"x\":{\"postinstall\":\"y\"}}", false },
                { "{\"scripts\":{\"postinstall\":\"x", false },
                { "{\"scripts\":{\"preinstall\":\"node a\"},\"version\":\"1.0.0\"}", true },
                { "{\"scripts\":{\"a\":\"exit 243\",\"b\":\"exit 226\"}}", false },
                { "{\"scripts\":{\"a\":\"install\",\"b\":\"x\\\"install\\\"\"}}", false },
                { "{\"scripts\":{\"test\":\"{ install }\"},\"dependencies\":{\"install\":\"1\"}}", false },
                { "{\"dependencies\":{\"install\":\"1\"},\"version\":\"1.0.0\"}", false },
                { "{\"name\":\"t\"}", false },
                { "", false },
        };
        (void) state;

        assert_non_null(dir);
        snprintf(p, sizeof(p), "%s/package.json", dir);
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                FILE *f = fopen(p, "w");

                assert_non_null(f);
                fputs(cases[i].text, f);
                fclose(f);
                if (sbx_run_npm_scripts(dir) != cases[i].scripts)
                        fail_msg("case %zu: %d", i, !cases[i].scripts);
        }
        /* one longer than what is read: its dependencies not known (review57) */
        {
                FILE *f = fopen(p, "w");

                assert_non_null(f);
                fputs("{\"scripts\":{\"postinstall\":\"x\"},\"description\":\"", f);
                for (size_t i = 0; i < PATH_MAX; i++)
                        fputc('a', f);
                fputs("\"}", f);
                fclose(f);
                assert_false(sbx_run_npm_scripts(dir));
        }
        remove(p);
        /* no package.json */
        assert_false(sbx_run_npm_scripts(dir));
        rmdir(dir);
}

/* The file a mktemp makes (sbx_run_mktemp_file()), which its exit status 1 with -q and no line
 * tells it could not make: its template, in -p DIR's, --tmpdir=DIR's or the command's $TMPDIR's
 * directory (/tmp without one) where asked or with no template, as coreutils places it (-t
 * prefers $TMPDIR); none where it makes nothing, refuses the template with a line, or an env sets
 * its own TMPDIR. Before, none was read: `mktemp -q` in read-only mode read task_failure. */
static void test_mktemp_file(void **state) {
        static const struct {
                const char *argv[8];
                const char *tmpdir, *want;
        } rows[] = {
                { { "mktemp", "-q" }, "", "/tmp/tmp.XXXXXXXXXX" },
                { { "mktemp", "-qd" }, "/var/tmp", "/var/tmp/tmp.XXXXXXXXXX" },
                { { "mktemp", "-q", "/ro/x.XXXXXX" }, "/var/tmp", "/ro/x.XXXXXX" },
                { { "mktemp", "-q", "sub/x.XXXXXX" }, NULL, "/w/sub/x.XXXXXX" },
                { { "env", "-i", "mktemp", "-q", "sub/x.XXXXXX" }, NULL, "/w/sub/x.XXXXXX" },
                { { "mktemp", "-q", "-p", "/ro", "x.XXX" }, "/var/tmp", "/ro/x.XXX" },
                { { "mktemp", "-qp/ro" }, "/var/tmp", "/ro/tmp.XXXXXXXXXX" },
                { { "mktemp", "-q", "-p", "", "x.XXX" }, "/var/tmp", "/var/tmp/x.XXX" },
                { { "mktemp", "-q", "-p", "", "x.XXX" }, "", "/tmp/x.XXX" },
                { { "mktemp", "-q", "-p", "d", "x.XXX" }, NULL, "/w/d/x.XXX" },
                { { "mktemp", "-q", "-t", "-p", "/ro", "x.XXX" }, "/var/tmp", "/var/tmp/x.XXX" },
                { { "mktemp", "-qt", "-p", "/ro", "x.XXX" }, "", "/ro/x.XXX" },
                { { "mktemp", "-q", "--tmpdir", "x.XXX" }, "/var/tmp", "/var/tmp/x.XXX" },
                { { "mktemp", "-q", "--tmpdir=/ro", "a/x.XXX" }, "/var/tmp", "/ro/a/x.XXX" },
                { { "mktemp", "-q", "--suffix=.c", "/ro/xXXX" }, NULL, "/ro/xXXX.c" },
                { { "mktemp", "-q", "--suffix", ".c", "--", "/ro/xXXX" }, NULL, "/ro/xXXX.c" },
                { { "mktemp", "/ro/x.XXX", "-q", "--directory" }, NULL, "/ro/x.XXX" },
                { { "env", "-C", "/ro", "mktemp", "-q", "x.XXX" }, NULL, "/ro/x.XXX" },
                /* makes nothing, prints, a template refused with a line, several, unknown */
                { { "mktemp", "-qu", "/ro/x.XXX" }, NULL, NULL },
                { { "mktemp", "--dry-run", "/ro/x.XXX" }, NULL, NULL },
                { { "mktemp", "--help" }, NULL, NULL },
                { { "mktemp", "-V" }, NULL, NULL },
                { { "mktemp", "-q", "-p", "/ro", "/abs/x.XXX" }, NULL, NULL },
                { { "mktemp", "-q", "-t", "a/x.XXX" }, NULL, NULL },
                { { "mktemp", "-q", "a.XXX", "b.XXX" }, NULL, NULL },
                { { "mktemp", "-q", "--", "a.XXX", "b.XXX" }, NULL, NULL },
                { { "mktemp", "-q", "--frob", "a.XXX" }, NULL, NULL },
                { { "mktemp", "-q", "-p" }, NULL, NULL },
                { { "mktemp", "-q", "" }, NULL, NULL },
                /* $TMPDIR's directory not known (the caller's NULL: a word names TMPDIR), an env
                 * that may change it, another program */
                { { "mktemp", "-q" }, NULL, NULL },
                { { "mktemp", "-qt", "-p", "/ro", "x.XXX" }, NULL, NULL },
                { { "env", "-u", "TMPDIR", "mktemp", "-q", "x.XXX", "--tmpdir" }, "/var/tmp", NULL },
                { { "env", "-i", "mktemp", "-q" }, "/var/tmp", NULL },
                { { "env", "TMPDIR=/a", "env", "-", "mktemp", "-q" }, NULL, NULL },
                { { "env", "-S", "TMPDIR=/a mktemp -q" }, NULL, NULL },
                /* an env's own TMPDIR=VALUE, whatever the caller's and the env's options (review56:
                 * before, none: `env TMPDIR=D mktemp -q` into a refused D read task_failure) */
                { { "env", "TMPDIR=/x", "mktemp", "-q" }, "/var/tmp", "/x/tmp.XXXXXXXXXX" },
                { { "env", "TMPDIR=/x", "mktemp", "-q" }, NULL, "/x/tmp.XXXXXXXXXX" },
                { { "env", "-i", "TMPDIR=/x", "mktemp", "-q", "-t", "a.XXX" }, NULL, "/x/a.XXX" },
                { { "nice", "env", "TMPDIR=d", "nice", "mktemp", "-q" }, NULL, "/w/d/tmp.XXXXXXXXXX" },
                { { "env", "-i", "env", "TMPDIR=/x", "mktemp", "-qd" }, NULL, "/x/tmp.XXXXXXXXXX" },
                { { "env", "TMPDIR=", "mktemp", "-q" }, "/var/tmp", "/tmp/tmp.XXXXXXXXXX" },
                { { "env", "LC_ALL=C", "mktemp", "-q" }, "/var/tmp", "/var/tmp/tmp.XXXXXXXXXX" },
                { { "env", "-C", "/ro", "TMPDIR=x", "mktemp", "-q" }, NULL, "/ro/x/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "env TMPDIR=/x mktemp -q" }, NULL, "/x/tmp.XXXXXXXXXX" },
                /* a shell's own assignment before it, as an env's (script56: before, none, `sh -c
                 * 'TMPDIR=D mktemp -q'` into a refused D read task_failure, both backends) */
                { { "sh", "-c", "TMPDIR=/x mktemp -q" }, NULL, "/x/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "TMPDIR=d LC_ALL=C mktemp -q -t a.XXX" }, NULL, "/w/d/a.XXX" },
                { { "sh", "-c", "LC_ALL=C mktemp -q" }, "/var/tmp", "/var/tmp/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "TMPDIR=/x env -u TMPDIR mktemp -q" }, "/var/tmp", NULL },
                /* ... and an outer shell's command's, before the shell it runs, inherited
                 * (mktemp57: before, none, `TMPDIR=D sh -c 'mktemp -q'` into a refused D read
                 * task_failure, both backends); the inner one's own wins; not past a wrapper or an
                 * env between them, which may clear it */
                { { "sh", "-c", "TMPDIR=/x sh -c 'mktemp -q'" }, NULL, "/x/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "TMPDIR=/x bash -c \"sh -c 'mktemp -qd'\"" }, NULL, "/x/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "TMPDIR=/x sh -c 'TMPDIR=/y mktemp -q'" }, NULL, "/y/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "TMPDIR=/x sh -c 'LC_ALL=C mktemp -q'" }, NULL, "/x/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "TMPDIR=/x env -i sh -c 'mktemp -q'" }, NULL, NULL },
                { { "sh", "-c", "TMPDIR=/x nice sh -c 'mktemp -q'" }, NULL, NULL },
                { { "sh", "-c", "TMPDIR=/x sh -c 'env -u TMPDIR mktemp -q'" }, "/var/tmp", NULL },
                /* ... with stdout sent to /dev/null, which changes none of its files (mktemp57:
                 * before, none, `mktemp -q -p D > /dev/null` of a refused D read task_failure);
                 * not stderr's, nor a file's, whose lines sbx would not see or whose write it is */
                { { "sh", "-c", "mktemp -q -p /ro > /dev/null" }, NULL, "/ro/tmp.XXXXXXXXXX" },
                { { "sh", "-c", ">/dev/null mktemp -q -p /ro" }, NULL, "/ro/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "mktemp -q -p /ro 1>/dev/null x.XXX" }, NULL, "/ro/x.XXX" },
                { { "sh", "-c", "mktemp -q -p /ro >> /dev/null" }, NULL, "/ro/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "mktemp -q -p /ro 2>/dev/null" }, NULL, NULL },
                { { "sh", "-c", "mktemp -q -p /ro &>/dev/null" }, NULL, NULL },
                { { "sh", "-c", "mktemp -q -p /ro >/dev/null 2>&1" }, NULL, NULL },
                { { "sh", "-c", "mktemp -q -p /ro > /dev/nullx" }, NULL, NULL },
                { { "sh", "-c", "mktemp -q -p /ro > f" }, NULL, NULL },
                { { "sh", "-c", "mktemp -q -p /ro >/dev/null;" }, NULL, NULL },
                /* ... as the one command whose output a script assigns (mktemp57: before, none,
                 * `f=$(mktemp -q -p D) || exit 1` of a refused D read task_failure); not where more
                 * follows, another status is given, or the substitution is no $(...) of its own */
                { { "sh", "-c", "f=$(mktemp -q -p /ro)" }, NULL, "/ro/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "f=\"$(mktemp -q -p /ro x.XXX)\" || exit" }, NULL, "/ro/x.XXX" },
                { { "sh", "-c", " f=$(TMPDIR=/x mktemp -q) ||   exit 1\n" }, NULL, "/x/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "TMPDIR=/x sh -c 'f=$(mktemp -q) || exit 1'" }, NULL, "/x/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "f=$(mktemp -q -p /ro) || exit 2" }, NULL, NULL },
                { { "sh", "-c", "f=$(mktemp -q -p /ro) || exit 12" }, NULL, NULL },
                { { "sh", "-c", "f=$(mktemp -q -p /ro) || echo no" }, NULL, NULL },
                /* (... but quiet commands, which fail with a line of their own: shell59, before
                 * none) */
                { { "sh", "-c", "f=$(mktemp -q -p /ro) && echo $f" }, NULL, "/ro/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "f=$(mktemp -q -p /ro) && cat $f" }, NULL, NULL },
                { { "sh", "-c", "f=$(mktemp -q -p /ro); exit 1" }, NULL, NULL },
                { { "sh", "-c", "f=$(mktemp -q -p /ro) x=1" }, NULL, NULL },
                { { "sh", "-c", "f=\"$(mktemp -q -p /ro)" }, NULL, NULL },
                { { "sh", "-c", "f=$((1 + 2))" }, NULL, NULL },
                { { "sh", "-c", "f=x$(mktemp -q -p /ro)" }, NULL, NULL },
                { { "sh", "-c", "f=`mktemp -q -p /ro`" }, NULL, NULL },
                /* past a leading `set -e` (set_lead()), as start_dir() reads it (shell60: before,
                 * none, `set -e; mktemp -q -p D` of a refused D read task_failure); not another
                 * set, nor a second command */
                { { "sh", "-c", "set -e; mktemp -q -p /ro" }, NULL, "/ro/tmp.XXXXXXXXXX" },
                { { "bash", "-c", "set -euo pipefail\nmktemp -q -p /ro x.XXX" }, NULL, "/ro/x.XXX" },
                { { "sh", "-c", "set -e && f=$(mktemp -q -p /ro) || exit 1" }, NULL, "/ro/tmp.XXXXXXXXXX" },
                { { "sh", "-c", "set -x; mktemp -q -p /ro" }, NULL, NULL },
                { { "sh", "-c", "set -e; true; mktemp -q -p /ro" }, NULL, NULL },
                { { "sh", "-c", "set -e; mktemp -q -p /ro; true" }, NULL, NULL },
                { { "mkdir", "-p", "/ro/x" }, NULL, NULL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_run_words cw = { 0 };
                char dir[PATH_MAX], out[PATH_MAX];
                char *const *words = sbx_run_command_words((char *const *) rows[i].argv, "/w", dir, &cw);
                char **assigned = sbx_run_words_assigned(&cw, words);
                int r = words ? sbx_run_mktemp_file(assigned ? assigned : words, dir, rows[i].tmpdir, out, sizeof(out))
                              : 0;

                free(assigned);
                sbx_run_words_clear(&cw);
                if (r != (rows[i].want ? 1 : 0))
                        fail_msg("case %zu (%s %s %s): %d", i, rows[i].argv[0], rows[i].argv[1], rows[i].argv[2], r);
                if (r == 1)
                        assert_string_equal(out, rows[i].want);
        }
        /* `|| exit 1` after the substitution: a status no longer the command's (status_one), at
         * any depth; `|| exit` and none pass it on */
        {
                static const struct {
                        const char *script;
                        bool one;
                } subs[] = {
                        { "f=$(mktemp -q) || exit 1", true },
                        { "sh -c 'f=$(mktemp -q) || exit 1'", true },
                        { "f=$(sh -c 'mktemp -q') || exit 1", true },
                        { "f=$(mktemp -q) || exit", false },
                        { "f=$(mktemp -q)", false },
                        { "mktemp -q", false },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(subs); i++) {
                        const char *argv[] = { "sh", "-c", subs[i].script, NULL };
                        struct sbx_run_words cw = { 0 };
                        char dir[PATH_MAX];

                        assert_non_null(sbx_run_command_words((char *const *) argv, "/w", dir, &cw));
                        if (cw.status_one != subs[i].one)
                                fail_msg("substitution %zu (%s): %d", i, subs[i].script, cw.status_one);
                        sbx_run_words_clear(&cw);
                }
        }
}

/* The silent statuses' files and iconv's output of a shell's `cd DIR && CMD`
 * (sbx_run_chain_cd_read()), DIR joined to sbx's directory, the command's own -C its reader's; not
 * where a command follows, none is a cd, or DIR cannot be entered. Before, none was read: `cd
 * build && ninja` and `cd D && zip -q a.zip F` in a refused D read task_failure, and as nobody
 * under Landlock `cd D && iconv -o f F` in root's D read denied, no path (review55). */
static void test_chain_cd_read(void **state) {
        char tmpl[] = "/tmp/sbx-test-chaincd.XXXXXX", path[PATH_MAX], script[PATH_MAX + 64], want[PATH_MAX],
             out[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        const char *argv[] = { "sh", "-c", script, NULL };
        static const char *const subs[] = { "d", "d/nb", "cp", "cp/d", NULL };
        const char *cdpath = getenv("CDPATH");
        char *saved = cdpath ? strdup(cdpath) : NULL;
        static const struct {
                const char *cmd;
                int (*reader)(char *const *words, const char *cwd, char *out, size_t size);
                const char *want; /* beneath dir; NULL: none */
        } rows[] = {
                { "cd d && ninja", sbx_run_ninja_log, "d/.ninja_log" },
                { "cd d && ninja -C nb", sbx_run_ninja_log, "d/nb/.ninja_log" },
                { "cd d/nb/.. && ninja -v", sbx_run_ninja_log, "d/.ninja_log" },
                { "cd d && zip -q a.zip f", sbx_run_zip_output, "d/a.zip" },
                { "cd d && python3 -m compileall -q .", sbx_run_compileall_dir, "d/__pycache__" },
                { "cd d && iconv -f utf-8 -t latin1 -o f in", sbx_run_iconv_output, "d/f" },
                { "cd d && wget -q http://h/x.txt", sbx_run_wget_output, "d/x.txt" },
                { "cd d && ssh-keygen -R h -f kh", sbx_run_keygen_hosts, "d/kh" },
                { "cd d && ninja && true", sbx_run_ninja_log, NULL },
                { "true && ninja", sbx_run_ninja_log, NULL },
                { "cd nodir && ninja", sbx_run_ninja_log, NULL },
                /* a `;` after the cd where the sandbox's cd goes as the host's (sbx_run_start_dir():
                 * script56, before none read, `cd D; mktemp -q x.XXX` in a refused D
                 * task_failure); not where the cd fails, nor a second `;` */
                { "cd d; ninja", sbx_run_ninja_log, "d/.ninja_log" },
                { "cd d\nninja -v", sbx_run_ninja_log, "d/.ninja_log" },
                /* (sbx_run_start_dir() follows ninja's -C too: its answer not the cd's, none) */
                { "cd d; ninja -C nb", sbx_run_ninja_log, NULL },
                { "cd nodir; ninja", sbx_run_ninja_log, NULL },
                { "cd d; ninja; true", sbx_run_ninja_log, NULL },
                { "cd d; cd nb && ninja", sbx_run_ninja_log, NULL },
                { "true; cd d && ninja", sbx_run_ninja_log, NULL },
                { "cd d;", sbx_run_ninja_log, NULL },
                { "cd d && zip -q a.zip f", sbx_run_ninja_log, NULL },
                /* a nested shell's chain, a subshell's, a command substitution's, each the whole
                 * script, its status the script's (shell58: before, none read); not a `|| exit 1`
                 * after it (its status no longer ninja's), nor a command after it, which the cd in
                 * it does not move */
                { "sh -c 'cd d && ninja'", sbx_run_ninja_log, "d/.ninja_log" },
                { "( cd d && ninja )", sbx_run_ninja_log, "d/.ninja_log" },
                { "f=$(cd d && ninja)", sbx_run_ninja_log, "d/.ninja_log" },
                { "f=$(cd d && ninja) || exit 1", sbx_run_ninja_log, NULL },
                { "(cd d && true) && ninja", sbx_run_ninja_log, NULL },
                { "(cd d && ninja); true", sbx_run_ninja_log, NULL },
        };
        (void) state;

        assert_non_null(dir);
        for (const char *const *s = subs; *s; s++) {
                snprintf(path, sizeof(path), "%s/%s", dir, *s);
                assert_int_equal(mkdir(path, 0700), 0);
        }
        assert_int_equal(unsetenv("CDPATH"), 0);
        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                int r;

                snprintf(script, sizeof(script), "%s", rows[i].cmd);
                r = sbx_run_chain_cd_read((char *const *) argv, dir, SBX_RUN_DEV_UNKNOWN, rows[i].reader, out,
                                          sizeof(out));
                if (r != (rows[i].want ? 1 : 0))
                        fail_msg("row %zu (%s): %d", i, rows[i].cmd, r);
                snprintf(want, sizeof(want), "%s/%s", dir, rows[i].want ? rows[i].want : "");
                if (r == 1 && strcmp(out, want) != 0)
                        fail_msg("row %zu (%s): %s, want %s", i, rows[i].cmd, out, want);
        }
        /* mktemp's file (sbx_run_chain_mktemp_file()), in the $TMPDIR given (script56: before, none
         * read, `cd D && mktemp -q x.XXX` and `cd D && mktemp -q -p .` in a refused D read
         * task_failure under both backends) */
        {
                static const struct {
                        const char *cmd, *tmpdir, *want; /* want: beneath dir, or absolute; NULL: none */
                } mk[] = {
                        { "cd d && mktemp -q x.XXX", "/var/tmp", "d/x.XXX" },
                        /* a nested shell's chain, a subshell's, a group's, a command
                         * substitution's, each the whole script (shell58: before, none read,
                         * task_failure under both backends); not a shell with a wrapper,
                         * an assignment or startup files before it, nor a command after the
                         * subshell or the substitution, which their cd does not move */
                        { "sh -c 'cd d && mktemp -q x.XXX'", NULL, "d/x.XXX" },
                        { "bash -c \"cd d; mktemp -q x.XXX\"", NULL, "d/x.XXX" },
                        { "sh -c \"bash -c 'cd d && mktemp -q x.XXX'\"", NULL, "d/x.XXX" },
                        { "( cd d && mktemp -q x.XXX )", NULL, "d/x.XXX" },
                        { "(cd d; mktemp -q x.XXX)", NULL, "d/x.XXX" },
                        { "{ cd d && mktemp -q x.XXX; }", NULL, "d/x.XXX" },
                        { "f=$(cd d && mktemp -q x.XXX) || exit 1", NULL, "d/x.XXX" },
                        { "f=\"$(cd d && mktemp -q x.XXX)\" || exit", NULL, "d/x.XXX" },
                        { "sh -c '(cd d && mktemp -q x.XXX)'", NULL, "d/x.XXX" },
                        { "env sh -c 'cd d && mktemp -q x.XXX'", NULL, NULL },
                        { "X=1 sh -c 'cd d && mktemp -q x.XXX'", NULL, NULL },
                        { "sh -l -c 'cd d && mktemp -q x.XXX'", NULL, NULL },
                        { "(cd d && true) && mktemp -q x.XXX", NULL, NULL },
                        { "(cd d && true); mktemp -q x.XXX", NULL, NULL },
                        { "f=$(cd d && pwd) && mktemp -q x.XXX", NULL, NULL },
                        { "f=$(cd d && pwd); mktemp -q x.XXX", NULL, NULL },
                        { "{cd d && mktemp -q x.XXX;}", NULL, NULL },
                        { "{ cd d && mktemp -q x.XXX }", NULL, NULL },
                        { "f=$(cd d; mktemp -q x.XXX) || exit 1", NULL, NULL },
                        /* quiet commands after the substitution, which cannot fail without a line
                         * (shell59: before, none read, task_failure); not another, nor a
                         * redirection or a substitution in them */
                        { "f=$(cd d && mktemp -q x.XXX) && echo \"$f\"", NULL, "d/x.XXX" },
                        { "f=$(cd d && mktemp -q x.XXX) && echo $f && true", NULL, "d/x.XXX" },
                        { "f=$(cd d && mktemp -q x.XXX) || exit 1 && :", NULL, "d/x.XXX" },
                        { "f=$(cd d && mktemp -q x.XXX) && mktemp -q y.XXX", NULL, NULL },
                        { "f=$(cd d && mktemp -q x.XXX) && echo $f > out", NULL, NULL },
                        { "f=$(cd d && mktemp -q x.XXX) && echo $(pwd)", NULL, NULL },
                        { "f=$(cd d && mktemp -q x.XXX) && test -n \"$f\"", NULL, NULL },
                        { "f=$(cd d && mktemp -q x.XXX) && echo $f & true", NULL, NULL },
                        { "f=$(cd d && mktemp -q x.XXX); echo $f", NULL, NULL },
                        { "f=$(cd d && mktemp -q x.XXX) && echo a\\;b", NULL, NULL },
                        /* the cd read as a script's leading one (cd_command()): its -P, -L, `--`,
                         * bash's pushd, its stdout sent to /dev/null (shell59: before, none read,
                         * task_failure under both backends); not dash's pushd, which it has not,
                         * nor a cd whose errors are silenced */
                        { "cd -P d && mktemp -q x.XXX", NULL, "d/x.XXX" },
                        { "cd -L d && mktemp -q x.XXX", NULL, "d/x.XXX" },
                        { "cd -P -- d && mktemp -q x.XXX", NULL, "d/x.XXX" },
                        { "cd d >/dev/null && mktemp -q x.XXX", NULL, "d/x.XXX" },
                        { "bash -c 'pushd d && mktemp -q x.XXX'", NULL, "d/x.XXX" },
                        { "bash -c 'pushd d >/dev/null; mktemp -q x.XXX'", NULL, "d/x.XXX" },
                        { "pushd d && mktemp -q x.XXX", NULL, NULL },
                        { "bash -c 'sh -c \"pushd d && mktemp -q x.XXX\"'", NULL, NULL },
                        { "bash -c 'pushd -n d && mktemp -q x.XXX'", NULL, NULL },
                        { "cd d 2>/dev/null && mktemp -q x.XXX", NULL, NULL },
                        { "cd -e d && mktemp -q x.XXX", NULL, NULL },
                        /* a variable of the script's leading assignments in the cd's word
                         * (shell60: before, none read, task_failure under both backends); not
                         * a nested shell's, whose environment may be another */
                        { "D=d; cd \"$D\" && mktemp -q x.XXX", NULL, "d/x.XXX" },
                        { "D=d\ncd $D; mktemp -q x.XXX", NULL, "d/x.XXX" },
                        { "D=d cd \"$D\" && mktemp -q x.XXX", NULL, NULL },
                        { "HOME=d; cd ~ && mktemp -q x.XXX", NULL, NULL },
                        { "D=d; cd \"$D/nb\" && mktemp -q x.XXX", NULL, NULL },
                        { "sh -c 'D=d; cd \"$D\" && mktemp -q x.XXX'", NULL, NULL },
                        /* `|| exit` or `|| exit 1` after the cd, as `&&`; a leading `set -e`
                         * (shell59: before, none read, task_failure under both backends) */
                        { "cd d || exit; mktemp -q x.XXX", NULL, "d/x.XXX" },
                        { "cd d || exit 1\nmktemp -q x.XXX", NULL, "d/x.XXX" },
                        { "set -e; cd d; mktemp -q x.XXX", NULL, "d/x.XXX" },
                        { "set -eu\ncd d && mktemp -q x.XXX", NULL, "d/x.XXX" },
                        { "cd d || exit 2; mktemp -q x.XXX", NULL, NULL },
                        { "cd d || true; mktemp -q x.XXX", NULL, NULL },
                        { "cd d || exit; mktemp -q x.XXX; true", NULL, NULL },
                        { "cd d || exit", NULL, NULL },
                        { "true || exit; mktemp -q x.XXX", NULL, NULL },
                        { "set -x; cd d && mktemp -q x.XXX", NULL, NULL },
                        { "cd nodir || exit; mktemp -q x.XXX", NULL, NULL },
                        { "cd d && mktemp -q -p .", "/var/tmp", "d/./tmp.XXXXXXXXXX" },
                        { "cd d && mktemp -qd -p nb a.XXX", NULL, "d/nb/a.XXX" },
                        { "cd d && mktemp -q", "/var/tmp", "/var/tmp/tmp.XXXXXXXXXX" },
                        { "cd d && mktemp -q", NULL, NULL },
                        { "cd d && mktemp -q x.XXX && true", "/var/tmp", NULL },
                        { "cd d; mktemp -q x.XXX", "/var/tmp", "d/x.XXX" },
                        /* (the command's own TMPDIR=, as an env's) */
                        { "cd d && TMPDIR=/x mktemp -q", NULL, "/x/tmp.XXXXXXXXXX" },
                        { "cd d && TMPDIR=/x env -i mktemp -q", NULL, NULL },
                        { "cd nodir; mktemp -q x.XXX", "/var/tmp", NULL },
                        { "cd d && mktemp -qu x.XXX", "/var/tmp", NULL },
                        { "cd nodir && mktemp -q x.XXX", "/var/tmp", NULL },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(mk); i++) {
                        int r;

                        snprintf(script, sizeof(script), "%s", mk[i].cmd);
                        r = sbx_run_chain_mktemp_file((char *const *) argv, dir, SBX_RUN_DEV_UNKNOWN, mk[i].tmpdir,
                                                      out, sizeof(out));
                        if (r != (mk[i].want ? 1 : 0))
                                fail_msg("mktemp row %zu (%s): %d", i, mk[i].cmd, r);
                        if (mk[i].want && mk[i].want[0] == '/')
                                snprintf(want, sizeof(want), "%s", mk[i].want);
                        else
                                snprintf(want, sizeof(want), "%s/%s", dir, mk[i].want ? mk[i].want : "");
                        if (r == 1 && strcmp(out, want) != 0)
                                fail_msg("mktemp row %zu (%s): %s, want %s", i, mk[i].cmd, out, want);
                }
        }
        /* a shell's -P and `-o physical` read of bash's alone: dash and BusyBox's ash refuse
         * them, running nothing, zsh's -P is another option, sh may be either (shell60: before,
         * `busybox ash -P -c 'cd d && mktemp -q x.XXX'` claimed d/x.XXX, start_dir() d) */
        {
                static const struct {
                        const char *argv[6];
                        bool read;
                } pp[] = {
                        { { "busybox", "ash", "-P", "-c", "cd d && mktemp -q x.XXX" }, false },
                        { { "busybox", "sh", "-eP", "-c", "cd d && mktemp -q x.XXX" }, false },
                        { { "sh", "-P", "-c", "cd d && mktemp -q x.XXX" }, false },
                        { { "dash", "-o", "physical", "-c", "cd d && mktemp -q x.XXX" }, false },
                        { { "timeout", "9", "ash", "-P", "-c", "cd d && mktemp -q x.XXX" }, false },
                        { { "sh", "-c", "sh -P -c 'cd d && mktemp -q x.XXX'" }, false },
                        { { "bash", "-P", "-c", "cd d && mktemp -q x.XXX" }, true },
                        { { "busybox", "ash", "-c", "cd d && mktemp -q x.XXX" }, true },
                        { { "sh", "-c", "bash -o physical -c 'cd d && mktemp -q x.XXX'" }, true },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(pp); i++) {
                        char *const *pv = (char *const *) pp[i].argv;
                        int r = sbx_run_start_dir(pv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out));

                        snprintf(want, sizeof(want), "%s/d", dir);
                        if (r != (pp[i].read ? 1 : -1) || (r == 1 && strcmp(out, want) != 0))
                                fail_msg("-P row %zu (%s %s): start %d", i, pp[i].argv[0], pp[i].argv[1], r);
                        r = sbx_run_chain_mktemp_file(pv, dir, SBX_RUN_DEV_UNKNOWN, NULL, out, sizeof(out));
                        snprintf(want, sizeof(want), "%s/d/x.XXX", dir);
                        if (r != (pp[i].read ? 1 : 0) || (r == 1 && strcmp(out, want) != 0))
                                fail_msg("-P row %zu (%s %s): mktemp %d", i, pp[i].argv[0], pp[i].argv[1], r);
                }
        }
        /* a relative DIR's `..` from the shell's $PWD, a link's name (lk, to d/nb) where sbx's
         * is one, as the shell reads it: dir's, not d's (shell58: before, d's, the parent of the
         * link's target); not read where the shell is another's (its $PWD perhaps another) */
        {
                const char *pwd = getenv("PWD");
                _cleanup_free_ char *old_pwd = pwd ? strdup(pwd) : NULL;
                char lk[PATH_MAX], nb[PATH_MAX];

                snprintf(lk, sizeof(lk), "%s/lk", dir);
                snprintf(nb, sizeof(nb), "%s/d/nb", dir);
                assert_int_equal(symlink("d/nb", lk), 0);
                assert_int_equal(setenv("PWD", lk, 1), 0);
                snprintf(script, sizeof(script), "cd .. && ninja");
                assert_int_equal(sbx_run_chain_cd_read((char *const *) argv, nb, SBX_RUN_DEV_UNKNOWN,
                                                       sbx_run_ninja_log, out, sizeof(out)), 1);
                snprintf(want, sizeof(want), "%s/.ninja_log", dir);
                assert_string_equal(out, want);
                snprintf(script, sizeof(script), "cd .. && mktemp -q x.XXX");
                assert_int_equal(sbx_run_chain_mktemp_file((char *const *) argv, nb, SBX_RUN_DEV_UNKNOWN, NULL, out,
                                                           sizeof(out)), 1);
                snprintf(want, sizeof(want), "%s/x.XXX", dir);
                assert_string_equal(out, want);
                snprintf(script, sizeof(script), "sh -c 'cd .. && ninja'");
                assert_int_equal(sbx_run_chain_cd_read((char *const *) argv, nb, SBX_RUN_DEV_UNKNOWN,
                                                       sbx_run_ninja_log, out, sizeof(out)), 0);
                /* (no `..`: the same directory by either name) */
                snprintf(script, sizeof(script), "sh -c 'cd . && ninja'");
                assert_int_equal(sbx_run_chain_cd_read((char *const *) argv, nb, SBX_RUN_DEV_UNKNOWN,
                                                       sbx_run_ninja_log, out, sizeof(out)), 1);
                snprintf(want, sizeof(want), "%s/.ninja_log", nb);
                assert_string_equal(out, want);
                if (old_pwd)
                        assert_int_equal(setenv("PWD", old_pwd, 1), 0);
                else
                        assert_int_equal(unsetenv("PWD"), 0);
                assert_int_equal(unlink(lk), 0);
        }
        /* a physical cd resolves a link before its `..`, as the shell does, start_dir()'s reading:
         * lp (to d/nb) then `..` is d, a logical one's dir; cd's own -L or -P wins over bash's -P
         * and SHELLOPTS, which dash does not read (shell59: before, a chain's -P not read) */
        {
                static const struct {
                        const char *cmd, *shellopts, *want; /* want: beneath dir */
                } ph[] = {
                        { "cd lp/.. && ninja", NULL, ".ninja_log" },
                        { "cd -P lp/.. && ninja", NULL, "d/.ninja_log" },
                        { "cd -LP lp/.. && ninja", NULL, "d/.ninja_log" },
                        { "cd -PL lp/.. && ninja", NULL, ".ninja_log" },
                        { "bash -P -c 'cd lp/.. && ninja'", NULL, "d/.ninja_log" },
                        { "bash -o physical -c 'cd -L lp/.. && ninja'", NULL, ".ninja_log" },
                        { "cd lp/.. && ninja", "braceexpand:physical", ".ninja_log" },
                        { "bash -P -c 'cd -L lp/.. && ninja'", "physical", ".ninja_log" },
                };
                const char *so = getenv("SHELLOPTS");
                _cleanup_free_ char *old_so = so ? strdup(so) : NULL;
                char lp[PATH_MAX];
                char *bash_argv[] = { (char *) "bash", (char *) "-c", script, NULL };

                snprintf(lp, sizeof(lp), "%s/lp", dir);
                assert_int_equal(symlink("d/nb", lp), 0);
                for (size_t i = 0; i < SBX_ELEMENTSOF(ph); i++) {
                        snprintf(script, sizeof(script), "%s", ph[i].cmd);
                        if (ph[i].shellopts)
                                assert_int_equal(setenv("SHELLOPTS", ph[i].shellopts, 1), 0);
                        else
                                assert_int_equal(unsetenv("SHELLOPTS"), 0);
                        if (sbx_run_chain_cd_read((char *const *) argv, dir, SBX_RUN_DEV_UNKNOWN, sbx_run_ninja_log,
                                                  out, sizeof(out)) != 1)
                                fail_msg("physical row %zu (%s): not read", i, ph[i].cmd);
                        snprintf(want, sizeof(want), "%s/%s", dir, ph[i].want);
                        if (strcmp(out, want) != 0)
                                fail_msg("physical row %zu (%s): %s, want %s", i, ph[i].cmd, out, want);
                }
                /* ... bash's own imports SHELLOPTS, as start_dir() reads it */
                assert_int_equal(setenv("SHELLOPTS", "physical", 1), 0);
                snprintf(script, sizeof(script), "cd lp/.. && ninja");
                assert_int_equal(sbx_run_chain_cd_read(bash_argv, dir, SBX_RUN_DEV_UNKNOWN, sbx_run_ninja_log, out,
                                                       sizeof(out)), 1);
                snprintf(want, sizeof(want), "%s/d/.ninja_log", dir);
                assert_string_equal(out, want);
                snprintf(script, sizeof(script), "cd lp/.. && ninja");
                assert_int_equal(sbx_run_start_dir(bash_argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                snprintf(want, sizeof(want), "%s/d", dir);
                assert_string_equal(out, want);
                assert_int_equal(sbx_run_start_dir((char *const *) argv, dir, SBX_RUN_DEV_UNKNOWN,
                                                   out, sizeof(out)), 0);
                if (old_so)
                        assert_int_equal(setenv("SHELLOPTS", old_so, 1), 0);
                else
                        assert_int_equal(unsetenv("SHELLOPTS"), 0);
                assert_int_equal(unlink(lp), 0);
        }
        /* a relative DIR in sbx's CDPATH, where the shell is sbx's own: the entry's */
        snprintf(path, sizeof(path), "%s/cp", dir);
        assert_int_equal(setenv("CDPATH", path, 1), 0);
        snprintf(script, sizeof(script), "cd d && ninja");
        assert_int_equal(sbx_run_chain_cd_read((char *const *) argv, dir, SBX_RUN_DEV_UNKNOWN, sbx_run_ninja_log,
                                               out, sizeof(out)), 1);
        snprintf(want, sizeof(want), "%s/cp/d/.ninja_log", dir);
        assert_string_equal(out, want);
        snprintf(script, sizeof(script), "cd ./d && ninja");
        assert_int_equal(sbx_run_chain_cd_read((char *const *) argv, dir, SBX_RUN_DEV_UNKNOWN, sbx_run_ninja_log,
                                               out, sizeof(out)), 1);
        snprintf(want, sizeof(want), "%s/d/.ninja_log", dir);
        assert_string_equal(out, want);
        /* ... a subshell's, the shell's own; not a nested shell's, its CDPATH perhaps another */
        snprintf(script, sizeof(script), "( cd d && ninja )");
        assert_int_equal(sbx_run_chain_cd_read((char *const *) argv, dir, SBX_RUN_DEV_UNKNOWN, sbx_run_ninja_log,
                                               out, sizeof(out)), 1);
        snprintf(want, sizeof(want), "%s/cp/d/.ninja_log", dir);
        assert_string_equal(out, want);
        snprintf(script, sizeof(script), "sh -c 'cd d && ninja'");
        assert_int_equal(sbx_run_chain_cd_read((char *const *) argv, dir, SBX_RUN_DEV_UNKNOWN, sbx_run_ninja_log,
                                               out, sizeof(out)), 0);
        {
                const char *wrapped[] = { "env", "-u", "CDPATH", "sh", "-c", "cd d && ninja", NULL };

                assert_int_equal(sbx_run_chain_cd_read((char *const *) wrapped, dir, SBX_RUN_DEV_UNKNOWN,
                                                       sbx_run_ninja_log, out, sizeof(out)), 0);
        }
        if (saved)
                assert_int_equal(setenv("CDPATH", saved, 1), 0);
        else
                assert_int_equal(unsetenv("CDPATH"), 0);
        free(saved);
        for (size_t i = SBX_ELEMENTSOF(subs) - 1; i-- > 0;) {
                snprintf(path, sizeof(path), "%s/%s", dir, subs[i]);
                assert_int_equal(rmdir(path), 0);
        }
        assert_int_equal(rmdir(dir), 0);
}

/* meson compile runs ninja in its -C DIR (the start by default), its lines and status passed
 * through: that directory's .ninja_log, where it holds meson's meson-private/coredata.dat and a
 * build.ninja the host lets the user read (meson prints its own errors on stdout too, "ERROR: Current directory is not a meson build
 * directory"). Before, none was read: `meson compile -C b` of a build in the workspace in
 * read-only mode read task_failure. */
static void test_meson_compile_ninja_log(void **state) {
        char tmpl[] = "/tmp/sbx-test-mc.XXXXXX", b[PATH_MAX], f[PATH_MAX], want[PATH_MAX], out[PATH_MAX],
             cb[PATH_MAX + 2], priv[PATH_MAX], core[PATH_MAX + 16];
        char *dir = mkdtemp(tmpl);
        struct {
                const char *argv[8];
                bool found;
        } rows[] = {
                { { "meson", "compile", "-C", b, "t" }, true },
                { { "meson", "compile", "-C", "b", "-j", "2", "-v" }, true },
                { { "meson", "compile", "--jobs=2", "-j2", "-C", "b", "--verbose" }, true },
                { { "nice", "meson", "compile", cb, "--load-average=3" }, true },
                { { "meson", "compile", "-C", dir }, false },
                { { "meson", "compile", "-C", priv }, false },
                { { "meson", "compile", "-C", "b", "--clean" }, false },
                { { "meson", "compile", "-C", "b", "--ninja-args=-n" }, false },
        };

        (void) state;
        assert_non_null(dir);
        (void) snprintf(b, sizeof(b), "%s/b", dir);
        (void) snprintf(f, sizeof(f), "%s/build.ninja", b);
        (void) snprintf(want, sizeof(want), "%s/.ninja_log", b);
        (void) snprintf(cb, sizeof(cb), "-C%s", b);
        (void) snprintf(priv, sizeof(priv), "%s/meson-private", b);
        (void) snprintf(core, sizeof(core), "%s/coredata.dat", priv);
        assert_int_equal(mkdir(b, 0755), 0);
        assert_int_equal(mkdir(priv, 0755), 0);
        fclose(fopen(f, "w"));
        /* a build.ninja alone: not meson's (its error on stdout) */
        assert_int_equal(sbx_run_ninja_log((char *const *) rows[0].argv, dir, out, sizeof(out)), 0);
        fclose(fopen(core, "w"));
        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                int r = sbx_run_ninja_log((char *const *) rows[i].argv, dir, out, sizeof(out));

                if (r != (rows[i].found ? 1 : 0))
                        fail_msg("row %zu: %d", i, r);
                if (r == 1)
                        assert_string_equal(out, want);
        }
        unlink(f);
        unlink(core);
        rmdir(priv);
        rmdir(b);
        rmdir(dir);
}

/* cmake --build DIR of a Ninja generator's build runs ninja in DIR, its lines and status passed
 * through: DIR's .ninja_log, where DIR holds a CMakeCache.txt naming a Ninja generator and a
 * build.ninja the host lets the user read (a Makefile generator's build prints its commands' lines
 * on stderr). Before, none was read: `cmake --build b` of a build in the workspace in read-only
 * mode read task_failure (mine55), where `ninja -C b` read denied. */
static void test_cmake_build_ninja_log(void **state) {
        char tmpl[] = "/tmp/sbx-test-cb.XXXXXX", b[PATH_MAX], f[PATH_MAX], want[PATH_MAX], out[PATH_MAX],
             cache[PATH_MAX + 16];
        char *dir = mkdtemp(tmpl);
        FILE *fp;
        struct {
                const char *argv[12];
                bool found;
        } rows[] = {
                { { "cmake", "--build", b }, true },
                { { "cmake", "--build", "b", "-j", "4", "-v", "--target", "a", "c", "--config", "Debug" }, true },
                { { "cmake", "--build", "./b", "-j", "--parallel", "2", "-t", "all", "--" }, true },
                { { "nice", "cmake", "--build", "b", "-j8", "--parallel=3", "--verbose" }, true },
                { { "cmake", "--build", dir }, false },
                { { "cmake", "--build", "b", "--clean-first" }, false },
                { { "cmake", "--build", "b", "--", "-n" }, false },
                { { "cmake", "--build", "b", "--target" }, false },
                { { "cmake", "--build", "b", "--config" }, false },
                { { "cmake", "--build", "--preset", "x" }, false },
                { { "cmake", "--build" }, false },
                { { "cmake", "-S", ".", "-B", "b" }, false },
                { { "cmake", "-E", "touch", "b" }, false },
        };

        (void) state;
        assert_non_null(dir);
        (void) snprintf(b, sizeof(b), "%s/b", dir);
        (void) snprintf(f, sizeof(f), "%s/build.ninja", b);
        (void) snprintf(want, sizeof(want), "%s/.ninja_log", b);
        (void) snprintf(cache, sizeof(cache), "%s/CMakeCache.txt", b);
        assert_int_equal(mkdir(b, 0755), 0);
        fclose(fopen(f, "w"));
        /* a build.ninja alone, and a Makefile generator's cache: not read */
        assert_int_equal(sbx_run_ninja_log((char *const *) rows[0].argv, dir, out, sizeof(out)), 0);
        assert_non_null(fp = fopen(cache, "w"));
        fputs("# This is the CMakeCache file.\nCMAKE_GENERATOR:INTERNAL=Unix Makefiles\n", fp);
        fclose(fp);
        assert_int_equal(sbx_run_ninja_log((char *const *) rows[0].argv, dir, out, sizeof(out)), 0);
        assert_non_null(fp = fopen(cache, "w"));
        fputs("# This is the CMakeCache file.\nCMAKE_GENERATOR:INTERNAL=Ninja\r\nCMAKE_HOME_DIRECTORY:INTERNAL=/s\n", fp);
        fclose(fp);
        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                int r = sbx_run_ninja_log((char *const *) rows[i].argv, dir, out, sizeof(out));

                if (r != (rows[i].found ? 1 : 0))
                        fail_msg("row %zu: %d", i, r);
                if (r == 1)
                        assert_string_equal(out, want);
        }
        /* Ninja Multi-Config: its build-CONFIG.ninja files and one log */
        assert_non_null(fp = fopen(cache, "w"));
        fputs("CMAKE_GENERATOR:INTERNAL=Ninja Multi-Config\n", fp);
        fclose(fp);
        assert_int_equal(sbx_run_ninja_log((char *const *) rows[0].argv, dir, out, sizeof(out)), 1);
        assert_non_null(fp = fopen(cache, "w"));
        fputs("CMAKE_GENERATOR:INTERNAL=Ninjas\n", fp);
        fclose(fp);
        assert_int_equal(sbx_run_ninja_log((char *const *) rows[0].argv, dir, out, sizeof(out)), 0);
        unlink(f);
        unlink(cache);
        rmdir(b);
        rmdir(dir);
}

/* The file a wget writes (sbx_run_wget_output()), which with -q it prints nothing of where it
 * cannot write it, exiting 3: -O FILE, else the URL's last component (index.html where it has
 * none) in -P's directory; none where an option, a query or an escape may change it. Before, none
 * was read: `wget -q URL` in read-only mode read task_failure. */
static void test_wget_output(void **state) {
        static const struct target_row cases[] = {
                { { "wget", "-q", "http://h/d/f.tgz" }, "/w/f.tgz" },
                { { "wget", "-q", "http://h/" }, "/w/index.html" },
                { { "wget", "-q", "https://h" }, "/w/index.html" },
                { { "wget", "-qO", "/ro/x", "http://h/a" }, "/ro/x" },
                { { "wget", "-q", "-O", "out", "http://h/a" }, "/w/out" },
                { { "wget", "--output-document=out", "http://h/a" }, "/w/out" },
                { { "wget", "-q", "-P", "/ro", "http://h/a/b" }, "/ro/b" },
                { { "wget", "--quiet", "--directory-prefix", "d", "http://h/b" }, "/w/d/b" },
                { { "wget", "-q", "--tries=3", "-T5", "--header", "A: b", "http://h/b" }, "/w/b" },
                { { "timeout", "9", "wget", "-qc", "http://h/b" }, "/w/b" },
                /* stdout, a query or an escape, several URLs, options not read */
                { { "wget", "-qO-", "http://h/a" }, NULL },
                { { "wget", "-q", "-O", "-", "http://h/a" }, NULL },
                { { "wget", "-q", "http://h/a?x=1" }, NULL },
                { { "wget", "-q", "http://h/a%20b" }, NULL },
                { { "wget", "-q", "http://h/a", "http://h/b" }, NULL },
                { { "wget", "-q", "-o", "log", "http://h/a" }, NULL },
                { { "wget", "-q", "-r", "http://h/a" }, NULL },
                { { "wget", "-q", "--content-disposition", "http://h/a" }, NULL },
                { { "wget", "-q", "--frob=1", "http://h/a" }, NULL },
                { { "wget", "-q", "http://h/.." }, NULL },
                { { "wget", "-q" }, NULL },
                { { "wget", "-q", "-O" }, NULL },
                { { "curl", "-q", "http://h/a" }, NULL },
        };
        (void) state;
        target_rows(cases, sizeof(cases) / sizeof(cases[0]), sbx_run_wget_output);
}

/* wget keeps a file that is there already (one it may read) and writes NAME.1, or the first
 * NAME.N not there; -c, -N and --no-clobber name NAME itself; a directory or a file the user may
 * not read is not taken for one there. Before, NAME was read: where the host lets the user
 * write NAME but not make a file in its directory, wget's exit 3 on the host too read denied. */
static void test_wget_output_there(void **state) {
        char tmpl[] = "/tmp/sbx-test-wget.XXXXXX", path[PATH_MAX], want[PATH_MAX], out[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        static const char *const files[] = { "f", "f.1", "u", "d/x", NULL };
        (void) state;

        assert_non_null(dir);
        snprintf(path, sizeof(path), "%s/d", dir);
        assert_int_equal(mkdir(path, 0700), 0);
        for (const char *const *f = files; *f; f++) {
                snprintf(path, sizeof(path), "%s/%s", dir, *f);
                assert_int_equal(close(open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)), 0);
        }
        snprintf(path, sizeof(path), "%s/u", dir);
        assert_int_equal(chmod(path, 0200), 0);
        {
                const char *there[] = { "wget", "-q", "-P", dir, "http://h/a/f", NULL };
                const char *cont[] = { "wget", "-qc", "-P", dir, "http://h/a/f", NULL };
                const char *stamp[] = { "wget", "-N", "-q", "-P", dir, "http://h/f", NULL };
                const char *nocl[] = { "wget", "--no-clobber", "http://h/f", NULL };
                const char *unread[] = { "wget", "-q", "http://h/u", NULL };
                const char *isdir[] = { "wget", "-q", "http://h/d", NULL };
                const char *fresh[] = { "wget", "-q", "-P", "d", "http://h/f", NULL };

                /* f and f.1 there: f.2 */
                snprintf(want, sizeof(want), "%s/f.2", dir);
                assert_int_equal(sbx_run_wget_output((char *const *) there, "/", out, sizeof(out)), 1);
                assert_string_equal(out, want);
                snprintf(want, sizeof(want), "%s/f", dir);
                assert_int_equal(sbx_run_wget_output((char *const *) cont, "/", out, sizeof(out)), 1);
                assert_string_equal(out, want);
                assert_int_equal(sbx_run_wget_output((char *const *) stamp, "/", out, sizeof(out)), 1);
                assert_string_equal(out, want);
                assert_int_equal(sbx_run_wget_output((char *const *) nocl, dir, out, sizeof(out)), 1);
                assert_string_equal(out, want);
                /* (root too: wget reads the mode's bits, not what root may do) */
                snprintf(want, sizeof(want), "%s/u", dir);
                assert_int_equal(sbx_run_wget_output((char *const *) unread, dir, out, sizeof(out)), 1);
                assert_string_equal(out, want);
                snprintf(want, sizeof(want), "%s/d", dir);
                assert_int_equal(sbx_run_wget_output((char *const *) isdir, dir, out, sizeof(out)), 1);
                assert_string_equal(out, want);
                snprintf(want, sizeof(want), "%s/d/f", dir);
                assert_int_equal(sbx_run_wget_output((char *const *) fresh, dir, out, sizeof(out)), 1);
                assert_string_equal(out, want);
        }
        for (size_t k = SBX_ELEMENTSOF(files) - 1; k-- > 0;) {
                snprintf(path, sizeof(path), "%s/%s", dir, files[k]);
                unlink(path);
        }
        snprintf(path, sizeof(path), "%s/d", dir);
        rmdir(path);
        rmdir(dir);
}

/* The index's lock file of the repository a `git stash` finds (sbx_run_git_stash_lock()): the
 * first `.git` going up from the start, a directory or a worktree's `gitdir:` file; -C,
 * --git-dir and --work-tree read; none for stash's commands that print their own lines, an option not read, no
 * repository. Before, none was read: `git stash` of a repository outside the granted directories
 * exits 1 with no line (git 2.39), task_failure. */
static void test_git_stash_lock(void **state) {
        char tmpl[] = "/tmp/sbx-test-gitstash.XXXXXX", path[PATH_MAX], want[PATH_MAX], out[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        FILE *f;
        /* (r/a/.git an empty directory, no repository's: git goes on up) */
        static const char *const subs[] = { "r", "r/.git", "r/.git/objects", "r/.git/refs", "r/a", "r/a/.git", "r/a/b",
                                            "wt", "no", NULL };
        (void) state;

        assert_non_null(dir);
        for (const char *const *s = subs; *s; s++) {
                snprintf(path, sizeof(path), "%s/%s", dir, *s);
                assert_int_equal(mkdir(path, 0700), 0);
        }
        snprintf(path, sizeof(path), "%s/r/.git/HEAD", dir);
        assert_non_null(f = fopen(path, "w"));
        fputs("ref: refs/heads/main\n", f);
        fclose(f);
        /* a worktree's .git file names its git directory, relative to the file's directory */
        snprintf(path, sizeof(path), "%s/wt/.git", dir);
        assert_non_null(f = fopen(path, "w"));
        fputs("gitdir: ../r/.git/worktrees/wt\n", f);
        fclose(f);
        {
                static const struct {
                        const char *argv[8], *at, *want; /* want: relative to dir; NULL none */
                } cases[] = {
                        { { "git", "stash" }, "r", "r/.git/index.lock" },
                        { { "git", "stash" }, "r/a/b", "r/.git/index.lock" },
                        /* past r/a's .git, no repository's (review53: before, r/a/.git/index.lock) */
                        { { "git", "stash", "push", "-m", "x" }, "r/a", "r/.git/index.lock" },
                        { { "git", "stash", "-u" }, "r", "r/.git/index.lock" },
                        { { "git", "stash", "pop" }, "r", "r/.git/index.lock" },
                        { { "git", "stash", "apply" }, "r", "r/.git/index.lock" },
                        { { "git", "stash", "save", "w" }, "r", "r/.git/index.lock" },
                        { { "timeout", "9", "git", "--no-pager", "-c", "a.b=c", "stash" }, "r", "r/.git/index.lock" },
                        { { "git", "-C", "r/a", "stash" }, "", "r/.git/index.lock" },
                        { { "git", "-C", "..", "-C", "r", "stash" }, "no", "r/.git/index.lock" },
                        { { "git", "--git-dir=r/.git", "stash" }, "", "r/.git/index.lock" },
                        { { "git", "--git-dir", "g", "stash" }, "no", "no/g/index.lock" },
                        { { "git", "stash" }, "wt", "wt/../r/.git/worktrees/wt/index.lock" },
                        /* the work tree moves no index (review55: before, none) */
                        { { "git", "--work-tree=a", "stash" }, "r", "r/.git/index.lock" },
                        { { "git", "-C", "r", "--work-tree=.", "stash" }, "", "r/.git/index.lock" },
                        { { "git", "--work-tree", "../no", "stash", "push" }, "r/a/b", "r/.git/index.lock" },
                        /* stash's commands that print their lines, its help; another command */
                        { { "git", "stash", "list" }, "r", NULL },
                        { { "git", "stash", "drop" }, "r", NULL },
                        { { "git", "stash", "show" }, "r", NULL },
                        { { "git", "stash", "-h" }, "r", NULL },
                        { { "git", "status" }, "r", NULL },
                        { { "git", "commit", "-m", "stash" }, "r", NULL },
                        { { "gitx", "stash" }, "r", NULL },
                        /* an option not read, -C without its directory */
                        { { "git", "--work-tree=", "stash" }, "r", NULL },
                        { { "git", "--work-tree" }, "r", NULL },
                        { { "git", "--bare", "stash" }, "r", NULL },
                        { { "git", "-C" }, "r", NULL },
                        { { "git", "-C", "", "stash" }, "r", NULL },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        char at[PATH_MAX];
                        int r;

                        snprintf(at, sizeof(at), "%s/%s", dir, cases[i].at);
                        r = sbx_run_git_stash_lock((char *const *) cases[i].argv, at, out, sizeof(out));
                        if (r != (cases[i].want ? 1 : 0))
                                fail_msg("case %zu (%s %s %s): %d", i, cases[i].argv[0], cases[i].argv[1],
                                         cases[i].argv[2] ? cases[i].argv[2] : "", r);
                        snprintf(want, sizeof(want), "%s/%s", dir, cases[i].want ? cases[i].want : "");
                        if (r == 1 && strcmp(out, want) != 0)
                                fail_msg("case %zu: %s, want %s", i, out, want);
                }
        }
        /* an env's GIT_DIR as --git-dir, from where -C moved git (2), --git-dir outranking it;
         * GIT_WORK_TREE moving no index; another variable that moves it not read (links56: the
         * env's words were not read, and git_env_moves() turned off any GIT_DIR or GIT_WORK_TREE) */
        {
                static const struct {
                        const char *argv[8], *at, *want;
                        int r;
                } envs[] = {
                        { { "env", "GIT_DIR=r/.git", "git", "stash" }, "", "r/.git/index.lock", 2 },
                        { { "env", "GIT_DIR=g", "git", "-C", "no", "stash" }, "", "no/g/index.lock", 2 },
                        { { "env", "GIT_DIR=x", "git", "--git-dir=r/.git", "stash" }, "", "r/.git/index.lock", 1 },
                        { { "env", "GIT_WORK_TREE=no", "git", "stash" }, "r", "r/.git/index.lock", 1 },
                        { { "env", "GIT_WORK_TREE=../no", "GIT_DIR=.git", "git", "stash" }, "r", "r/.git/index.lock", 2 },
                        { { "env", "GIT_INDEX_FILE=i", "git", "stash" }, "r", NULL, 0 },
                        { { "env", "GIT_DIR=r/.git", "GIT_COMMON_DIR=c", "git", "stash" }, "", NULL, 0 },
                        { { "env", "GIT_DIR=", "git", "stash" }, "r", NULL, 0 },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(envs); i++) {
                        char at[PATH_MAX];
                        int r;

                        snprintf(at, sizeof(at), "%s/%s", dir, envs[i].at);
                        r = sbx_run_git_stash_lock((char *const *) envs[i].argv, at, out, sizeof(out));
                        if (r != envs[i].r)
                                fail_msg("env case %zu (%s): %d", i, envs[i].argv[1], r);
                        snprintf(want, sizeof(want), "%s/%s", dir, envs[i].want ? envs[i].want : "");
                        if (r > 0 && strcmp(out, want) != 0)
                                fail_msg("env case %zu: %s, want %s", i, out, want);
                }
        }
        /* ... a shell's own assignments before it, as an env's (sbx_run_words_assigned(); script56:
         * before, dropped, `sh -c 'GIT_DIR=G git stash'` outside the workspace read task_failure) */
        {
                static const struct {
                        const char *script, *want;
                        int r;
                } shs[] = {
                        { "GIT_DIR=r/.git git stash", "r/.git/index.lock", 2 },
                        { "LC_ALL=C GIT_DIR=r/.git git -C no stash push", "no/r/.git/index.lock", 2 },
                        { "GIT_INDEX_FILE=i GIT_DIR=r/.git git stash", NULL, 0 },
                        { "GIT_DIR= git stash", NULL, 0 },
                        /* (an outer shell's command's too, inherited: mktemp57) */
                        { "GIT_DIR=r/.git sh -c 'git stash'", "r/.git/index.lock", 2 },
                        { "GIT_DIR=x sh -c 'GIT_DIR=r/.git git stash'", "r/.git/index.lock", 2 },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(shs); i++) {
                        const char *argv[] = { "sh", "-c", shs[i].script, NULL };
                        struct sbx_run_words cw = { 0 };
                        char wd[PATH_MAX];
                        char *const *words = sbx_run_command_words((char *const *) argv, dir, wd, &cw);
                        char **assigned = sbx_run_words_assigned(&cw, words);
                        int r;

                        assert_non_null(assigned);
                        r = sbx_run_git_stash_lock(assigned, wd, out, sizeof(out));
                        if (r != shs[i].r)
                                fail_msg("shell case %zu (%s): %d", i, shs[i].script, r);
                        snprintf(want, sizeof(want), "%s/%s", dir, shs[i].want ? shs[i].want : "");
                        if (r > 0 && strcmp(out, want) != 0)
                                fail_msg("shell case %zu: %s, want %s", i, out, want);
                        free(assigned);
                        sbx_run_words_clear(&cw);
                }
        }
        /* `cd DIR && git stash`, DIR joined to sbx's directory, git's move to its top none of it;
         * not where a command follows it, nor a cd of ~ */
        {
                char script[PATH_MAX + 32];
                const char *argv[] = { "sh", "-c", script, NULL };

                snprintf(script, sizeof(script), "cd r/a && git stash pop");
                assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, dir, out, sizeof(out)), 1);
                snprintf(want, sizeof(want), "%s/r/.git/index.lock", dir);
                assert_string_equal(out, want);
                /* ... with its own GIT_DIR=, as an env's (2; script56: before, dropped, none) */
                snprintf(script, sizeof(script), "cd r && GIT_DIR=.git git stash");
                assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, dir, out, sizeof(out)), 2);
                assert_string_equal(out, want);
                snprintf(script, sizeof(script), "cd r && GIT_INDEX_FILE=i GIT_DIR=.git git stash");
                assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, dir, out, sizeof(out)), 0);
                /* the shell's cd logical: r/l/.. is r, not the parent of l's target, dir
                 * (review54: before, none, no repository above dir) */
                snprintf(path, sizeof(path), "%s/r/l", dir);
                assert_int_equal(symlink("../no", path), 0);
                snprintf(script, sizeof(script), "cd r/l/.. && git stash");
                assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, dir, out, sizeof(out)), 1);
                assert_string_equal(out, want);
                assert_int_equal(unlink(path), 0);
                snprintf(script, sizeof(script), "cd '%s/r/a/b' && git -C .. stash", dir);
                assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, "/", out, sizeof(out)), 1);
                assert_string_equal(out, want);
                snprintf(script, sizeof(script), "cd r/a && git stash && false");
                assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, dir, out, sizeof(out)), 0);
                snprintf(script, sizeof(script), "true && git stash");
                assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, dir, out, sizeof(out)), 0);
                /* a cd of ~, sbx's $HOME where sbx runs the shell itself (review53: before, none
                 * read); not where a wrapper may change its environment */
                {
                        const char *home = getenv("HOME");
                        char *saved = home ? strdup(home) : NULL;
                        const char *wrapped[] = { "env", "-u", "HOME", "sh", "-c", script, NULL };

                        snprintf(path, sizeof(path), "%s/r", dir);
                        assert_int_equal(setenv("HOME", path, 1), 0);
                        snprintf(script, sizeof(script), "cd ~/a && git stash");
                        assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, "/", out, sizeof(out)), 1);
                        assert_string_equal(out, want);
                        snprintf(script, sizeof(script), "cd ~ && git stash");
                        assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, "/", out, sizeof(out)), 1);
                        assert_string_equal(out, want);
                        assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) wrapped, "/", out, sizeof(out)), 0);
                        snprintf(script, sizeof(script), "cd ~x && git stash");
                        assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, "/", out, sizeof(out)), 0);
                        if (saved)
                                assert_int_equal(setenv("HOME", saved, 1), 0);
                        else
                                assert_int_equal(unsetenv("HOME"), 0);
                        free(saved);
                }
                snprintf(script, sizeof(script), "cd r/a && git stash list");
                assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, dir, out, sizeof(out)), 0);
                /* r/a found in sbx's CDPATH, as the shell finds it (review55: before, none from
                 * dir/no, which holds no r/a: a stash there read task_failure) */
                {
                        const char *cdpath = getenv("CDPATH");
                        char *saved = cdpath ? strdup(cdpath) : NULL, from[PATH_MAX];

                        assert_int_equal(setenv("CDPATH", dir, 1), 0);
                        snprintf(from, sizeof(from), "%s/no", dir);
                        snprintf(script, sizeof(script), "cd r/a && git stash");
                        assert_int_equal(sbx_run_chain_git_stash_lock((char *const *) argv, from, out, sizeof(out)), 1);
                        assert_string_equal(out, want);
                        if (saved)
                                assert_int_equal(setenv("CDPATH", saved, 1), 0);
                        else
                                assert_int_equal(unsetenv("CDPATH"), 0);
                        free(saved);
                }
        }
        snprintf(path, sizeof(path), "%s/wt/.git", dir);
        unlink(path);
        snprintf(path, sizeof(path), "%s/r/.git/HEAD", dir);
        unlink(path);
        for (size_t k = SBX_ELEMENTSOF(subs) - 1; k-- > 0;) {
                snprintf(path, sizeof(path), "%s/%s", dir, subs[k]);
                rmdir(path);
        }
        rmdir(dir);
}

/* An interpreter's script that may change its directory, where sbx cannot tell (review49: after a
 * Python chdir, `open("f", "w")` recorded WS/f): chdir anywhere, and for Python a child's cwd=. */
static void test_script_text_moves(void **state) {
        (void) state;
        assert_true(sbx_run_script_text_moves("import os; os.chdir('/x'); open('f', 'w')", SBX_INLINE_PYTHON));
        assert_true(sbx_run_script_text_moves("import os\nos.fchdir(fd)\n", SBX_INLINE_PYTHON));
        assert_true(sbx_run_script_text_moves("with contextlib.chdir(d): x()", SBX_INLINE_PYTHON));
        assert_true(sbx_run_script_text_moves("subprocess.run(['touch', 'f'], cwd='/x')", SBX_INLINE_PYTHON));
        /* the keyword spaced, as PEP 8 leaves it to the writer; a line's end before its '=';
         * a dict's key for **kwargs */
        assert_true(sbx_run_script_text_moves("subprocess.run(['touch', 'f'], cwd = '/x', check=True)", SBX_INLINE_PYTHON));
        assert_true(sbx_run_script_text_moves("subprocess.run(['touch', 'f'],\n    cwd\t=d)", SBX_INLINE_PYTHON));
        assert_true(sbx_run_script_text_moves("kw = {'cwd': d}; subprocess.run(a, **kw)", SBX_INLINE_PYTHON));
        assert_true(sbx_run_script_text_moves("subprocess.run(a, **{\"cwd\" : d})", SBX_INLINE_PYTHON));
        assert_false(sbx_run_script_text_moves("cwd_list: list = []; open('f', 'w')", SBX_INLINE_PYTHON));
        assert_false(sbx_run_script_text_moves("open(F, '>f'); $cwd = '/x'", SBX_INLINE_PERL));
        assert_true(sbx_run_script_text_moves("chdir '/x'; open(F, '>f')", SBX_INLINE_PERL));
        assert_false(sbx_run_script_text_moves("open('f', 'w')", SBX_INLINE_PYTHON));
        assert_false(sbx_run_script_text_moves("open(F, '>f'); $cwd='/x'", SBX_INLINE_PERL));
}

/* Wrappers that run a command where they were started (timeout, nice, stdbuf, ...): the
 * command's directory is read past them (`timeout 60 make -C sub` was -1, its lines' names
 * claimed for no directory). Their options are read exactly as they parse them; one they do not
 * take, or an ambiguous abbreviation, is -1, never a guess. */
static void test_wrapper_start_dir(void **state) {
        char tmpl[] = "/tmp/sbx-test-wrap.XXXXXX", sub[PATH_MAX], out[PATH_MAX];
        char *dir = mkdtemp(tmpl);
        struct {
                const char *argv[12];
                int want;  /* as the exec'd argv; 1: sub */
                int shell; /* as a script's one command (`time`, `command`, `exec`: the shell's) */
        } cases[] = {
                { { "timeout", "60", "make", "-C", "sub" }, 1, 1 },
                { { "/usr/bin/timeout", "-s", "KILL", "-k", "5", "60", "make", "-C", "sub" }, 1, 1 },
                { { "timeout", "-vsKILL", "-k5", "1m", "make", "-Csub" }, 1, 1 },
                { { "timeout", "--signal=TERM", "--kill=5", "--fore", "1m", "env", "-C", "sub", "x" }, 1, 1 },
                { { "timeout", "--preserve-status", "--", "9", "git", "-C", "sub", "fetch" }, 1, 1 },
                { { "timeout", "--kill-after", "5", "9", "make", "-C", "sub" }, 1, 1 },
                { { "timeout", "-x", "9", "make", "-C", "sub" }, -1, -1 },
                { { "timeout", "--ve", "9", "make", "-C", "sub" }, -1, -1 },    /* --verbose or --version */
                { { "timeout", "--verbose=1", "9", "make", "-C", "sub" }, -1, -1 }, /* takes no argument */
                { { "timeout", "--help", "make", "-C", "sub" }, 0, 0 },
                { { "timeout", "9" }, 0, 0 },
                { { "timeout", "9", "touch", "x" }, 0, 0 },
                { { "nice", "make", "-C", "sub" }, 1, 1 },
                { { "nice", "-n", "5", "make", "-C", "sub" }, 1, 1 },
                { { "nice", "-n5", "-10", "--adj=3", "make", "-C", "sub" }, 1, 1 },
                { { "nice", "--5", "make", "-C", "sub" }, 1, 1 },
                { { "nice", "-z", "make", "-C", "sub" }, -1, -1 },
                { { "nice" }, 0, 0 },
                { { "nohup", "make", "-C", "sub" }, -1, -1 }, /* its nohup.out is the start's */
                { { "nohup", "--", "touch", "x" }, 0, 0 },
                { { "nohup", "-n", "make" }, -1, -1 },
                { { "stdbuf", "-oL", "-e0", "make", "-C", "sub" }, 1, 1 },
                { { "stdbuf", "--output=L", "-i", "0", "make", "-C", "sub" }, 1, 1 },
                { { "stdbuf", "-x", "make", "-C", "sub" }, -1, -1 },
                { { "ionice", "-c", "3", "-t", "make", "-C", "sub" }, 1, 1 },
                { { "ionice", "--class=idle", "make", "-C", "sub" }, 1, 1 },
                { { "ionice", "-p", "1", "make", "-C", "sub" }, 0, 0 }, /* process ids, no command */
                { { "setsid", "-fw", "make", "-C", "sub" }, 1, 1 },
                { { "chrt", "-o", "0", "make", "-C", "sub" }, 1, 1 },
                { { "chrt", "--idle", "0", "make", "-C", "sub" }, 1, 1 },
                { { "chrt", "-o", "make", "-C", "sub" }, -1, -1 }, /* a priority or the command */
                { { "chrt", "-m" }, 0, 0 },
                { { "time", "-p", "make", "-C", "sub" }, 1, 1 },
                { { "time", "make", "-C", "sub" }, 1, 1 },
                { { "time", "-v", "make", "-C", "sub" }, 1, -1 }, /* bash's keyword: -v a command */
                { { "time", "-f", "%e", "-o", "/dev/null", "make", "-C", "sub" }, 1, -1 },
                { { "time", "-o", "t.txt", "make", "-C", "sub" }, -1, -1 }, /* t.txt is the start's */
                { { "time", "-o", "t.txt", "touch", "x" }, 0, -1 },
                { { "command", "make", "-C", "sub" }, -1, 1 },   /* a builtin: no program to exec */
                { { "command", "-p", "make", "-C", "sub" }, -1, 1 },
                { { "command", "-v", "make" }, 0, 0 },
                { { "exec", "make", "-C", "sub" }, -1, 1 },
                { { "exec", "-a", "x", "make", "-C", "sub" }, -1, -1 }, /* bash's -a, not dash's */
                { { "nice", "command", "make", "-C", "sub" }, -1, -1 }, /* nice runs a program `command` */
                { { "nice", "timeout", "5", "stdbuf", "-oL", "make", "-C", "sub" }, 1, 1 },
                { { "nice", "env", "-C", "sub", "x" }, 1, 1 },
                { { "env", "nice", "make", "-C", "sub" }, 1, 1 },
                { { "env", "nice", "env", "-C", "sub", "x" }, 1, 1 }, /* env after env, read as the chain moves */
                { { "timeout", "9", "xargs", "make", "-C", "sub" }, -1, -1 },
        };
        (void) state;

        assert_non_null(dir);
        snprintf(sub, sizeof(sub), "%s/sub", dir);
        assert_int_equal(mkdir(sub, 0755), 0);
        unsetenv("GIT_DIR");
        unsetenv("GIT_WORK_TREE");
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                char script[1024] = "";
                char *sh[] = { (char *) "bash", (char *) "-c", script, NULL };
                int r;

                out[0] = '\0';
                r = sbx_run_start_dir((char *const *) cases[i].argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out));
                if (r != cases[i].want)
                        fail_msg("case %zu (%s %s %s): %d", i, cases[i].argv[0], cases[i].argv[1], cases[i].argv[2], r);
                if (r == 1)
                        assert_string_equal(out, sub);
                for (size_t k = 0; cases[i].argv[k]; k++)
                        snprintf(script + strlen(script), sizeof(script) - strlen(script), "%s%s", k ? " " : "",
                                 cases[i].argv[k]);
                r = sbx_run_start_dir(sh, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out));
                if (r != cases[i].shell)
                        fail_msg("script %s: %d", script, r);
                if (r == 1)
                        assert_string_equal(out, sub);
        }
        {
                /* a shell's -c run by a wrapper, env or a shell: its script read as the command's */
                static const struct {
                        const char *script;
                        int want;
                } shells[] = {
                        { "timeout 60 bash -c 'cd sub && npm test'", 1 },
                        { "env sh -c 'make -C sub'", 1 },
                        { "sh -c \"nice sh -c 'cd sub && x'\"", 1 },
                        { "timeout 60 bash -c 'touch a && cd sub && touch b'", -1 },
                        { "timeout 60 bash -c 'npm test'", 0 },
                        { "nohup sh -c 'cd sub && x'", -1 }, /* nohup.out is the start's */
                        { "bash -c \"cd sub && x\" | tee log", -1 }, /* not one command: unknown */
                        { "cd sub && timeout 60 sh -c 'cd .. && x'", 0 },
                        { "xargs sh -c 'cd sub && x'", -1 }, /* a shell run by a program not read */
                        { "find . -exec sh -c \"cd '{}' && x\" ';'", -1 },
                };

                for (size_t i = 0; i < sizeof(shells) / sizeof(shells[0]); i++) {
                        char *argv[] = { (char *) "bash", (char *) "-c", (char *) shells[i].script, NULL };
                        int r;

                        out[0] = '\0';
                        r = sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out));
                        if (r != shells[i].want)
                                fail_msg("%s: %d", shells[i].script, r);
                        if (r == 1)
                                assert_string_equal(out, sub);
                }
                char *exec[] = { (char *) "timeout", (char *) "9", (char *) "sh", (char *) "-c",
                                 (char *) "cd sub && x", NULL };
                assert_int_equal(sbx_run_start_dir(exec, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
        }
        {
                /* after a leading cd: the wrapper's command runs there */
                char *argv[] = { (char *) "sh", (char *) "-c", (char *) "cd sub && timeout 60 npm test", NULL };

                assert_int_equal(sbx_run_start_dir(argv, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, sub);
        }
        {
                /* wrappers nested as deep as the argv is long: read in a loop, not nested */
                enum { MANY = 200000 };
                char **many = calloc(MANY + 1, sizeof(char *));

                assert_non_null(many);
                for (size_t i = 0; i < MANY; i++)
                        many[i] = (char *) (i % 3 == 0 ? "nice" : i % 3 == 1 ? "env" : "nohup");
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), -1);
                for (size_t i = 0; i < MANY; i++)
                        many[i] = (char *) (i % 2 ? "setsid" : "nice");
                assert_int_equal(sbx_run_start_dir(many, dir, SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 0);
                free(many);
        }
        rmdir(sub);
        rmdir(dir);
}

struct kids {
        pid_t pid[64];
        size_t n;
};

static void note_kid(pid_t pid, void *userdata) {
        struct kids *k = userdata;

        if (k->n < SBX_ELEMENTSOF(k->pid))
                k->pid[k->n++] = pid;
}

static bool has_kid(const struct kids *k, pid_t pid) {
        for (size_t i = 0; i < k->n; i++)
                if (k->pid[i] == pid)
                        return true;
        return false;
}

/* The number of the processes in k that are not in before. */
static size_t kids_new(const struct kids *k, const struct kids *before) {
        size_t n = 0;

        for (size_t i = 0; i < k->n; i++)
                n += !has_kid(before, k->pid[i]);
        return n;
}

/* The children of a process, from its /proc children list and, as a kernel without
 * CONFIG_PROC_CHILDREN needs, from every process's stat: the same three, not a grandchild.
 * Counted beside those the test process had before: an earlier test's script reader killed at
 * its deadline is reaped later (sbx run reaps its orphans), and under a load of 8 with the
 * sanitizers four such were counted here too (7 != 3). */
static void test_each_child_scan(void **state) {
        struct kids listed = { .n = 0 }, scanned = { .n = 0 }, before = { .n = 0 }, before_scan = { .n = 0 };
        pid_t kids[3];
        int ready[2];
        char c;
        (void) state;

        assert_int_equal(sbx_each_child(getpid(), note_kid, &before), 0);
        assert_int_equal(sbx_each_child_scan(getpid(), note_kid, &before_scan), 0);
        assert_true(before.n < 32 && before_scan.n < 32);
        assert_int_equal(pipe(ready), 0);
        for (int i = 0; i < 3; i++) {
                kids[i] = fork();
                assert_true(kids[i] >= 0);
                if (kids[i] == 0) {
                        /* the first one has a child of its own, a grandchild of the test */
                        if (i == 0 && fork() == 0) {
                                /* ends with its parent, not left behind */
                                (void) prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
                                if (getppid() == 1)
                                        _exit(0);
                                pause();
                                _exit(0);
                        }
                        /* ends with the test, even one that failed before its kill below */
                        (void) prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
                        (void) !write(ready[1], "x", 1);
                        pause();
                        _exit(0);
                }
        }
        for (int i = 0; i < 3; i++)
                assert_int_equal(read(ready[0], &c, 1), 1);
        assert_int_equal(sbx_each_child(getpid(), note_kid, &listed), 0);
        assert_int_equal(sbx_each_child_scan(getpid(), note_kid, &scanned), 0);
        assert_int_equal(kids_new(&listed, &before), 3);
        assert_int_equal(kids_new(&scanned, &before_scan), 3);
        for (int i = 0; i < 3; i++)
                assert_true(has_kid(&listed, kids[i]) && has_kid(&scanned, kids[i]));
        /* the grandchild, orphaned, is the test's no more than before */
        for (int i = 0; i < 3; i++) {
                kill(kids[i], SIGKILL);
                assert_int_equal(waitpid(kids[i], NULL, 0), kids[i]);
        }
        assert_int_equal(sbx_each_child(999999999, note_kid, &listed), -ENOENT);
        close(ready[0]);
        close(ready[1]);
}

/* the mount table's reading for the host checks (sbx_run_mounts_may_hang()): only local file
 * systems known to the kernel are asked directly; FUSE, NFS, CIFS, 9p, autofs and an unknown type
 * send the run's checks to a child killed at a deadline */
static void test_mounts_may_hang(void **state) {
        static const char local[] =
                "21 1 254:1 / / rw,relatime shared:1 - ext4 /dev/vda1 rw\n"
                "22 21 0:20 / /proc rw,nosuid,nodev,noexec,relatime shared:5 - proc proc rw\n"
                "23 21 0:21 / /sys rw,nosuid shared:6 master:1 - sysfs sysfs rw\n"
                "24 21 0:5 / /dev rw,nosuid shared:2 - devtmpfs udev rw,size=4007432k\n"
                "25 21 0:22 / /tmp/a\\040-\\040b rw - tmpfs tmpfs rw\n"
                "26 21 0:23 / /var/lib/docker/x rw - overlay overlay rw,lowerdir=/a\n"
                "27 23 0:24 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
        static const struct {
                const char *line;
                int hangs;
        } cases[] = {
                { "40 21 0:50 / /mnt/s rw,nosuid,nodev,relatime shared:9 - fuse.sshfs u@h:/ rw,user_id=0\n", 1 },
                { "40 21 0:50 / /mnt/f rw - fuse fuse-stall rw\n", 1 },
                { "40 21 0:50 / /mnt/f rw - fuseblk /dev/sdb1 rw\n", 1 },
                { "40 21 0:50 / /srv/nfs rw - nfs4 h:/export rw,vers=4.2\n", 1 },
                { "40 21 0:50 / /srv/smb rw - cifs //h/s rw\n", 1 },
                { "40 21 0:50 / /srv/9 rw - 9p share rw\n", 1 },
                { "40 22 0:50 / /proc/sys/fs/binfmt_misc rw - autofs systemd-1 rw,fd=29\n", 1 },
                { "40 21 0:50 / /x rw - somefs none rw\n", 1 },
                /* a mount point named "-" or "fuse" is no type */
                { "40 21 0:50 / /- rw - ext4 /dev/vdb rw\n", 0 },
                { "40 21 0:50 / /fuse rw shared:3 - xfs /dev/vdc rw\n", 0 },
                { "40 21 0:50 / /nfs rw - tmpfs tmpfs\n", 0 },
                { "", 0 },
        };
        char text[4096];

        (void) state;
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
                snprintf(text, sizeof(text), "%s%s", local, cases[i].line);
                assert_int_equal(sbx_run_mounts_may_hang(text), cases[i].hangs);
                /* its place in the table and the last newline do not matter */
                snprintf(text, sizeof(text), "%s%s", cases[i].line, local);
                text[strlen(text) - 1] = '\0';
                assert_int_equal(sbx_run_mounts_may_hang(text), cases[i].hangs);
        }
        assert_int_equal(sbx_run_mounts_may_hang(""), 0);
        assert_int_equal(sbx_run_mounts_may_hang("27 1 254:0 / / rw\n"), -EBADMSG);
        assert_int_equal(sbx_run_mounts_may_hang("garbage\n"), -EBADMSG);
        assert_int_equal(sbx_run_mounts_may_hang("21 1 254:1 / / rw - \n"), -EBADMSG);
        /* this host's own table parses */
        {
                FILE *f = fopen("/proc/self/mountinfo", "r");
                size_t n;

                assert_non_null(f);
                n = fread(text, 1, sizeof(text) - 1, f);
                fclose(f);
                text[n] = '\0';
                if (n < sizeof(text) - 1)
                        assert_true(sbx_run_mounts_may_hang(text) >= 0);
        }
}

/* The host's own answer to a change of mode or owner (run-host.c): procfs refuses anyone, root
 * too, the mode of a process's file (/proc/self/..., /proc/<pid>/...) and the mode and owner of a
 * sysctl's, whichever process the name is of (under bwrap, the command's own /proc: none of the
 * host's, or another); not root the mode of its other files, nor a regular file's elsewhere (root's
 * chmod 600 /proc/self/status read as denied under both backends, EPERM without sbx too). */
static void test_host_refuses_proc_mode(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { 0 };
        char path[64], dir[] = "/tmp/test-run-exec-XXXXXX", file[64], self[64];
        int fd;

        sbx_run_host_asking_starts();
        sbx_run_host_checks(&ctx);
        assert_non_null(ctx.host_refuses_owner);
        assert_true(ctx.host_refuses_owner(NULL, "/proc/self/status", true));
        assert_true(ctx.host_refuses_owner(NULL, "/proc/thread-self/status", true));
        snprintf(path, sizeof(path), "/proc/%d/status", (int) getpid());
        assert_true(ctx.host_refuses_owner(NULL, path, true));
        assert_true(ctx.host_refuses_owner(NULL, "/proc/999999999/status", true)); /* no such process */
        assert_true(ctx.host_refuses_owner(NULL, "/proc/sys/kernel/hostname", true));
        assert_true(ctx.host_refuses_owner(NULL, "/proc/sys/kernel/hostname", false));
        assert_true(ctx.host_refuses_owner(NULL, "/proc/self/fd", true)); /* the directory itself */
        /* a process's link (a descriptor, its cwd, root, exe) leads a chmod to a file elsewhere,
         * the command's, which procfs does not guard (review: root's `exec 57<F; chmod 600
         * /proc/self/fd/57` in read-only, F outside the workspace, read as task_failure) */
        {
                static const char *const links[] = {
                        "/fd/987654", "/task/1/fd/987654", "/cwd", "/cwd/x", "/root/etc/x", "/exe", "/map_files/1-2", "/ns/mnt",
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(links); i++) {
                        snprintf(path, sizeof(path), "/proc/%d%s", (int) getpid(), links[i]);
                        if (ctx.host_refuses_owner(NULL, path, true))
                                fail_msg("%s: read as procfs's own refusal", path);
                        snprintf(path, sizeof(path), "/proc/999999999%s", links[i]);
                        if (ctx.host_refuses_owner(NULL, path, true))
                                fail_msg("%s: read as procfs's own refusal", path);
                }
        }
        assert_non_null(mkdtemp(dir));
        snprintf(file, sizeof(file), "%s/f", dir);
        assert_true((fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)) >= 0);
        close(fd);
        if (geteuid() == 0) {
                /* root may change these: the host's answer is no */
                assert_false(ctx.host_refuses_owner(NULL, "/proc/self/status", false));
                assert_false(ctx.host_refuses_owner(NULL, "/proc/meminfo", true));
        }
        assert_false(ctx.host_refuses_owner(NULL, file, true));
        assert_false(ctx.host_refuses_owner(NULL, file, false));
        /* a name like a process's beneath another file system's directory: no procfs */
        snprintf(self, sizeof(self), "%s/self", dir);
        assert_false(ctx.host_refuses_owner(NULL, self, true));
        unlink(file);
        rmdir(dir);
}

/* An env's -S STRING read as the words GNU env 9.1 splits it into, where that is unambiguous (it
 * was not read: `env -S 'sh -c "cd /etc && touch x"'` claimed no directory and no script, and as
 * nobody the host's refusal of /etc/x read as denied, no path). Each row: the argv, then the split
 * joined as "[w]...", or NULL where it is not read. */
static void test_env_split(void **state) {
        (void) state;
        static const struct {
                const char *argv[8];
                const char *want;
        } rows[] = {
                { { "env", "-S", "sh -c \"cd /etc && touch x\"" }, "[env][sh][-c][cd /etc && touch x]" },
                { { "/usr/bin/env", "-Ssh -c 'x y'" }, "[/usr/bin/env][sh][-c][x y]" },
                { { "env", "--split-string=a  b", "c" }, "[env][a][b][c]" },
                { { "env", "--sp", "a\tb" }, "[env][a][b]" },
                { { "env", "-i", "-S", "a b", "c" }, "[env][-i][a][b][c]" },
                { { "env", "-iS", "a b" }, "[env][-i][a][b]" },
                { { "env", "-i0Sa b" }, "[env][-i0][a][b]" },
                { { "env", "-C", "/tmp", "-S", "a" }, "[env][-C][/tmp][a]" },
                { { "env", "-u", "S", "-S", "a" }, "[env][-u][S][a]" },
                { { "nice", "-n", "5", "env", "-S", "a b" }, "[nice][-n][5][env][a][b]" },
                { { "env", "X=1", "env", "-S", "a b" }, "[env][X=1][env][a][b]" },
                { { "env", "-S", "a\\\"b 'c\\'d' \"e\\\\f\" g#h \\#i \"\\$j\"" }, "[env][a\"b][c'd][e\\f][g#h][#i][$j]" },
                { { "env", "-S", "a '' \"\"" }, "[env][a][][]" },
                { { "env", "-S", "  " , "b" }, "[env][b]" },
                /* not read: an expansion, a comment, another escape, a quote not closed, no
                 * string, -S after `--` or after the command, no env */
                { { "env", "-S", "sh ${HOME}/x" }, NULL },
                { { "env", "-S", "sh \"$x\"" }, NULL },
                { { "env", "-S", "sh #c" }, NULL },
                { { "env", "-S", "a\\_b" }, NULL },
                { { "env", "-S", "a\\nb" }, NULL },
                { { "env", "-S", "'a\\nb'" }, NULL },
                { { "env", "-S", "\\c" }, NULL },
                { { "env", "-S", "'unclosed" }, NULL },
                { { "env", "-S" }, NULL },
                { { "env", "--", "-S", "a b" }, NULL },
                { { "env", "sh", "-S", "a b" }, NULL },
                { { "env", "-x", "-S", "a b" }, NULL },
                { { "sh", "-c", "env -S 'a b'" }, NULL },
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                char got[256] = "";
                _cleanup_strv_free_ char **v = sbx_run_env_split((char *const *) rows[i].argv);

                for (char **p = v; p && *p; p++) {
                        strcat(got, "[");
                        strcat(got, *p);
                        strcat(got, "]");
                }
                if (!rows[i].want != !v || (v && strcmp(got, rows[i].want) != 0))
                        fail_msg("row %zu (%s %s): %s, want %s", i, rows[i].argv[0], rows[i].argv[1] ? rows[i].argv[1] : "",
                                 v ? got : "NULL", rows[i].want ? rows[i].want : "NULL");
        }
        /* the split read as any argv is: its start directory and its script */
        {
                static const char *const argv[] = { "env", "-S", "sh -c \"cd /etc && touch x\"", NULL };
                _cleanup_strv_free_ char **v = sbx_run_env_split((char *const *) argv);
                char out[PATH_MAX];

                assert_non_null(v);
                assert_int_equal(sbx_run_start_dir(v, "/", SBX_RUN_DEV_UNKNOWN, out, sizeof(out)), 1);
                assert_string_equal(out, "/etc");
                assert_string_equal(sbx_run_shell_script(v), "cd /etc && touch x");
        }
}

/* BusyBox's shell called through the busybox binary is a shell (`busybox sh -c 'cat < F'`): its
 * script is read, whose redirections tell a read from a write (left51: NULL before, so as nobody
 * under Landlock ash's "can't open F: Permission denied" of a file the host lets nobody write
 * but not read was read as a refused write, denied). Not busybox's own options nor another
 * applet. */
static void test_shell_script_busybox_shell(void **state) {
        static const struct {
                const char *argv[8], *want;
        } rows[] = {
                { { "busybox", "sh", "-c", "cat < /wo/f", NULL }, "cat < /wo/f" },
                { { "/bin/busybox", "ash", "-e", "-c", "cat < /wo/f", NULL }, "cat < /wo/f" },
                { { "timeout", "9", "busybox", "hush", "-c", "x", NULL }, "x" },
                { { "env", "A=1", "busybox", "sh", "-c", "x", NULL }, "x" },
                { { "busybox", "tar", "-c", "x", NULL }, NULL },
                { { "busybox", "--help", NULL }, NULL },
                { { "busybox", NULL }, NULL },
                { { "busybox", "sh", "f.sh", NULL }, NULL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                const char *got = sbx_run_shell_script((char *const *) rows[i].argv);

                if (!got != !rows[i].want || (got && strcmp(got, rows[i].want) != 0))
                        fail_msg("row %zu: %s, want %s", i, got ? got : "NULL", rows[i].want ? rows[i].want : "NULL");
        }
}

/* The script that runs where a shell's script is one simple command running another shell's -c
 * script (sbx_run_shell_script_inner()): the nested one's, whose redirections its lines tell of
 * (robust55: `sbx run -c 'sh -c "echo x > l"'` recorded the link l, the outer script read, its
 * redirection inside quotes); the outer one where it is more than that, or where the nested
 * script cannot be split (an expansion). */
static void test_shell_script_inner(void **state) {
        static const struct {
                const char *argv[8], *want;
        } rows[] = {
                { { "bash", "-c", "sh -c 'echo x > l'", NULL }, "echo x > l" },
                { { "bash", "-c", "env sh -c 'echo x > l'", NULL }, "echo x > l" },
                { { "bash", "-c", "X=1 bash -e -c 'echo x >> l'", NULL }, "echo x >> l" },
                { { "bash", "-c", "sh -c 'sh -c \"echo x > l\"'", NULL }, "echo x > l" },
                { { "nice", "sh", "-c", "busybox sh -c 'cat < f'", NULL }, "cat < f" },
                { { "bash", "-c", "echo x > l", NULL }, "echo x > l" },
                { { "bash", "-c", "sh -c 'echo x' > l", NULL }, "sh -c 'echo x' > l" },
                { { "bash", "-c", "sh -c 'echo x'; echo y > l", NULL }, "sh -c 'echo x'; echo y > l" },
                { { "bash", "-c", "sh -c \"echo $X > l\"", NULL }, "sh -c \"echo $X > l\"" },
                { { "bash", "-c", "sh f.sh", NULL }, "sh f.sh" },
                { { "make", "-C", "d", NULL }, NULL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                _cleanup_free_ char *got = sbx_run_shell_script_inner((char *const *) rows[i].argv);

                if (!got != !rows[i].want || (got && strcmp(got, rows[i].want) != 0))
                        fail_msg("row %zu: %s, want %s", i, got ? got : "NULL", rows[i].want ? rows[i].want : "NULL");
        }
}

/* line classified by the landlock dialect, exit 1, with ctx set as sbx run sets it */
static struct sbx_classify_result *classified_landlock(struct sbx_classify_context *ctx, const char *line) {
        static struct sbx_classify_result res;
        const struct sbx_dialect *d = NULL;
        struct sbx_classifier *c = NULL;
        struct sbx_exit_status st = { .exit_code = 1 };
        struct sbx_diag diag = { 0 };

        assert_int_equal(sbx_dialect_builtin("landlock", &d), 0);
        assert_int_equal(sbx_classifier_new(d, &c, &diag), 0);
        sbx_run_classifier_set_context(c, ctx);
        assert_int_equal(sbx_classify_feed(c, line, strlen(line)), 0);
        assert_int_equal(sbx_classify_finish(c, &st, &res, &diag), 0);
        sbx_classifier_free(c);
        return &res;
}

/* A context the classifier refuses for a name longer than it keeps, read from the argv (sqlite3's
 * file, dd's of=) or the start directory, is set again without that name alone: the workspace,
 * where Landlock refuses no ordinary write, still tells the host's own refusal there (the whole
 * context was dropped, and the line read as denied); a start directory not kept leaves a relative
 * name no path, not its text. */
static void test_classifier_context_keeps_what_it_can(void **state) {
        (void) state;
        static const char *const ws[] = { "/w", NULL };
        char long_name[SBX_DENIAL_PATH_MAX + 100];
        struct sbx_classify_context ctx;
        struct sbx_classify_result *r;

        /* a name of 3000 bytes, which the kernel takes, is kept (it was left out beyond 1023) */
        snprintf(long_name, sizeof(long_name), "/w/%02997d", 7);
        ctx = (struct sbx_classify_context) { .cwd = long_name, .writable = ws, .granted = ws, .sqlite_target = long_name };
        r = classified_landlock(&ctx, "touch: cannot touch '/w/x': Permission denied\n");
        assert_string_equal(sbx_verdict_to_string(r->verdict), "task_failure");
        assert_ptr_equal(ctx.sqlite_target, long_name);
        assert_ptr_equal(ctx.cwd, long_name);
        assert_false(ctx.argv_name_lost);
        snprintf(long_name, sizeof(long_name), "/w/%04160d", 7);
        ctx = (struct sbx_classify_context) { .cwd = "/w", .writable = ws, .granted = ws, .sqlite_target = long_name };
        r = classified_landlock(&ctx, "touch: cannot touch '/w/x': Permission denied\n");
        assert_string_equal(sbx_verdict_to_string(r->verdict), "task_failure");
        assert_null(ctx.sqlite_target);
        assert_true(ctx.argv_name_lost);
        assert_string_equal(ctx.cwd, "/w");
        ctx = (struct sbx_classify_context) { .cwd = "/w", .writable = ws, .granted = ws, .dd_output = long_name };
        r = classified_landlock(&ctx, "touch: cannot touch '/w/x': Permission denied\n");
        assert_string_equal(sbx_verdict_to_string(r->verdict), "task_failure");
        assert_null(ctx.dd_output);
        /* the start directory too long: not known, a relative name keeps no path */
        ctx = (struct sbx_classify_context) { .cwd = long_name, .writable = ws, .granted = ws };
        r = classified_landlock(&ctx, "touch: cannot touch '/w/x': Permission denied\n");
        assert_string_equal(sbx_verdict_to_string(r->verdict), "task_failure");
        r = classified_landlock(&ctx, "touch: cannot touch 'x': Permission denied\n");
        assert_string_equal(sbx_verdict_to_string(r->verdict), "denied");
        assert_string_equal(r->denials[0].path, "");
        /* refused still (a writable directory too long): nothing, every signature line a denial */
        {
                const char *const long_ws[] = { long_name, NULL };

                ctx = (struct sbx_classify_context) { .cwd = "/w", .writable = long_ws, .sqlite_target = long_name };
                r = classified_landlock(&ctx, "touch: cannot touch '/w/x': Permission denied\n");
                assert_string_equal(sbx_verdict_to_string(r->verdict), "denied");
                assert_null(ctx.cwd);
                assert_null(ctx.writable);
        }
}

/* Whether a name exists on the host, its last component not followed (run-host.c), and what it
 * is: a dangling symlink is a name there (a removal of it succeeds), no directory; a missing one
 * is not, and a name past a file cannot be told (ENOTDIR: the host's lookup fails before any
 * removal); a directory, and one that holds entries. For the lines of a removal under bwrap,
 * whose EROFS a missing name gets where the host gives ENOENT (ENOTEMPTY, ENOTDIR, EISDIR). */
static void test_host_exists(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { 0 };
        char dir[] = "/tmp/test-run-exec-XXXXXX", path[64];
        int fd;

        sbx_run_host_asking_starts();
        sbx_run_host_checks(&ctx);
        assert_non_null(ctx.host_exists);
        assert_non_null(mkdtemp(dir));
        snprintf(path, sizeof(path), "%s/f", dir);
        assert_int_equal(ctx.host_exists(NULL, path), SBX_HOST_NAME_MISSING);
        assert_int_equal(ctx.host_exists(NULL, dir), SBX_HOST_NAME_DIR);
        assert_true((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)) >= 0);
        close(fd);
        assert_int_equal(ctx.host_exists(NULL, path), SBX_HOST_NAME_FILE);
        assert_int_equal(ctx.host_exists(NULL, dir), SBX_HOST_NAME_DIR_ENTRIES);
        snprintf(path, sizeof(path), "%s/f/x", dir);
        assert_int_equal(ctx.host_exists(NULL, path), -1);
        snprintf(path, sizeof(path), "%s/l", dir);
        assert_int_equal(symlink("missing", path), 0);
        assert_int_equal(ctx.host_exists(NULL, path), SBX_HOST_NAME_FILE);
        unlink(path);
        snprintf(path, sizeof(path), "%s/f", dir);
        unlink(path);
        rmdir(dir);
}

/* Whether host_needs_capability() answers true for path within ten asks, each with a new run's
 * checks (sbx_run_host_checks(): one not answered in time cuts off the later ones). Where the
 * host has a mount that may hang (another test's FUSE mount, in CI beside the integration tests)
 * the checks go to a child killed at 500 ms, and under the suite's load one ask was not answered
 * and read false (unit-run-exec in CI: 0x3 != 0 in test_host_needs_capability_noexec). */
static bool needs_capability_within_tries(struct sbx_classify_context *ctx, const char *path, bool run) {
        for (int i = 0; i < 10; i++) {
                sbx_run_host_asking_starts();
                sbx_run_host_checks(ctx);
                if (ctx->host_needs_capability(NULL, path, run))
                        return true;
        }
        return false;
}

/* Root's refusal that only the capabilities the command does not keep would pass
 * (host_needs_capability): root's 0555 script in the workspace, which capless root may not
 * write; but its run on a file system mounted noexec is refused root on the host too, where the
 * line may tell of a run (review50: as root, `sh -c ./s` in a workspace mounted noexec read
 * denied under Landlock). Root alone, in a mount namespace of its own (skipped otherwise). */
static void test_host_needs_capability_noexec(void **state) {
        (void) state;
        pid_t pid;
        int status;

        if (geteuid() != 0) {
                skip();
                return;
        }
        pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                struct sbx_classify_context ctx = { 0 };
                char dir[] = "/tmp/test-run-exec-XXXXXX", path[64];
                int fd, r = 0;

                if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0 ||
                    !mkdtemp(dir))
                        _exit(77);
                if (mount("sbx-test", dir, "tmpfs", MS_NOEXEC, "size=64k") < 0) {
                        rmdir(dir);
                        _exit(77);
                }
                snprintf(path, sizeof(path), "%s/s", dir);
                if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0555)) < 0)
                        _exit(2);
                close(fd);
                /* a write or a read: capless root may not write it */
                if (!needs_capability_within_tries(&ctx, path, false))
                        r = 3;
                /* a run: noexec refuses root too */
                else if (ctx.host_needs_capability(NULL, path, true))
                        r = 4;
                umount2(dir, MNT_DETACH);
                rmdir(dir);
                _exit(r);
        }
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status));
        if (WEXITSTATUS(status) == 77) {
                skip();
                return;
        }
        if (WEXITSTATUS(status) == 4)
                fail_msg("a run of root's 0555 script on a noexec mount: the capabilities' refusal, want the host's");
        assert_int_equal(WEXITSTATUS(status), 0);
}

/* Root's read of a file of root's on sysfs that no bit lets anyone read (0200): kernfs refuses it
 * root on the host too, whatever the capabilities, so it is no refusal for want of them and the
 * host's own (review51b: as root in read-only mode, `cat /sys/bus/pci/rescan` read denied under
 * bwrap, and under Landlock, with `cat /proc/sys/vm/drop_caches`).
 * Root alone, where such a file exists (skipped otherwise). */
static void test_host_needs_capability_kernfs(void **state) {
        (void) state;
        static const char *const files[] = { "/sys/bus/pci/rescan", "/sys/bus/pci/drivers_probe",
                                             "/sys/kernel/mm/ksm/run", "/sys/power/wakeup_count" };
        struct sbx_classify_context ctx = { 0 };
        struct stat st;
        bool asked = false;

        if (geteuid() != 0) {
                skip();
                return;
        }
        sbx_run_host_asking_starts();
        sbx_run_host_checks(&ctx);
        for (size_t i = 0; i < SBX_ELEMENTSOF(files); i++) {
                if (stat(files[i], &st) < 0 || st.st_uid != 0 || (st.st_mode & 0777) != 0200)
                        continue;
                asked = true;
                if (ctx.host_needs_capability(NULL, files[i], false))
                        fail_msg("root's read of %s, 0200 on sysfs: the capabilities' refusal, want the host's", files[i]);
                /* ... and the host refuses it root (under Landlock, the line a denial signature) */
                if (!ctx.host_refuses(NULL, files[i], false, true, true))
                        fail_msg("root's read of %s, 0200 on sysfs: not the host's refusal", files[i]);
        }
        /* a sysctl's file no bit lets anyone read: the same */
        if (stat("/proc/sys/vm/drop_caches", &st) == 0 && st.st_uid == 0 && (st.st_mode & 0777) == 0200) {
                asked = true;
                if (!ctx.host_refuses(NULL, "/proc/sys/vm/drop_caches", false, true, true))
                        fail_msg("root's read of /proc/sys/vm/drop_caches, 0200: not the host's refusal");
        }
        if (!asked)
                skip();
}

/* Root's refusal of a file with an ACL (review50: another user's file whose ACL names that user,
 * in the workspace, read as the host's own refusal of root under both backends, task_failure):
 * root's capabilities pass any ACL, so root's refusal without them is the sandbox's, failing
 * closed. Root alone, where the file system takes ACLs (skipped otherwise). */
static void test_host_needs_capability_acl(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { 0 };
        char dir[] = "/tmp/test-run-exec-XXXXXX", path[64];
        /* version 2; user::rw-, user:12345:rw-, group::r--, mask::rw-, other::r-- */
        static const unsigned char acl[] = { 2, 0, 0, 0, 1, 0, 6, 0, 0xff, 0xff, 0xff, 0xff,
                                             2, 0, 6, 0, 0x39, 0x30, 0, 0,  4, 0, 4, 0, 0xff, 0xff, 0xff, 0xff,
                                             0x10, 0, 6, 0, 0xff, 0xff, 0xff, 0xff, 0x20, 0, 4, 0, 0xff, 0xff, 0xff, 0xff };
        int fd, r;

        if (geteuid() != 0) {
                skip();
                return;
        }
        assert_non_null(mkdtemp(dir));
        snprintf(path, sizeof(path), "%s/f", dir);
        assert_true((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)) >= 0);
        close(fd);
        assert_int_equal(chown(path, 12345, 12345), 0);
        r = setxattr(path, "system.posix_acl_access", acl, sizeof(acl), 0);
        if (r == 0) {
                if (!needs_capability_within_tries(&ctx, path, false))
                        fail_msg("root's write of another user's file with an ACL: the host's refusal, want the capabilities'");
        }
        unlink(path);
        rmdir(dir);
        if (r != 0)
                skip();
}

/* Root's write through a dangling symlink makes its target: asked of the target (review50: as
 * root under bwrap, `echo x > l` of l -> d/new, d another user's 0755 directory in the
 * workspace, read as the host's refusal, task_failure: a dangling link was never asked); but
 * not where fs.protected_symlinks refuses root its following too (the link another user's in a
 * sticky directory others may write). Root alone (skipped otherwise). */
static void test_host_needs_capability_dangling_link(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { 0 };
        char dir[] = "/tmp/test-run-exec-XXXXXX", d[64], l[64], sticky[64], l2[64], level[16] = "";
        FILE *f;

        if (geteuid() != 0) {
                skip();
                return;
        }
        assert_non_null(mkdtemp(dir));
        snprintf(d, sizeof(d), "%s/d", dir);
        snprintf(l, sizeof(l), "%s/l", dir);
        snprintf(sticky, sizeof(sticky), "%s/s", dir);
        snprintf(l2, sizeof(l2), "%s/s/l", dir);
        assert_int_equal(mkdir(d, 0755), 0);
        assert_int_equal(chown(d, 12345, 12345), 0);
        assert_int_equal(symlink("d/new", l), 0);
        if (!needs_capability_within_tries(&ctx, l, false))
                fail_msg("root's write through l -> d/new, d another user's 0755 directory: the host's refusal");
        assert_int_equal(mkdir(sticky, 0777), 0);
        assert_int_equal(chmod(sticky, 01777), 0);
        assert_int_equal(symlink("../d/new", l2), 0);
        assert_int_equal(lchown(l2, 12345, 12345), 0);
        if ((f = fopen("/proc/sys/fs/protected_symlinks", "re"))) {
                if (fgets(level, sizeof(level), f) && atoi(level) > 0 && ctx.host_needs_capability(NULL, l2, false))
                        fail_msg("root's write through another user's link in a sticky 1777 directory: the capabilities' refusal, want the host's (fs.protected_symlinks)");
                fclose(f);
        }
        unlink(l2);
        rmdir(sticky);
        unlink(l);
        rmdir(d);
        rmdir(dir);
}

/* A dangling symlink is asked of the target an open with O_CREAT makes through it, as the
 * command's open of it follows it (review51: sqlite3's "unable to open database" and curl's "(23)"
 * name no errno, and a database or output file l.db -> missing/n.db, ENOENT on the host too, read
 * as denied; as nobody, its own l.db -> root/n.db, root's 0755 directory, too): its directory
 * missing (host_dir_missing), and, as nobody, the host's refusal (host_refuses). */
static void test_host_checks_dangling_link_target(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { 0 };
        char dir[] = "/tmp/test-run-exec-XXXXXX", l1[64], l3[64], d[64], own[64], l2[64], l4[64];
        pid_t pid;
        int status;

        sbx_run_host_asking_starts();
        sbx_run_host_checks(&ctx);
        assert_non_null(ctx.host_dir_missing);
        assert_non_null(mkdtemp(dir));
        assert_int_equal(chmod(dir, 0755), 0);
        snprintf(l1, sizeof(l1), "%s/l1", dir);
        snprintf(l3, sizeof(l3), "%s/l3", dir);
        snprintf(d, sizeof(d), "%s/d", dir);
        snprintf(own, sizeof(own), "%s/own", dir);
        snprintf(l2, sizeof(l2), "%s/own/l2", dir);
        snprintf(l4, sizeof(l4), "%s/own/l4", dir);
        assert_int_equal(mkdir(d, 0755), 0);
        assert_int_equal(symlink("missing/n.db", l1), 0);
        assert_int_equal(symlink("d/n.db", l3), 0);
        if (!ctx.host_dir_missing(NULL, l1))
                fail_msg("l1 -> missing/n.db: its target's directory missing, want true");
        assert_false(ctx.host_dir_missing(NULL, l3));
        if (geteuid() == 0) {
                assert_int_equal(mkdir(own, 0755), 0);
                assert_int_equal(chown(own, 65534, 65534), 0);
                assert_int_equal(symlink("../d/n.db", l2), 0);
                assert_int_equal(symlink("n.db", l4), 0);
                pid = fork();
                assert_true(pid >= 0);
                if (pid == 0) {
                        struct sbx_classify_context nctx = { 0 };

                        if (setresgid(65534, 65534, 65534) < 0 || setresuid(65534, 65534, 65534) < 0)
                                _exit(77);
                        sbx_run_host_asking_starts();
                        sbx_run_host_checks(&nctx);
                        /* an open of it for writing: root's 0755 d refuses nobody its n.db */
                        if (!nctx.host_refuses(NULL, l2, false, true, false))
                                _exit(3);
                        /* its own directory's n.db: the host lets nobody make it */
                        if (nctx.host_refuses(NULL, l4, false, true, false))
                                _exit(4);
                        _exit(0);
                }
                assert_int_equal(waitpid(pid, &status, 0), pid);
                assert_true(WIFEXITED(status));
                if (WEXITSTATUS(status) == 3)
                        fail_msg("nobody's l2 -> ../d/n.db, d root's 0755 directory: not the host's refusal");
                if (WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != 77)
                        fail_msg("nobody's l4 -> n.db in its own directory: the host's refusal (%d)", WEXITSTATUS(status));
                unlink(l2);
                unlink(l4);
                rmdir(own);
        }
        unlink(l1);
        unlink(l3);
        rmdir(d);
        rmdir(dir);
}

/* A symlink that loops, the name itself or a directory on its way: the host's open fails with
 * ELOOP before any permission check, as where its directory is missing (robust55: `zip -q
 * lp.zip f`, lp.zip -> lp.zip, zip's silent 15 read denied in both modes, the link recorded) */
static void test_host_checks_link_loop(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { 0 };
        char dir[] = "/tmp/test-run-exec-XXXXXX", lp[64], a[64], b[64], in[64], f[64];

        sbx_run_host_asking_starts();
        sbx_run_host_checks(&ctx);
        assert_non_null(mkdtemp(dir));
        snprintf(lp, sizeof(lp), "%s/lp.zip", dir);
        snprintf(a, sizeof(a), "%s/a", dir);
        snprintf(b, sizeof(b), "%s/b", dir);
        snprintf(in, sizeof(in), "%s/a/x.zip", dir);
        snprintf(f, sizeof(f), "%s/f.zip", dir);
        assert_int_equal(symlink("lp.zip", lp), 0);
        assert_int_equal(symlink("b", a), 0);
        assert_int_equal(symlink("a", b), 0);
        if (!ctx.host_dir_missing(NULL, lp))
                fail_msg("lp.zip -> lp.zip: a loop, want true");
        if (!ctx.host_dir_missing(NULL, in))
                fail_msg("a/x.zip, a -> b -> a: a loop on its way, want true");
        /* a name in a directory that is there, none of it a link: as before */
        assert_false(ctx.host_dir_missing(NULL, f));
        unlink(lp);
        unlink(a);
        unlink(b);
        rmdir(dir);
}

/* A dangling symlink is followed to the name it would make (a write through it, open's O_CREAT,
 * makes its target: what the sandbox refuses), a relative one from its directory, a chain of them
 * too, one on the way as well; a loop is no path (before: the link's own name, so `curl -so out
 * URL` and `sqlite3 out ...`, out a link in the workspace to a new file outside it, read
 * task_failure in workspace-write under both backends). */
static void test_host_path_dangling_link(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { 0 };
        char dir[] = "/tmp/sbx-dangling-XXXXXX", a[256], b[256], want[512], out[4096], real[4096];
        static const char *const links[][2] = {
                { "abs", NULL }, /* -> DIR/out/new (absolute) */
                { "rel", "out/new" },
                { "chain", "rel" },
                { "dlink", "out/sub" }, /* a directory on the way, dangling */
                { "loop1", "loop2" },
                { "loop2", "loop1" },
        };

        sbx_run_host_asking_starts();
        sbx_run_host_checks(&ctx);
        assert_non_null(ctx.resolve);
        assert_non_null(mkdtemp(dir));
        assert_non_null(realpath(dir, real));
        snprintf(a, sizeof(a), "%s/out", dir);
        assert_int_equal(mkdir(a, 0700), 0);
        for (size_t i = 0; i < SBX_ELEMENTSOF(links); i++) {
                snprintf(a, sizeof(a), "%s/%s", dir, links[i][0]);
                snprintf(b, sizeof(b), "%s/out/new", dir);
                assert_int_equal(symlink(links[i][1] ? links[i][1] : b, a), 0);
        }
        {
                static const char *const names[][2] = {
                        { "abs", "/out/new" },        { "rel", "/out/new" },          { "chain", "/out/new" },
                        { "dlink/x", "/out/sub/x" }, { "missing/x", "/missing/x" },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(names); i++) {
                        snprintf(a, sizeof(a), "%s/%s", dir, names[i][0]);
                        snprintf(want, sizeof(want), "%s%s", real, names[i][1]);
                        if (ctx.resolve(NULL, a, out, sizeof(out)) == 0 || strcmp(out, want) != 0)
                                fail_msg("%s: %s, want %s", a, out, want);
                }
        }
        snprintf(a, sizeof(a), "%s/loop1", dir);
        assert_int_equal(ctx.resolve(NULL, a, out, sizeof(out)), 0);
        for (size_t i = 0; i < SBX_ELEMENTSOF(links); i++) {
                snprintf(a, sizeof(a), "%s/%s", dir, links[i][0]);
                unlink(a);
        }
        snprintf(a, sizeof(a), "%s/out", dir);
        rmdir(a);
        rmdir(dir);
}

/* A name through a process's link of procfs is the command's process's, which sbx's own
 * /proc/self is not: the host's path cannot be told (it was sbx's own descriptor's: as nobody,
 * `exec 0<own-file; chmod 600 /proc/self/fd/0` with sbx's stdin /dev/null was asked of /dev/null,
 * root's, and read as the host's refusal). A name through procfs's ordinary links (/proc/self)
 * is resolved. */
static void test_host_path_process_links(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { 0 };
        char path[64], out[4096];
        int p[2], fd;

        sbx_run_host_asking_starts();
        sbx_run_host_checks(&ctx);
        assert_non_null(ctx.resolve);
        assert_int_equal(pipe2(p, O_CLOEXEC), 0);
        assert_true((fd = open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0);
        {
                const int fds[] = { p[0], fd };

                for (size_t i = 0; i < SBX_ELEMENTSOF(fds); i++) {
                        snprintf(path, sizeof(path), "/proc/self/fd/%d", fds[i]);
                        if (ctx.resolve(NULL, path, out, sizeof(out)) != 0)
                                fail_msg("%s: resolved to sbx's own %s", path, out);
                        snprintf(path, sizeof(path), "/dev/fd/%d", fds[i]);
                        if (ctx.resolve(NULL, path, out, sizeof(out)) != 0)
                                fail_msg("%s: resolved to sbx's own %s", path, out);
                }
        }
        /* the same written otherwise: "." and ".." components, doubled slashes, a descriptor
         * sbx does not hold (its /proc/self/fd/987 is missing, and its /proc/self/fd was the
         * path's longest existing part) */
        {
                static const char *const odd[] = { "/proc/self/../self/fd/987", "/proc//self/fd/987",
                                                   "/proc/self/./fd/987",      "/dev/./fd/987",
                                                   "/dev//fd/987",             "/dev/../dev/fd/987",
                                                   "/proc/self/fd/../fd/987",  "/proc/./self/task/../fd/987" };

                char dir[] = "/tmp/sbx-proclink-XXXXXX", link[64];

                for (size_t i = 0; i < SBX_ELEMENTSOF(odd); i++)
                        if (ctx.resolve(NULL, odd[i], out, sizeof(out)) != 0)
                                fail_msg("%s: resolved to sbx's own %s", odd[i], out);
                /* and through a symlink to /proc/self/fd, which no text tells */
                assert_non_null(mkdtemp(dir));
                snprintf(link, sizeof(link), "%s/l", dir);
                assert_int_equal(symlink("/proc/self/fd", link), 0);
                snprintf(path, sizeof(path), "%s/987", link);
                if (ctx.resolve(NULL, path, out, sizeof(out)) != 0)
                        fail_msg("%s: resolved to sbx's own %s", path, out);
                unlink(link);
                rmdir(dir);
        }
        if (ctx.resolve(NULL, "/proc/self/cwd/x", out, sizeof(out)) != 0)
                fail_msg("/proc/self/cwd/x: resolved to sbx's own %s", out);
        if (ctx.resolve(NULL, "/proc/self/root/etc/x", out, sizeof(out)) != 0)
                fail_msg("/proc/self/root/etc/x: resolved to sbx's own %s", out);
        /* procfs's ordinary link is followed: a process's file of procfs, sbx's own, or the
         * asking child's where a mount may hang (another test's FUSE mount, in CI) */
        {
                size_t n = ctx.resolve(NULL, "/proc/self/status", out, sizeof(out)), d;

                assert_true(n > 13);
                assert_memory_equal(out, "/proc/", 6);
                d = strspn(out + 6, "0123456789");
                assert_true(d > 0);
                assert_string_equal(out + 6 + d, "/status");
        }
        close(fd);
        close(p[0]);
        close(p[1]);
}

/* Each test a run of its own: a deadline of the host's that a row before missed (a script read of
 * 500 ms under the suite's load, beside another test's FUSE mount) is forgotten, as cmd-run.c's
 * run_once() forgets it (sbx_run_host_asking_starts()). */
static int fresh_run(void **state) {
        (void) state;
        sbx_run_host_asking_starts();
        return 0;
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test_setup(test_status_read, fresh_run),
                cmocka_unit_test_setup(test_status_lost, fresh_run),
                cmocka_unit_test_setup(test_status_lost_after_descriptors_closed, fresh_run),
                cmocka_unit_test(test_tty_settings_ours),
                cmocka_unit_test(test_tty_settings_shared),
                cmocka_unit_test(test_tty_settings_waiting),
                cmocka_unit_test_setup(test_script_start_dir, fresh_run),
                cmocka_unit_test_setup(test_script_start_dir_dev, fresh_run),
                cmocka_unit_test_setup(test_make_start_dir, fresh_run),
                cmocka_unit_test_setup(test_tool_start_dir, fresh_run),
                cmocka_unit_test_teardown(test_script_file_start_dir, script_dir_teardown),
                cmocka_unit_test_setup(test_script_file_unnamed, fresh_run),
                cmocka_unit_test_setup(test_script_file_reader_failed, fresh_run),
                cmocka_unit_test_setup(test_wrapper_start_dir, fresh_run),
                cmocka_unit_test_setup(test_move_dest, fresh_run),
                cmocka_unit_test_setup(test_sqlite_target, fresh_run),
                cmocka_unit_test_setup(test_sqlite_target_either, fresh_run),
                cmocka_unit_test_setup(test_sqlite_rc_file, fresh_run),
                cmocka_unit_test_setup(test_chattr_capability, fresh_run),
                cmocka_unit_test_setup(test_tar_replaces, fresh_run),
                cmocka_unit_test_setup_teardown(test_chattr_silent_file, fresh_run, script_dir_teardown),
                cmocka_unit_test_setup(test_sqlite_database, fresh_run),
                cmocka_unit_test_setup(test_sqlite_sql_dir, fresh_run),
                cmocka_unit_test_setup(test_sqlite_stdin_dir, fresh_run),
                cmocka_unit_test_setup(test_dd_output, fresh_run),
                cmocka_unit_test_setup(test_curl_output, fresh_run),
                cmocka_unit_test_setup(test_git_stash_lock, fresh_run),
                cmocka_unit_test_setup(test_chain_cd_read, fresh_run),
                cmocka_unit_test_setup(test_zip_output, fresh_run),
                cmocka_unit_test_setup(test_ninja_log, fresh_run),
                cmocka_unit_test_setup(test_compileall_dir, fresh_run),
                cmocka_unit_test_setup_teardown(test_compileall_tried, fresh_run, script_dir_teardown),
                cmocka_unit_test_setup(test_iconv_output, fresh_run),
                cmocka_unit_test_setup(test_archive_output, fresh_run),
                cmocka_unit_test_setup(test_archive_output_tmp, fresh_run),
                cmocka_unit_test_setup(test_keygen_hosts, fresh_run),
                cmocka_unit_test_setup(test_rustc_out_dir, fresh_run),
                cmocka_unit_test_setup(test_mktemp_file, fresh_run),
                cmocka_unit_test_setup(test_npm_dir, fresh_run),
                cmocka_unit_test_setup(test_npm_scripts, fresh_run),
                cmocka_unit_test_setup(test_meson_compile_ninja_log, fresh_run),
                cmocka_unit_test_setup(test_cmake_build_ninja_log, fresh_run),
                cmocka_unit_test_setup(test_wget_output, fresh_run),
                cmocka_unit_test_setup(test_wget_output_there, fresh_run),
                cmocka_unit_test_setup(test_bfd_output, fresh_run),
                cmocka_unit_test_setup(test_javac_dir, fresh_run),
                cmocka_unit_test_setup_teardown(test_javac_natives, fresh_run, script_dir_teardown),
                cmocka_unit_test_setup(test_chain_javac_dir, fresh_run),
                cmocka_unit_test_setup(test_chain_curl_output, fresh_run),
                cmocka_unit_test_setup(test_chain_curl_outputs, fresh_run),
                cmocka_unit_test_setup(test_pipe_sqlite, fresh_run),
                cmocka_unit_test_setup(test_bfd_outputs, fresh_run),
                cmocka_unit_test_setup(test_find_exec, fresh_run),
                cmocka_unit_test_setup(test_touch_how, fresh_run),
                cmocka_unit_test_setup(test_inline_script, fresh_run),
                cmocka_unit_test_setup(test_python_file, fresh_run),
                cmocka_unit_test_setup(test_perl_file, fresh_run),
                cmocka_unit_test_setup(test_script_text_moves, fresh_run),
                cmocka_unit_test_setup(test_each_child_scan, fresh_run),
                cmocka_unit_test_setup(test_mounts_may_hang, fresh_run),
                cmocka_unit_test_setup(test_host_refuses_proc_mode, fresh_run),
                cmocka_unit_test_setup(test_host_path_process_links, fresh_run),
                cmocka_unit_test_setup(test_host_path_dangling_link, fresh_run),
                cmocka_unit_test_setup(test_host_exists, fresh_run),
                cmocka_unit_test_setup(test_host_needs_capability_noexec, fresh_run),
                cmocka_unit_test_setup(test_host_needs_capability_kernfs, fresh_run),
                cmocka_unit_test_setup(test_host_needs_capability_acl, fresh_run),
                cmocka_unit_test_setup(test_host_needs_capability_dangling_link, fresh_run),
                cmocka_unit_test_setup(test_host_checks_dangling_link_target, fresh_run),
                cmocka_unit_test_setup(test_host_checks_link_loop, fresh_run),
                cmocka_unit_test_setup(test_classifier_context_keeps_what_it_can, fresh_run),
                cmocka_unit_test_setup(test_env_split, fresh_run),
                cmocka_unit_test_setup(test_shell_script_busybox_shell, fresh_run),
                cmocka_unit_test_setup(test_shell_script_inner, fresh_run),
                cmocka_unit_test_setup(test_chain_only, fresh_run),
                cmocka_unit_test_setup(test_chain_sqlite, fresh_run),
        };
        /* bash reads it before a -c script: the scripts' directories are then not known */
        unsetenv("BASH_ENV");
        return cmocka_run_group_tests(tests, NULL, NULL);
}
