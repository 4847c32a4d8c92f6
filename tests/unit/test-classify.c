/* The classifier: the order of the rules, streaming, robustness, denial paths. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "classify-internal.h"
#include "cmd-classify.h"
#include "sbx-classify.h"
#include "sbx-macro.h"

static const struct sbx_dialect *builtin(const char *name) {
        const struct sbx_dialect *d = NULL;
        assert_int_equal(sbx_dialect_builtin(name, &d), 0);
        assert_non_null(d);
        return d;
}

static struct sbx_dialect *parse(const char *text) {
        struct sbx_dialect *d = NULL;
        struct sbx_diag diag = { 0 };
        int r = sbx_dialect_parse(text, strlen(text), "test", &d, &diag);
        if (r < 0)
                fail_msg("parse failed: %s", diag.msg);
        return d;
}

/* Classifies `len` bytes fed in chunks of `chunk` bytes (0: all at once). */
static void run_chunked(const struct sbx_dialect *d, int exit_code, int sig, const void *buf, size_t len,
                        size_t chunk, struct sbx_classify_result *res) {
        struct sbx_classifier *c = NULL;
        struct sbx_exit_status st = { .exit_code = exit_code, .signal = sig };
        struct sbx_diag diag = { 0 };

        assert_int_equal(sbx_classifier_new(d, &c, &diag), 0);
        if (chunk == 0)
                chunk = len ? len : 1;
        for (size_t off = 0; off < len; off += chunk)
                assert_int_equal(sbx_classify_feed(c, (const char *) buf + off, len - off < chunk ? len - off : chunk), 0);
        assert_int_equal(sbx_classify_finish(c, &st, res, &diag), 0);
        sbx_classifier_free(c);
}

/* Appends s to buf (size bytes) at *len, then again while *len is below `to` (a filler line). */
static void append(char *buf, size_t size, size_t *len, const char *s, size_t to) {
        size_t n = strlen(s);

        do {
                assert_true(*len + n <= size);
                memcpy(buf + *len, s, n);
                *len += n;
        } while (*len < to);
}

static struct sbx_classify_result *run(const char *backend, int exit_code, int sig, const char *text) {
        static struct sbx_classify_result res;
        run_chunked(builtin(backend), exit_code, sig, text, strlen(text), 0, &res);
        return &res;
}

#define assert_verdict(res, v) assert_string_equal(sbx_verdict_to_string((res)->verdict), (v))

static void test_classify_verdict_names_round_trip(void **state) {
        (void) state;
        for (int v = 0; v < _SBX_VERDICT_MAX; v++) {
                enum sbx_verdict back;
                assert_int_equal(sbx_verdict_from_string(sbx_verdict_to_string(v), &back), 0);
                assert_int_equal(back, v);
        }
        assert_null(sbx_verdict_to_string(_SBX_VERDICT_MAX));
        enum sbx_verdict untouched = SBX_VERDICT_DENIED;
        assert_int_equal(sbx_verdict_from_string("Denied", &untouched), -EINVAL);
        assert_int_equal(untouched, SBX_VERDICT_DENIED);
}

static void test_classify_exit_zero_is_success_but_denials_are_counted(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("bwrap", 0, 0,
                                            "touch: cannot touch '/etc/a': Read-only file system\n"
                                            "bwrap: Can't mkdir /x: Read-only file system\n"
                                            "rm: cannot remove '/etc/b': Read-only file system\n");
        assert_verdict(r, "success");
        assert_int_equal(r->denial_lines, 3);
        assert_int_equal(r->n_denials, 3);
        assert_string_equal(r->denials[0].path, "/etc/a");
        assert_int_equal(r->denials[2].line_no, 3);
        assert_string_equal(r->matched_line, "");
        assert_int_equal(r->stderr_lines, 3);
}

static void test_classify_runner_rule_wins_over_denial(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("bwrap", 1, 0,
                                            "touch: cannot touch '/etc/a': Read-only file system\n"
                                            "bwrap: Can't mkdir /newroot/x: Read-only file system\n");
        assert_verdict(r, "runner_failure");
        assert_string_equal(r->rule, "bwrap");
        assert_string_equal(r->signature, "bwrap: ");
        assert_int_equal(r->line_no, 2);
        assert_string_equal(r->matched_line, "bwrap: Can't mkdir /newroot/x: Read-only file system");
        assert_int_equal(r->denial_lines, 2);
}

static void test_classify_bwrap_fatal_lines_with_denial_words_are_runner_failures(void **state) {
        (void) state;
        static const char *const lines[] = {
                "bwrap: execvp /nonexistent: No such file or directory\n",
                "bwrap: execvp ./script: Permission denied\n",
                "bwrap: setting up uid map: Read-only file system\n",
                "bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces. On e.g. debian this can be enabled with 'sysctl kernel.unprivileged_userns_clone=1'.\n",
                "bwrap: No permissions to create a new namespace, likely because the kernel does not allow non-privileged user namespaces.\n",
                "bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted\n",
                "bwrap: Can't find source path /nonexistent: No such file or directory\n",
                "bwrap: Unknown option --bogus\n",
                "<3>bwrap: Creating new namespace failed: Operation not permitted\n",
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(lines); i++) {
                struct sbx_classify_result *r = run("bwrap", 1, 0, lines[i]);
                assert_verdict(r, "runner_failure");
                assert_int_equal(r->line_no, 1);
        }
}

static void test_classify_informational_line_alone_is_not_runner_failure(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("bwrap", 1, 0,
                                            "bwrap: Only the last --uid option will take effect\n"
                                            "make: *** [all] Error 1\n");
        assert_verdict(r, "task_failure");
        assert_string_equal(r->rule, "");
        /* whole-line, case-insensitive equality, also with CRLF */
        r = run("bwrap", 1, 0, "BWRAP: only the last --CHDIR option will take effect\r\n");
        assert_verdict(r, "task_failure");
        /* not equal: a longer line is not the notice, so the fatal signature counts */
        r = run("bwrap", 1, 0, "bwrap: Only the last --uid option will take effect, and then died\n");
        assert_verdict(r, "runner_failure");
        /* invalid UTF-8 before or after the notice's text: not the notice, whole-line equality */
        r = run("bwrap", 1, 0, "\xff" "bwrap: Only the last --uid option will take effect\n");
        assert_verdict(r, "runner_failure");
        r = run("bwrap", 1, 0, "bwrap: Only the last --uid option will take effect" "\xff\n");
        assert_verdict(r, "runner_failure");
        /* the notice does not hide a later fatal line */
        r = run("bwrap", 1, 0,
                "bwrap: Only the last --uid option will take effect\n"
                "bwrap: Can't chdir to /nope: No such file or directory\n");
        assert_verdict(r, "runner_failure");
        assert_int_equal(r->line_no, 2);
}

static void test_classify_fatal_signature_inside_excluded_informational_line_does_not_count(void **state) {
        (void) state;
        struct sbx_dialect *d = parse("denial Read-only file system\n"
                                      "rule myrunner\n"
                                      "fatal myrunner: fatal\n"
                                      "info note from myrunner: fatal errors are reported below\n");
        struct sbx_classify_result r;
        const char *text = "NOTE FROM MYRUNNER: FATAL ERRORS ARE REPORTED BELOW\n"
                           "cp: cannot create regular file 'x': Read-only file system\n";

        run_chunked(d, 3, 0, text, strlen(text), 0, &r);
        assert_verdict(&r, "denied");
        assert_int_equal(r.line_no, 2);
        text = "note from myrunner: fatal errors are reported below\nmyrunner: fatal: no root\n";
        run_chunked(d, 3, 0, text, strlen(text), 0, &r);
        assert_verdict(&r, "runner_failure");
        assert_string_equal(r.rule, "myrunner");
        assert_string_equal(r.signature, "myrunner: fatal");
        assert_int_equal(r.line_no, 2);
        sbx_dialect_free(d);
}

static void test_classify_exit_status_alone_never_proves_runner_failure(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("landlock", 125, 0, "");
        assert_verdict(r, "task_failure");
        r = run("landlock", 125, 0, "some tool: exiting with 125\n");
        assert_verdict(r, "task_failure");
        r = run("bwrap", 1, 0, "error: something went wrong\n");
        assert_verdict(r, "task_failure");
}

static void test_classify_allowed_exit_gate_mismatch_is_not_runner_failure(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("landlock", 125, 0, "sbx-landlock: landlock_restrict_self: Operation not permitted\n");
        assert_verdict(r, "runner_failure");
        assert_string_equal(r->rule, "sbx-landlock");
        /* the same line with another exit code: the command ran and printed it itself */
        r = run("landlock", 1, 0, "sbx-landlock: landlock_restrict_self: Operation not permitted\n");
        assert_verdict(r, "task_failure");
        r = run("landlock", 2, 0, "sbx-landlock: oops\ncat: /etc/shadow: Permission denied\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 2);
        r = run("bwrap", 2, 0, "bwrap: Unknown option --x\n");
        assert_verdict(r, "task_failure");
}

static void test_classify_signal_deaths(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("bwrap", 0, 9, "bwrap: Can't mkdir /x: No such file or directory\n");
        assert_verdict(r, "task_failure");
        assert_int_equal(r->status.signal, 9);
        r = run("bwrap", 0, 15, "python3: OSError: [Errno 30] Read-only file system: '/etc/x'\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/x");
        r = run("landlock", 0, 6, "");
        assert_verdict(r, "task_failure");
        assert_int_equal(r->status.signal, 6);
        /* a signal with exit_code 0 is still a death, not a success */
        r = run("landlock", 0, 11, "sbx-landlock: x\n");
        assert_verdict(r, "task_failure");
        /* ... even when the exit code is one the runner's rule allows (its exit list is not what
         * rules the death out) */
        r = run("bwrap", 1, 9, "bwrap: Can't mkdir /x: No such file or directory\n");
        assert_verdict(r, "task_failure");
        r = run("landlock", 125, 9, "sbx-landlock: x\n");
        assert_verdict(r, "task_failure");
}

static void test_classify_mixed_case_and_unicode_case_folding(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("bwrap", 1, 0, "Error: EROFS: read-only file system, open '/etc/x'\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/x");
        r = run("bwrap", 1, 0, "TOUCH: CANNOT TOUCH 'X': READ-ONLY FILE SYSTEM\n");
        assert_verdict(r, "denied");
        /* U+017F LATIN SMALL LETTER LONG S folds to s: Unicode-aware where the text is UTF-8 */
        r = run("bwrap", 1, 0, "Read-only file \xc5\xbfystem\n");
        assert_verdict(r, "denied");
        /* U+212A KELVIN SIGN folds to k */
        struct sbx_dialect *d = parse("denial blocked by kernel\n");
        struct sbx_classify_result res;
        const char *text = "x: BLOCKED BY \xe2\x84\xaa" "ERNEL\n";
        run_chunked(d, 1, 0, text, strlen(text), 0, &res);
        assert_verdict(&res, "denied");
        sbx_dialect_free(d);
        /* a non-ASCII signature */
        d = parse("denial \xd0\x94\xd0\xbe\xd1\x81\xd1\x82\xd1\x83\xd0\xbf \xd0\xb7\xd0\xb0\xd0\xbf\xd1\x80\xd0\xb5\xd1\x89\xd1\x91\xd0\xbd\n");
        text = "rm: \xd0\xb4\xd0\x9e\xd0\xa1\xd0\xa2\xd0\xa3\xd0\x9f \xd0\x97\xd0\x90\xd0\x9f\xd0\xa0\xd0\x95\xd0\xa9\xd0\x81\xd0\x9d\n";
        run_chunked(d, 1, 0, text, strlen(text), 1, &res);
        assert_verdict(&res, "denied");
        sbx_dialect_free(d);
        /* a signature with a safe byte but no pair of them (a localized message whose only
         * ASCII is blanks): no prefilter either, every blank would be a candidate (review) */
        d = parse("denial \xd0\x9e\xd1\x82\xd0\xba\xd0\xb0\xd0\xb7 \xd0\xb2\n");
        assert_false(d->prefilter);
        text = "   \n\xd0\x9e\xd0\xa2\xd0\x9a\xd0\x90\xd0\x97 \xd0\x92\n";
        run_chunked(d, 1, 0, text, strlen(text), 1, &res);
        assert_verdict(&res, "denied");
        assert_int_equal(res.line_no, 2);
        sbx_dialect_free(d);
        /* a signature without any byte the prefilter can use: PCRE2 scans everything */
        d = parse("denial sks\n");
        assert_false(d->prefilter);
        text = "a\nb \xc5\xbf\xe2\x84\xaa" "S c\n"; /* LONG S, KELVIN SIGN, S */
        run_chunked(d, 1, 0, text, strlen(text), 1, &res);
        assert_verdict(&res, "denied");
        assert_int_equal(res.line_no, 2);
        run_chunked(d, 1, 0, "a\nsk s\n", 7, 0, &res);
        assert_verdict(&res, "task_failure");
        sbx_dialect_free(d);
}

static void test_classify_crlf_line_ends(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("windows-acl", 1, 0, "C:\\work> echo x > C:\\Windows\\x.txt\r\nAccess is denied.\r\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 2);
        assert_string_equal(r->matched_line, "Access is denied.");
        r = run("windows-acl", 1, 0, "Set-Content : Access to the path 'C:\\Windows\\x.txt' is denied.\r\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "C:\\Windows\\x.txt");
        r = run("windows-acl", 125, 0, "sbx-winrun: CreateRestrictedToken failed: Access is denied.\r\n");
        assert_verdict(r, "runner_failure");
        assert_string_equal(r->matched_line, "sbx-winrun: CreateRestrictedToken failed: Access is denied.");
}

static void test_classify_plain_permission_denied_under_bwrap_is_task_failure(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("bwrap", 1, 0, "touch: cannot touch '/etc/shadow': Permission denied\n");
        assert_verdict(r, "task_failure");
        assert_int_equal(r->denial_lines, 0);
        r = run("landlock", 1, 0, "touch: cannot touch '/etc/shadow': Permission denied\n");
        assert_verdict(r, "denied");
}

/* Java's NIO throws AccessDeniedException for EACCES alone, with the path as its whole message:
 * a Landlock denial without the strerror words (fixtures/landlock/java-nio-write). Under bwrap
 * EACCES is the host's own permission, as for "Permission denied". */
static void test_classify_java_access_denied_exception(void **state) {
        (void) state;
        static const char text[] = "Exception in thread \"main\" java.nio.file.AccessDeniedException: /etc/j\n"
                                   "\tat java.base/sun.nio.fs.UnixException.translateToIOException(UnixException.java:90)\n";
        struct sbx_classify_result *r = run("landlock", 1, 0, text);
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 1);
        assert_string_equal(r->denials[0].path, "/etc/j");
        r = run("bwrap", 1, 0, text);
        assert_verdict(r, "task_failure");
        /* another NIO exception, whose message carries the strerror when there is one */
        r = run("landlock", 1, 0, "Exception in thread \"main\" java.nio.file.NoSuchFileException: /nope/j\n");
        assert_verdict(r, "task_failure");
}

/* SQLite falls back to a read-only open when it cannot open an existing database for writing and
 * then refuses the write with SQLITE_READONLY's text, the errno lost: under Landlock that is
 * EACCES (fixtures/landlock/sqlite3-existing-db); under bwrap it may be the host file's own
 * EACCES as well as EROFS, so it proves nothing there. */
static void test_classify_sqlite_readonly_database(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("landlock", 8, 0, "Error: stepping, attempt to write a readonly database (8)\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->signature, "attempt to write a readonly database");
        r = run("landlock", 1, 0,
                "Traceback (most recent call last):\n"
                "  File \"<string>\", line 1, in <module>\n"
                "sqlite3.OperationalError: attempt to write a readonly database\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 3);
        r = run("bwrap", 8, 0, "Error: stepping, attempt to write a readonly database (8)\n");
        assert_verdict(r, "task_failure");
        /* a database that cannot be opened at all says nothing of why (a missing directory too) */
        r = run("landlock", 1, 0, "Error: unable to open database \"/x/t.db\": unable to open database file\n");
        assert_verdict(r, "task_failure");
}

/* dpkg reports a refused lock file only as "you do not have permission to lock the dpkg database
 * directory DIR" (1.20 on; "... the dpkg status database" before), which it prints when the open
 * fails with EACCES or EPERM and for nothing else: under Landlock the refusal of every dpkg write
 * (-i, -r, --configure, fixtures/landlock/dpkg-remove). Under bwrap the directory's access() check
 * comes first and names EROFS; there EACCES is the host's own permission. */
static void test_classify_dpkg_lock_permission(void **state) {
        (void) state;
        struct sbx_classify_result *r =
                run("landlock", 2, 0, "dpkg: error: you do not have permission to lock the dpkg database directory /var/lib/dpkg\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->signature, "you do not have permission to lock the dpkg");
        r = run("landlock", 2, 0, "dpkg: you do not have permission to lock the dpkg status database\n");
        assert_verdict(r, "denied");
        r = run("bwrap", 2, 0, "dpkg: error: you do not have permission to lock the dpkg database directory /var/lib/dpkg\n");
        assert_verdict(r, "task_failure");
        /* a non-root caller is refused before any lock: its own failure */
        r = run("landlock", 2, 0, "dpkg: error: requested operation requires superuser privilege\n");
        assert_verdict(r, "task_failure");
        /* the lock held by another dpkg */
        r = run("landlock", 2, 0, "dpkg: error: dpkg frontend lock was locked by another process with pid 7\n");
        assert_verdict(r, "task_failure");
}

/* A port refused on an internet socket (below 1024, without CAP_NET_BIND_SERVICE) is no file
 * effect, which is all the modes govern: as nobody the host refuses it too, and as root under
 * bubblewrap as under Landlock (its user namespace never had the capability for the host's
 * network; the launcher drops it). Measured under Landlock: Node's "listen EACCES", Python's
 * asyncio; nginx's and Go's shapes from their sources. A unix socket's name is a path: a denial. */
static void test_classify_socket_address_is_no_file(void **state) {
        (void) state;
        static const struct {
                const char *line;
                const char *verdict;
        } rows[] = {
                { "Error: listen EACCES: permission denied 0.0.0.0:80", "task_failure" },
                { "Error: listen EACCES: permission denied 127.0.0.1:443", "task_failure" },
                { "Error: listen EACCES: permission denied :::80", "task_failure" },
                { "Error: listen EACCES: permission denied ::1:80", "task_failure" },
                { "Error: connect EACCES 10.0.0.1:25", "task_failure" },
                { "listen tcp 127.0.0.1:80: bind: permission denied", "task_failure" },
                { "2024/01/02 10:00:00 listen tcp :80: bind: permission denied", "task_failure" },
                { "listen tcp6 [::1]:80: bind: permission denied", "task_failure" },
                { "nginx: [emerg] bind() to 0.0.0.0:80 failed (13: Permission denied)", "task_failure" },
                { "nginx: [emerg] bind() to [::]:80 failed (13: Permission denied)", "task_failure" },
                /* ncat's, a ':' after it (Ncat 7.93, measured; IPv4's read before) */
                { "Ncat: bind to :::80: Permission denied. QUITTING.", "task_failure" },
                { "Ncat: bind to 0.0.0.0:80: Permission denied. QUITTING.", "task_failure" },
                /* Ruby's quoted host and its port (Ruby 3.1, measured) */
                { "-e:1:in `initialize': Permission denied - bind(2) for \"0.0.0.0\" port 80 (Errno::EACCES)",
                  "task_failure" },
                { "/w/s.rb:2:in `initialize': Permission denied - bind(2) for \"::\" port 80 (Errno::EACCES)",
                  "task_failure" },
                /* PHP's stream socket address after its scheme (PHP 8.2, measured) */
                { "PHP Warning:  stream_socket_server(): Unable to connect to tcp://0.0.0.0:80 (Permission denied) "
                  "in Command line code on line 1",
                  "task_failure" },
                { "PHP Warning:  stream_socket_server(): Unable to connect to tcp://[::]:80 (Permission denied) in "
                  "/w/s.php on line 2",
                  "task_failure" },
                /* socat's address in braces (socat 1.7.4, measured) */
                { "2026/12/05 07:30:50 socat[7] E bind(5, {AF=2 0.0.0.0:80}, 16): Permission denied", "task_failure" },
                { "2026/12/05 07:30:52 socat[7] E bind(5, {AF=10 [0000:0000:0000:0000:0000:0000:0000:0000]:80}, 28): "
                  "Permission denied",
                  "task_failure" },
                { "PermissionError: [Errno 13] error while attempting to bind on address ('127.0.0.1', 80): "
                  "permission denied",
                  "task_failure" },
                /* a unix socket's name, a file the sandbox may refuse */
                { "Error: listen EACCES: permission denied /etc/x.sock", "denied" },
                { "listen unix /etc/x.sock: bind: permission denied", "denied" },
                { "2026/12/05 07:30:54 socat[7] E bind(5, {AF=1 \"/var/tmp/s.sock\"}, 27): Permission denied", "denied" },
                { "socat[7] E bind(5, {AF=2 0.0.0.0:80}, 16): /etc/x: Permission denied", "denied" },
                { "Ncat: bind to /var/tmp/n.sock: Permission denied. QUITTING.", "denied" },
                { "-e:1:in `initialize': Permission denied - connect(2) for /var/tmp/r.sock (Errno::EACCES)", "denied" },
                { "-e:1:in `initialize': Permission denied - connect(2) for r.sock (Errno::EACCES)", "denied" },
                { "Permission denied - bind(2) for \"0.0.0.0\" port 80 (Errno::EACCES) /etc/x", "denied" },
                { "PHP Warning:  stream_socket_server(): Unable to connect to unix:///etc/p.sock (Permission denied) "
                  "in Command line code on line 1",
                  "denied" },
                { "Warning: Unable to connect to tcp://0.0.0.0:80 (Permission denied) /etc/x", "denied" },
                { "bind: Unable to connect to tcp://0.0.0.0:8x (Permission denied)", "denied" },
                /* an address inside a quoted name is part of the file's name */
                { "cp: cannot create regular file 'listen 1.2.3.4:80': Permission denied", "denied" },
                { "cp: cannot create 'bind \"x\" port 80': Permission denied", "denied" },
                { "tool: cannot open \"bind 0.0.0.0:80\": Permission denied", "denied" },
                { "Permission denied - bind(2) for \"/etc/x\" port 80 (Errno::EACCES)", "denied" },
                { "Ncat: bind to :::80: /etc/x: Permission denied. QUITTING.", "denied" },
                { "listen: 12:30::: Permission denied", "denied" },
                /* ... also in the quotes of a UTF-8 locale (GNU coreutils' ‘X’, “X”), which read
                 * as no denial (review) */
                { "touch: cannot touch \xe2\x80\x98listen 1.2.3.4:80 x\xe2\x80\x99: Permission denied", "denied" },
                { "touch: cannot touch \xe2\x80\x98" "bind \"a\" port 80 x\xe2\x80\x99: Permission denied", "denied" },
                { "mkdir: cannot create directory \xe2\x80\x98" "connect {AF=2 0.0.0.0:80}\xe2\x80\x99: Permission "
                  "denied",
                  "denied" },
                { "tool: cannot open \xe2\x80\x9c" "bind :::80: x\xe2\x80\x9d: Permission denied", "denied" },
                /* ... or in a shell's message, which prints a name as it is (review: read as no
                 * denial) */
                { "bash: line 1: bind \"a\" port 80: Permission denied", "denied" },
                { "./s.sh: line 3: connect {AF=2 0.0.0.0:80}: Permission denied", "denied" },
                { "sh: 1: cannot create listen 1.2.3.4:80: Permission denied", "denied" },
                { "sh: 1: cannot create connect :::80: Permission denied", "denied" },
                { "zsh:1: permission denied: bind 0.0.0.0:80", "denied" },
                { "hush: cd: connect 1.2.3.4:80: Permission denied", "denied" },
                { "bash: listen 1.2.3.4:80 x: Permission denied", "denied" },
                /* an address with no call on a socket, or inside a path */
                { "touch: cannot touch '/etc/1.2.3.4:80': Permission denied", "denied" },
                { "cp: cannot create regular file '/etc/listen 1.2.3.4:80': Permission denied", "denied" },
                { "bash: /etc/hosts.127.0.0.1:80: Permission denied", "denied" },
                /* a word that is not the call, a time that is not an address */
                { "binding 1.2.3.4:80 to /etc/x: Permission denied", "denied" },
                { "listen: 12:30:00: Permission denied", "denied" },
                { "listen: 1.2.3:80: Permission denied", "denied" },
                /* no address at all (Python's socketserver, nc): the text cannot tell */
                { "PermissionError: [Errno 13] Permission denied", "denied" },
        };
        char text[512];

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                snprintf(text, sizeof(text), "%s\n", rows[i].line);
                struct sbx_classify_result *r = run("landlock", 1, 0, text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                        fail_msg("row %zu (%s): expected %s, got %s", i, rows[i].line, rows[i].verdict,
                                 sbx_verdict_to_string(r->verdict));
                assert_int_equal(r->denial_lines, strcmp(rows[i].verdict, "denied") == 0 ? 1 : 0);
        }
        /* the line after it still counts */
        struct sbx_classify_result *r = run("landlock", 1, 0,
                                            "Error: listen EACCES: permission denied 0.0.0.0:80\n"
                                            "touch: cannot touch '/etc/x': Permission denied\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 2);
        assert_int_equal(r->denial_lines, 1);
}

/* Python's exception that names no file ("PermissionError: [Errno 13] Permission denied"), raised
 * by a call that is no file effect as its traceback shows: a bind() given a tuple (an internet
 * address), os.setpriority(), a bind() beneath http.server's test(). Refused by the host's
 * privileges (as nobody on the host too), never by the sandbox. Measured under Landlock as nobody
 * (Python 3.11); a unix socket's bind(path), multiprocessing's semaphore, a -c command (no source
 * line) stay denials. */
static void test_classify_python_call_no_file(void **state) {
        (void) state;
#define TB "Traceback (most recent call last):\n"
#define PE "PermissionError: [Errno 13] Permission denied\n"
        static const struct {
                const char *text;
                const char *verdict;
        } rows[] = {
                /* python3 -m http.server 80 */
                { TB "  File \"<frozen runpy>\", line 198, in _run_module_as_main\n"
                     "  File \"<frozen runpy>\", line 88, in _run_code\n"
                     "  File \"/usr/lib/python3.11/http/server.py\", line 1309, in <module>\n"
                     "    test(\n"
                     "  File \"/usr/lib/python3.11/http/server.py\", line 1256, in test\n"
                     "    with ServerClass(addr, HandlerClass) as httpd:\n"
                     "         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
                     "  File \"/usr/lib/python3.11/socketserver.py\", line 456, in __init__\n"
                     "    self.server_bind()\n"
                     "  File \"/usr/lib/python3.11/http/server.py\", line 1303, in server_bind\n"
                     "    return super().server_bind()\n"
                     "           ^^^^^^^^^^^^^^^^^^^^^\n"
                     "  File \"/usr/lib/python3.11/http/server.py\", line 136, in server_bind\n"
                     "    socketserver.TCPServer.server_bind(self)\n"
                     "  File \"/usr/lib/python3.11/socketserver.py\", line 472, in server_bind\n"
                     "    self.socket.bind(self.server_address)\n" PE,
                  "task_failure" },
                { TB "  File \"/ws/b.py\", line 3, in <module>\n    s.bind((\"\", 80))\n" PE, "task_failure" },
                { TB "  File \"/ws/b.py\", line 3, in <module>\n    sock.bind((host, int(port, 10)))\n"
                     "    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n" PE,
                  "task_failure" },
                { TB "  File \"/ws/n.py\", line 2, in <module>\n    os.setpriority(os.PRIO_PROCESS, 0, -5)\n" PE,
                  "task_failure" },
                /* a unix socket's name: a file the sandbox refuses */
                { TB "  File \"/ws/u.py\", line 3, in <module>\n    s.bind(\"/etc/x.sock\")\n" PE, "denied" },
                { TB "  File \"/ws/u.py\", line 3, in <module>\n    s.bind((path))\n" PE, "denied" },
                { TB "  File \"/ws/u.py\", line 3, in <module>\n    s.bind((\"/etc/x\" + \",sock\"))\n" PE, "denied" },
                { TB "  File \"/ws/u.py\", line 3, in <module>\n    s.bind(p) if unix else s.bind((h, 80))\n" PE,
                  "denied" },
                /* socketserver's bind, not beneath http.server's test() (UnixStreamServer) */
                { TB "  File \"/ws/u.py\", line 3, in <module>\n    socketserver.UnixStreamServer(p, H)\n"
                     "  File \"/usr/lib/python3.11/socketserver.py\", line 456, in __init__\n"
                     "    self.server_bind()\n"
                     "  File \"/usr/lib/python3.11/socketserver.py\", line 472, in server_bind\n"
                     "    self.socket.bind(self.server_address)\n" PE,
                  "denied" },
                /* test() in a traceback before this one's */
                { TB "  File \"/usr/lib/python3.11/http/server.py\", line 1256, in test\n"
                     "    with ServerClass(addr, HandlerClass) as httpd:\n" PE
                  TB "  File \"/usr/lib/python3.11/socketserver.py\", line 472, in server_bind\n"
                     "    self.socket.bind(self.server_address)\n" PE,
                  "denied" },
                /* no traceback header within reach: not told */
                { "  File \"/usr/lib/python3.11/http/server.py\", line 1256, in test\n"
                  "    self.socket.bind(self.server_address)\n" PE,
                  "denied" },
                /* the exception names a file: the call's source line says nothing of it */
                { TB "  File \"/ws/b.py\", line 3, in <module>\n    s.bind((\"\", 80))\n"
                     "PermissionError: [Errno 13] Permission denied: '/etc/x'\n",
                  "denied" },
                /* the sandbox's own: multiprocessing's semaphore in /dev/shm, a -c command */
                { TB "  File \"/usr/lib/python3.11/multiprocessing/synchronize.py\", line 57, in __init__\n"
                     "    sl = self._semlock = _multiprocessing.SemLock(\n"
                     "                         ^^^^^^^^^^^^^^^^^^^^^^^^^\n" PE,
                  "denied" },
                { TB "  File \"<string>\", line 1, in <module>\n" PE, "denied" },
                { PE, "denied" },
        };
#undef TB
#undef PE

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_classify_result *r = run("landlock", 1, 0, rows[i].text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                        fail_msg("row %zu: expected %s, got %s", i, rows[i].verdict,
                                 sbx_verdict_to_string(r->verdict));
        }
}

/* util-linux renice's refused setpriority(2): a nice value below the current one without
 * CAP_SYS_NICE (nobody lacks it on the host too, the Landlock launcher drops root's), no file
 * effect. Measured under Landlock, as root and as nobody (fixtures/landlock/renice-lower,
 * nobody-renice-lower). Only the whole sentence, renice's own, ending with its errno text. */
static void test_classify_renice_is_no_file(void **state) {
        (void) state;
        static const struct {
                const char *line;
                const char *verdict;
        } rows[] = {
                { "renice: failed to set priority for 24733 (process ID): Permission denied", "task_failure" },
                { "renice: failed to set priority for 0 (process group ID): Permission denied", "task_failure" },
                { "renice: failed to set priority for 65534 (user ID): Permission denied ", "task_failure" },
                /* a file's name, another program, a word after it, no number, a path */
                { "touch: cannot touch 'renice: failed to set priority for 1 (process ID)': Permission denied", "denied" },
                { "bash: renice: failed to set priority for 1 (process ID): Permission denied", "denied" },
                { "renice: failed to set priority for 1 (process ID): Permission denied: /etc/x", "denied" },
                { "renice: failed to set priority for x (process ID): Permission denied", "denied" },
                { "renice: failed to set priority for 1 (file ID): Permission denied", "denied" },
                { "renice: failed to set priority for 1 (process ID): /etc/x: Permission denied", "denied" },
        };
        char text[512];

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                snprintf(text, sizeof(text), "%s\n", rows[i].line);
                struct sbx_classify_result *r = run("landlock", 1, 0, text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                        fail_msg("row %zu (%s): expected %s, got %s", i, rows[i].line, rows[i].verdict,
                                 sbx_verdict_to_string(r->verdict));
                assert_int_equal(r->denial_lines, strcmp(rows[i].verdict, "denied") == 0 ? 1 : 0);
        }
}

/* gdb's warnings that it could not open the inferior's memory file of /proc for writing, which
 * Landlock refuses: gdb reads and writes memory with ptrace(2) instead and goes on, so they fail
 * nothing; every gdb session under Landlock that runs a program prints them. Measured with gdb 13
 * under Landlock, as root and as nobody (fixtures/landlock/gdb-batch-command-fails; as nobody a
 * dump memory into a directory of root's, the host's refusal, read as denied). Only gdb's whole
 * line, its errno's number ending it. */
static void test_classify_gdb_proc_mem_warning(void **state) {
        (void) state;
#define SELF "warning: opening /proc/self/mem file failed: Permission denied (13)\n"
#define LWP "warning: opening /proc/PID/mem file for lwp 2466.2466 failed: Permission denied (13)\n"
        static const struct {
                const char *text;
                const char *verdict;
                unsigned denial_lines;
        } rows[] = {
                { SELF LWP "No symbol \"nosuch\" in current context.\n", "task_failure", 0 },
                { LWP SELF, "task_failure", 0 },
                { "warning: opening /proc/self/mem file failed: Read-only file system (30) \n", "task_failure", 0 },
                /* a refusal of the session's own after them */
                { SELF LWP "/etc/mem.bin: Permission denied.\n", "denied", 1 },
                /* another program, a file's name, no errno's number, a word after it, no lwp */
                { "x: warning: opening /proc/self/mem file failed: Permission denied (13)\n", "denied", 1 },
                { "touch: cannot touch 'warning: opening /proc/self/mem file failed': Permission denied\n", "denied", 1 },
                { "warning: opening /proc/self/mem file failed: Permission denied\n", "denied", 1 },
                { "warning: opening /proc/self/mem file failed: Permission denied (13) /etc/x\n", "denied", 1 },
                { "warning: opening /proc/PID/mem file for lwp 12 failed: Permission denied (13)\n", "denied", 1 },
                { "warning: opening /proc/PID/mem file for lwp x.1 failed: Permission denied (13)\n", "denied", 1 },
                { "warning: opening /proc/PID/mem file for lwp 1.1 failed: /etc/x: Permission denied (13)\n", "denied", 1 },
        };
#undef SELF
#undef LWP

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_classify_result *r = run("landlock", 1, 0, rows[i].text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                        fail_msg("row %zu: expected %s, got %s", i, rows[i].verdict, sbx_verdict_to_string(r->verdict));
                assert_int_equal(r->denial_lines, rows[i].denial_lines);
        }
        /* the same under bwrap, whose signature it is there */
        assert_verdict(run("bwrap", 1, 0, "warning: opening /proc/self/mem file failed: Read-only file system (30)\n"),
                       "task_failure");
}

/* Java's refused bind names no address ("java.net.BindException: Permission denied"): the native
 * frame under it tells an internet socket's (sun.nio.ch.Net.bind0, ServerSocket's
 * PlainSocketImpl.socketBind before Java 13: a port below 1024, no file effect) from a unix
 * socket's (UnixDomainSockets.bind0: a file). Measured under Landlock as nobody, Java 17. */
static void test_classify_java_bind_exception(void **state) {
        (void) state;
#define BE "Exception in thread \"main\" java.net.BindException: Permission denied\n"
        static const struct {
                const char *text;
                const char *verdict;
                unsigned denial_lines;
        } rows[] = {
                { BE "\tat java.base/sun.nio.ch.Net.bind0(Native Method)\n"
                     "\tat java.base/sun.nio.ch.Net.bind(Net.java:555)\n",
                  "task_failure", 0 },
                { BE "\tat java.base/java.net.PlainSocketImpl.socketBind(Native Method)\n", "task_failure", 0 },
                { "Caused by: java.net.BindException: Permission denied\n\tat sun.nio.ch.Net.bind0(Native Method)\n",
                  "task_failure", 0 },
                /* a unix socket's name, a file the sandbox may refuse */
                { BE "\tat java.base/sun.nio.ch.UnixDomainSockets.bind0(Native Method)\n", "denied", 1 },
                /* no frame after it, another exception, a frame that is not the next line */
                { BE, "denied", 1 },
                { "java.io.IOException: Permission denied\n\tat java.base/sun.nio.ch.Net.bind0(Native Method)\n",
                  "denied", 1 },
                { BE "\tat java.base/sun.nio.ch.Net.bind(Net.java:555)\n"
                     "\tat java.base/sun.nio.ch.Net.bind0(Native Method)\n",
                  "denied", 1 },
                /* the line after it is a denial of its own */
                { BE "touch: cannot touch '/etc/x': Permission denied\n", "denied", 2 },
                { BE "\tat java.base/sun.nio.ch.Net.bind0(Native Method)\n"
                     "touch: cannot touch '/etc/x': Permission denied\n",
                  "denied", 1 },
        };
#undef BE

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_classify_result *r = run("landlock", 1, 0, rows[i].text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0 ||
                    r->denial_lines != rows[i].denial_lines)
                        fail_msg("row %zu: expected %s (%u), got %s (%u)", i, rows[i].verdict, rows[i].denial_lines,
                                 sbx_verdict_to_string(r->verdict), (unsigned) r->denial_lines);
        }
}

/* Perl's IO::Socket::INET (and IO::Socket::IP) report a refused bind as "IO::Socket::INET:
 * Permission denied", no address: those classes make internet sockets only, a port below 1024
 * refused without CAP_NET_BIND_SERVICE, no file effect. Measured under Landlock as nobody, Perl
 * 5.36. IO::Socket::UNIX's, whose name is a file, stays a denial. */
static void test_classify_perl_inet_socket(void **state) {
        (void) state;
        static const struct {
                const char *line;
                const char *verdict;
        } rows[] = {
                { "IO::Socket::INET: Permission denied", "task_failure" },
                { "IO::Socket::INET: Permission denied at -e line 1.", "task_failure" },
                { "IO::Socket::IP: Permission denied", "task_failure" },
                /* after another field it may be a file's name */
                { "tee: IO::Socket::INET: Permission denied", "denied" },
                { "IO::Socket::UNIX: Permission denied", "denied" },
                { "IO::Socket::INET: Permission denied: /etc/x", "denied" },
                { "XIO::Socket::INET: Permission denied", "denied" },
        };
        char text[256];

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                snprintf(text, sizeof(text), "%s\n", rows[i].line);
                struct sbx_classify_result *r = run("landlock", 13, 0, text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                        fail_msg("row %zu (%s): expected %s, got %s", i, rows[i].line, rows[i].verdict,
                                 sbx_verdict_to_string(r->verdict));
        }
}

/* Tcl's refused socket, "couldn't open socket: permission denied", names no address: the trace
 * after it tells Tcl's own socket command, which makes TCP sockets only (a port below 1024 without
 * CAP_NET_BIND_SERVICE, no file effect). Measured under Landlock as nobody, Tcl 8.6. Without that
 * trace (a caught error, an extension's command) it cannot be told: a denial. */
static void test_classify_tcl_socket(void **state) {
        (void) state;
#define TS "couldn't open socket: permission denied\n"
        static const struct {
                const char *text;
                const char *verdict;
                unsigned denial_lines;
        } rows[] = {
                { TS "    while executing\n\"socket -server x 80\"\n    (file \"/w/t.tcl\" line 1)\n", "task_failure", 0 },
                { TS "    while executing\n\"socket -server accept $port\"\n    (procedure \"start\" line 2)\n"
                     "    invoked from within\n\"start 80\"\n",
                  "task_failure", 0 },
                /* no trace, another command, another line first */
                { TS, "denied", 1 },
                { TS "    while executing\n\"unix_sockets::listen /etc/x.sock\"\n", "denied", 1 },
                { TS "\"socket -server x 80\"\n", "denied", 1 },
                { TS "    while executing\n    while executing\n\"socket -server x 80\"\n", "denied", 1 },
                /* not the whole line */
                { "tee: couldn't open socket: permission denied\n    while executing\n\"socket -server x 80\"\n",
                  "denied", 1 },
                { "couldn't open socket: permission denied: /etc/x\n    while executing\n\"socket -server x 80\"\n",
                  "denied", 1 },
                /* a denial after it still counts */
                { TS "    while executing\n\"socket -server x 80\"\ntouch: cannot touch '/etc/x': Permission denied\n",
                  "denied", 1 },
                { TS "touch: cannot touch '/etc/x': Permission denied\n", "denied", 2 },
        };
#undef TS

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_classify_result *r = run("landlock", 1, 0, rows[i].text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0 ||
                    r->denial_lines != rows[i].denial_lines)
                        fail_msg("row %zu: expected %s (%u), got %s (%u)", i, rows[i].verdict, rows[i].denial_lines,
                                 sbx_verdict_to_string(r->verdict), (unsigned) r->denial_lines);
        }
}

static void test_classify_none_dialect_attributes_nothing(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("none", 1, 0, "bwrap: x\nRead-only file system\nPermission denied\n");
        assert_verdict(r, "task_failure");
        assert_int_equal(r->denial_lines, 0);
        assert_int_equal(r->stderr_lines, 3);
        r = run("none", 0, 0, "Permission denied\n");
        assert_verdict(r, "success");
}

/* A signature across every possible chunk split, with the stream larger than the staging buffer
 * so that the junction of two buffers is exercised, including 1-byte feeds. */
static void test_classify_signature_split_across_chunks(void **state) {
        (void) state;
        const size_t filler = 200000;
        const char *sig_line = "sh: 1: cannot create /etc/x: Read-only file system\n";
        size_t sl = strlen(sig_line), len = filler + sl + 10;
        _cleanup_free_ char *buf = malloc(len);
        static const size_t chunks[] = { 1, 2, 3, 7, 13, 64, 4095, 4096, 65535, 65536, 65537, 99999, 0 };
        struct sbx_classify_result r;

        assert_non_null(buf);
        for (size_t i = 0; i < filler; i++)
                buf[i] = (i % 80 == 79) ? '\n' : (char) ('a' + i % 23);
        /* one very long line before, so the signature lies deep in a line that spans buffers */
        memcpy(buf + filler, sig_line, sl);
        memcpy(buf + filler + sl, "tail line\n", 10);
        for (size_t i = 0; i < SBX_ELEMENTSOF(chunks); i++) {
                run_chunked(builtin("bwrap"), 2, 0, buf, len, chunks[i], &r);
                assert_verdict(&r, "denied");
                assert_int_equal(r.line_no, filler / 80 + 1);
                assert_string_equal(r.matched_line, "sh: 1: cannot create /etc/x: Read-only file system");
                assert_string_equal(r.denials[0].path, "/etc/x");
                assert_int_equal(r.stderr_bytes, len);
                assert_int_equal(r.stderr_lines, filler / 80 + 2);
        }
        /* the split at every offset of the signature inside a line that began in an earlier buffer */
        for (size_t cut = filler - 100; cut < filler + sl; cut++) {
                struct sbx_classifier *c = NULL;
                struct sbx_exit_status st = { .exit_code = 1 };
                assert_int_equal(sbx_classifier_new(builtin("bwrap"), &c, NULL), 0);
                assert_int_equal(sbx_classify_feed(c, buf, cut), 0);
                assert_int_equal(sbx_classify_feed(c, buf + cut, len - cut), 0);
                assert_int_equal(sbx_classify_finish(c, &st, &r, NULL), 0);
                sbx_classifier_free(c);
                assert_verdict(&r, "denied");
                assert_int_equal(r.line_no, filler / 80 + 1);
        }
}

static void test_classify_long_line_matches_anywhere_in_bounded_evidence(void **state) {
        (void) state;
        const size_t n = 10 * 1024 * 1024;
        const char *sig = "Read-only file system";
        _cleanup_free_ char *buf = malloc(n + 64);
        struct sbx_classify_result r;
        static const size_t where[] = { 0, 5000, 1024 * 1024 - 3, 7 * 1024 * 1024 + 1 };

        assert_non_null(buf);
        for (size_t w = 0; w < SBX_ELEMENTSOF(where); w++) {
                memset(buf, 'x', n);
                memcpy(buf + where[w], sig, strlen(sig));
                buf[n] = '\n';
                run_chunked(builtin("bwrap"), 1, 0, buf, n + 1, 1 << 20, &r);
                assert_verdict(&r, "denied");
                assert_int_equal(r.line_no, 1);
                assert_int_equal(strlen(r.matched_line), SBX_MATCHED_LINE_MAX - 1);
                run_chunked(builtin("bwrap"), 1, 0, buf, n + 1, 65536 + 17, &r);
                assert_verdict(&r, "denied");
        }
        /* a long line of a runner is still a runner failure, even when the signature is far in */
        memset(buf, 'y', n);
        memcpy(buf + n - 100, "bwrap: ", 7);
        run_chunked(builtin("bwrap"), 1, 0, buf, n, 1 << 16, &r);
        assert_verdict(&r, "runner_failure");
        /* and no signature at all: nothing */
        memset(buf, 'z', n);
        run_chunked(builtin("bwrap"), 1, 0, buf, n, 0, &r);
        assert_verdict(&r, "task_failure");
        assert_int_equal(r.stderr_lines, 1);
}

static void test_classify_nul_bytes_and_invalid_utf8_around_match(void **state) {
        (void) state;
        static const char text[] = "\xff\xfe\x00garbage\x80\n"
                                   "\x00\xc3(touch: cannot touch 'a\xff': Read-only file system\x00\xed\xa0\x80\n"
                                   "\xf0\x28\x8c\xbc\n";
        struct sbx_classify_result r;
        static const size_t chunks[] = { 0, 1, 5 };

        for (size_t i = 0; i < SBX_ELEMENTSOF(chunks); i++) {
                run_chunked(builtin("bwrap"), 1, 0, text, sizeof(text) - 1, chunks[i], &r);
                assert_verdict(&r, "denied");
                assert_int_equal(r.line_no, 2);
                assert_memory_equal(r.matched_line, "\xef\xbf\xbd\xc3(touch", 9);
                assert_string_equal(r.denials[0].path, "a\xff");
                assert_int_equal(r.stderr_lines, 3);
        }
        /* a signature broken by a NUL byte is not the signature */
        static const char broken[] = "Read-only file\x00system\n";
        run_chunked(builtin("bwrap"), 1, 0, broken, sizeof(broken) - 1, 0, &r);
        assert_verdict(&r, "task_failure");
}

static void test_classify_line_numbers_and_first_evidence(void **state) {
        (void) state;
        struct sbx_classify_result *r = run("landlock", 1, 0,
                                            "one\ntwo\n\nfour\nmkdir: cannot create directory '/etc/d': Permission denied\n"
                                            "cp: cannot create regular file '/etc/e': Permission denied\nlast");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 5);
        assert_string_equal(r->signature, "Permission denied");
        assert_string_equal(r->rule, "denial");
        assert_int_equal(r->denial_lines, 2);
        assert_string_equal(r->denials[1].path, "/etc/e");
        assert_int_equal(r->denials[1].line_no, 6);
        assert_int_equal(r->stderr_lines, 7);
}

static void test_classify_denials_kept_are_capped_but_all_counted(void **state) {
        (void) state;
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        struct sbx_classify_result r;

        assert_non_null(f);
        for (int i = 0; i < 1000; i++)
                fprintf(f, "touch: cannot touch '/etc/f%d': Read-only file system\n", i);
        fclose(f);
        run_chunked(builtin("bwrap"), 1, 0, text, len, 0, &r);
        assert_int_equal(r.denial_lines, 1000);
        assert_int_equal(r.n_denials, SBX_DENIALS_KEPT);
        assert_string_equal(r.denials[SBX_DENIALS_KEPT - 1].path, "/etc/f63");
        free(text);
}

/* A line held until the lines after it tell (Ruby's "@ dir_s_mkdir" and its "-" name line) and
 * kept when the next denial line flushes it (Bundler's, its name whole) is the 64th: the next
 * one is counted, not kept (h-fuzz48: after 63 denials, Bundler's line was written as a 65th,
 * past the classifier's end, and n_denials read 65) */
static void test_classify_denials_kept_capped_when_a_held_line_is_flushed(void **state) {
        (void) state;
        for (size_t chunk = 0; chunk <= 7; chunk += 7) {
                char *text = NULL;
                size_t len = 0;
                FILE *f = open_memstream(&text, &len);
                struct sbx_classify_result r;

                assert_non_null(f);
                for (int i = 0; i < SBX_DENIALS_KEPT - 1; i++)
                        fprintf(f, "touch: cannot touch '/etc/f%d': Permission denied\n", i);
                fputs("The underlying system error is Errno::EACCES: Permission denied @ dir_s_mkdir\n-\n"
                      "There was an error while trying to write to `/etc/g`.\n",
                      f);
                fclose(f);
                run_chunked(builtin("landlock"), 1, 0, text, len, chunk, &r);
                assert_verdict(&r, "denied");
                assert_int_equal(r.denial_lines, SBX_DENIALS_KEPT + 1);
                assert_int_equal(r.n_denials, SBX_DENIALS_KEPT);
                assert_int_equal(r.denials[SBX_DENIALS_KEPT - 1].line_no, SBX_DENIALS_KEPT);
                free(text);
        }
}

/* A line that is no denial (an internet socket's) is no denial line after the 64th kept either,
 * with no context (sbx classify): the text alone tells it (h-fuzz48: it was counted after them) */
static void test_classify_no_denial_after_the_kept_ones(void **state) {
        (void) state;
        for (int before = SBX_DENIALS_KEPT - 1; before <= SBX_DENIALS_KEPT + 1; before++) {
                char *text = NULL;
                size_t len = 0;
                FILE *f = open_memstream(&text, &len);
                struct sbx_classify_result r;

                assert_non_null(f);
                for (int i = 0; i < before; i++)
                        fprintf(f, "touch: cannot touch '/etc/f%d': Permission denied\n", i);
                fputs("listen EACCES: permission denied 0.0.0.0:80\n", f);
                fclose(f);
                run_chunked(builtin("landlock"), 1, 0, text, len, 0, &r);
                assert_int_equal(r.denial_lines, before);
                free(text);
        }
}

static void test_classify_matched_line_is_truncated_at_a_character_boundary(void **state) {
        (void) state;
        char line[3000];
        size_t o = 0;
        struct sbx_classify_result r;

        o += (size_t) sprintf(line, "Read-only file system ");
        while (o + 2 < sizeof(line) - 1) {
                memcpy(line + o, "\xc3\xa9", 2); /* é */
                o += 2;
        }
        line[o++] = '\n';
        run_chunked(builtin("bwrap"), 1, 0, line, o, 0, &r);
        assert_verdict(&r, "denied");
        size_t n = strlen(r.matched_line);
        assert_true(n <= SBX_MATCHED_LINE_MAX - 1);
        assert_int_equal((n - 22) % 2, 0); /* whole characters only */
}

static void test_classify_jit_and_interpreter_agree(void **state) {
        (void) state;
        const char *text = "a\nbwrap: Only the last --uid option will take effect\nb: Read-only file system\nbwrap: Can't x\n";
        struct sbx_classify_result r1, r2;
        struct sbx_dialect *d;

        sbx_dialect_set_jit(false);
        d = parse(sbx_dialect_builtin_text("bwrap"));
        sbx_dialect_set_jit(true);
        run_chunked(d, 1, 0, text, strlen(text), 0, &r1);
        run_chunked(builtin("bwrap"), 1, 0, text, strlen(text), 0, &r2);
        assert_verdict(&r1, "runner_failure");
        assert_int_equal(r1.verdict, r2.verdict);
        assert_int_equal(r1.line_no, 4);
        assert_int_equal(r1.line_no, r2.line_no);
        assert_int_equal(r1.denial_lines, r2.denial_lines);
        sbx_dialect_free(d);
}

static void test_classify_finish_twice_and_feed_after_finish_fail(void **state) {
        (void) state;
        struct sbx_classifier *c = NULL;
        struct sbx_exit_status st = { .exit_code = 1 };
        struct sbx_classify_result r;
        struct sbx_diag diag = { 0 };

        assert_int_equal(sbx_classifier_new(builtin("bwrap"), &c, NULL), 0);
        assert_int_equal(sbx_classify_finish(c, &st, &r, NULL), 0);
        assert_int_equal(r.stderr_bytes, 0);
        assert_int_equal(r.stderr_lines, 0);
        assert_true(sbx_classify_finish(c, &st, &r, &diag) < 0);
        assert_true(diag.msg[0] != '\0');
        assert_int_equal(sbx_classify_feed(c, "x", 1), -EINVAL);
        sbx_classifier_free(c);
        sbx_classifier_free(NULL);
}

/* ---- a differential test against a naive reference over random ASCII input ---------------- */

static bool ci_contains(const char *line, size_t len, const char *sig) {
        size_t k = strlen(sig);
        for (size_t i = 0; i + k <= len; i++)
                if (strncasecmp(line + i, sig, k) == 0)
                        return true;
        return false;
}

static void test_classify_random_streams_match_a_naive_reference(void **state) {
        (void) state;
        static const char *const pieces[] = {
                "Read-only file system", "READ-ONLY FILE SYSTEM", "read-only", "bwrap: ", "BWRAP: x",
                "bwrap: Only the last --uid option will take effect", "Read-only file systen", " ", "\r",
                "touch: cannot touch 'x': ", "abc", "\n", "\n", "\n", "rwrap", "Re", "ad-only fi", "le system",
                "bw", "rap: ", "\0", "\xff", "only", "fully ", "ead-only file ", "bwra", "\xc5\xbf", "ly",
        };
        const struct sbx_dialect *d = builtin("bwrap");
        unsigned seed = 12345;

        static const size_t pattern[] = { 65536 + 7, 5, 65530, 1, 3000, 70000, 2, 65535 };
        _cleanup_free_ char *buf = malloc(150000 + 4096);

        assert_non_null(buf);
        for (int iter = 0; iter < 400; iter++) {
                size_t len = 0, filler = iter % 2 ? ((seed = seed * 1103515245 + 12345) >> 8) % 140000 : 0;
                int n = 1 + (int) ((seed = seed * 1103515245 + 12345) >> 16) % 60;

                /* lines without any signature, so that the interesting part lands at the junction of
                 * two buffers at varying offsets */
                for (; len < filler; len++)
                        buf[len] = len % 100 == 99 ? '\n' : 'x';

                for (int i = 0; i < n; i++) {
                        const char *p = pieces[((seed = seed * 1103515245 + 12345) >> 16) % SBX_ELEMENTSOF(pieces)];
                        size_t pl = *p ? strlen(p) : 1;
                        if (len + pl >= 150000 + 4096)
                                break;
                        memcpy(buf + len, p, pl);
                        len += pl;
                }
                /* reference */
                uint64_t ref_den_line = 0, ref_fatal_line = 0, ref_den_count = 0, line_no = 0;
                for (size_t s = 0; s < len || (s == len && 0);) {
                        const char *nl = memchr(buf + s, '\n', len - s);
                        size_t e = nl ? (size_t) (nl - buf) : len;
                        size_t l = e - s;
                        line_no++;
                        if (l > 0 && buf[s + l - 1] == '\r')
                                l--;
                        if (ci_contains(buf + s, l, "Read-only file system")) {
                                ref_den_count++;
                                if (!ref_den_line)
                                        ref_den_line = line_no;
                        }
                        if (!ref_fatal_line && ci_contains(buf + s, l, "bwrap: ") &&
                            !(l == strlen("bwrap: Only the last --uid option will take effect") &&
                              strncasecmp(buf + s, "bwrap: Only the last --uid option will take effect", l) == 0))
                                ref_fatal_line = line_no;
                        s = e + 1;
                        if (!nl)
                                break;
                }
                for (size_t way = 0; way < 4; way++) {
                        struct sbx_classify_result r;
                        if (way < 3)
                                run_chunked(d, 1, 0, buf, len, way == 0 ? 0 : way == 1 ? 1 : 9, &r);
                        else {
                                struct sbx_classifier *c = NULL;
                                struct sbx_exit_status st = { .exit_code = 1 };
                                size_t k = (size_t) iter;
                                assert_int_equal(sbx_classifier_new(d, &c, NULL), 0);
                                for (size_t off = 0; off < len; k++) {
                                        size_t m = pattern[k % SBX_ELEMENTSOF(pattern)];
                                        if (m > len - off)
                                                m = len - off;
                                        assert_int_equal(sbx_classify_feed(c, buf + off, m), 0);
                                        off += m;
                                }
                                assert_int_equal(sbx_classify_finish(c, &st, &r, NULL), 0);
                                sbx_classifier_free(c);
                        }
                        if (ref_fatal_line) {
                                assert_verdict(&r, "runner_failure");
                                assert_int_equal(r.line_no, ref_fatal_line);
                        } else if (ref_den_line) {
                                assert_verdict(&r, "denied");
                                assert_int_equal(r.line_no, ref_den_line);
                        } else
                                assert_verdict(&r, "task_failure");
                        assert_int_equal(r.denial_lines, ref_den_count);
                }
        }
}

/* ---- path extraction ---------------------------------------------------------------------- */

static void test_classify_denial_path_extraction_table(void **state) {
        (void) state;
        static const struct {
                const char *line, *sig, *path;
        } cases[] = {
                { "touch: cannot touch '/etc/x': Read-only file system", "Read-only file system", "/etc/x" },
                { "touch: cannot touch \xe2\x80\x98/etc/x y\xe2\x80\x99: Read-only file system", "Read-only file system", "/etc/x y" },
                { "mkdir: cannot create directory `/etc/d': Permission denied", "Permission denied", "/etc/d" },
                { "sh: 1: cannot create /etc/out: Read-only file system", "Read-only file system", "/etc/out" },
                { "sh: 1: cannot create out: Read-only file system", "Read-only file system", "out" },
                { "bash: line 1: /etc/out: Read-only file system", "Read-only file system", "/etc/out" },
                { "bash: out.txt: Permission denied", "Permission denied", "out.txt" },
                { "fatal: cannot mkdir /etc/repo: Read-only file system", "Read-only file system", "/etc/repo" },
                { "error: could not lock config file .git/config: Permission denied", "Permission denied", ".git/config" },
                /* a blank alone after the signature, then one word with a directory in it */
                { "error: insufficient permission for adding an object to repository database .git/objects",
                  "insufficient permission for adding an object to repository database", ".git/objects" },
                { "Error: listen EACCES: permission denied /etc/x.sock", "permission denied", "/etc/x.sock" },
                { "Error: listen EACCES: permission denied x.sock", "permission denied", "" },
                { "npm error permission denied at /etc/x", "permission denied", "" },
                { "OSError: [Errno 30] Read-only file system: '/etc/py'", "Read-only file system", "/etc/py" },
                { "PermissionError: [Errno 13] Permission denied: '/etc/py'", "Permission denied", "/etc/py" },
                { "Error: EROFS: read-only file system, open '/etc/node'", "read-only file system", "/etc/node" },
                { "Error: EACCES: permission denied, mkdir '/etc/nd'", "permission denied", "/etc/nd" },
                { "tar: etc/t.txt: Cannot open: Read-only file system", "Read-only file system", "etc/t.txt" },
                /* tar names the link it made first, its target after "link to" (the target was
                 * recorded: a file never written) */
                { "tar: etc/l: Cannot create symlink to '/etc/passwd': Read-only file system", "Read-only file system",
                  "etc/l" },
                { "tar: f2: Cannot hard link to \xe2\x80\x98" "f1\xe2\x80\x99: Permission denied", "Permission denied", "f2" },
                { "tar: /etc/ab: Cannot create symlink to 'x y': Permission denied", "Permission denied", "/etc/ab" },
                { "mv: cannot move 'a' to '/etc/b': Read-only file system", "Read-only file system", "/etc/b" },
                { "sed: couldn't open temporary file /etc/sedAbc12: Read-only file system", "Read-only file system", "/etc/sedAbc12" },
                { "Can't open /etc/pl: Read-only file system at -e line 1.", "Read-only file system", "/etc/pl" },
                /* perl -i: the file, not the last word of "Cannot make temp name" */
                { "Can't do inplace edit on /etc/f: Cannot make temp name: Read-only file system.", "Read-only file system", "/etc/f" },
                /* ... a name in the cwd, placed by "on", not path-like */
                { "Can't do inplace edit on f: Cannot make temp name: Read-only file system.", "Read-only file system",
                  "f" },
                { "Can't do inplace edit on Makefile: Cannot make temp name: Permission denied.", "Permission denied",
                  "Makefile" },
                { "./s.sh: 3: cannot create out: Read-only file system", "Read-only file system", "out" },
                { "patch: **** Can't create temporary file /etc/f.oJT1zDO : Read-only file system", "Read-only file system", "/etc/f.oJT1zDO" },
                { "mkdir /etc/pd: Read-only file system", "Read-only file system", "/etc/pd" },
                { "x: mkdir /etc/pd: Permission denied", "Permission denied", "/etc/pd" },
                { "tar: Cannot open: Read-only file system", "Read-only file system", "" },
                { "Set-Content : Access to the path 'C:\\Windows\\x.txt' is denied.", "Access to the path", "C:\\Windows\\x.txt" },
                { "touch: /etc/m: Operation not permitted", "Operation not permitted", "/etc/m" },
                { "zsh:1: operation not permitted: /tmp/claude-501/cwd-0503", "operation not permitted", "/tmp/claude-501/cwd-0503" },
                { "zsh:1: permission denied: not a path", "permission denied", "" },
                { "Exception in thread \"main\" java.nio.file.AccessDeniedException: /etc/j", "java.nio.file.AccessDeniedException", "/etc/j" },
                /* a call on two names (Files.move): "X -> Y", the name after the arrow, as
                 * Python's and Node's (it named no path) */
                { "java.nio.file.AccessDeniedException: /var/tmp/f -> moved", "java.nio.file.AccessDeniedException", "moved" },
                { "java.nio.file.AccessDeniedException: /var/tmp/f -> /etc/g", "java.nio.file.AccessDeniedException", "/etc/g" },
                { "java.nio.file.AccessDeniedException: a b -> c", "java.nio.file.AccessDeniedException", "" },
                { "Access is denied.", "Access is denied", "" },
                { "Read-only file system", "Read-only file system", "" },
                { "make: *** Read-only file system", "Read-only file system", "" },
                { "cp: Permission denied", "Permission denied", "" },
                { "[Errno 13] Permission denied", "Permission denied", "" },
                /* GNU's shell-escape quoting of a name it must quote in pieces: the whole name,
                 * not its last piece (it named "b", "ab", "s": paths never touched) */
                { "touch: cannot touch '/etc/a'$'\\n''b': Read-only file system", "Read-only file system", "/etc/a\nb" },
                { "touch: cannot touch '/etc/t'$'\\t''ab': Permission denied", "Permission denied", "/etc/t\tab" },
                { "touch: cannot touch '/etc/q\"uote'\\''s': Read-only file system", "Read-only file system", "/etc/q\"uote's" },
                { "touch: cannot touch '/etc/bad'$'\\377\\376': Permission denied", "Permission denied", "/etc/bad\xff\xfe" },
                { "mv: cannot move 'a' to '/etc/x'$'\\r': Read-only file system", "Read-only file system", "/etc/x\r" },
                { "mkdir: cannot create directory ''$'\\033''[1m': Read-only file system", "Read-only file system", "\x1b[1m" },
                { "touch: cannot touch '/etc/'\\''$x': Read-only file system", "Read-only file system", "/etc/'$x" },
                /* a word of pieces cut at the end of the text, a backslash last, an escaped one
                 * before a quote: no piece read past the text, the pair read whole */
                { "chmod: changing permissions of '/etc/a'$'\\n: Operation not permitted", "Operation not permitted", "" },
                { "chmod: changing permissions of '/etc/a'\\: Operation not permitted", "Operation not permitted", "" },
                { "chmod: changing permissions of '/etc/a'$'\\\\''b': Operation not permitted", "Operation not permitted",
                  "/etc/a\\b" },
                /* bash names the script and the line before the word it could not open, as it is:
                 * not the script (it was recorded as the path the run was denied) */
                { "/w/s.sh: line 2: /etc/sp ace: Read-only file system", "Read-only file system", "/etc/sp ace" },
                { "/w/s.sh: line 2: sp ace: Read-only file system", "Read-only file system", "sp ace" },
                { "bash: line 1: /etc/a: b: Read-only file system", "Read-only file system", "/etc/a: b" },
                { "/w/s.sh: line 3: /etc/x: Read-only file system", "Read-only file system", "/etc/x" },
                { "bash: line 1: cd: /srv/x: Permission denied", "Permission denied", "/srv/x" },
                /* BusyBox ash's own phrase after its line number, the name printed as it is: its cd
                 * ("sh: cd: line 0: can't cd to X", bash's "cd: X"), a script's redirection (they
                 * named none: as nobody under Landlock, a cd into a directory of root's that the
                 * host refuses, or a script's redirection into /etc, read as denied) */
                { "ash: cd: line 0: can't cd to /srv/x: Permission denied", "Permission denied", "/srv/x" },
                { "sh: cd: line 0: can't cd to /srv/a b: Permission denied", "Permission denied", "/srv/a b" },
                { "./s.sh: cd: line 1: can't cd to sub: Permission denied", "Permission denied", "sub" },
                { "./s.sh: line 2: can't create /etc/xx: Permission denied", "Permission denied", "/etc/xx" },
                { "/w/s.sh: line 2: can't create /etc/a: b: Read-only file system", "Read-only file system", "/etc/a: b" },
                { "s.sh: line 1: can't open /etc/shadow: Permission denied", "Permission denied", "/etc/shadow" },
                /* hush prints its cd as bash does, its redirection's name quoted */
                { "hush: cd: /srv/x: Permission denied", "Permission denied", "/srv/x" },
                { "hush: can't open '/etc/a b': Read-only file system", "Read-only file system", "/etc/a b" },
                /* git-lfs quotes the stderr of the git it ran: that message names the file, not the
                 * git (it was /usr/lib/git-core/git: as nobody, a HOME of its own read as the
                 * host's refusal of git's program, root's) */
                { "warning: error running /usr/lib/git-core/git 'config' '--global' 'a.b' 'c': 'error: could not lock "
                  "config file /etc/.gitconfig: Permission denied' 'exit status 255'",
                  "Permission denied", "/etc/.gitconfig" },
                { "warning: error running /usr/lib/git-core/git 'config' 'x: y': 'error: could not lock config file "
                  "/h/a b/.gitconfig: Read-only file system' 'exit status 255'",
                  "Read-only file system", "/h/a b/.gitconfig" },
                { "Error running /usr/bin/git: 'fatal: cannot mkdir /etc/d: Permission denied'", "Permission denied",
                  "/etc/d" },
                /* a sentence whose subject is the name, the signature after an article: curl's
                 * --create-dirs (it named no path); not a program's word before a phrase */
                { "/var/tmp/new resides on a read-only file system.", "read-only file system", "/var/tmp/new" },
                { "/usr/bin/x failed on a read-only file system", "read-only file system", "/usr/bin/x" },
                { "/usr/bin/x failed to write 'y' on a read-only file system", "read-only file system", "" },
                { "/usr/bin/x write failed (Read-only file system)", "Read-only file system", "" },
                /* bash's own message after the line, a verb phrase, is no word it was given: its
                 * here-document's temporary file (read-only mode, no temp area) names no path
                 * (it was the name "cannot create temp file for here-document" in the cwd) */
                { "bash: line 1: cannot create temp file for here-document: Read-only file system", "Read-only file system", "" },
                { "/w/s.sh: line 3: cannot create temp file for here-document: Permission denied", "Permission denied", "" },
                { "bash: line 1: cannot make pipe for process substitution: Permission denied", "Permission denied", "" },
                /* the name, not the last word of the verb phrase after or around it ("writing") */
                { "shred: /etc/hostname: failed to open for writing: Read-only file system", "Read-only file system", "/etc/hostname" },
                { "shred: f: failed to open for writing: Read-only file system", "Read-only file system", "f" },
                { "shred: f: failed to open for writing: Permission denied", "Permission denied", "f" },
                /* ... the name shred quoted whole, a blank, a quote or a control character in it
                 * (they named none) */
                { "shred: '/etc/a b': failed to open for writing: Permission denied", "Permission denied", "/etc/a b" },
                { "shred: 'a b': failed to open for writing: Read-only file system", "Read-only file system", "a b" },
                { "shred: 'it'\\''s': failed to open for writing: Permission denied", "Permission denied", "it's" },
                { "shred: '/etc/a'$'\\n''b': failed to open for writing: Permission denied", "Permission denied", "/etc/a\nb" },
                { "shred: \xe2\x80\x98/etc/a b\xe2\x80\x99: failed to open for writing: Permission denied", "Permission denied", "/etc/a b" },
                /* an unterminated quote is no name */
                { "shred: '/etc/a b: failed to open for writing: Permission denied", "Permission denied", "" },
                /* ... but a line number or the program's own field before such a phrase names none
                 * (they were "1" and "m4:big.m4:1", before that "here-document" and "diversion") */
                { "sh: 1: cannot create temp file for here-document: Read-only file system", "Read-only file system", "" },
                { "m4:big.m4:1: cannot create temporary file for diversion: Permission denied", "Permission denied", "" },
                { "/usr/bin/x: failed to open for writing: Permission denied", "Permission denied", "" },
                { "truncate: cannot open '/etc/hostname' for writing: Read-only file system", "Read-only file system", "/etc/hostname" },
                /* an absolute name with a space after an unquoting verb phrase: the name, not its
                 * last word ("ace", "it", "fg": relative names the run never touched) */
                { "dash: 1: cannot create /etc/sp ace: Read-only file system", "Read-only file system", "/etc/sp ace" },
                { "fatal: cannot mkdir /usr/g it: Read-only file system", "Read-only file system", "/usr/g it" },
                { "error: could not lock config file /etc/gc fg: Read-only file system", "Read-only file system", "/etc/gc fg" },
                { "Can't open /etc/pl x: Read-only file system at -e line 1.", "Read-only file system", "/etc/pl x" },
                /* a quoted name inside a phrase that is no verb phrase (it was not recorded) */
                { "Saving key \"/etc/key\" failed: Read-only file system", "Read-only file system", "/etc/key" },
                /* ... ssh-keygen's key file whatever it looks like (`-f kk`: mine54, none before) */
                { "Saving key \"kk\" failed: Permission denied", "Permission denied", "kk" },
                { "rsync: [receiver] mkstemp \"/etc/.x.abc\" failed: Read-only file system (30)", "Read-only file system", "/etc/.x.abc" },
                { "x: some \"quoted words\" here: Read-only file system", "Read-only file system", "" },
                /* ... but not the file a process was about, after "of" (gpg's source was recorded,
                 * a workspace file; its "can't create 'OUT'" line before names the output) */
                { "gpg: symmetric encryption of '/w/src' failed: Read-only file system", "Read-only file system", "" },
                { "gpg: can't create '/etc/g.gpg': Permission denied", "Permission denied", "/etc/g.gpg" },
                /* two names, "'SRC' -> 'DST'" (Python's and Node's symlink, link, rename): the new
                 * name, where the write was denied, as for mv's "to 'X'" (the source was recorded:
                 * a link target never written, a workspace file the run could move) */
                { "OSError: [Errno 30] Read-only file system: 'target' -> '/etc/link'", "Read-only file system", "/etc/link" },
                { "PermissionError: [Errno 13] Permission denied: 'f' -> \"/etc/it's\"", "Permission denied", "/etc/it's" },
                { "Error: EROFS: read-only file system, symlink 'target' -> '/etc/nlink'", "read-only file system", "/etc/nlink" },
                /* a verb phrase whose last word is the kind of thing it is about, not a name:
                 * no path (dpkg-deb's tar subprocess named "directory", a workspace path) */
                { "dpkg-deb (subprocess): failed to create directory: Permission denied", "Permission denied", "" },
                { "x: cannot open file: Read-only file system", "Read-only file system", "" },
                { "x: could not create temporary file: Read-only file system", "Read-only file system", "" },
                { "sh: 1: cannot create files: Read-only file system", "Read-only file system", "files" },
                { "script: failed to create pseudo-terminal: Permission denied", "Permission denied", "" },
                /* btrfs-progs' (escape53b: "subvolume" was recorded, a workspace path) */
                { "ERROR: cannot create subvolume: Permission denied", "Permission denied", "" },
                { "ERROR: cannot create snapshot: Read-only file system", "Read-only file system", "" },
                { "x: cannot open terminal: Permission denied", "Permission denied", "" },
                { "x: cannot open terminal /dev/pts/9: Permission denied", "Permission denied", "/dev/pts/9" },
                /* a severity label before the signature is no name (dpkg's "error", read as a
                 * workspace path: in workspace-write under Landlock the line was dropped) */
                { "dpkg: error: you do not have permission to lock the dpkg status database", "you do not have permission to lock the dpkg", "" },
                { "x: FATAL: Permission denied", "Permission denied", "" },
                { "x: warning: Read-only file system", "Read-only file system", "" },
                { "x: errors: Read-only file system", "Read-only file system", "errors" },
                /* ... but not the annotation after it (apt's "- open (13: ...)") */
                { "E: Could not open lock file /var/lib/dpkg/lock-frontend - open (13: Permission denied)", "Permission denied", "/var/lib/dpkg/lock-frontend" },
                /* an object after an article is a thing, not a name (gpg's "the agent", rustc's "a
                 * temp dir": recorded as "agent" and "dir" joined to the cwd, workspace paths) */
                { "gpg: can't connect to the agent: Read-only file system", "Read-only file system", "" },
                { "x: cannot open an archive: Permission denied", "Permission denied", "" },
                { "error: couldn't create a temp dir: Read-only file system", "Read-only file system", "" },
                /* Rust's io::Error ends the strerror text with "(os error N)"; the tempfile crate
                 * then names the path: that name, not the object of the phrase before */
                { "error: couldn't create a temp dir: Read-only file system (os error 30) at path \"/etc/rmetaHC\"", "Read-only file system", "/etc/rmetaHC" },
                { "error: couldn't create a temp dir: Permission denied (os error 13) at path \"/etc/rmetaHC\"", "Permission denied", "/etc/rmetaHC" },
                /* OpenSSL's apps: "Can't open \"X\" for writing, <strerror>" (the name was lost) */
                { "genrsa: Can't open \"/etc/k.pem\" for writing, Read-only file system", "Read-only file system", "/etc/k.pem" },
                { "Can't open \"/etc/c.pem\" for writing, Permission denied", "Permission denied", "/etc/c.pem" },
                /* ... its name whatever it looks like, one word with no '/' nor '.' (mine55: none) */
                { "genrsa: Can't open \"key\" for writing, Read-only file system", "Read-only file system", "key" },
                { "Can't open \"out\" for appending, Permission denied", "Permission denied", "out" },
                /* ... and its error stack, only in the call after the reason (OpenSSL 3, 1.1): there
                 * was no path, and a refusal the host's own (nobody writing /etc) read as denied */
                { "4047326A417F0000:error:8000000D:system library:BIO_new_file:Permission denied:"
                  "../crypto/bio/bss_file.c:67:calling fopen(/etc/e, wb)", "Permission denied", "/etc/e" },
                { "140:error:02001012:system library:fopen:Read-only file system:crypto/bio/bss_file.c:69:"
                  "fopen('/etc/e b','w')", "Read-only file system", "/etc/e b" },
                { "x: Permission denied (publickey)", "Permission denied", "" },
                /* GCC's "opening dependency file X" (-MF) and "opening output file X" (-E): the
                 * name after the kind of file (there was none) */
                { "h.c:1:21: fatal error: opening dependency file /etc/dep.d: Permission denied", "Permission denied",
                  "/etc/dep.d" },
                { "cc1: fatal error: opening output file /etc/h i: Read-only file system", "Read-only file system",
                  "/etc/h i" },
                /* mawk: the reason in parentheses after a phrase that quotes the name (there was none) */
                { "awk: cannot open \"/etc/aw\" for output (Permission denied)", "Permission denied", "/etc/aw" },
                { "awk: cannot open \"/etc/a w\" for output (Read-only file system) ", "Read-only file system",
                  "/etc/a w" },
                { "awk: cannot open \"/etc/aw\" for output (Permission denied) at x", "Permission denied", "" },
                /* Java's FileNotFoundException names the file before the reason in parentheses (there
                 * was none); an exception's class is no file ("java.io.IOException" was joined to
                 * the cwd, a workspace path) */
                { "Exception in thread \"main\" java.io.FileNotFoundException: /etc/fos (Permission denied)",
                  "Permission denied", "/etc/fos" },
                { "java.io.FileNotFoundException: /etc/f o (Read-only file system)", "Read-only file system",
                  "/etc/f o" },
                { "java.io.FileNotFoundException: out/x.jar (Permission denied)", "Permission denied", "out/x.jar" },
                /* ... a relative one with blanks, a ": " or a parenthesis in it, as Java prints it
                 * (left54: none) */
                { "Exception in thread \"main\" java.io.FileNotFoundException: a b.txt (Read-only file system)",
                  "Read-only file system", "a b.txt" },
                { "java.io.FileNotFoundException: d/x: y (z).txt (Permission denied)", "Permission denied", "d/x: y (z).txt" },
                { "xjava.io.FileNotFoundException: a b (Permission denied)", "Permission denied", "" },
                { "x (Permission denied)", "Permission denied", "" },
                { "java.io.IOException: Permission denied", "Permission denied", "" },
                { "Caused by: java.io.IOException: Permission denied", "Permission denied", "" },
                { "kotlin.io.AccessDeniedException$Inner_1Error: Permission denied", "Permission denied", "" },
                { "java.io.IOException.txt: Permission denied", "Permission denied", "java.io.IOException.txt" },
                { "x: Permission denied: f(a b)", "Permission denied", "" },
                { "x: some words, Permission denied", "Permission denied", "" },
                /* ninja names the file in a call, "mkdir(X)", "remove(X)", and the build directory
                 * after its kind: the name ("mkdir(/etc/bd)" joined to the cwd, a workspace path,
                 * and none for the second line: as nobody, a directory the host refuses read as
                 * denied) */
                { "ninja: error: mkdir(/etc/bd): Read-only file system", "Read-only file system", "/etc/bd" },
                { "ninja: error: remove(/etc/o): Permission denied", "Permission denied", "/etc/o" },
                { "ninja: error: remove(sub/o.o): Permission denied", "Permission denied", "sub/o.o" },
                /* ... one word, a build's first-level directory (it was "mkdir(obj)", a name of
                 * the cwd's); a file's name with parentheses in it, no call of a path's, stays whole */
                { "ninja: error: mkdir(obj): Permission denied", "Permission denied", "obj" },
                { "ninja: error: remove(out): Read-only file system", "Read-only file system", "out" },
                { "ninja: error: WriteFile(rsp): Unable to create file. Permission denied", "Permission denied", "rsp" },
                { "tar: report(1): Cannot open: Permission denied", "Permission denied", "report(1)" },
                { "x: mkdir(a b): Permission denied", "Permission denied", "" },
                { "ninja: error: creating build directory /etc/bd: Read-only file system", "Read-only file system",
                  "/etc/bd" },
                /* ... and a file it could not write after a sentence with a full stop (none) */
                { "ninja: error: WriteFile(/etc/r.rsp): Unable to create file. Permission denied", "Permission denied",
                  "/etc/r.rsp" },
                { "x: cannot create /etc/x. Read-only file system", "Read-only file system", "/etc/x" },
                { "x: Sorry. Permission denied", "Permission denied", "" },
                /* a verb phrase with no object, its verb last, names nothing: not "write" or "open",
                 * relative names the run never touched (beneath the workspace, the host's own
                 * refusal: the denial was lost) */
                { "x: Unable to write. Permission denied", "Permission denied", "" },
                { "x: failed to open. Read-only file system", "Read-only file system", "" },
                { "x: could not open: Permission denied", "Permission denied", "" },
                { "x: unable to write: Read-only file system", "Read-only file system", "" },
                { "x: could not open out: Permission denied", "Permission denied", "out" },
                { "x: /etc/y. Permission denied", "Permission denied", "" },
                { "x: fopen(/etc/e,w): Permission denied", "Permission denied", "/etc/e" },
                /* a kind word and what it is for, then the name in a field of its own ("for write:
                 * /etc/l.tmp1" was read as a name holding ": ") */
                { "CMake Error: Cannot open file for write: /etc/l.tmp1: Permission denied", "Permission denied",
                  "/etc/l.tmp1" },
                { "x: f(a): Permission denied", "Permission denied", "f(a)" },
                { "x: f(a(/etc/b)): Permission denied", "Permission denied", "f(a(/etc/b))" },
                { "x: (/etc/b): Permission denied", "Permission denied", "(/etc/b)" },
                /* Rust's `X` (cargo): the name without its backticks (it was read as a relative
                 * name, "`/x`" joined to the cwd: a workspace path) */
                { "failed to create directory `/etc/demo`: Permission denied", "Permission denied", "/etc/demo" },
                /* Go's os.LinkError, "OP OLD NEW: <error>" in lower case: the name made (no
                 * path was read) */
                { "rename /ws/a /etc/a: read-only file system", "read-only file system", "/etc/a" },
                { "symlink /tmp/t /etc/l: permission denied", "permission denied", "/etc/l" },
                { "link ws/a /etc/h: invalid cross-device link", "invalid cross-device link", "/etc/h" },
                { "rename of a b: read-only file system", "read-only file system", "" },
                /* GNU ln and rsync name the link made before the arrow, its target after it (the
                 * target was read as the path) */
                { "ln: failed to create symbolic link '/etc/x' -> '/tmp/a': Permission denied", "Permission denied",
                  "/etc/x" },
                { "ln: failed to create hard link '/etc/x' => '/tmp/a': Permission denied", "Permission denied", "/etc/x" },
                { "ln: failed to create symbolic link 'x' -> '/tmp/a': Read-only file system", "Read-only file system", "x" },
                { "rsync: [generator] symlink \"/etc/l\" -> \"t\" failed: Permission denied (13)", "Permission denied",
                  "/etc/l" },
                /* a field's last word that opens a quote it does not close: its first quoted name, not
                 * "'/tmp/d')" */
                { "cp: cannot create regular file '/etc/x' (from '/tmp/d'): Permission denied", "Permission denied",
                  "/etc/x" },
                /* cp -l and -s name the link made first, its target after "to" (the target was
                 * recorded, a workspace file); mv names its target after "to", also before a
                 * clause of its own (the source was recorded, or none for a relative one) */
                { "cp: cannot create hard link '/etc/h' to 'src': Permission denied", "Permission denied", "/etc/h" },
                { "cp: cannot create symbolic link '/etc/s' to '/w/src': Read-only file system",
                  "Read-only file system", "/etc/s" },
                { "cp: cannot create hard link 'h' to '/w/src': Permission denied", "Permission denied", "h" },
                { "mv: inter-device move failed: 'src' to '/etc/m'; unable to remove target: Read-only file system",
                  "Read-only file system", "/etc/m" },
                { "mv: inter-device move failed: '/w/src' to '/etc/m'; unable to remove target: Read-only file system",
                  "Read-only file system", "/etc/m" },
                { "mv: cannot move 'src' to 'a to b': Permission denied", "Permission denied", "a to b" },
                /* ... also when GNU quoted the link made in pieces: the name whole (its last
                 * piece "l", or the target, was recorded) */
                { "cp: cannot create symbolic link '/etc/n'$'\\n''l' to '/w/src': Permission denied", "Permission denied",
                  "/etc/n\nl" },
                { "ln: failed to create symbolic link '/etc/n'$'\\n''l' -> 'src': Permission denied", "Permission denied",
                  "/etc/n\nl" },
                { "ln: failed to create hard link 'a'\\''b' => '/w/src': Permission denied", "Permission denied", "a'b" },
                /* Node prints a name as it is: a quote in it is no closing one when a letter
                 * follows ("/etc/it", another file, was recorded), and a name a newline cut leaves
                 * none, not the errno name before it ("EACCES" joined to the cwd) */
                { "Error: EACCES: permission denied, open '/etc/it's \"q\"'", "permission denied", "/etc/it's \"q\"" },
                { "Error: EROFS: read-only file system, open '/etc/it's'", "read-only file system", "/etc/it's" },
                { "Error: EACCES: permission denied, symlink 'a' -> '/etc/it's'", "permission denied", "/etc/it's" },
                { "Error: EACCES: permission denied, open '/etc/nl", "permission denied", "" },
                { "x: EPERM: Operation not permitted", "Operation not permitted", "" },
                /* dash and git print a name with ": " as it is: the name, not its last part ("b"
                 * joined to the cwd, a workspace path) */
                { "sh: 1: cannot create /etc/a: b: Read-only file system", "Read-only file system", "/etc/a: b" },
                /* ... and a relative one with a space: the rest of the line whole, not its last
                 * word nor the line number (review50: "y", "1" joined to the cwd, the host asked
                 * of that file) */
                { "sh: 1: cannot create x y: Permission denied", "Permission denied", "x y" },
                { "sh: 1: cannot create a b: Read-only file system", "Read-only file system", "a b" },
                { "./s.sh: 12: cannot open data file: Permission denied", "Permission denied", "data file" },
                { "fatal: cannot mkdir /etc/g: it: Permission denied", "Permission denied", "/etc/g: it" },
                /* git prints a name after the kind of thing it is, as it is: the name, not its last
                 * word or part ("x.txt", "h") */
                { "error: unable to create file f x.txt: Read-only file system", "Read-only file system", "f x.txt" },
                { "error: unable to create file g: h: Read-only file system", "Read-only file system", "g: h" },
                { "error: unable to create file /etc/f: Read-only file system", "Read-only file system", "/etc/f" },
                /* ... but not a preposition placing it: GCC's (libiberty's) temporary file is made in
                 * the directory, its last word ("in ./" joined to the cwd was recorded) */
                { "Cannot create temporary file in ./: Read-only file system", "Read-only file system", "./" },
                { "Cannot create temporary file in /tmp/: Permission denied", "Permission denied", "/tmp/" },
                /* brotli prints its output file within brackets: the name, not them (mine56:
                 * "[/etc/f.br]" joined to the cwd was recorded); not another word's */
                { "failed to open output file [/etc/f.br]: Read-only file system", "Read-only file system", "/etc/f.br" },
                { "failed to open output file [f.br]: Permission denied", "Permission denied", "f.br" },
                { "cannot create [/etc/x]: Permission denied", "Permission denied", "[/etc/x]" },
                /* the directories of a name were made, not the name: git worktree's X/.git was never
                 * opened, a directory above it was refused ("/v/wt/.git" was recorded) */
                { "fatal: could not create leading directories of '/v/wt/.git': Read-only file system",
                  "Read-only file system", "/v/wt" },
                { "fatal: could not create leading directories of 'wt/.git': Permission denied", "Permission denied",
                  "wt" },
                { "error: unable to create leading directories of /v/x/y: Permission denied", "Permission denied", "/v/x" },
                { "fatal: could not create leading directories of 'x': Permission denied", "Permission denied", "x" },
                /* Python's repr escapes a name: the name, not its escaped text ("/etc/nl\\nx", a
                 * file the run never touched) */
                { "PermissionError: [Errno 13] Permission denied: '/etc/nl\\nx'", "Permission denied", "/etc/nl\nx" },
                { "OSError: [Errno 30] Read-only file system: '/etc/b\\udcff'", "Read-only file system", "/etc/b\xff" },
                { "OSError: [Errno 30] Read-only file system: '/etc/c\\x7f\\xe9'", "Read-only file system",
                  "/etc/c\x7f\xc3\xa9" },
                { "PermissionError: [Errno 13] Permission denied: '/etc/it\\'s \"q\" b'", "Permission denied",
                  "/etc/it's \"q\" b" },
                { "PermissionError: [Errno 13] Permission denied: 'C:\\\\W\\\\x'", "Permission denied", "C:\\W\\x" },
                { "PermissionError: [Errno 13] Permission denied: 'a\\tb' -> '/etc/l\\n'", "Permission denied", "/etc/l\n" },
                { "PermissionError: [Errno 13] Permission denied: '/etc/nul\\x00'", "Permission denied", "" },
                /* GNU's quote() (mkdir's "cannot create directory X") escapes a quote of the name's,
                 * a backslash, and a byte it cannot print: the name whole, decoded (the text after
                 * the escaped quote, "s" or "ro/y" joined to the cwd, was recorded: a workspace
                 * path, whose refusal under Landlock was read as the host's) */
                { "mkdir: cannot create directory '/etc/it\\'s': Permission denied", "Permission denied", "/etc/it's" },
                { "mkdir: cannot create directory '/v/it\\'ro/y': Permission denied", "Permission denied", "/v/it'ro/y" },
                { "mkdir: cannot create directory '/etc/q\\'\"r': Read-only file system", "Read-only file system", "/etc/q'\"r" },
                { "mkdir: cannot create directory '/etc/caf\\303\\251': Read-only file system", "Read-only file system",
                  "/etc/caf\xc3\xa9" },
                { "mkdir: cannot create directory '/etc/b\\\\s\\'': Read-only file system", "Read-only file system", "/etc/b\\s'" },
                { "mkdir: cannot create directory \xe2\x80\x98/etc/x\xe2\x80\x98y\\\xe2\x80\x99z\xe2\x80\x99: Permission denied",
                  "Permission denied", "/etc/x\xe2\x80\x98y\xe2\x80\x99z" },
                { "mkdir: cannot create directory \xe2\x80\x98/etc/ab\\\xe2\x80\x99\xe2\x80\x99: Permission denied",
                  "Permission denied", "/etc/ab\xe2\x80\x99" },
                { "mkdir: cannot create directory \xe2\x80\x98/etc/n\\nl\\\\\xe2\x80\x99: Permission denied", "Permission denied",
                  "/etc/n\nl\\" },
                { "mkdir: cannot create directory \xe2\x80\x98/etc/it's \"q\"\xe2\x80\x99: Permission denied", "Permission denied",
                  "/etc/it's \"q\"" },
                /* ... while touch's shell quoting and a '...' of a name printed as it is keep a
                 * backslash: no escape there */
                { "touch: cannot touch '/etc/b\\s': Read-only file system", "Read-only file system", "/etc/b\\s" },
                { "touch: cannot touch \"/etc/it's\": Read-only file system", "Read-only file system", "/etc/it's" },
                /* git prints a name as it is: quotes that end it are the name's ("hi", a workspace
                 * path, was recorded; of a name ending in a closing quote, none) */
                { "fatal: cannot mkdir /etc/say \"hi\": Permission denied", "Permission denied", "/etc/say \"hi\"" },
                { "fatal: cannot mkdir /etc/ab\xe2\x80\x99: Permission denied", "Permission denied", "/etc/ab\xe2\x80\x99" },
                /* ... and Node: a quote followed by another is the name's too ("/etc/q") */
                { "Error: EACCES: permission denied, open '/etc/q'\"r'", "permission denied", "/etc/q'\"r" },
                /* ... and BusyBox: an apostrophe within a word of the name is the name's ("s x",
                 * relative, was recorded), the name opening with the quote further left */
                { "mv: can't rename '/var/tmp/it's x': Read-only file system", "Read-only file system", "/var/tmp/it's x" },
                { "rmdir: 'it's': Read-only file system", "Read-only file system", "it's" },
                { "mkdir: can't create directory '/x/don't/it's y': Read-only file system", "Read-only file system",
                  "/x/don't/it's y" },
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char path[SBX_DENIAL_PATH_MAX];
                const char *at = strstr(cases[i].line, cases[i].sig);
                size_t ss, n;

                assert_non_null(at);
                ss = (size_t) (at - cases[i].line);
                n = sbx_denial_path_extract(cases[i].line, strlen(cases[i].line), ss, ss + strlen(cases[i].sig),
                                            path, sizeof(path));
                if (strcmp(path, cases[i].path) != 0)
                        fail_msg("case %zu '%s': got '%s', want '%s'", i, cases[i].line, path, cases[i].path);
                assert_int_equal(n, strlen(cases[i].path));
        }
        /* a name that does not fit is none: cut short, it would name another file ("/et") */
        char small[4] = "zzz";
        assert_int_equal(sbx_denial_path_extract("touch: cannot touch '/etc/x': Read-only file system", 51, 30, 51,
                                                 small, sizeof(small)),
                         0);
        assert_string_equal(small, "");
        char fits[7];
        assert_int_equal(sbx_denial_path_extract("touch: cannot touch '/etc/x': Read-only file system", 51, 30, 51,
                                                 fits, sizeof(fits)),
                         6);
        assert_string_equal(fits, "/etc/x");
        /* ... and none, not another name of the line: a name that does not fit ends the search
         * where it was found (the search went on and named the rename's source, the line's other
         * name), and one GNU tools quoted in pieces is not cut either */
        static const struct {
                const char *before, *after, *sig; /* the line: before, a name, after */
        } too_long[] = {
                { "PermissionError: [Errno 13] Permission denied: '/tmp/b' -> '/etc/", "'", "Permission denied" },
                { "error: could not write /tmp/e: Permission denied: /etc/", "", "Permission denied" },
                { "touch: cannot touch '/etc/", "'$'\\n''b': Read-only file system", "Read-only file system" },
                { "touch: cannot touch '/etc/", "': Read-only file system", "Read-only file system" },
        };
        char name[SBX_DENIAL_PATH_MAX + 100], text[SBX_DENIAL_PATH_MAX + 300], got[SBX_DENIAL_PATH_MAX];

        memset(name, 'n', sizeof(name));
        name[sizeof(name) - 1] = '\0';
        for (size_t i = 0; i < SBX_ELEMENTSOF(too_long); i++) {
                int n = snprintf(text, sizeof(text), "%s%s%s", too_long[i].before, name, too_long[i].after);
                const char *sig = strstr(text, too_long[i].sig);
                size_t k;

                memset(got, 'z', sizeof(got));
                k = sbx_denial_path_extract(text, (size_t) n, (size_t) (sig - text), (size_t) (sig - text) + strlen(too_long[i].sig),
                                            got, sizeof(got));
                if (k != 0 || got[0] != '\0')
                        fail_msg("case %zu: got %zu bytes, '%.40s'", i, k, got);
                /* the same with a short name: it is found */
                n = snprintf(text, sizeof(text), "%s%s%s", too_long[i].before, "x", too_long[i].after);
                sig = strstr(text, too_long[i].sig);
                k = sbx_denial_path_extract(text, (size_t) n, (size_t) (sig - text), (size_t) (sig - text) + strlen(too_long[i].sig),
                                            got, sizeof(got));
                if (k == 0 || strncmp(got, "/etc/x", 6) != 0)
                        fail_msg("case %zu, a short name: got '%s'", i, got);
        }
}

/* A relative path a denial line names is stored joined to the directory the command started in,
 * lexically (no lookup): `--top-paths` and a `--path` glob under the workspace then find it. An absolute path, or one
 * without a cwd, stays as printed; one whose join would not fit stays as printed too. */
static void test_classify_relative_denial_paths_are_joined_to_the_cwd(void **state) {
        (void) state;
        static const char text[] = "touch: cannot touch 'x': Read-only file system\n"
                                   "mkdir: cannot create directory './sub//d/': Read-only file system\n"
                                   "bash: line 1: ../up/f: Read-only file system\n"
                                   "touch: cannot touch '/etc/a': Read-only file system\n"
                                   "sh: 1: cannot create ../../../../etc/b: Read-only file system\n"
                                   "touch: cannot touch '~/h': Read-only file system\n"
                                   "touch: cannot touch '.': Read-only file system\n";
        struct sbx_classify_context ctx = { .cwd = "/ws/dir" };
        struct sbx_classify_result res;
        struct sbx_classifier *c = NULL;
        struct sbx_exit_status st = { .exit_code = 1 };
        struct sbx_diag diag = { 0 };

        assert_int_equal(sbx_classifier_new(builtin("bwrap"), &c, &diag), 0);
        assert_int_equal(sbx_classifier_set_context(c, &ctx), 0);
        assert_int_equal(sbx_classify_feed(c, text, strlen(text)), 0);
        assert_int_equal(sbx_classify_finish(c, &st, &res, &diag), 0);
        sbx_classifier_free(c);
        assert_verdict(&res, "denied");
        assert_int_equal(res.n_denials, 7);
        assert_string_equal(res.denials[0].path, "/ws/dir/x");
        assert_string_equal(res.denials[1].path, "/ws/dir/sub/d");
        assert_string_equal(res.denials[2].path, "/ws/up/f");
        assert_string_equal(res.denials[3].path, "/etc/a");
        assert_string_equal(res.denials[4].path, "/etc/b");
        assert_string_equal(res.denials[5].path, "~/h");
        assert_string_equal(res.denials[6].path, "/ws/dir");
        /* what was printed stays in the line */
        assert_string_equal(res.denials[0].line, "touch: cannot touch 'x': Read-only file system");

        /* without a context: as printed */
        struct sbx_classify_result *r = run("bwrap", 1, 0, text);
        assert_string_equal(r->denials[0].path, "x");

        /* a cwd that is not absolute is refused */
        assert_int_equal(sbx_classifier_new(builtin("bwrap"), &c, &diag), 0);
        ctx.cwd = "ws";
        assert_int_equal(sbx_classifier_set_context(c, &ctx), -EINVAL);
        sbx_classifier_free(c);

        /* the join itself */
        char out[16];
        assert_int_equal(sbx_denial_path_join("/a/b", "../../../c", out, sizeof(out)), 2);
        assert_string_equal(out, "/c");
        assert_int_equal(sbx_denial_path_join("/", "./", out, sizeof(out)), 1);
        assert_string_equal(out, "/");
        assert_int_equal(sbx_denial_path_join("/a", "/x/./y/", out, sizeof(out)), 4);
        assert_string_equal(out, "/x/y");
        assert_int_equal(sbx_denial_path_join("/a/very/long/dir", "file", out, sizeof(out)), 0);
        assert_string_equal(out, "");
}

/* Under Landlock in workspace-write every right of the ABI is granted beneath the workspace and
 * the temp area, so "Permission denied" on a path there comes from the host's own permissions
 * (a 0444 file, a 0555 directory: the launcher drops root's capabilities too), not from the
 * sandbox: task_failure, and not a denial line. What the sandbox still refuses there stays a
 * denial: device nodes (Landlock), set-ID bits (seccomp), the fs-verity/encryption/btrfs ioctls,
 * the workspace root itself (its parent is outside), a path through a symlink that leaves it, a
 * line that also names a path outside (mv from outside), and a line without a path. */
static size_t fake_resolve(void *userdata, const char *path, char *out, size_t size) {
        (void) userdata;
        if (strncmp(path, "/ws/link/../", 12) == 0) /* /etc/.. */
                return (size_t) snprintf(out, size, "/%s", path + 12);
        if (strncmp(path, "/ws/link/", 9) == 0)
                return (size_t) snprintf(out, size, "/etc/%s", path + 9);
        if (strncmp(path, "/ws/gone/", 9) == 0)
                return 0; /* cannot be told */
        return (size_t) snprintf(out, size, "%s", path);
}

/* text classified by the dialect of backend with the context ctx, exit status exit_code */
static struct sbx_classify_result *run_backend_status_in(const char *backend, const struct sbx_classify_context *ctx,
                                                         const char *text, int exit_code) {
        static struct sbx_classify_result res;
        struct sbx_classifier *c = NULL;
        struct sbx_exit_status st = { .exit_code = exit_code };
        struct sbx_diag diag = { 0 };

        assert_int_equal(sbx_classifier_new(builtin(backend), &c, &diag), 0);
        assert_int_equal(sbx_classifier_set_context(c, ctx), 0);
        assert_int_equal(sbx_classify_feed(c, text, strlen(text)), 0);
        assert_int_equal(sbx_classify_finish(c, &st, &res, &diag), 0);
        sbx_classifier_free(c);
        return &res;
}

/* ... exit status 1 */
static struct sbx_classify_result *run_backend_in(const char *backend, const struct sbx_classify_context *ctx,
                                                  const char *text) {
        return run_backend_status_in(backend, ctx, text, 1);
}

/* text classified by the landlock dialect with the context ctx, exit status 1 */
/* A table row's result r (case i of backend, its stderr text): the verdict, and where path, one
 * denial line, that path's. */
static void check_row(const char *backend, size_t i, const char *text, const struct sbx_classify_result *r,
                      const char *verdict, const char *path) {
        if (strcmp(sbx_verdict_to_string(r->verdict), verdict) != 0)
                fail_msg("%s case %zu (%s): %s, want %s", backend, i, text, sbx_verdict_to_string(r->verdict), verdict);
        if (path && strcmp(r->denials[0].path, path) != 0)
                fail_msg("%s case %zu: path %s", backend, i, r->denials[0].path);
        if (r->denial_lines != (path ? 1u : 0u))
                fail_msg("%s case %zu: %llu denial lines", backend, i, (unsigned long long) r->denial_lines);
}

static struct sbx_classify_result *run_landlock_in(const struct sbx_classify_context *ctx, const char *text) {
        return run_backend_in("landlock", ctx, text);
}

static struct sbx_classify_result *run_in_workspace(const char *text, bool resolve) {
        static const char *const writable[] = { "/ws", "/tmp/run", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .writable = writable,
                                            .resolve = resolve ? fake_resolve : NULL };

        return run_landlock_in(&ctx, text);
}

static void test_classify_landlock_permission_denied_inside_the_workspace(void **state) {
        (void) state;
        static const char *const dac[] = {
                "sh: 1: cannot create ro: Permission denied",
                "touch: cannot touch 'rodir/f': Permission denied",
                "bash: line 1: /ws/ro: Permission denied",
                "touch: cannot touch '/tmp/run/x': Permission denied",
                "PermissionError: [Errno 13] Permission denied: 'sub/../ro'",
                "Error: EACCES: permission denied, open '/ws/ro'",
                "mv: cannot move 'a' to 'rodir/a': Permission denied",
                /* the program that prints it named by its path (gcc runs the linker as
                 * /usr/bin/ld, a script's interpreter is /bin/sh) is no name of what was refused:
                 * it read as a name outside, and a 0555 directory's refusal as the sandbox's */
                "/usr/bin/ld: cannot open output file rodir/a.out: Permission denied",
                "/bin/sh: 1: cannot create ro: Permission denied",
                "/usr/src/h.c:1:21: fatal error: opening dependency file rodir/h.d: Permission denied",
        };
        static const char *const sandbox[] = {
                "touch: cannot touch '/etc/x': Permission denied",
                "touch: cannot touch '../escape': Permission denied",
                "touch: cannot touch '/wsx/f': Permission denied",
                "chmod: changing permissions of 'ro': Permission denied",
                "cp: preserving permissions for \xe2\x80\x98s1\xe2\x80\x99: Permission denied",
                "install: cannot change permissions of 's2': Permission denied",
                "tar: t/suid: Cannot change mode to rwsr-xr-x: Permission denied",
                "mknod: dev: Permission denied",
                "cp: cannot create special file 'n1': Permission denied",
                "fsverity: FS_IOC_ENABLE_VERITY failed on 'f': Permission denied",
                "rmdir: failed to remove '../ws': Permission denied",
                "rm: cannot remove '/tmp/run': Permission denied",
                "mv: cannot move '/var/tmp/x' to './moved': Permission denied",
                "/usr/bin/ld: cannot open output file /etc/a.out: Permission denied",
                "PermissionError: [Errno 13] Permission denied",
                "fakeroot, while creating message channels: Permission denied",
                "dpkg-deb (subprocess): failed to create directory: Permission denied",
                "dpkg: error: you do not have permission to lock the dpkg status database",
        };
        struct sbx_classify_result *r;

        for (size_t i = 0; i < SBX_ELEMENTSOF(dac); i++) {
                r = run_in_workspace(dac[i], false);
                if (r->verdict != SBX_VERDICT_TASK_FAILURE || r->denial_lines != 0 || r->n_denials != 0)
                        fail_msg("'%s': %s, %" PRIu64 " denial lines", dac[i], sbx_verdict_to_string(r->verdict),
                                 r->denial_lines);
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(sandbox); i++) {
                r = run_in_workspace(sandbox[i], false);
                if (r->verdict != SBX_VERDICT_DENIED || r->denial_lines != 1)
                        fail_msg("'%s': %s", sandbox[i], sbx_verdict_to_string(r->verdict));
        }

        /* the host's path decides: a symlink in the workspace that leaves it, or a path that
         * cannot be resolved, is the sandbox's */
        r = run_in_workspace("touch: cannot touch 'link/x': Permission denied", true);
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/link/x"); /* stored as joined, not resolved */
        assert_verdict(run_in_workspace("touch: cannot touch 'gone/x': Permission denied", true), "denied");
        /* jar's temporary file refused outside: an exception's class is no name in the workspace
         * (it was, and the line read as the host's own permissions) */
        assert_verdict(run_in_workspace("java.io.IOException: Permission denied", false), "denied");
        assert_verdict(run_in_workspace("touch: cannot touch 'ro': Permission denied", true), "task_failure");
        /* ".." after that symlink is its target's parent, as the kernel resolves it: not the
         * workspace's ro (before: task_failure, the write refused outside hidden) */
        assert_verdict(run_in_workspace("touch: cannot touch 'link/../ro': Permission denied", true), "denied");
        assert_verdict(run_in_workspace("touch: cannot touch '/ws/link/../ro': Permission denied", true), "denied");
        assert_verdict(run_in_workspace("touch: cannot touch 'sub/../ro': Permission denied", true), "task_failure");

        /* among others: only the sandbox's lines count, the first of them is the evidence */
        r = run_in_workspace("touch: cannot touch 'ro': Permission denied\n"
                             "touch: cannot touch '/etc/x': Permission denied\n"
                             "touch: cannot touch 'ro2': Permission denied\n",
                             false);
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 2);
        assert_int_equal(r->denial_lines, 1);
        assert_int_equal(r->n_denials, 1);
        assert_string_equal(r->denials[0].path, "/etc/x");

        /* without the context (another backend or mode): every such line is a denial */
        assert_verdict(run("landlock", 1, 0, "touch: cannot touch 'ro': Permission denied\n"), "denied");
}

/* Rust's error chains put the errno text alone on the chain's last line, the name on the cause
 * before it (cargo's "Caused by:" blocks, anyhow's numbered causes): the path is read from both
 * (it was none, so that a 0555 directory in the workspace under Landlock read as a denial). */
static void test_classify_rust_cause_chain_names_the_path(void **state) {
        (void) state;
        static const struct {
                const char *text, *path;
                bool denial;
        } cases[] = {
                { "error: failed to write /ws/p/Cargo.lock\n\nCaused by:\n  failed to open: /ws/p/Cargo.lock\n\n"
                  "Caused by:\n  Permission denied (os error 13)\n", "/ws/p/Cargo.lock", false },
                { "error: failed to create package `demo` at `/etc/demo`\n\nCaused by:\n  failed to create directory "
                  "`/etc/demo`\n\nCaused by:\n  Permission denied (os error 13)\n", "/etc/demo", true },
                { "Error: failed to write output\n\nCaused by:\n    0: failed to open: /etc/o.txt\n"
                  "    1: Permission denied (os error 13)\n", "/etc/o.txt", true },
                /* not a chain: no path, as before */
                { "failed to open: /etc/o.txt\n  Permission denied (os error 13)\n", "", true },
                { "Caused by:\n  Permission denied (os error 13)\n", "", true },
                { "    3: failed to open: /etc/o.txt\n    1: Permission denied (os error 13)\n", "", true },
                /* unzip aligns the errno text under the message of the line before: that line's
                 * name (it was none) */
                { "checkdir error:  cannot create /etc/d\n                 Permission denied\n"
                  "                 unable to process d/.\n", "/etc/d", true },
                { "error:  cannot create /etc/f\n        Permission denied\n", "/etc/f", true },
                { "checkdir:  cannot create extraction directory: /etc/x\n           Permission denied\n", "/etc/x",
                  true },
                /* not aligned so, or a blank line between: none, as before */
                { "x: cannot create /etc/d\n  Permission denied\n", "", true },
                { "error:  cannot create /etc/f\n\n        Permission denied\n", "", true },
                /* CMake's system error after an empty message, the file on the line just before
                 * with the same first field (it was none: ctest -O, configure_file's stream) */
                { "CMake Error: Cannot open file for write: /ws/b/l.tmp1\nCMake Error: : System Error: Permission denied\n",
                  "/ws/b/l.tmp1", false },
                { "CMake Error: Cannot open file for write: /etc/l.tmp1\nCMake Error: : System Error: Permission denied\n",
                  "/etc/l.tmp1", true },
                /* another first field, a blank line between, a message that is not empty: none */
                { "x: Cannot open file for write: /ws/a\nCMake Error: : System Error: Permission denied\n", "", true },
                { "CMake Error: Cannot open file for write: /ws/a\n\nCMake Error: : System Error: Permission denied\n", "",
                  true },
                { "CMake Error: Cannot open file for write: /ws/a\nCMake Error: so it: System Error: Permission denied\n", "",
                  true },
                /* CMake's message of a command that failed, its name alone on an indented line
                 * after a blank one (it was none: file(WRITE) into a directory the host refuses) */
                { "CMake Error at CMakeLists.txt:3 (file):\n  file failed to open for writing (Permission denied):\n\n"
                  "    /ws/b/out.txt\n\n\n-- Configuring incomplete, errors occurred!\n", "/ws/b/out.txt", false },
                { "CMake Error at CMakeLists.txt:3 (file):\n  file failed to open for writing (Permission denied):\n\n"
                  "    /etc/out.txt\n\n", "/etc/out.txt", true },
                { "  file failed to open for writing (Permission denied):\n\n    /etc/out.txt", "/etc/out.txt", true },
                /* no blank line, two, a relative name, a line not indented, another word after
                 * the signature: none, as before */
                { "  file failed to open for writing (Permission denied):\n    /ws/b/out.txt\n", "", true },
                { "  file failed to open for writing (Permission denied):\n\n\n    /ws/b/out.txt\n", "", true },
                { "  file failed to open for writing (Permission denied):\n\n    b/out.txt\n", "", true },
                { "  file failed to open for writing (Permission denied):\n\n/ws/b/out.txt\n", "", true },
                { "file failed to open for writing (Permission denied):\n\n    /ws/b/out.txt\n", "", true },
                { "  file failed to open (Permission denied) for x:\n\n    /ws/b/out.txt\n", "", true },
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_classify_result *r = run_in_workspace(cases[i].text, false);

                if (!cases[i].denial) {
                        if (r->verdict != SBX_VERDICT_TASK_FAILURE || r->denial_lines != 0)
                                fail_msg("case %zu: %s", i, sbx_verdict_to_string(r->verdict));
                        continue;
                }
                assert_verdict(r, "denied");
                assert_int_equal(r->n_denials, 1);
                if (strcmp(r->denials[0].path, cases[i].path) != 0)
                        fail_msg("case %zu: path '%s', want '%s'", i, r->denials[0].path, cases[i].path);
        }
}

/* The cause before a chain's last line is found however stderr was fed: where a read ended
 * between "Caused by:" and the errno line, or within that line, the staging buffer was flushed
 * there and the path was none (the line before the buffer's start read as no line at all), so
 * that the path, and with a context the verdict, depended on the pipe's reads. */
static void test_classify_rust_cause_chain_across_buffers(void **state) {
        (void) state;
        static const char chain[] = "error: failed to create directory `/etc/demo`\n\nCaused by:\n";
        static const char last[] = "  Permission denied (os error 13)\n";
        static char buf[80000];
        static struct sbx_classify_result r;
        size_t len = 0, at;

        append(buf, sizeof(buf), &len, "xxxxxxxxx\n", 60000);
        append(buf, sizeof(buf), &len, chain, 0);
        at = len;
        append(buf, sizeof(buf), &len, last, 0);
        append(buf, sizeof(buf), &len, "yyyyyyyyy\n", 70000);
        const size_t chunks[] = { 0, 1, 7, 4096, 65536, at, at + 5, at - 3 };
        for (size_t i = 0; i < SBX_ELEMENTSOF(chunks); i++) {
                run_chunked(builtin("landlock"), 1, 0, buf, len, chunks[i], &r);
                assert_verdict(&r, "denied");
                assert_int_equal(r.n_denials, 1);
                if (strcmp(r.denials[0].path, "/etc/demo") != 0)
                        fail_msg("chunks of %zu: path '%s'", chunks[i], r.denials[0].path);
        }
}

/* shutil.rmtree removes through directory descriptors and its error names the entry alone: the
 * traceback's last source line calls with dir_fd=, so the name is in a directory not told, and
 * the path is none, however stderr was fed (it was the name joined to the cwd, a workspace file,
 * which with the workspace read as the host's own permissions). Without dir_fd= the name is the
 * cwd's. */
static void test_classify_python_dir_fd_name_is_not_the_cwds(void **state) {
        (void) state;
        static const char frame[] = "  File \"/usr/lib/python3.11/shutil.py\", line 681, in _rmtree_safe_fd\n"
                                    "    os.unlink(entry.name, dir_fd=topfd)\n";
        static const char exc[] = "PermissionError: [Errno 13] Permission denied: 'i'\n";
        static char buf[80000];
        static struct sbx_classify_result r;
        struct sbx_classify_context ctx = { .cwd = "/ws" };
        size_t len = 0, at;

        append(buf, sizeof(buf), &len, "xxxxxxxxx\n", 65000);
        append(buf, sizeof(buf), &len, frame, 0);
        at = len;
        append(buf, sizeof(buf), &len, exc, 0);
        const size_t chunks[] = { 0, 1, 7, 4096, 65536, at, at + 5, at - 3 };
        for (size_t i = 0; i < SBX_ELEMENTSOF(chunks); i++) {
                run_chunked(builtin("landlock"), 1, 0, buf, len, chunks[i], &r);
                assert_verdict(&r, "denied");
                assert_int_equal(r.n_denials, 1);
                if (strcmp(r.denials[0].path, "") != 0)
                        fail_msg("chunks of %zu: path '%s'", chunks[i], r.denials[0].path);
        }
        {
                struct sbx_classify_result *cr = run_landlock_in(&ctx, "    os.unlink(name, dir_fd=topfd)\n"
                                                                       "    ^^^^^^^^^^^^^^^^^^^^^^\n"
                                                                       "PermissionError: [Errno 13] "
                                                                       "Permission denied: 'i'\n");

                assert_int_equal(cr->n_denials, 1);
                assert_string_equal(cr->denials[0].path, "");
        }
        assert_string_equal(run_landlock_in(&ctx, "    os.unlink(entry.name, dir_fd=topfd)\nPermissionError: "
                                                  "[Errno 13] Permission denied: '/etc/i'\n")->denials[0].path, "/etc/i");
        assert_string_equal(run_landlock_in(&ctx, "    open('i', 'w')\nPermissionError: "
                                                  "[Errno 13] Permission denied: 'i'\n")->denials[0].path, "/ws/i");
        assert_verdict(run_in_workspace("  File \"/usr/lib/python3.11/shutil.py\", line 681, in _rmtree_safe_fd\n"
                                        "    os.unlink(entry.name, dir_fd=topfd)\n"
                                        "PermissionError: [Errno 13] Permission denied: 'i'\n", false), "denied");
}

/* npm prints an error's fields a line each, the name after the code ("npm error code EACCES",
 * "npm error syscall open", "npm error path X"): that name is the path of the code's line, however
 * stderr was fed (there was none). A line that is no field of it ends the wait: the code's line
 * names nothing, and stays the first evidence before a denial line after it. */
static void test_classify_npm_fields_name_the_path(void **state) {
        (void) state;
        static const char block[] = "npm error code EACCES\nnpm error syscall open\nnpm error path /etc/.npmrc\n"
                                    "npm error errno -13\nnpm error\n";
        static char buf[80000];
        static struct sbx_classify_result r;
        size_t len = 0, at;

        append(buf, sizeof(buf), &len, "xxxxxxxxx\n", 65000);
        at = len;
        append(buf, sizeof(buf), &len, block, 0);
        append(buf, sizeof(buf), &len, "npm error\n", 70000);
        const size_t chunks[] = { 0, 1, 7, 4096, 65536, at, at + 5, at + 30, at + 50 };
        for (size_t i = 0; i < SBX_ELEMENTSOF(chunks); i++) {
                run_chunked(builtin("landlock"), 1, 0, buf, len, chunks[i], &r);
                assert_verdict(&r, "denied");
                assert_int_equal(r.n_denials, 1);
                assert_int_equal(r.denials[0].line_no, 6501);
                if (strcmp(r.denials[0].path, "/etc/.npmrc") != 0)
                        fail_msg("chunks of %zu: path '%s'", chunks[i], r.denials[0].path);
        }
        r = *run("landlock", 1, 0, "npm ERR! code EACCES\nnpm ERR! path /etc/x\n");
        assert_string_equal(r.denials[0].path, "/etc/x");
        r = *run("landlock", 1, 0, "npm error code EACCES");
        assert_verdict(&r, "denied");
        assert_string_equal(r.denials[0].path, "");
        r = *run("landlock", 1, 0, "npm error code EACCES\ntouch: cannot touch '/etc/t': Permission denied\n"
                                   "npm error path /etc/x\n");
        assert_int_equal(r.n_denials, 2);
        assert_int_equal(r.line_no, 1);
        assert_string_equal(r.denials[0].path, "");
        assert_int_equal(r.denials[1].line_no, 2);
        assert_string_equal(r.denials[1].path, "/etc/t");
        r = *run("landlock", 1, 0, "npm error code EACCES\nnpm error a b\nnpm error c d\nnpm error e f\nnpm error g h\n"
                                   "npm error path /etc/x\n");
        assert_string_equal(r.denials[0].path, "");
        /* a field line that is held in its turn: the first held line is counted, naming nothing
         * (it was overwritten, and lost) */
        r = *run("landlock", 1, 0, "npm error code EACCES\nnpm error code EACCES\nnpm error path /etc/x\n");
        assert_int_equal(r.denial_lines, 2);
        assert_int_equal(r.n_denials, 2);
        assert_int_equal(r.denials[0].line_no, 1);
        assert_string_equal(r.denials[0].path, "");
        assert_int_equal(r.denials[1].line_no, 2);
        assert_string_equal(r.denials[1].path, "/etc/x");
        /* a link made: its path is the target, not written, its dest the link (npm link recorded
         * the workspace, the target, besides /usr/lib/node_modules/np); not an unlink's path */
        r = *run("landlock", 1, 0, "npm error code EACCES\nnpm error syscall symlink\nnpm error path ../../w\n"
                                   "npm error dest /usr/lib/node_modules/np\nnpm error errno -13\n");
        assert_int_equal(r.n_denials, 1);
        assert_string_equal(r.denials[0].path, "/usr/lib/node_modules/np");
        r = *run("landlock", 1, 0, "npm error code EACCES\nnpm error syscall unlink\nnpm error path /etc/x\n");
        assert_string_equal(r.denials[0].path, "/etc/x");
}

/* A host that refuses every write beneath /ro (a read-only mount, a directory the user may not
 * write), an open of /ws/0000, and a read beneath /wo (files the user may write, not read). */
static bool fake_host_refuses(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata;
        (void) run;
        return strncmp(path, "/ro/", 4) == 0 || (opens && strncmp(path, "/ws/0000", 8) == 0) ||
               (reads && strncmp(path, "/wo/", 4) == 0);
}

/* A shell's failed redirection of output names a file, a bare word too ("cannot create out"),
 * and so does cp's destination ("cannot create regular file 'out'"):
 * the host is asked of it as of any name. In a directory the host refuses the user (/ro) the
 * refusal is the host's, task_failure (before: denied, a bare word never asked, as a make
 * recipe's or a nested `sh -c`'s `echo > out` by nobody in a directory of root's, where
 * `> out.txt` read task_failure); where the host lets it (/ws), denied. */
static void test_classify_shell_create_bare_word_asked(void **state) {
        static const struct {
                const char *backend, *cwd, *text, *verdict;
        } rows[] = {
                { "bwrap", "/ro", "/bin/sh: 1: cannot create out: Read-only file system\n", "task_failure" },
                { "landlock", "/ro", "sh: 1: cannot create out: Permission denied\n", "task_failure" },
                { "bwrap", "/ro", "cp: cannot create regular file 'out': Read-only file system\n", "task_failure" },
                { "bwrap", "/ws", "/bin/sh: 1: cannot create out: Read-only file system\n", "denied" },
                { "bwrap", "/ws", "cp: cannot create regular file 'out': Read-only file system\n", "denied" },
                { "landlock", "/ws", "sh: 1: cannot create out: Permission denied\n", "denied" },
                { "bwrap", "/ro", "/bin/sh: 1: cannot create out.txt: Read-only file system\n", "task_failure" },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_classify_context ctx = { .cwd = rows[i].cwd, .host_refuses = fake_host_refuses,
                                                    .script = "make -f w.mk" };
                struct sbx_classify_result *r = run_backend_in(rows[i].backend, &ctx, rows[i].text);

                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                        fail_msg("row %zu (%s: %s): %s, want %s", i, rows[i].backend, rows[i].text,
                                 sbx_verdict_to_string(r->verdict), rows[i].verdict);
        }
        /* a line longer than the evidence kept, its signature past it (dash's $0 of 100000
         * bytes): no signature's place to read the name before (before this guard, a crash:
         * created_before() read up to an unset end; escalation.sh's chatty row, sbx exit 139) */
        {
                static const char tail[] = ": 1: cannot create /ro/x: Read-only file system\n";
                size_t n = 100000;
                char *big = malloc(n + sizeof(tail));
                struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };

                assert_non_null(big);
                memset(big, 'y', n);
                memcpy(big + n, tail, sizeof(tail));
                assert_verdict(run_backend_in("bwrap", &ctx, big), "denied");
                free(big);
        }
}

/* shadow-utils' lock file of /etc it could not make, "PROG: cannot lock /etc/passwd; try again
 * later.", no errno: a write the sandbox refuses (/etc is never granted), denied under both
 * backends (before: task_failure, no signature: root's `chfn -f x nobody` in either mode). */
static void test_classify_shadow_lock_line(void **state) {
        static const char *const lines[] = {
                "chfn: cannot lock /etc/passwd; try again later.\n",
                "useradd: cannot lock /etc/group; try again later.\n",
        };
        static const char *const backends[] = { "bwrap", "landlock" };
        (void) state;

        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(lines); i++) {
                        struct sbx_classify_result *r = run_backend_in(backends[b], &(struct sbx_classify_context){ 0 }, lines[i]);

                        if (r->verdict != SBX_VERDICT_DENIED || r->denial_lines != 1)
                                fail_msg("%s: %s: %s, want denied", backends[b], lines[i], sbx_verdict_to_string(r->verdict));
                }
        /* other words of a retry: no signature */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ 0 }, "server busy, try again later.\n"),
                       "task_failure");
}

/* btrfs-progs' subvolume refused by bubblewrap's launcher filter, which refuses the subvolume
 * ioctls in both modes since escape53b (in the workspace too): denied, no path, under bwrap as
 * under Landlock, in the workspace of a sbx run's workspace-write too (before: under bwrap
 * task_failure, `Permission denied` a fifo-denial alone; under Landlock the path "subvolume", a
 * workspace name). Its other failures: the command's. */
static void test_classify_btrfs_subvolume_refused(void **state) {
        static const char *const writable[] = { "/ws", NULL };
        const struct sbx_classify_context in_ws = { .cwd = "/ws", .writable = writable, .granted = writable };
        (void) state;

        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap";
                struct sbx_classify_result *r = run_backend_in(backend, &in_ws, "ERROR: cannot create subvolume: Permission denied\n");

                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || r->denials[0].path[0])
                        fail_msg("%s: %s, path '%s', want denied with none", backend, sbx_verdict_to_string(r->verdict),
                                 r->n_denials ? r->denials[0].path : "");
                assert_verdict(run_backend_in(backend, &in_ws, "ERROR: cannot create subvolume: File exists\n"), "task_failure");
        }
}

/* e2fsprogs' chattr names its file after its errno text, "chattr: E while setting flags on X"
 * (it named none), and a change of flags is the owner's (FS_IOC_SETFLAGS): under bwrap, as nobody,
 * root's file outside (EROFS, the read-only mount first) is the host's refusal too (it read
 * denied); root's, denied, X its path. Its EPERM ("Operation not permitted while setting flags
 * on X", a signature of both backends): root's is the sandbox's, which keeps it no CAP_FOWNER nor
 * CAP_LINUX_IMMUTABLE (under Landlock outside the workspace, under bwrap in it: it read
 * task_failure); another user's, refused by the host too (another's file, or +i, +a). */
static bool fake_host_refuses_owner(void *userdata, const char *path, bool mode);

static void test_classify_chattr_flags_line(void **state) {
        struct sbx_classify_context root = { .cwd = "/ws", .host_refuses = fake_host_refuses,
                                             .host_refuses_owner = fake_host_refuses_owner };
        struct sbx_classify_context nobody = root, root_ws = root, nobody_ws;
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_result *r;
        (void) state;

        nobody.unprivileged = true;
        root_ws.writable = ws;
        root_ws.granted = ws;
        nobody_ws = root_ws;
        nobody_ws.unprivileged = true;
        r = run_backend_in("bwrap", &root, "chattr: Read-only file system while setting flags on /etc/a b\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/a b");
        assert_verdict(run_backend_in("bwrap", &nobody, "chattr: Read-only file system while setting flags on /ro/f\n"),
                       "task_failure");
        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap";

                r = run_backend_in(backend, &root, "chattr: Operation not permitted while setting flags on /etc/f\n");
                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || strcmp(r->denials[0].path, "/etc/f") != 0)
                        fail_msg("%s root: %s, want denied /etc/f", backend, sbx_verdict_to_string(r->verdict));
                /* beneath the writable directories too: root's is the sandbox's, which keeps it no
                 * capability (mine55: under Landlock in the workspace, task_failure where the name
                 * was read), another user's the host's */
                r = run_backend_in(backend, &root_ws, "chattr: Operation not permitted while setting flags on own\n");
                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || strcmp(r->denials[0].path, "/ws/own") != 0)
                        fail_msg("%s root, workspace: %s, want denied /ws/own", backend, sbx_verdict_to_string(r->verdict));
                assert_verdict(run_backend_in(backend, &nobody_ws, "chattr: Operation not permitted while setting flags on own\n"),
                               "task_failure");
                /* a relative name, the signature's end the phrase's (mine55: no path) */
                r = run_backend_in(backend, &root, "chattr: Operation not permitted while setting flags on own f\n");
                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || strcmp(r->denials[0].path, "/ws/own f") != 0)
                        fail_msg("%s root, relative: %s, %s, want denied /ws/own f", backend,
                                 sbx_verdict_to_string(r->verdict), r->n_denials ? r->denials[0].path : "");
                assert_verdict(run_backend_in(backend, &nobody, "chattr: Operation not permitted while setting flags on /etc/f\n"),
                               "task_failure");
                /* a read-only mount of the host's: the host's refusal, root's too */
                assert_verdict(run_backend_in(backend, &root, "chattr: Operation not permitted while setting flags on /ro/f\n"),
                               "task_failure");
                /* another errno of it (tmpfs has no flags): the command's */
                assert_verdict(run_backend_in(backend, &root, "chattr: Operation not supported while setting flags on /etc/f\n"),
                               "task_failure");
        }
        /* the user's own file, a flag only CAP_LINUX_IMMUTABLE changes (chattr_capability: +i,
         * +a): the host refuses a user other than root by EPERM, whatever the sandbox said first
         * (left56: as nobody, `chattr +i f` of its own f in read-only read denied under both
         * backends); another flag, root's: the sandbox's */
        {
                static const struct {
                        const char *backend, *line;
                } lines[] = {
                        { "bwrap", "chattr: Read-only file system while setting flags on f\n" },
                        { "landlock", "chattr: Permission denied while setting flags on f\n" },
                };
                struct sbx_classify_context nobody_cap = nobody, root_cap = root;

                nobody_cap.chattr_capability = root_cap.chattr_capability = true;
                for (size_t i = 0; i < SBX_ELEMENTSOF(lines); i++) {
                        assert_verdict(run_backend_in(lines[i].backend, &nobody_cap, lines[i].line), "task_failure");
                        assert_verdict(run_backend_in(lines[i].backend, &nobody, lines[i].line), "denied");
                        assert_verdict(run_backend_in(lines[i].backend, &root_cap, lines[i].line), "denied");
                }
        }
}

/* ncurses' tic prints a terminfo directory it could not write (its -o DIR refused by access(2),
 * then $HOME/.terminfo) as "X: permission denied (errno N)", N the errno's number: under bwrap
 * 30, EROFS, the read-only bind's, denied, X its path (before: task_failure, bubblewrap's plain
 * Permission denied being the host's); 13 there, the host's own EACCES, no denial; under Landlock
 * 13, its EACCES, denied. */
static void test_classify_tic_errno_number(void **state) {
        static const char line30[] = "\"x.ti\", line 2, terminal 'xterm': /root/.terminfo: permission denied (errno 30)\n",
                          line13[] = "\"x.ti\", line 2, terminal 'xterm': /root/.terminfo: permission denied (errno 13)\n";
        struct sbx_classify_result *r;
        (void) state;

        r = run_backend_in("bwrap", &(struct sbx_classify_context){ 0 }, line30);
        if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || strcmp(r->denials[0].path, "/root/.terminfo") != 0)
                fail_msg("bwrap errno 30: %s, path '%s', want denied /root/.terminfo", sbx_verdict_to_string(r->verdict),
                         r->n_denials ? r->denials[0].path : "");
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ 0 }, line13), "task_failure");
        r = run_backend_in("landlock", &(struct sbx_classify_context){ 0 }, line13);
        if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || strcmp(r->denials[0].path, "/root/.terminfo") != 0)
                fail_msg("landlock errno 13: %s, want denied /root/.terminfo", sbx_verdict_to_string(r->verdict));
        /* a number that only starts with 30 is no signature */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ 0 },
                                      "x: /y: permission denied (errno 300)\n"),
                       "task_failure");
}

static unsigned refuses_asked;

static bool counting_host_refuses(void *userdata, const char *path, bool run, bool opens, bool reads) {
        refuses_asked++;
        return fake_host_refuses(userdata, path, run, opens, reads);
}

/* The host is asked once about a name a line holds in quotes, which is also its path and, being
 * absolute, is met again unquoted (it was asked three times: about 24 system calls a denial line
 * as nobody, 10 now). */
static void test_classify_host_refuses_asked_once_a_name(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = counting_host_refuses };
        struct sbx_classify_result *r;

        refuses_asked = 0;
        r = run_landlock_in(&ctx, "touch: cannot touch '/ro/x': Permission denied\n");
        assert_verdict(r, "task_failure");
        assert_int_equal(refuses_asked, 1);
        /* two names: the path asked once, the name it pairs with not at all (the rename fails on
         * the host whatever its source) */
        refuses_asked = 0;
        r = run_landlock_in(&ctx, "mv: cannot move '/ro/a' to '/ro/b': Permission denied\n");
        assert_verdict(r, "task_failure");
        assert_int_equal(refuses_asked, 1);
        refuses_asked = 0;
        r = run_landlock_in(&ctx, "mv: cannot move '/ro/a' to '/etc/b': Permission denied\n");
        assert_verdict(r, "denied");
}

static unsigned resolve_asked;

static size_t counting_resolve(void *userdata, const char *path, char *out, size_t size) {
        resolve_asked++;
        return fake_resolve(userdata, path, out, size);
}

/* The same denial line printed many times has its path resolved and the host asked about it
 * once, not once a line (review: 1 GB of one `Read-only file system` line took bwrap's run 387 s,
 * 12 system calls a line, against 2 s for other text); another path is asked about again, and
 * the verdict and the count of denial lines are those of every line. */
static void test_classify_host_asked_once_for_repeated_lines(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .resolve = counting_resolve,
                                            .host_refuses = counting_host_refuses };
        struct sbx_classify_result *r;
        char text[64 * 100 + 64] = "";

        for (int i = 0; i < 100; i++)
                strcat(text, "touch: cannot touch '/ro/x': Permission denied\n");
        refuses_asked = resolve_asked = 0;
        r = run_landlock_in(&ctx, text);
        assert_verdict(r, "task_failure");
        assert_int_equal(refuses_asked, 1);
        assert_true(resolve_asked <= 2);
        strcpy(text, "touch: cannot touch '/etc/x': Permission denied\n");
        for (int i = 0; i < 99; i++)
                strcat(text, "touch: cannot touch '/etc/y': Permission denied\n");
        refuses_asked = resolve_asked = 0;
        r = run_landlock_in(&ctx, text);
        assert_verdict(r, "denied");
        assert_int_equal(r->denial_lines, 100);
        assert_int_equal(refuses_asked, 2);
        assert_true(resolve_asked <= 4);
}

/* A host whose PATH candidates are /ro/bin/x (exists, not runnable for the user), /bin/ok
 * (runnable) and /ws/y (in the cwd, not runnable); nothing else exists. */
static int fake_host_runs(void *userdata, const char *path) {
        (void) userdata;
        if (strcmp(path, "/ro/bin/x") == 0 || strcmp(path, "/ws/y") == 0)
                return 0;
        return strcmp(path, "/bin/ok") == 0 ? 1 : -1;
}

static unsigned runs_asked;

static int counting_host_runs(void *userdata, const char *path) {
        runs_asked++;
        return fake_host_runs(userdata, path);
}

/* A program the command could not run after a search of PATH names no file of the cwd: its path
 * is the candidate the search failed on, the host's refusal when the host runs none (before:
 * `env: 'cargo': Permission denied` recorded <cwd>/cargo, and read as denied where the host
 * refused it: cargo in a PATH directory nobody may not search). */
/* form with its '@' replaced by name, into out. */
static void fill_name(char *out, size_t size, const char *form, const char *name) {
        const char *at = strchr(form, '@');

        assert_non_null(at);
        assert_true((size_t) snprintf(out, size, "%.*s%s%s", (int) (at - form), form, name, at + 1) < size);
}

/* A shell's line of its script's run of a file the host would not run either (no execute bit for
 * the user, a noexec mount: host_runs 0), where the script only runs that name: the task's
 * failure, neither backend refuses a run (review50: as root, and as nobody of its own 0755
 * script, `bash -c ./x` on a noexec mount in read-only mode read denied under Landlock, the line
 * taken for a write). The line stays the sandbox's where it may tell of a write or a read. */
static int no_host_runs(void *userdata, const char *path) {
        (void) userdata;
        (void) path;
        return 0;
}

static void test_classify_shell_run_host_refuses(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_runs = fake_host_runs };
        char twice[128], text[512];
        static const char *const lines[] = {
                "bash: line 1: ./y: Permission denied\n",
                "bash: ./y: Permission denied\n",
        };
        /* lines of a run whatever the script: dash's and ash's (a failed redirection is their
         * "cannot create X"), a runner's; (before: denied, root's and nobody's own 0644 script in
         * read-only mode under Landlock run by env, nice, timeout, nohup, stdbuf, setsid) */
        static const char *const run_lines[] = {
                "sh: 1: ./y: Permission denied\n",
                "env: '/ws/y': Permission denied\n",
                "nice: \xe2\x80\x98./y\xe2\x80\x99: Permission denied\n",
                "timeout: failed to run command \xe2\x80\x98./y\xe2\x80\x99: Permission denied\n",
                "nohup: failed to run command './y': Permission denied\n",
                "stdbuf: failed to run command './y': Permission denied\n",
                "setsid: failed to execute ./y: Permission denied\n",
                "xargs: ./y: Permission denied\n",
                "Can't exec \"./y\": Permission denied at -e line 1.\n",
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(lines); i++) {
                ctx.script = "./y";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "task_failure");
                ctx.script = "exec ./y a";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "task_failure");
                ctx.script = "cd /ws && ./y || echo no";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "task_failure");
                ctx.script = "\"./y\"; ./y.bak";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "task_failure");
                /* the name anywhere else in the text: a nested script's write, an assignment, a
                 * comment, an argument */
                ctx.script = "./y; bash -c 'echo x > ./y'";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                ctx.script = "f=./y; ./y";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                ctx.script = "./y # ./y";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                ctx.script = "./y; cp /etc/hosts ./y";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                /* a write into it, or into an expansion, beside the run */
                ctx.script = "./y; echo x > ./y";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                ctx.script = "f=./y; ./y; echo x > $f";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                /* a read: `. X`, `source X`, `< X` */
                ctx.script = ". ./y";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                ctx.script = "./y; source ./y";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                ctx.script = "./y < ./y";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                /* more lines than the script's runs of the name: another shell's, of a name spelled
                 * apart (review51b: read task_failure); a loop, a function, eval: not counted */
                snprintf(twice, sizeof(twice), "%s%s", lines[i], lines[i]);
                ctx.script = "./y; bash -c 'echo x > ./'y";
                assert_verdict(run_landlock_in(&ctx, twice), "denied");
                ctx.script = "./y; make";
                assert_verdict(run_landlock_in(&ctx, twice), "denied");
                ctx.script = "./y || ./y";
                assert_verdict(run_landlock_in(&ctx, twice), "task_failure");
                ctx.script = "./y; eval 'echo x > ./'y";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                ctx.script = "for i in 1; do ./y; done";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                /* a name the script does not show, no script known */
                ctx.script = "echo ./y";
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
                ctx.script = NULL;
                assert_verdict(run_landlock_in(&ctx, lines[i]), "denied");
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(run_lines); i++) {
                ctx.script = NULL;
                assert_verdict(run_landlock_in(&ctx, run_lines[i]), "task_failure");
                ctx.script = "f=./y; ./y; echo x > $f";
                assert_verdict(run_landlock_in(&ctx, run_lines[i]), "task_failure");
        }
        /* other lines naming it: an open, a copy */
        ctx.script = NULL;
        assert_verdict(run_landlock_in(&ctx, "cat: ./y: Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "sh: 1: cannot create ./y: Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "cp: cannot create regular file './y': Permission denied\n"), "denied");
        /* make's, a recipe's command it could not run (or a makefile it could not read), never a
         * write: the host's refusal (review52: was denied; test_classify_make_lines) */
        assert_verdict(run_landlock_in(&ctx, "make: ./y: Permission denied\n"), "task_failure");
        assert_verdict(run_landlock_in(&ctx, "env: './y/z': Permission denied\n"), "denied");
        /* a word naming a run before another name of the line, not right before the path: mv's
         * (review51b: read as the host's refusal of a run of ./y, task_failure) */
        assert_verdict(run_landlock_in(&ctx, "mv: cannot move 'docs/exec.md' to './y': Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "mv: cannot move 'spawn/a' to '/ws/y': Permission denied\n"), "denied");
        /* bwrap's EROFS line of the name: a write's, whatever the script shows (review51b: a nested
         * shell's write of ./y, its name spelled apart, read as the host's refusal of the run) */
        ctx.script = "true || ./y; bash -c 'echo x > ./'y";
        assert_verdict(run_backend_in("bwrap", &ctx, "bash: line 1: ./y: Read-only file system\n"), "denied");
        ctx.script = "./y";
        assert_verdict(run_backend_in("bwrap", &ctx, "bash: line 1: ./y: Read-only file system\n"), "denied");
        ctx.script = NULL;
        /* a file the host would run (/bin/ok), or one it does not have: the sandbox's, failing closed */
        assert_verdict(run_landlock_in(&ctx, "nohup: failed to run command '/bin/ok': Permission denied\n"), "denied");
        ctx.script = "/bin/ok";
        assert_verdict(run_landlock_in(&ctx, "bash: line 1: /bin/ok: Permission denied\n"), "denied");
        ctx.script = "./none";
        assert_verdict(run_landlock_in(&ctx, "bash: line 1: ./none: Permission denied\n"), "denied");
        /* eight names run once each, their lines the host's; a ninth name is not told: the
         * sandbox's (the script read once a name, not once a line: review51b, 10,000 lines of a
         * 100 KB script took 4.9 s, the script read three times a line) */
        ctx.host_runs = no_host_runs;
        ctx.script = "./a; ./b; ./c; ./d; ./e; ./f; ./g; ./h; ./i";
        text[0] = '\0';
        for (const char *n = "abcdefgh"; *n; n++)
                snprintf(text + strlen(text), sizeof(text) - strlen(text), "bash: line 1: ./%c: Permission denied\n", *n);
        assert_verdict(run_landlock_in(&ctx, text), "task_failure");
        strcat(text, "bash: line 1: ./i: Permission denied\n");
        assert_verdict(run_landlock_in(&ctx, text), "denied");
        /* no host to ask */
        ctx.script = "./y";
        ctx.host_runs = NULL;
        assert_verdict(run_landlock_in(&ctx, "bash: line 1: ./y: Permission denied\n"), "denied");
}

static void test_classify_program_searched_in_path(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses,
                                            .host_runs = fake_host_runs, .search_path = "/nx:/ro/bin:/bin" };
        struct sbx_classify_context offline = { .cwd = "/ws" };
        struct sbx_classify_context cwd_first = ctx;
        /* @: the program's name */
        static const char *const forms[] = {
                "env: '@': Permission denied\n",
                "env: \xe2\x80\x98@\xe2\x80\x99: Permission denied\n",
                "/usr/bin/nice: '@': Permission denied\n",
                "xargs: @: Permission denied\n",
                "timeout: failed to run command '@': Permission denied\n",
                "setsid: failed to execute @: Permission denied\n",
                "Can't exec \"@\": Permission denied at -e line 1.\n",
                "make: execvp: @: Permission denied\n",
                "sh: 1: @: Permission denied\n",
                "/ws/s.sh: 12: @: Permission denied\n",
        };
        struct sbx_classify_result *r;
        char line[256];

        for (size_t i = 0; i < SBX_ELEMENTSOF(forms); i++) {
                fill_name(line, sizeof(line), forms[i], "x");
                r = run_landlock_in(&ctx, line);
                assert_verdict(r, "task_failure");
                assert_int_equal(r->denial_lines, 0);
                /* no host to ask: no path, a denial */
                r = run_landlock_in(&offline, line);
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "");
                /* one the host runs: the sandbox's refusal, that candidate named */
                fill_name(line, sizeof(line), forms[i], "ok");
                r = run_landlock_in(&ctx, line);
                assert_verdict(r, "denied");
                assert_int_equal(r->n_denials, 1);
                assert_string_equal(r->denials[0].path, "/bin/ok");
        }
        /* the same program again is not searched for again: once a candidate of PATH */
        ctx.host_runs = counting_host_runs;
        runs_asked = 0;
        r = run_landlock_in(&ctx, "env: 'x': Permission denied\nxargs: x: Permission denied\nenv: 'x': Permission denied\n"
                                  "env: 'ok': Permission denied\n");
        assert_int_equal(r->denial_lines, 1);
        assert_int_equal(runs_asked, 3 + 3);
        ctx.host_runs = fake_host_runs;
        /* no candidate on the host: no path */
        r = run_landlock_in(&ctx, "env: 'none': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
        /* an empty entry is the cwd */
        cwd_first.search_path = ":/bin";
        assert_verdict(run_landlock_in(&cwd_first, "env: 'y': Permission denied\n"), "task_failure");
        cwd_first.search_path = "/bin";
        assert_verdict(run_landlock_in(&cwd_first, "env: 'y': Permission denied\n"), "denied");
        /* names of the cwd as before: an open, bash's line (a redirection's too), find's, a run
         * word inside the name */
        static const char *const in_cwd[] = {
                "cat: x: Permission denied\n",
                "bash: line 1: x: Permission denied\n",
                "find: 'x': Permission denied\n",
                "touch: cannot touch 'executable': Permission denied\n",
                "tee: spawn: Permission denied\n",
                "PermissionError: [Errno 13] Permission denied: 'x'\n",
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(in_cwd); i++) {
                r = run_landlock_in(&ctx, in_cwd[i]);
                assert_verdict(r, "denied");
                assert_int_equal(strncmp(r->denials[0].path, "/ws/", 4), 0);
        }
}

/* A denial line longer than the 1023 bytes of evidence kept: its signature and path are read from
 * the whole line (up to 8192 bytes), fed in any chunking; the evidence is still cut. A path the
 * kernel takes (up to 4095 bytes) is kept whole, one longer is none, not a cut one. (A long line
 * kept no path, and its host refusal was not seen; a path of 1024 to 4095 bytes kept none: live,
 * `touch D/x` with D of 2830 bytes, denied with the path null.) */
static void test_classify_long_denial_line_keeps_its_path(void **state) {
        (void) state;
        static const size_t chunks[] = { 0, 1, 7, 1000, 1024, 2048, 4096 };
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        static char text[3 * SBX_DENIAL_PATH_MAX], name[SBX_DENIAL_PATH_MAX + 100], want[SBX_DENIAL_PATH_MAX + 100];
        struct sbx_classify_result r;
        int n;

        memset(name, 'n', sizeof(name));
        name[sizeof(name) - 1] = '\0';
        for (size_t k = 0; k < SBX_ELEMENTSOF(chunks); k++) {
                n = snprintf(text, sizeof(text), "make: [%.1100s] touch: cannot touch '/etc/x': Read-only file system\n",
                             name);
                run_chunked(builtin("bwrap"), 1, 0, text, (size_t) n, chunks[k], &r);
                assert_verdict(&r, "denied");
                assert_int_equal(r.n_denials, 1);
                assert_string_equal(r.denials[0].path, "/etc/x");
                assert_int_equal(strlen(r.denials[0].line), SBX_MATCHED_LINE_MAX - 1);
                assert_int_equal(strlen(r.matched_line), SBX_MATCHED_LINE_MAX - 1);
        }
        /* the path unquoted before the signature, both past the evidence's end */
        n = snprintf(text, sizeof(text), "[%.1100s] sh: 1: cannot create /etc/y: Read-only file system\n", name);
        run_chunked(builtin("bwrap"), 1, 0, text, (size_t) n, 0, &r);
        assert_verdict(&r, "denied");
        assert_string_equal(r.denials[0].path, "/etc/y");
        /* paths of 1100, 3000 and 4095 bytes (the longest the kernel takes), quoted and not,
         * absolute and joined to the start directory: kept whole in any chunking */
        static const int lens[] = { 1100, 3000, 4095 };
        for (size_t l = 0; l < SBX_ELEMENTSOF(lens); l++)
                for (size_t k = 0; k < SBX_ELEMENTSOF(chunks); k++) {
                        int tail = lens[l] - 5; /* "/etc/" */

                        snprintf(want, sizeof(want), "/etc/%.*s", tail, name);
                        n = snprintf(text, sizeof(text), "touch: cannot touch '%s': Read-only file system\n", want);
                        run_chunked(builtin("bwrap"), 1, 0, text, (size_t) n, chunks[k], &r);
                        assert_verdict(&r, "denied");
                        if (strcmp(r.denials[0].path, want) != 0)
                                fail_msg("touch, %d bytes, chunk %zu: got %zu bytes", lens[l], chunks[k],
                                         strlen(r.denials[0].path));
                        n = snprintf(text, sizeof(text), "sh: 1: cannot create %s: Read-only file system\n", want);
                        run_chunked(builtin("bwrap"), 1, 0, text, (size_t) n, chunks[k], &r);
                        if (strcmp(r.denials[0].path, want) != 0)
                                fail_msg("sh, %d bytes, chunk %zu: got %zu bytes", lens[l], chunks[k],
                                         strlen(r.denials[0].path));
                        /* relative: "/ws/" and the name, 4 bytes more */
                        if (lens[l] + 4 >= SBX_DENIAL_PATH_MAX)
                                continue;
                        n = snprintf(text, sizeof(text), "touch: cannot touch '%.*s': Permission denied\n", lens[l],
                                     name);
                        assert_true(n > 0);
                        snprintf(want, sizeof(want), "/ws/%.*s", lens[l], name);
                        if (strcmp(run_landlock_in(&ctx, text)->denials[0].path, want) != 0)
                                fail_msg("relative, %d bytes: not joined whole", lens[l]);
                }
        /* a path of 4096 bytes does not fit: none, never cut to 4095 */
        n = snprintf(text, sizeof(text), "touch: cannot touch '/etc/%.4091s': Read-only file system\n", name);
        run_chunked(builtin("bwrap"), 1, 0, text, (size_t) n, 0, &r);
        assert_verdict(&r, "denied");
        assert_string_equal(r.denials[0].path, "");
        /* nor a relative name whose join to the start directory does not fit: as printed, whole */
        n = snprintf(text, sizeof(text), "touch: cannot touch '%.4093s': Permission denied\n", name);
        assert_verdict(run_landlock_in(&ctx, text), "denied");
        snprintf(want, sizeof(want), "%.4093s", name);
        assert_string_equal(run_landlock_in(&ctx, text)->denials[0].path, want);
        /* over 8192 bytes, the line is not kept whole: the denial counts, no path */
        n = snprintf(text, sizeof(text), "%.4095s%.4095s touch: cannot touch '/etc/z': Read-only file system\n",
                     name, name);
        for (size_t k = 0; k < SBX_ELEMENTSOF(chunks); k++) {
                run_chunked(builtin("bwrap"), 1, 0, text, (size_t) n, chunks[k], &r);
                assert_verdict(&r, "denied");
                assert_string_equal(r.denials[0].path, "");
        }
        /* the host's own refusal is seen on a long line too: its names, all beneath /ro */
        n = snprintf(text, sizeof(text), "cp: [%.1100s] cannot create regular file '/ro/x': Permission denied\n", name);
        assert_verdict(run_landlock_in(&ctx, text), "task_failure");
        n = snprintf(text, sizeof(text), "cp: [%.1100s] cannot create regular file '/etc/x': Permission denied\n", name);
        assert_verdict(run_landlock_in(&ctx, text), "denied");
}

/* A long denial line keeps its path whatever the buffers of stderr were: one of 4096 bytes ended
 * by "\r\n" (its '\r' is no part of it) kept it when it came in one buffer and lost it when it
 * came in two; and one whose NUL bytes (3 bytes of evidence each) cut the evidence though the line
 * is short kept none. The line is put across the classifier's 64 KiB buffers by the lines before
 * it, fed in chunks of every size. */
static void test_classify_long_denial_line_path_across_buffers(void **state) {
        (void) state;
        static const size_t before[] = { 0, 65536 - 2000, 65536 - 100, 65536 - 3 };
        static const size_t chunks[] = { 0, 1, 7, 1000, 4096, 65536 };
        static const char tail[] = " touch: cannot touch '/etc/x': Read-only file system";
        const size_t tl = sizeof(tail) - 1;
        struct {
                size_t len, fill_len;
                char fill;
        } lines[] = {
                { 4096, 4096 - tl, 'a' }, /* then "\r\n" */
                { 400 + tl, 400, '\0' }, /* then "\n" */
        };
        size_t cap = 65536 + 4096 + 2;
        char *buf = malloc(cap);

        assert_non_null(buf);
        for (size_t l = 0; l < SBX_ELEMENTSOF(lines); l++)
                for (size_t b = 0; b < SBX_ELEMENTSOF(before); b++) {
                        size_t o = 0;

                        for (; o + 3 <= before[b]; o += 3)
                                memcpy(buf + o, "ok\n", 3);
                        for (; o < before[b]; o++)
                                buf[o] = '\n';
                        memset(buf + o, lines[l].fill, lines[l].fill_len);
                        memcpy(buf + o + lines[l].fill_len, tail, tl);
                        o += lines[l].len;
                        if (lines[l].fill == 'a')
                                buf[o++] = '\r';
                        buf[o++] = '\n';
                        for (size_t k = 0; k < SBX_ELEMENTSOF(chunks); k++) {
                                struct sbx_classify_result r;

                                run_chunked(builtin("bwrap"), 1, 0, buf, o, chunks[k], &r);
                                assert_verdict(&r, "denied");
                                assert_int_equal(r.n_denials, 1);
                                if (strcmp(r.denials[0].path, "/etc/x") != 0)
                                        fail_msg("line %zu after %zu bytes, chunks of %zu: path '%s'", l, before[b],
                                                 chunks[k], r.denials[0].path);
                        }
                }
        free(buf);
}

/* A host that refuses every write beneath /proc/sys/vm (root's files, 0644, to a user other than
 * root). */
static bool fake_host_refuses_proc_sys(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata;
        (void) run;
        (void) opens;
        (void) reads;
        return strncmp(path, "/proc/sys/vm/", 13) == 0;
}

/* A host that refuses making a file in / (a user other than root). */
static bool fake_host_refuses_root_dir(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata;
        (void) run;
        (void) opens;
        (void) reads;
        return path[0] == '/' && path[1] && !strchr(path + 1, '/');
}

/* A POSIX shared memory object's name in Python's exception ("'/psm_1a2b'", from shm_open) is a
 * file of /dev/shm, which the host lets anyone make and Landlock refuses: not a file of / that
 * the host refuses a user other than root. Measured under Landlock as nobody: it read as the
 * host's refusal. */
static void test_classify_python_shm_name_is_dev_shm(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses_root_dir };
        struct sbx_classify_result *r;

        r = run_landlock_in(&ctx, "Traceback (most recent call last):\n"
                                  "  File \"/usr/lib/python3.11/multiprocessing/shared_memory.py\", line 104, in __init__\n"
                                  "    self._fd = _posixshmem.shm_open(\n"
                                  "               ^^^^^^^^^^^^^^^^^^^^^\n"
                                  "PermissionError: [Errno 13] Permission denied: '/psm_1a2b'\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/dev/shm/psm_1a2b");
        /* without such a source line, a file of / as printed */
        r = run_landlock_in(&ctx, "PermissionError: [Errno 13] Permission denied: '/psm_1a2b'\n");
        assert_verdict(r, "task_failure");
        r = run("landlock", 1, 0, "Traceback (most recent call last):\n"
                                  "  File \"/ws/x.py\", line 2, in <module>\n"
                                  "    open('/etc/x', 'w')\n"
                                  "PermissionError: [Errno 13] Permission denied: '/etc/x'\n");
        assert_string_equal(r->denials[0].path, "/etc/x");
        r = run("landlock", 1, 0, "Traceback (most recent call last):\n"
                                  "  File \"/ws/x.py\", line 2, in <module>\n"
                                  "    s = posix_ipc.SharedMemory('/a/b', posix_ipc.O_CREAT)\n"
                                  "PermissionError: [Errno 13] Permission denied: '/a/b'\n");
        assert_string_equal(r->denials[0].path, "/a/b");
}

/* procps sysctl names a refused key, a file of /proc/sys with '.' for '/', never a name of the
 * cwd's: the path is that file. Measured under Landlock: as nobody the host refuses it too
 * (task_failure; it read as denied in read-only, the key taken for a workspace file); as root in
 * workspace-write the sandbox alone refuses it (denied; it read as the host's permissions within
 * the workspace). */
static void test_classify_sysctl_key_names_proc_sys(void **state) {
        (void) state;
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_context nobody = { .cwd = "/ws", .host_refuses = fake_host_refuses_proc_sys };
        struct sbx_classify_context root = { .cwd = "/ws", .writable = ws, .granted = ws };
        struct sbx_classify_result *r;

        r = run("landlock", 1, 0, "sysctl: permission denied on key \"vm.swappiness\"\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/proc/sys/vm/swappiness");
        r = run("landlock", 1, 0, "sysctl: permission denied on key 'net.ipv4.ip_forward'\n");
        assert_string_equal(r->denials[0].path, "/proc/sys/net/ipv4/ip_forward");
        r = run("landlock", 1, 0, "sysctl: setting key \"kernel.core_pattern\": Permission denied\n");
        assert_string_equal(r->denials[0].path, "/proc/sys/kernel/core_pattern");
        r = run_landlock_in(&nobody, "sysctl: permission denied on key \"vm.swappiness\"\n");
        assert_verdict(r, "task_failure");
        assert_int_equal(r->denial_lines, 0);
        r = run_landlock_in(&nobody, "sysctl: permission denied on key \"kernel.core_pattern\"\n");
        assert_verdict(r, "denied");
        r = run_landlock_in(&root, "sysctl: permission denied on key \"vm.swappiness\"\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/proc/sys/vm/swappiness");
        /* not sysctl's shape: a quoted name of the cwd's, as before */
        r = run_landlock_in(&root, "tool: permission denied on key \"vm.swappiness\"\n");
        assert_verdict(r, "task_failure");
        r = run("landlock", 1, 0, "sysctl: permission denied on key \"a/../../etc/x\"\n");
        assert_string_not_equal(r->denials[0].path, "/proc/sys/a/../../etc/x");
        r = run("landlock", 1, 0, "sysctl: cannot stat /proc/sys/vm/x: Permission denied\n");
        assert_string_equal(r->denials[0].path, "/proc/sys/vm/x");
}

/* With host_refuses, a line whose path and every name lie where the host itself refuses the
 * write is the task's, under either backend; not one that names a set-ID bit, nor one that also
 * names a path elsewhere. */
static void test_classify_host_refuses(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        struct sbx_classify_result *r;

        r = run_landlock_in(&ctx, "cat: /ro/shadow: Permission denied\ntouch: cannot touch '/ro/x': Permission denied\n");
        assert_verdict(r, "task_failure");
        assert_int_equal(r->denial_lines, 0);
        r = run_landlock_in(&ctx, "touch: cannot touch '/ro/x': Permission denied\ntouch: cannot touch '/etc/x': Permission denied\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->denial_lines, 1);
        assert_string_equal(r->denials[0].path, "/etc/x");
        /* the rename's source elsewhere: the host refuses the name made, so the call (was denied) */
        assert_verdict(run_landlock_in(&ctx, "mv: cannot move '/etc/a' to '/ro/a': Permission denied\n"),
                       "task_failure");
        assert_verdict(run_landlock_in(&ctx, "chmod: changing permissions of '/ro/x': Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "h.c:1:21: fatal error: opening dependency file /ro/d: Permission denied\n"),
                       "task_failure");
        assert_verdict(run_landlock_in(&ctx, "awk: cannot open \"/ro/aw\" for output (Permission denied)\n"),
                       "task_failure");
        /* npm's name comes after its code's line (it read as denied, the code's line naming none) */
        assert_verdict(run_landlock_in(&ctx, "npm error code EACCES\nnpm error syscall open\n"
                                             "npm error path /ro/.npmrc\nnpm error errno -13\n"), "task_failure");
        assert_verdict(run_landlock_in(&ctx, "npm error code EACCES\nnpm error syscall open\n"
                                             "npm error path /etc/.npmrc\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "Can't open \"/ro/e\" for writing, Permission denied\n"
                                             "40B7:error:8000000D:system library:BIO_new_file:Permission denied:"
                                             "../crypto/bio/bss_file.c:67:calling fopen(/ro/e, wb)\n"), "task_failure");
        /* ninja's call on the name and its build directory (they read as denied, the path
         * "mkdir(/ro/bd)" a workspace name and the second line naming none) */
        assert_verdict(run_landlock_in(&ctx, "ninja: error: mkdir(/ro/bd): Permission denied\n"
                                             "ninja: error: creating build directory /ro/bd: Permission denied\n"),
                       "task_failure");
        assert_verdict(run_landlock_in(&ctx, "ninja: error: remove(/ro/o): Permission denied\n"), "task_failure");
        assert_verdict(run_landlock_in(&ctx, "ninja: error: WriteFile(/ro/r.rsp): Unable to create file. Permission denied\n"),
                       "task_failure");
        assert_verdict(run_landlock_in(&ctx, "ninja: error: mkdir(/etc/bd): Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "Permission denied\n"), "denied");
        /* the program named by its path first (gcc's /usr/bin/ld) is not what the line tells of */
        assert_verdict(run_landlock_in(&ctx, "/usr/bin/ld: cannot open output file /ro/a.out: Permission denied\n"),
                       "task_failure");
        assert_verdict(run_landlock_in(&ctx, "/usr/bin/ld: cannot open output file /etc/a.out: Permission denied\n"),
                       "denied");
        /* an open of a file whose bits refuse it (cat of a 0000 file): the host's; a removal of
         * it, which its directory's bits govern, is not asked as an open */
        assert_verdict(run_landlock_in(&ctx, "cat: 0000: Permission denied\n"), "task_failure");
        assert_verdict(run_landlock_in(&ctx, "bash: line 1: /ws/0000: Permission denied\n"), "task_failure");
        assert_verdict(run_landlock_in(&ctx, "rm: cannot remove '0000': Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "tar: 0000: Cannot unlink: Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "PermissionError: [Errno 13] Permission denied: '0000'\n"), "denied");
        /* a read of a file the host lets the user write but not read (beneath /wo: root's 0622
         * file as nobody), which the sandbox never refuses: the host's (before: denied). An open
         * the line or the script tells is for writing alone stays the sandbox's */
        assert_verdict(run_landlock_in(&ctx, "cat: /wo/f: Permission denied\n"), "task_failure");
        assert_verdict(run_landlock_in(&ctx, "head: cannot open '/wo/f' for reading: Permission denied\n"),
                       "task_failure");
        assert_verdict(run_landlock_in(&ctx, "sort: cannot read: /wo/f: Permission denied\n"), "task_failure");
        /* the words of a name it prints are not the message's (before: a read, task_failure) */
        assert_verdict(run_landlock_in(&ctx, "head: cannot open '/wo/for reading/f' for writing: Permission denied\n"),
                       "denied");
        assert_verdict(run_landlock_in(&ctx, "tee: '/wo/cannot read': Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "tee: /wo/cannot read: Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "sort: cannot read: '/wo/for reading': Permission denied\n"), "task_failure");
        assert_verdict(run_landlock_in(&ctx, "tee: /wo/f: Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "touch: cannot touch '/wo/f': Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&ctx, "sh: 1: cannot create /wo/f: Permission denied\n"), "denied");
        {
                struct sbx_classify_context sc = ctx;

                sc.script = "echo x > /wo/f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                sc.script = "cat <> /wo/f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                /* dash's and BusyBox ash's line of the same `< X` (before: denied, the host's
                 * refusal of the read taken for the sandbox's): an open for reading alone (dash's
                 * and ash's `>` and `<>` print "cannot create", "can't create"), whatever else the
                 * script does with X, a script file's line (its name and line number) and one of
                 * a script not known too (review51: the script that writes X too, reads it through
                 * a variable, a script file's line and no script read denied); another program's
                 * "cannot open", dash's `.` line, another errno after it: the sandbox's */
                sc.script = "cat < /wo/f";
                assert_verdict(run_landlock_in(&sc, "sh: 1: cannot open /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "/bin/dash: 1: cannot open /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "sh: can't open /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "ash: line 1: can't open /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "s.sh: 1: cannot open /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "./s.sh: line 3: can't open /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "sh: 1: .: cannot open /wo/f: Permission denied\n"), "denied");
                assert_verdict(run_landlock_in(&sc, "sh: 1: cannot create /wo/f: Permission denied\n"), "denied");
                assert_verdict(run_landlock_in(&sc, "sh: cannot open /wo/f: Permission denied\n"), "denied");
                assert_verdict(run_landlock_in(&sc, "s.sh: can't open /wo/f: Permission denied\n"), "denied");
                assert_verdict(run_landlock_in(&sc, "sh: 1: cannot open /wo/f: Permission denied (x)\n"), "denied");
                sc.script = "cat < /wo/f; echo x > /wo/f";
                assert_verdict(run_landlock_in(&sc, "sh: 1: cannot open /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "sh: can't open /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "sh: 1: cannot create /wo/f: Permission denied\n"), "denied");
                sc.script = "f=/wo/f; cat < $f";
                assert_verdict(run_landlock_in(&sc, "sh: 1: cannot open /wo/f: Permission denied\n"), "task_failure");
                sc.script = "cat < /wo/f; echo x > $f";
                assert_verdict(run_landlock_in(&sc, "sh: 1: cannot open /wo/f: Permission denied\n"), "task_failure");
                sc.script = NULL;
                assert_verdict(run_landlock_in(&sc, "sh: 1: cannot open /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "sh: can't open /wo/f: Permission denied\n"), "task_failure");
                /* a line that does not tell a read is the sandbox's: a write through an
                 * expansion, a script file's line (no script known), the output file of uniq,
                 * shuf or xxd (before: task_failure, the write the host allows hidden) */
                sc.script = "f=/wo/f; echo x > $f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; echo x > $f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "echo x > /wo/f''";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                /* a write whose word is quoted in part, beside a read of the same name (review49:
                 * the write not seen, the line read as the read's, task_failure); one through an
                 * expansion within the word, a glob: a name the script does not show */
                sc.script = "cat < /wo/f; echo x > /wo/'f'";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; echo x > \"/wo\"/f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; echo x > /wo/\\f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; echo x > $'/wo/f'";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; n=f; echo x > /wo/$n";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; echo x > /wo/\"${n}\"";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; echo x > /wo/f?";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                /* bash's `>& WORD` of a word that starts with digits but is no number: a file
                 * (review50: `>& 1f` read as a copy of descriptor 1) */
                sc.cwd = "/wo";
                sc.script = "cat < 1f; echo x >& 1f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: 1f: Permission denied\n"), "denied");
                sc.script = "cat < 1f; echo x >&1f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: 1f: Permission denied\n"), "denied");
                sc.script = "cat < 1f; echo x >&1";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: 1f: Permission denied\n"), "task_failure");
                sc.script = "cat < 1f; echo x >& 12 3>/dev/null";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: 1f: Permission denied\n"), "task_failure");
                sc.cwd = "/ws";
                /* ... bash's brace expansion and extglob's patterns, which bash applies to a
                 * redirection's word too (review50: `> /wo/{f..f}` and `> /wo/@(f)` write /wo/f,
                 * read as another name, the line as the read's, task_failure) */
                sc.script = "cat < /wo/f; echo x > /wo/{f..f}";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; echo x > /wo/{f,}";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "shopt -s extglob\ncat < /wo/f; echo x > /wo/@(f)";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "shopt -s extglob\ncat < /wo/f; echo x > /wo/+(f)";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                /* ... but not one whose text before the expansion is not the name's: what bash
                 * makes of it starts with that text (review50b: as nobody, `cat < X; echo x >
                 * /d/w{o..o}` of root's 0622 X and root's directory /d, two refusals of the host,
                 * read as the write of X, denied, under Landlock) */
                sc.script = "cat < /wo/f; echo x > /d/w{o..o}";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                sc.script = "cat < /wo/f; echo x > /wo/g{1,2}";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                sc.script = "cat < /wo/f; n=f; echo x > /d/$n";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                sc.script = "shopt -s extglob\ncat < /wo/f; echo x > /d/@(f)";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                sc.script = "cat < /wo/f; echo x > /wo/f/`echo g`";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                sc.script = "cat < /wo/f; echo x > /wo/`echo f`";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; echo x > /wo{,}/f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; echo x > {/d/g,/wo/f}";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                /* ... but a write of another name, quoted or not, and a quoted `>`: the read's */
                sc.script = "cat < /wo/f; echo x > /wo/'g'";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                sc.script = "cat < /wo/f; echo x > /wo/f2";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                sc.script = "cat < /wo/f; echo 'x > /wo/'f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                sc.script = "cat < /wo/f; echo x > /wo/`echo f`";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "cat < /wo/f; `echo x > /wo/f`";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                /* (a read whose word is quoted in part is not told: the sandbox's, failing closed) */
                sc.script = "cat < /wo/'f'";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                sc.script = "/wo/f";
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "task_failure");
                sc.script = NULL;
                assert_verdict(run_landlock_in(&sc, "s.sh: line 1: /wo/f: Permission denied\n"), "denied");
                assert_verdict(run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n"), "denied");
                assert_verdict(run_landlock_in(&sc, "uniq: /wo/f: Permission denied\n"), "denied");
                assert_verdict(run_landlock_in(&sc, "shuf: /wo/f: Permission denied\n"), "denied");
                assert_verdict(run_landlock_in(&sc, "xxd: /wo/f: Permission denied\n"), "denied");
                assert_verdict(run_landlock_in(&sc, "/wo/f: Permission denied\n"), "denied");
                /* a program that reads every file it names: the host's */
                assert_verdict(run_landlock_in(&sc, "/usr/bin/cat: /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "wc: /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "grep: /wo/f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&sc, "sha256sum: /wo/f: Permission denied\n"), "task_failure");
                /* ... not a shell's, running a script file of a reader's name */
                assert_verdict(run_landlock_in(&sc, "./cat: line 1: /wo/f: Permission denied\n"), "denied");
                assert_verdict(run_landlock_in(&sc, "sum: 12: /wo/f: Permission denied\n"), "denied");
                /* under bwrap too (its EROFS: an open for writing alone, or with `<>` for
                 * reading too, which the host refuses) */
                assert_verdict(run_backend_in("bwrap", &sc, "uniq: /wo/f: Read-only file system\n"), "denied");
                assert_verdict(run_backend_in("bwrap", &sc, "s.sh: line 1: /wo/f: Read-only file system\n"), "denied");
                sc.script = "cat <> /wo/f";
                assert_verdict(run_backend_in("bwrap", &sc, "bash: line 1: /wo/f: Read-only file system\n"),
                               "task_failure");
                sc.script = NULL;
                /* bash's `>&WORD` (WORD no descriptor) is `&> WORD`, output into WORD, its `&` no
                 * command's end (before: a run of /wo/f, which the host refuses, task_failure);
                 * `>&2`, `2>&1` copy a descriptor: the run or read of /wo/f stays the host's */
                static const struct {
                        const char *script, *want;
                } dup[] = {
                        { "echo x >& /wo/f", "denied" },
                        { "echo x >&/wo/f", "denied" },
                        { "cat < /wo/f; echo x >& /wo/f", "denied" },
                        { "echo x 1>& '/wo/f'", "denied" },
                        { "cat < /wo/f >&2", "task_failure" },
                        { "cat < /wo/f 2>&1", "task_failure" },
                        { "cat < /wo/f >&-", "task_failure" },
                        { "true >&2 & /wo/f", "task_failure" },
                };
                for (size_t i = 0; i < SBX_ELEMENTSOF(dup); i++) {
                        sc.script = dup[i].script;
                        r = run_landlock_in(&sc, "bash: line 1: /wo/f: Permission denied\n");
                        if (strcmp(sbx_verdict_to_string(r->verdict), dup[i].want) != 0)
                                fail_msg("case %zu (%s): %s, want %s", i, dup[i].script, sbx_verdict_to_string(r->verdict),
                                         dup[i].want);
                        r = run_backend_in("bwrap", &sc, "bash: line 1: /wo/f: Read-only file system\n");
                        if (strcmp(sbx_verdict_to_string(r->verdict), dup[i].want) != 0)
                                fail_msg("bwrap case %zu (%s): %s, want %s", i, dup[i].script,
                                         sbx_verdict_to_string(r->verdict), dup[i].want);
                }
                sc.script = NULL;
                /* dd's line of its if= (the argv's of= another file), or of its of= */
                sc.script = NULL;
                sc.dd_output = "/ws/out";
                assert_verdict(run_landlock_in(&sc, "dd: failed to open '/wo/f': Permission denied\n"), "task_failure");
                sc.dd_output = "/wo/f";
                assert_verdict(run_landlock_in(&sc, "dd: failed to open '/wo/f': Permission denied\n"), "denied");
                /* Python's, by its source line's open call: for reading (the host asked); not
                 * told, a mode or flags through a name, another object's open() (before:
                 * task_failure, a write the host allows hidden), or for writing alone: the
                 * sandbox's */
                sc.dd_output = NULL;
                static const struct {
                        const char *src, *want;
                } py[] = {
                        { "open('/wo/f')", "task_failure" },
                        { "open('/wo/f', 'r+')", "task_failure" },
                        { "with open(p, mode='rb') as f:", "task_failure" },
                        { "os.open('/wo/f', os.O_RDONLY)", "task_failure" },
                        { "Path('/wo/f').open()", "task_failure" },
                        { "open('/wo/f', mode)", "denied" },
                        { "with open(p, m) as f:", "denied" },
                        { "open('/wo/f', 'w' if a else 'r')", "denied" },
                        { "os.open('/wo/f', flags)", "denied" },
                        { "os.open('/wo/f', os.O_RDONLY if a else os.O_WRONLY)", "denied" },
                        { "gzip.open('/wo/f')", "denied" },
                        { "open('/wo/f',", "denied" },
                        { "open('/ws/a'); open('/wo/f', m)", "denied" },
                };
                for (size_t i = 0; i < SBX_ELEMENTSOF(py); i++) {
                        char text[512];

                        snprintf(text, sizeof(text),
                                 "Traceback (most recent call last):\n  File \"/ws/r.py\", line 1, in <module>\n"
                                 "    %s\nPermissionError: [Errno 13] Permission denied: '/wo/f'\n",
                                 py[i].src);
                        r = run_landlock_in(&sc, text);
                        if (strcmp(sbx_verdict_to_string(r->verdict), py[i].want) != 0)
                                fail_msg("case %zu (%s): %s, want %s", i, py[i].src, sbx_verdict_to_string(r->verdict),
                                         py[i].want);
                }
                /* a -c script's line, read from the argv */
                sc.inline_script = "m = 'w'\nopen('/wo/f', m)";
                sc.inline_lang = SBX_INLINE_PYTHON;
                assert_verdict(run_landlock_in(&sc, "Traceback (most recent call last):\n"
                                                    "  File \"<string>\", line 2, in <module>\n"
                                                    "PermissionError: [Errno 13] Permission denied: '/wo/f'\n"),
                               "denied");
                sc.inline_script = "m = 'w'\nopen('/wo/f')";
                assert_verdict(run_landlock_in(&sc, "Traceback (most recent call last):\n"
                                                    "  File \"<string>\", line 2, in <module>\n"
                                                    "PermissionError: [Errno 13] Permission denied: '/wo/f'\n"),
                               "task_failure");
                /* the builtin open under another name the script gives it (`o = open`, `from io
                 * import open as o`): a read through it is a read, the host's refusal (before:
                 * denied); a write through it stays a denial, and so does a line that also
                 * writes; a name bound otherwise, or an attribute of that name, is no open */
                {
                        static const struct {
                                const char *script, *want;
                        } al[] = {
                                { "o = open\no('/wo/f').read()", "task_failure" },
                                { "o=io.open; o('/wo/f')", "task_failure" },
                                { "from io import open as o\no('/wo/f', 'rb')", "task_failure" },
                                { "from builtins import open as rd\nrd('/wo/f')", "task_failure" },
                                { "o = open\no('/wo/f', 'w')", "denied" },
                                { "o = open\no('/wo/f', 'w').write(o('/wo/f').read())", "denied" },
                                { "o = open if a else g\no('/wo/f')", "denied" },
                                { "o = openx\no('/wo/f')", "denied" },
                                { "o = open\nx.o('/wo/f')", "denied" },
                                { "o = open\nfoo('/wo/f')", "denied" },
                        };
                        for (size_t i = 0; i < SBX_ELEMENTSOF(al); i++) {
                                int line = strchr(al[i].script, '\n') ? 2 : 1;
                                char text[256];

                                sc.inline_script = al[i].script;
                                snprintf(text, sizeof(text),
                                         "Traceback (most recent call last):\n  File \"<string>\", line %d, in <module>\n"
                                         "PermissionError: [Errno 13] Permission denied: '/wo/f'\n",
                                         line);
                                r = run_landlock_in(&sc, text);
                                if (strcmp(sbx_verdict_to_string(r->verdict), al[i].want) != 0)
                                        fail_msg("alias case %zu (%s): %s, want %s", i, al[i].script,
                                                 sbx_verdict_to_string(r->verdict), al[i].want);
                        }
                }
                /* ... the script's names alone: a module's line of the same name is its own
                 * (review50: a module's `o(p)`, its o a partial of open for writing, read as the
                 * script's `o = open`, a read, task_failure) */
                sc.inline_script = "import m; o = open; m.f('/wo/f')";
                assert_verdict(run_landlock_in(&sc, "Traceback (most recent call last):\n"
                                                    "  File \"<string>\", line 1, in <module>\n"
                                                    "  File \"/ws/m.py\", line 4, in f\n"
                                                    "    o(p)\n"
                                                    "PermissionError: [Errno 13] Permission denied: '/wo/f'\n"),
                               "denied");
                sc.inline_script = NULL;
                assert_verdict(run_landlock_in(&sc, "Traceback (most recent call last):\n"
                                                    "  File \"/ws/w.py\", line 1, in <module>\n"
                                                    "    open('/wo/f', 'w')\n"
                                                    "PermissionError: [Errno 13] Permission denied: '/wo/f'\n"),
                               "denied");
                /* a script file's own names of open (python_file: `python3 w.py`), whose calls its
                 * traceback shows (before: a read through one read denied); io.FileIO() is an open
                 * call, its mode 'r' unless told, in a script file and a -c script (before: a read
                 * through it read denied); writes stay denials */
                {
                        static const struct {
                                const char *file, *inline_script, *src, *want;
                        } fl[] = {
                                { "o = open\n", NULL, "o('/wo/f')", "task_failure" },
                                { "import io\nrd = io.open  # x\n", NULL, "rd('/wo/f', 'rb').read()", "task_failure" },
                                { "from io import open as o\n", NULL, "o('/wo/f')", "task_failure" },
                                { "o = open\n", NULL, "o('/wo/f', 'w')", "denied" },
                                { NULL, NULL, "o('/wo/f')", "denied" },
                                { "p = open\n", NULL, "o('/wo/f')", "denied" },
                                { NULL, NULL, "io.FileIO('/wo/f')", "task_failure" },
                                { NULL, NULL, "FileIO('/wo/f', 'rb')", "task_failure" },
                                { NULL, NULL, "_io.FileIO('/wo/f', mode='r')", "task_failure" },
                                { NULL, NULL, "io.FileIO('/wo/f', 'w')", "denied" },
                                { NULL, NULL, "io.FileIO('/wo/f', 'a')", "denied" },
                                { NULL, NULL, "x.FileIO('/wo/f')", "denied" },
                                { NULL, NULL, "MyFileIO('/wo/f')", "denied" },
                                { NULL, "import io; io.FileIO('/wo/f')", NULL, "task_failure" },
                                { NULL, "import io; io.FileIO('/wo/f', 'w')", NULL, "denied" },
                        };
                        for (size_t i = 0; i < SBX_ELEMENTSOF(fl); i++) {
                                char text[512];

                                sc.python_file = fl[i].file;
                                sc.python_file_name = "/ws/./w.py";
                                sc.inline_script = fl[i].inline_script;
                                if (fl[i].src)
                                        snprintf(text, sizeof(text),
                                                 "Traceback (most recent call last):\n  File \"/ws/w.py\", line 2, in <module>\n"
                                                 "    %s\nPermissionError: [Errno 13] Permission denied: '/wo/f'\n",
                                                 fl[i].src);
                                else
                                        snprintf(text, sizeof(text),
                                                 "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n"
                                                 "PermissionError: [Errno 13] Permission denied: '/wo/f'\n");
                                r = run_landlock_in(&sc, text);
                                if (strcmp(sbx_verdict_to_string(r->verdict), fl[i].want) != 0)
                                        fail_msg("script file case %zu (%s): %s, want %s", i, fl[i].src ? fl[i].src : fl[i].inline_script,
                                                 sbx_verdict_to_string(r->verdict), fl[i].want);
                        }
                        /* the names are the script file's own: not on a module's line (review50's
                         * rule for -c scripts, kept for script files), nor where its name is
                         * not told */
                        {
                                static const char mod[] =
                                        "Traceback (most recent call last):\n  File \"/ws/w.py\", line 2, in <module>\n"
                                        "    m.f()\n  File \"/ws/m.py\", line 3, in f\n    o('/wo/f')\n"
                                        "PermissionError: [Errno 13] Permission denied: '/wo/f'\n",
                                        rel[] = "Traceback (most recent call last):\n  File \"w.py\", line 2, in <module>\n"
                                                "    o('/wo/f')\nPermissionError: [Errno 13] Permission denied: '/wo/f'\n",
                                        own[] = "Traceback (most recent call last):\n  File \"/ws/w.py\", line 2, in <module>\n"
                                                "    o('/wo/f')\nPermissionError: [Errno 13] Permission denied: '/wo/f'\n";

                                sc.python_file = "o = open\n";
                                assert_verdict(run_landlock_in(&sc, mod), "denied");
                                assert_verdict(run_landlock_in(&sc, rel), "task_failure"); /* cwd /ws */
                                sc.python_file_name = NULL;
                                assert_verdict(run_landlock_in(&sc, own), "denied");
                        }
                        sc.python_file = NULL;
                        sc.python_file_name = NULL;
                        sc.inline_script = NULL;
                }
                /* ... no open call: os.mkdir's, os.rename's (the directory governs them) */
                assert_verdict(run_landlock_in(&sc, "Traceback (most recent call last):\n"
                                                    "  File \"/ws/m.py\", line 1, in <module>\n"
                                                    "    os.utime('/wo/f')\n"
                                                    "PermissionError: [Errno 13] Permission denied: '/wo/f'\n"),
                               "denied");
        }
        /* in a directory the host refuses the user (/ro): a bare word is a file only where the
         * line tells of an open of it; cargo's crate and registry names are none (before:
         * task_failure, the write refused in ~/.cargo hidden) */
        {
                struct sbx_classify_context ro = { .cwd = "/ro", .host_refuses = fake_host_refuses };

                assert_verdict(run_landlock_in(&ro, "cat: f: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&ro, "touch: cannot touch 'sub/x': Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&ro, "ld: cannot open output file a.out: Permission denied\n"), "task_failure");
                assert_verdict(run_landlock_in(&ro, "error: failed to download `serde`\n\nCaused by:\n"
                                                    "  Permission denied (os error 13)\n"), "denied");
                assert_verdict(run_landlock_in(&ro, "error: failed to load source for dependency `serde`\n\n"
                                                    "Caused by:\n  Unable to update registry `crates-io`\n\n"
                                                    "Caused by:\n  Permission denied (os error 13)\n"), "denied");
        }
        /* in a directory the command moved to (`cd /ro && touch x`), a bare word is a file there,
         * judged (as nobody it read as denied); a Rust cause chain's crate names still are not */
        {
                struct sbx_classify_context ro = { .cwd = "/ro", .moved = true, .host_refuses = fake_host_refuses };

                r = run_landlock_in(&ro, "touch: cannot touch 'x': Permission denied\n");
                assert_verdict(r, "task_failure");
                assert_int_equal(r->denial_lines, 0);
                assert_verdict(run_landlock_in(&ro, "mkdir: cannot create directory 'x': Permission denied\n"),
                               "task_failure");
                r = run_landlock_in(&ro, "error: failed to download `serde`\n\nCaused by:\n"
                                         "  Permission denied (os error 13)\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "/ro/serde");
                ro.moved = false;
                assert_verdict(run_landlock_in(&ro, "touch: cannot touch 'x': Permission denied\n"), "denied");
                /* moved to a directory the host lets the user write: the sandbox's */
                ro.moved = true;
                ro.cwd = "/ws";
                r = run_landlock_in(&ro, "touch: cannot touch 'x': Permission denied\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "/ws/x");
                /* moved where the caller cannot tell (`touch a && cd /ro && touch x`): a relative
                 * name keeps no path, nor is it judged (it was joined to the start directory);
                 * an absolute one is both */
                ro.cwd = NULL;
                r = run_landlock_in(&ro, "touch: cannot touch 'x': Permission denied\n"
                                         "touch: cannot touch 'sub/../y': Permission denied\n"
                                         "touch: cannot touch '/etc/z': Permission denied\n"
                                         "touch: cannot touch '/ro/z': Permission denied\n");
                assert_verdict(r, "denied");
                assert_int_equal(r->n_denials, 3);
                assert_string_equal(r->denials[0].path, "");
                assert_string_equal(r->denials[1].path, "");
                assert_string_equal(r->denials[2].path, "/etc/z");
        }
        {
                struct sbx_classifier *c = NULL;
                struct sbx_exit_status st = { .exit_code = 1 };
                struct sbx_classify_result res;
                const char *t = "touch: cannot touch '/ro/x': Read-only file system\n";

                assert_int_equal(sbx_classifier_new(builtin("bwrap"), &c, NULL), 0);
                assert_int_equal(sbx_classifier_set_context(c, &ctx), 0);
                assert_int_equal(sbx_classify_feed(c, t, strlen(t)), 0);
                assert_int_equal(sbx_classify_finish(c, &st, &res, NULL), 0);
                sbx_classifier_free(c);
                assert_verdict(&res, "task_failure");
        }
}

/* A name beneath the directories the sandbox grants every ordinary write (the workspace, under
 * either backend) is none the sandbox refused: a line whose path the host refuses and whose other
 * names lie there is the host's refusal. As nobody, `mv a /root-dir/c` (the host refuses the
 * rename), os.rename, os.link, `ln` and Node's copyFile from the workspace read as denied: the
 * source in the workspace, which the host lets the user write, kept them the sandbox's. */
static void test_classify_host_refuses_names_granted(void **state) {
        (void) state;
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses };
        struct sbx_classify_context plain = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        static const char *const landlock[] = {
                "mv: cannot move 'a' to '/ro/c': Permission denied",
                "PermissionError: [Errno 13] Permission denied: 'a' -> '/ro/c'",
                "ln: failed to create hard link '/ro/c' => 'a': Permission denied",
                "Error: EACCES: permission denied, copyfile '/ws/a' -> '/ro/c'",
        };
        static const char *const bwrap[] = {
                "mv: inter-device move failed: 'a' to '/ro/c'; unable to remove target: Read-only file system",
                "Error: EROFS: read-only file system, copyfile 'a' -> '/ro/c'",
                "OSError: [Errno 30] Read-only file system: 'a' -> '/ro/c'",
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(landlock); i++)
                assert_verdict(run_landlock_in(&ctx, landlock[i]), "task_failure");
        for (size_t i = 0; i < SBX_ELEMENTSOF(bwrap); i++)
                assert_verdict(run_backend_in("bwrap", &ctx, bwrap[i]), "task_failure");
        /* a name that pairs with no other: granted, or the sandbox's (tar's link target) */
        assert_verdict(run_landlock_in(&ctx, "tar: /ro/x: Cannot create symlink to 'a': Permission denied\n"),
                       "task_failure");
        assert_verdict(run_landlock_in(&plain, "tar: /ro/x: Cannot create symlink to 'a': Permission denied\n"),
                       "denied");
        /* a name elsewhere that the host does not refuse, in no pair: the sandbox's, as before */
        assert_verdict(run_landlock_in(&ctx, "tar: /ro/x: Cannot create symlink to '/etc/a': Permission denied\n"),
                       "denied");
        /* the path the host does not refuse: the sandbox's, whatever the other names */
        assert_verdict(run_landlock_in(&ctx, "mv: cannot move 'a' to '/etc/c': Permission denied\n"), "denied");
        /* a name elsewhere decoded from its pieces, copied while it lives (it was read after
         * sbx_denial_line_names_each() had returned, from that call's stack) */
        {
                struct sbx_classify_result *r = run_landlock_in(&ctx, "mv: cannot move 'a' to '/etc/c'$'\\n''d': Permission denied\n");

                assert_verdict(r, "denied");
                assert_int_equal(r->denial_lines, 1);
                assert_string_equal(r->denials[0].path, "/etc/c\nd");
        }
        /* the path moved to the name elsewhere (a rename out of a directory the host refuses):
         * the host's, the destination in the workspace granted, in a line that tells of a move */
        assert_verdict(run_landlock_in(&ctx, "Error: EACCES: permission denied, rename '/ro/f' -> 'b'\n"),
                       "task_failure");
        assert_verdict(run_landlock_in(&ctx, "mv: cannot move '/ro/f' to 'b': Permission denied\n"), "task_failure");
        /* not in one that does not: the name elsewhere may be only read (a symlink's target, a
         * copy's source), and the name in the workspace, relative to a directory the command moved
         * to, what the sandbox refused (as nobody, `cd /own-dir && tar -P -x`, os.symlink, Node's
         * copyFile, cp -s read as the host's refusal); Python's line is a rename's too */
        {
                static const char *const read_only_other[] = {
                        "tar: x: Cannot create symlink to '/ro/y': Permission denied",
                        "PermissionError: [Errno 13] Permission denied: '/ro/y' -> 'x'",
                        "Error: EACCES: permission denied, copyfile '/ro/y' -> 'x'",
                        "Error: EACCES: permission denied, symlink '/ro/y' -> 'x'",
                        "cp: cannot create symbolic link 'x' to '/ro/y': Permission denied",
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(read_only_other); i++)
                        if (run_landlock_in(&ctx, read_only_other[i])->verdict != SBX_VERDICT_DENIED)
                                fail_msg("'%s': not denied", read_only_other[i]);
        }
        assert_verdict(run_landlock_in(&ctx, "PermissionError: [Errno 13] Permission denied: '/etc/f' -> 'b'\n"),
                       "denied");
        /* the workspace names alone: not the host's by this rule (the path itself must be refused) */
        assert_verdict(run_backend_in("bwrap", &ctx, "mv: cannot move 'a' to 'b': Read-only file system\n"), "denied");
}

/* A call on two names fails on the host when the host refuses the name it makes, whatever the
 * other: as nobody, Python's os.symlink('/tmp/t', '/root-dir/l') ("'/tmp/t' -> '/root-dir/l'"),
 * Node's symlink and copyfile, from a target or a source the host lets the user write, read as
 * denied. The partner of the path need not be refused; a name in no pair still must. */
static void test_classify_host_refuses_pair(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        static const char *const pairs[] = {
                "PermissionError: [Errno 13] Permission denied: '/tmp/t' -> '/ro/l'",
                "Error: EACCES: permission denied, symlink '/tmp/t' -> '/ro/l'",
                "Error: EACCES: permission denied, copyfile '/var/tmp/src' -> '/ro/c'",
                "mv: cannot move '/var/tmp/x' to '/ro/x': Permission denied",
                "ln: failed to create symbolic link '/ro/l' -> '/tmp/t': Permission denied",
                "ln: failed to create hard link '/ro/l' => '/var/tmp/x': Permission denied",
                "error copying \"/var/tmp/x\" to \"/ro/x\": permission denied",
        };
        size_t at, n;

        for (size_t i = 0; i < SBX_ELEMENTSOF(pairs); i++)
                if (run_landlock_in(&ctx, pairs[i])->verdict != SBX_VERDICT_TASK_FAILURE)
                        fail_msg("'%s': not the host's", pairs[i]);
        /* the path the host does not refuse: the sandbox's */
        assert_verdict(run_landlock_in(&ctx, "PermissionError: [Errno 13] Permission denied: '/ro/t' -> '/tmp/l'\n"),
                       "denied");
        /* a name in no pair: still asked (tar's link target) */
        assert_verdict(run_landlock_in(&ctx, "tar: /ro/x: Cannot create symlink to '/etc/a': Permission denied\n"),
                       "denied");
        /* the partner found on either side, in any of the quotes */
        assert_true(sbx_denial_line_partner("x 'a' -> 'b'", 12, "b", &at, &n));
        assert_int_equal(at, 3);
        assert_int_equal(n, 1);
        assert_true(sbx_denial_line_partner("x 'a' -> 'b'", 12, "a", &at, &n));
        assert_int_equal(at, 10);
        assert_int_equal(n, 1);
        assert_true(sbx_denial_line_partner("x \xe2\x80\x98" "ab\xe2\x80\x99 to 'c d'", 19, "ab", &at, &n));
        assert_int_equal(at, 15);
        assert_int_equal(n, 3);
        assert_false(sbx_denial_line_partner("x 'a' and 'b'", 13, "a", &at, &n));
        assert_false(sbx_denial_line_partner("x 'ab' -> 'c'", 13, "a", &at, &n));
}

/* A host where the files beneath /ro are another user's: a change of their mode or owner is
 * refused (EPERM without sbx too). */
/* An absolute name is recorded as the kernel reads it: Landlock's refusal of mkdir's '/tmp/'
 * recorded "/tmp/", which a query for /tmp did not find; a ".." stays as printed (no host to
 * resolve it: after a symlink it is not the text's parent). */
static void test_classify_absolute_path_recorded_normalized(void **state) {
        static const struct {
                const char *line, *path;
        } cases[] = {
                { "mkdir: cannot create directory '/tmp/': Permission denied\n", "/tmp" },
                { "touch: cannot touch '/a//b/./c': Permission denied\n", "/a/b/c" },
                { "x: '/': Permission denied\n", "/" },
                { "x: '/a/../b': Permission denied\n", "/a/../b" },
        };
        struct sbx_classify_context ctx = { .cwd = "/ws" }, none = { 0 };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_classify_result *r = run_landlock_in(&ctx, cases[i].line);

                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, cases[i].path);
                r = run_landlock_in(&none, cases[i].line);
                assert_string_equal(r->denials[0].path, cases[i].path);
        }
}

/* The host's mounts: /shm a tmpfs of its own, everything else on one; "/nx/..." cannot be told. */
static uint64_t fake_host_mount(void *userdata, const char *path) {
        (void) userdata;
        if (strncmp(path, "/nx/", 4) == 0)
                return 0;
        return strncmp(path, "/shm/", 5) == 0 ? 7 : 3;
}

/* EXDEV: bwrap's binds of the workspace are mounts of their own, and Landlock refuses to link a
 * file from outside into the workspace with EXDEV; both read as the task's failure, the denial
 * hidden (Python's os.rename of a workspace file out of it under bwrap). Between two host mounts
 * the host gives it too: the task's failure. */
static void test_classify_cross_device_link(void **state) {
        static const char *const granted[] = { "/ws", "/tmp/run", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_mount = fake_host_mount };
        struct sbx_classify_context offline = { .cwd = "/ws" };
        static const struct {
                const char *line, *path;
        } sandbox[] = {
                { "OSError: [Errno 18] Invalid cross-device link: 'a' -> '/home/u/a'", "/home/u/a" },
                { "OSError: [Errno 18] Invalid cross-device link: '/home/u/a' -> 'a'", "/home/u/a" },
                { "Error: EXDEV: cross-device link not permitted, rename 'a' -> '/home/u/a'", "/home/u/a" },
                { "rename /home/u/a /ws/a: invalid cross-device link", "/home/u/a" },
                { "ln: failed to create hard link 'f' => '/home/u/f': Invalid cross-device link", "/ws/f" },
                /* a name the host cannot tell proves nothing */
                { "OSError: [Errno 18] Invalid cross-device link: '/nx/a' -> '/shm/a'", "/shm/a" },
        };
        static const char *const host[] = {
                "OSError: [Errno 18] Invalid cross-device link: '/shm/t' -> 'a'",
                "Error: EXDEV: cross-device link not permitted, rename '/shm/t' -> '/ws/a'",
                "ln: failed to create hard link 'f' => '/shm/f': Invalid cross-device link",
                "rename /ws/a /shm/a: invalid cross-device link",
        };
        char text[512];
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(sandbox); i++)
                for (int b = 0; b < 2; b++) {
                        struct sbx_classify_result *r;

                        snprintf(text, sizeof(text), "%s\n", sandbox[i].line);
                        r = run_backend_in(b ? "bwrap" : "landlock", &ctx, text);
                        assert_verdict(r, "denied");
                        assert_int_equal(r->n_denials, 1);
                        assert_string_equal(r->denials[0].path, sandbox[i].path);
                }
        for (size_t i = 0; i < SBX_ELEMENTSOF(host); i++)
                for (int b = 0; b < 2; b++) {
                        snprintf(text, sizeof(text), "%s\n", host[i]);
                        assert_verdict(run_backend_in(b ? "bwrap" : "landlock", &ctx, text), "task_failure");
                        /* no host to ask: the sandbox's */
                        assert_verdict(run_backend_in(b ? "bwrap" : "landlock", &offline, text), "denied");
                }
        /* another error between two mounts is no EXDEV */
        assert_verdict(run_backend_in("bwrap", &ctx, "mv: cannot move '/shm/t' to 'a': Read-only file system\n"),
                       "denied");
}

/* EXDEV between the workspace and a file elsewhere that the host refuses any write: a rename
 * changes it, a hard link needs it to be the user's or one it may write (fs.protected_hardlinks):
 * the host refuses the call too, the task's failure, whichever name the line gives first (as
 * nobody under bwrap, os.rename and `ln` of a file of root's into the workspace read as denied).
 * Root, whom the host lets, and a file the host lets the user write stay the sandbox's. */
static void test_classify_cross_device_host_refuses_elsewhere(void **state) {
        static const char *const granted[] = { "/ws", "/shm", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses };
        static const char *const host[] = {
                "OSError: [Errno 18] Invalid cross-device link: '/ro/f' -> 'stolen'",
                "OSError: [Errno 18] Invalid cross-device link: '/ro/f' -> '/ws/hl'",
                "ln: failed to create hard link 'hl' => '/ro/f': Invalid cross-device link",
                "cp: cannot create hard link 'hl' to '/ro/f': Invalid cross-device link",
                "Error: EXDEV: cross-device link not permitted, link '/ro/f' -> 'hl'",
                "Error: EXDEV: cross-device link not permitted, rename '/ro/f' -> '/shm/t'",
        };
        static const struct {
                const char *line, *path;
        } sandbox[] = {
                { "OSError: [Errno 18] Invalid cross-device link: '/home/u/f' -> 'stolen'", "/home/u/f" },
                { "ln: failed to create hard link 'hl' => '/home/u/f': Invalid cross-device link", "/ws/hl" },
                /* a name the host refuses and one elsewhere it does not: the sandbox's */
                { "OSError: [Errno 18] Invalid cross-device link: '/ro/f' -> '/home/u/f'", "/home/u/f" },
        };
        char text[512];
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(host); i++) {
                snprintf(text, sizeof(text), "%s\n", host[i]);
                assert_verdict(run_backend_in("bwrap", &ctx, text), "task_failure");
                assert_verdict(run_backend_in("landlock", &ctx, text), "task_failure");
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(sandbox); i++) {
                struct sbx_classify_result *r;

                snprintf(text, sizeof(text), "%s\n", sandbox[i].line);
                r = run_backend_in("bwrap", &ctx, text);
                assert_verdict(r, "denied");
                assert_int_equal(r->n_denials, 1);
                assert_string_equal(r->denials[0].path, sandbox[i].path);
        }
}

/* Python's "'A' -> 'B'" names a rename's source first, which the host must let the command remove:
 * when the traceback's source line shows the rename (os.rename in shutil.move, a script's
 * os.replace), a source the host refuses makes the task's failure (as nobody under Landlock,
 * shutil.move of a file of root's into the workspace read as denied). Without a source line (-c),
 * or with a symlink's, the source may be only read: the sandbox's. */
static void test_classify_python_rename_source_host_refuses(void **state) {
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .writable = ws, .granted = ws,
                                            .host_refuses = fake_host_refuses };
        static const char *const tb = "Traceback (most recent call last):\n"
                                      "  File \"/usr/lib/python3.11/shutil.py\", line 825, in move\n";
        char text[512];
        struct sbx_classify_result *r;
        (void) state;

        snprintf(text, sizeof(text), "%s    os.rename(src, real_dst)\n%s", tb,
                 "PermissionError: [Errno 13] Permission denied: '/ro/f' -> 'stolen'\n");
        assert_verdict(run_backend_in("landlock", &ctx, text), "task_failure");
        snprintf(text, sizeof(text), "%s    os.replace(tmp, dst)\n    ^^^^^^^^^^^^^^^^^^^^\n%s", tb,
                 "PermissionError: [Errno 13] Permission denied: '/ro/f' -> 'stolen'\n");
        assert_verdict(run_backend_in("landlock", &ctx, text), "task_failure");
        /* a source the host lets the command remove: the sandbox's */
        snprintf(text, sizeof(text), "%s    os.rename(src, real_dst)\n%s", tb,
                 "PermissionError: [Errno 13] Permission denied: '/home/u/f' -> 'stolen'\n");
        r = run_backend_in("landlock", &ctx, text);
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/home/u/f");
        /* a symlink's target: only read */
        snprintf(text, sizeof(text), "%s    os.symlink(src, dst)\n%s", tb,
                 "PermissionError: [Errno 13] Permission denied: '/ro/f' -> 'x'\n");
        assert_verdict(run_backend_in("landlock", &ctx, text), "denied");
}

/* Without a source line (python3 -c), "'A' -> '/B'" with /B beneath the granted directories and A
 * elsewhere is a rename all the same: there the sandbox refuses no symlink and refuses a hard link
 * from elsewhere with EXDEV, so a refusal of another kind is the rename's of A, which the host
 * must let go (as nobody under Landlock, python3 -c "os.rename('/var/tmp/rootdir/f', '/ws/x')"
 * read as denied). A relative B may be of a directory the process moved to (os.chdir), and where
 * B is not granted (read-only mode) the line may be a symlink's: the sandbox's, as before. */
static void test_classify_python_pair_without_source(void **state) {
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .writable = ws, .granted = ws,
                                            .host_refuses = fake_host_refuses };
        struct sbx_classify_context ro = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        static const char *const at = "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n";
        char text[512];
        struct sbx_classify_result *r;
        (void) state;

        snprintf(text, sizeof(text), "%sPermissionError: [Errno 13] Permission denied: '/ro/f' -> '/ws/x'\n", at);
        assert_verdict(run_backend_in("landlock", &ctx, text), "task_failure");
        snprintf(text, sizeof(text), "%sPermissionError: [Errno 13] Permission denied: '/ro/d/f' -> '/ws/s/x'\n", at);
        assert_verdict(run_backend_in("landlock", &ctx, text), "task_failure");
        /* relative: perhaps a symlink in a directory the process moved to */
        snprintf(text, sizeof(text), "%sPermissionError: [Errno 13] Permission denied: '/ro/f' -> 'x'\n", at);
        assert_verdict(run_backend_in("landlock", &ctx, text), "denied");
        /* a source the host lets go: the sandbox's, A recorded */
        snprintf(text, sizeof(text), "%sPermissionError: [Errno 13] Permission denied: '/home/u/f' -> '/ws/x'\n", at);
        r = run_backend_in("landlock", &ctx, text);
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/home/u/f");
        /* out of the workspace: B is what was refused, A only let go (workspace's): as before */
        snprintf(text, sizeof(text), "%sPermissionError: [Errno 13] Permission denied: 'x' -> '/home/u/f'\n", at);
        r = run_backend_in("landlock", &ctx, text);
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/home/u/f");
        /* a hard link's EXDEV: only read, the crossing's own rule (the host refuses no write to
         * /home/u/f) */
        snprintf(text, sizeof(text), "%sOSError: [Errno 18] Invalid cross-device link: '/home/u/f' -> '/ws/x'\n", at);
        assert_verdict(run_backend_in("landlock", &ctx, text), "denied");
        /* read-only mode: B refused too, a symlink's or a rename's: the sandbox's */
        snprintf(text, sizeof(text), "%sPermissionError: [Errno 13] Permission denied: '/ro/f' -> '/ws/x'\n", at);
        r = run_backend_in("landlock", &ro, text);
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/x");
}

/* BusyBox mv's "can't rename 'X'" names its source alone: X beneath the granted directories,
 * where the sandbox refuses no ordinary write, what was refused is the destination the caller read
 * from the argv (move_dest; move_into: a directory, X's base name moved into it), judged against
 * the host (as nobody under Landlock, `busybox mv ./f /etc/` read as denied, the workspace's f
 * recorded). Not without one, nor for a source elsewhere, nor another line. */
static bool host_permits_but_ro(void *userdata, const char *path, bool run) {
        (void) userdata;
        (void) run;
        return strncmp(path, "/ro/", 4) != 0;
}

static void test_classify_busybox_mv_names_its_destination(void **state) {
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .writable = ws, .granted = ws,
                                            .host_permits = host_permits_but_ro, .host_refuses = fake_host_refuses,
                                            .move_dest = "/ro", .move_into = true };
        struct sbx_classify_context home = ctx, named = ctx, none = ctx;
        struct sbx_classify_result *r;
        (void) state;

        home.move_dest = "/home/u";
        named.move_dest = "/ro/g";
        named.move_into = false;
        none.move_dest = NULL;
        assert_verdict(run_backend_in("landlock", &ctx, "mv: can't rename './f': Permission denied\n"), "task_failure");
        assert_verdict(run_backend_in("landlock", &ctx, "mv: can't rename 'd/f/': Permission denied\n"), "task_failure");
        assert_verdict(run_backend_in("landlock", &named, "mv: can't rename 'f': Permission denied\n"), "task_failure");
        r = run_backend_in("landlock", &home, "mv: can't rename './f': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/home/u/f");
        r = run_backend_in("landlock", &none, "mv: can't rename './f': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/f");
        /* a source elsewhere: it is what the line names (its removal), the destination aside */
        r = run_backend_in("landlock", &ctx, "mv: can't rename '/home/u/f': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/home/u/f");
        /* another program's line: its name, as before */
        r = run_backend_in("landlock", &ctx, "x: can't open './f': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/f");
        /* a destination longer than a path kept (4095 bytes, PATH_MAX with its NUL): the line keeps
         * no path, never the source's (review: as nobody under Landlock, `busybox mv /ws/f DIR/`,
         * DIR of 1029 bytes of root's, read as denied /ws/f). Such a name the kernel takes in no
         * call, so the host cannot be asked of it: a denial of no path, fail closed */
        {
                char long_ro[SBX_DENIAL_PATH_MAX], long_home[SBX_DENIAL_PATH_MAX];
                struct sbx_classify_context ro_long = ctx, home_long = ctx;

                snprintf(long_ro, sizeof(long_ro), "/ro/%04090d", 7); /* DEST/f: 4096 bytes */
                snprintf(long_home, sizeof(long_home), "/home/u/%04086d", 7);
                ro_long.move_dest = long_ro;
                home_long.move_dest = long_home;
                for (size_t i = 0; i < 2; i++) {
                        r = run_backend_in("landlock", i ? &home_long : &ro_long,
                                           "mv: can't rename '/ws/f': Permission denied\n");
                        assert_verdict(r, "denied");
                        assert_string_equal(r->denials[0].path, "");
                }
                /* one of 3000 bytes: DEST/f is the path, whole; of root's, the host's refusal */
                long_ro[3000] = long_home[3000] = '\0';
                r = run_backend_in("landlock", &home_long, "mv: can't rename '/ws/f': Permission denied\n");
                assert_verdict(r, "denied");
                assert_int_equal(strlen(r->denials[0].path), 3002);
                assert_int_equal(strncmp(r->denials[0].path, long_home, 3000), 0);
                assert_string_equal(r->denials[0].path + 3000, "/f");
                assert_verdict(run_backend_in("landlock", &ro_long, "mv: can't rename '/ws/f': Permission denied\n"),
                               "task_failure");
        }
}

/* SQLite's "attempt to write a readonly database" names no file: the one the caller read from a
 * sqlite3's argv (sqlite_target: its .backup FILE, else its database) is the path, judged against
 * the host (as nobody under Landlock, `.backup` over root's database read as denied). */
static void test_classify_sqlite_readonly_names_the_argv_file(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses, .sqlite_target = "/ro/db" };
        struct sbx_classify_context own = ctx, none = ctx;
        struct sbx_classify_result *r;
        (void) state;

        own.sqlite_target = "/home/u/db";
        none.sqlite_target = NULL;
        assert_verdict(run_landlock_in(&ctx, "Error: attempt to write a readonly database\n"), "task_failure");
        assert_verdict(run_landlock_in(&ctx, "Error: stepping, attempt to write a readonly database (8)\n"),
                       "task_failure");
        r = run_landlock_in(&own, "Error: attempt to write a readonly database\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/home/u/db");
        r = run_landlock_in(&none, "Error: attempt to write a readonly database\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
        /* another line keeps its own name */
        r = run_landlock_in(&ctx, "touch: cannot touch '/home/u/x': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/home/u/x");
}

/* The host as sbx run tells it: /nx is missing, and a name x, y or *.txt is a file, no directory
 * to make a name in; any other is a directory (/etc/d). */
static bool fake_host_dir_missing(void *userdata, const char *path) {
        const char *end = strrchr(path, '/'), *base;
        (void) userdata;

        if (strncmp(path, "/nx/", 4) == 0)
                return true;
        if (!end || end == path)
                return false;
        base = (const char *) memrchr(path, '/', (size_t) (end - path)) + 1;
        return (end - base == 1 && (base[0] == 'x' || base[0] == 'y')) ||
               (end - base > 4 && memcmp(end - 4, ".txt", 4) == 0);
}

/* sqlite3's "Error: cannot open "X"" (.output, .once, .save, .backup) names no errno: a denial
 * where X is the file the caller read from a sqlite3's argv (sqlite_target), its directory on the
 * host, outside the granted directories, and the host does not refuse it too (before: no
 * signature, task_failure, the sandbox's refusal lost, bwrap's and Landlock's alike). */
static void test_classify_sqlite_cannot_open_names_the_argv_file(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        static const struct {
                const char *target, *text, *verdict, *path;
        } cases[] = {
                { "/etc/x", "Error: cannot open \"/etc/x\"\nError: cannot write to \"/etc/x\"\n", "denied", "/etc/x" },
                { "/ws/sub/x", "Error: cannot open \"sub/x\"\n", "task_failure", NULL },
                { "/home/u/o.txt", "Error: cannot open \"/home/u/o.txt\"\n", "denied", "/home/u/o.txt" },
                /* the host refuses it too (as nobody, /etc), or has no such directory */
                { "/ro/x", "Error: cannot open \"/ro/x\"\n", "task_failure", NULL },
                { "/nx/x", "Error: cannot open \"/nx/x\"\n", "task_failure", NULL },
                /* not the file its argv writes, or no sqlite3's argv read: not told */
                { "/etc/y", "Error: cannot open \"/etc/x\"\n", "task_failure", NULL },
                { NULL, "Error: cannot open \"/etc/x\"\n", "task_failure", NULL },
                { "/etc/x", "Error: cannot open \"/etc/x\" now\n", "task_failure", NULL },
                { "/etc/x", "x: Error: cannot open \"/etc/x\"\n", "task_failure", NULL },
                /* the sandbox's own /dev */
                { "/dev/x", "Error: cannot open \"/dev/x\"\n", "task_failure", NULL },
                /* a directory, which sqlite3 cannot open for writing anywhere (EISDIR, the host's
                 * too), nor a name ending in '/' (review: `.output /var/tmp` read as denied) */
                { "/etc/d", "Error: cannot open \"/etc/d\"\n", "task_failure", NULL },
                { "/etc/x", "Error: cannot open \"/etc/x/\"\n", "task_failure", NULL },
                { "/", "Error: cannot open \"/\"\n", "task_failure", NULL },
                /* a database it could open neither for writing nor for reading (SQLITE_CANTOPEN):
                 * a new one whose creation was refused, judged as above (before: no signature,
                 * task_failure; live, `sqlite3 t.db 'create table ...'` in read-only mode) */
                { "/etc/x", "Error: unable to open database \"/etc/x\": unable to open database file\n", "denied", "/etc/x" },
                { "/home/u/o.txt", "Error: unable to open database \"/home/u/o.txt\": unable to open database file\n",
                  "denied", "/home/u/o.txt" },
                { "/ws/sub/x", "Error: unable to open database \"sub/x\": unable to open database file\n", "task_failure", NULL },
                { "/ro/x", "Error: unable to open database \"/ro/x\": unable to open database file\n", "task_failure", NULL },
                { "/nx/x", "Error: unable to open database \"/nx/x\": unable to open database file\n", "task_failure", NULL },
                { "/etc/y", "Error: unable to open database \"/etc/x\": unable to open database file\n", "task_failure", NULL },
                { NULL, "Error: unable to open database \"/etc/x\": unable to open database file\n", "task_failure", NULL },
                { "/etc/d", "Error: unable to open database \"/etc/d\": unable to open database file\n", "task_failure", NULL },
                { "/etc/x", "Error: unable to open database \"/etc/x/\": unable to open database file\n", "task_failure", NULL },
                /* another error of the open (not CANTOPEN), or the name alone */
                { "/etc/x", "Error: unable to open database \"/etc/x\": out of memory\n", "task_failure", NULL },
                { "/etc/x", "Error: unable to open database \"/etc/x\"\n", "task_failure", NULL },
                { "/etc/x", "Error: unable to open database \"\": unable to open database file\n", "task_failure", NULL },
                /* a database given as a URI, printed as given: its file as SQLite reads it, one
                 * it would make (strange56: the URI joined to the cwd whole, task_failure); with
                 * mode=ro or rw a missing file is the host's answer too */
                { "/etc/x", "Error: unable to open database \"file:/etc/x\": unable to open database file\n", "denied", "/etc/x" },
                { "/etc/x", "Error: unable to open database \"file:///etc/x?mode=rwc\": unable to open database file\n", "denied",
                  "/etc/x" },
                { "/etc/x", "Error: unable to open database \"file:/etc/x?mode=ro\": unable to open database file\n",
                  "task_failure", NULL },
                { "/etc/x", "Error: unable to open database \"file:/etc/x?mode=rw\": unable to open database file\n",
                  "task_failure", NULL },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        ctx.sqlite_target = cases[i].target;
                        check_row(backend, i, cases[i].text, run_backend_in(backend, &ctx, cases[i].text), cases[i].verdict,
                                  cases[i].path);
                }
        /* read-only mode, nothing granted: a new database in the workspace, named relative to it */
        ctx.granted = NULL;
        ctx.sqlite_target = "/ws/x";
        for (size_t b = 0; b < 2; b++) {
                struct sbx_classify_result *r =
                        run_backend_in(b ? "landlock" : "bwrap", &ctx,
                                       "Error: unable to open database \"x\": unable to open database file\n");

                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "/ws/x");
        }
        /* the database alone (sqlite_db: its commands from stdin, `sqlite3 x < schema.sql`, so no
         * sqlite_target): its "unable to open database" of that name judged as above (before:
         * task_failure, the line not read without a target); another name, or its "cannot open"
         * of an output file, not told (review50b) */
        ctx.sqlite_target = NULL;
        ctx.sqlite_db = "/ws/x";
        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap";
                struct sbx_classify_result *r =
                        run_backend_in(backend, &ctx, "Error: unable to open database \"x\": unable to open database file\n");

                if (r->verdict != SBX_VERDICT_DENIED || strcmp(r->denials[0].path, "/ws/x") != 0)
                        fail_msg("%s, the database from stdin: %s", backend, sbx_verdict_to_string(r->verdict));
                assert_verdict(run_backend_in(backend, &ctx,
                                              "Error: unable to open database \"y\": unable to open database file\n"),
                               "task_failure");
                assert_verdict(run_backend_in(backend, &ctx, "Error: cannot open \"x\"\n"), "task_failure");
                assert_verdict(run_backend_in(backend, &ctx,
                                              "Error: unable to open database \"\": unable to open database file\n"),
                               "task_failure");
        }
        /* ... one its stdin's `.cd /etc` moved to before it opened it (sqlite_db_moved): the
         * line's relative name, the argv's, is of /etc (left54: read as /ws/x, which the sandbox
         * lets it write: task_failure); without the flag, or a name it does not end with, not */
        ctx.sqlite_db = "/etc/x";
        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap";
                struct sbx_classify_result *r;

                ctx.sqlite_db_moved = true;
                r = run_backend_in(backend, &ctx, "Error: unable to open database \"x\": unable to open database file\n");
                if (r->verdict != SBX_VERDICT_DENIED || strcmp(r->denials[0].path, "/etc/x") != 0)
                        fail_msg("%s, the database a .cd moved to: %s", backend, sbx_verdict_to_string(r->verdict));
                assert_verdict(run_backend_in(backend, &ctx,
                                              "Error: unable to open database \"tc/x\": unable to open database file\n"),
                               "task_failure");
                assert_verdict(run_backend_in(backend, &ctx,
                                              "Error: unable to open database \"y\": unable to open database file\n"),
                               "task_failure");
                ctx.sqlite_db_moved = false;
                assert_verdict(run_backend_in(backend, &ctx,
                                              "Error: unable to open database \"x\": unable to open database file\n"),
                               "task_failure");
                /* ... into a directory the host refuses (/ro): the host's refusal, the line's
                 * name that database, none of the workspace's (left55: as nobody, a .cd into
                 * root's 0755 directory read denied, x asked of /ws) */
                ctx.sqlite_db = "/ro/x";
                ctx.sqlite_db_moved = true;
                assert_verdict(run_backend_in(backend, &ctx,
                                              "Error: unable to open database \"x\": unable to open database file\n"),
                               "task_failure");
                ctx.sqlite_db = "/etc/x";
                ctx.sqlite_db_moved = false;
        }
        ctx.sqlite_db = NULL;
        /* a `.backup`'s (`.save`, `.output`, `.once`) relative name, of the directory the shell's
         * `.cd`s moved it to (sqlite_dir), as an ATTACH's (sqlite59: before, of the command's,
         * live `sqlite3 :memory: '.cd /var/tmp/D' '.backup x.db'` in workspace-write read
         * task_failure under both backends); none where a `.cd` not read may have moved it
         * (sqlite_dir_lost: not judged); an absolute one whatever the directory */
        static const struct {
                const char *dir, *target, *text, *path;
                bool lost;
        } cd[] = {
                { "/etc", "/etc/x", "Error: cannot open \"x\"\n", "/etc/x", false },
                { "/etc", "/etc/sub/o.txt", "Error: cannot open \"sub/o.txt\"\n", "/etc/sub/o.txt", false },
                { "/etc", "/etc/x", "Error: cannot open \"/etc/x\"\n", "/etc/x", false },
                { "/etc", "/etc/x", "Error: cannot open \"y\"\n", NULL, false },
                { "/etc", "/ws/x", "Error: cannot open \"x\"\n", NULL, false },
                { "/ro", "/ro/x", "Error: cannot open \"x\"\n", NULL, false },
                { NULL, "/etc/x", "Error: cannot open \"x\"\n", NULL, true },
                { NULL, "/etc/x", "Error: cannot open \"/etc/x\"\n", "/etc/x", true },
                /* (the database's line keeps its own reading: sqlite_db, not sqlite_dir) */
                { "/etc", "/etc/x", "Error: unable to open database \"x\": unable to open database file\n", NULL, false },
        };

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cd); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        struct sbx_classify_context in = ctx;

                        in.granted = granted;
                        in.sqlite_target = cd[i].target;
                        in.sqlite_dir = cd[i].dir;
                        in.sqlite_dir_lost = cd[i].lost;
                        check_row(backend, 200 + i, cd[i].text, run_backend_in(backend, &in, cd[i].text),
                                  cd[i].path ? "denied" : "task_failure", cd[i].path);
                }
        /* sbx classify, which reads no argv: the text alone tells nothing */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" }, "Error: cannot open \"/etc/x\"\n"),
                       "task_failure");
        assert_verdict(run_backend_in("landlock", &(struct sbx_classify_context){ .cwd = "/ws" },
                                      "Error: unable to open database \"/etc/x\": unable to open database file\n"),
                       "task_failure");
}

/* A host where the names beneath /nx are missing, but /nx/f, a file; any other a directory. */
static int fake_host_exists_curl(void *userdata, const char *path) {
        (void) userdata;
        if (strcmp(path, "/nx/f") == 0)
                return SBX_HOST_NAME_FILE;
        if (strncmp(path, "/nx", 3) == 0 && (path[3] == '/' || path[3] == '\0'))
                return SBX_HOST_NAME_MISSING;
        return SBX_HOST_NAME_DIR;
}

/* A file the caller read from the argv for a field of the context (curl_output, sqlite_target,
 * ...) but left out, its name longer than one kept (argv_name_lost): the lines the argv's file
 * alone tells, curl's "(23)" and its silent 23, SQLite's errno-less lines, the statuses read
 * against such a file (zip's 15, a silent 1), are denials of no path
 * (before: task_failure, a hidden denial: live, `curl -so D/c URL` and `sqlite3 D/t.db 'create
 * table t(a)'` with D of 1022 bytes outside the workspace in read-only, both backends). Without
 * the flag (sbx classify, no argv read): as before. */
static void test_classify_argv_name_lost_is_a_denial_of_no_path(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        static const char *const lines[] = {
                "curl: (23) Failure writing output to destination\n",
                "Error: unable to open database \"/etc/t.db\": unable to open database file\n",
        };
        (void) state;

        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap";

                for (size_t lost = 0; lost < 2; lost++) {
                        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted,
                                                            .host_refuses = fake_host_refuses,
                                                            .host_dir_missing = fake_host_dir_missing,
                                                            .argv_name_lost = lost };
                        struct sbx_classify_result *r;

                        for (size_t i = 0; i < SBX_ELEMENTSOF(lines); i++) {
                                r = run_backend_in(backend, &ctx, lines[i]);
                                if (r->verdict != (lost ? SBX_VERDICT_DENIED : SBX_VERDICT_TASK_FAILURE) ||
                                    (lost && (r->n_denials != 1 || r->denials[0].path[0])))
                                        fail_msg("%s, lost %zu: %s: %s (%zu denials)", backend, lost, lines[i],
                                                 sbx_verdict_to_string(r->verdict), (size_t) r->n_denials);
                        }
                        /* curl's 23 with no line; another status stays the task's */
                        r = run_backend_status_in(backend, &ctx, "", 23);
                        if (r->verdict != (lost ? SBX_VERDICT_DENIED : SBX_VERDICT_TASK_FAILURE))
                                fail_msg("%s, lost %zu: exit 23: %s", backend, lost, sbx_verdict_to_string(r->verdict));
                        assert_verdict(run_backend_status_in(backend, &ctx, "", 7), "task_failure");
                        /* the statuses read against a file of the argv (zip's 15, git stash's,
                         * mktemp -q's silent 1), of no path; not 1 after a line (those are silent) */
                        for (int code = 1; code <= 15; code += 14) {
                                r = run_backend_status_in(backend, &ctx, "", code);
                                if (r->verdict != (lost ? SBX_VERDICT_DENIED : SBX_VERDICT_TASK_FAILURE) ||
                                    (lost && (r->n_denials != 1 || r->denials[0].path[0])))
                                        fail_msg("%s, lost %zu: exit %d: %s", backend, lost, code,
                                                 sbx_verdict_to_string(r->verdict));
                        }
                        assert_verdict(run_backend_status_in(backend, &ctx, "make: *** [all] Error 1\n", 1),
                                       "task_failure");
                }
                /* CMake -E's lines name their file, no errno: one too long to keep, a denial of no
                 * path (before: task_failure, live `cmake -E touch D/cm`, D of 1022 bytes) */
                {
                        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted,
                                                            .host_refuses = fake_host_refuses,
                                                            .host_dir_missing = fake_host_dir_missing };
                        char line[SBX_DENIAL_PATH_MAX + 200];
                        struct sbx_classify_result *r;
                        int n = snprintf(line, sizeof(line), "cmake -E touch: failed to update \"/etc/%0*d\".\n", 4150, 0);

                        assert_true(n > 0 && (size_t) n < sizeof(line));
                        r = run_backend_in(backend, &ctx, line);
                        if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || r->denials[0].path[0])
                                fail_msg("%s: cmake -E touch of a name of 4155 bytes: %s", backend,
                                         sbx_verdict_to_string(r->verdict));
                        /* sbx classify (no host's answers): as before */
                        assert_verdict(run_backend_in(backend, &(struct sbx_classify_context){ .cwd = "/ws" }, line),
                                       "task_failure");
                }
        }
}

/* curl's "curl: (23) ..." (CURLE_WRITE_ERROR) names neither file nor errno: a denial where the file
 * the caller read from a curl's argv (curl_output) is outside the granted directories, its
 * directory on the host, no directory itself, and the host does not refuse it too (before: no
 * signature, task_failure, bwrap's and Landlock's alike; live `curl -fsSL URL -o /usr/local/bin/x`
 * in read-only mode). */
static void test_classify_curl_write_error_names_the_argv_file(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        static const char line[] = "curl: (23) Failure writing output to destination\n";
        static const struct {
                const char *target, *text, *verdict;
        } cases[] = {
                { "/etc/x", line, "denied" },
                { "/home/u/o.txt", "curl: (23) Failed writing body\n", "denied" },
                { "/etc/x", "curl: (23) client returned ERROR on write of 6 bytes\n", "denied" },
                /* the workspace; the host's refusal too (/ro); no such directory; a directory */
                { "/ws/x", line, "task_failure" },
                { "/ro/x", line, "task_failure" },
                { "/nx/x", line, "task_failure" },
                { "/etc/d", line, "task_failure" },
                { "/dev/x", line, "task_failure" },
                /* no curl writing a file (a pipe closed early prints the same), another line */
                { NULL, line, "task_failure" },
                { NULL, "curl: (23) Failed writing body\n", "task_failure" },
                { "/etc/x", "x curl: (23) Failure writing output to destination\n", "task_failure" },
                { "/etc/x", "curl: (23)\n", "task_failure" },
                { "/etc/x", "curl: (22) The requested URL returned error: 404\n", "task_failure" },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        ctx.curl_output = cases[i].target;
                        check_row(backend, i, cases[i].text, run_backend_in(backend, &ctx, cases[i].text), cases[i].verdict,
                                  strcmp(cases[i].verdict, "denied") == 0 ? cases[i].target : NULL);
                }
        /* /dev/shm: under bubblewrap the sandbox's own (its temp area), under Landlock the host's
         * directory, whose writes the launcher refuses (left54b: as root in read-only, `curl -so
         * /dev/shm/x URL` read task_failure::23 under Landlock, `echo > /dev/shm/x` denied); the
         * rest of /dev stays the sandbox's under both (the table's /dev/x) */
        ctx.curl_output = "/dev/shm/x";
        check_row("bwrap", 0, line, run_backend_in("bwrap", &ctx, line), "task_failure", NULL);
        check_row("landlock", 0, line, run_backend_in("landlock", &ctx, line), "denied", "/dev/shm/x");
        ctx.curl_output = "/dev/shmx";
        check_row("landlock", 1, line, run_backend_in("landlock", &ctx, line), "task_failure", NULL);
        /* sbx classify, which reads no argv: the text alone tells nothing */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" }, line), "task_failure");
        /* --create-dirs (curl_create_dirs): a missing directory is made, so its "(23)" is the
         * sandbox's refusal there too (review51: as root in read-only under Landlock, `curl
         * --create-dirs -o /var/tmp/new/x URL` read task_failure); not where a name on the way is
         * a file (ENOTDIR, the host's too) */
        ctx.curl_create_dirs = true;
        ctx.host_exists = fake_host_exists_curl;
        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap";
                struct sbx_classify_result *r;

                ctx.curl_output = "/nx/new/x";
                r = run_backend_in(backend, &ctx, line);
                if (r->verdict != SBX_VERDICT_DENIED || r->denial_lines != 1 || strcmp(r->denials[0].path, "/nx/new/x") != 0)
                        fail_msg("%s: curl --create-dirs -o /nx/new/x: %s, want denied", backend,
                                 sbx_verdict_to_string(r->verdict));
                ctx.curl_output = "/nx/f/x";
                assert_verdict(run_backend_in(backend, &ctx, line), "task_failure");
                ctx.curl_output = "/ro/nx/x";
                assert_verdict(run_backend_in(backend, &ctx, line), "task_failure");
        }
        /* its line of a directory it could not make, "D resides on a read-only file system."
         * (EROFS, bubblewrap's), D relative to the cwd: D's path where it is above the output
         * file (left54: none; an absolute D was read already); not another directory, nor
         * without --create-dirs */
        {
                static const struct {
                        const char *output, *text, *path;
                        bool dirs;
                } dirs[] = {
                        { "/ws/d/e/f", "d resides on a read-only file system.\n", "/ws/d", true },
                        { "/ws/d/e/f", "d/e resides on a read-only file system.\n", "/ws/d/e", true },
                        { "/etc/n/f", "/etc/n resides on a read-only file system.\n", "/etc/n", true },
                        { "/ws/d/e/f", "x resides on a read-only file system.\n", "", true },
                        { "/ws/d/e/f", "d resides on a read-only file system.\n", "", false },
                        { "/ws/d/e/f", "d/e/f resides on a read-only file system.\n", "", true },
                        { "/ws/d/e/f", "d resides on a read-only file system. x\n", "", true },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(dirs); i++) {
                        struct sbx_classify_result *r;

                        ctx.curl_output = dirs[i].output;
                        ctx.curl_create_dirs = dirs[i].dirs;
                        r = run_backend_in("bwrap", &ctx, dirs[i].text);
                        if (r->verdict != SBX_VERDICT_DENIED || r->n_denials < 1 || strcmp(r->denials[0].path, dirs[i].path) != 0)
                                fail_msg("curl's directory %zu: %s %s", i, sbx_verdict_to_string(r->verdict),
                                         r->n_denials ? r->denials[0].path : "-");
                }
        }
}

/* fake_host_refuses(), and an open for writing of /etc/locked (root's 0644 database, as nobody, in
 * a directory the user may write: its creation, removal and rename the host allows) */
static bool fake_host_refuses_locked(void *userdata, const char *path, bool run, bool opens, bool reads) {
        return (opens && strcmp(path, "/etc/locked") == 0) || fake_host_refuses(userdata, path, run, opens, reads);
}

/* SQLite's "attempt to write a readonly database" of a database whose commands are not read
 * (stdin's, `sqlite3 DB < s.sql`: no sqlite_target) is its database's (sqlite_db): before, no
 * denial under bwrap, none of a path under Landlock; and the line tells of an open for writing
 * of the file, which a file the host lets the user not write fails on the host too, whatever its
 * directory allows (before: as nobody, `sqlite3 X 'create table ...'` of root's 0644 X in a
 * directory it may write read denied under both backends). */
static void test_classify_sqlite_readonly_database_of_stdin(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses_locked,
                                            .host_dir_missing = fake_host_dir_missing };
        static const char *const backends[] = { "bwrap", "landlock" };
        struct sbx_classify_result *r;
        (void) state;

        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++) {
                ctx.sqlite_target = NULL;
                ctx.sqlite_db = "/etc/x";
                r = run_backend_in(backends[b], &ctx, "Runtime error near line 1: attempt to write a readonly database (8)\n");
                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || strcmp(r->denials[0].path, "/etc/x") != 0)
                        fail_msg("%s: stdin's: %s, path %s, want denied, /etc/x", backends[b], sbx_verdict_to_string(r->verdict),
                                 r->n_denials ? r->denials[0].path : "(none)");
                /* the host's refusal of its open for writing, the commands read or not */
                ctx.sqlite_db = "/etc/locked";
                r = run_backend_in(backends[b], &ctx, "Runtime error near line 1: attempt to write a readonly database (8)\n");
                if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                        fail_msg("%s: stdin's, /etc/locked: %s, want task_failure", backends[b], sbx_verdict_to_string(r->verdict));
                ctx.sqlite_target = "/etc/locked";
                r = run_backend_in(backends[b], &ctx, "Error: stepping, attempt to write a readonly database (8)\n");
                if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                        fail_msg("%s: /etc/locked: %s, want task_failure", backends[b], sbx_verdict_to_string(r->verdict));
        }
        /* a sqlite3 given -readonly (sqlite_readonly): its write the task's own, whatever the
         * sandbox; under Landlock its text is a denial alone (left52: `sqlite3 -readonly e.db <
         * s.sql` read denied); another signature on another line still is one */
        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++) {
                struct sbx_classify_context ro = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses_locked,
                                                   .host_dir_missing = fake_host_dir_missing, .sqlite_readonly = true };

                r = run_backend_in(backends[b], &ro, "Runtime error near line 1: attempt to write a readonly database (8)\n");
                if (r->verdict != SBX_VERDICT_TASK_FAILURE || r->denial_lines != 0)
                        fail_msg("%s: -readonly: %s, want task_failure", backends[b], sbx_verdict_to_string(r->verdict));
                r = run_backend_in(backends[b], &ro,
                                   b == 0 ? "Runtime error near line 1: attempt to write a readonly database (8)\n"
                                            "touch: cannot touch '/etc/x': Read-only file system\n"
                                          : "Runtime error near line 1: attempt to write a readonly database (8)\n"
                                            "touch: cannot touch '/etc/x': Permission denied\n");
                if (r->verdict != SBX_VERDICT_DENIED || r->denial_lines != 1 || r->n_denials != 1 ||
                    strcmp(r->denials[0].path, "/etc/x") != 0)
                        fail_msg("%s: -readonly, then touch's: %s, want denied /etc/x", backends[b], sbx_verdict_to_string(r->verdict));
        }
}

/* Under bwrap SQLite's "attempt to write a readonly database" (its read-only fallback after the
 * EROFS of its open for writing, not printed) is a denial in sbx run alone, of the file the caller
 * read from a sqlite3's argv (sqlite_target), judged as curl's "(23)" (review51: `sqlite3 t.db
 * 'insert ...'` of an existing database in read-only mode read task_failure under bwrap, denied
 * under Landlock). The text alone, another file or none read, the workspace, the host's refusal
 * (/ro) or a missing directory: none. */
static void test_classify_bwrap_sqlite_readonly_names_the_argv_file(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        static const struct {
                const char *target, *text, *verdict;
        } cases[] = {
                { "/etc/x", "Error: stepping, attempt to write a readonly database (8)\n", "denied" },
                { "/home/u/x", "Error: attempt to write a readonly database\n", "denied" },
                { "/etc/x", "Runtime error near line 1: attempt to write a readonly database (8)\n", "denied" },
                { "/ws/x", "Error: stepping, attempt to write a readonly database (8)\n", "task_failure" },
                { "/ro/x", "Error: stepping, attempt to write a readonly database (8)\n", "task_failure" },
                { "/nx/x", "Error: stepping, attempt to write a readonly database (8)\n", "task_failure" },
                { NULL, "Error: stepping, attempt to write a readonly database (8)\n", "task_failure" },
                /* the shell's CANTOPEN of a statement: an existing WAL database whose -shm the
                 * sandbox refused (review51: task_failure before, under bwrap) */
                { "/etc/x", "Error: in prepare, unable to open database file (14)\n", "denied" },
                { "/ro/x", "Error: in prepare, unable to open database file (14)\n", "task_failure" },
                { NULL, "Error: in prepare, unable to open database file (14)\n", "task_failure" },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                bool denied = strcmp(cases[i].verdict, "denied") == 0;
                struct sbx_classify_result *r;

                ctx.sqlite_target = cases[i].target;
                r = run_backend_in("bwrap", &ctx, cases[i].text);
                if (strcmp(sbx_verdict_to_string(r->verdict), cases[i].verdict) != 0)
                        fail_msg("case %zu (%s): %s, want %s", i, cases[i].text, sbx_verdict_to_string(r->verdict),
                                 cases[i].verdict);
                if (denied && strcmp(r->denials[0].path, cases[i].target) != 0)
                        fail_msg("case %zu: path %s", i, r->denials[0].path);
        }
        /* sbx classify, which reads no argv: the text alone tells nothing */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" },
                                      "Error: stepping, attempt to write a readonly database (8)\n"),
                       "task_failure");
        /* ... the CANTOPEN line under Landlock alike */
        ctx.sqlite_target = "/etc/x";
        assert_verdict(run_backend_in("landlock", &ctx, "Error: in prepare, unable to open database file (14)\n"), "denied");
        ctx.sqlite_target = "/ro/x";
        assert_verdict(run_backend_in("landlock", &ctx, "Error: in prepare, unable to open database file (14)\n"),
                       "task_failure");
        assert_verdict(run_backend_in("landlock", &(struct sbx_classify_context){ .cwd = "/ws" },
                                      "Error: in prepare, unable to open database file (14)\n"),
                       "task_failure");
        /* its bare line of a dot-command on such a database (.tables, .schema), the whole line, of
         * the argv's file (sqlite_target, which such a dot-command alone reads as a query; review52:
         * task_failure before, as nobody `sqlite3 W.db .tables` of its own WAL database in
         * read-only mode); another program's line naming more, none read, the text alone, the
         * host's refusal: none */
        {
                static const struct {
                        const char *target, *text, *verdict, *path;
                } dots[] = {
                        { "/etc/x", "Error: unable to open database file\n", "denied", "/etc/x" },
                        { "/etc/x", "Error: unable to open database file \r\n", "denied", "/etc/x" },
                        { "/ro/x", "Error: unable to open database file\n", "task_failure", NULL },
                        { "/ws/x", "Error: unable to open database file\n", "task_failure", NULL },
                        { NULL, "Error: unable to open database file\n", "task_failure", NULL },
                        { "/etc/x", "x: Error: unable to open database file\n", "task_failure", NULL },
                        { "/etc/x", "Error: unable to open database file: /etc/x\n", "task_failure", NULL },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(dots); i++) {
                        ctx.sqlite_target = dots[i].target;
                        check_row("bwrap", i, dots[i].text, run_backend_in("bwrap", &ctx, dots[i].text), dots[i].verdict,
                                  dots[i].path);
                }
                ctx.sqlite_target = NULL;
                assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" },
                                              "Error: unable to open database file\n"),
                               "task_failure");
        }
}

/* A host that refuses a new name in /rd (a directory of root's, as nobody) and nothing else: its
 * file /rd/x, the user's own, may be written; its file /rd/y may not (a 0444 file, opened). */
static bool fake_host_refuses_rd_dir(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata;
        (void) run;
        (void) opens;
        (void) reads;
        return strcmp(path, "/rd/stXXXXXX") == 0 || strncmp(path, "/ro/", 4) == 0 || (opens && strcmp(path, "/rd/y") == 0);
}

/* GNU binutils (BFD) loses the errno of a file it could not make: ar's and ranlib's "could not
 * create temporary file whilst writing archive: no more archived files" (names nothing), strip's
 * in place "X: could not create temporary file to hold stripped copy: cause of error unknown", and
 * objcopy's and strip -o's "X: Bad file descriptor" (binutils 2.40, the host's EACCES and a
 * missing directory print the same). A denial where the file the caller read from the argv
 * (bfd_output) is X, outside the granted directories, its directory on the host, and the host
 * lets the user make it (a new name in its directory, for a file rewritten in place) (before: no
 * such signature, task_failure, bwrap's and Landlock's alike; live `ranlib /var/tmp/d/lib.a`,
 * `strip -o /var/tmp/d/p prog` in workspace-write, `objcopy a.o b.o` in read-only). */
static void test_classify_binutils_lost_errno_names_the_argv_file(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses_rd_dir,
                                            .host_dir_missing = fake_host_dir_missing };
        static const char archive[] = "ranlib: could not create temporary file whilst writing archive: no more archived files\n";
        static const struct {
                const char *target, *text, *verdict;
        } cases[] = {
                { "/etc/x", archive, "denied" },
                { "/etc/x", "ar: could not create temporary file whilst writing archive: no more archived files\n", "denied" },
                { "/etc/x", "/usr/bin/x86_64-linux-gnu-ar: could not create temporary file whilst writing archive: x\n",
                  "denied" },
                { "/etc/x", "strip: /etc/x: could not create temporary file to hold stripped copy: cause of error unknown\n",
                  "denied" },
                { "/etc/x", "objcopy: /etc/x: Bad file descriptor\n", "denied" },
                { "/home/u/o.txt", "strip: /home/u/o.txt: Bad file descriptor\n", "denied" },
                /* a relative name, the cwd's: /ws/../etc/x */
                { "/etc/x", "strip: ../etc/x: Bad file descriptor\n", "denied" },
                /* the workspace; the host's refusal (/ro); a new name in /rd refused for a file
                 * rewritten in place, not for a new output; no such directory; a directory; /dev */
                { "/ws/x", archive, "task_failure" },
                { "/ro/x", archive, "task_failure" },
                { "/ro/x", "objcopy: /ro/x: Bad file descriptor\n", "task_failure" },
                { "/rd/x", archive, "task_failure" },
                { "/rd/x", "strip: /rd/x: could not create temporary file to hold stripped copy: cause of error unknown\n",
                  "task_failure" },
                { "/rd/x", "objcopy: /rd/x: Bad file descriptor\n", "denied" },
                /* a file the host lets the user not write, opened for writing (fopen "w") */
                { "/rd/y", "objcopy: /rd/y: Bad file descriptor\n", "task_failure" },
                { "/nx/x", archive, "task_failure" },
                { "/nx/x", "objcopy: /nx/x: Bad file descriptor\n", "task_failure" },
                { "/etc/d", "objcopy: /etc/d: Bad file descriptor\n", "task_failure" },
                { "/dev/x", archive, "task_failure" },
                /* no binutils program writing a file; another file than its own; other lines */
                { NULL, archive, "task_failure" },
                { NULL, "objcopy: /etc/x: Bad file descriptor\n", "task_failure" },
                { "/etc/x", "objcopy: /etc/y: Bad file descriptor\n", "task_failure" },
                { "/etc/x", "strip: /etc/y: could not create temporary file to hold stripped copy: cause of error unknown\n",
                  "task_failure" },
                { "/etc/x", "objcopy: /etc/x: Bad file descriptor (9)\n", "task_failure" },
                { "/etc/x", "write error: Bad file descriptor\n", "task_failure" },
                { "/etc/x", "Bad file descriptor\n", "task_failure" },
                { "/etc/x", "x y: could not create temporary file whilst writing archive\n", "task_failure" },
                { "/etc/x", "ar: : Bad file descriptor\n", "task_failure" },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        ctx.bfd_output = cases[i].target;
                        check_row(backend, i, cases[i].text, run_backend_in(backend, &ctx, cases[i].text), cases[i].verdict,
                                  strcmp(cases[i].verdict, "denied") == 0 ? cases[i].target : NULL);
                }
        /* sbx classify, which reads no argv: the text alone tells nothing */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" }, archive), "task_failure");
        /* a line that carries another denial signature too stays a denial */
        assert_verdict(run_backend_in("landlock", &(struct sbx_classify_context){ .cwd = "/ws" },
                                      "sh: 1: cannot create /etc/x: Permission denied\n"),
                       "denied");
}

/* A host that refuses the user /ro, a new name in /ws/rd (BFD's temporary file beside a file
 * there) and the write of /ws/y. */
static bool fake_host_refuses_ws_rd(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata, (void) run, (void) reads;
        return strcmp(path, "/ws/rd/stXXXXXX") == 0 || strncmp(path, "/ro/", 4) == 0 || (opens && strcmp(path, "/ws/y") == 0);
}

/* ranlib's and strip's several files, each rewritten in place (bfd_later after bfd_output): ranlib
 * stops at the first it could not write and its line names none: the first whose write the host
 * and the sandbox did not let (before its ones beneath the granted directories it wrote); strip's
 * line names its file, any of them (before: none read, `ranlib a.a /var/tmp/x/b.a`, `strip f.o
 * /var/tmp/x/g.o` in workspace-write read task_failure under both backends, root and nobody). */
static void test_classify_binutils_several_files_in_place(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses_ws_rd,
                                            .host_dir_missing = fake_host_dir_missing };
        static const char archive[] = "ranlib: could not create temporary file whilst writing archive: no more archived files\n";
        static const struct {
                const char *first, *later, *text, *path; /* later: NUL-separated, "" ended; path NULL: task_failure */
        } cases[] = {
                { "/ws/x", "/etc/x\0", archive, "/etc/x" },
                { "/ws/x", "/ws/a.txt\0/etc/b.txt\0/etc/x\0", archive, "/etc/b.txt" },
                { "/etc/a.txt", "/ws/x\0", archive, "/etc/a.txt" },
                { "/ws/x", "/etc/x\0", "strip: /etc/x: could not create temporary file to hold stripped copy: file format not recognized\n",
                  "/etc/x" },
                { "/ws/x", "/ws/a.txt\0/etc/x\0", "strip: ../etc/x: could not create temporary file to hold stripped copy: x\n",
                  "/etc/x" },
                { "/etc/x", "/ws/x\0", "strip: /etc/x: could not create temporary file to hold stripped copy: x\n", "/etc/x" },
                /* one before it the host refuses writing, or making a name beside it: ranlib's
                 * own failure; all beneath the granted directories */
                { "/ws/rd/x", "/etc/x\0", archive, NULL },
                { "/ws/y", "/etc/x\0", archive, NULL },
                { "/ro/x", "/etc/x\0", archive, NULL },
                { "/ws/x", "/ws/a.txt\0", archive, NULL },
                /* strip's line of a file none of them */
                { "/ws/x", "/etc/x\0", "strip: /etc/y: could not create temporary file to hold stripped copy: x\n", NULL },
                { "/ws/x", "/ro/x\0", "strip: /ro/x: could not create temporary file to hold stripped copy: x\n", NULL },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";

                        ctx.bfd_output = cases[i].first;
                        ctx.bfd_later = cases[i].later;
                        check_row(backend, i, cases[i].text, run_backend_in(backend, &ctx, cases[i].text),
                                  cases[i].path ? "denied" : "task_failure", cases[i].path);
                }
}

/* /ws/out.txt a symlink to /var/tmp/d/out.txt, /ws/lr one to /ro/missing, /ws/shm.txt one to
 * /dev/shm/x */
static size_t fake_resolve_out_link(void *userdata, const char *path, char *out, size_t size) {
        (void) userdata;
        if (strcmp(path, "/ws/out.txt") == 0)
                return (size_t) snprintf(out, size, "/var/tmp/d/out.txt");
        if (strcmp(path, "/ws/lr") == 0)
                return (size_t) snprintf(out, size, "/ro/missing");
        if (strcmp(path, "/ws/shm.txt") == 0)
                return (size_t) snprintf(out, size, "/dev/shm/x");
        if (strncmp(path, "/ws/ldir", 8) == 0 && (path[8] == '/' || !path[8]))
                return (size_t) snprintf(out, size, "/var/tmp/d%s", path + 8);
        return (size_t) snprintf(out, size, "%s", path);
}

/* /ws/lnk.o a dangling symlink to /var/tmp/d/dangle.txt until the command unlinks it (link_gone) */
static bool link_gone;

static size_t fake_resolve_unlinked(void *userdata, const char *path, char *out, size_t size) {
        (void) userdata;
        if (!link_gone && strcmp(path, "/ws/lnk.o") == 0)
                return (size_t) snprintf(out, size, "/var/tmp/d/dangle.txt");
        return (size_t) snprintf(out, size, "%s", path);
}

/* binutils' output through a dangling symlink in the workspace (`strip -o lnk.o m.o`): its open
 * makes the link's target, which the sandbox refuses, and after its "strip: lnk.o: Bad file
 * descriptor" it unlinks its output, the link: the target the host resolved when the context was
 * set is the file recorded (tools57: before, lnk.o was asked of the host once gone, in the
 * workspace: task_failure in workspace-write under both backends). A link still there, as before. */
static void test_classify_bfd_output_through_unlinked_link(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .resolve = fake_resolve_unlinked,
                                            .host_refuses = fake_host_refuses, .host_dir_missing = fake_host_dir_missing,
                                            .bfd_output = "/ws/lnk.o" };
        static const char line[] = "strip: lnk.o: Bad file descriptor\n";
        (void) state;

        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap";
                struct sbx_classify_result res;
                struct sbx_classifier *c = NULL;
                struct sbx_exit_status st = { .exit_code = 1 };
                struct sbx_diag diag = { 0 };

                for (int gone = 0; gone < 2; gone++) {
                        link_gone = false;
                        assert_int_equal(sbx_classifier_new(builtin(backend), &c, &diag), 0);
                        assert_int_equal(sbx_classifier_set_context(c, &ctx), 0);
                        link_gone = gone;
                        assert_int_equal(sbx_classify_feed(c, line, strlen(line)), 0);
                        assert_int_equal(sbx_classify_finish(c, &st, &res, &diag), 0);
                        sbx_classifier_free(c);
                        check_row(backend, (size_t) gone, line, &res, "denied", "/var/tmp/d/dangle.txt");
                }
        }
        link_gone = false;
}

/* A file opened for writing through a symlink (curl's, sqlite3's, wget's output; touch's, which follows
 * it without -h): the sandbox refused the link's target, which the record names (before: the
 * link, /ws/out.txt, under both backends; live `curl -so out URL`, `touch out`, `sqlite3 out
 * ...`, out a link in the workspace to a file outside it, in workspace-write). A touch not read
 * (its -h not told) keeps the name as its line gives it. */
static void test_classify_write_through_link_records_the_target(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .resolve = fake_resolve_out_link,
                                            .host_refuses = fake_host_refuses, .host_dir_missing = fake_host_dir_missing };
        (void) state;

        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap", *err = b ? "Permission denied" : "Read-only file system";
                char touch[128];

                ctx.curl_output = "/ws/out.txt";
                check_row(backend, 0, "curl", run_backend_in(backend, &ctx, "curl: (23) Failure writing output to destination\n"),
                          "denied", "/var/tmp/d/out.txt");
                ctx.curl_output = NULL;
                ctx.sqlite_db = "/ws/out.txt";
                check_row(backend, 1, "sqlite3",
                          run_backend_in(backend, &ctx, "Error: unable to open database \"out.txt\": unable to open database file\n"),
                          "denied", "/var/tmp/d/out.txt");
                ctx.sqlite_db = NULL;
                snprintf(touch, sizeof(touch), "touch: cannot touch 'out.txt': %s\n", err);
                ctx.touch_how = SBX_TOUCH_READ;
                check_row(backend, 2, touch, run_backend_in(backend, &ctx, touch), "denied", "/var/tmp/d/out.txt");
                ctx.touch_how = 0;
                check_row(backend, 3, touch, run_backend_in(backend, &ctx, touch), "denied", "/ws/out.txt");
                /* wget -q's silent status 3, its file read from the argv (review54: `wget -q -O out
                 * URL` recorded the link) */
                ctx.wget_output = "/ws/out.txt";
                check_row(backend, 4, "wget", run_backend_status_in(backend, &ctx, "", 3), "denied", "/var/tmp/d/out.txt");
                /* ... and its -O file's "X: E", X as given, its fopen following the link
                 * (review55: before, no path) */
                {
                        char line[128];

                        snprintf(line, sizeof(line), "out.txt: %s\n", err);
                        check_row(backend, 20, line, run_backend_in(backend, &ctx, line), "denied", "/var/tmp/d/out.txt");
                }
                ctx.wget_output = NULL;
                /* an argv's output file opened with O_CREAT, following the link: dd's of=, sort's
                 * -o ("open failed: X"), tee's, iconv's -o (review55: the link recorded, and, its
                 * name bare, never asked of the host: as nobody, the link to a missing file in
                 * root's directory, /ro here, read denied where `echo x > lr` read task_failure) */
                static const struct {
                        const char *line, *dd, *iconv, *verdict, *path;
                } outs[] = {
                        { "dd: failed to open 'out.txt': ", "/ws/out.txt", NULL, "denied", "/var/tmp/d/out.txt" },
                        { "sort: open failed: out.txt: ", NULL, NULL, "denied", "/var/tmp/d/out.txt" },
                        { "tee: out.txt: ", NULL, NULL, "denied", "/var/tmp/d/out.txt" },
                        { "iconv: cannot open output file: ", NULL, "/ws/out.txt", "denied", "/var/tmp/d/out.txt" },
                        { "dd: failed to open 'lr': ", "/ws/lr", NULL, "task_failure", NULL },
                        { "sort: open failed: lr: ", NULL, NULL, "task_failure", NULL },
                        { "tee: lr: ", NULL, NULL, "task_failure", NULL },
                        /* dd's if= is read, not followed for a write: its name as printed */
                        { "dd: failed to open 'out.txt': ", "/ws/other", NULL, "denied", "/ws/out.txt" },
                        /* sort's input is "cannot read: X" */
                        { "sort: cannot read: out.txt: ", NULL, NULL, "denied", "/ws/out.txt" },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(outs); i++) {
                        char line[160];

                        snprintf(line, sizeof(line), "%s%s\n", outs[i].line, err);
                        ctx.dd_output = outs[i].dd;
                        ctx.iconv_output = outs[i].iconv;
                        check_row(backend, 21 + i, line, run_backend_in(backend, &ctx, line), outs[i].verdict,
                                  outs[i].path);
                }
                ctx.dd_output = ctx.iconv_output = NULL;
                /* ar's archive (its bfd_output) opened O_CREAT, or written back over the old after
                 * its temporary file ("unable to copy file 'X'", O_TRUNC), and cp's destination:
                 * opens that follow the link (links56: `ar rc la x.o`, `ranlib lb`, `cp in lf`, each
                 * a link in the workspace to a file outside it, recorded the link) */
                static const struct {
                        const char *line, *bfd, *path;
                } follow[] = {
                        { "ar: out.txt: ", "/ws/out.txt", "/var/tmp/d/out.txt" },
                        { "ar: unable to copy file 'out.txt'; reason: ", "/ws/out.txt", "/var/tmp/d/out.txt" },
                        { "ranlib: unable to copy file 'out.txt'; reason: ", "/ws/out.txt", "/var/tmp/d/out.txt" },
                        { "cp: cannot create regular file 'out.txt': ", NULL, "/var/tmp/d/out.txt" },
                        /* not the archive the argv writes (an object read): as printed */
                        { "ar: out.txt: ", "/ws/a.a", "/ws/out.txt" },
                        { "ar: unable to copy file 'out.txt'; reason: ", NULL, "/ws/out.txt" },
                        /* another program's line */
                        { "ls: cannot access 'out.txt': ", NULL, "/ws/out.txt" },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(follow); i++) {
                        char line[160];

                        snprintf(line, sizeof(line), "%s%s\n", follow[i].line, err);
                        ctx.bfd_output = follow[i].bfd;
                        check_row(backend, 40 + i, line, run_backend_in(backend, &ctx, line), "denied", follow[i].path);
                }
                ctx.bfd_output = NULL;
                /* a name made or removed, not followed, beneath a link to a directory: the kernel
                 * follows every component but the last (links56: `ln -sf in ldir`, `install in
                 * ldir`, ldir a link in the workspace to a directory outside it, recorded
                 * /ws/ldir/in); a link replaced itself keeps its own name */
                static const struct {
                        const char *line, *path;
                } dirs[] = {
                        { "ln: failed to create symbolic link 'ldir/in': ", "/var/tmp/d/in" },
                        { "install: cannot create regular file 'ldir/in': ", "/var/tmp/d/in" },
                        { "rm: cannot remove 'ldir/x': ", "/var/tmp/d/x" },
                        { "mkdir: cannot create directory 'ldir/nd': ", "/var/tmp/d/nd" },
                        { "ln: failed to create symbolic link 'out.txt': ", "/ws/out.txt" },
                        { "mkdir: cannot create directory 'nd': ", "/ws/nd" },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(dirs); i++) {
                        char line[160];

                        snprintf(line, sizeof(line), "%s%s\n", dirs[i].line, err);
                        check_row(backend, 50 + i, line, run_backend_in(backend, &ctx, line), "denied", dirs[i].path);
                }
                /* a shell's redirection into it (`> X`, `>> X`, `>| X`, `<> X`; bash's line, dash's
                 * "cannot create X"), an open with O_CREAT, which follows the link (left54: the
                 * link recorded); not where the script names X otherwise too, or reads it alone */
                static const struct {
                        const char *script, *line, *path;
                } shells[] = {
                        { "echo x > out.txt", "bash: line 1: out.txt: ", "/var/tmp/d/out.txt" },
                        { "echo x >> out.txt; true", "bash: line 1: out.txt: ", "/var/tmp/d/out.txt" },
                        { "date >| 'out.txt'", "bash: line 1: out.txt: ", "/var/tmp/d/out.txt" },
                        { "echo x > out.txt", "sh: 1: cannot create out.txt: ", "/var/tmp/d/out.txt" },
                        /* a redirection before the command word, at the script's start
                         * (review55: before, the link /ws/out.txt) */
                        { ">out.txt echo x", "bash: line 1: out.txt: ", "/var/tmp/d/out.txt" },
                        { "> out.txt echo x", "bash: line 1: out.txt: ", "/var/tmp/d/out.txt" },
                        { "cat < out.txt", "bash: line 1: out.txt: ", "/ws/out.txt" },
                        { "./out.txt > out.txt", "bash: line 1: out.txt: ", "/ws/out.txt" },
                        { "echo x > y", "bash: line 1: out.txt: ", "/ws/out.txt" },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(shells); i++) {
                        char line[160];

                        snprintf(line, sizeof(line), "%s%s\n", shells[i].line, err);
                        ctx.script = shells[i].script;
                        check_row(backend, 5 + i, shells[i].script, run_backend_in(backend, &ctx, line), "denied",
                                  shells[i].path);
                }
                /* a link to /dev/shm/X: under Landlock the host's /dev/shm, a directory the
                 * launcher refuses writes in, X the file refused (escape56: the link
                 * /ws/shm.txt recorded, X taken for the sandbox's own /dev); under bubblewrap
                 * the sandbox's own /dev/shm (its temp area), where the host's name tells
                 * nothing: the name as printed */
                {
                        char line[160];

                        snprintf(line, sizeof(line), "sh: 1: cannot create shm.txt: %s\n", err);
                        ctx.script = "echo x > shm.txt";
                        check_row(backend, 14, ctx.script, run_backend_in(backend, &ctx, line), "denied",
                                  b ? "/dev/shm/x" : "/ws/shm.txt");
                }
                ctx.script = NULL;
        }
}

/* glibc's iconv names no file on "iconv: cannot open output file: E": where the caller read its -o
 * FILE (iconv_output), the line is of that file, an open for writing, judged against the host as
 * a line naming it (mine54: as nobody, `iconv -o ROOTDIR/f in` into root's 0755 directory read
 * denied with no name, the host's refusal too). Without it, a denial naming none, as before. */
static void test_classify_iconv_output_line(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        (void) state;

        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap", *err = b ? "Permission denied" : "Read-only file system";
                char line[128], other[128];

                snprintf(line, sizeof(line), "iconv: cannot open output file: %s\n", err);
                snprintf(other, sizeof(other), "uconv: cannot open output file: %s\n", err);
                ctx.iconv_output = "/etc/o.txt";
                check_row(backend, 0, line, run_backend_in(backend, &ctx, line), "denied", "/etc/o.txt");
                /* the host refuses it too */
                ctx.iconv_output = "/ro/o.txt";
                check_row(backend, 1, line, run_backend_in(backend, &ctx, line), "task_failure", NULL);
                /* another program's line is not iconv's */
                check_row(backend, 2, other, run_backend_in(backend, &ctx, other), "denied", "");
                ctx.iconv_output = NULL;
                check_row(backend, 3, line, run_backend_in(backend, &ctx, line), "denied", "");
        }
}

/* 7-Zip names its archive it could not open on a line of its own, its errno on the next ("errno=30
 * : Read-only file system"), and jar prints "java.io.IOException: E", no name: where the caller
 * read the archive (archive_output), such a line is of it, an open for writing, judged against
 * the host (strange56: before, denied naming none). Without it, or another line, as before. Where
 * it is 7-Zip's temporary file, the archive it moves that onto (archive_moved_to) where that alone
 * lies outside the granted directories. */
static void test_classify_archive_output_line(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        (void) state;

        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap", *err = b ? "Permission denied" : "Read-only file system";
                char zz[128], jar[128], other[128];

                snprintf(zz, sizeof(zz), "errno=%d : %s\n", b ? 13 : 30, err);
                snprintf(jar, sizeof(jar), "java.io.IOException: %s\n", err);
                snprintf(other, sizeof(other), "errno= : %s\n", err);
                ctx.archive_output = "/etc/a.7z";
                check_row(backend, 0, zz, run_backend_in(backend, &ctx, zz), "denied", "/etc/a.7z");
                check_row(backend, 1, jar, run_backend_in(backend, &ctx, jar), "denied", "/etc/a.7z");
                /* the host refuses it too */
                ctx.archive_output = "/ro/a.7z";
                check_row(backend, 2, zz, run_backend_in(backend, &ctx, zz), "task_failure", NULL);
                /* another line is not theirs */
                check_row(backend, 3, other, run_backend_in(backend, &ctx, other), "denied", "");
                ctx.archive_output = NULL;
                check_row(backend, 4, zz, run_backend_in(backend, &ctx, zz), "denied", "");
                /* 7-Zip's temporary file granted (-w. in the workspace), the archive it moves it onto
                 * outside: the move refused, of the archive (tools57: before, named none); the
                 * temporary file outside, or both: the temporary file, made first */
                ctx.archive_output = "/ws/a.7z.tmp";
                ctx.archive_moved_to = "/etc/a.7z";
                check_row(backend, 5, zz, run_backend_in(backend, &ctx, zz), "denied", "/etc/a.7z");
                ctx.archive_output = "/etc/a.7z.tmp";
                ctx.archive_moved_to = "/ws/a.7z";
                check_row(backend, 6, zz, run_backend_in(backend, &ctx, zz), "denied", "/etc/a.7z.tmp");
                ctx.archive_moved_to = "/etc/a.7z";
                check_row(backend, 7, zz, run_backend_in(backend, &ctx, zz), "denied", "/etc/a.7z.tmp");
                ctx.archive_output = NULL;
                ctx.archive_moved_to = NULL;
        }
}

/* ssh-keygen -R rewrites its -f FILE through a copy FILE.XXXXXXXXXX it makes with mkstemp(3), and
 * prints "mkstemp: E", no name: where the caller read FILE (keygen_hosts), the line is of that
 * copy, made in FILE's directory, judged against the host (mine56: before, no path, and as nobody
 * under Landlock in root's 0755 directory denied, the host's refusal too). Without it, or another
 * line, a denial naming none, as before. */
static void test_classify_keygen_mkstemp_line(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        (void) state;

        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap", *err = b ? "Permission denied" : "Read-only file system";
                char line[128], other[128];

                snprintf(line, sizeof(line), "mkstemp: %s\n", err);
                snprintf(other, sizeof(other), "x mkstemp: %s\n", err);
                ctx.keygen_hosts = "/etc/known";
                check_row(backend, 0, line, run_backend_in(backend, &ctx, line), "denied", "/etc/known.XXXXXXXXXX");
                /* the host refuses a name in its directory too */
                ctx.keygen_hosts = "/ro/known";
                check_row(backend, 1, line, run_backend_in(backend, &ctx, line), "task_failure", NULL);
                /* another line is not ssh-keygen's */
                check_row(backend, 2, other, run_backend_in(backend, &ctx, other), "denied", "");
                ctx.keygen_hosts = NULL;
                check_row(backend, 3, line, run_backend_in(backend, &ctx, line), "denied", "");
        }
}

/* wget's -O FILE it could not open prints "FILE: E", FILE as given, a bare name too, which no
 * line's reading names where it is a bare word (no '.', no '/': a program's name as well): where
 * the caller read that file from the argv (wget_output), the line is
 * of it, an open for writing, judged against the host (review55: before, no path, and as nobody
 * under Landlock `cd D && wget -q -O f URL`, D root's, read denied, the host's refusal too). */
static void test_classify_wget_output_line(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ro", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        (void) state;

        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap", *err = b ? "Permission denied" : "Read-only file system";
                char line[128], other[128], after[128];

                snprintf(line, sizeof(line), "wf: %s\n", err);
                snprintf(other, sizeof(other), "wg: %s\n", err);
                snprintf(after, sizeof(after), "wf: %s: x\n", err);
                /* the host refuses it too */
                ctx.wget_output = "/ro/wf";
                check_row(backend, 0, line, run_backend_in(backend, &ctx, line), "task_failure", NULL);
                /* the host lets it: the sandbox's, its path */
                ctx.cwd = "/etc";
                ctx.wget_output = "/etc/wf";
                check_row(backend, 1, line, run_backend_in(backend, &ctx, line), "denied", "/etc/wf");
                /* another name, something after the signature, none read: not the file's line,
                 * a denial naming none, as before */
                ctx.cwd = "/ro";
                ctx.wget_output = "/ro/wf";
                check_row(backend, 2, other, run_backend_in(backend, &ctx, other), "denied", "");
                check_row(backend, 3, after, run_backend_in(backend, &ctx, after), "denied", "");
                ctx.wget_output = NULL;
                check_row(backend, 4, line, run_backend_in(backend, &ctx, line), "denied", "");
        }
}

/* curl -s (no -S) prints nothing when it cannot write its output file, and exits 23
 * (CURLE_WRITE_ERROR): the status is read as its "curl: (23)" line would be, of the file the
 * caller read from its argv (curl_output), judged alike; recorded with no line (line_no 0), as
 * one denial, kept (before: task_failure under both backends; live, `curl -s -o
 * /var/tmp/own/f file:///etc/hostname` in read-only mode, as root and as nobody into its own
 * directory). */
static void test_classify_curl_silent_exit_23_is_the_argv_file(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        static const struct {
                const char *target, *text;
                int exit_code, sig;
                const char *verdict;
        } cases[] = {
                { "/etc/x", "", 23, 0, "denied" },
                { "/home/u/o.txt", "* some verbose line\n", 23, 0, "denied" },
                /* the workspace; the host's refusal too (/ro); no such directory; a directory; /dev */
                { "/ws/x", "", 23, 0, "task_failure" },
                { "/ro/x", "", 23, 0, "task_failure" },
                { "/nx/x", "", 23, 0, "task_failure" },
                { "/etc/d", "", 23, 0, "task_failure" },
                { "/dev/x", "", 23, 0, "task_failure" },
                /* another status, a signal, no curl writing a file */
                { "/etc/x", "", 22, 0, "task_failure" },
                { "/etc/x", "", 1, 0, "task_failure" },
                { "/etc/x", "", 0, 15, "task_failure" },
                { NULL, "", 23, 0, "task_failure" },
                /* its line came and was judged: the host's refusal stays the host's */
                { "/ro/x", "curl: (23) Failure writing output to destination\n", 23, 0, "task_failure" },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        bool denied = strcmp(cases[i].verdict, "denied") == 0;
                        struct sbx_classify_result r;
                        struct sbx_classifier *c = NULL;
                        struct sbx_exit_status st = { .exit_code = cases[i].exit_code, .signal = cases[i].sig };
                        struct sbx_diag diag = { 0 };

                        ctx.curl_output = cases[i].target;
                        assert_int_equal(sbx_classifier_new(builtin(backend), &c, &diag), 0);
                        assert_int_equal(sbx_classifier_set_context(c, &ctx), 0);
                        assert_int_equal(sbx_classify_feed(c, cases[i].text, strlen(cases[i].text)), 0);
                        assert_int_equal(sbx_classify_finish(c, &st, &r, &diag), 0);
                        sbx_classifier_free(c);
                        if (strcmp(sbx_verdict_to_string(r.verdict), cases[i].verdict) != 0)
                                fail_msg("%s case %zu: %s, want %s", backend, i, sbx_verdict_to_string(r.verdict),
                                         cases[i].verdict);
                        if (denied && (r.n_denials != 1 || strcmp(r.denials[0].path, cases[i].target) != 0 ||
                                       r.line_no != 0 || r.denials[0].line_no != 0 ||
                                       strcmp(r.signature, "curl: (23)") != 0 || !strstr(r.matched_line, "exit status 23")))
                                fail_msg("%s case %zu: path %s line %llu signature %s evidence %s", backend, i,
                                         r.n_denials ? r.denials[0].path : "", (unsigned long long) r.line_no,
                                         r.signature, r.matched_line);
                        if (r.denial_lines != (denied ? 1u : 0u))
                                fail_msg("%s case %zu: %llu denial lines", backend, i, (unsigned long long) r.denial_lines);
                }
}

/* One run's classification under backend's dialect in the context ctx: text on stderr, then the
 * exit status (exit_code, or the signal sig). */
static void status_case(const char *backend, const struct sbx_classify_context *ctx, const char *text, int exit_code,
                        int sig, struct sbx_classify_result *r) {
        struct sbx_classifier *c = NULL;
        struct sbx_exit_status st = { .exit_code = exit_code, .signal = sig };
        struct sbx_diag diag = { 0 };

        assert_int_equal(sbx_classifier_new(builtin(backend), &c, &diag), 0);
        assert_int_equal(sbx_classifier_set_context(c, ctx), 0);
        assert_int_equal(sbx_classify_feed(c, text, strlen(text)), 0);
        assert_int_equal(sbx_classify_finish(c, &st, r, &diag), 0);
        sbx_classifier_free(c);
}

/* npm exits with its error's errno negated (243: EACCES, 226: EROFS) and prints nothing of it
 * with --silent: where the caller read an npm from the argv (npm_dir, its project's directory)
 * and no line at all came, the status is read as npm's own line of that errno, naming no file: a
 * denial of no path where the dialect takes that errno (Landlock's EACCES, bubblewrap's EROFS),
 * kept with no line; not where the host refuses the user a file made in the project's directory
 * (/ro: as nobody in root's project), a line came, another status, a signal, no npm read, nor in
 * danger-full-access's dialect (none). Before: task_failure (live, `npm install --silent` of a
 * project in read-only mode, both backends, root and nobody). A project with a lifecycle script
 * (npm_scripts) whose package-lock.json the sandbox grants: the script's status, task_failure
 * (review56: before, denied, `"postinstall": "exit 243"` in workspace-write under Landlock); one
 * the sandbox does not grant, denied as before. */
static void test_classify_npm_silent_status(void **state) {
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses, .granted = ws };
        static const struct {
                const char *backend, *dir, *text;
                int exit_code, sig;
                const char *verdict;
                bool scripts;
        } cases[] = {
                { "landlock", "/ws/app", "", 243, 0, "task_failure", true },
                { "bwrap", "/ws/app", "", 226, 0, "task_failure", true },
                { "landlock", "/", "", 243, 0, "denied", true },
                { "landlock", "/var/app", "", 243, 0, "denied", true },
                { "bwrap", "/var/app", "", 226, 0, "denied", true },
                { "landlock", "/var/app", "", 243, 0, "denied", false },
                { "landlock", "/ws/app", "", 243, 0, "denied", false },
                { "bwrap", "/ws/app", "", 226, 0, "denied", false },
                { "landlock", "/", "", 243, 0, "denied", false },
                /* the errno another sandbox gives: the host's (a read-only mount of its own under
                 * Landlock, a permission under bubblewrap) */
                { "landlock", "/ws/app", "", 226, 0, "task_failure", false },
                { "bwrap", "/ws/app", "", 243, 0, "task_failure", false },
                { "landlock", "/ro/app", "", 243, 0, "task_failure", false },
                { "bwrap", "/ro/app", "", 226, 0, "task_failure", false },
                { "landlock", "/ws/app", "npm error code E404\n", 243, 0, "task_failure", false },
                { "landlock", "/ws/app", "\n", 243, 0, "task_failure", false },
                { "landlock", "/ws/app", "", 1, 0, "task_failure", false },
                { "landlock", "/ws/app", "", 254, 0, "task_failure", false },
                { "landlock", "/ws/app", "", 0, 9, "task_failure", false },
                { "landlock", "/ws/app", "", 0, 0, "success", false },
                { "landlock", NULL, "", 243, 0, "task_failure", false },
                { "bwrap", NULL, "", 226, 0, "task_failure", false },
                { "none", "/ws/app", "", 243, 0, "task_failure", false },
                { "none", "/ws/app", "", 226, 0, "task_failure", false },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                bool denied = strcmp(cases[i].verdict, "denied") == 0;
                struct sbx_classify_result r;

                ctx.npm_dir = cases[i].dir;
                ctx.npm_scripts = cases[i].scripts;
                status_case(cases[i].backend, &ctx, cases[i].text, cases[i].exit_code, cases[i].sig, &r);
                if (strcmp(sbx_verdict_to_string(r.verdict), cases[i].verdict) != 0)
                        fail_msg("case %zu: %s, want %s", i, sbx_verdict_to_string(r.verdict), cases[i].verdict);
                if (denied && (r.n_denials != 1 || r.denials[0].path[0] || r.line_no != 0 || r.denials[0].line_no != 0 ||
                               !strstr(r.matched_line, "npm's exit status") || r.denial_lines != 1))
                        fail_msg("case %zu: %zu denials, path %s, line %llu, evidence %s", i, (size_t) r.n_denials,
                                 r.n_denials ? r.denials[0].path : "", (unsigned long long) r.line_no, r.matched_line);
                if (!denied && (r.n_denials != 0 || r.denial_lines != 0))
                        fail_msg("case %zu: %zu denials", i, (size_t) r.n_denials);
        }
}

/* A host where /etc/held/.git/index.lock exists (another git's lock left there), the regular file
 * /etc/afile, and two build logs of ninja's, /etc/log/.ninja_log and /ws/0000/.ninja_log (which the
 * host refuses opening, fake_host_refuses()); any other name is missing. */
static int fake_host_exists_git_lock(void *userdata, const char *path) {
        (void) userdata;
        return strcmp(path, "/etc/held/.git/index.lock") == 0 || strcmp(path, "/etc/afile") == 0 ||
                               strcmp(path, "/etc/log/.ninja_log") == 0 || strcmp(path, "/ws/0000/.ninja_log") == 0
                       ? SBX_HOST_NAME_FILE
                       : SBX_HOST_NAME_MISSING;
}

/* ... and whether the directory of a host path is missing, or (asked of "X/x") X no directory:
 * /etc/nodir is missing, /etc/isdir and /ro/isdir the directories of such a name (review53). */
static bool fake_host_dir_missing_status(void *userdata, const char *path) {
        size_t n = strlen(path);

        (void) userdata;
        if (strncmp(path, "/etc/nodir/", 11) == 0 || strncmp(path, "/etc/afile/", 11) == 0)
                return true;
        return n > 2 && strcmp(path + n - 2, "/x") == 0 && strcmp(path, "/etc/isdir/x") != 0 &&
               strcmp(path, "/ro/isdir/x") != 0;
}

/* ... where the host resolves every name as written but those beneath /etc/afile, a regular
 * file (ENOTDIR), and /etc/unres, which it cannot tell (review54) */
static size_t fake_resolve_status(void *userdata, const char *path, char *out, size_t size) {
        size_t n = strlen(path);

        (void) userdata;
        if (strncmp(path, "/etc/afile/", 11) == 0 || strncmp(path, "/etc/unres/", 11) == 0 || n >= size)
                return 0;
        memcpy(out, path, n + 1);
        return n;
}

/* A file a command's exit status tells it could not make where its lines do not, read from its
 * argv: git stash's index lock (git_index_lock: no line at all and exit status 1, git 2.39 refreshes
 * the index quietly), zip's archive (zip_output: 15, ZE_CREAT, its lines on stdout), wget -q's file
 * (wget_output: 3, a file I/O error), ninja's build log (ninja_log: no line at all and exit status
 * 1, ninja prints its commands' lines and its own "build stopped: Error writing to build log: E" on
 * stdout). The status is read as "cannot create 'X': E" of that file, E
 * the dialect's (bubblewrap's EROFS, Landlock's EACCES), judged alike; recorded with no line
 * (line_no 0), one denial, kept. Not where a line came (git's: any; zip's, wget's: a denial), for
 * another status or a signal, the file beneath a granted directory or the host's refusal (/ro),
 * nor a lock the host has already (O_EXCL refuses it there too). Before: task_failure (live, in
 * read-only mode, under both backends, as root and as nobody: `git stash` of a repository outside
 * the workspace, `zip -q /var/tmp/own/x.zip f`, `wget -q URL`, `ninja` of a build in the
 * workspace). A build log the host has is opened for writing as it is: where the host refuses that
 * open (/ws/0000), the host's refusal. */
static void test_classify_silent_status_is_its_file(void **state) {
        static const char *const granted[] = { "/gr", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_exists = fake_host_exists_git_lock,
                                            .host_dir_missing = fake_host_dir_missing_status,
                                            .resolve = fake_resolve_status };
        enum { GIT, ZIP, WGET, NINJA, PYC, MKT };
        static const char *const evidence[] = { "git stash's exit status 1", "zip's exit status 15",
                                                "wget's exit status 3", "ninja's exit status 1",
                                                "python -m compileall's exit status 1",
                                                "mktemp -q's exit status 1" };
        static const struct {
                int kind;
                const char *file, *text;
                int exit_code, sig;
                const char *verdict;
        } cases[] = {
                { GIT, "/etc/r/.git/index.lock", "", 1, 0, "denied" },
                { GIT, "/home/u/r/.git/worktrees/w/index.lock", "", 1, 0, "denied" },
                { GIT, "/ws/.git/index.lock", "", 1, 0, "denied" },
                { GIT, "/gr/.git/index.lock", "", 1, 0, "task_failure" },
                { GIT, "/ro/r/.git/index.lock", "", 1, 0, "task_failure" },
                { GIT, "/etc/held/.git/index.lock", "", 1, 0, "task_failure" },
                { GIT, "/etc/r/.git/index.lock", "No local changes to save\n", 1, 0, "task_failure" },
                { GIT, "/etc/r/.git/index.lock", "\n", 1, 0, "task_failure" },
                { GIT, "/etc/r/.git/index.lock", "", 128, 0, "task_failure" },
                { GIT, "/etc/r/.git/index.lock", "", 0, 0, "success" },
                { GIT, "/etc/r/.git/index.lock", "", 0, 9, "task_failure" },
                { GIT, NULL, "", 1, 0, "task_failure" },
                { ZIP, "/ws/x.zip", "", 15, 0, "denied" },
                { ZIP, "/etc/x.zip", "zip warning: name not matched: nx\n", 15, 0, "denied" },
                { ZIP, "/gr/x.zip", "", 15, 0, "task_failure" },
                { ZIP, "/ro/x.zip", "", 15, 0, "task_failure" },
                { ZIP, "/ws/x.zip", "", 10, 0, "task_failure" },
                { ZIP, "/ws/x.zip", "", 0, 15, "task_failure" },
                { ZIP, "/ws/x.zip", "", 0, 0, "success" },
                { ZIP, NULL, "", 15, 0, "task_failure" },
                /* review53: its directory missing on the host (zip's ENOENT there too), the archive
                 * a directory there; before: denied */
                { ZIP, "/etc/nodir/x.zip", "", 15, 0, "task_failure" },
                { ZIP, "/etc/isdir", "", 15, 0, "task_failure" },
                { GIT, "/etc/nodir/.git/index.lock", "", 1, 0, "task_failure" },
                /* wget -q's name a directory on the host (exit 3 there too; before: denied);
                 * -P's missing directory wget makes: denied */
                { WGET, "/etc/isdir", "", 3, 0, "task_failure" },
                { WGET, "/etc/nodir/f", "", 3, 0, "denied" },
                { WGET, "/ws/f.tgz", "", 3, 0, "denied" },
                { WGET, "/etc/index.html", "", 3, 0, "denied" },
                { WGET, "/gr/f", "", 3, 0, "task_failure" },
                { WGET, "/ro/f", "", 3, 0, "task_failure" },
                { WGET, "/ws/f", "", 4, 0, "task_failure" },
                { WGET, "/ws/f", "", 8, 0, "task_failure" },
                { WGET, "/ws/f", "", 0, 3, "task_failure" },
                { WGET, NULL, "", 3, 0, "task_failure" },
                /* a sink either backend leaves writable: `wget -q -O /dev/full URL`'s ENOSPC
                 * (review54; before: denied) */
                { WGET, "/dev/full", "", 3, 0, "task_failure" },
                { ZIP, "/dev/null", "", 15, 0, "task_failure" },
                { WGET, "/dev/shm/f", "", 3, 0, "denied" },
                /* ... a descriptor the command holds: `wget -q -O /dev/stdout URL | head -c1`'s
                 * EPIPE (review54; before: denied) */
                { WGET, "/dev/stdout", "", 3, 0, "task_failure" },
                { WGET, "/proc/self/fd/1", "", 3, 0, "task_failure" },
                { WGET, "/dev/fd/5", "", 3, 0, "task_failure" },
                { WGET, "/proc/sys/vm/x", "", 3, 0, "denied" },
                /* ... a name the host cannot resolve, its directory a regular file there (ENOTDIR
                 * before any sandbox's check; review54: before, denied); wget's -P directory
                 * beneath one (before, denied), but not the file of that directory's own name,
                 * which wget removes, nor one the host cannot tell: denied */
                { ZIP, "/etc/afile/x.zip", "", 15, 0, "task_failure" },
                { GIT, "/etc/afile/.git/index.lock", "", 1, 0, "task_failure" },
                { WGET, "/etc/afile/d/f", "", 3, 0, "task_failure" },
                { WGET, "/etc/afile/d/e/f", "", 3, 0, "task_failure" },
                { WGET, "/etc/afile/f", "", 3, 0, "denied" },
                { ZIP, "/etc/unres/x.zip", "", 15, 0, "denied" },
                { WGET, "/etc/unres/d/f", "", 3, 0, "denied" },
                /* ninja's build stopped, its lines on stdout: its build log's directory refused
                 * (before: task_failure); its own fatal error on stderr, another status, a signal,
                 * a granted directory or the host's refusal, the log's directory missing: not */
                { NINJA, "/ws/.ninja_log", "", 1, 0, "denied" },
                { NINJA, "/etc/b/.ninja_log", "", 1, 0, "denied" },
                { NINJA, "/etc/log/.ninja_log", "", 1, 0, "denied" },
                { NINJA, "/ws/0000/.ninja_log", "", 1, 0, "task_failure" },
                { NINJA, "/gr/.ninja_log", "", 1, 0, "task_failure" },
                { NINJA, "/ro/.ninja_log", "", 1, 0, "task_failure" },
                { NINJA, "/etc/nodir/.ninja_log", "", 1, 0, "task_failure" },
                { NINJA, "/ws/.ninja_log", "ninja: error: loading 'build.ninja': No such file or directory\n", 1, 0,
                  "task_failure" },
                { NINJA, "/ws/.ninja_log", "", 2, 0, "task_failure" },
                { NINJA, "/ws/.ninja_log", "", 0, 1, "task_failure" },
                { NINJA, "/ws/.ninja_log", "", 0, 0, "success" },
                { NINJA, NULL, "", 1, 0, "task_failure" },
                /* python -m compileall's __pycache__ (its lines on stdout; before: task_failure):
                 * not a granted one, the host's refusal, a line on stderr, another status; one
                 * the host has, a directory, its files made in it (mine55, before: task_failure),
                 * the directory recorded, not where the host refuses a file made in it */
                { PYC, "/etc/pkg/__pycache__", "", 1, 0, "denied" },
                { PYC, "/ws/__pycache__", "", 1, 0, "denied" },
                { PYC, "/gr/__pycache__", "", 1, 0, "task_failure" },
                { PYC, "/ro/__pycache__", "", 1, 0, "task_failure" },
                { PYC, "/etc/isdir", "", 1, 0, "denied" },
                { PYC, "/ro/isdir", "", 1, 0, "task_failure" },
                { PYC, "/etc/nodir/__pycache__", "", 1, 0, "task_failure" },
                { PYC, "/etc/pkg/__pycache__", "Traceback (most recent call last):\n", 1, 0, "task_failure" },
                { PYC, "/etc/pkg/__pycache__", "", 2, 0, "task_failure" },
                { PYC, "/etc/pkg/__pycache__", "", 0, 0, "success" },
                /* mktemp -q's file (before: task_failure): not a granted directory's, the host's
                 * refusal, a missing directory, a line ("too few X's"), another status */
                { MKT, "/tmp/tmp.XXXXXXXXXX", "", 1, 0, "denied" },
                { MKT, "/ws/d.XXX", "", 1, 0, "denied" },
                { MKT, "/gr/tmp.XXXXXXXXXX", "", 1, 0, "task_failure" },
                { MKT, "/ro/x.XXX", "", 1, 0, "task_failure" },
                { MKT, "/etc/nodir/x.XXX", "", 1, 0, "task_failure" },
                { MKT, "/etc/afile/x.XXX", "", 1, 0, "task_failure" },
                { MKT, "/tmp/aXX", "mktemp: too few X's in template '/tmp/aXX'\n", 1, 0, "task_failure" },
                { MKT, "/tmp/x.XXX", "", 2, 0, "task_failure" },
                { MKT, "/tmp/x.XXX", "", 0, 0, "success" },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        bool denied = strcmp(cases[i].verdict, "denied") == 0;
                        struct sbx_classify_result r;

                        ctx.git_index_lock = cases[i].kind == GIT ? cases[i].file : NULL;
                        ctx.zip_output = cases[i].kind == ZIP ? cases[i].file : NULL;
                        ctx.wget_output = cases[i].kind == WGET ? cases[i].file : NULL;
                        ctx.ninja_log = cases[i].kind == NINJA ? cases[i].file : NULL;
                        ctx.pycache_dir = cases[i].kind == PYC ? cases[i].file : NULL;
                        ctx.mktemp_file = cases[i].kind == MKT ? cases[i].file : NULL;
                        status_case(backend, &ctx, cases[i].text, cases[i].exit_code, cases[i].sig, &r);
                        if (strcmp(sbx_verdict_to_string(r.verdict), cases[i].verdict) != 0)
                                fail_msg("%s case %zu: %s, want %s", backend, i, sbx_verdict_to_string(r.verdict),
                                         cases[i].verdict);
                        if (denied && (r.n_denials != 1 || strcmp(r.denials[0].path, cases[i].file) != 0 ||
                                       r.line_no != 0 || r.denials[0].line_no != 0 ||
                                       strcmp(r.signature, b ? "Permission denied" : "Read-only file system") != 0 ||
                                       !strstr(r.matched_line, evidence[cases[i].kind])))
                                fail_msg("%s case %zu: path %s line %llu signature %s evidence %s", backend, i,
                                         r.n_denials ? r.denials[0].path : "", (unsigned long long) r.line_no,
                                         r.signature, r.matched_line);
                        if (r.denial_lines != (denied ? 1u : 0u))
                                fail_msg("%s case %zu: %llu denial lines", backend, i, (unsigned long long) r.denial_lines);
                }
        /* danger-full-access's dialect, none, has no denial signature: the status is the
         * task's (review54: before, sbx_classify_finish() failed, -EIO, the run unclassified) */
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_classify_result r;

                ctx.git_index_lock = cases[i].kind == GIT ? cases[i].file : NULL;
                ctx.zip_output = cases[i].kind == ZIP ? cases[i].file : NULL;
                ctx.wget_output = cases[i].kind == WGET ? cases[i].file : NULL;
                ctx.ninja_log = cases[i].kind == NINJA ? cases[i].file : NULL;
                ctx.pycache_dir = cases[i].kind == PYC ? cases[i].file : NULL;
                ctx.mktemp_file = cases[i].kind == MKT ? cases[i].file : NULL;
                status_case("none", &ctx, cases[i].text, cases[i].exit_code, cases[i].sig, &r);
                if (r.verdict != (cases[i].exit_code == 0 && cases[i].sig == 0 ? SBX_VERDICT_SUCCESS
                                                                                : SBX_VERDICT_TASK_FAILURE) ||
                    r.n_denials != 0)
                        fail_msg("none case %zu: %s, %zu denials", i, sbx_verdict_to_string(r.verdict),
                                 (size_t) r.n_denials);
        }
        /* compileall's other targets' __pycache__ (pycache_later), each in turn: the first the
         * sandbox refused (left56: `compileall a b` read a's alone, b outside the workspace
         * task_failure); none where each is granted or the host's refusal */
        {
                static const struct {
                        const char *first, *later, *path; /* path: the denial's, NULL none */
                } rows[] = {
                        { "/gr/__pycache__", "/etc/pkg/__pycache__\0", "/etc/pkg/__pycache__" },
                        { "/gr/__pycache__", "/ro/__pycache__\0/gr/b/__pycache__\0/etc/pkg/__pycache__\0",
                          "/etc/pkg/__pycache__" },
                        { "/gr/__pycache__", "/ro/__pycache__\0", NULL },
                        { "/gr/__pycache__", NULL, NULL },
                };

                for (size_t b = 0; b < 2; b++)
                        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                                const char *backend = b ? "landlock" : "bwrap";
                                struct sbx_classify_result r;

                                ctx.git_index_lock = ctx.wget_output = ctx.ninja_log = ctx.mktemp_file = NULL;
                                ctx.zip_output = NULL;
                                ctx.pycache_dir = rows[i].first;
                                ctx.pycache_later = rows[i].later;
                                status_case(backend, &ctx, "", 1, 0, &r);
                                if (r.verdict != (rows[i].path ? SBX_VERDICT_DENIED : SBX_VERDICT_TASK_FAILURE) ||
                                    (rows[i].path && (r.n_denials != 1 || strcmp(r.denials[0].path, rows[i].path) != 0)))
                                        fail_msg("%s later row %zu: %s, path %s", backend, i, sbx_verdict_to_string(r.verdict),
                                                 r.n_denials ? r.denials[0].path : "(none)");
                        }
                ctx.pycache_later = NULL;
        }
        /* a denial line came first: that one is the run's */
        {
                struct sbx_classify_result r;

                ctx.git_index_lock = ctx.wget_output = ctx.ninja_log = ctx.pycache_dir = ctx.mktemp_file = NULL;
                ctx.zip_output = "/ws/x.zip";
                status_case("landlock", &ctx, "touch: cannot touch '/etc/t': Permission denied\n", 15, 0, &r);
                assert_int_equal(r.n_denials, 1);
                assert_string_equal(r.denials[0].path, "/etc/t");
        }
}

/* chattr -f prints nothing of any failure and exits 1: where the caller read its file
 * (chattr_file, one the host lets the user set the flags of, asked before the run) and no line at
 * all came, the status is read as chattr's line "chattr: E while setting flags on FILE", E the
 * sandbox's errno (bubblewrap's EROFS, Landlock's EACCES) outside the granted directories, the
 * EPERM of CAP_LINUX_IMMUTABLE for root's change of i or a beneath them; not beneath them for
 * another flag, a user other than root's change of i or a (the host's EPERM too), a line, another
 * status, a signal, none's dialect (readers58: before, task_failure, root's `chattr -f +i F` in
 * workspace-write and `chattr -f +d F` in read-only). */
static void test_classify_chattr_silent_status(void **state) {
        static const char *const ws[] = { "/ws", NULL };
        static const struct {
                const char *file, *text;
                bool capability, unprivileged;
                int exit_code, sig;
                const char *verdict;
        } cases[] = {
                { "/var/f", "", false, false, 1, 0, "denied" },
                { "/var/f", "", true, false, 1, 0, "denied" },
                { "/var/f", "", false, true, 1, 0, "denied" },
                { "/ws/f", "", true, false, 1, 0, "denied" },
                { "/ws/f", "", false, false, 1, 0, "task_failure" },
                { "/ws/f", "", true, true, 1, 0, "task_failure" },
                { "/var/f", "", true, true, 1, 0, "task_failure" },
                { "/var/f", "Usage: chattr [-RVf] [-+=aAcCdDeijPsStTuFx] [-p project] [-v version] files...\n", false,
                  false, 1, 0, "task_failure" },
                { "/var/f", "", false, false, 2, 0, "task_failure" },
                { "/var/f", "", false, false, 0, 9, "task_failure" },
                { "/var/f", "", false, false, 0, 0, "success" },
                { NULL, "", false, false, 1, 0, "task_failure" },
        };
        (void) state;

        for (size_t b = 0; b < 3; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b == 0 ? "bwrap" : b == 1 ? "landlock" : "none";
                        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = ws };
                        const char *want = b == 2 && strcmp(cases[i].verdict, "denied") == 0 ? "task_failure"
                                                                                              : cases[i].verdict;
                        struct sbx_classify_result r;

                        ctx.chattr_file = cases[i].file;
                        ctx.chattr_capability = cases[i].capability;
                        ctx.unprivileged = cases[i].unprivileged;
                        status_case(backend, &ctx, cases[i].text, cases[i].exit_code, cases[i].sig, &r);
                        if (strcmp(sbx_verdict_to_string(r.verdict), want) != 0)
                                fail_msg("%s case %zu: %s, want %s", backend, i, sbx_verdict_to_string(r.verdict), want);
                        if (strcmp(want, "denied") == 0 &&
                            (r.n_denials != 1 || strcmp(r.denials[0].path, cases[i].file) != 0 || r.line_no != 0 ||
                             !strstr(r.matched_line, "chattr -f's exit status 1")))
                                fail_msg("%s case %zu: %zu denials, path %s, line %llu, evidence %s", backend, i,
                                         (size_t) r.n_denials, r.n_denials ? r.denials[0].path : "",
                                         (unsigned long long) r.line_no, r.matched_line);
                }
}

/* The host of tar's extraction rows: files /ws/f, /ws/d/f, /etc/f, /gr/f, /ro/f, /st/f; a directory
 * /ws/dir. */
static int fake_host_exists_tar(void *userdata, const char *path) {
        static const char *const files[] = { "/ws/f", "/ws/d/f", "/etc/f", "/gr/f", "/ro/f", "/st/f" };
        (void) userdata;
        for (size_t i = 0; i < SBX_ELEMENTSOF(files); i++)
                if (strcmp(path, files[i]) == 0)
                        return SBX_HOST_NAME_FILE;
        return strcmp(path, "/ws/dir") == 0 ? SBX_HOST_NAME_DIR_ENTRIES : SBX_HOST_NAME_MISSING;
}

/* ... which refuses the user every write in /ro (a directory of root's) and /st/f itself (another
 * user's file in a sticky directory), not a name made beside it */
static bool fake_host_refuses_tar(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata, (void) run, (void) opens, (void) reads;
        return strncmp(path, "/ro/", 4) == 0 || strcmp(path, "/st/f") == 0;
}

/* GNU tar extracting over a file it could not unlink (O_EXCL's EEXIST, then the unlink refused)
 * prints "tar: F: Cannot open: File exists" and exits 2 (tar_replaces, read from its argv): a
 * denial of F, made absolute with cwd (tar's -C DIR's), where the host has F as a file outside the
 * granted directories and lets the user remove it (tar60: before, task_failure under both
 * backends, root and nobody, of `tar xf a.tar` over workspace files in read-only mode). Not a
 * name the host does not have or has as a directory, nor one beneath the granted directories, nor
 * where the host refuses the removal (/ro, /st/f), an escaped name, another status, tar_replaces
 * not read (-k: the host prints the line too), a relative name of no directory known, danger-full-
 * access's dialect. */
static void test_classify_tar_exists_replaced(void **state) {
        static const char *const granted[] = { "/gr", NULL };
        static const struct {
                const char *cwd, *text;
                bool replaces;
                int exit_code;
                const char *path; /* the denial's; NULL: task_failure */
        } rows[] = {
                { "/ws", "tar: f: Cannot open: File exists\ntar: Exiting with failure status due to previous errors\n",
                  true, 2, "/ws/f" },
                { "/ws", "tar: d/f: Cannot open: File exists\n", true, 2, "/ws/d/f" },
                { "/ws/d", "tar: f: Cannot open: File exists\n", true, 2, "/ws/d/f" },
                { "/ws", "tar: /etc/f: Cannot open: File exists\n", true, 2, "/etc/f" },
                { "/ws", "tar: n: Cannot open: File exists\ntar: f: Cannot open: File exists\r\n", true, 2, "/ws/f" },
                /* missing, a directory, granted, refused by the host, escaped */
                { "/ws", "tar: n: Cannot open: File exists\n", true, 2, NULL },
                { "/ws", "tar: dir: Cannot open: File exists\n", true, 2, NULL },
                { "/gr", "tar: f: Cannot open: File exists\n", true, 2, NULL },
                { "/ro", "tar: f: Cannot open: File exists\n", true, 2, NULL },
                { "/st", "tar: f: Cannot open: File exists\n", true, 2, NULL },
                { "/ws", "tar: f\\n: Cannot open: File exists\n", true, 2, NULL },
                /* another status, -k, no directory known, another line */
                { "/ws", "tar: f: Cannot open: File exists\n", true, 1, NULL },
                { "/ws", "tar: f: Cannot open: File exists\n", false, 2, NULL },
                { NULL, "tar: f: Cannot open: File exists\n", true, 2, NULL },
                { "/ws", "tar: f: Cannot open: No such file or directory\n", true, 2, NULL },
                { "/ws", "gzip: f: Cannot open: File exists\n", true, 2, NULL },
        };
        (void) state;

        for (size_t b = 0; b < 3; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                        const char *backend = b == 0 ? "bwrap" : b == 1 ? "landlock" : "none";
                        struct sbx_classify_context ctx = { .cwd = rows[i].cwd, .granted = granted,
                                                            .host_exists = fake_host_exists_tar,
                                                            .host_refuses = fake_host_refuses_tar,
                                                            .tar_replaces = rows[i].replaces };
                        const char *want = b < 2 && rows[i].path ? "denied" : "task_failure";
                        struct sbx_classify_result r;

                        status_case(backend, &ctx, rows[i].text, rows[i].exit_code, 0, &r);
                        if (strcmp(sbx_verdict_to_string(r.verdict), want) != 0)
                                fail_msg("%s row %zu: %s, want %s", backend, i, sbx_verdict_to_string(r.verdict), want);
                        if (strcmp(want, "denied") == 0 &&
                            (r.n_denials != 1 || strcmp(r.denials[0].path, rows[i].path) != 0 ||
                             !strstr(r.matched_line, ": Cannot open: File exists")))
                                fail_msg("%s row %zu: %zu denials, path %s, evidence %s", backend, i,
                                         (size_t) r.n_denials, r.n_denials ? r.denials[0].path : "", r.matched_line);
                }
}

/* perl's die without "$!" after its open failed exits with the open's errno (13, 30) and prints
 * "MSG at -e line N.", no errno: the -e script's one die, on its open's line, names the file
 * (perl_die_status()). Before (mine55): task_failure, as root and as nobody, under both backends
 * (`perl -e 'open(F, ">", "/var/tmp/o/f") or die "msg"'`). Not another status nor the other
 * dialect's errno, an open that reads, a second die, a granted directory, the host's refusal, a
 * message with "$!" (its line names the errno: read as a line), a relative name of no directory
 * known (one of the directory a leading cd moved to is that directory's). */
static void test_classify_perl_die_without_errno_is_its_status(void **state) {
        static const char *const granted[] = { "/gr", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_exists = fake_host_exists_git_lock,
                                            .host_dir_missing = fake_host_dir_missing_status,
                                            .resolve = fake_resolve_status, .inline_lang = SBX_INLINE_PERL };
        static const struct {
                const char *backend, *script, *text;
                int exit_code;
                const char *path; /* the denial's; NULL: task_failure */
        } rows[] = {
                { "bwrap", "open(F, \">\", \"/etc/pl\") or die \"msg\"", "msg at -e line 1.\n", 30, "/etc/pl" },
                { "landlock", "open(F, \">\", \"/etc/pl\") or die \"msg\"", "msg at -e line 1.\n", 13, "/etc/pl" },
                { "landlock", "use strict;\nopen(my $fh, '>>', 'out.txt') || die \"cannot write\";\nprint $fh 1;",
                  "cannot write at -e line 2.\n", 13, "/ws/out.txt" },
                { "bwrap", "open F, \">/etc/pl\" or die \"no\"", "no at -e line 1.\n", 30, "/etc/pl" },
                /* the other dialect's errno, another status */
                { "landlock", "open(F, \">\", \"/etc/pl\") or die \"msg\"", "msg at -e line 1.\n", 30, NULL },
                { "bwrap", "open(F, \">\", \"/etc/pl\") or die \"msg\"", "msg at -e line 1.\n", 13, NULL },
                { "bwrap", "open(F, \">\", \"/etc/pl\") or die \"msg\"", "msg at -e line 1.\n", 255, NULL },
                /* a read, a second die, a granted directory, the host's refusal, its directory
                 * missing */
                { "bwrap", "open(F, \"<\", \"/etc/pl\") or die \"msg\"", "msg at -e line 1.\n", 30, NULL },
                { "bwrap", "open(F, \">\", \"/etc/pl\") or die \"msg\";\nmkdir(\"/etc/d\") or die \"m\"",
                  "m at -e line 2.\n", 30, NULL },
                { "bwrap", "open(F, \">\", \"/gr/pl\") or die \"msg\"", "msg at -e line 1.\n", 30, NULL },
                { "landlock", "open(F, \">\", \"/ro/pl\") or die \"msg\"", "msg at -e line 1.\n", 13, NULL },
                { "landlock", "open(F, \">\", \"/etc/nodir/pl\") or die \"msg\"", "msg at -e line 1.\n", 13, NULL },
                /* an interpolated message */
                { "bwrap", "open(F, \">\", \"/etc/pl\") or die \"msg $0\"", "msg -e at -e line 1.\n", 30, NULL },
                /* of several dies, the one whose line perl printed last, its literal message
                 * (readers59: before, task_failure): a die in an eval before, one in an END
                 * block that did not run */
                { "bwrap", "eval { die \"inner\" };\nopen(F, \">\", \"/etc/pl\") or die \"msg\";", "msg at -e line 2.\n", 30,
                  "/etc/pl" },
                { "landlock", "open(F, \">\", \"/etc/pl\") or die \"msg\";\nEND { die \"bye\" if $x }",
                  "msg at -e line 1.\n", 13, "/etc/pl" },
                /* ... of two on its line, the one whose literal message it prints, the other's
                 * literal another text (readers60: before, task_failure), and of a message ending
                 * in "\n", printed alone, the one die of the script that prints it */
                { "bwrap", "eval { die \"inner\" }; open(F, \">\", \"/etc/pl\") or die \"msg\";", "msg at -e line 1.\n", 30,
                  "/etc/pl" },
                { "landlock", "open(F, \">\", \"/etc/a\") or die \"a\"; open(G, \">\", \"/etc/pl\") or die(\"b\") if 1;",
                  "a at -e line 1.\n", 13, "/etc/a" },
                { "landlock", "open(F, \">\", \"/etc/a\") or die \"a\"; open(G, \">\", \"/etc/pl\") or die(\"b\") if 1;",
                  "b at -e line 1.\n", 13, "/etc/pl" },
                { "bwrap", "eval { die \"inner\\n\" };\nopen(F, \">\", \"/etc/pl\") or die \"no\\n\";", "no\n", 30, "/etc/pl" },
                { "landlock", "eval { die 'inner' }; open(F, \">\", \"/etc/pl\") or die \"no\\n\"; die \"other\\n\"", "no\n", 13,
                  "/etc/pl" },
                /* ... not where a line came after it (an END block's warn or die: its status
                 * another's), nor a message of another text (a __DIE__ handler's), nor two dies
                 * on its line that may print it (the same text, one interpolated, one joined to
                 * more, a bare die), nor of a "\n" message two dies that may (the same, one
                 * interpolated, one of "$!"), nor an unfinished line, nor a script that names exit
                 * or $? (a die caught and printed, a status of its own: `or exit 13`, of the one
                 * die too: before, its open's file), nor croak (a die's status and line of its
                 * own: before, of the one die, its open's file), nor an unrelated die after the
                 * refused open's warn */
                { "bwrap", "open(F, \">\", \"/etc/pl\") or die \"msg\";\nEND { warn \"bye\"; die \"x\" if 0 }",
                  "msg at -e line 1.\nbye at -e line 2.\n", 30, NULL },
                { "bwrap", "eval { die \"inner\" };\nopen(F, \">\", \"/etc/pl\") or die \"msg\";",
                  "wrapped: msg at -e line 2.\n", 30, NULL },
                { "bwrap", "eval { die \"msg\" }; open(F, \">\", \"/etc/pl\") or die \"msg\";", "msg at -e line 1.\n", 30,
                  NULL },
                { "bwrap", "eval { die \"m$x\" }; open(F, \">\", \"/etc/pl\") or die \"msg\";", "msg at -e line 1.\n", 30,
                  NULL },
                { "bwrap", "eval { die \"m\" . $x }; open(F, \">\", \"/etc/pl\") or die \"msg\";", "msg at -e line 1.\n", 30,
                  NULL },
                { "bwrap", "eval { die }; open(F, \">\", \"/etc/pl\") or die \"msg\";", "msg at -e line 1.\n", 30, NULL },
                { "bwrap", "eval { die \"no\\n\" };\nopen(F, \">\", \"/etc/pl\") or die \"no\\n\";", "no\n", 30, NULL },
                { "bwrap", "eval { die $x };\nopen(F, \">\", \"/etc/pl\") or die \"no\\n\";", "no\n", 30, NULL },
                { "bwrap", "eval { die \"n$!\\n\" };\nopen(F, \">\", \"/etc/pl\") or die \"no\\n\";", "no\n", 30, NULL },
                { "landlock", "open(F, \"<\", \"/nope\") or exit 13;\nopen(G, \">\", \"/etc/pl\") or die \"y\"", "", 13, NULL },
                /* ... nor an open after another call whose failure reaches its die too
                 * (readers60: before, the open's file, never opened); an assignment, a block's
                 * brace, do before it are no call */
                { "bwrap", "mkdir(\"/etc/d\") && open(F, \">\", \"/etc/pl\") or die \"y\"", "y at -e line 1.\n", 30, NULL },
                { "bwrap", "$ok = mkdir(\"/etc/d\");\n$ok and open(F, \">\", \"/etc/pl\") or die \"y\"", "y at -e line 2.\n", 30,
                  NULL },
                { "bwrap", "my $ok = open(my $fh, \">\", \"/etc/pl\") or die \"y\"", "y at -e line 1.\n", 30, "/etc/pl" },
                { "landlock", "{ open(F, \">\", \"/etc/pl\") or die \"y\" }", "y at -e line 1.\n", 13, "/etc/pl" },
                { "landlock", "do { open(F, \">\", \"/etc/pl\") or die \"y\" } if 1", "y at -e line 1.\n", 13, "/etc/pl" },
                { "bwrap", "use Carp; open(F, \">\", \"/etc/x\") or croak \"x\";\nopen(G, \">\", \"/etc/pl\") or die \"y\"",
                  "x at -e line 1.\n", 30, NULL },
                { "bwrap", "eval { die \"inner\" };\nopen(F, \">\", \"/etc/pl\") or die \"msg\";", "msg at -e line 2.", 30,
                  NULL },
                { "landlock", "eval { open(F, \">\", \"/etc/pl\") or die \"msg\" }; print STDERR $@; exit 13;\ndie \"z\"",
                  "msg at -e line 1.\n", 13, NULL },
                { "landlock", "eval { open(F, \">\", \"/etc/pl\") or die \"msg\" }; print STDERR $@; $? = 13;\ndie \"z\"",
                  "msg at -e line 1.\n", 13, NULL },
                { "bwrap", "open(F, \">\", \"/etc/pl\") or warn \"skip\";\ndie \"other\";\ndie \"again\"",
                  "skip at -e line 1.\nother at -e line 2.\n", 30, NULL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_classify_result r;
                char *script = strdup(rows[i].script);

                assert_non_null(script);
                ctx.inline_script = script;
                status_case(rows[i].backend, &ctx, rows[i].text, rows[i].exit_code, 0, &r);
                if (r.verdict != (rows[i].path ? SBX_VERDICT_DENIED : SBX_VERDICT_TASK_FAILURE) ||
                    (rows[i].path && (r.n_denials != 1 || strcmp(r.denials[0].path, rows[i].path) != 0)))
                        fail_msg("row %zu: %s %s, want %s", i, sbx_verdict_to_string(r.verdict),
                                 r.n_denials ? r.denials[0].path : "", rows[i].path ? rows[i].path : "task_failure");
                free(script);
        }
        /* a relative name where the command's directory is not known */
        {
                struct sbx_classify_context moved = ctx;
                struct sbx_classify_result r;
                char script[] = "open(F, '>', 'out.txt') or die \"no\"";

                moved.cwd = NULL;
                moved.moved = true;
                moved.inline_script = script;
                status_case("bwrap", &moved, "no at -e line 1.\n", 30, 0, &r);
                assert_int_equal(r.verdict, SBX_VERDICT_TASK_FAILURE);
                /* ... and where it is, the one a leading `cd DIR &&` moved it to (mktemp57: before,
                 * task_failure, `cd sub && perl s.pl` opening a relative name) */
                moved.cwd = "/ws/sub";
                status_case("bwrap", &moved, "no at -e line 1.\n", 30, 0, &r);
                assert_int_equal(r.verdict, SBX_VERDICT_DENIED);
                assert_int_equal(r.n_denials, 1);
                assert_string_equal(r.denials[0].path, "/ws/sub/out.txt");
        }
}

/* A perl script file's die (`perl s.pl`, its text read as the -e script's, inline_name its name
 * as the argv gives it): "MSG at s.pl line N.", its status the open's errno, names the open's
 * file; so does a message ending in "\n", which perl prints without " at NAME line N." (the
 * script's one die), and `or die $!` alone, whose line is the errno's text. Before (mine56): the
 * file's rows read task_failure (exit 30 under bwrap, 13 under Landlock), the "\n" ones of -e
 * too, and `die $!` named none. Not a line of another name, a second die, a name of a newline. */
static void test_classify_perl_script_file_die(void **state) {
        static const char *const granted[] = { "/gr", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_exists = fake_host_exists_git_lock,
                                            .host_dir_missing = fake_host_dir_missing_status,
                                            .resolve = fake_resolve_status, .inline_lang = SBX_INLINE_PERL };
        static const struct {
                const char *backend, *name, *script, *text;
                int exit_code;
                const char *verdict, *path; /* path: the denial's; NULL: none */
        } rows[] = {
                { "bwrap", "s.pl", "use strict;\nopen(my $f, \">\", \"/etc/pl\") or die \"msg\";\n",
                  "msg at s.pl line 2.\n", 30, "denied", "/etc/pl" },
                { "landlock", "./d/s.pl", "open(F, '>', 'out') or die \"no\";", "no at ./d/s.pl line 1.\n", 13, "denied",
                  "/ws/out" },
                /* "MSG\n": no line's number, in a file and in -e */
                { "bwrap", "s.pl", "open(F, \">\", \"/etc/pl\") or die \"cannot write\\n\";", "cannot write\n", 30,
                  "denied", "/etc/pl" },
                { "landlock", NULL, "open(F, \">\", \"/etc/pl\") or die \"cannot write\\n\";", "cannot write\n", 13,
                  "denied", "/etc/pl" },
                /* "MSG: $!\n" and `die $!`: the line's errno, the open's file */
                { "bwrap", "s.pl", "open(F, \">\", \"/etc/pl\") or die \"x: $!\\n\";", "x: Read-only file system\n", 30,
                  "denied", "/etc/pl" },
                { "landlock", NULL, "open(F, \">\", \"/etc/pl\") or die \"x: $!\\n\";", "x: Permission denied\n", 13,
                  "denied", "/etc/pl" },
                { "bwrap", "s.pl", "open(F, \">\", \"/etc/pl\") or die $!;", "Read-only file system at s.pl line 1.\n",
                  30, "denied", "/etc/pl" },
                { "landlock", NULL, "open(F, \">\", \"/etc/pl\") or die $!", "Permission denied at -e line 1.\n", 13,
                  "denied", "/etc/pl" },
                /* another name's line (the status alone still reads the one die), of a second
                 * die the one whose line perl printed last (readers59: before, task_failure), not
                 * another name's line of it, a name with a newline, of a "\n" message of two dies
                 * the one whose text it is (readers60: before, none), of two "$!" dies on a line
                 * the one whose text it is (before, none), not of two that may print it */
                { "bwrap", "s.pl", "open(F, \">\", \"/etc/pl\") or die $!;", "Read-only file system at -e line 1.\n", 30,
                  "denied", NULL },
                { "bwrap", "s.pl", "open(F, \">\", \"/etc/pl\") or die \"a\";\nopen(G, \">\", \"/etc/g\") or die \"b\";",
                  "b at s.pl line 2.\n", 30, "denied", "/etc/g" },
                { "bwrap", "s.pl", "open(F, \">\", \"/etc/pl\") or die \"a\";\nopen(G, \">\", \"/etc/g\") or die \"b\";",
                  "b at -e line 2.\n", 30, "task_failure", NULL },
                { "bwrap", "s\n.pl", "open(F, \">\", \"/etc/pl\") or die \"msg\";", "msg at s\n.pl line 1.\n", 30,
                  "task_failure", NULL },
                { "bwrap", "s.pl", "open(F, \">\", \"/etc/pl\") or die \"x: $!\\n\";\nmkdir('/etc/d') or die \"y: $!\\n\";",
                  "x: Read-only file system\n", 30, "denied", "/etc/pl" },
                { "landlock", NULL, "open(F, \"<\", \"/in\") or die \"x: $!\"; open(G, \">\", \"/etc/pl\") or die \"y: $!\";",
                  "y: Permission denied at -e line 1.\n", 13, "denied", "/etc/pl" },
                { "landlock", NULL, "open(F, \"<\", \"/in\") or die \"x: $!\"; open(G, \">\", \"/etc/pl\") or die \"x: $!\";",
                  "x: Permission denied at -e line 1.\n", 13, "denied", NULL },
                { "bwrap", "s.pl", "open(F, \">\", \"/etc/pl\") or die \"x: $!\\n\";\nmkdir('/etc/d') or die \"x: $!\\n\";",
                  "x: Read-only file system\n", 30, "denied", NULL },
                { "landlock", NULL, "mkdir('/etc/d') && open(G, \">\", \"/etc/pl\") or die \"y: $!\";",
                  "y: Permission denied at -e line 1.\n", 13, "denied", NULL },
                /* (a warn of the die's text on its line: either's) */
                { "landlock", NULL, "open(F, \">\", \"/etc/a\") or warn \"x: $!\"; open(G, \">\", \"/etc/pl\") or die \"x: $!\";",
                  "x: Permission denied at -e line 1.\nx: Permission denied at -e line 1.\n", 13, "denied", NULL },
                { "landlock", NULL, "open(F, \">\", \"/etc/a\") or warn \"w: $!\"; open(G, \">\", \"/etc/pl\") or die \"x: $!\";",
                  "x: Permission denied at -e line 1.\n", 13, "denied", "/etc/pl" },
                /* a read, the host's refusal */
                { "bwrap", "s.pl", "open(F, \"<\", \"/etc/pl\") or die \"msg\\n\";", "msg\n", 30, "task_failure", NULL },
                { "landlock", "s.pl", "open(F, \">\", \"/ro/pl\") or die \"msg\\n\";", "msg\n", 13, "task_failure",
                  NULL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_classify_result r;
                char *script = strdup(rows[i].script);

                assert_non_null(script);
                ctx.inline_script = script;
                ctx.inline_name = rows[i].name;
                status_case(rows[i].backend, &ctx, rows[i].text, rows[i].exit_code, 0, &r);
                if (strcmp(sbx_verdict_to_string(r.verdict), rows[i].verdict) != 0 ||
                    (rows[i].path && (r.n_denials != 1 || strcmp(r.denials[0].path, rows[i].path) != 0)) ||
                    (!rows[i].path && r.n_denials > 0 && r.denials[0].path[0]))
                        fail_msg("row %zu: %s %s, want %s %s", i, sbx_verdict_to_string(r.verdict),
                                 r.n_denials && r.denials[0].path[0] ? r.denials[0].path : "(none)", rows[i].verdict,
                                 rows[i].path ? rows[i].path : "(none)");
                free(script);
        }
}

/* The curls of an `&&` chain after the first (curl_later): the chain reaches each only where the
 * curls before it wrote their files, so its status 23 (or "(23)" line) is the first one's whose
 * file was not written where the ones before it lie beneath the granted directories and the host
 * lets the user write them (before: always the first one's, so `curl -so G U && curl -so
 * /var/tmp/x/F U` in workspace-write read task_failure under both backends, as root and as
 * nobody). One before it the host refuses (/ro, a 0000 file), whose directory is missing, or that
 * is a directory there failed on its own: the status is its. */
static void test_classify_curl_chain_status_is_the_first_unwritten(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        static const char line23[] = "curl: (23) Failure writing output to destination\n";
        static const struct {
                const char *first, *later, *text; /* later: NUL-separated, "" ended */
                const char *path;                  /* the denial's; NULL: task_failure */
        } cases[] = {
                { "/ws/a.txt", "/etc/b.txt\0", "", "/etc/b.txt" },
                { "/ws/a.txt", "/etc/b.txt\0", line23, "/etc/b.txt" },
                { "/ws/a.txt", "/ws/b.txt\0/etc/c.txt\0", "", "/etc/c.txt" },
                { "/dev/null", "/etc/b.txt\0", "", "/etc/b.txt" },
                { "/ws/sub/../a.txt", "/ws/x/../../etc/b.txt\0", "", "/etc/b.txt" },
                /* the first refused: the chain stopped there */
                { "/etc/a.txt", "/etc/b.txt\0", "", "/etc/a.txt" },
                { "/etc/a.txt", "/ws/b.txt\0", line23, "/etc/a.txt" },
                /* all written but the last, which is the workspace's */
                { "/ws/a.txt", "/ws/b.txt\0", "", NULL },
                /* one the host refuses, whose directory is missing, a directory: its own failure */
                { "/ws/0000.txt", "/etc/b.txt\0", "", NULL },
                { "/ro/x", "/etc/b.txt\0", "", NULL },
                { "/ws/x/a.txt", "/etc/b.txt\0", "", NULL },
                { "/nx/a.txt", "/etc/b.txt\0", "", NULL },
                { "/ws/d", "/etc/b.txt\0", "", NULL },
                { "/ws/a.txt", "/ro/x\0", line23, NULL },
                { "/ws/a.txt", "/ws/b.txt\0/ro/x\0/etc/c.txt\0", "", NULL },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        struct sbx_classify_result r;
                        struct sbx_classifier *c = NULL;
                        struct sbx_exit_status st = { .exit_code = 23 };
                        struct sbx_diag diag = { 0 };

                        ctx.curl_output = cases[i].first;
                        ctx.curl_later = cases[i].later;
                        assert_int_equal(sbx_classifier_new(builtin(backend), &c, &diag), 0);
                        assert_int_equal(sbx_classifier_set_context(c, &ctx), 0);
                        assert_int_equal(sbx_classify_feed(c, cases[i].text, strlen(cases[i].text)), 0);
                        assert_int_equal(sbx_classify_finish(c, &st, &r, &diag), 0);
                        sbx_classifier_free(c);
                        if (strcmp(sbx_verdict_to_string(r.verdict), cases[i].path ? "denied" : "task_failure") != 0)
                                fail_msg("%s case %zu: %s", backend, i, sbx_verdict_to_string(r.verdict));
                        if (cases[i].path && (r.n_denials != 1 || strcmp(r.denials[0].path, cases[i].path) != 0 ||
                                              r.line_no != (cases[i].text[0] ? 1u : 0u)))
                                fail_msg("%s case %zu: path %s line %llu", backend, i,
                                         r.n_denials ? r.denials[0].path : "", (unsigned long long) r.line_no);
                }
        /* a name of /dev/shm first: under bubblewrap the sandbox's own tmpfs, where the first
         * curl wrote it and the chain went on (left55: its refusal read, task_failure); under
         * Landlock the host's, refused: the chain stopped there */
        {
                static const struct {
                        const char *backend, *first, *path;
                } shm[] = {
                        { "bwrap", "/dev/shm/a.txt", "/etc/b.txt" },
                        { "landlock", "/dev/shm/a.txt", "/dev/shm/a.txt" },
                        { "bwrap", "/dev/shm/d/a.txt", NULL },
                        { "bwrap", "/dev/full", NULL },
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(shm); i++) {
                        struct sbx_classify_result r;
                        struct sbx_classifier *c = NULL;
                        struct sbx_exit_status st = { .exit_code = 23 };
                        struct sbx_diag diag = { 0 };

                        ctx.curl_output = shm[i].first;
                        ctx.curl_later = "/etc/b.txt\0";
                        assert_int_equal(sbx_classifier_new(builtin(shm[i].backend), &c, &diag), 0);
                        assert_int_equal(sbx_classifier_set_context(c, &ctx), 0);
                        assert_int_equal(sbx_classify_finish(c, &st, &r, &diag), 0);
                        sbx_classifier_free(c);
                        if (strcmp(sbx_verdict_to_string(r.verdict), shm[i].path ? "denied" : "task_failure") != 0 ||
                            (shm[i].path && (r.n_denials != 1 || strcmp(r.denials[0].path, shm[i].path) != 0)))
                                fail_msg("%s %s: %s %s", shm[i].backend, shm[i].first, sbx_verdict_to_string(r.verdict),
                                         r.n_denials ? r.denials[0].path : "");
                }
        }
        /* a name not absolute */
        {
                struct sbx_classifier *c = NULL;
                struct sbx_diag diag = { 0 };

                ctx.curl_output = "/ws/a.txt";
                ctx.curl_later = "b.txt\0";
                assert_int_equal(sbx_classifier_new(builtin("bwrap"), &c, &diag), 0);
                assert_int_equal(sbx_classifier_set_context(c, &ctx), -EINVAL);
                sbx_classifier_free(c);
        }
}

/* A host where root's write of a name in /ws/odir (another user's 0755 directory in the
 * workspace) needs the capabilities the command does not keep. */
static bool fake_needs_capability_odir(void *userdata, const char *path, bool run) {
        (void) userdata, (void) run;
        return strncmp(path, "/ws/odir/", 9) == 0;
}

/* A host where the names beneath /nx are missing but /nx/f, a file; /ro/x and the names beneath
 * it the host refuses the user making (a directory of root's, as nobody); any other name a
 * directory. */
static bool fake_host_refuses_ro_x(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata, (void) run, (void) opens, (void) reads;
        return strncmp(path, "/ro/x", 5) == 0;
}

/* The javacs of an `&&` chain after the first (javac_later): the line "could not create parent
 * directories" is of the first whose -d directory was not made, where those before it are
 * directories on the host beneath the granted directories (before: always the first one's, so
 * `javac -d out A.java && javac -d /var/tmp/x/n1/n2 B.java` in workspace-write read task_failure
 * under both backends, as root and as nobody). */
static void test_classify_javac_chain_dir_is_the_first_not_made(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        static const char line[] = "B.java:1: error: error while writing B: could not create parent directories\n";
        static const struct {
                const char *first, *later, *path; /* later: NUL-separated, "" ended; path NULL: task_failure */
        } cases[] = {
                { "/ws/out", "/nx/a/b\0", "/nx" },
                { "/ws/out", "/ws/out2\0/etc/nx\0", "/etc/nx" },
                { "/etc/nx", "/nx/a\0", "/etc/nx" },
                { "/ws/out", "/ws/out2\0", NULL },
                { "/ws/out", "/ro/x/new\0", NULL },
                /* one before it not made: its line (a file on the way, missing outside) */
                { "/nx/f/a", "/etc/nx\0", NULL },
        };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_exists = fake_host_exists_curl,
                                            .host_refuses = fake_host_refuses_ro_x };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";

                        ctx.javac_dir = cases[i].first;
                        ctx.javac_later = cases[i].later;
                        check_row(backend, i, line, run_backend_in(backend, &ctx, line),
                                  cases[i].path ? "denied" : "task_failure", cases[i].path);
                }
}

/* javac's "F.java:N: error: error while writing C: could not create parent directories" names no
 * file and no errno: a denial in sbx run of the level of its argv's -d DIR (javac_dir) the sandbox
 * refused, its first the host does not have, or DIR itself where the host has it; none where the
 * host refuses it too, a name on its way is a file, it lies beneath the granted directories, or no
 * DIR was read (before: `javac -d build X.java` in read-only mode read task_failure under both
 * backends, as root and nobody). */
static void test_classify_javac_dir_not_made(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        static const char line[] = "p/H.java:2: error: error while writing H: could not create parent directories\n";
        static const struct {
                const char *dir, *text, *path;
        } cases[] = {
                { "/nx/a/b", line, "/nx" },
                { "/etc/nx", line, "/etc/nx" },
                { "/etc", line, "/etc" },
                /* beneath the granted directories; the host's refusal; a file on the way; none */
                { "/ws/build", line, NULL },
                { "/ro/x/new", line, NULL },
                { "/ro/x", line, NULL },
                { "/nx/f/a", line, NULL },
                { NULL, line, NULL },
                /* another line */
                { "/etc/nx", "H.java:1: error: could not create parent directories\n", NULL },
                { "/etc/nx", "error while writing H: could not create parent directories (x)\n", NULL },
        };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_exists = fake_host_exists_curl,
                                            .host_refuses = fake_host_refuses_ro_x };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";

                        ctx.javac_dir = cases[i].dir;
                        check_row(backend, i, cases[i].text, run_backend_in(backend, &ctx, cases[i].text),
                                  cases[i].path ? "denied" : "task_failure", cases[i].path);
                }
        /* beneath them, a level root may make only with the capabilities the command does not
         * keep (another user's 0755 directory in the workspace): the sandbox's refusal (review52:
         * task_failure before, as root in workspace-write under both backends) */
        ctx.host_needs_capability = fake_needs_capability_odir;
        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap";

                ctx.javac_dir = "/ws/odir/classes";
                check_row(backend, 0, line, run_backend_in(backend, &ctx, line), "denied", "/ws/odir/classes");
                ctx.javac_dir = "/ws/build";
                check_row(backend, 1, line, run_backend_in(backend, &ctx, line), "task_failure", NULL);
        }
        /* its -h DIR (javac_header_dir), whose header it writes first: the line is of its level
         * where -d's is no denial, the granted directory itself too (strange56: `javac -h
         * /var/tmp/x/h -d . A.java` at the workspace's top in workspace-write recorded the
         * workspace); where both are, -d's; none where neither is */
        ctx.host_needs_capability = NULL;
        {
                static const struct {
                        const char *dir, *header, *path;
                } heads[] = {
                        { "/ws", "/nx/h", "/nx" },
                        { "/ws/build", "/etc/h", "/etc/h" },
                        { "/nx/a", "/etc/h", "/nx" },
                        { "/ws", "/ws/h", NULL },
                        { "/ws", "/ro/x/h", NULL },
                        { "/ws", NULL, NULL },
                };

                for (size_t b = 0; b < 2; b++)
                        for (size_t i = 0; i < SBX_ELEMENTSOF(heads); i++) {
                                const char *backend = b ? "landlock" : "bwrap";

                                ctx.javac_dir = heads[i].dir;
                                ctx.javac_header_dir = heads[i].header;
                                check_row(backend, 10 + i, line, run_backend_in(backend, &ctx, line),
                                          heads[i].path ? "denied" : "task_failure", heads[i].path);
                        }
                ctx.javac_header_dir = NULL;
        }
        /* where both are refused, the class's own (javac_natives): a class javac writes a native
         * header of, -h's level, which it makes first and alone (readers58: before, -d's, which
         * javac never made); another, or one not told, -d's */
        {
                static const struct {
                        const char *natives, *path;
                        size_t natives_len;
                } nats[] = {
                        { "+H\0", "/etc/h", 3 }, { "-H\0", "/nx", 3 }, { "-W\0+H\0", "/etc/h", 6 },
                        { "+p.H\0+W\0", "/nx", 7 }, { "+H\0-H\0", "/nx", 6 }, { "", "/nx", 0 },
                        { NULL, "/nx", 0 },
                };

                for (size_t b = 0; b < 2; b++)
                        for (size_t i = 0; i < SBX_ELEMENTSOF(nats); i++) {
                                const char *backend = b ? "landlock" : "bwrap";
                                char natives[16] = { 0 };

                                memcpy(natives, nats[i].natives ? nats[i].natives : "", nats[i].natives_len);
                                ctx.javac_dir = "/nx/a";
                                ctx.javac_header_dir = "/etc/h";
                                ctx.javac_natives = nats[i].natives ? natives : NULL;
                                check_row(backend, 20 + i, line, run_backend_in(backend, &ctx, line), "denied",
                                          nats[i].path);
                        }
                ctx.javac_header_dir = ctx.javac_natives = NULL;
        }
        /* /dev/shm: under bubblewrap the sandbox's own, under Landlock the host's, which the
         * launcher refuses (left55: task_failure under Landlock, `javac -d /dev/shm/x C.java`) */
        ctx.javac_dir = "/dev/shm/x";
        check_row("bwrap", 0, line, run_backend_in("bwrap", &ctx, line), "task_failure", NULL);
        check_row("landlock", 0, line, run_backend_in("landlock", &ctx, line), "denied", "/dev/shm/x");
        ctx.javac_dir = "/dev/x";
        check_row("landlock", 1, line, run_backend_in("landlock", &ctx, line), "task_failure", NULL);
        /* sbx classify, which reads no argv: the text alone tells nothing */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" }, line), "task_failure");
        assert_verdict(run_backend_in("landlock", &(struct sbx_classify_context){ .cwd = "/ws" }, line), "task_failure");
}

/* rustc's "error: failed to find or create the directory specified by `--out-dir`", no name, no
 * errno, of its --out-dir DIR (read as javac's -d DIR, javac_dir): read as javac's line, the level
 * of DIR the sandbox refused (mine56: before, task_failure under both backends, `rustc --out-dir
 * /var/tmp/x/o m.rs`). Not the line with more on it, after a chain's javacs (javac_later), nor
 * in sbx classify. */
static void test_classify_rustc_out_dir_not_made(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        static const char line[] = "error: failed to find or create the directory specified by `--out-dir`\n";
        static const struct {
                const char *dir, *later, *text, *path;
        } cases[] = {
                { "/nx/a/b", NULL, line, "/nx" },
                { "/etc", NULL, line, "/etc" },
                { "/ws/build", NULL, line, NULL },
                { "/ro/x/new", NULL, line, NULL },
                { "/nx/f/a", NULL, line, NULL },
                { NULL, NULL, line, NULL },
                { "/etc/nx", NULL, "x: error: failed to find or create the directory specified by `--out-dir`\n", NULL },
                { "/etc/nx", "/etc/b\0", line, NULL },
        };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_exists = fake_host_exists_curl,
                                            .host_refuses = fake_host_refuses_ro_x };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";

                        ctx.javac_dir = cases[i].dir;
                        ctx.javac_later = cases[i].later;
                        check_row(backend, i, cases[i].text, run_backend_in(backend, &ctx, cases[i].text),
                                  cases[i].path ? "denied" : "task_failure", cases[i].path);
                }
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" }, line), "task_failure");
        assert_verdict(run_backend_in("landlock", &(struct sbx_classify_context){ .cwd = "/ws" }, line), "task_failure");
}

/* 7-Zip's "Cannot create output directory : errno=N : E : DIR/", its errno the last of its
 * recursive mkdir's (EEXIST of a level the host has, after the refusal of the one below it): DIR
 * judged as javac's -d DIR, the level the sandbox refused (strange56: before, task_failure under
 * both backends, `7zz x -o/var/tmp/x/o a.7z`). Not a line with more before it, a relative DIR,
 * nor beneath the granted directories, nor where the host refuses it too. */
static void test_classify_sevenzip_out_dir_not_made(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        static const struct {
                const char *text, *path;
        } cases[] = {
                { "Cannot create output directory : errno=17 : File exists : /nx/a/b/\n", "/nx" },
                { "Cannot create output directory : errno=30 : Read-only file system : /etc/o/\n", "/etc/o" },
                { "Cannot create output directory : errno=13 : Permission denied : /etc/a : b/\n", "/etc/a : b" },
                { "Cannot create output directory : errno=17 : File exists : /ws/build/\n", NULL },
                { "Cannot create output directory : errno=17 : File exists : /ro/x/new/\n", NULL },
                { "Cannot create output directory : errno=17 : File exists : o/\n", NULL },
                { "Cannot create output directory : errno= : File exists : /nx/a/\n", NULL },
                { "x: Cannot create output directory : errno=17 : File exists : /nx/a/\n", NULL },
        };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_exists = fake_host_exists_curl,
                                            .host_refuses = fake_host_refuses_ro_x };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";

                        check_row(backend, i, cases[i].text, run_backend_in(backend, &ctx, cases[i].text),
                                  cases[i].path ? "denied" : "task_failure", cases[i].path);
                }
}

/* javac under Landlock prints NIO's AccessDeniedException's message, the path alone, after the
 * class it could not write: "F.java:1: error: error while writing C: /x/C.class". The path is
 * that file, judged against the host (before: no signature, task_failure; with one, the name
 * read was "F.java:1"; live, `javac -d /var/tmp/own X.java`, root and nobody, both modes). Not
 * where a reason follows the path (another errno) nor "could not create parent directories"
 * (no name: test_classify_javac_dir_not_made); another signature after it is still read. */
static void test_classify_javac_write_names_the_class_file(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        static const struct {
                const char *text, *verdict, *path;
        } cases[] = {
                { "X.java:1: error: error while writing X: /etc/x/X.class\n", "denied", "/etc/x/X.class" },
                { "/ws/src/Y.java:3: error: error while writing Outer$In: /home/u/out/p/Outer$In.class\n", "denied",
                  "/home/u/out/p/Outer$In.class" },
                /* the host's refusal too (/ro) */
                { "X.java:1: error: error while writing X: /ro/X.class\n", "task_failure", NULL },
                /* no name, another errno's reason, a relative name, no class */
                { "X.java:1: error: error while writing X: could not create parent directories\n", "task_failure", NULL },
                { "X.java:1: error: error while writing X: /etc/x/X.class: No space left on device\n", "task_failure",
                  NULL },
                { "X.java:1: error: error while writing X: out/X.class\n", "task_failure", NULL },
                { "X.java:1: error: error while writing : /etc/x/X.class\n", "task_failure", NULL },
                /* another signature after it: that one's, its name as before */
                { "X.java:1: error: error while writing X: /etc/x/X.class: Permission denied\n", "denied",
                  "/etc/x/X.class" },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_classify_result *r = run_backend_in("landlock", &ctx, cases[i].text);

                if (strcmp(sbx_verdict_to_string(r->verdict), cases[i].verdict) != 0)
                        fail_msg("case %zu (%s): %s, want %s", i, cases[i].text, sbx_verdict_to_string(r->verdict),
                                 cases[i].verdict);
                if (cases[i].path && strcmp(r->denials[0].path, cases[i].path) != 0)
                        fail_msg("case %zu: path %s", i, r->denials[0].path);
        }
        /* bwrap's line keeps its errno: read as before */
        {
                struct sbx_classify_result *r = run_backend_in(
                        "bwrap", &ctx, "X.java:1: error: error while writing X: /etc/x/X.class: Read-only file system\n");

                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "/etc/x/X.class");
        }
}

/* CMake 3.24 on cannot make its build tree: "CMake Error: Unable to (re)create the private
 * pkgRedirects directory:", the name alone on the next line, no errno. The text alone supports no
 * denial; in sbx run a name outside the granted directories that the host lets the user make is
 * the sandbox's refusal (before: no signature, task_failure; live, `cmake -S . -B b` in read-only
 * mode under both backends). */
static void test_classify_cmake_build_tree_refused(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        static const char head[] = "CMake Error: Unable to (re)create the private pkgRedirects directory:\n";
        static const struct {
                const char *next, *path; /* the line after, the denial's path (NULL: none) */
        } cases[] = {
                { "/etc/b/CMakeFiles/pkgRedirects\n", "/etc/b/CMakeFiles/pkgRedirects" },
                { "/home/u/b/CMakeFiles/pkgRedirects  \n-- Configuring incomplete, errors occurred!\n",
                  "/home/u/b/CMakeFiles/pkgRedirects" },
                /* the host's refusal; the workspace (granted); the sandbox's /dev */
                { "/ro/b/CMakeFiles/pkgRedirects\n", NULL },
                { "/ws/b/CMakeFiles/pkgRedirects\n", NULL },
                { "/dev/b/CMakeFiles/pkgRedirects\n", NULL },
                /* no absolute name alone after it, or none at all */
                { "b/CMakeFiles/pkgRedirects\n", NULL },
                { "  /etc/b/CMakeFiles/pkgRedirects\n", NULL },
                { "", NULL },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        char text[512];

                        snprintf(text, sizeof(text), "%s%s", head, cases[i].next);
                        check_row(backend, i, text, run_backend_in(backend, &ctx, text),
                                  cases[i].path ? "denied" : "task_failure", cases[i].path);
                }
        /* /dev/shm: the sandbox's own under bubblewrap, the host's under Landlock, whose writes
         * the launcher refuses (left55: task_failure under Landlock) */
        {
                char text[512];

                snprintf(text, sizeof(text), "%s/dev/shm/b/CMakeFiles/pkgRedirects\n", head);
                check_row("bwrap", 0, text, run_backend_in("bwrap", &ctx, text), "task_failure", NULL);
                check_row("landlock", 0, text, run_backend_in("landlock", &ctx, text), "denied",
                          "/dev/shm/b/CMakeFiles/pkgRedirects");
        }
        /* sbx classify and the fixtures, no host to ask: the text alone, no errno, no denial */
        assert_verdict(run_backend_in("landlock", &(struct sbx_classify_context){ .cwd = "/ws" },
                                      "CMake Error: Unable to (re)create the private pkgRedirects directory:\n"
                                      "/etc/b/CMakeFiles/pkgRedirects\n"),
                       "task_failure");
}

/* CMake re-run on an existing build tree cannot save its cache: "CMake Error: Cannot open file for
 * write: X.tmpN", then "CMake Error: : System Error: " with a stale errno (ENOTTY, "Inappropriate
 * ioctl for device", live), then "CMake Error: Unable to open cache file for save. X". No errno to
 * trust: in sbx run alone, an absolute X outside the granted directories that the host lets the
 * user write is the sandbox's refusal (review50b; before: task_failure, live `cmake -B build` of
 * an existing tree in read-only mode under both backends). */
static void test_classify_cmake_cache_save_refused(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing };
        static const char head[] = "CMake Error: Cannot open file for write: %s.tmp814f7\n"
                                   "CMake Error: : System Error: Inappropriate ioctl for device\n"
                                   "CMake Error: Unable to open cache file for save. %s\n"
                                   "CMake Error: : System Error: Inappropriate ioctl for device\n";
        static const struct {
                const char *file, *path; /* the cache named, the denial's path (NULL: none) */
        } cases[] = {
                { "/home/u/b/CMakeCache.txt", "/home/u/b/CMakeCache.txt" },
                { "/etc/b/CMakeCache.txt", "/etc/b/CMakeCache.txt" },
                /* the host's refusal; a missing directory; the workspace (granted); the sandbox's /dev
                 * (its /dev/shm under bubblewrap alone: below) */
                { "/ro/b/CMakeCache.txt", NULL },
                { "/nx/CMakeCache.txt", NULL },
                { "/ws/b/CMakeCache.txt", NULL },
                { "/dev/b/CMakeCache.txt", NULL },
                /* a relative name, or none */
                { "b/CMakeCache.txt", NULL },
                { "", NULL },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        char text[1024];

                        snprintf(text, sizeof(text), head, cases[i].file, cases[i].file);
                        check_row(backend, i, text, run_backend_in(backend, &ctx, text),
                                  cases[i].path ? "denied" : "task_failure", cases[i].path);
                }
        /* /dev/shm: under bubblewrap the sandbox's own, under Landlock the host's directory, whose
         * writes the launcher refuses (left54b) */
        {
                char text[1024];

                snprintf(text, sizeof(text), head, "/dev/shm/b/CMakeCache.txt", "/dev/shm/b/CMakeCache.txt");
                check_row("bwrap", 0, text, run_backend_in("bwrap", &ctx, text), "task_failure", NULL);
                check_row("landlock", 0, text, run_backend_in("landlock", &ctx, text), "denied", "/dev/shm/b/CMakeCache.txt");
        }
        /* sbx classify and the fixtures, no host to ask: the text alone, no errno, no denial */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" },
                                      "CMake Error: Unable to open cache file for save. /etc/b/CMakeCache.txt\n"),
                       "task_failure");
}

/* fake_host_dir_missing()'s host, where a name *.ali is a file too (no directory to make a name in) */
static bool fake_host_dir_missing_ali(void *userdata, const char *path) {
        const char *end = strrchr(path, '/');

        if (end && end - path > 4 && memcmp(end - 4, ".ali", 4) == 0)
                return true;
        return fake_host_dir_missing(userdata, path);
}

/* GNAT's compiler prints "gnat1: Cannot create: X" and a NUL of its .ali it could not make, no
 * errno (any failure of its open): in sbx run alone, X (relative to the command's directory) outside the
 * granted directories, its directory on the host, the host letting the user make it, is the
 * sandbox's refusal (before: task_failure, live `gcc -c h.adb -o /var/tmp/o/h.o` in
 * workspace-write under both backends, root and nobody). */
static void test_classify_gnat_cannot_create(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/etc/b", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing_ali };
        static const struct {
                const char *text, *path; /* the denial's path (NULL: none) */
        } cases[] = {
                { "gnat1: Cannot create: /home/u/o/h.ali \n", "/home/u/o/h.ali" },
                { "gnat1: Cannot create: /etc/b/h.ali\n", "/etc/b/h.ali" },
                { "gnat1: Cannot create: h.ali \n", "/etc/b/h.ali" },
                /* the host's refusal; a missing directory; the workspace (granted); /dev; a directory */
                { "gnat1: Cannot create: /ro/b/h.ali \n", NULL },
                { "gnat1: Cannot create: /nx/h.ali \n", NULL },
                { "gnat1: Cannot create: /ws/h.ali \n", NULL },
                { "gnat1: Cannot create: /dev/h.ali \n", NULL },
                { "gnat1: Cannot create: /etc/d/ \n", NULL },
                /* nothing named; more before it */
                { "gnat1: Cannot create: \n", NULL },
                { "x: gnat1: Cannot create: /home/u/o/h.ali \n", NULL },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++)
                        for (size_t nul = 0; nul < 2; nul++) {
                                const char *backend = b ? "landlock" : "bwrap";
                                char text[256];
                                size_t n = strlen(cases[i].text);
                                struct sbx_classify_result r;
                                struct sbx_classifier *c = NULL;
                                struct sbx_exit_status st = { .exit_code = 1 };
                                struct sbx_diag diag = { 0 };

                                /* as gnat1 prints it: the NUL of X's C string before the newline */
                                memcpy(text, cases[i].text, n + 1);
                                if (nul)
                                        memcpy(text + n - 1, "\0\n", 2), n++;
                                assert_int_equal(sbx_classifier_new(builtin(backend), &c, &diag), 0);
                                assert_int_equal(sbx_classifier_set_context(c, &ctx), 0);
                                assert_int_equal(sbx_classify_feed(c, text, n), 0);
                                assert_int_equal(sbx_classify_finish(c, &st, &r, &diag), 0);
                                sbx_classifier_free(c);
                                check_row(backend, i, cases[i].text, &r, cases[i].path ? "denied" : "task_failure",
                                          cases[i].path);
                        }
        /* sbx classify and the fixtures, no host to ask: the text alone, no errno, no denial */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" },
                                      "gnat1: Cannot create: /home/u/o/h.ali\n"),
                       "task_failure");
}

/* fake_host_dir_missing()'s host, where a name *.db is a file too (no directory to make a name in) */
static bool fake_host_dir_missing_db(void *userdata, const char *path) {
        const char *end = strrchr(path, '/');

        if (end && end - path > 3 && memcmp(end - 3, ".db", 3) == 0)
                return true;
        return fake_host_dir_missing(userdata, path);
}

/* SQLite's database it could not open for an ATTACH: "unable to open database: X", no errno,
 * after the sqlite3 shell's "Error: stepping, " (a statement of its argv) or "Runtime error near
 * line N: " (stdin's), its "(14)" after X: in sbx run alone, X (relative to the command's
 * directory) judged against the host as GNAT's file (before: task_failure, live `sqlite3 ws.db
 * "attach '/var/tmp/o/x.db' as x; create table x.t(a);"` in workspace-write under both backends,
 * and the pipe form). */
static void test_classify_sqlite_attach_unopened(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/etc/b", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing_db };
        static const struct {
                const char *text, *path; /* the denial's path (NULL: none) */
        } cases[] = {
                { "Error: stepping, unable to open database: /home/u/o/x.db (14)\n", "/home/u/o/x.db" },
                { "Runtime error near line 1: unable to open database: /home/u/o/x.db (14)\n", "/home/u/o/x.db" },
                { "Error: stepping, unable to open database: x.db (14)\n", "/etc/b/x.db" },
                { "Parse error: unable to open database: /var/tmp/a b.db\n", "/var/tmp/a b.db" },
                /* a URI, its file as SQLite reads it (left56: task_failure, live `attach
                 * 'file:/var/tmp/o/x.db' as a; create table a.t(a)` under both backends) */
                { "Error: stepping, unable to open database: file:/home/u/o/x.db (14)\n", "/home/u/o/x.db" },
                { "Error: stepping, unable to open database: file:///home/u/o/x.db?mode=rwc (14)\n", "/home/u/o/x.db" },
                { "Error: stepping, unable to open database: file://localhost/home/u/o/a%20b.db#f (14)\n",
                  "/home/u/o/a b.db" },
                { "Error: stepping, unable to open database: file:x.db?cache=shared&vfs=unix-dotfile (14)\n", "/etc/b/x.db" },
                /* ... one SQLite opens without making it (missing: the host's answer), or none, or
                 * not read */
                { "Error: stepping, unable to open database: file:/home/u/o/x.db?mode=ro (14)\n", NULL },
                { "Error: stepping, unable to open database: file:/home/u/o/x.db?mode=rw (14)\n", NULL },
                { "Error: stepping, unable to open database: file:/home/u/o/x.db?mode=rw&immutable=1 (14)\n", NULL },
                { "Error: stepping, unable to open database: file:/home/u/o/x.db?mode=memory (14)\n", NULL },
                { "Error: stepping, unable to open database: file://h/home/u/o/x.db (14)\n", NULL },
                { "Error: stepping, unable to open database: file:/home/u/o/x%00.db (14)\n", NULL },
                { "Error: stepping, unable to open database: file:?mode=rwc (14)\n", NULL },
                /* the host's refusal; a missing directory; the workspace (granted); a directory */
                { "Error: stepping, unable to open database: /ro/b/x.db (14)\n", NULL },
                { "Error: stepping, unable to open database: /nx/x.db (14)\n", NULL },
                { "Error: stepping, unable to open database: /ws/x.db (14)\n", NULL },
                { "Error: stepping, unable to open database: /etc/d/ (14)\n", NULL },
                /* nothing named */
                { "Error: stepping, unable to open database:  (14)\n", NULL },
                { "Error: stepping, unable to open database: (14)\n", NULL },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";

                        check_row(backend, i, cases[i].text, run_backend_in(backend, &ctx, cases[i].text),
                                  cases[i].path ? "denied" : "task_failure", cases[i].path);
                }
        /* a relative name of the directory the shell's `.cd`s moved it to (sqlite_dir), the
         * command's in the workspace (attach57: before, of the command's, live `sqlite3 -cmd '.cd
         * /var/tmp/D' :memory: "attach 't.db' as x; create table x.t(a)"` in workspace-write
         * read task_failure under both backends); none where a `.cd` not read may have moved
         * it (sqlite_dir_lost: not judged); an absolute one whatever the directory */
        static const struct {
                const char *dir, *text, *path;
                bool lost;
        } moved[] = {
                { "/home/u/o", "Error: stepping, unable to open database: x.db (14)\n", "/home/u/o/x.db", false },
                { "/home/u/o", "Runtime error near line 1: unable to open database: x.db (14)\n", "/home/u/o/x.db", false },
                { "/home/u/o", "Error: stepping, unable to open database: file:x.db?mode=rwc (14)\n", "/home/u/o/x.db", false },
                { "/home/u/o", "Error: stepping, unable to open database: /ws/x.db (14)\n", NULL, false },
                { "/ws", "Error: stepping, unable to open database: /home/u/o/x.db (14)\n", "/home/u/o/x.db", false },
                { "/ws", "Error: stepping, unable to open database: x.db (14)\n", NULL, false },
                { NULL, "Error: stepping, unable to open database: x.db (14)\n", NULL, false },
                { NULL, "Error: stepping, unable to open database: x.db (14)\n", NULL, true },
                { NULL, "Error: stepping, unable to open database: /home/u/o/x.db (14)\n", "/home/u/o/x.db", true },
        };

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(moved); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        struct sbx_classify_context in = ctx;

                        in.cwd = moved[i].lost ? "/home/u/o" : "/ws";
                        in.sqlite_dir = moved[i].dir;
                        in.sqlite_dir_lost = moved[i].lost;
                        check_row(backend, 100 + i, moved[i].text, run_backend_in(backend, &in, moved[i].text),
                                  moved[i].path ? "denied" : "task_failure", moved[i].path);
                }
        /* sbx classify and the fixtures, no host to ask: the text alone, no errno, no denial */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" },
                                      "Error: stepping, unable to open database: /home/u/o/x.db (14)\n"),
                       "task_failure");
}

/* GNAT's and SQLite ATTACH's lines naming a file of 3000 bytes, which the kernel takes: the denial
 * of that path whole (before: task_failure beyond 1023 bytes); one longer than a path kept (4095
 * bytes), or a relative one whose join to the command's directory is: a denial of no path, as an
 * argv's file too long to keep (argv_name_lost) and CMake -E's (it read task_failure). Without the
 * host's answers (sbx classify), as before: no denial. */
static void check_named_long(const char *before, const char *after, bool (*dir_missing)(void *, const char *)) {
        static const char *const granted[] = { "/ws", NULL };
        static char name[SBX_DENIAL_PATH_MAX + 200], cwd[3200], text[2 * SBX_DENIAL_PATH_MAX];
        struct sbx_classify_context ctx = { .cwd = "/etc/b", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = dir_missing };
        struct sbx_classify_context far = ctx;
        struct sbx_classify_result *r;

        snprintf(cwd, sizeof(cwd), "/home/u/%03000d", 1);
        far.cwd = cwd;
        for (size_t b = 0; b < 2; b++) {
                const char *backend = b ? "landlock" : "bwrap";

                /* absolute, 3000 bytes */
                snprintf(name, sizeof(name), "/home/u/%02988d%s", 2, after[0] == '.' ? after : ".db");
                name[3000] = '\0';
                snprintf(text, sizeof(text), "%s%s%s\n", before, name, strcmp(after, " (14)") == 0 ? after : " ");
                r = run_backend_in(backend, &ctx, text);
                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || strcmp(r->denials[0].path, name) != 0)
                        fail_msg("%s: %s of 3000 bytes: %s, path of %zu bytes", backend, before,
                                 sbx_verdict_to_string(r->verdict), strlen(r->denials[0].path));
                assert_verdict(run_backend_in(backend, &(struct sbx_classify_context){ .cwd = "/ws" }, text),
                               "task_failure");
                /* longer than a path kept */
                snprintf(name, sizeof(name), "/home/u/%04100d", 3);
                snprintf(text, sizeof(text), "%s%s%s\n", before, name, strcmp(after, " (14)") == 0 ? after : " ");
                r = run_backend_in(backend, &ctx, text);
                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || r->denials[0].path[0])
                        fail_msg("%s: %s of 4108 bytes: %s", backend, before, sbx_verdict_to_string(r->verdict));
                /* relative, of 1500 bytes, in a directory of 3008: 4509 bytes joined */
                snprintf(name, sizeof(name), "%01500d", 4);
                snprintf(text, sizeof(text), "%s%s%s\n", before, name, strcmp(after, " (14)") == 0 ? after : " ");
                r = run_backend_in(backend, &far, text);
                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 || r->denials[0].path[0] == '/')
                        fail_msg("%s: %s relative, joined 4509 bytes: %s, path '%.20s'", backend, before,
                                 sbx_verdict_to_string(r->verdict), r->denials[0].path);
                /* ... of 20 or 19 (a dotted name, no bare word): joined whole, about 3030 bytes */
                snprintf(name + 16, sizeof(name) - 16, "%s", after[0] == '.' ? after : ".db");
                snprintf(text, sizeof(text), "%s%s%s\n", before, name, strcmp(after, " (14)") == 0 ? after : " ");
                r = run_backend_in(backend, &far, text);
                if (r->verdict != SBX_VERDICT_DENIED || strlen(r->denials[0].path) != strlen(cwd) + 1 + strlen(name) ||
                    strncmp(r->denials[0].path, cwd, strlen(cwd)) != 0)
                        fail_msg("%s: %s relative, joined: %s, path of %zu bytes", backend, before,
                                 sbx_verdict_to_string(r->verdict), strlen(r->denials[0].path));
        }
}

static void test_classify_gnat_and_attach_long_names(void **state) {
        (void) state;
        check_named_long("gnat1: Cannot create: ", ".ali", fake_host_dir_missing_ali);
        check_named_long("Error: stepping, unable to open database: ", " (14)", fake_host_dir_missing_db);
}

/* SQLite's "attempt to write a readonly database" of SQL that attaches a file and may write it or
 * the database (sqlite_target_or_db: `attach 'X' as a; insert into t ...`, SQLite finding t in
 * either): the one outside the granted directories where the other is beneath them (before:
 * X, the attached one's, read, and live with X outside the workspace and the database in it,
 * task_failure; the reader had read the database). */
static void test_classify_sqlite_readonly_target_or_db(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        static const char line[] = "Error: stepping, attempt to write a readonly database (8)\n";
        static const struct {
                const char *target, *db, *path; /* path: the denial's, NULL none */
                bool either;
        } cases[] = {
                { "/ws/o.db", "/etc/x", "/etc/x", true },
                { "/etc/x", "/ws/n.db", "/etc/x", true },
                { "/ws/o.db", "/ws/n.db", NULL, true },
                /* the attached one's alone: the database is no matter */
                { "/ws/o.db", "/etc/x", NULL, false },
                /* the host's refusal of the one outside */
                { "/ws/o.db", "/etc/locked", NULL, true },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .writable = granted,
                                                            .host_refuses = fake_host_refuses_locked,
                                                            .host_dir_missing = fake_host_dir_missing,
                                                            .sqlite_target = cases[i].target, .sqlite_db = cases[i].db,
                                                            .sqlite_target_or_db = cases[i].either };

                        check_row(backend, i, line, run_backend_in(backend, &ctx, line),
                                  cases[i].path ? "denied" : "task_failure", cases[i].path);
                }
}

/* A host of a few names for CMake's -E lines: the directories /, /var, /var/tmp, /var/tmp/o, its
 * sub, /etc, /etc/b, its src, /ws, /ro; the files /etc/b/in.txt, /var/tmp/o/f.txt, /etc/b/secret
 * (which the user may not read: fake_unreadable_secret()); no other. */
static int fake_cmake_exists(void *userdata, const char *path) {
        static const char *const dirs[] = { "/", "/var", "/var/tmp", "/var/tmp/o", "/var/tmp/o/sub", "/etc",
                                            "/etc/b", "/etc/b/src", "/ws", "/ro" };
        static const char *const files[] = { "/etc/b/in.txt", "/var/tmp/o/f.txt", "/etc/b/secret" };
        char p[256];
        size_t n = strlen(path);
        (void) userdata;

        if (n >= sizeof(p))
                return SBX_HOST_NAME_MISSING;
        memcpy(p, path, n + 1);
        while (n > 1 && p[n - 1] == '/')
                p[--n] = '\0';
        for (size_t i = 0; i < SBX_ELEMENTSOF(dirs); i++)
                if (strcmp(p, dirs[i]) == 0)
                        return strcmp(p, "/var/tmp/o/sub") == 0 ? SBX_HOST_NAME_DIR : SBX_HOST_NAME_DIR_ENTRIES;
        for (size_t i = 0; i < SBX_ELEMENTSOF(files); i++)
                if (strcmp(p, files[i]) == 0)
                        return SBX_HOST_NAME_FILE;
        return SBX_HOST_NAME_MISSING;
}

/* ... which refuses the user reading /etc/b/secret alone */
static bool fake_unreadable_secret(void *userdata, const char *path) {
        (void) userdata;
        return strcmp(path, "/etc/b/secret") == 0;
}

/* ... whose directory of a name is missing where its parent is no directory there */
static bool fake_cmake_dir_missing(void *userdata, const char *path) {
        char p[256];
        char *slash;
        int kind;

        if (strlen(path) >= sizeof(p))
                return true;
        memcpy(p, path, strlen(path) + 1);
        if (!(slash = strrchr(p, '/')))
                return true;
        slash[slash == p] = '\0';
        kind = fake_cmake_exists(userdata, p);
        return kind != SBX_HOST_NAME_DIR && kind != SBX_HOST_NAME_DIR_ENTRIES;
}

/* CMake's -E tools print no errno of a file or directory they could not make: copy's "Error copying
 * file "S" to "X".", make_directory's "Error creating directory "X".", touch's "cmake -E touch:
 * failed to update "X"." and copy_directory's "Error copying directory from "S" to "X".". In sbx
 * run alone, S a source the host has, X (relative to the command's directory) judged against the
 * host: its first missing level (copy makes X's directories too), a file in it where X is a
 * directory (copy's S's name), outside the granted directories, the host letting the user make it,
 * is the sandbox's refusal (before: task_failure, live under both backends, root and nobody). */
static void test_classify_cmake_e_lines(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/etc/b", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_cmake_dir_missing,
                                            .host_exists = fake_cmake_exists };
        static const struct {
                const char *text, *path; /* the denial's path (NULL: none) */
        } cases[] = {
                { "Error copying file \"in.txt\" to \"/var/tmp/o/c.txt\".\n", "/var/tmp/o/c.txt" },
                { "Error copying file \"in.txt\" to \"out.txt\".\n", "/etc/b/out.txt" },
                { "Error copying file \"in.txt\" to \"/var/tmp/o/n1/n2/c.txt\".\n", "/var/tmp/o/n1" },
                { "Error copying file \"in.txt\" to \"/var/tmp/o/sub\".\n", "/var/tmp/o/sub/in.txt" },
                { "Error copying file \"/etc/b/in.txt\" to \"/var/tmp/o/sub/\".\n", "/var/tmp/o/sub/in.txt" },
                { "Error copying file \"in.txt\" to \"/var/tmp/o/f.txt\".\n", "/var/tmp/o/f.txt" },
                { "Error creating directory \"/var/tmp/o/md/a\".\n", "/var/tmp/o/md" },
                { "Error creating directory \"mdir\".\n", "/etc/b/mdir" },
                { "cmake -E touch: failed to update \"/var/tmp/o/t.txt\".\n", "/var/tmp/o/t.txt" },
                { "Error copying directory from \"src\" to \"/var/tmp/o/cd\".\n", "/var/tmp/o/cd" },
                { "Error copying directory from \"src\" to \"/var/tmp/o/sub\".\n", "/var/tmp/o/sub" },
                /* copy_if_different's, as copy's; touch_nocreate's of a file the host has
                 * (review55: before, task_failure) */
                { "Error copying file (if different) from \"in.txt\" to \"/var/tmp/o/c.txt\".\n", "/var/tmp/o/c.txt" },
                { "Error copying file (if different) from \"in.txt\" to \"/var/tmp/o/sub/\".\n",
                  "/var/tmp/o/sub/in.txt" },
                { "cmake -E touch_nocreate: failed to update \"/var/tmp/o/f.txt\".\n", "/var/tmp/o/f.txt" },
                { "Error copying file (if different) from \"nosuch\" to \"/var/tmp/o/c.txt\".\n", NULL },
                { "cmake -E touch_nocreate: failed to update \"/var/tmp/o/t.txt\".\n", NULL },
                { "cmake -E touch_nocreate: failed to update \"/var/tmp/o/sub\".\n", NULL },
                /* a source the host has not, or of the other kind: the host's answer too */
                { "Error copying file \"nosuch\" to \"/var/tmp/o/c.txt\".\n", NULL },
                { "Error copying file \"src\" to \"/var/tmp/o/c.txt\".\n", NULL },
                { "Error copying directory from \"nosuch\" to \"/var/tmp/o/cd\".\n", NULL },
                { "Error copying directory from \"in.txt\" to \"/var/tmp/o/cd\".\n", NULL },
                /* the host's refusal; the workspace (granted); a file on the way; a directory made;
                 * the sandbox's /dev */
                { "Error copying file \"in.txt\" to \"/ro/c.txt\".\n", NULL },
                { "Error copying file \"in.txt\" to \"/ws/c.txt\".\n", NULL },
                { "Error copying file \"in.txt\" to \"/var/tmp/o/f.txt/c.txt\".\n", NULL },
                { "Error creating directory \"/var/tmp/o/sub\".\n", NULL },
                { "Error creating directory \"/var/tmp/o/f.txt\".\n", NULL },
                { "Error creating directory \"/dev/x\".\n", NULL },
                /* not the whole line; nothing named */
                { "x: Error copying file \"in.txt\" to \"/var/tmp/o/c.txt\".\n", NULL },
                { "Error copying file \"in.txt\" to \"/var/tmp/o/c.txt\"\n", NULL },
                { "Error creating directory \"\".\n", NULL },
                { "Error copying file \"in.txt\".\n", NULL },
        };
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        const char *backend = b ? "landlock" : "bwrap";

                        check_row(backend, i, cases[i].text, run_backend_in(backend, &ctx, cases[i].text),
                                  cases[i].path ? "denied" : "task_failure", cases[i].path);
                }
        /* a source the host refuses the user reading: its read fails there first, the task's
         * failure (left55: as nobody, `cmake -E copy` of root's 0600 file read denied); not told
         * (no such question), a denial as before; a readable one beside it, denied */
        for (size_t b = 0; b < 2; b++) {
                static const char secret[] = "Error copying file \"secret\" to \"/var/tmp/o/c.txt\".\n",
                                  in[] = "Error copying file \"in.txt\" to \"/var/tmp/o/c.txt\".\n";
                const char *backend = b ? "landlock" : "bwrap";
                struct sbx_classify_context told = ctx;

                told.host_unreadable = fake_unreadable_secret;
                check_row(backend, 0, secret, run_backend_in(backend, &told, secret), "task_failure", NULL);
                check_row(backend, 1, in, run_backend_in(backend, &told, in), "denied", "/var/tmp/o/c.txt");
                check_row(backend, 2, secret, run_backend_in(backend, &ctx, secret), "denied", "/var/tmp/o/c.txt");
        }
        /* sbx classify and the fixtures, no host to ask: the text alone, no errno, no denial */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/ws" },
                                      "Error creating directory \"/var/tmp/o/md\".\n"),
                       "task_failure");
        /* the same words with an errno after them, another tool's (or another CMake's): that
         * signature is still read, as it was before these were signatures (before this row's
         * fix: task_failure, the line dropped with the signature CMake's line is not) */
        {
                struct sbx_classify_context none = { .cwd = "/ws" };
                struct sbx_classify_result *r;

                r = run_backend_in("landlock", &none, "Error copying file \"a\" to \"/etc/x\": Permission denied\n");
                check_row("landlock", 0, "copy: Permission denied", r, "denied", "/etc/x");
                r = run_backend_in("bwrap", &none, "Error creating directory \"/etc/x\": Read-only file system\n");
                check_row("bwrap", 1, "mkdir: Read-only file system", r, "denied", "/etc/x");
                r = run_backend_in("bwrap", &ctx, "cmake -E touch: failed to update \"/etc/x\": Read-only file system\n");
                check_row("bwrap", 2, "touch: Read-only file system", r, "denied", "/etc/x");
        }
}

/* The host as sbx run tells it: a name ending in "nx" does not exist, /var/tmp/unknown cannot be
 * told, any other name exists. */
/* A host without the names that end in "nx"; "/d" and "/empty" are directories, "/full" and /ws
 * ones that hold entries, "/var/tmp/unknown" not told, any other a file. */
static int fake_host_exists(void *userdata, const char *path) {
        size_t n = strlen(path);
        (void) userdata;

        if (strcmp(path, "/var/tmp/unknown") == 0)
                return -1;
        if (n >= 2 && strcmp(path + n - 2, "nx") == 0)
                return SBX_HOST_NAME_MISSING;
        if ((n >= 5 && strcmp(path + n - 5, "/full") == 0) || strcmp(path, "/ws") == 0)
                return SBX_HOST_NAME_DIR_ENTRIES;
        if ((n >= 2 && strcmp(path + n - 2, "/d") == 0) || (n >= 6 && strcmp(path + n - 6, "/empty") == 0))
                return SBX_HOST_NAME_DIR;
        return SBX_HOST_NAME_FILE;
}

/* /var/tmp/lnk, a symlink to the directory /var/tmp/d; /var/tmp/ldir, a symlink to /var/tmp/a: the
 * host paths of names through them (a resolve follows every component, the last too). */
static size_t fake_resolve_removal_links(void *userdata, const char *path, char *out, size_t size) {
        (void) userdata;
        if (strcmp(path, "/var/tmp/lnk") == 0)
                return (size_t) snprintf(out, size, "/var/tmp/d");
        if (strncmp(path, "/var/tmp/ldir", 13) == 0 && (path[13] == '/' || path[13] == '\0'))
                return (size_t) snprintf(out, size, "/var/tmp/a%s", path + 13);
        return (size_t) snprintf(out, size, "%s", path);
}

/* A removal or a rename checks a read-only mount before the lookup: under bwrap a tool's failed
 * removal or rename of a name the host does not have prints EROFS where the host prints ENOENT
 * (before: as root in read-only, `rmdir /var/tmp/nonexist` read as denied). A name that exists,
 * one the host does not tell, a creation, and the lines of programs that may ignore ENOENT (rm -f,
 * Python, Node) stay denied. */
static void test_classify_removal_of_a_missing_name(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/var/tmp", .granted = granted, .host_exists = fake_host_exists };
        static const struct {
                const char *backend, *text, *verdict, *path;
        } cases[] = {
                { "bwrap", "rmdir: failed to remove '/var/tmp/nx': Read-only file system", "task_failure", NULL },
                { "bwrap", "rmdir: failed to remove directory '/var/tmp/a/nx': Read-only file system", "task_failure", NULL },
                { "bwrap", "/usr/bin/rmdir: failed to remove '/var/tmp/nx': Read-only file system", "task_failure", NULL },
                { "bwrap", "unlink: cannot unlink '/var/tmp/nx': Read-only file system", "task_failure", NULL },
                /* BusyBox's rmdir, unlink and mv (its source) */
                { "bwrap", "rmdir: '/var/tmp/nx': Read-only file system", "task_failure", NULL },
                { "bwrap", "unlink: can't remove file '/var/tmp/nx': Read-only file system", "task_failure", NULL },
                { "bwrap", "mv: can't rename '/var/tmp/nx': Read-only file system", "task_failure", NULL },
                { "bwrap", "rmdir: failed to remove '/var/tmp/it'\\''s nx': Read-only file system", "task_failure", NULL },
                /* a relative name, of the directory the remover ran in, which need not be the
                 * command's (`find D -execdir rmdir {} +` prints ./x; before: task_failure, a
                 * removal the host allows hidden): the sandbox's */
                { "bwrap", "rmdir: failed to remove './nx': Read-only file system", "denied", "/var/tmp/nx" },
                { "bwrap", "/usr/bin/rmdir: failed to remove 'nx': Read-only file system", "denied", "/var/tmp/nx" },
                { "bwrap", "unlink: cannot unlink 'sub/nx': Read-only file system", "denied", "/var/tmp/sub/nx" },
                { "landlock", "rmdir: failed to remove 'full': Permission denied", "denied", "/var/tmp/full" },
                { "bwrap", "mv: can't rename 'nx': Read-only file system", "denied", "/var/tmp/nx" },
                /* Landlock looks the name up first (ENOENT); a late EACCES of a name gone reads the same */
                { "landlock", "rmdir: failed to remove '/var/tmp/nx': Permission denied", "task_failure", NULL },
                /* a name the call fails on whatever the sandbox: rmdir of a file (ENOTDIR) or of a
                 * directory with entries (ENOTEMPTY), unlink of a directory (EISDIR) */
                { "bwrap", "rmdir: failed to remove '/var/tmp/full': Read-only file system", "task_failure", NULL },
                { "bwrap", "rmdir: failed to remove '/var/tmp/file': Read-only file system", "task_failure", NULL },
                { "bwrap", "rmdir: '/var/tmp/full': Read-only file system", "task_failure", NULL },
                { "bwrap", "unlink: cannot unlink '/var/tmp/d': Read-only file system", "task_failure", NULL },
                { "bwrap", "unlink: can't remove file '/var/tmp/full': Read-only file system", "task_failure", NULL },
                { "landlock", "rmdir: failed to remove '/var/tmp/full': Permission denied", "task_failure", NULL },
                /* ... but rmdir of an empty directory, unlink of a file, a rename of either */
                { "bwrap", "rmdir: failed to remove '/var/tmp/empty': Read-only file system", "denied", "/var/tmp/empty" },
                { "bwrap", "unlink: cannot unlink '/var/tmp/file': Read-only file system", "denied", "/var/tmp/file" },
                { "bwrap", "mv: can't rename '/var/tmp/full': Read-only file system", "denied", "/var/tmp/full" },
                /* ... and a granted directory itself, whose entries are the command's */
                { "landlock", "rmdir: failed to remove '/ws': Permission denied", "denied", "/ws" },
                /* a name that exists, or that the host does not tell: the sandbox's */
                { "bwrap", "rmdir: failed to remove '/var/tmp/d': Read-only file system", "denied", "/var/tmp/d" },
                { "bwrap", "unlink: cannot unlink '/var/tmp/unknown': Read-only file system", "denied", "/var/tmp/unknown" },
                { "landlock", "mv: can't rename '/var/tmp/f': Permission denied", "denied", "/var/tmp/f" },
                /* the sandbox's own /dev; the workspace, where the command may have removed it since */
                { "bwrap", "rmdir: failed to remove '/dev/nx': Read-only file system", "denied", "/dev/nx" },
                { "landlock", "mv: can't rename '/ws/nx': Permission denied", "denied", "/ws/nx" },
                /* a creation of a missing name is what the sandbox refuses */
                { "bwrap", "touch: cannot touch '/var/tmp/nx': Read-only file system", "denied", "/var/tmp/nx" },
                { "bwrap", "mkdir: cannot create directory '/var/tmp/nx': Read-only file system", "denied", "/var/tmp/nx" },
                { "bwrap", "rmdir: failed to create '/var/tmp/nx': Read-only file system", "denied", "/var/tmp/nx" },
                /* rm looks the name up first, and with -f ignores its absence; Python's and Node's
                 * program may catch ENOENT and go on: not read */
                { "bwrap", "rm: cannot remove '/var/tmp/nx': Read-only file system", "denied", "/var/tmp/nx" },
                { "bwrap", "OSError: [Errno 30] Read-only file system: '/var/tmp/nx'", "denied", "/var/tmp/nx" },
                { "bwrap", "Error: EROFS: read-only file system, unlink '/var/tmp/nx'", "denied", "/var/tmp/nx" },
                /* another program's line of the same words, or more after the signature */
                { "bwrap", "cp: failed to remove '/var/tmp/nx': Read-only file system", "denied", "/var/tmp/nx" },
                { "bwrap", "rmdir: failed to remove '/var/tmp/nx': Read-only file system, twice", "denied", "/var/tmp/nx" },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char text[256];
                struct sbx_classify_result *r;

                snprintf(text, sizeof(text), "%s\n", cases[i].text);
                r = run_backend_in(cases[i].backend, &ctx, text);
                if (strcmp(sbx_verdict_to_string(r->verdict), cases[i].verdict) != 0)
                        fail_msg("case %zu (%s: %s): %s, want %s", i, cases[i].backend, cases[i].text,
                                 sbx_verdict_to_string(r->verdict), cases[i].verdict);
                if (cases[i].path && strcmp(r->denials[0].path, cases[i].path) != 0)
                        fail_msg("case %zu: path %s, want %s", i, r->denials[0].path, cases[i].path);
                if (r->denial_lines != (cases[i].path ? 1u : 0u))
                        fail_msg("case %zu: %llu denial lines", i, (unsigned long long) r->denial_lines);
        }
        /* no host to ask (sbx classify, the fixtures): the text alone, the sandbox's */
        assert_verdict(run_backend_in("bwrap", &(struct sbx_classify_context){ .cwd = "/var/tmp" },
                                      "rmdir: failed to remove '/var/tmp/nx': Read-only file system\n"),
                       "denied");
        /* the name is not followed: /var/tmp/lnk, a symlink to the directory /var/tmp/d, is
         * removed by unlink, whatever its target (before: asked of /var/tmp/d, EISDIR,
         * task_failure); its directory is (/var/tmp/ldir, a link to /var/tmp/a) */
        {
                struct sbx_classify_context lc = ctx;
                struct sbx_classify_result *r;

                lc.resolve = fake_resolve_removal_links;
                r = run_backend_in("bwrap", &lc, "unlink: cannot unlink '/var/tmp/lnk': Read-only file system\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "/var/tmp/lnk");
                assert_verdict(run_backend_in("landlock", &lc, "unlink: can't remove file '/var/tmp/lnk': Permission denied\n"),
                               "denied");
                assert_verdict(run_backend_in("bwrap", &lc, "unlink: cannot unlink '/var/tmp/ldir/nx': Read-only file system\n"),
                               "task_failure");
                assert_verdict(run_backend_in("bwrap", &lc, "unlink: cannot unlink '/nx': Read-only file system\n"),
                               "task_failure");
        }
}

/* /var/tmp/o/L, a symlink to the directory /ro/d (the host refuses writes there:
 * fake_host_refuses()); /var/tmp/o/M, one to the missing /ro/nx; /ro/lnk, one to /var/tmp/f. */
static size_t fake_resolve_ln_links(void *userdata, const char *path, char *out, size_t size) {
        (void) userdata;
        if (strncmp(path, "/var/tmp/o/L", 12) == 0 && (path[12] == '/' || path[12] == '\0'))
                return (size_t) snprintf(out, size, "/ro/d%s", path + 12);
        if (strcmp(path, "/var/tmp/o/M") == 0)
                return (size_t) snprintf(out, size, "/ro/nx");
        if (strcmp(path, "/ro/lnk") == 0)
                return (size_t) snprintf(out, size, "/var/tmp/f");
        return (size_t) snprintf(out, size, "%s", path);
}

/* GNU ln's link X is made in X's directory, its last component not followed (symlink(2),
 * link(2); -f makes it under a new name there and renames it over X): an existing X that leads
 * where the host refuses the user is replaced all the same where its directory lets (before: as
 * nobody, `ln -sfn T /var/tmp/o/L`, L a link to root's 0755 directory, asked of that directory:
 * the host's refusal, task_failure, under both backends). A name through the link, a link in a
 * directory the host refuses, another program's line of the name stay the host's. */
static void test_classify_ln_link_not_followed(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .resolve = fake_resolve_ln_links,
                                            .host_exists = fake_host_exists, .host_refuses = fake_host_refuses };
        static const struct {
                const char *backend, *text, *verdict, *path;
        } rows[] = {
                { "bwrap", "ln: failed to create symbolic link '/var/tmp/o/L': Read-only file system", "denied", "/var/tmp/o/L" },
                { "landlock", "ln: failed to create symbolic link '/var/tmp/o/L': Permission denied", "denied", "/var/tmp/o/L" },
                { "landlock", "ln: failed to create symbolic link '/var/tmp/o/L' -> '/etc': Permission denied", "denied",
                  "/var/tmp/o/L" },
                { "bwrap", "/usr/bin/ln: failed to create hard link '/var/tmp/o/L' => 'f': Read-only file system", "denied",
                  "/var/tmp/o/L" },
                /* a dangling link, to where the host refuses making its target */
                { "bwrap", "ln: failed to create symbolic link '/var/tmp/o/M': Read-only file system", "denied", "/var/tmp/o/M" },
                /* through the link (ln without -n of a link to a directory: L/etc), its directory
                 * the host refuses, an existing link there, a name made there */
                { "bwrap", "ln: failed to create symbolic link '/var/tmp/o/L/etc': Read-only file system", "task_failure", NULL },
                { "bwrap", "ln: failed to create symbolic link '/ro/lnk': Read-only file system", "task_failure", NULL },
                { "landlock", "ln: failed to create symbolic link '/ro/x' -> '/etc': Permission denied", "task_failure", NULL },
                /* another program's line of L: an open through it */
                { "bwrap", "touch: cannot touch '/var/tmp/o/L': Read-only file system", "task_failure", NULL },
                { "bwrap", "xln: failed to create symbolic link '/var/tmp/o/L': Read-only file system", "task_failure", NULL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                char text[256];
                struct sbx_classify_result *r;

                snprintf(text, sizeof(text), "%s\n", rows[i].text);
                r = run_backend_in(rows[i].backend, &ctx, text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                        fail_msg("row %zu (%s: %s): %s, want %s", i, rows[i].backend, rows[i].text,
                                 sbx_verdict_to_string(r->verdict), rows[i].verdict);
                if (rows[i].path && strcmp(r->denials[0].path, rows[i].path) != 0)
                        fail_msg("row %zu: path %s, want %s", i, r->denials[0].path, rows[i].path);
        }
        /* no host to tell what the name is: as before, the name followed */
        ctx.host_exists = NULL;
        assert_verdict(run_backend_in("bwrap", &ctx, "ln: failed to create symbolic link '/var/tmp/o/L': Read-only file system\n"),
                       "task_failure");
}

/* A move of a directory into its own subtree fails on the host (rename(2)'s EINVAL), and under bwrap
 * the read-only mount is checked first (EROFS): the task's failure (before: as root in read-only,
 * `busybox mv /var/tmp/d /var/tmp/d/sub/x` and GNU mv's alike read as denied). BusyBox names the
 * source alone, the destination read from the argv; GNU mv names both. A directory moved beside
 * itself, a file, one the host does not tell, the sandbox's /dev stay denied. */
static void test_classify_move_into_itself(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/var/tmp", .granted = granted, .host_exists = fake_host_exists,
                                            .host_refuses = fake_host_refuses };
        static const struct {
                const char *dest; /* BusyBox mv's, from the argv; NULL: none */
                bool into;
                const char *text, *verdict, *path;
        } cases[] = {
                { "/var/tmp/d/sub/x", false, "mv: can't rename '/var/tmp/d': Read-only file system", "task_failure", NULL },
                { "/var/tmp/d/sub", true, "mv: can't rename '/var/tmp/d': Read-only file system", "task_failure", NULL },
                { "/var/tmp/full/x", false, "mv: can't rename '/var/tmp/full': Read-only file system", "task_failure", NULL },
                { NULL, false, "mv: cannot move '/var/tmp/d' to '/var/tmp/d/sub/x': Read-only file system", "task_failure", NULL },
                { NULL, false, "mv: cannot move '/var/tmp/full' to '/var/tmp/full/x': Read-only file system", "task_failure",
                  NULL },
                /* beside itself, or a name that only starts alike */
                { "/var/tmp/e", false, "mv: can't rename '/var/tmp/d': Read-only file system", "denied", "/var/tmp/d" },
                { "/var/tmp/dx/y", false, "mv: can't rename '/var/tmp/d': Read-only file system", "denied", "/var/tmp/d" },
                { NULL, false, "mv: cannot move '/var/tmp/d' to '/var/tmp/d2/x': Read-only file system", "denied", NULL },
                /* into itself, not beneath it */
                { "/var/tmp/d", false, "mv: can't rename '/var/tmp/d': Read-only file system", "denied", "/var/tmp/d" },
                /* the other way round: a name moved up out of a directory */
                { NULL, false, "mv: cannot move '/var/tmp/d/sub/x' to '/var/tmp/d': Read-only file system", "denied", NULL },
                /* a file (a symlink to a directory is one: the call moves the link into it), one
                 * the host does not tell, the sandbox's own /dev */
                { "/var/tmp/f/x", false, "mv: can't rename '/var/tmp/f': Read-only file system", "denied", "/var/tmp/f" },
                { NULL, false, "mv: cannot move '/var/tmp/lnk' to '/var/tmp/lnk/x': Read-only file system", "denied", NULL },
                { NULL, false, "mv: cannot move '/var/tmp/unknown' to '/var/tmp/unknown/x': Read-only file system", "denied",
                  NULL },
                { NULL, false, "mv: cannot move '/dev/d' to '/dev/d/x': Read-only file system", "denied", NULL },
                /* another program's words */
                { NULL, false, "cp: cannot move '/var/tmp/d' to '/var/tmp/d/x': Read-only file system", "denied", NULL },
                /* a name printed relative, of the directory mv ran in, which need not be the
                 * command's (a make recipe's cd, a program's chdir; before: task_failure, asked of
                 * the command's directory's d, a move the host may make hidden): the sandbox's */
                { NULL, false, "mv: cannot move 'd' to 'd/sub/d': Read-only file system", "denied", NULL },
                { NULL, false, "mv: cannot move 'd' to '/var/tmp/d/sub/d': Read-only file system", "denied", NULL },
                { NULL, false, "mv: cannot move '/var/tmp/d' to 'd/x': Read-only file system", "denied", NULL },
                { NULL, false, "mv: cannot move 'full' to 'full/x': Read-only file system", "denied", NULL },
                { "/var/tmp/d/sub/x", false, "mv: can't rename 'd': Read-only file system", "denied", "/var/tmp/d" },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                char text[256];
                struct sbx_classify_result *r;

                ctx.move_dest = cases[i].dest;
                ctx.move_into = cases[i].into;
                snprintf(text, sizeof(text), "%s\n", cases[i].text);
                r = run_backend_in("bwrap", &ctx, text);
                if (strcmp(sbx_verdict_to_string(r->verdict), cases[i].verdict) != 0)
                        fail_msg("case %zu (%s): %s, want %s", i, cases[i].text, sbx_verdict_to_string(r->verdict),
                                 cases[i].verdict);
                if (cases[i].path && strcmp(r->denials[0].path, cases[i].path) != 0)
                        fail_msg("case %zu: path %s, want %s", i, r->denials[0].path, cases[i].path);
        }
}

/* A host where every directory named nx is missing, and so whatever lies beneath one. */
static bool fake_host_nx_missing(void *userdata, const char *path) {
        (void) userdata;
        return strstr(path, "/nx/") != NULL;
}

/* Node's recursive mkdir reports bwrap's EROFS as the ENOENT of its stat afterwards (npm install
 * -g, fs.mkdirSync with recursive; read as task_failure): a denial, but where the host has no
 * directory to make it in (a plain mkdir in a missing one, ENOENT without sbx too). Landlock's
 * EACCES keeps its own text: no such line there. */
static void test_classify_node_mkdir_enoent(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_dir_missing = fake_host_dir_missing };
        struct sbx_classify_context offline = { .cwd = "/ws" };
        struct sbx_classify_result *r;
        (void) state;

        r = run_backend_in("bwrap", &ctx,
                           "npm error enoent ENOENT: no such file or directory, mkdir '/usr/lib/node_modules/x'\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->n_denials, 1);
        assert_string_equal(r->denials[0].path, "/usr/lib/node_modules/x");
        r = run_backend_in("bwrap", &ctx, "Error: ENOENT: no such file or directory, mkdir 'out'\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/out");
        /* its directory missing: a plain mkdir's ENOENT and a recursive one's read alike, so the
         * host's failure only where a recursive mkdir would have been allowed (the longest
         * existing part in or beneath a granted directory: workspace-write's workspace) or
         * refused by the host too (/ro); elsewhere a denial (before: task_failure whenever the
         * directory was missing; live `fs.mkdirSync("dist/js", {recursive: true})` in read-only
         * mode under bwrap) */
        {
                static const char *const granted[] = { "/ws", NULL };
                struct sbx_classify_context ws = { .cwd = "/ws", .host_dir_missing = fake_host_nx_missing,
                                                   .host_refuses = fake_host_refuses };
                static const struct {
                        bool granted;
                        const char *name, *verdict, *path;
                } cases[] = {
                        { false, "nx/a", "denied", "/ws/nx/a" },
                        { false, "/ws/nx/a/b/c", "denied", "/ws/nx/a/b/c" },
                        { false, "/var/tmp/nx/a", "denied", "/var/tmp/nx/a" },
                        { false, "/nx/a/b", "denied", "/nx/a/b" },
                        { true, "/var/tmp/nx/a", "denied", "/var/tmp/nx/a" },
                        { true, "nx/a", "task_failure", NULL },
                        { true, "/ws/sub/nx/a/b", "task_failure", NULL },
                        { false, "/ro/nx/a", "task_failure", NULL },
                        { true, "/ro/nx/a", "task_failure", NULL },
                };
                char text[256];

                for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                        struct sbx_classify_result *m;

                        ws.granted = cases[i].granted ? granted : NULL;
                        snprintf(text, sizeof(text), "Error: ENOENT: no such file or directory, mkdir '%s'\n", cases[i].name);
                        m = run_backend_in("bwrap", &ws, text);
                        if (strcmp(sbx_verdict_to_string(m->verdict), cases[i].verdict) != 0)
                                fail_msg("case %zu (%s, granted %d): %s, want %s", i, cases[i].name, cases[i].granted,
                                         sbx_verdict_to_string(m->verdict), cases[i].verdict);
                        if (cases[i].path && strcmp(m->denials[0].path, cases[i].path) != 0)
                                fail_msg("case %zu: path %s", i, m->denials[0].path);
                }
        }
        /* no host to ask: the sandbox's */
        assert_verdict(run_backend_in("bwrap", &offline, "Error: ENOENT: no such file or directory, mkdir '/nx/a/b'\n"),
                       "denied");
        /* another call's ENOENT is the file's own absence */
        assert_verdict(run_backend_in("bwrap", &ctx, "Error: ENOENT: no such file or directory, open '/etc/x'\n"),
                       "task_failure");
        assert_verdict(run_backend_in("landlock", &ctx, "Error: ENOENT: no such file or directory, mkdir '/etc/x'\n"),
                       "task_failure");
}

/* The host as sbx run tells it: /tmp/fifo, /ws/fifo and /dev/fifo are named pipes the command may
 * open; /tmp/wo-fifo one it may open for writing alone (root's, 0622, as nobody); /tmp/ro-fifo is
 * one it may not (root's, 0600, as nobody), /etc/passwd no pipe. */
static bool fake_host_fifo(void *userdata, const char *path, bool writes) {
        (void) userdata;
        return strcmp(path, "/tmp/fifo") == 0 || strcmp(path, "/ws/fifo") == 0 || strcmp(path, "/dev/fifo") == 0 ||
               strcmp(path, "/tmp/a\nb") == 0 || strcmp(path, "/tmp/x\ny\nz") == 0 ||
               strcmp(path, "/tmp/m\n1\n2\n3\n4\n5\nb") == 0 || strcmp(path, "/tmp/a\nb:c") == 0 ||
               (writes && (strcmp(path, "/tmp/wo-fifo") == 0 || strcmp(path, "/tmp/w\nb") == 0));
}

/* Under bwrap the launcher refuses opening a host named pipe for writing outside the workspace
 * (a read-only bind does not stop it) with EACCES, whose text is a host file's own permission:
 * a denial only where sbx run tells that the path is a FIFO the host lets the command open, outside
 * the granted directories and the sandbox's own /dev (before: task_failure, the denial lost). */
static void test_classify_bwrap_fifo_permission_denied(void **state) {
        static const char *const granted[] = { "/ws", "/shm", NULL };
        struct sbx_classify_context ro = { .cwd = "/ws", .host_fifo = fake_host_fifo, .script = "echo pwned > /tmp/fifo" };
        struct sbx_classify_context ww = { .cwd = "/ws", .granted = granted, .host_fifo = fake_host_fifo };
        struct sbx_classify_context offline = { .cwd = "/ws" };
        static const char *const denied[] = {
                "sh: 1: cannot create /tmp/fifo: Permission denied\n",
                "bash: line 1: /tmp/fifo: Permission denied\n",
                "PermissionError: [Errno 13] Permission denied: '/tmp/fifo'\n",
                "Error: EACCES: permission denied, open '/tmp/fifo'\n",
                "tee: /tmp//fifo: Permission denied\n",
        };
        struct sbx_classify_result *r;
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(denied); i++) {
                r = run_backend_in("bwrap", &ro, denied[i]);
                assert_verdict(r, "denied");
                assert_string_equal(r->signature, "Permission denied");
                assert_string_equal(r->denial_signature, "Permission denied");
                assert_int_equal(r->line_no, 1);
                assert_int_equal(r->denial_lines, 1);
                assert_int_equal(r->n_denials, 1);
                assert_string_equal(r->denials[0].path, "/tmp/fifo");
        }
        /* a relative name, joined to the cwd: in read-only mode the workspace is refused too */
        r = run_backend_in("bwrap", &ro, "sh: 1: cannot create fifo: Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/fifo");
        /* granted (workspace-write): the launcher refuses no write there, EACCES is the host's */
        assert_verdict(run_backend_in("bwrap", &ww, "sh: 1: cannot create fifo: Permission denied\n"), "task_failure");
        assert_verdict(run_backend_in("bwrap", &ww, "sh: 1: cannot create /tmp/fifo: Permission denied\n"), "denied");
        /* the sandbox's own /dev, whose files are none of the host's */
        assert_verdict(run_backend_in("bwrap", &ro, "sh: 1: cannot create /dev/fifo: Permission denied\n"), "task_failure");
        /* a pipe the host refuses, a regular file, no name: the host's own permission */
        r = run_backend_in("bwrap", &ro, "sh: 1: cannot create /tmp/ro-fifo: Permission denied\n");
        assert_verdict(r, "task_failure");
        assert_int_equal(r->denial_lines, 0);
        assert_int_equal(r->n_denials, 0);
        assert_verdict(run_backend_in("bwrap", &ro, "sh: 1: cannot create /etc/passwd: Permission denied\n"), "task_failure");
        assert_verdict(run_backend_in("bwrap", &ro, "PermissionError: [Errno 13] Permission denied\n"), "task_failure");
        /* the text alone (sbx classify, the fixtures): no denial */
        assert_verdict(run_backend_in("bwrap", &offline, "sh: 1: cannot create /tmp/fifo: Permission denied\n"),
                       "task_failure");
        /* a denial signature on the line decides as before; a later line's pipe is the evidence
         * when an earlier Permission denied was the host's */
        r = run_backend_in("bwrap", &ro, "cp: cannot create regular file '/etc/x': Read-only file system\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->signature, "Read-only file system");
        r = run_backend_in("bwrap", &ro,
                           "sh: 1: cannot create /etc/passwd: Permission denied\nsh: 1: cannot create /tmp/fifo: "
                           "Permission denied\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 2);
        assert_int_equal(r->denial_lines, 1);
        /* Landlock's EACCES is a denial signature of its own, as before */
        assert_verdict(run_backend_in("landlock", &offline, "sh: 1: cannot create /tmp/ro-fifo: Permission denied\n"),
                       "denied");
}

/* The host as sbx run tells it of bwrap's covers: /mq is an mqueue file system of the host's,
 * which the launcher covers with an empty read-only tmpfs of mode 0. */
static bool fake_host_covered(void *userdata, const char *path) {
        (void) userdata;
        return strcmp(path, "/mq") == 0 || strncmp(path, "/mq/", 4) == 0;
}

/* Under bwrap a name beneath a host file system that the launcher covers (the host's message
 * queues) is refused by the cover, EACCES, whatever the host allows: a denial, its path recorded
 * (escape54 left it: as root and as nobody, `touch MQ/x`, `ls MQ`, `echo x > MQ/y`, `cat MQ/z`
 * read task_failure). Elsewhere, and without the question, as before. */
static void test_classify_bwrap_covered_mount(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_covered = fake_host_covered,
                                            .script = "echo x > /mq/y" };
        struct sbx_classify_context offline = { .cwd = "/ws", .script = "echo x > /mq/y" };
        static const struct {
                const char *line, *path;
        } denied[] = {
                { "touch: cannot touch '/mq/x': Permission denied\n", "/mq/x" },
                { "ls: cannot open directory '/mq': Permission denied\n", "/mq" },
                { "bash: line 1: /mq/y: Permission denied\n", "/mq/y" },
                { "cat: /mq/z: Permission denied\n", "/mq/z" },
                { "sh: 1: cannot create /mq/y: Permission denied\n", "/mq/y" },
        };
        struct sbx_classify_result *r;
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(denied); i++) {
                r = run_backend_in("bwrap", &ctx, denied[i].line);
                if (strcmp(sbx_verdict_to_string(r->verdict), "denied") != 0 || r->n_denials != 1 ||
                    strcmp(r->denials[0].path, denied[i].path) != 0)
                        fail_msg("row %zu (%s): %s, %zu denials, want denied %s", i, denied[i].line,
                                 sbx_verdict_to_string(r->verdict), (size_t) r->n_denials, denied[i].path);
                assert_verdict(run_backend_in("bwrap", &offline, denied[i].line), "task_failure");
        }
        /* a relative name, joined to the cwd */
        r = run_backend_in("bwrap", &(struct sbx_classify_context) { .cwd = "/mq", .host_covered = fake_host_covered },
                           "touch: cannot touch 'x': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/mq/x");
        /* elsewhere: the host's own permission, as before */
        assert_verdict(run_backend_in("bwrap", &ctx, "touch: cannot touch '/mqx/x': Permission denied\n"), "task_failure");
        assert_verdict(run_backend_in("bwrap", &ctx, "cat: /etc/shadow: Permission denied\n"), "task_failure");
}

/* find prints a failed exec of a program its -exec runs (a named pipe, a file without an execute
 * bit) as it prints a refused -fprint and a directory it cannot read: `find: 'X': Permission
 * denied`. With the argv's -exec programs (find_exec), a line naming one is the exec's failure,
 * no denial, under both backends (before: `find . -exec PIPE \;` counted a denial line in a
 * success); another name, and without the argv, as before. */
static void test_classify_find_exec_line(void **state) {
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .writable = ws, .granted = ws, .host_fifo = fake_host_fifo,
                                            .find_exec = "./PIPE\0/tmp/fifo\0" };
        struct sbx_classify_context no_argv = { .cwd = "/ws", .writable = ws, .granted = ws, .host_fifo = fake_host_fifo };
        struct sbx_classify_context others = { .cwd = "/ws", .writable = ws, .granted = ws, .host_fifo = fake_host_fifo,
                                               .find_exec = "/tmp/fif\0fifo\0/tmp/fifo/\0/tmp/fifo'\0" };
        static const char *const lines[] = {
                "find: \xe2\x80\x98/tmp/fifo\xe2\x80\x99: Permission denied\n",
                "find: '/tmp/fifo': Permission denied\n",
        };
        static const char *const backends[] = { "bwrap", "landlock" };
        struct sbx_classify_result *r;
        (void) state;

        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++) {
                for (size_t i = 0; i < SBX_ELEMENTSOF(lines); i++) {
                        r = run_backend_in(backends[b], &ctx, lines[i]);
                        assert_verdict(r, "task_failure");
                        assert_int_equal(r->denial_lines, 0);
                        r = run_backend_in(backends[b], &no_argv, lines[i]);
                        assert_verdict(r, "denied");
                        assert_int_equal(r->denial_lines, 1);
                }
                /* a name with more or less than the program's (a -fprint's, say), another
                 * program's line */
                assert_verdict(run_backend_in(backends[b], &others, "find: '/tmp/fifo': Permission denied\n"), "denied");
                assert_verdict(run_backend_in(backends[b], &ctx, "tee: '/tmp/fifo': Permission denied\n"), "denied");
        }
}

/* The host as sbx run tells it, the command's user root: /ws/other (another user's 0644 file) and
 * /ws/odir (another user's 0755 directory: odir/new, odir/x, odir/a b/f) refuse a uid 0 without
 * capabilities what root's pass;
 * /ws/ro (root's own 0444 file) too; /ws/secret and /ws/r (another user's 0600 files, no execute bit) but
 * its run, which the host refuses root too. No other name, and nothing the host's bits let root
 * do. */
static bool fake_host_needs_capability(void *userdata, const char *path, bool run) {
        (void) userdata;
        return strcmp(path, "/ws/other") == 0 || strcmp(path, "/ws/odir/new") == 0 || strcmp(path, "/ws/odir/x") == 0 ||
               strcmp(path, "/ws/odir/a b/f") == 0 ||
               strcmp(path, "/ws/ro") == 0 ||
               ((strcmp(path, "/ws/secret") == 0 || strcmp(path, "/ws/r") == 0) && !run);
}

/* The host of those: /ws/odir/new missing, every other name a directory. */
static int fake_host_exists_odir(void *userdata, const char *path) {
        (void) userdata;
        return strcmp(path, "/ws/odir/new") == 0 ? SBX_HOST_NAME_MISSING : SBX_HOST_NAME_DIR;
}

static bool fake_host_permits_none(void *userdata, const char *path, bool run) {
        (void) userdata, (void) path, (void) run;
        return false;
}

/* The command keeps no capability under either backend (and bubblewrap's user namespace maps no
 * other owner), so root's write of another user's 0644 file beneath the workspace, which the host
 * lets root make, is refused by the sandbox: denied, the file its path (before: task_failure under
 * both backends, bwrap's EACCES no denial signature and Landlock's read as the host's bits). Where
 * the host answers no (nobody's run: NULL; a name the bits let root have), as before. */
static void test_classify_root_capability_in_workspace(void **state) {
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_context root = { .cwd = "/ws", .writable = ws, .granted = ws,
                                             .host_permits = fake_host_permits_none, .host_fifo = fake_host_fifo,
                                             .host_needs_capability = fake_host_needs_capability };
        struct sbx_classify_context nobody = { .cwd = "/ws", .writable = ws, .granted = ws,
                                               .host_permits = fake_host_permits_none, .host_fifo = fake_host_fifo };
        static const char *const lines[] = {
                "bash: line 1: other: Permission denied\n",
                "sh: 1: cannot create /ws/other: Permission denied\n",
                "touch: cannot touch 'odir/new': Permission denied\n",
                "sh: 1: cannot create ro: Permission denied\n",
        };
        static const char *const backends[] = { "bwrap", "landlock" };
        struct sbx_classify_result *r;
        (void) state;

        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(lines); i++) {
                        r = run_backend_in(backends[b], &root, lines[i]);
                        assert_verdict(r, "denied");
                        assert_int_equal(r->denial_lines, 1);
                        assert_string_equal(r->denials[0].path, i == 2 ? "/ws/odir/new" : i == 3 ? "/ws/ro" : "/ws/other");
                        assert_verdict(run_backend_in(backends[b], &nobody, lines[i]), "task_failure");
                        /* another name beneath the workspace: the host's bits */
                        assert_verdict(run_backend_in(backends[b], &root, "sh: 1: cannot create mine: Permission denied\n"),
                                       "task_failure");
                }
        /* a read of another user's 0600 file there, which only root's capabilities pass (no
         * execute bit: a run of it the host refuses root too, so the line must tell it is no run),
         * and bash's write of it (before: task_failure for cat's, head's under bwrap, Python's,
         * bash's of `cat < X` and, under Landlock, of `echo > X`) */
        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++) {
                static const char *const reads[] = {
                        "cat: secret: Permission denied\n",
                        "head: cannot open 'secret' for reading: Permission denied\n",
                        "sh: 1: cannot open secret: Permission denied\n",
                        /* a name within the message's words is no word of its own (before:
                         * "for reading" blanked to "fo  eading", no read, asked of a run) */
                        "head: cannot open 'r' for reading: Permission denied\n",
                };
                static const char *const scripts[] = { "cat < secret", "echo x > secret", "cat < secret; echo x >> secret" };
                struct sbx_classify_context sc = root;

                for (size_t i = 0; i < SBX_ELEMENTSOF(reads); i++) {
                        r = run_backend_in(backends[b], &root, reads[i]);
                        if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 ||
                            strcmp(r->denials[0].path, i == 3 ? "/ws/r" : "/ws/secret") != 0)
                                fail_msg("%s: %s: %s, want denied", backends[b], reads[i], sbx_verdict_to_string(r->verdict));
                        assert_verdict(run_backend_in(backends[b], &nobody, reads[i]), "task_failure");
                }
                for (size_t i = 0; i < SBX_ELEMENTSOF(scripts); i++) {
                        sc.script = scripts[i];
                        r = run_backend_in(backends[b], &sc, "bash: line 1: secret: Permission denied\n");
                        if (r->verdict != SBX_VERDICT_DENIED)
                                fail_msg("%s: %s: %s, want denied", backends[b], scripts[i], sbx_verdict_to_string(r->verdict));
                }
                /* a script that may run it: the host refuses root that run too */
                sc.script = "./secret";
                assert_verdict(run_backend_in(backends[b], &sc, "bash: line 1: ./secret: Permission denied\n"), "task_failure");
        }
        /* in read-only mode (nothing granted) too: under bwrap a write there is EROFS, its EACCES
         * root's read refused without capabilities (before: task_failure) */
        {
                struct sbx_classify_context ro = root;

                ro.writable = ro.granted = NULL;
                for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++) {
                        assert_verdict(run_backend_in(backends[b], &ro, "cat: /ws/secret: Permission denied\n"), "denied");
                        assert_verdict(run_backend_in(backends[b], &ro, "head: cannot open '/ws/secret' for reading: Permission denied\n"),
                                       "denied");
                }
                /* a write there too: the kernel asks the bits before the mount of an open that does
                 * not truncate (`>>`, `<>`) and of every directory searched on the way, so root's
                 * EACCES comes before EROFS (before: task_failure under bwrap for `>>`, `exec 3>>`
                 * of another user's 0644 file, `exec 3> D/X` in another user's 0700 directory) */
                {
                        static const char *const writes[] = { "echo x >> /ws/other", "exec 3>> /ws/other",
                                                              "exec 3<> /ws/other", "exec 3> /ws/other" };
                        struct sbx_classify_context nro = nobody;

                        nro.writable = nro.granted = NULL;
                        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++)
                                for (size_t i = 0; i < SBX_ELEMENTSOF(writes); i++) {
                                        ro.script = nro.script = writes[i];
                                        r = run_backend_in(backends[b], &ro, "bash: line 1: /ws/other: Permission denied\n");
                                        if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 ||
                                            strcmp(r->denials[0].path, "/ws/other") != 0)
                                                fail_msg("%s: %s: %s, want denied", backends[b], writes[i],
                                                         sbx_verdict_to_string(r->verdict));
                                        /* (another user: the host's bits; Landlock's line asks
                                         * host_refuses, which nro does not answer) */
                                        r = run_backend_in("bwrap", &nro, "bash: line 1: /ws/other: Permission denied\n");
                                        if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                                                fail_msg("nobody, %s: %s: %s, want task_failure", backends[b], writes[i],
                                                         sbx_verdict_to_string(r->verdict));
                                }
                }
                ro.script = "/ws/secret";
                assert_verdict(run_backend_in("bwrap", &ro, "bash: line 1: /ws/secret: Permission denied\n"), "task_failure");
                ro.host_needs_capability = NULL;
                assert_verdict(run_backend_in("bwrap", &ro, "cat: /ws/secret: Permission denied\n"), "task_failure");
        }
        /* a Rust error chain's errno line, the name on the cause before it (cargo as root in a
         * workspace of another user's: its Cargo.lock), and unzip's indented errno line after the
         * line naming the file: under bwrap the fifo-denial line takes that name too (before:
         * task_failure, the line naming none; Landlock's, a denial signature, read it already) */
        {
                static const char *const chains[] = {
                        "error: failed to write /ws/other\n\nCaused by:\n  failed to open: /ws/other\n\n"
                        "Caused by:\n  Permission denied (os error 13)\n",
                        "Error: writing\n\nCaused by:\n    0: failed to open: /ws/other\n"
                        "    1: Permission denied (os error 13)\n",
                        "checkdir error:  cannot create /ws/odir/new\n                 Permission denied\n",
                        /* unzip's name printed as it is, a space in it (review53: read as b/f, a name
                         * the host does not have: task_failure) */
                        "error:  cannot create odir/a b/f\n        Permission denied\n",
                };
                static const char *const paths[] = { "/ws/other", "/ws/other", "/ws/odir/new", "/ws/odir/a b/f" };

                for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++)
                        for (size_t i = 0; i < SBX_ELEMENTSOF(chains); i++) {
                                r = run_backend_in(backends[b], &root, chains[i]);
                                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 ||
                                    strcmp(r->denials[0].path, paths[i]) != 0)
                                        fail_msg("%s: chain %zu: %s (%s), want denied (%s)", backends[b], i,
                                                 sbx_verdict_to_string(r->verdict),
                                                 r->n_denials > 0 ? r->denials[0].path : "no denial", paths[i]);
                                assert_verdict(run_backend_in(backends[b], &nobody, chains[i]), "task_failure");
                        }
                /* a name the bits let root have, or one the cause does not give: as before */
                assert_verdict(run_backend_in("bwrap", &root,
                                              "error: failed to write /ws/mine\n\nCaused by:\n  failed to open: /ws/mine\n\n"
                                              "Caused by:\n  Permission denied (os error 13)\n"),
                               "task_failure");
                assert_verdict(run_backend_in("bwrap", &root, "Caused by:\n  Permission denied (os error 13)\n"),
                               "task_failure");
        }
        /* a write of another user's 0600 file there (no execute bit), told by words between the
         * signature and the name (Ruby's "@ rb_sysopen -"), a call before it (PHP's), an operation
         * (Node's ", open 'X'"), or by perl's die after its open: no run of it, which the host
         * refuses root too (before: under bwrap the first three, under Landlock perl's, asked of a
         * run, task_failure) */
        {
                static const char *const writes[] = {
                        "-e:1:in `write': Permission denied @ rb_sysopen - secret (Errno::EACCES)\n",
                        /* (one literal: clang's -Wstring-concatenation in an array) */
                        "PHP Warning:  file_put_contents(secret): Failed to open stream: Permission denied in Command line code on line 1\n",
                        "Error: EACCES: permission denied, open 'secret'\n",
                        "secret: Permission denied at -e line 1.\n",
                        /* Java's NIO, its message the path alone, a bare word too: a bwrap
                         * fifo-denial signature now (before: under bwrap no signature, under
                         * Landlock no name, so nobody's read denied too) */
                        "Exception in thread \"main\" java.nio.file.AccessDeniedException: secret\n",
                        /* javac's class file, that exception's message after the class: a bwrap
                         * fifo-denial signature too (before: under bwrap no signature) */
                        "J.java:1: error: error while writing J: /ws/secret\n",
                };
                struct sbx_classify_context pl = root, pl_nobody = nobody;

                pl.inline_script = pl_nobody.inline_script = "open(F, \">\", \"secret\") or die \"secret: $!\"";
                pl.inline_lang = pl_nobody.inline_lang = SBX_INLINE_PERL;
                for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++)
                        for (size_t i = 0; i < SBX_ELEMENTSOF(writes); i++) {
                                r = run_backend_in(backends[b], &pl, writes[i]);
                                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 ||
                                    strcmp(r->denials[0].path, "/ws/secret") != 0)
                                        fail_msg("%s: %s: %s, want denied", backends[b], writes[i],
                                                 sbx_verdict_to_string(r->verdict));
                                assert_verdict(run_backend_in(backends[b], &pl_nobody, writes[i]), "task_failure");
                        }
                /* the lines that name no errno, judged against the argv's file (sqlite3's new
                 * database, curl's output): beneath the granted directories too where root's
                 * capabilities would have made it (before: task_failure, the workspace's never
                 * the sandbox's refusal) */
                struct sbx_classify_context sq = root, sq_nobody = nobody;

                sq.host_dir_missing = sq_nobody.host_dir_missing = fake_host_dir_missing;
                sq.sqlite_target = sq_nobody.sqlite_target = "/ws/odir/x";
                sq.curl_output = sq_nobody.curl_output = "/ws/odir/x";
                for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++) {
                        static const char *const unnamed[] = {
                                "Error: unable to open database \"odir/x\": unable to open database file\n",
                                "curl: (23) Failure writing output to destination\n",
                        };

                        for (size_t i = 0; i < SBX_ELEMENTSOF(unnamed); i++) {
                                r = run_backend_in(backends[b], &sq, unnamed[i]);
                                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 ||
                                    strcmp(r->denials[0].path, "/ws/odir/x") != 0)
                                        fail_msg("%s: %s: %s, want denied", backends[b], unnamed[i],
                                                 sbx_verdict_to_string(r->verdict));
                                assert_verdict(run_backend_in(backends[b], &sq_nobody, unnamed[i]), "task_failure");
                        }
                        /* a name of the workspace the bits let root have: as before */
                        sq.sqlite_target = "/ws/y";
                        assert_verdict(run_backend_in(backends[b], &sq,
                                                      "Error: unable to open database \"y\": unable to open database file\n"),
                                       "task_failure");
                        sq.sqlite_target = "/ws/odir/x";
                }
                /* javac's directory of its -d it could not make, no name nor errno on its line
                 * (before: task_failure, a level beneath the granted directories never the
                 * sandbox's refusal) */
                {
                        struct sbx_classify_context jv = root, jv_nobody = nobody;
                        static const char jline[] = "J.java:1: error: error while writing J: could not create parent "
                                                    "directories\n";

                        jv.host_exists = jv_nobody.host_exists = fake_host_exists_odir;
                        jv.javac_dir = jv_nobody.javac_dir = "/ws/odir/new";
                        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++) {
                                r = run_backend_in(backends[b], &jv, jline);
                                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 ||
                                    strcmp(r->denials[0].path, "/ws/odir/new") != 0)
                                        fail_msg("%s: javac -d odir/new: %s, want denied", backends[b],
                                                 sbx_verdict_to_string(r->verdict));
                                assert_verdict(run_backend_in(backends[b], &jv_nobody, jline), "task_failure");
                        }
                }
                /* Python's exception after its traceback, whose last frame is no child's exec
                 * (subprocess's): no run of the file, which Python's own calls never make
                 * (os.remove, os.rename, open; before: asked of a run, which the host refuses
                 * root too, task_failure under both backends); without the traceback, as before */
                {
                        static const char tb[] = "Traceback (most recent call last):\n  File \"<string>\", line 1, in "
                                                 "<module>\nPermissionError: [Errno 13] Permission denied: 'secret'\n";

                        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++) {
                                r = run_backend_in(backends[b], &root, tb);
                                if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 ||
                                    strcmp(r->denials[0].path, "/ws/secret") != 0)
                                        fail_msg("%s: os.remove's traceback: %s, want denied", backends[b],
                                                 sbx_verdict_to_string(r->verdict));
                                assert_verdict(run_backend_in(backends[b], &nobody, tb), "task_failure");
                                assert_verdict(run_backend_in(backends[b], &root,
                                                              "PermissionError: [Errno 13] Permission denied: 'secret'\n"),
                                               "task_failure");
                        }
                }
                /* perl's line of no open its script shows: read alone, as before (under bwrap a
                 * fifo-denial line naming nothing, under Landlock a denial of no name) */
                pl.inline_script = "system(\"./secret\") == 0 or die \"secret: $!\"";
                assert_verdict(run_backend_in("bwrap", &pl, "secret: Permission denied at -e line 1.\n"), "task_failure");
                r = run_backend_in("landlock", &pl, "secret: Permission denied at -e line 1.\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "");
        }
}

/* The host as sbx run tells it, the command's user root: /ws/prog and /opt/prog are another
 * user's 0700 programs, which root runs on the host (an execute bit set: CAP_DAC_OVERRIDE passes
 * it) and root without capabilities may not; /ws/plain another user's 0600 file, no execute bit,
 * which the host refuses root running too; /tmp/fifo another user's 0600 named pipe, whose run
 * is refused everywhere. As nobody, the host runs none of them. */
static bool fake_host_needs_capability_run(void *userdata, const char *path, bool run) {
        (void) userdata;
        return strcmp(path, "/ws/prog") == 0 || strcmp(path, "/opt/prog") == 0 || strcmp(path, "/tmp/fifo") == 0 ||
               ((strcmp(path, "/ws/plain") == 0 || strcmp(path, "/ws/Makefile") == 0 || strcmp(path, "/ws/s.mk") == 0 ||
                 strcmp(path, "/ws/sub/rules") == 0) &&
                !run);
}

static int fake_host_runs_root(void *userdata, const char *path) {
        (void) userdata;
        if (strcmp(path, "/ws/prog") == 0 || strcmp(path, "/opt/prog") == 0)
                return 1;
        return strcmp(path, "/ws/plain") == 0 || strcmp(path, "/tmp/fifo") == 0 || strcmp(path, "/ws/Makefile") == 0 ||
                               strcmp(path, "/ws/s.mk") == 0 || strcmp(path, "/ws/sub/rules") == 0
                       ? 0
                       : -1;
}

static int fake_host_runs_nobody(void *userdata, const char *path) {
        (void) userdata;
        return fake_host_runs_root(userdata, path) >= 0 ? 0 : -1;
}

struct script_row {
        const char *script, *text, *path;
};

/* Each row's text under both backends: as root, denied of its path (none: task_failure), in
 * workspace-write and read-only mode; as nobody, task_failure. */
static void check_root_rows(const struct script_row *rows, size_t n) {
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_context root = { .cwd = "/ws", .writable = ws, .granted = ws,
                                             .host_permits = fake_host_permits_none, .host_fifo = fake_host_fifo,
                                             .host_runs = fake_host_runs_root,
                                             .host_needs_capability = fake_host_needs_capability_run };
        struct sbx_classify_context nobody = { .cwd = "/ws", .writable = ws, .granted = ws,
                                               .host_permits = fake_host_permits_none, .host_fifo = fake_host_fifo,
                                               .host_runs = fake_host_runs_nobody };
        static const char *const backends[] = { "bwrap", "landlock" };

        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++)
                for (size_t i = 0; i < n; i++) {
                        struct sbx_classify_context r = root, o = nobody;

                        r.script = o.script = rows[i].script;
                        check_row(backends[b], i, rows[i].text, run_backend_in(backends[b], &r, rows[i].text),
                                  rows[i].path ? "denied" : "task_failure", rows[i].path);
                        check_row(backends[b], i, rows[i].text, run_backend_in(backends[b], &o, rows[i].text), "task_failure",
                                  NULL);
                        /* read-only mode: nothing granted, the capabilities dropped all the same */
                        r.writable = r.granted = NULL;
                        check_row(backends[b], i, rows[i].text, run_backend_in(backends[b], &r, rows[i].text),
                                  rows[i].path ? "denied" : "task_failure", rows[i].path);
                }
}

/* Root's run of another user's 0700 program: the command keeps no capability under either
 * backend, so the run the host lets root make is refused in the sandbox, bash's "X: Permission
 * denied" (exit 126), env's, timeout's, exec's: denied, inside the workspace or out, in either
 * mode (before: task_failure under bwrap, whose fifo-denial signature never asked the run line
 * of the capabilities: `./prog`, `./prog; true`, a loop's, env's, timeout's, exec's second
 * line). A file with no execute bit, and a named pipe, the host refuses root running too; as
 * nobody, the host runs none of them: the task's failure. */
static void test_classify_root_run_of_other_users_program(void **state) {
        static const struct script_row rows[] = {
                { "./prog", "bash: line 1: ./prog: Permission denied\n", "/ws/prog" },
                { "./prog; true; exit 3", "bash: line 1: ./prog: Permission denied\n", "/ws/prog" },
                { "for i in 1; do ./prog; done", "bash: line 1: ./prog: Permission denied\n", "/ws/prog" },
                { "/opt/prog", "bash: line 1: /opt/prog: Permission denied\n", "/opt/prog" },
                { "env ./prog", "env: \xe2\x80\x98./prog\xe2\x80\x99: Permission denied\n", "/ws/prog" },
                { "timeout 5 /opt/prog", "timeout: failed to run command \xe2\x80\x98/opt/prog\xe2\x80\x99: Permission denied\n",
                  "/opt/prog" },
                { "exec ./prog", "bash: line 1: exec: /ws/prog: cannot execute: Permission denied\n", "/ws/prog" },
                /* no execute bit, a named pipe: the host refuses root too */
                { "./plain", "bash: line 1: ./plain: Permission denied\n", NULL },
                { "env ./plain", "env: \xe2\x80\x98./plain\xe2\x80\x99: Permission denied\n", NULL },
                { "timeout 5 /tmp/fifo", "timeout: failed to run command \xe2\x80\x98/tmp/fifo\xe2\x80\x99: Permission denied\n",
                  NULL },
                { "exec /tmp/fifo", "bash: line 1: exec: /tmp/fifo: cannot execute: Permission denied\n", NULL },
        };
        (void) state;

        check_root_rows(rows, SBX_ELEMENTSOF(rows));
}

/* GNU make's own line of a name alone, "make: X: Permission denied" ("make[N]: "), is a makefile
 * it could not read (a default name, one the script gives with -f, one the host holds in the
 * cwd: /ws/sub/rules, given as `-f sub/rules` too) or a recipe's command it could not run (`./x`),
 * and an include's "F:N: X: ..." a makefile read: never a write. As root, another user's 0600
 * makefile is the capabilities' refusal, denied (before: task_failure under bwrap, asked of a
 * run of it, which its missing execute bit refuses root on the host too); a recipe's `./plain`,
 * no execute bit, the host's refusal (before: denied under Landlock in read-only mode, asked of a
 * write, and under bwrap too of a file outside); another user's 0700 program, denied. */
static void test_classify_make_lines(void **state) {
        static const struct script_row rows[] = {
                { "make", "make: Makefile: Permission denied\n", "/ws/Makefile" },
                { "make -C /ws", "make[1]: Makefile: Permission denied\n", "/ws/Makefile" },
                { "make -f s.mk", "make: s.mk: Permission denied\n", "/ws/s.mk" },
                { "make -f sub/rules", "make: sub/rules: Permission denied\n", "/ws/sub/rules" },
                { "make -f i.mk", "i.mk:1: s.mk: Permission denied\n", "/ws/s.mk" },
                { "make", "Makefile:3: s.mk: Permission denied\n", "/ws/s.mk" },
                { "make", "make: ./plain: Permission denied\n", NULL },
                { "make", "make[2]: /ws/plain: Permission denied\n", NULL },
                { "make", "make: ./prog: Permission denied\n", "/ws/prog" },
                { "make", "/usr/bin/make: /opt/prog: Permission denied\n", "/opt/prog" },
        };
        (void) state;

        check_root_rows(rows, SBX_ELEMENTSOF(rows));
}

/* The host as sbx run tells it: /ro/own and /ws/own are the user's own files (0444), whose times
 * the host lets it set; /ro/other is another user's. Every write beneath /ro is refused. /tmp/w is
 * another user's file the user may write (the current time its to set, given times not); /tmp/l
 * the user's own symlink (to a file of another user's the user may not write): its own times the
 * host lets it set (not followed: -h), its target's not. */
static int fake_host_sets_times(void *userdata, const char *path, unsigned how) {
        (void) userdata;
        if (strcmp(path, "/ro/own") == 0 || strcmp(path, "/ws/own") == 0)
                return 1;
        if (strcmp(path, "/tmp/w") == 0)
                return how & SBX_TOUCH_TIMES_GIVEN ? 0 : 1;
        if (strcmp(path, "/tmp/l") == 0)
                return how & SBX_TOUCH_NO_DEREF ? 1 : 0;
        return -1;
}

/* The lines of a file read from the argv that name no errno (curl's "(23)", SQLite's "unable to
 * open database", binutils' "Bad file descriptor") beneath the granted directories: a denial where
 * root's write there needs the capabilities the command does not keep, as a line naming the file
 * is (review52: as root in workspace-write, `curl -so F URL` and `sqlite3 F 'create table ...'` of
 * a new F in another user's directory in the workspace read task_failure, `echo x > F` denied).
 * Elsewhere in the workspace, none. */
static void test_classify_argv_file_needs_root_capability(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing,
                                            .host_needs_capability = fake_needs_capability_odir };
        static const char curl[] = "curl: (23) Failure writing output to destination\n",
                          db[] = "Error: unable to open database \"x\": unable to open database file\n",
                          badf[] = "objcopy: x: Bad file descriptor\n";
        (void) state;

        for (size_t b = 0; b < 2; b++)
                for (size_t w = 0; w < 2; w++) {
                        const char *backend = b ? "landlock" : "bwrap", *file = w ? "/ws/x" : "/ws/odir/x",
                                   *want = w ? "task_failure" : "denied", *path = w ? NULL : file;

                        ctx.cwd = w ? "/ws" : "/ws/odir";
                        ctx.curl_output = file;
                        check_row(backend, 0, curl, run_backend_in(backend, &ctx, curl), want, path);
                        ctx.curl_output = NULL;
                        ctx.sqlite_target = file;
                        check_row(backend, 1, db, run_backend_in(backend, &ctx, db), want, path);
                        ctx.sqlite_target = NULL;
                        ctx.bfd_output = file;
                        check_row(backend, 2, badf, run_backend_in(backend, &ctx, badf), want, path);
                        ctx.bfd_output = NULL;
                }
}

/* touch's line as the argv's touch sets the times (touch_how): given times (-d, -t, -r) of a file
 * the user may write but does not own, which the host refuses too (EPERM), are the host's
 * refusal (before: `touch -d DATE` of root's 0666 file as nobody read denied under both backends);
 * a symlink not followed (-h) is asked of itself, not of its target (before: `touch -h L`, the
 * user's own link to a file it may not write, read task_failure). */
static void test_classify_touch_how(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_sets_times = fake_host_sets_times };
        static const struct {
                const char *backend, *text;
                unsigned how;
                const char *verdict;
        } rows[] = {
                { "bwrap", "touch: cannot touch '/tmp/w': Read-only file system\n", SBX_TOUCH_READ, "denied" },
                { "bwrap", "touch: cannot touch '/tmp/w': Read-only file system\n", SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN,
                  "task_failure" },
                { "landlock", "touch: cannot touch '/tmp/w': Permission denied\n", SBX_TOUCH_READ, "denied" },
                { "landlock", "touch: cannot touch '/tmp/w': Permission denied\n", SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN,
                  "task_failure" },
                { "bwrap", "touch: setting times of '/tmp/l': Read-only file system\n", SBX_TOUCH_READ, "task_failure" },
                { "bwrap", "touch: setting times of '/tmp/l': Read-only file system\n", SBX_TOUCH_READ | SBX_TOUCH_NO_DEREF,
                  "denied" },
                { "landlock", "touch: setting times of '/tmp/l': Permission denied\n", SBX_TOUCH_READ, "task_failure" },
                { "landlock", "touch: setting times of '/tmp/l': Permission denied\n", SBX_TOUCH_READ | SBX_TOUCH_NO_DEREF,
                  "denied" },
                /* not told (a script's touch, an option abbreviated): either way the host lets
                 * it, the sandbox's (review50: before, /tmp/l asked of its target alone,
                 * task_failure) */
                { "bwrap", "touch: setting times of '/tmp/l': Read-only file system\n", 0, "denied" },
                { "landlock", "touch: setting times of '/tmp/l': Permission denied\n", 0, "denied" },
                { "landlock", "touch: cannot touch '/tmp/w': Permission denied\n", 0, "denied" },
                /* another program's line: as before */
                { "landlock", "cp: cannot create regular file '/tmp/w': Permission denied\n",
                  SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN, "denied" },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                struct sbx_classify_result *r;

                ctx.touch_how = rows[i].how;
                r = run_backend_in(rows[i].backend, &ctx, rows[i].text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                        fail_msg("row %zu (%s: %s, how %u): %s, want %s", i, rows[i].backend, rows[i].text, rows[i].how,
                                 sbx_verdict_to_string(r->verdict), rows[i].verdict);
        }
}

/* coreutils' touch prints the errno of its open for writing (EACCES: the user's own 0444 file),
 * not that of the times it then could not set (bwrap's EROFS, Landlock's read-only EACCES): where
 * the host lets the user set the file's times (its owner's, or root's), the host would have let
 * touch succeed, so the sandbox refused it (before: as nobody, `touch own` and `touch -c own`
 * read task_failure under both backends, and as root under bwrap another user's file). */
static void test_classify_touch_own_file_times(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses,
                                            .host_sets_times = fake_host_sets_times };
        struct sbx_classify_context in_ro = { .cwd = "/ro", .host_refuses = fake_host_refuses,
                                              .host_sets_times = fake_host_sets_times };
        struct sbx_classify_context ww = { .cwd = "/ws", .granted = granted, .host_refuses = fake_host_refuses,
                                           .host_sets_times = fake_host_sets_times };
        struct sbx_classify_context no_times = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        struct sbx_classify_context offline = { .cwd = "/ws" };
        static const struct {
                const char *backend, *text, *verdict;
        } rows[] = {
                /* bwrap: EACCES is the fifo-denial signature, a denial of touch's line alone */
                { "bwrap", "touch: cannot touch '/ro/own': Permission denied\n", "denied" },
                { "bwrap", "/usr/bin/touch: cannot touch '/ro/own': Permission denied\n", "denied" },
                { "bwrap", "touch: setting times of '/ro/own': Read-only file system\n", "denied" },
                { "bwrap", "touch: cannot touch '/ro/other': Permission denied\n", "task_failure" },
                { "bwrap", "touch: cannot touch '/ro/new': Permission denied\n", "task_failure" },
                { "bwrap", "touch: setting times of '/ro/other': Read-only file system\n", "task_failure" },
                /* another program's open of it: the host refuses the write */
                { "bwrap", "cat: /ro/own: Permission denied\n", "task_failure" },
                { "bwrap", "sh: 1: cannot create /ro/own: Permission denied\n", "task_failure" },
                { "bwrap", "cp: cannot create regular file '/ro/own': Permission denied\n", "task_failure" },
                { "bwrap", "mytouch: cannot touch '/ro/own': Permission denied\n", "task_failure" },
                { "bwrap", "touch: '/ro/own': Permission denied\n", "task_failure" },
                /* Landlock: read-only mode's seccomp refuses utimensat with EACCES */
                { "landlock", "touch: cannot touch '/ro/own': Permission denied\n", "denied" },
                { "landlock", "touch: setting times of '/ro/own': Permission denied\n", "denied" },
                { "landlock", "touch: cannot touch '/ro/other': Permission denied\n", "task_failure" },
                { "landlock", "cp: cannot create regular file '/ro/own': Permission denied\n", "task_failure" },
        };
        struct sbx_classify_result *r;
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                r = run_backend_in(rows[i].backend, &ctx, rows[i].text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                        fail_msg("row %zu (%s: %s): %s, want %s", i, rows[i].backend, rows[i].text,
                                 sbx_verdict_to_string(r->verdict), rows[i].verdict);
                if (r->verdict == SBX_VERDICT_DENIED) {
                        assert_int_equal(r->denial_lines, 1);
                        assert_int_equal(r->n_denials, 1);
                        assert_string_equal(r->denials[0].path, "/ro/own");
                } else
                        assert_int_equal(r->denial_lines, 0);
        }
        r = run_backend_in("bwrap", &ctx, "touch: cannot touch '/ro/own': Permission denied\n");
        assert_string_equal(r->signature, "Permission denied");
        /* a name relative to the cwd */
        r = run_backend_in("bwrap", &in_ro, "touch: cannot touch 'own': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ro/own");
        /* granted (workspace-write): the bind refuses no times there, EACCES is the host's */
        assert_verdict(run_backend_in("bwrap", &ww, "touch: cannot touch '/ws/own': Permission denied\n"),
                       "task_failure");
        assert_verdict(run_backend_in("bwrap", &ww, "touch: cannot touch '/ro/own': Permission denied\n"), "denied");
        /* the host not asked of the times, the text alone: as before */
        assert_verdict(run_backend_in("bwrap", &no_times, "touch: cannot touch '/ro/own': Permission denied\n"),
                       "task_failure");
        assert_verdict(run_backend_in("landlock", &no_times, "touch: cannot touch '/ro/own': Permission denied\n"),
                       "task_failure");
        assert_verdict(run_backend_in("bwrap", &offline, "touch: cannot touch '/ro/own': Permission denied\n"),
                       "task_failure");
}

/* The host as sbx run tells it: /ro/app and /ws/app are append-only files (chattr +a) the user
 * may write, whose current time the host lets it set, given times not (EPERM, root's too);
 * /ws/other another user's 0666 file whose given times the host lets root set (CAP_FOWNER);
 * /ro/imm an immutable one (no times); /tmp/fifo, a pipe, and /ws/ro, root's 0444 file, as the
 * other fakes tell. */
static int fake_host_sets_times_append(void *userdata, const char *path, unsigned how) {
        (void) userdata;
        if (strcmp(path, "/ro/app") == 0 || strcmp(path, "/ws/app") == 0)
                return how & SBX_TOUCH_TIMES_GIVEN ? 0 : 1;
        if (strcmp(path, "/ws/other") == 0)
                return 1;
        if (strcmp(path, "/ro/imm") == 0)
                return 0;
        return -1;
}

/* touch's open for writing of an append-only file is EPERM on the host too ("Operation not
 * permitted", which it prints), then it sets the current time, which the host lets anyone who
 * may write the file but the sandbox refuses (bwrap's read-only bind, Landlock's read-only
 * filter), unprinted: EPERM is a fifo-denial signature of both dialects, of touch's line alone
 * (before: as root and as nobody, `touch F` of a 0666 append-only file outside the workspace, and
 * in it in read-only mode, read task_failure under both backends); beneath the granted
 * directories, touch's EPERM of times the host lets the user set is root's missing capability
 * (root's `touch -d DATE` of another user's 0666 file in the workspace read task_failure). Other
 * lines of EPERM tell neither of a host pipe nor of the bits root's capabilities pass (root's
 * `echo x > F` of its own 0444 immutable file in the workspace: EPERM on the host too). */
static void test_classify_touch_append_only(void **state) {
        static const char *const granted[] = { "/ws", NULL };
        struct sbx_classify_context ro = { .cwd = "/ws", .host_sets_times = fake_host_sets_times_append,
                                           .host_fifo = fake_host_fifo,
                                           .host_needs_capability = fake_host_needs_capability };
        struct sbx_classify_context ww = ro;
        struct sbx_classify_context offline = { .cwd = "/ws" };
        static const struct {
                const char *text;
                unsigned how;
                bool granted;
                const char *verdict, *path;
        } rows[] = {
                { "touch: cannot touch '/ro/app': Operation not permitted\n", SBX_TOUCH_READ, false, "denied", "/ro/app" },
                { "touch: cannot touch 'app': Operation not permitted\n", SBX_TOUCH_READ, false, "denied", "/ws/app" },
                { "touch: cannot touch '/ro/app': Operation not permitted\n", SBX_TOUCH_READ, true, "denied", "/ro/app" },
                /* given times: the host refuses them too */
                { "touch: cannot touch '/ro/app': Operation not permitted\n", SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN,
                  false, "task_failure", NULL },
                { "touch: cannot touch '/ro/imm': Operation not permitted\n", SBX_TOUCH_READ, false, "task_failure", NULL },
                { "touch: cannot touch '/ro/none': Operation not permitted\n", SBX_TOUCH_READ, false, "task_failure", NULL },
                /* granted: root's given times of another user's file, CAP_FOWNER */
                { "touch: setting times of 'other': Operation not permitted\n", SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN,
                  true, "denied", "/ws/other" },
                { "touch: cannot touch 'app': Operation not permitted\n", SBX_TOUCH_READ, true, "denied", "/ws/app" },
                { "touch: cannot touch 'app': Operation not permitted\n", SBX_TOUCH_READ | SBX_TOUCH_TIMES_GIVEN, true,
                  "task_failure", NULL },
                /* another program's EPERM: no pipe, no capability */
                { "bash: line 1: /ws/ro: Operation not permitted\n", SBX_TOUCH_READ, true, "task_failure", NULL },
                { "rm: cannot remove '/ws/other': Operation not permitted\n", SBX_TOUCH_READ, true, "task_failure", NULL },
                { "sh: 1: cannot create /tmp/fifo: Operation not permitted\n", SBX_TOUCH_READ, false, "task_failure", NULL },
                { "cat: /ro/app: Operation not permitted\n", SBX_TOUCH_READ, false, "task_failure", NULL },
        };
        static const char *const backends[] = { "bwrap", "landlock" };
        (void) state;

        ww.granted = granted;
        for (size_t b = 0; b < SBX_ELEMENTSOF(backends); b++)
                for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                        struct sbx_classify_result *r;
                        struct sbx_classify_context *ctx = rows[i].granted ? &ww : &ro;

                        ctx->touch_how = rows[i].how;
                        r = run_backend_in(backends[b], ctx, rows[i].text);
                        if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                                fail_msg("row %zu (%s: %s): %s, want %s", i, backends[b], rows[i].text,
                                         sbx_verdict_to_string(r->verdict), rows[i].verdict);
                        if (rows[i].path) {
                                assert_int_equal(r->denial_lines, 1);
                                assert_string_equal(r->denials[0].path, rows[i].path);
                                assert_string_equal(r->signature, "Operation not permitted");
                        } else
                                assert_int_equal(r->denial_lines, 0);
                        /* the text alone (sbx classify, the fixtures): no denial */
                        assert_verdict(run_backend_in(backends[b], &offline, rows[i].text), "task_failure");
                }
}

/* subprocess's error of the child it started (its last frame _execute_child's "raise
 * child_exception_type(...)", or _posix_spawn's "os.posix_spawn(...)"): the child's execve(2) of
 * the program, or its chdir to the cwd, neither of which the sandbox refuses; execve(2) of a named
 * pipe or of a file without an execute bit is EACCES everywhere (before: as root, denied under
 * both backends, the pipe and the 0644 file read as refused by the sandbox). */
static void test_classify_python_subprocess_exec(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_fifo = fake_host_fifo };
        struct sbx_classify_context offline = { .cwd = "/ws" };
#define PY_HEAD "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n" \
                "  File \"/usr/lib/python3.11/subprocess.py\", line 548, in run\n" \
                "    with Popen(*popenargs, **kwargs) as process:\n" \
                "         ^^^^^^^^^^^^^^^^^^^^^^^^^^^\n" \
                "  File \"/usr/lib/python3.11/subprocess.py\", line 1026, in __init__\n" \
                "    self._execute_child(args, executable, preexec_fn, close_fds,\n"
#define PY_EXEC "  File \"/usr/lib/python3.11/subprocess.py\", line 1950, in _execute_child\n" \
                "    raise child_exception_type(errno_num, err_msg, err_filename)\n"
#define PY_SPAWN "  File \"/usr/lib/python3.11/subprocess.py\", line 1782, in _posix_spawn\n" \
                 "    self.pid = os.posix_spawn(executable, args, env, **kwargs)\n" \
                 "               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
#define PY_ERR(x) "PermissionError: [Errno 13] Permission denied: '" x "'\n"
        static const struct {
                const char *backend, *text, *verdict;
        } rows[] = {
                { "bwrap", PY_HEAD PY_EXEC PY_ERR("/tmp/fifo"), "task_failure" },
                { "bwrap", PY_HEAD PY_SPAWN PY_ERR("/tmp/fifo"), "task_failure" },
                { "landlock", PY_HEAD PY_EXEC PY_ERR("/tmp/fifo"), "task_failure" },
                { "landlock", PY_HEAD PY_EXEC PY_ERR("/opt/noexec"), "task_failure" },
                { "landlock", PY_HEAD PY_SPAWN PY_ERR("/opt/noexec"), "task_failure" },
                /* the frame without its source line (no .py at hand) */
                { "landlock",
                  "Traceback (most recent call last):\n"
                  "  File \"/usr/lib/python3.11/subprocess.py\", line 1950, in _execute_child\n" PY_ERR("/opt/x"),
                  "task_failure" },
                /* another line of _execute_child's, or another function's: as before */
                { "landlock",
                  PY_HEAD "  File \"/usr/lib/python3.11/subprocess.py\", line 1800, in _execute_child\n"
                          "    fd = open(p, 'w')\n" PY_ERR("/opt/x"),
                  "denied" },
                { "landlock",
                  PY_HEAD "  File \"/usr/lib/python3.11/subprocess.py\", line 1700, in _get_handles\n"
                          "    raise child_exception_type(errno_num, err_msg, err_filename)\n" PY_ERR("/opt/x"),
                  "denied" },
                { "landlock",
                  PY_HEAD "  File \"/ws/subprocess.pyc\", line 1950, in _execute_child\n"
                          "    raise child_exception_type(errno_num, err_msg, err_filename)\n" PY_ERR("/opt/x"),
                  "denied" },
                { "landlock", "PermissionError: [Errno 13] Permission denied: '/opt/x'\n", "denied" },
                { "bwrap", "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n"
                           PY_ERR("/tmp/fifo"), "denied" },
        };
#undef PY_HEAD
#undef PY_EXEC
#undef PY_SPAWN
#undef PY_ERR
        struct sbx_classify_result *r;
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(rows); i++) {
                r = run_backend_in(rows[i].backend, strcmp(rows[i].backend, "bwrap") == 0 ? &ctx : &offline, rows[i].text);
                if (strcmp(sbx_verdict_to_string(r->verdict), rows[i].verdict) != 0)
                        fail_msg("row %zu (%s): %s, want %s", i, rows[i].backend, sbx_verdict_to_string(r->verdict),
                                 rows[i].verdict);
                if (r->verdict != SBX_VERDICT_DENIED)
                        assert_int_equal(r->denial_lines, 0);
        }
}

/* text classified by the backend's dialect with ctx and the inline script of lang; its verdict
 * must be `verdict`, a denial's path /tmp/wo-fifo or /tmp/fifo (row i). */
static void check_inline(const char *backend, const struct sbx_classify_context *ctx, enum sbx_inline_lang lang,
                         const char *script, const char *text, const char *verdict, size_t i) {
        static struct sbx_classify_result res;
        struct sbx_classifier *c = NULL;
        struct sbx_exit_status st = { .exit_code = 1 };
        struct sbx_diag diag = { 0 };
        struct sbx_classify_context with = *ctx;

        with.inline_script = script;
        with.inline_lang = lang;
        assert_int_equal(sbx_classifier_new(builtin(backend), &c, &diag), 0);
        assert_int_equal(sbx_classifier_set_context(c, &with), 0);
        assert_int_equal(sbx_classify_feed(c, text, strlen(text)), 0);
        assert_int_equal(sbx_classify_finish(c, &st, &res, &diag), 0);
        sbx_classifier_free(c);
        if (strcmp(sbx_verdict_to_string(res.verdict), verdict) != 0)
                fail_msg("case %zu (%s): %s, want %s", i, script ? script : "(none)", sbx_verdict_to_string(res.verdict),
                         verdict);
        if (res.verdict == SBX_VERDICT_DENIED && strcmp(res.denials[0].path, "/tmp/wo-fifo") != 0 &&
            strcmp(res.denials[0].path, "/tmp/fifo") != 0)
                fail_msg("case %zu: path %s", i, res.denials[0].path);
}

/* A Python open() of a host named pipe whose mode the traceback's last source line does not show:
 * a python3 -c script's line N (its one "<string>" frame, read from the argv's script), and
 * pathlib's own open(), whose mode passes through a name, told by the frame that called it
 * (before: both asked for reading too, so as nobody root's 0622 pipe written read task_failure).
 * Never a guess: two "<string>" frames (exec()), a traceback cut, another open call on the line,
 * a caller's mode not told. */
static void test_classify_bwrap_fifo_python_mode(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_fifo = fake_host_fifo };
#define PY_HEAD "Traceback (most recent call last):\n"
#define PY_C(n) "  File \"<string>\", line " #n ", in <module>\n"
#define PY_ERR "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n"
#define PY_PATHLIB_OPEN                                                                                         \
        "  File \"/usr/lib/python3.11/pathlib.py\", line 1045, in open\n"                                      \
        "    return io.open(self, mode, buffering, encoding, errors, newline)\n"                                 \
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
#define PY_WRITE_TEXT                                                                                           \
        "  File \"/usr/lib/python3.11/pathlib.py\", line 1079, in write_text\n"                                \
        "    with self.open(mode='w', encoding=encoding, errors=errors, newline=newline) as f:\n"               \
        "         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        static const struct {
                const char *script, *text, *verdict;
        } cases[] = {
                { "open('/tmp/wo-fifo', 'w')", PY_HEAD PY_C(1) PY_ERR, "denied" },
                { "import os\nf = open('/tmp/wo-fifo', mode='ab')", PY_HEAD PY_C(2) PY_ERR, "denied" },
                { "import os; os.open('/tmp/wo-fifo', os.O_WRONLY)", PY_HEAD PY_C(1) PY_ERR, "denied" },
                { "import pathlib; pathlib.Path('/tmp/wo-fifo').write_text('x')", PY_HEAD PY_C(1) PY_WRITE_TEXT PY_PATHLIB_OPEN PY_ERR,
                  "denied" },
                { "import pathlib\npathlib.Path('/tmp/wo-fifo').open('w')", PY_HEAD PY_C(2) PY_PATHLIB_OPEN PY_ERR, "denied" },
                /* pathlib 3.13 on */
                { "import pathlib\npathlib.Path('/tmp/wo-fifo').open('w')",
                  PY_HEAD PY_C(2)
                  "  File \"/usr/lib/python3.13/pathlib/_local.py\", line 537, in open\n"
                  "    return io.open(self, mode, buffering, encoding, errors, newline)\n" PY_ERR,
                  "denied" },
                /* read too, or not told: both asked, the host's refusal */
                { "open('/tmp/wo-fifo', 'r+')", PY_HEAD PY_C(1) PY_ERR, "task_failure" },
                { "open('/tmp/wo-fifo')", PY_HEAD PY_C(1) PY_ERR, "task_failure" },
                { "open('/tmp/wo-fifo', 'w')", PY_HEAD PY_C(2) PY_ERR, "task_failure" },
                { "open('/tmp/a', 'w'); open('/tmp/wo-fifo')", PY_HEAD PY_C(1) PY_ERR, "task_failure" },
                { "import pathlib\npathlib.Path('/tmp/wo-fifo').open()", PY_HEAD PY_C(2) PY_PATHLIB_OPEN PY_ERR, "task_failure" },
                { "import pathlib\npathlib.Path('/tmp/wo-fifo').open('r+')", PY_HEAD PY_C(2) PY_PATHLIB_OPEN PY_ERR,
                  "task_failure" },
                { "import pathlib\nopen(pathlib.Path('/tmp/wo-fifo'), 'w')", PY_HEAD PY_C(2) PY_PATHLIB_OPEN PY_ERR,
                  "task_failure" },
                /* Python's lines end at a lone "\r" too: line 2 is the read (review: it was read as
                 * the write after the "\n", denied), or the write */
                { "x=0\ropen('/tmp/wo-fifo')\nopen('/tmp/wo-fifo', 'w')", PY_HEAD PY_C(2) PY_ERR, "task_failure" },
                { "x=0\ropen('/tmp/wo-fifo', 'w')\nopen('/tmp/wo-fifo')", PY_HEAD PY_C(2) PY_ERR, "denied" },
                { "x=0\r\nopen('/tmp/wo-fifo', 'w')\nopen('/tmp/wo-fifo')", PY_HEAD PY_C(2) PY_ERR, "denied" },
                { "x=0\r\nopen('/tmp/wo-fifo', 'w')", PY_HEAD PY_C(3) PY_ERR, "task_failure" },
                { "exec(s)", PY_HEAD PY_C(1) PY_C(1) PY_ERR, "task_failure" },
                { "open('/tmp/wo-fifo', 'w')", PY_C(1) PY_ERR, "task_failure" },
                { NULL, PY_HEAD PY_C(1) PY_ERR, "task_failure" },
                { "open('/tmp/wo-fifo', 'w')",
                  PY_HEAD "  File \"/ws/p.py\", line 1, in <module>\n" PY_PATHLIB_OPEN PY_ERR, "task_failure" },
                { "open('/tmp/wo-fifo', 'w')", PY_HEAD PY_C(1) "  File \"/ws/m.py\", line 3, in f\n" PY_ERR,
                  "task_failure" },
        };
#undef PY_HEAD
#undef PY_C
#undef PY_ERR
#undef PY_PATHLIB_OPEN
#undef PY_WRITE_TEXT
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++)
                check_inline("bwrap", &ctx, SBX_INLINE_PYTHON, cases[i].script, cases[i].text, cases[i].verdict, i);
}

/* perl's `open(...) or die "MSG: $!"` of a host named pipe, its -e script read from the argv:
 * the open's file and mode where its line tells them (before: the mode not read, both asked, so
 * as nobody root's 0622 pipe written read task_failure; a message naming no file, `die "x:
 * $!"`, named no pipe at all). Never a guess: a message that is not the die's, two opens, a
 * mode or a file through an expression, another line. */
static void test_classify_bwrap_fifo_perl_die(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_fifo = fake_host_fifo };
        static const struct {
                const char *script, *text, *verdict;
        } cases[] = {
                { "open(F, '>', '/tmp/wo-fifo') or die \"x: $!\"", "x: Permission denied at -e line 1.\n", "denied" },
                { "open(my $fh, \">>\", \"/tmp/wo-fifo\") || die(\"cannot open: $!\");", "cannot open: Permission denied at -e line 1.\n",
                  "denied" },
                { "use strict;\nopen F, \">/tmp/wo-fifo\" or die \"x: $!\"", "x: Permission denied at -e line 2.\n", "denied" },
                { "my $f = '/tmp/wo-fifo';\nopen(F, '>', $f) or die \"cannot open $f: $!\"",
                  "cannot open /tmp/wo-fifo: Permission denied at -e line 2.\n", "denied" },
                { "$f = '/tmp/wo-fifo'; open(F, \">$f\") or die \"$f: $!\"", "/tmp/wo-fifo: Permission denied at -e line 1.\n",
                  "denied" },
                { "open(F, '>:raw', 'wo-fifo') or die \"x: $!\"", "x: Permission denied at -e line 1.\n", "task_failure" },
                /* read too, or read: the host's refusal */
                { "open(F, '+<', '/tmp/wo-fifo') or die \"x: $!\"", "x: Permission denied at -e line 1.\n", "task_failure" },
                { "open(F, '<', '/tmp/wo-fifo') or die \"x: $!\"", "x: Permission denied at -e line 1.\n", "task_failure" },
                { "open(F, '/tmp/wo-fifo') or die \"x: $!\"", "x: Permission denied at -e line 1.\n", "task_failure" },
                /* not told: the line read alone, as before */
                { "open(F, '>', '/tmp/wo-fifo') or die \"x: $!\"", "x: Permission denied at -e line 2.\n", "task_failure" },
                { "open(F, '>', '/tmp/wo-fifo') or die \"y: $!\"", "x: Permission denied at -e line 1.\n", "task_failure" },
                { "open(F, '>', '/tmp/a') or die \"x: $!\"; open(G, '>', '/tmp/wo-fifo') or die \"x: $!\"",
                  "x: Permission denied at -e line 1.\n", "task_failure" },
                { "open(F, $m, '/tmp/wo-fifo') or die \"x: $!\"", "x: Permission denied at -e line 1.\n", "task_failure" },
                { "open(F, '>', \"/tmp/$n\") or die \"x: $!\"", "x: Permission denied at -e line 1.\n", "task_failure" },
                { "open(F, '>', $f) or die \"x: $!\"", "x: Permission denied at -e line 1.\n", "task_failure" },
                { "open(F, '>', $f) or die \"$g: $!\"", "/tmp/wo-fifo: Permission denied at -e line 1.\n", "task_failure" },
                { "open(F, '>', '/tmp/wo-fifo'); print F 1 or die \"x: $!\"", "x: Permission denied at -e line 1.\n",
                  "task_failure" },
                { "open(F, '>', '/tmp/wo-fifo') or die \"x: $!\"", "x: Permission denied at /ws/p.pl line 1.\n", "task_failure" },
                { NULL, "x: Permission denied at -e line 1.\n", "task_failure" },
                /* the die after another call, the open's close not right before `or die`, or a
                 * handle that is no handle (review: the opendir's refusal read as the open's
                 * write, denied) */
                { "open(G, '>', '/tmp/wo-fifo') if 0; opendir(D, '/root') or die \"x: $!\"", "x: Permission denied at -e line 1.\n",
                  "task_failure" },
                { "open(G, '>', '/tmp/wo-fifo') if 0; sysopen(F, '/tmp/wo-fifo', 0) or die \"x: $!\"",
                  "x: Permission denied at -e line 1.\n", "task_failure" },
                { "open X if 0; sysopen D, '>', '/tmp/wo-fifo' or die \"x: $!\"", "x: Permission denied at -e line 1.\n",
                  "task_failure" },
                { "open(G if 0; sysopen D, '>', '/tmp/wo-fifo') or die \"x: $!\"", "x: Permission denied at -e line 1.\n",
                  "task_failure" },
                { "open(my $fh , '>', '/tmp/wo-fifo' )  or  die \"x: $!\"", "x: Permission denied at -e line 1.\n", "denied" },
                { "open $fh, '>', '/tmp/wo-fifo' or die \"x: $!\"", "x: Permission denied at -e line 1.\n", "denied" },
                /* a line directive numbers the lines after it anew: line 3 is not the text's (review:
                 * the read on the second line read as the write on the third, denied) */
                { "# line 3\nopen(F, '<', '/tmp/wo-fifo') or die \"x: $!\";\nopen(F, '>', '/tmp/wo-fifo') or die \"x: $!\";",
                  "x: Permission denied at -e line 3.\n", "task_failure" },
                { "print 1;\n#line 3\nopen(F, '>', '/tmp/wo-fifo') or die \"x: $!\";", "x: Permission denied at -e line 3.\n",
                  "task_failure" },

                /* the host lets root's pipe be read and written: asked for both, as before */
                { "open(F, '<', '/tmp/fifo') or die \"x: $!\"", "x: Permission denied at -e line 1.\n", "denied" },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++)
                check_inline("bwrap", &ctx, SBX_INLINE_PERL, cases[i].script, cases[i].text, cases[i].verdict, i);
        /* a Python script is not read as perl's */
        check_inline("bwrap", &ctx, SBX_INLINE_PYTHON, cases[0].script, cases[0].text, "task_failure", 0);
}

/* What the command asked of the pipe decides what the host is asked (bwrap): a pipe opened for
 * writing needs the host's write permission alone (dash's "cannot create X", bash's line where
 * its script redirects output into X): as nobody, root's 0622 pipe written is the launcher's
 * refusal (before: the host was asked for reading too, which it refuses nobody, task_failure). A
 * shell's own line that tells of running the pipe (execve(2) of a FIFO is EACCES everywhere) or
 * reading it is no denial (before: root's `bash -c /tmp/fifo` read as denied). */
static void test_classify_bwrap_fifo_what_was_asked(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_fifo = fake_host_fifo };
        static const struct {
                const char *script, *line, *verdict;
        } cases[] = {
                { NULL, "sh: 1: cannot create /tmp/wo-fifo: Permission denied\n", "denied" },
                { NULL, "sh: line 0: can't create /tmp/wo-fifo: Permission denied\n", "denied" },
                { "echo x > /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "echo x >>'/tmp/wo-fifo'; true", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "date >|/tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "cat < /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "echo x 2>&1 /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                /* bash's `>& WORD`, output into WORD (before: a run after `&`, task_failure) */
                { "echo x >& /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "cat < /tmp/wo-fifo >&2", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "echo x > /tmp/wo-fifo2", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                /* tee opens its files for writing alone, cp its destination (before: both
                 * asked, task_failure) */
                { NULL, "tee: /tmp/wo-fifo: Permission denied\n", "denied" },
                { NULL, "/usr/bin/tee: /tmp/wo-fifo: Permission denied\n", "denied" },
                { NULL, "tee: can't open '/tmp/wo-fifo': Permission denied\n", "denied" },
                { NULL, "tee: /tmp/fifo: Permission denied\n", "denied" },
                { NULL, "cp: cannot create regular file '/tmp/wo-fifo': Permission denied\n", "denied" },
                /* Python's open() for writing alone, as its traceback's source line tells */
                { NULL,
                  "Traceback (most recent call last):\n  File \"/ws/p.py\", line 1, in <module>\n"
                  "    open(\"/tmp/wo-fifo\", \"w\")\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "denied" },
                { NULL,
                  "  File \"/ws/p.py\", line 1, in <module>\n"
                  "    f = open(p, mode='ab'); print(1)\n        ^^^^^^^^^^^^^^^^^^^\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "denied" },
                { NULL,
                  "  File \"/ws/p.py\", line 1, in <module>\n    with pathlib.Path(p).open('w') as f:\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "denied" },
                { NULL,
                  "  File \"/ws/p.py\", line 1, in <module>\n    fd = os.open(p, os.O_WRONLY | os.O_CREAT)\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "denied" },
                /* read, read and written, or not told: both asked, as before */
                { NULL,
                  "  File \"/ws/p.py\", line 1, in <module>\n    open(\"/tmp/wo-fifo\", \"r+\")\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "task_failure" },
                { NULL,
                  "  File \"/ws/p.py\", line 1, in <module>\n    open(\"/tmp/wo-fifo\")\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "task_failure" },
                { NULL,
                  "  File \"/ws/p.py\", line 1, in <module>\n    os.open(p, os.O_RDWR)\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "task_failure" },
                { NULL,
                  "  File \"/usr/lib/python3.11/pathlib.py\", line 1045, in open\n"
                  "    return io.open(self, mode, buffering, encoding, errors, newline)\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "task_failure" },
                { NULL, "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n", "task_failure" },
                { NULL, "PermissionError: [Errno 13] Permission denied: '/tmp/fifo'\n", "denied" },
                /* a line that also opens for reading: the call that failed may be that one
                 * (review: as nobody, `open(d, "w").write(open(P).read())` read denied, the read
                 * of root's 0622 pipe refused by the host) */
                { NULL,
                  "  File \"/ws/p.py\", line 1, in <module>\n"
                  "    open(\"/ws/d\", \"w\").write(open(\"/tmp/wo-fifo\").read())\n"
                  "                                   ^^^^^^^^^^^^^^^^^^^^^^^\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "task_failure" },
                { NULL,
                  "  File \"/ws/p.py\", line 1, in <module>\n"
                  "    open(\"/tmp/wo-fifo\", \"w\").write(open(\"/ws/s\", mode=\"r\").read())\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "task_failure" },
                { NULL,
                  "  File \"/ws/p.py\", line 1, in <module>\n"
                  "    open(\"/ws/log\", \"a\"); open(\"/tmp/wo-fifo\", \"wb\")\n"
                  "PermissionError: [Errno 13] Permission denied: '/tmp/wo-fifo'\n",
                  "denied" },
                { NULL, "dd: failed to open '/tmp/wo-fifo': Permission denied\n", "task_failure" },
                { NULL, "dd: failed to open 'wo-fifo': Permission denied\n", "task_failure" },
                { NULL, "cat: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { NULL, "tar: /tmp/wo-fifo: Cannot open: Permission denied\n", "task_failure" },
                /* running the pipe, which the host refuses anyone */
                { "/tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "exec /tmp/fifo", "bash: /tmp/fifo: Permission denied\n", "task_failure" },
                /* a line the script is not known to run or read: a write is what the sandbox
                 * refuses (a name through a variable; a script file's own line), both asked */
                { NULL, "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "f=/tmp/fifo; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "f=/tmp/wo-fifo; echo x > $f", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "echo /tmp/fifo.log", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                /* read, which the sandbox never refuses, or run */
                { "cat < /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "cat <'/tmp/fifo' | wc", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "true; /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "true && \"/tmp/fifo\" x", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "x=$(/tmp/fifo)", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "source /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "set -e\n. /tmp/fifo", "bash: line 2: /tmp/fifo: Permission denied\n", "task_failure" },
                { "command   /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                /* after a keyword a command follows (before: not seen as a run, denied) */
                { "for i in 1; do /tmp/fifo; done", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "if true; then /tmp/fifo; fi", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "if false; then :; else\n  /tmp/fifo\nfi", "bash: line 3: /tmp/fifo: Permission denied\n", "task_failure" },
                { "! /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "while /tmp/fifo; do :; done", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                /* a failed execve(2) of the pipe told by its own words, the host's refusal too
                 * (review: bash's second line of `exec PIPE`, dash's, timeout's, env's read denied) */
                { "exec /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\nbash: line 1: exec: /tmp/fifo: cannot execute: "
                  "Permission denied\n", "task_failure" },
                { "exec /tmp/fifo", "sh: 1: exec: /tmp/fifo: Permission denied\n", "task_failure" },
                { NULL, "timeout: failed to run command '/tmp/fifo': Permission denied\n", "task_failure" },
                { NULL, "setsid: failed to execute /tmp/fifo: Permission denied\n", "task_failure" },
                { NULL, "env: can't execute '/tmp/fifo': Permission denied\n", "task_failure" },
                { NULL, "/usr/bin/time: cannot run /tmp/fifo: Permission denied\n", "task_failure" },
                { NULL, "env: \xe2\x80\x98/tmp/fifo\xe2\x80\x99: Permission denied\n", "task_failure" },
                { NULL, "/usr/bin/nice: '/tmp/fifo': Permission denied\n", "task_failure" },
                { NULL, "xargs: /tmp/fifo: Permission denied\n", "task_failure" },
                { NULL, "cat: /tmp/fifo: Permission denied\n", "denied" },
                { NULL, "prog: failed to open /tmp/fifo: Permission denied\n", "denied" },
                { NULL, "envy: /tmp/fifo: Permission denied\n", "denied" },
                /* after a runner's options (review: root's `exec -a x PIPE` read denied) */
                { "exec -a x /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "exec -cl -a 'n' /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "exec -- /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "command -p /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "if true; then time -p /tmp/fifo; fi", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "exec -a /tmp/fifo x; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "command -v /tmp/fifo; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "echo -p /tmp/fifo; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "undo /tmp/fifo; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "echo do /tmp/fifo; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "cat x/tmp/fifo; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "cat <</tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "/tmp/fifo", "sh: 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "/tmp/fifo", "/usr/bin/dash: 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "/tmp/fifo > /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                /* a '>' or '<' in quoted text, escaped or in a comment is no redirection, nor is a
                 * name there a command's (before: read as a write alone, or as a read) */
                { "echo \"a > /tmp/wo-fifo now\"; cat < /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "echo 'a >/tmp/wo-fifo x'; cat < /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "echo $'a\\'>/tmp/wo-fifo x'; cat < /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "echo a \\> /tmp/wo-fifo; cat < /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "# echo x > /tmp/wo-fifo\ncat < /tmp/wo-fifo", "bash: line 2: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "echo \"x\\\" > /tmp/wo-fifo \"; cat < /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "printf '>x' > /tmp/wo-fifo", "sh: 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "echo 'a#b' > /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "echo a#b > /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "echo \"cat < /tmp/fifo now\"; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "echo '; /tmp/fifo x'; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "echo x # ; /tmp/fifo\necho x > $f", "bash: line 2: /tmp/fifo: Permission denied\n", "denied" },
                { "echo \\; /tmp/fifo; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "echo 'exec /tmp/fifo x'; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "'/tmp/fifo'", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "cat < \"/tmp/fifo\"", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                /* a command substitution within double quotes is the shell's own text (before:
                 * read as quoted text, the run or the read taken for a write, the write for none) */
                { "x=\"$(/tmp/fifo)\"", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "echo \"a $(cat < /tmp/fifo)\"", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "echo \"`cat < /tmp/fifo`\"", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "echo \"$(echo \"$(cat < /tmp/fifo)\")\"", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "echo \"$(echo x > /tmp/wo-fifo)\"", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "echo \"$(echo ')' > /tmp/wo-fifo)\"", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                /* its text after the substitution, and arithmetic, stay quoted */
                { "echo \"$(echo ')') < /tmp/fifo\"; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "echo \"$((1)) < /tmp/fifo\"; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "echo \"\\$(cat < /tmp/fifo)\"; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                /* a parameter expansion's word is text, its quotes its own (review: the inner
                 * quotes of `"${x:-"a > X"}"` read as closing the outer ones, the `> X` taken for
                 * a write, the read of root's 0622 pipe as nobody denied) */
                { "echo \"${x:-\"> /tmp/wo-fifo now\"}\"; cat < /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "echo ${x:-> /tmp/wo-fifo }; cat < /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "echo \"${x:-\"${y:-\"a > /tmp/wo-fifo\"}\"}\"; cat < /tmp/wo-fifo",
                  "bash: line 1: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "echo \"${x:-'}'} > /tmp/wo-fifo\"; cat < /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "echo \"${x:-\"a\"}\" > /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "echo ${x:-a} > /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "echo \"${x:-$(echo x > /tmp/wo-fifo)}\"", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "echo \"${x:-\"$(cat < /tmp/fifo)\"}\"", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                /* `<>` opens for reading and writing: both asked, wherever else the script writes
                 * the name (review: as nobody, `echo x <> P` of root's 0622 pipe read denied) */
                { "echo x <> /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "exec 3<>/tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "echo x > /tmp/wo-fifo; cat 3<> '/tmp/wo-fifo'", "bash: line 1: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "echo x <> /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "echo '<>' > /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                /* a here-document's lines are text, to its delimiter's line (review: as nobody, a
                 * body reading `> X` took the script's read of root's 0622 pipe for a write, and
                 * an apostrophe in one took the write after it for quoted text) */
                { "cat <<EOF\nto write: echo x > /tmp/wo-fifo\nEOF\ncat < /tmp/wo-fifo",
                  "bash: line 4: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "cat <<EOF\ndon't\nEOF\necho x > /tmp/wo-fifo", "bash: line 4: /tmp/wo-fifo: Permission denied\n",
                  "denied" },
                { "cat <<-'E'\n\techo x > /tmp/wo-fifo\n\tE\ncat < /tmp/wo-fifo",
                  "bash: line 4: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "cat <<A <<\"B\"\nA\necho x > /tmp/wo-fifo\nB\ncat < /tmp/wo-fifo",
                  "bash: line 5: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "cat <<EOF\necho x > /tmp/wo-fifo", "bash: line 2: /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "cat<<EOF\nx\nEOF\n/tmp/fifo", "bash: line 4: /tmp/fifo: Permission denied\n", "task_failure" },
                /* but a command substitution in the body of an unquoted delimiter is the shell's
                 * (review: the refused write there read task_failure) */
                { "cat <<EOF\n$(echo x > /tmp/wo-fifo)\nEOF\nfalse", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "cat <<-EOF\n\ta `echo x > /tmp/wo-fifo` b\n\tEOF", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "cat <<EOF\n$(echo\nEOF\necho x > /tmp/wo-fifo", "bash: line 4: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "cat <<'EOF'\n$(echo x > /tmp/wo-fifo)\nEOF\ncat < /tmp/wo-fifo", "bash: line 4: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "cat <<E\"O\"F\n$(echo x > /tmp/wo-fifo)\nEOF\ncat < /tmp/wo-fifo", "bash: line 4: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "cat <<\\EOF\n$(echo x > /tmp/wo-fifo)\nEOF\ncat < /tmp/wo-fifo", "bash: line 4: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "cat <<EOF\n\\$(echo x > /tmp/wo-fifo)\nEOF\ncat < /tmp/wo-fifo", "bash: line 4: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                { "cat <<EOF\n$((1)) > /tmp/wo-fifo\nEOF\ncat < /tmp/wo-fifo", "bash: line 4: /tmp/wo-fifo: Permission denied\n",
                  "task_failure" },
                /* a here-string, a shift: no here-document */
                { "cat <<< x; echo x > /tmp/wo-fifo", "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "echo $((1<<2))\necho x > /tmp/wo-fifo", "bash: line 2: /tmp/wo-fifo: Permission denied\n", "denied" },
                /* dash's and ash's "cannot create X" of a `<> X` alike (before: denied) */
                { "echo x <> /tmp/wo-fifo", "sh: 1: cannot create /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "echo x <> /tmp/wo-fifo", "sh: can't create /tmp/wo-fifo: Permission denied\n", "task_failure" },
                { "echo x <> /tmp/fifo", "sh: 1: cannot create /tmp/fifo: Permission denied\n", "denied" },
                { "echo x >> /tmp/wo-fifo", "sh: 1: cannot create /tmp/wo-fifo: Permission denied\n", "denied" },
                /* a script that runs X once and writes through a variable: bash prints the same
                 * line for both, the run's first (one at most), a later one the write's, for
                 * writing alone (before: each read as the run, task_failure) */
                { "/tmp/fifo; f=/tmp/fifo; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n"
                  "bash: line 1: /tmp/fifo: Permission denied\n", "denied" },
                { "/tmp/wo-fifo; f=/tmp/wo-fifo; echo x > \"$f\"", "bash: line 1: /tmp/wo-fifo: Permission denied\n"
                  "bash: line 1: /tmp/wo-fifo: Permission denied\n", "denied" },
                { "cat < /tmp/fifo\nf=/tmp/fifo; echo x >> $f", "bash: line 1: /tmp/fifo: Permission denied\n"
                  "bash: line 2: /tmp/fifo: Permission denied\n", "denied" },
                /* the run's line alone, or lines that may all be runs or reads: no denial */
                { "/tmp/fifo; f=/tmp/other; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "/tmp/fifo; /tmp/fifo; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n"
                  "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "for i in 1 2; do :; /tmp/fifo; done; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n"
                  "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "/tmp/fifo; f=/tmp/fifo; $f; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n"
                  "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "/tmp/fifo; f=/tmp/fifo; cat < \"$f\"; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n"
                  "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "/tmp/fifo; f=/tmp/fifo; . $f; echo x > $f", "bash: line 1: /tmp/fifo: Permission denied\n"
                  "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
                { "/tmp/fifo; /tmp/fifo", "bash: line 1: /tmp/fifo: Permission denied\n"
                  "bash: line 1: /tmp/fifo: Permission denied\n", "task_failure" },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_classify_result *r;

                ctx.script = cases[i].script;
                r = run_backend_in("bwrap", &ctx, cases[i].line);
                if (strcmp(sbx_verdict_to_string(r->verdict), cases[i].verdict) != 0)
                        fail_msg("case %zu (%s, %s): %s, want %s", i, cases[i].script ? cases[i].script : "-", cases[i].line, sbx_verdict_to_string(r->verdict),
                                 cases[i].verdict);
                if (strcmp(cases[i].verdict, "denied") == 0 && strcmp(r->denials[0].path, "/tmp/wo-fifo") != 0 &&
                    strcmp(r->denials[0].path, "/tmp/fifo") != 0)
                        fail_msg("case %zu: path %s", i, r->denials[0].path);
        }
}

/* dd's "failed to open 'X'" names its if= and its of= alike: a write alone where X is the of=
 * the caller read from the argv (dd_output; before, the host was asked for reading too, and as
 * nobody root's 0622 pipe written read task_failure). */
static void test_classify_bwrap_fifo_dd_output(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/tmp", .host_fifo = fake_host_fifo, .dd_output = "/tmp/wo-fifo" };
        struct sbx_classify_context other = ctx, none = ctx;
        struct sbx_classify_result *r;
        (void) state;

        other.dd_output = "/tmp/out";
        none.dd_output = NULL;
        r = run_backend_in("bwrap", &ctx, "dd: failed to open '/tmp/wo-fifo': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/tmp/wo-fifo");
        assert_verdict(run_backend_in("bwrap", &ctx, "dd: failed to open 'wo-fifo': Permission denied\n"), "denied");
        assert_verdict(run_backend_in("bwrap", &ctx, "/usr/bin/dd: failed to open 'wo-fifo': Permission denied\n"), "denied");
        /* its if= (the of= another file), another program's line, no argv read: both asked */
        assert_verdict(run_backend_in("bwrap", &other, "dd: failed to open '/tmp/wo-fifo': Permission denied\n"),
                       "task_failure");
        assert_verdict(run_backend_in("bwrap", &ctx, "add: failed to open '/tmp/wo-fifo': Permission denied\n"),
                       "task_failure");
        assert_verdict(run_backend_in("bwrap", &none, "dd: failed to open '/tmp/wo-fifo': Permission denied\n"),
                       "task_failure");
}

/* The files the caller read from the argv (move_dest, sqlite_target, dd_output) are text, an
 * env's -C DIR joined to its names: a ".." after a symlink is its target's parent, as the kernel
 * resolves it, and they are resolved on the host as a line's names are (review: as nobody under
 * Landlock, `env -C /var/tmp/l/.. busybox mv ./f x`, l a link to /etc/ssl, recorded denied
 * /var/tmp/x, a path it never wrote, for the host's refusal of /etc/x). */
static void test_classify_argv_files_resolved_after_symlink(void **state) {
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .writable = ws, .granted = ws, .resolve = fake_resolve,
                                            .host_permits = host_permits_but_ro, .host_refuses = fake_host_refuses,
                                            .host_dir_missing = fake_host_dir_missing,
                                            .move_dest = "/ws/link/../ro", .move_into = true };
        struct sbx_classify_context home = ctx, sqlite = ctx, dd = { .cwd = "/tmp", .resolve = fake_resolve,
                                                                      .host_fifo = fake_host_fifo,
                                                                      .dd_output = "/ws/link/../tmp/wo-fifo" };
        struct sbx_classify_result *r;
        (void) state;

        /* /ro/f, which the host refuses too */
        assert_verdict(run_backend_in("landlock", &ctx, "mv: can't rename './f': Permission denied\n"), "task_failure");
        home.move_dest = "/ws/link/../home/u";
        r = run_backend_in("landlock", &home, "mv: can't rename './f': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/home/u/f");
        sqlite.move_dest = NULL;
        sqlite.sqlite_target = "/ws/link/../home/u/x";
        for (size_t b = 0; b < 2; b++) {
                r = run_backend_in(b ? "landlock" : "bwrap", &sqlite, "Error: cannot open \"/ws/link/../home/u/x\"\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "/home/u/x");
        }
        r = run_backend_in("bwrap", &dd, "dd: failed to open '/tmp/wo-fifo': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/tmp/wo-fifo");
}

/* A pipe's name with newlines, which the shells print raw across lines ("sh: 1: cannot create
 * /tmp/a" then "b: Permission denied"), is read whole from the shell's line on, where the host
 * holds a pipe of that name (before: "b" alone, no pipe, task_failure); GNU's quoting
 * ('/tmp/w'$'\n''b') is read on its line. Elsewhere the line names no pipe: never a wrong path. */
static void test_classify_bwrap_fifo_name_with_newline(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_fifo = fake_host_fifo };
        static const struct {
                const char *script, *text, *verdict, *path;
        } cases[] = {
                { NULL, "sh: 1: cannot create /tmp/a\nb: Permission denied\n", "denied", "/tmp/a\nb" },
                { NULL, "/bin/dash: 3: can't create /tmp/a\nb: Permission denied\n", "denied", "/tmp/a\nb" },
                { "echo x > '/tmp/a\nb'", "bash: line 1: /tmp/a\nb: Permission denied\n", "denied", "/tmp/a\nb" },
                { NULL, "make: ok\nsh: 1: cannot create /tmp/x\ny\nz: Permission denied\n", "denied", "/tmp/x\ny\nz" },
                /* written alone: dash's redirection, bash's where its script writes it */
                { NULL, "sh: 1: cannot create /tmp/w\nb: Permission denied\n", "denied", "/tmp/w\nb" },
                { "echo x >'/tmp/w\nb'", "bash: line 1: /tmp/w\nb: Permission denied\n", "denied", "/tmp/w\nb" },
                { NULL, "bash: line 1: /tmp/w\nb: Permission denied\n", "task_failure", NULL },
                { "cat < '/tmp/w\nb'", "bash: line 1: /tmp/w\nb: Permission denied\n", "task_failure", NULL },
                /* run: the host refuses anyone */
                { "'/tmp/a\nb'", "bash: line 1: /tmp/a\nb: Permission denied\n", "task_failure", NULL },
                /* GNU's quoting, on one line */
                { NULL, "cp: cannot create regular file '/tmp/w'$'\\n''b': Permission denied\n", "denied", "/tmp/w\nb" },
                { NULL, "tee: '/tmp/w'$'\\n''b': Permission denied\n", "denied", "/tmp/w\nb" },
                /* no pipe of the name read whole, or no shell's line before: no denial */
                { NULL, "sh: 1: cannot create /tmp/q\nb: Permission denied\n", "task_failure", NULL },
                { NULL, "cat: /tmp/a\nb: Permission denied\n", "task_failure", NULL },
                { NULL, "bash: line 1: /tmp/a\n\n\n\n\nb: Permission denied\n", "task_failure", NULL },
                /* more than 4 newlines, a ':' in its last part (before: not read whole, no
                 * denial) */
                { NULL, "sh: 1: cannot create /tmp/m\n1\n2\n3\n4\n5\nb: Permission denied\n", "denied", "/tmp/m\n1\n2\n3\n4\n5\nb" },
                { NULL, "sh: 1: cannot create /tmp/a\nb:c: Permission denied\n", "denied", "/tmp/a\nb:c" },
                /* a last part with ": " is a program's own line: read alone */
                { NULL, "sh: 1: cannot create /tmp/a\nb: c: Permission denied\n", "task_failure", NULL },
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++)
                for (size_t chunk = 1; chunk <= 4096; chunk += 4095) {
                        struct sbx_classify_result res;
                        struct sbx_classifier *c = NULL;
                        struct sbx_exit_status st = { .exit_code = 1 };
                        struct sbx_diag diag = { 0 };
                        size_t n = strlen(cases[i].text);

                        ctx.script = cases[i].script;
                        assert_int_equal(sbx_classifier_new(builtin("bwrap"), &c, &diag), 0);
                        assert_int_equal(sbx_classifier_set_context(c, &ctx), 0);
                        /* byte by byte too: the lines before are the same however stderr came */
                        for (size_t at = 0; at < n; at += chunk)
                                assert_int_equal(sbx_classify_feed(c, cases[i].text + at, n - at < chunk ? n - at : chunk), 0);
                        assert_int_equal(sbx_classify_finish(c, &st, &res, &diag), 0);
                        sbx_classifier_free(c);
                        if (strcmp(sbx_verdict_to_string(res.verdict), cases[i].verdict) != 0)
                                fail_msg("case %zu (%s, fed %zu at a time): %s, want %s", i, cases[i].text, chunk,
                                         sbx_verdict_to_string(res.verdict), cases[i].verdict);
                        if (cases[i].path && strcmp(res.denials[0].path, cases[i].path) != 0)
                                fail_msg("case %zu: path '%s', want '%s'", i, res.denials[0].path, cases[i].path);
                        if (!cases[i].path && res.n_denials != 0)
                                fail_msg("case %zu: %zu denials, path '%s'", i, res.n_denials, res.denials[0].path);
                }
}

/* The host's mounts as sbx run tells them under bwrap: /shm is the sandbox's own temp area (a
 * tmpfs of its own, granted), whose files stand for ones in the caller's $TMPDIR, here on the
 * workspace's mount; /nx/ cannot be told. */
static uint64_t fake_host_mount_private_shm(void *userdata, const char *path) {
        (void) userdata;
        return strncmp(path, "/nx/", 4) == 0 ? 0 : 3;
}

/* An atomic write made in bwrap's temp area and moved into the workspace (Python's tempfile, then
 * os.replace(); Node's rename) fails with EXDEV, the temp area a mount of the sandbox's: the
 * sandbox's, the workspace name its path; one moved out of the workspace names the file outside
 * (review: read as the host's EXDEV from its own /dev/shm, task_failure). */
static void test_classify_cross_device_from_private_temp(void **state) {
        static const char *const granted[] = { "/ws", "/shm", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .granted = granted,
                                            .host_mount = fake_host_mount_private_shm };
        static const struct {
                const char *line, *path;
        } cases[] = {
                { "OSError: [Errno 18] Invalid cross-device link: '/shm/tmpa7js' -> 'atomic'", "/ws/atomic" },
                { "Error: EXDEV: cross-device link not permitted, rename '/shm/t' -> '/ws/a'", "/ws/a" },
                { "OSError: [Errno 18] Invalid cross-device link: '/shm/tmpa7js' -> '/home/u/f'", "/home/u/f" },
        };
        char text[512];
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_classify_result *r;

                snprintf(text, sizeof(text), "%s\n", cases[i].line);
                r = run_backend_in("bwrap", &ctx, text);
                assert_verdict(r, "denied");
                assert_int_equal(r->n_denials, 1);
                assert_string_equal(r->denials[0].path, cases[i].path);
        }
}

static bool fake_host_refuses_owner(void *userdata, const char *path, bool mode) {
        (void) userdata;
        (void) mode;
        return strncmp(path, "/ro/", 4) == 0;
}

/* A host whose procfs refuses a change of mode beneath /proc/self, none of owner. */
static bool fake_proc_refuses_mode(void *userdata, const char *path, bool mode) {
        (void) userdata;
        return mode && strncmp(path, "/proc/self/", 11) == 0;
}

/* chmod and chown are the owner's: as nobody, a change of the mode or the owner of a file of
 * root's outside the workspace fails on the host with EPERM, and under bwrap with the read-only
 * mount's EROFS (it read as denied: the words of a mode change keep a line from being asked as a
 * write, which the file's bits would not decide). A set-ID bit on the user's own file stays the
 * sandbox's. */
static void test_classify_host_refuses_owner(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses,
                                            .host_refuses_owner = fake_host_refuses_owner };
        struct sbx_classify_context plain = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        static const char *const changes[] = {
                "chmod: changing permissions of '/ro/f': Read-only file system",
                "chown: changing ownership of '/ro/f': Read-only file system",
                "install: cannot change permissions of '/ro/f': Read-only file system",
        };

        for (size_t i = 0; i < SBX_ELEMENTSOF(changes); i++) {
                struct sbx_classify_result *r = run_backend_in("bwrap", &ctx, changes[i]);

                if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                        fail_msg("'%s': %s", changes[i], sbx_verdict_to_string(r->verdict));
                assert_verdict(run_backend_in("bwrap", &plain, changes[i]), "denied");
        }
        /* the user's own file (or the host cannot tell): the sandbox's */
        assert_verdict(run_backend_in("bwrap", &ctx,
                                      "chmod: changing permissions of '/etc/f': Read-only file system\n"),
                       "denied");
        assert_verdict(run_landlock_in(&ctx, "chmod: changing permissions of 'f': Permission denied\n"), "denied");
        /* no mode or owner change among the words the sandbox refuses everywhere: not asked */
        assert_verdict(run_landlock_in(&ctx, "mknod: /ro/dev: Permission denied\n"), "denied");
        /* the kind of change is told: procfs refuses root a process's file's mode, not its owner
         * (root's chmod 600 /proc/self/status read as denied under both backends) */
        {
                struct sbx_classify_context proc = { .cwd = "/ws", .host_refuses = fake_host_refuses,
                                                     .host_refuses_owner = fake_proc_refuses_mode };
                static const char *const mode[] = {
                        "chmod: changing permissions of '/proc/self/status': Operation not permitted\n",
                        "install: cannot change permissions of '/proc/self/status': Operation not permitted\n",
                        "tar: /proc/self/status: Cannot change mode to rw-------: Operation not permitted\n",
                };
                static const char *const owner[] = {
                        "chown: changing ownership of '/proc/self/status': Operation not permitted\n",
                        "chgrp: changing group of '/proc/self/status': Operation not permitted\n",
                        "cp: failed to preserve ownership for '/proc/self/status': Operation not permitted\n",
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(mode); i++)
                        if (run_landlock_in(&proc, mode[i])->verdict != SBX_VERDICT_TASK_FAILURE)
                                fail_msg("'%s': not the host's", mode[i]);
                for (size_t i = 0; i < SBX_ELEMENTSOF(owner); i++)
                        if (run_landlock_in(&proc, owner[i])->verdict != SBX_VERDICT_DENIED)
                                fail_msg("'%s': not the sandbox's", owner[i]);
        }
}

/* A change of owner or group refused to root in workspace-write: bubblewrap's user namespace
 * maps no other id (EINVAL), the Landlock launcher keeps no CAP_CHOWN (EPERM), and the host would
 * have made it (it read as the command's failure). chown(1), chgrp and install print it for any
 * user; a user other than root is refused such a change on the host too (EPERM): the task's. A
 * line that also carries the write's errno (read-only mode) is judged by host_refuses_owner, as
 * before: a change of owner to the user itself, which the host allows, is the sandbox's there. */
static void test_classify_owner_change_by_root_or_not(void **state) {
        (void) state;
        static const struct {
                const char *backend, *line;
        } lines[] = {
                { "bwrap", "chown: changing ownership of 'f': Invalid argument" },
                { "bwrap", "chgrp: changing group of 'f': Invalid argument" },
                { "bwrap", "install: cannot change ownership of './inst': Invalid argument" },
                { "bwrap", "tar: f: Cannot change ownership to uid 1000, gid 65534: Invalid argument" },
                { "landlock", "chown: changing ownership of 'f': Operation not permitted" },
                { "landlock", "chown: changing ownership of '/etc/x': Operation not permitted" },
                { "landlock", "chgrp: changing group of 'f': Operation not permitted" },
                { "landlock", "install: cannot change ownership of './inst': Operation not permitted" },
                { "landlock", "cp: failed to preserve ownership for './o2': Operation not permitted" },
        };
        static const char *const writable[] = { "/ws", NULL };
        struct sbx_classify_context root = { .cwd = "/ws", .host_refuses = fake_host_refuses,
                                             .host_refuses_owner = fake_host_refuses_owner };
        struct sbx_classify_context nobody = root, root_ws = root, nobody_ws;
        char text[512];

        nobody.unprivileged = true;
        root_ws.writable = writable;
        nobody_ws = root_ws;
        nobody_ws.unprivileged = true;
        for (size_t i = 0; i < SBX_ELEMENTSOF(lines); i++) {
                const struct sbx_classify_context *ctx[] = { &root, &root_ws, &nobody, &nobody_ws };

                snprintf(text, sizeof(text), "%s\n", lines[i].line);
                for (size_t k = 0; k < SBX_ELEMENTSOF(ctx); k++) {
                        struct sbx_classify_result *r = run_backend_in(lines[i].backend, ctx[k], text);
                        const char *want = ctx[k]->unprivileged ? "task_failure" : "denied";

                        if (strcmp(sbx_verdict_to_string(r->verdict), want) != 0)
                                fail_msg("%s '%s' (context %zu): expected %s, got %s", lines[i].backend, lines[i].line,
                                         k, want, sbx_verdict_to_string(r->verdict));
                        assert_int_equal(r->denial_lines, ctx[k]->unprivileged ? 0 : 1);
                }
                /* the text alone (sbx classify, fixtures) */
                assert_verdict(run(lines[i].backend, 1, 0, text), "denied");
        }
        /* another signature too: the write's errno, asked of the file (the user's own here) */
        assert_verdict(run_backend_in("bwrap", &nobody, "chown: changing ownership of 'lnk': Read-only file system\n"),
                       "denied");
        assert_verdict(run_backend_in("landlock", &nobody, "chown: changing ownership of 'lnk': Permission denied\n"),
                       "denied");
        assert_verdict(run_backend_in("bwrap", &nobody, "chown: changing ownership of '/ro/f': Read-only file system\n"),
                       "task_failure");
        /* a root-owned read-only mount refuses root too */
        assert_verdict(run_backend_in("landlock", &root, "chown: changing ownership of '/ro/f': Operation not permitted\n"),
                       "task_failure");
        /* the line after it still counts for nobody */
        struct sbx_classify_result *r = run_backend_in("landlock", &nobody,
                                                       "chown: changing ownership of 'f': Operation not permitted\n"
                                                       "touch: cannot touch '/etc/x': Permission denied\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 2);
}

/* chmod(1)'s change of the mode of a file of another owner's refused to root: the Landlock
 * launcher keeps no CAP_FOWNER (EPERM, outside the workspace too, where Landlock governs no chmod),
 * bubblewrap's user namespace maps no other owner (EPERM in the workspace), and the host would
 * have made it (it read as the command's failure). A user other than root is refused a file not
 * its own on the host too: host_refuses_owner, the task's. */
static void test_classify_mode_change_by_root(void **state) {
        (void) state;
        static const struct {
                const char *backend, *line;
        } lines[] = {
                { "bwrap", "chmod: changing permissions of 'f': Operation not permitted" },
                { "bwrap", "chmod: changing permissions of './f': Operation not permitted" },
                { "landlock", "chmod: changing permissions of 'f': Operation not permitted" },
                { "landlock", "chmod: changing permissions of '/var/tmp/x': Operation not permitted" },
        };
        static const char *const writable[] = { "/ws", NULL };
        struct sbx_classify_context root = { .cwd = "/ws", .host_refuses = fake_host_refuses,
                                             .host_refuses_owner = fake_host_refuses_owner };
        struct sbx_classify_context root_ws = root, nobody = root;
        char text[512];

        root_ws.writable = writable;
        nobody.unprivileged = true;
        for (size_t i = 0; i < SBX_ELEMENTSOF(lines); i++) {
                const struct sbx_classify_context *ctx[] = { &root, &root_ws, &nobody };

                snprintf(text, sizeof(text), "%s\n", lines[i].line);
                for (size_t k = 0; k < SBX_ELEMENTSOF(ctx); k++) {
                        struct sbx_classify_result *r = run_backend_in(lines[i].backend, ctx[k], text);

                        if (r->verdict != SBX_VERDICT_DENIED)
                                fail_msg("%s '%s' (context %zu): %s", lines[i].backend, lines[i].line, k,
                                         sbx_verdict_to_string(r->verdict));
                        assert_string_equal(r->signature, "changing permissions of");
                }
                assert_verdict(run(lines[i].backend, 1, 0, text), "denied");
        }
        /* a file the host refuses the user (another owner's, a read-only mount): the task's */
        assert_verdict(run_backend_in("bwrap", &nobody, "chmod: changing permissions of '/ro/f': Operation not permitted\n"),
                       "task_failure");
        assert_verdict(run_backend_in("landlock", &nobody,
                                      "chmod: changing permissions of '/ro/f': Operation not permitted\n"),
                       "task_failure");
        /* no such words: Python's os.chmod, install's stat after a refused mkdir (install-d) */
        assert_verdict(run("landlock", 1, 0, "PermissionError: [Errno 1] Operation not permitted: 'f'\n"), "task_failure");
        assert_verdict(run("bwrap", 1, 0,
                           "install: cannot change permissions of '/etc/d': No such file or directory\n"),
                       "task_failure");
}

/* The words of an operation the sandbox refuses beneath the writable directories too (chmod,
 * permissions, setuid, mknod, ...) count outside a quoted name only: a name is a file, not what was
 * done to it. As nobody, `touch /x/permissions.txt` (/x root's) read as denied under both backends,
 * and under Landlock in workspace-write, root's file 'setuid-notes' in the workspace too. */
static void test_classify_refused_words_in_a_name(void **state) {
        (void) state;
        static const char *const ws[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        struct sbx_classify_context in_ws = { .cwd = "/ws", .writable = ws };
        static const struct {
                const char *backend, *line;
        } host[] = {
                { "landlock", "touch: cannot touch '/ro/permissions.txt': Permission denied" },
                { "bwrap", "touch: cannot touch '/ro/chmod.log': Read-only file system" },
                { "landlock", "PermissionError: [Errno 13] Permission denied: '/ro/setuid-notes'" },
                { "landlock", "touch: cannot touch \xe2\x80\x98/ro/mknod x\xe2\x80\x99: Permission denied" },
                /* names told decoded, from a copy of their own: blanked where they were printed
                 * (their copy's place was taken for one in the line: bytes of another stack
                 * frame blanked, the line's words left) */
                { "landlock", "touch: cannot touch '/ro/permissions'$'\\n''.txt': Permission denied" },
                { "landlock", "mkdir: cannot create directory '/ro/it\\'s chmod': Permission denied" },
                { "bwrap", "touch: cannot touch '/ro/setuid'$'\\377': Read-only file system" },
        };
        char text[256];

        for (size_t i = 0; i < SBX_ELEMENTSOF(host); i++) {
                struct sbx_classify_result *r;

                snprintf(text, sizeof(text), "%s\n", host[i].line);
                r = run_backend_in(host[i].backend, &ctx, text);
                if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                        fail_msg("'%s': %s", host[i].line, sbx_verdict_to_string(r->verdict));
        }
        assert_verdict(run_landlock_in(&in_ws, "touch: cannot touch 'setuid-notes': Permission denied\n"), "task_failure");
        /* the operation's own words stay: the sandbox's */
        assert_verdict(run_landlock_in(&in_ws, "chmod: changing permissions of 'notes': Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&in_ws, "mknod: 'setuid-notes': Permission denied\n"), "denied");
        /* ... and after an apostrophe, which opens no quoted name (BusyBox cp -p's "can't
         * preserve permissions of 'f'": its text up to the name was taken for one, blanked) */
        assert_verdict(run_landlock_in(&in_ws, "cp: can't preserve permissions of 'notes': Permission denied\n"),
                       "denied");
        assert_verdict(run_landlock_in(&in_ws, "cp: can't preserve ownership of 'notes': Permission denied\n"), "denied");
        assert_verdict(run_landlock_in(&in_ws, "/x.rb:1:in `chmod': Permission denied @ apply2files - f (Errno::EACCES)\n"),
                       "denied");
}

/* The names the host refuses a change of mode or owner in
 * test_classify_mode_change_quoted_in_pieces(): root's, decoded whole. */
static bool fake_refuses_pieces(void *userdata, const char *path, bool mode) {
        (void) userdata;
        (void) mode;
        return strcmp(path, "/ws/nl\nx") == 0 || strcmp(path, "/ws/hi\377") == 0 || strcmp(path, "/ws/it's") == 0;
}

/* GNU tools quote a name with a newline, a byte that is not UTF-8 or a quote in pieces
 * ('nl'$'\n''x', 'hi'$'\377', 'it'\''s'): the name after chmod's "changing permissions of" (and
 * chown's, cp's) is the whole word. Only its first piece was taken ("nl", missing on the host),
 * and as nobody, chmod of root's file "nl<newline>x" in the workspace read as denied. */
static void test_classify_mode_change_quoted_in_pieces(void **state) {
        (void) state;
        static const struct {
                const char *line, *path;
        } lines[] = {
                { "chmod: changing permissions of 'nl'$'\\n''x': Operation not permitted", "/ws/nl\nx" },
                { "chmod: changing permissions of '/ws/hi'$'\\377': Operation not permitted", "/ws/hi\377" },
                { "chmod: changing permissions of 'it'\\''s': Operation not permitted", "/ws/it's" },
                { "chown: changing ownership of './nl'$'\\n''x': Read-only file system", "/ws/nl\nx" },
                { "cp: failed to preserve ownership for 'hi'$'\\377': Operation not permitted", "/ws/hi\377" },
        };
        struct sbx_classify_context root = { .cwd = "/ws", .host_refuses = fake_host_refuses,
                                             .host_refuses_owner = fake_refuses_pieces };
        struct sbx_classify_context nobody = root, none = root;
        char text[512];

        nobody.unprivileged = true;
        none.host_refuses_owner = NULL;
        for (size_t i = 0; i < SBX_ELEMENTSOF(lines); i++) {
                const char *backend[] = { "bwrap", "landlock" };

                snprintf(text, sizeof(text), "%s\n", lines[i].line);
                for (size_t b = 0; b < SBX_ELEMENTSOF(backend); b++) {
                        struct sbx_classify_result *r = run_backend_in(backend[b], &none, text);

                        assert_verdict(r, "denied");
                        assert_int_equal(r->n_denials, 1);
                        if (strcmp(r->denials[0].path, lines[i].path) != 0)
                                fail_msg("%s '%s': path '%s'", backend[b], lines[i].line, r->denials[0].path);
                        r = run_backend_in(backend[b], &nobody, text);
                        if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                                fail_msg("%s '%s' as nobody: %s", backend[b], lines[i].line,
                                         sbx_verdict_to_string(r->verdict));
                }
        }
        /* one piece is a plain quoted name; a word not ending the field is none of this */
        assert_string_equal(run_backend_in("landlock", &none,
                                           "chmod: changing permissions of 'a'x: Operation not permitted\n")
                                    ->denials[0].path,
                            "/ws/a");
}

/* git push to a repository on this host runs receive-pack here, in the sandbox, and its
 * quarantine directory in the repository's objects (mkdtemp) refused comes back only as "error:
 * remote unpack failed: unable to create temporary object directory" (the errno not told), the
 * repository on the next line, "To X" (it read as the command's failure under both backends). A
 * repository the host refuses the user (as nobody, root's bare repository) is the task's; one on
 * another host (ssh://, https://, host:path) was written by the server's receive-pack: no denial. */
static void test_classify_git_push_unpack(void **state) {
        (void) state;
        static const char head[] = "error: remote unpack failed: unable to create temporary object directory\n";
        static const char tail[] = " ! [remote rejected] HEAD -> new (unpacker error)\n"
                                   "error: failed to push some refs to 'x'\n";
        static const struct {
                const char *next, *verdict, *path;
        } cases[] = {
                { "To /var/tmp/r/bare.git", "denied", "/var/tmp/r/bare.git/objects/tmp_objdir-incoming-XXXXXX" },
                { "To /var/tmp/r/bare.git/", "denied", "/var/tmp/r/bare.git/objects/tmp_objdir-incoming-XXXXXX" },
                { "To file:///var/tmp/r/bare.git", "denied", "/var/tmp/r/bare.git/objects/tmp_objdir-incoming-XXXXXX" },
                { "To ../bare.git", "denied", "/bare.git/objects/tmp_objdir-incoming-XXXXXX" },
                /* --porcelain: the To line on stdout */
                { "error: failed to push some refs to '/var/tmp/r/bare.git'", "denied",
                  "/var/tmp/r/bare.git/objects/tmp_objdir-incoming-XXXXXX" },
                /* the server's receive-pack */
                { "To ssh://host/x.git", "task_failure", NULL },
                { "To https://host/x.git", "task_failure", NULL },
                { "To git@host:x.git", "task_failure", NULL },
                { "error: failed to push some refs to 'host:x.git'", "task_failure", NULL },
                /* no repository told: the refusal stays */
                { "something else", "denied", "" },
        };
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        char text[1024];

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++)
                for (size_t b = 0; b < 2; b++) {
                        const char *backend = b ? "landlock" : "bwrap";
                        struct sbx_classify_result *r;

                        snprintf(text, sizeof(text), "%s%s\n%s", head, cases[i].next, tail);
                        r = run_backend_in(backend, &ctx, text);
                        if (strcmp(sbx_verdict_to_string(r->verdict), cases[i].verdict) != 0)
                                fail_msg("%s '%s': expected %s, got %s", backend, cases[i].next, cases[i].verdict,
                                         sbx_verdict_to_string(r->verdict));
                        if (cases[i].path) {
                                assert_int_equal(r->line_no, 1);
                                assert_string_equal(r->denials[0].path, cases[i].path);
                        } else
                                assert_int_equal(r->denial_lines, 0);
                }
        /* the host refuses the repository's objects (root's, as nobody): the task's */
        snprintf(text, sizeof(text), "%sTo /ro/bare.git\n%s", head, tail);
        assert_verdict(run_backend_in("bwrap", &ctx, text), "task_failure");
        /* the text alone; at the end of stderr */
        assert_verdict(run("landlock", 1, 0, head), "denied");
        snprintf(text, sizeof(text), "%sTo /var/tmp/r/bare.git\n%s", head, tail);
        assert_verdict(run("bwrap", 1, 0, text), "denied");
}

/* RubyGems checks a gem directory that exists with File.writable? (access(2)) before it installs
 * or uninstalls, and says only "You don't have write permissions for the DIR directory."
 * (Gem::FilePermissionError): under bwrap the read-only bind's EROFS, the sandbox's refusal of
 * root's `gem install` into /var/lib/gems (it read as the command's failure); a directory the
 * host refuses the user (as nobody) is the task's, which sbx run tells by the path. Not under
 * Landlock, which access(2) does not ask: there the check fails only where the host refuses. */
static void test_classify_gem_file_permission(void **state) {
        (void) state;
        static const char text[] = "ERROR:  While executing gem ... (Gem::FilePermissionError)\n"
                                   "    You don't have write permissions for the /var/lib/gems/3.1.0 directory.\n";
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        struct sbx_classify_result *r = run("bwrap", 1, 0, text);

        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 2);
        assert_string_equal(r->signature, "You don't have write permissions for the");
        r = run_backend_in("bwrap", &ctx, text);
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/var/lib/gems/3.1.0");
        /* a directory the host refuses: the task's */
        assert_verdict(run_backend_in("bwrap", &ctx,
                                      "    You don't have write permissions for the /ro/gems directory.\n"),
                       "task_failure");
        /* RubyGems prints the directory as it is, a blank in it too (GEM_HOME "/ro/my gems": it
         * named no path, read as denied) */
        assert_verdict(run_backend_in("bwrap", &ctx,
                                      "    You don't have write permissions for the /ro/my gems directory.\n"),
                       "task_failure");
        r = run_backend_in("bwrap", &ctx, "    You don't have write permissions for the /opt/my gems directory.\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/opt/my gems");
        assert_verdict(run("landlock", 1, 0, text), "task_failure");
}

/* Ruby's SystemCallError names its file after the errno text, "@ <function> - <name>", the
 * method quoted in the source location before it: the name is the path, the method no file (it
 * read `mkdir', a name in the current directory, so as nobody FileUtils.mkdir_p, cp and mv into a
 * directory of root's, which the host refuses too, read as denied under both backends). A call
 * on two names prints "(A, B)": the second. */
static void test_classify_ruby_errno_path(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        struct sbx_classify_result *r;

        r = run_landlock_in(&ctx, "/usr/lib/ruby/3.1.0/fileutils.rb:243:in `mkdir': Permission denied @ dir_s_mkdir - "
                                  "/etc/a (Errno::EACCES)\n\tfrom -e:1:in `<main>'\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/a");
        assert_verdict(run_landlock_in(&ctx, "/usr/lib/ruby/3.1.0/fileutils.rb:243:in `mkdir': Permission denied @ "
                                             "dir_s_mkdir - /ro/a (Errno::EACCES)\n\tfrom -e:1:in `<main>'\n"),
                       "task_failure");
        assert_verdict(run_backend_in("bwrap", &ctx, "/usr/lib/ruby/3.1.0/fileutils.rb:1395:in `initialize': Read-only "
                                                     "file system @ rb_sysopen - /ro/f (Errno::EROFS)\n"),
                       "task_failure");
        /* Ruby 3.4 quotes the method with straight quotes */
        assert_verdict(run_landlock_in(&ctx, "-e:1:in 'Dir.mkdir': Permission denied @ dir_s_mkdir - /ro/a (Errno::EACCES)\n"),
                       "task_failure");
        /* rename: the name it makes */
        r = run_landlock_in(&ctx, "/usr/lib/ruby/3.1.0/fileutils.rb:541:in `rename': Permission denied @ rb_file_s_rename "
                                  "- (f, /etc/f) (Errno::EACCES)\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/f");
        assert_verdict(run_landlock_in(&ctx, "/usr/lib/ruby/3.1.0/fileutils.rb:541:in `rename': Permission denied @ "
                                             "rb_file_s_rename - (f, /ro/f) (Errno::EACCES)\n"),
                       "task_failure");
        /* the message alone (a rescue's puts e.message): the rest of the line, blanks and all */
        r = run_landlock_in(&ctx, "Permission denied @ rb_sysopen - /etc/a b\n");
        assert_string_equal(r->denials[0].path, "/etc/a b");
        /* a pair not split by exactly one ", ", and more than one split whose second name is
         * absolute: no path, a denial */
        r = run_landlock_in(&ctx, "Permission denied @ rb_sysopen - (/ro/a, /ro/b, /ro/c) (Errno::EACCES)\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
        r = run_landlock_in(&ctx, "Permission denied @ rb_file_s_rename - (a, b, c) (Errno::EACCES)\n");
        assert_string_equal(r->denials[0].path, "");
        /* ... but the one split whose second name is absolute, a name with ", " in it (it named
         * none: as nobody, File.rename(f, "/x/c, d"), /x root's, read as denied) */
        r = run_landlock_in(&ctx, "-e:1:in `rename': Permission denied @ rb_file_s_rename - (f, /etc/c, d) (Errno::EACCES)\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/c, d");
        r = run_landlock_in(&ctx, "-e:1:in `rename': Permission denied @ rb_file_s_rename - (a, b, /etc/c) (Errno::EACCES)\n");
        assert_string_equal(r->denials[0].path, "/etc/c");
        assert_verdict(run_landlock_in(&ctx, "-e:1:in `rename': Permission denied @ rb_file_s_rename - (f, /ro/c, d) "
                                             "(Errno::EACCES)\n"),
                       "task_failure");
        /* a SystemCallError that names no file: the method quoted in the source location is none
         * either (it was the path, "setpriority" in the current directory) */
        r = run_landlock_in(&ctx, "t.rb:3:in `chown': Permission denied (Errno::EACCES)\n\tfrom t.rb:3:in `<main>'\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
        r = run_landlock_in(&ctx, "t.rb:3:in 'File.chown': Permission denied (Errno::EACCES)\n");
        assert_string_equal(r->denials[0].path, "");
        /* ... and Process.setpriority's, a nice value refused without CAP_SYS_NICE, is no file
         * effect: no denial (it read as denied under Landlock, as root and as nobody) */
        {
                static const char *const none[] = {
                        "t.rb:1:in `setpriority': Permission denied (Errno::EACCES)\n\tfrom t.rb:1:in `<main>'\n",
                        "-e:1:in 'Process.setpriority': Permission denied (Errno::EACCES)  \n",
                };
                static const char *const still[] = {
                        "t.rb:1:in `setpriority': Permission denied (Errno::EACCES) /ro\n",
                        "setpriority': Permission denied (Errno::EACCES)\n",
                        "t.rb:1:in `setpriority2': Permission denied (Errno::EACCES)\n",
                        "t.rb:1:in `setpriority': Permission denied @ rb_sysopen - /x (Errno::EACCES)\n",
                };

                for (size_t i = 0; i < SBX_ELEMENTSOF(none); i++) {
                        r = run("landlock", 1, 0, none[i]);
                        if (r->verdict != SBX_VERDICT_TASK_FAILURE || r->denial_lines != 0)
                                fail_msg("'%s': a denial", none[i]);
                }
                for (size_t i = 0; i < SBX_ELEMENTSOF(still); i++)
                        if (run("landlock", 1, 0, still[i])->verdict != SBX_VERDICT_DENIED)
                                fail_msg("'%s': no denial", still[i]);
        }
        /* A is the pair's too, whole, and B's partner: the call fails on the host when the host
         * refuses B, whatever A (it was no partner, and as nobody File.rename, File.link and
         * File.symlink of its own /var/tmp/f into /etc, the host's refusal, read as denied under
         * both backends); the path the host does not refuse stays the sandbox's */
        {
                static const char *const host[] = {
                        "rb_file_s_rename - (/var/tmp/f, /ro/x)",   "rb_file_s_link - (/var/tmp/a b, /ro/x)",
                        "rb_file_s_symlink - (/var/tmp/a, /ro/x y)", "rb_file_s_rename - (/var/tmp/a, /ro/c, d)",
                        "rb_file_s_rename - (/var/tmp/a,b, /ro/x)",
                };
                static const char *const sandbox[] = { "rb_file_s_rename - (/ro/f, /etc/x)",
                                                       "rb_file_s_link - (/ro/f, /etc/x y)",
                                                       "rb_file_s_rename - (/var/tmp/a, /ro/b, /ro/c)" };
                char text[256];

                for (size_t i = 0; i < SBX_ELEMENTSOF(host); i++) {
                        snprintf(text, sizeof(text), "t.rb:1:in `rename': Permission denied @ %s (Errno::EACCES)\n", host[i]);
                        r = run_landlock_in(&ctx, text);
                        if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                                fail_msg("'%s': not the host's", host[i]);
                        snprintf(text, sizeof(text), "t.rb:1:in 'File.rename': Read-only file system @ %s (Errno::EROFS)\n",
                                 host[i]);
                        r = run_backend_in("bwrap", &ctx, text);
                        if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                                fail_msg("bwrap '%s': not the host's", host[i]);
                }
                for (size_t i = 0; i < SBX_ELEMENTSOF(sandbox); i++) {
                        snprintf(text, sizeof(text), "t.rb:1:in `link': Read-only file system @ %s (Errno::EROFS)\n",
                                 sandbox[i]);
                        r = run_backend_in("bwrap", &ctx, text);
                        if (r->verdict != SBX_VERDICT_DENIED)
                                fail_msg("'%s': not the sandbox's", sandbox[i]);
                }
        }
        /* the pair's partner either way, its names whole, blanks and all; none beyond the pair,
         * nor of a pair split no way, nor of parentheses after no function */
        {
                static const char line[] = "t.rb:1:in `rename': Permission denied @ rb_file_s_rename - (/v/a b, /ro/x) "
                                           "(Errno::EACCES)";
                size_t at, n;

                assert_true(sbx_denial_line_partner(line, sizeof(line) - 1, "/ro/x", &at, &n));
                assert_int_equal(at, 60);
                assert_int_equal(n, 6);
                assert_true(sbx_denial_line_partner(line, sizeof(line) - 1, "/v/a b", &at, &n));
                assert_int_equal(at, 68);
                assert_int_equal(n, 5);
                assert_false(sbx_denial_line_partner(line, sizeof(line) - 1, "/v/a", &at, &n));
                assert_false(sbx_denial_line_partner(line, sizeof(line) - 1, "t.rb", &at, &n));
                assert_false(sbx_denial_line_partner("Permission denied @ rb_file_s_rename - (/a, /b, /c)", 51, "/c", &at,
                                                     &n));
                assert_false(sbx_denial_line_partner("Permission denied @ rb_file_s_rename - (/a, )", 45, "/a", &at, &n));
                assert_false(sbx_denial_line_partner("Permission denied - (/a, /b)", 28, "/b", &at, &n));
        }
}

/* PHP's warnings name the file as a call's argument after two blanks: "PHP Warning:
 * fopen(/x): Failed to open stream: ..." (it read "fopen(/x)", a name in the current directory,
 * so as nobody fopen and file_put_contents into a directory of root's, which the host refuses
 * too, read as denied under both backends). */
static void test_classify_php_warning_call_path(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        struct sbx_classify_result *r;

        r = run_landlock_in(&ctx, "PHP Warning:  fopen(/etc/x): Failed to open stream: Permission denied in Command line "
                                  "code on line 1\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/x");
        assert_verdict(run_landlock_in(&ctx, "PHP Warning:  file_put_contents(/ro/x): Failed to open stream: Permission "
                                             "denied in Command line code on line 1\n"),
                       "task_failure");
        assert_verdict(run_backend_in("bwrap", &ctx, "PHP Warning:  fopen(/ro/x): Failed to open stream: Read-only file "
                                                     "system in Command line code on line 1\n"),
                       "task_failure");
        /* mkdir() names nothing: a denial */
        assert_verdict(run_landlock_in(&ctx, "PHP Warning:  mkdir(): Permission denied in Command line code on line 1\n"),
                       "denied");
        /* ... in a directory the host refuses too (the workspace), "mkdir()" no name of it (it
         * was <cwd>/mkdir(), the host's refusal: as nobody, mkdir() into /var/tmp from a
         * workspace of root's read as success, the denial not counted) */
        {
                static const char *const ro[] = { "/ro", NULL };
                struct sbx_classify_context in_ro = { .cwd = "/ro", .writable = ro, .host_refuses = fake_host_refuses };
                static const char *const calls[] = { "mkdir()", "symlink()", "Ns\\Fs::link2()" };
                char text[256];

                for (size_t i = 0; i < SBX_ELEMENTSOF(calls); i++) {
                        snprintf(text, sizeof(text), "PHP Warning:  %s: Permission denied in Command line code on line 1\n",
                                 calls[i]);
                        r = run_landlock_in(&in_ro, text);
                        assert_verdict(r, "denied");
                        if (r->denials[0].path[0] != '\0')
                                fail_msg("'%s': path '%s'", calls[i], r->denials[0].path);
                }
                /* a call with its argument is read as before */
                assert_verdict(run_landlock_in(&in_ro, "PHP Warning:  unlink(/ro/x): Permission denied in Command line code on "
                                                       "line 1\n"),
                               "task_failure");
        }
        /* the argument as the script gave it, up to the last "): Failed to open stream: ": blanks
         * and parentheses in it, a name with no '/' or '.' (it named no path: as nobody, a
         * directory of root's read as denied; under Landlock in workspace-write, root's file in
         * the workspace, the host's own permissions, too) */
        {
                static const struct {
                        const char *call, *path;
                } named[] = {
                        { "fopen(/etc/a b)", "/etc/a b" },
                        { "fopen(/etc/a) x)", "/etc/a) x" },
                        { "fopen(/etc/a): x)", "/etc/a): x" },
                        { "fopen(f)", "/ws/f" },
                        { "SplFileObject::__construct(/etc/a b)", "/etc/a b" },
                };
                static const char *const ws[] = { "/ws", NULL };
                struct sbx_classify_context in_ws = { .cwd = "/ws", .writable = ws };
                char text[256];

                for (size_t i = 0; i < SBX_ELEMENTSOF(named); i++) {
                        snprintf(text, sizeof(text),
                                 "PHP Warning:  %s: Failed to open stream: Permission denied in Command line code on "
                                 "line 1\n",
                                 named[i].call);
                        r = run_landlock_in(&ctx, text);
                        assert_verdict(r, "denied");
                        if (strcmp(r->denials[0].path, named[i].path) != 0)
                                fail_msg("'%s': path '%s'", named[i].call, r->denials[0].path);
                }
                assert_verdict(run_landlock_in(&ctx, "PHP Warning:  fopen(/ro/a b): Failed to open stream: Permission "
                                                     "denied in Command line code on line 1\n"),
                               "task_failure");
                assert_verdict(run_backend_in("bwrap", &ctx, "PHP Warning:  fopen(/ro/a) x): failed to open stream: "
                                                             "Read-only file system in x.php on line 2\n"),
                               "task_failure");
                assert_verdict(run_landlock_in(&in_ws, "PHP Warning:  fopen(f): Failed to open stream: Permission denied "
                                                       "in Command line code on line 1\n"),
                               "task_failure");
        }
        /* rename()'s "rename(A,B): <strerror>": B, the name made (it read A, and as nobody a
         * rename of its own file into /etc, the host's refusal, read as denied), split at its one
         * ',' or, of several, at the one before an absolute name; else none */
        assert_verdict(run_landlock_in(&ctx, "PHP Warning:  rename(f,/ro/x): Permission denied in Command line code on "
                                             "line 1\n"),
                       "task_failure");
        {
                static const struct {
                        const char *call, *path;
                } pairs[] = {
                        { "rename(f,/etc/x)", "/etc/x" },
                        { "rename(/ro/f,/etc/x)", "/etc/x" },
                        { "rename(a,b,/etc/c)", "/etc/c" },
                        { "rename(a,b)", "/ws/b" },
                        { "rename(a,b,c)", "" },
                        { "rename(/a,/b,/c)", "" },
                        { "rename(a,)", "" },
                };
                char text[256];

                for (size_t i = 0; i < SBX_ELEMENTSOF(pairs); i++) {
                        snprintf(text, sizeof(text), "PHP Warning:  %s: Permission denied in Command line code on line 1\n",
                                 pairs[i].call);
                        r = run_landlock_in(&ctx, text);
                        assert_verdict(r, "denied");
                        if (strcmp(r->denials[0].path, pairs[i].path) != 0)
                                fail_msg("'%s': path '%s'", pairs[i].call, r->denials[0].path);
                }
        }
        /* ... its other name, A, is the pair's too, whole: an absolute one is no part of one word
         * "A,B" (it was, a name the host does not refuse, and as nobody, rename() of its own
         * /var/tmp/f into /etc read as denied under both backends), blanks and all; the path
         * the host does not refuse stays the sandbox's */
        {
                static const char *const host[] = {
                        "rename(/var/tmp/f,/ro/x)", "rename(/var/tmp/a b,/ro/x)", "rename(/var/tmp/a,/ro/x y)",
                        "rename(/etc/f,/ro/x)",     "rename(a,b,/ro/x)",
                        /* a "): " in A: the pair ends at the last one (it ended in A, split no
                         * way: no partner, and as nobody rename() of its own such file into /etc
                         * read as denied) */
                        "rename(/var/tmp/a): b,/ro/x)",
                };
                static const char *const sandbox[] = { "rename(/ro/f,/etc/x)", "rename(/ro/f,/etc/x y)", "rename(/ro/a,/ro/b,/ro/c)" };
                char text[256];

                for (size_t i = 0; i < SBX_ELEMENTSOF(host); i++) {
                        snprintf(text, sizeof(text), "PHP Warning:  %s: Permission denied in Command line code on line 1\n",
                                 host[i]);
                        r = run_landlock_in(&ctx, text);
                        if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                                fail_msg("'%s': not the host's", host[i]);
                }
                for (size_t i = 0; i < SBX_ELEMENTSOF(sandbox); i++) {
                        snprintf(text, sizeof(text), "PHP Warning:  %s: Read-only file system in x.php on line 2\n", sandbox[i]);
                        r = run_backend_in("bwrap", &ctx, text);
                        if (r->verdict != SBX_VERDICT_DENIED)
                                fail_msg("'%s': not the sandbox's", sandbox[i]);
                }
                assert_verdict(run_backend_in("bwrap", &ctx, "PHP Warning:  rename(/var/tmp/f,/ro/x): Read-only file system "
                                                             "in x.php on line 2\n"),
                               "task_failure");
        }
        /* the pair's partner either way, its names whole; none beyond the pair, nor without
         * PHP's label, nor of a pair split no way */
        {
                static const char line[] = "PHP Warning:  rename(/v/a b,/ro/x): Permission denied in /s,/t.php on line 1";
                size_t at, n;

                assert_true(sbx_denial_line_partner(line, sizeof(line) - 1, "/ro/x", &at, &n));
                assert_int_equal(at, 21);
                assert_int_equal(n, 6);
                assert_true(sbx_denial_line_partner(line, sizeof(line) - 1, "/v/a b", &at, &n));
                assert_int_equal(at, 28);
                assert_int_equal(n, 5);
                assert_false(sbx_denial_line_partner(line, sizeof(line) - 1, "/v/a", &at, &n));
                assert_false(sbx_denial_line_partner(line, sizeof(line) - 1, "/t.php", &at, &n));
                assert_false(sbx_denial_line_partner("rename(/a,/b): Permission denied", 32, "/b", &at, &n));
                assert_false(sbx_denial_line_partner("PHP Warning:  rename(/a,/b,/c): x", 33, "/c", &at, &n));
                assert_false(sbx_denial_line_partner("PHP Warning:  rename(,/b): x", 28, "/b", &at, &n));
                static const char paren[] = "PHP Warning:  rename(/v/a): b,/ro/x): Permission denied in x.php on line 1";
                assert_true(sbx_denial_line_partner(paren, sizeof(paren) - 1, "/ro/x", &at, &n));
                assert_int_equal(at, 21);
                assert_int_equal(n, 8);
        }
        /* touch()'s "Unable to create file X because <strerror>" (it named none: as nobody,
         * touch("/etc/x") read as denied) */
        r = run_landlock_in(&ctx, "PHP Warning:  touch(): Unable to create file /etc/a because b because Permission denied in "
                                  "Command line code on line 1\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/a because b");
        assert_verdict(run_backend_in("bwrap", &ctx, "PHP Warning:  touch(): Unable to create file /ro/t u because Read-only "
                                                     "file system in Command line code on line 1\n"),
                       "task_failure");
}

/* binutils' warning of the temporary file it makes beside a file X it rewrites in place (objcopy,
 * strip) names X quoted after "whilst copying", before ", (error: <signature>)": X (it read
 * "whilst copying 'X',", a name of the cwd's, in read-only mode under both backends); made in X's
 * directory, so the host must let the user make a name there (as nobody, objcopy --strip-debug of
 * nobody's file in a directory of root's read as denied, the same failure without sbx). */
static void test_classify_bfd_whilst_copying_path(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses_rd_dir };
        struct sbx_classify_result *r;

        r = run_backend_in("bwrap", &ctx, "objcopy: warning: could not create temporary file whilst copying '/etc/prog', "
                                          "(error: Read-only file system)\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/prog");
        r = run_landlock_in(&ctx, "strip: warning: could not create temporary file whilst copying 'a '', b', (error: "
                                  "Permission denied)\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/a '', b");
        /* its directory refused by the host, the file itself the user's (/rd/x) */
        assert_verdict(run_landlock_in(&ctx, "objcopy: warning: could not create temporary file whilst copying '/rd/x', "
                                             "(error: Permission denied)\n"),
                       "task_failure");
        assert_verdict(run_backend_in("bwrap", &ctx, "objcopy: warning: could not create temporary file whilst copying "
                                                     "'/ro/x', (error: Read-only file system)\n"),
                       "task_failure");
}

/* gawk's inplace extension names its temporary file as a call's quoted argument before the reason
 * in parentheses: "inplace::begin: mkstemp(`/x/f.gawk.N') failed (Permission denied)" (it kept no
 * path, so as nobody gawk -i inplace of a file in a directory of root's, which the host refuses
 * too, read as denied under both backends). A call on two names is none. */
static void test_classify_gawk_inplace_path(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        struct sbx_classify_result *r;

        r = run_landlock_in(&ctx, "gawk: inplace:59: fatal: inplace::begin: mkstemp(`/etc/f.gawk.YHdhB8') failed "
                                  "(Permission denied)\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/f.gawk.YHdhB8");
        assert_verdict(run_landlock_in(&ctx, "gawk: inplace:59: fatal: inplace::begin: mkstemp(`/ro/f.gawk.YHdhB8') failed "
                                             "(Permission denied)\n"),
                       "task_failure");
        assert_verdict(run_backend_in("bwrap", &ctx, "gawk: inplace:59: fatal: inplace::begin: mkstemp(`/ro/f.gawk.Y') "
                                                     "failed (Read-only file system)\n"),
                       "task_failure");
        r = run_landlock_in(&ctx, "gawk: inplace:90: fatal: inplace::end: link(`/ro/f', `/ro/f.bak') failed (Permission "
                                  "denied)\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
        /* the file's name as the command gave it, a quote or ": " in it (it named none, a quote
         * taken for a second name, ": " for a field's end: as nobody, read as denied) */
        {
                static const char *const names[] = { "it's", "c: d", "e')f", "a b" };
                char text[256], want[64];

                for (size_t i = 0; i < SBX_ELEMENTSOF(names); i++) {
                        static const char form[] = "gawk: inplace:59: fatal: inplace::begin: mkstemp(`/%s/%s.gawk.YHdhB8') "
                                                   "failed (Permission denied)\n";

                        snprintf(text, sizeof(text), form, "etc", names[i]);
                        r = run_landlock_in(&ctx, text);
                        assert_verdict(r, "denied");
                        snprintf(want, sizeof(want), "/etc/%s.gawk.YHdhB8", names[i]);
                        if (strcmp(r->denials[0].path, want) != 0)
                                fail_msg("'%s': path '%s'", names[i], r->denials[0].path);
                        snprintf(text, sizeof(text), form, "ro", names[i]);
                        r = run_landlock_in(&ctx, text);
                        if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                                fail_msg("'%s': %s", text, sbx_verdict_to_string(r->verdict));
                }
        }
}

/* Bear names its events file (beside its --output) in parentheses after "file": "bear: failed
 * with: Events db open failed (file X): <errno text>". Measured with Bear 3.1 under both backends,
 * as root and as nobody (fixtures/bwrap and landlock bear-output-outside): as nobody, a directory of root's read
 * as denied, the line's path none. */
static void test_classify_bear_events_file_path(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        struct sbx_classify_result *r;

        r = run_landlock_in(&ctx, "bear: failed with: Events db open failed (file /etc/cc.events.json): Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/cc.events.json");
        r = run_landlock_in(&ctx, "bear: failed with: Events db open failed (file cc.events.json): Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/cc.events.json");
        r = run_landlock_in(&ctx, "bear: failed with: Events db open failed (file /etc/a b.json): Permission denied\n");
        assert_string_equal(r->denials[0].path, "/etc/a b.json");
        /* the host's own refusal */
        assert_verdict(run_landlock_in(&ctx, "bear: failed with: Events db open failed (file /ro/cc.events.json): "
                                             "Permission denied\n"),
                       "task_failure");
        assert_verdict(run_backend_in("bwrap", &ctx, "bear: failed with: Events db open failed (file "
                                                     "/ro/cc.events.json): Read-only file system\n"),
                       "task_failure");
        /* not a name: a word without a path's look, blanks in a relative one, another parenthesis */
        r = run_landlock_in(&ctx, "x: open failed (file descriptor): Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
        r = run_landlock_in(&ctx, "x: open failed (file a b.json): Permission denied\n");
        assert_string_equal(r->denials[0].path, "");
        r = run_landlock_in(&ctx, "x: open failed (file /ro/x (copy)): Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
}

/* Valgrind's gdbserver prints a failed call as "==PID== error N <errno text>" and names the file
 * on the next line, with the same "==PID== ": "cannot create shared_mem file X" (--vgdb-prefix),
 * "mknod X" (its FIFOs). Measured with Valgrind 3.19 under both backends, as root and as nobody
 * (fixtures/bwrap and landlock valgrind-vgdb-prefix-outside): as nobody, a directory of root's
 * read as denied, the line's path none. */
static void test_classify_valgrind_error_names_next_line(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        struct sbx_classify_result *r;

        r = run_landlock_in(&ctx, "==2364== error 13 Permission denied\n"
                                  "==2364== cannot create shared_mem file /etc/vgdb-shared-mem-vgdb-2364-by-?\?\?-on-?\?\?\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 1);
        assert_string_equal(r->denials[0].path, "/etc/vgdb-shared-mem-vgdb-2364-by-?\?\?-on-?\?\?");
        r = run_landlock_in(&ctx, "==7== error 13 Permission denied\n==7== mknod /etc/vgdb-pipe-from-vgdb-to-7\n");
        assert_string_equal(r->denials[0].path, "/etc/vgdb-pipe-from-vgdb-to-7");
        /* relative to the cwd */
        r = run_landlock_in(&ctx, "==7== error 13 Permission denied\n==7== cannot create shared_mem file v-shared\n");
        assert_string_equal(r->denials[0].path, "/ws/v-shared");
        /* the host's own refusal */
        assert_verdict(run_landlock_in(&ctx, "==2364== error 13 Permission denied\n"
                                             "==2364== cannot create shared_mem file /ro/vgdb-shared-mem\n"),
                       "task_failure");
        assert_verdict(run_backend_in("bwrap", &ctx, "==2== error 30 Read-only file system\n"
                                                     "==2== cannot create shared_mem file /ro/vgdb-shared-mem\n"),
                       "task_failure");
        /* another process's line, none after it, another form: no name */
        r = run_landlock_in(&ctx, "==7== error 13 Permission denied\n==8== cannot create shared_mem file /ro/v\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
        r = run_landlock_in(&ctx, "==7== error 13 Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
        r = run_landlock_in(&ctx, "==7== error x Permission denied\n==7== cannot create shared_mem file /ro/v\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
        r = run_landlock_in(&ctx, "== error 13 Permission denied\n== cannot create shared_mem file /ro/v\n");
        assert_verdict(r, "denied");
}

/* A host that refuses every write beneath "/ro dir", a name with a blank. */
static bool fake_host_refuses_blank_dir(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata;
        (void) run;
        (void) opens;
        (void) reads;
        return strncmp(path, "/ro dir/", 8) == 0;
}

/* the host refuses every name but those beneath a directory "own home" */
static bool fake_host_refuses_but_own_home(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata;
        (void) run;
        (void) opens;
        (void) reads;
        return strstr(path, "/own home/") == NULL;
}

/* A name in backquotes both sides (cargo's `X`, Bundler's) is one name when the line holds no
 * closing "'" after its "`": the host is asked of it whole, blanks and all. Before, the "`...'"
 * pair, unclosed, ended the search, and only the word "/ro" was asked: a refusal the host makes
 * too read as denied. */
static void test_classify_backquoted_name_host_asked_whole(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses_blank_dir };
        struct sbx_classify_result *r;

        assert_verdict(run_landlock_in(&ctx, "error: failed to write `/ro dir/x`: Permission denied (os error 13)\n"),
                       "task_failure");
        r = run_landlock_in(&ctx, "error: failed to write `/rw dir/x`: Permission denied (os error 13)\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/rw dir/x");
}

/* Bundler raises its PermissionError for EACCES only and prints it wrapped at 80 columns at the
 * blanks: "There was an error while trying to write to `X`. It is likely that you need to grant
 * write permissions for that path.", the name on the line, on the next one, or run over a break
 * when it holds a blank (bundle config set --global with HOME outside, exit 23; fixtures/landlock
 * bundle-config-global-home*). Under Landlock it read as the command's failure, no line saying
 * "Permission denied". Under bwrap the EROFS line, Ruby's "<errno text> @ <function> - X", had its
 * " - X" wrapped onto the next line: the path none, so as nobody a HOME of root's, the host's
 * refusal, read as denied. */
static void test_classify_bundler_wrapped_name(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses };
        struct sbx_classify_result *r;

        /* whole on the line, the break after it */
        r = run_landlock_in(&ctx, "There was an error while trying to write to `/var/tmp/x/.bundle/config`. It\n"
                                  "is likely that you need to grant write permissions for that path.\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 1);
        assert_string_equal(r->denials[0].path, "/var/tmp/x/.bundle/config");
        /* the break before it */
        r = run_landlock_in(&ctx, "There was an error while trying to write to\n"
                                  "`/var/tmp/a-long-name-of-forty-characters-xxxxx/.bundle/config`. It is likely\n"
                                  "that you need to grant write permissions for that path.\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 1);
        assert_string_equal(r->denials[0].path, "/var/tmp/a-long-name-of-forty-characters-xxxxx/.bundle/config");
        /* inside it, at its blank */
        r = run_landlock_in(&ctx, "There was an error while trying to write to `/var/tmp/a name with blanks in\n"
                                  "it/.bundle/config`. It is likely that you need to grant write permissions for\n"
                                  "that path.\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/var/tmp/a name with blanks in it/.bundle/config");
        /* a directory made; relative to the cwd */
        r = run_landlock_in(&ctx, "There was an error while trying to create `v/b`. It is likely that you need to\n"
                                  "grant executable permissions for all parent directories and write permissions\n"
                                  "for `v`.\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/v/b");
        /* the host's own refusal, on the line or after the break */
        assert_verdict(run_landlock_in(&ctx, "There was an error while trying to write to `/ro/.bundle/config`. It is\n"
                                             "likely that you need to grant write permissions for that path.\n"),
                       "task_failure");
        assert_verdict(run_landlock_in(&ctx, "There was an error while trying to write to `/ro/a name\n"
                                             "x/.bundle/config`. It is likely that you need to grant write permissions\n"),
                       "task_failure");
        /* the host asked of the whole name, not of its part on the first line ("/ro") */
        struct sbx_classify_context blank = { .cwd = "/ws", .host_refuses = fake_host_refuses_blank_dir };
        assert_verdict(run_landlock_in(&blank, "There was an error while trying to write to `/ro dir/.bundle/config`. It\n"), "task_failure");
        assert_verdict(run_landlock_in(&blank, "There was an error while trying to write to `/ro\n"
                                               "dir/.bundle/config`. It is likely that you need to grant write permissions\n"),
                       "task_failure");
        r = run_landlock_in(&blank, "There was an error while trying to write to `/rw\n"
                                    "dir/.bundle/config`. It is likely that you need to grant write permissions\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/rw dir/.bundle/config");
        /* no name after it: denied, none */
        r = run_landlock_in(&ctx, "There was an error while trying to write to\nsomething else\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "");
        /* bwrap: Ruby's " - X" on the next line */
        r = run_backend_in("bwrap", &ctx, "There was an error accessing `/var/tmp/x/.bundle/config`.\n"
                                          "The underlying system error is Errno::EROFS: Read-only file system @ dir_s_mkdir\n"
                                          "- /var/tmp/x/.bundle\n");
        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 2);
        assert_string_equal(r->denials[0].path, "/var/tmp/x/.bundle");
        assert_verdict(run_backend_in("bwrap", &ctx, "There was an error accessing `/ro/.bundle/config`.\n"
                                                     "The underlying system error is Errno::EROFS: Read-only file system @ dir_s_mkdir\n"
                                                     "- /ro/.bundle\n"),
                       "task_failure");
        /* ... a name with blanks that the wrap broke at one of them, its rest on the line after:
         * the host asked of the whole name (as nobody, a HOME of its own, "own home", read as its
         * part "own" in root's directory, the host's refusal: task_failure). Joined only when the
         * first word of the line after did not fit on the "- X" line's 80 columns. */
        {
                struct sbx_classify_context own = { .cwd = "/ws", .host_refuses = fake_host_refuses_but_own_home };
                static const char wrapped[] = "The underlying system error is Errno::EROFS: Read-only file system @ dir_s_mkdir\n"
                                              "- /var/tmp/sbx-test-tmp.Nr25P7/sbx-test.CoLm61/ss/a-longer-directory/own\n"
                                              "home/.bundle\n";

                r = run_backend_in("bwrap", &own, wrapped);
                assert_verdict(r, "denied");
                assert_int_equal(r->line_no, 1);
                assert_string_equal(r->denials[0].path,
                                    "/var/tmp/sbx-test-tmp.Nr25P7/sbx-test.CoLm61/ss/a-longer-directory/own home/.bundle");
                /* a "- X" line with room for the next line's first word: that line is another's */
                r = run_backend_in("bwrap", &own, "Errno::EROFS: Read-only file system @ dir_s_mkdir\n- /var/tmp/own home/.bundle\n"
                                                  "next words\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "/var/tmp/own home/.bundle");
                r = run_backend_in("bwrap", &own, "Errno::EROFS: Read-only file system @ dir_s_mkdir\n- /var/tmp/own\nhome/.bundle\n");
                assert_verdict(r, "task_failure");
                /* broken twice (a name longer than two lines); the held line as Bundler prints
                 * it, whose own width tells the wrap's (a short one tells a narrower wrap) */
                r = run_backend_in("bwrap", &own, "The underlying system error is Errno::EROFS: Read-only file system @ dir_s_mkdir\n"
                                                  "- /var/tmp/a-directory-whose-name-is-long-enough-to-fill-the-first-line-a\n"
                                                  "b-directory-whose-name-is-long-enough-to-fill-the-second-line-of-it/own\n"
                                                  "home/.bundle\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path,
                                    "/var/tmp/a-directory-whose-name-is-long-enough-to-fill-the-first-line-a "
                                    "b-directory-whose-name-is-long-enough-to-fill-the-second-line-of-it/own home/.bundle");
                /* a word longer than the wrap alone on its line (measured, bundle under bwrap,
                 * HOME /var/tmp/b/<90 x>/own home): the wrap broke at the blank after it, the
                 * rest on the next lines (before, read to "own" alone, root's directory's part,
                 * the host's refusal: task_failure) */
                r = run_backend_in("bwrap", &own, "The underlying system error is Errno::EROFS: Read-only file system @ dir_s_mkdir\n-\n"
                                                  "/var/tmp/b/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/own\n"
                                                  "home/.bundle\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path,
                                    "/var/tmp/b/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/own home/.bundle");
                /* ... broken again after it at the width the held line tells */
                r = run_backend_in("bwrap", &own, "The underlying system error is Errno::EROFS: Read-only file system @ dir_s_mkdir\n-\n"
                                                  "/var/tmp/b/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/with\n"
                                                  "a-directory-whose-name-is-long-enough-to-fill-the-second-line-of-it/own\n"
                                                  "home/.bundle\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path,
                                    "/var/tmp/b/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/with "
                                    "a-directory-whose-name-is-long-enough-to-fill-the-second-line-of-it/own home/.bundle");
                /* ... a line longer than the wrap with a blank in it is none the wrap made */
                r = run_backend_in("bwrap", &own, "The underlying system error is Errno::EROFS: Read-only file system @ dir_s_mkdir\n-\n"
                                                  "/var/tmp/b/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx x/own\n"
                                                  "home/.bundle\n");
                assert_verdict(r, "task_failure");
        }
        /* ... a name longer than the wrap's 80 columns: "-" alone, the name whole on the line
         * after (it named none, and as nobody a long HOME of root's read as denied) */
        {
                static const char head[] = "There was an error accessing\n`%s/.bundle/config`.\n"
                                           "The underlying system error is Errno::EROFS: Read-only file system @ dir_s_mkdir\n"
                                           "-\n%s/.bundle\n";
                static const char *const homes[] = {
                        "/var/tmp/longlonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglong",
                        "/ro/longlonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglong",
                };
                char text[512], want[256];

                snprintf(text, sizeof(text), head, homes[0], homes[0]);
                r = run_backend_in("bwrap", &ctx, text);
                assert_verdict(r, "denied");
                assert_int_equal(r->line_no, 3);
                snprintf(want, sizeof(want), "%s/.bundle", homes[0]);
                assert_string_equal(r->denials[0].path, want);
                snprintf(text, sizeof(text), head, homes[1], homes[1]);
                assert_verdict(run_backend_in("bwrap", &ctx, text), "task_failure");
                /* nothing after the "-", or an indented line: denied, none */
                r = run_backend_in("bwrap", &ctx, "Errno::EROFS: Read-only file system @ dir_s_mkdir\n-\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "");
                r = run_backend_in("bwrap", &ctx, "Errno::EROFS: Read-only file system @ dir_s_mkdir\n-\n  /ro/x\n");
                assert_verdict(r, "denied");
                assert_string_equal(r->denials[0].path, "");
        }
}

/* The host as sbx run tells it: nobody may make the first line's part of a name broken at its
 * blanks (its directory, /var/tmp/b, is root's), and may write the whole name's directory. */
static bool fake_host_refuses_part(void *userdata, const char *path, bool run, bool opens, bool reads) {
        (void) userdata;
        (void) run;
        (void) opens;
        (void) reads;
        return strcmp(path, "/var/tmp/b/some long directory name with") == 0 || strncmp(path, "/ro/", 4) == 0;
}

/* Ruby's " - X" after Bundler's wrap at 80 columns, X a name with blanks broken at them over
 * lines (measured, bundle 2.3.15 under bwrap, HOME a name of 114 columns with blanks): the lines
 * the wrap broke go on with the name, as Bundler's word_wrap() tells (the first word of the line
 * after did not fit after the name's last line; the width told by the held line). Before, the
 * name was its first line alone: as nobody, the part's directory of root's read as the host's
 * refusal, task_failure, though nobody may write the whole name's. */
static void test_classify_ruby_name_wrapped_at_blanks(void **state) {
        struct sbx_classify_context ctx = { .cwd = "/ws", .host_refuses = fake_host_refuses_part };
        static const char held[] = "There was an error accessing `/var/tmp/b/some long directory name with\n"
                                   "blanks/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/and more words\n"
                                   "here/home/.bundle/config`.\n"
                                   "The underlying system error is Errno::EROFS: Read-only file system @ dir_s_mkdir\n";
        static const char whole[] =
                "/var/tmp/b/some long directory name with blanks/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/and more "
                "words here/home";
        static const struct {
                const char *tail, *verdict, *path;
        } cases[] = {
                { "- /var/tmp/b/some long directory name with\n"
                  "blanks/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/and more words\n"
                  "here/home\n",
                  "denied", whole },
                /* a line after that the wrap did not break: no part of the name */
                { "- /var/tmp/b/some long directory name with\n"
                  "blanks/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/and more words\n"
                  "here/home\nRun `bundle install` to go on\n",
                  "denied", whole },
                { "- /var/tmp/x/.bundle\nRetrying with a longer name that would not have fitted there\n", "denied",
                  "/var/tmp/x/.bundle" },
                /* the width is the held line's, 80: a first word that makes 81 columns after the
                 * last line was broken there (measured: a name line of 76 columns, then "than");
                 * one that makes 80 was not */
                { "- /var/tmp/b/some long directory name with\nblanks/xxxxxxxxxxxxxxxxxxxxxxxxxxxxx/x\n", "denied",
                  "/var/tmp/b/some long directory name with blanks/xxxxxxxxxxxxxxxxxxxxxxxxxxxxx/x" },
                { "- /var/tmp/b/some long directory name with\nblanks/xxxxxxxxxxxxxxxxxxxxxxxxxxxx/x\n", "task_failure",
                  NULL },
                /* a name line of 81 columns tells a width of 81: 81 columns after it fit */
                { "- /var/tmp/b/some long directory name with blanks blanks blanks blanks blanks abc\n"
                  "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx y/z\n"
                  "abc\n", "denied", "/var/tmp/b/some long directory name with blanks blanks blanks blanks blanks abc "
                  "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx y/z" },
                { "- /var/tmp/x y\nd/.bundle\n", "denied", "/var/tmp/x y" },
                { "- /var/tmp/b/some long directory name with\n  blanks/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n",
                  "task_failure", NULL },
        };
        char text[1024];
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_classify_result *r;

                snprintf(text, sizeof(text), "%s%s", held, cases[i].tail);
                r = run_backend_in("bwrap", &ctx, text);
                if (strcmp(sbx_verdict_to_string(r->verdict), cases[i].verdict) != 0)
                        fail_msg("case %zu: %s, want %s (path '%s')", i, sbx_verdict_to_string(r->verdict), cases[i].verdict,
                                 r->n_denials ? r->denials[0].path : "");
                if (cases[i].path) {
                        assert_int_equal(r->line_no, 4);
                        assert_int_equal(r->denial_lines, 1);
                        assert_string_equal(r->denials[0].path, cases[i].path);
                }
        }
}

/* git reports a loose object it could not create only as "insufficient permission for adding an
 * object to repository database DIR", and only for EACCES (object-file.c; other errnos: "unable
 * to create temporary file: <strerror>"): under Landlock the refusal of git merge-tree
 * --write-tree, hash-object -w, fetch in read-only mode (fixtures/landlock/git-merge-tree-read-only;
 * it read as the command's failure). Under bwrap EACCES is the host's own permission. */
static void test_classify_git_object_permission(void **state) {
        (void) state;
        static const char text[] = "error: insufficient permission for adding an object to repository database .git/objects\n"
                                   "fatal: failure to merge\n";
        struct sbx_classify_context ctx = { .cwd = "/ws" };
        struct sbx_classify_result *r = run("landlock", 128, 0, text);

        assert_verdict(r, "denied");
        assert_int_equal(r->line_no, 1);
        r = run_backend_in("landlock", &ctx, text);
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/.git/objects");
        assert_verdict(run("bwrap", 128, 0, text), "task_failure");
        assert_verdict(run("bwrap", 128, 0, "error: unable to create temporary file: Permission denied\n"), "task_failure");
}

/* ".." after a symlink is its target's parent, as the kernel resolves it: the path recorded is
 * the host's (`touch link/../y`, link a symlink to /etc, recorded /ws/y for /y). As text without
 * a resolver. */
static void test_classify_dotdot_recorded_resolved(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .resolve = fake_resolve };
        struct sbx_classify_context text = { .cwd = "/ws" };
        struct sbx_classify_result *r;

        r = run_landlock_in(&ctx, "touch: cannot touch 'link/../y': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/y");
        r = run_landlock_in(&ctx, "bash: line 1: /ws/link/../w: Permission denied\n");
        assert_string_equal(r->denials[0].path, "/w");
        r = run_landlock_in(&ctx, "touch: cannot touch 'sub/../y': Permission denied\n");
        assert_string_equal(r->denials[0].path, "/ws/y");
        r = run_landlock_in(&text, "touch: cannot touch 'link/../y': Permission denied\n");
        assert_string_equal(r->denials[0].path, "/ws/y");
}

/* /ws/lnk, the user's symlink to /ro/f (another user's file) */
static size_t fake_resolve_lnk(void *userdata, const char *path, char *out, size_t size) {
        (void) userdata;
        return (size_t) snprintf(out, size, "%s", strcmp(path, "/ws/lnk") == 0 ? "/ro/f" : path);
}

/* A change of owner may be of a symlink itself (chown -h, chown -R's lchown), which is the
 * user's whatever its target: as nobody in read-only, `chown -h nobody: lnk` (lnk nobody's link
 * to /etc/passwd) read as the host's refusal, asked of the target only. A change of mode follows
 * the link (chmod has no -h): the target's owner decides. */
static void test_classify_host_refuses_owner_link(void **state) {
        (void) state;
        struct sbx_classify_context ctx = { .cwd = "/ws", .resolve = fake_resolve_lnk,
                                            .host_refuses = fake_host_refuses,
                                            .host_refuses_owner = fake_host_refuses_owner };
        struct sbx_classify_result *r;

        r = run_backend_in("bwrap", &ctx, "chown: changing ownership of 'lnk': Read-only file system\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/lnk");
        assert_verdict(run_landlock_in(&ctx, "chown: changing ownership of '/ws/lnk': Permission denied\n"), "denied");
        assert_verdict(run_backend_in("bwrap", &ctx, "chmod: changing permissions of 'lnk': Read-only file system\n"),
                       "task_failure");
        /* no symlink: the file's owner decides */
        assert_verdict(run_backend_in("bwrap", &ctx, "chown: changing ownership of '/ro/f': Read-only file system\n"),
                       "task_failure");
}

/* A denial line whose path lies beneath the granted directories, where the sandbox refuses no
 * ordinary write, and that names a path elsewhere: that one is what the sandbox refused, and its
 * path. Landlock refuses the rename of a file from outside into the workspace: mv's and Python's
 * lines name the source first (the path was the destination in the workspace). */
static void test_classify_path_outside_granted(void **state) {
        (void) state;
        static const char *const granted[] = { "/ws", "/tmp/run", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws/sub", .granted = granted };
        struct sbx_classify_result *r;

        r = run_landlock_in(&ctx, "mv: cannot move '/var/tmp/x' to './moved': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/var/tmp/x");
        r = run_landlock_in(&ctx, "PermissionError: [Errno 13] Permission denied: '/var/tmp/f' -> 'b'\n");
        assert_string_equal(r->denials[0].path, "/var/tmp/f");
        r = run_landlock_in(&ctx, "Exception in thread \"main\" java.nio.file.AccessDeniedException: /var/tmp/f -> b\n");
        assert_string_equal(r->denials[0].path, "/var/tmp/f");
        r = run_landlock_in(&ctx, "PermissionError: [Errno 13] Permission denied: '../../etc/f' -> '/tmp/run/b'\n");
        assert_string_equal(r->denials[0].path, "/etc/f");
        /* the writable directories count as granted */
        {
                static const char *const writable[] = { "/ws", NULL };
                struct sbx_classify_context w = { .cwd = "/ws", .writable = writable };

                r = run_landlock_in(&w, "mv: cannot move '/var/tmp/x' to './moved': Permission denied\n");
                assert_string_equal(r->denials[0].path, "/var/tmp/x");
        }
        /* no other name, a bare word, the program's path or a source location: the path stays */
        r = run_landlock_in(&ctx, "touch: cannot touch 'x': Permission denied\n");
        assert_string_equal(r->denials[0].path, "/ws/sub/x");
        r = run_landlock_in(&ctx, "/usr/bin/ld: cannot open output file x: Permission denied\n");
        assert_string_equal(r->denials[0].path, "/ws/sub/x");
        r = run_landlock_in(&ctx, "/usr/src/h.c:1:21: fatal error: opening dependency file x: Permission denied\n");
        assert_string_equal(r->denials[0].path, "/ws/sub/x");
        /* a symlink, a link or a copy: the other name only read, the path stays */
        r = run_landlock_in(&ctx, "cp: cannot create symbolic link 'x' to '/usr/lib/y': Permission denied\n");
        assert_string_equal(r->denials[0].path, "/ws/sub/x");
        r = run_landlock_in(&ctx, "tar: x: Cannot create symlink to '/usr/lib/y': Permission denied\n");
        assert_string_equal(r->denials[0].path, "/ws/sub/x");
        r = run_landlock_in(&ctx, "Error: EACCES: permission denied, copyfile '/usr/lib/y' -> 'x'\n");
        assert_string_equal(r->denials[0].path, "/ws/sub/x");
        r = run_landlock_in(&ctx, "Error: EACCES: permission denied, link '/var/tmp/y' -> 'x'\n");
        assert_string_equal(r->denials[0].path, "/ws/sub/x");
        /* a path elsewhere stays, whatever else the line names */
        r = run_landlock_in(&ctx, "mv: cannot move 'a' to '/etc/x': Permission denied\n");
        assert_string_equal(r->denials[0].path, "/etc/x");
        /* a source location anywhere in the line (Perl's, PHP's, Ruby's) is no name either: as
         * nobody, `cd /own-dir && perl /usr/local/bin/w.pl` writing x read as the host's refusal of
         * the script, a name the host refuses */
        {
                static const char *const located[] = {
                        "Cannot open x: Permission denied at /ro/w.pl line 1.",
                        "PHP Warning:  fopen(x): Failed to open stream: Permission denied in /ro/a.php on line 3",
                        "/ro/fileutils.rb:1386:in `initialize': Permission denied @ rb_sysopen - x (Errno::EACCES)",
                };
                struct sbx_classify_context h = { .cwd = "/ws/sub", .granted = granted,
                                                  .host_refuses = fake_host_refuses };

                for (size_t i = 0; i < SBX_ELEMENTSOF(located); i++) {
                        r = run_landlock_in(&h, located[i]);
                        if (r->verdict != SBX_VERDICT_DENIED || r->n_denials != 1 ||
                            strncmp(r->denials[0].path, "/ws/sub/", 8) != 0)
                                fail_msg("'%s': %s %s", located[i], sbx_verdict_to_string(r->verdict),
                                         r->n_denials ? r->denials[0].path : "");
                }
                assert_string_equal(run_landlock_in(&h, located[0])->denials[0].path, "/ws/sub/x");
        }
}

/* A host where every name reads as a 0644 file: it lets the command read and write, never run. */
static bool fake_host_permits_rw(void *userdata, const char *path, bool run) {
        (void) userdata;
        (void) path;
        return !run;
}

/* A host that lets the command make and write everything but beneath /ws/ro (a 0555 directory). */
static bool fake_host_permits_but_ro(void *userdata, const char *path, bool run) {
        (void) userdata;
        (void) run;
        return strncmp(path, "/ws/ro/", 7) != 0;
}

/* With host_permits, the name a denial path pairs with ("'/etc/a' -> 'ro/x'") need not lie in the
 * workspace when the host would not let the command make the path: the call fails on the host
 * whatever the other name. Node's copyFile from outside into a 0555 directory of the workspace
 * read as denied, its path the source. Where the host lets the command make the path, the rename
 * from outside stays the sandbox's, its path the source. */
static void test_classify_landlock_pair_into_host_refused_dir(void **state) {
        (void) state;
        static const char *const writable[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .writable = writable, .granted = writable,
                                            .resolve = fake_resolve, .host_permits = fake_host_permits_but_ro };
        struct sbx_classify_result *r;

        r = run_landlock_in(&ctx, "Error: EACCES: permission denied, copyfile '/etc/hostname' -> 'ro/x'\n");
        assert_verdict(r, "task_failure");
        r = run_landlock_in(&ctx, "mv: cannot move '/var/tmp/f' to 'ro/f': Permission denied\n");
        assert_verdict(r, "task_failure");
        r = run_landlock_in(&ctx, "mv: cannot move '/var/tmp/f' to 'f': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/var/tmp/f");
        /* a name in no pair still must lie in the workspace */
        r = run_landlock_in(&ctx, "tar: ro/x: Cannot create symlink to '/etc/a': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/ws/ro/x");
        /* without host_permits, text alone: the pair stays the sandbox's */
        ctx.host_permits = NULL;
        r = run_landlock_in(&ctx, "Error: EACCES: permission denied, copyfile '/etc/hostname' -> 'ro/x'\n");
        assert_verdict(r, "denied");
}

/* A line naming several files, all in the workspace, that the host refuses (a 0555 directory):
 * a word within a quoted name is no name of its own. "/etc" after a quote of the name's
 * ('ro/say "hi"/etc', 'ro/q'\''"/etc', as mv prints a name with a quote) read as a name outside,
 * the host's refusal as the sandbox's (denied), and a name GNU quoted in pieces was split into
 * its pieces ("q", "", "\"/etc' ..."). */
static void test_classify_landlock_words_within_quoted_names(void **state) {
        (void) state;
        static const char *const writable[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .writable = writable, .granted = writable,
                                            .resolve = fake_resolve, .host_permits = fake_host_permits_but_ro };
        static const char *const inside[] = {
                "mv: cannot move 'a' to 'ro/say \"hi\"/etc': Permission denied\n",
                "mv: cannot move 'a' to 'ro/q'\\''\"/etc': Permission denied\n",
                "cp: cannot create hard link 'ro/q'\\''\"/etc/x' to 'a': Permission denied\n",
                "ln: failed to create hard link 'ro/say \"hi\"/usr' => 'a': Permission denied\n",
                "mkdir: cannot create directory 'ro/it\\'/etc': Permission denied\n",
                "mkdir: cannot create directory \xe2\x80\x98ro/x\xe2\x80\x98/etc\\\xe2\x80\x99\xe2\x80\x99: Permission denied\n",
        };
        struct sbx_classify_result *r;

        for (size_t i = 0; i < SBX_ELEMENTSOF(inside); i++) {
                r = run_landlock_in(&ctx, inside[i]);
                if (r->verdict != SBX_VERDICT_TASK_FAILURE)
                        fail_msg("'%s': %s %s", inside[i], sbx_verdict_to_string(r->verdict),
                                 r->n_denials ? r->denials[0].path : "");
        }
        /* ... while a name outside, quoted in pieces, is still one */
        r = run_landlock_in(&ctx, "mv: cannot move '/etc/q'\\''\"r' to 'ro/x': Permission denied\n");
        assert_verdict(r, "denied");
        r = run_landlock_in(&ctx, "mv: cannot move '/etc/q'\\''\"r' to 'x': Permission denied\n");
        assert_verdict(r, "denied");
        assert_string_equal(r->denials[0].path, "/etc/q'\"r");
}

static struct sbx_classify_result *run_on_rw_host(const char *text) {
        static const char *const writable[] = { "/ws", NULL };
        struct sbx_classify_context ctx = { .cwd = "/ws", .writable = writable, .resolve = fake_resolve,
                                            .host_permits = fake_host_permits_rw };

        return run_landlock_in(&ctx, text);
}

/* With host_permits, a line stays a denial when the host would have let the command do what the
 * line is about: the execute bit is asked for only by a line that may tell of a failed exec (a
 * 0644 ./script run: the host's), not by a write (`cd .. && touch a.txt` beside a 0644 a.txt in
 * the workspace: the sandbox's, the name is relative to another directory). */
static void test_classify_landlock_execute_bit_only_for_exec_failures(void **state) {
        (void) state;
        static const char *const exec[] = {
                "bash: ./nx: Permission denied",
                "bash: line 1: ./nx: Permission denied",
                "./build.sh: line 3: ./nx: Permission denied",
                "sh: 1: ./nx: Permission denied",
                "env: './nx': Permission denied",
                "env: \xe2\x80\x98./nx\xe2\x80\x99: Permission denied",
                "make: ./nx: Permission denied",
                "make: execvp: ./nx: Permission denied",
                "xargs: ./nx: Permission denied",
                "find: './nx': Permission denied",
                "timeout: failed to run command './nx': Permission denied",
                "zsh:1: permission denied: ./nx",
                "PermissionError: [Errno 13] Permission denied: './nx'",
        };
        static const char *const write[] = {
                "touch: cannot touch 'a.txt': Permission denied",
                "tar: a.txt: Cannot open: Permission denied",
                "sh: 1: cannot create a.txt: Permission denied",
                "cp: cannot create regular file 'a.txt': Permission denied",
                "mkdir: cannot create directory \xe2\x80\x98\x64\xe2\x80\x99: Permission denied", /* d */
                "Error: EACCES: permission denied, open 'a.txt'",
                "sed: couldn't open temporary file ./sedAbc: Permission denied",
        };
        struct sbx_classify_result *r;

        for (size_t i = 0; i < SBX_ELEMENTSOF(exec); i++) {
                r = run_on_rw_host(exec[i]);
                if (r->verdict != SBX_VERDICT_TASK_FAILURE || r->denial_lines != 0)
                        fail_msg("'%s': %s, %" PRIu64 " denial lines", exec[i], sbx_verdict_to_string(r->verdict),
                                 r->denial_lines);
        }
        for (size_t i = 0; i < SBX_ELEMENTSOF(write); i++) {
                r = run_on_rw_host(write[i]);
                if (r->verdict != SBX_VERDICT_DENIED || r->denial_lines != 1)
                        fail_msg("'%s': %s", write[i], sbx_verdict_to_string(r->verdict));
        }
}

/* Which runs get writable directories: the landlock backend in workspace-write, no other. */
static void test_classify_writable_dirs_only_for_landlock_workspace_write(void **state) {
        (void) state;
        const char *dirs[3];

        assert_int_equal(sbx_classify_writable_dirs("landlock", "workspace-write", "/ws", "/tmp/run", dirs), 2);
        assert_string_equal(dirs[0], "/ws");
        assert_string_equal(dirs[1], "/tmp/run");
        assert_null(dirs[2]);
        assert_int_equal(sbx_classify_writable_dirs("landlock", "workspace-write", "/ws", NULL, dirs), 1);
        assert_null(dirs[1]);
        assert_int_equal(sbx_classify_writable_dirs("landlock", "read-only", "/ws", NULL, dirs), 0);
        assert_null(dirs[0]);
        /* bubblewrap binds protected paths read-only inside the workspace: EROFS there is a denial */
        assert_int_equal(sbx_classify_writable_dirs("bwrap", "workspace-write", "/ws", "/tmp/run", dirs), 0);
        assert_int_equal(sbx_classify_writable_dirs("landlock", "workspace-write", NULL, NULL, dirs), 0);
}

/* ---- sbx classify's option parsing ---------------------------------------------------------- */

static void test_classify_args_parse_table(void **state) {
        (void) state;
        static const struct {
                const char *args[10];
                bool ok;
                const char *err; /* substring when !ok */
        } cases[] = {
                { { "classify", "--backend", "bwrap", "--exit", "1" }, true, NULL },
                { { "classify", "--backend", "bwrap", "--signal", "9" }, true, NULL },
                { { "classify", "--backend=landlock", "--exit=0", "--json", "--stderr", "f" }, true, NULL },
                { { "classify", "--help" }, true, NULL },
                { { "classify", "--backend", "bwrap", "--exit", "x1" }, false, "--exit wants a number in 0..255, not 'x1'" },
                { { "classify", "--backend", "bwrap", "--exit", "300" }, false, "--exit wants a number" },
                { { "classify", "--backend", "bwrap", "--signal", "0" }, false, "--signal 0 says the command exited: give its --exit N" },
                { { "classify", "--backend", "bwrap", "--exit", "1", "--signal", "0" }, true, NULL },
                { { "classify", "--backend", "bwrap", "--exit", "1", "--signal", "65" }, false, "--signal wants a number in 0..64" },
                /* exited and killed at once: the exit code was dropped without a word */
                { { "classify", "--backend", "bwrap", "--exit", "0", "--signal", "9" }, false, "--exit 0 with --signal 9: a command killed by a signal has no exit code" },
                { { "classify", "--backend", "bwrap", "--signal", "15", "--exit", "1" }, false, "--exit 1 with --signal 15" },
                { { "classify", "--backend", "bwrap", "--signal", "0", "--exit", "0" }, true, NULL },
                { { "classify", "--backend", "bwrap" }, false, "--exit N (or --signal N) is required" },
                { { "classify", "--exit", "1" }, false, "--backend NAME is required" },
                { { "classify", "--backend", "bwrap", "--exit", "1", "x" }, false, "unexpected argument 'x'" },
                { { "classify", "--backend", "bwrap", "--exit", "1", "--nope" }, false, "unknown option '--nope'" },
                { { "classify", "--backend" }, false, "needs a value" },
                { { "classify", "--backend", "bwrap", "--exit", "1", "--cwd", "/ws" }, true, NULL },
                { { "classify", "--backend", "bwrap", "--exit", "1", "--cwd", "ws" }, false, "--cwd wants an absolute directory, not 'ws'" },
                { { "classify", "--backend", "landlock", "--exit", "1", "--mode", "workspace-write", "--root", "/w" }, true, NULL },
                { { "classify", "--backend", "landlock", "--exit", "1", "--mode", "workspace-write" }, false, "--mode and --root go together" },
                { { "classify", "--backend", "landlock", "--exit", "1", "--mode", "rw", "--root", "/w" }, false, "--mode wants read-only" },
                { { "classify", "--backend", "landlock", "--exit", "1", "--root", "w", "--mode", "read-only" }, false, "--root wants an absolute directory" },
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                struct sbx_classify_args a;
                char err[256] = "";
                char *argv[11] = { NULL };
                int argc = 0;

                while (argc < 10 && cases[i].args[argc]) {
                        argv[argc] = (char *) cases[i].args[argc];
                        argc++;
                }
                int r = sbx_classify_args_parse(argc, argv, &a, err, sizeof(err));
                if (cases[i].ok ? r != 0 : (r != -EINVAL || !strstr(err, cases[i].err)))
                        fail_msg("case %zu: r=%d err '%s'", i, r, err);
        }
        struct sbx_classify_args a;
        char err[64];
        char *argv[] = { (char *) "classify", (char *) "--backend", (char *) "seatbelt", (char *) "--exit",
                         (char *) "71", (char *) "--dialect", (char *) "d", NULL };
        assert_int_equal(sbx_classify_args_parse(7, argv, &a, err, sizeof(err)), 0);
        assert_string_equal(a.backend, "seatbelt");
        assert_true(a.has_exit);
        assert_int_equal(a.exit_code, 71);
        assert_int_equal(a.signal, 0);
        assert_string_equal(a.dialect_path, "d");
        assert_null(a.stderr_path);
        assert_false(a.json);
}

/* The lines kept so far, read while the stream goes on (sbx run records them as it runs): they
 * appear once what was gathered is flushed, a line not ended waits for its end, and flushes change
 * nothing of the result. */
static void test_classify_denials_so_far_and_flushes_change_nothing(void **state) {
        static const char text[] =
                "building\n"
                "touch: cannot touch '/usr/a': Read-only file system\n"
                "more output\n"
                "mkdir: cannot create directory '/usr/b': Read-only file system\n"
                "touch: cannot touch '/usr/c': Read-only file system";
        const struct sbx_dialect *d = builtin("bwrap");
        struct sbx_classify_result *whole = calloc(1, sizeof(*whole)), *flushed = calloc(1, sizeof(*flushed));
        struct sbx_exit_status st = { .exit_code = 1 };
        struct sbx_classifier *c = NULL;
        const struct sbx_denial *kept = NULL;
        struct sbx_diag diag = { 0 };
        uint64_t counted = 0;
        size_t len = strlen(text);

        (void) state;
        assert_non_null(whole);
        assert_non_null(flushed);
        run_chunked(d, 1, 0, text, len, 0, whole);
        assert_int_equal(sbx_classifier_new(d, &c, &diag), 0);
        /* the first two lines, ended: gathered, not read yet */
        assert_int_equal(sbx_classify_feed(c, text, 61), 0);
        assert_int_equal(sbx_classifier_denials_so_far(c, &kept, &counted), 0);
        assert_int_equal(sbx_classifier_staged(c), 61);
        assert_int_equal(sbx_classify_flush(c), 0);
        assert_int_equal(sbx_classifier_staged(c), 0);
        assert_int_equal(sbx_classifier_denials_so_far(c, &kept, &counted), 1);
        assert_int_equal(counted, 1);
        assert_string_equal(kept[0].path, "/usr/a");
        assert_int_equal(kept[0].line_no, 2);
        for (size_t off = 61; off < len; off += 7) {
                assert_int_equal(sbx_classify_feed(c, text + off, len - off < 7 ? len - off : 7), 0);
                assert_int_equal(sbx_classify_flush(c), 0);
        }
        /* the last line has no end yet */
        assert_int_equal(sbx_classifier_denials_so_far(c, &kept, &counted), 2);
        assert_int_equal(sbx_classify_finish(c, &st, flushed, &diag), 0);
        sbx_classifier_free(c);
        assert_int_equal(flushed->verdict, whole->verdict);
        assert_int_equal(flushed->denial_lines, 3);
        assert_int_equal(flushed->denial_lines, whole->denial_lines);
        assert_int_equal(flushed->n_denials, whole->n_denials);
        assert_int_equal(flushed->line_no, whole->line_no);
        assert_string_equal(flushed->matched_line, whole->matched_line);
        for (size_t i = 0; i < whole->n_denials; i++) {
                assert_int_equal(flushed->denials[i].line_no, whole->denials[i].line_no);
                assert_string_equal(flushed->denials[i].line, whole->denials[i].line);
                assert_string_equal(flushed->denials[i].path, whole->denials[i].path);
        }
        free(whole);
        free(flushed);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_classify_verdict_names_round_trip),
                cmocka_unit_test(test_classify_denials_so_far_and_flushes_change_nothing),
                cmocka_unit_test(test_classify_exit_zero_is_success_but_denials_are_counted),
                cmocka_unit_test(test_classify_runner_rule_wins_over_denial),
                cmocka_unit_test(test_classify_bwrap_fatal_lines_with_denial_words_are_runner_failures),
                cmocka_unit_test(test_classify_informational_line_alone_is_not_runner_failure),
                cmocka_unit_test(test_classify_fatal_signature_inside_excluded_informational_line_does_not_count),
                cmocka_unit_test(test_classify_exit_status_alone_never_proves_runner_failure),
                cmocka_unit_test(test_classify_allowed_exit_gate_mismatch_is_not_runner_failure),
                cmocka_unit_test(test_classify_signal_deaths),
                cmocka_unit_test(test_classify_mixed_case_and_unicode_case_folding),
                cmocka_unit_test(test_classify_crlf_line_ends),
                cmocka_unit_test(test_classify_plain_permission_denied_under_bwrap_is_task_failure),
                cmocka_unit_test(test_classify_java_access_denied_exception),
                cmocka_unit_test(test_classify_sqlite_readonly_database),
                cmocka_unit_test(test_classify_dpkg_lock_permission),
                cmocka_unit_test(test_classify_socket_address_is_no_file),
                cmocka_unit_test(test_classify_python_call_no_file),
                cmocka_unit_test(test_classify_renice_is_no_file),
                cmocka_unit_test(test_classify_gdb_proc_mem_warning),
                cmocka_unit_test(test_classify_java_bind_exception),
                cmocka_unit_test(test_classify_perl_inet_socket),
                cmocka_unit_test(test_classify_tcl_socket),
                cmocka_unit_test(test_classify_sysctl_key_names_proc_sys),
                cmocka_unit_test(test_classify_python_shm_name_is_dev_shm),
                cmocka_unit_test(test_classify_git_object_permission),
                cmocka_unit_test(test_classify_gem_file_permission),
                cmocka_unit_test(test_classify_ruby_errno_path),
                cmocka_unit_test(test_classify_php_warning_call_path),
                cmocka_unit_test(test_classify_gawk_inplace_path),
                cmocka_unit_test(test_classify_bear_events_file_path),
                cmocka_unit_test(test_classify_valgrind_error_names_next_line),
                cmocka_unit_test(test_classify_backquoted_name_host_asked_whole),
                cmocka_unit_test(test_classify_bundler_wrapped_name),
                cmocka_unit_test(test_classify_ruby_name_wrapped_at_blanks),
                cmocka_unit_test(test_classify_git_push_unpack),
                cmocka_unit_test(test_classify_none_dialect_attributes_nothing),
                cmocka_unit_test(test_classify_signature_split_across_chunks),
                cmocka_unit_test(test_classify_long_line_matches_anywhere_in_bounded_evidence),
                cmocka_unit_test(test_classify_nul_bytes_and_invalid_utf8_around_match),
                cmocka_unit_test(test_classify_line_numbers_and_first_evidence),
                cmocka_unit_test(test_classify_denials_kept_are_capped_but_all_counted),
                cmocka_unit_test(test_classify_denials_kept_capped_when_a_held_line_is_flushed),
                cmocka_unit_test(test_classify_no_denial_after_the_kept_ones),
                cmocka_unit_test(test_classify_matched_line_is_truncated_at_a_character_boundary),
                cmocka_unit_test(test_classify_jit_and_interpreter_agree),
                cmocka_unit_test(test_classify_finish_twice_and_feed_after_finish_fail),
                cmocka_unit_test(test_classify_random_streams_match_a_naive_reference),
                cmocka_unit_test(test_classify_denial_path_extraction_table),
                cmocka_unit_test(test_classify_relative_denial_paths_are_joined_to_the_cwd),
                cmocka_unit_test(test_classify_landlock_permission_denied_inside_the_workspace),
                cmocka_unit_test(test_classify_landlock_execute_bit_only_for_exec_failures),
                cmocka_unit_test(test_classify_rust_cause_chain_names_the_path),
                cmocka_unit_test(test_classify_rust_cause_chain_across_buffers),
                cmocka_unit_test(test_classify_host_refuses_asked_once_a_name),
                cmocka_unit_test(test_classify_npm_fields_name_the_path),
                cmocka_unit_test(test_classify_python_dir_fd_name_is_not_the_cwds),
                cmocka_unit_test(test_classify_host_refuses),
                cmocka_unit_test(test_classify_host_refuses_names_granted),
                cmocka_unit_test(test_classify_host_refuses_pair),
                cmocka_unit_test(test_classify_host_refuses_owner),
                cmocka_unit_test(test_classify_owner_change_by_root_or_not),
                cmocka_unit_test(test_classify_mode_change_by_root),
                cmocka_unit_test(test_classify_mode_change_quoted_in_pieces),
                cmocka_unit_test(test_classify_refused_words_in_a_name),
                cmocka_unit_test(test_classify_host_refuses_owner_link),
                cmocka_unit_test(test_classify_cross_device_link),
                cmocka_unit_test(test_classify_absolute_path_recorded_normalized),
                cmocka_unit_test(test_classify_cross_device_from_private_temp),
                cmocka_unit_test(test_classify_cross_device_host_refuses_elsewhere),
                cmocka_unit_test(test_classify_node_mkdir_enoent),
                cmocka_unit_test(test_classify_removal_of_a_missing_name),
                cmocka_unit_test(test_classify_ln_link_not_followed),
                cmocka_unit_test(test_classify_gnat_cannot_create),
                cmocka_unit_test(test_classify_sqlite_attach_unopened),
                cmocka_unit_test(test_classify_sqlite_readonly_target_or_db),
                cmocka_unit_test(test_classify_cmake_e_lines),
                cmocka_unit_test(test_classify_move_into_itself),
                cmocka_unit_test(test_classify_bwrap_fifo_permission_denied),
                cmocka_unit_test(test_classify_bwrap_covered_mount),
                cmocka_unit_test(test_classify_touch_own_file_times),
                cmocka_unit_test(test_classify_touch_how),
                cmocka_unit_test(test_classify_touch_append_only),
                cmocka_unit_test(test_classify_root_capability_in_workspace),
                cmocka_unit_test(test_classify_root_run_of_other_users_program),
                cmocka_unit_test(test_classify_make_lines),
                cmocka_unit_test(test_classify_shell_create_bare_word_asked),
                cmocka_unit_test(test_classify_shadow_lock_line),
                cmocka_unit_test(test_classify_btrfs_subvolume_refused),
                cmocka_unit_test(test_classify_tic_errno_number),
                cmocka_unit_test(test_classify_chattr_flags_line),
                cmocka_unit_test(test_classify_chattr_silent_status),
                cmocka_unit_test(test_classify_tar_exists_replaced),
                cmocka_unit_test(test_classify_perl_die_without_errno_is_its_status),
                cmocka_unit_test(test_classify_perl_script_file_die),
                cmocka_unit_test(test_classify_find_exec_line),
                cmocka_unit_test(test_classify_python_subprocess_exec),
                cmocka_unit_test(test_classify_bwrap_fifo_what_was_asked),
                cmocka_unit_test(test_classify_bwrap_fifo_python_mode),
                cmocka_unit_test(test_classify_bwrap_fifo_perl_die),
                cmocka_unit_test(test_classify_bwrap_fifo_name_with_newline),
                cmocka_unit_test(test_classify_bwrap_fifo_dd_output),
                cmocka_unit_test(test_classify_argv_files_resolved_after_symlink),
                cmocka_unit_test(test_classify_python_rename_source_host_refuses),
                cmocka_unit_test(test_classify_python_pair_without_source),
                cmocka_unit_test(test_classify_busybox_mv_names_its_destination),
                cmocka_unit_test(test_classify_sqlite_readonly_names_the_argv_file),
                cmocka_unit_test(test_classify_sqlite_cannot_open_names_the_argv_file),
                cmocka_unit_test(test_classify_curl_write_error_names_the_argv_file),
                cmocka_unit_test(test_classify_argv_name_lost_is_a_denial_of_no_path),
                cmocka_unit_test(test_classify_gnat_and_attach_long_names),
                cmocka_unit_test(test_classify_argv_file_needs_root_capability),
                cmocka_unit_test(test_classify_bwrap_sqlite_readonly_names_the_argv_file),
                cmocka_unit_test(test_classify_sqlite_readonly_database_of_stdin),
                cmocka_unit_test(test_classify_binutils_lost_errno_names_the_argv_file),
                cmocka_unit_test(test_classify_bfd_whilst_copying_path),
                cmocka_unit_test(test_classify_iconv_output_line),
                cmocka_unit_test(test_classify_archive_output_line),
                cmocka_unit_test(test_classify_bfd_output_through_unlinked_link),
                cmocka_unit_test(test_classify_keygen_mkstemp_line),
                cmocka_unit_test(test_classify_wget_output_line),
                cmocka_unit_test(test_classify_curl_silent_exit_23_is_the_argv_file),
                cmocka_unit_test(test_classify_silent_status_is_its_file),
                cmocka_unit_test(test_classify_npm_silent_status),
                cmocka_unit_test(test_classify_binutils_several_files_in_place),
                cmocka_unit_test(test_classify_write_through_link_records_the_target),
                cmocka_unit_test(test_classify_javac_chain_dir_is_the_first_not_made),
                cmocka_unit_test(test_classify_curl_chain_status_is_the_first_unwritten),
                cmocka_unit_test(test_classify_javac_write_names_the_class_file),
                cmocka_unit_test(test_classify_javac_dir_not_made),
                cmocka_unit_test(test_classify_rustc_out_dir_not_made),
                cmocka_unit_test(test_classify_sevenzip_out_dir_not_made),
                cmocka_unit_test(test_classify_cmake_build_tree_refused),
        cmocka_unit_test(test_classify_cmake_cache_save_refused),
                cmocka_unit_test(test_classify_dotdot_recorded_resolved),
                cmocka_unit_test(test_classify_landlock_pair_into_host_refused_dir),
                cmocka_unit_test(test_classify_landlock_words_within_quoted_names),
                cmocka_unit_test(test_classify_path_outside_granted),
                cmocka_unit_test(test_classify_program_searched_in_path),
                cmocka_unit_test(test_classify_shell_run_host_refuses),
                cmocka_unit_test(test_classify_long_denial_line_keeps_its_path),
                cmocka_unit_test(test_classify_long_denial_line_path_across_buffers),
                cmocka_unit_test(test_classify_writable_dirs_only_for_landlock_workspace_write),
                cmocka_unit_test(test_classify_args_parse_table),
                cmocka_unit_test(test_classify_host_asked_once_for_repeated_lines),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
