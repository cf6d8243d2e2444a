// batchlapack-bench-mkl: the oneMKL peers of batchlapack-bench, a program of their own because
// oneMKL defines the same LAPACK and BLAS names as the system LAPACK the benchmark links. It
// builds the benchmark's case for one routine and size (routines.cpp, the same arrays and
// values), times oneMKL on it, and prints one line per peer: its name, a tab, its median time in
// seconds. batchlapack-bench runs it with the options of its own run (main.cpp, MklPeers).
//
//   batchlapack-bench-mkl --routine R --precision P --n N --batch B --runs K --nrhs R --threads T [--vbatch]
//   batchlapack-bench-mkl --version      oneMKL's version string
//
// The peers: the benchmark's two loops over the per-matrix LAPACK call, here oneMKL's ("oneMKL
// loop": the OpenMP loop, oneMKL held to one thread inside it by the library's BlasThreads guard,
// as sequential; "oneMKL threaded": one matrix at a time, oneMKL on every thread), and the batch
// routines of oneMKL's that this version has ("oneMKL batch"), found at run time by name: the
// strided LAPACK ones (oneMKL 2021 on) and the CBLAS trsm and gemm ones (cblas_?trsm_batch, the
// group form, where the strided one is missing). The batch routines run on oneMKL's own threads.
#include <dlfcn.h>

#include <complex>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "bench.hpp"
#include "lapack.hpp"

extern "C" void MKL_Get_Version_String(char *buffer, int length);

