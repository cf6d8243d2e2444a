// CUDA backend: LU in registers with a thread a row (getrf_rows, lu_rows.cuh) on the panels of
// the blocked algorithm, a build unit of its own.
#include "lu_rows.cuh"

namespace bl {
namespace cuda {

template <class T> void launch_getrf_rows_panel(const GetrfRows<T> &g, int rows, int64_t count, cudaStream_t stream) {
    if (count == 0) return;
    auto go = [&](auto w) {
        getrf_rows<kPanel, decltype(w)::value><<<unsigned(count), 32 * decltype(w)::value, 0, stream>>>(g);
    };
    using std::integral_constant;
    if (rows <= 64) go(integral_constant<int, 2>());
    else if (rows <= 128) go(integral_constant<int, 4>());
    else if (rows <= 256) go(integral_constant<int, 8>());
    else if constexpr (rows_panel_max<T>() >= 512) go(integral_constant<int, 16>());
    check_launch("getrf_rows");
}
#define BL_INSTANTIATE(p, T) \
    template void launch_getrf_rows_panel(const GetrfRows<Dev<T>> &, int, int64_t, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
