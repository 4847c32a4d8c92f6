/* libFuzzer target: the audit writer's request decoding (audit/writer-wire.c), the part of the
 * writer that reads bytes from its clients. The first input byte picks the request ('B' begin,
 * 'D' a batch of denial lines, anything else finish), the rest is its payload. Checked against a
 * reading of the wire format of its own (model_*(), from writer.c's description and the fields
 * sbx_wire_encode_*() send): the decoder accepts exactly what the model reads whole (no byte left
 * over; a flag 0 or 1; an exit code and a signal an int; a mode, a source, a verdict and the
 * counts of denial lines in their ranges; a copied string within its field), and every field it
 * gives is the model's, a string at the same bytes of the frame; a request it accepts, cut short
 * anywhere or given a byte more, is refused. Whatever decodes must encode back to a request that
 * decodes to the same fields (round trip), and a batch stays within the kept list; nothing may
 * read past the input. */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "writer-wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_str(const char *a, const char *b) {
        if ((a == NULL) != (b == NULL) || (a && strcmp(a, b) != 0))
                abort();
}

/* The encoded fields of a frame built by the encoder: past the length, the type and the version. */
static struct sbx_rbuf fields_of(const struct sbx_wbuf *b) {
        size_t skip = sizeof(uint32_t) + 1 + sizeof(uint32_t);

        if (b->oom || b->len < skip)
                abort();
        return (struct sbx_rbuf) { .p = b->data + skip, .left = b->len - skip };
}

static void round_trip_start(const struct sbx_wire_start *a) {
        struct sbx_wbuf b = { 0 };
        struct sbx_wire_start c;
        struct sbx_rbuf r;
        size_t n = 0;

        sbx_wire_frame_start(&b, 'B');
        sbx_wire_encode_start(&b, &a->s);
        r = fields_of(&b);
        if (sbx_wire_decode_start(&r, &c) != 0)
                abort();
        if ((a->s.policy == NULL) != (c.s.policy == NULL))
                abort();
        if (a->s.policy) {
                if (a->policy.mode != c.policy.mode || a->policy.mode_source != c.policy.mode_source ||
                    a->policy.mode_event_id != c.policy.mode_event_id)
                        abort();
                same_str(a->policy.workspace_root, c.policy.workspace_root);
                same_str(a->policy.session_id, c.policy.session_id);
        }
        for (; a->argv[n]; n++)
                same_str(a->argv[n], c.argv[n]);
        if (c.argv[n])
                abort();
        same_str(a->s.cwd, c.s.cwd);
        same_str(a->s.backend, c.s.backend);
        same_str(a->s.enforcement, c.s.enforcement);
        same_str(a->s.enforcement_reason, c.s.enforcement_reason);
        if (a->s.parent_id != c.s.parent_id)
                abort();
        sbx_wire_start_free(&c);
        free(b.data);
}

static void round_trip_end(int64_t id, const struct sbx_execution_end *a) {
        struct sbx_wbuf b = { 0 };
        struct sbx_execution_end c;
        struct sbx_classify_result *res = NULL;
        struct sbx_rbuf r;
        int64_t id2 = 0;

        sbx_wire_frame_start(&b, 'F');
        sbx_wire_encode_end(&b, id, a);
        r = fields_of(&b);
        if (sbx_wire_decode_end(&r, &id2, &c, &res) != 0 || id2 != id)
                abort();
        same_str(a->state, c.state);
        same_str(a->verdict, c.verdict);
        same_str(a->evidence, c.evidence);
        same_str(a->message, c.message);
        if (a->status.exit_code != c.status.exit_code || a->status.signal != c.status.signal ||
            a->timed != c.timed || (a->timed && a->duration_ms != c.duration_ms))
                abort();
        if ((a->result == NULL) != (res == NULL))
                abort();
        if (res) {
                const struct sbx_classify_result *x = a->result;
                if (x->verdict != res->verdict || x->line_no != res->line_no || x->stderr_bytes != res->stderr_bytes ||
                    x->stderr_lines != res->stderr_lines || x->denial_lines != res->denial_lines ||
                    x->n_denials != res->n_denials || x->status.exit_code != res->status.exit_code ||
                    x->status.signal != res->status.signal)
                        abort();
                same_str(x->rule, res->rule);
                same_str(x->signature, res->signature);
                same_str(x->matched_line, res->matched_line);
                for (size_t i = 0; i < x->n_denials; i++) {
                        if (x->denials[i].line_no != res->denials[i].line_no)
                                abort();
                        same_str(x->denials[i].line, res->denials[i].line);
                        same_str(x->denials[i].path, res->denials[i].path);
                }
        }
        free(res);
        free(b.data);
}

