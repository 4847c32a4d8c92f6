/* placeholder: being written */
#include "confine-internal.h"
