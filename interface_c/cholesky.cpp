// Public entry points of the Cholesky family (batchlapack/cholesky.h).
#include "call.hpp"

using bl::Layout;

extern "C" {

#define BL_POTRF(p, T)                                                                            \
    int bl_##p##potrf_batch(char uplo, int n, T *A, int lda, int64_t strideA, int *info, int batch) { \
        return bl::call(bl::Potrf<T>{uplo, n, bl::strided(A, lda, strideA)}, Layout::Strided,      \
                        "bl_" #p "potrf_batch", info, batch);                                     \
    }                                                                                             \
    int bl_##p##potrf_batch_ptr(char uplo, int n, T *const *A, int lda, int *info, int batch) {    \
        return bl::call(bl::Potrf<T>{uplo, n, bl::pointers(A, lda)}, Layout::Pointers,             \
                        "bl_" #p "potrf_batch_ptr", info, batch);                                 \
    }                                                                                             \
    int bl_##p##potrf_vbatch(char uplo, const int *n, T *const *A, const int *lda, int *info,      \
                             int batch) {                                                         \
        return bl::call(bl::Potrf<T>{uplo, n, bl::pointers(A, lda)}, Layout::Variable,             \
                        "bl_" #p "potrf_vbatch", info, batch);                                    \
    }
BL_PRECISIONS(BL_POTRF)
#undef BL_POTRF

// potrs and posv take the same arguments; only A's constness (AT) and the operation differ.
#define BL_CHOLESKY_SOLVE(p, T, name, Op, AT)                                                     \
    int bl_##p##name##_batch(char uplo, int n, int nrhs, AT *A, int lda, int64_t strideA, T *B,   \
                             int ldb, int64_t strideB, int *info, int batch) {                    \
        return bl::call(bl::Op<T>{uplo, n, nrhs, bl::strided(A, lda, strideA), bl::strided(B, ldb, strideB)}, \
                        Layout::Strided, "bl_" #p #name "_batch", info, batch);                   \
    }                                                                                             \
    int bl_##p##name##_batch_ptr(char uplo, int n, int nrhs, AT *const *A, int lda, T *const *B,  \
                                 int ldb, int *info, int batch) {                                 \
        return bl::call(bl::Op<T>{uplo, n, nrhs, bl::pointers(A, lda), bl::pointers(B, ldb)},      \
                        Layout::Pointers, "bl_" #p #name "_batch_ptr", info, batch);              \
    }                                                                                             \
    int bl_##p##name##_vbatch(char uplo, const int *n, const int *nrhs, AT *const *A,             \
                              const int *lda, T *const *B, const int *ldb, int *info, int batch) { \
        return bl::call(bl::Op<T>{uplo, n, nrhs, bl::pointers(A, lda), bl::pointers(B, ldb)},      \
                        Layout::Variable, "bl_" #p #name "_vbatch", info, batch);                 \
    }
#define BL_POTRS(p, T) BL_CHOLESKY_SOLVE(p, T, potrs, Potrs, const T)
#define BL_POSV(p, T) BL_CHOLESKY_SOLVE(p, T, posv, Posv, T)
BL_PRECISIONS(BL_POTRS)
BL_PRECISIONS(BL_POSV)
#undef BL_POTRS
#undef BL_POSV
#undef BL_CHOLESKY_SOLVE

}  // extern "C"
