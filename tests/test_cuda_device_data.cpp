// CUDA backend with the caller's data already on the GPU (device, managed) or in pinned host
// memory, the pointer layouts' arrays of pointers themselves in device or managed memory, the
// chunked pipeline forced to many chunks, and several host threads calling at once -- for every
// routine the backend runs on the GPU, from one table. The kernels are those the host-data tests
// check against LAPACK; here every result must be the one the same call gives on pageable host
// data: bit for bit for the library's own kernels, within rounding for the routines cuBLAS serves
// (it may pick another kernel for other alignments, strides or batch counts). Skipped without a
// device, and in the cpu-labelled run. Then `info` in device memory, and calls on a stream set with
// bl_set_stream: enqueued without waiting, in the stream's order, captured in a CUDA graph, from
// two threads on two streams.
#include <cuda_runtime.h>

#include <chrono>
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

enum class Memory { Host, Device, Managed, Pinned };
inline const char *name(Memory m) {
    return m == Memory::Host ? "host" : m == Memory::Device ? "device" : m == Memory::Managed ? "managed" : "pinned";
}
void *allocate(Memory m, size_t bytes) {
    void *p = nullptr;
    cudaError_t e = m == Memory::Device    ? cudaMalloc(&p, bytes)
                    : m == Memory::Managed ? cudaMallocManaged(&p, bytes)
                                           : cudaMallocHost(&p, bytes);
    EXPECT_EQ(e, cudaSuccess);
    return p;
}
void release(Memory m, void *p) { m == Memory::Pinned ? cudaFreeHost(p) : cudaFree(p); }

// Where a call's data lies, and (pointer layouts) its arrays of pointers.
struct Placement {
    Memory data, array;
};
const Placement kPlacements[] = {{Memory::Device, Memory::Host},    {Memory::Managed, Memory::Host},
                                 {Memory::Pinned, Memory::Host},    {Memory::Device, Memory::Device},
                                 {Memory::Managed, Memory::Managed}, {Memory::Pinned, Memory::Device}};

// A copy of a Batch's whole storage (guards included) in the given kind of memory, with the
// batch's base and array of pointers translated into it (the array in `array` memory).
template <class T> class Copy {
public:
    Copy(Batch<T> &b, Placement at) : host_(b.storage().data()), n_(b.storage().size()), at_(at) {
        p_ = static_cast<T *>(allocate(at.data, std::max<size_t>(1, n_ * sizeof(T))));
        EXPECT_EQ(cudaMemcpy(p_, host_, n_ * sizeof(T), cudaMemcpyDefault), cudaSuccess);
        for (int i = 0; i < b.count(); ++i) ptrs_.push_back(p_ + (b.ptrs()[i] - host_));
        base_ = p_ + (b.base() - host_);
        array_ = ptrs_.data();
        if (at.array != Memory::Host) {
            void *a = allocate(at.array, std::max<size_t>(1, ptrs_.size() * sizeof(T *)));
            EXPECT_EQ(cudaMemcpy(a, ptrs_.data(), ptrs_.size() * sizeof(T *), cudaMemcpyDefault), cudaSuccess);
            array_ = static_cast<T *const *>(a);
        }
    }
    ~Copy() {
        release(at_.data, p_);
        if (at_.array != Memory::Host) release(at_.array, const_cast<T **>(array_));
    }
    Copy(const Copy &) = delete;
    Copy &operator=(const Copy &) = delete;
    T *base() const { return base_; }
    T *const *ptrs() const { return array_; }
    std::vector<T> back() const {
        std::vector<T> v(n_);
        EXPECT_EQ(cudaMemcpy(v.data(), p_, n_ * sizeof(T), cudaMemcpyDefault), cudaSuccess);
        return v;
    }

private:
    const T *host_;
    size_t n_;
    Placement at_;
    T *p_ = nullptr, *base_ = nullptr;
    T *const *array_ = nullptr;
    std::vector<T *> ptrs_;
};

// One call's arguments: the sizes of matrix i (n[i], and r[i]: columns, right-hand sides or k),
// the routine's arrays in argument order, pivots (routines that have them) and info.
template <class T> struct Problem {
    std::vector<int> n, r;
    std::vector<Batch<T>> arrays;
    Batch<int> piv;
    std::vector<int> info;
};
// Where the call finds them: per array its strided base and its array of pointers.
template <class T> struct Where {
    std::vector<T *> base;
    std::vector<T *const *> ptrs;
    int *piv_base = nullptr;
    int *const *piv_ptrs = nullptr;
    int *info = nullptr;  // info elsewhere than p.info (device memory)
};
template <class T> int *info_of(Problem<T> &p, const Where<T> &w) { return w.info ? w.info : p.info.data(); }
template <class T> Where<T> on_host(Problem<T> &p) {
    Where<T> w;
    for (Batch<T> &b : p.arrays) w.base.push_back(b.base()), w.ptrs.push_back(b.ptrs());
    if (p.piv.count()) w.piv_base = p.piv.base(), w.piv_ptrs = p.piv.ptrs();
    return w;
}

struct Dims {
    int rows, cols;
};
// A routine of the table: the shapes of its arrays (and pivots' length, 0: none) for matrix sizes
// (n, r), how its matrices are filled so that the results are finite, and its call in a layout.
template <class T> struct Routine {
    const char *name;
    bool exact;  // the library's own kernels (bit for bit), or served by cuBLAS (within rounding)
    std::function<std::vector<Dims>(int n, int r)> shapes;
    std::function<int(int n, int r)> pivots;
    std::function<void(Problem<T> &)> fill;
    std::function<int(Layout, Problem<T> &, const Where<T> &)> call;
};

// Every matrix of a batch made well conditioned: a diagonal of 2n dominates (Hermitian with a real
// diagonal when `hermitian`, so that it is positive definite).
template <class T> void dominant(Batch<T> &a, bool hermitian) {
    a.randomize();
    for (int i = 0; i < a.count(); ++i)
        for (int c = 0; c < a.cols(i); ++c) {
            a.at(i, c, c) = T(Real<T>(2 * a.cols(i) + 1));
            for (int r = c + 1; hermitian && r < a.rows(i); ++r) {
                T v = a.at(i, r, c);
                if constexpr (is_complex<T>) v = std::conj(v);
                a.at(i, c, r) = v;
            }
        }
}
// Pivots as getrf writes them: row j swapped with a row j..n-1 (1-based).
inline void pivots(Batch<int> &p) {
    for (int i = 0; i < p.count(); ++i)
        for (int j = 0; j < p.rows(i); ++j) p.at(i, j, 0) = std::min(p.rows(i), j + 1 + j % 3);
}

