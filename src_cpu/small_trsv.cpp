// Triangular solve with one vector (small.hpp), BLAS trsv's operation: fixed-size kernels for
// orders 1 and 2 (and up to max_order for increments other than 1), a kernel by blocks of columns
// beyond.
#include "small.hpp"
#include "small_detail.hpp"
#include "ops.hpp"

namespace bl {
namespace cpu {
namespace small {

// Asks L2 for columns [j0, j1) of the triangle of `next`, an order n matrix like the one being
// solved. A solve reads each element of its triangle once, for two flops; without the prefetch
// the batch runs at the latency of each matrix's first misses rather than at the memory's
// bandwidth. Into L2, not L1: lines brought to L1 evict the current matrix's (standalone loop of
// the blocked kernel, 2 threads, 'L' 'N', GFLOP/s without / into L1 / into L2: n = 64 3.0 / 2.7 /
// 3.9, 128 3.7 / 3.4 / 6.0, 256 5.0 / 3.9 / 6.1). Past a quarter of L2 (512: 7.1 / 5.5 / 6.6) the
// hardware prefetcher keeps up with the long columns by itself. Remeasured without the register
// spill described at blocked_trsv (batchlapack-bench, 'L' 'N', ratio to the OpenMP loop, prefetch
// up to 256 / up to 64 KiB): n = 192 1.15-1.21 / 1.22-1.24, 256 1.05-1.08 / 1.17-1.20; the
// prefetch of a whole next triangle competes with the current one's stream from 192 on.
constexpr int64_t kTrsvPrefetchBytes = 64 << 10;
// Transposed solves past 16 KiB of triangle (n > 64) go to BLAS: solve_rows runs at 2-2.3
// GFLOP/s whatever the order ('L' 'T', OpenMP loop of OpenBLAS's dtrsv 2.4 at 128, 3.4 at 256:
// 0.90x and 0.67x with the kernel, 0.97x and 0.95x through BLAS).
constexpr int64_t kTrsvTransposedBytes = 16 << 10;
template <class T> int64_t triangle_bytes(int n) { return int64_t(n) * n * int64_t(sizeof(T)) / 2; }
template <class T>
BL_PREFETCH_INLINE void prefetch_triangle(bool lower, int n, const T *next, int64_t lda, int j0, int j1) {
    for (int j = j0; j < j1; ++j) {
        if (lower) prefetch_column<false, 2>(next + j + j * lda, n - j);
        else prefetch_column<false, 2>(next + j * lda, j + 1);
    }
}

// x is gathered into a contiguous local vector (any increment; for a negative one, BLAS's
// convention: element i at x[(n-1-i) * |incx|]), solved, and scattered back. Up to order 8 the
// prefetch of the next matrix costs this kernel more than it saves (n = 4: 0.96 against 1.15
// GFLOP/s, 8: 1.6 against 1.95; the hardware prefetcher follows matrices that small by itself).
template <class T, class Nt>
bool trsv_kernel(char uplo, char trans, char diag, Nt n, const T *A, int lda, T *x, int incx, const T *next) {
    if (next && n > 8) prefetch_triangle(uplo == 'L', n, next, lda, 0, n);
    T v[capacity<Nt>];
    const int64_t step = incx;
    T *x0 = incx > 0 ? x : x - (n - 1) * step;
    for (int i = 0; i < n; ++i) v[i] = x0[i * step];
    tri_solve(uplo == 'L', trans, diag == 'U', n, A, lda, v);
    for (int i = 0; i < n; ++i) x0[i * step] = v[i];
    return true;
}

// ---- past the fixed sizes: W columns of A at a time ----------------------------------------------
// A solve that goes column by column (BLAS's reference form, and what OpenBLAS's dtrsv does inside
// its diagonal blocks) loads and stores the unsolved part of x once per column; taking W columns
// per pass over x divides that traffic by W, so that the solve runs at the speed A streams in from
// memory (standalone OpenMP loop, 2 threads, double, 'L' 'N', before the prefetch below was
// added: 1.1-1.7x OpenBLAS's dtrsv from n = 32 to 512). Reciprocals of the diagonal, as in
// tri_solve.
constexpr int kTrsvColumns = 4;

// op(A) = A: solves the W x W diagonal block at columns [j0, j0 + W), then subtracts those columns
// times the solved part of x from rows [r0, r1), the rows still to be solved.
template <int W, class T>
void solve_columns(bool lower, bool unit, int j0, int r0, int r1, const T *a, int64_t lda, T *x) {
    const T *c[W];
    T inv[W], xs[W];
    for (int k = 0; k < W; ++k) {
        c[k] = a + (j0 + k) * lda;
        inv[k] = unit ? T(1) : T(1) / c[k][j0 + k];
    }
    for (int step = 0; step < W; ++step) {
        const int k = lower ? step : W - 1 - step;
        T s = x[j0 + k];
        for (int l = 0; l < W; ++l)
            if (lower ? l < k : l > k) s -= mul(xs[l], c[l][j0 + k]);
        xs[k] = x[j0 + k] = mul(s, inv[k]);
    }
    for (int i = r0; i < r1; ++i) {
        T s = mul(xs[0], c[0][i]);
        for (int k = 1; k < W; ++k) s += mul(xs[k], c[k][i]);
        x[i] -= s;
    }
}

// op(A) = A^T or A^H (conj): row j0 + k of op(A) is column j0 + k of A. Subtracts the dot products
// of the block's columns with the solved part of x, rows [r0, r1), then solves the diagonal block.
// The solved part is whole blocks (blocked_solve), so its length is a multiple of V: the dot
// products run in V partial sums each, which vectorize without reassociation licence from the
// compiler.
template <int W, class T>
void solve_rows(bool lower, bool conj, bool unit, int j0, int r0, int r1, const T *a, int64_t lda, T *x) {
    constexpr int V = kTrsvColumns;
    const auto op = [conj](T v) { return conj ? cj(v) : v; };
    const T *c[W];
    T part[W][V] = {}, s[W];
    for (int k = 0; k < W; ++k) c[k] = a + (j0 + k) * lda;
    for (int i = r0; i < r1; i += V)
        for (int k = 0; k < W; ++k)
            for (int v = 0; v < V; ++v) part[k][v] += mul(op(c[k][i + v]), x[i + v]);
    for (int k = 0; k < W; ++k) {
        s[k] = x[j0 + k];
        for (int v = 0; v < V; ++v) s[k] -= part[k][v];
    }
    for (int step = 0; step < W; ++step) {
        const int k = lower ? W - 1 - step : step;
        T t = s[k];
        for (int l = 0; l < W; ++l)
            if (lower ? l > k : l < k) t -= mul(op(c[k][j0 + l]), x[j0 + l]);
        x[j0 + k] = unit ? t : mul(t, T(1) / op(c[k][j0 + k]));
    }
}

// Calls f(Fixed<W>{}) for 1 <= w <= kTrsvColumns.
template <class F> void with_width(int w, F &&f) {
    with_fixed<kTrsvColumns>(w, [&](auto W) {
        f(W);
        return true;
    });
}

// x contiguous. The blocks start at the end where the solve starts, so that only the last one
// may be narrower than kTrsvColumns. With Prefetch, each block prefetches the same columns of
// `next`.
template <bool Prefetch, class T>
void blocked_solve(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x, const T *next) {
    constexpr int B = kTrsvColumns;
    const bool forward = lower == (trans == 'N');
    for (int done = 0; done < n; done += B) {
        const int w = std::min(B, n - done);
        const int j0 = forward ? done : n - done - w;
        if (Prefetch) prefetch_triangle(lower, n, next, lda, j0, j0 + w);
        // Rows of x still to be updated (trans 'N') or already solved (dot products otherwise).
        const int below0 = j0 + w, above1 = j0;
        with_width(w, [&](auto W) {
            if (trans == 'N')
                solve_columns<W()>(lower, unit, j0, lower ? below0 : 0, lower ? n : above1, a, lda, x);
            else
                solve_rows<W()>(lower, trans == 'C', unit, j0, lower ? below0 : 0, lower ? n : above1, a, lda, x);
        });
    }
}

// Two entry points per precision, with and without the prefetch, each compiled for AVX2/FMA and
// for the baseline (BL_SMALL_CLONES): the baseline's two-double vectors would halve the rate at
// which the columns are consumed. Separate functions, because in one (flattened) function the
// prefetch's state costs the hot row loop its registers: GCC then reloads the four column
// pointers from the stack at every step (9 loads instead of 5 per 4 doubles; 'L' 'N', n = 256,
// 1.00-1.04x the OpenMP loop with that spill against 1.12-1.17x without).
#define BL_BLOCKED_TRSV(p, T)                                                                     \
    BL_SMALL_CLONES void blocked_trsv_prefetch(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, \
                                               T *x, const T *next) {                             \
        blocked_solve<true>(lower, trans, unit, n, a, lda, x, next);                              \
    }                                                                                             \
    BL_SMALL_CLONES void blocked_trsv(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x) { \
        blocked_solve<false>(lower, trans, unit, n, a, lda, x, static_cast<const T *>(nullptr));  \
    }
BL_PRECISIONS(BL_BLOCKED_TRSV)
#undef BL_BLOCKED_TRSV

// With incx = 1 every order from 3 goes to the blocked kernel: it beats the fixed-size kernels
// from there (batchlapack-bench, 2 threads, 'L' 'N', GFLOP/s blocked / fixed: n = 3 1.02 / 0.98,
// 4 1.5 / 1.25, 8 3.1 / 2.2), which keep orders 1 and 2 (0.24 / 0.15 and 0.84 / 0.50 the other
// way round) and other increments up to max_order. Transposed solves with a triangle past
// kTrsvTransposedBytes go back to BLAS, whose transposed form runs on its gemv kernel (OpenBLAS, 'U'
// 'T', n = 512: 4.3-4.6 against 3.1-3.6 GFLOP/s; 'N' stays ahead there, 1.2-1.3x).
template <class T>
bool trsv(char uplo, char trans, char diag, int n, const T *A, int lda, T *x, int incx, const T *next) {
    if (n > 2 && incx == 1 && (trans == 'N' || triangle_bytes<T>(n) <= kTrsvTransposedBytes)) {
        if (next && triangle_bytes<T>(n) <= kTrsvPrefetchBytes)
            blocked_trsv_prefetch(uplo == 'L', trans, diag == 'U', n, A, lda, x, next);
        else
            blocked_trsv(uplo == 'L', trans, diag == 'U', n, A, lda, x);
        return true;
    }
    if (n > max_order) return false;
    return with_fixed(n, [&](auto N) { return trsv_kernel(uplo, trans, diag, N, A, lda, x, incx, next); });
}

#define BL_SMALL_TRSV(p, T) template bool trsv<T>(char, char, char, int, const T *, int, T *, int, const T *);
BL_PRECISIONS(BL_SMALL_TRSV)

}  // namespace small
}  // namespace cpu
}  // namespace bl
