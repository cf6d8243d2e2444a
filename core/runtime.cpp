// Library-wide state: version, error reporting, and the choice of backend.
#include "call.hpp"
#include "team.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace bl {
namespace {

// The backend setting: kUnread until the environment is read, then a bl_backend, or kNoBackend.
constexpr int kUnread = -2;
std::atomic<int> g_backend{kUnread};
// Why the setting is kNoBackend (the value that named no backend); written before the setting.
std::mutex g_no_backend_mutex;
std::string g_no_backend_reason;

thread_local std::string t_last_error;
thread_local std::string t_failure_detail;
thread_local bl_backend t_last_target = BL_BACKEND_AUTO;
thread_local void *t_stream = nullptr;

// The one set of backend names, for the environment and Fortran's bl_set_backend alike: auto, cpu,
// cuda, in any case, blanks around them ignored (a Fortran string comes padded). Not "gpu": one
// name per backend, the one bl_backend_name gives back, and no name that another GPU backend
// would make ambiguous.
bool parse_backend(const char *s, size_t len, int &out) {
    while (len > 0 && (*s == ' ' || *s == '\t')) ++s, --len;
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t')) --len;
    std::string v(s, len);
    for (char &c : v) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (int b : {BL_BACKEND_AUTO, BL_BACKEND_CPU, BL_BACKEND_CUDA})
        if (v == bl_backend_name(bl_backend(b))) return out = b, true;
    return false;
}
const char *const kBackendNames = "auto, cpu or cuda (any case)";

void set_no_backend(const std::string &reason) {
    {
        std::lock_guard<std::mutex> lock(g_no_backend_mutex);
        g_no_backend_reason = reason;
    }
    g_backend.store(kNoBackend);
}

// An unknown name fails every call rather than meaning auto: an environment variable cannot
// return an error code, and a typo that silently runs elsewhere (cdua on the CPU) is found late.
// Unset or empty (`BATCHLAPACK_BACKEND= prog`) is auto, the default.
int backend_from_environment() {
    const char *v = std::getenv("BATCHLAPACK_BACKEND");
    if (v == nullptr || *v == '\0') return BL_BACKEND_AUTO;
    int b;
    if (parse_backend(v, std::strlen(v), b)) return b;
    std::lock_guard<std::mutex> lock(g_no_backend_mutex);
    g_no_backend_reason = std::string("BATCHLAPACK_BACKEND=") + v + " is not a backend: use " + kBackendNames;
    return kNoBackend;
}

int current_backend() {
    int b = g_backend.load();
    if (b == kUnread) {
        int expected = kUnread;
        g_backend.compare_exchange_strong(expected, backend_from_environment());
        b = g_backend.load();
    }
    return b;
}

// bl_set_backend, C's and Fortran's. A value that is no backend, or cuda without a usable device,
// fails (`invalid` describes the value); `commit_anyway` (Fortran's call without stat, which
// leaves the caller no code to read) then makes the setting what was asked, as the environment
// variable does, so that the calls that follow fail rather than run silently elsewhere.
int set_backend(int backend, const std::string &invalid, bool commit_anyway) {
    if (backend != BL_BACKEND_AUTO && backend != BL_BACKEND_CPU && backend != BL_BACKEND_CUDA) {
        record_error("bl_set_backend", BL_ERROR_INVALID_VALUE, invalid);
        if (commit_anyway) set_no_backend("bl_set_backend without stat: " + invalid);
        return BL_ERROR_INVALID_VALUE;
    }
    if (backend == BL_BACKEND_CUDA && !cuda::usable()) {
        record_error("bl_set_backend", BL_ERROR_NO_DEVICE, "");
        if (commit_anyway) g_backend.store(backend);
        return BL_ERROR_NO_DEVICE;
    }
    g_backend.store(backend);
    return 0;
}

}  // namespace

int backend_setting() { return current_backend(); }
void *stream_setting() { return t_stream; }

std::string no_backend_reason() {
    std::lock_guard<std::mutex> lock(g_no_backend_mutex);
    return g_no_backend_reason;
}

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

