// The batched steps of the blocked right-looking factorizations (LU and Cholesky) for matrices too
// large for one fused kernel: ALGORITHMS.md's "panel in one fused kernel, trailing update by batched
// GEMM". Every step is one launch over the whole chunk; a matrix whose factorization has ended (or,
// for Cholesky, failed) leaves the step at once, so variable sizes need nothing more.
//
// Coordinates: step j of panel width nb works on the panel columns j .. j + jb - 1 of each matrix,
// jb = min(nb, min(m, n) - j) per matrix. Cholesky is written for the lower factor L; an upper
// ('U') matrix holds U = L^H, and the kernels read element (r, c) of L as conj(a[c + r*lda])
// (`ct`), choosing their thread-to-element maps so that memory is still read along its columns.
#pragma once

#include "kernels.cuh"

namespace bl {
namespace cuda {

// The panel step of one matrix: sizes, the panel's first column and width (jb <= 0: nothing).
struct Step {
    Sizes m, n;
    int j, nb;
    struct Local {
        int m, n, jb;
    };
    __device__ Local at(int64_t i) const {
        const int M = m[i], N = n[i];
        return {M, N, min(nb, min(M, N) - j)};
    }
};

// Element (r, c) of a block whose top left corner, in the logical (not transposed) matrix, is
// (pr, pc): a[pr + r + (pc + c)*lda], or with `ct` the conjugate of the stored transpose.
template <class T> struct Block {
    T *a;
    int lda, pr, pc;
    bool ct;
    __device__ T &ref(int r, int c) const {
        return ct ? a[pc + c + int64_t(pr + r) * lda] : a[pr + r + int64_t(pc + c) * lda];
    }
    __device__ T get(int r, int c) const { return conj_if(ct, ref(r, c)); }
    __device__ void put(int r, int c, T v) const { ref(r, c) = conj_if(ct, v); }
};

// Copies the rows x cols part of an R x C tile of a block into shared memory s[r + c*lds], zeros
// beyond it; consecutive threads take consecutive addresses of the block's storage.
template <int R, int C, class T> __device__ void load_tile(const Block<T> &b, int rows, int cols, T *s, int lds) {
    for (int e = threadIdx.x; e < R * C; e += blockDim.x) {
        const int r = b.ct ? e / C : e % R, c = b.ct ? e % C : e / R;
        s[r + c * lds] = r < rows && c < cols ? b.get(r, c) : T(0);
    }
}

// ---- trailing update: C -= A B -------------------------------------------------------------
// A = rows j + jb.. of the panel, B = the block row right of it (LU: U12; Cholesky: L21^H), C =
// the trailing matrix; Cholesky updates only C's lower triangle (the other one is the caller's).
// A BM x BM tile of C per block of 256 threads, each thread a (BM/16) x (BM/16) sub-tile; A and B
// pass through shared memory KT columns at a time.
template <class T> struct Update {
    Step s;
    View<T> A;
    bool cholesky, upper;
    const int *stop;  // Cholesky: a matrix whose factorization failed is left as it is
    // C's columns end before this one: a recursive panel updates only its own second half.
    int col_end = 1 << 30;
    // Tiles per matrix (set by launch_update): block b takes tile b % tiles of matrix b / tiles,
    // so that the tiles of one matrix run together and share its panel through the L2 cache.
    int tiles = 1;
};
template <class T> struct UpdateShape {
    static constexpr int BM = sizeof(T) > 8 ? 32 : 64;  // a complex double tile twice the bytes
    static constexpr int KT = sizeof(T) > 8 ? 16 : 32;
};
// The tile of C a block owns, after the checks every variant makes; false: nothing to do.
template <class T> struct UpdateTile {
    int mm, nn, kk, r0, c0, lda;
    T *a;
    Block<T> A, B, C;
    __device__ bool init(const Update<T> &g, int BM) {
        const int64_t i = blockIdx.x / g.tiles;
        const int t = int(blockIdx.x % g.tiles);
        if (g.stop && g.stop[i] != 0) return false;
        const Step::Local l = g.s.at(i);
        const int j = g.s.j, j1 = j + l.jb;
        mm = l.m - j1, nn = min(l.n, g.col_end) - j1, kk = l.jb;
        if (kk <= 0 || mm <= 0 || nn <= 0) return false;
        const int tiles_r = (mm + BM - 1) / BM, tr = t % tiles_r, tc = t / tiles_r;
        if (tc * BM >= nn || (g.cholesky && tc > tr)) return false;
        a = g.A.at(i);
        lda = g.A.ldi(i), r0 = tr * BM, c0 = tc * BM;
        const bool ct = g.cholesky && g.upper;
        A = {a, lda, j1 + r0, j, ct};
        B = {a, lda, j, j1 + c0, g.cholesky && !g.upper};
        C = {a, lda, j1 + r0, j1 + c0, ct};
        return true;
    }
    // Stages columns k0 .. k0 + KT - 1 of A and rows k0 .. of B in shared memory.
    template <int BM, int KT> __device__ void load(int k0, T *As, int lda_s, T *Bs, int ldb_s) const {
        load_tile<BM, KT>(Block<T>{a, lda, A.pr, A.pc + k0, A.ct}, mm - r0, kk - k0, As, lda_s);
        load_tile<KT, BM>(Block<T>{a, lda, B.pr + k0, B.pc, B.ct}, kk - k0, nn - c0, Bs, ldb_s);
    }
    __device__ void subtract(const Update<T> &g, int r, int c, T v) const {
        if (r0 + r < mm && c0 + c < nn && (!g.cholesky || r0 + r >= c0 + c)) C.put(r, c, C.get(r, c) - v);
    }
};

template <class T> __device__ void update_fma(const Update<T> &g) {
    constexpr int BM = UpdateShape<T>::BM, KT = UpdateShape<T>::KT, TM = BM / 16;
    __shared__ T As[(BM + 1) * KT], Bs[(KT + 1) * BM];
    UpdateTile<T> u;
    if (!u.init(g, BM)) return;
    // A transposed C is read along its rows: the thread's rows and columns trade places.
    const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    const int ra = u.C.ct ? ty : tx, cb = u.C.ct ? tx : ty;
    T acc[TM][TM];
#pragma unroll
    for (int x = 0; x < TM; ++x)
#pragma unroll
        for (int y = 0; y < TM; ++y) acc[x][y] = T(0);
    for (int k0 = 0; k0 < u.kk; k0 += KT) {
        u.template load<BM, KT>(k0, As, BM + 1, Bs, KT + 1);
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < KT; ++k) {
            T av[TM], bv[TM];
#pragma unroll
            for (int x = 0; x < TM; ++x) av[x] = As[ra + 16 * x + k * (BM + 1)];
#pragma unroll
            for (int y = 0; y < TM; ++y) bv[y] = Bs[k + (cb + 16 * y) * (KT + 1)];
#pragma unroll
            for (int x = 0; x < TM; ++x)
#pragma unroll
                for (int y = 0; y < TM; ++y) acc[x][y] += av[x] * bv[y];
        }
        __syncthreads();
    }
#pragma unroll
    for (int x = 0; x < TM; ++x)
#pragma unroll
        for (int y = 0; y < TM; ++y) u.subtract(g, ra + 16 * x, cb + 16 * y, acc[x][y]);
}

// Double precision on the tensor cores (mma m8n8k4, sm_80 and later; older GPUs take update_fma):
// each of the 8 warps owns a 32 x 16 part of the 64 x 64 tile as 4 x 2 blocks of 8 x 8. Leading
// dimensions of 4 mod 16 elements (68, 36) put each half warp's fragment loads in distinct banks.
template <class T> __device__ void update_mma(const Update<T> &g) {  // T = double
    constexpr int BM = 64, KT = 32, LA = BM + 4, LB = KT + 4;
    __shared__ double As[LA * KT], Bs[LB * BM];
    UpdateTile<T> u;
    if (!u.init(g, BM)) return;
    const int lane = lane_id(), warp = warp_id(), wr = (warp % 2) * 32, wc = (warp / 2) * 16;
    const int g8 = lane / 4, q4 = lane % 4;
    double acc[4][2][2] = {};
    for (int k0 = 0; k0 < u.kk; k0 += KT) {
        u.template load<BM, KT>(k0, As, LA, Bs, LB);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < KT; k += 4) {
            double av[4], bv[2];
#pragma unroll
            for (int x = 0; x < 4; ++x) av[x] = As[wr + 8 * x + g8 + (k + q4) * LA];
#pragma unroll
            for (int y = 0; y < 2; ++y) bv[y] = Bs[k + q4 + (wc + 8 * y + g8) * LB];
#pragma unroll
            for (int x = 0; x < 4; ++x)
#pragma unroll
                for (int y = 0; y < 2; ++y)
                    mma_8x8x4(acc[x][y][0], acc[x][y][1], av[x], bv[y]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int x = 0; x < 4; ++x)
#pragma unroll
        for (int y = 0; y < 2; ++y)
#pragma unroll
            for (int v = 0; v < 2; ++v) u.subtract(g, wr + 8 * x + g8, wc + 8 * y + 2 * q4 + v, acc[x][y][v]);
}

template <class T> __global__ void __launch_bounds__(256) update_kernel(Update<T> g) {
#if __CUDA_ARCH__ >= 800
    if constexpr (std::is_same<T, double>::value) update_mma(g);
    else update_fma(g);
#else
    update_fma(g);
#endif
}
template <class T> void launch_update(const Update<T> &g, int64_t count, int max_rows, int max_cols, cudaStream_t stream) {
    constexpr int BM = UpdateShape<T>::BM;
    const int rest_r = max_rows - g.s.j - 1, rest_c = std::min(max_cols, g.col_end) - g.s.j - 1;  // at least jb = 1
    if (count == 0 || rest_r <= 0 || rest_c <= 0) return;
    Update<T> h = g;
    h.tiles = ((rest_r + BM - 1) / BM) * ((rest_c + BM - 1) / BM);
    update_kernel<<<unsigned(count * h.tiles), 256, 0, stream>>>(h);
    check_launch("update_kernel");
}

// ---- LU: the panel ---------------------------------------------------------------------------
// getf2 on rows j.. of the panel columns (in shared memory when the panel fits), pivots made
// global (row j + p) and the first zero pivot added to info.
template <class T> struct LuPanel {
    Step s;
    View<T> A;
    View<int> ipiv;
    int *info;
    bool in_shared;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *scratch) const {
        const Step::Local l = s.at(i);
        if (l.jb <= 0) return;
        const int j = s.j, rows = l.m - j, lda = A.ldi(i);
        T *p = A.at(i) + j + int64_t(j) * lda;
        int *piv = ipiv.at(i) + j;
        int result;
        if (in_shared) {
            T *w = static_cast<T *>(tile);
            copy_matrix(t, rows, l.jb, p, lda, w, rows);
            t.sync();
            result = getf2(t, rows, l.jb, w, rows, piv, scratch);
            copy_matrix(t, rows, l.jb, w, rows, p, lda);
        } else {
            result = getf2(t, rows, l.jb, p, lda, piv, scratch);
        }
        for (int r = t.rank(); r < l.jb; r += t.size()) piv[r] += j;
        if (t.rank() == 0 && result != 0 && info[i] == 0) info[i] = j + result;
    }
};

// ---- LU: row interchanges and U12 --------------------------------------------------------------
// The panel's jb interchanges applied at once to the other columns of the matrix: the block first
// works out which rows end where (at most 2 jb rows move), then reads each moved row's old values
// for its columns and writes them to their new rows. Right of the panel it also solves
// L11 U12 = A12 on the new rows j .. j + jb - 1 before writing them (L11 unit lower triangular).
// Columns per block (static shared memory stays under 48 KiB for complex double too).
template <class T> __host__ __device__ constexpr int swap_columns() { return sizeof(T) > 8 ? 16 : 64; }
template <class T> struct LuSwapSolve {
    Step s;
    View<T> A;
    View<int> ipiv;
    int right_blocks;
};
template <class T> __global__ void __launch_bounds__(128) lu_swap_solve(LuSwapSolve<T> g) {
    // S(e, c): moved row e (pos/src below) in column c0 + c; an odd LS spreads the threads'
    // columns over the banks.
    constexpr int NBMAX = 32, CT = swap_columns<T>(), LS = 2 * NBMAX + 1;
    __shared__ int pos[2 * NBMAX], src[2 * NBMAX], moved;
    __shared__ T S[LS * CT], L[NBMAX * NBMAX];
    const int64_t i = blockIdx.x;
    const Step::Local l = g.s.at(i);
    const int j = g.s.j, jb = l.jb;
    // The first g.right_blocks blocks take the columns right of the panel, the others those left
    // of it: no block has both.
    const bool right = int(blockIdx.y) < g.right_blocks;
    const int c0 = right ? j + jb + int(blockIdx.y) * CT : (int(blockIdx.y) - g.right_blocks) * CT;
    const int end = right ? l.n : j;
    if (jb <= 0 || c0 >= end) return;
    const int lda = g.A.ldi(i);
    T *a = g.A.at(i);
    auto column = [&](int c) { return c0 + c < end ? c0 + c : -1; };
    if (right)  // L11 (unit lower) by the other warps while warp 0 works out the interchanges
        for (int e = int(threadIdx.x) - 32; e >= 0 && e < NBMAX * NBMAX; e += blockDim.x - 32) {
            const int r = e % NBMAX, q = e / NBMAX;
            L[r + q * NBMAX] = r < jb && q < r ? a[j + r + int64_t(j + q) * lda] : T(0);
        }
    if (threadIdx.x < 32) {
        // pos[e] receives the old row src[e]; rows j .. j + jb - 1 are the first jb entries. One
        // warp follows the interchanges in order, entry e in lane e % 32 (slot e / 32), finding
        // a row among the entries by a ballot. (One thread searching the entries took longer
        // than the rest of the kernel.)
        const int lane = threadIdx.x;
        const int pk = lane < jb ? g.ipiv.at(i)[j + lane] - 1 : 0;
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
    for (int e = threadIdx.x; e < n * CT; e += blockDim.x) {
        const int k = e % n, c = e / n, col = column(c);
        if (col >= 0) S[k + c * LS] = a[src[k] + int64_t(col) * lda];
    }
    if (right) {  // L11 U12 = A12, a column a thread, in registers (L11 read as broadcasts)
        __syncthreads();
        if (threadIdx.x < CT && column(threadIdx.x) >= 0) {
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
    for (int e = threadIdx.x; e < n * CT; e += blockDim.x) {
        const int k = e % n, c = e / n, col = column(c);
        if (col >= 0) a[pos[k] + int64_t(col) * lda] = S[k + c * LS];
    }
}

// ---- Cholesky: the diagonal block's solve for the block column below it ------------------------
// L21 = A21 L11^{-H}, solved as L11 Y = A21^H one column of Y (a row of L21, or for 'U' a column
// of U12) per thread, blockDim.x of them per block (at most chol_lines()). The tile passes through
// shared memory so that both storage orders are read and written along memory, but the
// substitution runs on the thread's column in registers with L11 read as broadcasts: kept in
// shared memory it made the kernel wait on two shared loads per multiply-add. (Forming Y as
// L11^{-1} A21^H on the tensor cores instead was measured slower: the inverse, once per block,
// costs more than the solves.)
template <class T> __host__ __device__ constexpr int chol_lines() { return sizeof(T) > 8 ? 32 : 128; }
template <class T> struct CholSolve {
    Step s;
    View<T> A;
    bool upper;
    const int *stop;
};
template <class T> __global__ void __launch_bounds__(128) chol_solve(CholSolve<T> g) {
    constexpr int NB = 32;
    // L column by column, the reciprocal diagonal in column NB; columns past jb hold zeros. The
    // tile Y (dynamic: NB x (blockDim.x + 1), sized for the block's lines so that a block of one
    // warp does not hold the shared memory of four) is stored Y[k * ldy + line]: a thread's
    // column is then a bank-friendly row.
    __shared__ T L[NB * (NB + 1)];
    extern __shared__ __align__(16) unsigned char dynamic[];
    T *Y = reinterpret_cast<T *>(dynamic);
    const int64_t i = blockIdx.x;
    if (g.stop[i] != 0) return;
    const Step::Local l = g.s.at(i);
    const int lt = blockDim.x, ldy = lt + 1, j = g.s.j, jb = l.jb, lines = l.n - j - jb, first = int(blockIdx.y) * lt;
    if (jb <= 0 || first >= lines) return;
    T *a = g.A.at(i);
    const int lda = g.A.ldi(i);
    const Block<T> L11{a, lda, j, j, g.upper};
    const Block<T> B{a, lda, j, j + jb + first, !g.upper};  // A21^H in logical coordinates
    for (int e = threadIdx.x; e < NB * NB; e += lt) {
        const int r = g.upper ? e / NB : e % NB, q = g.upper ? e % NB : e / NB;
        L[r + q * NB] = r < jb && q < jb && q < r ? L11.get(r, q) : T(0);
        if (r == q) L[r + NB * NB] = r < jb ? T(1) / L11.get(r, r) : T(0);
    }
    for (int e = threadIdx.x; e < jb * lt; e += lt) {
        const int k = B.ct ? e / lt : e % jb, c = B.ct ? e % lt : e / jb;
        if (first + c < lines) Y[k * ldy + c] = B.get(k, c);
    }
    __syncthreads();
    const int c = threadIdx.x;
    T y[NB];
#pragma unroll
    for (int k = 0; k < NB; ++k) y[k] = k < jb ? Y[k * ldy + c] : T(0);
#pragma unroll
    for (int q = 0; q < NB; ++q) {
        y[q] *= L[q + NB * NB];
#pragma unroll
        for (int k = q + 1; k < NB; ++k) y[k] -= L[k + q * NB] * y[q];
    }
#pragma unroll
    for (int k = 0; k < NB; ++k)
        if (k < jb) Y[k * ldy + c] = y[k];
    __syncthreads();
    for (int e = threadIdx.x; e < jb * lt; e += lt) {
        const int k = B.ct ? e / lt : e % jb, c2 = B.ct ? e % lt : e / jb;
        if (first + c2 < lines) B.put(k, c2, Y[k * ldy + c2]);
    }
}

// ---- launches --------------------------------------------------------------------------------
// Panel width of the blocked factorizations (ALGORITHMS.md: nb about 32; the kernels' shared
// arrays are sized for it).
constexpr int kPanel = 32;

template <class T> void launch_swap_solve(LuSwapSolve<T> g, int64_t count, int max_cols, cudaStream_t stream) {
    constexpr int CT = swap_columns<T>();
    const int j = g.s.j;
    g.right_blocks = std::max(0, (max_cols - j - 1 + CT - 1) / CT);  // past a panel of at least one column
    const int blocks = g.right_blocks + (j + CT - 1) / CT;
    if (count == 0 || blocks == 0) return;
    lu_swap_solve<<<dim3(unsigned(count), unsigned(blocks)), 128, 0, stream>>>(g);
    check_launch("lu_swap_solve");
}
template <class T> void launch_chol_solve(const CholSolve<T> &g, int64_t count, int max_n, cudaStream_t stream) {
    const int lines = max_n - g.s.j - g.s.nb;  // a matrix with lines below has jb = nb
    if (lines <= 0) return;
    // no more threads than lines (a whole number of warps)
    const int lt = std::min(chol_lines<T>(), (lines + 31) / 32 * 32);
    chol_solve<<<dim3(unsigned(count), unsigned((lines + lt - 1) / lt)), lt, size_t(kPanel) * (lt + 1) * sizeof(T),
                 stream>>>(g);
    check_launch("chol_solve");
}

}  // namespace cuda
}  // namespace bl