namespace blbench {
namespace {

// oneMKL's CBLAS enumerators (column-major; left side, lower triangle, no transposition, non-unit
// diagonal), as its mkl_cblas.h numbers them.
enum : int { kColMajor = 102, kNoTrans = 111, kLower = 122, kNonUnit = 131, kLeft = 141 };

// The precision's letter before `name`, and the function of that name in oneMKL if it has one.
template <class T> char letter() {
    if constexpr (std::is_same_v<T, float>) return 's';
    else if constexpr (std::is_same_v<T, double>) return 'd';
    else if constexpr (std::is_same_v<T, std::complex<float>>) return 'c';
    else return 'z';
}
template <class F> F *find(const std::string &name) { return reinterpret_cast<F *>(dlsym(RTLD_DEFAULT, name.c_str())); }
template <class T, class F> F *lapack_batch(const char *name) { return find<F>(letter<T>() + std::string(name)); }
template <class T, class F> F *cblas_batch(const char *name) { return find<F>("cblas_" + (letter<T>() + std::string(name))); }

// CBLAS passes a real alpha by value and a complex one by address.
template <class T> using Alpha = std::conditional_t<bl::is_complex<T>, const void *, T>;
template <class T> Alpha<T> alpha(const T &one) {
    if constexpr (bl::is_complex<T>) return &one;
    else return one;
}

Peer batch_peer(std::function<void()> run) {
    return {"oneMKL batch", [run] {
                run();
                return std::string();
            }};
}

// oneMKL's batch routine for the case's routine, if this oneMKL has one; an empty list otherwise.
template <class T> std::vector<Peer> batch_peers(Case &c, const std::string &routine) {
    if (c.variable) return {};  // oneMKL's group forms take sizes per group, not per matrix
    const int n = c.n, r = c.nrhs;
    const int b = int(c.batch);
    static const T unit(1);
    int *info = c.info.data();
    if (routine == "getrf") {
        using F = void(const int *, const int *, T *, const int *, const int *, int *, const int *, const int *, int *);
        if (auto *f = lapack_batch<T, F>("getrf_batch_strided")) {
            auto &A = c.array<T>("A");
            auto &ipiv = c.array<int>("ipiv");
            const int sa = int(A.stride), sp = int(ipiv.stride);
            return {batch_peer([=, &A, &ipiv] { f(&n, &n, A.data(), &n, &sa, ipiv.data(), &sp, &b, info); })};
        }
    } else if (routine == "getrs") {
        using F = void(const char *, const int *, const int *, const T *, const int *, const int *, const int *,
                       const int *, T *, const int *, const int *, const int *, int *);
        if (auto *f = lapack_batch<T, F>("getrs_batch_strided")) {
            auto &A = c.array<T>("A");
            auto &ipiv = c.array<int>("ipiv");
            auto &B = c.array<T>("B");
            const int sa = int(A.stride), sp = int(ipiv.stride), sb = int(B.stride);
            return {batch_peer([=, &A, &ipiv, &B] {
                f("N", &n, &r, A.data(), &n, &sa, ipiv.data(), &sp, B.data(), &n, &sb, &b, info);
            })};
        }
    } else if (routine == "potrf") {
        using F = void(const char *, const int *, T *, const int *, const int *, const int *, int *);
        if (auto *f = lapack_batch<T, F>("potrf_batch_strided")) {
            auto &A = c.array<T>("A");
            const int sa = int(A.stride);
            return {batch_peer([=, &A] { f("L", &n, A.data(), &n, &sa, &b, info); })};
        }
    } else if (routine == "potrs") {
        using F = void(const char *, const int *, const int *, const T *, const int *, const int *, T *, const int *,
                       const int *, const int *, int *);
        if (auto *f = lapack_batch<T, F>("potrs_batch_strided")) {
            auto &A = c.array<T>("A");
            auto &B = c.array<T>("B");
            const int sa = int(A.stride), sb = int(B.stride);
            return {batch_peer([=, &A, &B] { f("L", &n, &r, A.data(), &n, &sa, B.data(), &n, &sb, &b, info); })};
        }
    } else if (routine == "geqrf") {
        using F = void(const int *, const int *, T *, const int *, const int *, T *, const int *, const int *, int *);
        if (auto *f = lapack_batch<T, F>("geqrf_batch_strided")) {
            auto &A = c.array<T>("A");
            auto &tau = c.array<T>("tau");
            const int sa = int(A.stride), st = int(tau.stride);
            return {batch_peer([=, &A, &tau] { f(&n, &n, A.data(), &n, &sa, tau.data(), &st, &b, info); })};
        }
    } else if (routine == "trsv" || routine == "trsm") {
        // x (trsv) is B with one column. The BLAS routines have no info: the case's stays 0.
        auto &A = c.array<T>("A");
        auto &B = c.array<T>(routine == "trsv" ? "x" : "B");
        const int cols = routine == "trsv" ? 1 : r;
        using Strided = void(int, int, int, int, int, int, int, Alpha<T>, const T *, int, int, T *, int, int, int);
        using Group = void(int, const int *, const int *, const int *, const int *, const int *, const int *,
                           const T *, const T **, const int *, T **, const int *, int, const int *);
        if (auto *f = cblas_batch<T, Strided>("trsm_batch_strided"))
            return {batch_peer([=, &A, &B] {
                f(kColMajor, kLeft, kLower, kNoTrans, kNonUnit, n, cols, alpha(unit), A.data(), n, int(A.stride),
                  B.data(), n, int(B.stride), b);
            })};
        if (auto *f = cblas_batch<T, Group>("trsm_batch")) {
            static const int side = kLeft, uplo = kLower, trans = kNoTrans, diag = kNonUnit;
            return {batch_peer([=, &A, &B] {
                f(kColMajor, &side, &uplo, &trans, &diag, &n, &cols, &unit, const_cast<const T **>(A.pointers()), &n,
                  const_cast<T **>(B.pointers()), &n, 1, &b);
            })};
        }
    } else if (routine == "gemm") {
        using F = void(int, int, int, int, int, int, Alpha<T>, const T *, int, int, const T *, int, int, Alpha<T>, T *,
                       int, int, int);
        if (auto *f = cblas_batch<T, F>("gemm_batch_strided")) {
            auto &A = c.array<T>("A");
            auto &B = c.array<T>("B");
            auto &C = c.array<T>("C");
            return {batch_peer([=, &A, &B, &C] {
                f(kColMajor, kNoTrans, kNoTrans, n, n, n, alpha(unit), A.data(), n, int(A.stride), B.data(), n,
                  int(B.stride), alpha(unit), C.data(), n, int(C.stride), b);
            })};
        }
    } else if (routine == "getri_oop") {
        // Timed with its getrf, as the library's getrf + getri_oop.
        using Getrf = void(const int *, const int *, T *, const int *, const int *, int *, const int *, const int *, int *);
        using Getri = void(const int *, const T *, const int *, const int *, const int *, const int *, T *, const int *,
                           const int *, const int *, int *);
        auto *getrf = lapack_batch<T, Getrf>("getrf_batch_strided");
        auto *getri = lapack_batch<T, Getri>("getri_oop_batch_strided");
        if (getrf && getri) {
            auto &A = c.array<T>("A");
            auto &ipiv = c.array<int>("ipiv");
            auto &C = c.array<T>("C");
            const int sa = int(A.stride), sp = int(ipiv.stride), sc = int(C.stride);
            return {batch_peer([=, &A, &ipiv, &C] {
                getrf(&n, &n, A.data(), &n, &sa, ipiv.data(), &sp, &b, info);
                getri(&n, A.data(), &n, &sa, ipiv.data(), &sp, C.data(), &n, &sc, &b, info);
            })};
        }
    }
    return {};
}

std::vector<Peer> batch_peers(Case &c, const std::string &routine, char precision) {
    switch (precision) {
    case 's': return batch_peers<float>(c, routine);
    case 'd': return batch_peers<double>(c, routine);
    case 'c': return batch_peers<std::complex<float>>(c, routine);
    default: return batch_peers<std::complex<double>>(c, routine);
    }
}

// The LAPACK names this program calls must be oneMKL's: were the system LAPACK's first in the
// symbol lookup (a link line in another order), its timings would be the other loop's again.
void check_mkl_is_lapack() {
    Dl_info where{};
    if (!dladdr(reinterpret_cast<void *>(&bl::lapack::dgetrf_), &where) || !where.dli_fname ||
        std::string(where.dli_fname).find("mkl") == std::string::npos)
        fail(std::string("dgetrf_ comes from ") + (where.dli_fname ? where.dli_fname : "?") + ", not oneMKL");
}

}  // namespace
}  // namespace blbench

