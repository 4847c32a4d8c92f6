/* placeholder: replaced by the db work */
#include <errno.h>
#include "sbx-db.h"
