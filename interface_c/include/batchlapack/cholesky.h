/*
 * batchlapack: Cholesky factorization of Hermitian (symmetric) positive definite matrices and the
 * solves built on it. Included by <batchlapack.h>; see there for the conventions shared by every
 * routine.
 */
#ifndef BATCHLAPACK_CHOLESKY_H
#define BATCHLAPACK_CHOLESKY_H

#ifndef BATCHLAPACK_H
#include "../batchlapack.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ?POTRF_BATCH: for each i, the Cholesky factorization of a Hermitian (real: symmetric) positive
 * definite n-by-n matrix A_i, A_i = U_i**H * U_i (uplo = 'U') or A_i = L_i * L_i**H (uplo = 'L'),
 * as LAPACK's ?POTRF.
 *
 * Arguments (strided layout, bl_?potrf_batch; the other layouts take the same arguments without
 * the stride, with pointer arrays, and for _vbatch with n, lda as arrays of batch values):
 *   1 uplo        (input) which triangle of every A_i is stored and factored: 'U' upper, 'L'
 *                 lower. Upper or lower case.
 *   2 n           (input) order of each A_i, n >= 0.
 *   3 A           (input/output) the matrices; only the triangle uplo names is read. On exit,
 *                 when info[i] = 0, that triangle holds U_i or L_i; the other triangle is not
 *                 referenced.
 *   4 lda         (input) leading dimension of each A_i, lda >= max(1, n).
 *   5 strideA     (input) elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.
 *   6 info        (output) array of batch entries: info[i] = 0 success; = j > 0 if the leading
 *                 minor of order j of A_i is not positive (definite), and the factorization
 *                 could not be completed.
 *   7 batch       (input) number of matrices, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_spotrf_batch(char uplo, int n, float *A, int lda, int64_t strideA, int *info,
                           int batch);
BL_API int bl_dpotrf_batch(char uplo, int n, double *A, int lda, int64_t strideA, int *info,
                           int batch);
BL_API int bl_cpotrf_batch(char uplo, int n, bl_complex_float *A, int lda, int64_t strideA,
                           int *info, int batch);
BL_API int bl_zpotrf_batch(char uplo, int n, bl_complex_double *A, int lda, int64_t strideA,
                           int *info, int batch);

BL_API int bl_spotrf_batch_ptr(char uplo, int n, float *const *A, int lda, int *info, int batch);
BL_API int bl_dpotrf_batch_ptr(char uplo, int n, double *const *A, int lda, int *info, int batch);
BL_API int bl_cpotrf_batch_ptr(char uplo, int n, bl_complex_float *const *A, int lda, int *info,
                               int batch);
BL_API int bl_zpotrf_batch_ptr(char uplo, int n, bl_complex_double *const *A, int lda, int *info,
                               int batch);

BL_API int bl_spotrf_vbatch(char uplo, const int *n, float *const *A, const int *lda, int *info,
                            int batch);
BL_API int bl_dpotrf_vbatch(char uplo, const int *n, double *const *A, const int *lda, int *info,
                            int batch);
BL_API int bl_cpotrf_vbatch(char uplo, const int *n, bl_complex_float *const *A, const int *lda,
                            int *info, int batch);
BL_API int bl_zpotrf_vbatch(char uplo, const int *n, bl_complex_double *const *A, const int *lda,
                            int *info, int batch);

