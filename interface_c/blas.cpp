// Public entry points and argument checks of the BLAS routines (batchlapack/blas.h): trsv, trsm,
// gemm, gemv. They have no info; the checks are the reference BLAS's (xerbla's), plus the
// layout's. A matrix or vector that BLAS does not reference for the given sizes and scalars (A and
// B of gemm when alpha = 0 or k = 0, ...) is checked with zero size, so it needs no pointer.
#include "call.hpp"

namespace bl {

namespace {
bool is_trans(const Option &o) { return o.value != 'N'; }
}  // namespace

template <class T> void check(const Trsv<T> &op, Checker &c) {
    c.option(op.uplo, "UL");
    c.option(op.trans, "NTC");
    c.option(op.diag, "NU");
    c.each([&](Checker &c, int64_t i) {
        int n = op.n[i];
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, n), op.A.ld, i, "must be >= max(1, n)", std::max(1, n));
        c.require(op.x.ld[i] != 0, op.x.ld, i, "must not be 0");
        c.matrix(op.A, i, n, n);
        c.vector(op.x, i, n);
    });
}

template <class T> void check(const Trsm<T> &op, Checker &c) {
    c.option(op.side, "LR");
    c.option(op.uplo, "UL");
    c.option(op.transa, "NTC");
    c.option(op.diag, "NU");
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i], k = op.side.value == 'L' ? m : n;
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, k), op.A.ld, i,
                  op.side.value == 'L' ? "must be >= max(1, m)" : "must be >= max(1, n)", std::max(1, k));
        c.require(op.B.ld[i] >= std::max(1, m), op.B.ld, i, "must be >= max(1, m)", std::max(1, m));
        // alpha = 0 sets B to zero without reading A.
        bool used = m > 0 && n > 0;
        c.matrix(op.A, i, used && op.alpha.value != T(0) ? k : 0, k);
        c.matrix(op.B, i, used ? m : 0, n);
    });
}

template <class T> void check(const Gemm<T> &op, Checker &c) {
    c.option(op.transa, "NTC");
    c.option(op.transb, "NTC");
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i], k = op.k[i];
        // Rows and columns of A and B as stored (op(A) is m x k, op(B) is k x n).
        int rows_a = is_trans(op.transa) ? k : m, cols_a = is_trans(op.transa) ? m : k;
        int rows_b = is_trans(op.transb) ? n : k, cols_b = is_trans(op.transb) ? k : n;
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(k >= 0, op.k, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, rows_a), op.A.ld, i,
                  is_trans(op.transa) ? "must be >= max(1, k)" : "must be >= max(1, m)", std::max(1, rows_a));
        c.require(op.B.ld[i] >= std::max(1, rows_b), op.B.ld, i,
                  is_trans(op.transb) ? "must be >= max(1, n)" : "must be >= max(1, k)", std::max(1, rows_b));
        c.require(op.C.ld[i] >= std::max(1, m), op.C.ld, i, "must be >= max(1, m)", std::max(1, m));
        // BLAS returns at once when C is empty or C := 1*C; it reads A and B only when alpha*A*B
        // contributes.
        bool writes_c = m > 0 && n > 0 && !((op.alpha.value == T(0) || k == 0) && op.beta.value == T(1));
        bool reads_ab = writes_c && op.alpha.value != T(0) && k > 0;
        c.matrix(op.A, i, reads_ab ? rows_a : 0, cols_a);
        c.matrix(op.B, i, reads_ab ? rows_b : 0, cols_b);
        c.matrix(op.C, i, writes_c ? m : 0, n);
    });
}

