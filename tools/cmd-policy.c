#include "sbx-tool.h"
int sbx_cmd_policy(int argc, char **argv) { (void) argc; (void) argv; return sbx_fail(SBX_EXIT_USAGE, "policy: not built yet"); }
