// What the kernels see: matrix i of an argument and its sizes (the same for the three layouts),
// scalar arithmetic over the four precisions, and the thread team that works on one matrix.
#pragma once

#include <cuda/std/complex>

#include <complex>
#include <cstdint>

namespace bl {
namespace cuda {

// The device scalar type of a host scalar type: std::complex has cuda::std::complex's layout.
template <class T> struct dev_type { using type = T; };
template <class R> struct dev_type<std::complex<R>> { using type = ::cuda::std::complex<R>; };
template <class T> struct dev_type<const T> { using type = const typename dev_type<T>::type; };
template <class T> using Dev = typename dev_type<T>::type;

// Matrix i of an array argument on the device: base + i*stride, or ptrs[i] (a device copy of the
// caller's pointers); its leading dimension (or increment) ld, or lds[i] for variable sizes.
template <class T> struct View {
    T *base = nullptr;
    int64_t stride = 0;
    T *const *ptrs = nullptr;
    int ld = 0;
    const int *lds = nullptr;
    __device__ T *at(int64_t i) const { return ptrs ? ptrs[i] : base + i * stride; }
    __device__ int ldi(int64_t i) const { return lds ? lds[i] : ld; }
};

// An integer argument on the device: one value, or a device copy of the per-matrix values.
struct Sizes {
    int value = 0;
    const int *per = nullptr;
    __device__ int operator[](int64_t i) const { return per ? per[i] : value; }
};

// ---- scalars -------------------------------------------------------------------------------
template <class T> struct real_of { using type = T; };
template <class R> struct real_of<::cuda::std::complex<R>> { using type = R; };
template <class T> using RealOf = typename real_of<T>::type;

template <class T> __device__ __forceinline__ T conj_(T x) { return x; }
template <class R> __device__ __forceinline__ ::cuda::std::complex<R> conj_(::cuda::std::complex<R> x) {
    return ::cuda::std::conj(x);
}
template <class T> __device__ __forceinline__ T conj_if(bool c, T x) { return c ? conj_(x) : x; }
template <class T> __device__ __forceinline__ T real_(T x) { return x; }
template <class R> __device__ __forceinline__ R real_(::cuda::std::complex<R> x) { return x.real(); }
// |re| + |im|: the magnitude LAPACK's i?amax pivots on.
template <class T> __device__ __forceinline__ T abs1(T x) { return x < 0 ? -x : x; }
template <class R> __device__ __forceinline__ R abs1(::cuda::std::complex<R> x) {
    return fabs(x.real()) + fabs(x.imag());
}
template <class T> __device__ __forceinline__ bool is_zero(T x) { return x == T(0); }
// acc - x conj(y) in plain arithmetic (fused multiply-adds): cuda::std::complex's product tests
// its result for NaN and recovers infinities (C99 Annex G), a branch per product in an inner loop.
template <class T> __device__ __forceinline__ T sub_mul_conj(T acc, T x, T y) { return acc - x * y; }
template <class R>
__device__ __forceinline__ ::cuda::std::complex<R> sub_mul_conj(::cuda::std::complex<R> acc, ::cuda::std::complex<R> x,
                                                               ::cuda::std::complex<R> y) {
    return {acc.real() - x.real() * y.real() - x.imag() * y.imag(),
            acc.imag() - x.imag() * y.real() + x.real() * y.imag()};
}

// ---- the team of threads working on one matrix ---------------------------------------------
// A warp (matrices up to 32 rows: several matrices per block, no block-wide barriers) or a whole
// block. `rank`/`size` number the team's threads, `sync` is its barrier.
struct WarpTeam {
    __device__ int rank() const { return threadIdx.x & 31; }
    __host__ __device__ static constexpr int size() { return 32; }
    __device__ int index() const { return threadIdx.x >> 5; }  // the team's number in its block
    __device__ void sync() const { __syncwarp(); }
};
struct BlockTeam {
    __device__ int rank() const { return threadIdx.x; }
    __device__ int size() const { return blockDim.x; }
    __device__ int index() const { return 0; }
    __device__ void sync() const { __syncthreads(); }
};

// The team's (largest value, lowest index) pair, LAPACK's i?amax tie rule: every thread passes
// its candidate and gets the winner. `scratch` holds 2 * 32 words of shared memory (block teams).
template <class R>
__device__ __forceinline__ void better(R &v, int &k, R v2, int k2) {
    if (v2 > v || (v2 == v && k2 < k)) { v = v2; k = k2; }
}
template <class R> __device__ int argmax(const WarpTeam &, R v, int k, void *) {
    for (int o = 16; o > 0; o >>= 1) better(v, k, __shfl_xor_sync(0xffffffffu, v, o), __shfl_xor_sync(0xffffffffu, k, o));
    return k;
}
template <class R> __device__ int argmax(const BlockTeam &t, R v, int k, void *scratch) {
    for (int o = 16; o > 0; o >>= 1) better(v, k, __shfl_xor_sync(0xffffffffu, v, o), __shfl_xor_sync(0xffffffffu, k, o));
    R *vs = static_cast<R *>(scratch);
    int *ks = reinterpret_cast<int *>(vs + 32);
    const int warps = (t.size() + 31) / 32;
    if ((t.rank() & 31) == 0) vs[t.rank() >> 5] = v, ks[t.rank() >> 5] = k;
    t.sync();
    if (t.rank() < 32) {
        v = t.rank() < warps ? vs[t.rank()] : R(-1);
        k = t.rank() < warps ? ks[t.rank()] : 0x7fffffff;
        for (int o = 16; o > 0; o >>= 1)
            better(v, k, __shfl_xor_sync(0xffffffffu, v, o), __shfl_xor_sync(0xffffffffu, k, o));
        if (t.rank() == 0) ks[0] = k;
    }
    t.sync();
    k = ks[0];
    t.sync();  // scratch is reused by the next call
    return k;
}

// Lane `src` of the calling thread's group of `width` lanes (the whole warp takes part).
template <class T> __device__ __forceinline__ T shfl(T v, int src, int width) {
    return __shfl_sync(0xffffffffu, v, src, width);
}
template <class R> __device__ __forceinline__ ::cuda::std::complex<R> shfl(::cuda::std::complex<R> v, int src, int width) {
    return {__shfl_sync(0xffffffffu, v.real(), src, width), __shfl_sync(0xffffffffu, v.imag(), src, width)};
}

// The team's sum of one value per thread (block teams: `scratch` as for argmax).
template <class T> __device__ T shfl_xor(T v, int o) { return __shfl_xor_sync(0xffffffffu, v, o); }
template <class R> __device__ ::cuda::std::complex<R> shfl_xor(::cuda::std::complex<R> v, int o) {
    return {__shfl_xor_sync(0xffffffffu, v.real(), o), __shfl_xor_sync(0xffffffffu, v.imag(), o)};
}
template <class T> __device__ T sum(const WarpTeam &, T v, void *) {
    for (int o = 16; o > 0; o >>= 1) v += shfl_xor(v, o);
    return v;
}
template <class T> __device__ T sum(const BlockTeam &t, T v, void *scratch) {
    for (int o = 16; o > 0; o >>= 1) v += shfl_xor(v, o);
    T *s = static_cast<T *>(scratch);
    if ((t.rank() & 31) == 0) s[t.rank() >> 5] = v;
    t.sync();
    if (t.rank() < 32) {
        v = t.rank() < (t.size() + 31) / 32 ? s[t.rank()] : T(0);
        for (int o = 16; o > 0; o >>= 1) v += shfl_xor(v, o);
        if (t.rank() == 0) s[0] = v;
    }
    t.sync();
    v = s[0];
    t.sync();
    return v;
}

}  // namespace cuda
}  // namespace bl
