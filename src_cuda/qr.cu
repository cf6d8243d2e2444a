// CUDA backend: Householder QR (geqrf), applying and forming Q (ormqr/unmqr, orgqr/ungqr) and
// least squares (gels), with LAPACK's conventions: R in the upper triangle, the reflectors
// H(j) = I - tau_j v_j v_j^H below it with v_j(j) = 1 implicit, Q = H(0) H(1) ... H(k-1).
//
// By size (the seed dissertation's classes): up to 32 x 32 (real types: 64 x 32, complex double
// 32 x 16) a register kernel (a row or two per lane; gels with one right-hand side too;
// qr_registers.cu), or for geqrf where it is faster a column per lane (qr_columns.cu, columns_take);
// up to kQrFusedMax a whole-matrix kernel on a shared-memory copy (a warp per matrix up to 32 rows);
// beyond, the blocked algorithm: per panel of kPanel columns one kernel factors the panel in shared
// memory (geqr2) and builds the block reflector's T there (larft), and one kernel applies I - V
// op(T) V^H to the rest (larfb) as three small products through shared memory. V is read straight
// from the factored matrix, its unit diagonal and zero upper part supplied while it is loaded, and
// T is stored padded with zeros to kPanel x kPanel: the products never branch on the triangles.
// ormqr, orgqr and gels reuse the same panel and larfb kernels.
#include "backend.hpp"
#include "blocked.cuh"
#include "kernels.cuh"
#include "qr.cuh"
#include "stage.cuh"
#include <algorithm>
#include <climits>

