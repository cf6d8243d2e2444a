// The GPU side of the benchmark (--backend cuda), compiled when the library is built with CUDA:
// device and pinned memory for the cases' arrays, the vendor's batched routines as peers
// (cuBLAS, cuSOLVER), and the transfer bandwidth for --host-data. Host code only (the CUDA
// runtime, cuBLAS and cuSOLVER APIs); the data are filled on the host by routines.cpp, as on the
// CPU, and copied to the device once.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <atomic>
#include <chrono>
#include <complex>
#include <thread>

#include "args.hpp"
#include "batchlapack.h"
#include "bench.hpp"

namespace blbench {
namespace {

void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}
// A vendor status as the peer's error text ("" when fine).
std::string status(long s, const char *what) { return s == 0 ? "" : std::string(what) + " returned " + std::to_string(s); }

// The vendor's routines as overloads over the library's element types, one definition for the
// four precisions (p: the S/D/C/Z letter, V: the vendor's element type, R: its real type).
#define BLBENCH_VENDOR(T, p, V, R)                                                                                    \
    long getrf_batched(cublasHandle_t h, int n, T *const *A, int lda, int *piv, int *info, int batch) {              \
        return cublas##p##getrfBatched(h, n, (V *const *)A, lda, piv, info, batch);                                   \
    }                                                                                                                 \
    long getri_batched(cublasHandle_t h, int n, T *const *A, int lda, const int *piv, T *const *C, int *info,       \
                       int batch) {                                                                                   \
        return cublas##p##getriBatched(h, n, (const V *const *)A, lda, piv, (V *const *)C, n, info, batch);           \
    }                                                                                                                 \
    long matinv_batched(cublasHandle_t h, int n, T *const *A, T *const *C, int *info, int batch) {                   \
        return cublas##p##matinvBatched(h, n, (const V *const *)A, n, (V *const *)C, n, info, batch);                 \
    }                                                                                                                 \
    long getrs_batched(cublasHandle_t h, int n, int nrhs, T *const *A, int lda, const int *piv, T *const *B, int ldb, \
                       int *info, int batch) {                                                                        \
        return cublas##p##getrsBatched(h, CUBLAS_OP_N, n, nrhs, (const V *const *)A, lda, piv, (V *const *)B, ldb,   \
                                       info, batch);                                                                  \
    }                                                                                                                 \
    long potrf_batched(cusolverDnHandle_t h, int n, T *const *A, int lda, int *info, int batch) {                    \
        return cusolverDn##p##potrfBatched(h, CUBLAS_FILL_MODE_LOWER, n, (V **)A, lda, info, batch);                  \
    }                                                                                                                 \
    long potrs_batched(cusolverDnHandle_t h, int n, int nrhs, T *const *A, int lda, T *const *B, int ldb, int *info,  \
                       int batch) {                                                                                   \
        return cusolverDn##p##potrsBatched(h, CUBLAS_FILL_MODE_LOWER, n, nrhs, (V **)A, lda, (V **)B, ldb, info,      \
                                           batch);                                                                    \
    }                                                                                                                 \
    long trsm_batched(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int nrhs,             \
                      const T *one, T *const *A, int lda, T *const *B, int ldb, int batch) {                          \
        return cublas##p##trsmBatched(h, CUBLAS_SIDE_LEFT, uplo, trans, CUBLAS_DIAG_NON_UNIT, n, nrhs, (const V *)one, \
                                      (const V *const *)A, lda, (V *const *)B, ldb, batch);                           \
    }                                                                                                                 \
    long gemm_strided(cublasHandle_t h, int n, const T *one, const T *A, const T *B, T *C, long long stride,         \
                      int batch) {                                                                                    \
        return cublas##p##gemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, (const V *)one, (const V *)A, n,   \
                                             stride, (const V *)B, n, stride, (const V *)one, (V *)C, n, stride,      \
                                             batch);                                                                  \
    }                                                                                                                 \
    long gemv_strided(cublasHandle_t h, int n, const T *one, const T *A, long long strideA, const T *x, T *y,        \
                      long long strideX, int batch) {                                                                 \
        return cublas##p##gemvStridedBatched(h, CUBLAS_OP_N, n, n, (const V *)one, (const V *)A, n, strideA,          \
                                             (const V *)x, 1, strideX, (const V *)one, (V *)y, 1, strideX, batch);    \
    }                                                                                                                 \
    long geqrf_batched(cublasHandle_t h, int n, T *const *A, T *const *tau, int *info, int batch) {                  \
        return cublas##p##geqrfBatched(h, n, n, (V *const *)A, n, (V *const *)tau, info, batch);                     \
    }                                                                                                                 \
    long gels_batched(cublasHandle_t h, int m, int n, int nrhs, T *const *A, T *const *B, int *info, int *dinfo,     \
                      int batch) {                                                                                    \
        return cublas##p##gelsBatched(h, CUBLAS_OP_N, m, n, nrhs, (V *const *)A, m, (V *const *)B, m, info, dinfo,   \
                                      batch);                                                                         \
    }                                                                                                                 \
    long gebrd_workspace(cusolverDnHandle_t h, int n, T *, int *lwork) {                                              \
        return cusolverDn##p##gebrd_bufferSize(h, n, n, lwork);                                                       \
    }                                                                                                                 \
    long gebrd(cusolverDnHandle_t h, int n, T *A, R *d, R *e, T *tauq, T *taup, T *work, int lwork, int *info) {      \
        return cusolverDn##p##gebrd(h, n, n, (V *)A, n, d, e, (V *)tauq, (V *)taup, (V *)work, lwork, info);          \
    }
