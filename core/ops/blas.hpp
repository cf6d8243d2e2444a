// The BLAS operations (no info): trsv, trsm, gemm, gemv.
//
// Their checks are the reference BLAS's (xerbla's), plus the layout's. A matrix or vector that
// BLAS does not reference for the given sizes and scalars (A and B of gemm when alpha = 0 or
// k = 0, ...) is checked with zero size, so it needs no pointer.
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

template <class T> struct Trsv : TrsvArgs<T> {
    double flops(int64_t i) const { return flop_scale<T> * double(this->n[i]) * this->n[i]; }
};

template <class T> struct Trsm : TrsmArgs<T> {
    double flops(int64_t i) const {
        double M = this->m[i], N = this->n[i];
        return flop_scale<T> * (this->side.value == 'L' ? M * M * N : M * N * N);
    }
};

template <class T> struct Gemm : GemmArgs<T> {
    double flops(int64_t i) const { return flop_scale<T> * 2.0 * this->m[i] * this->n[i] * this->k[i]; }
};

template <class T> struct Gemv : GemvArgs<T> {
    double flops(int64_t i) const { return flop_scale<T> * 2.0 * this->m[i] * this->n[i]; }
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