namespace bl {
namespace cuda {
namespace {

// The warps of a team (a warp team is one).
__device__ __forceinline__ int warp_of(const WarpTeam &) { return 0; }
__device__ __forceinline__ int warps_of(const WarpTeam &) { return 1; }
__device__ __forceinline__ int warp_of(const BlockTeam &t) { return t.rank() >> 5; }
__device__ __forceinline__ int warps_of(const BlockTeam &t) { return t.size() >> 5; }

// ---- one reflector at a time (geqr2, org2r) ---------------------------------------------------
// The whole warp's sum of `part` to *tail: a block team's shared slot (lane 0 stores), or each
// lane's own variable (a warp team: one warp, no shared memory of its own).
template <class Team, class R> __device__ void put_tail(const Team &t, R *tail, R part) {
    part = warp_sum(part);
    if (!std::is_same<Team, BlockTeam>::value || (t.rank() & 31) == 0) *tail = part;
}
// a_c -= s v (v^H a_c) for the columns c in [c0, c1) of the matrix whose column c is col(c), rows
// j .. m-1, with v(j) = 1 and v(r) = v[r] below. A warp per column: its lanes go down the rows and
// a shuffle reduction gives v^H a_c, so no barrier is needed between columns. With `tail`, the
// warp that updates column c0 also leaves |a_c0(c0+1:m)|^2 there (geqr2's next norm).
// Up to 32 R rows below j, a lane keeps its R elements of v in registers for all its columns and
// each column's elements between the product and the update: one read and one write of a_c
// instead of two reads of v and two of a_c (the shared-memory traffic bounded the fused kernel).
template <int R, class Team, class T, class Col>
__device__ void reflect_columns_held(const Team &t, int m, int j, const T *v, T s, int c0, int c1, Col col,
                                     RealOf<T> *tail) {
    const int lane = t.rank() & 31;
    T vr[R];
#pragma unroll
    for (int q = 0; q < R; ++q) {
        const int r = j + 1 + lane + 32 * q;
        vr[q] = r < m ? v[r] : T(0);
    }
    for (int c = c0 + warp_of(t); c < c1; c += warps_of(t)) {
        T *a = col(c);
        T x[R];
        T part = lane == 0 ? a[j] : T(0);
#pragma unroll
        for (int q = 0; q < R; ++q) {
            const int r = j + 1 + lane + 32 * q;
            x[q] = r < m ? a[r] : T(0);
            part += conj_(vr[q]) * x[q];
        }
        part = warp_sum(part);
        const T w = s * part;
        if (lane == 0) a[j] -= w;
        const bool norm = tail && c == c0;
        RealOf<T> below = 0;
#pragma unroll
        for (int q = 0; q < R; ++q) {
            const int r = j + 1 + lane + 32 * q;
            if (r < m) {
                x[q] -= vr[q] * w;
                a[r] = x[q];
                if (norm && r > c) below += abs2(x[q]);
            }
        }
        if (norm) put_tail(t, tail, below);
    }
}
template <class Team, class T, class Col>
__device__ void reflect_columns(const Team &t, int m, int j, const T *v, T s, int c0, int c1, Col col,
                                RealOf<T> *tail = nullptr) {
    if (m - j - 1 <= 32) {
        reflect_columns_held<1>(t, m, j, v, s, c0, c1, col, tail);
        return;
    }
    if (m - j - 1 <= 64) {
        reflect_columns_held<2>(t, m, j, v, s, c0, c1, col, tail);
        return;
    }
    if (m - j - 1 <= 128) {
        reflect_columns_held<4>(t, m, j, v, s, c0, c1, col, tail);
        return;
    }
    const int lane = t.rank() & 31;
    for (int c = c0 + warp_of(t); c < c1; c += warps_of(t)) {
        T *a = col(c);
        T part = lane == 0 ? a[j] : T(0);
        for (int r = j + 1 + lane; r < m; r += 32) part += conj_(v[r]) * a[r];
        part = warp_sum(part);
        const T w = s * part;
        if (lane == 0) a[j] -= w;
        const bool norm = tail && c == c0;
        RealOf<T> below = 0;
        for (int r = j + 1 + lane; r < m; r += 32) {
            const T x = a[r] - v[r] * w;
            a[r] = x;
            if (norm && r > c) below += abs2(x);
        }
        if (norm) put_tail(t, tail, below);
    }
}

// Unblocked QR (LAPACK's geqr2) of the m x k matrix of columns col(0..k-1); the reflectors' H^H
// are also applied to the columns k .. ncols-1 (gels: the right-hand sides, Q^H B on the way).
// Two barriers a column: the norm of column j + 1 below its diagonal comes from warp 0, which
// updates that column in reflect_columns, through `tail` (shared memory for a block team) -- a
// reduction over the team of its own took three more. (Not faster at n = 64, where shared-memory
// traffic bounds the kernel, but no slower.)
template <class Team, class T, class Col>
__device__ void geqr2(const Team &t, int m, int k, int ncols, Col col, T *tau, void *scratch) {
    using R = RealOf<T>;
    const int lane = t.rank() & 31;
    R own = R(0);
    R *tail = std::is_same<Team, BlockTeam>::value ? static_cast<R *>(scratch) : &own;
    auto column_tail = [&](int c) {  // warp 0: |A(c+1:m, c)|^2 to *tail
        if (warp_of(t) != 0) return;
        R part = R(0);
        for (int r = c + 1 + lane; r < m; r += 32) part += abs2(col(c)[r]);
        put_tail(t, tail, part);
    };
    if (k > 0) column_tail(0);
    t.sync();
    for (int j = 0; j < k; ++j) {
        T *v = col(j);
        const R norm = norm_of(t, *tail, m - j - 1, [&](int r) { return v[j + 1 + r]; }, scratch);
        const Reflector<T> h = larfg(v[j], norm);
        if (!h.identity)
            for (int r = j + 1 + t.rank(); r < m; r += t.size()) v[r] *= h.scale;
        t.sync();  // v below the diagonal scaled; every thread has read v[j] and *tail
        if (t.rank() == 0) {
            if (!h.identity) v[j] = T(h.beta);
            tau[j] = h.tau;
        }
        R *next = j + 1 < k ? tail : nullptr;
        if (!h.identity) reflect_columns(t, m, j, v, conj_(h.tau), j + 1, ncols, col, next);
        else if (next) column_tail(j + 1);
        t.sync();
    }
}

// The first n columns of Q = H(0) ... H(k-1) over the reflectors in columns col(0..k-1), m rows
// (LAPACK's org2r): columns k.. start as the identity's, then H(i) from the last to the first.
template <class Team, class T, class Col>
__device__ void org2r(const Team &t, int m, int n, int k, Col col, const T *tau) {
    for (int e = t.rank(); e < m * (n - k); e += t.size()) {
        const int c = k + e / m, r = e % m;
        col(c)[r] = r == c ? T(1) : T(0);
    }
    t.sync();
    for (int i = k - 1; i >= 0; --i) {
        T *v = col(i);
        const T ti = tau[i];
        reflect_columns(t, m, i, v, ti, i + 1, n, col);
        t.sync();
        for (int r = t.rank(); r < m; r += t.size()) v[r] = r < i ? T(0) : r == i ? T(1) - ti : -ti * v[r];
        t.sync();
    }
}

// ---- block reflectors -------------------------------------------------------------------------
// V of a block as geqr2 leaves it at a (leading dimension ld): rows x kb, element (r, q) read as
// the unit lower trapezoid (1 on the diagonal, 0 above it) and 0 past kb columns or `rows` rows.
template <class T> struct Reflectors {
    const T *a;
    int ld, rows, kb;
    __device__ T operator()(int r, int q) const {
        return q >= kb || r < q || r >= rows ? T(0) : r == q ? T(1) : a[r + int64_t(q) * ld];
    }
};
constexpr int kLdT = kPanel + 1;  // shared copies of 32 x 32 blocks: an odd stride, no bank conflicts

// T of the block reflector I - V T V^H = H(0) ... H(kb-1) (LAPACK's larft, forward, columnwise),
// written to out (ldt x ldt, zero outside its upper triangle and past kb). G = V^H V goes to
// shared memory; then lane p of warp 0 builds row p of T, which needs only its own row:
// T(p, q) = -tau_q sum_{p <= x < q} T(p, x) G(x, q). G and Ts: kPanel * kLdT elements each.
template <class Team, class T>
__device__ void larft(const Team &t, const Reflectors<T> &v, const T *tau, T *G, T *Ts, T *out, int ldt) {
    for (int e = t.rank(); e < kPanel * kPanel; e += t.size()) {
        const int p = e % kPanel, q = e / kPanel;
        if (p < q && q < v.kb) {
            T g = conj_(v(q, p));
            for (int r = q + 1; r < v.rows; ++r) g += conj_(v(r, p)) * v(r, q);
            G[p + q * kLdT] = g;
        }
    }
    t.sync();
    if (t.rank() < kPanel) {
        const int p = t.rank();
        for (int q = 0; q < kPanel; ++q) {
            T x = T(0);
            if (q < v.kb && p == q) x = tau[q];
            else if (q < v.kb && p < q) {
                T s = T(0);
                for (int y = p; y < q; ++y) s += Ts[p + y * kLdT] * G[y + q * kLdT];
                x = -tau[q] * s;
            }
            Ts[p + q * kLdT] = x;
        }
    }
    t.sync();
    for (int e = t.rank(); e < ldt * ldt; e += t.size()) out[e] = Ts[e % ldt + (e / ldt) * kLdT];
    t.sync();
}

// The matrices a step works on: `rows` is the order of Q (the rows that the reflectors span),
// `cols` the columns of the matrix Q is applied to, k the reflectors (min(rows, cols) for geqrf).
struct Reflected {
    Sizes rows, cols, k;
    bool k_is_min;
    __device__ int K(int64_t i) const { return k_is_min ? min(rows[i], cols[i]) : k[i]; }
};

// The per-panel kernel of the blocked algorithms, at panel columns j .. j + jb - 1 of matrix i
// (jb = min(nb, k - j); nb = kPanel, or less for a half of a nested panel):
//   Factor  (geqrf): geqr2 of rows j.. of the panel, then its T;
//   Reflect (ormqr, orgqr, gels): only T, from reflectors already there;
//   Form    (orgqr): org2r on the panel, then its rows above j set to zero.
// The panel goes through shared memory when it fits (in_shared); T goes to Tw + i * ldt * ldt.
enum class PanelMode { Factor, Reflect, Form };
template <class T> struct QrPanel {
    PanelMode mode;
    Reflected g;
    int j, nb;
    View<T> A, tau;  // read only in Reflect mode (A) and Reflect / Form (tau)
    T *Tw;
    int ldt;
    bool in_shared;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *scratch) const {
        const int jb = min(nb, g.K(i) - j);
        if (jb <= 0) return;
        const int lda = A.ldi(i), h = g.rows[i] - j;
        T *a = A.at(i), *p = a + j + int64_t(j) * lda;
        T *G = static_cast<T *>(tile), *Ts = G + kPanel * kLdT, *w = Ts + kPanel * kLdT;
        const bool copy = in_shared && mode != PanelMode::Reflect;
        T *v = copy ? w : p;
        const int ldv = copy ? h : lda;
        auto col = [&](int c) { return v + int64_t(c) * ldv; };
        T *tj = tau.at(i) + j;
        if (copy) {
            copy_matrix(t, h, jb, p, lda, w, h);
            t.sync();
        }
        if (mode == PanelMode::Factor) geqr2(t, h, jb, jb, col, tj, scratch);
        if (mode != PanelMode::Form) larft(t, Reflectors<T>{v, ldv, h, jb}, tj, G, Ts, Tw + i * ldt * ldt, ldt);
        if (mode == PanelMode::Form) {
            org2r(t, h, jb, jb, col, tj);
            for (int e = t.rank(); e < j * jb; e += t.size()) a[e % j + int64_t(j + e / j) * lda] = T(0);
        }
        if (copy) {
            t.sync();
            copy_matrix(t, h, jb, w, h, p, lda);
        }
    }
};

// C' := (I - V op(T) V^H) C' on rows j.. of C', op(T) = T^H when applying Q^H (`adjoint`), where
// C' is C, or C^H (`ct`: C op(Q) = (op(Q)^H C^H)^H for the right side), and V, T are panel j's.
// With `trailing` (geqrf, orgqr: C is the factored matrix) only the columns past the panel, and
// with `span` > 0 (the left half of a nested panel, nb reflectors) only those up to column
// j + min(span, k) - 1: the rest of the panel.
// A block of 256 threads per 32 columns of C': W = V^H C' (32 x 32), W = op(T) W, C' -= V W, with
// V and C' passing through shared memory RK rows at a time.
template <class T> struct Larfb {
    Reflected g;
    int j, nb, span;
    View<const T> V;
    const T *Tw;
    int ldt;
    bool adjoint;
    View<T> C;
    bool ct, trailing;
    const int *stop;  // gels: a matrix whose solve failed is left as it is
};
// What block `tile` of matrix i updates: columns 32 tile .. 32 tile + cw - 1 of its part of C', h
// rows, with the panel's reflectors v. False where it has nothing (a stopped matrix, a matrix past
// its last panel, a tile past its columns).
template <class T> struct LarfbPart {
    int h, cw;
    Reflectors<T> v;
    Block<T> C;
};
template <class T> __device__ bool larfb_part(const Larfb<T> &g, int64_t i, int tile, LarfbPart<T> &part) {
    if (g.stop && g.stop[i] != 0) return false;
    const int k = g.g.K(i) - g.j, jb = min(g.nb, k);
    if (jb <= 0) return false;
    const int h = g.g.rows[i] - g.j;
    const int end = g.span > 0 ? min(g.g.cols[i], g.j + min(g.span, k)) : g.g.cols[i];
    const int first = g.trailing ? g.j + jb : 0, c0 = tile * 32, cw = min(32, end - first - c0);
    if (cw <= 0) return false;
    const int ldv = g.V.ldi(i);
    part = {h, cw, Reflectors<T>{g.V.at(i) + g.j + int64_t(g.j) * ldv, ldv, h, jb},
            Block<T>{g.C.at(i), g.C.ldi(i), g.j, first + c0, g.ct}};
    return true;
}
// One block's tile: columns 32 * tile .. of C' of matrix i.
template <class T> __device__ void larfb_tile(const Larfb<T> &g, int64_t i, int tile) {
    constexpr int RK = sizeof(T) > 8 ? 16 : 32, LV = RK + 1, LW = kLdT;
    constexpr int kBuf = 2 * LV * kPanel > LW * kPanel ? 2 * LV * kPanel : LW * kPanel;
    __shared__ T buf[kBuf], W[LW * kPanel];
    T *Vs = buf, *Cs = buf + LV * kPanel, *Ts = buf;  // Ts only between the two passes over V
    LarfbPart<T> part;
    if (!larfb_part(g, i, tile, part)) return;
    const int h = part.h, cw = part.cw;
    const Reflectors<T> &v = part.v;
    const Block<T> &C = part.C;
    const int tid = threadIdx.x, q = tid % 32, cq = tid / 32;
    auto load_v = [&](int r0) {
        for (int e = tid; e < RK * kPanel; e += 256) Vs[e % RK + (e / RK) * LV] = v(r0 + e % RK, e / RK);
    };
    T acc[4] = {T(0), T(0), T(0), T(0)};
    for (int r0 = 0; r0 < h; r0 += RK) {
        load_v(r0);
        load_tile<RK, 32>(Block<T>{C.a, C.lda, C.pr + r0, C.pc, C.ct}, h - r0, cw, Cs, LV);
        __syncthreads();
#pragma unroll 8
        for (int r = 0; r < RK; ++r) {
            const T vq = conj_(Vs[r + q * LV]);
#pragma unroll
            for (int u = 0; u < 4; ++u) acc[u] += vq * Cs[r + (cq + 8 * u) * LV];
        }
        __syncthreads();
    }
    const T *tw = g.Tw + i * g.ldt * g.ldt;
    for (int e = tid; e < kPanel * kPanel; e += 256) {
        const int p = e % kPanel, x = e / kPanel;
        Ts[p + x * LW] = p < g.ldt && x < g.ldt ? (g.adjoint ? conj_(tw[x + p * g.ldt]) : tw[p + x * g.ldt]) : T(0);
    }
#pragma unroll
    for (int u = 0; u < 4; ++u) W[q + (cq + 8 * u) * LW] = acc[u];
    __syncthreads();
#pragma unroll
    for (int u = 0; u < 4; ++u) {
        T s = T(0);
#pragma unroll 8
        for (int p = 0; p < kPanel; ++p) s += Ts[q + p * LW] * W[p + (cq + 8 * u) * LW];
        acc[u] = s;
    }
    __syncthreads();
#pragma unroll
    for (int u = 0; u < 4; ++u) W[q + (cq + 8 * u) * LW] = acc[u];
    // C' -= V W, RK rows at a time: thread (r, cb) owns row r of columns cb, cb + CS, ... of the
    // pass. Its elements of C' are read before the products (a load after each product waited a
    // memory round trip per element), and V's element of a product serves all of them.
    constexpr int U = RK * 32 / kTileThreads, CS = kTileThreads / RK;
    const int r = tid % RK, cb = tid / RK;
    for (int r0 = 0; r0 < h; r0 += RK) {
        __syncthreads();  // W complete; the last pass done with Vs (and Ts)
        load_v(r0);
        const bool row = r0 + r < h;
        T cv[U];
#pragma unroll
        for (int u = 0; u < U; ++u) cv[u] = row && cb + CS * u < cw ? C.get(r0 + r, cb + CS * u) : T(0);
        __syncthreads();
        T s[U];
#pragma unroll
        for (int u = 0; u < U; ++u) s[u] = T(0);
#pragma unroll 8
        for (int x = 0; x < kPanel; ++x) {
            const T vx = Vs[r + x * LV];
#pragma unroll
            for (int u = 0; u < U; ++u) s[u] += vx * W[x + (cb + CS * u) * LW];
        }
#pragma unroll
        for (int u = 0; u < U; ++u)
            if (row && cb + CS * u < cw) C.put(r0 + r, cb + CS * u, cv[u] - s[u]);
    }
}
// larfb_tile in double on the tensor cores (sm_80 on): its three products as mma m16n8k4, each of
// the 8 warps on one 16 x 8 block of the 32 x 32 results: W = V^H C' over the rows 32 at a time,
// W = op(T) W, C' -= V W (C' read as the accumulators, W stored negated). Leading dimensions of
// 4 mod 16 doubles put every fragment load of a half warp in distinct banks. dgeqrf 256 and 512
// +12 % on an H100 (PERFORMANCE.md, forty-third section).
__device__ void larfb_tile_mma(const Larfb<double> &g, int64_t i, int tile) {
    constexpr int RK = 32, L = 36;
    __shared__ double Vs[L * kPanel], Cs[L * kPanel], Ws[L * kPanel];
    double *Ts = Vs, *Xs = Cs;  // op(T) and -op(T) W, between the passes over V
    LarfbPart<double> part;
    if (!larfb_part(g, i, tile, part)) return;
    const int h = part.h, cw = part.cw;
    const Reflectors<double> &v = part.v;
    const Block<double> &C = part.C;
    const int tid = threadIdx.x, lane = lane_id(), warp = warp_id();
    const int g8 = lane / 4, q4 = lane % 4, pr = (warp % 2) * 16, pc = (warp / 2) * 8;
    auto load_v = [&](int r0) {
        for (int e = tid; e < RK * kPanel; e += 256) Vs[e % RK + (e / RK) * L] = v(r0 + e % RK, e / RK);
    };
    double top[2] = {0, 0}, bottom[2] = {0, 0};  // rows pr + g8 and pr + 8 + g8, columns pc + 2 q4 + u
    for (int r0 = 0; r0 < h; r0 += RK) {
        load_v(r0);
        load_tile<RK, 32>(Block<double>{C.a, C.lda, C.pr + r0, C.pc, C.ct}, h - r0, cw, Cs, L);
        __syncthreads();
#pragma unroll
        for (int kq = 0; kq < RK; kq += 4)  // W(p, c) += V(r, p) C(r, c), A(p, r) = V(r, p)
            mma_16x8x4(top, bottom, Vs[kq + q4 + (pr + g8) * L], Vs[kq + q4 + (pr + 8 + g8) * L],
                       Cs[kq + q4 + (pc + g8) * L]);
        __syncthreads();
    }
    const double *tw = g.Tw + i * g.ldt * g.ldt;
    for (int e = tid; e < kPanel * kPanel; e += 256) {
        const int p = e % kPanel, x = e / kPanel;
        Ts[p + x * L] = p < g.ldt && x < g.ldt ? tw[g.adjoint ? x + p * g.ldt : p + x * g.ldt] : 0.0;
    }
#pragma unroll
    for (int u = 0; u < 2; ++u) {
        Ws[pr + g8 + (pc + 2 * q4 + u) * L] = top[u];
        Ws[pr + 8 + g8 + (pc + 2 * q4 + u) * L] = bottom[u];
        top[u] = bottom[u] = 0;
    }
    __syncthreads();
#pragma unroll
    for (int kq = 0; kq < kPanel; kq += 4)  // op(T) W
        mma_16x8x4(top, bottom, Ts[pr + g8 + (kq + q4) * L], Ts[pr + 8 + g8 + (kq + q4) * L],
                   Ws[kq + q4 + (pc + g8) * L]);
#pragma unroll
    for (int u = 0; u < 2; ++u) {
        Xs[pr + g8 + (pc + 2 * q4 + u) * L] = -top[u];
        Xs[pr + 8 + g8 + (pc + 2 * q4 + u) * L] = -bottom[u];
    }
    for (int r0 = 0; r0 < h; r0 += RK) {
        __syncthreads();  // Xs complete; the last pass done with Vs (and Ts)
        load_v(r0);
        const int ra = r0 + pr + g8, rb = ra + 8;
#pragma unroll
        for (int u = 0; u < 2; ++u) {
            const int c = pc + 2 * q4 + u;
            top[u] = ra < h && c < cw ? C.get(ra, c) : 0.0;
            bottom[u] = rb < h && c < cw ? C.get(rb, c) : 0.0;
        }
        __syncthreads();
#pragma unroll
        for (int kq = 0; kq < kPanel; kq += 4)  // C' += V (-op(T) W)
            mma_16x8x4(top, bottom, Vs[pr + g8 + (kq + q4) * L], Vs[pr + 8 + g8 + (kq + q4) * L],
                       Xs[kq + q4 + (pc + g8) * L]);
#pragma unroll
        for (int u = 0; u < 2; ++u) {
            const int c = pc + 2 * q4 + u;
            if (ra < h && c < cw) C.put(ra, c, top[u]);
            if (rb < h && c < cw) C.put(rb, c, bottom[u]);
        }
    }
}
// The blocks in one line, a matrix's tiles consecutive: they run together and read the matrix's V
// (every tile reads it twice) from L2. A grid of more than 2^31 - 1 blocks takes its blocks in turn.
// Five blocks an SM (three in complex double), as before the last product held its C' in registers:
// 48 (80) registers and up to 36 bytes of spills, against 64 (126) and four (two) blocks, which was
// 0.7 % slower in dgeqrf 512 (PERFORMANCE.md). Double's tensor-core tile takes four: ptxas does not
// fit its f64 mma under five blocks' register cap.
template <class T> __host__ __device__ constexpr bool larfb_mma() { return std::is_same<T, double>::value; }
template <class T>
__global__ void __launch_bounds__(kTileThreads, sizeof(T) > 8 ? 3 : larfb_mma<T>() ? 4 : 5)
    larfb_kernel(Larfb<T> g, int tiles, int64_t total) {
    for (int64_t b = blockIdx.x; b < total; b += gridDim.x) {
#if __CUDA_ARCH__ >= 800
        if constexpr (larfb_mma<T>()) larfb_tile_mma(g, b / tiles, int(b % tiles));
        else
#endif
        larfb_tile(g, b / tiles, int(b % tiles));
        __syncthreads();  // the next tile's loads reuse the shared buffers
    }
}

// What gels does after the QR of A (m >= n) and, for 'N', Q^H B: LAPACK's answers for A = 0
// (B = 0, info 0) and for a zero on R's diagonal (info = its index, B left alone), else the
// triangular solve; for the adjoint also B(n:m) = 0 and, with `tau` (the fused kernel), B := Q B
// (the blocked algorithm applies Q by larfb afterwards). Returns info.
template <class Team, class T>
__device__ int gels_finish(const Team &t, bool adjoint, int m, int n, int nrhs, const T *a, int lda, T *b, int ldb,
                           const T *tau, void *scratch, void *tile = nullptr) {
    int nonzero = 0;
    for (int e = t.rank(); e < n * n; e += t.size())
        if (e % n <= e / n && !is_zero(a[e % n + int64_t(e / n) * lda])) ++nonzero;
    if (sum(t, nonzero, scratch) == 0) {
        for (int e = t.rank(); e < m * nrhs; e += t.size()) b[e % m + int64_t(e / m) * ldb] = T(0);
        t.sync();
        return 0;
    }
    for (int d = 0; d < n; ++d)
        if (is_zero(a[d + int64_t(d) * lda])) return d + 1;
    bool solved = false;
    if constexpr (std::is_same<Team, BlockTeam>::value)
        if (tile) {  // solve_shared_bytes(n, false) of shared memory
            const Triangle tr{false, adjoint, adjoint, false};
            solve_shared(t, SharedSolve{1, {tr, tr}, false}, n, nrhs, a, lda, static_cast<const int *>(nullptr), b, 1,
                         ldb, tile);
            solved = true;
        }
    if (!solved) trsm_left(t, false, adjoint, adjoint, false, n, nrhs, a, lda, b, 1, ldb, scratch);
    if (adjoint) {
        for (int e = t.rank(); e < (m - n) * nrhs; e += t.size())
            b[n + e % (m - n) + int64_t(e / (m - n)) * ldb] = T(0);
        t.sync();
        if (tau)
            for (int i = n - 1; i >= 0; --i) {
                reflect_columns(t, m, i, a + int64_t(i) * lda, tau[i], 0, nrhs,
                                [&](int c) { return b + int64_t(c) * ldb; });
                t.sync();
            }
    }
    return 0;
}

// One team per matrix on a shared-memory copy (in_shared) or in place:
//   Factor: geqrf;  Form: orgqr (k reflectors);  Solve: gels, m >= n (k = nrhs), A and B side by
//   side in the tile so that geqr2 applies Q^H to B with A ('N'), and tau after them.
enum class FusedMode { Factor, Form, Solve };
template <class T> struct QrFused {
    FusedMode mode;
    bool adjoint;
    Sizes m, n, k;
    View<T> A, tau, B;
    int *info;
    bool in_shared;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *scratch) const {
        const int M = m[i], N = n[i], K = k[i], lda = A.ldi(i);
        T *a = A.at(i), *w = in_shared ? static_cast<T *>(tile) : a;
        const int ldw = in_shared ? M : lda;
        auto col = [&](int c) { return w + int64_t(c) * ldw; };
        if (mode == FusedMode::Solve) {  // always in shared memory
            T *b = B.at(i), *taus = w + int64_t(M) * (N + K);
            const int ldb = B.ldi(i);
            copy_matrix(t, M, N, a, lda, w, M);
            copy_matrix(t, M, K, b, ldb, w + M * N, M);
            t.sync();
            geqr2(t, M, N, adjoint ? N : N + K, col, taus, scratch);
            const int result = gels_finish(t, adjoint, M, N, K, w, M, w + M * N, M, taus, scratch);
            t.sync();
            copy_matrix(t, M, N, w, M, a, lda);
            copy_matrix(t, M, K, w + M * N, M, b, ldb);
            if (t.rank() == 0) info[i] = result;
            return;
        }
        if (M == 0 || N == 0) return;
        if (in_shared) {
            copy_matrix(t, M, N, a, lda, w, M);
            t.sync();
        }
        if (mode == FusedMode::Factor) geqr2(t, M, min(M, N), N, col, tau.at(i), scratch);
        else org2r(t, M, N, K, col, tau.at(i));
        if (in_shared) {
            t.sync();
            copy_matrix(t, M, N, w, M, a, lda);
        }
    }
};

// orgqr, blocked: columns k.. of A start as the identity's.
template <class T> struct QrIdentity {
    Sizes m, n, k;
    View<T> A;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *, void *) const {
        const int M = m[i], N = n[i], K = k[i], lda = A.ldi(i);
        T *a = A.at(i);
        for (int e = t.rank(); e < M * (N - K); e += t.size()) {
            const int c = K + e / M, r = e % M;
            a[r + int64_t(c) * lda] = r == c ? T(1) : T(0);
        }
    }
};

