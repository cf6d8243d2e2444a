// The CPU backend's one loop: the library's threads (core/team.hpp) over the batch, one core per
// matrix.
#pragma once

#include "args.hpp"
#include "ladder.hpp"
#include "team.hpp"

#include <algorithm>
#include <atomic>
#include <climits>
#include <complex>
#include <cstdint>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

namespace bl {
namespace cpu {

// Sets the thread count of a multithreaded BLAS (OpenBLAS, MKL, BLIS) while it lives: 1 inside
// the batch loop, so that the per-matrix LAPACK calls do not each start their own thread team;
// the loop's team for a matrix that for_each_matrix gives every thread. Restores the previous
// setting on destruction. With a single-threaded BLAS it sets nothing. The count is the BLAS's
// global setting (MKL's is per thread): host threads calling the library at once share it, as
// they share the cores.
class BlasThreads {
public:
    explicit BlasThreads(int threads);
    ~BlasThreads();
    BlasThreads(const BlasThreads &) = delete;
    BlasThreads &operator=(const BlasThreads &) = delete;
    // Whether the linked BLAS has a thread count to set (not reference BLAS).
    static bool adjustable();

private:
    int saved_openblas_ = -1;
    int saved_mkl_ = -1;
    int saved_blis_ = -1;
    int saved_here_;
};
// The BLAS threads the calling thread's LAPACK calls run on, as the innermost BlasThreads of this
// thread set it: more than 1 in the body of a matrix given every thread, where a routine takes
// threaded LAPACK over a kernel of its own that runs on one thread. 1 elsewhere.
int blas_threads();

// Number of threads the loop may use (team::threads(): OpenMP's count, 1 in a build without OpenMP
// and inside a caller's parallel region).
inline int max_threads() { return team::threads(); }
// Index of the calling thread in the loop's team, in [0, max_threads()); 0 outside the loop.
inline int thread_index() { return team::index(); }

// One work array per thread of the loop, for the LAPACK routines that take work/lwork. It is
// allocated before the loop, once per call, because the loop body must not throw (so cannot
// allocate) and an allocation per matrix would cost more than a small matrix's factorization.
template <class T> class ThreadWork {
public:
    explicit ThreadWork(int64_t size)
        : size_(std::max<int64_t>(1, size)), pitch_(padded(size_)), data_(size_t(pitch_ * max_threads())) {}
    T *get() { return data_.data() + pitch_ * thread_index(); }
    // LAPACK's lwork is an int: a query's answer near INT_MAX, rounded up, must not wrap negative.
    int size() const { return int(std::min<int64_t>(size_, INT_MAX)); }

private:
    // Slices a whole number of cache lines apart plus one: LAPACK's workspace sizes are often
    // powers of two, and slices at such distances map onto the same cache sets.
    static int64_t padded(int64_t n) {
        const int64_t line = std::max<int64_t>(1, 64 / int64_t(sizeof(T)));
        return (n + line - 1) / line * line + line;
    }
    int64_t size_, pitch_;
    std::vector<T> data_;
};

// The largest value of a size argument over the matrices that reach LAPACK (`busy(i)`): the
// workspace is queried once per call, for the largest sizes, and then fits every matrix. The
// others -- empty matrices, skipped before any LAPACK call -- are left out: their other dimension
// may be as large as INT_MAX, which overflows LAPACK's workspace formulas (it then answers an
// lwork that its own check rejects, through xerbla, which prints).
template <class Busy> int largest(const Int &x, int64_t count, Busy &&busy) {
    const int64_t n = x.variable ? count : std::min<int64_t>(count, 1);
    int v = 0;
    for (int64_t i = 0; i < n; ++i)
        if (busy(i)) v = std::max(v, x[i]);
    return v;
}
// Per-thread LAPACK workspace of the size a workspace query answers: `query(work, info)` makes the
// routine's lwork = -1 call. The answer in work[0] is rounded up: in single precision a large
// count may come back rounded down.
template <class T, class Query> ThreadWork<T> lapack_workspace(Query &&query) {
    T w{};
    int info = 0;
    query(&w, &info);
    return ThreadWork<T>(int64_t(double(std::real(w)) * (1 + 1e-6)) + 1);
}

// OpenBLAS's complex ?gemv 'N' kernel (0.3.21, Haswell and later) reads up to a column past the
// end of its matrix, which LAPACK's right-hand reflectors pass on: complex gebrd and gelqf (gels
// with m < n) fault when a matrix ends just before an unmapped page (seen in the test suite; a
// standalone zgebrd call faults the same way unless about one column of slack follows the
// matrix); its complex dot kernel reads past a row alike, which lauum takes along U's rows
// (potri, inverse.cpp). For those calls the matrix is worked on in a per-thread copy with a
// column and a cache line of slack after it: `SlackCopy` holds the copies, `run(m, n, A, lda, f)`
// calls f(copy, ld) and copies the result back. Real types need none (their kernels stay inside).
// A copy is sized for the largest m x (n + 1) among the matrices `copied(i)` says go through it,
// not for the largest m beside the largest n: in a variable batch those may belong to a tall and
// a wide matrix, whose product (65536 x 65537 for 65536 x 1 and 1 x 65536) no thread needs.
template <class T> class SlackCopy {
public:
    template <class Op, class Copied>
    SlackCopy(const Op &op, Copied &&copied) : work_(is_complex<T> ? largest_copy(op, copied) + 8 : 0) {}
    template <class F> void run(int m, int n, T *A, int lda, F &&f) {
        if (!is_complex<T> || m < 1 || n < 1) {
            f(A, lda);
            return;
        }
        T *c = work_.get();
        for (int j = 0; j < n; ++j) std::copy_n(A + int64_t(j) * lda, m, c + int64_t(j) * m);
        f(c, m);
        for (int j = 0; j < n; ++j) std::copy_n(c + int64_t(j) * m, m, A + int64_t(j) * lda);
    }

private:
    template <class Op, class = void> struct HasRows : std::false_type {};  // square ones (potri) have n alone
    template <class Op> struct HasRows<Op, std::void_t<decltype(std::declval<const Op &>().m)>> : std::true_type {};
    template <class Op, class Copied> static int64_t largest_copy(const Op &op, Copied &copied) {
        const int64_t n = op.b.layout == Layout::Variable ? op.b.count : std::min<int64_t>(op.b.count, 1);
        int64_t most = 0;
        for (int64_t i = 0; i < n; ++i) {
            int64_t rows = op.n[i];
            if constexpr (HasRows<Op>::value) rows = op.m[i];
            if (copied(i)) most = std::max(most, rows * (int64_t(op.n[i]) + 1));
        }
        return most;
    }
    ThreadWork<T> work_;
};

// The team of a parallel loop, chosen per loop. All of max_threads(), unless recent loops found a
// straggler: a thread that finished far behind the others because its core is shared with
// another process (an MPI rank beside the threads, any busy neighbour). The loop waits for a
// thread that took a chunk and lost its core, however the work is handed out, so that two threads
// beside one busy process took as long as the plain loop they replace; one thread fewer then runs
// faster. The full team is tried again after a while (parallel.cpp says when).
int loop_team();
// What a loop of `team` threads saw: its duration, the spread of its threads' finishing times
// (`judged`: enough chunks that the spread can only come from a straggler), and the share of its
// threads' time from the loop's start to their finish that they ran (not waiting for a core).
void loop_finished(int team, double seconds, double spread, double ran, bool judged);
double loop_clock();   // seconds, monotonic
double thread_clock();  // seconds of processor time of the calling thread

// Calls f(k) for k in [0, count), in parallel when `parallel` holds. Iterations are handed out in
// chunks, dynamically: with static shares the loop waits for the slowest thread, and a thread
// whose core is shared runs at a fraction of the others' speed. A chunk of 1/16 of an even share
// bounds the tail and costs one shared counter step (`chunk` overrides). `f` must not throw.
template <class F> void parallel_loop(int64_t count, bool parallel, F &&f, int64_t chunk = 0) {
    const int team = parallel && count > 1 ? loop_team() : 1;
    if (team < 2) {
        for (int64_t k = 0; k < count; ++k) f(k);
        return;
    }
    if (chunk < 1) chunk = std::max<int64_t>(1, count / (int64_t(16) * team));
    // What each thread of the run saw, by its index: when it finished, the processor time it ran
    // and the time from the loop's start to its finish.
    struct Seen {
        double finish, ran, span;
    };
    std::vector<Seen> seen(size_t(team), Seen{0, 0, 0});
    std::atomic<int64_t> next{0};
    const double start = loop_clock();
    const int ran_on = team::run(team, [&] {
        BlasThreads hold(1);  // a worker's own setting, where the BLAS keeps one per thread (MKL)
        const double cpu = thread_clock();
        team::take_chunks(next, count, chunk, f);
        const double finish = loop_clock();
        seen[size_t(team::index())] = Seen{finish, thread_clock() - cpu, finish - start};
    });
    double first = 1e300, last = 0, ran = 0, span = 0;
    for (int t = 0; t < ran_on; ++t) {
        first = std::min(first, seen[size_t(t)].finish);
        last = std::max(last, seen[size_t(t)].finish);
        ran += seen[size_t(t)].ran;
        span += seen[size_t(t)].span;
    }
    loop_finished(team, last - start, last - first, span > 0 ? ran / span : 1, count / chunk >= int64_t(8) * team);
}

// What for_each_matrix does with the threads a batch leaves without a matrix of their own (fewer
// matrices than threads, or a last round of the loop with few), or that one large matrix of a
// variable batch keeps waiting: `idle` leaves them so; `blas` gives such matrices every thread,
// one matrix at a time, through the threaded BLAS (blas_threads() > 1 in their body), for the
// routines whose body then takes LAPACK's threaded blocked algorithm (getrf, potrf, geqrf and the
// drivers over them). docs/decisions.md, "Fewer matrices than threads", gives the rule.
enum class Spare { idle, blas };

// The rule's decision: how many matrices go alone before the loop takes the rest. Uniform
// batches: each costs `cost` flops, a last round's worth of them (all, when fewer than the team)
// goes alone when that round would leave at least half the team idle. Variable batches (`costs`
// largest first, summing to `total`): the leading matrices each of which costs more than an even
// share of the work left from it on. Either way only matrices of at least kAloneFlops (parallel.cpp),
// where the threaded BLAS beats one thread, with a BLAS whose threads can be set, and outside a
// parallel region of the caller's (whose threads are taken).
int64_t matrices_alone(double cost, int64_t count);
int64_t matrices_alone(const std::vector<double> &costs, double total);

// Runs fn(arg) on a thread of its own, with a stack of 16 MiB, and waits for it; false (nothing
// run) when no thread could be made. OpenBLAS's threaded getrf keeps its threads' job tables on
// the stack of the thread that calls it, over 256 KiB, more than a caller's thread may have
// (decisions.md, "Thread stacks").
bool run_on_large_stack(void (*fn)(void *), void *arg);

// Runs f(k) for k in [0, count), one after another, the BLAS on every thread of the team, on a
// thread of run_on_large_stack's. Returns how many it ran: `count`, or 0 without such a thread.
// The BLAS's threads cannot be watched, the one that calls it can: when it ran well under the
// time the matrices took, the cores are shared, where a threaded BLAS waits for its slowest
// thread at every step (measured once: 37x slower than one thread beside busy builds); the
// straggler rule (loop_finished) then shrinks the team of the next calls, which keeps their
// matrices in the loop.
template <class F> int64_t one_at_a_time(int64_t count, F &&f) {
    if (count == 0) return 0;
    auto all = [&] {
        const int team = loop_team();
        BlasThreads every(team);
        const double start = loop_clock(), cpu = thread_clock();
        for (int64_t k = 0; k < count; ++k) f(k);
        const double seconds = loop_clock() - start;
        loop_finished(team, seconds, 0, seconds > 0 ? (thread_clock() - cpu) / seconds : 1, true);
    };
    using All = decltype(all);
    return run_on_large_stack([](void *a) { (*static_cast<All *>(a))(); }, &all) ? count : 0;
}

// Calls body(i) for every matrix i of the batch, in parallel. `body` must not throw. For variable
// sizes the matrices are taken largest first (by op.flops) so that one big matrix does not start
// last and leave the other cores idle. `spare`: what the threads left over do.
// A call with less work than ladder::kParallelFlops runs on the calling thread.
constexpr double kParallelFlops = ladder::kParallelFlops;

template <class Op, class Body> void for_each_matrix(const Op &op, Body &&body, Spare spare = Spare::idle) {
    const int64_t count = op.b.count;
    if (op.b.layout != Layout::Variable) {
        const double cost = op.flops(0);
        const int64_t alone = one_at_a_time(spare == Spare::blas ? matrices_alone(cost, count) : 0, body);
        BlasThreads hold(1);
        parallel_loop(count - alone, cost * double(count - alone) > kParallelFlops,
                      [&](int64_t k) { body(alone + k); });
        return;
    }
    std::vector<int64_t> order(count);
    std::iota(order.begin(), order.end(), int64_t(0));
    std::vector<double> cost(count);
    double total = 0;
    for (int64_t i = 0; i < count; ++i) total += cost[i] = op.flops(i);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return cost[a] > cost[b]; });
    int64_t alone = 0;
    if (spare == Spare::blas) {
        std::vector<double> sorted(count);
        for (int64_t j = 0; j < count; ++j) sorted[j] = cost[order[j]];
        alone = one_at_a_time(matrices_alone(sorted, total), [&](int64_t j) { body(order[j]); });
        for (int64_t j = 0; j < alone; ++j) total -= sorted[j];
    }
    BlasThreads hold(1);
    // Chunks small enough to balance the tail, large enough that tiny matrices do not pay a
    // scheduling step each.
    parallel_loop(count - alone, total > kParallelFlops, [&](int64_t j) { body(order[alone + j]); },
                  std::max<int64_t>(1, (count - alone) / (int64_t(64) * max_threads())));
}

