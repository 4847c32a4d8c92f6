/* audit-internal.h: shared between the files of audit/ and their unit tests. */
#pragma once

#include <stdint.h>

/* argv as a JSON array text; invalid UTF-8 bytes become U+FFFD. Caller frees *ret. */
int sbx_audit_argv_json(char *const *argv, char **ret);
