// CUDA backend: reduction to bidiagonal form (gebrd), with LAPACK's output: d, e, tauq, taup and
// the reflectors stored in A as ?gebrd stores them.
//
// A wide matrix (m < n) is reduced as its conjugate transpose: LAPACK's lower-bidiagonal sequence
// on A is, step for step, its upper-bidiagonal sequence on A^H with the roles of tauq and taup
// exchanged (the same vectors reach ?larfg, and the stored rows of A are the conjugated columns of
// A^H). Every kernel therefore works on an M x N matrix with M >= N, reading A through a Block
// whose `ct` flag conjugates and transposes; the code is written once for both shapes.
//
// Size classes (the seed dissertation's fused and blocked bidiagonal reductions, its sections
// 3.2.5 and 4.2.3):
//  - fused: the whole matrix in the team's shared memory, unblocked (LAPACK's gebd2), the
//    reflectors applied by the whole team; a warp a matrix up to 32 x 32, a block beyond;
//  - blocked: per panel of kBrdPanel columns one kernel runs LAPACK's labrd for a matrix per thread
//    block -- the two GEMVs with the trailing matrix and the eleven small ones of each column fused,
//    the current reflectors in shared memory -- and one batched GEMM kernel applies
//    A -= V Y^H + X U to the trailing matrix; the last columns go through gebd2 in place.
#include "backend.hpp"
#include "blocked.cuh"
#include "kernels.cuh"
#include "reflector.cuh"
#include "stage.cuh"

