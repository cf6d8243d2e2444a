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

// The kernels (small_inverse.hpp) for the baseline instruction set, and on x86-64-v4 (AVX-512)
// for real types, where the compiler's vectors of eight doubles make the column loops several
// times faster, and complex ones' larger orders (v4_small); chosen where the kernels use
// AVX-512 (isa.hpp). The padded kernels run in the latter only (kPadded): in the baseline GCC
// splits their vectors of eight into scalar operations (0.2x the LAPACK loop, measured with
// BATCHLAPACK_CPU_ISA=avx2).
namespace base {
constexpr bool kPadded = false;
#include "small_inverse.hpp"
}
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define BL_INVERSE_V4 1
#pragma GCC push_options
#pragma GCC target("arch=x86-64-v4")
namespace v4 {
constexpr bool kPadded = true;
#include "small_inverse.hpp"
}
#pragma GCC pop_options
#endif

// Whether the v4 kernels, the padded ones among them, run for T.
template <class T> bool v4_kernels() {
#ifdef BL_INVERSE_V4
    if constexpr (std::is_floating_point_v<T>) return isa() == Isa::v4;
#endif
    return false;
}

// Whether the in-cache kernels of order n run the v4 unit's: real types at every order, complex
// ones from ladder::inverse::kComplexVectorFrom, where the compiler's AVX-512 vectors pay.
template <class T> bool v4_small([[maybe_unused]] int n) {  // (unused without the v4 unit)
#ifdef BL_INVERSE_V4
    if constexpr (is_complex<T>) return isa() == Isa::v4 && n >= ladder::inverse::kComplexVectorFrom;
#endif
    return v4_kernels<T>();
}

// Whether order n goes to the tiled inverses (tiled.hpp), potri's or (potri false) getri's and
// trtri's: real types from where the padded kernels stop, or where they do not run from
// ladder::inverse::kTiledMinUnpadded; complex types from ladder::inverse's orders for the column
// loops they would otherwise run, the v4 unit's or the baseline's.
template <class T> bool tiled_order(int n, bool potri) {
    namespace inv = ladder::inverse;
    int from = v4_kernels<T>() ? inv::kTiledMin : inv::kTiledMinUnpadded;
    if constexpr (is_complex<T>) {
        if (v4_small<T>(n)) from = potri ? inv::kComplexPotriTiledMin<T> : inv::kComplexTiledMin<T>;
        else from = potri ? inv::kComplexPotriTiledMinBase : inv::kComplexTiledMinBase;
    }
    return tiled::tile<T>() != 0 && n >= from && n <= inv::kTiledMax;
}

// A thread's workspace: the most any matrix needs, the tiled inverses' for the orders that go to
// them (tiled_order's `potri`) and `other(n)` elements for the others (the in-cache kernels' need,
// none for LAPACK's orders: so not the need of the largest order); empty matrices need none.
template <class T, class Op, class Other> int64_t inverse_workspace(const Op &op, bool potri, Other &&other) {
    int64_t need = 0;
    for (int64_t i = 0; i < (op.n.variable ? op.b.count : 1); ++i)
        if (const int n = op.n[i]; n > 0)
            need = std::max(need, tiled_order<T>(n, potri) ? tiled::inverse_workspace<T>(n) : int64_t(other(n)));
    return need;
}

// The 1-based position of the first exactly zero diagonal element of A, 0 if none: LAPACK's
// trtri looks at the whole diagonal before it writes anything, and so do these kernels' callers.
template <class T> int zero_diagonal(int n, const T *A, int lda) {
    for (int j = 0; j < n; ++j)
        if (A[int64_t(j) * lda + j] == T(0)) return j + 1;
    return 0;
}

// `call` on the kernels of the instruction set in use for order n.
#ifdef BL_INVERSE_V4
#define BL_INVERSE_BY_ISA(call)                                                                   \
    if (v4_small<T>(n)) return v4::call;                                                         \
    return base::call;
