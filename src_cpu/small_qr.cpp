// Fixed-size Householder factorizations (small.hpp): dgeqr2's QR and dgebd2's bidiagonal
// reduction, producing LAPACK's reflectors.
#include "small.hpp"
#include "small_detail.hpp"
#include "ops.hpp"

namespace bl {
namespace cpu {
namespace small {

// dlarfg / zlarfg: H^H (alpha; x) = (beta; 0) with H = I - tau (1; v)(1; v)^H, beta real,
// beta = -sign(Re alpha) * norm, tau = (beta - alpha) / beta, v = x / (alpha - beta). The real
// routine returns tau = 0 for n = 1, the complex one still makes a complex alpha real.
// Returns false, changing nothing, where LAPACK is careful in ways this is not: a sum of squares
// outside the range where squaring loses nothing (LAPACK rescales tiny norms), a NaN or an Inf.
template <class T, class Inc> bool larfg(int n, T &alpha, T *x, Inc inc, T &tau) {
    using R = Real<T>;
    if (n <= 0 || (!is_complex<T> && n == 1)) {
        tau = T(0);
        return true;
    }
    constexpr R lo = std::numeric_limits<R>::min() / std::numeric_limits<R>::epsilon();
    constexpr R hi = std::numeric_limits<R>::max() * std::numeric_limits<R>::epsilon();
    R ssq = 0;
    for (int i = 0; i < n - 1; ++i) ssq += abs2(x[i * inc]);
    if (ssq == R(0)) {
        for (int i = 0; i < n - 1; ++i)
            if (x[i * inc] != T(0)) return false;  // squares that underflowed
    } else if (!(ssq >= lo && ssq <= hi)) {
        return false;
    }
    const R ar = re(alpha), ai = im(alpha);
    if (ssq == R(0) && ai == R(0)) {
        tau = T(0);
        return true;
    }
    const R total = ar * ar + ai * ai + ssq;
    if (!(total >= lo && total <= hi)) return false;
    const R beta = -std::copysign(std::sqrt(total), ar);
    T scale;
    if constexpr (is_complex<T>) {
        tau = T((beta - ar) / beta, -ai / beta);
        scale = T(1) / (alpha - beta);
    } else {
        tau = (beta - ar) / beta;
        scale = T(1) / (ar - beta);
    }
    for (int i = 0; i < n - 1; ++i) x[i * inc] = mul(x[i * inc], scale);
    alpha = beta;
    return true;
}

// dlarf 'Left': C := (I - t v v^H) C for the m x n matrix C, v contiguous with v[0] = 1 stored.
// Four columns at a time: without reassociation the compiler keeps each dot product a serial
// chain of dependent adds, and four independent chains hide the adder's latency (double geqrf at
// n = 32 on the 2-core machine: 6.0 GFLOP/s a column at a time, 11-14 four at a time; a vector's
// width of partial sums per column on top measured slower, 7.4).
template <class T, class Ld> void apply_left(int m, int n, const T *v, T t, T *c, Ld ldc) {
    if (t == T(0)) return;
    int j = 0;
    for (; j + 4 <= n; j += 4) {
        T *c0 = c + j * ldc, *c1 = c0 + ldc, *c2 = c1 + ldc, *c3 = c2 + ldc;
        T s0 = T(0), s1 = T(0), s2 = T(0), s3 = T(0);
        for (int i = 0; i < m; ++i) {
            const T vi = cj(v[i]);
            s0 += mul(vi, c0[i]), s1 += mul(vi, c1[i]), s2 += mul(vi, c2[i]), s3 += mul(vi, c3[i]);
        }
        s0 = mul(t, s0), s1 = mul(t, s1), s2 = mul(t, s2), s3 = mul(t, s3);
        for (int i = 0; i < m; ++i) {
            const T vi = v[i];
            c0[i] -= mul(vi, s0), c1[i] -= mul(vi, s1), c2[i] -= mul(vi, s2), c3[i] -= mul(vi, s3);
        }
    }
    for (; j < n; ++j) {
        T *cc = c + j * ldc;
        T s = T(0);
        for (int i = 0; i < m; ++i) s += mul(cj(v[i]), cc[i]);
        s = mul(t, s);
        for (int i = 0; i < m; ++i) cc[i] -= mul(v[i], s);
    }
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

// LAPACK itself runs the unblocked dgeqr2 / dgebd2 below n = 128, a BLAS-2 call or two per column
// with their overheads, so these kernels stay ahead of it further than LU and Cholesky do: orders
// 17 to qr_max_order run with run-time sizes in local arrays of that capacity. Measured on the
// 2-core machine (double, GFLOP/s, this kernel / the OpenMP loop over OpenBLAS's LAPACK, one
// core per matrix, batchlapack-bench): geqrf n = 32 13.8 / 7.1, 48 14.7 / 12.4, 64 15.3 / 12.6
// (16.6 / 16.4 and 11.4 / 11.1 in other runs: at 64 it is about even); gebrd 32 13.6 / 7.7,
// 48 17.5 / 11.6, 64 13.4 / 11.0.
constexpr int qr_max_order = 64;

template <class T> bool geqrf(int m, int n, T *A, int lda, T *tau) {
    if (m < 1 || n < 1 || m > qr_max_order || n > qr_max_order) return false;
    if (m > max_order || n > max_order) return geqrf_kernel(Upto<qr_max_order>{m}, Upto<qr_max_order>{n}, A, lda, tau);
    if (m == n) return with_fixed(n, [&](auto N) { return geqrf_kernel(N, N, A, lda, tau); });
    return geqrf_kernel(m, n, A, lda, tau);
}

// The group kernels (eight matrices in the SIMD lanes) go further than the one-matrix ones. The
// library's blocked QR (qr.cpp; AVX-512) beats the grouped QR past 80 (batchlapack-bench, 2
// threads, GFLOP/s: at 96 / 128 it runs 30.0 / 38.8 against 26.9 / 25.6, at 64 / 80 20.5 / 24.8
// against 24.3 / 24.7). LAPACK's dgebrd, half of whose work is
// matrix-vector products, beats the grouped reduction only past 256 (1.24-1.28x at 256, 0.72x at
// 384). The grouped copy is 4 MiB at 256, beyond one core's L2 but within the processor's L3 for
// both cores.
constexpr int geqrf_group_max_order = 80, gebrd_group_max_order = 256;

// larfg on group_size interleaved vectors: alpha[l], x[k * inc + l] for k < n - 1 (real types).
// Each lane's checks are larfg's; false where one lane's would decline, x and alpha then
// unspecified (the group kernels drop their local copy and the caller takes the matrices one at a
// time).
template <class R> bool larfg_lanes(int n, R *alpha, R *x, int inc, R *tau) {
    constexpr int G = group_size;
    constexpr R lo = std::numeric_limits<R>::min() / std::numeric_limits<R>::epsilon();
    constexpr R hi = std::numeric_limits<R>::max() * std::numeric_limits<R>::epsilon();
    alignas(64) R ssq[G], scale[G], beta[G];
    bool nonzero[G];
    for (int l = 0; l < G; ++l) ssq[l] = R(0), nonzero[l] = false;
    for (int k = 0; k < n - 1; ++k)
        for (int l = 0; l < G; ++l) {
            const R v = x[k * inc + l];
            ssq[l] += v * v;
            nonzero[l] |= v != R(0);
        }
    bool decline = false;
    for (int l = 0; l < G; ++l) {
        const R a = alpha[l], total = a * a + ssq[l];
        const bool zero = ssq[l] == R(0);
        decline |= zero ? nonzero[l] : !(ssq[l] >= lo && ssq[l] <= hi) || !(total >= lo && total <= hi);
        // x = 0 (n = 1 too): tau = 0, alpha and x left as they are.
        beta[l] = zero ? a : -std::copysign(std::sqrt(total), a);
        tau[l] = zero ? R(0) : (beta[l] - a) / beta[l];
        scale[l] = zero ? R(1) : R(1) / (a - beta[l]);
    }
    if (decline) return false;
    for (int k = 0; k < n - 1; ++k)
        for (int l = 0; l < G; ++l) x[k * inc + l] *= scale[l];
    for (int l = 0; l < G; ++l) alpha[l] = beta[l];
    return true;
}

// The update of a dlarf on group_size interleaved columns: c[r G + l] -= x[r G + l] s[l] for
// r < m, in every lane (all) or only in the lanes whose t[l] is not 0 (dlarf applies nothing for
// tau = 0: a NaN or Inf times 0 would otherwise spread over the column, and a -0 become +0).
template <class R> void subtract_lanes(int m, R *c, const R *x, const R *s, const R *t, bool all) {
    constexpr int G = group_size;
    if (all) {
        for (int r = 0; r < m; ++r)
            for (int l = 0; l < G; ++l) c[r * G + l] -= x[r * G + l] * s[l];
    } else {
        for (int r = 0; r < m; ++r)
            for (int l = 0; l < G; ++l) c[r * G + l] = t[l] == R(0) ? c[r * G + l] : c[r * G + l] - x[r * G + l] * s[l];
    }
}

// apply_right on group_size interleaved matrices (as apply_left_lanes; v's elements incv apart):
// C := C (I - t v v^T) lane by lane for the m x n matrix C, m <= Cap, a lane with t = 0 left as it
// is (subtract_lanes).
template <int Cap, class R> void apply_right_lanes(int m, int n, const R *v, int incv, const R *t, R *c, int ldc) {
    constexpr int G = group_size;
    bool all = true;
    for (int l = 0; l < G; ++l) all &= t[l] != R(0);
    alignas(64) R acc[Cap * G];
    for (int i = 0; i < m * G; ++i) acc[i] = R(0);
    for (int j = 0; j < n; ++j) {
        const R *cc = c + j * ldc;
        for (int i = 0; i < m; ++i)
            for (int l = 0; l < G; ++l) acc[i * G + l] += cc[i * G + l] * v[j * incv + l];
    }
    for (int j = 0; j < n; ++j) {
        R *cc = c + j * ldc;
        alignas(64) R f[G];
        for (int l = 0; l < G; ++l) f[l] = t[l] * v[j * incv + l];
        subtract_lanes(m, cc, acc, f, t, all);
    }
}

// apply_left on group_size interleaved matrices (lane l of element (r, c) at c * ldc + r *
// group_size + l, v's elements group_size apart): C := (I - t v v^T) C lane by lane, a lane with
// t = 0 left exactly as it is (subtract_lanes).
template <class R> void apply_left_lanes(int m, int n, const R *v, const R *t, R *c, int ldc) {
    constexpr int G = group_size;
    bool all = true;
    for (int l = 0; l < G; ++l) all &= t[l] != R(0);
    for (int j = 0; j < n; ++j) {
        R *cc = c + j * ldc;
        alignas(64) R sum[G];
        for (int l = 0; l < G; ++l) sum[l] = R(0);
        for (int r = 0; r < m; ++r)
            for (int l = 0; l < G; ++l) sum[l] += v[r * G + l] * cc[r * G + l];
        for (int l = 0; l < G; ++l) sum[l] *= t[l];
        subtract_lanes(m, cc, v, sum, t, all);
    }
}

// geqrf_kernel's algorithm on group_size real m x n matrices at once, matrix l in SIMD lane l
// (w[c * LD + i * group_size + l] = A_l(i, c), LD = (m + 1) group_size: a column one lane group
// longer than the matrix, as in getrf_group_kernel), so that each step becomes vector operations
// over the lanes in geqrf_kernel's order (the same roundings per lane, up to the contraction into
// FMAs). Measured (batchlapack-bench, 2 threads, 256 MiB of matrices, double, GFLOP/s, this /
// geqrf_kernel one matrix at a time, the OpenMP loop over OpenBLAS in the same runs in brackets):
// n = 4: 2.87 / 1.58 (0.32-0.49), 8: 6.9-7.2 / 4.84 (0.91-1.27), 16: 11.1-13.9 / 10.4 (2.3-3.9),
// 32: 14.7-18.6 / 14.6 (5.7-9.3), 64: 22.0-24.2 / 16.7 (11.1-16.7).
// larfg's checks are made lane by lane: where one lane's would decline (a sum of squares
// outside the range where squaring loses nothing, a NaN, an Inf), the group declines before
// anything is written, and the caller factors its matrices one at a time. Lanes past `count`
// factor columns of the identity and are not written back.
template <class R, class Mt, class Nt>
bool geqrf_group_kernel(Mt m, Nt n, R *const *A, int lda, R *const *tau, int count, const R *const *next,
                        int next_count) {
    constexpr int G = group_size, CapM = capacity<Mt>, CapN = capacity<Nt>;
    const int LD = (m + 1) * G;
    GroupCopy<R, Nt, CapN * (CapM + 1) * G> copy;
    R *const w = copy.get();
    if (!w) return false;
    alignas(64) R t[std::min(CapM, CapN)][G];
    for (int c = 0; c < n; ++c)
        for (int i = 0; i < m; ++i)
            for (int l = 0; l < G; ++l) w[c * LD + i * G + l] = l < count ? A[l][i + int64_t(c) * lda] : R(i == c);
    const int k = std::min<int>(m, n);
    for (int i = 0; i < k; ++i) {
        for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(i) * lda, m);
        R *col = w + i * LD;
        if (!larfg_lanes(m - i, col + i * G, col + (i + 1) * G, G, t[i])) return false;
        alignas(64) R beta[G];
        for (int l = 0; l < G; ++l) beta[l] = col[i * G + l];
        // H(i) applied to columns i+1 .. n-1, rows i .. m-1, with v = (1; x).
        for (int l = 0; l < G; ++l) col[i * G + l] = R(1);
        apply_left_lanes(m - i, n - i - 1, col + i * G, t[i], w + (i + 1) * LD + i * G, LD);
        for (int l = 0; l < G; ++l) col[i * G + l] = beta[l];
    }
    for (int l = 0; l < count; ++l) {
        for (int c = 0; c < n; ++c)
            for (int i = 0; i < m; ++i) A[l][i + int64_t(c) * lda] = w[c * LD + i * G + l];
        for (int i = 0; i < k; ++i) tau[l][i] = t[i][l];
    }
    return true;
}

// One entry point per real precision, compiled for AVX2/FMA and for the baseline (BL_SMALL_CLONES,
// as potrf_group); square orders up to max_order each compiled on their own, the other shapes with
// run-time sizes.
#define BL_GEQRF_GROUP(R)                                                                         \
    BL_SMALL_CLONES bool geqrf_group_##R(int m, int n, R *const *A, int lda, R *const *tau, int count, \
                                         const R *const *next, int next_count) {                  \
        if (m == n && n <= max_order)                                                             \
            return with_fixed(n, [&](auto N) {                                                    \
                return geqrf_group_kernel(N, N, A, lda, tau, count, next, next_count);            \
            });                                                                                   \
        return geqrf_group_kernel(Upto<geqrf_group_max_order>{m}, Upto<geqrf_group_max_order>{n}, A, lda, tau, count, \
                                  next, next_count);                                              \
    }
BL_GEQRF_GROUP(float)
BL_GEQRF_GROUP(double)
#undef BL_GEQRF_GROUP

template <class T> bool geqrf_group_covers(int m, int n) {
    return !is_complex<T> && m >= 1 && n >= 1 && m <= geqrf_group_max_order && n <= geqrf_group_max_order;
}

template <class T>
bool geqrf_group(int m, int n, T *const *A, int lda, T *const *tau, int count, const T *const *next, int next_count) {
    if (!geqrf_group_covers<T>(m, n) || count < 1 || count > group_size || next_count > group_size) return false;
    if constexpr (std::is_same<T, float>::value) return geqrf_group_float(m, n, A, lda, tau, count, next, next_count);
    else if constexpr (std::is_same<T, double>::value)
        return geqrf_group_double(m, n, A, lda, tau, count, next, next_count);
    else return false;
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

template <class T> bool gebrd(int m, int n, T *A, int lda, Real<T> *d, Real<T> *e, T *tauq, T *taup) {
    if (m < 1 || n < 1 || m > qr_max_order || n > qr_max_order) return false;
    if (m > max_order || n > max_order)
        return gebrd_kernel(Upto<qr_max_order>{m}, Upto<qr_max_order>{n}, A, lda, d, e, tauq, taup);
    if (m == n) return with_fixed(n, [&](auto N) { return gebrd_kernel(N, N, A, lda, d, e, tauq, taup); });
    return gebrd_kernel(m, n, A, lda, d, e, tauq, taup);
}

// gebrd_kernel's algorithm (real types) on group_size m x n matrices at once, interleaved as in
// geqrf_group_kernel: every larfg, dlarf 'Left' and dlarf 'Right' of dgebd2 a vector operation
// over the lanes, in gebrd_kernel's order. A group where one lane's larfg would decline is left
// untouched (false). Lanes past `count` reduce columns of the identity and are not written back.
template <class R, class Mt, class Nt>
bool gebrd_group_kernel(Mt m, Nt n, R *const *A, int lda, R *const *d, R *const *e, R *const *tauq, R *const *taup,
                        int count, const R *const *next, int next_count) {
    constexpr int G = group_size, CapM = capacity<Mt>, CapN = capacity<Nt>, kc = std::min(CapM, CapN);
    const int LD = (m + 1) * G;
    // The copy, then d, e, tauq, taup of every step (lane l of step i at i * G + l).
    GroupCopy<R, Nt, (CapN * (CapM + 1) + 4 * kc) * G> copy;
    R *const w = copy.get();
    if (!w) return false;
    R *const dd_ = w + CapN * (CapM + 1) * G, *const ee_ = dd_ + kc * G, *const tq_ = ee_ + kc * G,
             *const tp_ = tq_ + kc * G;
    const auto dd = [&](int i) { return dd_ + i * G; };
    const auto ee = [&](int i) { return ee_ + i * G; };
    const auto tq = [&](int i) { return tq_ + i * G; };
    const auto tp = [&](int i) { return tp_ + i * G; };
    for (int c = 0; c < n; ++c)
        for (int i = 0; i < m; ++i)
            for (int l = 0; l < G; ++l) w[c * LD + i * G + l] = l < count ? A[l][i + int64_t(c) * lda] : R(i == c);
    const auto at = [&](int i, int j) { return w + j * LD + i * G; };  // the lanes of element (i, j)
    const auto keep = [](R *to, R *from) {  // to := the lanes of from; from := 1
        for (int l = 0; l < G; ++l) to[l] = from[l], from[l] = R(1);
    };
    const auto restore = [](R *to, const R *from) {
        for (int l = 0; l < G; ++l) to[l] = from[l];
    };
    if (m >= n) {
        for (int i = 0; i < n; ++i) {
            for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(i) * lda, m);
            if (!larfg_lanes(m - i, at(i, i), at(i + 1, i), G, tq(i))) return false;
            keep(dd(i), at(i, i));
            if (i < n - 1) apply_left_lanes(m - i, n - i - 1, at(i, i), tq(i), at(i, i + 1), LD);
            restore(at(i, i), dd(i));
            if (i < n - 1) {
                if (!larfg_lanes(n - i - 1, at(i, i + 1), at(i, std::min(i + 2, n - 1)), LD, tp(i))) return false;
                keep(ee(i), at(i, i + 1));
                apply_right_lanes<CapM>(m - i - 1, n - i - 1, at(i, i + 1), LD, tp(i), at(i + 1, i + 1), LD);
                restore(at(i, i + 1), ee(i));
            } else {
                for (int l = 0; l < G; ++l) tp(i)[l] = R(0);
            }
        }
    } else {
        for (int i = 0; i < m; ++i) {
            for (int c = i * n / m; c < (i + 1) * n / m; ++c)  // all n columns over the m steps
                for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(c) * lda, m);
            if (!larfg_lanes(n - i, at(i, i), at(i, std::min(i + 1, n - 1)), LD, tp(i))) return false;
            keep(dd(i), at(i, i));
            if (i < m - 1) apply_right_lanes<CapM>(m - i - 1, n - i, at(i, i), LD, tp(i), at(i + 1, i), LD);
            restore(at(i, i), dd(i));
            if (i < m - 1) {
                if (!larfg_lanes(m - i - 1, at(i + 1, i), at(std::min(i + 2, m - 1), i), G, tq(i))) return false;
                keep(ee(i), at(i + 1, i));
                apply_left_lanes(m - i - 1, n - i - 1, at(i + 1, i), tq(i), at(i + 1, i + 1), LD);
                restore(at(i + 1, i), ee(i));
            } else {
                for (int l = 0; l < G; ++l) tq(i)[l] = R(0);
            }
        }
    }
    const int k = std::min<int>(m, n);
    for (int l = 0; l < count; ++l) {
        for (int c = 0; c < n; ++c)
            for (int i = 0; i < m; ++i) A[l][i + int64_t(c) * lda] = w[c * LD + i * G + l];
        for (int i = 0; i < k; ++i) {
            d[l][i] = dd(i)[l];
            tauq[l][i] = tq(i)[l];
            taup[l][i] = tp(i)[l];
            if (i < k - 1) e[l][i] = ee(i)[l];
        }
    }
    return true;
}

// One entry point per real precision, as geqrf_group.
#define BL_GEBRD_GROUP(R)                                                                         \
    BL_SMALL_CLONES bool gebrd_group_##R(int m, int n, R *const *A, int lda, R *const *d, R *const *e,     \
                                         R *const *tauq, R *const *taup, int count, const R *const *next, \
                                         int next_count) {                                        \
        if (m == n && n <= max_order)                                                             \
            return with_fixed(n, [&](auto N) {                                                    \
                return gebrd_group_kernel(N, N, A, lda, d, e, tauq, taup, count, next, next_count); \
            });                                                                                   \
        return gebrd_group_kernel(Upto<gebrd_group_max_order>{m}, Upto<gebrd_group_max_order>{n}, A, lda, d, e, tauq, \
                                  taup, count, next, next_count);                                 \
    }
