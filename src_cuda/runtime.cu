// The CUDA backend's runtime (runtime.hpp).
#include "runtime.hpp"

#include "call.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace bl {
namespace cuda {

void check(cudaError_t e, const char *what) {
    if (e == cudaSuccess) return;
    cudaGetLastError();  // clear a non-sticky error so that later calls start clean
    const int code = e == cudaErrorMemoryAllocation ? BL_ERROR_OUT_OF_MEMORY : BL_ERROR_DEVICE;
    throw Failure(code, std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
}

void check(cublasStatus_t e, const char *what) {
    if (e == CUBLAS_STATUS_SUCCESS) return;
    cudaGetLastError();
    const int code = e == CUBLAS_STATUS_ALLOC_FAILED ? BL_ERROR_OUT_OF_MEMORY : BL_ERROR_DEVICE;
    throw Failure(code, std::string(what) + ": " + cublasGetStatusName(e) + " (" + cublasGetStatusString(e) + ")");
}

void copy_to_device(void *to, const void *from, size_t bytes, cudaStream_t stream, const char *what) {
    check(cudaMemcpyAsync(to, from, bytes, cudaMemcpyHostToDevice, stream), what);
}
void copy_to_host(void *to, const void *from, size_t bytes, cudaStream_t stream, const char *what) {
    check(cudaMemcpyAsync(to, from, bytes, cudaMemcpyDeviceToHost, stream), what);
}
void copy_now(void *to, const void *from, size_t bytes, const char *what) {
    check(cudaMemcpy(to, from, bytes, cudaMemcpyDefault), what);
}
void zero(void *p, size_t bytes, cudaStream_t stream, const char *what) {
    check(cudaMemsetAsync(p, 0, bytes, stream), what);
}
void wait(cudaStream_t stream, const char *what) { check(cudaStreamSynchronize(stream), what); }

int report(const Failure &f) {
    explain_failure(f.what());
    return f.code();
}

namespace {
// Whether a device is usable, and if not, why (the CUDA runtime's words).
struct Availability {
    bool ok = false;
    std::string why;
};
const Availability &availability() {
    // Once per process: a device exists and a context can be created on it. Any failure (no
    // driver, no device, a driver older than the runtime) means "run on the CPU".
    static const Availability a = [] {
        Availability r;
        int count = 0;
        const cudaError_t found = cudaGetDeviceCount(&count);
        if (found != cudaSuccess || count == 0) {
            cudaGetLastError();
            r.why = std::string("the library was built with CUDA, but no CUDA device was found (cudaGetDeviceCount: ") +
                    (found != cudaSuccess ? cudaGetErrorString(found) : "0 devices") + ")";
            return r;
        }
        const cudaError_t init = cudaFree(nullptr);
        if (init != cudaSuccess) {
            cudaGetLastError();
            r.why = std::string("the library was built with CUDA and found a device, but cannot use it (cudaFree: ") +
                    cudaGetErrorString(init) + ")";
            return r;
        }
        r.ok = true;
        return r;
    }();
    return a;
}
}  // namespace

bool usable() { return availability().ok; }
const char *unusable_reason() { return availability().why.c_str(); }

const DeviceInfo &device_info() {
    static const DeviceInfo info = [] {
        DeviceInfo d;
        check(cudaGetDevice(&d.device), "cudaGetDevice");
        cudaDeviceProp p;
        check(cudaGetDeviceProperties(&p, d.device), "cudaGetDeviceProperties");
        d.sms = p.multiProcessorCount;
        d.shared_per_block = p.sharedMemPerBlockOptin;
        d.total_memory = p.totalGlobalMem;
        return d;
    }();
    return info;
}

namespace {
cudaMemPool_t workspace_pool() {
    static const cudaMemPool_t pool = [] {
        cudaMemPoolProps props = {};
        props.allocType = cudaMemAllocationTypePinned;
        props.location.type = cudaMemLocationTypeDevice;
        props.location.id = device_info().device;
        cudaMemPool_t p = nullptr;
        check(cudaMemPoolCreate(&p, &props), "cudaMemPoolCreate");
        uint64_t keep = ~uint64_t(0);
        check(cudaMemPoolSetAttribute(p, cudaMemPoolAttrReleaseThreshold, &keep), "cudaMemPoolSetAttribute");
        return p;
    }();
    return pool;
}
}  // namespace

Workspace::Workspace(size_t bytes, cudaStream_t stream) : stream_(stream) {
    if (bytes) check(cudaMallocFromPoolAsync(&p_, bytes, workspace_pool(), stream), "cudaMallocFromPoolAsync (workspace)");
}
Workspace::~Workspace() {
    if (p_) cudaFreeAsync(p_, stream_);
}

size_t chunk_bytes(double host_bytes) {
    // BATCHLAPACK_CUDA_CHUNK_BYTES overrides (tests use it to force many chunks). Otherwise an
    // eighth of the call's traffic, between 4 MiB and min(256 MiB, 1/64 of the device).
    if (const char *v = std::getenv("BATCHLAPACK_CUDA_CHUNK_BYTES"))
        if (long long b = std::atoll(v); b > 0) return size_t(b);
    const size_t most = std::min<size_t>(size_t(256) << 20, device_info().total_memory / 64);
    return std::min(most, std::max(size_t(4) << 20, size_t(host_bytes / 8)));
}

Where where(const void *p) {
    cudaPointerAttributes a;
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        cudaGetLastError();
        return Where::Pageable;
    }
    switch (a.type) {
    case cudaMemoryTypeDevice: return Where::Device;
    case cudaMemoryTypeManaged: return Where::Managed;
    case cudaMemoryTypeHost: return Where::Pinned;
    default: return Where::Pageable;
    }
}

bool copy_device_pointers(const void *const *ptrs, int64_t count, std::vector<const void *> &out) {
    if (!usable() || where(ptrs) != Where::Device) return false;
    out.assign(size_t(count), nullptr);
    if (cudaMemcpy(out.data(), ptrs, sizeof(void *) * size_t(count), cudaMemcpyDefault) != cudaSuccess) {
        cudaGetLastError();
        out.assign(size_t(count), nullptr);
    }
    return true;
}

bool host_accessible(const void *p) { return p == nullptr || !usable() || where(p) != Where::Device; }

Buffer::~Buffer() { release(); }
void Buffer::release() {
    if (pinned_) cudaFreeHost(p_);
    else cudaFree(p_);
    p_ = nullptr;
    cap_ = 0;
}
void *Buffer::ensure(size_t bytes) {
    if (bytes <= cap_) return p_;
    release();  // callers synchronise their slot's stream before asking for more
    auto allocate = [&](size_t n) { return pinned_ ? cudaMallocHost(&p_, n) : cudaMalloc(&p_, n); };
    size_t want = std::max(bytes, bytes / 4 * 5);  // headroom, so that growth is rare
    if (allocate(want) != cudaSuccess) {
        cudaGetLastError();
        want = bytes;
        check(allocate(want), pinned_ ? "cudaMallocHost (batchlapack staging)" : "cudaMalloc (batchlapack workspace)");
    }
    cap_ = want;
    return p_;
}

Context::Context() {
    for (Slot &s : slot) check(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking), "cudaStreamCreate");
    for (cudaEvent_t &e : callers_work) check(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "cudaEventCreate");
}
void Context::after_callers_work() {
    const cudaStream_t defaults[2] = {cudaStreamLegacy, cudaStreamPerThread};
    for (int k = 0; k < 2; ++k) {
        check(cudaEventRecord(callers_work[k], defaults[k]), "cudaEventRecord (the caller's work)");
        for (Slot &s : slot) check(cudaStreamWaitEvent(s.stream, callers_work[k], 0), "cudaStreamWaitEvent");
    }
}
void Context::drain() {
    for (Slot &s : slot) cudaStreamSynchronize(s.stream);
    cudaGetLastError();
}
Context::~Context() {
    for (cudaEvent_t e : callers_work)
        if (e) cudaEventDestroy(e);
    for (Slot &s : slot) {
        if (s.blas_) cublasDestroy(s.blas_);
        if (s.stream) cudaStreamDestroy(s.stream);
    }
}

