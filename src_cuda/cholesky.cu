// CUDA backend: Cholesky factorization (potrf), the solves built on it (potrs, posv) and the
// inverse from the factor (potri: potrs against the identity).
#include "backend.hpp"
#include "blocked.cuh"
#include "cholesky.cuh"
#include "inverse.cuh"
#include "kernels.cuh"
#include "solve_stream.cuh"
#include "stage.cuh"

#include <functional>

namespace bl {
namespace cuda {
namespace {

template <class T> struct PotrfBody {
    bool upper;
    Sizes n;
    View<T> A;
    int *info;
    bool in_shared;  // the matrix is copied to the team's tile (odd leading dimension), and back
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *) const {
        const int N = n[i];
        int result = 0;
        if (N > 0) {
            T *a = A.at(i);
            const int lda = A.ldi(i);
            if (in_shared) {
                // An odd leading dimension keeps a row's elements in different banks (the upper
                // case walks rows).
                T *w = static_cast<T *>(tile);
                const int ldw = N | 1;
                copy_matrix(t, N, N, a, lda, w, ldw);
                t.sync();
                result = potf2(t, upper, N, w, ldw, false);
                t.sync();
                copy_matrix(t, N, N, w, ldw, a, lda);
            } else {
                result = potf2(t, upper, N, a, lda, true);
            }
        }
        if (t.rank() == 0) info[i] = result;
    }
};

// Cholesky of orders 33..64 (complex single: 33..48, chol_fused_max) in one kernel: a block of 64
// threads per matrix, thread r holding row r of L (for 'U', row r of U^H) in registers, as in
// potrf_registers. The column broadcasts go through shared memory instead of shuffles: step j, the
// threads r >= j store their element j (not yet scaled) to a column in shared memory; after one
// barrier every thread reads the diagonal d from it, scales its own element by 1/sqrt(d), and reads
// the entries c > j by broadcast loads of 16 bytes (2 doubles a load, where a shuffle moves half of
// one) for its update A(r, c) -= L(r, j) conj(A(c, j)) / sqrt(d). Publishing the unscaled column
// needs one barrier a step, not two (one for the pivot, one for the scaled column); two columns
// alternate, so that no step's stores meet the previous step's loads.
// Warp 0 (rows 0..31) updates columns up to 31 only and is done after step 31; from there warp 1
// goes on alone with warp barriers (it stores only entries 32.. of a column, warp 0 read only
// entries ..31). A thread updates the entries of its row above the diagonal too (every lane runs
// the warp's instructions anyway) and never stores them; threads r >= n (a smaller matrix of the
// chunk) hold zeros and only take part in the barriers. After a non-positive pivot the matrix is
// left as it stands, as in potrf_registers and potf2.
// 'U' reads along the rows of U^H, consecutive threads lda elements apart (a sector a thread):
// the matrix is staged as L in shared memory (w, leading dimension 65: no bank conflicts), read
// and written along U's columns. The row takes NC (40, 48 or 64) times a scalar's registers:
// complex double's 64 (256) does not fit and keeps the other kernels (launch_potrf).
// With `blocked` it factors the (up to) 64 x 64 diagonal block at (j0, j0) of the matrices that have
// not failed yet, the blocked algorithm's base panel, and adds j0 to a failure's info.
template <class T> struct PotrfFused {
    bool upper;
    Sizes n;
    View<T> A;
    int *info;
    int j0 = 0;
    bool blocked = false;
};
constexpr int kFusedLd = 65;
template <class T> size_t potrf_fused_bytes(bool upper) {
    return (2 * 64 + (upper ? 64 * kFusedLd : 0)) * sizeof(T);
}
template <int NC, class T> __global__ void __launch_bounds__(64) potrf_fused(PotrfFused<T> g) {
    using R = RealOf<T>;
    constexpr int K = kPieceEntries<T>;  // column entries per shared load
    using Pack = Piece<T>;
    extern __shared__ __align__(16) unsigned char smem[];
    T *cols = reinterpret_cast<T *>(smem);  // column b at cols + 64 b
    T *w = cols + 2 * 64;                   // 'U': L(r, c) at w[r + c * kFusedLd]
    const int r = threadIdx.x;
    const bool hi = r >= 32;
    const int64_t i = blockIdx.x;
    if (g.blocked && g.info[i] != 0) return;
    const int N = g.blocked ? max(0, min(NC, g.n[i] - g.j0)) : g.n[i], lda = g.A.ldi(i);
    T *a = g.A.at(i) + (N > 0 ? g.j0 + int64_t(g.j0) * lda : 0);
    if (g.upper) {
        // thread r reads row r of U, U(r, q) for q >= r: consecutive threads, consecutive addresses
#pragma unroll 16
        for (int q = 0; q < NC; ++q)
            if (r <= q && q < N) w[q + r * kFusedLd] = conj_(a[r + int64_t(q) * lda]);
        __syncthreads();
    }
    T row[NC];
#pragma unroll
    for (int c = 0; c < NC; ++c)
        row[c] = c <= r && r < N ? (g.upper ? w[r + c * kFusedLd] : a[r + int64_t(c) * lda]) : T(0);
    int info = 0;
#pragma unroll
    for (int j = 0; j < NC; ++j) {
        if (j >= N || (j >= 32 && !hi)) break;
        T *col = cols + 64 * (j & 1);
        if (r >= j) col[r] = row[j];
        if (j < 32) __syncthreads();
        else warp_sync();
        const R d = real_(col[j]);
        if (!(d > R(0))) {  // also NaN; the same d in every thread
            info = j + 1;
            break;
        }
        // rsqrt: every thread needs the factor, and sqrt then a division cost as many
        // instructions as a late step's updates. The diagonal is d * inv as well: sqrt on its
        // thread alone, one warp's work, still cost dpotrf 64 a third of its rate (H100: 1.8 ->
        // 2.8 TFLOP/s).
        const R inv = rsqrt(d);
        if (r == j) row[j] = T(d * inv);
        else row[j] = row[j] * inv;
        const T f = row[j] * inv;  // L(r, j) / sqrt(d)
        const Pack *p = reinterpret_cast<const Pack *>(col);
        // the loads of 16 bytes that hold entries c > j; warp 0 only those up to 31
#pragma unroll
        for (int q = 0; q < 32 / K; ++q)
            if (q * K + K - 1 > j) {
                const Pack x = p[q];
#pragma unroll
                for (int k = 0; k < K; ++k)
                    if (q * K + k > j) row[q * K + k] = sub_mul_conj(row[q * K + k], f, x.v[k]);
            }
        if (hi) {
#pragma unroll
            for (int q = 32 / K; q < NC / K; ++q)
                if (q * K + K - 1 > j) {
                    const Pack x = p[q];
#pragma unroll
                    for (int k = 0; k < K; ++k)
                        if (q * K + k > j) row[q * K + k] = sub_mul_conj(row[q * K + k], f, x.v[k]);
                }
        }
    }
    if (g.upper) {
#pragma unroll
        for (int c = 0; c < NC; ++c)
            if (c <= r && r < N) w[r + c * kFusedLd] = row[c];
        __syncthreads();
#pragma unroll 16
        for (int q = 0; q < NC; ++q)
            if (r <= q && q < N) a[r + int64_t(q) * lda] = conj_(w[q + r * kFusedLd]);
    } else {
#pragma unroll
        for (int c = 0; c < NC; ++c)
            if (c <= r && r < N) a[r + int64_t(c) * lda] = row[c];
    }
    if (r == 32 && (!g.blocked || info != 0)) g.info[i] = info == 0 ? 0 : g.j0 + info;  // warp 1 sees every step
}
// NC, the row's length in registers, follows the chunk's largest order: the 64-column row of
// complex single took 162 registers where 40 and 48 take 117 and 128 (real double 165 / 128 /
// 128), and every unrolled loop runs NC steps. On an H100 (cuSOLVER in the same run): cpotrf 33 /
// 40 / 44 / 48 1.50 / 1.43 / 1.38 / 1.23 -> 3.71 / 3.38 / 2.53 / 2.23x, dpotrf 40 / 48 2.4 -> 3.7
// / 3.2x, spotrf 40 / 48 3.1 / 3.0 -> 5.4 / 4.2x.
template <class T> void launch_potrf_fused(const PotrfFused<T> &g, int maxn, int64_t count, cudaStream_t stream) {
    if (count == 0) return;
    const unsigned blocks = unsigned(count);
    const size_t bytes = potrf_fused_bytes<T>(g.upper);
    if (maxn <= 40) potrf_fused<40><<<blocks, 64, bytes, stream>>>(g);
    else if (maxn <= 48) potrf_fused<48><<<blocks, 64, bytes, stream>>>(g);
    else potrf_fused<64><<<blocks, 64, bytes, stream>>>(g);
    check_launch("potrf_fused");
}

// Solves A X = B with A = L L^H (or U^H U) from potrf; matrices whose `skip` entry is nonzero
// (posv: the factorization failed) are left alone. With `shared` (block teams) a right-hand side
// at a time through the team's tile, else in place in global memory.
template <class T> struct PotrsBody {
    bool upper;
    Sizes n, nrhs;
    View<const T> A;
    View<T> B;
    const int *skip;
    bool shared;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *scratch) const {
        const int N = n[i], R = nrhs[i];
        if (N == 0 || R == 0 || (skip && skip[i] != 0)) return;
        const T *a = A.at(i);
        const int lda = A.ldi(i), ldb = B.ldi(i);
        T *b = B.at(i);
        // L Y = B then L^H X = Y; or U^H Y = B then U X = Y.
        const SharedSolve s{2, {{!upper, upper, upper, false}, {!upper, !upper, !upper, false}}, false};
        if constexpr (std::is_same<Team, BlockTeam>::value)
            if (shared) {
                solve_shared(t, s, N, R, a, lda, nullptr, b, 1, ldb, tile);
                return;
            }
        for (const Triangle &q : s.tri)
            trsm_left(t, q.lower, q.transpose, q.conjugate, q.unit, N, R, a, lda, b, 1, ldb, scratch);
    }
};

// Matrices up to 32 are factored by one fused kernel of registers (a group of lanes per matrix,
// shuffles); from 33 up to chol_fused_max by potrf_fused (a block of 64 threads, shared-memory
// columns); complex double, whose row does not fit potrf_fused's registers, takes a block on a
// shared-memory copy (PotrfBody) up to kCholSharedMax. Larger ones take the blocked algorithm of
// blocked.cuh. Since chol_solve was rolled, the blocked algorithm is the faster from 49 on in
// complex single (64: 1.58-1.60x cuSOLVER against 1.16-1.18) and from 41 in complex double (48:
// 1.47 against 1.01); in double potrf_fused stays ahead to 64 (PERFORMANCE.md, H100).
template <class D> constexpr int chol_fused_max() { return kComplex<D> ? 48 : 64; }
constexpr int kCholSharedMax = 40;

template <class T> void launch_potrf(Chunk &c, char uplo, const Int &n, const Array<T> &A) {
    using D = Dev<T>;
    const int maxn = chunk_max(n, c);
    const bool upper = uplo == 'U';
    const Sizes ns = c.sizes(n);
    const View<D> a = c.view(A);
    if (maxn <= 32) {
        // (the chunk's one writer of infos: potrf and posv call this, and posv's solve writes none)
        launch_potrf_registers(PotrfRegisters<D>{upper, ns, a, c.info, c.count, 0, false, c.failure_flag()}, maxn,
                               c.stream);
        return;
    }
    if constexpr (sizeof(D) <= 8) {
        if (maxn <= chol_fused_max<D>()) {
            launch_potrf_fused(PotrfFused<D>{upper, ns, a, c.info}, maxn, c.count, c.stream);
            return;
        }
    } else if (maxn <= kCholSharedMax) {
        const size_t tile = (size_t(maxn) * (maxn | 1) * sizeof(D) + 15) / 16 * 16;
        const bool in_shared = fits_shared(tile);
        launch_blocks(PotrfBody<D>{upper, ns, a, c.info, in_shared}, c.count, block_threads(maxn, !in_shared),
                      in_shared ? tile : 0, c.stream);
        return;
    }
    c.clear_info();
    // Columns j .. j + w - 1 and everything below them, halving w down to kPanel: the left half,
    // its update of the right half only, the right half. The trailing matrix is then updated
    // once per `outer` columns instead of once per kPanel: a right-looking update reads and
    // writes the whole trailing matrix, and that traffic was most of the time at n >= 128.
    // The halving stops at kPanel columns (potrf_registers on the diagonal block, then chol_solve),
    // in single precision above 128 at kCholBaseFloat (potrf_fused, then chol_solve): there the
    // update runs on the FMA units, and its 32-column level cost more than the wider base's
    // solves (H100, spotrf 256 / 512: +11 / +7 %). In double and complex single the wider base
    // lost (dpotrf 512 12.2 -> 10.4 TFLOP/s, cpotrf 512 21.0 -> 19.8; PERFORMANCE.md).
    const int base = std::is_same<D, float>::value && maxn > 128 ? kCholBaseFloat : kPanel;
    const std::function<void(int, int)> panel = [&](int j, int w) {
        if (w <= base) {
            if constexpr (std::is_same<D, float>::value)
                if (base == kCholBaseFloat)
                    launch_potrf_fused(PotrfFused<D>{upper, ns, a, c.info, j, true}, base, c.count, c.stream);
            if (base == kPanel)
                launch_potrf_registers(PotrfRegisters<D>{upper, ns, a, c.info, c.count, j, true}, kPanel, c.stream);
            launch_chol_solve(CholSolve<D>{Step{ns, ns, j, base}, a, upper, c.info}, c.count, maxn, c.stream);
            return;
        }
        const int h = w / 2;
        panel(j, h);
        launch_update(Update<D>{Step{ns, ns, j, h}, a, true, upper, c.info, j + w}, c.count, maxn, maxn, c.stream);
        panel(j + h, h);
    };
    // (The widths are the fastest of 32, 64, 128 and 256 measured at each order on the 32-column
    // base; single precision's 64-column base kept them without measuring them again.)
    const int outer = maxn >= 512 ? 8 * kPanel : maxn > 128 ? 4 * kPanel : 2 * kPanel;
    for (int j = 0; j < maxn; j += outer) {
        panel(j, outer);
        launch_update(Update<D>{Step{ns, ns, j, outer}, a, true, upper, c.info}, c.count, maxn, maxn, c.stream);
    }
}

// B is a view (potri's workspace).
template <class D>
void launch_potrs(Chunk &c, char uplo, const Int &n, const Int &nrhs, const View<const D> &A, const View<D> &B,
                  const int *skip) {
    const int maxn = chunk_max(n, c);
    const int maxrhs = chunk_max(nrhs, c);
    const bool upper = uplo == 'U';
    // L Y = B then L^H X = Y; or U^H Y = B then U X = Y.
    const Triangle first{!upper, upper, upper, false}, second{!upper, !upper, !upper, false};
    if (stream_solves<D>(maxn, maxrhs)) {
        launch_solve_stream(SolveStream<D>{c.sizes(n), c.sizes(nrhs), A, View<const int>{}, B, false, {first, second}, skip},
                            maxn, c.count, c.stream);
        return;
    }
    if (maxn <= 32 && maxrhs <= kRegisterSolveMaxRhs) {
        launch_solve_registers(SolveRegisters<D>{c.sizes(n), c.sizes(nrhs), A, View<const int>{}, B, false, 2,
                                                 {first, second}, skip, c.count},
                               maxn, c.stream);
        return;
    }
    const bool shared = maxn > 32 && maxn <= kSharedSolveMax;
    PotrsBody<D> body{upper, c.sizes(n), c.sizes(nrhs), A, B, skip, shared};
    if (shared) launch_blocks(body, c.count, solve_shared_threads(maxn, 2), solve_shared_bytes<D>(maxn, false), c.stream);
    else launch(body, c.count, maxn <= 32, block_threads(maxn), 0, c.stream);
}

}  // namespace

