// The triangular solve with one contiguous vector for the orders up to ladder::trsv::kFixedMax
// (small.hpp's trsv with incx = 1 there, getrs_vector and potrs_vector):
// each order up to ladder::trsv::kFixedOrders compiled on its own, x held in vector registers for
// the whole solve; the orders past it as two of those and a rectangle between them. Compiled once
// per instruction set (small_dispatch.hpp), like the blocked kernel it stands in for at these
// orders: there, the blocked kernel's and the one-matrix kernel's loop control, scalar tails and
// per-column setup were most of the time (callgrind, double, order 4 / 16 / 32: 240 / 1260 / 2900
// instructions a solve in the blocked kernel, where the solve's multiply-adds are 10 / 136 / 528),
// and with the batch in cache a getrs of order 4 took 55 ns.
#include "small_isa.hpp"

#include <array>

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// x and the columns of A in 32-byte vectors of T's real type, E elements of T each (a complex
// element is two adjacent reals, as std::complex stores it, so that vectors load straight from
// the matrix); an order-N vector is NV of them, the last one short by (E - N % E) % E elements,
// which are zero in the registers and are neither read nor written in memory.
template <class T> struct Lanes {
    using R = Real<T>;
    using V = SimdV<R, 32>;
    using M = typename Simd<R, 32>::M;
    static constexpr int Q = lane_parts<T>, K = simd_width<R, 32>, E = K / Q;
    // Elements of vector v of an order-N vector.
    template <int N> static constexpr int rows(int v) { return N - v * E < E ? N - v * E : E; }

    static T get(V v, int k) {
        if constexpr (Q == 2) return T(v[2 * k], v[2 * k + 1]);
        else return v[k];
    }
    static void set(V &v, int k, T t) {
        if constexpr (Q == 2) v[2 * k] = re(t), v[2 * k + 1] = im(t);
        else v[k] = t;
    }
    // Elements [0, c) at p, zeros past c (c <= E).
    static V load(const T *p, int c) {
        if (c == E) return vload<V>(p);
        V v{};
        for (int k = 0; k < c; ++k) set(v, k, p[k]);
        return v;
    }
    static void store(T *p, V v, int c) {
        if (c == E) return vstore(p, v);
        for (int k = 0; k < c; ++k) p[k] = get(v, k);
    }
    // Each element of v times t: (vr t_r - vi t_i, vi t_r + vr t_i) is v t_r + (vi, vr) (-t_i, t_i).
    static V times(V v, T t) {
        if constexpr (Q == 2) {
            V s;
            for (int l = 0; l < K; ++l) s[l] = l % 2 ? t.imag() : -t.imag();
            return v * t.real() + Simd<R, 32>::swap_pairs(v) * s;
        } else {
            return v * t;
        }
    }
    // The sum over the elements of op(c) x from p = sum of c x lane by lane and, for a complex
    // type, q = sum of c times x with its parts swapped (small_trsv_blocked.cpp's solve_rows):
    // c x = (cr xr - ci xi, cr xi + ci xr); conj(c) x = (cr xr + ci xi, cr xi - ci xr).
    static T dot(V p, V q, bool conj) {
        R even = 0, odd = 0, qe = 0, qo = 0;
        for (int l = 0; l < K; l += Q) {
            even += p[l];
            if constexpr (Q == 2) odd += p[l + 1], qe += q[l], qo += q[l + 1];
        }
        if constexpr (Q == 2) return conj ? T(even + odd, qe - qo) : T(even - odd, qe + qo);
        else return even;
    }
};

