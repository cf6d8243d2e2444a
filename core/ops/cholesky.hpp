// The Cholesky family's operations: potrf, potrs, posv, potri.
//
// Per operation: its struct, which adds its `flops` to the arguments the routine table declares
// (op_args.hpp, generated from core/routines.py: the members in LAPACK's order and `fields` naming
// them), and its `check` (LAPACK's argument rules, per matrix; check.hpp says how).
#pragma once

#include "check.hpp"
#include "lu.hpp"  // check_square
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

// The inverse from the Cholesky factor: trtri's n^3/3, then lauum's n^3/3.
template <class T> struct Potri : PotriArgs<T> {
    double flops(int64_t i) const { double N = this->n[i]; return flop_scale<T> * 2.0 / 3.0 * N * N * N; }
};

// potrf and potri check the same arguments.
template <class Op> void check_cholesky_square(const Op &op, Checker &c) {
    c.option(op.uplo, "UL");
    c.each([&](Checker &c, int64_t i) { check_square(op, c, i); });
}
template <class T> void check(const Potrf<T> &op, Checker &c) { check_cholesky_square(op, c); }
template <class T> void check(const Potri<T> &op, Checker &c) { check_cholesky_square(op, c); }

// potrs and posv check the same arguments.
template <class Op> void check_cholesky_solve(const Op &op, Checker &c) {
    c.option(op.uplo, "UL");
    c.each([&](Checker &c, int64_t i) { check_square_system(op, c, i); });
}
template <class T> void check(const Potrs<T> &op, Checker &c) { check_cholesky_solve(op, c); }
template <class T> void check(const Posv<T> &op, Checker &c) { check_cholesky_solve(op, c); }

}  // namespace bl
