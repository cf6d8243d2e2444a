// Independence of results (DESIGN.md, "Backends and dispatch"): a matrix's results -- factors,
// pivots, info, every output -- are bit for bit the same whatever the values of the other
// matrices of the call, for the same layout and sizes, on each backend. Every routine is run on a
// batch, then on the same batch with two matrices (in different groups of eight, where the CPU's
// group kernels take eight at once) replaced by NaN, Inf, values near overflow or underflow, zeros
// or a singular matrix; every other matrix's outputs and info must come out with the same bits.
// A NaN or Inf in one matrix thus never reaches another.
#include "common.hpp"

namespace bltest {
namespace {

template <class T> using Independence = TypedBackendTest<T>;
TYPED_TEST_SUITE(Independence, Precisions);

constexpr int kCount = 19;           // groups of 8, 8 and 3
const int kVictims[] = {3, 17};      // in the first group and in the last, partial, one
// Orders across the switch points of the CPU kernels (the one-matrix kernels to 16, the group
// kernels to 56 (LU), 64 (Cholesky), 80 (QR), the tiled LU and Cholesky from 33).
const int kOrders[] = {1, 3, 8, 17, 33, 60};

enum class Poison { NaN, Inf, Huge, Tiny, Zero, Singular };
const Poison kPoisons[] = {Poison::NaN, Poison::Inf, Poison::Huge, Poison::Tiny, Poison::Zero, Poison::Singular};
const char *name(Poison p) {
    const char *names[] = {"NaN", "Inf", "huge", "tiny", "zero", "singular"};
    return names[int(p)];
}

// The arrays of one call: those of the scalar type (A first), of its real type, of pivots, and info.
template <class T> struct Arrays {
    std::vector<Batch<T>> t;
    std::vector<Batch<Real<T>>> r;
    std::vector<Batch<int>> p;
    std::vector<int> info = std::vector<int>(kCount, -99);
};

// Replaces matrix i of every array of the scalar type by `p`'s values.
template <class T> void poison(Batch<T> &b, int i, Poison p) {
    using R = Real<T>;
    const int rows = b.rows(i), cols = b.cols(i);
    if (rows == 0 || cols == 0) return;
    auto scale = [&](R s) {
        for (int c = 0; c < cols; ++c)
            for (int r = 0; r < rows; ++r) b.at(i, r, c) *= s;
    };
    switch (p) {
    case Poison::NaN: b.at(i, rows - 1, 0) = T(std::numeric_limits<R>::quiet_NaN()); break;
    case Poison::Inf: b.at(i, rows - 1, 0) = T(std::numeric_limits<R>::infinity()); break;
    case Poison::Huge: scale(std::numeric_limits<R>::max() / 4); break;
    case Poison::Tiny: scale(std::numeric_limits<R>::min() * 4); break;
    case Poison::Zero: scale(R(0)); break;
    case Poison::Singular:  // the last column a copy of the first (zero for one column)
        for (int r = 0; r < rows; ++r) b.at(i, r, cols - 1) = cols > 1 ? b.at(i, r, 0) : T(0);
        break;
    }
}

// Every output of matrix i the same bits in a and b.
template <class U> bool same_matrix(const Batch<U> &a, const Batch<U> &b, int i) {
    const std::vector<U> x = a.get(i), y = b.get(i);
    return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(U)) == 0;
}

// Runs `call` on `clean` and, for each poison, on a copy with the victims poisoned, and compares
// every other matrix's outputs, info, and the guards around the matrices.
template <class T, class Call>
void expect_independent(const std::string &what, Layout l, const Arrays<T> &input, Call &&call) {
    Arrays<T> clean = input;
    ASSERT_EQ(call(clean), 0) << what << " " << name(l) << ": " << bl_last_error();
    for (Poison p : kPoisons) {
        SCOPED_TRACE(what + " " + name(l) + ", two matrices " + name(p));
        Arrays<T> dirty = input;
        for (int v : kVictims)
            for (auto &b : dirty.t) poison(b, v, p);
        ASSERT_EQ(call(dirty), 0) << bl_last_error();
        for (int i = 0; i < kCount; ++i) {
            if (i == kVictims[0] || i == kVictims[1]) continue;
            EXPECT_EQ(clean.info[i], dirty.info[i]) << "matrix " << i;
            for (size_t k = 0; k < clean.t.size(); ++k)
                EXPECT_TRUE(same_matrix(clean.t[k], dirty.t[k], i)) << "matrix " << i << ", array " << k;
            for (size_t k = 0; k < clean.r.size(); ++k)
                EXPECT_TRUE(same_matrix(clean.r[k], dirty.r[k], i)) << "matrix " << i << ", real array " << k;
            for (size_t k = 0; k < clean.p.size(); ++k)
                EXPECT_TRUE(same_matrix(clean.p[k], dirty.p[k], i)) << "matrix " << i << ", pivots";
        }
        for (auto &b : dirty.t) EXPECT_TRUE(b.guards_intact());
        for (auto &b : dirty.r) EXPECT_TRUE(b.guards_intact());
        for (auto &b : dirty.p) EXPECT_TRUE(b.guards_intact());
    }
}

std::vector<int> all(int v) { return std::vector<int>(kCount, v); }
template <class U> Batch<U> random_batch(Layout l, int rows, int cols) {
    Batch<U> b(l, all(rows), all(cols), 1);
    b.randomize();
    return b;
}
// Random, with n added to the diagonal (triangular solves that stay well inside the range).
template <class T> Batch<T> dominant(Layout l, int n) {
    Batch<T> b = random_batch<T>(l, n, n);
    for (int i = 0; i < kCount; ++i)
        for (int j = 0; j < n; ++j) b.at(i, j, j) += T(Real<T>(n));
    return b;
}
// Hermitian positive definite: random, made Hermitian, n added to the diagonal.
template <class T> Batch<T> hpd(Layout l, int n) {
    Batch<T> b = dominant<T>(l, n);
    for (int i = 0; i < kCount; ++i)
        for (int c = 0; c < n; ++c) {
            b.at(i, c, c) = T(std::real(b.at(i, c, c)));
            for (int r = c + 1; r < n; ++r) {
                T v = b.at(i, c, r);
                if constexpr (is_complex<T>) v = std::conj(v);
                b.at(i, r, c) = v;
            }
        }
    return b;
}
// Valid pivots (each in 1..n) that are not all the identity.
Batch<int> pivots(Layout l, int n) {
    Batch<int> p(l, all(n), all(1));
    p.fill([n](int i, int r, int) { return std::max(r, (r * 7 + i) % n) + 1; });
    return p;
}

TYPED_TEST(Independence, LU) {
    using T = TypeParam;
    for (Layout l : kLayouts)
        for (int s : kOrders) {
            const std::vector<int> n = all(s), nrhs = all(2);
            const std::string size = " n = " + std::to_string(s);
            Arrays<T> a;
            a.t = {random_batch<T>(l, s, s)};
            a.p = {Batch<int>(l, n, all(1))};
            expect_independent("getrf" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, getrf, P::size(n), P::size(n), P::matrix(x.t[0]), P::vector(x.p[0]),
                                   std::make_tuple(x.info.data(), kCount));
            });
            a.t = {random_batch<T>(l, s, s), random_batch<T>(l, s, 2)};
            expect_independent("gesv" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, gesv, P::size(n), P::size(nrhs), P::matrix(x.t[0]), P::vector(x.p[0]),
                                   P::matrix(x.t[1]), std::make_tuple(x.info.data(), kCount));
            });
            a.t = {dominant<T>(l, s), random_batch<T>(l, s, 2)};
            a.p = {pivots(l, s)};
            expect_independent("getrs" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, getrs, std::make_tuple('N'), P::size(n), P::size(nrhs), P::matrix(x.t[0]),
                                   P::vector(x.p[0]), P::matrix(x.t[1]), std::make_tuple(x.info.data(), kCount));
            });
            a.t = {dominant<T>(l, s)};
            expect_independent("getri" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, getri, P::size(n), P::matrix(x.t[0]), P::vector(x.p[0]),
                                   std::make_tuple(x.info.data(), kCount));
            });
            a.t = {dominant<T>(l, s), random_batch<T>(l, s, s)};
            expect_independent("getri_oop" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, getri_oop, P::size(n), P::matrix(x.t[0]), P::vector(x.p[0]), P::matrix(x.t[1]),
                                   std::make_tuple(x.info.data(), kCount));
            });
            a.p.clear();
            a.t = {dominant<T>(l, s)};
            expect_independent("trtri" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, trtri, std::make_tuple('L', 'N'), P::size(n), P::matrix(x.t[0]),
                                   std::make_tuple(x.info.data(), kCount));
            });
            expect_independent("getrf_np" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, getrf_np, P::size(n), P::size(n), P::matrix(x.t[0]),
                                   std::make_tuple(x.info.data(), kCount));
            });
            a.t = {dominant<T>(l, s), random_batch<T>(l, s, 2)};
            expect_independent("getrs_np" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, getrs_np, std::make_tuple('T'), P::size(n), P::size(nrhs), P::matrix(x.t[0]),
                                   P::matrix(x.t[1]), std::make_tuple(x.info.data(), kCount));
            });
            expect_independent("gesv_np" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, gesv_np, P::size(n), P::size(nrhs), P::matrix(x.t[0]), P::matrix(x.t[1]),
                                   std::make_tuple(x.info.data(), kCount));
            });
        }
}