/*
 * ?POTRS_BATCH: for each i, solves A_i * X_i = B_i with a Hermitian (real: symmetric) positive
 * definite n-by-n matrix A_i, using its Cholesky factorization computed by ?POTRF_BATCH, as
 * LAPACK's ?POTRS.
 *
 * Arguments (strided layout, bl_?potrs_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with n, nrhs, lda, ldb as arrays of batch
 * values):
 *   1 uplo        (input) which factor A holds: 'U' A_i = U_i**H * U_i, 'L' A_i = L_i * L_i**H.
 *                 Upper or lower case.
 *   2 n           (input) order of each A_i, n >= 0.
 *   3 nrhs        (input) number of right-hand sides (columns of each B_i), nrhs >= 0.
 *   4 A           (input) the factors U_i or L_i from ?POTRF_BATCH.
 *   5 lda         (input) leading dimension of each A_i, lda >= max(1, n).
 *   6 strideA     (input) elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.
 *   7 B           (input/output) on entry, the n-by-nrhs right-hand sides B_i; on exit, the
 *                 solutions X_i.
 *   8 ldb         (input) leading dimension of each B_i, ldb >= max(1, n).
 *   9 strideB     (input) elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+n when batch > 1.
 *  10 info        (output) array of batch entries: info[i] = 0 (the solve itself cannot fail).
 *  11 batch       (input) number of systems, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_spotrs_batch(char uplo, int n, int nrhs, const float *A, int lda, int64_t strideA,
                           float *B, int ldb, int64_t strideB, int *info, int batch);
BL_API int bl_dpotrs_batch(char uplo, int n, int nrhs, const double *A, int lda, int64_t strideA,
                           double *B, int ldb, int64_t strideB, int *info, int batch);
BL_API int bl_cpotrs_batch(char uplo, int n, int nrhs, const bl_complex_float *A, int lda,
                           int64_t strideA, bl_complex_float *B, int ldb, int64_t strideB,
                           int *info, int batch);
BL_API int bl_zpotrs_batch(char uplo, int n, int nrhs, const bl_complex_double *A, int lda,
                           int64_t strideA, bl_complex_double *B, int ldb, int64_t strideB,
                           int *info, int batch);

BL_API int bl_spotrs_batch_ptr(char uplo, int n, int nrhs, const float *const *A, int lda,
                               float *const *B, int ldb, int *info, int batch);
BL_API int bl_dpotrs_batch_ptr(char uplo, int n, int nrhs, const double *const *A, int lda,
                               double *const *B, int ldb, int *info, int batch);
BL_API int bl_cpotrs_batch_ptr(char uplo, int n, int nrhs, const bl_complex_float *const *A,
                               int lda, bl_complex_float *const *B, int ldb, int *info, int batch);
BL_API int bl_zpotrs_batch_ptr(char uplo, int n, int nrhs, const bl_complex_double *const *A,
                               int lda, bl_complex_double *const *B, int ldb, int *info, int batch);

BL_API int bl_spotrs_vbatch(char uplo, const int *n, const int *nrhs, const float *const *A,
                            const int *lda, float *const *B, const int *ldb, int *info, int batch);
BL_API int bl_dpotrs_vbatch(char uplo, const int *n, const int *nrhs, const double *const *A,
                            const int *lda, double *const *B, const int *ldb, int *info, int batch);
BL_API int bl_cpotrs_vbatch(char uplo, const int *n, const int *nrhs,
                            const bl_complex_float *const *A, const int *lda,
                            bl_complex_float *const *B, const int *ldb, int *info, int batch);
BL_API int bl_zpotrs_vbatch(char uplo, const int *n, const int *nrhs,
                            const bl_complex_double *const *A, const int *lda,
                            bl_complex_double *const *B, const int *ldb, int *info, int batch);

/*
 * ?POSV_BATCH: for each i, solves A_i * X_i = B_i with a Hermitian (real: symmetric) positive
 * definite n-by-n matrix A_i by its Cholesky factorization, A_i = U_i**H * U_i or
 * A_i = L_i * L_i**H, as LAPACK's ?POSV.
 *
 * Arguments (strided layout, bl_?posv_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with n, nrhs, lda, ldb as arrays of batch
 * values):
 *   1 uplo        (input) which triangle of every A_i is stored and factored: 'U' upper, 'L'
 *                 lower. Upper or lower case.
 *   2 n           (input) order of each A_i, n >= 0.
 *   3 nrhs        (input) number of right-hand sides (columns of each B_i), nrhs >= 0.
 *   4 A           (input/output) the matrices; only the triangle uplo names is read. On exit,
 *                 when info[i] = 0, that triangle holds U_i or L_i; the other triangle is not
 *                 referenced.
 *   5 lda         (input) leading dimension of each A_i, lda >= max(1, n).
 *   6 strideA     (input) elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.
 *   7 B           (input/output) on entry, the n-by-nrhs right-hand sides B_i; on exit, the
 *                 solutions X_i when info[i] = 0 (unchanged otherwise).
 *   8 ldb         (input) leading dimension of each B_i, ldb >= max(1, n).
 *   9 strideB     (input) elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+n when batch > 1.
 *  10 info        (output) array of batch entries: info[i] = 0 success; = j > 0 if the leading
 *                 minor of order j of A_i is not positive (definite): the factorization could not
 *                 be completed and no solution was computed.
 *  11 batch       (input) number of systems, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sposv_batch(char uplo, int n, int nrhs, float *A, int lda, int64_t strideA, float *B,
                          int ldb, int64_t strideB, int *info, int batch);
BL_API int bl_dposv_batch(char uplo, int n, int nrhs, double *A, int lda, int64_t strideA,
                          double *B, int ldb, int64_t strideB, int *info, int batch);
BL_API int bl_cposv_batch(char uplo, int n, int nrhs, bl_complex_float *A, int lda, int64_t strideA,
                          bl_complex_float *B, int ldb, int64_t strideB, int *info, int batch);
BL_API int bl_zposv_batch(char uplo, int n, int nrhs, bl_complex_double *A, int lda,
                          int64_t strideA, bl_complex_double *B, int ldb, int64_t strideB,
                          int *info, int batch);

BL_API int bl_sposv_batch_ptr(char uplo, int n, int nrhs, float *const *A, int lda, float *const *B,
                              int ldb, int *info, int batch);
BL_API int bl_dposv_batch_ptr(char uplo, int n, int nrhs, double *const *A, int lda,
                              double *const *B, int ldb, int *info, int batch);
BL_API int bl_cposv_batch_ptr(char uplo, int n, int nrhs, bl_complex_float *const *A, int lda,
                              bl_complex_float *const *B, int ldb, int *info, int batch);
BL_API int bl_zposv_batch_ptr(char uplo, int n, int nrhs, bl_complex_double *const *A, int lda,
                              bl_complex_double *const *B, int ldb, int *info, int batch);

BL_API int bl_sposv_vbatch(char uplo, const int *n, const int *nrhs, float *const *A,
                           const int *lda, float *const *B, const int *ldb, int *info, int batch);
BL_API int bl_dposv_vbatch(char uplo, const int *n, const int *nrhs, double *const *A,
                           const int *lda, double *const *B, const int *ldb, int *info, int batch);
BL_API int bl_cposv_vbatch(char uplo, const int *n, const int *nrhs, bl_complex_float *const *A,
                           const int *lda, bl_complex_float *const *B, const int *ldb, int *info,
                           int batch);
BL_API int bl_zposv_vbatch(char uplo, const int *n, const int *nrhs, bl_complex_double *const *A,
                           const int *lda, bl_complex_double *const *B, const int *ldb, int *info,
                           int batch);

#ifdef __cplusplus
}
#endif

#endif /* BATCHLAPACK_CHOLESKY_H */
