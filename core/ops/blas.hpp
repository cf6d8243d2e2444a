// The BLAS operations (no info): trsv, trsm, gemm, gemv.
//
// Their checks are the reference BLAS's (xerbla's), plus the layout's. A matrix or vector that
// BLAS does not reference for the given sizes and scalars (A and B of gemm when alpha = 0 or
// k = 0, ...) is checked with zero size, so it needs no pointer.
//
// Per operation: its struct (the arguments in LAPACK's order, `fields` naming them, `flops`) and
// its `check` (LAPACK's argument rules, per matrix; check.hpp says how).
#pragma once

#include "check.hpp"
#include "op_common.hpp"

#include <algorithm>

namespace bl {

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

inline bool is_trans(const Option &o) { return o.value != 'N'; }

template <class T> void check(const Trsv<T> &op, Checker &c) {
    c.option(op.uplo, "UL");
    c.option(op.trans, "NTC");
    c.option(op.diag, "NU");
    c.each([&](Checker &c, int64_t i) {
        int n = op.n[i];
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, n), op.A.ld, i, "must be >= max(1, n)", std::max(1, n));
        c.require(op.x.ld[i] != 0, op.x.ld, i, "must not be 0");
        c.matrix(op.A, i, n, n);
        c.vector(op.x, i, n);
    });
}

template <class T> void check(const Trsm<T> &op, Checker &c) {
    c.option(op.side, "LR");
    c.option(op.uplo, "UL");
    c.option(op.transa, "NTC");
    c.option(op.diag, "NU");
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i], k = op.side.value == 'L' ? m : n;
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, k), op.A.ld, i,
                  op.side.value == 'L' ? "must be >= max(1, m)" : "must be >= max(1, n)", std::max(1, k));
        c.require(op.B.ld[i] >= std::max(1, m), op.B.ld, i, "must be >= max(1, m)", std::max(1, m));
        // alpha = 0 sets B to zero without reading A.
        bool used = m > 0 && n > 0;
        c.matrix(op.A, i, used && op.alpha.value != T(0) ? k : 0, k);
        c.matrix(op.B, i, used ? m : 0, n);
    });
}

template <class T> void check(const Gemm<T> &op, Checker &c) {
    c.option(op.transa, "NTC");
    c.option(op.transb, "NTC");
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i], k = op.k[i];
        // Rows and columns of A and B as stored (op(A) is m x k, op(B) is k x n).
        int rows_a = is_trans(op.transa) ? k : m, cols_a = is_trans(op.transa) ? m : k;
        int rows_b = is_trans(op.transb) ? n : k, cols_b = is_trans(op.transb) ? k : n;
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(k >= 0, op.k, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, rows_a), op.A.ld, i,
                  is_trans(op.transa) ? "must be >= max(1, k)" : "must be >= max(1, m)", std::max(1, rows_a));
        c.require(op.B.ld[i] >= std::max(1, rows_b), op.B.ld, i,
                  is_trans(op.transb) ? "must be >= max(1, n)" : "must be >= max(1, k)", std::max(1, rows_b));
        c.require(op.C.ld[i] >= std::max(1, m), op.C.ld, i, "must be >= max(1, m)", std::max(1, m));
        // BLAS returns at once when C is empty or C := 1*C; it reads A and B only when alpha*A*B
        // contributes.
        bool writes_c = m > 0 && n > 0 && !((op.alpha.value == T(0) || k == 0) && op.beta.value == T(1));
        bool reads_ab = writes_c && op.alpha.value != T(0) && k > 0;
        c.matrix(op.A, i, reads_ab ? rows_a : 0, cols_a);
        c.matrix(op.B, i, reads_ab ? rows_b : 0, cols_b);
        c.matrix(op.C, i, writes_c ? m : 0, n);
    });
}

template <class T> void check(const Gemv<T> &op, Checker &c) {
    c.option(op.trans, "NTC");
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i];
        int len_x = is_trans(op.trans) ? m : n, len_y = is_trans(op.trans) ? n : m;
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.require(op.x.ld[i] != 0, op.x.ld, i, "must not be 0");
        c.require(op.y.ld[i] != 0, op.y.ld, i, "must not be 0");
        // As gemm: nothing is referenced when A is empty or y := 1*y; A and x only when alpha != 0.
        bool writes_y = m > 0 && n > 0 && !(op.alpha.value == T(0) && op.beta.value == T(1));
        bool reads_ax = writes_y && op.alpha.value != T(0);
        c.matrix(op.A, i, reads_ax ? m : 0, n);
        c.vector(op.x, i, reads_ax ? len_x : 0);
        c.vector(op.y, i, writes_y ? len_y : 0);
    });
}

}  // namespace bl