// gels, blocked: the solve after the factorization, a team per matrix in global memory.
// With `shared` a right-hand side at a time through the team's tile (trsv_shared).
template <class T> struct GelsSolve {
    bool adjoint;
    Sizes m, n, nrhs;
    View<T> A, B;
    int *info;
    bool shared;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *tile, void *scratch) const {
        const int result = gels_finish(t, adjoint, m[i], n[i], nrhs[i], static_cast<const T *>(A.at(i)), A.ldi(i),
                                       B.at(i), B.ldi(i), static_cast<const T *>(nullptr), scratch,
                                       shared ? tile : nullptr);
        if (t.rank() == 0) info[i] = result;
    }
};

// ---- launches ---------------------------------------------------------------------------------
// Matrices up to this order (and whose copy fits shared memory) are worked on by one fused kernel;
// larger ones by the blocked algorithm.
constexpr int kQrFusedMax = 64;

template <class T> View<T> writable(const View<const T> &v) {
    View<T> w;
    w.base = const_cast<T *>(v.base);
    w.stride = v.stride;
    w.ptrs = const_cast<T *const *>(v.ptrs);
    w.ld = v.ld;
    w.lds = v.lds;
    return w;
}

// The steps of a blocked routine over a chunk: the matrices' geometry, their largest sizes, and T.
template <class T> struct Blocked {
    Chunk &c;
    Reflected g;
    int max_rows, max_cols, max_k;
    T *Tw;
    int ldt;

    // Panel j in `mode`, nb columns wide; the panel goes through shared memory when it fits.
    void panel(PanelMode mode, int j, const View<T> &A, const View<T> &tau, int nb = kPanel) const {
        const bool in_shared = mode != PanelMode::Reflect && panel_fits(j, nb);
        launch_blocks(QrPanel<T>{mode, g, j, nb, A, tau, Tw, ldt, in_shared}, c.count, 256,
                      panel_bytes(j, in_shared ? nb : 0), c.stream);
    }
    // Shared memory of panel j: G and T, and the panel's copy when it is `nb` columns wide.
    size_t panel_bytes(int j, int nb) const {
        return 2 * kPanel * kLdT * sizeof(T) + size_t(max_rows - j) * std::max(0, std::min(nb, max_k - j)) * sizeof(T);
    }
    bool panel_fits(int j, int nb) const { return fits_shared(panel_bytes(j, nb)); }
    // geqr2 of panel j and its T (the seed dissertation's recursive nested panels): a panel too tall for
    // shared memory is factored as two halves, each in turn the same way, the left one's block
    // reflector applied to the right one in between, and T of the whole built from its
    // reflectors at the end. Down to 8 columns; a narrower panel that still does not fit is
    // factored in place in global memory.
    void factor(int j, const View<T> &A, const View<T> &tau, int nb = kPanel) const {
        if (nb <= 8 || panel_fits(j, nb)) {
            panel(PanelMode::Factor, j, A, tau, nb);
            return;
        }
        const int half = nb / 2;
        factor(j, A, tau, half);
        larfb(j, A, true, A, g, max_cols, false, true, nullptr, half, nb);
        factor(j + half, A, tau, nb - half);
        panel(PanelMode::Reflect, j, A, tau, nb);
    }
    // C' -= V op(T) V^H C' with panel j's reflectors (nb of them), on C' of at most `cols`
    // columns; with `span`, only the columns up to the end of a panel `span` wide.
    void larfb(int j, const View<T> &A, bool adjoint, const View<T> &C, Reflected on, int cols, bool ct,
               bool trailing, const int *stop = nullptr, int nb = kPanel, int span = 0) const {
        const int end = span > 0 ? std::min(cols, j + span) : cols;
        const int tiles = (std::max(0, end - (trailing ? j + 1 : 0)) + 31) / 32;
        if (c.count == 0 || tiles == 0) return;
        const Larfb<T> l{on, j, nb, span, View<const T>{A.base, A.stride, A.ptrs, A.ld, A.lds}, Tw, ldt, adjoint, C, ct,
                         trailing, stop};
        const int64_t total = c.count * tiles;
        larfb_kernel<<<unsigned(std::min<int64_t>(total, INT_MAX)), kTileThreads, 0, c.stream>>>(l, tiles, total);
        check_launch("larfb_kernel");
    }
    // The panels' first columns, in order (forward: Q^H, H(0) first) or backward (Q).
    template <class F> void steps(bool forward, F &&f) const {
        if (max_k <= 0) return;
        const int last = (max_k - 1) / kPanel * kPanel;
        for (int s = 0; s <= last; s += kPanel) f(forward ? s : last - s);
    }
};

