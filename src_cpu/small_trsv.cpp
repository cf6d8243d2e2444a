// The one-matrix triangular solve with one vector (small.hpp's trsv, BLAS trsv's operation), for
// the orders the blocked kernel (small_trsv_blocked.cpp) does not take: with incx = 1 below
// ladder::trsv::kBlockedFrom, any other increment up to ladder::trsv::kSmallMax.
// small_dispatch.cpp chooses.
#include "ladder.hpp"
#include "precisions.hpp"
#include "small.hpp"
#include "small_detail.hpp"
#include "small_dispatch.hpp"

namespace bl {
namespace cpu {
namespace small {

// x is gathered into a contiguous local vector (any increment; for a negative one, BLAS's
// convention: element i at x[(n-1-i) * |incx|]), solved, and scattered back. The next matrix is
// prefetched from order ladder::trsv::kPrefetchFrom: below it the hardware prefetcher follows
// matrices that small by itself, and the prefetch costs more than it saves.
template <class T, class Nt>
bool trsv_kernel(char uplo, char trans, char diag, Nt n, const T *A, int lda, T *x, int incx, const T *next) {
    if (next && n >= ladder::trsv::kPrefetchFrom) prefetch_triangle(uplo == 'L', n, next, lda, 0, n);
    T v[capacity<Nt>];
    const int64_t step = incx;
    T *x0 = incx > 0 ? x : x - (n - 1) * step;
    for (int i = 0; i < n; ++i) v[i] = x0[i * step];
    tri_solve(uplo == 'L', trans, diag == 'U', n, A, lda, v);
    for (int i = 0; i < n; ++i) x0[i * step] = v[i];
    return true;
}

// Orders up to ladder::trsv::kSmallFixedMax each compiled on their own, the others up to
// ladder::trsv::kSmallMax with the order at run time.
template <class T>
bool trsv_small(char uplo, char trans, char diag, int n, const T *A, int lda, T *x, int incx, const T *next) {
    constexpr int top = ladder::trsv::kSmallMax, fixed = ladder::trsv::kSmallFixedMax<T>;
    if (n < 1 || n > top) return false;
    if (n <= fixed)
        return with_fixed<fixed>(n, [&](auto N) { return trsv_kernel(uplo, trans, diag, N, A, lda, x, incx, next); });
    return trsv_kernel(uplo, trans, diag, Upto<top>{n}, A, lda, x, incx, next);
}

#define BL_SMALL_TRSV(p, T) \
    template bool trsv_small<T>(char, char, char, int, const T *, int, T *, int, const T *);
BL_PRECISIONS(BL_SMALL_TRSV)

}  // namespace small
}  // namespace cpu
}  // namespace bl
