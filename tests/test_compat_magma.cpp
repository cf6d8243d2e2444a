// The MAGMA names of compat/include/batchlapack_magma.h: each must be exactly its batchlapack
// routine (same results bit for bit, same info) with MAGMA's argument order, option values and
// argument numbering. The routines themselves are tested in their own test files.
#include "common.hpp"

#include "batchlapack_magma.h"

using namespace bltest;

namespace {

// The MAGMA name and the batchlapack routine it maps to, per precision.
template <class T> struct Names;
#define BL_MAGMA_NAMES(p, T, R)                                                                   \
    template <> struct Names<T> {                                                                 \
        static constexpr auto getrf = magma_##p##getrf_batched;                                  \
        static constexpr auto getrs = magma_##p##getrs_batched;                                  \
        static constexpr auto getri_oop = magma_##p##getri_outofplace_batched;                   \
        static constexpr auto getrf_np = magma_##p##getrf_nopiv_batched;                         \
        static constexpr auto getrs_np = magma_##p##getrs_nopiv_batched;                         \
        static constexpr auto gesv_np = magma_##p##gesv_nopiv_batched;                           \
        static constexpr auto potrf = magma_##p##potrf_batched;                                  \
        static constexpr auto potrs = magma_##p##potrs_batched;                                  \
        static constexpr auto geqrf = magma_##p##geqrf_batched;                                  \
        static constexpr auto gemm = magmablas_##p##gemm_batched;                                \
        static constexpr auto bl_getrf = bl_##p##getrf_batch_ptr;                                \
        static constexpr auto bl_getrs = bl_##p##getrs_batch_ptr;                                \
        static constexpr auto bl_getri_oop = bl_##p##getri_oop_batch_ptr;                        \
        static constexpr auto bl_getrf_np = bl_##p##getrf_np_batch_ptr;                          \
        static constexpr auto bl_getrs_np = bl_##p##getrs_np_batch_ptr;                          \
        static constexpr auto bl_gesv_np = bl_##p##gesv_np_batch_ptr;                            \
        static constexpr auto bl_potrf = bl_##p##potrf_batch_ptr;                                \
        static constexpr auto bl_potrs = bl_##p##potrs_batch_ptr;                                \
        static constexpr auto bl_geqrf = bl_##p##geqrf_batch_ptr;                                \
        static constexpr auto bl_gemm = bl_##p##gemm_batch_ptr;                                  \
    };
BATCHLAPACK_FOR_PRECISIONS(BL_MAGMA_NAMES)
#undef BL_MAGMA_NAMES

constexpr int kBatch = 3;

// `count` elements per matrix, kBatch matrices one after the other, and pointers to them.
template <class T> struct Matrices {
    std::vector<T> data;
    std::vector<T *> ptr;
    Matrices(int64_t count, const std::function<T(int64_t)> &value) : data(count * kBatch), ptr(kBatch) {
        for (int64_t e = 0; e < count * kBatch; ++e) data[e] = value(e % count);
        for (int i = 0; i < kBatch; ++i) ptr[i] = data.data() + i * count;
    }
    Matrices(const Matrices &o) : data(o.data), ptr(kBatch) {
        for (int i = 0; i < kBatch; ++i) ptr[i] = data.data() + (o.ptr[i] - o.data.data());
    }
    const T *const *in() const { return ptr.data(); }
    bool operator==(const Matrices &o) const {
        return std::memcmp(data.data(), o.data.data(), sizeof(T) * data.size()) == 0;
    }
};

template <class T> T conj_of(T x) {
    if constexpr (is_complex<T>) return std::conj(x);
    else return x;
}

// An n-by-n Hermitian, diagonally dominant (so positive definite) matrix at leading dimension
// ld; random values, the same for every matrix of a batch.
template <class T> std::function<T(int64_t)> hpd(int n, int ld) {
    auto values = std::make_shared<std::vector<T>>(int64_t(ld) * n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i <= j; ++i) {
            T v = i == j ? T(Real<T>(2 * n)) : random_value<T>();
            (*values)[i + int64_t(j) * ld] = v;
            (*values)[j + int64_t(i) * ld] = conj_of(v);
        }
    return [values](int64_t e) { return (*values)[e]; };
}
template <class T> std::function<T(int64_t)> random() {
    return [](int64_t) { return random_value<T>(); };
}

}  // namespace

template <class T> class CompatMagma : public TypedBackendTest<T> {};
TYPED_TEST_SUITE(CompatMagma, Precisions);

