// CUDA backend: the inverses' kernels and their order of work (inverse.cuh says how they go).
#include "cublas.cuh"
#include "inverse.cuh"
#include "precisions.hpp"

#include <algorithm>
#include <type_traits>

namespace bl {
namespace cuda {
namespace {

// Row `lane` of inv(T), T an upper or lower triangle of order N <= NB, in registers (x[]) for a
// group of NB lanes per matrix: x T = e_lane solved column by column (upper: first to last, each
// x_j then taken off the later columns' sums along T's row j; lower: last to first), the rows of T
// read from the group's copy in shared memory, each element one broadcast to the group. The rows
// are independent: no lane waits for another's result. potri goes on with the product: for 'U',
// A = U^H U and inv(A)(r, s) = sum_k W(r, k) conj(W(s, k)) with W = inv(U); for 'L', A = L L^H
// and inv(A)(r, s) = sum_k conj(V(k, r)) V(k, s) with V = inv(L); each lane's row of W (V) goes
// through the tile, and lane r forms row r of inv(A). A lane's row of the result is stored
// directly, coalesced across the group. All loads come before the first store: the inverse is
// written over the matrix. Every index into x[] and p[] is a compile-time constant (the steps are
// unrolled), so that the arrays stay in registers.
template <int NB> constexpr int kTriLd = NB + 1;  // odd: a lane's row of the tile in distinct banks
template <int NB, class T> constexpr size_t tri_tile_bytes() { return size_t(128) * kTriLd<NB> * sizeof(T); }
template <int NB, class T, bool Upper, bool Potri>
__global__ void __launch_bounds__(128) tri_inverse_registers(TriInverseRegisters<T> g) {
    constexpr int LD = kTriLd<NB>;
    extern __shared__ __align__(16) unsigned char tri_tiles[];
    const int lane = threadIdx.x & (NB - 1), group = lane_id() & ~(NB - 1);
    T *s = reinterpret_cast<T *>(tri_tiles) + (threadIdx.x / NB) * (NB * LD);  // T(j, l) at s[j + l * LD]
    const int64_t gi = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) / NB, i = gi / g.per;
    const bool live = gi < g.count;
    const int N = live ? g.n[i] : 0;
    const bool mine = lane < N;
    const int lda = live ? g.A.ldi(i) : 0;
    T *a = live ? g.A.at(i) + (gi % g.per) * N * (int64_t(lda) + 1) : nullptr;
    T d = T(1);  // past N and with `unit`, the identity's
#pragma unroll
    for (int k = 0; k < NB; ++k) {
        const bool in = mine && k < N && (Upper ? lane < k : lane > k);
        s[lane + k * LD] = in ? a[lane + int64_t(k) * lda] : T(0);
    }
    if (mine && !g.unit) d = a[lane + int64_t(lane) * lda];
    const unsigned zeros = ballot(mine && is_zero(d)) >> group;
    const int info = first_set(NB == 32 ? zeros : zeros & ((1u << NB) - 1));
    s[lane + lane * LD] = T(1) / d;  // the diagonal's reciprocals (unused where info > 0)
    warp_sync();
    const bool store = live && info == 0 && mine;
    // steps past every group's N change nothing (the identity's rows and columns): skipped
    const int rounds = lanes_max(N);
    T x[NB];
#pragma unroll
    for (int k = 0; k < NB; ++k) x[k] = lane == k ? T(1) : T(0);
    if constexpr (Upper) {
#pragma unroll
        for (int j = 0; j < NB; ++j) {
            if (j >= rounds) continue;
            x[j] *= s[j + j * LD];
#pragma unroll
            for (int l = j + 1; l < NB; ++l) x[l] -= x[j] * s[j + l * LD];
        }
    } else {
#pragma unroll
        for (int j = NB - 1; j >= 0; --j) {
            if (j >= rounds) continue;
            x[j] *= s[j + j * LD];
#pragma unroll
            for (int l = 0; l < j; ++l) x[l] -= x[j] * s[j + l * LD];
        }
    }
    auto in_part = [&](int c) { return c < N && (Upper ? c >= lane : c <= lane); };
    if constexpr (!Potri) {
#pragma unroll
        for (int c = 0; c < NB; ++c)
            if (store && in_part(c) && !(g.unit && c == lane)) a[lane + int64_t(c) * lda] = x[c];
    } else {
        warp_sync();  // the factor's rows read by every lane
#pragma unroll
        for (int k = 0; k < NB; ++k) s[lane + k * LD] = x[k];
        warp_sync();
        T p[NB];  // row `lane` of inv(A)
#pragma unroll
        for (int c = 0; c < NB; ++c) p[c] = T(0);
#pragma unroll
        for (int k = 0; k < NB; ++k) {
            if (k >= rounds) break;
            // the terms of k: W(r, k) conj(W(c, k)), c <= k; conj(V(k, r)) V(k, c), c <= k. The
            // lane's own row is read back from the tile too: kept in x[], complex double spilled
            const T w = Upper ? s[lane + k * LD] : conj_(s[k + lane * LD]);
#pragma unroll
            for (int c = 0; c <= k; ++c) p[c] += w * conj_if(Upper, s[(Upper ? c : k) + (Upper ? k : c) * LD]);
        }
#pragma unroll
        for (int c = 0; c < NB; ++c)
            if (store && in_part(c)) a[lane + int64_t(c) * lda] = c == lane ? T(real_(p[c])) : p[c];
    }
    if (live && lane == 0 && g.info) g.info[i] = info;
}

// getri and getri_oop of matrices up to NB x NB (NB = 8, 16, 32) from getrf's factors, with a thread a row: LAPACK's unblocked getri on thread r's row of
// L \ U in registers (f[]), the columns of the factors it needs read by broadcast from a copy in
// shared memory that nobody writes after the first barrier (so that the steps need no barrier).
// First inv(U) replaces the U part of the rows a column at a time (trti2: inv(U)(r, j) =
// -sum_{r <= k < j} inv(U)(r, k) U(k, j) / U(j, j)), then X L = inv(U) replaces the rest from the
// last column to the first (X(r, j) -= sum_{k > j} X(r, k) L(k, j)); column c of X is stored as
// column to[c] of the output, where LAPACK's column interchanges (last to first) take it. The
// copy's diagonal holds U's reciprocals (no product reads U's diagonal). 128 / NB matrices a
// block; all of a block's loads come before its first store, so X may be A.
template <class T> struct GetriRows {
    Sizes n;
    View<const T> A;
    View<const int> ipiv;
    View<T> X;
    int *info;
    bool copy_failed;  // getri_oop: a failed member's C gets the factors
    int64_t count;
};
template <int NB, class T> struct GetriRowsTile {
    static constexpr int kMatrices = 128 / NB;
    static constexpr int kLd = NB * NB + 2;  // 2 elements between neighbours: their banks differ
    static constexpr size_t kBytes = size_t(kMatrices) * (kLd * sizeof(T) + (2 * NB + 1) * sizeof(int));
};
template <int NB, class T> __global__ void __launch_bounds__(128) getri_rows(GetriRows<T> g) {
    using Tile = GetriRowsTile<NB, T>;
    extern __shared__ __align__(16) unsigned char getri_tiles[];
    const int r = threadIdx.x % NB, m = threadIdx.x / NB;
    const int64_t i = int64_t(blockIdx.x) * Tile::kMatrices + m;
    const bool live = i < g.count;
    const int N = live ? g.n[i] : 0;
    const bool mine = r < N;
    T *s = reinterpret_cast<T *>(getri_tiles) + m * Tile::kLd;  // the factors, column-major, ld NB
    int *piv = reinterpret_cast<int *>(reinterpret_cast<T *>(getri_tiles) + Tile::kMatrices * Tile::kLd) +
               m * (2 * NB + 1);
    int *to = piv + NB, *zero = to + NB;  // the columns' destinations; the first zero of U's diagonal
    if (r == 0) *zero = NB;
    __syncthreads();
    const T *a = live ? g.A.at(i) : nullptr;
    const int lda = live ? g.A.ldi(i) : 0;
    T f[NB], d = T(1);  // rows past N: the identity's
#pragma unroll
    for (int k = 0; k < NB; ++k) {
        f[k] = mine && k < N ? a[r + int64_t(k) * lda] : T(0);
        if (k == r && mine) d = f[k];
    }
    piv[r] = mine ? g.ipiv.at(i)[r] - 1 : r;
    const bool singular = is_zero(d);
    if (singular) atomicMin(zero, r);
    const T inv = singular ? T(0) : T(1) / d;
#pragma unroll
    for (int k = 0; k < NB; ++k) s[r + k * NB] = k == r ? inv : f[k];
    __syncthreads();
    const int info = *zero < N ? *zero + 1 : 0;
    T *x = live ? g.X.at(i) : nullptr;
    const int ldx = live ? g.X.ldi(i) : 0;
    if (info != 0 && g.copy_failed && mine)
#pragma unroll
        for (int k = 0; k < NB; ++k)
            if (k < N) x[r + int64_t(k) * ldx] = f[k];
    // where column r of the product goes: LAPACK's interchanges of columns j and piv[j], last to
    // first (a pivot outside the matrix, not one getrf gives, interchanges nothing)
    int pos = r;
    for (int j = N - 2; j >= 0; --j) {
        const int q = piv[j];
        if (q < 0 || q >= N) continue;
        pos = pos == j ? q : pos == q ? j : pos;
    }
    to[r] = pos;
#pragma unroll
    for (int j = 0; j < NB; ++j) {  // inv(U)
        if (j >= N) break;
        const T *col = s + j * NB;
        T acc = T(0);
#pragma unroll
        for (int k = 0; k < j; ++k) acc += (r <= k ? f[k] : T(0)) * col[k];
        if (r < j) f[j] = -(acc * col[j]);
        else if (r == j) f[j] = col[j];
    }
#pragma unroll
    for (int j = NB - 2; j >= 0; --j) {  // X L = inv(U)
        if (j >= N - 1) continue;
        const T *col = s + j * NB;
        T acc = T(0);
#pragma unroll
        for (int k = j + 1; k < NB; ++k) acc += f[k] * col[k];
        f[j] = (r <= j ? f[j] : T(0)) - acc;
    }
    __syncthreads();  // to[] complete
    if (live && info == 0 && mine)
#pragma unroll
        for (int c = 0; c < NB; ++c)
            if (c < N) x[r + int64_t(to[c]) * ldx] = f[c];
    if (live && r == 0) g.info[i] = info;
}

// The largest order getri_rows takes. At 48 and 64 (double; H100) it was no faster than
// GetriShared (getrf + getri_oop 1.62 / 1.48x cuBLAS against 1.69 / 1.51): at 64 the unrolled steps
// took 255 registers and spilled; as a loop of predicated steps it ran 2.6x slower still.
constexpr int kGetriRowsMax = 32;

template <class T> void launch_getri_rows(const GetriRows<T> &g, int largest, cudaStream_t stream) {
    auto go = [&](auto nb) {
        constexpr int NB = decltype(nb)::value;
        using Tile = GetriRowsTile<NB, T>;
        const unsigned blocks = unsigned((g.count + Tile::kMatrices - 1) / Tile::kMatrices);
        if (Tile::kBytes > kDefaultSharedBytes) allow_shared(getri_rows<NB, T>, Tile::kBytes);  // complex double
        getri_rows<NB, T><<<blocks, 128, Tile::kBytes, stream>>>(g);
    };
    if (largest <= 8) go(std::integral_constant<int, 8>());
    else if (largest <= 16) go(std::integral_constant<int, 16>());
    else go(std::integral_constant<int, 32>());
    check_launch("getri_rows");
}

// info[i] = the position (1-based) of the first exactly zero diagonal element of A_i, else 0.
template <class T> struct DiagonalInfo {
    Sizes n;
    View<const T> A;
    int *info;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *, void *scratch) const {
        const int N = n[i];
        const T *a = A.at(i);
        const int lda = A.ldi(i);
        // each thread's first zero, then the team's lowest (argmax: the largest flag, lowest index)
        int zero = 0x7fffffff;
        for (int j = t.rank(); j < N; j += t.size())
            if (is_zero(a[j + int64_t(j) * lda])) {
                zero = j;
                break;
            }
        zero = argmax(t, zero < N ? 1 : 0, zero, scratch);
        if (t.rank() == 0) info[i] = zero < N ? zero + 1 : 0;
    }
};

// The workspace's matrices: `count` of order M (a multiple of 32), M * M elements apart.
template <class T> struct Padded {
    T *base;
    int M;
    __host__ __device__ int64_t size() const { return int64_t(M) * M; }
    __host__ __device__ T *at(int64_t i) const { return base + i * size(); }
    View<T> view() const { return {base, size(), nullptr, M, nullptr}; }
};

// X_i = A_i's triangle `part` ('U' or 'L'; its diagonal 1 with `unit`), zeros in the other, the
// identity past order n_i: the inverse of X_i is then inv(triangle) beside the identity. With
// `lower` set (getri: X gets U), also lower_i = the unit lower triangle, from the same read of A_i.
template <class T> struct Extract {
    Sizes n;
    View<const T> A;
    Padded<T> X;
    char part;
    bool unit;
    Padded<T> lower = {nullptr, 0};
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *, void *) const {
        const int N = n[i], M = X.M, lda = A.ldi(i);
        const T *a = A.at(i);
        T *x = X.at(i);
        T *y = lower.base ? lower.at(i) : nullptr;
        staged_each(
            t, M * M, [&](int e) {
                const int c = e / M, r = e - c * M;
                const bool read = r == c ? !unit : y || (part == 'U' ? r < c : r > c);  // the rest unreferenced
                return r < N && c < N && read ? a[r + int64_t(c) * lda] : T(r == c ? 1 : 0);
            },
            [&](int e, T v) {
                const int c = e / M, r = e - c * M;
                x[e] = r == c || (part == 'U' ? r < c : r > c) ? v : T(0);
                if (y) y[e] = r > c ? v : T(r == c ? 1 : 0);
            });
    }
};

