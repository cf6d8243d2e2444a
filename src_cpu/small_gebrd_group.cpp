// The bidiagonal group kernel (small.hpp's gebrd_group): ?gebd2's algorithm on eight matrices at
// once, one per SIMD lane. Compiled once per instruction set (small_dispatch.hpp).
#include "small_qr_lanes.hpp"

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// gebrd_kernel's algorithm (small_qr.cpp: dgebd2's, zgebd2's) on group_size m x n matrices at
// once, in geqrf_group_kernel's layout (small_qr_group.cpp: matrix l in lane l, a complex
// element's imaginary parts group_size reals after its real parts, S reals an element): every
// larfg, larf 'Left' and larf 'Right' a vector operation over the lanes, in gebrd_kernel's order,
// with its conjugations (the row a right reflector comes from is conjugated before its larfg and
// back after its update, as zlacgv in zgebd2; the left reflectors apply conj(tauq)). A lane where
// a larfg would decline is skipped from there on, left untouched and returned in the mask, as in
// geqrf_group_kernel. Lanes past `count` reduce columns of the identity and are not written back.
template <class T, class Mt, class Nt>
unsigned gebrd_group_kernel(Mt m, Nt n, T *const *A, int lda, Real<T> *const *d, Real<T> *const *e, T *const *tauq,
                            T *const *taup, int count, const T *const *next, int next_count) {
    using R = Real<T>;
    constexpr int G = group_size, Q = lane_parts<T>, S = Q * G, CapM = capacity<Mt>, CapN = capacity<Nt>,
                  kc = std::min(CapM, CapN);
    const int LD = (m + 1) * S;
    // The copy, then d and e (real: G reals a step), tauq and taup (S reals a step) of every step.
    GroupCopy<R, CapN * (CapM + 1) * S + 2 * kc * (G + S)> copy;
    R *const w = copy.get();
    if (!w) return lanes_all;
    unsigned declined = 0;
    R *const dd_ = w + CapN * (CapM + 1) * S, *const ee_ = dd_ + kc * G, *const tq_ = ee_ + kc * G,
             *const tp_ = tq_ + kc * S;
    const auto dd = [&](int i) { return dd_ + i * G; };
    const auto ee = [&](int i) { return ee_ + i * G; };
    const auto tq = [&](int i) { return tq_ + i * S; };
    const auto tp = [&](int i) { return tp_ + i * S; };
    for (int c = 0; c < n; ++c) group_column_copy<true>(A, int64_t(c) * lda, m, w + c * LD, S, 0, count);
    for (int l = count; l < G; ++l)  // lanes past count: the identity's columns
        for (int c = 0; c < n; ++c)
            for (int i = 0; i < m; ++i) lane_put(w + c * LD + i * S + l, T(R(i == c)));
    const auto at = [&](int i, int j) { return w + j * LD + i * S; };  // the lanes of element (i, j)
    // to := the real parts of beta (larfg's, real), beta := 1, for the reflector's update.
    const auto keep = [](R *to, R *beta) {
        for (int l = 0; l < G; ++l) to[l] = beta[l], beta[l] = R(1);
        for (int l = G; l < S; ++l) beta[l] = R(0);
    };
    const auto restore = [](R *to, const R *from) {  // to := from, real
        for (int l = 0; l < G; ++l) to[l] = from[l];
        for (int l = G; l < S; ++l) to[l] = R(0);
    };
    // zlacgv on len elements inc reals apart (nothing for a real type).
    const auto conjugate = [](int len, R *x, int inc) {
        for (int k = 0; k < len; ++k)
            for (int l = G; l < S; ++l) x[k * inc + l] = -x[k * inc + l];
    };
    // The left reflectors apply H^H: conj(tau).
    const auto conj_tau = [](const R *t, R *h) {
        for (int l = 0; l < S; ++l) h[l] = l < G ? t[l] : -t[l];
    };
    alignas(64) R h[S];
    if (m >= n) {
        // Step i's right update and step i + 1's left reflector in one pass over the columns:
        // column i + 1 updated, its larfg, then each later column's right update, left sum and
        // left update while it is in the L1 cache (each its own order of operations, as in
        // gebd2). Apart, the passes read the trailing matrix three times a step and wrote it
        // twice; so twice and once, with the sums C v of the right update.
        const auto column_step = [&](int i) {  // larfg on column i from row i; its beta kept aside
            larfg_lanes<Q>(m - i, at(i, i), at(i + 1, i), S, tq(i), declined);
            keep(dd(i), at(i, i));
            conj_tau(tq(i), h);
        };
        column_step(0);
        if (n > 1) apply_left_lanes<Q>(m, n - 1, at(0, 0), h, at(0, 1), LD);
        restore(at(0, 0), dd(0));
        alignas(64) R acc[CapM * S];
        for (int i = 0; i < n; ++i) {
            for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(i) * lda, m);
            if (i == n - 1) {
                for (int l = 0; l < S; ++l) tp(i)[l] = R(0);
                break;
            }
            conjugate(n - i - 1, at(i, i + 1), LD);
            larfg_lanes<Q>(n - i - 1, at(i, i + 1), at(i, std::min(i + 2, n - 1)), LD, tp(i), declined);
            keep(ee(i), at(i, i + 1));
            const TauLanes<Q, R> right(tp(i));
            const int rows = m - i - 1;
            right_sums_lanes<Q>(rows, n - i - 1, at(i, i + 1), LD, at(i + 1, i + 1), LD, acc);
            right_column_lanes<Q>(rows, acc, at(i, i + 1), right, at(i + 1, i + 1));
            column_step(i + 1);
            const TauLanes<Q, R> left(h);
            for (int j = i + 2; j < n; ++j) {
                right_column_lanes<Q>(rows, acc, at(i, j), right, at(i + 1, j));
                left_column_lanes<Q>(rows, at(i + 1, i + 1), left, at(i + 1, j));
            }
            restore(at(i + 1, i + 1), dd(i + 1));
            conjugate(n - i - 1, at(i, i + 1), LD);
            restore(at(i, i + 1), ee(i));
        }
    } else {
        for (int i = 0; i < m; ++i) {
            for (int c = i * n / m; c < (i + 1) * n / m; ++c)  // all n columns over the m steps
                for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(c) * lda, m);
            conjugate(n - i, at(i, i), LD);
            larfg_lanes<Q>(n - i, at(i, i), at(i, std::min(i + 1, n - 1)), LD, tp(i), declined);
            keep(dd(i), at(i, i));
            if (i < m - 1) apply_right_lanes<CapM, Q>(m - i - 1, n - i, at(i, i), LD, tp(i), at(i + 1, i), LD);
            conjugate(n - i, at(i, i), LD);
            restore(at(i, i), dd(i));
            if (i < m - 1) {
                larfg_lanes<Q>(m - i - 1, at(i + 1, i), at(std::min(i + 2, m - 1), i), S, tq(i), declined);
                keep(ee(i), at(i + 1, i));
                conj_tau(tq(i), h);
                apply_left_lanes<Q>(m - i - 1, n - i - 1, at(i + 1, i), h, at(i + 1, i + 1), LD);
                restore(at(i + 1, i), ee(i));
            } else {
                for (int l = 0; l < S; ++l) tq(i)[l] = R(0);
            }
        }
    }
    // Back lane by lane where some lane declined, all at once (through the transposes) otherwise.
    const bool whole = (declined & ((1u << count) - 1)) == 0;
    for (int c = 0; c < n; ++c)
        for (int l = 0; l < (whole ? 1 : count); ++l)
            if (!(declined >> l & 1))
                group_column_copy<false>(A, int64_t(c) * lda, m, w + c * LD, S, l, whole ? count : l + 1);
    const int k = std::min<int>(m, n);
    for (int l = 0; l < count; ++l) {
        if (declined >> l & 1) continue;
        for (int i = 0; i < k; ++i) {
            d[l][i] = dd(i)[l];
            tauq[l][i] = lane_get<T>(tq(i) + l);
            taup[l][i] = lane_get<T>(tp(i) + l);
            if (i < k - 1) e[l][i] = ee(i)[l];
        }
    }
    return declined & ((1u << count) - 1);
}

