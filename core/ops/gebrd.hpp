// The bidiagonal reduction's operation: gebrd.
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

template <class T> struct Gebrd : GebrdArgs<T> {
    double flops(int64_t i) const {
        double M = std::max(this->m[i], this->n[i]), N = std::min(this->m[i], this->n[i]);
        return flop_scale<T> * (4 * M * N * N - 4 * N * N * N / 3);
    }
};

template <class T> void check(const Gebrd<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        // k in 64 bits: e has k - 1 elements, and an illegal m or n may be INT_MIN.
        const int m = op.m[i], n = op.n[i];
        const int64_t k = std::min(m, n);
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.matrix(op.A, i, m, n);
        c.vector(op.d, i, k);
        c.vector(op.e, i, k - 1);
        c.vector(op.tauq, i, k);
        c.vector(op.taup, i, k);
    });
}

}  // namespace bl
