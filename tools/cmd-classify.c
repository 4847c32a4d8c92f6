/* placeholder: replaced by the classify verb work */
#include <errno.h>
#include "sbx-tool.h"
int sbx_cmd_classify(int argc, char **argv) { (void) argc; (void) argv; return sbx_fail(SBX_EXIT_USAGE, "classify: not built yet"); }
