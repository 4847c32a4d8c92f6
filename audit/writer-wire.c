/* The audit writer's wire format (see writer.c for the protocol): frames built and read field by
 * field, and the begin and finish requests encoded and decoded. Pure: no socket, no database. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "writer-wire.h"

static void put(struct sbx_wbuf *b, const void *p, size_t n) {
        if (b->oom)
                return;
        if (b->len + n > b->cap) {
                size_t cap = b->cap ? b->cap : 512;
                char *d;
                while (cap < b->len + n)
                        cap *= 2;
                d = realloc(b->data, cap);
                if (!d) {
                        b->oom = true;
                        return;
                }
                b->data = d;
                b->cap = cap;
        }
        memcpy(b->data + b->len, p, n);
        b->len += n;
}

void sbx_wire_put_i64(struct sbx_wbuf *b, int64_t v) {
        put(b, &v, sizeof(v));
}

void sbx_wire_put_str(struct sbx_wbuf *b, const char *s) {
        uint32_t n = s ? (uint32_t) strlen(s) : UINT32_MAX;

        put(b, &n, sizeof(n));
        if (s)
                put(b, s, (size_t) n + 1);
}

/* A frame under construction: room for the length, filled in by frame_send(). */
void sbx_wire_frame_start(struct sbx_wbuf *b, char type) {
        uint32_t zero = 0, version = SBX_WIRE_PROTOCOL_VERSION;

        b->len = 0;
        put(b, &zero, sizeof(zero));
        put(b, &type, 1);
        if (type == 'B' || type == 'F' || type == 'S' || type == 'D')
                put(b, &version, sizeof(version));
}

int64_t sbx_wire_get_i64(struct sbx_rbuf *r) {
        int64_t v = 0;

        if (r->bad || r->left < sizeof(v)) {
                r->bad = true;
                return 0;
        }
        memcpy(&v, r->p, sizeof(v));
        r->p += sizeof(v);
        r->left -= sizeof(v);
        return v;
}

/* A pointer into the frame (NUL-terminated, no NUL inside), or NULL. */
const char *sbx_wire_get_str(struct sbx_rbuf *r) {
        uint32_t n;
        const char *s;

        if (r->bad || r->left < sizeof(n)) {
                r->bad = true;
                return NULL;
        }
        memcpy(&n, r->p, sizeof(n));
        r->p += sizeof(n);
        r->left -= sizeof(n);
        if (n == UINT32_MAX)
                return NULL;
        if (r->left < (size_t) n + 1 || r->p[n] != '\0' || memchr(r->p, '\0', n)) {
                r->bad = true;
                return NULL;
        }
        s = r->p;
        r->p += (size_t) n + 1;
        r->left -= (size_t) n + 1;
        return s;
}

/* Copies a string field into fixed storage; false when it does not fit. */
bool sbx_wire_get_into(struct sbx_rbuf *r, char *buf, size_t size) {
        const char *s = sbx_wire_get_str(r);

        if (!s) {
                buf[0] = '\0';
                return !r->bad;
        }
        if (strlen(s) >= size) {
                r->bad = true;
                return false;
        }
        memcpy(buf, s, strlen(s) + 1);
        return true;
}

/* ---- the requests ---------------------------------------------------------------------------- */

/* A denial line, as an end's result and a batch both send it: its number, its text, its path. */
static void put_denial(struct sbx_wbuf *b, const struct sbx_denial *d) {
        sbx_wire_put_i64(b, (int64_t) d->line_no);
        sbx_wire_put_str(b, d->line);
        sbx_wire_put_str(b, d->path);
}

static void get_denial(struct sbx_rbuf *r, struct sbx_denial *d) {
        d->line_no = (uint64_t) sbx_wire_get_i64(r);
        sbx_wire_get_into(r, d->line, sizeof(d->line));
        sbx_wire_get_into(r, d->path, sizeof(d->path));
}

void sbx_wire_encode_start(struct sbx_wbuf *b, const struct sbx_execution_start *s) {
        const struct sbx_policy *p = s->policy;
        size_t n = 0;

        sbx_wire_put_i64(b, p ? 1 : 0);
        if (p) {
                sbx_wire_put_i64(b, p->mode);
                sbx_wire_put_i64(b, p->mode_source);
                sbx_wire_put_str(b, p->workspace_root);
                sbx_wire_put_str(b, p->session_id);
                sbx_wire_put_i64(b, p->mode_event_id);
        }
        while (s->argv && s->argv[n])
                n++;
        sbx_wire_put_i64(b, (int64_t) n);
        for (size_t i = 0; i < n; i++)
                sbx_wire_put_str(b, s->argv[i]);
        sbx_wire_put_str(b, s->cwd);
        sbx_wire_put_str(b, s->backend);
        sbx_wire_put_str(b, s->enforcement);
        sbx_wire_put_str(b, s->enforcement_reason);
        sbx_wire_put_i64(b, s->parent_id);
}

