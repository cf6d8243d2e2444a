// The Cholesky family's operations: potrf, potrs, posv.
//
// Per operation: its struct (the arguments in LAPACK's order, `fields` naming them, `flops`) and
// its `check` (LAPACK's argument rules, per matrix; check.hpp says how).
#pragma once

#include "check.hpp"
#include "op_common.hpp"

#include <algorithm>

namespace bl {

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

template <class T> void check(const Potrf<T> &op, Checker &c) {
    c.option(op.uplo, "UL");
    c.each([&](Checker &c, int64_t i) {
        int n = op.n[i];
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, n), op.A.ld, i, "must be >= max(1, n)", std::max(1, n));
        c.matrix(op.A, i, n, n);
    });
}

// potrs and posv check the same arguments.
template <class Op> void check_cholesky_solve(const Op &op, Checker &c) {
    c.option(op.uplo, "UL");
    c.each([&](Checker &c, int64_t i) { check_square_system(op, c, i); });
}
template <class T> void check(const Potrs<T> &op, Checker &c) { check_cholesky_solve(op, c); }
template <class T> void check(const Posv<T> &op, Checker &c) { check_cholesky_solve(op, c); }

}  // namespace bl
