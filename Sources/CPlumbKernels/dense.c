// Dense block factorisation and solve through LAPACKE on OpenBLAS, loaded on
// first use.
//
// Only blocks larger than the block solver's LAPACKE threshold come here, and
// most documents have none; linking LAPACKE and OpenBLAS made every process
// map them and resolve their ~15,000 relocations at start-up (half of a small
// `plumb solve`). So they are opened with dlopen the first time a dense block
// needs them, once for the process (pthread_once), and their three functions
// are found with dlsym. The prototypes still come from Debian's
// liblapacke-dev (<lapacke.h>), so the pointers have LAPACKE's exact types.
#include "CPlumbKernels.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <lapacke.h>

// The runtime sonames on Debian: liblapacke (LAPACKE over liblapack.so.3)
// and libopenblas0 (OpenBLAS, which the liblapack.so.3 alternative is on).
#define PLUMB_LAPACKE_SONAME "liblapacke.so.3"
#define PLUMB_OPENBLAS_SONAME "libopenblas.so.0"

static struct {
    __typeof__(&LAPACKE_dgetrf) dgetrf;
    __typeof__(&LAPACKE_dgetrs) dgetrs;
    __typeof__(&LAPACKE_dgecon) dgecon;
} lapacke;
static int lapacke_loaded;
static char lapacke_error[512];
static pthread_once_t lapacke_once = PTHREAD_ONCE_INIT;

// OpenBLAS's threaded build starts a worker per core when it is loaded, and
// each spins (sched_yield) for a while before it sleeps: in a short `plumb
// solve` that is a core's worth of CPU taken from Plumb's own threads, for
// dense blocks that are too small to use BLAS threads anyway. Stop them once,
// right after loading; OpenBLAS starts them again by itself if a call ever
// needs them. The symbol is OpenBLAS's own: with another BLAS behind
// liblapack.so.3 there is nothing to stop.
static void quiet_blas_threads(void) {
    void *blas = dlopen(PLUMB_OPENBLAS_SONAME, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!blas) return;
    int (*shutdown)(void) = (int (*)(void))dlsym(blas, "blas_thread_shutdown_");
    if (shutdown) shutdown();
    dlclose(blas);  // drops only the reference RTLD_NOLOAD took
}

// Without LAPACKE the block solver factorises large blocks with its own
// Gaussian elimination (DenseBlockSolver.solveInSwift): the same partial
// pivoting as dgetrf, unblocked, so slower on large blocks and not the same
// last bits. Said once on stderr, so a slow machine is explained.
static void report_missing_lapacke(void) {
    fprintf(stderr, "plumb: warning: %s; dense blocks are solved without LAPACKE "
                    "(Debian: apt-get install liblapacke libopenblas0)\n", lapacke_error);
}

// libClp and libCoinUtils link liblapack.so.3, which is OpenBLAS on Debian,
// so OpenBLAS may be loaded at start-up without LAPACKE: stop its threads
// then as well (as when Plumb linked it), and again after loading LAPACKE.
__attribute__((constructor)) static void plumb_quiet_blas_threads(void) {
    quiet_blas_threads();
}

static void load_lapacke(void) {
    // PLUMB_LAPACKE names another file to load instead (a path or a soname).
    const char *name = getenv("PLUMB_LAPACKE");
    if (!name || !*name) name = PLUMB_LAPACKE_SONAME;
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(lapacke_error, sizeof lapacke_error, "cannot load %s (%s)", name, why ? why : "unknown error");
        report_missing_lapacke();
        return;
    }
    quiet_blas_threads();
    lapacke.dgetrf = (__typeof__(lapacke.dgetrf))dlsym(library, "LAPACKE_dgetrf");
    lapacke.dgetrs = (__typeof__(lapacke.dgetrs))dlsym(library, "LAPACKE_dgetrs");
    lapacke.dgecon = (__typeof__(lapacke.dgecon))dlsym(library, "LAPACKE_dgecon");
    if (!lapacke.dgetrf || !lapacke.dgetrs || !lapacke.dgecon) {
        snprintf(lapacke_error, sizeof lapacke_error, "%s has no LAPACKE_dgetrf, LAPACKE_dgetrs or LAPACKE_dgecon", name);
        report_missing_lapacke();
        return;
    }
    lapacke_loaded = 1;
}

const char *plumb_dense_load(void) {
    pthread_once(&lapacke_once, load_lapacke);
    return lapacke_loaded ? NULL : lapacke_error;
}

int32_t plumb_dense_solve(int32_t n, double *a, double *b, int32_t *pivots) {
    if (n <= 0) return -1;
    if (plumb_dense_load()) return -1;
    lapack_int info = lapacke.dgetrf(LAPACK_COL_MAJOR, n, n, a, n, pivots);
    if (info != 0) return (int32_t)info;
    info = lapacke.dgetrs(LAPACK_COL_MAJOR, 'N', n, 1, a, n, pivots, b, n);
    return (int32_t)info;
}

double plumb_dense_rcond(int32_t n, const double *lu, double anorm) {
    if (plumb_dense_load()) return 0.0;
    double rcond = 0.0;
    lapack_int info = lapacke.dgecon(LAPACK_COL_MAJOR, '1', n, lu, n, anorm, &rcond);
    return info == 0 ? rcond : 0.0;
}
