// CPU backend: the inverses -- getri and getri_oop from getrf's factors, trtri, potri from potrf's
// factor.
#include "backend.hpp"
#include "isa.hpp"
#include "ladder.hpp"
#include "lapack.hpp"
#include "parallel.hpp"
#include "tiled.hpp"

#include <algorithm>
#include <complex>
#include <type_traits>

namespace bl {
namespace cpu {
namespace {

constexpr int kSmallInverse = ladder::inverse::kSmallMax;

// Whether order n goes to the tiled inverses (tiled.hpp).
template <class T> bool tiled_order(int n) {
    return tiled::available<T>() && n >= ladder::inverse::kTiledMin && n <= ladder::inverse::kTiledMax;
}

// A thread's workspace: the most any matrix needs, the tiled inverses' for the orders that go to
// them and `other(n)` elements for the others (the in-cache kernels' need, none for LAPACK's
// orders: so not the need of the largest order); empty matrices need none.
template <class T, class Op, class Other> int64_t inverse_workspace(const Op &op, Other &&other) {
    int64_t need = 0;
    for (int64_t i = 0; i < (op.n.variable ? op.b.count : 1); ++i)
        if (const int n = op.n[i]; n > 0)
            need = std::max(need, tiled_order<T>(n) ? tiled::inverse_workspace<T>(n) : int64_t(other(n)));
    return need;
}

// The 1-based position of the first exactly zero diagonal element of A, 0 if none: LAPACK's
// trtri looks at the whole diagonal before it writes anything, and so do these kernels' callers.
template <class T> int zero_diagonal(int n, const T *A, int lda) {
    for (int j = 0; j < n; ++j)
        if (A[int64_t(j) * lda + j] == T(0)) return j + 1;
    return 0;
}

// The kernels (small_inverse.hpp) for the baseline instruction set, and for real types on
// x86-64-v4 (AVX-512), where the compiler's vectors of eight doubles make the column loops several
// times faster; chosen where the kernels use AVX-512 (isa.hpp).
namespace base {
#include "small_inverse.hpp"
}
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define BL_INVERSE_V4 1
#pragma GCC push_options
#pragma GCC target("arch=x86-64-v4")
namespace v4 {
#include "small_inverse.hpp"
}
#pragma GCC pop_options
#endif

template <class T> void small_trtri(char uplo, char diag, int n, T *A, int lda) {
#ifdef BL_INVERSE_V4
    if constexpr (std::is_floating_point_v<T>)
        if (isa() == Isa::v4) return v4::small_trtri(uplo, diag, n, A, lda);
#endif
    base::small_trtri(uplo, diag, n, A, lda);
}
template <class T> void small_getri(int n, T *A, int lda, const int *ipiv, T *work) {
#ifdef BL_INVERSE_V4
    if constexpr (std::is_floating_point_v<T>)
        if (isa() == Isa::v4) return v4::small_getri(n, A, lda, ipiv, work);
#endif
    base::small_getri(n, A, lda, ipiv, work);
}
template <class T> void small_lauum(int n, T *A, int lda, T *work) {
#ifdef BL_INVERSE_V4
    if constexpr (std::is_floating_point_v<T>)
        if (isa() == Isa::v4) return v4::small_lauum(n, A, lda, work);
#endif
    base::small_lauum(n, A, lda, work);
}

}  // namespace

// getri's workspace: beside the tiled kernel's, n * 64 elements, enough for LAPACK's blocked code
// at ilaenv's usual block size of 64 (with less, getri takes narrower blocks or its unblocked
// code). Worked out here rather than asked of LAPACK, as everywhere in this backend
// (docs/decisions.md, "Empty matrices never reach LAPACK").
template <class T, class Op> int64_t getri_workspace(const Op &op) {
    return inverse_workspace<T>(op, [](int n) { return int64_t(n) * 64; });
}

// One matrix's inverse from its LU factors, in place; an empty matrix reaches neither the kernel
// nor LAPACK.
template <class T> void invert_lu(int n, T *A, int lda, const int *ipiv, int *info, ThreadWork<T> &work) {
    *info = 0;
    if (n == 0) return;
    if (!tiled_order<T>(n) && n > kSmallInverse) return lapack::getri(n, A, lda, ipiv, work.get(), work.size(), info);
    if ((*info = zero_diagonal(n, A, lda)) != 0) return;
    if (tiled_order<T>(n))
        tiled::getri(n, A, lda, ipiv, work.get());
    else
        small_getri(n, A, lda, ipiv, work.get());
}

template <class T> int run(const Getri<T> &op) {
    ThreadWork<T> work(getri_workspace<T>(op));
    for_each_matrix(op, [&](int64_t i) { invert_lu(op.n[i], op.A[i], op.A.ld[i], op.ipiv[i], &op.b.info[i], work); });
    return 0;
}
BL_INSTANTIATE_RUN(Getri)

// Out of place: the factors copied into C, then inverted there (C keeps the copy when U is
// singular, as the table's text says).
template <class T> int run(const GetriOop<T> &op) {
    ThreadWork<T> work(getri_workspace<T>(op));
    for_each_matrix(op, [&](int64_t i) {
        const int n = op.n[i], lda = op.A.ld[i], ldc = op.C.ld[i];
        const T *a = op.A[i];
        T *c = op.C[i];
        for (int j = 0; j < n; ++j) std::copy(a + int64_t(j) * lda, a + int64_t(j) * lda + n, c + int64_t(j) * ldc);
        invert_lu(n, c, ldc, op.ipiv[i], &op.b.info[i], work);
    });
    return 0;
}
BL_INSTANTIATE_RUN(GetriOop)

template <class T> int run(const Trtri<T> &op) {
    const char uplo = op.uplo.value, diag = op.diag.value;
    ThreadWork<T> work(inverse_workspace<T>(op, [](int) { return 0; }));
    for_each_matrix(op, [&](int64_t i) {
        const int n = op.n[i], lda = op.A.ld[i];
        T *A = op.A[i];
        int *info = &op.b.info[i];
        *info = 0;
        if (n == 0) return;
        if (!tiled_order<T>(n) && n > kSmallInverse) return lapack::trtri(uplo, diag, n, A, lda, info);
        if (diag == 'N' && (*info = zero_diagonal(n, A, lda)) != 0) return;
        if (tiled_order<T>(n))
            tiled::trtri(uplo, diag, n, A, lda, work.get());
        else
            small_trtri(uplo, diag, n, A, lda);
    });
    return 0;
}
BL_INSTANTIATE_RUN(Trtri)

// The conjugate transpose of the lower triangle of the n x n `from` into the upper triangle of
// `to` (or back, `up` false), leading dimensions lf and lt.
template <class T> void turn_triangle(bool up, int n, const T *from, int lf, T *to, int lt) {
    for (int c = 0; c < n; ++c)
        for (int r = up ? c : 0; r < (up ? n : c + 1); ++r)
            to[int64_t(r) * lt + c] = base::conj_of(from[int64_t(c) * lf + r]);
}

// potri is trtri of the factor, then the product of the inverse with its conjugate transpose
// (LAPACK's lauum). In the kernels' range, a lower factor L is turned into the upper U = L^H in
// the thread's workspace (inv(U^H U) is the same matrix) and the result turned back: the upper
// product's loops run down contiguous columns, the lower one's would be dot products, which the
// compiler may not vectorize (measured 0.8x the LAPACK loop at 32-64 that way).
template <class T> int run(const Potri<T> &op) {
    const char uplo = op.uplo.value;
    ThreadWork<T> work(inverse_workspace<T>(op, [](int n) { return n <= kSmallInverse ? int64_t(n) * (n + 1) : 0; }));
    for_each_matrix(op, [&](int64_t i) {
        const int n = op.n[i], lda = op.A.ld[i];
        T *A = op.A[i];
        int *info = &op.b.info[i];
        *info = 0;
        if (n == 0) return;
        if (!tiled_order<T>(n) && n > kSmallInverse) return lapack::potri(uplo, n, A, lda, info);
        if ((*info = zero_diagonal(n, A, lda)) != 0) return;
        if (tiled_order<T>(n)) return tiled::potri(uplo, n, A, lda, work.get());
        T *u = A, *w = work.get();
        int ldu = lda;
        if (uplo == 'L') {
            u = w + n, ldu = n;
            turn_triangle(true, n, A, lda, u, ldu);
        }
        small_trtri('U', 'N', n, u, ldu);
        small_lauum(n, u, ldu, w);
        if (uplo == 'L') turn_triangle(false, n, u, ldu, A, lda);
    });
    return 0;
}
BL_INSTANTIATE_RUN(Potri)

}  // namespace cpu
}  // namespace bl
