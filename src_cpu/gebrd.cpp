// CPU backend: reduction to bidiagonal form. The workspace is queried once per call for the
// largest sizes and allocated once per thread before the loop (ThreadWork).
#include "backend.hpp"
#include "bidiag.hpp"
#include "ladder.hpp"
#include "lapack.hpp"
#include "parallel.hpp"
#include "small.hpp"

namespace bl {
namespace cpu {

template <class T> int run(const Gebrd<T> &op) {
    const int64_t count = op.b.count;
    // An empty matrix is left alone: LAPACK's check wants lwork >= max(1, m, n) even then.
    auto busy = [&](int64_t i) { return op.m[i] > 0 && op.n[i] > 0; };
    const int M = largest(op.m, count, busy), N = largest(op.n, count, busy);
    auto work = lapack_workspace<T>([&](T *w, int *q) {
        lapack::gebrd(M, N, nullptr, std::max(1, M), nullptr, nullptr, nullptr, nullptr, w, -1, q);
    });
    // For the matrices LAPACK reduces: among those the blocked kernel does not take (the others
    // there, the small kernel's, are no larger than 64 x 64).
    SlackCopy<T> copy(op, [&](int64_t i) { return busy(i) && !bidiag::covers<T>(op.m[i], op.n[i]); });
    // The blocked kernel's workspace, for the largest shape it takes in the batch.
    int bm = 0, bn = 0;
    for (int64_t i = 0; i < (op.b.layout == Layout::Variable ? count : 1); ++i)
        if (bidiag::covers<T>(op.m[i], op.n[i])) bm = std::max(bm, op.m[i]), bn = std::max(bn, op.n[i]);
    ThreadWork<T> own(bm ? bidiag::workspace<T>(bm, bn) : 0);
    auto one = [&](int64_t i) {
        const int m = op.m[i], n = op.n[i], lda = op.A.ld[i];
        op.b.info[i] = 0;
        if (!busy(i)) return;
        if (bidiag::covers<T>(m, n))
            bidiag::gebrd(m, n, op.A[i], lda, op.d[i], op.e[i], op.tauq[i], op.taup[i], own.get());
        else if (!small::gebrd(m, n, op.A[i], lda, op.d[i], op.e[i], op.tauq[i], op.taup[i]))
            copy.run(m, n, op.A[i], lda, [&](T *a, int ld) {
                lapack::gebrd(m, n, a, ld, op.d[i], op.e[i], op.tauq[i], op.taup[i], work.get(), work.size(),
                              &op.b.info[i]);
            });
    };
    // A batch of one small shape goes through the kernel that reduces several matrices at once,
    // up to where the blocked kernel is faster (ladder::gebrd::kBlockedUniformFrom).
    const int m0 = op.m.value, n0 = op.n.value;
    if (op.b.layout != Layout::Variable && small::gebrd_group_covers<T>(m0, n0) &&
        !(n0 >= ladder::gebrd::kBlockedUniformFrom && bidiag::covers<T>(m0, n0))) {
        using R = Real<T>;
        for_each_group(op, small::group_size, [&](int64_t first, int size, int next) {
            T *a[small::group_size], *tq[small::group_size], *tp[small::group_size];
            R *d[small::group_size], *e[small::group_size];
            const T *an[small::group_size];
            for (int l = 0; l < size; ++l) {
                const int64_t i = first + l;
                a[l] = op.A[i], d[l] = op.d[i], e[l] = op.e[i], tq[l] = op.tauq[i], tp[l] = op.taup[i];
            }
            for (int l = 0; l < next; ++l) an[l] = op.A[first + size + l];
            // The matrices with a delicate reflector (or all, without memory for the copy): one at a time.
            const unsigned left = small::gebrd_group(m0, n0, a, op.A.ld.value, d, e, tq, tp, size, an, next);
            for (int l = 0; l < size; ++l)
                if (left >> l & 1) one(first + l);
                else op.b.info[first + l] = 0;
        });
        return 0;
    }
    for_each_matrix(op, one);
    return 0;
}
BL_INSTANTIATE_RUN(Gebrd)

}  // namespace cpu
}  // namespace bl