// A_i's part `part` ('U' / 'L': that triangle, its diagonal with `diagonal`) = X_i's, where
// info[i] = 0. A Hermitian X (potri) gives its diagonal's real part: LAPACK's potri returns a
// real diagonal, the products leave rounding in its imaginary part.
template <class T> struct Finish {
    Sizes n;
    Padded<const T> X;
    View<T> A;
    const int *info;
    char part;
    bool diagonal, hermitian;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *, void *) const {
        const int N = n[i], M = X.M, lda = A.ldi(i);
        if (info[i] != 0) return;
        const T *x = X.at(i);
        T *a = A.at(i);
        auto in_part = [&](int r, int c) { return r == c ? diagonal : part == 'U' ? r < c : r > c; };
        staged_each(
            t, N * N,
            [&](int e) {
                const int c = e / N, r = e - c * N;
                return in_part(r, c) ? x[r + int64_t(c) * M] : T(0);
            },
            [&](int e, T v) {
                const int c = e / N, r = e - c * N;
                if (in_part(r, c)) a[r + int64_t(c) * lda] = hermitian && r == c ? T(real_(v)) : v;
            });
    }
};

// The last step of getri past getri_rows' orders, shared by GetriShared and LuFinish: X_i = R_i P^T, R
// = inv(U) inv(L) (element (r, c) at r[r + c * ldr]), that is R's columns in the order LAPACK's
// column interchanges (last to first) leave them; a pivot outside 1..n (not one getrf gives)
// interchanges nothing. Where getri failed (info[i] != 0): X_i untouched, or with `copy_failed`
// (getri_oop) a copy of the factors.
template <class T> struct LuOutput {
    View<const int> ipiv;
    View<const T> A;
    View<T> X;
    const int *info;
    bool copy_failed;
    // Whether matrix i failed (X_i then written).
    template <class Team> __device__ bool failed(const Team &t, int64_t i, int N) const {
        if (info[i] == 0) return false;
        if (copy_failed) copy_matrix(t, N, N, A.at(i), A.ldi(i), X.at(i), X.ldi(i));
        return true;
    }
    // X_i from R; `from`: room for N ints of the column order in the team's shared memory.
    template <class Team> __device__ void write(const Team &t, int64_t i, int N, const T *r, int ldr, int *from) const {
        for (int j = t.rank(); j < N; j += t.size()) from[j] = j;  // column j of X is column from[j] of R
        t.sync();
        if (t.rank() == 0) {
            // the pivots read kChunk at a time: one at a time, each waited a round trip to memory
            constexpr int kChunk = 16;
            const int *p = ipiv.at(i);
            for (int j0 = N - 2; j0 >= 0; j0 -= kChunk) {
                int q[kChunk];
#pragma unroll
                for (int u = 0; u < kChunk; ++u) q[u] = j0 - u >= 0 ? p[j0 - u] - 1 : -1;
#pragma unroll
                for (int u = 0; u < kChunk; ++u) {
                    const int j = j0 - u;
                    if (j < 0 || q[u] < 0 || q[u] >= N) continue;
                    const int keep = from[j];
                    from[j] = from[q[u]];
                    from[q[u]] = keep;
                }
            }
        }
        t.sync();
        T *x = X.at(i);
        const int ldx = X.ldi(i);
        staged_each(
            t, N * N,
            [&](int e) {
                const int c = e / N, row = e - c * N;
                return r[row + int64_t(from[c]) * ldr];
            },
            [&](int e, T v) {
                const int c = e / N, row = e - c * N;
                x[row + int64_t(c) * ldx] = v;
            });
    }
};

