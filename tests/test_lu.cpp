// LU family: getrf, getrs, gesv.
#include "common.hpp"

namespace bltest {
namespace {

template <class T> using LU = TypedBackendTest<T>;
TYPED_TEST_SUITE(LU, Precisions);

// Calls ?getrf in the given layout on matrices `a` with pivots `piv`.
template <class T> int getrf(Layout l, Batch<T> &a, Batch<int> &piv, std::vector<int> &info) {
    const int count = a.count();
    std::vector<int> m(count), n(count);
    for (int i = 0; i < count; ++i) m[i] = a.rows(i), n[i] = a.cols(i);
    switch (l) {
    case Layout::Strided:
        return batchlapack::getrf_batch(m[0], n[0], a.base(), a.ld(0), a.stride(), piv.base(), piv.stride(),
                                        info.data(), count);
    case Layout::Pointers:
        return batchlapack::getrf_batch_ptr(m[0], n[0], a.ptrs(), a.ld(0), piv.ptrs(), info.data(), count);
    case Layout::Variable:
        return batchlapack::getrf_vbatch(m.data(), n.data(), a.ptrs(), a.lds(), piv.ptrs(), info.data(), count);
    }
    return 1;
}

// ||A - P L U|| / (k ||A|| eps) for an m x n matrix A and its getrf output (factors, ipiv).
template <class T>
double getrf_ratio(const std::vector<T> &a, const std::vector<T> &lu, const int *ipiv, int m, int n) {
    const int k = std::min(m, n);
    if (k == 0) return 0;
    std::vector<T> p = lu_product(lu, m, n);
    for (int j = k - 1; j >= 0; --j)  // undo the interchanges, last first
        for (int c = 0; c < n; ++c) std::swap(p[size_t(c) * m + j], p[size_t(c) * m + ipiv[j] - 1]);
    return ratio(a, p, m, n, k);
}

// Factors every matrix of the batch in layout l and checks it against LAPACK.
template <class T> void check_getrf(Layout l, const std::vector<int> &rows, const std::vector<int> &cols, int extra_ld,
                                    int singular_member) {
    const int count = int(rows.size());
    Batch<T> a(l, rows, cols, extra_ld);
    a.randomize();
    if (singular_member >= 0 && cols[singular_member] > 1)  // a zero column: U(j,j) = 0 exactly
        for (int r = 0; r < rows[singular_member]; ++r) a.at(singular_member, r, cols[singular_member] / 2) = T(0);
    std::vector<int> kmin(count);
    for (int i = 0; i < count; ++i) kmin[i] = std::min(rows[i], cols[i]);
    Batch<int> piv(l, kmin, std::vector<int>(count, 1));
    std::vector<std::vector<T>> orig(count);
    for (int i = 0; i < count; ++i) orig[i] = a.get(i);

    std::vector<int> info(count, -99);
    ASSERT_EQ(getrf(l, a, piv, info), 0) << bl_last_error();
    EXPECT_TRUE(a.guards_intact()) << "write outside A";
    EXPECT_TRUE(piv.guards_intact()) << "write outside ipiv";
    for (int i = 0; i < count; ++i) {
        const int m = rows[i], n = cols[i];
        std::vector<T> ref = orig[i];
        std::vector<int> ref_piv(std::max(1, kmin[i]));
        int ref_info = 0;
        bl::lapack::getrf(m, n, ref.data(), std::max(1, m), ref_piv.data(), &ref_info);
        EXPECT_EQ(info[i], ref_info) << "matrix " << i << " (" << m << "x" << n << ")";
        std::vector<int> p(kmin[i]);
        for (int j = 0; j < kmin[i]; ++j) {
            p[j] = piv.at(i, j, 0);
            ASSERT_TRUE(p[j] >= j + 1 && p[j] <= m) << "pivot out of range";
        }
        EXPECT_LT(getrf_ratio(orig[i], a.get(i), p.data(), m, n), kThreshold)
            << "matrix " << i << " (" << m << "x" << n << ") " << name(l);
    }
}

TYPED_TEST(LU, GetrfUniformSizes) {
    for (Layout l : {Layout::Strided, Layout::Pointers})
        for (int n : test_sizes()) {
            SCOPED_TRACE(std::string(name(l)) + " n=" + std::to_string(n));
            check_getrf<TypeParam>(l, std::vector<int>(4, n), std::vector<int>(4, n), n % 3, 2);
        }
}

TYPED_TEST(LU, GetrfRectangular) {
    // 150 x 150, 40 x 150, 1000 x 40: several panels of the blocked GPU algorithm, a wide one, and a
    // panel too tall for shared memory in double precision; 257 x 257, 300 x 200, 200 x 300, 161 x 97:
    // panels ending inside, before and past the last one, tall and wide; 530 x 530 and 140 x 560:
    // the GPU algorithm's outer blocks (from 512 columns), the last one partial, and a wide matrix
    // whose factorization ends inside its second block; 4088 x 40: the tallest the GPU's composed
    // interchanges take in s, d and c (lu_permute_rows, its shared memory full), and 4089 x 40 one
    // row past them, swapped panel by panel.
    const int shapes[][2] = {{5, 3},     {3, 5},     {33, 17},   {17, 33},   {100, 65},  {150, 150},
                             {40, 150},  {1000, 40}, {257, 257}, {300, 200}, {200, 300}, {161, 97},
                             {530, 530}, {140, 560}, {4088, 40}, {4089, 40}, {0, 4},     {4, 0},
                             {1, 7},     {7, 1}};
    for (Layout l : {Layout::Strided, Layout::Pointers})
        for (auto &s : shapes) {
            SCOPED_TRACE(std::string(name(l)) + " " + std::to_string(s[0]) + "x" + std::to_string(s[1]));
            check_getrf<TypeParam>(l, std::vector<int>(3, s[0]), std::vector<int>(3, s[1]), 2, 1);
        }
}

TYPED_TEST(LU, GetrfVariableSizes) {
    std::vector<int> m = mixed_sizes(40, 70), n = mixed_sizes(40, 70);
    for (int i = 0; i < 40; i += 3) n[i] = m[i];  // some square members
    check_getrf<TypeParam>(Layout::Variable, m, n, 1, 5);
    // Past the blocked GPU algorithm's first block: members whose factorization ends in any block.
    check_getrf<TypeParam>(Layout::Variable, mixed_sizes(12, 300), mixed_sizes(12, 300), 1, 5);
    // Up to 520 columns: every member takes the GPU algorithm's outer blocks, whatever its own size.
    check_getrf<TypeParam>(Layout::Variable, mixed_sizes(6, 520), mixed_sizes(6, 520), 1, 5);
}

// Matrices of over 3e8 flops that would leave threads idle run one at a time on every thread
// through LAPACK and the threaded BLAS (docs/decisions.md, "Fewer matrices than threads"): a batch
// of three (on two threads the first alone, the others in the loop) and a variable batch led by a
// large matrix. In double only, for the run time: the path calls LAPACK alike in every precision.
TYPED_TEST(LU, FewLargeMatrices) {
    if constexpr (std::is_same_v<TypeParam, double>) {
        check_getrf<TypeParam>(Layout::Strided, std::vector<int>(3, 800), std::vector<int>(3, 800), 1, 2);
        check_getrf<TypeParam>(Layout::Variable, {20, 800, 30}, {20, 800, 30}, 0, 1);
    }
}

// LAPACK's i?amax takes the first of equally large candidates (by |re| + |im| in complex). Exact
// ties at step 1 (two rows of the first column alike in magnitude, signs or phases apart) and at
// step 2 (the first column zero but for one row, so that step 1 changes no other row and the
// second column's tie survives exactly), at orders that reach every kernel class; the first two
// pivots must be LAPACK's, the rest is checked by the residual.
TYPED_TEST(LU, GetrfTiesTakeTheFirstRow) {
    using T = TypeParam;
    const auto tied = [](int k) {  // magnitude 4 (abs1), where the random entries stay below 2
        if constexpr (is_complex<T>) return k == 0 ? T(Real<T>(4)) : T(Real<T>(-2), Real<T>(2));
        else return T(k == 0 ? 4 : -4);
    };
    for (int n : {5, 8, 13, 16, 29, 32, 40, 64, 100}) {
        SCOPED_TRACE("n=" + std::to_string(n));
        const int count = 6;
        Batch<T> a(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, n));
        a.randomize();
        for (int i = 0; i < count; ++i) {
            const int t1 = 1 + (3 * i) % (n - 3), t2 = n - 1 - i % 2;  // 1 <= t1 < t2, rows of the tie
            if (i % 2 == 0) {  // tie at step 1, the later row holding the first value
                a.at(i, t1, 0) = tied(1);
                a.at(i, t2, 0) = tied(0);
            } else {  // one nonzero in the first column (row 0 trades with none of t1, t2), tie at step 2
                for (int r = 0; r < n; ++r) a.at(i, r, 0) = T(0);
                a.at(i, 0, 0) = T(Real<T>(8));
                a.at(i, t1, 1) = tied(1);
                a.at(i, t2, 1) = tied(0);
            }
        }
        std::vector<std::vector<T>> orig(count);
        for (int i = 0; i < count; ++i) orig[i] = a.get(i);
        Batch<int> piv(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, 1));
        std::vector<int> info(count, -99);
        ASSERT_EQ(getrf(Layout::Strided, a, piv, info), 0) << bl_last_error();
        for (int i = 0; i < count; ++i) {
            std::vector<T> ref = orig[i];
            std::vector<int> ref_piv(n);
            int ref_info = 0;
            bl::lapack::getrf(n, n, ref.data(), n, ref_piv.data(), &ref_info);
            const int t1 = 1 + (3 * i) % (n - 3);
            EXPECT_EQ(ref_piv[i % 2], t1 + 1) << "the system LAPACK broke the tie otherwise";
            EXPECT_EQ(piv.at(i, 0, 0), ref_piv[0]) << "matrix " << i;
            EXPECT_EQ(piv.at(i, 1, 0), ref_piv[1]) << "matrix " << i;
            EXPECT_EQ(info[i], ref_info) << "matrix " << i;
            std::vector<int> p(n);
            for (int j = 0; j < n; ++j) p[j] = piv.at(i, j, 0);
            EXPECT_LT(getrf_ratio(orig[i], a.get(i), p.data(), n, n), kThreshold) << "matrix " << i;
        }
    }
}

