/* placeholder: replaced by the seatbelt backend work */
#include <errno.h>
#include "confine-internal.h"
static bool na(void) { return false; }
const struct sbx_backend sbx_backend_seatbelt = { .name = "seatbelt", .applicable = na };