static void round_trip_denials(int64_t id, const struct sbx_execution_denials *a) {
        struct sbx_wbuf b = { 0 };
        struct sbx_execution_denials c;
        struct sbx_denial *lines = NULL;
        struct sbx_rbuf r;
        int64_t id2 = 0;

        /* what the writer stores stays within the kept list */
        if (a->first + a->n > SBX_DENIALS_KEPT || a->counted < a->first + a->n || (a->n > 0) != (a->d != NULL))
                abort();
        sbx_wire_frame_start(&b, 'D');
        sbx_wire_encode_denials(&b, id, a);
        r = fields_of(&b);
        if (sbx_wire_decode_denials(&r, &id2, &c, &lines) != 0 || id2 != id)
                abort();
        if (c.counted != a->counted || c.first != a->first || c.n != a->n)
                abort();
        for (size_t i = 0; i < a->n; i++) {
                if (a->d[i].line_no != c.d[i].line_no)
                        abort();
                same_str(a->d[i].line, c.d[i].line);
                same_str(a->d[i].path, c.d[i].path);
        }
        free(lines);
        free(b.data);
}

/* ---- the model: the wire format read apart from writer-wire.c ------------------------------- */

struct model {
        const char *p;
        size_t left;
        bool bad;
};

static int64_t model_i64(struct model *m) {
        int64_t v = 0;

        if (m->bad || m->left < 8) {
                m->bad = true;
                return 0;
        }
        memcpy(&v, m->p, 8);
        m->p += 8;
        m->left -= 8;
        return v;
}

/* A u32 length, UINT32_MAX for NULL, else that many bytes, none of them NUL, and a NUL. */
static const char *model_str(struct model *m) {
        uint32_t n;

        if (m->bad || m->left < 4) {
                m->bad = true;
                return NULL;
        }
        memcpy(&n, m->p, 4);
        m->p += 4;
        m->left -= 4;
        if (n == UINT32_MAX)
                return NULL;
        if (m->left <= n) {
                m->bad = true;
                return NULL;
        }
        for (uint32_t i = 0; i < n; i++)
                if (m->p[i] == '\0')
                        m->bad = true;
        if (m->p[n] != '\0')
                m->bad = true;
        if (m->bad)
                return NULL;
        m->p += (size_t) n + 1;
        m->left -= (size_t) n + 1;
        return m->p - n - 1;
}

/* A string copied into a field of `size` bytes: NULL is "", a longer one is refused. */
static const char *model_copied(struct model *m, size_t size) {
        const char *s = model_str(m);

        if (s && strlen(s) >= size)
                m->bad = true;
        return s ? s : "";
}

/* A flag: 0 or 1, as encoded. */
static bool model_flag(struct model *m) {
        int64_t v = model_i64(m);

        if (v != 0 && v != 1)
                m->bad = true;
        return v == 1;
}

/* An int, sent as an i64: within int's range. */
static int model_int(struct model *m) {
        int64_t v = model_i64(m);

        if (v < INT_MIN || v > INT_MAX)
                m->bad = true;
        return v < INT_MIN || v > INT_MAX ? 0 : (int) v;
}

static bool model_done(const struct model *m) {
        return !m->bad && m->left == 0;
}

static void same_ptr(const char *a, const char *b) {
        if (a != b)
                abort();
}

/* A denial line (its number, its text, its path) read by the model against the decoder's. */
static void model_denial(struct model *m, const struct sbx_denial *d, bool check) {
        uint64_t no = (uint64_t) model_i64(m);
        const char *line = model_copied(m, sizeof(d->line)), *path = model_copied(m, sizeof(d->path));

        if (check && !m->bad && (d->line_no != no || strcmp(d->line, line) != 0 || strcmp(d->path, path) != 0))
                abort();
}

