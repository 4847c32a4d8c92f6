/* The audit writer: one long-lived process per audit database that writes the rows of `sbx run`
 * over a unix socket, so that a run does not open SQLite, recover the WAL index and parse the
 * schema before its command may start (about 1 ms of every run, measured).
 *
 * Trust. The socket lives next to the database, in the directory that no confined command may
 * write (bubblewrap binds it read-only; Landlock refuses such a workspace), so a confined command
 * cannot plant a writer. It can still connect() to the socket (neither bubblewrap's read-only
 * mount nor Landlock governs connecting to a unix socket), so both ends check the process at the
 * other end before anything is exchanged:
 *   - the same uid (SO_PEERCRED) and the same user namespace (a bubblewrap sandbox has its own);
 *   - the same UTS namespace: a row names its host as its own sbx sees it, as a direct write does;
 *     and the same time namespace: its supervisor's start time as that sbx reads it;
 *   - no_new_privs unset: every confined command has it set (the Landlock launcher and the
 *     bubblewrap sealing launcher set it, and it is never cleared), so a confined command can
 *     never pass. A caller that itself runs with no_new_privs simply writes the database directly;
 *   - the check reads /proc/PID of the peer, then proves with the peer's pidfd (SO_PEERPIDFD)
 *     that the pid still names the same process: no pid-reuse race. A kernel without
 *     SO_PEERPIDFD (before 6.5) gets no writer.
 * A connection may complete only the rows it began.
 *
 * Failure. The writer is an accelerator, never a requirement: when it cannot be reached, refuses,
 * or fails a request, `sbx run` writes the database itself, with every check of the direct path
 * (no row, no run). It refuses what the direct path would: before each row it checks that the
 * database file and its directory are still writable by this user. A row the writer acknowledged is committed. The writer leaves when idle, when
 * its socket or database file is removed or replaced (once the runs it began are finished), or on SIGTERM.
 *
 * Wire format (same host, native byte order): a frame is a u32 length and that many bytes; a
 * string is a u32 length (UINT32_MAX for NULL) followed by its bytes and a NUL; an integer is an
 * i64 (a flag 0 or 1, an exit code or a signal within int's range: another value refuses the
 * request). A request is its type ('B' begin, 'F' finish, 'S' session lookup, 'D' the denial lines of a
 * running row so far), the protocol version (u32) and its fields; a reply is 'K' and an i64, 'I'
 * and a session (has_mode, mode, mode_event_id, cwd), or 'E' and a string. 'D' gets none: the
 * client sends it without waiting, while the command's stderr is copied, and drops it rather than
 * wait for room (sbx_audit_writer_send_denials()). A request of another version gets 'E' (its
 * client then writes directly). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "sbx-audit.h"
#include "sbx-euid.h"
#include "sbx-macro.h"
#include "sbx-procfs.h"
#include "writer-wire.h"

#ifndef SO_PEERPIDFD
#define SO_PEERPIDFD 77
#endif

SBX_DEFINE_CLEANUP(struct sbx_db *, sbx_db_close)

#define CLIENTS_MAX 256
#define OPEN_ROWS_MAX 8
/* a writer that does not answer within this is given up (the client writes directly) */
#define REPLY_TIMEOUT_MS 10000
/* the writer's own wait for a lock: at most about a third of that (each attempt adds a backoff of
 * up to 50 ms) */
#define WRITER_BUSY_TIMEOUT_MS 1000
#define WRITER_BUSY_RETRIES 3
/* ... and for a batch of denial lines ('D'), once */
#define BATCH_BUSY_TIMEOUT_MS 100
/* the WAL is checkpointed when no request waits (CHECKPOINT_IDLE_MS without one), never in the
 * path of a run, unless CHECKPOINT_ROWS requests came without such a pause */
#define CHECKPOINT_IDLE_MS 50
#define CHECKPOINT_ROWS 2000
/* how long a starting writer waits for another to finish replacing a stale socket (a few system
 * calls), before it goes on without the lock, as writers did before it */
#define REPLACE_LOCK_WAIT_MS 3000

/* ---- the socket's name ----------------------------------------------------------------------- */

int sbx_audit_writer_socket_path(const char *db_path, char *buf, size_t size) {
        int n;

        if (!db_path || db_path[0] != '/')
                return -EINVAL;
        n = snprintf(buf, size, "%s.writer", db_path);
        if (n < 0 || (size_t) n >= size || (size_t) n >= PATH_MAX)
                return -ENAMETOOLONG;
        return 0;
}

/* The address that names the socket file `path` to bind() or connect(): the path itself when it
 * fits sun_path (108 bytes), else "/proc/self/fd/N/NAME", N a descriptor of its directory, put
 * in *dirfd (the caller closes it once the call is made; -1 when not needed). */
static int socket_address(const char *path, struct sockaddr_un *sa, int *dirfd) {
        const char *slash = strrchr(path, '/');
        char dir[PATH_MAX];
        int n;

        memset(sa, 0, sizeof(*sa));
        sa->sun_family = AF_UNIX;
        *dirfd = -1;
        if (strlen(path) < sizeof(sa->sun_path)) {
                memcpy(sa->sun_path, path, strlen(path) + 1);
                return 0;
        }
        if (!slash || (size_t) (slash - path) >= sizeof(dir))
                return -ENAMETOOLONG;
        memcpy(dir, path, (size_t) (slash - path));
        dir[slash - path] = '\0';
        *dirfd = open(dir[0] ? dir : "/", O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (*dirfd < 0)
                return -errno;
        n = snprintf(sa->sun_path, sizeof(sa->sun_path), "/proc/self/fd/%d/%s", *dirfd, slash + 1);
        if (n < 0 || (size_t) n >= sizeof(sa->sun_path)) {
                close(*dirfd);
                *dirfd = -1;
                return -ENAMETOOLONG;
        }
        return 0;
}

/* ---- who is at the other end ---------------------------------------------------------------- */

/* Whether process pid is in this process's namespace of kind `ns` ("user", "uts", "time"). A kind
 * this kernel does not have (no /proc/self/ns/time without CONFIG_TIME_NS) holds every process. */
static bool same_namespace(int64_t pid, const char *ns) {
        static const char *const kinds[] = { "user", "uts", "time" };
        static struct stat self[SBX_ELEMENTSOF(kinds)];
        static int have_self[SBX_ELEMENTSOF(kinds)]; /* 0 unknown, 1 read, -1 none on this kernel */
        size_t i = 0;
        char path[64];
        struct stat st;

        while (i < SBX_ELEMENTSOF(kinds) - 1 && strcmp(ns, kinds[i]) != 0)
                i++;
        if (have_self[i] == 0) {
                snprintf(path, sizeof(path), "/proc/self/ns/%s", kinds[i]);
                if (stat(path, &self[i]) < 0) {
                        if (errno != ENOENT || strcmp(kinds[i], "time") != 0)
                                return false;
                        have_self[i] = -1;
                } else
                        have_self[i] = 1;
        }
        if (have_self[i] < 0)
                return true;
        snprintf(path, sizeof(path), "/proc/%" PRId64 "/ns/%s", pid, kinds[i]);
        return stat(path, &st) == 0 && st.st_dev == self[i].st_dev && st.st_ino == self[i].st_ino;
}

/* The peer's uid is ours (one getsockopt; a connection from another user is refused at once). */
static int same_uid_peer(int fd, struct ucred *ret) {
        socklen_t len = sizeof(*ret);

        if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, ret, &len) < 0)
                return -errno;
        return ret->uid == sbx_euid() && ret->pid > 0 ? 0 : -EPERM;
}