TYPED_TEST(Independence, Cholesky) {
    using T = TypeParam;
    for (Layout l : kLayouts)
        for (int s : kOrders)
            for (char uplo : {'L', 'U'}) {
                const std::vector<int> n = all(s), nrhs = all(2);
                const std::string size = std::string(" ") + uplo + " n = " + std::to_string(s);
                Arrays<T> a;
                a.t = {hpd<T>(l, s)};
                expect_independent("potrf" + size, l, a, [&](Arrays<T> &x) {
                    return BLTEST_CALL(l, potrf, std::make_tuple(uplo), P::size(n), P::matrix(x.t[0]),
                                       std::make_tuple(x.info.data(), kCount));
                });
                a.t = {hpd<T>(l, s), random_batch<T>(l, s, 2)};
                expect_independent("posv" + size, l, a, [&](Arrays<T> &x) {
                    return BLTEST_CALL(l, posv, std::make_tuple(uplo), P::size(n), P::size(nrhs), P::matrix(x.t[0]),
                                       P::matrix(x.t[1]), std::make_tuple(x.info.data(), kCount));
                });
                a.t = {dominant<T>(l, s), random_batch<T>(l, s, 2)};
                expect_independent("potrs" + size, l, a, [&](Arrays<T> &x) {
                    return BLTEST_CALL(l, potrs, std::make_tuple(uplo), P::size(n), P::size(nrhs), P::matrix(x.t[0]),
                                       P::matrix(x.t[1]), std::make_tuple(x.info.data(), kCount));
                });
                a.t = {dominant<T>(l, s)};
                expect_independent("potri" + size, l, a, [&](Arrays<T> &x) {
                    return BLTEST_CALL(l, potri, std::make_tuple(uplo), P::size(n), P::matrix(x.t[0]),
                                       std::make_tuple(x.info.data(), kCount));
                });
            }
}