// The matrix of array `a` that for_each_matrix's loop takes a few matrices after matrix i, on the
// same thread bar a chunk's end, for the one-vector solves to prefetch: i + ladder::trsv::
// prefetch_ahead (1 but for small orders) in a uniform batch; null past the last one and in a
// variable batch, whose loop goes largest first.
template <class Op, class T> T *next_matrix(const Op &op, const Array<T> &a, int64_t i) {
    if (op.b.layout == Layout::Variable) return nullptr;
    const int64_t j = i + ladder::trsv::prefetch_ahead<T>(op.n[i]);
    return j < op.b.count ? a[j] : nullptr;
}

// Calls body(first, size, next) for the consecutive groups of `size` matrices (the last one maybe
// smaller) of a batch of one size (not the variable layout), in parallel, for kernels that
// factor several matrices at once; `next` is the size of the group after it (0 after the last),
// which the same thread takes next unless it ends a chunk, for the kernel to prefetch. `body` must
// not throw.
template <class Op, class Body> void for_each_group(const Op &op, int size, Body &&body) {
    const int64_t count = op.b.count, groups = (count + size - 1) / size;
    BlasThreads hold(1);  // for a body that falls back to LAPACK
    parallel_loop(groups, op.flops(0) * double(count) > kParallelFlops, [&](int64_t g) {
        const int64_t first = g * size, next = first + size;
        body(first, int(std::min<int64_t>(size, count - first)), int(std::clamp<int64_t>(count - next, 0, size)));
    });
}

}  // namespace cpu
}  // namespace bl
