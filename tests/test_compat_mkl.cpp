// oneMKL's batch names (libbatchlapack_mkl, batchlapack_mkl.h, here through the header a oneMKL
// code includes, "mkl.h"): each must give exactly the result of the batchlapack routine it maps
// onto (bit for bit, same info), with oneMKL's argument order, types, info convention (one entry
// per problem, -k counted in oneMKL's list) and, for CBLAS, both layouts; the Fortran BLAS
// interface's names (dgemm_batch_strided, ...) as the CBLAS ones in column major. The routines themselves
// are tested against LAPACK in their own test files; the Fortran names in compat_mkl.f90.
#include "common.hpp"

#include <dlfcn.h>

#include "mkl.h"

using namespace bltest;

namespace {

// oneMKL's type of each precision, and the names per precision.
template <class T> struct Mkl;
#define BL_MKL_NAMES(p, T, M)                                                                     \
    template <> struct Mkl<T> {                                                                   \
        using type = M;                                                                           \
        static constexpr auto getrf = p##getrf_batch_strided;                                    \
        static constexpr auto getrs = p##getrs_batch_strided;                                    \
        static constexpr auto getri_oop = p##getri_oop_batch_strided;                            \
        static constexpr auto getrfnp = p##getrfnp_batch_strided;                                \
        static constexpr auto getrsnp = p##getrsnp_batch_strided;                                \
        static constexpr auto potrf = p##potrf_batch_strided;                                    \
        static constexpr auto potrs = p##potrs_batch_strided;                                    \
        static constexpr auto geqrf = p##geqrf_batch_strided;                                    \
        static constexpr auto trsm = cblas_##p##trsm_batch_strided;                              \
        static constexpr auto gemm = cblas_##p##gemm_batch_strided;                              \
        static constexpr auto getrf_g = p##getrf_batch;                                          \
        static constexpr auto getrs_g = p##getrs_batch;                                          \
        static constexpr auto getri_oop_g = p##getri_oop_batch;                                  \
        static constexpr auto getrfnp_g = p##getrfnp_batch;                                      \
        static constexpr auto potrf_g = p##potrf_batch;                                          \
        static constexpr auto potrs_g = p##potrs_batch;                                          \
        static constexpr auto geqrf_g = p##geqrf_batch;                                          \
        static constexpr auto trsm_g = cblas_##p##trsm_batch;                                    \
        static constexpr auto gemm_g = cblas_##p##gemm_batch;                                    \
        static constexpr auto trsm_f = p##trsm_batch_strided;                                    \
        static constexpr auto gemm_f = p##gemm_batch_strided;                                    \
        static constexpr auto trsm_fg = p##trsm_batch;                                           \
        static constexpr auto gemm_fg = p##gemm_batch;                                           \
    };
#define BL_MKL_NAMES_OF(p, T) BL_MKL_NAMES_##p
#define BL_MKL_NAMES_s BL_MKL_NAMES(s, float, float)
#define BL_MKL_NAMES_d BL_MKL_NAMES(d, double, double)
#define BL_MKL_NAMES_c BL_MKL_NAMES(c, std::complex<float>, MKL_Complex8)
#define BL_MKL_NAMES_z BL_MKL_NAMES(z, std::complex<double>, MKL_Complex16)
BL_ENABLED_PRECISIONS(BL_MKL_NAMES_OF)

template <class T> using M = typename Mkl<T>::type;
template <class T> M<T> *mk(T *p) { return reinterpret_cast<M<T> *>(p); }
template <class T> const M<T> *mk(const T *p) { return reinterpret_cast<const M<T> *>(p); }
template <class T> const M<T> **mk(const T **p) { return reinterpret_cast<const M<T> **>(p); }
template <class T> M<T> **mk(T **p) { return reinterpret_cast<M<T> **>(p); }

// The CBLAS names take complex scalars and arrays as void pointers.
template <class T> auto sc(const T &x) {  // x: a variable of the caller, alive through the call
    if constexpr (is_complex<T>) return static_cast<const void *>(&x);
    else return x;
}
template <class T> auto cb(T *p) {
    if constexpr (is_complex<T>) return static_cast<void *>(p);
    else return p;
}
template <class T> auto cb(const T *p) {
    if constexpr (is_complex<T>) return static_cast<const void *>(p);
    else return p;
}
template <class T> auto cb(T **p) {
    if constexpr (is_complex<T>) return reinterpret_cast<void **>(p);
    else return p;
}
template <class T> auto cb(const T **p) {
    if constexpr (is_complex<T>) return reinterpret_cast<const void **>(p);
    else return p;
}

template <class T> std::vector<T> random_vector(size_t count) {
    std::vector<T> v(count);
    for (T &x : v) x = random_value<T>();
    return v;
}
template <class T> bool same(const std::vector<T> &a, const std::vector<T> &b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(T) * a.size()) == 0;
}

template <class T> T conj_of(T x) {
    if constexpr (is_complex<T>) return std::conj(x);
    else return x;
}

