/*
 * batchlapack: LU factorization with partial pivoting and the solves built on it.
 * Included by <batchlapack.h>; see there for the conventions shared by every routine.
 */
#ifndef BATCHLAPACK_LU_H
#define BATCHLAPACK_LU_H

#ifndef BATCHLAPACK_H
#include "../batchlapack.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ?GETRF_BATCH: for each i, the LU factorization of a general m-by-n matrix A_i with partial
 * pivoting and row interchanges, A_i = P_i * L_i * U_i (L_i unit lower triangular/trapezoidal,
 * U_i upper triangular/trapezoidal), as LAPACK's ?GETRF.
 *
 * Arguments (strided layout, bl_?getrf_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with m, n, lda as arrays of batch values):
 *   1 m           (input) number of rows of each A_i, m >= 0.
 *   2 n           (input) number of columns of each A_i, n >= 0.
 *   3 A           (input/output) the matrices; on exit, the factors L_i and U_i (unit diagonal of
 *                 L_i not stored).
 *   4 lda         (input) leading dimension of each A_i, lda >= max(1, m).
 *   5 strideA     (input) elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.
 *   6 ipiv        (output) the pivot indices of each matrix, min(m, n) entries, 1-based: row j of
 *                 A_i was interchanged with row ipiv_i[j].
 *   7 strideIpiv  (input) entries between ipiv_i and ipiv_{i+1}, >= min(m, n) when batch > 1.
 *   8 info        (output) array of batch entries: info[i] = 0 success; = j > 0 if U_i(j, j) is
 *                 exactly zero (the factorization was completed, but U_i is singular).
 *   9 batch       (input) number of matrices, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sgetrf_batch(int m, int n, float *A, int lda, int64_t strideA,
                           int *ipiv, int64_t strideIpiv, int *info, int batch);
BL_API int bl_dgetrf_batch(int m, int n, double *A, int lda, int64_t strideA,
                           int *ipiv, int64_t strideIpiv, int *info, int batch);
BL_API int bl_cgetrf_batch(int m, int n, bl_complex_float *A, int lda, int64_t strideA,
                           int *ipiv, int64_t strideIpiv, int *info, int batch);
BL_API int bl_zgetrf_batch(int m, int n, bl_complex_double *A, int lda, int64_t strideA,
                           int *ipiv, int64_t strideIpiv, int *info, int batch);

BL_API int bl_sgetrf_batch_ptr(int m, int n, float *const *A, int lda,
                               int *const *ipiv, int *info, int batch);
BL_API int bl_dgetrf_batch_ptr(int m, int n, double *const *A, int lda,
                               int *const *ipiv, int *info, int batch);
BL_API int bl_cgetrf_batch_ptr(int m, int n, bl_complex_float *const *A, int lda,
                               int *const *ipiv, int *info, int batch);
BL_API int bl_zgetrf_batch_ptr(int m, int n, bl_complex_double *const *A, int lda,
                               int *const *ipiv, int *info, int batch);

BL_API int bl_sgetrf_vbatch(const int *m, const int *n, float *const *A, const int *lda,
                            int *const *ipiv, int *info, int batch);
BL_API int bl_dgetrf_vbatch(const int *m, const int *n, double *const *A, const int *lda,
                            int *const *ipiv, int *info, int batch);
BL_API int bl_cgetrf_vbatch(const int *m, const int *n, bl_complex_float *const *A,
                            const int *lda, int *const *ipiv, int *info, int batch);
BL_API int bl_zgetrf_vbatch(const int *m, const int *n, bl_complex_double *const *A,
                            const int *lda, int *const *ipiv, int *info, int batch);

#ifdef __cplusplus
}
#endif

#endif /* BATCHLAPACK_LU_H */
