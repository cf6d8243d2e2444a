// CUDA backend: triangular solves (trsv, trsm) with the library's own per-matrix routine, and
// the triangular inverse (trtri: inverse.cuh).
#include "backend.hpp"
#include "inverse.cuh"
#include "kernels.cuh"
#include "stage.cuh"


namespace bl {
namespace cuda {
namespace {

// trsv beyond the register solve's sizes and beyond the streamed solve's (x in place).
template <class T> struct TrsvBody {
    Triangle t;
    Sizes n;
    View<const T> A;
    View<T> x;
    template <class Team> __device__ void operator()(const Team &team, int64_t i, void *, void *scratch) const {
        const int N = n[i];
        if (N == 0) return;
        const int inc = x.ldi(i);
        // A negative increment walks x from its last element in memory (BLAS).
        T *first = x.at(i) + (inc < 0 ? int64_t(N - 1) * -inc : 0);
        trsm_left(team, t.lower, t.transpose, t.conjugate, t.unit, N, 1, A.at(i), A.ldi(i), first, inc, 0, scratch);
    }
};

// trsv up to n = 32: a group of NB lanes per matrix (NB = 8, 16, 32), lane r on row r, by
// solve_triangle. Apart from the general register solve (getrs, potrs: several right-hand sides,
// two triangles, interchanges), which took 96 registers for this one triangle (double, NB = 16).
template <class T> struct TrsvRegisters {
    Triangle t;
    Sizes n;
    View<const T> A;
    View<T> x;
    int64_t count;
};
template <int NB, class T> __global__ void __launch_bounds__(128) trsv_registers(TrsvRegisters<T> g) {
    const int lane = threadIdx.x & (NB - 1);
    const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / NB;
    const bool live = i < g.count;
    const int N = live ? g.n[i] : 0, inc = live ? g.x.ldi(i) : 0;
    const bool mine = lane < N;
    T *x = live ? g.x.at(i) + (inc < 0 ? int64_t(N - 1) * -inc : 0) : nullptr;
    T v = mine ? x[int64_t(lane) * inc] : T(0);
    v = solve_triangle<NB>(g.t, lane, N, mine, live ? g.A.at(i) : static_cast<const T *>(nullptr),
                           live ? g.A.ldi(i) : 0, v);
    if (mine) x[int64_t(lane) * inc] = v;
}

// ---- trsv streamed: a warp per matrix ------------------------------------------------------
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

template <class T> struct TrsvStream {
    Triangle t;
    Sizes n;
    View<const T> A;
    View<T> x;
};
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

// op(A) x = b for 32 < n <= kSharedSolveMax, a warp per matrix. Right = false, left-looking: by
// block rows of 32 unknowns in the order of the solve (step s: block row s forward, nb - 1 - s
// backward). Lane r, on row r of the block row, subtracts from b the tiles of op(A) left of the
// diagonal (in the order of the solve) times the x already solved, read from shared memory; then
// the warp solves the diagonal block by 32 dependent steps (x_k broadcast by a shuffle) and stores
// its x to shared and global memory. A lane holds a piece of C columns of its row (128 bytes) while
// the next piece is already loading, across block rows too: the loads never wait on the solve, so
// the triangle streams from memory while the chain of diagonal solves runs, and no barrier is
// needed. One warp per matrix, one piece of 128 bytes in flight a lane: more warps per matrix
// (each its own block rows, waiting for the others' x on a counter in shared memory), pieces of
// 256 bytes, two pieces in flight, and the shared-memory solve this replaced were all slower
// (PERFORMANCE.md, "Why the kernels are as they are"); a batch of 2,000 fits the GPU at once only
// with a warp a matrix.
// Right = true, right-looking, for op(A) = A (the launch's choice). After the diagonal block of
// step t is solved, the warp walks down block column t, subtracting its tiles times x_t from the
// rows below (in the order of the solve), which wait in shared memory, C columns at a time down the
// whole column: the pieces then follow each column of A in memory (one 256-byte segment after the
// other) instead of crossing a block row (segments lda apart), which was faster at every order.
// The transposed solves stay left-looking, whose pieces already run along the columns of A there
// (a lane's row of op(A) is a column of A).
template <bool Right, class T> __global__ void __launch_bounds__(32) trsv_stream(TrsvStream<T> g) {
    constexpr int C = 128 / int(sizeof(T)), P = 32 / C;  // columns of a piece, pieces of a tile
    extern __shared__ __align__(16) unsigned char trsv_x[];
    const int lane = threadIdx.x;
    const int64_t i = blockIdx.x;
    const int N = g.n[i];
    if (N == 0) return;
    const int blocks = (N + 31) / 32;
    T *xs = reinterpret_cast<T *>(trsv_x);  // x (right-looking: b, then x) by block rows of 32
    const Triangle tr = g.t;
    const bool forward = tr.lower != tr.transpose;
    const T *a = g.A.at(i);
    const int64_t lda = g.A.ldi(i);
    const int inc = g.x.ldi(i);
    T *x = g.x.at(i) + (inc < 0 ? int64_t(N - 1) * -inc : 0);  // BLAS: a negative increment starts at the end
    auto block_row = [&](int s) { return forward ? s : blocks - 1 - s; };
    if constexpr (Right) {
        for (int s = 0; s < blocks; ++s) {
            const int row = 32 * s + lane;
            xs[row] = row < N ? x[int64_t(row) * inc] : T(0);
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
                    if (row < N) x[int64_t(row) * inc] = acc;
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
        auto rhs = [&](int s) {
            const int row = 32 * block_row(s) + lane;
            return row < N ? x[int64_t(row) * inc] : T(0);
        };
        T acc = rhs(0);
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
                    if (row < N) x[int64_t(row) * inc] = acc;
                    warp_sync();
                    if (s + 1 < blocks) acc = rhs(s + 1);
                }
            });
    }
}
// Right-looking for op(A) = A, left-looking for the transposed solves.
template <class T> void launch_trsv_stream(const TrsvStream<T> &g, int maxn, int64_t count, cudaStream_t stream) {
    const size_t bytes = size_t(maxn + 31) / 32 * 32 * sizeof(T);
    void (*kernel)(TrsvStream<T>) = g.t.transpose ? trsv_stream<false, T> : trsv_stream<true, T>;
    if (bytes > kDefaultSharedBytes) allow_shared(kernel, bytes);  // complex double beyond n = 3072
    kernel<<<unsigned(count), 32, bytes, stream>>>(g);
    check_launch("trsv_stream");
}

// op(A) X = alpha B (left) or X op(A) = alpha B (right); the right side is solved as
// op(A)^T X^T = alpha B^T, B read transposed.
template <class T> struct TrsmBody {
    bool left, lower, transpose, conjugate, unit;
    T alpha;
    Sizes m, n;
    View<const T> A;
    View<T> B;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *, void *scratch) const {
        const int M = m[i], N = n[i];
        if (M == 0 || N == 0) return;
        T *b = B.at(i);
        const int ldb = B.ldi(i);
        if (!(alpha == T(1))) {
            for (int e = t.rank(); e < M * N; e += t.size()) {
                const int c = e / M, r = e - c * M;
                T &v = b[r + int64_t(c) * ldb];
                v = is_zero(alpha) ? T(0) : alpha * v;  // alpha = 0: B = 0 without reading A or B
            }
            t.sync();
            if (is_zero(alpha)) return;
        }
        if (left) trsm_left(t, lower, transpose, conjugate, unit, M, N, A.at(i), A.ldi(i), b, 1, ldb, scratch);
        else trsm_left(t, lower, transpose, conjugate, unit, N, M, A.at(i), A.ldi(i), b, ldb, 1, scratch);
    }
};

}  // namespace