// `count` matrices of n-by-n at leading dimension ld, Hermitian positive definite (diagonally
// dominant) but for matrix `bad`, whose diagonal entry 3 is made negative.
template <class T> std::vector<T> hpd(int n, int ld, int count, int bad) {
    std::vector<T> a(size_t(ld) * n * count);
    for (int i = 0; i < count; ++i)
        for (int c = 0; c < n; ++c)
            for (int r = 0; r <= c; ++r) {
                T v = r == c ? T(Real<T>(2 * n)) : random_value<T>();
                if (i == bad && r == c && r == 3) v = T(Real<T>(-1));
                a[size_t(i) * ld * n + r + size_t(c) * ld] = v;
                a[size_t(i) * ld * n + c + size_t(r) * ld] = conj_of(v);
            }
    return a;
}

// Pointers to `count` matrices of `size` elements from data[first].
template <class T> std::vector<T *> pointers(std::vector<T> &data, size_t size, int count, size_t first = 0) {
    std::vector<T *> p(count);
    for (int i = 0; i < count; ++i) p[i] = data.data() + first + size * i;
    return p;
}

}  // namespace

template <class T> class CompatMkl : public TypedBackendTest<T> {};
TYPED_TEST_SUITE(CompatMkl, Precisions);

// The strided LAPACK names: results and info of every problem as bl_?NAME_batch's.
TYPED_TEST(CompatMkl, LapackStrided) {
    using T = TypeParam;
    using N = Mkl<T>;
    const int n = 6, nrhs = 2, lda = 8, ldb = 7, batch = 3, sa = lda * n + 2, sb = ldb * nrhs + 1;
    const int sp = n + 1;
    std::vector<T> A = random_vector<T>(size_t(sa) * batch), A2 = A;
    for (int r = 0; r < n; ++r) A[size_t(sa) + r + 2 * lda] = A2[size_t(sa) + r + 2 * lda] = T(0);  // singular
    std::vector<int> ipiv(sp * batch, 0), ipiv2 = ipiv, info(batch, 9), info2(batch, 9);
    N::getrf(&n, &n, mk(A.data()), &lda, &sa, ipiv.data(), &sp, &batch, info.data());
    ASSERT_EQ(batchlapack::getrf_batch(n, n, A2.data(), lda, sa, ipiv2.data(), sp, info2.data(), batch), 0);
    EXPECT_TRUE(same(A, A2));
    EXPECT_EQ(ipiv, ipiv2);
    EXPECT_EQ(info, info2);
    EXPECT_EQ(info[1], 3);  // the zero column: U(3, 3) = 0

    std::vector<T> B = random_vector<T>(size_t(sb) * batch), B2 = B;
    const char trans = 'C';
    N::getrs(&trans, &n, &nrhs, mk(A.data()), &lda, &sa, ipiv.data(), &sp, mk(B.data()), &ldb, &sb, &batch,
             info.data());
    ASSERT_EQ(batchlapack::getrs_batch('C', n, nrhs, A2.data(), lda, sa, ipiv2.data(), sp, B2.data(), ldb, sb,
                              info2.data(), batch), 0);
    EXPECT_TRUE(same(B, B2));
    EXPECT_EQ(info, info2);

    // The inverse out of place from those factors (the singular one included), into C.
    const int ldc = n + 1, sc = ldc * n;
    std::vector<T> C = random_vector<T>(size_t(sc) * batch), C2 = C;
    N::getri_oop(&n, mk(A.data()), &lda, &sa, ipiv.data(), &sp, mk(C.data()), &ldc, &sc, &batch, info.data());
    ASSERT_EQ(batchlapack::getri_oop_batch(n, A2.data(), lda, sa, ipiv2.data(), sp, C2.data(), ldc, sc, info2.data(),
                                           batch), 0);
    EXPECT_TRUE(same(C, C2));
    EXPECT_EQ(info, info2);
    EXPECT_EQ(info[1], 3);

    // LU without pivoting of diagonally dominant matrices, and its solve.
    std::vector<T> D = hpd<T>(n, lda, batch, -1), D2 = D;
    const int sd = lda * n;
    N::getrfnp(&n, &n, mk(D.data()), &lda, &sd, &batch, info.data());
    ASSERT_EQ(batchlapack::getrf_np_batch(n, n, D2.data(), lda, sd, info2.data(), batch), 0);
    EXPECT_TRUE(same(D, D2));
    EXPECT_EQ(info, info2);
    N::getrsnp(&trans, &n, &nrhs, mk(D.data()), &lda, &sd, mk(B.data()), &ldb, &sb, &batch, info.data());
    ASSERT_EQ(batchlapack::getrs_np_batch('C', n, nrhs, D2.data(), lda, sd, B2.data(), ldb, sb, info2.data(), batch), 0);
    EXPECT_TRUE(same(B, B2));
    EXPECT_EQ(info, info2);

    // Cholesky, the second matrix not positive definite.
    std::vector<T> H = hpd<T>(n, lda, batch, 1), H2 = H;
    const char uplo = 'L';
    const int sh = lda * n;
    N::potrf(&uplo, &n, mk(H.data()), &lda, &sh, &batch, info.data());
    ASSERT_EQ(batchlapack::potrf_batch('L', n, H2.data(), lda, sh, info2.data(), batch), 0);
    EXPECT_TRUE(same(H, H2));
    EXPECT_EQ(info, info2);
    EXPECT_EQ(info, (std::vector<int>{0, 4, 0}));
    N::potrs(&uplo, &n, &nrhs, mk(H.data()), &lda, &sh, mk(B.data()), &ldb, &sb, &batch, info.data());
    ASSERT_EQ(batchlapack::potrs_batch('L', n, nrhs, H2.data(), lda, sh, B2.data(), ldb, sb, info2.data(), batch), 0);
    EXPECT_TRUE(same(B, B2));

    const int m = 9, ldq = 10, sq = ldq * n, st = n;
    std::vector<T> Q = random_vector<T>(size_t(sq) * batch), Q2 = Q, tau(st * batch), tau2 = tau;
    N::geqrf(&m, &n, mk(Q.data()), &ldq, &sq, mk(tau.data()), &st, &batch, info.data());
    ASSERT_EQ(batchlapack::geqrf_batch(m, n, Q2.data(), ldq, sq, tau2.data(), st, info2.data(), batch), 0);
    EXPECT_TRUE(same(Q, Q2));
    EXPECT_TRUE(same(tau, tau2));
    EXPECT_EQ(info, info2);
}

