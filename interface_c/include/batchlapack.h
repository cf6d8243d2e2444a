/*
 * batchlapack -- batched LAPACK for many small matrices, on an NVIDIA GPU or on every CPU core.
 *
 * One call replaces a loop of LAPACK calls:
 *
 *     for (k = 0; k < nb; ++k) dgetrf_(&n, &n, A + k*lda*n, &lda, ipiv + k*n, &info[k]);
 *
 * becomes
 *
 *     bl_dgetrf_batch(n, n, A, lda, (int64_t)lda*n, ipiv, n, info, nb);
 *
 * Conventions shared by every routine of this header and of the family headers it includes:
 *
 *  - Matrices are column-major, as in LAPACK. Pivot indices are 1-based, as in LAPACK.
 *  - Argument lists are LAPACK's, in LAPACK's order, without work/lwork (the library manages its own
 *    workspace); `info` is an array of `batch` entries; the batch count comes last.
 *  - Three layouts of every routine:
 *      bl_<p><name>_batch      uniform sizes; array argument X of matrix i starts at X + i*strideX.
 *                              Every array argument is followed by a 64-bit stride (in elements),
 *                              placed right after its leading dimension or increment when it has
 *                              one: (A, lda, strideA), (x, incx, strideX), (ipiv, strideIpiv).
 *      bl_<p><name>_batch_ptr  uniform sizes; every array argument is an array of `batch` pointers.
 *      bl_<p><name>_vbatch     variable sizes: every integer size, leading dimension and increment
 *                              is an array of `batch` values, every array argument an array of
 *                              `batch` pointers. Character options and scalars (alpha, beta) are
 *                              the same for the whole batch.
 *    With the CUDA backend the matrices may lie in host, pinned, device or managed memory (all
 *    matrices of one argument in one kind). In the two pointer layouts the array of pointers
 *    itself may lie in host, device or managed memory (as cuBLAS's batched routines want it):
 *    the GPU reads a device or managed array in place, and the library copies a device array
 *    back only to check it for null entries (or to stage host matrices it points to; neither
 *    with a stream set: see bl_set_stream). info may lie in host, device or managed memory; the
 *    vbatch arrays of sizes, leading dimensions and increments are host memory. Matrices in
 *    device memory need a call that runs on the GPU: under backend cpu, and for a gels vbatch
 *    that mixes m < n with m >= n (it runs on the CPU), they return BL_ERROR_DEVICE_DATA and
 *    nothing is touched (a device info alone is fine: the CPU's info is copied there). A call
 *    on device data first waits for the work the calling thread enqueued on the default stream
 *    and on the stream set by bl_set_stream.
 *  - Return value (every routine):
 *       0   the arguments were legal; info[i] holds LAPACK's INFO for matrix i.
 *      -k   argument k (1-based, counted in the batched call's own argument list) is illegal;
 *           nothing was computed, no matrix was modified, and info[i] = -k for every i when info
 *           is usable. Besides LAPACK's own checks (applied to every matrix): batch < 0, a null
 *           pointer where data is needed, a stride that makes two matrices of an output
 *           array overlap. Read-only arrays may overlap: stride 0 shares one matrix (say the A
 *           of gemm or getrs) across the whole batch.
 *      < BL_ERROR_BASE  a library-level failure (BL_ERROR_*: no usable device, a backend setting
 *           that names no backend, device data for a call on the CPU, memory, a CUDA error), see
 *           bl_error_string() and bl_last_error(); info[i] = that code for every i (info was
 *           checked usable first), so that a caller reading only info never sees success. The
 *           outputs may be partly computed.
 *  - batch == 0 and empty matrices (a zero dimension) are legal and do nothing, as in LAPACK.
 *  - Calls are synchronous (results are in place on return) unless a stream is set and every
 *    array of the call is on the device (bl_set_stream), and thread-safe. The library never
 *    prints, exits or aborts.
 *
 * Complex arguments use bl_complex_float / bl_complex_double, which are layout-compatible with
 * C99 float/double _Complex, std::complex<float/double>, cuComplex/cuDoubleComplex and Fortran
 * complex(c_float_complex)/complex(c_double_complex). Define them before including this header to
 * use another type of the same layout (LAPACKE's convention).
 */
#ifndef BATCHLAPACK_H
#define BATCHLAPACK_H

#include <stdint.h>

#ifndef bl_complex_float
#  ifdef __cplusplus
#    include <complex>
#    define bl_complex_float std::complex<float>
#  else
#    include <complex.h>
#    define bl_complex_float float _Complex
#  endif
#endif
#ifndef bl_complex_double
#  ifdef __cplusplus
#    include <complex>
#    define bl_complex_double std::complex<double>
#  else
#    include <complex.h>
#    define bl_complex_double double _Complex
#  endif
#endif

#if defined(_WIN32)
#  define BL_API __declspec(dllimport)
#elif defined(__GNUC__)
#  define BL_API __attribute__((visibility("default")))
#else
#  define BL_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Version of the library the program runs with (may differ from the header it was built with). */
#define BATCHLAPACK_VERSION_MAJOR 0
#define BATCHLAPACK_VERSION_MINOR 1
#define BATCHLAPACK_VERSION_PATCH 0
BL_API void bl_version(int *major, int *minor, int *patch);
BL_API const char *bl_version_string(void);

/* Error codes other than -k (illegal argument k). All are below BL_ERROR_BASE, so they can never
 * be mistaken for an argument position. */
