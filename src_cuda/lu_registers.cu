// CUDA backend: LU in registers (getrf_registers, declared in lu.cuh) in groups of 8, 16
// and 32 lanes, fully unrolled: a build unit of its own.
#include "lu.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {

// LU of matrices up to NB x NB (NB = 8, 16, 32) in registers: a group of NB lanes per matrix,
// 32 / NB matrices per warp, each lane holding one row. Rows are not moved while the matrix is
// factored: each lane tracks its row's position in LAPACK's sequence of interchanges (rows at
// positions < j are U's finished rows), the pivot row is found by a reduction over (|value|,
// position) and reaches the other lanes through shared memory, and every row is
// stored once, at its final position. Every lane runs every step (the reductions and the barrier
// need the whole warp); steps past a matrix's min(m, n) change nothing. Without pivots (getrf_np:
// g.ipiv empty) the pivot row is row j and no row moves; a zero pivot leaves its column unscaled
// and the update goes on with it, as LAPACK's getf2 steps do (with pivoting a zero pivot means a
// zero column: no update).
//
// Why shared memory and not shuffles for the pivot row: a shuffle moves 4 bytes a lane, so each
// step's row cost two shuffles an entry (four in complex double), and at n = 32 those ~1,000
// shuffles a matrix took as long as the matrix's trip through memory. The pivot's lane writes
// its row in 16-byte pieces and every lane reads them back as broadcasts: a quarter of the
// instructions. Two buffers alternate by step, so one warp barrier a step orders both the
// writes before the reads and the reads before the next write to the same buffer.
//
// Blocks an SM must hold (launch bounds) where ptxas, left free, took a few registers more than
// a whole block's worth (8-byte types: 148 registers for 128 at 32 lanes, 78 for 64 at 16 lanes
// without pivots), which cost a block of occupancy and up to a fifth of the speed; with pivots
// at 16 lanes 64 registers would spill. Single precision at 32 lanes: 5 blocks (92 registers, no
// spill), where ptxas took 118 once the kernel raised the failure flag (96 before): a block less.
template <int NB, bool Pivot, class T>
constexpr int getrf_registers_blocks = sizeof(T) == 4 && NB == 32 ? 5
                                       : sizeof(T) != 8           ? 1
                                       : NB == 32                 ? 4
                                       : NB == 16 && !Pivot       ? 8
                                                                  : 1;
template <int NB, bool Pivot, class T>
__global__ void __launch_bounds__(128, (getrf_registers_blocks<NB, Pivot, T>)) getrf_registers(GetrfRegisters<T> g) {
    using R = RealOf<T>;
    constexpr int E = kPieceEntries<T>;
    using Piece = cuda::Piece<T>;
    __shared__ Piece rows_shared[2][128 / E];
    const int lane = threadIdx.x & (NB - 1), group = lane_id() & ~(NB - 1);
    const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / NB;
    const bool live = i < g.count;
    const int M = live ? g.m[i] : 0, N = live ? g.n[i] : 0, k = min(M, N);
    T *a = live ? g.A.at(i) : nullptr;
    const int lda = live ? g.A.ldi(i) : 0;
    T row[NB];
#pragma unroll
    for (int c = 0; c < NB; ++c) row[c] = lane < M && c < N ? a[lane + int64_t(c) * lda] : T(0);
    constexpr bool pivoting = Pivot;  // a compile-time choice: as a run-time one it cost getrf registers
    int pos = lane, info = 0, my_pivot = 0;
#pragma unroll
    for (int j = 0; j < NB; ++j) {
        const bool step = j < k, in_play = step && pos >= j && lane < M;
        int p = j;
        if constexpr (pivoting && NB == 32) {
            p = warp_amax_position(abs1(row[j]), in_play, pos);
        } else if constexpr (pivoting) {
            // (redux.sync over part of the warp, a group of 8 or 16 lanes, measured slower than the
            // butterfly: getrf at 16 lost a fifth)
            R v = R(-1);  // NaN ranks below every number, above rows not in play
            if (in_play) {
                const R x = abs1(row[j]);
                v = x == x ? x : R(-0.5);
            }
            p = pos;
            lanes_argmax<NB, NB>(v, p);
        }
        const bool pivot_row = in_play && pos == p;
        const unsigned rows = ballot(pivot_row) >> group;
        const int src = first_set(NB == 32 ? rows : rows & ((1u << NB) - 1)) - 1;  // -1: no step here
        if (lane == j) my_pivot = p + 1;
        Piece *shared = rows_shared[j & 1] + (threadIdx.x & ~(NB - 1)) / E;
        if (pivot_row) {
#pragma unroll
            for (int q = j / E; q < NB / E; ++q) {
                Piece w;
#pragma unroll
                for (int e = 0; e < E; ++e) w.v[e] = row[q * E + e];
                shared[q] = w;
            }
        }
        warp_sync();
        if (src < 0) continue;  // (the group's lanes alike)
        const T pivot = shared[j / E].v[j % E];
        const bool zero = is_zero(pivot);
        if (zero && info == 0) info = j + 1;
        if (in_play) pos = pivot_row ? j : pos == j ? p : pos;  // rows j and p trade places
        const bool mine = in_play && !pivot_row && (!zero || !pivoting);
        // The update of the rows that take it. At 32 lanes as one branch around the whole update
        // (take, then true): written entry by entry (mine ? acc - l u : acc), the compiler computed
        // every entry in every lane and chose by two 32-bit selects an entry, a quarter of the
        // kernel's instructions (on an H200 getrf and getrf_np at 32 ran 1.18x faster as the
        // branch). At 8 and 16 lanes the branch measured the same or slower (and took 98
        // registers instead of 84 with pivots).
        const bool take = NB == 32 || mine;
        if (NB != 32 || mine) {
            const T l = !take ? T(0) : zero ? row[j] : row[j] * (T(1) / pivot);
            if (take) row[j] = l;
#pragma unroll
            for (int q = (j + 1) / E; q < NB / E; ++q) {  // a piece at a time: fewer registers live
                const Piece u = shared[q];
#pragma unroll
                for (int e = 0; e < E; ++e)
                    if (q * E + e > j && take) row[q * E + e] -= l * u.v[e];
            }
        }
    }
    if (!live) return;
#pragma unroll
    for (int c = 0; c < NB; ++c)
        if (lane < M && c < N) a[pos + int64_t(c) * lda] = row[c];
    if (pivoting && lane < k) g.ipiv.at(i)[lane] = my_pivot;
    if (lane == 0) {
        g.info[i] = info;
        if (info != 0 && g.failed) *g.failed = 1;
    }
}

// (Complex matrices of 17..32 go to getrf_rows (lu.cu): no 32-lane complex kernel is compiled.)
template <int NB, class T>
void launch_getrf_registers_variant(const GetrfRegisters<T> &g, unsigned blocks, cudaStream_t stream) {
    if constexpr (!(kComplex<T> && NB == 32)) {
        if (g.ipiv.empty()) getrf_registers<NB, false><<<blocks, 128, 0, stream>>>(g);
        else getrf_registers<NB, true><<<blocks, 128, 0, stream>>>(g);
        check_launch("getrf_registers");
    }
}

#define BL_INSTANTIATE(p, T) \
    template void launch_getrf_registers_variant<8>(const GetrfRegisters<Dev<T>> &, unsigned, cudaStream_t); \
    template void launch_getrf_registers_variant<16>(const GetrfRegisters<Dev<T>> &, unsigned, cudaStream_t); \
    template void launch_getrf_registers_variant<32>(const GetrfRegisters<Dev<T>> &, unsigned, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
