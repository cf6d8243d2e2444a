/*
 * magma_auxiliary.h -- MAGMA's runtime, for the MAGMA compatibility library of batchlapack:
 * initialization, devices, queues, memory, copies between host and device, and the arrays of
 * pointers of the batched routines. Included by magma_v2.h, which says what the library covers;
 * the typed forms (magma_dmalloc, magma_dsetmatrix, magma_dset_pointer, ...) are there too.
 *
 * Every function takes MAGMA's arguments in MAGMA's order. Where MAGMA writes a name as a macro
 * over an _internal function (magma_queue_create, magma_free, magma_setmatrix, ...) it is a
 * function of that name here; codes that call the _internal functions directly are not covered.
 */
#ifndef MAGMA_AUXILIARY_H
#define MAGMA_AUXILIARY_H

#include "magma_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- initialization ----
 * magma_init, magma_finalize: nothing to set up or tear down (the CUDA runtime initializes itself
 * at its first call; batchlapack at its first routine); they return MAGMA_SUCCESS. */
BL_MAGMA_API magma_int_t magma_init(void);
BL_MAGMA_API magma_int_t magma_finalize(void);

/* ---- devices: the calling thread's current CUDA device ---- */
BL_MAGMA_API void magma_getdevice(magma_device_t *dev);
BL_MAGMA_API void magma_setdevice(magma_device_t dev);
/* The first min(size, count) devices in devices[], their count in *num_dev. */
BL_MAGMA_API void magma_getdevices(magma_device_t *devices, magma_int_t size, magma_int_t *num_dev);

/* ---- queues ----
 * magma_queue_create: a queue on device `device` with a stream of its own (cudaStreamCreate; the
 *     calling thread's current device is left as it was). Where no device is usable the queue
 *     has no stream (the legacy default stream) and the routines run on the CPU with host data.
 *     *queue_ptr is NULL only when the queue's memory could not be had.
 * magma_queue_create_from_cuda: a queue over the caller's stream and cuBLAS handle (either may
 *     be NULL: the legacy default stream, a handle made when one is asked for); the queue does
 *     not own them, and magma_queue_destroy leaves them alone. The cuSPARSE handle is accepted
 *     and not used (the library has no sparse routines).
 * magma_queue_destroy: frees the queue (and its stream and cuBLAS handle, where it made them);
 *     work already enqueued completes. NULL is allowed.
 * magma_queue_sync: waits until the queue's stream has done all its work (cudaStreamSynchronize).
 * magma_queue_get_cublas_handle: a cuBLAS handle on the queue's stream (made at the first call
 *     where the queue has none). */
BL_MAGMA_API void magma_queue_create(magma_device_t device, magma_queue_t *queue_ptr);
BL_MAGMA_API void magma_queue_create_from_cuda(magma_device_t device, cudaStream_t cuda_stream,
                                               cublasHandle_t cublas_handle, void *cusparse_handle,
                                               magma_queue_t *queue_ptr);
BL_MAGMA_API void magma_queue_destroy(magma_queue_t queue);
BL_MAGMA_API void magma_queue_sync(magma_queue_t queue);
BL_MAGMA_API magma_int_t magma_queue_get_device(magma_queue_t queue);
BL_MAGMA_API cudaStream_t magma_queue_get_cuda_stream(magma_queue_t queue);
BL_MAGMA_API cublasHandle_t magma_queue_get_cublas_handle(magma_queue_t queue);

/* ---- memory ----
 * magma_malloc: device memory (cudaMalloc; a request of 0 bytes gets a small block, so that the
 *     pointer can be freed), MAGMA_ERR_DEVICE_ALLOC on failure; magma_free: MAGMA_ERR_INVALID_PTR
 *     when CUDA refuses the pointer. magma_malloc_pinned / magma_free_pinned: page-locked host
 *     memory (cudaMallocHost), MAGMA_ERR_HOST_ALLOC on failure. magma_malloc_cpu / magma_free_cpu:
 *     host memory aligned to 64 bytes, MAGMA_ERR_HOST_ALLOC on failure. */
BL_MAGMA_API magma_int_t magma_malloc(magma_ptr *ptr_ptr, size_t bytes);
BL_MAGMA_API magma_int_t magma_free(magma_ptr ptr);
BL_MAGMA_API magma_int_t magma_malloc_pinned(void **ptr_ptr, size_t bytes);
BL_MAGMA_API magma_int_t magma_free_pinned(void *ptr);
BL_MAGMA_API magma_int_t magma_malloc_cpu(void **ptr_ptr, size_t bytes);
BL_MAGMA_API magma_int_t magma_free_cpu(void *ptr);

/* ---- copies on the queue's stream, elemSize bytes an element ----
 * set: host to device; get: device to host; copy: device to device. The forms without _async
 * return when the copy is done (work already on the queue's stream first); the _async forms
 * enqueue the copy and return (pinned host memory makes them overlap). Matrices are column-major
 * with leading dimensions in elements, vectors have increments (> 0). A CUDA failure is
 * recorded for bl_last_error(); MAGMA prints it instead. */
