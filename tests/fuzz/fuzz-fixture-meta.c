/* libFuzzer target: the meta file of a fixture case (tools/fixture-meta.c), which `sbx fixtures
 * check` reads from whatever tree it is given (a contributor's new case). Whatever it accepts
 * must be what the file says: each value checked against a reading of the file written here
 * (lines, an optional \r, '#' comments, key=value split at the first '='), the numbers in their
 * documented ranges (user= a uid, though nothing keeps it), the mode one of the three, the
 * workspace absolute, every required key there.
 * A value that the parser cannot hold whole must be refused, never cut. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture-meta.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The value of key as the file gives it (the last line that sets it), or NULL. */
static const char *model_value(const char *text, size_t len, const char *key, size_t *ret_len) {
        const char *found = NULL;
        size_t klen = strlen(key);

        for (size_t pos = 0; pos < len;) {
                const char *line = text + pos, *nl = memchr(line, '\n', len - pos), *eq;
                size_t ll = nl ? (size_t) (nl - line) : len - pos;

                pos += ll + (nl ? 1 : 0);
                if (ll > 0 && line[ll - 1] == '\r')
                        ll--;
                if (ll == 0 || line[0] == '#' || !(eq = memchr(line, '=', ll)))
                        continue;
                if ((size_t) (eq - line) == klen && memcmp(line, key, klen) == 0) {
                        found = eq + 1;
                        *ret_len = ll - klen - 1;
                }
        }
        return found;
}

static void same_text(const char *text, size_t len, const char *key, const char *got) {
        size_t vl = 0;
        const char *v = model_value(text, len, key, &vl);

        if (!v) {
                if (got[0])
                        abort();
                return;
        }
        if (strlen(got) != vl || memcmp(got, v, vl) != 0)
                abort();
}

/* The number the file gives for key, in decimal digits only (the accepted form), or -1. */
static long long model_number(const char *text, size_t len, const char *key) {
        size_t vl = 0;
        const char *v = model_value(text, len, key, &vl);
        long long n = 0;

        if (!v)
                return -1;
        if (vl > 0 && v[0] == '-') { /* "-0" is 0 */
                v++;
                vl--;
        }
        for (size_t i = 0; i < vl; i++) {
                if (v[i] < '0' || v[i] > '9')
                        abort(); /* accepted, yet not a number */
                if (n > (INT64_MAX - 9) / 10)
                        return INT64_MAX;
                n = n * 10 + (v[i] - '0');
        }
        return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        const char *text = (const char *) data;
        struct fixture_meta m;
        char err[256];
        size_t vl;

        if (sbx_fixture_meta_parse(text, size, &m, err, sizeof(err)) < 0) {
                if (!err[0] || strlen(err) >= sizeof(err))
                        abort();
                return 0;
        }
        same_text(text, size, "backend", m.backend);
        same_text(text, size, "mode", m.mode);
        same_text(text, size, "source", m.source);
        same_text(text, size, "workspace", m.workspace);
        if (!m.backend[0] || !m.has_exit || !m.has_signal || !m.has_verdict || !m.has_source || !m.source[0])
                abort();
        if (strcmp(m.mode, "read-only") != 0 && strcmp(m.mode, "workspace-write") != 0 && strcmp(m.mode, "raw") != 0)
                abort();
        if (m.workspace[0] && m.workspace[0] != '/')
                abort();
        if (strcmp(m.source, "live") != 0 && strcmp(m.source, "live-raw") != 0 &&
            strncmp(m.source, "https://", 8) != 0 && strncmp(m.source, "http://", 7) != 0)
                abort();
        if ((strcmp(m.source, "live") == 0 && strcmp(m.mode, "raw") == 0) ||
            (strcmp(m.source, "live-raw") == 0 && strcmp(m.mode, "raw") != 0))
                abort();
        if (m.exit_code < 0 || m.exit_code > 255 || m.exit_code != model_number(text, size, "exit"))
                abort();
        if (m.signal < 0 || m.signal > 64 || m.signal != model_number(text, size, "signal"))
                abort();
        if (model_value(text, size, "line", &vl) && (long long) m.line != model_number(text, size, "line"))
                abort();
        /* user= is kept nowhere, but read as a uid: the file's whole value is one */
        if (model_value(text, size, "user", &vl) && model_number(text, size, "user") > (long long) UINT32_MAX - 1)
                abort();
        if (m.verdict != SBX_VERDICT_SUCCESS && m.verdict != SBX_VERDICT_TASK_FAILURE &&
            m.verdict != SBX_VERDICT_DENIED && m.verdict != SBX_VERDICT_RUNNER_FAILURE)
                abort();
        same_text(text, size, "verdict", sbx_verdict_to_string(m.verdict));
        return 0;
}
