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

// LU in registers with a thread a row, a block of 32 W threads per matrix: either a whole matrix of
// up to NC x NC (NC = 40, 48, 56, 64; W = 2; s, d, c: the row must fit in registers) or a
// panel of the blocked algorithm, rows j.. of its NC = 32 columns (rows <= 32 W). As in
// getrf_registers, rows are not moved while they are factored (each thread tracks its row's
// position in LAPACK's interchange sequence) and are stored once at the end. The pivot row is
// published through shared memory instead of shuffles: at step s each warp reduces (|value|,
// position) over its rows in play by shuffles, and the warp's candidate stores its row from column
// s on, 16 bytes a store, in the warp's slot; after one barrier every warp reduces the W candidates
// the same way and reads the winner's slot by broadcast loads of 16 bytes for the update A(r, c) -=
// l(r) U(s, c). Two sets of slots alternate, so that no step's stores meet the previous step's
// loads and one barrier a step suffices. Columns are updated in groups of 8 up to the block's own
// column count (a vbatch chunk holds orders 57..64); threads past the last row hold zeros and only
// take part in the barriers.
template <class T> struct GetrfRows {
    Step s;      // the panel's first column j and width (whole: j = 0, width 64)
    bool whole;  // all n columns (and info written); else the panel's jb columns (info added to)
    View<T> A;
    View<int> ipiv;
    int *info;
};
// 1 / x out of line: the complex division is long, and getrf_rows unrolls up to 64 steps.
template <class T> __device__ __noinline__ T reciprocal(T x) { return T(1) / x; }
template <int NC, int W, class T> __global__ void __launch_bounds__(32 * W) getrf_rows(GetrfRows<T> g) {
    using R = RealOf<T>;
    constexpr int K = 16 / sizeof(T);  // row entries per shared store or load
    struct alignas(16) Pack {
        T v[K];
    };
    __shared__ Pack slot[2][W][NC / K];  // slot[b][w]: warp w's candidate at the steps of parity b
    __shared__ R value[2][W];
    __shared__ int place[2][W];
    const int r = threadIdx.x, w = r >> 5, lane = r & 31;
    const int64_t i = blockIdx.x;
    const Step::Local l = g.s.at(i);
    if (l.jb <= 0) {
        if (g.whole && r == 0) g.info[i] = 0;
        return;
    }
    const int j0 = g.s.j, lda = g.A.ldi(i);
    const int rows = l.m - j0, cols = g.whole ? l.n : l.jb, steps = min(rows, cols);
    T *a = g.A.at(i) + j0 + int64_t(j0) * lda;
    int *ipiv = g.ipiv.at(i) + j0;
    T row[NC];
#pragma unroll
    for (int c = 0; c < NC; ++c) row[c] = r < rows && c < cols ? a[r + int64_t(c) * lda] : T(0);
    int pos = r, info = 0;
#pragma unroll
    for (int s = 0; s < NC; ++s) {
        if (s >= steps) break;
        const int b = s & 1;
        const bool in_play = r < rows && pos >= s;
        // i?amax over the warp's rows in play; NaN ranks below every number, above rows not in play
        R v = R(-1);
        if (in_play) {
            const R x = abs1(row[s]);
            v = x == x ? x : R(-0.5);
        }
        int p = pos;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1)
            better(v, p, __shfl_xor_sync(0xffffffffu, v, o), __shfl_xor_sync(0xffffffffu, p, o));
        if (in_play && pos == p) {
#pragma unroll
            for (int q = 0; q < NC / K; ++q)
                if (q * K + K - 1 >= s && q * K / 8 * 8 < cols) {  // the groups the update reads
                    Pack x;
#pragma unroll
                    for (int e = 0; e < K; ++e) x.v[e] = row[q * K + e];
                    slot[b][w][q] = x;
                }
        }
        if (lane == 0) value[b][w] = v, place[b][w] = p;
        __syncthreads();
        // The W candidates in lanes 0..W-1 (positions are distinct: every warp finds one winner).
        R vw = lane < W ? value[b][lane] : R(-2);
        int pw = lane < W ? place[b][lane] : 0x7fffffff;
        const int mine = pw;
#pragma unroll
        for (int o = W / 2; o > 0; o >>= 1)
            better(vw, pw, __shfl_xor_sync(0xffffffffu, vw, o), __shfl_xor_sync(0xffffffffu, pw, o));
        const int piv = __shfl_sync(0xffffffffu, pw, 0);
        const Pack *u = slot[b][__ffs(__ballot_sync(0xffffffffu, lane < W && mine == piv)) - 1];
        const T pivot = u[s / K].v[s % K];
        const bool zero = is_zero(pivot);
        if (zero && info == 0) info = s + 1;
        if (r == 0) ipiv[s] = j0 + piv + 1;
        const bool pivot_row = in_play && pos == piv;
        if (in_play) pos = pivot_row ? s : pos == s ? piv : pos;  // rows s and piv trade places
        if (in_play && !pivot_row && !zero) {
            const T f = row[s] * reciprocal(pivot);
            row[s] = f;
#pragma unroll
            for (int c8 = 0; c8 < NC; c8 += 8)
                if (c8 + 7 > s && c8 < cols) {
#pragma unroll
                    for (int q = c8 / K; q < (c8 + 8) / K; ++q)
                        if (q * K + K - 1 > s) {
                            const Pack x = u[q];
#pragma unroll
                            for (int e = 0; e < K; ++e)
                                if (q * K + e > s)  // plain arithmetic (sub_mul_conj): NC unrolled steps
                                    row[q * K + e] = sub_mul_conj(row[q * K + e], f, conj_(x.v[e]));
                        }
                }
        }
    }
