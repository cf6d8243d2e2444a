// The QR group kernel (small.hpp's geqrf_group): ?geqr2's algorithm on eight matrices at once,
// one per SIMD lane. Compiled once per instruction set (small_dispatch.hpp).
#include "small_qr_lanes.hpp"

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// geqrf_kernel's algorithm (small_qr.cpp) on group_size m x n matrices at once, matrix l in SIMD
// lane l (w[c * LD + i * S + l] = A_l(i, c), S = group_size for a real type; for a complex one the
// real part there and the imaginary part group_size further, S = 2 group_size, as small_detail.hpp's
// lane_parts; LD = (m + 1) S: a column one element longer than the matrix, as in
// getrf_group_kernel), so that each step becomes vector operations over the lanes in
// geqrf_kernel's order (the same roundings per lane, up to the contraction into FMAs and, for
// complex types, larfg's reciprocal: larfg_lanes). larfg's checks are made lane by lane: a lane
// where one would decline (a sum of squares outside the range where squaring loses nothing, a NaN,
// an Inf) is skipped from there on and not written back, and its bit is set in the returned mask:
// the caller factors that matrix on its own. The other lanes' results are the same bits whatever
// the declined lane holds. Lanes past `count` factor columns of the identity and are not written
// back. Every lane is returned where the local copy could not be allocated.
template <class T, class Mt, class Nt>
unsigned geqrf_group_kernel(Mt m, Nt n, T *const *A, int lda, T *const *tau, int count, const T *const *next,
                            int next_count) {
    using R = Real<T>;
    constexpr int G = group_size, Q = lane_parts<T>, S = Q * G, CapM = capacity<Mt>, CapN = capacity<Nt>;
    const int LD = (m + 1) * S;
    GroupCopy<R, CapN * (CapM + 1) * S> copy;
    R *const w = copy.get();
    if (!w) return lanes_all;
    alignas(64) R t[std::min(CapM, CapN)][S];
    unsigned declined = 0;
    for (int c = 0; c < n; ++c) group_column_copy<true>(A, int64_t(c) * lda, m, w + c * LD, S, 0, count);
    for (int l = count; l < G; ++l)  // lanes past count: the identity's columns
        for (int c = 0; c < n; ++c)
            for (int i = 0; i < m; ++i) lane_put(w + c * LD + i * S + l, T(R(i == c)));
    const int k = std::min<int>(m, n);
    for (int i = 0; i < k; ++i) {
        for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(i) * lda, m);
        R *col = w + i * LD;
        larfg_lanes<Q>(m - i, col + i * S, col + (i + 1) * S, S, t[i], declined);
        alignas(64) R beta[S], h[S];
        for (int l = 0; l < S; ++l) beta[l] = col[i * S + l];
        // H(i)^H applied to columns i+1 .. n-1, rows i .. m-1, with v = (1; x): I - conj(tau) v v^H.
        for (int l = 0; l < S; ++l) col[i * S + l] = R(l < G), h[l] = l < G ? t[i][l] : -t[i][l];
        apply_left_lanes<Q>(m - i, n - i - 1, col + i * S, h, w + (i + 1) * LD + i * S, LD);
        for (int l = 0; l < S; ++l) col[i * S + l] = beta[l];
    }
    // Back lane by lane where some lane declined, all at once (through the transposes) otherwise.
    const bool whole = (declined & ((1u << count) - 1)) == 0;
    for (int c = 0; c < n; ++c)
        for (int l = 0; l < (whole ? 1 : count); ++l)
            if (!(declined >> l & 1))
                group_column_copy<false>(A, int64_t(c) * lda, m, w + c * LD, S, l, whole ? count : l + 1);
    for (int l = 0; l < count; ++l)
        if (!(declined >> l & 1))
            for (int i = 0; i < k; ++i) tau[l][i] = lane_get<T>(&t[i][l]);
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
// other shapes up to its kGroupRowsMax x kGroupMax with run-time sizes. The caller
// (small_dispatch.cpp) has checked the shape and the counts.
template <class R>
unsigned geqrf_group(int m, int n, R *const *A, int lda, R *const *tau, int count, const R *const *next, int next_count) {
    constexpr int fixed = ladder::qr::kGroupFixedMax, top = ladder::qr::kGroupMax;
    unsigned left = lanes_all;  // with_fixed returns only whether it took n
    if (m == n && n <= fixed && with_fixed<fixed>(n, [&](auto N) {
            left = geqrf_group_one(N, N, A, lda, tau, count, next, next_count);
            return true;
        }))
        return left;
    return geqrf_group_one(Upto<ladder::qr::kGroupRowsMax>{m}, Upto<top>{n}, A, lda, tau, count, next, next_count);
}

#define BL_QR_GROUP(p, R)                                                                         \
    template unsigned geqrf_group<R>(int, int, R *const *, int, R *const *, int, const R *const *, int);
BL_PRECISIONS(BL_QR_GROUP)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