template <class T> Blocked<T> blocked(Chunk &c, Workspace &ws, Reflected g, int max_rows, int max_cols, int max_k) {
    const int ldt = std::max(1, std::min(kPanel, max_k));
    return Blocked<T>{c, g, max_rows, max_cols, max_k, ws.at<T>(0), ldt};
}
inline size_t t_bytes(int64_t count, int max_k, size_t elem) {
    const size_t ldt = size_t(std::max(1, std::min(kPanel, max_k)));
    return (size_t(count) * ldt * ldt * elem + 255) / 256 * 256;
}

// geqrf of a chunk; with B (gels 'N'), Q^H B too.
template <class D>
void launch_geqrf(Chunk &c, Workspace &ws, Sizes ms, Sizes ns, int maxm, int maxn, const View<D> &a,
                  const View<D> &tau, const View<D> *B = nullptr, Sizes nrhs = {}, int max_rhs = 0) {
    const Reflected g{ms, ns, {}, true};
    const Blocked<D> s = blocked<D>(c, ws, g, maxm, maxn, std::min(maxm, maxn));
    s.steps(true, [&](int j) {
        s.factor(j, a, tau);
        s.larfb(j, a, true, a, g, maxn, false, true);
        if (B) s.larfb(j, a, true, *B, Reflected{ms, nrhs, ns, false}, max_rhs, false, false);
    });
}

