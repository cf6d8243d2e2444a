// Elementary reflectors as LAPACK's ?larfg makes them, for the QR and bidiagonal kernels, with the
// norms they start from formed safely at any scale.
#pragma once

#include "device.cuh"

namespace bl {
namespace cuda {

// H = I - tau v v^H with H^H (alpha; x) = (beta; 0), beta real, v = (1; scale * x), from alpha and
// ||x||. tau = 0 (H = I, `identity`, alpha left as it is) when x = 0 and alpha is real, as LAPACK.
// beta is formed as ?lapy3 forms it, so that no square over- or underflows. (LAPACK's further
// rescaling when |beta| is below the safe minimum, for vectors of subnormal numbers, is left out.)
template <class T> struct Reflector {
    T tau, scale;
    RealOf<T> beta;
    bool identity;
};
template <class T> __device__ Reflector<T> larfg(T alpha, RealOf<T> xnorm) {
    using R = RealOf<T>;
    const R ar = real_(alpha), ai = imag_(alpha);
    if (xnorm == R(0) && ai == R(0)) return {T(0), T(1), ar, true};
    const R big = max(max(fabs(ar), fabs(ai)), xnorm), r = ar / big, i = ai / big, x = xnorm / big;
    const R beta = -copysign(big * sqrt(r * r + i * i + x * x), ar);
    return {make_scalar<T>((beta - ar) / beta, -ai / beta), T(1) / (alpha - T(beta)), beta, false};
}

// ||x|| from the plain sum of the squares of its elements is exact unless that sum lost them to
// underflow or overflowed (LAPACK's ?nrm2 is exact at any scale); then the norm is formed again
// from the elements scaled by norm_rescale(ssq), a power of two. A zero vector takes that path too
// (its sum is below any threshold), so the callers test for an empty one first.
template <class R> __device__ bool ssq_unsafe(R ssq) {
    return !(ssq >= Limits<R>::min() / Limits<R>::epsilon() && ssq <= Limits<R>::max());
}
template <class R> __device__ R norm_rescale(R ssq) {
    return ldexp(R(1), (ssq > Limits<R>::max() ? -5 : 5) * Limits<R>::max_exponent / 8);
}

// The same reflector from alpha and the plain sum of the squares of x, `ssq`: where both ssq and
// |alpha|^2 + ssq are safe, beta = -sign(alpha) sqrt(|alpha|^2 + ssq) straight from the sum, one
// square root and no scaling; else (a zero x among them: its sum is unsafe) larfg from ||x|| =
// norm(), which the caller forms exactly at any scale. (The qr_columns kernel's steps wait on
// this chain.)
template <class T, class Norm> __device__ Reflector<T> larfg_ssq(T alpha, RealOf<T> ssq, Norm &&norm) {
    using R = RealOf<T>;
    const R ar = real_(alpha), ai = imag_(alpha), all = abs2(alpha) + ssq;
    if (ssq_unsafe(ssq) || ssq_unsafe(all)) return larfg(alpha, norm());
    const R beta = -copysign(sqrt(all), ar);
    return {make_scalar<T>((beta - ar) / beta, -ai / beta), T(1) / (alpha - T(beta)), beta, false};
}

// ||x|| for the `count` elements get(k) of a team from the team's plain sum of their squares,
// `ssq` (the same in every thread). Only an unsafe sum reads the elements again, and then every
// thread takes the same branch. `scratch` as for sum(); it may be where ssq was read from.
template <class Team, class R, class Get>
__device__ R norm_of(const Team &t, R ssq, int count, Get get, void *scratch) {
    if (count <= 0) return R(0);
    if (!ssq_unsafe(ssq)) return sqrt(ssq);
    t.sync();  // every thread has read ssq before sum() reuses the scratch
    const R s = norm_rescale(ssq);
    R part = R(0);
    for (int k = t.rank(); k < count; k += t.size()) part += abs2(get(k) * s);
    return sqrt(sum(t, part, scratch)) / s;
}

}  // namespace cuda
}  // namespace bl
