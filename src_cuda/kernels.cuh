// The per-matrix device routines (one team of threads on one matrix) and the one kernel that runs
// a routine over a batch, whatever its layout.
//
// A routine is a functor `body(team, i, tile, scratch)` that finds matrix i through its View and
// Sizes members and works on it; `each_matrix` gives every matrix a team (a warp, several to a
// block, for matrices up to 32 rows; a block beyond) with `tile` bytes of shared memory of its own.
#pragma once

#include "device.cuh"
#include "runtime.hpp"

#include <algorithm>
#include <type_traits>

namespace bl {
namespace cuda {

// Shared memory for the block teams' reductions (argmax, sum): 32 values of the widest scalar.
constexpr int kScratchBytes = 32 * 16 + 32 * 4;
// Warp teams to a block (launch_teams), each with its own tile.
constexpr int kWarpTeamsPerBlock = 4;

template <class Team, class Body> __global__ void each_matrix(Body body, int64_t count, size_t tile_bytes) {
    extern __shared__ __align__(16) unsigned char tiles[];
    __shared__ __align__(16) unsigned char scratch[kScratchBytes];
    const Team t;
    const int64_t per_block = std::is_same<Team, WarpTeam>::value ? blockDim.x / 32 : 1;
    const int64_t i = int64_t(blockIdx.x) * per_block + t.index();
    if (i >= count) return;  // a whole team leaves: no barrier of another team waits for it
    body(t, i, tiles + size_t(t.index()) * tile_bytes, scratch);
}

// Launches body over `count` matrices with teams of type Team: warps (WarpTeam), 4 to a block, or
// one block of `threads` per matrix (BlockTeam); each team gets `tile_bytes` of dynamic shared
// memory. A body only ever run by blocks is launched by launch_blocks, so that its warp-team
// kernel is not compiled for nothing; `launch` chooses at run time.
template <class Team, class Body>
void launch_teams(const Body &body, int64_t count, int threads, size_t tile_bytes, cudaStream_t stream) {
    if (count == 0) return;
    constexpr bool warp = std::is_same<Team, WarpTeam>::value;
    const int per_block = warp ? kWarpTeamsPerBlock : 1;
    if (warp) threads = 32 * per_block;
    const size_t shared = tile_bytes * per_block;
    const unsigned blocks = unsigned((count + per_block - 1) / per_block);
    // Past the default limit (the static scratch included) a kernel must opt in.
    if (shared + kScratchBytes > kDefaultSharedBytes) allow_shared(each_matrix<Team, Body>, shared);
    each_matrix<Team><<<blocks, threads, shared, stream>>>(body, count, tile_bytes);
    check_launch("each_matrix");
}
template <class Body>
void launch_blocks(const Body &body, int64_t count, int threads, size_t tile_bytes, cudaStream_t stream) {
    launch_teams<BlockTeam>(body, count, threads, tile_bytes, stream);
}
template <class Body> void launch(const Body &body, int64_t count, bool warp, int threads, size_t tile_bytes,
                                  cudaStream_t stream) {
    if (warp) launch_teams<WarpTeam>(body, count, threads, tile_bytes, stream);
    else launch_blocks(body, count, threads, tile_bytes, stream);
}

// Threads for a block team on matrices of `rows` rows: about one a row, 64 to 256 (more threads
// only add barrier cost for the solves and the shared-memory factorizations); a factorization in
// global memory takes 256, to keep more loads in flight.
inline int block_threads(int rows, bool in_global = false) {
    return in_global ? 256 : std::min(256, std::max(64, (rows + 31) / 32 * 32));
}
// Whether `bytes` of tile (plus the static scratch) fit one block's shared memory.
inline bool fits_shared(size_t bytes) { return bytes + kScratchBytes <= device_info().shared_per_block; }
// Whether matrices of up to `rows` rows with `tile_bytes` of tile each can run as warp teams: at
// most 32 rows, and a block's warps' tiles fit its shared memory.
inline bool warp_teams_fit(int rows, size_t tile_bytes) {
    return rows <= 32 && fits_shared(kWarpTeamsPerBlock * tile_bytes);
}

// For each element e < total in the team's order: v = load(e), then store(e, v), each thread
// issuing kInFlight loads before their stores: one load in flight per thread leaves a copy
// latency-bound.
template <class Team, class Load, class Store>
__device__ void staged_each(const Team &t, int total, const Load &load, const Store &store) {
    constexpr int kInFlight = 8;
    using V = decltype(load(0));
    const int step = t.size() * kInFlight;
    for (int e0 = t.rank(); e0 < total; e0 += step) {
        V v[kInFlight];
#pragma unroll
        for (int u = 0; u < kInFlight; ++u) {
            const int e = e0 + u * t.size();
            if (e < total) v[u] = load(e);
        }
#pragma unroll
        for (int u = 0; u < kInFlight; ++u) {
            const int e = e0 + u * t.size();
            if (e < total) store(e, v[u]);
        }
    }
}

// Copies an m x n matrix between storage with leading dimension lda and ldb (the team's threads
// over the elements, so that a column's elements are read together).
template <class Team, class T, class U>
__device__ void copy_matrix(const Team &t, int m, int n, const T *a, int lda, U *b, int ldb) {
    staged_each(
        t, m * n,
        [&](int e) {
            const int c = e / m, r = e - c * m;
            return a[r + int64_t(c) * lda];
        },
        [&](int e, T v) {
            const int c = e / m, r = e - c * m;
            b[r + int64_t(c) * ldb] = v;
        });
}

// ---- LU -----------------------------------------------------------------------------------
// Unblocked right-looking LU with partial pivoting (LAPACK's getf2) of an m x n matrix; each
// thread owns rows rank, rank + size, ... for the scaling and the rank-1 update. Returns info.
// Without `ipiv` (getrf_np) the pivot is the diagonal element; a zero pivot leaves its column
// unscaled and the update goes on with it, as LAPACK's getf2 steps do.
template <class Team, class T>
__device__ int getf2(const Team &t, int m, int n, T *a, int lda, int *ipiv, void *scratch) {
    using R = RealOf<T>;
    int info = 0;
    const int k = min(m, n);
    for (int j = 0; j < k; ++j) {
        T *col = a + int64_t(j) * lda;
        int p = j;
        if (ipiv) {
            R best = R(-1);
            p = 0x7fffffff;
            for (int r = j + t.rank(); r < m; r += t.size()) better(best, p, abs1(col[r]), r);
            p = argmax(t, best, p, scratch);
            if (p >= m) p = j;  // a column of NaNs: nothing compares greater
            if (t.rank() == 0) ipiv[j] = p + 1;
        }
        const T pivot = col[p];
        t.sync();  // everyone has the pivot before the swap moves it
        if (!is_zero(pivot)) {
            if (p != j)
                for (int c = t.rank(); c < n; c += t.size()) {
                    T x = a[j + int64_t(c) * lda];
                    a[j + int64_t(c) * lda] = a[p + int64_t(c) * lda];
                    a[p + int64_t(c) * lda] = x;
                }
        } else if (info == 0) {
            info = j + 1;
        }
        t.sync();
        const T inv = is_zero(pivot) ? T(1) : T(1) / pivot;
        for (int r = j + 1 + t.rank(); r < m; r += t.size()) {  // scale, then the row's update
            const T l = col[r] * inv;
            col[r] = l;
            for (int c = j + 1; c < n; ++c) a[r + int64_t(c) * lda] -= l * a[j + int64_t(c) * lda];
        }
        t.sync();
    }
    return info;
}

// ---- triangular solves ----------------------------------------------------------------------
// Solves op(A) X = B for the n x nrhs matrix X, overwriting B, where A is n x n triangular (lower
// or upper as stored), op(A) is A, its transpose or (with `conjugate`) the conjugate of either, and
// B(r, c) is b[r*rs + c*cs] (so B may be a vector with any increment, or a transposed matrix).
template <class Team, class T>
__device__ void trsm_left(const Team &t, bool lower, bool transpose, bool conjugate, bool unit, int n, int nrhs,
                          const T *a, int lda, T *b, int64_t rs, int64_t cs, void *scratch) {
    const bool forward = lower != transpose;
    auto B = [&](int r, int c) -> T & { return b[r * rs + c * cs]; };
    auto A = [&](int r, int c) { return conj_if(conjugate, a[r + int64_t(c) * lda]); };
    for (int s = 0; s < n; ++s) {
        const int k = forward ? s : n - 1 - s;
        if (!transpose) {  // column k of A eliminates x_k from the rows still to come
            if (!unit)
                for (int c = t.rank(); c < nrhs; c += t.size()) B(k, c) /= A(k, k);
            t.sync();
            const int rows = forward ? n - 1 - k : k, r0 = forward ? k + 1 : 0;
            for (int e = t.rank(); e < rows * nrhs; e += t.size()) {
                const int c = e / rows, r = r0 + e - c * rows;
                B(r, c) -= A(r, k) * B(k, c);
            }
            t.sync();
        } else {  // x_k from the solved part: column k of A (row k of op(A)) dotted with it
            const int i0 = forward ? 0 : k + 1, i1 = forward ? k : n;
            if (nrhs == 1) {
                T part = T(0);
                for (int i = i0 + t.rank(); i < i1; i += t.size()) part += A(i, k) * B(i, 0);
                const T total = sum(t, part, scratch);
                if (t.rank() == 0) {
                    T v = B(k, 0) - total;
                    B(k, 0) = unit ? v : v / A(k, k);
                }
            } else {
                for (int c = t.rank(); c < nrhs; c += t.size()) {
                    T v = B(k, c);
                    for (int i = i0; i < i1; ++i) v -= A(i, k) * B(i, c);
                    B(k, c) = unit ? v : v / A(k, k);
                }
            }
            t.sync();
        }
    }
}

// ---- one right-hand side through shared memory -----------------------------------------------
// Solves op(A) x = x for the vector x of length n in shared memory, A n x n triangular as in
// trsm_left, by blocks of 32 unknowns: the block's threads copy the diagonal block of op(A) into
// shared memory d (kDiagTile elements), warp 0 solves it with x in registers (shuffles), and all
// threads bring the rest of x up to date around it -- for op(A) = A after the block (a thread a
// row, reading down A's columns), for a transposed op(A) before it (a warp a column of A, a dot
// product along it). Two barriers per 32 unknowns instead of two per unknown. (Holding the
// diagonal block and the update's loads in register arrays instead took 167 registers a thread,
// one block per multiprocessor: slower.)
struct Triangle {
    bool lower, transpose, conjugate, unit;
};
// trsv_shared's copy of a diagonal block: 32 x 32 and the reciprocal diagonal as a 33rd column,
// d(r, c) = d[r + c*33] (a lane's row of d in distinct banks).
constexpr int kDiagTile = 33 * 33;
template <class T>
__device__ void trsv_shared(const BlockTeam &t, const Triangle &tr, int n, const T *a, int lda, T *x, T *d) {
    constexpr int LD = 33;
    const bool forward = tr.lower != tr.transpose;
    const int lane = t.rank() & 31, warp = t.rank() >> 5, warps = t.size() >> 5, blocks = (n + 31) / 32;
    auto A = [&](int r, int c) { return conj_if(tr.conjugate, a[r + int64_t(c) * lda]); };
    for (int s = 0; s < blocks; ++s) {
        const int k0 = 32 * (forward ? s : blocks - 1 - s), kb = min(32, n - k0);
        // The diagonal block of op(A) into d by all threads (consecutive threads on consecutive
        // addresses of A), the reciprocal of its diagonal in d's column 32.
        for (int e = t.rank(); e < 32 * 32; e += t.size()) {
            const int r = e & 31, c = e >> 5;  // A(k0 + r, k0 + c): op(A)(c, r) when transposed
            const int orow = tr.transpose ? c : r, ocol = tr.transpose ? r : c;
            const bool in = r < kb && c < kb && (forward ? ocol < orow : ocol > orow);
            d[orow + ocol * LD] = in ? A(k0 + r, k0 + c) : T(0);
            if (r == c) d[r + 32 * LD] = r < kb && !tr.unit ? T(1) / A(k0 + r, k0 + r) : T(1);
        }
        if (tr.transpose) {  // x_k -= sum over the solved x_i of A(i, k) x_i, k in the block
            const int lo = forward ? 0 : k0 + kb, hi = forward ? k0 : n;
            for (int q = warp; q < kb && lo < hi; q += warps) {
                // four partial sums, so that four loads of A are in flight at a time
                T part[4] = {T(0), T(0), T(0), T(0)};
                int i = lo + lane;
                for (; i + 96 < hi; i += 128)
#pragma unroll
                    for (int u = 0; u < 4; ++u) part[u] += A(i + 32 * u, k0 + q) * x[i + 32 * u];
                for (; i < hi; i += 32) part[0] += A(i, k0 + q) * x[i];
                T total = (part[0] + part[1]) + (part[2] + part[3]);
                total = warp_sum(total);
                if (lane == 0) x[k0 + q] -= total;
            }
        }
        t.sync();
        if (warp == 0) {  // lane r: x_r and row r of the block of op(A), read from d
            const T inv = d[lane + 32 * LD];
            T v = lane < kb ? x[k0 + lane] : T(0);
#pragma unroll 8
            for (int s2 = 0; s2 < 32; ++s2) {
                const int k = forward ? s2 : 31 - s2;
                if (lane == k) v *= inv;
                const T xk = shfl(v, k, 32);
                v -= d[lane + k * LD] * xk;  // zero outside the triangle and the block
            }
            if (lane < kb) x[k0 + lane] = v;
        }
        t.sync();
        if (!tr.transpose) {  // the rows still to solve lose the block's columns times its x
            const int r0 = forward ? k0 + kb : 0, r1 = forward ? n : k0;
            for (int r = r0 + t.rank(); r < r1; r += t.size()) {
                T v = T(0);
                // eight loads of A in flight at a time
#pragma unroll 8
                for (int c = 0; c < 32; ++c)
                    if (c < kb) v += A(r, k0 + c) * x[k0 + c];
                x[r] -= v;
            }
            t.sync();
        }
    }
}
// Up to this order a right-hand side fits the block's shared memory for trsv_shared.
constexpr int kSharedSolveMax = 4096;

// The solves of getrs, potrs and gels beyond the register kernels' sizes (trsv, and getrs and
// potrs with one right-hand side, stream the triangle through a warp instead: solve_stream.cuh):
// `steps` triangular solves in a row
// (and getrs's row interchanges before or after them), one right-hand side at a time in the
// block's shared memory `tile` (solve_shared_bytes: x, trsv_shared's diagonal block, the pivots).
// B(r, c) is b[r*rs + c*cs], as in trsm_left. The interchanges are applied to x by one thread
// from a shared copy of the pivots: a chain of dependent swaps in global memory would wait on
// its latency at every step.
struct SharedSolve {
    int steps;
    Triangle tri[2];
    bool pivots_after;
};
template <class T>
__device__ void solve_shared(const BlockTeam &t, const SharedSolve &s, int n, int nrhs, const T *a, int lda,
                             const int *ipiv, T *b, int64_t rs, int64_t cs, void *tile) {
    T *x = static_cast<T *>(tile), *d = x + n;
    int *piv = reinterpret_cast<int *>(d + kDiagTile);
    if (ipiv)
        for (int r = t.rank(); r < n; r += t.size()) piv[r] = ipiv[r] - 1;
    auto interchange = [&](bool forward) {
        if (t.rank() == 0)
            for (int q = 0; q < n; ++q) {
                const int k = forward ? q : n - 1 - q, kp = piv[k];
                const T v = x[k];
                x[k] = x[kp];
                x[kp] = v;
            }
        t.sync();
    };
    for (int c = 0; c < nrhs; ++c) {
        for (int r = t.rank(); r < n; r += t.size()) x[r] = b[r * rs + c * cs];
        t.sync();
        if (ipiv && !s.pivots_after) interchange(true);
        for (int q = 0; q < s.steps; ++q) trsv_shared(t, s.tri[q], n, a, lda, x, d);
        if (ipiv && s.pivots_after) interchange(false);
        for (int r = t.rank(); r < n; r += t.size()) b[r * rs + c * cs] = x[r];
        t.sync();
    }
}
// Threads per block for solve_shared at order n with `steps` triangles: the two-triangle solves do
// better with more, smaller blocks per multiprocessor (128 threads), one triangle with 256.
inline int solve_shared_threads(int n, int steps) { return std::min(steps > 1 ? 128 : 256, block_threads(n)); }
// Shared memory for solve_shared at order n: x, then trsv_shared's d, then the pivots.
template <class T> size_t solve_shared_bytes(int n, bool pivots) {
    return (size_t(n + kDiagTile) * sizeof(T) + (pivots ? size_t(n) * sizeof(int) : 0) + 15) / 16 * 16;
}
// ---- register kernels ------------------------------------------------------------------------
// The register kernels give each matrix a group of NB lanes, NB = 8, 16 or 32 (the smallest that
// holds the chunk's largest order), 128 threads to a block: calls launch(NB as an
// std::integral_constant, blocks) for `count` matrices.
template <class F> void launch_register_groups(int largest, int64_t count, F &&launch) {
    auto go = [&](auto nb) { launch(nb, unsigned((count * decltype(nb)::value + 127) / 128)); };
    if (largest <= 8) go(std::integral_constant<int, 8>());
    else if (largest <= 16) go(std::integral_constant<int, 16>());
    else go(std::integral_constant<int, 32>());
}

// ---- small solves in registers --------------------------------------------------------------
// The solves of getrs and potrs for n <= NB (8, 16, 32) and few right-hand sides: a group
// of NB lanes per matrix, lane r holding row r of op(A) and element r of the right-hand side;
// each step scales x_k in its lane by the reciprocal diagonal and broadcasts it by a shuffle. Up
// to two triangular solves, with row interchanges before (getrs 'N') or after (getrs 'T'/'C').
template <class T> struct SolveRegisters {
    Sizes n, nrhs;
    View<const T> A;
    View<const int> ipiv;  // empty: no interchanges (getrs_np, potrs)
    View<T> B;             // B(r, c) at B.at(i)[r + c * ldb]
    bool pivots_after;
    int steps;
    Triangle tri[2];
    const int *skip;       // gesv/posv: matrices whose factorization failed are left alone
    int64_t count;
};
// One triangle of the register solves: lane `lane` of a group of NB holds x_lane (`mine`: a row of
// the system) and returns its element of op(A)^-1 x, A of order n <= NB. Every index into row[]
// is a compile-time constant (a run-time one, such as the backward order NB - 1 - s, puts the
// array in local memory), and the lane's reciprocal diagonal is formed before the chain of
// dependent steps rather than a division on it. The triangle comes by value: getrs and potrs
// pass an element of their kernel parameter's array, and by reference the register solve ran at
// half its speed.
// `Prescale` (getrs, potrs): each lane scales its row by the reciprocal diagonals beforehand
// (A(r, k) / A(k, k), the reciprocals by shuffles), x_k is broadcast unscaled and each lane
// scales its own x at the end; a unit triangle (getrs' L) then has no scaling at all, where
// otherwise every step multiplied the pivot lane's x by 1 and selected it. On an H200, against
// the scaling in the chain: cgetrs 8 / 16 1.46-1.54 / 0.94-0.95 -> 1.70-1.77 / 1.62-1.64x
// cuBLAS (the kernel at 16 took 155 registers before, 80 now), cpotrs 16 2.2 -> 3.4x, zgetrs 8
// 1.14 -> 1.28x, sgetrs 16 1.19 -> 1.28-1.37x, d unchanged. trsv's kernel keeps the scaling in
// the chain: prescaled, dtrsv 16 ran 10% slower (one triangle, no unit L to gain on).
template <int NB, bool Prescale, class T>
__device__ __forceinline__ T solve_triangle(Triangle tr, int lane, int n, bool mine, const T *a, int lda, T x) {
    const bool forward = tr.lower != tr.transpose;
    T row[NB], diag = T(1);
#pragma unroll
    for (int k = 0; k < NB; ++k) {  // only op(A)'s triangle: half the bytes of the matrix
        row[k] = lane < n && k < n && (forward ? k <= lane : k >= lane)
                     ? conj_if(tr.conjugate, tr.transpose ? a[k + int64_t(lane) * lda] : a[lane + int64_t(k) * lda])
                     : T(0);
        if (k == lane && mine && !tr.unit) diag = row[k];
    }
    const T inv = T(1) / diag;
    if (Prescale && !tr.unit)
#pragma unroll
        for (int k = 0; k < NB; ++k) row[k] *= shfl(inv, k, NB);
#pragma unroll
    for (int s = 0; s < NB; ++s) {
        const int k = forward ? s : NB - 1 - s;
        const T rk = forward ? row[s] : row[NB - 1 - s];
        if (!Prescale && lane == k) x *= inv;
        const T xk = shfl(x, k, NB);
        if (mine && (forward ? lane > k : lane < k) && k < n) x -= rk * xk;
    }
    return Prescale && !tr.unit ? x * inv : x;
}
// The register solves (solve_registers.cu, a build unit of its own: the kernel is fully unrolled),
// a group of 8, 16 or 32 lanes per matrix chosen by the chunk's largest order `largest`.
template <class T> void launch_solve_registers(const SolveRegisters<T> &g, int largest, cudaStream_t stream);
// Whether the register solve serves a chunk: n <= 32 and at most this many right-hand sides.
constexpr int kRegisterSolveMaxRhs = 4;

// ---- Cholesky ------------------------------------------------------------------------------
// Unblocked right-looking Cholesky (LAPACK's potf2) of the n x n matrix whose lower triangle is
// L-stored (or, when `upper`, whose upper triangle holds U = L^H: element (r, c) of L is then
// conj(a[c + r*lda])). Returns info: the order of the first non-positive leading minor, or 0.
// `spread`: the trailing update is spread over the team's threads element by element (balanced
// for large matrices in global memory) rather than a row a thread (cheaper in shared memory).
template <class Team, class T>
__device__ int potf2(const Team &t, bool upper, int n, T *a, int lda, bool spread) {
    using R = RealOf<T>;
    auto at = [&](int r, int c) -> T & { return upper ? a[c + int64_t(r) * lda] : a[r + int64_t(c) * lda]; };
    auto get = [&](int r, int c) { return conj_if(upper, at(r, c)); };
    for (int j = 0; j < n; ++j) {
        const R d = real_(at(j, j));
        if (!(d > R(0))) return j + 1;  // also NaN; every thread takes the same branch
        t.sync();                       // everyone has read the diagonal before it changes
        const R s = sqrt(d);
        if (t.rank() == 0) at(j, j) = T(s);
        for (int r = j + 1 + t.rank(); r < n; r += t.size()) at(r, j) = at(r, j) / s;
        t.sync();
        const int rows = n - j - 1;
        if (spread) {
            for (int e = t.rank(); e < rows * rows; e += t.size()) {  // the trailing lower triangle
                // consecutive threads on consecutive addresses: down columns of L, along rows of U^H
                const int q = j + 1 + e / rows, w = j + 1 + e % rows;
                const int r = upper ? q : w, c = upper ? w : q;
                if (c <= r) at(r, c) -= conj_if(upper, get(r, j) * conj_(get(c, j)));
            }
        } else {
            for (int r = j + 1 + t.rank(); r < n; r += t.size()) {
                const T l = get(r, j);
                for (int c = j + 1; c <= r; ++c) at(r, c) -= conj_if(upper, l * conj_(get(c, j)));
            }
        }
        t.sync();
    }
    return 0;
}

}  // namespace cuda
}  // namespace bl
