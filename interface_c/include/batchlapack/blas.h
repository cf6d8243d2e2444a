/*
 * batchlapack: the BLAS routines the factorizations are built on, batched: triangular solves
 * (trsv, trsm) and general matrix products (gemm, gemv).
 * Included by <batchlapack.h>; see there for the conventions shared by every routine.
 *
 * Unlike the LAPACK routines these have no info argument: the return value alone says whether
 * the arguments were legal (the reference BLAS would call XERBLA). alpha and beta are passed by
 * value and are the same for the whole batch. Options are case-insensitive. A matrix or vector
 * that BLAS does not reference for the given sizes and scalars (e.g. A and B of gemm when
 * alpha = 0 or k = 0) may be a null pointer (in the pointer layouts the array of pointers must
 * still be given, but its entries may be null). Increments may be negative, as in BLAS: the
 * vector's first element is then at the highest address, and x (or x[i]) still points to the
 * lowest.
 */
#ifndef BATCHLAPACK_BLAS_H
#define BATCHLAPACK_BLAS_H

#ifndef BATCHLAPACK_H
#include "../batchlapack.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ?TRSV_BATCH: for each i, solves one of the systems A_i * x_i = b_i, A_i**T * x_i = b_i or
 * A_i**H * x_i = b_i, where b_i and x_i are n-element vectors and A_i is an n-by-n unit or
 * non-unit, upper or lower triangular matrix, as BLAS's ?TRSV. No test for singularity or
 * near-singularity is made (a zero diagonal element gives Inf/NaN, as in BLAS).
 *
 * Arguments (strided layout, bl_?trsv_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with n, lda, incx as arrays of batch values):
 *    1 uplo     (input) 'U': each A_i is upper triangular; 'L': lower triangular.
 *    2 trans    (input) 'N': solve A_i * x_i = b_i; 'T': A_i**T * x_i = b_i;
 *               'C': A_i**H * x_i = b_i (the same as 'T' in the real precisions).
 *    3 diag     (input) 'U': each A_i is unit triangular (its diagonal is not referenced);
 *               'N': non-unit triangular.
 *    4 n        (input) order of each A_i, n >= 0.
 *    5 A        (input) the triangular matrices; the other triangle is not referenced.
 *    6 lda      (input) leading dimension of each A_i, lda >= max(1, n).
 *    7 strideA  (input) elements between A_i and A_{i+1} (A is only read: any value, e.g. 0 to
 *               share one A).
 *    8 x        (input/output) on entry the right-hand sides b_i, on exit the solutions x_i; each
 *               vector has 1+(n-1)*|incx| elements.
 *    9 incx     (input) increment of the elements of each x_i, incx != 0.
 *   10 strideX  (input) elements between x_i and x_{i+1}, >= 1+(n-1)*|incx| when batch > 1.
 *   11 batch    (input) number of problems, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_strsv_batch(char uplo, char trans, char diag, int n, const float *A, int lda,
                          int64_t strideA, float *x, int incx, int64_t strideX, int batch);
BL_API int bl_dtrsv_batch(char uplo, char trans, char diag, int n, const double *A, int lda,
                          int64_t strideA, double *x, int incx, int64_t strideX, int batch);
BL_API int bl_ctrsv_batch(char uplo, char trans, char diag, int n, const bl_complex_float *A,
                          int lda, int64_t strideA, bl_complex_float *x, int incx,
                          int64_t strideX, int batch);
BL_API int bl_ztrsv_batch(char uplo, char trans, char diag, int n, const bl_complex_double *A,
                          int lda, int64_t strideA, bl_complex_double *x, int incx,
                          int64_t strideX, int batch);

BL_API int bl_strsv_batch_ptr(char uplo, char trans, char diag, int n, const float *const *A,
                              int lda, float *const *x, int incx, int batch);
BL_API int bl_dtrsv_batch_ptr(char uplo, char trans, char diag, int n, const double *const *A,
                              int lda, double *const *x, int incx, int batch);
BL_API int bl_ctrsv_batch_ptr(char uplo, char trans, char diag, int n,
                              const bl_complex_float *const *A, int lda,
                              bl_complex_float *const *x, int incx, int batch);
BL_API int bl_ztrsv_batch_ptr(char uplo, char trans, char diag, int n,
                              const bl_complex_double *const *A, int lda,
                              bl_complex_double *const *x, int incx, int batch);

