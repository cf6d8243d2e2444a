// The project's thin vector layer (docs/decisions.md, "Portable SIMD"): vectors of float and
// double of a width fixed at compile time (GCC's vector extensions, which GCC and Clang lower to
// AVX-512, AVX2 or NEON alike), their loads, stores and broadcasts. The kernels that use it keep
// arrays of vectors as register tiles, sized by the lane count, so the width is a constant of
// their build unit: BL_SIMD_WIDTH(bytes), expanded inside the namespace of a unit's instruction
// set (or, for the kernels compiled for x86-64-v4 by a `#pragma GCC target`, after it), declares
// Vec<T>, kLanes<T>, load, store and splat there.
//
// Vectors of std::complex<R> hold their elements as std::complex stores them, real and imaginary
// parts interleaved in one vector of R (half as many elements as R's vector has lanes), so that
// they load and store straight from the matrices; their sums are R's, their products complex ones
// (each operand's parts exchanged or duplicated across a pair of lanes). The tiled kernels' hot
// loop does not use these products (tiled.cpp, kernel): they are for the steps around it.
#pragma once

#include "args.hpp"

#include <complex>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

namespace bl {
namespace cpu {
namespace simd {

template <class T, int Bytes> struct Simd { typedef T V __attribute__((vector_size(Bytes))); };

// Interleaved complex vectors over Simd<R, Bytes>: `v` holds re, im, re, im, ...
template <class R, int Bytes> struct Simd<std::complex<R>, Bytes> {
    typedef typename Simd<R, Bytes>::V Real;
    typedef std::conditional_t<sizeof(R) == 8, int64_t, int32_t> Lane;
    typedef Lane Mask __attribute__((vector_size(Bytes)));
    static constexpr int kReal = int(Bytes / sizeof(R));
    // Each element's parts exchanged (im, re); its real part in both lanes; its imaginary part in
    // both.
    template <size_t... I> static Real swap(Real a, std::index_sequence<I...>) {
        return __builtin_shuffle(a, Mask{Lane(I ^ 1)...});
    }
    template <size_t... I> static Real reals(Real a, std::index_sequence<I...>) {
        return __builtin_shuffle(a, Mask{Lane(I & ~size_t(1))...});
    }
    template <size_t... I> static Real imags(Real a, std::index_sequence<I...>) {
        return __builtin_shuffle(a, Mask{Lane(I | 1)...});
    }
    static Real swap(Real a) { return swap(a, std::make_index_sequence<kReal>()); }
    static Real reals(Real a) { return reals(a, std::make_index_sequence<kReal>()); }
    static Real imags(Real a) { return imags(a, std::make_index_sequence<kReal>()); }
    // -1 in the real parts' lanes, +1 in the imaginary parts': (a re, a im) (b re, b im) is
    // a b_re + (-a_im, a_re) b_im.
    static Real sign() {
        Real s;
        for (int i = 0; i < kReal; ++i) s[i] = i % 2 ? R(1) : R(-1);
        return s;
    }
    struct V {
        Real v;
        friend V operator+(V a, V b) { return V{a.v + b.v}; }
        friend V operator-(V a, V b) { return V{a.v - b.v}; }
        friend V operator*(V a, V b) { return V{a.v * reals(b.v) + swap(a.v) * sign() * imags(b.v)}; }
        V &operator-=(V b) { return *this = *this - b; }
    };
    static V broadcast(std::complex<R> x) {
        Real s;
        for (int i = 0; i < kReal; ++i) s[i] = i % 2 ? x.imag() : x.real();
        return V{s};
    }
};

}  // namespace simd
}  // namespace cpu
}  // namespace bl

#define BL_SIMD_INLINE __attribute__((always_inline)) inline

// splat(x) is written as x - 0, which GCC folds to a plain broadcast (on AVX-512 a load's embedded
// broadcast in an FMA); 0 + x it may not fold (0 + -0 is +0), so each splat would cost a scalar
// add and a register broadcast, both on the ports the FMAs need.
#define BL_SIMD_WIDTH(bytes)                                                                      \
    template <class T> using Vec = typename ::bl::cpu::simd::Simd<T, (bytes)>::V;                 \
    template <class T> constexpr int kLanes = int((bytes) / sizeof(T));                           \
    template <class T> BL_SIMD_INLINE Vec<T> load(const T *p) {                                   \
        Vec<T> v;                                                                                 \
        std::memcpy(&v, p, sizeof v);                                                             \
        return v;                                                                                 \
    }                                                                                             \
    template <class T> BL_SIMD_INLINE void store(T *p, Vec<T> v) {                                \
        std::memcpy(static_cast<void *>(p), &v, sizeof v);                                        \
    }                                                                                             \
    template <class T> BL_SIMD_INLINE Vec<T> splat(T x) {                                         \
        if constexpr (::bl::is_complex<T>)                                                        \
            return ::bl::cpu::simd::Simd<T, (bytes)>::broadcast(x);                               \
        else                                                                                      \
            return x - Vec<T>{};                                                                  \
    }
