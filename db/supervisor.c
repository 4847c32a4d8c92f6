/* Who supervises a run, and whether that process still lives: a 'running' row whose supervisor
 * is gone reads as 'interrupted'. A pid alone is not an identity (pids are reused), so a row also
 * keeps the supervisor's start time (/proc/PID/stat field 22) and the boot id. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sbx-macro.h"
#include "sbx-procfs.h"
#include "db-internal.h"

/* Field 3 (state) and field 22 (starttime) of /proc/PID/stat. The comm field (2) may hold spaces
 * and parentheses, so fields are counted after its last ')'. */
static int proc_stat(int64_t pid, char *ret_state, int64_t *ret_start) {
        char path[64], buf[2048];
        char *p, *end;
        ssize_t n;
        int field;

        snprintf(path, sizeof(path), "/proc/%" PRId64 "/stat", pid);
        n = sbx_read_head(path, buf, sizeof(buf));
        if (n < 0)
                return (int) n;
        p = strrchr(buf, ')');
        if (!p || p[1] != ' ')
                return -EBADMSG;
        p += 2;
        *ret_state = *p;
        for (field = 3; field < 22; field++) {
                p = strchr(p, ' ');
                if (!p)
                        return -EBADMSG;
                p++;
        }
        errno = 0;
        long long v = strtoll(p, &end, 10);
        if (errno || end == p)
                return -EBADMSG;
        *ret_start = v;
        return 0;
}

/* The initial pid namespace's inode number (the kernel's PROC_PID_INIT_INO, fixed). */
#define PID_NS_INIT_INO 0xEFFFFFFCU
/* ... and the initial time namespace's (PROC_TIME_INIT_INO) */
#define TIME_NS_INIT_INO 0xEFFFFFFAU

/* The boot id, followed by "/pidns:INODE" when this process is not in the initial pid namespace
 * (and "/timens:INODE" when not in the initial time namespace, for the same reason):
 * a pid is only a name within its namespace, and a reader elsewhere cannot check it (nested
 * review: a run supervised from a container's pid namespace read 'interrupted' on the host, and
 * prune deleted it while it ran). Rows recorded in the initial namespace keep the plain boot id. */
static void read_boot_id(char *buf, size_t size) {
        char tmp[128];
        struct stat st;

        buf[0] = '\0';
        if (sbx_read_head("/proc/sys/kernel/random/boot_id", tmp, sizeof(tmp)) <= 0)
                return;
        tmp[strcspn(tmp, "\n")] = '\0';
        if (stat("/proc/self/ns/pid", &st) == 0 && st.st_ino != PID_NS_INIT_INO) {
                size_t n = strlen(tmp);
                snprintf(tmp + n, sizeof(tmp) - n, "/pidns:%llu", (unsigned long long) st.st_ino);
        }
        /* a start time, /proc/PID/stat's, reads in the reader's time namespace: one recorded in
         * a namespace with a boot time offset was another process's from the host (a run in
         * progress read 'interrupted' there, and prune deleted it while it ran) */
        if (stat("/proc/self/ns/time", &st) == 0 && st.st_ino != TIME_NS_INIT_INO) {
                size_t n = strlen(tmp);
                snprintf(tmp + n, sizeof(tmp) - n, "/timens:%llu", (unsigned long long) st.st_ino);
        }
        sbx_strlcpy(buf, tmp, size);
}

/* Whether /proc is this process's pid namespace's: its "self" names our pid. A pid namespace made
 * without a /proc of its own (unshare --pid --fork, no --mount-proc) sees the host's, where our pid
 * names another process (nested review: a run was recorded with kthreadd's start time, and read as
 * alive for ever). */
static bool proc_is_ours(void) {
        static int known = -1; /* neither the mount nor the pid changes under this process */
        char buf[32];
        ssize_t n;

        if (known < 0) {
                n = readlink("/proc/self", buf, sizeof(buf) - 1);
                if (n > 0)
                        buf[n] = '\0';
                known = n > 0 && strtoll(buf, NULL, 10) == (long long) getpid();
        }
        return known;
}

