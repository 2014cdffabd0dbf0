// Fills PlumbText's table of Pango functions with dlopen/dlsym, once.
#include "CPangoLoader.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The runtime soname on Debian (package libpangoft2-1.0-0); its own
// dependencies (libpango-1.0.so.0, libgobject-2.0.so.0, ...) come with it,
// and dlsym on its handle searches them too.
#define PLUMB_PANGOFT2_SONAME "libpangoft2-1.0.so.0"

static plumb_pango pango;
static const plumb_pango *loaded;
static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_pango(void) {
    void *library = dlopen(PLUMB_PANGOFT2_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error,
                 "cannot load Pango: %s (Debian: apt-get install libpangoft2-1.0-0 libpango-1.0-0)",
                 why ? why : PLUMB_PANGOFT2_SONAME);
        return;
    }
#define PLUMB_PANGO_RESOLVE(name) \
    if (!(*(void **)&pango.name = dlsym(library, #name))) { \
        snprintf(load_error, sizeof load_error, "cannot load Pango: %s has no %s", PLUMB_PANGOFT2_SONAME, #name); \
        return; \
    }
    PLUMB_PANGO_FUNCTIONS(PLUMB_PANGO_RESOLVE)
#undef PLUMB_PANGO_RESOLVE
    loaded = &pango;
}

const plumb_pango *plumb_pango_load(const char **error) {
    pthread_once(&load_once, load_pango);
    if (!loaded) *error = load_error;
    return loaded;
}
