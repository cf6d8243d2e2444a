// batchlapack-kernel-sizes: the one-matrix kernels (src_cpu/small_{lu,cholesky,qr}.cpp, included
// here as the library's build units include them, double precision's unit), each order n up to
// ladder::kSmallMax as Fixed<n> ("fixed") and as Upto<kSmallMax>{n} ("run-time"). The solves with
// one vector have no such choice: their kernel (small_trsv_fixed.cpp) is compiled for each order
// up to ladder::trsv::kFixedOrders.
#define BL_UNIT_d 1
#include "small_cholesky.cpp"
#include "small_lu.cpp"
#include "small_qr.cpp"

#include <complex>
#include <memory>
#include <random>

#include "kernel_sizes.hpp"

namespace blks {
namespace {

namespace small = bl::cpu::small;
using small::Fixed;
using small::Upto;
constexpr int kTop = bl::cpu::ladder::kSmallMax;
using Run = Upto<kTop>;

template <class T> T value(std::mt19937_64 &g) {
    std::uniform_real_distribution<double> u(-1, 1);
    if constexpr (bl::is_complex<T>) return T(u(g), u(g));
    else return T(u(g));
}
template <class T> const char *name() { return bl::is_complex<T> ? "z" : "d"; }
template <class T> double scale() { return bl::is_complex<T> ? 4 : 1; }

// A batch of order-n matrices (lda = n): `pristine` and the copy the kernels work on.
template <class T> struct Batch {
    int n, count;
    std::vector<T> pristine, work;
    Batch(int n_, int kind) : n(n_), count(std::max(8, int(kBatchBytes / (sizeof(T) * n_ * n_)))) {
        std::mt19937_64 g(n);
        pristine.resize(size_t(n) * n * count);
        for (auto &x : pristine) x = value<T>(g);
        // kind 1: a real, dominant diagonal (positive definite, as potrf reads the lower triangle;
        // well conditioned, as its own LU factors or Cholesky factor in the solves).
        if (kind == 1)
            for (int m = 0; m < count; ++m)
                for (int i = 0; i < n; ++i) pristine[size_t(m) * n * n + i + size_t(i) * n] = T(2 * n + 1);
        work = pristine;
    }
    T *at(int m) { return work.data() + size_t(m) * n * n; }
    void restore() { work = pristine; }
};

template <class T, class F> void add(std::vector<Case> &out, const char *family, int n, int kind, double flops, F kernel) {
    auto b = std::make_shared<Batch<T>>(n, kind);
    Case c;
    c.family = family, c.type = name<T>(), c.n = n, c.matrices = b->count, c.flops = flops * scale<T>();
    c.variants = {"fixed", "run-time"};
    c.restore = [b] { b->restore(); };
    for (int v = 0; v < 2; ++v)
        c.run.push_back([b, v, kernel] {
            for (int m = 0; m < b->count; ++m) kernel(v == 0, b->at(m), b->n);
        });
    out.push_back(std::move(c));
}

template <class T> void family_cases(std::vector<Case> &out) {
    for (int n = 1; n <= kTop; ++n)
        small::with_fixed<kTop>(n, [&](auto N) {
            const double d = n;
            static thread_local std::vector<int> ipiv(kTop);
            static thread_local std::vector<T> tau(kTop), tq(kTop), tp(kTop);
            static thread_local std::vector<bl::Real<T>> dd(kTop), ee(kTop);
            add<T>(out, "getrf", n, 0, 2 * d * d * d / 3, [N](bool f, T *a, int lda) {
                int info;
                if (f) small::getrf_kernel(N, N, a, lda, ipiv.data(), &info);
                else small::getrf_kernel(Run{N}, Run{N}, a, lda, ipiv.data(), &info);
            });
            add<T>(out, "potrf", n, 1, d * d * d / 3, [N](bool f, T *a, int lda) {
                int info;
                if (f) small::potrf_kernel('L', N, a, lda, &info);
                else small::potrf_kernel('L', Run{N}, a, lda, &info);
            });
            add<T>(out, "geqrf", n, 0, 4 * d * d * d / 3, [N](bool f, T *a, int lda) {
                if (f) small::geqrf_kernel(N, N, a, lda, tau.data());
                else small::geqrf_kernel(Run{N}, Run{N}, a, lda, tau.data());
            });
            add<T>(out, "gebrd", n, 0, 8 * d * d * d / 3, [N](bool f, T *a, int lda) {
                if (f) small::gebrd_kernel(N, N, a, lda, dd.data(), ee.data(), tq.data(), tp.data());
                else small::gebrd_kernel(Run{N}, Run{N}, a, lda, dd.data(), ee.data(), tq.data(), tp.data());
            });
            return true;
        });
}

}  // namespace

std::vector<Case> small_cases() {
    std::vector<Case> out;
    family_cases<double>(out);
    family_cases<std::complex<double>>(out);
    return out;
}

}  // namespace blks
