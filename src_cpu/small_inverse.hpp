// The inverses' in-cache kernels of small orders: LAPACK's unblocked algorithms (trti2, getri's
// column loop, lauu2) as loops over columns in cache, where LAPACK pays a BLAS level-2 call per
// column. Each assumes its checks done (no zero on the diagonal). The padded_* kernels below take
// real types' orders from ladder::inverse::kPaddedFrom to kPaddedMax where they run (kPadded); the
// column loops the rest (and complex types).
//
// Included twice by inverse.cpp, inside the namespace of an instruction set (`base`, and `v4`
// under #pragma GCC target: real types, and complex ones from
// ladder::inverse::kComplexVectorFrom), which first defines `constexpr bool kPadded`, whether
// the padded kernels run there: so no include guard, no #include, and no call to a function
// defined elsewhere (std:: algorithms included), so that no function is shared between the two
// instruction sets.

// a b; in the v4 unit (kPadded) complex ones as Fortran (and LAPACK) forms them: C++'s product
// of std::complex checks every result for NaNs (C's Annex G) and calls a library routine for
// them, which keeps the loops from vectorizing. (On the baseline C++'s product stays: complex
// float getri at 2-5 ran 10-30% slower with this one there.)
template <class T> inline T times(T a, T b) {
    if constexpr (is_complex<T> && kPadded)
        return T(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
    else return a * b;
}
template <class T> inline T conj_of(T x) {
    if constexpr (is_complex<T>) return std::conj(x);
    else return x;
}

// The triangular inverse in place, LAPACK's trti2: column j of the inverse is -x / A(j, j), x the
// column's off-diagonal part multiplied by the inverse of the part already inverted (a triangular
// matrix-vector product, in the order of BLAS's trmv).
template <class T, class N> void column_trtri(char uplo, char diag, N n, T *A, int lda) {
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
                for (int i = 0; i < k; ++i) x[i] += times(t, a[i]);
                if (!unit) x[k] = times(t, a[k]);
            }
            for (int i = 0; i < j; ++i) x[i] = times(x[i], ajj);
        }
    } else {
        for (int j = n - 1; j >= 0; --j) {
            T *x = col(j);
            if (!unit) x[j] = T(1) / x[j];
            const T ajj = unit ? T(-1) : -x[j];
            for (int k = n - 1; k > j; --k) {  // x(j+1:n) := inv(L(j+1:n, j+1:n)) x(j+1:n)
                const T t = x[k];
                const T *a = col(k);
                for (int i = k + 1; i < n; ++i) x[i] += times(t, a[i]);
                if (!unit) x[k] = times(t, a[k]);
            }
            for (int i = j + 1; i < n; ++i) x[i] = times(x[i], ajj);
        }
    }
}

