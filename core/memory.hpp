// Where an array lies: the queries the core asks of the CUDA backend (answered by the stub, as
// host memory everywhere, in a build without CUDA).
#pragma once

#include <cstdint>
#include <vector>

namespace bl {
namespace cuda {

// Whether the host can read the memory at p (host, pinned or managed memory; not device memory).
// Always true without a usable device.
bool host_accessible(const void *p);
// The answers above are remembered for the rest of the call (the core, the checks and the
// backend ask about the same arrays); forget_pointers drops them, at each call's start and end.
void forget_pointers();
// The argument checks read the pointer layouts' arrays of pointers, which may lie in device
// memory (batchlapack.h): for such an array, copies its `count` pointers into `out` and returns
// true (null entries if the copy fails, so that the call is rejected rather than crashing);
// returns false, copying nothing, when the host can read the array where it is. With a stream set
// (bl_set_stream) a device array is not read (a copy would wait for the stream's work): returns
// true and leaves `out` empty.
bool copy_device_pointers(const void *const *ptrs, int64_t count, std::vector<const void *> &out);

// info in device memory (batchlapack.h), written by the core through these. fill_device_ints sets
// n entries to `value`: enqueued on `stream` when one is set, else done when it returns.
// copy_ints copies n ints between any two memories, done when it returns (the error paths, the
// CPU backend's info). wait_stream waits for a caller's stream (a call computed on the host with a
// stream set must see the stream's earlier work, e.g. a copy into its arrays).
void fill_device_ints(int *p, int64_t n, int value, void *stream);
void copy_ints(int *to, const int *from, int64_t n);
void wait_stream(void *stream);

}  // namespace cuda
}  // namespace bl
