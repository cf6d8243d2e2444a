// batchlapack-bench: times one batched routine of the library beside its peers, in the same run,
// and prints GFLOP/s and the ratio of the library to the best peer. See usage() or --help.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "batchlapack.h"
#include "bench.hpp"

namespace blbench {
namespace {

const char *const kUsage = R"(Usage: batchlapack-bench [options]

Times one batched routine of batchlapack beside its peers in the same run, over a list of sizes,
and prints GFLOP/s (LAPACK's flop counts) with the ratio of batchlapack to the best peer.

Peers on the CPU:
  LAPACK loop   for (i...) lapack_call(matrix i): a caller's plain loop; the system BLAS keeps its
                own threading (OPENBLAS_NUM_THREADS etc.).
  OpenMP loop   the same loop under '#pragma omp parallel for', one thread per matrix, the BLAS held
                to one thread inside it exactly as batchlapack's CPU backend does.

Each implementation runs once to warm up, then --runs times, the implementations taking turns run
by run so that changes in the machine's load fall on all of them; the table shows the median. The input
is restored before every run (not timed), and every run is checked (return value 0, every info 0;
after the warm-up and the last run also every matrix written, no NaN/Inf), so that a failing call
is never timed.

Options:
  --routine R      getrf (default), getrs, gesv, potrf, potrs, posv, geqrf, ormqr, orgqr, gels,
                   gebrd, trsv, trsm, gemm, gemv. ormqr/orgqr mean unmqr/ungqr in c and z.
  --precision P    s, d (default), c or z.
  --sizes LIST     comma-separated n (default 4,8,16,32,64,128,256,512). Matrices are n x n;
                   right-hand sides n x nrhs (getrs, gesv, potrs, posv, ormqr's C, trsm's B);
                   gels solves 2n x n least-squares problems.
  --batch N        matrices per call (default: about 256 MiB of the main matrix, and at least
                   100 matrices).
  --runs N         timed runs per implementation (default 5).
  --nrhs N         right-hand sides (default 1).
  --csv FILE       also write the table as CSV to FILE.
  --backend B      cpu (default), cuda or auto: batchlapack's backend (bl_set_backend). For now
                   the data are in host memory and the peers are the CPU loops above.
  --threads N      OpenMP threads of batchlapack and of the OpenMP loop (default: OpenMP's).
  --help           this text.
)";

struct Options {
    std::string routine = "getrf";
    char precision = 'd';
    std::vector<int> sizes = {4, 8, 16, 32, 64, 128, 256, 512};
    int64_t batch = 0;  // 0: by memory
    int runs = 5, nrhs = 1, threads = 0;
    std::string csv, backend = "cpu";
};

[[noreturn]] void fail(const std::string &message) {
    std::fprintf(stderr, "batchlapack-bench: %s\n", message.c_str());
    std::exit(2);
}

long positive(const std::string &option, const std::string &text) {
    char *end = nullptr;
    const long v = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || v < 1) fail(option + " wants a positive integer, not '" + text + "'");
    return v;
}

Options parse(int argc, char **argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        if (a == "--help" || a == "-h") {
            std::fputs(kUsage, stdout);
            std::exit(0);
        }
        if (k + 1 >= argc) fail("unknown option or missing value: " + a + " (see --help)");
        const std::string v = argv[++k];
        if (a == "--routine") {
            o.routine = v;
            const auto &names = routine_names();
            if (std::find(names.begin(), names.end(), v) == names.end()) fail("unknown routine '" + v + "'");
        } else if (a == "--precision") {
            if (v.size() != 1 || std::string("sdcz").find(v[0]) == std::string::npos) fail("precision is s, d, c or z");
            o.precision = v[0];
        } else if (a == "--sizes") {
            o.sizes.clear();
            for (size_t start = 0; start <= v.size();) {
                const size_t comma = std::min(v.find(',', start), v.size());
                o.sizes.push_back(int(positive(a, v.substr(start, comma - start))));
                start = comma + 1;
            }
        } else if (a == "--batch") {
            o.batch = positive(a, v);
        } else if (a == "--runs") {
            o.runs = int(positive(a, v));
        } else if (a == "--nrhs") {
            o.nrhs = int(positive(a, v));
        } else if (a == "--threads") {
            o.threads = int(positive(a, v));
        } else if (a == "--csv") {
            o.csv = v;
        } else if (a == "--backend") {
            if (v != "cpu" && v != "cuda" && v != "auto") fail("backend is cpu, cuda or auto");
            o.backend = v;
        } else {
            fail("unknown option " + a + " (see --help)");
        }
    }
    return o;
}

// One implementation of the routine over the whole batch. Returns "" or what went wrong.
struct Implementation {
    const char *name;
    std::string (*run)(Case &);
};

std::string run_lapack_loop(Case &c) {
    for (int64_t i = 0; i < c.batch; ++i) c.info[size_t(i)] = c.lapack(i);
    return "";
}
std::string run_openmp_loop(Case &c) {
    openmp_loop(c.batch, [&](int64_t i) { c.info[size_t(i)] = c.lapack(i); });
    return "";
}
std::string run_library(Case &c) {
    const int status = c.library();
    return status == 0 ? "" : "returned " + std::to_string(status) + ": " + bl_last_error();
}

// The library last: the ratio compares it with the best of the others.
const Implementation kImplementations[] = {
    {"LAPACK loop", run_lapack_loop},
    {"OpenMP loop", run_openmp_loop},
    {"batchlapack", run_library},
};

// What info holds before a run, to see that the run set it.
constexpr int kUnset = std::numeric_limits<int>::min();

// One run of `impl` from the saved input, in seconds. The return value and info are checked
// after every run; the outputs (every matrix written, all finite) when `check_outputs` is set --
// after the warm-up and the last run, which suffices since every run computes the same thing,
// and keeps the untimed part of a run from dominating small sizes.
double time_run(Case &c, const Implementation &impl, bool check_outputs) {
    c.restore();
    std::fill(c.info.begin(), c.info.end(), c.has_info ? kUnset : 0);
    const auto t0 = std::chrono::steady_clock::now();
    std::string error = impl.run(c);
    const auto t1 = std::chrono::steady_clock::now();
    if (error.empty()) {
        const auto bad = std::find_if(c.info.begin(), c.info.end(), [](int x) { return x != 0; });
        if (bad != c.info.end())
            error = (*bad == kUnset ? std::string("info not set") : "info = " + std::to_string(*bad)) +
                    " for matrix " + std::to_string(bad - c.info.begin());
    }
    if (error.empty() && check_outputs) error = c.check_outputs();
    if (!error.empty()) fail(std::string(impl.name) + " failed at n = " + std::to_string(c.n) + ": " + error);
    return std::chrono::duration<double>(t1 - t0).count();
}

// Median time of each implementation over `runs` runs after a warm-up. The implementations take
// turns run by run, so that a change in the machine's load during the measurement falls on all
// of them alike instead of on whichever happened to be running.
std::vector<double> median_times(Case &c, int runs) {
    const size_t count = std::size(kImplementations);
    std::vector<std::vector<double>> seconds(count);
    for (int k = 0; k <= runs; ++k)
        for (size_t j = 0; j < count; ++j) {
            const double t = time_run(c, kImplementations[j], k == 0 || k == runs);
            if (k > 0) seconds[j].push_back(t);
        }
    std::vector<double> median(count);
    for (size_t j = 0; j < count; ++j) {
        std::nth_element(seconds[j].begin(), seconds[j].begin() + runs / 2, seconds[j].end());
        median[j] = seconds[j][size_t(runs / 2)];
    }
    return median;
}

// About 256 MiB of the main matrix (the issue's default: enough matrices that none of the
// implementations runs from cache), and at least 100 matrices.
int64_t default_batch(const Options &o, int n) {
    return std::max<int64_t>(100, (int64_t(256) << 20) / matrix_bytes(o.routine, o.precision, n));
}

}  // namespace
}  // namespace blbench

