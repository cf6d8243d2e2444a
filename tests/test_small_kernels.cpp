// The CPU backend's own kernels, for tiny matrices (src_cpu/small.hpp), the tiled LU and
// Cholesky and the blocked QR's panel (src_cpu/tiled.hpp) and the blocked bidiagonal reduction (src_cpu/bidiag.hpp), called directly and compared with the system LAPACK at every size
// they cover: the same info and pivots, factors within LAPACK's residual ratios, nothing written
// outside the matrices. The test links the library's objects of the kernels
// (tests/CMakeLists.txt), since the library does not export them; the orders each kernel takes
// come from the size ladder (src_cpu/ladder.hpp).
#include "common.hpp"
#include "bidiag.hpp"
#include "isa.hpp"
#include "ladder.hpp"
#include "small.hpp"
#include "solve.hpp"
#include "tiled.hpp"

namespace {

using namespace bltest;
namespace small = bl::cpu::small;
namespace tiled = bl::cpu::tiled;
namespace bidiag = bl::cpu::bidiag;
namespace ladder = bl::cpu::ladder;

// The group and trsv kernels' tests skip where no unit of them runs: a build without the x86-64
// baseline's units (BATCHLAPACK_X86_BASE_KERNELS=OFF) on a processor without AVX2, or with
// BATCHLAPACK_CPU_ISA=base.
constexpr const char *kNoGroupUnits =
    "no group or trsv kernels for this instruction set (built with BATCHLAPACK_X86_BASE_KERNELS=OFF)";

constexpr int kMax = ladder::kSmallMax;                   // the one-matrix kernels' cut-off
constexpr int kPotrfMax = ladder::cholesky::kSmallMax;    // potrf's own
template <class T> constexpr int kPotrfGroupMax = ladder::cholesky::kGroupMax<T>;
template <class T> constexpr int kGetrfGroupMax = ladder::lu::kGroupMax<T>;
constexpr int kQrMax = ladder::qr::kSmallMax;             // geqrf's and gebrd's, run-time sizes past kMax
static_assert(ladder::gebrd::kSmallMax == kQrMax, "the one-matrix geqrf and gebrd take the same shapes");
// Shapes past kMax, where geqrf and gebrd run with run-time sizes: both sides of the fixed-size
// cut-off, odd orders (the four-column blocks' remainders), and the largest.
constexpr int kQrOrders[] = {1, 5, kMax + 1, 30, 33, 47, kQrMax};
constexpr int kGeqrfGroupMax = ladder::qr::kGroupMax, kGeqrfGroupRowsMax = ladder::qr::kGroupRowsMax,
              kGebrdGroupMax = ladder::gebrd::kGroupMax;

// These are CPU kernels: under the CUDA registration there is nothing to test.
template <class T> class Small : public ::testing::Test {
protected:
    void SetUp() override {
        const char *b = std::getenv("BATCHLAPACK_TEST_BACKEND");
        if (b && std::string(b) == "cuda") GTEST_SKIP() << "CPU kernels";
    }
};
TYPED_TEST_SUITE(Small, Precisions);

// Integer-valued data has exact zeros, ties and rank deficiency.
enum class Data { Random, Integer };

// An m x n matrix with leading dimension m + 2; the two extra rows hold guard values.
template <class T> struct Mat {
    int m, n, ld;
    std::vector<T> s;
    Mat(int m_, int n_, Data kind = Data::Random) : m(m_), n(n_), ld(m_ + 2), s(size_t(ld) * n_, guard_value<T>()) {
        std::uniform_int_distribution<int> k(-4, 4);
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) {
                if (kind == Data::Random) at(i, j) = random_value<T>();
                else if constexpr (is_complex<T>) at(i, j) = T(Real<T>(k(rng())), Real<T>(k(rng())));
                else at(i, j) = T(k(rng()));
            }
    }
    T &at(int i, int j) { return s[size_t(j) * ld + i]; }
    T *data() { return s.data(); }
    std::vector<T> dense() const {
        std::vector<T> d(size_t(m) * n);
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) d[size_t(j) * m + i] = s[size_t(j) * ld + i];
        return d;
    }
    bool guards_intact() const {
        for (int j = 0; j < n; ++j)
            for (int i = m; i < ld; ++i)
                if (!same_bits(s[size_t(j) * ld + i], guard_value<T>())) return false;
        return true;
    }
};

// max |a - b| / (max(m, n) * eps * max(1, max |b|)): a tight comparison with LAPACK's output.
// Forward differences carry the problem's conditioning, so they are held to kCompare, not to the
// residual threshold.
constexpr double kCompare = 100;
template <class T> double diff_ratio(const std::vector<T> &a, const std::vector<T> &b, int order) {
    double d = 0, big = 1;
    for (size_t k = 0; k < a.size(); ++k) {
        d = std::max(d, double(std::abs(a[k] - b[k])));
        big = std::max(big, double(std::abs(b[k])));
    }
    return d / (std::max(order, 1) * big * double(eps<T>()));
}

// ---- LU ---------------------------------------------------------------------------------------
// ||P L U - A||_1 / (max(m, n) ||A||_1 eps) from the packed factors.
template <class T> double lu_residual(const std::vector<T> &a, const std::vector<T> &f, const int *ipiv, int m, int n) {
    const int k = std::min(m, n);
    std::vector<T> L(size_t(m) * k), U(size_t(k) * n);
    for (int j = 0; j < k; ++j)
        for (int i = 0; i < m; ++i) L[size_t(j) * m + i] = i == j ? T(1) : i > j ? f[size_t(j) * m + i] : T(0);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < k; ++i) U[size_t(j) * k + i] = i <= j ? f[size_t(j) * m + i] : T(0);
    std::vector<T> p = matmul(L, U, m, k, n);
    for (int i = k - 1; i >= 0; --i)
        for (int j = 0; j < n; ++j) std::swap(p[size_t(j) * m + i], p[size_t(j) * m + ipiv[i] - 1]);
    return ratio(a, p, m, n, std::max(m, n));
}

template <class T> void check_getrf(Mat<T> a, bool compare_pivots) {
    const int m = a.m, n = a.n, k = std::min(m, n);
    const std::vector<T> orig = a.dense();
    std::vector<T> ref = orig;
    std::vector<int> piv(k), ref_piv(k);
    int info = -7, ref_info = -7;
    ASSERT_TRUE(small::getrf(m, n, a.data(), a.ld, piv.data(), &info)) << m << "x" << n;
    bl::lapack::getrf(m, n, ref.data(), m, ref_piv.data(), &ref_info);
    const std::vector<T> f = a.dense();
    EXPECT_TRUE(a.guards_intact());
    EXPECT_LT(lu_residual(orig, f, piv.data(), m, n), kThreshold) << m << "x" << n;
    if (compare_pivots) {
        EXPECT_EQ(info, ref_info) << m << "x" << n;
        EXPECT_EQ(piv, ref_piv) << m << "x" << n;
        if (ref_info == 0 && piv == ref_piv) EXPECT_LT(diff_ratio(f, ref, std::max(m, n)), kCompare) << m << "x" << n;
    }
}

