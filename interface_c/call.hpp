// The path of every public call: number the arguments, check them, pick a backend, run.
//
// A family's entry file (lu.cpp, ...) defines `check(const Op<T>&, Checker&)` for each of its
// operations and the thin extern "C" wrappers, each of which builds the operation struct and
// returns bl::call(...) (or bl::call_blas for the BLAS routines, which have no info).
#pragma once

#include "backend.hpp"
#include "batchlapack.h"
#include "check.hpp"

#include <functional>
#include <new>
#include <string>

namespace bl {

// Runtime state (runtime.cpp).
enum class Target { Cpu, Cuda, Unavailable };
// Which backend runs a call, given bl_set_backend / BATCHLAPACK_BACKEND.
Target choose_target();
// For the CUDA backend, once it knows where the call's data is: whether the GPU should run a call
// of flops() operations that must move `host_bytes` between host and device (always, when the
// backend was set to cuda or the data is on the device; by the cost model under auto). flops() is
// asked for only by the cost model: it is a pass over a variable batch. `cpu_rate` is the CPU's
// FLOP/s per core on the routine: about 2e9 for LAPACK on small matrices, more for a BLAS-3 gemm.
bool gpu_pays_off(double host_bytes, const std::function<double()> &flops, double cpu_rate = 2e9);
// Per-thread record of the last call: the backend it used, and why it failed.
void record_target(bl_backend used);
void record_error(const char *routine, int code, const std::string &detail);
// A backend may explain a device failure before returning its code; the explanation is added to
// the message bl_last_error() shows.
void explain_failure(const std::string &detail);
std::string take_failure_explanation();

template <class Op> double total_flops(const Op &op) {
    if (op.b.layout != Layout::Variable) return op.flops(0) * op.b.count;
    double f = 0;
    for (int64_t i = 0; i < op.b.count; ++i) f += op.flops(i);
    return f;
}

// Whether the CPU can run `op` where its arrays are: none of them (nor, for the pointer layouts,
// the array of pointers or the first matrix it points to) in device memory. The CPU path of a
// call on device data rejects it rather than reading device addresses on the host.
struct HostReadable {
    bool ok = true;
    int64_t count = 0;
    template <class T, class... Names> void operator()(const Array<T> &a, Names...) {
        if (!ok) return;
        if (!a.pointers) {
            ok = cuda::host_accessible(a.base);
            return;
        }
        if (count == 0 || !(ok = cuda::host_accessible(a.ptrs))) return;
        const void *first = nullptr;
        for (int64_t i = 0; i < count && first == nullptr; ++i) first = a.ptrs[i];
        ok = cuda::host_accessible(first);
    }
    template <class X, class... Names> void operator()(const X &, Names...) {}
};
template <class Op> bool host_can_read(Op &op) {
    HostReadable probe;
    probe.count = op.b.count;
    op.fields(probe);
    return probe.ok;
}
template <class Op> int run_on_cpu(Op &op) {
    if (!host_can_read(op)) {
        explain_failure("the arrays are in device memory and this call runs on the CPU (backend cpu, or no GPU "
                        "kernels for the routine yet): pass host or managed memory");
        return BL_ERROR_DEVICE_DATA;
    }
    return cpu::run(op);
}

template <class Op> int call_impl(Op &op, Layout layout, const char *routine, int *info, bool has_info, int batch) {
    Batch &b = op.b;
    b.routine = routine;
    b.layout = layout;
    b.info = info;
    b.count = batch;
    record_target(BL_BACKEND_AUTO);
    Numberer number(layout);
    op.fields(number);
    b.info_pos = has_info ? number.next() : 0;
    b.batch_pos = number.next();

    Checker c(b);
    if (batch < 0) c.fail(b.batch_pos, "(batch) = " + std::to_string(batch) + " must be >= 0");
    if (has_info && info == nullptr && batch > 0) c.fail(b.info_pos, "(info) is null");
    op.fields(c);
    check(op, c);
    if (int k = c.failed()) {
        if (info != nullptr)
            for (int i = 0; i < batch; ++i) info[i] = -k;
        record_error(routine, -k, c.message());
        return -k;
    }
    if (batch == 0) return 0;

    int code;
    try {
        switch (choose_target()) {
        case Target::Cuda:
            record_target(BL_BACKEND_CUDA);
            code = cuda::run(op);
            if (code == cuda::kRunOnCpu) {
                record_target(BL_BACKEND_CPU);
                code = run_on_cpu(op);
            }
            break;
        case Target::Cpu: record_target(BL_BACKEND_CPU); code = run_on_cpu(op); break;
        default: code = BL_ERROR_NO_DEVICE; break;
        }
    } catch (const std::bad_alloc &) {
        code = BL_ERROR_OUT_OF_MEMORY;
    } catch (...) {
        code = BL_ERROR_INTERNAL;
    }
    if (code != 0) record_error(routine, code, take_failure_explanation());
    return code;
}

template <class Op> int call(Op op, Layout layout, const char *routine, int *info, int batch) {
    return call_impl(op, layout, routine, info, true, batch);
}
template <class Op> int call_blas(Op op, Layout layout, const char *routine, int batch) {
    return call_impl(op, layout, routine, nullptr, false, batch);
}

}  // namespace bl
