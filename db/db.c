/* Opening the audit database: path resolution, private permissions, journal mode, busy handling,
 * migrations and the prepared-statement table. Library code: never prints, fills struct sbx_diag. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-mkdir.h"
#include "sbx-realpath.h"
#include "sbx-trust.h"
#include "db-internal.h"


struct sbx_db {
        sqlite3 *h;
        char *path;
        char *snapshot_dir; /* a private copy read instead of the database (see open_snapshot()) */
        bool readonly;
        const char *journal;
        int busy_retries; /* BEGIN IMMEDIATE / COMMIT attempts, each waiting the busy timeout */
        int reserve_fd;   /* PATH.reserve, once used; -1 */
        uid_t owner;      /* the database file's owner */
        bool file_known;  /* file_dev, file_ino: the file at path when it was opened */
        dev_t file_dev;
        ino_t file_ino;
        sqlite3_stmt *stmts[_SBX_DB_STMT_MAX];
        struct sbx_state_ctx state_ctx;
};

struct sbx_state_ctx *sbx_db_state_ctx(struct sbx_db *db) {
        return &db->state_ctx;
}

static int errno_from_sqlite(int rc) {
        switch (rc & 0xff) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
                return EBUSY;
        case SQLITE_PROTOCOL: /* WAL locks taken away again and again: contention too */
                return EAGAIN;
        case SQLITE_READONLY:
                return EROFS;
        case SQLITE_CANTOPEN:
        case SQLITE_PERM:
        case SQLITE_AUTH:
                return EACCES;
        case SQLITE_NOTADB:
        case SQLITE_CORRUPT:
                return EBADMSG;
        case SQLITE_FULL:
                return ENOSPC;
        case SQLITE_NOMEM:
                return ENOMEM;
        case SQLITE_CONSTRAINT:
                return EEXIST;
        default:
                return EIO;
        }
}

/* Who holds the lock that kept a write out, in buf: " (locked by pid N, COMM)", or "" when no
 * other process holds one now. A confined command can read the database and lock it with a
 * descriptor opened read-only (a read lock on the WAL write lock byte of DB-shm, or on the
 * rollback journal's lock bytes of DB) for as long as it runs: "database is locked" alone left
 * the caller to guess which of their runs it was (locks review). WAL: the write, checkpoint and
 * recovery lock bytes of the -shm (120 to 122); rollback journal: the pending, reserved and
 * shared bytes of the database (from 2^30), which every WAL connection holds shared. A WAL index
 * that must be rebuilt while such a lock is held fails with SQLITE_PROTOCOL (after 10 s) rather
 * than SQLITE_BUSY: its holder is named too.
 * The locks are read from /proc/locks, not asked of a descriptor of the file's own (F_GETLK):
 * closing any descriptor of a file drops every POSIX lock the process holds on it, and this
 * process's SQLite connection holds some (review: a run waiting for its end to be recorded lost
 * its shared lock on byte 128 of the -shm, with which SQLite tells a connection's peers that the
 * WAL index is in use: the next connection to find none truncates and rebuilds it under this
 * one's map). The inode alone is compared: /proc/locks gives the device of the lock's
 * superblock, which stat(2) does not on overlayfs and btrfs. A holder outside the pid namespace
 * of /proc is not listed there (F_GETLK gave it pid 0): none is named. */
static void lock_holder(const char *path, bool wal, char *buf, size_t size) {
        const unsigned long long lo = wal ? 120 : 0x40000000, hi = wal ? 122 : 0x40000000 + 511;
        _cleanup_free_ char *name = NULL;
        _cleanup_fclose_ FILE *f = NULL;
        char line[512], type[16], comm[64] = "";
        unsigned long long ino, start;
        char end[24];
        struct stat st;
        long pid = 0;
        bool found = false;

        buf[0] = '\0';
        if (asprintf(&name, "%s%s", path, wal ? "-shm" : "") < 0 || stat(name, &st) < 0 ||
            !(f = fopen("/proc/locks", "re")))
                return;
        /* "N: POSIX  ADVISORY  READ 1234 fe:00:5678 120 120"; a waiter's line has "->" after "N:" */
        while (!found && fgets(line, sizeof(line), f))
                found = !strstr(line, "->") &&
                        sscanf(line, "%*d: %15s %*s %*s %ld %*x:%*x:%llu %llu %23s", type, &pid, &ino, &start, end) == 5 &&
                        (strcmp(type, "POSIX") == 0 || strcmp(type, "OFDLCK") == 0) && ino == (unsigned long long) st.st_ino &&
                        start <= hi && (strcmp(end, "EOF") == 0 || strtoull(end, NULL, 10) >= lo) &&
                        pid != (long) getpid(); /* this process's own locks keep none of its writes out */
        if (!found)
                return;
        if (strcmp(type, "OFDLCK") == 0) { /* an open file description's lock (F_OFD_SETLK) has no pid */
                snprintf(buf, size, " (locked by an open file description lock: its holder is not known)");
                return;
        }
        if (pid <= 0) { /* not listed so by the kernels known (see above): nothing to tell it by */
                snprintf(buf, size, " (locked by a process whose pid is not known here)");
                return;
        }
        {
                _cleanup_free_ char *cpath = NULL;
                _cleanup_close_ int cfd = -1;
                ssize_t n;

                if (asprintf(&cpath, "/proc/%ld/comm", pid) >= 0 && (cfd = open(cpath, O_RDONLY | O_CLOEXEC)) >= 0 &&
                    (n = read(cfd, comm, sizeof(comm) - 1)) > 0)
                        comm[n - (comm[n - 1] == '\n')] = '\0';
        }
        /* the holder names itself (PR_SET_NAME): no terminal escapes into the caller's message */
        for (char *c = comm; *c; c++)
                if ((unsigned char) *c < 0x20 || (unsigned char) *c >= 0x7f)
                        *c = '?';
        snprintf(buf, size, " (locked by pid %ld%s%s)", pid, comm[0] ? ", " : "", comm);
}

static int db_error_h(sqlite3 *h, const char *path, int rc, const char *what, struct sbx_diag *diag) {
        const char *m = h ? sqlite3_errmsg(h) : sqlite3_errstr(rc);
        int e = errno_from_sqlite(rc);

        switch (rc & 0xff) {
        case SQLITE_NOTADB:
        case SQLITE_CORRUPT:
                /* what to do about it, in the one line: the raw SQLite message alone left the user
                 * to find out that the file is the problem and that its rows may still be saved
                 * (damaged-database review) */
                return sbx_diag_set(diag, e, what, path,
                                    "audit database %s is damaged (corrupt) or not a database (%s): move it away "
                                    "with its -wal and -shm to start a new record; sqlite3's .recover may save its "
                                    "rows",
                                    path, m);
        case SQLITE_READONLY:
        case SQLITE_CANTOPEN:
        case SQLITE_PERM:
                return sbx_diag_set(diag, e, what, path, "cannot %s audit database %s: %s", what, path, m);
        case SQLITE_PROTOCOL: {
                char holder[128];

                lock_holder(path, true, holder, sizeof(holder));
                return sbx_diag_set(diag, e, what, path, "audit database %s: %s: %s%s", path, what, m, holder);
        }
        case SQLITE_IOERR: {
                /* "disk I/O error" alone hides the cause. SQLite keeps the errno only sometimes (a
                 * failed write's EFBIG is gone by the time it reports), so a file size limit in force
                 * (`ulimit -f`: writes past it fail with EFBIG) is named whenever it may be the cause */
                int se = h ? sqlite3_system_errno(h) : 0;
                uint64_t limit = sbx_file_size_limit();
                if ((se == 0 || se == EFBIG) && limit != UINT64_MAX)
                        return sbx_diag_set(diag, e, what, path,
                                            "audit database %s: %s: %s (%s%sa file size limit of %llu bytes is in "
                                            "force: ulimit -f)",
                                            path, what, m, se ? strerror(se) : "", se ? ": " : "",
                                            (unsigned long long) limit);
                if (se > 0)
                        return sbx_diag_set(diag, e, what, path, "audit database %s: %s: %s (%s)", path, what, m,
                                            strerror(se));
                return sbx_diag_set(diag, e, what, path, "audit database %s: %s: %s", path, what, m);
        }
        default:
                return sbx_diag_set(diag, e, what, path, "audit database %s: %s: %s", path, what, m);
        }
}

int sbx_db_error(struct sbx_db *db, int rc, const char *what, struct sbx_diag *diag) {
        char holder[128];
        int r = db_error_h(db->h, db->path, rc, what, diag);

        if ((rc & 0xff) == SQLITE_BUSY && diag) {
                size_t len = strlen(diag->msg);

                lock_holder(db->path, strcmp(db->journal, "wal") == 0, holder, sizeof(holder));
                snprintf(diag->msg + len, sizeof(diag->msg) - len, "%s", holder);
        }
        return r;
}