// getri's unblocked steps after the inverse of U: column by column from the last, inv(A) L =
// inv(U) solved for column j (its part of L moved to `work`, n elements; four columns of the
// product a pass, so that column j is loaded and stored once per four), then the column
// interchanges of ipiv in reverse.
template <class T, class N> void column_getri(N n, T *A, int lda, const int *ipiv, T *work) {
    column_trtri('U', 'N', n, A, lda);
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
            for (int i = 0; i < n; ++i)
                c[i] -= times(t0, a0[i]) + times(t1, a1[i]) + times(t2, a2[i]) + times(t3, a3[i]);
        }
        for (; k < n; ++k) {
            const T t = work[k];
            const T *a = col(k);
            for (int i = 0; i < n; ++i) c[i] -= times(t, a[i]);
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
template <class T> void column_lauum(int n, T *A, int lda, T *work) {
    auto col = [&](int j) { return A + int64_t(j) * lda; };
    for (int c = 0; c < n; ++c) {  // A(r, c) = sum over k >= c of U(r, k) conj(U(c, k)), r <= c
        for (int r = 0; r <= c; ++r) work[r] = T(0);
        int k = c;
        for (; k + 4 <= n; k += 4) {  // four columns a pass: `work` loaded and stored once per four
            const T *a0 = col(k), *a1 = col(k + 1), *a2 = col(k + 2), *a3 = col(k + 3);
            const T t0 = conj_of(a0[c]), t1 = conj_of(a1[c]), t2 = conj_of(a2[c]), t3 = conj_of(a3[c]);
            for (int r = 0; r <= c; ++r)
                work[r] += times(a0[r], t0) + times(a1[r], t1) + times(a2[r], t2) + times(a3[r], t3);
        }
        for (; k < n; ++k) {
            const T *a = col(k);
            const T t = conj_of(a[c]);
            for (int r = 0; r <= c; ++r) work[r] += times(a[r], t);
        }
        T *to = col(c);
        for (int r = 0; r <= c; ++r) to[r] = work[r];
        if constexpr (is_complex<T>) to[c] = T(std::real(to[c]));  // exactly real, as lauu2 leaves it
    }
}

// ---- the padded kernels ---------------------------------------------------------------------------
// The same algorithms on a local copy whose columns are P elements long (P a multiple of eight,
// n <= P), zeros below the diagonal of a triangle and past row n, for real types: every column
// operation is then P / 8 whole vectors of eight elements (one AVX-512 register of doubles) from an
// aligned start, which stay in registers, where the loops above run over 0 to n - 1 elements with
// a vector loop and a remainder per column. Each column is a sum of whole columns of the copy, in
// two chains (even and odd terms), so that the additions' latency is hidden. Written on GCC's
// vectors: plain loops over P elements were split by the compiler at every row bound into scalar
// code (0.8x the LAPACK loop at 16). Orders up to ladder::inverse::kPaddedMax (inverse.cpp).
// GCC warns (-Wpsabi) that passing these vectors changes the calling convention in the baseline
// namespace; no call crosses it (each instruction set's kernels call only their own), so the
// warning is off from here to the end of the including file.
#pragma GCC diagnostic ignored "-Wpsabi"
template <class T> struct Eight {
    typedef T V __attribute__((vector_size(8 * sizeof(T))));
    typedef std::conditional_t<sizeof(T) == 8, long long, int> I;
    typedef I M __attribute__((vector_size(8 * sizeof(T))));  // a comparison's mask
};
template <class T> using Vec = typename Eight<T>::V;
template <class T> Vec<T> vec_at(const T *p) {
    Vec<T> v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}
template <class T> void vec_put(T *p, Vec<T> v) { __builtin_memcpy(p, &v, sizeof v); }

// w := the upper triangle of A (`turn`: the conjugate transpose of the lower triangle), zero
// elsewhere: an n-column copy with columns P apart.
template <int P, class T> void padded_copy_upper(bool turn, int n, const T *A, int lda, T *w) {
    for (int j = 0; j < n; ++j) {
        T *x = w + j * P;
        for (int v = 0; v < P; v += 8) vec_put(x + v, Vec<T>{});
        for (int i = 0; i <= j; ++i) x[i] = turn ? conj_of(A[int64_t(i) * lda + j]) : A[int64_t(j) * lda + i];
    }
}

// y := the sum of w(:, k) x[k * stride] for k in [from, to).
template <int P, class T> void padded_combination(int from, int to, const T *w, const T *x, int stride, Vec<T> *y) {
    constexpr int NV = P / 8;
    Vec<T> e[NV], o[NV];
    for (int v = 0; v < NV; ++v) e[v] = o[v] = Vec<T>{};
    int k = from;
    for (; k + 2 <= to; k += 2) {
        const T t0 = x[k * stride], t1 = x[(k + 1) * stride];
        const T *c0 = w + k * P, *c1 = c0 + P;
        for (int v = 0; v < NV; ++v) {
            e[v] += vec_at(c0 + 8 * v) * t0;
            o[v] += vec_at(c1 + 8 * v) * t1;
        }
    }
    if (k < to)
        for (int v = 0; v < NV; ++v) e[v] += vec_at(w + k * P + 8 * v) * x[k * stride];
    for (int v = 0; v < NV; ++v) y[v] = e[v] + o[v];
}

// The upper triangle in w (padded_copy_upper's layout) replaced by its inverse, trti2's columns:
// column j is -inv(U(0:j, 0:j)) U(0:j, j) / U(j, j), the product a combination of the columns of
// the inverse so far. Rows from j on are written as zeros, not taken from the sum (NaN where the
// column holds an Inf), and the diagonal after them.
template <int P, class T> void padded_upper_inverse(bool unit, int n, T *w) {
    using M = typename Eight<T>::M;
    constexpr int NV = P / 8;
    for (int j = 0; j < n; ++j) {
        T *x = w + j * P;
        Vec<T> y[NV];
        padded_combination<P>(0, j, w, x, 1, y);
        const T d = unit ? T(1) : T(1) / x[j], s = -d;
        for (int v = 0; v < NV; ++v) {
            const M row = M{0, 1, 2, 3, 4, 5, 6, 7} + 8 * v;
            vec_put(x + 8 * v, row < j ? y[v] * s : Vec<T>{});
        }
        x[j] = d;
    }
}

// trtri of order n <= P: an upper triangle in place, a lower one as the transpose of its
// transpose's inverse.
template <int P, class T> void padded_trtri(char uplo, char diag, int n, T *A, int lda) {
    alignas(64) T w[P * P];
    const bool lower = uplo == 'L', unit = diag == 'U';
    padded_copy_upper<P>(lower, n, A, lda, w);
    padded_upper_inverse<P>(unit, n, w);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < j + !unit; ++i) (lower ? A[int64_t(i) * lda + j] : A[int64_t(j) * lda + i]) = w[j * P + i];
}