TYPED_TEST(Small, GetrfEveryShape) {
    for (int m = 1; m <= kMax; ++m)
        for (int n = 1; n <= kMax; ++n) {
            check_getrf(Mat<TypeParam>(m, n), true);
            check_getrf(Mat<TypeParam>(m, n, Data::Integer), false);
        }
}

// Exactly singular: zero columns keep their pivots exactly zero, so info and the pivots (the
// first index of an all-zero column) must match LAPACK's.
TYPED_TEST(Small, GetrfSingular) {
    using T = TypeParam;
    for (int n = 1; n <= kMax; ++n)
        for (int z = 0; z < n; ++z) {
            Mat<T> a(n, n);
            for (int i = 0; i < n; ++i) a.at(i, z) = T(0);
            if (z + 2 < n)
                for (int i = 0; i < n; ++i) a.at(i, z + 2) = T(0);
            check_getrf(a, true);
        }
    Mat<T> zero(5, 7);
    for (int j = 0; j < 7; ++j)
        for (int i = 0; i < 5; ++i) zero.at(i, j) = T(0);
    check_getrf(zero, true);
}

// The grouped kernel, square orders, every group size, with members that are singular (zero
// columns at different positions) or hold a NaN beside regular ones: each matrix gets the pivots
// and info of the single-matrix kernel (of LAPACK's dgetrf past that kernel's orders), its factors
// within kCompare of them and NaN where they have NaN. Not bit for bit: the x86-64-v3 units
// contract the update into FMAs, the single-matrix kernel (compiled for the baseline) does not.
TYPED_TEST(Small, GetrfGroup) {
    using T = TypeParam;
    if (!bl::cpu::small_units_run()) GTEST_SKIP() << kNoGroupUnits;
    int unused;
    int *no_ipiv = nullptr;
    for (int n = 1; n <= kGetrfGroupMax<T>; ++n)
        for (int count = 1; count <= small::group_size; ++count) {
            std::vector<Mat<T>> a;
            std::vector<T *> ptrs;
            std::vector<std::vector<int>> piv(count, std::vector<int>(n, -7));
            std::vector<int *> pivs;
            for (int l = 0; l < count; ++l) {
                a.emplace_back(n, n);
                const int z = (l * 5 + n) % n;
                if (l % 3 == 1)  // exactly singular: info = the first zero column
                    for (int i = 0; i < n; ++i) a.back().at(i, z) = T(0);
                if (l == 5 && n <= kMax) a.back().at(z, n / 2) = std::numeric_limits<Real<T>>::quiet_NaN();
                pivs.push_back(piv[l].data());
            }
            std::vector<Mat<T>> ref = a;
            for (auto &m : a) ptrs.push_back(m.data());
            std::vector<int> info(count, -7);
            ASSERT_TRUE(small::getrf_group(n, ptrs.data(), a[0].ld, pivs.data(), info.data(), count, ptrs.data(), count));
            for (int l = 0; l < count; ++l) {
                std::vector<int> ref_piv(n);
                int ref_info = -7;
                if (!small::getrf(n, n, ref[l].data(), ref[l].ld, ref_piv.data(), &ref_info))
                    bl::lapack::getrf(n, n, ref[l].data(), ref[l].ld, ref_piv.data(), &ref_info);
                EXPECT_EQ(info[l], ref_info) << n << " " << count << " " << l;
                EXPECT_EQ(piv[l], ref_piv) << n << " " << count << " " << l;
                EXPECT_TRUE(a[l].guards_intact());
                const std::vector<T> f = a[l].dense(), g = ref[l].dense();
                std::vector<T> f_num, g_num;  // the entries that are not NaN, which must agree
                for (size_t k = 0; k < f.size(); ++k) {
                    const bool nan = std::isnan(std::real(f[k]));
                    EXPECT_EQ(nan, std::isnan(std::real(g[k]))) << n << " " << count << " " << l << " " << k;
                    if (nan) continue;
                    f_num.push_back(f[k]);
                    g_num.push_back(g[k]);
                }
                EXPECT_LT(diff_ratio(f_num, g_num, n), kCompare) << n << " " << count << " " << l;
            }
        }
    EXPECT_FALSE(small::getrf_group<T>(kGetrfGroupMax<T> + 1, nullptr, 1, &no_ipiv, &unused, 1));
    EXPECT_FALSE(small::getrf_group<T>(4, nullptr, 4, &no_ipiv, &unused, small::group_size + 1));
}

// getrs and potrs column by column on the library's trsv (src_cpu/solve.hpp), which the CPU backend
// runs for every nrhs up to kMax and for one right-hand side past it: every order of trsv's kernel
// of compile-time orders and the first of its blocked one.
constexpr int kSolveMax = ladder::trsv::kFixedMax + 1;
TYPED_TEST(Small, Getrs) {
    using T = TypeParam;
    for (int n = 1; n <= kSolveMax; ++n)
        for (char trans : {'N', 'T', 'C'})
            for (int nrhs : {1, 3}) {
                Mat<T> a(n, n), b(n, nrhs);
                std::vector<int> piv(n);
                int info;
                bl::lapack::getrf(n, n, a.data(), a.ld, piv.data(), &info);
                Mat<T> x = b;
                bl::cpu::getrs_by_columns(trans, n, nrhs, a.data(), a.ld, piv.data(), x.data(), x.ld);
                std::vector<T> ref = b.dense();
                bl::lapack::getrs(trans, n, nrhs, a.data(), a.ld, piv.data(), ref.data(), n, &info);
                EXPECT_TRUE(x.guards_intact());
                EXPECT_LT(diff_ratio(x.dense(), ref, n), kCompare) << n << trans << nrhs;
            }
}

// ---- Cholesky -----------------------------------------------------------------------------------
// B^H B + n I, Hermitian positive definite; the other triangle holds guard values.
template <class T> Mat<T> spd(int n, char uplo) {
    Mat<T> b(n, n), a(n, n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            T s = i == j ? T(Real<T>(n)) : T(0);
            for (int l = 0; l < n; ++l) {
                T bli = b.at(l, i);
                if constexpr (is_complex<T>) bli = std::conj(bli);
                s += bli * b.at(l, j);
            }
            const bool keep = uplo == 'U' ? i <= j : i >= j;
            a.at(i, j) = keep ? (i == j ? T(std::real(s)) : s) : guard_value<T>();
        }
    return a;
}

// Checks a potrf result a (with info) against LAPACK's unblocked potf2 on ref, the input it was
// computed from: the same info, the finished columns (rows for 'U') and the failing diagonal
// within LAPACK's residual ratios, the other triangle and the guards untouched. (Past the order
// where the system's potrf turns blocked, 32 or so, its partial factor of a matrix that is not
// positive definite differs: LAPACK leaves it unspecified.)
template <class T> void check_potrf(char uplo, Mat<T> ref, Mat<T> a, int info, const char *what) {
    const int n = a.n;
    int ref_info = -7;
    bl::lapack::potf2(uplo, n, ref.data(), ref.ld, &ref_info);
    EXPECT_EQ(info, ref_info) << what << n << uplo;
    const int done = info == 0 ? n : info - 1;
    double d = 0, big = 1;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const bool mine = uplo == 'U' ? i <= j : i >= j;
            if (!mine) {
                EXPECT_TRUE(same_bits(a.at(i, j), guard_value<T>()));
                continue;
            }
            const bool finished = std::min(i, j) < done || (info > 0 && i == done && j == done);
            if (!finished) continue;
            d = std::max(d, double(std::abs(a.at(i, j) - ref.at(i, j))));
            big = std::max(big, double(std::abs(ref.at(i, j))));
        }
    EXPECT_LT(d / (n * big * double(eps<T>())), kThreshold) << what << n << uplo;
    EXPECT_TRUE(a.guards_intact());
}

