// The CPU backend's offers (backend.hpp): it runs every call whose arrays the host can read.
#include "backend.hpp"
#include "call.hpp"
#include "parallel.hpp"

namespace bl {
namespace cpu {

// The rate per core the estimate assumes: about 2 GFLOP/s for LAPACK on small cache-resident
// matrices; a per-matrix BLAS-3 gemm runs several times faster (about 10 GFLOP/s per core from
// n = 32 with OpenBLAS), which keeps host-data gemm of moderate sizes, whose transfers would cost
// the GPU more than the CPU's arithmetic, on the CPU.
template <class Op> double rate(const Op &) { return 2e9; }
template <class T> double rate(const Gemm<T> &) { return 1e10; }

#define BL_OFFER(Op)                                                                          \
    template <class T> Offer offer(const Op<T> &op, const Placement &where) {                 \
        if (!where.host_readable) return Offer{};                                             \
        return Offer{true, total_flops(op) / (rate(op) * max_threads())};                     \
    }                                                                                         \
    BL_INSTANTIATE_OFFER(Op)
BL_OPERATIONS(BL_OFFER)
#undef BL_OFFER

}  // namespace cpu
}  // namespace bl
