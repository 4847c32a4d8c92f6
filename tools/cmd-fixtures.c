/* placeholder: replaced by the fixtures verb work */
#include <errno.h>
#include "sbx-tool.h"
int sbx_cmd_fixtures(int argc, char **argv) { (void) argc; (void) argv; return sbx_fail(SBX_EXIT_USAGE, "fixtures: not built yet"); }