// A -0 below the diagonal is as small as a 0 (LAPACK's i?amax compares |-0| = 0): with every
// entry off the diagonal -0, each step keeps its diagonal row, as LAPACK's getrf does. (The GPU's
// pivot search orders the bit patterns of magnitudes, where a -0 left negative outranked every
// number: info > 0.)
TYPED_TEST(LU, GetrfNegativeZeroIsNoPivot) {
    using T = TypeParam;
    using R = Real<T>;
    const T minus_zero = [] {
        if constexpr (is_complex<T>) return T(-R(0), -R(0));
        else return T(-R(0));
    }();
    const auto diagonal = [](int i, int r) { return T(R((2 * r + i) % 3 == 0 ? -1.5 : 0.75)); };
    for (int n : {5, 8, 16, 17, 29, 32, 40, 64, 100, 130}) {
        SCOPED_TRACE("n=" + std::to_string(n));
        const int count = 3;
        Batch<T> a(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, n));
        for (int i = 0; i < count; ++i)
            for (int c = 0; c < n; ++c)
                for (int r = 0; r < n; ++r)
                    a.at(i, r, c) = r == c ? diagonal(i, r) : minus_zero;
        const std::vector<T> first = a.get(0);
        ASSERT_TRUE(std::signbit(std::real(first[1]))) << "the test's zeros are not negative";
        Batch<int> piv(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, 1));
        std::vector<int> info(count, -99);
        ASSERT_EQ(getrf(Layout::Strided, a, piv, info), 0) << bl_last_error();
        for (int i = 0; i < count; ++i) {
            EXPECT_EQ(info[i], 0) << "matrix " << i;
            for (int j = 0; j < n; ++j) ASSERT_EQ(piv.at(i, j, 0), j + 1) << "matrix " << i << ", step " << j;
            for (int c = 0; c < n; ++c)  // L = I and U = A: nothing to eliminate
                for (int r = 0; r < n; ++r) {
                    const T want = r == c ? diagonal(i, r) : T(0);
                    ASSERT_TRUE(a.at(i, r, c) == want) << "matrix " << i << " (" << r << ", " << c << ")";
                }
        }
    }
}

