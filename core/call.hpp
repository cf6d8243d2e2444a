// The path of every public call: number the arguments, check them, find where the data lies, ask
// each backend for its offer, decide once, run.
//
// The public entry points (interface_c) build an operation struct and return bl::call(...) (or
// bl::call_blas for the BLAS routines, which have no info).
#pragma once

#include "backend.hpp"
#include "batchlapack.h"
#include "check.hpp"

#include <new>
#include <string>
#include <vector>

namespace bl {

// Runtime state (runtime.cpp).
// The backend setting (bl_set_backend, else BATCHLAPACK_BACKEND): BL_BACKEND_AUTO, _CPU, _CUDA, or
// kNoBackend when it names no backend (an unknown name in the environment, or given to Fortran's
// bl_set_backend without stat): every call then fails, and no_backend_reason() names the value.
constexpr int kNoBackend = -1;
int backend_setting();
std::string no_backend_reason();
// The calling thread's stream (bl_set_stream), null if none.
void *stream_setting();
// Per-thread record of the last call: the backend it used, and why it failed.
void record_target(bl_backend used);
void record_error(const char *routine, int code, const std::string &detail);
// A backend may explain a device failure before returning its code; the explanation is added to
// the message bl_last_error() shows.
void explain_failure(const std::string &detail);
std::string take_failure_explanation();
// A backend that fails after delivering some matrices' results (a chunked call) names them here,
// by their index in the batch, before returning its code: they keep their results and info, the
// others (left untouched) get the code in info, and bl_last_error() says how many were delivered.
void record_delivered(std::vector<int64_t> matrices);
std::vector<int64_t> take_delivered();

template <class Op> double total_flops(const Op &op) {
    if (op.b.layout != Layout::Variable) return op.flops(0) * op.b.count;
    double f = 0;
    for (int64_t i = 0; i < op.b.count; ++i) f += op.flops(i);
    return f;
}

// Where the arrays of a checked call lie: each array is probed once, at its first matrix (a
// batch's matrices are taken to be in one kind of memory; empty matrices may have null pointers,
// skipped), and its footprint from the checks counts as host bytes when the host can read it.
struct Locate {
    const Checker &checked;
    int64_t count;
    Placement where;
    template <class T, class... Names> void operator()(const Array<T> &a, Names...) {
        const void *probe = a.base;
        if (a.pointers) {
            if (count == 0) return;
            if (!cuda::host_accessible(a.ptrs)) {
                where.host_readable = false;
                return;
            }
            probe = nullptr;
            for (int64_t i = 0; i < count && probe == nullptr; ++i) probe = a.ptrs[i];
        }
        if (!cuda::host_accessible(probe)) {
            where.host_readable = false;
            return;
        }
        where.host_bytes += checked.bytes(a.pos) * (std::is_const<T>::value ? 1 : 2);
    }
    template <class X, class... Names> void operator()(const X &, Names...) {}
};

// The one decision: which backend runs a legal, non-empty call. A backend set explicitly is
// obeyed (a call the CUDA backend has no kernels for still runs on the CPU); under auto, the
// lower offer wins. A setting that names no backend, or cuda without a device, runs nothing.
enum class Target { Cpu, Cuda, NoDevice, NoBackend };
template <class Op> Target decide(const Op &op, const Placement &where) {
    const int setting = backend_setting();
    if (setting == kNoBackend) return Target::NoBackend;
    if (setting == BL_BACKEND_CPU) return Target::Cpu;
    if (!cuda::usable()) return setting == BL_BACKEND_CUDA ? Target::NoDevice : Target::Cpu;
    const Offer gpu = cuda::offer(op, where);
    if (!gpu.supported) return Target::Cpu;
    if (setting == BL_BACKEND_CUDA || gpu.seconds == 0) return Target::Cuda;  // asked for, or data in place
    const Offer host = cpu::offer(op, where);
    return !host.supported || gpu.seconds <= host.seconds ? Target::Cuda : Target::Cpu;
}

template <class Op> int call_impl(Op &op, Layout layout, const char *routine, int *info, bool has_info, int batch) {
    // What the call learns of its arrays' memory is its own (core/memory.hpp).
    struct Forget {
        Forget() { cuda::forget_pointers(); }
        ~Forget() { cuda::forget_pointers(); }
    } forget;
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
    // info in device memory (batchlapack.h) is written through the CUDA backend: in stream order
    // when a stream is set.
    void *const stream = stream_setting();
    const bool info_on_device = b.info_on_device = info != nullptr && batch > 0 && !cuda::host_accessible(info);
    auto fill_info = [&](int value) {
        if (info_on_device) cuda::fill_device_ints(info, batch, value, stream);
        else if (info != nullptr)
            for (int i = 0; i < batch; ++i) info[i] = value;
    };
    if (int k = c.failed()) {
        fill_info(-k);
        record_error(routine, -k, c.message());
        return -k;
    }
    if (batch == 0) return 0;

    int code = BL_ERROR_INTERNAL;
    take_delivered();  // nothing left over from an earlier call of this thread
    try {
        Locate locate{c, batch, {}};
        op.fields(locate);
        switch (decide(op, locate.where)) {
        case Target::Cuda:
            record_target(BL_BACKEND_CUDA);
            code = cuda::run(op);
            break;
        case Target::Cpu:
            if (*cpu::isa_refused()) {  // BATCHLAPACK_CPU_ISA names kernels that cannot run
                explain_failure(cpu::isa_refused());
                code = BL_ERROR_INVALID_VALUE;
                break;
            }
            record_target(BL_BACKEND_CPU);
            if (!locate.where.host_readable) {
                explain_failure("the arrays are in device memory and this call runs on the CPU (backend cpu, or "
                                "no GPU kernels for the routine yet): pass host or managed memory");
                code = BL_ERROR_DEVICE_DATA;
                break;
            }
            // Host arrays may be the target of copies the caller enqueued on its stream.
            if (stream != nullptr) cuda::wait_stream(stream);
            if (info_on_device) {  // computed into host memory, then copied
                std::vector<int> host(static_cast<size_t>(batch));
                b.info = host.data();
                code = cpu::run(op);
                b.info = info;
                if (code == 0) cuda::copy_ints(info, host.data(), batch);
            } else {
                code = cpu::run(op);
            }
            break;
        case Target::NoDevice:
            explain_failure("the backend setting is cuda (BATCHLAPACK_BACKEND or bl_set_backend)");
            code = BL_ERROR_NO_DEVICE;
            break;
        case Target::NoBackend:
            explain_failure(no_backend_reason());
            code = BL_ERROR_INVALID_VALUE;
            break;
        }
    } catch (const std::bad_alloc &) {
        code = BL_ERROR_OUT_OF_MEMORY;
    } catch (...) {
        code = BL_ERROR_INTERNAL;
    }
    // A library-level failure is written into info too, as an illegal argument is: a caller who
    // reads only info must not take an incomplete call for success (the Fortran forms, which have
    // no return value, always did so). info was checked usable above.
    if (code != 0) {
        std::string why = take_failure_explanation();
        const std::vector<int64_t> delivered = take_delivered();
        std::vector<char> computed(delivered.empty() ? 0 : size_t(batch));
        for (int64_t i : delivered) computed[size_t(i)] = 1;
        if (!delivered.empty())
            why += (why.empty() ? "" : "; ") + std::to_string(delivered.size()) + " of the " + std::to_string(batch) +
                   " matrices were computed before the failure (their results and info are in place); the others "
                   "are untouched" + (info != nullptr ? ", with info = " + std::to_string(code) : std::string());
        record_error(routine, code, why);
        if (computed.empty()) {
            fill_info(code);
        } else if (info != nullptr) {  // the delivered matrices keep their info
            std::vector<int> staged(info_on_device ? size_t(batch) : 0);
            int *at = info_on_device ? staged.data() : info;
            if (info_on_device) cuda::copy_ints(at, info, batch);
            for (int i = 0; i < batch; ++i)
                if (!computed[size_t(i)]) at[i] = code;
            if (info_on_device) cuda::copy_ints(info, at, batch);
        }
    }
    return code;
}

template <class Op> int call(Op op, Layout layout, const char *routine, int *info, int batch) {
    return call_impl(op, layout, routine, info, true, batch);
}
template <class Op> int call_blas(Op op, Layout layout, const char *routine, int batch) {
    return call_impl(op, layout, routine, nullptr, false, batch);
}

}  // namespace bl
