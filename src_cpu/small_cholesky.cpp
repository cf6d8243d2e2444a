// Fixed-size Cholesky factorization and solve (small.hpp): dpotf2's algorithm and dpotrs's.
#include "small.hpp"
#include "small_detail.hpp"
#include "ops.hpp"

namespace bl {
namespace cpu {
namespace small {

// dpotf2's factorization on a local copy of the triangle, held as the lower one (A = L L^H; for
// uplo 'U' the copy is U^H, so U = L^H). Right-looking, over the full trailing square (the upper
// part of the copy is zero and never written back) so that the updates vectorize like getrf's;
// every entry sees the same operations in the same order as in dpotf2's left-looking loop. When
// column j's diagonal is not positive (or NaN), it is stored and the factorization stops with
// info = j; as in dpotf2, only the finished columns and that diagonal are written back.
template <class T, class Nt> bool potrf_kernel(char uplo, Nt n, T *A, int lda, int *info) {
    using R = Real<T>;
    alignas(64) T w[capacity<Nt> * capacity<Nt>];
    const bool upper = uplo == 'U';
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
            w[i + j * n] = i < j ? T(0) : upper ? cj(A[j + i * lda]) : A[i + j * lda];
    int done = n;
    for (int j = 0; j < n; ++j) {
        T *col = w + j * n;
        const R d = re(col[j]);
        if (!(d > R(0))) {
            col[j] = d;
            done = j;
            break;
        }
        const R s = std::sqrt(d), r = R(1) / s;
        col[j] = s;
        for (int i = j + 1; i < n; ++i) col[i] = col[i] * r;
        for (int c = j + 1; c < n; ++c) {
            T *wc = w + c * n;
            const T t = cj(col[c]);
            for (int i = j + 1; i < n; ++i) wc[i] -= mul(col[i], t);
        }
    }
    for (int j = 0; j < std::min<int>(done + 1, n); ++j)
        for (int i = j; i < (j < done ? int(n) : j + 1); ++i) {
            if (upper) A[j + i * lda] = cj(w[i + j * n]);
            else A[i + j * lda] = w[i + j * n];
        }
    *info = done < n ? done + 1 : 0;
    return true;
}

// Beyond order 8 OpenBLAS's potrf (its AVX-512 kernels) is as fast or faster than this portable
// code (measured: 0.6-0.9x at n = 16), so larger matrices go to LAPACK.
constexpr int potrf_max_order = 8;

template <class T> bool potrf(char uplo, int n, T *A, int lda, int *info) {
    return with_fixed<potrf_max_order>(n, [&](auto N) { return potrf_kernel(uplo, N, A, lda, info); });
}

// dpotrs one right-hand side at a time: U^H U x = b or L L^H x = b.
template <class T, class Nt> bool potrs_kernel(char uplo, Nt n, int nrhs, const T *A, int lda, T *B, int ldb) {
    const bool lower = uplo == 'L';
    for (int r = 0; r < nrhs; ++r) {
        T x[capacity<Nt>];
        T *b = B + int64_t(r) * ldb;
        for (int i = 0; i < n; ++i) x[i] = b[i];
        tri_solve(lower, lower ? 'N' : 'C', false, n, A, lda, x);
        tri_solve(lower, lower ? 'C' : 'N', false, n, A, lda, x);
        for (int i = 0; i < n; ++i) b[i] = x[i];
    }
    return true;
}

template <class T> bool potrs(char uplo, int n, int nrhs, const T *A, int lda, T *B, int ldb) {
    if (nrhs < 1) return false;
    return with_fixed(n, [&](auto N) { return potrs_kernel(uplo, N, nrhs, A, lda, B, ldb); });
}

#define BL_SMALL_CHOLESKY(p, T)                                                                   \
    template bool potrf<T>(char, int, T *, int, int *);                                           \
    template bool potrs<T>(char, int, int, const T *, int, T *, int);
BL_PRECISIONS(BL_SMALL_CHOLESKY)

}  // namespace small
}  // namespace cpu
}  // namespace bl
