// Library-wide state: version, error reporting, and the choice of backend.
#include "call.hpp"

#include <atomic>
#include <cstdlib>
#include <string>

namespace bl {
namespace {

// -1: not yet read from the environment.
std::atomic<int> g_backend{-1};

thread_local std::string t_last_error;
thread_local std::string t_failure_detail;
thread_local bl_backend t_last_target = BL_BACKEND_AUTO;

bl_backend backend_from_environment() {
    const char *v = std::getenv("BATCHLAPACK_BACKEND");
    if (v == nullptr) return BL_BACKEND_AUTO;
    std::string s(v);
    for (char &c : s) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (s == "cpu") return BL_BACKEND_CPU;
    if (s == "cuda" || s == "gpu") return BL_BACKEND_CUDA;
    return BL_BACKEND_AUTO;  // "auto", empty or unknown: the safe default
}

bl_backend current_backend() {
    int b = g_backend.load(std::memory_order_relaxed);
    if (b < 0) {
        int expected = -1;
        g_backend.compare_exchange_strong(expected, backend_from_environment());
        b = g_backend.load();
    }
    return bl_backend(b);
}

}  // namespace

bl_backend backend_setting() { return current_backend(); }

void record_target(bl_backend used) { t_last_target = used; }

void record_error(const char *routine, int code, const std::string &detail) {
    if (code > BL_ERROR_BASE) {
        t_last_error = detail;  // an argument error: the checker's message names the routine
    } else {
        t_last_error = std::string(routine) + ": " + bl_error_string(code);
        if (!detail.empty()) t_last_error += ": " + detail;
    }
}

void explain_failure(const std::string &detail) { t_failure_detail = detail; }

std::string take_failure_explanation() {
    std::string s;
    s.swap(t_failure_detail);
    return s;
}

}  // namespace bl

extern "C" {

void bl_version(int *major, int *minor, int *patch) {
    if (major) *major = BATCHLAPACK_VERSION_MAJOR;
    if (minor) *minor = BATCHLAPACK_VERSION_MINOR;
    if (patch) *patch = BATCHLAPACK_VERSION_PATCH;
}

#define BL_STRINGIFY2(x) #x
#define BL_STRINGIFY(x) BL_STRINGIFY2(x)
const char *bl_version_string(void) {
    return BL_STRINGIFY(BATCHLAPACK_VERSION_MAJOR) "." BL_STRINGIFY(BATCHLAPACK_VERSION_MINOR) "." BL_STRINGIFY(
        BATCHLAPACK_VERSION_PATCH);
}

const char *bl_error_string(int code) {
    if (code == 0) return "success";
    if (code < 0 && code > BL_ERROR_BASE) return "illegal value of an argument (-k means argument k)";
    switch (code) {
    case BL_ERROR_OUT_OF_MEMORY: return "out of memory";
    case BL_ERROR_DEVICE: return "a CUDA device operation failed";
    case BL_ERROR_NO_DEVICE: return "no usable CUDA device (or the library was built without CUDA)";
    case BL_ERROR_INVALID_VALUE: return "invalid value for a library setting";
    case BL_ERROR_INTERNAL: return "internal error in batchlapack";
    case BL_ERROR_DEVICE_DATA: return "arrays in device memory, but the call runs on the CPU";
    default: return "unknown error code";
    }
}

const char *bl_last_error(void) { return bl::t_last_error.c_str(); }

int bl_set_backend(bl_backend backend) {
    if (backend != BL_BACKEND_AUTO && backend != BL_BACKEND_CPU && backend != BL_BACKEND_CUDA) {
        bl::record_error("bl_set_backend", BL_ERROR_INVALID_VALUE, "backend " + std::to_string(int(backend)));
        return BL_ERROR_INVALID_VALUE;
    }
    if (backend == BL_BACKEND_CUDA && !bl::cuda::usable()) {
        bl::record_error("bl_set_backend", BL_ERROR_NO_DEVICE, "");
        return BL_ERROR_NO_DEVICE;
    }
    bl::g_backend.store(int(backend));
    return 0;
}

bl_backend bl_get_backend(void) { return bl::current_backend(); }

bl_backend bl_last_backend(void) { return bl::t_last_target; }

int bl_cuda_available(void) { return bl::cuda::usable() ? 1 : 0; }

}  // extern "C"
