// CUDA backend: LU factorization (getrf) and the solves built on it (getrs, gesv).
#include "backend.hpp"
#include "kernels.cuh"
#include "stage.cuh"

namespace bl {
namespace cuda {
namespace {

template <class T> struct GetrfBody {
    Sizes m, n;
    View<T> A;
    View<int> ipiv;
    int *info;
    bool in_shared;  // the matrix is copied to the team's tile, factored there, and copied back
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *scratch) const {
        const int M = m[i], N = n[i];
        int result = 0;
        if (M > 0 && N > 0) {
            T *a = A.at(i);
            const int lda = A.ldi(i);
            if (in_shared) {
                T *w = static_cast<T *>(tile);
                copy_matrix(t, M, N, a, lda, w, M);
                t.sync();
                result = getf2(t, M, N, w, M, ipiv.at(i), scratch);
                copy_matrix(t, M, N, w, M, a, lda);
            } else {
                result = getf2(t, M, N, a, lda, ipiv.at(i), scratch);
            }
        }
        if (t.rank() == 0) info[i] = result;
    }
};

// Solves op(A) X = B with A = P L U from getrf. Matrices whose `skip` entry is nonzero (gesv:
// the factorization failed) are left alone, as LAPACK's gesv does.
template <class T> struct GetrsBody {
    char trans;
    Sizes n, nrhs;
    View<const T> A;
    View<const int> ipiv;
    View<T> B;
    const int *skip;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *, void *scratch) const {
        const int N = n[i], R = nrhs[i];
        if (N == 0 || R == 0 || (skip && skip[i] != 0)) return;
        const T *a = A.at(i);
        const int lda = A.ldi(i), ldb = B.ldi(i);
        const int *p = ipiv.at(i);
        T *b = B.at(i);
        // Row interchanges, in LAPACK's order (forward for A, backward for A^T / A^H), one
        // thread per right-hand side.
        auto swaps = [&](bool forward) {
            for (int c = t.rank(); c < R; c += t.size())
                for (int s = 0; s < N; ++s) {
                    const int k = forward ? s : N - 1 - s, kp = p[k] - 1;
                    if (kp != k) {
                        T x = b[k + int64_t(c) * ldb];
                        b[k + int64_t(c) * ldb] = b[kp + int64_t(c) * ldb];
                        b[kp + int64_t(c) * ldb] = x;
                    }
                }
            t.sync();
        };
        if (trans == 'N') {
            swaps(true);
            trsm_left(t, true, false, false, true, N, R, a, lda, b, 1, ldb, scratch);
            trsm_left(t, false, false, false, false, N, R, a, lda, b, 1, ldb, scratch);
        } else {
            const bool conj = trans == 'C';
            trsm_left(t, false, true, conj, false, N, R, a, lda, b, 1, ldb, scratch);
            trsm_left(t, true, true, conj, true, N, R, a, lda, b, 1, ldb, scratch);
            swaps(false);
        }
    }
};

template <class T> void launch_getrf(Chunk &c, const Int &m, const Int &n, const Array<T> &A, const Array<int> &ipiv) {
    using D = Dev<T>;
    const int maxm = chunk_max(m, c), maxn = chunk_max(n, c);
    const size_t tile = (size_t(maxm) * maxn * sizeof(D) + 15) / 16 * 16;
    const bool warp = maxm <= 32 && maxn <= 32;
    const bool in_shared = fits_shared(warp ? 4 * tile : tile);
    GetrfBody<D> body{c.sizes(m), c.sizes(n), c.view(A), c.view(ipiv), c.info, in_shared};
    launch(body, c.count, warp, block_threads(maxm), in_shared ? tile : 0, c.stream);
}

template <class T>
void launch_getrs(Chunk &c, char trans, const Int &n, const Int &nrhs, const Array<const T> &A,
                  const Array<const int> &ipiv, const Array<T> &B, const int *skip) {
    const int maxn = chunk_max(n, c);
    GetrsBody<Dev<T>> body{trans, c.sizes(n), c.sizes(nrhs), c.view(A), c.view(ipiv), c.view(B), skip};
    launch(body, c.count, maxn <= 32, block_threads(maxn), 0, c.stream);
}

}  // namespace

template <class T> int run(const Getrf<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.m[i], op.n[i]}; }, true);
            d.add(op.ipiv, [&](int64_t i) { return Shape{std::min(op.m[i], op.n[i]), 1}; }, true);
        },
        [&](Chunk &c) { launch_getrf(c, op.m, op.n, op.A, op.ipiv); });
}
BL_INSTANTIATE_RUN(Getrf)

template <class T> int run(const Getrs<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, false);
            d.add(op.ipiv, [&](int64_t i) { return Shape{op.n[i], 1}; }, false);
            d.add(op.B, [&](int64_t i) { return Shape{op.n[i], op.nrhs[i]}; }, true);
        },
        [&](Chunk &c) {
            launch_getrs(c, op.trans.value, op.n, op.nrhs, op.A, op.ipiv, op.B, nullptr);
            c.clear_info();
        });
}
BL_INSTANTIATE_RUN(Getrs)

template <class T> int run(const Gesv<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.n[i], op.n[i]}; }, true);
            d.add(op.ipiv, [&](int64_t i) { return Shape{op.n[i], 1}; }, true);
            d.add(op.B, [&](int64_t i) { return Shape{op.n[i], op.nrhs[i]}; }, true);
        },
        [&](Chunk &c) {
            launch_getrf(c, op.n, op.n, op.A, op.ipiv);
            launch_getrs(c, 'N', op.n, op.nrhs, as_const(op.A), as_const(op.ipiv), op.B, c.info);
        });
}
BL_INSTANTIATE_RUN(Gesv)

}  // namespace cuda
}  // namespace bl