void sbx_wire_encode_end(struct sbx_wbuf *b, int64_t id, const struct sbx_execution_end *e) {
        const struct sbx_classify_result *res = e->result;

        sbx_wire_put_i64(b, id);
        sbx_wire_put_str(b, e->state);
        sbx_wire_put_str(b, e->verdict);
        sbx_wire_put_str(b, e->evidence);
        sbx_wire_put_str(b, e->message);
        sbx_wire_put_i64(b, e->status.exit_code);
        sbx_wire_put_i64(b, e->status.signal);
        sbx_wire_put_i64(b, e->timed ? e->duration_ms : -1);
        sbx_wire_put_i64(b, res ? 1 : 0);
        if (!res)
                return;
        sbx_wire_put_i64(b, res->verdict);
        sbx_wire_put_i64(b, res->status.exit_code);
        sbx_wire_put_i64(b, res->status.signal);
        sbx_wire_put_str(b, res->rule);
        sbx_wire_put_str(b, res->signature);
        sbx_wire_put_i64(b, (int64_t) res->line_no);
        sbx_wire_put_str(b, res->matched_line);
        sbx_wire_put_i64(b, (int64_t) res->stderr_bytes);
        sbx_wire_put_i64(b, (int64_t) res->stderr_lines);
        sbx_wire_put_i64(b, (int64_t) res->denial_lines);
        sbx_wire_put_i64(b, (int64_t) res->n_denials);
        for (size_t i = 0; i < res->n_denials; i++)
                put_denial(b, &res->denials[i]);
}

void sbx_wire_encode_denials(struct sbx_wbuf *b, int64_t id, const struct sbx_execution_denials *d) {
        sbx_wire_put_i64(b, id);
        sbx_wire_put_i64(b, (int64_t) d->counted);
        sbx_wire_put_i64(b, (int64_t) d->first);
        sbx_wire_put_i64(b, (int64_t) d->n);
        for (size_t i = 0; i < d->n; i++)
                put_denial(b, &d->d[i]);
}

bool sbx_wire_in_range(int64_t v, int64_t lo, int64_t hi) {
        return v >= lo && v <= hi;
}


int sbx_wire_decode_start(struct sbx_rbuf *r, struct sbx_wire_start *ret) {
        int64_t has_policy, n;

        memset(ret, 0, sizeof(*ret));
        has_policy = sbx_wire_get_i64(r);
        /* a flag is 0 or 1, as encoded: another value is a frame gone wrong */
        if (!sbx_wire_in_range(has_policy, 0, 1))
                r->bad = true;
        if (has_policy == 1) {
                int64_t mode = sbx_wire_get_i64(r), source = sbx_wire_get_i64(r);
                if (!sbx_wire_in_range(mode, 0, _SBX_MODE_MAX - 1) || !sbx_wire_in_range(source, 0, 16))
                        r->bad = true;
                ret->policy.mode = (enum sbx_mode) mode;
                ret->policy.mode_source = (enum sbx_mode_source) source;
                ret->policy.workspace_root = (char *) sbx_wire_get_str(r);
                ret->policy.session_id = (char *) sbx_wire_get_str(r);
                ret->policy.mode_event_id = sbx_wire_get_i64(r);
                ret->s.policy = &ret->policy;
        }
        n = sbx_wire_get_i64(r);
        /* each argument takes at least 5 bytes: what is left bounds the count */
        if (r->bad || !sbx_wire_in_range(n, 0, (int64_t) (r->left / 5)))
                return -EBADMSG;
        ret->argv = calloc((size_t) n + 1, sizeof(char *));
        if (!ret->argv)
                return -ENOMEM;
        for (int64_t i = 0; i < n; i++) {
                ret->argv[i] = (char *) sbx_wire_get_str(r);
                if (!ret->argv[i])
                        r->bad = true;
        }
        ret->s.argv = ret->argv;
        ret->s.cwd = sbx_wire_get_str(r);
        ret->s.backend = sbx_wire_get_str(r);
        ret->s.enforcement = sbx_wire_get_str(r);
        ret->s.enforcement_reason = sbx_wire_get_str(r);
        ret->s.parent_id = sbx_wire_get_i64(r);
        if (r->bad || r->left != 0 || !ret->s.cwd)
                return -EBADMSG;
        return 0;
}