template <class T> int run(const Trsv<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, false);
            d.add(op.x, [&](int64_t i) { return Shape{1, op.n[i]}; }, true);
        },
        [&](Chunk &c) {
            const int maxn = chunk_max(op.n, c);
            const char tr = op.trans.value;
            const Triangle t{op.uplo.value == 'L', tr != 'N', tr == 'C', op.diag.value == 'U'};
            if (maxn <= 32) {
                const TrsvRegisters<Dev<T>> g{t, c.sizes(op.n), c.view(op.A), c.view(op.x), c.count};
                launch_register_groups(maxn, c.count, [&](auto nb, unsigned blocks) {
                    trsv_registers<decltype(nb)::value><<<blocks, 128, 0, c.stream>>>(g);
                });
                check_launch("trsv_registers");
                return;
            }
            if (maxn <= kSharedSolveMax) {
                launch_trsv_stream(TrsvStream<Dev<T>>{t, c.sizes(op.n), c.view(op.A), c.view(op.x)}, maxn, c.count,
                                   c.stream);
                return;
            }
            launch_blocks(TrsvBody<Dev<T>>{t, c.sizes(op.n), c.view(op.A), c.view(op.x)}, c.count, block_threads(maxn),
                          0, c.stream);
        });
}
BL_INSTANTIATE_RUN(Trsv)

template <class T> int run(const Trsm<T> &op) {
    const bool left = op.side.value == 'L';
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { int k = left ? op.m[i] : op.n[i]; return Shape{k, k}; }, false);
            d.add(op.B, [&](int64_t i) { return Shape{op.m[i], op.n[i]}; }, true);
        },
        [&](Chunk &c) {
            const int k = chunk_max(left ? op.m : op.n, c);
            const char tr = op.transa.value;
            // For the right side, op(A)^T: A^T for 'N', A for 'T', conj(A) for 'C'.
            const bool transpose = left ? tr != 'N' : tr == 'N';
            TrsmBody<Dev<T>> body{left,          op.uplo.value == 'L',   transpose,   tr == 'C',
                                  op.diag.value == 'U', to_dev(op.alpha.value), c.sizes(op.m), c.sizes(op.n),
                                  c.view(op.A),  c.view(op.B)};
            launch(body, c.count, k <= 32, block_threads(k), 0, c.stream);
        });
}
BL_INSTANTIATE_RUN(Trsm)

// trtri: inverse.cuh.
template <class T> int run(const Trtri<T> &op) {
    return drive(
        op, [&](Driver &d) { d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, true); },
        [&](Chunk &c) {
            invert_triangular<T>(c, chunk_max(op.n, c), c.sizes(op.n), c.view(op.A), op.uplo.value,
                                 op.diag.value == 'U');
        });
}
BL_INSTANTIATE_RUN(Trtri)

}  // namespace cuda
}  // namespace bl
