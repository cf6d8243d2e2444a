// The Householder group kernels (small.hpp's geqrf_group and gebrd_group): dgeqr2's QR and
// dgebd2's bidiagonal reduction on eight real matrices at once, one per SIMD lane. Compiled once
// per instruction set (small_dispatch.hpp).
#include "small_isa.hpp"

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// larfg on group_size interleaved vectors: alpha[l], x[k * inc + l] for k < n - 1 (real types).
// Each lane's checks are larfg's; false where one lane's would decline, x and alpha then
// unspecified (the group kernels drop their local copy and the caller takes the matrices one at a
// time).
template <class R> bool larfg_lanes(int n, R *alpha, R *x, int inc, R *tau) {
    constexpr int G = group_size;
    constexpr R lo = std::numeric_limits<R>::min() / std::numeric_limits<R>::epsilon();
    constexpr R hi = std::numeric_limits<R>::max() * std::numeric_limits<R>::epsilon();
    alignas(64) R ssq[G], scale[G], beta[G];
    bool nonzero[G];
    for (int l = 0; l < G; ++l) ssq[l] = R(0), nonzero[l] = false;
    for (int k = 0; k < n - 1; ++k)
        for (int l = 0; l < G; ++l) {
            const R v = x[k * inc + l];
            ssq[l] += v * v;
            nonzero[l] |= v != R(0);
        }
    bool decline = false;
    for (int l = 0; l < G; ++l) {
        const R a = alpha[l], total = a * a + ssq[l];
        const bool zero = ssq[l] == R(0);
        decline |= zero ? nonzero[l] : !(ssq[l] >= lo && ssq[l] <= hi) || !(total >= lo && total <= hi);
        // x = 0 (n = 1 too): tau = 0, alpha and x left as they are.
        beta[l] = zero ? a : -std::copysign(std::sqrt(total), a);
        tau[l] = zero ? R(0) : (beta[l] - a) / beta[l];
        scale[l] = zero ? R(1) : R(1) / (a - beta[l]);
    }
    if (decline) return false;
    for (int k = 0; k < n - 1; ++k)
        for (int l = 0; l < G; ++l) x[k * inc + l] *= scale[l];
    for (int l = 0; l < G; ++l) alpha[l] = beta[l];
    return true;
}

// The update of a dlarf on group_size interleaved columns: c[r G + l] -= x[r G + l] s[l] for
// r < m, in every lane (all) or only in the lanes whose t[l] is not 0 (dlarf applies nothing for
// tau = 0: a NaN or Inf times 0 would otherwise spread over the column, and a -0 become +0).
template <class R> void subtract_lanes(int m, R *c, const R *x, const R *s, const R *t, bool all) {
    constexpr int G = group_size;
    if (all) {
        for (int r = 0; r < m; ++r)
            for (int l = 0; l < G; ++l) c[r * G + l] -= x[r * G + l] * s[l];
    } else {
        for (int r = 0; r < m; ++r)
            for (int l = 0; l < G; ++l) c[r * G + l] = t[l] == R(0) ? c[r * G + l] : c[r * G + l] - x[r * G + l] * s[l];
    }
}

// apply_right on group_size interleaved matrices (as apply_left_lanes; v's elements incv apart):
// C := C (I - t v v^T) lane by lane for the m x n matrix C, m <= Cap, a lane with t = 0 left as it
// is (subtract_lanes).
template <int Cap, class R> void apply_right_lanes(int m, int n, const R *v, int incv, const R *t, R *c, int ldc) {
    constexpr int G = group_size;
    bool all = true;
    for (int l = 0; l < G; ++l) all &= t[l] != R(0);
    alignas(64) R acc[Cap * G];
    for (int i = 0; i < m * G; ++i) acc[i] = R(0);
    for (int j = 0; j < n; ++j) {
        const R *cc = c + j * ldc;
        for (int i = 0; i < m; ++i)
            for (int l = 0; l < G; ++l) acc[i * G + l] += cc[i * G + l] * v[j * incv + l];
    }
    for (int j = 0; j < n; ++j) {
        R *cc = c + j * ldc;
        alignas(64) R f[G];
        for (int l = 0; l < G; ++l) f[l] = t[l] * v[j * incv + l];
        subtract_lanes(m, cc, acc, f, t, all);
    }
}

