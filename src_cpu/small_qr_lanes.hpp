// The Householder group kernels' building blocks (small_qr_group.cpp, small_gebrd_group.cpp):
// LAPACK's larfg and dlarf on eight interleaved matrices, one per SIMD lane (for complex types
// too, their parts split as small_detail.hpp's lane_parts). Included
// by instruction-set units only (small_isa.hpp), inside their instruction set's namespace.
#pragma once

#include "small_isa.hpp"

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// larfg on group_size interleaved vectors: alpha[l], x[k * inc + l] for k < n - 1; for a complex
// type (Q = 2, lane_parts) each element's imaginary parts group_size reals after its real parts
// (alpha[G + l], x[k * inc + G + l]), and tau's too. Each lane's checks are larfg's (small_qr.cpp),
// and a lane where they would decline (a sum of squares outside the range where squaring loses
// nothing: larfg's rescaling, a NaN, an Inf) gets its bit set in `declined` and is left as it is
// with tau = 0, so that the later steps skip it (apply_left_lanes) while the other lanes go on:
// which lanes are reduced here never depends on another lane's values (the group kernels leave a
// declined lane's matrix to the caller, one at a time). A complex alpha with x = 0 is still made
// real, as zlarfg does.
template <int Q = 1, class R> void larfg_lanes(int n, R *alpha, R *x, int inc, R *tau, unsigned &declined) {
    constexpr int G = group_size;
    constexpr R lo = std::numeric_limits<R>::min() / std::numeric_limits<R>::epsilon();
    constexpr R hi = std::numeric_limits<R>::max() * std::numeric_limits<R>::epsilon();
    alignas(64) R ssq[G], scale[Q * G];
    bool nonzero[G];
    for (int l = 0; l < G; ++l) ssq[l] = R(0), nonzero[l] = false;
    for (int k = 0; k < n - 1; ++k)
        for (int q = 0; q < Q; ++q)
            for (int l = 0; l < G; ++l) {
                const R v = x[k * inc + q * G + l];
                ssq[l] += v * v;
                nonzero[l] |= v != R(0);
            }
    for (int l = 0; l < G; ++l) {
        const R a = alpha[l], ai = Q == 2 ? alpha[G + l] : R(0), total = Q == 2 ? a * a + ai * ai + ssq[l] : a * a + ssq[l];
        // x = 0 (n = 1 too) and alpha real: tau = 0, alpha and x left as they are.
        const bool zero = ssq[l] == R(0), real = ai == R(0);
        const bool decline = zero ? nonzero[l] || (!real && !(total >= lo && total <= hi))
                                  : !(ssq[l] >= lo && ssq[l] <= hi) || !(total >= lo && total <= hi);
        const bool skip = (zero && real) || decline;
        declined |= unsigned(decline) << l;
        const R beta = skip ? a : -std::copysign(std::sqrt(total), a);
        tau[l] = skip ? R(0) : (beta - a) / beta;
        if constexpr (Q == 1) {
            scale[l] = skip ? R(1) : R(1) / (a - beta);
        } else {
            tau[G + l] = skip ? R(0) : -ai / beta;
            // 1 / (alpha - beta) by Smith's algorithm: |re| >= |im| always (beta's sign is the
            // opposite of alpha's real part, so |re| >= |beta| >= |alpha|), one branch of it.
            const R d = a - beta, t = ai / d, inv = R(1) / (d + ai * t);
            scale[l] = skip ? R(1) : inv;
            scale[G + l] = skip ? R(0) : -t * inv;
            alpha[G + l] = skip ? ai : R(0);
        }
        alpha[l] = beta;
    }
    for (int k = 0; k < n - 1; ++k) {
        R *e = x + k * inc;
        for (int l = 0; l < G; ++l) {
            if constexpr (Q == 1) {
                e[l] *= scale[l];
            } else {
                const R xr = e[l], xi = e[G + l];
                e[l] = xr * scale[l] - xi * scale[G + l];
                e[G + l] = xr * scale[G + l] + xi * scale[l];
            }
        }
    }
}

