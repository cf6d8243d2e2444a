// The MAGMA compatibility library (libmagma, <prefix>/magma): each of its routines, in every
// precision of the build and every form (batched, vbatched, _gpu), gives bit for bit the result
// of the batchlapack routine it maps to, with MAGMA's argument order, option values and argument
// numbering; and its runtime (queues, memory, copies, arrays of pointers) does what MAGMA's does.
// The routines themselves are tested in their own test files.
//
// Under the CUDA backend (gpu.*) the data is where MAGMA has it: matrices, arrays of pointers,
// info and the vbatched size arrays in device memory (magma_malloc), each call on a queue, its
// results read after magma_queue_sync; ipiv and info of the _gpu forms in host memory. Under the
// CPU backend (cpu.*) the same calls take host data, as the library allows where no device is
// usable; the runtime tests that need a device are then skipped.
#include "common.hpp"

#include "magma_v2.h"
#include "magma_names.hpp"

using namespace bltest;

namespace {

bool on_device() {
    const char *b = std::getenv("BATCHLAPACK_TEST_BACKEND");
    return b != nullptr && std::string(b) == "cuda";
}

// MAGMA's element type for each of the tests' (its complex types are CUDA's, of the same
// layout as std::complex), and the casts between them.
template <class T> struct magma_of { using type = T; };
template <> struct magma_of<std::complex<float>> { using type = magmaFloatComplex; };
template <> struct magma_of<std::complex<double>> { using type = magmaDoubleComplex; };
template <class T> using M = typename magma_of<T>::type;
template <class T> M<T> **mp(T **p) { return reinterpret_cast<M<T> **>(p); }
template <class T> M<T> *mp(T *p) { return reinterpret_cast<M<T> *>(p); }
template <class T> M<T> ms(T x) {
    M<T> r;
    std::memcpy(&r, &x, sizeof r);
    return r;
}

// The MAGMA names of each precision of the build.
template <class T> struct Names;
#define BL_MAGMA_NAMES(p, T)                                                                      \
    template <> struct Names<T> {                                                                 \
        BLTEST_MAGMA_BATCHED_NAMES(p)                                                             \
        static constexpr auto getrf_v = magma_##p##getrf_vbatched;                               \
        static constexpr auto potrf_v = magma_##p##potrf_vbatched;                               \
        static constexpr auto trsm_v = magmablas_##p##trsm_vbatched;                             \
        static constexpr auto gemm_v = magmablas_##p##gemm_vbatched;                             \
        static constexpr auto gemv_v = magmablas_##p##gemv_vbatched;                             \
        static constexpr auto getrf_gpu = magma_##p##getrf_gpu;                                  \
        static constexpr auto getrs_gpu = magma_##p##getrs_gpu;                                  \
        static constexpr auto gesv_gpu = magma_##p##gesv_gpu;                                    \
        static constexpr auto potrf_gpu = magma_##p##potrf_gpu;                                  \
        static constexpr auto potrs_gpu = magma_##p##potrs_gpu;                                  \
        static constexpr auto posv_gpu = magma_##p##posv_gpu;                                    \
        static constexpr auto set_pointer = magma_##p##set_pointer;                              \
        static constexpr auto displace_pointers = magma_##p##displace_pointers;                  \
    };
BL_ENABLED_PRECISIONS(BL_MAGMA_NAMES)
#undef BL_MAGMA_NAMES

// `count` elements in the test's memory (device memory through magma_malloc under the CUDA
// backend, else host memory), set from and read back to host vectors.
template <class E> class Mem {
public:
    explicit Mem(const std::vector<E> &init) : n_(init.size()) {
        if (on_device()) {
            EXPECT_EQ(magma_malloc(reinterpret_cast<magma_ptr *>(&p_), sizeof(E) * n_), MAGMA_SUCCESS);
            magma_setvector(magma_int_t(n_), sizeof(E), init.data(), 1, p_, 1, nullptr);
        } else {
            host_ = init;
            p_ = host_.data();
        }
    }
    ~Mem() {
        if (on_device()) magma_free(p_);
    }
    Mem(const Mem &) = delete;
    Mem &operator=(const Mem &) = delete;
    E *get() const { return p_; }
    std::vector<E> read() const {
        if (!on_device()) return host_;
        std::vector<E> h(n_);
        magma_getvector(magma_int_t(n_), sizeof(E), p_, 1, h.data(), 1, nullptr);
        return h;
    }

private:
    size_t n_;
    std::vector<E> host_;
    E *p_ = nullptr;
};

constexpr int kBatch = 3;

// kBatch matrices of `count` elements each, one after the other in the test's memory, and the
// array of pointers to them (in the test's memory too, as MAGMA has it).
template <class E> class Mats {
public:
    Mats(const std::vector<E> &values, int64_t count)
        : count_(count), data_(values), ptr_(pointers(data_.get(), count)) {}
    explicit Mats(int64_t count, std::function<E(int64_t)> value = [](int64_t) { return E(0); })
        : Mats(fill(count, value), count) {}
    E **ptr() const { return ptr_.get(); }
    std::vector<E> read() const { return data_.read(); }
    std::vector<E> values() const { return data_.read(); }

private:
    static std::vector<E> fill(int64_t count, const std::function<E(int64_t)> &value) {
        std::vector<E> v(size_t(count * kBatch));
        for (size_t e = 0; e < v.size(); ++e) v[e] = value(int64_t(e));
        return v;
    }
    static std::vector<E *> pointers(E *base, int64_t count) {
        std::vector<E *> p(kBatch);
        for (int i = 0; i < kBatch; ++i) p[size_t(i)] = base + i * count;
        return p;
    }
    int64_t count_;
    Mem<E> data_;
    Mem<E *> ptr_;
};

template <class T> T conj_of(T x) {
    if constexpr (is_complex<T>) return std::conj(x);
    else return x;
}
// n-by-n Hermitian diagonally dominant matrices (positive definite) at leading dimension ld, a
// different one per matrix of the batch.
template <class T> std::vector<T> hpd(int n, int ld) {
    std::vector<T> v(size_t(ld) * n * kBatch);
    for (int b = 0; b < kBatch; ++b)
        for (int j = 0; j < n; ++j)
            for (int i = 0; i <= j; ++i) {
                const T x = i == j ? T(Real<T>(2 * n)) : random_value<T>();
                v[size_t(b) * ld * n + i + size_t(j) * ld] = x;
                v[size_t(b) * ld * n + j + size_t(i) * ld] = conj_of(x);
            }
    return v;
}
template <class T> std::vector<T> random_values(int64_t count) {
    std::vector<T> v(size_t(count * kBatch));
    for (T &x : v) x = random_value<T>();
    return v;
}
std::vector<int> zeros(int64_t count) { return std::vector<int>(size_t(count * kBatch), 0); }

template <class T> bool same(const std::vector<T> &a, const std::vector<T> &b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(T) * a.size()) == 0;
}

}  // namespace