/* The peer of a connected socket, when it may take part: see the header comment. With `base`
 * (this host's name and boot id), *ret is the peer's identity. `known`: what same_uid_peer()
 * already said of fd (the kernel took the peer's credentials at connect(): they never change), or
 * NULL to ask. */
static int trusted_peer(int fd, const struct ucred *known, const struct sbx_process_identity *base,
                        struct sbx_process_identity *ret) {
        struct ucred cr;
        socklen_t len;
        _cleanup_close_ int pidfd = -1;
        int r;

        if (known)
                cr = *known;
        else if ((r = same_uid_peer(fd, &cr)) < 0)
                return r;
        len = sizeof(pidfd);
        if (getsockopt(fd, SOL_SOCKET, SO_PEERPIDFD, &pidfd, &len) < 0)
                return -errno; /* ENOPROTOOPT before Linux 6.5: no proof against pid reuse */
        r = sbx_process_no_new_privs(cr.pid);
        if (r != 0)
                return r < 0 ? r : -EPERM;
        if (!same_namespace(cr.pid, "user"))
                return -EPERM;
        /* A row names the host as its own sbx sees it (gethostname(), as a direct write records
         * it): the writer, in another UTS namespace than its client, recorded its own name, and a
         * client whose reply was lost found no row of its host to take over and added a second
         * one (review). Such a client writes directly. */
        if (!same_namespace(cr.pid, "uts"))
                return -EPERM;
        /* and its supervisor's start time as the client reads it: /proc/PID/stat's is shown in
         * the reader's time namespace, so a client in another one (a boot time offset) was
         * recorded with a start it does not see, and its own direct writes (a begin taken over,
         * an end after the writer was lost, an escalation's notes) found no row of its own */
        if (!same_namespace(cr.pid, "time"))
                return -EPERM;
        if (base) {
                *ret = *base;
                ret->pid = cr.pid;
                ret->uid = cr.uid;
                r = sbx_process_start_time(cr.pid, &ret->start_time);
                if (r < 0)
                        return r;
        }
        /* the process read above is still the peer: its pid was not reused in between */
        if (syscall(SYS_pidfd_send_signal, pidfd, 0, NULL, 0) < 0)
                return -ESRCH;
        return 0;
}

/* ---- frames (the format: writer-wire.c) --------------------------------------------------- */

static int64_t monotonic_ms(void);

/* sbx_audit_writer_abort_waits()'s test, and how often a client that waits asks it */
static bool (*wait_abort)(void);
#define WAIT_ABORT_SLICE_MS 5

void sbx_audit_writer_abort_waits(bool (*abort_wait)(void)) {
        wait_abort = abort_wait;
}

/* A client that waits looks at the writer's state once a slice (every 50 ms, or each
 * WAIT_ABORT_SLICE_MS): a writer seen stopped (SIGSTOP, a debugger's stop) for STOP_GIVE_UP_MS is
 * given up at once, as at the time limit, and the database written directly (review: each run
 * waited REPLY_TIMEOUT_MS for a stopped writer). A traced writer's brief stops at each system call
 * do not last that long. */
#define STOP_CHECK_SLICE_MS 50
#define STOP_GIVE_UP_MS 250

/* Whether the process at the other end of fd is stopped (state T or t). System calls and the
 * stack only (a vfork child asks it too). */
static bool peer_stopped(int fd) {
        struct ucred cr;
        socklen_t len = sizeof(cr);
        char state;

        if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) < 0 || cr.pid <= 0)
                return false;
        state = sbx_process_state(cr.pid);
        return state == 'T' || state == 't';
}

/* poll(2) on one descriptor (the writer's socket) for at most ms, in slices: -EINTR once
 * wait_abort() says so, 0 at the time limit or once the writer was seen stopped long enough, 1
 * when ready, -errno. The slices' checks run only when a slice passed without the descriptor
 * being ready: a prompt writer (every run's case) costs them nothing, and in the Landlock
 * launcher's vfork child they read /proc. */
static int poll_one(int fd, short events, int ms) {
        int64_t deadline = monotonic_ms() + ms, stopped_since = -1;

        for (bool waited = false;; waited = true) {
                struct pollfd pf = { .fd = fd, .events = events };
                int64_t now = monotonic_ms(), left = deadline - now;
                int slice = wait_abort ? WAIT_ABORT_SLICE_MS : STOP_CHECK_SLICE_MS;
                int pr;

                if (waited && wait_abort && wait_abort())
                        return -EINTR;
                if (left <= 0)
                        return 0;
                if (waited && peer_stopped(fd)) {
                        if (stopped_since < 0)
                                stopped_since = now;
                        else if (now - stopped_since >= STOP_GIVE_UP_MS)
                                return 0;
                } else
                        stopped_since = -1;
                pr = poll(&pf, 1, (int) (left > slice ? slice : left));
                if (pr > 0)
                        return 1;
                if (pr < 0 && errno != EINTR)
                        return -errno;
        }
}

/* A request larger than the socket buffer (a long argv) waits for the writer to read it, at most
 * REPLY_TIMEOUT_MS in all: a writer that stopped reading held a blocking send() for ever, and the
 * run with it (review). */
