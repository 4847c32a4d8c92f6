#include "confine-internal.h"
static bool na(void) { return false; }
const struct sbx_backend sbx_backend_bwrap = { .name = "bwrap", .applicable = na };
