// CPU backend: tiled.hpp's entry points, which call the instruction-set unit of tiled.cpp that
// the instruction set in use (isa.hpp) runs; where it has no unit (x86-64 without AVX2), and for
// the entries of real types alone with complex ones, the kernels are not available and the
// callers take the system LAPACK.
#include "isa.hpp"
#include "ladder.hpp"
#include "precisions.hpp"
#include "tiled.hpp"

#include <type_traits>

namespace bl {
namespace cpu {
namespace tiled {

// The cases of a switch on isa() for the units the build has (BL_TILED_<isa>: CMakeLists.txt).
#ifdef BL_TILED_V4
#define BL_TILED_CASE_V4(call) case Isa::v4: return v4::call;
#else
#define BL_TILED_CASE_V4(call)
#endif
#ifdef BL_TILED_V3
#define BL_TILED_CASE_V3(call) case Isa::v3: return v3::call;
#else
#define BL_TILED_CASE_V3(call)
#endif
#ifdef BL_TILED_BASE
#define BL_TILED_CASE_BASE(call) case Isa::base: return base::call;
#else
#define BL_TILED_CASE_BASE(call)
#endif
// `call` on the unit in use where `has` (a constant), `none` otherwise or where no unit runs.
#define BL_TILED_BY_ISA(has, call, none)                                                          \
    if constexpr (has) {                                                                          \
        switch (isa()) {                                                                          \
            BL_TILED_CASE_V4(call)                                                                \
            BL_TILED_CASE_V3(call)                                                                \
            BL_TILED_CASE_BASE(call)                                                              \
        default:                                                                                  \
            break;                                                                                \
        }                                                                                         \
    }                                                                                             \
    return none;

// An entry of BL_TILED_FACTOR_ENTRIES (tiled.hpp) that calls the unit in use, and one of
// BL_TILED_REAL_ENTRIES, which does so for real T.
#define BL_TILED_DISPATCH(T, ret, name, params, args, none)                                       \
    template <class T> ret name params { BL_TILED_BY_ISA(true, name<T> args, none) }
#define BL_TILED_DISPATCH_REAL(T, ret, name, params, args, none)                                  \
    template <class T> ret name params { BL_TILED_BY_ISA(std::is_floating_point_v<T>, name<T> args, none) }
BL_TILED_FACTOR_ENTRIES(BL_TILED_DISPATCH, T)
BL_TILED_REAL_ENTRIES(BL_TILED_DISPATCH_REAL, T)
#undef BL_TILED_DISPATCH
#undef BL_TILED_DISPATCH_REAL

template <class T> bool available() { return std::is_floating_point_v<T> && tile<T>() != 0; }

template <class T> bool covers(int n) { return tile<T>() != 0 && n >= ladder::tiled::kMin && n <= ladder::tiled::kMax; }

#define BL_TILED(p, T)                                                                            \
    BL_TILED_ENTRIES(BL_TILED_INSTANTIATE, T)                                                     \
    template bool available<T>();                                                                 \
    template bool covers<T>(int);
BL_PRECISIONS(BL_TILED)
#undef BL_TILED

}  // namespace tiled
}  // namespace cpu
}  // namespace bl
