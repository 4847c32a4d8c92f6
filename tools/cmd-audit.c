/* placeholder: replaced by the audit verb work */
#include <errno.h>
#include "sbx-tool.h"
int sbx_cmd_audit(int argc, char **argv) { (void) argc; (void) argv; return sbx_fail(SBX_EXIT_USAGE, "audit: not built yet"); }
