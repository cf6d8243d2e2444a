// The batched steps of the blocked right-looking factorizations (LU and Cholesky) for matrices too
// large for one fused kernel: the seed dissertation's panel in one fused kernel with the trailing
// update by batched GEMM. Every step is one launch over the whole chunk; a matrix whose
// factorization has ended (or, for Cholesky, failed) leaves the step at once, so variable sizes
// need nothing more. The steps' kernels are compiled in build units of their own: the update in
// blocked.cu (for both families), LU's interchanges in lu_blocked.cu, Cholesky's block-column
// solve in cholesky_blocked.cu; the panels are the families' (LuPanel here, getrf_rows,
// potrf_registers).
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

// The blocks that stage tiles through shared memory (the trailing update here, gebrd's and larfb's
// updates) have kTileThreads threads: the loaders below deal a tile's elements out by it.
constexpr int kTileThreads = 256;

// A transposed tile's store puts consecutive threads' elements a line (lds) apart. Where lds is
// P (mod the W elements of 128 bytes), groups of W / P consecutive lines meet the same banks, so
// a warp's store ran P-way serialized (the Cholesky update's A or B, 4-way in double). With
// SWIZZLE (store_as) the element at s along line f is stored at position s ^ bank_swizzle(f) of
// its line: the P groups of lines take P different positions, and since the exchange stays
// within aligned runs of P elements, a reader whose lanes share a group (update_mma's fragments)
// keeps its distinct banks as well.
template <class T> __host__ __device__ constexpr int bank_swizzle(int line, int lds) {
    constexpr int W = 128 / int(sizeof(T));
    return lds % W > 1 ? line / (W / (lds % W)) % (lds % W) : 0;
}

// The rows x cols part of an R x C tile of a block, zeros beyond it, fetched into registers and
// then stored to shared memory s[r + c*lds]; consecutive threads take consecutive addresses of
// the block's storage. A thread issues all its loads before its first store: a loop of one load
// and one store (the elements dealt out by blockDim.x) kept one load in flight a thread, and the
// trailing update then waited one memory round trip per element (eight of them for a 64 x 32
// tile) before its products.
template <int R, int C, class T> struct TileFetch {
    static constexpr int E = (R * C + kTileThreads - 1) / kTileThreads;
    T v[E];
    __device__ void fetch(const Block<T> &b, int rows, int cols) {
        if (b.ct) fetch_as<true>(b, rows, cols);
        else fetch_as<false>(b, rows, cols);
    }
    __device__ void store(bool ct, T *sm, int lds) const {
        if (ct) store_as<true>(sm, lds);
        else store_as<false>(sm, lds);
    }
    // The thread's element q in the block's storage order: f along memory, s across it; (r, c) =
    // (f, s), or (s, f) for a transposed block. The transposition is a template argument and a
    // thread's f the same in every slot, so that the slots' addresses are one pointer and a
    // stride: with the order chosen at run time and e = threadIdx.x + q * kTileThreads divided
    // as a signed int, the compiler kept every slot's indices in registers (210 a thread).
    template <bool CT> __device__ static bool place(int q, int &f, int &s) {
        constexpr int F = CT ? C : R;
        static_assert(kTileThreads % F == 0, "a thread's slots share their position along memory");
        f = int(threadIdx.x % F), s = int(threadIdx.x / F) + q * (kTileThreads / F);
        return R * C % kTileThreads == 0 || s < R * C / F;
    }
    template <bool CT> __device__ void fetch_as(const Block<T> &b, int rows, int cols) {
        constexpr int F = CT ? C : R;
        const int fl = CT ? cols : rows, sl = CT ? rows : cols;
        int f, s0;
        place<CT>(0, f, s0);
        const T *p = &b.ref(0, 0) + f + int64_t(s0) * b.lda;
        const int64_t stride = int64_t(kTileThreads / F) * b.lda;
#pragma unroll
        for (int q = 0; q < E; ++q) {
            int s;
            v[q] = place<CT>(q, f, s) && f < fl && s < sl ? conj_if(CT, p[q * stride]) : T(0);
        }
    }
    template <bool CT, bool SWIZZLE = false> __device__ void store_as(T *sm, int lds) const {
#pragma unroll
        for (int q = 0; q < E; ++q) {
            int f, s;
            if (place<CT>(q, f, s)) sm[CT ? (SWIZZLE ? s ^ bank_swizzle<T>(f, lds) : s) + f * lds : f + s * lds] = v[q];
        }
    }
};
template <int R, int C, class T> __device__ void load_tile(const Block<T> &b, int rows, int cols, T *s, int lds) {
    TileFetch<R, C, T> f;
    f.fetch(b, rows, cols);
    f.store(b.ct, s, lds);
}

