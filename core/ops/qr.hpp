// The QR family's operations: geqrf, ormqr/unmqr (apply Q), orgqr/ungqr (form Q), gels.
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

template <class T> struct Geqrf : GeqrfArgs<T> {
    double flops(int64_t i) const {
        double M = this->m[i], N = this->n[i];
        return flop_scale<T> * (M >= N ? 2 * M * N * N - 2 * N * N * N / 3 : 2 * N * M * M - 2 * M * M * M / 3);
    }
};

// ormqr (real) / unmqr (complex): C := op(Q) C or C op(Q), Q from geqrf.
template <class T> struct Ormqr : OrmqrArgs<T> {
    double flops(int64_t i) const {
        double M = this->m[i], N = this->n[i], K = this->k[i];
        bool left = this->side.value == 'L';
        return flop_scale<T> * (left ? 4 * M * N * K - 2 * N * K * K : 4 * M * N * K - 2 * M * K * K);
    }
};

// orgqr (real) / ungqr (complex): form the m-by-n Q with orthonormal columns from k reflectors.
template <class T> struct Orgqr : OrgqrArgs<T> {
    double flops(int64_t i) const {
        double M = this->m[i], N = this->n[i], K = this->k[i];
        return flop_scale<T> * (4 * M * N * K - 2 * (M + N) * K * K + 4 * K * K * K / 3);
    }
};

template <class T> struct Gels : GelsArgs<T> {
    double flops(int64_t i) const {
        double M = std::max(this->m[i], this->n[i]), N = std::min(this->m[i], this->n[i]);
        return flop_scale<T> * (2 * M * N * N - 2 * N * N * N / 3 + 4 * M * N * this->nrhs[i]);
    }
};

// 'T' for the real precisions, 'C' for the complex ones, as LAPACK's ?ormqr/?unmqr and ?gels.
template <class T> constexpr const char *transposes = is_complex<T> ? "NC" : "NT";

template <class T> void check(const Geqrf<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i];
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.matrix(op.A, i, m, n);
        c.vector(op.tau, i, std::min(m, n));
    });
}

template <class T> void check(const Ormqr<T> &op, Checker &c) {
    c.option(op.side, "LR");
    c.option(op.trans, transposes<T>);
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i], k = op.k[i];
        int nq = op.side.value == 'L' ? m : n;  // order of Q
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(k >= 0 && k <= nq, op.k, i, op.side.value == 'L' ? "must be in [0, m]" : "must be in [0, n]");
        c.require(op.A.ld[i] >= std::max(1, nq), op.A.ld, i, "must be >= max(1, nq)", std::max(1, nq));
        c.require(op.C.ld[i] >= std::max(1, m), op.C.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.matrix(op.A, i, nq, k);
        c.vector(op.tau, i, k);
        c.matrix(op.C, i, m, n);
    });
}

template <class T> void check(const Orgqr<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i], k = op.k[i];
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0 && n <= m, op.n, i, "must be in [0, m]");
        c.require(k >= 0 && k <= n, op.k, i, "must be in [0, n]");
        c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.matrix(op.A, i, m, n);
        c.vector(op.tau, i, k);
    });
}

template <class T> void check(const Gels<T> &op, Checker &c) {
    c.option(op.trans, transposes<T>);
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i], nrhs = op.nrhs[i];
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(nrhs >= 0, op.nrhs, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.require(op.B.ld[i] >= std::max({1, m, n}), op.B.ld, i, "must be >= max(1, m, n)", std::max({1, m, n}));
        c.matrix(op.A, i, m, n);
        c.matrix(op.B, i, std::max(m, n), nrhs);
    });
}

}  // namespace bl
