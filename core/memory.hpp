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
// The argument checks read the pointer layouts' arrays of pointers, which may lie in device
// memory (batchlapack.h): for such an array, copies its `count` pointers into `out` and returns
// true (null entries if the copy fails, so that the call is rejected rather than crashing);
// returns false, copying nothing, when the host can read the array where it is.
bool copy_device_pointers(const void *const *ptrs, int64_t count, std::vector<const void *> &out);

}  // namespace cuda
}  // namespace bl