// 1 / d; for a complex d = a + ib as (a - ib) / (a^2 + b^2) while max(|a|, |b|) lies where the
// sum of squares neither overflows nor underflows (a branch every practical matrix takes the same
// way), by Smith's algorithm outside that range (the quotient of the smaller part by the larger,
// so that nothing overflows before the result does). Smith's algorithm alone puts two divisions
// in a row and a branch on which part is larger before each reciprocal: zgetrs in cache, order
// 4 / 8 / 16, 47 / 96 / 284 -> 45 / 91 / 250 ns a matrix (src_cpu/PERFORMANCE.md, twenty-fourth
// session). std::complex's division is a library call, several times the rest of an order-4 solve.
template <class T> [[gnu::noinline, gnu::cold]] T reciprocal_smith(T d) {
    using R = Real<T>;
    const R a = d.real(), b = d.imag();
    const bool wide = std::abs(a) >= std::abs(b);
    const R big = wide ? a : b, small = wide ? b : a;
    const R t = small / big, inv = R(1) / (big + small * t);
    return wide ? T(inv, -t * inv) : T(t * inv, -inv);
}
template <class T> BL_PREFETCH_INLINE T reciprocal(T d) {
    if constexpr (is_complex<T>) {
        using R = Real<T>;
        constexpr R lo = sizeof(R) == 4 ? R(0x1p-60) : R(0x1p-500), hi = sizeof(R) == 4 ? R(0x1p60) : R(0x1p500);
        const R a = d.real(), b = d.imag(), s = std::max(std::abs(a), std::abs(b));
        if (!(s >= lo && s <= hi)) [[unlikely]] return reciprocal_smith(d);
        const R r = R(1) / (a * a + b * b);
        return T(a * r, -b * r);
    } else {
        return T(1) / d;
    }
}

// Calls f(std::integral_constant<int, i>{}) for i = Begin, ..., End - 1: loops whose indices the
// code needs as constants (a vector's element, a mask), which GCC's unrolling does not make so:
// with run-time indices it kept x on the stack and reached its elements through memory, which
// took twice the blocked kernel's time at order 4.
template <int Begin, int End, class F> BL_PREFETCH_INLINE void static_for(F &&f) {
    if constexpr (Begin < End) {
        f(std::integral_constant<int, Begin>{});
        static_for<Begin + 1, End>(f);
    }
}

