// The CPU backend's size ladder: for each routine family, which kernel takes which orders. Every
// size threshold of src_cpu is here, once; the kernels, the run() functions that choose among
// them and the kernels' tests (tests/test_small_kernels.cpp) read it from here. The measurements
// behind each step are in src_cpu/PERFORMANCE.md ("Why the kernels are as they are").
//
// Kernels, in the order a family's run() tries them:
//   group     eight matrices of one order at once, one per SIMD lane (small.hpp, *_group):
//             uniform batches (strided or pointer arrays); getrf, potrf, geqrf and gebrd in
//             every precision
//   tiled     the tiled LU and Cholesky and the blocked QR (tiled.hpp, qr.cpp; every precision,
//             AVX-512, AVX2 or NEON) and the blocked bidiagonal reduction (bidiag.hpp): one matrix
//             at a time, larger orders
//   small     the one-matrix kernels for tiny matrices (small.hpp): every other case they cover
//   LAPACK    the system library, everywhere else
// Within a kernel, orders up to its *FixedMax constant are compiled one by one (a compile-time
// order: Fixed<N> in small_detail.hpp), the orders above it with the order known at run time:
// compile-time orders only where they measured faster (bench/kernel_sizes.cpp; the figures in
// src_cpu/PERFORMANCE.md, "Compile-time orders"). Where real and complex types differ, the
// constant is a template on the scalar type (by_kind).
#pragma once

#include <cstdint>
#include <type_traits>

