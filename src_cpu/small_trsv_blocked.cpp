// The blocked triangular solve with one vector (small.hpp's trsv past the fixed sizes, x
// contiguous): W columns of A at a time. Compiled once per instruction set (small_dispatch.hpp):
// the baseline's two-double vectors would halve the rate at which the columns are consumed.
#include "small_isa.hpp"

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// A solve that goes column by column (BLAS's reference form, and what OpenBLAS's dtrsv does inside
// its diagonal blocks) loads and stores the unsolved part of x once per column; taking W columns
// per pass over x divides that traffic by W, so that the solve runs at the speed A streams in from
// memory. Reciprocals of the diagonal, as in small_trsv_fixed.cpp.
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
// The dot products run in vectors of reals (GCC's, of 32 bytes), several independent sums a
// column, so that the W columns' sums keep the multiply-adds busy; in scalars, or in one short
// vector a column, each sum waits on its own latency (2.5x slower than the solve by columns from
// L1). A complex product is two such sums, of c times x and of c times x with its real and
// imaginary parts swapped: which lanes add and which subtract is settled once, at the end. The
// rows short of a whole step go one at a time.
template <int W, class T>
void solve_rows(bool lower, bool conj, bool unit, int j0, int r0, int r1, const T *a, int64_t lda, T *x) {
    using R = Real<T>;
    using V = SimdV<R, 32>;
    // U vectors a column and sum (two for real types, one for complex ones, whose second sum
    // doubles the registers), E elements a step.
    constexpr int C = is_complex<T> ? 2 : 1, K = simd_width<R, 32>, U = 3 - C, E = U * K / C;
    const auto op = [conj](T v) { return conj ? cj(v) : v; };
    const T *c[W];
    for (int k = 0; k < W; ++k) c[k] = a + (j0 + k) * lda;
    V p[W][U] = {}, q[W][U] = {};
    int i = r0;
    for (; i + E <= r1; i += E) {
        V xv[U], xs[U];
        for (int u = 0; u < U; ++u) {
            xv[u] = vload<V>(reinterpret_cast<const R *>(x + i) + u * K);
            if constexpr (C == 2) xs[u] = Simd<R, 32>::swap_pairs(xv[u]);
        }
        for (int k = 0; k < W; ++k)
            for (int u = 0; u < U; ++u) {
                const V cv = vload<V>(reinterpret_cast<const R *>(c[k] + i) + u * K);
                p[k][u] += cv * xv[u];
                if constexpr (C == 2) q[k][u] += cv * xs[u];
            }
    }
    T s[W];
    for (int k = 0; k < W; ++k) {
        T t = x[j0 + k];
        for (int l = i; l < r1; ++l) t -= mul(op(c[k][l]), x[l]);
        V pk = p[k][0], qk = q[k][0];
        for (int u = 1; u < U; ++u) pk += p[k][u];
        R even = 0, odd = 0, qe = 0, qo = 0;
        for (int v = 0; v < K; v += C) {
            even += pk[v];
            if constexpr (C == 2) odd += pk[v + 1], qe += qk[v], qo += qk[v + 1];
        }
        // c x = (cr xr - ci xi, cr xi + ci xr); conj(c) x = (cr xr + ci xi, cr xi - ci xr).
        if constexpr (C == 2) t -= conj ? T(even + odd, qe - qo) : T(even - odd, qe + qo);
        else t -= even;
        s[k] = t;
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

// What a solve prefetches: nothing, the same columns of the matrix solved next as each block
// reads, or the columns of its own next block, whole or their first rows
// (ladder::trsv::prefetch_own and own_ahead_rows say when and how much).
enum class Prefetch { None, Next, Own };

// x contiguous. The blocks start at the end where the solve starts, so that only the last one
// may be narrower than kTrsvColumns.
template <Prefetch P, class T>
void blocked_solve(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x, const T *next) {
    constexpr int B = kTrsvColumns;
    const bool forward = lower == (trans == 'N');
    const int own_rows = ladder::trsv::own_ahead_rows<T>(n);  // of each column, with Prefetch::Own
    for (int done = 0; done < n; done += B) {
        const int w = std::min(B, n - done);
        const int j0 = forward ? done : n - done - w;
        if (P == Prefetch::Next) prefetch_triangle(lower, n, next, lda, j0, j0 + w);
        if (P == Prefetch::Own) {
            const int a0 = forward ? j0 + w : std::max(0, j0 - B), a1 = forward ? std::min(n, j0 + w + B) : j0;
            for (int j = a0; j < a1; ++j) {
                if (lower) prefetch_column<false, 2>(a + j + j * lda, std::min(n - j, own_rows));
                else prefetch_column<false, 2>(a + j * lda, std::min(j + 1, own_rows));
            }
        }
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

// The solve with each kind of prefetch, each with everything it calls inlined into it. Separate
// functions, because in one the prefetch's state costs the hot row loop its registers: GCC then
// reloads the four column pointers from the stack at every step.
template <class T>
BL_SMALL_FLATTEN void blocked_trsv_prefetch(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x,
                                            const T *next) {
    blocked_solve<Prefetch::Next>(lower, trans, unit, n, a, lda, x, next);
}
template <class T>
BL_SMALL_FLATTEN void blocked_trsv_ahead(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x) {
    blocked_solve<Prefetch::Own>(lower, trans, unit, n, a, lda, x, static_cast<const T *>(nullptr));
}
template <class T>
BL_SMALL_FLATTEN void blocked_trsv_plain(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x) {
    blocked_solve<Prefetch::None>(lower, trans, unit, n, a, lda, x, static_cast<const T *>(nullptr));
}

BL_ISA_END

namespace BL_ISA {
template <class T>
void blocked_trsv(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x, const T *next, bool ahead) {
    if (next) blocked_trsv_prefetch(lower, trans, unit, n, a, lda, x, next);
    else if (ahead) blocked_trsv_ahead(lower, trans, unit, n, a, lda, x);
    else blocked_trsv_plain(lower, trans, unit, n, a, lda, x);
}

#define BL_TRSV_BLOCKED(p, T) \
    template void blocked_trsv<T>(bool, char, bool, int, const T *, int64_t, T *, const T *, bool);
BL_PRECISIONS(BL_TRSV_BLOCKED)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