// getri of order n <= P: inv(U) in the copy, then inv(A) L = inv(U) for its columns from the last
// (column j less the columns right of it times L(j+1:n, j), read from A), then the columns put in
// the order of ipiv's interchanges, undone from the last, on their way back to A.
template <int P, class T> void padded_getri(int n, T *A, int lda, const int *ipiv) {
    constexpr int NV = P / 8;
    alignas(64) T w[P * P];
    padded_copy_upper<P>(false, n, A, lda, w);
    padded_upper_inverse<P>(false, n, w);
    for (int j = n - 1; j >= 0; --j) {
        T *x = w + j * P;
        Vec<T> y[NV];
        padded_combination<P>(j + 1, n, w, A + int64_t(j) * lda, 1, y);
        for (int v = 0; v < NV; ++v) vec_put(x + 8 * v, vec_at(x + 8 * v) - y[v]);
    }
    int from[P];
    for (int j = 0; j < n; ++j) from[j] = j;
    for (int j = n - 2; j >= 0; --j) {
        const int p = ipiv[j] - 1, t = from[j];
        from[j] = from[p];
        from[p] = t;
    }
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) A[int64_t(j) * lda + i] = w[from[j] * P + i];
}

// potri of order n <= P: the factor as an upper one U (a lower L as U = L^T) inverted in the copy,
// then inv(U) inv(U)^T column by column into A's triangle (column c: the columns c.. of inv(U)
// times their row c; lauu2's product), the copy left as it is.
template <int P, class T> void padded_potri(char uplo, int n, T *A, int lda) {
    constexpr int NV = P / 8;
    alignas(64) T w[P * P];
    const bool lower = uplo == 'L';
    padded_copy_upper<P>(lower, n, A, lda, w);
    padded_upper_inverse<P>(false, n, w);
    for (int c = 0; c < n; ++c) {
        Vec<T> y[NV];
        padded_combination<P>(c, n, w, w + c, P, y);
        T col[P];
        __builtin_memcpy(col, y, sizeof col);
        for (int i = 0; i <= c; ++i) (lower ? A[int64_t(i) * lda + c] : A[int64_t(c) * lda + i]) = col[i];
    }
}