// getri's last step on the padded path: LuOutput from R in workspace; the tile holds the column order.
template <class T> struct LuFinish {
    Sizes n;
    Padded<const T> R;
    LuOutput<T> out;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *) const {
        const int N = n[i];
        if (!out.failed(t, i, N)) out.write(t, i, N, R.at(i), R.M, static_cast<int *>(tile));
    }
};

// getri of one matrix of moderate order in the block's shared memory, from getrf's factors where
// info[i] = 0 (else, with `copy_failed`, X_i = the factors): LAPACK's unblocked getri, a thread a
// row, S columns a step: inv(U) (trti2: each column above the diagonal = the inverse so far times
// it, scaled), then X L = inv(U) solved from the last columns to the first (each column less the
// later ones times L's column below the diagonal), then the column interchanges while writing X.
// A thread's row is its own: only the step's columns of U (of L) pass between threads, copied row
// by row into one of two buffers before the step's one barrier, so that they are read as
// broadcasts of S adjacent elements, and the other buffer is the next step's. Each element of the
// row read from shared memory then serves S products; a column a step, it served one, the tile's
// bandwidth bounded the kernel (getrf + getri_oop 64 at 1.70x cuBLAS) and two barriers a column
// were needed. The tile: the two buffers, the n x n matrix, then the column order.
template <class T, int S> struct GetriShared {
    Sizes n;
    LuOutput<T> out;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *) const {
        const int N = n[i];
        if (out.failed(t, i, N)) return;
        T *buffers = static_cast<T *>(tile), *s = buffers + 2 * N * S;
        copy_matrix(t, N, N, out.A.at(i), out.A.ldi(i), s, N);
        t.sync();
        const int r = t.rank();
        const bool row = r < N;
        int b = 0;  // the step's buffer
        for (int j0 = 0; j0 < N; j0 += S, b ^= 1) {  // inv(U): X(r, j) for r <= j
            const int w = min(S, N - j0);
            T *u = buffers + b * N * S;  // u[k S + c] = U(k, j0 + c), k <= j0 + c
            for (int e = r; e < (j0 + w) * S; e += t.size()) {
                const int k = e / S, c = e - k * S;
                u[e] = c < w && k <= j0 + c ? s[k + (j0 + c) * N] : T(0);
            }
            t.sync();
            if (!row) continue;
            T acc[S], x[S];
#pragma unroll
            for (int c = 0; c < S; ++c) acc[c] = T(0);
            // The columns done, from the diagonal on (X(r, k) = 0 left of it): k the same in the
            // warp's lanes, so that the rows' elements are in distinct banks.
            for (int k = r & ~31; k < j0; ++k) {
                const T v = k >= r ? s[r + k * N] : T(0);
#pragma unroll
                for (int c = 0; c < S; ++c) acc[c] += v * u[k * S + c];
            }
#pragma unroll
            for (int c = 0; c < S; ++c) {  // the step's columns in turn
                if (c < w) {
                    const int j = j0 + c;
                    const T inv = T(1) / u[j * S + c];
                    x[c] = r < j ? -(acc[c] * inv) : r == j ? inv : T(0);
#pragma unroll
                    for (int d = c + 1; d < S; ++d) acc[d] += x[c] * u[j * S + d];
                }
            }
#pragma unroll
            for (int c = 0; c < S; ++c)
                if (c < w && r <= j0 + c) s[r + (j0 + c) * N] = x[c];
        }
        for (int j0 = (N - 1) / S * S; j0 >= 0; j0 -= S, b ^= 1) {  // X L = inv(U), the last columns first
            const int w = min(S, N - j0);
            T *l = buffers + b * N * S;  // l[(k - j0) S + c] = L(k, j0 + c), k > j0 + c
            for (int e = r; e < (N - j0) * S; e += t.size()) {
                const int k = j0 + e / S, c = e % S;
                l[e] = c < w && k > j0 + c ? s[k + (j0 + c) * N] : T(0);
            }
            t.sync();
            if (!row) continue;
            T acc[S];
#pragma unroll
            for (int c = 0; c < S; ++c) acc[c] = c < w && r <= j0 + c ? s[r + (j0 + c) * N] : T(0);
            for (int k = j0 + w; k < N; ++k) {  // the columns done
                const T v = s[r + k * N];
#pragma unroll
                for (int c = 0; c < S; ++c) acc[c] -= v * l[(k - j0) * S + c];
            }
#pragma unroll
            for (int c = S - 1; c > 0; --c)  // the step's columns, the last first
                if (c < w)
#pragma unroll
                    for (int d = 0; d < c; ++d) acc[d] -= acc[c] * l[c * S + d];
#pragma unroll
            for (int c = 0; c < S; ++c)
                if (c < w) s[r + (j0 + c) * N] = acc[c];
        }
        out.write(t, i, N, s, N, reinterpret_cast<int *>(s + N * N));
    }
};
// GetriShared's columns a step. Complex types take 4: each product is four multiply-adds and the
// buffers twice the bytes, so at 8 the larger tile cost more blocks an SM than the shared reads it
// saved (H200, getrf + getri_oop x cuBLAS, 8 / 4 columns: c 64 1.66 / 1.80, 80 1.13 / 1.35, 96
// 1.12 / 1.26; z 48 1.12 / 1.19, 64 1.00 / 1.22, 80 0.69 / 0.99, 2 columns 1.15 / 1.18 / 0.96).
template <class T> constexpr int getri_step() { return kComplex<T> ? 4 : 8; }
// GetriShared's tile for order n. It takes orders to 96: at 128 the blocked path stays faster
// (H200, double, 8 columns a step: getrf + getri_oop 1.56x cuBLAS against 1.83x).
template <class T> size_t getri_shared_bytes(int n) {
    return (size_t(n) * n + 2 * size_t(getri_step<T>()) * n) * sizeof(T) + size_t(n) * sizeof(int);
}
constexpr int kGetriSharedMax = 96;

