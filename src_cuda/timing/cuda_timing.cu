// Interim timing of the CUDA backend beside the vendor's batched routines (double precision,
// device-resident batches), until the benchmark program (bench/) times it through the public
// API. It calls the backend's internal entry points (bl::cuda::run) because the public entry
// points of getrs, potrf, ... are written on other branches; results are compared with the
// vendor's, so the run is also a check of the kernels on the GPU.
//
//   cuda_timing            the table (sizes 8 .. 512), vbatch and host-data rows
//   cuda_timing --small    every kernel class once on a tiny batch (for compute-sanitizer)
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "backend.hpp"
#include "batchlapack.h"

namespace {

void fail(const char *what, int line, long code) {
    std::fprintf(stderr, "FAILED line %d: %s (code %ld)\n", line, what, code);
    std::exit(1);
}
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) fail(#x, __LINE__, long(e_)); } while (0)
#define CB(x) do { long s_ = long(x); if (s_ != 0) fail(#x, __LINE__, s_); } while (0)

__device__ double hash01(uint64_t k) {  // a uniform value in [-1, 1) from a key
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL; k ^= k >> 33;
    return double(k >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}
// Random matrices; with `spd`, symmetric with n added to the diagonal (positive definite, and a
// well-conditioned triangle for the triangular solves).
__global__ void fill(double *a, int n, int64_t count, uint64_t seed, bool spd) {
    const int64_t total = int64_t(n) * n * count;
    for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total; e += int64_t(gridDim.x) * blockDim.x) {
        const int64_t i = e / (int64_t(n) * n);
        const int r = int(e % n), c = int(e / n % n);
        const int lo = spd ? min(r, c) : r, hi = spd ? max(r, c) : c;
        a[e] = hash01(seed ^ (uint64_t(i) * 1000003ULL + uint64_t(lo) * 4099ULL + uint64_t(hi))) + (spd && r == c ? n : 0);
    }
}
__global__ void fill_vec(double *x, int64_t total, uint64_t seed) {
    for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total; e += int64_t(gridDim.x) * blockDim.x)
        x[e] = hash01(seed ^ uint64_t(e) * 7919ULL);
}
// max |a - b| and max |b| over `total` elements (non-negative doubles order like their bits).
__global__ void maxdiff(const double *a, const double *b, int64_t total, unsigned long long *out) {
    for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total; e += int64_t(gridDim.x) * blockDim.x) {
        atomicMax(out, (unsigned long long)__double_as_longlong(fabs(a[e] - b[e])));
        atomicMax(out + 1, (unsigned long long)__double_as_longlong(fabs(b[e])));
    }
}
__global__ void count_diff(const int *a, const int *b, int64_t total, unsigned long long *out) {
    for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total; e += int64_t(gridDim.x) * blockDim.x)
        if (a[e] != b[e]) atomicAdd(out, 1ULL);
}

