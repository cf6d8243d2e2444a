// C++ overloads of the gebrd family; included by <batchlapack.hpp>. See batchlapack/gebrd.h.
#ifndef BATCHLAPACK_GEBRD_HPP
#define BATCHLAPACK_GEBRD_HPP

namespace batchlapack {

}  // namespace batchlapack

#endif  // BATCHLAPACK_GEBRD_HPP
