// Public entry points and argument checks of the LU family (batchlapack/lu.h).
#include "call.hpp"

namespace bl {

template <class T> void check(const Getrf<T> &op, Checker &c) {
    c.each([&](int64_t i) {
        int m = op.m[i], n = op.n[i];
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.matrix(op.A, i, m, n);
        c.vector(op.ipiv, i, std::min(m, n));
    });
}

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

}  // extern "C"
