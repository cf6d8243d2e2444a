// CUDA backend: the row interchanges and the block-row solve of the blocked LU (lu_swap_solve,
// blocked.cuh), a build unit of its own.
#include "blocked.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {
namespace {

// The columns a panel at j interchanges rows in with `defer`: on the left from swap_left_begin
// (the outer block's first column; j, none, where block_end is 0), on the right up to
// swap_right_end (the block's end where block_end is given with pivots, else n); without defer,
// all of them. n is the matrix's order in the kernel and the chunk's largest where
// launch_swap_solve counts the blocks: one definition, so that the count and the kernel agree.
__host__ __device__ __forceinline__ int swap_left_begin(bool defer, int block_end, int j) {
    return defer ? (block_end > 0 ? block_end - kLuOuter : j) : 0;
}
__host__ __device__ __forceinline__ int swap_right_end(bool defer, int block_end, bool tail, int n) {
    return defer && block_end > 0 && !tail ? min(n, block_end) : n;
}

template <class T, bool DEFER> __global__ void __launch_bounds__(kSwapThreads) lu_swap_solve(LuSwapSolve<T> g) {
    // S(e, c): moved row e (pos/src below) in column c0 + c; an odd LS spreads the threads'
    // columns over the banks.
    constexpr int NBMAX = 32, CT = swap_columns<T>(), LS = 2 * NBMAX + 1;
    __shared__ int pos[2 * NBMAX], src[2 * NBMAX], moved;
    __shared__ T S[LS * CT], L[NBMAX * NBMAX];
    const int64_t i = blockIdx.x;
    const Step::Local l = g.s.at(i);
    const int j = g.s.j, jb = l.jb;
    // The first g.right_blocks blocks take the columns right of the panel, the others those left
    // of it: no block has both. Right columns from solve_end on are only swapped (block_end).
    const bool tail = g.block_end > 0 && g.ipiv.empty();  // the block rows right of an outer block
    const int first = tail ? max(j + jb, g.block_end) : j + jb;
    const int solve_end = g.block_end > 0 && !tail ? g.block_end : l.n;
    const bool right = int(blockIdx.y) < g.right_blocks;
    const int left_begin = swap_left_begin(DEFER, g.block_end, j);
    const int right_end = swap_right_end(DEFER, g.block_end, tail, l.n);
    const int c0 = right ? first + int(blockIdx.y) * CT : left_begin + (int(blockIdx.y) - g.right_blocks) * CT;
    const int end = right ? right_end : j;
    if (jb <= 0 || c0 >= end) return;
    const bool solve = right && c0 < solve_end;
    const int lda = g.A.ldi(i);
    T *a = g.A.at(i);
    auto column = [&](int c) { return c0 + c < end ? c0 + c : -1; };
    // The moved rows' elements of the block's columns: entry k (row row_of(k)) in lane k % 32 of
    // every warp, column c = warp + kWarps m. A thread issues all its loads before its stores (a
    // loop of one load and one store, the elements dealt out by blockDim.x, waited one memory
    // round trip per element: 16 of them a thread for a panel of 32 rows).
    constexpr int kWarps = kSwapThreads / 32, kSlots = CT / kWarps;
    static_assert(kWarps > 1 && CT % kWarps == 0, "warp 0 walks the interchanges; every warp takes as many columns");
    const int lane = lane_id(), warp = warp_id();
    T v[2][kSlots];
    auto fetch = [&](int n, auto row_of) {
#pragma unroll
        for (int h = 0; h < 2; ++h)
#pragma unroll
            for (int m = 0; m < kSlots; ++m) {
                const int k = lane + 32 * h, col = column(warp + kWarps * m);
                v[h][m] = k < n && col >= 0 ? a[row_of(k) + int64_t(col) * lda] : T(0);
            }
    };
    auto stage = [&](int n) {
#pragma unroll
        for (int h = 0; h < 2; ++h)
#pragma unroll
            for (int m = 0; m < kSlots; ++m)
                if (lane + 32 * h < n) S[lane + 32 * h + (warp + kWarps * m) * LS] = v[h][m];
    };
    // Without pivots entry k is row j + k and nothing waits for the interchanges.
    const bool fixed = g.ipiv.empty();
    if (fixed) fetch(jb, [&](int k) { return j + k; });
    if (solve && warp > 0) {  // L11 (unit lower) by the other warps while warp 0 works out the interchanges
        constexpr int kColumns = (NBMAX + kWarps - 2) / (kWarps - 1);
        T w[kColumns];
#pragma unroll
        for (int m = 0; m < kColumns; ++m) {
            const int q = warp - 1 + (kWarps - 1) * m;
            w[m] = q < NBMAX && lane < jb && q < lane ? a[j + lane + int64_t(j + q) * lda] : T(0);
        }
#pragma unroll
        for (int m = 0; m < kColumns; ++m) {
            const int q = warp - 1 + (kWarps - 1) * m;
            if (q < NBMAX) L[lane + q * NBMAX] = w[m];
        }
    }
    if (warp == 0) {
        // pos[e] receives the old row src[e]; rows j .. j + jb - 1 are the first jb entries. One
        // warp follows the interchanges in order, entry e in lane e % 32 (slot e / 32), finding
        // a row among the entries by a ballot. (One thread searching the entries took longer
        // than the rest of the kernel.)
        const int pk = lane >= jb ? 0 : g.ipiv.empty() ? j + lane : g.ipiv.at(i)[j + lane] - 1;
        // entry lane: pos0, src0; entry 32 + lane: pos1, src1 (scalars: an indexed pair would
        // go to local memory)
        int pos0 = j + lane, src0 = j + lane, pos1 = 0, src1 = 0;
        int n = jb;
        auto src_of = [&](int e) { return shfl(e < 32 ? src0 : src1, e & 31); };
        for (int k = 0; k < jb; ++k) {
            const int q = shfl(pk, k);
            int e = q - j;
            if (e >= jb) {
                const unsigned m0 = ballot(lane >= jb && lane < n && pos0 == q);
                const unsigned m1 = ballot(lane + 32 < n && pos1 == q);
                e = m0 ? first_set(m0) - 1 : m1 ? 31 + first_set(m1) : n;
                if (e == n) {
                    if (lane == (n & 31)) {
                        if (n < 32) pos0 = src0 = q;
                        else pos1 = src1 = q;
                    }
                    ++n;
                }
            }
            const int xk = src_of(k), xe = src_of(e);
            if (lane == k) src0 = xe;  // k < jb <= 32
            if (lane == (e & 31)) {
                if (e < 32) src0 = xk;
                else src1 = xk;
            }
        }
        if (lane < n) pos[lane] = pos0, src[lane] = src0;
        if (lane + 32 < n) pos[lane + 32] = pos1, src[lane + 32] = src1;
        if (lane == 0) moved = n;
    }
    __syncthreads();
    const int n = moved;
    if (!fixed) fetch(n, [&](int k) { return src[k]; });
    stage(n);
    if (solve) {  // L11 U12 = A12, a column a thread, in registers (L11 read as broadcasts)
        __syncthreads();
        if (threadIdx.x < CT && column(threadIdx.x) >= 0 && c0 + int(threadIdx.x) < solve_end) {
            T *col = S + threadIdx.x * LS, x[NBMAX];
#pragma unroll
            for (int r = 0; r < NBMAX; ++r) x[r] = r < jb ? col[r] : T(0);
#pragma unroll
            for (int q = 0; q < NBMAX; ++q)
#pragma unroll
                for (int r = q + 1; r < NBMAX; ++r) x[r] -= L[r + q * NBMAX] * x[q];
#pragma unroll
            for (int r = 0; r < NBMAX; ++r)
                if (r < jb) col[r] = x[r];
        }
    }
    __syncthreads();
#pragma unroll
    for (int h = 0; h < 2; ++h)
#pragma unroll
        for (int m = 0; m < kSlots; ++m) {
            const int k = lane + 32 * h, c = warp + kWarps * m, col = column(c);
            if (k < n && col >= 0) a[pos[k] + int64_t(col) * lda] = S[k + c * LS];
        }
}

}  // namespace

