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

/*
 * ?GETRS_BATCH: for each i, solves A_i * X_i = B_i, A_i**T * X_i = B_i or A_i**H * X_i = B_i with
 * a general n-by-n matrix A_i, using its LU factorization computed by ?GETRF_BATCH, as LAPACK's
 * ?GETRS.
 *
 * Arguments (strided layout, bl_?getrs_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with n, nrhs, lda, ldb as arrays of batch
 * values):
 *   1 trans       (input) the form of the systems, the same for every matrix:
 *                 'N': A_i * X_i = B_i; 'T': A_i**T * X_i = B_i; 'C': A_i**H * X_i = B_i
 *                 (= 'T' for real data). Upper or lower case.
 *   2 n           (input) order of each A_i, n >= 0.
 *   3 nrhs        (input) number of right-hand sides (columns of each B_i), nrhs >= 0.
 *   4 A           (input) the factors L_i and U_i from ?GETRF_BATCH.
 *   5 lda         (input) leading dimension of each A_i, lda >= max(1, n).
 *   6 strideA     (input) elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.
 *   7 ipiv        (input) the pivot indices from ?GETRF_BATCH, n entries per matrix, 1-based.
 *   8 strideIpiv  (input) entries between ipiv_i and ipiv_{i+1}, >= n when batch > 1.
 *   9 B           (input/output) on entry, the n-by-nrhs right-hand sides B_i; on exit, the
 *                 solutions X_i.
 *  10 ldb         (input) leading dimension of each B_i, ldb >= max(1, n).
 *  11 strideB     (input) elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+n when batch > 1.
 *  12 info        (output) array of batch entries: info[i] = 0 (the solve itself cannot fail).
 *  13 batch       (input) number of systems, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sgetrs_batch(char trans, int n, int nrhs, const float *A, int lda, int64_t strideA,
                           const int *ipiv, int64_t strideIpiv, float *B, int ldb, int64_t strideB,
                           int *info, int batch);
BL_API int bl_dgetrs_batch(char trans, int n, int nrhs, const double *A, int lda, int64_t strideA,
                           const int *ipiv, int64_t strideIpiv, double *B, int ldb, int64_t strideB,
                           int *info, int batch);
BL_API int bl_cgetrs_batch(char trans, int n, int nrhs, const bl_complex_float *A, int lda,
                           int64_t strideA, const int *ipiv, int64_t strideIpiv,
                           bl_complex_float *B, int ldb, int64_t strideB, int *info, int batch);
BL_API int bl_zgetrs_batch(char trans, int n, int nrhs, const bl_complex_double *A, int lda,
                           int64_t strideA, const int *ipiv, int64_t strideIpiv,
                           bl_complex_double *B, int ldb, int64_t strideB, int *info, int batch);

BL_API int bl_sgetrs_batch_ptr(char trans, int n, int nrhs, const float *const *A, int lda,
                               const int *const *ipiv, float *const *B, int ldb, int *info,
                               int batch);
BL_API int bl_dgetrs_batch_ptr(char trans, int n, int nrhs, const double *const *A, int lda,
                               const int *const *ipiv, double *const *B, int ldb, int *info,
                               int batch);
BL_API int bl_cgetrs_batch_ptr(char trans, int n, int nrhs, const bl_complex_float *const *A,
                               int lda, const int *const *ipiv, bl_complex_float *const *B,
                               int ldb, int *info, int batch);
BL_API int bl_zgetrs_batch_ptr(char trans, int n, int nrhs, const bl_complex_double *const *A,
                               int lda, const int *const *ipiv, bl_complex_double *const *B,
                               int ldb, int *info, int batch);

BL_API int bl_sgetrs_vbatch(char trans, const int *n, const int *nrhs, const float *const *A,
                            const int *lda, const int *const *ipiv, float *const *B,
                            const int *ldb, int *info, int batch);
BL_API int bl_dgetrs_vbatch(char trans, const int *n, const int *nrhs, const double *const *A,
                            const int *lda, const int *const *ipiv, double *const *B,
                            const int *ldb, int *info, int batch);
BL_API int bl_cgetrs_vbatch(char trans, const int *n, const int *nrhs,
                            const bl_complex_float *const *A, const int *lda,
                            const int *const *ipiv, bl_complex_float *const *B, const int *ldb,
                            int *info, int batch);
BL_API int bl_zgetrs_vbatch(char trans, const int *n, const int *nrhs,
                            const bl_complex_double *const *A, const int *lda,
                            const int *const *ipiv, bl_complex_double *const *B, const int *ldb,
                            int *info, int batch);

/*
 * ?GESV_BATCH: for each i, solves A_i * X_i = B_i with a general n-by-n matrix A_i by its LU
 * factorization with partial pivoting, A_i = P_i * L_i * U_i, as LAPACK's ?GESV.
 *
 * Arguments (strided layout, bl_?gesv_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with n, nrhs, lda, ldb as arrays of batch
 * values):
 *   1 n           (input) order of each A_i, n >= 0.
 *   2 nrhs        (input) number of right-hand sides (columns of each B_i), nrhs >= 0.
 *   3 A           (input/output) the matrices; on exit, the factors L_i and U_i (unit diagonal of
 *                 L_i not stored).
 *   4 lda         (input) leading dimension of each A_i, lda >= max(1, n).
 *   5 strideA     (input) elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.
 *   6 ipiv        (output) the pivot indices of each matrix, n entries, 1-based: row j of A_i was
 *                 interchanged with row ipiv_i[j].
 *   7 strideIpiv  (input) entries between ipiv_i and ipiv_{i+1}, >= n when batch > 1.
 *   8 B           (input/output) on entry, the n-by-nrhs right-hand sides B_i; on exit, the
 *                 solutions X_i when info[i] = 0 (unchanged otherwise).
 *   9 ldb         (input) leading dimension of each B_i, ldb >= max(1, n).
 *  10 strideB     (input) elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+n when batch > 1.
 *  11 info        (output) array of batch entries: info[i] = 0 success; = j > 0 if U_i(j, j) is
 *                 exactly zero (the factorization was completed, but A_i is singular and no
 *                 solution was computed).
 *  12 batch       (input) number of systems, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sgesv_batch(int n, int nrhs, float *A, int lda, int64_t strideA, int *ipiv,
                          int64_t strideIpiv, float *B, int ldb, int64_t strideB, int *info,
                          int batch);
BL_API int bl_dgesv_batch(int n, int nrhs, double *A, int lda, int64_t strideA, int *ipiv,
                          int64_t strideIpiv, double *B, int ldb, int64_t strideB, int *info,
                          int batch);
BL_API int bl_cgesv_batch(int n, int nrhs, bl_complex_float *A, int lda, int64_t strideA,
                          int *ipiv, int64_t strideIpiv, bl_complex_float *B, int ldb,
                          int64_t strideB, int *info, int batch);
BL_API int bl_zgesv_batch(int n, int nrhs, bl_complex_double *A, int lda, int64_t strideA,
                          int *ipiv, int64_t strideIpiv, bl_complex_double *B, int ldb,
                          int64_t strideB, int *info, int batch);

BL_API int bl_sgesv_batch_ptr(int n, int nrhs, float *const *A, int lda, int *const *ipiv,
                              float *const *B, int ldb, int *info, int batch);
BL_API int bl_dgesv_batch_ptr(int n, int nrhs, double *const *A, int lda, int *const *ipiv,
                              double *const *B, int ldb, int *info, int batch);
BL_API int bl_cgesv_batch_ptr(int n, int nrhs, bl_complex_float *const *A, int lda,
                              int *const *ipiv, bl_complex_float *const *B, int ldb, int *info,
                              int batch);
BL_API int bl_zgesv_batch_ptr(int n, int nrhs, bl_complex_double *const *A, int lda,
                              int *const *ipiv, bl_complex_double *const *B, int ldb, int *info,
                              int batch);

BL_API int bl_sgesv_vbatch(const int *n, const int *nrhs, float *const *A, const int *lda,
                           int *const *ipiv, float *const *B, const int *ldb, int *info,
                           int batch);
BL_API int bl_dgesv_vbatch(const int *n, const int *nrhs, double *const *A, const int *lda,
                           int *const *ipiv, double *const *B, const int *ldb, int *info,
                           int batch);
BL_API int bl_cgesv_vbatch(const int *n, const int *nrhs, bl_complex_float *const *A,
                           const int *lda, int *const *ipiv, bl_complex_float *const *B,
                           const int *ldb, int *info, int batch);
BL_API int bl_zgesv_vbatch(const int *n, const int *nrhs, bl_complex_double *const *A,
                           const int *lda, int *const *ipiv, bl_complex_double *const *B,
                           const int *ldb, int *info, int batch);

#ifdef __cplusplus
}
#endif

#endif /* BATCHLAPACK_LU_H */
