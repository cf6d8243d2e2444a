// The one-matrix triangular solve with one vector (small.hpp's trsv, BLAS trsv's operation) for an
// increment other than 1, up to ladder::trsv::kSmallMax. small_dispatch.cpp chooses.
#include "ladder.hpp"
#include "precisions.hpp"
#include "small.hpp"
#include "small_detail.hpp"
#include "small_dispatch.hpp"

namespace bl {
namespace cpu {
namespace small {

// x is gathered into a contiguous local vector (any increment; for a negative one, BLAS's
// convention: element i at x[(n-1-i) * |incx|]), solved by the kernel for a contiguous x (which
// prefetches `next`), and scattered back; declined where that kernel has no unit to run.
template <class T>
bool trsv_small(char uplo, char trans, char diag, int n, const T *A, int lda, T *x, int incx, const T *next) {
    constexpr int top = ladder::trsv::kSmallMax;
    static_assert(top <= ladder::trsv::kFixedMax, "the contiguous copy goes to the kernel of compile-time orders");
    if (n < 1 || n > top || !units_run()) return false;
    T v[top];
    const int64_t step = incx;
    T *x0 = incx > 0 ? x : x - (n - 1) * step;
    for (int i = 0; i < n; ++i) v[i] = x0[i * step];
    trsv(uplo, trans, diag, n, A, lda, v, 1, next);
    for (int i = 0; i < n; ++i) x0[i * step] = v[i];
    return true;
}

#define BL_SMALL_TRSV(p, T) \
    template bool trsv_small<T>(char, char, char, int, const T *, int, T *, int, const T *);
BL_PRECISIONS(BL_SMALL_TRSV)

}  // namespace small
}  // namespace cpu
}  // namespace bl
