// The inverses (getri, getri_oop, trtri, potri) as solves against the identity: the start
// (info from the factor's diagonal, the identity in the right-hand sides), the family's solve
// (lu.cu: getrs; blas.cu: the triangular solve; cholesky.cu: potrs) and, for the in-place
// routines, the copy of the inverse from a workspace into the caller's matrix, for the matrices
// that did not fail only: a singular member is left as LAPACK's getri, trtri and potri leave it,
// unchanged (they look at the whole diagonal before they write anything).
#pragma once

#include "kernels.cuh"
#include "stage.cuh"

#include <algorithm>

namespace bl {
namespace cuda {

// info[i] = the position (1-based) of the first exactly zero diagonal element of A_i when
// `check`, else 0; X_i (n x n) = the identity where info[i] = 0, else, with `copy_failed`, a copy
// of A_i (getri_oop's C) or nothing.
template <class T> struct InverseStart {
    Sizes n;
    View<const T> A;
    View<T> X;
    int *info;
    bool check, copy_failed;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *, void *scratch) const {
        const int N = n[i];
        const T *a = A.at(i);
        const int lda = A.ldi(i);
        // each thread's first zero, then the team's lowest (argmax: the largest flag, lowest index)
        int zero = 0x7fffffff;
        if (check)
            for (int j = t.rank(); j < N; j += t.size())
                if (is_zero(a[j + int64_t(j) * lda])) {
                    zero = j;
                    break;
                }
        zero = argmax(t, zero < N ? 1 : 0, zero, scratch);
        const int failed = zero < N ? zero + 1 : 0;
        if (t.rank() == 0) info[i] = failed;
        T *x = X.at(i);
        const int ldx = X.ldi(i);
        if (failed == 0) {
            for (int e = t.rank(); e < N * N; e += t.size()) {
                const int c = e / N, r = e - c * N;
                x[r + int64_t(c) * ldx] = r == c ? T(1) : T(0);
            }
        } else if (copy_failed) {
            copy_matrix(t, N, N, a, lda, x, ldx);
        }
    }
};

// A_i's part `part` ('A' all of it, 'U' / 'L' that triangle, its diagonal only with `diagonal`)
// = X_i's, where info[i] = 0. A Hermitian X (potri) gives its diagonal's real part: LAPACK's
// potri returns a real diagonal, the solve leaves rounding in its imaginary part.
template <class T> struct InverseFinish {
    Sizes n;
    View<const T> X;
    View<T> A;
    const int *info;
    char part;
    bool diagonal, hermitian;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *, void *) const {
        const int N = n[i];
        if (info[i] != 0) return;
        const T *x = X.at(i);
        T *a = A.at(i);
        const int ldx = X.ldi(i), lda = A.ldi(i);
        for (int e = t.rank(); e < N * N; e += t.size()) {
            const int c = e / N, r = e - c * N;
            if (!(r == c ? diagonal : part == 'A' || (part == 'U' ? r < c : r > c))) continue;
            const T v = x[r + int64_t(c) * ldx];
            a[r + int64_t(c) * lda] = hermitian && r == c ? T(real_(v)) : v;
        }
    }
};

// getri and getri_oop of matrices up to 32 x 32 in one kernel (getri_registers, in
// solve_registers.cu): a group of 8, 16 or 32 lanes per matrix chosen by the chunk's largest
// order `largest`, the factors held in registers; info as InverseStart's, X = A's inverse where it
// is 0, else left alone or (`copy_failed`) a copy of the factors. X may be A itself.
template <class T> struct GetriRegisters {
    Sizes n;
    View<const T> A;
    View<const int> ipiv;
    View<T> X;
    int *info;
    bool copy_failed;
    int64_t count;
};
template <class T> void launch_getri_registers(const GetriRegisters<T> &g, int largest, cudaStream_t stream);

// Launches one of the above over the chunk: a warp per matrix up to order 32, a block beyond.
template <class Body> void launch_inverse_step(const Body &body, Chunk &c, int maxn) {
    launch(body, c.count, maxn <= 32, block_threads(maxn), 0, c.stream);
}

// An in-place inverse: `solve(X)` enqueues the family's solve of the chunk's matrices against
// the identity in X (matrices with info[i] != 0 may be skipped), X a workspace of n x n matrices
// of leading dimension maxn (device memory through Workspace, so that the library's accounting
// and its fault-injection knobs see it); A's `part` is then copied from it (InverseFinish).
template <class T, class Solve>
void invert_in_place(Chunk &c, const Int &n, const Array<T> &A, bool check, char part, bool diagonal, bool hermitian,
                     Solve &&solve) {
    using D = Dev<T>;
    const int maxn = chunk_max(n, c);
    const Sizes ns = c.sizes(n);
    Workspace ws(size_t(c.count) * maxn * maxn * sizeof(D), c.stream);
    View<D> x;
    x.base = ws.at<D>();
    x.stride = int64_t(maxn) * maxn;
    x.ld = std::max(1, maxn);
    launch_inverse_step(InverseStart<D>{ns, c.view(as_const(A)), x, c.info, check, false}, c, maxn);
    solve(x);
    launch_inverse_step(InverseFinish<D>{ns, readonly(x), c.view(A), c.info, part, diagonal, hermitian}, c, maxn);
}

}  // namespace cuda
}  // namespace bl