template <class T> void run_geqrf(Chunk &c, const Geqrf<T> &op) {
    using D = Dev<T>;
    const int maxm = chunk_max(op.m, c), maxn = chunk_max(op.n, c), largest = std::max(maxm, maxn);
    const Sizes ms = c.sizes(op.m), ns = c.sizes(op.n);
    const View<D> a = c.view(op.A), tau = c.view(op.tau);
    c.no_failures();
    if (columns_take<D>(maxm, maxn)) {
        launch_qr_columns(QrRegisters<D>{ms, ns, {}, a, tau, {}, nullptr, false, false, c.count}, maxm, maxn, c.stream);
        return;
    }
    if (registers_take<D>(maxm, maxn, false, 0)) {
        launch_qr_registers(QrRegisters<D>{ms, ns, {}, a, tau, {}, nullptr, false, false, c.count}, maxm, maxn, c.stream);
        return;
    }
    const size_t tile = (size_t(maxm) * maxn * sizeof(D) + 15) / 16 * 16;
    if (largest <= kQrFusedMax && fits_shared(tile)) {
        // The team per matrix, on an H200 (x cuBLAS at n = 17 / 24 / 32 / 40 / 48 / 64, against
        // 128 threads at every order): a warp up to 32 rows (four matrices a block, no barriers;
        // zgeqrf 0.35 / 0.60 / 1.00 -> 0.74 / 1.11 / 1.66x), 64 threads to 48 (z 1.28 / 1.50 ->
        // 1.63 / 1.85x at 40 / 48, c 1.15 / 1.36 -> 1.42 / 1.64x, d 1.23 / 1.70 -> 1.57 / 2.13x),
        // 128 past it (64 threads at 64: z 1.89 -> 1.28x, d 2.26 -> 1.85x).
        const bool warp = warp_teams_fit(maxm, tile);
        launch(QrFused<D>{FusedMode::Factor, false, ms, ns, ns, a, tau, a, nullptr, true}, c.count, warp,
               maxm <= 48 ? 64 : 128, tile, c.stream);
        return;
    }
    Workspace ws(t_bytes(c.count, std::min(maxm, maxn), sizeof(D)), c.stream);
    launch_geqrf(c, ws, ms, ns, maxm, maxn, a, tau);
}

