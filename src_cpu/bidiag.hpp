// The CPU backend's own blocked reduction to upper bidiagonal form (LAPACK's gebrd, m >= n) for the
// orders of ladder::gebrd's blocked range, where the system LAPACK's dgebrd runs one matrix per
// core at a fraction of what its own dgemm does.
//
// gebrd reduces a panel of nb rows and columns at a time (LAPACK's labrd), gathering X and Y so
// that the trailing matrix is updated once per panel by products, A22 -= V Y^T + X U^T. Half of
// its flops are outside them, in the two matrix-vector products of each step over the trailing
// matrix as it was before the panel: Y's column from A^T v (v the step's column reflector) and
// X's from A u (u the row reflector). Each is a pass over that matrix, from memory where it is
// larger than L2 (order 512 in double is 2 MiB). Here both products share one pass: row i's
// elements, from which u comes, need only column j's dot product with v (for Y(j, i)) and sums
// over the panel, computed for every column before the pass; so column j gives Y(j, i), then the
// row's element r_j, then its share r_j A(:, j) of A r while it is in L1. u is r scaled (larfg:
// u = r / (r_1 - beta) past its first element, which is 1), so A u follows from A r without
// another pass. Panels are 8 columns wide (bidiag.cpp says why), and the update is one product
// of k = 16, [V X] times [Y U]^T (U's columns the row reflectors), on a register kernel of its
// own (bidiag.cpp, update: a BLAS gemm at k = 16 spends its time packing).
//
// Complex types follow zgebrd / zlabrd: the trailing matrix is A - V Y^H - X U^H, the row
// reflector is formed from the conjugated row and A's row holds it conjugated, d and e are real
// (larfg's beta). The pass works on the conjugated row, so that every product over the trailing
// matrix is a conjugated column times a vector (c^H v) or a combination of columns; complex
// vectors are real ones with the parts interleaved, the complex products formed once per result
// (bidiag.cpp). The update's product is with [Y U] conjugated.
//
// Results follow LAPACK's definitions (d, e, tauq, taup and the reflectors stored in A as gebrd
// stores them); the values differ from LAPACK's by rounding only. The kernel exists for m >= n
// and processors with AVX-512 (x86-64-v4); covers() says where it runs, and the caller falls
// back to the system LAPACK elsewhere.
#pragma once

#include "args.hpp"

#include <cstdint>

namespace bl {
namespace cpu {
namespace bidiag {

// Whether an m x n gebrd goes to the kernel below on this processor.
template <class T> bool covers(int m, int n);

// Elements of T a thread's workspace needs for every shape up to m x n (X, Y, the pass's vectors,
// alignment).
template <class T> int64_t workspace(int m, int n);

// The reduction of the m x n matrix A (leading dimension lda) to upper bidiagonal form B = Q^H A P
// as LAPACK's gebrd for m >= n: d[0..n) and e[0..n-1) B's diagonals, Q's and P's reflectors in A
// below the diagonal and right of the superdiagonal with their factors tauq and taup. gebrd has
// no failure: its info is always 0. `work` holds workspace<T>(m, n) elements. Only for shapes
// covers() accepts.
template <class T> void gebrd(int m, int n, T *A, int lda, Real<T> *d, Real<T> *e, T *tauq, T *taup, T *work);

}  // namespace bidiag
}  // namespace cpu
}  // namespace bl