// ---- the entry points -----------------------------------------------------------------------------
// f(P) for the padded kernels' column length P of order n (1 to 48): n rounded up to eight.
template <class F> void with_padded(int n, F &&f) {
    if (n <= 8) return f(std::integral_constant<int, 8>{});
    if (n <= 16) return f(std::integral_constant<int, 16>{});
    if (n <= 24) return f(std::integral_constant<int, 24>{});
    if (n <= 32) return f(std::integral_constant<int, 32>{});
    if (n <= 40) return f(std::integral_constant<int, 40>{});
    return f(std::integral_constant<int, 48>{});
}
// f(N) for order n (1 to 8) as a compile-time constant: the column loops fully unrolled.
template <class F> void with_fixed(int n, F &&f) {
    switch (n) {
    case 1: return f(std::integral_constant<int, 1>{});
    case 2: return f(std::integral_constant<int, 2>{});
    case 3: return f(std::integral_constant<int, 3>{});
    case 4: return f(std::integral_constant<int, 4>{});
    case 5: return f(std::integral_constant<int, 5>{});
    case 6: return f(std::integral_constant<int, 6>{});
    case 7: return f(std::integral_constant<int, 7>{});
    default: return f(std::integral_constant<int, 8>{});
    }
}
// Whether order n of T goes to the padded kernels, those of potri from order 1, the others' from
// ladder::inverse::kPaddedFrom.
template <class T> bool padded(int n, int from = ladder::inverse::kPaddedFrom) {
    return kPadded && !is_complex<T> && n >= from && n <= ladder::inverse::kPaddedMax;
}

// trtri, getri and potri of order n up to ladder::inverse::kSmallMax: the padded kernels for their
// orders, the column loops otherwise. getri's `work` holds n elements, potri's
// small_potri_workspace(n).
template <class T> int64_t small_potri_workspace(int n) { return padded<T>(n, 1) ? 0 : int64_t(n) * (n + 1); }

template <class T> void small_trtri(char uplo, char diag, int n, T *A, int lda) {
    if constexpr (kPadded && !is_complex<T>)
        if (padded<T>(n)) return with_padded(n, [&](auto P) { padded_trtri<P()>(uplo, diag, n, A, lda); });
    column_trtri(uplo, diag, n, A, lda);
}

template <class T> void small_getri(int n, T *A, int lda, const int *ipiv, T *work) {
    if constexpr (kPadded && !is_complex<T>)
        if (padded<T>(n)) return with_padded(n, [&](auto P) { padded_getri<P()>(n, A, lda, ipiv); });
    if (!is_complex<T> && n <= 8) return with_fixed(n, [&](auto N) { column_getri(N, A, lda, ipiv, work); });
    column_getri(n, A, lda, ipiv, work);
}

// The conjugate transpose of the lower triangle of the n x n `from` into the upper triangle of
// `to` (or back, `up` false), leading dimensions lf and lt.
template <class T> void turn_triangle(bool up, int n, const T *from, int lf, T *to, int lt) {
    for (int c = 0; c < n; ++c)
        for (int r = up ? c : 0; r < (up ? n : c + 1); ++r)
            to[int64_t(r) * lt + c] = conj_of(from[int64_t(c) * lf + r]);
}

// potri is trtri of the factor, then the product of the inverse with its conjugate transpose
// (LAPACK's lauum). In the column loops, a lower factor L is turned into the upper U = L^H in
// `work` (inv(U^H U) is the same matrix) and the result turned back: the upper product's loops run
// down contiguous columns, the lower one's would be dot products, which the compiler may not
// vectorize (measured 0.8x the LAPACK loop at 32-64 that way).
template <class T> void small_potri(char uplo, int n, T *A, int lda, T *work) {
    if constexpr (kPadded && !is_complex<T>)
        if (padded<T>(n, 1)) return with_padded(n, [&](auto P) { padded_potri<P()>(uplo, n, A, lda); });
    T *u = A;
    int ldu = lda;
    if (uplo == 'L') {
        u = work + n, ldu = n;
        turn_triangle(true, n, A, lda, u, ldu);
    }
    column_trtri('U', 'N', n, u, ldu);
    column_lauum(n, u, ldu, work);
    if (uplo == 'L') turn_triangle(false, n, u, ldu, A, lda);
}
