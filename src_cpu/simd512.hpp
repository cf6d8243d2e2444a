// 64-byte vectors of float and double (GCC's vector extensions) and their loads and stores, for the
// kernels compiled for x86-64-v4 whatever the rest of the library targets (tiled.cpp, bidiag.cpp).
// Include it after their `#pragma GCC target("arch=x86-64-v4")`, so that these functions are
// compiled for that target too.
#pragma once

#include <cstring>

namespace bl {
namespace cpu {
namespace simd512 {

#define BL_SIMD512_INLINE __attribute__((always_inline)) inline

template <class T> struct Simd;
template <> struct Simd<float> { typedef float V __attribute__((vector_size(64))); };
template <> struct Simd<double> { typedef double V __attribute__((vector_size(64))); };
template <class T> using Vec = typename Simd<T>::V;
template <class T> constexpr int kLanes = int(64 / sizeof(T));

template <class T> BL_SIMD512_INLINE Vec<T> load(const T *p) {
    Vec<T> v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
template <class T> BL_SIMD512_INLINE void store(T *p, Vec<T> v) { std::memcpy(p, &v, sizeof v); }
// x in every lane. Written as x - 0, which GCC folds to a plain broadcast (a load's embedded
// broadcast in an FMA); 0 + x it may not fold (0 + -0 is +0), so each splat would cost a scalar
// add and a register broadcast, both on the ports the FMAs need.
template <class T> BL_SIMD512_INLINE Vec<T> splat(T x) { return x - Vec<T>{}; }

}  // namespace simd512
}  // namespace cpu
}  // namespace bl