// apply_left on group_size interleaved matrices (lane l of element (r, c) at c * ldc + r *
// group_size + l, v's elements group_size apart): C := (I - t v v^T) C lane by lane, a lane with
// t = 0 left exactly as it is (subtract_lanes).
template <class R> void apply_left_lanes(int m, int n, const R *v, const R *t, R *c, int ldc) {
    constexpr int G = group_size;
    bool all = true;
    for (int l = 0; l < G; ++l) all &= t[l] != R(0);
    for (int j = 0; j < n; ++j) {
        R *cc = c + j * ldc;
        alignas(64) R sum[G];
        for (int l = 0; l < G; ++l) sum[l] = R(0);
        for (int r = 0; r < m; ++r)
            for (int l = 0; l < G; ++l) sum[l] += v[r * G + l] * cc[r * G + l];
        for (int l = 0; l < G; ++l) sum[l] *= t[l];
        subtract_lanes(m, cc, v, sum, t, all);
    }
}

// geqrf_kernel's algorithm (small_qr.cpp) on group_size real m x n matrices at once, matrix l in SIMD lane l
// (w[c * LD + i * group_size + l] = A_l(i, c), LD = (m + 1) group_size: a column one lane group
// longer than the matrix, as in getrf_group_kernel), so that each step becomes vector operations
// over the lanes in geqrf_kernel's order (the same roundings per lane, up to the contraction into
// FMAs).
// larfg's checks are made lane by lane: where one lane's would decline (a sum of squares
// outside the range where squaring loses nothing, a NaN, an Inf), the group declines before
// anything is written, and the caller factors its matrices one at a time. Lanes past `count`
// factor columns of the identity and are not written back.
template <class R, class Mt, class Nt>
bool geqrf_group_kernel(Mt m, Nt n, R *const *A, int lda, R *const *tau, int count, const R *const *next,
                        int next_count) {
    constexpr int G = group_size, CapM = capacity<Mt>, CapN = capacity<Nt>;
    const int LD = (m + 1) * G;
    GroupCopy<R, Nt, CapN * (CapM + 1) * G> copy;
    R *const w = copy.get();
    if (!w) return false;
    alignas(64) R t[std::min(CapM, CapN)][G];
    for (int c = 0; c < n; ++c)
        for (int i = 0; i < m; ++i)
            for (int l = 0; l < G; ++l) w[c * LD + i * G + l] = l < count ? A[l][i + int64_t(c) * lda] : R(i == c);
    const int k = std::min<int>(m, n);
    for (int i = 0; i < k; ++i) {
        for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(i) * lda, m);
        R *col = w + i * LD;
        if (!larfg_lanes(m - i, col + i * G, col + (i + 1) * G, G, t[i])) return false;
        alignas(64) R beta[G];
        for (int l = 0; l < G; ++l) beta[l] = col[i * G + l];
        // H(i) applied to columns i+1 .. n-1, rows i .. m-1, with v = (1; x).
        for (int l = 0; l < G; ++l) col[i * G + l] = R(1);
        apply_left_lanes(m - i, n - i - 1, col + i * G, t[i], w + (i + 1) * LD + i * G, LD);
        for (int l = 0; l < G; ++l) col[i * G + l] = beta[l];
    }
    for (int l = 0; l < count; ++l) {
        for (int c = 0; c < n; ++c)
            for (int i = 0; i < m; ++i) A[l][i + int64_t(c) * lda] = w[c * LD + i * G + l];
        for (int i = 0; i < k; ++i) tau[l][i] = t[i][l];
    }
    return true;
}