// The group API: three groups of different sizes (one of them empty), each as one
// bl_?NAME_batch_ptr call, info in the order of all problems.
TYPED_TEST(CompatMkl, LapackGroups) {
    using T = TypeParam;
    using N = Mkl<T>;
    const int groups = 3, size[groups] = {2, 0, 3}, n[groups] = {4, 3, 7}, lda[groups] = {5, 3, 7};
    const int nrhs[groups] = {1, 2, 3}, ldb[groups] = {4, 3, 9}, total = 5;
    const int at[groups] = {0, 2, 2};  // first problem of each group
    auto elements = [&](int g) { return size_t(lda[g]) * n[g]; };
    std::vector<T> A = random_vector<T>(elements(0) * 2 + elements(2) * 3), A2 = A;
    for (int r = 0; r < n[2]; ++r) A[elements(0) * 2 + elements(2) + r] = A2[elements(0) * 2 + elements(2) + r] = T(0);
    std::vector<T *> pa = pointers(A, elements(0), 2), pa2 = pointers(A2, elements(0), 2);
    for (T *p : pointers(A, elements(2), 3, elements(0) * 2)) pa.push_back(p);
    for (T *p : pointers(A2, elements(2), 3, elements(0) * 2)) pa2.push_back(p);
    std::vector<int> ipiv(8 * total), ipiv2 = ipiv, info(total, 9), info2(total, 9);
    std::vector<int *> pp = pointers(ipiv, 8, total), pp2 = pointers(ipiv2, 8, total);
    N::getrf_g(n, n, mk(pa.data()), lda, pp.data(), &groups, size, info.data());
    for (int g = 0; g < groups; ++g)
        ASSERT_EQ(batchlapack::getrf_batch_ptr(n[g], n[g], pa2.data() + at[g], lda[g], pp2.data() + at[g],
                                              info2.data() + at[g], size[g]), 0);
    EXPECT_TRUE(same(A, A2));
    EXPECT_EQ(ipiv, ipiv2);
    EXPECT_EQ(info, info2);
    EXPECT_EQ(info, (std::vector<int>{0, 0, 0, 1, 0}));  // problem 3 (group 2's second): column 1 zero

    std::vector<T> B = random_vector<T>(size_t(9) * 3 * total), B2 = B;
    std::vector<T *> pb = pointers(B, 27, total), pb2 = pointers(B2, 27, total);
    const char trans[groups] = {'N', 'T', 'C'};
    std::vector<const T *> ca(pa.begin(), pa.end());
    std::vector<const int *> cp(pp.begin(), pp.end());
    N::getrs_g(trans, n, nrhs, mk(ca.data()), lda, cp.data(), mk(pb.data()), ldb, &groups, size, info.data());
    for (int g = 0; g < groups; ++g)
        ASSERT_EQ(batchlapack::getrs_batch_ptr(trans[g], n[g], nrhs[g], ca.data() + at[g], lda[g], cp.data() + at[g],
                                      pb2.data() + at[g], ldb[g], info2.data() + at[g], size[g]), 0);
    EXPECT_TRUE(same(B, B2));
    EXPECT_EQ(info, info2);

    // The inverses out of place from those factors, into C (8 x 8 at leading dimension 8 each).
    std::vector<T> C = random_vector<T>(size_t(64) * total), C2 = C;
    std::vector<T *> pc = pointers(C, 64, total), pc2 = pointers(C2, 64, total);
    const int ldc[groups] = {8, 8, 8};
    N::getri_oop_g(n, mk(ca.data()), lda, cp.data(), mk(pc.data()), ldc, &groups, size, info.data());
    for (int g = 0; g < groups; ++g)
        ASSERT_EQ(batchlapack::getri_oop_batch_ptr(n[g], ca.data() + at[g], lda[g], cp.data() + at[g], pc2.data() + at[g],
                                                   ldc[g], info2.data() + at[g], size[g]), 0);
    EXPECT_TRUE(same(C, C2));
    EXPECT_EQ(info, info2);

    // LU without pivoting of the same matrices (any values: bits and info must agree).
    std::vector<T> F = A, F2 = A;
    std::vector<T *> pf = pointers(F, elements(0), 2), pf2 = pointers(F2, elements(0), 2);
    for (T *p : pointers(F, elements(2), 3, elements(0) * 2)) pf.push_back(p);
    for (T *p : pointers(F2, elements(2), 3, elements(0) * 2)) pf2.push_back(p);
    N::getrfnp_g(n, n, mk(pf.data()), lda, &groups, size, info.data());
    for (int g = 0; g < groups; ++g)
        ASSERT_EQ(batchlapack::getrf_np_batch_ptr(n[g], n[g], pf2.data() + at[g], lda[g], info2.data() + at[g], size[g]),
                  0);
    EXPECT_TRUE(same(F, F2));
    EXPECT_EQ(info, info2);

    std::vector<T> tau(8 * total), tau2 = tau;
    std::vector<T *> pt = pointers(tau, 8, total), pt2 = pointers(tau2, 8, total);
    N::geqrf_g(n, n, mk(pa.data()), lda, mk(pt.data()), &groups, size, info.data());
    for (int g = 0; g < groups; ++g)
        ASSERT_EQ(batchlapack::geqrf_batch_ptr(n[g], n[g], pa2.data() + at[g], lda[g], pt2.data() + at[g],
                                      info2.data() + at[g], size[g]), 0);
    EXPECT_TRUE(same(A, A2));
    EXPECT_TRUE(same(tau, tau2));

    // Cholesky: group 0 upper, group 2 lower with its first matrix not positive definite.
    const char uplo[groups] = {'U', 'L', 'L'};
    std::vector<T> H0 = hpd<T>(n[0], lda[0], 2, -1), H2g = hpd<T>(n[2], lda[2], 3, 0), H;
    H.insert(H.end(), H0.begin(), H0.end());
    H.insert(H.end(), H2g.begin(), H2g.end());
    std::vector<T> Hc = H;
    std::vector<T *> ph = pointers(H, elements(0), 2), phc = pointers(Hc, elements(0), 2);
    for (T *p : pointers(H, elements(2), 3, elements(0) * 2)) ph.push_back(p);
    for (T *p : pointers(Hc, elements(2), 3, elements(0) * 2)) phc.push_back(p);
    N::potrf_g(uplo, n, mk(ph.data()), lda, &groups, size, info.data());
    for (int g = 0; g < groups; ++g)
        ASSERT_EQ(batchlapack::potrf_batch_ptr(uplo[g], n[g], phc.data() + at[g], lda[g], info2.data() + at[g], size[g]), 0);
    EXPECT_TRUE(same(H, Hc));
    EXPECT_EQ(info, (std::vector<int>{0, 0, 4, 0, 0}));
    EXPECT_EQ(info, info2);
    std::vector<const T *> ch(ph.begin(), ph.end()), chc(phc.begin(), phc.end());
    N::potrs_g(uplo, n, nrhs, mk(ch.data()), lda, mk(pb.data()), ldb, &groups, size, info.data());
    for (int g = 0; g < groups; ++g)
        ASSERT_EQ(batchlapack::potrs_batch_ptr(uplo[g], n[g], nrhs[g], chc.data() + at[g], lda[g], pb2.data() + at[g],
                                      ldb[g], info2.data() + at[g], size[g]), 0);
    EXPECT_TRUE(same(B, B2));
}

