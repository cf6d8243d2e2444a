// CUDA backend: triangular solves (trsv, trsm) with the library's own per-matrix routine.
#include "backend.hpp"
#include "kernels.cuh"
#include "stage.cuh"

#include <cstring>

namespace bl {
namespace cuda {
namespace {

// trsv beyond the register solve's sizes: one block per matrix, x in its shared memory.
template <class T> struct TrsvBody {
    Triangle t;
    Sizes n;
    View<const T> A;
    View<T> x;
    bool shared;
    template <class Team> __device__ void operator()(const Team &team, int64_t i, void *tile, void *scratch) const {
        const int N = n[i];
        if (N == 0) return;
        const int inc = x.ldi(i);
        // A negative increment walks x from its last element in memory (BLAS).
        T *first = x.at(i) + (inc < 0 ? int64_t(N - 1) * -inc : 0);
        if constexpr (std::is_same<Team, BlockTeam>::value)
            if (shared) {
                solve_shared(team, SharedSolve{1, {t, t}, false}, N, 1, A.at(i), A.ldi(i), nullptr, first, inc, 0,
                             tile);
                return;
            }
        trsm_left(team, t.lower, t.transpose, t.conjugate, t.unit, N, 1, A.at(i), A.ldi(i), first, inc, 0, scratch);
    }
};

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

template <class T> Dev<T> to_device(const T &x) {
    Dev<T> d;
    std::memcpy(static_cast<void *>(&d), &x, sizeof d);
    return d;
}

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
                SolveRegisters<Dev<T>> g{c.sizes(op.n), Sizes{1}, c.view(op.A), View<const int>{}, c.view(op.x), true,
                                         false, 1, {t, t}, nullptr, c.count};
                launch_solve_registers(g, maxn, c.stream);
                return;
            }
            const bool shared = maxn <= kSharedSolveMax;
            TrsvBody<Dev<T>> body{t, c.sizes(op.n), c.view(op.A), c.view(op.x), shared};
            if (shared) launch(body, c.count, false, solve_shared_threads(maxn, 1), solve_shared_bytes<Dev<T>>(maxn, false), c.stream);
            else launch(body, c.count, false, block_threads(maxn), 0, c.stream);
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
                                  op.diag.value == 'U', to_device(op.alpha.value), c.sizes(op.m), c.sizes(op.n),
                                  c.view(op.A),  c.view(op.B)};
            launch(body, c.count, k <= 32, block_threads(k), 0, c.stream);
        });
}
BL_INSTANTIATE_RUN(Trsm)

}  // namespace cuda
}  // namespace bl
