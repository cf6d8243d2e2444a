// C++ overloads of the blas family; included by <batchlapack.hpp>. See batchlapack/blas.h.
#ifndef BATCHLAPACK_BLAS_HPP
#define BATCHLAPACK_BLAS_HPP

namespace batchlapack {

#define BATCHLAPACK_BLAS(p, T, R)                                                                 \
    inline int trsv_batch(char uplo, char trans, char diag, int n, const T *A, int lda,           \
                          int64_t strideA, T *x, int incx, int64_t strideX, int batch) {          \
        return bl_##p##trsv_batch(uplo, trans, diag, n, A, lda, strideA, x, incx, strideX, batch); \
    }                                                                                             \
    inline int trsv_batch_ptr(char uplo, char trans, char diag, int n, const T *const *A, int lda, \
                              T *const *x, int incx, int batch) {                                 \
        return bl_##p##trsv_batch_ptr(uplo, trans, diag, n, A, lda, x, incx, batch);              \
    }                                                                                             \
    inline int trsv_vbatch(char uplo, char trans, char diag, const int *n, const T *const *A,     \
                           const int *lda, T *const *x, const int *incx, int batch) {             \
        return bl_##p##trsv_vbatch(uplo, trans, diag, n, A, lda, x, incx, batch);                 \
    }                                                                                             \
    inline int trsm_batch(char side, char uplo, char transa, char diag, int m, int n, T alpha,    \
                          const T *A, int lda, int64_t strideA, T *B, int ldb, int64_t strideB,   \
                          int batch) {                                                            \
        return bl_##p##trsm_batch(side, uplo, transa, diag, m, n, alpha, A, lda, strideA, B, ldb, \
                                  strideB, batch);                                                \
    }                                                                                             \
    inline int trsm_batch_ptr(char side, char uplo, char transa, char diag, int m, int n,         \
                              T alpha, const T *const *A, int lda, T *const *B, int ldb,          \
                              int batch) {                                                        \
        return bl_##p##trsm_batch_ptr(side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb,      \
                                      batch);                                                     \
    }                                                                                             \
    inline int trsm_vbatch(char side, char uplo, char transa, char diag, const int *m,            \
                           const int *n, T alpha, const T *const *A, const int *lda,              \
                           T *const *B, const int *ldb, int batch) {                              \
        return bl_##p##trsm_vbatch(side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb, batch); \
    }                                                                                             \
    inline int gemm_batch(char transa, char transb, int m, int n, int k, T alpha, const T *A,     \
                          int lda, int64_t strideA, const T *B, int ldb, int64_t strideB, T beta, \
                          T *C, int ldc, int64_t strideC, int batch) {                            \
        return bl_##p##gemm_batch(transa, transb, m, n, k, alpha, A, lda, strideA, B, ldb,        \
                                  strideB, beta, C, ldc, strideC, batch);                         \
    }                                                                                             \
    inline int gemm_batch_ptr(char transa, char transb, int m, int n, int k, T alpha,             \
                              const T *const *A, int lda, const T *const *B, int ldb, T beta,     \
                              T *const *C, int ldc, int batch) {                                  \
        return bl_##p##gemm_batch_ptr(transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C,    \
                                      ldc, batch);                                                \
    }                                                                                             \
    inline int gemm_vbatch(char transa, char transb, const int *m, const int *n, const int *k,    \
                           T alpha, const T *const *A, const int *lda, const T *const *B,         \
                           const int *ldb, T beta, T *const *C, const int *ldc, int batch) {      \
        return bl_##p##gemm_vbatch(transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc,  \
                                   batch);                                                        \
    }                                                                                             \
    inline int gemv_batch(char trans, int m, int n, T alpha, const T *A, int lda,                 \
                          int64_t strideA, const T *x, int incx, int64_t strideX, T beta, T *y,   \
                          int incy, int64_t strideY, int batch) {                                 \
        return bl_##p##gemv_batch(trans, m, n, alpha, A, lda, strideA, x, incx, strideX, beta, y, \
                                  incy, strideY, batch);                                          \
    }                                                                                             \
    inline int gemv_batch_ptr(char trans, int m, int n, T alpha, const T *const *A, int lda,      \
                              const T *const *x, int incx, T beta, T *const *y, int incy,         \
                              int batch) {                                                        \
        return bl_##p##gemv_batch_ptr(trans, m, n, alpha, A, lda, x, incx, beta, y, incy, batch); \
    }                                                                                             \
    inline int gemv_vbatch(char trans, const int *m, const int *n, T alpha, const T *const *A,    \
                           const int *lda, const T *const *x, const int *incx, T beta,            \
                           T *const *y, const int *incy, int batch) {                             \
        return bl_##p##gemv_vbatch(trans, m, n, alpha, A, lda, x, incx, beta, y, incy, batch);    \
    }
BATCHLAPACK_FOR_PRECISIONS(BATCHLAPACK_BLAS)
#undef BATCHLAPACK_BLAS

}  // namespace batchlapack

#endif  // BATCHLAPACK_BLAS_HPP
