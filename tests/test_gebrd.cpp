// Bidiagonal reduction: gebrd.
#include <sys/resource.h>

#include "common.hpp"

namespace bltest {
namespace {

template <class T> using Gebrd = TypedBackendTest<T>;
TYPED_TEST_SUITE(Gebrd, Precisions);

// The matrices of one call: A and its outputs d, e, tauq, taup.
template <class T> struct Problem {
    Batch<T> a, tauq, taup;
    Batch<Real<T>> d, e;
    Problem(Layout l, const std::vector<int> &rows, const std::vector<int> &cols, int extra_ld) {
        const size_t count = rows.size();
        std::vector<int> k(count), k1(count), one(count, 1);
        for (size_t i = 0; i < count; ++i) k[i] = std::min(rows[i], cols[i]), k1[i] = std::max(0, k[i] - 1);
        a = Batch<T>(l, rows, cols, extra_ld);
        tauq = taup = Batch<T>(l, k, one);
        d = Batch<Real<T>>(l, k, one);
        e = Batch<Real<T>>(l, k1, one);
    }
    int call(Layout l, std::vector<int> &info) {
        const int count = a.count();
        std::vector<int> m(count), n(count);
        for (int i = 0; i < count; ++i) m[i] = a.rows(i), n[i] = a.cols(i);
        switch (l) {
        case Layout::Strided:
            return batchlapack::gebrd_batch(m[0], n[0], a.base(), a.ld(0), a.stride(), d.base(), d.stride(), e.base(),
                                            e.stride(), tauq.base(), tauq.stride(), taup.base(), taup.stride(),
                                            info.data(), count);
        case Layout::Pointers:
            return batchlapack::gebrd_batch_ptr(m[0], n[0], a.ptrs(), a.ld(0), d.ptrs(), e.ptrs(), tauq.ptrs(),
                                                taup.ptrs(), info.data(), count);
        case Layout::Variable:
            return batchlapack::gebrd_vbatch(m.data(), n.data(), a.ptrs(), a.lds(), d.ptrs(), e.ptrs(), tauq.ptrs(),
                                             taup.ptrs(), info.data(), count);
        }
        return 1;
    }
};

// With `tiny` >= 0, matrix `tiny`'s entries are scaled into larfg's delicate range (their squares
// underflow: LAPACK rescales there, the library's kernels decline that matrix to LAPACK).
template <class T>
void check_gebrd(Layout l, const std::vector<int> &rows, const std::vector<int> &cols, int extra_ld, int tiny = -1) {
    const int count = int(rows.size());
    Problem<T> p(l, rows, cols, extra_ld);
    p.a.randomize();
    if (tiny >= 0)
        for (int c = 0; c < cols[tiny]; ++c)
            for (int r = 0; r < rows[tiny]; ++r) p.a.at(tiny, r, c) *= std::sqrt(std::numeric_limits<Real<T>>::min());
    std::vector<std::vector<T>> orig(count);
    for (int i = 0; i < count; ++i) orig[i] = p.a.get(i);
    std::vector<int> info(count, -99);
    ASSERT_EQ(p.call(l, info), 0) << bl_last_error();
    EXPECT_TRUE(p.a.guards_intact() && p.tauq.guards_intact() && p.taup.guards_intact()) << "write outside A or tau";
    EXPECT_TRUE(p.d.guards_intact() && p.e.guards_intact()) << "write outside d or e";
    for (int i = 0; i < count; ++i) {
        const int m = rows[i], n = cols[i], k = std::min(m, n);
        SCOPED_TRACE("matrix " + std::to_string(i) + " (" + std::to_string(m) + "x" + std::to_string(n) + ") " +
                     name(l));
        // The system LAPACK on a copy: info, and d, e to within rounding. d and e are computed
        // one reflector after another, so their forward error bound grows like m n ||A|| eps
        // (a different blocking, from a different workspace size, already moves them that far).
        std::vector<T> ra = with_slack(orig[i], m), tq(std::max(1, k)), tp(std::max(1, k)), work(size_t(64) * (m + n + 1));
        std::vector<Real<T>> rd(std::max(1, k)), re(std::max(1, k));
        int ref_info = 0;
        bl::lapack::gebrd(m, n, ra.data(), std::max(1, m), rd.data(), re.data(), tq.data(), tp.data(), work.data(),
                          int(work.size()), &ref_info);
        EXPECT_EQ(info[i], ref_info);
        // In complex arithmetic d's and e's signs are compared only up to a step where
        // larfg's alpha has a real part that is zero up to rounding (beta = -sign(Re alpha) |.|):
        // there the two codes may take opposite signs, and B differs from LAPACK's by diagonal
        // unitary factors from then on; more likely than in real arithmetic, where all of alpha
        // must vanish. So complex types compare |d| and |e| (the residual below checks the rest).
        std::vector<Real<T>> d = p.d.get(i), e = p.e.get(i);
        const double tol = kThreshold * m * n * norm1(orig[i], m, n) * double(eps<T>());
        auto value = [](Real<T> x) { return is_complex<T> ? std::abs(x) : x; };
        for (int j = 0; j < k; ++j) EXPECT_LE(std::abs(value(d[j]) - value(rd[j])), tol) << "d[" << j << "]";
        for (int j = 0; j + 1 < k; ++j) EXPECT_LE(std::abs(value(e[j]) - value(re[j])), tol) << "e[" << j << "]";
        EXPECT_LT(gebrd_ratio(orig[i], p.a.get(i), d, e, p.tauq.get(i), p.taup.get(i), m, n), kThreshold);
    }
}

TYPED_TEST(Gebrd, UniformSizes) {
    int j = 0;  // the two uniform layouts take turns, to keep the run time down
    for (int n : {0, 1, 2, 3, 5, 8, 9, 16, 17, 31, 33, 64})
        for (int m : {n, n + 6, std::max(0, n - 5)}) {
            const Layout l = j++ % 2 ? Layout::Pointers : Layout::Strided;
            SCOPED_TRACE(std::string(name(l)) + " m=" + std::to_string(m) + " n=" + std::to_string(n));
            check_gebrd<TypeParam>(l, std::vector<int>(3, m), std::vector<int>(3, n), n % 3);
        }
}

// A uniform batch of two groups of the group kernel (small.hpp's gebrd_group), the second partial,
// with one matrix where a larfg would rescale: the kernel leaves it to the one-matrix path, the
// others' results stay the kernel's; square, tall and wide, fixed and run-time orders.
TYPED_TEST(Gebrd, DelicateMatrixInAGroup) {
    int j = 0;
    for (int n : {4, 16, 24})
        for (int m : {n, n + 3, n - 2}) {
            const Layout l = j++ % 2 ? Layout::Pointers : Layout::Strided;
            SCOPED_TRACE(std::string(name(l)) + " m=" + std::to_string(m) + " n=" + std::to_string(n));
            check_gebrd<TypeParam>(l, std::vector<int>(11, m), std::vector<int>(11, n), 1, 9);
        }
}

// Around the switch points of the CPU backend's blocked kernel (src_cpu/bidiag.hpp): it takes
// m >= n from order 65 in real types, and their uniform batches from 128 (the group kernel
// below); complex m >= n from 32; m < n stays LAPACK's. A variable batch of orders on both sides
// of 32, 65 and 128.
TYPED_TEST(Gebrd, BlockedKernelOrders) {
    int j = 0;
    for (int n : {31, 32, 64, 65, 127, 128, 129})
        for (int m : {n, n + 7, n - 3}) {
            const Layout l = j++ % 2 ? Layout::Pointers : Layout::Strided;
            SCOPED_TRACE(std::string(name(l)) + " m=" + std::to_string(m) + " n=" + std::to_string(n));
            check_gebrd<TypeParam>(l, std::vector<int>(2, m), std::vector<int>(2, n), n % 3);
        }
    const std::vector<int> rows = {140, 66, 60, 129, 100, 70, 34, 31}, cols = {131, 65, 60, 127, 100, 72, 32, 31};
    check_gebrd<TypeParam>(Layout::Variable, rows, cols, 2);
}

TYPED_TEST(Gebrd, VariableSizes) {
    check_gebrd<TypeParam>(Layout::Variable, mixed_sizes(30, 50), mixed_sizes(30, 50), 1);
}

// A tall and a wide matrix in one variable batch (found by the argument fuzzer): the copy that
// complex gebrd works in (src_cpu/parallel.hpp, SlackCopy) is sized for the larger matrix, not for
// the largest m beside the largest n (65536 x 65537 elements here, 64 GiB per thread in complex
// double: the call failed with BL_ERROR_OUT_OF_MEMORY). Each matrix's results are those of a call
// of its own.
TYPED_TEST(Gebrd, VariableTallAndWide) {
    using T = TypeParam;
    const std::vector<int> rows = {65536, 1}, cols = {1, 65536};
    Problem<T> both(Layout::Variable, rows, cols, 0);
    both.a.randomize();
    const std::vector<T> a0 = both.a.get(0), a1 = both.a.get(1);
    std::vector<int> info(2, -99);
    ASSERT_EQ(both.call(Layout::Variable, info), 0) << bl_last_error();
    for (int i = 0; i < 2; ++i) {
        Problem<T> alone(Layout::Variable, {rows[size_t(i)]}, {cols[size_t(i)]}, 0);
        alone.a.set(0, i == 0 ? a0 : a1);
        std::vector<int> info_alone(1, -99);
        ASSERT_EQ(alone.call(Layout::Variable, info_alone), 0) << bl_last_error();
        EXPECT_EQ(info[size_t(i)], info_alone[0]);
        EXPECT_TRUE(both.a.get(i) == alone.a.get(0) && both.d.get(i) == alone.d.get(0) &&
                    both.e.get(i) == alone.e.get(0) && both.tauq.get(i) == alone.tauq.get(0) &&
                    both.taup.get(i) == alone.taup.get(0))
            << "matrix " << i;
    }
}

// A batch that ends just before an unmapped page: nothing past it is read. (OpenBLAS's complex
// gemv kernel reads past its matrix; the CPU backend works around it, src_cpu/parallel.hpp.)
TYPED_TEST(Gebrd, BatchEndsBeforeAnUnmappedPage) {
    using T = TypeParam;
    for (const auto &[m, n] : {std::pair<int, int>{64, 64}, {20, 33}, {40, 25}}) {
        SCOPED_TRACE("m=" + std::to_string(m) + " n=" + std::to_string(n));
        const int lda = m + 1, k = std::min(m, n), count = 3;
        EndsAtUnmappedPage<T> a(size_t(lda) * n * (count - 1) + size_t(lda) * (n - 1) + m);
        std::mt19937 gen(7);
        std::uniform_real_distribution<double> u(-1, 1);
        for (size_t e = 0; e < size_t(lda) * n * count - (lda - m); ++e) a.data()[e] = T(Real<T>(u(gen)));
        std::vector<Real<T>> d(size_t(k) * count), e(size_t(k) * count);
        std::vector<T> tq(size_t(k) * count), tp(size_t(k) * count);
        std::vector<int> info(count, -1);
        ASSERT_EQ(batchlapack::gebrd_batch(m, n, a.data(), lda, int64_t(lda) * n, d.data(), k, e.data(), k, tq.data(),
                                           k, tp.data(), k, info.data(), count),
                  0)
            << bl_last_error();
        EXPECT_EQ(info, std::vector<int>(count, 0));
    }
}

// A tall and a wide matrix in one variable batch (20000 x 2 and 2 x 20000): the CPU backend's
// per-thread copies (SlackCopy) hold the largest matrix of the batch, not max(m) x max(n), which
// here would be 20000 x 20001 elements per thread (6.4 GB in complex double). The process's peak
// resident memory must grow by less than half of one such copy (LAPACK's workspace, about
// (m + n) 32 elements per thread, stays well below that up to hundreds of threads).
TYPED_TEST(Gebrd, TallAndWideVariableBatchStaysSmall) {
    using T = TypeParam;
    const char *backend = std::getenv("BATCHLAPACK_TEST_BACKEND");
    if (backend && std::string(backend) == "cuda") GTEST_SKIP() << "the CPU backend's workspace";
    const int big = 20000;
    std::vector<int> m = {big, 2}, n = {2, big}, k = {2, 2};
    std::vector<std::vector<T>> a(2, std::vector<T>(size_t(2) * big)), tq(2, std::vector<T>(2)), tp = tq;
    std::vector<std::vector<Real<T>>> d(2, std::vector<Real<T>>(2)), e = d;
    std::mt19937 gen(13);
    std::uniform_real_distribution<double> u(-1, 1);
    for (auto &x : a)
        for (T &v : x) v = T(Real<T>(u(gen)));
    std::vector<T *> ap = {a[0].data(), a[1].data()}, qp = {tq[0].data(), tq[1].data()}, pp = {tp[0].data(), tp[1].data()};
    std::vector<Real<T> *> dp = {d[0].data(), d[1].data()}, ep = {e[0].data(), e[1].data()};
    std::vector<int> info(2, -1);
    rusage before{}, after{};
    getrusage(RUSAGE_SELF, &before);
    ASSERT_EQ(batchlapack::gebrd_vbatch(m.data(), n.data(), ap.data(), m.data(), dp.data(), ep.data(), qp.data(),
                                        pp.data(), info.data(), 2),
              0)
        << bl_last_error();
    getrusage(RUSAGE_SELF, &after);
    EXPECT_EQ(info, std::vector<int>(2, 0));
    const double grown = double(after.ru_maxrss - before.ru_maxrss) * 1024;  // ru_maxrss is in KiB
    EXPECT_LT(grown, 0.5 * big * (big + 1.0) * sizeof(T)) << "peak resident memory grew by " << grown / 1048576 << " MiB";
}

TYPED_TEST(Gebrd, EmptyBatchAndIllegalArguments) {
    using namespace batchlapack;  // the calls below are long enough
    using T = TypeParam;
    using R = Real<T>;
    const int count = 3, m = 5, n = 4;
    std::vector<int> info(count);
    for (Layout l : kLayouts) {
        SCOPED_TRACE(name(l));
        Problem<T> p(l, std::vector<int>(count, m), std::vector<int>(count, n), 0);
        p.a.randomize();
        EXPECT_EQ(p.call(l, info), 0);  // legal: the rejections below must leave these results alone
        T *ab = p.a.base(), *qb = p.tauq.base(), *pb = p.taup.base();
        R *db = p.d.base(), *eb = p.e.base();
        T *const *ap = p.a.ptrs(), *const *qp = p.tauq.ptrs(), *const *pp = p.taup.ptrs();
        R *const *dp = p.d.ptrs(), *const *ep = p.e.ptrs();
        const int64_t sa = p.a.stride();
        int *inf = info.data();
        auto reject = [&](int k, std::function<int()> f) {
            expect_rejected(k, f, &info, p.a, p.d, p.e, p.tauq, p.taup);
        };
        switch (l) {
        case Layout::Strided:
            // (m, n, A, lda, strideA, d, strideD, e, strideE, tauq, strideTauq, taup, strideTaup, info, batch)
            EXPECT_EQ(gebrd_batch(m, n, ab, m, sa, db, n, eb, n - 1, qb, n, pb, n, inf, 0), 0);
            reject(1, [=] { return gebrd_batch(-1, n, ab, m, sa, db, n, eb, n - 1, qb, n, pb, n, inf, count); });
            reject(2, [=] { return gebrd_batch(m, -1, ab, m, sa, db, n, eb, n - 1, qb, n, pb, n, inf, count); });
            reject(3, [=] { return gebrd_batch(m, n, nullptr, m, sa, db, n, eb, n - 1, qb, n, pb, n, inf, count); });
            reject(4, [=] { return gebrd_batch(m, n, ab, m - 1, sa, db, n, eb, n - 1, qb, n, pb, n, inf, count); });
            reject(5, [=] { return gebrd_batch(m, n, ab, m, 1, db, n, eb, n - 1, qb, n, pb, n, inf, count); });
            reject(6, [=] { return gebrd_batch(m, n, ab, m, sa, nullptr, n, eb, n - 1, qb, n, pb, n, inf, count); });
            reject(7, [=] { return gebrd_batch(m, n, ab, m, sa, db, n - 1, eb, n - 1, qb, n, pb, n, inf, count); });
            reject(8, [=] { return gebrd_batch(m, n, ab, m, sa, db, n, nullptr, n - 1, qb, n, pb, n, inf, count); });
            reject(9, [=] { return gebrd_batch(m, n, ab, m, sa, db, n, eb, n - 2, qb, n, pb, n, inf, count); });
            reject(10, [=] { return gebrd_batch(m, n, ab, m, sa, db, n, eb, n - 1, nullptr, n, pb, n, inf, count); });
            reject(11, [=] { return gebrd_batch(m, n, ab, m, sa, db, n, eb, n - 1, qb, 0, pb, n, inf, count); });
            reject(12, [=] { return gebrd_batch(m, n, ab, m, sa, db, n, eb, n - 1, qb, n, nullptr, n, inf, count); });
            reject(13, [=] { return gebrd_batch(m, n, ab, m, sa, db, n, eb, n - 1, qb, n, pb, 2, inf, count); });
            expect_rejected(
                14, [=] { return gebrd_batch(m, n, ab, m, sa, db, n, eb, n - 1, qb, n, pb, n, nullptr, count); },
                            nullptr, p.a, p.d);
            expect_rejected(15, [=] { return gebrd_batch(m, n, ab, m, sa, db, n, eb, n - 1, qb, n, pb, n, inf, -1); },
                            nullptr, p.a, p.d);
            break;
        case Layout::Pointers: {
            std::vector<R *> holes(ep, ep + count);
            holes[2] = nullptr;
            R *const *hp = holes.data();
            // (m, n, A, lda, d, e, tauq, taup, info, batch)
            reject(4, [=] { return gebrd_batch_ptr(m, n, ap, 0, dp, ep, qp, pp, inf, count); });
            reject(5, [=] { return gebrd_batch_ptr(m, n, ap, m, nullptr, ep, qp, pp, inf, count); });
            reject(6, [=] { return gebrd_batch_ptr(m, n, ap, m, dp, hp, qp, pp, inf, count); });
            reject(7, [=] { return gebrd_batch_ptr(m, n, ap, m, dp, ep, nullptr, pp, inf, count); });
            reject(8, [=] { return gebrd_batch_ptr(m, n, ap, m, dp, ep, qp, nullptr, inf, count); });
            break;
        }
        case Layout::Variable: {
            std::vector<int> mv(count, m), nv(count, n), ld(count, m), bad = nv;
            bad[1] = -3;
            std::vector<int> badld = ld;
            badld[2] = 0;
            const int *md = mv.data(), *nd = nv.data(), *ldd = ld.data(), *badd = bad.data(), *bldd = badld.data();
            // (m, n, A, lda, d, e, tauq, taup, info, batch)
            reject(1, [=] { return gebrd_vbatch(nullptr, nd, ap, ldd, dp, ep, qp, pp, inf, count); });
            reject(2, [=] { return gebrd_vbatch(md, badd, ap, ldd, dp, ep, qp, pp, inf, count); });
            reject(4, [=] { return gebrd_vbatch(md, nd, ap, bldd, dp, ep, qp, pp, inf, count); });
            reject(3, [=] { return gebrd_vbatch(md, nd, nullptr, ldd, dp, ep, qp, pp, inf, count); });
            break;
        }
        }
    }
}

}  // namespace
}  // namespace bltest