TYPED_TEST(Small, Potrf) {
    using T = TypeParam;
    for (int n = 1; n <= kPotrfMax; ++n)
        for (char uplo : {'U', 'L'})
            for (int bad = -1; bad < n; ++bad) {  // bad >= 0: leading minor bad+1 is negative
                Mat<T> a = spd<T>(n, uplo);
                if (bad >= 0) a.at(bad, bad) = T(-1);
                const Mat<T> input = a;
                int info = -7;
                ASSERT_TRUE(small::potrf(uplo, n, a.data(), a.ld, &info));
                EXPECT_EQ(info, bad + 1);
                check_potrf(uplo, input, a, info, "potrf ");
            }
}

// The grouped kernel, every group size, with lanes that fail at different columns (one on a NaN)
// beside lanes that succeed: each matrix comes out as LAPACK would leave it.
TYPED_TEST(Small, PotrfGroup) {
    using T = TypeParam;
    if (!bl::cpu::small_units_run()) GTEST_SKIP() << kNoGroupUnits;
    int unused;
    for (int n = 1; n <= kPotrfGroupMax<T>; ++n)
        for (char uplo : {'U', 'L'})
            for (int count = 1; count <= small::group_size; ++count) {
                std::vector<Mat<T>> a, input;
                std::vector<T *> ptrs;
                for (int l = 0; l < count; ++l) {
                    a.push_back(spd<T>(n, uplo));
                    const int bad = (l * 5 + n) % (n + 1) - 1;  // -1: none, else the failing column
                    if (l % 3 == 1 && bad >= 0) a.back().at(bad, bad) = T(-1);
                    if (l == 5) a.back().at(n - 1, n - 1) = std::numeric_limits<Real<T>>::quiet_NaN();
                    input.push_back(a.back());
                }
                // The same leading dimension for all, as the kernel takes one.
                for (auto &m : a) ptrs.push_back(m.data());
                std::vector<int> info(count, -7);
                ASSERT_TRUE(small::potrf_group(uplo, n, ptrs.data(), a[0].ld, info.data(), count, ptrs.data(), count));
                for (int l = 0; l < count; ++l) {
                    if (l != 5) {
                        check_potrf(uplo, input[l], a[l], info[l], "group ");
                        continue;
                    }
                    // The system LAPACK may take a NaN for a positive pivot (OpenBLAS does); the
                    // kernels stop at it, as dpotf2 does.
                    EXPECT_EQ(info[l], n);
                    EXPECT_TRUE(std::isnan(std::real(a[l].at(n - 1, n - 1))));
                    EXPECT_TRUE(a[l].guards_intact());
                }
            }
    EXPECT_FALSE(small::potrf_group<T>('L', kPotrfGroupMax<T> + 1, nullptr, 1, &unused, 1));
    EXPECT_FALSE(small::potrf_group<T>('L', 4, nullptr, 4, &unused, small::group_size + 1));
}

TYPED_TEST(Small, Potrs) {
    using T = TypeParam;
    for (int n = 1; n <= kSolveMax; ++n)
        for (char uplo : {'U', 'L'})
            for (int nrhs : {1, 2}) {
                Mat<T> a = spd<T>(n, uplo), b(n, nrhs);
                int info;
                bl::lapack::potrf(uplo, n, a.data(), a.ld, &info);
                Mat<T> x = b;
                bl::cpu::potrs_by_columns(uplo, n, nrhs, a.data(), a.ld, x.data(), x.ld);
                std::vector<T> ref = b.dense();
                bl::lapack::potrs(uplo, n, nrhs, a.data(), a.ld, ref.data(), n, &info);
                EXPECT_TRUE(x.guards_intact());
                EXPECT_LT(diff_ratio(x.dense(), ref, n), kCompare) << n << uplo << nrhs;
            }
}

// ---- tiled LU and Cholesky ---------------------------------------------------------------------
// Orders across the tiles (16 rows for double, 32 for float, 8 and 16 for their complex types on
// AVX-512; half that on AVX2 and NEON) from the kernels' first: one past a tile edge, part of a
// tile at the end (a padded order), both sides of tile edges, several tiles, and many outer blocks
// (the last order for real types alone: a complex tile has half the rows, so 200 has seven outer
// blocks of theirs, and a complex 530 would add half the test's time).
constexpr int kTiledOrders[] = {ladder::tiled::kMin, 40, 47, 65, 72, 79, 80, 81, 96, 100, 127, 128, 129, 200, 530};
template <class T> bool tiled_order(int n) { return !is_complex<T> || n <= 200; }

// The kernels' range of orders (ladder::tiled), the same for both factorizations.
template <class T> void expect_tiled_range() {
    EXPECT_FALSE(tiled::covers<T>(ladder::tiled::kMin - 1));
    EXPECT_TRUE(tiled::covers<T>(ladder::tiled::kMin));
    EXPECT_TRUE(tiled::covers<T>(ladder::tiled::kMax));
    EXPECT_FALSE(tiled::covers<T>(ladder::tiled::kMax + 1));
}


// The rows of the kernels' tiles for T, or 0 where they do not run: with instruction sets they
// have no unit for (tiled.hpp).
template <class T> int tiled_tile() {
    EXPECT_EQ(tiled::covers<T>(100), tiled::tile<T>() != 0);
    return tiled::tile<T>();
}

template <class T> void check_tiled_getrf(Mat<T> a, bool compare) {
    const int n = a.n;
    ASSERT_TRUE(tiled::covers<T>(n)) << n;
    const std::vector<T> orig = a.dense();
    std::vector<T> ref = orig, work(size_t(tiled::workspace<T>(n)));
    std::vector<int> piv(n, -1), ref_piv(n);
    int info = -7, ref_info = -7;
    tiled::getrf(n, a.data(), a.ld, piv.data(), &info, work.data());
    bl::lapack::getrf(n, n, ref.data(), n, ref_piv.data(), &ref_info);
    const std::vector<T> f = a.dense();
    EXPECT_TRUE(a.guards_intact()) << n;
    EXPECT_LT(lu_residual(orig, f, piv.data(), n, n), kThreshold) << n;
    if (compare) {
        EXPECT_EQ(info, ref_info) << n;
        EXPECT_EQ(piv, ref_piv) << n;
        if (ref_info == 0 && piv == ref_piv) EXPECT_LT(diff_ratio(f, ref, n), kCompare) << n;
    }
}

