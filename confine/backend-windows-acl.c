/* placeholder: replaced by the windows-acl backend work */
#include <errno.h>
#include "confine-internal.h"
static bool na(void) { return false; }
const struct sbx_backend sbx_backend_windows_acl = { .name = "windows-acl", .applicable = na };
