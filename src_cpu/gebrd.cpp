// CPU backend: reduction to bidiagonal form. The workspace is queried once per call for the
// largest sizes and allocated once per thread before the loop (ThreadWork).
#include "backend.hpp"
#include "lapack.hpp"
#include "parallel.hpp"
#include "small.hpp"

namespace bl {
namespace cpu {

template <class T> int run(const Gebrd<T> &op) {
    const int64_t count = op.b.count;
    const int M = largest(op.m, count), N = largest(op.n, count);
    auto work = lapack_workspace<T>([&](T *w, int *q) {
        lapack::gebrd(M, N, nullptr, std::max(1, M), nullptr, nullptr, nullptr, nullptr, w, -1, q);
    });
    SlackCopy<T> copy(M, N);
    for_each_matrix(op, [&](int64_t i) {
        const int m = op.m[i], n = op.n[i], lda = op.A.ld[i];
        op.b.info[i] = 0;
        if (!small::gebrd(m, n, op.A[i], lda, op.d[i], op.e[i], op.tauq[i], op.taup[i]))
            copy.run(m, n, op.A[i], lda, [&](T *a, int ld) {
                lapack::gebrd(m, n, a, ld, op.d[i], op.e[i], op.tauq[i], op.taup[i], work.get(), work.size(),
                              &op.b.info[i]);
            });
    });
    return 0;
}
BL_INSTANTIATE_RUN(Gebrd)

}  // namespace cpu
}  // namespace bl
