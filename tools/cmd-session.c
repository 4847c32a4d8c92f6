/* placeholder: replaced by the session verb work */
#include <errno.h>
#include "sbx-tool.h"
int sbx_cmd_session(int argc, char **argv) { (void) argc; (void) argv; return sbx_fail(SBX_EXIT_USAGE, "session: not built yet"); }
