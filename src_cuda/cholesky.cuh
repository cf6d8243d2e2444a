// The Cholesky family's register kernel, compiled in a build unit of its own
// (cholesky_registers.cu: fully unrolled), for cholesky.cu's drivers.
#pragma once

#include "kernels.cuh"

namespace bl {
namespace cuda {

// potrf of matrices up to 32 x 32 (potrf_registers, cholesky_registers.cu), a group of 8, 16 or
// 32 lanes per matrix chosen by `largest`; or, with `blocked`, the 32 x 32 diagonal block at
// (j0, j0) of the blocked algorithm.
template <class T> struct PotrfRegisters {
    bool upper;
    Sizes n;
    View<T> A;
    int *info;
    int64_t count;
    int j0;
    bool blocked;
    int *failed = nullptr;  // whole matrices: as GetrfRegisters::failed (lu.cuh)
};
template <int NB, class T>
void launch_potrf_registers_variant(const PotrfRegisters<T> &g, unsigned blocks, cudaStream_t stream);
template <class T> void launch_potrf_registers(const PotrfRegisters<T> &g, int largest, cudaStream_t stream) {
    launch_register_groups(largest, g.count, [&](auto nb, unsigned blocks) {
        launch_potrf_registers_variant<decltype(nb)::value>(g, blocks, stream);
    });
}

}  // namespace cuda
}  // namespace bl
