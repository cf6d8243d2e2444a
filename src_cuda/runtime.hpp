// The CUDA backend's runtime, in one place: device detection, where a caller's array lives, CUDA
// errors turned into the library's codes, the copies and waits the staging issues, a kernel's
// opt-in to more shared memory, and the pool of per-call contexts (streams, device workspace,
// pinned staging buffers) that calls reuse instead of allocating. The rest of the backend makes
// no CUDA runtime call of its own but kernel launches (<<<...>>>, followed by check_launch) and
// cuBLAS's routines (gemm.cu, cublas.cuh), through cublas(); with primitives.cuh on the device
// side, this is what a port to another GPU interface (HIP) rewrites. (Type names -- cudaStream_t,
// cudaError_t -- are left to such a port's mechanical renaming.) The library links the CUDA
// runtime but not cuBLAS, which cublas() loads at the first product that needs it.
#pragma once

#include <cublas_v2.h>  // types and enums only: the routines are cublas()'s pointers
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <vector>

namespace bl {
namespace cuda {

// A failed CUDA call, carried to the backend's entry point and returned there as a code.
class Failure : public std::exception {
public:
    Failure(int code, std::string detail) : code_(code), detail_(std::move(detail)) {}
    int code() const { return code_; }
    const char *what() const noexcept override { return detail_.c_str(); }

private:
    int code_;
    std::string detail_;
};

// Throws a Failure (BL_ERROR_OUT_OF_MEMORY or BL_ERROR_DEVICE) when `e` is an error.
void check(cudaError_t e, const char *what);
// The same for a cuBLAS call (BL_ERROR_OUT_OF_MEMORY for its allocation failures).
void check(cublasStatus_t e, const char *what);
// Checks the launch of the kernel just enqueued.
inline void check_launch(const char *kernel) { check(cudaGetLastError(), kernel); }

// cuBLAS's routines that the backend calls, as (return type, member, symbol, parameters): the
// member is the routine's name without "cublas" and without the "_v2" of the symbol that
// <cublas_v2.h>'s macros call (cublasCreate is cublasCreate_v2). The parameter lists are spelled
// out because C++ sees two cublasGemm*Ex overloads (<cublas_api.h> adds inline ones taking a
// cudaDataType compute type); runtime.cu checks each against <cublas_api.h> at compile time.
// gemv has one routine per precision p of scalar type T.
#define BL_CUBLAS_GEMV_ROUTINES(X, p, T)                                                                     \
    X(cublasStatus_t, p##gemvStridedBatched, cublas##p##gemvStridedBatched,                                  \
      (cublasHandle_t, cublasOperation_t, int, int, const T *, const T *, int, long long, const T *, int,    \
       long long, const T *, T *, int, long long, int))                                                      \
    X(cublasStatus_t, p##gemvBatched, cublas##p##gemvBatched,                                                \
      (cublasHandle_t, cublasOperation_t, int, int, const T *, const T *const *, int, const T *const *, int, \
       const T *, T *const *, int, int))
#define BL_CUBLAS_ROUTINES(X)                                                                                  \
    X(cublasStatus_t, Create, cublasCreate_v2, (cublasHandle_t *))                                             \
    X(cublasStatus_t, Destroy, cublasDestroy_v2, (cublasHandle_t))                                             \
    X(cublasStatus_t, SetStream, cublasSetStream_v2, (cublasHandle_t, cudaStream_t))                           \
    X(cublasStatus_t, SetWorkspace, cublasSetWorkspace_v2, (cublasHandle_t, void *, size_t))                   \
    X(const char *, GetStatusName, cublasGetStatusName, (cublasStatus_t))                                      \
    X(const char *, GetStatusString, cublasGetStatusString, (cublasStatus_t))                                  \
    X(cublasStatus_t, GemmStridedBatchedEx, cublasGemmStridedBatchedEx,                                        \
      (cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void *, const void *,        \
       cudaDataType, int, long long, const void *, cudaDataType, int, long long, const void *, void *,         \
       cudaDataType, int, long long, int, cublasComputeType_t, cublasGemmAlgo_t))                              \
    X(cublasStatus_t, GemmBatchedEx, cublasGemmBatchedEx,                                                      \
      (cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void *, const void *const *, \
       cudaDataType, int, const void *const *, cudaDataType, int, const void *, void *const *, cudaDataType,   \
       int, int, cublasComputeType_t, cublasGemmAlgo_t))                                                       \
    BL_CUBLAS_GEMV_ROUTINES(X, S, float)                                                                       \
    BL_CUBLAS_GEMV_ROUTINES(X, D, double)                                                                      \
    BL_CUBLAS_GEMV_ROUTINES(X, C, cuComplex)                                                                   \
    BL_CUBLAS_GEMV_ROUTINES(X, Z, cuDoubleComplex)

// cuBLAS's routines, found in the cuBLAS library (BL_CUBLAS_SONAME, set by CMake) that cublas()
// loads on its first use. Not linking it spares every process that loads batchlapack -- CPU-only
// users included -- cuBLAS's start-up (about 80 ms) and cuBLASLt's private memory (about 94 MB);
// only GPU calls of gemm, gemv and the inverses' updates need it.
struct CublasApi {
#define BL_CUBLAS_MEMBER(ret, name, symbol, params) ret(*name) params = nullptr;
    BL_CUBLAS_ROUTINES(BL_CUBLAS_MEMBER)
#undef BL_CUBLAS_MEMBER
};
// cuBLAS's routines, loaded on the first call (once per process, thread safe). Throws a Failure
// (BL_ERROR_NO_DEVICE, naming what is missing) at this and every later call when the library or
// one of its routines cannot be found.
const CublasApi &cublas();

// Dynamic shared memory a block may have without opting in; past it a kernel must be allowed
// more first (allow_shared), up to DeviceInfo::shared_per_block.
constexpr size_t kDefaultSharedBytes = 48 * 1024;
template <class Kernel> void allow_shared(Kernel *kernel, size_t bytes) {
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)),
          "cudaFuncSetAttribute");
}

