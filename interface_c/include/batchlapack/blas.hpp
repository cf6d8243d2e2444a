// C++ overloads of the blas family; included by <batchlapack.hpp>. See batchlapack/blas.h.
#ifndef BATCHLAPACK_BLAS_HPP
#define BATCHLAPACK_BLAS_HPP

namespace batchlapack {

}  // namespace batchlapack

#endif  // BATCHLAPACK_BLAS_HPP
