// Triangular solves with one right-hand side streamed through one warp per matrix: the triangle
// of op(A) read once, a piece at a time into registers while the piece before it is consumed, x
// in shared memory. trsv beyond n = 32 (blas.cu) and the one-vector solves of getrs and potrs
// (solve_stream.cu: both triangles and the row interchanges in one kernel) are built on it.
#pragma once

#include "kernels.cuh"

namespace bl {
namespace cuda {

// The C steps of a triangular solve that one piece of a diagonal block holds: lane r's row r of
// the block, columns k0 .. k0 + C - 1 of it in cur (in memory order; taken in the order of the
// solve). acc is the lane's right-hand side less everything left of these columns; lanes whose x
// the piece completes hold it afterwards, broadcast to the others by a shuffle at each step. The
// reciprocal diagonal is formed before the chain (1 for rows past the matrix, whose x stays 0).
template <int C, class T>
__device__ __forceinline__ T solve_diagonal_piece(const T (&cur)[C], int k0, int lane, bool row_in, bool unit,
                                                  bool forward, T acc) {
    T d = T(1);
#pragma unroll
    for (int k = 0; k < C; ++k)
        if (k0 + k == lane && row_in && !unit) d = cur[k];
    const T inv = T(1) / d;
#pragma unroll
    for (int kk = 0; kk < C; ++kk) {
        const int k = k0 + (forward ? kk : C - 1 - kk);
        const T ak = forward ? cur[kk] : cur[C - 1 - kk];
        if (lane == k) acc *= inv;
        const T xk = shfl(acc, k, 32);
        if (forward ? lane > k : lane < k) acc = sub_mul_conj(acc, ak, conj_(xk));
    }
    return acc;
}

// The loop of both streamed solves: the pieces of the triangle in order, each into registers
// while the one before it is consumed (`consume(cur, at)`), so that loads never wait on the
// solve. A cursor is a step of the solve and a piece of it; `per_step(step)` pieces make a step.
struct PieceCursor {
    int step, u;
};
template <int C, class T, class PerStep, class Load, class Consume>
__device__ __forceinline__ void stream_pieces(int steps, PerStep per_step, Load load, Consume consume) {
    auto advance = [&](PieceCursor &c) {
        if (++c.u == per_step(c.step)) ++c.step, c.u = 0;
    };
    PieceCursor at{0, 0}, ahead{0, 0};
    T cur[C], next[C];
    load(cur, ahead);
    advance(ahead);
    for (;;) {
        if (ahead.step < steps) load(next, ahead), advance(ahead);
        consume(cur, at);
        advance(at);
        if (at.step >= steps) break;
#pragma unroll
        for (int k = 0; k < C; ++k) cur[k] = next[k];
    }
}

// Shared memory for stream_triangle's x at order n: whole block rows of 32.
template <class T> size_t stream_x_bytes(int n) { return size_t(n + 31) / 32 * 32 * sizeof(T); }

// op(A) x = b for an order-N triangle (any N >= 1; used from 33 on), by the calling warp alone.
// `rhs(row)` gives b_row (row < N); `put(row, x_row)` takes each element of x as soon as its block
// row is solved (row < N); x is also left in `xs` (stream_x_bytes, zero past N), which the solve
// uses throughout: `rhs` may read xs itself (each row is read before its lane writes it).
// Right = false, left-looking: by block rows of 32 unknowns in the order of the solve (step s:
// block row s forward, nb - 1 - s backward). Lane r, on row r of the block row, subtracts from b
// the tiles of op(A) left of the diagonal (in the order of the solve) times the x already solved,
// read from shared memory; then the warp solves the diagonal block by 32 dependent steps (x_k
// broadcast by a shuffle) and stores its x. A lane holds a piece of C columns of its row (128
// bytes) while the next piece is already loading, across block rows too: the loads never wait on
// the solve, so the triangle streams from memory while the chain of diagonal solves runs, and no
// barrier is needed. One warp per matrix, one piece of 128 bytes in flight a lane: more warps per
// matrix (each its own block rows, waiting for the others' x on a counter in shared memory),
// pieces of 256 bytes, two pieces in flight, and the shared-memory solve this replaced were all
// slower (PERFORMANCE.md, "Why the kernels are as they are"); a batch of 2,000 fits the GPU at
// once only with a warp a matrix.
// Right = true, right-looking, for op(A) = A (the callers' choice). After the diagonal block of
// step t is solved, the warp walks down block column t, subtracting its tiles times x_t from the
// rows below (in the order of the solve), which wait in shared memory, C columns at a time down the
// whole column: the pieces then follow each column of A in memory (one 256-byte segment after the
// other) instead of crossing a block row (segments lda apart), which was faster at every order.
// The transposed solves stay left-looking, whose pieces already run along the columns of A there
// (a lane's row of op(A) is a column of A).
template <bool Right, class T, class Rhs, class Put>
__device__ __forceinline__ void stream_triangle(const Triangle &tr, int N, const T *a, int64_t lda, T *xs, Rhs rhs,
                                                Put put) {
    constexpr int C = 128 / int(sizeof(T)), P = 32 / C;  // columns of a piece, pieces of a tile
    const int lane = lane_id();
    const int blocks = (N + 31) / 32;
    const bool forward = tr.lower != tr.transpose;
    auto block_row = [&](int s) { return forward ? s : blocks - 1 - s; };
    if constexpr (Right) {
        for (int s = 0; s < blocks; ++s) {
            const int row = 32 * s + lane;
            xs[row] = row < N ? rhs(row) : T(0);
        }
        // Step t: pieces 0 .. P-1 the diagonal block (columns in the order of the solve), then for each
        // C-column part h the tiles below it, s = t + 1 .. blocks - 1 in the order of the solve.
        struct Piece {
            int s, c0;  // block row (in the order of the solve), first column within the tile
            bool diagonal;
        };
        auto piece = [&](const PieceCursor &c) {
            if (c.u < P) return Piece{c.step, (forward ? c.u : P - 1 - c.u) * C, true};
            const int v = c.u - P, below = blocks - 1 - c.step;
            return Piece{c.step + 1 + v % below, v / below * C, false};
        };
        auto load = [&](T(&buf)[C], const PieceCursor &c) {
            const Piece p = piece(c);
            const int row = 32 * block_row(p.s) + lane, c0 = 32 * block_row(c.step) + p.c0;
#pragma unroll
            for (int k = 0; k < C; ++k) {
                const int col = c0 + k;
                const bool in = row < N && col < N && (!p.diagonal || (forward ? col <= row : col >= row));
                buf[k] = in ? a[row + col * lda] : T(0);
            }
        };
        T acc = T(0);
        stream_pieces<C, T>(
            blocks, [&](int t) { return P * (blocks - t); }, load,
            [&](const T(&cur)[C], const PieceCursor &at) {
                const Piece p = piece(at);
                const int bt = 32 * block_row(at.step);
                if (!p.diagonal) {  // the rows of block p.s -= the piece times x_t
                    T *b = xs + 32 * block_row(p.s) + lane;
                    const T *xt = xs + bt + p.c0;
                    T v = *b;
#pragma unroll
                    for (int k = 0; k < C; ++k) v = sub_mul_conj(v, cur[k], conj_(xt[k]));
                    *b = v;
                    return;
                }
                const int row = bt + lane;
                if (at.u == 0) acc = xs[row];
                acc = solve_diagonal_piece(cur, p.c0, lane, row < N, tr.unit, forward, acc);
                if (at.u == P - 1) {  // x_t is solved
                    xs[row] = acc;
                    if (row < N) put(row, acc);
                    warp_sync();
                }
            });
    } else {
        // The pieces in order: piece u of step s is tile t = u / P of the block row (t < s: left of
        // the diagonal, in the block column of step t; t = s: the diagonal block), columns
        // (u % P) C .. of it in the order of the solve.
        auto first_column = [&](const PieceCursor &c) {  // of the piece, in its tile
            const int pp = c.u % P;
            return (forward ? pp : P - 1 - pp) * C;
        };
        auto load = [&](T(&buf)[C], const PieceCursor &c) {
            const int t = c.u / P, row = 32 * block_row(c.step) + lane, c0 = 32 * block_row(t) + first_column(c);
#pragma unroll
            for (int k = 0; k < C; ++k) {
                const int col = c0 + k;
                const bool in = row < N && col < N && (t < c.step || (forward ? col <= row : col >= row));
                buf[k] = in ? conj_if(tr.conjugate, tr.transpose ? a[col + row * lda] : a[row + col * lda]) : T(0);
            }
        };
        auto rhs_of = [&](int s) {
            const int row = 32 * block_row(s) + lane;
            return row < N ? rhs(row) : T(0);
        };
        T acc = rhs_of(0);
        stream_pieces<C, T>(
            blocks, [&](int s) { return (s + 1) * P; }, load,
            [&](const T(&cur)[C], const PieceCursor &at) {
                const int s = at.step, t = at.u / P, k0 = first_column(at);
                if (t < s) {  // acc -= the piece times x of step t
                    const T *xt = xs + 32 * block_row(t) + k0;
#pragma unroll
                    for (int k = 0; k < C; ++k) acc = sub_mul_conj(acc, cur[k], conj_(xt[k]));  // acc - a x
                    return;
                }
                const int row = 32 * block_row(s) + lane;
                acc = solve_diagonal_piece(cur, k0, lane, row < N, tr.unit, forward, acc);
                if (at.u + 1 == (s + 1) * P) {  // the block row is solved
                    xs[row] = acc;
                    if (row < N) put(row, acc);
                    warp_sync();
                    if (s + 1 < blocks) acc = rhs_of(s + 1);
                }
            });
    }
}

// ---- getrs and potrs with one right-hand side (solve_stream.cu) ----------------------------
// Up to two triangular solves of B's one column in a row, with getrs's row interchanges before
// ('N') or after ('T', 'C') them: a warp per matrix, x loaded once into shared memory, each
// triangle streamed by stream_triangle (right-looking for op(A) = A, left-looking otherwise), x
// stored once. The interchanges are applied by one lane from a shared copy of the pivots.
template <class T> struct SolveStream {
    Sizes n, nrhs;  // nrhs[i] is 0 or 1
    View<const T> A;
    View<const int> ipiv;  // empty: no interchanges (getrs_np, potrs)
    View<T> B;
    bool pivots_after;
    Triangle tri[2];
    const int *skip;  // gesv/posv: matrices whose factorization failed are left alone
};
// Whether the streamed solve serves a chunk of orders up to maxn with at most maxrhs right-hand
// sides: one right-hand side, past the register solves' orders, and in complex arithmetic from 17
// (H200, ratio to cuBLAS/cuSOLVER at 32 with the register solve / streamed: zgetrs 0.60 / 1.35,
// cgetrs 1.05 / 1.94, zpotrs 0.90 / 1.39, cpotrs 1.52 / 1.78; at 16 the register solve won).
template <class T> bool stream_solves(int maxn, int maxrhs) {
    return maxn > (kComplex<T> ? 16 : 32) && maxn <= kSharedSolveMax && maxrhs == 1;
}
template <class T> void launch_solve_stream(const SolveStream<T> &g, int maxn, int64_t count, cudaStream_t stream);

}  // namespace cuda
}  // namespace bl