int sbx_db_default_path(const char *explicit_path, char **ret_path, struct sbx_diag *diag) {
        const char *e;
        char *p = NULL;

        if (explicit_path) {
                if (!*explicit_path)
                        return sbx_diag_set(diag, EINVAL, "database path", "", "the database path is empty");
                p = strdup(explicit_path);
        } else if ((e = getenv("SBX_DB")) && *e)
                p = strdup(e);
        else if ((e = getenv("XDG_STATE_HOME")) && e[0] == '/') { /* relative: invalid per XDG */
                if (asprintf(&p, "%s/sbx/audit.db", e) < 0)
                        p = NULL;
        } else {
                /* ~ as for the configuration: without $HOME (env -i, a service manager) the
                 * account's home directory, read from /etc/passwd (sbx links statically: no NSS).
                 * Every run was refused there, unrecorded, though its configuration was read
                 * (documentation review) */
                char buf[PATH_MAX];
                const char *home = sbx_home_dir(buf, sizeof(buf));
                if (!home)
                        return sbx_diag_set(diag, ENOENT, "database path", "",
                                            "no database path: set --db, $SBX_DB, $XDG_STATE_HOME or $HOME");
                if (!sbx_home_exists(home))
                        return sbx_diag_set(diag, ENOENT, "database path", home,
                                            "no database path: the home directory %s is not a directory that "
                                            "exists (sbx does not make it): set --db, $SBX_DB or $XDG_STATE_HOME",
                                            home);
                if (asprintf(&p, "%s/.local/state/sbx/audit.db", home) < 0)
                        p = NULL;
        }
        if (!p)
                return sbx_diag_set(diag, ENOMEM, "database path", "", "out of memory");
        *ret_path = p;
        return 0;
}

static char *dir_of(const char *path) {
        const char *slash = strrchr(path, '/');

        if (!slash)
                return strdup(".");
        if (slash == path)
                return strdup("/");
        return strndup(path, (size_t) (slash - path));
}

/* Creates each missing directory above path with mode 0700; existing ones are left alone. Made by
 * descriptor (sbx_mkdir_walk()): a home directory removed after the database's path was found
 * beneath it (sbx_db_default_path()) was made again by a mkdir of each name from "/". */
static int mkdir_parents(const char *path, struct sbx_diag *diag) {
        _cleanup_free_ char *dir = dir_of(path), *abs = NULL;
        struct stat st;
        int r;

        if (!dir)
                return sbx_diag_set(diag, ENOMEM, "create directory", path, "out of memory");
        if (stat(dir, &st) == 0)
                return S_ISDIR(st.st_mode) ? 0
                                           : sbx_diag_set(diag, ENOTDIR, "create directory", dir,
                                                          "cannot create audit database %s: %s is not a directory",
                                                          path, dir);
        if (dir[0] != '/') {
                char cwd[PATH_MAX];

                if (!getcwd(cwd, sizeof(cwd)) || asprintf(&abs, "%s/%s", cwd, dir) < 0)
                        return sbx_diag_set(diag, errno ? errno : ENOMEM, "create directory", dir,
                                            "cannot create audit database %s: cannot create directory %s: %s",
                                            path, dir, strerror(errno ? errno : ENOMEM));
        }
        r = sbx_mkdir_walk(abs ? abs : dir, 0700, sbx_is_home_state_dir(abs ? abs : dir));
        if (r < 0)
                return sbx_diag_set(diag, -r, "create directory", dir,
                                    "cannot create audit database %s: cannot create directory %s: %s", path, dir,
                                    strerror(-r));
        return 0;
}

bool sbx_db_fs_type_allows_wal(long f_type) {
        /* Filesystems where SQLite's shared-memory WAL index is not safe or not coherent between
         * hosts: fall back to a rollback journal there. */
        static const unsigned long network[] = {
                0x6969,     /* NFS */
                0xff534d42, /* CIFS */
                0x517b,     /* SMB */
                0xfe534d42, /* SMB2 */
                0x01021997, /* 9P / virtiofs over 9p */
                0x5346414f, /* AFS */
                0x6b414653, /* kAFS */
                0x73757245, /* Coda */
                0x564c,     /* NCP */
                0x00c36400, /* Ceph */
                0x65735546, /* FUSE (sshfs and friends) */
                0x47504653, /* GPFS */
                0x0bd00bd0, /* Lustre */
        };
        for (size_t i = 0; i < SBX_ELEMENTSOF(network); i++)
                if ((unsigned long) f_type == network[i] || (unsigned long) (unsigned int) f_type == network[i])
                        return false;
        return true;
}

static int pragma_int(struct sbx_db *db, const char *sql, int *ret, struct sbx_diag *diag) {
        sqlite3_stmt *st = NULL;
        int rc;

        rc = sqlite3_prepare_v2(db->h, sql, -1, &st, NULL);
        if (rc == SQLITE_OK) {
                rc = sqlite3_step(st);
                if (rc == SQLITE_ROW) {
                        *ret = sqlite3_column_int(st, 0);
                        rc = SQLITE_OK;
                }
        }
        if (rc != SQLITE_OK) {
                int r = sbx_db_error(db, rc, "read", diag);
                sqlite3_finalize(st);
                return r;
        }
        sqlite3_finalize(st);
        return 0;
}

static int pragma_text(struct sbx_db *db, const char *sql, char *buf, size_t size, struct sbx_diag *diag) {
        sqlite3_stmt *st = NULL;
        int rc;

        buf[0] = '\0';
        rc = sqlite3_prepare_v2(db->h, sql, -1, &st, NULL);
        if (rc == SQLITE_OK) {
                rc = sqlite3_step(st);
                if (rc == SQLITE_ROW) {
                        const unsigned char *t = sqlite3_column_text(st, 0);
                        sbx_strlcpy(buf, t ? (const char *) t : "", size);
                        rc = SQLITE_OK;
                } else if (rc == SQLITE_DONE)
                        rc = SQLITE_OK;
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_OK)
                return sbx_db_error(db, rc, "configure", diag);
        return 0;
}

static void backoff(int attempt) {
        struct timespec ts;
        unsigned r = (unsigned) getpid() * 2654435761u + (unsigned) attempt * 40503u;

        ts.tv_sec = 0;
        ts.tv_nsec = (long) (1 + r % 50) * 1000000L;
        nanosleep(&ts, NULL);
}

/* Runs one of the prepared statements that return no row: its result code (the statement is
 * left reset, holding nothing). */
static int exec_prepared(struct sbx_db *db, enum sbx_db_stmt id, struct sbx_diag *diag) {
        sqlite3_stmt *st;
        int rc;

        if (sbx_db_stmt(db, id, &st, diag) < 0)
                return sqlite3_errcode(db->h) != SQLITE_OK ? sqlite3_extended_errcode(db->h) : SQLITE_ERROR;
        rc = sqlite3_step(st);
        sqlite3_reset(st);
        return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* ---- the space kept for the ends of the runs in progress ------------------------------------ */

/* A file at path that is neither a regular file nor a symlink nor a directory (a FIFO, a device
 * node) is refused before it is opened for writing: the open itself acts on it (a FIFO's waiting
 * reader woken, a tape rewound, a serial line's open waiting for its carrier, a watchdog armed),
 * and only the fstat() after it refused the file. A symlink (O_NOFOLLOW) and a directory (EISDIR)
 * fail their open without effect, each with its own message. 0 when there is none, or such a
 * file; -errno with diag set. */
static int not_regular_at(const char *path, struct sbx_diag *diag) {
        struct stat st;

        if (lstat(path, &st) < 0 || S_ISREG(st.st_mode) || S_ISLNK(st.st_mode) || S_ISDIR(st.st_mode))
                return 0;
        return sbx_diag_set(diag, EINVAL, "open", path, "audit database file %s is not a regular file", path);
}

/* The reserve file, open (reopened when it was removed or replaced since). */
static int reserve_fd(struct sbx_db *db, struct stat *st, struct sbx_diag *diag) {
        _cleanup_free_ char *path = NULL;
        int r;

        if (db->reserve_fd >= 0 && fstat(db->reserve_fd, st) == 0 && st->st_nlink == 1)
                return db->reserve_fd;
        if (db->reserve_fd >= 0)
                close(db->reserve_fd);
        db->reserve_fd = -1;
        if (asprintf(&path, "%s%s", db->path, SBX_DB_RESERVE_SUFFIX) < 0)
                return sbx_diag_set(diag, ENOMEM, "reserve", db->path, "out of memory");
        /* what is there is looked at before it is opened: not_regular_at() */
        if ((r = not_regular_at(path, diag)) < 0)
                return r;
        /* O_NONBLOCK: a FIFO there fails at once; O_RDWR: glibc's fallback of posix_fallocate
         * (file systems without fallocate) reads what it extends */
        db->reserve_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK, 0600);
        if (db->reserve_fd < 0 || fstat(db->reserve_fd, st) < 0)
                return sbx_diag_set(diag, errno, "reserve", path, "cannot keep space for the record in %s: %s", path,
                                    strerror(errno));
        if ((r = sbx_db_check_private_file(path, st, diag)) < 0) {
                close(db->reserve_fd);
                db->reserve_fd = -1;
                return r;
        }
        return db->reserve_fd;
}

