// Shared machinery of the test bodies: batches in the three layouts with guard cells around every
// matrix, random data, LAPACK's residual ratios, and the per-backend fixture.
//
// A test body is written once per routine as a typed test over the four precisions; it builds its
// arguments as Batch objects (one per array argument), calls the routine in each layout through
// `invoke`, and compares every matrix with the system LAPACK (src_cpu/lapack.hpp) run on a copy.
#pragma once

#include <gtest/gtest.h>

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
#include <type_traits>
#include <vector>

#include "batchlapack.hpp"
#include "lapack.hpp"

namespace bltest {

using Precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;

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
inline const std::vector<int> &test_sizes() {
    static const std::vector<int> s = {0, 1, 2, 3, 5, 8, 9, 15, 16, 17, 31, 32, 33, 63, 65, 100};
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
template <class T> class TypedBackendTest : public BackendTest {};

}  // namespace bltest
