// CPU backend: LU factorization without pivoting (getrf_np) and the solves built on it (getrs_np,
// gesv_np). LAPACK has no such routine: the factorization is the library's own, LAPACK's getrf
// with every pivot taken on the diagonal.
#include "backend.hpp"
#include "isa.hpp"
#include "ladder.hpp"
#include "lapack.hpp"
#include "parallel.hpp"
#include "tiled.hpp"

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

namespace bl {
namespace cpu {
namespace {

// The unblocked factorization takes matrices of up to kUnblocked elements (256 x 256: its columns
// of L stay in L2, and it ran 1.4-2.2x LAPACK's getrf loop from 64 to 256, the blocked one 1.0-1.2x
// there); beyond, blocks of kBlock columns (measured alike from 32 to 128 at 320 and 512).
constexpr int64_t kUnblocked = 256 * 256;
constexpr int kBlock = 64;
// Orders up to which getrs_np solves in cache rather than by BLAS's trsm.
constexpr int kSmallSolve = 64;

// The unblocked kernel (small_lu_np.hpp) for the baseline instruction set, and for real types on
// x86-64-v4 (AVX-512), chosen where the kernels use AVX-512 (isa.hpp).
namespace base {
#include "small_lu_np.hpp"
}
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define BL_LU_NP_V4 1
#pragma GCC push_options
#pragma GCC target("arch=x86-64-v4")
namespace v4 {
#include "small_lu_np.hpp"
}
#pragma GCC pop_options
#endif

template <class T> void getf2_np(int m, int n, T *A, int lda, int offset, int *info) {
    using R = decltype(std::abs(T{}));
    const R sfmin = std::numeric_limits<R>::min();
#ifdef BL_LU_NP_V4
    if constexpr (std::is_floating_point_v<T>)
        if (isa() == Isa::v4) return v4::getf2_np(m, n, A, lda, offset, info, sfmin);
#endif
    base::getf2_np(m, n, A, lda, offset, info, sfmin);
}

// One matrix: the tiled LU without its pivoting (tiled.hpp) for the square orders it covers from
// ladder::lu_np::kTiledFrom; the unblocked factorization for other small matrices; otherwise
// right-looking by blocks of kBlock columns (the panel unblocked, the block row by a unit lower
// triangular solve, the trailing matrix by one product), the steps of the unblocked one in another
// order. `work` is the thread's share of a workspace of tiled::workspace's size.
template <class T> void getrf_np(int m, int n, T *A, int lda, int *info, T *work) {
    *info = 0;
    const int k = std::min(m, n);
    if (k == 0) return;  // an empty matrix's other dimension may be anything up to INT_MAX
    if (m == n && n >= ladder::lu_np::kTiledFrom && tiled::covers<T>(n)) return tiled::getrf_np(n, A, lda, info, work);
    if (int64_t(m) * n <= kUnblocked || k <= kBlock) {
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
// U^T (L^T X) = B. No failure once the arguments are legal. Up to order kSmallSolve in cache
// (small_lu_np.hpp): BLAS's trsm costs more in its calls than in its arithmetic there (the
// OpenMP loop over two trsm ran at a third of one thread's rate at order 8).
template <class T> void getrs_np(char trans, int n, int nrhs, const T *A, int lda, T *B, int ldb) {
    if (n == 0 || nrhs == 0) return;
    if (n <= kSmallSolve) {
#ifdef BL_LU_NP_V4
        if constexpr (std::is_floating_point_v<T>)
            if (isa() == Isa::v4) return v4::getrs_np(trans, n, nrhs, A, lda, B, ldb);
#endif
        return base::getrs_np(trans, n, nrhs, A, lda, B, ldb);
    }
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
    ThreadWork<T> work(tiled::workspace<T>(op.n, op.b.count));
    for_each_matrix(op, [&](int64_t i) { getrf_np(op.m[i], op.n[i], op.A[i], op.A.ld[i], &op.b.info[i], work.get()); });
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
    ThreadWork<T> work(tiled::workspace<T>(op.n, op.b.count));
    for_each_matrix(op, [&](int64_t i) {
        int *info = &op.b.info[i];
        getrf_np(op.n[i], op.n[i], op.A[i], op.A.ld[i], info, work.get());
        if (*info == 0) getrs_np('N', op.n[i], op.nrhs[i], op.A[i], op.A.ld[i], op.B[i], op.B.ld[i]);
    });
    return 0;
}
BL_INSTANTIATE_RUN(GesvNp)

}  // namespace cpu
}  // namespace bl