template <class T> int run(const Potrf<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.sort_by_order();
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, true);
        },
        [&](Chunk &c) { launch_potrf(c, op.uplo.value, op.n, op.A); });
}
BL_INSTANTIATE_RUN(Potrf)

template <class T> int run(const Potrs<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, false);
            d.add(op.B, [&](int64_t i) { return Shape{op.n[i], op.nrhs[i]}; }, true);
        },
        [&](Chunk &c) {
            launch_potrs(c, op.uplo.value, op.n, op.nrhs, c.view(op.A), c.view(op.B), nullptr);
            c.no_failures();
        });
}
BL_INSTANTIATE_RUN(Potrs)

template <class T> int run(const Posv<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.sort_by_order();
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, true);
            d.add(op.B, [&](int64_t i) { return Shape{op.n[i], op.nrhs[i]}; }, true);
        },
        [&](Chunk &c) {
            launch_potrf(c, op.uplo.value, op.n, op.A);
            launch_potrs(c, op.uplo.value, op.n, op.nrhs, c.view(as_const(op.A)), c.view(op.B), c.info);
        });
}
BL_INSTANTIATE_RUN(Posv)

// potri: inverse.cuh.
template <class T> int run(const Potri<T> &op) {
    return drive(
        op, [&](Driver &d) { d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, true); },
        [&](Chunk &c) { invert_spd<T>(c, chunk_max(op.n, c), c.sizes(op.n), c.view(op.A), op.uplo.value); });
}
BL_INSTANTIATE_RUN(Potri)

}  // namespace cuda
}  // namespace bl
