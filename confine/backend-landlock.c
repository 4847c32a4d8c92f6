/* placeholder: replaced by the landlock backend work */
#include <errno.h>
#include "confine-internal.h"
static bool na(void) { return false; }
const struct sbx_backend sbx_backend_landlock = { .name = "landlock", .applicable = na };
