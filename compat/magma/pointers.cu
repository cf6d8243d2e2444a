// The MAGMA compatibility library's arrays of pointers (magma_auxiliary.h): small kernels on the
// queue's stream, so that they are ordered with the routines that read the arrays, and can be
// captured in a CUDA graph with them. Offsets are in elements of elemSize bytes.
#include <cstdint>

#include "magma_v2.h"
#include "queue.hpp"

namespace {

constexpr int kThreads = 256;

__global__ void set_pointer(char **out, char *input, int64_t step, int64_t offset, int count) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) out[i] = input + offset + step * i;
}

__global__ void displace_pointers(char **out, char *const *in, int64_t offset, int count) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) out[i] = in[i] + offset;
}

int blocks(int count) { return (count + kThreads - 1) / kThreads; }

cudaStream_t stream_of(magma_queue_t queue) { return queue ? queue->stream : nullptr; }

}  // namespace

extern "C" void bl_magma_set_pointer(void **output_array, void *input, size_t elemSize,
                                     magma_int_t lda, magma_int_t row, magma_int_t column,
                                     magma_int_t batch_offset, magma_int_t batchCount,
                                     magma_queue_t queue) {
    if (batchCount <= 0) return;
    const int64_t e = int64_t(elemSize);
    set_pointer<<<blocks(batchCount), kThreads, 0, stream_of(queue)>>>(
        reinterpret_cast<char **>(output_array), static_cast<char *>(input),
        int64_t(batch_offset) * e, (int64_t(row) + int64_t(column) * lda) * e, batchCount);
    const cudaError_t r = cudaGetLastError();
    if (r != cudaSuccess) bl_magma::record_failure("magma_set_pointer", r);
}

extern "C" void bl_magma_displace_pointers(void **output_array, void *const *input_array,
                                           size_t elemSize, magma_int_t lda, magma_int_t row,
                                           magma_int_t column, magma_int_t batchCount,
                                           magma_queue_t queue) {
    if (batchCount <= 0) return;
    displace_pointers<<<blocks(batchCount), kThreads, 0, stream_of(queue)>>>(
        reinterpret_cast<char **>(output_array), reinterpret_cast<char *const *>(input_array),
        (int64_t(row) + int64_t(column) * lda) * int64_t(elemSize), batchCount);
    const cudaError_t r = cudaGetLastError();
    if (r != cudaSuccess) bl_magma::record_failure("magma_displace_pointers", r);
}
