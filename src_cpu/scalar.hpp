// Scalar arithmetic spelled the same for real and complex types, the complex products written
// out (std::complex's operator* checks for NaNs and calls a library routine): for the tiny-matrix
// kernels (small_detail.hpp) and the tiled ones (tiled.cpp). Included by instruction-set units
// too: BL_ISA_BEGIN puts the templates in the unit's own namespace there (small_detail.hpp says
// why).
#pragma once

#include "isa.hpp"

#include <cmath>
#include <complex>

namespace bl {
namespace cpu {
BL_ISA_BEGIN

// ---- scalar arithmetic, the same spelling for real and complex --------------------------------
template <class R> R cj(R x) { return x; }
template <class R> std::complex<R> cj(std::complex<R> x) { return {x.real(), -x.imag()}; }
template <class R> R re(R x) { return x; }
template <class R> R re(std::complex<R> x) { return x.real(); }
template <class R> R im(R) { return R(0); }
template <class R> R im(std::complex<R> x) { return x.imag(); }
template <class R> R mul(R a, R b) { return a * b; }
template <class R> std::complex<R> mul(std::complex<R> a, std::complex<R> b) {
    return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}
// |x|^2.
template <class R> R abs2(R x) { return x * x; }
template <class R> R abs2(std::complex<R> x) { return x.real() * x.real() + x.imag() * x.imag(); }
// The magnitude i?amax compares: |x|, or |re| + |im| for complex (BLAS's dcabs1).
template <class R> R abs1(R x) { return std::abs(x); }
template <class R> R abs1(std::complex<R> x) { return std::abs(x.real()) + std::abs(x.imag()); }

BL_ISA_END
}  // namespace cpu
}  // namespace bl
