/* The effective uid, asked once per process (sbx-euid.h). */
#include <pthread.h>
#include <stdbool.h>
#include <unistd.h>

#include "sbx-euid.h"

static uid_t euid;
static bool known;

static void forget(void) {
        known = false;
}

static void register_forget(void) {
        (void) pthread_atfork(NULL, NULL, forget);
}

uid_t sbx_euid(void) {
        static pthread_once_t once = PTHREAD_ONCE_INIT;

        if (!known) {
                (void) pthread_once(&once, register_forget);
                euid = geteuid();
                known = true;
        }
        return euid;
}
