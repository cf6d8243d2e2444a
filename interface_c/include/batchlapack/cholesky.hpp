// C++ overloads of the Cholesky family; included by <batchlapack.hpp>. See batchlapack/cholesky.h.
#ifndef BATCHLAPACK_CHOLESKY_HPP
#define BATCHLAPACK_CHOLESKY_HPP

namespace batchlapack {

#define BATCHLAPACK_CHOLESKY(p, T, R)                                                             \
    inline int potrf_batch(char uplo, int n, T *A, int lda, int64_t strideA, int *info,           \
                           int batch) {                                                           \
        return bl_##p##potrf_batch(uplo, n, A, lda, strideA, info, batch);                        \
    }                                                                                             \
    inline int potrf_batch_ptr(char uplo, int n, T *const *A, int lda, int *info, int batch) {    \
        return bl_##p##potrf_batch_ptr(uplo, n, A, lda, info, batch);                             \
    }                                                                                             \
    inline int potrf_vbatch(char uplo, const int *n, T *const *A, const int *lda, int *info,      \
                            int batch) {                                                          \
        return bl_##p##potrf_vbatch(uplo, n, A, lda, info, batch);                                \
    }                                                                                             \
    BATCHLAPACK_CHOLESKY_SOLVE(p, T, potrs, const T)                                              \
    BATCHLAPACK_CHOLESKY_SOLVE(p, T, posv, T)

// potrs and posv take the same arguments; only A's constness (AT) differs.
#define BATCHLAPACK_CHOLESKY_SOLVE(p, T, name, AT)                                                \
    inline int name##_batch(char uplo, int n, int nrhs, AT *A, int lda, int64_t strideA, T *B,    \
                            int ldb, int64_t strideB, int *info, int batch) {                     \
        return bl_##p##name##_batch(uplo, n, nrhs, A, lda, strideA, B, ldb, strideB, info, batch); \
    }                                                                                             \
    inline int name##_batch_ptr(char uplo, int n, int nrhs, AT *const *A, int lda, T *const *B,   \
                                int ldb, int *info, int batch) {                                  \
        return bl_##p##name##_batch_ptr(uplo, n, nrhs, A, lda, B, ldb, info, batch);              \
    }                                                                                             \
    inline int name##_vbatch(char uplo, const int *n, const int *nrhs, AT *const *A,              \
                             const int *lda, T *const *B, const int *ldb, int *info, int batch) { \
        return bl_##p##name##_vbatch(uplo, n, nrhs, A, lda, B, ldb, info, batch);                 \
    }

BATCHLAPACK_FOR_PRECISIONS(BATCHLAPACK_CHOLESKY)
#undef BATCHLAPACK_CHOLESKY
#undef BATCHLAPACK_CHOLESKY_SOLVE

}  // namespace batchlapack

#endif  // BATCHLAPACK_CHOLESKY_HPP