// trtri and potri of one matrix of moderate order in the block's shared memory, for orders past
// the register kernel's where zero-padding to a multiple of 32 would multiply the work (order 40
// padded to 64 takes four times the operations; cpotri 40 ran at 0.74x the vendor). The triangle
// is loaded as an upper one U (trtri 'L': L^T; potri 'L': L^H, so that inv(A) = inv(U) inv(U)^H
// either way) and inverted in place as LAPACK's trti2 does, a column at a time with a thread a
// row: inv(U)(0:j, j) = -inv(U)(0:j, 0:j) U(0:j, j) / U(j, j). Column j of U is copied aside
// during step j - 1 (two alternating copies), so that step j may overwrite it with one barrier.
// trtri then writes the inverse into its triangle, potri each element of inv(U) inv(U)^H (its
// diagonal real, as LAPACK's). A member with an exactly zero diagonal element (not `unit`) is
// left unchanged, info = its position.
template <class T> struct TriShared {
    Sizes n;
    View<T> A;
    int *info;
    bool lower, unit, potri;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *) const {
        const int N = n[i], lda = A.ldi(i), r = t.rank();
        T *a = A.at(i);
        T *s = static_cast<T *>(tile), *w = s + N * N;  // U, ld N; the two copies of a column
        int *zero = reinterpret_cast<int *>(w + 2 * N);
        if (r == 0) *zero = N;
        for (int e = r; e < N * N; e += t.size()) {
            const int c = e / N, row = e - c * N;  // A's element (row, c), U's (c, row) when lower
            if (lower ? row < c : row > c) continue;
            T v = row == c && unit ? T(1) : a[row + int64_t(c) * lda];
            if (lower) s[c + row * N] = potri ? conj_(v) : v;
            else s[e] = v;
        }
        t.sync();  // (nothing reads U's other triangle)
        if (r < N && is_zero(s[r + r * N])) atomicMin(zero, r);
        if (r < 2 && N > 1) w[N + r] = s[r + N];  // U(0:1, 1)
        t.sync();
        const int failed = *zero;
        if (failed < N) {
            if (r == 0 && info) info[i] = failed + 1;
            return;
        }
        if (r == 0 && info) info[i] = 0;
        if (r == 0) s[0] = T(1) / s[0];
        for (int j = 1; j < N; ++j) {
            const T *u = w + (j & 1) * N;  // U(0:j, j), written before the last barrier
            T acc = T(0);
            if (r < j)
                for (int k = r; k < j; ++k) acc += s[r + k * N] * u[k];
            const T inv = T(1) / u[j];
            if (r < j) s[r + j * N] = -(acc * inv);
            else if (r == j) s[j + j * N] = inv;
            if (j + 1 < N && r <= j + 1) w[((j + 1) & 1) * N + r] = s[r + (j + 1) * N];
            t.sync();
        }
        for (int e = r; e < N * N; e += t.size()) {
            const int c = e / N, row = e - c * N;  // A's element (row, c)
            if (lower ? row < c : row > c) continue;
            if (!potri) {
                if (row == c && unit) continue;
                a[row + int64_t(c) * lda] = lower ? s[c + row * N] : s[e];
                continue;
            }
            const int p = lower ? c : row, q = lower ? row : c;  // inv(A)(p, q), p <= q
            T sum = T(0);
            for (int k = q; k < N; ++k) sum += s[p + k * N] * conj_(s[q + k * N]);
            a[row + int64_t(c) * lda] = p == q ? T(real_(sum)) : lower ? conj_(sum) : sum;
        }
    }
};
// TriShared's tile for order n, and its largest order: at 40 and 48 it was 1.2-3x the padded path
// in every precision, at 56-96 the padded path's GEMMs were as fast or faster (to 1.7x at c 64),
// its column steps latency-bound (H200; src_cuda/PERFORMANCE.md).
template <class T> size_t tri_shared_bytes(int n) { return (size_t(n) * n + 2 * size_t(n)) * sizeof(T) + sizeof(int); }
constexpr int kTriSharedMax = 48;