template <class T> void run_orgqr(Chunk &c, const Orgqr<T> &op) {
    using D = Dev<T>;
    const int maxm = chunk_max(op.m, c), maxn = chunk_max(op.n, c), maxk = chunk_max(op.k, c);
    const Sizes ms = c.sizes(op.m), ns = c.sizes(op.n), ks = c.sizes(op.k);
    const View<D> a = c.view(op.A), tau = writable(c.view(op.tau));
    c.no_failures();
    const size_t tile = (size_t(maxm) * maxn * sizeof(D) + 15) / 16 * 16;
    if (maxm <= kQrFusedMax && fits_shared(tile)) {
        const bool warp = warp_teams_fit(maxm, tile);
        launch(QrFused<D>{FusedMode::Form, false, ms, ns, ks, a, tau, a, nullptr, true}, c.count, warp,
               std::max(128, block_threads(maxm)), tile, c.stream);
        return;
    }
    launch_blocks(QrIdentity<D>{ms, ns, ks, a}, c.count, 256, 0, c.stream);
    Workspace ws(t_bytes(c.count, maxk, sizeof(D)), c.stream);
    const Reflected g{ms, ns, ks, false};
    const Blocked<D> s = blocked<D>(c, ws, g, maxm, maxn, maxk);
    s.steps(false, [&](int j) {
        s.panel(PanelMode::Reflect, j, a, tau);
        s.larfb(j, a, false, a, g, maxn, false, true);
        s.panel(PanelMode::Form, j, a, tau);
    });
}

