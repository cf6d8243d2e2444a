// C++ overloads of the cholesky family; included by <batchlapack.hpp>. See batchlapack/cholesky.h.
#ifndef BATCHLAPACK_CHOLESKY_HPP
#define BATCHLAPACK_CHOLESKY_HPP

namespace batchlapack {

}  // namespace batchlapack

#endif  // BATCHLAPACK_CHOLESKY_HPP
