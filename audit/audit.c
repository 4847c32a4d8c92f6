/* placeholder: replaced by the audit work */
#include <errno.h>
#include "sbx-audit.h"
