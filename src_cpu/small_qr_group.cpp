// The QR group kernel (small.hpp's geqrf_group): dgeqr2's algorithm on eight real matrices at
// once, one per SIMD lane. Compiled once per instruction set (small_dispatch.hpp).
#include "small_qr_lanes.hpp"

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// geqrf_kernel's algorithm (small_qr.cpp) on group_size real m x n matrices at once, matrix l in
// SIMD lane l (w[c * LD + i * group_size + l] = A_l(i, c), LD = (m + 1) group_size: a column one
// lane group longer than the matrix, as in getrf_group_kernel), so that each step becomes vector
// operations over the lanes in geqrf_kernel's order (the same roundings per lane, up to the
// contraction into FMAs). larfg's checks are made lane by lane: a lane where one would decline (a
// sum of squares outside the range where squaring loses nothing, a NaN, an Inf) is skipped from
// there on and not written back, and its bit is set in the returned mask: the caller factors that
// matrix on its own. The other lanes' results are the same bits whatever the declined lane holds.
// Lanes past `count` factor columns of the identity and are not written back. Every lane is
// returned where the local copy could not be allocated.
template <class R, class Mt, class Nt>
unsigned geqrf_group_kernel(Mt m, Nt n, R *const *A, int lda, R *const *tau, int count, const R *const *next,
                        int next_count) {
    constexpr int G = group_size, CapM = capacity<Mt>, CapN = capacity<Nt>;
    const int LD = (m + 1) * G;
    GroupCopy<R, CapN * (CapM + 1) * G> copy;
    R *const w = copy.get();
    if (!w) return lanes_all;
    alignas(64) R t[std::min(CapM, CapN)][G];
    unsigned declined = 0;
    for (int c = 0; c < n; ++c)
        for (int i = 0; i < m; ++i)
            for (int l = 0; l < G; ++l) w[c * LD + i * G + l] = l < count ? A[l][i + int64_t(c) * lda] : R(i == c);
    const int k = std::min<int>(m, n);
    for (int i = 0; i < k; ++i) {
        for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(i) * lda, m);
        R *col = w + i * LD;
        larfg_lanes(m - i, col + i * G, col + (i + 1) * G, G, t[i], declined);
        alignas(64) R beta[G];
        for (int l = 0; l < G; ++l) beta[l] = col[i * G + l];
        // H(i) applied to columns i+1 .. n-1, rows i .. m-1, with v = (1; x).
        for (int l = 0; l < G; ++l) col[i * G + l] = R(1);
        apply_left_lanes(m - i, n - i - 1, col + i * G, t[i], w + (i + 1) * LD + i * G, LD);
        for (int l = 0; l < G; ++l) col[i * G + l] = beta[l];
    }
    for (int l = 0; l < count; ++l) {
        if (declined >> l & 1) continue;
        for (int c = 0; c < n; ++c)
            for (int i = 0; i < m; ++i) A[l][i + int64_t(c) * lda] = w[c * LD + i * G + l];
        for (int i = 0; i < k; ++i) tau[l][i] = t[i][l];
    }
    return declined & ((1u << count) - 1);
}

// One instance of the kernel, with everything it calls inlined into it.
template <class R, class Mt, class Nt>
BL_SMALL_FLATTEN unsigned geqrf_group_one(Mt m, Nt n, R *const *A, int lda, R *const *tau, int count, const R *const *next,
                                      int next_count) {
    return geqrf_group_kernel(m, n, A, lda, tau, count, next, next_count);
}
BL_ISA_END

namespace BL_ISA {
// Square orders up to the family's kGroupFixedMax (ladder.hpp) each compiled on their own, the
// other shapes up to its kGroupMax with run-time sizes. The caller (small_dispatch.cpp) has checked
// the shape and the counts.
template <class R>
unsigned geqrf_group(int m, int n, R *const *A, int lda, R *const *tau, int count, const R *const *next, int next_count) {
    constexpr int fixed = ladder::qr::kGroupFixedMax, top = ladder::qr::kGroupMax;
    unsigned left = lanes_all;  // with_fixed returns only whether it took n
    if (m == n && n <= fixed && with_fixed<fixed>(n, [&](auto N) {
            left = geqrf_group_one(N, N, A, lda, tau, count, next, next_count);
            return true;
        }))
        return left;
    return geqrf_group_one(Upto<top>{m}, Upto<top>{n}, A, lda, tau, count, next, next_count);
}

#define BL_QR_GROUP(p, R)                                                                         \
    template unsigned geqrf_group<R>(int, int, R *const *, int, R *const *, int, const R *const *, int);
#define BL_QR_GROUP_REAL(p, T) BL_REAL_ONLY_##p(BL_QR_GROUP, T)
BL_PRECISIONS(BL_QR_GROUP_REAL)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
