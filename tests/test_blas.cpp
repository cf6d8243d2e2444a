// BLAS routines: trsv, trsm, gemm, gemv.
//
// Every call is checked per matrix: the solves by their residual, ||alpha B - op(A) X|| /
// (k ||A|| ||X|| eps); the products against the system BLAS run on a copy of the same storage
// (same leading dimensions and increments), ||C - C_ref|| / (((k+2) |alpha| ||A|| ||B|| +
// 2 |beta| ||C0||) eps). Inputs are checked unchanged bit for bit, and guard cells intact.
// Unreferenced storage (the other triangle, a unit diagonal, C when beta = 0) holds NaN, so a
// routine that reads it fails.
#include <climits>

#include "common.hpp"

namespace bltest {
namespace {

template <class T> using Blas = TypedBackendTest<T>;
TYPED_TEST_SUITE(Blas, Precisions);

template <class T> T nan_value() { return T(std::numeric_limits<Real<T>>::quiet_NaN()); }
template <class T> T conj_if(T x) {
    if constexpr (is_complex<T>) return std::conj(x);
    else return x;
}
char lower(char c) { return char(c - 'A' + 'a'); }

// Bit for bit, so that NaN equals NaN.
template <class T> bool same_values(const std::vector<T> &x, const std::vector<T> &y) {
    if (x.size() != y.size()) return false;
    for (size_t k = 0; k < x.size(); ++k)
        if (!same_bits(x[k], y[k])) return false;
    return true;
}
template <class T> bool same_storage(const Batch<T> &a, const Batch<T> &b) { return same_values(a.storage(), b.storage()); }

// op(A) of a dense rows x cols matrix: A itself, or its (conjugate) transpose, cols x rows.
template <class T> std::vector<T> op_of(const std::vector<T> &a, int rows, int cols, char trans) {
    if (trans == 'N') return a;
    std::vector<T> t(a.size());
    for (int c = 0; c < cols; ++c)
        for (int r = 0; r < rows; ++r)
            t[size_t(r) * cols + c] = trans == 'C' ? conj_if(a[size_t(c) * rows + r]) : a[size_t(c) * rows + r];
    return t;
}
// The triangular matrix BLAS sees in the dense n x n `a`: the `uplo` triangle, unit diagonal for 'U'.
template <class T> std::vector<T> triangle(const std::vector<T> &a, int n, char uplo, char diag) {
    std::vector<T> t(a.size(), T(0));
    for (int c = 0; c < n; ++c)
        for (int r = 0; r < n; ++r)
            if (r == c) t[size_t(c) * n + r] = diag == 'U' ? T(1) : a[size_t(c) * n + r];
            else if ((uplo == 'U') == (r < c)) t[size_t(c) * n + r] = a[size_t(c) * n + r];
    return t;
}
// Fills matrix i of `a` (n x n) with a well-conditioned `uplo` triangle (diagonal of modulus 1 to 2,
// off-diagonal entries of modulus up to 1/n) and NaN where BLAS must not look.
template <class T> void fill_triangular(Batch<T> &a, int i, char uplo, char diag) {
    const int n = a.rows(i);
    for (int c = 0; c < n; ++c)
        for (int r = 0; r < n; ++r) {
            T v = random_value<T>();
            if (r == c) v = diag == 'U' ? nan_value<T>() : v + T(v == T(0) || std::real(v) > 0 ? 1 : -1);
            else if ((uplo == 'U') == (r < c)) v /= Real<T>(n);
            else v = nan_value<T>();
            a.at(i, r, c) = v;
        }
}

// Vector i of `v` in BLAS's element order for increment sign * v.inc(): a negative increment
// walks the storage backwards.
template <class T> std::vector<T> elements(const Batch<T> &v, int i, int sign) {
    std::vector<T> e = v.get(i);
    if (sign < 0) std::reverse(e.begin(), e.end());
    return e;
}
// The increments of the vectors of `v` with the given signs.
template <class T> std::vector<int> increments(const Batch<T> &v, const std::vector<int> &sign) {
    std::vector<int> inc(sign.size());
    for (size_t i = 0; i < sign.size(); ++i) inc[i] = sign[i] * v.inc();
    return inc;
}

// ||alpha B - op(A) X|| / (k ||op(A)|| ||X|| eps) for X (m x n) solving op(A) X = alpha B (side
// 'L', k = m) or X op(A) = alpha B (side 'R', k = n); X must be exactly 0 when alpha is.
template <class T>
double solve_ratio(char side, const std::vector<T> &opa, T alpha, const std::vector<T> &b, const std::vector<T> &x,
                   int m, int n) {
    if (m == 0 || n == 0) return 0;
    const int k = side == 'L' ? m : n;
    std::vector<T> d = side == 'L' ? matmul(opa, x, m, m, n) : matmul(x, opa, m, n, n);
    for (size_t j = 0; j < d.size(); ++j) d[j] = alpha * b[j] - d[j];
    double nd = norm1(d, m, n), nx = norm1(x, m, n);
    if (nx == 0) return alpha == T(0) ? 0 : std::numeric_limits<double>::infinity();
    return nd / (k * norm1(opa, k, k) * nx * double(eps<T>()));
}

// ||C - C_ref|| / (((k+2) |alpha| ||op(A)|| ||op(B)|| + 2 |beta| ||C0||) eps); when that scale is
// 0 (alpha and beta 0, or empty factors and beta 0) C must equal C_ref exactly.
template <class T>
double product_ratio(const std::vector<T> &c, const std::vector<T> &ref, int m, int n, double scale) {
    if (m == 0 || n == 0) return 0;
    std::vector<T> d(c.size());
    for (size_t j = 0; j < c.size(); ++j) d[j] = c[j] - ref[j];
    double nd = norm1(d, m, n);
    if (scale == 0) return nd == 0 ? 0 : std::numeric_limits<double>::infinity();
    return nd / (scale * double(eps<T>()));
}

// The sizes of a batch of `count` problems: `n` for every member in the uniform layouts, mixed
// sizes in [0, max(n, 1)] for vbatch.
std::vector<int> sizes_for(Layout l, int count, int n) {
    return l == Layout::Variable ? mixed_sizes(count, std::max(n, 1)) : std::vector<int>(count, n);
}
// Increment signs: all `sign` in the uniform layouts, alternating (starting with `sign`) in vbatch.
std::vector<int> signs_for(Layout l, int count, int sign) {
    std::vector<int> s(count, sign);
    if (l == Layout::Variable)
        for (int i = 1; i < count; i += 2) s[i] = -sign;
    return s;
}
// The option tests run every combination of options once, while the layout, the lda padding, the
// increment and the letter case turn with the combination's number v so that each meets the
// others: a third of the calls of the full cross product with the layouts.
struct Variant {
    int v;
    Layout layout() const { return kLayouts[(v + v / 6) % 3]; }
    int extra_ld() const { return (v / 2) % 3; }
    bool lowercase() const { return v % 2 == 1; }
    int inc() const { return 1 + (v / 2) % 3; }
    int sign() const { return (v / 3) % 2 ? -1 : 1; }
};

// A scalar for the alpha/beta cases: 0, 1, or a random nonzero value.
template <class T> T scalar(int kind) { return kind == 0 ? T(0) : kind == 1 ? T(1) : random_value<T>() + T(Real<T>(0.5)); }

// ---- trsv ----------------------------------------------------------------------------------
template <class T>
int trsv(Layout l, char uplo, char trans, char diag, const std::vector<int> &n, Batch<T> &a, Batch<T> &x,
         const std::vector<int> &incx) {
    const int count = a.count();
    switch (l) {
    case Layout::Strided:
        return batchlapack::trsv_batch(uplo, trans, diag, n[0], a.base(), a.ld(0), a.stride(), x.base(), incx[0],
                                       x.stride(), count);
    case Layout::Pointers:
        return batchlapack::trsv_batch_ptr(uplo, trans, diag, n[0], a.ptrs(), a.ld(0), x.ptrs(), incx[0], count);
    case Layout::Variable:
        return batchlapack::trsv_vbatch(uplo, trans, diag, n.data(), a.ptrs(), a.lds(), x.ptrs(), incx.data(), count);
    }
    return 1;
}

template <class T>
void check_trsv(Layout l, char uplo, char trans, char diag, const std::vector<int> &n, int extra_ld, int inc, int sign,
                bool lowercase) {
    SCOPED_TRACE(std::string(name(l)) + " uplo=" + uplo + " trans=" + trans + " diag=" + diag +
                 " n[0]=" + std::to_string(n[0]) + " inc=" + std::to_string(sign * inc));
    const int count = int(n.size());
    Batch<T> a(l, n, n, extra_ld);
    Batch<T> x(l, n, std::vector<int>(count, 1), 0, 3, inc);
    for (int i = 0; i < count; ++i) fill_triangular(a, i, uplo, diag);
    x.randomize();
    const Batch<T> a0 = a, x0 = x;
    std::vector<int> incx = increments(x, signs_for(l, count, sign));
    auto opt = [&](char c) { return lowercase ? lower(c) : c; };
    ASSERT_EQ(trsv(l, opt(uplo), opt(trans), opt(diag), n, a, x, incx), 0) << bl_last_error();
    EXPECT_TRUE(same_storage(a, a0)) << "A modified";
    EXPECT_TRUE(x.guards_intact()) << "write outside x";
    for (int i = 0; i < count; ++i) {
        std::vector<T> opa = op_of(triangle(a0.get(i), n[i], uplo, diag), n[i], n[i], trans);
        EXPECT_LT(solve_ratio('L', opa, T(1), elements(x0, i, incx[i]), elements(x, i, incx[i]), n[i], 1),
                  kThreshold)
            << "matrix " << i << " n=" << n[i];
    }
}

TYPED_TEST(Blas, TrsvAllOptions) {
    int variant = 0;
    for (char uplo : {'U', 'L'})
        for (char trans : {'N', 'T', 'C'})
            for (char diag : {'N', 'U'}) {
                const Variant v{variant++};
                check_trsv<TypeParam>(v.layout(), uplo, trans, diag, sizes_for(v.layout(), 5, 9), v.extra_ld(), v.inc(),
                                      v.sign(), v.lowercase());
            }
}

TYPED_TEST(Blas, TrsvSizes) {
    for (Layout l : {Layout::Strided, Layout::Pointers})
        for (int n : test_sizes())
            if (n <= 65) check_trsv<TypeParam>(l, n % 2 ? 'L' : 'U', n % 3 ? 'N' : 'T', 'N', sizes_for(l, 3, n), 2, 1 + n % 2, 1, false);
    check_trsv<TypeParam>(Layout::Variable, 'U', 'C', 'N', mixed_sizes(30, 70), 1, 2, -1, false);
    // Orders that give the GPU's streamed solve 2, 4 and 8 warps, block rows ending short of 32
    // and more block rows than warps, for each triangle and op.
    for (int n : {100, 200, 300})
        for (char uplo : {'U', 'L'})
            for (char trans : {'N', 'T', 'C'})
                check_trsv<TypeParam>(Layout::Strided, uplo, trans, n == 200 ? 'U' : 'N', sizes_for(Layout::Strided, 2, n),
                                      1, n == 300 ? 2 : 1, n == 300 ? -1 : 1, false);
}

// ---- trsm ----------------------------------------------------------------------------------
template <class T>
int trsm(Layout l, char side, char uplo, char transa, char diag, const std::vector<int> &m, const std::vector<int> &n,
         T alpha, Batch<T> &a, Batch<T> &b) {
    const int count = b.count();
    switch (l) {
    case Layout::Strided:
        return batchlapack::trsm_batch(side, uplo, transa, diag, m[0], n[0], alpha, a.base(), a.ld(0), a.stride(),
                                       b.base(), b.ld(0), b.stride(), count);
    case Layout::Pointers:
        return batchlapack::trsm_batch_ptr(side, uplo, transa, diag, m[0], n[0], alpha, a.ptrs(), a.ld(0), b.ptrs(),
                                           b.ld(0), count);
    case Layout::Variable:
        return batchlapack::trsm_vbatch(side, uplo, transa, diag, m.data(), n.data(), alpha, a.ptrs(), a.lds(),
                                        b.ptrs(), b.lds(), count);
    }
    return 1;
}

template <class T>
void check_trsm(Layout l, char side, char uplo, char transa, char diag, const std::vector<int> &m,
                const std::vector<int> &n, T alpha, int extra_ld, bool lowercase) {
    SCOPED_TRACE(std::string(name(l)) + " side=" + side + " uplo=" + uplo + " transa=" + transa + " diag=" + diag +
                 " m[0]=" + std::to_string(m[0]) + " n[0]=" + std::to_string(n[0]));
    const int count = int(m.size());
    const std::vector<int> &k = side == 'L' ? m : n;
    Batch<T> a(l, k, k, extra_ld), b(l, m, n, extra_ld + 1);
    for (int i = 0; i < count; ++i) fill_triangular(a, i, uplo, diag);
    b.randomize();
    const Batch<T> a0 = a, b0 = b;
    auto opt = [&](char c) { return lowercase ? lower(c) : c; };
    ASSERT_EQ(trsm(l, opt(side), opt(uplo), opt(transa), opt(diag), m, n, alpha, a, b), 0) << bl_last_error();
    EXPECT_TRUE(same_storage(a, a0)) << "A modified";
    EXPECT_TRUE(b.guards_intact()) << "write outside B";
    for (int i = 0; i < count; ++i) {
        std::vector<T> opa = op_of(triangle(a0.get(i), k[i], uplo, diag), k[i], k[i], transa);
        EXPECT_LT(solve_ratio(side, opa, alpha, b0.get(i), b.get(i), m[i], n[i]), kThreshold)
            << "matrix " << i << " " << m[i] << "x" << n[i];
    }
}

TYPED_TEST(Blas, TrsmAllOptions) {
    using T = TypeParam;
    int variant = 0;
    for (char side : {'L', 'R'})
        for (char uplo : {'U', 'L'})
            for (char transa : {'N', 'T', 'C'})
                for (char diag : {'N', 'U'}) {
                    const Variant v{variant++};
                    const T alpha = scalar<T>(v.v % 5 == 0 ? 0 : v.v % 5 == 1 ? 1 : 2);
                    const Layout l = v.layout();
                    check_trsm<T>(l, side, uplo, transa, diag, sizes_for(l, 4, 7), sizes_for(l, 4, 5), alpha,
                                  v.extra_ld(), v.lowercase());
                }
}

TYPED_TEST(Blas, TrsmSizes) {
    using T = TypeParam;
    for (Layout l : {Layout::Strided, Layout::Pointers})
        for (int n : test_sizes())
            if (n <= 65) {
                const int m = (n * 2 + 1) % 37;  // m != n, also 0 and 1
                check_trsm<T>(l, n % 2 ? 'L' : 'R', n % 3 ? 'U' : 'L', n % 4 ? 'N' : 'C', 'N', sizes_for(l, 2, m),
                              sizes_for(l, 2, n), scalar<T>(2), 1, false);
            }
    check_trsm<T>(Layout::Variable, 'R', 'L', 'T', 'N', mixed_sizes(20, 40), mixed_sizes(20, 40), scalar<T>(2), 2, false);
    check_trsm<T>(Layout::Variable, 'L', 'U', 'N', 'U', mixed_sizes(20, 40), mixed_sizes(20, 40), scalar<T>(2), 0, false);
}

// ---- gemm ----------------------------------------------------------------------------------
template <class T>
int gemm(Layout l, char transa, char transb, const std::vector<int> &m, const std::vector<int> &n,
         const std::vector<int> &k, T alpha, Batch<T> &a, Batch<T> &b, T beta, Batch<T> &c) {
    const int count = c.count();
    switch (l) {
    case Layout::Strided:
        return batchlapack::gemm_batch(transa, transb, m[0], n[0], k[0], alpha, a.base(), a.ld(0), a.stride(),
                                       b.base(), b.ld(0), b.stride(), beta, c.base(), c.ld(0), c.stride(), count);
    case Layout::Pointers:
        return batchlapack::gemm_batch_ptr(transa, transb, m[0], n[0], k[0], alpha, a.ptrs(), a.ld(0), b.ptrs(),
                                           b.ld(0), beta, c.ptrs(), c.ld(0), count);
    case Layout::Variable:
        return batchlapack::gemm_vbatch(transa, transb, m.data(), n.data(), k.data(), alpha, a.ptrs(), a.lds(),
                                        b.ptrs(), b.lds(), beta, c.ptrs(), c.lds(), count);
    }
    return 1;
}

template <class T>
void check_gemm(Layout l, char transa, char transb, const std::vector<int> &m, const std::vector<int> &n,
                const std::vector<int> &k, T alpha, T beta, int extra_ld, bool lowercase) {
    SCOPED_TRACE(std::string(name(l)) + " transa=" + transa + " transb=" + transb + " m[0]=" + std::to_string(m[0]) +
                 " n[0]=" + std::to_string(n[0]) + " k[0]=" + std::to_string(k[0]) +
                 " alpha=" + std::to_string(abs1(alpha)) + " beta=" + std::to_string(abs1(beta)));
    const int count = int(m.size());
    Batch<T> a(l, transa == 'N' ? m : k, transa == 'N' ? k : m, extra_ld);
    Batch<T> b(l, transb == 'N' ? k : n, transb == 'N' ? n : k, extra_ld + 1);
    Batch<T> c(l, m, n, extra_ld + 2);
    a.randomize(), b.randomize(), c.randomize();
    if (beta == T(0)) c.fill([](int, int, int) { return nan_value<T>(); });  // not to be read
    const Batch<T> a0 = a, b0 = b, c0 = c;
    Batch<T> ref = c;
    auto opt = [&](char ch) { return lowercase ? lower(ch) : ch; };
    ASSERT_EQ(gemm(l, opt(transa), opt(transb), m, n, k, alpha, a, b, beta, c), 0) << bl_last_error();
    EXPECT_TRUE(same_storage(a, a0) && same_storage(b, b0)) << "A or B modified";
    EXPECT_TRUE(c.guards_intact()) << "write outside C";
    for (int i = 0; i < count; ++i) {
        bl::lapack::gemm(transa, transb, m[i], n[i], k[i], alpha, a.ptrs()[i], a.ld(i), b.ptrs()[i], b.ld(i), beta,
                         ref.ptrs()[i], ref.ld(i));
        double na = norm1(a0.get(i), a0.rows(i), a0.cols(i)), nb = norm1(b0.get(i), b0.rows(i), b0.cols(i));
        double nc = beta == T(0) ? 0 : norm1(c0.get(i), m[i], n[i]);
        double scale = (k[i] + 2) * abs1(alpha) * na * nb + 2 * abs1(beta) * nc;
        EXPECT_LT(product_ratio(c.get(i), ref.get(i), m[i], n[i], scale), kThreshold)
            << "matrix " << i << " " << m[i] << "x" << n[i] << "x" << k[i];
    }
}

TYPED_TEST(Blas, GemmAllOptions) {
    using T = TypeParam;
    int variant = 0;
    for (char transa : {'N', 'T', 'C'})
        for (char transb : {'N', 'T', 'C'})
            for (int ab = 0; ab < 6; ++ab) {
                // (alpha, beta) = (0, 0), (r, 0), (0, 1), (1, 1), (0, r), (r, r) for random r.
                const T alpha = scalar<T>(ab % 2 == 0 ? 0 : ab == 3 ? 1 : 2), beta = scalar<T>(ab / 2);
                const Variant v{variant++};
                const Layout l = v.layout();
                check_gemm<T>(l, transa, transb, sizes_for(l, 4, 6), sizes_for(l, 4, 5), sizes_for(l, 4, 4), alpha, beta,
                              v.extra_ld(), v.lowercase());
            }
}

TYPED_TEST(Blas, GemmSizes) {
    using T = TypeParam;
    for (Layout l : {Layout::Strided, Layout::Pointers})
        for (int n : test_sizes())
            if (n <= 65) {
                const int m = (n * 2 + 1) % 37, k = (n * 3) % 41;  // includes k = 0
                check_gemm<T>(l, n % 3 ? 'N' : 'C', n % 2 ? 'T' : 'N', sizes_for(l, 2, m), sizes_for(l, 2, n),
                              sizes_for(l, 2, k), scalar<T>(2), scalar<T>(2), 1, false);
            }
    check_gemm<T>(Layout::Variable, 'T', 'N', mixed_sizes(20, 40), mixed_sizes(20, 40), mixed_sizes(20, 40),
                  scalar<T>(2), scalar<T>(2), 1, false);
}

// Unreferenced A and B may be null (alpha = 0 or k = 0), and C when nothing is written.
TYPED_TEST(Blas, GemmUnreferencedArraysMayBeNull) {
    using T = TypeParam;
    const int count = 3, n = 4;
    Batch<T> c(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, n));
    c.randomize();
    const Batch<T> c0 = c;
    const T *none = nullptr;
    EXPECT_EQ(batchlapack::gemm_batch('N', 'N', n, n, n, T(0), none, n, 0, none, n, 0, T(2), c.base(), n, c.stride(),
                                      count), 0) << bl_last_error();
    for (int i = 0; i < count; ++i)
        for (int j = 0; j < n * n; ++j) EXPECT_EQ(c.get(i)[j], T(2) * c0.get(i)[j]);
    EXPECT_EQ(batchlapack::gemm_batch('N', 'N', n, n, 0, T(1), none, n, 0, none, 1, 0, T(0), c.base(), n, c.stride(),
                                      count), 0) << bl_last_error();
    for (int i = 0; i < count; ++i) EXPECT_TRUE(c.get(i) == std::vector<T>(n * n, T(0)));
    EXPECT_EQ(batchlapack::gemm_batch('N', 'N', n, n, n, T(0), none, n, 0, none, n, 0, T(1), (T *)nullptr, n, 0, count),
              0) << bl_last_error();
    std::vector<const T *> nulls(count, nullptr);
    Batch<T> x(Layout::Pointers, std::vector<int>(count, n), std::vector<int>(count, 1));
    x.randomize();
    EXPECT_EQ(batchlapack::gemv_batch_ptr('T', n, n, T(0), nulls.data(), n, nulls.data(), 1, T(3), x.ptrs(), 1, count),
              0) << bl_last_error();
    EXPECT_EQ(batchlapack::trsm_batch_ptr('L', 'U', 'N', 'N', n, n, T(0), nulls.data(), n, c.ptrs(), n, count), 0)
        << bl_last_error();
    // A read-only matrix shared by the whole batch: stride 0.
    Batch<T> a(Layout::Strided, std::vector<int>(1, n), std::vector<int>(1, n));
    fill_triangular(a, 0, 'U', 'N');
    EXPECT_EQ(batchlapack::trsm_batch('L', 'U', 'N', 'N', n, n, T(1), a.base(), n, 0, c.base(), n, c.stride(), count), 0)
        << bl_last_error();
}

// Found by the argument fuzzer under UBSan: an increment of INT_MIN is legal, and y of one element
// scaled by beta with alpha = 0 takes |incy| (it was taken in int: undefined behaviour); so does
// complex gemv's copy of x of one element (trans = 'N', with alpha != 0; found the same way).
TYPED_TEST(Blas, GemvIncrementIntMin) {
    using T = TypeParam;
    const T *none = nullptr;
    std::vector<T> y = {T(3)};
    EXPECT_EQ(batchlapack::gemv_batch('N', 1, 1, T(0), none, 1, 0, none, 1, 0, T(2), y.data(), INT_MIN, 1, 1), 0)
        << bl_last_error();
    EXPECT_EQ(y[0], T(6));
    const std::vector<T> a = {T(5)}, x = {T(7)};
    EXPECT_EQ(batchlapack::gemv_batch('N', 1, 1, T(1), a.data(), 1, 0, x.data(), INT_MIN, 0, T(2), y.data(), 1, 1, 1), 0)
        << bl_last_error();
    EXPECT_EQ(y[0], T(47));  // 5 * 7 + 2 * 6
}

// ---- gemv ----------------------------------------------------------------------------------
template <class T>
int gemv(Layout l, char trans, const std::vector<int> &m, const std::vector<int> &n, T alpha, Batch<T> &a,
         Batch<T> &x, const std::vector<int> &incx, T beta, Batch<T> &y, const std::vector<int> &incy) {
    const int count = a.count();
    switch (l) {
    case Layout::Strided:
        return batchlapack::gemv_batch(trans, m[0], n[0], alpha, a.base(), a.ld(0), a.stride(), x.base(), incx[0],
                                       x.stride(), beta, y.base(), incy[0], y.stride(), count);
    case Layout::Pointers:
        return batchlapack::gemv_batch_ptr(trans, m[0], n[0], alpha, a.ptrs(), a.ld(0), x.ptrs(), incx[0], beta,
                                           y.ptrs(), incy[0], count);
    case Layout::Variable:
        return batchlapack::gemv_vbatch(trans, m.data(), n.data(), alpha, a.ptrs(), a.lds(), x.ptrs(), incx.data(), beta,
                                        y.ptrs(), incy.data(), count);
    }
    return 1;
}

template <class T>
void check_gemv(Layout l, char trans, const std::vector<int> &m, const std::vector<int> &n, T alpha, T beta,
                int extra_ld, int inc, int sign, bool lowercase) {
    SCOPED_TRACE(std::string(name(l)) + " trans=" + trans + " m[0]=" + std::to_string(m[0]) + " n[0]=" +
                 std::to_string(n[0]) + " alpha=" + std::to_string(abs1(alpha)) + " beta=" +
                 std::to_string(abs1(beta)) + " inc=" + std::to_string(sign * inc));
    const int count = int(m.size());
    const std::vector<int> &len_x = trans == 'N' ? n : m, &len_y = trans == 'N' ? m : n;
    const std::vector<int> ones(count, 1);
    Batch<T> a(l, m, n, extra_ld), x(l, len_x, ones, 0, 2, inc), y(l, len_y, ones, 0, 3, inc + 1);
    a.randomize(), x.randomize(), y.randomize();
    if (beta == T(0)) y.fill([](int, int, int) { return nan_value<T>(); });
    const Batch<T> a0 = a, x0 = x, y0 = y;
    Batch<T> ref = y;
    std::vector<int> incx = increments(x, signs_for(l, count, sign)), incy = increments(y, signs_for(l, count, -sign));
    ASSERT_EQ(gemv(l, lowercase ? lower(trans) : trans, m, n, alpha, a, x, incx, beta, y, incy), 0) << bl_last_error();
    EXPECT_TRUE(same_storage(a, a0) && same_storage(x, x0)) << "A or x modified";
    EXPECT_TRUE(y.guards_intact()) << "write outside y";
    for (int i = 0; i < count; ++i) {
        // x's elements in order, with slack after them (with_slack says why).
        const std::vector<T> xs = with_slack(elements(x0, i, incx[i]), 1);
        bl::lapack::gemv(trans, m[i], n[i], alpha, a.ptrs()[i], a.ld(i), xs.data(), 1, beta, ref.ptrs()[i], incy[i]);
        double na = norm1(a0.get(i), m[i], n[i]), nx = norm1(x0.get(i), len_x[i], 1);
        double ny = beta == T(0) ? 0 : norm1(y0.get(i), len_y[i], 1);
        double scale = ((trans == 'N' ? n[i] : m[i]) + 2) * abs1(alpha) * na * nx + 2 * abs1(beta) * ny;
        // Empty A: BLAS leaves y alone, even when beta = 0.
        if (m[i] == 0 || n[i] == 0) EXPECT_TRUE(same_values(y.get(i), y0.get(i))) << "matrix " << i;
        else EXPECT_LT(product_ratio(elements(y, i, incy[i]), elements(ref, i, incy[i]), len_y[i], 1, scale), kThreshold)
                << "matrix " << i << " " << m[i] << "x" << n[i];
    }
}

TYPED_TEST(Blas, GemvAllOptions) {
    using T = TypeParam;
    int variant = 0;
    for (char trans : {'N', 'T', 'C'})
        for (int ab = 0; ab < 6; ++ab) {  // (alpha, beta) as in GemmAllOptions
            const T alpha = scalar<T>(ab % 2 == 0 ? 0 : ab == 3 ? 1 : 2), beta = scalar<T>(ab / 2);
            const Variant v{variant++};
            const Layout l = v.layout();
            check_gemv<T>(l, trans, sizes_for(l, 4, 7), sizes_for(l, 4, 5), alpha, beta, v.extra_ld(), v.inc(), v.sign(),
                          v.lowercase());
        }
}

// A and x end just before an unmapped page: nothing past them is read. OpenBLAS's complex gemv
// 'N' kernel reads one element past x (docs/decisions.md), through the tail it takes for
// m % 4 == 2; the CPU backend reads x from a copy.
TYPED_TEST(Blas, GemvArraysEndBeforeAnUnmappedPage) {
    using T = TypeParam;
    std::mt19937 gen(3);
    std::uniform_real_distribution<double> u(-1, 1);
    const int n = 9;
    for (char trans : {'N', 'T', 'C'})
        for (int m : {6, 30, 7})
            for (int inc : {1, 3, -2}) {
                SCOPED_TRACE(std::string("trans ") + trans + " m=" + std::to_string(m) + " inc=" + std::to_string(inc));
                const int lx = trans == 'N' ? n : m, ly = trans == 'N' ? m : n, step = std::abs(inc);
                const int size_x = (lx - 1) * step + 1;
                EndsAtUnmappedPage<T> a{size_t(m) * n}, x{size_t(size_x)};
                for (int e = 0; e < m * n; ++e) a.data()[e] = T(Real<T>(u(gen)));
                for (int e = 0; e < size_x; ++e) x.data()[e] = T(Real<T>(u(gen)));
                std::vector<T> y(size_t(ly), T(0)), ref = y;
                ASSERT_EQ(batchlapack::gemv_batch(trans, m, n, T(1), a.data(), m, m * n, x.data(), inc, size_x, T(0),
                                                  y.data(), 1, ly, 1),
                          0)
                    << bl_last_error();
                // The same product by the system BLAS, on copies with slack after them.
                const std::vector<T> ra = with_slack(std::vector<T>(a.data(), a.data() + m * n), m);
                const std::vector<T> rx = with_slack(std::vector<T>(x.data(), x.data() + size_x), step);
                bl::lapack::gemv(trans, m, n, T(1), ra.data(), m, rx.data(), inc, T(0), ref.data(), 1);
                EXPECT_LT(product_ratio(y, ref, ly, 1, (lx + 2) * norm1(ra, m, n) * norm1(rx, size_x, 1)), kThreshold);
            }
}

TYPED_TEST(Blas, GemvSizes) {
    using T = TypeParam;
    for (Layout l : {Layout::Strided, Layout::Pointers})
        for (int n : test_sizes())
            if (n <= 65) {
                const int m = (n * 2 + 1) % 37;
                check_gemv<T>(l, n % 3 ? 'N' : 'C', sizes_for(l, 2, m), sizes_for(l, 2, n), scalar<T>(2), scalar<T>(2),
                              1, 1 + n % 2, n % 4 < 2 ? 1 : -1, false);
            }
    check_gemv<T>(Layout::Variable, 'T', mixed_sizes(20, 50), mixed_sizes(20, 50), scalar<T>(2), scalar<T>(2), 2, 2, -1,
                  false);
}

// ---- illegal arguments ---------------------------------------------------------------------
// Each entry point, each argument the checks can find illegal; nothing may be modified.
TYPED_TEST(Blas, TrsvIllegalArguments) {
    using T = TypeParam;
    const int count = 3, n = 4;
    const std::vector<int> ns(count, n), ones(count, 1);
    Batch<T> a(Layout::Strided, ns, ns), x(Layout::Strided, ns, ones);
    a.randomize(), x.randomize();
    EXPECT_EQ(batchlapack::trsv_batch('U', 'N', 'N', n, a.base(), n, a.stride(), x.base(), 1, x.stride(), 0), 0);
    // (uplo, trans, diag, n, A, lda, strideA, x, incx, strideX, batch)
    auto s = [&](char u, char t, char d, int nn, const T *A, int lda, T *X, int incx, int64_t sx, int b) {
        return [=] { return batchlapack::trsv_batch(u, t, d, nn, A, lda, 0, X, incx, sx, b); };
    };
    T *A = a.base(), *X = x.base();
    const int64_t sx = x.stride();
    expect_rejected(1, s('X', 'N', 'N', n, A, n, X, 1, sx, count), nullptr, a, x);
    expect_rejected(2, s('U', 'x', 'N', n, A, n, X, 1, sx, count), nullptr, a, x);
    expect_rejected(3, s('U', 'N', 'T', n, A, n, X, 1, sx, count), nullptr, a, x);
    expect_rejected(4, s('U', 'N', 'N', -1, A, n, X, 1, sx, count), nullptr, a, x);
    expect_rejected(5, s('U', 'N', 'N', n, nullptr, n, X, 1, sx, count), nullptr, a, x);
    expect_rejected(6, s('U', 'N', 'N', n, A, n - 1, X, 1, sx, count), nullptr, a, x);
    expect_rejected(8, s('U', 'N', 'N', n, A, n, nullptr, 1, sx, count), nullptr, a, x);
    expect_rejected(9, s('U', 'N', 'N', n, A, n, X, 0, sx, count), nullptr, a, x);
    expect_rejected(10, s('U', 'N', 'N', n, A, n, X, 1, n - 1, count), nullptr, a, x);
    expect_rejected(10, s('U', 'N', 'N', n, A, n, X, -3, sx, count), nullptr, a, x);  // |incx| counts
    expect_rejected(11, s('U', 'N', 'N', n, A, n, X, 1, sx, -1), nullptr, a, x);
    expect_rejected(1, s('X', 'N', 'N', -1, A, 0, X, 0, sx, count), nullptr, a, x);  // the lowest wins

    // (uplo, trans, diag, n, A, lda, x, incx, batch)
    Batch<T> ap(Layout::Pointers, ns, ns), xp(Layout::Pointers, ns, ones);
    T *const *AP = ap.ptrs(), *const *XP = xp.ptrs();
    std::vector<T *> holes(XP, XP + count);
    holes[2] = nullptr;
    auto p = [&](char u, int lda, T *const *A2, T *const *X2, int incx, int b) {
        return [=] { return batchlapack::trsv_batch_ptr(u, 'N', 'N', n, A2, lda, X2, incx, b); };
    };
    expect_rejected(1, p('x', n, AP, XP, 1, count), nullptr, ap, xp);
    expect_rejected(5, p('U', n, nullptr, XP, 1, count), nullptr, ap, xp);
    expect_rejected(6, p('U', 0, AP, XP, 1, count), nullptr, ap, xp);
    expect_rejected(7, p('U', n, AP, holes.data(), 1, count), nullptr, ap, xp);
    expect_rejected(8, p('U', n, AP, XP, 0, count), nullptr, ap, xp);
    expect_rejected(9, p('U', n, AP, XP, 1, -1), nullptr, ap, xp);

    // (uplo, trans, diag, n, A, lda, x, incx, batch), per-matrix n, lda, incx
    std::vector<int> bad_n = ns, bad_lda = ns, bad_inc = ones;
    bad_n[1] = -1, bad_lda[2] = 1, bad_inc[1] = 0;
    auto v = [&](const int *nv, const int *lda, const int *incx) {
        return [=] { return batchlapack::trsv_vbatch('L', 'T', 'U', nv, AP, lda, XP, incx, count); };
    };
    expect_rejected(4, v(nullptr, ns.data(), ones.data()), nullptr, ap, xp);
    expect_rejected(4, v(bad_n.data(), ns.data(), ones.data()), nullptr, ap, xp);
    expect_rejected(6, v(ns.data(), bad_lda.data(), ones.data()), nullptr, ap, xp);
    expect_rejected(8, v(ns.data(), ns.data(), bad_inc.data()), nullptr, ap, xp);
    expect_rejected(8, v(ns.data(), ns.data(), nullptr), nullptr, ap, xp);
}

TYPED_TEST(Blas, TrsmIllegalArguments) {
    using T = TypeParam;
    const int count = 3, m = 4, n = 3;
    const std::vector<int> ms(count, m), ns(count, n);
    Batch<T> a(Layout::Strided, ms, ms), b(Layout::Strided, ms, ns);
    a.randomize(), b.randomize();
    const T one(1);
    // (side, uplo, transa, diag, m, n, alpha, A, lda, strideA, B, ldb, strideB, batch)
    auto s = [&](const char *o, int mm, int nn, const T *A, int lda, T *B, int ldb, int64_t sb, int bc) {
        return [=] { return batchlapack::trsm_batch(o[0], o[1], o[2], o[3], mm, nn, one, A, lda, 0, B, ldb, sb, bc); };
    };
    T *A = a.base(), *B = b.base();
    const int64_t sb = b.stride();
    expect_rejected(1, s("XUNN", m, n, A, m, B, m, sb, count), nullptr, a, b);
    expect_rejected(2, s("LXNN", m, n, A, m, B, m, sb, count), nullptr, a, b);
    expect_rejected(3, s("LUXN", m, n, A, m, B, m, sb, count), nullptr, a, b);
    expect_rejected(4, s("LUNX", m, n, A, m, B, m, sb, count), nullptr, a, b);
    expect_rejected(5, s("LUNN", -1, n, A, m, B, m, sb, count), nullptr, a, b);
    expect_rejected(6, s("LUNN", m, -1, A, m, B, m, sb, count), nullptr, a, b);
    expect_rejected(8, s("LUNN", m, n, nullptr, m, B, m, sb, count), nullptr, a, b);
    expect_rejected(9, s("LUNN", m, n, A, m - 1, B, m, sb, count), nullptr, a, b);
    expect_rejected(11, s("LUNN", m, n, A, m, nullptr, m, sb, count), nullptr, a, b);
    expect_rejected(12, s("RUNN", m, n, A, n, B, m - 1, sb, count), nullptr, a, b);
    expect_rejected(13, s("LUNN", m, n, A, m, B, m, m * n - 1, count), nullptr, a, b);
    expect_rejected(14, s("LUNN", m, n, A, m, B, m, sb, -2), nullptr, a, b);
    // side 'R': A is n x n, lda >= n suffices, and less is illegal.
    EXPECT_EQ(batchlapack::trsm_batch('R', 'U', 'N', 'U', m, n, T(0), A, n, 0, B, m, sb, count), 0);
    expect_rejected(9, s("RUNN", m, n, A, n - 1, B, m, sb, count), nullptr, a, b);

    // (side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb, batch)
    Batch<T> ap(Layout::Pointers, ms, ms), bp(Layout::Pointers, ms, ns);
    T *const *AP = ap.ptrs(), *const *BP = bp.ptrs();
    auto p = [&](char side, int lda, T *const *A2, T *const *B2, int ldb, int bc) {
        return [=] { return batchlapack::trsm_batch_ptr(side, 'u', 'c', 'n', m, n, one, A2, lda, B2, ldb, bc); };
    };
    expect_rejected(1, p('l' + 1, m, AP, BP, m, count), nullptr, ap, bp);
    expect_rejected(8, p('l', m, nullptr, BP, m, count), nullptr, ap, bp);
    expect_rejected(9, p('l', m - 1, AP, BP, m, count), nullptr, ap, bp);
    expect_rejected(10, p('l', m, AP, nullptr, m, count), nullptr, ap, bp);
    expect_rejected(11, p('l', m, AP, BP, 0, count), nullptr, ap, bp);
    expect_rejected(12, p('l', m, AP, BP, m, -1), nullptr, ap, bp);

    // (side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb, batch), per-matrix m, n, lda, ldb
    std::vector<int> bad = ms;
    bad[2] = -3;
    auto v = [&](const int *mv, const int *nv, const int *lda, const int *ldb) {
        return [=] { return batchlapack::trsm_vbatch('L', 'L', 'T', 'U', mv, nv, one, AP, lda, BP, ldb, count); };
    };
    std::vector<int> small_ld = ms;
    small_ld[1] = m - 1;
    expect_rejected(5, v(bad.data(), ns.data(), ms.data(), ms.data()), nullptr, ap, bp);
    expect_rejected(6, v(ms.data(), nullptr, ms.data(), ms.data()), nullptr, ap, bp);
    expect_rejected(9, v(ms.data(), ns.data(), small_ld.data(), ms.data()), nullptr, ap, bp);
    expect_rejected(11, v(ms.data(), ns.data(), ms.data(), small_ld.data()), nullptr, ap, bp);
}

TYPED_TEST(Blas, GemmIllegalArguments) {
    using T = TypeParam;
    const int count = 2, m = 3, n = 4, k = 5;
    Batch<T> a(Layout::Strided, std::vector<int>(count, m), std::vector<int>(count, k));
    Batch<T> b(Layout::Strided, std::vector<int>(count, k), std::vector<int>(count, n));
    Batch<T> c(Layout::Strided, std::vector<int>(count, m), std::vector<int>(count, n));
    a.randomize(), b.randomize(), c.randomize();
    const T one(1);
    T *A = a.base(), *B = b.base(), *C = c.base();
    const int64_t sc = c.stride();
    // (transa, transb, m, n, k, alpha, A, lda, strideA, B, ldb, strideB, beta, C, ldc, strideC, batch)
    auto s = [&](char ta, char tb, int mm, int nn, int kk, const T *A2, int lda, const T *B2, int ldb, T *C2, int ldc,
                 int64_t s2, int bc) {
        return [=] {
            return batchlapack::gemm_batch(ta, tb, mm, nn, kk, one, A2, lda, 0, B2, ldb, 0, one, C2, ldc, s2, bc);
        };
    };
    expect_rejected(1, s('X', 'N', m, n, k, A, m, B, k, C, m, sc, count), nullptr, a, b, c);
    expect_rejected(2, s('N', 'u', m, n, k, A, m, B, k, C, m, sc, count), nullptr, a, b, c);
    expect_rejected(3, s('N', 'N', -1, n, k, A, m, B, k, C, m, sc, count), nullptr, a, b, c);
    expect_rejected(4, s('N', 'N', m, -1, k, A, m, B, k, C, m, sc, count), nullptr, a, b, c);
    expect_rejected(5, s('N', 'N', m, n, -1, A, m, B, k, C, m, sc, count), nullptr, a, b, c);
    expect_rejected(7, s('N', 'N', m, n, k, nullptr, m, B, k, C, m, sc, count), nullptr, a, b, c);
    expect_rejected(8, s('N', 'N', m, n, k, A, m - 1, B, k, C, m, sc, count), nullptr, a, b, c);
    expect_rejected(8, s('T', 'N', m, k, m, A, m - 1, B, m, C, m, sc, count), nullptr, a, b, c);  // lda >= k for 'T'
    expect_rejected(10, s('N', 'N', m, n, k, A, m, nullptr, k, C, m, sc, count), nullptr, a, b, c);
    expect_rejected(11, s('N', 'N', m, n, k, A, m, B, k - 1, C, m, sc, count), nullptr, a, b, c);
    expect_rejected(11, s('N', 'C', m, k, m, A, m, B, k - 1, C, m, sc, count), nullptr, a, b, c);  // ldb >= n for 'C'
    expect_rejected(14, s('N', 'N', m, n, k, A, m, B, k, nullptr, m, sc, count), nullptr, a, b, c);
    expect_rejected(15, s('N', 'N', m, n, k, A, m, B, k, C, m - 1, sc, count), nullptr, a, b, c);
    expect_rejected(16, s('N', 'N', m, n, k, A, m, B, k, C, m, m * n - 1, count), nullptr, a, b, c);
    expect_rejected(17, s('N', 'N', m, n, k, A, m, B, k, C, m, sc, -1), nullptr, a, b, c);

    // (transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, batch)
    Batch<T> ap = a, cp = c, bt(Layout::Pointers, std::vector<int>(count, n), std::vector<int>(count, k));
    T *const *AP = ap.ptrs(), *const *BP = bt.ptrs(), *const *CP = cp.ptrs();
    auto p = [&](int mm, T *const *A2, T *const *B2, T *const *C2, int ldc, int bc) {
        return [=] { return batchlapack::gemm_batch_ptr('n', 't', mm, n, k, one, A2, m, B2, n, one, C2, ldc, bc); };
    };
    expect_rejected(3, p(-1, AP, BP, CP, m, count), nullptr, ap, bt, cp);
    expect_rejected(7, p(m, nullptr, BP, CP, m, count), nullptr, ap, bt, cp);
    expect_rejected(9, p(m, AP, nullptr, CP, m, count), nullptr, ap, bt, cp);
    expect_rejected(12, p(m, AP, BP, nullptr, m, count), nullptr, ap, bt, cp);
    expect_rejected(13, p(m, AP, BP, CP, 0, count), nullptr, ap, bt, cp);
    expect_rejected(14, p(m, AP, BP, CP, m, -1), nullptr, ap, bt, cp);

    // (transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, batch), per-matrix ints
    const std::vector<int> ms(count, m), ns(count, n), ks(count, k);
    std::vector<int> bad_k = ks, bad_ldb = ks;
    bad_k[1] = -1, bad_ldb[1] = k - 1;
    Batch<T> bn = b;
    T *const *BN = bn.ptrs();
    const int *nv = ns.data();
    auto v = [&](const int *mv, const int *kv, const int *lda, const int *ldb, const int *ldc) {
        return [=] { return batchlapack::gemm_vbatch('N', 'N', mv, nv, kv, one, AP, lda, BN, ldb, one, CP, ldc, count); };
    };
    expect_rejected(3, v(nullptr, ks.data(), ms.data(), ks.data(), ms.data()), nullptr, ap, bn, cp);
    expect_rejected(5, v(ms.data(), bad_k.data(), ms.data(), ks.data(), ms.data()), nullptr, ap, bn, cp);
    expect_rejected(10, v(ms.data(), ks.data(), ms.data(), bad_ldb.data(), ms.data()), nullptr, ap, bn, cp);
    expect_rejected(13, v(ms.data(), ks.data(), ms.data(), ks.data(), nullptr), nullptr, ap, bn, cp);
}

TYPED_TEST(Blas, GemvIllegalArguments) {
    using T = TypeParam;
    const int count = 3, m = 4, n = 3;
    const std::vector<int> ms(count, m), ns(count, n), ones(count, 1);
    Batch<T> a(Layout::Strided, ms, ns), x(Layout::Strided, ns, ones), y(Layout::Strided, ms, ones);
    a.randomize(), x.randomize(), y.randomize();
    const T one(1);
    T *A = a.base(), *X = x.base(), *Y = y.base();
    const int64_t sy = y.stride();
    // (trans, m, n, alpha, A, lda, strideA, x, incx, strideX, beta, y, incy, strideY, batch)
    auto s = [&](char t, int mm, int nn, const T *A2, int lda, const T *X2, int incx, T *Y2, int incy, int64_t s2,
                 int bc) {
        return [=] { return batchlapack::gemv_batch(t, mm, nn, one, A2, lda, 0, X2, incx, 0, one, Y2, incy, s2, bc); };
    };
    expect_rejected(1, s('Y', m, n, A, m, X, 1, Y, 1, sy, count), nullptr, a, x, y);
    expect_rejected(2, s('N', -1, n, A, m, X, 1, Y, 1, sy, count), nullptr, a, x, y);
    expect_rejected(3, s('N', m, -1, A, m, X, 1, Y, 1, sy, count), nullptr, a, x, y);
    expect_rejected(5, s('N', m, n, nullptr, m, X, 1, Y, 1, sy, count), nullptr, a, x, y);
    expect_rejected(6, s('N', m, n, A, m - 1, X, 1, Y, 1, sy, count), nullptr, a, x, y);
    expect_rejected(8, s('N', m, n, A, m, nullptr, 1, Y, 1, sy, count), nullptr, a, x, y);
    expect_rejected(9, s('N', m, n, A, m, X, 0, Y, 1, sy, count), nullptr, a, x, y);
    expect_rejected(12, s('N', m, n, A, m, X, 1, nullptr, 1, sy, count), nullptr, a, x, y);
    expect_rejected(13, s('N', m, n, A, m, X, 1, Y, 0, sy, count), nullptr, a, x, y);
    expect_rejected(14, s('N', m, n, A, m, X, 1, Y, -1, m - 1, count), nullptr, a, x, y);
    expect_rejected(14, s('T', m, n, A, m, X, 1, Y, 4, sy, count), nullptr, a, x, y);  // n elements at inc 4
    expect_rejected(15, s('N', m, n, A, m, X, 1, Y, 1, sy, -1), nullptr, a, x, y);

    // (trans, m, n, alpha, A, lda, x, incx, beta, y, incy, batch)
    Batch<T> ap = a, xp = x, yp = y;
    T *const *AP = ap.ptrs(), *const *XP = xp.ptrs(), *const *YP = yp.ptrs();
    auto p = [&](T *const *A2, const T *const *X2, int incx, T *const *Y2, int incy, int bc) {
        return [=] { return batchlapack::gemv_batch_ptr('c', n, m, one, A2, n + 1, X2, incx, one, Y2, incy, bc); };
    };
    std::vector<const T *> holes(XP, XP + count);
    holes[0] = nullptr;
    expect_rejected(5, p(nullptr, XP, 1, YP, 1, count), nullptr, ap, xp, yp);
    expect_rejected(7, p(AP, holes.data(), 1, YP, 1, count), nullptr, ap, xp, yp);
    expect_rejected(8, p(AP, XP, 0, YP, 1, count), nullptr, ap, xp, yp);
    expect_rejected(10, p(AP, XP, 1, nullptr, 1, count), nullptr, ap, xp, yp);
    expect_rejected(11, p(AP, XP, 1, YP, 0, count), nullptr, ap, xp, yp);
    expect_rejected(12, p(AP, XP, 1, YP, 1, -1), nullptr, ap, xp, yp);

    // (trans, m, n, alpha, A, lda, x, incx, beta, y, incy, batch), per-matrix ints
    std::vector<int> bad_m = ms, zero_inc = ones;
    bad_m[2] = -1, zero_inc[2] = 0;
    auto v = [&](const int *mv, const int *lda, const int *incx, const int *incy) {
        return [=] { return batchlapack::gemv_vbatch('N', mv, ns.data(), one, AP, lda, XP, incx, one, YP, incy, count); };
    };
    expect_rejected(2, v(bad_m.data(), ms.data(), ones.data(), ones.data()), nullptr, ap, xp, yp);
    expect_rejected(6, v(ms.data(), ns.data(), ones.data(), ones.data()), nullptr, ap, xp, yp);
    expect_rejected(8, v(ms.data(), ms.data(), zero_inc.data(), ones.data()), nullptr, ap, xp, yp);
    expect_rejected(11, v(ms.data(), ms.data(), ones.data(), nullptr), nullptr, ap, xp, yp);
}

}  // namespace
}  // namespace bltest