void sbx_wire_start_free(struct sbx_wire_start *w) {
        free(w->argv);
        w->argv = NULL;
}

/* An int sent as an i64 (an exit code, a signal): one out of int's range makes the frame bad
 * rather than be cut to its low bits (2^32 + 1 read as 1). */
static int get_int(struct sbx_rbuf *r) {
        int64_t v = sbx_wire_get_i64(r);

        if (!sbx_wire_in_range(v, INT_MIN, INT_MAX)) {
                r->bad = true;
                return 0;
        }
        return (int) v;
}

int sbx_wire_decode_end(struct sbx_rbuf *r, int64_t *ret_id, struct sbx_execution_end *ret_e,
                        struct sbx_classify_result **ret_result) {
        struct sbx_classify_result *res = NULL;
        struct sbx_execution_end e = { 0 };
        int64_t id = sbx_wire_get_i64(r), has_result;

        *ret_result = NULL;
        e.state = sbx_wire_get_str(r);
        e.verdict = sbx_wire_get_str(r);
        e.evidence = sbx_wire_get_str(r);
        e.message = sbx_wire_get_str(r);
        e.status.exit_code = get_int(r);
        e.status.signal = get_int(r);
        e.duration_ms = sbx_wire_get_i64(r);
        e.timed = e.duration_ms >= 0;
        if (e.duration_ms < -1)
                r->bad = true;
        has_result = sbx_wire_get_i64(r);
        if (!sbx_wire_in_range(has_result, 0, 1))
                r->bad = true;
        if (has_result == 1 && !r->bad) {
                int64_t v, n;
                res = calloc(1, sizeof(*res));
                if (!res)
                        return -ENOMEM;
                v = sbx_wire_get_i64(r);
                if (!sbx_wire_in_range(v, 0, _SBX_VERDICT_MAX - 1))
                        r->bad = true;
                res->verdict = (enum sbx_verdict) v;
                res->status.exit_code = get_int(r);
                res->status.signal = get_int(r);
                sbx_wire_get_into(r, res->rule, sizeof(res->rule));
                sbx_wire_get_into(r, res->signature, sizeof(res->signature));
                res->line_no = (uint64_t) sbx_wire_get_i64(r);
                sbx_wire_get_into(r, res->matched_line, sizeof(res->matched_line));
                res->stderr_bytes = (uint64_t) sbx_wire_get_i64(r);
                res->stderr_lines = (uint64_t) sbx_wire_get_i64(r);
                res->denial_lines = (uint64_t) sbx_wire_get_i64(r);
                n = sbx_wire_get_i64(r);
                if (!sbx_wire_in_range(n, 0, SBX_DENIALS_KEPT))
                        r->bad = true;
                for (int64_t i = 0; !r->bad && i < n; i++)
                        get_denial(r, &res->denials[i]);
                res->n_denials = r->bad ? 0 : (size_t) n;
                e.result = res;
        }
        if (r->bad || r->left != 0) {
                free(res);
                return -EBADMSG;
        }
        *ret_id = id;
        *ret_e = e;
        *ret_result = res;
        return 0;
}

int sbx_wire_decode_denials(struct sbx_rbuf *r, int64_t *ret_id, struct sbx_execution_denials *ret_d,
                            struct sbx_denial **ret_lines) {
        struct sbx_denial *lines = NULL;
        int64_t id = sbx_wire_get_i64(r), counted = sbx_wire_get_i64(r), first = sbx_wire_get_i64(r),
                n = sbx_wire_get_i64(r);

        *ret_lines = NULL;
        /* the kept list's bound, as the end's: a batch never holds more, nor lines past it */
        if (r->bad || id <= 0 || counted < 0 || !sbx_wire_in_range(first, 0, SBX_DENIALS_KEPT) ||
            !sbx_wire_in_range(n, 0, SBX_DENIALS_KEPT - first) || counted < first + n)
                return -EBADMSG;
        if (n > 0) {
                lines = calloc((size_t) n, sizeof(*lines));
                if (!lines)
                        return -ENOMEM;
        }
        for (int64_t i = 0; !r->bad && i < n; i++)
                get_denial(r, &lines[i]);
        if (r->bad || r->left != 0) {
                free(lines);
                return -EBADMSG;
        }
        *ret_id = id;
        *ret_d = (struct sbx_execution_denials) {
                .counted = (uint64_t) counted,
                .first = (size_t) first,
                .n = (size_t) n,
                .d = lines,
        };
        *ret_lines = lines;
        return 0;
}
