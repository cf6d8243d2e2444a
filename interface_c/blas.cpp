// Public entry points of the BLAS routines (batchlapack/blas.h): trsv, trsm, gemm, gemv.
#include "call.hpp"

using bl::Layout;

extern "C" {

#define BL_TRSV(p, T)                                                                             \
    int bl_##p##trsv_batch(char uplo, char trans, char diag, int n, const T *A, int lda,          \
                           int64_t strideA, T *x, int incx, int64_t strideX, int batch) {         \
        return bl::call_blas(bl::Trsv<T>{uplo, trans, diag, n, bl::strided(A, lda, strideA),      \
                                         bl::strided(x, incx, strideX)},                          \
                             Layout::Strided, "bl_" #p "trsv_batch", batch);                      \
    }                                                                                             \
    int bl_##p##trsv_batch_ptr(char uplo, char trans, char diag, int n, const T *const *A,        \
                               int lda, T *const *x, int incx, int batch) {                       \
        return bl::call_blas(bl::Trsv<T>{uplo, trans, diag, n, bl::pointers(A, lda),              \
                                         bl::pointers(x, incx)},                                  \
                             Layout::Pointers, "bl_" #p "trsv_batch_ptr", batch);                 \
    }                                                                                             \
    int bl_##p##trsv_vbatch(char uplo, char trans, char diag, const int *n, const T *const *A,    \
                            const int *lda, T *const *x, const int *incx, int batch) {            \
        return bl::call_blas(bl::Trsv<T>{uplo, trans, diag, n, bl::pointers(A, lda),              \
                                         bl::pointers(x, incx)},                                  \
                             Layout::Variable, "bl_" #p "trsv_vbatch", batch);                    \
    }
BL_PRECISIONS(BL_TRSV)
#undef BL_TRSV

#define BL_TRSM(p, T)                                                                             \
    int bl_##p##trsm_batch(char side, char uplo, char transa, char diag, int m, int n, T alpha,   \
                           const T *A, int lda, int64_t strideA, T *B, int ldb, int64_t strideB,  \
                           int batch) {                                                           \
        return bl::call_blas(bl::Trsm<T>{side, uplo, transa, diag, m, n, alpha,                   \
                                         bl::strided(A, lda, strideA), bl::strided(B, ldb, strideB)}, \
                             Layout::Strided, "bl_" #p "trsm_batch", batch);                      \
    }                                                                                             \
    int bl_##p##trsm_batch_ptr(char side, char uplo, char transa, char diag, int m, int n,        \
                               T alpha, const T *const *A, int lda, T *const *B, int ldb,         \
                               int batch) {                                                       \
        return bl::call_blas(bl::Trsm<T>{side, uplo, transa, diag, m, n, alpha,                   \
                                         bl::pointers(A, lda), bl::pointers(B, ldb)},             \
                             Layout::Pointers, "bl_" #p "trsm_batch_ptr", batch);                 \
    }                                                                                             \
    int bl_##p##trsm_vbatch(char side, char uplo, char transa, char diag, const int *m,           \
                            const int *n, T alpha, const T *const *A, const int *lda,             \
                            T *const *B, const int *ldb, int batch) {                             \
        return bl::call_blas(bl::Trsm<T>{side, uplo, transa, diag, m, n, alpha,                   \
                                         bl::pointers(A, lda), bl::pointers(B, ldb)},             \
                             Layout::Variable, "bl_" #p "trsm_vbatch", batch);                    \
    }
BL_PRECISIONS(BL_TRSM)
#undef BL_TRSM

#define BL_GEMM(p, T)                                                                             \
    int bl_##p##gemm_batch(char transa, char transb, int m, int n, int k, T alpha, const T *A,    \
                           int lda, int64_t strideA, const T *B, int ldb, int64_t strideB,        \
                           T beta, T *C, int ldc, int64_t strideC, int batch) {                   \
        return bl::call_blas(bl::Gemm<T>{transa, transb, m, n, k, alpha,                          \
                                         bl::strided(A, lda, strideA), bl::strided(B, ldb, strideB), \
                                         beta, bl::strided(C, ldc, strideC)},                     \
                             Layout::Strided, "bl_" #p "gemm_batch", batch);                      \
    }                                                                                             \
    int bl_##p##gemm_batch_ptr(char transa, char transb, int m, int n, int k, T alpha,            \
                               const T *const *A, int lda, const T *const *B, int ldb, T beta,    \
                               T *const *C, int ldc, int batch) {                                 \
        return bl::call_blas(bl::Gemm<T>{transa, transb, m, n, k, alpha, bl::pointers(A, lda),    \
                                         bl::pointers(B, ldb), beta, bl::pointers(C, ldc)},       \
                             Layout::Pointers, "bl_" #p "gemm_batch_ptr", batch);                 \
    }                                                                                             \
    int bl_##p##gemm_vbatch(char transa, char transb, const int *m, const int *n, const int *k,   \
                            T alpha, const T *const *A, const int *lda, const T *const *B,        \
                            const int *ldb, T beta, T *const *C, const int *ldc, int batch) {     \
        return bl::call_blas(bl::Gemm<T>{transa, transb, m, n, k, alpha, bl::pointers(A, lda),    \
                                         bl::pointers(B, ldb), beta, bl::pointers(C, ldc)},       \
                             Layout::Variable, "bl_" #p "gemm_vbatch", batch);                    \
    }
BL_PRECISIONS(BL_GEMM)
#undef BL_GEMM

#define BL_GEMV(p, T)                                                                             \
    int bl_##p##gemv_batch(char trans, int m, int n, T alpha, const T *A, int lda,                \
                           int64_t strideA, const T *x, int incx, int64_t strideX, T beta, T *y,  \
                           int incy, int64_t strideY, int batch) {                                \
        return bl::call_blas(bl::Gemv<T>{trans, m, n, alpha, bl::strided(A, lda, strideA),        \
                                         bl::strided(x, incx, strideX), beta,                     \
                                         bl::strided(y, incy, strideY)},                          \
                             Layout::Strided, "bl_" #p "gemv_batch", batch);                      \
    }                                                                                             \
    int bl_##p##gemv_batch_ptr(char trans, int m, int n, T alpha, const T *const *A, int lda,     \
                               const T *const *x, int incx, T beta, T *const *y, int incy,        \
                               int batch) {                                                       \
        return bl::call_blas(bl::Gemv<T>{trans, m, n, alpha, bl::pointers(A, lda),                \
                                         bl::pointers(x, incx), beta, bl::pointers(y, incy)},     \
                             Layout::Pointers, "bl_" #p "gemv_batch_ptr", batch);                 \
    }                                                                                             \
    int bl_##p##gemv_vbatch(char trans, const int *m, const int *n, T alpha, const T *const *A,   \
                            const int *lda, const T *const *x, const int *incx, T beta,           \
                            T *const *y, const int *incy, int batch) {                            \
        return bl::call_blas(bl::Gemv<T>{trans, m, n, alpha, bl::pointers(A, lda),                \
                                         bl::pointers(x, incx), beta, bl::pointers(y, incy)},     \
                             Layout::Variable, "bl_" #p "gemv_vbatch", batch);                    \
    }
BL_PRECISIONS(BL_GEMV)
#undef BL_GEMV

}  // extern "C"