// A group's tau in vectors of W lanes (t: group_size reals, or for Q = 2 group_size real parts
// then group_size imaginary ones), and which lanes a larf leaves exactly as they are: those with
// tau = 0 (larf applies nothing there: a NaN or Inf times 0 would otherwise spread over the
// column, and a -0 become +0). The updates below keep those lanes by a select, or update every
// lane where no tau is 0, the same expression either way, so that a lane's bits do not depend on
// another lane's tau.
template <int Q, class R> struct TauLanes {
    using V = SimdV<R, kLaneBytes<R>>;
    static constexpr int G = group_size, W = simd_width<R, kLaneBytes<R>>, P = G / W;
    V re[P], im[P];
    decltype(V{} == V{}) keep[P];
    bool all = true;  // no lane kept
    explicit TauLanes(const R *t) {
        for (int l = 0; l < G; ++l) all &= t[l] != R(0) || (Q == 2 && t[(Q - 1) * G + l] != R(0));
        for (int p = 0; p < P; ++p) {
            re[p] = vload<V>(t + p * W);
            im[p] = Q == 2 ? vload<V>(t + (Q - 1) * G + p * W) : V{};
            keep[p] = (re[p] == V{}) & (im[p] == V{});
        }
    }
    // c := c - x y in vector p's lanes (a complex c's imaginary parts group_size after c). The
    // complex product's terms taken off c one at a time, each a multiply-add: two operations a
    // part, where c - (xr yr - xi yi) took three.
    void subtract(R *c, int p, V xr, V xi, V yr, V yi) const {
        const V cr = vload<V>(c);
        if constexpr (Q == 1) {
            const V nr = cr - xr * yr;
            vstore(c, all ? nr : keep[p] ? cr : nr);
        } else {
            const V ci = vload<V>(c + G);
            const V nr = cr - xr * yr + xi * yi, ni = ci - xr * yi - xi * yr;
            vstore(c, all ? nr : keep[p] ? cr : nr);
            vstore(c + G, all ? ni : keep[p] ? ci : ni);
        }
    }
};

// apply_right on group_size interleaved matrices (their layout as apply_left_lanes', Q = 2 for a
// complex type; v's elements incv reals apart): C := C (I - t v v^H) lane by lane for the m x n
// matrix C, m <= Cap, a lane with t = 0 left as it is (TauLanes). The sums w = C v over the
// columns (right_sums_lanes), then each column c_j -= w (t conj(v_j)) (right_column_lanes), in
// explicit vectors of W lanes as apply_left_lanes. The halves are apart so that gebrd's group
// kernel can follow each column's update with the next left reflector's on that column.
template <int Q, class R> inline auto lanes_v(const R *v, int p, int q) {
    using V = SimdV<R, kLaneBytes<R>>;
    return Q == 2 || q == 0 ? vload<V>(v + q * group_size + p * simd_width<R, kLaneBytes<R>>) : V{};
}
template <int Q, class R> void right_sums_lanes(int m, int n, const R *v, int incv, const R *c, int ldc, R *acc) {
    constexpr int G = group_size, S = Q * G;
    using V = SimdV<R, kLaneBytes<R>>;
    constexpr int W = simd_width<R, kLaneBytes<R>>, P = G / W;
    for (int i = 0; i < m * S; ++i) acc[i] = R(0);
    for (int j = 0; j < n; ++j) {
        const R *cc = c + j * ldc;
        V vr[P], vi[P];
        for (int p = 0; p < P; ++p) vr[p] = lanes_v<Q>(v + j * incv, p, 0), vi[p] = lanes_v<Q>(v + j * incv, p, 1);
        for (int i = 0; i < m; ++i)
            for (int p = 0; p < P; ++p) {
                const R *cp = cc + i * S + p * W;
                R *ap = acc + i * S + p * W;
                const V cr = vload<V>(cp);
                if constexpr (Q == 1) {
                    vstore(ap, vload<V>(ap) + cr * vr[p]);
                } else {
                    const V ci = vload<V>(cp + G);
                    vstore(ap, vload<V>(ap) + cr * vr[p] - ci * vi[p]);
                    vstore(ap + G, vload<V>(ap + G) + cr * vi[p] + ci * vr[p]);
                }
            }
    }
}
// Column c (m elements) -= acc (t conj(vj)), vj the reflector's element of that column.
template <int Q, class R> void right_column_lanes(int m, const R *acc, const R *vj, const TauLanes<Q, R> &tau, R *c) {
    constexpr int G = group_size, S = Q * G;
    using V = SimdV<R, kLaneBytes<R>>;
    constexpr int W = simd_width<R, kLaneBytes<R>>, P = G / W;
    V fr[P], fi[P];  // t conj(v_j)
    for (int p = 0; p < P; ++p) {
        const V vr = lanes_v<Q>(vj, p, 0), vi = lanes_v<Q>(vj, p, 1);
        fr[p] = Q == 1 ? tau.re[p] * vr : tau.re[p] * vr + tau.im[p] * vi;
        fi[p] = tau.im[p] * vr - tau.re[p] * vi;
    }
    for (int i = 0; i < m; ++i)
        for (int p = 0; p < P; ++p) {
            const R *ap = acc + i * S + p * W;
            tau.subtract(c + i * S + p * W, p, vload<V>(ap), Q == 2 ? vload<V>(ap + G) : V{}, fr[p], fi[p]);
        }
}
template <int Cap, int Q = 1, class R> void apply_right_lanes(int m, int n, const R *v, int incv, const R *t, R *c, int ldc) {
    const TauLanes<Q, R> tau(t);
    alignas(64) R acc[Cap * Q * group_size];
    right_sums_lanes<Q>(m, n, v, incv, c, ldc, acc);
    for (int j = 0; j < n; ++j) right_column_lanes<Q>(m, acc, v + j * incv, tau, c + j * ldc);
}