int main(int argc, char **argv) {
    using namespace blbench;
    const Options o = parse(argc, argv);

    const bl_backend backend = o.backend == "cuda" ? BL_BACKEND_CUDA : o.backend == "auto" ? BL_BACKEND_AUTO : BL_BACKEND_CPU;
    if (const int status = bl_set_backend(backend)) fail("--backend " + o.backend + ": " + bl_error_string(status));
#ifdef _OPENMP
    if (o.threads) omp_set_num_threads(o.threads);
    const int threads = omp_get_max_threads();
#else
    const int threads = 1;
#endif

    FILE *csv = nullptr;
    if (!o.csv.empty() && !(csv = std::fopen(o.csv.c_str(), "w"))) fail("cannot write " + o.csv);

    std::printf("batchlapack %s: %c%s, backend %s, %d OpenMP threads, nrhs %d, median of %d runs; GFLOP/s\n",
                bl_version_string(), o.precision, o.routine.c_str(), o.backend.c_str(), threads, o.nrhs, o.runs);
    std::printf("%6s %9s", "n", "batch");
    if (csv) std::fprintf(csv, "routine,precision,n,batch");
    for (const Implementation &impl : kImplementations) {
        std::printf(" %12s", impl.name);
        if (csv) std::fprintf(csv, ",%s", impl.name);
    }
    std::printf(" %7s\n", "ratio");
    if (csv) std::fprintf(csv, ",ratio\n");

    for (const int n : o.sizes) {
        const int64_t batch = o.batch ? o.batch : default_batch(o, n);
        std::unique_ptr<Case> c;
        try {
            c = make_case(o.routine, o.precision, n, o.nrhs, batch);
        } catch (const std::exception &e) {
            fail(std::string("n = ") + std::to_string(n) + ": " + e.what());
        }
        std::vector<double> gflops;
        for (double t : median_times(*c, o.runs)) gflops.push_back(c->flops * double(batch) / t * 1e-9);
        const double best_peer = *std::max_element(gflops.begin(), gflops.end() - 1);
        const double ratio = gflops.back() / best_peer;

        std::printf("%6d %9lld", n, static_cast<long long>(batch));
        for (double g : gflops) std::printf(" %12.4g", g);
        std::printf(" %7.2f\n", ratio);
        std::fflush(stdout);
        if (csv) {
            std::fprintf(csv, "%s,%c,%d,%lld", o.routine.c_str(), o.precision, n, static_cast<long long>(batch));
            for (double g : gflops) std::fprintf(csv, ",%.6g", g);
            std::fprintf(csv, ",%.4g\n", ratio);
        }
    }
    if (csv && std::fclose(csv) != 0) fail("error writing " + o.csv);
    return 0;
}
