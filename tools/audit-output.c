/* Output of audit rows. Column names are the stable field names documented in db/SCHEMA.md. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit-output.h"
#include "sbx-euid.h"
#include "sbx-macro.h"

#define TABLE_SAMPLE 512 /* rows buffered to size the columns; later rows stream */
#define TTY_CELL_MAX 48

struct sbx_out {
        FILE *f;
        enum sbx_out_format fmt;
        sbx_out_extra_fn extra;
        void *extra_userdata;
        bool tty;
        int width;
        size_t ncols;
        char **names;
        size_t *widths;
        char ***rows; /* buffered table rows */
        size_t nrows;
        bool flushed; /* header printed, rows stream */
        bool any;     /* a JSON element or CSV header was written */
        bool streaming; /* flush after every row */
};

void sbx_out_set_streaming(struct sbx_out *o, bool on) {
        o->streaming = on;
}

int sbx_out_new(FILE *f, enum sbx_out_format fmt, sbx_out_extra_fn extra, void *extra_userdata,
                struct sbx_out **ret) {
        struct sbx_out *o = calloc(1, sizeof(*o));
        struct winsize ws;

        if (!o)
                return -ENOMEM;
        o->f = f;
        o->fmt = fmt;
        o->extra = extra;
        o->extra_userdata = extra_userdata;
        o->tty = isatty(fileno(f));
        o->width = 120;
        if (o->tty && ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20)
                o->width = ws.ws_col;
        *ret = o;
        return 0;
}

static void free_row(char **cells, size_t n) {
        if (!cells)
                return;
        for (size_t i = 0; i < n; i++)
                free(cells[i]);
        free(cells);
}

void sbx_out_free(struct sbx_out *o) {
        if (!o)
                return;
        for (size_t i = 0; i < o->nrows; i++)
                free_row(o->rows[i], o->ncols);
        free(o->rows);
        free_row(o->names, o->ncols);
        free(o->widths);
        free(o);
}

static bool is_raw_json(const char *name) {
        return strcmp(name, "argv") == 0;
}

/* A stored JSON text as it is, but for the C1 controls (U+0080..U+009F, bytes C2 80..C2 9F): the
 * record keeps them raw (audit.c escapes only C0), and some terminals act on U+009B as on ESC [,
 * so they are written as \u0080..\u009f as every other string of the output is (json.c). In
 * valid JSON a byte C2 can only be inside a string, where the escape means the same character. */
static void write_raw_json(FILE *f, const char *t, size_t len) {
        const unsigned char *u = (const unsigned char *) t;
        size_t from = 0;

        for (size_t i = 0; i + 1 < len; i++) {
                if (u[i] != 0xc2 || u[i + 1] < 0x80 || u[i + 1] > 0x9f)
                        continue;
                fwrite(t + from, 1, i - from, f);
                fprintf(f, "\\u%04x", u[i + 1]);
                from = i + 2;
                i++;
        }
        fwrite(t + from, 1, len - from, f);
}

void sbx_out_json_fields(struct sbx_json *j, sqlite3_stmt *row) {
        int n = sqlite3_column_count(row);

        for (int i = 0; i < n; i++) {
                const char *name = sqlite3_column_name(row, i);
                switch (sqlite3_column_type(row, i)) {
                case SQLITE_NULL:
                        sbx_json_null(j, name);
                        break;
                case SQLITE_INTEGER:
                        sbx_json_int(j, name, sqlite3_column_int64(row, i));
                        break;
                case SQLITE_FLOAT: {
                        /* sbx writes integers; a real comes from another tool's write, and JSON
                         * has no word for an infinity ("%g" wrote 'inf', which no JSON reader
                         * takes): null, as JSON.stringify() writes it */
                        double v = sqlite3_column_double(row, i);
                        if (!isfinite(v)) {
                                sbx_json_null(j, name);
                                break;
                        }
                        sbx_json_key(j, name);
                        fprintf(j->f, "%.17g", v);
                        break;
                }
                default: {
                        const char *t = (const char *) sqlite3_column_text(row, i);
                        size_t len = (size_t) sqlite3_column_bytes(row, i);
                        if (is_raw_json(name) && t && len > 0 && t[0] == '[') {
                                /* sbx writes argv as a JSON array; the query re-checks json_valid() */
                                sbx_json_key(j, name);
                                write_raw_json(j->f, t, len);
                        } else
                                sbx_json_strn(j, name, t ? t : "", len);
                        break;
                }
                }
        }
}

