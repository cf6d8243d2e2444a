// Inverses and LU without pivoting: getri, getri_oop, trtri, potri, getrf_np, getrs_np, gesv_np.
#include "common.hpp"
#include "ladder.hpp"

#include <algorithm>

namespace bltest {
namespace {

template <class T> using Inverse = TypedBackendTest<T>;
TYPED_TEST_SUITE(Inverse, Precisions);

const Layout kLayouts[] = {Layout::Strided, Layout::Pointers, Layout::Variable};

// The orders of one call in layout l: `count` matrices of order n, or for vbatch a mix of orders
// up to 70, 0 included.
std::vector<int> orders(Layout l, int n, int count) {
    if (l != Layout::Variable) return std::vector<int>(size_t(count), n);
    std::vector<int> v = mixed_sizes(24, 70);
    v[3] = 0;
    v[7] = 1;
    return v;
}

// The inverses' orders: the common ones (the in-cache kernels' top, 64, with its neighbours; 100,
// several block columns of the tiled kernels), 129, whose last tile is all padding but one row
// (tiles of 16 doubles, 32 floats), and both ends of the padded in-cache kernels (src_cpu/
// ladder.hpp), the top one the tiled kernels' bottom. Each of the padded kernels' column lengths
// (8 to 48 by 8) has common orders of its own: 5, 9, 17, 31, 33, and the top end.
const std::vector<int> &inverse_sizes() {
    namespace inv = bl::cpu::ladder::inverse;
    static const std::vector<int> s = [] {
        std::vector<int> v = test_sizes();
        for (int n : {129, inv::kPaddedFrom - 1, inv::kPaddedFrom, inv::kPaddedMax, inv::kTiledMin})
            if (std::find(v.begin(), v.end(), n) == v.end()) v.push_back(n);
        return v;
    }();
    return s;
}

// LAPACK's inverse ratio (xGET03): ||I - A X||_1 / (n ||A||_1 ||X||_1 eps); 0 when n = 0.
template <class T> double inverse_ratio(const std::vector<T> &a, const std::vector<T> &x, int n) {
    if (n == 0) return 0;
    std::vector<T> r = matmul(a, x, n, n, n);
    for (int j = 0; j < n; ++j) r[size_t(j) * n + j] -= T(1);
    return norm1(r, n, n) / (double(n) * norm1(a, n, n) * norm1(x, n, n) * double(eps<T>()));
}

// A general n x n matrix: random, or (`ill`) with its last column the first one plus sqrt(eps)
// times a random one (condition about 1/sqrt(eps)), or (`singular`) with column n/2 zero, so that
// getrf finds U(n/2 + 1, n/2 + 1) exactly zero.
enum class Kind { Random, Ill, Singular };
template <class T> std::vector<T> general_matrix(int n, Kind kind) {
    std::vector<T> a(size_t(n) * n);
    for (T &x : a) x = random_value<T>();
    if (kind == Kind::Ill && n > 1)
        for (int r = 0; r < n; ++r)
            a[size_t(n - 1) * n + r] = a[size_t(r)] + T(std::sqrt(eps<T>())) * a[size_t(n - 1) * n + r];
    if (kind == Kind::Singular && n > 0)
        for (int r = 0; r < n; ++r) a[size_t(n / 2) * n + r] = T(0);
    return a;
}

// LAPACK's getri on a dense copy, with a workspace of its blocked size.
template <class T> int lapack_getri(int n, std::vector<T> &a, const int *ipiv) {
    int info = 0;
    if (n == 0) return 0;
    std::vector<T> work(size_t(n) * 64);
    bl::lapack::getri(n, a.data(), n, ipiv, work.data(), n * 64, &info);
    return info;
}

// getri (in place) or getri_oop on getrf's factors of random, ill-conditioned and singular
// matrices (member 1 singular, member 2 ill-conditioned), in layout l: info and, where it fails,
// the matrices as LAPACK's getri leaves them; otherwise the inverse's ratio; A untouched by
// getri_oop; nothing written outside the data.
template <class T> void check_getri(Layout l, int n0, bool out_of_place) {
    const std::vector<int> n = orders(l, n0, 4);
    const int count = int(n.size());
    Batch<T> a(l, n, n, 2), c(l, n, n, 1);
    Batch<int> piv(l, n, std::vector<int>(size_t(count), 1));
    std::vector<std::vector<T>> orig(count), factors(count);
    for (int i = 0; i < count; ++i) {
        orig[i] = general_matrix<T>(n[i], i == 1 ? Kind::Singular : i == 2 ? Kind::Ill : Kind::Random);
        factors[i] = orig[i];
        std::vector<int> p(size_t(std::max(1, n[i])), 1);
        int info = 0;
        if (n[i] > 0) bl::lapack::getrf(n[i], n[i], factors[i].data(), n[i], p.data(), &info);
        a.set(i, factors[i]);
        for (int j = 0; j < n[i]; ++j) piv.at(i, j, 0) = p[size_t(j)];
    }
    std::vector<int> info(size_t(count), -99);
    const int code = out_of_place ? BLTEST_CALL(l, getri_oop, P::size(n), P::matrix(a), P::vector(piv), P::matrix(c),
                                                std::make_tuple(info.data(), count))
                                  : BLTEST_CALL(l, getri, P::size(n), P::matrix(a), P::vector(piv),
                                                std::make_tuple(info.data(), count));
    ASSERT_EQ(code, 0) << bl_last_error();
    EXPECT_TRUE(a.guards_intact() && c.guards_intact() && piv.guards_intact()) << "write outside the data";
    for (int i = 0; i < count; ++i) {
        SCOPED_TRACE(std::string(name(l)) + " matrix " + std::to_string(i) + " n=" + std::to_string(n[i]));
        std::vector<int> p(size_t(std::max(1, n[i])), 1);
        for (int j = 0; j < n[i]; ++j) p[size_t(j)] = piv.at(i, j, 0);
        std::vector<T> ref = factors[i];
        const int ref_info = lapack_getri(n[i], ref, p.data());
        EXPECT_EQ(info[i], ref_info);
        if (i == 1 && n[i] > 0) EXPECT_EQ(info[i], n[i] / 2 + 1) << "the singular member was not reported";
        const std::vector<T> x = out_of_place ? c.get(i) : a.get(i);
        if (out_of_place) EXPECT_TRUE(a.get(i) == factors[i]) << "getri_oop changed A";
        if (info[i] > 0) EXPECT_TRUE(x == ref) << "a singular member not left as LAPACK leaves it";
        else EXPECT_LT(inverse_ratio(orig[i], x, n[i]), kThreshold);
    }
}

TYPED_TEST(Inverse, Getri) {
    for (Layout l : kLayouts)
        for (int n : inverse_sizes()) {
            check_getri<TypeParam>(l, n, false);
            if (l == Layout::Variable) break;
        }
}

TYPED_TEST(Inverse, GetriOutOfPlace) {
    for (Layout l : kLayouts)
        for (int n : inverse_sizes()) {
            check_getri<TypeParam>(l, n, true);
            if (l == Layout::Variable) break;
        }
}

// A random n x n matrix with diagonal magnitudes about n, so that either triangle's inverse is
// well conditioned; `singular`: A(n/2, n/2) = 0.
template <class T> std::vector<T> triangular_matrix(int n, bool singular) {
    std::vector<T> a(size_t(n) * n);
    for (T &x : a) x = random_value<T>();
    for (int j = 0; j < n; ++j) a[size_t(j) * n + j] += T(Real<T>(n));
    if (singular && n > 0) a[size_t(n / 2) * n + n / 2] = T(0);
    return a;
}

// The uplo triangle of the dense n x n `a` (the other one zero), its diagonal ones for diag 'U'.
template <class T> std::vector<T> triangle(const std::vector<T> &a, int n, char uplo, char diag) {
    std::vector<T> t(a.size(), T(0));
    for (int c = 0; c < n; ++c)
        for (int r = 0; r < n; ++r) {
            const size_t k = size_t(c) * n + r;
            if (r == c) t[k] = diag == 'U' ? T(1) : a[k];
            else if (uplo == 'U' ? r < c : r > c) t[k] = a[k];
        }
    return t;
}

// True when the elements trtri/potri must not touch (the other triangle; the diagonal too for
// diag 'U') are those of `a`.
template <class T> bool rest_kept(const std::vector<T> &a, const std::vector<T> &f, int n, char uplo, char diag) {
    for (int c = 0; c < n; ++c)
        for (int r = 0; r < n; ++r) {
            const size_t k = size_t(c) * n + r;
            const bool inside = r == c ? diag == 'N' : uplo == 'U' ? r < c : r > c;
            if (!inside && !same_bits(a[k], f[k])) return false;
        }
    return true;
}

// trtri of the matrices of orders n in layout l; matrix 1 (when there) has a zero on its diagonal.
template <class T> void check_trtri(Layout l, char uplo, char diag, const std::vector<int> &n) {
    const int count = int(n.size());
    Batch<T> a(l, n, n, 1);
    std::vector<std::vector<T>> orig(count);
    for (int i = 0; i < count; ++i) {
        orig[i] = triangular_matrix<T>(n[i], i == 1);
        a.set(i, orig[i]);
    }
    std::vector<int> info(size_t(count), -99);
    ASSERT_EQ(BLTEST_CALL(l, trtri, std::make_tuple(uplo, diag), P::size(n), P::matrix(a),
                          std::make_tuple(info.data(), count)),
              0)
        << bl_last_error();
    EXPECT_TRUE(a.guards_intact()) << "write outside A";
    for (int i = 0; i < count; ++i) {
        SCOPED_TRACE(std::string(name(l)) + " uplo=" + uplo + " diag=" + diag + " matrix " +
                     std::to_string(i) + " n=" + std::to_string(n[i]));
        std::vector<T> ref = orig[i];
        int ref_info = 0;
        if (n[i] > 0) bl::lapack::trtri(uplo, diag, n[i], ref.data(), n[i], &ref_info);
        EXPECT_EQ(info[i], ref_info);
        if (i == 1 && diag == 'N' && n[i] > 0) EXPECT_EQ(info[i], n[i] / 2 + 1);
        const std::vector<T> x = a.get(i);
        EXPECT_TRUE(rest_kept(orig[i], x, n[i], uplo, diag)) << "touched outside the triangle";
        if (info[i] > 0) EXPECT_TRUE(x == orig[i]) << "a singular member changed";
        else
            EXPECT_LT(inverse_ratio(triangle(orig[i], n[i], uplo, diag), triangle(x, n[i], uplo, diag),
                                    n[i]),
                      kThreshold);
    }
}

TYPED_TEST(Inverse, Trtri) {
    for (Layout l : kLayouts)
        for (char uplo : {'U', 'L'})
            for (char diag : {'N', 'U'})
                for (int n0 : inverse_sizes()) {
                    check_trtri<TypeParam>(l, uplo, diag, orders(l, n0, 3));
                    if (l == Layout::Variable) break;
                }
}

// The Hermitian matrix whose uplo triangle `a` holds.
template <class T> std::vector<T> hermitian(const std::vector<T> &a, int n, char uplo) {
    std::vector<T> h(a.size());
    for (int c = 0; c < n; ++c)
        for (int r = 0; r < n; ++r) {
            const bool inside = uplo == 'U' ? r <= c : r >= c;
            T v = inside ? a[size_t(c) * n + r] : a[size_t(r) * n + c];
            if constexpr (is_complex<T>) v = r == c ? T(std::real(v)) : inside ? v : std::conj(v);
            h[size_t(c) * n + r] = v;
        }
    return h;
}

// potri of the matrices of orders n in layout l; matrix 1 (when there) has a zero on its diagonal.
template <class T> void check_potri(Layout l, char uplo, const std::vector<int> &n) {
    const int count = int(n.size());
    Batch<T> a(l, n, n, 1);
    std::vector<std::vector<T>> orig(count), factor(count);
    for (int i = 0; i < count; ++i) {
        orig[i] = hpd_matrix<T>(n[i], false);
        factor[i] = orig[i];
        int info = 0;
        if (n[i] > 0) bl::lapack::potrf(uplo, n[i], factor[i].data(), n[i], &info);
        if (i == 1 && n[i] > 0) factor[i][size_t(n[i] / 2) * n[i] + n[i] / 2] = T(0);  // singular
        a.set(i, factor[i]);
    }
    std::vector<int> info(size_t(count), -99);
    ASSERT_EQ(BLTEST_CALL(l, potri, std::make_tuple(uplo), P::size(n), P::matrix(a),
                          std::make_tuple(info.data(), count)),
              0)
        << bl_last_error();
    EXPECT_TRUE(a.guards_intact()) << "write outside A";
    for (int i = 0; i < count; ++i) {
        SCOPED_TRACE(std::string(name(l)) + " uplo=" + uplo + " matrix " + std::to_string(i) +
                     " n=" + std::to_string(n[i]));
        std::vector<T> ref = with_slack(factor[i], n[i]);  // OpenBLAS's complex dot kernel reads past its vector
        int ref_info = 0;
        if (n[i] > 0) bl::lapack::potri(uplo, n[i], ref.data(), n[i], &ref_info);
        EXPECT_EQ(info[i], ref_info);
        if (i == 1 && n[i] > 0) EXPECT_EQ(info[i], n[i] / 2 + 1);
        const std::vector<T> x = a.get(i);
        EXPECT_TRUE(rest_kept(factor[i], x, n[i], uplo, 'N')) << "touched outside the triangle";
        if (info[i] > 0) EXPECT_TRUE(x == factor[i]) << "a singular member changed";
        else EXPECT_LT(inverse_ratio(orig[i], hermitian(x, n[i], uplo), n[i]), kThreshold);
    }
}

TYPED_TEST(Inverse, Potri) {
    for (Layout l : kLayouts)
        for (char uplo : {'U', 'L'})
            for (int n0 : inverse_sizes()) {
                check_potri<TypeParam>(l, uplo, orders(l, n0, 3));
                if (l == Layout::Variable) break;
            }
}

// The order past which the tiled potri packs its products' B (ladder::tiled::kPackFrom: n^2
// elements take that many bytes, so the padded copy does too), one matrix of two singular.
TYPED_TEST(Inverse, PotriPackedOrder) {
    const int n = int(std::sqrt(double(bl::cpu::ladder::tiled::kPackFrom) / sizeof(TypeParam))) + 2;
    for (char uplo : {'U', 'L'}) check_potri<TypeParam>(Layout::Strided, uplo, {n, n});
}

// potri of matrices that end just before an unmapped page, of orders that LAPACK's potri takes on
// the CPU (past the tiled inverses; and 100 where they do not run: cpu.base.inverse runs this test
// with BATCHLAPACK_CPU_ISA=base): nothing past them is read. OpenBLAS's complex dot kernel, which
// its lauum takes along the rows of U, reads past a row's last element; cpotri and zpotri 'U' of
// orders 65-500 faulted there on the base kernels, and cpotri 'U' of order 1030 beside two OpenBLAS
// threads, before the CPU backend gave LAPACK a copy with slack (src_cpu/inverse.cpp). Checked by
// A (X v) = v for a random v, A = F^H F ('U') or F F^H ('L') from the factor F given.
TYPED_TEST(Inverse, PotriEndsBeforeAnUnmappedPage) {
    using T = TypeParam;
    using R = Real<T>;
    std::uniform_real_distribution<double> u(-1, 1);
    auto conj_of = [](T e) {
        if constexpr (is_complex<T>) return T(std::conj(e));
        else return e;
    };
    for (int n : {100, bl::cpu::ladder::inverse::kTiledMax + 6}) {
        for (char uplo : {'U', 'L'}) {
            SCOPED_TRACE(std::string("uplo=") + uplo + " n=" + std::to_string(n));
            auto stored = [&](int i, int j) { return uplo == 'U' ? i <= j : i >= j; };
            std::vector<T> f(size_t(n) * n, T(0));  // well conditioned: 4 on the diagonal, small elsewhere
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i)
                    if (stored(i, j)) f[size_t(j) * n + i] = i == j ? T(4) : T(R(0.02 * u(rng()) / (1 + i + j)));
            EndsAtUnmappedPage<T> a(size_t(n) * n);
            std::copy(f.begin(), f.end(), a.data());
            int info = -1;
            ASSERT_EQ(batchlapack::potri_batch(uplo, n, a.data(), n, int64_t(n) * n, &info, 1), 0) << bl_last_error();
            ASSERT_EQ(info, 0);
            const T *x = a.data();
            std::vector<T> v(n), y(n, T(0)), w(n, T(0)), z(n, T(0));
            for (T &e : v) e = T(R(u(rng())));
            for (int j = 0; j < n; ++j)  // y = X v, X Hermitian from its stored triangle
                for (int i = 0; i < n; ++i)
                    y[i] += (stored(i, j) ? x[size_t(j) * n + i] : conj_of(x[size_t(i) * n + j])) * v[j];
            const bool upper = uplo == 'U';
            for (int j = 0; j < n; ++j)  // w = F y ('U') or F^H y ('L')
                for (int i = 0; i < n; ++i)
                    if (upper) w[i] += f[size_t(j) * n + i] * y[j];
                    else w[j] += conj_of(f[size_t(j) * n + i]) * y[i];
            for (int j = 0; j < n; ++j)  // z = F^H w ('U') or F w ('L')
                for (int i = 0; i < n; ++i)
                    if (upper) z[j] += conj_of(f[size_t(j) * n + i]) * w[i];
                    else z[i] += f[size_t(j) * n + i] * w[j];
            double err = 0, scale = 0;
            for (int i = 0; i < n; ++i) {
                err = std::max(err, double(std::abs(z[i] - v[i])));
                scale = std::max(scale, double(std::abs(v[i])));
            }
            EXPECT_LT(err / (scale * n * std::numeric_limits<R>::epsilon()), kThreshold);
        }
    }
}

// A variable batch of orders 0..48 only: on the GPU one launch of the whole-matrix trtri / potri
// kernel (src_cuda/inverse.cu), with members smaller than its block.
TYPED_TEST(Inverse, TrtriPotriModerateOrders) {
    std::uniform_int_distribution<int> order(0, 48);
    std::vector<int> n(20);
    for (int &x : n) x = order(rng());
    n[0] = 48, n[1] = 41, n[2] = 33, n[3] = 1;
    for (char uplo : {'U', 'L'}) {
        for (char diag : {'N', 'U'}) check_trtri<TypeParam>(Layout::Variable, uplo, diag, n);
        check_potri<TypeParam>(Layout::Variable, uplo, n);
    }
}

// ---- LU without pivoting -----------------------------------------------------------------------

// A random m x n matrix made diagonally dominant (|A(j,j)| > the sum of its row and column), which
// LU without pivoting factors stably.
template <class T> std::vector<T> dominant_matrix(int m, int n) {
    std::vector<T> a(size_t(m) * n);
    for (T &x : a) x = random_value<T>();
    for (int j = 0; j < std::min(m, n); ++j) a[size_t(j) * m + j] += T(Real<T>(m + n));
    return a;
}

// An n x n matrix L U whose factorization without pivoting is exact in floating point: L unit
// lower with entries in {-1, 0, 1}, U upper with entries in {-1, 0, 1} and a diagonal of 1 or 2,
// except U(z, z) = 0 (z < n), so that getrf_np must report info = z + 1. Column z of L is zero
// below the diagonal, so that what follows the zero pivot is the factorization of L22 U22 (the
// values stay small integers, or halves of them).
template <class T> std::vector<T> exactly_singular(int n, int z) {
    std::uniform_int_distribution<int> u(-1, 1);
    std::vector<T> L(size_t(n) * n, T(0)), U(size_t(n) * n, T(0));
    for (int c = 0; c < n; ++c)
        for (int r = 0; r < n; ++r) {
            if (r > c && c != z) L[size_t(c) * n + r] = T(Real<T>(u(rng())));
            if (r < c) U[size_t(c) * n + r] = T(Real<T>(u(rng())));
        }
    for (int j = 0; j < n; ++j) {
        L[size_t(j) * n + j] = T(1);
        U[size_t(j) * n + j] = j == z ? T(0) : T(Real<T>(1 + j % 2));
    }
    return matmul(L, U, n, n, n);
}

// ||A - L U|| / (min(m, n) ||A|| eps) for getrf_np's output `lu` of the m x n A.
template <class T> double getrf_np_ratio(const std::vector<T> &a, const std::vector<T> &lu, int m, int n) {
    const int k = std::min(m, n);
    return k == 0 ? 0 : ratio(a, lu_product(lu, m, n), m, n, k);
}

// getrf_np on diagonally dominant m x n matrices (member 1 exactly singular when square, with
// its zero pivot in the middle) in layout l: the factors' ratio and info.
template <class T> void check_getrf_np(Layout l, const std::vector<int> &m, const std::vector<int> &n) {
    const int count = int(m.size());
    Batch<T> a(l, m, n, 2);
    std::vector<std::vector<T>> orig(count);
    for (int i = 0; i < count; ++i) {
        const bool singular = i == 1 && m[i] == n[i] && n[i] > 0;
        orig[i] = singular ? exactly_singular<T>(n[i], n[i] / 2) : dominant_matrix<T>(m[i], n[i]);
        a.set(i, orig[i]);
    }
    std::vector<int> info(size_t(count), -99);
    ASSERT_EQ(BLTEST_CALL(l, getrf_np, P::size(m), P::size(n), P::matrix(a), std::make_tuple(info.data(), count)), 0)
        << bl_last_error();
    EXPECT_TRUE(a.guards_intact()) << "write outside A";
    for (int i = 0; i < count; ++i) {
        SCOPED_TRACE(std::string(name(l)) + " matrix " + std::to_string(i) + " " + std::to_string(m[i]) + "x" +
                     std::to_string(n[i]));
        const bool singular = i == 1 && m[i] == n[i] && n[i] > 0;
        EXPECT_EQ(info[i], singular ? n[i] / 2 + 1 : 0);
        EXPECT_LT(getrf_np_ratio(orig[i], a.get(i), m[i], n[i]), kThreshold);
    }
}

TYPED_TEST(Inverse, GetrfNp) {
    // Tall and wide shapes, and matrices past the unblocked factorization's 65536 elements (the
    // blocked one's 64-column panels; 700 x 100: two panels, the second of 36 columns).
    const int shapes[][2] = {{5, 3},     {3, 5},     {33, 17},   {17, 33},   {100, 65}, {150, 150},
                             {40, 150},  {300, 70},  {0, 4},     {4, 0},     {1, 7},    {7, 1},
                             {129, 129}, {300, 300}, {700, 100}, {90, 800},  {64, 41},  {41, 64},
                             {57, 63},   {63, 57}};
    for (Layout l : {Layout::Strided, Layout::Pointers}) {
        for (int n : test_sizes()) check_getrf_np<TypeParam>(l, std::vector<int>(3, n), std::vector<int>(3, n));
        for (int n : {bl::cpu::ladder::lu_np::kTiledFrom - 1, bl::cpu::ladder::lu_np::kTiledFrom})  // kernels' switch
            check_getrf_np<TypeParam>(l, std::vector<int>(3, n), std::vector<int>(3, n));
        for (auto &s : shapes) check_getrf_np<TypeParam>(l, std::vector<int>(3, s[0]), std::vector<int>(3, s[1]));
    }
    std::vector<int> m = mixed_sizes(30, 150), n = mixed_sizes(30, 150);
    for (int i = 0; i < 30; i += 3) n[i] = m[i];
    n[1] = m[1] = 97;
    check_getrf_np<TypeParam>(Layout::Variable, m, n);
    // Orders 33..64 only, square and not: one launch of the GPU's whole-matrix kernel, whose
    // matrices are smaller than its columns and rows (it stores each finished block as it goes).
    std::uniform_int_distribution<int> order(33, 64);
    for (int i = 0; i < 30; ++i) m[i] = order(rng()), n[i] = i % 3 == 0 ? m[i] : order(rng());
    n[1] = m[1] = 50;
    check_getrf_np<TypeParam>(Layout::Variable, m, n);
}

// A zero pivot with nonzero entries below it: info names it, its column is left unscaled (as
// LAPACK's getf2 leaves a column it cannot scale), and the factorization goes on with it.
TYPED_TEST(Inverse, GetrfNpZeroPivotColumnUnscaled) {
    using T = TypeParam;
    for (int n : {3, 40, 100}) {
        std::vector<int> size(1, n);
        Batch<T> a(Layout::Strided, size, size);
        std::vector<T> orig = dominant_matrix<T>(n, n);
        orig[0] = T(0);
        a.set(0, orig);
        int info = -99;
        ASSERT_EQ(batchlapack::getrf_np_batch(n, n, a.base(), a.ld(0), a.stride(), &info, 1), 0);
        EXPECT_EQ(info, 1);
        for (int r = 1; r < n; ++r) EXPECT_TRUE(same_bits(a.at(0, r, 0), orig[size_t(r)])) << "row " << r;
        // The rest is the factorization of A(2:n, 2:n) - A(2:n, 1) A(1, 2:n).
        std::vector<T> s(size_t(n - 1) * (n - 1)), f(s.size());
        for (int c = 1; c < n; ++c)
            for (int r = 1; r < n; ++r) {
                s[size_t(c - 1) * (n - 1) + r - 1] = orig[size_t(c) * n + r] - orig[size_t(r)] * orig[size_t(c) * n];
                f[size_t(c - 1) * (n - 1) + r - 1] = a.at(0, r, c);
            }
        EXPECT_LT(getrf_np_ratio(s, f, n - 1, n - 1), kThreshold) << "n=" << n;
    }
}

// getrs_np (every trans) on getrf_np's factors, and gesv_np, on diagonally dominant systems
// (gesv_np's member 1 exactly singular: info, and B untouched), in layout l.
template <class T> void check_solve_np(Layout l, int n0, char trans, bool gesv) {
    const std::vector<int> n = orders(l, n0, 3);
    const int count = int(n.size());
    std::vector<int> nrhs(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) nrhs[size_t(i)] = l == Layout::Variable ? i % 4 : 3;
    Batch<T> a(l, n, n, 1), b(l, n, nrhs, 2);
    b.randomize();
    std::vector<std::vector<T>> orig(count);
    for (int i = 0; i < count; ++i) {
        orig[i] = gesv && i == 1 && n[i] > 0 ? exactly_singular<T>(n[i], n[i] / 2) : dominant_matrix<T>(n[i], n[i]);
        a.set(i, orig[i]);
    }
    std::vector<int> info(size_t(count), -99);
    if (!gesv)
        ASSERT_EQ(BLTEST_CALL(l, getrf_np, P::size(n), P::size(n), P::matrix(a), std::make_tuple(info.data(), count)), 0);
    std::vector<std::vector<T>> rhs(count);
    for (int i = 0; i < count; ++i) rhs[i] = b.get(i);
    const int code = gesv ? BLTEST_CALL(l, gesv_np, P::size(n), P::size(nrhs), P::matrix(a), P::matrix(b),
                                        std::make_tuple(info.data(), count))
                          : BLTEST_CALL(l, getrs_np, std::make_tuple(trans), P::size(n), P::size(nrhs), P::matrix(a),
                                        P::matrix(b), std::make_tuple(info.data(), count));
    ASSERT_EQ(code, 0) << bl_last_error();
    EXPECT_TRUE(a.guards_intact() && b.guards_intact()) << "write outside the data";
    for (int i = 0; i < count; ++i) {
        SCOPED_TRACE(std::string(name(l)) + (gesv ? " gesv_np" : " getrs_np ") + (gesv ? ' ' : trans) + " matrix " +
                     std::to_string(i) + " n=" + std::to_string(n[i]));
        const bool singular = gesv && i == 1 && n[i] > 0;
        EXPECT_EQ(info[i], singular ? n[i] / 2 + 1 : 0);
        if (singular) EXPECT_TRUE(b.get(i) == rhs[i]) << "B changed although A is singular";
        else
            EXPECT_LT(solve_ratio(apply_op(orig[i], n[i], n[i], gesv ? 'N' : trans), b.get(i), rhs[i], n[i], nrhs[i]),
                      kThreshold);
    }
}

TYPED_TEST(Inverse, GetrsNp) {
    for (Layout l : kLayouts)
        for (char trans : {'N', 'T', 'C'})
            for (int n : test_sizes()) {
                check_solve_np<TypeParam>(l, n, trans, false);
                if (l == Layout::Variable) break;
            }
}

TYPED_TEST(Inverse, GesvNp) {
    for (Layout l : kLayouts)
        for (int n : test_sizes()) {
            check_solve_np<TypeParam>(l, n, 'N', true);
            if (l == Layout::Variable) break;
        }
}

}  // namespace
}  // namespace bltest