template <class T>
void launch_swap_solve(LuSwapSolve<T> g, int64_t count, int max_cols, cudaStream_t stream, bool defer) {
    constexpr int CT = swap_columns<T>();
    const int j = g.s.j;
    // past a panel of at least one column (at the end of an outer block, past the block)
    const bool tail = g.block_end > 0 && g.ipiv.empty();
    const int first = tail ? std::max(j + 1, g.block_end) : j + 1;
    const int right_end = swap_right_end(defer, g.block_end, tail, max_cols);
    const int left_begin = swap_left_begin(defer, g.block_end, j);
    g.right_blocks = std::max(0, (right_end - first + CT - 1) / CT);
    // left of the panel: rows move
    const int blocks = g.right_blocks + (g.ipiv.empty() ? 0 : std::max(0, j - left_begin + CT - 1) / CT);
    if (count == 0 || blocks == 0) return;
    if (defer) lu_swap_solve<T, true><<<dim3(unsigned(count), unsigned(blocks)), kSwapThreads, 0, stream>>>(g);
    else lu_swap_solve<T, false><<<dim3(unsigned(count), unsigned(blocks)), kSwapThreads, 0, stream>>>(g);
    check_launch("lu_swap_solve");
}

namespace {
// LuPermute's interchanges (blocked.cuh): thread 0 composes them into src (row r of the result is
// row src[r] of A, from t0 on), the block lists the rows that move (src[r] != r), and only those
// are read and written: a column's moved rows through the shared buffer, as many whole columns at
// a time as it holds. Reading every row below t0, as the kernel did before, cost a fifth of
// dgetrf 512's time on an H100; with only the moved ones, getrf 512 ran +2 % in double and +9 % in
// single, +1 % in complex single, level in complex double (src_cuda/PERFORMANCE.md, forty-seventh
// section). src and the list are 16-bit (permute_rows_max rows at most); cols is the columns a
// block takes right of a block (kPermuteCols).
template <class T>
__global__ void __launch_bounds__(kPermuteThreads, 6) lu_permute_rows(LuPermute<T> g, int rows_cap, int cols) {
    extern __shared__ __align__(16) unsigned char permute_shared[];
    __shared__ int warp_moved[kPermuteWarps];
    const int64_t i = blockIdx.x;
    const int M = g.m[i], N = g.n[i], K = min(M, N);
    int t0, t1, c0, c1;
    if (g.outer > 0) {
        c0 = int(blockIdx.y) * g.outer, c1 = min(K, c0 + g.outer), t0 = c0 + g.outer, t1 = K;
    } else {
        c0 = g.c0 + int(blockIdx.y) * cols, c1 = min(min(g.c1, N), c0 + cols), t0 = g.t0;
        t1 = min(g.t1, K);
    }
    if (t1 <= t0 || c1 <= c0) return;
    const int R = M - t0, tid = int(threadIdx.x), lane = lane_id(), warp = warp_id();
    unsigned short *src = reinterpret_cast<unsigned short *>(permute_shared), *mv = src + rows_cap;
    T *buf = reinterpret_cast<T *>(permute_shared + (size_t(rows_cap) * 2 * sizeof(unsigned short) + 15) / 16 * 16);
    int *step = reinterpret_cast<int *>(buf);  // the interchanges, relative to t0, until the columns come
    const int *piv = g.ipiv.at(i);
    for (int r = tid; r < R; r += kPermuteThreads) src[r] = static_cast<unsigned short>(r);
    for (int t = t0 + tid; t < t1; t += kPermuteThreads) step[t - t0] = piv[t] - 1 - t0;
    __syncthreads();
    if (tid == 0)
        for (int q = 0; q < t1 - t0; ++q) {
            const int p = step[q];
            if (p > q && p < R) {
                const unsigned short x = src[q];
                src[q] = src[p], src[p] = x;
            }
        }
    __syncthreads();
    // the rows that move, in ascending order (each warp's by a ballot, the warps' counts summed)
    int nm = 0;
    for (int r0 = 0; r0 < R; r0 += kPermuteThreads) {
        const int r = r0 + tid;
        const bool moves = r < R && src[r] != r;
        const unsigned b = ballot(moves);
        if (lane == 0) warp_moved[warp] = __popc(b);
        __syncthreads();
        int before = nm;
        for (int w = 0; w < kPermuteWarps; ++w) {
            before += w < warp ? warp_moved[w] : 0;
            nm += warp_moved[w];
        }
        if (moves) mv[before + __popc(b & ((1u << lane) - 1u))] = static_cast<unsigned short>(r);
        __syncthreads();
    }
    if (nm == 0) return;
    // A pass takes cb whole columns; entry e = k + nm q is moved row mv[k] of its column q. A
    // thread takes entries tid, tid + kPermuteThreads, ..., walked without dividing (the row
    // steps by rs, the column by qs), kInFlight loads at a time issued before their stores to
    // shared memory.
    constexpr int kInFlight = sizeof(T) > 8 ? 4 : 8;  // six blocks an SM in 40 registers, no spills
    const int cb = max(1, int(kPermuteBuffer / sizeof(T)) / R), lda = g.A.ldi(i);
    const int k0 = tid % nm, q0 = tid / nm, rs = kPermuteThreads % nm, qs = kPermuteThreads / nm;
    auto next = [&](int &k, int &q) {
        k += rs, q += qs;
        if (k >= nm) k -= nm, ++q;
    };
    T *a = g.A.at(i) + t0;
    for (int c = c0; c < c1; c += cb) {
        const int total = nm * min(cb, c1 - c);
        int k = k0, q = q0;
        for (int e = tid; e < total; e += kPermuteThreads * kInFlight) {
            T v[kInFlight];
            int at[kInFlight];
#pragma unroll
            for (int u = 0; u < kInFlight; ++u) {
                const bool in = e + kPermuteThreads * u < total;
                const int r = in ? int(mv[k]) : 0;
                at[u] = in ? r + q * R : -1;
                v[u] = in ? a[r + int64_t(c + q) * lda] : T(0);
                next(k, q);
            }
#pragma unroll
            for (int u = 0; u < kInFlight; ++u)
                if (at[u] >= 0) buf[at[u]] = v[u];
        }
        __syncthreads();
        k = k0, q = q0;
        for (int e = tid; e < total; e += kPermuteThreads) {
            const int r = mv[k];
            a[r + int64_t(c + q) * lda] = buf[src[r] + q * R];
            next(k, q);
        }
        __syncthreads();
    }
}
}  // namespace

template <class T>
void launch_permute_rows(const LuPermute<T> &g, int64_t count, int max_rows, int max_cols, cudaStream_t stream) {
    const int blocks =
        g.outer > 0 ? (max_cols + g.outer - 1) / g.outer : (max_cols - g.c0 + kPermuteCols - 1) / kPermuteCols;
    if (count == 0 || blocks <= 0) return;
    const dim3 grid{unsigned(count), unsigned(blocks)};
    lu_permute_rows<<<grid, kPermuteThreads, permute_shared_bytes(max_rows), stream>>>(g, max_rows, kPermuteCols);
    check_launch("lu_permute_rows");
}
#define BL_INSTANTIATE(p, T) \
    template void launch_swap_solve(LuSwapSolve<Dev<T>>, int64_t, int, cudaStream_t, bool); \
    template void launch_permute_rows(const LuPermute<Dev<T>> &, int64_t, int, int, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
