// The LU family's operations: getrf, getrs, gesv (LU with partial pivoting and its solves).
//
// Per operation: its struct (the arguments in LAPACK's order, `fields` naming them, `flops`) and
// its `check` (LAPACK's argument rules, per matrix; check.hpp says how).
#pragma once

#include "check.hpp"
#include "op_common.hpp"

#include <algorithm>

namespace bl {

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

template <class T> void check(const Getrf<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i];
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.matrix(op.A, i, m, n);
        c.vector(op.ipiv, i, std::min(m, n));
    });
}

// What getrs and gesv check besides their option: the square system and n pivots.
template <class Op> void check_lu_solve(const Op &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        check_square_system(op, c, i);
        c.vector(op.ipiv, i, op.n[i]);
    });
}

template <class T> void check(const Getrs<T> &op, Checker &c) {
    c.option(op.trans, "NTC");
    check_lu_solve(op, c);
}

template <class T> void check(const Gesv<T> &op, Checker &c) { check_lu_solve(op, c); }

}  // namespace bl