/* Space kept on the file system does not help under a file size limit (`ulimit -f`): past it a
 * write fails with EFBIG, and a run that began would end unrecorded (measured: its row left
 * 'running', then 'interrupted'). The ends go to the log, and a checkpoint copies them into the
 * database: each must still have `bytes` below the limit of this process, which writes them. */
static int fsize_room(struct sbx_db *db, uint64_t bytes, struct sbx_diag *diag) {
        _cleanup_free_ char *wal = NULL;
        uint64_t limit = sbx_file_size_limit(), largest = 0;
        struct stat st;

        if (limit == UINT64_MAX)
                return 0;
        if (asprintf(&wal, "%s-wal", db->path) < 0)
                return sbx_diag_set(diag, ENOMEM, "reserve", db->path, "out of memory");
        if (stat(db->path, &st) == 0)
                largest = (uint64_t) st.st_size;
        if (stat(wal, &st) == 0 && (uint64_t) st.st_size > largest)
                largest = (uint64_t) st.st_size;
        if (largest + bytes <= limit)
                return 0;
        return sbx_diag_set(diag, EFBIG, "reserve", db->path,
                            "a file size limit of %llu bytes is in force (ulimit -f): %s or its log (%llu bytes) "
                            "has no room left for %llu KiB, the end of the runs in progress",
                            (unsigned long long) limit, db->path, (unsigned long long) largest,
                            (unsigned long long) (bytes / 1024));
}

int sbx_db_reserve(struct sbx_db *db, uint64_t bytes, struct sbx_diag *diag) {
        struct stat st;
        int fd = reserve_fd(db, &st, diag), r;

        if (fd < 0)
                return fd;
        if ((uint64_t) st.st_size < bytes) {
                r = posix_fallocate(fd, 0, (off_t) bytes);
                if (r != 0)
                        return sbx_diag_set(diag, r, "reserve", db->path,
                                            "cannot keep %llu KiB for the end of the runs in progress beside %s: %s",
                                            (unsigned long long) (bytes / 1024), db->path, strerror(r));
        }
        return fsize_room(db, bytes, diag);
}

int sbx_db_reserve_give(struct sbx_db *db, uint64_t bytes) {
        struct stat st;
        int fd = reserve_fd(db, &st, NULL);

        if (fd < 0)
                return fd;
        if (st.st_size <= 0)
                return -ENOSPC;
        return ftruncate(fd, (uint64_t) st.st_size > bytes ? st.st_size - (off_t) bytes : 0) < 0 ? -errno : 0;
}

int sbx_db_reserve_take(struct sbx_db *db, uint64_t keep, uint64_t bytes) {
        struct stat st;
        int fd = reserve_fd(db, &st, NULL);

        if (fd < 0)
                return fd;
        if (st.st_size < 0 || (uint64_t) st.st_size < keep || (uint64_t) st.st_size - keep < bytes)
                return -ENOSPC;
        return ftruncate(fd, st.st_size - (off_t) bytes) < 0 ? -errno : 0;
}

int sbx_db_room_beyond_ends(struct sbx_db *db, uint64_t bytes) {
        struct statfs sf;

        if (sbx_file_size_limit() != UINT64_MAX)
                return -EFBIG;
        if (statfs(db->path, &sf) < 0)
                return -errno;
        if ((uint64_t) sf.f_bavail * (uint64_t) sf.f_bsize < bytes + SBX_DB_RESERVE_SLICE)
                return -ENOSPC;
        return 0;
}

void sbx_db_set_busy_wait(struct sbx_db *db, int timeout_ms, int retries) {
        db->busy_retries = retries > 0 ? retries : 1;
        (void) sqlite3_busy_timeout(db->h, timeout_ms);
}

void sbx_db_default_busy_wait(struct sbx_db *db) {
        sbx_db_set_busy_wait(db, SBX_DB_BUSY_TIMEOUT_MS, SBX_DB_BUSY_RETRIES);
}

