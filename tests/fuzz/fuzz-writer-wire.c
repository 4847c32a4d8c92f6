/* libFuzzer target: the audit writer's request decoding (audit/writer-wire.c), the part of the
 * writer that reads bytes from its clients. The first input byte picks the request ('B' begin,
 * 'D' a batch of denial lines, anything else finish), the rest is its payload. Whatever decodes
 * must encode back to a request that decodes to the same fields (round trip), and a batch stays
 * within the kept list; nothing may read past the input. */
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
        char *copy;
        struct sbx_rbuf r;

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
                if (sbx_wire_decode_start(&r, &w) == 0)
                        round_trip_start(&w);
                sbx_wire_start_free(&w);
        } else if (data[0] == 'D') {
                struct sbx_execution_denials d;
                struct sbx_denial *lines = NULL;
                int64_t id = 0;
                if (sbx_wire_decode_denials(&r, &id, &d, &lines) == 0)
                        round_trip_denials(id, &d);
                free(lines);
        } else {
                struct sbx_execution_end e;
                struct sbx_classify_result *res = NULL;
                int64_t id = 0;
                if (sbx_wire_decode_end(&r, &id, &e, &res) == 0)
                        round_trip_end(id, &e);
                free(res);
        }
        free(copy);
        return 0;
}
