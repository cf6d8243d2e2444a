// Every batched operation of the library, declared once.
//
// An operation struct holds the arguments of one batched call in LAPACK's order (args.hpp says how
// the three layouts map onto them). `fields` visits the arguments in that order with their public
// names, which is what numbers them for the -k convention. `flops(i)` is LAPACK's operation count
// for matrix i (ALGORITHMS.md), used to schedule variable-size batches largest first.
//
// Each backend provides `int run(const Op<T>&)` for every operation below (backend.hpp).
#pragma once

#include "args.hpp"

#include <algorithm>

namespace bl {

// Complex operations cost about four real ones; LAPACK's counts (and ours) say so.
template <class T> constexpr double flop_scale = is_complex<T> ? 4.0 : 1.0;

// ---- LU ------------------------------------------------------------------------------------
template <class T> struct Getrf {
    Int m, n; Array<T> A; Array<int> ipiv; Batch b;
    template <class F> void fields(F &&f) { f(m, "m"); f(n, "n"); f(A, "A", "lda"); f(ipiv, "ipiv"); }
    double flops(int64_t i) const {
        // Twice the multiply-adds m n k - (m + n) k^2 / 2 + k^3 / 3: 2/3 n^3 when square.
        double M = m[i], N = n[i], k = std::min(M, N);
        return flop_scale<T> * 2 * (M * N * k - (M + N) * k * k / 2 + k * k * k / 3);
    }
};

template <class T> struct Getrs {
    Option trans; Int n, nrhs; Array<const T> A; Array<const int> ipiv; Array<T> B; Batch b;
    template <class F> void fields(F &&f) {
        f(trans, "trans"); f(n, "n"); f(nrhs, "nrhs"); f(A, "A", "lda"); f(ipiv, "ipiv"); f(B, "B", "ldb");
    }
    double flops(int64_t i) const { return flop_scale<T> * 2.0 * n[i] * n[i] * nrhs[i]; }
};

template <class T> struct Gesv {
    Int n, nrhs; Array<T> A; Array<int> ipiv; Array<T> B; Batch b;
    template <class F> void fields(F &&f) {
        f(n, "n"); f(nrhs, "nrhs"); f(A, "A", "lda"); f(ipiv, "ipiv"); f(B, "B", "ldb");
    }
    double flops(int64_t i) const {
        double N = n[i];
        return flop_scale<T> * (2.0 / 3.0 * N * N * N + 2.0 * N * N * nrhs[i]);
    }
};

// ---- Cholesky ------------------------------------------------------------------------------
template <class T> struct Potrf {
    Option uplo; Int n; Array<T> A; Batch b;
    template <class F> void fields(F &&f) { f(uplo, "uplo"); f(n, "n"); f(A, "A", "lda"); }
    double flops(int64_t i) const { double N = n[i]; return flop_scale<T> * N * N * N / 3.0; }
};

template <class T> struct Potrs {
    Option uplo; Int n, nrhs; Array<const T> A; Array<T> B; Batch b;
    template <class F> void fields(F &&f) {
        f(uplo, "uplo"); f(n, "n"); f(nrhs, "nrhs"); f(A, "A", "lda"); f(B, "B", "ldb");
    }
    double flops(int64_t i) const { return flop_scale<T> * 2.0 * n[i] * n[i] * nrhs[i]; }
};

template <class T> struct Posv {
    Option uplo; Int n, nrhs; Array<T> A; Array<T> B; Batch b;
    template <class F> void fields(F &&f) {
        f(uplo, "uplo"); f(n, "n"); f(nrhs, "nrhs"); f(A, "A", "lda"); f(B, "B", "ldb");
    }
    double flops(int64_t i) const {
        double N = n[i];
        return flop_scale<T> * (N * N * N / 3.0 + 2.0 * N * N * nrhs[i]);
    }
};

// ---- QR ------------------------------------------------------------------------------------
template <class T> struct Geqrf {
    Int m, n; Array<T> A; Array<T> tau; Batch b;
    template <class F> void fields(F &&f) { f(m, "m"); f(n, "n"); f(A, "A", "lda"); f(tau, "tau"); }
    double flops(int64_t i) const {
        double M = m[i], N = n[i];
        return flop_scale<T> * (M >= N ? 2 * M * N * N - 2 * N * N * N / 3 : 2 * N * M * M - 2 * M * M * M / 3);
    }
};

// ormqr (real) / unmqr (complex): C := op(Q) C or C op(Q), Q from geqrf.
template <class T> struct Ormqr {
    Option side, trans; Int m, n, k; Array<const T> A; Array<const T> tau; Array<T> C; Batch b;
    template <class F> void fields(F &&f) {
        f(side, "side"); f(trans, "trans"); f(m, "m"); f(n, "n"); f(k, "k"); f(A, "A", "lda");
        f(tau, "tau"); f(C, "C", "ldc");
    }
    double flops(int64_t i) const {
        double M = m[i], N = n[i], K = k[i];
        return flop_scale<T> * (side.value == 'L' ? 4 * M * N * K - 2 * N * K * K : 4 * M * N * K - 2 * M * K * K);
    }
};

// orgqr (real) / ungqr (complex): form the m-by-n Q with orthonormal columns from k reflectors.
template <class T> struct Orgqr {
    Int m, n, k; Array<T> A; Array<const T> tau; Batch b;
    template <class F> void fields(F &&f) { f(m, "m"); f(n, "n"); f(k, "k"); f(A, "A", "lda"); f(tau, "tau"); }
    double flops(int64_t i) const {
        double M = m[i], N = n[i], K = k[i];
        return flop_scale<T> * (4 * M * N * K - 2 * (M + N) * K * K + 4 * K * K * K / 3);
    }
};

template <class T> struct Gels {
    Option trans; Int m, n, nrhs; Array<T> A; Array<T> B; Batch b;
    template <class F> void fields(F &&f) {
        f(trans, "trans"); f(m, "m"); f(n, "n"); f(nrhs, "nrhs"); f(A, "A", "lda"); f(B, "B", "ldb");
    }
    double flops(int64_t i) const {
        double M = std::max(m[i], n[i]), N = std::min(m[i], n[i]);
        return flop_scale<T> * (2 * M * N * N - 2 * N * N * N / 3 + 4 * M * N * nrhs[i]);
    }
};

// ---- Bidiagonal reduction ------------------------------------------------------------------
template <class T> struct Gebrd {
    Int m, n; Array<T> A; Array<Real<T>> d, e; Array<T> tauq, taup; Batch b;
    template <class F> void fields(F &&f) {
        f(m, "m"); f(n, "n"); f(A, "A", "lda"); f(d, "d"); f(e, "e"); f(tauq, "tauq"); f(taup, "taup");
    }
    double flops(int64_t i) const {
        double M = std::max(m[i], n[i]), N = std::min(m[i], n[i]);
        return flop_scale<T> * (4 * M * N * N - 4 * N * N * N / 3);
    }
};

// ---- BLAS (no info) ------------------------------------------------------------------------
template <class T> struct Trsv {
    Option uplo, trans, diag; Int n; Array<const T> A; Array<T> x; Batch b;
    template <class F> void fields(F &&f) {
        f(uplo, "uplo"); f(trans, "trans"); f(diag, "diag"); f(n, "n"); f(A, "A", "lda"); f(x, "x", "incx");
    }
    double flops(int64_t i) const { return flop_scale<T> * double(n[i]) * n[i]; }
};

template <class T> struct Trsm {
    Option side, uplo, transa, diag; Int m, n; Scalar<T> alpha; Array<const T> A; Array<T> B; Batch b;
    template <class F> void fields(F &&f) {
        f(side, "side"); f(uplo, "uplo"); f(transa, "transa"); f(diag, "diag"); f(m, "m"); f(n, "n");
        f(alpha, "alpha"); f(A, "A", "lda"); f(B, "B", "ldb");
    }
    double flops(int64_t i) const {
        double M = m[i], N = n[i];
        return flop_scale<T> * (side.value == 'L' ? M * M * N : M * N * N);
    }
};

template <class T> struct Gemm {
    Option transa, transb; Int m, n, k; Scalar<T> alpha; Array<const T> A, B; Scalar<T> beta; Array<T> C; Batch b;
    template <class F> void fields(F &&f) {
        f(transa, "transa"); f(transb, "transb"); f(m, "m"); f(n, "n"); f(k, "k"); f(alpha, "alpha");
        f(A, "A", "lda"); f(B, "B", "ldb"); f(beta, "beta"); f(C, "C", "ldc");
    }
    double flops(int64_t i) const { return flop_scale<T> * 2.0 * m[i] * n[i] * k[i]; }
};

template <class T> struct Gemv {
    Option trans; Int m, n; Scalar<T> alpha; Array<const T> A, x; Scalar<T> beta; Array<T> y; Batch b;
    template <class F> void fields(F &&f) {
        f(trans, "trans"); f(m, "m"); f(n, "n"); f(alpha, "alpha"); f(A, "A", "lda"); f(x, "x", "incx");
        f(beta, "beta"); f(y, "y", "incy");
    }
    double flops(int64_t i) const { return flop_scale<T> * 2.0 * m[i] * n[i]; }
};

// The list every backend instantiates.
#define BL_OPERATIONS(X) \
    X(Getrf) X(Getrs) X(Gesv) X(Potrf) X(Potrs) X(Posv) X(Geqrf) X(Ormqr) X(Orgqr) X(Gels) \
    X(Gebrd) X(Trsv) X(Trsm) X(Gemm) X(Gemv)

// The four LAPACK precisions: public letter, C++ scalar type.
#define BL_PRECISIONS(X) \
    X(s, float) X(d, double) X(c, std::complex<float>) X(z, std::complex<double>)

}  // namespace bl
