// Public entry points of the QR family (batchlapack/qr.h): geqrf, ormqr/unmqr,
// orgqr/ungqr, gels.
#include "call.hpp"

using bl::Layout;

// The Q routines are ?ormqr/?orgqr in the real precisions and ?unmqr/?ungqr in the complex ones:
// BL_Q(p, suffix) is the public name, e.g. BL_Q(c, mqr_batch) = bl_cunmqr_batch.
#define BL_Q_s sor
#define BL_Q_d dor
#define BL_Q_c cun
#define BL_Q_z zun
#define BL_PASTE(a, b, c) a##b##c
#define BL_EXPAND_PASTE(a, b, c) BL_PASTE(a, b, c)
#define BL_Q(p, suffix) BL_EXPAND_PASTE(bl_, BL_Q_##p, suffix)
#define BL_STR(x) #x
#define BL_NAME(x) BL_STR(x)

extern "C" {

#define BL_QR(p, T)                                                                               \
    int bl_##p##geqrf_batch(int m, int n, T *A, int lda, int64_t strideA, T *tau, int64_t strideTau, \
                            int *info, int batch) {                                               \
        return bl::call(bl::Geqrf<T>{m, n, bl::strided(A, lda, strideA), bl::strided(tau, strideTau)}, \
                        Layout::Strided, "bl_" #p "geqrf_batch", info, batch);                    \
    }                                                                                             \
    int bl_##p##geqrf_batch_ptr(int m, int n, T *const *A, int lda, T *const *tau, int *info,      \
                                int batch) {                                                      \
        return bl::call(bl::Geqrf<T>{m, n, bl::pointers(A, lda), bl::pointers(tau)},               \
                        Layout::Pointers, "bl_" #p "geqrf_batch_ptr", info, batch);               \
    }                                                                                             \
    int bl_##p##geqrf_vbatch(const int *m, const int *n, T *const *A, const int *lda,             \
                             T *const *tau, int *info, int batch) {                               \
        return bl::call(bl::Geqrf<T>{m, n, bl::pointers(A, lda), bl::pointers(tau)},               \
                        Layout::Variable, "bl_" #p "geqrf_vbatch", info, batch);                  \
    }                                                                                             \
    int BL_Q(p, mqr_batch)(char side, char trans, int m, int n, int k, const T *A, int lda,       \
                           int64_t strideA, const T *tau, int64_t strideTau, T *C, int ldc,       \
                           int64_t strideC, int *info, int batch) {                               \
        return bl::call(bl::Ormqr<T>{side, trans, m, n, k, bl::strided(A, lda, strideA),           \
                                     bl::strided(tau, strideTau), bl::strided(C, ldc, strideC)},   \
                        Layout::Strided, BL_NAME(BL_Q(p, mqr_batch)), info, batch);               \
    }                                                                                             \
    int BL_Q(p, mqr_batch_ptr)(char side, char trans, int m, int n, int k, const T *const *A,     \
                               int lda, const T *const *tau, T *const *C, int ldc, int *info,     \
                               int batch) {                                                       \
        return bl::call(bl::Ormqr<T>{side, trans, m, n, k, bl::pointers(A, lda), bl::pointers(tau), \
                                     bl::pointers(C, ldc)},                                       \
                        Layout::Pointers, BL_NAME(BL_Q(p, mqr_batch_ptr)), info, batch);          \
    }                                                                                             \
    int BL_Q(p, mqr_vbatch)(char side, char trans, const int *m, const int *n, const int *k,      \
                            const T *const *A, const int *lda, const T *const *tau, T *const *C,  \
                            const int *ldc, int *info, int batch) {                               \
        return bl::call(bl::Ormqr<T>{side, trans, m, n, k, bl::pointers(A, lda), bl::pointers(tau), \
                                     bl::pointers(C, ldc)},                                       \
                        Layout::Variable, BL_NAME(BL_Q(p, mqr_vbatch)), info, batch);             \
    }                                                                                             \
    int BL_Q(p, gqr_batch)(int m, int n, int k, T *A, int lda, int64_t strideA, const T *tau,     \
                           int64_t strideTau, int *info, int batch) {                             \
        return bl::call(bl::Orgqr<T>{m, n, k, bl::strided(A, lda, strideA), bl::strided(tau, strideTau)}, \
                        Layout::Strided, BL_NAME(BL_Q(p, gqr_batch)), info, batch);               \
    }                                                                                             \
    int BL_Q(p, gqr_batch_ptr)(int m, int n, int k, T *const *A, int lda, const T *const *tau,    \
                               int *info, int batch) {                                            \
        return bl::call(bl::Orgqr<T>{m, n, k, bl::pointers(A, lda), bl::pointers(tau)},            \
                        Layout::Pointers, BL_NAME(BL_Q(p, gqr_batch_ptr)), info, batch);          \
    }                                                                                             \
    int BL_Q(p, gqr_vbatch)(const int *m, const int *n, const int *k, T *const *A,                \
                            const int *lda, const T *const *tau, int *info, int batch) {          \
        return bl::call(bl::Orgqr<T>{m, n, k, bl::pointers(A, lda), bl::pointers(tau)},            \
                        Layout::Variable, BL_NAME(BL_Q(p, gqr_vbatch)), info, batch);             \
    }                                                                                             \
    int bl_##p##gels_batch(char trans, int m, int n, int nrhs, T *A, int lda, int64_t strideA,    \
                           T *B, int ldb, int64_t strideB, int *info, int batch) {                \
        return bl::call(bl::Gels<T>{trans, m, n, nrhs, bl::strided(A, lda, strideA),               \
                                    bl::strided(B, ldb, strideB)},                                \
                        Layout::Strided, "bl_" #p "gels_batch", info, batch);                     \
    }                                                                                             \
    int bl_##p##gels_batch_ptr(char trans, int m, int n, int nrhs, T *const *A, int lda,          \
                               T *const *B, int ldb, int *info, int batch) {                      \
        return bl::call(bl::Gels<T>{trans, m, n, nrhs, bl::pointers(A, lda), bl::pointers(B, ldb)}, \
                        Layout::Pointers, "bl_" #p "gels_batch_ptr", info, batch);                \
    }                                                                                             \
    int bl_##p##gels_vbatch(char trans, const int *m, const int *n, const int *nrhs, T *const *A, \
                            const int *lda, T *const *B, const int *ldb, int *info, int batch) {  \
        return bl::call(bl::Gels<T>{trans, m, n, nrhs, bl::pointers(A, lda), bl::pointers(B, ldb)}, \
                        Layout::Variable, "bl_" #p "gels_vbatch", info, batch);                   \
    }
BL_PRECISIONS(BL_QR)
#undef BL_QR

}  // extern "C"
