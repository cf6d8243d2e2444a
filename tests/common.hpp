// Shared machinery of the test bodies: batches in the three layouts with guard cells around every
// matrix, random data, LAPACK's residual ratios, and the per-backend fixture.
//
// A test body is written once per routine as a typed test over the four precisions; it builds its
// arguments as Batch objects (one per array argument), calls the routine in each layout through
// `invoke`, and compares every matrix with the system LAPACK (src_cpu/lapack.hpp) run on a copy.
#pragma once

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "batchlapack.hpp"
#include "enabled_precisions.hpp"
#include "lapack.hpp"

// LAPACK's ?orgbr/?ungbr form Q and P^H from gebrd's reflectors (gebrd_ratio); the library does
// not use them, so lapack.hpp does not declare them.
#define BLTEST_ORGBR(T, R, fname)                                                                 \
    extern "C" void fname(const char *, const int *, const int *, const int *, T *, const int *,  \
                          const T *, T *, const int *, int *, std::size_t);                       \
    namespace bltest {                                                                            \
    inline void orgbr(char vect, int m, int n, int k, T *a, int lda, const T *tau, T *work,       \
                      int lwork, int *info) {                                                     \
        fname(&vect, &m, &n, &k, a, &lda, tau, work, &lwork, info, 1);                            \
    }                                                                                             \
    }
BLTEST_ORGBR(float, float, sorgbr_)
BLTEST_ORGBR(double, double, dorgbr_)
BLTEST_ORGBR(std::complex<float>, float, cungbr_)
BLTEST_ORGBR(std::complex<double>, double, zungbr_)
#undef BLTEST_ORGBR