template <class T> class MagmaLibrary : public TypedBackendTest<T> {
protected:
    void SetUp() override {
        TypedBackendTest<T>::SetUp();
        if (this->IsSkipped()) return;
        magma_init();
        magma_queue_create(0, &queue);
        ASSERT_NE(queue, nullptr);
    }
    void TearDown() override {
        magma_queue_destroy(queue);
        magma_finalize();
    }
    magma_queue_t queue = nullptr;
};
TYPED_TEST_SUITE(MagmaLibrary, Precisions);

TYPED_TEST(MagmaLibrary, LuBatched) {
    using T = TypeParam;
    using N = Names<T>;
    const int n = 5, nrhs = 2, lda = 7, ldb = 6;
    const auto a = random_values<T>(int64_t(lda) * n), b = random_values<T>(int64_t(ldb) * nrhs);
    Mats<T> A(a, int64_t(lda) * n), A2(a, int64_t(lda) * n);
    Mats<int> ipiv(n), ipiv2(n);
    Mem<int> info(std::vector<int>(kBatch, 9)), info2(std::vector<int>(kBatch, 9));
    EXPECT_EQ(N::getrf(n, n, mp(A.ptr()), lda, ipiv.ptr(), info.get(), kBatch, this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::getrf_batch_ptr(n, n, A2.ptr(), lda, ipiv2.ptr(), info2.get(), kBatch), 0);
    EXPECT_TRUE(same(A.read(), A2.read()));
    EXPECT_TRUE(same(ipiv.read(), ipiv2.read()));
    EXPECT_EQ(info.read(), info2.read());

    Mats<T> B(b, int64_t(ldb) * nrhs), B2(b, int64_t(ldb) * nrhs);
    EXPECT_EQ(N::getrs(MagmaConjTrans, n, nrhs, mp(A.ptr()), lda, ipiv.ptr(), mp(B.ptr()), ldb, kBatch,
                       this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::getrs_batch_ptr('C', n, nrhs, A2.ptr(), lda, ipiv2.ptr(), B2.ptr(), ldb, info2.get(),
                                           kBatch), 0);
    EXPECT_TRUE(same(B.read(), B2.read()));

    Mats<T> C(a, int64_t(lda) * n), C2(a, int64_t(lda) * n), X(b, int64_t(ldb) * nrhs), X2(b, int64_t(ldb) * nrhs);
    EXPECT_EQ(N::gesv(n, nrhs, mp(C.ptr()), lda, ipiv.ptr(), mp(X.ptr()), ldb, info.get(), kBatch, this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::gesv_batch_ptr(n, nrhs, C2.ptr(), lda, ipiv2.ptr(), X2.ptr(), ldb, info2.get(), kBatch), 0);
    EXPECT_TRUE(same(C.read(), C2.read()));
    EXPECT_TRUE(same(X.read(), X2.read()));
    EXPECT_EQ(info.read(), info2.read());

    // The inverse from the factors (any factors: those of A).
    const int ldc = 6;
    Mats<T> Inv(int64_t(ldc) * n), Inv2(int64_t(ldc) * n);
    EXPECT_EQ(N::getri_oop(n, mp(A.ptr()), lda, ipiv.ptr(), mp(Inv.ptr()), ldc, info.get(), kBatch, this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::getri_oop_batch_ptr(n, A2.ptr(), lda, ipiv2.ptr(), Inv2.ptr(), ldc, info2.get(), kBatch), 0);
    EXPECT_TRUE(same(Inv.read(), Inv2.read()));
    EXPECT_EQ(info.read(), info2.read());
}

TYPED_TEST(MagmaLibrary, NoPivotingBatched) {
    using T = TypeParam;
    using N = Names<T>;
    const int n = 6, nrhs = 2, lda = 8, ldb = 7;
    const auto a = hpd<T>(n, lda), b = random_values<T>(int64_t(ldb) * nrhs);
    Mats<T> A(a, int64_t(lda) * n), A2(a, int64_t(lda) * n), B(b, int64_t(ldb) * nrhs), B2(b, int64_t(ldb) * nrhs);
    Mem<int> info(zeros(1)), info2(zeros(1));
    EXPECT_EQ(N::getrf_np(n, n, mp(A.ptr()), lda, info.get(), kBatch, this->queue), 0);
    EXPECT_EQ(N::getrs_np(MagmaTrans, n, nrhs, mp(A.ptr()), lda, mp(B.ptr()), ldb, info.get(), kBatch, this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::getrf_np_batch_ptr(n, n, A2.ptr(), lda, info2.get(), kBatch), 0);
    ASSERT_EQ(batchlapack::getrs_np_batch_ptr('T', n, nrhs, A2.ptr(), lda, B2.ptr(), ldb, info2.get(), kBatch), 0);
    EXPECT_TRUE(same(A.read(), A2.read()));
    EXPECT_TRUE(same(B.read(), B2.read()));

    Mats<T> C(a, int64_t(lda) * n), C2(a, int64_t(lda) * n), X(b, int64_t(ldb) * nrhs), X2(b, int64_t(ldb) * nrhs);
    EXPECT_EQ(N::gesv_np(n, nrhs, mp(C.ptr()), lda, mp(X.ptr()), ldb, info.get(), kBatch, this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::gesv_np_batch_ptr(n, nrhs, C2.ptr(), lda, X2.ptr(), ldb, info2.get(), kBatch), 0);
    EXPECT_TRUE(same(X.read(), X2.read()));
    EXPECT_EQ(info.read(), info2.read());
}

TYPED_TEST(MagmaLibrary, CholeskyAndQrBatched) {
    using T = TypeParam;
    using N = Names<T>;
    const int n = 6, nrhs = 3, lda = 8, ldb = 7;
    const auto a = hpd<T>(n, lda), b = random_values<T>(int64_t(ldb) * nrhs);
    Mats<T> A(a, int64_t(lda) * n), A2(a, int64_t(lda) * n), B(b, int64_t(ldb) * nrhs), B2(b, int64_t(ldb) * nrhs);
    Mem<int> info(std::vector<int>(kBatch, 9)), info2(std::vector<int>(kBatch, 9));
    EXPECT_EQ(N::potrf(MagmaLower, n, mp(A.ptr()), lda, info.get(), kBatch, this->queue), 0);
    EXPECT_EQ(N::potrs(MagmaLower, n, nrhs, mp(A.ptr()), lda, mp(B.ptr()), ldb, kBatch, this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::potrf_batch_ptr('L', n, A2.ptr(), lda, info2.get(), kBatch), 0);
    ASSERT_EQ(batchlapack::potrs_batch_ptr('L', n, nrhs, A2.ptr(), lda, B2.ptr(), ldb, info2.get(), kBatch), 0);
    EXPECT_TRUE(same(A.read(), A2.read()));
    EXPECT_TRUE(same(B.read(), B2.read()));
    EXPECT_EQ(info.read(), std::vector<int>(kBatch, 0));

    Mats<T> C(a, int64_t(lda) * n), C2(a, int64_t(lda) * n), X(b, int64_t(ldb) * nrhs), X2(b, int64_t(ldb) * nrhs);
    EXPECT_EQ(N::posv(MagmaUpper, n, nrhs, mp(C.ptr()), lda, mp(X.ptr()), ldb, info.get(), kBatch, this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::posv_batch_ptr('U', n, nrhs, C2.ptr(), lda, X2.ptr(), ldb, info2.get(), kBatch), 0);
    EXPECT_TRUE(same(C.read(), C2.read()));
    EXPECT_TRUE(same(X.read(), X2.read()));

    const int m = 7, k = 4;
    const auto q = random_values<T>(int64_t(lda) * k);
    Mats<T> Q(q, int64_t(lda) * k), Q2(q, int64_t(lda) * k), tau(k), tau2(k);
    EXPECT_EQ(N::geqrf(m, k, mp(Q.ptr()), lda, mp(tau.ptr()), info.get(), kBatch, this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::geqrf_batch_ptr(m, k, Q2.ptr(), lda, tau2.ptr(), info2.get(), kBatch), 0);
    EXPECT_TRUE(same(Q.read(), Q2.read()));
    EXPECT_TRUE(same(tau.read(), tau2.read()));
}

TYPED_TEST(MagmaLibrary, BlasBatched) {
    using T = TypeParam;
    using N = Names<T>;
    const int m = 5, n = 4, k = 3, lda = 6, ldb = 7, ldc = 5;
    const T alpha = T(2), beta = T(-1);
    const auto a = hpd<T>(m, lda), b = random_values<T>(int64_t(ldb) * n);
    Mats<T> A(a, int64_t(lda) * m), B(b, int64_t(ldb) * n), B2(b, int64_t(ldb) * n);
    N::trsm(MagmaLeft, MagmaUpper, MagmaConjTrans, MagmaNonUnit, m, n, ms(alpha), mp(A.ptr()), lda, mp(B.ptr()), ldb,
            kBatch, this->queue);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::trsm_batch_ptr('L', 'U', 'C', 'N', m, n, alpha, A.ptr(), lda, B2.ptr(), ldb, kBatch), 0);
    EXPECT_TRUE(same(B.read(), B2.read()));

    const int incx = 2;
    const auto x = random_values<T>(1 + (m - 1) * incx);
    Mats<T> X(x, 1 + (m - 1) * incx), X2(x, 1 + (m - 1) * incx);
    N::trsv(MagmaLower, MagmaTrans, MagmaUnit, m, mp(A.ptr()), lda, mp(X.ptr()), incx, kBatch, this->queue);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::trsv_batch_ptr('L', 'T', 'U', m, A.ptr(), lda, X2.ptr(), incx, kBatch), 0);
    EXPECT_TRUE(same(X.read(), X2.read()));

    // C = alpha A^T B + beta C with A k-by-m (op(A) m-by-k), B k-by-n.
    const auto c = random_values<T>(int64_t(ldc) * n);
    Mats<T> G(random_values<T>(int64_t(lda) * m), int64_t(lda) * m), C(c, int64_t(ldc) * n), C2(c, int64_t(ldc) * n);
    N::gemm(MagmaTrans, MagmaNoTrans, m, n, k, ms(alpha), mp(G.ptr()), lda, mp(B.ptr()), ldb, ms(beta), mp(C.ptr()),
            ldc, kBatch, this->queue);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::gemm_batch_ptr('T', 'N', m, n, k, alpha, G.ptr(), lda, B.ptr(), ldb, beta, C2.ptr(), ldc,
                                          kBatch), 0);
    EXPECT_TRUE(same(C.read(), C2.read()));

    const auto y = random_values<T>(n);
    Mats<T> Y(y, n), Y2(y, n);
    N::gemv(MagmaConjTrans, m, n, ms(alpha), mp(B.ptr()), ldb, mp(X.ptr()), incx, ms(beta), mp(Y.ptr()), 1, kBatch,
            this->queue);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::gemv_batch_ptr('C', m, n, alpha, B.ptr(), ldb, X.ptr(), incx, beta, Y2.ptr(), 1, kBatch), 0);
    EXPECT_TRUE(same(Y.read(), Y2.read()));
}

// The vbatched forms take their sizes in the test's memory (device memory under the CUDA
// backend, as MAGMA's), with MAGMA's extra entry.
TYPED_TEST(MagmaLibrary, Vbatched) {
    using T = TypeParam;
    using N = Names<T>;
    const int ld = 9, count = ld * ld;
    const std::vector<int> sizes{4, 9, 1, -7}, sizes2{5, 2, 8, -7}, lds{ld, ld, ld, -7};
    const std::vector<int> h_m(sizes.begin(), sizes.begin() + kBatch), h_n(sizes2.begin(), sizes2.begin() + kBatch),
        h_ld(lds.begin(), lds.begin() + kBatch);
    Mem<int> m(sizes), n(sizes2), ldd(lds);
    const auto a = hpd<T>(ld, ld);
    Mats<T> A(a, count), A2(a, count);
    Mats<int> ipiv(ld), ipiv2(ld);
    Mem<int> info(zeros(1)), info2(zeros(1));
    EXPECT_EQ(N::getrf_v(m.get(), n.get(), mp(A.ptr()), ldd.get(), ipiv.ptr(), info.get(), kBatch, this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::getrf_vbatch(h_m.data(), h_n.data(), A2.ptr(), h_ld.data(), ipiv2.ptr(), info2.get(),
                                        kBatch), 0);
    EXPECT_TRUE(same(A.read(), A2.read()));
    EXPECT_TRUE(same(ipiv.read(), ipiv2.read()));
    EXPECT_EQ(info.read(), info2.read());

    Mats<T> P(a, count), P2(a, count);
    EXPECT_EQ(N::potrf_v(MagmaUpper, m.get(), mp(P.ptr()), ldd.get(), info.get(), kBatch, this->queue), 0);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::potrf_vbatch('U', h_m.data(), P2.ptr(), h_ld.data(), info2.get(), kBatch), 0);
    EXPECT_TRUE(same(P.read(), P2.read()));
    EXPECT_EQ(info.read(), info2.read());

    const T alpha = T(3), beta = T(0.5);
    const auto b = random_values<T>(count);
    Mats<T> B(b, count), B2(b, count);
    N::trsm_v(MagmaRight, MagmaLower, MagmaNoTrans, MagmaNonUnit, m.get(), n.get(), ms(alpha), mp(P.ptr()),
              ldd.get(), mp(B.ptr()), ldd.get(), kBatch, this->queue);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::trsm_vbatch('R', 'L', 'N', 'N', h_m.data(), h_n.data(), alpha, P2.ptr(), h_ld.data(),
                                       B2.ptr(), h_ld.data(), kBatch), 0);
    EXPECT_TRUE(same(B.read(), B2.read()));

    const auto c = random_values<T>(count);
    Mats<T> C(c, count), C2(c, count);
    N::gemm_v(MagmaNoTrans, MagmaConjTrans, m.get(), n.get(), n.get(), ms(alpha), mp(A.ptr()), ldd.get(),
              mp(B.ptr()), ldd.get(), ms(beta), mp(C.ptr()), ldd.get(), kBatch, this->queue);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::gemm_vbatch('N', 'C', h_m.data(), h_n.data(), h_n.data(), alpha, A2.ptr(), h_ld.data(),
                                       B2.ptr(), h_ld.data(), beta, C2.ptr(), h_ld.data(), kBatch), 0);
    EXPECT_TRUE(same(C.read(), C2.read()));

    const std::vector<int> ones{1, 1, 1, 1}, h_one(kBatch, 1);
    Mem<int> inc(ones);
    const auto y = random_values<T>(ld);
    Mats<T> Y(y, ld), Y2(y, ld);
    N::gemv_v(MagmaNoTrans, m.get(), n.get(), ms(alpha), mp(A.ptr()), ldd.get(), mp(B.ptr()), inc.get(), ms(beta),
              mp(Y.ptr()), inc.get(), kBatch, this->queue);
    magma_queue_sync(this->queue);
    ASSERT_EQ(batchlapack::gemv_vbatch('N', h_m.data(), h_n.data(), alpha, A2.ptr(), h_ld.data(), B2.ptr(),
                                       h_one.data(), beta, Y2.ptr(), h_one.data(), kBatch), 0);
    EXPECT_TRUE(same(Y.read(), Y2.read()));
}

// The _gpu forms: one matrix (in the test's memory), ipiv and info in host memory, no queue;
// each against batchlapack's call of one matrix.
TYPED_TEST(MagmaLibrary, GpuForms) {
    using T = TypeParam;
    using N = Names<T>;
    const int n = 6, nrhs = 2, lda = 7, ldb = 8;
    const auto all_a = hpd<T>(n, lda), all_b = random_values<T>(int64_t(ldb) * nrhs);
    const std::vector<T> a(all_a.begin(), all_a.begin() + lda * n), b(all_b.begin(), all_b.begin() + ldb * nrhs);
    Mem<T> A(a), B(b), A2(a), B2(b);
    Mem<T *> pA2(std::vector<T *>{A2.get()}), pB2(std::vector<T *>{B2.get()});
    std::vector<int> ipiv(n), ipiv2(n);
    int *const pipiv2[1] = {ipiv2.data()};
    int info = 9, info2 = 9;
    EXPECT_EQ(N::getrf_gpu(n, n, mp(A.get()), lda, ipiv.data(), &info), 0);
    EXPECT_EQ(info, 0);
    EXPECT_EQ(N::getrs_gpu(MagmaNoTrans, n, nrhs, mp(A.get()), lda, ipiv.data(), mp(B.get()), ldb, &info), 0);
    ASSERT_EQ(batchlapack::getrf_batch_ptr(n, n, pA2.get(), lda, pipiv2, &info2, 1), 0);
    ASSERT_EQ(batchlapack::getrs_batch_ptr('N', n, nrhs, pA2.get(), lda, pipiv2, pB2.get(), ldb, &info2, 1), 0);
    EXPECT_TRUE(same(A.read(), A2.read()));
    EXPECT_TRUE(same(B.read(), B2.read()));
    EXPECT_EQ(ipiv, ipiv2);

    Mem<T> C(a), X(b), C2(a), X2(b);
    Mem<T *> pC2(std::vector<T *>{C2.get()}), pX2(std::vector<T *>{X2.get()});
    EXPECT_EQ(N::gesv_gpu(n, nrhs, mp(C.get()), lda, ipiv.data(), mp(X.get()), ldb, &info), 0);
    ASSERT_EQ(batchlapack::gesv_batch_ptr(n, nrhs, pC2.get(), lda, pipiv2, pX2.get(), ldb, &info2, 1), 0);
    EXPECT_TRUE(same(X.read(), X2.read()));
    EXPECT_EQ(ipiv, ipiv2);

    Mem<T> P(a), Y(b), P2(a), Y2(b);
    Mem<T *> pP2(std::vector<T *>{P2.get()}), pY2(std::vector<T *>{Y2.get()});
    EXPECT_EQ(N::potrf_gpu(MagmaLower, n, mp(P.get()), lda, &info), 0);
    EXPECT_EQ(N::potrs_gpu(MagmaLower, n, nrhs, mp(P.get()), lda, mp(Y.get()), ldb, &info), 0);
    ASSERT_EQ(batchlapack::potrf_batch_ptr('L', n, pP2.get(), lda, &info2, 1), 0);
    ASSERT_EQ(batchlapack::potrs_batch_ptr('L', n, nrhs, pP2.get(), lda, pY2.get(), ldb, &info2, 1), 0);
    EXPECT_TRUE(same(P.read(), P2.read()));
    EXPECT_TRUE(same(Y.read(), Y2.read()));

    Mem<T> Q(a), Z(b), Q2(a), Z2(b);
    Mem<T *> pQ2(std::vector<T *>{Q2.get()}), pZ2(std::vector<T *>{Z2.get()});
    EXPECT_EQ(N::posv_gpu(MagmaUpper, n, nrhs, mp(Q.get()), lda, mp(Z.get()), ldb, &info), 0);
    ASSERT_EQ(batchlapack::posv_batch_ptr('U', n, nrhs, pQ2.get(), lda, pZ2.get(), ldb, &info2, 1), 0);
    EXPECT_TRUE(same(Q.read(), Q2.read()));
    EXPECT_TRUE(same(Z.read(), Z2.read()));

    // A singular matrix: MAGMA's _gpu routines return info.
    std::vector<T> s = a;
    for (int i = 0; i < n; ++i) s[size_t(i) + size_t(2) * lda] = T(0);
    Mem<T> S(s);
    EXPECT_EQ(N::getrf_gpu(n, n, mp(S.get()), lda, ipiv.data(), &info), 3);
    EXPECT_EQ(info, 3);
    // Illegal arguments are numbered as in LAPACK's (and MAGMA's) list.
    EXPECT_EQ(N::getrf_gpu(n, n, mp(S.get()), n - 1, ipiv.data(), &info), -4);
    EXPECT_EQ(info, -4);
    EXPECT_EQ(N::potrs_gpu(MagmaLower, n, nrhs, mp(P.get()), lda, mp(Y.get()), n - 1, &info), -7);
}

// Illegal arguments are numbered in MAGMA's argument lists (getrs and potrs have no info there).
TYPED_TEST(MagmaLibrary, IllegalArgumentsInMagmaNumbering) {
    using T = TypeParam;
    using N = Names<T>;
    const int n = 4;
    const auto a = hpd<T>(n, n), b = random_values<T>(n);
    Mats<T> A(a, n * n), B(b, n);
    Mats<int> ipiv(n, [](int64_t e) { return int(e % 4) + 1; });
    Mem<int> info(zeros(1));
    EXPECT_EQ(N::getrf(n, n, mp(A.ptr()), n - 1, ipiv.ptr(), info.get(), kBatch, this->queue), -4);
    EXPECT_EQ(info.read(), std::vector<int>(kBatch, -4));
    EXPECT_EQ(N::getrs(magma_trans_t(0), n, 1, mp(A.ptr()), n, ipiv.ptr(), mp(B.ptr()), n, kBatch, this->queue), -1);
    EXPECT_EQ(N::getrs(MagmaNoTrans, n, 1, mp(A.ptr()), n, ipiv.ptr(), mp(B.ptr()), n, -1, this->queue), -9);
    EXPECT_EQ(N::potrs(MagmaUpper, n, 1, mp(A.ptr()), n, mp(B.ptr()), n, -1, this->queue), -8);
    EXPECT_EQ(N::potrs(MagmaUpper, n, 1, mp(A.ptr()), n, mp(B.ptr()), n - 1, kBatch, this->queue), -7);
    EXPECT_EQ(N::gesv(n, 1, mp(A.ptr()), n, ipiv.ptr(), mp(B.ptr()), n - 1, info.get(), kBatch, this->queue), -7);
    N::trsm(MagmaLeft, magma_uplo_t(0), MagmaNoTrans, MagmaUnit, n, 1, ms(T(1)), mp(A.ptr()), n, mp(B.ptr()), n,
            kBatch, this->queue);
    EXPECT_NE(std::string(bl_last_error()).find("trsm"), std::string::npos);
    EXPECT_TRUE(same(A.read(), a));
    EXPECT_TRUE(same(B.read(), b));
}

// The runtime of a device: copies, the arrays of pointers, queues over the caller's stream.
TYPED_TEST(MagmaLibrary, RuntimeOnTheDevice) {
    using T = TypeParam;
    using N = Names<T>;
    if (!on_device()) GTEST_SKIP() << "needs a device (copies and pointer kernels)";
    const int m = 3, n = 4, lda = 5, ldd = 6;
    std::vector<T> h(size_t(lda) * n), back(size_t(lda) * n, T(7));
    for (T &x : h) x = random_value<T>();
    T *d = nullptr;
    ASSERT_EQ(magma_malloc(reinterpret_cast<magma_ptr *>(&d), sizeof(T) * ldd * n), MAGMA_SUCCESS);
    magma_setmatrix(m, n, sizeof(T), h.data(), lda, d, ldd, this->queue);
    magma_getmatrix(m, n, sizeof(T), d, ldd, back.data(), lda, this->queue);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < lda; ++i)  // rows m.. of back are not copied to
            EXPECT_EQ(back[size_t(i + j * lda)], i < m ? h[size_t(i + j * lda)] : T(7));
    // async copies through pinned memory, a strided vector, a device-to-device copy
    T *pinned = nullptr;
    ASSERT_EQ(magma_malloc_pinned(reinterpret_cast<void **>(&pinned), sizeof(T) * lda * n), MAGMA_SUCCESS);
    magma_setmatrix_async(m, n, sizeof(T), h.data(), lda, d, ldd, this->queue);
    magma_getmatrix_async(m, n, sizeof(T), d, ldd, pinned, lda, this->queue);
    magma_queue_sync(this->queue);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) EXPECT_EQ(pinned[i + j * lda], h[size_t(i + j * lda)]);
    std::vector<T> v(4);
    magma_getvector(4, sizeof(T), d, ldd, v.data(), 1, this->queue);  // row 0
    for (int j = 0; j < 4; ++j) EXPECT_EQ(v[size_t(j)], h[size_t(j * lda)]);
    T *d2 = nullptr;
    ASSERT_EQ(magma_malloc(reinterpret_cast<magma_ptr *>(&d2), sizeof(T) * ldd * n), MAGMA_SUCCESS);
    magma_copymatrix(m, n, sizeof(T), d, ldd, d2, ldd, this->queue);
    std::vector<T> back2(size_t(lda) * n);
    magma_getmatrix(m, n, sizeof(T), d2, ldd, back2.data(), lda, this->queue);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) EXPECT_EQ(back2[size_t(i + j * lda)], h[size_t(i + j * lda)]);

    // pointers: set_pointer, then displace_pointers by (1, 2)
    T **ptrs = nullptr, **moved = nullptr;
    ASSERT_EQ(magma_malloc(reinterpret_cast<magma_ptr *>(&ptrs), sizeof(T *) * kBatch), MAGMA_SUCCESS);
    ASSERT_EQ(magma_malloc(reinterpret_cast<magma_ptr *>(&moved), sizeof(T *) * kBatch), MAGMA_SUCCESS);
    N::set_pointer(mp(ptrs), mp(d), ldd, 1, 1, 10, kBatch, this->queue);
    N::displace_pointers(mp(moved), mp(ptrs), ldd, 1, 2, kBatch, this->queue);
    std::vector<T *> hp(kBatch), hm(kBatch);
    magma_getvector(kBatch, sizeof(T *), ptrs, 1, hp.data(), 1, this->queue);
    magma_getvector(kBatch, sizeof(T *), moved, 1, hm.data(), 1, this->queue);
    for (int i = 0; i < kBatch; ++i) {
        EXPECT_EQ(hp[size_t(i)], d + 10 * i + 1 + ldd);
        EXPECT_EQ(hm[size_t(i)], d + 10 * i + 2 + 3 * ldd);
    }
    std::vector<int *> ip(kBatch);
    int **iptrs = nullptr;
    ASSERT_EQ(magma_malloc(reinterpret_cast<magma_ptr *>(&iptrs), sizeof(int *) * kBatch), MAGMA_SUCCESS);
    magma_iset_pointer(iptrs, reinterpret_cast<int *>(d), 1, 0, 0, 5, kBatch, this->queue);
    magma_getvector(kBatch, sizeof(int *), iptrs, 1, ip.data(), 1, this->queue);
    for (int i = 0; i < kBatch; ++i) EXPECT_EQ(ip[size_t(i)], reinterpret_cast<int *>(d) + 5 * i);

    // A queue over the caller's stream: its calls are ordered on that stream.
    cudaStream_t stream = nullptr;
    ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
    magma_queue_t q2 = nullptr;
    magma_queue_create_from_cuda(0, stream, nullptr, nullptr, &q2);
    EXPECT_EQ(magma_queue_get_cuda_stream(q2), stream);
    EXPECT_EQ(magma_queue_get_device(q2), 0);
    EXPECT_NE(magma_queue_get_cublas_handle(q2), nullptr);
    magma_queue_destroy(q2);
    EXPECT_EQ(cudaStreamDestroy(stream), cudaSuccess);  // still the caller's

    magma_free(iptrs);
    magma_free(moved);
    magma_free(ptrs);
    magma_free(d2);
    magma_free(d);
    magma_free_pinned(pinned);
    magma_int_t count = 0;
    magma_device_t devices[4];
    magma_getdevices(devices, 4, &count);
    EXPECT_GE(count, 1);
    magma_device_t dev = -1;
    magma_getdevice(&dev);
    EXPECT_GE(dev, 0);
}

TEST(MagmaRuntime, HostMemoryAndMessages) {
    void *p = nullptr;
    EXPECT_EQ(magma_malloc_cpu(&p, 100), MAGMA_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    EXPECT_EQ(magma_free_cpu(p), MAGMA_SUCCESS);
    double *d = nullptr;
    EXPECT_EQ(magma_dmalloc_cpu(&d, 10), MAGMA_SUCCESS);
    magma_free_cpu(d);
    EXPECT_STREQ(magma_strerror(MAGMA_ERR_DEVICE_ALLOC), "could not allocate GPU device memory");
    EXPECT_STREQ(magma_strerror(BL_ERROR_DEVICE), bl_error_string(BL_ERROR_DEVICE));
    const double t = magma_wtime();
    EXPECT_GE(magma_wtime(), t);
}
