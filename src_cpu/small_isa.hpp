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
