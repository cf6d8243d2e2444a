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
#include <thread>
#include <vector>

#include <unistd.h>

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
  oneMKL ...    where batchlapack-bench-mkl sits beside this program (built when CMake found Intel
                oneMKL; it links oneMKL, whose names would clash with the system LAPACK's here):
                the same two loops over oneMKL's routines ("oneMKL threaded": one matrix at a
                time on oneMKL's threads; "oneMKL loop": the OpenMP loop, oneMKL on one thread)
                and the batch routine this oneMKL has ("oneMKL batch": ?getrf_batch_strided and
                the other strided LAPACK ones from oneMKL 2021, cblas_?trsm_batch(_strided) for
                trsv and trsm, cblas_?gemm_batch_strided), on a case of the same routine, size,
                batch and threads built in that program, run just before this program's own
                columns (so not in turns with them).
The ratio is batchlapack's rate over the best peer's, which "best peer" names. The first lines say
which instruction set batchlapack's kernels use here (what its dispatch picks from the processor)
and how many cores the machine has.

Peer on both backends, for gesv and posv: the library's own separate calls doing the same work
(getrf+getrs, potrf+potrs), which the one-call routine must never be slower than.

Peers on the GPU (--backend cuda): the batch is in device memory and batchlapack is called on device
pointers; the vendor's batched routines run on the same data: cublas<t>getrfBatched (getrf),
cublas<t>getrsBatched (getrs), cusolverDn<t>potrfBatched (potrf), cusolverDn<t>potrsBatched (potrs,
--nrhs 1 only), cublas<t>trsmBatched (trsv with one right-hand side, trsm), cublas<t>gemmStridedBatched
(gemm), cublas<t>gemvStridedBatched (gemv), cublas<t>geqrfBatched (geqrf), cublas<t>gelsBatched (gels),
a loop of cusolverDn<t>gebrd calls, one per matrix (gebrd: slow at small n, choose --batch),
cublas<t>getrfBatched + cublas<t>getriBatched and, for n <= 32, cublas<t>matinvBatched (getri_oop,
timed with its getrf), cublas<t>getrfBatched with no pivot array (getrf_np). gesv, posv, ormqr,
orgqr, getri, getrs_np and gesv_np have no vendor peer; trtri and potri have cublas<t>trsmBatched
against the identity (X = I by a device copy, then U X = I, or L Y = I and L^H X = Y), not compared. Device pointer arrays and
workspaces are built once, untimed; a vendor run ends with cudaDeviceSynchronize and the copy of its
info array to the host (batchlapack's calls are synchronous and return info on the host). After
the timing, batchlapack's result and the first peer's are compared once (same input): "rel.diff" is
max |ours - vendor| / max |vendor| over the outputs (a warning when above 1e-6 in d/z, 1e-2 in s/c
with identical pivots), "pivots differing" counts the ipiv entries that differ (LU pivots may
legitimately differ on ties, and then the factors too; so may QR's: where the real part of a
column's leading entry is within rounding of zero, either sign of R's diagonal entry is correct,
and the row of R and the reflector change with it: in s/c a batch of 10^5 matrices has a few
such columns). With device data the run first measures the roofs (a 1 GiB device-to-device copy:
bytes read + written per second; cuBLAS's GEMM of the precision at n = 8192) and prints them; each
size then gets "bound" (mem when the routine's flops per byte, its arrays read once and written once
-- of a triangular A (trsv, trsm, potrf, potrs, posv, trtri, potri) the triangle --, are below the
ridge, gemm above) and "% roof"
(batchlapack's bytes per second over the copy bandwidth, or its flop/s over the GEMM rate).

Each implementation runs once to warm up, then --runs times, the implementations taking turns run
by run so that changes in the machine's load fall on all of them; the table shows the median (of
an even number of runs, the mean of the middle two). The input is restored before every run (not
timed; on the GPU a device-to-device copy), and every run is checked
(return value 0, every info 0; after the warm-up and the last run also every matrix written, no
NaN/Inf), so that a failing call is never timed.

Options:
  --routine R      getrf (default), getrs, gesv, potrf, potrs, posv, geqrf, ormqr, orgqr, gels,
                   gebrd, trsv, trsm, gemm, gemv. ormqr/orgqr mean unmqr/ungqr in c and z.
  --precision P    s, d (default), c or z.
  --sizes LIST     comma-separated n (default 4,8,16,32,64,128,256,512). Matrices are n x n;
                   right-hand sides n x nrhs (getrs, gesv, potrs, posv, ormqr's C, trsm's B);
                   gels solves 2n x n least-squares problems.
  --batch N        matrices per call (default: about 256 MiB of the main matrix, and at least
                   100 matrices; with --backend cuda 200,000 up to n = 16, about 1 GiB of the
                   main matrix below n = 256, 2,000 from there).
  --runs N         timed runs per implementation (default 5).
  --nrhs N         right-hand sides (default 1).
  --csv FILE       also write the table as CSV to FILE.
  --backend B      cpu (default), cuda or auto: batchlapack's backend (bl_set_backend). cuda: the
                   GPU peers above, data in device memory (needs a build with CUDA); cpu and
                   auto: the CPU peers, data in host memory.
  --vbatch         time batchlapack's _vbatch entry point, matrix orders uniform in [n/2, n] (a
                   fixed seed) in slots of order n; GFLOP/s from the actual orders. On the CPU the
                   loops are the peers; on the GPU there is none (the vendor has no variable-size
                   batched routines): instead batchlapack on a uniform batch of order n is timed
                   after it ("uniform n") and "% of uniform" is the vbatch rate as a percentage.
  --host-data      (--backend cuda) batchlapack called on host arrays, pageable by default, timing
                   the whole call, transfers included; no peers. Then pinned cudaMemcpy of the
                   bytes the call must move (matrices in and out, ipiv, tau, info out) is timed
                   each way and printed: the whole call in ms, MB in and out, H2D and D2H GB/s,
                   "transfer ms" = bytes in / H2D rate + bytes out / D2H rate, and
                   "call/transfer", the ratio of the two.
  --pinned         with --host-data: the host arrays in pinned memory (cudaMallocHost).
  --stream         (--backend cuda, device data) every implementation enqueued on one stream
                   (batchlapack through bl_set_stream, the vendors' handles set to it), info in
                   device memory for all, each run timed by events on the stream (not by the host
                   clock), info fetched after the stop event. Adds "enqueue us": the host's
                   median time inside one batchlapack call, which returns before its work ends
                   (with --repeat, per call of the K), and the same for the best peer. A run's
                   first call follows the restore of the input and a synchronisation: it finds
                   the host's caches cold, and costs more than the calls of a steady sequence.
  --repeat K       with --stream: a run is K calls back to back on the stream (outputs not
                   checked: each call works on the previous one's results). Adds for batchlapack
                   (and its parts, e.g. getrf+getrs for gesv) "kernels ms": the K calls timed
                   with the stream held until all are enqueued, so that the kernels follow one
                   another with no host in between, and "sequence/kernels", the ratio of the
                   live run to it (1.0: the calls cost the stream nothing beyond their kernels).
  --threads N      OpenMP threads of batchlapack and of the OpenMP loop (default: OpenMP's).
  --help           this text.
)";

struct Options {
    std::string routine = "getrf";
    char precision = 'd';
    std::vector<int> sizes = {4, 8, 16, 32, 64, 128, 256, 512};
    int64_t batch = 0;  // 0: by memory
    int runs = 5, nrhs = 1, threads = 0, repeat = 1;
    std::string csv, backend = "cpu";
    bool vbatch = false, host_data = false, pinned = false, stream = false;
};

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
        if (a == "--vbatch" || a == "--host-data" || a == "--pinned" || a == "--stream") {  // without a value
            (a == "--vbatch" ? o.vbatch : a == "--host-data" ? o.host_data : a == "--pinned" ? o.pinned : o.stream) = true;
            continue;
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
        } else if (a == "--repeat") {
            o.repeat = int(positive(a, v));
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

// The oneMKL peers' program (mkl_peer.cpp) if it is installed or built beside this one, else "".
std::string mkl_peer_program() {
    char self[4096];
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) return "";
    std::string path(self, size_t(length));
    path = path.substr(0, path.rfind('/') + 1) + "batchlapack-bench-mkl";
    return access(path.c_str(), X_OK) == 0 ? path : "";
}

// Runs the oneMKL peers' program with `arguments` and returns its lines, split at the tab:
// each peer's name and median time in seconds (or, for --version, the one line and 0).
std::vector<std::pair<std::string, double>> run_mkl_peers(const std::string &program, const std::string &arguments) {
    const std::string command = "'" + program + "' " + arguments;
    FILE *out = popen(command.c_str(), "r");
    if (!out) fail("cannot run " + command);
    std::vector<std::pair<std::string, double>> lines;
    char line[512];
    while (std::fgets(line, sizeof line, out)) {
        std::string text(line);
        while (!text.empty() && text.back() == '\n') text.pop_back();
        const size_t tab = text.find('\t');
        lines.emplace_back(text.substr(0, tab), tab == std::string::npos ? 0 : std::atof(text.c_str() + tab + 1));
    }
    if (pclose(out) != 0) fail(command + " failed");
    return lines;
}

// The instruction set of batchlapack's CPU kernels on this processor, by the library's rule
// (src_cpu/isa.hpp: the best the processor runs), or the one BATCHLAPACK_CPU_ISA forces.
std::string kernel_isa() {
    if (const char *forced = std::getenv("BATCHLAPACK_CPU_ISA"); forced && *forced)
        return std::string(forced) + " (forced by BATCHLAPACK_CPU_ISA)";
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (__builtin_cpu_supports("x86-64-v4")) return "AVX-512 (x86-64-v4)";
    if (__builtin_cpu_supports("x86-64-v3")) return "AVX2 + FMA (x86-64-v3)";
    return "baseline (no AVX2 kernels)";
#elif defined(__aarch64__)
    return "NEON (aarch64)";
#else
    return "baseline";
#endif
}

// A call of the library (`call`: the case's library or parts) as a column named `name`.
Peer library_call(const std::string &name, const std::function<int()> &call) {
    return {name, [&call] {
                const int status = call();
                return status == 0 ? std::string() : "returned " + std::to_string(status) + ": " + bl_last_error();
            }};
}
Peer library(Case &c) { return library_call("batchlapack", c.library); }

// The library's result against the vendor's on the same input (untimed, once per size): the
// largest relative difference over the floating-point outputs, the differing elements of the
// integer ones (pivots). Null differing count when the routine has no integer output.
struct Agreement {
    Difference difference;
    bool has_pivots = false;
};
Agreement compare(Case &c, const Peer &ours, const Peer &vendor) {
    time_run(c, ours, true);  // leaves the outputs fetched
    for (auto &a : c.arrays())
        if (a->use != Use::in) a->keep();
    time_run(c, vendor, true);
    Agreement agreement;
    for (auto &a : c.arrays())
        if (a->use != Use::in) {
            const Difference d = a->compare();
            agreement.difference.relative = std::max(agreement.difference.relative, d.relative);
            agreement.difference.differing += d.differing;
            agreement.has_pivots = agreement.has_pivots || a->name == "ipiv";
        }
    return agreement;
}

// The CPU default: about 256 MiB of the main matrix (the issue's default: enough matrices that
// none of the implementations runs from cache), and at least 100 matrices. On the GPU (issue 4):
// 200,000 matrices up to n = 16, about 1 GiB of the main matrix below n = 256, 2,000 from there.
int64_t default_batch(const Options &o, int n) {
    const int64_t bytes = matrix_bytes(o.routine, o.precision, n);
    if (o.backend != "cuda") return std::max<int64_t>(100, (int64_t(256) << 20) / bytes);
    if (n <= 16) return 200000;
    if (n < 256) return std::max<int64_t>(100, (int64_t(1) << 30) / bytes);
    return 2000;
}

// One line of the table (and of the CSV file): named columns, printed as text.
struct Column {
    std::string name, text, csv;
};
void print_row(const std::vector<Column> &row, bool header, FILE *csv, const std::string &csv_prefix) {
    if (csv) std::fprintf(csv, "%s,", csv_prefix.c_str());
    for (size_t k = 0; k < row.size(); ++k) {
        const int width = std::max<int>(k == 0 ? 6 : k == 1 ? 9 : row[k].name == "ratio" ? 7 : row[k].name == "best peer" ? 15 : 12, int(row[k].name.size()));
        std::printf(k == 0 ? "%*s" : " %*s", width, (header ? row[k].name : row[k].text).c_str());
        if (csv) std::fprintf(csv, "%s%s", k ? "," : "", (header ? row[k].name : row[k].csv).c_str());
    }
    std::printf("\n");
    std::fflush(stdout);
    if (csv) std::fprintf(csv, "\n");
}
std::string format(const char *f, double v) {
    char text[64];
    std::snprintf(text, sizeof text, f, v);
    return text;
}
void add(std::vector<Column> &row, const std::string &name, const char *f, double v, const char *csv_f = "%.6g") {
    row.push_back({name, format(f, v), format(csv_f, v)});
}

}  // namespace
}  // namespace blbench

int main(int argc, char **argv) {
    using namespace blbench;
    const Options o = parse(argc, argv);
    const bool cuda = o.backend == "cuda";
    if ((o.host_data || o.pinned) && !cuda) fail("--host-data and --pinned need --backend cuda");
    if (o.pinned && !o.host_data) fail("--pinned goes with --host-data");
    if (o.stream && (!cuda || o.host_data)) fail("--stream needs --backend cuda and device data");
    if (o.repeat > 1 && !o.stream) fail("--repeat goes with --stream");

    const bl_backend backend = cuda ? BL_BACKEND_CUDA : o.backend == "auto" ? BL_BACKEND_AUTO : BL_BACKEND_CPU;
    if (const int status = bl_set_backend(backend)) fail("--backend " + o.backend + ": " + bl_error_string(status));
    std::unique_ptr<Gpu> gpu;
    if (cuda && !(gpu = make_gpu({o.host_data, o.pinned, o.stream})))
        fail("--backend cuda: this batchlapack-bench was built without CUDA (the library's BATCHLAPACK_CUDA is off)");
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
    if (gpu)
        std::printf("%s; data in %s%s\n", gpu->device().c_str(),
                    o.host_data ? (o.pinned ? "pinned host memory" : "pageable host memory") : "device memory",
                    o.vbatch ? "; _vbatch, orders uniform in [n/2, n]" : "");
    else if (o.vbatch)
        std::printf("_vbatch, orders uniform in [n/2, n]\n");
    Roofline roof;
    if (gpu && !o.host_data) {
        roof = gpu->roofline(o.precision);
        std::printf("roofs measured now: device copy %.0f GB/s (read + written), %cgemm %.2f TFLOP/s (cuBLAS, n = %d); "
                    "ridge %.1f flop/byte. \"%% roof\": batchlapack's share of the roof below (\"mem\") or above "
                    "(\"gemm\") the ridge, its matrices read once and written once\n",
                    roof.bandwidth * 1e-9, o.precision, roof.gemm * 1e-12, roof.gemm_n, roof.gemm / roof.bandwidth);
    }
    const std::string mkl = cuda ? "" : mkl_peer_program();
    if (!cuda) {
        std::printf("CPU: %u cores, batchlapack's kernels: %s\n", std::thread::hardware_concurrency(), kernel_isa().c_str());
        std::printf("oneMKL peers: %s\n", mkl.empty() ? "none (batchlapack-bench-mkl not built)"
                                                       : run_mkl_peers(mkl, "--version").at(0).first.c_str());
    }
    const std::string csv_prefix = o.routine + "," + o.precision;
    // Floating-point agreement expected of the vendor's result, relative.
    const double tolerance = o.precision == 'd' || o.precision == 'z' ? 1e-6 : 1e-2;

    bool header = true;
    for (const int n : o.sizes) {
        const int64_t batch = o.batch ? o.batch : default_batch(o, n);
        auto build = [&](bool variable) {
            try {
                std::unique_ptr<Case> c = make_case(o.routine, o.precision, n, o.nrhs, batch, variable);
                if (gpu) gpu->prepare(*c, o.routine, o.precision);
                return c;
            } catch (const std::exception &e) {
                fail(std::string("n = ") + std::to_string(n) + ": " + e.what());
            }
        };
        // The oneMKL peers first, in their own process, before this one's case takes its memory.
        std::vector<std::pair<std::string, double>> external;
        if (!mkl.empty()) {
            char arguments[256];
            std::snprintf(arguments, sizeof arguments, "--routine %s --precision %c --n %d --batch %lld --runs %d --nrhs %d --threads %d%s",
                          o.routine.c_str(), o.precision, n, (long long)batch, o.runs, o.nrhs, threads, o.vbatch ? " --vbatch" : "");
            external = run_mkl_peers(mkl, arguments);
        }
        std::unique_ptr<Case> c = build(o.vbatch);
        std::vector<Peer> impls = gpu ? c->peers : lapack_loops(*c, "LAPACK loop", "OpenMP loop");
        if (c->parts) impls.push_back(library_call(c->parts_name, c->parts));
        impls.push_back(library(*c));
        if (o.stream) g_stream = {gpu.get(), o.repeat, false};
        std::vector<double> host;
        std::vector<double> seconds = median_times(*c, impls, o.runs, &host);
        for (const auto &[name, t] : external) {  // beside the other peers, before the library
            impls.insert(impls.end() - 1, Peer{name, nullptr});
            seconds.insert(seconds.end() - 1, t);
        }

        std::vector<Column> row = {{"n", std::to_string(n), std::to_string(n)},
                                   {"batch", std::to_string(batch), std::to_string(batch)}};
        std::vector<double> gflops;
        for (size_t j = 0; j < impls.size(); ++j) {
            gflops.push_back(c->flops * o.repeat / seconds[j] * 1e-9);  // (--repeat: that many calls a run)
            add(row, impls[j].name, "%.4g", gflops.back());
        }
        // the fastest peer (the library is last)
        const size_t best = size_t(std::max_element(gflops.begin(), gflops.end() - 1) - gflops.begin());
        if (impls.size() > 1) {
            add(row, "ratio", "%.2f", gflops.back() / gflops[best], "%.4g");
            row.push_back({"best peer", impls[best].name, impls[best].name});
        }
        if (roof.gemm > 0) {  // the bytes a call must move at least: inputs once, outputs once, info
            double bytes = c->has_info ? double(c->batch) * sizeof(int) : 0;
            for (auto &a : c->arrays())
                bytes += double(a->bytes()) * (a->use == Use::inout ? 2 : 1) *
                         (c->triangular && a->name == "A" ? (n + 1.0) / (2.0 * n) : 1.0);  // one triangle
            const double call = seconds.back() / o.repeat;
            const bool memory = c->flops / bytes < roof.gemm / roof.bandwidth;
            row.push_back({"bound", memory ? "mem" : "gemm", memory ? "mem" : "gemm"});
            add(row, "% roof", "%.1f", 100 * (memory ? bytes / call / roof.bandwidth : c->flops / call / roof.gemm), "%.4g");
        }
        if (o.stream) {
            add(row, "enqueue us", "%.1f", host.back() / o.repeat * 1e6, "%.4g");
            if (impls.size() > 1)  // the best peer's, for scale: the same stream, the same moment of a run
                add(row, impls[best].name + " enqueue us", "%.1f", host[best] / o.repeat * 1e6, "%.4g");
            if (o.repeat > 1) {  // batchlapack and its parts again, their kernels back to back
                std::vector<Peer> ours(impls.end() - (c->parts ? 2 : 1), impls.end());
                g_stream.held = true;
                const std::vector<double> kernels = median_times(*c, ours, o.runs);
                g_stream.held = false;
                for (size_t j = 0; j < ours.size(); ++j) {
                    const double live = seconds[impls.size() - ours.size() + j];
                    add(row, ours[j].name + " ms", "%.3f", live * 1e3, "%.4g");
                    add(row, ours[j].name + " kernels ms", "%.3f", kernels[j] * 1e3, "%.4g");
                    add(row, ours[j].name + " sequence/kernels", "%.3f", live / kernels[j], "%.4g");
                }
            }
        }
        if (gpu && impls.size() > 1 && o.repeat == 1 && impls.front().comparable) {  // (--repeat's outputs are results of results)
            const Agreement a = compare(*c, impls.back(), impls.front());
            add(row, "rel.diff", "%.2e", a.difference.relative, "%.3e");
            if (a.has_pivots) add(row, "pivots differing", "%.0f", double(a.difference.differing), "%.0f");
            if (a.difference.differing == 0 && a.difference.relative > tolerance)
                std::fprintf(stderr, "batchlapack-bench: warning: n = %d: batchlapack and %s differ by %.2e (relative)\n",
                             n, impls.front().name.c_str(), a.difference.relative);
        }
        if (gpu && o.vbatch) {  // the library on a uniform batch of order n, for scale
            std::unique_ptr<Case> uniform = build(false);
            const double t = median_times(*uniform, {library(*uniform)}, o.runs)[0];
            const double g = uniform->flops / t * 1e-9;
            add(row, "uniform n", "%.4g", g);
            add(row, "% of uniform", "%.1f", 100 * gflops.back() / g, "%.4g");
        }
        if (o.host_data) {
            const Transfers tr = gpu->transfers(*c);
            add(row, "call ms", "%.3f", seconds.back() * 1e3);
            add(row, "MB in", "%.1f", tr.bytes_in * 1e-6);
            add(row, "MB out", "%.1f", tr.bytes_out * 1e-6);
            add(row, "H2D GB/s", "%.2f", tr.h2d * 1e-9);
            add(row, "D2H GB/s", "%.2f", tr.d2h * 1e-9);
            add(row, "transfer ms", "%.3f", tr.seconds() * 1e3);
            add(row, "call/transfer", "%.2f", seconds.back() / tr.seconds(), "%.4g");
        }
        if (header) print_row(row, true, csv, "routine,precision");
        header = false;
        print_row(row, false, csv, csv_prefix);
    }
    if (csv && std::fclose(csv) != 0) fail("error writing " + o.csv);
    return 0;
}

#ifndef BATCHLAPACK_BENCH_CUDA
std::unique_ptr<blbench::Gpu> blbench::make_gpu(const GpuOptions &) { return nullptr; }
#endif