// The factors and info of the oneMKL names agree with the system LAPACK's, problem by problem.
TYPED_TEST(CompatMkl, AgreesWithLapack) {
    using T = TypeParam;
    using N = Mkl<T>;
    const int n = 7, lda = 9, batch = 4, sa = lda * n, sp = n;
    std::vector<T> A = random_vector<T>(size_t(sa) * batch), A0 = A;
    for (int r = 0; r < n; ++r) A[size_t(sa) * 2 + r + 4 * lda] = A0[size_t(sa) * 2 + r + 4 * lda] = T(0);
    std::vector<int> ipiv(sp * batch), info(batch, 9);
    N::getrf(&n, &n, mk(A.data()), &lda, &sa, ipiv.data(), &sp, &batch, info.data());
    for (int i = 0; i < batch; ++i) {
        std::vector<T> a(A0.begin() + size_t(sa) * i, A0.begin() + size_t(sa) * (i + 1));
        std::vector<int> p(n);
        int linfo = -1;
        bl::lapack::getrf(n, n, a.data(), lda, p.data(), &linfo);
        EXPECT_EQ(info[i], linfo) << "matrix " << i;
        EXPECT_TRUE(std::equal(p.begin(), p.end(), ipiv.begin() + sp * i)) << "matrix " << i;
        double diff = 0, scale = 0;
        for (int c = 0; c < n; ++c)
            for (int r = 0; r < n; ++r) {
                diff = std::max(diff, abs1(a[r + size_t(c) * lda] - A[size_t(sa) * i + r + size_t(c) * lda]));
                scale = std::max(scale, abs1(a[r + size_t(c) * lda]));
            }
        EXPECT_LE(diff, kThreshold * n * eps<T>() * scale) << "matrix " << i;
    }
    EXPECT_EQ(info[2], 5);
}

