// CPU backend: QR factorization, applying and forming Q, and least squares.
//
// Every routine here takes LAPACK workspace: it is queried once per call for the largest sizes
// of the batch and allocated once per thread before the loop (ThreadWork), never per matrix.
// Matrices with nothing to compute never reach LAPACK, neither its workspace query (`largest`
// says why) nor its call.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "backend.hpp"
#include "ladder.hpp"
#include "lapack.hpp"
#include "larfg.hpp"
#include "parallel.hpp"
#include "scalar.hpp"
#include "small.hpp"
#include "solve.hpp"
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

// Whether LAPACK's gels would leave the m x n matrix a unscaled: its largest element's modulus
// (?lange 'M') in [smlnum, bignum] = [safmin / eps, eps / safmin], as gels tests it (A = 0
// excluded: gels returns a zero solution for it); `zero_ok` for B, which gels leaves unscaled at
// zero too. Taken conservatively on max(|re|, |im|), which is within a factor sqrt(2) of the
// modulus; a NaN is never in range. The matrices outside go to LAPACK's gels, which scales them.
template <class T> bool unscaled(int m, int n, const T *a, int64_t lda, bool zero_ok) {
    using R = Real<T>;
    using U = std::conditional_t<sizeof(R) == 8, uint64_t, uint32_t>;
    const R small = std::numeric_limits<R>::min() / std::numeric_limits<R>::epsilon(), big = R(1) / small;
    // The largest |part| as the largest bit pattern with the sign bit cleared: the same order for
    // numbers, a NaN above every number, and a loop over integers that the compiler vectorizes.
    constexpr int Q = is_complex<T> ? 2 : 1;
    constexpr U magnitude = ~U(0) >> 1;
    U top = 0;
    for (int j = 0; j < n; ++j) {
        const R *c = reinterpret_cast<const R *>(a + j * lda);
        for (int i = 0; i < Q * m; ++i) {
            U u;
            std::memcpy(&u, c + i, sizeof u);
            u &= magnitude;
            top = u > top ? u : top;
        }
    }
    R t;
    std::memcpy(&t, &top, sizeof t);
    if (t != t) return false;
    if (t == R(0)) return zero_ok;
    return t >= small && t * (is_complex<T> ? std::sqrt(R(2)) : R(1)) <= big;
}

// gels for trans 'N' and m >= n after geqrf (A holding R and the reflectors, tau): what LAPACK's
// gels does then, B := Q^H B (H_1^H first, larf 'Left' on B's columns with the reflector's unit
// element written into A while it is applied, as LAPACK's orm2r does), and where R's diagonal has
// no zero (else info, the first zero's index, and B left as Q^H B, as ?trtrs reports it), R X = B's
// first n rows.
template <class T> int gels_after_qr(int m, int n, int nrhs, T *A, int lda, const T *tau, T *B, int ldb) {
    for (int k = 0; k < n; ++k) {
        T *const v = A + k + int64_t(k) * lda;
        const T d = *v;
        *v = T(1);
        apply_left(m - k, nrhs, v, cj(tau[k]), B + k, ldb);
        *v = d;
    }
    for (int k = 0; k < n; ++k)
        if (A[k + int64_t(k) * lda] == T(0)) return k + 1;
    for (int c = 0; c < nrhs; ++c) trsv('U', 'N', 'N', n, A, lda, B + int64_t(c) * ldb, 1);
    return 0;
}

