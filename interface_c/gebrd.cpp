// Public entry points and argument checks of the bidiagonal reduction (batchlapack/gebrd.h).
#include "call.hpp"

namespace bl {

template <class T> void check(const Gebrd<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i], k = std::min(m, n);
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.matrix(op.A, i, m, n);
        c.vector(op.d, i, k);
        c.vector(op.e, i, k - 1);
        c.vector(op.tauq, i, k);
        c.vector(op.taup, i, k);
    });
}

}  // namespace bl

using bl::Layout;

extern "C" {

#define BL_GEBRD(p, T)                                                                            \
    int bl_##p##gebrd_batch(int m, int n, T *A, int lda, int64_t strideA, bl::Real<T> *d,         \
                            int64_t strideD, bl::Real<T> *e, int64_t strideE, T *tauq,            \
                            int64_t strideTauq, T *taup, int64_t strideTaup, int *info, int batch) { \
        return bl::call(bl::Gebrd<T>{m, n, bl::strided(A, lda, strideA), bl::strided(d, strideD),   \
                                     bl::strided(e, strideE), bl::strided(tauq, strideTauq),       \
                                     bl::strided(taup, strideTaup)},                              \
                        Layout::Strided, "bl_" #p "gebrd_batch", info, batch);                    \
    }                                                                                             \
    int bl_##p##gebrd_batch_ptr(int m, int n, T *const *A, int lda, bl::Real<T> *const *d,        \
                                bl::Real<T> *const *e, T *const *tauq, T *const *taup, int *info,  \
                                int batch) {                                                      \
        return bl::call(bl::Gebrd<T>{m, n, bl::pointers(A, lda), bl::pointers(d), bl::pointers(e),  \
                                     bl::pointers(tauq), bl::pointers(taup)},                     \
                        Layout::Pointers, "bl_" #p "gebrd_batch_ptr", info, batch);               \
    }                                                                                             \
    int bl_##p##gebrd_vbatch(const int *m, const int *n, T *const *A, const int *lda,             \
                             bl::Real<T> *const *d, bl::Real<T> *const *e, T *const *tauq,        \
                             T *const *taup, int *info, int batch) {                              \
        return bl::call(bl::Gebrd<T>{m, n, bl::pointers(A, lda), bl::pointers(d), bl::pointers(e),  \
                                     bl::pointers(tauq), bl::pointers(taup)},                     \
                        Layout::Variable, "bl_" #p "gebrd_vbatch", info, batch);                  \
    }
BL_PRECISIONS(BL_GEBRD)
#undef BL_GEBRD

}  // extern "C"