template <class T> void check(const Gemv<T> &op, Checker &c) {
    c.option(op.trans, "NTC");
    c.each([&](Checker &c, int64_t i) {
        int m = op.m[i], n = op.n[i];
        int len_x = is_trans(op.trans) ? m : n, len_y = is_trans(op.trans) ? n : m;
        c.require(m >= 0, op.m, i, "must be >= 0");
        c.require(n >= 0, op.n, i, "must be >= 0");
        c.require(op.A.ld[i] >= std::max(1, m), op.A.ld, i, "must be >= max(1, m)", std::max(1, m));
        c.require(op.x.ld[i] != 0, op.x.ld, i, "must not be 0");
        c.require(op.y.ld[i] != 0, op.y.ld, i, "must not be 0");
        // As gemm: nothing is referenced when A is empty or y := 1*y; A and x only when alpha != 0.
        bool writes_y = m > 0 && n > 0 && !(op.alpha.value == T(0) && op.beta.value == T(1));
        bool reads_ax = writes_y && op.alpha.value != T(0);
        c.matrix(op.A, i, reads_ax ? m : 0, n);
        c.vector(op.x, i, reads_ax ? len_x : 0);
        c.vector(op.y, i, writes_y ? len_y : 0);
    });
}

}  // namespace bl

using bl::Layout;