template <class T> int run(const Gels<T> &op) {
    const int64_t count = op.b.count;
    auto busy = [&](int64_t i) { return op.m[i] > 0 && op.n[i] > 0 && op.nrhs[i] > 0; };
    const int M = largest(op.m, count, busy), N = largest(op.n, count, busy), R = largest(op.nrhs, count, busy);
    const char trans = op.trans.value;
    auto work = lapack_workspace<T>([&](T *w, int *q) {
        lapack::gels(trans, M, N, R, nullptr, std::max(1, M), nullptr, std::max({1, M, N}), w, -1, q);
    });
    SlackCopy<T> copy(op, [&](int64_t i) { return busy(i) && op.m[i] < op.n[i]; });  // LQ: m < n
    auto one = [&](int64_t i) {
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
    };
    // A uniform batch of a shape the QR group kernel takes, trans 'N' and m >= n (the least
    // squares problem): its factorization there, the rest (gels_after_qr) on the library's own
    // loops, where LAPACK's gels spent most of its time in the system's unblocked geqrf and ormqr
    // (src_cpu/PERFORMANCE.md, twenty-fourth session). The matrices gels would scale, and those the
    // group kernel leaves (a delicate column), go to LAPACK's gels one at a time.
    // Whether matrix i takes the library's path: trans 'N', m >= n, right-hand sides to
    // kGelsRhsMax, and A and B as LAPACK's gels would leave them unscaled.
    auto ours = [&](int64_t i) {
        const int m = op.m[i], n = op.n[i], r = op.nrhs[i];
        return trans == 'N' && m >= n && busy(i) && r <= ladder::qr::kGelsRhsMax &&
               unscaled(m, n, op.A[i], op.A.ld[i], false) && unscaled(m, r, op.B[i], op.B.ld[i], true);
    };
    const int m = op.m.value, n = op.n.value, nrhs = op.nrhs.value;
    if (op.b.layout != Layout::Variable && trans == 'N' && m >= n && count > 0 && busy(0) &&
        nrhs <= ladder::qr::kGelsRhsMax && small::geqrf_group_covers<T>(m, n)) {
        constexpr int G = small::group_size;
        const int lda = op.A.ld.value, ldb = op.B.ld.value;
        ThreadWork<T> taus(int64_t(G) * n);
        for_each_group(op, G, [&](int64_t first, int size, int next) {
            T *a[G], *tau[G];
            const T *an[G];
            int64_t which[G];
            int k = 0;
            for (int l = 0; l < size; ++l) {
                const int64_t i = first + l;
                if (ours(i)) {
                    which[k] = i, a[k] = op.A[i], tau[k] = taus.get() + int64_t(k) * n;
                    ++k;
                } else {
                    one(i);
                }
            }
            for (int l = 0; l < next; ++l) an[l] = op.A[first + size + l];
            const unsigned left = k > 0 ? small::geqrf_group(m, n, a, lda, tau, k, an, next) : 0;
            for (int j = 0; j < k; ++j) {
                if (left >> j & 1) one(which[j]);  // A untouched
                else op.b.info[which[j]] = gels_after_qr(m, n, nrhs, a[j], lda, tau[j], op.B[which[j]], ldb);
            }
        });
        return 0;
    }
    // One at a time: the same where the library's one-matrix or blocked QR takes the shape.
    ThreadWork<T> taus(N), blocked(std::min(M, N) >= ladder::qr::kBlockedFrom ? blocked_geqrf_workspace<T>(M, N) : 0);
    auto own = [&](int64_t i) {
        if (!ours(i)) return false;
        const int m = op.m[i], n = op.n[i], r = op.nrhs[i], lda = op.A.ld[i], ldb = op.B.ld[i];
        T *const a = op.A[i], *const tau = taus.get();
        if (std::min(m, n) >= ladder::qr::kBlockedFrom) blocked_geqrf(m, n, a, lda, tau, blocked.get());
        else if (!small::geqrf(m, n, a, lda, tau)) return false;  // A untouched
        op.b.info[i] = gels_after_qr(m, n, r, a, lda, tau, op.B[i], ldb);
        return true;
    };
    for_each_matrix(op, [&](int64_t i) {
        if (!own(i)) one(i);
    });
    return 0;
}
BL_INSTANTIATE_RUN(Gels)

}  // namespace cpu
}  // namespace bl
