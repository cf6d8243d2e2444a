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
    }
BATCHLAPACK_FOR_PRECISIONS(BATCHLAPACK_LU)
#undef BATCHLAPACK_LU

}  // namespace batchlapack

#endif  // BATCHLAPACK_LU_HPP
