// C++ overloads of the QR family; included by <batchlapack.hpp>. See batchlapack/qr.h.
//
// Applying and forming Q is unmqr_batch*/ungqr_batch* in every precision, so that generic code
// has one name (for real types they are ormqr/orgqr), and ormqr_batch*/orgqr_batch* in the real
// precisions, LAPACK's names there.
#ifndef BATCHLAPACK_QR_HPP
#define BATCHLAPACK_QR_HPP

namespace batchlapack {

#define BATCHLAPACK_QR(p, T, R)                                                                   \
    inline int geqrf_batch(int m, int n, T *A, int lda, int64_t strideA, T *tau, int64_t strideTau, \
                           int *info, int batch) {                                                \
        return bl_##p##geqrf_batch(m, n, A, lda, strideA, tau, strideTau, info, batch);           \
    }                                                                                             \
    inline int geqrf_batch_ptr(int m, int n, T *const *A, int lda, T *const *tau, int *info,      \
                               int batch) {                                                       \
        return bl_##p##geqrf_batch_ptr(m, n, A, lda, tau, info, batch);                           \
    }                                                                                             \
    inline int geqrf_vbatch(const int *m, const int *n, T *const *A, const int *lda,              \
                            T *const *tau, int *info, int batch) {                                \
        return bl_##p##geqrf_vbatch(m, n, A, lda, tau, info, batch);                              \
    }                                                                                             \
    inline int gels_batch(char trans, int m, int n, int nrhs, T *A, int lda, int64_t strideA,     \
                          T *B, int ldb, int64_t strideB, int *info, int batch) {                 \
        return bl_##p##gels_batch(trans, m, n, nrhs, A, lda, strideA, B, ldb, strideB, info, batch); \
    }                                                                                             \
    inline int gels_batch_ptr(char trans, int m, int n, int nrhs, T *const *A, int lda,           \
                              T *const *B, int ldb, int *info, int batch) {                       \
        return bl_##p##gels_batch_ptr(trans, m, n, nrhs, A, lda, B, ldb, info, batch);            \
    }                                                                                             \
    inline int gels_vbatch(char trans, const int *m, const int *n, const int *nrhs, T *const *A,  \
                           const int *lda, T *const *B, const int *ldb, int *info, int batch) {   \
        return bl_##p##gels_vbatch(trans, m, n, nrhs, A, lda, B, ldb, info, batch);               \
    }
BATCHLAPACK_FOR_PRECISIONS(BATCHLAPACK_QR)
#undef BATCHLAPACK_QR

// mqr, gqr: the C++ names defined; cmqr, cgqr: the C functions they call.
#define BATCHLAPACK_Q(T, mqr, gqr, cmqr, cgqr)                                                    \
    inline int mqr##_batch(char side, char trans, int m, int n, int k, const T *A, int lda,       \
                           int64_t strideA, const T *tau, int64_t strideTau, T *C, int ldc,       \
                           int64_t strideC, int *info, int batch) {                               \
        return cmqr##_batch(side, trans, m, n, k, A, lda, strideA, tau, strideTau, C, ldc, strideC, \
                            info, batch);                                                         \
    }                                                                                             \
    inline int mqr##_batch_ptr(char side, char trans, int m, int n, int k, const T *const *A,     \
                               int lda, const T *const *tau, T *const *C, int ldc, int *info,     \
                               int batch) {                                                       \
        return cmqr##_batch_ptr(side, trans, m, n, k, A, lda, tau, C, ldc, info, batch);          \
    }                                                                                             \
    inline int mqr##_vbatch(char side, char trans, const int *m, const int *n, const int *k,      \
                            const T *const *A, const int *lda, const T *const *tau, T *const *C,  \
                            const int *ldc, int *info, int batch) {                               \
        return cmqr##_vbatch(side, trans, m, n, k, A, lda, tau, C, ldc, info, batch);             \
    }                                                                                             \
    inline int gqr##_batch(int m, int n, int k, T *A, int lda, int64_t strideA, const T *tau,     \
                           int64_t strideTau, int *info, int batch) {                             \
        return cgqr##_batch(m, n, k, A, lda, strideA, tau, strideTau, info, batch);               \
    }                                                                                             \
    inline int gqr##_batch_ptr(int m, int n, int k, T *const *A, int lda, const T *const *tau,    \
                               int *info, int batch) {                                            \
        return cgqr##_batch_ptr(m, n, k, A, lda, tau, info, batch);                               \
    }                                                                                             \
    inline int gqr##_vbatch(const int *m, const int *n, const int *k, T *const *A,                \
                            const int *lda, const T *const *tau, int *info, int batch) {          \
        return cgqr##_vbatch(m, n, k, A, lda, tau, info, batch);                                  \
    }
BATCHLAPACK_Q(float, ormqr, orgqr, bl_sormqr, bl_sorgqr)
BATCHLAPACK_Q(double, ormqr, orgqr, bl_dormqr, bl_dorgqr)
BATCHLAPACK_Q(float, unmqr, ungqr, bl_sormqr, bl_sorgqr)
BATCHLAPACK_Q(double, unmqr, ungqr, bl_dormqr, bl_dorgqr)
BATCHLAPACK_Q(std::complex<float>, unmqr, ungqr, bl_cunmqr, bl_cungqr)
BATCHLAPACK_Q(std::complex<double>, unmqr, ungqr, bl_zunmqr, bl_zungqr)
#undef BATCHLAPACK_Q

}  // namespace batchlapack

#endif  // BATCHLAPACK_QR_HPP
