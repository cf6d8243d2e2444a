// CPU backend: the tiled LU and Cholesky factorizations (tiled.hpp says what they are and why),
// for one instruction set: an instruction-set unit (cmake/units.cmake, BATCHLAPACK_TILED_ISAS),
// whose entry points tiled_dispatch.cpp chooses among. One source for every instruction set: the
// vector width and the register tile's shape are this unit's constants, below.
#ifndef BL_ISA
#error "an instruction-set unit: compiled through batchlapack_isa_units (cmake/units.cmake)"
#endif
#include "tiled.hpp"
#include "ladder.hpp"
#include "larfg.hpp"
#include "precisions.hpp"
#include "scalar.hpp"
#include "simd.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

namespace bl {
namespace cpu {
namespace tiled {
namespace BL_ISA {

#define BL_TILED_INLINE __attribute__((always_inline)) inline

// The vectors, and the register kernel's tile: kTileVecs vectors of rows by up to kMaxCols columns
// of accumulators, with room left in the registers for a column of A and the broadcast of B. A
// complex element takes two accumulators (kernel), so complex tiles have half the columns.
using ladder::by_kind;
#if defined(__AVX512F__)
BL_SIMD_WIDTH(64)  // 32 registers: 2 x 8 accumulators (2 x 4 x 2 complex), 2 + 1 more
constexpr int kTileVecs = 2;
template <class T> constexpr int kMaxCols = by_kind<T>(8, 4);
#elif defined(__AVX2__) && defined(__FMA__)
BL_SIMD_WIDTH(32)  // 16 registers: 2 x 4 accumulators (2 x 2 x 2 complex), 2 + 1 more
constexpr int kTileVecs = 2;
template <class T> constexpr int kMaxCols = by_kind<T>(4, 2);
#elif defined(__aarch64__)
BL_SIMD_WIDTH(16)  // 32 registers: 4 x 4 accumulators (4 x 2 x 2 complex), 4 + 1 more
constexpr int kTileVecs = 4;
template <class T> constexpr int kMaxCols = by_kind<T>(4, 2);
#else
#error "the tiled kernels are built for x86-64-v3, x86-64-v4 and aarch64 (cmake/units.cmake)"
#endif

// Rows of a tile and width of a block column.
template <class T> constexpr int kTile = kTileVecs * kLanes<T>;
// Columns of the register kernel's tile: kMaxCols, or a vector's lanes where fewer (AVX-512's
// float), so that kStep, the padded order's multiple, is both a whole vector and a whole number
// of kernel tiles: every product then has whole kernel tiles of columns (a tile's or block
// column's width, or the padded order less a multiple of the tile) and whole vectors of rows, the
// last tile of a column fewer of them.
template <class T> constexpr int kCols = std::min(kMaxCols<T>, kLanes<T>);
template <class T> constexpr int kStep = std::max(kCols<T>, kLanes<T>);
template <class T> constexpr bool kWholeSteps = kTile<T> % kStep<T> == 0;
static_assert(kWholeSteps<float> && kWholeSteps<double> && kWholeSteps<std::complex<float>> &&
              kWholeSteps<std::complex<double>>, "tiles of whole steps");
// The conjugate of x (x itself where T is real).
template <class T> BL_TILED_INLINE T conjugate(T x) {
    if constexpr (is_complex<T>) return std::conj(x);
    else return x;
}
// Tiles in a block column of the outer level. The products with everything left of a block column
// read that whole part of the copy; taking four tiles' columns per read cuts what comes from
// beyond L2 fourfold, which a machine whose cores share the memory needs where a 2-core one does
// not.
constexpr int kOuter = 4;
// Columns of the copy left of a block column that its outer update takes per pass (the product's
// depth, split): a row tile's share of them, a tile's rows by kDepth (32 KiB with AVX-512, 16 KiB
// with AVX2 and NEON), stays in L1 while the block column's kernel tiles read it in turn;
// undivided, at 512 it came from L2 for each (dpotrf and dgetrf 512 +5-10 %, zpotrf 512 +1-3 %:
// src_cpu/PERFORMANCE.md, twenty-second session).
constexpr int kDepth = 256;

// How many columns of A ahead the kernel prefetches with Ahead, where A's columns are a page
// (kPage bytes) or more apart: the hardware's prefetchers stay within a page and do not follow
// them. The inverses' long products ask for it (dgetri 512 1.14-1.21x, dtrtri and dpotri 512
// 1.06x; 16 columns ahead gained less), and the complex factorizations' block-column updates,
// whose columns are twice as long (zgetrf 512 about 1.1x, zpotrf 512 1.03-1.06x); the real
// factorizations gained nothing (src_cpu/PERFORMANCE.md, thirteenth and seventeenth sessions).
constexpr int kAhead = 8;
constexpr int64_t kPage = 4096;
// The register kernel: C = A B (Set) or C -= A B for a tile of C of V vectors of rows (V =
// kTileVecs: a whole tile; fewer: the last of a padded order) and kCols columns (column j at
// c + j ldc), A of the same rows and k columns (column l at a + l lda) and B of k rows and kCols
// columns, element (l, j) at b[l bk + j bj], so that B may be a transpose; with Conj, B's
// elements conjugated (a conjugate transpose; nothing for real types); with Ahead, A's column
// l + kAhead prefetched at step l.
template <bool Set, bool Conj, bool Ahead, int V, class T>
BL_TILED_INLINE void kernel(int k, const T *a, int64_t lda, const T *b, int64_t bk, int64_t bj, T *c, int64_t ldc) {
    constexpr int W = kLanes<T>, C = kCols<T>;
    Vec<T> acc[V][C];
#pragma GCC unroll 8
    for (int j = 0; j < C; ++j)
        for (int v = 0; v < V; ++v) acc[v][j] = Vec<T>{};
    for (int l = 0; l < k; ++l) {
        Vec<T> x[V];
        if (Ahead && lda * int64_t(sizeof(T)) >= kPage && l + kAhead < k)
            for (int v = 0; v < V; ++v) __builtin_prefetch(a + (l + kAhead) * lda + v * W);
        for (int v = 0; v < V; ++v) x[v] = load(a + l * lda + v * W);
        const T *row = b + l * bk;
#pragma GCC unroll 8
        for (int j = 0; j < C; ++j) {
            const Vec<T> s = splat(row[j * bj]);
            for (int v = 0; v < V; ++v) acc[v][j] += x[v] * s;
        }
    }
#pragma GCC unroll 8
    for (int j = 0; j < C; ++j)
        for (int v = 0; v < V; ++v) {
            T *cj = c + j * ldc + v * W;
            store(cj, Set ? acc[v][j] : load(cj) - acc[v][j]);
        }
}

// The kernel for complex elements, stored as std::complex stores them (re, im in adjacent lanes
// of R's vectors): each element of C has two accumulators, a b_re and a b_im (a column of A times
// B's real part and times its imaginary part, broadcast), and a b = a b_re + (-a_im, a_re) b_im
// is formed from them at the end (a conj(b) with the signs the other way), so that the loop over
// k is FMAs alone, as the real kernel's, with no shuffle: each element's parts are exchanged once
// per tile rather than once per step of k. Twice the accumulators per element: half the columns.
// With Ahead, A's column l + kAhead prefetched at step l, as in the real kernel.
template <bool Set, bool Conj, bool Ahead, int V, class R>
BL_TILED_INLINE void kernel(int k, const std::complex<R> *a, int64_t lda, const std::complex<R> *b, int64_t bk, int64_t bj,
                            std::complex<R> *c, int64_t ldc) {
    typedef std::complex<R> T;
    typedef simd::Simd<T, sizeof(Vec<R>)> S;
    constexpr int W = kLanes<R>, C = kCols<T>;
    const R *ar = reinterpret_cast<const R *>(a), *br = reinterpret_cast<const R *>(b);
    Vec<R> re[V][C], im[V][C];
#pragma GCC unroll 8
    for (int j = 0; j < C; ++j)
        for (int v = 0; v < V; ++v) re[v][j] = im[v][j] = Vec<R>{};
    for (int l = 0; l < k; ++l) {
        Vec<R> x[V];
        if (Ahead && lda * int64_t(sizeof(T)) >= kPage && l + kAhead < k)
            for (int v = 0; v < V; ++v) __builtin_prefetch(ar + 2 * ((l + kAhead) * lda) + v * W);
        for (int v = 0; v < V; ++v) x[v] = load(ar + 2 * (l * lda) + v * W);
        const R *row = br + 2 * (l * bk);
#pragma GCC unroll 8
        for (int j = 0; j < C; ++j) {
            const Vec<R> sr = splat(row[2 * (j * bj)]), si = splat(row[2 * (j * bj) + 1]);
            for (int v = 0; v < V; ++v) {
                re[v][j] += x[v] * sr;
                im[v][j] += x[v] * si;
            }
        }
    }
    const Vec<R> sign = Conj ? -S::sign() : S::sign();
#pragma GCC unroll 8
    for (int j = 0; j < C; ++j)
        for (int v = 0; v < V; ++v) {
            R *cj = reinterpret_cast<R *>(c + j * ldc) + v * W;
            const Vec<R> p = re[v][j] + S::swap(im[v][j]) * sign;
            store(cj, Set ? p : load(cj) - p);
        }
}

// The kernel over kCols columns and `vecs` vectors of rows, V at most.
template <bool Set, bool Conj, bool Ahead, int V, class T>
BL_TILED_INLINE void rows_kernel(int vecs, int k, const T *a, int64_t lda, const T *b, int64_t bk, int64_t bj, T *c,
                                 int64_t ldc) {
    if constexpr (V > 1)
        if (vecs < V) return rows_kernel<Set, Conj, Ahead, V - 1>(vecs, k, a, lda, b, bk, bj, c, ldc);
    kernel<Set, Conj, Ahead, V>(k, a, lda, b, bk, bj, c, ldc);
}

// The kernel over a tile of `rows` rows (a whole tile or, last in a column, a whole number of
// vectors less) and `cols` columns (a multiple of kCols).
template <bool Set, bool Conj = false, bool Ahead = false, class T>
BL_TILED_INLINE void tile_product(int rows, int cols, int k, const T *a, int64_t lda, const T *b, int64_t bk, int64_t bj,
                                  T *c, int64_t ldc) {
    for (int j = 0; j < cols; j += kCols<T>)
        rows_kernel<Set, Conj, Ahead, kTileVecs>(rows / kLanes<T>, k, a, lda, b + j * bj, bk, bj, c + j * ldc, ldc);
}

// The workspaces start on a cache line (64 bytes), whatever the vectors' width: `work` moved up to
// the next one, which kSlack elements more in their size leave room for.
template <class T> constexpr int kSlack = int(64 / sizeof(T));
template <class T> T *line_aligned(T *work) {
    return reinterpret_cast<T *>((reinterpret_cast<uintptr_t>(work) + 63) & ~uintptr_t(63));
}

// Whether the products whose B rows of the copy read across its columns pack that B first, for
// a padded copy of order N and leading dimension ld (ladder::tiled::kPackFrom says why).
template <class T> bool packs_b(int N, int64_t ld) { return N * ld * int64_t(sizeof(T)) >= ladder::tiled::kPackFrom; }

// The padded copy: order n rounded up to whole steps (a part of a tile at the end where n is not
// a whole number of tiles), columns a whole number of vectors apart plus one vector (a column
// pitch of a power of two would put a tile's columns in the same cache sets), 64-byte aligned.
// The block inverses and a tile's copy follow it.
template <class T> struct Workspace {
    int N;
    int64_t ld;
    T *w, *inv, *tile, *pack;
    Workspace(int n, T *work) : N(padded(n)), ld(N + kLanes<T>) {
        w = line_aligned(work);
        inv = w + N * ld;
        tile = inv + int64_t(N) * kTile<T>;
        pack = tile + kTile<T> * kTile<T> * kOuter;
    }
    static int padded(int n) { return (n + kStep<T> - 1) / kStep<T> * kStep<T>; }
    static int64_t size(int n) {
        const int N = padded(n);
        return int64_t(N) * (N + kLanes<T>) + int64_t(N) * kTile<T> + kTile<T> * kTile<T> * kOuter +
               (packs_b<T>(N, N + kLanes<T>) ? kOuter * kTile<T> * kDepth : 0) + kSlack<T>;
    }
};

// `rows` rows (a tile or, last, whole vectors fewer) and `cols` columns (up to a block column of the outer level)
// of the copy at p into the workspace's tile, leading dimension kTile. In vectors: a memcpy of a
// run-time length became `rep movsq`, whose start-up cost is out of proportion to a tile.
template <class T> BL_TILED_INLINE void copy_tile(const T *p, int64_t ld, int rows, int cols, T *tile) {
    constexpr int W = kLanes<T>;
    for (int c = 0; c < cols; ++c)
        for (int v = 0; v < rows; v += W) store(tile + c * kTile<T> + v, load(p + c * ld + v));
}

// The register kernel's B of k rows and `cols` columns (a multiple of kCols; element (l, j) at
// b[l bk + j bj]) packed: each kCols columns' k rows in turn, a row's kCols elements adjacent.
template <class T> BL_TILED_INLINE void pack_b(int cols, int k, const T *b, int64_t bk, int64_t bj, T *out) {
    for (int c = 0; c < cols; c += kCols<T>)
        for (int l = 0; l < k; ++l)
            for (int j = 0; j < kCols<T>; ++j) out[c * k + l * kCols<T> + j] = b[l * bk + (c + j) * bj];
}

// y[from, to) -= x[from, to) u, in vectors where the rows allow.
template <class T> BL_TILED_INLINE void axpy(int from, int to, const T *x, T u, T *y) {
    constexpr int W = kLanes<T>;
    int i = from;
    for (; i < to && i % W; ++i) y[i] -= x[i] * u;
    const Vec<T> s = splat(u);
    for (; i + W <= to; i += W) store(y + i, load(y + i) - load(x + i) * s);
    for (; i < to; ++i) y[i] -= x[i] * u;
}

// x[from, to) *= u, in vectors where the rows allow (complex products of scalars are not
// vectorized by the compiler: it checks each for NaNs, as C's rules for them ask).
template <class T> BL_TILED_INLINE void scale(int from, int to, T u, T *x) {
    constexpr int W = kLanes<T>;
    int i = from;
    for (; i < to && i % W; ++i) x[i] *= u;
    const Vec<T> s = splat(u);
    for (; i + W <= to; i += W) store(x + i, load(x + i) * s);
    for (; i < to; ++i) x[i] *= u;
}

// The row of x[from, to) with the largest |x|, the first one on a tie, as LAPACK's i?amax: a NaN
// is never larger than anything, and is chosen only where it comes first.
template <class T> BL_TILED_INLINE int pivot_row(const T *x, int from, int to) {
    constexpr int W = kLanes<T>;
    T big = std::fabs(x[from]);
    if (std::isnan(big)) return from;
    int i = from + 1;
    for (; i < to && i % W; ++i) big = std::fabs(x[i]) > big ? std::fabs(x[i]) : big;
    Vec<T> m = splat(big);
    for (; i + W <= to; i += W) {
        Vec<T> v = load(x + i);
        v = v < 0 ? -v : v;
        m = v > m ? v : m;
    }
    for (; i < to; ++i) big = std::fabs(x[i]) > big ? std::fabs(x[i]) : big;
    for (int l = 0; l < W; ++l) big = m[l] > big ? m[l] : big;
    for (i = from; std::fabs(x[i]) != big; ++i) {
    }
    return i;
}

// The same for complex x, by |re| + |im| as LAPACK's i?amax measures complex elements: in vectors
// each element's parts, made positive, are added to those exchanged, so that both lanes of an
// element hold its size (the same sum as the scalar one's, which finds its row at the end).
template <class R> BL_TILED_INLINE int pivot_row(const std::complex<R> *x, int from, int to) {
    typedef simd::Simd<std::complex<R>, sizeof(Vec<R>)> S;
    constexpr int W = kLanes<std::complex<R>>;
    auto size = [](std::complex<R> z) { return std::fabs(z.real()) + std::fabs(z.imag()); };
    R big = size(x[from]);
    if (std::isnan(big)) return from;
    int i = from + 1;
    for (; i < to && i % W; ++i) big = size(x[i]) > big ? size(x[i]) : big;
    Vec<R> m = splat(big);
    for (; i + W <= to; i += W) {
        Vec<R> v = load(reinterpret_cast<const R *>(x + i));
        v = v < 0 ? -v : v;
        v += S::swap(v);
        m = v > m ? v : m;
    }
    for (; i < to; ++i) big = size(x[i]) > big ? size(x[i]) : big;
    for (int l = 0; l < 2 * W; ++l) big = m[l] > big ? m[l] : big;
    for (i = from; size(x[i]) != big; ++i) {
    }
    return i;
}

// Whether |x| >= s: for complex x, by the larger part first, which decides unless it is below s
// (the modulus's hypot costs more than the rest of a panel column's scaling).
template <class T> BL_TILED_INLINE bool at_least(T x, Real<T> s) {
    if constexpr (is_complex<T>) return std::max(std::fabs(x.real()), std::fabs(x.imag())) >= s || std::abs(x) >= s;
    else return std::fabs(x) >= s;
}

// Lane i of v set to x.
template <class T> BL_TILED_INLINE void set_lane(Vec<T> &v, int i, T x) {
    if constexpr (is_complex<T>) {
        v.v[2 * i] = x.real();
        v.v[2 * i + 1] = x.imag();
    } else {
        v[i] = x;
    }
}

// The inverse X of the lower triangular tile at d (leading dimension ld; a unit diagonal when
// Unit) into x (leading dimension kTile). From the last column back, as X L = I gives column k
// of X from the columns right of it: whole columns, in vectors.
template <bool Unit, class T> BL_TILED_INLINE void invert_lower(const T *d, int64_t ld, T *x) {
    constexpr int G = kTile<T>, W = kLanes<T>;
    for (int k = G - 1; k >= 0; --k) {
        Vec<T> v[kTileVecs] = {};
        set_lane(v[k / W], k % W, T(1));
        for (int l = k + 1; l < G; ++l) {
            const Vec<T> s = splat(d[k * ld + l]);
            for (int h = 0; h < kTileVecs; ++h) v[h] -= load(x + l * G + h * W) * s;
        }
        for (int h = 0; h < kTileVecs; ++h) store(x + k * G + h * W, Unit ? v[h] : v[h] * splat(T(1) / d[k * ld + k]));
    }
}

// Where the copy's columns [from, to) come from in A, in segments q from `from` up to end(to),
// each its first element and length: the whole columns q < n (LU); a lower triangle's columns,
// rows q to n - 1; an upper triangle's rows, as A's columns q to n - 1, rows `from` to
// min(q + 1, to) - 1.
enum class Part { whole, lower, upper };
template <class T> struct Source {
    const T *A;
    int64_t lda;
    int n;
    Part part;
    int end(int to) const { return part == Part::upper ? n : std::min(to, n); }
    std::pair<const T *, int> segment(int q, int from, int to) const {
        switch (part) {
        case Part::whole: return {A + int64_t(q) * lda, n};
        case Part::lower: return {A + q + int64_t(q) * lda, n - q};
        default: return {A + from + int64_t(q) * lda, std::min(q + 1, to) - from};
        }
    }
};

// A's lines for the copy's next block column, brought toward L2 a share at a time while the
// present one is computed, so that copying it in when its turn comes finds them there: copying
// all of A at the start waited on memory with nothing to compute (src_cpu/PERFORMANCE.md,
// twenty-second session).
template <class T> class Fetch {
  public:
    explicit Fetch(const Source<T> &src) : src_(src) {}
    // The columns [from, to) next, their lines over about `calls` calls of some().
    void start(int from, int to, int calls) {
        from_ = from, to_ = to, q_ = from, end_ = src_.end(to);
        int64_t lines = 0;
        for (int q = from; q < end_; ++q) lines += (src_.segment(q, from, to).second * int64_t(sizeof(T)) + 127) / 64;
        share_ = int((lines + calls - 1) / std::max(calls, 1));
        line_ = last_ = nullptr;
    }
    BL_TILED_INLINE void some() {
        for (int i = 0; i < share_; ++i) {
            if (line_ == last_) {
                if (q_ >= end_) return;
                const auto [p, len] = src_.segment(q_++, from_, to_);
                line_ = reinterpret_cast<const char *>(reinterpret_cast<uintptr_t>(p) & ~uintptr_t(63));
                last_ = reinterpret_cast<const char *>(reinterpret_cast<uintptr_t>(p + len - 1) & ~uintptr_t(63)) + 64;
            }
            __builtin_prefetch(line_, 0, 2);
            line_ += 64;
        }
    }

  private:
    Source<T> src_;
    int from_ = 0, to_ = 0, q_ = 0, end_ = 0, share_ = 0;
    const char *line_ = nullptr, *last_ = nullptr;
};

// LU of A by the tiles, with partial pivoting as LAPACK's getrf (Pivot) or with every pivot on the
// diagonal as getrf_np (ipiv not used): the same steps less the pivot search and the interchanges.
template <bool Pivot, class T> void lu(int n, T *A, int lda, int *ipiv, int *info, T *work) {
    constexpr int G = kTile<T>;
    const Workspace<T> s(n, work);
    const int N = s.N;
    const int64_t ld = s.ld;
    T *const w = s.w;
    // The copy is [A 0; 0 I]: its LU is [L 0; 0 I] [U 0; 0 I], the padding never chosen as a pivot.
    // Each block column of the outer level is copied in when its turn comes, its lines fetched
    // during the block before.
    auto copy_in = [&](int J, int to) {
        for (int j = J; j < to; ++j) {
            T *wj = w + j * ld;
            if (j < n) {
                std::memcpy(wj, A + int64_t(j) * lda, sizeof(T) * n);
                std::fill(wj + n, wj + N, T(0));
            } else {
                std::fill(wj, wj + N, T(0));
                wj[j] = T(1);
            }
        }
    };
    Fetch<T> fetch(Source<T>{A, lda, n, Part::whole});
    *info = 0;
    const Real<T> small = std::numeric_limits<Real<T>>::min();  // LAPACK's sfmin: 1 / small does not overflow
    // Block columns of kOuter tiles are brought up to date by the columns left of them, then
    // factored a tile's width at a time, each brought up to date by the columns of its outer block
    // left of it. The row interchanges of a panel reach the columns left of it at once and the
    // columns right of it when their block's turn comes.
    for (int J = 0; J < N; J += kOuter * G) {
        const int bo = std::min(kOuter * G, N - J);
        T *const cJ = w + J * ld;
        copy_in(J, J + bo);
        // The next block's lines over this block's products: the outer update's kernel calls, or
        // the first block's updates of its later tiles.
        const int tiles = (N - J + G - 1) / G;
        fetch.start(J + bo, J + bo + kOuter * G, J ? (J + kDepth - 1) / kDepth * tiles * (bo / kCols<T>) : tiles * (kOuter - 1));
        if constexpr (Pivot)
            for (int c = 0; c < bo; ++c)
                for (int i = 0; i < J; ++i)
                    if (ipiv[i] != i) std::swap(cJ[c * ld + i], cJ[c * ld + ipiv[i]]);
        // The rows above, the block row of U: a tile at a time, the product with the L to its left
        // and then the inverse of the unit lower diagonal block there.
        for (int i = 0; i < J; i += G) {
            if (i) tile_product<false>(G, bo, i, w + i, ld, cJ, 1, ld, cJ + i, ld);
            copy_tile(cJ + i, ld, G, bo, s.tile);
            tile_product<true>(G, bo, G, s.inv + int64_t(i) * G, G, s.tile, 1, G, cJ + i, ld);
        }
        for (int k0 = 0; k0 < J; k0 += kDepth) {
            const int kc = std::min(kDepth, J - k0);
            for (int r = J; r < N; r += G)
                for (int c = 0; c < bo; c += kCols<T>) {
                    fetch.some();
                    tile_product<false, false, is_complex<T>>(std::min(G, N - r), kCols<T>, kc, w + r + k0 * ld, ld,
                                                              cJ + k0 + c * ld, 1, ld, cJ + r + c * ld, ld);
                }
        }
        for (int j = J; j < J + bo; j += G) {
            const int b = std::min(G, N - j);  // the block's width: a tile, or less last
            T *const cj = w + j * ld;          // the block column
            T *const lJ = w + J * ld;          // the columns of L from J, left of it in its outer block
            if constexpr (Pivot)
                for (int c = 0; c < b; ++c)
                    for (int i = J; i < j; ++i)
                        if (ipiv[i] != i) std::swap(cj[c * ld + i], cj[c * ld + ipiv[i]]);
            for (int i = J; i < j; i += G) {
                T *ci = cj + i;
                if (i > J) tile_product<false>(G, b, i - J, lJ + i, ld, cj + J, 1, ld, ci, ld);
                copy_tile(ci, ld, G, b, s.tile);
                tile_product<true>(G, b, G, s.inv + int64_t(i) * G, G, s.tile, 1, G, ci, ld);
            }
            if (j > J)
                for (int r = j; r < N; r += G) {
                    if (!J) fetch.some();
                    tile_product<false>(std::min(G, N - r), b, j - J, lJ + r, ld, cj + J, 1, ld, cj + r, ld);
                }
            // The panel, column by column as LAPACK's getf2, over the real rows; the padded columns of
            // the last block are the identity already.
            for (int c = 0; c < b && j + c < n; ++c) {
                const int jc = j + c;
                T *col = w + int64_t(jc) * ld;
                int p = jc;
                if constexpr (Pivot) ipiv[jc] = p = pivot_row(col, jc, n);
                if (col[p] != T(0)) {
                    if (p != jc)
                        for (int k = 0; k < b; ++k) std::swap(cj[k * ld + jc], cj[k * ld + p]);
                    const T d = col[jc];
                    if (at_least(d, small)) {
                        scale(jc + 1, n, T(1) / d, col);
                    } else {
                        for (int i = jc + 1; i < n; ++i) col[i] /= d;
                    }
                } else if (*info == 0) {
                    *info = jc + 1;
                }
                for (int k = c + 1; k < b; ++k) axpy(jc + 1, n, col, cj[k * ld + jc], cj + k * ld);
            }
            // The inverse of the block's unit lower triangle, for the later block columns' solves
            // (a block followed by another is a whole tile wide).
            if (j + b < N) invert_lower<true>(cj + j, ld, s.inv + int64_t(j) * G);
            // The block's row interchanges, on the columns left of it.
            if constexpr (Pivot)
                for (int c = 0; c < j; ++c)
                    for (int i = j; i < std::min(j + G, n); ++i)
                        if (ipiv[i] != i) std::swap(w[c * ld + i], w[c * ld + ipiv[i]]);
        }
    }
    for (int j = 0; j < n; ++j) std::memcpy(A + int64_t(j) * lda, w + j * ld, sizeof(T) * n);
    if constexpr (Pivot)
        for (int i = 0; i < n; ++i) ++ipiv[i];
}

// Cholesky of A by the tiles, in the padded copy: its lower triangle (an upper one conjugate-
// transposed) of [A 0; 0 I], whose factor is [L 0; 0 I]: A = L L^H, every product below with L^H
// (Conj). Above the diagonal only the diagonal blocks are written, zeros: the kernel computes
// whole tiles there, and what it leaves above the diagonal is never read. Each block column of
// the outer level is copied in when its turn comes (its lines fetched during the block before)
// and out when it is finished: left-looking, the later ones neither read nor change it.
template <class T> void cholesky(char uplo, int n, T *A, int lda, int *info, T *work) {
    constexpr int G = kTile<T>, W = kLanes<T>, B = kOuter * G;
    const Workspace<T> s(n, work);
    const int N = s.N;
    const int64_t ld = s.ld;
    T *const w = s.w;
    const bool lower = uplo == 'L';
    const bool packed = packs_b<T>(N, ld);
    Fetch<T> fetch(Source<T>{A, lda, n, lower ? Part::lower : Part::upper});
    auto copy_in = [&](int J, int to) {
        for (int j = J; j < to; ++j) {
            T *wj = w + j * ld;
            std::fill(wj + j / G * G, wj + j, T(0));
            if (j < n) {
                if (lower) std::memcpy(wj + j, A + j + int64_t(j) * lda, sizeof(T) * (n - j));
                std::fill(wj + n, wj + N, T(0));
            } else {
                std::fill(wj + j, wj + N, T(0));
                wj[j] = T(1);
            }
        }
        if (!lower)
            for (int i = J; i < n; ++i)
                for (int j = J; j < std::min({i + 1, to, n}); ++j) w[i + j * ld] = conjugate(A[j + int64_t(i) * lda]);
    };
    auto copy_out = [&](int J, int to) {
        for (int j = J; j < std::min(to, n); ++j)
            if (lower) std::memcpy(A + j + int64_t(j) * lda, w + j + j * ld, sizeof(T) * (n - j));
        if (!lower)
            for (int i = J; i < n; ++i)
                for (int j = J; j < std::min({i + 1, to, n}); ++j) A[j + int64_t(i) * lda] = conjugate(w[i + j * ld]);
    };
    *info = 0;
    // Block columns of kOuter tiles from the diagonal down, less the product of the rows of L left
    // of them (the tiles wholly above the diagonal left out); then a tile's width at a time, less
    // the product with the columns of its outer block left of it, and factored.
    for (int J = 0; J < N && *info == 0; J += B) {
        const int bo = std::min(B, N - J);
        T *const cJ = w + J * ld;
        copy_in(J, J + bo);
        // The next block's lines over this block's products: the outer update's kernel calls, or
        // the first block's solves below its tiles.
        const int tiles = (N - J + G - 1) / G;
        fetch.start(J + bo, J + bo + B, J ? (J + kDepth - 1) / kDepth * tiles * (bo / kCols<T>) : tiles * kOuter);
        for (int k0 = 0; k0 < J; k0 += kDepth) {
            const int kc = std::min(kDepth, J - k0);
            // B, the block column's rows of L: its kCols columns from c at b + c bc.
            if (packed) pack_b(bo, kc, w + J + k0 * ld, ld, 1, s.pack);
            const T *const b = packed ? s.pack : w + J + k0 * ld;
            const int64_t bk = packed ? kCols<T> : ld, bc = packed ? kc : 1;
            for (int r = J; r < N; r += G)
                for (int c = 0; c < std::min(bo, r - J + G); c += kCols<T>) {
                    fetch.some();
                    tile_product<false, true, is_complex<T>>(std::min(G, N - r), kCols<T>, kc, w + r + k0 * ld, ld,
                                                             b + c * bc, bk, 1, cJ + r + c * ld, ld);
                }
        }
        for (int j = J; j < J + bo && *info == 0; j += G) {
            const int b = std::min(G, N - j);  // the block's width: a tile, or less last
            T *const cj = w + j * ld;
            if (j > J)
                for (int r = j; r < N; r += G)
                    tile_product<false, true>(std::min(G, N - r), b, j - J, w + r + J * ld, ld, w + j + J * ld, ld, 1, cj + r,
                                              ld);
            // The diagonal block, column by column as LAPACK's potf2, in whole columns of the block
            // (what that computes above the diagonal is never read). A complex diagonal is real: its
            // imaginary part is not read, and the factor's is zero, as potf2 has them.
            T *d = cj + j;
            for (int c = 0; c < b; ++c) {
                const Real<T> x = std::real(d[c * ld + c]);
                if (!(x > 0)) {  // also NaN
                    *info = j + c + 1;
                    d[c * ld + c] = T(x);
                    // The rows below the block in its finished columns, as potf2 leaves them.
                    for (int k = 0; k < c; ++k) {
                        T *col = cj + k * ld;
                        for (int l = 0; l < k; ++l) axpy(j + G, n, cj + l * ld, conjugate(d[l * ld + k]), col);
                        const T ir = T(1 / std::real(d[k * ld + k]));
                        for (int i = j + G; i < n; ++i) col[i] *= ir;
                    }
                    break;
                }
                const Real<T> r = std::sqrt(x);
                const Vec<T> ir = splat(T(1 / r));
                for (int v = 0; v < b; v += W) store(d + c * ld + v, load(d + c * ld + v) * ir);
                d[c * ld + c] = T(r);
                for (int k = c + 1; k < b; ++k) {
                    const Vec<T> l = splat(conjugate(d[c * ld + k]));
                    for (int v = 0; v < b; v += W) store(d + k * ld + v, load(d + k * ld + v) - load(d + c * ld + v) * l);
                }
            }
            if (*info != 0 || j + b == N) break;  // a block followed by another is a whole tile wide
            // The rows below it: times the conjugate transpose of the block's inverse, a tile at a time.
            T *bi = s.inv;
            invert_lower<false>(d, ld, bi);
            for (int r = j + G; r < N; r += G) {
                const int rows = std::min(G, N - r);
                if (!J) fetch.some();
                copy_tile(cj + r, ld, rows, G, s.tile);
                tile_product<true, true>(rows, G, G, s.tile, G, bi, G, 1, cj + r, ld);
            }
        }
        copy_out(J, J + bo);
    }
}

// The block reflector's conjugate transpose applied from the left, a block of kCols columns of C
// at a time: w = V^H C_j, w = T^H w, C_j -= V w, each a product on the register kernel (V^H and
// T^H are V^T and T^T for real types). The block of C stays
// in L1 between the first product and the last (rows x kCols: 32 KiB at 512 rows of doubles on
// AVX-512), where two GEMMs over all of C read it from L2 twice and pack their operands each
// time. V is copied out twice, with its unit diagonal and zeros written in and padded to whole
// vectors: as it is (the last product's A) and conjugate-transposed (the first's). T is formed
// here as larft forms it, column j from -tau_j V^H v_j and the columns left of it, with the V^H V
// that needs as one more product on the kernel: larft's matrix-vector products on these thin
// shapes took as long as the panel's factorization itself. T^H goes out with zeros above its
// diagonal, the middle product's A.
template <class T>
void reflector(int rows, int cols, int b, const T *a, int64_t lda, const T *tau, T *c, int64_t ldc, T *work) {
    constexpr int W = kLanes<T>, G = kTile<T>, B = kReflectorMax, C = kCols<T>;
    static_assert(B % G == 0 && B % C == 0, "the reflector's width pads to whole tiles");
    const int R = (rows + W - 1) / W * W;
    T *const v = line_aligned(work);
    T *const vt = v + int64_t(R) * B, *const tt = vt + int64_t(B) * rows, *const w = tt + B * B;
    T *const w2 = w + B * C, *const buf = w2 + B * C, *const t = buf + int64_t(R) * C;
    for (int j = 0; j < B; ++j) {
        T *vj = v + int64_t(j) * R;
        for (int i = 0; i < R; ++i) vj[i] = j >= b || i < j || i >= rows ? T(0) : i == j ? T(1) : a[i + j * lda];
        for (int i = 0; i < rows; ++i) vt[j + int64_t(i) * B] = conjugate(vj[i]);
    }
    // t = V^H V first, then T over it column by column: column j of the Gram matrix is read (rows
    // above j) before it is overwritten, and the columns left of it are T's already. Only the
    // tiles that reach the diagonal or above it are formed (T is upper triangular), each from row
    // r of V on, where its columns start (V is zero above its diagonal).
    for (int j0 = 0; j0 < B; j0 += C)
        for (int r = 0; r < j0 + C; r += G)
            tile_product<true>(G, C, std::max(0, rows - r), vt + r + int64_t(r) * B, B, v + j0 * R + r, 1, R,
                               t + r + j0 * B, B);
    for (int j = 0; j < b; ++j) {
        T *tj = t + j * B;
        for (int l = 0; l < j; ++l) tj[l] = mul(tj[l], -tau[j]);
        for (int r = 0; r < j; ++r) {  // T(0:j, j) = T(0:j, 0:j) T(0:j, j), upper triangular, top down
            T sum = T(0);
            for (int l = r; l < j; ++l) sum += mul(t[r + l * B], tj[l]);
            tj[r] = sum;
        }
        tj[j] = tau[j];
    }
    for (int j = 0; j < B; ++j)
        for (int l = 0; l < B; ++l) tt[l + j * B] = j < b && l < b && j <= l ? conjugate(t[j + l * B]) : T(0);
    const int whole = rows / W * W;  // rows the kernel takes; the last rows % W by scalars
    for (int j0 = 0; j0 < cols; j0 += C) {
        const int nc = std::min(C, cols - j0);
        T *cb = c + j0 * ldc;
        int64_t ldb = ldc;
        if (nc < C) {  // the last columns, padded with zeros in buf
            for (int j = 0; j < C; ++j)
                for (int i = 0; i < rows; ++i) buf[i + int64_t(j) * R] = j < nc ? cb[i + j * ldc] : T(0);
            cb = buf, ldb = R;
        }
        for (int r = 0; r < B; r += G) tile_product<true>(G, C, rows, vt + r, B, cb, 1, ldb, w + r, B);
        for (int r = 0; r < B; r += G) tile_product<true>(G, C, B, tt + r, B, w, 1, B, w2 + r, B);
        for (int r = 0; r < whole; r += G)
            tile_product<false>(std::min(G, whole - r), C, B, v + r, R, w2, 1, B, cb + r, ldb);
        for (int i = whole; i < rows; ++i)
            for (int j = 0; j < C; ++j) {
                T sum = T(0);
                for (int l = 0; l < b; ++l) sum += v[i + int64_t(l) * R] * w2[l + j * B];
                cb[i + j * ldb] -= sum;
            }
        if (nc < C)
            for (int j = 0; j < nc; ++j)
                for (int i = 0; i < rows; ++i) c[i + (j0 + j) * ldc] = buf[i + int64_t(j) * R];
    }
}

// ---- the blocked QR's panel ------------------------------------------------------------------
// The panel's steps are LAPACK's geqr2 (a larfg, then its reflector applied to the columns right
// of it) on vectors of R over the rows, a complex column taken as its interleaved reals. geqr2's
// larf is a gemv and a gerc through the BLAS per column, each a pass over all the columns right of
// it with a call's overheads; here four columns at a time take both passes while they are in L1.
// zgeqrf 128 on one thread: 26 GFLOP/s with geqr2 over OpenBLAS's AVX-512 kernels, 28.5 with this
// panel (src_cpu/PERFORMANCE.md, "the blocked QR's panel").

// Sum of |x_i|^2 over x[0, n), in vectors (a complex element's two parts each squared).
template <class T> BL_TILED_INLINE Real<T> sum_squares(int n, const T *x) {
    using R = Real<T>;
    constexpr int W = kLanes<R>;
    const R *r = reinterpret_cast<const R *>(x);
    const int m = n * int(sizeof(T) / sizeof(R));
    Vec<R> acc0{}, acc1{};
    int i = 0;
    for (; i + 2 * W <= m; i += 2 * W) {
        const Vec<R> a = load(r + i), b = load(r + i + W);
        acc0 += a * a;
        acc1 += b * b;
    }
    if (i + W <= m) {
        const Vec<R> a = load(r + i);
        acc0 += a * a;
        i += W;
    }
    acc0 += acc1;
    R s = 0;
    for (int l = 0; l < W; ++l) s += acc0[l];
    for (; i < m; ++i) s += r[i] * r[i];
    return s;
}

// C_k := (I - t v v^H) C_k for K columns C_k = c + k ldc of n rows, v[0] = 1 not stored (v[0] is
// R's diagonal element): s_k = v^H C_k over the rows, then C_k -= v (t s_k), each a pass over the
// columns, which stay in L1 between them, with v's vectors loaded once for the K columns. A
// complex v^H c is formed as the real kernel's products are, FMAs alone: v c (the lanes v_re c_re,
// v_im c_im) and swap(v) c (v_im c_re, v_re c_im) summed lane by lane, their lanes combined once
// at the end; v t as v t_re + swap(v) (-t_im, t_im).
template <int K, class T> BL_TILED_INLINE void reflect_columns(int n, const T *v, T t, T *c, int64_t ldc) {
    using R = Real<T>;
    constexpr bool Cx = is_complex<T>;
    constexpr int Q = Cx ? 2 : 1, W = kLanes<R>, E = W / Q;  // E: elements of T in a vector
    typedef simd::Simd<T, sizeof(Vec<R>)> S;
    const R *vr = reinterpret_cast<const R *>(v);
    R *cr[K];
    for (int k = 0; k < K; ++k) cr[k] = reinterpret_cast<R *>(c + k * ldc);
    const int whole = 1 + (n - 1) / E * E;  // rows 1 to whole in vectors, the rest by scalars
    Vec<R> p[K], q[K];
    for (int k = 0; k < K; ++k) p[k] = q[k] = Vec<R>{};
    for (int i = 1; i < whole; i += E) {
        const Vec<R> x = load(vr + Q * i);
        Vec<R> xs{};
        if constexpr (Cx) xs = S::swap(x);
        for (int k = 0; k < K; ++k) {
            const Vec<R> y = load(cr[k] + Q * i);
            p[k] += x * y;
            if constexpr (Cx) q[k] += xs * y;
        }
    }
    T u[K];
    for (int k = 0; k < K; ++k) {
        R re = 0, im = 0;
        for (int l = 0; l < W; ++l) {
            re += p[k][l];
            if constexpr (Cx) im += l % 2 ? q[k][l] : -q[k][l];
        }
        T s;
        if constexpr (Cx) s = T(re, im);
        else s = re;
        s += c[k * ldc];
        for (int i = whole; i < n; ++i) s += mul(conjugate(v[i]), c[i + k * ldc]);
        u[k] = mul(t, s);
    }
    Vec<R> ur[K], ui[K];
    for (int k = 0; k < K; ++k) {
        if constexpr (Cx) {
            ur[k] = splat(u[k].real());
            ui[k] = S::sign() * splat(u[k].imag());
        } else {
            ur[k] = splat(u[k]);
        }
        c[k * ldc] -= u[k];
    }
    for (int i = 1; i < whole; i += E) {
        const Vec<R> x = load(vr + Q * i);
        Vec<R> xs{};
        if constexpr (Cx) xs = S::swap(x);
        for (int k = 0; k < K; ++k) {
            Vec<R> y = load(cr[k] + Q * i) - x * ur[k];
            if constexpr (Cx) y -= xs * ui[k];
            store(cr[k] + Q * i, y);
        }
    }
    for (int k = 0; k < K; ++k)
        for (int i = whole; i < n; ++i) c[i + k * ldc] -= mul(v[i], u[k]);
}

// The panel: column j's larfg (larfg.hpp, x summed and scaled in vectors), then its reflector's
// H^H applied to the columns right of it, kPanelCols at a time.
constexpr int kPanelCols = 4;
template <class T> int panel(int rows, int b, T *a, int64_t lda, T *tau) {
    constexpr int K = kPanelCols;
    for (int j = 0; j < b; ++j) {
        T *const x = a + j + j * lda;
        const int n = rows - j;
        const auto nonzero = [&] {
            for (int i = 1; i < n; ++i)
                if (x[i] != T(0)) return true;
            return false;
        };
        T alpha = x[0], f = T(0);  // f: set where tau is not 0, the only place it is read
        if (!larfg_factors(n, alpha, sum_squares(n - 1, x + 1), nonzero, tau[j], f)) return j;
        x[0] = alpha;
        if (tau[j] == T(0)) continue;  // H = I: larf applies nothing
        scale(1, n, f, x);
        const T t = conjugate(tau[j]);  // H^H
        int k = j + 1;
        for (; k + K <= b; k += K) reflect_columns<K>(n, x, t, x + (k - j) * lda, lda);
        for (; k < b; ++k) reflect_columns<1>(n, x, t, x + (k - j) * lda, lda);
    }
    return b;
}

// ---- the inverses: trtri, getri, potri ------------------------------------------------------------
// The inverse X of the upper triangular tile at d (leading dimension ld; a unit diagonal when Unit)
// into x (leading dimension kTile), zeros below its diagonal. From the first column on, as X U = I
// gives column k of X from the columns left of it: whole columns, in vectors.
template <bool Unit, class T> BL_TILED_INLINE void invert_upper(const T *d, int64_t ld, T *x) {
    constexpr int G = kTile<T>, W = kLanes<T>;
    for (int k = 0; k < G; ++k) {
        Vec<T> v[kTileVecs] = {};
        set_lane(v[k / W], k % W, T(1));
        for (int l = 0; l < k; ++l) {
            const Vec<T> s = splat(d[k * ld + l]);
            for (int h = 0; h < kTileVecs; ++h) v[h] -= load(x + l * G + h * W) * s;
        }
        for (int h = 0; h < kTileVecs; ++h) store(x + k * G + h * W, Unit ? v[h] : v[h] * splat(T(1) / d[k * ld + k]));
    }
}

// The side of the blocks in which the inverses copy a lower triangle in and out transposed: 8
// columns of A at a time, each a line of doubles, fewer than a cache set's ways.
constexpr int kTransposeBlock = 8;

// The inverses' workspace: the copy of the triangle, order n rounded up to whole tiles (columns a
// whole number of vectors apart plus one, as Workspace's), zeros below its diagonal and the
// identity in the padding ([U 0; 0 I], whose inverse is [inv(U) 0; 0 I]); then getri's panel of L
// (N x kTile), a diagonal block's inverse, its negative and a tile, all 64-byte aligned.
template <class T> struct InverseSpace {
    int N;
    int64_t ld;
    T *w, *panel, *d, *nd, *tile;
    InverseSpace(int n, T *work) : N(padded(n)), ld(N + kLanes<T>) {
        constexpr int G = kTile<T>;
        w = reinterpret_cast<T *>((reinterpret_cast<uintptr_t>(work) + 63) & ~uintptr_t(63));
        panel = w + N * ld;
        d = panel + int64_t(N) * G;
        nd = d + G * G;
        tile = nd + G * G;
    }
    static int padded(int n) { return (n + kTile<T> - 1) / kTile<T> * kTile<T>; }
    static int64_t size(int n) {
        const int N = padded(n);
        return int64_t(N) * (N + kLanes<T>) + int64_t(N) * kTile<T> + 3 * kTile<T> * kTile<T> + kLanes<T>;
    }
    // The triangle uplo of the n x n A into the copy as an upper one, a lower one transposed (the
    // inverse of L^T is that of L transposed; conjugated too with Conj, potri's U = L^H), with
    // ones on the diagonal when unit.
    template <bool Conj = false> void load_triangle(int n, const T *A, int64_t lda, bool lower, bool unit) const {
        for (int j = 0; j < N; ++j) {
            T *wj = w + j * ld;
            std::fill(wj, wj + N, T(0));
            if (j >= n) wj[j] = T(1);
            else if (!lower) std::copy(A + int64_t(j) * lda, A + int64_t(j) * lda + j + 1, wj);
        }
        if (lower)
            transposed_blocks(n, [&](int i, int j) {
                const T x = A[j + int64_t(i) * lda];
                w[i + j * ld] = Conj ? conjugate(x) : x;
            });
        if (unit)
            for (int j = 0; j < n; ++j) w[j + j * ld] = T(1);
    }
    // The copy's upper triangle back into the triangle uplo of A (transposed into a lower one),
    // the diagonal left alone when unit. With Conj (potri's Hermitian inverse) a lower one is
    // the conjugate transpose, and the diagonal is real as LAPACK's lauum makes it (the
    // products give it a zero imaginary part up to rounding only).
    template <bool Conj = false> void store_triangle(int n, T *A, int64_t lda, bool lower, bool unit) const {
        if (lower)
            transposed_blocks(n, [&](int i, int j) {
                if (i != j || !unit) A[j + int64_t(i) * lda] = Conj ? conjugate(w[i + j * ld]) : w[i + j * ld];
            });
        else
            for (int j = 0; j < n; ++j) std::copy(w + j * ld, w + j * ld + (unit ? j : j + 1), A + int64_t(j) * lda);
        if (Conj && !unit)
            for (int j = 0; j < n; ++j) A[j + int64_t(j) * lda] = T(std::real(w[j + j * ld]));
    }

    // `each(i, j)` for i <= j < n, by square blocks of kTransposeBlock, j the inner loop (along
    // column i of A's lower triangle). Going along a column of the copy instead took one element
    // from each column of A, and at an lda of a multiple of 4 KiB all of those fall in one cache
    // set: dpotri 'L' 512 spent more time in the two copies than in inverting the triangle
    // (src_cpu/PERFORMANCE.md, thirty-first session).
    template <class Each> static void transposed_blocks(int n, Each &&each) {
        constexpr int B = kTransposeBlock;
        for (int i0 = 0; i0 < n; i0 += B)
            for (int j0 = i0; j0 < n; j0 += B)
                for (int i = i0; i < std::min(i0 + B, n); ++i)
                    for (int j = std::max(j0, i); j < std::min(j0 + B, n); ++j) each(i, j);
    }
};

// G x G elements from `from` (leading dimension lf) to `to` (leading dimension lt), in vectors.
template <class T> BL_TILED_INLINE void copy_block(const T *from, int64_t lf, T *to, int64_t lt) {
    constexpr int G = kTile<T>, W = kLanes<T>;
    for (int c = 0; c < G; ++c)
        for (int v = 0; v < G; v += W) store(to + c * lt + v, load(from + c * lf + v));
}

// The copy's upper triangle inverted in place, as LAPACK's trtri by block columns of a tile from
// the left: the block column above the diagonal is the inverse formed so far times it (one product
// a row tile, its rows of that inverse starting at the diagonal), then times minus the inverse of
// its diagonal block; the diagonal block becomes that inverse.
template <bool Unit, class T> void upper_inverse(const InverseSpace<T> &s) {
    constexpr int G = kTile<T>;
    T *const w = s.w;
    const int64_t ld = s.ld;
    for (int J = 0; J < s.N; J += G) {
        T *const cJ = w + J * ld;
        invert_upper<Unit>(cJ + J, ld, s.d);
        for (int i = 0; i < G * G; ++i) s.nd[i] = -s.d[i];
        for (int r = 0; r < J; r += G) {
            tile_product<true, false, true>(G, G, J - r, w + r + r * ld, ld, cJ + r, 1, ld, s.tile, G);
            tile_product<true>(G, G, G, s.tile, G, s.nd, 1, G, cJ + r, ld);
        }
        copy_block(s.d, G, cJ + J, ld);
    }
}

template <class T> void triangular_inverse(char uplo, char diag, int n, T *A, int lda, T *work) {
    const InverseSpace<T> s(n, work);
    const bool lower = uplo == 'L', unit = diag == 'U';
    s.load_triangle(n, A, lda, lower, unit);
    if (unit)
        upper_inverse<true>(s);
    else
        upper_inverse<false>(s);
    s.store_triangle(n, A, lda, lower, unit);
}

// getri: inv(U) in the copy, then X L = inv(U) solved for X by block columns of a tile from the
// right, as LAPACK's blocked getri: the block column less the columns of X right of it times the
// block of L below its diagonal block (which is copied out of A with its zeros and unit diagonal
// written in, into the panel: A keeps L until the end), then times the inverse of that diagonal
// block, a row tile at a time; then the column interchanges in reverse.
template <class T> void lu_inverse(int n, T *A, int lda, const int *ipiv, T *work) {
    constexpr int G = kTile<T>;
    const InverseSpace<T> s(n, work);
    const int N = s.N;
    const int64_t ld = s.ld;
    T *const w = s.w;
    s.load_triangle(n, A, lda, false, false);
    upper_inverse<false>(s);
    for (int J = N - G; J >= 0; J -= G) {
        T *const cJ = w + J * ld;
        for (int c = 0; c < G; ++c) {  // the panel: rows J.. of L's columns J..J + G
            T *p = s.panel + int64_t(c) * N;
            const int j = J + c;
            const T *a = A + int64_t(j) * lda;
            for (int i = J; i < N; ++i) p[i - J] = i < j ? T(0) : i == j ? T(1) : i < n && j < n ? a[i] : T(0);
        }
        invert_lower<true>(s.panel, N, s.d);
        for (int r = 0; r < N; r += G) {
            if (J + G < N)
                tile_product<false, false, true>(G, G, N - J - G, w + r + (J + G) * ld, ld, s.panel + G, 1, N, cJ + r, ld);
            copy_tile(cJ + r, ld, G, G, s.tile);
            tile_product<true>(G, G, G, s.tile, G, s.d, 1, G, cJ + r, ld);
        }
    }
    for (int j = n - 2; j >= 0; --j)
        if (ipiv[j] - 1 != j) std::swap_ranges(w + j * ld, w + j * ld + n, w + (ipiv[j] - 1) * ld);
    for (int j = 0; j < n; ++j) std::memcpy(A + int64_t(j) * lda, w + j * ld, sizeof(T) * n);
}

// potri: inv(U) in the copy (a lower factor L turned into U = L^H: A = U^H U either way, and
// inv(A) = inv(U) inv(U)^H; ^T for real types), then the upper triangle of inv(U) inv(U)^H over
// it as LAPACK's lauum, by block columns of a tile from the left: block (r, J) is row tile r of
// inv(U) times the conjugate transpose of row tile J, both from column J on (the columns left of
// J are zeros in row tile J), through the tile, as the product reads the block it replaces.
template <class T> void cholesky_inverse(char uplo, int n, T *A, int lda, T *work) {
    constexpr int G = kTile<T>;
    const InverseSpace<T> s(n, work);
    const int N = s.N;
    const int64_t ld = s.ld;
    T *const w = s.w;
    const bool lower = uplo == 'L';
    s.template load_triangle<true>(n, A, lda, lower, false);
    upper_inverse<false>(s);
    const bool packed = packs_b<T>(N, ld);  // row tile J into getri's panel, unused here
    for (int J = 0; J < N; J += G) {
        T *const cJ = w + J * ld;
        const int k = N - J;
        if (packed) pack_b(G, k, cJ + J, ld, 1, s.panel);
        const T *const b = packed ? s.panel : cJ + J;  // kCols columns from c at b + c bc
        const int64_t bk = packed ? kCols<T> : ld, bc = packed ? k : 1;
        for (int r = 0; r <= J; r += G) {
            for (int c = 0; c < G; c += kCols<T>)
                tile_product<true, true, true>(G, kCols<T>, k, cJ + r, ld, b + c * bc, bk, 1, s.tile + c * G, G);
            copy_block(s.tile, G, cJ + r, ld);
        }
    }
    s.template store_triangle<true>(n, A, lda, lower, false);
}

template <class T> int64_t workspace(int n) { return Workspace<T>::size(n); }

template <class T> void getrf(int n, T *A, int lda, int *ipiv, int *info, T *work) {
    lu<true>(n, A, lda, ipiv, info, work);
}

template <class T> void potrf(char uplo, int n, T *A, int lda, int *info, T *work) {
    cholesky(uplo, n, A, lda, info, work);
}

template <class T> void getrf_np(int n, T *A, int lda, int *info, T *work) {
    lu<false>(n, A, lda, nullptr, info, work);
}

template <class T> int64_t inverse_workspace(int n) { return InverseSpace<T>::size(n); }

template <class T> void trtri(char uplo, char diag, int n, T *A, int lda, T *work) {
    triangular_inverse(uplo, diag, n, A, lda, work);
}

template <class T> void getri(int n, T *A, int lda, const int *ipiv, T *work) {
    lu_inverse(n, A, lda, ipiv, work);
}

template <class T> void potri(char uplo, int n, T *A, int lda, T *work) {
    cholesky_inverse(uplo, n, A, lda, work);
}

template <class T> int64_t reflector_workspace(int rows) {
    const int64_t r = (rows + kLanes<T> - 1) / kLanes<T> * kLanes<T>;
    return r * kReflectorMax + int64_t(kReflectorMax) * rows + 2 * kReflectorMax * kReflectorMax +
           2 * kReflectorMax * kCols<T> + r * kCols<T> + kSlack<T>;
}

template <class T>
void apply_reflector(int rows, int cols, int b, const T *a, int lda, const T *tau, T *c, int ldc, T *work) {
    reflector(rows, cols, b, a, lda, tau, c, ldc, work);
}

template <class T> int qr_panel(int rows, int b, T *a, int lda, T *tau) { return panel(rows, b, a, lda, tau); }

template <class T> int tile() { return kTile<T>; }

#define BL_TILED_ISA(p, T) BL_TILED_ENTRIES(BL_TILED_INSTANTIATE, T)
BL_PRECISIONS(BL_TILED_ISA)
#undef BL_TILED_ISA

}  // namespace BL_ISA
}  // namespace tiled
}  // namespace cpu
}  // namespace bl