#pragma unroll
    for (int c = 0; c < NC; ++c)
        if (r < rows && c < cols) a[pos + int64_t(c) * lda] = row[c];
    if (r == 0) {
        if (g.whole) g.info[i] = info;
        else if (info != 0 && g.info[i] == 0) g.info[i] = j0 + info;
    }
}
// Panels of up to this many rows take getrf_rows (complex double: 8 warps, its row of 32 takes
// 128 registers and 16 warps would leave 128 a thread); taller ones getf2 in shared memory.
template <class T> constexpr int rows_panel_max() { return sizeof(T) > 8 ? 256 : 512; }
template <class T> void launch_getrf_rows(const GetrfRows<T> &g, int rows, int64_t count, cudaStream_t stream) {
    if (count == 0) return;
    auto go = [&](auto nc, auto w) {
        getrf_rows<decltype(nc)::value, decltype(w)::value><<<unsigned(count), 32 * decltype(w)::value, 0, stream>>>(g);
    };
    using std::integral_constant;
    if constexpr (sizeof(T) <= 8)
        if (g.whole) {  // rows = the largest order; fewer columns take fewer registers and steps
            if (rows <= 40) go(integral_constant<int, 40>(), integral_constant<int, 2>());
            else if (rows <= 48) go(integral_constant<int, 48>(), integral_constant<int, 2>());
            else if (rows <= 56) go(integral_constant<int, 56>(), integral_constant<int, 2>());
            else go(integral_constant<int, 64>(), integral_constant<int, 2>());
            check_launch("getrf_rows");
            return;
        }
    if (rows <= 64) go(integral_constant<int, kPanel>(), integral_constant<int, 2>());
    else if (rows <= 128) go(integral_constant<int, kPanel>(), integral_constant<int, 4>());
    else if (rows <= 256) go(integral_constant<int, kPanel>(), integral_constant<int, 8>());
    else if constexpr (rows_panel_max<T>() >= 512) go(integral_constant<int, kPanel>(), integral_constant<int, 16>());
    check_launch("getrf_rows");
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
    // Up to 64 (not complex double) the whole matrix in getrf_rows: H200, n = 64, 1134-1256
    // GFLOP/s, the blocked algorithm with getrf_rows panels 1035; n = 48: 943 and 620.
    if constexpr (sizeof(D) <= 8) {
        if (largest <= 64) {
            launch_getrf_rows(GetrfRows<D>{Step{ms, ns, 0, 64}, true, a, p, c.info}, largest, c.count, c.stream);
            return;
        }
    }
    // Beyond (complex double beyond 32), the blocked algorithm of blocked.cuh with getrf_rows
    // panels up to rows_panel_max rows. (H200, n = 128: 1496 GFLOP/s with getf2 panels in shared
    // memory, 1667 with these; ncu: the panels' share of a call from 3.0 of 8.5 ms to 2.0.
    // n = 256 / 512: 1.74 / 1.62x cuBLAS before, 1.83 / 1.67x after, in different runs.)
    c.clear_info();
    for (int j = 0; j < std::min(maxm, maxn); j += kPanel) {
        const Step s{ms, ns, j, kPanel};
        if (maxm - j <= rows_panel_max<D>()) {
            launch_getrf_rows(GetrfRows<D>{s, false, a, p, c.info}, maxm - j, c.count, c.stream);
        } else {
            const size_t tile = size_t(maxm - j) * kPanel * sizeof(D);
            const bool in_shared = fits_shared(tile);
            launch(LuPanel<D>{s, a, p, c.info, in_shared}, c.count, false, block_threads(maxm - j, !in_shared),
                   in_shared ? tile : 0, c.stream);
        }
        launch_swap_solve(LuSwapSolve<D>{s, a, p, 0}, c.count, maxn, c.stream);
        launch_update(Update<D>{s, a, false, false, nullptr}, c.count, maxm, maxn, c.stream);
    }
}

template <class T>
void launch_getrs(Chunk &c, char trans, const Int &n, const Int &nrhs, const Array<const T> &A,
                  const Array<const int> &ipiv, const Array<T> &B, const int *skip) {
    const int maxn = chunk_max(n, c);
    if (maxn <= 32 && chunk_max(nrhs, c) <= kRegisterSolveMaxRhs) {
        SolveRegisters<Dev<T>> g{c.sizes(n), c.sizes(nrhs), c.view(A), c.view(ipiv), c.view(B), trans != 'N', 2,
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
            d.sort_by_order();
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
            c.no_failures();
        });
}
BL_INSTANTIATE_RUN(Getrs)

template <class T> int run(const Gesv<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.sort_by_order();
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
