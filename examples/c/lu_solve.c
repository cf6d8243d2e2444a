/*
 * Many small linear systems A_k x_k = b_k, solved twice: by the loop over LAPACK a code has today,
 * and by two batchlapack calls that replace it. Prints both times, how many times faster the
 * batched calls were, the backend and the number of threads they ran on, and whether the two
 * solutions agree (their largest difference relative to the largest entry of the solutions).
 * Exits 1 if they do not.
 *
 *     lu_solve [n [batch]]        defaults: n = 8, batch = 100000
 *
 * Build it against an installed batchlapack (prefix <prefix>) with
 *     export PKG_CONFIG_PATH=<prefix>/lib/pkgconfig
 *     cc lu_solve.c $(pkg-config --cflags --libs batchlapack) -llapack -lm
 * (the loop needs LAPACK itself, the comparison the math library; the batched calls need only
 * -lbatchlapack; pkg-config's flags carry -Wl,-rpath,<prefix>/lib, so ./a.out starts without
 * LD_LIBRARY_PATH). OMP_NUM_THREADS sets the number of threads of the batched calls.
 */
#define _POSIX_C_SOURCE 199309L
#include <batchlapack.h>

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* LAPACK's Fortran symbols. gfortran passes the length of a character argument as a hidden
 * trailing argument; declaring it keeps the call correct under its calling convention. */
void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda,
             const int *ipiv, double *b, const int *ldb, int *info, size_t trans_len);

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 8;
    const int batch = argc > 2 ? atoi(argv[2]) : 100000;
    const int nrhs = 1, lda = n, ldb = n;
    if (n < 1 || batch < 1) {
        fprintf(stderr, "usage: %s [n >= 1 [batch >= 1]]\n", argv[0]);
        return 2;
    }
    /* One array per argument, the matrices one after the other: a Fortran A(lda, n, batch). */
    const int64_t strideA = (int64_t)lda * n, strideB = (int64_t)ldb * nrhs, strideIpiv = n;
    double *A = malloc(sizeof(double) * strideA * batch);
    double *A_loop = malloc(sizeof(double) * strideA * batch);
    double *B = malloc(sizeof(double) * strideB * batch);
    double *B_loop = malloc(sizeof(double) * strideB * batch);
    int *ipiv = malloc(sizeof(int) * strideIpiv * batch);
    int *info = malloc(sizeof(int) * batch), *info_loop = malloc(sizeof(int) * batch);
    if (!A || !A_loop || !B || !B_loop || !ipiv || !info || !info_loop) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    srand(1);
    for (int64_t e = 0; e < strideA * batch; ++e) A[e] = (double)rand() / RAND_MAX - 0.5;
    for (int64_t e = 0; e < strideB * batch; ++e) B[e] = (double)rand() / RAND_MAX - 0.5;
    memcpy(A_loop, A, sizeof(double) * strideA * batch);
    memcpy(B_loop, B, sizeof(double) * strideB * batch);

    /* Before: a loop of LAPACK calls, one matrix at a time. */
    double t0 = now();
    int singular = 0;
    for (int k = 0; k < batch; ++k) {
        dgetrf_(&n, &n, A_loop + k * strideA, &lda, ipiv + k * strideIpiv, &info_loop[k]);
        if (info_loop[k] != 0) { ++singular; continue; }  /* U(i,i) = 0: no solution */
        dgetrs_("N", &n, &nrhs, A_loop + k * strideA, &lda, ipiv + k * strideIpiv,
                B_loop + k * strideB, &ldb, &info_loop[k], 1);
    }
    double t_loop = now() - t0;

    /* After: two calls for the whole batch. A nonzero return means an illegal argument (nothing
     * was computed) or a library-level failure (the call did not complete), and every info[k]
     * holds that code too; otherwise info[k] says, per matrix, what LAPACK would. */
    t0 = now();
    /* A singular member (info[k] > 0 after the factorization) does not disturb the others; its
     * solve divides by zero, and the comparison below skips it, as the loop skipped it. */
    int r = bl_dgetrf_batch(n, n, A, lda, strideA, ipiv, strideIpiv, info, batch);
    if (r == 0)
        r = bl_dgetrs_batch('N', n, nrhs, A, lda, strideA, ipiv, strideIpiv, B, ldb, strideB, info, batch);
    double t_batch = now() - t0;
    if (r != 0) {
        fprintf(stderr, "batchlapack failed: %d (%s)\n", r, bl_last_error());
        return 1;
    }
    bl_backend used = bl_last_backend();

    double diff = 0, scale = 0;
    for (int64_t k = 0; k < batch; ++k)
        for (int64_t e = k * strideB; info_loop[k] == 0 && e < (k + 1) * strideB; ++e) {
            diff = fmax(diff, fabs(B[e] - B_loop[e]));
            scale = fmax(scale, fabs(B_loop[e]));
        }
    /* Same algorithm, same pivots: the solutions agree to rounding, far below this bound. */
    const double relative = scale > 0 ? diff / scale : diff, tolerance = 1e-8;
    const int agree = relative <= tolerance;
    printf("%d systems of order %d (%d singular)\n", batch, n, singular);
    printf("  loop over dgetrf/dgetrs:         %8.4f s\n", t_loop);
    printf("  bl_dgetrf_batch/bl_dgetrs_batch: %8.4f s on the %s backend", t_batch, bl_backend_name(used));
    if (used == BL_BACKEND_CPU)
        printf(", %d threads (OMP_NUM_THREADS)", bl_cpu_threads());
    printf("\n");
    if (t_batch <= t_loop)
        printf("batched: %.1fx faster than the loop\n", t_loop / t_batch);
    else
        printf("batched: %.1fx slower than the loop\n", t_batch / t_loop);
    printf("solutions %s: largest difference %.1e relative to the largest entry (%.0e allowed)\n",
           agree ? "agree" : "DIFFER", relative, tolerance);
    free(A); free(A_loop); free(B); free(B_loop); free(ipiv); free(info); free(info_loop);
    return agree ? 0 : 1;
}
