// The Cholesky group kernel (small.hpp's potrf_group): dpotf2's algorithm on eight real matrices
// at once, one per SIMD lane. Compiled once per instruction set (small_dispatch.hpp).
#include "small_isa.hpp"

#include <cstring>

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// A group's lanes in 32-byte vectors (small_detail.hpp): the group kernel's dot products are
// written on them, several rows and columns at a time, because GCC vectorizes the lane loops but
// keeps one chain of dependent FMAs per dot product (see potrf_group_kernel).
template <class R> using Gv = SimdV<R, 32>;
template <class R> constexpr int gv_width = simd_width<R, 32>;         // lanes in one vector
template <class R> constexpr int gv_count = group_size / gv_width<R>;  // vectors in one group

// The group kernel's copies between a segment of each matrix (len elements from offset off) and the
// interleaved copy (element e of lane l at v[e * stride + l]), for the gv_width lanes from l0:
// gv_width elements of gv_width matrices at a time through a transpose in registers, the rest of
// the segment element by element (element by element throughout, the copies were half of the
// kernel's time).
template <bool In, class R> void lanes_copy(R *const *a, int64_t off, int len, R *v, int stride, int l0) {
    constexpr int K = gv_width<R>;
    int e = 0;
    for (; e + K <= len; e += K) {
        Gv<R> r[K];
        if (In) {
            for (int k = 0; k < K; ++k) r[k] = vload<Gv<R>>(a[l0 + k] + off + e);
            transpose<R, 32>(r);
            for (int k = 0; k < K; ++k) vstore(v + (e + k) * stride + l0, r[k]);
        } else {
            for (int k = 0; k < K; ++k) r[k] = vload<Gv<R>>(v + (e + k) * stride + l0);
            transpose<R, 32>(r);
            for (int k = 0; k < K; ++k) vstore(a[l0 + k] + off + e, r[k]);
        }
    }
    for (; e < len; ++e)
        for (int k = 0; k < K; ++k) {
            if (In) v[e * stride + l0 + k] = a[l0 + k][off + e];
            else a[l0 + k][off + e] = v[e * stride + l0 + k];
        }
}

// t[r][c] := w(i0 + r, j + c) - sum_{k < j} w(i0 + r, k) w(j + c, k), the sum in k order (as
// potrf_kernel's), for NR rows and NC columns of the interleaved copy w (row length LD): NR * NC
// independent chains of FMAs per lane vector, each row and column group loaded once per k.
template <int NR, int NC, class R>
void group_dots(const R *w, int LD, int i0, int j, Gv<R> (&t)[NR][NC][gv_count<R>]) {
    constexpr int G = group_size, W = gv_width<R>, P = gv_count<R>;
    using V = Gv<R>;
    for (int r = 0; r < NR; ++r)
        for (int c = 0; c < NC; ++c)
            for (int h = 0; h < P; ++h) t[r][c][h] = vload<V>(w + (i0 + r) * LD + (j + c) * G + h * W);
    for (int k = 0; k < j; ++k) {
        V b[NC][P];
        for (int c = 0; c < NC; ++c)
            for (int h = 0; h < P; ++h) b[c][h] = vload<V>(w + (j + c) * LD + k * G + h * W);
        for (int r = 0; r < NR; ++r)
            for (int h = 0; h < P; ++h) {
                const V a = vload<V>(w + (i0 + r) * LD + k * G + h * W);
                for (int c = 0; c < NC; ++c) t[r][c][h] -= a * b[c][h];
            }
    }
}

