// CPU backend: QR factorization, applying and forming Q, and least squares.
//
// Every routine here takes LAPACK workspace: it is queried once per call for the largest sizes
// of the batch and allocated once per thread before the loop (ThreadWork), never per matrix.
// Matrices with nothing to compute never reach LAPACK, neither its workspace query (`largest`
// says why) nor its call.
#include <algorithm>

#include "backend.hpp"
#include "ladder.hpp"
#include "lapack.hpp"
#include "parallel.hpp"
#include "small.hpp"
#include "tiled.hpp"

namespace bl {
namespace cpu {

// The blocked QR below, for min(m, n) from ladder::qr::kBlockedFrom: LAPACK's geqrf goes
// unblocked up to min(m, n) = 128 and then applies each block reflector with larfb, whose TRMMs
// on small blocks run well below GEMM's rate. Where the tiled kernels run (AVX-512, AVX2 or NEON;
// every precision), tiled::apply_reflector forms T and applies the block reflector instead of larft, the two GEMMs
// and the TRMM. Blocks of 32 columns: the best at 256 and 512, and the only width the tiled
// reflector takes without padding.
constexpr int kQrBlock = 32;

static_assert(kQrBlock <= tiled::kReflectorMax, "tiled::apply_reflector takes the blocks");

template <class T> int64_t blocked_geqrf_workspace(int m, int n) {
    return int64_t(m) * kQrBlock + kQrBlock * kQrBlock + int64_t(kQrBlock) * n + tiled::reflector_workspace<T>(m);
}

// geqrf of one m x n matrix, as LAPACK's blocked algorithm (the same reflectors, tau and R up to
// rounding): each block of kQrBlock columns is factored by tiled::qr_panel (geqr2's steps in
// vectors; LAPACK's geqr2 where no unit runs, and from a column whose larfg needs LAPACK's care
// on), its block reflector H = I - V T V^H formed by larft, and H^H applied to the columns right
// of it as three products, W = V^H C, W = T^H W, C -= V W, with V copied out whole (its unit
// diagonal and the zeros above it written in) so that both large products are plain GEMMs, or by
// tiled::apply_reflector where that runs. `work` holds blocked_geqrf_workspace(m, n) elements.
template <class T> void blocked_geqrf(int m, int n, T *A, int lda, T *tau, T *work) {
    const int k = std::min(m, n);
    const char ct = is_complex<T> ? 'C' : 'T';
    T *const V = work, *const Tb = V + int64_t(m) * kQrBlock, *const W = Tb + kQrBlock * kQrBlock;
    for (int i = 0; i < k; i += kQrBlock) {
        const int b = std::min(kQrBlock, k - i), rows = m - i, cols = n - i - b;
        T *const a = A + i + int64_t(i) * lda, *const c = a + int64_t(b) * lda;
        // The library's panel where a unit runs; LAPACK's geqr2 for the columns it leaves (W: b
        // elements of geqr2's work).
        const int done = tiled::qr_panel(rows, b, a, lda, tau + i);
        if (done < b) {
            int info;
            lapack::geqr2(rows - done, b - done, a + done + int64_t(done) * lda, lda, tau + i + done, W, &info);
        }
        if (cols == 0) break;
        if (tiled::tile<T>() != 0) {
            tiled::apply_reflector(rows, cols, b, a, lda, tau + i, c, lda, W + int64_t(kQrBlock) * n);
            continue;
        }
        lapack::larft('F', 'C', rows, b, a, lda, tau + i, Tb, kQrBlock);
        for (int j = 0; j < b; ++j) {
            T *v = V + int64_t(j) * rows;
            std::fill(v, v + j, T(0));
            v[j] = T(1);
            std::copy(a + int64_t(j) * lda + j + 1, a + int64_t(j) * lda + rows, v + j + 1);
        }
        lapack::gemm(ct, 'N', b, cols, rows, T(1), V, rows, c, lda, T(0), W, b);
        lapack::trmm('L', 'U', ct, 'N', b, cols, T(1), Tb, kQrBlock, W, b);
        lapack::gemm('N', 'N', rows, cols, b, T(-1), V, rows, W, b, T(1), c, lda);
    }
}

template <class T> int run(const Geqrf<T> &op) {
    const int64_t count = op.b.count;
    auto busy = [&](int64_t i) { return op.m[i] > 0 && op.n[i] > 0; };
    const int M = largest(op.m, count, busy), N = largest(op.n, count, busy);
    auto work = lapack_workspace<T>([&](T *w, int *q) {
        lapack::geqrf(M, N, nullptr, std::max(1, M), nullptr, w, -1, q);
    });
    ThreadWork<T> blocked(std::min(M, N) >= ladder::qr::kBlockedFrom ? blocked_geqrf_workspace<T>(M, N) : 0);
    auto one = [&](int64_t i) {
        const int m = op.m[i], n = op.n[i], lda = op.A.ld[i];
        op.b.info[i] = 0;
        if (!busy(i)) return;
        // A matrix given every thread (blas_threads() > 1): LAPACK's, on the threaded BLAS.
        if (std::min(m, n) >= ladder::qr::kBlockedFrom && blas_threads() == 1)
            blocked_geqrf(m, n, op.A[i], lda, op.tau[i], blocked.get());
        else if (!small::geqrf(m, n, op.A[i], lda, op.tau[i]))
            lapack::geqrf(m, n, op.A[i], lda, op.tau[i], work.get(), work.size(), &op.b.info[i]);
    };
    // A batch of one small shape goes through the kernel that factors several matrices at once.
    if (op.b.layout != Layout::Variable && small::geqrf_group_covers<T>(op.m.value, op.n.value)) {
        for_each_group(op, small::group_size, [&](int64_t first, int size, int next) {
            T *a[small::group_size], *tau[small::group_size];
            const T *an[small::group_size];
            for (int l = 0; l < size; ++l) a[l] = op.A[first + l], tau[l] = op.tau[first + l];
            for (int l = 0; l < next; ++l) an[l] = op.A[first + size + l];
            // The matrices with a delicate column (or all, without memory for the copy): one at a time.
            const unsigned left = small::geqrf_group(op.m.value, op.n.value, a, op.A.ld.value, tau, size, an, next);
            for (int l = 0; l < size; ++l)
                if (left >> l & 1) one(first + l);
                else op.b.info[first + l] = 0;
        });
        return 0;
    }
    for_each_matrix(op, one, Spare::blas);
    return 0;
}
BL_INSTANTIATE_RUN(Geqrf)

template <class T> int run(const Ormqr<T> &op) {
    const int64_t count = op.b.count;
    // k = 0: Q is the identity.
    auto busy = [&](int64_t i) { return op.m[i] > 0 && op.n[i] > 0 && op.k[i] > 0; };
    const int M = largest(op.m, count, busy), N = largest(op.n, count, busy), K = largest(op.k, count, busy);
    const char side = op.side.value, trans = op.trans.value;
    const int nq = side == 'L' ? M : N;
    auto work = lapack_workspace<T>([&](T *w, int *q) {
        lapack::ormqr(side, trans, M, N, K, nullptr, std::max(1, nq), nullptr, nullptr, std::max(1, M), w,
                      -1, q);
    });
    // LAPACK's unblocked ?orm2r/?unm2r sets A(i,i) = 1 while it applies reflector i and restores
    // it afterwards. A is read-only to the caller and may be shared by the whole batch (stride 0),
    // so each thread applies Q from its own copy of the reflectors instead of writing into A.
    ThreadWork<T> reflectors(int64_t(std::max(1, nq)) * std::max(1, K));
    for_each_matrix(op, [&](int64_t i) {
        op.b.info[i] = 0;
        if (!busy(i)) return;
        const int rows = side == 'L' ? op.m[i] : op.n[i], k = op.k[i], lda = op.A.ld[i], ldv = std::max(1, rows);
        T *v = reflectors.get();
        for (int c = 0; c < k; ++c)
            std::copy_n(op.A[i] + int64_t(c) * lda, rows, v + int64_t(c) * ldv);
        lapack::ormqr(side, trans, op.m[i], op.n[i], k, v, ldv, op.tau[i], op.C[i], op.C.ld[i], work.get(),
                      work.size(), &op.b.info[i]);
    });
    return 0;
}
BL_INSTANTIATE_RUN(Ormqr)

template <class T> int run(const Orgqr<T> &op) {
    const int64_t count = op.b.count;
    // n = 0: Q has no column. (k = 0 still makes its n columns those of the identity.)
    auto busy = [&](int64_t i) { return op.n[i] > 0; };
    const int M = largest(op.m, count, busy), N = largest(op.n, count, busy), K = largest(op.k, count, busy);
    auto work = lapack_workspace<T>([&](T *w, int *q) {
        lapack::orgqr(M, N, K, nullptr, std::max(1, M), nullptr, w, -1, q);
    });
    for_each_matrix(op, [&](int64_t i) {
        op.b.info[i] = 0;
        if (!busy(i)) return;
        lapack::orgqr(op.m[i], op.n[i], op.k[i], op.A[i], op.A.ld[i], op.tau[i], work.get(), work.size(),
                      &op.b.info[i]);
    });
    return 0;
}
BL_INSTANTIATE_RUN(Orgqr)

template <class T> int run(const Gels<T> &op) {
    const int64_t count = op.b.count;
    auto busy = [&](int64_t i) { return op.m[i] > 0 && op.n[i] > 0 && op.nrhs[i] > 0; };
    const int M = largest(op.m, count, busy), N = largest(op.n, count, busy), R = largest(op.nrhs, count, busy);
    const char trans = op.trans.value;
    auto work = lapack_workspace<T>([&](T *w, int *q) {
        lapack::gels(trans, M, N, R, nullptr, std::max(1, M), nullptr, std::max({1, M, N}), w, -1, q);
    });
    SlackCopy<T> copy(op, [&](int64_t i) { return busy(i) && op.m[i] < op.n[i]; });  // LQ: m < n
    for_each_matrix(op, [&](int64_t i) {
        const int m = op.m[i], n = op.n[i];
        op.b.info[i] = 0;
        if (!busy(i)) {
            // What LAPACK's quick return does: with m or n = 0 (and right-hand sides) the first
            // max(m, n) rows of B become zero, the minimum-norm solution.
            const int rows = std::max(m, n), ldb = op.B.ld[i];
            if (rows > 0)
                for (int j = 0; j < op.nrhs[i]; ++j) std::fill_n(op.B[i] + int64_t(j) * ldb, rows, T(0));
            return;
        }
        auto solve = [&](T *a, int lda) {
            lapack::gels(trans, m, n, op.nrhs[i], a, lda, op.B[i], op.B.ld[i], work.get(), work.size(), &op.b.info[i]);
        };
        if (m < n) copy.run(m, n, op.A[i], op.A.ld[i], solve);  // LAPACK's LQ path
        else solve(op.A[i], op.A.ld[i]);
    });
    return 0;
}
BL_INSTANTIATE_RUN(Gels)

}  // namespace cpu
}  // namespace bl