// x := op(A)^{-1} x for an order-N triangle, by blocks of E columns, each block's columns those of
// one vector of x (so that the rows the block updates, or takes dot products over, are whole
// vectors): op(A) = A by columns (the block's diagonal part one element at a time, then the
// vectors of the rows still to be solved updated with the block's columns),
// A^T or A^H (Dot) by dot products of the block's columns with the vectors already solved, then
// its diagonal part one element at a time. Multiplies by reciprocals of the diagonal: unlike the
// divisions BLAS does, they are off the chain of dependent operations (a rounding difference of an
// ulp). Every index is a constant: the code is straight-line.
template <class T, int N, bool Lower, bool Dot>
BL_PREFETCH_INLINE void solve_path(bool conj, bool unit, const T *a, int64_t lda, T *x, const T *next) {
    using L = Lanes<T>;
    using V = typename L::V;
    constexpr int E = L::E, NV = (N + E - 1) / E;
    const auto col = [&](int j, int v) { return L::load(a + j * lda + v * E, L::template rows<N>(v)); };
    const auto op = [conj](T t) { return conj ? cj(t) : t; };
    // Blocks forward for A lower and A^T, A^H upper, backward for the other two. The first block's
    // elements of x are read one by one, not as a vector, since only its scalars are used: a
    // vector load waits for getrs's interchanges, scalar stores just before it, which the
    // processor does not forward to a wider load (at order 4 in double a third of the solve's
    // time, once getrs's two triangles were calls of their own).
    constexpr int first = Lower != Dot ? 0 : NV - 1;
    V xv[NV];
    static_for<0, NV>([&](auto v) { xv[v] = v == first ? V{} : L::load(x + v * E, L::template rows<N>(v)); });
    static_for<0, NV>([&](auto step) {
        constexpr int b = Lower != Dot ? decltype(step)::value : NV - 1 - decltype(step)::value;
        constexpr int j0 = b * E, w = L::template rows<N>(b);
        const auto elem = [&](int k) { return b == first ? x[j0 + k] : L::get(xv[b], k); };
        // The vectors of rows the block updates (op(A) = A) or takes its dot products over.
        constexpr int v0 = Lower ? b + 1 : 0, v1 = Lower ? NV : b;
        // The same columns of the next matrix, block by block as the blocked kernel: prefetches
        // issued all at once wait for the miss buffers in a row.
        if (next && N >= ladder::trsv::kPrefetchFrom) prefetch_triangle(Lower, N, next, lda, j0, j0 + w);
        T inv[E]{};
        if (!unit) {
            if constexpr (L::Q == 1) {  // in one vector division (a lane of 1 past w)
                V d = V{} + T(1);
                static_for<0, w>([&](auto k) { d[k()] = a[(j0 + k) * (lda + 1)]; });
                const V r = (V{} + T(1)) / d;
                static_for<0, w>([&](auto k) { inv[k] = r[k()]; });
            } else {
                static_for<0, w>([&](auto k) { inv[k] = reciprocal(op(a[(j0 + k) * (lda + 1)])); });
            }
        }
        // The block's elements of x as scalars while the diagonal part solves them: a chain of
        // scalar multiply-adds, where through the vector each step waited on a lane's extraction
        // and insertion too.
        T xs[E];
        if constexpr (!Dot) {
            static_for<0, w>([&](auto k) { xs[k] = elem(k); });
            static_for<0, w>([&](auto s) {
                constexpr int k = Lower ? decltype(s)::value : w - 1 - decltype(s)::value;
                if (!unit) xs[k] = mul(xs[k], inv[k]);
                static_for<(Lower ? k + 1 : 0), (Lower ? w : k)>(
                    [&](auto l) { xs[l] -= mul(xs[k], a[j0 + l + (j0 + k) * lda]); });
            });
            static_for<0, w>([&](auto k) { L::set(xv[b], k, xs[k]); });
            static_for<v0, v1>([&](auto v) {
                static_for<0, w>([&](auto k) { xv[v] -= L::times(col(j0 + k, v), xs[k]); });
            });
        } else {
            V p[E] = {}, q[E] = {};
            static_for<v0, v1>([&](auto v) {
                const V xw = xv[v];
                V xs{};
                if constexpr (L::Q == 2) xs = Simd<Real<T>, 32>::swap_pairs(xw);
                static_for<0, w>([&](auto k) {
                    const V c = col(j0 + k, v);
                    p[k] += c * xw;
                    if constexpr (L::Q == 2) q[k] += c * xs;
                });
            });
            static_for<0, w>([&](auto s) {
                constexpr int k = Lower ? w - 1 - decltype(s)::value : decltype(s)::value;
                T t = elem(k) - L::dot(p[k], q[k], conj);
                static_for<(Lower ? k + 1 : 0), (Lower ? w : k)>(
                    [&](auto l) { t -= mul(op(a[j0 + l + (j0 + k) * lda]), xs[l]); });
                xs[k] = unit ? t : mul(t, inv[k]);
            });
            static_for<0, w>([&](auto k) { L::set(xv[b], k, xs[k]); });
        }
    });
    static_for<0, NV>([&](auto v) { L::store(x + v * E, xv[v], L::template rows<N>(v)); });
}

// One order's solve in one direction with one kind of update, compiled once (the direction of the
// blocks and the kind of update are constants of the code): trsv calls the one its arguments
// choose, getrs and potrs two of them in a row. `next`, if not null, prefetched from order
// ladder::trsv::kPrefetchFrom: below it the hardware prefetcher follows matrices that small by
// itself, and the prefetch costs more than it saves.
template <class T, int N, bool Lower, bool Dot>
BL_SMALL_FLATTEN void solve_order(bool conj, bool unit, const T *a, int64_t lda, T *x, const T *next) {
    solve_path<T, N, Lower, Dot>(conj, unit, a, lda, x, next);
}

