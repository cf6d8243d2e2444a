// C++ overloads of the qr family; included by <batchlapack.hpp>. See batchlapack/qr.h.
#ifndef BATCHLAPACK_QR_HPP
#define BATCHLAPACK_QR_HPP

namespace batchlapack {

}  // namespace batchlapack

#endif  // BATCHLAPACK_QR_HPP