int main(int argc, char **argv) {
    using namespace blbench;
    std::string routine = "getrf";
    char precision = 'd';
    int n = 0, runs = 5, nrhs = 1, threads = 0;
    int64_t batch = 0;
    bool variable = false;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        if (a == "--version") {
            char version[256] = {};
            MKL_Get_Version_String(version, int(sizeof version) - 1);
            std::printf("%s\n", version);
            return 0;
        }
        if (a == "--vbatch") {
            variable = true;
            continue;
        }
        if (k + 1 >= argc) fail("missing value after " + a);
        const std::string v = argv[++k];
        const long number = std::atol(v.c_str());
        if (a == "--routine") routine = v;
        else if (a == "--precision" && v.size() == 1) precision = v[0];
        else if (a == "--n") n = int(number);
        else if (a == "--batch") batch = number;
        else if (a == "--runs") runs = int(number);
        else if (a == "--nrhs") nrhs = int(number);
        else if (a == "--threads") threads = int(number);
        else fail("unknown option " + a);
    }
    if (n < 1 || batch < 1 || runs < 1 || nrhs < 1) fail("--n, --batch, --runs and --nrhs take positive integers");
    check_mkl_is_lapack();
#ifdef _OPENMP
    if (threads > 0) omp_set_num_threads(threads);
#endif
    std::unique_ptr<Case> c;
    try {
        c = make_case(routine, precision, n, nrhs, batch, variable);
    } catch (const std::exception &e) {
        fail(std::string("n = ") + std::to_string(n) + ": " + e.what());
    }
    std::vector<Peer> peers = lapack_loops(*c, "oneMKL threaded", "oneMKL loop");
    for (Peer &p : batch_peers(*c, routine, precision)) peers.push_back(std::move(p));
    const std::vector<double> seconds = median_times(*c, peers, runs);
    for (size_t j = 0; j < peers.size(); ++j) std::printf("%s\t%.9g\n", peers[j].name.c_str(), seconds[j]);
    return 0;
}