// The rectangle between the two triangles of an order past ladder::trsv::kFixedOrders = H (see
// solve below): H rows, a whole number of vectors for every type, by `cols` columns of A from `a`,
// `rows` the H elements of x of its rows, `columns` the `cols` of its columns. Without Dot
// rows -= A columns, with the rows' vectors held in registers across a loop over the columns;
// with Dot columns -= op(A)^T rows (A^H where conj), a dot product of each column with the rows'
// vectors. Each column of `next`'s rectangle prefetched with the column read, when next is not
// null.
template <class T, bool Dot>
BL_SMALL_FLATTEN void solve_rectangle(bool conj, int cols, const T *a, int64_t lda, T *rows, T *columns, const T *next) {
    using L = Lanes<T>;
    using V = typename L::V;
    constexpr int H = ladder::trsv::kFixedOrders, E = L::E, R = H / E;
    static_assert(H % E == 0, "the rectangle's rows are whole vectors");
    V xv[R], xs[R];
    static_for<0, R>([&](auto r) {
        xv[r] = vload<V>(rows + r * E);
        if constexpr (L::Q == 2) xs[r] = Simd<Real<T>, 32>::swap_pairs(xv[r]);
    });
    for (int k = 0; k < cols; ++k) {
        const T *c = a + k * lda;
        if (next) prefetch_column<false, 2>(next + k * lda, H);
        if constexpr (!Dot) {
            const T t = columns[k];
            static_for<0, R>([&](auto r) { xv[r] -= L::times(vload<V>(c + r * E), t); });
        } else {
            V p{}, q{};
            static_for<0, R>([&](auto r) {
                const V v = vload<V>(c + r * E);
                p += v * xv[r];
                if constexpr (L::Q == 2) q += v * xs[r];
            });
            columns[k] -= L::dot(p, q, conj);
        }
    }
    if constexpr (!Dot) static_for<0, R>([&](auto r) { vstore(rows + r * E, xv[r]); });
}

BL_ISA_END

