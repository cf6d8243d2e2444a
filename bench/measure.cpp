// Timing shared by batchlapack-bench and its peer programs (batchlapack-bench-mkl): one checked run
// of an implementation, and the median of several taken in turns.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "bench.hpp"

namespace blbench {

[[noreturn]] void fail(const std::string &message) {
    std::fprintf(stderr, "%s: %s\n", program_invocation_short_name, message.c_str());
    std::exit(2);
}

// What info holds before a run, to see that the run set it.
constexpr int kUnset = std::numeric_limits<int>::min();

StreamTiming g_stream;

// One run of `impl` from the saved input. The return value and info are checked after every run;
// the outputs (every matrix written, all finite) when `check_outputs` is set -- after the warm-up
// and the last run, which suffices since every run computes the same thing, and keeps the untimed
// part of a run from dominating small sizes (not with --repeat, whose calls work on their own
// results).
Timed time_run(Case &c, const Peer &impl, bool check_outputs) {
    c.restore();
    std::fill(c.info.begin(), c.info.end(), c.has_info ? kUnset : 0);
    if (g_stream.gpu) g_stream.gpu->begin(c, g_stream.held);
    const auto t0 = std::chrono::steady_clock::now();
    std::string error = impl.run();
    for (int k = 1; k < g_stream.repeat && error.empty(); ++k) error = impl.run();
    const auto t1 = std::chrono::steady_clock::now();
    const double host = std::chrono::duration<double>(t1 - t0).count();
    const double seconds = g_stream.gpu ? g_stream.gpu->end(c) : host;
    check_outputs = check_outputs && g_stream.repeat == 1;
    if (error.empty()) {
        const auto bad = std::find_if(c.info.begin(), c.info.end(), [](int x) { return x != 0; });
        if (bad != c.info.end())
            error = (*bad == kUnset ? std::string("info not set") : "info = " + std::to_string(*bad)) +
                    " for matrix " + std::to_string(bad - c.info.begin());
    }
    // (A peer that writes elsewhere, !comparable, leaves the case's outputs as they were.)
    if (error.empty() && check_outputs && impl.comparable) error = c.check_outputs();
    if (!error.empty()) fail(impl.name + " failed at n = " + std::to_string(c.n) + ": " + error);
    return {seconds, host};
}

// An even count's median is the mean of its middle two: the upper one alone made a table of two
// runs show the slower run of each (a single slow run then decided the cell).
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

// Median time of each implementation over `runs` runs after a warm-up. The implementations take
// turns run by run, so that a change in the machine's load during the measurement falls on all
// of them alike instead of on whichever happened to be running.
std::vector<double> median_times(Case &c, const std::vector<Peer> &impls, int runs, std::vector<double> *host) {
    const size_t count = impls.size();
    std::vector<std::vector<double>> seconds(count), in_host(count);
    for (int k = 0; k <= runs; ++k)
        for (size_t j = 0; j < count; ++j) {
            const Timed t = time_run(c, impls[j], k == 0 || k == runs);
            if (k > 0) seconds[j].push_back(t.seconds), in_host[j].push_back(t.host);
        }
    std::vector<double> result(count);
    if (host) host->resize(count);
    for (size_t j = 0; j < count; ++j) {
        result[j] = median(seconds[j]);
        if (host) (*host)[j] = median(in_host[j]);
    }
    return result;
}

std::vector<Peer> lapack_loops(Case &c, const std::string &plain, const std::string &openmp) {
    return {{plain, [&c] {
                 for (int64_t i = 0; i < c.batch; ++i) c.info[size_t(i)] = c.lapack(i);
                 return std::string();
             }},
            {openmp, [&c] {
                 openmp_loop(c.batch, [&](int64_t i) { c.info[size_t(i)] = c.lapack(i); });
                 return std::string();
             }}};
}

}  // namespace blbench
