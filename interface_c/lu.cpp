// Public entry points of the LU family (batchlapack/lu.h).
#include "call.hpp"

using bl::Layout;

extern "C" {

#define BL_GETRF(p, T)                                                                            \
    int bl_##p##getrf_batch(int m, int n, T *A, int lda, int64_t strideA, int *ipiv,             \
                            int64_t strideIpiv, int *info, int batch) {                           \
        return bl::call(bl::Getrf<T>{m, n, bl::strided(A, lda, strideA), bl::strided(ipiv, strideIpiv)}, \
                        Layout::Strided, "bl_" #p "getrf_batch", info, batch);                    \
    }                                                                                             \
    int bl_##p##getrf_batch_ptr(int m, int n, T *const *A, int lda, int *const *ipiv, int *info,  \
                                int batch) {                                                      \
        return bl::call(bl::Getrf<T>{m, n, bl::pointers(A, lda), bl::pointers(ipiv)},              \
                        Layout::Pointers, "bl_" #p "getrf_batch_ptr", info, batch);               \
    }                                                                                             \
    int bl_##p##getrf_vbatch(const int *m, const int *n, T *const *A, const int *lda,             \
                             int *const *ipiv, int *info, int batch) {                            \
        return bl::call(bl::Getrf<T>{m, n, bl::pointers(A, lda), bl::pointers(ipiv)},              \
                        Layout::Variable, "bl_" #p "getrf_vbatch", info, batch);                  \
    }
BL_PRECISIONS(BL_GETRF)
#undef BL_GETRF

#define BL_GETRS(p, T)                                                                            \
    int bl_##p##getrs_batch(char trans, int n, int nrhs, const T *A, int lda, int64_t strideA,   \
                            const int *ipiv, int64_t strideIpiv, T *B, int ldb, int64_t strideB,  \
                            int *info, int batch) {                                               \
        return bl::call(bl::Getrs<T>{trans, n, nrhs, bl::strided(A, lda, strideA),                \
                                     bl::strided(ipiv, strideIpiv), bl::strided(B, ldb, strideB)}, \
                        Layout::Strided, "bl_" #p "getrs_batch", info, batch);                    \
    }                                                                                             \
    int bl_##p##getrs_batch_ptr(char trans, int n, int nrhs, const T *const *A, int lda,          \
                                const int *const *ipiv, T *const *B, int ldb, int *info,          \
                                int batch) {                                                      \
        return bl::call(bl::Getrs<T>{trans, n, nrhs, bl::pointers(A, lda), bl::pointers(ipiv),     \
                                     bl::pointers(B, ldb)},                                       \
                        Layout::Pointers, "bl_" #p "getrs_batch_ptr", info, batch);               \
    }                                                                                             \
    int bl_##p##getrs_vbatch(char trans, const int *n, const int *nrhs, const T *const *A,        \
                             const int *lda, const int *const *ipiv, T *const *B, const int *ldb, \
                             int *info, int batch) {                                              \
        return bl::call(bl::Getrs<T>{trans, n, nrhs, bl::pointers(A, lda), bl::pointers(ipiv),     \
                                     bl::pointers(B, ldb)},                                       \
                        Layout::Variable, "bl_" #p "getrs_vbatch", info, batch);                  \
    }
BL_PRECISIONS(BL_GETRS)
#undef BL_GETRS

#define BL_GESV(p, T)                                                                             \
    int bl_##p##gesv_batch(int n, int nrhs, T *A, int lda, int64_t strideA, int *ipiv,            \
                           int64_t strideIpiv, T *B, int ldb, int64_t strideB, int *info,         \
                           int batch) {                                                           \
        return bl::call(bl::Gesv<T>{n, nrhs, bl::strided(A, lda, strideA), bl::strided(ipiv, strideIpiv), \
                                    bl::strided(B, ldb, strideB)},                                \
                        Layout::Strided, "bl_" #p "gesv_batch", info, batch);                     \
    }                                                                                             \
    int bl_##p##gesv_batch_ptr(int n, int nrhs, T *const *A, int lda, int *const *ipiv,           \
                               T *const *B, int ldb, int *info, int batch) {                      \
        return bl::call(bl::Gesv<T>{n, nrhs, bl::pointers(A, lda), bl::pointers(ipiv), bl::pointers(B, ldb)}, \
                        Layout::Pointers, "bl_" #p "gesv_batch_ptr", info, batch);                \
    }                                                                                             \
    int bl_##p##gesv_vbatch(const int *n, const int *nrhs, T *const *A, const int *lda,           \
                            int *const *ipiv, T *const *B, const int *ldb, int *info, int batch) { \
        return bl::call(bl::Gesv<T>{n, nrhs, bl::pointers(A, lda), bl::pointers(ipiv), bl::pointers(B, ldb)}, \
                        Layout::Variable, "bl_" #p "gesv_vbatch", info, batch);                   \
    }
BL_PRECISIONS(BL_GESV)
#undef BL_GESV

}  // extern "C"
