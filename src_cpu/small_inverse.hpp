// The inverses' in-cache kernels of small orders: LAPACK's unblocked algorithms (trti2, getri's
// column loop, lauu2) as loops over columns in cache, where LAPACK pays a BLAS level-2 call per
// column. Each assumes its checks done (no zero on the diagonal).
//
// Included twice by inverse.cpp, inside the namespace of an instruction set (`base`, and `v4`
// under #pragma GCC target for real types): so no include guard, no #include, and no call to a
// function defined elsewhere (std:: algorithms included), so that no function is shared between
// the two instruction sets.

template <class T> inline T conj_of(T x) {
    if constexpr (is_complex<T>) return std::conj(x);
    else return x;
}

// The triangular inverse in place, LAPACK's trti2: column j of the inverse is -x / A(j, j), x the
// column's off-diagonal part multiplied by the inverse of the part already inverted (a triangular
// matrix-vector product, in the order of BLAS's trmv).
template <class T> void small_trtri(char uplo, char diag, int n, T *A, int lda) {
    const bool unit = diag == 'U';
    auto col = [&](int j) { return A + int64_t(j) * lda; };
    if (uplo == 'U') {
        for (int j = 0; j < n; ++j) {
            T *x = col(j);
            if (!unit) x[j] = T(1) / x[j];
            const T ajj = unit ? T(-1) : -x[j];
            for (int k = 0; k < j; ++k) {  // x(0:j) := inv(U(0:j, 0:j)) x(0:j)
                const T t = x[k];
                const T *a = col(k);
                for (int i = 0; i < k; ++i) x[i] += t * a[i];
                if (!unit) x[k] = t * a[k];
            }
            for (int i = 0; i < j; ++i) x[i] *= ajj;
        }
    } else {
        for (int j = n - 1; j >= 0; --j) {
            T *x = col(j);
            if (!unit) x[j] = T(1) / x[j];
            const T ajj = unit ? T(-1) : -x[j];
            for (int k = n - 1; k > j; --k) {  // x(j+1:n) := inv(L(j+1:n, j+1:n)) x(j+1:n)
                const T t = x[k];
                const T *a = col(k);
                for (int i = k + 1; i < n; ++i) x[i] += t * a[i];
                if (!unit) x[k] = t * a[k];
            }
            for (int i = j + 1; i < n; ++i) x[i] *= ajj;
        }
    }
}

// getri's unblocked steps after the inverse of U: column by column from the last, inv(A) L =
// inv(U) solved for column j (its part of L moved to `work`, n elements; four columns of the
// product a pass, so that column j is loaded and stored once per four), then the column
// interchanges of ipiv in reverse.
template <class T> void small_getri(int n, T *A, int lda, const int *ipiv, T *work) {
    small_trtri('U', 'N', n, A, lda);
    auto col = [&](int j) { return A + int64_t(j) * lda; };
    for (int j = n - 1; j >= 0; --j) {
        T *c = col(j);
        for (int i = j + 1; i < n; ++i) {
            work[i] = c[i];
            c[i] = T(0);
        }
        int k = j + 1;
        for (; k + 4 <= n; k += 4) {
            const T t0 = work[k], t1 = work[k + 1], t2 = work[k + 2], t3 = work[k + 3];
            const T *a0 = col(k), *a1 = col(k + 1), *a2 = col(k + 2), *a3 = col(k + 3);
            for (int i = 0; i < n; ++i) c[i] -= t0 * a0[i] + t1 * a1[i] + t2 * a2[i] + t3 * a3[i];
        }
        for (; k < n; ++k) {
            const T t = work[k];
            const T *a = col(k);
            for (int i = 0; i < n; ++i) c[i] -= t * a[i];
        }
    }
    for (int j = n - 2; j >= 0; --j) {
        const int p = ipiv[j] - 1;
        if (p == j) continue;
        T *x = col(j), *y = col(p);
        for (int i = 0; i < n; ++i) {
            const T t = x[i];
            x[i] = y[i];
            y[i] = t;
        }
    }
}

// LAPACK's lauu2 for an upper factor: U U^H into the upper triangle, in place, column by column
// from the first (column c of the product needs only columns c.. of U). `work` holds n elements.
// (A lower factor is turned into an upper one by the caller: L^H L's loops would be dot products,
// which the compiler may not vectorize.)
template <class T> void small_lauum(int n, T *A, int lda, T *work) {
    auto col = [&](int j) { return A + int64_t(j) * lda; };
    for (int c = 0; c < n; ++c) {  // A(r, c) = sum over k >= c of U(r, k) conj(U(c, k)), r <= c
        for (int r = 0; r <= c; ++r) work[r] = T(0);
        int k = c;
        for (; k + 4 <= n; k += 4) {  // four columns a pass: `work` loaded and stored once per four
            const T *a0 = col(k), *a1 = col(k + 1), *a2 = col(k + 2), *a3 = col(k + 3);
            const T t0 = conj_of(a0[c]), t1 = conj_of(a1[c]), t2 = conj_of(a2[c]), t3 = conj_of(a3[c]);
            for (int r = 0; r <= c; ++r) work[r] += a0[r] * t0 + a1[r] * t1 + a2[r] * t2 + a3[r] * t3;
        }
        for (; k < n; ++k) {
            const T *a = col(k);
            const T t = conj_of(a[c]);
            for (int r = 0; r <= c; ++r) work[r] += a[r] * t;
        }
        T *to = col(c);
        for (int r = 0; r <= c; ++r) to[r] = work[r];
        if constexpr (is_complex<T>) to[c] = T(std::real(to[c]));  // exactly real, as lauu2 leaves it
    }
}
