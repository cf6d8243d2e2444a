// The one-matrix LU kernel (small.hpp): dgetf2's factorization on a local copy, for the orders of
// ladder::lu.
#include "ladder.hpp"
#include "precisions.hpp"
#include "small.hpp"
#include "small_detail.hpp"

namespace bl {
namespace cpu {
namespace small {

// dgetf2 on a local copy: partial pivoting by i?amax's rule, rows swapped over the full width,
// the column scaled by the reciprocal pivot (divided when the pivot is below the safe minimum),
// scaling skipped for a zero pivot, whose index becomes info; right-looking rank-1 updates.
template <class T, class Mt, class Nt> bool getrf_kernel(Mt m, Nt n, T *A, int lda, int *ipiv, int *info) {
    using R = Real<T>;
    alignas(64) T w[capacity<Mt> * capacity<Nt>];
    copy_in(m, n, A, lda, w);
    const R sfmin = std::numeric_limits<R>::min();
    const int k = std::min<int>(m, n);
    int inf = 0;
    for (int j = 0; j < k; ++j) {
        T *col = w + j * m;
        int p = j;
        R best = abs1(col[j]);
        for (int i = j + 1; i < m; ++i)
            if (abs1(col[i]) > best) { best = abs1(col[i]); p = i; }
        ipiv[j] = p + 1;
        if (col[p] != T(0)) {
            if (p != j)
                for (int c = 0; c < n; ++c) std::swap(w[j + c * m], w[p + c * m]);
            if (std::abs(col[j]) >= sfmin) {
                const T r = T(1) / col[j];
                for (int i = j + 1; i < m; ++i) col[i] = mul(col[i], r);
            } else {
                for (int i = j + 1; i < m; ++i) col[i] = col[i] / col[j];
            }
        } else if (inf == 0) {
            inf = j + 1;
        }
        for (int c = j + 1; c < n; ++c) {
            T *wc = w + c * m;
            const T t = wc[j];
            for (int i = j + 1; i < m; ++i) wc[i] -= mul(col[i], t);
        }
    }
    copy_out(m, n, w, A, lda);
    *info = inf;
    return true;
}

// Square orders up to ladder::lu::kSmallFixedMax each compiled on their own; the other shapes up
// to ladder::lu::kSmallMax with run-time sizes.
template <class T> bool getrf(int m, int n, T *A, int lda, int *ipiv, int *info) {
    constexpr int top = ladder::lu::kSmallMax, fixed = ladder::lu::kSmallFixedMax<T>;
    if (m < 1 || n < 1 || m > top || n > top) return false;
    if (m == n && n <= fixed) return with_fixed<fixed>(n, [&](auto N) { return getrf_kernel(N, N, A, lda, ipiv, info); });
    return getrf_kernel(Upto<top>{m}, Upto<top>{n}, A, lda, ipiv, info);
}

#define BL_SMALL_LU(p, T)                                                                         \
    template bool getrf<T>(int, int, T *, int, int *, int *);
BL_PRECISIONS(BL_SMALL_LU)

}  // namespace small
}  // namespace cpu
}  // namespace bl
