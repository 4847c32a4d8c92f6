/* Unit tests of db/: path resolution, private permissions, journal mode, migrations (fresh, an
 * older schema upgraded step by step, a newer one refused), bad files, statements, fds. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <pwd.h>
#include <signal.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "db-internal.h"
#include "db-sql.h"
#include "sbx-db.h"
#include "sbx-macro.h"

/* Two first opens of one new database at the same moment (the audit writers of several sbx runs
 * started together). The one that did not create the file may find it empty, and by the time it
 * looks for the log beside it (an empty file with a log is a record truncated: refused), the
 * other has written the first page and made the log. lstat() is wrapped (-Wl,--wrap=lstat64,
 * tests/meson.build) so that the other opener, a child process, runs exactly there: before the
 * log is looked for. Seen in the audit unit suite's eight concurrent writers, 1 run in 300:
 * "audit database X is empty, but X-wal beside it shows runs were recorded there: it was
 * truncated". */
int __real_lstat64(const char *path, struct stat *st);
int __wrap_lstat64(const char *path, struct stat *st);

static char other_db[256]; /* the other opener's database, opened at the first look for a log */

int __wrap_lstat64(const char *path, struct stat *st) {
        size_t n = strlen(path);

        if (other_db[0] && n > 4 && strcmp(path + n - 4, "-wal") == 0) {
                char db_path[sizeof(other_db)];
                pid_t pid;
                int status;

                memcpy(db_path, other_db, sizeof(db_path));
                other_db[0] = '\0'; /* once; the other opener's own looks are not held */
                pid = fork();
                if (pid == 0) {
                        struct sbx_db *db = NULL;
                        struct sbx_diag diag = { 0 };

                        if (sbx_db_open(db_path, &db, &diag) < 0) {
                                fprintf(stderr, "the other opener: %s\n", diag.msg);
                                _exit(1);
                        }
                        sbx_db_close(db);
                        _exit(0);
                }
                assert_true(pid > 0);
                assert_int_equal(waitpid(pid, &status, 0), pid);
                assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        }
        return __real_lstat64(path, st);
}

/* The v1 schema exactly as sbx 0.1 shipped it: a frozen fixture, not a copy of db/schema.c, so an
 * edit of the shipped step (never allowed) makes the upgrade test fail. */
static const char v1_schema[] =
        "PRAGMA application_id = 1935833153;"
        "CREATE TABLE sessions (id TEXT PRIMARY KEY NOT NULL, created_ms INTEGER NOT NULL, host TEXT NOT NULL,"
        " uid INTEGER NOT NULL, cwd TEXT NOT NULL);"
        "CREATE TABLE mode_events (id INTEGER PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id),"
        " at_ms INTEGER NOT NULL, mode TEXT NOT NULL CHECK (mode IN ('read-only', 'workspace-write',"
        " 'danger-full-access')), origin TEXT NOT NULL);"
        "CREATE INDEX mode_events_session ON mode_events(session_id, id);"
        "CREATE TABLE executions (id INTEGER PRIMARY KEY, started_ms INTEGER NOT NULL, ended_ms INTEGER,"
        " duration_ms INTEGER, host TEXT NOT NULL, uid INTEGER NOT NULL, supervisor_pid INTEGER NOT NULL,"
        " session_id TEXT REFERENCES sessions(id), cwd TEXT NOT NULL, argv TEXT NOT NULL, mode TEXT,"
        " mode_source TEXT, mode_event_id INTEGER REFERENCES mode_events(id), workspace_root TEXT,"
        " backend TEXT, enforcement TEXT, enforcement_reason TEXT, state TEXT NOT NULL, verdict TEXT,"
        " evidence TEXT, message TEXT, exit_code INTEGER, signal INTEGER, matched_rule TEXT,"
        " matched_signature TEXT, matched_line TEXT, matched_line_no INTEGER, stderr_bytes INTEGER,"
        " stderr_lines INTEGER, denial_lines INTEGER NOT NULL DEFAULT 0,"
        " parent_id INTEGER REFERENCES executions(id));"
        "CREATE INDEX executions_started ON executions(started_ms);"
        "CREATE INDEX executions_session ON executions(session_id) WHERE session_id IS NOT NULL;"
        "CREATE TABLE denial_lines (id INTEGER PRIMARY KEY, execution_id INTEGER NOT NULL"
        " REFERENCES executions(id) ON DELETE CASCADE, line_no INTEGER NOT NULL, line TEXT NOT NULL, path TEXT);"
        "CREATE INDEX denial_lines_execution ON denial_lines(execution_id);"
        "INSERT INTO executions (id, started_ms, ended_ms, duration_ms, host, uid, supervisor_pid, cwd, argv,"
        " mode, backend, state, verdict, exit_code, signal, denial_lines)"
        " VALUES (7, 1714564800000, 1714564800250, 250, 'old-host', 1000, 4242, '/w', '[\"touch\",\"/etc/x\"]',"
        " 'read-only', 'bwrap', 'completed', 'denied', 1, 0, 1);"
        "INSERT INTO denial_lines (execution_id, line_no, line, path)"
        " VALUES (7, 1, 'touch: cannot touch ''/etc/x'': Read-only file system', '/etc/x');"
        "PRAGMA user_version = 1;";

struct fixture {
        char dir[64];
        char path[128];
};

static int setup(void **state) {
        struct fixture *f = calloc(1, sizeof(*f));

        strcpy(f->dir, "/tmp/sbx-test-db-XXXXXX");
        assert_non_null(mkdtemp(f->dir));
        snprintf(f->path, sizeof(f->path), "%s/audit.db", f->dir);
        *state = f;
        return 0;
}

static int teardown(void **state) {
        struct fixture *f = *state;
        char cmd[128];

        snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
        assert_int_equal(system(cmd), 0);
        free(f);
        return 0;
}

static void raw_exec(const char *path, const char *sql) {
        sqlite3 *h = NULL;
        char *err = NULL;

        assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
        if (sqlite3_exec(h, sql, NULL, NULL, &err) != SQLITE_OK)
                fail_msg("%s", err);
        sqlite3_close(h);
}

static int64_t query_int(struct sbx_db *db, const char *sql) {
        sqlite3_stmt *st = NULL;
        int64_t v;

        assert_int_equal(sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        v = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        return v;
}

static void write_file(const char *path, const void *data, size_t len) {
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, data, len), (ssize_t) len);
        close(fd);
}