// The shapes of the QR family and gebrd: square, tall and wide.
std::vector<std::pair<int, int>> shapes() {
    std::vector<std::pair<int, int>> v;
    for (int s : kOrders) v.push_back({s, s});
    v.push_back({23, 9});
    v.push_back({9, 23});
    return v;
}

TYPED_TEST(Independence, QR) {
    using T = TypeParam;
    for (Layout l : kLayouts)
        for (auto [sm, sn] : shapes()) {
            const int sk = std::min(sm, sn);
            const std::vector<int> m = all(sm), n = all(sn), k = all(sk), nrhs = all(2);
            const std::string size = " " + std::to_string(sm) + "x" + std::to_string(sn);
            Arrays<T> a;
            a.t = {random_batch<T>(l, sm, sn), random_batch<T>(l, sk, 1)};
            expect_independent("geqrf" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, geqrf, P::size(m), P::size(n), P::matrix(x.t[0]), P::vector(x.t[1]),
                                   std::make_tuple(x.info.data(), kCount));
            });
            a.t = {random_batch<T>(l, sm, sn), random_batch<T>(l, std::max(sm, sn), 2)};
            expect_independent("gels" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, gels, std::make_tuple('N'), P::size(m), P::size(n), P::size(nrhs),
                                   P::matrix(x.t[0]), P::matrix(x.t[1]), std::make_tuple(x.info.data(), kCount));
            });
            if (sm < sn) continue;
            // Q of an sm x sn factor (reflectors and tau as geqrf left them: random here).
            a.t = {random_batch<T>(l, sm, sn), random_batch<T>(l, sn, 1)};
            expect_independent("ungqr" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, ungqr, P::size(m), P::size(n), P::size(n), P::matrix(x.t[0]),
                                   P::vector(x.t[1]), std::make_tuple(x.info.data(), kCount));
            });
            a.t = {random_batch<T>(l, sm, sn), random_batch<T>(l, sn, 1), random_batch<T>(l, sm, 3)};
            const std::vector<int> three = all(3);
            expect_independent("unmqr" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, unmqr, std::make_tuple('L', 'N'), P::size(m), P::size(three), P::size(n),
                                   P::matrix(x.t[0]), P::vector(x.t[1]), P::matrix(x.t[2]),
                                   std::make_tuple(x.info.data(), kCount));
            });
        }
}

