// The solves with a factor that getrs and potrs run right-hand side by right-hand side (any number
// of them up to ladder's kSmallMax of each family, up to ladder::kTrsvRhsMax past it): each a pair
// of triangular solves of the library's trsv kernels (small::trsv), of the system BLAS where those
// decline, in place of LAPACK's getrs and potrs, which run the system BLAS's own solves (through
// trsm in potrs).
#pragma once

#include <cstdint>
#include <utility>

#include "lapack.hpp"
#include "parallel.hpp"
#include "small.hpp"

namespace bl {
namespace cpu {

// x := op(A)^{-1} x (BLAS trsv); `next`, if not null, the matrix solved next, which the library's
// kernel prefetches.
template <class T>
void trsv(char uplo, char trans, char diag, int n, const T *A, int lda, T *x, int incx, const T *next = nullptr) {
    if (!small::trsv(uplo, trans, diag, n, A, lda, x, incx, next)) lapack::trsv(uplo, trans, diag, n, A, lda, x, incx);
}

// A uniform batch's solves in runs of ladder::trsv::kRunMatrices matrices, kernel(run) each
// (small.hpp's SolveRun, which `r` describes but for each run's bounds), in parallel; info, where
// the routine has one, 0: no solve fails once its arguments are legal. False, nothing done, for a
// variable batch or an order the run kernels do not take.
template <class Op, class T, class Kernel> bool solve_in_runs(const Op &op, small::SolveRun<T> r, Kernel &&kernel) {
    if (op.b.layout == Layout::Variable || !small::solve_run_covers<T>(r.n)) return false;
    r.total = op.b.count;
    for_each_group(op, ladder::trsv::kRunMatrices, [&](int64_t first, int size, int) {
        small::SolveRun<T> run = r;
        run.first = first;
        run.count = size;
        kernel(run);
        if (op.b.info) std::fill_n(op.b.info + first, size, 0);
    });
    return true;
}

// getrs's operation, column by column of B: the row interchanges, then L's unit triangle and U,
// or their transposes in the reverse order (up to ladder::trsv::kFixedMax in one call of the
// library's kernel, small::getrs_vector). Each triangular solve of the last column prefetches
// the same triangle of `next` (if not null), the factors solved with next: between them the two
// solves read the whole factor once, from memory in a batch larger than the caches.
template <class T>
void getrs_by_columns(char trans, int n, int nrhs, const T *A, int lda, const int *ipiv, T *B, int ldb,
                      const T *next = nullptr) {
    for (int c = 0; c < nrhs; ++c) {
        T *x = B + int64_t(c) * ldb;
        const T *ahead = c == nrhs - 1 ? next : nullptr;
        if (small::getrs_vector(trans, n, A, lda, ipiv, x, ahead)) continue;
        if (trans == 'N') {
            for (int i = 0; i < n; ++i) std::swap(x[i], x[ipiv[i] - 1]);
            trsv('L', 'N', 'U', n, A, lda, x, 1, ahead);
            trsv('U', 'N', 'N', n, A, lda, x, 1, ahead);
        } else {
            trsv('U', trans, 'N', n, A, lda, x, 1, ahead);
            trsv('L', trans, 'U', n, A, lda, x, 1, ahead);
            for (int i = n - 1; i >= 0; --i) std::swap(x[i], x[ipiv[i] - 1]);
        }
    }
}

// potrs's operation, column by column of B: L then L^H, or U^H then U (up to
// ladder::trsv::kFixedMax in one call of the library's kernel, small::potrs_vector). The first solve of the
// last column prefetches the triangle of `next` (if not null); the second reads the triangle
// the first brought into the caches.
template <class T>
void potrs_by_columns(char uplo, int n, int nrhs, const T *A, int lda, T *B, int ldb, const T *next = nullptr) {
    const char first = uplo == 'L' ? 'N' : 'C', second = uplo == 'L' ? 'C' : 'N';
    for (int c = 0; c < nrhs; ++c) {
        T *x = B + int64_t(c) * ldb;
        if (small::potrs_vector(uplo, n, A, lda, x, c == nrhs - 1 ? next : nullptr)) continue;
        trsv(uplo, first, 'N', n, A, lda, x, 1, c == nrhs - 1 ? next : nullptr);
        trsv(uplo, second, 'N', n, A, lda, x, 1);
    }
}

}  // namespace cpu
}  // namespace bl
