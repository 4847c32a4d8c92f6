/* libFuzzer target: the meta file of a fixture case (tools/fixture-meta.c), which `sbx fixtures
 * check` reads from whatever tree it is given (a contributor's new case). It accepts exactly what
 * a model of the format written here accepts (model_accepts(), fixtures/README.md), and whatever
 * it accepts must be what the file says: each value checked against a reading of the file written here
 * (lines, an optional \r, '#' comments, key=value split at the first '='), the numbers in their
 * documented ranges (user= a uid, though nothing keeps it), the mode one of the three, the
 * workspace absolute, every required key there.
 * A value that the parser cannot hold whole must be refused, never cut. */
#include <stdbool.h>
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

/* Whether v[0..vl) is decimal digits alone whose number is at most max. */
static bool model_digits(const char *v, size_t vl, unsigned long long max) {
        unsigned long long n = 0;

        if (vl == 0)
                return false;
        for (size_t i = 0; i < vl; i++) {
                unsigned long long d = (unsigned long long) (v[i] - '0');

                if (v[i] < '0' || v[i] > '9' || d > max || n > (max - d) / 10)
                        return false;
                n = n * 10 + d;
        }
        return true;
}

static bool model_is(const char *v, size_t vl, const char *word) {
        return vl == strlen(word) && memcmp(v, word, vl) == 0;
}

/* Whether the file is a case's meta as fixtures/README.md states it: key=value lines (an optional
 * \r, '#' comments, blank lines; no NUL byte), each key a known one and once, no value longer
 * than 511 bytes (backend 63, mode 31; note and argv_note any), each value of its form, and the
 * keys every case needs there, together as they must go. */
static bool model_accepts(const char *text, size_t len) {
        static const char *const keys[] = { "backend", "mode",      "exit",      "signal", "verdict",  "source",
                                            "note",    "user",      "line",      "argv_note", "workspace" };
        bool seen[sizeof(keys) / sizeof(keys[0])] = { false };
        const char *mode = NULL, *source = NULL;
        size_t mode_len = 0, source_len = 0;
        bool backend = false, signalled = false, exited = false;

        for (size_t pos = 0; pos < len;) {
                const char *line = text + pos, *nl = memchr(line, '\n', len - pos), *eq, *v;
                size_t ll = nl ? (size_t) (nl - line) : len - pos, k, vl;

                pos += ll + (nl ? 1 : 0);
                if (ll > 0 && line[ll - 1] == '\r')
                        ll--;
                if (memchr(line, '\0', ll))
                        return false;
                if (ll == 0 || line[0] == '#')
                        continue;
                if (!(eq = memchr(line, '=', ll)))
                        return false;
                for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
                        if (model_is(line, (size_t) (eq - line), keys[k]))
                                break;
                if (k == sizeof(keys) / sizeof(keys[0]) || seen[k])
                        return false;
                seen[k] = true;
                v = eq + 1;
                vl = ll - (size_t) (v - line);
                if (vl >= (k == 0 ? 64 : k == 1 ? 32 : k == 6 || k == 9 ? SIZE_MAX : 512))
                        return false;
                switch (k) {
                case 0: backend = vl > 0; break;
                case 1:
                        if (!model_is(v, vl, "read-only") && !model_is(v, vl, "workspace-write") && !model_is(v, vl, "raw"))
                                return false;
                        mode = v;
                        mode_len = vl;
                        break;
                case 2:
                        if (!model_digits(v, vl, 255))
                                return false;
                        exited = !model_digits(v, vl, 0);
                        break;
                case 3:
                        if (!model_digits(v, vl, 64))
                                return false;
                        signalled = !model_digits(v, vl, 0);
                        break;
                case 4:
                        if (!model_is(v, vl, "success") && !model_is(v, vl, "task_failure") && !model_is(v, vl, "denied") &&
                            !model_is(v, vl, "runner_failure"))
                                return false;
                        break;
                case 5:
                        if (vl > 0 && !model_is(v, vl, "live") && !model_is(v, vl, "live-raw") &&
                            !(vl > 8 && memcmp(v, "https://", 8) == 0) && !(vl > 7 && memcmp(v, "http://", 7) == 0))
                                return false;
                        source = v;
                        source_len = vl;
                        break;
                case 7:
                        if (!model_digits(v, vl, UINT32_MAX - 1))
                                return false;
                        break;
                case 8:
                        if (!model_digits(v, vl, INT64_MAX))
                                return false;
                        break;
                case 10:
                        if (vl == 0 || v[0] != '/')
                                return false;
                        break;
                default: break;
                }
        }
        if (!backend || !mode || !seen[2] || !seen[3] || !seen[4] || !source || source_len == 0 || (signalled && exited))
                return false;
        /* raw (the runner run directly) and live-raw go together, live with a confined mode */
        if ((model_is(source, source_len, "live") && model_is(mode, mode_len, "raw")) ||
            (model_is(source, source_len, "live-raw") && !model_is(mode, mode_len, "raw")))
                return false;
        return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        const char *text = (const char *) data;
        struct fixture_meta m;
        char err[256];
        size_t vl;

        /* both ways: what the file format allows is accepted, nothing else */
        if ((sbx_fixture_meta_parse(text, size, &m, err, sizeof(err)) == 0) != model_accepts(text, size))
                abort();
        if (!model_accepts(text, size)) {
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