// Random data (the same pivots as LAPACK), integer data (ties and rank deficiency: the residual
// only), and zero columns at the tile edges (info and the pivots exactly LAPACK's).
TYPED_TEST(Small, TiledGetrf) {
    using T = TypeParam;
    const int tile = tiled_tile<T>();
    if (!tile) GTEST_SKIP() << "no tiled kernels for this instruction set (x86-64 without AVX2, or BATCHLAPACK_CPU_ISA=base)";
    for (int n : kTiledOrders) {
        if (!tiled_order<T>(n)) continue;
        check_tiled_getrf(Mat<T>(n, n), true);
        check_tiled_getrf(Mat<T>(n, n, Data::Integer), false);
        for (int z : {0, tile - 1, tile, n / 2, n - 1}) {
            if (z >= n) continue;
            Mat<T> a(n, n);
            for (int i = 0; i < n; ++i) a.at(i, z) = T(0);
            check_tiled_getrf(a, true);
        }
    }
    expect_tiled_range<T>();
}

// The tiled potrf of an order-n SPD matrix in triangle uplo, whose leading minor bad + 1 is made
// not positive where bad >= 0: info, the factor (or the finished columns) and the guards.
template <class T> void check_tiled_potrf(char uplo, int n, int bad, std::vector<T> &work) {
    Mat<T> a = spd<T>(n, uplo);
    if (bad >= 0) a.at(bad, bad) = T(-1);
    const Mat<T> input = a;
    int info = -7;
    tiled::potrf(uplo, n, a.data(), a.ld, &info, work.data());
    EXPECT_EQ(info, bad + 1) << n << uplo;
    check_potrf(uplo, input, a, info, "tiled ");
    EXPECT_TRUE(a.guards_intact());
}

// Both triangles, matrices that fail at the tile edges and elsewhere (the finished columns as
// potf2 leaves them), and a NaN on the last diagonal, where the kernel stops as potf2 does.
TYPED_TEST(Small, TiledPotrf) {
    using T = TypeParam;
    const int tile = tiled_tile<T>();
    if (!tile) GTEST_SKIP() << "no tiled kernels for this instruction set (x86-64 without AVX2, or BATCHLAPACK_CPU_ISA=base)";
    for (int n : kTiledOrders) {
        if (!tiled_order<T>(n)) continue;
        std::vector<T> work(size_t(tiled::workspace<T>(n)));
        for (char uplo : {'U', 'L'}) {
            for (int bad : {-1, 0, tile - 1, tile, n / 2, n - 1}) check_tiled_potrf<T>(uplo, n, bad, work);
            Mat<T> a = spd<T>(n, uplo);
            a.at(n - 1, n - 1) = std::numeric_limits<Real<T>>::quiet_NaN();
            int info = -7;
            tiled::potrf(uplo, n, a.data(), a.ld, &info, work.data());
            EXPECT_EQ(info, n) << n << uplo;
            EXPECT_TRUE(std::isnan(std::real(a.at(n - 1, n - 1))));
            EXPECT_TRUE(a.guards_intact());
        }
    }
    expect_tiled_range<T>();
}

// The order past which the outer update packs its B (ladder::tiled::kPackFrom: n^2 elements take
// that many bytes, so the padded copy does too; 889 / 629 / 629 / 445 in s / d / c / z), both
// triangles, one matrix failing past the middle.
TYPED_TEST(Small, TiledPotrfPacked) {
    using T = TypeParam;
    if (!tiled_tile<T>()) GTEST_SKIP() << "no tiled kernels for this instruction set (x86-64 without AVX2, or BATCHLAPACK_CPU_ISA=base)";
    const int n = int(std::sqrt(double(ladder::tiled::kPackFrom) / sizeof(T))) + 2;
    ASSERT_TRUE(tiled::covers<T>(n)) << n;
    std::vector<T> work(size_t(tiled::workspace<T>(n)));
    for (char uplo : {'U', 'L'})
        for (int bad : {-1, n / 2 + 3}) check_tiled_potrf<T>(uplo, n, bad, work);
}

// ---- trsv -------------------------------------------------------------------------------------
// Every order up to one past ladder::trsv::kFixedMax (with incx = 1 the kernel compiled for each
// order up to kFixedOrders, past it two of its triangles and a rectangle, the blocked kernel past
// kFixedMax; the one-matrix kernel for the other increments up to kTrsvOther), then blocked
// orders with a narrow last block (65) and a wide one. `next` is given
// (the matrix itself: it is only prefetched, so must not change the result; only up to
// kPrefetchBytes of triangle, so 130 runs both ways by precision). Past kTrsvOther the kernel
// declines increments other than 1. The transposed solves' dot products take whole vectors of
// rows and the rest one by one: the orders leave solved parts of every length up to 124 in steps
// of 4. The other triangle, and the diagonal where it is unit, hold NaNs, which no kernel may
// read into x (the kernel of compile-time orders loads whole vectors across the diagonal).
constexpr int kTrsvOther = ladder::trsv::kSmallMax;
TYPED_TEST(Small, Trsv) {
    using T = TypeParam;
    if (!bl::cpu::small_units_run()) GTEST_SKIP() << kNoGroupUnits;
    std::vector<int> orders;
    for (int n = 1; n <= ladder::trsv::kFixedMax + 1; ++n) orders.push_back(n);
    for (int n : {65, 130}) orders.push_back(n);
    for (int n : orders)
        for (char uplo : {'U', 'L'})
            for (char trans : {'N', 'T', 'C'})
                for (char diag : {'N', 'U'})
                    for (int incx : {1, 2, -1, -3}) {
                        // Well conditioned: a dominant diagonal, small off-diagonal entries.
                        Mat<T> a(n, n);
                        const T nan(std::numeric_limits<Real<T>>::quiet_NaN());
                        for (int j = 0; j < n; ++j)
                            for (int i = 0; i < n; ++i) {
                                const bool other = uplo == 'L' ? i < j : i > j;
                                a.at(i, j) = other || (i == j && diag == 'U') ? nan
                                             : i == j ? a.at(i, j) + T(Real<T>(2)) : a.at(i, j) * Real<T>(1.0 / n);
                            }
                        const int len = 1 + (n - 1) * std::abs(incx);
                        Mat<T> x(len, 1);
                        Mat<T> ref = x;
                        if (n > kTrsvOther && incx != 1) {
                            EXPECT_FALSE(small::trsv(uplo, trans, diag, n, a.data(), a.ld, x.data(), incx, a.data()));
                            continue;
                        }
                        ASSERT_TRUE(small::trsv(uplo, trans, diag, n, a.data(), a.ld, x.data(), incx, a.data()));
                        bl::lapack::trsv(uplo, trans, diag, n, a.data(), a.ld, ref.data(), incx);
                        EXPECT_LT(diff_ratio(x.dense(), ref.dense(), n), kCompare)
                            << n << uplo << trans << diag << incx;
                        EXPECT_TRUE(x.guards_intact());
                        for (int i = 0; i < len; ++i)
                            if (i % std::abs(incx) != 0) EXPECT_TRUE(same_bits(x.at(i, 0), ref.at(i, 0)));
                    }
}

