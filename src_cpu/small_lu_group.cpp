// The LU group kernel (small.hpp's getrf_group): dgetf2's algorithm on eight real matrices at
// once, one per SIMD lane. Compiled once per instruction set (small_dispatch.hpp).
#include "small_isa.hpp"

#include <cstring>

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// The group kernel moves K x K blocks (K rows of K matrices) through 16-byte vectors, which every
// instruction set has: its copies in and out are transposes between the matrices' columns and the
// interleaved copy. Its pivot search runs on the lanes in 32-byte vectors: written lane by lane,
// or on a group's 64 bytes of doubles as one vector type, GCC 12 compiled it to scalar code
// (compares and mispredicted branches, or spills).
// |v| lane by lane: the sign bit cleared, as std::abs (-V{} is -0 in every lane).
template <class R> SimdV<R, 32> abs(SimdV<R, 32> v) {
    using V = SimdV<R, 32>;
    using M = typename Simd<R, 32>::M;
    return V(M(v) & ~M(-V{}));
}

// getrf_kernel's algorithm (small_lu.cpp) on group_size real square matrices at once, matrix l in
// SIMD lane l: the local copy interleaves them (w[c * LD + i * group_size + l] = A_l(i, c)), so
// each step of getrf_kernel becomes vector operations over the lanes: the pivot search a compare
// and select (the same strict > as getrf_kernel, so the first largest |value| wins and a NaN never
// does unless it is the diagonal), the scaling a multiply (by 1 in a lane whose pivot is zero,
// which leaves its column as getrf_kernel does; a division in a lane whose pivot is below the safe
// minimum), the rank-1 update unchanged; each lane's pivots, info and factors are getrf_kernel's
// up to the contraction of the update into FMAs. The row interchanges differ per lane: they are
// done lane by lane (scalar loads and stores) on the columns from j on only; the finished columns
// of L keep the row order they had when computed, and the copy back to A applies the later
// interchanges (scalar for the rows past the diagonal, which they move; K x K transposes in
// registers for the rows above, as for the whole copy in). Interchanges inside the update (the
// row j vector blended into row p_l of each trailing column) were slower. Lanes past `count`
// factor an identity and are not written back. A column is N + 1 lane groups long, not N: columns
// a multiple of 4 KiB apart make a load wait on an unrelated earlier store with the same low
// address bits (4K aliasing).
// With right-hand sides (gesv: rhs.nrhs of them, at most ladder::lu::kGroupRhsMax), the kernel
// factors the augmented matrix [A_l | B_l]: B's columns follow A's in the copy and take every
// interchange and update, which is getrs's forward solve (its row interchanges, then L's unit
// triangle, as dtrsm orders them); the back substitution with U then runs over the lanes too, and
// each lane's solution goes back to B_l unless its factor is singular (B_l left as it was, as gesv
// leaves it). At the small orders this replaces a call of the one-matrix solve per matrix.
template <class R, class Nt>
bool getrf_group_kernel(Nt N, R *const *A, int lda, int *const *ipiv, int *info, int count, const R *const *next,
                        int next_count, GroupRhs<R> rhs) {
    constexpr int G = group_size, Cap = capacity<Nt>, RhsMax = ladder::lu::kGroupRhsMax;
    const int LD = (N + 1) * G, NC = N + rhs.nrhs;
    GroupCopy<R, Nt, (Cap + RhsMax) * (Cap + 1) * G> copy;
    R *const w = copy.get();
    if (!w) return false;
    int piv[Cap][G], inf[G];
    // K rows of K matrices at a time, transposed in registers rather than element by element; the
    // lanes past count read matrix 0, then get the identity.
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
    for (int c = N; c < NC; ++c)
        for (int l = 0; l < G; ++l) {
            const R *b = rhs.B[l < count ? l : 0] + int64_t(c - N) * rhs.ldb;
            for (int i = 0; i < N; ++i) w[c * LD + i * G + l] = b[i];
        }
    for (int l = count; l < G; ++l)
        for (int c = 0; c < NC; ++c)
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
                for (int c = j; c < NC; ++c) std::swap(w[c * LD + j * G + l], w[c * LD + q * G + l]);
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
        for (int c = j + 1; c < NC; ++c) {
            R *wc = w + c * LD;
            alignas(64) R t[G];
            for (int l = 0; l < G; ++l) t[l] = wc[j * G + l];
            for (int i = j + 1; i < N; ++i)
                for (int l = 0; l < G; ++l) wc[i * G + l] -= col[i * G + l] * t[l];
        }
    }
    // Column c of w holds its rows as they were after interchange c: row i of the result is its
    // row from[i], from composing the interchanges c + 1, ..., N - 1, tracked for all lanes at once
    // rather than as a chain of index swaps per lane.
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
    // U x = y by columns, as dtrsm's upper solve (a division by each diagonal element); rows up
    // to c of column c are final (the later interchanges move rows past c only).
    for (int c = N; c < NC; ++c) {
        R *x = w + c * LD;
        for (int k = N - 1; k >= 0; --k) {
            const R *u = w + k * LD;
            for (int l = 0; l < G; ++l) x[k * G + l] /= u[k * G + l];
            for (int i = 0; i < k; ++i)
                for (int l = 0; l < G; ++l) x[i * G + l] -= x[k * G + l] * u[i * G + l];
        }
        for (int l = 0; l < count; ++l)
            if (inf[l] == 0) {
                R *b = rhs.B[l] + int64_t(c - N) * rhs.ldb;
                for (int i = 0; i < N; ++i) b[i] = x[i * G + l];
            }
    }
    return true;
}

// One instance of the kernel, with everything it calls inlined into it.
template <class R, class Nt>
BL_SMALL_FLATTEN bool getrf_group_one(Nt N, R *const *A, int lda, int *const *ipiv, int *info, int count,
                                      const R *const *next, int next_count, GroupRhs<R> rhs) {
    return getrf_group_kernel(N, A, lda, ipiv, info, count, next, next_count, rhs);
}

BL_ISA_END

namespace BL_ISA {
// The orders of ladder::lu's group kernel (with_group_order). The caller (small_dispatch.cpp) has
// checked the order and the counts.
template <class R>
bool getrf_group(int n, R *const *A, int lda, int *const *ipiv, int *info, int count, const R *const *next,
                 int next_count, GroupRhs<R> rhs) {
    return with_group_order<ladder::lu::kGroupFixedMax, ladder::lu::kGroupMax>(
        n, [&](auto N) { return getrf_group_one(N, A, lda, ipiv, info, count, next, next_count, rhs); });
}

#define BL_LU_GROUP(p, R)                                                                         \
    template bool getrf_group<R>(int, R *const *, int, int *const *, int *, int, const R *const *, int, GroupRhs<R>);
#define BL_LU_GROUP_REAL(p, T) BL_REAL_ONLY_##p(BL_LU_GROUP, T)
BL_PRECISIONS(BL_LU_GROUP_REAL)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
