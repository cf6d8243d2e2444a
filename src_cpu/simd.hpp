// The project's thin vector layer (docs/decisions.md, "Portable SIMD"): vectors of float and
// double of a width fixed at compile time (GCC's vector extensions, which GCC and Clang lower to
// AVX-512, AVX2 or NEON alike), their loads, stores and broadcasts. The kernels that use it keep
// arrays of vectors as register tiles, sized by the lane count, so the width is a constant of
// their build unit: BL_SIMD_WIDTH(bytes), expanded inside the namespace of a unit's instruction
// set (or, for the kernels compiled for x86-64-v4 by a `#pragma GCC target`, after it), declares
// Vec<T>, kLanes<T>, load, store and splat there.
#pragma once

#include <cstring>

namespace bl {
namespace cpu {
namespace simd {

template <class T, int Bytes> struct Simd { typedef T V __attribute__((vector_size(Bytes))); };

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
    template <class T> BL_SIMD_INLINE void store(T *p, Vec<T> v) { std::memcpy(p, &v, sizeof v); } \
    template <class T> BL_SIMD_INLINE Vec<T> splat(T x) { return x - Vec<T>{}; }
