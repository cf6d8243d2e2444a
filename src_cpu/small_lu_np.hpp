// getrf_np's unblocked kernel (lu_np.cpp): LU without pivoting of an m x n matrix in cache,
// left-looking: each column is brought up to date by the columns of L before it, four of them a
// pass (the column loaded and stored once per four), then scaled by its pivot.
//
// Included twice by lu_np.cpp, inside the namespace of an instruction set (`base`, and `v4` under
// #pragma GCC target for real types): so no include guard, no #include, and no call to a function
// defined elsewhere, so that no function is shared between the two instruction sets.

template <class T> inline auto magnitude(T x) {
    if constexpr (is_complex<T>) return std::abs(x);
    else return x < 0 ? -x : x;
}

// As LAPACK's getf2 with every pivot on the diagonal: the column below a pivot is scaled by the
// pivot's reciprocal (divided by the pivot where the reciprocal would overflow, |pivot| < sfmin);
// a pivot that is exactly zero leaves its column unscaled and sets info (the first such pivot,
// counted from `offset` + 1), and the factorization goes on with it.
template <class T, class R> void getf2_np(int m, int n, T *A, int lda, int offset, int *info, R sfmin) {
    auto col = [&](int j) { return A + int64_t(j) * lda; };
    for (int j = 0; j < n; ++j) {
        T *c = col(j);
        const int kmax = j < m ? j : m;
        int k = 0;
        for (; k + 4 <= kmax; k += 4) {  // U(k:k+4, j) by the unit triangle, then the rows below
            const T *l0 = col(k), *l1 = col(k + 1), *l2 = col(k + 2), *l3 = col(k + 3);
            const T t0 = c[k];
            const T t1 = c[k + 1] - t0 * l0[k + 1];
            const T t2 = c[k + 2] - t0 * l0[k + 2] - t1 * l1[k + 2];
            const T t3 = c[k + 3] - t0 * l0[k + 3] - t1 * l1[k + 3] - t2 * l2[k + 3];
            c[k + 1] = t1, c[k + 2] = t2, c[k + 3] = t3;
            for (int i = k + 4; i < m; ++i) c[i] -= t0 * l0[i] + t1 * l1[i] + t2 * l2[i] + t3 * l3[i];
        }
        for (; k < kmax; ++k) {
            const T t = c[k];
            const T *l = col(k);
            for (int i = k + 1; i < m; ++i) c[i] -= t * l[i];
        }
        if (j >= m) continue;
        const T p = c[j];
        if (p != T(0)) {
            if (magnitude(p) >= sfmin) {
                const T r = T(1) / p;
                for (int i = j + 1; i < m; ++i) c[i] *= r;
            } else {
                for (int i = j + 1; i < m; ++i) c[i] /= p;
            }
        } else if (*info == 0) {
            *info = offset + j + 1;
        }
    }
}

// The solve with getf2_np's factors, A = L U, column by column of B in cache: 'N' L then U, in
// the order of BLAS's trsm (axpy down the columns); 'T' and 'C' U^T (U^H) then L^T (L^H), a
// dot product per element.
template <class T> void getrs_np(char trans, int n, int nrhs, const T *A, int lda, T *B, int ldb) {
    auto col = [&](int j) { return A + int64_t(j) * lda; };
    auto op = [&](T x) {
        if constexpr (is_complex<T>) return trans == 'C' ? T(x.real(), -x.imag()) : x;
        else return x;
    };
    for (int r = 0; r < nrhs; ++r) {
        T *b = B + int64_t(r) * ldb;
        if (trans == 'N') {
            for (int k = 0; k < n; ++k) {
                const T t = b[k];
                const T *l = col(k);
                for (int i = k + 1; i < n; ++i) b[i] -= t * l[i];
            }
            for (int k = n - 1; k >= 0; --k) {
                const T *u = col(k);
                b[k] /= u[k];
                const T t = b[k];
                for (int i = 0; i < k; ++i) b[i] -= t * u[i];
            }
        } else {
            for (int j = 0; j < n; ++j) {
                const T *u = col(j);
                T s = b[j];
                for (int k = 0; k < j; ++k) s -= op(u[k]) * b[k];
                b[j] = s / op(u[j]);
            }
            for (int j = n - 1; j >= 0; --j) {
                const T *l = col(j);
                T s = b[j];
                for (int k = j + 1; k < n; ++k) s -= op(l[k]) * b[k];
                b[j] = s;
            }
        }
    }
}
