// LAPACK's larfg (dlarfg / zlarfg) as the library's own Householder kernels compute it: the
// scalar steps that turn alpha and the sum of squares of x into beta, tau and the factor x is
// scaled by; and larf 'Left' on columns (apply_left), which the one-matrix kernels and gels's
// solve (qr.cpp) apply their reflectors with. The one-matrix QR and bidiagonal kernels
// (small_qr.cpp) sum x by scalars, the blocked QR's panel (tiled.cpp) in vectors; both take these
// steps from here, so that they make the same decisions. Included by instruction-set units too:
// BL_ISA_BEGIN puts the template in the unit's own namespace there (small_detail.hpp says why).
#pragma once

#include "args.hpp"
#include "isa.hpp"
#include "scalar.hpp"

#include <cmath>
#include <complex>
#include <limits>

namespace bl {
namespace cpu {
BL_ISA_BEGIN

// H^H (alpha; x) = (beta; 0) with H = I - tau (1; v)(1; v)^H, beta real, beta = -sign(Re alpha) *
// norm, tau = (beta - alpha) / beta, v = x / (alpha - beta), for x of n - 1 elements whose sum of
// |x_i|^2 is ssq: sets tau, alpha = beta and `scale` = 1 / (alpha - beta), the factor the caller
// multiplies x by; where tau is 0 (x = 0 and alpha real; the real routine's n = 1) x and alpha
// stay as they are and scale is not set. nonzero() says whether an element of x is not 0; it is
// asked only where ssq is 0. The real routine returns tau = 0 for n = 1, the complex one still
// makes a complex alpha real.
// Returns false, changing nothing, where LAPACK is careful in ways this is not: a sum of squares
// outside the range where squaring loses nothing (LAPACK rescales tiny norms), a NaN or an Inf.
template <class T, class Nonzero> bool larfg_factors(int n, T &alpha, Real<T> ssq, Nonzero nonzero, T &tau, T &scale) {
    using R = Real<T>;
    if (n <= 0 || (!is_complex<T> && n == 1)) {
        tau = T(0);
        return true;
    }
    constexpr R lo = std::numeric_limits<R>::min() / std::numeric_limits<R>::epsilon();
    constexpr R hi = std::numeric_limits<R>::max() * std::numeric_limits<R>::epsilon();
    if (ssq == R(0)) {
        if (nonzero()) return false;  // squares that underflowed
    } else if (!(ssq >= lo && ssq <= hi)) {
        return false;
    }
    R ar, ai;
    if constexpr (is_complex<T>) ar = alpha.real(), ai = alpha.imag();
    else ar = alpha, ai = R(0);
    if (ssq == R(0) && ai == R(0)) {
        tau = T(0);
        return true;
    }
    const R total = ar * ar + ai * ai + ssq;
    if (!(total >= lo && total <= hi)) return false;
    const R beta = -std::copysign(std::sqrt(total), ar);
    if constexpr (is_complex<T>) {
        tau = T((beta - ar) / beta, -ai / beta);
        scale = T(1) / (alpha - beta);
    } else {
        tau = (beta - ar) / beta;
        scale = T(1) / (ar - beta);
    }
    alpha = beta;
    return true;
}

// dlarf 'Left': C := (I - t v v^H) C for the m x n matrix C, v contiguous with v[0] = 1 stored.
// Four columns at a time: without reassociation the compiler keeps each dot product a serial
// chain of dependent adds, and four independent chains hide the adder's latency (a vector's width
// of partial sums per column on top was slower).
template <class T, class Ld> void apply_left(int m, int n, const T *v, T t, T *c, Ld ldc) {
    if (t == T(0)) return;
    int j = 0;
    for (; j + 4 <= n; j += 4) {
        T *c0 = c + j * ldc, *c1 = c0 + ldc, *c2 = c1 + ldc, *c3 = c2 + ldc;
        T s0 = T(0), s1 = T(0), s2 = T(0), s3 = T(0);
        for (int i = 0; i < m; ++i) {
            const T vi = cj(v[i]);
            s0 += mul(vi, c0[i]), s1 += mul(vi, c1[i]), s2 += mul(vi, c2[i]), s3 += mul(vi, c3[i]);
        }
        s0 = mul(t, s0), s1 = mul(t, s1), s2 = mul(t, s2), s3 = mul(t, s3);
        for (int i = 0; i < m; ++i) {
            const T vi = v[i];
            c0[i] -= mul(vi, s0), c1[i] -= mul(vi, s1), c2[i] -= mul(vi, s2), c3[i] -= mul(vi, s3);
        }
    }
    for (; j < n; ++j) {
        T *cc = c + j * ldc;
        T s = T(0);
        for (int i = 0; i < m; ++i) s += mul(cj(v[i]), cc[i]);
        s = mul(t, s);
        for (int i = 0; i < m; ++i) cc[i] -= mul(v[i], s);
    }
}

BL_ISA_END
}  // namespace cpu
}  // namespace bl
