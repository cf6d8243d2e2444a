// The Cholesky group kernel (small.hpp's potrf_group): ?potf2's algorithm on eight matrices at
// once, one per SIMD lane. Compiled once per instruction set (small_dispatch.hpp).
#include "small_isa.hpp"

#include <cstring>

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// A group's lanes in vectors of kLaneBytes (small_isa.hpp: 32 bytes, 64 for complex double's
// AVX-512 unit, ladder::cholesky::kGroupAvx512From): the group kernel's dot products are
// written on them, several rows and columns at a time, because GCC vectorizes the lane loops but
// keeps one chain of dependent FMAs per dot product (see potrf_group_kernel).
template <class R> using Gv = SimdV<R, kLaneBytes<R>>;
template <class R> constexpr int gv_width = simd_width<R, kLaneBytes<R>>;  // lanes in one vector
template <class R> constexpr int gv_count = group_size / gv_width<R>;  // vectors in one group

// t[r][c] := w(i0 + r, j + c) - sum_{k < j} w(i0 + r, k) conj(w(j + c, k)), the sum in k order
// (as potrf_kernel's), for NR rows and NC columns of the interleaved copy w of matrices of T (row
// length LD): NR * NC independent chains of FMAs per lane vector, each row and column group loaded
// once per k.
template <int NR, int NC, class T, class L>
void group_dots(const Real<T> *w, int LD, int i0, int j, L (&t)[NR][NC][gv_count<Real<T>>]) {
    using R = Real<T>;
    constexpr int S = lane_parts<T> * group_size, W = gv_width<R>, P = gv_count<R>;
    for (int r = 0; r < NR; ++r)
        for (int c = 0; c < NC; ++c)
            for (int h = 0; h < P; ++h) t[r][c][h] = lanes_load<L>(w + (i0 + r) * LD + (j + c) * S + h * W);
    for (int k = 0; k < j; ++k) {
        L b[NC][P];
        for (int c = 0; c < NC; ++c)
            for (int h = 0; h < P; ++h) b[c][h] = lanes_load<L>(w + (j + c) * LD + k * S + h * W);
        for (int r = 0; r < NR; ++r)
            for (int h = 0; h < P; ++h) {
                const L a = lanes_load<L>(w + (i0 + r) * LD + k * S + h * W);
                for (int c = 0; c < NC; ++c) t[r][c][h] -= mul_conj(a, b[c][h]);
            }
    }
}

