/* escalation-internal.h: the parts of tools/escalation.c that carry what a confined command and
 * the approver shape, exposed for the fuzz target (tests/fuzz/fuzz-escalation.c). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The request an approver reads on its stdin: one JSON object on one line. matched_line is the
 * denied command's own stderr line, argv its command line. */
void sbx_escalation_write_request(FILE *f, char *const *argv, int64_t denied_id, const char *backend,
                                  const char *root, const char *session, const char *matched_line);
/* Whether the approver's whole output (n bytes) is a grant: "allow", with or without a newline. */
bool sbx_escalation_answer_is_allow(const char *out, size_t n);