namespace {

// C := alpha op(A) op(B) + beta C for one problem stored in `layout` (the reference of the CBLAS
// names, element by element).
template <class T>
void reference_gemm(CBLAS_LAYOUT layout, char ta, char tb, int m, int n, int k, T alpha, const T *a, int lda,
                    const T *b, int ldb, T beta, T *c, int ldc) {
    auto at = [layout](const T *x, int ld, int r, int col) {
        return layout == CblasColMajor ? x[r + size_t(col) * ld] : x[size_t(r) * ld + col];
    };
    auto op = [&](char t, const T *x, int ld, int r, int col) {
        T v = t == 'N' ? at(x, ld, r, col) : at(x, ld, col, r);
        return t == 'C' ? conj_of(v) : v;
    };
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            T s = T(0);
            for (int l = 0; l < k; ++l) s += op(ta, a, lda, i, l) * op(tb, b, ldb, l, j);
            T &cij = layout == CblasColMajor ? c[i + size_t(j) * ldc] : c[size_t(i) * ldc + j];
            cij = alpha * s + beta * cij;
        }
}

template <class T> double max_diff(const std::vector<T> &a, const std::vector<T> &b) {
    double d = 0;
    for (size_t i = 0; i < a.size(); ++i) d = std::max(d, abs1(a[i] - b[i]));
    return d;
}

CBLAS_TRANSPOSE cblas_trans(char t) { return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : CblasConjTrans; }

}  // namespace

// cblas_?gemm_batch_strided and cblas_?gemm_batch in both layouts, against the reference.
TYPED_TEST(CompatMkl, CblasGemm) {
    using T = TypeParam;
    using N = Mkl<T>;
    const T alpha = T(Real<T>(1.5)), beta = T(Real<T>(-0.5));
    for (CBLAS_LAYOUT layout : {CblasColMajor, CblasRowMajor}) {
        // m = 3, n = 4, k = 5; op(A) = A^T (k-by-m stored), op(B) = B^H (n-by-k) or B (k-by-n).
        const int m = 3, n = 4, k = 5, batch = 2;
        const char tb = is_complex<T> ? 'C' : 'N';  // transa and transb differ: row major exchanges them
        const int lda = layout == CblasColMajor ? 6 : 4, ldb = layout == CblasColMajor ? 5 : 6;
        const int ldc = layout == CblasColMajor ? 4 : 5, sa = 40, sb = 40, sc_ = 30;
        std::vector<T> A = random_vector<T>(sa * batch), B = random_vector<T>(sb * batch);
        std::vector<T> C = random_vector<T>(sc_ * batch), expected = C;
        for (int i = 0; i < batch; ++i)
            reference_gemm(layout, 'T', tb, m, n, k, alpha, &A[sa * i], lda, &B[sb * i], ldb, beta,
                           &expected[sc_ * i], ldc);
        N::gemm(layout, CblasTrans, cblas_trans(tb), m, n, k, sc<T>(alpha), cb<T>(A.data()), lda, sa,
                cb<T>(B.data()), ldb, sb, sc<T>(beta), cb<T>(C.data()), ldc, sc_, batch);
        EXPECT_LE(max_diff(C, expected), 100 * k * eps<T>()) << (layout == CblasColMajor ? "col" : "row");

        // Groups: the same two problems as groups of one and of one with other sizes.
        std::vector<T> C2 = random_vector<T>(sc_ * batch), expected2 = C2;
        const int gm[2] = {3, 2}, gn[2] = {4, 3}, gk[2] = {5, 5}, glda[2] = {lda, lda}, gldb[2] = {ldb, ldb};
        const int gldc[2] = {ldc, ldc}, size[2] = {1, 1};
        const CBLAS_TRANSPOSE gta[2] = {CblasTrans, CblasTrans}, gtb[2] = {cblas_trans(tb), cblas_trans(tb)};
        const T galpha[2] = {alpha, T(1)}, gbeta[2] = {beta, T(0)};
        std::vector<const T *> pa = {&A[0], &A[sa]}, pb = {&B[0], &B[sb]};
        std::vector<T *> pc = {&C2[0], &C2[sc_]};
        for (int g = 0; g < 2; ++g)
            reference_gemm(layout, 'T', tb, gm[g], gn[g], gk[g], galpha[g], pa[g], lda, pb[g], ldb, gbeta[g],
                           &expected2[sc_ * g], ldc);
        N::gemm_g(layout, gta, gtb, gm, gn, gk, cb<T>(galpha), cb<T>(pa.data()), glda, cb<T>(pb.data()), gldb,
                  cb<T>(gbeta), cb<T>(pc.data()), gldc, 2, size);
        EXPECT_LE(max_diff(C2, expected2), 100 * k * eps<T>()) << (layout == CblasColMajor ? "col" : "row");
    }
}