BLBENCH_VENDOR(float, S, float, float)
BLBENCH_VENDOR(double, D, double, double)
BLBENCH_VENDOR(std::complex<float>, C, cuComplex, float)
BLBENCH_VENDOR(std::complex<double>, Z, cuDoubleComplex, double)
#undef BLBENCH_VENDOR

class Cuda final : public Gpu, public Memory {
public:
    explicit Cuda(const GpuOptions &options) : options_(options) {
        check(cudaSetDevice(0), "cudaSetDevice");
        if (cublasCreate(&cublas_) != CUBLAS_STATUS_SUCCESS) throw std::runtime_error("cublasCreate failed");
        if (cusolverDnCreate(&cusolver_) != CUSOLVER_STATUS_SUCCESS) throw std::runtime_error("cusolverDnCreate failed");
        if (options_.stream) {  // the library (bl_set_stream) and the vendors' handles on one stream
            check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate");
            check(cudaEventCreate(&start_), "cudaEventCreate");
            check(cudaEventCreate(&stop_), "cudaEventCreate");
            if (cublasSetStream(cublas_, stream_) != CUBLAS_STATUS_SUCCESS ||
                cusolverDnSetStream(cusolver_, stream_) != CUSOLVER_STATUS_SUCCESS)
                throw std::runtime_error("setting the vendors' stream failed");
            bl_set_stream(stream_);
        }
    }
    ~Cuda() override {
        if (stream_) {
            bl_set_stream(nullptr);
            cudaEventDestroy(start_);
            cudaEventDestroy(stop_);
            cudaStreamDestroy(stream_);
        }
        cusolverDnDestroy(cusolver_);
        cublasDestroy(cublas_);
    }

    std::string device() const override {
        cudaDeviceProp p;
        check(cudaGetDeviceProperties(&p, 0), "cudaGetDeviceProperties");
        return std::string(p.name) + ", " + std::to_string(p.multiProcessorCount) + " SMs";
    }

    void *allocate(size_t bytes, Place where) override {
        void *p = nullptr;
        check(where == Place::device ? cudaMalloc(&p, std::max<size_t>(bytes, 1)) : cudaMallocHost(&p, std::max<size_t>(bytes, 1)),
              "allocating the batch");
        return p;
    }
    void release(void *p, Place where) override {
        if (where == Place::device) cudaFree(p);
        else cudaFreeHost(p);
    }
    // Complete on return: a device-to-device cudaMemcpy returns before the copy is done, and the
    // restore of a large batch would otherwise be timed with the next run.
    void copy(void *dst, const void *src, size_t bytes) override {
        check(cudaMemcpy(dst, src, bytes, cudaMemcpyDefault), "cudaMemcpy");
        check(cudaDeviceSynchronize(), "cudaMemcpy (waiting for it)");
    }

