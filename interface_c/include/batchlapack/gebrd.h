/*
 * batchlapack: reduction of a general matrix to bidiagonal form.
 * Included by <batchlapack.h>; see there for the conventions shared by every routine.
 */
#ifndef BATCHLAPACK_GEBRD_H
#define BATCHLAPACK_GEBRD_H

#ifndef BATCHLAPACK_H
#include "../batchlapack.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ?GEBRD_BATCH: for each i, reduces a general m-by-n matrix A_i to upper (m >= n) or lower
 * (m < n) bidiagonal form B_i by an orthogonal (unitary) transformation, Q_i^H * A_i * P_i = B_i,
 * as LAPACK's ?GEBRD. Q_i = H(1) ... H(min(m,n)) and P_i = G(1) ... G(min(m,n)) are products of
 * reflectors stored as LAPACK stores them; LAPACK's ?ORGBR/?UNGBR and ?ORMBR/?UNMBR use them.
 *
 * Arguments (strided layout, bl_?gebrd_batch; the other layouts take the same arguments without
 * the strides, with pointer arrays, and for _vbatch with m, n, lda as arrays of batch values):
 *   1 m           (input) number of rows of each A_i, m >= 0.
 *   2 n           (input) number of columns of each A_i, n >= 0.
 *   3 A           (input/output) the matrices; on exit, the diagonal and the first super-
 *                 (m >= n) or sub-diagonal (m < n) hold B_i; the elements below the diagonal
 *                 (below the first subdiagonal if m < n) hold the reflectors of Q_i, those above
 *                 the first superdiagonal (above the diagonal if m < n) the reflectors of P_i.
 *   4 lda         (input) leading dimension of each A_i, lda >= max(1, m).
 *   5 strideA     (input) elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.
 *   6 d           (output, real) the min(m, n) diagonal elements of each B_i.
 *   7 strideD     (input) elements between d_i and d_{i+1}, >= min(m, n) when batch > 1.
 *   8 e           (output, real) the min(m, n)-1 off-diagonal elements of each B_i.
 *   9 strideE     (input) elements between e_i and e_{i+1}, >= min(m, n)-1 when batch > 1.
 *  10 tauq        (output) min(m, n) scalar factors of the reflectors of each Q_i.
 *  11 strideTauq  (input) elements between tauq_i and tauq_{i+1}, >= min(m, n) when batch > 1.
 *  12 taup        (output) min(m, n) scalar factors of the reflectors of each P_i.
 *  13 strideTaup  (input) elements between taup_i and taup_{i+1}, >= min(m, n) when batch > 1.
 *  14 info        (output) array of batch entries: info[i] = 0 (the reduction cannot fail).
 *  15 batch       (input) number of matrices, batch >= 0.
 *   Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see batchlapack.h).
 */
BL_API int bl_sgebrd_batch(int m, int n, float *A, int lda, int64_t strideA, float *d,
                           int64_t strideD, float *e, int64_t strideE, float *tauq,
                           int64_t strideTauq, float *taup, int64_t strideTaup, int *info,
                           int batch);
BL_API int bl_dgebrd_batch(int m, int n, double *A, int lda, int64_t strideA, double *d,
                           int64_t strideD, double *e, int64_t strideE, double *tauq,
                           int64_t strideTauq, double *taup, int64_t strideTaup, int *info,
                           int batch);
BL_API int bl_cgebrd_batch(int m, int n, bl_complex_float *A, int lda, int64_t strideA, float *d,
                           int64_t strideD, float *e, int64_t strideE, bl_complex_float *tauq,
                           int64_t strideTauq, bl_complex_float *taup, int64_t strideTaup, int *info,
                           int batch);
BL_API int bl_zgebrd_batch(int m, int n, bl_complex_double *A, int lda, int64_t strideA, double *d,
                           int64_t strideD, double *e, int64_t strideE, bl_complex_double *tauq,
                           int64_t strideTauq, bl_complex_double *taup, int64_t strideTaup,
                           int *info, int batch);

BL_API int bl_sgebrd_batch_ptr(int m, int n, float *const *A, int lda, float *const *d,
                               float *const *e, float *const *tauq, float *const *taup, int *info,
                               int batch);
BL_API int bl_dgebrd_batch_ptr(int m, int n, double *const *A, int lda, double *const *d,
                               double *const *e, double *const *tauq, double *const *taup, int *info,
                               int batch);
BL_API int bl_cgebrd_batch_ptr(int m, int n, bl_complex_float *const *A, int lda, float *const *d,
                               float *const *e, bl_complex_float *const *tauq,
                               bl_complex_float *const *taup, int *info, int batch);
BL_API int bl_zgebrd_batch_ptr(int m, int n, bl_complex_double *const *A, int lda, double *const *d,
                               double *const *e, bl_complex_double *const *tauq,
                               bl_complex_double *const *taup, int *info, int batch);

BL_API int bl_sgebrd_vbatch(const int *m, const int *n, float *const *A, const int *lda,
                            float *const *d, float *const *e, float *const *tauq, float *const *taup,
                            int *info, int batch);
BL_API int bl_dgebrd_vbatch(const int *m, const int *n, double *const *A, const int *lda,
                            double *const *d, double *const *e, double *const *tauq,
                            double *const *taup, int *info, int batch);
BL_API int bl_cgebrd_vbatch(const int *m, const int *n, bl_complex_float *const *A, const int *lda,
                            float *const *d, float *const *e, bl_complex_float *const *tauq,
                            bl_complex_float *const *taup, int *info, int batch);
BL_API int bl_zgebrd_vbatch(const int *m, const int *n, bl_complex_double *const *A, const int *lda,
                            double *const *d, double *const *e, bl_complex_double *const *tauq,
                            bl_complex_double *const *taup, int *info, int batch);
#ifdef __cplusplus
}
#endif

#endif /* BATCHLAPACK_GEBRD_H */
