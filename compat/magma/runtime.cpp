// The MAGMA compatibility library's runtime (magma_auxiliary.h): initialization, devices,
// queues, memory, copies, timing and messages, over the CUDA runtime; and the queue helpers of
// the generated routines (queue.hpp).
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include <cublas_v2.h>

#include "magma_v2.h"
#include "queue.hpp"

// batchlapack's recorder of failures found outside its entry points (core/runtime.cpp).
extern "C" void bl_fortran_record_error(int code, const char *text, int len);

namespace bl_magma {

void record_failure(const char *routine, cudaError_t error) {
    const std::string text = std::string(routine) + ": " + cudaGetErrorString(error);
    bl_fortran_record_error(BL_ERROR_DEVICE, text.c_str(), int(text.size()));
    (void)cudaGetLastError();  // the error is reported: later CUDA calls must not see it again
}

void release_scratch(magma_queue &q) {
    if (q.scratch_managed) {
        cudaStreamSynchronize(q.stream);  // work enqueued on the queue may still use it
        cudaFree(q.scratch);
    } else {
        std::free(q.scratch);
    }
    (void)cudaGetLastError();
    q.scratch = nullptr;
    q.scratch_size = 0;
}

namespace {
// The scratch info of calls on the NULL queue, per calling thread (no stream orders two
// threads' calls), freed when the thread ends.
struct NullQueue {
    magma_queue queue;
    ~NullQueue() { release_scratch(queue); }
};
thread_local NullQueue t_null_queue;

// Grows q's scratch info to `batch` entries: managed memory, readable by a stream-ordered call
// on the device and by a call on the CPU; host memory where CUDA has none to give (no device).
int *grow_scratch(magma_queue &q, int batch) {
    if (batch <= q.scratch_size) return q.scratch;
    release_scratch(q);
    void *p = nullptr;
    q.scratch_managed = cudaMallocManaged(&p, sizeof(int) * size_t(batch)) == cudaSuccess;
    if (!q.scratch_managed) {
        (void)cudaGetLastError();
        p = std::malloc(sizeof(int) * size_t(batch));
    }
    if (p == nullptr) return nullptr;
    q.scratch = static_cast<int *>(p);
    q.scratch_size = batch;
    return q.scratch;
}

// Whether the host cannot read p: device memory. Host, pinned and managed arrays are read where
// they are (a caller may pass host arrays; with no device, every array is one).
bool in_device_memory(const void *p) {
    cudaPointerAttributes a{};
    if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
        (void)cudaGetLastError();
        return false;
    }
    return a.type == cudaMemoryTypeDevice;
}
}  // namespace

OnQueue::OnQueue(magma_queue_t queue) : queue_(queue), saved_(bl_get_stream()) {
    bl_set_stream(stream());
}

OnQueue::~OnQueue() { bl_set_stream(saved_); }

int *OnQueue::scratch_info(int batch) {
    return grow_scratch(queue_ ? *queue_ : t_null_queue.queue, batch);
}

HostSizes::HostSizes(const OnQueue &queue, const char *routine, int batch,
                     std::initializer_list<const int *> arrays)
    : arrays_(arrays) {
    if (batch <= 0) return;
    copy_.resize(arrays.size() * size_t(batch));
    cudaError_t e = cudaSuccess;
    bool copied = false;
    for (size_t k = 0; k < arrays_.size() && e == cudaSuccess; ++k) {
        if (arrays_[k] == nullptr || !in_device_memory(arrays_[k])) continue;
        e = cudaMemcpyAsync(&copy_[k * size_t(batch)], arrays_[k], sizeof(int) * size_t(batch),
                            cudaMemcpyDeviceToHost, queue.stream());
        arrays_[k] = &copy_[k * size_t(batch)];
        copied = true;
    }
    if (e == cudaSuccess && copied) e = cudaStreamSynchronize(queue.stream());
    if (e != cudaSuccess) {
        record_failure(routine, e);
        ok_ = false;
    }
}

}  // namespace bl_magma