TYPED_TEST(CompatMagma, GetrfGetrs) {
    using T = TypeParam;
    using N = Names<T>;
    const int n = 5, nrhs = 2, lda = 7, ldb = 6;
    Matrices<T> A(int64_t(lda) * n, random<T>()), A2 = A;
    Matrices<int> ipiv(n, [](int64_t) { return 0; }), ipiv2 = ipiv;
    std::vector<int> info(kBatch, 9), info2(kBatch, 9);
    ASSERT_EQ(N::getrf(n, n, A.ptr.data(), lda, ipiv.ptr.data(), info.data(), kBatch, nullptr), 0);
    ASSERT_EQ(N::bl_getrf(n, n, A2.ptr.data(), lda, ipiv2.ptr.data(), info2.data(), kBatch), 0);
    EXPECT_TRUE(A == A2);
    EXPECT_TRUE(ipiv == ipiv2);
    EXPECT_EQ(info, info2);

    Matrices<T> B(int64_t(ldb) * nrhs, random<T>()), B2 = B;
    ASSERT_EQ(N::getrs(MagmaConjTrans, n, nrhs, A.ptr.data(), lda, ipiv.ptr.data(), B.ptr.data(), ldb,
                       kBatch, nullptr), 0);
    ASSERT_EQ(N::bl_getrs('C', n, nrhs, A2.in(), lda, ipiv2.in(), B2.ptr.data(), ldb, info2.data(), kBatch), 0);
    EXPECT_TRUE(B == B2);
}

TYPED_TEST(CompatMagma, GetriOutOfPlace) {
    using T = TypeParam;
    using N = Names<T>;
    const int n = 5, lda = 7, ldc = 6;
    Matrices<T> A(int64_t(lda) * n, random<T>());
    Matrices<int> ipiv(n, [](int64_t) { return 0; });
    std::vector<int> info(kBatch, 9), info2(kBatch, 9);
    ASSERT_EQ(N::bl_getrf_np(n, n, A.ptr.data(), lda, info.data(), kBatch), 0);  // any factors
    for (int i = 0; i < kBatch; ++i)
        for (int j = 0; j < n; ++j) ipiv.ptr[i][j] = j + 1 + (j + i) % (n - j);
    Matrices<T> C(int64_t(ldc) * n, random<T>()), C2 = C;
    ASSERT_EQ(N::getri_oop(n, A.ptr.data(), lda, ipiv.ptr.data(), C.ptr.data(), ldc, info.data(), kBatch, nullptr), 0);
    ASSERT_EQ(N::bl_getri_oop(n, A.in(), lda, ipiv.in(), C2.ptr.data(), ldc, info2.data(), kBatch), 0);
    EXPECT_TRUE(C == C2);
    EXPECT_EQ(info, info2);
}

// getrf_nopiv, getrs_nopiv and gesv_nopiv on diagonally dominant (Hermitian) matrices.
TYPED_TEST(CompatMagma, NoPivoting) {
    using T = TypeParam;
    using N = Names<T>;
    const int n = 6, nrhs = 2, lda = 8, ldb = 7;
    Matrices<T> A(int64_t(lda) * n, hpd<T>(n, lda)), A2 = A, A3 = A, A4 = A;
    std::vector<int> info(kBatch, 9), info2(kBatch, 9);
    ASSERT_EQ(N::getrf_np(n, n, A.ptr.data(), lda, info.data(), kBatch, nullptr), 0);
    ASSERT_EQ(N::bl_getrf_np(n, n, A2.ptr.data(), lda, info2.data(), kBatch), 0);
    EXPECT_TRUE(A == A2);
    EXPECT_EQ(info, info2);

    Matrices<T> B(int64_t(ldb) * nrhs, random<T>()), B2 = B, B3 = B, B4 = B;
    ASSERT_EQ(N::getrs_np(MagmaTrans, n, nrhs, A.ptr.data(), lda, B.ptr.data(), ldb, info.data(), kBatch, nullptr), 0);
    ASSERT_EQ(N::bl_getrs_np('T', n, nrhs, A2.in(), lda, B2.ptr.data(), ldb, info2.data(), kBatch), 0);
    EXPECT_TRUE(B == B2);
    EXPECT_EQ(info, info2);

    ASSERT_EQ(N::gesv_np(n, nrhs, A3.ptr.data(), lda, B3.ptr.data(), ldb, info.data(), kBatch, nullptr), 0);
    ASSERT_EQ(N::bl_gesv_np(n, nrhs, A4.ptr.data(), lda, B4.ptr.data(), ldb, info2.data(), kBatch), 0);
    EXPECT_TRUE(A3 == A4);
    EXPECT_TRUE(B3 == B4);
    EXPECT_EQ(info, info2);
}

TYPED_TEST(CompatMagma, PotrfPotrs) {
    using T = TypeParam;
    using N = Names<T>;
    const int n = 6, nrhs = 3, lda = 8, ldb = 7;
    Matrices<T> A(int64_t(lda) * n, hpd<T>(n, lda)), A2 = A;
    std::vector<int> info(kBatch, 9), info2(kBatch, 9);
    ASSERT_EQ(N::potrf(MagmaLower, n, A.ptr.data(), lda, info.data(), kBatch, nullptr), 0);
    ASSERT_EQ(N::bl_potrf('L', n, A2.ptr.data(), lda, info2.data(), kBatch), 0);
    EXPECT_TRUE(A == A2);
    EXPECT_EQ(info, std::vector<int>(kBatch, 0));
    EXPECT_EQ(info, info2);

    Matrices<T> B(int64_t(ldb) * nrhs, random<T>()), B2 = B;
    ASSERT_EQ(N::potrs(MagmaLower, n, nrhs, A.ptr.data(), lda, B.ptr.data(), ldb, kBatch, nullptr), 0);
    ASSERT_EQ(N::bl_potrs('L', n, nrhs, A2.in(), lda, B2.ptr.data(), ldb, info2.data(), kBatch), 0);
    EXPECT_TRUE(B == B2);
}

