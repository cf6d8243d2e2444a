// CPU backend: Cholesky factorization and the solves built on it.
#include "backend.hpp"
#include "lapack.hpp"
#include "ladder.hpp"
#include "parallel.hpp"
#include "small.hpp"
#include "solve.hpp"
#include "tiled.hpp"

namespace bl {
namespace cpu {

// One matrix's factorization: the tiny-matrix kernel, the tiled kernel, or the system LAPACK,
// whichever takes its order first; an empty matrix reaches none of them. `work` is the thread's
// share of a workspace of tiled::workspace's size. A matrix given every thread (blas_threads() > 1)
// goes to LAPACK, whose blocked algorithm runs on them through the threaded BLAS.
template <class T> void factor(char uplo, int n, T *A, int lda, int *info, T *work) {
    *info = 0;
    if (n == 0) return;
    if (blas_threads() > 1)
        lapack::potrf(uplo, n, A, lda, info);
    else if (tiled::covers<T>(n))
        tiled::potrf(uplo, n, A, lda, info, work);
    else if (!small::potrf(uplo, n, A, lda, info))
        lapack::potrf(uplo, n, A, lda, info);
}

// potrf and posv on a batch of one small order: the kernel that factors several matrices at once,
// group by group; `rhs(first, b)` gives the right-hand sides the kernel solves with the group of
// matrices from `first` (b: room for their pointers; nrhs = 0 for none), and `then(i)` runs on
// each matrix of a group right after the group's factorization, while its factor is still in
// cache (posv's solve past the kernel's). False when the batch is not such a batch.
template <class T, class Op, class Rhs, class Then> bool factor_groups(const Op &op, Rhs &&rhs, Then &&then) {
    if (op.b.layout == Layout::Variable || !small::potrf_group_covers<T>(op.n.value)) return false;
    for_each_group(op, small::group_size, [&](int64_t first, int size, int next) {
        T *a[small::group_size], *b[small::group_size];
        const T *an[small::group_size];
        for (int l = 0; l < size; ++l) a[l] = op.A[first + l];
        for (int l = 0; l < next; ++l) an[l] = op.A[first + size + l];
        const char uplo = op.uplo.value;
        const int n = op.n.value, lda = op.A.ld.value;
        const small::GroupRhs<T> r = rhs(first, b);
        int *info = &op.b.info[first];
        if (!small::potrf_group(uplo, n, a, lda, info, size, an, next, r))  // no memory for its copy
            for (int l = 0; l < size; ++l) {
                lapack::potrf(uplo, n, a[l], lda, &info[l]);
                if (r.nrhs > 0 && info[l] == 0) lapack::potrs(uplo, n, r.nrhs, a[l], lda, b[l], r.ldb, &info[l]);
            }
        for (int l = 0; l < size; ++l) then(first + l);
    });
    return true;
}

template <class T> int run(const Potrf<T> &op) {
    if (factor_groups<T>(op, [](int64_t, T **) { return small::GroupRhs<T>{}; }, [](int64_t) {})) return 0;
    ThreadWork<T> work(tiled::workspace<T>(op.n, op.b.count));
    for_each_matrix(op, [&](int64_t i) { factor(op.uplo.value, op.n[i], op.A[i], op.A.ld[i], &op.b.info[i], work.get()); },
                    Spare::blas);
    return 0;
}
BL_INSTANTIATE_RUN(Potrf)

// The solve with one matrix's factor; potrs has no failure of its own once the arguments are
// legal, so info is LAPACK's 0. An empty system reaches neither the library's solve nor LAPACK.
// Column by column of B on the library's trsv up to ladder::cholesky::kSmallMax whatever nrhs,
// and with up to ladder::kTrsvRhsMax right-hand sides at any order; LAPACK's potrs otherwise.
// `next`, if not null, the factor solved next (same order and lda), which the solve by columns
// prefetches.
template <class T>
void solve_cholesky(char uplo, int n, int nrhs, const T *A, int lda, T *B, int ldb, int *info, const T *next = nullptr) {
    *info = 0;
    if (n == 0 || nrhs == 0) return;
    if (n <= ladder::cholesky::kSmallMax || nrhs <= ladder::kTrsvRhsMax) potrs_by_columns(uplo, n, nrhs, A, lda, B, ldb, next);
    else lapack::potrs(uplo, n, nrhs, A, lda, B, ldb, info);
}

template <class T> int run(const Potrs<T> &op) {
    const small::SolveRun<T> r{op.A, {}, op.B, op.n.value, op.A.ld.value, op.B.ld.value, op.nrhs.value};
    if (solve_in_runs(op, r, [&](const small::SolveRun<T> &s) { small::potrs_run(op.uplo.value, s); })) return 0;
    for_each_matrix(op, [&](int64_t i) {
        solve_cholesky(op.uplo.value, op.n[i], op.nrhs[i], op.A[i], op.A.ld[i], op.B[i], op.B.ld[i], &op.b.info[i],
                       next_matrix(op, op.A, i));
    });
    return 0;
}
BL_INSTANTIATE_RUN(Potrs)

// posv is potrf, then potrs when the matrix is positive definite (B untouched otherwise), as
// LAPACK defines it; composed here so that the tiny-matrix kernels and the LAPACK path agree.
template <class T> int run(const Posv<T> &op) {
    // Matrix i's solve once its factorization is done (B untouched when it is not definite).
    auto solve = [&](int64_t i) {
        int *info = &op.b.info[i];
        if (*info == 0)
            solve_cholesky<T>(op.uplo.value, op.n[i], op.nrhs[i], op.A[i], op.A.ld[i], op.B[i], op.B.ld[i], info);
    };
    auto rhs = small::group_rhs<T>(op, ladder::cholesky::kGroupRhsMax, ladder::cholesky::kGroupSolveElems);
    if (rhs.in_kernel && factor_groups<T>(op, rhs, [](int64_t) {})) return 0;  // the group kernel solves
    if (factor_groups<T>(op, [](int64_t, T **) { return small::GroupRhs<T>{}; }, solve)) return 0;
    ThreadWork<T> work(tiled::workspace<T>(op.n, op.b.count));
    for_each_matrix(op, [&](int64_t i) {
        factor(op.uplo.value, op.n[i], op.A[i], op.A.ld[i], &op.b.info[i], work.get());
        solve(i);
    }, Spare::blas);
    return 0;
}
BL_INSTANTIATE_RUN(Posv)

}  // namespace cpu
}  // namespace bl
