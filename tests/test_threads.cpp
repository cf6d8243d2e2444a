// Host threads calling the library at once (DESIGN.md: calls are thread-safe). Each thread runs a
// sequence of calls of every family on its own data, and its results must equal, bit for bit,
// those of the same sequence run alone first: a matrix's results depend on nothing else. Each
// thread also makes an illegal call, and its error state (bl_last_error) must describe its own
// call, not another thread's. scripts/sanitize.sh tsan runs this program under ThreadSanitizer.
#include <string>
#include <thread>

#include "common.hpp"

namespace bltest {
namespace {

template <class T> using Threads = TypedBackendTest<T>;
TYPED_TEST_SUITE(Threads, Precisions);

// One thread's data: a uniform batch of `count` n x n matrices for each routine, and a variable
// batch for getrf.
template <class T> struct Work {
    static constexpr int n = 20, count = 12, k = n / 2;
    std::vector<T> lu, qr, tau, c, bd, tauq, taup, spd, ls, rhs, g;
    std::vector<Real<T>> d, e;
    std::vector<int> piv, info, vm;
    std::vector<std::vector<T>> var;
    std::vector<std::vector<int>> vpiv;

    explicit Work(int seed) {
        std::mt19937_64 gen{uint64_t(seed)};
        std::uniform_real_distribution<double> u(-1, 1);
        auto fill = [&](std::vector<T> &v, size_t size) {
            v.resize(size);
            for (T &x : v) {
                if constexpr (is_complex<T>) x = T(Real<T>(u(gen)), Real<T>(u(gen)));
                else x = T(u(gen));
            }
        };
        const size_t nn = size_t(n) * n * count;
        fill(lu, nn), fill(qr, nn), fill(c, nn), fill(bd, nn), fill(ls, nn), fill(rhs, size_t(n) * count), fill(g, nn);
        tau.resize(size_t(n) * count), tauq = taup = tau;
        d.resize(size_t(n) * count), e = d;
        piv.resize(size_t(n) * count), info.resize(count);
        spd.assign(nn, T(0));  // diagonally dominant Hermitian: n on the diagonal, small elsewhere
        for (int i = 0; i < count; ++i)
            for (int j = 0; j < n; ++j) spd[size_t(i) * n * n + size_t(j) * n + j] = T(Real<T>(n));
        for (int i = 0; i < count; ++i) {
            const int m = 3 + (seed + 7 * i) % 30;
            vm.push_back(m);
            fill(var.emplace_back(), size_t(m) * m);
            vpiv.emplace_back(size_t(m));
        }
    }

    // Every call of the sequence; the number of calls that did not return 0.
    int run() {
        const int64_t s = int64_t(n) * n;
        int bad = 0;
        bad += batchlapack::getrf_batch(n, n, lu.data(), n, s, piv.data(), n, info.data(), count) != 0;
        bad += batchlapack::geqrf_batch(n, n, qr.data(), n, s, tau.data(), n, info.data(), count) != 0;
        bad += batchlapack::unmqr_batch('R', 'N', n, n, k, qr.data(), n, s, tau.data(), n, c.data(), n, s,
                                        info.data(), count) != 0;
        bad += batchlapack::gebrd_batch(n, n, bd.data(), n, s, d.data(), n, e.data(), n, tauq.data(), n,
                                        taup.data(), n, info.data(), count) != 0;
        bad += batchlapack::potrf_batch('L', n, spd.data(), n, s, info.data(), count) != 0;
        bad += batchlapack::gels_batch('N', n, k, 1, ls.data(), n, s, rhs.data(), n, n, info.data(), count) != 0;
        bad += batchlapack::gemm_batch('N', 'N', n, n, n, T(1), lu.data(), n, s, qr.data(), n, s, T(0.5), g.data(),
                                       n, s, count) != 0;
        std::vector<T *> a(count);
        std::vector<int *> p(count);
        for (int i = 0; i < count; ++i) a[i] = var[i].data(), p[i] = vpiv[i].data();
        bad += batchlapack::getrf_vbatch(vm.data(), vm.data(), a.data(), vm.data(), p.data(), info.data(), count) != 0;
        return bad;
    }
    bool operator==(const Work &o) const {
        auto same = [](const auto &x, const auto &y) {
            return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(x[0])) == 0;
        };
        bool ok = same(lu, o.lu) && same(qr, o.qr) && same(tau, o.tau) && same(c, o.c) && same(bd, o.bd) &&
                  same(tauq, o.tauq) && same(taup, o.taup) && same(d, o.d) && same(e, o.e) && same(spd, o.spd) &&
                  same(ls, o.ls) && same(rhs, o.rhs) && same(g, o.g) && same(piv, o.piv) && same(info, o.info);
        for (size_t i = 0; i < var.size(); ++i) ok = ok && same(var[i], o.var[i]) && same(vpiv[i], o.vpiv[i]);
        return ok;
    }
};

TYPED_TEST(Threads, CallsAtOnceEqualCallsAlone) {
    using T = TypeParam;
    const int threads = 4;
    std::vector<Work<T>> alone, together;
    for (int t = 0; t < threads; ++t) alone.emplace_back(t), together.emplace_back(t);
    for (Work<T> &w : alone) ASSERT_EQ(w.run(), 0) << bl_last_error();

    std::vector<int> bad(threads, -1), code(threads, 0);
    std::vector<std::string> message(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            bad[t] = together[t].run();
            // An illegal m of this thread's own (argument 1), then its message.
            int info = 0;
            code[t] = batchlapack::getrf_batch(-(t + 1), 4, together[t].lu.data(), 4, 16, together[t].piv.data(), 4,
                                               &info, 1);
            message[t] = bl_last_error();
        });
    for (std::thread &th : pool) th.join();
    for (int t = 0; t < threads; ++t) {
        SCOPED_TRACE("thread " + std::to_string(t));
        EXPECT_EQ(bad[t], 0);
        EXPECT_TRUE(together[t] == alone[t]) << "results differ from the same calls made alone";
        EXPECT_EQ(code[t], -1);
        EXPECT_NE(message[t].find("= " + std::to_string(-(t + 1)) + " "), std::string::npos) << message[t];
    }
}

}  // namespace
}  // namespace bltest
