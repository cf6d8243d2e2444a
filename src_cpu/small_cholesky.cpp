// Fixed-size Cholesky factorization and solve (small.hpp): dpotf2's algorithm and dpotrs's.
#include "small.hpp"
#include "small_detail.hpp"
#include "ops.hpp"

namespace bl {
namespace cpu {
namespace small {

// dpotf2 on a local copy of the triangle, held as the lower one (A = L L^H; for uplo 'U' the
// copy is U^H, so U = L^H). Left-looking like dpotf2: column j's diagonal is computed first and,
// when not positive (or NaN), stored and the factorization stops with info = j, the rest of the
// column untouched, as in LAPACK.
template <class T, class Nt> bool potrf_kernel(char uplo, Nt n, T *A, int lda, int *info) {
    using R = Real<T>;
    alignas(64) T w[capacity<Nt> * capacity<Nt>];
    const bool upper = uplo == 'U';
    for (int j = 0; j < n; ++j)
        for (int i = j; i < n; ++i) w[i + j * n] = upper ? cj(A[j + i * lda]) : A[i + j * lda];
    int inf = 0;
    for (int j = 0; j < n; ++j) {
        T *col = w + j * n;
        R d = re(col[j]);
        for (int k = 0; k < j; ++k) d -= abs2(w[j + k * n]);
        if (!(d > R(0))) {
            col[j] = d;
            inf = j + 1;
            break;
        }
        d = std::sqrt(d);
        col[j] = d;
        for (int k = 0; k < j; ++k) {
            const T t = cj(w[j + k * n]);
            const T *ck = w + k * n;
            for (int i = j + 1; i < n; ++i) col[i] -= mul(ck[i], t);
        }
        const R r = R(1) / d;
        for (int i = j + 1; i < n; ++i) col[i] = col[i] * r;
    }
    for (int j = 0; j < n; ++j)
        for (int i = j; i < n; ++i) (upper ? A[j + i * lda] : A[i + j * lda]) = upper ? cj(w[i + j * n]) : w[i + j * n];
    *info = inf;
    return true;
}

template <class T> bool potrf(char uplo, int n, T *A, int lda, int *info) {
    return with_fixed(n, [&](auto N) { return potrf_kernel(uplo, N, A, lda, info); });
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
