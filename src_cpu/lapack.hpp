// The system LAPACK and BLAS, as C++ overloads on the scalar type.
//
// The Fortran symbols are declared here (no LAPACKE/CBLAS dependency: reference LAPACK and OpenBLAS
// both export them). Character arguments carry gfortran's hidden length arguments. The tests use
// these same overloads as their reference.
#pragma once

#include <complex>
#include <cstddef>

namespace bl {
namespace lapack {

using fchar = const char *;
using flen = std::size_t;  // hidden Fortran character length

#define BL_LAPACK_ALL(X)                                                                          \
    X(float, s, s, float) X(double, d, d, double) X(std::complex<float>, c, c, float)              \
    X(std::complex<double>, z, z, double)

// Each block declares the Fortran symbol of every precision and an overload that calls it.
// T: scalar type, p: precision letter, R: real type of T.
#define BL_LAPACK_DECLARE(T, p, q, R)                                                             \
    extern "C" {                                                                                  \
    void p##getrf_(const int *, const int *, T *, const int *, int *, int *);                     \
    void p##getrs_(fchar, const int *, const int *, const T *, const int *, const int *, T *,     \
                   const int *, int *, flen);                                                     \
    void p##gesv_(const int *, const int *, T *, const int *, int *, T *, const int *, int *);    \
    void p##potrf_(fchar, const int *, T *, const int *, int *, flen);                            \
    void p##getri_(const int *, T *, const int *, const int *, T *, const int *, int *);          \
    void p##potri_(fchar, const int *, T *, const int *, int *, flen);                            \
    void p##trtri_(fchar, fchar, const int *, T *, const int *, int *, flen, flen);               \
    void p##potf2_(fchar, const int *, T *, const int *, int *, flen);                            \
    void p##potrs_(fchar, const int *, const int *, const T *, const int *, T *, const int *,     \
                   int *, flen);                                                                  \
    void p##posv_(fchar, const int *, const int *, T *, const int *, T *, const int *, int *,     \
                  flen);                                                                          \
    void p##geqrf_(const int *, const int *, T *, const int *, T *, T *, const int *, int *);     \
    void p##geqr2_(const int *, const int *, T *, const int *, T *, T *, int *);                  \
    void p##larft_(fchar, fchar, const int *, const int *, const T *, const int *, const T *, T *, \
                   const int *, flen, flen);                                                      \
    void p##gels_(fchar, const int *, const int *, const int *, T *, const int *, T *,            \
                  const int *, T *, const int *, int *, flen);                                    \
    void p##gebrd_(const int *, const int *, T *, const int *, R *, R *, T *, T *, T *,           \
                   const int *, int *);                                                           \
    void p##larfg_(const int *, T *, T *, const int *, T *);                                      \
    void p##trsv_(fchar, fchar, fchar, const int *, const T *, const int *, T *, const int *,     \
                  flen, flen, flen);                                                              \
    void p##trsm_(fchar, fchar, fchar, fchar, const int *, const int *, const T *, const T *,     \
                  const int *, T *, const int *, flen, flen, flen, flen);                         \
    void p##trmm_(fchar, fchar, fchar, fchar, const int *, const int *, const T *, const T *,     \
                  const int *, T *, const int *, flen, flen, flen, flen);                         \
    void p##gemm_(fchar, fchar, const int *, const int *, const int *, const T *, const T *,      \
                  const int *, const T *, const int *, const T *, T *, const int *, flen, flen);  \
    void p##gemv_(fchar, const int *, const int *, const T *, const T *, const int *, const T *,  \
                  const int *, const T *, T *, const int *, flen);                                \
    }                                                                                             \
    inline void getrf(int m, int n, T *a, int lda, int *ipiv, int *info) {                        \
        p##getrf_(&m, &n, a, &lda, ipiv, info);                                                   \
    }                                                                                             \
    inline void getrs(char tr, int n, int nrhs, const T *a, int lda, const int *ipiv, T *b,       \
                      int ldb, int *info) {                                                       \
        p##getrs_(&tr, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);                               \
    }                                                                                             \
    inline void gesv(int n, int nrhs, T *a, int lda, int *ipiv, T *b, int ldb, int *info) {       \
        p##gesv_(&n, &nrhs, a, &lda, ipiv, b, &ldb, info);                                        \
    }                                                                                             \
    inline void getri(int n, T *a, int lda, const int *ipiv, T *work, int lwork, int *info) {     \
        p##getri_(&n, a, &lda, ipiv, work, &lwork, info);                                         \
    }                                                                                             \
    inline void potri(char uplo, int n, T *a, int lda, int *info) {                               \
        p##potri_(&uplo, &n, a, &lda, info, 1);                                                   \
    }                                                                                             \
    inline void trtri(char uplo, char diag, int n, T *a, int lda, int *info) {                    \
        p##trtri_(&uplo, &diag, &n, a, &lda, info, 1, 1);                                         \
    }                                                                                             \
    inline void potrf(char uplo, int n, T *a, int lda, int *info) {                               \
        p##potrf_(&uplo, &n, a, &lda, info, 1);                                                   \
    }                                                                                             \
    /* The unblocked potrf: where a leading minor is not positive, what it leaves in A is defined  \
       column by column (a blocked potrf's partial results depend on its blocks); the reference  \
       of the tests for the library's kernels, which stop the same way. */                       \
    inline void potf2(char uplo, int n, T *a, int lda, int *info) {                               \
        p##potf2_(&uplo, &n, a, &lda, info, 1);                                                   \
    }                                                                                             \
    inline void potrs(char uplo, int n, int nrhs, const T *a, int lda, T *b, int ldb, int *info) { \
        p##potrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);                                   \
    }                                                                                             \
    inline void posv(char uplo, int n, int nrhs, T *a, int lda, T *b, int ldb, int *info) {       \
        p##posv_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);                                    \
    }                                                                                             \
    inline void geqrf(int m, int n, T *a, int lda, T *tau, T *work, int lwork, int *info) {       \
        p##geqrf_(&m, &n, a, &lda, tau, work, &lwork, info);                                      \
    }                                                                                             \
    /* The unblocked QR, with work of n elements. */                                            \
    inline void geqr2(int m, int n, T *a, int lda, T *tau, T *work, int *info) {                  \
        p##geqr2_(&m, &n, a, &lda, tau, work, info);                                              \
    }                                                                                             \
    inline void larft(char direct, char storev, int n, int k, const T *v, int ldv, const T *tau,  \
                      T *t, int ldt) {                                                            \
        p##larft_(&direct, &storev, &n, &k, v, &ldv, tau, t, &ldt, 1, 1);                         \
    }                                                                                             \
    inline void gels(char tr, int m, int n, int nrhs, T *a, int lda, T *b, int ldb, T *work,      \
                     int lwork, int *info) {                                                      \
        p##gels_(&tr, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info, 1);                    \
    }                                                                                             \
    inline void gebrd(int m, int n, T *a, int lda, R *d, R *e, T *tauq, T *taup, T *work,         \
                      int lwork, int *info) {                                                     \
        p##gebrd_(&m, &n, a, &lda, d, e, tauq, taup, work, &lwork, info);                         \
    }                                                                                             \
    inline void larfg(int n, T *alpha, T *x, int incx, T *tau) {                                  \
        p##larfg_(&n, alpha, x, &incx, tau);                                                      \
    }                                                                                             \
    inline void trsv(char uplo, char tr, char diag, int n, const T *a, int lda, T *x, int incx) { \
        p##trsv_(&uplo, &tr, &diag, &n, a, &lda, x, &incx, 1, 1, 1);                              \
    }                                                                                             \
    inline void trsm(char side, char uplo, char tr, char diag, int m, int n, T alpha, const T *a, \
                     int lda, T *b, int ldb) {                                                    \
        p##trsm_(&side, &uplo, &tr, &diag, &m, &n, &alpha, a, &lda, b, &ldb, 1, 1, 1, 1);         \
    }                                                                                             \
    inline void trmm(char side, char uplo, char tr, char diag, int m, int n, T alpha, const T *a, \
                     int lda, T *b, int ldb) {                                                    \
        p##trmm_(&side, &uplo, &tr, &diag, &m, &n, &alpha, a, &lda, b, &ldb, 1, 1, 1, 1);         \
    }                                                                                             \
    inline void gemm(char ta, char tb, int m, int n, int k, T alpha, const T *a, int lda,         \
                     const T *b, int ldb, T beta, T *c, int ldc) {                                \
        p##gemm_(&ta, &tb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);           \
    }                                                                                             \
    inline void gemv(char tr, int m, int n, T alpha, const T *a, int lda, const T *x, int incx,   \
                     T beta, T *y, int incy) {                                                    \
        p##gemv_(&tr, &m, &n, &alpha, a, &lda, x, &incx, &beta, y, &incy, 1);                     \
    }