// ---- Householder ------------------------------------------------------------------------------
// Compares with LAPACK elementwise (compare = true) or, where reflectors are not unique (rank
// deficient integer data: an alpha that is zero up to rounding decides beta's sign), checks the
// residual ||A - Q R||_1 / (max(m, n) ||A||_1 eps) only.
template <class T> void check_geqrf(Mat<T> a, const char *what, bool compare = true) {
    const int m = a.m, n = a.n, k = std::min(m, n);
    const std::vector<T> orig = a.dense();
    std::vector<T> ref = orig, tau(k), ref_tau(k);
    ASSERT_TRUE(small::geqrf(m, n, a.data(), a.ld, tau.data())) << m << "x" << n;
    std::vector<T> work(64 * std::max(m, n));
    int info;
    EXPECT_TRUE(a.guards_intact());
    if (!compare) {
        const std::vector<T> f = a.dense();
        std::vector<T> qr(size_t(m) * n, T(0));
        for (int j = 0; j < n; ++j)
            for (int i = 0; i <= std::min(j, m - 1); ++i) qr[size_t(j) * m + i] = f[size_t(j) * m + i];
        bl::lapack::ormqr('L', 'N', m, n, k, f.data(), m, tau.data(), qr.data(), m, work.data(),
                          int(work.size()), &info);
        EXPECT_LT(ratio(orig, qr, m, n, std::max(m, n)), kThreshold) << m << "x" << n << " " << what;
        return;
    }
    bl::lapack::geqrf(m, n, ref.data(), m, ref_tau.data(), work.data(), int(work.size()), &info);
    EXPECT_LT(diff_ratio(a.dense(), ref, std::max(m, n)), kCompare) << m << "x" << n << " " << what;
    EXPECT_LT(diff_ratio(tau, ref_tau, std::max(m, n)), kCompare) << m << "x" << n << " " << what;
}

TYPED_TEST(Small, GeqrfEveryShape) {
    using T = TypeParam;
    for (int m = 1; m <= kMax; ++m)
        for (int n = 1; n <= kMax; ++n) {
            check_geqrf(Mat<T>(m, n), "random");
            check_geqrf(Mat<T>(m, n, Data::Integer), "integer", false);
            Mat<T> z(m, n);  // a zero column: tau = 0 (real), or a reflector that only makes alpha real
            for (int i = z.n > 1 ? 1 : 0; i < m; ++i) z.at(i, n / 2) = T(0);
            check_geqrf(z, "zero column");
        }
}

// The shapes of both kinds of the grouped Householder kernels up to order `largest`: square fixed
// orders, run-time shapes, and the largest with its neighbours.
std::vector<std::pair<int, int>> group_qr_shapes(int largest) {
    std::vector<std::pair<int, int>> shapes;
    for (int n = 1; n <= kMax; ++n) shapes.push_back({n, n});
    for (int m : kQrOrders)
        for (int n : kQrOrders) shapes.push_back({m, n});
    for (int k : {kQrMax + 1, largest * 3 / 4 + 1, largest}) {
        shapes.push_back({largest, k});
        if (k != largest) shapes.push_back({k, largest});
    }
    return shapes;
}

// The grouped QR over the shapes of both kinds of its kernel (square fixed orders, run-time
// shapes), group sizes 1, 3 and 8, one lane with a zero column (tau = 0), and for square shapes
// one with a zero column 0 and a NaN in the last diagonal element (no larfg sees it before the
// last, of length 1; dlarf skips tau = 0, so the NaN must not spread to row 0): each matrix and
// tau as LAPACK's ?geqrf leaves them, NaNs in the same places. (In complex arithmetic from order 3
// the NaN has spread to both parts of the last column by then, and that larfg declines as the
// next case's.) A NaN that a larfg meets: the group declines that lane alone: it is left
// untouched, and every other lane's matrix and tau are bit for bit those of the call without the
// NaN.
TYPED_TEST(Small, GeqrfGroup) {
    using T = TypeParam;
    if (!bl::cpu::small_units_run()) GTEST_SKIP() << kNoGroupUnits;
    T *none = nullptr;
    // and tall shapes up to kGroupRowsMax rows (gels's least-squares problems).
    std::vector<std::pair<int, int>> shapes = group_qr_shapes(kGeqrfGroupMax);
    for (auto s : {std::pair{kGeqrfGroupRowsMax, kGeqrfGroupMax}, std::pair{kGeqrfGroupRowsMax, 9},
                   std::pair{kGeqrfGroupMax + 1, kGeqrfGroupMax}, std::pair{2 * kQrMax + 3, kQrMax}})
        shapes.push_back(s);
    for (auto [m, n] : shapes)
        for (int count : {1, 3, small::group_size}) {
            const int k = std::min(m, n);
            std::vector<Mat<T>> a;
            std::vector<std::vector<T>> tau(count, std::vector<T>(k, guard_value<T>()));
            std::vector<T *> ptrs, taus;
            for (int l = 0; l < count; ++l) {
                a.emplace_back(m, n);
                if (l == 1)
                    for (int i = std::min(1, m - 1); i < m; ++i) a.back().at(i, n / 2) = T(0);
                if (l == 2 && m == n && n >= 2) {
                    for (int i = 1; i < m; ++i) a.back().at(i, 0) = T(0);
                    a.back().at(0, 0) = T(std::real(a.back().at(0, 0)));  // complex: tau = 0 too
                    a.back().at(n - 1, n - 1) = T(std::numeric_limits<Real<T>>::quiet_NaN());
                }
                taus.push_back(tau[l].data());
            }
            const std::vector<Mat<T>> input = a;
            for (auto &x : a) ptrs.push_back(x.data());
            const unsigned nan_lane = is_complex<T> && count > 2 && m == n && n >= 3 ? 1u << 2 : 0u;
            ASSERT_EQ(small::geqrf_group(m, n, ptrs.data(), a[0].ld, taus.data(), count, ptrs.data(), count), nan_lane);
            for (int l = 0; l < count; ++l) {
                if (nan_lane >> l & 1) {  // left as it was
                    for (size_t e = 0; e < a[l].s.size(); ++e) EXPECT_TRUE(same_bits(a[l].s[e], input[l].s[e]));
                    continue;
                }
                std::vector<T> ref = input[l].dense(), ref_tau(k), work(64 * std::max(m, n));
                int info;
                bl::lapack::geqrf(m, n, ref.data(), m, ref_tau.data(), work.data(), int(work.size()), &info);
                const std::vector<T> f = a[l].dense();
                std::vector<T> f_num, ref_num;  // the entries that are not NaN, which must agree
                for (size_t e = 0; e < f.size(); ++e) {
                    const bool nan = std::isnan(std::real(f[e]));
                    EXPECT_EQ(nan, std::isnan(std::real(ref[e]))) << m << "x" << n << " " << l << " " << e;
                    if (!nan) f_num.push_back(f[e]), ref_num.push_back(ref[e]);
                }
                EXPECT_LT(diff_ratio(f_num, ref_num, std::max(m, n)), kCompare) << m << "x" << n << " " << l;
                EXPECT_LT(diff_ratio(tau[l], ref_tau, std::max(m, n)), kCompare) << m << "x" << n << " " << l;
                EXPECT_TRUE(a[l].guards_intact());
            }
            if (m < 2) continue;
            std::vector<Mat<T>> b = input;
            b[count - 1].at(m - 1, 0) = T(std::numeric_limits<Real<T>>::quiet_NaN());
            const std::vector<Mat<T>> before = b;
            const std::vector<std::vector<T>> clean_tau = tau;
            ptrs.clear();
            for (auto &x : b) ptrs.push_back(x.data());
            for (auto &t : tau) std::fill(t.begin(), t.end(), guard_value<T>());
            EXPECT_EQ(small::geqrf_group(m, n, ptrs.data(), b[0].ld, taus.data(), count), 1u << (count - 1) | nan_lane);
            for (int l = 0; l < count; ++l) {
                const bool declined = l == count - 1 || (nan_lane >> l & 1);
                for (size_t e = 0; e < b[l].s.size(); ++e)
                    EXPECT_TRUE(same_bits(b[l].s[e], (declined ? before : a)[l].s[e]));
                for (int i = 0; i < k; ++i)
                    EXPECT_TRUE(same_bits(tau[l][i], declined ? guard_value<T>() : clean_tau[l][i]));
            }
        }
    EXPECT_EQ(small::geqrf_group<T>(kGeqrfGroupRowsMax + 1, 4, &none, kGeqrfGroupRowsMax + 1, &none, 1), small::lanes_all);
    EXPECT_EQ(small::geqrf_group<T>(kGeqrfGroupRowsMax, kGeqrfGroupMax + 1, &none, kGeqrfGroupRowsMax, &none, 1),
              small::lanes_all);
    EXPECT_EQ(small::geqrf_group<T>(4, 4, &none, 4, &none, small::group_size + 1), small::lanes_all);
}

