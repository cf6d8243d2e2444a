// The LU family's operations: getrf, getrs, gesv (LU with partial pivoting and its solves).
//
// Per operation: its struct, which adds its `flops` to the arguments the routine table declares
// (op_args.hpp, generated from core/routines.py: the members in LAPACK's order and `fields` naming
// them), and its `check` (LAPACK's argument rules, per matrix; check.hpp says how).
#pragma once

#include "check.hpp"
#include "op_args.hpp"
#include "op_common.hpp"

#include <algorithm>

namespace bl {

template <class T> struct Getrf : GetrfArgs<T> {
    double flops(int64_t i) const {
        // Twice the multiply-adds m n k - (m + n) k^2 / 2 + k^3 / 3: 2/3 n^3 when square.
        double M = this->m[i], N = this->n[i], k = std::min(M, N);
        return flop_scale<T> * 2 * (M * N * k - (M + N) * k * k / 2 + k * k * k / 3);
    }
};

template <class T> struct Getrs : GetrsArgs<T> {
    double flops(int64_t i) const { return flop_scale<T> * 2.0 * this->n[i] * this->n[i] * this->nrhs[i]; }
};

template <class T> struct Gesv : GesvArgs<T> {
    double flops(int64_t i) const {
        double N = this->n[i];
        return flop_scale<T> * (2.0 / 3.0 * N * N * N + 2.0 * N * N * this->nrhs[i]);
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