    void prepare(Case &c, const std::string &routine, char precision) override {
        const Place where = !options_.host_data ? Place::device : options_.pinned ? Place::pinned : Place::host;
        for (auto &a : c.arrays()) a->move_to(where, *this);
        if (options_.stream) c.device_info = device_array<int>(c, size_t(c.batch));
        if (where != Place::device || c.variable) return;
        switch (precision) {
        case 's': return add_peers<float>(c, routine, 'S');
        case 'd': return add_peers<double>(c, routine, 'D');
        case 'c': return add_peers<std::complex<float>>(c, routine, 'C');
        case 'z': return add_peers<std::complex<double>>(c, routine, 'Z');
        }
    }

    Roofline roofline(char precision) override {
        Roofline r;
        const size_t copy_bytes = size_t(1) << 30;
        const std::shared_ptr<void> from = owned(allocate(copy_bytes, Place::device), Place::device);
        const std::shared_ptr<void> to = owned(allocate(copy_bytes, Place::device), Place::device);
        check(cudaMemset(from.get(), 0, copy_bytes), "cudaMemset");
        r.bandwidth = 2.0 * copy_bytes / median_seconds([&] { copy(to.get(), from.get(), copy_bytes); });
        r.gemm_n = 8192;
        switch (precision) {
        case 's': r.gemm = gemm_rate<float>(r.gemm_n); break;
        case 'd': r.gemm = gemm_rate<double>(r.gemm_n); break;
        case 'c': r.gemm = gemm_rate<std::complex<float>>(r.gemm_n); break;
        case 'z': r.gemm = gemm_rate<std::complex<double>>(r.gemm_n); break;
        }
        return r;
    }

