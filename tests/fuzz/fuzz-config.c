/* libFuzzer target: the deployment configuration file (confine/config.c), as sbx_config_load_files()
 * reads it from a file: "key = value" lines, comments, a byte-order mark, CRLF, a key twice, an
 * unknown key or backend, a value left out. The file is its owner's text, any bytes at all.
 * Checked against a reading of its own: the input is refused exactly when the model refuses it,
 * with one message that names the problem on one line; else every setting is the model's (the
 * file's last value, or the default), the backends are known, each once, and the paths that must
 * be absolute are.
 *
 * Input: the text of the first file; a NUL byte, when there is one, ends it and the rest is a
 * second file read after it (later files override earlier ones). The whole input is also read as
 * one file (with its NUL: refused). The files are written to a private directory in $TMPDIR. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sbx-confine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[PATH_MAX];
static char file_a[PATH_MAX + 16], file_b[PATH_MAX + 16];

static void remove_dir(void) {
        unlink(file_a);
        unlink(file_b);
        rmdir(dir);
}

static void make_dir(void) {
        const char *tmp = getenv("TMPDIR");
        char p[PATH_MAX], *real;

        snprintf(p, sizeof(p), "%s/sbx-fuzz-config.XXXXXX", tmp && tmp[0] == '/' ? tmp : "/tmp");
        if (!mkdtemp(p) || !(real = realpath(p, NULL)) || strlen(real) >= sizeof(dir))
                abort();
        memcpy(dir, real, strlen(real) + 1);
        free(real);
        snprintf(file_a, sizeof(file_a), "%s/a", dir);
        snprintf(file_b, sizeof(file_b), "%s/b", dir);
        atexit(remove_dir);
}

static void write_file(const char *path, const uint8_t *data, size_t size) {
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

        if (fd < 0)
                abort();
        for (size_t off = 0; off < size;) {
                ssize_t n = write(fd, data + off, size - off);
                if (n <= 0)
                        abort();
                off += (size_t) n;
        }
        close(fd);
}

/* ---- the model: the format as README.md states it, written apart from config.c ---- */

enum { K_MODE, K_ROOT, K_BACKENDS, K_BWRAP, K_LANDLOCK, K_SANDBOX_EXEC, K_WINRUN, K_CACHE, K_WRITER, K_N };
static const char *const key_names[K_N] = { "default_mode", "fallback_root", "backends", "bwrap",
                                            "landlock_launcher", "sandbox_exec", "windows_runner", "cache_dir",
                                            "audit_writer" };
static const char *const backend_names[] = { "bwrap", "landlock", "seatbelt", "windows-acl" };

struct model {
        char *value[K_N]; /* the last value of each key, NULL: the default */
};

static bool model_space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

static char *model_trim(char *s, char *end) {
        while (s < end && model_space(*s))
                s++;
        while (end > s && model_space(end[-1]))
                end--;
        *end = '\0';
        return s;
}

/* the backend list: comma-separated names (blanks around them), none empty, known, each once;
 * names may also be separated by blanks alone */
static bool model_backends(const char *value, const char **ret, size_t *ret_n) {
        size_t n = 0;
        const char *p = value;

        for (;;) {
                const char *comma = strchr(p, ','), *end = comma ? comma : p + strlen(p);
                bool any = false;

                for (const char *q = p; q < end;) {
                        size_t len;
                        if (*q == ' ' || *q == '\t') {
                                q++;
                                continue;
                        }
                        len = strcspn(q, ", \t");
                        {
                                bool known = false;
                                for (size_t b = 0; b < sizeof(backend_names) / sizeof(backend_names[0]); b++)
                                        if (strlen(backend_names[b]) == len && memcmp(backend_names[b], q, len) == 0) {
                                                for (size_t i = 0; i < n; i++)
                                                        if (ret[i] == backend_names[b])
                                                                return false;
                                                if (n == 4)
                                                        return false;
                                                ret[n++] = backend_names[b];
                                                known = true;
                                        }
                                if (!known)
                                        return false;
                        }
                        any = true;
                        q += len;
                }
                if (!any)
                        return false;
                if (!comma)
                        break;
                p = comma + 1;
        }
        *ret_n = n;
        return n > 0;
}

static bool model_value_ok(int k, const char *v) {
        if (!*v)
                return false;
        switch (k) {
        case K_MODE:
                return strcmp(v, "read-only") == 0 || strcmp(v, "workspace-write") == 0 ||
                       strcmp(v, "danger-full-access") == 0;
        case K_WRITER:
                return strcmp(v, "on") == 0 || strcmp(v, "off") == 0;
        case K_BACKENDS: {
                const char *b[4];
                size_t n;
                return model_backends(v, b, &n);
        }
        case K_BWRAP:
        case K_WINRUN:
                return v[0] == '/' || !strchr(v, '/');
        default:
                return v[0] == '/';
        }
}

