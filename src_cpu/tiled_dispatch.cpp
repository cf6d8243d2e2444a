// CPU backend: tiled.hpp's entry points, which call the instruction-set unit of tiled.cpp that
// the instruction set in use (isa.hpp) runs; for complex types, and where it has no unit (x86-64
// without AVX2), the kernels are not available and the callers take the system LAPACK.
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
// `call` on the unit in use, for real T; `none` for complex T or where no unit runs.
#define BL_TILED_BY_ISA(call, none)                                                               \
    if constexpr (std::is_floating_point_v<T>) {                                                  \
        switch (isa()) {                                                                          \
            BL_TILED_CASE_V4(call)                                                                \
            BL_TILED_CASE_V3(call)                                                                \
            BL_TILED_CASE_BASE(call)                                                              \
        default:                                                                                  \
            break;                                                                                \
        }                                                                                         \
    }                                                                                             \
    return none;

template <class T> int tile() { BL_TILED_BY_ISA(tile<T>(), 0) }

template <class T> bool available() { return tile<T>() != 0; }

template <class T> bool covers(int n) { return available<T>() && n >= ladder::tiled::kMin && n <= ladder::tiled::kMax; }

template <class T> int64_t workspace(int n) { BL_TILED_BY_ISA(workspace<T>(n), 0) }

template <class T> void getrf(int n, T *A, int lda, int *ipiv, int *info, T *work) {
    BL_TILED_BY_ISA(getrf(n, A, lda, ipiv, info, work), void())
}

template <class T> void potrf(char uplo, int n, T *A, int lda, int *info, T *work) {
    BL_TILED_BY_ISA(potrf(uplo, n, A, lda, info, work), void())
}

template <class T> void getrf_np(int n, T *A, int lda, int *info, T *work) {
    BL_TILED_BY_ISA(getrf_np(n, A, lda, info, work), void())
}

template <class T> int64_t inverse_workspace(int n) { BL_TILED_BY_ISA(inverse_workspace<T>(n), 0) }

template <class T> void trtri(char uplo, char diag, int n, T *A, int lda, T *work) {
    BL_TILED_BY_ISA(trtri(uplo, diag, n, A, lda, work), void())
}

template <class T> void getri(int n, T *A, int lda, const int *ipiv, T *work) {
    BL_TILED_BY_ISA(getri(n, A, lda, ipiv, work), void())
}

template <class T> void potri(char uplo, int n, T *A, int lda, T *work) {
    BL_TILED_BY_ISA(potri(uplo, n, A, lda, work), void())
}

template <class T> int64_t reflector_workspace(int rows) { BL_TILED_BY_ISA(reflector_workspace<T>(rows), 0) }

template <class T>
void apply_reflector(int rows, int cols, int b, const T *a, int lda, const T *tau, T *c, int ldc, T *work) {
    BL_TILED_BY_ISA(apply_reflector(rows, cols, b, a, lda, tau, c, ldc, work), void())
}

#define BL_TILED(p, T)                                                                            \
    template int tile<T>();                                                                       \
    template bool available<T>();                                                                 \
    template bool covers<T>(int);                                                                 \
    template int64_t workspace<T>(int);                                                           \
    template void getrf<T>(int, T *, int, int *, int *, T *);                                     \
    template void potrf<T>(char, int, T *, int, int *, T *);                                      \
    template void getrf_np<T>(int, T *, int, int *, T *);                                         \
    template int64_t inverse_workspace<T>(int);                                                   \
    template void trtri<T>(char, char, int, T *, int, T *);                                       \
    template void getri<T>(int, T *, int, const int *, T *);                                      \
    template void potri<T>(char, int, T *, int, T *);                                             \
    template int64_t reflector_workspace<T>(int);                                                 \
    template void apply_reflector<T>(int, int, int, const T *, int, const T *, T *, int, T *);
BL_PRECISIONS(BL_TILED)
#undef BL_TILED

}  // namespace tiled
}  // namespace cpu
}  // namespace bl
