// The one-matrix Cholesky kernel (small.hpp): dpotf2's factorization on a local copy, for the
// orders of ladder::cholesky.
#include "ladder.hpp"
#include "precisions.hpp"
#include "small.hpp"
#include "small_detail.hpp"

namespace bl {
namespace cpu {
namespace small {

// dpotf2's factorization (left-looking: column j of L from dot products with the finished rows),
// on a local copy of the triangle held as the lower one, row by row (A = L L^H; for uplo 'U' the
// copy is U^H, so U = L^H): row i of L is contiguous, every dot product is a unit-stride loop, and
// the n - j dot products of column j are independent. Only the triangle is touched (n^3/6
// multiply-adds; faster than AXPYs down columns at these orders). When column j's diagonal
// is not positive (or NaN), it is stored and the factorization stops with info = j, as in dpotf2:
// only the finished columns and that diagonal are written back.
template <class T, class Nt> bool potrf_kernel(char uplo, Nt n, T *A, int lda, int *info) {
    using R = Real<T>;
    constexpr int N = capacity<Nt>;
    alignas(64) T w[N * N];  // w[i * N + k] = L(i, k), k <= i
    const bool upper = uplo == 'U';
    for (int i = 0; i < n; ++i)
        for (int k = 0; k <= i; ++k) w[i * N + k] = upper ? cj(A[k + int64_t(i) * lda]) : A[i + int64_t(k) * lda];
    int done = n;
    for (int j = 0; j < n; ++j) {
        const T *lj = w + j * N;
        R d = re(lj[j]);
        for (int k = 0; k < j; ++k) d -= abs2(lj[k]);
        if (!(d > R(0))) {
            w[j * N + j] = d;
            done = j;
            break;
        }
        const R s = std::sqrt(d), r = R(1) / s;
        w[j * N + j] = s;
        for (int i = j + 1; i < n; ++i) {
            T *li = w + i * N;
            T t = li[j];
            for (int k = 0; k < j; ++k) t -= mul(li[k], cj(lj[k]));
            li[j] = t * r;
        }
    }
    // Row i holds columns 0..i; columns k < done are finished, column `done` only at its diagonal.
    for (int i = 0; i < n; ++i)
        for (int k = 0; k <= std::min(i, done); ++k) {
            if (k == done && k != i) break;
            if (upper) A[k + int64_t(i) * lda] = cj(w[i * N + k]);
            else A[i + int64_t(k) * lda] = w[i * N + k];
        }
    *info = done < n ? done + 1 : 0;
    return true;
}

// Orders up to ladder::cholesky::kSmallFixedMax each compiled on their own, the others up to
// ladder::cholesky::kSmallMax with the order at run time; the system LAPACK past them.
template <class T> bool potrf(char uplo, int n, T *A, int lda, int *info) {
    constexpr int top = ladder::cholesky::kSmallMax, fixed = ladder::cholesky::kSmallFixedMax<T>;
    if (n < 1 || n > top) return false;
    if (n <= fixed) return with_fixed<fixed>(n, [&](auto N) { return potrf_kernel(uplo, N, A, lda, info); });
    return potrf_kernel(uplo, Upto<top>{n}, A, lda, info);
}

#define BL_SMALL_CHOLESKY(p, T)                                                                   \
    template bool potrf<T>(char, int, T *, int, int *);
BL_PRECISIONS(BL_SMALL_CHOLESKY)

}  // namespace small
}  // namespace cpu
}  // namespace bl