cublasHandle_t Slot::blas() {
    if (blas_) return blas_;
    cublasHandle_t h = nullptr;
    check(cublasCreate(&h), "cublasCreate");
    if (cublasStatus_t e = cublasSetStream(h, stream); e != CUBLAS_STATUS_SUCCESS) {
        cublasDestroy(h);
        check(e, "cublasSetStream");
    }
    blas_ = h;  // scalars (alpha, beta) are passed from the host: the default pointer mode
    return blas_;
}

namespace {
std::mutex g_pool_mutex;
// Contexts live until the process ends; their buffers are reused by later calls.
std::vector<std::unique_ptr<Context>> &all_contexts() {
    static auto *v = new std::vector<std::unique_ptr<Context>>;  // never destroyed: outlives the CUDA runtime's exit
    return *v;
}
std::vector<Context *> &free_contexts() {
    static auto *v = new std::vector<Context *>;
    return *v;
}
}  // namespace

Lease::Lease() {
    std::lock_guard<std::mutex> lock(g_pool_mutex);
    auto &pool = free_contexts();
    if (!pool.empty()) {
        c_ = pool.back();
        pool.pop_back();
        return;
    }
    all_contexts().push_back(std::make_unique<Context>());
    c_ = all_contexts().back().get();
}
Lease::~Lease() {
    std::lock_guard<std::mutex> lock(g_pool_mutex);
    free_contexts().push_back(c_);
}

double transfer_bandwidth() {
    // Measured once: a 64 MiB pinned-to-device copy and back, the path staged host data takes.
    static const double bw = []() -> double {
        if (!usable()) return 0;
        try {
            Lease ctx;
            Slot &s = ctx->slot[0];
            const size_t bytes = size_t(64) << 20;
            void *h = s.pinned.ensure(bytes);
            void *d = s.device.ensure(bytes);
            copy_to_device(d, h, bytes, s.stream, "calibration copy");
            wait(s.stream, "calibration copy");
            auto t0 = std::chrono::steady_clock::now();
            copy_to_device(d, h, bytes, s.stream, "calibration copy");
            copy_to_host(h, d, bytes, s.stream, "calibration copy");
            wait(s.stream, "calibration copy");
            double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            return 2.0 * bytes / t;
        } catch (const Failure &) {
            return 0;
        }
    }();
    return bw;
}

}  // namespace cuda
}  // namespace bl
