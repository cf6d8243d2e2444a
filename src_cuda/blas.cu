// CUDA backend: triangular solves (trsv, trsm) with the library's own per-matrix routine, and
// the triangular inverse (trtri: inverse.cuh).
#include "backend.hpp"
#include "inverse.cuh"
#include "kernels.cuh"
#include "solve_stream.cuh"
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
    v = solve_triangle<NB, false>(g.t, lane, N, mine, live ? g.A.at(i) : static_cast<const T *>(nullptr),
                                  live ? g.A.ldi(i) : 0, v);
    if (mine) x[int64_t(lane) * inc] = v;
}

// ---- trsv streamed: a warp per matrix (solve_stream.cuh) --------------------------------------
template <class T> struct TrsvStream {
    Triangle t;
    Sizes n;
    View<const T> A;
    View<T> x;
};
// op(A) x = b for 32 < n <= kSharedSolveMax, x read and written in place in global memory (a
// negative increment starts at the end, as BLAS's).
template <bool Right, class T> __global__ void __launch_bounds__(32) trsv_stream(TrsvStream<T> g) {
    extern __shared__ __align__(16) unsigned char trsv_x[];
    const int64_t i = blockIdx.x;
    const int N = g.n[i];
    if (N == 0) return;
    const int inc = g.x.ldi(i);
    T *x = g.x.at(i) + (inc < 0 ? int64_t(N - 1) * -inc : 0);
    stream_triangle<Right>(
        g.t, N, g.A.at(i), g.A.ldi(i), reinterpret_cast<T *>(trsv_x), [&](int row) { return x[int64_t(row) * inc]; },
        [&](int row, T v) { x[int64_t(row) * inc] = v; });
}
// Right-looking for op(A) = A, left-looking for the transposed solves.
template <class T> void launch_trsv_stream(const TrsvStream<T> &g, int maxn, int64_t count, cudaStream_t stream) {
    const size_t bytes = stream_x_bytes<T>(maxn);
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
