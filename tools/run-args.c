#include "sbx-tool.h"
