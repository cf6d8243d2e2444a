// CUDA backend: LU factorization (getrf) and the solves built on it (getrs, gesv).
#include "backend.hpp"
#include "blocked.cuh"
#include "kernels.cuh"
#include "stage.cuh"

namespace bl {
namespace cuda {
namespace {

// LU of matrices up to NB x NB (NB = 8, 16, 32) in registers: a group of NB lanes per matrix,
// 32 / NB matrices per warp, each lane holding one row. Rows are not moved while the matrix is
// factored: each lane tracks its row's position in LAPACK's sequence of interchanges (rows at
// positions < j are U's finished rows), the pivot row is found by a shuffle reduction over
// (|value|, position) and broadcast from wherever it lies, and every row is stored once, at its
// final position. Every lane runs every step (the shuffles need the whole warp); steps past a
// matrix's min(m, n) change nothing.
template <class T> struct GetrfRegisters {
    Sizes m, n;
    View<T> A;
    View<int> ipiv;
    int *info;
    int64_t count;
};
template <int NB, class T> __global__ void __launch_bounds__(128) getrf_registers(GetrfRegisters<T> g) {
    using R = RealOf<T>;
    const int lane = threadIdx.x & (NB - 1), group = (threadIdx.x & 31) & ~(NB - 1);
    const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / NB;
    const bool live = i < g.count;
    const int M = live ? g.m[i] : 0, N = live ? g.n[i] : 0, k = min(M, N);
    T *a = live ? g.A.at(i) : nullptr;
    const int lda = live ? g.A.ldi(i) : 0;
    T row[NB];
#pragma unroll
    for (int c = 0; c < NB; ++c) row[c] = lane < M && c < N ? a[lane + int64_t(c) * lda] : T(0);
    int pos = lane, info = 0;
#pragma unroll
    for (int j = 0; j < NB; ++j) {
        const bool step = j < k, in_play = step && pos >= j && lane < M;
        // i?amax over the rows in play; NaN ranks below every number, above rows not in play
        R v = R(-1);
        if (in_play) {
            const R x = abs1(row[j]);
            v = x == x ? x : R(-0.5);
        }
        int p = pos;
#pragma unroll
        for (int o = NB / 2; o > 0; o >>= 1)
            better(v, p, __shfl_xor_sync(0xffffffffu, v, o, NB), __shfl_xor_sync(0xffffffffu, p, o, NB));
        const bool pivot_row = in_play && pos == p;
        const unsigned rows = __ballot_sync(0xffffffffu, pivot_row) >> group;
        const int src = __ffs(NB == 32 ? rows : rows & ((1u << NB) - 1)) - 1;  // -1: no step here
        if (step && lane == 0) g.ipiv.at(i)[j] = p + 1;
        const T pivot = shfl(row[j], max(src, 0), NB);
        const bool zero = is_zero(pivot);
        if (step && zero && info == 0) info = j + 1;
        if (in_play) pos = pivot_row ? j : pos == j ? p : pos;  // rows j and p trade places
        const bool mine = in_play && !pivot_row && !zero;
        const T l = mine ? row[j] * (T(1) / pivot) : T(0);
        if (mine) row[j] = l;
#pragma unroll
        for (int c = j + 1; c < NB; ++c) {
            const T u = shfl(row[c], max(src, 0), NB);
            if (mine) row[c] -= l * u;
        }
    }
    if (!live) return;
#pragma unroll
    for (int c = 0; c < NB; ++c)
        if (lane < M && c < N) a[pos + int64_t(c) * lda] = row[c];
    if (lane == 0) g.info[i] = info;
}


// Solves op(A) X = B with A = P L U from getrf. Matrices whose `skip` entry is nonzero (gesv:
// the factorization failed) are left alone, as LAPACK's gesv does. With `shared` (block teams)
// a right-hand side at a time through the team's tile, else in place in global memory.
template <class T> struct GetrsBody {
    char trans;
    Sizes n, nrhs;
    View<const T> A;
    View<const int> ipiv;
    View<T> B;
    const int *skip;
    bool shared;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *scratch) const {
        const int N = n[i], R = nrhs[i];
        if (N == 0 || R == 0 || (skip && skip[i] != 0)) return;
        const T *a = A.at(i);
        const int lda = A.ldi(i), ldb = B.ldi(i);
        const int *p = ipiv.at(i);
        T *b = B.at(i);
        if constexpr (std::is_same<Team, BlockTeam>::value)
            if (shared) {
                const bool conj = trans == 'C';
                // L then U with the interchanges first; or U^T, L^T (conjugated for 'C') and the
                // interchanges last.
                const SharedSolve s =
                    trans == 'N' ? SharedSolve{2, {{true, false, false, true}, {false, false, false, false}}, false}
                                 : SharedSolve{2, {{false, true, conj, false}, {true, true, conj, true}}, true};
                solve_shared(t, s, N, R, a, lda, p, b, 1, ldb, tile);
                return;
            }
        // Row interchanges, in LAPACK's order (forward for A, backward for A^T / A^H), one
        // thread per right-hand side.
        auto swaps = [&](bool forward) {
            for (int c = t.rank(); c < R; c += t.size())
                for (int s = 0; s < N; ++s) {
                    const int k = forward ? s : N - 1 - s, kp = p[k] - 1;
                    if (kp != k) {
                        T x = b[k + int64_t(c) * ldb];
                        b[k + int64_t(c) * ldb] = b[kp + int64_t(c) * ldb];
                        b[kp + int64_t(c) * ldb] = x;
                    }
                }
            t.sync();
        };
        if (trans == 'N') {
            swaps(true);
            trsm_left(t, true, false, false, true, N, R, a, lda, b, 1, ldb, scratch);
            trsm_left(t, false, false, false, false, N, R, a, lda, b, 1, ldb, scratch);
        } else {
            const bool conj = trans == 'C';
            trsm_left(t, false, true, conj, false, N, R, a, lda, b, 1, ldb, scratch);
            trsm_left(t, true, true, conj, true, N, R, a, lda, b, 1, ldb, scratch);
            swaps(false);
        }
    }
};

template <class T> void launch_getrf(Chunk &c, const Int &m, const Int &n, const Array<T> &A, const Array<int> &ipiv) {
    using D = Dev<T>;
    const int maxm = chunk_max(m, c), maxn = chunk_max(n, c);
    const int largest = std::max(maxm, maxn);
    const Sizes ms = c.sizes(m), ns = c.sizes(n);
    const View<D> a = c.view(A);
    const View<int> p = c.view(ipiv);
    if (largest <= 32) {
        const GetrfRegisters<D> g{ms, ns, a, p, c.info, c.count};
        launch_register_groups(largest, c.count, [&](auto nb, unsigned blocks) {
            getrf_registers<decltype(nb)::value><<<blocks, 128, 0, c.stream>>>(g);
        });
        check_launch("getrf_registers");
        return;
    }
    // Beyond 32 the blocked algorithm of blocked.cuh. (At n = 64 it measured 832 GFLOP/s, getf2 on
    // a shared-memory copy of the whole matrix 777.)
    c.clear_info();
    for (int j = 0; j < std::min(maxm, maxn); j += kPanel) {
        const Step s{ms, ns, j, kPanel};
        const size_t tile = size_t(maxm - j) * kPanel * sizeof(D);
        const bool in_shared = fits_shared(tile);
        launch(LuPanel<D>{s, a, p, c.info, in_shared}, c.count, false, block_threads(maxm - j, !in_shared),
               in_shared ? tile : 0, c.stream);
        launch_swap_solve(LuSwapSolve<D>{s, a, p, 0}, c.count, maxn, c.stream);
        launch_update(Update<D>{s, a, false, false, nullptr}, c.count, maxm, maxn, c.stream);
    }
}

template <class T>
void launch_getrs(Chunk &c, char trans, const Int &n, const Int &nrhs, const Array<const T> &A,
                  const Array<const int> &ipiv, const Array<T> &B, const int *skip) {
    const int maxn = chunk_max(n, c);
    if (maxn <= 32 && chunk_max(nrhs, c) <= kRegisterSolveMaxRhs) {
        SolveRegisters<Dev<T>> g{c.sizes(n), c.sizes(nrhs), c.view(A), c.view(ipiv), c.view(B), false, trans != 'N', 2,
                                 {{true, false, false, true}, {false, false, false, false}}, skip, c.count};
        if (trans != 'N') {  // U^T then L^T (conjugated for 'C'), interchanges last
            g.tri[0] = {false, true, trans == 'C', false};
            g.tri[1] = {true, true, trans == 'C', true};
        }
        launch_solve_registers(g, maxn, c.stream);
        return;
    }
    const bool shared = maxn > 32 && maxn <= kSharedSolveMax;
    GetrsBody<Dev<T>> body{trans, c.sizes(n), c.sizes(nrhs), c.view(A), c.view(ipiv), c.view(B), skip, shared};
    if (shared) launch(body, c.count, false, solve_shared_threads(maxn, 2), solve_shared_bytes<Dev<T>>(maxn, true), c.stream);
    else launch(body, c.count, maxn <= 32, block_threads(maxn), 0, c.stream);
}

}  // namespace

template <class T> int run(const Getrf<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.m[i], op.n[i]}; }, true);
            d.add(op.ipiv, [&](int64_t i) { return Shape{std::min(op.m[i], op.n[i]), 1}; }, true);
        },
        [&](Chunk &c) { launch_getrf(c, op.m, op.n, op.A, op.ipiv); });
}
BL_INSTANTIATE_RUN(Getrf)

template <class T> int run(const Getrs<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, false);
            d.add(op.ipiv, [&](int64_t i) { return Shape{op.n[i], 1}; }, false);
            d.add(op.B, [&](int64_t i) { return Shape{op.n[i], op.nrhs[i]}; }, true);
        },
        [&](Chunk &c) {
            launch_getrs(c, op.trans.value, op.n, op.nrhs, op.A, op.ipiv, op.B, nullptr);
            c.clear_info();
        });
}
BL_INSTANTIATE_RUN(Getrs)

template <class T> int run(const Gesv<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, true);
            d.add(op.ipiv, [&](int64_t i) { return Shape{op.n[i], 1}; }, true);
            d.add(op.B, [&](int64_t i) { return Shape{op.n[i], op.nrhs[i]}; }, true);
        },
        [&](Chunk &c) {
            launch_getrf(c, op.n, op.n, op.A, op.ipiv);
            launch_getrs(c, 'N', op.n, op.nrhs, as_const(op.A), as_const(op.ipiv), op.B, c.info);
        });
}
BL_INSTANTIATE_RUN(Gesv)

}  // namespace cuda
}  // namespace bl