// Panel width of the blocked factorizations (the seed dissertation's nb of about 32; the kernels'
// shared arrays are sized for it).
constexpr int kPanel = 32;


// ---- trailing update: C -= A B -------------------------------------------------------------
// A = rows j + jb.. of the panel, B = the block row right of it (LU: U12; Cholesky: L21^H), C =
// the trailing matrix or the part of it that col_end, row_end and col_begin leave (A's rows and
// B's columns follow C's); Cholesky updates only C's lower triangle (the other one is the
// caller's).
// A BM x BM tile of C per block of 256 threads, each thread a (BM/16) x (BM/16) sub-tile; A and B
// pass through shared memory KT columns at a time.
// kNoLimit: a row or column bound past any matrix (Update's col_end and row_end when unset).
constexpr int kNoLimit = 1 << 30;
template <class T> struct Update {
    Step s;
    View<T> A;
    bool cholesky, upper;
    const int *stop;  // Cholesky: a matrix whose factorization failed is left as it is
    // C's columns end before this one: a recursive panel updates only its own second half.
    int col_end = kNoLimit;
    // C's rows end before row_end and its columns start at col_begin (when past the panel): LU's
    // outer blocks update the block rows right of the block (lu.cu). Not for Cholesky, whose
    // triangle is counted from C's first row and column being the same.
    int row_end = kNoLimit, col_begin = 0;
    // Tiles per matrix (set by launch_update): block b takes tile b % tiles of matrix b / tiles,
    // so that the tiles of one matrix run together and share its panel through the L2 cache.
    int tiles = 1;
};
template <class T> struct UpdateShape {
    static constexpr int BM = sizeof(T) > 8 ? 32 : 64;  // a complex double tile twice the bytes
    static constexpr int KT = sizeof(T) > 8 ? 16 : 32;
};
// The update's largest tile of C: 64 x 64 in double and complex double, whose products then run on
// the tensor cores (update_mma in blocked.cu; launch_update says when complex double takes it),
// UpdateShape's elsewhere.
template <class T> __host__ __device__ constexpr int update_tile() {
    return std::is_same<RealOf<T>, double>::value ? 64 : UpdateShape<T>::BM;
}
// The tile of C a block owns, after the checks every variant makes; false: nothing to do.
// The update's kernel (update_kernel) is compiled in blocked.cu.
template <class T>
void launch_update(const Update<T> &g, int64_t count, int max_rows, int max_cols, cudaStream_t stream);

// ---- LU: the panel ---------------------------------------------------------------------------
// getf2 on rows j.. of the panel columns (in shared memory when the panel fits), pivots made
// global (row j + p) and the first zero pivot added to info. An empty ipiv: no pivoting
// (getrf_np), throughout the blocked steps.
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
        int *piv = ipiv.empty() ? nullptr : ipiv.at(i) + j;
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
        if (piv)
            for (int r = t.rank(); r < l.jb; r += t.size()) piv[r] += j;
        if (t.rank() == 0 && result != 0 && info[i] == 0) info[i] = j + result;
    }
};

