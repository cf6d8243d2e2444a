// The error contract across routines (DESIGN.md, "Errors"; docs/decisions.md, "Which illegal
// argument is reported"): which illegal argument a call names when several are, or when the batch
// count is illegal or zero; and legal calls with nothing to compute -- empty matrices whose other
// dimension is as large as INT_MAX -- which must return 0 with info 0, touch nothing and print
// nothing (LAPACK's xerbla, reached with an argument LAPACK rejects, prints).
#include <climits>
#include <tuple>

#include "common.hpp"

namespace bltest {
namespace {

template <class T> using Contract = TypedBackendTest<T>;
TYPED_TEST_SUITE(Contract, Precisions);

constexpr int kBig = INT_MAX;

// A few elements per matrix for an array argument that the call must not touch: guard values, in
// the strided layout (`base()`, `stride`) and as pointers (`p()`).
template <class E> struct Untouched {
    static constexpr int64_t stride = 8;
    std::vector<E> data;
    std::vector<E *> ptrs;
    explicit Untouched(int count) : data(size_t(count * stride), guard_value<E>()), ptrs(size_t(count)) {
        for (int i = 0; i < count; ++i) ptrs[size_t(i)] = data.data() + i * stride;
    }
    E *base() { return data.data(); }
    E *const *p() { return ptrs.data(); }
    const std::vector<E> &storage() const { return data; }
};

// One value per matrix, for vbatch.
std::vector<int> per(int count, int v) { return std::vector<int>(size_t(count), v); }

// An m x n matrix with leading dimension ld.
struct Shape {
    int m, n, ld;
    std::string text() const { return std::to_string(m) + " x " + std::to_string(n); }
};
// The two empty shapes with a dimension of INT_MAX, at the smallest legal ld.
const Shape kEmptyHuge[] = {{0, kBig, 1}, {kBig, 0, kBig}};

// Runs a legal call with nothing to compute: it must return 0, set every info[i] to 0, leave every
// array as it was and print nothing. LAPACK's xerbla writes to the process's stdout (printf in
// OpenBLAS; a Fortran WRITE, then STOP, in the reference LAPACK); the captures redirect file
// descriptors 1 and 2 and flush C's streams on both sides of the call.
template <class... Arrays>
void expect_quiet_noop(const std::function<int()> &call, std::vector<int> *info, const Arrays &...arrays) {
    auto before = std::make_tuple(arrays.storage()...);
    if (info) std::fill(info->begin(), info->end(), 12345);
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    const int code = call();
    const std::string out = testing::internal::GetCapturedStdout();
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(code, 0) << bl_last_error();
    EXPECT_EQ(out, "") << "the call printed to stdout";
    EXPECT_EQ(err, "") << "the call printed to stderr";
    if (info)
        for (int v : *info) EXPECT_EQ(v, 0);
    EXPECT_TRUE(before == std::make_tuple(arrays.storage()...)) << "a call with nothing to compute modified data";
}

// ---- item: empty matrices whose other dimension is INT_MAX ----------------------------------

TYPED_TEST(Contract, GebrdEmptyWithHugeOtherDimension) {
    using namespace batchlapack;
    using T = TypeParam;
    using R = Real<T>;
    const int count = 3;
    for (Shape s : kEmptyHuge)
        for (Layout l : kLayouts) {
            SCOPED_TRACE(std::string(name(l)) + " " + s.text());
            Untouched<T> a(count), tq(count), tp(count);
            Untouched<R> d(count), e(count);
            std::vector<int> info(count), M = per(count, s.m), N = per(count, s.n), LD = per(count, s.ld);
            expect_quiet_noop(
                [&] {
                    const int64_t st = a.stride;
                    switch (l) {
                    case Layout::Strided:
                        return gebrd_batch(s.m, s.n, a.base(), s.ld, st, d.base(), st, e.base(), st, tq.base(), st,
                                           tp.base(), st, info.data(), count);
                    case Layout::Pointers:
                        return gebrd_batch_ptr(s.m, s.n, a.p(), s.ld, d.p(), e.p(), tq.p(), tp.p(), info.data(), count);
                    default:
                        return gebrd_vbatch(M.data(), N.data(), a.p(), LD.data(), d.p(), e.p(), tq.p(), tp.p(),
                                            info.data(), count);
                    }
                },
                &info, a, d, e, tq, tp);
        }
}

// An empty matrix with a huge dimension beside a real one: the real one is reduced exactly as in a
// call of its own (the empty one does not size the workspace), and nothing is printed.
TYPED_TEST(Contract, GebrdVariableBatchMixingHugeEmptyAndRealMatrices) {
    using T = TypeParam;
    using R = Real<T>;
    const int m = 7, n = 5;
    std::vector<T> a(size_t(m) * n), a_alone;
    for (T &x : a) x = random_value<T>();
    a_alone = a;
    std::vector<R> d(n), e(n), d_alone(n), e_alone(n);
    std::vector<T> tq(n), tp(n), tq_alone(n), tp_alone(n);
    Untouched<T> empty_t(2);
    Untouched<R> empty_r(2);
    std::vector<int> M = {0, m, kBig}, N = {kBig, n, 0}, LD = {1, m, kBig}, info(3);
    std::vector<T *> ap = {empty_t.ptrs[0], a.data(), empty_t.ptrs[1]};
    std::vector<T *> qp = {empty_t.ptrs[0], tq.data(), empty_t.ptrs[1]}, pp = {nullptr, tp.data(), nullptr};
    std::vector<R *> dp = {empty_r.ptrs[0], d.data(), empty_r.ptrs[1]}, ep = {nullptr, e.data(), nullptr};
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    const int code = batchlapack::gebrd_vbatch(M.data(), N.data(), ap.data(), LD.data(), dp.data(), ep.data(),
                                               qp.data(), pp.data(), info.data(), 3);
    EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
    ASSERT_EQ(code, 0) << bl_last_error();
    EXPECT_EQ(info, std::vector<int>(3, 0));
    EXPECT_TRUE(empty_t.storage() == Untouched<T>(2).storage() && empty_r.storage() == Untouched<R>(2).storage());
    int info_alone = -1;
    T *a1 = a_alone.data(), *q1 = tq_alone.data(), *p1 = tp_alone.data();
    R *d1 = d_alone.data(), *e1 = e_alone.data();
    ASSERT_EQ(batchlapack::gebrd_vbatch(&M[1], &N[1], &a1, &LD[1], &d1, &e1, &q1, &p1, &info_alone, 1), 0);
    EXPECT_TRUE(a == a_alone && d == d_alone && e == e_alone && tq == tq_alone && tp == tp_alone);
}

// e is empty for n = 1 and may then be null with any stride: a legal call, computed as with an e.
TYPED_TEST(Contract, GebrdNullEmptyE) {
    using T = TypeParam;
    using R = Real<T>;
    const int count = 3, m = 3;
    std::vector<T> a(size_t(m) * count), a2, tq(count), tp(count), tq2(count), tp2(count);
    for (T &x : a) x = random_value<T>();
    a2 = a;
    std::vector<R> d(count), d2(count), e2(count);
    std::vector<int> info(count, -1), info2(count, -1);
    ASSERT_EQ(batchlapack::gebrd_batch(m, 1, a.data(), m, m, d.data(), 1, static_cast<R *>(nullptr), -1, tq.data(), 1,
                                       tp.data(), 1, info.data(), count),
              0)
        << bl_last_error();
    ASSERT_EQ(batchlapack::gebrd_batch(m, 1, a2.data(), m, m, d2.data(), 1, e2.data(), 1, tq2.data(), 1, tp2.data(), 1,
                                       info2.data(), count),
              0);
    EXPECT_EQ(info, std::vector<int>(count, 0));
    EXPECT_TRUE(a == a2 && d == d2 && tq == tq2 && tp == tp2);
}

TYPED_TEST(Contract, QrEmptyWithHugeOtherDimension) {
    using namespace batchlapack;
    using T = TypeParam;
    const int count = 3;
    for (Layout l : kLayouts) {
        SCOPED_TRACE(name(l));
        Untouched<T> a(count), tau(count), c(count);
        std::vector<int> info(count);
        auto v = [&](int x) { return per(count, x); };
        const int64_t st = a.stride;
        // geqrf: m = 0 with n = INT_MAX, and m = INT_MAX with n = 0.
        for (Shape s : kEmptyHuge) {
            SCOPED_TRACE("geqrf " + s.text());
            const auto M = v(s.m), N = v(s.n), LD = v(s.ld);
            expect_quiet_noop(
                [&] {
                    switch (l) {
                    case Layout::Strided:
                        return geqrf_batch(s.m, s.n, a.base(), s.ld, st, tau.base(), st, info.data(), count);
                    case Layout::Pointers: return geqrf_batch_ptr(s.m, s.n, a.p(), s.ld, tau.p(), info.data(), count);
                    default: return geqrf_vbatch(M.data(), N.data(), a.p(), LD.data(), tau.p(), info.data(), count);
                    }
                },
                &info, a, tau);
        }
        // ormqr/unmqr with k = 0 (Q = I): C empty with m or n = INT_MAX on either side.
        struct Apply { char side; int m, n, lda, ldc; };
        for (Apply s : {Apply{'L', kBig, 0, kBig, kBig}, Apply{'R', 0, kBig, kBig, 1}, Apply{'L', 0, kBig, 1, 1},
                        Apply{'R', kBig, 0, 1, kBig}}) {
            SCOPED_TRACE(std::string("unmqr side ") + s.side + " " + std::to_string(s.m) + " x " + std::to_string(s.n));
            const auto M = v(s.m), N = v(s.n), K = v(0), LDA = v(s.lda), LDC = v(s.ldc);
            expect_quiet_noop(
                [&] {
                    switch (l) {
                    case Layout::Strided:
                        return unmqr_batch(s.side, 'N', s.m, s.n, 0, a.base(), s.lda, st, tau.base(), st, c.base(),
                                           s.ldc, st, info.data(), count);
                    case Layout::Pointers:
                        return unmqr_batch_ptr(s.side, 'N', s.m, s.n, 0, a.p(), s.lda, tau.p(), c.p(), s.ldc,
                                               info.data(), count);
                    default:
                        return unmqr_vbatch(s.side, 'N', M.data(), N.data(), K.data(), a.p(), LDA.data(), tau.p(),
                                            c.p(), LDC.data(), info.data(), count);
                    }
                },
                &info, a, tau, c);
        }
        // ungqr: Q with no column.
        {
            const auto M = v(kBig), Z = v(0);
            expect_quiet_noop(
                [&] {
                    switch (l) {
                    case Layout::Strided: return ungqr_batch(kBig, 0, 0, a.base(), kBig, st, tau.base(), st, info.data(), count);
                    case Layout::Pointers: return ungqr_batch_ptr(kBig, 0, 0, a.p(), kBig, tau.p(), info.data(), count);
                    default: return ungqr_vbatch(M.data(), Z.data(), Z.data(), a.p(), M.data(), tau.p(), info.data(), count);
                    }
                },
                &info, a, tau);
        }
        // gels: no equation and no unknown, INT_MAX right-hand sides.
        {
            const auto Z = v(0), R = v(kBig), ONE = v(1);
            expect_quiet_noop(
                [&] {
                    switch (l) {
                    case Layout::Strided: return gels_batch('N', 0, 0, kBig, a.base(), 1, st, c.base(), 1, st, info.data(), count);
                    case Layout::Pointers: return gels_batch_ptr('N', 0, 0, kBig, a.p(), 1, c.p(), 1, info.data(), count);
                    default:
                        return gels_vbatch('N', Z.data(), Z.data(), R.data(), a.p(), ONE.data(), c.p(), ONE.data(),
                                           info.data(), count);
                    }
                },
                &info, a, c);
        }
    }
}

// ormqr with k = 0 leaves even a non-empty C alone (Q = I): the CPU backend never reads C then,
// so a few elements stand for a C of INT_MAX rows. (A backend that stages C to a device may read
// all of it, as is its right: this checks the CPU backend's skip, not the contract.)
TYPED_TEST(Contract, UnmqrNoReflectorsTouchesNothing) {
    using T = TypeParam;
    const char *backend = std::getenv("BATCHLAPACK_TEST_BACKEND");
    if (backend && std::string(backend) == "cuda") GTEST_SKIP() << "the CPU backend's skip of k = 0";
    Untouched<T> a(1), tau(1), c(1);
    std::vector<int> info(1);
    expect_quiet_noop(
        [&] {
            return batchlapack::unmqr_batch('L', 'N', kBig, 5, 0, a.base(), kBig, 0, tau.base(), 0, c.base(), kBig, 0,
                                            info.data(), 1);
        },
        &info, a, tau, c);
    expect_quiet_noop(
        [&] { return batchlapack::unmqr_batch_ptr('R', 'N', 5, kBig, 0, a.p(), kBig, tau.p(), c.p(), 5, info.data(), 1); },
        &info, a, tau, c);
}

// gels with m or n = 0 does what LAPACK's quick return does without calling it: the first
// max(m, n) rows of B become zero, the rest stays.
TYPED_TEST(Contract, GelsEmptyMatrixZeroesTheSolution) {
    using T = TypeParam;
    const int nrhs = 2, ldb = 6;
    for (Shape s : {Shape{0, 4, 1}, Shape{4, 0, 4}}) {
        const int m = s.m, n = s.n;
        SCOPED_TRACE(s.text());
        std::vector<T> b(size_t(ldb) * nrhs), want;
        for (T &x : b) x = random_value<T>();
        want = b;
        int ref_info = -1;
        std::vector<T> work(64);
        T dummy{};
        bl::lapack::gels('N', m, n, nrhs, &dummy, std::max(1, m), want.data(), ldb, work.data(), int(work.size()),
                         &ref_info);
        ASSERT_EQ(ref_info, 0);
        int info = -1;
        ASSERT_EQ(batchlapack::gels_batch('N', m, n, nrhs, static_cast<T *>(nullptr), std::max(1, m), 0, b.data(), ldb,
                                          0, &info, 1),
                  0)
            << bl_last_error();
        EXPECT_EQ(info, 0);
        EXPECT_TRUE(b == want);
        for (int j = 0; j < nrhs; ++j)
            for (int r = 0; r < 4; ++r) EXPECT_EQ(b[size_t(j) * ldb + r], T(0));
    }
}

TYPED_TEST(Contract, LuCholeskyEmptyWithHugeOtherDimension) {
    using namespace batchlapack;
    using T = TypeParam;
    const int count = 3;
    for (Layout l : kLayouts) {
        SCOPED_TRACE(name(l));
        Untouched<T> a(count), b(count);
        Untouched<int> piv(count);
        std::vector<int> info(count);
        auto v = [&](int x) { return per(count, x); };
        const int64_t st = a.stride;
        for (Shape s : kEmptyHuge) {
            SCOPED_TRACE("getrf " + s.text());
            const auto M = v(s.m), N = v(s.n), LD = v(s.ld);
            expect_quiet_noop(
                [&] {
                    switch (l) {
                    case Layout::Strided:
                        return getrf_batch(s.m, s.n, a.base(), s.ld, st, piv.base(), st, info.data(), count);
                    case Layout::Pointers: return getrf_batch_ptr(s.m, s.n, a.p(), s.ld, piv.p(), info.data(), count);
                    default: return getrf_vbatch(M.data(), N.data(), a.p(), LD.data(), piv.p(), info.data(), count);
                    }
                },
                &info, a, piv);
        }
        // The solves and the drivers: n = 0 with INT_MAX right-hand sides.
        const auto Z = v(0), R = v(kBig), ONE = v(1);
        const T *const *ac = a.p();
        const int *const *pc = piv.p();
        expect_quiet_noop(
            [&] {
                switch (l) {
                case Layout::Strided:
                    return getrs_batch('N', 0, kBig, a.base(), 1, st, piv.base(), st, b.base(), 1, st, info.data(), count);
                case Layout::Pointers: return getrs_batch_ptr('N', 0, kBig, ac, 1, pc, b.p(), 1, info.data(), count);
                default:
                    return getrs_vbatch('N', Z.data(), R.data(), ac, ONE.data(), pc, b.p(), ONE.data(), info.data(), count);
                }
            },
            &info, a, piv, b);
        expect_quiet_noop(
            [&] {
                switch (l) {
                case Layout::Strided:
                    return gesv_batch(0, kBig, a.base(), 1, st, piv.base(), st, b.base(), 1, st, info.data(), count);
                case Layout::Pointers: return gesv_batch_ptr(0, kBig, a.p(), 1, piv.p(), b.p(), 1, info.data(), count);
                default: return gesv_vbatch(Z.data(), R.data(), a.p(), ONE.data(), piv.p(), b.p(), ONE.data(), info.data(), count);
                }
            },
            &info, a, piv, b);
        expect_quiet_noop(
            [&] {
                switch (l) {
                case Layout::Strided: return potrs_batch('L', 0, kBig, a.base(), 1, st, b.base(), 1, st, info.data(), count);
                case Layout::Pointers: return potrs_batch_ptr('L', 0, kBig, ac, 1, b.p(), 1, info.data(), count);
                default: return potrs_vbatch('L', Z.data(), R.data(), ac, ONE.data(), b.p(), ONE.data(), info.data(), count);
                }
            },
            &info, a, b);
        expect_quiet_noop(
            [&] {
                switch (l) {
                case Layout::Strided: return posv_batch('L', 0, kBig, a.base(), 1, st, b.base(), 1, st, info.data(), count);
                case Layout::Pointers: return posv_batch_ptr('L', 0, kBig, a.p(), 1, b.p(), 1, info.data(), count);
                default: return posv_vbatch('L', Z.data(), R.data(), a.p(), ONE.data(), b.p(), ONE.data(), info.data(), count);
                }
            },
            &info, a, b);
    }
}

TYPED_TEST(Contract, BlasEmptyWithHugeOtherDimension) {
    using namespace batchlapack;
    using T = TypeParam;
    const int count = 3;
    for (Layout l : kLayouts) {
        SCOPED_TRACE(name(l));
        Untouched<T> a(count), b(count), c(count);
        auto v = [&](int x) { return per(count, x); };
        const int64_t st = a.stride;
        const T *const *ac = a.p(), *const *bc = b.p();
        const auto Z = v(0), BIG = v(kBig), ONE = v(1);
        // gemm: C is 0 x INT_MAX, op(A) 0 x INT_MAX, op(B) INT_MAX x INT_MAX.
        expect_quiet_noop(
            [&] {
                switch (l) {
                case Layout::Strided:
                    return gemm_batch('N', 'N', 0, kBig, kBig, T(1), a.base(), 1, st, b.base(), kBig, st, T(0), c.base(),
                                      1, st, count);
                case Layout::Pointers:
                    return gemm_batch_ptr('N', 'N', 0, kBig, kBig, T(1), ac, 1, bc, kBig, T(0), c.p(), 1, count);
                default:
                    return gemm_vbatch('N', 'N', Z.data(), BIG.data(), BIG.data(), T(1), ac, ONE.data(), bc, BIG.data(),
                                       T(0), c.p(), ONE.data(), count);
                }
            },
            nullptr, a, b, c);
        // gemv: A is 0 x INT_MAX.
        expect_quiet_noop(
            [&] {
                switch (l) {
                case Layout::Strided:
                    return gemv_batch('N', 0, kBig, T(1), a.base(), 1, st, b.base(), 1, st, T(0), c.base(), 1, st, count);
                case Layout::Pointers: return gemv_batch_ptr('N', 0, kBig, T(1), ac, 1, bc, 1, T(0), c.p(), 1, count);
                default:
                    return gemv_vbatch('N', Z.data(), BIG.data(), T(1), ac, ONE.data(), bc, ONE.data(), T(0), c.p(),
                                       ONE.data(), count);
                }
            },
            nullptr, a, b, c);
        // trsm: B is INT_MAX x 0 (A, on the right, 0 x 0), and 0 x INT_MAX (A on the left).
        for (char side : {'R', 'L'}) {
            const Shape s = side == 'R' ? kEmptyHuge[1] : kEmptyHuge[0];
            SCOPED_TRACE(std::string("trsm side ") + side);
            const auto M = v(s.m), N = v(s.n), LDB = v(s.ld);
            expect_quiet_noop(
                [&] {
                    switch (l) {
                    case Layout::Strided:
                        return trsm_batch(side, 'L', 'N', 'N', s.m, s.n, T(1), a.base(), 1, st, b.base(), s.ld, st, count);
                    case Layout::Pointers:
                        return trsm_batch_ptr(side, 'L', 'N', 'N', s.m, s.n, T(1), ac, 1, b.p(), s.ld, count);
                    default:
                        return trsm_vbatch(side, 'L', 'N', 'N', M.data(), N.data(), T(1), ac, ONE.data(), b.p(),
                                           LDB.data(), count);
                    }
                },
                nullptr, a, b);
        }
    }
}

// ---- item: which illegal argument is named ---------------------------------------------------

// batch < 0 does not hide an illegal size before it in the uniform layouts; vbatch cannot read its
// per-matrix sizes then and names batch. Nothing is written to info.
TYPED_TEST(Contract, NegativeBatchDoesNotHideAnEarlierSize) {
    using namespace batchlapack;
    using T = TypeParam;
    Untouched<T> a(2);
    Untouched<int> piv(2);
    std::vector<int> info(2, 777), bad = per(2, -1), ld = per(2, 4);
    // getrf (m, n, A, lda, strideA, ipiv, strideIpiv, info, batch); pointer layouts without strides
    EXPECT_EQ(getrf_batch(-1, 4, a.base(), 4, 0, piv.base(), 0, info.data(), -1), -1) << bl_last_error();
    EXPECT_EQ(getrf_batch(4, -1, a.base(), 4, 0, piv.base(), 0, info.data(), -1), -2) << bl_last_error();
    EXPECT_EQ(getrf_batch(4, 4, a.base(), 3, 0, piv.base(), 0, info.data(), -1), -4) << bl_last_error();
    EXPECT_EQ(getrf_batch_ptr(-1, 4, a.p(), 4, piv.p(), info.data(), -1), -1) << bl_last_error();
    EXPECT_EQ(getrf_batch_ptr(4, 4, a.p(), 0, piv.p(), info.data(), -1), -4) << bl_last_error();
    EXPECT_EQ(getrf_vbatch(bad.data(), ld.data(), a.p(), ld.data(), piv.p(), info.data(), -1), -7) << bl_last_error();
    // Arrays are not checked without a matrix: a null A with batch < 0 leaves batch named.
    EXPECT_EQ(getrf_batch(4, 4, static_cast<T *>(nullptr), 4, 0, piv.base(), 0, info.data(), -1), -9);
    EXPECT_EQ(info, std::vector<int>(2, 777));
    // The BLAS routines the same: gemm (transa, transb, m, n, k, alpha, A, lda, strideA, ...).
    EXPECT_EQ(gemm_batch('N', 'N', -1, 2, 2, T(1), a.base(), 2, 0, a.base(), 2, 0, T(0), a.base(), 2, 0, -1), -3);
    EXPECT_EQ(gemm_batch('X', 'N', -1, 2, 2, T(1), a.base(), 2, 0, a.base(), 2, 0, T(0), a.base(), 2, 0, -1), -1);
    // gebrd: m = INT_MIN is an illegal m (its checks take min(m, n) - 1 in 64 bits).
    EXPECT_EQ(gebrd_batch(INT_MIN, 4, a.base(), 4, 0, static_cast<Real<T> *>(nullptr), 0,
                          static_cast<Real<T> *>(nullptr), 0, a.base(), 0, a.base(), 0, info.data(), -1),
              -1);
}

// batch = 0 is legal but does not make an illegal size legal (uniform layouts); info may be null.
TYPED_TEST(Contract, EmptyBatchStillChecksSizes) {
    using namespace batchlapack;
    using T = TypeParam;
    // Typed nulls: a bare nullptr would fit the overloads of every precision.
    const T *none = nullptr, *const *no_ap = nullptr;
    const int *no_piv = nullptr, *const *no_pp = nullptr;
    T *no_b = nullptr, *const *no_bp = nullptr;
    // getrs (trans, n, nrhs, A, lda, strideA, ipiv, strideIpiv, B, ldb, strideB, info, batch)
    EXPECT_EQ(getrs_batch('N', -5, 1, none, 1, 0, no_piv, 0, no_b, 1, 0, nullptr, 0), -2) << bl_last_error();
    EXPECT_EQ(getrs_batch('N', 5, -1, none, 5, 0, no_piv, 0, no_b, 5, 0, nullptr, 0), -3) << bl_last_error();
    EXPECT_EQ(getrs_batch('N', 5, 1, none, 4, 0, no_piv, 0, no_b, 5, 0, nullptr, 0), -5) << bl_last_error();
    EXPECT_EQ(getrs_batch('X', 5, 1, none, 5, 0, no_piv, 0, no_b, 5, 0, nullptr, 0), -1) << bl_last_error();
    EXPECT_EQ(getrs_batch_ptr('N', -5, 1, no_ap, 1, no_pp, no_bp, 1, nullptr, 0), -2) << bl_last_error();
    // Legal sizes with batch = 0: no array is needed.
    EXPECT_EQ(getrs_batch('N', 5, 1, none, 5, 0, no_piv, 0, no_b, 5, 0, nullptr, 0), 0) << bl_last_error();
    EXPECT_EQ(getrs_batch_ptr('N', 5, 1, no_ap, 5, no_pp, no_bp, 5, nullptr, 0), 0) << bl_last_error();
    // vbatch: the per-matrix sizes have no entry to read; the options are still checked.
    const int bad = -5;
    EXPECT_EQ(getrs_vbatch('N', &bad, &bad, no_ap, &bad, no_pp, no_bp, &bad, nullptr, 0), 0) << bl_last_error();
    EXPECT_EQ(getrs_vbatch('N', nullptr, nullptr, no_ap, nullptr, no_pp, no_bp, nullptr, nullptr, 0), 0);
    EXPECT_EQ(getrs_vbatch('X', nullptr, nullptr, no_ap, nullptr, no_pp, no_bp, nullptr, nullptr, 0), -1);
    // The BLAS routines: trsv (uplo, trans, diag, n, A, lda, strideA, x, incx, strideX, batch).
    EXPECT_EQ(trsv_batch('U', 'N', 'N', -1, none, 1, 0, no_b, 1, 0, 0), -4) << bl_last_error();
    EXPECT_EQ(trsv_batch('U', 'N', 'N', 3, none, 3, 0, no_b, 0, 0, 0), -9) << bl_last_error();
}

// A null array is named before an illegal leading dimension of it (A comes first).
TYPED_TEST(Contract, NullArrayBeforeItsLeadingDimension) {
    using T = TypeParam;
    const int count = 2, n = 4;
    Batch<T> a(Layout::Strided, per(count, n), per(count, n));
    Batch<int> piv(Layout::Strided, per(count, n), per(count, 1));
    a.randomize();
    std::vector<int> info(count), bad_ld = per(count, -8), m = per(count, n);
    std::vector<T *> holes(a.ptrs(), a.ptrs() + count);
    holes[1] = nullptr;
    // getrf (m, n, A, lda, strideA, ipiv, strideIpiv, info, batch); pointer layouts without strides
    expect_rejected(3, [&] {
        return batchlapack::getrf_batch(n, n, static_cast<T *>(nullptr), -8, a.stride(), piv.base(), piv.stride(),
                                        info.data(), count);
    }, &info, a, piv);
    expect_rejected(3, [&] {
        return batchlapack::getrf_batch(n, n, static_cast<T *>(nullptr), -8, 1, piv.base(), piv.stride(), info.data(),
                                        count);
    }, &info, a, piv);
    expect_rejected(3, [&] { return batchlapack::getrf_batch_ptr(n, n, static_cast<T *const *>(nullptr), -8, piv.ptrs(), info.data(), count); },
                    &info, a, piv);
    expect_rejected(3, [&] { return batchlapack::getrf_batch_ptr(n, n, holes.data(), -8, piv.ptrs(), info.data(), count); },
                    &info, a, piv);
    expect_rejected(3, [&] {
        return batchlapack::getrf_vbatch(m.data(), m.data(), holes.data(), bad_ld.data(), piv.ptrs(), info.data(), count);
    }, &info, a, piv);
    // A legal A and an illegal lda: lda.
    expect_rejected(4, [&] {
        return batchlapack::getrf_batch(n, n, a.base(), -8, a.stride(), piv.base(), piv.stride(), info.data(), count);
    }, &info, a, piv);
}

// A null array of pointers does not hide an illegal size before it: the sizes are still read.
TYPED_TEST(Contract, NullPointerArrayAfterAnIllegalSize) {
    using T = TypeParam;
    const int count = 2, n = 4;
    Batch<T> a(Layout::Strided, per(count, n), per(count, n));
    Batch<int> piv(Layout::Strided, per(count, n), per(count, 1));
    a.randomize();
    std::vector<int> info(count), bad = {n, -1}, m = per(count, n);
    T *const *no_a = nullptr;
    // getrf (m, n, A, lda, ipiv, info, batch) in the pointer layouts
    expect_rejected(1, [&] { return batchlapack::getrf_batch_ptr(-1, n, no_a, n, piv.ptrs(), info.data(), count); },
                    &info, a, piv);
    expect_rejected(2, [&] { return batchlapack::getrf_vbatch(m.data(), bad.data(), no_a, m.data(), piv.ptrs(), info.data(), count); },
                    &info, a, piv);
    // With legal sizes, the null array itself.
    expect_rejected(3, [&] { return batchlapack::getrf_batch_ptr(n, n, no_a, n, piv.ptrs(), info.data(), count); },
                    &info, a, piv);
}

}  // namespace
}  // namespace bltest
