// The CUDA backend's runtime (runtime.hpp).
#include "runtime.hpp"

#include "call.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
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
    // A status comes from a cuBLAS routine, so cublas() has loaded it and does not throw here.
    const CublasApi &api = cublas();
    throw Failure(code, std::string(what) + ": " + api.GetStatusName(e) + " (" + api.GetStatusString(e) + ")");
}

namespace {
// Each entry's parameter list is <cublas_api.h>'s: the static_cast of the routine's address to
// the member's type compiles only when a declaration has exactly that type (and, in an unevaluated
// operand, leaves no reference to cuBLAS's symbol in the object file).
#define BL_CUBLAS_MATCHES_HEADER(ret, name, symbol, params) \
    static_assert(sizeof(static_cast<decltype(CublasApi::name)>(&::symbol)) > 0, #symbol);
BL_CUBLAS_ROUTINES(BL_CUBLAS_MATCHES_HEADER)
#undef BL_CUBLAS_MATCHES_HEADER

// cuBLAS loaded, or what is missing (dlerror()'s words for the library, or the symbols' names).
struct CublasLoad {
    CublasApi api;
    std::string missing;
};
const CublasLoad &cublas_load() {
    // RTLD_LOCAL: cuBLAS's symbols stay out of the global scope, where libraries loaded later
    // could bind to them by accident. Never closed: the handles created from it live as long as
    // the process's contexts.
    static const CublasLoad load = [] {
        CublasLoad r;
        void *lib = dlopen(BL_CUBLAS_SONAME, RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            const char *e = dlerror();
            r.missing = e ? e : "dlopen(" BL_CUBLAS_SONAME ")";
            return r;
        }
#define BL_CUBLAS_FIND(ret, name, symbol, params)                                                 \
    r.api.name = reinterpret_cast<decltype(r.api.name)>(dlsym(lib, #symbol));                     \
    if (!r.api.name) r.missing += (r.missing.empty() ? "missing " : ", ") + std::string(#symbol);
        BL_CUBLAS_ROUTINES(BL_CUBLAS_FIND)
#undef BL_CUBLAS_FIND
        return r;
    }();
    return load;
}
}  // namespace

const CublasApi &cublas() {
    const CublasLoad &l = cublas_load();
    // BL_ERROR_NO_DEVICE ("no usable GPU / no build") rather than BL_ERROR_DEVICE ("a CUDA call
    // failed"): no device operation failed; the installation lacks a part of the CUDA backend,
    // as a build without CUDA lacks all of it, and calling again will not help. The message
    // names what is missing.
    if (!l.missing.empty())
        throw Failure(BL_ERROR_NO_DEVICE, l.missing + ": cuBLAS (" BL_CUBLAS_SONAME ") could not be loaded");
    return l.api;
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

// The testing knobs (docs/decisions.md, "Device failures on purpose"): every request for device
// or pinned memory -- a workspace, a staging buffer, whether the library's pools serve it or CUDA
// does -- passes through `admit`.
//   BATCHLAPACK_TEST_FAIL_ALLOC_AFTER=k  the requests after the next k fail, as on an exhausted
//       device, counted from when the variable takes a value other than the one last seen;
//   BATCHLAPACK_TEST_DEVICE_MEMORY=bytes  the device is taken to have that much memory: chunks are
//       sized for it, and a request that would take the library's device memory past it fails.
// Unset, they cost a getenv per request (a few per call).
namespace {
struct FaultCount {
    std::mutex m;
    std::string value;     // the knob's value when counting started
    long long left = 0;    // requests still to succeed
} g_faults;
std::atomic<long long> g_device_held{0};  // bytes of device memory the library holds

long long device_budget() {
    const char *v = std::getenv("BATCHLAPACK_TEST_DEVICE_MEMORY");
    return v ? std::atoll(v) : 0;
}

// Throws as cudaMalloc's failure would when a knob says that this request (`bytes`, in device
// memory or not) fails.
void admit(size_t bytes, bool device, const char *what) {
    if (const char *v = std::getenv("BATCHLAPACK_TEST_FAIL_ALLOC_AFTER")) {
        std::lock_guard<std::mutex> lock(g_faults.m);
        if (g_faults.value != v) g_faults.value = v, g_faults.left = std::atoll(v);
        if (g_faults.left <= 0)
            throw Failure(BL_ERROR_OUT_OF_MEMORY,
                          std::string(what) + ": refused on purpose (BATCHLAPACK_TEST_FAIL_ALLOC_AFTER)");
        --g_faults.left;
    } else if (!g_faults.value.empty()) {
        std::lock_guard<std::mutex> lock(g_faults.m);
        g_faults.value.clear();
    }
    const long long budget = device_budget();
    if (device && bytes > 0 && budget > 0 && g_device_held.load() + (long long)bytes > budget)
        throw Failure(BL_ERROR_OUT_OF_MEMORY,
                      std::string(what) + ": refused on purpose, past BATCHLAPACK_TEST_DEVICE_MEMORY (" +
                          std::to_string(budget) + " bytes)");
}
}  // namespace

size_t device_memory() {
    const long long budget = device_budget();
    const size_t total = device_info().total_memory;
    return budget > 0 ? std::min(total, size_t(budget)) : total;
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
    if (!bytes) return;
    admit(bytes, true, "cudaMallocFromPoolAsync (workspace)");
    // Under a caller's CUDA graph capture the allocation becomes the graph's own (a memory node
    // from the graph's pool, which keeps it between replays): the backend's pool does not apply.
    cudaStreamCaptureStatus capturing = cudaStreamCaptureStatusNone;
    check(cudaStreamIsCapturing(stream, &capturing), "cudaStreamIsCapturing");
    if (capturing == cudaStreamCaptureStatusActive)
        check(cudaMallocAsync(&p_, bytes, stream), "cudaMallocAsync (workspace, captured)");
    else
        check(cudaMallocFromPoolAsync(&p_, bytes, workspace_pool(), stream), "cudaMallocFromPoolAsync (workspace)");
    bytes_ = bytes;
    g_device_held += (long long)bytes;
}
Workspace::~Workspace() {
    if (p_) cudaFreeAsync(p_, stream_);
    g_device_held -= (long long)bytes_;
}

size_t chunk_bytes(double host_bytes) {
    // BATCHLAPACK_CUDA_CHUNK_BYTES overrides (tests use it to force many chunks). Otherwise an
    // eighth of the call's traffic, between 4 MiB and min(256 MiB, 1/64 of the device).
    if (const char *v = std::getenv("BATCHLAPACK_CUDA_CHUNK_BYTES"))
        if (long long b = std::atoll(v); b > 0) return size_t(b);
    const size_t most = std::min<size_t>(size_t(256) << 20, device_memory() / 64);
    return std::min(most, std::max(size_t(4) << 20, size_t(host_bytes / 8)));
}

namespace {
// The pointers the calling thread's current call has asked about, and their answers: the core's
// placement checks and the driver ask about the same arrays, and a query took 1-4 us of an
// H100's host (a getrf call on device data asked six times). Forgotten at each call's start and
// end (forget_pointers): between calls memory may be freed and its addresses reused.
struct Asked {
    const void *p;
    Where w;
};
constexpr int kAskedMax = 8;
thread_local Asked t_asked[kAskedMax];
thread_local int t_asked_count = 0;

Where query(const void *p) {
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
}  // namespace

void forget_pointers() { t_asked_count = 0; }

Where where(const void *p) {
    for (int k = 0; k < t_asked_count; ++k)
        if (t_asked[k].p == p) return t_asked[k].w;
    const Where w = query(p);
    if (t_asked_count < kAskedMax) t_asked[t_asked_count++] = Asked{p, w};
    return w;
}

bool copy_device_pointers(const void *const *ptrs, int64_t count, std::vector<const void *> &out) {
    if (!usable() || where(ptrs) != Where::Device) return false;
    out.clear();
    if (stream_setting() != nullptr) return true;
    out.assign(size_t(count), nullptr);
    if (cudaMemcpy(out.data(), ptrs, sizeof(void *) * size_t(count), cudaMemcpyDefault) != cudaSuccess) {
        cudaGetLastError();
        out.assign(size_t(count), nullptr);
    }
    return true;
}

namespace {
__global__ void fill_ints(int *p, int64_t n, int value) {
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n) p[i] = value;
}
}  // namespace

// The core's writes into a caller's device info happen on error paths and have no way to report
// an error of their own: a failure here is cleared and the call's return value stands.
void fill_device_ints(int *p, int64_t n, int value, void *stream) {
    if (n <= 0) return;
    const cudaStream_t s = stream ? static_cast<cudaStream_t>(stream) : cudaStreamPerThread;
    fill_ints<<<unsigned((n + 255) / 256), 256, 0, s>>>(p, n, value);
    if (!stream) cudaStreamSynchronize(s);
    cudaGetLastError();
}
void copy_ints(int *to, const int *from, int64_t n) {
    if (n > 0 && cudaMemcpy(to, from, sizeof(int) * size_t(n), cudaMemcpyDefault) != cudaSuccess) cudaGetLastError();
}
void wait_stream(void *stream) {
    if (usable() && cudaStreamSynchronize(static_cast<cudaStream_t>(stream)) != cudaSuccess) cudaGetLastError();
}

bool host_accessible(const void *p) { return p == nullptr || !usable() || where(p) != Where::Device; }

Buffer::~Buffer() { release(); }
void Buffer::release() {
    if (pinned_) cudaFreeHost(p_);
    else cudaFree(p_), g_device_held -= (long long)cap_;
    p_ = nullptr;
    cap_ = 0;
}
void *Buffer::ensure(size_t bytes) {
    const char *what = pinned_ ? "cudaMallocHost (batchlapack staging)" : "cudaMalloc (batchlapack workspace)";
    if (bytes <= cap_) {
        admit(0, !pinned_, what);  // a request all the same, served by the buffer
        return p_;
    }
    release();  // callers synchronise their slot's stream before asking for more
    auto allocate = [&](size_t n) { return pinned_ ? cudaMallocHost(&p_, n) : cudaMalloc(&p_, n); };
    size_t want = std::max(bytes, bytes / 4 * 5);  // headroom, so that growth is rare
    admit(bytes, !pinned_, what);
    if ((!pinned_ && device_budget() > 0 && g_device_held.load() + (long long)want > device_budget()) ||
        allocate(want) != cudaSuccess) {
        cudaGetLastError();
        want = bytes;
        check(allocate(want), what);
    }
    cap_ = want;
    if (!pinned_) g_device_held += (long long)cap_;
    return p_;
}

Context::Context() {
    for (Slot &s : slot) check(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking), "cudaStreamCreate");
    for (cudaEvent_t &e : callers_work) check(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "cudaEventCreate");
}
void Context::record_callers_work(cudaStream_t callers) {
    const cudaStream_t streams[3] = {cudaStreamLegacy, cudaStreamPerThread, callers};
    recorded = callers ? 3 : 2;
    for (int k = 0; k < recorded; ++k)
        check(cudaEventRecord(callers_work[k], streams[k]), "cudaEventRecord (the caller's work)");
}
void Context::wait_callers_work(Slot &s) {
    for (int k = 0; k < recorded; ++k) check(cudaStreamWaitEvent(s.stream, callers_work[k], 0), "cudaStreamWaitEvent");
}
void Context::drain(cudaStream_t also) {
    for (Slot &s : slot) cudaStreamSynchronize(s.stream);
    if (also) cudaStreamSynchronize(also);
    cudaGetLastError();
}
Context::~Context() {
    for (cudaEvent_t e : callers_work)
        if (e) cudaEventDestroy(e);
    for (Slot &s : slot) {
        if (s.blas_) cublas().Destroy(s.blas_);  // a handle means cuBLAS was loaded: cublas() does not throw
        if (s.stream) cudaStreamDestroy(s.stream);
    }
}

cublasHandle_t Slot::blas() {
    if (blas_) return blas_;
    cublasHandle_t h = nullptr;
    const CublasApi &api = cublas();
    check(api.Create(&h), "cublasCreate");
    if (cublasStatus_t e = api.SetStream(h, stream); e != CUBLAS_STATUS_SUCCESS) {
        api.Destroy(h);
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