TYPED_TEST(LU, GetrfNanStaysInItsMatrix) {
    using T = TypeParam;
    const int count = 3, n = 6;
    Batch<T> a(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, n));
    a.randomize();
    a.at(1, 2, 3) = T(std::numeric_limits<Real<T>>::quiet_NaN());
    Batch<int> p1(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, 1)), p2 = p1;
    std::vector<int> info(count), info2(count);
    Batch<T> reference(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, n));
    for (int i = 0; i < count; ++i) reference.set(i, a.get(i));
    reference.at(1, 2, 3) = T(0);
    ASSERT_EQ(getrf(Layout::Strided, a, p1, info), 0);
    ASSERT_EQ(getrf(Layout::Strided, reference, p2, info2), 0);
    for (int i : {0, 2}) {
        EXPECT_EQ(info[i], info2[i]);
        EXPECT_TRUE(a.get(i) == reference.get(i)) << "matrix " << i << " changed by a NaN in matrix 1";
    }
}

TYPED_TEST(LU, GetrfEmptyBatchAndIllegalArguments) {
    using T = TypeParam;
    const int count = 3, n = 4;
    Batch<T> a(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, n));
    a.randomize();
    Batch<int> piv(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, 1));
    std::vector<int> info(count);
    EXPECT_EQ(batchlapack::getrf_batch(n, n, a.base(), n, a.stride(), piv.base(), piv.stride(), info.data(), 0), 0);
    EXPECT_EQ(batchlapack::getrf_batch(0, 0, (T *)nullptr, 1, 0, nullptr, 0, info.data(), count), 0);

    // Strided: (m, n, A, lda, strideA, ipiv, strideIpiv, info, batch)
    auto strided = [&](int m, int nn, T *A, int lda, int64_t sA, int *p, int64_t sP, int *inf, int b) {
        return [=] { return batchlapack::getrf_batch(m, nn, A, lda, sA, p, sP, inf, b); };
    };
    int64_t sA = a.stride(), sP = piv.stride();
    expect_rejected(1, strided(-1, n, a.base(), n, sA, piv.base(), sP, info.data(), count), &info, a, piv);
    expect_rejected(2, strided(n, -1, a.base(), n, sA, piv.base(), sP, info.data(), count), &info, a, piv);
    expect_rejected(3, strided(n, n, nullptr, n, sA, piv.base(), sP, info.data(), count), &info, a, piv);
    expect_rejected(4, strided(n, n, a.base(), n - 1, sA, piv.base(), sP, info.data(), count), &info, a, piv);
    expect_rejected(5, strided(n, n, a.base(), n, n * n - 1, piv.base(), sP, info.data(), count), &info, a, piv);
    expect_rejected(6, strided(n, n, a.base(), n, sA, nullptr, sP, info.data(), count), &info, a, piv);
    expect_rejected(7, strided(n, n, a.base(), n, sA, piv.base(), n - 1, info.data(), count), &info, a, piv);
    expect_rejected(8, strided(n, n, a.base(), n, sA, piv.base(), sP, nullptr, count), nullptr, a, piv);
    expect_rejected(9, strided(n, n, a.base(), n, sA, piv.base(), sP, info.data(), -1), nullptr, a, piv);

    // Pointer arrays: (m, n, A, lda, ipiv, info, batch)
    Batch<T> ap(Layout::Pointers, std::vector<int>(count, n), std::vector<int>(count, n));
    Batch<int> pp(Layout::Pointers, std::vector<int>(count, n), std::vector<int>(count, 1));
    auto ptr = [&](int m, int lda, T *const *A, int *const *p, int *inf, int b) {
        return [=] { return batchlapack::getrf_batch_ptr(m, n, A, lda, p, inf, b); };
    };
    std::vector<T *> holes(ap.ptrs(), ap.ptrs() + count);
    holes[1] = nullptr;
    expect_rejected(1, ptr(-2, n, ap.ptrs(), pp.ptrs(), info.data(), count), &info, ap, pp);
    expect_rejected(3, ptr(n, n, nullptr, pp.ptrs(), info.data(), count), &info, ap, pp);
    expect_rejected(3, ptr(n, n, holes.data(), pp.ptrs(), info.data(), count), &info, ap, pp);
    expect_rejected(4, ptr(n, 0, ap.ptrs(), pp.ptrs(), info.data(), count), &info, ap, pp);
    expect_rejected(5, ptr(n, n, ap.ptrs(), nullptr, info.data(), count), &info, ap, pp);
    expect_rejected(6, ptr(n, n, ap.ptrs(), pp.ptrs(), nullptr, count), nullptr, ap, pp);
    expect_rejected(7, ptr(n, n, ap.ptrs(), pp.ptrs(), info.data(), -3), nullptr, ap, pp);

    // Variable sizes: (m, n, A, lda, ipiv, info, batch); one bad matrix rejects the whole call.
    std::vector<int> m(count, n), nn(count, n), lda(count, n);
    T *const *aps = ap.ptrs();
    int *const *pps = pp.ptrs();
    int *inf = info.data();
    auto var = [=](const int *mv, const int *nv, const int *ldv) {
        return [=] { return batchlapack::getrf_vbatch(mv, nv, aps, ldv, pps, inf, count); };
    };
    expect_rejected(1, var(nullptr, nn.data(), lda.data()), &info, ap, pp);
    std::vector<int> bad_n = nn;
    bad_n[2] = -1;
    expect_rejected(2, var(m.data(), bad_n.data(), lda.data()), &info, ap, pp);
    std::vector<int> bad_lda = lda;
    bad_lda[1] = n - 1;
    expect_rejected(4, var(m.data(), nn.data(), bad_lda.data()), &info, ap, pp);
}