template <class T> std::vector<Routine<T>> routines() {
    using W = const Where<T> &;
    using P = Problem<T> &;
    auto square_and_b = [](int n, int r) { return std::vector<Dims>{{n, n}, {n, r}}; };
    auto none = [](int, int) { return 0; };
    auto rows = [](int n, int) { return n; };
    auto general = [](P p) { dominant(p.arrays[0], false), p.arrays[1].randomize(); };
    auto spd = [](P p) {
        dominant(p.arrays[0], true);
        for (size_t a = 1; a < p.arrays.size(); ++a) p.arrays[a].randomize();
    };
    auto random = [](P p) {
        for (Batch<T> &b : p.arrays) b.randomize();
    };
    const T two = T(Real<T>(2)), half = T(Real<T>(0.5));
    std::vector<Routine<T>> list;
    list.push_back({"getrf", true, [](int n, int r) { return std::vector<Dims>{{n, r}}; },
                    [](int n, int r) { return std::min(n, r); }, random, [](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0];
                        if (l == Layout::Strided)
                            return batchlapack::getrf_batch(p.n[0], p.r[0], w.base[0], a.ld(0), a.stride(), w.piv_base,
                                                            p.piv.stride(), info_of(p, w), a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::getrf_batch_ptr(p.n[0], p.r[0], w.ptrs[0], a.ld(0), w.piv_ptrs,
                                                                info_of(p, w), a.count());
                        return batchlapack::getrf_vbatch(p.n.data(), p.r.data(), w.ptrs[0], a.lds(), w.piv_ptrs,
                                                         info_of(p, w), a.count());
                    }});
    list.push_back({"getrs", true, square_and_b, rows,
                    [](P p) { dominant(p.arrays[0], false), p.arrays[1].randomize(), pivots(p.piv); },
                    [](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0], &b = p.arrays[1];
                        if (l == Layout::Strided)
                            return batchlapack::getrs_batch('T', p.n[0], p.r[0], w.base[0], a.ld(0), a.stride(),
                                                            w.piv_base, p.piv.stride(), w.base[1], b.ld(0), b.stride(),
                                                            info_of(p, w), a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::getrs_batch_ptr('T', p.n[0], p.r[0], w.ptrs[0], a.ld(0), w.piv_ptrs,
                                                                w.ptrs[1], b.ld(0), info_of(p, w), a.count());
                        return batchlapack::getrs_vbatch('T', p.n.data(), p.r.data(), w.ptrs[0], a.lds(), w.piv_ptrs,
                                                         w.ptrs[1], b.lds(), info_of(p, w), a.count());
                    }});
    list.push_back({"gesv", true, square_and_b, rows, general, [](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0], &b = p.arrays[1];
                        if (l == Layout::Strided)
                            return batchlapack::gesv_batch(p.n[0], p.r[0], w.base[0], a.ld(0), a.stride(), w.piv_base,
                                                           p.piv.stride(), w.base[1], b.ld(0), b.stride(), info_of(p, w),
                                                           a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::gesv_batch_ptr(p.n[0], p.r[0], w.ptrs[0], a.ld(0), w.piv_ptrs, w.ptrs[1],
                                                               b.ld(0), info_of(p, w), a.count());
                        return batchlapack::gesv_vbatch(p.n.data(), p.r.data(), w.ptrs[0], a.lds(), w.piv_ptrs,
                                                        w.ptrs[1], b.lds(), info_of(p, w), a.count());
                    }});
    list.push_back({"potrf", true, [](int n, int) { return std::vector<Dims>{{n, n}}; }, none, spd,
                    [](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0];
                        if (l == Layout::Strided)
                            return batchlapack::potrf_batch('L', p.n[0], w.base[0], a.ld(0), a.stride(), info_of(p, w),
                                                            a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::potrf_batch_ptr('L', p.n[0], w.ptrs[0], a.ld(0), info_of(p, w), a.count());
                        return batchlapack::potrf_vbatch('L', p.n.data(), w.ptrs[0], a.lds(), info_of(p, w), a.count());
                    }});
    // potrs and posv differ only in their name: one call for both.
    auto cholesky_solve = [](bool factor) {
        return [factor](Layout l, P p, W w) {
            const Batch<T> &a = p.arrays[0], &b = p.arrays[1];
            int *info = info_of(p, w);
            const int count = a.count();
            if (l == Layout::Strided)
                return factor ? batchlapack::posv_batch('U', p.n[0], p.r[0], w.base[0], a.ld(0), a.stride(), w.base[1],
                                                        b.ld(0), b.stride(), info, count)
                              : batchlapack::potrs_batch('U', p.n[0], p.r[0], w.base[0], a.ld(0), a.stride(), w.base[1],
                                                         b.ld(0), b.stride(), info, count);
            if (l == Layout::Pointers)
                return factor ? batchlapack::posv_batch_ptr('U', p.n[0], p.r[0], w.ptrs[0], a.ld(0), w.ptrs[1], b.ld(0),
                                                            info, count)
                              : batchlapack::potrs_batch_ptr('U', p.n[0], p.r[0], w.ptrs[0], a.ld(0), w.ptrs[1],
                                                             b.ld(0), info, count);
            return factor ? batchlapack::posv_vbatch('U', p.n.data(), p.r.data(), w.ptrs[0], a.lds(), w.ptrs[1], b.lds(),
                                                     info, count)
                          : batchlapack::potrs_vbatch('U', p.n.data(), p.r.data(), w.ptrs[0], a.lds(), w.ptrs[1],
                                                      b.lds(), info, count);
        };
    };
    list.push_back({"potrs", true, square_and_b, none, spd, cholesky_solve(false)});
    list.push_back({"posv", true, square_and_b, none, spd, cholesky_solve(true)});
    list.push_back({"trsv", true, [](int n, int) { return std::vector<Dims>{{n, n}, {n, 1}}; }, none, general,
                    [](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0], &x = p.arrays[1];
                        if (l == Layout::Strided)
                            return batchlapack::trsv_batch('L', 'T', 'N', p.n[0], w.base[0], a.ld(0), a.stride(),
                                                           w.base[1], 1, x.stride(), a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::trsv_batch_ptr('L', 'T', 'N', p.n[0], w.ptrs[0], a.ld(0), w.ptrs[1], 1,
                                                               a.count());
                        const std::vector<int> inc(a.count(), 1);
                        return batchlapack::trsv_vbatch('L', 'T', 'N', p.n.data(), w.ptrs[0], a.lds(), w.ptrs[1],
                                                        inc.data(), a.count());
                    }});
    list.push_back({"trsm", true, square_and_b, none, general, [two](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0], &b = p.arrays[1];
                        if (l == Layout::Strided)
                            return batchlapack::trsm_batch('L', 'U', 'C', 'N', p.n[0], p.r[0], two, w.base[0], a.ld(0),
                                                           a.stride(), w.base[1], b.ld(0), b.stride(), a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::trsm_batch_ptr('L', 'U', 'C', 'N', p.n[0], p.r[0], two, w.ptrs[0],
                                                               a.ld(0), w.ptrs[1], b.ld(0), a.count());
                        return batchlapack::trsm_vbatch('L', 'U', 'C', 'N', p.n.data(), p.r.data(), two, w.ptrs[0],
                                                        a.lds(), w.ptrs[1], b.lds(), a.count());
                    }});
    // gemm: C (n x n) := 2 A B^H + C/2 with A and B n x r (k = r).
    list.push_back({"gemm", false, [](int n, int r) { return std::vector<Dims>{{n, r}, {n, r}, {n, n}}; }, none,
                    random, [two, half](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0], &b = p.arrays[1], &c = p.arrays[2];
                        if (l == Layout::Strided)
                            return batchlapack::gemm_batch('N', 'C', p.n[0], p.n[0], p.r[0], two, w.base[0], a.ld(0),
                                                           a.stride(), w.base[1], b.ld(0), b.stride(), half, w.base[2],
                                                           c.ld(0), c.stride(), a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::gemm_batch_ptr('N', 'C', p.n[0], p.n[0], p.r[0], two, w.ptrs[0], a.ld(0),
                                                               w.ptrs[1], b.ld(0), half, w.ptrs[2], c.ld(0), a.count());
                        return batchlapack::gemm_vbatch('N', 'C', p.n.data(), p.n.data(), p.r.data(), two, w.ptrs[0],
                                                        a.lds(), w.ptrs[1], b.lds(), half, w.ptrs[2], c.lds(), a.count());
                    }});
    // gemv: y (n) := 2 A x + y/2 with A n x r.
    list.push_back({"gemv", false, [](int n, int r) { return std::vector<Dims>{{n, r}, {r, 1}, {n, 1}}; }, none,
                    random, [two, half](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0], &x = p.arrays[1], &y = p.arrays[2];
                        if (l == Layout::Strided)
                            return batchlapack::gemv_batch('N', p.n[0], p.r[0], two, w.base[0], a.ld(0), a.stride(),
                                                           w.base[1], 1, x.stride(), half, w.base[2], 1, y.stride(),
                                                           a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::gemv_batch_ptr('N', p.n[0], p.r[0], two, w.ptrs[0], a.ld(0), w.ptrs[1],
                                                               1, half, w.ptrs[2], 1, a.count());
                        const std::vector<int> inc(a.count(), 1);
                        return batchlapack::gemv_vbatch('N', p.n.data(), p.r.data(), two, w.ptrs[0], a.lds(),
                                                        w.ptrs[1], inc.data(), half, w.ptrs[2], inc.data(), a.count());
                    }});
    // gebrd on r x n matrices (wide; tall ones too in the variable-size mix). d and e are real:
    // they are held in arrays of T and passed as arrays of Real<T> (the halves of them that are not
    // written are compared too).
    list.push_back({"gebrd", true,
                    [](int n, int r) {
                        const int k = std::min(n, r);
                        return std::vector<Dims>{{r, n}, {k, 1}, {std::max(0, k - 1), 1}, {k, 1}, {k, 1}};
                    },
                    none, random, [](Layout l, P p, W w) {
                        using R = Real<T>;
                        const Batch<T> &a = p.arrays[0];
                        const int64_t per = sizeof(T) / sizeof(R);  // reals in a T
                        auto real = [](T *x) { return reinterpret_cast<R *>(x); };
                        auto reals = [](T *const *x) { return reinterpret_cast<R *const *>(x); };
                        if (l == Layout::Strided)
                            return batchlapack::gebrd_batch(p.r[0], p.n[0], w.base[0], a.ld(0), a.stride(), real(w.base[1]),
                                                            per * p.arrays[1].stride(), real(w.base[2]),
                                                            per * p.arrays[2].stride(), w.base[3], p.arrays[3].stride(),
                                                            w.base[4], p.arrays[4].stride(), info_of(p, w), a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::gebrd_batch_ptr(p.r[0], p.n[0], w.ptrs[0], a.ld(0), reals(w.ptrs[1]),
                                                                reals(w.ptrs[2]), w.ptrs[3], w.ptrs[4], info_of(p, w),
                                                                a.count());
                        return batchlapack::gebrd_vbatch(p.r.data(), p.n.data(), w.ptrs[0], a.lds(), reals(w.ptrs[1]),
                                                         reals(w.ptrs[2]), w.ptrs[3], w.ptrs[4], info_of(p, w), a.count());
                    }});
    // The QR family on A of max(n, r) x min(n, r) (geqrf: n x r, either shape), k = min(n, r).
    // Reflectors for unmqr/ungqr are random and small (entries of V / 100, |tau| <= 1) so that
    // their products stay finite.
    auto tall = [](P p, std::vector<int> &m, std::vector<int> &n) {
        for (size_t i = 0; i < p.n.size(); ++i)
            m.push_back(std::max(p.n[i], p.r[i])), n.push_back(std::min(p.n[i], p.r[i]));
    };
    auto small_reflectors = [](P p) {
        for (Batch<T> &b : p.arrays) b.randomize();
        Batch<T> &v = p.arrays[0];
        for (int i = 0; i < v.count(); ++i)
            for (int c = 0; c < v.cols(i); ++c)
                for (int r = 0; r < v.rows(i); ++r) v.at(i, r, c) *= T(Real<T>(0.01));
    };
    list.push_back({"geqrf", true,
                    [](int n, int r) { return std::vector<Dims>{{n, r}, {std::min(n, r), 1}}; }, none, random,
                    [](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0], &tau = p.arrays[1];
                        if (l == Layout::Strided)
                            return batchlapack::geqrf_batch(p.n[0], p.r[0], w.base[0], a.ld(0), a.stride(), w.base[1],
                                                            tau.stride(), info_of(p, w), a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::geqrf_batch_ptr(p.n[0], p.r[0], w.ptrs[0], a.ld(0), w.ptrs[1],
                                                                info_of(p, w), a.count());
                        return batchlapack::geqrf_vbatch(p.n.data(), p.r.data(), w.ptrs[0], a.lds(), w.ptrs[1],
                                                         info_of(p, w), a.count());
                    }});
    // unmqr from the right with the adjoint: C (min x max) := C Q^H, Q of order max(n, r).
    list.push_back({"unmqr", true,
                    [](int n, int r) {
                        const int q = std::max(n, r), k = std::min(n, r);
                        return std::vector<Dims>{{q, k}, {k, 1}, {k, q}};
                    },
                    none, small_reflectors, [tall](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0], &tau = p.arrays[1], &c = p.arrays[2];
                        const char adj = is_complex<T> ? 'C' : 'T';
                        std::vector<int> q, k;
                        tall(p, q, k);
                        if (l == Layout::Strided)
                            return batchlapack::unmqr_batch('R', adj, k[0], q[0], k[0], w.base[0], a.ld(0), a.stride(),
                                                            w.base[1], tau.stride(), w.base[2], c.ld(0), c.stride(),
                                                            info_of(p, w), a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::unmqr_batch_ptr('R', adj, k[0], q[0], k[0], w.ptrs[0], a.ld(0),
                                                                w.ptrs[1], w.ptrs[2], c.ld(0), info_of(p, w), a.count());
                        return batchlapack::unmqr_vbatch('R', adj, k.data(), q.data(), k.data(), w.ptrs[0], a.lds(),
                                                         w.ptrs[1], w.ptrs[2], c.lds(), info_of(p, w), a.count());
                    }});
    list.push_back({"ungqr", true,
                    [](int n, int r) {
                        const int k = std::min(n, r);
                        return std::vector<Dims>{{std::max(n, r), k}, {k, 1}};
                    },
                    none, small_reflectors, [tall](Layout l, P p, W w) {
                        const Batch<T> &a = p.arrays[0], &tau = p.arrays[1];
                        std::vector<int> m, k;
                        tall(p, m, k);
                        if (l == Layout::Strided)
                            return batchlapack::ungqr_batch(m[0], k[0], k[0], w.base[0], a.ld(0), a.stride(), w.base[1],
                                                            tau.stride(), info_of(p, w), a.count());
                        if (l == Layout::Pointers)
                            return batchlapack::ungqr_batch_ptr(m[0], k[0], k[0], w.ptrs[0], a.ld(0), w.ptrs[1],
                                                                info_of(p, w), a.count());
                        return batchlapack::ungqr_vbatch(m.data(), k.data(), k.data(), w.ptrs[0], a.lds(), w.ptrs[1],
                                                         info_of(p, w), a.count());
                    }});
    // gels with 2 right-hand sides, for 'N' and the adjoint; m x n is A's shape (gels_shapes: least
    // squares, m >= n; wide_shapes: underdetermined, m < n, LAPACK's LQ path, on the GPU through A^H).
    auto gels = [](char trans) {
        return [trans](Layout l, P p, W w) {
            const Batch<T> &a = p.arrays[0], &b = p.arrays[1];
            const char t = trans == 'N' ? 'N' : is_complex<T> ? 'C' : 'T';
            std::vector<int> m, n;
            for (int i = 0; i < a.count(); ++i) m.push_back(a.rows(i)), n.push_back(a.cols(i));
            const std::vector<int> two(m.size(), 2);
            if (l == Layout::Strided)
                return batchlapack::gels_batch(t, m[0], n[0], 2, w.base[0], a.ld(0), a.stride(), w.base[1], b.ld(0),
                                               b.stride(), info_of(p, w), a.count());
            if (l == Layout::Pointers)
                return batchlapack::gels_batch_ptr(t, m[0], n[0], 2, w.ptrs[0], a.ld(0), w.ptrs[1], b.ld(0),
                                                   info_of(p, w), a.count());
            return batchlapack::gels_vbatch(t, m.data(), n.data(), two.data(), w.ptrs[0], a.lds(), w.ptrs[1], b.lds(),
                                            info_of(p, w), a.count());
        };
    };
    auto gels_shapes = [](int n, int r) {
        return std::vector<Dims>{{std::max(n, r), std::min(n, r)}, {std::max(n, r), 2}};
    };
    list.push_back({"gels", true, gels_shapes, none, general, gels('N')});
    list.push_back({"gels^H", true, gels_shapes, none, general, gels('C')});
    auto wide_shapes = [](int n, int r) {  // m < n always, also where n = r
        return std::vector<Dims>{{std::min(n, r), std::max(n, r) + 1}, {std::max(n, r) + 1, 2}};
    };
    list.push_back({"gels wide", true, wide_shapes, none, random, gels('N')});
    list.push_back({"gels^H wide", true, wide_shapes, none, random, gels('C')});
    return list;
}

template <class T> Problem<T> make(const Routine<T> &rt, Layout l, const std::vector<int> &n, const std::vector<int> &r) {
    Problem<T> p;
    p.n = n, p.r = r;
    std::vector<std::vector<int>> rows, cols;
    for (size_t i = 0; i < n.size(); ++i) {
        std::vector<Dims> d = rt.shapes(n[i], r[i]);
        rows.resize(d.size()), cols.resize(d.size());
        for (size_t a = 0; a < d.size(); ++a) rows[a].push_back(d[a].rows), cols[a].push_back(d[a].cols);
    }
    for (size_t a = 0; a < rows.size(); ++a) p.arrays.emplace_back(l, rows[a], cols[a], 1);
    if (rt.pivots(1, 1) > 0) {
        std::vector<int> len(n.size());
        for (size_t i = 0; i < n.size(); ++i) len[i] = rt.pivots(n[i], r[i]);
        p.piv = Batch<int>(l, len, std::vector<int>(n.size(), 1));
    }
    rt.fill(p);
    p.info.assign(n.size(), -99);
    return p;
}

// Whether `got` equals `ref` bit for bit, or (cuBLAS) within rounding: guard cells bit for bit,
// the rest elementwise within 30 * 200 eps of its largest magnitude (k <= 200 products a sum).
template <class T>
::testing::AssertionResult agree(const std::vector<T> &got, const std::vector<T> &ref, bool exact) {
    if (got.size() != ref.size()) return ::testing::AssertionFailure() << "sizes differ";
    if (exact) {
        for (size_t k = 0; k < ref.size(); ++k)
            if (!same_bits(got[k], ref[k]))
                return ::testing::AssertionFailure() << "element " << k << ": " << got[k] << " vs " << ref[k];
        return ::testing::AssertionSuccess();
    }
    double top = 0, diff = 0;
    for (size_t k = 0; k < ref.size(); ++k) {
        if (same_bits(ref[k], guard_value<T>())) {
            if (!same_bits(got[k], guard_value<T>())) return ::testing::AssertionFailure() << "guard " << k << " written";
            continue;
        }
        top = std::max(top, abs1(ref[k])), diff = std::max(diff, abs1(got[k] - ref[k]));
    }
    if (diff <= 30 * 200 * double(eps<T>()) * top) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "largest difference " << diff << " of elements up to " << top;
}

// The routine's call on `p` placed as `at` against the same call on pageable host data.
template <class T> void expect_same_as_host(const Routine<T> &rt, Layout l, Problem<T> &p, Placement at) {
    std::vector<std::unique_ptr<Copy<T>>> copies;
    Where<T> w;
    for (Batch<T> &b : p.arrays) {
        copies.push_back(std::make_unique<Copy<T>>(b, at));
        w.base.push_back(copies.back()->base()), w.ptrs.push_back(copies.back()->ptrs());
    }
    std::unique_ptr<Copy<int>> piv;
    if (p.piv.count()) {
        piv = std::make_unique<Copy<int>>(p.piv, at);
        w.piv_base = piv->base(), w.piv_ptrs = piv->ptrs();
    }
    ASSERT_EQ(rt.call(l, p, w), 0) << bl_last_error();
    EXPECT_EQ(bl_last_backend(), BL_BACKEND_CUDA);
    const std::vector<int> info = p.info;
    ASSERT_EQ(rt.call(l, p, on_host(p)), 0) << bl_last_error();
    EXPECT_EQ(info, p.info);
    for (size_t a = 0; a < p.arrays.size(); ++a)
        EXPECT_TRUE(agree(copies[a]->back(), p.arrays[a].storage(), rt.exact)) << "array " << a << " differs";
    if (piv) EXPECT_TRUE(piv->back() == p.piv.storage()) << "pivots differ";
}

TYPED_TEST(CudaDataT, InPlaceEqualsHostData) {
    using T = TypeParam;
    // 1 and 32: register kernels and warp teams; 33: a block on a shared-memory tile; 190: in
    // place in global memory (too large for one block's shared memory in double and complex).
    const std::vector<int> sizes = {1, 32, 33, 190};
    for (const Routine<T> &rt : routines<T>())
        for (Layout l : kLayouts)
            for (const Placement &at : kPlacements) {
                if (l == Layout::Strided && at.array != Memory::Host) continue;
                for (size_t s = 0; s < (l == Layout::Variable ? 1 : sizes.size()); ++s) {
                    // Uniform sizes: n x n, r = n/2 + 1 (columns, right-hand sides, k); mixed in vbatch.
                    const int count = 4;
                    std::vector<int> n = l == Layout::Variable ? mixed_sizes(12, 120) : std::vector<int>(count, sizes[s]);
                    std::vector<int> r = l == Layout::Variable ? mixed_sizes(12, 60) : std::vector<int>(count, n[0] / 2 + 1);
                    SCOPED_TRACE(std::string(rt.name) + " " + name(l) + " data " + name(at.data) + ", pointers " +
                                 name(at.array) + " n=" + std::to_string(n[0]));
                    Problem<T> p = make(rt, l, n, r);
                    expect_same_as_host(rt, l, p, at);
                }
            }
}

// Many small chunks through the staging pipeline, from several host threads at once: every
// thread's results must equal those of one single-chunk call.
TYPED_TEST(CudaDataT, ChunksAndThreads) {
    using T = TypeParam;
    const int threads = 4, count = 200, n = 12;
    for (const Routine<T> &rt : routines<T>()) {
        SCOPED_TRACE(rt.name);
        std::vector<Problem<T>> problems, expected;
        for (int t = 0; t < threads; ++t)
            problems.push_back(make(rt, Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, 5)));
        expected = problems;
        for (Problem<T> &e : expected) ASSERT_EQ(rt.call(Layout::Strided, e, on_host(e)), 0) << bl_last_error();

        ASSERT_EQ(setenv("BATCHLAPACK_CUDA_CHUNK_BYTES", "20000", 1), 0);  // about 10 matrices a chunk
        std::vector<int> codes(threads, -1);
        std::vector<bl_backend> used(threads);
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                codes[t] = rt.call(Layout::Strided, problems[t], on_host(problems[t]));
                used[t] = bl_last_backend();
            });
        for (auto &th : pool) th.join();
        unsetenv("BATCHLAPACK_CUDA_CHUNK_BYTES");
        for (int t = 0; t < threads; ++t) {
            EXPECT_EQ(codes[t], 0);
            EXPECT_EQ(used[t], BL_BACKEND_CUDA);
            EXPECT_EQ(problems[t].info, expected[t].info);
            for (size_t a = 0; a < problems[t].arrays.size(); ++a)
                EXPECT_TRUE(agree(problems[t].arrays[a].storage(), expected[t].arrays[a].storage(), rt.exact))
                    << "thread " << t << " array " << a;
            EXPECT_TRUE(problems[t].piv.storage() == expected[t].piv.storage()) << "thread " << t;
        }
    }
}

