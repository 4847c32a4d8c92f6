#include "sbx-tool.h"
int sbx_cmd_run(int argc, char **argv) { (void) argc; (void) argv; return sbx_fail(SBX_EXIT_USAGE, "run: not built yet"); }
