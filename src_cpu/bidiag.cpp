// CPU backend: the blocked bidiagonal reduction with one pass a step (bidiag.hpp says what it is
// and why).
#include "bidiag.hpp"
#include "isa.hpp"
#include "ladder.hpp"
#include "lapack.hpp"
#include "precisions.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <type_traits>

// The kernels are written with GCC's vector extensions for 64-byte vectors and compiled for
// x86-64-v4 whatever the rest of the library targets; covers() checks the processor at run time.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define BL_BIDIAG_KERNELS 1
#endif
#ifdef BL_BIDIAG_KERNELS
#pragma GCC push_options  // popped after the kernels
#pragma GCC target("arch=x86-64-v4")
#include "simd.hpp"
#endif

namespace bl {
namespace cpu {
namespace bidiag {

// Columns of a panel: eight, not LAPACK's 32. Narrow panels keep the per-step work on the panel's
// columns (the sums over them below, gemv-like, a few columns wide) small, and the update's
// product of k = 2 kBlock is still efficient.
constexpr int kBlock = 8;

#ifdef BL_BIDIAG_KERNELS
#define BL_BIDIAG_INLINE __attribute__((always_inline)) inline
BL_SIMD_WIDTH(64)

// The sum of a vector's lanes, by halves.
template <class T> BL_BIDIAG_INLINE T sum(Vec<T> v) {
    typedef T H __attribute__((vector_size(32)));
    typedef T Q __attribute__((vector_size(16)));
    H h0, h1;
    std::memcpy(&h0, &v, 32);
    std::memcpy(&h1, reinterpret_cast<const char *>(&v) + 32, 32);
    h0 += h1;
    Q q0, q1;
    std::memcpy(&q0, &h0, 16);
    std::memcpy(&q1, reinterpret_cast<const char *>(&h0) + 16, 16);
    q0 += q1;
    T s = 0;
    for (int l = 0; l < 16 / int(sizeof(T)); ++l) s += q0[l];
    return s;
}

// The conjugate of x (x itself where T is real). Defined here, under this unit's target, like
// every function the kernels inline (tiled.cpp and small_inverse.hpp have theirs).
template <class T> BL_BIDIAG_INLINE T cj(T x) {
    if constexpr (is_complex<T>) return std::conj(x);
    else return x;
}

// Complex vectors are handled as vectors of their real parts and imaginary parts interleaved
// (simd.hpp), each complex product as two real ones whose lanes are combined once per result, so
// that the loops over rows are multiply-adds with one lane exchange per vector of the shared
// operand (v in dots, y in axpys) and none per column.
template <class C> using Parts = simd::Simd<C, 64>;

// out[k] = c_k[from, to)^H v[from, to) for the K columns c_k = c + k ld (the conjugate's dot
// product; every dot product of the reduction has that form): v is loaded once for all.
template <int K, class T> BL_BIDIAG_INLINE void dots(const T *c, int64_t ld, const T *v, int from, int to, T *out) {
    if constexpr (is_complex<T>) {
        // a_k += c v and b_k += c swap(v) lane by lane: Re(conj(c) v) is the sum of a's lanes,
        // Im(conj(c) v) = c_re v_im - c_im v_re, b's even lanes less its odd ones.
        using R = Real<T>;
        constexpr int W = kLanes<R>;
        const R *cr = reinterpret_cast<const R *>(c), *vr = reinterpret_cast<const R *>(v);
        Vec<R> a[K], b[K];
        for (int k = 0; k < K; ++k) a[k] = b[k] = Vec<R>{};
        int r = 2 * from;
        for (; r + W <= 2 * to; r += W) {
            const Vec<R> v0 = load(vr + r), v1 = Parts<T>::swap(v0);
            for (int k = 0; k < K; ++k) {
                const Vec<R> ck = load(cr + 2 * k * ld + r);
                a[k] += ck * v0;
                b[k] += ck * v1;
            }
        }
        for (int k = 0; k < K; ++k) {
            T s(sum<R>(a[k]), -sum<R>(b[k] * Parts<T>::sign()));
            for (int i = r / 2; i < to; ++i) s += cj(c[k * ld + i]) * v[i];
            out[k] = s;
        }
    } else {
        constexpr int W = kLanes<T>;
        Vec<T> acc[K][2];
        for (int k = 0; k < K; ++k) acc[k][0] = acc[k][1] = Vec<T>{};
        int r = from;
        for (; r + 2 * W <= to; r += 2 * W) {
            const Vec<T> v0 = load(v + r), v1 = load(v + r + W);
            for (int k = 0; k < K; ++k) {
                acc[k][0] += load(c + k * ld + r) * v0;
                acc[k][1] += load(c + k * ld + r + W) * v1;
            }
        }
        if (r + W <= to) {
            const Vec<T> v0 = load(v + r);
            for (int k = 0; k < K; ++k) acc[k][0] += load(c + k * ld + r) * v0;
            r += W;
        }
        for (int k = 0; k < K; ++k) {
            T s = sum<T>(acc[k][0] + acc[k][1]);
            for (int i = r; i < to; ++i) s += c[k * ld + i] * v[i];
            out[k] = s;
        }
    }
}

// y[from, to) += sum_k s[k] c_k[from, to) for the K columns c_k = c + k ld: y is loaded and
// stored once for all.
template <int K, class T> BL_BIDIAG_INLINE void axpys(const T *c, int64_t ld, const T *s, int from, int to, T *y) {
    if constexpr (is_complex<T>) {
        // s c = s_re c + swap((s_im, -s_im) c) lane by lane: the second sum is gathered over the
        // K columns and exchanged once.
        using R = Real<T>;
        constexpr int W = kLanes<R>;
        const R *cr = reinterpret_cast<const R *>(c);
        R *yr = reinterpret_cast<R *>(y);
        Vec<R> sre[K], sim[K];
        for (int k = 0; k < K; ++k) sre[k] = splat(s[k].real()), sim[k] = -splat(s[k].imag()) * Parts<T>::sign();
        int r = 2 * from;
        for (; r + W <= 2 * to; r += W) {
            Vec<R> acc = load(yr + r), im{};
            for (int k = 0; k < K; ++k) {
                const Vec<R> ck = load(cr + 2 * k * ld + r);
                acc += ck * sre[k];
                im += ck * sim[k];
            }
            store(yr + r, acc + Parts<T>::swap(im));
        }
        for (int i = r / 2; i < to; ++i) {
            T t = y[i];
            for (int k = 0; k < K; ++k) t += c[k * ld + i] * s[k];
            y[i] = t;
        }
    } else {
        constexpr int W = kLanes<T>;
        Vec<T> sv[K];
        for (int k = 0; k < K; ++k) sv[k] = splat(s[k]);
        int r = from;
        for (; r + W <= to; r += W) {
            Vec<T> acc = load(y + r);
            for (int k = 0; k < K; ++k) acc += load(c + k * ld + r) * sv[k];
            store(y + r, acc);
        }
        for (; r < to; ++r) {
            T t = y[r];
            for (int k = 0; k < K; ++k) t += c[k * ld + r] * s[k];
            y[r] = t;
        }
    }
}

// The same over any number of columns, four at a time.
template <class T> void dots_n(int count, const T *c, int64_t ld, const T *v, int from, int to, T *out) {
    int k = 0;
    for (; k + 4 <= count; k += 4) dots<4>(c + k * ld, ld, v, from, to, out + k);
    switch (count - k) {
    case 3: dots<3>(c + k * ld, ld, v, from, to, out + k); break;
    case 2: dots<2>(c + k * ld, ld, v, from, to, out + k); break;
    case 1: dots<1>(c + k * ld, ld, v, from, to, out + k); break;
    }
}
template <class T> void axpys_n(int count, const T *c, int64_t ld, const T *s, int from, int to, T *y) {
    int k = 0;
    for (; k + 4 <= count; k += 4) axpys<4>(c + k * ld, ld, s + k, from, to, y);
    switch (count - k) {
    case 3: axpys<3>(c + k * ld, ld, s + k, from, to, y); break;
    case 2: axpys<2>(c + k * ld, ld, s + k, from, to, y); break;
    case 1: axpys<1>(c + k * ld, ld, s + k, from, to, y); break;
    }
}

// The workspace. VX: m x 2 kBlock, the panel's V (copied there for the update) then X; YU:
// n x 2 kBlock, Y then U (the row reflectors, which A holds in rows, conjugated in complex
// arithmetic): the update is then one product of k = 2 kBlock, A22 -= [V X] [Y U]^H, and the sums over the panel's columns that
// the pass needs for every column j are products with YU's contiguous columns. Columns a whole
// number of vectors apart plus one; the pass's vectors after them.
template <class T> struct Space {
    static constexpr int W = kLanes<T>;
    static int64_t round(int64_t x) { return (x + W - 1) / W * W; }
    int64_t ldx, ldy;
    T *V, *X, *Y, *U, *w, *r, *c1, *c2, *p, *q, *g, *h, *t1, *t2;
    Space(int m, int n, T *work) : ldx(round(m) + W), ldy(round(n) + W) {
        V = reinterpret_cast<T *>((reinterpret_cast<uintptr_t>(work) + 63) & ~uintptr_t(63));
        X = V + ldx * kBlock;
        Y = X + ldx * kBlock;
        U = Y + ldy * kBlock;
        w = U + ldy * kBlock;
        r = w + ldx;
        c1 = r + ldy, c2 = c1 + ldy;
        p = c2 + ldy, q = p + kBlock + W, g = q + kBlock + W, h = g + kBlock + W, t1 = h + kBlock + W;
        t2 = t1 + kBlock + W;
    }
    static int64_t size(int m, int n) {
        return (round(m) + W) * (2 * kBlock + 1) + (round(n) + W) * (2 * kBlock + 3) + 6 * (kBlock + W) + W;
    }
};

template <class T> BL_BIDIAG_INLINE bool is_finite(T x) {
    if constexpr (is_complex<T>) return std::isfinite(x.real()) && std::isfinite(x.imag());
    else return std::isfinite(x);
}

// Columns 0..b of the panel at a (the trailing M x N matrix, M >= N), as LAPACK's labrd: d, e,
// tauq, taup and the reflectors in the panel's rows and columns, X, Y and U for the update.
// In complex arithmetic (zlabrd) the trailing matrix is A - V Y^H - X U^H, U's columns the row
// reflectors u, which A's rows hold conjugated (zgebrd's zlacgv): the row's reflector is formed
// from the conjugated row, so the pass below works on conj(row) throughout and every product over
// the trailing matrix is one with a conjugated column (c^H v, `dots`) or a plain combination of
// columns (`axpys`); for real types the conjugations vanish.
template <class T>
void panel(int M, int N, int b, T *a, int64_t lda, Real<T> *d, Real<T> *e, T *tq, T *tp, const Space<T> &s) {
    using R = Real<T>;
    T *const X = s.X, *const Y = s.Y, *const U = s.U, *const w = s.w, *const r = s.r;
    const int64_t ldx = s.ldx, ldy = s.ldy;
    // The pass forms A r, not A u: a row r of norm below sqrt(safmin / eps) (2^-484 in double)
    // could see those products underflow, which A u's would not (it is also far above LAPACK's
    // threshold for larfg's rescaling, safmin / eps, where u is not r scaled at all); such a row,
    // and one whose products overflowed (w not finite: a matrix near overflow), takes the exact
    // second pass.
    const R kFusedMin = std::sqrt(std::numeric_limits<R>::min() / std::numeric_limits<R>::epsilon());
    for (int i = 0; i < b; ++i) {
        T *const ci = a + i * lda;
        // Column i brought up to date: A(i:M, i) -= A(i:M, 0:i) Y(i, 0:i)^H + X(i:M, 0:i) A(0:i, i).
        for (int l = 0; l < i; ++l) s.p[l] = -cj(Y[l * ldy + i]), s.q[l] = -ci[l];
        axpys_n(i, a, lda, s.p, i, M, ci);
        axpys_n(i, X, ldx, s.q, i, M, ci);
        lapack::larfg(M - i, ci + i, ci + std::min(i + 1, M - 1), 1, tq + i);
        d[i] = std::real(ci[i]);
        if (i == N - 1) {  // the last column: no row reflector
            tp[i] = T(0);
            return;
        }
        ci[i] = T(1);
        // What Y(j, i) and the row need besides column j, for every j at once:
        // c1 = Y(:, 0:i) p + U(:, 0:i) q with p = A(i:M, 0:i)^H v, q = X(i:M, 0:i)^H v;
        // c2 = Y(:, 0:i) g + U(:, 0:i) h with g = conj(A(i, 0:i)), h = conj(X(i, 0:i)).
        dots_n(i, a, lda, ci, i, M, s.p);
        dots_n(i, X, ldx, ci, i, M, s.q);
        for (int l = 0; l < i; ++l) s.g[l] = cj(a[l * lda + i]), s.h[l] = cj(X[l * ldx + i]);
        std::fill(s.c1 + i + 1, s.c1 + N, T(0));
        std::fill(s.c2 + i + 1, s.c2 + N, T(0));
        axpys_n(i, Y, ldy, s.p, i + 1, N, s.c1);
        axpys_n(i, U, ldy, s.q, i + 1, N, s.c1);
        axpys_n(i, Y, ldy, s.g, i + 1, N, s.c2);
        axpys_n(i, U, ldy, s.h, i + 1, N, s.c2);
        // The pass. Column j (from i + 1): Y(j, i) = tauq (A(i:M, j)^H v - c1_j), then the
        // conjugated row's element r_j = conj(A(i, j)) - c2_j - Y(j, i), then, past the first
        // column (whose share is added with the scaling below), w += r_j A(i+1:M, j): four columns
        // at a time, which share the loads of v and of w. (A's row i is written once u is known.)
        const T tau = tq[i];
        T *const yi = Y + i * ldy;
        auto row_element = [&](int j, T dot) {
            const T y = tau * (dot - s.c1[j]);
            yi[j] = y;
            return r[j - i - 1] = cj(a[j * lda + i]) - s.c2[j] - y;
        };
        std::fill(w + i + 1, w + M, T(0));
        {
            T dot;
            dots<1>(a + (i + 1) * lda, lda, ci, i, M, &dot);
            row_element(i + 1, dot);
        }
        for (int j = i + 2; j < N; j += 4) {
            const int K = std::min(4, N - j);
            T dot[4], f[4];
            if (K == 4) {
                dots<4>(a + j * lda, lda, ci, i, M, dot);
                for (int k = 0; k < 4; ++k) f[k] = row_element(j + k, dot[k]);
                axpys<4>(a + j * lda, lda, f, i + 1, M, w);
            } else {
                dots_n(K, a + j * lda, lda, ci, i, M, dot);
                for (int k = 0; k < K; ++k) f[k] = row_element(j + k, dot[k]);
                axpys_n(K, a + j * lda, lda, f, i + 1, M, w);
            }
        }
        // The row reflector from r (in r[0..N-i-1)): u = (1, r[1..] scale) with scale
        // 1 / (r_0 - beta), 0 where tau is 0 (r[1..] is zero then, and so is w).
        const T alpha = r[0];
        lapack::larfg(N - i - 1, r, r + 1, 1, tp + i);
        e[i] = std::real(r[0]);
        r[0] = T(1);
        T scale = T(0);
        if (tp[i] != T(0)) {
            bool finite = true;
            for (int k = i + 1; k < M; ++k) finite &= is_finite(w[k]);
            if (std::abs(e[i]) >= kFusedMin && finite) {
                scale = T(1) / (alpha - T(e[i]));  // larfg's own factor: its u is r times this
            } else {  // larfg rescaled, r is tiny, A r overflowed (or met a NaN): A u anew from its u
                std::fill(w + i + 1, w + M, T(0));
                axpys_n(N - i - 2, a + (i + 2) * lda, lda, r + 1, i + 1, M, w);
                scale = T(1);
            }
        }
        T *const ui = U + i * ldy;
        for (int j = i + 1; j < N; ++j) ui[j] = r[j - i - 1], a[j * lda + i] = cj(r[j - i - 1]);
        // X(i+1:M, i) = taup (A u - A(:, 0:i+1) t1 - X(:, 0:i) t2), t1 = Y(i+1:N, 0:i+1)^H u and
        // t2 = U(i+1:N, 0:i)^H u.
        dots_n(i + 1, Y + i + 1, ldy, r, 0, N - i - 1, s.t1);
        dots_n(i, U + i + 1, ldy, r, 0, N - i - 1, s.t2);
        for (int l = 0; l <= i; ++l) s.t1[l] = -s.t1[l];
        for (int l = 0; l < i; ++l) s.t2[l] = -s.t2[l];
        T *const xi = X + i * ldx;
        const T *const c = a + (i + 1) * lda;
        for (int k = i + 1; k < M; ++k) xi[k] = c[k] + scale * w[k];
        axpys_n(i + 1, a, lda, s.t1, i + 1, M, xi);
        axpys_n(i, X, ldx, s.t2, i + 1, M, xi);
        for (int k = i + 1; k < M; ++k) xi[k] *= tp[i];
    }
}

// C(0:M, j0:j0+NC) += P(0:M, 0:K) t(0:K, 0:NC), K = 2 kBlock, the coefficients t in parts (tr, ti:
// real and imaginary, K x 4 each): the columns in registers, two vectors of rows at a time, each
// vector of P loaded once for the NC columns. Complex products as in axpys: the real parts'
// products and the imaginary parts' apart, combined once per vector of C.
template <int NC, class T>
BL_BIDIAG_INLINE void update_columns(int M, const T *P, int64_t ldp, const Real<T> (*tr)[4], const Real<T> (*ti)[4], T *C,
                                     int64_t ldc) {
    using R = Real<T>;
    constexpr int K = 2 * kBlock, W = kLanes<R>, E = is_complex<T> ? 2 : 1;
    const R *pr = reinterpret_cast<const R *>(P);
    R *cr = reinterpret_cast<R *>(C);
    const int rows = M * E;
    int r = 0;
    auto finish = [&](Vec<R> re, Vec<R> im) {
        if constexpr (is_complex<T>) return re + Parts<T>::swap(im) * Parts<T>::sign();
        else return (void)im, re;
    };
    for (; r + 2 * W <= rows; r += 2 * W) {
        Vec<R> re[NC][2], im[NC][2];
        for (int c = 0; c < NC; ++c)
            for (int h = 0; h < 2; ++h) re[c][h] = load(cr + c * ldc * E + r + h * W), im[c][h] = Vec<R>{};
        for (int k = 0; k < K; ++k) {
            const Vec<R> p0 = load(pr + k * ldp * E + r), p1 = load(pr + k * ldp * E + r + W);
            for (int c = 0; c < NC; ++c) {
                const Vec<R> b = splat(tr[k][c]);
                re[c][0] += p0 * b, re[c][1] += p1 * b;
                if constexpr (is_complex<T>) {
                    const Vec<R> bi = splat(ti[k][c]);
                    im[c][0] += p0 * bi, im[c][1] += p1 * bi;
                }
            }
        }
        for (int c = 0; c < NC; ++c)
            for (int h = 0; h < 2; ++h) store(cr + c * ldc * E + r + h * W, finish(re[c][h], im[c][h]));
    }
    for (int i = r / E; i < M; ++i)
        for (int c = 0; c < NC; ++c) {
            T x = C[i + c * ldc];
            for (int k = 0; k < K; ++k) {
                if constexpr (is_complex<T>) x += P[i + k * ldp] * T(tr[k][c], ti[k][c]);
                else x += P[i + k * ldp] * tr[k][c];
            }
            C[i + c * ldc] = x;
        }
}

// The trailing update A22 -= [V X] [Y U]^H (P = [V X], M x 2 kBlock; Q = [Y U], N x 2 kBlock), in
// place of the BLAS gemm: at k = 16 a gemm spends much of its time packing its operands (and a
// BLAS that does not know the processor, as OpenBLAS on a virtual CPU it falls back to SSE3
// kernels for, far more), where here P's columns stay in L2 and C's four columns in registers.
template <class T> void update(int M, int N, const T *P, int64_t ldp, const T *Q, int64_t ldq, T *C, int64_t ldc) {
    using R = Real<T>;
    constexpr int K = 2 * kBlock;
    for (int j = 0; j < N; j += 4) {
        const int nc = std::min(4, N - j);
        alignas(64) R tr[K][4] = {}, ti[K][4] = {};
        for (int k = 0; k < K; ++k)
            for (int c = 0; c < nc; ++c) {
                const T t = -cj(Q[j + c + k * ldq]);
                tr[k][c] = std::real(t), ti[k][c] = std::imag(t);
            }
        T *const cj0 = C + j * ldc;
        switch (nc) {
        case 4: update_columns<4>(M, P, ldp, tr, ti, cj0, ldc); break;
        case 3: update_columns<3>(M, P, ldp, tr, ti, cj0, ldc); break;
        case 2: update_columns<2>(M, P, ldp, tr, ti, cj0, ldc); break;
        default: update_columns<1>(M, P, ldp, tr, ti, cj0, ldc); break;
        }
    }
}

template <class T> void reduce(int m, int n, T *A, int64_t lda, Real<T> *d, Real<T> *e, T *tq, T *tp, T *work) {
    const Space<T> s(m, n, work);
    for (int k = 0; k < n; k += kBlock) {
        const int b = std::min(kBlock, n - k), M = m - k, N = n - k;
        T *const a = A + k + k * lda;
        panel(M, N, b, a, lda, d + k, e + k, tq + k, tp + k, s);
        if (b < N) {  // A22 -= [V X] [Y U]^H (b = kBlock here: V and X, Y and U are adjacent)
            for (int l = 0; l < b; ++l) std::memcpy(s.V + l * s.ldx + b, a + l * lda + b, sizeof(T) * (M - b));
            update(M - b, N - b, s.V + b, s.ldx, s.Y + b, s.ldy, a + b + b * lda, lda);
        }
        for (int l = 0; l < b; ++l) {  // the ones the panel put in for the products
            a[l + l * lda] = T(d[k + l]);
            if (l + 1 < N) a[l + (l + 1) * lda] = T(e[k + l]);
        }
    }
}

#pragma GCC pop_options
#endif  // BL_BIDIAG_KERNELS

// The kernels run where they use AVX-512 (isa.hpp).
template <class T> bool covers(int m, int n) {
#ifdef BL_BIDIAG_KERNELS
    return isa() == Isa::v4 && m >= n && n >= ladder::gebrd::kBlockedMin<T> && n <= ladder::gebrd::kBlockedMax;
#else
    (void)m, (void)n;
    return false;
#endif
}

template <class T> int64_t workspace(int m, int n) {
#ifdef BL_BIDIAG_KERNELS
    return Space<T>::size(m, n);
#else
    (void)m, (void)n;
    return 0;
#endif
}

template <class T> void gebrd(int m, int n, T *A, int lda, Real<T> *d, Real<T> *e, T *tauq, T *taup, T *work) {
#ifdef BL_BIDIAG_KERNELS
    reduce(m, n, A, lda, d, e, tauq, taup, work);
#else
    (void)m, (void)n, (void)A, (void)lda, (void)d, (void)e, (void)tauq, (void)taup, (void)work;
#endif
}

#define BL_BIDIAG(p, T)                                                                            \
    template bool covers<T>(int, int);                                                             \
    template int64_t workspace<T>(int, int);                                                       \
    template void gebrd<T>(int, int, T *, int, Real<T> *, Real<T> *, T *, T *, T *);
BL_PRECISIONS(BL_BIDIAG)
#undef BL_BIDIAG

}  // namespace bidiag
}  // namespace cpu
}  // namespace bl
