// The argument fuzzer: random legal and illegal argument lists for every C entry point (every
// routine of the table, each precision of the build, the three layouts), each checked against the
// contract (DESIGN.md, "Errors"; docs/decisions.md, "Which illegal argument is reported"):
//
//   - the return value is -k for the lowest-numbered illegal argument k, 0 for a legal list;
//   - after -k, every info[i] is -k (where info is usable) and nothing else changed: every array,
//     array of pointers, array of sizes and the guard zones around them compare equal byte for
//     byte; after 0, info[i] is LAPACK's (>= 0, at most the matrix's largest size), arrays only
//     read are unchanged, and nothing outside the elements the routine may write changed;
//   - bl_last_error() names the routine and argument k;
//   - nothing is printed (file descriptors 1 and 2 go to a scratch file, read after each call),
//     the process neither exits nor crashes (a handler names the list that did).
//
// The expected result is worked out here from the entry points' descriptions, which the generator
// writes from the routine table (core/gen/fuzz.py, fuzz_entries.inc): the sizes and their bounds,
// the options' letters, the arrays' shapes and when they are referenced. The library's own checks
// (core/check.hpp, core/ops/) are not used, so a disagreement shows as a failure.
//
// Lists are drawn from a seed: list number j of seed s is the same on every machine and run, and
//     fuzz_arguments --seed s --first j --count 1 --verbose
// replays it alone, printing it. Legal lists keep their sizes small, or have an empty dimension
// beside a huge one (up to INT_MAX), so that they run in microseconds.
//
// Usage: fuzz_arguments [--count N] [--seed S] [--first J] [--verbose] [--max-failures F]
//                       [--capture FILE]   (the scratch file of fds 1 and 2; default a temporary one)
#include "batchlapack.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <complex>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <fcntl.h>
#include <sys/stat.h>
#include <type_traits>
#include <unistd.h>
#include <vector>

namespace fuzz {

// ---- what the generated descriptions are made of ----------------------------------------------

constexpr int64_t kNoBound = INT64_MAX;
// The table's size expressions (min(m, n), max(m, n)) over 64-bit values.
inline int64_t min(int64_t a, int64_t b) { return a < b ? a : b; }
inline int64_t max(int64_t a, int64_t b) { return a > b ? a : b; }

// A scalar argument (alpha, beta), compared with 0 and 1 by the `referenced` conditions.
struct Sc {
    double re = 0, im = 0;
    bool operator==(int v) const { return re == v && im == 0; }
    bool operator!=(int v) const { return !(*this == v); }
};

constexpr int kMax = 8;  // sizes, options, scalars or arrays of one routine, at most

// One problem's sizes, options (upper case) and scalars, as a routine's rules read them.
struct Problem {
    int64_t size[kMax];
    char opt[kMax];
    Sc scalar[kMax];
};
// An array of one problem: rows x cols (a vector: rows elements, cols 1), and whether the routine
// references it.
struct Extent {
    int64_t rows, cols;
    bool referenced;
};
struct OptDesc {
    const char *name, *real, *complex;  // the letters each precision accepts
};
struct ArrDesc {
    const char *name;
    char elem;    // 'T' the scalar type, 'R' its real type, 'I' int
    bool in;      // only read
    bool has_ld;  // a leading dimension (matrix) or increment (vector) follows it
    bool vector;
};
struct Routine {
    const char *name;
    bool info;
    std::vector<const char *> sizes;
    std::vector<OptDesc> opts;
    std::vector<const char *> scalars;
    std::vector<ArrDesc> arrays;
    void (*rules)(const Problem &, Extent *, int64_t *);
};

// The values of one call, as the generated calls read them.
struct Call {
    char opt[kMax];
    Sc sc[kMax];
    int batch = 0;
    int s[kMax];
    const int *vs[kMax];
    int l[kMax];
    const int *vl[kMax];
    int64_t st[kMax];
    void *base[kMax];
    void *const *ptr[kMax];
    int *info_ = nullptr;

