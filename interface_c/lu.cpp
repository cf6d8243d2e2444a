// Public entry points and argument checks of the LU family (batchlapack/lu.h).
#include "call.hpp"

namespace bl {

template <class T> void check(const Getrf<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i];
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.matrix(op.A, i, m, n);
        c.vector(op.ipiv, i, std::min(m, n));
    });
}

// What getrs and gesv check besides their option: the square system and n pivots.
template <class Op> void check_lu_solve(const Op &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        check_square_system(op, c, i);
        c.vector(op.ipiv, i, op.n[i]);
    });
}

template <class T> void check(const Getrs<T> &op, Checker &c) {
    c.option(op.trans, "NTC");
    check_lu_solve(op, c);
}

template <class T> void check(const Gesv<T> &op, Checker &c) { check_lu_solve(op, c); }

}  // namespace bl

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