#else
#define BL_INVERSE_BY_ISA(call) return base::call;
#endif
template <class T> void small_trtri(char uplo, char diag, int n, T *A, int lda) {
    BL_INVERSE_BY_ISA(small_trtri(uplo, diag, n, A, lda))
}
template <class T> void small_getri(int n, T *A, int lda, const int *ipiv, T *work) {
    BL_INVERSE_BY_ISA(small_getri(n, A, lda, ipiv, work))
}
template <class T> void small_potri(char uplo, int n, T *A, int lda, T *work) {
    BL_INVERSE_BY_ISA(small_potri(uplo, n, A, lda, work))
}
#undef BL_INVERSE_BY_ISA

}  // namespace

// getri's workspace: beside the tiled kernel's, n * 64 elements, enough for LAPACK's blocked code
// at ilaenv's usual block size of 64 (with less, getri takes narrower blocks or its unblocked
// code). Worked out here rather than asked of LAPACK, as everywhere in this backend
// (docs/decisions.md, "Empty matrices never reach LAPACK").
template <class T, class Op> int64_t getri_workspace(const Op &op) {
    return inverse_workspace<T>(op, false, [](int n) { return int64_t(n) * 64; });
}

// One matrix's inverse from its LU factors, in place; an empty matrix reaches neither the kernel
// nor LAPACK.
template <class T> void invert_lu(int n, T *A, int lda, const int *ipiv, int *info, ThreadWork<T> &work) {
    *info = 0;
    if (n == 0) return;
    const bool tiled = tiled_order<T>(n, false);
    if (!tiled && n > kSmallInverse) return lapack::getri(n, A, lda, ipiv, work.get(), work.size(), info);
    if ((*info = zero_diagonal(n, A, lda)) != 0) return;
    if (tiled)
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
    ThreadWork<T> work(inverse_workspace<T>(op, false, [](int) { return 0; }));
    for_each_matrix(op, [&](int64_t i) {
        const int n = op.n[i], lda = op.A.ld[i];
        T *A = op.A[i];
        int *info = &op.b.info[i];
        *info = 0;
        if (n == 0) return;
        const bool tiled = tiled_order<T>(n, false);
        if (!tiled && n > kSmallInverse) return lapack::trtri(uplo, diag, n, A, lda, info);
        if (diag == 'N' && (*info = zero_diagonal(n, A, lda)) != 0) return;
        if (tiled)
            tiled::trtri(uplo, diag, n, A, lda, work.get());
        else
            small_trtri(uplo, diag, n, A, lda);
    });
    return 0;
}
BL_INSTANTIATE_RUN(Trtri)

template <class T> int run(const Potri<T> &op) {
    const char uplo = op.uplo.value;
    ThreadWork<T> work(
        inverse_workspace<T>(op, true, [](int n) { return n <= kSmallInverse ? base::small_potri_workspace<T>(n) : 0; }));
    // LAPACK's potri on a copy with slack in complex types (parallel.hpp's SlackCopy): OpenBLAS's
    // complex dot kernel, which its lauum takes along the rows of U, reads past the row's last
    // element, so that cpotri 'U' of order 1030 (and of 65-500 where the tiled inverses do not
    // run) faulted on a matrix that ends just before an unmapped page.
    auto lapack_order = [&](int n) { return n > kSmallInverse && !tiled_order<T>(n, true); };
    SlackCopy<T> copy(op, [&](int64_t i) { return lapack_order(op.n[i]); });
    for_each_matrix(op, [&](int64_t i) {
        const int n = op.n[i], lda = op.A.ld[i];
        T *A = op.A[i];
        int *info = &op.b.info[i];
        *info = 0;
        if (n == 0) return;
        if (lapack_order(n))
            return copy.run(n, n, A, lda, [&](T *a, int ld) { lapack::potri(uplo, n, a, ld, info); });
        const bool tiled = tiled_order<T>(n, true);
        if ((*info = zero_diagonal(n, A, lda)) != 0) return;
        if (tiled)
            tiled::potri(uplo, n, A, lda, work.get());
        else
            small_potri(uplo, n, A, lda, work.get());
    });
    return 0;
}
BL_INSTANTIATE_RUN(Potri)

}  // namespace cpu
}  // namespace bl
