#include "parallel.hpp"

#include <chrono>
#include <ctime>
#include <mutex>

#include <pthread.h>

// The thread controls of the multithreaded BLAS libraries, when the linked BLAS is one of them.
// Weak references: with reference BLAS they are null and nothing is called.
extern "C" {
void openblas_set_num_threads(int) __attribute__((weak));
int openblas_get_num_threads(void) __attribute__((weak));
int MKL_Set_Num_Threads_Local(int) __attribute__((weak));
void bli_thread_set_num_threads(long) __attribute__((weak));
long bli_thread_get_num_threads(void) __attribute__((weak));
}

namespace bl {
namespace cpu {

namespace {
thread_local int t_blas_threads = 1;
}

BlasThreads::BlasThreads(int threads) : saved_here_(t_blas_threads) {
    t_blas_threads = threads;
    if (openblas_set_num_threads && openblas_get_num_threads) {
        saved_openblas_ = openblas_get_num_threads();
        if (saved_openblas_ != threads) openblas_set_num_threads(threads);
        else saved_openblas_ = -1;
    }
    if (MKL_Set_Num_Threads_Local) saved_mkl_ = MKL_Set_Num_Threads_Local(threads);
    if (bli_thread_set_num_threads && bli_thread_get_num_threads) {
        saved_blis_ = int(bli_thread_get_num_threads());
        bli_thread_set_num_threads(threads);
    }
}

BlasThreads::~BlasThreads() {
    if (saved_openblas_ > 0) openblas_set_num_threads(saved_openblas_);
    if (saved_mkl_ >= 0) MKL_Set_Num_Threads_Local(saved_mkl_);
    if (saved_blis_ >= 0) bli_thread_set_num_threads(saved_blis_);
    t_blas_threads = saved_here_;
}

bool BlasThreads::adjustable() {
    return (openblas_set_num_threads && openblas_get_num_threads) || MKL_Set_Num_Threads_Local ||
           (bli_thread_set_num_threads && bli_thread_get_num_threads);
}

int blas_threads() { return t_blas_threads; }

namespace {
// From this many flops a matrix that would leave threads idle is worth every thread through
// LAPACK on the threaded BLAS rather than one thread running the library's kernel: getrf from
// order 770, potrf from 970, geqrf from 610. Taken well past where two idle cores already gain
// (n = 400-600 for getrf), since a threaded BLAS suffers most on a busy machine: every one of its
// threads waits for the slowest at each step.
constexpr double kAloneFlops = 3e8;

// The team the matrices alone would get, or 0 where none may go alone (loop_team() is 1 inside a
// caller's parallel region, whose threads are taken).
int alone_team() {
    const int team = loop_team();
    return team >= 2 && BlasThreads::adjustable() ? team : 0;
}
}  // namespace

bool run_on_large_stack(void (*fn)(void *), void *arg) {
    struct Call {
        void (*fn)(void *);
        void *arg;
    } call{fn, arg};
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return false;
    pthread_t thread;
    const bool made = pthread_attr_setstacksize(&attr, size_t(16) << 20) == 0 &&
                      pthread_create(&thread, &attr, [](void *c) -> void * {
                          static_cast<Call *>(c)->fn(static_cast<Call *>(c)->arg);
                          return nullptr;
                      }, &call) == 0;
    pthread_attr_destroy(&attr);
    if (made) pthread_join(thread, nullptr);
    return made;
}

int64_t matrices_alone(double cost, int64_t count) {
    const int team = alone_team();
    if (team == 0 || cost < kAloneFlops) return 0;
    const int64_t last = count < team ? count : count % team;
    return 2 * last <= team ? last : 0;
}

int64_t matrices_alone(const std::vector<double> &costs, double total) {
    const int team = alone_team();
    if (team == 0) return 0;
    int64_t alone = 0;
    for (const double cost : costs) {
        if (cost < kAloneFlops || cost * team <= total) break;
        total -= cost;
        ++alone;
    }
    return alone;
}

// The straggler rule of loop_team. A loop is late when its threads' finishing times spread over
// more than a quarter of its duration (and more than kNoise): with chunks of 1/16 of a share, an
// unhindered thread finishes within a chunk of the others. It is late too, from kRanNoise on, when
// its threads ran less than kLeastRan of the time from its start to their finish: threads that
// share their cores (with another process, or two of them on one core) finish together, but late,
// with no spread to see (block_jacobi 5000 20 on two cores beside a busy process: 8-13 ms for the
// factorization on two threads where one took 5-6). A late loop makes the next loops run with one
// thread fewer for a while (kFirstHold, doubled each time the full team is late again, up to
// kLongestHold); a full team that is on time resets the while. Loops of several host threads share
// the rule: the machine's load is the same for all of them.
namespace {
constexpr double kNoise = 100e-6, kFirstHold = 0.02, kLongestHold = 1.0, kLeastRan = 0.75;
// Loops shorter than this are not judged by what their threads ran: waking the team's threads
// alone takes tens of microseconds.
constexpr double kRanNoise = 1e-3;
struct TeamRule {
    std::mutex m;
    int team = 0;          // the reduced team while `until` lies ahead
    double until = 0;      // loop_clock() time
    double hold = kFirstHold;
} g_rule;
}  // namespace

double loop_clock() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int loop_team() {
    const int full = max_threads();
    std::lock_guard<std::mutex> lock(g_rule.m);
    return g_rule.until > loop_clock() ? std::min(full, g_rule.team) : full;
}

double thread_clock() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

void loop_finished(int team, double seconds, double spread, double ran, bool judged) {
    if (!judged) return;
    const bool late = (spread > kNoise && spread > 0.25 * seconds) || (seconds > kRanNoise && ran < kLeastRan);
    const int full = max_threads();
    std::lock_guard<std::mutex> lock(g_rule.m);
    if (!late) {
        if (team >= full) g_rule.hold = kFirstHold;
        return;
    }
    if (team >= full) g_rule.hold = std::min(kLongestHold, g_rule.until > 0 ? 2 * g_rule.hold : kFirstHold);
    g_rule.team = std::max(1, team - 1);
    g_rule.until = loop_clock() + g_rule.hold;
}

}  // namespace cpu
}  // namespace bl