namespace {
thread_local std::vector<int64_t> t_delivered;
}
void record_delivered(std::vector<int64_t> matrices) { t_delivered = std::move(matrices); }
std::vector<int64_t> take_delivered() {
    std::vector<int64_t> v;
    v.swap(t_delivered);
    return v;
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
    case BL_ERROR_NO_DEVICE: {
        // Which of the two it is: a build without CUDA, or the CUDA runtime's reason.
        static const std::string s = std::string("no usable CUDA device") +
                                     (*bl::cuda::unusable_reason() ? ": " : "") + bl::cuda::unusable_reason();
        return s.c_str();
    }
    case BL_ERROR_INVALID_VALUE: return "invalid value for a library setting";
    case BL_ERROR_INTERNAL: return "internal error in batchlapack";
    case BL_ERROR_DEVICE_DATA: return "arrays in device memory, but the call runs on the CPU";
    default: return "unknown error code";
    }
}

const char *bl_last_error(void) { return bl::t_last_error.c_str(); }

int bl_set_backend(bl_backend backend) {
    return bl::set_backend(int(backend),
                           std::to_string(int(backend)) + " is not a backend: BL_BACKEND_AUTO (0), BL_BACKEND_CPU (1) "
                                                          "or BL_BACKEND_CUDA (2)",
                           false);
}

// The Fortran module's bl_set_backend (interface_fortran/batchlapack.F90; in no public header, but
// exported: the module's installed source, compiled by a user's own Fortran compiler, calls it):
// by the name in name[0, len) when name is not null, else by value. `has_stat` is 0 for a call
// without stat, which sets whatever was asked (set_backend).
BL_API int bl_fortran_set_backend(int backend, const char *name, int len, int has_stat) {
    std::string invalid = std::to_string(backend) + " is not a backend: BL_BACKEND_AUTO, BL_BACKEND_CPU or BL_BACKEND_CUDA";
    if (name != nullptr) {
        const std::string given(name, size_t(len > 0 ? len : 0));
        if (!bl::parse_backend(name, given.size(), backend)) backend = -1;
        invalid = "'" + given.substr(0, given.find_last_not_of(' ') + 1) + "' is not a backend: use " + bl::kBackendNames;
    }
    return bl::set_backend(backend, invalid, has_stat == 0);
}

// The Fortran module's own argument checks (the generic forms' shapes, which only the module
// sees: bl_reject in interface_fortran/batchlapack.F90, and batchlapack_i8's range checks), and
// those of oneMKL's names in libbatchlapack_mkl (the group API's group_count and group_size, the
// CBLAS layout; generated by core/gen/compat_mkl.py): a failure they find is recorded as the
// library records its own, text[0, len) for bl_last_error() (already naming the routine and the
// argument in the form's own numbering), and as a call that computed nothing. Exported (the
// installed module source and libbatchlapack_mkl call it), but in no public header.
BL_API void bl_fortran_record_error(int code, const char *text, int len) {
    bl::record_target(BL_BACKEND_AUTO);
    bl::record_error("", code, std::string(text, size_t(len > 0 ? len : 0)));
}

bl_backend bl_get_backend(void) {
    const int b = bl::current_backend();
    return b == bl::kNoBackend ? BL_BACKEND_AUTO : bl_backend(b);
}

bl_backend bl_last_backend(void) { return bl::t_last_target; }

const char *bl_backend_name(bl_backend backend) {
    switch (int(backend)) {
    case BL_BACKEND_AUTO: return "auto";
    case BL_BACKEND_CPU: return "cpu";
    case BL_BACKEND_CUDA: return "cuda";
    default: return "unknown";
    }
}

int bl_set_stream(void *stream) {
    bl::t_stream = stream;
    return 0;
}

void *bl_get_stream(void) { return bl::t_stream; }

int bl_cuda_available(void) { return bl::cuda::usable() ? 1 : 0; }

// Asked of the library rather than of the caller's OpenMP: a program need not be compiled with
// OpenMP to learn it, and a build without OpenMP answers for itself (team.hpp).
int bl_cpu_threads(void) { return bl::team::threads(); }

}  // extern "C"
