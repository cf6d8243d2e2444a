// Fixed-size Cholesky factorization and solve (small.hpp): dpotf2's algorithm and dpotrs's.
#include "small.hpp"
#include "small_detail.hpp"
#include "ops.hpp"

namespace bl {
namespace cpu {
namespace small {

// dpotf2's factorization (left-looking: column j of L from dot products with the finished rows),
// on a local copy of the triangle held as the lower one, row by row (A = L L^H; for uplo 'U' the
// copy is U^H, so U = L^H): row i of L is contiguous, every dot product is a unit-stride loop, and
// the n - j dot products of column j are independent. Only the triangle is touched (n^3/6
// multiply-adds; measured faster than AXPYs down columns at n = 4..16). When column j's diagonal
// is not positive (or NaN), it is stored and the factorization stops with info = j, as in dpotf2:
// only the finished columns and that diagonal are written back.
template <class T, class Nt> bool potrf_kernel(char uplo, Nt n, T *A, int lda, int *info) {
    using R = Real<T>;
    constexpr int N = capacity<Nt>;
    alignas(64) T w[N * N];  // w[i * N + k] = L(i, k), k <= i
    const bool upper = uplo == 'U';
    for (int i = 0; i < n; ++i)
        for (int k = 0; k <= i; ++k) w[i * N + k] = upper ? cj(A[k + int64_t(i) * lda]) : A[i + int64_t(k) * lda];
    int done = n;
    for (int j = 0; j < n; ++j) {
        const T *lj = w + j * N;
        R d = re(lj[j]);
        for (int k = 0; k < j; ++k) d -= abs2(lj[k]);
        if (!(d > R(0))) {
            w[j * N + j] = d;
            done = j;
            break;
        }
        const R s = std::sqrt(d), r = R(1) / s;
        w[j * N + j] = s;
        for (int i = j + 1; i < n; ++i) {
            T *li = w + i * N;
            T t = li[j];
            for (int k = 0; k < j; ++k) t -= mul(li[k], cj(lj[k]));
            li[j] = t * r;
        }
    }
    // Row i holds columns 0..i; columns k < done are finished, column `done` only at its diagonal.
    for (int i = 0; i < n; ++i)
        for (int k = 0; k <= std::min(i, done); ++k) {
            if (k == done && k != i) break;
            if (upper) A[k + int64_t(i) * lda] = cj(w[i * N + k]);
            else A[i + int64_t(k) * lda] = w[i * N + k];
        }
    *info = done < n ? done + 1 : 0;
    return true;
}

// Up to order 16 this kernel beats the system LAPACK (1.2x the single-threaded OpenBLAS dpotrf at
// n = 16 in cache, more below); potrf_group below is faster still where it applies.
constexpr int potrf_max_order = 16;

template <class T> bool potrf(char uplo, int n, T *A, int lda, int *info) {
    return with_fixed<potrf_max_order>(n, [&](auto N) { return potrf_kernel(uplo, N, A, lda, info); });
}

// potrf_kernel's algorithm on group_size real matrices at once, matrix l in SIMD lane l: the
// local copy interleaves them (w[i * LD + k * group_size + l] = L_l(i, k)), so each scalar
// operation of potrf_kernel becomes one vector operation over the lanes, in the same order (the
// same roundings, up to contraction into FMAs). One matrix alone is a chain of dependent
// sqrt-divide-update steps that leaves the vector units idle; eight interleaved chains fill them,
// with no reduction to reassociate. Lanes past `count` factor an identity and are not written
// back. A lane whose diagonal fails keeps computing (NaNs, never read) while the others go on; its
// failing diagonal is kept aside, and only what potrf_kernel would have written is written back.
// Measured (one thread, 512 KiB of matrices, doubles; OpenBLAS dpotrf / potrf_kernel / this with
// the AVX2 clone): n = 8: 1.3 / 1.6 / 5.2, n = 16: 3.9 / 4.4 / 10.9, n = 24: 6.3 / 5.9 / 15.4,
// n = 32: 8.5 / 7.0 / 11.2 GFLOP/s; the SSE2 baseline reaches about 70% of the AVX2 figures.
// Rows are N + 1 lane groups long, not N: rows 4 KiB apart (order 64) or 2 KiB (32) made loads
// wait on unrelated stores with the same low address bits (4K aliasing, as in getrf_group_kernel):
// the library's potrf at n = 32 8.6 -> 15.5 GFLOP/s with the padding (batchlapack-bench).
template <class R, class Nt>
bool potrf_group_kernel(Nt N, char uplo, R *const *A, int lda, int *info, int count, const R *const *next,
                        int next_count) {
    constexpr int G = group_size, Cap = capacity<Nt>;
    const int LD = (N + 1) * G;
    GroupCopy<R, Nt, Cap * (Cap + 1) * G> copy;
    R *const w = copy.get();
    if (!w) return false;
    alignas(64) R failed[G];
    int done[G];
    const bool upper = uplo == 'U';
    for (int l = 0; l < G; ++l) {
        done[l] = N;
        if (l < count) {
            const R *a = A[l];
            for (int k = 0; k < N; ++k)
                for (int i = k; i < N; ++i)
                    w[i * LD + k * G + l] = upper ? a[k + int64_t(i) * lda] : a[i + int64_t(k) * lda];
        } else {
            for (int k = 0; k < N; ++k)
                for (int i = k; i < N; ++i) w[i * LD + k * G + l] = R(i == k);
        }
    }
    for (int j = 0; j < N; ++j) {
        for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(j) * lda, N);
        R *lj = w + j * LD;
        alignas(64) R d[G], r[G];
        for (int l = 0; l < G; ++l) d[l] = lj[j * G + l];
        for (int k = 0; k < j; ++k)
            for (int l = 0; l < G; ++l) d[l] -= lj[k * G + l] * lj[k * G + l];
        bool bad = false;
        for (int l = 0; l < G; ++l) bad |= !(d[l] > R(0));
        if (bad)
            for (int l = 0; l < G; ++l)
                if (!(d[l] > R(0)) && done[l] == N) {
                    done[l] = j;
                    failed[l] = d[l];
                }
        for (int l = 0; l < G; ++l) {
            const R s = std::sqrt(d[l]);
            lj[j * G + l] = s;
            r[l] = R(1) / s;
        }
        for (int i = j + 1; i < N; ++i) {
            R *li = w + i * LD;
            alignas(64) R t[G];
            for (int l = 0; l < G; ++l) t[l] = li[j * G + l];
            for (int k = 0; k < j; ++k)
                for (int l = 0; l < G; ++l) t[l] -= li[k * G + l] * lj[k * G + l];
            for (int l = 0; l < G; ++l) li[j * G + l] = t[l] * r[l];
        }
    }
    for (int l = 0; l < count; ++l) {
        R *a = A[l];
        const int stop = done[l];
        if (stop < N) w[stop * LD + stop * G + l] = failed[l];
        for (int k = 0; k <= std::min(stop, N - 1); ++k)
            for (int i = k; i < (k == stop ? k + 1 : N); ++i) {
                const R v = w[i * LD + k * G + l];
                if (upper) a[k + int64_t(i) * lda] = v;
                else a[i + int64_t(k) * lda] = v;
            }
        info[l] = stop < N ? stop + 1 : 0;
    }
    return true;
}

// potrf_group covers every order up to 64: there it beats the OpenMP loop over the system
// LAPACK (batchlapack-bench, 2 threads, 256 MiB of matrices: 1.6x at n = 32, 1.9-2.7x at 40 to 64),
// and potrf_kernel does not. Each order up to potrf_group_fixed_order is compiled on its own,
// past it one version takes the order at run time (as getrf_group).
constexpr int potrf_group_fixed_order = 32, potrf_group_max_order = 64;

template <class T> bool potrf_group_covers(int n) { return !is_complex<T> && n >= 1 && n <= potrf_group_max_order; }

// One entry point per real precision, compiled for AVX2/FMA and for the baseline and chosen at
// load time (BL_SMALL_CLONES): the kernel is inlined into each clone, so the lanes use 256-bit
// vectors where the machine has them.
#define BL_POTRF_GROUP(R)                                                                         \
    BL_SMALL_CLONES bool potrf_group_##R(char uplo, int n, R *const *A, int lda, int *info, int count, \
                                         const R *const *next, int next_count) {                  \
        if (n > potrf_group_fixed_order)                                                          \
            return potrf_group_kernel(Upto<potrf_group_max_order>{n}, uplo, A, lda, info, count, next, next_count); \
        return with_fixed<potrf_group_fixed_order>(                                               \
            n, [&](auto N) { return potrf_group_kernel(N, uplo, A, lda, info, count, next, next_count); }); \
    }
BL_POTRF_GROUP(float)
BL_POTRF_GROUP(double)
#undef BL_POTRF_GROUP

template <class T>
bool potrf_group(char uplo, int n, T *const *A, int lda, int *info, int count, const T *const *next, int next_count) {
    if (!potrf_group_covers<T>(n) || count < 1 || count > group_size || next_count > group_size) return false;
    if constexpr (std::is_same<T, float>::value)
        return potrf_group_float(uplo, n, A, lda, info, count, next, next_count);
    else if constexpr (std::is_same<T, double>::value)
        return potrf_group_double(uplo, n, A, lda, info, count, next, next_count);
    else return false;
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
    template bool potrf_group_covers<T>(int);                                                     \
    template bool potrf_group<T>(char, int, T *const *, int, int *, int, const T *const *, int);  \
    template bool potrs<T>(char, int, int, const T *, int, T *, int);
BL_PRECISIONS(BL_SMALL_CHOLESKY)

}  // namespace small
}  // namespace cpu
}  // namespace bl
