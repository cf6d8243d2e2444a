// CUDA backend: LU factorization (getrf) and the solves built on it (getrs, gesv), the same
// without pivoting (getrf_np, getrs_np, gesv_np: the kernels given no pivots), and the inverse
// from the factors (getri, getri_oop: inverse.cuh).
#include "backend.hpp"
#include "blocked.cuh"
#include "inverse.cuh"
#include "kernels.cuh"
#include "lu.cuh"
#include "solve_stream.cuh"
#include "stage.cuh"

namespace bl {
namespace cuda {
namespace {

// Solves op(A) X = B with A = P L U from getrf (getrs_np: A = L U, ipiv empty). Matrices whose
// `skip` entry is nonzero (gesv: the factorization failed) are left alone, as LAPACK's gesv does.
// With `shared` (block teams) a right-hand side at a time through the team's tile, else in place
// in global memory.
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
        const int *p = ipiv.at(i);  // null without pivots
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
            if (!p) return;
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

// getrf, or without pivots (p empty) getrf_np.
template <class T> void launch_getrf(Chunk &c, const Int &m, const Int &n, const Array<T> &A, const View<int> &p) {
    using D = Dev<T>;
    const int maxm = chunk_max(m, c), maxn = chunk_max(n, c);
    const int largest = std::max(maxm, maxn);
    const Sizes ms = c.sizes(m), ns = c.sizes(n);
    const View<D> a = c.view(A);
    // Complex orders 17..32: a thread a row with the steps rolled in blocks (getrf_rows). The
    // register kernel's 32 fully unrolled steps missed the instruction cache most of the time (its
    // warps stalled for instructions, and in complex double it took 255 registers).
    // (A whole-matrix kernel is the chunk's one writer of infos, and raises its failure flag:
    // getrf and gesv call this, and gesv's solve writes no info.)
    if (kComplex<D> && largest > 16 && largest <= 32) {
        launch_getrf_rows_whole(GetrfRows<D>{Step{ms, ns, 0, 32}, true, a, p, c.info, c.failure_flag()}, largest,
                                c.count, c.stream);
        return;
    }
    if (largest <= 32) {
        const GetrfRegisters<D> g{ms, ns, a, p, c.info, c.count, c.failure_flag()};
        launch_register_groups(largest, c.count, [&](auto nb, unsigned blocks) {
            launch_getrf_registers_variant<decltype(nb)::value>(g, blocks, c.stream);
        });
        return;
    }
    // Up to 64 (not complex double) the whole matrix in getrf_rows, faster there than the blocked
    // algorithm with getrf_rows panels.
    if constexpr (sizeof(D) <= 8) {
        if (largest <= 64) {
            launch_getrf_rows_whole(GetrfRows<D>{Step{ms, ns, 0, 64}, true, a, p, c.info, c.failure_flag()}, largest,
                                    c.count, c.stream);
            return;
        }
    }
    // Beyond (complex double beyond 32), the blocked algorithm of blocked.cuh with getrf_rows
    // panels up to rows_panel_max rows (faster than getf2 panels in shared memory, which take the
    // taller ones), in outer blocks of lu_outer columns (LAPACK's getrf with nb = outer and a
    // blocked panel): at each panel the block's own columns are solved and updated, every other
    // column only swapped; at the block's end its block rows right of it are solved, panel by
    // panel, and the rows below take the block's whole product in one update of `outer` columns.
    // A right-looking update reads and writes the whole trailing matrix, and at 32 columns a pass
    // that traffic was most of getrf's time (src_cuda/PERFORMANCE.md). (The columns right of the
    // block are swapped as the panels go, before any of them is updated: a row that an
    // interchange brings up must not have missed an update the rows around it took.)
    c.clear_info();
    const int k = std::min(maxm, maxn);
    const int outer = p.empty() ? kPanel : lu_outer(maxn);
    // The interchanges deferred and composed (lu_permute_rows) where its buffer holds the rows:
    // on an H100 getrf 512 +31 % in double, +17 % in complex double, +21 % in single and complex
    // single; at 128 single loses 3 % and the others gain 1-11 % (src_cuda/PERFORMANCE.md,
    // forty-fourth section).
    const bool defer = !p.empty() && maxm <= permute_rows_max<D>();
    for (int j0 = 0; j0 < k; j0 += outer) {
        const int end = outer > kPanel ? j0 + outer : kNoLimit;  // the columns the panels solve
        for (int j = j0; j < std::min(k, j0 + outer); j += kPanel) {
            // Without pivots (whose blocks are single panels), a trailing matrix of up to 64 x 64
            // is factored whole by getrf_rows: no rows move, so nothing left of it changes, and its
            // last panels, interchange solves and updates (on 64 x 64 tiles) become one launch.
            if constexpr (sizeof(D) <= 8) {
                if (p.empty() && maxm - j <= 64 && maxn - j <= 64) {
                    launch_getrf_rows_whole(GetrfRows<D>{Step{ms, ns, j, 64}, true, a, p, c.info}, largest - j,
                                            c.count, c.stream);
                    return;
                }
            }
            const Step s{ms, ns, j, kPanel};
            if (maxm - j <= rows_panel_max<D>()) {
                launch_getrf_rows_panel(GetrfRows<D>{s, false, a, p, c.info}, maxm - j, c.count, c.stream);
            } else {
                const size_t tile = size_t(maxm - j) * kPanel * sizeof(D);
                const bool in_shared = fits_shared(tile);
                launch_blocks(LuPanel<D>{s, a, p, c.info, in_shared}, c.count, block_threads(maxm - j, !in_shared),
                              in_shared ? tile : 0, c.stream);
            }
            launch_swap_solve(LuSwapSolve<D>{s, a, p, 0, end == kNoLimit ? 0 : end}, c.count, maxn, c.stream, defer);
            if (end != kNoLimit)  // the block's columns right of the panel, every row below it
                launch_update(Update<D>{s, a, false, false, nullptr, end}, c.count, maxm, maxn, c.stream);
        }
        if (end != kNoLimit && end < maxn) {
            if (defer)  // the block's interchanges on the columns right of it, at once
                launch_permute_rows(LuPermute<D>{ms, ns, a, p, j0, end, end, maxn, 0}, c.count, maxm, maxn, c.stream);
            for (int j = j0; j < std::min(k, end); j += kPanel) {  // the block rows right of the block
                const Step s{ms, ns, j, kPanel};
                launch_swap_solve(LuSwapSolve<D>{s, a, View<int>{}, 0, end}, c.count, maxn, c.stream);
                launch_update(Update<D>{s, a, false, false, nullptr, kNoLimit, end, end}, c.count, maxm, maxn,
                              c.stream);
            }
        }
        // the rows below the block, right of it (a block of one panel: the whole trailing matrix)
        launch_update(Update<D>{Step{ms, ns, j0, outer}, a, false, false, nullptr}, c.count, maxm, maxn, c.stream);
    }
    if (defer)  // each outer block's columns take the interchanges after the block
        launch_permute_rows(LuPermute<D>{ms, ns, a, p, 0, 0, 0, 0, outer}, c.count, maxm, k, c.stream);
}

// getrs, or without pivots (ipiv empty) getrs_np; B is a view (getri's workspace).
template <class D>
void launch_getrs(Chunk &c, char trans, const Int &n, const Int &nrhs, const View<const D> &A,
                  const View<const int> &ipiv, const View<D> &B, const int *skip) {
    const int maxn = chunk_max(n, c), maxrhs = chunk_max(nrhs, c);
    // L then U with the interchanges first; or U^T, L^T (conjugated for 'C') and the interchanges
    // last.
    const bool after = trans != 'N', conj = trans == 'C';
    const Triangle first = after ? Triangle{false, true, conj, false} : Triangle{true, false, false, true},
                   second = after ? Triangle{true, true, conj, true} : Triangle{false, false, false, false};
    if (stream_solves<D>(maxn, maxrhs)) {
        launch_solve_stream(SolveStream<D>{c.sizes(n), c.sizes(nrhs), A, ipiv, B, after, {first, second}, skip}, maxn,
                            c.count, c.stream);
        return;
    }
    if (maxn <= 32 && maxrhs <= kRegisterSolveMaxRhs) {
        launch_solve_registers(
            SolveRegisters<D>{c.sizes(n), c.sizes(nrhs), A, ipiv, B, after, 2, {first, second}, skip, c.count}, maxn,
            c.stream);
        return;
    }
    const bool shared = maxn > 32 && maxn <= kSharedSolveMax;
    GetrsBody<D> body{trans, c.sizes(n), c.sizes(nrhs), A, ipiv, B, skip, shared};
    if (shared) launch_blocks(body, c.count, solve_shared_threads(maxn, 2), solve_shared_bytes<D>(maxn, true), c.stream);
    else launch(body, c.count, maxn <= 32, block_threads(maxn), 0, c.stream);
}

// The operations with pivots (getrf, getrs, gesv) and without (getrf_np, getrs_np, gesv_np) run
// the same drivers (run_getrf, run_getrs, run_gesv); those without give the kernels an empty view.
template <class Op, class = void> struct Pivoted : std::false_type {};
template <class Op> struct Pivoted<Op, std::void_t<decltype(std::declval<Op>().ipiv)>> : std::true_type {};
template <class Op> auto pivots(Chunk &c, const Op &op) {
    if constexpr (Pivoted<Op>::value) return c.view(op.ipiv);
    else return View<int>{};
}

}  // namespace

template <class Op> int run_getrf(const Op &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.sort_by_order();
            d.add(op.A, [&](int64_t i) { return Shape{op.m[i], op.n[i]}; }, true);
            if constexpr (Pivoted<Op>::value)
                d.add(op.ipiv, [&](int64_t i) { return Shape{std::min(op.m[i], op.n[i]), 1}; }, true);
        },
        [&](Chunk &c) { launch_getrf(c, op.m, op.n, op.A, pivots(c, op)); });
}
template <class T> int run(const Getrf<T> &op) { return run_getrf(op); }
template <class T> int run(const GetrfNp<T> &op) { return run_getrf(op); }
BL_INSTANTIATE_RUN(Getrf)
BL_INSTANTIATE_RUN(GetrfNp)

