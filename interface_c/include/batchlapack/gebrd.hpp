// C++ overloads of the bidiagonal reduction; included by <batchlapack.hpp>. See batchlapack/gebrd.h.
#ifndef BATCHLAPACK_GEBRD_HPP
#define BATCHLAPACK_GEBRD_HPP

namespace batchlapack {

#define BATCHLAPACK_GEBRD(p, T, R)                                                                \
    inline int gebrd_batch(int m, int n, T *A, int lda, int64_t strideA, R *d, int64_t strideD,   \
                           R *e, int64_t strideE, T *tauq, int64_t strideTauq, T *taup,           \
                           int64_t strideTaup, int *info, int batch) {                            \
        return bl_##p##gebrd_batch(m, n, A, lda, strideA, d, strideD, e, strideE, tauq, strideTauq, \
                                   taup, strideTaup, info, batch);                                \
    }                                                                                             \
    inline int gebrd_batch_ptr(int m, int n, T *const *A, int lda, R *const *d, R *const *e,      \
                               T *const *tauq, T *const *taup, int *info, int batch) {            \
        return bl_##p##gebrd_batch_ptr(m, n, A, lda, d, e, tauq, taup, info, batch);              \
    }                                                                                             \
    inline int gebrd_vbatch(const int *m, const int *n, T *const *A, const int *lda, R *const *d, \
                            R *const *e, T *const *tauq, T *const *taup, int *info, int batch) {  \
        return bl_##p##gebrd_vbatch(m, n, A, lda, d, e, tauq, taup, info, batch);                 \
    }
BATCHLAPACK_FOR_PRECISIONS(BATCHLAPACK_GEBRD)
#undef BATCHLAPACK_GEBRD

}  // namespace batchlapack

#endif  // BATCHLAPACK_GEBRD_HPP