TYPED_TEST(Independence, Gebrd) {
    using T = TypeParam;
    using R = Real<T>;
    for (Layout l : kLayouts)
        for (auto [sm, sn] : shapes()) {
            const int sk = std::min(sm, sn);
            const std::vector<int> m = all(sm), n = all(sn);
            Arrays<T> a;
            a.t = {random_batch<T>(l, sm, sn), random_batch<T>(l, sk, 1), random_batch<T>(l, sk, 1)};
            a.r = {random_batch<R>(l, sk, 1), random_batch<R>(l, std::max(1, sk - 1), 1)};
            expect_independent("gebrd " + std::to_string(sm) + "x" + std::to_string(sn), l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, gebrd, P::size(m), P::size(n), P::matrix(x.t[0]), P::vector(x.r[0]),
                                   P::vector(x.r[1]), P::vector(x.t[1]), P::vector(x.t[2]),
                                   std::make_tuple(x.info.data(), kCount));
            });
        }
}

// The BLAS routines have no info (it stays as it was, the same in both calls).
TYPED_TEST(Independence, Blas) {
    using T = TypeParam;
    for (Layout l : kLayouts)
        for (int s : kOrders) {
            const std::vector<int> n = all(s), one = all(1);
            const std::string size = " n = " + std::to_string(s);
            for (char trans : {'N', 'T'}) {
                Arrays<T> a;
                a.t = {dominant<T>(l, s), random_batch<T>(l, s, 1)};
                expect_independent(std::string("trsv ") + trans + size, l, a, [&](Arrays<T> &x) {
                    return BLTEST_CALL(l, trsv, std::make_tuple('L', trans, 'N'), P::size(n), P::matrix(x.t[0]),
                                       P::vector(x.t[1], one), std::make_tuple(kCount));
                });
            }
            Arrays<T> a;
            a.t = {dominant<T>(l, s), random_batch<T>(l, s, 3)};
            const std::vector<int> three = all(3);
            expect_independent("trsm" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, trsm, std::make_tuple('L', 'U', 'N', 'N'), P::size(n), P::size(three),
                                   std::make_tuple(T(1)), P::matrix(x.t[0]), P::matrix(x.t[1]),
                                   std::make_tuple(kCount));
            });
            a.t = {random_batch<T>(l, s, s), random_batch<T>(l, s, s), random_batch<T>(l, s, s)};
            expect_independent("gemm" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, gemm, std::make_tuple('N', 'N'), P::size(n), P::size(n), P::size(n),
                                   std::make_tuple(T(1)), P::matrix(x.t[0]), P::matrix(x.t[1]), std::make_tuple(T(1)),
                                   P::matrix(x.t[2]), std::make_tuple(kCount));
            });
            a.t = {random_batch<T>(l, s, s), random_batch<T>(l, s, 1), random_batch<T>(l, s, 1)};
            expect_independent("gemv" + size, l, a, [&](Arrays<T> &x) {
                return BLTEST_CALL(l, gemv, std::make_tuple('N'), P::size(n), P::size(n), std::make_tuple(T(1)),
                                   P::matrix(x.t[0]), P::vector(x.t[1], one), std::make_tuple(T(1)),
                                   P::vector(x.t[2], one), std::make_tuple(kCount));
            });
        }
}

}  // namespace
}  // namespace bltest