constexpr int kBlock = 32;  // the diagonal blocks the register kernel inverts
constexpr int kExtractThreads = 256;
inline int padded_order(int maxn) { return (maxn + kBlock - 1) / kBlock * kBlock; }

// The triangles of X (upper, or `lower`) inverted in place: the diagonal blocks, then pairs of
// inverted neighbours joined by two products, the pair's order doubling at each level; T12's
// place (T21's) gets -inv(T11) T12 inv(T22) (-inv(T22) T21 inv(T11)). The product of the first
// two goes to W (M * M / 4 elements a matrix: a pair's off-diagonal block is at most that). The
// products run on the zero-padded triangles as full GEMMs: twice trmm's operations, at GEMM's rate.
template <class T> void invert_padded(Chunk &c, const Padded<Dev<T>> &X, Dev<T> *W, bool lower, int64_t count) {
    using D = Dev<T>;
    const int M = X.M;
    const int per = M / kBlock;
    launch_tri_inverse_registers(
        TriInverseRegisters<D>{Sizes{kBlock}, X.view(), nullptr, lower, false, false, per, count * per}, kBlock,
        c.stream);
    if (M == kBlock) return;
    const cublasHandle_t h = c.blas();
    const long long sq = X.size(), sw = sq / 4;
    for (int half = kBlock; half < M; half *= 2)
        for (int p = 0; p + half < M; p += 2 * half) {
            const int rest = std::min(half, M - p - half);  // the second block's order
            D *t11 = X.base + p + int64_t(p) * M, *t22 = X.base + (p + half) * (int64_t(M) + 1);
            if (!lower) {
                D *t12 = X.base + p + int64_t(p + half) * M;  // half x rest
                gemm_strided<T>(h, 'N', 'N', half, rest, half, T(1), {t11, M, sq}, {t12, M, sq}, T(0), W, half, sw,
                                count);
                gemm_strided<T>(h, 'N', 'N', half, rest, rest, T(-1), {W, half, sw}, {t22, M, sq}, T(0), t12, M, sq,
                                count);
            } else {
                D *t21 = X.base + (p + half) + int64_t(p) * M;  // rest x half
                gemm_strided<T>(h, 'N', 'N', rest, half, rest, T(1), {t22, M, sq}, {t21, M, sq}, T(0), W, rest, sw,
                                count);
                gemm_strided<T>(h, 'N', 'N', rest, half, half, T(-1), {W, rest, sw}, {t11, M, sq}, T(0), t21, M, sq,
                                count);
            }
        }
}