static int write_all(int fd, const char *p, size_t n) {
        int64_t deadline = monotonic_ms() + REPLY_TIMEOUT_MS;

        while (n > 0) {
                ssize_t w = send(fd, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
                if (w < 0 && errno == EINTR)
                        continue;
                if (w < 0 && errno == EAGAIN) {
                        int64_t left = deadline - monotonic_ms();
                        int pr = left > 0 ? poll_one(fd, POLLOUT, (int) left) : 0;
                        if (pr == -EINTR)
                                return pr;
                        if (pr <= 0)
                                return -ETIMEDOUT;
                        continue;
                }
                if (w <= 0)
                        return w < 0 ? -errno : -EPIPE;
                p += w;
                n -= (size_t) w;
        }
        return 0;
}

static int frame_send(int fd, struct sbx_wbuf *b) {
        uint32_t n;

        if (b->oom)
                return -ENOMEM;
        if (b->len - sizeof(uint32_t) > SBX_WIRE_FRAME_MAX)
                return -EMSGSIZE;
        n = (uint32_t) (b->len - sizeof(uint32_t));
        memcpy(b->data, &n, sizeof(n));
        return write_all(fd, b->data, b->len);
}

/* The database file as the writer opened it, for its header; open until the writer's connection
 * is closed. Never closed and reopened in between: closing any descriptor of a file drops every
 * POSIX lock the process holds on it, SQLite's among them, and another connection closing then
 * took itself for the last one and deleted the log the writer was writing (sanitizer run). */
static int db_head_fd = -1;
static bool db_header_seen, db_lost;

/* Whether the database file begins with SQLite's header now; db_header_seen is set once it has:
 * 1 it does, 0 it does not, -1 it cannot be read. SQLite never takes the header away again (a
 * log's checkpoint writes pages, a vacuum shrinks the file to page 1 at most), but a database
 * created in WAL mode may have none until its first checkpoint. */
static int header_state(void) {
        static const char magic[16] = "SQLite format 3";
        char head[sizeof(magic)];

        if (db_head_fd < 0)
                return -1;
        if (pread(db_head_fd, head, sizeof(head), 0) != (ssize_t) sizeof(head) ||
            memcmp(head, magic, sizeof(magic)) != 0)
                return 0;
        db_header_seen = true;
        return 1;
}

/* Whether the database file lost the header it had: truncated (`: > audit.db`) or overwritten at
 * its start while the writer kept it open. The writer's cached pages let it go on committing rows
 * to its log, which no reader could see: runs were released and `sbx audit` said the database was
 * empty (review). Such a file is no longer the record the writer opened. Sticky: a header written
 * since (by a direct write that took the empty file for a new database) does not make the writer's
 * connection, its cache and its log, the record's again. */
static bool header_lost(void) {
        bool was_seen = db_header_seen;

        if (!db_lost && header_state() == 0 && was_seen)
                db_lost = true;
        return db_lost;
}

/* The direct path opens the database for writing and needs its directory for the journal: a
 * file or directory made read-only since the writer opened them refuses the run there, so here.
 * And the file at the path must still be the one the writer has open (not moved away, replaced),
 * with the header it had (not truncated or overwritten). */
static int still_writable(const char *db_path, const struct stat *want, struct sbx_diag *diag) {
        char dir[PATH_MAX];
        const char *slash = strrchr(db_path, '/');
        struct stat st;

        if (stat(db_path, &st) < 0 || st.st_dev != want->st_dev || st.st_ino != want->st_ino)
                return sbx_diag_set(diag, ESTALE, "audit writer", db_path,
                                    "audit database %s was removed or replaced since the writer opened it", db_path);
        if (header_lost())
                return sbx_diag_set(diag, ESTALE, "audit writer", db_path,
                                    "audit database %s was truncated or overwritten since the writer opened it",
                                    db_path);
        /* nor given a second name, or to someone else, since (as the direct path checks) */
        if (sbx_db_check_private_file(db_path, &st, diag) < 0)
                return -EPERM;

        if (!slash || (size_t) (slash - db_path) >= sizeof(dir))
                return sbx_diag_set(diag, EINVAL, "audit writer", db_path, "bad database path %s", db_path);
        memcpy(dir, db_path, (size_t) (slash - db_path));
        dir[slash == db_path ? 1 : slash - db_path] = '\0';
        if (slash == db_path)
                dir[0] = '/';
        if (faccessat(AT_FDCWD, db_path, W_OK, AT_EACCESS) < 0 || faccessat(AT_FDCWD, dir, W_OK, AT_EACCESS) < 0)
                return sbx_diag_set(diag, errno, "audit writer", db_path,
                                    "audit database %s or its directory is no longer writable: %s", db_path,
                                    strerror(errno));
        return 0;
}

/* Whether the client is still there: one that gave up waiting (REPLY_TIMEOUT_MS) closed its end
 * and wrote the row itself, and a row added now would be a second one nobody finishes (review:
 * requests queued behind a lock did so). */
static bool client_waits(void *userdata) {
        struct pollfd p = { .fd = *(const int *) userdata, .events = POLLRDHUP };

        return poll(&p, 1, 0) == 0;
}

/* 'B': the row is inserted for the peer (its pid, start time and uid are the supervisor's). */
static int serve_begin(struct sbx_db *db, const struct stat *db_st, struct sbx_rbuf *r,
                       const struct sbx_process_identity *peer, int fd, int64_t *ret_id, struct sbx_diag *diag) {
        struct sbx_wire_start w;
        int rc = sbx_wire_decode_start(r, &w);

        if (rc < 0)
                sbx_wire_start_free(&w); /* argv may have been allocated before the frame went bad */
        if (rc == -ENOMEM)
                return rc;
        if (rc < 0)
                return sbx_diag_set(diag, EBADMSG, "audit writer", sbx_db_path(db), "malformed begin request");
        w.s.supervisor = peer;
        w.s.still_wanted = client_waits;
        w.s.still_wanted_userdata = &fd;
        rc = still_writable(sbx_db_path(db), db_st, diag);
        if (rc >= 0)
                rc = sbx_audit_begin(db, &w.s, ret_id, diag);
        sbx_wire_start_free(&w);
        return rc;
}

/* 'F': completes a row this connection began. */
static int serve_finish(struct sbx_db *db, struct sbx_rbuf *r, const struct sbx_process_identity *peer,
                        int64_t *open_rows, int64_t *ret_id, struct sbx_diag *diag) {
        _cleanup_free_ struct sbx_classify_result *res = NULL;
        struct sbx_execution_end e;
        size_t slot = OPEN_ROWS_MAX;
        int64_t id;
        int rc;

        rc = sbx_wire_decode_end(r, &id, &e, &res);
        if (rc == -ENOMEM)
                return rc;
        if (rc < 0)
                return sbx_diag_set(diag, EBADMSG, "audit writer", sbx_db_path(db), "malformed finish request");
        for (size_t i = 0; i < OPEN_ROWS_MAX; i++)
                if (id > 0 && open_rows[i] == id)
                        slot = i;
        if (slot == OPEN_ROWS_MAX)
                return sbx_diag_set(diag, EPERM, "audit writer", sbx_db_path(db),
                                    "execution %" PRId64 " was not begun on this connection", id);
        e.supervisor = peer; /* the row's, as serve_begin() recorded it */
        rc = sbx_audit_finish(db, id, &e, diag);
        if (rc >= 0) {
                open_rows[slot] = 0;
                *ret_id = id;
        }
        return rc;
}

/* 'D': the denial lines of a row this connection began, kept so far while it runs. Unanswered:
 * the client sends it without waiting, and a batch that fails (a lock held too long, a full disk)
 * is only a batch, which the end's full list replaces. -EPERM for a row not begun here (the
 * connection is then dropped, as for any request it may not make), -EBADMSG, -ENOMEM. */
static int serve_denials(struct sbx_db *db, struct sbx_rbuf *r, const struct sbx_process_identity *peer,
                         const int64_t *open_rows) {
        _cleanup_free_ struct sbx_denial *lines = NULL;
        struct sbx_execution_denials d;
        struct sbx_diag diag = { 0 };
        bool ours = false;
        int64_t id;
        int rc;

        rc = sbx_wire_decode_denials(r, &id, &d, &lines);
        if (rc < 0)
                return rc;
        for (size_t i = 0; i < OPEN_ROWS_MAX; i++)
                ours = ours || open_rows[i] == id;
        if (!ours)
                return -EPERM;
        d.supervisor = peer; /* the row's, as serve_begin() recorded it */
        /* a batch waits for a lock only briefly: the runs' begin and end requests queue behind
         * it, and a batch lost is only a batch */
        sbx_db_set_busy_wait(db, BATCH_BUSY_TIMEOUT_MS, 1);
        (void) sbx_audit_note_denials(db, id, &d, &diag);
        sbx_db_set_busy_wait(db, WRITER_BUSY_TIMEOUT_MS, WRITER_BUSY_RETRIES);
        return 0;
}

/* ---- the server ------------------------------------------------------------------------------ */

struct client {
        int fd;
        const struct stat *db_st; /* the database file the writer serves */
        struct sbx_process_identity peer;
        int64_t open_rows[OPEN_ROWS_MAX];
        char *buf;
        size_t len, cap;
};

static void client_drop(struct client *c) {
        if (c->fd >= 0)
                close(c->fd);
        free(c->buf);
        memset(c, 0, sizeof(*c));
        c->fd = -1;
}

/* Sends a reply frame and frees it. Never blocks: a client that does not read its replies is
 * dropped, not waited for. */
static int reply_frame(int fd, struct sbx_wbuf *b) {
        uint32_t n;
        ssize_t w;

        if (b->oom) {
                free(b->data);
                return -ENOMEM;
        }
        n = (uint32_t) (b->len - sizeof(n));
        memcpy(b->data, &n, sizeof(n));
        do
                w = send(fd, b->data, b->len, MSG_NOSIGNAL | MSG_DONTWAIT);
        while (w < 0 && errno == EINTR);
        free(b->data);
        return w == (ssize_t) (sizeof(n) + n) ? 0 : -EIO;
}

static int reply(int fd, int64_t id, int err, const char *msg) {
        struct sbx_wbuf b = { 0 };

        if (err) {
                sbx_wire_frame_start(&b, 'E');
                sbx_wire_put_str(&b, msg && *msg ? msg : strerror(err));
        } else {
                sbx_wire_frame_start(&b, 'K');
                sbx_wire_put_i64(&b, id);
        }
        return reply_frame(fd, &b);
}

/* 'S': what policy resolution needs of a session. 1 when the reply was sent, < 0 on errors. */
static int serve_session(struct sbx_db *db, struct sbx_rbuf *r, int fd, struct sbx_diag *diag) {
        struct sbx_session_info info = { 0 };
        const char *sid = sbx_wire_get_str(r);
        struct sbx_wbuf b = { 0 };
        int rc;

        if (r->bad || r->left != 0 || !sid)
                return sbx_diag_set(diag, EBADMSG, "audit writer", sbx_db_path(db), "malformed session request");
        /* a database a newer sbx upgraded is not read for a run either (sbx_audit_begin()) */
        rc = sbx_db_check_schema(db, diag);
        if (rc >= 0)
                rc = sbx_audit_session_get(db, sid, &info, diag);
        if (rc < 0)
                return rc;
        sbx_wire_frame_start(&b, 'I');
        sbx_wire_put_i64(&b, info.has_mode);
        sbx_wire_put_i64(&b, info.mode);
        sbx_wire_put_i64(&b, info.mode_event_id);
        sbx_wire_put_str(&b, info.cwd);
        free(info.cwd);
        return reply_frame(fd, &b) == 0 ? 1 : -EIO;
}

/* Set when a newer sbx upgraded the database: the writer takes no new client, finishes the runs it
 * began, and leaves, so that the next run writes directly (refused by an older sbx, served by a
 * writer of its own for a newer one). */
static bool schema_changed;

/* Handles every complete frame in c->buf. Returns false when the client must be dropped. */
static bool client_process(struct sbx_db *db, struct client *c) {
        size_t off = 0;
        bool ok = true;

        while (ok && c->len - off >= sizeof(uint32_t)) {
                uint32_t n;
                struct sbx_rbuf r;
                struct sbx_diag diag = { 0 };
                int64_t id = 0;
                int rc;

                memcpy(&n, c->buf + off, sizeof(n));
                if (n == 0 || n > SBX_WIRE_FRAME_MAX)
                        return false;
                if (c->len - off - sizeof(n) < n)
                        break;
                r = (struct sbx_rbuf) { .p = c->buf + off + sizeof(n) + 1, .left = n - 1 };
                {
                        uint32_t version = 0;
                        if (r.left >= sizeof(version))
                                memcpy(&version, r.p, sizeof(version));
                        if (version != SBX_WIRE_PROTOCOL_VERSION) {
                                ok = reply(c->fd, 0, EPROTO, "unsupported audit writer protocol version") == 0;
                                off += sizeof(n) + n;
                                continue;
                        }
                        r.p += sizeof(version);
                        r.left -= sizeof(version);
                }
                switch (c->buf[off + sizeof(n)]) {
                case 'B': {
                        size_t slot = OPEN_ROWS_MAX;
                        for (size_t i = 0; i < OPEN_ROWS_MAX; i++)
                                if (c->open_rows[i] == 0)
                                        slot = i;
                        if (slot == OPEN_ROWS_MAX)
                                rc = sbx_diag_set(&diag, EMFILE, "audit writer", sbx_db_path(db),
                                                  "too many open executions on one connection");
                        else
                                rc = serve_begin(db, c->db_st, &r, &c->peer, c->fd, &id, &diag);
                        if (rc >= 0)
                                c->open_rows[slot] = id;
                        break;
                }
                case 'F':
                        rc = serve_finish(db, &r, &c->peer, c->open_rows, &id, &diag);
                        break;
                case 'D':
                        /* no reply; a request this connection may not make ends it */
                        if (serve_denials(db, &r, &c->peer, c->open_rows) < 0)
                                return false;
                        off += sizeof(n) + n;
                        continue;
                case 'S':
                        rc = serve_session(db, &r, c->fd, &diag);
                        if (rc == 1) { /* answered */
                                off += sizeof(n) + n;
                                continue;
                        }
                        if (rc == -EIO)
                                return false;
                        break;
                default:
                        return false;
                }
                if (rc == -EPROTONOSUPPORT || rc == -EPROTO)
                        schema_changed = true;
                ok = reply(c->fd, id, rc < 0 ? -rc : 0, diag.msg) == 0;
                off += sizeof(n) + n;
        }
        memmove(c->buf, c->buf + off, c->len - off);
        c->len -= off;
        return ok;
}

/* Whether a connection has begun a row it has not completed. */
static bool rows_open(const struct client *clients) {
        for (size_t i = 0; i < CLIENTS_MAX; i++)
                for (size_t j = 0; clients[i].fd >= 0 && j < OPEN_ROWS_MAX; j++)
                        if (clients[i].open_rows[j] != 0)
                                return true;
        return false;
}

static bool client_read(struct sbx_db *db, struct client *c) {
        ssize_t n;

        if (c->cap - c->len < 65536) {
                size_t limit = SBX_WIRE_FRAME_MAX + 65536 + sizeof(uint32_t), cap = c->cap ? c->cap * 2 : 65536;
                char *b;
                if (cap > limit)
                        cap = limit;
                if (cap <= c->len + 1)
                        return false; /* more than one frame's worth unprocessed */
                b = realloc(c->buf, cap);
                if (!b)
                        return false;
                c->buf = b;
                c->cap = cap;
        }
        n = recv(c->fd, c->buf + c->len, c->cap - c->len, MSG_DONTWAIT);
        if (n < 0)
                return errno == EINTR || errno == EAGAIN;
        if (n == 0)
                return false;
        c->len += (size_t) n;
        return client_process(db, c);
}

static bool same_file(const char *path, const struct stat *want, bool socket) {
        struct stat st;

        return lstat(path, &st) == 0 && st.st_dev == want->st_dev && st.st_ino == want->st_ino &&
               (socket ? S_ISSOCK(st.st_mode) : S_ISREG(st.st_mode));
}

static volatile sig_atomic_t stop_requested;

static void request_stop(int sig) {
        (void) sig;
        stop_requested = 1;
}

static int64_t monotonic_ms(void) {
        struct timespec ts;

        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The temporary names a starting writer binds its socket to before it listens: "<socket>.new-"
 * and six random letters or digits. */
#define TEMP_INFIX ".new-"

/* bind() (umask 0077) or connect() the unix socket fd to the socket file `name` in the directory
 * dfd: 0 or -errno. By its name relative to that directory, the writer's working directory moved
 * there for the call: the temporary name is 11 bytes longer than the socket's, and beside a
 * socket name that fitted sun_path only as "/proc/self/fd/N/NAME" (socket_address()) it did not
 * fit at all, and the database got no writer any more. The writer's own working directory is "/"
 * (cmd-audit-writer.c), to which it returns. */
static int unix_in_dir(int fd, int dfd, const char *name, bool do_bind) {
        struct sockaddr_un sa = { .sun_family = AF_UNIX };
        _cleanup_close_ int cwd = -1;
        mode_t old;
        int r;

        if (strlen(name) >= sizeof(sa.sun_path))
                return -ENAMETOOLONG;
        memcpy(sa.sun_path, name, strlen(name) + 1);
        cwd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (cwd < 0)
                return -errno;
        if (fchdir(dfd) < 0)
                return -errno;
        if (do_bind) {
                old = umask(0077);
                r = bind(fd, (const struct sockaddr *) &sa, sizeof(sa)) < 0 ? -errno : 0;
                umask(old);
        } else
                r = connect(fd, (const struct sockaddr *) &sa, sizeof(sa)) < 0 ? -errno : 0;
        if (fchdir(cwd) < 0)
                (void) chdir("/");
        return r;
}

/* Removes the temporary socket files of writers killed before they renamed theirs (between
 * bind() and rename()): a socket file of ours under a temporary name that nobody listens on, in
 * the directory dfd, of the socket named base. A writer between its own bind() and listen() is
 * refused too and loses its name: its rename() then fails with ENOENT and it binds again
 * (bind_socket()). */
static void sweep_temp_sockets(int dfd, const char *base) {
        char prefix[NAME_MAX + 1];
        int rfd;
        struct dirent *de;
        DIR *d;

        if (strlen(base) + strlen(TEMP_INFIX) >= sizeof(prefix))
                return;
        snprintf(prefix, sizeof(prefix), "%s" TEMP_INFIX, base);
        rfd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (rfd < 0)
                return;
        d = fdopendir(rfd);
        if (!d) {
                close(rfd);
                return;
        }
        while ((de = readdir(d))) {
                _cleanup_close_ int probe = -1;
                struct stat st;

                if (strncmp(de->d_name, prefix, strlen(prefix)) != 0)
                        continue;
                if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISSOCK(st.st_mode) ||
                    st.st_uid != sbx_euid())
                        continue;
                probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
                if (probe < 0 || unix_in_dir(probe, dfd, de->d_name, false) != -ECONNREFUSED)
                        continue;
                (void) unlinkat(dfd, de->d_name, 0);
        }
        closedir(d);
}

/* Moves the socket file `tmp` to `base` in the directory dfd unless a file has that name: 0 or
 * -errno (-EEXIST). A file system without RENAME_NOREPLACE gets a hard link and the temporary
 * name removed. */
static int install_socket(int dfd, const char *tmp, const char *base) {
        if (renameat2(dfd, tmp, dfd, base, RENAME_NOREPLACE) == 0)
                return 0;
        if (errno != EINVAL)
                return -errno;
        if (linkat(dfd, tmp, dfd, base, 0) < 0)
                return -errno;
        (void) unlinkat(dfd, tmp, 0);
        return 0;
}

/* The lock under which a writer decides that the socket is stale and puts its own in its place:
 * a flock on the database's reserve (db.c), a file sbx keeps beside it anyway (so `sbx audit` and
 * the --verdict-json check know it already). Unlocked, two writers that found the same stale
 * socket could both see it refuse them; the first replaced it, and the second then removed the
 * first's new socket, which served the clients it had until its idle check (1 s) saw it gone.
 * Released when the descriptor is closed; -1 when no lock is to be had (a file system without
 * flock, another user's or a stranger's file there, a holder that does not let go): unlocked. */
static int lock_replacing(const char *db_path) {
        _cleanup_close_ int fd = -1;
        _cleanup_free_ char *name = NULL;
        struct stat st;

        if (asprintf(&name, "%s%s", db_path, SBX_DB_RESERVE_SUFFIX) < 0)
                return -1;
        fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK, 0600);
        if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != sbx_euid())
                return -1;
        for (int64_t deadline = monotonic_ms() + REPLACE_LOCK_WAIT_MS;;) {
                if (flock(fd, LOCK_EX | LOCK_NB) == 0)
                        return sbx_steal_fd(&fd);
                if (errno != EWOULDBLOCK || monotonic_ms() >= deadline)
                        return -1;
                (void) poll(NULL, 0, 10);
        }
}

