// Argument checking for batched calls.
//
// The rule (DESIGN.md): the call returns -k for the lowest-numbered illegal argument k, computes
// nothing, and sets every info[i] to -k. LAPACK's own checks apply to every matrix; the checker
// adds the layout's: batch >= 0, usable info, non-null pointer arrays and matrices, and strides
// that keep the matrices of a strided batch apart.
//
// A routine's check is written once, per matrix, against the layout-free operation struct:
//
//     c.each([&](Checker &c, int64_t i) {
//         c.require(op.m[i] >= 0, op.m, i, "must be >= 0");
//         ...
//         c.matrix(op.A, i, rows, cols);
//     });
//
// For the uniform layouts `each` runs the body for matrix 0 only (every matrix has the same sizes);
// for variable sizes it runs it for every matrix. The body gets the checker to report to: a large
// variable batch is checked in parts on the library's threads (team.hpp), each part with a checker of its own.
#pragma once

#include "args.hpp"
#include "memory.hpp"
#include "team.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace bl {

class Checker {
public:
    explicit Checker(const Batch &b) : b_(b) {}
    Checker(const Checker &) = delete;

    // The smallest failing position so far (0: none) and its message.
    int failed() const { return pos_; }
    const std::string &message() const { return msg_; }

    // Runs the per-matrix checks, unless an array of sizes is missing (then they cannot be read;
    // a missing array of pointers only leaves its own matrices unchecked). Uniform sizes are one value each, checked for matrix 0 even when the batch
    // is empty or its count illegal, so that an illegal batch never hides an illegal size before
    // it; the per-matrix arrays of vbatch have no entry to read then (docs/decisions.md).
    template <class F> void each(F &&body) {
        if (unreadable_) return;
        const int64_t n = b_.layout == Layout::Variable ? std::max(0, b_.count) : 1;
        if (n < kHostParallelMin) {
            for (int64_t i = 0; i < n; ++i) body(*this, i);
            return;
        }
        // Parts in the batch's order; merging them in that order keeps the serial rule (the lowest
        // position wins, and among equal positions the first matrix), so the message is the same.
        constexpr int kParts = 64;
        std::vector<std::unique_ptr<Checker>> part(kParts);
        for (auto &c : part) c.reset(new Checker(*this, Part{}));
        team::parallel_for(kParts, team::threads(), [&](int64_t p) {
            for (int64_t i = n * p / kParts; i < n * (p + 1) / kParts; ++i) body(*part[size_t(p)], i);
        });
        for (const auto &k : part) {
            if (k->pos_ != 0 && (pos_ == 0 || k->pos_ < pos_)) pos_ = k->pos_, msg_ = k->msg_;
            for (const Footprint &f : k->bytes_) add_bytes(f.pos, f.bytes);
        }
    }

    // The bytes of array argument `pos` that the call touches, over the whole batch (the
    // footprints `matrix` and `vector` were given); what the dispatch decision weighs.
    double bytes(int pos) const {
        for (const Footprint &f : bytes_)
            if (f.pos == pos) return f.bytes;
        return 0;
    }

    // Records a failure of argument `pos` unless a lower-numbered one already failed.
    void fail(int pos, const std::string &what) {
        if (pos_ != 0 && pos_ <= pos) return;
        pos_ = pos;
        msg_ = std::string(b_.routine) + ": argument " + std::to_string(pos) + " " + what;
    }

    void require(bool ok, const Int &x, int64_t i, const char *rule) {
        if (!ok) fail(x.pos, describe(x.name, x[i], i) + " " + rule);
    }
    void require(bool ok, const Int &x, int64_t i, const char *rule, int64_t bound) {
        if (!ok) fail(x.pos, describe(x.name, x[i], i) + " " + rule + " = " + std::to_string(bound));
    }
    void require(bool ok, const Option &o, const char *allowed) {
        if (!ok) {
            std::string g = o.given >= 32 && o.given < 127 ? std::string("'") + o.given + "'"
                                                            : "(char " + std::to_string(int(o.given)) + ")";
            fail(o.pos, std::string("(") + o.name + ") = " + g + " must be one of " + allowed);
        }
    }
    // An option that must be one of the characters in `allowed` (upper case).
    void option(const Option &o, const char *allowed) {
        bool ok = false;
        for (const char *c = allowed; *c; ++c) ok |= o.value == *c;
        std::string list;
        for (const char *c = allowed; *c; ++c) list += std::string(list.empty() ? "'" : ", '") + *c + "'";
        require(ok, o, list.c_str());
    }

    // The first checks of every call: a usable batch count and info array, and the arrays of
    // per-matrix sizes and of pointers present. Called by the dispatcher before the routine's own
    // checks; an operation's fields are visited with it.
    void operator()(const Int &x, const char *) {
        if (x.variable && x.per == nullptr && b_.count > 0) {
            fail(x.pos, std::string("(") + x.name + ") is a null array");
            unreadable_ = true;
        }
    }
    void operator()(const Option &, const char *) {}
    template <class T> void operator()(const Scalar<T> &, const char *) {}
    template <class T> void operator()(const Array<T> &a, const char *, const char * = nullptr) {
        if (a.pointers && a.ptrs == nullptr && b_.count > 0) {
            fail(a.pos, std::string("(") + a.name + ") is a null array of pointers");
        } else if (a.pointers && b_.count > 0) {
            host_readable(a.ptrs);  // copied now, for the parts of `each` to share
        }
        (*this)(a.ld, nullptr);
    }

