// The benchmark's model of one measurement: a routine at one size, with its arrays, the library's
// batched call and the system LAPACK's call for one matrix. routines.cpp fills one in per routine
// (a "case"); main.cpp times it beside its peers and prints the table.
//
// The CPU peers (a plain loop and an OpenMP loop) are built by main.cpp from `lapack`, the
// per-matrix call. For --backend cuda, gpu.cpp moves the arrays to device memory (or pinned host
// memory for --host-data --pinned) after the entry has filled them on the host, and adds the
// vendor's batched calls as peers; the entries themselves know nothing of the GPU.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "parallel.hpp"

namespace blbench {

// The OpenMP loop over the batch, one thread per matrix, the BLAS held to one thread inside it with
// the library's own guard (src_cpu/parallel.cpp): the fair peer, and the untimed preparation.
template <class F> void openmp_loop(int64_t batch, F &&f) {
    bl::cpu::BlasThreads hold(1);
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < batch; ++i) f(i);
}

// Where the arrays of a case live: host memory (std::vector, pageable), pinned host memory or
// device memory, the last two allocated by gpu.cpp through this interface.
enum class Place { host, pinned, device };
struct Memory {
    virtual ~Memory() = default;
    virtual void *allocate(size_t bytes, Place where) = 0;
    virtual void release(void *p, Place where) = 0;
    virtual void copy(void *dst, const void *src, size_t bytes) = 0;  // any direction, synchronous
};

// How two results differ: max |a - b| / max |b| for floating-point arrays, the number of differing
// elements for integer ones (pivots).
struct Difference {
    double relative = 0;
    long long differing = 0;
};

// What the call does with an array: only reads it, reads and overwrites it, or only writes it
// (ipiv, tau: what the host-data transfers count).
enum class Use { in, inout, out };

// One array argument of the whole batch, matrix i at data() + i * stride (the strided layout).
// An array the call writes keeps a copy of its input, restored before every run (untimed).
class Stored {
public:
    Stored(std::string name, Use use) : name(std::move(name)), use(use) {}
    virtual ~Stored() = default;
    virtual int64_t bytes() const = 0;
    virtual void save() = 0;
    virtual void restore() = 0;
    // Moves the array (input and saved copy) to `where`; data() then points there.
    virtual void move_to(Place where, Memory &memory) = 0;
    // Brings the contents back to the host copy that written(), finite(), keep() and compare()
    // read (nothing to do for host arrays).
    virtual void fetch() = 0;
    // True when matrix i's part differs from its input.
    virtual bool written(int64_t i) const = 0;
    // True when no element is NaN or Inf.
    virtual bool finite() const = 0;
    // Keeps the current contents, then compares later contents with them.
    virtual void keep() = 0;
    virtual Difference compare() const = 0;

    const std::string name;
    const Use use;
};