static void test_db_default_path_precedence(void **state) {
        struct fixture *f = *state;
        char *p = NULL, home[128], want[PATH_MAX];

        snprintf(home, sizeof(home), "%s/home", f->dir);
        assert_int_equal(mkdir(home, 0700), 0);
        setenv("SBX_DB", "/env/sbx.db", 1);
        setenv("XDG_STATE_HOME", "/xdg", 1);
        setenv("HOME", home, 1);
        assert_int_equal(sbx_db_default_path("/explicit.db", &p, NULL), 0);
        assert_string_equal(p, "/explicit.db");
        free(p);
        assert_int_equal(sbx_db_default_path(NULL, &p, NULL), 0);
        assert_string_equal(p, "/env/sbx.db");
        free(p);
        unsetenv("SBX_DB");
        assert_int_equal(sbx_db_default_path(NULL, &p, NULL), 0);
        assert_string_equal(p, "/xdg/sbx/audit.db");
        free(p);
        snprintf(want, sizeof(want), "%s/.local/state/sbx/audit.db", home);
        setenv("XDG_STATE_HOME", "relative/state", 1); /* invalid per the XDG spec: ignored */
        assert_int_equal(sbx_db_default_path(NULL, &p, NULL), 0);
        assert_string_equal(p, want);
        free(p);
        unsetenv("XDG_STATE_HOME");
        assert_int_equal(sbx_db_default_path(NULL, &p, NULL), 0);
        assert_string_equal(p, want);
        free(p);
        /* a home directory that does not exist (HOME=/nonexistent, Debian's service accounts), or
         * that is not a directory, names no database: root's sbx made the home directory itself */
        {
                char missing[160], file[160];
                struct sbx_diag diag = { 0 };

                snprintf(missing, sizeof(missing), "%s/missing", f->dir);
                snprintf(file, sizeof(file), "%s/file", f->dir);
                write_file(file, "x", 1);
                setenv("HOME", missing, 1);
                p = NULL;
                assert_int_equal(sbx_db_default_path(NULL, &p, &diag), -ENOENT);
                assert_null(p);
                assert_non_null(strstr(diag.msg, "the home directory"));
                assert_int_equal(access(missing, F_OK), -1);
                setenv("HOME", file, 1);
                assert_int_equal(sbx_db_default_path(NULL, &p, NULL), -ENOENT);
                assert_null(p);
                /* $XDG_STATE_HOME is made as the XDG spec asks, whatever the home directory */
                setenv("XDG_STATE_HOME", "/xdg", 1);
                assert_int_equal(sbx_db_default_path(NULL, &p, NULL), 0);
                assert_string_equal(p, "/xdg/sbx/audit.db");
                free(p);
                unsetenv("XDG_STATE_HOME");
                unlink(file);
                setenv("HOME", home, 1);
        }
        /* without $HOME, or a relative one, ~ is the account's home directory, as for the
         * configuration: every run was refused (no database path) */
        {
                struct passwd *pw = getpwuid(getuid());
                struct stat st;
                int want_r;

                assert_non_null(pw);
                snprintf(want, sizeof(want), "%s/.local/state/sbx/audit.db",
                         strcmp(pw->pw_dir, "/") == 0 ? "" : pw->pw_dir);
                want_r = stat(pw->pw_dir, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : -ENOENT;
                unsetenv("HOME");
                p = NULL;
                assert_int_equal(sbx_db_default_path(NULL, &p, NULL), want_r);
                if (want_r == 0)
                        assert_string_equal(p, want);
                free(p);
                setenv("HOME", "relative/home", 1);
                p = NULL;
                assert_int_equal(sbx_db_default_path(NULL, &p, NULL), want_r);
                if (want_r == 0)
                        assert_string_equal(p, want);
                free(p);
                setenv("HOME", home, 1);
        }
        p = NULL;
        assert_int_equal(sbx_db_default_path("", &p, NULL), -EINVAL);
        assert_null(p);
        rmdir(home);
}

static void test_db_open_creates_private_directories_and_file(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        char path[256], sub[192];
        struct stat st;
        mode_t old = umask(0022);

        snprintf(sub, sizeof(sub), "%s/a/b", f->dir);
        snprintf(path, sizeof(path), "%s/audit.db", sub);
        assert_int_equal(sbx_db_open(path, &db, NULL), 0);
        umask(old);
        assert_int_equal(stat(sub, &st), 0);
        assert_int_equal(st.st_mode & 07777, 0700);
        snprintf(sub, sizeof(sub), "%s/a", f->dir);
        assert_int_equal(stat(sub, &st), 0);
        assert_int_equal(st.st_mode & 07777, 0700);
        assert_int_equal(stat(path, &st), 0);
        assert_int_equal(st.st_mode & 07777, 0600);
        assert_string_equal(sbx_db_path(db), path);
        assert_string_equal(sbx_db_journal_mode(db), "wal");
        assert_int_equal(query_int(db, "PRAGMA user_version"), SBX_DB_SCHEMA_VERSION);
        assert_int_equal(query_int(db, "PRAGMA application_id"), SBX_DB_APPLICATION_ID);
        assert_int_equal(query_int(db, "PRAGMA foreign_keys"), 1);
        assert_false(sbx_db_is_readonly(db));
        sbx_db_close(db);
}

/* A directory its group may write (a shared group: root's test puts it in "users") is not
 * private: a member could swap the database or plant its -wal. Refused before anything is made. */
static void test_db_open_refuses_a_directory_its_group_may_write(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_diag diag = { 0 };
        char path[256], sub[192];

        snprintf(sub, sizeof(sub), "%s/shared", f->dir);
        snprintf(path, sizeof(path), "%s/audit.db", sub);
        assert_int_equal(mkdir(sub, 0700), 0);
        assert_int_equal(chmod(sub, 0770), 0);
        if (geteuid() == 0)
                assert_int_equal(chown(sub, 0, 100), 0);
        assert_int_equal(sbx_db_open(path, &db, &diag), -EPERM);
        assert_null(db);
        assert_non_null(strstr(diag.msg, "writable by group or others"));
        assert_int_equal(access(path, F_OK), -1);
        assert_int_equal(rmdir(sub), 0);
}

/* The database and its -wal, -shm and -journal must be the user's alone: no second name (a
 * hard link in a workspace would make the record writable there), none writable by others. */
static void test_db_open_refuses_a_database_file_not_private(void **state) {
        static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        char other[300], file[300];

        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        sbx_db_close(db);
        for (size_t i = 0; i < SBX_ELEMENTSOF(suffixes); i++) {
                struct sbx_diag diag = { 0 };
                int fd;

                snprintf(file, sizeof(file), "%s%s", f->path, suffixes[i]);
                snprintf(other, sizeof(other), "%s/second-name%s", f->dir, suffixes[i]);
                fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
                assert_true(fd >= 0);
                close(fd);
                assert_int_equal(link(file, other), 0);
                db = NULL;
                assert_int_equal(sbx_db_open(f->path, &db, &diag), -EPERM);
                assert_null(db);
                assert_non_null(strstr(diag.msg, "another name"));
                assert_int_equal(unlink(other), 0);
                if (i == 0)
                        continue;
                assert_int_equal(chmod(file, 0622), 0);
                diag = (struct sbx_diag) { 0 };
                assert_int_equal(sbx_db_open(f->path, &db, &diag), -EPERM);
                assert_null(db);
                assert_non_null(strstr(diag.msg, "writable by others"));
                assert_int_equal(unlink(file), 0);
        }
}

/* A name found, then its last link removed before its attributes were read (another writer
 * deleting its journal): no second name, and the file judged says so rather than "a hard link". */
static void test_db_private_file_removed_while_looked_at_is_no_second_name(void **state) {
        struct stat st = { .st_mode = S_IFREG | 0600, .st_uid = geteuid(), .st_nlink = 0 };
        struct sbx_diag diag = { 0 };
        (void) state;

        assert_int_equal(sbx_db_check_private_file("/x/audit.db-journal", &st, &diag), -ESTALE);
        assert_non_null(strstr(diag.msg, "was removed"));
        assert_null(strstr(diag.msg, "another name"));
        st.st_nlink = 1;
        assert_int_equal(sbx_db_check_private_file("/x/audit.db-journal", &st, NULL), 0);
        st.st_nlink = 2;
        diag = (struct sbx_diag) { 0 };
        assert_int_equal(sbx_db_check_private_file("/x/audit.db-journal", &st, &diag), -EPERM);
        assert_non_null(strstr(diag.msg, "another name"));
}

static void test_db_fresh_schema_has_tables_indexes_and_views(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        static const char *const objects[] = {
                "table:sessions", "table:mode_events", "table:executions", "table:denial_lines",
                "index:executions_started", "index:executions_denied_started", "index:executions_running",
                "index:denial_lines_path", "index:denial_lines_execution", "view:execution_log", "view:denials",
                "table:denied_paths", "trigger:denial_lines_tally", "trigger:denial_lines_untally",
        };

        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        for (size_t i = 0; i < SBX_ELEMENTSOF(objects); i++) {
                char sql[256];
                const char *colon = strchr(objects[i], ':');
                snprintf(sql, sizeof(sql), "SELECT count(*) FROM sqlite_master WHERE type = '%.*s' AND name = '%s'",
                         (int) (colon - objects[i]), objects[i], colon + 1);
                if (query_int(db, sql) != 1)
                        fail_msg("missing %s", objects[i]);
        }
        {
                sqlite3_stmt *st = NULL;
                assert_int_equal(sqlite3_prepare_v2(sbx_db_handle(db), "PRAGMA integrity_check", -1, &st, NULL),
                                 SQLITE_OK);
                assert_int_equal(sqlite3_step(st), SQLITE_ROW);
                assert_string_equal((const char *) sqlite3_column_text(st, 0), "ok");
                sqlite3_finalize(st);
        }
        sbx_db_close(db);
}

static void test_db_migrations_are_consecutive_steps(void **state) {
        size_t n;
        const struct sbx_db_migration *m = sbx_db_migrations(&n);
        (void) state;

        assert_int_equal(n, SBX_DB_SCHEMA_VERSION);
        for (size_t i = 0; i < n; i++)
                assert_int_equal(m[i].version, (int) i + 1);
}

/* sbx's ISO time of a column of ms since the epoch, before 1970 too (audit50: -1500 printed
 * "1969-12-31T23:59:59.-500Z", SQLite's / and % truncating toward zero); NULL stays NULL. The
 * views keep the v2 step's text (a shipped step), right from 1970 on. */
static void test_db_iso_time_of_any_millisecond(void **state) {
        static const struct {
                const char *ms, *iso;
        } cases[] = {
                { "-1500", "1969-12-31T23:59:58.500Z" },  { "-1", "1969-12-31T23:59:59.999Z" },
                { "-1000", "1969-12-31T23:59:59.000Z" },  { "-999", "1969-12-31T23:59:59.001Z" },
                { "-86400001", "1969-12-30T23:59:59.999Z" }, { "0", "1970-01-01T00:00:00.000Z" },
                { "999", "1970-01-01T00:00:00.999Z" },     { "1714564800250", "2024-05-01T12:00:00.250Z" },
                { "-62167219200000", "0000-01-01T00:00:00.000Z" },
                { "253402300799999", "9999-12-31T23:59:59.999Z" },
                { "NULL", NULL },
        };
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        char sql[512];

        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++) {
                sqlite3_stmt *st = NULL;
                const unsigned char *t;

                snprintf(sql, sizeof(sql), "%s%s AS x)", "SELECT " SBX_SQL_ISO("x") ", " SBX_SQL_ISO_V2("x") " FROM (SELECT ",
                         cases[i].ms);
                assert_int_equal(sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL), SQLITE_OK);
                assert_int_equal(sqlite3_step(st), SQLITE_ROW);
                t = sqlite3_column_text(st, 0);
                if (cases[i].iso)
                        assert_string_equal((const char *) t, cases[i].iso);
                else
                        assert_null(t);
                /* the views' own, from 1970 on */
                if (cases[i].iso && cases[i].ms[0] != '-')
                        assert_string_equal((const char *) sqlite3_column_text(st, 1), cases[i].iso);
                sqlite3_finalize(st);
        }
        sbx_db_close(db);
}