/* The model of a begin request; with w (the decoder's, accepted), its fields compared. */
static bool model_start(const char *p, size_t len, const struct sbx_wire_start *w) {
        struct model m = { .p = p, .left = len };
        int64_t n;

        if (model_flag(&m)) {
                int64_t mode = model_i64(&m), source = model_i64(&m);
                const char *ws = model_str(&m), *session = model_str(&m);
                int64_t event = model_i64(&m);

                if (mode < 0 || mode >= _SBX_MODE_MAX || source < 0 || source > 16)
                        m.bad = true;
                if (w && !m.bad) {
                        if (!w->s.policy || (int64_t) w->policy.mode != mode ||
                            (int64_t) w->policy.mode_source != source || w->policy.mode_event_id != event)
                                abort();
                        same_ptr(w->policy.workspace_root, ws);
                        same_ptr(w->policy.session_id, session);
                }
        } else if (w && !m.bad && w->s.policy)
                abort();
        n = model_i64(&m);
        if (n < 0)
                m.bad = true;
        for (int64_t i = 0; !m.bad && i < n; i++) {
                const char *a = model_str(&m);

                if (!a)
                        m.bad = true;
                else if (w)
                        same_ptr(w->argv[i], a);
        }
        if (w && !m.bad && w->argv[n])
                abort();
        {
                const char *cwd = model_str(&m), *backend = model_str(&m), *enf = model_str(&m),
                           *reason = model_str(&m);
                int64_t parent = model_i64(&m);

                if (!cwd)
                        m.bad = true;
                if (w && model_done(&m)) {
                        same_ptr(w->s.cwd, cwd);
                        same_ptr(w->s.backend, backend);
                        same_ptr(w->s.enforcement, enf);
                        same_ptr(w->s.enforcement_reason, reason);
                        if (w->s.parent_id != parent)
                                abort();
                }
        }
        return model_done(&m);
}

/* The model of a finish request; with e and res (the decoder's, accepted), compared. */
static bool model_end(const char *p, size_t len, int64_t id, const struct sbx_execution_end *e,
                      const struct sbx_classify_result *res) {
        struct model m = { .p = p, .left = len };
        int64_t mid = model_i64(&m), duration;
        const char *state = model_str(&m), *verdict = model_str(&m), *evidence = model_str(&m),
                   *message = model_str(&m);
        int code = model_int(&m), sig = model_int(&m);
        bool has;

        duration = model_i64(&m);
        if (duration < -1)
                m.bad = true;
        has = model_flag(&m);
        if (e && !m.bad) {
                if (id != mid || e->status.exit_code != code || e->status.signal != sig || e->timed != (duration >= 0) ||
                    (e->timed && e->duration_ms != duration) || (res != NULL) != has)
                        abort();
                same_ptr(e->state, state);
                same_ptr(e->verdict, verdict);
                same_ptr(e->evidence, evidence);
                same_ptr(e->message, message);
        }
        if (has) {
                int64_t v = model_i64(&m);
                int rcode = model_int(&m), rsig = model_int(&m);
                const char *rule = model_copied(&m, sizeof(res->rule)), *sigtext = model_copied(&m, sizeof(res->signature));
                uint64_t line_no = (uint64_t) model_i64(&m);
                const char *matched = model_copied(&m, sizeof(res->matched_line));
                uint64_t bytes = (uint64_t) model_i64(&m), lines = (uint64_t) model_i64(&m),
                         denial_lines = (uint64_t) model_i64(&m);
                int64_t n = model_i64(&m);

                if (v < 0 || v >= _SBX_VERDICT_MAX || n < 0 || n > SBX_DENIALS_KEPT)
                        m.bad = true;
                if (res && !m.bad &&
                    ((int64_t) res->verdict != v || res->status.exit_code != rcode || res->status.signal != rsig ||
                     strcmp(res->rule, rule) != 0 || strcmp(res->signature, sigtext) != 0 || res->line_no != line_no ||
                     strcmp(res->matched_line, matched) != 0 || res->stderr_bytes != bytes ||
                     res->stderr_lines != lines || res->denial_lines != denial_lines || (int64_t) res->n_denials != n))
                        abort();
                for (int64_t i = 0; !m.bad && i < n; i++)
                        model_denial(&m, res ? &res->denials[i] : NULL, res != NULL);
        }
        return model_done(&m);
}