#define BL_ERROR_BASE (-1000)
enum bl_error {
    BL_SUCCESS = 0,
    BL_ERROR_OUT_OF_MEMORY = -1001,    /* host or device memory could not be allocated           */
    BL_ERROR_DEVICE = -1002,           /* a CUDA call failed (driver, launch, transfer)           */
    BL_ERROR_NO_DEVICE = -1003,        /* backend 'cuda' requested, but no usable GPU / no build  */
    BL_ERROR_INVALID_VALUE = -1004,    /* a backend setting that names no backend                 */
    BL_ERROR_INTERNAL = -1005,         /* a bug in batchlapack: please report it                  */
    BL_ERROR_DEVICE_DATA = -1006       /* arrays in device memory for a call that runs on the CPU
                                        * (backend cpu, or a gels vbatch mixing m < n, m >= n)    */
};

/* bl_error_string: a static, human-readable description of a return value (0, -k or an error code). */
BL_API const char *bl_error_string(int code);

/* bl_last_error: a description of the most recent nonzero return on the calling thread, naming
 * the routine, the argument and its value (e.g. "bl_dgetrf_batch: argument 4 (lda) = 2 must be
 * >= max(1, m) = 5 (matrix 0)"). Empty string if no call on this thread has failed. The pointer
 * stays valid until the next batchlapack call on the same thread. */
BL_API const char *bl_last_error(void);

/* Backends. BL_BACKEND_AUTO (the default) runs on the GPU when the library was built with CUDA and
 * a usable device is present, else on the CPU. The environment variable BATCHLAPACK_BACKEND chooses
 * by name: auto, cpu or cuda, in any case ("gpu" is not a name; unset or empty means auto). It is
 * read once, at the first call that needs it. A value that is not one of these names fails every
 * call with BL_ERROR_INVALID_VALUE (after the argument checks; bl_last_error() names the value),
 * and cuda without a usable GPU fails every call with BL_ERROR_NO_DEVICE: a job meant for one
 * backend never runs silently on another. bl_set_backend overrides the environment. */
typedef enum bl_backend {
    BL_BACKEND_AUTO = 0,
    BL_BACKEND_CPU = 1,
    BL_BACKEND_CUDA = 2
} bl_backend;

/* bl_set_backend: choose the backend for all later calls of the process (overrides the
 * environment variable BATCHLAPACK_BACKEND). Returns 0; BL_ERROR_INVALID_VALUE for a value that is
 * not a bl_backend, or BL_ERROR_NO_DEVICE when BL_BACKEND_CUDA is asked for and no usable GPU
 * exists (bl_last_error() says whether the library was built without CUDA or found no device);
 * on an error the setting is unchanged. */
BL_API int bl_set_backend(bl_backend backend);
/* bl_get_backend: the backend chosen by bl_set_backend or the environment (may be AUTO; AUTO too
 * while BATCHLAPACK_BACKEND names no backend, when every call fails). */
BL_API bl_backend bl_get_backend(void);
/* bl_last_backend: the backend (CPU or CUDA) the most recent call on the calling thread ran on;
 * BL_BACKEND_AUTO if that call computed nothing (an argument error, or nothing to do). */
BL_API bl_backend bl_last_backend(void);
/* bl_backend_name: "auto", "cpu" or "cuda", the name BATCHLAPACK_BACKEND (and the Fortran
 * bl_set_backend) takes for a backend; "unknown" for any other value. A static string. */
BL_API const char *bl_backend_name(bl_backend backend);
/* bl_cuda_available: 1 when the library was built with CUDA and a usable device is present. */
BL_API int bl_cuda_available(void);
/* Streams (CUDA backend), the convention of cublasSetStream. bl_set_stream: the CUDA stream (a
 * cudaStream_t passed as void *) on which the calling thread's later calls enqueue their GPU work;
 * NULL, the default, means none. Per host thread; returns 0. With a stream set, a call whose
 * every array -- matrices, arrays of pointers, and info -- lies in device or managed memory, in
 * the strided or pointer layout, is stream-ordered: it checks its arguments (an illegal one is
 * returned as -k and written into info before anything is enqueued), enqueues its kernels on the
 * stream after the work already there and returns without waiting; results and info are in place
 * once the stream reaches that point (cudaStreamSynchronize, an event), and the calls can be
 * captured in a CUDA graph. With a stream set no call reads a device array of pointers on the
 * host: null or overlapping matrices behind it are not detected, and it must point to device or
 * managed memory. Every other call (host
 * arrays, a variable-size batch, which reads its sizes on the host, the CPU backend) waits for the
 * work already on the stream, computes, and returns when its results are in place, as without a
 * stream. The stream must stay valid while calls use it (bl_set_stream(NULL) before destroying
 * it). In a build without CUDA the setting is kept and has no effect. */
BL_API int bl_set_stream(void *stream);
/* bl_get_stream: the calling thread's stream set by bl_set_stream (NULL if none). */
BL_API void *bl_get_stream(void);
/* bl_cpu_threads: the number of threads (one matrix per thread) the CPU backend runs a call made
 * from the calling thread on: OpenMP's omp_get_max_threads() as the library sees it (set by
 * OMP_NUM_THREADS or omp_set_num_threads), 1 inside a caller's active OpenMP parallel region and
 * in a build without OpenMP. */
BL_API int bl_cpu_threads(void);

#ifdef __cplusplus
}
#endif

#include "batchlapack/lu.h"
#include "batchlapack/cholesky.h"
#include "batchlapack/qr.h"
#include "batchlapack/gebrd.h"
#include "batchlapack/blas.h"

#endif /* BATCHLAPACK_H */