template <class U> class Data final : public Stored {
public:
    Data(std::string name, Use use, int64_t stride, int64_t batch)
        : Stored(std::move(name), use), stride(stride), batch_(batch), v_(size_t(stride * batch)) {}
    ~Data() override {
        if (memory_) {
            memory_->release(moved_, place_);
            if (moved_initial_) memory_->release(moved_initial_, place_);
        }
    }
    U *data() { return moved_ ? moved_ : v_.data(); }
    U *operator[](int64_t i) { return data() + i * stride; }
    // Matrix i's pointer, one per matrix (the pointer and vbatch layouts), built on first use.
    U *const *pointers() {
        if (pointers_.empty())
            for (int64_t i = 0; i < batch_; ++i) pointers_.push_back((*this)[i]);
        return pointers_.data();
    }
    int64_t bytes() const override { return int64_t(v_.size() * sizeof(U)); }
    void save() override { initial_ = v_; }
    void restore() override {
        if (place_ == Place::device) return memory_->copy(moved_, moved_initial_, size_t(bytes()));
        U *to = data();
#pragma omp parallel for schedule(static)
        for (int64_t i = 0; i < batch_; ++i)
            std::memcpy(to + i * stride, &initial_[size_t(i * stride)], size_t(stride) * sizeof(U));
    }
    void move_to(Place where, Memory &memory) override {
        if (where == Place::host) return;
        memory_ = &memory;
        place_ = where;
        moved_ = static_cast<U *>(memory.allocate(size_t(bytes()), where));
        memory.copy(moved_, v_.data(), size_t(bytes()));
        pointers_.clear();
        if (where == Place::device && use != Use::in) {  // the pristine input, restored on the device
            moved_initial_ = static_cast<U *>(memory.allocate(size_t(bytes()), where));
            memory.copy(moved_initial_, initial_.data(), size_t(bytes()));
        }
    }
    void fetch() override {
        if (moved_) memory_->copy(v_.data(), moved_, size_t(bytes()));
    }
    bool written(int64_t i) const override {
        return std::memcmp(&v_[size_t(i * stride)], &initial_[size_t(i * stride)], size_t(stride) * sizeof(U)) != 0;
    }
    bool finite() const override {
        if constexpr (std::is_integral<U>::value) return true;
        else {
            bool ok = true;
#pragma omp parallel for reduction(&& : ok)
            for (int64_t k = 0; k < int64_t(v_.size()); ++k) ok = ok && std::isfinite(std::abs(v_[size_t(k)]));
            return ok;
        }
    }
    void keep() override { kept_ = v_; }
    Difference compare() const override {
        Difference d;
        const int64_t size = int64_t(v_.size());
        if constexpr (std::is_integral<U>::value) {
            long long differing = 0;
#pragma omp parallel for reduction(+ : differing)
            for (int64_t k = 0; k < size; ++k) differing += v_[size_t(k)] != kept_[size_t(k)];
            d.differing = differing;
        } else {
            double diff = 0, ref = 0;
#pragma omp parallel for reduction(max : diff, ref)
            for (int64_t k = 0; k < size; ++k) {
                diff = std::max(diff, double(std::abs(v_[size_t(k)] - kept_[size_t(k)])));
                ref = std::max(ref, double(std::abs(kept_[size_t(k)])));
            }
            d.relative = ref > 0 ? diff / ref : diff;
        }
        return d;
    }

    const int64_t stride;

private:
    int64_t batch_;
    std::vector<U> v_, initial_, kept_;
    std::vector<U *> pointers_;
    Place place_ = Place::host;
    Memory *memory_ = nullptr;
    U *moved_ = nullptr, *moved_initial_ = nullptr;
};

// One implementation of the routine over the whole batch (a peer, or the library): its column
// name and a run over the batch that returns "" or what went wrong (info is checked by the caller).
struct Peer {
    std::string name;
    std::function<std::string()> run;
    // False for a vendor path whose result lands elsewhere than the library's (solves against the
    // identity into an array of their own): not compared.
    bool comparable = true;
};

// A routine at one size, ready to run. Built by make_case; not copyable, since the calls refer
// to its arrays. With `variable` (--vbatch), matrix i has order size(i), drawn uniformly from
// [n/2, n] (a fixed seed), stored in the slot of an order-n matrix (leading dimension n) and
// passed to the library's _vbatch entry point.
struct Case {
    Case(int n, int nrhs, int64_t batch, bool variable);
    Case(const Case &) = delete;
    Case &operator=(const Case &) = delete;

    const int n, nrhs;
    const int64_t batch;
    const bool variable;
    double flops = 0;       // of the whole batch, LAPACK's counts (ops.hpp)
    std::vector<int> info;  // per matrix
    bool has_info = true;   // false for the BLAS routines, whose calls leave `info` alone
    bool triangular = false;  // the routine reads (and writes) one triangle of A: the roofline's bytes
    // --stream: the library's info in device memory (gpu.cpp brings it back into `info`).
    int *device_info = nullptr;
    int *info_arg() { return device_info ? device_info : info.data(); }

