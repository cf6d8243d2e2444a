/*
 * batchlapack: QR factorization, applying and forming its Q, and linear least squares.
 * Included by <batchlapack.h>; see there for the conventions shared by every routine.
 *
 * Q is stored as LAPACK stores it: the Householder vectors below the diagonal of the factored
 * matrix and their scalar factors in tau, Q = H(1) H(2) ... H(k), H(j) = I - tau(j) v_j v_j^H.
 * The routines that apply or form Q are ?ormqr/?orgqr in the real precisions and ?unmqr/?ungqr in
 * the complex ones, as in LAPACK (C++ offers unmqr/ungqr for all four precisions).
 */
#ifndef BATCHLAPACK_QR_H
#define BATCHLAPACK_QR_H

#ifndef BATCHLAPACK_H
#include "../batchlapack.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ?GEQRF_BATCH: for each i, the QR factorization of a general m-by-n matrix, A_i = Q_i * R_i,
 * as LAPACK's ?GEQRF.
 *
 * Arguments (strided layout, bl_?geqrf_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with m, n, lda as arrays of batch values):
 *   1 m          (input) number of rows of each A_i, m >= 0.
 *   2 n          (input) number of columns of each A_i, n >= 0.
 *   3 A          (input/output) the matrices; on exit, R_i on and above the diagonal (upper
 *                trapezoidal if m < n) and the Householder vectors of Q_i below it.
 *   4 lda        (input) leading dimension of each A_i, lda >= max(1, m).
 *   5 strideA    (input) elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.
 *   6 tau        (output) min(m, n) scalar factors of the reflectors of each Q_i.
 *   7 strideTau  (input) elements between tau_i and tau_{i+1}, >= min(m, n) when batch > 1.
 *   8 info       (output) array of batch entries: info[i] = 0 (the factorization cannot fail).
 *   9 batch      (input) number of matrices, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sgeqrf_batch(int m, int n, float *A, int lda, int64_t strideA, float *tau,
                           int64_t strideTau, int *info, int batch);
BL_API int bl_dgeqrf_batch(int m, int n, double *A, int lda, int64_t strideA, double *tau,
                           int64_t strideTau, int *info, int batch);
BL_API int bl_cgeqrf_batch(int m, int n, bl_complex_float *A, int lda, int64_t strideA,
                           bl_complex_float *tau, int64_t strideTau, int *info, int batch);
BL_API int bl_zgeqrf_batch(int m, int n, bl_complex_double *A, int lda, int64_t strideA,
                           bl_complex_double *tau, int64_t strideTau, int *info, int batch);

BL_API int bl_sgeqrf_batch_ptr(int m, int n, float *const *A, int lda, float *const *tau, int *info,
                               int batch);
BL_API int bl_dgeqrf_batch_ptr(int m, int n, double *const *A, int lda, double *const *tau,
                               int *info, int batch);
BL_API int bl_cgeqrf_batch_ptr(int m, int n, bl_complex_float *const *A, int lda,
                               bl_complex_float *const *tau, int *info, int batch);
BL_API int bl_zgeqrf_batch_ptr(int m, int n, bl_complex_double *const *A, int lda,
                               bl_complex_double *const *tau, int *info, int batch);

BL_API int bl_sgeqrf_vbatch(const int *m, const int *n, float *const *A, const int *lda,
                            float *const *tau, int *info, int batch);
BL_API int bl_dgeqrf_vbatch(const int *m, const int *n, double *const *A, const int *lda,
                            double *const *tau, int *info, int batch);
BL_API int bl_cgeqrf_vbatch(const int *m, const int *n, bl_complex_float *const *A, const int *lda,
                            bl_complex_float *const *tau, int *info, int batch);
BL_API int bl_zgeqrf_vbatch(const int *m, const int *n, bl_complex_double *const *A, const int *lda,
                            bl_complex_double *const *tau, int *info, int batch);