    // Matrix i of `a` has `rows` x `cols` elements stored with leading dimension a.ld[i]; a
    // vector has `len` elements at increment a.ld[i] (or 1 when the argument has no increment).
    // Checks the pointer, and in the strided layout that the stride keeps matrices apart.
    // An illegal leading dimension (reported on its own, after the array) counts as `rows` here,
    // so that a null array is still found and named first.
    template <class T> void matrix(const Array<T> &a, int64_t i, int64_t rows, int64_t cols) {
        int64_t foot = rows > 0 && cols > 0 ? std::max<int64_t>(a.ld[i], rows) * (cols - 1) + rows : 0;
        storage(a, i, foot);
    }
    template <class T> void vector(const Array<T> &a, int64_t i, int64_t len) {
        int64_t inc = a.has_ld ? std::llabs(a.ld[i]) : 1;
        storage(a, i, len > 0 ? 1 + (len - 1) * inc : 0);
    }

private:
    struct Part {};
    // A part's checker: reports on its own, reads the pointer arrays its parent has copied.
    Checker(const Checker &parent, Part) : b_(parent.b_), parent_(&parent) {}

    template <class T> void storage(const Array<T> &a, int64_t i, int64_t foot) {
        // Without a matrix (batch <= 0) there is no pointer or stride to check.
        if (foot <= 0 || b_.count <= 0) return;
        // Uniform sizes are checked for matrix 0 alone: its footprint stands for every matrix.
        add_bytes(a.pos, double(foot) * double(sizeof(T)) * (b_.layout == Layout::Variable ? 1.0 : double(b_.count)));
        if (a.pointers) {
            if (a.ptrs == nullptr) return;  // reported as a null array; the other checks still run
            // Uniform sizes are checked once, for matrix 0: that check covers every pointer.
            const void *const *ptrs = host_readable(a.ptrs);
            if (ptrs == nullptr) return;  // a device array under a stream: not read (batchlapack.h)
            int64_t first = i, last = b_.layout == Layout::Variable ? i : b_.count - 1;
            for (int64_t j = first; j <= last; ++j)
                if (ptrs[j] == nullptr) {
                    fail(a.pos, std::string("(") + a.name + ") has a null pointer for matrix " + std::to_string(j));
                    break;
                }
            return;
        }
        if (a.base == nullptr) fail(a.pos, std::string("(") + a.name + ") is null");
        // Read-only arrays may overlap (batchlapack.h), e.g. stride 0 to share one matrix.
        if (!std::is_const<T>::value && b_.count > 1 && a.stride < foot)
            fail(a.stride_pos, std::string("(stride of ") + a.name + ") = " + std::to_string(a.stride) +
                                   " must be >= " + std::to_string(foot) + " so that matrices do not overlap");
    }
    // An array of pointers as the host can read it: itself, or its copy when it lies in device
    // memory (made once per call and array).
    template <class P> const void *const *host_readable(P *const *ptrs) {
        const void *key = ptrs;
        const Copied *found = nullptr;
        for (const Checker *k = this; k && !found; k = k->parent_)
            for (const Copied &c : k->copied_)
                if (c.key == key) {
                    found = &c;
                    break;
                }
        if (!found) {
            copied_.push_back(Copied{key, false, {}});
            Copied &c = copied_.back();
            c.host = cuda::copy_device_pointers(reinterpret_cast<const void *const *>(ptrs), b_.count, c.pointers);
            found = &c;
        }
        if (!found->host) return reinterpret_cast<const void *const *>(ptrs);
        return found->pointers.empty() ? nullptr : found->pointers.data();  // empty: not read (stream set)
    }
    std::string describe(const char *name, int v, int64_t i) const {
        std::string s = std::string("(") + name + ") = " + std::to_string(v);
        if (b_.layout == Layout::Variable) s += " for matrix " + std::to_string(i) + ",";
        return s;
    }

    void add_bytes(int pos, double bytes) {
        for (Footprint &f : bytes_)
            if (f.pos == pos) {
                f.bytes += bytes;
                return;
            }
        bytes_.push_back(Footprint{pos, bytes});
    }

    const Batch &b_;
    const Checker *parent_ = nullptr;
    struct Footprint {
        int pos;
        double bytes;
    };
    std::vector<Footprint> bytes_;
    int pos_ = 0;
    bool unreadable_ = false;
    std::string msg_;
    struct Copied {
        const void *key;
        bool host;  // `pointers` holds the copy of a device array
        std::vector<const void *> pointers;
    };
    std::vector<Copied> copied_;
};

// LAPACK's checks of a square linear system AX = B with nrhs right-hand sides (getrs, gesv,
// potrs, posv), for matrix i: n >= 0, nrhs >= 0, lda and ldb >= max(1, n), and A (n x n) and B
// (n x nrhs) present and apart. The routines add their option and pivot checks.
template <class Op> void check_square_system(const Op &op, Checker &c, int64_t i) {
    const int n = op.n[i], nrhs = op.nrhs[i];
    c.require(n >= 0, op.n, i, "must be >= 0");
    c.require(nrhs >= 0, op.nrhs, i, "must be >= 0");
    c.require(op.A.ld[i] >= std::max(1, n), op.A.ld, i, "must be >= max(1, n)", std::max(1, n));
    c.require(op.B.ld[i] >= std::max(1, n), op.B.ld, i, "must be >= max(1, n)", std::max(1, n));
    c.matrix(op.A, i, n, n);
    c.matrix(op.B, i, n, nrhs);
}

}  // namespace bl
