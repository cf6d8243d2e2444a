// The GPU's primitives, in one place: the device scalar types and their arithmetic over the four
// precisions, the warp (lane numbers, shuffles, votes, barriers, reductions over groups of lanes)
// and the one tensor-core instruction the kernels issue. The kernels reach the hardware only
// through these and through the host-side calls of runtime.hpp, so that a port to another GPU
// programming interface (HIP) changes this file, runtime.hpp/.cu and the build, not the kernels.
// (What a port cannot change here: the kernels are written for warps of 32 lanes -- groups of
// 8/16/32 lanes per matrix, 32 x 32 diagonal blocks solved a lane a row.)
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <complex>
#include <cstring>
#include <type_traits>
#include <utility>

namespace bl {
namespace cuda {

// ---- scalar types ----------------------------------------------------------------------------
// The device's complex type: std::complex's layout (real part, imaginary part), aligned to its
// size for whole-element loads, with the arithmetic LAPACK's Fortran has. Products are plain
// arithmetic (ac - bd, ad + bc): C99's Annex G rules, which cuda::std::complex follows, add a
// NaN test and an infinity recovery to every product, a branch in each step of the unrolled
// updates that made the complex register kernels several times slower to run and to compile.
// Quotients use Smith's method, so that c^2 + d^2 never overflows or underflows. The library's
// own type also keeps <cuda/std/complex> (about 2 s of host time per build unit) out of the build.
template <class R> struct alignas(2 * sizeof(R)) Complex {
    R re, im;
    Complex() = default;
    __host__ __device__ constexpr Complex(R r, R i = R(0)) : re(r), im(i) {}
    __host__ __device__ constexpr R real() const { return re; }
    __host__ __device__ constexpr R imag() const { return im; }

    __host__ __device__ friend constexpr Complex operator+(Complex a) { return a; }
    __host__ __device__ friend constexpr Complex operator-(Complex a) { return {-a.re, -a.im}; }
    __host__ __device__ friend constexpr Complex operator+(Complex a, Complex b) { return {a.re + b.re, a.im + b.im}; }
    __host__ __device__ friend constexpr Complex operator-(Complex a, Complex b) { return {a.re - b.re, a.im - b.im}; }
    __host__ __device__ friend constexpr Complex operator*(Complex a, Complex b) {
        return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
    }
    __host__ __device__ friend constexpr Complex operator*(Complex a, R b) { return {a.re * b, a.im * b}; }
    __host__ __device__ friend constexpr Complex operator*(R a, Complex b) { return {a * b.re, a * b.im}; }
    __host__ __device__ friend constexpr Complex operator/(Complex a, R b) { return {a.re / b, a.im / b}; }
    __host__ __device__ friend Complex operator/(Complex a, Complex b) {
        if (fabs(b.im) <= fabs(b.re)) {
            const R r = b.im / b.re, d = b.re + b.im * r;
            return {(a.re + a.im * r) / d, (a.im - a.re * r) / d};
        }
        const R r = b.re / b.im, d = b.im + b.re * r;
        return {(a.re * r + a.im) / d, (a.im * r - a.re) / d};
    }
    __host__ __device__ friend constexpr bool operator==(Complex a, Complex b) { return a.re == b.re && a.im == b.im; }
    __host__ __device__ friend constexpr bool operator!=(Complex a, Complex b) { return !(a == b); }
    template <class X> __host__ __device__ Complex &operator+=(X b) { return *this = *this + b; }
    template <class X> __host__ __device__ Complex &operator-=(X b) { return *this = *this - b; }
    template <class X> __host__ __device__ Complex &operator*=(X b) { return *this = *this * b; }
    template <class X> __host__ __device__ Complex &operator/=(X b) { return *this = *this / b; }
};

// The device scalar type of a host scalar type (std::complex has Complex's layout), and a host
// scalar as the kernels take it.
template <class T> struct dev_type { using type = T; };
template <class R> struct dev_type<std::complex<R>> { using type = Complex<R>; };
template <class T> struct dev_type<const T> { using type = const typename dev_type<T>::type; };
template <class T> using Dev = typename dev_type<T>::type;
template <class T> Dev<T> to_dev(const T &x) {
    Dev<T> d;
    std::memcpy(static_cast<void *>(&d), &x, sizeof d);
    return d;
}

template <class T> struct real_of { using type = T; };
template <class R> struct real_of<Complex<R>> { using type = R; };
template <class T> using RealOf = typename real_of<T>::type;
template <class T> constexpr bool kComplex = !std::is_same<T, RealOf<T>>::value;
// Limits of a real type on the device: its smallest normal number, epsilon, largest number, and
// the exponent of the largest power of two.
template <class R> struct Limits;
template <> struct Limits<float> {
    __host__ __device__ static constexpr float min() { return FLT_MIN; }
    __host__ __device__ static constexpr float epsilon() { return FLT_EPSILON; }
    __host__ __device__ static constexpr float max() { return FLT_MAX; }
    static constexpr int max_exponent = FLT_MAX_EXP;
};
template <> struct Limits<double> {
    __host__ __device__ static constexpr double min() { return DBL_MIN; }
    __host__ __device__ static constexpr double epsilon() { return DBL_EPSILON; }
    __host__ __device__ static constexpr double max() { return DBL_MAX; }
    static constexpr int max_exponent = DBL_MAX_EXP;
};

// ---- scalar arithmetic -----------------------------------------------------------------------
template <class T> __device__ __forceinline__ T conj_(T x) { return x; }
template <class R> __device__ __forceinline__ Complex<R> conj_(Complex<R> x) { return {x.re, -x.im}; }
template <class T> __device__ __forceinline__ T conj_if(bool c, T x) { return c ? conj_(x) : x; }
template <class T> __device__ __forceinline__ T real_(T x) { return x; }
template <class R> __device__ __forceinline__ R real_(Complex<R> x) { return x.real(); }
template <class T> __device__ __forceinline__ RealOf<T> imag_(T x) {
    if constexpr (kComplex<T>) return x.imag();
    else return RealOf<T>(0);
}
// re + i im in the type T (im is dropped for a real T).
template <class T> __device__ T make_scalar(RealOf<T> re, RealOf<T> im) {
    if constexpr (kComplex<T>) return T(re, im);
    else return re;
}
// |re| + |im|: the magnitude LAPACK's i?amax pivots on. fabs, whose result has its sign bit
// clear: `x < 0 ? -x : x` left -0 as it was, and warp_amax_position, which orders the bit patterns
// of values >= 0, then ranked a -0 above every number (getrf took it as the pivot, info > 0).
template <class T> __device__ __forceinline__ T abs1(T x) { return fabs(x); }
template <class R> __device__ __forceinline__ R abs1(Complex<R> x) {
    return fabs(x.real()) + fabs(x.imag());
}
// |x|^2 = re^2 + im^2.
template <class T> __device__ __forceinline__ RealOf<T> abs2(T x) { return real_(x) * real_(x) + imag_(x) * imag_(x); }
template <class T> __device__ __forceinline__ bool is_zero(T x) { return x == T(0); }
// acc - x conj(y) as two fused multiply-adds per part (acc - x * conj_(y) takes a third operation:
// the product is formed before it is subtracted).
template <class T> __device__ __forceinline__ T sub_mul_conj(T acc, T x, T y) { return acc - x * y; }
template <class R> __device__ __forceinline__ Complex<R> sub_mul_conj(Complex<R> acc, Complex<R> x, Complex<R> y) {
    return {acc.real() - x.real() * y.real() - x.imag() * y.imag(),
            acc.imag() - x.imag() * y.real() + x.real() * y.imag()};
}

// 16 bytes of consecutive entries of T, the unit in which the register kernels publish a row or
// a column through shared memory and read it back as broadcasts (one 16-byte access instead of
// two or four of 8 or 4 bytes).
template <class T> constexpr int kPieceEntries = 16 / sizeof(T);
template <class T> struct alignas(16) Piece {
    T v[kPieceEntries<T>];
};

// ---- compile-time loops ----------------------------------------------------------------------
// f(std::integral_constant<int, j>()) for j = 0 .. N-1: a loop whose index is a constant
// expression in its body, so that arrays sized by it (a QR step's later columns) can be declared
// there; an unrolled loop's index is a constant to the optimizer only.
template <class F, int... J> __device__ __forceinline__ void static_for_each(F &f, std::integer_sequence<int, J...>) {
    (f(std::integral_constant<int, J>()), ...);
}
template <int N, class F> __device__ __forceinline__ void static_for(F &&f) {
    static_for_each(f, std::make_integer_sequence<int, N>());
}

// ---- the warp --------------------------------------------------------------------------------
// Every collective below is issued by all 32 lanes of the warp (the full mask).
constexpr int kWarpSize = 32;
constexpr unsigned kAllLanes = 0xffffffffu;
// The calling thread's lane in its warp, and its warp in the block (one-dimensional blocks).
__device__ __forceinline__ int lane_id() { return threadIdx.x & 31; }
__device__ __forceinline__ int warp_id() { return threadIdx.x >> 5; }
// The barrier of the warp's lanes (and the memory ordering between them).
__device__ __forceinline__ void warp_sync() { __syncwarp(); }
// Bit l set where lane l's predicate holds.
__device__ __forceinline__ unsigned ballot(bool p) { return __ballot_sync(kAllLanes, p); }
// 1 + the index of the lowest set bit of x, 0 when none is.
__device__ __forceinline__ int first_set(unsigned x) { return __ffs(x); }

// Lane `src` of the calling thread's group of `width` lanes.
template <class T> __device__ __forceinline__ T shfl(T v, int src, int width) {
    return __shfl_sync(kAllLanes, v, src, width);
}
template <class R>
__device__ __forceinline__ Complex<R> shfl(Complex<R> v, int src, int width) {
    return {__shfl_sync(kAllLanes, v.real(), src, width), __shfl_sync(kAllLanes, v.imag(), src, width)};
}
// Lane `src` of the warp.
template <class T> __device__ __forceinline__ T shfl(T v, int src) { return __shfl_sync(kAllLanes, v, src); }
// The lane whose number differs from the caller's in the bits of `o` (within groups of `width`).
template <class T> __device__ T shfl_xor(T v, int o) { return __shfl_xor_sync(kAllLanes, v, o); }
template <class R> __device__ Complex<R> shfl_xor(Complex<R> v, int o) {
    return {__shfl_xor_sync(kAllLanes, v.real(), o), __shfl_xor_sync(kAllLanes, v.imag(), o)};
}
template <class T> __device__ __forceinline__ T shfl_xor(T v, int o, int width) {
    return __shfl_xor_sync(kAllLanes, v, o, width);
}

// Reductions by butterflies: every lane gets the result of its warp (warp_sum), or of its aligned
// group of `Lanes` lanes (a power of two up to 32; the register kernels' groups of 8, 16, 32).
template <class T> __device__ __forceinline__ T warp_sum(T v) {
    for (int o = 16; o > 0; o >>= 1) v += shfl_xor(v, o);
    return v;
}
template <int Lanes, class T> __device__ __forceinline__ T lanes_sum(T v) {
#pragma unroll
    for (int o = Lanes / 2; o > 0; o >>= 1) v += shfl_xor(v, o);
    return v;
}
// Where lanes_sum_all leaves the sum of value c of K over a group of `Lanes` lanes: its slot
// (of ceil(K / Lanes)) in the group's lane `lane`, or in every lane (`everywhere`: a value left
// over at every level, never paired).
struct SumAllHome {
    int slot, lane;
    bool everywhere;
};
template <int Lanes> __host__ __device__ constexpr SumAllHome sum_all_home(int K, int c) {
    SumAllHome h{c, 0, true};
    for (int o = Lanes / 2, n = K; o > 0; o >>= 1, n = (n + 1) / 2) {
        if (h.slot < n - n % 2) {  // paired: kept by the lanes whose bit o is the slot's parity
            if (h.slot & 1) h.lane |= o;
            h.everywhere = false;
        }
        h.slot /= 2;
    }
    return h;
}
// K group sums at once: w[k] becomes, in every lane of its aligned group of `Lanes` lanes, the
// sum of the group's w[k], in about 2K shuffles where a butterfly a value (lanes_sum) takes
// K log2(Lanes). First a reduce-scatter: at each level o = Lanes/2 .. 1 a lane's values pair up,
// and of each pair the lane with bit o clear keeps the first and sends the second, its partner
// (bit o set) the opposite, so that one shuffle adds both lanes' halves of the pair (a value left
// over takes a butterfly step); the values halve each level. After the levels each lane holds
// ceil(K / Lanes) whole sums, which ones set by its lane bits; then each sum is fetched by one
// shuffle from a lane that holds it (sum_all_home, at compile time). Values are added only to the
// same value of other lanes (the pairs are chosen by selects), so a NaN or an infinity stays in
// its own sum, and every lane gets the same bits.
template <int Lanes, class T, int K> __device__ __forceinline__ void lanes_sum_all(T (&w)[K]) {
    static_assert(Lanes >= 2 && Lanes <= kWarpSize && (Lanes & (Lanes - 1)) == 0, "a power of two up to the warp");
    constexpr int levels = Lanes == 32 ? 5 : Lanes == 16 ? 4 : Lanes == 8 ? 3 : Lanes == 4 ? 2 : 1;
    T v[K];
#pragma unroll
    for (int k = 0; k < K; ++k) v[k] = w[k];
    const int lane = lane_id();
    static_for<levels>([&](auto level) {
        constexpr int o = Lanes >> (decltype(level)::value + 1);
        constexpr int n = (K + (1 << decltype(level)::value) - 1) >> decltype(level)::value;  // values a lane holds
        const bool upper = (lane & o) != 0;
#pragma unroll
        for (int p = 0; p < n / 2; ++p) {  // in place: v[p] is written after v[2p], v[2p + 1] are read
            const T keep = upper ? v[2 * p + 1] : v[2 * p], send = upper ? v[2 * p] : v[2 * p + 1];
            v[p] = keep + shfl_xor(send, o);
        }
        if constexpr (n % 2 == 1) v[n / 2] = v[n - 1] + shfl_xor(v[n - 1], o);
    });
    static_for<K>([&](auto value) {
        constexpr int c = decltype(value)::value;
        constexpr SumAllHome h = sum_all_home<Lanes>(K, c);
        if constexpr (h.everywhere) w[c] = v[h.slot];
        else w[c] = shfl(v[h.slot], h.lane, Lanes);
    });
}
template <int Lanes = 32> __device__ __forceinline__ int lanes_max(int v) {
#pragma unroll
    for (int o = Lanes / 2; o > 0; o >>= 1) v = max(v, shfl_xor(v, o));
    return v;
}
// LAPACK's i?amax rule for a (value, index) pair: the larger value, on a tie the lower index.
template <class R> __device__ __forceinline__ void better(R &v, int &k, R v2, int k2) {
    if (v2 > v || (v2 == v && k2 < k)) { v = v2; k = k2; }
}
// The group's best (value, index) pair by `better`, in every lane; `Width` is the width the
// shuffles are issued with (the group's, or the warp's).
template <int Lanes = 32, int Width = 32, class R> __device__ __forceinline__ void lanes_argmax(R &v, int &k) {
#pragma unroll
    for (int o = Lanes / 2; o > 0; o >>= 1) {
        if constexpr (Width == 32) better(v, k, shfl_xor(v, o), shfl_xor(k, o));
        else better(v, k, shfl_xor(v, o, Width), shfl_xor(k, o, Width));
    }
}

// LAPACK's i?amax over the warp: the position `pos` of the lane whose x = |value| (abs1) is
// largest, on a tie the lowest position; lanes not in play rank below every other, a NaN below
// every number. The values' bit patterns order as the values do (x >= 0), so the warp's integer
// reductions (redux.sync, sm_80 and later: one instruction each) find the largest, high word then
// low word, and then the lowest position among the lanes that hold it: 3 reductions where a
// butterfly of (value, index) pairs takes 15 shuffles in double.
template <class R> __device__ __forceinline__ int warp_amax_position(R x, bool in_play, int pos) {
    uint64_t key = 0;  // not in play
    if (in_play) {
        uint64_t bits;
        if constexpr (sizeof(R) == 8) bits = uint64_t(__double_as_longlong(x));
        else bits = uint64_t(__float_as_uint(x));
        key = x == x ? bits + 2 : 1;
    }
    const unsigned high = unsigned(key >> 32), low = unsigned(key);
    const unsigned top = sizeof(R) == 8 ? __reduce_max_sync(kAllLanes, high) : 0u;
    const unsigned top_low = __reduce_max_sync(kAllLanes, high == top ? low : 0u);
    const bool best = high == top && low == top_low;
    return int(__reduce_min_sync(kAllLanes, best ? unsigned(pos) : ~0u));
}

// ---- asynchronous copies (cp.async, sm_80 and later, as redux.sync and mma.sync above and below) ----
// BYTES (4, 8 or 16, aligned so) from global to shared memory without passing through registers;
// `bytes` BYTES copies them, 0 writes zeros and reads nothing. The copies a thread issued since its
// last commit form a group; wait<N> returns when at most N of its groups are still in flight (the
// others' data is then in shared memory for this thread; a barrier gives it to the block).
template <int BYTES> __device__ __forceinline__ void copy_async(void *shared, const void *global, int bytes) {
    static_assert(BYTES == 4 || BYTES == 8 || BYTES == 16, "cp.async copies 4, 8 or 16 bytes");
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;"
                 :
                 : "r"(unsigned(__cvta_generic_to_shared(shared))), "l"(global), "n"(BYTES), "r"(bytes)
                 : "memory");
}
__device__ __forceinline__ void copy_async_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int N> __device__ __forceinline__ void copy_async_wait() {
    asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}

// ---- tensor cores ----------------------------------------------------------------------------
// (d0, d1) += a b for one 8 x 8 x 4 double-precision product across the warp (mma.sync m8n8k4,
// sm_80 and later): lane l holds a = A(l / 4, l % 4) of the 8 x 4 A, b = B(l % 4, l / 4) of the
// 4 x 8 B, and D(l / 4, 2 (l % 4) + v) in dv.
__device__ __forceinline__ void mma_8x8x4(double &d0, double &d1, double a, double b) {
    asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
        : "+d"(d0), "+d"(d1)
        : "d"(a), "d"(b));
}

// top += A(0:7, :) B and bottom += A(8:15, :) B for a 16 x 8 x 4 double-precision product across
// the warp: lane l holds a0 = A(l / 4, l % 4), a1 = A(8 + l / 4, l % 4), b as above, and D's row
// l / 4 in top, 8 + l / 4 in bottom (columns as above). On sm_90 one mma.sync m16n8k4, which runs at
// the tensor cores' f64 rate, twice that of m8n8k4 there (66.7 against 33.2 TFLOP/s, H100,
// PERFORMANCE.md); on sm_80-89, which have no f64 m16n8k4, the two m8n8k4 it stands for.
__device__ __forceinline__ void mma_16x8x4(double (&top)[2], double (&bottom)[2], double a0, double a1, double b) {
#if __CUDA_ARCH__ >= 900
    asm("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
        : "+d"(top[0]), "+d"(top[1]), "+d"(bottom[0]), "+d"(bottom[1])
        : "d"(a0), "d"(a1), "d"(b));
#else
    mma_8x8x4(top[0], top[1], a0, b);
    mma_8x8x4(bottom[0], bottom[1], a1, b);
#endif
}

}  // namespace cuda
}  // namespace bl
