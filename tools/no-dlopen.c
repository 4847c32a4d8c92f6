/* A statically linked sbx loads no shared object: SQLite's extension loading (never enabled by
 * sbx) is the only caller of the dynamic loader, and these stand in for it at the libc edge
 * (-Wl,--wrap=...), so no copy of the loader is linked and none can run. */
#include <stddef.h>

void *__wrap_dlopen(const char *file, int mode);
void *__wrap_dlsym(void *handle, const char *name);
char *__wrap_dlerror(void);
int __wrap_dlclose(void *handle);

void *__wrap_dlopen(const char *file, int mode) {
        (void) file;
        (void) mode;
        return NULL;
}

void *__wrap_dlsym(void *handle, const char *name) {
        (void) handle;
        (void) name;
        return NULL;
}

char *__wrap_dlerror(void) {
        static char msg[] = "sbx loads no shared objects";
        return msg;
}

int __wrap_dlclose(void *handle) {
        (void) handle;
        return 0;
}
