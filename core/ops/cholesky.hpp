// The Cholesky family's operations: potrf, potrs, posv.
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

template <class T> struct Potrf : PotrfArgs<T> {
    double flops(int64_t i) const { double N = this->n[i]; return flop_scale<T> * N * N * N / 3.0; }
};

template <class T> struct Potrs : PotrsArgs<T> {
    double flops(int64_t i) const { return flop_scale<T> * 2.0 * this->n[i] * this->n[i] * this->nrhs[i]; }
};

template <class T> struct Posv : PosvArgs<T> {
    double flops(int64_t i) const {
        double N = this->n[i];
        return flop_scale<T> * (N * N * N / 3.0 + 2.0 * N * N * this->nrhs[i]);
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