// Device memory refused on purpose (the testing knobs of src_cuda/runtime.cu): after k granted
// requests, for k = 0..12 (past the requests of most calls), and with the device taken to
// have 1 MiB, on pageable host data in many chunks and on device data. Every call either returns 0
// with the results of the call without the knob, or returns BL_ERROR_OUT_OF_MEMORY with each
// matrix either computed (results and info as without the knob) or untouched (its input, info =
// the code): never half-written without saying so.
TYPED_TEST(CudaDataT, RefusedDeviceMemory) {
    using T = TypeParam;
    const int count = 60, n = 12;
    struct Knob {
        const char *name;
        std::string value;
    };
    std::vector<Knob> knobs;
    for (int k = 0; k <= 12; ++k) knobs.push_back({"BATCHLAPACK_TEST_FAIL_ALLOC_AFTER", std::to_string(k)});
    knobs.push_back({"BATCHLAPACK_TEST_DEVICE_MEMORY", std::to_string(1 << 20)});
    for (const Routine<T> &rt : routines<T>())
        for (Memory where : {Memory::Host, Memory::Device})
            for (const Knob &knob : knobs) {
                SCOPED_TRACE(std::string(rt.name) + " data " + name(where) + ", " + knob.name + "=" + knob.value);
                Problem<T> input = make(rt, Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, 5));
                Problem<T> expected = input, p = input;
                ASSERT_EQ(rt.call(Layout::Strided, expected, on_host(expected)), 0) << bl_last_error();

                ASSERT_EQ(setenv("BATCHLAPACK_CUDA_CHUNK_BYTES", "20000", 1), 0);  // about 10 matrices a chunk
                ASSERT_EQ(setenv(knob.name, knob.value.c_str(), 1), 0);
                std::vector<std::unique_ptr<Copy<T>>> copies;
                std::unique_ptr<Copy<int>> piv;
                Where<T> w = on_host(p);
                if (where == Memory::Device) {
                    w = Where<T>();
                    for (Batch<T> &b : p.arrays) {
                        copies.push_back(std::make_unique<Copy<T>>(b, Placement{Memory::Device, Memory::Host}));
                        w.base.push_back(copies.back()->base()), w.ptrs.push_back(copies.back()->ptrs());
                    }
                    if (p.piv.count()) {
                        piv = std::make_unique<Copy<int>>(p.piv, Placement{Memory::Device, Memory::Host});
                        w.piv_base = piv->base(), w.piv_ptrs = piv->ptrs();
                    }
                }
                const int code = rt.call(Layout::Strided, p, w);
                const std::string error = bl_last_error();
                unsetenv(knob.name);
                unsetenv("BATCHLAPACK_CUDA_CHUNK_BYTES");
                if (where == Memory::Device) {  // the results back into p's host arrays, which have their layout
                    auto fetch = [](const auto &copy, const auto &batch) {
                        const auto back = copy.back();
                        std::copy(back.begin(), back.end(), const_cast<typename decltype(back)::value_type *>(batch.storage().data()));
                    };
                    for (size_t a = 0; a < p.arrays.size(); ++a) fetch(*copies[a], p.arrays[a]);
                    if (piv) fetch(*piv, p.piv);
                }
                ASSERT_TRUE(code == 0 || code == BL_ERROR_OUT_OF_MEMORY) << code << ": " << error;
                if (code != 0)
                    EXPECT_NE(error.find("on purpose"), std::string::npos) << error;
                // Matrix i of every array equals matrix i of `of`.
                auto same = [&](const Problem<T> &of, int i) {
                    for (size_t a = 0; a < p.arrays.size(); ++a)
                        if (!agree(p.arrays[a].get(i), of.arrays[a].get(i), rt.exact)) return false;
                    return !p.piv.count() || p.piv.get(i) == of.piv.get(i);
                };
                // The BLAS routines have no info to tell which: each matrix is one or the other.
                const bool has_info = expected.info[0] != input.info[0];
                int computed = 0;
                for (int i = 0; i < count; ++i) {
                    if (!has_info) {
                        const bool done = same(expected, i);
                        EXPECT_TRUE(done || (code != 0 && same(input, i))) << "matrix " << i << " half-written";
                        computed += done;
                    } else if (code != 0 && p.info[size_t(i)] == code) {
                        EXPECT_TRUE(same(input, i)) << "matrix " << i << " reported untouched but written";
                    } else {
                        EXPECT_EQ(p.info[size_t(i)], expected.info[size_t(i)]) << "matrix " << i;
                        EXPECT_TRUE(same(expected, i)) << "matrix " << i << " reported computed but differs";
                        ++computed;
                    }
                }
                if (code != 0 && computed > 0)
                    EXPECT_NE(error.find(std::to_string(computed) + " of the " + std::to_string(count)), std::string::npos)
                        << error;
            }
}

