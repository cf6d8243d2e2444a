// The LU family's register kernels, compiled in build units of their own (lu_registers.cu,
// lu_rows*.cu: fully unrolled, they are most of the family's compile time), for lu.cu's drivers.
#pragma once

#include "blocked.cuh"

namespace bl {
namespace cuda {

// getrf of matrices up to 32 x 32 (complex: 16 x 16; getrf_registers, lu_registers.cu), a group of
// 8, 16 or 32 lanes per matrix chosen by the chunk's largest order `largest`.
template <class T> struct GetrfRegisters {
    Sizes m, n;
    View<T> A;
    View<int> ipiv;
    int *info;
    int64_t count;
    int *failed;  // set to 1 with an info that is not 0 (Chunk::failure_flag; null: not asked for)
};
template <int NB, class T>
void launch_getrf_registers_variant(const GetrfRegisters<T> &g, unsigned blocks, cudaStream_t stream);

// getrf of a whole matrix up to 64 x 64 (s, d, c; complex ones of 17..32 too; lu_rows_whole.cu:
// `rows` is the chunk's largest order; without pivots also the trailing matrix from column j of
// the blocked algorithm, `rows` the largest order less j), or of a panel of the blocked algorithm,
// rows j.. of its kPanel columns (lu_rows.cu: `rows` is the largest panel height), a thread a row
// (getrf_rows, lu_rows.cuh).
template <class T> struct GetrfRows {
    Step s;      // the panel's first column j and width (whole: width 64)
    bool whole;  // columns j .. n - 1 (at j = 0 info written); else the panel's jb (info added to)
    View<T> A;
    View<int> ipiv;
    int *info;
    int *failed = nullptr;  // whole matrices: as GetrfRegisters::failed
};
// Panels of up to this many rows take getrf_rows (complex double: 8 warps, its row of 32 takes
// 128 registers and 16 warps would leave 128 a thread); taller ones getf2 in shared memory.
template <class T> constexpr int rows_panel_max() { return sizeof(T) > 8 ? 256 : 512; }
// The blocked LU's outer blocks (launch_getrf): columns a block, a multiple of kPanel; kPanel is
// the right-looking algorithm with one update a panel. Measured on an H100 (src_cuda/PERFORMANCE.md):
// at n = 512, 128 columns beat 32 / 64 / 256 (double +9 %, complex double +10 %); at n = 128 and
// 256 no width beat 32, and 64 lost 5 % at 128.
constexpr int lu_outer(int maxn) { return maxn >= 512 ? kLuOuter : kPanel; }
template <class T> void launch_getrf_rows_whole(const GetrfRows<T> &g, int rows, int64_t count, cudaStream_t stream);
template <class T> void launch_getrf_rows_panel(const GetrfRows<T> &g, int rows, int64_t count, cudaStream_t stream);

}  // namespace cuda
}  // namespace bl
