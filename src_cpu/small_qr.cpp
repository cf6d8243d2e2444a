// The one-matrix Householder kernels (small.hpp): dgeqr2's QR and dgebd2's bidiagonal reduction
// on a local copy, producing LAPACK's reflectors, for the orders of ladder::qr and ladder::gebrd.
#include "ladder.hpp"
#include "larfg.hpp"
#include "precisions.hpp"
#include "small.hpp"
#include "small_detail.hpp"

namespace bl {
namespace cpu {
namespace small {

// dlarfg / zlarfg on x with increment inc (larfg.hpp's steps, x summed and scaled by scalars);
// false, changing nothing, where larfg_factors declines.
template <class T, class Inc> bool larfg(int n, T &alpha, T *x, Inc inc, T &tau) {
    Real<T> ssq = 0;
    for (int i = 0; i < n - 1; ++i) ssq += abs2(x[i * inc]);
    const auto nonzero = [&] {
        for (int i = 0; i < n - 1; ++i)
            if (x[i * inc] != T(0)) return true;
        return false;
    };
    T scale;
    if (!larfg_factors(n, alpha, ssq, nonzero, tau, scale)) return false;
    if (tau != T(0))
        for (int i = 0; i < n - 1; ++i) x[i * inc] = mul(x[i * inc], scale);
    return true;
}

// dlarf 'Right': C := C (I - t v v^H) for the m x n matrix C (m <= Cap), v with increment incv,
// v[0] = 1 stored.
template <int Cap, class T, class Inc, class Ld> void apply_right(int m, int n, const T *v, Inc incv, T t, T *c, Ld ldc) {
    if (t == T(0)) return;
    T w[Cap];
    for (int i = 0; i < m; ++i) w[i] = T(0);
    for (int j = 0; j < n; ++j) {
        const T vj = v[j * incv];
        const T *cc = c + j * ldc;
        for (int i = 0; i < m; ++i) w[i] += mul(cc[i], vj);
    }
    for (int j = 0; j < n; ++j) {
        const T f = mul(t, cj(v[j * incv]));
        T *cc = c + j * ldc;
        for (int i = 0; i < m; ++i) cc[i] -= mul(w[i], f);
    }
}

// zlacgv: conjugates n elements with increment inc (nothing for real types).
template <class T, class Inc> void conjugate(int n, T *x, Inc inc) {
    if constexpr (is_complex<T>)
        for (int i = 0; i < n; ++i) x[i * inc] = cj(x[i * inc]);
}

// dgeqr2 on a local copy: column i's reflector, then H(i)^H applied to the columns right of it.
template <class T, class Mt, class Nt> bool geqrf_kernel(Mt m, Nt n, T *A, int lda, T *tau) {
    alignas(64) T w[capacity<Mt> * capacity<Nt>];
    T t[capacity<Nt>];
    copy_in(m, n, A, lda, w);
    const int k = std::min<int>(m, n);
    for (int i = 0; i < k; ++i) {
        T *col = w + i + i * m;
        if (!larfg(m - i, col[0], col + 1, 1, t[i])) return false;
        if (i < n - 1) {
            const T aii = col[0];
            col[0] = T(1);
            apply_left(m - i, n - i - 1, col, cj(t[i]), col + m, m);
            col[0] = aii;
        }
    }
    copy_out(m, n, w, A, lda);
    for (int i = 0; i < k; ++i) tau[i] = t[i];
    return true;
}

// The shapes of ladder::qr: square orders up to kSmallFixedMax each compiled on their own, the
// other shapes with run-time sizes, in local arrays sized for ladder::kSmallMax rows and columns
// where the shape fits, for qr::kSmallMax past it. LAPACK runs the unblocked dgeqr2 / dgebd2 at
// these orders, a BLAS-2 call or two per column with their overheads, so these kernels stay ahead
// of it further than LU and Cholesky do.
template <class T> bool geqrf(int m, int n, T *A, int lda, T *tau) {
    constexpr int top = ladder::qr::kSmallMax, fixed = ladder::qr::kSmallFixedMax<T>, tiny = ladder::kSmallMax;
    if (m < 1 || n < 1 || m > top || n > top) return false;
    if (m == n && n <= fixed) return with_fixed<fixed>(n, [&](auto N) { return geqrf_kernel(N, N, A, lda, tau); });
    if (m <= tiny && n <= tiny) return geqrf_kernel(Upto<tiny>{m}, Upto<tiny>{n}, A, lda, tau);
    return geqrf_kernel(Upto<top>{m}, Upto<top>{n}, A, lda, tau);
}

// dgebd2 / zgebd2 on a local copy, step for step: upper bidiagonal for m >= n (a reflector from
// the left, then one from the right), lower bidiagonal for m < n (right first).
template <class T, class Mt, class Nt>
bool gebrd_kernel(Mt m, Nt n, T *A, int lda, Real<T> *d, Real<T> *e, T *tauq, T *taup) {
    using R = Real<T>;
    alignas(64) T w[capacity<Mt> * capacity<Nt>];
    constexpr int kc = std::min(capacity<Mt>, capacity<Nt>);
    R dd[kc], ee[kc];
    T tq[kc], tp[kc];
    copy_in(m, n, A, lda, w);
    const auto at = [&](int i, int j) -> T & { return w[i + j * m]; };
    if (m >= n) {
        for (int i = 0; i < n; ++i) {
            if (!larfg(m - i, at(i, i), &at(i, i) + 1, 1, tq[i])) return false;
            dd[i] = re(at(i, i));
            at(i, i) = T(1);
            if (i < n - 1) apply_left(m - i, n - i - 1, &at(i, i), cj(tq[i]), &at(i, i + 1), m);
            at(i, i) = dd[i];
            if (i < n - 1) {
                conjugate(n - i - 1, &at(i, i + 1), m);
                if (!larfg(n - i - 1, at(i, i + 1), &at(i, std::min(i + 2, n - 1)), m, tp[i])) return false;
                ee[i] = re(at(i, i + 1));
                at(i, i + 1) = T(1);
                apply_right<capacity<Mt>>(m - i - 1, n - i - 1, &at(i, i + 1), m, tp[i], &at(i + 1, i + 1), m);
                conjugate(n - i - 1, &at(i, i + 1), m);
                at(i, i + 1) = ee[i];
            } else {
                tp[i] = T(0);
            }
        }
    } else {
        for (int i = 0; i < m; ++i) {
            conjugate(n - i, &at(i, i), m);
            if (!larfg(n - i, at(i, i), &at(i, std::min(i + 1, n - 1)), m, tp[i])) return false;
            dd[i] = re(at(i, i));
            at(i, i) = T(1);
            if (i < m - 1) apply_right<capacity<Mt>>(m - i - 1, n - i, &at(i, i), m, tp[i], &at(i + 1, i), m);
            conjugate(n - i, &at(i, i), m);
            at(i, i) = dd[i];
            if (i < m - 1) {
                if (!larfg(m - i - 1, at(i + 1, i), &at(std::min(i + 2, m - 1), i), 1, tq[i])) return false;
                ee[i] = re(at(i + 1, i));
                at(i + 1, i) = T(1);
                apply_left(m - i - 1, n - i - 1, &at(i + 1, i), cj(tq[i]), &at(i + 1, i + 1), m);
                at(i + 1, i) = ee[i];
            } else {
                tq[i] = T(0);
            }
        }
    }
    copy_out(m, n, w, A, lda);
    const int k = std::min<int>(m, n);
    for (int i = 0; i < k; ++i) {
        d[i] = dd[i];
        tauq[i] = tq[i];
        taup[i] = tp[i];
        if (i < k - 1) e[i] = ee[i];
    }
    return true;
}

// The shapes of ladder::gebrd, as geqrf.
template <class T> bool gebrd(int m, int n, T *A, int lda, Real<T> *d, Real<T> *e, T *tauq, T *taup) {
    constexpr int top = ladder::gebrd::kSmallMax, fixed = ladder::gebrd::kSmallFixedMax<T>, tiny = ladder::kSmallMax;
    if (m < 1 || n < 1 || m > top || n > top) return false;
    if (m == n && n <= fixed)
        return with_fixed<fixed>(n, [&](auto N) { return gebrd_kernel(N, N, A, lda, d, e, tauq, taup); });
    if (m <= tiny && n <= tiny) return gebrd_kernel(Upto<tiny>{m}, Upto<tiny>{n}, A, lda, d, e, tauq, taup);
    return gebrd_kernel(Upto<top>{m}, Upto<top>{n}, A, lda, d, e, tauq, taup);
}

#define BL_SMALL_QR(p, T)                                                                         \
    template bool geqrf<T>(int, int, T *, int, T *);                                              \
    template bool gebrd<T>(int, int, T *, int, Real<T> *, Real<T> *, T *, T *);
BL_PRECISIONS(BL_SMALL_QR)

}  // namespace small
}  // namespace cpu
}  // namespace bl