// A variable batch of thousands of matrices is checked in parts on several threads: the call
// must still name the lowest argument position that fails and, among matrices failing it, the
// first one, as the serial check does.
TEST(LUChecks, LargeVariableBatchNamesTheFirstFailure) {
    const int count = 5000;
    std::vector<int> m(count, 1), n(count, 1), lda(count, 1), info(count, 7);
    std::vector<double> a(count, 2.0);
    std::vector<int> p(count, 0);
    std::vector<double *> ap(count);
    std::vector<int *> pp(count);
    for (int i = 0; i < count; ++i) ap[size_t(i)] = &a[size_t(i)], pp[size_t(i)] = &p[size_t(i)];
    auto call = [&] {
        return batchlapack::getrf_vbatch(m.data(), n.data(), ap.data(), lda.data(), pp.data(), info.data(), count);
    };
    lda[100] = 0;     // argument 4, in an early part
    n[4999] = -1;     // argument 2, in the last part
    n[4321] = -1;     // argument 2, the first matrix to fail it
    EXPECT_EQ(call(), -2);
    const std::string msg = bl_last_error();
    EXPECT_NE(msg.find("argument 2 (n) = -1 for matrix 4321,"), std::string::npos) << msg;
    for (int v : info) ASSERT_EQ(v, -2);
    EXPECT_EQ(a, std::vector<double>(count, 2.0));
    n[4321] = n[4999] = 1;
    EXPECT_EQ(call(), -4);
    EXPECT_NE(std::string(bl_last_error()).find("for matrix 100,"), std::string::npos) << bl_last_error();
    lda[100] = 1;
    EXPECT_EQ(call(), 0) << bl_last_error();
    for (int v : info) ASSERT_EQ(v, 0);
    EXPECT_EQ(a, std::vector<double>(count, 2.0));  // 1 x 1: l = 1, u = 2
}


