// The backends, as the core sees them.
//
// For every operation of ops.hpp in every precision, each backend answers two questions: `offer`
// (can it run this call, given where the data lies, and in about how many seconds) and `run` (do
// it). The core asks every backend for its offer and decides once (dispatch.hpp); a backend only
// executes what it was given. A backend that is not built (CUDA without a toolkit) is linked as a
// stub that offers nothing, so the core needs no #ifdef.
#pragma once

#include "memory.hpp"
#include "ops.hpp"

namespace bl {

// Where a call's data lies, found by the core after the argument checks.
struct Placement {
    // Bytes a run on the GPU would move between host and device: the footprint of every array in
    // host memory, twice for the arrays the routine writes (in and back out).
    double host_bytes = 0;
    // False when an array (or an array of pointers) lies in device memory: the CPU cannot run it.
    bool host_readable = true;
};

// A backend's answer for one call. `seconds` compares backends; it is an estimate, not a promise.
struct Offer {
    bool supported = false;
    double seconds = 0;
};

#define BL_DECLARE_BACKEND(Op) \
    template <class T> Offer offer(const Op<T> &op, const Placement &where); \
    template <class T> int run(const Op<T> &op);

namespace cpu {
// Why the CPU backend runs nothing: BATCHLAPACK_CPU_ISA names no instruction set, or one this
// processor or build cannot run (src_cpu/isa.hpp); "" when it runs.
const char *isa_refused();
BL_OPERATIONS(BL_DECLARE_BACKEND)
}  // namespace cpu

namespace cuda {
// True when the library was built with CUDA and a device is usable (checked once per process).
bool usable();
// Why usable() is false, for the message of BL_ERROR_NO_DEVICE: a build without CUDA, or the CUDA
// runtime's reason ("" when a device is usable).
const char *unusable_reason();
BL_OPERATIONS(BL_DECLARE_BACKEND)
}  // namespace cuda
#undef BL_DECLARE_BACKEND

// Explicit instantiation of a backend's `run` (or `offer`) for one operation in the unit's
// precisions (precisions.hpp); a backend's source file that implements Op ends with
// BL_INSTANTIATE_RUN(Op).
#define BL_INSTANTIATE_RUN_ONE(Op, T) template int run<T>(const Op<T> &);
#define BL_INSTANTIATE_RUN(Op) BL_PRECISIONS_WITH(BL_INSTANTIATE_RUN_ONE, Op)
#define BL_INSTANTIATE_OFFER_ONE(Op, T) template Offer offer<T>(const Op<T> &, const Placement &);
#define BL_INSTANTIATE_OFFER(Op) BL_PRECISIONS_WITH(BL_INSTANTIATE_OFFER_ONE, Op)

}  // namespace bl