namespace {

// An m-by-n column-major matrix of elemSize-byte elements, between any two memories
// (cudaMemcpyDefault: unified addressing says where each side lies), on the queue's stream;
// `wait`: returns when it is done.
void copy_matrix(magma_int_t m, magma_int_t n, magma_int_t elemSize, const void *src,
                 magma_int_t ld_src, void *dst, magma_int_t ld_dst, magma_queue_t queue,
                 bool wait, const char *routine) {
    if (m <= 0 || n <= 0) return;
    const cudaStream_t stream = queue ? queue->stream : nullptr;
    const size_t e = size_t(elemSize);
    cudaError_t r = cudaMemcpy2DAsync(dst, size_t(ld_dst) * e, src, size_t(ld_src) * e,
                                      size_t(m) * e, size_t(n), cudaMemcpyDefault, stream);
    if (r == cudaSuccess && wait) r = cudaStreamSynchronize(stream);
    if (r != cudaSuccess) bl_magma::record_failure(routine, r);
}

// A vector of n elements at increments incx, incy: a matrix of n columns of one element.
void copy_vector(magma_int_t n, magma_int_t elemSize, const void *src, magma_int_t incx, void *dst,
                 magma_int_t incy, magma_queue_t queue, bool wait, const char *routine) {
    copy_matrix(1, n, elemSize, src, incx, dst, incy, queue, wait, routine);
}

}  // namespace

extern "C" {

magma_int_t magma_init(void) { return MAGMA_SUCCESS; }
magma_int_t magma_finalize(void) { return MAGMA_SUCCESS; }

void magma_getdevice(magma_device_t *dev) {
    int d = 0;
    if (cudaGetDevice(&d) != cudaSuccess) (void)cudaGetLastError();
    *dev = d;
}

void magma_setdevice(magma_device_t dev) {
    if (cudaSetDevice(dev) != cudaSuccess) (void)cudaGetLastError();
}

void magma_getdevices(magma_device_t *devices, magma_int_t size, magma_int_t *num_dev) {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        (void)cudaGetLastError();
        count = 0;
    }
    for (int i = 0; i < count && i < size; ++i) devices[i] = i;
    *num_dev = count;
}

void magma_queue_create(magma_device_t device, magma_queue_t *queue_ptr) {
    auto *q = new (std::nothrow) magma_queue;
    *queue_ptr = q;
    if (q == nullptr) return;
    q->device = device;
    int current = 0;
    const bool have = cudaGetDevice(&current) == cudaSuccess;
    if (have && cudaSetDevice(device) == cudaSuccess &&
        cudaStreamCreate(&q->stream) == cudaSuccess) {
        q->own_stream = true;
    } else {
        q->stream = nullptr;  // no usable device: the default stream, the CPU runs the calls
    }
    if (have) cudaSetDevice(current);
    (void)cudaGetLastError();
}

void magma_queue_create_from_cuda(magma_device_t device, cudaStream_t cuda_stream,
                                  cublasHandle_t cublas_handle, void *cusparse_handle,
                                  magma_queue_t *queue_ptr) {
    (void)cusparse_handle;
    auto *q = new (std::nothrow) magma_queue;
    *queue_ptr = q;
    if (q == nullptr) return;
    q->device = device;
    q->stream = cuda_stream;
    q->cublas = cublas_handle;
}

void magma_queue_destroy(magma_queue_t queue) {
    if (queue == nullptr) return;
    bl_magma::release_scratch(*queue);
    if (queue->own_cublas) cublasDestroy(queue->cublas);
    if (queue->own_stream) cudaStreamDestroy(queue->stream);
    (void)cudaGetLastError();
    delete queue;
}

void magma_queue_sync(magma_queue_t queue) {
    const cudaError_t e = cudaStreamSynchronize(queue ? queue->stream : nullptr);
    if (e != cudaSuccess) bl_magma::record_failure("magma_queue_sync", e);
}