// Copies and waits, each checked (`what` names it in the error): bytes from pinned host memory
// to the device and back, in stream order; any memory to any (the copy done when it returns);
// zeros in stream order; the stream's work done.
void copy_to_device(void *to, const void *from, size_t bytes, cudaStream_t stream, const char *what);
void copy_to_host(void *to, const void *from, size_t bytes, cudaStream_t stream, const char *what);
void copy_now(void *to, const void *from, size_t bytes, const char *what);
void zero(void *p, size_t bytes, cudaStream_t stream, const char *what);
void wait(cudaStream_t stream, const char *what);

// Runs `body` (which returns the backend's code) and turns a Failure into its code, with the
// explanation that bl_last_error() shows.
int report(const Failure &f);
template <class F> int guarded(F &&body) {
    try {
        return body();
    } catch (const Failure &f) {
        return report(f);
    }
}

// Where the memory behind a pointer is, as far as copies are concerned: host memory the GPU
// cannot address (pageable) or can only reach by copy (pinned) is staged; device and managed
// memory is worked on in place.
enum class Where { Pageable, Pinned, Device, Managed };
// Bytes per second of the host <-> device round trip through pinned staging (measured once; 0
// when no device is usable): what the offers (offer.cu) weigh host data with.
double transfer_bandwidth();
Where where(const void *p);
inline bool on_device(Where w) { return w == Where::Device || w == Where::Managed; }

// A buffer, in device memory or pinned host memory, that grows on demand and is kept for later
// calls.
class Buffer {
public:
    explicit Buffer(bool pinned) : pinned_(pinned) {}
    Buffer(const Buffer &) = delete;
    Buffer &operator=(const Buffer &) = delete;
    ~Buffer();
    void *ensure(size_t bytes);  // at least `bytes`; the old contents are lost

private:
    void release();
    bool pinned_;
    void *p_ = nullptr;
    size_t cap_ = 0;
};