/* Text of a cell: NULL as "-", control characters as '?' (recorded stderr must not drive the
 * terminal: sbx_term_text()), cut to max bytes (0: no limit) with "..." when longer. */
static char *cell_text(sqlite3_stmt *row, int i, size_t max) {
        const char *t;
        size_t len, full;
        char *s, *cut;

        if (sqlite3_column_type(row, i) == SQLITE_NULL)
                return strdup("-");
        t = (const char *) sqlite3_column_text(row, i);
        full = len = (size_t) sqlite3_column_bytes(row, i);
        if (!t)
                return strdup("");
        if (max > 3 && len > max) {
                len = max - 3;
                /* not within a character: its first bytes alone read as '?', which stands for a
                 * control or a byte that is not UTF-8 in the record (a cut 'é' showed 'ée?...') */
                for (int back = 0; back < 3 && len > 0 && ((unsigned char) t[len] & 0xc0) == 0x80; back++)
                        len--;
        }
        s = sbx_term_text(t, len);
        if (!s || len == full)
                return s;
        cut = realloc(s, strlen(s) + 4);
        if (!cut) {
                free(s);
                return NULL;
        }
        strcat(cut, "...");
        return cut;
}

/* Display width, counting UTF-8 continuation bytes as nothing. */
static size_t text_width(const char *s) {
        size_t w = 0;
        for (; *s; s++)
                if (((unsigned char) *s & 0xc0) != 0x80)
                        w++;
        return w;
}

static int table_print_row(struct sbx_out *o, char **cells) {
        for (size_t i = 0; i < o->ncols; i++) {
                bool last = i + 1 == o->ncols;
                fputs(cells[i], o->f);
                if (!last) {
                        /* a row after the sample may be wider than its column: one space still
                         * keeps its cell apart from the next */
                        size_t w = text_width(cells[i]), to = o->widths[i] + 2;
                        for (size_t k = w; k < (to > w ? to : w + 1); k++)
                                fputc(' ', o->f);
                }
        }
        fputc('\n', o->f);
        return ferror(o->f) ? -EPIPE : 0;
}

static int table_flush(struct sbx_out *o) {
        int r = 0;

        if (o->flushed || o->ncols == 0)
                return 0;
        o->flushed = true;
        r = table_print_row(o, o->names);
        for (size_t i = 0; i < o->nrows && r >= 0; i++)
                r = table_print_row(o, o->rows[i]);
        for (size_t i = 0; i < o->nrows; i++)
                free_row(o->rows[i], o->ncols);
        free(o->rows);
        o->rows = NULL;
        o->nrows = 0;
        return r;
}

static int table_row(struct sbx_out *o, sqlite3_stmt *row) {
        char **cells = calloc(o->ncols, sizeof(char *));

        if (!cells)
                return -ENOMEM;
        for (size_t i = 0; i < o->ncols; i++) {
                size_t max = 0;
                if (o->tty)
                        max = i + 1 == o->ncols ? (size_t) (o->width > 60 ? o->width / 2 : 30) : TTY_CELL_MAX;
                cells[i] = cell_text(row, (int) i, max);
                if (!cells[i]) {
                        free_row(cells, o->ncols);
                        return -ENOMEM;
                }
                size_t w = text_width(cells[i]);
                if (!o->flushed && w > o->widths[i])
                        o->widths[i] = w;
        }
        if (o->flushed) {
                int r = table_print_row(o, cells);
                free_row(cells, o->ncols);
                return r;
        }
        char ***rows = realloc(o->rows, (o->nrows + 1) * sizeof(*rows));
        if (!rows) {
                free_row(cells, o->ncols);
                return -ENOMEM;
        }
        o->rows = rows;
        o->rows[o->nrows++] = cells;
        if (o->nrows >= TABLE_SAMPLE)
                return table_flush(o);
        return 0;
}

static void csv_field(FILE *f, const char *s, size_t len) {
        bool quote = false;

        for (size_t i = 0; i < len; i++)
                if (s[i] == ',' || s[i] == '"' || s[i] == '\n' || s[i] == '\r')
                        quote = true;
        if (!quote) {
                fwrite(s, 1, len, f);
                return;
        }
        fputc('"', f);
        for (size_t i = 0; i < len; i++) {
                if (s[i] == '"')
                        fputc('"', f);
                fputc(s[i], f);
        }
        fputc('"', f);
}