// ---- LU: row interchanges and U12 --------------------------------------------------------------
// The panel's jb interchanges applied at once to the other columns of the matrix: the block first
// works out which rows end where (at most 2 jb rows move), then reads each moved row's old values
// for its columns and writes them to their new rows. Right of the panel it also solves
// L11 U12 = A12 on the new rows j .. j + jb - 1 before writing them (L11 unit lower triangular).
// Without pivots (getrf_np) no row moves: only the solve right of the panel runs.
// Columns per block (static shared memory stays under 48 KiB for complex double too).
template <class T> __host__ __device__ constexpr int swap_columns() { return sizeof(T) > 8 ? 16 : 64; }
constexpr int kSwapThreads = 128;
template <class T> struct LuSwapSolve {
    Step s;
    View<T> A;
    View<int> ipiv;
    int right_blocks;  // set by launch_swap_solve
    // The end of LU's outer block (lu.cu), or 0: with pivots the columns from block_end on are only
    // swapped (the block's own columns are solved); without, only they are taken, and solved (the
    // block rows right of the block, at its end). (One field: with a second one in the struct,
    // ptxas gave double's kernel 154 registers instead of 126, three blocks an SM instead of four.)
    int block_end = 0;
};
// The blocked LU's outer block where it has more than one panel (lu_outer, lu.cuh).
constexpr int kLuOuter = 4 * kPanel;
// Its kernel (lu_swap_solve) is compiled in lu_blocked.cu. With `defer` the interchanges skip the
// columns that lu_permute_rows takes later: those left of the outer block, and (with block_end)
// those right of it.
template <class T>
void launch_swap_solve(LuSwapSolve<T> g, int64_t count, int max_cols, cudaStream_t stream, bool defer = false);

// ---- LU: interchanges applied at once -----------------------------------------------------------
// The interchanges t0 .. t1 - 1 composed into one permutation of rows t0.. and applied to
// columns c0 .. c1 - 1, kPermuteCols a block; or with `outer` > 0 (after the last outer block)
// block y takes the outer block y's columns and every interchange after that block. The rows that
// move pass through a shared buffer of kPermuteBuffer bytes, as many whole columns at a time as
// it holds: matrices of up to permute_rows_max rows.
template <class T> struct LuPermute {
    Sizes m, n;
    View<T> A;
    View<int> ipiv;
    int t0, t1, c0, c1, outer;
};
constexpr int kPermuteThreads = 256, kPermuteWarps = kPermuteThreads / 32, kPermuteCols = 64, kPermuteBuffer = 32768;
// The kernel's dynamic shared memory for rows_cap rows: two lists of 16-bit row numbers (the
// composed permutation and the rows that move), rounded to 16 bytes, then the buffer.
constexpr size_t permute_shared_bytes(int rows_cap) {
    return (size_t(rows_cap) * 2 * sizeof(unsigned short) + 15) / 16 * 16 + kPermuteBuffer;
}
// The rows it takes: a column in the buffer, and its dynamic shared memory beside its static one
// (an int per warp) within the 48 KiB a launch gets without opting in (4088 rows).
template <class T> constexpr int permute_rows_max() {
    constexpr int lists = (48 * 1024 - kPermuteBuffer - kPermuteWarps * int(sizeof(int))) / 16 * 16;
    return std::min<int>(lists / int(2 * sizeof(unsigned short)), kPermuteBuffer / sizeof(T));
}
template <class T>
void launch_permute_rows(const LuPermute<T> &g, int64_t count, int max_rows, int max_cols, cudaStream_t stream);

// ---- Cholesky: the diagonal block's solve for the block column below it ------------------------
// L21 = A21 L11^{-H}, solved as L11 Y = A21^H one column of Y (a row of L21, or for 'U' a column
// of U12) per thread, blockDim.x of them per block (at most chol_lines()). The tile passes through
// shared memory so that both storage orders are read and written along memory; the substitution
// takes the thread's column eight unknowns at a time in registers, L11 read as broadcasts, and
// passes the rows below through the tile once per eight multiply-adds (once per multiply-add, its
// two shared loads each made the kernel wait). (Forming Y as L11^{-1} A21^H on the tensor cores
// instead was measured slower: the inverse, once per block, costs more than the solves.)
// Complex double takes 32 lines a block: 128 would need 66 KB of tile, past the 48 KB of dynamic
// shared memory a launch gets without opting in (64 lines, 33 KB, not measured).
// The block column is kPanel wide, or in single precision kCholBaseFloat, the blocked Cholesky's
// base panel there (launch_potrf; 8 KB of L11 and 33 KB of tile at 128 lines).
template <class T> __host__ __device__ constexpr int chol_lines() { return sizeof(T) > 8 ? 32 : 128; }
constexpr int kCholBaseFloat = 64;
template <class T> struct CholSolve {
    Step s;
    View<T> A;
    bool upper;
    const int *stop;
};
// Its kernel (chol_solve) is compiled in cholesky_blocked.cu.
template <class T> void launch_chol_solve(const CholSolve<T> &g, int64_t count, int max_n, cudaStream_t stream);

}  // namespace cuda
}  // namespace bl

