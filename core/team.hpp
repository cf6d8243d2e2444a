// The threads on which every parallel pass of the library runs: the CPU backend's loop over the
// batch (src_cpu/parallel.hpp), the checks of a large variable batch (check.hpp) and the CUDA
// backend's host-side passes (src_cuda/stage.cuh). Two kinds (docs/decisions.md, "The library's
// threads"):
//
// - In a program without OpenMP parallel regions of its own, worker threads of the library's.
//   OpenMP's idle threads spin for milliseconds after each parallel region (OMP_WAIT_POLICY's
//   default) before they sleep; in a serial program the library's regions were the only ones, and
//   on a machine whose cores are shared (an MPI rank, any busy process beside the program) that
//   spinning took the core from the thread that had work: two threads beside one busy process ran
//   a factorization 3-5x slower in some runs than with OMP_WAIT_POLICY=passive (issue 24 item 4),
//   and users must not have to know a libgomp setting. These workers spin only briefly
//   (kSpinSeconds, team.cpp) and then block. A worker that arrives after the work is gone never
//   takes part: a run waits only for the workers that joined it, not for one whose core another
//   process holds. Host threads calling the library at once share the workers one run at a time;
//   a run that finds them taken works on its calling thread alone, so that the cores are not
//   oversubscribed.
// - In a program that runs OpenMP parallel regions of its own (an object other than this library
//   needs libgomp), the program's OpenMP threads, as an OpenMP parallel region: they spin after
//   each of the program's regions anyway, and workers of the library's beside them would compete
//   with them for the cores (a call right after a region of the program's ran 2x slower).
//
// Either way OpenMP's settings keep their meaning: OMP_NUM_THREADS / omp_set_num_threads set the
// count (threads()), OMP_STACKSIZE the workers' stack; inside a caller's active OpenMP parallel
// region the library runs on the calling thread alone, as OpenMP's nested regions would. A build
// without OpenMP runs on one thread.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace bl {
namespace team {

// Where runs go: `automatic` (the default) on the program's own OpenMP threads when an object of
// the process other than this library needs libgomp (the program runs OpenMP parallel regions of
// its own, whose idle threads spin after each of them anyway: the library shares them, as it did
// before it had workers), else on the library's workers; `openmp` and `own` force one of them
// (the tests of both).
enum class Choice { automatic, openmp, own };
void choose(Choice c);

// The threads a parallel pass may use, the calling thread included: OpenMP's
// omp_get_max_threads(), 1 inside a caller's active OpenMP parallel region and in a build without
// OpenMP.
int threads();

// The calling thread's place in the run it works for: 0 for the run's caller (and outside any
// run), 1 .. n-1 for the workers that joined it, in the order they joined; below the `threads`
// the run was given.
int index();

// Calls body(ctx) on the calling thread and on each of up to threads - 1 workers that arrive
// while the caller's own call of it lasts, and returns once every call has returned. `body` takes
// its work from state it shares with the others (a counter) until none is left; it must not
// throw. Returns the number of threads that ran it, the caller's included.
int run(int threads, void (*body)(void *), void *ctx);

template <class F> int run(int threads, F &&body) {
    return run(threads, [](void *f) { (*static_cast<std::remove_reference_t<F> *>(f))(); },
               const_cast<void *>(static_cast<const void *>(&body)));
}

// A run's body for a pass over [0, count): calls f(k) for the chunks of `chunk` consecutive k it
// takes from `next`, shared by the run's threads, until none is left.
template <class F> void take_chunks(std::atomic<int64_t> &next, int64_t count, int64_t chunk, F &&f) {
    for (int64_t first; (first = next.fetch_add(chunk, std::memory_order_relaxed)) < count;)
        for (int64_t k = first, end = std::min(count, first + chunk); k < end; ++k) f(k);
}

// Calls f(k) for k in [0, count) on up to `threads` threads, chunks of `chunk` consecutive k
// handed out in order as threads come for them. `f` must not throw.
template <class F> void parallel_for(int64_t count, int threads, F &&f, int64_t chunk = 1) {
    chunk = std::max<int64_t>(1, chunk);
    if (threads < 2 || count <= chunk) {
        for (int64_t k = 0; k < count; ++k) f(k);
        return;
    }
    std::atomic<int64_t> next{0};
    run(threads, [&] { take_chunks(next, count, chunk, f); });
}

}  // namespace team
}  // namespace bl