BL_GEBRD_GROUP(float)
BL_GEBRD_GROUP(double)
#undef BL_GEBRD_GROUP

template <class T> bool gebrd_group_covers(int m, int n) {
    return !is_complex<T> && m >= 1 && n >= 1 && m <= gebrd_group_max_order && n <= gebrd_group_max_order;
}

template <class T>
bool gebrd_group(int m, int n, T *const *A, int lda, Real<T> *const *d, Real<T> *const *e, T *const *tauq,
                 T *const *taup, int count, const T *const *next, int next_count) {
    if (!gebrd_group_covers<T>(m, n) || count < 1 || count > group_size || next_count > group_size) return false;
    if constexpr (std::is_same<T, float>::value)
        return gebrd_group_float(m, n, A, lda, d, e, tauq, taup, count, next, next_count);
    else if constexpr (std::is_same<T, double>::value)
        return gebrd_group_double(m, n, A, lda, d, e, tauq, taup, count, next, next_count);
    else return false;
}

#define BL_SMALL_QR(p, T)                                                                         \
    template bool geqrf<T>(int, int, T *, int, T *);                                              \
    template bool geqrf_group_covers<T>(int, int);                                                \
    template bool geqrf_group<T>(int, int, T *const *, int, T *const *, int, const T *const *, int); \
    template bool gebrd<T>(int, int, T *, int, Real<T> *, Real<T> *, T *, T *);                   \
    template bool gebrd_group_covers<T>(int, int);                                                \
    template bool gebrd_group<T>(int, int, T *const *, int, Real<T> *const *, Real<T> *const *, T *const *, \
                                 T *const *, int, const T *const *, int);
BL_PRECISIONS(BL_SMALL_QR)

}  // namespace small
}  // namespace cpu
}  // namespace bl
