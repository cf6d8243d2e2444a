// The LU group kernel (small.hpp's getrf_group): ?getf2's algorithm on eight matrices at once,
// one per SIMD lane. Compiled once per instruction set (small_dispatch.hpp).
#include "small_isa.hpp"

#include <cmath>
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

// Rows from .. rows - 1 of a column of the group kernels' copy (lane l's element of row i at
// col + i S + l, its imaginary part group_size further for a complex type) times r, lane by lane
// (r's imaginary parts group_size further too): getrf_group_kernel's scaling of a column of L.
// Where the processor has FMAs, a complex product's parts take one each, spelled out: left to
// the compiler's contraction, the same loop rounded differently inlined in the kernel and out of
// line (aarch64), and a tiny pivot in one matrix changed the others' factors.
template <class T> inline void scale_lanes(Real<T> *col, const Real<T> *r, int from, int rows) {
    using R = Real<T>;
    constexpr int G = group_size, S = lane_parts<T> * G;
    for (int i = from; i < rows; ++i) {
        R *e = col + i * S;
        if constexpr (!is_complex<T>) {
            for (int l = 0; l < G; ++l) e[l] *= r[l];
        } else {
            for (int l = 0; l < G; ++l) {
                const R xr = e[l], xi = e[G + l];
#if defined(__FMA__) || defined(__aarch64__)
                e[l] = std::fma(xr, r[l], -(xi * r[G + l]));
                e[G + l] = std::fma(xr, r[G + l], xi * r[l]);
#else
                e[l] = xr * r[l] - xi * r[G + l];
                e[G + l] = xr * r[G + l] + xi * r[l];
#endif
            }
        }
    }
}

// The same where some lanes' pivots d are below the safe minimum (or NaN): those lanes are
// divided by their pivot instead, from their elements kept before. Every other lane goes through
// scale_lanes as it does where no pivot is tiny, so that a tiny or NaN pivot in one matrix
// changes no bit of the others. Out of line: the case is rare, and its copy cost the kernel's
// frame (zgetrf 16 -10%).
template <class T, int Cap>
[[gnu::noinline, gnu::cold]] void scale_lanes_tiny(Real<T> *col, const Real<T> *r, const T *d, int from, int rows) {
    constexpr int G = group_size, S = lane_parts<T> * G;
    const Real<T> sfmin = std::numeric_limits<Real<T>>::min();
    T kept[Cap][G];
    for (int i = from; i < rows; ++i)
        for (int l = 0; l < G; ++l) kept[i][l] = lane_get<T>(col + i * S + l);
    scale_lanes<T>(col, r, from, rows);
    for (int l = 0; l < G; ++l)
        if (d[l] != T(0) && !(std::abs(d[l]) >= sfmin))
            for (int i = from; i < rows; ++i) lane_put(col + i * S + l, kept[i][l] / d[l]);
}

