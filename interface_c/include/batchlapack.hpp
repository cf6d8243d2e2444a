// batchlapack for C++: the C API of <batchlapack.h> as overloads on the scalar type, in namespace
// batchlapack, so that precision-generic code (templates) calls one name for float, double,
// std::complex<float> and std::complex<double>:
//
//     batchlapack::getrf_batch(m, n, A, lda, strideA, ipiv, strideIpiv, info, batch);
//
// Names drop the bl_ prefix and the precision letter; arguments, return values and info are
// exactly those of the C functions (documented in the family headers batchlapack/*.h).
#ifndef BATCHLAPACK_HPP
#define BATCHLAPACK_HPP

#include <complex>

#include "batchlapack.h"

// Expands X(letter, scalar type, real type) for the four precisions, for precision-generic code.
// (The family headers, generated from the routine table, spell their overloads out.)
#define BATCHLAPACK_FOR_PRECISIONS(X)                                                             \
    X(s, float, float) X(d, double, double) X(c, std::complex<float>, float)                      \
    X(z, std::complex<double>, double)

#include "batchlapack/lu.hpp"
#include "batchlapack/cholesky.hpp"
#include "batchlapack/qr.hpp"
#include "batchlapack/gebrd.hpp"
#include "batchlapack/blas.hpp"

#endif  // BATCHLAPACK_HPP