BL_API int bl_strsv_vbatch(char uplo, char trans, char diag, const int *n,
                           const float *const *A, const int *lda, float *const *x,
                           const int *incx, int batch);
BL_API int bl_dtrsv_vbatch(char uplo, char trans, char diag, const int *n,
                           const double *const *A, const int *lda, double *const *x,
                           const int *incx, int batch);
BL_API int bl_ctrsv_vbatch(char uplo, char trans, char diag, const int *n,
                           const bl_complex_float *const *A, const int *lda,
                           bl_complex_float *const *x, const int *incx, int batch);
BL_API int bl_ztrsv_vbatch(char uplo, char trans, char diag, const int *n,
                           const bl_complex_double *const *A, const int *lda,
                           bl_complex_double *const *x, const int *incx, int batch);

/*
 * ?TRSM_BATCH: for each i, solves one of the matrix equations op(A_i) * X_i = alpha * B_i
 * (side 'L') or X_i * op(A_i) = alpha * B_i (side 'R'), where X_i and B_i are m-by-n matrices,
 * A_i is a unit or non-unit, upper or lower triangular matrix and op(A_i) is A_i, A_i**T or
 * A_i**H, as BLAS's ?TRSM. X_i overwrites B_i. No test for singularity is made.
 *
 * Arguments (strided layout, bl_?trsm_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with m, n, lda, ldb as arrays of batch
 * values):
 *    1 side     (input) 'L': op(A_i) * X_i = alpha * B_i; 'R': X_i * op(A_i) = alpha * B_i.
 *    2 uplo     (input) 'U': each A_i is upper triangular; 'L': lower triangular.
 *    3 transa   (input) 'N': op(A_i) = A_i; 'T': A_i**T; 'C': A_i**H ('T' in the real
 *               precisions).
 *    4 diag     (input) 'U': each A_i is unit triangular (its diagonal is not referenced);
 *               'N': non-unit triangular.
 *    5 m        (input) number of rows of each B_i, m >= 0.
 *    6 n        (input) number of columns of each B_i, n >= 0.
 *    7 alpha    (input) scalar, the same for every problem. When alpha = 0, every B_i is set to
 *               zero and A is not referenced (it may be null).
 *    8 A        (input) the triangular matrices, k-by-k with k = m for side 'L', k = n for
 *               side 'R'; the other triangle is not referenced.
 *    9 lda      (input) leading dimension of each A_i, lda >= max(1, k).
 *   10 strideA  (input) elements between A_i and A_{i+1} (A is only read: any value, e.g. 0 to
 *               share one A).
 *   11 B        (input/output) on entry the right-hand sides B_i (m-by-n), on exit the
 *               solutions X_i.
 *   12 ldb      (input) leading dimension of each B_i, ldb >= max(1, m).
 *   13 strideB  (input) elements between B_i and B_{i+1}, >= ldb*(n-1)+m when batch > 1.
 *   14 batch    (input) number of problems, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_strsm_batch(char side, char uplo, char transa, char diag, int m, int n,
                          float alpha, const float *A, int lda, int64_t strideA, float *B,
                          int ldb, int64_t strideB, int batch);
BL_API int bl_dtrsm_batch(char side, char uplo, char transa, char diag, int m, int n,
                          double alpha, const double *A, int lda, int64_t strideA, double *B,
                          int ldb, int64_t strideB, int batch);
BL_API int bl_ctrsm_batch(char side, char uplo, char transa, char diag, int m, int n,
                          bl_complex_float alpha, const bl_complex_float *A, int lda,
                          int64_t strideA, bl_complex_float *B, int ldb, int64_t strideB,
                          int batch);
BL_API int bl_ztrsm_batch(char side, char uplo, char transa, char diag, int m, int n,
                          bl_complex_double alpha, const bl_complex_double *A, int lda,
                          int64_t strideA, bl_complex_double *B, int ldb, int64_t strideB,
                          int batch);

BL_API int bl_strsm_batch_ptr(char side, char uplo, char transa, char diag, int m, int n,
                              float alpha, const float *const *A, int lda, float *const *B,
                              int ldb, int batch);
BL_API int bl_dtrsm_batch_ptr(char side, char uplo, char transa, char diag, int m, int n,
                              double alpha, const double *const *A, int lda, double *const *B,
                              int ldb, int batch);
BL_API int bl_ctrsm_batch_ptr(char side, char uplo, char transa, char diag, int m, int n,
                              bl_complex_float alpha, const bl_complex_float *const *A, int lda,
                              bl_complex_float *const *B, int ldb, int batch);
BL_API int bl_ztrsm_batch_ptr(char side, char uplo, char transa, char diag, int m, int n,
                              bl_complex_double alpha, const bl_complex_double *const *A,
                              int lda, bl_complex_double *const *B, int ldb, int batch);

BL_API int bl_strsm_vbatch(char side, char uplo, char transa, char diag, const int *m,
                           const int *n, float alpha, const float *const *A, const int *lda,
                           float *const *B, const int *ldb, int batch);
BL_API int bl_dtrsm_vbatch(char side, char uplo, char transa, char diag, const int *m,
                           const int *n, double alpha, const double *const *A, const int *lda,
                           double *const *B, const int *ldb, int batch);
BL_API int bl_ctrsm_vbatch(char side, char uplo, char transa, char diag, const int *m,
                           const int *n, bl_complex_float alpha,
                           const bl_complex_float *const *A, const int *lda,
                           bl_complex_float *const *B, const int *ldb, int batch);
BL_API int bl_ztrsm_vbatch(char side, char uplo, char transa, char diag, const int *m,
                           const int *n, bl_complex_double alpha,
                           const bl_complex_double *const *A, const int *lda,
                           bl_complex_double *const *B, const int *ldb, int batch);

/*
 * ?GEMM_BATCH: for each i, C_i := alpha * op(A_i) * op(B_i) + beta * C_i, where op(X) is X,
 * X**T or X**H, op(A_i) is m-by-k, op(B_i) is k-by-n and C_i is m-by-n, as BLAS's ?GEMM.
 *
 * Arguments (strided layout, bl_?gemm_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with m, n, k, lda, ldb, ldc as arrays of
 * batch values):
 *    1 transa   (input) 'N': op(A_i) = A_i; 'T': A_i**T; 'C': A_i**H ('T' in the real
 *               precisions).
 *    2 transb   (input) 'N': op(B_i) = B_i; 'T': B_i**T; 'C': B_i**H.
 *    3 m        (input) number of rows of op(A_i) and of C_i, m >= 0.
 *    4 n        (input) number of columns of op(B_i) and of C_i, n >= 0.
 *    5 k        (input) number of columns of op(A_i) and rows of op(B_i), k >= 0.
 *    6 alpha    (input) scalar, the same for every problem. When alpha = 0 or k = 0, A and B
 *               are not referenced (they may be null).
 *    7 A        (input) the matrices A_i: m-by-k for transa 'N', k-by-m otherwise.
 *    8 lda      (input) leading dimension of each A_i, lda >= max(1, m) for transa 'N',
 *               lda >= max(1, k) otherwise.
 *    9 strideA  (input) elements between A_i and A_{i+1} (A is only read: any value, e.g. 0 to
 *               share one A).
 *   10 B        (input) the matrices B_i: k-by-n for transb 'N', n-by-k otherwise.
 *   11 ldb      (input) leading dimension of each B_i, ldb >= max(1, k) for transb 'N',
 *               ldb >= max(1, n) otherwise.
 *   12 strideB  (input) elements between B_i and B_{i+1} (as strideA).
 *   13 beta     (input) scalar, the same for every problem. When beta = 0, C need not be set
 *               on input (it is not read: NaN or Inf there does not propagate).
 *   14 C        (input/output) the m-by-n matrices C_i; on exit, the results. Not referenced
 *               when m = 0, n = 0, or (alpha = 0 or k = 0) and beta = 1.
 *   15 ldc      (input) leading dimension of each C_i, ldc >= max(1, m).
 *   16 strideC  (input) elements between C_i and C_{i+1}, >= ldc*(n-1)+m when batch > 1.
 *   17 batch    (input) number of problems, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sgemm_batch(char transa, char transb, int m, int n, int k, float alpha,
                          const float *A, int lda, int64_t strideA, const float *B, int ldb,
                          int64_t strideB, float beta, float *C, int ldc, int64_t strideC,
                          int batch);
BL_API int bl_dgemm_batch(char transa, char transb, int m, int n, int k, double alpha,
                          const double *A, int lda, int64_t strideA, const double *B, int ldb,
                          int64_t strideB, double beta, double *C, int ldc, int64_t strideC,
                          int batch);
BL_API int bl_cgemm_batch(char transa, char transb, int m, int n, int k, bl_complex_float alpha,
                          const bl_complex_float *A, int lda, int64_t strideA,
                          const bl_complex_float *B, int ldb, int64_t strideB,
                          bl_complex_float beta, bl_complex_float *C, int ldc, int64_t strideC,
                          int batch);
BL_API int bl_zgemm_batch(char transa, char transb, int m, int n, int k,
                          bl_complex_double alpha, const bl_complex_double *A, int lda,
                          int64_t strideA, const bl_complex_double *B, int ldb, int64_t strideB,
                          bl_complex_double beta, bl_complex_double *C, int ldc, int64_t strideC,
                          int batch);

BL_API int bl_sgemm_batch_ptr(char transa, char transb, int m, int n, int k, float alpha,
                              const float *const *A, int lda, const float *const *B, int ldb,
                              float beta, float *const *C, int ldc, int batch);
BL_API int bl_dgemm_batch_ptr(char transa, char transb, int m, int n, int k, double alpha,
                              const double *const *A, int lda, const double *const *B, int ldb,
                              double beta, double *const *C, int ldc, int batch);
BL_API int bl_cgemm_batch_ptr(char transa, char transb, int m, int n, int k,
                              bl_complex_float alpha, const bl_complex_float *const *A, int lda,
                              const bl_complex_float *const *B, int ldb, bl_complex_float beta,
                              bl_complex_float *const *C, int ldc, int batch);
BL_API int bl_zgemm_batch_ptr(char transa, char transb, int m, int n, int k,
                              bl_complex_double alpha, const bl_complex_double *const *A,
                              int lda, const bl_complex_double *const *B, int ldb,
                              bl_complex_double beta, bl_complex_double *const *C, int ldc,
                              int batch);

BL_API int bl_sgemm_vbatch(char transa, char transb, const int *m, const int *n, const int *k,
                           float alpha, const float *const *A, const int *lda,
                           const float *const *B, const int *ldb, float beta, float *const *C,
                           const int *ldc, int batch);
BL_API int bl_dgemm_vbatch(char transa, char transb, const int *m, const int *n, const int *k,
                           double alpha, const double *const *A, const int *lda,
                           const double *const *B, const int *ldb, double beta,
                           double *const *C, const int *ldc, int batch);
BL_API int bl_cgemm_vbatch(char transa, char transb, const int *m, const int *n, const int *k,
                           bl_complex_float alpha, const bl_complex_float *const *A,
                           const int *lda, const bl_complex_float *const *B, const int *ldb,
                           bl_complex_float beta, bl_complex_float *const *C, const int *ldc,
                           int batch);
BL_API int bl_zgemm_vbatch(char transa, char transb, const int *m, const int *n, const int *k,
                           bl_complex_double alpha, const bl_complex_double *const *A,
                           const int *lda, const bl_complex_double *const *B, const int *ldb,
                           bl_complex_double beta, bl_complex_double *const *C, const int *ldc,
                           int batch);

/*
 * ?GEMV_BATCH: for each i, y_i := alpha * op(A_i) * x_i + beta * y_i, where op(A_i) is A_i,
 * A_i**T or A_i**H, A_i is an m-by-n matrix and x_i, y_i are vectors, as BLAS's ?GEMV.
 *
 * Arguments (strided layout, bl_?gemv_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with m, n, lda, incx, incy as arrays of
 * batch values):
 *    1 trans    (input) 'N': y_i := alpha*A_i*x_i + beta*y_i; 'T': alpha*A_i**T*x_i + beta*y_i;
 *               'C': alpha*A_i**H*x_i + beta*y_i ('T' in the real precisions).
 *    2 m        (input) number of rows of each A_i, m >= 0.
 *    3 n        (input) number of columns of each A_i, n >= 0.
 *    4 alpha    (input) scalar, the same for every problem. When alpha = 0, A and x are not
 *               referenced (they may be null).
 *    5 A        (input) the m-by-n matrices A_i.
 *    6 lda      (input) leading dimension of each A_i, lda >= max(1, m).
 *    7 strideA  (input) elements between A_i and A_{i+1} (A is only read: any value, e.g. 0 to
 *               share one A).
 *    8 x        (input) the vectors x_i, of n elements for trans 'N', m otherwise, each stored
 *               in 1+(len-1)*|incx| elements.
 *    9 incx     (input) increment of the elements of each x_i, incx != 0.
 *   10 strideX  (input) elements between x_i and x_{i+1} (as strideA).
 *   11 beta     (input) scalar, the same for every problem. When beta = 0, y need not be set
 *               on input (it is not read).
 *   12 y        (input/output) the vectors y_i, of m elements for trans 'N', n otherwise, each
 *               stored in 1+(len-1)*|incy| elements; on exit, the results. Not referenced when
 *               m = 0, n = 0, or alpha = 0 and beta = 1.
 *   13 incy     (input) increment of the elements of each y_i, incy != 0.
 *   14 strideY  (input) elements between y_i and y_{i+1}, >= 1+(len-1)*|incy| when batch > 1.
 *   15 batch    (input) number of problems, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sgemv_batch(char trans, int m, int n, float alpha, const float *A, int lda,
                          int64_t strideA, const float *x, int incx, int64_t strideX, float beta,
                          float *y, int incy, int64_t strideY, int batch);
BL_API int bl_dgemv_batch(char trans, int m, int n, double alpha, const double *A, int lda,
                          int64_t strideA, const double *x, int incx, int64_t strideX,
                          double beta, double *y, int incy, int64_t strideY, int batch);
BL_API int bl_cgemv_batch(char trans, int m, int n, bl_complex_float alpha,
                          const bl_complex_float *A, int lda, int64_t strideA,
                          const bl_complex_float *x, int incx, int64_t strideX,
                          bl_complex_float beta, bl_complex_float *y, int incy, int64_t strideY,
                          int batch);
BL_API int bl_zgemv_batch(char trans, int m, int n, bl_complex_double alpha,
                          const bl_complex_double *A, int lda, int64_t strideA,
                          const bl_complex_double *x, int incx, int64_t strideX,
                          bl_complex_double beta, bl_complex_double *y, int incy,
                          int64_t strideY, int batch);

BL_API int bl_sgemv_batch_ptr(char trans, int m, int n, float alpha, const float *const *A,
                              int lda, const float *const *x, int incx, float beta,
                              float *const *y, int incy, int batch);
BL_API int bl_dgemv_batch_ptr(char trans, int m, int n, double alpha, const double *const *A,
                              int lda, const double *const *x, int incx, double beta,
                              double *const *y, int incy, int batch);
BL_API int bl_cgemv_batch_ptr(char trans, int m, int n, bl_complex_float alpha,
                              const bl_complex_float *const *A, int lda,
                              const bl_complex_float *const *x, int incx, bl_complex_float beta,
                              bl_complex_float *const *y, int incy, int batch);
BL_API int bl_zgemv_batch_ptr(char trans, int m, int n, bl_complex_double alpha,
                              const bl_complex_double *const *A, int lda,
                              const bl_complex_double *const *x, int incx,
                              bl_complex_double beta, bl_complex_double *const *y, int incy,
                              int batch);

BL_API int bl_sgemv_vbatch(char trans, const int *m, const int *n, float alpha,
                           const float *const *A, const int *lda, const float *const *x,
                           const int *incx, float beta, float *const *y, const int *incy,
                           int batch);
BL_API int bl_dgemv_vbatch(char trans, const int *m, const int *n, double alpha,
                           const double *const *A, const int *lda, const double *const *x,
                           const int *incx, double beta, double *const *y, const int *incy,
                           int batch);
BL_API int bl_cgemv_vbatch(char trans, const int *m, const int *n, bl_complex_float alpha,
                           const bl_complex_float *const *A, const int *lda,
                           const bl_complex_float *const *x, const int *incx,
                           bl_complex_float beta, bl_complex_float *const *y, const int *incy,
                           int batch);
BL_API int bl_zgemv_vbatch(char trans, const int *m, const int *n, bl_complex_double alpha,
                           const bl_complex_double *const *A, const int *lda,
                           const bl_complex_double *const *x, const int *incx,
                           bl_complex_double beta, bl_complex_double *const *y, const int *incy,
                           int batch);

#ifdef __cplusplus
}
#endif

#endif /* BATCHLAPACK_BLAS_H */
