// What every instruction-set unit of the tiny-matrix kernels includes (small_*_group.cpp,
// small_trsv_blocked.cpp; small_dispatch.hpp says what they are), and the check that it is
// compiled as one: through batchlapack_isa_units (cmake/units.cmake), which defines BL_ISA.
#pragma once

#ifndef BL_ISA
#error "an instruction-set unit: compiled through batchlapack_isa_units (cmake/units.cmake)"
#endif

#include "ladder.hpp"
#include "precisions.hpp"
#include "small.hpp"
#include "small_detail.hpp"
#include "small_dispatch.hpp"

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN
// The bytes of the group kernels' explicit lane vectors (small_qr_lanes.hpp, the Cholesky group
// kernel's Gv): 32, or where the unit is built for AVX-512 a whole part of a group's lanes (64
// for double: one vector where two 32-byte ones were), or on x86-64 without AVX (the `base`
// units) SSE2's 16: GCC splits each 32-byte operation in two there, which made those units
// three times the code, 3.5x the compile time, and slower (docs/decisions.md, "CI's time on two
// cores"). NEON keeps 32 (two of its registers a vector) until it is timed on an aarch64 machine.
template <class R> constexpr int kLaneBytes =
#if defined(__AVX512F__)
    std::min(64, group_size * int(sizeof(R)));
#elif defined(__x86_64__) && !defined(__AVX__)
    16;
#else
    32;
#endif
BL_ISA_END
}  // namespace small
}  // namespace cpu
}  // namespace bl
