// The QR family's pieces shared by its build units: LAPACK's larfg, and the register kernel
// (qr_registers.cu, a unit of its own: its fully unrolled variants are most of the family's
// compile time) for qr.cu's drivers.
#pragma once

#include "kernels.cuh"

namespace bl {
namespace cuda {

// LAPACK's larfg for alpha and ||x||^2: H = I - tau v v^H with H^H (alpha; x) = (beta; 0), beta real,
// v = (1; x * scale). tau = 0 (H = I, alpha left as it is) when x = 0 and alpha is real, as LAPACK.
// (LAPACK's rescaling of a beta below the underflow threshold, and its overflow-safe norms, are
// not reproduced: entries beyond about 1e150 in magnitude overflow here.)
template <class T> struct Reflector {
    T tau, scale;
    RealOf<T> beta;
    bool identity;
};
template <class T> __device__ Reflector<T> larfg(T alpha, RealOf<T> xnorm2) {
    using R = RealOf<T>;
    const R ar = real_(alpha), ai = imag_(alpha);
    if (xnorm2 == R(0) && ai == R(0)) return {T(0), T(1), ar, true};
    const R beta = -copysign(sqrt(ar * ar + ai * ai + xnorm2), ar);
    T tau;
    if constexpr (kComplex<T>) tau = T((beta - ar) / beta, -ai / beta);
    else tau = (beta - ar) / beta;
    return {tau, T(1) / (alpha - T(beta)), beta, false};
}

// QR of matrices up to 32 x 32 (real types: 64 x 32) in registers, and gels with one right-hand
// side in the real types (qr_registers.cu).
template <class T> struct QrRegisters {
    Sizes m, n, nrhs;
    View<T> A, tau, B;  // tau: geqrf; B: gels
    int *info;          // gels
    bool solve, adjoint;
    int64_t count;
};
// Whether the register kernel takes a chunk: up to 32 rows, or (real types) 64 rows of at most 32
// columns; gels in the real types with one right-hand side. (Every variant is a fully unrolled
// kernel: more right-hand sides and the complex solves cost minutes of compile time each.)
template <class T> bool registers_take(int maxm, int maxn, bool solve, int maxr) {
    return (!solve || (maxr <= 1 && !kComplex<T>)) && maxn <= 32 && (maxm <= 32 || (maxm <= 64 && !kComplex<T>));
}
template <class T> void launch_qr_registers(const QrRegisters<T> &g, int maxm, int maxn, cudaStream_t stream);

}  // namespace cuda
}  // namespace bl