// Checks a bidiagonal reduction of the m x n matrix a (dense): f (A overwritten), d, e (k - 1
// elements), tauq, taup give ||A - Q B P^H|| within LAPACK's residual ratio and B keeps A's
// Frobenius norm; with compare, the first reflector and d[0] are LAPACK's (its sign convention;
// integer data, rank deficient, has reflectors that are not unique). Not every d and e
// elementwise: a later alpha that is zero up to rounding decides that reflector's sign, and from
// there on any two codes differ, on some random matrices by far more than kCompare.
template <class T>
void check_bidiagonal(const std::vector<T> &a, const std::vector<T> &f, const std::vector<Real<T>> &d,
                      const std::vector<Real<T>> &e, const std::vector<T> &tq, const std::vector<T> &tp, int m, int n,
                      bool compare, const std::string &what) {
    using R = Real<T>;
    const int k = std::min(m, n), order = std::max(m, n);
    EXPECT_LT(gebrd_ratio(a, f, d, e, tq, tp, m, n), kThreshold) << m << "x" << n << " " << what;
    // The sums of squares of A / s and B / s, s the largest |a_ij| (A may lie near overflow).
    double s = 0, fa = 0, fb = 0;
    for (const T &x : a) s = std::max(s, std::abs(std::complex<double>(x)));
    if (s == 0) s = 1;
    for (const T &x : a) fa += std::norm(std::complex<double>(x) / s);
    for (int i = 0; i < k; ++i) fb += std::pow(d[i] / s, 2) + (i < k - 1 ? std::pow(e[i] / s, 2) : 0.0);
    EXPECT_LE(std::abs(fa - fb), kThreshold * order * fa * double(eps<T>())) << m << "x" << n << " " << what;
    if (!compare) return;
    std::vector<T> ref = with_slack(a, m), rtq(k), rtp(k), work(64 * (m + n));
    std::vector<R> rd(k), re(k);
    int info;
    bl::lapack::gebrd(m, n, ref.data(), m, rd.data(), re.data(), rtq.data(), rtp.data(), work.data(),
                      int(work.size()), &info);
    const std::vector<T> first = {T(d[0]), m >= n ? tq[0] : tp[0]}, ref_first = {T(rd[0]), m >= n ? rtq[0] : rtp[0]};
    EXPECT_LT(diff_ratio(first, ref_first, order), kCompare) << m << "x" << n << " " << what;
}

template <class T> void check_gebrd(Mat<T> a, const char *what, bool compare = true) {
    using R = Real<T>;
    const int m = a.m, n = a.n, k = std::min(m, n);
    const std::vector<T> orig = a.dense();
    std::vector<T> tq(k), tp(k);
    std::vector<R> d(k), e(k);
    ASSERT_TRUE(small::gebrd(m, n, a.data(), a.ld, d.data(), e.data(), tq.data(), tp.data())) << m << "x" << n;
    EXPECT_TRUE(a.guards_intact());
    e.resize(k - 1);
    check_bidiagonal(orig, a.dense(), d, e, tq, tp, m, n, compare, what);
}

// The grouped bidiagonal reduction over the shapes of GeqrfGroup (upper bidiagonal for m >= n,
// lower for m < n), group sizes 1, 3 and 8, one lane with a zero column, each lane checked as
// check_bidiagonal says. A NaN in one lane: that lane alone is declined and left untouched, the
// others come out bit for bit as without it.
TYPED_TEST(Small, GebrdGroup) {
    using T = TypeParam;
    if (!bl::cpu::small_units_run()) GTEST_SKIP() << kNoGroupUnits;
    using R = Real<T>;
    T *none = nullptr;
    R *rnone = nullptr;
    for (auto [m, n] : group_qr_shapes(kGebrdGroupMax))
        for (int count : {1, 3, small::group_size}) {
            const int k = std::min(m, n);
            std::vector<Mat<T>> a;
            std::vector<std::vector<T>> tq(count, std::vector<T>(k, guard_value<T>())), tp = tq;
            std::vector<std::vector<R>> d(count, std::vector<R>(k, guard_value<R>())), e = d;
            std::vector<T *> ptrs, tqs, tps;
            std::vector<R *> ds, es;
            for (int l = 0; l < count; ++l) {
                a.emplace_back(m, n);
                if (l == 1)
                    for (int i = std::min(1, m - 1); i < m; ++i) a.back().at(i, n / 2) = T(0);
                tqs.push_back(tq[l].data()), tps.push_back(tp[l].data()), ds.push_back(d[l].data());
                es.push_back(e[l].data());
            }
            const std::vector<Mat<T>> input = a;
            for (auto &x : a) ptrs.push_back(x.data());
            ASSERT_EQ(small::gebrd_group(m, n, ptrs.data(), a[0].ld, ds.data(), es.data(), tqs.data(), tps.data(),
                                         count, ptrs.data(), count),
                      0u);
            for (int l = 0; l < count; ++l) {
                EXPECT_TRUE(same_bits(e[l][k - 1], guard_value<R>())) << "e has k - 1 elements";
                EXPECT_TRUE(a[l].guards_intact());
                std::vector<R> el = e[l];
                el.resize(k - 1);
                check_bidiagonal(input[l].dense(), a[l].dense(), d[l], el, tq[l], tp[l], m, n, true,
                                 "lane " + std::to_string(l));
            }
            if (m < 2) continue;
            std::vector<Mat<T>> b = input;
            b[count - 1].at(m - 1, 0) = T(std::numeric_limits<R>::quiet_NaN());
            const std::vector<Mat<T>> before = b;
            const std::vector<std::vector<T>> clean_tq = tq;
            ptrs.clear();
            for (auto &x : b) ptrs.push_back(x.data());
            for (auto &t : tq) std::fill(t.begin(), t.end(), guard_value<T>());
            EXPECT_EQ(small::gebrd_group(m, n, ptrs.data(), b[0].ld, ds.data(), es.data(), tqs.data(), tps.data(),
                                         count),
                      1u << (count - 1));
            for (int l = 0; l < count; ++l) {
                const bool declined = l == count - 1;
                for (size_t x = 0; x < b[l].s.size(); ++x)
                    EXPECT_TRUE(same_bits(b[l].s[x], (declined ? before : a)[l].s[x]));
                for (int i = 0; i < k; ++i)
                    EXPECT_TRUE(same_bits(tq[l][i], declined ? guard_value<T>() : clean_tq[l][i]));
            }
        }
    EXPECT_EQ(small::gebrd_group<T>(4, kGebrdGroupMax + 1, &none, 4, &rnone, &rnone, &none, &none, 1),
              small::lanes_all);
}