// apply_left on group_size interleaved matrices (lane l of element (r, c) at c * ldc + r * Q
// group_size + l, v's elements Q group_size apart; Q = 2 for a complex type, its imaginary parts
// group_size after the real ones, as larfg_lanes): C := (I - t v v^H) C lane by lane, a lane with
// t = 0 left exactly as it is (TauLanes). A column's sum = t v^H c, then c -= v sum
// (left_column_lanes), in explicit vectors of W lanes: GCC left the loops over the lanes (of split
// parts, for complex types) partly scalar, at under half the rate.
template <int Q, class R> void left_column_lanes(int m, const R *v, const TauLanes<Q, R> &tau, R *cc) {
    constexpr int G = group_size, S = Q * G;
    using V = SimdV<R, kLaneBytes<R>>;
    constexpr int W = simd_width<R, kLaneBytes<R>>, P = G / W;
    // For a complex type each part's sum in two, of the products with v's real and imaginary
    // parts: one multiply-add a sum and row, and no sum waiting on two in a row.
    V sr[P] = {}, si[P] = {}, sr2[P] = {}, si2[P] = {}, ar[P], ai[P];
    for (int r = 0; r < m; ++r)
        for (int p = 0; p < P; ++p) {
            const R *vp = v + r * S + p * W, *cp = cc + r * S + p * W;
            const V vr = vload<V>(vp), cr = vload<V>(cp);
            if constexpr (Q == 1) {
                sr[p] += vr * cr;
            } else {
                const V vi = vload<V>(vp + G), ci = vload<V>(cp + G);
                sr[p] += vr * cr;
                sr2[p] += vi * ci;
                si[p] += vr * ci;
                si2[p] -= vi * cr;
            }
        }
    for (int p = 0; p < P; ++p) {
        if constexpr (Q == 2) sr[p] += sr2[p], si[p] += si2[p];
        ar[p] = Q == 1 ? sr[p] * tau.re[p] : tau.re[p] * sr[p] - tau.im[p] * si[p];
        ai[p] = tau.re[p] * si[p] + tau.im[p] * sr[p];
    }
    for (int r = 0; r < m; ++r)
        for (int p = 0; p < P; ++p) {
            const R *vp = v + r * S + p * W;
            tau.subtract(cc + r * S + p * W, p, vload<V>(vp), Q == 2 ? vload<V>(vp + G) : V{}, ar[p], ai[p]);
        }
}
template <int Q = 1, class R> void apply_left_lanes(int m, int n, const R *v, const R *t, R *c, int ldc) {
    const TauLanes<Q, R> tau(t);
    for (int j = 0; j < n; ++j) left_column_lanes<Q>(m, v, tau, c + j * ldc);
}

BL_ISA_END
}  // namespace small
}  // namespace cpu
}  // namespace bl