template <class T> void run_ormqr(Chunk &c, const Ormqr<T> &op) {
    using D = Dev<T>;
    const bool left = op.side.value == 'L';
    // Q^H C and (right side, on C^H) C Q apply Q^H: the blocks in order, with T^H.
    const bool adjoint = left == (op.trans.value != 'N');
    const Int &q = left ? op.m : op.n, &other = left ? op.n : op.m;
    const int maxq = chunk_max(q, c), maxo = chunk_max(other, c), maxk = chunk_max(op.k, c);
    const Reflected g{c.sizes(q), c.sizes(other), c.sizes(op.k), false};
    const View<D> a = writable(c.view(op.A)), tau = writable(c.view(op.tau)), C = c.view(op.C);
    c.no_failures();
    Workspace ws(t_bytes(c.count, maxk, sizeof(D)), c.stream);
    const Blocked<D> s = blocked<D>(c, ws, g, maxq, maxo, maxk);
    s.steps(adjoint, [&](int j) {
        s.panel(PanelMode::Reflect, j, a, tau);
        s.larfb(j, a, adjoint, C, g, maxo, !left, false);
    });
}

// gels of a chunk of m >= n matrices (LAPACK's QR path), A factored in place.
template <class D>
void gels_tall(Chunk &c, bool adjoint, Sizes ms, Sizes ns, Sizes rs, int maxm, int maxn, int maxr, const View<D> &a,
               const View<D> &b) {
    if (registers_take<D>(maxm, maxn, true, maxr)) {
        launch_qr_registers(QrRegisters<D>{ms, ns, rs, a, {}, b, c.info, true, adjoint, c.count}, maxm, maxn,
                            c.stream);
        return;
    }
    const size_t tile = (size_t(maxm) * (maxn + maxr + 1) * sizeof(D) + 15) / 16 * 16;
    if (maxm <= kQrFusedMax && fits_shared(tile)) {
        launch(QrFused<D>{FusedMode::Solve, adjoint, ms, ns, rs, a, a, b, c.info, true}, c.count,
               warp_teams_fit(maxm, tile),
               std::max(128, block_threads(maxm)), tile, c.stream);
        return;
    }
    const size_t tb = t_bytes(c.count, maxn, sizeof(D));
    Workspace ws(tb + size_t(c.count) * std::max(1, maxn) * sizeof(D), c.stream);
    View<D> tau;
    tau.base = ws.at<D>(tb);
    tau.stride = std::max(1, maxn);
    launch_geqrf(c, ws, ms, ns, maxm, maxn, a, tau, adjoint ? nullptr : &b, rs, maxr);
    const bool shared = maxn <= kSharedSolveMax;
    launch_blocks(GelsSolve<D>{adjoint, ms, ns, rs, a, b, c.info, shared}, c.count, block_threads(maxn),
                  shared ? solve_shared_bytes<D>(maxn, false) : 0, c.stream);
    if (!adjoint) return;
    // B := Q [X; 0], the blocks backward, skipping the matrices whose solve failed.
    const Reflected g{ms, rs, ns, false};
    const Blocked<D> s = blocked<D>(c, ws, g, maxm, maxr, maxn);
    s.steps(false, [&](int j) {
        s.panel(PanelMode::Reflect, j, a, tau);
        s.larfb(j, a, false, b, g, maxr, false, false, c.info);
    });
}

