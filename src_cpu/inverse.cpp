// CPU backend: the inverses -- getri and getri_oop from getrf's factors, trtri, potri from potrf's
// factor.
#include "backend.hpp"
#include "lapack.hpp"
#include "parallel.hpp"

namespace bl {
namespace cpu {

// getri's workspace: n * 64 elements for the largest order that reaches LAPACK, enough for its
// blocked code at ilaenv's usual block size of 64 (with less, getri takes narrower blocks or its
// unblocked code). Worked out here rather than asked of LAPACK, as everywhere in this backend
// (docs/decisions.md, "Empty matrices never reach LAPACK").
template <class Op> int64_t getri_workspace(const Op &op) {
    return int64_t(largest(op.n, op.b.count, [&](int64_t i) { return op.n[i] > 0; })) * 64;
}

// One matrix's inverse from its LU factors, in place; an empty matrix reaches no LAPACK.
template <class T> void invert_lu(int n, T *A, int lda, const int *ipiv, int *info, ThreadWork<T> &work) {
    *info = 0;
    if (n == 0) return;
    lapack::getri(n, A, lda, ipiv, work.get(), work.size(), info);
}

template <class T> int run(const Getri<T> &op) {
    ThreadWork<T> work(getri_workspace(op));
    for_each_matrix(op, [&](int64_t i) { invert_lu(op.n[i], op.A[i], op.A.ld[i], op.ipiv[i], &op.b.info[i], work); });
    return 0;
}
BL_INSTANTIATE_RUN(Getri)

// Out of place: the factors copied into C, then inverted there (C keeps the copy when U is
// singular, as the table's text says).
template <class T> int run(const GetriOop<T> &op) {
    ThreadWork<T> work(getri_workspace(op));
    for_each_matrix(op, [&](int64_t i) {
        const int n = op.n[i], lda = op.A.ld[i], ldc = op.C.ld[i];
        const T *a = op.A[i];
        T *c = op.C[i];
        for (int j = 0; j < n; ++j) std::copy(a + int64_t(j) * lda, a + int64_t(j) * lda + n, c + int64_t(j) * ldc);
        invert_lu(n, c, ldc, op.ipiv[i], &op.b.info[i], work);
    });
    return 0;
}
BL_INSTANTIATE_RUN(GetriOop)

template <class T> int run(const Trtri<T> &op) {
    for_each_matrix(op, [&](int64_t i) {
        int *info = &op.b.info[i];
        *info = 0;
        if (op.n[i] > 0) lapack::trtri(op.uplo.value, op.diag.value, op.n[i], op.A[i], op.A.ld[i], info);
    });
    return 0;
}
BL_INSTANTIATE_RUN(Trtri)

template <class T> int run(const Potri<T> &op) {
    for_each_matrix(op, [&](int64_t i) {
        int *info = &op.b.info[i];
        *info = 0;
        if (op.n[i] > 0) lapack::potri(op.uplo.value, op.n[i], op.A[i], op.A.ld[i], info);
    });
    return 0;
}
BL_INSTANTIATE_RUN(Potri)

}  // namespace cpu
}  // namespace bl
