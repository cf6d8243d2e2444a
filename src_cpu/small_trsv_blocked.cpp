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
// memory. Reciprocals of the diagonal, as in tri_solve.
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

// The solve with and without the prefetch, each with everything it calls inlined into it. Two
// functions, because in one the prefetch's state costs the hot row loop its registers: GCC then
// reloads the four column pointers from the stack at every step.
template <class T>
BL_SMALL_FLATTEN void blocked_trsv_prefetch(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x,
                                            const T *next) {
    blocked_solve<true>(lower, trans, unit, n, a, lda, x, next);
}
template <class T>
BL_SMALL_FLATTEN void blocked_trsv_plain(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x) {
    blocked_solve<false>(lower, trans, unit, n, a, lda, x, static_cast<const T *>(nullptr));
}

BL_ISA_END

namespace BL_ISA {
template <class T>
void blocked_trsv(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x, const T *next) {
    if (next) blocked_trsv_prefetch(lower, trans, unit, n, a, lda, x, next);
    else blocked_trsv_plain(lower, trans, unit, n, a, lda, x);
}

#define BL_TRSV_BLOCKED(p, T) \
    template void blocked_trsv<T>(bool, char, bool, int, const T *, int64_t, T *, const T *);
BL_PRECISIONS(BL_TRSV_BLOCKED)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
