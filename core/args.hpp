// The arguments of a batched call, in a form that is the same for the three public layouts.
//
// Every public entry point (strided, pointer array, variable size) packs its arguments into an
// operation struct (ops.hpp) made of the types below, and everything after that -- argument checks,
// dispatch, the backends -- sees one layout-free description: "matrix i of argument A is at A[i],
// its leading dimension is A.ld[i], its row count is m[i]". The layout wrappers stay thin and each
// backend implements a routine once.
#pragma once

#include <complex>
#include <cstdint>
#include <type_traits>

namespace bl {

enum class Layout { Strided, Pointers, Variable };

// An integer argument (a size, a leading dimension, an increment): one value for the whole batch,
// or, in the variable-size layout, one value per matrix.
struct Int {
    int value = 0;
    const int *per = nullptr;  // per-matrix values (vbatch); may be null only if the caller erred
    bool variable = false;
    int pos = 0;               // 1-based position in the public argument list (for -k)
    const char *name = "";

    Int() = default;
    Int(int v) : value(v) {}
    Int(const int *p) : per(p), variable(true) {}
    int operator[](int64_t i) const { return variable ? per[i] : value; }
};

// An array argument: the matrix or vector of problem i lives at base + i*stride (strided layout)
// or at ptrs[i] (pointer layouts). `ld` is its leading dimension or increment, if it has one.
template <class T>
struct Array {
    T *base = nullptr;
    int64_t stride = 0;
    T *const *ptrs = nullptr;
    bool pointers = false;     // true for the pointer layouts
    bool has_ld = false;
    Int ld;
    int pos = 0, stride_pos = 0;
    const char *name = "";

    // The arrays of empty matrices may be null, or anywhere, with any stride (both legal): every
    // matrix of a null base is then null too, never an offset from null, and the address of
    // matrix i is formed in unsigned integers, which wrap, so that a stride no matrix is read at
    // (2^60, say) does not overflow a pointer (both undefined behaviour, reported by UBSan).
    T *operator[](int64_t i) const {
        if (pointers) return ptrs[i];
        if (base == nullptr) return nullptr;
        return reinterpret_cast<T *>(reinterpret_cast<uintptr_t>(base) + uint64_t(i) * uint64_t(stride) * sizeof(T));
    }
};

// The constructors the layout wrappers use.
template <class T> Array<T> strided(T *base, Int ld, int64_t stride) {
    Array<T> a; a.base = base; a.stride = stride; a.has_ld = true; a.ld = ld; return a;
}
template <class T> Array<T> strided(T *base, int64_t stride) {
    Array<T> a; a.base = base; a.stride = stride; return a;
}
template <class T> Array<T> pointers(T *const *ptrs, Int ld) {
    Array<T> a; a.ptrs = ptrs; a.pointers = true; a.has_ld = true; a.ld = ld; return a;
}
template <class T> Array<T> pointers(T *const *ptrs) {
    Array<T> a; a.ptrs = ptrs; a.pointers = true; return a;
}

// A character option ('N'/'T'/'C', 'L'/'U', ...), stored upper-cased.
struct Option {
    char value = 0;
    char given = 0;  // as the caller wrote it, for messages
    int pos = 0;
    const char *name = "";
    Option() = default;
    Option(char c) : value(c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c), given(c) {}
};

// A scalar (alpha, beta), the same for the whole batch.
template <class T>
struct Scalar {
    T value{};
    int pos = 0;
    const char *name = "";
    Scalar() = default;
    Scalar(T v) : value(v) {}
};

// A variable batch of at least this many matrices has its per-matrix host passes (checks, the
// CUDA driver's sort and gathers) split among the library's threads (team.hpp): serial, such passes over a large
// batch cost a sizeable fraction of the kernels' time.
constexpr int kHostParallelMin = 4096;

// What every call has besides its LAPACK arguments.
struct Batch {
    const char *routine = "";  // public name, e.g. "bl_dgetrf_batch", for messages
    Layout layout = Layout::Strided;
    int *info = nullptr;       // null for the BLAS routines, which have no info
    bool info_on_device = false;  // info in device memory (found by the core, batchlapack.h)
    int count = 0;
    int info_pos = 0, batch_pos = 0;
};

template <class T> struct real_of { using type = T; };
template <class T> struct real_of<std::complex<T>> { using type = T; };
template <class T> using Real = typename real_of<T>::type;
template <class T> constexpr bool is_complex = !std::is_same<T, Real<T>>::value;

// Gives every argument of an operation its 1-based position in the public call of the given
// layout: LAPACK's order, with a stride inserted after each array's leading dimension (or after
// the array when it has none) in the strided layout, then info (if any) and batch.
class Numberer {
public:
    explicit Numberer(Layout l) : layout_(l) {}
    void operator()(Int &x, const char *name) { x.pos = ++k_; x.name = name; }
    void operator()(Option &x, const char *name) { x.pos = ++k_; x.name = name; }
    template <class T> void operator()(Scalar<T> &x, const char *name) { x.pos = ++k_; x.name = name; }
    template <class T> void operator()(Array<T> &x, const char *name, const char *ld_name = nullptr) {
        x.pos = ++k_;
        x.name = name;
        if (x.has_ld) { x.ld.pos = ++k_; x.ld.name = ld_name; }
        if (layout_ == Layout::Strided) x.stride_pos = ++k_;
    }
    int next() { return ++k_; }

private:
    Layout layout_;
    int k_ = 0;
};

}  // namespace bl