// potrf_kernel's algorithm (small_cholesky.cpp) on group_size real matrices at once, matrix l in SIMD lane l: the
// local copy interleaves them (w[i * LD + k * group_size + l] = L_l(i, k)), so each scalar
// operation of potrf_kernel becomes one vector operation over the lanes, in the same order (the
// same roundings, up to contraction into FMAs). One matrix alone is a chain of dependent
// sqrt-divide-update steps that leaves the vector units idle; eight interleaved chains fill them,
// with no reduction to reassociate. Lanes past `count` factor an identity and are not written
// back. A lane whose diagonal fails keeps computing (NaNs, never read) while the others go on; its
// failing diagonal is kept aside, and only what potrf_kernel would have written is written back.
// Rows are N + 1 lane groups long, not N: rows a multiple of 2 KiB apart made loads wait on
// unrelated stores with the same low address bits (4K aliasing, as in getrf_group_kernel).
// Columns go in pairs and rows in blocks of RB (group_dots): written lane by lane, each element's
// dot product was one chain of dependent FMAs, which left most of the FMA units idle; element
// (i, j + 1) still sums k = 0..j in order, its last term from the L(i, j) just computed, so every
// result is bit for bit the lane-by-lane kernel's.
// With right-hand sides (posv: rhs.nrhs of them), each lane whose factorization succeeded then
// solves L L^T X = B with the factor still in the copy, as dpotrs's two triangular solves (dtrsm's
// order of operations, a division by each diagonal element), over the lanes; B_l of a failed lane
// is left as it was, as posv leaves it.
template <class R, class Nt>
bool potrf_group_kernel(Nt N, char uplo, R *const *A, int lda, int *info, int count, const R *const *next,
                        int next_count, GroupRhs<R> rhs) {
    constexpr int G = group_size, Cap = capacity<Nt>, W = gv_width<R>, P = gv_count<R>;
    // Rows per block: 2 x 2 x P accumulators, 2 x P column and P row vectors fit AVX2's 16 registers.
    constexpr int RB = 2;
    using V = Gv<R>;
    const int LD = (N + 1) * G;
    GroupCopy<R, Nt, Cap * (Cap + 1) * G> copy;
    R *const w = copy.get();
    if (!w) return false;
    alignas(64) R failed[G];
    int done[G];
    const bool upper = uplo == 'U';
    // The triangle as segments: column k from row k for 'L', column i down to row i for 'U'
    // (row i of U^T), going to row k's column from k, or to row i from column 0, in w.
    const auto segment = [&](int c, int64_t &off, int &len, R *&v, int &stride) {
        off = upper ? int64_t(c) * lda : c + int64_t(c) * lda;
        len = upper ? c + 1 : N - c;
        v = upper ? w + c * LD : w + c * LD + c * G;
        stride = upper ? G : LD;
    };
    // Whole blocks of gv_width lanes by transposes; the lanes past count get the identity.
    constexpr int K = W;
    const int Lk = count / K * K;
    for (int c = 0; c < N; ++c) {
        int64_t off;
        int len, stride;
        R *v;
        segment(c, off, len, v, stride);
        for (int l0 = 0; l0 < Lk; l0 += K) lanes_copy<true>(A, off, len, v, stride, l0);
        for (int e = 0; e < len; ++e)
            for (int l = Lk; l < count; ++l) v[e * stride + l] = A[l][off + e];
    }
    for (int l = 0; l < G; ++l) done[l] = N;
    for (int l = count; l < G; ++l)
        for (int k = 0; k < N; ++k)
            for (int i = k; i < N; ++i) w[i * LD + k * G + l] = R(i == k);
    // Column j's diagonal from d (its sum done): the failure test, the square root stored, the
    // reciprocal into r.
    const auto finish_diagonal = [&](int j, const V (&dv)[P], V (&rv)[P]) {
        alignas(64) R d[G], r[G];
        std::memcpy(d, dv, sizeof d);
        bool bad = false;
        for (int l = 0; l < G; ++l) bad |= !(d[l] > R(0));
        if (bad)
            for (int l = 0; l < G; ++l)
                if (!(d[l] > R(0)) && done[l] == N) {
                    done[l] = j;
                    failed[l] = d[l];
                }
        R *ljj = w + j * LD + j * G;
        for (int l = 0; l < G; ++l) {
            const R s = std::sqrt(d[l]);
            ljj[l] = s;
            r[l] = R(1) / s;
        }
        std::memcpy(rv, r, sizeof r);
    };
    int j = 0;
    for (; j + 1 < N; j += 2) {
        for (int l = 0; l < next_count; ++l) {
            prefetch_column(next[l] + int64_t(j) * lda, N);
            prefetch_column(next[l] + int64_t(j + 1) * lda, N);
        }
        V rj[P], rj1[P];
        {
            V dj[1][1][P], t[1][2][P];
            group_dots<1, 1>(w, LD, j, j, dj);
            group_dots<1, 2>(w, LD, j + 1, j, t);
            finish_diagonal(j, dj[0][0], rj);
            R *lj1 = w + (j + 1) * LD;
            for (int h = 0; h < P; ++h) {
                const V l = t[0][0][h] * rj[h];
                vstore(lj1 + j * G + h * W, l);
                t[0][1][h] -= l * l;
            }
            finish_diagonal(j + 1, t[0][1], rj1);
        }
        const R *lj1 = w + (j + 1) * LD + j * G;
        const auto finish_rows = [&](int i0, auto &t) {
            constexpr int NR = int(sizeof t / sizeof t[0]);
            for (int r = 0; r < NR; ++r) {
                R *li = w + (i0 + r) * LD;
                for (int h = 0; h < P; ++h) {
                    const V l = t[r][0][h] * rj[h];
                    vstore(li + j * G + h * W, l);
                    t[r][1][h] -= l * vload<V>(lj1 + h * W);
                    vstore(li + (j + 1) * G + h * W, t[r][1][h] * rj1[h]);
                }
            }
        };
        int i = j + 2;
        // Orders below RB + 2 have no whole block under a column pair. Said at compile time: for
        // them, gcc 13 otherwise warns that a block's second row would lie past the copy
        // (-Waggressive-loop-optimizations) in a loop that never runs.
        if constexpr (Cap >= RB + 2)
            for (; i + RB <= N; i += RB) {
                V t[RB][2][P];
                group_dots<RB, 2>(w, LD, i, j, t);
                finish_rows(i, t);
            }
        for (; i < N; ++i) {
            V t[1][2][P];
            group_dots<1, 2>(w, LD, i, j, t);
            finish_rows(i, t);
        }
    }
    if (j < N) {  // the last column of an odd order: its diagonal only
        for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(j) * lda, N);
        V dj[1][1][P], rj[P];
        group_dots<1, 1>(w, LD, j, j, dj);
        finish_diagonal(j, dj[0][0], rj);
    }
    // Blocks of gv_width lanes that all succeeded go back by transposes, as they came in; the
    // other lanes element by element, up to where they stopped.
    for (int l0 = 0; l0 < count; l0 += K) {
        bool whole = l0 + K <= count;
        for (int l = l0; l < std::min(l0 + K, count); ++l) whole &= done[l] == N;
        if (whole) {
            for (int c = 0; c < N; ++c) {
                int64_t off;
                int len, stride;
                R *v;
                segment(c, off, len, v, stride);
                lanes_copy<false>(A, off, len, v, stride, l0);
            }
        } else {
            for (int l = l0; l < std::min(l0 + K, count); ++l) {
                R *a = A[l];
                const int stop = done[l];
                if (stop < N) w[stop * LD + stop * G + l] = failed[l];
                for (int k = 0; k <= std::min(stop, N - 1); ++k)
                    for (int i = k; i < (k == stop ? k + 1 : N); ++i) {
                        const R v = w[i * LD + k * G + l];
                        if (upper) a[k + int64_t(i) * lda] = v;
                        else a[i + int64_t(k) * lda] = v;
                    }
            }
        }
    }
    for (int l = 0; l < count; ++l) info[l] = done[l] < N ? done[l] + 1 : 0;
    for (int c = 0; c < rhs.nrhs; ++c) {
        alignas(64) R x[Cap * G];
        for (int i = 0; i < N; ++i)
            for (int l = 0; l < G; ++l) x[i * G + l] = l < count ? rhs.B[l][i + int64_t(c) * rhs.ldb] : R(0);
        for (int k = 0; k < N; ++k) {  // L y = b (w(i, k) = L(i, k))
            for (int l = 0; l < G; ++l) x[k * G + l] /= w[k * LD + k * G + l];
            for (int i = k + 1; i < N; ++i)
                for (int l = 0; l < G; ++l) x[i * G + l] -= x[k * G + l] * w[i * LD + k * G + l];
        }
        for (int k = N - 1; k >= 0; --k) {  // L^T x = y
            for (int l = 0; l < G; ++l) x[k * G + l] /= w[k * LD + k * G + l];
            for (int i = 0; i < k; ++i)
                for (int l = 0; l < G; ++l) x[i * G + l] -= x[k * G + l] * w[k * LD + i * G + l];
        }
        for (int l = 0; l < count; ++l)
            if (done[l] == N)
                for (int i = 0; i < N; ++i) rhs.B[l][i + int64_t(c) * rhs.ldb] = x[i * G + l];
    }
    return true;
}

