// CUDA backend: geqrf of small matrices with a column per lane (qr_columns, declared in qr.cuh), a
// build unit of its own.
#include "precisions.hpp"
#include "qr.cuh"

namespace bl {
namespace cuda {
namespace {

// ||x|| of x[0 .. count) exact at any scale, for the steps whose plain sum of squares is unsafe
// (rare: a zero column below the diagonal among them), out of line so that the steps' code does not
// hold its registers.
template <class T> __device__ __noinline__ RealOf<T> column_norm(const T *x, int count) {
    using R = RealOf<T>;
    R ssq = R(0);
    for (int r = 0; r < count; ++r) ssq += abs2(x[r]);
    if (!ssq_unsafe(ssq)) return sqrt(ssq);
    const R sc = norm_rescale(ssq);
    ssq = R(0);
    for (int r = 0; r < count; ++r) ssq += abs2(x[r] * sc);
    return sqrt(ssq) / sc;
}

// Step j's update of a column held in shared memory (col, mr entries; v: column j as published),
// with the reflector's vector scaled before any product, as LAPACK's larf: for the steps whose sums
// of squares lie outside the range where the unscaled products are safe (kernel below). Rare, out
// of line.
template <class T> __device__ __noinline__ void reflect_scaled(T *col, const T *v, int j, int mr, T tau, T scale) {
    T w = col[j];
    for (int r = j + 1; r < mr; ++r) w += conj_(scale * v[r]) * col[r];
    const T coef = conj_(tau) * w;
    col[j] -= coef;
    for (int r = j + 1; r < mr; ++r) col[r] -= (scale * v[r]) * coef;
}

// 2^e, exactly, at compile time.
template <class R> __host__ __device__ constexpr R power_of_two(int e) {
    R p = R(1);
    for (; e > 0; --e) p *= R(2);
    for (; e < 0; ++e) p /= R(2);
    return p;
}
// Whether a sum of squares lies in [2^(-E/2), 2^(E/2)] (E the type's largest exponent): two vectors
// whose sums both do have element products of at most 2^(E/2) (no overflow), and an inner product
// whose bound ||v|| ||x||, at least 2^(-E/2), dwarfs what underflow can lose.
template <class R> __device__ bool sums_in_range(R ssq) {
    constexpr R low = power_of_two<R>(-Limits<R>::max_exponent / 2), high = power_of_two<R>(Limits<R>::max_exponent / 2);
    return ssq >= low && ssq <= high;
}

// QR of an M x N matrix (M <= MR, N <= NB) by a group of NB lanes (8, 16, 32), lane c holding column
// c in registers (MR = 8, 16, 24 or 32 rows). Step j publishes column j through shared memory, every
// lane reads it back as broadcasts and forms from it, itself, the reflector (the column's sum of
// squares below the diagonal, beta, tau) and its own column's product with it: no reduction across
// lanes is needed, where a row a lane (qr_registers) reduces the norm and every later column's
// product over the lanes by shuffles at each step, whose latency bound that kernel (dgeqrf 32 at
// 10 % of the device copy, 215 registers: src_cuda/PERFORMANCE.md). A is read and written through
// the group's tile in shared memory, by rows (coalesced), and each lane takes its column from there
// in pieces of 16 bytes. The steps publish into two alternating buffers beside the tile, so that
// one warp barrier a step orders both the publishing after the last step's reads and the reads
// after the publishing. At 32 rows the registers are held to three blocks an SM (double, 32
// columns: 210 -> 168 registers and 48 bytes of spills; H100, dgeqrf 25 / 29 / 32 +41 / +34 /
// +13 %); the other variants have no minimum (0), which leaves their code as it was.
template <int NB, int MR, class T>
__global__ void __launch_bounds__(128, MR == 32 ? 3 : 0) qr_columns(QrRegisters<T> g) {
    using R = RealOf<T>;
    using Piece = cuda::Piece<T>;
    constexpr int E = kPieceEntries<T>;
    constexpr int S = MR + E;  // a column's place in the tile: the padding keeps piece reads free of bank conflicts
    constexpr int G = 2 * MR + NB * S;  // a group's: the steps' two buffers, then its columns
    constexpr int P = MR / E;  // pieces a column
    constexpr int steps = NB < MR ? NB : MR;
    static_assert(MR % E == 0 && MR % 8 == 0, "whole pieces a column");
    __shared__ Piece tiles[128 / NB * G / E];
    const int lane = threadIdx.x & (NB - 1);
    T *const group = reinterpret_cast<T *>(tiles) + threadIdx.x / NB * G, *const tile = group + 2 * MR;
    const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / NB;
    const bool live = i < g.count;
    const int M = live ? g.m[i] : 0, N = live ? g.n[i] : 0, K = min(M, N);
    T *a = live ? g.A.at(i) : nullptr;
    const int lda = live ? g.A.ldi(i) : 0;
    // f(c, r) for the entries of the group's matrix that this lane moves between A and the tile:
    // rows lane, lane + NB, ... of every column, so that the group reads and writes a column's
    // consecutive entries together.
    auto by_rows = [&](auto &&f) {
#pragma unroll
        for (int c = 0; c < NB; ++c)
#pragma unroll
            for (int r0 = 0; r0 < MR; r0 += NB)
                if (r0 + lane < MR) f(c, r0 + lane);
    };
    T x[MR];  // rows past M hold zeros, which every step keeps
    // x's pieces from q on to shared memory, or all of them back from there.
    auto put = [&](Piece *to, int q) {
#pragma unroll
        for (; q < P; ++q) {
            Piece p;
#pragma unroll
            for (int e = 0; e < E; ++e) p.v[e] = x[q * E + e];
            to[q] = p;
        }
    };
    auto get = [&](const Piece *from) {
#pragma unroll
        for (int q = 0; q < P; ++q) {
            const Piece p = from[q];
#pragma unroll
            for (int e = 0; e < E; ++e) x[q * E + e] = p.v[e];
        }
    };
    Piece *const mine = reinterpret_cast<Piece *>(tile + lane * S);  // this lane's column in the tile
    by_rows([&](int c, int r) { tile[c * S + r] = r < M && c < N ? a[r + int64_t(c) * lda] : T(0); });
    warp_sync();
    get(mine);
    T tau = T(0);  // lane c's: that of step c
    static_for<steps>([&](auto step_j) {
        constexpr int j = decltype(step_j)::value;
        constexpr int q0 = j / E;  // the first piece holding a row >= j
        Piece *buf = reinterpret_cast<Piece *>(group + (j & 1) * MR);
        if (lane == j) put(buf, q0);
        warp_sync();
        // Column j's squares below the diagonal, its product with this lane's column and that
        // column's squares from row j, four chains each, as the pieces arrive (not held: the update
        // reads them again).
        T alpha = T(0);
        R sq[4] = {R(0), R(0), R(0), R(0)}, xs[4] = {R(0), R(0), R(0), R(0)};
        T dp[4] = {T(0), T(0), T(0), T(0)};
#pragma unroll
        for (int q = q0; q < P; ++q) {
            const Piece p = buf[q];
#pragma unroll
            for (int e = 0; e < E; ++e) {
                const int r = q * E + e;
                if (r == j) alpha = p.v[e];
                if (r > j) {
                    sq[r & 3] += abs2(p.v[e]);
                    dp[r & 3] += conj_(p.v[e]) * x[r];
                }
                if (r >= j) xs[r & 3] += abs2(x[r]);
            }
        }
        if (j >= K) return;  // (from this step: the group's matrix has no step j)
        const R ssq = (sq[0] + sq[1]) + (sq[2] + sq[3]), xsq = (xs[0] + xs[1]) + (xs[2] + xs[3]);
        const T dot = (dp[0] + dp[1]) + (dp[2] + dp[3]);
        const Reflector<T> h =
            larfg_ssq(alpha, ssq, [&] { return column_norm(reinterpret_cast<const T *>(buf) + j + 1, MR - j - 1); });
        if (h.identity) return;
        if (lane == j) {
            x[j] = T(h.beta);
#pragma unroll
            for (int r = j + 1; r < MR; ++r) x[r] *= h.scale;
            tau = h.tau;
        } else if (lane > j && lane < N) {  // a_c -= conj(tau) v (v^H a_c), v = (1; scale * column j)
            if (sums_in_range(ssq) && (xsq == R(0) || sums_in_range(xsq))) {
                // The products taken unscaled, beside the reflector's chain rather than after it:
                // both columns' norms then lie within 2^(E/4) of 1 (or this one's is 0), so that
                // no product overflows nor loses anything of weight to underflow, and scale (at
                // most 1 / ||column j below j||) and the multipliers stay far from overflow.
                const T coef = conj_(h.tau) * (x[j] + conj_(h.scale) * dot), cs = coef * h.scale;
                x[j] -= coef;
                // The column read again rather than held in registers since the sums (a compiler
                // barrier keeps the loads apart): d at 32 rows took 240 registers holding it.
                asm volatile("" ::: "memory");
#pragma unroll
                for (int q = q0; q < P; ++q) {
                    const Piece p = buf[q];
#pragma unroll
                    for (int e = 0; e < E; ++e)
                        if (q * E + e > j) x[q * E + e] -= cs * p.v[e];
                }
            } else {  // through this lane's place in the tile
                put(mine, 0);
                reflect_scaled(reinterpret_cast<T *>(mine), reinterpret_cast<const T *>(buf), j, MR, h.tau, h.scale);
                get(mine);
            }
        }
    });
    if (live && lane < K) g.tau.at(i)[lane] = tau;
    put(mine, 0);
    warp_sync();
    by_rows([&](int c, int r) {
        if (r < M && c < N) a[r + int64_t(c) * lda] = tile[c * S + r];
    });
}

template <int NB, int MR, class T> void launch_variant(const QrRegisters<T> &g, cudaStream_t stream) {
    qr_columns<NB, MR><<<unsigned((g.count * NB + 127) / 128), 128, 0, stream>>>(g);
}

template <int NB, class T> void launch_rows(const QrRegisters<T> &g, int maxm, cudaStream_t stream) {
    if (maxm <= 8) launch_variant<NB, 8>(g, stream);
    else if (maxm <= 16) launch_variant<NB, 16>(g, stream);
    else if constexpr (columns_most<T>() >= 24) {
        if (maxm <= 24) launch_variant<NB, 24>(g, stream);
        else if constexpr (columns_most<T>() >= 32) launch_variant<NB, 32>(g, stream);
    }
}

}  // namespace

// The group is the chunk's largest n rounded up to 8, 16 or 32 lanes, the rows its largest m
// rounded up to 8, 16, 24 or 32; only the variants columns_take can choose are compiled.
template <class T> void launch_qr_columns(const QrRegisters<T> &g, int maxm, int maxn, cudaStream_t stream) {
    if constexpr (columns_most<T>() > 0) {
        if (maxn <= 8) launch_rows<8>(g, maxm, stream);
        else if (maxn <= 16) launch_rows<16>(g, maxm, stream);
        else if constexpr (columns_most<T>() > 16) launch_rows<32>(g, maxm, stream);
        check_launch("qr_columns");
    }
}
#define BL_INSTANTIATE(p, T) template void launch_qr_columns(const QrRegisters<Dev<T>> &, int, int, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
