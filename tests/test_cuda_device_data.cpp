// CUDA backend with the caller's data already on the GPU (device, managed) or in pinned host
// memory, with the chunked pipeline forced to many chunks, and with several host threads calling
// at once. The kernels are those the host-data tests check against LAPACK; here every result must
// be bit-for-bit the one the same call gives on pageable host data. Skipped without a device, and
// in the cpu-labelled run.
#include <cuda_runtime.h>

#include <cstdlib>
#include <thread>

#include "common.hpp"

namespace bltest {
namespace {

class CudaData : public ::testing::Test {
protected:
    void SetUp() override {
        const char *b = std::getenv("BATCHLAPACK_TEST_BACKEND");
        if (b == nullptr || std::string(b) != "cuda") GTEST_SKIP() << "CUDA-only test";
        if (!bl_cuda_available()) GTEST_SKIP() << "no usable CUDA device (or a build without CUDA)";
        ASSERT_EQ(bl_set_backend(BL_BACKEND_CUDA), 0);
    }
};
template <class T> class CudaDataT : public CudaData {};
TYPED_TEST_SUITE(CudaDataT, Precisions);

enum class Memory { Device, Managed, Pinned };
const Memory kMemories[] = {Memory::Device, Memory::Managed, Memory::Pinned};
inline const char *name(Memory m) { return m == Memory::Device ? "device" : m == Memory::Managed ? "managed" : "pinned"; }

// A copy of a Batch's whole storage (guards included) in the given kind of memory, with the
// batch's base and pointers translated into it.
template <class T> class Copy {
public:
    Copy(Batch<T> &b, Memory m) : host_(b.storage().data()), n_(b.storage().size()) {
        const size_t bytes = std::max<size_t>(1, n_ * sizeof(T));
        void *p = nullptr;
        cudaError_t e = m == Memory::Device    ? cudaMalloc(&p, bytes)
                        : m == Memory::Managed ? cudaMallocManaged(&p, bytes)
                                               : cudaMallocHost(&p, bytes);
        EXPECT_EQ(e, cudaSuccess);
        p_ = static_cast<T *>(p);
        pinned_ = m == Memory::Pinned;
        EXPECT_EQ(cudaMemcpy(p_, host_, n_ * sizeof(T), cudaMemcpyDefault), cudaSuccess);
        for (int i = 0; i < b.count(); ++i) ptrs_.push_back(translate(b.ptrs()[i]));
        base_ = translate(b.base());
    }
    ~Copy() { pinned_ ? cudaFreeHost(p_) : cudaFree(p_); }
    T *base() const { return base_; }
    T *const *ptrs() const { return ptrs_.data(); }
    std::vector<T> back() const {
        std::vector<T> v(n_);
        EXPECT_EQ(cudaMemcpy(v.data(), p_, n_ * sizeof(T), cudaMemcpyDefault), cudaSuccess);
        return v;
    }

private:
    T *translate(const T *h) const { return p_ + (h - host_); }
    const T *host_;
    size_t n_;
    T *p_ = nullptr;
    T *base_ = nullptr;
    bool pinned_ = false;
    std::vector<T *> ptrs_;
};

template <class T>
int getrf(Layout l, const Batch<T> &shape, T *a, T *const *ap, int *p, int *const *pp, const Batch<int> &pshape,
          std::vector<int> &info) {
    const int count = shape.count();
    std::vector<int> m(count), n(count);
    for (int i = 0; i < count; ++i) m[i] = shape.rows(i), n[i] = shape.cols(i);
    switch (l) {
    case Layout::Strided:
        return batchlapack::getrf_batch(m[0], n[0], a, shape.ld(0), shape.stride(), p, pshape.stride(), info.data(),
                                        count);
    case Layout::Pointers: return batchlapack::getrf_batch_ptr(m[0], n[0], ap, shape.ld(0), pp, info.data(), count);
    case Layout::Variable:
        return batchlapack::getrf_vbatch(m.data(), n.data(), ap, shape.lds(), pp, info.data(), count);
    }
    return 1;
}

template <class T> struct Problem {
    Batch<T> a;
    Batch<int> piv;
    Problem(Layout l, const std::vector<int> &m, const std::vector<int> &n) : a(l, m, n, 1) {
        std::vector<int> k(m.size());
        for (size_t i = 0; i < m.size(); ++i) k[i] = std::min(m[i], n[i]);
        piv = Batch<int>(l, k, std::vector<int>(m.size(), 1));
        a.randomize();
    }
    // The reference: the same call on pageable host data.
    int run_host(Layout l, std::vector<int> &info) {
        return getrf(l, a, a.base(), a.ptrs(), piv.base(), piv.ptrs(), piv, info);
    }
};

TYPED_TEST(CudaDataT, GetrfInPlaceEqualsHostData) {
    using T = TypeParam;
    // 8 and 32: warp teams; 33, 100: a block on a shared-memory tile; 190: in place in global
    // memory for the complex types (too large for one block's shared memory).
    const std::vector<int> sizes = {1, 8, 32, 33, 100, 190};
    for (Layout l : kLayouts)
        for (Memory mem : kMemories)
            for (size_t s = 0; s < (l == Layout::Variable ? 1 : sizes.size()); ++s) {
                std::vector<int> m = l == Layout::Variable ? mixed_sizes(30, 120) : std::vector<int>(5, sizes[s]);
                std::vector<int> n = l == Layout::Variable ? mixed_sizes(30, 120) : m;
                SCOPED_TRACE(std::string(name(l)) + " " + name(mem) + " n=" + std::to_string(n[0]));
                Problem<T> pr(l, m, n);
                Copy<T> da(pr.a, mem);
                Copy<int> dp(pr.piv, mem);
                std::vector<int> info(m.size(), -99), ref_info(m.size(), -99);
                ASSERT_EQ(getrf(l, pr.a, da.base(), da.ptrs(), dp.base(), dp.ptrs(), pr.piv, info), 0) << bl_last_error();
                EXPECT_EQ(bl_last_backend(), BL_BACKEND_CUDA);
                ASSERT_EQ(pr.run_host(l, ref_info), 0) << bl_last_error();
                EXPECT_EQ(info, ref_info);
                std::vector<T> got = da.back();
                EXPECT_EQ(0, std::memcmp(got.data(), pr.a.storage().data(), got.size() * sizeof(T))) << "factors differ";
                EXPECT_TRUE(dp.back() == pr.piv.storage()) << "pivots differ";
            }
}

// Many small chunks through the staging pipeline, from several host threads at once: every
// thread's results must equal those of one single-chunk call.
TYPED_TEST(CudaDataT, GetrfChunksAndThreads) {
    using T = TypeParam;
    const int threads = 4, count = 300, n = 12;
    std::vector<Problem<T>> problems;
    for (int t = 0; t < threads; ++t)
        problems.emplace_back(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, n));
    std::vector<Problem<T>> expected = problems;
    std::vector<std::vector<int>> ref_info(threads, std::vector<int>(count)), info = ref_info;
    for (int t = 0; t < threads; ++t) ASSERT_EQ(expected[t].run_host(Layout::Strided, ref_info[t]), 0);

    ASSERT_EQ(setenv("BATCHLAPACK_CUDA_CHUNK_BYTES", "20000", 1), 0);  // about 10 matrices a chunk
    std::vector<int> codes(threads, -1);
    std::vector<bl_backend> used(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            codes[t] = problems[t].run_host(Layout::Strided, info[t]);
            used[t] = bl_last_backend();
        });
    for (auto &th : pool) th.join();
    unsetenv("BATCHLAPACK_CUDA_CHUNK_BYTES");
    for (int t = 0; t < threads; ++t) {
        EXPECT_EQ(codes[t], 0);
        EXPECT_EQ(used[t], BL_BACKEND_CUDA);
        EXPECT_EQ(info[t], ref_info[t]);
        EXPECT_TRUE(problems[t].a.storage() == expected[t].a.storage()) << "thread " << t;
        EXPECT_TRUE(problems[t].piv.storage() == expected[t].piv.storage()) << "thread " << t;
    }
}

}  // namespace
}  // namespace bltest