// The part of a chunk's views from its s-th matrix on.
template <class V> V from(V v, int64_t s) {
    if (v.ptrs) v.ptrs += s;
    else if (v.base) v.base += s * v.stride;
    if (v.lds) v.lds += s;
    return v;
}
inline Sizes from(Sizes x, int64_t s) {
    if (x.per) x.per += s;
    return x;
}

// Runs body(first, count) over pieces of the chunk small enough that `squares` padded matrices of
// order M each fit an eighth of the device's memory (a large batch on the device is one chunk).
template <class D, class F> void in_pieces(const Chunk &c, int M, double squares, F &&body) {
    const double bytes = squares * double(M) * M * sizeof(D);
    const int64_t piece = std::max<int64_t>(1, int64_t(double(device_memory()) / 8 / bytes));
    for (int64_t s = 0; s < c.count; s += piece) body(s, std::min(piece, c.count - s));
}

}  // namespace

template <class T> void launch_tri_inverse_registers(const TriInverseRegisters<T> &g, int largest, cudaStream_t stream) {
    launch_register_groups(largest, g.count, [&](auto nb, unsigned blocks) {
        constexpr int NB = decltype(nb)::value;
        auto go = [&](auto upper, auto potri) {
            const auto kernel = tri_inverse_registers<NB, T, decltype(upper)::value, decltype(potri)::value>;
            constexpr size_t bytes = tri_tile_bytes<NB, T>();
            if (bytes > kDefaultSharedBytes) allow_shared(kernel, bytes);
            kernel<<<blocks, 128, bytes, stream>>>(g);
        };
        using Yes = std::true_type;
        using No = std::false_type;
        if (g.potri) g.lower ? go(No(), Yes()) : go(Yes(), Yes());
        else g.lower ? go(No(), No()) : go(Yes(), No());
    });
    check_launch("tri_inverse_registers");
}