// dst := src^H for each m x n matrix of src (dst is n x m).
template <class T> struct ConjTranspose {
    Sizes m, n;
    View<T> src, dst;
    template <class Team> __device__ void operator()(const Team &t, int64_t i, void *, void *) const {
        const int M = m[i], N = n[i], lds = src.ldi(i), ldd = dst.ldi(i);
        const T *s = src.at(i);
        T *d = dst.at(i);
        for (int e = t.rank(); e < M * N; e += t.size()) {  // consecutive threads read down a column
            const int r = e % M, c = e / M;
            d[c + int64_t(r) * ldd] = conj_(s[r + int64_t(c) * lds]);
        }
    }
};

// gels of a chunk whose matrices are all m >= n (`wide` false) or all m < n. LAPACK's LQ path for
// m < n is the QR path on A^H: the LQ factors of A are the conjugate transposes of the QR factors
// of A^H (the same vectors reach ?larfg, the same tau), the minimum-norm solution of A X = B is
// gels with the adjoint of A^H, and the least-squares solution of A^H X = B is gels('N') of A^H.
// A^H goes to a workspace and the factors come back to A transposed.
template <class T> void run_gels(Chunk &c, const Gels<T> &op, bool wide) {
    using D = Dev<T>;
    const bool adjoint = op.trans.value != 'N';
    const int maxm = chunk_max(op.m, c), maxn = chunk_max(op.n, c), maxr = chunk_max(op.nrhs, c);
    const Sizes ms = c.sizes(op.m), ns = c.sizes(op.n), rs = c.sizes(op.nrhs);
    const View<D> a = c.view(op.A), b = c.view(op.B);
    if (!wide) {
        gels_tall(c, adjoint, ms, ns, rs, maxm, maxn, maxr, a, b);
        return;
    }
    Workspace ws(size_t(c.count) * maxm * maxn * sizeof(D), c.stream);
    View<D> ah;
    ah.base = ws.at<D>();
    ah.stride = int64_t(maxm) * maxn;
    ah.ld = std::max(1, maxn);
    launch_blocks(ConjTranspose<D>{ms, ns, a, ah}, c.count, 256, 0, c.stream);
    gels_tall(c, !adjoint, ns, ms, rs, maxn, maxm, maxr, ah, b);
    launch_blocks(ConjTranspose<D>{ns, ms, ah, a}, c.count, 256, 0, c.stream);
}

}  // namespace

template <class T> int run(const Geqrf<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.m[i], op.n[i]}; }, true);
            d.add(op.tau, [&](int64_t i) { return Shape{std::min(op.m[i], op.n[i]), 1}; }, true);
        },
        [&](Chunk &c) { run_geqrf(c, op); });
}
BL_INSTANTIATE_RUN(Geqrf)

template <class T> int run(const Orgqr<T> &op) {
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.m[i], op.n[i]}; }, true);
            d.add(op.tau, [&](int64_t i) { return Shape{op.k[i], 1}; }, false);
        },
        [&](Chunk &c) { run_orgqr(c, op); });
}
BL_INSTANTIATE_RUN(Orgqr)

template <class T> int run(const Ormqr<T> &op) {
    const bool left = op.side.value == 'L';
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{left ? op.m[i] : op.n[i], op.k[i]}; }, false);
            d.add(op.tau, [&](int64_t i) { return Shape{op.k[i], 1}; }, false);
            d.add(op.C, [&](int64_t i) { return Shape{op.m[i], op.n[i]}; }, true);
        },
        [&](Chunk &c) { run_ormqr(c, op); });
}
BL_INSTANTIATE_RUN(Ormqr)

// A variable batch that mixes m < n with m >= n is not offered (offer.cu): the GPU path takes
// one of LAPACK's two paths for the whole batch.
template <class T> int run(const Gels<T> &op) {
    const bool wide = op.b.count > 0 && op.m[0] < op.n[0];
    return drive(
        op,
        [&](Driver &d) {
            d.add(op.A, [&](int64_t i) { return Shape{op.m[i], op.n[i]}; }, true);
            d.add(op.B, [&](int64_t i) { return Shape{std::max(op.m[i], op.n[i]), op.nrhs[i]}; }, true);
        },
        [&](Chunk &c) { run_gels(c, op, wide); });
}
BL_INSTANTIATE_RUN(Gels)

}  // namespace cuda
}  // namespace bl
