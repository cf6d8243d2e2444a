// QR family: geqrf, ormqr/unmqr, orgqr/ungqr, gels.
#include <tuple>

#include "common.hpp"

namespace bltest {
namespace {

template <class T> using QR = TypedBackendTest<T>;
TYPED_TEST_SUITE(QR, Precisions);

template <class T> std::vector<T> identity(int n) {
    std::vector<T> e(size_t(n) * n);
    for (int j = 0; j < n; ++j) e[size_t(j) * n + j] = T(1);
    return e;
}
// A workspace big enough for any LAPACK call of the reference computations below.
template <class T> std::vector<T> ref_work(int m, int n, int nrhs = 0) {
    return std::vector<T>(size_t(64) * (m + n + nrhs + 1));
}
template <class T> char adjoint_option() { return is_complex<T> ? 'C' : 'T'; }
template <class T> std::vector<int> rows_of(const Batch<T> &b) {
    std::vector<int> v(b.count());
    for (int i = 0; i < b.count(); ++i) v[i] = b.rows(i);
    return v;
}
template <class T> std::vector<int> cols_of(const Batch<T> &b) {
    std::vector<int> v(b.count());
    for (int i = 0; i < b.count(); ++i) v[i] = b.cols(i);
    return v;
}
// Vectors of lengths len[i] as a batch (one column each).
template <class T> Batch<T> vectors(Layout l, const std::vector<int> &len) {
    return Batch<T>(l, len, std::vector<int>(len.size(), 1));
}
std::vector<int> min_of(const std::vector<int> &a, const std::vector<int> &b) {
    std::vector<int> v(a.size());
    for (size_t i = 0; i < a.size(); ++i) v[i] = std::min(a[i], b[i]);
    return v;
}

// ||I - Q^H Q|| / (m eps) for an m x n Q.
template <class T> double orthogonality_ratio(const std::vector<T> &q, int m, int n) {
    if (m == 0 || n == 0) return 0;
    return ratio(identity<T>(n), matmul(apply_op(q, m, n, 'C'), q, n, m, n), n, n, m);
}
// The upper trapezoid of rows 0..k-1 of a dense m x n matrix.
template <class T> std::vector<T> upper(const std::vector<T> &a, int m, int n, int k) {
    std::vector<T> r(size_t(k) * n);
    for (int c = 0; c < n; ++c)
        for (int i = 0; i <= std::min(c, k - 1); ++i) r[size_t(c) * k + i] = a[size_t(c) * m + i];
    return r;
}
// The first n columns of Q (m x n) from reflectors in a dense m x k factor, by the system LAPACK.
template <class T> std::vector<T> form_q(const std::vector<T> &factor, int m, int k, const T *tau, int n) {
    std::vector<T> q(size_t(m) * std::max(n, k));
    std::copy(factor.begin(), factor.begin() + size_t(m) * k, q.begin());
    std::vector<T> w = ref_work<T>(m, n);
    int info = 0;
    bl::lapack::orgqr(m, n, k, q.data(), std::max(1, m), tau, w.data(), int(w.size()), &info);
    q.resize(size_t(m) * n);
    return q;
}
// Factors every matrix of `a` in place with the system LAPACK, its reflector factors into `tau`:
// the input of ormqr and orgqr.
template <class T> void reference_geqrf(Batch<T> &a, Batch<T> &tau) {
    for (int i = 0; i < a.count(); ++i) {
        const int m = a.rows(i), n = a.cols(i);
        std::vector<T> f = a.get(i), t(std::max(1, std::min(m, n))), w = ref_work<T>(m, n);
        int info = 0;
        bl::lapack::geqrf(m, n, f.data(), std::max(1, m), t.data(), w.data(), int(w.size()), &info);
        a.set(i, f);
        t.resize(std::min(m, n));
        tau.set(i, t);
    }
}

// ---- calls in the three layouts ------------------------------------------------------------
template <class T> int geqrf(Layout l, Batch<T> &a, Batch<T> &tau, std::vector<int> &info) {
    std::vector<int> m = rows_of(a), n = cols_of(a);
    switch (l) {
    case Layout::Strided:
        return batchlapack::geqrf_batch(m[0], n[0], a.base(), a.ld(0), a.stride(), tau.base(), tau.stride(),
                                        info.data(), a.count());
    case Layout::Pointers:
        return batchlapack::geqrf_batch_ptr(m[0], n[0], a.ptrs(), a.ld(0), tau.ptrs(), info.data(), a.count());
    case Layout::Variable:
        return batchlapack::geqrf_vbatch(m.data(), n.data(), a.ptrs(), a.lds(), tau.ptrs(), info.data(), a.count());
    }
    return 1;
}
// C := op(Q) C or C op(Q), Q from the nq x k factors in `a`.
template <class T>
int unmqr(Layout l, char side, char trans, Batch<T> &a, Batch<T> &tau, Batch<T> &c, std::vector<int> &info) {
    std::vector<int> m = rows_of(c), n = cols_of(c), k = cols_of(a);
    switch (l) {
    case Layout::Strided:
        return batchlapack::unmqr_batch(side, trans, m[0], n[0], k[0], a.base(), a.ld(0), a.stride(), tau.base(),
                                        tau.stride(), c.base(), c.ld(0), c.stride(), info.data(), c.count());
    case Layout::Pointers:
        return batchlapack::unmqr_batch_ptr(side, trans, m[0], n[0], k[0], a.ptrs(), a.ld(0), tau.ptrs(), c.ptrs(),
                                            c.ld(0), info.data(), c.count());
    case Layout::Variable:
        return batchlapack::unmqr_vbatch(side, trans, m.data(), n.data(), k.data(), a.ptrs(), a.lds(), tau.ptrs(),
                                         c.ptrs(), c.lds(), info.data(), c.count());
    }
    return 1;
}
template <class T> int ungqr(Layout l, Batch<T> &a, const std::vector<int> &k, Batch<T> &tau, std::vector<int> &info) {
    std::vector<int> m = rows_of(a), n = cols_of(a);
    switch (l) {
    case Layout::Strided:
        return batchlapack::ungqr_batch(m[0], n[0], k[0], a.base(), a.ld(0), a.stride(), tau.base(), tau.stride(),
                                        info.data(), a.count());
    case Layout::Pointers:
        return batchlapack::ungqr_batch_ptr(m[0], n[0], k[0], a.ptrs(), a.ld(0), tau.ptrs(), info.data(), a.count());
    case Layout::Variable:
        return batchlapack::ungqr_vbatch(m.data(), n.data(), k.data(), a.ptrs(), a.lds(), tau.ptrs(), info.data(),
                                         a.count());
    }
    return 1;
}
template <class T> int gels(Layout l, char trans, Batch<T> &a, Batch<T> &b, std::vector<int> &info) {
    std::vector<int> m = rows_of(a), n = cols_of(a), r = cols_of(b);
    switch (l) {
    case Layout::Strided:
        return batchlapack::gels_batch(trans, m[0], n[0], r[0], a.base(), a.ld(0), a.stride(), b.base(), b.ld(0),
                                       b.stride(), info.data(), a.count());
    case Layout::Pointers:
        return batchlapack::gels_batch_ptr(trans, m[0], n[0], r[0], a.ptrs(), a.ld(0), b.ptrs(), b.ld(0), info.data(),
                                           a.count());
    case Layout::Variable:
        return batchlapack::gels_vbatch(trans, m.data(), n.data(), r.data(), a.ptrs(), a.lds(), b.ptrs(), b.lds(),
                                        info.data(), a.count());
    }
    return 1;
}

// ---- geqrf ---------------------------------------------------------------------------------
template <class T>
void check_geqrf(Layout l, const std::vector<int> &rows, const std::vector<int> &cols, int extra_ld) {
    const int count = int(rows.size());
    Batch<T> a(l, rows, cols, extra_ld);
    a.randomize();
    std::vector<int> kmin = min_of(rows, cols);
    Batch<T> tau = vectors<T>(l, kmin);
    std::vector<std::vector<T>> orig(count);
    for (int i = 0; i < count; ++i) orig[i] = a.get(i);
    std::vector<int> info(count, -99);
    ASSERT_EQ(geqrf(l, a, tau, info), 0) << bl_last_error();
    EXPECT_TRUE(a.guards_intact()) << "write outside A";
    EXPECT_TRUE(tau.guards_intact()) << "write outside tau";
    for (int i = 0; i < count; ++i) {
        const int m = rows[i], n = cols[i], k = kmin[i];
        SCOPED_TRACE("matrix " + std::to_string(i) + " (" + std::to_string(m) + "x" + std::to_string(n) + ") " +
                     name(l));
        EXPECT_EQ(info[i], 0);
        std::vector<T> f = a.get(i), q = form_q(f, m, k, tau.get(i).data(), k);
        EXPECT_LT(ratio(orig[i], matmul(q, upper(f, m, n, k), m, k, n), m, n, m), kThreshold) << "||A - QR||";
        EXPECT_LT(orthogonality_ratio(q, m, k), kThreshold) << "||I - Q^H Q||";
    }
}

const std::vector<int> &qr_sizes() {  // test_sizes(), trimmed for run time
    static const std::vector<int> s = {0, 1, 2, 3, 5, 8, 9, 16, 17, 31, 33, 64, 65};
    return s;
}
// The uniform layouts take turns over a list of cases, which keeps the run time down; both see
// every kind of size.
Layout uniform_layout(size_t j) { return j % 2 ? Layout::Pointers : Layout::Strided; }

TYPED_TEST(QR, GeqrfUniformSizes) {
    for (size_t j = 0; j < qr_sizes().size(); ++j) {
        const int n = qr_sizes()[j];
        for (int m : {n, n + 7, std::max(0, n - 3)}) {
            const Layout l = uniform_layout(j + m);
            SCOPED_TRACE(std::string(name(l)) + " m=" + std::to_string(m) + " n=" + std::to_string(n));
            check_geqrf<TypeParam>(l, std::vector<int>(3, m), std::vector<int>(3, n), n % 3);
        }
    }
}

TYPED_TEST(QR, GeqrfVariableSizes) {
    check_geqrf<TypeParam>(Layout::Variable, mixed_sizes(30, 70), mixed_sizes(30, 70), 2);
}

// A matrix of over 3e8 flops that would leave threads idle runs alone on every thread through
// LAPACK and the threaded BLAS (docs/decisions.md, "Fewer matrices than threads"): a variable
// batch led by a large matrix. In double only, for the run time: the path calls LAPACK alike in
// every precision.
TYPED_TEST(QR, GeqrfFewLargeMatrices) {
    if constexpr (std::is_same_v<TypeParam, double>)
        check_geqrf<TypeParam>(Layout::Variable, {20, 700, 30}, {20, 640, 30}, 0);
}

// Panels too tall for one block's shared memory, which the GPU factors as nested halves (two
// levels in complex double at 1200 rows; at 3000 rows the 8-column halves run in place).
TYPED_TEST(QR, GeqrfTallPanels) {
    check_geqrf<TypeParam>(Layout::Strided, {1200, 1200}, {70, 70}, 1);
    check_geqrf<TypeParam>(Layout::Variable, {3000, 1200, 900}, {40, 70, 3}, 0);
}

// The CPU backend's blocked QR (from min(m, n) = 80; uniform real batches up to 80 go to the
// group kernel instead): shapes on both sides of its switch, a last block of one column, a block
// count that divides n, tall and wide shapes, rows past whole vectors, in the per-matrix paths of
// every precision; the benchmark's orders 256 and 512, and tall and wide shapes of many blocks.
TYPED_TEST(QR, GeqrfBlocked) {
    check_geqrf<TypeParam>(Layout::Variable, {79, 97, 80, 130, 200, 160}, {200, 96, 200, 200, 130, 160}, 3);
    check_geqrf<TypeParam>(Layout::Strided, {129, 129}, {129, 129}, 0);
    check_geqrf<TypeParam>(Layout::Variable, {256, 512, 601, 300}, {256, 512, 300, 601}, 1);
}

// ---- ormqr / unmqr -------------------------------------------------------------------------
// C (m x n) := op(Q) C or C op(Q) for every side and trans, against the explicit product.
template <class T>
void check_unmqr(Layout l, char side, char trans, const std::vector<int> &rows, const std::vector<int> &cols,
                 const std::vector<int> &ks, int extra_ld) {
    const int count = int(rows.size());
    const bool left = side == 'L' || side == 'l';
    const std::vector<int> &nq = left ? rows : cols;
    Batch<T> a(l, nq, ks, extra_ld), tau = vectors<T>(l, ks), c(l, rows, cols, extra_ld + 1);
    a.randomize();
    c.randomize();
    reference_geqrf(a, tau);
    Batch<T> a0 = a, tau0 = tau, c0 = c;
    std::vector<int> info(count, -99);
    ASSERT_EQ(unmqr(l, side, trans, a, tau, c, info), 0) << bl_last_error();
    EXPECT_TRUE(a.storage() == a0.storage()) << "A modified";
    EXPECT_TRUE(tau.storage() == tau0.storage()) << "tau modified";
    EXPECT_TRUE(c.guards_intact()) << "write outside C";
    for (int i = 0; i < count; ++i) {
        const int m = rows[i], n = cols[i], q = nq[i];
        SCOPED_TRACE("matrix " + std::to_string(i) + " m=" + std::to_string(m) + " n=" + std::to_string(n) +
                     " k=" + std::to_string(ks[i]));
        EXPECT_EQ(info[i], 0);
        std::vector<T> Q = form_q(a.get(i), q, ks[i], tau.get(i).data(), q);
        Q = apply_op(Q, q, q, trans);
        std::vector<T> want = left ? matmul(Q, c0.get(i), m, m, n) : matmul(c0.get(i), Q, m, n, n);
        EXPECT_LT(ratio(want, c.get(i), m, n, std::max(1, q)), kThreshold);
    }
}

TYPED_TEST(QR, UnmqrAllSidesAndTransposes) {
    using T = TypeParam;
    const char adj = adjoint_option<T>();
    for (Layout l : kLayouts)
        for (char side : {'L', 'R', 'l'})
            for (char trans : {'N', adj}) {
                SCOPED_TRACE(std::string(name(l)) + " side=" + side + " trans=" + trans);
                const bool left = side != 'R';
                if (l == Layout::Variable) {
                    std::vector<int> m = mixed_sizes(20, 40), n = mixed_sizes(20, 40), k(20);
                    for (int i = 0; i < 20; ++i) k[i] = (left ? m[i] : n[i]) * 2 / 3;
                    check_unmqr<T>(l, side, trans, m, n, k, 1);
                    continue;
                }
                for (int s : {0, 1, 3, 8, 17, 33}) {
                    const int m = s, n = s + 3, k = (left ? m : n) - s / 3;
                    check_unmqr<T>(l, side, trans, std::vector<int>(3, m), std::vector<int>(3, n),
                                   std::vector<int>(3, k), s % 2);
                }
            }
}

TYPED_TEST(QR, UnmqrSharedReflectors) {
    // One Q applied to every C: A and tau are read-only, so stride 0 is legal for them.
    using T = TypeParam;
    const int count = 4, m = 9, n = 5, k = 6;
    Batch<T> a(Layout::Strided, {m}, {k}), tau = vectors<T>(Layout::Strided, {k});
    Batch<T> c(Layout::Strided, std::vector<int>(count, m), std::vector<int>(count, n));
    a.randomize();
    c.randomize();
    reference_geqrf(a, tau);
    Batch<T> c0 = c;
    std::vector<int> info(count, -99);
    ASSERT_EQ(batchlapack::unmqr_batch('L', 'N', m, n, k, a.base(), a.ld(0), 0, tau.base(), 0, c.base(), c.ld(0),
                                       c.stride(), info.data(), count), 0) << bl_last_error();
    std::vector<T> Q = form_q(a.get(0), m, k, tau.get(0).data(), m);
    for (int i = 0; i < count; ++i) {
        EXPECT_EQ(info[i], 0);
        EXPECT_LT(ratio(matmul(Q, c0.get(i), m, m, n), c.get(i), m, n, m), kThreshold) << "matrix " << i;
    }
}

// ---- orgqr / ungqr -------------------------------------------------------------------------
// Forms the m x n Q from k reflectors of an m x n factorization: orthonormal columns, Q R = A
// when k = n, and the first n columns of LAPACK's Q in any case.
template <class T>
void check_ungqr(Layout l, const std::vector<int> &rows, const std::vector<int> &cols, const std::vector<int> &ks,
                 int extra_ld) {
    const int count = int(rows.size());
    Batch<T> a(l, rows, cols, extra_ld), tau = vectors<T>(l, ks), full = vectors<T>(l, cols);
    a.randomize();
    std::vector<std::vector<T>> orig(count);
    for (int i = 0; i < count; ++i) orig[i] = a.get(i);
    reference_geqrf(a, full);  // n reflectors; the first k of them define Q
    for (int i = 0; i < count; ++i) {
        std::vector<T> t = full.get(i);
        t.resize(ks[i]);
        tau.set(i, t);
    }
    Batch<T> factor = a;
    std::vector<int> info(count, -99);
    ASSERT_EQ(ungqr(l, a, ks, tau, info), 0) << bl_last_error();
    EXPECT_TRUE(a.guards_intact()) << "write outside A";
    for (int i = 0; i < count; ++i) {
        const int m = rows[i], n = cols[i], k = ks[i];
        SCOPED_TRACE("matrix " + std::to_string(i) + " m=" + std::to_string(m) + " n=" + std::to_string(n) +
                     " k=" + std::to_string(k) + " " + name(l));
        EXPECT_EQ(info[i], 0);
        std::vector<T> q = a.get(i), f = factor.get(i);
        EXPECT_LT(orthogonality_ratio(q, m, n), kThreshold) << "||I - Q^H Q||";
        if (k == n) {
            EXPECT_LT(ratio(orig[i], matmul(q, upper(f, m, n, n), m, n, n), m, n, m), kThreshold) << "||A - QR||";
        }
        EXPECT_LT(ratio(form_q(f, m, k, tau.get(i).data(), n), q, m, n, m), kThreshold) << "Q differs from LAPACK's";
    }
}

TYPED_TEST(QR, UngqrUniformSizes) {
    for (size_t j = 0; j < qr_sizes().size(); ++j) {
        const int n = qr_sizes()[j];
        for (int k : {n, n / 2}) {
            const Layout l = uniform_layout(j + k);
            SCOPED_TRACE(std::string(name(l)) + " n=" + std::to_string(n) + " k=" + std::to_string(k));
            check_ungqr<TypeParam>(l, std::vector<int>(3, n + n % 4), std::vector<int>(3, n), std::vector<int>(3, k),
                                   1);
        }
    }
}

TYPED_TEST(QR, UngqrVariableSizes) {
    std::vector<int> n = mixed_sizes(30, 50), m(30), k(30);
    for (int i = 0; i < 30; ++i) m[i] = n[i] + i % 5, k[i] = n[i] - (i % 3 == 0 ? n[i] / 3 : 0);
    check_ungqr<TypeParam>(Layout::Variable, m, n, k, 2);
}

// ---- gels ----------------------------------------------------------------------------------
// Solves min || B - op(A) X || (overdetermined) or op(A) X = B with minimum norm
// (underdetermined), with a rank-deficient member (-> info > 0, as LAPACK), and checks LAPACK's
// ratios: ||B - op(A) X|| / (max(m,n) ||A|| ||X|| eps) for consistent systems (dqrt16) and
// ||r^H op(A)|| / (max(m,n,nrhs) ||A|| ||B|| eps), r = B - op(A) X, for least squares (dqrt17).
template <class T>
void check_gels(Layout l, char trans, const std::vector<int> &rows, const std::vector<int> &cols,
                const std::vector<int> &nrhs, int extra_ld, int deficient) {
    const int count = int(rows.size());
    const bool notrans = trans == 'N' || trans == 'n';
    std::vector<int> brows(count);
    for (int i = 0; i < count; ++i) brows[i] = std::max(rows[i], cols[i]);
    Batch<T> a(l, rows, cols, extra_ld), b(l, brows, nrhs, extra_ld + 1);
    a.randomize();
    b.randomize();
    if (deficient >= 0 && rows[deficient] > 0 && cols[deficient] > 0) {
        // A zero column (m >= n, QR) or row (m < n, LQ) makes the triangular factor singular.
        const int m = rows[deficient], n = cols[deficient];
        if (m >= n) for (int r = 0; r < m; ++r) a.at(deficient, r, n / 2) = T(0);
        else for (int c = 0; c < n; ++c) a.at(deficient, m / 2, c) = T(0);
    }
    std::vector<std::vector<T>> a0(count), b0(count);
    for (int i = 0; i < count; ++i) a0[i] = a.get(i), b0[i] = b.get(i);
    std::vector<int> info(count, -99);
    ASSERT_EQ(gels(l, trans, a, b, info), 0) << bl_last_error();
    EXPECT_TRUE(a.guards_intact()) << "write outside A";
    EXPECT_TRUE(b.guards_intact()) << "write outside B";
    if (deficient >= 0 && std::min({rows[deficient], cols[deficient], 2 * nrhs[deficient]}) >= 2) {  // A != 0
        EXPECT_GT(info[deficient], 0) << "rank-deficient member";
    }
    for (int i = 0; i < count; ++i) {
        const int m = rows[i], n = cols[i], r = nrhs[i], ldb = brows[i];
        SCOPED_TRACE("matrix " + std::to_string(i) + " m=" + std::to_string(m) + " n=" + std::to_string(n) +
                     " nrhs=" + std::to_string(r) + " trans=" + trans + " " + name(l));
        std::vector<T> ra = with_slack(a0[i], m), rb = b0[i], w = ref_work<T>(m, n, r);
        int ref_info = 0;
        bl::lapack::gels(trans, m, n, r, ra.data(), std::max(1, m), rb.data(), std::max(1, ldb), w.data(),
                         int(w.size()), &ref_info);
        EXPECT_EQ(info[i], ref_info);
        if (info[i] != 0 || r == 0 || std::min(m, n) == 0) continue;
        // op(A) is rm x rn; the right-hand sides are its first rm rows of B, the solution the first rn.
        const int rm = notrans ? m : n, rn = notrans ? n : m;
        std::vector<T> op = apply_op(a0[i], m, n, trans), x(size_t(rn) * r), rhs(size_t(rm) * r);
        std::vector<T> out = b.get(i);
        for (int c = 0; c < r; ++c) {
            std::copy_n(out.begin() + size_t(c) * ldb, rn, x.begin() + size_t(c) * rn);
            std::copy_n(b0[i].begin() + size_t(c) * ldb, rm, rhs.begin() + size_t(c) * rm);
        }
        std::vector<T> res = matmul(op, x, rm, rn, r);
        for (size_t e = 0; e < res.size(); ++e) res[e] = rhs[e] - res[e];
        const double scale = norm1(a0[i], m, n) * double(eps<T>());
        if (scale == 0) {  // LAPACK's answer for A = 0: X = 0
            EXPECT_EQ(norm1(x, rn, r), 0);
            continue;
        }
        if (rm <= rn) {  // consistent system
            double resid = norm1(res, rm, r) / (std::max(m, n) * scale * std::max(norm1(x, rn, r), 1e-300));
            EXPECT_LT(resid, kThreshold) << "||B - op(A) X||";
        } else {  // least squares: the residual is orthogonal to the range of op(A)
            std::vector<T> g = matmul(apply_op(res, rm, r, 'C'), op, r, rm, rn);
            double resid = norm1(g, r, rn) / (std::max({m, n, r}) * scale * norm1(rhs, rm, r));
            EXPECT_LT(resid, kThreshold) << "||r^H op(A)||";
        }
    }
}

// (n = 96: the one-matrix path on the blocked QR, m = 101 past the group kernel's rows.)
TYPED_TEST(QR, GelsUniformSizes) {
    using T = TypeParam;
    size_t j = 0;
    for (char trans : {'N', adjoint_option<T>()})
        for (int s : {0, 1, 3, 8, 17, 33, 96})
            for (int m : {s + 5, s, std::max(0, s - 4)}) {
                const Layout l = uniform_layout(j++);
                const int r = j % 4 < 2 ? 1 : 3;
                SCOPED_TRACE(std::string(name(l)) + " m=" + std::to_string(m) + " n=" + std::to_string(s) +
                             " nrhs=" + std::to_string(r));
                check_gels<T>(l, trans, std::vector<int>(3, m), std::vector<int>(3, s), std::vector<int>(3, r), s % 2,
                              1);
            }
}

// Shapes at the edges of the GPU's register QR kernel, compiled for 8, 16, 24 and 32 columns and
// up to 32 or (real types, two rows a lane) 64 rows, a chunk padded to the next (single complex
// geqrf at 17-19 and 25-31 columns goes to the fused kernel instead): each edge once, for geqrf
// and for gels with one right-hand side, whose deficient member takes LAPACK's singular case.
TYPED_TEST(QR, ShapesAtTheRegisterKernelsEdges) {
    using T = TypeParam;
    const std::pair<int, int> shapes[] = {{20, 17}, {24, 24}, {25, 25}, {32, 19}, {33, 17},
                                          {40, 20}, {64, 24}, {48, 28}, {64, 32}, {65, 24}};
    size_t j = 0;
    for (auto [m, n] : shapes) {
        const Layout l = uniform_layout(j++);
        SCOPED_TRACE(std::string(name(l)) + " m=" + std::to_string(m) + " n=" + std::to_string(n));
        check_geqrf<T>(l, std::vector<int>(3, m), std::vector<int>(3, n), n % 3);
        check_gels<T>(l, 'N', std::vector<int>(3, m), std::vector<int>(3, n), std::vector<int>(3, 1), 1,
                      int(j % 3));
    }
}

// Underdetermined systems (LAPACK's LQ path) whose batch ends just before an unmapped page:
// nothing past it is read (OpenBLAS's complex gemv kernel reads past its matrix; the CPU backend
// works around it, src_cpu/parallel.hpp).
TYPED_TEST(QR, GelsBatchEndsBeforeAnUnmappedPage) {
    using T = TypeParam;
    const int m = 30, n = 50, lda = m + 1, count = 3;
    EndsAtUnmappedPage<T> a(size_t(lda) * n * (count - 1) + size_t(lda) * (n - 1) + m);
    std::mt19937 gen(11);
    std::uniform_real_distribution<double> u(-1, 1);
    for (size_t e = 0; e < size_t(lda) * n * count - (lda - m); ++e) a.data()[e] = T(Real<T>(u(gen)));
    std::vector<T> b(size_t(n) * count, T(1));
    std::vector<int> info(count, -1);
    ASSERT_EQ(batchlapack::gels_batch('N', m, n, 1, a.data(), lda, int64_t(lda) * n, b.data(), n, int64_t(n),
                                      info.data(), count),
              0)
        << bl_last_error();
    EXPECT_EQ(info, std::vector<int>(count, 0));
}

// Every array of a geqrf, unmqr (both sides) and ungqr call ends just before an unmapped page:
// nothing past them is read. OpenBLAS's complex gemv 'N' kernel reads one element past its vector
// x (docs/decisions.md); unmqr with side 'R' reaches it through ?larf('R') with C as the matrix
// and the reflector as x, which the CPU backend copies. m % 4 == 2 takes the kernel through the
// tail that reads past; k up to 32 is LAPACK's unblocked unmqr, 40 its blocked one.
TYPED_TEST(QR, ArraysEndBeforeAnUnmappedPage) {
    using T = TypeParam;
    std::mt19937 gen(5);
    std::uniform_real_distribution<double> u(-1, 1);
    auto fill = [&](EndsAtUnmappedPage<T> &x, int size) {
        for (int e = 0; e < size; ++e) x.data()[e] = T(Real<T>(u(gen)));
    };
    for (const auto &[m, n, k] : {std::tuple<int, int, int>{30, 22, 10}, {46, 42, 40}})
        for (char side : {'L', 'R'})
            for (char trans : {'N', adjoint_option<T>()}) {
                SCOPED_TRACE(std::string("side ") + side + " trans " + trans + " m=" + std::to_string(m));
                const int nq = side == 'L' ? m : n;
                EndsAtUnmappedPage<T> a{size_t(nq) * k}, tau{size_t(k)}, c{size_t(m) * n};
                fill(a, nq * k), fill(c, m * n);
                int info = -1;
                ASSERT_EQ(batchlapack::geqrf_batch(nq, k, a.data(), nq, nq * k, tau.data(), k, &info, 1), 0);
                EXPECT_EQ(info, 0);
                ASSERT_EQ(batchlapack::unmqr_batch(side, trans, m, n, k, a.data(), nq, nq * k, tau.data(), k, c.data(),
                                                   m, m * n, &info, 1),
                          0);
                EXPECT_EQ(info, 0);
                ASSERT_EQ(batchlapack::ungqr_batch(nq, k, k, a.data(), nq, nq * k, tau.data(), k, &info, 1), 0);
                EXPECT_EQ(info, 0);
            }
}

TYPED_TEST(QR, GelsVariableSizes) {
    using T = TypeParam;
    for (char trans : {'n', adjoint_option<T>()}) {
        std::vector<int> m = mixed_sizes(30, 40), n = mixed_sizes(30, 40), r = mixed_sizes(30, 4);
        for (int i = 0; i < 30; i += 4) n[i] = m[i];
        check_gels<T>(Layout::Variable, trans, m, n, r, 2, 3);
    }
}

// A tall and a wide matrix in one variable batch (found by the argument fuzzer): the copy that the
// complex LQ path works in (src_cpu/parallel.hpp, SlackCopy) is sized for the wide matrix, not for
// the largest m beside the largest n (64 GiB per thread in complex double: the call failed with
// BL_ERROR_OUT_OF_MEMORY).
TYPED_TEST(QR, GelsVariableTallAndWide) {
    check_gels<TypeParam>(Layout::Variable, 'N', {65536, 1}, {1, 65536}, {1, 1}, 0, -1);
}

// ---- illegal arguments ---------------------------------------------------------------------
TYPED_TEST(QR, IllegalArguments) {
    using namespace batchlapack;  // the calls below are long enough
    using T = TypeParam;
    const int count = 3, n = 4, m = 6;
    const char adj = adjoint_option<T>(), bad_adj = is_complex<T> ? 'T' : 'C';
    std::vector<int> info(count);
    std::vector<int> mv(count, m), nv(count, n), kv(count, n), bad(count, m);
    bad[2] = -1;
    for (Layout l : kLayouts) {
        SCOPED_TRACE(name(l));
        Batch<T> a(l, mv, nv), tau = vectors<T>(l, nv), c(l, mv, nv), b(l, mv, std::vector<int>(count, 2));
        a.randomize();
        c.randomize();
        b.randomize();
        T *const *ap = a.ptrs(), *const *tp = tau.ptrs(), *const *cp = c.ptrs(), *const *bp = b.ptrs();
        const int *md = mv.data(), *nd = nv.data(), *kd = kv.data(), *badd = bad.data();
        int *inf = info.data();
        const int64_t sa = a.stride(), st = tau.stride(), sc = c.stride(), sb = b.stride();
        T *ab = a.base(), *tb = tau.base(), *cb = c.base(), *bb = b.base();
        const int lda = m, ldb = m;
        auto reject = [&](int k, std::function<int()> f) { expect_rejected(k, f, &info, a, tau, c, b); };
        switch (l) {
        case Layout::Strided:
            // geqrf(m, n, A, lda, strideA, tau, strideTau, info, batch)
            reject(1, [=] { return geqrf_batch(-1, n, ab, lda, sa, tb, st, inf, count); });
            reject(4, [=] { return geqrf_batch(m, n, ab, m - 1, sa, tb, st, inf, count); });
            reject(5, [=] { return geqrf_batch(m, n, ab, lda, lda * n - 1, tb, st, inf, count); });
            reject(6, [=] { return geqrf_batch(m, n, ab, lda, sa, nullptr, st, inf, count); });
            reject(7, [=] { return geqrf_batch(m, n, ab, lda, sa, tb, n - 1, inf, count); });
            expect_rejected(8, [=] { return geqrf_batch(m, n, ab, lda, sa, tb, st, nullptr, count); },
                            nullptr, a, tau);
            // unmqr(side, trans, m, n, k, A, lda, strideA, tau, strideTau, C, ldc, strideC, info, batch)
            reject(1, [=] { return unmqr_batch('X', 'N', m, n, n, ab, lda, sa, tb, st, cb, m, sc, inf, count); });
            reject(2, [=] { return unmqr_batch('L', bad_adj, m, n, n, ab, lda, sa, tb, st, cb, m, sc, inf, count); });
            reject(3, [=] { return unmqr_batch('L', adj, -1, n, n, ab, lda, sa, tb, st, cb, m, sc, inf, count); });
            reject(5, [=] { return unmqr_batch('R', 'N', m, n, n + 1, ab, lda, sa, tb, st, cb, m, sc, inf, count); });
            reject(7, [=] { return unmqr_batch('L', 'N', m, n, n, ab, m - 1, sa, tb, st, cb, m, sc, inf, count); });
            reject(11, [=] { return unmqr_batch('L', 'N', m, n, n, ab, lda, sa, tb, st, nullptr, m, sc, inf, count); });
            reject(12, [=] { return unmqr_batch('L', 'N', m, n, n, ab, lda, sa, tb, st, cb, m - 1, sc, inf, count); });
            reject(13, [=] { return unmqr_batch('L', 'N', m, n, n, ab, lda, sa, tb, st, cb, m, 5, inf, count); });
            expect_rejected(15, [=] { return unmqr_batch('L', 'N', m, n, n, ab, lda, sa, tb, st, cb, m, sc, inf, -1); },
                            nullptr, a, tau, c);
            // ungqr(m, n, k, A, lda, strideA, tau, strideTau, info, batch)
            reject(2, [=] { return ungqr_batch(m, m + 1, n, ab, lda, sa, tb, st, inf, count); });
            reject(3, [=] { return ungqr_batch(m, n, n + 1, ab, lda, sa, tb, st, inf, count); });
            reject(6, [=] { return ungqr_batch(m, n, n, ab, lda, 0, tb, st, inf, count); });
            reject(7, [=] { return ungqr_batch(m, n, n, ab, lda, sa, nullptr, st, inf, count); });
            // gels(trans, m, n, nrhs, A, lda, strideA, B, ldb, strideB, info, batch)
            reject(1, [=] { return gels_batch(bad_adj, m, n, 2, ab, lda, sa, bb, ldb, sb, inf, count); });
            reject(4, [=] { return gels_batch('N', m, n, -2, ab, lda, sa, bb, ldb, sb, inf, count); });
            reject(9, [=] { return gels_batch('N', n, m, 2, ab, n, sa, bb, n, sb, inf, count); });
            reject(10, [=] { return gels_batch('N', m, n, 2, ab, lda, sa, bb, ldb, ldb, inf, count); });
            break;
        case Layout::Pointers: {
            std::vector<T *> holes(cp, cp + count);
            holes[1] = nullptr;
            T *const *hp = holes.data();
            // geqrf(m, n, A, lda, tau, info, batch)
            reject(2, [=] { return geqrf_batch_ptr(m, -1, ap, lda, tp, inf, count); });
            reject(3, [=] { return geqrf_batch_ptr(m, n, nullptr, lda, tp, inf, count); });
            reject(5, [=] { return geqrf_batch_ptr(m, n, ap, lda, nullptr, inf, count); });
            // unmqr(side, trans, m, n, k, A, lda, tau, C, ldc, info, batch)
            reject(5, [=] { return unmqr_batch_ptr('L', 'N', m, n, -1, ap, lda, tp, cp, m, inf, count); });
            reject(8, [=] { return unmqr_batch_ptr('L', 'N', m, n, n, ap, lda, nullptr, cp, m, inf, count); });
            reject(9, [=] { return unmqr_batch_ptr('L', 'N', m, n, n, ap, lda, tp, hp, m, inf, count); });
            // ungqr(m, n, k, A, lda, tau, info, batch)
            reject(1, [=] { return ungqr_batch_ptr(-1, n, n, ap, lda, tp, inf, count); });
            reject(5, [=] { return ungqr_batch_ptr(m, n, n, ap, m - 1, tp, inf, count); });
            expect_rejected(8, [=] { return ungqr_batch_ptr(m, n, n, ap, lda, tp, inf, -2); }, nullptr, a, tau);
            // gels(trans, m, n, nrhs, A, lda, B, ldb, info, batch)
            reject(3, [=] { return gels_batch_ptr('N', m, -1, 2, ap, lda, bp, ldb, inf, count); });
            reject(7, [=] { return gels_batch_ptr('N', m, n, 2, ap, lda, nullptr, ldb, inf, count); });
            expect_rejected(9, [=] { return gels_batch_ptr('N', m, n, 2, ap, lda, bp, ldb, nullptr, count); },
                            nullptr, a, b);
            break;
        }
        case Layout::Variable: {
            std::vector<int> ldbad(count, m);
            ldbad[1] = m - 1;
            const int *lds = a.lds(), *ldbd = ldbad.data(), *two = b.lds();
            std::vector<int> nr(count, 2);
            const int *nrd = nr.data();
            (void)two;
            // geqrf(m, n, A, lda, tau, info, batch)
            reject(1, [=] { return geqrf_vbatch(badd, nd, ap, lds, tp, inf, count); });
            reject(4, [=] { return geqrf_vbatch(md, nd, ap, ldbd, tp, inf, count); });
            // unmqr(side, trans, m, n, k, A, lda, tau, C, ldc, info, batch)
            reject(3, [=] { return unmqr_vbatch('L', 'N', nullptr, nd, kd, ap, lds, tp, cp, lds, inf, count); });
            reject(5, [=] { return unmqr_vbatch('R', 'N', md, nd, badd, ap, lds, tp, cp, lds, inf, count); });
            reject(10, [=] { return unmqr_vbatch('L', 'N', md, nd, kd, ap, lds, tp, cp, ldbd, inf, count); });
            // ungqr(m, n, k, A, lda, tau, info, batch)
            reject(3, [=] { return ungqr_vbatch(md, nd, badd, ap, lds, tp, inf, count); });
            reject(6, [=] { return ungqr_vbatch(md, nd, kd, ap, lds, nullptr, inf, count); });
            // gels(trans, m, n, nrhs, A, lda, B, ldb, info, batch)
            reject(4, [=] { return gels_vbatch('N', md, nd, badd, ap, lds, bp, lds, inf, count); });
            reject(8, [=] { return gels_vbatch('N', md, nd, nrd, ap, lds, bp, ldbd, inf, count); });
            break;
        }
        }
    }
}

TYPED_TEST(QR, RealNamesAndEmptyBatch) {
    using T = TypeParam;
    std::vector<int> info(1, -99);
    EXPECT_EQ(batchlapack::geqrf_batch(3, 3, (T *)nullptr, 3, 9, (T *)nullptr, 3, info.data(), 0), 0);
    EXPECT_EQ(batchlapack::gels_batch('N', 0, 0, 0, (T *)nullptr, 1, 0, (T *)nullptr, 1, 0, info.data(), 1), 0);
    EXPECT_EQ(info[0], 0);
    if constexpr (!is_complex<T>) {  // ormqr/orgqr are the same routines as unmqr/ungqr
        std::vector<int> zero(1, 0), one(1, 1);
        std::vector<T *> none(1, nullptr);
        EXPECT_EQ(batchlapack::ormqr_batch('L', 'T', 0, 0, 0, (const T *)nullptr, 1, 0, (const T *)nullptr, 0,
                                           (T *)nullptr, 1, 0, info.data(), 1), 0);
        EXPECT_EQ(batchlapack::orgqr_vbatch(zero.data(), zero.data(), zero.data(), none.data(), one.data(), none.data(),
                                            info.data(), 1), 0);
    }
}

}  // namespace
}  // namespace bltest