TYPED_TEST(Small, GebrdEveryShape) {
    using T = TypeParam;
    for (int m = 1; m <= kMax; ++m)
        for (int n = 1; n <= kMax; ++n) {
            check_gebrd(Mat<T>(m, n), "random");
            check_gebrd(Mat<T>(m, n, Data::Integer), "integer", false);
        }
}

TYPED_TEST(Small, HouseholderPastFixedSizes) {
    using T = TypeParam;
    for (int m : kQrOrders)
        for (int n : kQrOrders) {
            if (m <= kMax && n <= kMax) continue;  // the EveryShape tests'
            check_geqrf(Mat<T>(m, n), "random");
            check_geqrf(Mat<T>(m, n, Data::Integer), "integer", false);
            check_gebrd(Mat<T>(m, n), "random");
            check_gebrd(Mat<T>(m, n, Data::Integer), "integer", false);
        }
}

// Where LAPACK rescales (norms near underflow) or meets a NaN, the kernels decline and leave
// everything unchanged, so that LAPACK handles the matrix.
TYPED_TEST(Small, HouseholderDeclinesDelicateCases) {
    using T = TypeParam;
    const Real<T> tiny = std::numeric_limits<Real<T>>::min();
    for (Real<T> v : {tiny, std::numeric_limits<Real<T>>::quiet_NaN()}) {
        Mat<T> a(6, 4);
        a.at(3, 2) = T(v);
        for (int i = 0; i < 6; ++i) a.at(i, 0) = T(v);
        const std::vector<T> before = a.s;
        std::vector<T> tau(4, guard_value<T>()), tq = tau, tp = tau;
        std::vector<Real<T>> d(4), e(4);
        EXPECT_FALSE(small::geqrf(6, 4, a.data(), a.ld, tau.data()));
        EXPECT_FALSE(small::gebrd(6, 4, a.data(), a.ld, d.data(), e.data(), tq.data(), tp.data()));
        for (size_t k = 0; k < before.size(); ++k) EXPECT_TRUE(same_bits(a.s[k], before[k]));
        for (size_t k = 0; k < tau.size(); ++k) EXPECT_TRUE(same_bits(tau[k], guard_value<T>()));
    }
}

TYPED_TEST(Small, DeclinesOutsideItsRange) {
    using T = TypeParam;
    Mat<T> a(kQrMax + 1, kQrMax + 1);
    std::vector<int> piv(kQrMax + 1);
    std::vector<T> tau(kQrMax + 1), taup(kQrMax + 1);
    std::vector<Real<T>> d(kQrMax + 1), e(kQrMax + 1);
    int info;
    EXPECT_FALSE(small::getrf(kMax + 1, kMax + 1, a.data(), a.ld, piv.data(), &info));
    EXPECT_FALSE(small::getrf(0, 3, a.data(), a.ld, piv.data(), &info));
    EXPECT_FALSE(small::potrf('L', kPotrfMax + 1, a.data(), a.ld, &info));
    EXPECT_FALSE(small::geqrf(3, kQrMax + 1, a.data(), a.ld, tau.data()));
    EXPECT_FALSE(small::gebrd(kQrMax + 1, 3, a.data(), a.ld, d.data(), e.data(), tau.data(), taup.data()));
    EXPECT_FALSE(small::trsv('L', 'N', 'N', 0, a.data(), a.ld, tau.data(), 1));
}

// ---- the blocked QR's panel ---------------------------------------------------------------------
// tiled::qr_panel against LAPACK's geqr2 on the same panel: `done` columns factored by the panel
// (all of them, or those before a column whose larfg needs LAPACK's care), the rest by geqr2 from
// there as the blocked QR does, and the whole within kCompare of geqr2's factors and tau.
template <class T> void check_qr_panel(Mat<T> a, int done, const std::string &what) {
    const int m = a.m, b = a.n;
    std::vector<T> ref = a.dense(), tau(b, guard_value<T>()), ref_tau(b), work(b);
    int info;
    bl::lapack::geqr2(m, b, ref.data(), m, ref_tau.data(), work.data(), &info);
    const std::string shape = std::to_string(m) + "x" + std::to_string(b) + " " + what;
    ASSERT_EQ(tiled::qr_panel(m, b, a.data(), a.ld, tau.data()), done) << shape;
    EXPECT_TRUE(a.guards_intact()) << shape;
    for (int j = done; j < b; ++j) EXPECT_TRUE(same_bits(tau[j], guard_value<T>())) << shape;
    if (done < b) bl::lapack::geqr2(m - done, b - done, &a.at(done, done), a.ld, tau.data() + done, work.data(), &info);
    EXPECT_LT(diff_ratio(a.dense(), ref, m), kCompare) << shape;
    EXPECT_LT(diff_ratio(tau, ref_tau, m), kCompare) << shape;
}

// Panels up to the blocked QR's width (32), rows past whole vectors and not, a single column and
// a square panel; columns that are zero below their diagonal (tau = 0, or for a complex
// diagonal element a reflector that only makes it real); a tiny column, whose larfg LAPACK rescales, and a
// NaN, where the panel stops at that column.
TYPED_TEST(Small, QrPanel) {
    using T = TypeParam;
    if (tiled::tile<T>() == 0) GTEST_SKIP() << "the tiled kernels need AVX2, AVX-512 or NEON";
    const std::pair<int, int> shapes[] = {{1, 1}, {5, 3}, {37, 1}, {32, 32}, {33, 32}, {100, 32},
                                          {129, 17}, {300, 31}, {512, 32}};
    for (auto [m, b] : shapes) {
        check_qr_panel(Mat<T>(m, b), b, "random");
        if (b < 3) continue;
        // Zero outside the diagonal blocks [0, z), {z}, (z, m) and a zero first column: column z
        // reaches its larfg zero below the diagonal.
        const int z = b / 2;
        auto block = [z](int i) { return i < z ? 0 : i == z ? 1 : 2; };
        Mat<T> split(m, b);
        for (int j = 0; j < b; ++j)
            for (int i = 0; i < m; ++i)
                if (block(i) != block(j) || j == 0) split.at(i, j) = T(0);
        if (is_complex<T>) check_qr_panel(split, b, "split, complex pivot");
        split.at(z, z) = T(std::real(split.at(z, z)));
        std::vector<T> tau(b);
        Mat<T> copy = split;
        tiled::qr_panel(m, b, copy.data(), copy.ld, tau.data());
        EXPECT_EQ(tau[0], T(0)) << m << "x" << b;
        EXPECT_EQ(tau[z], T(0)) << m << "x" << b;
        check_qr_panel(split, b, "split");
        Mat<T> tiny(m, b), nan(m, b);
        for (int i = 0; i < m; ++i) tiny.at(i, 2) *= std::numeric_limits<Real<T>>::min();
        check_qr_panel(tiny, 2, "tiny column");
        nan.at(m - 1, 2) = T(std::numeric_limits<Real<T>>::quiet_NaN());
        EXPECT_EQ(tiled::qr_panel(m, b, nan.data(), nan.ld, tau.data()), 2) << m << "x" << b << " NaN";
    }
}

