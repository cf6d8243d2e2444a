// batchlapack-kernel-sizes: the group kernels (src_cpu/small_*_group.cpp, included here as the
// library's x86-64-v3 build units include them), each order n up to the family's fixed top as
// Fixed<n> ("fixed") and with the order at run time in local arrays sized for that top
// ("run-time"; on the stack, as the fixed orders), and sized for the family's largest order
// ("run-time max": the heap copy of the orders past the stack's). For getrf, potrf and geqrf also
// "copies": the kernel's copies between the matrices and its interleaved local copy alone, what an
// interleaved layout in the API would save (docs/decisions.md, "No interleaved layout"); complex
// double at a sample of orders (each order is a kernel instance of its own).
#define BL_UNIT_d 1
#define BL_ISA v3
#include "small_cholesky_group.cpp"
#include "small_lu_group.cpp"
#include "small_gebrd_group.cpp"
#include "small_qr_group.cpp"

#include <complex>
#include <memory>
#include <random>

#include "kernel_sizes.hpp"

namespace blks {
namespace {

namespace small = bl::cpu::small;
namespace ladder = bl::cpu::ladder;
using small::Fixed;
using small::Upto;
constexpr int G = small::group_size;
// The orders the harness compares: up to the stack's capacity for LU and Cholesky (the largest
// fixed order there has been), up to the one-matrix kernels' top for QR and gebrd.
constexpr int kLuTop = ladder::kGroupStackMax<double>, kCholTop = ladder::kGroupStackMax<double>, kQrTop = ladder::kSmallMax;

template <class T> const char *name() {
    const bool single = sizeof(bl::Real<T>) == 4;
    return bl::is_complex<T> ? (single ? "c" : "z") : single ? "s" : "d";
}
// No right-hand sides: the factorizations alone.
template <class T> constexpr small::GroupRhs<T> no_rhs{};
// The orders timed for type T: every one for real types, a sample for complex ones.
template <class T, int n>
constexpr bool timed = !bl::is_complex<T> || n == 2 || n == 4 || n == 8 || n == 12 || n == 16 || n == 24 || n == 32;

// A batch of order-n matrices (lda = n), a multiple of the group size.
template <class T> struct Batch {
    using R = bl::Real<T>;
    int n, count;
    std::vector<T> pristine, work;
    std::vector<T *> ptr;
    Batch(int n_, bool spd) : n(n_), count(std::max(2 * G, int(kBatchBytes / (sizeof(T) * n_ * n_)) / G * G)) {
        std::mt19937_64 g(n);
        std::uniform_real_distribution<R> u(-1, 1);
        pristine.resize(size_t(n) * n * count);
        for (auto &x : pristine) {
            if constexpr (bl::is_complex<T>) x = T(u(g), u(g));
            else x = u(g);
        }
        if (spd)
            for (int m = 0; m < count; ++m)
                for (int i = 0; i < n; ++i) pristine[size_t(m) * n * n + i + size_t(i) * n] = T(2 * n + 1);
        work = pristine;
        for (int m = 0; m < count; ++m) ptr.push_back(work.data() + size_t(m) * n * n);
    }
    void restore() { std::copy(pristine.begin(), pristine.end(), work.begin()); }
};

// Calls kernel(A, next, next_count) for the consecutive groups of the batch, each with the next
// group to prefetch, as for_each_group gives them.
template <class R, class F> void groups(Batch<R> &b, F &&kernel) {
    for (int first = 0; first < b.count; first += G) {
        const int next = std::min(G, b.count - first - G);
        kernel(&b.ptr[first], const_cast<const R *const *>(&b.ptr[first + G]), std::max(next, 0));
    }
}

template <class R, class F>
void add(std::vector<Case> &out, const char *family, int n, bool spd, double flops, std::vector<std::string> variants,
         F kernel) {
    auto b = std::make_shared<Batch<R>>(n, spd);
    Case c;
    c.family = family, c.type = name<R>(), c.n = n, c.matrices = b->count, c.flops = flops;
    c.variants = variants;
    c.restore = [b] { b->restore(); };
    for (int v = 0; v < int(variants.size()); ++v)
        c.run.push_back([b, v, kernel] { groups(*b, [&](R *const *A, const R *const *next, int nc) { kernel(v, A, b->n, next, nc); }); });
    out.push_back(std::move(c));
}

// A group kernel's local interleaved copy at order N for matrices of T (small_*_group.cpp): a
// column (or row) N + 1 lane groups of S reals long.
template <class T, class Nt> struct KernelCopy {
    static constexpr int S = small::lane_parts<T> * G, Cap = small::capacity<Nt>;
    small::GroupCopy<bl::Real<T>, Cap * (Cap + 1) * S> copy;
    const int LD;
    bl::Real<T> *const w = copy.get();
    explicit KernelCopy(Nt N) : LD((N + 1) * S) {}
};

// The copies of getrf_group_kernel (small_lu_group.cpp) alone: its columns into the interleaved
// copy, then back (the rows past the diagonal lane by lane, where the kernel applies the later
// interchanges). An in-place kernel would still permute those rows, so this is an upper bound of
// what the interleaved layout saves. The empty asm keeps the compiler from skipping the copy.
template <class T, class Nt> void getrf_copies(Nt N, T *const *A, int lda) {
    KernelCopy<T, Nt> k(N);
    const int S = k.S, LD = k.LD;
    for (int c = 0; c < N; ++c) small::group_column_copy<true>(A, int64_t(c) * lda, N, k.w + c * LD, S, 0, G);
    asm volatile("" : : "r"(k.w) : "memory");
    for (int c = N - 1; c >= 0; --c) {
        small::group_column_copy<false>(A, int64_t(c) * lda, c + 1, k.w + c * LD, S, 0, G);
        for (int l = 0; l < G; ++l)
            for (int i = c + 1; i < N; ++i) A[l][i + int64_t(c) * lda] = small::lane_get<T>(k.w + c * LD + i * S + l);
    }
}
// potrf_group_kernel's copies ('L'): the lower triangle's columns into rows of the copy and back.
template <class T, class Nt> void potrf_copies(Nt N, T *const *A, int lda) {
    KernelCopy<T, Nt> k(N);
    for (int c = 0; c < N; ++c)
        small::group_column_copy<true, 32>(A, c + int64_t(c) * lda, N - c, k.w + c * k.LD + c * k.S, k.LD, 0, G);
    asm volatile("" : : "r"(k.w) : "memory");
    for (int c = 0; c < N; ++c)
        small::group_column_copy<false, 32>(A, c + int64_t(c) * lda, N - c, k.w + c * k.LD + c * k.S, k.LD, 0, G);
}
// geqrf_group_kernel's copies (real types): element by element in and out, and tau out.
template <class R, class Nt> void geqrf_copies(Nt N, R *const *A, int lda, R *const *tau) {
    KernelCopy<R, Nt> k(N);
    for (int c = 0; c < N; ++c)
        for (int i = 0; i < N; ++i)
            for (int l = 0; l < G; ++l) k.w[c * k.LD + i * G + l] = A[l][i + int64_t(c) * lda];
    asm volatile("" : : "r"(k.w) : "memory");
    for (int l = 0; l < G; ++l) {
        for (int c = 0; c < N; ++c)
            for (int i = 0; i < N; ++i) A[l][i + int64_t(c) * lda] = k.w[c * k.LD + i * G + l];
        for (int i = 0; i < N; ++i) tau[l][i] = k.w[i * k.LD + i * G + l];
    }
}

template <class T> void family_cases(std::vector<Case> &out) {
    using R = bl::Real<T>;
    static std::vector<int> piv(G * kLuTop), info(G);
    static std::vector<int *> pivs(G);
    static std::vector<R> buf(8 * G * ladder::kSmallMax);
    static std::vector<R *> tau(G), d(G), e(G), tq(G), tp(G);
    for (int l = 0; l < G; ++l) {
        pivs[l] = piv.data() + l * kLuTop;
        tau[l] = buf.data() + (0 * G + l) * ladder::kSmallMax, d[l] = buf.data() + (1 * G + l) * ladder::kSmallMax;
        e[l] = buf.data() + (2 * G + l) * ladder::kSmallMax, tq[l] = buf.data() + (3 * G + l) * ladder::kSmallMax;
        tp[l] = buf.data() + (4 * G + l) * ladder::kSmallMax;
    }
    const double scale = bl::is_complex<T> ? 4 : 1;  // flops per complex one, as core/op_common.hpp counts
    for (int n = 1; n <= kLuTop; ++n)
        small::with_fixed<kLuTop>(n, [&](auto N) {
            if constexpr (timed<T, decltype(N)::value>) {
                const double x = n;
                add<T>(out, "getrf_group", n, false, scale * 2 * x * x * x / 3,
                       {"fixed", "run-time", "run-time max", "copies"},
                       [N](int v, T *const *A, int lda, const T *const *next, int nc) {
                           int *const *p = pivs.data(), *f = info.data();
                           if (v == 0) small::getrf_group_one(N, A, lda, p, f, G, next, nc, no_rhs<T>);
                           else if (v == 1)
                               small::getrf_group_one(Upto<kLuTop>{N}, A, lda, p, f, G, next, nc, no_rhs<T>);
                           else if (v == 2)
                               small::getrf_group_one(Upto<ladder::lu::kGroupMax<T>>{N}, A, lda, p, f, G, next, nc,
                                                      no_rhs<T>);
                           else
                               getrf_copies(N, A, lda);
                       });
            }
            return true;
        });
    for (int n = 1; n <= kCholTop; ++n)
        small::with_fixed<kCholTop>(n, [&](auto N) {
            if constexpr (timed<T, decltype(N)::value>) {
                const double x = n;
                add<T>(out, "potrf_group", n, true, scale * x * x * x / 3,
                       {"fixed", "run-time", "run-time max", "copies"},
                       [N](int v, T *const *A, int lda, const T *const *next, int nc) {
                           int *f = info.data();
                           if (v == 0) small::potrf_group_one(N, 'L', A, lda, f, G, next, nc, no_rhs<T>);
                           else if (v == 1)
                               small::potrf_group_one(Upto<kCholTop>{N}, 'L', A, lda, f, G, next, nc, no_rhs<T>);
                           else if (v == 2)
                               small::potrf_group_one(Upto<ladder::cholesky::kGroupMax<T>>{N}, 'L', A, lda, f, G,
                                                      next, nc, no_rhs<T>);
                           else
                               potrf_copies(N, A, lda);
                       });
            }
            return true;
        });
    if constexpr (!bl::is_complex<T>)  // the Householder group kernels timed in real types only
        for (int n = 1; n <= kQrTop; ++n)
            small::with_fixed<kQrTop>(n, [&](auto N) {
                const double x = n;
                add<R>(out, "geqrf_group", n, false, 4 * x * x * x / 3, {"fixed", "run-time", "run-time max", "copies"},
                       [N](int v, R *const *A, int lda, const R *const *next, int nc) {
                           if (v == 0) small::geqrf_group_one(N, N, A, lda, tau.data(), G, next, nc);
                           else if (v == 1)
                               small::geqrf_group_one(Upto<kQrTop>{N}, Upto<kQrTop>{N}, A, lda, tau.data(), G, next,
                                                      nc);
                           else if (v == 2) {
                               constexpr int top = ladder::qr::kGroupMax;
                               small::geqrf_group_one(Upto<top>{N}, Upto<top>{N}, A, lda, tau.data(), G, next, nc);
                           } else
                               geqrf_copies(N, A, lda, tau.data());
                       });
                add<R>(out, "gebrd_group", n, false, 8 * x * x * x / 3, {"fixed", "run-time", "run-time max"},
                       [N](int v, R *const *A, int lda, const R *const *next, int nc) {
                           if (v == 0)
                               small::gebrd_group_one(N, N, A, lda, d.data(), e.data(), tq.data(), tp.data(), G, next,
                                                      nc);
                           else if (v == 1)
                               small::gebrd_group_one(Upto<kQrTop>{N}, Upto<kQrTop>{N}, A, lda, d.data(), e.data(),
                                                      tq.data(), tp.data(), G, next, nc);
                           else {
                               constexpr int top = ladder::gebrd::kGroupMax;
                               small::gebrd_group_one(Upto<top>{N}, Upto<top>{N}, A, lda, d.data(), e.data(),
                                                      tq.data(), tp.data(), G, next, nc);
                           }
                       });
                return true;
            });
}

}  // namespace

std::vector<Case> group_cases() {
    std::vector<Case> out;
    family_cases<double>(out);
    family_cases<float>(out);
    family_cases<std::complex<double>>(out);
    return out;
}

}  // namespace blks
