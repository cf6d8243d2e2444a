// What the CUDA backend takes from cuBLAS: its names for a precision, and batched GEMM, the one
// level-3 kernel DESIGN.md lets the backend borrow (gemm.cu's public routine, the inverses' updates).
#pragma once

#include "runtime.hpp"

#include <cuComplex.h>
#include <cublas_v2.h>

#include <complex>

namespace bl {
namespace cuda {

// cuBLAS's names for a precision.
template <class T> struct Blas;
template <> struct Blas<float> {
    using type = float;
    static constexpr cudaDataType data = CUDA_R_32F;
    static constexpr cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
};
template <> struct Blas<double> {
    using type = double;
    static constexpr cudaDataType data = CUDA_R_64F;
    static constexpr cublasComputeType_t compute = CUBLAS_COMPUTE_64F;
};
template <> struct Blas<std::complex<float>> {
    using type = cuComplex;
    static constexpr cudaDataType data = CUDA_C_32F;
    static constexpr cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
};
template <> struct Blas<std::complex<double>> {
    using type = cuDoubleComplex;
    static constexpr cudaDataType data = CUDA_C_64F;
    static constexpr cublasComputeType_t compute = CUBLAS_COMPUTE_64F;
};

inline cublasOperation_t blas_op(char trans) {
    return trans == 'N' ? CUBLAS_OP_N : trans == 'T' ? CUBLAS_OP_T : CUBLAS_OP_C;
}

// A strided batch of `count` products C := alpha op(A) op(B) + beta C (m x n, inner k), the
// matrices `stride` elements apart, through cuBLAS on `handle`'s stream. T is the host scalar type;
// the pointers may be device-typed (Dev<T>, the same layout).
struct StridedMatrices {
    const void *a;
    int ld;
    long long stride;
};
template <class T>
void gemm_strided(cublasHandle_t handle, char ta, char tb, int m, int n, int k, T alpha, StridedMatrices A,
                  StridedMatrices B, T beta, void *C, int ldc, long long stride_c, int64_t count) {
    if (m == 0 || n == 0 || count == 0) return;
    check(cublas().GemmStridedBatchedEx(handle, blas_op(ta), blas_op(tb), m, n, k, &alpha, A.a, Blas<T>::data, A.ld,
                                        A.stride, B.a, Blas<T>::data, B.ld, B.stride, &beta, C, Blas<T>::data, ldc,
                                        stride_c, int(count), Blas<T>::compute, CUBLAS_GEMM_DEFAULT),
          "cublasGemmStridedBatchedEx");
}

}  // namespace cuda
}  // namespace bl