// ---- getrs, gesv ---------------------------------------------------------------------------
// Calls ?getrs / ?gesv with the arguments of `a` in its layout.
template <class T> int getrs(SystemArgs<T> &a) {
    switch (a.layout) {
    case Layout::Strided:
        return batchlapack::getrs_batch(a.option, a.n[0], a.nrhs[0], a.a_base, a.lda[0], a.stride_a, a.ipiv_base,
                                        a.stride_ipiv, a.b_base, a.ldb[0], a.stride_b, a.info_ptr, a.batch);
    case Layout::Pointers:
        return batchlapack::getrs_batch_ptr(a.option, a.n[0], a.nrhs[0], a.a_arr, a.lda[0], a.ipiv_arr, a.b_arr,
                                            a.ldb[0], a.info_ptr, a.batch);
    case Layout::Variable:
        return batchlapack::getrs_vbatch(a.option, a.n_arr, a.nrhs_arr, a.a_arr, a.lda_arr, a.ipiv_arr, a.b_arr,
                                         a.ldb_arr, a.info_ptr, a.batch);
    }
    return 1;
}
template <class T> int gesv(SystemArgs<T> &a) {
    switch (a.layout) {
    case Layout::Strided:
        return batchlapack::gesv_batch(a.n[0], a.nrhs[0], a.a_base, a.lda[0], a.stride_a, a.ipiv_base, a.stride_ipiv,
                                       a.b_base, a.ldb[0], a.stride_b, a.info_ptr, a.batch);
    case Layout::Pointers:
        return batchlapack::gesv_batch_ptr(a.n[0], a.nrhs[0], a.a_arr, a.lda[0], a.ipiv_arr, a.b_arr, a.ldb[0],
                                           a.info_ptr, a.batch);
    case Layout::Variable:
        return batchlapack::gesv_vbatch(a.n_arr, a.nrhs_arr, a.a_arr, a.lda_arr, a.ipiv_arr, a.b_arr, a.ldb_arr,
                                        a.info_ptr, a.batch);
    }
    return 1;
}