// getrf_kernel's algorithm (small_lu.cpp) on group_size square matrices at once, matrix l in
// SIMD lane l: the local copy interleaves them (w[c * LD + i * S + l] = A_l(i, c), S = group_size
// for a real type; for a complex one the real part there and the imaginary part group_size
// further, S = 2 group_size: small_detail.hpp's lane_parts), so
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
template <class T, class Nt>
bool getrf_group_kernel(Nt N, T *const *A, int lda, int *const *ipiv, int *info, int count, const T *const *next,
                        int next_count, GroupRhs<T> rhs) {
    using R = Real<T>;
    constexpr int G = group_size, Q = lane_parts<T>, S = Q * G, Cap = capacity<Nt>, RhsMax = ladder::lu::kGroupRhsMax;
    const int LD = (N + 1) * S, NC = N + rhs.nrhs;
    GroupCopy<R, (Cap + RhsMax) * (Cap + 1) * S> copy;
    R *const w = copy.get();
    if (!w) return false;
    int piv[Cap][G], inf[G];
    for (int l = 0; l < G; ++l) inf[l] = 0;
    using LV = SimdV<R, 32>;
    constexpr int W = simd_width<R, 32>, P = G / W;
    for (int c = 0; c < N; ++c) group_column_copy<true>(A, int64_t(c) * lda, N, w + c * LD, S, 0, count);
    for (int c = N; c < NC; ++c) group_column_copy<true>(rhs.B, int64_t(c - N) * rhs.ldb, N, w + c * LD, S, 0, count);
    for (int l = count; l < G; ++l)  // lanes past count: the identity
        for (int c = 0; c < NC; ++c)
            for (int i = 0; i < N; ++i) lane_put(w + c * LD + i * S + l, T(R(i == c)));
    const R sfmin = std::numeric_limits<R>::min();
    // x := x - a t for the lanes of elements x and a of the copy, t's lanes held apart (real parts
    // at t, imaginary parts at t + G): the rank-1 update's and the back substitution's step, in
    // the order of the one-matrix kernel's mul.
    const auto sub_mul = [](R *x, const R *a, const R *t) {
        for (int l = 0; l < G; ++l) {
            if constexpr (Q == 1) {
                x[l] -= a[l] * t[l];
            } else {
                const R ar = a[l], ai = a[G + l];
                x[l] -= ar * t[l] - ai * t[G + l];
                x[G + l] -= ar * t[G + l] + ai * t[l];
            }
        }
    };
    // Step j's pivot (piv[j]) by the lanes' i?amax over rows j.. of column j, and its row
    // interchange in the columns from j on, lane by lane.
    const auto pivot = [&](int j) {
        const R *col = w + j * LD;
        alignas(64) R p[G];
        LV pv[P];
        // |x| as i?amax compares it, on W lanes of an element: |re| + |im| for a complex one.
        const auto magnitude = [&](int i, int h) {
            const R *e = col + i * S + h * W;
            LV v = abs<R>(vload<LV>(e));
            if constexpr (Q == 2) v += abs<R>(vload<LV>(e + G));
            return v;
        };
        for (int h = 0; h < P; ++h) {
            LV best = magnitude(j, h);
            pv[h] = LV{} + R(j);
            for (int i = j + 1; i < N; ++i) {
                const LV v = magnitude(i, h);
                const auto larger = v > best;
                best = larger ? v : best;
                pv[h] = larger ? LV{} + R(i) : pv[h];
            }
        }
        std::memcpy(p, &pv, sizeof pv);
        for (int l = 0; l < G; ++l) {
            const int q = piv[j][l] = int(p[l]);
            if (q != j)
                for (int c = j; c < NC; ++c)
                    for (int k = 0; k < Q; ++k) std::swap(w[c * LD + j * S + k * G + l], w[c * LD + q * S + k * G + l]);
        }
    };
    // Step j's column of L: rows j + 1.. of column j divided by its pivot; info.
    const auto scale = [&](int j) {
        R *col = w + j * LD;
        alignas(64) R r[S];
        T d[G];
        bool tiny = false;
        for (int l = 0; l < G; ++l) d[l] = lane_get<T>(col + j * S + l);
        if constexpr (Q == 1) {
            for (int l = 0; l < G; ++l) {
                r[l] = d[l] == R(0) ? R(1) : R(1) / d[l];
                tiny |= (d[l] != R(0)) & !(std::abs(d[l]) >= sfmin);
            }
        } else {
            // 1 / d by Smith's algorithm over the lanes (the quotient of the smaller part by the
            // larger, so that nothing overflows before the result does), as selects rather than
            // branches; std::complex's division, a library call per lane, took more time than the
            // rest of the step at order 4. |d| >= sfmin holds where |re| + |im| >= 2 sfmin; std::abs
            // (a hypot) decides the lanes below.
            for (int l = 0; l < G; ++l) {
                const R a = re(d[l]), b = im(d[l]);
                const bool wide = std::abs(a) >= std::abs(b);
                const R big = wide ? a : b, small = wide ? b : a;
                const R t = small / big, inv = R(1) / (big + small * t);
                const bool zero = d[l] == T(0);
                r[l] = zero ? R(1) : wide ? inv : t * inv;
                r[G + l] = zero ? R(0) : wide ? -t * inv : -inv;
            }
            for (int l = 0; l < G; ++l)
                tiny |= d[l] != T(0) && !(abs1(d[l]) >= 2 * sfmin) && !(std::abs(d[l]) >= sfmin);
        }
        if (!tiny) scale_lanes<T>(col, r, j + 1, N);
        else scale_lanes_tiny<T, Cap>(col, r, d, j + 1, N);
        for (int l = 0; l < G; ++l) inf[l] = (d[l] == T(0)) & (inf[l] == 0) ? j + 1 : inf[l];
    };
    // Step j's rank-1 update of columns c0 .. c1 - 1, rows j + 1 ...
    const auto update = [&](int j, int c0, int c1) {
        const R *col = w + j * LD;
        for (int c = c0; c < c1; ++c) {
            R *wc = w + c * LD;
            alignas(64) R t[S];
            for (int k = 0; k < S; ++k) t[k] = wc[j * S + k];
            for (int i = j + 1; i < N; ++i) sub_mul(wc + i * S, col + i * S, t);
        }
    };
    // One step at a time (complex types, and real ones below ladder::lu::kGroupPairsFrom), or
    // steps in pairs, so that each trailing column is read and written once per two steps: step j
    // updates column j + 1 alone, step j + 1 pivots on it, and both then update the columns past
    // it in one pass (a rank-2 update). Step j + 1's interchange reaches those columns before step
    // j's update does, so that update takes step j's multipliers with the same two rows exchanged
    // (lj); each element still gets step j's multiply-add, then step j + 1's, as one step at a
    // time does.
    if (Q == 2 || N < ladder::lu::kGroupPairsFrom) {
        for (int j = 0; j < N; ++j) {
            for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(j) * lda, N);
            pivot(j);
            scale(j);
            update(j, j + 1, NC);
        }
    } else if constexpr (Q == 1) {
        // x := x - a t - b u for the lanes, x held in registers between the two.
        const auto sub_mul2 = [](R *x, const R *a, const R *t, const R *b, const R *u) {
            for (int l = 0; l < G; ++l) {
                R v = x[l];
                v -= a[l] * t[l];
                v -= b[l] * u[l];
                x[l] = v;
            }
        };
        alignas(64) R lj[Cap * S];
        for (int j = 0; j < N; j += 2) {
            const int j1 = j + 1;
            for (int l = 0; l < next_count; ++l) {
                prefetch_column(next[l] + int64_t(j) * lda, N);
                if (j1 < N) prefetch_column(next[l] + int64_t(j1) * lda, N);
            }
            pivot(j);
            scale(j);
            if (j1 == N) {  // an odd order's last step
                update(j, j1, NC);
                break;
            }
            update(j, j1, j1 + 1);
            pivot(j1);
            const R *col = w + j * LD, *col1 = w + j1 * LD;
            for (int i = j1; i < N; ++i)
                for (int k = 0; k < S; ++k) lj[i * S + k] = col[i * S + k];
            for (int l = 0; l < G; ++l) {
                const int q = piv[j1][l];
                if (q != j1) std::swap(lj[j1 * S + l], lj[q * S + l]);
            }
            scale(j1);
            for (int c = j1 + 1; c < NC; ++c) {
                R *wc = w + c * LD;
                alignas(64) R t[S], t1[S];
                for (int k = 0; k < S; ++k) t[k] = wc[j * S + k];
                sub_mul(wc + j1 * S, lj + j1 * S, t);
                for (int k = 0; k < S; ++k) t1[k] = wc[j1 * S + k];
                for (int i = j1 + 1; i < N; ++i) sub_mul2(wc + i * S, lj + i * S, t, col1 + i * S, t1);
            }
        }
    }
    // Column c of w holds its rows as they were after interchange c: row i of the result is its
    // row from[i], from composing the interchanges c + 1, ..., N - 1, tracked for all lanes at once
    // rather than as a chain of index swaps per lane.
    int from[Cap][G];
    for (int i = 0; i < N; ++i)
        for (int l = 0; l < G; ++l) from[i][l] = i;
    for (int c = N - 1; c >= 0; --c) {
        const R *wc = w + c * LD;
        const int64_t off = int64_t(c) * lda;
        // Rows up to c are in place (the later interchanges move rows past c only).
        group_column_copy<false>(A, off, c + 1, const_cast<R *>(wc), S, 0, count);
        for (int l = 0; l < count; ++l) {
            T *a = A[l] + off;
            for (int i = c + 1; i < N; ++i) a[i] = lane_get<T>(wc + from[i][l] * S + l);
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
    // U x = y by columns, as ?trsm's upper solve (a division by each diagonal element); rows up
    // to c of column c are final (the later interchanges move rows past c only).
    for (int c = N; c < NC; ++c) {
        R *x = w + c * LD;
        for (int k = N - 1; k >= 0; --k) {
            const R *u = w + k * LD;
            alignas(64) R t[S];
            if constexpr (Q == 1) {
                for (int l = 0; l < G; ++l) t[l] = x[k * G + l] /= u[k * G + l];
            } else {
                for (int l = 0; l < G; ++l) {
                    lane_put(x + k * S + l, lane_get<T>(x + k * S + l) / lane_get<T>(u + k * S + l));
                    lane_put(t + l, lane_get<T>(x + k * S + l));
                }
            }
            for (int i = 0; i < k; ++i) sub_mul(x + i * S, u + i * S, t);
        }
        for (int l = 0; l < count; ++l)
            if (inf[l] == 0) {
                T *b = rhs.B[l] + int64_t(c - N) * rhs.ldb;
                for (int i = 0; i < N; ++i) b[i] = lane_get<T>(x + i * S + l);
            }
    }
    return true;
}

// One instance of the kernel, with everything it calls inlined into it.
template <class T, class Nt>
BL_SMALL_FLATTEN bool getrf_group_one(Nt N, T *const *A, int lda, int *const *ipiv, int *info, int count,
                                      const T *const *next, int next_count, GroupRhs<T> rhs) {
    return getrf_group_kernel(N, A, lda, ipiv, info, count, next, next_count, rhs);
}

BL_ISA_END

namespace BL_ISA {
// The orders of ladder::lu's group kernel (with_group_order). The caller (small_dispatch.cpp) has
// checked the order and the counts.
template <class R>
bool getrf_group(int n, R *const *A, int lda, int *const *ipiv, int *info, int count, const R *const *next,
                 int next_count, GroupRhs<R> rhs) {
    return with_group_order<R, ladder::lu::kGroupFixedMax, ladder::lu::kGroupMax<R>>(
        n, [&](auto N) { return getrf_group_one(N, A, lda, ipiv, info, count, next, next_count, rhs); });
}

#define BL_LU_GROUP(p, R)                                                                         \
    template bool getrf_group<R>(int, R *const *, int, int *const *, int *, int, const R *const *, int, GroupRhs<R>);
BL_PRECISIONS(BL_LU_GROUP)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
