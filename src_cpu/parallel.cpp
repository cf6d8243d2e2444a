#include "parallel.hpp"

#include <chrono>
#include <ctime>
#include <mutex>

#ifdef _OPENMP
#include <omp.h>
#endif

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

SingleThreadedBlas::SingleThreadedBlas() {
    if (openblas_set_num_threads && openblas_get_num_threads) {
        saved_openblas_ = openblas_get_num_threads();
        if (saved_openblas_ != 1) openblas_set_num_threads(1);
    }
    if (MKL_Set_Num_Threads_Local) saved_mkl_ = MKL_Set_Num_Threads_Local(1);
    if (bli_thread_set_num_threads && bli_thread_get_num_threads) {
        saved_blis_ = int(bli_thread_get_num_threads());
        bli_thread_set_num_threads(1);
    }
}

SingleThreadedBlas::~SingleThreadedBlas() {
    if (saved_openblas_ > 1) openblas_set_num_threads(saved_openblas_);
    if (saved_mkl_ >= 0) MKL_Set_Num_Threads_Local(saved_mkl_);
    if (saved_blis_ >= 0) bli_thread_set_num_threads(saved_blis_);
}

int max_threads() {
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
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

int thread_index() {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

}  // namespace cpu
}  // namespace bl