    int size(int j) const { return s[j]; }
    const int *vsize(int j) const { return vs[j]; }
    int ld(int j) const { return l[j]; }
    const int *vld(int j) const { return vl[j]; }
    int64_t stride(int j) const { return st[j]; }
    template <class T> T *array(int j) const { return static_cast<T *>(base[j]); }
    template <class T> T *const *pointers(int j) const { return reinterpret_cast<T *const *>(ptr[j]); }
    template <class T> T scalar(int j) const {
        if constexpr (std::is_floating_point<T>::value) return T(sc[j].re);
        else return T(typename T::value_type(sc[j].re), typename T::value_type(sc[j].im));
    }
    int *info() const { return info_; }
};

// An argument of an entry point: 'o' option, 's' size, 'c' scalar, 'a' array, 'l' its leading
// dimension or increment, 't' its stride, 'i' info, 'b' batch; `index` among those of the routine.
struct Slot {
    char kind;
    int index;
};
struct Entry {
    const Routine *routine;
    char precision;  // 's', 'd', 'c', 'z'
    char layout;     // 's' strided, 'p' pointers, 'v' variable sizes
    const char *name;
    std::vector<Slot> slots;
    int (*call)(Call &);
};

#include "fuzz_entries.inc"

// ---- drawing -----------------------------------------------------------------------------------

// splitmix64: list j of seed s starts from its own state, so that any list can be replayed alone.
struct Rng {
    uint64_t x;
    uint64_t next() {
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return int(next() % uint64_t(n)); }
    bool chance(double p) { return double(next() >> 11) * 0x1.0p-53 < p; }
    template <class V, size_t N> V pick(const V (&v)[N]) { return v[below(int(N))]; }
};

constexpr int64_t kBig = int64_t(1) << 40;
// Elements a legal list may allocate over all its arrays; a larger one is drawn again.
constexpr int64_t kLegalElements = int64_t(1) << 20;
// Elements given to an array of an illegal list whatever its footprint: the call must not touch it.
constexpr int64_t kIllegalElements = 64;
constexpr int kGuard = 8;  // guard elements before and after every buffer

size_t elem_bytes(char elem, char precision) {
    if (elem == 'I') return sizeof(int);
    const size_t real = precision == 's' || precision == 'c' ? 4 : 8;
    return elem == 'R' || precision == 's' || precision == 'd' ? real : 2 * real;
}

// One argument list, before any memory is given to it.
struct List {
    const Entry *e = nullptr;
    uint64_t number = 0;
    int batch = 0;
    int entries = 1;  // values in each per-matrix array (vbatch: max(batch, 1)); 1 otherwise
    int pointers = 1; // entries of each array of pointers, max(batch, 1)
    char opt[kMax] = {};
    Sc scalar[kMax];
    std::vector<int> size[kMax], ld[kMax];
    bool null_size[kMax] = {}, null_ld[kMax] = {};
    int64_t stride[kMax] = {};
    bool null_array[kMax] = {};           // strided: the array; pointer layouts: the pointer array
    std::vector<char> null_entry[kMax];   // pointer layouts: matrix i's pointer is null
    bool share[kMax] = {};                // pointer layouts, read-only array: one matrix for all
    bool null_info = false;