double relative_difference(const double *a, const double *b, int64_t total) {
    unsigned long long *d, h[2];
    CK(cudaMalloc(&d, sizeof h));
    CK(cudaMemset(d, 0, sizeof h));
    maxdiff<<<1024, 256>>>(a, b, total, d);
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    CK(cudaFree(d));
    double diff, ref;
    std::memcpy(&diff, &h[0], 8);
    std::memcpy(&ref, &h[1], 8);
    return ref > 0 ? diff / ref : diff;
}
long long pivot_mismatches(const int *a, const int *b, int64_t total) {
    unsigned long long *d, h = 0;
    CK(cudaMalloc(&d, sizeof h));
    CK(cudaMemset(d, 0, sizeof h));
    count_diff<<<1024, 256>>>(a, b, total, d);
    CK(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
    CK(cudaFree(d));
    return (long long)h;
}

// Median wall time (s) of `run` over `reps` repetitions, each after `reset` (untimed).
double timed(int reps, const std::function<void()> &reset, const std::function<void()> &run) {
    std::vector<double> t;
    for (int r = 0; r < reps + 1; ++r) {  // the first is a warm-up
        reset();
        CK(cudaDeviceSynchronize());
        auto t0 = std::chrono::steady_clock::now();
        run();
        CK(cudaDeviceSynchronize());
        if (r > 0) t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

template <class Op> void ours(Op op, int batch, std::vector<int> &info, bl::Layout layout = bl::Layout::Strided) {
    info.assign(batch, -1);
    op.b.routine = "timing";
    op.b.layout = layout;
    op.b.count = batch;
    op.b.info = info.data();
    int code = bl::cuda::run(op);
    if (code != 0) fail(bl_last_error(), __LINE__, code);
}

struct Row {
    std::string routine;
    int n;
    long batch;
    double ours_gf, vendor_gf, diff;
    long long pivots;
};
std::vector<Row> rows;

void print_rows() {
    std::printf("\n%-8s %5s %8s %12s %12s %8s %10s %s\n", "routine", "n", "batch", "ours GF/s", "vendor GF/s",
                "ratio", "rel.diff", "pivots differing");
    for (const Row &r : rows)
        std::printf("%-8s %5d %8ld %12.1f %12.1f %8.2f %10.2e %lld\n", r.routine.c_str(), r.n, r.batch, r.ours_gf,
                    r.vendor_gf, r.vendor_gf > 0 ? r.ours_gf / r.vendor_gf : 0.0, r.diff, r.pivots);
    std::fflush(stdout);
}

void run_size(int n, long batch, int reps, cublasHandle_t cb, cusolverDnHandle_t cs) {
    const int64_t nn = int64_t(n) * n, elems = nn * batch;
    double *A0, *S0, *A, *Aours, *B0, *B, *Bours;
    int *piv, *piv_ours, *dinfo;
    double **pa, **pb;
    CK(cudaMalloc(&A0, elems * 8)); CK(cudaMalloc(&S0, elems * 8)); CK(cudaMalloc(&A, elems * 8));
    CK(cudaMalloc(&Aours, elems * 8));
    CK(cudaMalloc(&B0, n * batch * 8)); CK(cudaMalloc(&B, n * batch * 8)); CK(cudaMalloc(&Bours, n * batch * 8));
    CK(cudaMalloc(&piv, n * batch * 4)); CK(cudaMalloc(&piv_ours, n * batch * 4)); CK(cudaMalloc(&dinfo, batch * 4));
    CK(cudaMalloc(&pa, batch * 8)); CK(cudaMalloc(&pb, batch * 8));
    fill<<<2048, 256>>>(A0, n, batch, 1234 + n, false);
    fill<<<2048, 256>>>(S0, n, batch, 5678 + n, true);
    fill_vec<<<2048, 256>>>(B0, int64_t(n) * batch, 99 + n);
    std::vector<double *> hp(batch), hb(batch);
    for (long i = 0; i < batch; ++i) hp[i] = A + i * nn, hb[i] = B + i * n;
    CK(cudaMemcpy(pa, hp.data(), batch * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(pb, hb.data(), batch * 8, cudaMemcpyHostToDevice));
    CK(cudaDeviceSynchronize());
    std::vector<int> info;
    int hinfo = 0;
    const double N = n, one = 1.0;
    auto copy = [](double *dst, const double *src, int64_t count) {
        return [=] { CK(cudaMemcpy(dst, src, count * 8, cudaMemcpyDeviceToDevice)); };
    };
    auto gf = [&](double flops, double t) { return flops * batch / t * 1e-9; };

    // One row: our routine and the vendor's on the same input (`reset` restores `out`), timed,
    // and their results compared.
    auto row = [&](const char *name, double flops, double *out, int64_t count, const std::function<void()> &reset,
                   const std::function<void()> &mine, const std::function<void()> &vendor, long long pivots = 0) {
        const double t_ours = timed(reps, reset, mine);
        CK(cudaMemcpy(out == A ? Aours : Bours, out, count * 8, cudaMemcpyDeviceToDevice));
        const double t_vendor = timed(reps, reset, vendor);
        rows.push_back({name, n, batch, gf(flops, t_ours), gf(flops, t_vendor),
                        relative_difference(out == A ? Aours : Bours, out, count), pivots});
    };
    const int64_t nb = int64_t(n) * batch;

    bl::Getrf<double> getrf{n, n, bl::strided(A, n, nn), bl::strided(piv_ours, int64_t(n))};
    row("getrf", 2.0 / 3.0 * N * N * N, A, elems, copy(A, A0, elems), [&] { ours(getrf, batch, info); },
        [&] { CB(cublasDgetrfBatched(cb, n, pa, n, piv, dinfo, batch)); });
    rows.back().pivots = pivot_mismatches(piv_ours, piv, nb);

    // the solves, one right-hand side, on our factors
    CK(cudaMemcpy(A, Aours, elems * 8, cudaMemcpyDeviceToDevice));
    for (char trans : {'N', 'T'}) {
        bl::Getrs<double> getrs{trans, n, 1, bl::strided<const double>(A, n, nn),
                                bl::strided<const int>(piv_ours, int64_t(n)), bl::strided(B, n, int64_t(n))};
        row(trans == 'N' ? "getrs" : "getrs-T", 2 * N * N, B, nb, copy(B, B0, nb), [&] { ours(getrs, batch, info); },
            [&] {
                CB(cublasDgetrsBatched(cb, trans == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T, n, 1, pa, n, piv_ours, pb, n,
                                       &hinfo, batch));
            });
    }
    for (char uplo : {'L', 'U'}) {
        const cublasFillMode_t fill = uplo == 'L' ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
        bl::Potrf<double> potrf{uplo, n, bl::strided(A, n, nn)};
        row(uplo == 'L' ? "potrf" : "potrf-U", N * N * N / 3, A, elems, copy(A, S0, elems),
            [&] { ours(potrf, batch, info); }, [&] { CB(cusolverDnDpotrfBatched(cs, fill, n, pa, n, dinfo, batch)); });
        CK(cudaMemcpy(A, Aours, elems * 8, cudaMemcpyDeviceToDevice));
        bl::Potrs<double> potrs{uplo, n, 1, bl::strided<const double>(A, n, nn), bl::strided(B, n, int64_t(n))};
        row(uplo == 'L' ? "potrs" : "potrs-U", 2 * N * N, B, nb, copy(B, B0, nb), [&] { ours(potrs, batch, info); },
            [&] { CB(cusolverDnDpotrsBatched(cs, fill, n, 1, pa, n, pb, n, dinfo, batch)); });
    }

    // trsv (non-unit, on the well-conditioned random SPD matrices) against trsm, one right-hand side
    CK(cudaMemcpy(A, S0, elems * 8, cudaMemcpyDeviceToDevice));
    for (char uplo : {'L', 'U'}) {
        const char trans = uplo == 'L' ? 'N' : 'T';
        bl::Trsv<double> trsv{uplo, trans, 'N', n, bl::strided<const double>(A, n, nn), bl::strided(B, 1, int64_t(n))};
        row(uplo == 'L' ? "trsv" : "trsv-UT", N * N, B, nb, copy(B, B0, nb), [&] { ours(trsv, batch, info); }, [&] {
            CB(cublasDtrsmBatched(cb, CUBLAS_SIDE_LEFT, uplo == 'L' ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER,
                                  trans == 'N' ? CUBLAS_OP_N : CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, 1, &one, pa, n,
                                  pb, n, batch));
        });
    }

    // getrf, variable sizes uniform in [n/2, n] (pointers into the same storage)
    if (n == 64 || n == 256) {
        std::mt19937 g(n);
        std::uniform_int_distribution<int> u(n / 2, n);
        std::vector<int> m(batch), ld(batch, n);
        double vflops = 0;
        for (long i = 0; i < batch; ++i) m[i] = u(g), vflops += 2.0 / 3.0 * m[i] * double(m[i]) * m[i];
        std::vector<int *> hpiv(batch);
        for (long i = 0; i < batch; ++i) hpiv[i] = piv_ours + i * n;
        bl::Getrf<double> v{m.data(), m.data(), bl::pointers(hp.data(), ld.data()), bl::pointers(hpiv.data())};
        const double t_ours = timed(reps, copy(A, A0, elems), [&] { ours(v, batch, info, bl::Layout::Variable); });
        rows.push_back({"getrf-v", n, batch, vflops / t_ours * 1e-9, rows[rows.size() - 9].ours_gf, 0, 0});
    }
    print_rows();
    for (void *p : {(void *)A0, (void *)S0, (void *)A, (void *)Aours, (void *)B0, (void *)B, (void *)Bours, (void *)piv,
                    (void *)piv_ours, (void *)dinfo, (void *)pa, (void *)pb})
        CK(cudaFree(p));
}

// getrf of 20,000 32 x 32 matrices from host arrays (pageable, then pinned): the whole call
// against the time the transfers alone take at the measured bandwidth.
void host_data(int reps) {
    const int n = 32, batch = 20000;
    const int64_t elems = int64_t(n) * n * batch;
    std::vector<double> a0(elems);
    std::mt19937_64 g(7);
    std::uniform_real_distribution<double> u(-1, 1);
    for (double &x : a0) x = u(g);
    std::vector<int> info;
    const double bytes = 2.0 * (elems * 8 + double(n) * batch * 4);
    const double bw = bl::cuda::transfer_bandwidth();
    for (bool pinned : {false, true}) {
        double *a;
        int *p;
        std::vector<double> pageable_a;
        std::vector<int> pageable_p;
        if (pinned) {
            CK(cudaMallocHost(&a, elems * 8));
            CK(cudaMallocHost(&p, int64_t(n) * batch * 4));
        } else {
            pageable_a.resize(elems), pageable_p.resize(int64_t(n) * batch);
            a = pageable_a.data(), p = pageable_p.data();
        }
        bl::Getrf<double> op{n, n, bl::strided(a, n, int64_t(n) * n), bl::strided(p, int64_t(n))};
        double t = timed(reps, [&] { std::memcpy(a, a0.data(), elems * 8); }, [&] { ours(op, batch, info); });
        std::printf("host-data getrf %s: %d x %dx%d, %.3f ms, %.2f GB moved, transfer bandwidth %.2f GB/s -> "
                    "transfers alone %.3f ms, ratio %.2f\n",
                    pinned ? "pinned  " : "pageable", batch, n, n, t * 1e3, bytes * 1e-9, bw * 1e-9, bytes / bw * 1e3,
                    t / (bytes / bw));
        if (pinned) {
            CK(cudaFreeHost(a));
            CK(cudaFreeHost(p));
        }
    }
}

}  // namespace

int main(int argc, char **argv) {
    const bool small = argc > 1 && std::string(argv[1]) == "--small";
    if (!bl_cuda_available()) fail("no usable CUDA device", __LINE__, 0);
    bl_set_backend(BL_BACKEND_CUDA);
    cublasHandle_t cb;
    cusolverDnHandle_t cs;
    CB(cublasCreate(&cb));
    CB(cusolverDnCreate(&cs));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    std::printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
    if (small) {
        for (int n : {8, 48, 200}) run_size(n, 3, 1, cb, cs);
        return 0;
    }
    for (int n : {8, 16, 32, 64, 128, 256, 512}) {
        long batch = n <= 16 ? 200000 : n <= 128 ? (1L << 30) / (8L * n * n) : 2000;
        run_size(n, batch, 5, cb, cs);
    }
    host_data(5);
    cublasDestroy(cb);
    cusolverDnDestroy(cs);
    return 0;
}
