/* libFuzzer target: lexical path normalization and the "beneath" test, which decide whether a
 * path lies inside the workspace (the protected paths, the Landlock refusal, the denial paths).
 * Both are checked against a model written differently here: the path split into components,
 * "." dropped, ".." popping one (never above the root); beneath means the directory's components
 * are a prefix of the path's. The input is two paths separated by the first NUL byte. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sbx-confine.h"
#include "sbx-realpath.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct model {
        const char **start;
        size_t *len;
        size_t n;
};

/* Components of an absolute path, normalized by the model (at most one per two bytes). */
static void model_split(const char *p, struct model *m) {
        size_t max = strlen(p) / 2 + 1;

        m->start = malloc(max * sizeof(*m->start));
        m->len = malloc(max * sizeof(*m->len));
        if (!m->start || !m->len)
                abort();
        m->n = 0;
        while (*p) {
                size_t l = strcspn(p, "/");
                if (l == 2 && p[0] == '.' && p[1] == '.') {
                        if (m->n > 0)
                                m->n--;
                } else if (l > 0 && !(l == 1 && p[0] == '.')) {
                        m->start[m->n] = p;
                        m->len[m->n++] = l;
                }
                p += l;
                while (*p == '/')
                        p++;
        }
}

static bool model_equals(const struct model *m, const char *norm) {
        if (m->n == 0)
                return strcmp(norm, "/") == 0;
        for (size_t i = 0; i < m->n; i++) {
                if (*norm++ != '/' || strncmp(norm, m->start[i], m->len[i]) != 0)
                        return false;
                norm += m->len[i];
        }
        return *norm == '\0';
}

static bool model_beneath(const struct model *path, const struct model *dir) {
        if (dir->n > path->n)
                return false;
        for (size_t i = 0; i < dir->n; i++)
                if (dir->len[i] != path->len[i] || memcmp(dir->start[i], path->start[i], dir->len[i]) != 0)
                        return false;
        return true;
}

/* Normalizes p and checks the result against the model and itself; returns it (caller frees). */
static char *check_normalize(const char *p, struct model *m) {
        char *norm = NULL, *again = NULL;
        int r = sbx_path_normalize(p, &norm);

        if (p[0] != '/') {
                if (r != -EINVAL || norm)
                        abort();
                return NULL;
        }
        if (r < 0 || !norm)
                abort();
        model_split(p, m);
        if (!model_equals(m, norm))
                abort();
        /* idempotent, and already normal */
        if (sbx_path_normalize(norm, &again) < 0 || strcmp(again, norm) != 0)
                abort();
        free(again);
        return norm;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        char *buf = malloc(size + 2), *a, *b, *na, *nb;
        struct model ma = { 0 }, mb = { 0 };

        if (!buf)
                return 0;
        memcpy(buf, data, size);
        buf[size] = buf[size + 1] = '\0';
        a = buf;
        b = buf + strlen(buf) + 1; /* "" when there is no NUL byte */
        na = check_normalize(a, &ma);
        nb = check_normalize(b, &mb);
        if (na && nb) {
                if (sbx_path_beneath(na, nb) != model_beneath(&ma, &mb))
                        abort();
                /* every path is beneath itself and beneath the root */
                if (!sbx_path_beneath(na, na) || !sbx_path_beneath(na, "/"))
                        abort();
        }
        free(na);
        free(nb);
        free(ma.start);
        free(ma.len);
        free(mb.start);
        free(mb.len);
        free(buf);
        return 0;
}
