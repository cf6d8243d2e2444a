// batchlapack-kernel-sizes: times the CPU backend's tiny-matrix kernels compiled for one order
// (Fixed<n>) against the same kernels taking the order at run time, order by order, to decide
// which orders src_cpu/ladder.hpp compiles one by one. See kernel_sizes.cpp.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace blks {

// One kernel family at one order: `restore` puts the inputs back (untimed); run[v] calls variant v
// on every matrix of the batch (timed); `calls` kernel calls per run, `flops` per matrix.
struct Case {
    std::string family, type;
    int n = 0;
    std::vector<std::string> variants;
    std::function<void()> restore;
    std::vector<std::function<void()>> run;
    int matrices = 0;
    double flops = 0;
};

// The cases of the one-matrix kernels (kernel_sizes_small.cpp, compiled as the library compiles
// them) and of the group kernels (kernel_sizes_group.cpp, compiled for x86-64-v3).
std::vector<Case> small_cases();
std::vector<Case> group_cases();

// Bytes of matrices each case's batch holds: a few hundred KiB, so that input and copy stay in L2
// and the kernels' own speed is what is timed.
constexpr double kBatchBytes = 256 << 10;

}  // namespace blks