// Solves op(A_i) X_i = B_i with getrs from LAPACK's factors of random A_i, and checks the
// residual ratio and info against LAPACK's getrs.
template <class T> void check_getrs(Layout l, char trans, const std::vector<int> &n, const std::vector<int> &nrhs) {
    const int count = int(n.size());
    SystemArgs<T> a(l, trans, n, nrhs, 1, 2);
    a.A.randomize();
    a.B.randomize();
    std::vector<std::vector<T>> orig(count), rhs(count);
    for (int i = 0; i < count; ++i) {
        orig[i] = a.A.get(i);
        rhs[i] = a.B.get(i);
        std::vector<T> lu = orig[i];
        std::vector<int> p(std::max(1, n[i]));
        int info = 0;
        bl::lapack::getrf(n[i], n[i], lu.data(), std::max(1, n[i]), p.data(), &info);
        a.A.set(i, lu);
        for (int j = 0; j < n[i]; ++j) a.ipiv.at(i, j, 0) = p[j];
    }
    ASSERT_EQ(getrs(a), 0) << bl_last_error();
    EXPECT_TRUE(a.A.guards_intact() && a.B.guards_intact() && a.ipiv.guards_intact()) << "write outside the data";
    for (int i = 0; i < count; ++i) {
        SCOPED_TRACE("matrix " + std::to_string(i) + " n=" + std::to_string(n[i]) + " nrhs=" + std::to_string(nrhs[i]));
        std::vector<T> ref = rhs[i];
        int ref_info = 0;
        bl::lapack::getrs(trans, n[i], nrhs[i], a.A.get(i).data(), std::max(1, n[i]), a.ipiv.get(i).data(),
                          ref.data(), std::max(1, n[i]), &ref_info);
        EXPECT_EQ(a.info[i], ref_info);
        EXPECT_LT(solve_ratio(apply_op(orig[i], n[i], n[i], trans), a.B.get(i), rhs[i], n[i], nrhs[i]), kThreshold);
    }
}

