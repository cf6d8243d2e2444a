// Public entry points of the bidiagonal reduction (batchlapack/gebrd.h).
#include "call.hpp"

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