// One stream with its device workspace and pinned staging; a call pipelines chunks of a host
// batch through its context's slots so that one chunk's transfers overlap another's kernels.
struct Slot {
    cudaStream_t stream = nullptr;
    Buffer device{false};
    Buffer pinned{true};
    // The slot's cuBLAS handle, bound to its stream; created on first use (most routines never
    // need one) and destroyed with the context.
    cublasHandle_t blas();
    cublasHandle_t blas_ = nullptr;
};
constexpr int kSlots = 3;
struct Context {
    Slot slot[kSlots];
    // Host arrays a call's driver fills per matrix of a variable batch (the order it works in,
    // the sort's keys), kept between calls: allocated anew they are fresh pages, whose first
    // touch cost more than the passes over them.
    std::vector<int64_t> order, count;
    std::vector<uint16_t> key;
    // The caller's work, which a call's kernels must follow: record_callers_work marks the work
    // enqueued so far on the legacy default stream (which in turn waits for the other blocking
    // streams), on the calling thread's per-thread default stream (code built with
    // --default-stream per-thread) and on `callers`, the stream set by bl_set_stream, if any (a
    // caller's cudaMemcpy into device memory may return before its DMA lands, and the slots'
    // streams are non-blocking); wait_callers_work makes a slot's stream wait for those marks,
    // once per call, before the call's first use of the slot. A call of one chunk waits on one
    // slot, not all three: each wait cost about 1 us of an H100's host. (A uniform batch on device
    // data needs neither: Driver::run runs it on the per-thread default stream.)
    void record_callers_work(cudaStream_t callers);
    void wait_callers_work(Slot &s);
    int recorded = 0;  // marks made by record_callers_work
    cudaEvent_t callers_work[3] = {nullptr, nullptr, nullptr};
    // Waits for every slot's stream and for `also` (the stream a call ran on instead, if any),
    // errors ignored and cleared (a call that failed, before its buffers go back to the pool).
    void drain(cudaStream_t also = nullptr);
    Context();
    ~Context();
    Context(const Context &) = delete;
    Context &operator=(const Context &) = delete;
};

// A context taken from the process-wide pool for the duration of one call (thread safe: each
// concurrent call gets its own; contexts are created on demand and reused, never freed early).
class Lease {
public:
    Lease();
    ~Lease();
    Lease(const Lease &) = delete;
    Lease &operator=(const Lease &) = delete;
    Context &operator*() const { return *c_; }
    Context *operator->() const { return c_; }

private:
    Context *c_;
};

// Device workspace of one chunk's kernels (QR's block reflectors, gebrd's panel products):
// stream-ordered memory from a pool of the backend's own that keeps its memory between calls (the
// default pool would give it back to the driver at every synchronisation, so that every call
// would allocate again), returned to the pool in stream order once the chunk's kernels are done.
class Workspace {
public:
    Workspace(size_t bytes, cudaStream_t stream);
    ~Workspace();
    Workspace(const Workspace &) = delete;
    Workspace &operator=(const Workspace &) = delete;
    template <class T> T *at(size_t offset_bytes = 0) const {
        return reinterpret_cast<T *>(static_cast<char *>(p_) + offset_bytes);
    }

private:
    void *p_ = nullptr;
    size_t bytes_ = 0;
    cudaStream_t stream_;
};

// Device properties read once.
struct DeviceInfo {
    int device = 0;
    int sms = 0;
    size_t shared_per_block = 0;  // the opt-in maximum of dynamic shared memory per block
    size_t total_memory = 0;
};
const DeviceInfo &device_info();
// The device memory the library plans for: all of it, or less under the testing knob
// BATCHLAPACK_TEST_DEVICE_MEMORY (runtime.cu).
size_t device_memory();

// Bytes of a chunk of a call that moves `host_bytes` between host and device: small enough that
// the pipeline has several chunks in flight and several slots fit next to the caller's own
// device data, large enough to keep the copy engines busy.
size_t chunk_bytes(double host_bytes);

}  // namespace cuda
}  // namespace bl
