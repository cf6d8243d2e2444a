// batchlapack-kernel-sizes: the group kernels (src_cpu/small_*_group.cpp, included here as the
// library's x86-64-v3 build units include them), each order n up to the family's fixed top as
// Fixed<n> ("fixed") and with the order at run time in local arrays sized for that top
// ("run-time"; on the stack, as the fixed orders), and sized for the family's largest order
// ("run-time max": the heap copy of the orders past the stack's).
#define BL_UNIT_d 1
#define BL_ISA v3
#include "small_cholesky_group.cpp"
#include "small_lu_group.cpp"
#include "small_gebrd_group.cpp"
#include "small_qr_group.cpp"

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

template <class R> const char *name() { return sizeof(R) == 4 ? "s" : "d"; }

// A batch of order-n matrices (lda = n), a multiple of the group size.
template <class R> struct Batch {
    int n, count;
    std::vector<R> pristine, work;
    std::vector<R *> ptr;
    Batch(int n_, bool spd) : n(n_), count(std::max(2 * G, int(kBatchBytes / (sizeof(R) * n_ * n_)) / G * G)) {
        std::mt19937_64 g(n);
        std::uniform_real_distribution<R> u(-1, 1);
        pristine.resize(size_t(n) * n * count);
        for (auto &x : pristine) x = u(g);
        if (spd)
            for (int m = 0; m < count; ++m)
                for (int i = 0; i < n; ++i) pristine[size_t(m) * n * n + i + size_t(i) * n] = R(2 * n + 1);
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

template <class R> void family_cases(std::vector<Case> &out) {
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
    for (int n = 1; n <= kLuTop; ++n)
        small::with_fixed<kLuTop>(n, [&](auto N) {
            const double x = n;
            add<R>(out, "getrf_group", n, false, 2 * x * x * x / 3, {"fixed", "run-time", "run-time max"},
                   [N](int v, R *const *A, int lda, const R *const *next, int nc) {
                       if (v == 0) small::getrf_group_one(N, A, lda, pivs.data(), info.data(), G, next, nc);
                       else if (v == 1)
                           small::getrf_group_one(Upto<kLuTop>{N}, A, lda, pivs.data(), info.data(), G, next, nc);
                       else
                           small::getrf_group_one(Upto<ladder::lu::kGroupMax<R>>{N}, A, lda, pivs.data(), info.data(), G,
                                                  next, nc);
                   });
            return true;
        });
    for (int n = 1; n <= kCholTop; ++n)
        small::with_fixed<kCholTop>(n, [&](auto N) {
            const double x = n;
            add<R>(out, "potrf_group", n, true, x * x * x / 3, {"fixed", "run-time", "run-time max"},
                   [N](int v, R *const *A, int lda, const R *const *next, int nc) {
                       if (v == 0) small::potrf_group_one(N, 'L', A, lda, info.data(), G, next, nc);
                       else if (v == 1) small::potrf_group_one(Upto<kCholTop>{N}, 'L', A, lda, info.data(), G, next, nc);
                       else
                           small::potrf_group_one(Upto<ladder::cholesky::kGroupMax<R>>{N}, 'L', A, lda, info.data(), G,
                                                  next, nc);
                   });
            return true;
        });
    for (int n = 1; n <= kQrTop; ++n)
        small::with_fixed<kQrTop>(n, [&](auto N) {
            const double x = n;
            add<R>(out, "geqrf_group", n, false, 4 * x * x * x / 3, {"fixed", "run-time", "run-time max"},
                   [N](int v, R *const *A, int lda, const R *const *next, int nc) {
                       if (v == 0) small::geqrf_group_one(N, N, A, lda, tau.data(), G, next, nc);
                       else if (v == 1)
                           small::geqrf_group_one(Upto<kQrTop>{N}, Upto<kQrTop>{N}, A, lda, tau.data(), G, next, nc);
                       else {
                           constexpr int top = ladder::qr::kGroupMax;
                           small::geqrf_group_one(Upto<top>{N}, Upto<top>{N}, A, lda, tau.data(), G, next, nc);
                       }
                   });
            add<R>(out, "gebrd_group", n, false, 8 * x * x * x / 3, {"fixed", "run-time", "run-time max"},
                   [N](int v, R *const *A, int lda, const R *const *next, int nc) {
                       if (v == 0)
                           small::gebrd_group_one(N, N, A, lda, d.data(), e.data(), tq.data(), tp.data(), G, next, nc);
                       else if (v == 1)
                           small::gebrd_group_one(Upto<kQrTop>{N}, Upto<kQrTop>{N}, A, lda, d.data(), e.data(), tq.data(),
                                                  tp.data(), G, next, nc);
                       else {
                           constexpr int top = ladder::gebrd::kGroupMax;
                           small::gebrd_group_one(Upto<top>{N}, Upto<top>{N}, A, lda, d.data(), e.data(), tq.data(),
                                                  tp.data(), G, next, nc);
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
    return out;
}

}  // namespace blks