// cblas_?trsm_batch_strided and cblas_?trsm_batch in both layouts: op(A) X = alpha B (or
// X op(A) = alpha B) holds for the computed X, with the other triangle of A holding garbage.
TYPED_TEST(CompatMkl, CblasTrsm) {
    using T = TypeParam;
    using N = Mkl<T>;
    const T alpha = T(Real<T>(2));
    struct Case { CBLAS_SIDE side; CBLAS_UPLO uplo; char trans; };
    const Case cases[] = {{CblasLeft, CblasUpper, 'N'}, {CblasRight, CblasLower, is_complex<T> ? 'C' : 'T'}};
    for (CBLAS_LAYOUT layout : {CblasColMajor, CblasRowMajor})
        for (const Case &c : cases) {
            const int m = 4, n = 3, ka = c.side == CblasLeft ? m : n, lda = ka + 1, batch = 2;
            const int rows = layout == CblasColMajor ? m : n, ldb = rows + 2;  // B's leading extent
            const int sa = lda * ka, sb = ldb * (layout == CblasColMajor ? n : m);
            auto at = [layout](int ld, int r, int col) {
                return layout == CblasColMajor ? r + size_t(col) * ld : size_t(r) * ld + col;
            };
            std::vector<T> A = random_vector<T>(size_t(sa) * batch), clean(A.size(), T(0));
            for (int i = 0; i < batch; ++i)
                for (int r = 0; r < ka; ++r)
                    for (int col = 0; col < ka; ++col) {
                        size_t e = size_t(sa) * i + at(lda, r, col);
                        if (r == col) A[e] += T(Real<T>(4));
                        if (r == col || (c.uplo == CblasUpper) == (r < col)) clean[e] = A[e];
                    }
            std::vector<T> B = random_vector<T>(size_t(sb) * batch), B0 = B;
            N::trsm(layout, c.side, c.uplo, cblas_trans(c.trans), CblasNonUnit, m, n, sc<T>(alpha), cb<T>(A.data()),
                    lda, sa, cb<T>(B.data()), ldb, sb, batch);
            std::vector<T> B2 = B0;
            std::vector<const T *> pa = {&A[0], &A[sa]};
            std::vector<T *> pb = {&B2[0], &B2[sb]};
            const CBLAS_SIDE side[1] = {c.side};
            const CBLAS_UPLO uplo[1] = {c.uplo};
            const CBLAS_TRANSPOSE trans[1] = {cblas_trans(c.trans)};
            const CBLAS_DIAG diag[1] = {CblasNonUnit};
            const int gm[1] = {m}, gn[1] = {n}, glda[1] = {lda}, gldb[1] = {ldb}, size[1] = {batch};
            const T galpha[1] = {alpha};
            N::trsm_g(layout, side, uplo, trans, diag, gm, gn, cb<T>(galpha), cb<T>(pa.data()), glda,
                      cb<T>(pb.data()), gldb, 1, size);
            EXPECT_TRUE(same(B, B2)) << "the group form differs from the strided one";
            for (int i = 0; i < batch; ++i) {  // op(A) X or X op(A), against alpha B
                std::vector<T> product(size_t(sb), T(0));
                const T *a = &clean[size_t(sa) * i], *x = &B[size_t(sb) * i];
                if (c.side == CblasLeft)
                    reference_gemm(layout, c.trans, 'N', m, n, m, T(1), a, lda, x, ldb, T(0), product.data(), ldb);
                else
                    reference_gemm(layout, 'N', c.trans, m, n, n, T(1), x, ldb, a, lda, T(0), product.data(), ldb);
                double diff = 0;
                for (int r = 0; r < m; ++r)
                    for (int col = 0; col < n; ++col)
                        diff = std::max(diff, abs1(product[at(ldb, r, col)] - alpha * B0[size_t(sb) * i + at(ldb, r, col)]));
                EXPECT_LE(diff, 1000 * eps<T>()) << (layout == CblasColMajor ? "col " : "row ") << c.trans;
            }
        }
}