// potrf_kernel's algorithm (small_cholesky.cpp) on group_size matrices at once, matrix l in SIMD
// lane l: the local copy interleaves them (w[i * LD + k * S + l] = L_l(i, k), S = group_size for
// a real type; for a complex one the real part there and the imaginary part group_size further,
// S = 2 group_size: small_detail.hpp's lane_parts; an upper triangle comes in as L = U^H and goes
// back conjugated, the diagonal's imaginary parts as zeros, as zpotrf leaves them), so each scalar
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
// solves L L^H X = B with the factor still in the copy, as ?potrs's two triangular solves (dtrsm's
// order of operations, a division by each diagonal element), over the lanes; B_l of a failed lane
// is left as it was, as posv leaves it.
template <class T, class Nt>
bool potrf_group_kernel(Nt N, char uplo, T *const *A, int lda, int *info, int count, const T *const *next,
                        int next_count, GroupRhs<T> rhs) {
    using R = Real<T>;
    constexpr int G = group_size, Q = lane_parts<T>, S = Q * G, Cap = capacity<Nt>, W = gv_width<R>,
                  P = gv_count<R>;
    // Rows per block: 2 x 2 x P accumulators, 2 x P column and P row vectors fit AVX2's 16
    // registers for a real type; a complex one, twice the vectors, takes one row at a time.
    constexpr int RB = Q == 1 ? 2 : 1;
    using V = Gv<R>;
    using L = LanesOf<T, V>;
    const int LD = (N + 1) * S;
    GroupCopy<R, Cap * (Cap + 1) * S> copy;
    R *const w = copy.get();
    if (!w) return false;
    alignas(64) R failed[G];
    int done[G];
    const bool upper = uplo == 'U';
    // The triangle as segments: column k from row k for 'L', column i down to row i for 'U'
    // (row i of U^H: conjugated on its way), going to row k's column from k, or to row i from
    // column 0, in w.
    const auto segment = [&](int c, int64_t &off, int &len, R *&v, int &stride) {
        off = upper ? int64_t(c) * lda : c + int64_t(c) * lda;
        len = upper ? c + 1 : N - c;
        v = upper ? w + c * LD : w + c * LD + c * S;
        stride = upper ? S : LD;
    };
    // Both copies: whole blocks of gv_width lanes by transposes; the lanes past count get the
    // identity.
    const auto copy_segments = [&](auto in, int l0, int lanes) {
        for (int c = 0; c < N; ++c) {
            int64_t off;
            int len, stride;
            R *v;
            segment(c, off, len, v, stride);
            if (upper) group_column_copy<decltype(in)::value, 32, is_complex<T>>(A, off, len, v, stride, l0, lanes);
            else group_column_copy<decltype(in)::value, 32, false>(A, off, len, v, stride, l0, lanes);
        }
    };
    copy_segments(std::true_type{}, 0, count);
    for (int l = 0; l < G; ++l) done[l] = N;
    for (int l = count; l < G; ++l)
        for (int k = 0; k < N; ++k)
            for (int i = k; i < N; ++i) lane_put(w + i * LD + k * S + l, T(R(i == k)));
    // Column j's diagonal from d (its sum done): the failure test, the square root stored, the
    // reciprocal into r.
    const auto finish_diagonal = [&](int j, const L (&dv)[P], V (&rv)[P]) {
        alignas(64) R d[G], r[G];
        for (int h = 0; h < P; ++h) vstore(d + h * W, real_part(dv[h]));
        bool bad = false;
        for (int l = 0; l < G; ++l) bad |= !(d[l] > R(0));
        if (bad)
            for (int l = 0; l < G; ++l)
                if (!(d[l] > R(0)) && done[l] == N) {
                    done[l] = j;
                    failed[l] = d[l];
                }
        R *ljj = w + j * LD + j * S;
        for (int l = 0; l < G; ++l) {
            const R s = std::sqrt(d[l]);
            ljj[l] = s;
            r[l] = R(1) / s;
        }
        if constexpr (Q == 2)  // the diagonal is real, its imaginary part zero (as zpotrf leaves it)
            for (int l = 0; l < G; ++l) ljj[G + l] = R(0);
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
            L dj[1][1][P], t[1][2][P];
            group_dots<1, 1, T>(w, LD, j, j, dj);
            group_dots<1, 2, T>(w, LD, j + 1, j, t);
            finish_diagonal(j, dj[0][0], rj);
            R *lj1 = w + (j + 1) * LD;
            for (int h = 0; h < P; ++h) {
                const L l = t[0][0][h] * rj[h];
                lanes_store(lj1 + j * S + h * W, l);
                t[0][1][h] -= mul_conj(l, l);
            }
            finish_diagonal(j + 1, t[0][1], rj1);
        }
        const R *lj1 = w + (j + 1) * LD + j * S;
        const auto finish_rows = [&](int i0, auto &t) {
            constexpr int NR = int(sizeof t / sizeof t[0]);
            for (int r = 0; r < NR; ++r) {
                R *li = w + (i0 + r) * LD;
                for (int h = 0; h < P; ++h) {
                    const L l = t[r][0][h] * rj[h];
                    lanes_store(li + j * S + h * W, l);
                    t[r][1][h] -= mul_conj(l, lanes_load<L>(lj1 + h * W));
                    lanes_store(li + (j + 1) * S + h * W, t[r][1][h] * rj1[h]);
                }
            }
        };
        int i = j + 2;
        // Orders below RB + 2 have no whole block under a column pair. Said at compile time: for
        // them, gcc 13 otherwise warns that a block's second row would lie past the copy
        // (-Waggressive-loop-optimizations) in a loop that never runs.
        if constexpr (Cap >= RB + 2)
            for (; i + RB <= N; i += RB) {
                L t[RB][2][P];
                group_dots<RB, 2, T>(w, LD, i, j, t);
                finish_rows(i, t);
            }
        for (; i < N; ++i) {
            L t[1][2][P];
            group_dots<1, 2, T>(w, LD, i, j, t);
            finish_rows(i, t);
        }
    }
    if (j < N) {  // the last column of an odd order: its diagonal only
        for (int l = 0; l < next_count; ++l) prefetch_column(next[l] + int64_t(j) * lda, N);
        L dj[1][1][P];
        V rj[P];
        group_dots<1, 1, T>(w, LD, j, j, dj);
        finish_diagonal(j, dj[0][0], rj);
    }
    // Blocks of gv_width lanes that all succeeded go back by transposes, as they came in; the
    // other lanes element by element, up to where they stopped.
    for (int l0 = 0; l0 < count; l0 += W) {
        const int l1 = std::min(l0 + W, count);
        bool whole = true;
        for (int l = l0; l < l1; ++l) whole &= done[l] == N;
        if (whole) {
            copy_segments(std::false_type{}, l0, l1);
            continue;
        }
        for (int l = l0; l < l1; ++l) {
            T *a = A[l];
            const int stop = done[l];
            if (stop < N) lane_put(w + stop * LD + stop * S + l, T(failed[l]));
            for (int k = 0; k <= std::min(stop, N - 1); ++k)
                for (int i = k; i < (k == stop ? k + 1 : N); ++i) {
                    const T v = lane_get<T>(w + i * LD + k * S + l);
                    if (upper) a[k + int64_t(i) * lda] = cj(v);
                    else a[i + int64_t(k) * lda] = v;
                }
        }
    }
    for (int l = 0; l < count; ++l) info[l] = done[l] < N ? done[l] + 1 : 0;
    // x(i), L(i, k) of lane l.
    const auto lw = [&](int i, int k, int l) { return lane_get<T>(w + i * LD + k * S + l); };
    for (int c = 0; c < rhs.nrhs; ++c) {
        alignas(64) R x[Cap * S];
        const auto xi = [&](int i, int l) { return x + i * S + l; };
        for (int i = 0; i < N; ++i)
            for (int l = 0; l < G; ++l) lane_put(xi(i, l), l < count ? rhs.B[l][i + int64_t(c) * rhs.ldb] : T(0));
        for (int k = 0; k < N; ++k) {  // L y = b
            for (int l = 0; l < G; ++l) lane_put(xi(k, l), lane_get<T>(xi(k, l)) / re(lw(k, k, l)));
            for (int i = k + 1; i < N; ++i)
                for (int l = 0; l < G; ++l)
                    lane_put(xi(i, l), lane_get<T>(xi(i, l)) - mul(lane_get<T>(xi(k, l)), lw(i, k, l)));
        }
        for (int k = N - 1; k >= 0; --k) {  // L^H x = y
            for (int l = 0; l < G; ++l) lane_put(xi(k, l), lane_get<T>(xi(k, l)) / re(lw(k, k, l)));
            for (int i = 0; i < k; ++i)
                for (int l = 0; l < G; ++l)
                    lane_put(xi(i, l), lane_get<T>(xi(i, l)) - mul(lane_get<T>(xi(k, l)), cj(lw(k, i, l))));
        }
        for (int l = 0; l < count; ++l)
            if (done[l] == N)
                for (int i = 0; i < N; ++i) rhs.B[l][i + int64_t(c) * rhs.ldb] = lane_get<T>(xi(i, l));
    }
    return true;
}

// One instance of the kernel, with everything it calls inlined into it.
template <class T, class Nt>
BL_SMALL_FLATTEN bool potrf_group_one(Nt N, char uplo, T *const *A, int lda, int *info, int count,
                                      const T *const *next, int next_count, GroupRhs<T> rhs) {
    return potrf_group_kernel(N, uplo, A, lda, info, count, next, next_count, rhs);
}

BL_ISA_END

namespace BL_ISA {
// The orders of ladder::cholesky's group kernel (with_group_order). The caller
// (small_dispatch.cpp) has checked the order and the counts.
template <class R>
bool potrf_group(char uplo, int n, R *const *A, int lda, int *info, int count, const R *const *next, int next_count,
                 GroupRhs<R> rhs) {
    return with_group_order<R, ladder::cholesky::kGroupFixedMax, ladder::cholesky::kGroupMax<R>>(
        n, [&](auto N) { return potrf_group_one(N, uplo, A, lda, info, count, next, next_count, rhs); });
}

#define BL_CHOLESKY_GROUP(p, R)                                                                   \
    template bool potrf_group<R>(char, int, R *const *, int, int *, int, const R *const *, int, GroupRhs<R>);
BL_PRECISIONS(BL_CHOLESKY_GROUP)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