/* Binds the socket at `path` and listens on it, its stat in *ret_st; 0, -EEXIST when a live
 * writer already serves it, or -errno. The file gets its name only once the socket listens: it
 * is bound under a temporary name in the same directory, then renamed, so a client that sees
 * the name is never refused (it would write the database itself). */
static int bind_socket(const char *db_path, const char *path, int *ret_fd, struct stat *ret_st) {
        static const char chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : NULL;
        _cleanup_close_ int fd = -1, dfd = -1, lk = -1;
        bool locked = false;
        char dir[PATH_MAX], tmp[NAME_MAX + 1];
        struct sockaddr_un sa;
        bool replaced = false;
        int r;

        if (!slash) /* the socket's path is the database's, made absolute (cmd-audit-writer.c) */
                return -EINVAL;
        if ((size_t) (slash - path) >= sizeof(dir))
                return -ENAMETOOLONG;
        memcpy(dir, path, (size_t) (slash - path));
        dir[slash - path] = '\0';
        dfd = open(dir[0] ? dir : "/", O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (dfd < 0)
                return -errno;
        sweep_temp_sockets(dfd, base);
        for (int attempt = 0;; attempt++) {
                _cleanup_close_ int dirfd = -1;
                unsigned char rnd[6];
                char tail[sizeof(rnd) + 1];
                struct stat st;

                if (attempt == 100)
                        return -EADDRINUSE;
                if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t) sizeof(rnd))
                        return -EAGAIN;
                for (size_t i = 0; i < sizeof(rnd); i++)
                        tail[i] = chars[rnd[i] % (sizeof(chars) - 1)];
                tail[sizeof(rnd)] = '\0';
                r = snprintf(tmp, sizeof(tmp), "%s" TEMP_INFIX "%s", base, tail);
                if (r < 0 || (size_t) r >= sizeof(tmp))
                        return -ENAMETOOLONG;
                close(sbx_steal_fd(&fd));
                fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
                if (fd < 0)
                        return -errno;
                r = unix_in_dir(fd, dfd, tmp, true);
                if (r == -EADDRINUSE)
                        continue; /* that name is taken: another */
                if (r < 0)
                        return r;
                if (listen(fd, 128) < 0) {
                        r = -errno;
                        (void) unlinkat(dfd, tmp, 0);
                        return r;
                }
                r = fstatat(dfd, tmp, ret_st, AT_SYMLINK_NOFOLLOW) < 0 ? -errno : install_socket(dfd, tmp, base);
                if (r == 0)
                        break;
                if (r == -ENOENT)
                        continue; /* swept by a writer starting beside (sweep_temp_sockets()) */
                (void) unlinkat(dfd, tmp, 0);
                if (r != -EEXIST)
                        return r;
                /* a live writer answers; a stale socket (a writer that died) is replaced, and only
                 * a socket of ours. From the check until our socket has the name, under the lock
                 * (lock_replacing()): a writer waiting for it then finds ours, which answers. One
                 * without it only ever takes a free name (RENAME_NOREPLACE), which we then find
                 * taken, and answering. */
                if (!locked) {
                        lk = lock_replacing(db_path);
                        locked = true;
                }
                r = socket_address(path, &sa, &dirfd);
                if (r < 0)
                        return r;
                {
                        _cleanup_close_ int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
                        if (probe >= 0 && connect(probe, (const struct sockaddr *) &sa, sizeof(sa)) == 0)
                                return -EEXIST;
                }
                if (replaced || lstat(path, &st) < 0 || !S_ISSOCK(st.st_mode) || st.st_uid != sbx_euid())
                        return -EADDRINUSE;
                (void) unlink(path);
                replaced = true;
        }
        *ret_fd = sbx_steal_fd(&fd);
        return 0;
}