BL_MAGMA_API void magma_setmatrix(magma_int_t m, magma_int_t n, magma_int_t elemSize,
                                  const void *hA_src, magma_int_t lda, magma_ptr dB_dst,
                                  magma_int_t lddb, magma_queue_t queue);
BL_MAGMA_API void magma_getmatrix(magma_int_t m, magma_int_t n, magma_int_t elemSize,
                                  magma_const_ptr dA_src, magma_int_t ldda, void *hB_dst,
                                  magma_int_t ldb, magma_queue_t queue);
BL_MAGMA_API void magma_copymatrix(magma_int_t m, magma_int_t n, magma_int_t elemSize,
                                   magma_const_ptr dA_src, magma_int_t ldda, magma_ptr dB_dst,
                                   magma_int_t lddb, magma_queue_t queue);
BL_MAGMA_API void magma_setmatrix_async(magma_int_t m, magma_int_t n, magma_int_t elemSize,
                                        const void *hA_src, magma_int_t lda, magma_ptr dB_dst,
                                        magma_int_t lddb, magma_queue_t queue);
BL_MAGMA_API void magma_getmatrix_async(magma_int_t m, magma_int_t n, magma_int_t elemSize,
                                        magma_const_ptr dA_src, magma_int_t ldda, void *hB_dst,
                                        magma_int_t ldb, magma_queue_t queue);
BL_MAGMA_API void magma_copymatrix_async(magma_int_t m, magma_int_t n, magma_int_t elemSize,
                                         magma_const_ptr dA_src, magma_int_t ldda, magma_ptr dB_dst,
                                         magma_int_t lddb, magma_queue_t queue);
BL_MAGMA_API void magma_setvector(magma_int_t n, magma_int_t elemSize, const void *hx_src,
                                  magma_int_t incx, magma_ptr dy_dst, magma_int_t incy,
                                  magma_queue_t queue);
BL_MAGMA_API void magma_getvector(magma_int_t n, magma_int_t elemSize, magma_const_ptr dx_src,
                                  magma_int_t incx, void *hy_dst, magma_int_t incy,
                                  magma_queue_t queue);
BL_MAGMA_API void magma_copyvector(magma_int_t n, magma_int_t elemSize, magma_const_ptr dx_src,
                                   magma_int_t incx, magma_ptr dy_dst, magma_int_t incy,
                                   magma_queue_t queue);
BL_MAGMA_API void magma_setvector_async(magma_int_t n, magma_int_t elemSize, const void *hx_src,
                                        magma_int_t incx, magma_ptr dy_dst, magma_int_t incy,
                                        magma_queue_t queue);
BL_MAGMA_API void magma_getvector_async(magma_int_t n, magma_int_t elemSize, magma_const_ptr dx_src,
                                        magma_int_t incx, void *hy_dst, magma_int_t incy,
                                        magma_queue_t queue);
BL_MAGMA_API void magma_copyvector_async(magma_int_t n, magma_int_t elemSize,
                                         magma_const_ptr dx_src, magma_int_t incx, magma_ptr dy_dst,
                                         magma_int_t incy, magma_queue_t queue);

/* ---- arrays of pointers, in device memory, written by a kernel on the queue's stream ----
 * The typed forms of magma_v2.h (magma_iset_pointer, magma_<p>set_pointer,
 * magma_<t>displace_pointers) call these with their element size:
 *   bl_magma_set_pointer:       output_array[i] = input + i * batch_offset + row + column * lda
 *   bl_magma_displace_pointers: output_array[i] = input_array[i] + row + column * lda
 * for i < batchCount, offsets in elements. */
BL_MAGMA_API void bl_magma_set_pointer(void **output_array, void *input, size_t elemSize,
                                       magma_int_t lda, magma_int_t row, magma_int_t column,
                                       magma_int_t batch_offset, magma_int_t batchCount,
                                       magma_queue_t queue);
BL_MAGMA_API void bl_magma_displace_pointers(void **output_array, void *const *input_array,
                                             size_t elemSize, magma_int_t lda, magma_int_t row,
                                             magma_int_t column, magma_int_t batchCount,
                                             magma_queue_t queue);

/* ---- timing and messages ----
 * magma_wtime: wall-clock seconds; magma_sync_wtime: the same after magma_queue_sync(queue) (a
 * NULL queue: after every device's work). magma_strerror: a static description of a return
 * value (MAGMA's codes, batchlapack's BL_ERROR_* and -k). */
BL_MAGMA_API real_Double_t magma_wtime(void);
BL_MAGMA_API real_Double_t magma_sync_wtime(magma_queue_t queue);
BL_MAGMA_API const char *magma_strerror(magma_int_t error);

#ifdef __cplusplus
}
#endif

#endif /* MAGMA_AUXILIARY_H */