magma_int_t magma_queue_get_device(magma_queue_t queue) { return queue ? queue->device : 0; }

cudaStream_t magma_queue_get_cuda_stream(magma_queue_t queue) {
    return queue ? queue->stream : nullptr;
}

cublasHandle_t magma_queue_get_cublas_handle(magma_queue_t queue) {
    if (queue == nullptr) return nullptr;
    if (queue->cublas == nullptr && cublasCreate(&queue->cublas) == CUBLAS_STATUS_SUCCESS) {
        queue->own_cublas = true;
        cublasSetStream(queue->cublas, queue->stream);
    }
    return queue->cublas;
}

magma_int_t magma_malloc(magma_ptr *ptr_ptr, size_t bytes) {
    // MAGMA allocates something for 0 bytes too, so that every pointer it returns can be freed.
    if (cudaMalloc(ptr_ptr, bytes > 0 ? bytes : sizeof(double)) != cudaSuccess) {
        (void)cudaGetLastError();
        *ptr_ptr = nullptr;
        return MAGMA_ERR_DEVICE_ALLOC;
    }
    return MAGMA_SUCCESS;
}

magma_int_t magma_free(magma_ptr ptr) {
    if (cudaFree(ptr) != cudaSuccess) {
        (void)cudaGetLastError();
        return MAGMA_ERR_INVALID_PTR;
    }
    return MAGMA_SUCCESS;
}

magma_int_t magma_malloc_pinned(void **ptr_ptr, size_t bytes) {
    if (cudaMallocHost(ptr_ptr, bytes > 0 ? bytes : sizeof(double)) != cudaSuccess) {
        (void)cudaGetLastError();
        *ptr_ptr = nullptr;
        return MAGMA_ERR_HOST_ALLOC;
    }
    return MAGMA_SUCCESS;
}

magma_int_t magma_free_pinned(void *ptr) {
    if (cudaFreeHost(ptr) != cudaSuccess) {
        (void)cudaGetLastError();
        return MAGMA_ERR_INVALID_PTR;
    }
    return MAGMA_SUCCESS;
}

magma_int_t magma_malloc_cpu(void **ptr_ptr, size_t bytes) {
    // 64-byte alignment, as MAGMA's: whole cache lines and vectors for the host's kernels.
    const size_t size = (bytes > 0 ? bytes + 63 : 64) / 64 * 64;
    *ptr_ptr = std::aligned_alloc(64, size);
    return *ptr_ptr ? MAGMA_SUCCESS : MAGMA_ERR_HOST_ALLOC;
}

magma_int_t magma_free_cpu(void *ptr) {
    std::free(ptr);
    return MAGMA_SUCCESS;
}

void magma_setmatrix(magma_int_t m, magma_int_t n, magma_int_t elemSize, const void *hA_src,
                     magma_int_t lda, magma_ptr dB_dst, magma_int_t lddb, magma_queue_t queue) {
    copy_matrix(m, n, elemSize, hA_src, lda, dB_dst, lddb, queue, true, "magma_setmatrix");
}
void magma_getmatrix(magma_int_t m, magma_int_t n, magma_int_t elemSize, magma_const_ptr dA_src,
                     magma_int_t ldda, void *hB_dst, magma_int_t ldb, magma_queue_t queue) {
    copy_matrix(m, n, elemSize, dA_src, ldda, hB_dst, ldb, queue, true, "magma_getmatrix");
}
void magma_copymatrix(magma_int_t m, magma_int_t n, magma_int_t elemSize, magma_const_ptr dA_src,
                      magma_int_t ldda, magma_ptr dB_dst, magma_int_t lddb, magma_queue_t queue) {
    copy_matrix(m, n, elemSize, dA_src, ldda, dB_dst, lddb, queue, true, "magma_copymatrix");
}
void magma_setmatrix_async(magma_int_t m, magma_int_t n, magma_int_t elemSize, const void *hA_src,
                           magma_int_t lda, magma_ptr dB_dst, magma_int_t lddb,
                           magma_queue_t queue) {
    copy_matrix(m, n, elemSize, hA_src, lda, dB_dst, lddb, queue, false, "magma_setmatrix_async");
}
void magma_getmatrix_async(magma_int_t m, magma_int_t n, magma_int_t elemSize,
                           magma_const_ptr dA_src, magma_int_t ldda, void *hB_dst, magma_int_t ldb,
                           magma_queue_t queue) {
    copy_matrix(m, n, elemSize, dA_src, ldda, hB_dst, ldb, queue, false, "magma_getmatrix_async");
}
void magma_copymatrix_async(magma_int_t m, magma_int_t n, magma_int_t elemSize,
                            magma_const_ptr dA_src, magma_int_t ldda, magma_ptr dB_dst,
                            magma_int_t lddb, magma_queue_t queue) {
    copy_matrix(m, n, elemSize, dA_src, ldda, dB_dst, lddb, queue, false,
                "magma_copymatrix_async");
}

