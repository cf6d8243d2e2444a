// CUDA backend: gemm and gemv. cuBLAS serves the uniform-size batches (its strided-batched
// routines when every chunk view is strided, its pointer-array routines otherwise); the library's
// own simple product kernel serves what cuBLAS cannot take or is not trusted with:
//  - variable sizes (cuBLAS's grouped gemm has no complex types and no gemv);
//  - alpha = 0 or k = 0, where BLAS reads neither A nor B (they may be null) and only scales C;
//  - gemv with a negative increment (BLAS walks the vector from its end).
// beta = 0 goes to cuBLAS, which documents that C (y) is then not read, as BLAS.
#include "backend.hpp"
#include "cublas.cuh"
#include "kernels.cuh"
#include "stage.cuh"

namespace bl {
namespace cuda {
namespace {

// gemv has no type-generic cuBLAS routine: one overload per precision of each batched form.
#define BL_CUBLAS_GEMV(p, T)                                                                              \
    cublasStatus_t gemv_batched(cublasHandle_t h, cublasOperation_t t, int m, int n, const T *alpha,      \
                                const T *A, int lda, long long sa, const T *x, int incx, long long sx,    \
                                const T *beta, T *y, int incy, long long sy, int count) {                 \
        return cublas().p##gemvStridedBatched(h, t, m, n, alpha, A, lda, sa, x, incx, sx, beta, y, incy,  \
                                              sy, count);                                                 \
    }                                                                                                     \
    cublasStatus_t gemv_batched(cublasHandle_t h, cublasOperation_t t, int m, int n, const T *alpha,      \
                                const T *const *A, int lda, const T *const *x, int incx, const T *beta,   \
                                T *const *y, int incy, int count) {                                       \
        return cublas().p##gemvBatched(h, t, m, n, alpha, A, lda, x, incx, beta, y, incy, count);         \
    }
BL_CUBLAS_GEMV(S, float)
BL_CUBLAS_GEMV(D, double)
BL_CUBLAS_GEMV(C, cuComplex)
BL_CUBLAS_GEMV(Z, cuDoubleComplex)
#undef BL_CUBLAS_GEMV

// C := alpha op(A) op(B) + beta C for matrix i, with BLAS's rules: nothing when C is empty or
// alpha op(A) op(B) vanishes (alpha = 0 or k = 0) and beta = 1; A and B not read when it vanishes;
// C not read when beta = 0. gemv is the case n = 1 (`vector`): A is m x n stored, op(A) x is
// len_y x len_x, and B = x, C = y are vectors whose ld is their (possibly negative) increment.
// Each thread of the team computes whole elements of C.
template <class T> struct ProductBody {
    bool vector;
    bool ta, ca, tb, cb;  // op(A), op(B): transposed, conjugated
    T alpha, beta;
    Sizes m, n, k;
    View<const T> A, B;
    View<T> C;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *, void *) const {
        int M, N, K;
        if (vector) M = ta ? n[i] : m[i], K = ta ? m[i] : n[i], N = 1;
        else M = m[i], N = n[i], K = k[i];
        const bool product = !is_zero(alpha) && K > 0;
        // gemv leaves y alone when A is empty (K = 0); gemm scales C by beta when k = 0.
        if (M == 0 || N == 0 || (vector && K == 0) || (!product && beta == T(1))) return;
        // Element (r, c) of C at c0[r*crs + c*ccs]; of B (as stored) at b0[r*brs + c*bcs].
        int64_t crs = 1, ccs = C.ldi(i), brs = 1, bcs = 0;
        T *c0 = C.at(i);
        const T *b0 = product ? B.at(i) : nullptr;
        if (vector) {
            crs = ccs, ccs = 0;
            if (crs < 0) c0 += (M - 1) * -crs;
            if (product) {
                brs = B.ldi(i);
                if (brs < 0) b0 += (K - 1) * -brs;
            }
        } else if (product) {
            bcs = B.ldi(i);
        }
        const T *a = product ? A.at(i) : nullptr;
        const int64_t lda = product ? A.ldi(i) : 0;
        for (int e = t.rank(); e < M * N; e += t.size()) {
            const int c = e / M, r = e - c * M;
            T s = T(0);
            if (product)
                for (int l = 0; l < K; ++l) {
                    const T x = ta ? conj_if(ca, a[l + r * lda]) : a[r + l * lda];
                    const T y = tb ? conj_if(cb, b0[c * brs + l * bcs]) : b0[l * brs + c * bcs];
                    s += x * y;
                }
            T &v = c0[r * crs + c * ccs];
            const T scaled = is_zero(beta) ? T(0) : beta * v;  // beta = 0: C is not read (NaN ignored)
            v = product ? alpha * s + scaled : scaled;
        }
    }
};

// Enqueues the product kernel on a chunk: warp teams while a matrix of C has at most 32 x 32
// elements, blocks beyond.
template <class T> void launch_product(const ProductBody<T> &body, int64_t largest_c, const Chunk &c) {
    launch(body, c.count, largest_c <= 32 * 32, block_threads(int(std::min<int64_t>(largest_c, 256))), 0, c.stream);
}

}  // namespace

