// CPU backend: the BLAS routines, one system BLAS call per matrix (trsv first offered to the
// library's small kernels).
//
// Arrays that BLAS does not reference for the given sizes and scalars may be null (interface_c/
// blas.cpp checks them with zero size); they are passed as null pointers instead of being located,
// so that a null strided base is never offset.
#include "backend.hpp"
#include "lapack.hpp"
#include "parallel.hpp"
#include "small.hpp"

namespace bl {
namespace cpu {

template <class T> int run(const Trsv<T> &op) {
    for_each_matrix(op, [&](int64_t i) {
        const int n = op.n[i], lda = op.A.ld[i], incx = op.x.ld[i];
        if (n == 0) return;
        const char u = op.uplo.value, t = op.trans.value, d = op.diag.value;
        if (!small::trsv(u, t, d, n, op.A[i], lda, op.x[i], incx))
            lapack::trsv(u, t, d, n, op.A[i], lda, op.x[i], incx);
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

template <class T> int run(const Gemm<T> &op) {
    const T alpha = op.alpha.value, beta = op.beta.value;
    for_each_matrix(op, [&](int64_t i) {
        const int m = op.m[i], n = op.n[i], k = op.k[i];
        if (m == 0 || n == 0 || ((alpha == T(0) || k == 0) && beta == T(1))) return;
        const bool ab = alpha != T(0) && k > 0;
        lapack::gemm(op.transa.value, op.transb.value, m, n, k, alpha, ab ? op.A[i] : nullptr, op.A.ld[i],
                     ab ? op.B[i] : nullptr, op.B.ld[i], beta, op.C[i], op.C.ld[i]);
    });
    return 0;
}

template <class T> int run(const Gemv<T> &op) {
    const T alpha = op.alpha.value, beta = op.beta.value;
    for_each_matrix(op, [&](int64_t i) {
        const int m = op.m[i], n = op.n[i];
        if (m == 0 || n == 0 || (alpha == T(0) && beta == T(1))) return;
        const bool ax = alpha != T(0);
        lapack::gemv(op.trans.value, m, n, alpha, ax ? op.A[i] : nullptr, op.A.ld[i], ax ? op.x[i] : nullptr,
                     op.x.ld[i], beta, op.y[i], op.y.ld[i]);
    });
    return 0;
}

BL_INSTANTIATE_RUN(Trsv)
BL_INSTANTIATE_RUN(Trsm)
BL_INSTANTIATE_RUN(Gemm)
BL_INSTANTIATE_RUN(Gemv)

}  // namespace cpu
}  // namespace bl
