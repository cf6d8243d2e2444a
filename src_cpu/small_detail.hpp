// Building blocks of the tiny-matrix kernels (small.hpp), shared by small_*.cpp.
//
// A kernel is written once, over sizes that are either `int`, `Upto<Cap>` (known at run time,
// local arrays of capacity Cap) or `Fixed<N>` (a compile-time constant, so that every loop bound
// is known, the loops unroll and vectorize, and the matrix lives in a local array the compiler
// keeps in L1 or registers). Which orders each kernel compiles as Fixed is the size ladder's
// decision (ladder.hpp). Complex products are spelled out (mul) because std::complex's operator*
// checks for NaN and calls a library routine, which stops the vectorizer.
//
// The group kernels and the blocked trsv are compiled once per instruction set
// (small_dispatch.hpp): in those units (BL_ISA defined) everything here is declared inside an
// inline namespace of that instruction set, so that a template instantiated in both an AVX2 and a
// baseline unit is two functions, never one the linker picks for both.
#pragma once

#include "args.hpp"
#include "isa.hpp"
#include "ladder.hpp"
#include "scalar.hpp"
#include "small.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

// An entry point of the instruction-set units compiled as one function with everything it calls
// inlined into it, one per kernel instance: the kernel's code is the same in every unit it is
// compiled in, and no helper is left out of line (where the linker could share it between the
// units of two instruction sets).
#if defined(__GNUC__) || defined(__clang__)
#define BL_SMALL_FLATTEN __attribute__((flatten, noinline))
#else
#define BL_SMALL_FLATTEN
#endif