    void begin(Case &c, bool held) override {
        pending_ = c.has_info ? c.device_info : nullptr;
        if (held) {
            held_.store(true);
            check(cudaLaunchHostFunc(
                      stream_,
                      [](void *flag) {
                          while (static_cast<std::atomic<bool> *>(flag)->load()) std::this_thread::yield();
                      },
                      &held_),
                  "cudaLaunchHostFunc");
        }
        check(cudaEventRecord(start_, stream_), "cudaEventRecord");
    }
    double end(Case &c) override {
        check(cudaEventRecord(stop_, stream_), "cudaEventRecord");
        held_.store(false);
        check(cudaEventSynchronize(stop_), "waiting for the stream");
        float ms = 0;
        check(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime");
        if (pending_) copy(c.info.data(), pending_, c.info.size() * sizeof(int));
        return ms * 1e-3;
    }

    Transfers transfers(const Case &c) override {
        Transfers t;
        for (auto &a : c.arrays()) {
            if (a->use != Use::out) t.bytes_in += double(a->bytes());
            if (a->use != Use::in) t.bytes_out += double(a->bytes());
        }
        if (c.has_info) t.bytes_out += double(c.batch) * sizeof(int);
        const size_t most = size_t(std::max(t.bytes_in, t.bytes_out));
        const std::shared_ptr<void> host = owned(allocate(most, Place::pinned), Place::pinned);
        const std::shared_ptr<void> dev = owned(allocate(most, Place::device), Place::device);
        cudaMemset(dev.get(), 0, most);  // what is copied back is defined (compute-sanitizer's initcheck)
        t.h2d = t.bytes_in / median_seconds([&] { copy(dev.get(), host.get(), size_t(t.bytes_in)); });
        t.d2h = t.bytes_out / median_seconds([&] { copy(host.get(), dev.get(), size_t(t.bytes_out)); });
        return t;
    }

private:
    // Memory freed when the last user goes (the case's peers hold theirs in Case::resources).
    std::shared_ptr<void> owned(void *p, Place where) {
        return std::shared_ptr<void>(p, [this, where](void *q) { release(q, where); });
    }
    template <class U> U *device_array(Case &c, size_t count) {
        auto p = owned(allocate(count * sizeof(U), Place::device), Place::device);
        c.resources.push_back(p);
        return static_cast<U *>(p.get());
    }
    // A device array of matrix pointers into `a` (the vendor's pointer layout), built once.
    template <class U> U *const *device_pointers(Case &c, Data<U> &a) {
        U **p = device_array<U *>(c, size_t(c.batch));
        copy(p, a.pointers(), size_t(c.batch) * sizeof(U *));
        return p;
    }
    // flop/s of cuBLAS's GEMM on three n x n matrices (bytes 0x3f: finite, nonzero in every
    // precision), in the library's default math mode (no TF32 for s).
    template <class T> double gemm_rate(int n) {
        const size_t bytes = size_t(n) * n * sizeof(T);
        const std::shared_ptr<void> m = owned(allocate(3 * bytes, Place::device), Place::device);
        check(cudaMemset(m.get(), 0x3f, 3 * bytes), "cudaMemset");
        T *a = static_cast<T *>(m.get());
        static const T one(1);
        const double seconds = median_seconds([&] {
            if (gemm_strided(cublas_, n, &one, a, a + size_t(n) * n, a + 2 * size_t(n) * n, 0, 1))
                throw std::runtime_error("gemm for the roofline failed");
            check(cudaDeviceSynchronize(), "gemm for the roofline");
        });
        return (bl::is_complex<T> ? 8.0 : 2.0) * double(n) * n * n / seconds;
    }
    template <class F> static double median_seconds(F &&f) {
        std::vector<double> t;
        for (int k = 0; k < 6; ++k) {
            const auto t0 = std::chrono::steady_clock::now();
            f();
            if (k > 0) t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
        return median(t);
    }

    // The end of a vendor run: wait for the device, then the per-matrix info to the host (into
    // c.info, which main.cpp checks), or zeros where the vendor has none.
    std::string finish(Case &c, std::string error, const int *device_info) {
        if (stream_) {  // --stream: no wait here; end() brings info back after the stop event
            pending_ = device_info;
            if (!device_info) std::fill(c.info.begin(), c.info.end(), 0);
            return error;
        }
        const cudaError_t e = cudaDeviceSynchronize();
        if (!error.empty()) return error;
        if (e != cudaSuccess) return std::string("CUDA error ") + cudaGetErrorString(e);
        if (device_info) copy(c.info.data(), device_info, c.info.size() * sizeof(int));
        else std::fill(c.info.begin(), c.info.end(), 0);
        return "";
    }
    // A scalar info argument (argument checking of the vendor routine).
    static std::string scalar_info(int info, const char *what) {
        return info == 0 ? "" : std::string(what) + ": info = " + std::to_string(info);
    }

    template <class T> void add_peers(Case &c, const std::string &routine, char p) {
        const int n = c.n, r = c.nrhs, batch = int(c.batch);
        const std::string P(1, p);
        static const T one(1);
        cublasHandle_t hb = cublas_;
        cusolverDnHandle_t hs = cusolver_;
        auto peer = [&](std::string name, std::function<std::string()> run, bool comparable = true) {
            c.peers.push_back({std::move(name), std::move(run), comparable});
        };
        if (routine == "getrf") {
            auto &ipiv = c.array<int>("ipiv");
            T *const *A = device_pointers(c, c.array<T>("A"));
            int *info = device_array<int>(c, size_t(batch));
            peer("cublas" + P + "getrfBatched", [=, &c, &ipiv] {
                return finish(c, status(getrf_batched(hb, n, A, n, ipiv.data(), info, batch), "getrfBatched"), info);
            });
        } else if (routine == "getrf_np") {  // cuBLAS's getrf factors without pivoting when given no pivot array
            T *const *A = device_pointers(c, c.array<T>("A"));
            int *info = device_array<int>(c, size_t(batch));
            peer("cublas" + P + "getrfBatched (no pivots)", [=, &c] {
                return finish(c, status(getrf_batched(hb, n, A, n, nullptr, info, batch), "getrfBatched"), info);
            });
        } else if (routine == "getri_oop") {  // the case times getrf + getri_oop into C
            auto &ipiv = c.array<int>("ipiv");
            T *const *A = device_pointers(c, c.array<T>("A"));
            T *const *C = device_pointers(c, c.array<T>("C"));
            int *info = device_array<int>(c, size_t(batch));
            peer("cublas" + P + "getrfBatched+getriBatched", [=, &c, &ipiv] {
                std::string e = status(getrf_batched(hb, n, A, n, ipiv.data(), info, batch), "getrfBatched");
                if (e.empty()) e = status(getri_batched(hb, n, A, n, ipiv.data(), C, info, batch), "getriBatched");
                return finish(c, e, info);
            });
            if (n <= 32)  // matinvBatched: the whole inverse in one call, orders up to 32
                peer("cublas" + P + "matinvBatched", [=, &c] {
                    return finish(c, status(matinv_batched(hb, n, A, C, info, batch), "matinvBatched"), info);
                });
        } else if (routine == "getrs") {
            auto &ipiv = c.array<int>("ipiv");
            T *const *A = device_pointers(c, c.array<T>("A"));
            T *const *B = device_pointers(c, c.array<T>("B"));
            peer("cublas" + P + "getrsBatched", [=, &c, &ipiv] {
                int info = 0;
                std::string e = status(getrs_batched(hb, n, r, A, n, ipiv.data(), B, n, &info, batch), "getrsBatched");
                return finish(c, e.empty() ? scalar_info(info, "getrsBatched") : e, nullptr);
            });
        } else if (routine == "potrf") {
            T *const *A = device_pointers(c, c.array<T>("A"));
            int *info = device_array<int>(c, size_t(batch));
            peer("cusolverDn" + P + "potrfBatched", [=, &c] {
                return finish(c, status(potrf_batched(hs, n, A, n, info, batch), "potrfBatched"), info);
            });
        } else if (routine == "potrs" && r == 1) {  // cuSOLVER's batched potrs takes one right-hand side
            T *const *A = device_pointers(c, c.array<T>("A"));
            T *const *B = device_pointers(c, c.array<T>("B"));
            int *info = device_array<int>(c, 1);
            peer("cusolverDn" + P + "potrsBatched", [=, &c] {
                std::string e = status(potrs_batched(hs, n, r, A, n, B, n, info, batch), "potrsBatched");
                int h = 0;
                if (e.empty() && !stream_) copy(&h, info, sizeof h);  // (--stream: not waited for)
                return finish(c, e.empty() ? scalar_info(h, "potrsBatched") : e, nullptr);
            });
        } else if (routine == "trsv" || routine == "trsm") {
            const bool vector = routine == "trsv";
            T *const *A = device_pointers(c, c.array<T>("A"));
            T *const *B = device_pointers(c, c.array<T>(vector ? "x" : "B"));
            const int cols = vector ? 1 : r;
            peer("cublas" + P + "trsmBatched", [=, &c] {
                return finish(c, status(trsm_batched(hb, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, cols, &one, A, n, B, n, batch),
                                        "trsmBatched"), nullptr);
            });
        } else if (routine == "trtri" || routine == "potri") {
            // No batched inverse of a triangle or from a Cholesky factor: solves against the
            // identity, as a cuBLAS user would write them -- X = I (a device copy of a kept
            // identity batch), then trtri: U X = I; potri: L Y = I, L^H X = Y.
            const bool cholesky = routine == "potri";
            auto &A = c.array<T>("A");
            T *const *a = device_pointers(c, A);
            const size_t bytes = size_t(c.batch) * size_t(A.stride) * sizeof(T);
            T *identity = device_array<T>(c, size_t(c.batch) * size_t(A.stride));
            T *x = device_array<T>(c, size_t(c.batch) * size_t(A.stride));
            std::vector<T> one_matrix(size_t(A.stride), T(0));
            for (int j = 0; j < n; ++j) one_matrix[size_t(j) * n + j] = T(1);
            for (int64_t i = 0; i < c.batch; ++i) copy(identity + i * A.stride, one_matrix.data(), one_matrix.size() * sizeof(T));
            std::vector<T *> xs;
            for (int64_t i = 0; i < c.batch; ++i) xs.push_back(x + i * A.stride);
            T **xp = device_array<T *>(c, size_t(c.batch));
            copy(xp, xs.data(), xs.size() * sizeof(T *));
            peer("cublas" + P + "trsmBatched against I" + (cholesky ? " (twice)" : ""), [=, &c] {
                cudaStream_t s = nullptr;
                cublasGetStream(hb, &s);
                std::string e;
                if (cudaMemcpyAsync(x, identity, bytes, cudaMemcpyDeviceToDevice, s) != cudaSuccess) e = "cudaMemcpyAsync";
                const cublasFillMode_t uplo = cholesky ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
                if (e.empty()) e = status(trsm_batched(hb, uplo, CUBLAS_OP_N, n, n, &one, a, n, xp, n, batch), "trsmBatched");
                if (e.empty() && cholesky)
                    e = status(trsm_batched(hb, uplo, bl::is_complex<T> ? CUBLAS_OP_C : CUBLAS_OP_T, n, n, &one, a, n, xp, n,
                                            batch), "trsmBatched");
                return finish(c, e, nullptr);
            }, false);
        } else if (routine == "gemm") {
            auto &A = c.array<T>("A"), &B = c.array<T>("B"), &C = c.array<T>("C");
            peer("cublas" + P + "gemmStridedBatched", [=, &c, &A, &B, &C] {
                return finish(c, status(gemm_strided(hb, n, &one, A.data(), B.data(), C.data(), A.stride, batch),
                                        "gemmStridedBatched"), nullptr);
            });
        } else if (routine == "gemv") {
            auto &A = c.array<T>("A"), &x = c.array<T>("x"), &y = c.array<T>("y");
            peer("cublas" + P + "gemvStridedBatched", [=, &c, &A, &x, &y] {
                return finish(c, status(gemv_strided(hb, n, &one, A.data(), A.stride, x.data(), y.data(), x.stride, batch),
                                        "gemvStridedBatched"), nullptr);
            });
        } else if (routine == "geqrf") {
            T *const *A = device_pointers(c, c.array<T>("A"));
            T *const *tau = device_pointers(c, c.array<T>("tau"));
            peer("cublas" + P + "geqrfBatched", [=, &c] {
                int info = 0;
                std::string e = status(geqrf_batched(hb, n, A, tau, &info, batch), "geqrfBatched");
                return finish(c, e.empty() ? scalar_info(info, "geqrfBatched") : e, nullptr);
            });
        } else if (routine == "gels") {
            T *const *A = device_pointers(c, c.array<T>("A"));
            T *const *B = device_pointers(c, c.array<T>("B"));
            int *dinfo = device_array<int>(c, size_t(batch));
            peer("cublas" + P + "gelsBatched", [=, &c] {
                int info = 0;
                std::string e = status(gels_batched(hb, 2 * n, n, r, A, B, &info, dinfo, batch), "gelsBatched");
                return finish(c, e.empty() ? scalar_info(info, "gelsBatched") : e, dinfo);
            });
        } else if (routine == "gebrd") {
            using R = bl::Real<T>;
            auto &A = c.array<T>("A"), &tauq = c.array<T>("tauq"), &taup = c.array<T>("taup");
            auto &d = c.array<R>("d"), &e = c.array<R>("e");
            int lwork = 0;
            if (const long s = gebrd_workspace(hs, n, A.data(), &lwork)) throw std::runtime_error(status(s, "gebrd_bufferSize"));
            T *work = device_array<T>(c, size_t(std::max(lwork, 1)));
            int *info = device_array<int>(c, size_t(batch));
            peer("cusolverDn" + P + "gebrd loop", [=, &c, &A, &tauq, &taup, &d, &e] {
                for (int i = 0; i < batch; ++i)
                    if (const long s = gebrd(hs, n, A[i], d[i], e[i], tauq[i], taup[i], work, lwork, info + i))
                        return finish(c, status(s, "gebrd"), nullptr);
                return finish(c, "", info);
            });
        }
    }

    GpuOptions options_;
    cudaStream_t stream_ = nullptr;  // --stream
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
    const int *pending_ = nullptr;         // the device info of the run being timed
    std::atomic<bool> held_{false};        // the stream waits while it is true (begin(held))
    cublasHandle_t cublas_ = nullptr;
    cusolverDnHandle_t cusolver_ = nullptr;
};

}  // namespace

std::unique_ptr<Gpu> make_gpu(const GpuOptions &options) { return std::make_unique<Cuda>(options); }

}  // namespace blbench