// gebrd_kernel's algorithm (small_qr.cpp; real types) on group_size m x n matrices at once, interleaved as in
// geqrf_group_kernel: every larfg, dlarf 'Left' and dlarf 'Right' of dgebd2 a vector operation
// over the lanes, in gebrd_kernel's order. A group where one lane's larfg would decline is left
// untouched (false). Lanes past `count` reduce columns of the identity and are not written back.
template <class R, class Mt, class Nt>
bool gebrd_group_kernel(Mt m, Nt n, R *const *A, int lda, R *const *d, R *const *e, R *const *tauq, R *const *taup,
                        int count, const R *const *next, int next_count) {
    constexpr int G = group_size, CapM = capacity<Mt>, CapN = capacity<Nt>, kc = std::min(CapM, CapN);
    const int LD = (m + 1) * G;
    // The copy, then d, e, tauq, taup of every step (lane l of step i at i * G + l).
    GroupCopy<R, Nt, (CapN * (CapM + 1) + 4 * kc) * G> copy;
    R *const w = copy.get();
    if (!w) return false;
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
            if (!larfg_lanes(m - i, at(i, i), at(i + 1, i), G, tq(i))) return false;
            keep(dd(i), at(i, i));
            if (i < n - 1) apply_left_lanes(m - i, n - i - 1, at(i, i), tq(i), at(i, i + 1), LD);
            restore(at(i, i), dd(i));
            if (i < n - 1) {
                if (!larfg_lanes(n - i - 1, at(i, i + 1), at(i, std::min(i + 2, n - 1)), LD, tp(i))) return false;
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
            if (!larfg_lanes(n - i, at(i, i), at(i, std::min(i + 1, n - 1)), LD, tp(i))) return false;
            keep(dd(i), at(i, i));
            if (i < m - 1) apply_right_lanes<CapM>(m - i - 1, n - i, at(i, i), LD, tp(i), at(i + 1, i), LD);
            restore(at(i, i), dd(i));
            if (i < m - 1) {
                if (!larfg_lanes(m - i - 1, at(i + 1, i), at(std::min(i + 2, m - 1), i), G, tq(i))) return false;
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
        for (int c = 0; c < n; ++c)
            for (int i = 0; i < m; ++i) A[l][i + int64_t(c) * lda] = w[c * LD + i * G + l];
        for (int i = 0; i < k; ++i) {
            d[l][i] = dd(i)[l];
            tauq[l][i] = tq(i)[l];
            taup[l][i] = tp(i)[l];
            if (i < k - 1) e[l][i] = ee(i)[l];
        }
    }
    return true;
}

// One instance of each kernel, with everything it calls inlined into it.
template <class R, class Mt, class Nt>
BL_SMALL_FLATTEN bool geqrf_group_one(Mt m, Nt n, R *const *A, int lda, R *const *tau, int count, const R *const *next,
                                      int next_count) {
    return geqrf_group_kernel(m, n, A, lda, tau, count, next, next_count);
}
template <class R, class Mt, class Nt>
BL_SMALL_FLATTEN bool gebrd_group_one(Mt m, Nt n, R *const *A, int lda, R *const *d, R *const *e, R *const *tauq,
                                      R *const *taup, int count, const R *const *next, int next_count) {
    return gebrd_group_kernel(m, n, A, lda, d, e, tauq, taup, count, next, next_count);
}

BL_ISA_END

namespace BL_ISA {
// Square orders up to the family's kGroupFixedMax (ladder.hpp) each compiled on their own, the
// other shapes up to its kGroupMax with run-time sizes. The caller (small_dispatch.cpp) has checked
// the shape and the counts.
template <class R>
bool geqrf_group(int m, int n, R *const *A, int lda, R *const *tau, int count, const R *const *next, int next_count) {
    constexpr int fixed = ladder::qr::kGroupFixedMax, top = ladder::qr::kGroupMax;
    if (m == n && n <= fixed)
        return with_fixed<fixed>(n, [&](auto N) { return geqrf_group_one(N, N, A, lda, tau, count, next, next_count); });
    return geqrf_group_one(Upto<top>{m}, Upto<top>{n}, A, lda, tau, count, next, next_count);
}

template <class R>
bool gebrd_group(int m, int n, R *const *A, int lda, R *const *d, R *const *e, R *const *tauq, R *const *taup,
                 int count, const R *const *next, int next_count) {
    constexpr int fixed = ladder::gebrd::kGroupFixedMax, top = ladder::gebrd::kGroupMax;
    if (m == n && n <= fixed)
        return with_fixed<fixed>(
            n, [&](auto N) { return gebrd_group_one(N, N, A, lda, d, e, tauq, taup, count, next, next_count); });
    return gebrd_group_one(Upto<top>{m}, Upto<top>{n}, A, lda, d, e, tauq, taup, count, next, next_count);
}

#define BL_QR_GROUP(p, R)                                                                         \
    template bool geqrf_group<R>(int, int, R *const *, int, R *const *, int, const R *const *, int); \
    template bool gebrd_group<R>(int, int, R *const *, int, R *const *, R *const *, R *const *, R *const *, int, \
                                 const R *const *, int);
#define BL_QR_GROUP_REAL(p, T) BL_REAL_ONLY_##p(BL_QR_GROUP, T)
BL_PRECISIONS(BL_QR_GROUP_REAL)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
