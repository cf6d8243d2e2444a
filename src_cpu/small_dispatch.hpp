// Where the tiny-matrix kernels (small.hpp) are chosen among their build units.
//
// The group kernels (small_*_group.cpp) and the trsv kernels for a contiguous x
// (small_trsv_fixed.cpp, small_trsv_blocked.cpp) are
// compiled once per instruction set, each build unit with its own flags (cmake/units.cmake,
// batchlapack_isa_units): `base` for the baseline the library is built for, `v3` for x86-64-v3
// (AVX2, FMA: four doubles a vector and the multiply-adds fused) where the compiler has it. Their
// entry points are declared here in namespaces of those names; small_dispatch.cpp picks one per
// call by the instruction set in use (isa.hpp, use_v3), and holds small.hpp's entry points
// for the groups and for trsv. The LU group kernel also has a `v4` unit (AVX-512, 64-byte
// vectors; CMakeLists.txt), for the orders of ladder::lu::kGroupAvx512From, and so have the QR
// and bidiagonal ones in double and complex double, for those of ladder::qr::kGroupAvx512From
// and ladder::gebrd::kGroupAvx512From, and the Cholesky one in complex double, for those of
// ladder::cholesky::kGroupAvx512From.
#pragma once

#include <cstdint>

#include "args.hpp"
#include "isa.hpp"
#include "small.hpp"

namespace bl {
namespace cpu {
namespace small {

#define BL_SMALL_ISA_ENTRIES                                                                      \
    template <class R>                                                                            \
    bool getrf_group(int n, R *const *A, int lda, int *const *ipiv, int *info, int count, const R *const *next, \
                     int next_count, GroupRhs<R> rhs);                                            \
    template <class R>                                                                            \
    bool potrf_group(char uplo, int n, R *const *A, int lda, int *info, int count, const R *const *next, \
                     int next_count, GroupRhs<R> rhs);                                            \
    template <class R>                                                                            \
    unsigned geqrf_group(int m, int n, R *const *A, int lda, R *const *tau, int count, const R *const *next, \
                     int next_count);                                                             \
    template <class T>                                                                            \
    unsigned gebrd_group(int m, int n, T *const *A, int lda, Real<T> *const *d, Real<T> *const *e, \
                         T *const *tauq, T *const *taup, int count, const T *const *next, int next_count); \
    /* x := op(A)^{-1} x, x contiguous, by blocks of columns; with `next`, its triangle prefetched, */ \
    /* else with `ahead` a's own columns a block ahead of the solve */                           \
    template <class T>                                                                            \
    void blocked_trsv(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x, const T *next, \
                      bool ahead);                                                                \
    /* the same for 1 <= n <= ladder::trsv::kFixedMax, each order up to kFixedOrders compiled */ \
    /* on its own, and getrs's and potrs's solves with one vector on that kernel */              \
    template <class T>                                                                            \
    void fixed_trsv(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x, const T *next); \
    template <class T>                                                                            \
    void fixed_getrs(char trans, int n, const T *a, int64_t lda, const int *ipiv, T *x, const T *next); \
    template <class T> void fixed_potrs(bool lower, int n, const T *a, int64_t lda, T *x, const T *next); \
    /* the three over a run of matrices (small.hpp's SolveRun) */                                 \
    template <class T> void fixed_trsv_run(bool lower, char trans, bool unit, const SolveRun<T> &r); \
    template <class T> void fixed_getrs_run(char trans, const SolveRun<T> &r);                     \
    template <class T> void fixed_potrs_run(bool lower, const SolveRun<T> &r);
namespace base {
BL_SMALL_ISA_ENTRIES
}  // namespace base
namespace v3 {
BL_SMALL_ISA_ENTRIES
}  // namespace v3
#undef BL_SMALL_ISA_ENTRIES
#ifdef BL_HAVE_ISA_V4
namespace v4 {  // LU; bidiagonal and QR in d and z; Cholesky in z (CMakeLists.txt)
template <class R>
bool getrf_group(int n, R *const *A, int lda, int *const *ipiv, int *info, int count, const R *const *next,
                 int next_count, GroupRhs<R> rhs);
template <class T>
unsigned gebrd_group(int m, int n, T *const *A, int lda, Real<T> *const *d, Real<T> *const *e, T *const *tauq,
                     T *const *taup, int count, const T *const *next, int next_count);
template <class R>
unsigned geqrf_group(int m, int n, R *const *A, int lda, R *const *tau, int count, const R *const *next,
                     int next_count);
template <class R>
bool potrf_group(char uplo, int n, R *const *A, int lda, int *info, int count, const R *const *next,
                 int next_count, GroupRhs<R> rhs);
}  // namespace v4
#endif

// Whether the v3 units run: the instruction set in use (isa.hpp) has x86-64-v3.
inline bool use_v3() { return isa() >= Isa::v3; }

// small_units_run() (isa.hpp) where it can be false: a constant in a build with the baseline's
// units, so that the entry points' per-call checks cost nothing there.
inline bool units_run() {
#ifdef BL_HAVE_ISA_BASE
    return true;
#else
    return small_units_run();
#endif
}

// The one-matrix trsv of small_trsv.cpp (an increment other than 1) for orders up to
// ladder::trsv::kSmallMax; false, nothing done, past them.
template <class T>
bool trsv_small(char uplo, char trans, char diag, int n, const T *A, int lda, T *x, int incx, const T *next);

}  // namespace small
}  // namespace cpu
}  // namespace bl