    std::function<int()> library;         // the library's batched call; returns its return value
    // The same work by the library's separate calls (gesv: getrf, then getrs), which the one-call
    // routine must never lose to: timed as one more peer, named `parts_name`, on both backends.
    std::function<int()> parts;
    std::string parts_name;
    std::function<int(int64_t)> lapack;   // matrix i by the system LAPACK; returns its info
    std::vector<Peer> peers;              // the vendor's calls (gpu.cpp), for --backend cuda
    std::vector<std::shared_ptr<void>> resources;  // what the peers use, freed with the case

    int size(int64_t i) const { return sizes_[size_t(i)]; }
    // Per-matrix integer arguments of a _vbatch call, built on first use (the warm-up run):
    // size(i) times `scale` (gels' 2n rows) for every matrix, or `v` for every matrix (leading
    // dimensions, nrhs, increments).
    const int *sizes(int scale = 1) { return per_matrix(0, scale); }
    const int *same(int v) { return per_matrix(1, v); }
    // flops = the sum of count(size(i)) over the batch.
    template <class F> void count_flops(F &&count) {
        for (int64_t i = 0; i < batch; ++i) flops += count(size(i));
    }
    // The library's call: `strided` on a uniform batch, `vbatch` on a variable one.
    template <class F, class G> void call(F &&strided, G &&vbatch) {
        if (variable) library = std::forward<G>(vbatch);
        else library = std::forward<F>(strided);
    }

    // The separate calls doing the same work (`parts`), in the two layouts as `call`.
    template <class F, class G> void call_parts(const char *name, F &&strided, G &&vbatch) {
        parts_name = name;
        if (variable) parts = std::forward<G>(vbatch);
        else parts = std::forward<F>(strided);
    }

    // An array only read by the call (filled once by the entry).
    template <class U> Data<U> &input(const char *name, int64_t stride) { return add<U>(name, Use::in, stride); }
    // An array the call reads and overwrites; the entry fills it, then make_case saves it.
    template <class U> Data<U> &output(const char *name, int64_t stride) { return add<U>(name, Use::inout, stride); }
    // An array the call only writes (pivots, tau).
    template <class U> Data<U> &result(const char *name, int64_t stride) { return add<U>(name, Use::out, stride); }
    // The array the entry named `name` (for gpu.cpp's vendor calls).
    template <class U> Data<U> &array(const std::string &name) {
        for (auto &a : arrays_)
            if (a->name == name) return dynamic_cast<Data<U> &>(*a);
        throw std::logic_error("no array " + name);
    }
    const std::vector<std::unique_ptr<Stored>> &arrays() const { return arrays_; }

    void save_inputs() { for (auto &a : arrays_) if (a->use != Use::in) a->save(); }
    void restore() { for (auto &a : arrays_) if (a->use != Use::in) a->restore(); }
    // Empty when the last run is valid, else what is wrong with it: a matrix none of whose
    // outputs changed (a call that skipped it; from order 2 on, since at order 1 LAPACK may leave
    // every output as it was, e.g. ormqr with Q = I), or a NaN or Inf (outputs that have no input,
    // such as tau, start as NaN, so that these must be written too).
    std::string check_outputs();

private:
    template <class U> Data<U> &add(const char *name, Use use, int64_t stride) {
        auto d = std::make_unique<Data<U>>(name, use, stride, batch);
        Data<U> &ref = *d;
        arrays_.push_back(std::move(d));
        return ref;
    }
    const int *per_matrix(int constant, int v) {
        std::vector<int> &p = per_matrix_[{constant, v}];
        if (p.empty())
            for (int64_t i = 0; i < batch; ++i) p.push_back(constant ? v : v * size(i));
        return p.data();
    }
    std::vector<int> sizes_;
    std::map<std::pair<int, int>, std::vector<int>> per_matrix_;
    std::vector<std::unique_ptr<Stored>> arrays_;
};

// The routines the benchmark knows, in the order of DESIGN.md.
const std::vector<std::string> &routine_names();