int sbx_db_begin(struct sbx_db *db, struct sbx_diag *diag) {
        int rc;

        if (db->readonly)
                return sbx_diag_set(diag, EROFS, "write", db->path,
                                    "cannot write audit database %s: opened read-only", db->path);
        for (int attempt = 0;; attempt++) {
                rc = exec_prepared(db, SBX_DB_STMT_BEGIN_IMMEDIATE, NULL);
                if (rc == SQLITE_OK)
                        return 0;
                if (((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) || attempt + 1 >= db->busy_retries)
                        return sbx_db_error(db, rc, "write", diag);
                backoff(attempt);
        }
}

int sbx_db_commit(struct sbx_db *db, struct sbx_diag *diag) {
        int rc;

        for (int attempt = 0;; attempt++) {
                rc = exec_prepared(db, SBX_DB_STMT_COMMIT, NULL);
                if (rc == SQLITE_OK)
                        return 0;
                if ((rc & 0xff) != SQLITE_BUSY || attempt + 1 >= db->busy_retries)
                        break;
                backoff(attempt);
        }
        int r = sbx_db_error(db, rc, "write", diag);
        sbx_db_rollback(db);
        return r;
}

void sbx_db_rollback(struct sbx_db *db) {
        if (db && db->h && !sqlite3_get_autocommit(db->h))
                (void) sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
}

/* Runs each step above the current version in its own transaction that also sets user_version,
 * re-reading the version inside the transaction since another sbx may have migrated meanwhile. */
static int migrate(struct sbx_db *db, struct sbx_diag *diag) {
        size_t n;
        const struct sbx_db_migration *steps = sbx_db_migrations(&n);
        int r, v;

        for (size_t i = 0; i < n; i++) {
                char sql[64];
                char *err = NULL;
                int rc;

                r = pragma_int(db, "PRAGMA user_version", &v, diag);
                if (r < 0)
                        return r;
                if (v >= steps[i].version)
                        continue;
                r = sbx_db_begin(db, diag);
                if (r < 0)
                        return r;
                r = pragma_int(db, "PRAGMA user_version", &v, diag);
                if (r < 0)
                        goto fail;
                if (v >= steps[i].version) {
                        r = sbx_db_commit(db, diag);
                        if (r < 0)
                                return r;
                        continue;
                }
                if (v != steps[i].version - 1) {
                        r = sbx_diag_set(diag, EPROTO, "migrate", db->path,
                                         "audit database %s: schema version %d cannot be upgraded to %d",
                                         db->path, v, steps[i].version);
                        goto fail;
                }
                rc = sqlite3_exec(db->h, steps[i].sql, NULL, NULL, &err);
                if (rc == SQLITE_OK) {
                        snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", steps[i].version);
                        rc = sqlite3_exec(db->h, sql, NULL, NULL, NULL);
                }
                if (rc != SQLITE_OK) {
                        r = sbx_diag_set(diag, errno_from_sqlite(rc), "migrate", db->path,
                                         "audit database %s: upgrading the schema to version %d failed: %s",
                                         db->path, steps[i].version, err ? err : sqlite3_errmsg(db->h));
                        sqlite3_free(err);
                        goto fail;
                }
                r = sbx_db_commit(db, diag);
                if (r < 0)
                        return r;
        }
        return 0;
fail:
        sbx_db_rollback(db);
        return r;
}

/* Refuses what is not an sbx database or comes from a newer sbx. Sets *ret_version. The three
 * facts are read in one statement, hence from one snapshot: another sbx may be migrating the
 * file right now, and a version read before its commit with a table count read after it would
 * make a fresh database look foreign. */
static int check_identity(struct sbx_db *db, int *ret_version, struct sbx_diag *diag) {
        sqlite3_stmt *st = NULL;
        int app = 0, version = 0, tables = 0, rc;

        rc = sqlite3_prepare_v2(db->h,
                                "SELECT (SELECT application_id FROM pragma_application_id),"
                                " (SELECT user_version FROM pragma_user_version),"
                                " (SELECT count(*) FROM sqlite_master)",
                                -1, &st, NULL);
        if (rc == SQLITE_OK) {
                rc = sqlite3_step(st);
                if (rc == SQLITE_ROW) {
                        app = sqlite3_column_int(st, 0);
                        version = sqlite3_column_int(st, 1);
                        tables = sqlite3_column_int(st, 2);
                        rc = SQLITE_OK;
                }
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_OK)
                return sbx_db_error(db, rc, "read", diag);
        if (app != 0 && (unsigned) app != SBX_DB_APPLICATION_ID)
                return sbx_diag_set(diag, EBADMSG, "open", db->path,
                                    "%s is an SQLite database of another application (application_id 0x%08x), "
                                    "not an sbx audit database", db->path, (unsigned) app);
        if (version > SBX_DB_SCHEMA_VERSION)
                return sbx_diag_set(diag, EPROTONOSUPPORT, "open", db->path,
                                    "audit database %s has schema version %d, newer than this sbx supports (%d): "
                                    "use a newer sbx", db->path, version, SBX_DB_SCHEMA_VERSION);
        if (version == 0 && tables > 0)
                return sbx_diag_set(diag, EBADMSG, "open", db->path,
                                    "%s is an SQLite database without an sbx schema, not an sbx audit database",
                                    db->path);
        /* every sbx schema sets the application_id from version 1 on: a version without it is
         * another application's numbering (upgrading it switched it to WAL before failing) */
        if (version > 0 && app == 0)
                return sbx_diag_set(diag, EBADMSG, "open", db->path,
                                    "%s is an SQLite database of another application (schema version %d without "
                                    "sbx's application_id), not an sbx audit database", db->path, version);
        *ret_version = version;
        return 0;
}

/* SQLite opens no database whose full name (its directories' symlinks resolved) with "-journal"
 * after it would pass its VFS's limit (unix: 512 bytes), even in WAL mode (the pager checks
 * it at every open): such a path failed only at sqlite3_open_v2(), as "unable to open database
 * file", which says nothing of why (sbx run refused, 125; sbx audit, exit 1), and sbx run had
 * made the empty file first, left behind at each try. Said so here, before anything is made.
 * 0 when it fits, or when its name cannot be made full here (the open then says why). */
static int check_path_fits(const char *path, struct sbx_diag *diag) {
        static const size_t journal_suffix = sizeof("-journal") - 1;
        sqlite3_vfs *vfs = sqlite3_vfs_find(NULL);
        _cleanup_free_ char *full = NULL;
        size_t n;
        int rc;

        if (!vfs || vfs->mxPathname <= 0 || !(full = malloc((size_t) vfs->mxPathname + 1)))
                return 0;
        full[0] = '\0';
        rc = vfs->xFullPathname(vfs, path, vfs->mxPathname + 1, full);
        if (rc == SQLITE_OK || rc == SQLITE_OK_SYMLINK)
                n = strlen(full);
        else if (path[0] == '/')
                n = strlen(path); /* at least as long as that (too long to be made full, say) */
        else
                return 0;
        if (n + journal_suffix <= (size_t) vfs->mxPathname)
                return 0;
        return sbx_diag_set(diag, ENAMETOOLONG, "open", path,
                            "audit database %s: its full name is %zu bytes long, and SQLite opens no database "
                            "whose name with '-journal' after it passes %d bytes: choose a shorter path",
                            path, n, vfs->mxPathname);
}

static int db_new(const char *path, int flags, struct sbx_db **ret, struct sbx_diag *diag) {
        struct sbx_db *db;
        int rc;

        db = calloc(1, sizeof(*db));
        if (!db || !(db->path = strdup(path))) {
                free(db);
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        }
        db->readonly = (flags & SQLITE_OPEN_READONLY) != 0;
        db->journal = "delete";
        db->busy_retries = SBX_DB_BUSY_RETRIES;
        db->reserve_fd = -1;
        db->owner = sbx_euid();
        rc = sqlite3_open_v2(path, &db->h, flags | SQLITE_OPEN_NOMUTEX, NULL);
        if (rc == SQLITE_OK) {
                sqlite3_extended_result_codes(db->h, 1);
                rc = sqlite3_busy_timeout(db->h, SBX_DB_BUSY_TIMEOUT_MS);
        }
        if (rc == SQLITE_OK)
                rc = sbx_db_define_functions(db->h, &db->state_ctx);
        if (rc == SQLITE_OK && !db->readonly) {
                /* Every sbx run is a short-lived connection: a checkpoint at each close cost 1 ms of
                 * every run (measured), so the WAL is kept and checkpointed by the automatic
                 * checkpoint when it reaches its size threshold. A reader that cannot use the WAL
                 * index (a read-only directory) reads a private snapshot instead (open_snapshot()). */
                int persist = 1;
                rc = sqlite3_db_config(db->h, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *) NULL);
                if (rc == SQLITE_OK)
                        (void) sqlite3_file_control(db->h, "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
        }
        if (rc != SQLITE_OK) {
                int r = db_error_h(db->h, path, rc, db->readonly ? "read" : "open", diag);
                sbx_db_close(db);
                return r;
        }
        *ret = db;
        return 0;
}

SBX_DEFINE_CLEANUP(struct sbx_db *, sbx_db_close)

/* The file at the database's path as its checks found it, just before SQLite opened it (a file
 * put there in between reads as replaced at once: sbx_db_check_same_file()). */
static void remember_file(struct sbx_db *db, const struct stat *st) {
        db->file_known = true;
        db->file_dev = st->st_dev;
        db->file_ino = st->st_ino;
}

static int set_journal(struct sbx_db *db, const char *dir, struct sbx_diag *diag) {
        struct statfs sfs;
        char cur[16], got[16];
        const char *want = "wal";
        int r;

        if (statfs(dir, &sfs) == 0 && !sbx_db_fs_type_allows_wal((long) sfs.f_type))
                want = "delete";
        r = pragma_text(db, "PRAGMA journal_mode", cur, sizeof(cur), diag);
        if (r < 0)
                return r;
        if (strcmp(cur, want) != 0) {
                char sql[48];
                snprintf(sql, sizeof(sql), "PRAGMA journal_mode = %s", want);
                for (int attempt = 0;; attempt++) {
                        r = pragma_text(db, sql, got, sizeof(got), diag);
                        if (r != -EBUSY || attempt + 1 >= SBX_DB_BUSY_RETRIES)
                                break;
                        backoff(attempt);
                }
                if (r < 0)
                        return r;
                /* WAL may be impossible (no shared memory): the rollback journal is correct, only
                 * slower. Other writers holding the file may also keep it in its current mode. */
                sbx_strlcpy(cur, got, sizeof(cur));
        }
        db->journal = strcmp(cur, "wal") == 0 ? "wal" : "delete";
        return 0;
}

/* The database and SQLite's files beside it, which hold its pages too. */
static const char *const private_suffixes[] = { "", "-wal", "-shm", "-journal" };

/* The record is the user's alone: another user who owned the database (an empty file planted in
 * a shared directory), could write it, or could plant its -wal there, could read and rewrite every
 * row (security review). So the directory is the user's or root's and nobody else may write it
 * (a sticky /tmp included), and each file is the user's, a regular file with no other name,
 * writable by nobody else.
 * Nor may anyone else reach it through a directory of theirs: the owner of any directory above
 * could rename ours away and put another in its place (an older copy of ours: the rows since were
 * gone; none: the next run began an empty record; review: $XDG_STATE_HOME in a directory another
 * user made in /tmp). So every directory above, as the kernel resolves it, is the user's or
 * root's, and one that others may write is sticky (they cannot rename what is not theirs); and a
 * symlink on the way is the user's or root's (nobody else may point it elsewhere). */
static bool trusted_uid(uid_t uid, uid_t owner) {
        return uid == sbx_euid() || uid == 0 || uid == owner;
}

/* owner: the uid whose record it is (the user, or, for a reader, the database file's owner), trusted
 * beside the user and root. */
/* link (a prefix of the record's directory as written; whole: the directory itself), when it is
 * a symlink, must be one that nobody else can point elsewhere: the user's, root's or the owner's,
 * and lie in a directory nobody else may write either (review: root's symlink in a directory of
 * uid 4242's was taken, and 4242 could point it at a record of theirs between the check and the
 * open). */
static int check_names(const char *path, const char *name, bool top, uid_t owner, int depth, struct sbx_diag *diag);

static int check_path_link(const char *path, const char *link, bool whole, uid_t owner, int depth,
                           struct sbx_diag *diag) {
        _cleanup_free_ char *in = NULL, *next = NULL;
        char target[PATH_MAX];
        struct stat st;
        ssize_t n;

        if (lstat(link, &st) < 0 || !S_ISLNK(st.st_mode))
                return 0;
        if (!trusted_uid(st.st_uid, owner)) {
                if (whole)
                        return sbx_diag_set(diag, EPERM, "open", path,
                                            "audit database %s: its directory %s is a symlink of uid %u, who could "
                                            "point it elsewhere: the record must be private", path, link,
                                            (unsigned) st.st_uid);
                return sbx_diag_set(diag, EPERM, "open", path,
                                    "audit database %s: %s on its path is a symlink of uid %u, who could point it "
                                    "elsewhere: the record must be private", path, link, (unsigned) st.st_uid);
        }
        if (!(in = dir_of(link)))
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        if (stat(in, &st) < 0)
                return sbx_diag_set(diag, errno, "open", path, "cannot stat %s: %s", in, strerror(errno));
        if (!trusted_uid(st.st_uid, owner) || sbx_writable_by_others(&st))
                return sbx_diag_set(diag, EPERM, "open", path,
                                    "audit database %s: the symlink %s on its path lies in %s, %s: it could be "
                                    "pointed elsewhere", path, link, in,
                                    sbx_writable_by_others(&st) ? "writable by group or others (not sticky)" :
                                                                  "another user's directory");
        /* and the names its target goes through in turn: the kernel follows them all (review: our
         * symlink to another user's was taken, and they could point theirs at another directory of
         * ours, an older copy of the record or none) */
        n = readlink(link, target, sizeof(target) - 1);
        if (n < 0)
                return sbx_diag_set(diag, errno, "open", path, "cannot read the symlink %s: %s", link, strerror(errno));
        if ((size_t) n >= sizeof(target) - 1)
                return sbx_diag_set(diag, ENAMETOOLONG, "open", path, "the target of the symlink %s is too long", link);
        target[n] = '\0';
        if (target[0] == '/' ? !(next = strdup(target)) : asprintf(&next, "%s/%s", in, target) < 0) {
                next = NULL;
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        }
        return check_names(path, next, false, owner, depth + 1, diag);
}

/* Whether the prefix of lex that follows the one ending at p (a '/' made '\0') is a symlink. */
static bool next_is_symlink(char *lex, char *p) {
        char *q = strchr(p + 1, '/');
        struct stat st;
        bool r;

        *p = '/';
        if (q)
                *q = '\0';
        r = lstat(lex, &st) == 0 && S_ISLNK(st.st_mode);
        if (q)
                *q = '/';
        *p = '\0';
        return r;
}

/* Each prefix of name as written (a record's directory, or a symlink's target on its way), name
 * itself last: a symlink as check_path_link() says; a directory the user's, root's or the owner's,
 * and one that others may write sticky (they could rename ours beneath it away: review, our
 * directory with our symlink in it beneath another user's). name itself, at the top (`top`), is
 * the caller's to check. */
static int check_names(const char *path, const char *name, bool top, uid_t owner, int depth, struct sbx_diag *diag) {
        _cleanup_free_ char *lex = strdup(name);
        struct stat st;
        char *p;
        int r;

        if (!lex)
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        if (depth > 40)
                return sbx_diag_set(diag, ELOOP, "open", path, "audit database %s: too many symlinks on its path", path);
        for (p = lex + 1;; p++) {
                bool whole = *p == '\0';
                if (*p != '/' && !whole)
                        continue;
                *p = '\0';
                if (lstat(lex, &st) == 0 && S_ISLNK(st.st_mode)) {
                        if ((r = check_path_link(path, lex, whole && top, owner, depth, diag)) < 0)
                                return r;
                } else if (!(whole && top) && stat(lex, &st) == 0 &&
                           (!trusted_uid(st.st_uid, owner) || sbx_writable_by_others(&st)) &&
                           /* one that holds a symlink: check_path_link() names both */
                           (whole || !next_is_symlink(lex, p)))
                        return sbx_diag_set(diag, EPERM, "open", path,
                                            "audit database %s: the directory %s above it is %s: it could put "
                                            "another directory in place of the record's", path, lex,
                                            sbx_writable_by_others(&st) ? "writable by group or others (not sticky)" :
                                                                          "another user's");
                if (whole)
                        break;
                *p = '/';
        }
        return 0;
}

static int check_private_ancestors(const char *path, const char *dir, uid_t owner, struct sbx_diag *diag) {
        _cleanup_free_ char *real = NULL;
        struct stat st;
        bool as_written;
        char *p;
        int r;

        /* the directories the kernel goes through: each one above the real directory */
        real = sbx_realpath(dir);
        if (!real)
                return sbx_diag_set(diag, errno, "open", path, "cannot resolve %s: %s", dir, strerror(errno));
        as_written = strcmp(real, dir) == 0;
        while ((p = strrchr(real, '/')) && real[1] != '\0') {
                p[p == real ? 1 : 0] = '\0';
                if (stat(real, &st) < 0)
                        return sbx_diag_set(diag, errno, "open", path, "cannot stat %s: %s", real, strerror(errno));
                if (!trusted_uid(st.st_uid, owner) || sbx_writable_by_others(&st))
                        return sbx_diag_set(diag, EPERM, "open", path,
                                            "audit database %s: the directory %s above it is %s: it could put "
                                            "another directory in place of the record's", path, real,
                                            sbx_writable_by_others(&st) ? "writable by group or others (not sticky)" :
                                                                          "another user's");
        }
        /* and the names as written: each prefix of dir, dir itself last, and the symlinks'
         * targets (after the real directory's, so that the nearest of those is named first);
         * nothing more to see when dir is its real path: no symlink on its way, and each directory
         * on it is one just examined (and trusted: nobody else could have changed them since) */
        if (!as_written && (r = check_names(path, dir, true, owner, 0, diag)) < 0)
                return r;
        return 0;
}

static int check_private_dir(const char *path, const char *dir, uid_t owner, struct sbx_diag *diag) {
        struct stat st;

        if (stat(dir, &st) < 0)
                return sbx_diag_set(diag, errno, "open", path, "cannot stat %s: %s", dir, strerror(errno));
        if (!trusted_uid(st.st_uid, owner) || (st.st_mode & (S_IWGRP | S_IWOTH)))
                return sbx_diag_set(diag, EPERM, "open", path,
                                    "audit database %s: its directory %s is %s: the record must be private", path,
                                    dir, (st.st_mode & (S_IWGRP | S_IWOTH)) ? "writable by group or others" :
                                                                                  "another user's");
        return check_private_ancestors(path, dir, owner, diag);
}

int sbx_db_check_private_dir(const char *path, struct sbx_diag *diag) {
        _cleanup_free_ char *dir = NULL;

        if (!path || !*path)
                return sbx_diag_set(diag, EINVAL, "open", "", "the database path is empty");
        dir = dir_of(path);
        if (!dir)
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        return check_private_dir(path, dir, sbx_euid(), diag);
}

static int check_file_of(const char *f, const struct stat *st, uid_t owner, struct sbx_diag *diag) {
        if (!S_ISREG(st->st_mode))
                return sbx_diag_set(diag, EINVAL, "open", f, "audit database file %s is not a regular file", f);
        if (st->st_uid != owner && owner == sbx_euid())
                return sbx_diag_set(diag, EPERM, "open", f, "audit database file %s belongs to uid %u, not you", f,
                                    (unsigned) st->st_uid);
        if (st->st_uid != owner)
                return sbx_diag_set(diag, EPERM, "open", f,
                                    "audit database file %s belongs to uid %u, not to the database's owner (uid %u)",
                                    f, (unsigned) st->st_uid, (unsigned) owner);
        if (st->st_mode & (S_IWGRP | S_IWOTH))
                return sbx_diag_set(diag, EPERM, "open", f, "audit database file %s is writable by others", f);
        if (st->st_nlink == 0)
                return sbx_diag_set(diag, ESTALE, "open", f, "audit database file %s was removed while it was opened",
                                    f);
        if (st->st_nlink != 1)
                return sbx_diag_set(diag, EPERM, "open", f,
                                    "audit database file %s has another name (a hard link): it could be written "
                                    "there", f);
        return 0;
}

/* The database (st, already examined) and whichever of its -wal, -shm and -journal exist beside
 * base, each owner's alone. */
static int check_files_of(const char *path, const char *base, const struct stat *st, uid_t owner,
                          struct sbx_diag *diag) {
        int r;

        for (size_t i = 0; i < SBX_ELEMENTSOF(private_suffixes); i++) {
                _cleanup_free_ char *f = NULL;
                struct stat fst;

                if (asprintf(&f, "%s%s", base, private_suffixes[i]) < 0)
                        return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
                if (i == 0)
                        fst = *st;
                else if (lstat(f, &fst) < 0)
                        continue;
                /* a journal another writer was removing as it was looked at (its name found, then
                 * its last link gone): nobody can write it any more */
                else if (fst.st_nlink == 0)
                        continue;
                if ((r = check_file_of(f, &fst, owner, diag)) < 0)
                        return r;
        }
        return 0;
}

static uint32_t get_be32(const unsigned char *p) {
        return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16 | (uint32_t) p[2] << 8 | p[3];
}

/* The log beside the database, when SQLite would ignore it: a header that is not a WAL header of
 * SQLite's, or whose checksum is wrong. SQLite then reads the database file alone, and the next
 * write starts the log afresh: the runs committed to it and not yet copied into the database (up
 * to 32 pages' worth) were gone without a word (damaged-database review: a -wal overwritten with
 * garbage lost two committed rows, and sbx run and sbx audit went on as if nothing had happened).
 * A header of zeros is what a power loss leaves of a log just begun (its block never written);
 * its transactions were not durable (synchronous = NORMAL), so it is SQLite's to drop as it does.
 * 32 bytes read: this costs one open and one read at each open. The log of the database at path
 * is beside `at`, the file it is (a symlink's target, for a reader). */
static int check_wal_header(const char *path, const char *at, struct sbx_diag *diag) {
        _cleanup_free_ char *wal = NULL;
        _cleanup_close_ int fd = -1;
        unsigned char h[32];
        uint32_t magic, s1 = 0, s2 = 0;
        bool zero = true;
        ssize_t n;

        if (asprintf(&wal, "%s-wal", at) < 0)
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        /* O_NONBLOCK: a FIFO there must not hang the run (check_files_of() refuses it) */
        fd = open(wal, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
        if (fd < 0)
                return 0; /* none, or one SQLite cannot open either: its own error follows */
        n = pread(fd, h, sizeof(h), 0);
        if (n < (ssize_t) sizeof(h))
                return 0; /* empty (checkpointed and truncated), or a header never completed */
        for (size_t i = 0; i < sizeof(h); i++)
                zero = zero && h[i] == 0;
        if (zero)
                return 0;
        magic = get_be32(h);
        if ((magic & ~1u) == 0x377f0682 && get_be32(h + 4) == 3007000) {
                /* the checksum of the first 24 bytes, in the byte order the magic's low bit gives */
                for (size_t i = 0; i < 24; i += 8) {
                        uint32_t x0 = get_be32(h + i), x1 = get_be32(h + i + 4);
                        if (!(magic & 1)) {
                                x0 = __builtin_bswap32(x0);
                                x1 = __builtin_bswap32(x1);
                        }
                        s1 += x0 + s2;
                        s2 += x1 + s1;
                }
                if (s1 == get_be32(h + 24) && s2 == get_be32(h + 28))
                        return 0;
        }
        return sbx_diag_set(diag, EBADMSG, "open", path,
                            "audit database %s is damaged: its log %s has no valid header (the runs it held would "
                            "be lost unseen); move the database away with its -wal and -shm to start a new record",
                            path, wal);
}

/* An empty database file is what sbx itself makes before SQLite writes the first page, and reads
 * as a database with nothing in it. One that held a record and was truncated (`: > audit.db`)
 * read the same: sbx run started a new record in it and sbx audit said nothing had been recorded,
 * hiding every earlier row without a word (damaged-database review). It can be told apart by
 * what only a record in use leaves beside it: its log (SQLite writes the database's first page
 * before it makes one) or the reserve (made at the start of a run, after the schema). A file
 * this process created itself (`created`) is a new record whatever an earlier one left there
 * (`rm audit.db`). Nor is one that another opener of a new record has written since st was taken:
 * the log or reserve found, the file is looked at again (both come after its first page: two
 * runs that started a new database together, and the one that had not made it found it empty,
 * then the log the other had made meanwhile, and was refused, 1 in 300 runs of eight writers).
 * -EBADMSG with diag set, or 0. */
static int check_not_truncated(const char *path, const struct stat *st, bool created, struct sbx_diag *diag) {
        static const char *const left[] = { "-wal", SBX_DB_RESERVE_SUFFIX };

        if (created || !S_ISREG(st->st_mode) || st->st_size != 0)
                return 0;
        for (size_t i = 0; i < SBX_ELEMENTSOF(left); i++) {
                _cleanup_free_ char *f = NULL;
                struct stat fst;

                if (asprintf(&f, "%s%s", path, left[i]) < 0)
                        return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
                if (lstat(f, &fst) < 0)
                        continue;
                if (lstat(path, &fst) == 0 && fst.st_ino == st->st_ino && fst.st_dev == st->st_dev && fst.st_size > 0)
                        return 0;
                return sbx_diag_set(diag, EBADMSG, "open", path,
                                    "audit database %s is empty, but %s beside it shows runs were recorded "
                                    "there: it was truncated; move it away with its -wal, -shm and %s to "
                                    "start a new record", path, f, SBX_DB_RESERVE_SUFFIX);
        }
        return 0;
}

int sbx_db_check_not_truncated(const char *path, struct sbx_diag *diag) {
        _cleanup_free_ char *real = realpath(path, NULL); /* what is beside a symlink's target */
        struct stat st;

        return !real || stat(real, &st) < 0 ? 0 : check_not_truncated(real, &st, false, diag);
}

int sbx_db_check_private_file(const char *f, const struct stat *st, struct sbx_diag *diag) {
        return check_file_of(f, st, sbx_euid(), diag);
}

/* When the database's directory does not exist yet: the nearest directory above it that does,
 * where sbx is to make the rest, and every directory above that one, must be trusted as those
 * above the database's directory are (check_private_ancestors()), before anything is made. Root's
 * sbx with $HOME another user's (`sudo -E`) made ~/.local/state/sbx there, root's, and only then
 * refused the database above which that user's directory lies: the user's own sbx could make
 * its directory there no more (review). 0 also when the directory exists or mkdir_parents()
 * will say why it cannot be made. */
static int check_where_made(const char *path, uid_t owner, struct sbx_diag *diag) {
        _cleanup_free_ char *dir = dir_of(path);
        struct stat st;

        if (!dir)
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        if (stat(dir, &st) == 0 || errno != ENOENT)
                return 0;
        for (;;) {
                char *up = dir_of(dir);

                if (!up)
                        return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
                free(dir);
                dir = up;
                if (stat(dir, &st) == 0)
                        break;
                if (errno != ENOENT || strcmp(dir, "/") == 0 || strcmp(dir, ".") == 0)
                        return 0;
        }
        if (!S_ISDIR(st.st_mode))
                return 0;
        if (!trusted_uid(st.st_uid, owner) || sbx_writable_by_others(&st))
                return sbx_diag_set(diag, EPERM, "open", path,
                                    "audit database %s: the directory %s above it is %s: it could put another "
                                    "directory in place of the record's",
                                    path, dir,
                                    sbx_writable_by_others(&st) ? "writable by group or others (not sticky)"
                                                                : "another user's");
        return check_private_ancestors(path, dir, owner, diag);
}

int sbx_db_open(const char *path, struct sbx_db **ret_db, struct sbx_diag *diag) {
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        _cleanup_free_ char *dir = NULL;
        _cleanup_close_ int fd = -1;
        bool created = false;
        struct stat st;
        int r, version;

        if (!path || !*path)
                return sbx_diag_set(diag, EINVAL, "open", "", "the database path is empty");
        if ((r = check_where_made(path, sbx_euid(), diag)) < 0)
                return r;
        r = mkdir_parents(path, diag);
        if (r < 0)
                return r;
        dir = dir_of(path);
        if (!dir)
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        r = check_private_dir(path, dir, sbx_euid(), diag);
        if (r < 0)
                return r;
        if ((r = check_path_fits(path, diag)) < 0)
                return r;
        /* Created here, 0600, so SQLite's journal files (which copy its mode) are private too. The
         * file itself, never a symlink: it would lead the record anywhere, into a workspace too. */
        /* created: whether this process made it (an empty file it did not make may be a record
         * truncated: check_not_truncated()) */
        /* O_NONBLOCK: no open waits on what is there (a FIFO or a device node put there after
         * not_regular_at() looked: check_files_of() refuses it) */
        for (int attempt = 0; fd < 0 && attempt < 8; attempt++) {
                if ((r = not_regular_at(path, diag)) < 0)
                        return r;
                fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
                if (fd < 0 && errno == ENOENT) {
                        fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK,
                                  0600);
                        created = fd >= 0;
                }
                if (fd < 0 && errno != ENOENT && errno != EEXIST)
                        break;
        }
        if (fd < 0)
                return sbx_diag_set(diag, errno, "open", path, "cannot write audit database %s: %s", path,
                                    errno == ELOOP ? "it is a symlink" : strerror(errno));
        if (fstat(fd, &st) < 0)
                return sbx_diag_set(diag, errno, "open", path, "cannot stat audit database %s: %s", path,
                                    strerror(errno));
        close(sbx_steal_fd(&fd));
        if ((r = check_files_of(path, path, &st, sbx_euid(), diag)) < 0)
                return r;
        if ((r = check_not_truncated(path, &st, created, diag)) < 0 || (r = check_wal_header(path, path, diag)) < 0)
                return r;
        /* The journal (or WAL) lives next to the database: a directory we cannot write means every
         * write would fail later, so say so now, naming the file. */
        if (faccessat(AT_FDCWD, dir, W_OK, AT_EACCESS) < 0)
                return sbx_diag_set(diag, errno, "open", path,
                                    "cannot write audit database %s: its directory %s is not writable (%s)", path,
                                    dir, strerror(errno));

        r = db_new(path, SQLITE_OPEN_READWRITE, &db, diag);
        if (r < 0)
                return r;
        remember_file(db, &st);
        r = check_identity(db, &version, diag);
        if (r < 0)
                return r;
        r = set_journal(db, dir, diag);
        if (r < 0)
                return r;
        r = sqlite3_exec(db->h,
                         strcmp(db->journal, "wal") == 0 ? "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA wal_autocheckpoint = 32"
                                                         : "PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON",
                         NULL, NULL, NULL);
        if (r != SQLITE_OK)
                return sbx_db_error(db, r, "configure", diag);
        if (version < SBX_DB_SCHEMA_VERSION) {
                r = migrate(db, diag);
                if (r < 0)
                        return r;
        }
        /* a new record keeps the space of its first run's end from its making (a start keeps it
         * anyway): a disk that filled between `sbx session start` and that run refused it with
         * no row, no reserve there to write the refusal's from (record60). Not past a file size
         * limit, which SIGXFSZ would say to a tool that does not ignore it; nor when the disk has
         * no room already, which the first start refuses, unrecorded, as before. */
        if (version == 0 && sbx_file_size_limit() == UINT64_MAX)
                (void) sbx_db_reserve(db, SBX_DB_RESERVE_BASE + SBX_DB_RESERVE_SLICE, NULL);
        *ret_db = sbx_steal_ptr(&db);
        return 0;
}

static int copy_file(const char *from, const char *to) {
        _cleanup_close_ int in = open(from, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        _cleanup_close_ int out = -1;
        char buf[1 << 16];
        ssize_t n;

        if (in < 0)
                return -errno;
        out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (out < 0)
                return -errno;
        while ((n = read(in, buf, sizeof(buf))) != 0) {
                if (n < 0) {
                        if (errno == EINTR)
                                continue;
                        return -errno;
                }
                for (ssize_t off = 0; off < n;) {
                        ssize_t w = write(out, buf + off, (size_t) (n - off));
                        if (w < 0 && errno == EINTR)
                                continue;
                        if (w < 0)
                                return -errno;
                        off += w;
                }
        }
        return 0;
}

int sbx_db_copy_mark_take(const char *path, struct sbx_db_copy_mark *m) {
        _cleanup_free_ char *wal = NULL;
        _cleanup_close_ int fd = -1;
        unsigned char hdr[32] = { 0 };
        struct stat st;

        memset(m, 0, sizeof(*m));
        if (stat(path, &st) < 0)
                return -errno;
        m->db_ino = st.st_ino;
        m->db_size = st.st_size;
        m->db_mtime = st.st_mtim;
        if (asprintf(&wal, "%s-wal", path) < 0)
                return -ENOMEM;
        fd = open(wal, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0)
                return errno == ENOENT ? 0 : -errno;
        if (fstat(fd, &st) < 0 || pread(fd, hdr, sizeof(hdr), 0) < 0)
                return -errno;
        m->wal_exists = true;
        m->wal_ino = st.st_ino;
        memcpy(m->wal_gen, hdr + 12, sizeof(m->wal_gen)); /* checkpoint sequence, salt-1, salt-2 */
        return 0;
}

bool sbx_db_copy_consistent(const struct sbx_db_copy_mark *before, const struct sbx_db_copy_mark *after) {
        if (before->db_ino != after->db_ino || before->wal_exists != after->wal_exists)
                return false;
        if (before->wal_exists)
                return before->wal_ino == after->wal_ino &&
                       memcmp(before->wal_gen, after->wal_gen, sizeof(before->wal_gen)) == 0;
        return before->db_size == after->db_size && before->db_mtime.tv_sec == after->db_mtime.tv_sec &&
               before->db_mtime.tv_nsec == after->db_mtime.tv_nsec;
}

/* attempts at a consistent copy while writers keep restarting the WAL */
#define SNAPSHOT_ATTEMPTS 20

/* A reader that may not write the database's directory cannot rebuild the WAL index, and without
 * it would see only what was last checkpointed into the main file. It reads a private copy of the
 * database and its WAL instead, made in $TMPDIR, removed at close. Writers go on meanwhile (no
 * lock can be taken without writing the directory): the database is copied first, its WAL
 * second, and the pair is kept only when the WAL did not restart in between
 * (sbx_db_copy_consistent()), else copied again. */
/* A directory for the private copy in tmp: made 0700, and kept only when nobody but the user and
 * root can rename it away or lead its path elsewhere (every directory above it the user's or
 * root's, one that others may write sticky: check_private_ancestors()). SQLite opens the copy by
 * its path: in a $TMPDIR of another user's, or one others may write without the sticky bit, they
 * could put a directory of forged rows in its place in between (security review). */
static int snapshot_dir(const char *path, const char *tmp, char **ret, struct sbx_diag *diag) {
        _cleanup_free_ char *dir = NULL;

        if (asprintf(&dir, "%s/sbx-audit-read-XXXXXX", tmp) < 0)
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        if (!mkdtemp(dir))
                return sbx_diag_set(diag, errno, "open", path, "cannot read audit database %s: no private copy "
                                    "can be made in %s: %s", path, tmp, strerror(errno));
        if (check_private_ancestors(path, dir, sbx_euid(), NULL) < 0) {
                (void) rmdir(dir);
                return sbx_diag_set(diag, EPERM, "open", path, "cannot read audit database %s: no private copy "
                                    "can be made in %s: another user could replace it there", path, tmp);
        }
        *ret = sbx_steal_ptr(&dir);
        return 0;
}

static int open_snapshot(const char *path, int flags, struct sbx_db **ret, struct sbx_diag *diag) {
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        _cleanup_free_ char *dir = NULL, *wal = NULL, *copy = NULL, *copy_wal = NULL;
        const char *tmp = getenv("TMPDIR");
        int r = -EAGAIN;

        if (asprintf(&wal, "%s-wal", path) < 0)
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        /* $TMPDIR when absolute and private enough, else /tmp */
        if (!tmp || tmp[0] != '/' || snapshot_dir(path, tmp, &dir, NULL) < 0) {
                r = snapshot_dir(path, "/tmp", &dir, diag);
                if (r < 0)
                        return r;
                r = -EAGAIN;
        }
        if (asprintf(&copy, "%s/audit.db", dir) < 0 || asprintf(&copy_wal, "%s/audit.db-wal", dir) < 0) {
                rmdir(dir);
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        }
        for (int attempt = 0; attempt < SNAPSHOT_ATTEMPTS && r == -EAGAIN; attempt++) {
                struct sbx_db_copy_mark before, after;

                (void) unlink(copy);
                (void) unlink(copy_wal);
                r = sbx_db_copy_mark_take(path, &before);
                if (r >= 0)
                        r = copy_file(path, copy);
                if (r >= 0 && before.wal_exists)
                        r = copy_file(wal, copy_wal);
                if (r >= 0)
                        r = sbx_db_copy_mark_take(path, &after);
                if (r == -ENOENT && before.wal_exists)
                        r = -EAGAIN; /* the WAL went away (the last writer closed): again */
                if (r >= 0 && !sbx_db_copy_consistent(&before, &after))
                        r = -EAGAIN;
        }
        if (r >= 0)
                r = db_new(copy, flags, &db, diag);
        if (r < 0) {
                (void) unlink(copy);
                (void) unlink(copy_wal);
                rmdir(dir);
                if (r == -EAGAIN)
                        return sbx_diag_set(diag, EAGAIN, "open", path,
                                            "cannot read audit database %s: it changed during each of %d private "
                                            "copies; try again", path, SNAPSHOT_ATTEMPTS);
                if (diag && !diag->msg[0])
                        sbx_diag_set(diag, -r, "open", path, "cannot read audit database %s: %s", path, strerror(-r));
                return r;
        }
        db->snapshot_dir = sbx_steal_ptr(&dir);
        free(db->path);
        db->path = strdup(path);
        if (!db->path)
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        *ret = sbx_steal_ptr(&db);
        return 0;
}

/* The reader's side of "the record is the user's alone": what is read must be a record that no
 * third user could have planted, replaced or written under the reader (security review: a
 * database another user put at $XDG_STATE_HOME in a directory of theirs, or a -wal planted beside
 * ours in a sticky directory, was shown as the user's own history). The checks of sbx run, with
 * the file's owner trusted beside the reader and root (root or an auditor may read another user's
 * record: sbx_db_owner() says whose it is), and a directory that nobody may write is fine (a
 * read-only one is read through a private copy). A symlink to the database is followed when it is
 * the reader's, root's or the owner's, and the directory it leads to is checked too. */
static int check_readable(const char *path, const struct stat *st, struct sbx_diag *diag) {
        _cleanup_free_ char *dir = dir_of(path), *real = NULL, *real_dir = NULL;
        struct stat lst;
        int r;

        if (!dir)
                return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
        if ((r = check_private_dir(path, dir, st->st_uid, diag)) < 0)
                return r;
        if (lstat(path, &lst) < 0)
                return sbx_diag_set(diag, errno, "open", path, "cannot stat %s: %s", path, strerror(errno));
        if (S_ISLNK(lst.st_mode)) {
                if (!trusted_uid(lst.st_uid, st->st_uid))
                        return sbx_diag_set(diag, EPERM, "open", path,
                                            "audit database %s is a symlink of uid %u, who could point it elsewhere",
                                            path, (unsigned) lst.st_uid);
                real = realpath(path, NULL);
                if (!real)
                        return sbx_diag_set(diag, errno, "open", path, "cannot resolve %s: %s", path,
                                            strerror(errno));
                if (!(real_dir = dir_of(real)))
                        return sbx_diag_set(diag, ENOMEM, "open", path, "out of memory");
                if ((r = check_private_dir(path, real_dir, st->st_uid, diag)) < 0)
                        return r;
        }
        return check_files_of(path, real ? real : path, st, st->st_uid, diag);
}

int sbx_db_open_readonly(const char *path, struct sbx_db **ret_db, struct sbx_diag *diag) {
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        struct stat st;
        int r, version;

        if (!path || !*path)
                return sbx_diag_set(diag, EINVAL, "open", "", "the database path is empty");
        if (stat(path, &st) < 0) {
                struct stat lst;
                /* a symlink to nothing is not a record never made: its target was removed or
                 * moved (it read "nothing recorded there yet") */
                if (errno == ENOENT && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
                        return sbx_diag_set(diag, ENOENT, "open", path,
                                            "audit database %s is a symlink to nothing: the record it named was "
                                            "removed or moved", path);
                if (errno == ENOENT)
                        return sbx_diag_set(diag, ENOENT, "open", path,
                                            "no audit database at %s (nothing recorded there yet)", path);
                return sbx_diag_set(diag, errno, "open", path, "cannot read audit database %s: %s", path,
                                    strerror(errno));
        }
        if (!S_ISREG(st.st_mode))
                return sbx_diag_set(diag, EINVAL, "open", path, "audit database %s is not a regular file", path);
        if (access(path, R_OK) < 0)
                return sbx_diag_set(diag, errno, "open", path, "cannot read audit database %s: %s", path,
                                    strerror(errno));
        if ((r = check_readable(path, &st, diag)) < 0 || (r = check_path_fits(path, diag)) < 0)
                return r;
        {
                /* beside the file a symlink leads to, where SQLite looks for its log */
                _cleanup_free_ char *real = realpath(path, NULL);
                const char *at = real ? real : path;

                if ((r = check_not_truncated(at, &st, false, diag)) < 0 ||
                    (r = check_wal_header(path, at, diag)) < 0)
                        return r;
        }

        r = db_new(path, SQLITE_OPEN_READONLY, &db, diag);
        if (r < 0)
                return r;
        remember_file(db, &st);
        r = check_identity(db, &version, diag);
        if (r == -EACCES || r == -EROFS) {
                /* A WAL database in a directory we cannot write: read a private snapshot. */
                struct sbx_db *old = sbx_steal_ptr(&db);

                sbx_db_close(old);
                sbx_diag_clear(diag);
                r = open_snapshot(path, SQLITE_OPEN_READONLY, &db, diag);
                if (r < 0)
                        return r;
                r = check_identity(db, &version, diag);
        }
        if (r < 0)
                return r;
        db->owner = st.st_uid;
        /* no schema at all (check_identity() refused one without sbx's version): an empty file,
         * which a reader must not make sbx's by "upgrading" it; its writer has not begun */
        if (version == 0)
                return sbx_diag_set(diag, ENOENT, "open", path,
                                    "no audit database at %s (an empty database: nothing recorded there yet)", path);
        if (version < SBX_DB_SCHEMA_VERSION)
                return sbx_diag_set(diag, EPROTO, "open", path,
                                    "audit database %s has schema version %d, older than this sbx (%d): it is "
                                    "upgraded by the next sbx that writes to it", path, version,
                                    SBX_DB_SCHEMA_VERSION);
        {
                char mode[16];
                if (pragma_text(db, "PRAGMA journal_mode", mode, sizeof(mode), NULL) == 0 && strcmp(mode, "wal") == 0)
                        db->journal = "wal";
        }
        *ret_db = sbx_steal_ptr(&db);
        return 0;
}

int sbx_db_open_readonly_upgraded(const char *path, struct sbx_db **ret_db, struct sbx_diag *diag) {
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        struct stat st;
        int r, version = 0;

        r = sbx_db_open_readonly(path, &db, diag);
        if (r != -EPROTO)
                return r < 0 ? r : (*ret_db = sbx_steal_ptr(&db), 0);
        /* an older schema: the checks of the read-only open held; upgrade a private copy, read
         * that (the record stays the file owner's) */
        if (stat(path, &st) < 0)
                return sbx_diag_set(diag, errno, "open", path, "cannot read audit database %s: %s", path,
                                    strerror(errno));
        sbx_diag_clear(diag);
        r = open_snapshot(path, SQLITE_OPEN_READWRITE, &db, diag);
        if (r < 0)
                return r;
        r = check_identity(db, &version, diag);
        if (r >= 0 && version < SBX_DB_SCHEMA_VERSION)
                r = migrate(db, diag);
        if (r < 0)
                return r; /* (the copy's messages name the file: open_snapshot()) */
        db->readonly = true;
        db->owner = st.st_uid;
        *ret_db = sbx_steal_ptr(&db);
        return 0;
}

void sbx_db_close(struct sbx_db *db) {
        if (!db)
                return;
        for (size_t i = 0; i < SBX_ELEMENTSOF(db->stmts); i++)
                sqlite3_finalize(db->stmts[i]);
        if (db->reserve_fd >= 0)
                close(db->reserve_fd);
        if (db->h)
                sqlite3_close_v2(db->h);
        if (db->snapshot_dir) {
                _cleanup_free_ char *f = NULL;
                const char *const suffixes[] = { "", "-wal", "-shm" };
                for (size_t i = 0; i < SBX_ELEMENTSOF(suffixes); i++) {
                        free(f);
                        f = NULL;
                        if (asprintf(&f, "%s/audit.db%s", db->snapshot_dir, suffixes[i]) >= 0)
                                (void) unlink(f);
                }
                (void) rmdir(db->snapshot_dir);
                free(db->snapshot_dir);
        }
        free(db->state_ctx.gone);
        free(db->path);
        free(db);
}

sqlite3 *sbx_db_handle(struct sbx_db *db) {
        return db->h;
}

const char *sbx_db_path(const struct sbx_db *db) {
        return db->path;
}

uid_t sbx_db_owner(const struct sbx_db *db) {
        return db->owner;
}

bool sbx_db_is_readonly(const struct sbx_db *db) {
        return db->readonly;
}

bool sbx_db_is_private_copy(const struct sbx_db *db) {
        return db->snapshot_dir != NULL;
}

const char *sbx_db_private_copy_dir(const struct sbx_db *db) {
        return db->snapshot_dir;
}

int sbx_db_check_same_file(const struct sbx_db *db, struct sbx_diag *diag) {
        struct stat st;

        if (!db->file_known || db->snapshot_dir)
                return sbx_diag_set(diag, EINVAL, "open", db->path,
                                    "audit database %s: which file was opened is not known", db->path);
        if (stat(db->path, &st) < 0) {
                if (errno == ENOENT)
                        return sbx_diag_set(diag, ENOENT, "open", db->path,
                                            "audit database %s was moved away or removed since it was opened",
                                            db->path);
                return sbx_diag_set(diag, errno, "open", db->path, "cannot stat audit database %s: %s", db->path,
                                    strerror(errno));
        }
        if (st.st_dev != db->file_dev || st.st_ino != db->file_ino)
                return sbx_diag_set(diag, ESTALE, "open", db->path,
                                    "audit database %s was replaced by another file since it was opened", db->path);
        return 0;
}

const char *sbx_db_journal_mode(const struct sbx_db *db) {
        return db->journal;
}

int sbx_db_schema_version(struct sbx_db *db, int *ret_version, struct sbx_diag *diag) {
        return pragma_int(db, "PRAGMA user_version", ret_version, diag);
}

int sbx_db_check_schema(struct sbx_db *db, struct sbx_diag *diag) {
        sqlite3_stmt *st;
        int version, rc, r;

        /* on every run's begin (the writer's handle): the statement kept prepared */
        if ((r = sbx_db_stmt(db, SBX_DB_STMT_USER_VERSION, &st, diag)) < 0)
                return r;
        rc = sqlite3_step(st);
        if (rc != SQLITE_ROW) {
                r = sbx_db_error(db, rc, "read", diag);
                sqlite3_reset(st);
                return r;
        }
        version = sqlite3_column_int(st, 0);
        sqlite3_reset(st);
        if (version > SBX_DB_SCHEMA_VERSION)
                return sbx_diag_set(diag, EPROTONOSUPPORT, "write", db->path,
                                    "audit database %s has schema version %d, newer than this sbx supports (%d): "
                                    "use a newer sbx", db->path, version, SBX_DB_SCHEMA_VERSION);
        if (version != SBX_DB_SCHEMA_VERSION)
                return sbx_diag_set(diag, EPROTO, "write", db->path,
                                    "audit database %s has schema version %d, not %d as when it was opened", db->path,
                                    version, SBX_DB_SCHEMA_VERSION);
        return 0;
}

int sbx_db_stmt(struct sbx_db *db, enum sbx_db_stmt id, sqlite3_stmt **ret_stmt, struct sbx_diag *diag) {
        sqlite3_stmt *st;
        int rc;

        if ((unsigned) id >= _SBX_DB_STMT_MAX)
                return sbx_diag_set(diag, EINVAL, "prepare", db->path, "unknown statement %d", (int) id);
        st = db->stmts[id];
        if (!st) {
                rc = sqlite3_prepare_v3(db->h, sbx_db_stmt_sql[id], -1, SQLITE_PREPARE_PERSISTENT, &st, NULL);
                if (rc != SQLITE_OK)
                        return sbx_db_error(db, rc, "prepare", diag);
                db->stmts[id] = st;
        } else {
                sqlite3_reset(st);
                sqlite3_clear_bindings(st);
        }
        *ret_stmt = st;
        return 0;
}
