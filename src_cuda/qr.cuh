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
    // Single complex geqrf between its compiled orders (16, 24, 32 columns): the fused kernel, a warp
    // a matrix, was faster on an H200 at 17-19 and 25-31 (cgeqrf 17 / 28 / 31 0.59 / 1.10 / 1.37 ->
    // 0.73 / 1.25 / 1.48x cuBLAS; at 20 and 24 the register kernel, 0.83 / 1.32 against 0.81 /
    // 0.98); d kept the register kernel everywhere (src_cuda/PERFORMANCE.md).
    if (kComplex<T> && sizeof(T) == 8 && !solve && maxm <= 32 && maxn > 16 && maxn != 32 &&
        (maxn < 20 || maxn > 24))
        return false;
    return (!solve || maxr <= 1) && maxn <= max_columns && (maxm <= 32 || (maxm <= 64 && !kComplex<T>));
}
template <class T> void launch_qr_registers(const QrRegisters<T> &g, int maxm, int maxn, cudaStream_t stream);
// geqrf with a column per lane (qr_columns.cu), where it measured faster than qr_registers (H100,
// src_cuda/PERFORMANCE.md): double from 17 to 32 rows and columns (dgeqrf 17 / 24 / 32 +72 / +48
// / +16 %), single from 17 to 24 (+17-29 %; a form without the scaled fallback was 4-9 % slower at
// 16, 29 and 32), complex double from 9 to 16 (+21-49 %); complex single nowhere (that form: 8-16
// and 29 9-17 % slower, 20-32 even).
template <class T> constexpr int columns_least() { return kComplex<T> ? 8 : 16; }
template <class T> constexpr int columns_most() {
    return std::is_same_v<T, double> ? 32 : std::is_same_v<T, float> ? 24 : sizeof(T) == 16 ? 16 : 0;
}
template <class T> bool columns_take(int maxm, int maxn) {
    const int largest = std::max(maxm, maxn);
    return largest > columns_least<T>() && largest <= columns_most<T>();
}
template <class T> void launch_qr_columns(const QrRegisters<T> &g, int maxm, int maxn, cudaStream_t stream);

// Its variants of 33 to 64 rows (maxm > 32; real types), a build unit of their own.
template <class T> void launch_qr_registers_tall(const QrRegisters<T> &g, int maxn, cudaStream_t stream);

}  // namespace cuda
}  // namespace bl