/*
 * ?ORMQR_BATCH (real) / ?UNMQR_BATCH (complex): for each i, overwrites the m-by-n matrix C_i with
 *     Q_i * C_i    (side 'L', trans 'N')      C_i * Q_i    (side 'R', trans 'N')
 *     Q_i^T * C_i  (side 'L', trans 'T'/'C')  C_i * Q_i^T  (side 'R', trans 'T'/'C')
 * (Q^H for the complex routines), where Q_i is the product of k reflectors as returned by
 * ?geqrf_batch: of order m for side 'L', of order n for side 'R'. As LAPACK's ?ORMQR / ?UNMQR.
 *
 * Arguments (strided layout; the other layouts take the same arguments without the strides, with
 * pointer arrays, and for _vbatch with m, n, k, lda, ldc as arrays of batch values):
 *   1 side       (input) 'L': apply Q_i or its transpose from the left; 'R': from the right.
 *   2 trans      (input) 'N': apply Q_i; 'T' (real routines) or 'C' (complex routines): apply
 *                Q_i^T or Q_i^H.
 *   3 m          (input) number of rows of each C_i, m >= 0.
 *   4 n          (input) number of columns of each C_i, n >= 0.
 *   5 k          (input) number of reflectors of each Q_i: 0 <= k <= m (side 'L'), 0 <= k <= n
 *                (side 'R').
 *   6 A          (input) the reflectors, in the first k columns of each nq-by-k A_i as ?geqrf_batch
 *                returned them (nq = m for side 'L', n for side 'R'); not modified.
 *   7 lda        (input) leading dimension of each A_i, lda >= max(1, nq).
 *   8 strideA    (input) elements between A_i and A_{i+1}, >= lda*(k-1)+nq when batch > 1.
 *   9 tau        (input) k scalar factors of the reflectors of each Q_i, as ?geqrf_batch returned.
 *  10 strideTau  (input) elements between tau_i and tau_{i+1}, >= k when batch > 1.
 *  11 C          (input/output) the m-by-n matrices C_i; on exit, the product.
 *  12 ldc        (input) leading dimension of each C_i, ldc >= max(1, m).
 *  13 strideC    (input) elements between C_i and C_{i+1}, >= ldc*(n-1)+m when batch > 1.
 *  14 info       (output) array of batch entries: info[i] = 0.
 *  15 batch      (input) number of matrices, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sormqr_batch(char side, char trans, int m, int n, int k, const float *A, int lda,
                           int64_t strideA, const float *tau, int64_t strideTau, float *C, int ldc,
                           int64_t strideC, int *info, int batch);
BL_API int bl_dormqr_batch(char side, char trans, int m, int n, int k, const double *A, int lda,
                           int64_t strideA, const double *tau, int64_t strideTau, double *C, int ldc,
                           int64_t strideC, int *info, int batch);
BL_API int bl_cunmqr_batch(char side, char trans, int m, int n, int k, const bl_complex_float *A,
                           int lda, int64_t strideA, const bl_complex_float *tau, int64_t strideTau,
                           bl_complex_float *C, int ldc, int64_t strideC, int *info, int batch);
BL_API int bl_zunmqr_batch(char side, char trans, int m, int n, int k, const bl_complex_double *A,
                           int lda, int64_t strideA, const bl_complex_double *tau, int64_t strideTau,
                           bl_complex_double *C, int ldc, int64_t strideC, int *info, int batch);

BL_API int bl_sormqr_batch_ptr(char side, char trans, int m, int n, int k, const float *const *A,
                               int lda, const float *const *tau, float *const *C, int ldc, int *info,
                               int batch);
BL_API int bl_dormqr_batch_ptr(char side, char trans, int m, int n, int k, const double *const *A,
                               int lda, const double *const *tau, double *const *C, int ldc,
                               int *info, int batch);
BL_API int bl_cunmqr_batch_ptr(char side, char trans, int m, int n, int k,
                               const bl_complex_float *const *A, int lda,
                               const bl_complex_float *const *tau, bl_complex_float *const *C,
                               int ldc, int *info, int batch);
BL_API int bl_zunmqr_batch_ptr(char side, char trans, int m, int n, int k,
                               const bl_complex_double *const *A, int lda,
                               const bl_complex_double *const *tau, bl_complex_double *const *C,
                               int ldc, int *info, int batch);

BL_API int bl_sormqr_vbatch(char side, char trans, const int *m, const int *n, const int *k,
                            const float *const *A, const int *lda, const float *const *tau,
                            float *const *C, const int *ldc, int *info, int batch);
BL_API int bl_dormqr_vbatch(char side, char trans, const int *m, const int *n, const int *k,
                            const double *const *A, const int *lda, const double *const *tau,
                            double *const *C, const int *ldc, int *info, int batch);
BL_API int bl_cunmqr_vbatch(char side, char trans, const int *m, const int *n, const int *k,
                            const bl_complex_float *const *A, const int *lda,
                            const bl_complex_float *const *tau, bl_complex_float *const *C,
                            const int *ldc, int *info, int batch);
BL_API int bl_zunmqr_vbatch(char side, char trans, const int *m, const int *n, const int *k,
                            const bl_complex_double *const *A, const int *lda,
                            const bl_complex_double *const *tau, bl_complex_double *const *C,
                            const int *ldc, int *info, int batch);
/*
 * ?ORGQR_BATCH (real) / ?UNGQR_BATCH (complex): for each i, generates the m-by-n matrix Q_i with
 * orthonormal columns, the first n columns of the product of k reflectors of order m as
 * ?geqrf_batch returned them. As LAPACK's ?ORGQR / ?UNGQR.
 *
 * Arguments (strided layout; the other layouts take the same arguments without the strides, with
 * pointer arrays, and for _vbatch with m, n, k, lda as arrays of batch values):
 *   1 m          (input) number of rows of each Q_i, m >= 0.
 *   2 n          (input) number of columns of each Q_i, 0 <= n <= m.
 *   3 k          (input) number of reflectors whose product defines Q_i, 0 <= k <= n.
 *   4 A          (input/output) on entry, the reflectors in the first k columns of each A_i as
 *                ?geqrf_batch returned them; on exit, the m-by-n Q_i.
 *   5 lda        (input) leading dimension of each A_i, lda >= max(1, m).
 *   6 strideA    (input) elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.
 *   7 tau        (input) k scalar factors of the reflectors of each Q_i.
 *   8 strideTau  (input) elements between tau_i and tau_{i+1}, >= k when batch > 1.
 *   9 info       (output) array of batch entries: info[i] = 0.
 *  10 batch      (input) number of matrices, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sorgqr_batch(int m, int n, int k, float *A, int lda, int64_t strideA, const float *tau,
                           int64_t strideTau, int *info, int batch);
BL_API int bl_dorgqr_batch(int m, int n, int k, double *A, int lda, int64_t strideA,
                           const double *tau, int64_t strideTau, int *info, int batch);
BL_API int bl_cungqr_batch(int m, int n, int k, bl_complex_float *A, int lda, int64_t strideA,
                           const bl_complex_float *tau, int64_t strideTau, int *info, int batch);
BL_API int bl_zungqr_batch(int m, int n, int k, bl_complex_double *A, int lda, int64_t strideA,
                           const bl_complex_double *tau, int64_t strideTau, int *info, int batch);

BL_API int bl_sorgqr_batch_ptr(int m, int n, int k, float *const *A, int lda,
                               const float *const *tau, int *info, int batch);
BL_API int bl_dorgqr_batch_ptr(int m, int n, int k, double *const *A, int lda,
                               const double *const *tau, int *info, int batch);
BL_API int bl_cungqr_batch_ptr(int m, int n, int k, bl_complex_float *const *A, int lda,
                               const bl_complex_float *const *tau, int *info, int batch);
BL_API int bl_zungqr_batch_ptr(int m, int n, int k, bl_complex_double *const *A, int lda,
                               const bl_complex_double *const *tau, int *info, int batch);

BL_API int bl_sorgqr_vbatch(const int *m, const int *n, const int *k, float *const *A,
                            const int *lda, const float *const *tau, int *info, int batch);
BL_API int bl_dorgqr_vbatch(const int *m, const int *n, const int *k, double *const *A,
                            const int *lda, const double *const *tau, int *info, int batch);
BL_API int bl_cungqr_vbatch(const int *m, const int *n, const int *k, bl_complex_float *const *A,
                            const int *lda, const bl_complex_float *const *tau, int *info,
                            int batch);
BL_API int bl_zungqr_vbatch(const int *m, const int *n, const int *k, bl_complex_double *const *A,
                            const int *lda, const bl_complex_double *const *tau, int *info,
                            int batch);
/*
 * ?GELS_BATCH: for each i, solves an overdetermined or underdetermined linear system with the
 * full-rank m-by-n matrix A_i, or its (conjugate) transpose, by a QR or LQ factorization of A_i,
 * as LAPACK's ?GELS. For each right-hand side b (a column of B_i):
 *     trans 'N', m >= n: the least squares solution x, minimizing || b - A_i x ||_2;
 *     trans 'N', m <  n: the minimum norm solution of A_i x = b;
 *     trans 'T'/'C', m >= n: the minimum norm solution of A_i^H x = b;
 *     trans 'T'/'C', m <  n: the least squares solution x, minimizing || b - A_i^H x ||_2.
 *
 * Arguments (strided layout; the other layouts take the same arguments without the strides, with
 * pointer arrays, and for _vbatch with m, n, nrhs, lda, ldb as arrays of batch values):
 *   1 trans      (input) 'N': solve with A_i; 'T' (real) or 'C' (complex): with A_i^T / A_i^H.
 *   2 m          (input) number of rows of each A_i, m >= 0.
 *   3 n          (input) number of columns of each A_i, n >= 0.
 *   4 nrhs       (input) number of right-hand sides (columns of each B_i), nrhs >= 0.
 *   5 A          (input/output) the matrices; on exit, their QR (m >= n) or LQ (m < n)
 *                factorization as LAPACK's ?GELS leaves it.
 *   6 lda        (input) leading dimension of each A_i, lda >= max(1, m).
 *   7 strideA    (input) elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.
 *   8 B          (input/output) each a max(m, n)-by-nrhs matrix: on entry the right-hand sides
 *                in its first m (trans 'N') or n (trans 'T'/'C') rows; on exit the solutions in
 *                its first n (trans 'N') or m (trans 'T'/'C') rows. For least squares problems
 *                the squared residual norm of column j is the sum of squares of the remaining
 *                rows of that column.
 *   9 ldb        (input) leading dimension of each B_i, ldb >= max(1, m, n).
 *  10 strideB    (input) elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+max(m, n) when
 *                batch > 1.
 *  11 info       (output) array of batch entries: info[i] = 0 success; = j > 0 if the j-th
 *                diagonal element of the triangular factor of A_i is exactly zero, so A_i does
 *                not have full rank and no solution was computed for it.
 *  12 batch      (input) number of matrices, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sgels_batch(char trans, int m, int n, int nrhs, float *A, int lda, int64_t strideA,
                          float *B, int ldb, int64_t strideB, int *info, int batch);
BL_API int bl_dgels_batch(char trans, int m, int n, int nrhs, double *A, int lda, int64_t strideA,
                          double *B, int ldb, int64_t strideB, int *info, int batch);
BL_API int bl_cgels_batch(char trans, int m, int n, int nrhs, bl_complex_float *A, int lda,
                          int64_t strideA, bl_complex_float *B, int ldb, int64_t strideB, int *info,
                          int batch);
BL_API int bl_zgels_batch(char trans, int m, int n, int nrhs, bl_complex_double *A, int lda,
                          int64_t strideA, bl_complex_double *B, int ldb, int64_t strideB, int *info,
                          int batch);

BL_API int bl_sgels_batch_ptr(char trans, int m, int n, int nrhs, float *const *A, int lda,
                              float *const *B, int ldb, int *info, int batch);
BL_API int bl_dgels_batch_ptr(char trans, int m, int n, int nrhs, double *const *A, int lda,
                              double *const *B, int ldb, int *info, int batch);
BL_API int bl_cgels_batch_ptr(char trans, int m, int n, int nrhs, bl_complex_float *const *A,
                              int lda, bl_complex_float *const *B, int ldb, int *info, int batch);
BL_API int bl_zgels_batch_ptr(char trans, int m, int n, int nrhs, bl_complex_double *const *A,
                              int lda, bl_complex_double *const *B, int ldb, int *info, int batch);

BL_API int bl_sgels_vbatch(char trans, const int *m, const int *n, const int *nrhs, float *const *A,
                           const int *lda, float *const *B, const int *ldb, int *info, int batch);
BL_API int bl_dgels_vbatch(char trans, const int *m, const int *n, const int *nrhs, double *const *A,
                           const int *lda, double *const *B, const int *ldb, int *info, int batch);
BL_API int bl_cgels_vbatch(char trans, const int *m, const int *n, const int *nrhs,
                           bl_complex_float *const *A, const int *lda, bl_complex_float *const *B,
                           const int *ldb, int *info, int batch);
BL_API int bl_zgels_vbatch(char trans, const int *m, const int *n, const int *nrhs,
                           bl_complex_double *const *A, const int *lda, bl_complex_double *const *B,
                           const int *ldb, int *info, int batch);
#ifdef __cplusplus
}
#endif

#endif /* BATCHLAPACK_QR_H */
