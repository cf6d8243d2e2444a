// The library's threads (core/team.hpp), on their own: compiled into this program from
// core/team.cpp (the library exports no internal symbol), with no BLAS linked, so that no other
// library's threads run beside them. In both kinds of run (the library's workers, the program's
// OpenMP threads): every index of a parallel pass is taken once, on threads whose indices stay
// below the count asked for, also with host threads calling at once and passes nested in a pass;
// inside a caller's OpenMP parallel region the library runs on one thread. The workers block when
// the work is done: OpenMP's idle threads spin for milliseconds after each parallel region,
// taking the core from whatever else runs there (issue 24: two threads beside a busy process ran
// slower than one). Which kind a program gets by default: tests/test_threads.cpp (a program
// without OpenMP) and tests/openmp_program.c (one with OpenMP regions of its own).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "team.hpp"

namespace {

namespace team = bl::team;

// The library's host threads run on the CPU whatever the backend: the gpu-labelled run of this
// program has nothing of its own to check.
class Team : public ::testing::TestWithParam<team::Choice> {
protected:
    void SetUp() override {
        const char *b = std::getenv("BATCHLAPACK_TEST_BACKEND");
        if (b && std::string(b) == "cuda") GTEST_SKIP() << "host threads only: the cpu label runs them";
        team::choose(GetParam());
    }
    void TearDown() override { team::choose(team::Choice::automatic); }
};
INSTANTIATE_TEST_SUITE_P(Runs, Team, ::testing::Values(team::Choice::own, team::Choice::openmp),
                         [](const ::testing::TestParamInfo<team::Choice> &i) {
                             return i.param == team::Choice::own ? "LibraryWorkers" : "OpenMPThreads";
                         });

// f(k) for every k of [0, count) once; the largest index seen.
int check_pass(int64_t count, int threads, int64_t chunk) {
    std::vector<std::atomic<int>> hits(static_cast<size_t>(count));
    for (auto &h : hits) h = 0;
    std::atomic<int> top{0};
    team::parallel_for(count, threads, [&](int64_t k) {
        hits[size_t(k)]++;
        for (int i = team::index(), t = top; i > t && !top.compare_exchange_weak(t, i);) {}
    }, chunk);
    for (int64_t k = 0; k < count; ++k) EXPECT_EQ(hits[size_t(k)], 1) << "k = " << k << " of " << count;
    return top;
}

TEST_P(Team, EveryIndexOnceBelowTheThreadCount) {
    for (int threads : {1, 2, 3, 8})
        for (int64_t count : {0, 1, 2, 7, 64, 1000, 100003})
            for (int64_t chunk : {1, 3, 64}) {
                SCOPED_TRACE(std::to_string(threads) + " threads, count " + std::to_string(count) + ", chunk " +
                             std::to_string(chunk));
                EXPECT_LT(check_pass(count, threads, chunk), threads);
                if (HasFailure()) return;
            }
}

TEST_P(Team, CallersAtOnceAndNestedPasses) {
    std::vector<std::thread> callers;
    std::atomic<int> nested_wrong{0};
    for (int t = 0; t < 4; ++t)
        callers.emplace_back([&, t] {
            for (int rep = 0; rep < 200; ++rep) {
                check_pass(1 + (rep * 37 + t) % 500, 3, 1 + rep % 5);
                // A pass whose body makes a pass of its own (a body calling the library).
                team::parallel_for(8, 3, [&](int64_t) {
                    std::atomic<int> inner{0};
                    team::parallel_for(50, 3, [&](int64_t) { inner++; });
                    if (inner != 50) nested_wrong++;
                });
            }
        });
    for (std::thread &c : callers) c.join();
    EXPECT_EQ(nested_wrong, 0);
}

#ifdef _OPENMP
TEST_P(Team, OneThreadInsideACallersParallelRegion) {
    const int outside = team::threads();
    EXPECT_EQ(outside, omp_get_max_threads());
    std::atomic<int> wrong{0};
#pragma omp parallel num_threads(2)
    {
        if (omp_in_parallel() && team::threads() != 1) wrong++;
        check_pass(300, team::threads(), 1);
    }
    EXPECT_EQ(wrong, 0);
}
#endif

double process_seconds() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// A child of fork() (Python's multiprocessing, a code that spawns helpers) has none of the
// parent's workers: its passes must still finish, on workers of its own.
TEST(TeamWorkers, PassesAfterFork) {
    const char *b = std::getenv("BATCHLAPACK_TEST_BACKEND");
    if (b && std::string(b) == "cuda") GTEST_SKIP() << "host threads only: the cpu label runs them";
    team::choose(team::Choice::own);
    EXPECT_LT(check_pass(1000, 2, 1), 2);  // the parent's workers exist
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        alarm(20);  // a pass that never finishes fails the test rather than hanging it
        std::atomic<int> hits{0};
        for (int rep = 0; rep < 50; ++rep) team::parallel_for(1000, 2, [&](int64_t) { hits++; });
        _exit(hits == 50 * 1000 ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the child's passes failed or hung";
    team::choose(team::Choice::automatic);
}

// After a pass on two of the library's workers the worker blocks: while the caller sleeps 50
// ms, the process runs next to nothing (the workers spin 50 us before they block).
TEST(TeamWorkers, IdleWorkersBlock) {
    const char *b = std::getenv("BATCHLAPACK_TEST_BACKEND");
    if (b && std::string(b) == "cuda") GTEST_SKIP() << "host threads only: the cpu label runs them";
    team::choose(team::Choice::own);
    int shared = 0;
    for (int rep = 0; rep < 6; ++rep) {
        // About 2 ms of work on each of two threads, in chunks that both take.
        std::atomic<int64_t> next{0};
        const int ran = team::run(2, [&] {
            while (next.fetch_add(1) < 40) {
                const double until = process_seconds() + 1e-4;
                while (process_seconds() < until) {}
            }
        });
        if (ran < 2) continue;  // the worker came too late to take part (a loaded machine)
        ++shared;
        const double before = process_seconds();
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const double used = process_seconds() - before;
        EXPECT_LT(used, 5e-3) << "the process ran " << used * 1e3 << " ms of processor time in 50 ms after a "
                              << "pass on two threads while its caller slept: idle workers spin";
    }
    EXPECT_GT(shared, 0) << "no pass had a worker: the test saw nothing";
    team::choose(team::Choice::automatic);
}

}  // namespace