int sbx_process_identity_self(struct sbx_process_identity *ret) {
        /* The boot and this process's start do not change while it runs: read once per process
         * (a child made by fork reads its own), and then always the same. A run's end is found by
         * them, and when a limit on descriptors (`ulimit -n`) made the second reading fail, the
         * end of a run that never started was lost ("does not exist, was already completed or is
         * another run's"), its row left to read 'interrupted' (review). */
        static struct {
                pid_t pid;
                char boot_id[sizeof(ret->boot_id)];
                int64_t start_time;
        } once;
        struct sbx_process_identity id = { .start_time = -1 };
        char state;

        if (gethostname(id.host, sizeof(id.host) - 1) < 0)
                return -errno;
        id.host[sizeof(id.host) - 1] = '\0';
        id.pid = getpid();
        id.uid = getuid();
        if (once.pid != (pid_t) id.pid) {
                read_boot_id(once.boot_id, sizeof(once.boot_id));
                if (!proc_is_ours() || proc_stat(id.pid, &state, &once.start_time) < 0)
                        once.start_time = -1;
                once.pid = (pid_t) id.pid;
        }
        memcpy(id.boot_id, once.boot_id, sizeof(id.boot_id));
        id.start_time = once.start_time;
        *ret = id;
        return 0;
}

int sbx_process_no_new_privs(int64_t pid) {
        char path[64], buf[4096];
        const char *p;
        ssize_t n;

        snprintf(path, sizeof(path), "/proc/%" PRId64 "/status", pid);
        n = sbx_read_head(path, buf, sizeof(buf));
        if (n < 0)
                return (int) n;
        p = strstr(buf, "\nNoNewPrivs:");
        if (!p)
                return -EBADMSG;
        p += strlen("\nNoNewPrivs:");
        p += strspn(p, " \t");
        return *p == '0' ? 0 : 1;
}

int sbx_process_start_time(int64_t pid, int64_t *ret) {
        char state;
        int r = proc_stat(pid, &state, ret);

        return r == -ENOENT ? -ESRCH : r;
}

static const struct sbx_process_identity *self_identity(void) {
        static struct sbx_process_identity self;
        static bool loaded;

        if (!loaded) {
                if (sbx_process_identity_self(&self) < 0)
                        memset(&self, 0, sizeof(self));
                loaded = true;
        }
        return &self;
}

int sbx_process_alive(const char *host, const char *boot_id, int64_t pid, int64_t start_time) {
        const struct sbx_process_identity *self = self_identity();
        int64_t start;
        char state;
        int r;

        bool have_boot = boot_id && *boot_id && self->boot_id[0];
        size_t n = have_boot ? strcspn(boot_id, "/") : 0;
        bool this_boot = have_boot && n == strcspn(self->boot_id, "/") && strncmp(boot_id, self->boot_id, n) == 0;

        /* The boot id names this kernel, whatever the host was called: a run recorded under another
         * host name in this boot ran here, in a UTS namespace of its own (unshare --uts, a unit with
         * ProtectHostname=) or before the host was renamed. Judged by the name alone, such a run
         * whose sbx was killed read 'running' for ever, and prune kept it (review). */
        if (!this_boot && (!host || strcmp(host, self->host) != 0))
                return -EREMOTE;
        if (have_boot && !this_boot)
                return 0; /* recorded before the last reboot */
        if (have_boot && strcmp(boot_id, self->boot_id) != 0)
                return -EREMOTE; /* this boot, another pid namespace: its pid means nothing here */
        if (pid <= 0 || pid > INT32_MAX)
                return 0;
        /* a /proc of another pid namespace (see proc_is_ours()) knows nothing of this pid */
        if (!proc_is_ours() && access("/proc/self", F_OK) == 0)
                return -EREMOTE;
        r = proc_stat(pid, &state, &start);
        if (r == -ENOENT || r == -ESRCH)
                return 0;
        if (r < 0) {
                /* no /proc: fall back to the pid alone */
                if (kill((pid_t) pid, 0) == 0 || errno == EPERM)
                        return 1;
                return 0;
        }
        if (state == 'Z' || state == 'X')
                return 0;
        if (start_time >= 0 && start != start_time)
                return 0;
        return 1;
}