namespace bltest {

using Precisions = ::testing::Types<BL_ENABLED_TYPES>;  // the build's precisions (BATCHLAPACK_PRECISIONS)

template <class T> struct real_of { using type = T; };
template <class T> struct real_of<std::complex<T>> { using type = T; };
template <class T> using Real = typename real_of<T>::type;
template <class T> constexpr bool is_complex = !std::is_same<T, Real<T>>::value;

enum class Layout { Strided, Pointers, Variable };
inline const char *name(Layout l) {
    return l == Layout::Strided ? "strided" : l == Layout::Pointers ? "pointers" : "vbatch";
}
const Layout kLayouts[] = {Layout::Strided, Layout::Pointers, Layout::Variable};

// LAPACK's threshold on scale-free residual ratios.
constexpr double kThreshold = 30;

template <class T> Real<T> eps() { return std::numeric_limits<Real<T>>::epsilon(); }
template <class T> double abs1(T x) { return std::abs(x); }

// ---- random data ---------------------------------------------------------------------------
inline std::mt19937_64 &rng() {
    static std::mt19937_64 g(20261121);
    return g;
}
template <class T> T random_value() {
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    if constexpr (is_complex<T>) return T(Real<T>(u(rng())), Real<T>(u(rng())));
    else return T(u(rng()));
}

// A value no routine computes, written around and between the matrices to catch stray writes.
template <class T> T guard_value() {
    if constexpr (std::is_same<T, int>::value) return -777777;
    else return T(Real<T>(-12345.5));
}
template <class T> bool same_bits(T a, T b) {
    if constexpr (std::is_same<T, int>::value) return a == b;
    else return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// ---- one array argument across a batch, in any layout --------------------------------------
// Matrix i is rows[i] x cols[i] with leading dimension ld[i] (ld >= rows); vectors are
// rows[i] x 1 with `inc` spacing. Storage outside the matrices (the tail of each column below
// row rows[i], and gaps between matrices) holds guard values, checked by guards_intact().
template <class T> class Batch {
public:
    Batch() = default;
    // Uniform sizes for the strided/pointer layouts, or per-matrix sizes for vbatch. `extra_ld`
    // rows of padding per column, `gap` elements between consecutive matrices.
    Batch(Layout layout, const std::vector<int> &rows, const std::vector<int> &cols, int extra_ld = 0,
          int gap = 3, int inc = 1)
        : layout_(layout), rows_(rows), cols_(cols), inc_(inc) {
        const size_t count = rows.size();
        ld_.resize(count);
        offset_.resize(count);
        int64_t pos = gap;
        for (size_t i = 0; i < count; ++i) {
            ld_[i] = std::max(1, rows[i] * inc + extra_ld);
            if (layout == Layout::Strided && i > 0) ld_[i] = ld_[0];
        }
        int64_t uniform_foot = 0;
        for (size_t i = 0; i < count; ++i) uniform_foot = std::max(uniform_foot, footprint(i));
        stride_ = uniform_foot + gap;
        for (size_t i = 0; i < count; ++i) {
            offset_[i] = pos;
            pos += layout == Layout::Strided ? stride_ : footprint(i) + gap;
        }
        data_.assign(size_t(pos + gap), guard_value<T>());
        ptrs_.resize(count);
        for (size_t i = 0; i < count; ++i) ptrs_[i] = data_.data() + offset_[i];
    }

    Batch(const Batch &o) { *this = o; }
    Batch &operator=(const Batch &o) {
        layout_ = o.layout_, rows_ = o.rows_, cols_ = o.cols_, ld_ = o.ld_, inc_ = o.inc_;
        offset_ = o.offset_, stride_ = o.stride_, data_ = o.data_;
        ptrs_.resize(offset_.size());  // point into this copy's own storage
        for (size_t i = 0; i < offset_.size(); ++i) ptrs_[i] = data_.data() + offset_[i];
        return *this;
    }

    int count() const { return int(rows_.size()); }
    int rows(int i) const { return rows_[i]; }
    int cols(int i) const { return cols_[i]; }
    int ld(int i) const { return ld_[i]; }
    int inc() const { return inc_; }
    int64_t stride() const { return stride_; }
    T *base() { return data_.data() + offset_.at(0); }
    T *const *ptrs() { return ptrs_.data(); }
    const int *lds() const { return ld_.data(); }
    std::vector<int> incs() const { return std::vector<int>(rows_.size(), inc_); }

    T &at(int i, int r, int c) { return ptrs_[i][int64_t(c) * ld_[i] + int64_t(r) * inc_]; }
    T at(int i, int r, int c) const { return ptrs_[i][int64_t(c) * ld_[i] + int64_t(r) * inc_]; }

    // Matrix i as a dense rows x cols column-major copy, and back.
    std::vector<T> get(int i) const {
        std::vector<T> m(size_t(rows_[i]) * cols_[i]);
        for (int c = 0; c < cols_[i]; ++c)
            for (int r = 0; r < rows_[i]; ++r) m[size_t(c) * rows_[i] + r] = at(i, r, c);
        return m;
    }
    void set(int i, const std::vector<T> &m) {
        for (int c = 0; c < cols_[i]; ++c)
            for (int r = 0; r < rows_[i]; ++r) at(i, r, c) = m[size_t(c) * rows_[i] + r];
    }
    template <class F> void fill(F &&value) {
        for (int i = 0; i < count(); ++i)
            for (int c = 0; c < cols_[i]; ++c)
                for (int r = 0; r < rows_[i]; ++r) at(i, r, c) = value(i, r, c);
    }
    void randomize() {
        fill([](int, int, int) { return random_value<T>(); });
    }

    // True when nothing outside the matrices' elements was written.
    bool guards_intact() const {
        std::vector<char> inside(data_.size(), 0);
        for (int i = 0; i < count(); ++i)
            for (int c = 0; c < cols_[i]; ++c)
                for (int r = 0; r < rows_[i]; ++r)
                    inside[size_t(offset_[i] + int64_t(c) * ld_[i] + int64_t(r) * inc_)] = 1;
        for (size_t k = 0; k < data_.size(); ++k)
            if (!inside[k] && !same_bits(data_[k], guard_value<T>())) return false;
        return true;
    }
    const std::vector<T> &storage() const { return data_; }

private:
    int64_t footprint(size_t i) const {
        if (rows_[i] == 0 || cols_[i] == 0) return 1;
        return int64_t(ld_[i]) * (cols_[i] - 1) + int64_t(rows_[i] - 1) * inc_ + 1;
    }

    Layout layout_ = Layout::Strided;
    std::vector<int> rows_, cols_, ld_;
    int inc_ = 1;
    std::vector<int64_t> offset_;
    int64_t stride_ = 0;
    std::vector<T> data_;
    std::vector<T *> ptrs_;
};

// ---- sizes ---------------------------------------------------------------------------------
// The sizes DESIGN.md asks for: 0, 1, odd sizes, sizes around the switch points of the kernels
// (8, 16, 32, 64), and a larger one.
// `count` elements that end just before a page the process may not touch, so that a read past
// them faults (POSIX mmap/mprotect).
template <class T> class EndsAtUnmappedPage {
public:
    explicit EndsAtUnmappedPage(size_t count) : page_(size_t(sysconf(_SC_PAGESIZE))) {
        const size_t bytes = count * sizeof(T);
        pages_ = (bytes + page_ - 1) / page_ + 1;
        base_ = static_cast<char *>(mmap(nullptr, pages_ * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
        if (base_ == MAP_FAILED) throw std::bad_alloc();
        mprotect(base_ + (pages_ - 1) * page_, page_, PROT_NONE);
        data_ = reinterpret_cast<T *>(base_ + (pages_ - 1) * page_ - bytes);
    }
    ~EndsAtUnmappedPage() { munmap(base_, pages_ * page_); }
    EndsAtUnmappedPage(const EndsAtUnmappedPage &) = delete;
    EndsAtUnmappedPage &operator=(const EndsAtUnmappedPage &) = delete;
    T *data() const { return data_; }

private:
    size_t page_, pages_ = 0;
    char *base_ = nullptr;
    T *data_ = nullptr;
};

// An array for the tests' own LAPACK calls, with room after it: OpenBLAS's complex gemv 'N'
// kernel reads one element past its vector x, which LAPACK points at a row of the matrix with
// increment lda (gebrd, gelqf, ungbr 'P', ...): up to a column past the matrix. The library
// works on copies with that slack (SlackCopy, docs/decisions.md); the tests' reference calls give
// their arrays the same, a column of `ld` elements and one more reserved after v's elements, so
// that the read stays inside the allocation.
template <class T> std::vector<T> with_slack(std::vector<T> v, int ld) {
    v.reserve(v.size() + size_t(std::max(ld, 1)) + 1);
    return v;
}

inline const std::vector<int> &test_sizes() {
    static const std::vector<int> s = {0, 1, 2, 3, 5, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100};
    return s;
}
// A mixed variable-size batch: n in [0, max_n], repeated so every class has several members.
inline std::vector<int> mixed_sizes(int count, int max_n) {
    std::uniform_int_distribution<int> u(0, max_n);
    std::vector<int> v(count);
    for (int &x : v) x = u(rng());
    return v;
}

// ---- norms and residuals -------------------------------------------------------------------
// 1-norm of a dense rows x cols column-major matrix.
template <class T> double norm1(const std::vector<T> &a, int rows, int cols) {
    double best = 0;
    for (int c = 0; c < cols; ++c) {
        double s = 0;
        for (int r = 0; r < rows; ++r) s += abs1(a[size_t(c) * rows + r]);
        if (s > best || s != s) best = s;  // not std::max, which drops a NaN column sum
        if (best != best) break;
    }
    return best;
}
// C = A * B for dense column-major matrices (A: m x k, B: k x n), accumulated in double.
template <class T>
std::vector<T> matmul(const std::vector<T> &a, const std::vector<T> &b, int m, int k, int n) {
    using W = std::conditional_t<is_complex<T>, std::complex<double>, double>;
    std::vector<T> c(size_t(m) * n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            W s = 0;
            for (int l = 0; l < k; ++l) s += W(a[size_t(l) * m + i]) * W(b[size_t(j) * k + l]);
            c[size_t(j) * m + i] = T(s);
        }
    return c;
}
// ||A - B||_1 / (scale * ||A||_1 * eps), the form of LAPACK's test ratios; 0 for empty matrices.
template <class T>
double ratio(const std::vector<T> &a, const std::vector<T> &b, int rows, int cols, double scale) {
    if (rows == 0 || cols == 0) return 0;
    std::vector<T> d(a.size());
    for (size_t k = 0; k < a.size(); ++k) d[k] = a[k] - b[k];
    double na = norm1(a, rows, cols);
    double nd = norm1(d, rows, cols);
    if (na == 0) return nd == 0 ? 0 : std::numeric_limits<double>::infinity();
    return nd / (scale * na * double(eps<T>()));
}

// ||A - Q B P^H|| / (max(m,n) ||A|| eps), Q and P^H formed by the system LAPACK's ?orgbr.
template <class T>
double gebrd_ratio(const std::vector<T> &a, std::vector<T> f, const std::vector<Real<T>> &d,
                   const std::vector<Real<T>> &e, const std::vector<T> &tauq, const std::vector<T> &taup, int m,
                   int n) {
    const int k = std::min(m, n);
    if (k == 0) return 0;
    std::vector<T> q = f, work(size_t(64) * (m + n));
    f = with_slack(std::move(f), m);  // ungbr('P') applies P's reflectors from the right
    int info = 0;
    orgbr('Q', m, k, n, q.data(), m, tauq.data(), work.data(), int(work.size()), &info);  // m x k
    orgbr('P', k, n, m, f.data(), m, taup.data(), work.data(), int(work.size()), &info);  // rows 0..k-1: P^H
    std::vector<T> ph(size_t(k) * n), b(size_t(k) * k);
    for (int c = 0; c < n; ++c)
        for (int r = 0; r < k; ++r) ph[size_t(c) * k + r] = f[size_t(c) * m + r];
    for (int j = 0; j < k; ++j) {
        b[size_t(j) * k + j] = T(d[j]);
        if (j + 1 < k) {  // upper bidiagonal for m >= n, lower for m < n
            if (m >= n) b[size_t(j + 1) * k + j] = T(e[j]);
            else b[size_t(j) * k + j + 1] = T(e[j]);
        }
    }
    q.resize(size_t(m) * k);
    return ratio(a, matmul(matmul(q, b, m, k, k), ph, m, k, n), m, n, std::max(m, n));
}

// op(A) of a dense rows x cols column-major matrix for trans = 'N', 'T' or 'C' (either case).
template <class T> std::vector<T> apply_op(const std::vector<T> &a, int rows, int cols, char trans) {
    if (trans == 'N' || trans == 'n') return a;
    const bool conjugate = trans == 'C' || trans == 'c';
    std::vector<T> t(a.size());
    for (int c = 0; c < cols; ++c)
        for (int r = 0; r < rows; ++r) {
            T v = a[size_t(c) * rows + r];
            if constexpr (is_complex<T>) v = conjugate ? std::conj(v) : v;
            t[size_t(r) * cols + c] = v;
        }
    return t;
}
// A random Hermitian (real: symmetric) positive definite n x n matrix, C^H C + n I, both
// triangles stored; with `indefinite`, A(n/2, n/2) = -1 makes the leading minor of order
// n/2 + 1 negative (the smaller ones stay positive definite).
template <class T> std::vector<T> hpd_matrix(int n, bool indefinite) {
    std::vector<T> c(size_t(n) * n);
    for (T &x : c) x = random_value<T>();
    std::vector<T> a = matmul(apply_op(c, n, n, 'C'), c, n, n, n);
    for (int j = 0; j < n; ++j) a[size_t(j) * n + j] = T(std::real(a[size_t(j) * n + j]) + n);
    if (indefinite && n > 0) a[size_t(n / 2) * n + n / 2] = T(-1);
    return a;
}

// L U for an m x n LU factorization `lu` as getrf stores it (L unit lower trapezoidal below the
// diagonal, U upper trapezoidal on and above it), m x n.
template <class T> std::vector<T> lu_product(const std::vector<T> &lu, int m, int n) {
    const int k = std::min(m, n);
    std::vector<T> L(size_t(m) * k), U(size_t(k) * n);
    for (int c = 0; c < k; ++c)
        for (int r = 0; r < m; ++r) L[size_t(c) * m + r] = r == c ? T(1) : r > c ? lu[size_t(c) * m + r] : T(0);
    for (int c = 0; c < n; ++c)
        for (int r = 0; r < k; ++r) U[size_t(c) * k + r] = r <= c ? lu[size_t(c) * m + r] : T(0);
    return matmul(L, U, m, k, n);
}

// LAPACK's solve ratio (xGET02) for an n x n A and n x nrhs X, B:
// ||B - A X||_1 / (n ||A||_1 ||X||_1 eps); 0 when there is nothing to solve.
template <class T>
double solve_ratio(const std::vector<T> &a, const std::vector<T> &x, const std::vector<T> &b, int n, int nrhs) {
    if (n == 0 || nrhs == 0) return 0;
    std::vector<T> r = matmul(a, x, n, n, nrhs);
    for (size_t k = 0; k < r.size(); ++k) r[k] = b[k] - r[k];
    double na = norm1(a, n, n), nx = norm1(x, n, nrhs);
    if (na == 0 || nx == 0) return std::numeric_limits<double>::infinity();
    return norm1(r, n, nrhs) / (n * na * nx * double(eps<T>()));
}

// ---- illegal arguments ---------------------------------------------------------------------
// Calls `call`, which must return -k, leave every given batch's storage unchanged, and set every
// entry of `info` (when given) to -k.
template <class... Arrays>
void expect_rejected(int k, const std::function<int()> &call, std::vector<int> *info, const Arrays &...arrays) {
    auto snapshot = [](const auto &b) { return b.storage(); };
    auto before = std::make_tuple(snapshot(arrays)...);
    if (info) std::fill(info->begin(), info->end(), 12345);
    EXPECT_EQ(call(), -k) << bl_last_error();
    EXPECT_NE(std::string(bl_last_error()).find("argument " + std::to_string(k)), std::string::npos)
        << bl_last_error();
    auto after = std::make_tuple(snapshot(arrays)...);
    EXPECT_TRUE(before == after) << "an illegal call modified data";
    if (info)
        for (int v : *info) EXPECT_EQ(v, -k);
}

// ---- the arguments of a linear-system routine (getrs, gesv, potrf, potrs, posv) -------------
// Every argument such a routine can take, in all three layouts, pointing into batches owned here:
// the correctness tests fill the batches and call; the bad-argument tests spoil one argument.
// Sizes are per matrix (the uniform layouts pass entry 0). Not copyable: the raw arguments point
// into the object's own batches.
template <class T> struct SystemArgs {
    Layout layout;
    char option;
    std::vector<int> n, nrhs, lda, ldb;
    Batch<T> A, B;
    Batch<int> ipiv;
    std::vector<int> info;
    // What the call passes.
    T *a_base, *b_base;
    int *ipiv_base;
    int64_t stride_a, stride_b, stride_ipiv;
    std::vector<T *> a_ptrs, b_ptrs;
    std::vector<int *> ipiv_ptrs;
    T *const *a_arr, *const *b_arr;
    int *const *ipiv_arr;
    const int *n_arr, *nrhs_arr, *lda_arr, *ldb_arr;
    int *info_ptr;
    int batch;

    SystemArgs(Layout l, char opt, const std::vector<int> &ns, const std::vector<int> &nrhss, int extra_lda,
               int extra_ldb)
        : layout(l), option(opt), n(ns), nrhs(nrhss), A(l, ns, ns, extra_lda), B(l, ns, nrhss, extra_ldb),
          ipiv(l, ns, std::vector<int>(ns.size(), 1)), info(ns.size(), -99) {
        const int count = int(ns.size());
        for (int i = 0; i < count; ++i) lda.push_back(A.ld(i)), ldb.push_back(B.ld(i));
        a_base = A.base(), b_base = B.base(), ipiv_base = ipiv.base();
        stride_a = A.stride(), stride_b = B.stride(), stride_ipiv = ipiv.stride();
        a_ptrs.assign(A.ptrs(), A.ptrs() + count);
        b_ptrs.assign(B.ptrs(), B.ptrs() + count);
        ipiv_ptrs.assign(ipiv.ptrs(), ipiv.ptrs() + count);
        a_arr = a_ptrs.data(), b_arr = b_ptrs.data(), ipiv_arr = ipiv_ptrs.data();
        n_arr = n.data(), nrhs_arr = nrhs.data(), lda_arr = lda.data(), ldb_arr = ldb.data();
        info_ptr = info.data();
        batch = count;
    }
    SystemArgs(const SystemArgs &) = delete;
    SystemArgs &operator=(const SystemArgs &) = delete;
};

// The bad-argument test of one entry point: `names` is its argument list as its header writes it
// (strides included; the pointer layouts skip them). Builds a legal call of `count` n x n systems
// with `nrhs` right-hand sides, spoils one argument at a time -- every kind the name allows: an
// illegal option, a negative size, a too-small leading dimension or stride, a null array, a null
// pointer inside a pointer array, a null array of per-matrix sizes, a null info, a negative
// batch -- and checks with expect_rejected that `call` returns -(its position) with nothing
// modified; then n and info together, which must name n. In vbatch only the last matrix's size
// is spoiled: one bad matrix rejects the call. A name the spoilers do not know (say
// "strideA (read-only)", a stride that may legally overlap) only counts its position.
template <class T>
void expect_each_rejected(Layout l, const std::vector<std::string> &names,
                          const std::function<int(SystemArgs<T> &)> &call) {
    const int count = 3, n = 4, nrhs = 2, bad = l == Layout::Variable ? count - 1 : 0;
    using Spoil = std::function<void(SystemArgs<T> &)>;
    const std::vector<std::pair<std::string, Spoil>> spoilers = {
        {"trans", [](SystemArgs<T> &a) { a.option = 'X'; }},
        {"uplo", [](SystemArgs<T> &a) { a.option = 'N'; }},
        {"n", [=](SystemArgs<T> &a) { a.n[bad] = -1; }},
        {"nrhs", [=](SystemArgs<T> &a) { a.nrhs[bad] = -1; }},
        {"lda", [=](SystemArgs<T> &a) { a.lda[bad] = n - 1; }},
        {"ldb", [=](SystemArgs<T> &a) { a.ldb[bad] = n - 1; }},
        {"strideA", [](SystemArgs<T> &a) { a.stride_a = n * n - 1; }},
        {"strideB", [](SystemArgs<T> &a) { a.stride_b = n * nrhs - 1; }},
        {"strideIpiv", [](SystemArgs<T> &a) { a.stride_ipiv = n - 1; }},
        {"A", [](SystemArgs<T> &a) { a.a_base = nullptr, a.a_arr = nullptr; }},
        {"B", [](SystemArgs<T> &a) { a.b_base = nullptr, a.b_arr = nullptr; }},
        {"ipiv", [](SystemArgs<T> &a) { a.ipiv_base = nullptr, a.ipiv_arr = nullptr; }},
        {"info", [](SystemArgs<T> &a) { a.info_ptr = nullptr; }},
        {"batch", [](SystemArgs<T> &a) { a.batch = -1; }},
    };
    // Spoilers that only the pointer layouts (holes) or only vbatch (null size arrays) have.
    const std::vector<std::pair<std::string, Spoil>> pointer_spoilers = {
        {"A", [](SystemArgs<T> &a) { a.a_ptrs[1] = nullptr; }},
        {"B", [](SystemArgs<T> &a) { a.b_ptrs[1] = nullptr; }},
        {"ipiv", [](SystemArgs<T> &a) { a.ipiv_ptrs[1] = nullptr; }},
    };
    const std::vector<std::pair<std::string, Spoil>> size_array_spoilers = {
        {"n", [](SystemArgs<T> &a) { a.n_arr = nullptr; }},
        {"nrhs", [](SystemArgs<T> &a) { a.nrhs_arr = nullptr; }},
        {"lda", [](SystemArgs<T> &a) { a.lda_arr = nullptr; }},
        {"ldb", [](SystemArgs<T> &a) { a.ldb_arr = nullptr; }},
    };
    std::vector<std::string> args;
    for (const std::string &s : names)
        if (l == Layout::Strided || s.rfind("stride", 0) != 0) args.push_back(s);
    // `also` spoils a later argument too: the lowest-numbered illegal argument must still be named.
    auto run = [&](const std::vector<std::pair<std::string, Spoil>> &list, const Spoil &also = nullptr) {
        for (auto &[name, spoil] : list) {
            auto at = std::find(args.begin(), args.end(), name);
            if (at == args.end()) continue;
            SCOPED_TRACE(std::string(bltest::name(l)) + ": spoiled " + name);
            const char option = std::find(args.begin(), args.end(), "uplo") != args.end() ? 'U' : 'N';
            SystemArgs<T> a(l, option, std::vector<int>(count, n), std::vector<int>(count, nrhs), 0, 0);
            a.A.randomize();
            a.B.randomize();
            spoil(a);
            if (also) also(a);
            const bool info_usable = a.info_ptr != nullptr && a.batch >= 0;
            expect_rejected(int(at - args.begin()) + 1, [&] { return call(a); }, info_usable ? &a.info : nullptr,
                            a.A, a.B, a.ipiv);
        }
    };
    run(spoilers);
    auto spoil_n = *std::find_if(spoilers.begin(), spoilers.end(), [](const auto &x) { return x.first == "n"; });
    run({spoil_n}, [](SystemArgs<T> &a) { a.info_ptr = nullptr; });
    if (l != Layout::Strided) run(pointer_spoilers);
    if (l == Layout::Variable) run(size_array_spoilers);
}

// Runs `call` on two copies of the same strided batch of 3 systems (n = 5, 2 right-hand sides,
// A_i from `matrix`), one with a NaN on A_1's diagonal, and checks that matrices 0 and 2 (A, B,
// ipiv, info) come out bit for bit the same: a NaN never leaks into another matrix's result.
template <class T>
void expect_nan_contained(char option, const std::function<std::vector<T>(int)> &matrix,
                          const std::function<int(SystemArgs<T> &)> &call) {
    const int count = 3, n = 5;
    SystemArgs<T> clean(Layout::Strided, option, std::vector<int>(count, n), std::vector<int>(count, 2), 0, 0);
    SystemArgs<T> dirty(Layout::Strided, option, std::vector<int>(count, n), std::vector<int>(count, 2), 0, 0);
    clean.B.randomize();
    for (int i = 0; i < count; ++i) {
        clean.A.set(i, matrix(n));
        dirty.A.set(i, clean.A.get(i));
        dirty.B.set(i, clean.B.get(i));
    }
    dirty.A.at(1, 2, 2) = T(std::numeric_limits<Real<T>>::quiet_NaN());
    ASSERT_EQ(call(clean), 0) << bl_last_error();
    ASSERT_EQ(call(dirty), 0) << bl_last_error();
    for (int i : {0, 2}) {
        EXPECT_EQ(clean.info[i], dirty.info[i]);
        EXPECT_TRUE(clean.A.get(i) == dirty.A.get(i) && clean.B.get(i) == dirty.B.get(i) &&
                    clean.ipiv.get(i) == dirty.ipiv.get(i))
            << "matrix " << i << " changed by a NaN in matrix 1";
    }
}

// ---- one call expression for the three layouts ---------------------------------------------
// BLTEST_CALL(l, getrf, P::size(m), P::size(n), P::matrix(A), P::vector(ipiv),
// std::make_tuple(info, count)) calls getrf_batch, getrf_batch_ptr or getrf_vbatch as l says,
// each argument spelled as that layout wants it (Pass): the sizes one value or an array, every
// matrix with its stride, or as pointers, and so on.
template <Layout L> struct Pass {
    // A size, leading dimension or increment: one value, or one per matrix in vbatch.
    static auto size(const std::vector<int> &v) {
        if constexpr (L == Layout::Variable) return std::make_tuple(v.data());
        else return std::make_tuple(v[0]);
    }
    // A matrix and its leading dimension (and stride).
    template <class U> static auto matrix(Batch<U> &b) {
        if constexpr (L == Layout::Strided) return std::make_tuple(b.base(), b.ld(0), b.stride());
        else if constexpr (L == Layout::Pointers) return std::make_tuple(b.ptrs(), b.ld(0));
        else return std::make_tuple(b.ptrs(), b.lds());
    }
    // A vector without an increment (tau, ipiv, d, e).
    template <class U> static auto vector(Batch<U> &b) {
        if constexpr (L == Layout::Strided) return std::make_tuple(b.base(), b.stride());
        else return std::make_tuple(b.ptrs());
    }
    // A vector with its increment (trsv's x, gemv's x and y): `inc` holds it per matrix.
    template <class U> static auto vector(Batch<U> &b, const std::vector<int> &inc) {
        if constexpr (L == Layout::Strided) return std::make_tuple(b.base(), inc[0], b.stride());
        else if constexpr (L == Layout::Pointers) return std::make_tuple(b.ptrs(), inc[0]);
        else return std::make_tuple(b.ptrs(), inc.data());
    }
};
template <Layout L> using LayoutTag = std::integral_constant<Layout, L>;
template <class F> int on_layout(Layout l, F &&f) {
    if (l == Layout::Strided) return f(LayoutTag<Layout::Strided>{});
    if (l == Layout::Pointers) return f(LayoutTag<Layout::Pointers>{});
    return f(LayoutTag<Layout::Variable>{});
}
// The call of `routine` in layout l; the arguments are tuples built with P (Pass of the layout).
#define BLTEST_CALL(l, routine, ...)                                                              \
    on_layout(l, [&](auto tag) {                                                                  \
        constexpr Layout L = decltype(tag)::value;                                                \
        using P = Pass<L>;                                                                        \
        auto args = std::tuple_cat(__VA_ARGS__);                                                  \
        if constexpr (L == Layout::Strided)                                                       \
            return std::apply([](auto... a) { return batchlapack::routine##_batch(a...); }, args); \
        else if constexpr (L == Layout::Pointers)                                                 \
            return std::apply([](auto... a) { return batchlapack::routine##_batch_ptr(a...); }, args); \
        else                                                                                      \
            return std::apply([](auto... a) { return batchlapack::routine##_vbatch(a...); }, args); \
    })

// ---- backends ------------------------------------------------------------------------------
// The backend this test executable runs against: BATCHLAPACK_TEST_BACKEND=cpu|cuda, set by CTest.
// Tests of an unavailable backend are skipped (and reported as skipped).
class BackendTest : public ::testing::Test {
protected:
    void SetUp() override {
        const char *b = std::getenv("BATCHLAPACK_TEST_BACKEND");
        std::string want = b ? b : "cpu";
        if (want == "cuda") {
            if (!bl_cuda_available()) GTEST_SKIP() << "no usable CUDA device (or a build without CUDA)";
            ASSERT_EQ(bl_set_backend(BL_BACKEND_CUDA), 0);
        } else {
            ASSERT_EQ(bl_set_backend(BL_BACKEND_CPU), 0);
        }
    }
};
// A CUDA backend built for one precision alone (BATCHLAPACK_CUDA_PRECISION, CI's compile check of
// the CUDA code) runs the other precisions on the CPU: their gpu tests skip, saying so, rather
// than pass without the GPU. CTest gives the precision (empty: all of the build's).
template <class T> constexpr char precision_letter() {
    return std::is_same<T, float>::value ? 's' : std::is_same<T, double>::value ? 'd'
                                               : std::is_same<T, std::complex<float>>::value ? 'c' : 'z';
}
template <class T> class TypedBackendTest : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        if (IsSkipped() || HasFatalFailure()) return;
        const char *b = std::getenv("BATCHLAPACK_TEST_BACKEND"), *only = std::getenv("BATCHLAPACK_TEST_CUDA_PRECISION");
        if (b && std::string(b) == "cuda" && only && *only && *only != precision_letter<T>())
            GTEST_SKIP() << "this build's CUDA backend has precision " << only
                         << " alone (BATCHLAPACK_CUDA_PRECISION): the others run on the CPU";
    }
};

}  // namespace bltest
