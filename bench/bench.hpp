// The benchmark's model of one measurement: a routine at one size, with its arrays, the library's
// batched call and the system LAPACK's call for one matrix. routines.cpp fills one in per routine
// (a "case"); main.cpp times it beside its peers and prints the table.
//
// The CPU peers (a plain loop and an OpenMP loop) are not part of a case: main.cpp builds both from
// `lapack`, the per-matrix call. The GPU peers of the CUDA issues fit in as follows: for
// --backend cuda, Data keeps its arrays in device memory (restore() copies on the device; the
// library then gets device pointers, or host ones with --host-data), and an entry adds its vendor
// calls (cublas<t>getrfBatched, cusolverDn<t>potrfBatched, ...) to the case as more calls like
// `library`, which main.cpp times in place of the CPU loops; the table and the ratio to the best
// peer stay as they are.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "parallel.hpp"

namespace blbench {

// The OpenMP loop over the batch, one thread per matrix, the BLAS held to one thread inside it with
// the library's own guard (src_cpu/parallel.cpp): the fair peer, and the untimed preparation.
template <class F> void openmp_loop(int64_t batch, F &&f) {
    bl::cpu::SingleThreadedBlas hold;
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < batch; ++i) f(i);
}

// One array argument of the whole batch, matrix i at data() + i * stride (the strided layout).
// An array the call writes keeps a copy of its input, restored before every run (untimed).
class Stored {
public:
    virtual ~Stored() = default;
    virtual void save() = 0;
    virtual void restore() = 0;
    // True when matrix i's part differs from its input.
    virtual bool written(int64_t i) const = 0;
    // True when no element is NaN or Inf.
    virtual bool finite() const = 0;
};

template <class U> class Data final : public Stored {
public:
    Data(int64_t stride, int64_t batch) : stride(stride), batch_(batch), v_(size_t(stride * batch)) {}
    U *data() { return v_.data(); }
    U *operator[](int64_t i) { return v_.data() + i * stride; }
    void save() override { initial_ = v_; }
    void restore() override {
#pragma omp parallel for schedule(static)
        for (int64_t i = 0; i < batch_; ++i)
            std::memcpy(&v_[size_t(i * stride)], &initial_[size_t(i * stride)], size_t(stride) * sizeof(U));
    }
    bool written(int64_t i) const override {
        return std::memcmp(&v_[size_t(i * stride)], &initial_[size_t(i * stride)], size_t(stride) * sizeof(U)) != 0;
    }
    bool finite() const override {
        if constexpr (std::is_integral<U>::value) return true;
        else {
            for (const U &x : v_)
                if (!std::isfinite(std::abs(x))) return false;
            return true;
        }
    }

    const int64_t stride;

private:
    int64_t batch_;
    std::vector<U> v_, initial_;
};

// A routine at one size, ready to run. Built by make_case; not copyable, since the calls refer
// to its arrays.
struct Case {
    Case(int n, int nrhs, int64_t batch) : n(n), nrhs(nrhs), batch(batch), info(size_t(batch), 0) {}
    Case(const Case &) = delete;
    Case &operator=(const Case &) = delete;

    const int n, nrhs;
    const int64_t batch;
    double flops = 0;       // of one matrix, LAPACK's count (ops.hpp)
    std::vector<int> info;  // per matrix
    bool has_info = true;   // false for the BLAS routines, whose calls leave `info` alone

    std::function<int()> library;         // the library's batched call; returns its return value
    std::function<int(int64_t)> lapack;   // matrix i by the system LAPACK; returns its info

    // An array only read by the call (filled once by the entry).
    template <class U> Data<U> &input(int64_t stride) { return add<U>(stride, inputs_); }
    // An array the call overwrites; the entry fills it, then main.cpp calls save_inputs().
    template <class U> Data<U> &output(int64_t stride) { return add<U>(stride, outputs_); }

    void save_inputs() { for (auto &o : outputs_) o->save(); }
    void restore() { for (auto &o : outputs_) o->restore(); }
    // Empty when the last run is valid, else what is wrong with it: a matrix none of whose
    // outputs changed (a call that skipped it; from n = 2 on, since at n = 1 LAPACK may leave
    // every output as it was, e.g. ormqr with Q = I), or a NaN or Inf (entries fill the outputs
    // that have no input, such as tau, with NaN, so that these must be written too).
    std::string check_outputs() const {
        for (int64_t i = 0; i < batch && n >= 2; ++i)
            if (std::none_of(outputs_.begin(), outputs_.end(), [i](const auto &o) { return o->written(i); }))
                return "matrix " + std::to_string(i) + " was not written";
        for (auto &o : outputs_)
            if (!o->finite()) return "NaN or Inf in the result";
        return "";
    }

private:
    template <class U> Data<U> &add(int64_t stride, std::vector<std::unique_ptr<Stored>> &list) {
        auto d = std::make_unique<Data<U>>(stride, batch);
        Data<U> &ref = *d;
        list.push_back(std::move(d));
        return ref;
    }
    std::vector<std::unique_ptr<Stored>> inputs_, outputs_;
};

// The routines the benchmark knows, in the order of DESIGN.md.
const std::vector<std::string> &routine_names();

// Builds `routine` in precision `precision` ('s', 'd', 'c', 'z') at size n: arrays allocated and
// filled with valid input (factored by LAPACK where the routine needs it, untimed), inputs saved.
// Null for an unknown routine or precision.
std::unique_ptr<Case> make_case(const std::string &routine, char precision, int n, int nrhs, int64_t batch);

// Bytes of one matrix of the routine's main argument (what the default batch is sized by).
int64_t matrix_bytes(const std::string &routine, char precision, int n);

}  // namespace blbench