/* A row's supervisor, as sbx_state() gets it. */
static void identity_of(sqlite3_value **argv, struct sbx_process_identity *ret) {
        const char *host = (const char *) sqlite3_value_text(argv[0]);
        const char *boot_id = (const char *) sqlite3_value_text(argv[1]);

        memset(ret, 0, sizeof(*ret));
        sbx_strlcpy(ret->host, host ? host : "", sizeof(ret->host));
        sbx_strlcpy(ret->boot_id, boot_id ? boot_id : "", sizeof(ret->boot_id));
        ret->pid = sqlite3_value_int64(argv[2]);
        ret->start_time = sqlite3_value_type(argv[3]) == SQLITE_NULL ? -1 : sqlite3_value_int64(argv[3]);
}

static bool settled_gone(const struct sbx_state_ctx *c, const struct sbx_process_identity *id) {
        for (size_t i = 0; i < c->n; i++)
                if (c->gone[i].pid == id->pid && c->gone[i].start_time == id->start_time &&
                    strcmp(c->gone[i].host, id->host) == 0 && strcmp(c->gone[i].boot_id, id->boot_id) == 0)
                        return true;
        return false;
}

/* sbx_state(state, host, boot_id, supervisor_pid, supervisor_start) */
static void sql_state(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
        const struct sbx_state_ctx *c = sqlite3_user_data(ctx);
        const char *state = (const char *) sqlite3_value_text(argv[0]);
        struct sbx_process_identity id;
        int alive;
        (void) argc;

        if (!state || strcmp(state, "running") != 0) {
                sqlite3_result_value(ctx, argv[0]);
                return;
        }
        identity_of(argv + 1, &id);
        alive = sbx_process_alive(id.host, id.boot_id, id.pid, id.start_time);
        /* gone only since this snapshot began: it may have ended its row after it (review) */
        if (alive == 0 && c && c->settled && !settled_gone(c, &id))
                alive = 1;
        sqlite3_result_text(ctx, alive == 0 ? "interrupted" : "running", -1, SQLITE_STATIC);
}

int sbx_db_define_functions(sqlite3 *h, struct sbx_state_ctx *ctx) {
        return sqlite3_create_function_v2(h, "sbx_state", 5, SQLITE_UTF8, ctx, sql_state, NULL, NULL, NULL);
}

int sbx_db_settle_states(struct sbx_db *db, struct sbx_diag *diag) {
        static const char sql[] =
                "SELECT DISTINCT host, boot_id, supervisor_pid, supervisor_start FROM executions WHERE state = 'running'";
        struct sbx_state_ctx *c = sbx_db_state_ctx(db);
        sqlite3_stmt *st = NULL;
        int rc, r = 0;

        c->settled = false;
        c->n = 0;
        /* its own snapshot, ended before any query that follows begins its own */
        rc = sqlite3_prepare_v2(sbx_db_handle(db), sql, -1, &st, NULL);
        if (rc != SQLITE_OK)
                return sbx_db_error(db, rc, "read", diag);
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
                sqlite3_value *v[4];
                struct sbx_process_identity id;

                for (int i = 0; i < 4; i++)
                        v[i] = sqlite3_column_value(st, i);
                identity_of(v, &id);
                if (sbx_process_alive(id.host, id.boot_id, id.pid, id.start_time) != 0)
                        continue;
                if (c->n == c->cap) {
                        size_t cap = c->cap ? c->cap * 2 : 16;
                        struct sbx_process_identity *g = realloc(c->gone, cap * sizeof(*g));
                        if (!g) {
                                r = -ENOMEM;
                                break;
                        }
                        c->gone = g;
                        c->cap = cap;
                }
                c->gone[c->n++] = id;
        }
        sqlite3_finalize(st);
        if (r < 0)
                return sbx_diag_set(diag, ENOMEM, "read", sbx_db_path(db), "out of memory");
        if (rc != SQLITE_DONE)
                return sbx_db_error(db, rc, "read", diag);
        c->settled = true;
        return 0;
}