BL_LAPACK_ALL(BL_LAPACK_DECLARE)
#undef BL_LAPACK_DECLARE

// ormqr/orgqr are named unmqr/ungqr in the complex precisions.
#define BL_LAPACK_Q(T, name_mqr, name_gqr)                                                        \
    extern "C" {                                                                                  \
    void name_mqr(fchar, fchar, const int *, const int *, const int *, const T *, const int *,    \
                  const T *, T *, const int *, T *, const int *, int *, flen, flen);              \
    void name_gqr(const int *, const int *, const int *, T *, const int *, const T *, T *,        \
                  const int *, int *);                                                            \
    }                                                                                             \
    inline void ormqr(char side, char tr, int m, int n, int k, const T *a, int lda, const T *tau, \
                      T *c, int ldc, T *work, int lwork, int *info) {                             \
        name_mqr(&side, &tr, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, 1, 1);        \
    }                                                                                             \
    inline void orgqr(int m, int n, int k, T *a, int lda, const T *tau, T *work, int lwork,       \
                      int *info) {                                                                \
        name_gqr(&m, &n, &k, a, &lda, tau, work, &lwork, info);                                   \
    }
BL_LAPACK_Q(float, sormqr_, sorgqr_)
BL_LAPACK_Q(double, dormqr_, dorgqr_)
BL_LAPACK_Q(std::complex<float>, cunmqr_, cungqr_)
BL_LAPACK_Q(std::complex<double>, zunmqr_, zungqr_)
#undef BL_LAPACK_Q
#undef BL_LAPACK_ALL

}  // namespace lapack
}  // namespace bl