/* The database file, held open so that header_lost() can read its header: -1 when the file at
 * db_path is no longer db_st's. */
static int open_head(const char *db_path, const struct stat *db_st) {
        int fd = open(db_path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
        struct stat st;

        if (fd >= 0 && (fstat(fd, &st) < 0 || st.st_dev != db_st->st_dev || st.st_ino != db_st->st_ino)) {
                close(fd);
                return -1;
        }
        return fd;
}

/* The writer's signals and scheduling. */
static void writer_process_setup(void) {
        struct sigaction sig = { .sa_handler = request_stop };
        struct sched_param sp = { 0 };

        sigemptyset(&sig.sa_mask);
        /* no wake-up preemption: a client's connect or request does not interrupt that client,
         * whose next step is to set its sandbox up (the writer runs beside it, or when it waits) */
        (void) sched_setscheduler(0, SCHED_BATCH, &sp);
        sigaction(SIGTERM, &sig, NULL);
        sigaction(SIGINT, &sig, NULL);
        signal(SIGPIPE, SIG_IGN);
        signal(SIGXFSZ, SIG_IGN); /* a write past RLIMIT_FSIZE fails (an error reply), never kills */
}

/* A client at the listening socket, taken when a slot is free and it is sbx of this user outside
 * any sandbox (trusted_peer()); else left to write the database itself. 1 when it was taken. */
static size_t accept_client(int lfd, struct client *clients, struct sbx_process_identity *self,
                            const struct stat *db_st) {
        int cfd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
        struct sbx_process_identity peer;
        char host[sizeof(self->host)] = "";
        size_t slot = CLIENTS_MAX;

        if (cfd < 0)
                return 0;
        /* the host name as it is now, as a direct write would record it: after a rename the
         * writer's rows named the old host, and a killed run of theirs never read 'interrupted'
         * (review) */
        if (gethostname(host, sizeof(host) - 1) == 0)
                memcpy(self->host, host, sizeof(self->host));
        for (size_t i = 0; i < CLIENTS_MAX && slot == CLIENTS_MAX; i++)
                if (clients[i].fd < 0)
                        slot = i;
        if (schema_changed || slot == CLIENTS_MAX || trusted_peer(cfd, NULL, self, &peer) < 0) {
                close(cfd); /* the client writes the database itself */
                return 0;
        }
        clients[slot].fd = cfd;
        clients[slot].db_st = db_st;
        clients[slot].peer = peer;
        return 1;
}

/* Leaving, the log is emptied: a passive checkpoint leaves every frame since the log last restarted
 * valid, and each connection that comes after the last one closed (every `sbx audit`) rebuilt the
 * WAL index from all of them: a burst of 2,000 runs left 11 MB, and 20 ms of each query instead of
 * 4.6, until something wrote again (scale review). Without waiting: a truncating checkpoint holds
 * the write lock while it waits for the readers of an older snapshot (a long `sbx audit export`),
 * and runs would wait behind it; then the log is checkpointed as far as it can be, as before. */
static void writer_leave(struct sbx_db *db) {
        (void) sqlite3_busy_timeout(sbx_db_handle(db), 0);
        /* a file that lost its header is left as it is: the writer's log, checkpointed (here or as
         * SQLite closes the connection, which then deletes the log by its name), would land in a
         * file that is no longer the database, or one a direct write has made anew */
        if (db_lost)
                (void) sqlite3_db_config(sbx_db_handle(db), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
        else
                (void) sqlite3_wal_checkpoint_v2(sbx_db_handle(db), NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
}

int sbx_audit_writer_serve(const char *db_path, int idle_ms, struct sbx_diag *diag) {
        /* declared first, closed last: after the connection (db_head_fd) */
        _cleanup_close_ int head_fd = -1;
        _sbx_cleanup_(sbx_db_closep) struct sbx_db *db = NULL;
        _cleanup_close_ int lfd = -1;
        struct client *clients = NULL;
        char sock_path[PATH_MAX];
        struct stat db_st, sock_st;
        struct sbx_process_identity self;
        int64_t last_active;
        size_t n_clients = 0, unsynced = 0;
        int r;

        if (sbx_audit_writer_socket_path(db_path, sock_path, sizeof(sock_path)) < 0)
                return sbx_diag_set(diag, EINVAL, "audit writer", db_path ? db_path : "",
                                    "no socket for %s: the path must be absolute and shorter than PATH_MAX",
                                    db_path ? db_path : "(none)");
        if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1)
                return sbx_diag_set(diag, EPERM, "audit writer", db_path,
                                    "no_new_privs is set: no client could be told from a confined command");
        r = sbx_process_identity_self(&self);
        if (r < 0)
                return sbx_diag_set(diag, -r, "audit writer", db_path, "cannot read the host name: %s", strerror(-r));
        r = sbx_db_open(db_path, &db, diag);
        if (r < 0)
                return r;
        (void) sqlite3_wal_autocheckpoint(sbx_db_handle(db), 0);
        /* A client waits REPLY_TIMEOUT_MS for its reply, then writes the row itself. The writer
         * gives up on a locked database well before: had it gone on waiting, it would have
         * committed, after the client's own row, a second row nobody finishes (review). */
        sbx_db_set_busy_wait(db, WRITER_BUSY_TIMEOUT_MS, WRITER_BUSY_RETRIES);
        if (stat(db_path, &db_st) < 0)
                return sbx_diag_set(diag, errno, "audit writer", db_path, "cannot stat %s: %s", db_path, strerror(errno));
        db_header_seen = db_lost = false;
        db_head_fd = head_fd = open_head(db_path, &db_st);
        (void) header_state();
        r = bind_socket(db_path, sock_path, &lfd, &sock_st);
        if (r == -EEXIST)
                return 0; /* another writer serves this database */
        if (r < 0)
                return sbx_diag_set(diag, -r, "audit writer", sock_path, "cannot listen on %s: %s", sock_path,
                                    strerror(-r));
        clients = calloc(CLIENTS_MAX, sizeof(*clients));
        if (!clients)
                return -ENOMEM;
        for (size_t i = 0; i < CLIENTS_MAX; i++)
                clients[i].fd = -1;
        writer_process_setup();

        last_active = monotonic_ms();
        while (!stop_requested && !(schema_changed && n_clients == 0) && !db_lost) {
                struct pollfd p[CLIENTS_MAX + 1];
                size_t map[CLIENTS_MAX + 1];
                nfds_t n = 0;

                p[n++] = (struct pollfd) { .fd = lfd, .events = POLLIN };
                for (size_t i = 0; i < CLIENTS_MAX; i++)
                        if (clients[i].fd >= 0) {
                                map[n] = i;
                                p[n++] = (struct pollfd) { .fd = clients[i].fd, .events = POLLIN };
                        }
                r = poll(p, n, unsynced ? CHECKPOINT_IDLE_MS : 1000);
                if (r < 0 && errno != EINTR)
                        break;
                /* removed or replaced (the directory was deleted, another writer took over): the
                 * rows would land where nobody looks. Checked when idle; a row is never written to
                 * a replaced database anyway (still_writable()). The runs it began are finished
                 * first, in the file they began in: dropped, each wrote its end directly to the
                 * database then at the path (one rotated: moved away, made anew), where its row is
                 * not (review). No new client is taken meanwhile. */
                if (r == 0 && lfd >= 0 &&
                    (!same_file(sock_path, &sock_st, true) || !same_file(db_path, &db_st, false))) {
                        if (same_file(sock_path, &sock_st, true))
                                (void) unlink(sock_path);
                        close(sbx_steal_fd(&lfd)); /* a client still in the backlog writes directly */
                }
                if (lfd < 0 && !rows_open(clients))
                        break;
                if (r == 0 && header_lost())
                        break;
                if (r == 0 && unsynced) {
                        (void) sqlite3_wal_checkpoint_v2(sbx_db_handle(db), NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
                        unsynced = 0;
                }
                if (r <= 0) {
                        if (n_clients == 0 && monotonic_ms() - last_active >= idle_ms)
                                break;
                        continue;
                }
                last_active = monotonic_ms();
                if (++unsynced > CHECKPOINT_ROWS) {
                        (void) sqlite3_wal_checkpoint_v2(sbx_db_handle(db), NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
                        unsynced = 1;
                }
                for (nfds_t k = 1; k < n; k++) {
                        struct client *c = &clients[map[k]];
                        if (p[k].revents && !client_read(db, c)) {
                                client_drop(c);
                                n_clients--;
                        }
                }
                if (p[0].revents & POLLIN)
                        n_clients += accept_client(lfd, clients, &self, &db_st);
        }
        for (size_t i = 0; i < CLIENTS_MAX; i++)
                if (clients[i].fd >= 0)
                        client_drop(&clients[i]);
        free(clients);
        if (same_file(sock_path, &sock_st, true))
                (void) unlink(sock_path);
        close(sbx_steal_fd(&lfd)); /* a client still in the backlog writes directly */
        writer_leave(db);
        return 0;
}

/* ---- the client ------------------------------------------------------------------------------ */

struct sbx_audit_writer {
        int fd;
        struct ucred peer; /* what same_uid_peer() said of it at connect() */
        bool verified; /* the writer passed trusted_peer() */
        struct sbx_wbuf b;
        /* a batch of denial lines ('D') of which only a part went: the rest goes before anything
         * else (a frame cut in two would garble every request after it) */
        struct sbx_wbuf d;
        size_t d_sent;
};

/* Sends what is left of a batch of denial lines ('D'): at once (0 when nothing is left, -EAGAIN
 * when the writer has not taken it all), or, when wait, as a request is (write_all()). */
static int denials_rest(struct sbx_audit_writer *w, bool wait) {
        size_t left = w->d.len - w->d_sent;

        if (left == 0)
                return 0;
        if (wait) {
                int r = write_all(w->fd, w->d.data + w->d_sent, left);
                if (r >= 0)
                        w->d_sent = w->d.len;
                return r;
        }
        for (;;) {
                ssize_t n = send(w->fd, w->d.data + w->d_sent, left, MSG_NOSIGNAL | MSG_DONTWAIT);
                if (n < 0 && errno == EINTR)
                        continue;
                if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                        return -EAGAIN;
                if (n <= 0)
                        return n < 0 ? -errno : -EPIPE;
                w->d_sent += (size_t) n;
                left -= (size_t) n;
                if (left == 0)
                        return 0;
        }
}

/* A request, after what is left of a batch of denial lines. */
static int request_send(struct sbx_audit_writer *w) {
        int r = denials_rest(w, true);

        return r < 0 ? r : frame_send(w->fd, &w->b);
}

int sbx_audit_writer_send_denials(struct sbx_audit_writer *w, int64_t id, const struct sbx_execution_denials *d) {
        uint32_t n;
        int r;

        /* the writer has not taken the last batch whole yet: this one waits (its lines go with
         * the next, or the end) */
        r = denials_rest(w, false);
        if (r < 0)
                return r;
        sbx_wire_frame_start(&w->d, 'D');
        sbx_wire_encode_denials(&w->d, id, d);
        w->d_sent = 0;
        if (w->d.oom || w->d.len - sizeof(n) > SBX_WIRE_FRAME_MAX) {
                w->d.len = 0;
                return -ENOMEM;
        }
        n = (uint32_t) (w->d.len - sizeof(n));
        memcpy(w->d.data, &n, sizeof(n));
        r = denials_rest(w, false);
        /* nothing of it went: dropped, no rest kept (its lines go with the next batch) */
        if (r == -EAGAIN && w->d_sent == 0)
                w->d.len = 0;
        return r;
}

int sbx_audit_writer_connect(const char *db_path, struct sbx_audit_writer **ret) {
        _cleanup_close_ int fd = -1;
        struct sbx_audit_writer *w;
        struct sockaddr_un sa = { .sun_family = AF_UNIX };
        const struct timeval connect_timeout = { .tv_sec = REPLY_TIMEOUT_MS / 1000,
                                                 .tv_usec = REPLY_TIMEOUT_MS % 1000 * 1000 };
        char sock_path[PATH_MAX];
        struct ucred cr;
        int r;

        _cleanup_close_ int node = -1;
        struct stat st;

        r = sbx_audit_writer_socket_path(db_path, sock_path, sizeof(sock_path));
        if (r < 0)
                return r;
        /* Only in the directory the direct path would write: reached through another user's
         * directory or symlink, the name could lead to a writer of another database of ours (or
         * the rows be moved away after), where the direct path refuses the run (review). */
        r = sbx_db_check_private_dir(db_path, NULL);
        if (r < 0)
                return r;
        /* The socket file itself, never a symlink planted in a shared directory (another user's
         * link to a writer of another database of ours would send the rows there): opened without
         * following, checked, and connected to through its descriptor's /proc name. */
        node = open(sock_path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
        if (node < 0)
                return -errno;
        if (fstat(node, &st) < 0)
                return -errno;
        if (!S_ISSOCK(st.st_mode) || st.st_uid != sbx_euid())
                return -EPERM;
        snprintf(sa.sun_path, sizeof(sa.sun_path), "/proc/self/fd/%d", node);
        fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
                return -errno;
        /* A writer that stopped accepting (stopped, wedged) with its backlog full would hold a
         * blocking connect() for ever, and the run with it: it is waited for as long as for a
         * reply, then the database is written directly (-EAGAIN) (review). Requests are sent
         * without blocking (write_all()). */
        if (setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &connect_timeout, sizeof(connect_timeout)) < 0)
                return -errno;
        if (connect(fd, (const struct sockaddr *) &sa, sizeof(sa)) < 0)
                return -errno;
        /* nothing goes to another user's socket (a database in a shared directory); the rest of
         * the checks come before any reply is believed (writer_verify()) */
        r = same_uid_peer(fd, &cr);
        if (r < 0)
                return r;
        w = calloc(1, sizeof(*w));
        if (!w)
                return -ENOMEM;
        w->fd = sbx_steal_fd(&fd);
        w->peer = cr;
        *ret = w;
        return 0;
}

void sbx_audit_writer_close(struct sbx_audit_writer *w) {
        if (!w)
                return;
        if (w->fd >= 0)
                close(w->fd);
        free(w->b.data);
        free(w->d.data);
        free(w);
}

/* The same checks the writer makes of us: a row is never believed written by a process that
 * could be a confined command. */
static int writer_verify(struct sbx_audit_writer *w) {
        int r;

        if (w->verified)
                return 0;
        r = trusted_peer(w->fd, &w->peer, NULL, NULL);
        if (r < 0)
                return r;
        w->verified = true;
        return 0;
}

static int read_full(int fd, void *buf, size_t n) {
        char *p = buf;

        while (n > 0) {
                ssize_t got;
                int pr = poll_one(fd, POLLIN, REPLY_TIMEOUT_MS);

                if (pr <= 0)
                        return pr < 0 ? pr : -ETIMEDOUT;
                got = recv(fd, p, n, 0);
                if (got < 0 && errno == EINTR)
                        continue;
                if (got <= 0)
                        return got < 0 ? -errno : -ECONNRESET;
                p += got;
                n -= (size_t) got;
        }
        return 0;
}

/* Reads one reply frame into buf (NUL-terminated), *ret_n bytes. */
static int read_frame_fd(int fd, char *buf, size_t size, uint32_t *ret_n) {
        uint32_t n;
        int r;

        r = read_full(fd, &n, sizeof(n));
        if (r < 0)
                return r;
        if (n < 1 || n >= size)
                return -EBADMSG;
        r = read_full(fd, buf, n);
        if (r < 0)
                return r;
        buf[n] = '\0';
        *ret_n = n;
        return 0;
}

/* Reads one reply from fd: 0 with *ret_id, -EIO for an 'E' reply (its text in msg), or -errno.
 * System calls and the stack only: it also runs in a vfork child (sbx_audit_writer_collect()). */
static int read_reply_fd(int fd, int64_t *ret_id, char *msg, size_t msg_size) {
        char buf[4097];
        struct sbx_rbuf rb;
        uint32_t n;
        int r;

        r = read_frame_fd(fd, buf, sizeof(buf), &n);
        if (r < 0)
                return r;
        rb = (struct sbx_rbuf) { .p = buf + 1, .left = n - 1 };
        if (buf[0] == 'K') {
                int64_t id = sbx_wire_get_i64(&rb);
                if (rb.bad || rb.left != 0 || id <= 0)
                        return -EBADMSG;
                *ret_id = id;
                return 0;
        }
        if (buf[0] == 'E') {
                const char *m = sbx_wire_get_str(&rb);
                if (msg && msg_size > 0) {
                        size_t len = m ? strlen(m) : 0;
                        if (len >= msg_size)
                                len = msg_size - 1;
                        memcpy(msg, m ? m : "", len);
                        msg[len] = '\0';
                }
                return -EIO;
        }
        return -EBADMSG;
}

/* Reads one reply: 0 with *ret_id, or -errno (with the writer's message in diag for 'E'). */
static int read_reply(struct sbx_audit_writer *w, int64_t *ret_id, struct sbx_diag *diag) {
        char msg[1024] = "";
        int r;

        r = writer_verify(w);
        if (r < 0)
                return r;
        r = read_reply_fd(w->fd, ret_id, msg, sizeof(msg));
        if (r == -EIO)
                return sbx_diag_set(diag, EIO, "audit writer", "", "the audit writer failed: %s",
                                    msg[0] ? msg : "(no message)");
        return r;
}

int sbx_audit_writer_session_get(struct sbx_audit_writer *w, const char *session_id, struct sbx_session_info *ret) {
        char buf[PATH_MAX + 256];
        struct sbx_rbuf rb;
        uint32_t n;
        int64_t has_mode, mode, event;
        const char *cwd;
        int r;

        sbx_wire_frame_start(&w->b, 'S');
        sbx_wire_put_str(&w->b, session_id);
        r = request_send(w);
        if (r < 0)
                return r;
        r = writer_verify(w);
        if (r < 0)
                return r;
        r = read_frame_fd(w->fd, buf, sizeof(buf), &n);
        if (r < 0)
                return r;
        if (buf[0] == 'E')
                return -EIO;
        if (buf[0] != 'I')
                return -EBADMSG;
        rb = (struct sbx_rbuf) { .p = buf + 1, .left = n - 1 };
        has_mode = sbx_wire_get_i64(&rb);
        mode = sbx_wire_get_i64(&rb);
        event = sbx_wire_get_i64(&rb);
        cwd = sbx_wire_get_str(&rb);
        if (rb.bad || rb.left != 0 || !cwd || cwd[0] != '/' || !sbx_wire_in_range(mode, 0, _SBX_MODE_MAX - 1))
                return -EBADMSG;
        *ret = (struct sbx_session_info) {
                .cwd = strdup(cwd),
                .has_mode = has_mode != 0,
                .mode = (enum sbx_mode) mode,
                .mode_event_id = event,
        };
        return ret->cwd ? 0 : -ENOMEM;
}

int sbx_audit_writer_verify(struct sbx_audit_writer *w) {
        return writer_verify(w);
}

int sbx_audit_writer_fd(const struct sbx_audit_writer *w) {
        return w->fd;
}

int sbx_audit_writer_collect_begin(int fd, int64_t *ret_id) {
        return read_reply_fd(fd, ret_id, NULL, 0);
}

int sbx_audit_writer_send_begin(struct sbx_audit_writer *w, const struct sbx_execution_start *s) {
        sbx_wire_frame_start(&w->b, 'B');
        sbx_wire_encode_start(&w->b, s);
        return request_send(w);
}

int sbx_audit_writer_wait_begin(struct sbx_audit_writer *w, int64_t *ret_id, struct sbx_diag *diag) {
        return read_reply(w, ret_id, diag);
}

int sbx_audit_writer_send_finish(struct sbx_audit_writer *w, int64_t id, const struct sbx_execution_end *e) {
        sbx_wire_frame_start(&w->b, 'F');
        sbx_wire_encode_end(&w->b, id, e);
        return request_send(w);
}

int sbx_audit_writer_wait_finish(struct sbx_audit_writer *w, int64_t id, struct sbx_diag *diag) {
        int64_t got = 0;
        int r = read_reply(w, &got, diag);

        if (r >= 0 && got != id)
                return -EBADMSG;
        return r;
}
