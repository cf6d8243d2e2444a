// CUDA backend: LU in registers with a thread a row (getrf_rows, lu_rows.cuh) on whole matrices
// of orders 33..64 (s, d, c) and, in complex arithmetic, 17..32; a build unit of its own.
#include "lu_rows.cuh"

namespace bl {
namespace cuda {

// getrf_rows on whole matrices in NC columns, 32 W threads a matrix: the NP variant where the call
// has no pivots (getrf_np).
template <int NC, int W, class T> void launch_whole(const GetrfRows<T> &g, int64_t count, cudaStream_t stream) {
    if (g.ipiv.empty()) getrf_rows<NC, W, T, true><<<unsigned(count), 32 * W, 0, stream>>>(g);
    else getrf_rows<NC, W, T><<<unsigned(count), 32 * W, 0, stream>>>(g);
}

template <class T> void launch_getrf_rows_whole(const GetrfRows<T> &g, int rows, int64_t count, cudaStream_t stream) {
    if (count == 0) return;
    if constexpr (kComplex<T>) {
        if (rows <= 32) {  // complex 17..32: a warp a matrix, the steps rolled (lu.cu says why)
            // 18 columns for 17..18, 20 for 19..20, 24 for 21..24 (kRowsMinBlocks says what they
            // gave)
            if (rows <= 18) launch_whole<18, 1>(g, count, stream);
            else if (rows <= 20) launch_whole<20, 1>(g, count, stream);
            else if (rows <= 24) launch_whole<24, 1>(g, count, stream);
            else launch_whole<32, 1>(g, count, stream);
            check_launch("getrf_rows");
            return;
        }
    }
    if constexpr (sizeof(T) <= 8) {
        // rows = the largest order; fewer columns take fewer registers and steps
        if (rows <= 40) launch_whole<40, 2>(g, count, stream);
        else if (rows <= 48) launch_whole<48, 2>(g, count, stream);
        else if (rows <= 56) launch_whole<56, 2>(g, count, stream);
        else launch_whole<64, 2>(g, count, stream);
        check_launch("getrf_rows");
    }
}
#define BL_INSTANTIATE(p, T) \
    template void launch_getrf_rows_whole(const GetrfRows<Dev<T>> &, int, int64_t, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