extern "C" {

#define BL_TRSV(p, T)                                                                             \
    int bl_##p##trsv_batch(char uplo, char trans, char diag, int n, const T *A, int lda,          \
                           int64_t strideA, T *x, int incx, int64_t strideX, int batch) {         \
        return bl::call_blas(bl::Trsv<T>{uplo, trans, diag, n, bl::strided(A, lda, strideA),      \
                                         bl::strided(x, incx, strideX)},                          \
                             Layout::Strided, "bl_" #p "trsv_batch", batch);                      \
    }                                                                                             \
    int bl_##p##trsv_batch_ptr(char uplo, char trans, char diag, int n, const T *const *A,        \
                               int lda, T *const *x, int incx, int batch) {                       \
        return bl::call_blas(bl::Trsv<T>{uplo, trans, diag, n, bl::pointers(A, lda),              \
                                         bl::pointers(x, incx)},                                  \
                             Layout::Pointers, "bl_" #p "trsv_batch_ptr", batch);                 \
    }                                                                                             \
    int bl_##p##trsv_vbatch(char uplo, char trans, char diag, const int *n, const T *const *A,    \
                            const int *lda, T *const *x, const int *incx, int batch) {            \
        return bl::call_blas(bl::Trsv<T>{uplo, trans, diag, n, bl::pointers(A, lda),              \
                                         bl::pointers(x, incx)},                                  \
                             Layout::Variable, "bl_" #p "trsv_vbatch", batch);                    \
    }
BL_PRECISIONS(BL_TRSV)
#undef BL_TRSV

#define BL_TRSM(p, T)                                                                             \
    int bl_##p##trsm_batch(char side, char uplo, char transa, char diag, int m, int n, T alpha,   \
                           const T *A, int lda, int64_t strideA, T *B, int ldb, int64_t strideB,  \
                           int batch) {                                                           \
        return bl::call_blas(bl::Trsm<T>{side, uplo, transa, diag, m, n, alpha,                   \
                                         bl::strided(A, lda, strideA), bl::strided(B, ldb, strideB)}, \
                             Layout::Strided, "bl_" #p "trsm_batch", batch);                      \
    }                                                                                             \
    int bl_##p##trsm_batch_ptr(char side, char uplo, char transa, char diag, int m, int n,        \
                               T alpha, const T *const *A, int lda, T *const *B, int ldb,         \
                               int batch) {                                                       \
        return bl::call_blas(bl::Trsm<T>{side, uplo, transa, diag, m, n, alpha,                   \
                                         bl::pointers(A, lda), bl::pointers(B, ldb)},             \
                             Layout::Pointers, "bl_" #p "trsm_batch_ptr", batch);                 \
    }                                                                                             \
    int bl_##p##trsm_vbatch(char side, char uplo, char transa, char diag, const int *m,           \
                            const int *n, T alpha, const T *const *A, const int *lda,             \
                            T *const *B, const int *ldb, int batch) {                             \
        return bl::call_blas(bl::Trsm<T>{side, uplo, transa, diag, m, n, alpha,                   \
                                         bl::pointers(A, lda), bl::pointers(B, ldb)},             \
                             Layout::Variable, "bl_" #p "trsm_vbatch", batch);                    \
    }
BL_PRECISIONS(BL_TRSM)
#undef BL_TRSM

#define BL_GEMM(p, T)                                                                             \
    int bl_##p##gemm_batch(char transa, char transb, int m, int n, int k, T alpha, const T *A,    \
                           int lda, int64_t strideA, const T *B, int ldb, int64_t strideB,        \
                           T beta, T *C, int ldc, int64_t strideC, int batch) {                   \
        return bl::call_blas(bl::Gemm<T>{transa, transb, m, n, k, alpha,                          \
                                         bl::strided(A, lda, strideA), bl::strided(B, ldb, strideB), \
                                         beta, bl::strided(C, ldc, strideC)},                     \
                             Layout::Strided, "bl_" #p "gemm_batch", batch);                      \
    }                                                                                             \
    int bl_##p##gemm_batch_ptr(char transa, char transb, int m, int n, int k, T alpha,            \
                               const T *const *A, int lda, const T *const *B, int ldb, T beta,    \
                               T *const *C, int ldc, int batch) {                                 \
        return bl::call_blas(bl::Gemm<T>{transa, transb, m, n, k, alpha, bl::pointers(A, lda),    \
                                         bl::pointers(B, ldb), beta, bl::pointers(C, ldc)},       \
                             Layout::Pointers, "bl_" #p "gemm_batch_ptr", batch);                 \
    }                                                                                             \
    int bl_##p##gemm_vbatch(char transa, char transb, const int *m, const int *n, const int *k,   \
                            T alpha, const T *const *A, const int *lda, const T *const *B,        \
                            const int *ldb, T beta, T *const *C, const int *ldc, int batch) {     \
        return bl::call_blas(bl::Gemm<T>{transa, transb, m, n, k, alpha, bl::pointers(A, lda),    \
                                         bl::pointers(B, ldb), beta, bl::pointers(C, ldc)},       \
                             Layout::Variable, "bl_" #p "gemm_vbatch", batch);                    \
    }
BL_PRECISIONS(BL_GEMM)
#undef BL_GEMM

#define BL_GEMV(p, T)                                                                             \
    int bl_##p##gemv_batch(char trans, int m, int n, T alpha, const T *A, int lda,                \
                           int64_t strideA, const T *x, int incx, int64_t strideX, T beta, T *y,  \
                           int incy, int64_t strideY, int batch) {                                \
        return bl::call_blas(bl::Gemv<T>{trans, m, n, alpha, bl::strided(A, lda, strideA),        \
                                         bl::strided(x, incx, strideX), beta,                     \
                                         bl::strided(y, incy, strideY)},                          \
                             Layout::Strided, "bl_" #p "gemv_batch", batch);                      \
    }                                                                                             \
    int bl_##p##gemv_batch_ptr(char trans, int m, int n, T alpha, const T *const *A, int lda,     \
                               const T *const *x, int incx, T beta, T *const *y, int incy,        \
                               int batch) {                                                       \
        return bl::call_blas(bl::Gemv<T>{trans, m, n, alpha, bl::pointers(A, lda),                \
                                         bl::pointers(x, incx), beta, bl::pointers(y, incy)},     \
                             Layout::Pointers, "bl_" #p "gemv_batch_ptr", batch);                 \
    }                                                                                             \
    int bl_##p##gemv_vbatch(char trans, const int *m, const int *n, T alpha, const T *const *A,   \
                            const int *lda, const T *const *x, const int *incx, T beta,           \
                            T *const *y, const int *incy, int batch) {                            \
        return bl::call_blas(bl::Gemv<T>{trans, m, n, alpha, bl::pointers(A, lda),                \
                                         bl::pointers(x, incx), beta, bl::pointers(y, incy)},     \
                             Layout::Variable, "bl_" #p "gemv_vbatch", batch);                    \
    }
BL_PRECISIONS(BL_GEMV)
#undef BL_GEMV

}  // extern "C"
