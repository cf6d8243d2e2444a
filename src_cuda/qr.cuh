// The QR family's pieces shared by its build units: the register kernel
// (qr_registers.cu, a unit of its own: its fully unrolled variants are most of the family's
// compile time) for qr.cu's drivers.
#pragma once

#include "kernels.cuh"
#include "reflector.cuh"

namespace bl {
namespace cuda {

// QR of matrices up to 32 x 32 (real types: 64 x 32; complex double: 32 x 16) in registers, and gels
// with one right-hand side (qr_registers.cu).
template <class T> struct QrRegisters {
    Sizes m, n, nrhs;
    View<T> A, tau, B;  // tau: geqrf; B: gels
    int *info;          // gels
    bool solve, adjoint;
    int64_t count;
};
// Whether the register kernel takes a chunk: up to 32 rows, or (real types) 64 rows, of at most 32
// columns (complex double: 16; at 32 its 32 x 32 variant took 255 registers and a 512-byte stack
// frame, and the fused kernel in shared memory was faster: zgeqrf 24 / 32 0.38 / 0.77 -> 0.59 /
// 0.98x cuBLAS on an H200); gels with one right-hand side. (Every variant is a fully unrolled
// kernel: more right-hand sides cost minutes of compile time each.)
template <class T> bool registers_take(int maxm, int maxn, bool solve, int maxr) {
    const int max_columns = sizeof(T) == 16 ? 16 : 32;
    return (!solve || maxr <= 1) && maxn <= max_columns && (maxm <= 32 || (maxm <= 64 && !kComplex<T>));
}
template <class T> void launch_qr_registers(const QrRegisters<T> &g, int maxm, int maxn, cudaStream_t stream);

}  // namespace cuda
}  // namespace bl
