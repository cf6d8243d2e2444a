// batchlapack-kernel-sizes: for each tiny-matrix kernel family and order, the kernel compiled for
// that order (Fixed<n>) against the same kernel with the order known at run time, one thread, a
// batch in L2 (kernel_sizes.hpp). The variants take turns run by run, --rounds times; the table
// shows, per variant, the best run (ns per matrix; the one least disturbed on a shared machine)
// and the ratio of each run-time variant's best to the fixed one's (above 1: the fixed order is
// faster). src_cpu/ladder.hpp keeps compile-time orders only where they win clearly; the figures
// are in src_cpu/PERFORMANCE.md. Built on request (make batchlapack-kernel-sizes), not by default:
// it compiles the kernels' sources again. Run it pinned to one core: taskset -c 1 ...
//
// Usage: batchlapack-kernel-sizes [--rounds N] [--family NAME]... [--type d|z|s]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "kernel_sizes.hpp"

int main(int argc, char **argv) {
    int rounds = 15;
    std::vector<std::string> families;
    std::string type;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        if (a == "--rounds" && k + 1 < argc) rounds = std::max(1, std::atoi(argv[++k]));
        else if (a == "--family" && k + 1 < argc) families.push_back(argv[++k]);
        else if (a == "--type" && k + 1 < argc) type = argv[++k];
        else {
            std::fprintf(stderr, "usage: %s [--rounds N] [--family NAME]... [--type d|z|s]\n", argv[0]);
            return 2;
        }
    }
    std::vector<blks::Case> cases = blks::small_cases();
    for (auto &c : blks::group_cases()) cases.push_back(std::move(c));
    std::printf("%-12s %-4s %4s %9s  %s\n", "family", "type", "n", "matrices", "best ns/matrix per variant; ratio to fixed");
    for (auto &c : cases) {
        if (!families.empty() && std::find(families.begin(), families.end(), c.family) == families.end()) continue;
        if (!type.empty() && c.type != type) continue;
        const size_t nv = c.variants.size();
        std::vector<double> best(nv, 1e300);
        for (size_t v = 0; v < nv; ++v) {  // warm-up
            c.restore();
            c.run[v]();
        }
        for (int r = 0; r < rounds; ++r)
            for (size_t v = 0; v < nv; ++v) {
                c.restore();
                const auto t0 = std::chrono::steady_clock::now();
                c.run[v]();
                const auto t1 = std::chrono::steady_clock::now();
                best[v] = std::min(best[v], std::chrono::duration<double, std::nano>(t1 - t0).count() / c.matrices);
            }
        std::printf("%-12s %-4s %4d %9d ", c.family.c_str(), c.type.c_str(), c.n, c.matrices);
        for (size_t v = 0; v < nv; ++v) std::printf("  %s %.1f", c.variants[v].c_str(), best[v]);
        for (size_t v = 1; v < nv; ++v) std::printf("  %.3f", best[v] / best[0]);
        std::printf("\n");
        std::fflush(stdout);
    }
}
