// CPU backend: the BLAS routines, one system BLAS call per matrix (trsv first offered to the
// library's own kernels).
//
// Arrays that BLAS does not reference for the given sizes and scalars may be null (interface_c/
// blas.cpp checks them with zero size); they are never located then, so that a null strided base
// is never offset.
#include "backend.hpp"
#include "lapack.hpp"
#include "parallel.hpp"
#include "solve.hpp"

#include <cstdlib>

namespace bl {
namespace cpu {

// trsv goes to the library's kernels first (small.hpp says which solves they leave to BLAS), which
// prefetch a matrix their thread solves later (next_matrix).
template <class T> int run(const Trsv<T> &op) {
    const small::SolveRun<T> r{op.A, {}, op.x, op.n.value, op.A.ld.value, 0, 1};
    const auto kernel = [&](const small::SolveRun<T> &s) { small::trsv_run(op.uplo.value, op.trans.value, op.diag.value, s); };
    if (op.x.ld.value == 1 && solve_in_runs(op, r, kernel)) return 0;
    for_each_matrix(op, [&](int64_t i) {
        const int n = op.n[i], lda = op.A.ld[i], incx = op.x.ld[i];
        if (n == 0) return;
        const char u = op.uplo.value, t = op.trans.value, d = op.diag.value;
        trsv(u, t, d, n, op.A[i], lda, op.x[i], incx, next_matrix(op, op.A, i));
    });
    return 0;
}

template <class T> int run(const Trsm<T> &op) {
    const T alpha = op.alpha.value;
    for_each_matrix(op, [&](int64_t i) {
        const int m = op.m[i], n = op.n[i];
        if (m == 0 || n == 0) return;
        lapack::trsm(op.side.value, op.uplo.value, op.transa.value, op.diag.value, m, n, alpha,
                     alpha != T(0) ? op.A[i] : nullptr, op.A.ld[i], op.B[i], op.B.ld[i]);
    });
    return 0;
}

// C := beta * C for a rows x cols matrix (or a vector: cols = 1, ld = its increment), with exact
// zeros for beta = 0 whatever C held (BLAS does not read C then, NaN included).
template <class T> void scale(T beta, T *c, int rows, int cols, int ld, int64_t inc) {
    for (int j = 0; j < cols; ++j)
        for (int r = 0; r < rows; ++r) {
            T &x = c[int64_t(j) * ld + int64_t(r) * inc];
            x = beta == T(0) ? T(0) : beta * x;
        }
}

// gemm and gemv take the cases where alpha * op(A) * op(B) vanishes, and beta = 0, into their
// own hands rather than trusting every BLAS with them: optimized BLAS builds have small-matrix
// paths that read A when alpha = 0 (A may be null here) or let a NaN in C through when beta = 0.
template <class T> int run(const Gemm<T> &op) {
    const T alpha = op.alpha.value, beta = op.beta.value;
    for_each_matrix(op, [&](int64_t i) {
        const int m = op.m[i], n = op.n[i], k = op.k[i];
        if (m == 0 || n == 0) return;
        if (alpha == T(0) || k == 0) {
            if (beta != T(1)) scale(beta, op.C[i], m, n, op.C.ld[i], 1);
            return;
        }
        if (beta == T(0)) scale(T(0), op.C[i], m, n, op.C.ld[i], 1);
        lapack::gemm(op.transa.value, op.transb.value, m, n, k, alpha, op.A[i], op.A.ld[i], op.B[i], op.B.ld[i],
                     beta, op.C[i], op.C.ld[i]);
    });
    return 0;
}

// OpenBLAS's complex gemv 'N' kernel reads one element past the end of x (docs/decisions.md), and
// x is the caller's: complex products with trans = 'N' read x from a per-thread contiguous copy
// instead (n elements against the m n of the product), which ThreadWork pads past its end.
template <class T> int run(const Gemv<T> &op) {
    const T alpha = op.alpha.value, beta = op.beta.value;
    const bool transposed = op.trans.value != 'N', copy_x = is_complex<T> && !transposed;
    // (alpha = 0 reads no x: such a call takes no copy, whatever its n.)
    ThreadWork<T> xcopy(copy_x && alpha != T(0) ? largest(op.n, op.b.count, [&](int64_t i) { return op.m[i] > 0; }) : 0);
    for_each_matrix(op, [&](int64_t i) {
        const int m = op.m[i], n = op.n[i], incy = op.y.ld[i];
        const int leny = transposed ? n : m;
        if (m == 0 || n == 0) return;
        // Scaling touches every element of y in any order: |incy| covers a negative increment
        // (in 64 bits: incy may be INT_MIN).
        const int64_t step = std::llabs(int64_t(incy));
        if (alpha == T(0)) {
            if (beta != T(1)) scale(beta, op.y[i], leny, 1, 0, step);
            return;
        }
        if (beta == T(0)) scale(T(0), op.y[i], leny, 1, 0, step);
        const T *x = op.x[i];
        int incx = op.x.ld[i];
        if (copy_x) {  // element j of x lies at j |incx|, or at (n - 1 - j) |incx| for incx < 0
            T *c = xcopy.get();
            const int64_t stepx = std::llabs(int64_t(incx));  // (64 bits: incx may be INT_MIN)
            for (int j = 0; j < n; ++j) c[j] = x[int64_t(incx < 0 ? n - 1 - j : j) * stepx];
            x = c, incx = 1;
        }
        lapack::gemv(op.trans.value, m, n, alpha, op.A[i], op.A.ld[i], x, incx, beta, op.y[i], incy);
    });
    return 0;
}

BL_INSTANTIATE_RUN(Trsv)
BL_INSTANTIATE_RUN(Trsm)
BL_INSTANTIATE_RUN(Gemm)
BL_INSTANTIATE_RUN(Gemv)

}  // namespace cpu
}  // namespace bl
