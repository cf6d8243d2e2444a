// getrf_rows, the LU kernel of a thread a row (lu.cuh), for the two build units that instantiate
// its variants: lu_rows.cu (the panels of the blocked algorithm) and lu_rows_whole.cu (whole
// matrices up to 64 x 64).
#pragma once

#include "lu.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {

// LU in registers with a thread a row, a block of 32 W threads per matrix: either a whole matrix of
// up to NC x NC (NC = 40, 48, 56, 64; W = 2; s, d, c: the row must fit in registers; and in complex
// arithmetic NC = 18, 20, 24, 32, W = 1; without pivots also the trailing matrix from column j of
// the blocked algorithm, as one) or a panel of the blocked algorithm, rows j.. of its NC = 32 columns
// (rows <= 32 W). As in getrf_registers, rows are not moved while they are factored (each thread
// tracks its row's position in LAPACK's interchange sequence) and are stored once at the end. The
// pivot row is published through shared memory instead of shuffles: at step s each warp reduces
// (|value|, position) over its rows in play by shuffles, and the warp's candidate stores its row
// from column s on, 16 bytes a store, in the warp's slot; after one barrier every warp reduces the
// W candidates the same way and reads the winner's slot by broadcast loads of 16 bytes for the
// update A(r, c) -= l(r) U(s, c). Two sets of slots alternate, so that no step's stores meet the
// previous step's loads and one barrier a step suffices. Columns are updated in groups of B up to
// the block's own column count (a vbatch chunk holds orders 57..64); threads past the last row hold
// zeros and only take part in the barriers. Without pivots (getrf_np: g.ipiv empty) row s is every
// step's pivot row, published by its thread with no reduction, and no row moves; a zero pivot
// leaves its column unscaled and the update goes on with it (LAPACK's getf2 steps).
// 1 / x out of line: the complex division is long, and getrf_rows unrolls up to 64 steps.
template <class T> __device__ __noinline__ T reciprocal(T x) { return T(1) / x; }
// Steps a block of getrf_rows' loop (below): 4 at 64 columns, where the smaller body took 168
// registers instead of 192 (six matrices an SM instead of five: getrf 64 +16%, getrf_np +8%),
// 8 elsewhere (4 measured 5-20% slower at 56 columns and in the 32-column panels); 4 at complex
// 20 columns too, where blocks of 8 would run the update over 24 columns (kRowsMinBlocks), and 6
// at complex 18 columns (blocks of 3 there ran 5-10% slower in z).
template <int Columns>
constexpr int kRowsBlock = Columns == 64 || Columns == 20 ? 4 : Columns == 18 ? 6 : 8;
// Matrices an SM the registers must leave room for (the launch bounds' minimum): left to itself,
// the compiler took more registers for the shift below than for the rotation before it (real 64
// columns 168 -> 199, complex single 56 / 64 177 / 178 -> 237 / 254). Bound to 168 (six in real
// arithmetic at 64, five in complex single at 56 and 64, a few bytes spilled there), on an H200:
// cgetrf 56 / 64 1.85 / 1.62 -> 2.36 / 1.85-1.98x cuBLAS, cgetrf_np 64 1.15 -> 1.35x. Complex
// double's 32 columns (whole matrices of 17..32, and the panels of 64 and 128 rows) took 254
// registers, 8 warps an SM; bound to 168 (12 warps, 20-28 bytes spilled), on an H100: zgetrf
// 24 / 32 / 48 / 64 / 128 0.76 / 1.06 / 1.33 / 1.46 / 1.44 -> 0.88 / 1.18 / 1.44 / 1.55 / 1.48x
// cuBLAS. (Complex single's 128 bound to 96 or 80 the same way ran as fast or slower.) Whole
// complex matrices of 17..24 first took 24 columns, bound to 128 registers (16 warps an SM;
// double 16 bytes spilled), on an H100: zgetrf 17 / 20 / 24 0.62 / 0.68 / 0.88 -> 0.81 / 0.88 /
// 1.13x, zgetrf_np 24 0.73 -> 0.94x, cgetrf 20 / 24 0.97 / 1.10 -> 1.04 / 1.17x cuBLAS. Orders
// 17..20 now take 20 columns in blocks of 4 (kRowsBlock; no spill in double), whose live groups
// follow the order more closely, on an H100: zgetrf 17 / 18 / 20 0.82 / 0.82 / 0.88 -> 0.95 /
// 0.95 / 1.03x, zgetrf_np 17 / 20 0.61 / 0.70 -> 0.75 / 0.87x, cgetrf 17 / 20 0.97 / 1.03 -> 1.01
// / 1.07x. Orders 17 and 18 then took 18 columns in blocks of 6 (no spill), on an H100: zgetrf
// 17 / 18 0.94 / 0.95 -> 1.07 / 1.11x, cgetrf 17 / 18 1.00 / 0.99 -> 1.16 / 1.17x, zgetrf_np 17 /
// 18 0.80 / 0.90 -> 0.93 / 1.04x, cgetrf_np 17 / 18 1.00 / 1.05 -> 1.08 / 1.13x.
template <int Columns, int W, class T>
constexpr int kRowsMinBlocks = Columns <= 24 && sizeof(T) == 16 ? 16
                               : Columns == 32 && sizeof(T) == 16 && W <= 4 ? 12 / W
                               : Columns <= 48                            ? 1
                               : kComplex<T>                              ? 5
                               : Columns == 64                            ? 6
                                                                          : 1;
