// CUDA backend: LU in registers with a thread a row (getrf_rows, lu_rows.cuh) on whole matrices
// of orders 33..64 (s, d, c) and, in complex arithmetic, 17..32; a build unit of its own.
#include "lu_rows.cuh"

namespace bl {
namespace cuda {

template <class T> void launch_getrf_rows_whole(const GetrfRows<T> &g, int rows, int64_t count, cudaStream_t stream) {
    if (count == 0) return;
    if constexpr (kComplex<T>) {
        if (rows <= 32) {  // complex 17..32: a warp a matrix, the steps rolled (lu.cu says why)
            // 18 columns for 17..18, 20 for 19..20, 24 for 21..24 (kRowsMinBlocks says what they
            // gave)
            auto go = [&](auto nc) {
                constexpr int NC = decltype(nc)::value;
                if (g.ipiv.empty()) getrf_rows<NC, 1, T, true><<<unsigned(count), 32, 0, stream>>>(g);
                else getrf_rows<NC, 1, T><<<unsigned(count), 32, 0, stream>>>(g);
            };
            using std::integral_constant;
            if (rows <= 18) go(integral_constant<int, 18>());
            else if (rows <= 20) go(integral_constant<int, 20>());
            else if (rows <= 24) go(integral_constant<int, 24>());
            else go(integral_constant<int, 32>());
            check_launch("getrf_rows");
            return;
        }
    }
    if constexpr (sizeof(T) <= 8) {
        auto go = [&](auto nc) {
            constexpr int NC = decltype(nc)::value;
            if (g.ipiv.empty()) getrf_rows<NC, 2, T, true><<<unsigned(count), 64, 0, stream>>>(g);
            else getrf_rows<NC, 2, T><<<unsigned(count), 64, 0, stream>>>(g);
        };
        using std::integral_constant;
        // rows = the largest order; fewer columns take fewer registers and steps
        if (rows <= 40) go(integral_constant<int, 40>());
        else if (rows <= 48) go(integral_constant<int, 48>());
        else if (rows <= 56) go(integral_constant<int, 56>());
        else go(integral_constant<int, 64>());
        check_launch("getrf_rows");
    }
}
#define BL_INSTANTIATE(p, T) \
    template void launch_getrf_rows_whole(const GetrfRows<Dev<T>> &, int, int64_t, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
