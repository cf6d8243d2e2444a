// The CUDA backend's offers (backend.hpp): which calls it runs, and its estimate of their time.
#include "backend.hpp"
#include "call.hpp"
#include "runtime.hpp"

#include <algorithm>

namespace bl {
namespace cuda {

// The GPU's estimate for a call of `flops` operations that moves `host_bytes` between host and
// device: a fixed 30 us of launches and synchronisation, plus the larger of the transfer (at the
// staged bandwidth measured on this machine) and the arithmetic (at a conservative 1 TFLOP/s,
// below what the batched kernels reach from n = 16): transfers and kernels overlap. Data
// already on the device costs nothing to move; the flops are then not even counted (a pass over a
// variable batch), since no CPU offer can compete with data the CPU cannot read.
template <class Op> Offer estimate(const Op &op, const Placement &where) {
    if (where.host_bytes == 0) return Offer{true, 0};
    const double bw = transfer_bandwidth();
    if (bw <= 0) return Offer{};
    return Offer{true, 30e-6 + std::max(where.host_bytes / bw, total_flops(op) / 1e12)};
}

// Every operation has kernels, except one case of gels, whose kernels take one of LAPACK's two
// paths (m >= n or m < n) for the whole batch: a variable batch mixing the two runs on the CPU.
template <class Op> bool has_kernels(const Op &) { return true; }
template <class T> bool has_kernels(const Gels<T> &op) {
    if (op.b.layout != Layout::Variable) return true;
    int64_t wide = 0;
    for (int64_t i = 0; i < op.b.count; ++i) wide += op.m[i] < op.n[i];
    return wide == 0 || wide == op.b.count;
}

#define BL_OFFER(Op)                                                              \
    template <class T> Offer offer(const Op<T> &op, const Placement &where) {     \
        return has_kernels(op) ? estimate(op, where) : Offer{};                   \
    }                                                                             \
    BL_INSTANTIATE_OFFER(Op)
BL_OPERATIONS(BL_OFFER)
#undef BL_OFFER

}  // namespace cuda
}  // namespace bl