// One instance of the kernel, with everything it calls inlined into it.
template <class T, class Mt, class Nt>
BL_SMALL_FLATTEN unsigned gebrd_group_one(Mt m, Nt n, T *const *A, int lda, Real<T> *const *d, Real<T> *const *e,
                                          T *const *tauq, T *const *taup, int count, const T *const *next,
                                          int next_count) {
    return gebrd_group_kernel(m, n, A, lda, d, e, tauq, taup, count, next, next_count);
}

BL_ISA_END

namespace BL_ISA {
// Square orders up to the family's kGroupFixedMax (ladder.hpp) each compiled on their own, the
// other shapes up to its kGroupMax with run-time sizes. The caller (small_dispatch.cpp) has checked
// the shape and the counts.
template <class T>
unsigned gebrd_group(int m, int n, T *const *A, int lda, Real<T> *const *d, Real<T> *const *e, T *const *tauq,
                     T *const *taup, int count, const T *const *next, int next_count) {
    constexpr int fixed = ladder::gebrd::kGroupFixedMax, top = ladder::gebrd::kGroupMax;
    unsigned left = lanes_all;  // with_fixed returns only whether it took n
    if (m == n && n <= fixed && with_fixed<fixed>(n, [&](auto N) {
            left = gebrd_group_one(N, N, A, lda, d, e, tauq, taup, count, next, next_count);
            return true;
        }))
        return left;
    return gebrd_group_one(Upto<top>{m}, Upto<top>{n}, A, lda, d, e, tauq, taup, count, next, next_count);
}

#define BL_GEBRD_GROUP(p, T)                                                                      \
    template unsigned gebrd_group<T>(int, int, T *const *, int, Real<T> *const *, Real<T> *const *, T *const *, \
                                     T *const *, int, const T *const *, int);
BL_PRECISIONS(BL_GEBRD_GROUP)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
