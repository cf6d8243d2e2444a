#include "team.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <link.h>
#include <pthread.h>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace bl {
namespace team {

namespace {

// How long an idle worker, and a caller waiting for its workers, spin before they block: long
// enough that calls in quick succession (getrf then getrs) find the workers awake, short enough
// that a core shared with another process is not taken from it for long (libgomp's default spin
// lasts milliseconds). Waking a blocked worker costs some tens of microseconds, which the passes
// that run in parallel (ladder::kParallelFlops of work and more) absorb.
constexpr double kSpinSeconds = 50e-6;

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

inline void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// Spins until done() holds or kSpinSeconds have passed; whether it holds.
template <class Done> bool spin_until(Done &&done) {
    const double until = now() + kSpinSeconds;
    for (;;) {
        for (int i = 0; i < 64; ++i) {
            if (done()) return true;
            relax();
        }
        if (now() > until) return done();
    }
}

// The run in progress, one word that workers join by compare-and-swap: its generation (each run
// a new one), whether it is open to workers, and how many have joined. The caller closes it when
// its own share of the work is done; a worker that comes later finds it closed and never reads
// the run's body, which lives on the caller's stack.
constexpr uint64_t kOpen = uint64_t(1) << 31, kJoined = kOpen - 1;
constexpr uint32_t generation(uint64_t s) { return uint32_t(s >> 32); }

struct Pool {
    std::mutex owner;  // held by the run that has the workers
    std::mutex m;      // with `wake` and `done`, for the blocked workers and the blocked caller
    std::condition_variable wake, done;
    std::atomic<uint64_t> state{0};
    std::atomic<int> limit{0};     // workers the open run takes
    std::atomic<int> finished{0};  // workers of the run that have returned from its body
    std::atomic<int> sleepers{0};  // workers blocked on `wake`
    std::atomic<bool> waiting{false};  // the caller is blocked on `done`
    void (*body)(void *) = nullptr;
    void *ctx = nullptr;
    int workers = 0;  // started (under `owner`)
};
// Never destroyed: workers block in it until the process ends, static destructors included. A
// child of fork() has none of the workers, and may have been made while one of them held a lock:
// it starts from a new pool (the old one stays where it was, unreachable, as the child's copy of
// the parent's memory).
std::atomic<Pool *> g_pool{nullptr};
Pool &pool() {
    static const bool made = [] {
        g_pool.store(new Pool);
        pthread_atfork(nullptr, nullptr, [] { g_pool.store(new Pool); });
        return true;
    }();
    (void)made;
    return *g_pool.load(std::memory_order_acquire);
}

thread_local int t_index = 0;
thread_local bool t_inside = false;  // running a run's body, as its caller or as a worker

bool joinable(uint64_t s, uint32_t last, const Pool &p) {
    return (s & kOpen) && generation(s) != last && int(s & kJoined) < p.limit.load(std::memory_order_relaxed);
}

void *worker(void *) {
    Pool &p = pool();
    uint32_t last = generation(p.state.load());
    for (;;) {
        uint64_t s = 0;
        if (!spin_until([&] { return joinable(s = p.state.load(std::memory_order_acquire), last, p); })) {
            std::unique_lock<std::mutex> lock(p.m);
            p.sleepers.fetch_add(1);
            while (!joinable(s = p.state.load(), last, p)) p.wake.wait(lock);
            p.sleepers.fetch_sub(1);
        }
        if (!p.state.compare_exchange_strong(s, s + 1, std::memory_order_acq_rel)) continue;
        last = generation(s);
        t_index = int(s & kJoined) + 1;
        t_inside = true;
        p.body(p.ctx);
        t_inside = false;
        t_index = 0;
        p.finished.fetch_add(1);
        if (p.waiting.load()) {
            { std::lock_guard<std::mutex> lock(p.m); }
            p.done.notify_one();
        }
    }
    return nullptr;
}

// OMP_STACKSIZE as OpenMP reads it (a size, its unit B, K, M or G, K when none), for the
// workers' stacks; 0 when unset or unreadable: the system's default.
size_t stack_size() {
    const char *v = std::getenv("OMP_STACKSIZE");
    if (!v) return 0;
    char *end = nullptr;
    const unsigned long long n = std::strtoull(v, &end, 10);
    while (*end == ' ') ++end;
    size_t unit = size_t(1) << 10;
    switch (*end) {
    case 'b': case 'B': unit = 1; ++end; break;
    case 'k': case 'K': ++end; break;
    case 'm': case 'M': unit <<= 10; ++end; break;
    case 'g': case 'G': unit <<= 20; ++end; break;
    default: break;
    }
    while (*end == ' ') ++end;
    return end == v || *end != '\0' ? 0 : size_t(n) * unit;
}

// Starts workers until there are `want` (under `owner`); as many as could be started.
int start_workers(Pool &p, int want) {
    if (p.workers >= want) return p.workers;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return p.workers;
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (const size_t size = stack_size()) pthread_attr_setstacksize(&attr, std::max<size_t>(size, size_t(64) << 10));
    for (pthread_t t; p.workers < want && pthread_create(&t, &attr, worker, nullptr) == 0; ++p.workers)
        pthread_setname_np(t, "batchlapack");  // what top -H and debuggers show; named before it runs
    pthread_attr_destroy(&attr);
    return p.workers;
}

// Whether an object of the process other than this library needs libgomp: the program (or a
// library of its, such as OpenBLAS's OpenMP build) runs OpenMP parallel regions of its own. Read
// from each object's DT_NEEDED entries; again only when objects were loaded since the last look
// (dl_iterate_phdr's count of loads).
bool program_needs_libgomp() {
    struct Scan {
        const void *self;
        unsigned long long adds;
        bool found;
    };
    static std::mutex m;
    static unsigned long long seen_adds = ~0ull;
    static bool found = false;
    Scan scan{reinterpret_cast<const void *>(&program_needs_libgomp), 0, false};
    std::lock_guard<std::mutex> lock(m);
    dl_iterate_phdr([](dl_phdr_info *info, size_t size, void *data) -> int {
        Scan &s = *static_cast<Scan *>(data);
        if (size >= offsetof(dl_phdr_info, dlpi_adds) + sizeof(info->dlpi_adds)) s.adds = info->dlpi_adds;
        return 1;  // the count is the same in every entry: the first one tells
    }, &scan);
    if (scan.adds == seen_adds && scan.adds != 0) return found;
    dl_iterate_phdr([](dl_phdr_info *info, size_t, void *data) -> int {
        Scan &s = *static_cast<Scan *>(data);
        // This library (the object whose code holds this function) needs libgomp for its count of
        // threads and for the shared runs: not a sign of the program's regions.
        const auto self = reinterpret_cast<ElfW(Addr)>(s.self);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
            const ElfW(Phdr) &h = info->dlpi_phdr[i];
            if (h.p_type == PT_LOAD && self >= info->dlpi_addr + h.p_vaddr &&
                self < info->dlpi_addr + h.p_vaddr + h.p_memsz)
                return 0;
        }
        for (int i = 0; i < info->dlpi_phnum; ++i) {
            if (info->dlpi_phdr[i].p_type != PT_DYNAMIC) continue;
            const auto *dyn = reinterpret_cast<const ElfW(Dyn) *>(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
            ElfW(Addr) strtab = 0;
            for (const ElfW(Dyn) *d = dyn; d->d_tag != DT_NULL; ++d)
                if (d->d_tag == DT_STRTAB) strtab = d->d_un.d_ptr;
            // The loader relocates the dynamic section in place, except where it is read-only
            // (the vDSO's): an address below the object's base is still an offset.
            if (strtab == 0) return 0;
            if (strtab < info->dlpi_addr) strtab += info->dlpi_addr;
            for (const ElfW(Dyn) *d = dyn; d->d_tag != DT_NULL; ++d)
                if (d->d_tag == DT_NEEDED &&
                    std::strncmp(reinterpret_cast<const char *>(strtab + d->d_un.d_val), "libgomp.so", 10) == 0) {
                    s.found = true;
                    return 1;
                }
        }
        return 0;
    }, &scan);
    seen_adds = scan.adds;
    return found = scan.found;
}

std::atomic<int> g_choice{int(Choice::automatic)};

#ifdef _OPENMP
// Whether runs go to OpenMP's threads now.
bool on_openmp() {
    const Choice c = Choice(g_choice.load());
    return c == Choice::openmp || (c == Choice::automatic && program_needs_libgomp());
}
#endif

}  // namespace

void choose(Choice c) { g_choice.store(int(c)); }

int threads() {
#ifdef _OPENMP
    return omp_in_parallel() ? 1 : omp_get_max_threads();
#else
    return 1;
#endif
}

int index() { return t_index; }

int run(int threads, void (*body)(void *), void *ctx) {
    if (threads < 2 || t_inside) {  // a run made by a run's body (a body calling the library)
        body(ctx);
        return 1;
    }
#ifdef _OPENMP
    if (on_openmp()) {
        int ran = 1;
#pragma omp parallel num_threads(threads)
        {
            if (omp_get_thread_num() == 0) ran = omp_get_num_threads();
            t_index = omp_get_thread_num();
            t_inside = true;
            body(ctx);
            t_inside = false;
            t_index = 0;
        }
        return ran;
    }
#endif
    Pool &p = pool();
    // A run that finds the workers taken by another host thread's run stays on its thread.
    std::unique_lock<std::mutex> own(p.owner, std::try_to_lock);
    if (!own) {
        body(ctx);
        return 1;
    }
    const int workers = std::min(threads - 1, start_workers(p, threads - 1));
    if (workers == 0) {
        body(ctx);
        return 1;
    }
    p.body = body;
    p.ctx = ctx;
    p.limit.store(workers, std::memory_order_relaxed);
    p.finished.store(0, std::memory_order_relaxed);
    p.state.store((uint64_t(generation(p.state.load()) + 1) << 32) | kOpen);
    if (p.sleepers.load() > 0) {
        { std::lock_guard<std::mutex> lock(p.m); }  // a worker between its check and its wait
        p.wake.notify_all();
    }
    t_inside = true;
    body(ctx);
    t_inside = false;
    // Closed: from here no worker joins, and those that did are waited for.
    uint64_t s = p.state.load();
    while (!p.state.compare_exchange_weak(s, s & ~kOpen)) {}
    const int joined = int(s & kJoined);
    if (!spin_until([&] { return p.finished.load(std::memory_order_acquire) == joined; })) {
        std::unique_lock<std::mutex> lock(p.m);
        p.waiting.store(true);
        while (p.finished.load() != joined) p.done.wait(lock);
        p.waiting.store(false);
    }
    return joined + 1;
}

}  // namespace team
}  // namespace bl