namespace bl {
namespace cuda {
namespace {

// The lanes a team's warp has (32; a team of one thread in a host-side check of this code).
template <class Team> __device__ int lanes(const Team &t) { return min(32, t.size()); }

// ---- the batch as M x N problems, M >= N ----------------------------------------------------------
template <class T> struct Problem {
    int M, N;
    Block<T> A;  // element (r, c) of the M x N matrix (A, or A^H for a wide A)
    RealOf<T> *d, *e;
    T *tq, *tp;  // the reflectors of the columns and of the rows of A (or of A^H)
};
template <class T> struct Brd {
    Sizes m, n;
    View<T> A;
    View<RealOf<T>> d, e;
    View<T> tauq, taup;
    __device__ Problem<T> at(int64_t i) const {
        const int mi = m[i], ni = n[i];
        const bool ct = mi < ni;
        Problem<T> p;
        p.M = max(mi, ni), p.N = min(mi, ni);
        p.A = Block<T>{p.N > 0 ? A.at(i) : nullptr, p.N > 0 ? A.ldi(i) : 1, 0, 0, ct};
        p.d = d.at(i), p.e = e.at(i);
        p.tq = ct ? taup.at(i) : tauq.at(i);
        p.tp = ct ? tauq.at(i) : taup.at(i);
        return p;
    }
};
template <class T> __device__ Block<T> shifted(Block<T> b, int r, int c) {
    b.pr += r, b.pc += c;
    return b;
}

// Copies rows x cols elements between two Blocks; consecutive threads take consecutive addresses
// of the transposed side, if either is.
template <class Team, class T>
__device__ void copy_block(const Team &t, int rows, int cols, const Block<T> &from, const Block<T> &to) {
    const bool along_rows = from.ct || to.ct;
    for (int e = t.rank(); e < rows * cols; e += t.size()) {
        const int r = along_rows ? e / cols : e % rows, c = along_rows ? e % cols : e / rows;
        to.put(r, c, from.get(r, c));
    }
}

// ---- unblocked: LAPACK's gebd2 -------------------------------------------------------------------
// Reduces the M x N block A (M >= N) to upper bidiagonal form. The column reflector is applied a
// warp a column (the warp's dot product, then its update of that column: no barrier between), the
// row reflector a thread a row (each row's product with u and its update by one thread). The
// diagonal and superdiagonal are written as soon as they are known; the unit first elements of
// the reflectors are implicit.
template <class Team, class T>
__device__ void gebd2(const Team &t, int M, int N, const Block<T> &A, RealOf<T> *d, RealOf<T> *e, T *tq, T *tp,
                      void *scratch) {
    using R = RealOf<T>;
    const int L = lanes(t), warps = t.size() / L, warp = t.rank() / L, lane = t.rank() % L;
    for (int i = 0; i < N; ++i) {
        // H(i) annihilates A(i+1:M, i)
        R part = R(0);
        for (int r = i + 1 + t.rank(); r < M; r += t.size()) part += abs2(A.get(r, i));
        R norm = norm_of(t, sum(t, part, scratch), M - i - 1, [&](int k) { return A.get(i + 1 + k, i); }, scratch);
        Reflector<T> h = larfg(A.get(i, i), norm);
        for (int r = i + 1 + t.rank(); r < M; r += t.size()) A.put(r, i, A.get(r, i) * h.scale);
        t.sync();  // the scaled column is read by every warp below; A(i, i) by every thread above
        if (t.rank() == 0) tq[i] = h.tau, d[i] = h.beta, A.put(i, i, T(h.beta));
        // H(i)^H from the left to A(i:M, i+1:N): C -= conj(tau) v (v^H C)
        if (!is_zero(h.tau)) {
            const T ct = conj_(h.tau);
            for (int c = i + 1 + warp; c < N; c += warps) {
                T w = T(0);
                for (int r = i + lane; r < M; r += L) w += (r == i ? A.get(r, c) : conj_(A.get(r, i)) * A.get(r, c));
                w = ct * warp_sum(w);
                for (int r = i + lane; r < M; r += L) A.put(r, c, A.get(r, c) - (r == i ? w : A.get(r, i) * w));
            }
        }
        t.sync();
        if (i + 1 == N) {
            if (t.rank() == 0) tp[i] = T(0);
            break;
        }
        // G(i) annihilates A(i, i+2:N) (on the conjugated row, as ?gebd2)
        part = R(0);
        for (int c = i + 2 + t.rank(); c < N; c += t.size()) part += abs2(A.get(i, c));
        norm = norm_of(t, sum(t, part, scratch), N - i - 2, [&](int k) { return A.get(i, i + 2 + k); }, scratch);
        h = larfg(conj_(A.get(i, i + 1)), norm);
        // row i stores conj(u) = conj(scale) * A(i, c)
        for (int c = i + 2 + t.rank(); c < N; c += t.size()) A.put(i, c, conj_(h.scale) * A.get(i, c));
        t.sync();
        if (t.rank() == 0) tp[i] = h.tau, e[i] = h.beta, A.put(i, i + 1, T(h.beta));
        // G(i) from the right to A(i+1:M, i+1:N): C -= tau (C u) u^H, u = (1, conj(A(i, i+2:N)))
        if (!is_zero(h.tau))
            for (int r = i + 1 + t.rank(); r < M; r += t.size()) {
                T z = A.get(r, i + 1);
                for (int c = i + 2; c < N; ++c) z += A.get(r, c) * conj_(A.get(i, c));
                z *= h.tau;
                A.put(r, i + 1, A.get(r, i + 1) - z);
                for (int c = i + 2; c < N; ++c) A.put(r, c, A.get(r, c) - z * A.get(i, c));
            }
        t.sync();
    }
}

// The blocked algorithm's panel width (the seed dissertation's 8 to 16 columns for gebrd) and its
// block size.
constexpr int kBrdPanel = 16;
constexpr int kPanelThreads = 256;

// The number of panels the blocked algorithm reduces in an M x N problem: while columns remain
// right of the panel (the last 1..kBrdPanel columns go through gebd2).
__host__ __device__ inline int panels(int N) { return N > 0 ? (N - 1) / kBrdPanel : 0; }

// LAPACK's labrd keeps the unit first elements of the panel's reflectors in A (the trailing update
// reads them); the panel's diagonal and superdiagonal go back into A once the update is done.
template <class T> __device__ void restore_panel(const Problem<T> &p, int j) {
    for (int k = j; k < j + kBrdPanel; ++k) {
        p.A.put(k, k, T(p.d[k]));
        p.A.put(k, k + 1, T(p.e[k]));
    }
}

// gebd2 over a batch: the whole matrix (fused; on a copy in the team's shared memory when
// `in_shared`), or after the blocked panels the columns they left (`after_panels`).
template <class T> struct Gebd2Body {
    Brd<T> g;
    bool in_shared, after_panels;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *scratch) const {
        const Problem<T> p = g.at(i);
        if (p.N == 0) return;
        if (in_shared) {
            const Block<T> w{static_cast<T *>(tile), p.M, 0, 0, false};
            copy_block(t, p.M, p.N, p.A, w);
            t.sync();
            gebd2(t, p.M, p.N, w, p.d, p.e, p.tq, p.tp, scratch);
            copy_block(t, p.M, p.N, w, p.A);
            return;
        }
        const int j = after_panels ? panels(p.N) * kBrdPanel : 0;
        if (j > 0 && t.rank() == 0) restore_panel(p, j - kBrdPanel);
        gebd2(t, p.M - j, p.N - j, shifted(p.A, j, j), p.d + j, p.e + j, p.tq + j, p.tp + j, scratch);
    }
};

// ---- blocked: the panel (LAPACK's labrd) -----------------------------------------------------------
// One thread block per matrix reduces columns and rows j .. j + kBrdPanel - 1 of its trailing
// matrix, building X (m' x nb) and Y (n' x nb) in the workspace so that the trailing matrix is
// then A -= V Y^H + X U. Step i's two large products with the trailing matrix are a warp a column
// (y = A^H v, coalesced dot products down the columns) and a thread a row (x = A u, with the
// columns split among warps when there are fewer row groups than warps); the small products with
// the panel's earlier vectors are folded into them, and v and u are kept in shared memory.
template <class T> struct Panel {
    Brd<T> g;
    int j;
    T *work;        // per matrix: X (ldw x nb) then Y (ldw x nb)
    int ldw;        // the chunk's largest M: rows of X and Y, and of the shared v and u
    bool restore;   // the previous panel's diagonal and superdiagonal go back into A first
    __device__ T *x(int64_t i) const { return work + i * 2 * int64_t(ldw) * kBrdPanel; }
};

// The panel's shared memory: v and u (2 ldw elements, dynamic), the small products, the partial
// sums of the row-wise product, and the team's reduction scratch.
template <class T> struct PanelShared {
    T *v;
    T (*small)[32];
    T *red;
    T *alpha;
    void *scratch;
};

template <class Team, class T>
__device__ void labrd(const Team &t, const Panel<T> &g, int64_t b, const PanelShared<T> &sh) {
    using R = RealOf<T>;
    constexpr int NB = kBrdPanel;
    const Problem<T> p = g.g.at(b);
    const int j = g.j;
    if (j + NB >= p.N) return;  // this matrix's panels are done: the rest is gebd2's
    if (g.restore && t.rank() == 0) restore_panel(p, j - NB);
    const Block<T> A = shifted(p.A, j, j);
    const int L = lanes(t), W = t.size() / L, size = t.size();
    const int mm = p.M - j, nn = p.N - j, ldw = g.ldw, rank = t.rank(), warp = rank / L, lane = rank % L;
    T *X = g.x(b), *Y = X + int64_t(ldw) * NB;
    T *v = sh.v, *u = v + ldw, *red = sh.red, &alpha = *sh.alpha;
    void *scratch = sh.scratch;
    auto x = [&](int r, int k) -> T & { return X[r + int64_t(k) * ldw]; };
    auto y = [&](int r, int k) -> T & { return Y[r + int64_t(k) * ldw]; };
    T *ts = sh.small[0], *ts2 = sh.small[1], *s1 = sh.small[2], *s2 = sh.small[3];
    for (int i = 0; i < NB; ++i) {
        // A(i:m', i) -= A(i:m', 0:i) Y(i, 0:i)^H + X(i:m', 0:i) A(0:i, i); then H(i) from it
        R part = R(0);
        for (int r = i + rank; r < mm; r += size) {
            T a = A.get(r, i);
            for (int k = 0; k < i; ++k) a -= A.get(r, k) * conj_(y(i, k)) + x(r, k) * A.get(k, i);
            A.put(r, i, a);
            if (r == i) alpha = a;
            else part += abs2(a);
        }
        R norm = sum(t, part, scratch);  // (its barriers publish alpha)
        norm = norm_of(t, norm, mm - i - 1, [&](int k) { return A.get(i + 1 + k, i); }, scratch);
        Reflector<T> h = larfg(alpha, norm);
        const T tauq = h.tau;
        for (int r = i + 1 + rank; r < mm; r += size) {
            const T a = A.get(r, i) * h.scale;
            A.put(r, i, a);
            v[r] = a;
        }
        if (rank == 0) v[i] = T(1), A.put(i, i, T(1)), p.d[j + i] = h.beta, p.tq[j + i] = h.tau;
        t.sync();
        // Y(i+1:n', i) = tauq (A(i:m', i+1:n')^H v - Y(i+1:n', 0:i) ts - A(0:i, i+1:n')^H ts2) with
        // ts = A(i:m', 0:i)^H v and ts2 = X(i:m', 0:i)^H v: a warp a dot product
        for (int q = warp; q < 2 * i; q += W) {
            const bool of_a = q < i;
            const int k = of_a ? q : q - i;
            T s = T(0);
            for (int r = i + lane; r < mm; r += L) s += conj_(of_a ? A.get(r, k) : x(r, k)) * v[r];
            s = warp_sum(s);
            if (lane == 0) (of_a ? ts : ts2)[k] = s;
        }
        t.sync();
        for (int c = i + 1 + warp; c < nn; c += W) {
            T s = T(0);
#pragma unroll 4
            for (int r = i + lane; r < mm; r += L) s += conj_(A.get(r, c)) * v[r];
            for (int k = lane; k < i; k += L) s -= y(c, k) * ts[k] + conj_(A.get(k, c)) * ts2[k];  // (k < 32)
            s = warp_sum(s);
            if (lane == 0) y(c, i) = tauq * s;
        }
        t.sync();
        // A(i, i+1:n') -= V(i, 0:i+1) Y(i+1:n', 0:i+1)^H + X(i, 0:i) U(0:i, i+1:n'); then G(i)
        // from its conjugate, as labrd (V(i, i) = 1 is stored in A)
        part = R(0);
        for (int c = i + 1 + rank; c < nn; c += size) {
            T a = A.get(i, c);
            for (int k = 0; k <= i; ++k) a -= conj_(y(c, k)) * A.get(i, k);
            for (int k = 0; k < i; ++k) a -= A.get(k, c) * x(i, k);
            A.put(i, c, a);
            if (c == i + 1) alpha = conj_(a);
            else part += abs2(a);
        }
        norm = sum(t, part, scratch);
        norm = norm_of(t, norm, nn - i - 2, [&](int k) { return A.get(i, i + 2 + k); }, scratch);
        h = larfg(alpha, norm);
        const T taup = h.tau;
        for (int c = i + 2 + rank; c < nn; c += size) {
            const T a = conj_(h.scale) * A.get(i, c);  // row i stores conj(u)
            A.put(i, c, a);
            u[c] = conj_(a);
        }
        if (rank == 0) u[i + 1] = T(1), A.put(i, i + 1, T(1)), p.e[j + i] = h.beta, p.tp[j + i] = h.tau;
        t.sync();
        // X(i+1:m', i) = taup (A(i+1:m', i+1:n') u - A(i+1:m', 0:i+1) s1 - X(i+1:m', 0:i) s2) with
        // s1 = Y(i+1:n', 0:i+1)^H u and s2 = A(0:i, i+1:n') u
        for (int q = warp; q < 2 * i + 1; q += W) {
            const bool of_y = q <= i;
            const int k = of_y ? q : q - i - 1;
            T s = T(0);
            for (int c = i + 1 + lane; c < nn; c += L) s += (of_y ? conj_(y(c, k)) : A.get(k, c)) * u[c];
            s = warp_sum(s);
            if (lane == 0) (of_y ? s1 : s2)[k] = s;
        }
        t.sync();
        auto finish = [&](int r, T s) {
            for (int k = 0; k <= i; ++k) s -= A.get(r, k) * s1[k];
            for (int k = 0; k < i; ++k) s -= x(r, k) * s2[k];
            x(r, i) = taup * s;
        };
        const int r0 = i + 1, groups = (mm - r0 + L - 1) / L;
        if (groups >= W) {  // a thread a row, all columns
            for (int q = warp; q < groups; q += W) {
                const int r = r0 + L * q + lane;
                if (r >= mm) continue;
                T s = T(0);
#pragma unroll 4
                for (int c = i + 1; c < nn; ++c) s += A.get(r, c) * u[c];
                finish(r, s);
            }
        } else if (groups > 0) {  // fewer row groups than warps: slices of the columns, summed after
            const int slices = W / groups, q = warp % groups, slice = warp / groups, r = r0 + L * q + lane;
            if (slice < slices) {
                T s = T(0);
                if (r < mm) {
#pragma unroll 4
                    for (int c = i + 1 + slice; c < nn; c += slices) s += A.get(r, c) * u[c];
                }
                red[(slice * groups + q) * L + lane] = s;
            }
            t.sync();
            for (int e = rank; e < groups * L; e += size) {
                if (r0 + e >= mm) continue;
                T s = T(0);
                for (int sl = 0; sl < slices; ++sl) s += red[sl * groups * L + e];
                finish(r0 + e, s);
            }
        }
        t.sync();
    }
}

template <class T> __global__ void __launch_bounds__(kPanelThreads) brd_panel(Panel<T> g) {
    extern __shared__ __align__(16) unsigned char dynamic[];
    __shared__ T small[4][32], red[kPanelThreads], alpha;
    __shared__ __align__(16) unsigned char scratch[kScratchBytes];
    labrd(BlockTeam(), g, blockIdx.x, PanelShared<T>{reinterpret_cast<T *>(dynamic), small, red, &alpha, scratch});
}

// ---- blocked: the trailing update A -= V Y^H + X U -------------------------------------------------
// One BM x BM tile of the trailing matrix per block of 256 threads, as blocked.cu's update_fma:
// the two products share one K = 2 nb pass, [V X] against [Y^H; U] staged in shared memory.
template <class T> struct UpdateTiles {
    static constexpr int NB = kBrdPanel, BM = UpdateShape<T>::BM, TM = BM / 16, LA = BM + 1, LB = 2 * NB + 1;
    static constexpr int As = LA * 2 * NB, Bs = LB * BM;  // elements of the two staged operands
    Problem<T> p;
    int j1, mm, nn, r0, c0;
    // The tile `tile` of matrix b; false: outside the matrix, or no update for it at this step.
    __device__ bool init(const Panel<T> &g, int64_t b, int tile) {
        p = g.g.at(b);
        j1 = g.j + NB;
        if (j1 >= p.N) return false;
        mm = p.M - j1, nn = p.N - j1;
        const int tiles_r = (mm + BM - 1) / BM;
        r0 = tile % tiles_r * BM, c0 = tile / tiles_r * BM;
        return c0 < nn;
    }
    __device__ void load(const Panel<T> &g, int64_t b, T *as, T *bs) const {
        const T *X = g.x(b), *Y = X + int64_t(g.ldw) * NB;
        load_tile<BM, NB>(shifted(p.A, j1 + r0, g.j), mm - r0, NB, as, LA);  // V
        load_tile<BM, NB>(Block<T>{const_cast<T *>(X), g.ldw, NB + r0, 0, false}, mm - r0, NB, as + NB * LA, LA);
        load_tile<NB, BM>(Block<T>{const_cast<T *>(Y), g.ldw, 0, NB + c0, true}, NB, nn - c0, bs, LB);  // Y^H
        load_tile<NB, BM>(shifted(p.A, g.j, j1 + c0), NB, nn - c0, bs + NB, LB);  // U
    }
    // Thread `th` of 256: a TM x TM part of the tile.
    __device__ void apply(const T *as, const T *bs, int th) const {
        const int tx = th % 16, ty = th / 16;
        T acc[TM][TM];
#pragma unroll
        for (int a = 0; a < TM; ++a)
#pragma unroll
            for (int c = 0; c < TM; ++c) acc[a][c] = T(0);
#pragma unroll 8
        for (int k = 0; k < 2 * NB; ++k)
#pragma unroll
            for (int a = 0; a < TM; ++a)
#pragma unroll
                for (int c = 0; c < TM; ++c) acc[a][c] += as[tx + 16 * a + k * LA] * bs[k + (ty + 16 * c) * LB];
        const Block<T> C = shifted(p.A, j1 + r0, j1 + c0);
#pragma unroll
        for (int a = 0; a < TM; ++a)
#pragma unroll
            for (int c = 0; c < TM; ++c) {
                const int r = tx + 16 * a, q = ty + 16 * c;
                if (r0 + r < mm && c0 + q < nn) C.put(r, q, C.get(r, q) - acc[a][c]);
            }
    }
};
// Tiles past the grid's 65535 in y are taken in turn by the blocks of the grid.
template <class T> __global__ void __launch_bounds__(kTileThreads) brd_update(Panel<T> g, unsigned tiles) {
    using U = UpdateTiles<T>;
    __shared__ T as[U::As], bs[U::Bs];
    for (unsigned tile = blockIdx.y; tile < tiles; tile += gridDim.y) {
        U u;
        if (!u.init(g, blockIdx.x, int(tile))) continue;  // the same for the whole block
        u.load(g, blockIdx.x, as, bs);
        __syncthreads();
        u.apply(as, bs, threadIdx.x);
        __syncthreads();  // before the next tile overwrites as and bs
    }
}

// Matrices whose smaller side is at most this go through the fused kernel (when they fit shared
// memory): beyond, the blocked algorithm is faster (a 128 x 128 double matrix fills a
// multiprocessor's shared memory, and the row reflector, a thread a row, leaves threads idle).
constexpr int kBrdFusedMax = 32;

template <class T> void launch_gebrd(Chunk &c, const Gebrd<T> &op) {
    using D = Dev<T>;
    c.no_failures();
    int maxM = 0, maxN = 0;
    for (int64_t j = 0; j < c.count; ++j) {
        const int64_t i = c.matrix(j);
        maxM = std::max(maxM, std::max(op.m[i], op.n[i]));
        maxN = std::max(maxN, std::min(op.m[i], op.n[i]));
    }
    if (maxN == 0) return;
    const Brd<D> g{c.sizes(op.m), c.sizes(op.n), c.view(op.A), c.view(op.d), c.view(op.e), c.view(op.tauq),
                   c.view(op.taup)};
    const size_t tile = (size_t(maxM) * maxN * sizeof(D) + 15) / 16 * 16;
    const size_t vectors = 2 * size_t(maxM) * sizeof(D);  // the panel's v and u
    if (maxN <= kBrdFusedMax && fits_shared(tile)) {
        launch(Gebd2Body<D>{g, true, false}, c.count, warp_teams_fit(maxM, tile), block_threads(maxM), tile,
               c.stream);
        return;
    }
    if (!fits_shared(vectors + sizeof(D) * (4 * 32 + kPanelThreads + 1))) {  // gebd2 in place: slow, any size
        launch_blocks(Gebd2Body<D>{g, false, false}, c.count, block_threads(maxM, true), 0, c.stream);
        return;
    }
    Workspace ws(size_t(c.count) * 2 * maxM * kBrdPanel * sizeof(D), c.stream);  // X and Y
    Panel<D> p{g, 0, ws.at<D>(), maxM, false};
    allow_shared(brd_panel<D>, vectors);
    constexpr int BM = UpdateShape<D>::BM;
    for (int j = 0; j < kBrdPanel * panels(maxN); j += kBrdPanel) {
        p.j = j, p.restore = j > 0;
        brd_panel<<<unsigned(c.count), kPanelThreads, vectors, c.stream>>>(p);
        check_launch("brd_panel");
        const int rows = maxM - j - kBrdPanel, cols = maxN - j - kBrdPanel;
        const unsigned tiles = unsigned(((rows + BM - 1) / BM) * ((cols + BM - 1) / BM));
        brd_update<<<dim3(unsigned(c.count), std::min(tiles, 65535u)), kTileThreads, 0, c.stream>>>(p, tiles);
        check_launch("brd_update");
    }
    launch_blocks(Gebd2Body<D>{g, false, true}, c.count, block_threads(maxM, true), 0, c.stream);
}

}  // namespace

template <class T> int run(const Gebrd<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            auto k = [&](int64_t i) { return int64_t(std::min(op.m[i], op.n[i])); };
            d.add(op.A, [&](int64_t i) { return Shape{op.m[i], op.n[i]}; }, true);
            d.add(op.d, [=](int64_t i) { return Shape{k(i), 1}; }, true);
            d.add(op.e, [=](int64_t i) { return Shape{std::max<int64_t>(0, k(i) - 1), 1}; }, true);
            d.add(op.tauq, [=](int64_t i) { return Shape{k(i), 1}; }, true);
            d.add(op.taup, [=](int64_t i) { return Shape{k(i), 1}; }, true);
        },
        [&](Chunk &c) { launch_gebrd(c, op); });
}
BL_INSTANTIATE_RUN(Gebrd)

}  // namespace cuda
}  // namespace bl
