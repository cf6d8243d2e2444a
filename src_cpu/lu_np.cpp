// CPU backend: LU factorization without pivoting (getrf_np) and the solves built on it (getrs_np,
// gesv_np). LAPACK has no such routine: the factorization is the library's own, LAPACK's getrf
// with every pivot taken on the diagonal.
#include "backend.hpp"
#include "lapack.hpp"
#include "parallel.hpp"

#include <cmath>
#include <limits>

namespace bl {
namespace cpu {
namespace {

// Columns a step of the blocked factorization takes; below twice this, the unblocked one runs
// alone.
constexpr int kBlock = 32;

// The unblocked factorization of the m x n matrix A, as LAPACK's getf2 with no interchanges: the
// column below each pivot scaled by its reciprocal (divided by the pivot where the reciprocal
// would overflow, as getf2 does), then the rank-one update of the columns to its right. A pivot
// that is exactly zero leaves its column unscaled and sets info (first such pivot, counted from
// `offset` + 1) and the factorization goes on. Arithmetic on a zero or NaN is LAPACK's: nothing
// is skipped for such values.
template <class T> void getf2_np(int m, int n, T *A, int lda, int offset, int *info) {
    using R = decltype(std::abs(T{}));
    const R sfmin = std::numeric_limits<R>::min();
    const int k = std::min(m, n);
    for (int j = 0; j < k; ++j) {
        T *col = A + int64_t(j) * lda;
        const T p = col[j];
        if (p != T(0)) {
            if (std::abs(p) >= sfmin) {
                const T r = T(1) / p;
                for (int i = j + 1; i < m; ++i) col[i] *= r;
            } else {
                for (int i = j + 1; i < m; ++i) col[i] /= p;
            }
        } else if (*info == 0) {
            *info = offset + j + 1;
        }
        for (int c = j + 1; c < n; ++c) {
            T *to = A + int64_t(c) * lda;
            const T t = to[j];
            for (int i = j + 1; i < m; ++i) to[i] -= col[i] * t;
        }
    }
}

// One matrix: the unblocked factorization for narrow matrices; otherwise right-looking by blocks
// of kBlock columns (the panel unblocked, the block row by a unit lower triangular solve, the
// trailing matrix by one product), the steps of the unblocked one in another order.
template <class T> void getrf_np(int m, int n, T *A, int lda, int *info) {
    *info = 0;
    const int k = std::min(m, n);
    if (k < 2 * kBlock) {
        getf2_np(m, n, A, lda, 0, info);
        return;
    }
    auto at = [&](int i, int j) { return A + int64_t(j) * lda + i; };
    for (int j = 0; j < k; j += kBlock) {
        const int jb = std::min(kBlock, k - j);
        getf2_np(m - j, jb, at(j, j), lda, j, info);
        const int right = n - j - jb, below = m - j - jb;
        if (right > 0) {
            lapack::trsm('L', 'L', 'N', 'U', jb, right, T(1), at(j, j), lda, at(j, j + jb), lda);
            if (below > 0)
                lapack::gemm('N', 'N', below, right, jb, T(-1), at(j + jb, j), lda, at(j, j + jb), lda, T(1),
                             at(j + jb, j + jb), lda);
        }
    }
}

// The solve with the factors: op(A) = L U, so A X = B is L (U X) = B and A^T X = B (A^H) is
// U^T (L^T X) = B. No failure once the arguments are legal.
template <class T> void getrs_np(char trans, int n, int nrhs, const T *A, int lda, T *B, int ldb) {
    if (n == 0 || nrhs == 0) return;
    if (trans == 'N') {
        lapack::trsm('L', 'L', 'N', 'U', n, nrhs, T(1), A, lda, B, ldb);
        lapack::trsm('L', 'U', 'N', 'N', n, nrhs, T(1), A, lda, B, ldb);
    } else {
        lapack::trsm('L', 'U', trans, 'N', n, nrhs, T(1), A, lda, B, ldb);
        lapack::trsm('L', 'L', trans, 'U', n, nrhs, T(1), A, lda, B, ldb);
    }
}

}  // namespace

template <class T> int run(const GetrfNp<T> &op) {
    for_each_matrix(op, [&](int64_t i) { getrf_np(op.m[i], op.n[i], op.A[i], op.A.ld[i], &op.b.info[i]); });
    return 0;
}
BL_INSTANTIATE_RUN(GetrfNp)

template <class T> int run(const GetrsNp<T> &op) {
    for_each_matrix(op, [&](int64_t i) {
        op.b.info[i] = 0;
        getrs_np(op.trans.value, op.n[i], op.nrhs[i], op.A[i], op.A.ld[i], op.B[i], op.B.ld[i]);
    });
    return 0;
}
BL_INSTANTIATE_RUN(GetrsNp)

// gesv_np is getrf_np, then getrs_np when the factor is nonsingular (B untouched otherwise), as
// LAPACK's gesv is getrf and getrs.
template <class T> int run(const GesvNp<T> &op) {
    for_each_matrix(op, [&](int64_t i) {
        int *info = &op.b.info[i];
        getrf_np(op.n[i], op.n[i], op.A[i], op.A.ld[i], info);
        if (*info == 0) getrs_np('N', op.n[i], op.nrhs[i], op.A[i], op.A.ld[i], op.B[i], op.B.ld[i]);
    });
    return 0;
}
BL_INSTANTIATE_RUN(GesvNp)

}  // namespace cpu
}  // namespace bl