template <class T> int run(const Gemm<T> &op) {
    const bool variable = op.b.layout == Layout::Variable;
    const T alpha = op.alpha.value, beta = op.beta.value;
    const char ta = op.transa.value, tb = op.transb.value;
    // What matrix i references (core/ops/blas.hpp checks the same): A and B only when
    // alpha op(A) op(B) contributes, C unless it is empty or C := 1*C.
    auto reads_ab = [&](int64_t i) { return op.m[i] > 0 && op.n[i] > 0 && op.k[i] > 0 && alpha != T(0); };
    auto writes_c = [&](int64_t i) { return op.m[i] > 0 && op.n[i] > 0 && (reads_ab(i) || beta != T(1)); };
    if (!variable && !writes_c(0)) return 0;
    const bool any_ab = variable ? alpha != T(0) : reads_ab(0);
    return drive(
        op,
        [&](Driver &d) {
            if (any_ab) {
                d.add(op.A, [&](int64_t i) {
                    return reads_ab(i) ? (ta == 'N' ? Shape{op.m[i], op.k[i]} : Shape{op.k[i], op.m[i]}) : Shape{0, 0};
                }, false);
                d.add(op.B, [&](int64_t i) {
                    return reads_ab(i) ? (tb == 'N' ? Shape{op.k[i], op.n[i]} : Shape{op.n[i], op.k[i]}) : Shape{0, 0};
                }, false);
            }
            d.add(op.C, [&](int64_t i) { return writes_c(i) ? Shape{op.m[i], op.n[i]} : Shape{0, 0}; }, true);
        },
        [&](Chunk &c) {
            using D = Dev<T>;
            const View<D> C = c.view(op.C);
            if (variable || !reads_ab(0)) {
                ProductBody<D> body{false, ta != 'N', ta == 'C', tb != 'N', tb == 'C', to_dev(alpha), to_dev(beta),
                                    c.sizes(op.m), c.sizes(op.n), c.sizes(op.k), {}, {}, C};
                if (any_ab) body.A = c.view(op.A), body.B = c.view(op.B);
                launch_product(body, int64_t(chunk_max(op.m, c)) * chunk_max(op.n, c), c);
                return;
            }
            const View<const D> A = c.view(op.A), B = c.view(op.B);
            const cudaDataType type = Blas<T>::data;
            if (!A.ptrs && !B.ptrs && !C.ptrs) {
                check(cublas().GemmStridedBatchedEx(c.blas(), blas_op(ta), blas_op(tb), op.m.value, op.n.value,
                                                    op.k.value, &alpha, A.base, type, A.ld, A.stride, B.base, type,
                                                    B.ld, B.stride, &beta, C.base, type, C.ld, C.stride, int(c.count),
                                                    Blas<T>::compute, CUBLAS_GEMM_DEFAULT),
                      "cublasGemmStridedBatchedEx");
                return;
            }
            check(cublas().GemmBatchedEx(c.blas(), blas_op(ta), blas_op(tb), op.m.value, op.n.value, op.k.value,
                                         &alpha, reinterpret_cast<const void *const *>(c.pointers(A)), type, A.ld,
                                         reinterpret_cast<const void *const *>(c.pointers(B)), type, B.ld, &beta,
                                         reinterpret_cast<void *const *>(c.pointers(C)), type, C.ld, int(c.count),
                                         Blas<T>::compute, CUBLAS_GEMM_DEFAULT),
                  "cublasGemmBatchedEx");
        });
}
BL_INSTANTIATE_RUN(Gemm)