static void test_db_v1_database_is_upgraded_step_by_step(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        sqlite3_stmt *st = NULL;

        raw_exec(f->path, v1_schema);
        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        assert_int_equal(query_int(db, "PRAGMA user_version"), SBX_DB_SCHEMA_VERSION);
        /* the row survived and the v2 columns, indexes and views exist */
        assert_int_equal(query_int(db, "SELECT count(*) FROM executions WHERE id = 7 AND supervisor_start IS NULL"), 1);
        assert_int_equal(query_int(db, "SELECT count(*) FROM denials WHERE path = '/etc/x' AND execution_id = 7"), 1);
        assert_int_equal(query_int(db, "SELECT count(*) FROM sqlite_master WHERE name = 'executions_denied_started'"),
                         1);
        assert_int_equal(sqlite3_prepare_v2(sbx_db_handle(db), "SELECT started_at, ended_at FROM execution_log WHERE id = 7",
                                            -1, &st, NULL),
                         SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        assert_string_equal((const char *) sqlite3_column_text(st, 0), "2024-05-01T12:00:00.000Z");
        assert_string_equal((const char *) sqlite3_column_text(st, 1), "2024-05-01T12:00:00.250Z");
        sqlite3_finalize(st);
        /* v3 tallied the denial lines that were already there */
        assert_int_equal(query_int(db, "SELECT denials * 100 + executions * 10 + (last_execution_id = 7)"
                                       " FROM denied_paths WHERE path = '/etc/x'"), 111);
        sbx_db_close(db);
}

static void test_db_failed_step_keeps_previous_version(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_diag diag = { 0 };

        raw_exec(f->path, v1_schema);
        /* an object in the way of step 2: the step fails as a whole */
        raw_exec(f->path, "CREATE TABLE execution_log (x)");
        assert_int_equal(sbx_db_open(f->path, &db, &diag), -EIO);
        assert_null(db);
        assert_non_null(strstr(diag.msg, f->path));
        assert_non_null(strstr(diag.msg, "version 2"));
        assert_int_equal(sbx_db_open_readonly(f->path, &db, NULL), -EPROTO);
        {
                sqlite3 *h = NULL;
                sqlite3_stmt *st = NULL;
                assert_int_equal(sqlite3_open(f->path, &h), SQLITE_OK);
                assert_int_equal(sqlite3_prepare_v2(h, "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
                assert_int_equal(sqlite3_step(st), SQLITE_ROW);
                assert_int_equal(sqlite3_column_int(st, 0), 1);
                sqlite3_finalize(st);
                /* nothing of step 2 is half-applied */
                assert_int_equal(sqlite3_prepare_v2(h, "SELECT supervisor_start FROM executions", -1, &st, NULL),
                                 SQLITE_ERROR);
                sqlite3_close(h);
        }
}

static void test_db_newer_version_is_refused(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_diag diag = { 0 };

        raw_exec(f->path, "PRAGMA application_id = 1935833153; CREATE TABLE future (x); PRAGMA user_version = 99;");
        assert_int_equal(sbx_db_open(f->path, &db, &diag), -EPROTONOSUPPORT);
        assert_null(db);
        assert_non_null(strstr(diag.msg, f->path));
        assert_non_null(strstr(diag.msg, "99"));
        assert_non_null(strstr(diag.msg, "newer"));
        memset(&diag, 0, sizeof(diag));
        assert_int_equal(sbx_db_open_readonly(f->path, &db, &diag), -EPROTONOSUPPORT);
        assert_non_null(strstr(diag.msg, "newer"));
}

static void test_db_corrupt_file_is_refused_and_kept(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_diag diag = { 0 };
        char junk[4096], back[4096];
        int fd;

        for (size_t i = 0; i < sizeof(junk); i++)
                junk[i] = (char) (i * 7 + 3);
        write_file(f->path, junk, sizeof(junk));
        assert_int_equal(sbx_db_open(f->path, &db, &diag), -EBADMSG);
        assert_null(db);
        assert_non_null(strstr(diag.msg, f->path));
        assert_non_null(strstr(diag.msg, "not a database"));
        assert_null(strchr(diag.msg, '\n'));
        memset(&diag, 0, sizeof(diag));
        assert_int_equal(sbx_db_open_readonly(f->path, &db, &diag), -EBADMSG);
        assert_non_null(strstr(diag.msg, f->path));
        /* nothing lost: the file is byte for byte what it was */
        fd = open(f->path, O_RDONLY | O_CLOEXEC);
        assert_int_equal(read(fd, back, sizeof(back)), (ssize_t) sizeof(back));
        close(fd);
        assert_memory_equal(junk, back, sizeof(junk));
}

static void test_db_foreign_sqlite_database_is_refused(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_diag diag = { 0 };

        raw_exec(f->path, "CREATE TABLE notes (x); INSERT INTO notes VALUES (1);");
        assert_int_equal(sbx_db_open(f->path, &db, &diag), -EBADMSG);
        assert_non_null(strstr(diag.msg, "not an sbx audit database"));
        raw_exec(f->path, "PRAGMA application_id = 42;");
        assert_int_equal(sbx_db_open(f->path, &db, &diag), -EBADMSG);
        assert_non_null(strstr(diag.msg, "another application"));
}

/* Many applications number their schema with user_version and never set an application_id;
 * every sbx schema sets sbx's from version 1 on. Such a file was taken for an older sbx database:
 * a query upgraded it, switching it to WAL before the failed step was rolled back. */
static void test_db_foreign_versioned_database_is_refused_and_kept(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_diag diag = { 0 };
        sqlite3 *h = NULL;
        sqlite3_stmt *st = NULL;

        raw_exec(f->path, "PRAGMA user_version = 1; CREATE TABLE executions (x); INSERT INTO executions VALUES (1);");
        assert_int_equal(sbx_db_open_readonly(f->path, &db, &diag), -EBADMSG);
        assert_null(db);
        assert_non_null(strstr(diag.msg, "not an sbx audit database"));
        memset(&diag, 0, sizeof(diag));
        assert_int_equal(sbx_db_open(f->path, &db, &diag), -EBADMSG);
        assert_null(db);
        assert_non_null(strstr(diag.msg, f->path));
        assert_non_null(strstr(diag.msg, "not an sbx audit database"));
        /* left as it was: its journal mode, version and table */
        assert_int_equal(sqlite3_open(f->path, &h), SQLITE_OK);
        assert_int_equal(sqlite3_prepare_v2(h, "SELECT (SELECT journal_mode FROM pragma_journal_mode),"
                                               " (SELECT user_version FROM pragma_user_version),"
                                               " (SELECT count(*) FROM sqlite_master)", -1, &st, NULL),
                         SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        assert_string_equal((const char *) sqlite3_column_text(st, 0), "delete");
        assert_int_equal(sqlite3_column_int(st, 1), 1);
        assert_int_equal(sqlite3_column_int(st, 2), 1);
        sqlite3_finalize(st);
        sqlite3_close(h);
}

static void test_db_readonly_open_never_creates(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_diag diag = { 0 };

        assert_int_equal(sbx_db_open_readonly(f->path, &db, &diag), -ENOENT);
        assert_non_null(strstr(diag.msg, f->path));
        assert_int_equal(access(f->path, F_OK), -1);
        /* an empty file (created by a writer that has not migrated yet, or by anyone else) holds
         * no record: as no file, and a reader leaves it as it is (before: -EPROTO, an older schema,
         * which the audit verbs upgraded, writing sbx's schema into a file they only read) */
        write_file(f->path, "", 0);
        diag = (struct sbx_diag) { 0 };
        assert_int_equal(sbx_db_open_readonly(f->path, &db, &diag), -ENOENT);
        assert_non_null(strstr(diag.msg, f->path));
        assert_int_equal(sbx_db_open_readonly_upgraded(f->path, &db, NULL), -ENOENT);
        {
                struct stat st;
                assert_int_equal(stat(f->path, &st), 0);
                assert_int_equal(st.st_size, 0);
        }
        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        sbx_db_close(db);
        assert_int_equal(sbx_db_open_readonly(f->path, &db, NULL), 0);
        assert_true(sbx_db_is_readonly(db));
        assert_int_equal(sbx_db_begin(db, &diag), -EROFS);
        assert_non_null(strstr(diag.msg, f->path));
        sbx_db_close(db);
}

/* SQLite opens no database whose full name with "-journal" after it passes 512 bytes: refused
 * with a line that says so, before anything is made (it failed at sqlite3_open_v2() as "unable to
 * open database file", sbx_db_open() leaving the empty file it had made). 504 bytes still open. */
static void test_db_path_too_long_for_sqlite_is_said_so(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_diag diag = { 0 };
        char a[201], b[201], dir[512], longer[512], name[128], path[640];
        size_t n;

        memset(a, 'a', 200);
        a[200] = '\0';
        memset(b, 'b', 200);
        b[200] = '\0';
        snprintf(dir, sizeof(dir), "%s/%s/%s", f->dir, a, b);
        n = 504 - strlen(dir) - 1;
        assert_true(n > 3 && n < sizeof(name));
        memset(name, 'c', n - 3);
        strcpy(name + n - 3, ".db");
        snprintf(path, sizeof(path), "%s/%s", dir, name);
        assert_int_equal(strlen(path), 504);
        assert_int_equal(sbx_db_open(path, &db, NULL), 0);
        sbx_db_close(db);
        /* one byte longer: its directory renamed */
        snprintf(longer, sizeof(longer), "%sx", dir);
        assert_int_equal(rename(dir, longer), 0);
        snprintf(path, sizeof(path), "%s/%s", longer, name);
        assert_int_equal(strlen(path), 505);
        assert_int_equal(sbx_db_open_readonly(path, &db, &diag), -ENAMETOOLONG);
        assert_non_null(strstr(diag.msg, "choose a shorter path"));
        diag = (struct sbx_diag) { 0 };
        assert_int_equal(sbx_db_open(path, &db, &diag), -ENAMETOOLONG);
        assert_non_null(strstr(diag.msg, "505 bytes long"));
        /* a new one is not made */
        name[0] = 'd';
        snprintf(path, sizeof(path), "%s/%s", longer, name);
        diag = (struct sbx_diag) { 0 };
        assert_int_equal(sbx_db_open(path, &db, &diag), -ENAMETOOLONG);
        assert_int_equal(access(path, F_OK), -1);
}

static int count_sessions(struct sbx_db *db) {
        sqlite3_stmt *st = NULL;
        int n = -1;

        if (sqlite3_prepare_v2(sbx_db_handle(db), "SELECT count(*) FROM sessions", -1, &st, NULL) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW)
                n = sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
        return n;
}

static void test_db_readonly_open_of_wal_database_in_readonly_directory(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        char sub[128], path[192];

        snprintf(sub, sizeof(sub), "%s/ro", f->dir);
        snprintf(path, sizeof(path), "%s/audit.db", sub);
        assert_int_equal(sbx_db_open(path, &db, NULL), 0);
        /* a row that lives only in the WAL: writers do not checkpoint at close */
        assert_int_equal(sqlite3_exec(sbx_db_handle(db),
                                      "INSERT INTO sessions (id, created_ms, host, uid, cwd) VALUES ('s', 0, 'h', 0, '/')",
                                      NULL, NULL, NULL),
                         SQLITE_OK);
        sbx_db_close(db);
        assert_int_equal(chmod(sub, 0500), 0);
        if (geteuid() == 0 && access(sub, W_OK) == 0) {
                /* root ignores directory permissions: drop to nobody in a child */
                assert_int_equal(chmod(f->dir, 0711), 0);
                pid_t pid = fork();
                assert_true(pid >= 0);
                if (pid == 0) {
                        struct sbx_db *d = NULL;
                        char wal[200], shm[200];
                        snprintf(wal, sizeof(wal), "%s-wal", path);
                        snprintf(shm, sizeof(shm), "%s-shm", path);
                        if (chown(path, 65534, 65534) < 0 || chown(sub, 65534, 65534) < 0 ||
                            chown(wal, 65534, 65534) < 0 || chown(shm, 65534, 65534) < 0 || setgid(65534) < 0 ||
                            setuid(65534) < 0)
                                _exit(3);
                        struct sbx_diag dg = { 0 };
                        if (sbx_db_open_readonly(path, &d, &dg) < 0) {
                                fprintf(stderr, "%s\n", dg.msg);
                                _exit(1);
                        }
                        if (count_sessions(d) != 1)
                                _exit(4); /* the reader missed what the WAL holds */
                        sbx_db_close(d);
                        _exit(sbx_db_open(path, &d, NULL) == -EACCES ? 0 : 2);
                }
                int status;
                assert_int_equal(waitpid(pid, &status, 0), pid);
                assert_true(WIFEXITED(status));
                assert_int_equal(WEXITSTATUS(status), 0);
        } else {
                assert_int_equal(sbx_db_open_readonly(path, &db, NULL), 0);
                assert_int_equal(count_sessions(db), 1);
                sbx_db_close(db);
                assert_int_equal(sbx_db_open(path, &db, NULL), -EACCES);
        }
        assert_int_equal(chmod(sub, 0700), 0);
}

/* The private copy of a WAL database read from a directory the reader cannot write: a copy pair
 * is kept only when the WAL did not restart between the two copies (then every page a checkpoint
 * wrote meanwhile is still in the copied WAL). Real files, real SQLite. */
static void test_db_copy_mark_detects_a_restarted_wal(void **state) {
        struct fixture *f = *state;
        struct sbx_db_copy_mark m1, m2, m3, m4, m5;
        sqlite3 *h = NULL;

        assert_int_equal(sqlite3_open(f->path, &h), SQLITE_OK);
        assert_int_equal(sqlite3_exec(h, "PRAGMA journal_mode=WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1);",
                                      NULL, NULL, NULL), SQLITE_OK);
        assert_int_equal(sbx_db_copy_mark_take(f->path, &m1), 0);
        assert_true(m1.wal_exists);
        /* appended frames, even checkpointed into the database: the same WAL generation */
        assert_int_equal(sqlite3_exec(h, "INSERT INTO t VALUES (2);", NULL, NULL, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_wal_checkpoint_v2(h, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL), SQLITE_OK);
        assert_int_equal(sbx_db_copy_mark_take(f->path, &m2), 0);
        assert_true(sbx_db_copy_consistent(&m1, &m2));
        /* the next write after a complete checkpoint restarts the log over its old frames */
        assert_int_equal(sqlite3_exec(h, "INSERT INTO t VALUES (3);", NULL, NULL, NULL), SQLITE_OK);
        assert_int_equal(sbx_db_copy_mark_take(f->path, &m3), 0);
        assert_true(m3.wal_exists);
        assert_false(sbx_db_copy_consistent(&m2, &m3));
        /* the last connection's close checkpoints and removes the WAL */
        assert_int_equal(sqlite3_close(h), SQLITE_OK);
        assert_int_equal(sbx_db_copy_mark_take(f->path, &m4), 0);
        assert_false(m4.wal_exists);
        assert_false(sbx_db_copy_consistent(&m3, &m4));
        assert_int_equal(sbx_db_copy_mark_take(f->path, &m5), 0);
        assert_true(sbx_db_copy_consistent(&m4, &m5));
        /* no WAL before or after, but a writer came and went: the database changed under the copy */
        {
                struct timespec pause = { 0, 20 * 1000 * 1000 };
                nanosleep(&pause, NULL); /* a later modification time even on a coarse clock */
        }
        raw_exec(f->path, "INSERT INTO t VALUES (4);");
        assert_int_equal(sbx_db_copy_mark_take(f->path, &m5), 0);
        assert_false(m5.wal_exists);
        assert_false(sbx_db_copy_consistent(&m4, &m5));
        /* a WAL that appears between the two marks */
        assert_int_equal(sqlite3_open(f->path, &h), SQLITE_OK);
        assert_int_equal(sqlite3_exec(h, "INSERT INTO t VALUES (5);", NULL, NULL, NULL), SQLITE_OK);
        assert_int_equal(sbx_db_copy_mark_take(f->path, &m1), 0);
        assert_false(sbx_db_copy_consistent(&m5, &m1));
        assert_int_equal(sqlite3_close(h), SQLITE_OK);
        assert_int_equal(sbx_db_copy_mark_take(f->path + strlen(f->path), &m1), -ENOENT);
}

static void test_db_fds_are_close_on_exec(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        DIR *d;
        struct dirent *de;
        int seen = 0;

        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        assert_int_equal(sbx_db_begin(db, NULL), 0);
        assert_int_equal(sqlite3_exec(sbx_db_handle(db), "INSERT INTO sessions VALUES ('s', 0, 'h', 0, '/')", NULL, NULL,
                                      NULL),
                         SQLITE_OK);
        assert_int_equal(sbx_db_commit(db, NULL), 0);
        d = opendir("/proc/self/fd");
        assert_non_null(d);
        while ((de = readdir(d))) {
                char link[64], target[256];
                ssize_t n;
                int fd = atoi(de->d_name);

                if (de->d_name[0] == '.' || fd == dirfd(d))
                        continue;
                snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
                n = readlink(link, target, sizeof(target) - 1);
                if (n <= 0)
                        continue;
                target[n] = '\0';
                if (strncmp(target, f->dir, strlen(f->dir)) != 0)
                        continue;
                seen++;
                if (!(fcntl(fd, F_GETFD) & FD_CLOEXEC))
                        fail_msg("fd %d (%s) is not close-on-exec", fd, target);
        }
        closedir(d);
        assert_true(seen >= 2); /* the database and its WAL at least */
        sbx_db_close(db);
}

/* Under a file size limit the space kept on the disk is no help: each of the database and its log
 * must have the reserve's size below the limit, or the start is refused (EFBIG, naming the limit).
 * In a child: the limit stays there. */
static void test_db_reserve_needs_room_below_the_file_size_limit(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct stat st;
        char wal[160];
        off_t largest;
        pid_t pid;
        int status;

        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        assert_int_equal(sbx_db_reserve(db, 64 * 1024, NULL), 0);
        assert_int_equal(stat(f->path, &st), 0);
        largest = st.st_size;
        snprintf(wal, sizeof(wal), "%s-wal", f->path);
        if (stat(wal, &st) == 0 && st.st_size > largest)
                largest = st.st_size;
        pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                struct sbx_diag diag = { 0 };
                struct rlimit lim = { .rlim_cur = (rlim_t) largest + 64 * 1024, .rlim_max = RLIM_INFINITY };

                signal(SIGXFSZ, SIG_IGN);
                if (setrlimit(RLIMIT_FSIZE, &lim) < 0)
                        _exit(10);
                if (sbx_db_reserve(db, 64 * 1024, &diag) != 0) /* just room */
                        _exit(11);
                if (sbx_db_reserve(db, 64 * 1024 + 1024, &diag) != -EFBIG) /* 1 KiB short */
                        _exit(12);
                if (!strstr(diag.msg, "a file size limit of") || !strstr(diag.msg, "(ulimit -f)"))
                        _exit(13);
                _exit(0);
        }
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
        sbx_db_close(db);
}

/* A refusal's row takes its room from the reserve only beyond what is kept for the runs in
 * progress: asked for more, the reserve is left whole (-ENOSPC); else it shrinks by just that. */
static void test_db_reserve_take_keeps_what_is_kept(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct stat st;
        char reserve[160];

        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        assert_int_equal(sbx_db_reserve(db, 512 * 1024, NULL), 0);
        snprintf(reserve, sizeof(reserve), "%s%s", f->path, SBX_DB_RESERVE_SUFFIX);
        assert_int_equal(sbx_db_reserve_take(db, 512 * 1024, 1), -ENOSPC);
        assert_int_equal(sbx_db_reserve_take(db, 400 * 1024, 128 * 1024), -ENOSPC);
        assert_int_equal(stat(reserve, &st), 0);
        assert_int_equal(st.st_size, 512 * 1024);
        assert_int_equal(sbx_db_reserve_take(db, 384 * 1024, 128 * 1024), 0);
        assert_int_equal(stat(reserve, &st), 0);
        assert_int_equal(st.st_size, 384 * 1024);
        assert_int_equal(sbx_db_reserve_take(db, 0, 384 * 1024), 0);
        assert_int_equal(stat(reserve, &st), 0);
        assert_int_equal(st.st_size, 0);
        assert_int_equal(sbx_db_reserve_take(db, 0, 1), -ENOSPC);
        sbx_db_close(db);
}

static void test_db_denied_paths_tally_follows_denial_lines(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;

        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        assert_int_equal(sqlite3_exec(sbx_db_handle(db),
                                      "INSERT INTO executions (id, started_ms, host, uid, supervisor_pid, cwd, argv, state)"
                                      " VALUES (1, 0, 'h', 0, 1, '/', '[]', 'completed'), (2, 0, 'h', 0, 1, '/', '[]', 'completed');"
                                      "INSERT INTO denial_lines (execution_id, line_no, line, path) VALUES"
                                      " (1, 1, 'a', '/etc/a'), (1, 2, 'a again', '/etc/a'), (2, 1, 'a', '/etc/a'),"
                                      " (2, 2, 'b', '/etc/b'), (2, 3, 'no path', NULL);",
                                      NULL, NULL, NULL),
                         SQLITE_OK);
        assert_int_equal(query_int(db, "SELECT denials * 10 + executions FROM denied_paths WHERE path = '/etc/a'"), 32);
        assert_int_equal(query_int(db, "SELECT denials * 10 + executions FROM denied_paths WHERE path = '/etc/b'"), 11);
        assert_int_equal(query_int(db, "SELECT count(*) FROM denied_paths"), 2);
        /* the tally equals a recount from the lines */
        assert_int_equal(query_int(db, "SELECT count(*) FROM denied_paths t JOIN (SELECT path, count(*) AS n,"
                                       " count(DISTINCT execution_id) AS x FROM denial_lines WHERE path IS NOT NULL"
                                       " GROUP BY path) c USING (path) WHERE t.denials = c.n AND t.executions = c.x"), 2);
        assert_int_equal(sqlite3_exec(sbx_db_handle(db), "DELETE FROM denial_lines WHERE execution_id = 2", NULL, NULL, NULL),
                         SQLITE_OK);
        assert_int_equal(query_int(db, "SELECT denials * 10 + executions FROM denied_paths WHERE path = '/etc/a'"), 21);
        assert_int_equal(query_int(db, "SELECT count(*) FROM denied_paths WHERE path = '/etc/b'"), 0);
        sbx_db_close(db);
}

static void test_db_wal_only_on_local_filesystems(void **state) {
        static const struct {
                long f_type;
                bool wal;
        } cases[] = {
                { 0xef53, true },             /* ext4 */
                { 0x01021994, true },         /* tmpfs */
                { 0x9123683e, true },         /* btrfs */
                { 0x794c7630, true },         /* overlayfs */
                { 0x6969, false },            /* NFS */
                { (long) 0xff534d42, false }, /* CIFS */
                { (long) 0xfe534d42, false }, /* SMB2 */
                { 0x65735546, false },        /* FUSE */
                { 0x01021997, false },        /* 9p */
        };
        (void) state;

        for (size_t i = 0; i < SBX_ELEMENTSOF(cases); i++)
                if (sbx_db_fs_type_allows_wal(cases[i].f_type) != cases[i].wal)
                        fail_msg("f_type 0x%lx: expected wal=%d", cases[i].f_type, cases[i].wal);
}

static void test_db_statements_are_prepared_once(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        sqlite3_stmt *a = NULL, *b = NULL;

        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        for (int i = 0; i < _SBX_DB_STMT_MAX; i++) {
                assert_int_equal(sbx_db_stmt(db, (enum sbx_db_stmt) i, &a, NULL), 0);
                assert_int_equal(sbx_db_stmt(db, (enum sbx_db_stmt) i, &b, NULL), 0);
                assert_ptr_equal(a, b);
        }
        assert_int_equal(sbx_db_stmt(db, _SBX_DB_STMT_MAX, &a, NULL), -EINVAL);
        sbx_db_close(db);
}

static void test_db_process_alive_detects_gone_and_reused_pids(void **state) {
        struct sbx_process_identity self;
        int status;
        pid_t child;
        (void) state;

        assert_int_equal(sbx_process_identity_self(&self), 0);
        assert_true(self.start_time >= 0);
        assert_int_equal(sbx_process_alive(self.host, self.boot_id, self.pid, self.start_time), 1);
        assert_int_equal(sbx_process_alive(self.host, self.boot_id, self.pid, -1), 1);
        /* same pid, another start time: the pid was reused */
        assert_int_equal(sbx_process_alive(self.host, self.boot_id, self.pid, self.start_time + 1), 0);
        assert_int_equal(sbx_process_alive(self.host, "another-boot", self.pid, self.start_time), 0);
        assert_int_equal(sbx_process_alive("another-host", "another-boot", self.pid, self.start_time), -EREMOTE);
        child = fork();
        assert_true(child >= 0);
        if (child == 0)
                _exit(0);
        assert_int_equal(waitpid(child, &status, 0), child);
        assert_int_equal(sbx_process_alive(self.host, self.boot_id, child, -1), 0);
}

/* A run recorded in this boot under another host name (a UTS namespace of its own, or before the
 * host was renamed) ran on this kernel: its supervisor is checked, and one that is gone reads
 * 'interrupted' (review: it read 'running' for ever, and prune kept it). */
static void test_db_process_alive_this_boot_under_another_host_name(void **state) {
        struct sbx_process_identity self;
        int status;
        pid_t child;
        (void) state;

        assert_int_equal(sbx_process_identity_self(&self), 0);
        if (!self.boot_id[0])
                return; /* no boot id here: the host name is all there is */
        assert_int_equal(sbx_process_alive("another-host", self.boot_id, self.pid, self.start_time), 1);
        assert_int_equal(sbx_process_alive("another-host", self.boot_id, self.pid, self.start_time + 1), 0);
        child = fork();
        assert_true(child >= 0);
        if (child == 0)
                _exit(0);
        assert_int_equal(waitpid(child, &status, 0), child);
        assert_int_equal(sbx_process_alive("another-host", self.boot_id, child, -1), 0);
}

/* A pid names a process only within its pid namespace: a supervisor recorded in another one
 * (same boot) cannot be checked from here, and is never judged gone (nested review). */
static void test_db_process_alive_cannot_tell_another_pid_namespace(void **state) {
        struct sbx_process_identity self;
        char boot[64], other[96];
        size_t n;
        (void) state;

        assert_int_equal(sbx_process_identity_self(&self), 0);
        n = strcspn(self.boot_id, "/");
        if (n == 0)
                return; /* no boot id here: nothing to compare */
        snprintf(boot, sizeof(boot), "%.*s", (int) n, self.boot_id);
        snprintf(other, sizeof(other), "%s/pidns:12345", boot);
        /* this boot, another pid namespace: even a pid that is gone here, or our own, cannot tell */
        assert_int_equal(sbx_process_alive(self.host, other, self.pid, self.start_time + 1), -EREMOTE);
        assert_int_equal(sbx_process_alive(self.host, other, INT32_MAX, -1), -EREMOTE);
        /* another boot stays gone, whatever namespace */
        assert_int_equal(sbx_process_alive(self.host, "another-boot/pidns:12345", self.pid, self.start_time), 0);
        /* in the initial pid namespace the boot id is the plain one, as rows from before */
        if (strchr(self.boot_id, '/') == NULL)
                assert_int_equal(sbx_process_alive(self.host, boot, self.pid, self.start_time), 1);
        else
                assert_int_equal(sbx_process_alive(self.host, boot, self.pid, self.start_time), -EREMOTE);
}

static void test_db_state_function_reports_interrupted(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_process_identity self;
        char sql[2048];
        sqlite3_stmt *st = NULL;

        assert_int_equal(sbx_process_identity_self(&self), 0);
        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        snprintf(sql, sizeof(sql),
                 "SELECT sbx_state('running', '%s', '%s', %lld, %lld), sbx_state('running', '%s', '%s', %lld, %lld),"
                 " sbx_state('completed', '%s', '', 1, 1), sbx_state('running', 'elsewhere', '', 1, 1)",
                 self.host, self.boot_id, (long long) self.pid, (long long) self.start_time, self.host, self.boot_id,
                 (long long) self.pid, (long long) self.start_time + 5, self.host);
        assert_int_equal(sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        assert_string_equal((const char *) sqlite3_column_text(st, 0), "running");
        assert_string_equal((const char *) sqlite3_column_text(st, 1), "interrupted");
        assert_string_equal((const char *) sqlite3_column_text(st, 2), "completed");
        assert_string_equal((const char *) sqlite3_column_text(st, 3), "running");
        sqlite3_finalize(st);
        sbx_db_close(db);
}

/* an empty file another opener made (not this one: it is no new record of its own) */
static void make_empty(const char *path) {
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

        assert_true(fd >= 0);
        close(fd);
}

static void test_db_first_page_written_meanwhile_is_no_truncation(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_diag diag = { 0 };
        struct stat st;
        int r;

        make_empty(f->path);
        snprintf(other_db, sizeof(other_db), "%s", f->path);
        r = sbx_db_open(f->path, &db, &diag);
        assert_string_equal(other_db, ""); /* the other opener did run in between */
        if (r < 0)
                fail_msg("the second opener was refused: %s", diag.msg);
        assert_int_equal(stat(f->path, &st), 0);
        assert_true(st.st_size > 0);
        sbx_db_close(db);
}

/* the control: an empty file with a log beside it, nobody writing it, stays refused */
static void test_db_empty_file_with_a_log_is_still_truncated(void **state) {
        struct fixture *f = *state;
        struct sbx_db *db = NULL;
        struct sbx_diag diag = { 0 };
        char wal[160];
        struct stat st;

        assert_int_equal(sbx_db_open(f->path, &db, NULL), 0);
        sbx_db_close(db);
        snprintf(wal, sizeof(wal), "%s-wal", f->path);
        assert_int_equal(stat(wal, &st), 0);
        assert_int_equal(truncate(f->path, 0), 0);
        assert_int_equal(sbx_db_open(f->path, &db, &diag), -EBADMSG);
        assert_non_null(strstr(diag.msg, "truncated"));
        assert_int_equal(stat(f->path, &st), 0);
        assert_int_equal(st.st_size, 0);
}

int main(void) {
        const struct CMUnitTest tests[] = {
                cmocka_unit_test_setup_teardown(test_db_default_path_precedence, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_open_creates_private_directories_and_file, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_open_refuses_a_directory_its_group_may_write, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_open_refuses_a_database_file_not_private, setup, teardown),
                cmocka_unit_test(test_db_private_file_removed_while_looked_at_is_no_second_name),
                cmocka_unit_test_setup_teardown(test_db_fresh_schema_has_tables_indexes_and_views, setup, teardown),
                cmocka_unit_test(test_db_migrations_are_consecutive_steps),
                cmocka_unit_test_setup_teardown(test_db_v1_database_is_upgraded_step_by_step, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_iso_time_of_any_millisecond, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_failed_step_keeps_previous_version, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_newer_version_is_refused, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_corrupt_file_is_refused_and_kept, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_foreign_sqlite_database_is_refused, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_foreign_versioned_database_is_refused_and_kept, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_readonly_open_never_creates, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_path_too_long_for_sqlite_is_said_so, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_readonly_open_of_wal_database_in_readonly_directory, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_db_copy_mark_detects_a_restarted_wal, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_fds_are_close_on_exec, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_reserve_needs_room_below_the_file_size_limit, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_reserve_take_keeps_what_is_kept, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_denied_paths_tally_follows_denial_lines, setup, teardown),
                cmocka_unit_test(test_db_wal_only_on_local_filesystems),
                cmocka_unit_test_setup_teardown(test_db_statements_are_prepared_once, setup, teardown),
                cmocka_unit_test(test_db_process_alive_detects_gone_and_reused_pids),
                cmocka_unit_test(test_db_process_alive_this_boot_under_another_host_name),
                cmocka_unit_test(test_db_process_alive_cannot_tell_another_pid_namespace),
                cmocka_unit_test_setup_teardown(test_db_state_function_reports_interrupted, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_first_page_written_meanwhile_is_no_truncation, setup, teardown),
                cmocka_unit_test_setup_teardown(test_db_empty_file_with_a_log_is_still_truncated, setup, teardown),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
