// The CPU backend's own kernels for tiny matrices, where a LAPACK call is mostly overhead
// (argument checks, workspace queries, blocking logic, a library call per column).
//
// Each function handles one matrix and returns true when it did (its sizes and options are in
// the range it covers), false to let the caller fall back to the system LAPACK. Results follow
// LAPACK's definitions exactly: the same pivots (i?amax's choice: the first largest |re|+|im|),
// the same info, the same storage of factors and reflectors.
#pragma once

#include <algorithm>

#include "args.hpp"
#include "ladder.hpp"

namespace bl {
namespace cpu {
namespace small {

// The number of matrices the *_group kernels take at once, one per SIMD lane (eight: a group of
// doubles is two AVX2 vectors, of floats one). They prefetch the next group's matrices
// next[0..next_count) (of the same order and lda), column by column as they factor theirs, so that
// the next call's copy-in finds them in cache.
constexpr int group_size = 8;
// What geqrf_group and gebrd_group return where they factored none of the matrices: every bit of
// the mask of lanes left to the caller.
constexpr unsigned lanes_all = ~0u;
template <class T> bool getrf(int m, int n, T *A, int lda, int *ipiv, int *info);
// getrf on up to group_size square matrices of one order and leading dimension at once
// (A[0..count), each with its own ipiv and info); getrf_group_covers(n) says whether it takes order
// n. False also when it could not allocate its local copy (copies past
// ladder::kGroupStackBytes).
template <class T> bool getrf_group_covers(int n);
// Right-hand sides for getrf_group / potrf_group to solve with the factors they compute (gesv,
// posv): B[0..count), each n x nrhs with leading dimension ldb, nrhs at most ladder::lu::
// kGroupRhsMax (getrf_group); nrhs = 0 for none.
template <class T> struct GroupRhs {
    T *const *B = nullptr;
    int ldb = 0, nrhs = 0;
};
// The group kernels' right-hand sides in a uniform solve (gesv, posv): solved in the kernel
// (`in_kernel`) when there are at most max_rhs of them and n * nrhs <= max_elems; rhs(first, b)
// gives those of the group of matrices from `first` (b: room for their pointers), or none (nrhs =
// 0) past either limit.
template <class T, class Op> struct GroupSolve {
    const Op &op;
    bool in_kernel;
    GroupRhs<T> operator()(int64_t first, T **b) const {
        if (!in_kernel) return {};
        const int here = int(std::min<int64_t>(group_size, op.b.count - first));
        for (int l = 0; l < here; ++l) b[l] = op.B[first + l];
        return {b, op.B.ld.value, op.nrhs.value};
    }
};
template <class T, class Op> GroupSolve<T, Op> group_rhs(const Op &op, int max_rhs, int max_elems) {
    return {op, op.b.layout != Layout::Variable && op.nrhs.value <= max_rhs &&
                    int64_t(op.n.value) * op.nrhs.value <= max_elems};
}
template <class T>
bool getrf_group(int n, T *const *A, int lda, int *const *ipiv, int *info, int count, const T *const *next = nullptr,
                 int next_count = 0, GroupRhs<T> rhs = {});
template <class T> bool potrf(char uplo, int n, T *A, int lda, int *info);
// potrf on up to group_size matrices of one order and leading dimension at once (A[0..count)),
// each with its own info; potrf_group_covers(n) says whether it takes order n.
// False also when it could not allocate its local copy (copies past ladder::kGroupStackBytes).
template <class T> bool potrf_group_covers(int n);
template <class T>
bool potrf_group(char uplo, int n, T *const *A, int lda, int *info, int count, const T *const *next = nullptr,
                 int next_count = 0, GroupRhs<T> rhs = {});
// trsv is not limited to tiny orders: with incx = 1 it takes any order (a kernel of compile-time
// orders up to ladder::trsv::kFixedMax, a kernel by blocks of columns past it); other increments up
// to trsv::kSmallMax. getrs and potrs solve through it (src_cpu/solve.hpp): they have no kernels of
// their own.
// `next`, if not null, is the matrix the caller solves next (same order and lda), whose triangle
// the kernel prefetches.
template <class T>
bool trsv(char uplo, char trans, char diag, int n, const T *A, int lda, T *x, int incx, const T *next = nullptr);
// getrs's and potrs's solves with one contiguous right-hand side x, for orders 1 to
// ladder::trsv::kFixedMax (false, nothing done, past them): the row interchanges and both
// triangular solves in one call of trsv's kernel of compile-time orders. `next` as trsv's.
template <class T> bool getrs_vector(char trans, int n, const T *A, int lda, const int *ipiv, T *x, const T *next);
template <class T> bool potrs_vector(char uplo, int n, const T *A, int lda, T *x, const T *next);
// A run of a uniform batch's solves with a factor or triangle (getrs, potrs, trsv) for the kernel
// of compile-time orders to take in one call: matrices [first, first + count) of A (order n,
// leading dimension lda), of ipiv (getrs) and of B (nrhs columns ldb apart; trsv's x with incx =
// 1, nrhs = 1), of a batch of `total`. Matrix by matrix through for_each_matrix's body, the solve
// by columns and the dispatch, an order-4 zgetrs took 590 instructions, 320 of them around the
// two triangles' solves; 430 and 160 in a run (callgrind). The last column of each matrix
// prefetches the matrix ladder::trsv::prefetch_ahead after it, as next_matrix gives it.
template <class T> struct SolveRun {
    Array<const T> A;
    Array<const int> ipiv;
    Array<T> B;
    int n = 0, lda = 0, ldb = 0, nrhs = 0;
    int64_t first = 0, count = 0, total = 0;
};
// Whether the run kernels take order n (1 to ladder::trsv::kFixedMax, where the build has units
// of them this processor runs); they do nothing else.
template <class T> bool solve_run_covers(int n);
// getrs, potrs and trsv (incx = 1) over a run of orders solve_run_covers takes.
template <class T> void getrs_run(char trans, const SolveRun<T> &r);
template <class T> void potrs_run(char uplo, const SolveRun<T> &r);
template <class T> void trsv_run(char uplo, char trans, char diag, const SolveRun<T> &r);
template <class T> bool geqrf(int m, int n, T *A, int lda, T *tau);
// geqrf on up to group_size m x n matrices of one shape and leading dimension at once (A[0..count),
// each with its own tau); geqrf_group_covers(m, n) says whether it takes the shape (every
// precision: n up to ladder::qr::kGroupMax, m up to kGroupRowsMax). Returns the mask of the
// matrices it left untouched, bit l for A[l], for the caller to factor one at a time: those where
// geqrf would decline (larfg's delicate cases: a NaN, an Inf, a norm that squaring would
// overflow or underflow), each on its own account, so that the others' results never depend on
// them; lanes_all where it does not take the call or could not allocate its local copy.
template <class T> bool geqrf_group_covers(int m, int n);
template <class T>
unsigned geqrf_group(int m, int n, T *const *A, int lda, T *const *tau, int count, const T *const *next = nullptr,
                 int next_count = 0);
template <class T> bool gebrd(int m, int n, T *A, int lda, Real<T> *d, Real<T> *e, T *tauq, T *taup);
// gebrd on up to group_size m x n matrices of one shape and leading dimension at once;
// gebrd_group_covers(m, n) says whether it takes the shape (every precision); returns the
// matrices it left untouched, as geqrf_group.
template <class T> bool gebrd_group_covers(int m, int n);
template <class T>
unsigned gebrd_group(int m, int n, T *const *A, int lda, Real<T> *const *d, Real<T> *const *e, T *const *tauq,
                 T *const *taup, int count, const T *const *next = nullptr, int next_count = 0);

}  // namespace small
}  // namespace cpu
}  // namespace bl
