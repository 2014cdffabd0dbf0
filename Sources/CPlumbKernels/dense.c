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
