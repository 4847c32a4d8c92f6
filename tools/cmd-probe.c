#include "sbx-tool.h"
int sbx_cmd_probe(int argc, char **argv) { (void) argc; (void) argv; return sbx_fail(SBX_EXIT_USAGE, "probe: not built yet"); }