// Illegal arguments: oneMKL's numbering in info (and in bl_last_error() where batchlapack's
// differs), nothing computed -- in the group form, not even the groups before the illegal one.
TYPED_TEST(CompatMkl, IllegalArguments) {
    using T = TypeParam;
    using N = Mkl<T>;
    auto last_error_names = [](int k) {
        return std::string(bl_last_error()).find("argument " + std::to_string(k)) != std::string::npos;
    };
    const int n = 4, batch = 3, sa = n * n, sp = n, bad_lda = n - 1, minus = -1;
    std::vector<T> A = random_vector<T>(size_t(sa) * batch);
    const std::vector<T> A0 = A;
    std::vector<int> ipiv(sp * batch), info(batch, 9);
    N::getrf(&n, &n, mk(A.data()), &bad_lda, &sa, ipiv.data(), &sp, &batch, info.data());
    EXPECT_EQ(info, std::vector<int>(batch, -4));
    std::fill(info.begin(), info.end(), 9);
    N::getrf(&n, &n, mk(A.data()), &n, &sa, ipiv.data(), &sp, &minus, info.data());
    EXPECT_EQ(info, std::vector<int>(batch, 9));  // no length: untouched
    EXPECT_TRUE(last_error_names(8)) << bl_last_error();  // batch_size, 9th in batchlapack's list
    N::getrf(&n, &n, mk(A.data()), &n, &sa, ipiv.data(), &sp, &batch, nullptr);
    EXPECT_TRUE(last_error_names(9)) << bl_last_error();  // info
    const char bad_trans = 'X', uplo = 'U';
    N::getrs(&bad_trans, &n, &n, mk(A.data()), &n, &sa, ipiv.data(), &sp, mk(A.data()), &n, &sa, &batch,
             info.data());
    EXPECT_EQ(info, std::vector<int>(batch, -1));
    N::potrs(&uplo, &n, &n, mk(A.data()), &n, &sa, mk(A.data()), &bad_lda, &sa, &batch, info.data());
    EXPECT_EQ(info, std::vector<int>(batch, -8));
    EXPECT_TRUE(A == A0);

    // Groups: the third group's lda is illegal; the first group is not computed either.
    const int groups = 3, size[groups] = {1, 1, 1}, gn[groups] = {n, n, n}, glda[groups] = {n, n, bad_lda};
    std::vector<T *> pa = pointers(A, sa, batch);
    std::vector<int *> pp = pointers(ipiv, sp, batch);
    std::fill(info.begin(), info.end(), 9);
    N::getrf_g(gn, gn, mk(pa.data()), glda, pp.data(), &groups, size, info.data());
    EXPECT_EQ(info, std::vector<int>(batch, -4));
    EXPECT_TRUE(A == A0);
    std::fill(info.begin(), info.end(), 9);
    N::getrf_g(gn, gn, mk(pa.data()), gn, pp.data(), &minus, size, info.data());
    EXPECT_TRUE(last_error_names(6)) << bl_last_error();  // group_count
    const int bad_size[groups] = {1, -1, 1};
    N::getrf_g(gn, gn, mk(pa.data()), gn, pp.data(), &groups, bad_size, info.data());
    EXPECT_TRUE(last_error_names(7)) << bl_last_error();  // group_size
    EXPECT_EQ(info, std::vector<int>(batch, 9));
    N::getrf_g(gn, gn, mk(pa.data()), gn, pp.data(), &groups, size, nullptr);
    EXPECT_TRUE(last_error_names(8)) << bl_last_error();  // info
    EXPECT_TRUE(A == A0);

    // CBLAS: no info; nothing computed, bl_last_error() says why.
    const T one = T(1);
    N::gemm(CBLAS_LAYOUT(0), CblasNoTrans, CblasNoTrans, n, n, n, sc<T>(one), cb<T>(A.data()), n, sa,
            cb<T>(A.data()), n, sa, sc<T>(one), cb<T>(A.data()), n, sa, batch);
    EXPECT_TRUE(last_error_names(1)) << bl_last_error();
    const CBLAS_TRANSPOSE nt[groups] = {CblasNoTrans, CblasNoTrans, CblasNoTrans};
    const T ones[groups] = {one, one, one};
    std::vector<const T *> ca(pa.begin(), pa.end());
    N::gemm_g(CblasColMajor, nt, nt, gn, gn, gn, cb<T>(ones), cb<T>(ca.data()), gn, cb<T>(ca.data()), gn,
              cb<T>(ones), cb<T>(pa.data()), glda, groups, size);
    EXPECT_NE(std::string(bl_last_error()).find("ldc"), std::string::npos) << bl_last_error();
    EXPECT_TRUE(A == A0);
}

