/* placeholder: replaced by the classify work */
#include <errno.h>