void magma_setvector(magma_int_t n, magma_int_t elemSize, const void *hx_src, magma_int_t incx,
                     magma_ptr dy_dst, magma_int_t incy, magma_queue_t queue) {
    copy_vector(n, elemSize, hx_src, incx, dy_dst, incy, queue, true, "magma_setvector");
}
void magma_getvector(magma_int_t n, magma_int_t elemSize, magma_const_ptr dx_src,
                     magma_int_t incx, void *hy_dst, magma_int_t incy, magma_queue_t queue) {
    copy_vector(n, elemSize, dx_src, incx, hy_dst, incy, queue, true, "magma_getvector");
}
void magma_copyvector(magma_int_t n, magma_int_t elemSize, magma_const_ptr dx_src,
                      magma_int_t incx, magma_ptr dy_dst, magma_int_t incy, magma_queue_t queue) {
    copy_vector(n, elemSize, dx_src, incx, dy_dst, incy, queue, true, "magma_copyvector");
}
void magma_setvector_async(magma_int_t n, magma_int_t elemSize, const void *hx_src,
                           magma_int_t incx, magma_ptr dy_dst, magma_int_t incy,
                           magma_queue_t queue) {
    copy_vector(n, elemSize, hx_src, incx, dy_dst, incy, queue, false, "magma_setvector_async");
}
void magma_getvector_async(magma_int_t n, magma_int_t elemSize, magma_const_ptr dx_src,
                           magma_int_t incx, void *hy_dst, magma_int_t incy,
                           magma_queue_t queue) {
    copy_vector(n, elemSize, dx_src, incx, hy_dst, incy, queue, false, "magma_getvector_async");
}
void magma_copyvector_async(magma_int_t n, magma_int_t elemSize, magma_const_ptr dx_src,
                            magma_int_t incx, magma_ptr dy_dst, magma_int_t incy,
                            magma_queue_t queue) {
    copy_vector(n, elemSize, dx_src, incx, dy_dst, incy, queue, false, "magma_copyvector_async");
}

real_Double_t magma_wtime(void) {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

real_Double_t magma_sync_wtime(magma_queue_t queue) {
    if (queue) magma_queue_sync(queue);
    else if (cudaDeviceSynchronize() != cudaSuccess) (void)cudaGetLastError();
    return magma_wtime();
}

const char *magma_strerror(magma_int_t error) {
    switch (error) {
    case MAGMA_ERR: return "unspecified error";
    case MAGMA_ERR_NOT_SUPPORTED: return "not supported";
    case MAGMA_ERR_HOST_ALLOC: return "could not allocate CPU host memory";
    case MAGMA_ERR_DEVICE_ALLOC: return "could not allocate GPU device memory";
    case MAGMA_ERR_INVALID_PTR: return "invalid pointer";
    case MAGMA_ERR_UNKNOWN: return "unknown error";
    default: return bl_error_string(error);  // 0, -k and batchlapack's BL_ERROR_*
    }
}

}  // extern "C"