// A call on device memory that runs on the CPU (a routine without GPU kernels, or backend cpu)
// returns BL_ERROR_DEVICE_DATA and leaves the data alone, rather than reading device addresses on
// the host.
TYPED_TEST(CudaDataT, DeviceDataOnTheCpuIsRejected) {
    using T = TypeParam;
    const int n = 6, count = 3;
    std::vector<T> a(size_t(n) * n * count);
    for (size_t e = 0; e < a.size(); ++e) a[e] = T(Real<T>(e % 7) + (e % n == (e / n) % n ? Real<T>(n) : 0));
    T *A = static_cast<T *>(allocate(Memory::Device, a.size() * sizeof(T)));
    T *tau = static_cast<T *>(allocate(Memory::Device, size_t(n) * count * sizeof(T)));
    int *ipiv = static_cast<int *>(allocate(Memory::Device, size_t(n) * count * sizeof(int)));
    ASSERT_EQ(cudaMemcpy(A, a.data(), a.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
    std::vector<int> info(count, 7);
    // A gels vbatch mixing an underdetermined and an overdetermined system runs on the CPU; tau
    // serves as B.
    const std::vector<int> m = {n - 2, n}, cols = {n, n - 2}, one = {1, 1}, ld = {n, n};
    const std::vector<T *> ap = {A, A + n * n}, bp = {tau, tau + n};
    EXPECT_EQ(batchlapack::gels_vbatch('N', m.data(), cols.data(), one.data(), ap.data(), ld.data(), bp.data(),
                                       ld.data(), info.data(), 2),
              BL_ERROR_DEVICE_DATA);
    EXPECT_EQ(bl_last_backend(), BL_BACKEND_CPU);
    EXPECT_NE(std::string(bl_last_error()).find("device memory"), std::string::npos) << bl_last_error();
    ASSERT_EQ(bl_set_backend(BL_BACKEND_CPU), 0);
    EXPECT_EQ(batchlapack::getrf_batch(n, n, A, n, int64_t(n) * n, ipiv, int64_t(n), info.data(), count),
              BL_ERROR_DEVICE_DATA);
    for (int i = 0; i < count; ++i) EXPECT_EQ(info[size_t(i)], BL_ERROR_DEVICE_DATA) << "info[" << i << "]";
    ASSERT_EQ(bl_set_backend(BL_BACKEND_CUDA), 0);
    std::vector<T> back(a.size());
    ASSERT_EQ(cudaMemcpy(back.data(), A, a.size() * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    EXPECT_TRUE(back == a) << "A changed";
    for (void *p : {static_cast<void *>(A), static_cast<void *>(tau), static_cast<void *>(ipiv)})
        release(Memory::Device, p);
}

// Every array of a problem, its pivots and its info in device (or managed) memory.
template <class T> struct OnDevice {
    std::vector<std::unique_ptr<Copy<T>>> copies;
    std::unique_ptr<Copy<int>> piv;
    int *info = nullptr;
    Memory info_at;
    Where<T> w;
    OnDevice(Problem<T> &p, Layout l, Memory info_memory = Memory::Device) : info_at(info_memory) {
        const Placement at{Memory::Device, l == Layout::Strided ? Memory::Host : Memory::Device};
        for (Batch<T> &b : p.arrays) {
            copies.push_back(std::make_unique<Copy<T>>(b, at));
            w.base.push_back(copies.back()->base()), w.ptrs.push_back(copies.back()->ptrs());
        }
        if (p.piv.count()) {
            piv = std::make_unique<Copy<int>>(p.piv, at);
            w.piv_base = piv->base(), w.piv_ptrs = piv->ptrs();
        }
        info = static_cast<int *>(allocate(info_at, std::max<size_t>(1, p.info.size()) * sizeof(int)));
        EXPECT_EQ(cudaMemcpy(info, p.info.data(), p.info.size() * sizeof(int), cudaMemcpyDefault), cudaSuccess);
        w.info = info;
    }
    ~OnDevice() { release(info_at, info); }
    OnDevice(const OnDevice &) = delete;
    OnDevice &operator=(const OnDevice &) = delete;
    std::vector<int> info_back(size_t n) const {
        std::vector<int> v(n);
        EXPECT_EQ(cudaMemcpy(v.data(), info, n * sizeof(int), cudaMemcpyDefault), cudaSuccess);
        return v;
    }
    // Results and info equal those of `expected` (the same call on host data).
    void expect_equal(const Problem<T> &expected, bool exact) const {
        EXPECT_EQ(info_back(expected.info.size()), expected.info);
        for (size_t a = 0; a < copies.size(); ++a)
            EXPECT_TRUE(agree(copies[a]->back(), expected.arrays[a].storage(), exact)) << "array " << a << " differs";
        if (piv) EXPECT_TRUE(piv->back() == expected.piv.storage()) << "pivots differ";
    }
};

// A problem of the table's routine in layout l: 4 matrices of order 12 (5 columns, right-hand
// sides or k), or a variable mix; with `singular`, matrix 1 of the first array zero (info > 0
// for the factorizations).
template <class T> Problem<T> sample(const Routine<T> &rt, Layout l, bool singular = false) {
    const bool mixed = l == Layout::Variable;
    Problem<T> p = make(rt, l, mixed ? mixed_sizes(12, 60) : std::vector<int>(4, 12),
                        mixed ? mixed_sizes(12, 30) : std::vector<int>(4, 5));
    Batch<T> &a = p.arrays[0];
    if (singular)
        for (int c = 0; c < a.cols(1); ++c)
            for (int r = 0; r < a.rows(1); ++r) a.at(1, r, c) = T(0);
    return p;
}
bool factors(const char *name) {
    for (const char *f : {"getrf", "gesv", "potrf", "posv"})
        if (std::string(name) == f) return true;
    return false;
}

// info in device or managed memory, every routine and layout: the results and info of the call
// with host info, singular members included (a variable batch's info scattered back from the
// order it is worked in).
TYPED_TEST(CudaDataT, InfoOnTheDevice) {
    using T = TypeParam;
    for (const Routine<T> &rt : routines<T>())
        for (Layout l : kLayouts)
            for (Memory info_at : {Memory::Device, Memory::Managed}) {
                SCOPED_TRACE(std::string(rt.name) + " " + name(l) + " info " + name(info_at));
                Problem<T> p = sample(rt, l, factors(rt.name)), expected = p;
                ASSERT_EQ(rt.call(l, expected, on_host(expected)), 0) << bl_last_error();
                OnDevice<T> d(p, l, info_at);
                ASSERT_EQ(rt.call(l, p, d.w), 0) << bl_last_error();
                d.expect_equal(expected, rt.exact);
            }
}

// An illegal argument is returned and written into device info (in the stream's order with a
// stream set); backend cpu on host data writes its info into device memory.
TYPED_TEST(CudaDataT, InfoOnTheDeviceErrorsAndCpu) {
    using T = TypeParam;
    const int n = 6, count = 5;
    std::vector<T> a(size_t(n) * n * count);
    for (size_t e = 0; e < a.size(); ++e) a[e] = T(Real<T>(e % 5) + (e % n == (e / n) % n ? Real<T>(9) : 0));
    for (size_t e = 0; e < size_t(n) * n; ++e) a[size_t(2) * n * n + e] = T(0);  // matrix 2 singular
    std::vector<int> ipiv(size_t(n) * count), expected(count);
    std::vector<T> ref = a;
    ASSERT_EQ(batchlapack::getrf_batch(n, n, ref.data(), n, int64_t(n) * n, ipiv.data(), int64_t(n), expected.data(),
                                       count), 0);
    ASSERT_EQ(expected[2], 1);
    int *info = static_cast<int *>(allocate(Memory::Device, count * sizeof(int)));
    auto info_back = [&] {
        std::vector<int> v(count);
        EXPECT_EQ(cudaMemcpy(v.data(), info, sizeof(int) * count, cudaMemcpyDeviceToHost), cudaSuccess);
        return v;
    };
    cudaStream_t s;
    ASSERT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    for (void *stream : {static_cast<void *>(nullptr), static_cast<void *>(s)}) {
        ASSERT_EQ(bl_set_stream(stream), 0);
        EXPECT_EQ(batchlapack::getrf_batch(n, n, a.data(), n - 1, int64_t(n) * n, ipiv.data(), int64_t(n), info, count),
                  -4);
        EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
        EXPECT_EQ(info_back(), std::vector<int>(count, -4)) << (stream ? "with a stream" : "without a stream");
    }
    ASSERT_EQ(bl_set_stream(nullptr), 0);
    ASSERT_EQ(bl_set_backend(BL_BACKEND_CPU), 0);
    std::vector<T> b = a;
    EXPECT_EQ(batchlapack::getrf_batch(n, n, b.data(), n, int64_t(n) * n, ipiv.data(), int64_t(n), info, count), 0);
    EXPECT_EQ(bl_last_backend(), BL_BACKEND_CPU);
    EXPECT_EQ(info_back(), expected);
    ASSERT_EQ(bl_set_backend(BL_BACKEND_CUDA), 0);
    release(Memory::Device, info);
    cudaStreamDestroy(s);
}

// Holds a stream up for `ms` milliseconds (a host function in its order): what is enqueued behind
// it cannot have run when the enqueueing call returns.
void pause_stream(cudaStream_t s, int ms) {
    static int wait_ms;
    wait_ms = ms;
    ASSERT_EQ(cudaLaunchHostFunc(
                  s, [](void *) { std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms)); }, nullptr),
              cudaSuccess);
}

// With a stream set and everything on the device, every routine returns while the stream is still
// held up in front of its work, and gives after a synchronisation the results of the call on host
// data; a variable batch (sizes read on the host) returns with its work done, after the stream's.
TYPED_TEST(CudaDataT, StreamOrdered) {
    using T = TypeParam;
    cudaStream_t s;
    ASSERT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    for (const Routine<T> &rt : routines<T>())
        for (Layout l : kLayouts) {
            SCOPED_TRACE(std::string(rt.name) + " " + name(l));
            Problem<T> p = sample(rt, l, factors(rt.name)), expected = p;
            ASSERT_EQ(rt.call(l, expected, on_host(expected)), 0) << bl_last_error();
            OnDevice<T> d(p, l);
            ASSERT_EQ(bl_set_stream(s), 0);
            EXPECT_EQ(bl_get_stream(), static_cast<void *>(s));
            pause_stream(s, 100);
            const int code = rt.call(l, p, d.w);
            const cudaError_t after = cudaStreamQuery(s);
            ASSERT_EQ(bl_set_stream(nullptr), 0);
            ASSERT_EQ(code, 0) << bl_last_error();
            if (l == Layout::Variable) EXPECT_EQ(after, cudaSuccess) << "a variable batch returns when done";
            else EXPECT_EQ(after, cudaErrorNotReady) << "the call waited for the stream";
            ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
            d.expect_equal(expected, rt.exact);
        }
    cudaStreamDestroy(s);
}

// The ordering tests' problem: a gesv of `count` matrices of order 16 (nrhs right-hand sides), its
// input pinned in host memory, device arrays for A, B, the pivots and two infos (getrf's, then
// getrs's), and the factors and solutions the same calls give on host data.
template <class T> struct GesvOnDevice {
    static constexpr int n = 16, nrhs = 3, count = 500;
    Batch<T> a{Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, n), 1};
    Batch<T> b{Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, nrhs), 1};
    std::vector<T> lu, x;
    size_t abytes = 0, bbytes = 0;
    T *hin = nullptr, *dA = nullptr, *dB = nullptr;
    int *dpiv = nullptr, *dinfo = nullptr;
    GesvOnDevice() {
        a.randomize(), b.randomize();
        lu = a.storage(), x = b.storage();
        std::vector<int> ipiv(size_t(n) * count), info(count);
        EXPECT_EQ(batchlapack::gesv_batch(n, nrhs, lu.data(), n, a.stride(), ipiv.data(), n, x.data(), n, b.stride(),
                                          info.data(), count), 0);
        abytes = a.storage().size() * sizeof(T), bbytes = b.storage().size() * sizeof(T);
        hin = static_cast<T *>(allocate(Memory::Pinned, abytes + bbytes));
        std::copy(a.storage().begin(), a.storage().end(), hin);
        std::copy(b.storage().begin(), b.storage().end(), hin + a.storage().size());
        dA = static_cast<T *>(allocate(Memory::Device, abytes)), dB = static_cast<T *>(allocate(Memory::Device, bbytes));
        dpiv = static_cast<int *>(allocate(Memory::Device, ipiv.size() * sizeof(int)));
        dinfo = static_cast<int *>(allocate(Memory::Device, 2 * count * sizeof(int)));
    }
    ~GesvOnDevice() {
        release(Memory::Pinned, hin);
        for (void *q : {static_cast<void *>(dA), static_cast<void *>(dB), static_cast<void *>(dpiv),
                        static_cast<void *>(dinfo)})
            release(Memory::Device, q);
    }
    // The input's copies to the device, on stream s.
    void input(cudaStream_t s) {
        ASSERT_EQ(cudaMemcpyAsync(dA, hin, abytes, cudaMemcpyHostToDevice, s), cudaSuccess);
        ASSERT_EQ(cudaMemcpyAsync(dB, hin + a.storage().size(), bbytes, cudaMemcpyHostToDevice, s), cudaSuccess);
    }
    // getrf, then getrs, on the device arrays; their infos at info and info + count.
    void solve(int *info) {
        EXPECT_EQ(batchlapack::getrf_batch(n, n, dA, n, a.stride(), dpiv, n, info, count), 0) << bl_last_error();
        EXPECT_EQ(batchlapack::getrs_batch('N', n, nrhs, dA, n, a.stride(), dpiv, n, dB, n, b.stride(), info + count,
                                           count), 0) << bl_last_error();
    }
    // The factors and solutions on the device are those of the calls on host data.
    void expect_results(const char *what) {
        std::vector<T> gotA(lu.size()), gotB(x.size());
        EXPECT_EQ(cudaMemcpy(gotA.data(), dA, abytes, cudaMemcpyDeviceToHost), cudaSuccess);
        EXPECT_EQ(cudaMemcpy(gotB.data(), dB, bbytes, cudaMemcpyDeviceToHost), cudaSuccess);
        EXPECT_TRUE(agree(gotA, lu, true)) << what;
        EXPECT_TRUE(agree(gotB, x, true)) << what;
    }
    std::vector<int> device_infos() const {
        std::vector<int> got(2 * count);
        EXPECT_EQ(cudaMemcpy(got.data(), dinfo, got.size() * sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
        return got;
    }
};

// getrf and getrs on the stream the input arrives on (copied behind a pause): they must see it.
// Then the same two calls captured in a CUDA graph: each replay on fresh input gives the same
// results as the direct calls.
TYPED_TEST(CudaDataT, StreamOrderAndGraph) {
    GesvOnDevice<TypeParam> g;
    const int count = g.count;
    cudaStream_t s;
    ASSERT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
    auto expect_results = [&](const char *what) {
        ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
        g.expect_results(what);
        EXPECT_EQ(g.device_infos(), std::vector<int>(2 * count, 0)) << what;
    };
    ASSERT_EQ(cudaMemset(g.dA, 0, g.abytes), cudaSuccess);
    ASSERT_EQ(bl_set_stream(s), 0);
    pause_stream(s, 100);
    g.input(s);
    g.solve(g.dinfo);
    expect_results("direct calls behind the input's copies");

    cudaGraph_t graph;
    ASSERT_EQ(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal), cudaSuccess);
    g.input(s);
    g.solve(g.dinfo);
    ASSERT_EQ(cudaStreamEndCapture(s, &graph), cudaSuccess);
    cudaGraphExec_t exec;
    ASSERT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
    for (int replay = 0; replay < 3; ++replay) {
        ASSERT_EQ(cudaMemsetAsync(g.dA, 0, g.abytes, s), cudaSuccess);
        ASSERT_EQ(cudaMemsetAsync(g.dinfo, 0x7f, 2 * count * sizeof(int), s), cudaSuccess);
        ASSERT_EQ(cudaGraphLaunch(exec, s), cudaSuccess);
        expect_results("graph replay");
    }
    ASSERT_EQ(bl_set_stream(nullptr), 0);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(s);
}

// Without a stream set, a call on device data follows the work the calling thread enqueued on the
// legacy default stream and on its per-thread default stream (README): the input copied there
// behind a pause must be what getrf and getrs see (a zero matrix would give info = 1), with info
// in host memory (the call fills it before it returns) and in device memory.
TYPED_TEST(CudaDataT, SynchronousCallsFollowTheDefaultStreams) {
    GesvOnDevice<TypeParam> g;
    const int count = g.count;
    for (cudaStream_t s : {cudaStreamLegacy, cudaStreamPerThread})
        for (bool info_on_device : {false, true}) {
            SCOPED_TRACE(std::string(s == cudaStreamLegacy ? "legacy" : "per-thread") + " default stream, info on the " +
                         (info_on_device ? "device" : "host"));
            ASSERT_EQ(cudaMemset(g.dA, 0, g.abytes), cudaSuccess);
            ASSERT_EQ(cudaMemset(g.dB, 0, g.bbytes), cudaSuccess);
            ASSERT_EQ(cudaMemset(g.dinfo, 0x7f, 2 * count * sizeof(int)), cudaSuccess);
            pause_stream(s, 100);
            g.input(s);
            std::vector<int> host_info(2 * count, -99);
            g.solve(info_on_device ? g.dinfo : host_info.data());
            EXPECT_EQ(info_on_device ? g.device_infos() : host_info, std::vector<int>(2 * count, 0));
            g.expect_results("synchronous calls behind the input's copies");
        }
}

// One thread enqueues getrf + getri_oop of order 130 (the inverse's products run on cuBLAS, through
// the handle of the context the thread leases) on two streams held up together, so that the two
// calls' products run at the same time: each gives the results of the synchronous calls.
TYPED_TEST(CudaDataT, OneThreadTwoStreamsProducts) {
    using T = TypeParam;
    const int n = 130, count = 40;
    struct Side {
        std::vector<T> a, expected;  // A, and C (guard cells included) after the synchronous calls
        std::vector<int> ipiv, info;
        T *dA = nullptr, *dC = nullptr;
        int *dpiv = nullptr, *dinfo = nullptr;
        cudaStream_t s = nullptr;
    } side[2];
    int64_t stride = 0;
    for (Side &x : side) {
        Batch<T> b(Layout::Strided, std::vector<int>(count, n), std::vector<int>(count, n), 1);
        b.randomize();
        stride = b.stride();
        x.a = x.expected = b.storage();
        x.ipiv.resize(size_t(n) * count), x.info.resize(count);
        std::vector<T> lu = x.a;
        ASSERT_EQ(batchlapack::getrf_batch(n, n, lu.data(), n, stride, x.ipiv.data(), n, x.info.data(), count), 0);
        ASSERT_EQ(batchlapack::getri_oop_batch(n, lu.data(), n, stride, x.ipiv.data(), n, x.expected.data(), n, stride,
                                               x.info.data(), count), 0) << bl_last_error();
        const size_t bytes = x.a.size() * sizeof(T);
        x.dA = static_cast<T *>(allocate(Memory::Device, bytes));
        x.dC = static_cast<T *>(allocate(Memory::Device, bytes));
        x.dpiv = static_cast<int *>(allocate(Memory::Device, x.ipiv.size() * sizeof(int)));
        x.dinfo = static_cast<int *>(allocate(Memory::Device, 2 * count * sizeof(int)));
        ASSERT_EQ(cudaMemcpy(x.dA, x.a.data(), bytes, cudaMemcpyHostToDevice), cudaSuccess);
        ASSERT_EQ(cudaMemcpy(x.dC, x.a.data(), bytes, cudaMemcpyHostToDevice), cudaSuccess);  // C's guards
        ASSERT_EQ(cudaStreamCreateWithFlags(&x.s, cudaStreamNonBlocking), cudaSuccess);
    }
    for (Side &x : side) pause_stream(x.s, 100);
    for (Side &x : side) {
        ASSERT_EQ(bl_set_stream(x.s), 0);
        EXPECT_EQ(batchlapack::getrf_batch(n, n, x.dA, n, stride, x.dpiv, n, x.dinfo, count), 0) << bl_last_error();
        EXPECT_EQ(batchlapack::getri_oop_batch(n, x.dA, n, stride, x.dpiv, n, x.dC, n, stride, x.dinfo + count, count),
                  0) << bl_last_error();
    }
    ASSERT_EQ(bl_set_stream(nullptr), 0);
    for (Side &x : side) {
        ASSERT_EQ(cudaStreamSynchronize(x.s), cudaSuccess);
        std::vector<T> got(x.a.size());
        std::vector<int> info(2 * count);
        EXPECT_EQ(cudaMemcpy(got.data(), x.dC, got.size() * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
        EXPECT_EQ(cudaMemcpy(info.data(), x.dinfo, info.size() * sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
        EXPECT_TRUE(agree(got, x.expected, false));  // cuBLAS may choose other kernels with another workspace
        EXPECT_EQ(info, std::vector<int>(2 * count, 0));
        cudaStreamDestroy(x.s);
        for (void *q : {static_cast<void *>(x.dA), static_cast<void *>(x.dC), static_cast<void *>(x.dpiv),
                        static_cast<void *>(x.dinfo)})
            release(Memory::Device, q);
    }
}

// Two host threads, each with its own stream set, enqueue their calls at once: each thread's
// setting is its own, and both give the host-data results.
TYPED_TEST(CudaDataT, TwoThreadsTwoStreams) {
    using T = TypeParam;
    for (const Routine<T> &rt : routines<T>()) {
        SCOPED_TRACE(rt.name);
        std::vector<Problem<T>> problems, expected;
        for (int t = 0; t < 2; ++t) problems.push_back(sample(rt, Layout::Pointers, factors(rt.name)));
        expected = problems;
        for (Problem<T> &e : expected) ASSERT_EQ(rt.call(Layout::Pointers, e, on_host(e)), 0) << bl_last_error();
        std::vector<std::unique_ptr<OnDevice<T>>> d;
        for (Problem<T> &p : problems) d.push_back(std::make_unique<OnDevice<T>>(p, Layout::Pointers));
        std::vector<int> codes(2, -1);
        std::vector<std::thread> pool;
        for (int t = 0; t < 2; ++t)
            pool.emplace_back([&, t] {
                cudaStream_t s;
                if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) return;
                bl_set_stream(s);
                pause_stream(s, 20);
                codes[t] = rt.call(Layout::Pointers, problems[t], d[t]->w) == 0 && bl_get_stream() == s ? 0 : 1;
                cudaStreamSynchronize(s);
                bl_set_stream(nullptr);
                cudaStreamDestroy(s);
            });
        for (auto &th : pool) th.join();
        EXPECT_EQ(bl_get_stream(), nullptr) << "a thread's stream leaked into another";
        for (int t = 0; t < 2; ++t) {
            EXPECT_EQ(codes[t], 0) << "thread " << t;
            d[t]->expect_equal(expected[t], rt.exact);
        }
    }
}

}  // namespace
}  // namespace bltest
