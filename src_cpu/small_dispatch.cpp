// small.hpp's entry points that choose among build units (small_dispatch.hpp): the group kernels
// by instruction set, trsv by order and increment (ladder::trsv), getrs_vector and potrs_vector on
// trsv's kernel of compile-time orders, one matrix a call or a run of them.
#include "ladder.hpp"
#include "precisions.hpp"
#include "small.hpp"
#include "small_dispatch.hpp"

#include <algorithm>
#include <complex>
#include <type_traits>

namespace bl {
namespace cpu {
namespace small {

// f, an entry point of the instruction-set units, from the units that run on this processor.
// Every entry point below first asks units_run() (small_dispatch.hpp), and declines without them.
#if defined(BL_HAVE_ISA_V3) && defined(BL_HAVE_ISA_BASE)
#define BL_BY_ISA(f) (use_v3() ? v3::f : base::f)
#elif defined(BL_HAVE_ISA_V3)
#define BL_BY_ISA(f) v3::f
#else
#define BL_BY_ISA(f) base::f
#endif

// Whether a group call is one the kernels take: count matrices of one group, and as many next.
inline bool group_counts(int count, int next_count) {
    return count >= 1 && count <= group_size && next_count <= group_size && units_run();
}

template <class T> bool getrf_group_covers(int n) { return n >= 1 && n <= ladder::lu::kGroupMax<T>; }

template <class T>
bool getrf_group(int n, T *const *A, int lda, int *const *ipiv, int *info, int count, const T *const *next, int next_count,
                 GroupRhs<T> rhs) {
    if (!getrf_group_covers<T>(n) || !group_counts(count, next_count)) return false;
    if (rhs.nrhs < 0 || rhs.nrhs > ladder::lu::kGroupRhsMax) return false;
#ifdef BL_HAVE_ISA_V4
    if (isa() >= Isa::v4 && n >= ladder::lu::kGroupAvx512From<T>)
        return v4::getrf_group<T>(n, A, lda, ipiv, info, count, next, next_count, rhs);
#endif
    return BL_BY_ISA(getrf_group<T>)(n, A, lda, ipiv, info, count, next, next_count, rhs);
}

template <class T> bool potrf_group_covers(int n) { return n >= 1 && n <= ladder::cholesky::kGroupMax<T>; }

template <class T>
bool potrf_group(char uplo, int n, T *const *A, int lda, int *info, int count, const T *const *next, int next_count,
                 GroupRhs<T> rhs) {
    if (!potrf_group_covers<T>(n) || !group_counts(count, next_count) || rhs.nrhs < 0) return false;
#ifdef BL_HAVE_ISA_V4
    if constexpr (std::is_same<T, std::complex<double>>::value)
        if (isa() >= Isa::v4 && n >= ladder::cholesky::kGroupAvx512From)
            return v4::potrf_group<T>(uplo, n, A, lda, info, count, next, next_count, rhs);
#endif
    return BL_BY_ISA(potrf_group<T>)(uplo, n, A, lda, info, count, next, next_count, rhs);
}

template <class T> bool geqrf_group_covers(int m, int n) {
    constexpr int top = ladder::qr::kGroupMax;
    return m >= 1 && n >= 1 && m <= ladder::qr::kGroupRowsMax && n <= top;
}

template <class T>
unsigned geqrf_group(int m, int n, T *const *A, int lda, T *const *tau, int count, const T *const *next,
                     int next_count) {
    if (!geqrf_group_covers<T>(m, n) || !group_counts(count, next_count)) return lanes_all;
#ifdef BL_HAVE_ISA_V4
    if constexpr (std::is_same<Real<T>, double>::value)
        if (isa() >= Isa::v4 && std::max(m, n) >= ladder::qr::kGroupAvx512From)
            return v4::geqrf_group<T>(m, n, A, lda, tau, count, next, next_count);
#endif
    return BL_BY_ISA(geqrf_group<T>)(m, n, A, lda, tau, count, next, next_count);
}

template <class T> bool gebrd_group_covers(int m, int n) {
    constexpr int top = ladder::gebrd::kGroupMax;
    return m >= 1 && n >= 1 && m <= top && n <= top;
}

template <class T>
unsigned gebrd_group(int m, int n, T *const *A, int lda, Real<T> *const *d, Real<T> *const *e, T *const *tauq,
                     T *const *taup, int count, const T *const *next, int next_count) {
    if (!gebrd_group_covers<T>(m, n) || !group_counts(count, next_count)) return lanes_all;
#ifdef BL_HAVE_ISA_V4
    if constexpr (std::is_same<Real<T>, double>::value)
        if (isa() >= Isa::v4 && std::max(m, n) >= ladder::gebrd::kGroupAvx512From<T>)
            return v4::gebrd_group<T>(m, n, A, lda, d, e, tauq, taup, count, next, next_count);
#endif
    return BL_BY_ISA(gebrd_group<T>)(m, n, A, lda, d, e, tauq, taup, count, next, next_count);
}

// With incx = 1 the kernel of compile-time orders takes the orders up to ladder::trsv::kFixedMax,
// the blocked one the orders past it, which prefetches `next` up to kPrefetchBytes (past it, its
// own columns a block ahead where ladder::trsv::prefetch_own says). Other
// increments up to kSmallMax go to the one-matrix kernel.
template <class T>
bool trsv(char uplo, char trans, char diag, int n, const T *A, int lda, T *x, int incx, const T *next) {
    using namespace ladder::trsv;
    if (incx == 1 && !units_run()) return false;
    if (incx == 1 && n >= 1 && n <= kFixedMax) {
        BL_BY_ISA(fixed_trsv<T>)(uplo == 'L', trans, diag == 'U', n, A, lda, x, next);
        return true;
    }
    if (incx == 1 && n > kFixedMax) {
        const T *ahead = triangle_bytes<T>(n) <= kPrefetchBytes ? next : nullptr;
        BL_BY_ISA(blocked_trsv<T>)(uplo == 'L', trans, diag == 'U', n, A, lda, x, ahead, !ahead && prefetch_own<T>(n));
        return true;
    }
    return trsv_small(uplo, trans, diag, n, A, lda, x, incx, next);
}

template <class T>
bool getrs_vector(char trans, int n, const T *A, int lda, const int *ipiv, T *x, const T *next) {
    if (n < 1 || n > ladder::trsv::kFixedMax || !units_run()) return false;
    BL_BY_ISA(fixed_getrs<T>)(trans, n, A, lda, ipiv, x, next);
    return true;
}

template <class T> bool potrs_vector(char uplo, int n, const T *A, int lda, T *x, const T *next) {
    if (n < 1 || n > ladder::trsv::kFixedMax || !units_run()) return false;
    BL_BY_ISA(fixed_potrs<T>)(uplo == 'L', n, A, lda, x, next);
    return true;
}

template <class T> bool solve_run_covers(int n) { return n >= 1 && n <= ladder::trsv::kFixedMax && units_run(); }
template <class T> void getrs_run(char trans, const SolveRun<T> &r) { BL_BY_ISA(fixed_getrs_run<T>)(trans, r); }
template <class T> void potrs_run(char uplo, const SolveRun<T> &r) { BL_BY_ISA(fixed_potrs_run<T>)(uplo == 'L', r); }
template <class T> void trsv_run(char uplo, char trans, char diag, const SolveRun<T> &r) {
    BL_BY_ISA(fixed_trsv_run<T>)(uplo == 'L', trans, diag == 'U', r);
}

#define BL_SMALL_DISPATCH(p, T)                                                                   \
    template bool getrf_group_covers<T>(int);                                                     \
    template bool getrf_group<T>(int, T *const *, int, int *const *, int *, int, const T *const *, int, GroupRhs<T>); \
    template bool potrf_group_covers<T>(int);                                                     \
    template bool potrf_group<T>(char, int, T *const *, int, int *, int, const T *const *, int, GroupRhs<T>); \
    template bool geqrf_group_covers<T>(int, int);                                                \
    template unsigned geqrf_group<T>(int, int, T *const *, int, T *const *, int, const T *const *, int); \
    template bool gebrd_group_covers<T>(int, int);                                                \
    template unsigned gebrd_group<T>(int, int, T *const *, int, Real<T> *const *, Real<T> *const *, T *const *, \
                                     T *const *, int, const T *const *, int);                     \
    template bool trsv<T>(char, char, char, int, const T *, int, T *, int, const T *);               \
    template bool getrs_vector<T>(char, int, const T *, int, const int *, T *, const T *);          \
    template bool potrs_vector<T>(char, int, const T *, int, T *, const T *);                      \
    template bool solve_run_covers<T>(int);                                                       \
    template void getrs_run<T>(char, const SolveRun<T> &);                                         \
    template void potrs_run<T>(char, const SolveRun<T> &);                                         \
    template void trsv_run<T>(char, char, char, const SolveRun<T> &);
BL_PRECISIONS(BL_SMALL_DISPATCH)

}  // namespace small
}  // namespace cpu
}  // namespace bl
