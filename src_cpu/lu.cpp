// CPU backend: LU factorization and the solves built on it.
#include "backend.hpp"
#include "lapack.hpp"
#include "parallel.hpp"
#include "small.hpp"

namespace bl {
namespace cpu {

template <class T> int run(const Getrf<T> &op) {
    for_each_matrix(op, [&](int64_t i) {
        const int m = op.m[i], n = op.n[i], lda = op.A.ld[i];
        if (!small::getrf(m, n, op.A[i], lda, op.ipiv[i], &op.b.info[i]))
            lapack::getrf(m, n, op.A[i], lda, op.ipiv[i], &op.b.info[i]);
    });
    return 0;
}
BL_INSTANTIATE_RUN(Getrf)

}  // namespace cpu
}  // namespace bl
