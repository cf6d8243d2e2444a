/* A oneMKL program, as written for oneMKL: solves two 3x3 systems with the strided LU names and
 * forms a row-major product with the CBLAS name; built against the installed prefix with the
 * README's line ("oneMKL names"), which replaces oneMKL by batchlapack. Exits 1 on a wrong result. */
#include <stdio.h>

#include "mkl.h"

int main(void) {
    /* A_0 = diag(2, 4, 8), A_1 = [[0 1 0] [1 0 0] [0 0 5]] (a row exchange), column major. */
    double a[18] = {2, 0, 0, 0, 4, 0, 0, 0, 8, 0, 1, 0, 1, 0, 0, 0, 0, 5};
    double b[6] = {2, 4, 8, 1, 2, 5}; /* solutions (1, 1, 1) and (2, 1, 1) */
    MKL_INT ipiv[6], info[2], n = 3, nrhs = 1, stride_a = 9, stride_ipiv = 3, stride_b = 3, batch = 2;
    dgetrf_batch_strided(&n, &n, a, &n, &stride_a, ipiv, &stride_ipiv, &batch, info);
    if (info[0] != 0 || info[1] != 0) return printf("getrf info %d %d\n", info[0], info[1]), 1;
    dgetrs_batch_strided("N", &n, &nrhs, a, &n, &stride_a, ipiv, &stride_ipiv, b, &n, &stride_b, &batch,
                         info);
    const double x[6] = {1, 1, 1, 2, 1, 1};
    for (int i = 0; i < 6; ++i)
        if (b[i] - x[i] > 1e-14 || x[i] - b[i] > 1e-14) return printf("getrs: x[%d] = %g, not %g\n", i, b[i], x[i]), 1;

    /* Row major: C (2x2) = A (2x3) B (3x2), A = [[1 2 3] [4 5 6]], B = [[1 0] [0 1] [1 1]]. */
    const double ra[6] = {1, 2, 3, 4, 5, 6}, rb[6] = {1, 0, 0, 1, 1, 1}, expected[4] = {4, 5, 10, 11};
    double c[4] = {0};
    cblas_dgemm_batch_strided(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 3, 1.0, ra, 3, 6, rb, 2, 6,
                              0.0, c, 2, 4, 1);
    for (int i = 0; i < 4; ++i)
        if (c[i] != expected[i]) return printf("gemm: c[%d] = %g, not %g\n", i, c[i], expected[i]), 1;
    printf("oneMKL names through batchlapack: ok\n");
    return 0;
}