static void csv_header(struct sbx_out *o) {
        if (o->any)
                return;
        for (size_t i = 0; i < o->ncols; i++) {
                if (i)
                        fputc(',', o->f);
                csv_field(o->f, o->names[i], strlen(o->names[i]));
        }
        fputs("\r\n", o->f);
        o->any = true;
}

static int csv_row(struct sbx_out *o, sqlite3_stmt *row) {
        csv_header(o);
        for (size_t i = 0; i < o->ncols; i++) {
                if (i)
                        fputc(',', o->f);
                if (sqlite3_column_type(row, (int) i) != SQLITE_NULL) {
                        const char *t = (const char *) sqlite3_column_text(row, (int) i);
                        csv_field(o->f, t ? t : "", (size_t) sqlite3_column_bytes(row, (int) i));
                }
        }
        fputs("\r\n", o->f);
        if (o->streaming && fflush(o->f) != 0)
                return -EPIPE;
        return ferror(o->f) ? -EPIPE : 0;
}

static int json_row(struct sbx_out *o, sqlite3_stmt *row) {
        struct sbx_json j;

        if (o->fmt == SBX_OUT_JSON)
                fputs(o->any ? ",\n" : "[\n", o->f);
        o->any = true;
        sbx_json_begin(&j, o->f);
        sbx_out_json_fields(&j, row);
        if (o->extra)
                o->extra(o->extra_userdata, &j, row);
        sbx_json_end(&j);
        if (o->fmt == SBX_OUT_JSONL)
                fputc('\n', o->f);
        if (o->streaming && fflush(o->f) != 0)
                return -EPIPE;
        return ferror(o->f) ? -EPIPE : 0;
}

static int set_names(struct sbx_out *o, sqlite3_stmt *st) {
        if (o->names)
                return 0;
        o->ncols = (size_t) sqlite3_column_count(st);
        o->names = calloc(o->ncols + 1, sizeof(char *));
        o->widths = calloc(o->ncols + 1, sizeof(size_t));
        if (!o->names || !o->widths)
                return -ENOMEM;
        for (size_t i = 0; i < o->ncols; i++) {
                const char *n = sqlite3_column_name(st, (int) i);
                o->names[i] = strdup(n ? n : "");
                if (!o->names[i])
                        return -ENOMEM;
                o->widths[i] = strlen(o->names[i]);
        }
        return 0;
}

int sbx_out_header(struct sbx_out *o, sqlite3_stmt *st) {
        int r = set_names(o, st);

        if (r < 0)
                return r;
        if (o->fmt == SBX_OUT_CSV) {
                csv_header(o);
                if (o->streaming && fflush(o->f) != 0)
                        return -EPIPE;
        }
        return ferror(o->f) ? -EPIPE : 0;
}

int sbx_out_header_cb(void *userdata, sqlite3_stmt *st) {
        return sbx_out_header(userdata, st);
}

int sbx_out_row(struct sbx_out *o, sqlite3_stmt *row) {
        int r = set_names(o, row);

        if (r < 0)
                return r;
        switch (o->fmt) {
        case SBX_OUT_TABLE:
                return table_row(o, row);
        case SBX_OUT_CSV:
                return csv_row(o, row);
        case SBX_OUT_JSON:
        case SBX_OUT_JSONL:
                return json_row(o, row);
        }
        return -EINVAL;
}

int sbx_out_row_cb(void *userdata, sqlite3_stmt *row) {
        return sbx_out_row(userdata, row);
}

int sbx_out_end(struct sbx_out *o) {
        int r = 0;

        if (o->fmt == SBX_OUT_TABLE)
                r = table_flush(o);
        else if (o->fmt == SBX_OUT_JSON)
                fputs(o->any ? "\n]\n" : "[]\n", o->f);
        if (fflush(o->f) != 0 || ferror(o->f))
                return -EPIPE;
        return r;
}

void sbx_audit_tool_owner_note(struct sbx_db *db) {
        uid_t owner = sbx_db_owner(db);

        if (owner != sbx_euid())
                sbx_fail(0, "note: audit database %s belongs to uid %u, not you: it is that user's record",
                         sbx_db_path(db), (unsigned) owner);
}

