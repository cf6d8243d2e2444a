// C++ overloads of the LU family; included by <batchlapack.hpp>. See batchlapack/lu.h.
#ifndef BATCHLAPACK_LU_HPP
#define BATCHLAPACK_LU_HPP

namespace batchlapack {

#define BATCHLAPACK_LU(p, T, R)                                                                   \
    inline int getrf_batch(int m, int n, T *A, int lda, int64_t strideA, int *ipiv,              \
                           int64_t strideIpiv, int *info, int batch) {                            \
        return bl_##p##getrf_batch(m, n, A, lda, strideA, ipiv, strideIpiv, info, batch);         \
    }                                                                                             \
    inline int getrf_batch_ptr(int m, int n, T *const *A, int lda, int *const *ipiv, int *info,   \
                               int batch) {                                                       \
        return bl_##p##getrf_batch_ptr(m, n, A, lda, ipiv, info, batch);                          \
    }                                                                                             \
    inline int getrf_vbatch(const int *m, const int *n, T *const *A, const int *lda,              \
                            int *const *ipiv, int *info, int batch) {                             \
        return bl_##p##getrf_vbatch(m, n, A, lda, ipiv, info, batch);                             \
    }                                                                                             \
    inline int getrs_batch(char trans, int n, int nrhs, const T *A, int lda, int64_t strideA,     \
                           const int *ipiv, int64_t strideIpiv, T *B, int ldb, int64_t strideB,   \
                           int *info, int batch) {                                                \
        return bl_##p##getrs_batch(trans, n, nrhs, A, lda, strideA, ipiv, strideIpiv, B, ldb,     \
                                   strideB, info, batch);                                         \
    }                                                                                             \
    inline int getrs_batch_ptr(char trans, int n, int nrhs, const T *const *A, int lda,           \
                               const int *const *ipiv, T *const *B, int ldb, int *info,           \
                               int batch) {                                                       \
        return bl_##p##getrs_batch_ptr(trans, n, nrhs, A, lda, ipiv, B, ldb, info, batch);        \
    }                                                                                             \
    inline int getrs_vbatch(char trans, const int *n, const int *nrhs, const T *const *A,         \
                            const int *lda, const int *const *ipiv, T *const *B, const int *ldb,  \
                            int *info, int batch) {                                               \
        return bl_##p##getrs_vbatch(trans, n, nrhs, A, lda, ipiv, B, ldb, info, batch);           \
    }                                                                                             \
    inline int gesv_batch(int n, int nrhs, T *A, int lda, int64_t strideA, int *ipiv,             \
                          int64_t strideIpiv, T *B, int ldb, int64_t strideB, int *info,          \
                          int batch) {                                                            \
        return bl_##p##gesv_batch(n, nrhs, A, lda, strideA, ipiv, strideIpiv, B, ldb, strideB,    \
                                  info, batch);                                                   \
    }                                                                                             \
    inline int gesv_batch_ptr(int n, int nrhs, T *const *A, int lda, int *const *ipiv,            \
                              T *const *B, int ldb, int *info, int batch) {                       \
        return bl_##p##gesv_batch_ptr(n, nrhs, A, lda, ipiv, B, ldb, info, batch);                \
    }                                                                                             \
    inline int gesv_vbatch(const int *n, const int *nrhs, T *const *A, const int *lda,            \
                           int *const *ipiv, T *const *B, const int *ldb, int *info, int batch) { \
        return bl_##p##gesv_vbatch(n, nrhs, A, lda, ipiv, B, ldb, info, batch);                   \
    }
BATCHLAPACK_FOR_PRECISIONS(BATCHLAPACK_LU)
#undef BATCHLAPACK_LU

}  // namespace batchlapack

#endif  // BATCHLAPACK_LU_HPP