// Solves A_i X_i = B_i with gesv (member `singular` has a zero column) and checks info against
// LAPACK's (that of getrf, which gesv's is by definition: OpenBLAS's gesv returns early when
// nrhs = 0), the factors and solution by their residual ratios, and B unchanged where A_i is
// singular.
template <class T> void check_gesv(Layout l, const std::vector<int> &n, const std::vector<int> &nrhs, int singular) {
    const int count = int(n.size());
    SystemArgs<T> a(l, 'N', n, nrhs, 2, 1);
    a.A.randomize();
    a.B.randomize();
    if (n[singular] > 0)
        for (int r = 0; r < n[singular]; ++r) a.A.at(singular, r, n[singular] / 2) = T(0);
    std::vector<std::vector<T>> orig(count), rhs(count);
    for (int i = 0; i < count; ++i) orig[i] = a.A.get(i), rhs[i] = a.B.get(i);
    ASSERT_EQ(gesv(a), 0) << bl_last_error();
    EXPECT_TRUE(a.A.guards_intact() && a.B.guards_intact() && a.ipiv.guards_intact()) << "write outside the data";
    for (int i = 0; i < count; ++i) {
        SCOPED_TRACE("matrix " + std::to_string(i) + " n=" + std::to_string(n[i]) + " nrhs=" + std::to_string(nrhs[i]));
        std::vector<T> ref_a = orig[i];
        std::vector<int> ref_piv(std::max(1, n[i]));
        int ref_info = 0;
        bl::lapack::getrf(n[i], n[i], ref_a.data(), std::max(1, n[i]), ref_piv.data(), &ref_info);
        EXPECT_EQ(a.info[i], ref_info);
        if (i == singular && n[i] > 0) EXPECT_GT(a.info[i], 0) << "the singular member was not reported";
        std::vector<int> p = a.ipiv.get(i);
        for (int j = 0; j < n[i]; ++j) ASSERT_TRUE(p[j] >= j + 1 && p[j] <= n[i]) << "pivot out of range";
        EXPECT_LT(getrf_ratio(orig[i], a.A.get(i), p.data(), n[i], n[i]), kThreshold);
        if (a.info[i] > 0) EXPECT_TRUE(a.B.get(i) == rhs[i]) << "B changed although A is singular";
        else EXPECT_LT(solve_ratio(orig[i], a.B.get(i), rhs[i], n[i], nrhs[i]), kThreshold);
    }
}

// Every size with each layout; the options (upper and lower case) and nrhs 1 / 3 rotate over the
// sizes, so that each layout meets every option at small and large n without n x options runs.
TYPED_TEST(LU, GetrsUniformSizes) {
    const char options[] = "NTCntc";
    const std::vector<int> &sizes = test_sizes();
    for (Layout l : {Layout::Strided, Layout::Pointers})
        for (size_t k = 0; k < sizes.size(); ++k) {
            const char trans = options[k % 6];
            const int nrhs = k % 4 < 2 ? 1 : 3;
            SCOPED_TRACE(std::string(name(l)) + " trans=" + trans + " n=" + std::to_string(sizes[k]));
            check_getrs<TypeParam>(l, trans, std::vector<int>(3, sizes[k]), std::vector<int>(3, nrhs));
        }
}

// Past the one-matrix kernels (ladder::kSmallMax) one right-hand side is solved on the library's
// trsv (src_cpu/solve.hpp), the next matrix's factor prefetched, two go to LAPACK's getrs: both,
// each op, the first order of the path and one with a factor past the trsv kernel's prefetch
// (ladder::trsv::kPrefetchBytes), in a uniform batch (which prefetches) and a variable one.
TYPED_TEST(LU, GetrsByColumns) {
    for (char trans : {'N', 'T', 'C'}) {
        SCOPED_TRACE(std::string("trans=") + trans);
        check_getrs<TypeParam>(Layout::Strided, trans, {17, 17, 17}, {1, 1, 1});
        check_getrs<TypeParam>(Layout::Strided, trans, {257, 257}, {1, 1});
        check_getrs<TypeParam>(Layout::Variable, trans, {257, 17, 18}, {1, 2, 1});
    }
}

// One right-hand side past order 32 (16 in complex arithmetic): the CUDA backend solves both
// triangles and the interchanges in one streamed kernel (src_cuda/solve_stream.cuh). A variable batch of such orders with an
// empty matrix and a member without right-hand sides, each op; gesv's singular member is left
// alone by that kernel too.
TYPED_TEST(LU, GetrsOneVectorVariable) {
    for (char trans : {'N', 'T', 'C'}) {
        SCOPED_TRACE(std::string("trans=") + trans);
        check_getrs<TypeParam>(Layout::Variable, trans, {257, 40, 0, 65, 33, 100, 20, 32}, {1, 1, 1, 0, 1, 1, 1, 1});
    }
    check_gesv<TypeParam>(Layout::Variable, {40, 70, 33, 64, 20}, {1, 1, 1, 1, 1}, 1);
}