    bool variable() const { return e->layout == 'v'; }
    int at(int i) const { return variable() ? i : 0; }
    Problem problem(int i) const {
        Problem p{};
        const Routine &r = *e->routine;
        for (size_t j = 0; j < r.sizes.size(); ++j) p.size[j] = size[j][size_t(at(i))];
        for (size_t j = 0; j < r.opts.size(); ++j) {
            const char c = opt[j];
            p.opt[j] = c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c;
        }
        for (size_t j = 0; j < r.scalars.size(); ++j) p.scalar[j] = scalar[j];
        return p;
    }
};

// What a routine's rules say of matrix i of a list: its arrays' extents, its sizes' bounds.
struct Shapes {
    Extent ext[kMax];
    int64_t bound[kMax];
};
Shapes shapes(const List &L, int i) {
    Shapes s;
    L.e->routine->rules(L.problem(i), s.ext, s.bound);
    return s;
}

// The elements one matrix (or vector) of an array spans, as the contract counts them: none when it
// is empty or not referenced; an illegal leading dimension counts as `rows`.
int64_t footprint(const ArrDesc &a, const Extent &x, int64_t ld) {
    if (!x.referenced || x.rows <= 0 || x.cols <= 0) return 0;
    if (a.vector) return 1 + (x.rows - 1) * (a.has_ld ? std::llabs(ld) : 1);
    return std::max(ld, x.rows) * (x.cols - 1) + x.rows;
}

int64_t legal_ld(const ArrDesc &a, const Extent &x, Rng &rng) {
    if (a.vector) {
        static const int incs[] = {1, 1, 1, 2, -1, -2, 3};
        return rng.pick(incs);
    }
    static const int pads[] = {0, 0, 0, 1, 3};
    return std::min<int64_t>(INT_MAX, std::max<int64_t>(1, x.rows) + rng.pick(pads));
}

// The legal part of a list: options, scalars, sizes within their bounds, leading dimensions,
// strides. `huge`: sizes from 0 and values near INT_MAX (a list whose arrays are then too large
// to allocate is drawn again: `place`).
void draw_legal(List &L, Rng &rng, bool huge) {
    const Entry &e = *L.e;
    const Routine &r = *e.routine;
    const bool cplx = e.precision == 'c' || e.precision == 'z';
    for (size_t j = 0; j < r.opts.size(); ++j) {
        const char *allowed = cplx ? r.opts[j].complex : r.opts[j].real;
        char c = allowed[rng.below(int(std::strlen(allowed)))];
        L.opt[j] = rng.chance(0.3) ? char(c - 'A' + 'a') : c;
    }
    static const double values[] = {1, 0, -0.5, 2, 1, 0.25};
    for (size_t j = 0; j < r.scalars.size(); ++j)
        L.scalar[j] = Sc{rng.pick(values), cplx && rng.chance(0.3) ? 0.5 : 0};
    const int nm = L.entries;
    for (size_t j = 0; j < r.sizes.size(); ++j) L.size[j].assign(size_t(nm), 0);
    for (size_t a = 0; a < r.arrays.size(); ++a) L.ld[a].assign(size_t(nm), 1);
    for (int i = 0; i < nm; ++i) {
        // Each size is drawn, then held within its bound, which depends on the sizes before it.
        for (size_t j = 0; j < r.sizes.size(); ++j) {
            int v;
            if (huge) {
                static const int corner[] = {0, 0, INT_MAX, INT_MAX - 1, 1 << 30, 65536, 1, 3};
                v = rng.pick(corner);
            } else {
                static const int small[] = {0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 11, 13, 17};
                v = rng.pick(small);
            }
            L.size[j][size_t(i)] = int(std::min<int64_t>(v, shapes(L, i).bound[j]));
        }
        const Shapes sh = shapes(L, i);
        for (size_t a = 0; a < r.arrays.size(); ++a)
            if (r.arrays[a].has_ld) L.ld[a][size_t(i)] = int(legal_ld(r.arrays[a], sh.ext[a], rng));
    }
    // Strides: outputs at least a footprint apart, read-only arrays anything (shared, negative).
    const Shapes sh = shapes(L, 0);
    for (size_t a = 0; a < r.arrays.size(); ++a) {
        const int64_t f = footprint(r.arrays[a], sh.ext[a], L.ld[a][0]);
        static const int pads[] = {0, 0, 1, 7};
        const int64_t apart = f + rng.pick(pads);
        if (f == 0) {
            static const int any[] = {0, 1, -2, 5};
            L.stride[a] = rng.pick(any);
        } else if (r.arrays[a].in) {
            const int64_t options[] = {apart, 0, -apart, f / 2};
            L.stride[a] = rng.pick(options);
        } else {
            L.stride[a] = apart;
        }
        L.null_entry[a].assign(size_t(L.pointers), 0);
        L.share[a] = r.arrays[a].in && rng.chance(0.3);
    }
}

// One corner value given to one argument: the list may become illegal, or stay legal.
void mutate(List &L, Rng &rng) {
    const Entry &e = *L.e;
    const Slot s = e.slots[size_t(rng.below(int(e.slots.size())))];
    const size_t j = size_t(s.index);
    const size_t i = size_t(rng.below(L.entries));
    const size_t matrix = size_t(rng.below(L.pointers));
    switch (s.kind) {
    case 'o': {
        static const char letters[] = {'X', '\0', '?', ' ', 'N', 'T', 'C', 'L', 'R', 'U',
                                       'n', 't', 'c', 'l', 'r', 'u', 'A', 'S'};
        L.opt[j] = rng.pick(letters);
        break;
    }
    case 's': {
        static const int corner[] = {-1, -2, INT_MIN, 0, 1, 2, 3, INT_MAX, INT_MAX - 1, 1 << 16};
        if (L.variable() && rng.chance(0.15)) L.null_size[j] = true;
        else L.size[j][i] = rng.pick(corner);
        break;
    }
    case 'l': {
        const int64_t was = L.ld[j][i];
        const int corner[] = {0, -1, int(std::max<int64_t>(INT_MIN, was - 1)), 1, INT_MAX, INT_MIN,
                              int(std::min<int64_t>(INT_MAX, was + 1))};
        if (L.variable() && rng.chance(0.15)) L.null_ld[j] = true;
        else L.ld[j][i] = rng.pick(corner);
        break;
    }
    case 't': {
        const int64_t was = L.stride[j];
        const int64_t corner[] = {0, -1, was - 1, was / 2, -was, kBig, -kBig, 1};
        L.stride[j] = rng.pick(corner);
        break;
    }
    case 'a':
        if (e.layout == 's' || rng.chance(0.25)) L.null_array[j] = true;
        else L.null_entry[j][matrix] = 1;
        break;
    case 'c': {
        static const Sc values[] = {{0, 0}, {1, 0}, {0, 1}};
        L.scalar[j] = rng.pick(values);
        if (e.precision == 's' || e.precision == 'd') L.scalar[j].im = 0;
        break;
    }
    case 'i': L.null_info = true; break;
    default: break;  // batch: drawn with its corners up front
    }
}

List draw(const Entry &e, uint64_t number, Rng &rng) {
    List L;
    L.e = &e;
    L.number = number;
    static const int batches[] = {-1, INT_MIN, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 5};
    // Mostly a few matrices; at times eight or nine, a whole group of the group kernels and more.
    L.batch = rng.chance(0.15) ? rng.pick(batches) : rng.chance(0.1) ? 8 + rng.below(2) : 1 + rng.below(4);
    L.entries = L.variable() ? std::max(L.batch, 1) : 1;
    L.pointers = std::max(L.batch, 1);
    draw_legal(L, rng, rng.chance(0.2));
    const int mutations = rng.chance(0.5) ? 1 + rng.below(3) : 0;
    for (int m = 0; m < mutations; ++m) mutate(L, rng);
    return L;
}

// ---- the contract, worked out on its own -------------------------------------------------------

struct Positions {
    int size[kMax], opt[kMax], scalar[kMax], array[kMax], ld[kMax], stride[kMax];
    int info = 0, batch = 0;
    explicit Positions(const Entry &e) {
        for (size_t k = 0; k < e.slots.size(); ++k) {
            const Slot s = e.slots[k];
            const int pos = int(k) + 1;
            switch (s.kind) {
            case 'o': opt[s.index] = pos; break;
            case 's': size[s.index] = pos; break;
            case 'c': scalar[s.index] = pos; break;
            case 'a': array[s.index] = pos; break;
            case 'l': ld[s.index] = pos; break;
            case 't': stride[s.index] = pos; break;
            case 'i': info = pos; break;
            default: batch = pos; break;
            }
        }
    }
};

// The k of the -k the call must return (0: legal), and the kind of that argument.
struct Expected {
    int k = 0;
    char kind = 0;
};

Expected expect(const List &L) {
    const Entry &e = *L.e;
    const Routine &r = *e.routine;
    const Positions pos(e);
    Expected x;
    auto fail = [&](int k, char kind) {
        if (x.k == 0 || k < x.k) x.k = k, x.kind = kind;
    };
    const bool cplx = e.precision == 'c' || e.precision == 'z';
    const Problem p0 = L.problem(0);
    for (size_t j = 0; j < r.opts.size(); ++j) {
        const char *allowed = cplx ? r.opts[j].complex : r.opts[j].real;
        if (p0.opt[j] == 0 || std::strchr(allowed, p0.opt[j]) == nullptr) fail(pos.opt[j], 'o');
    }
    if (L.batch < 0) fail(pos.batch, 'b');
    if (r.info && L.null_info && L.batch > 0) fail(pos.info, 'i');
    // A missing array of sizes: the per-matrix rules cannot be read. A missing array of pointers
    // leaves only its own matrices unchecked.
    bool unreadable = false;
    if (L.batch > 0) {
        for (size_t j = 0; j < r.sizes.size(); ++j)
            if (L.variable() && L.null_size[j]) fail(pos.size[j], 's'), unreadable = true;
        for (size_t a = 0; a < r.arrays.size(); ++a) {
            if (e.layout != 's' && L.null_array[a]) fail(pos.array[a], 'a');
            if (L.variable() && r.arrays[a].has_ld && L.null_ld[a]) fail(pos.ld[a], 'l'), unreadable = true;
        }
    }
    if (unreadable) return x;
    const int matrices = L.variable() ? std::max(0, L.batch) : 1;
    for (int i = 0; i < matrices; ++i) {
        const Problem p = L.problem(i);
        const Shapes sh = shapes(L, i);
        const Extent *ext = sh.ext;
        for (size_t j = 0; j < r.sizes.size(); ++j)
            if (p.size[j] < 0 || p.size[j] > sh.bound[j]) fail(pos.size[j], 's');
        for (size_t a = 0; a < r.arrays.size(); ++a) {
            const ArrDesc &d = r.arrays[a];
            const int64_t ld = d.has_ld ? L.ld[a][size_t(L.at(i))] : 1;
            if (d.has_ld && (d.vector ? ld == 0 : ld < std::max<int64_t>(1, ext[a].rows))) fail(pos.ld[a], 'l');
            if (footprint(d, ext[a], ld) == 0 || L.batch <= 0) continue;
            if (e.layout == 's') {
                if (L.null_array[a]) fail(pos.array[a], 'a');
                if (!d.in && L.batch > 1 && L.stride[a] < footprint(d, ext[a], ld)) fail(pos.stride[a], 't');
            } else if (!L.null_array[a]) {
                const int first = L.variable() ? i : 0, last = L.variable() ? i : L.batch - 1;
                for (int m = first; m <= last; ++m)
                    if (L.null_entry[a][size_t(m)]) fail(pos.array[a], 'a');
            }
        }
    }
    return x;
}

// ---- memory for one list -----------------------------------------------------------------------

// One array argument's memory: a buffer with guard zones, where matrix i starts (byte offsets),
// and which bytes the routine may write (legal lists).
struct Memory {
    std::vector<unsigned char> bytes, before, writable;
    std::vector<int64_t> start;  // byte offset of matrix i
    std::vector<void *> ptrs;    // pointer layouts
    void *base = nullptr;        // strided layout
};

// Fills a buffer with values a routine may read: numbers in [-1, 1], and 1 in integer arrays (a
// legal pivot for getrs).
void fill(std::vector<unsigned char> &b, char elem, char precision, Rng &rng) {
    const size_t real = precision == 's' || precision == 'c' ? 4 : 8;
    if (elem == 'I') {
        for (size_t k = 0; k + 4 <= b.size(); k += 4) {
            const int one = 1;
            std::memcpy(&b[k], &one, 4);
        }
        return;
    }
    for (size_t k = 0; k + real <= b.size(); k += real) {
        const double v = double(int64_t(rng.next() % 2001) - 1000) / 1000;
        if (real == 4) {
            const float f = float(v);
            std::memcpy(&b[k], &f, 4);
        } else {
            std::memcpy(&b[k], &v, 8);
        }
    }
}

// Gives every array its memory; false when a legal list would need more than kLegalElements.
bool place(const List &L, bool legal, std::vector<Memory> &mem, Rng &rng) {
    const Entry &e = *L.e;
    const Routine &r = *e.routine;
    const int count = std::max(L.batch, 0);
    int64_t total = 0;
    mem.assign(r.arrays.size(), Memory{});
    for (size_t a = 0; a < r.arrays.size(); ++a) {
        const ArrDesc &d = r.arrays[a];
        const int64_t es = int64_t(elem_bytes(d.elem, e.precision));
        std::vector<int64_t> foot(size_t(std::max(count, 1)), 0);
        for (int i = 0; i < count; ++i) {
            const int64_t f = footprint(d, shapes(L, i).ext[a], d.has_ld ? L.ld[a][size_t(L.at(i))] : 1);
            foot[size_t(i)] = legal ? f : std::min(f, kIllegalElements);
        }
        Memory &m = mem[a];
        m.start.assign(size_t(std::max(count, 1)), kGuard * es);
        int64_t elements;
        if (e.layout == 's') {
            // Matrix i at i * stride from the base; a negative stride puts the base at the top. An
            // illegal list gets a small buffer (none of its matrices is touched); a legal one's
            // footprint and stride are checked small before they are multiplied.
            const int64_t f = foot[0];
            int64_t lo = 0, hi = f;
            if (legal) {
                if (f > kLegalElements || (f > 0 && count > 1 && std::llabs(L.stride[a]) > kLegalElements))
                    return false;
                if (f > 0 && count > 1) {
                    const int64_t last = L.stride[a] * (count - 1);
                    lo = std::min<int64_t>(0, last), hi = std::max<int64_t>(0, last) + f;
                }
                if (f > 0)
                    for (int i = 0; i < count; ++i) m.start[size_t(i)] = (kGuard - lo + L.stride[a] * i) * es;
            }
            elements = hi - lo;
        } else {
            // Pointer layouts: each matrix in a block of its own, a few elements apart (or, for a
            // read-only array, every pointer to the first matrix).
            elements = 0;
            for (int i = 0; i < count; ++i) {
                if (foot[size_t(i)] > kLegalElements) return false;
                const bool shared = L.share[a] && !L.variable() && i > 0;
                m.start[size_t(i)] = shared ? m.start[0] : (kGuard + elements) * es;
                if (!shared) elements += foot[size_t(i)] + rng.below(3);
            }
        }
        total += elements;
        if (legal && total > kLegalElements) return false;
        m.bytes.resize(size_t((elements + 2 * kGuard) * es));
        fill(m.bytes, d.elem, e.precision, rng);
        m.before = m.bytes;
        if (e.layout == 's') {
            m.base = L.null_array[a] ? nullptr : m.bytes.data() + m.start[0];
        } else {
            m.ptrs.assign(size_t(L.pointers), nullptr);
            for (int i = 0; i < count; ++i)
                if (!L.null_entry[a][size_t(i)]) m.ptrs[size_t(i)] = m.bytes.data() + m.start[size_t(i)];
        }
        // What a legal call may write: the elements of the matrices of an output.
        m.writable.assign(m.bytes.size(), 0);
        if (!legal || d.in) continue;
        for (int i = 0; i < count; ++i) {
            const Extent x = shapes(L, i).ext[a];
            const int64_t ld = d.has_ld ? L.ld[a][size_t(L.at(i))] : 1;
            if (footprint(d, x, ld) == 0) continue;
            for (int64_t c = 0; c < x.cols; ++c)
                for (int64_t row = 0; row < x.rows; ++row) {
                    const int64_t off = d.vector ? row * std::llabs(ld) : row + c * ld;
                    std::fill_n(m.writable.begin() + m.start[size_t(i)] + off * es, es, 1);
                }
        }
    }
    return true;
}

// ---- one list: call, and check ------------------------------------------------------------------

std::string describe(const List &L, const std::vector<Memory> &mem) {
    const Entry &e = *L.e;
    const Routine &r = *e.routine;
    auto ints = [&](const std::vector<int> &v, bool null) {
        if (null) return std::string("NULL");
        if (!L.variable()) return std::to_string(v[0]);
        std::string t = "{";
        for (size_t i = 0; i < v.size(); ++i) t += (i ? ", " : "") + std::to_string(v[i]);
        return t + "}";
    };
    std::string t = std::string(e.name) + "(";
    for (size_t k = 0; k < e.slots.size(); ++k) {
        const Slot s = e.slots[k];
        const size_t j = size_t(s.index);
        std::string v;
        switch (s.kind) {
        case 'o': v = std::string(r.opts[j].name) + "=" + (L.opt[j] ? "'" + std::string(1, L.opt[j]) + "'" : "'\\0'"); break;
        case 's': v = std::string(r.sizes[j]) + "=" + ints(L.size[j], L.null_size[j]); break;
        case 'c': v = std::string(r.scalars[j]) + "=(" + std::to_string(L.scalar[j].re) + "," +
                      std::to_string(L.scalar[j].im) + ")"; break;
        case 'a':
            v = r.arrays[j].name;
            if (e.layout == 's') {
                v += L.null_array[j] ? "=NULL" : "=[" + std::to_string(mem[j].bytes.size()) + " bytes]";
            } else if (L.null_array[j]) {
                v += "=NULL";
            } else {
                v += "={";
                for (size_t i = 0; i < mem[j].ptrs.size(); ++i)
                    v += std::string(i ? ", " : "") + (mem[j].ptrs[i] ? (L.share[j] && i ? "p0" : "p") : "NULL");
                v += "}";
            }
            break;
        case 'l': v = "ld(" + std::string(r.arrays[j].name) + ")=" + ints(L.ld[j], L.null_ld[j]); break;
        case 't': v = "stride(" + std::string(r.arrays[j].name) + ")=" + std::to_string(L.stride[j]); break;
        case 'i': v = L.null_info ? "info=NULL" : "info"; break;
        default: v = "batch=" + std::to_string(L.batch); break;
        }
        t += (k ? ", " : "") + v;
    }
    return t + ")";
}

// Where the library's prints would go: fds 1 and 2 point to one scratch file for the whole run,
// read and emptied after each call; reports go to the original stdout. The file is `path` when
// given (--capture): what a sanitizer writes before it ends the process stays there.
struct Capture {
    FILE *report = nullptr;
    int fd = -1;
    bool begin(const char *path) {
        std::fflush(stdout);
        std::fflush(stderr);
        report = fdopen(dup(1), "w");
        fd = path ? open(path, O_RDWR | O_CREAT | O_TRUNC, 0644) : fileno(std::tmpfile());
        if (report == nullptr || fd < 0) return false;
        dup2(fd, 1);
        dup2(fd, 2);
        return true;
    }
    // What was printed since the last call, emptied.
    std::string take() {
        std::fflush(stdout);
        std::fflush(stderr);
        struct stat st {};
        if (fstat(fd, &st) != 0 || st.st_size == 0) return "";
        std::string text(size_t(std::min<off_t>(st.st_size, 300)), '\0');
        if (pread(fd, &text[0], text.size(), 0) < 0) text = "(unreadable)";
        if (ftruncate(fd, 0) != 0) text += " (could not empty the capture)";
        lseek(1, 0, SEEK_SET);
        return text;
    }
};
Capture capture;

// The list being called, for the handlers of a crash or an exit.
uint64_t g_seed = 0, g_current = 0;
bool g_in_call = false;

void report_abnormal(const char *what) {
    char line[200];
    const int n = std::snprintf(line, sizeof line,
                                "fuzz_arguments: %s during list %llu of seed %llu; replay it with "
                                "--seed %llu --first %llu --count 1 --verbose\n",
                                what, (unsigned long long)g_current, (unsigned long long)g_seed,
                                (unsigned long long)g_seed, (unsigned long long)g_current);
    if (capture.report) {
        ssize_t ignored = write(fileno(capture.report), line, size_t(std::max(n, 0)));
        (void)ignored;
    }
}
void on_signal(int sig) {
    report_abnormal(sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : sig == SIGFPE ? "SIGFPE" : "SIGABRT");
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}
void on_exit() {
    if (g_in_call) report_abnormal("the process exited (LAPACK's xerbla stops the program)");
}

struct Tally {
    uint64_t lists = 0, legal = 0, redrawn = 0, violations = 0;
    uint64_t by_kind[128] = {};
    std::vector<uint64_t> per_entry;
};

// Runs list `number`; returns the violations it found (printed).
int run_one(uint64_t seed, uint64_t number, Tally &tally, bool verbose) {
    const std::vector<Entry> &all = entries();
    g_current = number;
    Rng rng{seed * 0x9E3779B97F4A7C15ull ^ (number + 1) * 0xD1B54A32D192ED03ull};
    rng.next();
    const Entry &e = all[size_t(rng.below(int(all.size())))];
    List L;
    std::vector<Memory> mem;
    Expected want;
    for (int attempt = 0;; ++attempt) {
        L = draw(e, number, rng);
        want = expect(L);
        if (place(L, want.k == 0, mem, rng)) break;
        ++tally.redrawn;
    }
    const Routine &r = *e.routine;
    // The call's values.
    Call v;
    std::vector<std::vector<int>> sizes(r.sizes.size()), lds(r.arrays.size());
    for (size_t j = 0; j < r.opts.size(); ++j) v.opt[j] = L.opt[j];
    for (size_t j = 0; j < r.scalars.size(); ++j) v.sc[j] = L.scalar[j];
    for (size_t j = 0; j < r.sizes.size(); ++j) {
        sizes[j] = L.size[j];
        v.s[j] = L.size[j][0];
        v.vs[j] = L.null_size[j] ? nullptr : sizes[j].data();
    }
    for (size_t a = 0; a < r.arrays.size(); ++a) {
        lds[a] = L.ld[a];
        v.l[a] = L.ld[a][0];
        v.vl[a] = L.null_ld[a] ? nullptr : lds[a].data();
        v.st[a] = L.stride[a];
        v.base[a] = mem[a].base;
        v.ptr[a] = L.null_array[a] ? nullptr : mem[a].ptrs.data();
    }
    const std::vector<std::vector<void *>> ptrs_before = [&] {
        std::vector<std::vector<void *>> p;
        for (const Memory &m : mem) p.push_back(m.ptrs);
        return p;
    }();
    constexpr int kInfoGuard = 2, kInfoFill = 123456789;
    std::vector<int> info(size_t(std::max(L.batch, 0) + 2 * kInfoGuard), kInfoFill);
    v.info_ = L.null_info ? nullptr : info.data() + kInfoGuard;
    v.batch = L.batch;

    if (verbose)
        std::fprintf(capture.report, "list %llu: %s\n  expected %d\n", (unsigned long long)number,
                     describe(L, mem).c_str(), -want.k);
    g_in_call = true;
    const int got = e.call(v);
    g_in_call = false;
    const std::string printed = capture.take();

    // The checks.
    std::vector<std::string> wrong;
    if (got != -want.k)
        wrong.push_back("returned " + std::to_string(got) + ", expected " + std::to_string(-want.k) +
                        (got <= -1000 ? std::string(" (") + bl_error_string(got) + ")" : "") +
                        (got != 0 ? std::string("; bl_last_error: ") + bl_last_error() : std::string()));
    if (!printed.empty()) wrong.push_back("printed: " + printed);
    if (want.k && got == -want.k) {
        // bl_last_error() names the routine and the argument the return value does.
        const std::string message = bl_last_error();
        if (message.find(std::string(e.name) + ": argument " + std::to_string(want.k) + " ") == std::string::npos)
            wrong.push_back("bl_last_error() does not name argument " + std::to_string(want.k) + ": " + message);
    }
    for (size_t j = 0; j < r.sizes.size(); ++j)
        if (sizes[j] != L.size[j]) wrong.push_back(std::string("modified the array of ") + r.sizes[j]);
    for (size_t a = 0; a < r.arrays.size(); ++a) {
        if (lds[a] != L.ld[a]) wrong.push_back(std::string("modified the array of ld(") + r.arrays[a].name + ")");
        if (mem[a].ptrs != ptrs_before[a]) wrong.push_back(std::string("modified the pointers of ") + r.arrays[a].name);
        const Memory &m = mem[a];
        for (size_t b = 0; b < m.bytes.size(); ++b)
            if (m.bytes[b] != m.before[b] && !m.writable[b]) {
                wrong.push_back(std::string("modified ") + r.arrays[a].name + " at byte " + std::to_string(b) +
                                (want.k ? " (an illegal call must change nothing)" : " (outside what it may write)"));
                break;
            }
    }
    for (int g = 0; g < kInfoGuard; ++g)
        if (info[size_t(g)] != kInfoFill || info[info.size() - 1 - size_t(g)] != kInfoFill)
            wrong.push_back("wrote outside info[0..batch)");
    if (r.info && v.info_ != nullptr)
        for (int i = 0; i < std::max(L.batch, 0); ++i) {
            const int x = v.info_[i];
            bool ok;
            if (want.k) {
                ok = x == -want.k;
            } else {
                int64_t largest = 0;
                const Problem p = L.problem(i);
                for (size_t j = 0; j < r.sizes.size(); ++j) largest = std::max(largest, p.size[j]);
                ok = x >= 0 && x <= largest;
            }
            if (!ok) {
                wrong.push_back("info[" + std::to_string(i) + "] = " + std::to_string(x));
                break;
            }
        }

    ++tally.lists;
    tally.legal += want.k == 0;
    ++tally.by_kind[want.k ? (unsigned char)want.kind : '0'];
    ++tally.per_entry[size_t(&e - all.data())];
    if (wrong.empty()) return 0;
    std::fprintf(capture.report, "FAIL list %llu of seed %llu: %s\n", (unsigned long long)number,
                 (unsigned long long)seed, describe(L, mem).c_str());
    for (const std::string &w : wrong) std::fprintf(capture.report, "    %s\n", w.c_str());
    std::fflush(capture.report);
    return int(wrong.size());
}

}  // namespace fuzz