// NP: whole matrices without pivots (getrf_np; g.ipiv empty, g.whole), where no row moves and
// row r is stored at row r: each block's finished group goes to memory at the block's end, so the
// shift moves the live groups with no finished group to keep (plain moves, where with pivots each
// group's move and the finished group's copy are selects on `live`: 21% of the instructions at
// 64 columns, ncu on an H200), and the pivot search is compiled out. Complex whole matrices of
// 17..32 ran the pivoting variant with no ipiv until they took this one too, on an H100:
// zgetrf_np 17 / 20 / 24 / 28 / 32 0.73 / 0.85 / 0.92 / 0.87 / 0.96 -> 0.82 / 0.95 / 1.13 / 1.04 /
// 1.18x cuBLAS, cgetrf_np 17 / 20 / 24 / 32 0.75 / 0.87 / 0.94 / 0.96 -> 0.98 / 1.16 / 1.10 /
// 1.14x.
template <int NC, int W, class T, bool NP = false>
__global__ void __launch_bounds__(32 * W, kRowsMinBlocks<NC, W, T>) getrf_rows(GetrfRows<T> g) {
    using R = RealOf<T>;
    constexpr int K = kPieceEntries<T>;  // row entries per shared store or load
    using Pack = Piece<T>;
    __shared__ Pack slot[2][W][NC / K];  // slot[b][w]: warp w's candidate at the steps of parity b
    __shared__ R value[2][W];
    __shared__ int place[2][W];
    const int r = threadIdx.x, w = r >> 5, lane = r & 31;
    const int64_t i = blockIdx.x;
    const Step::Local l = g.s.at(i);
    if (l.jb <= 0) {
        if (g.whole && g.s.j == 0 && r == 0) g.info[i] = 0;
        return;
    }
    const int j0 = g.s.j, lda = g.A.ldi(i);
    const int rows = l.m - j0, cols = g.whole ? l.n - j0 : l.jb, steps = min(rows, cols);
    T *a = g.A.at(i) + j0 + int64_t(j0) * lda;
    int *ipiv = NP || g.ipiv.empty() ? nullptr : g.ipiv.at(i) + j0;
    T row[NC];
#pragma unroll
    for (int c = 0; c < NC; ++c) row[c] = r < rows && c < cols ? a[r + int64_t(c) * lda] : T(0);
    int pos = r, info = 0;
    // The steps go by blocks of B (a group of columns), the live groups shifted left by B after each
    // block, so that a block's current columns are always row[0..B) and its code (unrolled over the B
    // steps) the same for every block: above 32 columns, and in complex arithmetic at every width,
    // the blocks are a loop, whose body is a fraction of the fully unrolled steps' code. (Complex
    // steps are long: fully unrolled over 32 columns, the code missed the instruction cache most of
    // the time. Rolled, on an H200: zgetrf 32 as whole matrices 0.94x cuBLAS, where the 32-lane
    // register kernel gave 0.59x; zgetrf 64 / 128 with these panels 1.03 / 0.98 -> 1.20 / 1.06x,
    // cgetrf 128 1.25 -> 1.35x.) Physical column p holds logical column p + s0 while p < NC - s0;
    // the finished groups collect in the last s0 places, the first finished in the last group,
    // where no update touches them (`live` groups only). (Before, the whole row rotated by B
    // after each block, finished groups too, and the moves were 23% of the instructions at 64
    // columns; shifting the live groups alone, on an H200: dgetrf_np 56 / 64 1.43 / 1.06 ->
    // 1.90 / 1.36x cuBLAS, dgetrf 56 / 64 1.67 / 1.49 -> 2.23 / 1.92x; complex 32 unchanged.)
    constexpr int B = kRowsBlock<NC>, G = NC / B;
    constexpr bool rolled = NC > 32 || kComplex<T>;
#pragma unroll(rolled ? 1 : G)
    for (int blk = 0; blk < G; ++blk) {
        const int s0 = B * blk;
        const int live = min(G - blk, (cols - s0 + B - 1) / B);  // groups holding columns s0.. of the matrix
#pragma unroll
        for (int t = 0; t < B; ++t) {
            const int s = s0 + t;
            if (s >= steps) break;
            const int b = s & 1;
            const bool in_play = r < rows && pos >= s;
            // i?amax over the warp's rows in play (without pivots row s is the pivot row: no
            // reduction). The warp's integer reductions find the position; with W warps the
            // winner's value then goes to the cross-warp choice below, NaN ranked below every
            // number and a warp with no row in play below that. (Before, a butterfly of (value,
            // position) pairs; on an H200: zgetrf 32 0.93 -> 1.05x cuBLAS, cgetrf 32 / 64 1.01 /
            // 1.99 -> 1.12 / 2.09x, dgetrf 48 / 64 2.15 / 1.93 -> 2.38 / 2.09x.)
            R v = R(-1);
            int p = s;
            if (ipiv) {
                const R x = abs1(row[t]);
                p = warp_amax_position(x, in_play, pos);
                if constexpr (W > 1) {
                    const unsigned won = ballot(in_play && pos == p);
                    if (won != 0) v = shfl(x == x ? x : R(-0.5), first_set(won) - 1);
                }
            }
            if (in_play && pos == p) {
#pragma unroll
                for (int q = 0; q < NC / K; ++q)
                    if (q * K / B == 0 ? q * K + K - 1 >= t : q * K / B < live) {  // what the update reads
                        Pack x;
#pragma unroll
                        for (int e = 0; e < K; ++e) x.v[e] = row[q * K + e];
                        slot[b][w][q] = x;
                    }
            }
            if (ipiv && lane == 0) value[b][w] = v, place[b][w] = p;
            __syncthreads();
            int piv = s;
            const Pack *u = slot[b][s >> 5];
            if (ipiv) {
                // The W candidates in lanes 0..W-1 (positions are distinct: every warp finds one winner).
                R vw = lane < W ? value[b][lane] : R(-2);
                int pw = lane < W ? place[b][lane] : 0x7fffffff;
                const int mine = pw;
                lanes_argmax<W>(vw, pw);
                piv = shfl(pw, 0);
                u = slot[b][first_set(ballot(lane < W && mine == piv)) - 1];
            }
            const T pivot = u[t / K].v[t % K];
            const bool zero = is_zero(pivot);
            if (zero && info == 0) info = s + 1;
            if (r == 0 && ipiv) ipiv[s] = j0 + piv + 1;
            const bool pivot_row = in_play && pos == piv;
            if (in_play) pos = pivot_row ? s : pos == s ? piv : pos;  // rows s and piv trade places
            if (in_play && !pivot_row && (!zero || !ipiv)) {
                const T f = zero ? row[t] : row[t] * reciprocal(pivot);
                row[t] = f;
#pragma unroll
                for (int cb = 0; cb < NC; cb += B)
                    if (cb == 0 ? t < B - 1 : cb / B < live) {
#pragma unroll
                        for (int q = cb / K; q < (cb + B) / K; ++q)
                            if (q * K + K - 1 > t) {
                                const Pack x = u[q];
#pragma unroll
                                for (int e = 0; e < K; ++e)
                                    if (q * K + e > t)  // plain arithmetic (sub_mul_conj): unrolled steps
                                        row[q * K + e] = sub_mul_conj(row[q * K + e], f, conj_(x.v[e]));
                            }
                    }
            }
        }
        // Without pivots the finished group is final where it is: stored, and every group but the
        // first moves down one (past the live ones they hold no column of the matrix).
        if constexpr (NP) {
#pragma unroll
            for (int c = 0; c < B; ++c)
                if (r < rows && s0 + c < cols) a[r + int64_t(s0 + c) * lda] = row[c];
#pragma unroll
            for (int q = 0; q + 1 < G; ++q)
#pragma unroll
                for (int c = 0; c < B; ++c) row[q * B + c] = row[q * B + B + c];
        } else {
            // The shift (registers renamed where the blocks are unrolled): the live groups but the
            // first move down a group, and the finished one goes to group G - 1 - blk, below the
            // groups finished before it; groups past the live ones hold no column of the matrix (the
            // finished group is copied into those below G - 1 - blk too, which nothing reads).
            T first[B];
#pragma unroll
            for (int c = 0; c < B; ++c) first[c] = row[c];
#pragma unroll
            for (int q = 0; q < G; ++q) {
                if (q + 1 < G && q + 1 < live)
#pragma unroll
                    for (int c = 0; c < B; ++c) row[q * B + c] = row[q * B + B + c];
                // (a range, not q == G - 1 - blk alone: the compiler turned that test into a store at
                // a computed index, and the row into local memory)
                if (q + 1 >= live && q <= G - 1 - blk)
#pragma unroll
                    for (int c = 0; c < B; ++c) row[q * B + c] = first[c];
            }
        }
    }
    // logical column c, of group c / B, is in group G - 1 - c / B
    if constexpr (!NP)
#pragma unroll
        for (int c = 0; c < NC; ++c)
            if (r < rows && c < cols) a[pos + int64_t(c) * lda] = row[(G - 1 - c / B) * B + c % B];
    if (r == 0) {
        if (g.whole && j0 == 0) {
            g.info[i] = info;
            if (info != 0 && g.failed) *g.failed = 1;
        } else if (info != 0 && g.info[i] == 0) g.info[i] = j0 + info;
    }
}

}  // namespace cuda
}  // namespace bl