namespace BL_ISA {
// The order's instance of kernel K, from a table indexed by the order: one indirect call, where
// with_fixed's chain of comparisons would take up to kFixedMax of them.
template <template <class, int> class K, class T, int... I> constexpr auto fixed_table(std::integer_sequence<int, I...>) {
    return std::array{K<T, I + 1>::run...};
}
template <template <class, int> class K, class T>
constexpr auto order_table = fixed_table<K, T>(std::make_integer_sequence<int, ladder::trsv::kFixedOrders>{});
template <template <class, int> class K, class T> auto by_order(int n) { return order_table<K, T>[n - 1]; }
template <bool Lower, bool Dot> struct Path {
    template <class T, int N> struct Order {
        static constexpr auto run = &solve_order<T, N, Lower, Dot>;
    };
};
template <bool Lower, bool Dot, class T> auto path(int n) { return by_order<Path<Lower, Dot>::template Order, T>(n); }

// x := op(A)^{-1} x for an order-n triangle, kFixedOrders < n <= ladder::trsv::kFixedMax, on one
// path (the orders up to H = kFixedOrders have an instance of their own): as two triangles of
// orders H and m = n - H with the rectangle between them (solve_rectangle), ordered so that the
// rectangle has H rows: for A lower, leading order m and trailing H; for A upper, leading H and
// trailing m. Solved forward (A lower, A^T or A^H upper) the leading triangle, the rectangle, the
// trailing triangle; backward the reverse. With every order up to 32 compiled on its own, each
// instruction set's unit took 1 to 3 minutes to compile, and the double one under AddressSanitizer
// more than 28 (src_cpu/PERFORMANCE.md, branch i26w): the straight-line code grows as the square
// of the order, and the orders past 16 were seven eighths of it. A part of order below
// ladder::trsv::kPrefetchFrom does not prefetch `next` itself: its triangle of `next` is asked
// for here, all at once.
// Which parts of `next` a solve prefetches: all of them (trsv, getrs: each solve reads its own
// triangle from memory), or potrs's shares. potrs's first solve reads the triangle from memory and
// the second reads it again from the caches, so the memory is free for prefetches mostly during
// the second: past kFixedOrders the first prefetches the part of `next` it reads first, the
// second the other two parts of `next`, the first two it reads (the triangle the first solve read
// last, then the rectangle). Against the first solve prefetching all of `next`, three alternating
// passes (src_cpu/PERFORMANCE.md, thirty-third session), 'L' 20 / 24 / 28 / 32 (medians): zpotrs
// +10 / +16 / +12 / +4 %, dpotrs +7 / +6 / +11 / +3 %; 'U' +4-10 %. (The first solve prefetching
// the rectangle too gained as much at 32 and less below it; the second prefetching everything
// lost at 32, dpotrs 8-19 %.)
enum class Ahead { All, PotrsFirst, PotrsSecond };
template <bool Lower, bool Dot, class T>
BL_SMALL_FLATTEN void solve_split(int n, bool conj, bool unit, const T *a, int64_t lda, T *x, const T *next,
                                  Ahead share) {
    constexpr int H = ladder::trsv::kFixedOrders;
    const int m = n - H, lead = Lower ? m : H;
    const int64_t trail = lead + lead * lda, rect = Lower ? lead : lead * lda;
    // Whether the solve prefetches the part of `next` it reads k-th (0, 1 = the rectangle, 2).
    const auto fetches = [&](int k) {
        return next && (share == Ahead::All || k == 0 || (k == 1 && share == Ahead::PotrsSecond));
    };
    const auto part = [&](int order, int64_t at, int from, int k) {
        const T *ahead = fetches(k) ? next + at : nullptr;
        if (ahead && order < ladder::trsv::kPrefetchFrom) prefetch_triangle(Lower, order, ahead, lda, 0, order);
        path<Lower, Dot, T>(order)(conj, unit, a + at, lda, x + from, ahead);
    };
    // The rectangle's rows are x's trailing part for A lower, its leading part for A upper.
    const auto middle = [&] {
        T *rows = Lower ? x + lead : x, *columns = Lower ? x : x + lead;
        solve_rectangle<T, Dot>(conj, m, a + rect, lda, rows, columns, fetches(1) ? next + rect : nullptr);
    };
    if (Lower != Dot) {
        part(lead, 0, 0, 0);
        middle();
        part(n - lead, trail, lead, 2);
    } else {
        part(n - lead, trail, lead, 0);
        middle();
        part(lead, 0, 0, 2);
    }
}
// The orders up to kFixedOrders straight to their instance, inlined into the entry points: at
// order 4 each layer of calls in front of a solve's 20 or so instructions shows. There potrs's
// first solve prefetches all of `next` (the second doing it instead measured -5 to +10 % at 12-16).
template <bool Lower, bool Dot, class T>
BL_PREFETCH_INLINE void solve(int n, bool conj, bool unit, const T *a, int64_t lda, T *x, const T *next,
                              Ahead share = Ahead::All) {
    if (n <= ladder::trsv::kFixedOrders)
        path<Lower, Dot, T>(n)(conj, unit, a, lda, x, share == Ahead::PotrsSecond ? nullptr : next);
    else solve_split<Lower, Dot, T>(n, conj, unit, a, lda, x, next, share);
}

template <class T>
BL_PREFETCH_INLINE void trsv_one(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x, const T *next) {
    const bool conj = trans == 'C';
    if (trans == 'N') {
        if (lower) solve<true, false, T>(n, conj, unit, a, lda, x, next);
        else solve<false, false, T>(n, conj, unit, a, lda, x, next);
    } else {
        if (lower) solve<true, true, T>(n, conj, unit, a, lda, x, next);
        else solve<false, true, T>(n, conj, unit, a, lda, x, next);
    }
}
// getrs's solve with one vector: the row interchanges and both triangles in one call from
// small_dispatch.cpp (through trsv's entry, each a call of its own and of the dispatch before it:
// at order 4 in double, 460 instructions a solve against 320 in one call). Each triangle
// prefetches the same of `next`, as solve.hpp's getrs_by_columns does.
template <class T>
BL_PREFETCH_INLINE void getrs_one(char trans, int n, const T *a, int64_t lda, const int *ipiv, T *x, const T *next) {
    if (trans == 'N') {
        for (int i = 0; i < n; ++i) std::swap(x[i], x[ipiv[i] - 1]);
        solve<true, false, T>(n, false, true, a, lda, x, next);
        solve<false, false, T>(n, false, false, a, lda, x, next);
    } else {
        const bool conj = trans == 'C';
        solve<false, true, T>(n, conj, false, a, lda, x, next);
        solve<true, true, T>(n, conj, true, a, lda, x, next);
        for (int i = n - 1; i >= 0; --i) std::swap(x[i], x[ipiv[i] - 1]);
    }
}
// potrs's solve with one vector: L then L^H, or U^H then U; the second reads the triangle the
// first brought into the caches (solve.hpp's potrs_by_columns), and the two share the prefetch of
// `next` (Ahead).
template <class T> BL_PREFETCH_INLINE void potrs_one(bool lower, int n, const T *a, int64_t lda, T *x, const T *next) {
    if (lower) {
        solve<true, false, T>(n, false, false, a, lda, x, next, Ahead::PotrsFirst);
        solve<true, true, T>(n, true, false, a, lda, x, next, Ahead::PotrsSecond);
    } else {
        solve<false, true, T>(n, true, false, a, lda, x, next, Ahead::PotrsFirst);
        solve<false, false, T>(n, false, false, a, lda, x, next, Ahead::PotrsSecond);
    }
}

template <class T> void fixed_trsv(bool lower, char trans, bool unit, int n, const T *a, int64_t lda, T *x, const T *next) {
    trsv_one(lower, trans, unit, n, a, lda, x, next);
}
template <class T> void fixed_getrs(char trans, int n, const T *a, int64_t lda, const int *ipiv, T *x, const T *next) {
    getrs_one(trans, n, a, lda, ipiv, x, next);
}
template <class T> void fixed_potrs(bool lower, int n, const T *a, int64_t lda, T *x, const T *next) {
    potrs_one(lower, n, a, lda, x, next);
}

// Calls solve(i, a, x, next) for each column x of each matrix i of the run, `next` the matrix
// prefetch_ahead after i on the last column (null past the batch's end and on the others).
template <class T, class Solve> BL_PREFETCH_INLINE void each_column(const SolveRun<T> &r, Solve &&solve) {
    const int ahead = ladder::trsv::prefetch_ahead<T>(r.n);
    for (int64_t i = r.first; i < r.first + r.count; ++i) {
        const T *a = r.A[i], *next = i + ahead < r.total ? r.A[i + ahead] : nullptr;
        T *b = r.B[i];
        for (int c = 0; c < r.nrhs; ++c) solve(i, a, b + int64_t(c) * r.ldb, c == r.nrhs - 1 ? next : nullptr);
    }
}
template <class T> void fixed_trsv_run(bool lower, char trans, bool unit, const SolveRun<T> &r) {
    each_column(r, [&](int64_t, const T *a, T *x, const T *next) { trsv_one(lower, trans, unit, r.n, a, r.lda, x, next); });
}
template <class T> void fixed_getrs_run(char trans, const SolveRun<T> &r) {
    each_column(r, [&](int64_t i, const T *a, T *x, const T *next) { getrs_one(trans, r.n, a, r.lda, r.ipiv[i], x, next); });
}
template <class T> void fixed_potrs_run(bool lower, const SolveRun<T> &r) {
    each_column(r, [&](int64_t, const T *a, T *x, const T *next) { potrs_one(lower, r.n, a, r.lda, x, next); });
}

#define BL_TRSV_FIXED(p, T)                                                                       \
    template void fixed_trsv<T>(bool, char, bool, int, const T *, int64_t, T *, const T *);        \
    template void fixed_getrs<T>(char, int, const T *, int64_t, const int *, T *, const T *);      \
    template void fixed_potrs<T>(bool, int, const T *, int64_t, T *, const T *);                  \
    template void fixed_trsv_run<T>(bool, char, bool, const SolveRun<T> &);                        \
    template void fixed_getrs_run<T>(char, const SolveRun<T> &);                                   \
    template void fixed_potrs_run<T>(bool, const SolveRun<T> &);
BL_PRECISIONS(BL_TRSV_FIXED)
}  // namespace BL_ISA

}  // namespace small
}  // namespace cpu
}  // namespace bl