// Builds `routine` in precision `precision` ('s', 'd', 'c', 'z') at size n: arrays allocated and
// filled with valid input (factored by LAPACK where the routine needs it, untimed), inputs saved.
// Null for an unknown routine or precision.
std::unique_ptr<Case> make_case(const std::string &routine, char precision, int n, int nrhs, int64_t batch,
                                bool variable);

// Bytes of one matrix of the routine's main argument (what the default batch is sized by).
int64_t matrix_bytes(const std::string &routine, char precision, int n);

// The CUDA side (gpu.cpp, compiled when the library is built with CUDA).
struct GpuOptions {
    bool host_data = false, pinned = false;
    bool stream = false;  // --stream: every implementation on one stream, info on the device
};
// Bytes the library must move for a host-data call and the time they take at the bandwidth of
// pinned cudaMemcpy, measured each way on the same bytes.
struct Transfers {
    double bytes_in = 0, bytes_out = 0, h2d = 0, d2h = 0;  // bytes; bytes per second
    double seconds() const { return bytes_in / h2d + bytes_out / d2h; }
};
// What the device gives, measured in the run: the device-to-device copy's bandwidth (bytes read
// plus bytes written, per second) and the precision's GEMM rate (cuBLAS, one large square
// product, flop/s): the memory and compute roofs a batched routine is measured against.
struct Roofline {
    double bandwidth = 0, gemm = 0;
    int gemm_n = 0;
};
class Gpu {
public:
    virtual ~Gpu() = default;
    virtual std::string device() const = 0;
    // Moves the case's arrays where the library's data live (device memory, or pinned/pageable
    // host memory with --host-data) and, for device data of a uniform batch, adds the vendor peers.
    virtual void prepare(Case &c, const std::string &routine, char precision) = 0;
    virtual Transfers transfers(const Case &c) = 0;
    // --stream: a run (or --repeat runs) between begin and end is timed by events on the stream.
    // With `held`, the stream waits at begin until end has been called, so that the runs' kernels
    // follow one another with no host in between (their own time). end returns the seconds on
    // the stream and brings the run's info into c.info.
    virtual Roofline roofline(char precision) = 0;
    virtual void begin(Case &c, bool held) = 0;
    virtual double end(Case &c) = 0;
};
// Null when the library was built without CUDA.
std::unique_ptr<Gpu> make_gpu(const GpuOptions &options);

// measure.cpp, shared with the peer programs (batchlapack-bench-mkl).
// Prints the program's name and `message` on stderr and exits with status 2.
[[noreturn]] void fail(const std::string &message);
// --stream and --repeat (batchlapack-bench): runs timed on the GPU's stream, `repeat` calls each;
// `held`: with the stream held until the calls are enqueued (Gpu::begin). Unset: the host clock.
struct StreamTiming {
    Gpu *gpu = nullptr;
    int repeat = 1;
    bool held = false;
};
extern StreamTiming g_stream;
// A run's time: on the stream (--stream) or by the host clock; and the host's time in the calls.
struct Timed {
    double seconds, host;
};
// One run of `impl` from the saved input, checked (return value, info; the outputs when
// `check_outputs`): a failing run ends the program.
Timed time_run(Case &c, const Peer &impl, bool check_outputs);
// The median of `v` (not empty; of an even count, the mean of the middle two).
double median(std::vector<double> v);
// Median time of each implementation over `runs` runs after a warm-up, the implementations taking
// turns run by run; with `host`, also the median of the host's time in the calls.
std::vector<double> median_times(Case &c, const std::vector<Peer> &impls, int runs, std::vector<double> *host = nullptr);
// The case's per-matrix LAPACK call: a plain loop on the calling thread (the BLAS keeps its own
// threading) and the OpenMP loop (openmp_loop), as columns named `plain` and `openmp`.
std::vector<Peer> lapack_loops(Case &c, const std::string &plain, const std::string &openmp);

}  // namespace blbench
