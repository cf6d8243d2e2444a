// Fixed-size triangular solve with one vector (small.hpp), BLAS trsv's operation.
#include "small.hpp"
#include "small_detail.hpp"
#include "ops.hpp"

namespace bl {
namespace cpu {
namespace small {

// x is gathered into a contiguous local vector (any increment; for a negative one, BLAS's
// convention: element i at x[(n-1-i) * |incx|]), solved, and scattered back.
template <class T, class Nt>
bool trsv_kernel(char uplo, char trans, char diag, Nt n, const T *A, int lda, T *x, int incx) {
    T v[capacity<Nt>];
    const int64_t step = incx;
    T *x0 = incx > 0 ? x : x - (n - 1) * step;
    for (int i = 0; i < n; ++i) v[i] = x0[i * step];
    tri_solve(uplo == 'L', trans, diag == 'U', n, A, lda, v);
    for (int i = 0; i < n; ++i) x0[i * step] = v[i];
    return true;
}

template <class T> bool trsv(char uplo, char trans, char diag, int n, const T *A, int lda, T *x, int incx) {
    return with_fixed(n, [&](auto N) { return trsv_kernel(uplo, trans, diag, N, A, lda, x, incx); });
}

#define BL_SMALL_TRSV(p, T) template bool trsv<T>(char, char, char, int, const T *, int, T *, int);
BL_PRECISIONS(BL_SMALL_TRSV)

}  // namespace small
}  // namespace cpu
}  // namespace bl
