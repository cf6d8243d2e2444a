// The instruction set the CPU backend's own kernels run with, and the namespaces that keep the
// build units of one source compiled for several instruction sets apart.
//
// Kernels compiled once per instruction set (cmake/units.cmake, batchlapack_isa_units) are chosen
// at run time by isa(): the best the processor runs among those the build has, or the one named by
// the environment variable BATCHLAPACK_CPU_ISA (README.md), which lets a test run the AVX2 kernels
// on an AVX-512 machine. A value that names no instruction set, or one this processor or build
// cannot run, is refused: every call on the CPU then fails with BL_ERROR_INVALID_VALUE and
// bl_last_error() says why (cpu::isa_refused, core/backend.hpp), rather than running elsewhere
// unnoticed.
#pragma once

namespace bl {
namespace cpu {

// base: what the rest of the library is compiled for (x86-64: SSE2; aarch64: NEON); v3: x86-64-v3
// (AVX2, FMA); v4: x86-64-v4 (AVX-512). Ordered: each runs where a later one does.
enum class Isa { base, v3, v4 };

// The instruction set the kernels use in this process, read once (a refused setting: the
// processor's best, though no call runs on the CPU then).
Isa isa();

// Whether this process runs units of the group and trsv kernels (small_dispatch.hpp): the
// baseline's, where the build has them (BATCHLAPACK_X86_BASE_KERNELS, cmake/units.cmake), else
// x86-64-v3's where isa() has it. Without, those kernels decline every call and LAPACK runs.
bool small_units_run();

}  // namespace cpu
}  // namespace bl

// The instruction set's inline namespace in an instruction-set unit (cmake/units.cmake defines
// BL_ISA there: base, v3 or v4), so that the templates one source instantiates in several units
// stay distinct symbols; nothing elsewhere.
#ifdef BL_ISA
#define BL_ISA_PASTE_(a, b) a##b
#define BL_ISA_PASTE(a, b) BL_ISA_PASTE_(a, b)
#define BL_ISA_BEGIN inline namespace BL_ISA_PASTE(isa_, BL_ISA) {
#define BL_ISA_END }
#else
#define BL_ISA_BEGIN
#define BL_ISA_END
#endif