int main(int argc, char **argv) {
    using namespace fuzz;
    uint64_t count = 20000, first = 0, seed = 1, max_failures = 20;
    bool verbose = false;
    const char *capture_path = nullptr;
    for (int a = 1; a < argc; ++a) {
        const std::string arg = argv[a];
        const bool more = a + 1 < argc;
        if (arg == "--count" && more) count = std::strtoull(argv[++a], nullptr, 0);
        else if (arg == "--seed" && more) seed = std::strtoull(argv[++a], nullptr, 0);
        else if (arg == "--first" && more) first = std::strtoull(argv[++a], nullptr, 0);
        else if (arg == "--max-failures" && more) max_failures = std::strtoull(argv[++a], nullptr, 0);
        else if (arg == "--capture" && more) capture_path = argv[++a];
        else if (arg == "--verbose") verbose = true;
        else {
            std::fprintf(stderr, "usage: %s [--count N] [--seed S] [--first J] [--verbose] [--max-failures F] [--capture FILE]\n", argv[0]);
            return 2;
        }
    }
    g_seed = seed;
    if (!capture.begin(capture_path)) {
        std::fprintf(stderr, "fuzz_arguments: cannot redirect output to %s\n", capture_path ? capture_path : "a scratch file");
        return 2;
    }
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGABRT}) std::signal(sig, on_signal);
    std::atexit(on_exit);

    Tally tally;
    tally.per_entry.assign(entries().size(), 0);
    const auto t0 = std::chrono::steady_clock::now();
    uint64_t failing = 0;
    for (uint64_t j = first; j < first + count; ++j) {
        const int bad = run_one(seed, j, tally, verbose);
        tally.violations += uint64_t(bad);
        failing += bad > 0;
        if (failing >= max_failures && max_failures > 0) {
            std::fprintf(capture.report, "stopping after %llu failing lists\n", (unsigned long long)failing);
            break;
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const uint64_t reached = uint64_t(std::count_if(tally.per_entry.begin(), tally.per_entry.end(),
                                                    [](uint64_t n) { return n > 0; }));
    std::fprintf(capture.report,
                 "fuzz_arguments: seed %llu, lists %llu..%llu: %llu lists over %llu of %zu entry points "
                 "in %.1f s; %llu legal, %llu illegal (option %llu, size %llu, ld %llu, stride %llu, "
                 "array %llu, info %llu, batch %llu); %llu drawn again (too large); %llu failing lists, "
                 "%llu violations\n",
                 (unsigned long long)seed, (unsigned long long)first, (unsigned long long)(first + count - 1),
                 (unsigned long long)tally.lists, (unsigned long long)reached, entries().size(), seconds,
                 (unsigned long long)tally.legal, (unsigned long long)(tally.lists - tally.legal),
                 (unsigned long long)tally.by_kind['o'], (unsigned long long)tally.by_kind['s'],
                 (unsigned long long)tally.by_kind['l'], (unsigned long long)tally.by_kind['t'],
                 (unsigned long long)tally.by_kind['a'], (unsigned long long)tally.by_kind['i'],
                 (unsigned long long)tally.by_kind['b'], (unsigned long long)tally.redrawn,
                 (unsigned long long)failing, (unsigned long long)tally.violations);
    std::fflush(capture.report);
    return failing == 0 ? 0 : 1;
}