TYPED_TEST(LU, GetrsVariableSizes) {
    for (char trans : {'N', 'T', 'C'}) {
        SCOPED_TRACE(std::string("trans=") + trans);
        check_getrs<TypeParam>(Layout::Variable, trans, mixed_sizes(30, 70), mixed_sizes(30, 4));
    }
}

TYPED_TEST(LU, GesvUniformSizes) {
    const std::vector<int> &sizes = test_sizes();
    for (Layout l : {Layout::Strided, Layout::Pointers})
        for (size_t k = 0; k < sizes.size(); ++k) {
            const int nrhs = k % 3 == 0 ? 1 : k % 3 == 1 ? 4 : 5;  // 5: past the group kernel's solve
            SCOPED_TRACE(std::string(name(l)) + " n=" + std::to_string(sizes[k]) + " nrhs=" + std::to_string(nrhs));
            check_gesv<TypeParam>(l, std::vector<int>(4, sizes[k]), std::vector<int>(4, nrhs), 2);
        }
}

TYPED_TEST(LU, GesvVariableSizes) {
    std::vector<int> n = mixed_sizes(30, 70);
    n[7] = 12;  // the singular member is not empty
    check_gesv<TypeParam>(Layout::Variable, n, mixed_sizes(30, 4), 7);
}

TYPED_TEST(LU, GesvNanStaysInItsMatrix) {
    using T = TypeParam;
    expect_nan_contained<T>('N', [](int n) {
        std::vector<T> a(size_t(n) * n);
        for (T &x : a) x = random_value<T>();
        return a;
    }, gesv<T>);
}

TYPED_TEST(LU, GetrsGesvEmptyBatch) {
    using T = TypeParam;
    std::vector<int> info(1, -99);
    EXPECT_EQ(batchlapack::getrs_batch('N', 4, 1, (const T *)nullptr, 4, 16, nullptr, 4, (T *)nullptr, 4, 4,
                                       info.data(), 0),
              0)
        << bl_last_error();
    EXPECT_EQ(batchlapack::gesv_batch(0, 0, (T *)nullptr, 1, 0, nullptr, 0, (T *)nullptr, 1, 0, info.data(), 1), 0)
        << bl_last_error();
    EXPECT_EQ(info[0], 0);
}

TYPED_TEST(LU, GetrsSharedFactorization) {
    // Stride 0 for the read-only A and ipiv: one factorization solves every right-hand side.
    using T = TypeParam;
    const int n = 7, count = 5;
    Batch<T> a(Layout::Strided, {n}, {n}), b(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, 2));
    a.randomize();
    b.randomize();
    const std::vector<T> orig = a.get(0);
    std::vector<int> ipiv(n), info(count, -99);
    int finfo = 0;
    ASSERT_EQ(batchlapack::getrf_batch(n, n, a.base(), n, 0, ipiv.data(), 0, &finfo, 1), 0);
    std::vector<std::vector<T>> rhs(count);
    for (int i = 0; i < count; ++i) rhs[i] = b.get(i);
    ASSERT_EQ(batchlapack::getrs_batch('N', n, 2, a.base(), n, 0, ipiv.data(), 0, b.base(), n, b.stride(), info.data(),
                                       count),
              0)
        << bl_last_error();
    for (int i = 0; i < count; ++i) {
        EXPECT_EQ(info[i], 0);
        EXPECT_LT(solve_ratio(orig, b.get(i), rhs[i], n, 2), kThreshold) << "system " << i;
    }
}

TYPED_TEST(LU, GetrsGesvIllegalArguments) {
    using T = TypeParam;
    for (Layout l : kLayouts) {
        // getrs only reads A and ipiv: their strides may overlap (stride 0 shares one factorization).
        expect_each_rejected<T>(l, {"trans", "n", "nrhs", "A", "lda", "strideA (read-only)", "ipiv",
                                    "strideIpiv (read-only)", "B", "ldb", "strideB", "info", "batch"},
                                getrs<T>);
        expect_each_rejected<T>(l, {"n", "nrhs", "A", "lda", "strideA", "ipiv", "strideIpiv", "B", "ldb", "strideB",
                                    "info", "batch"},
                                gesv<T>);
    }
}

}  // namespace
}  // namespace bltest
