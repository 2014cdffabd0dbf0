// CSR kernels: transpose and matrix-vector product.
#include "CPlumbKernels.h"
#include <string.h>

void plumb_csr_transpose(int32_t n_rows, int32_t n_cols,
                         const int32_t *start, const int32_t *index,
                         const double *values,
                         int32_t *t_start, int32_t *t_index, double *t_values) {
    // Counting sort by column: count, prefix-sum, then scatter in row order so
    // each output row lists original rows in increasing order.
    memset(t_start, 0, sizeof(int32_t) * ((size_t)n_cols + 1));
    const int32_t nnz = start[n_rows];
    for (int32_t k = 0; k < nnz; k++) t_start[index[k] + 1]++;
    for (int32_t c = 0; c < n_cols; c++) t_start[c + 1] += t_start[c];
    // t_start[c] is used as the insertion cursor of column c, then restored.
    for (int32_t r = 0; r < n_rows; r++) {
        for (int32_t k = start[r]; k < start[r + 1]; k++) {
            const int32_t dst = t_start[index[k]]++;
            t_index[dst] = r;
            if (t_values) t_values[dst] = values[k];
        }
    }
    for (int32_t c = n_cols; c > 0; c--) t_start[c] = t_start[c - 1];
    t_start[0] = 0;
}

void plumb_csr_matvec(int32_t n_rows, const int32_t *start, const int32_t *index,
                      const double *values, const double *x, double *y) {
    for (int32_t r = 0; r < n_rows; r++) {
        double s = 0.0;
        for (int32_t k = start[r]; k < start[r + 1]; k++) s += values[k] * x[index[k]];
        y[r] = s;
    }
}