/* Reads text (len bytes, a copy it may write) into m; false when the file is to be refused. */
static bool model_read(struct model *m, char *text, size_t len) {
        bool seen[K_N] = { false };
        char *p = text, *end = text + len;

        if (memchr(text, '\0', len) || len > 64 * 1024)
                return false;
        if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
                p += 3;
        while (p < end) {
                char *nl = memchr(p, '\n', (size_t) (end - p)), *line_end = nl ? nl : end, *line, *eq, *key, *value;
                int k;

                line = model_trim(p, line_end);
                p = nl ? nl + 1 : end;
                if (!*line || *line == '#')
                        continue;
                if (!(eq = strchr(line, '=')))
                        return false;
                key = model_trim(line, eq);
                value = model_trim(eq + 1, eq + 1 + strlen(eq + 1));
                for (k = 0; k < K_N; k++)
                        if (strcmp(key, key_names[k]) == 0)
                                break;
                if (k == K_N || seen[k] || !model_value_ok(k, value))
                        return false;
                seen[k] = true;
                m->value[k] = value;
        }
        return true;
}

static bool str_eq_or_default(const char *got, const char *model) {
        return !model || (got && strcmp(got, model) == 0);
}

static void check(char *const *files, const struct model *m, bool model_ok) {
        struct sbx_config *c = NULL;
        struct sbx_diag diag;
        int r;

        sbx_diag_clear(&diag);
        r = sbx_config_load_files(files, &c, &diag);
        if (r > 0 || (r < 0) != !model_ok)
                abort();
        if (r < 0) {
                /* one message, one line, that names the file it is about */
                if (c || !diag.msg[0] || strchr(diag.msg, '\n') || !strstr(diag.msg, dir))
                        abort();
                return;
        }
        if (!c || !c->backend_order || !c->backend_order[0])
                abort();
        /* the backends: known, each once, the model's when the file set them */
        for (size_t i = 0; c->backend_order[i]; i++) {
                bool known = false;
                for (size_t b = 0; b < sizeof(backend_names) / sizeof(backend_names[0]); b++)
                        known |= strcmp(c->backend_order[i], backend_names[b]) == 0;
                if (!known)
                        abort();
                for (size_t j = 0; j < i; j++)
                        if (strcmp(c->backend_order[i], c->backend_order[j]) == 0)
                                abort();
        }
        if (m->value[K_BACKENDS]) {
                const char *b[4];
                size_t n = 0, i;
                if (!model_backends(m->value[K_BACKENDS], b, &n))
                        abort();
                for (i = 0; i < n; i++)
                        if (!c->backend_order[i] || strcmp(c->backend_order[i], b[i]) != 0)
                                abort();
                if (c->backend_order[i])
                        abort();
        }
        if (m->value[K_MODE] && strcmp(sbx_mode_to_string(c->default_mode), m->value[K_MODE]) != 0)
                abort();
        if (!m->value[K_MODE] && c->default_mode != SBX_MODE_WORKSPACE_WRITE)
                abort();
        if (c->audit_writer != (!m->value[K_WRITER] || strcmp(m->value[K_WRITER], "on") == 0))
                abort();
        if (!str_eq_or_default(c->fallback_root, m->value[K_ROOT]) || (!m->value[K_ROOT] && c->fallback_root) ||
            !str_eq_or_default(c->bwrap_path, m->value[K_BWRAP]) ||
            !str_eq_or_default(c->landlock_path, m->value[K_LANDLOCK]) ||
            !str_eq_or_default(c->sandbox_exec_path, m->value[K_SANDBOX_EXEC]) ||
            !str_eq_or_default(c->windows_runner_path, m->value[K_WINRUN]) ||
            !str_eq_or_default(c->cache_dir, m->value[K_CACHE]))
                abort();
        /* a launcher the file names is executed, never replaced by the built-in one */
        if (m->value[K_LANDLOCK] && c->landlock_builtin)
                abort();
        /* whatever came from where: the paths that must be absolute are */
        if ((c->fallback_root && c->fallback_root[0] != '/') || !c->landlock_path || c->landlock_path[0] != '/' ||
            !c->sandbox_exec_path || c->sandbox_exec_path[0] != '/' || (c->cache_dir && c->cache_dir[0] != '/') ||
            !c->bwrap_path || (c->bwrap_path[0] != '/' && strchr(c->bwrap_path, '/')) || !c->windows_runner_path ||
            (c->windows_runner_path[0] != '/' && strchr(c->windows_runner_path, '/')))
                abort();
        sbx_config_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        const uint8_t *nul = memchr(data, '\0', size);
        char *copy, *copy_b;
        size_t len_a = nul ? (size_t) (nul - data) : size;
        struct model m = { { NULL } };
        bool ok;

        if (size > 70000) /* the reader's limit is 64 KiB; past it: refused, nothing to model */
                return 0;
        if (!dir[0])
                make_dir();
        if (!(copy = malloc(size + 1)) || !(copy_b = malloc(size + 1)))
                abort();

        /* the whole input as one file */
        write_file(file_a, data, size);
        memcpy(copy, data, size);
        copy[size] = '\0';
        ok = model_read(&m, copy, size);
        check((char *[]) { file_a, NULL }, &m, ok);

        /* the part before a NUL, then the rest, as two files */
        if (nul) {
                struct model m2 = { { NULL } };
                size_t len_b = size - len_a - 1;

                write_file(file_a, data, len_a);
                write_file(file_b, nul + 1, len_b);
                memcpy(copy, data, len_a);
                copy[len_a] = '\0';
                memcpy(copy_b, nul + 1, len_b);
                copy_b[len_b] = '\0';
                ok = model_read(&m2, copy, len_a) && model_read(&m2, copy_b, len_b);
                check((char *[]) { file_a, file_b, NULL }, &m2, ok);
        }
        free(copy);
        free(copy_b);
        return 0;
}
