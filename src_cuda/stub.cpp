// The CUDA backend of a build without the CUDA toolkit: never usable, so the dispatcher never
// calls it; its entry points exist only so that the dispatcher links without #ifdefs.
#include "backend.hpp"
#include "batchlapack.h"

namespace bl {
namespace cuda {

bool usable() { return false; }
double transfer_bandwidth() { return 0; }
bool copy_device_pointers(const void *const *, int64_t, std::vector<const void *> &) { return false; }
bool host_accessible(const void *) { return true; }

#define BL_STUB_RUN(Op) \
    template <class T> int run(const Op<T> &) { return BL_ERROR_NO_DEVICE; } \
    BL_INSTANTIATE_RUN(Op)
BL_OPERATIONS(BL_STUB_RUN)

}  // namespace cuda
}  // namespace bl
