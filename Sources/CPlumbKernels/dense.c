// Dense block factorisation and solve through LAPACKE on OpenBLAS.
#include "CPlumbKernels.h"
#include <lapacke.h>

int32_t plumb_dense_solve(int32_t n, double *a, double *b, int32_t *pivots) {
    if (n <= 0) return -1;
    lapack_int info = LAPACKE_dgetrf(LAPACK_COL_MAJOR, n, n, a, n, pivots);
    if (info != 0) return (int32_t)info;
    info = LAPACKE_dgetrs(LAPACK_COL_MAJOR, 'N', n, 1, a, n, pivots, b, n);
    return (int32_t)info;
}

double plumb_dense_rcond(int32_t n, const double *lu, double anorm) {
    double rcond = 0.0;
    lapack_int info = LAPACKE_dgecon(LAPACK_COL_MAJOR, '1', n, lu, n, anorm, &rcond);
    return info == 0 ? rcond : 0.0;
}

// OpenBLAS's threaded build starts a worker per core when it is loaded, and
// each spins (sched_yield) for a while before it sleeps: in a short `plumb
// solve` that is a core's worth of CPU taken from Plumb's own threads, for
// dense blocks that are too small to use BLAS threads anyway. Stop them once
// at load; OpenBLAS starts them again by itself if a call ever needs them.
// The symbol is OpenBLAS's own (weak: other BLAS libraries lack it).
extern int blas_thread_shutdown_(void) __attribute__((weak));

__attribute__((constructor)) static void plumb_quiet_blas_threads(void) {
    if (blas_thread_shutdown_) blas_thread_shutdown_();
}