template <class Op> int run_getrs(const Op &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, false);
            if constexpr (Pivoted<Op>::value) d.add(op.ipiv, [&](int64_t i) { return Shape{op.n[i], 1}; }, false);
            d.add(op.B, [&](int64_t i) { return Shape{op.n[i], op.nrhs[i]}; }, true);
        },
        [&](Chunk &c) {
            launch_getrs(c, op.trans.value, op.n, op.nrhs, c.view(op.A), readonly(pivots(c, op)), c.view(op.B),
                         nullptr);
            c.no_failures();
        });
}
template <class T> int run(const Getrs<T> &op) { return run_getrs(op); }
template <class T> int run(const GetrsNp<T> &op) { return run_getrs(op); }
BL_INSTANTIATE_RUN(Getrs)
BL_INSTANTIATE_RUN(GetrsNp)

template <class Op> int run_gesv(const Op &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.sort_by_order();
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, true);
            if constexpr (Pivoted<Op>::value) d.add(op.ipiv, [&](int64_t i) { return Shape{op.n[i], 1}; }, true);
            d.add(op.B, [&](int64_t i) { return Shape{op.n[i], op.nrhs[i]}; }, true);
        },
        [&](Chunk &c) {
            const View<int> p = pivots(c, op);
            launch_getrf(c, op.n, op.n, op.A, p);
            launch_getrs(c, 'N', op.n, op.nrhs, c.view(as_const(op.A)), readonly(p), c.view(op.B), c.info);
        });
}
template <class T> int run(const Gesv<T> &op) { return run_gesv(op); }
template <class T> int run(const GesvNp<T> &op) { return run_gesv(op); }
BL_INSTANTIATE_RUN(Gesv)
BL_INSTANTIATE_RUN(GesvNp)

// getri and getri_oop: inverse.cuh.
template <class T> int run(const Getri<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, true);
            d.add(op.ipiv, [&](int64_t i) { return Shape{op.n[i], 1}; }, false);
        },
        [&](Chunk &c) {
            const View<Dev<T>> a = c.view(op.A);
            invert_lu<T>(c, chunk_max(op.n, c), c.sizes(op.n), readonly(a), c.view(op.ipiv), a, false);
        });
}
BL_INSTANTIATE_RUN(Getri)

template <class T> int run(const GetriOop<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, false);
            d.add(op.ipiv, [&](int64_t i) { return Shape{op.n[i], 1}; }, false);
            d.add(op.C, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, true);
        },
        [&](Chunk &c) {
            invert_lu<T>(c, chunk_max(op.n, c), c.sizes(op.n), c.view(op.A), c.view(op.ipiv), c.view(op.C), true);
        });
}
BL_INSTANTIATE_RUN(GetriOop)

}  // namespace cuda
}  // namespace bl