template <class T> int run(const Gemv<T> &op) {
    const bool variable = op.b.layout == Layout::Variable;
    const T alpha = op.alpha.value, beta = op.beta.value;
    const char tr = op.trans.value;
    auto len_x = [&](int64_t i) { return tr == 'N' ? op.n[i] : op.m[i]; };
    auto len_y = [&](int64_t i) { return tr == 'N' ? op.m[i] : op.n[i]; };
    auto reads_ax = [&](int64_t i) { return op.m[i] > 0 && op.n[i] > 0 && alpha != T(0); };
    auto writes_y = [&](int64_t i) { return op.m[i] > 0 && op.n[i] > 0 && (alpha != T(0) || beta != T(1)); };
    if (!variable && !writes_y(0)) return 0;
    return drive(
        op,
        [&](Driver &d) {
            if (alpha != T(0)) {
                d.add(op.A, [&](int64_t i) { return reads_ax(i) ? Shape{op.m[i], op.n[i]} : Shape{0, 0}; }, false);
                d.add(op.x, [&](int64_t i) { return Shape{1, reads_ax(i) ? len_x(i) : 0}; }, false);
            }
            d.add(op.y, [&](int64_t i) { return Shape{1, writes_y(i) ? len_y(i) : 0}; }, true);
        },
        [&](Chunk &c) {
            using D = Dev<T>;
            const View<D> y = c.view(op.y);
            if (variable || alpha == T(0) || op.x.ld.value < 0 || op.y.ld.value < 0) {
                ProductBody<D> body{true, tr != 'N', tr == 'C', false, false, to_dev(alpha), to_dev(beta),
                                    c.sizes(op.m), c.sizes(op.n), Sizes{}, {}, {}, y};
                if (alpha != T(0)) body.A = c.view(op.A), body.B = c.view(op.x);
                const int rows = tr == 'N' ? chunk_max(op.m, c) : chunk_max(op.n, c);
                launch_product(body, rows, c);
                return;
            }
            using B = typename Blas<T>::type;
            const View<const D> A = c.view(op.A), x = c.view(op.x);
            const B *a = reinterpret_cast<const B *>(&alpha), *b = reinterpret_cast<const B *>(&beta);
            if (!A.ptrs && !x.ptrs && !y.ptrs) {
                check(gemv_batched(c.blas(), blas_op(tr), op.m.value, op.n.value, a,
                                   reinterpret_cast<const B *>(A.base), A.ld, A.stride,
                                   reinterpret_cast<const B *>(x.base), x.ld, x.stride, b,
                                   reinterpret_cast<B *>(y.base), y.ld, y.stride, int(c.count)),
                      "cublas<t>gemvStridedBatched");
                return;
            }
            check(gemv_batched(c.blas(), blas_op(tr), op.m.value, op.n.value, a,
                               reinterpret_cast<const B *const *>(c.pointers(A)), A.ld,
                               reinterpret_cast<const B *const *>(c.pointers(x)), x.ld, b,
                               reinterpret_cast<B *const *>(c.pointers(y)), y.ld, int(c.count)),
                  "cublas<t>gemvBatched");
        });
}
BL_INSTANTIATE_RUN(Gemv)

}  // namespace cuda
}  // namespace bl