namespace bl {
namespace cpu {
namespace small {
BL_ISA_BEGIN

// The one-matrix kernels' largest row or column count (ladder.hpp): the capacity of an `int` size.
constexpr int max_order = ladder::kSmallMax;

// GCC takes a prefetch for an operation without effects: a function that only prefetches is
// found const by its interprocedural analysis and every call to it deleted (GCC 12 at -O2 and
// -O3 removed trsv's prefetch of the next triangle that way). Functions that only prefetch are
// therefore inlined, always, into the code that uses them.
#if defined(__GNUC__) || defined(__clang__)
#define BL_PREFETCH_INLINE __attribute__((always_inline)) inline
#else
#define BL_PREFETCH_INLINE inline
#endif

// Asks the caches for a column of `rows` elements, one software prefetch per 64-byte line: for
// writing unless Write is false (the group kernels copy in and write back), into L1 (Locality 3)
// or, with Locality 2, into L2 only (prefetcht1 on x86), __builtin_prefetch's scale. The group
// kernels issue it for column j of the next group's matrices at their step j, spread over the
// factorization: a batch larger than the caches otherwise stalls on each group's copy-in, and all
// of the next group's prefetches issued at once wait for the miss buffers in a row. Without GCC's
// builtin (or Clang's), it does nothing.
template <bool Write = true, int Locality = 3, class T> BL_PREFETCH_INLINE void prefetch_column(const T *a, int rows) {
#if defined(__GNUC__) || defined(__clang__)
    constexpr uintptr_t line = 64;
    const uintptr_t end = reinterpret_cast<uintptr_t>(a + rows);
    for (uintptr_t p = reinterpret_cast<uintptr_t>(a) & ~(line - 1); p < end; p += line)
        __builtin_prefetch(reinterpret_cast<const void *>(p), Write ? 1 : 0, Locality);
#else
    (void)a, (void)rows;
#endif
}

// Asks L2 for columns [j0, j1) of the lower or upper triangle of `next`, an order n matrix (trsv's
// prefetch of the matrix it solves next). A solve reads each element of its triangle once, for
// two flops; without the prefetch a batch runs at the latency of each matrix's first misses
// rather than at the memory's bandwidth. Into L2, not L1, where the lines would evict the current
// matrix's.
template <class T>
BL_PREFETCH_INLINE void prefetch_triangle(bool lower, int n, const T *next, int64_t lda, int j0, int j1) {
    for (int j = j0; j < j1; ++j) {
        if (lower) prefetch_column<false, 2>(next + j + j * lda, n - j);
        else prefetch_column<false, 2>(next + j * lda, j + 1);
    }
}


template <int N> using Fixed = std::integral_constant<int, N>;
template <class D> struct capacity_of { static constexpr int value = max_order; };
template <int N> struct capacity_of<Fixed<N>> { static constexpr int value = N; };
// A run-time size whose local arrays are sized for up to Cap (kernels that go past max_order
// without a compile-time size for each order).
template <int Cap> struct Upto {
    int value;
    constexpr operator int() const { return value; }
};
template <int Cap> struct capacity_of<Upto<Cap>> { static constexpr int value = Cap; };
// Elements a local array needs along a dimension of type D.
template <class D> constexpr int capacity = capacity_of<D>::value;
template <class D> constexpr bool is_fixed = false;
template <int N> constexpr bool is_fixed<Fixed<N>> = true;

// The interleaved local copy of a group kernel, Size elements: on the stack up to
// ladder::kGroupStackBytes; beyond it (more than a caller's thread may have as stack) on the heap
// for the kernel's call. get() is nullptr when that could not be had. Not kept per
// thread between calls: after the first call the allocator hands back the same freed block
// without a system call.
template <class R, int Size> class GroupCopy {
    static constexpr bool on_stack = sizeof(R) * size_t(Size) <= size_t(ladder::kGroupStackBytes);
    alignas(64) R stack_[on_stack ? Size : 1];
    R *p_;

public:
    GroupCopy() : p_(stack_) {
        if (!on_stack) p_ = static_cast<R *>(std::aligned_alloc(64, (sizeof(R) * size_t(Size) + 63) / 64 * 64));
    }
    ~GroupCopy() {
        if (!on_stack) std::free(p_);
    }
    GroupCopy(const GroupCopy &) = delete;
    GroupCopy &operator=(const GroupCopy &) = delete;
    R *get() const { return p_; }
};

template <class F, int... I> bool with_fixed(int n, F &f, std::integer_sequence<int, I...>) {
    bool done = false;
    (void)((n == I + 1 && (done = f(Fixed<I + 1>{}), true)) || ...);
    return done;
}
// Returns f(Fixed<n>{}) for 1 <= n <= Max, false (not handled) for any other n.
template <int Max = max_order, class F> bool with_fixed(int n, F &&f) {
    return with_fixed(n, f, std::make_integer_sequence<int, Max>{});
}

// The order n (1 <= n <= Max) of a group kernel on matrices of T as its size: Fixed<n> up to
// FixedMax; past it known at run time, sized for ladder::kGroupStackMax (the interleaved copy on
// the stack) while the order fits there, for Max beyond. Returns f(size), false for any other n.
template <class T, int FixedMax, int Max, class F> bool with_group_order(int n, F &&f) {
    constexpr int stack = Max < ladder::kGroupStackMax<T> ? Max : ladder::kGroupStackMax<T>;
    static_assert(FixedMax <= stack, "the fixed orders' copies are on the stack");
    if (n < 1 || n > Max) return false;
    if (n <= FixedMax) return with_fixed<FixedMax>(n, f);
    if (n <= stack) return f(Upto<stack>{n});
    if constexpr (Max > stack) return f(Upto<Max>{n});
    return false;
}

// Scalar arithmetic (cj, re, im, mul, abs2, abs1): scalar.hpp.

// ---- a group's lanes in vectors --------------------------------------------------------------------
// Vectors of Bytes bytes (GCC's vector extensions) for the group kernels, which hold matrix l of a
// group in lane l: 16 bytes (an SSE2 register in every instruction set) or 32 (an AVX2 register;
// two SSE2 registers in the baseline units). lo and hi interleave the first halves of two vectors
// and the second halves, the steps of a transpose in registers; swap_pairs (32 bytes) exchanges
// the lanes of each pair, a complex vector's real and imaginary parts.
// GCC warns (-Wpsabi) that returning 32-byte vectors changes the calling convention in the
// baseline units; no call crosses it, since the group kernels' entry points inline everything they
// call (BL_SMALL_FLATTEN). The warning is reported where the templates are instantiated, at the
// end of the including file, so it is off from here on.
#pragma GCC diagnostic ignored "-Wpsabi"
template <class R, int Bytes> struct Simd;
template <> struct Simd<double, 16> {
    typedef double V __attribute__((vector_size(16)));
    typedef long long M __attribute__((vector_size(16)));
    static V lo(V a, V b) { return __builtin_shuffle(a, b, M{0, 2}); }
    static V hi(V a, V b) { return __builtin_shuffle(a, b, M{1, 3}); }
};
template <> struct Simd<float, 16> {
    typedef float V __attribute__((vector_size(16)));
    typedef int M __attribute__((vector_size(16)));
    static V lo(V a, V b) { return __builtin_shuffle(a, b, M{0, 4, 1, 5}); }
    static V hi(V a, V b) { return __builtin_shuffle(a, b, M{2, 6, 3, 7}); }
};
template <> struct Simd<double, 32> {
    typedef double V __attribute__((vector_size(32)));
    typedef long long M __attribute__((vector_size(32)));
    static V lo(V a, V b) { return __builtin_shuffle(a, b, M{0, 4, 1, 5}); }
    static V hi(V a, V b) { return __builtin_shuffle(a, b, M{2, 6, 3, 7}); }
    static V swap_pairs(V a) { return __builtin_shuffle(a, M{1, 0, 3, 2}); }
};
template <> struct Simd<double, 64> {
    typedef double V __attribute__((vector_size(64)));
};
template <> struct Simd<float, 32> {
    typedef float V __attribute__((vector_size(32)));
    typedef int M __attribute__((vector_size(32)));
    static V lo(V a, V b) { return __builtin_shuffle(a, b, M{0, 8, 1, 9, 2, 10, 3, 11}); }
    static V hi(V a, V b) { return __builtin_shuffle(a, b, M{4, 12, 5, 13, 6, 14, 7, 15}); }
    static V swap_pairs(V a) { return __builtin_shuffle(a, M{1, 0, 3, 2, 5, 4, 7, 6}); }
};
template <class R, int Bytes> using SimdV = typename Simd<R, Bytes>::V;
template <class R, int Bytes> constexpr int simd_width = int(Bytes / sizeof(R));  // lanes in one vector
template <class V> V vload(const void *p) {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
template <class V> void vstore(void *p, V v) { std::memcpy(p, &v, sizeof v); }

// r[k][e] := r[e][k] for a square block of K = simd_width vectors: log2(K) rounds of interleaving
// the first half of the block with the second (unpcklpd/unpckhpd for two doubles).
template <class R, int Bytes> void transpose(SimdV<R, Bytes> (&r)[simd_width<R, Bytes>]) {
    constexpr int K = simd_width<R, Bytes>;
    for (int s = 1; s < K; s *= 2) {
        SimdV<R, Bytes> t[K];
        for (int m = 0; m < K / 2; ++m) {
            t[2 * m] = Simd<R, Bytes>::lo(r[m], r[m + K / 2]);
            t[2 * m + 1] = Simd<R, Bytes>::hi(r[m], r[m + K / 2]);
        }
        for (int k = 0; k < K; ++k) r[k] = t[k];
    }
}

// ---- a group's elements of real or complex type ---------------------------------------------------
// The group kernels' copies hold an element of each of a group's matrices as group_size reals for
// a real type, as group_size real parts followed by group_size imaginary parts for a complex one
// (split, not interleaved as in std::complex: the complex arithmetic is then the real kernels'
// lane-by-lane operations, with no shuffles). lane_parts<T> is 1 or 2, the reals of an element.
template <class T> constexpr int lane_parts = is_complex<T> ? 2 : 1;
// Some lanes of a group's element of a complex type: the real and the imaginary parts' vectors.
template <class V> struct Split {
    V re, im;
};
template <class V> Split<V> operator+(Split<V> a, Split<V> b) { return {a.re + b.re, a.im + b.im}; }
template <class V> Split<V> operator-(Split<V> a, Split<V> b) { return {a.re - b.re, a.im - b.im}; }
template <class V> Split<V> operator*(Split<V> a, Split<V> b) {
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <class V> Split<V> operator*(Split<V> a, V r) { return {a.re * r, a.im * r}; }
template <class V> Split<V> &operator-=(Split<V> &a, Split<V> b) { return a = a - b; }
// a conj(b): a b for the vectors of a real element.
template <class V> V mul_conj(V a, V b) { return a * b; }
template <class V> Split<V> mul_conj(Split<V> a, Split<V> b) {
    return {a.re * b.re + a.im * b.im, a.im * b.re - a.re * b.im};
}
template <class V> V real_part(V a) { return a; }
template <class V> V real_part(Split<V> a) { return a.re; }
// Lanes of an element of T in vectors V (those of its real type): V, or Split<V> for a complex
// T; loaded from and stored to a copy's element at p (the real parts' lanes there).
template <class T, class V> using LanesOf = std::conditional_t<is_complex<T>, Split<V>, V>;
template <class L> struct LaneMemory {
    template <class R> static L load(const R *p) { return vload<L>(p); }
    template <class R> static void store(R *p, L v) { vstore(p, v); }
};
template <class V> struct LaneMemory<Split<V>> {
    template <class R> static Split<V> load(const R *p) { return {vload<V>(p), vload<V>(p + group_size)}; }
    template <class R> static void store(R *p, Split<V> v) {
        vstore(p, v.re);
        vstore(p + group_size, v.im);
    }
};
template <class L, class R> L lanes_load(const R *p) { return LaneMemory<L>::load(p); }
template <class L, class R> void lanes_store(R *p, L v) { LaneMemory<L>::store(p, v); }
// Lane l of an element of T at p in a copy, as a T, and its assignment.
template <class T> T lane_get(const Real<T> *p) {
    if constexpr (is_complex<T>) return {p[0], p[group_size]};
    else return p[0];
}
template <class T> void lane_put(Real<T> *p, T v) {
    p[0] = re(v);
    if constexpr (is_complex<T>) p[group_size] = im(v);
}
// A segment of len elements of each of the matrices a[l0..lanes) (from offset off) into a group
// kernel's copy (In) or back, element e of lane l at v + e * stride + l: K = simd_width<Real<T>,
// Bytes> reals of K matrices at a time through a transpose in registers (from the std::complex
// layout's (re, im) pairs to the split parts, for a complex T), the remaining reals one at a time
// (all of them one at a time, the copies were half of a group kernel's time). With Conj, the
// imaginary parts change sign on their way.
template <bool In, int Bytes = 16, bool Conj = false, class T>
void group_column_copy(T *const *a, int64_t off, int len, Real<T> *v, int stride, int l0, int lanes) {
    using R = Real<T>;
    constexpr int Q = lane_parts<T>, K = simd_width<R, Bytes>;
    using V = SimdV<R, Bytes>;
    const auto at = [&](int e) { return (e / Q) * stride + (e % Q) * group_size; };
    const auto sign = [](int e) { return Conj && e % Q == 1 ? R(-1) : R(1); };
    const int E = Q * len, Lk = l0 + (lanes - l0) / K * K;
    int e = 0;
    for (; e + K <= E; e += K)
        for (int l = l0; l < Lk; l += K) {
            V r[K];
            if (In) {
                for (int k = 0; k < K; ++k) r[k] = vload<V>(reinterpret_cast<const R *>(a[l + k] + off) + e);
                transpose<R, Bytes>(r);
                for (int k = 0; k < K; ++k) vstore(v + at(e + k) + l, r[k] * sign(e + k));
            } else {
                for (int k = 0; k < K; ++k) r[k] = vload<V>(v + at(e + k) + l) * sign(e + k);
                transpose<R, Bytes>(r);
                for (int k = 0; k < K; ++k) vstore(reinterpret_cast<R *>(a[l + k] + off) + e, r[k]);
            }
        }
    for (int f = 0; f < E; ++f)
        for (int l = f < e ? Lk : l0; l < lanes; ++l) {
            R *x = reinterpret_cast<R *>(a[l] + off) + f;
            if (In) v[at(f) + l] = *x * sign(f);
            else *x = v[at(f) + l] * sign(f);
        }
}

// ---- local copies --------------------------------------------------------------------------------
// w (leading dimension m) := A(0:m, 0:n).
template <class T, class Mt, class Nt> void copy_in(Mt m, Nt n, const T *A, int lda, T *w) {
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) w[i + j * m] = A[i + j * lda];
}
template <class T, class Mt, class Nt> void copy_out(Mt m, Nt n, const T *w, T *A, int lda) {
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) A[i + j * lda] = w[i + j * m];
}

BL_ISA_END
}  // namespace small
}  // namespace cpu
}  // namespace bl
