// CPU backend: tiled.hpp's entry points, which call the instruction-set unit of tiled.cpp that
// the instruction set in use (isa.hpp) runs; where it has no unit (x86-64 without AVX2) the
// callers take the system LAPACK.
#include "isa.hpp"
#include "ladder.hpp"
#include "precisions.hpp"
#include "tiled.hpp"

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
// An entry of BL_TILED_ENTRIES (tiled.hpp) that calls the unit in use, `none` where no unit runs.
#define BL_TILED_DISPATCH(T, ret, name, params, args, none)                                       \
    template <class T> ret name params {                                                          \
        switch (isa()) {                                                                          \
            BL_TILED_CASE_V4(name<T> args)                                                        \
            BL_TILED_CASE_V3(name<T> args)                                                        \
            BL_TILED_CASE_BASE(name<T> args)                                                      \
        default:                                                                                  \
            break;                                                                                \
        }                                                                                         \
        return none;                                                                              \
    }
BL_TILED_ENTRIES(BL_TILED_DISPATCH, T)
#undef BL_TILED_DISPATCH

template <class T> bool covers(int n) { return tile<T>() != 0 && n >= ladder::tiled::kMin && n <= ladder::tiled::kMax; }

#define BL_TILED(p, T)                                                                            \
    BL_TILED_ENTRIES(BL_TILED_INSTANTIATE, T)                                                     \
    template bool covers<T>(int);
BL_PRECISIONS(BL_TILED)
#undef BL_TILED

}  // namespace tiled
}  // namespace cpu
}  // namespace bl
