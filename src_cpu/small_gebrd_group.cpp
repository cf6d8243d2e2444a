// The bidiagonal group kernel (small.hpp's gebrd_group): dgebd2's algorithm on eight real
// matrices at once, one per SIMD lane. Compiled once per instruction set (small_dispatch.hpp).
#include "small_qr_lanes.hpp"

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// gebrd_kernel's algorithm (small_qr.cpp; real types) on group_size m x n matrices at once,
// interleaved as in geqrf_group_kernel (small_qr_group.cpp): every larfg, dlarf 'Left' and dlarf
// 'Right' of dgebd2 a vector operation over the lanes, in gebrd_kernel's order. A lane where a
// larfg would decline is skipped from there on, left untouched and returned in the mask, as in
// geqrf_group_kernel. Lanes past `count` reduce columns of the identity and are not written back.
template <class R, class Mt, class Nt>
unsigned gebrd_group_kernel(Mt m, Nt n, R *const *A, int lda, R *const *d, R *const *e, R *const *tauq, R *const *taup,
                        int count, const R *const *next, int next_count) {
    constexpr int G = group_size, CapM = capacity<Mt>, CapN = capacity<Nt>, kc = std::min(CapM, CapN);
    const int LD = (m + 1) * G;
    // The copy, then d, e, tauq, taup of every step (lane l of step i at i * G + l).
    GroupCopy<R, (CapN * (CapM + 1) + 4 * kc) * G> copy;
    R *const w = copy.get();
    if (!w) return lanes_all;
    unsigned declined = 0;
    R *const dd_ = w + CapN * (CapM + 1) * G, *const ee_ = dd_ + kc * G, *const tq_ = ee_ + kc * G,
             *const tp_ = tq_ + kc * G;
    const auto dd = [&](int i) { return dd_ + i * G; };
    const auto ee = [&](int i) { return ee_ + i * G; };
    const auto tq = [&](int i) { return tq_ + i * G; };
    const auto tp = [&](int i) { return tp_ + i * G; };
    for (int c = 0; c < n; ++c)
        for (int i = 0; i < m; ++i)
            for (int l = 0; l < G; ++l) w[c * LD + i * G + l] = l < count ? A[l][i + int64_t(c) * lda] : R(i == c);
    const auto at = [&](int i, int j) { return w + j * LD + i * G; };  // the lanes of element (i, j)
    const auto keep = [](R *to, R *from) {  // to := the lanes of from; from := 1
        for (int l = 0; l < G; ++l) to[l] = from[l], from[l] = R(1);
    };
    const auto restore = [](R *to, const R *from) {
        for (int l = 0; l < G; ++l) to[l] = from[l];
    };
    if (m >= n) {
        for (int i = 0; i < n; ++i) {
            for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(i) * lda, m);
            larfg_lanes(m - i, at(i, i), at(i + 1, i), G, tq(i), declined);
            keep(dd(i), at(i, i));
            if (i < n - 1) apply_left_lanes(m - i, n - i - 1, at(i, i), tq(i), at(i, i + 1), LD);
            restore(at(i, i), dd(i));
            if (i < n - 1) {
                larfg_lanes(n - i - 1, at(i, i + 1), at(i, std::min(i + 2, n - 1)), LD, tp(i), declined);
                keep(ee(i), at(i, i + 1));
                apply_right_lanes<CapM>(m - i - 1, n - i - 1, at(i, i + 1), LD, tp(i), at(i + 1, i + 1), LD);
                restore(at(i, i + 1), ee(i));
            } else {
                for (int l = 0; l < G; ++l) tp(i)[l] = R(0);
            }
        }
    } else {
        for (int i = 0; i < m; ++i) {
            for (int c = i * n / m; c < (i + 1) * n / m; ++c)  // all n columns over the m steps
                for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(c) * lda, m);
            larfg_lanes(n - i, at(i, i), at(i, std::min(i + 1, n - 1)), LD, tp(i), declined);
            keep(dd(i), at(i, i));
            if (i < m - 1) apply_right_lanes<CapM>(m - i - 1, n - i, at(i, i), LD, tp(i), at(i + 1, i), LD);
            restore(at(i, i), dd(i));
            if (i < m - 1) {
                larfg_lanes(m - i - 1, at(i + 1, i), at(std::min(i + 2, m - 1), i), G, tq(i), declined);
                keep(ee(i), at(i + 1, i));
                apply_left_lanes(m - i - 1, n - i - 1, at(i + 1, i), tq(i), at(i + 1, i + 1), LD);
                restore(at(i + 1, i), ee(i));
            } else {
                for (int l = 0; l < G; ++l) tq(i)[l] = R(0);
            }
        }
    }
    const int k = std::min<int>(m, n);
    for (int l = 0; l < count; ++l) {
        if (declined >> l & 1) continue;
        for (int c = 0; c < n; ++c)
            for (int i = 0; i < m; ++i) A[l][i + int64_t(c) * lda] = w[c * LD + i * G + l];
        for (int i = 0; i < k; ++i) {
            d[l][i] = dd(i)[l];
            tauq[l][i] = tq(i)[l];
            taup[l][i] = tp(i)[l];
            if (i < k - 1) e[l][i] = ee(i)[l];
        }
    }
    return declined & ((1u << count) - 1);
}

// One instance of the kernel, with everything it calls inlined into it.
template <class R, class Mt, class Nt>
BL_SMALL_FLATTEN unsigned gebrd_group_one(Mt m, Nt n, R *const *A, int lda, R *const *d, R *const *e, R *const *tauq,
                                      R *const *taup, int count, const R *const *next, int next_count) {
    return gebrd_group_kernel(m, n, A, lda, d, e, tauq, taup, count, next, next_count);
}

BL_ISA_END

namespace BL_ISA {
// Square orders up to the family's kGroupFixedMax (ladder.hpp) each compiled on their own, the
// other shapes up to its kGroupMax with run-time sizes. The caller (small_dispatch.cpp) has checked
// the shape and the counts.
template <class R>
unsigned gebrd_group(int m, int n, R *const *A, int lda, R *const *d, R *const *e, R *const *tauq, R *const *taup,
                 int count, const R *const *next, int next_count) {
    constexpr int fixed = ladder::gebrd::kGroupFixedMax, top = ladder::gebrd::kGroupMax;
    unsigned left = lanes_all;  // with_fixed returns only whether it took n
    if (m == n && n <= fixed && with_fixed<fixed>(n, [&](auto N) {
            left = gebrd_group_one(N, N, A, lda, d, e, tauq, taup, count, next, next_count);
            return true;
        }))
        return left;
    return gebrd_group_one(Upto<top>{m}, Upto<top>{n}, A, lda, d, e, tauq, taup, count, next, next_count);
}

#define BL_GEBRD_GROUP(p, R)                                                                      \
    template unsigned gebrd_group<R>(int, int, R *const *, int, R *const *, R *const *, R *const *, R *const *, int, \
                                 const R *const *, int);
#define BL_GEBRD_GROUP_REAL(p, T) BL_REAL_ONLY_##p(BL_GEBRD_GROUP, T)
BL_PRECISIONS(BL_GEBRD_GROUP_REAL)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
