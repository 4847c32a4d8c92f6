/* writer-wire.h: the audit writer's wire format (writer-wire.c), apart from sockets and SQLite so
 * that it can be fuzzed on its own. Internal to audit/. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sbx-audit.h"

/* 2: a finish request carries the supervisor's duration; 3: 'D', the denial lines of a running row
 * (a writer of 2 would drop the connection on one) */
#define SBX_WIRE_PROTOCOL_VERSION 3
#define SBX_WIRE_FRAME_MAX (1U << 20)

/* A frame under construction (the u32 length first, filled in by the sender). */
struct sbx_wbuf {
        char *data;
        size_t len, cap;
        bool oom; /* an allocation failed: the frame is incomplete */
};
/* A frame being read: fields are taken from p; bad is sticky. */
struct sbx_rbuf {
        const char *p;
        size_t left;
        bool bad;
};

void sbx_wire_put_i64(struct sbx_wbuf *b, int64_t v);
void sbx_wire_put_str(struct sbx_wbuf *b, const char *s); /* NULL is encoded as such */
/* Starts a frame of `type`; requests ('B', 'F', 'S', 'D') carry the protocol version. */
void sbx_wire_frame_start(struct sbx_wbuf *b, char type);
int64_t sbx_wire_get_i64(struct sbx_rbuf *r);
/* A pointer into the frame (NUL-terminated, no NUL inside), or NULL (encoded NULL, or bad). */
const char *sbx_wire_get_str(struct sbx_rbuf *r);
/* Copies a string field into buf[size]; a longer one makes the frame bad. NULL gives "". */
bool sbx_wire_get_into(struct sbx_rbuf *r, char *buf, size_t size);
bool sbx_wire_in_range(int64_t v, int64_t lo, int64_t hi);

/* The fields of a begin request (after type and version) and of a finish request. */
void sbx_wire_encode_start(struct sbx_wbuf *b, const struct sbx_execution_start *s);
void sbx_wire_encode_end(struct sbx_wbuf *b, int64_t id, const struct sbx_execution_end *e);
/* The fields of a batch of denial lines ('D'): the row, the count so far, the index of the first
 * line, the lines. */
void sbx_wire_encode_denials(struct sbx_wbuf *b, int64_t id, const struct sbx_execution_denials *d);

/* A decoded begin request: s (and policy, when the request has one) points into the frame;
 * argv is allocated. s.supervisor is NULL. */
struct sbx_wire_start {
        struct sbx_policy policy;
        struct sbx_execution_start s;
        char **argv;
};
/* 0, -EBADMSG for a malformed request (anything left over included), -ENOMEM. Free with
 * sbx_wire_start_free() whatever it returned. */
int sbx_wire_decode_start(struct sbx_rbuf *r, struct sbx_wire_start *ret);
void sbx_wire_start_free(struct sbx_wire_start *w);
/* A finish request: *ret_e points into the frame, its result (when present) into *ret_result,
 * which the caller frees. 0, -EBADMSG, -ENOMEM. */
/* A batch of denial lines: *ret_d's lines are allocated in *ret_lines (the caller frees it; NULL
 * for none), their strings copied; first + n <= SBX_DENIALS_KEPT. 0, -EBADMSG, -ENOMEM. */
int sbx_wire_decode_denials(struct sbx_rbuf *r, int64_t *ret_id, struct sbx_execution_denials *ret_d,
                            struct sbx_denial **ret_lines);
int sbx_wire_decode_end(struct sbx_rbuf *r, int64_t *ret_id, struct sbx_execution_end *ret_e,
                        struct sbx_classify_result **ret_result);
