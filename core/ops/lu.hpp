// The LU family's operations: getrf, getrs, gesv (LU with partial pivoting and its solves), getri
// and getri_oop (the inverse from getrf's factors), trtri (the triangular inverse getri is built
// on), getrf_np, getrs_np, gesv_np (LU without pivoting and its solves).
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

// The counts of an LU factorization of an m x n matrix (with or without pivoting: the same
// arithmetic), of its solve with nrhs right-hand sides, and of both (gesv) for matrix i of `op`.
template <class T, class Op> double lu_flops(const Op &op, int64_t i) {
    // Twice the multiply-adds m n k - (m + n) k^2 / 2 + k^3 / 3: 2/3 n^3 when square.
    double M = op.m[i], N = op.n[i], k = std::min(M, N);
    return flop_scale<T> * 2 * (M * N * k - (M + N) * k * k / 2 + k * k * k / 3);
}
template <class T, class Op> double lu_solve_flops(const Op &op, int64_t i) {
    return flop_scale<T> * 2.0 * op.n[i] * op.n[i] * op.nrhs[i];
}
template <class T, class Op> double lu_gesv_flops(const Op &op, int64_t i) {
    double N = op.n[i];
    return flop_scale<T> * 2.0 / 3.0 * N * N * N + lu_solve_flops<T>(op, i);
}

template <class T> struct Getrf : GetrfArgs<T> {
    double flops(int64_t i) const { return lu_flops<T>(*this, i); }
};
template <class T> struct Getrs : GetrsArgs<T> {
    double flops(int64_t i) const { return lu_solve_flops<T>(*this, i); }
};
template <class T> struct Gesv : GesvArgs<T> {
    double flops(int64_t i) const { return lu_gesv_flops<T>(*this, i); }
};

// The inverse from LU factors: 4/3 n^3 (trtri's n^3/3, then n^3 for the solve with L).
template <class T, class Op> double getri_flops(const Op &op, int64_t i) {
    double N = op.n[i];
    return flop_scale<T> * 4.0 / 3.0 * N * N * N;
}
template <class T> struct Getri : GetriArgs<T> {
    double flops(int64_t i) const { return getri_flops<T>(*this, i); }
};
template <class T> struct GetriOop : GetriOopArgs<T> {
    double flops(int64_t i) const { return getri_flops<T>(*this, i); }
};

template <class T> struct Trtri : TrtriArgs<T> {
    double flops(int64_t i) const { double N = this->n[i]; return flop_scale<T> * N * N * N / 3.0; }
};

template <class T> struct GetrfNp : GetrfNpArgs<T> {
    double flops(int64_t i) const { return lu_flops<T>(*this, i); }
};
template <class T> struct GetrsNp : GetrsNpArgs<T> {
    double flops(int64_t i) const { return lu_solve_flops<T>(*this, i); }
};
template <class T> struct GesvNp : GesvNpArgs<T> {
    double flops(int64_t i) const { return lu_gesv_flops<T>(*this, i); }
};

// LAPACK's rules for an m x n matrix A (getrf, getrf_np).
template <class Op> void check_general(const Op &op, Checker &c, int64_t i) {
    int m = op.m[i], n = op.n[i];
    c.require(m >= 0, op.m, i, "must be >= 0");
    c.require(n >= 0, op.n, i, "must be >= 0");
    c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
    c.matrix(op.A, i, m, n);
}

// LAPACK's rules for one square n x n matrix A (getri, trtri, potri).
template <class Op> void check_square(const Op &op, Checker &c, int64_t i) {
    int n = op.n[i];
    c.require(n >= 0, op.n, i, "must be >= 0");
    c.require(op.A.ld[i] >= std::max(1, n), op.A.ld, i, "must be >= max(1, n)", std::max(1, n));
    c.matrix(op.A, i, n, n);
}

template <class T> void check(const Getrf<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        check_general(op, c, i);
        c.vector(op.ipiv, i, std::min(op.m[i], op.n[i]));
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

template <class T> void check(const Getri<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        check_square(op, c, i);
        c.vector(op.ipiv, i, op.n[i]);
    });
}

template <class T> void check(const GetriOop<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) {
        check_square(op, c, i);
        c.vector(op.ipiv, i, op.n[i]);
        int n = op.n[i];
        c.require(op.C.ld[i] >= std::max(1, n), op.C.ld, i, "must be >= max(1, n)", std::max(1, n));
        c.matrix(op.C, i, n, n);
    });
}

template <class T> void check(const Trtri<T> &op, Checker &c) {
    c.option(op.uplo, "UL");
    c.option(op.diag, "NU");
    c.each([&](Checker &c, int64_t i) { check_square(op, c, i); });
}

template <class T> void check(const GetrfNp<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) { check_general(op, c, i); });
}

template <class T> void check(const GetrsNp<T> &op, Checker &c) {
    c.option(op.trans, "NTC");
    c.each([&](Checker &c, int64_t i) { check_square_system(op, c, i); });
}

template <class T> void check(const GesvNp<T> &op, Checker &c) {
    c.each([&](Checker &c, int64_t i) { check_square_system(op, c, i); });
}

}  // namespace bl
