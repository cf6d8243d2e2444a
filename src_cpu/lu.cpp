// CPU backend: LU factorization and the solves built on it.
#include "backend.hpp"
#include "lapack.hpp"
#include "ladder.hpp"
#include "parallel.hpp"
#include "small.hpp"
#include "solve.hpp"
#include "tiled.hpp"

namespace bl {
namespace cpu {

// One matrix's factorization: the tiled kernel, the tiny-matrix kernel, or the system LAPACK,
// whichever takes its shape first; an empty matrix reaches none of them (its other dimension may
// be anything up to INT_MAX). `work` is the thread's share of a workspace of tiled::workspace's
// size. A matrix given every thread (blas_threads() > 1) goes to LAPACK, whose blocked algorithm
// runs on them through the threaded BLAS.
template <class T> void factor(int m, int n, T *A, int lda, int *ipiv, int *info, T *work) {
    *info = 0;
    if (m == 0 || n == 0) return;
    if (blas_threads() > 1)
        lapack::getrf(m, n, A, lda, ipiv, info);
    else if (m == n && tiled::covers<T>(n))
        tiled::getrf(n, A, lda, ipiv, info, work);
    else if (!small::getrf(m, n, A, lda, ipiv, info))
        lapack::getrf(m, n, A, lda, ipiv, info);
}

// getrf and gesv on a batch of one small square order: the kernel that factors several matrices
// at once (small::group_size), over steps of `step` matrices (a multiple of it). `rhs(at, b)`
// gives the right-hand sides the kernel solves with the group of matrices at..at+group_size
// (b: room for their pointers; nrhs = 0 for none); `then(i)` runs on each matrix of a step once the
// step is factored, while its factors are still in cache, and `ahead(i)` on each before (gesv
// past the kernel's solve: the solve after a step of several groups, so that the solve's code does
// not alternate with the factorization's every eight matrices, and B asked for ahead, so that it
// arrives while the step is factored). False when the batch is not such a batch.
template <class T, class Op, class Rhs, class Ahead, class Then>
bool factor_groups(const Op &op, int m, int n, int step, Rhs &&rhs, Ahead &&ahead, Then &&then) {
    if (op.b.layout == Layout::Variable || m != n || !small::getrf_group_covers<T>(n)) return false;
    const int64_t count = op.b.count;
    for_each_group(op, step, [&](int64_t first, int size, int) {
        for (int l = 0; l < size; ++l) ahead(first + l);
        for (int g = 0; g < size; g += small::group_size) {
            const int64_t at = first + g;
            const int here = int(std::min<int64_t>(small::group_size, count - at));
            const int next = int(std::clamp<int64_t>(count - at - here, 0, small::group_size));
            T *a[small::group_size], *b[small::group_size];
            const T *an[small::group_size];
            int *piv[small::group_size];
            for (int l = 0; l < here; ++l) {
                a[l] = op.A[at + l];
                piv[l] = op.ipiv[at + l];
            }
            for (int l = 0; l < next; ++l) an[l] = op.A[at + here + l];
            const int lda = op.A.ld.value;
            const small::GroupRhs<T> r = rhs(at, b);
            int *info = &op.b.info[at];
            if (!small::getrf_group(n, a, lda, piv, info, here, an, next, r))  // no memory for its copy
                for (int l = 0; l < here; ++l) {
                    lapack::getrf(n, n, a[l], lda, piv[l], &info[l]);
                    if (r.nrhs > 0 && info[l] == 0) lapack::getrs('N', n, r.nrhs, a[l], lda, piv[l], b[l], r.ldb, &info[l]);
                }
        }
        for (int l = 0; l < size; ++l) then(first + l);
    });
    return true;
}

template <class T> int run(const Getrf<T> &op) {
    auto nothing = [](int64_t) {};
    auto none = [](int64_t, T **) { return small::GroupRhs<T>{}; };
    if (factor_groups<T>(op, op.m.value, op.n.value, small::group_size, none, nothing, nothing)) return 0;
    ThreadWork<T> work(tiled::workspace<T>(op.n, op.b.count));
    for_each_matrix(op, [&](int64_t i) {
        factor(op.m[i], op.n[i], op.A[i], op.A.ld[i], op.ipiv[i], &op.b.info[i], work.get());
    }, Spare::blas);
    return 0;
}
BL_INSTANTIATE_RUN(Getrf)

// The solve with one matrix's factors; getrs has no failure of its own once the arguments are
// legal, so info is LAPACK's 0. An empty system reaches neither the library's solve nor LAPACK.
// Column by column of B on the library's trsv up to ladder::lu::kSmallMax whatever nrhs, and with
// up to ladder::kTrsvRhsMax right-hand sides at any order; LAPACK's getrs otherwise. `next`, if
// not null, the factors solved next (same order and lda), which the solve by columns prefetches.
template <class T>
void solve_lu(char trans, int n, int nrhs, const T *A, int lda, const int *ipiv, T *B, int ldb, int *info,
              const T *next = nullptr) {
    *info = 0;
    if (n == 0 || nrhs == 0) return;
    if (n <= ladder::lu::kSmallMax || nrhs <= ladder::kTrsvRhsMax) getrs_by_columns(trans, n, nrhs, A, lda, ipiv, B, ldb, next);
    else lapack::getrs(trans, n, nrhs, A, lda, ipiv, B, ldb, info);
}

template <class T> int run(const Getrs<T> &op) {
    const small::SolveRun<T> r{op.A, op.ipiv, op.B, op.n.value, op.A.ld.value, op.B.ld.value, op.nrhs.value};
    if (solve_in_runs(op, r, [&](const small::SolveRun<T> &s) { small::getrs_run(op.trans.value, s); })) return 0;
    for_each_matrix(op, [&](int64_t i) {
        solve_lu(op.trans.value, op.n[i], op.nrhs[i], op.A[i], op.A.ld[i], op.ipiv[i], op.B[i], op.B.ld[i],
                 &op.b.info[i], next_matrix(op, op.A, i));
    });
    return 0;
}
BL_INSTANTIATE_RUN(Getrs)

// gesv is getrf, then getrs when the factor is nonsingular (B untouched otherwise), as LAPACK
// defines it. Not the system's gesv: OpenBLAS's skips the factorization (and its info) when
// nrhs = 0, and the tiny-matrix kernels must agree with the LAPACK path.
template <class T> int run(const Gesv<T> &op) {
    // Matrix i's solve once its factorization is done (B untouched when the factor is singular).
    auto solve = [&](int64_t i) {
        int *info = &op.b.info[i];
        if (*info == 0)
            solve_lu<T>('N', op.n[i], op.nrhs[i], op.A[i], op.A.ld[i], op.ipiv[i], op.B[i], op.B.ld[i], info);
    };
    auto rhs = small::group_rhs<T>(op, ladder::lu::kGroupRhsMax, ladder::lu::kGroupSolveElems);
    if (rhs.in_kernel) {  // the group kernel solves as it factors
        auto nothing = [](int64_t) {};
        if (factor_groups<T>(op, op.n.value, op.n.value, small::group_size, rhs, nothing, nothing)) return 0;
    }
    // Matrix i's right-hand sides, one software prefetch per 64-byte line: at small orders the
    // solve would otherwise wait for each matrix's B in turn.
    auto fetch = [&](int64_t i) {
        const char *b = reinterpret_cast<const char *>(op.B[i]);
        const int64_t bytes = int64_t(op.n.value) * int64_t(sizeof(T));
        for (int c = 0; c < op.nrhs.value; ++c)
            for (int64_t k = 0; k < bytes; k += 64) __builtin_prefetch(b + int64_t(c) * op.B.ld.value * int64_t(sizeof(T)) + k, 1, 3);
    };
    auto none = [](int64_t, T **) { return small::GroupRhs<T>{}; };
    if (factor_groups<T>(op, op.n.value, op.n.value, 8 * small::group_size, none, fetch, solve)) return 0;
    ThreadWork<T> work(tiled::workspace<T>(op.n, op.b.count));
    for_each_matrix(op, [&](int64_t i) {
        factor(op.n[i], op.n[i], op.A[i], op.A.ld[i], op.ipiv[i], &op.b.info[i], work.get());
        solve(i);
    }, Spare::blas);
    return 0;
}
BL_INSTANTIATE_RUN(Gesv)

}  // namespace cpu
}  // namespace bl
