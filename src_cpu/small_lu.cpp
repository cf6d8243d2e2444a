// Fixed-size LU factorization and solve (small.hpp): dgetf2's algorithm and dgetrs's.
#include "small.hpp"
#include "small_detail.hpp"
#include "ops.hpp"

#include <cstring>

namespace bl {
namespace cpu {
namespace small {

// dgetf2 on a local copy: partial pivoting by i?amax's rule, rows swapped over the full width,
// the column scaled by the reciprocal pivot (divided when the pivot is below the safe minimum),
// scaling skipped for a zero pivot, whose index becomes info; right-looking rank-1 updates.
template <class T, class Mt, class Nt> bool getrf_kernel(Mt m, Nt n, T *A, int lda, int *ipiv, int *info) {
    using R = Real<T>;
    alignas(64) T w[capacity<Mt> * capacity<Nt>];
    copy_in(m, n, A, lda, w);
    const R sfmin = std::numeric_limits<R>::min();
    const int k = std::min<int>(m, n);
    int inf = 0;
    for (int j = 0; j < k; ++j) {
        T *col = w + j * m;
        int p = j;
        R best = abs1(col[j]);
        for (int i = j + 1; i < m; ++i)
            if (abs1(col[i]) > best) { best = abs1(col[i]); p = i; }
        ipiv[j] = p + 1;
        if (col[p] != T(0)) {
            if (p != j)
                for (int c = 0; c < n; ++c) std::swap(w[j + c * m], w[p + c * m]);
            if (std::abs(col[j]) >= sfmin) {
                const T r = T(1) / col[j];
                for (int i = j + 1; i < m; ++i) col[i] = mul(col[i], r);
            } else {
                for (int i = j + 1; i < m; ++i) col[i] = col[i] / col[j];
            }
        } else if (inf == 0) {
            inf = j + 1;
        }
        for (int c = j + 1; c < n; ++c) {
            T *wc = w + c * m;
            const T t = wc[j];
            for (int i = j + 1; i < m; ++i) wc[i] -= mul(col[i], t);
        }
    }
    copy_out(m, n, w, A, lda);
    *info = inf;
    return true;
}

template <class T> bool getrf(int m, int n, T *A, int lda, int *ipiv, int *info) {
    if (m < 1 || n < 1 || m > max_order || n > max_order) return false;
    if (m == n) return with_fixed(n, [&](auto N) { return getrf_kernel(N, N, A, lda, ipiv, info); });
    return getrf_kernel(m, n, A, lda, ipiv, info);
}

// The group kernel moves K x K blocks (K rows of K matrices) through 16-byte vectors, which every
// clone has: its copies in and out are transposes between the matrices' columns and the
// interleaved copy. Its pivot search runs on the lanes in 32-byte vectors: written lane by lane it
// compiled to scalar compares and branches (GCC 12), mispredicted on random data, and a group's 64
// bytes of doubles in one vector type to scalar code with spills.
// |v| lane by lane: the sign bit cleared, as std::abs (-V{} is -0 in every lane).
template <class R> SimdV<R, 32> abs(SimdV<R, 32> v) {
    using V = SimdV<R, 32>;
    using M = typename Simd<R, 32>::M;
    return V(M(v) & ~M(-V{}));
}

// getrf_kernel's algorithm on group_size real square matrices at once, matrix l in SIMD lane l:
// the local copy interleaves them (w[c * LD + i * group_size + l] = A_l(i, c)), so each step of
// getrf_kernel becomes vector operations over the lanes: the pivot search a compare and select
// (the same strict > as getrf_kernel, so the first largest |value| wins and a NaN never does
// unless it is the diagonal; spelled in 32-byte vectors, as GCC 12 made it scalar branches), the scaling a multiply (by 1 in a lane whose pivot is zero, which
// leaves its column as getrf_kernel does; a division in a lane whose pivot is below the safe
// minimum), the rank-1 update unchanged; each lane's pivots, info and factors are getrf_kernel's
// up to the contraction of the update into FMAs. The row interchanges differ per lane: they are
// done lane by lane (scalar loads and stores: they take about 15% at n = 16) on the columns from j
// on only; the finished columns of L keep the row order they had when computed, and the copy back
// to A applies the later interchanges (scalar for the rows past the diagonal, which they move; K x
// K transposes in registers for the rows above, as for the whole copy in). Doing the interchanges
// inside the update instead (the row j vector blended into row p_l of each trailing column, the
// pivot row gathered) was slower: 4.4 against 6.2 GFLOP/s at n = 16. Lanes past `count` factor an identity and
// are not written back. Measured (one thread, 512 KiB of matrices in cache, doubles; getrf_kernel
// / this with the AVX2 clone / with the baseline): n = 4: 0.8 / 1.5 / 1.3, n = 8: 2.0 / 3.0 / 2.4,
// n = 16: 4.5 / 6.7 / 4.5, n = 32: 7.1 (not used there) / 8.0 / - GFLOP/s. A column is N + 1
// lane groups long: at N lane groups (64 N bytes) the columns of order 64 were 4 KiB apart, so a
// load from column j and the store to column c before it had the same address bits below 4 KiB,
// which the processor takes for a possible dependence (4K aliasing): the library at 0.57x the
// OpenMP loop at n = 64, 1.64x with the padding; n = 32 (2 KiB apart) 9.2 -> 11.6 GFLOP/s.
template <class R, class Nt>
bool getrf_group_kernel(Nt N, R *const *A, int lda, int *const *ipiv, int *info, int count, const R *const *next,
                        int next_count) {
    constexpr int G = group_size, Cap = capacity<Nt>;
    const int LD = (N + 1) * G;
    GroupCopy<R, Nt, Cap * (Cap + 1) * G> copy;
    R *const w = copy.get();
    if (!w) return false;
    int piv[Cap][G], inf[G];
    // K rows of K matrices at a time, transposed in registers (scalar element by element, lane by
    // lane inside each row, took 22% of the time at n = 16); the lanes past count read matrix 0,
    // then get the identity.
    const R *a[G];
    for (int l = 0; l < G; ++l) {
        a[l] = A[l < count ? l : 0];
        inf[l] = 0;
    }
    constexpr int K = simd_width<R, 16>;
    using V = SimdV<R, 16>;
    using LV = SimdV<R, 32>;
    constexpr int W = simd_width<R, 32>, P = G / W;
    const int Nk = N / K * K;
    for (int c = 0; c < N; ++c) {
        R *wc = w + c * LD;
        const int64_t off = int64_t(c) * lda;
        for (int i = 0; i < Nk; i += K)
            for (int l0 = 0; l0 < G; l0 += K) {
                V r[K];
                for (int k = 0; k < K; ++k) r[k] = vload<V>(a[l0 + k] + off + i);
                transpose<R, 16>(r);
                for (int k = 0; k < K; ++k) vstore(wc + (i + k) * G + l0, r[k]);
            }
        for (int i = Nk; i < N; ++i)
            for (int l = 0; l < G; ++l) wc[i * G + l] = a[l][off + i];
    }
    for (int l = count; l < G; ++l)
        for (int c = 0; c < N; ++c)
            for (int i = 0; i < N; ++i) w[c * LD + i * G + l] = R(i == c);
    const R sfmin = std::numeric_limits<R>::min();
    for (int j = 0; j < N; ++j) {
        for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(j) * lda, N);
        R *col = w + j * LD;
        alignas(64) R p[G], d[G], r[G];
        LV pv[P];
        for (int h = 0; h < P; ++h) {
            LV best = abs<R>(vload<LV>(col + j * G + h * W));
            pv[h] = LV{} + R(j);
            for (int i = j + 1; i < N; ++i) {
                const LV v = abs<R>(vload<LV>(col + i * G + h * W));
                const auto larger = v > best;
                best = larger ? v : best;
                pv[h] = larger ? LV{} + R(i) : pv[h];
            }
        }
        std::memcpy(p, &pv, sizeof pv);
        for (int l = 0; l < G; ++l) {
            const int q = piv[j][l] = int(p[l]);
            if (q != j)
                for (int c = j; c < N; ++c) std::swap(w[c * LD + j * G + l], w[c * LD + q * G + l]);
        }
        bool tiny = false;
        for (int l = 0; l < G; ++l) {
            d[l] = col[j * G + l];
            r[l] = d[l] == R(0) ? R(1) : R(1) / d[l];
            tiny |= (d[l] != R(0)) & !(std::abs(d[l]) >= sfmin);
        }
        if (!tiny) {
            for (int i = j + 1; i < N; ++i)
                for (int l = 0; l < G; ++l) col[i * G + l] *= r[l];
        } else {
            for (int i = j + 1; i < N; ++i)
                for (int l = 0; l < G; ++l) {
                    const R x = col[i * G + l];
                    col[i * G + l] = d[l] != R(0) && !(std::abs(d[l]) >= sfmin) ? x / d[l] : x * r[l];
                }
        }
        for (int l = 0; l < G; ++l) inf[l] = (d[l] == R(0)) & (inf[l] == 0) ? j + 1 : inf[l];
        for (int c = j + 1; c < N; ++c) {
            R *wc = w + c * LD;
            alignas(64) R t[G];
            for (int l = 0; l < G; ++l) t[l] = wc[j * G + l];
            for (int i = j + 1; i < N; ++i)
                for (int l = 0; l < G; ++l) wc[i * G + l] -= col[i * G + l] * t[l];
        }
    }
    // Column c of w holds its rows as they were after interchange c: row i of the result is its
    // row from[i], from composing the interchanges c + 1, ..., N - 1, tracked for all lanes at once
    // (a per-lane chain of index swaps through memory cost 20% at n = 16).
    int from[Cap][G];
    for (int i = 0; i < N; ++i)
        for (int l = 0; l < G; ++l) from[i][l] = i;
    const int Gk = count / K * K;
    for (int c = N - 1; c >= 0; --c) {
        const R *wc = w + c * LD;
        const int64_t off = int64_t(c) * lda;
        // Rows up to c are in place (the later interchanges move rows past c only).
        const int up = (c + 1) / K * K;
        for (int i = 0; i < up; i += K)
            for (int l0 = 0; l0 < Gk; l0 += K) {
                V r[K];
                for (int k = 0; k < K; ++k) r[k] = vload<V>(wc + (i + k) * G + l0);
                transpose<R, 16>(r);
                for (int k = 0; k < K; ++k) vstore(A[l0 + k] + off + i, r[k]);
            }
        for (int l = 0; l < count; ++l) {
            R *a = A[l] + off;
            for (int i = l < Gk ? up : 0; i < N; ++i) a[i] = wc[from[i][l] * G + l];
        }
        for (int i = 0; i < N; ++i)
            for (int l = 0; l < G; ++l) {
                const int f = from[i][l], q = piv[c][l];
                from[i][l] = f == c ? q : f == q ? c : f;
            }
    }
    for (int l = 0; l < count; ++l) {
        for (int j = 0; j < N; ++j) ipiv[l][j] = piv[j][l] + 1;
        info[l] = inf[l];
    }
    return true;
}

// getrf_group covers every order up to 56, where it beats the OpenMP loop over OpenBLAS's dgetrf
// (batchlapack-bench, 2 threads, 256 MiB of matrices: 1.9x at n = 32, 1.6x at 40, 1.4-1.5x at 48;
// getrf_kernel stops at 16). From 57 the tiled LU (tiled.hpp) runs about as fast, and at 64 faster
// (18.5 against 16.3 GFLOP/s). Each order up to getrf_group_fixed_order is compiled on its own;
// past it one version takes the order at run time (at 48 and 64 it measured faster than
// fixed-order ones: 17.4 / 21.1 against 16.2 / 17.6 GFLOP/s).
constexpr int getrf_group_fixed_order = 32, getrf_group_max_order = 56;

template <class T> bool getrf_group_covers(int n) { return !is_complex<T> && n >= 1 && n <= getrf_group_max_order; }

// One entry point per real precision, compiled for AVX2/FMA and for the baseline (BL_SMALL_CLONES,
// as potrf_group).
#define BL_GETRF_GROUP(R)                                                                         \
    BL_SMALL_CLONES bool getrf_group_##R(int n, R *const *A, int lda, int *const *ipiv, int *info, int count, \
                                         const R *const *next, int next_count) {                  \
        if (n > getrf_group_fixed_order)                                                          \
            return getrf_group_kernel(Upto<getrf_group_max_order>{n}, A, lda, ipiv, info, count, next, next_count); \
        return with_fixed<getrf_group_fixed_order>(                                               \
            n, [&](auto N) { return getrf_group_kernel(N, A, lda, ipiv, info, count, next, next_count); }); \
    }
BL_GETRF_GROUP(float)
BL_GETRF_GROUP(double)
#undef BL_GETRF_GROUP

template <class T>
bool getrf_group(int n, T *const *A, int lda, int *const *ipiv, int *info, int count, const T *const *next, int next_count) {
    if (!getrf_group_covers<T>(n) || count < 1 || count > group_size || next_count > group_size) return false;
    if constexpr (std::is_same<T, float>::value) return getrf_group_float(n, A, lda, ipiv, info, count, next, next_count);
    else if constexpr (std::is_same<T, double>::value)
        return getrf_group_double(n, A, lda, ipiv, info, count, next, next_count);
    else return false;
}

// dgetrs one right-hand side at a time: P L U x = b, or (P L U)^T x = b, (P L U)^H x = b.
template <class T, class Nt>
bool getrs_kernel(char trans, Nt n, int nrhs, const T *A, int lda, const int *ipiv, T *B, int ldb) {
    for (int r = 0; r < nrhs; ++r) {
        T x[capacity<Nt>];
        T *b = B + int64_t(r) * ldb;
        for (int i = 0; i < n; ++i) x[i] = b[i];
        if (trans == 'N') {
            for (int i = 0; i < n; ++i) std::swap(x[i], x[ipiv[i] - 1]);
            tri_solve(true, 'N', true, n, A, lda, x);
            tri_solve(false, 'N', false, n, A, lda, x);
        } else {
            tri_solve(false, trans, false, n, A, lda, x);
            tri_solve(true, trans, true, n, A, lda, x);
            for (int i = n - 1; i >= 0; --i) std::swap(x[i], x[ipiv[i] - 1]);
        }
        for (int i = 0; i < n; ++i) b[i] = x[i];
    }
    return true;
}

template <class T>
bool getrs(char trans, int n, int nrhs, const T *A, int lda, const int *ipiv, T *B, int ldb) {
    if (nrhs < 1) return false;
    return with_fixed(n, [&](auto N) { return getrs_kernel(trans, N, nrhs, A, lda, ipiv, B, ldb); });
}

#define BL_SMALL_LU(p, T)                                                                         \
    template bool getrf<T>(int, int, T *, int, int *, int *);                                     \
    template bool getrf_group_covers<T>(int);                                                     \
    template bool getrf_group<T>(int, T *const *, int, int *const *, int *, int, const T *const *, int); \
    template bool getrs<T>(char, int, int, const T *, int, const int *, T *, int);
BL_PRECISIONS(BL_SMALL_LU)

}  // namespace small
}  // namespace cpu
}  // namespace bl