/* The model of a batch of denial lines; with d (the decoder's, accepted), compared. */
static bool model_denials(const char *p, size_t len, int64_t id, const struct sbx_execution_denials *d) {
        struct model m = { .p = p, .left = len };
        int64_t mid = model_i64(&m), counted = model_i64(&m), first = model_i64(&m), n = model_i64(&m);

        /* (n against what is left after first: first + n overflowed for a huge n, UBSan in CI) */
        if (mid <= 0 || counted < 0 || first < 0 || first > SBX_DENIALS_KEPT || n < 0 || n > SBX_DENIALS_KEPT - first ||
            counted < first + n)
                m.bad = true;
        if (d && !m.bad &&
            (id != mid || (int64_t) d->counted != counted || (int64_t) d->first != first || (int64_t) d->n != n))
                abort();
        for (int64_t i = 0; !m.bad && i < n; i++)
                model_denial(&m, d ? &d->d[i] : NULL, d != NULL);
        return model_done(&m);
}

/* Whether the decoder accepts the payload p[len] as a request of `type` (a copy of exactly len
 * bytes, so that a read past it is a sanitizer report). */
static bool decodes(char type, const char *p, size_t len) {
        char *copy = malloc(len ? len : 1);
        struct sbx_rbuf r;
        bool ok;

        if (!copy)
                abort();
        memcpy(copy, p, len);
        r = (struct sbx_rbuf) { .p = copy, .left = len };
        if (type == 'B') {
                struct sbx_wire_start w;
                ok = sbx_wire_decode_start(&r, &w) == 0;
                sbx_wire_start_free(&w);
        } else if (type == 'D') {
                struct sbx_execution_denials d;
                struct sbx_denial *lines = NULL;
                int64_t id = 0;
                ok = sbx_wire_decode_denials(&r, &id, &d, &lines) == 0;
                free(lines);
        } else {
                struct sbx_execution_end e;
                struct sbx_classify_result *res = NULL;
                int64_t id = 0;
                ok = sbx_wire_decode_end(&r, &id, &e, &res) == 0;
                free(res);
        }
        free(copy);
        return ok;
}

/* A request accepted whole: cut short anywhere (each of the last 16 bytes, and 32 cuts spread
 * over the rest) or given a byte more, it is refused, never read in part. */
static void not_in_part(char type, const char *p, size_t len) {
        char *more = malloc(len + 1);

        for (size_t k = 1; k <= len && k <= 16; k++)
                if (decodes(type, p, len - k))
                        abort();
        for (size_t k = 0; k < 32 && len > 16; k++)
                if (decodes(type, p, (len - 16) * k / 32))
                        abort();
        if (!more)
                abort();
        memcpy(more, p, len);
        more[len] = 0;
        if (decodes(type, more, len + 1))
                abort();
        free(more);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        char *copy;
        struct sbx_rbuf r;
        bool model_ok = false;

        if (size < 1)
                return 0;
        /* an exact-size copy: reading one byte past the payload is an ASan report */
        copy = malloc(size - 1 ? size - 1 : 1);
        if (!copy)
                return 0;
        memcpy(copy, data + 1, size - 1);
        r = (struct sbx_rbuf) { .p = copy, .left = size - 1 };
        if (data[0] == 'B') {
                struct sbx_wire_start w;
                bool ok = sbx_wire_decode_start(&r, &w) == 0;

                model_ok = ok;
                if (ok != model_start(copy, size - 1, ok ? &w : NULL))
                        abort();
                if (ok)
                        round_trip_start(&w);
                sbx_wire_start_free(&w);
        } else if (data[0] == 'D') {
                struct sbx_execution_denials d;
                struct sbx_denial *lines = NULL;
                int64_t id = 0;
                bool ok = sbx_wire_decode_denials(&r, &id, &d, &lines) == 0;

                model_ok = ok;
                if (ok != model_denials(copy, size - 1, id, ok ? &d : NULL))
                        abort();
                if (ok)
                        round_trip_denials(id, &d);
                free(lines);
        } else {
                struct sbx_execution_end e;
                struct sbx_classify_result *res = NULL;
                int64_t id = 0;
                bool ok = sbx_wire_decode_end(&r, &id, &e, &res) == 0;

                model_ok = ok;
                if (ok != model_end(copy, size - 1, id, ok ? &e : NULL, res))
                        abort();
                if (ok)
                        round_trip_end(id, &e);
                free(res);
        }
        if (model_ok)
                not_in_part(data[0] == 'B' || data[0] == 'D' ? (char) data[0] : 'F', copy, size - 1);
        free(copy);
        return 0;
}
