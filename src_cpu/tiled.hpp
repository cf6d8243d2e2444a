// The CPU backend's own LU and Cholesky factorizations for the orders of ladder::tiled (uniform
// batches go to the group kernels of small.hpp first), where the system LAPACK's blocked routines
// run one matrix per core well below what the core's GEMM does. The blocked QR (qr.cpp) applies
// its block reflectors through the same register kernel (apply_reflector) and factors its panels
// here too (qr_panel, on the same vectors), and the inverses
// (inverse.cpp: trtri, getri, potri) and getrf_np (lu_np.cpp) run on it too.
//
// Each matrix is copied into a workspace padded to a whole number of vectors and factored there
// left-looking in tiles of a few vectors of rows (tile(): 16 rows for double on AVX-512, 8 on
// AVX2 and NEON): block columns of kOuter tiles are brought up to date by one product with
// everything left of them, then factored a tile's width at a time, each tile brought up to date
// by the columns of its outer block left of it. A block column is copied in when its turn comes,
// its lines of A prefetched during the block column before, so that the copy overlaps the
// arithmetic (and Cholesky's goes back to A as soon as it is finished). Every product runs on a register kernel that keeps
// a tile of C (a tile's rows by up to 8 columns) in vector registers across the whole product; the
// triangular solves with a diagonal block go through that block's inverse, on the same kernel.
// Results follow LAPACK's definitions (the same pivots, the same info, the same storage of the
// factors); the values differ from LAPACK's by rounding only.
//
// One source (tiled.cpp, on the vectors of simd.hpp) is compiled for each instruction set of
// BATCHLAPACK_TILED_ISAS (cmake/units.cmake): x86-64-v4 (AVX-512) and x86-64-v3 (AVX2, FMA), or
// aarch64's NEON; the functions below call the unit of the instruction set in use (isa.hpp). The
// kernels take square matrices, in every precision (complex elements stay interleaved as
// std::complex stores them; tiled.cpp's kernel says how it multiplies them). The caller falls
// back to the system LAPACK wherever covers() says no (x86-64 processors without AVX2).
#pragma once

#include "args.hpp"

#include <algorithm>
#include <cstdint>