// The Fortran BLAS interface's names (by address, characters for options, column major): bit for
// bit the CBLAS names' results in CblasColMajor.
TYPED_TEST(CompatMkl, FortranBlasNames) {
    using T = TypeParam;
    using N = Mkl<T>;
    const int m = 5, n = 4, k = 3, ld = 6, batch = 3, stride = ld * 6;
    const T alpha = T(Real<T>(0.5)), beta = T(Real<T>(2));
    std::vector<T> A = random_vector<T>(size_t(stride) * batch), B = random_vector<T>(size_t(stride) * batch);
    for (int i = 0; i < batch; ++i)
        for (int d = 0; d < ld; ++d) A[size_t(stride) * i + d + size_t(d) * ld] += T(Real<T>(4));
    std::vector<T> C = random_vector<T>(size_t(stride) * batch), C2 = C;
    const char tn = 'N', tc = is_complex<T> ? 'C' : 'T';
    N::gemm_f(&tc, &tn, &m, &n, &k, mk(&alpha), mk(A.data()), &ld, &stride, mk(B.data()), &ld, &stride, mk(&beta),
              mk(C.data()), &ld, &stride, &batch);
    N::gemm(CblasColMajor, cblas_trans(tc), CblasNoTrans, m, n, k, sc<T>(alpha), cb<T>(A.data()), ld, stride,
            cb<T>(B.data()), ld, stride, sc<T>(beta), cb<T>(C2.data()), ld, stride, batch);
    EXPECT_TRUE(same(C, C2));

    const char side = 'R', uplo = 'U', diag = 'N';
    N::trsm_f(&side, &uplo, &tc, &diag, &m, &n, mk(&alpha), mk(A.data()), &ld, &stride, mk(C.data()), &ld,
              &stride, &batch);
    N::trsm(CblasColMajor, CblasRight, CblasUpper, cblas_trans(tc), CblasNonUnit, m, n, sc<T>(alpha),
            cb<T>(A.data()), ld, stride, cb<T>(C2.data()), ld, stride, batch);
    EXPECT_TRUE(same(C, C2));

    // Groups: two of sizes 1 and 2, the second with its own options and sizes.
    const int groups = 2, size[groups] = {1, 2}, gm[groups] = {m, 3}, gn[groups] = {n, 2}, gk[groups] = {k, 4};
    const int gld[groups] = {ld, ld};
    const char ga[groups] = {'N', tc}, gb[groups] = {tc, 'N'};
    const T galpha[groups] = {alpha, T(1)}, gbeta[groups] = {beta, T(0)};
    std::vector<const T *> pa = {&A[0], &A[stride], &A[2 * stride]}, pb = {&B[0], &B[stride], &B[2 * stride]};
    std::vector<T *> pc = pointers(C, stride, batch), pc2 = pointers(C2, stride, batch);
    N::gemm_fg(ga, gb, gm, gn, gk, mk(galpha), mk(pa.data()), gld, mk(pb.data()), gld, mk(gbeta), mk(pc.data()),
               gld, &groups, size);
    const CBLAS_TRANSPOSE cga[groups] = {cblas_trans(ga[0]), cblas_trans(ga[1])};
    const CBLAS_TRANSPOSE cgb[groups] = {cblas_trans(gb[0]), cblas_trans(gb[1])};
    N::gemm_g(CblasColMajor, cga, cgb, gm, gn, gk, cb<T>(galpha), cb<T>(pa.data()), gld, cb<T>(pb.data()), gld,
              cb<T>(gbeta), cb<T>(pc2.data()), gld, groups, size);
    EXPECT_TRUE(same(C, C2));
    const char gs[groups] = {'L', 'R'}, gu[groups] = {'L', 'U'}, gd[groups] = {'U', 'N'};
    N::trsm_fg(gs, gu, ga, gd, gm, gn, mk(galpha), mk(pa.data()), gld, mk(pc.data()), gld, &groups, size);
    const CBLAS_SIDE cgs[groups] = {CblasLeft, CblasRight};
    const CBLAS_UPLO cgu[groups] = {CblasLower, CblasUpper};
    const CBLAS_DIAG cgd[groups] = {CblasUnit, CblasNonUnit};
    N::trsm_g(CblasColMajor, cgs, cgu, cga, cgd, gm, gn, cb<T>(galpha), cb<T>(pa.data()), gld, cb<T>(pc2.data()),
              gld, groups, size);
    EXPECT_TRUE(same(C, C2));
}

// The names the tests call are batchlapack's (libbatchlapack_mkl), not another library's that has
// some of them too (a newer OpenBLAS has cblas_?gemm_batch): otherwise the tests above would
// check that library.
TYPED_TEST(CompatMkl, NamesResolveToBatchlapack) {
    using N = Mkl<TypeParam>;
    const void *names[] = {reinterpret_cast<const void *>(N::getrf), reinterpret_cast<const void *>(N::getrf_g),
                           reinterpret_cast<const void *>(N::gemm), reinterpret_cast<const void *>(N::gemm_g),
                           reinterpret_cast<const void *>(N::trsm), reinterpret_cast<const void *>(N::trsm_g),
                           reinterpret_cast<const void *>(N::gemm_f), reinterpret_cast<const void *>(N::gemm_fg)};
    for (const void *f : names) {
        Dl_info where{};
        ASSERT_NE(dladdr(f, &where), 0);
        EXPECT_NE(std::string(where.dli_fname).find("libbatchlapack_mkl"), std::string::npos) << where.dli_fname;
    }
}
