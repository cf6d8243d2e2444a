// What the kernels see: matrix i of an argument and its sizes (the same for the three layouts),
// and the thread team that works on one matrix with its reductions. The scalar types, their
// arithmetic and the warp's operations are primitives.cuh's.
#pragma once

#include "primitives.cuh"

#include <cstdint>

namespace bl {
namespace cuda {

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
    // No array (getrf_np's and getrs_np's pivots): at(i) is null.
    __host__ __device__ bool empty() const { return !base && !ptrs; }
};
// The read-only form of a view.
template <class T> View<const T> readonly(const View<T> &v) { return {v.base, v.stride, v.ptrs, v.ld, v.lds}; }

// An integer argument on the device: one value, or a device copy of the per-matrix values.
struct Sizes {
    int value = 0;
    const int *per = nullptr;
    __device__ int operator[](int64_t i) const { return per ? per[i] : value; }
};

// ---- the team of threads working on one matrix ---------------------------------------------
// A warp (matrices up to 32 rows: several matrices per block, no block-wide barriers) or a whole
// block. `rank`/`size` number the team's threads, `sync` is its barrier.
struct WarpTeam {
    __device__ int rank() const { return lane_id(); }
    __host__ __device__ static constexpr int size() { return kWarpSize; }
    __device__ int index() const { return warp_id(); }  // the team's number in its block
    __device__ void sync() const { warp_sync(); }
};
struct BlockTeam {
    __device__ int rank() const { return threadIdx.x; }
    __device__ int size() const { return blockDim.x; }
    __device__ int index() const { return 0; }
    __device__ void sync() const { __syncthreads(); }
};

// The team's (largest value, lowest index) pair, LAPACK's i?amax tie rule: every thread passes
// its candidate and gets the winner. `scratch` holds 2 * 32 words of shared memory (block teams).
template <class R> __device__ int argmax(const WarpTeam &, R v, int k, void *) {
    lanes_argmax(v, k);
    return k;
}
template <class R> __device__ int argmax(const BlockTeam &t, R v, int k, void *scratch) {
    lanes_argmax(v, k);
    R *vs = static_cast<R *>(scratch);
    int *ks = reinterpret_cast<int *>(vs + 32);
    const int warps = (t.size() + 31) / 32;
    if ((t.rank() & 31) == 0) vs[t.rank() >> 5] = v, ks[t.rank() >> 5] = k;
    t.sync();
    if (t.rank() < 32) {
        v = t.rank() < warps ? vs[t.rank()] : R(-1);
        k = t.rank() < warps ? ks[t.rank()] : 0x7fffffff;
        lanes_argmax(v, k);
        if (t.rank() == 0) ks[0] = k;
    }
    t.sync();
    k = ks[0];
    t.sync();  // scratch is reused by the next call
    return k;
}

// The team's sum of one value per thread (block teams: `scratch` as for argmax).
template <class T> __device__ T sum(const WarpTeam &, T v, void *) { return warp_sum(v); }
template <class T> __device__ T sum(const BlockTeam &t, T v, void *scratch) {
    v = warp_sum(v);
    T *s = static_cast<T *>(scratch);
    if ((t.rank() & 31) == 0) s[t.rank() >> 5] = v;
    t.sync();
    if (t.rank() < 32) {
        v = t.rank() < (t.size() + 31) / 32 ? s[t.rank()] : T(0);
        v = warp_sum(v);
        if (t.rank() == 0) s[0] = v;
    }
    t.sync();
    v = s[0];
    t.sync();
    return v;
}

}  // namespace cuda
}  // namespace bl
