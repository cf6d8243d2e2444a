// The inverses (getri, getri_oop, trtri, potri) on the GPU, every order (inverse.cu):
//  - trtri and potri up to order 32 in registers, one pass over the matrix: a group of 8, 16 or
//    32 lanes per matrix, lane r forming row r of the inverse from the triangle's copy in shared
//    memory (tri_inverse_registers); to 48 one block per matrix in shared memory, LAPACK's
//    unblocked trti2 with a thread a row (TriShared);
//  - getri and getri_oop up to order 32 with a thread a row, the row in registers and the
//    factors read from shared memory (getri_rows); to 96 one block per matrix in shared memory,
//    LAPACK's unblocked getri a thread a row, several columns a step (GetriShared);
//  - beyond, on zero-padded copies of the triangles in workspace: their diagonal blocks of 32
//    inverted by the register kernel, then the blocks joined two by two, twice the order each
//    time (inv([T11 T12; 0 T22]) has T12's place = -inv(T11) T12 inv(T22)), by batched GEMM; potri
//    multiplies the inverse factor by its conjugate transpose, getri the inverses of U and L
//    (inv(A) = inv(U) inv(L) P^T); the result is then copied into the caller's matrix.
// A singular member (an exactly zero diagonal element of the factor, info > 0) is left as LAPACK's
// getri, trtri and potri leave it, unchanged (they look at the whole diagonal before they write);
// getri_oop's C then gets a copy of the factors.
#pragma once

#include "kernels.cuh"
#include "stage.cuh"

namespace bl {
namespace cuda {

// trtri (`lower`, `unit`) and, with `potri`, potri of matrices up to 32 x 32 in place; `per` > 1:
// the `per` diagonal blocks of order n of each matrix, `count` = matrices x per (the blocked
// path's first step, info null). info (when not null) as LAPACK's, the matrix unchanged where it
// is not 0.
template <class T> struct TriInverseRegisters {
    Sizes n;
    View<T> A;
    int *info;
    bool lower, unit, potri;
    int per;
    int64_t count;
};
template <class T> void launch_tri_inverse_registers(const TriInverseRegisters<T> &g, int largest, cudaStream_t stream);

// The routines' chunks. T is the host scalar type; `maxn` the chunk's largest order.
template <class T>
void invert_triangular(Chunk &c, int maxn, Sizes n, const View<Dev<T>> &A, char uplo, bool unit);  // trtri
template <class T> void invert_spd(Chunk &c, int maxn, Sizes n, const View<Dev<T>> &A, char uplo);  // potri
// getri (X = A) and getri_oop (`out_of_place`, X = C).
template <class T>
void invert_lu(Chunk &c, int maxn, Sizes n, const View<const Dev<T>> &A, const View<const int> &ipiv,
               const View<Dev<T>> &X, bool out_of_place);

}  // namespace cuda
}  // namespace bl