TYPED_TEST(CompatMagma, Geqrf) {
    using T = TypeParam;
    using N = Names<T>;
    const int m = 6, n = 4, lda = 7;
    Matrices<T> A(int64_t(lda) * n, random<T>()), A2 = A;
    Matrices<T> tau(n, random<T>()), tau2 = tau;
    std::vector<int> info(kBatch, 9), info2(kBatch, 9);
    ASSERT_EQ(N::geqrf(m, n, A.ptr.data(), lda, tau.ptr.data(), info.data(), kBatch, nullptr), 0);
    ASSERT_EQ(N::bl_geqrf(m, n, A2.ptr.data(), lda, tau2.ptr.data(), info2.data(), kBatch), 0);
    EXPECT_TRUE(A == A2);
    EXPECT_TRUE(tau == tau2);
    EXPECT_EQ(info, info2);
}

TYPED_TEST(CompatMagma, Gemm) {
    using T = TypeParam;
    using N = Names<T>;
    const int m = 3, n = 4, k = 5, lda = 6, ldb = 5, ldc = 4;  // A is k x m (transposed), B k x n
    const T alpha = T(2), beta = T(-1);
    Matrices<T> A(int64_t(lda) * m, random<T>()), B(int64_t(ldb) * n, random<T>());
    Matrices<T> C(int64_t(ldc) * n, random<T>()), C2 = C;
    N::gemm(MagmaTrans, MagmaNoTrans, m, n, k, alpha, A.in(), lda, B.in(), ldb, beta, C.ptr.data(), ldc,
            kBatch, nullptr);
    ASSERT_EQ(N::bl_gemm('T', 'N', m, n, k, alpha, A.in(), lda, B.in(), ldb, beta, C2.ptr.data(), ldc, kBatch), 0);
    EXPECT_TRUE(C == C2);
}

// Illegal arguments are numbered in MAGMA's argument lists, which have no info in getrs/potrs.
TYPED_TEST(CompatMagma, IllegalArgumentsInMagmaNumbering) {
    using T = TypeParam;
    using N = Names<T>;
    const int n = 4;
    Matrices<T> A(int64_t(n) * n, hpd<T>(n, n)), B(n, random<T>());
    const Matrices<T> A0 = A, B0 = B;
    Matrices<int> ipiv(n, [](int64_t i) { return int(i) + 1; });
    std::vector<int> info(kBatch, 9);

    EXPECT_EQ(N::getrf(n, n, A.ptr.data(), n - 1, ipiv.ptr.data(), info.data(), kBatch, nullptr), -4);
    EXPECT_EQ(info, std::vector<int>(kBatch, -4));
    EXPECT_EQ(N::getrs(magma_trans_t(0), n, 1, A.ptr.data(), n, ipiv.ptr.data(), B.ptr.data(), n, kBatch,
                       nullptr), -1);
    EXPECT_EQ(N::getrs(MagmaNoTrans, n, 1, A.ptr.data(), n, ipiv.ptr.data(), B.ptr.data(), n, -1, nullptr), -9);
    Matrices<T> C(int64_t(n) * n, random<T>());
    const Matrices<T> C0 = C;
    EXPECT_EQ(N::getri_oop(n, A.ptr.data(), n, ipiv.ptr.data(), C.ptr.data(), n - 1, info.data(), kBatch, nullptr), -6);
    EXPECT_TRUE(C == C0);
    EXPECT_EQ(N::getrs_np(magma_trans_t(0), n, 1, A.ptr.data(), n, B.ptr.data(), n, info.data(), kBatch, nullptr), -1);
    EXPECT_EQ(N::potrf(magma_uplo_t(0), n, A.ptr.data(), n, info.data(), kBatch, nullptr), -1);
    EXPECT_EQ(N::potrs(MagmaUpper, n, 1, A.ptr.data(), n, B.ptr.data(), n, -1, nullptr), -8);
    EXPECT_EQ(N::potrs(MagmaUpper, n, 1, A.ptr.data(), n, B.ptr.data(), n - 1, kBatch, nullptr), -7);
    EXPECT_EQ(N::geqrf(n, n, A.ptr.data(), n, nullptr, info.data(), kBatch, nullptr), -5);
    N::gemm(MagmaNoTrans, MagmaNoTrans, n, 1, n, T(1), A.in(), n, B.in(), n, T(0), B.ptr.data(), n - 1,
            kBatch, nullptr);
    EXPECT_NE(std::string(bl_last_error()).find("gemm"), std::string::npos);
    EXPECT_TRUE(A == A0);
    EXPECT_TRUE(B == B0);
}