namespace bl {
namespace cpu {
namespace tiled {

// The widest block reflector apply_reflector takes.
constexpr int kReflectorMax = 32;

// The entry points of the kernels, listed once: X(T, return type, name, (parameters), (arguments),
// what the dispatching function returns where no unit runs). Each instruction set's unit
// (tiled.cpp) defines them in its namespace (base, v3, v4, declared below) and instantiates them
// from this list for every precision; tiled_dispatch.cpp defines and instantiates the functions
// of this namespace, which call the unit of the instruction set in use, from it too.
// (Block comments: a line comment would swallow the continuation lines.)
#define BL_TILED_ENTRIES(X, T)                                                                    \
    /* Rows of the kernels' tiles for T with the instruction set in use; 0 where no unit runs. \
       */                                                                                         \
    X(T, int, tile, (), (), 0)                                                                    \
    /* Elements of T a thread's workspace needs for order n (the padded copy, the inverted       \
       diagonal blocks, Cholesky's packed rows where packed, alignment). */                       \
    X(T, int64_t, workspace, (int n), (n), 0)                                                     \
    /* LU with partial pivoting of the n x n matrix A (leading dimension lda), as LAPACK's       \
       getrf: the factors overwrite A, ipiv[0..n) the 1-based pivot rows, *info is 0 or the      \
       first zero pivot (1-based). `work` holds workspace<T>(n) elements. Only for orders        \
       covers() accepts. */                                                                       \
    X(T, void, getrf, (int n, T *A, int lda, int *ipiv, int *info, T *work), (n, A, lda, ipiv, info, work), void()) \
    /* Cholesky factorization of the symmetric (Hermitian) positive definite n x n matrix A, as \
       LAPACK's potrf: the triangle uplo ('L' or 'U') is read and overwritten by the factor, the other is \
       not referenced; *info is 0, or k when the leading minor of order k is not positive        \
       definite (the factorization stops there). `work` as for getrf. */                         \
    X(T, void, potrf, (char uplo, int n, T *A, int lda, int *info, T *work), (uplo, n, A, lda, info, work), void()) \
    /* LU without pivoting of the n x n matrix A, as getrf_np (lu_np.cpp): getrf's steps above   \
       with every pivot on the diagonal; *info is the first exactly zero pivot (1-based), the    \
       factorization going on past it. `work` as for getrf. Only for orders covers() accepts. */ \
    X(T, void, getrf_np, (int n, T *A, int lda, int *info, T *work), (n, A, lda, info, work), void()) \
    /* Elements of T that apply_reflector needs for `rows` rows. */                               \
    X(T, int64_t, reflector_workspace, (int rows), (rows), 0)                                     \
    /* C = H^H C for the block reflector H = H(1) ... H(b) = I - V T V^H of a QR panel, as       \
       LAPACK's larft ('F', 'C') and then larfb ('L', 'C', 'F', 'C') (H^T for real T): V is the  \
       rows x b unit lower trapezoid below the diagonal of a (leading dimension lda; the         \
       diagonal and what is above it are not read), tau[0..b) its scalar factors, C rows x cols  \
       (leading dimension ldc), b <= kReflectorMax. `work` holds reflector_workspace(rows)       \
       elements. Only where tile() is not 0. */                                                   \
    X(T, void, apply_reflector,                                                                   \
      (int rows, int cols, int b, const T *a, int lda, const T *tau, T *c, int ldc, T *work),     \
      (rows, cols, b, a, lda, tau, c, ldc, work), void())                                       \
    /* geqr2 of the rows x b panel a (leading dimension lda, rows >= b), in place, as LAPACK's   \
       geqr2: the same reflectors, tau[0..b) and R up to rounding. Returns the columns it       \
       factored: b, or fewer where a column's larfg needs LAPACK's care (larfg.hpp: a tiny or    \
       huge norm, a NaN, an Inf), which the caller factors from there with geqr2 (the columns    \
       before it are done and their reflectors applied to it); 0 where no unit runs. */          \
    X(T, int, qr_panel, (int rows, int b, T *a, int lda, T *tau), (rows, b, a, lda, tau), 0)    \
    /* The inverses of inverse.cpp, any order, where tile() is not 0: the triangle              \
       is copied into a workspace padded to whole tiles and inverted there by LAPACK's blocked   \
       algorithms (trtri by block columns, getri's solve with L by block columns from the right, \
       lauum), every product on the register kernel. Each assumes its checks done (no zero on   \
       U's diagonal) and needs inverse_workspace(n) elements of `work`. */                       \
    X(T, int64_t, inverse_workspace, (int n), (n), 0)                                             \
    /* The inverse of the n x n triangular A (uplo 'U' or 'L', diag 'N' or 'U'), in place, as    \
       trtri. */                                                                                  \
    X(T, void, trtri, (char uplo, char diag, int n, T *A, int lda, T *work), (uplo, diag, n, A, lda, work), void()) \
    /* The inverse of A from getrf's factors and pivots (ipiv, 1-based), in place, as getri. */  \
    X(T, void, getri, (int n, T *A, int lda, const int *ipiv, T *work), (n, A, lda, ipiv, work), void()) \
    /* The inverse of U^H U (uplo 'U') or L L^H ('L') from potrf's factor, in its triangle, as   \
       potri (U^T U, L L^T for real types). */                                                    \
    X(T, void, potri, (char uplo, int n, T *A, int lda, T *work), (uplo, n, A, lda, work), void())

// A declaration of an entry of BL_TILED_ENTRIES.
#define BL_TILED_DECLARE(T, ret, name, params, args, none) template <class T> ret name params;
BL_TILED_ENTRIES(BL_TILED_DECLARE, T)
namespace base {
BL_TILED_ENTRIES(BL_TILED_DECLARE, T)
}  // namespace base
namespace v3 {
BL_TILED_ENTRIES(BL_TILED_DECLARE, T)
}  // namespace v3
namespace v4 {
BL_TILED_ENTRIES(BL_TILED_DECLARE, T)
}  // namespace v4
#undef BL_TILED_DECLARE

// The explicit instantiation of an entry of BL_TILED_ENTRIES for T.
#define BL_TILED_INSTANTIATE(T, ret, name, params, args, none) template ret name<T> params;

// Whether getrf with m = n, potrf or getrf_np of order n goes to the kernels with the instruction
// set in use (a unit that runs, and an order of ladder::tiled), in every precision.
template <class T> bool covers(int n);

// The workspace a thread needs for every order of the size argument n (count matrices) that
// covers() takes; 0 when it takes none.
template <class T> int64_t workspace(const Int &n, int64_t count) {
    int top = 0;
    for (int64_t i = 0; i < (n.variable ? count : 1); ++i)
        if (covers<T>(n[i])) top = std::max(top, n[i]);
    return top ? workspace<T>(top) : 0;
}

}  // namespace tiled
}  // namespace cpu
}  // namespace bl