// ---- blocked bidiagonal reduction -------------------------------------------------------------
// Shapes of the blocked kernel (panels of 8 columns): its first order, the uniform batches' switch
// from the group kernel, odd orders, m > n with a narrow last panel; lda > m throughout (Mat's
// guard rows).
template <class T> constexpr int kBidiagMin = ladder::gebrd::kBlockedMin<T>;
constexpr int kBidiagUniform = ladder::gebrd::kBlockedUniformFrom;
template <class T>
const std::pair<int, int> kBidiagShapes[] = {{kBidiagMin<T>, kBidiagMin<T>},
                                             {kBidiagUniform - 1, kBidiagUniform - 1},
                                             {kBidiagUniform, kBidiagUniform},
                                             {191, 191},
                                             {257, 257},
                                             {300, 161},
                                             {243, 203}};
// The outputs compared with LAPACK's elementwise, for random matrices: those of the first steps,
// three panels (two trailing updates). Later reflectors carry the matrix's conditioning, more so
// towards the end of a square matrix or block, where the kernel and dgebrd differ by more than
// kCompare, as dgebrd's own blocked and unblocked codes do from each other.
constexpr int kBidiagLeading = 24;

// The blocked reduction of a, checked as check_bidiagonal says (the whole reduction by its
// residual), and with `leading` the outputs of its first kBidiagLeading steps (A's leading rows
// and columns, d, e, tauq, taup) within kCompare of LAPACK's. Returns tauq and taup.
template <class T>
std::pair<std::vector<T>, std::vector<T>> check_blocked_gebrd(Mat<T> a, const std::string &what, bool leading) {
    using R = Real<T>;
    const int m = a.m, n = a.n;
    EXPECT_TRUE(bidiag::covers<T>(m, n)) << m << "x" << n;
    const std::vector<T> orig = a.dense();
    std::vector<T> tq(n, guard_value<T>()), tp = tq, work(size_t(bidiag::workspace<T>(m, n)));
    std::vector<R> d(n, guard_value<R>()), e = d;
    bidiag::gebrd(m, n, a.data(), a.ld, d.data(), e.data(), tq.data(), tp.data(), work.data());
    EXPECT_TRUE(a.guards_intact()) << what;
    EXPECT_TRUE(same_bits(e[n - 1], guard_value<R>())) << what << ": e has n - 1 elements";
    e.resize(n - 1);
    check_bidiagonal(orig, a.dense(), d, e, tq, tp, m, n, true, what);
    if (!leading) return {tq, tp};
    std::vector<T> ref = with_slack(orig, m), rtq(n), rtp(n), lw(size_t(64) * (m + n));
    std::vector<R> rd(n), re(n);
    int info;
    bl::lapack::gebrd(m, n, ref.data(), m, rd.data(), re.data(), rtq.data(), rtp.data(), lw.data(), int(lw.size()),
                      &info);
    re.resize(n - 1);
    // The leading rows and columns of A and the leading elements of the rest.
    const std::vector<T> f = a.dense();
    std::vector<T> lead, ref_lead;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i)
            if (i < kBidiagLeading || j < kBidiagLeading)
                lead.push_back(f[size_t(j) * m + i]), ref_lead.push_back(ref[size_t(j) * m + i]);
    auto head = [](auto v) {
        v.resize(kBidiagLeading);
        return v;
    };
    const double ratios[] = {diff_ratio(lead, ref_lead, m), diff_ratio(head(d), head(rd), m),
                             diff_ratio(head(e), head(re), m), diff_ratio(head(tq), head(rtq), m),
                             diff_ratio(head(tp), head(rtp), m)};
    for (double x : ratios) EXPECT_LT(x, kCompare) << what;
    return {tq, tp};
}

// Random matrices; matrices that split at row and column z (zero outside the diagonal blocks
// [0, z), {z}, (z, n)), where both reflectors of step z are the identity (tau = 0, the pass's
// special case) at panels' first and last columns; and tiny entries, where every row
// reflector takes larfg's rescaling and the pass's exact second product. Complex types skip the
// shapes past n = 200 (their residuals cost the most time; 161 columns already end in a panel of
// one column).
TYPED_TEST(Small, BlockedGebrd) {
    using T = TypeParam;
    if (!bidiag::covers<T>(200, 200)) GTEST_SKIP() << "the blocked kernel needs AVX-512, which this processor lacks";
    for (auto [m, n] : kBidiagShapes<T>) {
        if (is_complex<T> && n > 200) continue;
        const std::string shape = std::to_string(m) + "x" + std::to_string(n);
        check_blocked_gebrd(Mat<T>(m, n), shape + " random", true);
        for (int z : {0, 31, 32, 63, n / 2, n - 2}) {
            if (z >= n - 1) continue;  // (the orders from 32 of complex types)
            Mat<T> a(m, n);
            auto block = [z](int i) { return i < z ? 0 : i == z ? 1 : 2; };
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < m; ++i)
                    if (block(i) != block(j)) a.at(i, j) = T(0);
            if (is_complex<T>) {  // a complex a(z, z) still takes a reflector (tau real, u = e_1)
                if (z == n / 2)
                    check_blocked_gebrd(a, shape + " split at " + std::to_string(z) + ", complex pivot", false);
                a.at(z, z) = T(std::real(a.at(z, z)));
            }
            const auto [tq, tp] = check_blocked_gebrd(a, shape + " split at " + std::to_string(z), false);
            EXPECT_EQ(tq[z], T(0)) << shape << " " << z;
            EXPECT_EQ(tp[z], T(0)) << shape << " " << z;
        }
        Mat<T> tiny(m, n);
        const Real<T> small = std::is_same_v<Real<T>, float> ? 1e-36f : 1e-300;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) tiny.at(i, j) *= small;
        check_blocked_gebrd(tiny, shape + " tiny", false);
        // The pass's products of a row with the columns overflow near overflow, and underflow for
        // rows below sqrt(safmin / eps) (while LAPACK's u = scaled row would not): both exact.
        const Real<T> huge = std::ldexp(std::numeric_limits<Real<T>>::max(), -30);
        for (Real<T> scale : {huge, Real<T>(std::is_same_v<Real<T>, float> ? 1e-25f : 1e-200)}) {
            Mat<T> a(m, n);
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < m; ++i) a.at(i, j) *= scale;
            check_blocked_gebrd(a, shape + (scale > 1 ? " near overflow" : " small"), false);
        }
    }
    EXPECT_FALSE(bidiag::covers<T>(kBidiagMin<T> - 1, kBidiagMin<T> - 1));
    EXPECT_FALSE(bidiag::covers<T>(ladder::gebrd::kBlockedMax + 1, ladder::gebrd::kBlockedMax + 1));
    EXPECT_FALSE(bidiag::covers<T>(200, 201));  // m < n: lower bidiagonal, LAPACK's
}

}  // namespace