namespace bl {
namespace cpu {
namespace ladder {

// A value for real scalar types and another for complex ones.
template <class T> constexpr int by_kind(int real, int complex) {
    return std::is_floating_point<T>::value ? real : complex;
}

// ---- every family -------------------------------------------------------------------------------
// Below this many flops in a whole call the loop runs on the calling thread: waking the thread
// team would cost more than it saves.
constexpr double kParallelFlops = 1e5;
// The one-matrix kernels' largest row or column count (getrf, getrs, potrf, potrs, trsv with an
// increment other than 1, and the fixed sizes of geqrf and gebrd): past it LAPACK is as fast.
constexpr int kSmallMax = 16;
// The group kernels keep their interleaved copy of eight matrices on the stack up to this many
// bytes (74 KiB: getrf_group's in double at order 32 with four right-hand sides); past it on the
// heap, as a thread's stack may not have room.
constexpr int kGroupStackBytes = 76 << 10;
// The orders whose copy fits there (a complex one is twice the size of a real one): the group
// kernels' run-time order is sized for them up to here, for their largest order past it.
template <class T> constexpr int kGroupStackMax = by_kind<T>(32, 22);

// getrs and potrs past kSmallMax solve up to kTrsvRhsMax right-hand sides one by one with the
// library's trsv (src_cpu/solve.hpp), the next matrix's factor prefetched,
// LAPACK's getrs and potrs with more. With one right-hand side at 32 to 128, against the best of
// the loops over OpenBLAS and oneMKL: getrs 1.3-1.6x in d, 0.9-1.1x in z (LAPACK's: 0.6-1.07x),
// potrs 0.95-1.3x in d, 0.9-1.0x in z (LAPACK's: 0.6-0.75x); more right-hand sides not measured.
constexpr int kTrsvRhsMax = 1;

// ---- LU: getrf, getrs, gesv ---------------------------------------------------------------------
namespace lu {
// Uniform square batches up to this order go to getrf_group: for real types from the next order
// the tiled LU is as fast, and faster at 64; for complex ones 1.6-2.4x the OpenMP loop up to 32,
// not measured past it.
template <class T> constexpr int kGroupMax = by_kind<T>(56, 32);
// getrf_group's steps go in pairs (a rank-2 update: the trailing columns read and written once per
// two steps) from this order, in real types, where the group's copy has outgrown L1. Against one
// step at a time (medians of three alternating passes, AVX-512 VM, OPENBLAS_NUM_THREADS=1
// batchlapack-bench): double 1.10 / 1.14 / 1.18x at 40 / 48 / 56, float 1.16 / 1.15 / 1.21x;
// pairs at every order cost double 0.88x at 8 and 16 and complex double 0.88-1.03x at 4-56.
constexpr int kGroupPairsFrom = 33;
// getrf_group runs its AVX-512 unit (64-byte vectors) from this order where the processor has
// AVX-512, its AVX2 unit below. Against the AVX2 unit on the AVX-512 VM (A/B of the library,
// medians of three alternating passes): complex double 1.22 / 1.12 / 1.11 / 1.16x at 4 / 8 / 16
// / 32, complex float 1.17 / 1.09 / 0.99x at 8 / 16 / 32; double 1.00 / 1.14 / 1.19 / 1.17x at 32
// / 40 / 48 / 56, and (one run of two passes) 0.86 / 0.89 / 0.94x at 4 / 8 / 16.
template <class T> constexpr int kGroupAvx512From = by_kind<T>(33, 1);
// getrf_group orders compiled one by one; past them one version takes the order at run time,
// as fast from order 7 in float and double.
constexpr int kGroupFixedMax = 6;
// gesv through getrf_group solves inside the kernel (B as extra columns of the group's copy) up to
// this many right-hand sides while n * nrhs is at most kGroupSolveElems; past either, after it,
// matrix by matrix. 1.1-1.8x getrf + getrs up to n = 33 with one right-hand side, with four up
// to 16; 0.98x at 48 with one and 0.8x at 32 with four (the copy, larger than L1, slows the
// updates).
constexpr int kGroupRhsMax = 4;
constexpr int kGroupSolveElems = 32;
// The one-matrix getrf (any m, n up to it); getrs up to it solves by columns on the library's trsv
// whatever the number of right-hand sides (src_cpu/solve.hpp).
constexpr int kSmallMax = ladder::kSmallMax;
// Square orders compiled one by one in the one-matrix getrf: faster at every order for real
// types, up to 11 for complex ones.
template <class T> constexpr int kSmallFixedMax = by_kind<T>(16, 11);
}  // namespace lu

// ---- Cholesky: potrf, potrs, posv ---------------------------------------------------------------
namespace cholesky {
// Uniform batches up to this order go to potrf_group: it beats the OpenMP loop over LAPACK up to
// there, the tiled Cholesky past it; for complex types 1.3-2.3x the OpenMP loop up to 32, not
// measured past it.
template <class T> constexpr int kGroupMax = by_kind<T>(64, 32);
// potrf_group orders compiled one by one; past them one version takes the order at run time,
// as fast from order 16 in float and faster in double.
constexpr int kGroupFixedMax = 15;
// potrf_group in complex double runs its AVX-512 unit (64-byte lane vectors, kLaneBytes in
// small_isa.hpp) from this order: against the AVX2 unit (a temporary switch, medians of three
// passes) zpotrf 4 / 8 / 16 / 24 / 32 -22 / +2 / +2 / +8 / +9 %, 12 / 17 / 20 (two) +5 / +5 / +7 %;
// dpotrf lost there (4 / 8 -37 / -24 %, 24 -5 %, 16 and 32 even), so the unit is built for z alone.
constexpr int kGroupAvx512From = 9;
// posv through potrf_group solves in the kernel, with the factor still in its copy, up to this
// many right-hand sides while n * nrhs is at most kGroupSolveElems; past either, matrix by matrix
// after each group. In the kernel: 2.3x potrf + potrs at n = 4, 1.2x at 16 (one right-hand side);
// 0.9x from n = 32 and at 16 with four, where the one-matrix solve's own kernels are faster.
constexpr int kGroupRhsMax = 4;
constexpr int kGroupSolveElems = 16;
// The one-matrix potrf: past it LAPACK's dpotrf is as fast (and the tiled kernel takes over at
// tiled::kMin); potrs up to it solves by columns on the library's trsv whatever the number of
// right-hand sides (src_cpu/solve.hpp).
constexpr int kSmallMax = ladder::kSmallMax;
// Orders compiled one by one in the one-matrix potrf: faster up to 11 for real types, 12 for
// complex ones.
template <class T> constexpr int kSmallFixedMax = by_kind<T>(11, 12);
}  // namespace cholesky

// ---- the tiled LU and Cholesky (tiled.hpp), for both families -----------------------------------
namespace tiled {
// Square orders the tiled kernels take (one matrix at a time, every precision); below kMin, and
// for uniform batches up to the group kernels' tops, the group kernels come first.
constexpr int kMin = 33;
// Past it OpenBLAS's blocked routines are as fast, and the padded copy outgrows the caches.
constexpr int kMax = 1024;
// The Cholesky's outer update and potri's lauum pack their products' B (rows of the copy read
// across its columns) where the padded copy takes this many bytes or more. Read in place, each
// step of a kernel call takes B from a column of its own, a page apart from the next at these
// orders. On a 2 MiB L2 (src_cpu/PERFORMANCE.md, thirty-fifth session), packed: zpotrf 512 +5-11 %,
// dpotrf 640 / 768 +8-12 / +2-11 %, zpotri 512 +2-6 %, dpotri 768 +3-10 %; but dpotri 512 and
// cpotri 512 (copies of 2.1-2.2 MB) -3-4 %, and zpotrf 256 / 320 -3-6 %. LU's B (a few columns
// read down) touches few pages and lost when packed (zgetrf 512 -1-8 %): it is read in place.
constexpr int64_t kPackFrom = int64_t(3) << 20;
}  // namespace tiled

// ---- the inverses: getri, getri_oop, trtri, potri (inverse.cpp) ---------------------------------
namespace inverse {
// Real types on AVX-512 go to the tiled inverses (tiled.hpp) for these orders: 2-4x the OpenMP
// loop over LAPACK from 64 to 512 in double; below 48 the padded kernels (kPaddedMax) are faster
// (at 32 and 40: 1.9-2.5x against 1.4-2.2x, alike at 47).
constexpr int kTiledMin = 48;
constexpr int kTiledMax = 1024;
// Where the padded kernels do not run (no AVX-512: inverse.cpp), the tiled inverses from this
// order: at 32 (measured on AVX-512, before the padded kernels) 1.8-2.0x the OpenMP loop for trtri
// and potri where the column loops ran 1.1-1.6x, getri alike; at 24 the column loops were faster.
constexpr int kTiledMinUnpadded = 32;
// Every other case up to this order goes to the in-cache kernels of small_inverse.hpp, past it to
// LAPACK.
constexpr int kSmallMax = 64;
// Of those, real types take the padded kernels (small_inverse.hpp) from kPaddedFrom (potri from
// order 1) up to the tiled ones (at most order 48): 1.5-2.5x the OpenMP loop over LAPACK from 9 to
// 47 in double, where the column loops ran 1.0-1.5x for trtri and potri at 12-31; below 9 the
// column loops, which copy nothing, are as fast or faster for trtri and getri (trtri 3.7x against
// 1.9x at order 2).
constexpr int kPaddedFrom = 9;
constexpr int kPaddedMax = kTiledMin - 1;
// Complex getri, trtri and potri run their column loops compiled for AVX-512 from this order (the
// baseline's below): zgetri 16 / 32 / 64 1.7 / 2.5 / 2.7x, ztrtri 1.4 / 2.2 / 2.6x, zpotri 1.2 /
// 1.6 / 2.1x the baseline's loops; at 2-6 the vectorized loops ran 10-30% slower.
constexpr int kComplexVectorFrom = 8;
// Complex types go to the tiled inverses from these orders where the column loops above run on
// AVX-512 (complex double's, complex float's): getri and trtri from 32 / 64, potri from 8 / 32;
// the column loops are faster below them (complex float's tiles have twice the rows, so short
// orders carry more padding). Tiled over the column loops, GFLOP/s: zgetri 32 / 64 44 / 71
// against 32 / 38, zpotri 8 / 32 / 64 5.8 / 30 / 54 against 3.8 / 17 / 25, ztrtri 32 / 64 20 / 41
// against 18 / 27; cgetri 64 97 against 73, cpotri 32 / 64 31 / 71 against 22 / 37; below them
// cgetri 32 / 48 46 / 68 against 55 / 67, ctrtri 32 / 48 19 / 32 against 26 / 36. Where the
// baseline's loops run (AVX2: the v3 tiled unit), from 16 and potri from 8: zgetri 24 / 32 17 /
// 21 against 14 / 14, cgetri 16 28 against 16, zpotri 8 7.9 against 4.1 (src_cpu/PERFORMANCE.md,
// twenty-first session).
template <class T> constexpr int kComplexTiledMin = sizeof(T) == 16 ? 32 : 64;
template <class T> constexpr int kComplexPotriTiledMin = sizeof(T) == 16 ? 8 : 32;
constexpr int kComplexTiledMinBase = 16;
constexpr int kComplexPotriTiledMinBase = 8;
}  // namespace inverse

// ---- LU without pivoting: getrf_np (lu_np.cpp) ---------------------------------------------------
namespace lu_np {
// Square orders from here (and in tiled's range) go to the tiled LU without pivoting; below, the
// left-looking kernel in cache (small_lu_np.hpp): from 33 to 40 it ran 1.6-2.1x LAPACK's getrf
// loop in double, the tiled one 1.05-1.6x (33 is padded to 48 rows); alike at 48, the tiled one
// ahead from 56.
constexpr int kTiledFrom = 48;
}  // namespace lu_np

// ---- QR: geqrf (ormqr, orgqr and gels are LAPACK's) -----------------------------------------------
namespace qr {
// From this min(m, n) the library's blocked QR (qr.cpp): it overtakes the group kernel there,
// and LAPACK's geqrf stays unblocked up to 128.
constexpr int kBlockedFrom = 80;
// Uniform batches with n up to this go to geqrf_group (the blocked QR takes the square
// orders from kBlockedFrom, where it is as fast), in every precision: complex ones 1.5-3x the
// best of the loops over OpenBLAS and oneMKL up to 32, 1.1-1.25x at 64.
constexpr int kGroupMax = 80;
// ... with m up to this: tall matrices (gels's least-squares problems), which neither the one-matrix
// kernel (kSmallMax) nor the blocked QR (min(m, n) from kBlockedFrom) takes: zgels / dgels of
// 96 x 48 and 128 x 64 0.68 / 0.63 and 0.65 / 0.63 -> 1.31 / 0.83 and 1.27 / 0.85 of the oneMKL
// loop against LAPACK's geqrf there.
constexpr int kGroupRowsMax = 2 * kGroupMax;
// gels (trans 'N', m >= n) factors on the library's QR kernels and applies Q^H to B by larf 'Left'
// with up to this many right-hand sides (qr.cpp, gels_after_qr); LAPACK's gels with more, whose
// ormqr applies blocks of reflectors: with 8 the library's path ran 1.3-2.0x LAPACK's gels at 16 /
// 32 / 128, with 32 1.0-1.05x (src_cpu/PERFORMANCE.md, twenty-fourth session).
constexpr int kGelsRhsMax = 16;
// geqrf_group square orders compiled one by one (faster at every one of them); other shapes take
// m and n at run time.
constexpr int kGroupFixedMax = 16;
// geqrf_group in double and complex double runs its AVX-512 unit (the bidiagonal kernel's lane
// loops, gebrd::kGroupAvx512From) from this order: against the AVX2 unit (medians of three
// passes) zgeqrf 4 / 8 / 16 / 24 / 32 -9 / +3 / +14 / +16 / +18 %, dgeqrf -14 / even / +13 / +13 /
// +20 %; 12 / 48 / 64 (two passes) z +14 / +22 / +18 %, d +6 / +20 / +2 %.
constexpr int kGroupAvx512From = 9;
// The one-matrix geqrf (and gebrd): m and n up to it, where LAPACK still runs its unblocked
// geqr2 / gebd2, one BLAS-2 call or two per column.
constexpr int kSmallMax = 64;
// Square orders compiled one by one in the one-matrix geqrf: faster at every order up to
// ladder::kSmallMax for real types, up to 5 for complex ones.
template <class T> constexpr int kSmallFixedMax = by_kind<T>(16, 5);
}  // namespace qr

// ---- bidiagonal reduction: gebrd ----------------------------------------------------------------
namespace gebrd {
// Uniform batches with m and n up to this go to gebrd_group, unless the blocked kernel takes them
// (kBlockedUniformFrom); LAPACK's dgebrd overtakes the grouped reduction past it. Complex types
// the same (the blocked kernel takes theirs from 128, kBlockedUniformFrom).
constexpr int kGroupMax = 256;
// gebrd_group square orders compiled one by one (faster at every one of them); other shapes take
// m and n at run time.
constexpr int kGroupFixedMax = 16;
// The blocked reduction (bidiag.hpp; m >= n, AVX-512) takes n from kBlockedMin to kBlockedMax one
// matrix at a time: below kBlockedMin the one-matrix and group kernels are faster (the complex
// one-matrix kernel falls behind from 32: variable batches), past kBlockedMax LAPACK is as fast.
template <class T> constexpr int kBlockedMin = by_kind<T>(65, 32);
constexpr int kBlockedMax = 1024;
// Uniform batches take the blocked kernel rather than gebrd_group from this n, where it overtakes;
// complex types too: zgebrd's group kernel ran 12-18 / 15-21 / 15-24 / 16-24 GFLOP/s at 32 / 48 /
// 64 / 96 against the blocked kernel's 8.5-9.0 / 13-14 / 11-17 / 15-21, and at 128 22-25 against
// 25 (two passes each, src_cpu/PERFORMANCE.md, "complex gebrd group kernel").
constexpr int kBlockedUniformFrom = 128;
// The one-matrix gebrd: the same range as the one-matrix geqrf.
constexpr int kSmallMax = qr::kSmallMax;
// gebrd_group in double and complex double runs its AVX-512 unit (64-byte vectors, one a part of
// the eight lanes: small_isa.hpp's kLaneBytes) from this order where the processor has
// AVX-512, its AVX2 unit below. Against the AVX2 unit on the AVX-512 VM (a temporary switch,
// medians of three passes): zgebrd 4 / 8 / 12 / 16 / 20 +10 / +22 / +21 / +12 / +20 %, dgebrd 4 /
// 8 / 12 / 16 / 24 / 32 / 64 -3 / +7 / +9 / +16 / +18 / +8 / +12 % (src_cpu/PERFORMANCE.md,
// thirty-fourth session). (The unit first ran the lane loops on 32-byte vectors, two a part, in
// complex double alone from 17: +1-5 %, where double lost.) Complex single's eight lanes fill a
// 32-byte vector already, as in the AVX2 unit.
template <class T> constexpr int kGroupAvx512From = by_kind<T>(8, 1);
// Square orders compiled one by one in the one-matrix gebrd: faster at every order up to
// ladder::kSmallMax for real types, up to 5 for complex ones.
template <class T> constexpr int kSmallFixedMax = by_kind<T>(16, 5);
}  // namespace gebrd

// ---- triangular solve: trsv ----------------------------------------------------------------------
namespace trsv {
// With incx = 1 the orders up to this one go to the kernel of compile-time orders
// (small_trsv_fixed.cpp), the orders past it to the kernel by blocks of columns: a dtrsv of order
// 4 / 16 / 32 takes 214 / 751 / 1902 instructions a matrix (callgrind, the whole call; 220 / 909 /
// 1743 with every order compiled on its own) against 387 / 1430 / 3090 through the blocked
// kernel, and ran 1.1-1.25x its speed in the benchmark at 4 to 32; getrs and potrs of these
// orders solve through it (src_cpu/PERFORMANCE.md, "seventh session").
constexpr int kFixedMax = 32;
// The kernel of kFixedMax takes a uniform batch's solves in runs of this many matrices a call
// (small.hpp's SolveRun): a run's setup is a few dozen instructions, and 16 of them keep a batch
// of a few hundred matrices spread over the threads.
constexpr int kRunMatrices = 16;
// The orders up to this one compiled each on its own in that kernel; the orders past it, up to
// kFixedMax, solved as two triangles, one of this order, and a rectangle of this many rows
// between them (a whole number of vectors for every type). Every order up to 32 on its own took
// each of the kernel's units 1 to 4 minutes to compile, the d unit under AddressSanitizer more
// than 28, for at most a fifth at 17 to 32 in cache (dgetrs 32) and nothing the benchmark's
// batches show (src_cpu/PERFORMANCE.md, branch i26w).
constexpr int kFixedOrders = 16;
// The one-matrix kernel takes the other increments up to this order (BLAS past it): x gathered
// into a contiguous copy, solved by the kernel of kFixedMax.
constexpr int kSmallMax = ladder::kSmallMax;
// The kernel of kFixedMax prefetches the next matrix only from this order: below it the hardware
// prefetcher keeps up by itself and the prefetches cost more than they save.
constexpr int kPrefetchFrom = 9;
// The blocked kernel prefetches the next matrix's triangle only up to this size: a larger one
// competes with the current triangle's stream.
constexpr int64_t kPrefetchBytes = 64 << 10;
// Bytes of the triangle of an order-n matrix of T, as kPrefetchBytes counts them.
template <class T> constexpr int64_t triangle_bytes(int n) { return int64_t(n) * n * int64_t(sizeof(T)) / 2; }
// The one-vector solves (trsv, getrs, potrs) prefetch the matrix as many matrices ahead of the
// one they solve, on the same thread, as put kPrefetchLeadBytes of triangles between them, at
// most kPrefetchAheadMax: a small triangle's solve is over before the lines of the next one come
// from memory. Against one matrix ahead (benchmark's batches, three alternating passes each): at
// order 12 / 16 dtrsv 2.55-2.60 / 2.85-2.97 -> 3.20-3.43 / 3.33-3.38 GFLOP/s, dpotrs 3.97-4.10 /
// 4.58-4.69 -> 4.83-4.95 / 5.31-5.38, dgetrs 12 +13 %, ztrsv and zgetrs 16 +6-7 %; alike (within the
// passes' spread) at 20 and 24; 8 KiB ahead gained no more (src_cpu/PERFORMANCE.md, twenty-third
// session).
constexpr int64_t kPrefetchLeadBytes = 4 << 10;
constexpr int kPrefetchAheadMax = 4;
template <class T> constexpr int prefetch_ahead(int n) {
    const int64_t t = triangle_bytes<T>(n) > 0 ? triangle_bytes<T>(n) : 1, a = (kPrefetchLeadBytes + t - 1) / t;
    return a > kPrefetchAheadMax ? kPrefetchAheadMax : int(a);
}
// Past kPrefetchBytes the blocked kernel prefetches, for complex types, its own matrix's next block
// of columns (4 columns ahead of the one it solves): whole while a column is shorter than
// kOwnAheadColumnBytes, else its first kOwnAheadKickBytes. Whole columns: ztrsv 96 / 128 / 192
// 0.78 / 0.84 / 0.82 -> 1.02 / 1.03 / 1.04x the best peer, zgetrs and zpotrs 128 0.88 / 0.92 ->
// 1.16 / 1.03, c 192-362 0.80-0.94 -> 1.04-1.20; but with columns of a page or more (z 256 and 512,
// c 512) it lost 3-9 %, where the first 512 bytes of each column gain (ztrsv 512 1.02 -> 1.15,
// zpotrs 256 0.92 -> 1.14, cpotrs 512 0.93 -> 1.18); in real types whole columns lost at every
// order (dtrsv 128-512 6-19 %): there the hardware prefetcher keeps up with the lighter solve
// (src_cpu/PERFORMANCE.md, nineteenth session).
constexpr int64_t kOwnAheadColumnBytes = 4096;
constexpr int64_t kOwnAheadKickBytes = 512;
template <class T> constexpr bool prefetch_own(int n) {
    return !std::is_floating_point<T>::value && triangle_bytes<T>(n) > kPrefetchBytes;
}
// The rows of each column of its own next block that the blocked kernel prefetches.
template <class T> constexpr int own_ahead_rows(int n) {
    return int64_t(n) * int64_t(sizeof(T)) < kOwnAheadColumnBytes ? n : int(kOwnAheadKickBytes / int64_t(sizeof(T)));
}
}  // namespace trsv

}  // namespace ladder
}  // namespace cpu
}  // namespace bl