int sbx_audit_tool_open(const char *db_opt, bool write, struct sbx_db **ret_db) {
        _cleanup_free_ char *path = NULL;
        struct sbx_diag diag = { 0 }, diag2 = { 0 };
        int r;

        r = sbx_db_default_path(db_opt, &path, &diag);
        if (r < 0)
                return sbx_fail_diag(1, "audit database", &diag);
        if (write) {
                r = sbx_db_open(path, ret_db, &diag);
                return r < 0 ? sbx_fail(1, "%s", diag.msg) : 0;
        }
        r = sbx_db_open_readonly(path, ret_db, &diag);
        if (r == -EPROTO) {
                /* an older schema: upgrade it if we may write, else read an upgraded private copy
                 * (a read-only directory, another user's record: it was refused, with the
                 * write side's reason, "its directory ... is another user's", for the latter) */
                r = sbx_db_open(path, ret_db, &diag2);
                if (r < 0) {
                        diag = (struct sbx_diag) { 0 };
                        r = sbx_db_open_readonly_upgraded(path, ret_db, &diag);
                }
        }
        if (r < 0)
                return sbx_fail(1, "%s", diag.msg);
        sbx_audit_tool_owner_note(*ret_db);
        return 0;
}

int sbx_audit_tool_require_db(const char *db_opt, const char *what, const char *kind, const char *id) {
        _cleanup_free_ char *path = NULL;
        struct sbx_diag diag = { 0 };
        struct stat st;

        if (sbx_db_default_path(db_opt, &path, &diag) < 0)
                return 0;
        if (lstat(path, &st) < 0 && errno == ENOENT)
                return sbx_fail(SBX_EXIT_USAGE, "%s: unknown %s '%s' (no audit database at %s)", what, kind, id, path);
        /* an empty file holds no record either: the same answer as no file (its open would say
         * "no audit database", exit 1, where a missing one says this) */
        /* (unless it was a record, truncated: that is said as the open would say it) */
        if (sbx_db_check_not_truncated(path, &diag) < 0)
                return sbx_fail(1, "%s", diag.msg);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0)
                return sbx_fail(SBX_EXIT_USAGE, "%s: unknown %s '%s' (an empty audit database at %s)", what, kind,
                                id, path);
        return 0;
}

/* The files of a private copy being read (sbx_audit_tool_guard_copy()), removed by the handler of
 * a signal that ends sbx: unlink() and rmdir() are async-signal-safe, and the process then ends
 * by the signal at once (a handler that only asked the query to stop left a write blocked on a
 * full pipe, its rest written again, the signal spent: sbx stayed for good). */
static char copy_files[4][PATH_MAX]; /* audit.db, -wal, -shm; the directory last */
static volatile sig_atomic_t copy_armed;

static void on_copy_signal(int sig) {
        int saved = errno;

        if (copy_armed) {
                for (size_t i = 0; i < 3; i++)
                        (void) unlink(copy_files[i]);
                (void) rmdir(copy_files[3]);
        }
        (void) signal(sig, SIG_DFL);
        (void) raise(sig);
        errno = saved;
}

void sbx_audit_tool_guard_copy(struct sbx_db *db) {
        static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
        static const char *const names[] = { "audit.db", "audit.db-wal", "audit.db-shm" };
        const char *dir = sbx_db_private_copy_dir(db);
        struct sigaction sa = { .sa_handler = on_copy_signal };

        if (!dir)
                return;
        for (size_t i = 0; i < 3; i++)
                if ((size_t) snprintf(copy_files[i], sizeof(copy_files[i]), "%s/%s", dir, names[i]) >=
                    sizeof(copy_files[i]))
                        return;
        if ((size_t) snprintf(copy_files[3], sizeof(copy_files[3]), "%s", dir) >= sizeof(copy_files[3]))
                return;
        copy_armed = 1;
        sigemptyset(&sa.sa_mask);
        for (size_t i = 0; i < SBX_ELEMENTSOF(sigs); i++) {
                struct sigaction old;
                /* one the caller ignores stays ignored (a write then fails with EPIPE all the same) */
                if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
                        continue;
                (void) sigaction(sigs[i], &sa, NULL);
        }
}