template <class T> void invert_triangular(Chunk &c, int maxn, Sizes n, const View<Dev<T>> &A, char uplo, bool unit) {
    using D = Dev<T>;
    const bool lower = uplo == 'L';
    if (maxn <= kBlock) {
        launch_tri_inverse_registers(TriInverseRegisters<D>{n, A, c.info, lower, unit, false, 1, c.count}, maxn, c.stream);
        return;
    }
    if (maxn <= kTriSharedMax) {  // a thread a row
        launch_blocks(TriShared<D>{n, A, c.info, lower, unit, false}, c.count, std::max(64, padded_order(maxn)),
                      tri_shared_bytes<D>(maxn), c.stream);
        return;
    }
    if (unit) c.clear_info();  // LAPACK's trtri looks at no diagonal element then
    else launch_blocks(DiagonalInfo<D>{n, readonly(A), c.info}, c.count, 256, 0, c.stream);
    const int M = padded_order(maxn);
    in_pieces<D>(c, M, 1.25, [&](int64_t s, int64_t count) {
        Workspace ws(size_t(count) * size_t(M) * M * sizeof(D) * 5 / 4, c.stream);
        const Padded<D> X{ws.at<D>(), M};
        launch_blocks(Extract<D>{from(n, s), readonly(from(A, s)), X, uplo, unit}, count, kExtractThreads, 0, c.stream);
        invert_padded<T>(c, X, X.at(count), lower, count);
        launch_blocks(Finish<D>{from(n, s), {X.base, M}, from(A, s), c.info + s, uplo, !unit, false}, count,
                      kExtractThreads, 0, c.stream);
    });
}

