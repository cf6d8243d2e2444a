// CUDA backend: the block-column solve of the blocked Cholesky (chol_solve, blocked.cuh), a build
// unit of its own.
#include "blocked.cuh"
#include "precisions.hpp"

namespace bl {
namespace cuda {
namespace {

template <int NB, class T> __global__ void __launch_bounds__(128) chol_solve(CholSolve<T> g) {
    // L11's strict lower triangle packed by rows (row r's q < r at r (r - 1) / 2 + q), then the
    // reciprocals of its diagonal; rows past jb hold zeros. The tile Y (dynamic: NB x
    // (blockDim.x + 1), sized for the block's lines so that a block of one warp does not hold the
    // shared memory of four) is stored Y[k * ldy + line]: a thread's column is then a bank-friendly
    // row.
    constexpr int kDiagonal = NB * (NB - 1) / 2;
    auto lower = [](int r, int q) { return r * (r - 1) / 2 + q; };
    __shared__ T L[kDiagonal + NB];
    extern __shared__ __align__(16) unsigned char dynamic[];
    T *Y = reinterpret_cast<T *>(dynamic);
    const int64_t i = blockIdx.x;
    if (g.stop[i] != 0) return;
    const Step::Local l = g.s.at(i);
    const int lt = blockDim.x, ldy = lt + 1, j = g.s.j, jb = l.jb, lines = l.n - j - jb, first = int(blockIdx.y) * lt;
    if (jb <= 0 || first >= lines) return;
    T *a = g.A.at(i);
    const int lda = g.A.ldi(i);
    const Block<T> L11{a, lda, j, j, g.upper};
    const Block<T> B{a, lda, j, j + jb + first, !g.upper};  // A21^H in logical coordinates
    // A thread issues its loads kInFlight at a time before their stores: a loop of one load and
    // one store waited one memory round trip per element, jb of them a thread for Y. Slot m of a
    // thread is element (f, s) = (e % NB, e / NB), e = threadIdx.x + lt m, of a tile's storage
    // order (f along memory, NB long); the slots, not the elements as in staged_each, so that
    // 'L''s Y takes k = m without dividing by the block's width. NB slots reach every column of
    // L11 as long as lt >= NB (launch_chol_solve). The outer loop stays rolled (the code's size:
    // see the solve below).
    constexpr int kInFlight = 8;
    const int e0 = int(threadIdx.x);
    auto slot = [&](int m, int &f, int &s) {
        const int e = e0 + lt * m;
        f = e % NB, s = e / NB;
    };
    auto staged = [&](auto load, auto store) {
#pragma unroll 1
        for (int m0 = 0; m0 < NB; m0 += kInFlight) {
            T w[kInFlight];
#pragma unroll
            for (int u = 0; u < kInFlight; ++u) w[u] = load(m0 + u);
#pragma unroll
            for (int u = 0; u < kInFlight; ++u) store(m0 + u, w[u]);
        }
    };
    // L11: (r, q) = (f, s), or (s, f) for 'U'; its element (r, q <= r) in L
    auto l11 = [&](int m, int &r, int &q) {
        int f, s;
        slot(m, f, s);
        r = g.upper ? s : f, q = g.upper ? f : s;
        return s < NB;
    };
    auto l_at = [&](int r, int q) -> T & { return q < r ? L[lower(r, q)] : L[kDiagonal + r]; };
    // Y's element (k, c): 'L' reads A21^H along its rows, a thread's column c its own (k = m);
    // 'U' along the columns ((k, c) = a slot's (f, s)).
    auto y_at = [&](int m, int &k, int &c) {
        if (B.ct) k = m, c = e0;
        else slot(m, k, c);
        return k < jb && c < lt && first + c < lines;
    };
    // s, d and c: Y's copies all issued at once, then L11's (zeros past jb), by cp.async: no
    // registers hold them, where the staging below keeps kInFlight a thread; as they lie in
    // memory, conjugated where the block is once they have come. z stages both: there cp.async
    // lost 1.0-1.4 % of zpotrf 512 with Y and 2 % with L11, where d gains 1.4-2.2 % with Y and
    // 0.7-1.2 % more with L11 (H100, PERFORMANCE.md).
    constexpr bool kAsync = sizeof(T) <= 8;
    if constexpr (kAsync) {
#pragma unroll
        for (int m = 0; m < NB; ++m) {
            int k, c;
            const bool in = y_at(m, k, c);
            copy_async<sizeof(T)>(Y + k * ldy + c, in ? &B.ref(k, c) : a, in ? int(sizeof(T)) : 0);
        }
#pragma unroll 1
        for (int m = 0; m < NB; ++m) {
            int r, q;
            if (!l11(m, r, q) || q > r) continue;
            const bool in = r < jb;
            copy_async<sizeof(T)>(&l_at(r, q), in ? &L11.ref(r, q) : a, in ? int(sizeof(T)) : 0);
        }
        copy_async_commit();
        copy_async_wait<0>();
        if constexpr (kComplex<T>) {  // the thread's own copies, which it sees once waited for
            if (L11.ct)
#pragma unroll 1
                for (int m = 0; m < NB; ++m) {
                    int r, q;
                    if (!l11(m, r, q) || q > r || r >= jb) continue;
                    T &v = l_at(r, q);
                    v = conj_(v);
                }
            if (B.ct)
#pragma unroll 1
                for (int m = 0; m < NB; ++m) {
                    int k, c;
                    if (y_at(m, k, c)) Y[k * ldy + c] = conj_(Y[k * ldy + c]);
                }
        }
    } else {
        staged([&](int m) { int r, q; return l11(m, r, q) && r < jb && q <= r ? L11.get(r, q) : T(0); },
               [&](int m, T v) {
                   int r, q;
                   if (!l11(m, r, q)) return;  // (through l_at, ptxas scheduled z's kernel otherwise)
                   if (q < r) L[lower(r, q)] = v;
                   if (r == q) L[kDiagonal + r] = v;
               });
        staged([&](int m) { int k, c; return y_at(m, k, c) ? B.get(k, c) : T(0); },
               [&](int m, T v) {
                   int k, c;
                   if (y_at(m, k, c)) Y[k * ldy + c] = v;
               });
    }
    __syncthreads();
    // the diagonal's reciprocals, a division a thread (in the staging's unrolled stores complex
    // division's code came eight times)
    if (e0 < NB) {
        T &d = L[kDiagonal + e0];
        d = e0 < jb ? T(1) / d : T(0);
    }
    __syncthreads();
    T *y = Y + e0;  // the thread's column: its element k at y[k * ldy]
    // The substitution by blocks of KB columns of L11: a block's KB unknowns solved in registers,
    // then the rows below updated one at a time through the thread's column of Y (a load and a
    // store each per KB multiply-adds), in loops the compiler keeps rolled. The kernel's size
    // counts here: its blocks of one warp each run their own part of the code, so that every warp
    // fetches its own instructions. With every loop unrolled (the thread's column in 32 registers)
    // it was 328 KB of code in complex double, and a block of 32 lines took about 90 us.
    constexpr int KB = 8;
#pragma unroll 1
    for (int q0 = 0; q0 < jb; q0 += KB) {
        T b[KB];
#pragma unroll
        for (int u = 0; u < KB; ++u) b[u] = q0 + u < jb ? y[(q0 + u) * ldy] : T(0);
#pragma unroll
        for (int u = 0; u < KB; ++u) {
            b[u] *= L[kDiagonal + q0 + u];
#pragma unroll
            for (int v = u + 1; v < KB; ++v) b[v] -= L[lower(q0 + v, q0 + u)] * b[u];
        }
#pragma unroll
        for (int u = 0; u < KB; ++u)
            if (q0 + u < jb) y[(q0 + u) * ldy] = b[u];
#pragma unroll 2
        for (int k = q0 + KB; k < jb; ++k) {
            const T *row = L + lower(k, q0);
            T v = y[k * ldy];
#pragma unroll
            for (int u = 0; u < KB; ++u) v -= row[u] * b[u];
            y[k * ldy] = v;
        }
    }
    __syncthreads();
#pragma unroll 1
    for (int m = 0; m < NB; ++m) {
        int k, c2;
        if (y_at(m, k, c2)) B.put(k, c2, Y[k * ldy + c2]);
    }
}

}  // namespace

template <int NB, class T> void launch_chol_solve_nb(const CholSolve<T> &g, int64_t count, int lines, cudaStream_t stream) {
    // no more threads than lines (a whole number of warps), and at least NB (the slots' reach)
    const int lt = std::max(NB, std::min(chol_lines<T>(), (lines + 31) / 32 * 32));
    chol_solve<NB><<<dim3(unsigned(count), unsigned((lines + lt - 1) / lt)), lt, size_t(NB) * (lt + 1) * sizeof(T),
                     stream>>>(g);
    check_launch("chol_solve");
}
template <class T> void launch_chol_solve(const CholSolve<T> &g, int64_t count, int max_n, cudaStream_t stream) {
    const int lines = max_n - g.s.j - g.s.nb;  // a matrix with lines below has jb = nb
    if (lines <= 0) return;
    if constexpr (std::is_same<T, float>::value)
        if (g.s.nb == kCholBaseFloat) return launch_chol_solve_nb<kCholBaseFloat>(g, count, lines, stream);
    launch_chol_solve_nb<kPanel>(g, count, lines, stream);
}
#define BL_INSTANTIATE(p, T) \
    template void launch_chol_solve(const CholSolve<Dev<T>> &, int64_t, int, cudaStream_t);
BL_PRECISIONS(BL_INSTANTIATE)
#undef BL_INSTANTIATE

}  // namespace cuda
}  // namespace bl