// One instance of the kernel, with everything it calls inlined into it.
template <class R, class Nt>
BL_SMALL_FLATTEN bool potrf_group_one(Nt N, char uplo, R *const *A, int lda, int *info, int count,
                                      const R *const *next, int next_count, GroupRhs<R> rhs) {
    return potrf_group_kernel(N, uplo, A, lda, info, count, next, next_count, rhs);
}

BL_ISA_END

namespace BL_ISA {
// The orders of ladder::cholesky's group kernel (with_group_order). The caller
// (small_dispatch.cpp) has checked the order and the counts.
template <class R>
bool potrf_group(char uplo, int n, R *const *A, int lda, int *info, int count, const R *const *next, int next_count,
                 GroupRhs<R> rhs) {
    return with_group_order<ladder::cholesky::kGroupFixedMax, ladder::cholesky::kGroupMax>(
        n, [&](auto N) { return potrf_group_one(N, uplo, A, lda, info, count, next, next_count, rhs); });
}

#define BL_CHOLESKY_GROUP(p, R)                                                                   \
    template bool potrf_group<R>(char, int, R *const *, int, int *, int, const R *const *, int, GroupRhs<R>);
#define BL_CHOLESKY_GROUP_REAL(p, T) BL_REAL_ONLY_##p(BL_CHOLESKY_GROUP, T)
BL_PRECISIONS(BL_CHOLESKY_GROUP_REAL)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