template <class T> void invert_spd(Chunk &c, int maxn, Sizes n, const View<Dev<T>> &A, char uplo) {
    using D = Dev<T>;
    const bool lower = uplo == 'L';
    if (maxn <= kBlock) {
        launch_tri_inverse_registers(TriInverseRegisters<D>{n, A, c.info, lower, false, true, 1, c.count}, maxn, c.stream);
        return;
    }
    if (maxn <= kTriSharedMax) {
        launch_blocks(TriShared<D>{n, A, c.info, lower, false, true}, c.count, std::max(64, padded_order(maxn)),
                      tri_shared_bytes<D>(maxn), c.stream);
        return;
    }
    launch_blocks(DiagonalInfo<D>{n, readonly(A), c.info}, c.count, 256, 0, c.stream);
    const int M = padded_order(maxn);
    in_pieces<D>(c, M, 2, [&](int64_t s, int64_t count) {
        // X: the factor, then its inverse; Y: first the pairs' products, then inv(A)
        Workspace ws(size_t(count) * size_t(M) * M * sizeof(D) * 2, c.stream);
        const Padded<D> X{ws.at<D>(), M}, Y{X.at(count), M};
        launch_blocks(Extract<D>{from(n, s), readonly(from(A, s)), X, uplo, false}, count, kExtractThreads, 0, c.stream);
        invert_padded<T>(c, X, Y.base, lower, count);
        // inv(A) = inv(U) inv(U)^H, or inv(L)^H inv(L)
        const long long sq = X.size();
        gemm_strided<T>(c.blas(), lower ? 'C' : 'N', lower ? 'N' : 'C', M, M, M, T(1), {X.base, M, sq},
                        {X.base, M, sq}, T(0), Y.base, M, sq, count);
        launch_blocks(Finish<D>{from(n, s), {Y.base, M}, from(A, s), c.info + s, uplo, true, true}, count,
                      kExtractThreads, 0, c.stream);
    });
}

// Whether GetriShared takes a chunk of orders up to maxn: where three of its tiles fit an SM, and
// where two fit but the padded path (invert_padded on padded_order, below) would do half as much
// work again or more. With two tiles GetriShared lost where the padded path pads little, getrf +
// getri_oop x cuBLAS, GetriShared against the padded path, H100: d 92 1.79 / 1.83-1.84, d 96
// 1.73-1.74 / 1.81-1.84, c 96 1.23-1.24 / 1.51-1.53; and won where it pads much: z 72 0.97 / 0.91
// (96^3 / 72^3 = 2.4 times the work), 80 even (1.7). With three: d 88 2.05-2.06 / 1.71-1.73, c 92
// 1.56 / 1.51-1.52, s 96 2.12 / 1.77-1.78. A tile that leaves an SM one block (complex double past
// 81: 160 KB at 96) ran 0.73x cuBLAS where the padded path gives 1.03x (H200).
template <class D> bool getri_in_shared(int maxn) {
    if (maxn > kGetriSharedMax) return false;
    const size_t tile = getri_shared_bytes<D>(maxn);
    const int64_t m = maxn, M = padded_order(maxn);
    return fits_shared(3 * tile) || (fits_shared(2 * tile) && 2 * M * M * M >= 3 * m * m * m);
}

template <class T>
void invert_lu(Chunk &c, int maxn, Sizes n, const View<const Dev<T>> &A, const View<const int> &ipiv,
               const View<Dev<T>> &X, bool out_of_place) {
    using D = Dev<T>;
    if (maxn <= kGetriRowsMax) {
        launch_getri_rows(GetriRows<D>{n, A, ipiv, X, c.info, out_of_place, c.count}, maxn, c.stream);
        return;
    }
    launch_blocks(DiagonalInfo<D>{n, A, c.info}, c.count, 256, 0, c.stream);
    if (getri_in_shared<D>(maxn)) {  // the row loops take a thread a row: as many threads as rows
        launch_blocks(GetriShared<D, getri_step<D>()>{n, {ipiv, A, X, c.info, out_of_place}}, c.count,
                      std::max(64, padded_order(maxn)), getri_shared_bytes<D>(maxn), c.stream);
        return;
    }
    const int M = padded_order(maxn);
    in_pieces<D>(c, M, 3, [&](int64_t s, int64_t count) {
        // U and L, inverted in place; R = inv(U) inv(L), which before the product holds the
        // pairs' products
        Workspace ws(size_t(count) * size_t(M) * M * sizeof(D) * 3, c.stream);
        const Padded<D> U{ws.at<D>(), M}, L{U.at(count), M}, R{L.at(count), M};
        const View<const D> a = from(A, s);
        launch_blocks(Extract<D>{from(n, s), a, U, 'U', false, L}, count, kExtractThreads, 0, c.stream);
        invert_padded<T>(c, U, R.base, false, count);
        invert_padded<T>(c, L, R.base, true, count);
        const long long sq = U.size();
        gemm_strided<T>(c.blas(), 'N', 'N', M, M, M, T(1), {U.base, M, sq}, {L.base, M, sq}, T(0), R.base, M, sq,
                        count);
        launch_blocks(LuFinish<D>{from(n, s), {R.base, M}, {from(ipiv, s), a, from(X, s), c.info + s, out_of_place}},
                      count, kExtractThreads, sizeof(int) * size_t(maxn), c.stream);
    });
}

#define BL_INSTANTIATE(p, T)                                                                                    \
    template void launch_tri_inverse_registers(const TriInverseRegisters<Dev<T>> &, int, cudaStream_t);         \
    template void invert_triangular<T>(Chunk &, int, Sizes, const View<Dev<T>> &, char, bool);                  \
    template void invert_spd<T>(Chunk &, int, Sizes, const View<Dev<T>> &, char);                               \
    template void invert_lu<T>(Chunk &, int, Sizes, const View<const Dev<T>> &, const View<const int> &,        \
                               const View<Dev<T>> &, bool);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
