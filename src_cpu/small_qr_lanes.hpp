// The Householder group kernels' building blocks (small_qr_group.cpp, small_gebrd_group.cpp):
// LAPACK's larfg and dlarf on eight interleaved matrices, one per SIMD lane (real types). Included
// by instruction-set units only (small_isa.hpp), inside their instruction set's namespace.
#pragma once

#include "small_isa.hpp"

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// larfg on group_size interleaved vectors: alpha[l], x[k * inc + l] for k < n - 1 (real types).
// Each lane's checks are larfg's, and a lane where they would decline (a sum of squares outside
// the range where squaring loses nothing: larfg's rescaling, a NaN, an Inf) gets its bit set in
// `declined` and is left as it is with tau = 0, so that the later steps skip it (subtract_lanes)
// while the other lanes go on: which lanes are reduced here never depends on another lane's values
// (the group kernels leave a declined lane's matrix to the caller, one at a time).
template <class R> void larfg_lanes(int n, R *alpha, R *x, int inc, R *tau, unsigned &declined) {
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
    for (int l = 0; l < G; ++l) {
        const R a = alpha[l], total = a * a + ssq[l];
        // x = 0 (n = 1 too): tau = 0, alpha and x left as they are.
        const bool zero = ssq[l] == R(0);
        const bool decline = zero ? nonzero[l] : !(ssq[l] >= lo && ssq[l] <= hi) || !(total >= lo && total <= hi);
        const bool skip = zero || decline;
        declined |= unsigned(decline) << l;
        beta[l] = skip ? a : -std::copysign(std::sqrt(total), a);
        tau[l] = skip ? R(0) : (beta[l] - a) / beta[l];
        scale[l] = skip ? R(1) : R(1) / (a - beta[l]);
    }
    for (int k = 0; k < n - 1; ++k)
        for (int l = 0; l < G; ++l) x[k * inc + l] *= scale[l];
    for (int l = 0; l < G; ++l) alpha[l] = beta[l];
}

// The update of a dlarf on group_size interleaved columns: c[r G + l] -= x[r G + l] s[l] for
// r < m, in every lane (all) or only in the lanes whose t[l] is not 0 (dlarf applies nothing for
// tau = 0: a NaN or Inf times 0 would otherwise spread over the column, and a -0 become +0). The
// two loops compute the same expression in the lanes they update, so a lane's bits do not depend
// on which one its group takes (that is, on whether another lane's t is 0).
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

BL_ISA_END
}  // namespace small
}  // namespace cpu
}  // namespace bl
