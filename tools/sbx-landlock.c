/* sbx-landlock: sbx's own Landlock launcher as an executable, for bubblewrap's first process
 * (--seal-mounts) and for callers that take the confined argv. Options: landlock-launch.c. */
#include <stddef.h>

#include "tools/landlock-launch.h"

int main(int argc, char **argv) {
        sbx_landlock_launch(argc, argv, NULL, NULL, NULL, NULL);
}
