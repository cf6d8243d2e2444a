// One entry per routine: valid input for it, the library's batched call (strided layout, through
// the C++ overloads of batchlapack.hpp), the system LAPACK's call for one matrix, and LAPACK's flop
// count (the operation structs of ops.hpp, which the library also schedules by).
//
// Shapes: square n x n matrices; right-hand sides (getrs, gesv, potrs, posv, ormqr's C, trsm's B,
// gels) are n x nrhs; gels solves a 2n x n least-squares problem (as issue 5 measures it).
#include "bench.hpp"

#include <algorithm>
#include <limits>
#include <random>
#include <stdexcept>

#include "batchlapack.hpp"
#include "lapack.hpp"
#include "ops.hpp"

namespace blbench {
namespace {

namespace lp = bl::lapack;
using bl::Real;

// Deterministic pseudo-random values in [-1, 1] from an index (splitmix64), so that matrices are
// filled in parallel and every run of the program sees the same data.
double noise(uint64_t k) {
    uint64_t z = k * 0x9E3779B97F4A7C15ull + 0x6A09E667F3BCC909ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return double(z >> 11) * 0x1.0p-52 - 1.0;
}
template <class T> T conjugate(T x) {
    if constexpr (bl::is_complex<T>) return std::conj(x);
    else return x;
}
template <class T> T value(uint64_t k) {
    if constexpr (bl::is_complex<T>) return T(Real<T>(noise(2 * k)), Real<T>(noise(2 * k + 1)));
    else return T(noise(k));
}

// Every element of every matrix random; each array gets its own sequence.
template <class T> void fill_random(Data<T> &a, int64_t batch) {
    static uint64_t seed = 0;
    const uint64_t base = (seed += uint64_t(1) << 40);
    openmp_loop(batch, [&](int64_t i) {
        for (int64_t k = 0; k < a.stride; ++k) a[i][k] = value<T>(base + uint64_t(i * a.stride + k));
    });
}

// Not a number: what outputs without an input (tau, d) start as, so that the check after a run
// sees whether they were written: the first c.size(i) elements of matrix i's vector (all a
// matrix of that order writes), the rest zero.
template <class T> void fill_nan(Case &c, Data<T> &a) {
    for (int64_t i = 0; i < c.batch; ++i)
        std::fill(a[i], a[i] + c.size(i), T(std::numeric_limits<Real<T>>::quiet_NaN()));
}

// Random with 2n added to the diagonal: diagonally dominant (|a_ij| <= sqrt(2)), so well
// conditioned whichever triangle or factorization is used (gesv, getrs, trsv, trsm).
template <class T> void fill_dominant(Data<T> &a, int n, int64_t batch) {
    fill_random(a, batch);
    openmp_loop(batch, [&](int64_t i) {
        for (int j = 0; j < n; ++j) a[i][int64_t(j) * n + j] += T(Real<T>(2 * n));
    });
}

// Hermitian and diagonally dominant with a real diagonal: positive definite (potrf, potrs, posv).
template <class T> void fill_spd(Data<T> &a, int n, int64_t batch) {
    fill_random(a, batch);
    openmp_loop(batch, [&](int64_t i) {
        T *m = a[i];
        for (int j = 0; j < n; ++j) {
            m[int64_t(j) * n + j] = T(Real<T>(2 * n));
            for (int r = j + 1; r < n; ++r) m[int64_t(r) * n + j] = conjugate(m[int64_t(j) * n + r]);
        }
    });
}

// Untimed preparation by LAPACK (factoring the input of a solve); f(i) returns LAPACK's info.
template <class F> void prepare(int64_t batch, const char *what, F &&f) {
    std::vector<int> info(static_cast<size_t>(batch));
    openmp_loop(batch, [&](int64_t i) { info[size_t(i)] = f(i); });
    if (std::any_of(info.begin(), info.end(), [](int x) { return x != 0; }))
        throw std::runtime_error(std::string("preparing the input: LAPACK's ") + what + " failed");
}

// LAPACK's workspace for one matrix, per thread (each thread of a loop keeps its own, allocated
// on the warm-up run, as a caller of LAPACK would) and its optimal size (the lwork = -1 query).
template <class T> T *workspace(int size) {
    thread_local std::vector<T> w;
    if (w.size() < size_t(size)) w.resize(size_t(size));
    return w.data();
}
template <class T, class F> int optimal_lwork(F &&call) {
    T w{};
    call(&w, -1);
    return std::max(1, int(std::real(w)));
}

// Returns LAPACK's info of a call that takes `int *info` last.
template <class F> int info_of(F &&call) {
    int info = 0;
    call(&info);
    return info;
}

// LAPACK's factorization of matrix i (order c.size(i), leading dimension n), returning its info:
// the per-matrix call of getrf, potrf and geqrf, and the untimed preparation of the solves and of
// ormqr/orgqr.
template <class T> auto lapack_getrf(Case &c, Data<T> &A, Data<int> &ipiv) {
    return [&c, &A, &ipiv](int64_t i) {
        const int m = c.size(i);
        return info_of([&](int *info) { lp::getrf(m, m, A[i], c.n, ipiv[i], info); });
    };
}
template <class T> auto lapack_potrf(Case &c, Data<T> &A) {
    return [&c, &A](int64_t i) { return info_of([&](int *info) { lp::potrf('L', c.size(i), A[i], c.n, info); }); };
}
template <class T> auto lapack_geqrf(Case &c, Data<T> &A, Data<T> &tau) {
    const int n = c.n;
    const int lwork = optimal_lwork<T>([&](T *w, int lw) { int info; lp::geqrf(n, n, A[0], n, tau[0], w, lw, &info); });
    return [&c, &A, &tau, lwork](int64_t i) {
        const int m = c.size(i);
        return info_of([&](int *info) { lp::geqrf(m, m, A[i], c.n, tau[i], workspace<T>(lwork), lwork, info); });
    };
}

// ---- LU ------------------------------------------------------------------------------------
template <class T> void getrf(Case &c) {
    const int n = c.n;
    auto &A = c.output<T>("A", int64_t(n) * n);
    auto &ipiv = c.result<int>("ipiv", n);
    fill_random(A, c.batch);
    c.count_flops([](int m) { return bl::Getrf<T>{{m, m}}.flops(0); });
    c.call([&, n] {
        return batchlapack::getrf_batch(n, n, A.data(), n, A.stride, ipiv.data(), ipiv.stride, c.info_arg(), int(c.batch));
    }, [&, n] {
        return batchlapack::getrf_vbatch(c.sizes(), c.sizes(), A.pointers(), c.same(n), ipiv.pointers(), c.info_arg(),
                                         int(c.batch));
    });
    c.lapack = lapack_getrf(c, A, ipiv);
}

template <class T> void getrs(Case &c) {
    const int n = c.n, r = c.nrhs;
    auto &A = c.input<T>("A", int64_t(n) * n);
    auto &ipiv = c.input<int>("ipiv", n);
    auto &B = c.output<T>("B", int64_t(n) * r);
    fill_dominant(A, n, c.batch);
    fill_random(B, c.batch);
    prepare(c.batch, "getrf", lapack_getrf(c, A, ipiv));
    c.count_flops([r](int m) { return bl::Getrs<T>{{'N', m, r}}.flops(0); });
    c.call([&, n, r] {
        return batchlapack::getrs_batch('N', n, r, A.data(), n, A.stride, ipiv.data(), ipiv.stride, B.data(), n, B.stride,
                                        c.info_arg(), int(c.batch));
    }, [&, n, r] {
        return batchlapack::getrs_vbatch('N', c.sizes(), c.same(r), A.pointers(), c.same(n), ipiv.pointers(), B.pointers(),
                                         c.same(n), c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n, r](int64_t i) {
        return info_of([&](int *info) { lp::getrs('N', c.size(i), r, A[i], n, ipiv[i], B[i], n, info); });
    };
}

template <class T> void gesv(Case &c) {
    const int n = c.n, r = c.nrhs;
    auto &A = c.output<T>("A", int64_t(n) * n);
    auto &ipiv = c.result<int>("ipiv", n);
    auto &B = c.output<T>("B", int64_t(n) * r);
    fill_dominant(A, n, c.batch);
    fill_random(B, c.batch);
    c.count_flops([r](int m) { return bl::Gesv<T>{{m, r}}.flops(0); });
    c.call([&, n, r] {
        return batchlapack::gesv_batch(n, r, A.data(), n, A.stride, ipiv.data(), ipiv.stride, B.data(), n, B.stride,
                                       c.info_arg(), int(c.batch));
    }, [&, n, r] {
        return batchlapack::gesv_vbatch(c.sizes(), c.same(r), A.pointers(), c.same(n), ipiv.pointers(), B.pointers(),
                                        c.same(n), c.info_arg(), int(c.batch));
    });
    c.call_parts("getrf+getrs", [&, n, r] {
        const int s = batchlapack::getrf_batch(n, n, A.data(), n, A.stride, ipiv.data(), ipiv.stride, c.info_arg(), int(c.batch));
        return s ? s : batchlapack::getrs_batch('N', n, r, A.data(), n, A.stride, ipiv.data(), ipiv.stride, B.data(), n,
                                                B.stride, c.info_arg(), int(c.batch));
    }, [&, n, r] {
        const int s = batchlapack::getrf_vbatch(c.sizes(), c.sizes(), A.pointers(), c.same(n), ipiv.pointers(),
                                                c.info_arg(), int(c.batch));
        return s ? s : batchlapack::getrs_vbatch('N', c.sizes(), c.same(r), A.pointers(), c.same(n), ipiv.pointers(),
                                                 B.pointers(), c.same(n), c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n, r](int64_t i) {
        return info_of([&](int *info) { lp::gesv(c.size(i), r, A[i], n, ipiv[i], B[i], n, info); });
    };
}

// LAPACK's getri of matrix i (order c.size(i), leading dimension n) in place, with a workspace
// of its blocked size.
template <class T> int lapack_getri(Case &c, T *a, const int *ipiv, int64_t i) {
    const int m = c.size(i), lwork = std::max(1, 64 * c.n);
    return info_of([&](int *info) { lp::getri(m, a, c.n, ipiv, workspace<T>(lwork), lwork, info); });
}

// The inverse from getrf's factors, in place (factored by LAPACK, untimed).
template <class T> void getri(Case &c) {
    const int n = c.n;
    auto &A = c.output<T>("A", int64_t(n) * n);
    auto &ipiv = c.input<int>("ipiv", n);
    fill_dominant(A, n, c.batch);
    prepare(c.batch, "getrf", lapack_getrf(c, A, ipiv));
    c.count_flops([](int m) { return bl::Getri<T>{{m}}.flops(0); });
    c.call([&, n] {
        return batchlapack::getri_batch(n, A.data(), n, A.stride, ipiv.data(), ipiv.stride, c.info_arg(), int(c.batch));
    }, [&, n] {
        return batchlapack::getri_vbatch(c.sizes(), A.pointers(), c.same(n), ipiv.pointers(), c.info_arg(), int(c.batch));
    });
    c.lapack = [&](int64_t i) { return lapack_getri(c, A[i], ipiv[i], i); };
}

// The inverse of a general matrix the way cuBLAS and MAGMA users compute it: getrf, then getri_oop
// into C. Beside it the same by getrf and getrs with C = I as the n right-hand sides, which the
// inverse must not lose to (the LAPACK loop: getrf, the factors copied into C, getri there).
template <class T> void getri_oop(Case &c) {
    const int n = c.n;
    auto &A = c.output<T>("A", int64_t(n) * n);
    auto &ipiv = c.result<int>("ipiv", n);
    auto &C = c.output<T>("C", int64_t(n) * n);
    fill_dominant(A, n, c.batch);
    openmp_loop(c.batch, [&](int64_t i) {
        std::fill(C[i], C[i] + C.stride, T(0));
        for (int j = 0; j < n; ++j) C[i][int64_t(j) * n + j] = T(1);
    });
    c.count_flops([](int m) { return bl::Getrf<T>{{m, m}}.flops(0) + bl::GetriOop<T>{{m}}.flops(0); });
    c.call([&, n] {
        const int s = batchlapack::getrf_batch(n, n, A.data(), n, A.stride, ipiv.data(), ipiv.stride, c.info_arg(),
                                               int(c.batch));
        return s ? s : batchlapack::getri_oop_batch(n, A.data(), n, A.stride, ipiv.data(), ipiv.stride, C.data(), n,
                                                    C.stride, c.info_arg(), int(c.batch));
    }, [&, n] {
        const int s = batchlapack::getrf_vbatch(c.sizes(), c.sizes(), A.pointers(), c.same(n), ipiv.pointers(),
                                                c.info_arg(), int(c.batch));
        return s ? s : batchlapack::getri_oop_vbatch(c.sizes(), A.pointers(), c.same(n), ipiv.pointers(), C.pointers(),
                                                     c.same(n), c.info_arg(), int(c.batch));
    });
    c.call_parts("getrf+getrs", [&, n] {
        const int s = batchlapack::getrf_batch(n, n, A.data(), n, A.stride, ipiv.data(), ipiv.stride, c.info_arg(),
                                               int(c.batch));
        return s ? s : batchlapack::getrs_batch('N', n, n, A.data(), n, A.stride, ipiv.data(), ipiv.stride, C.data(), n,
                                                C.stride, c.info_arg(), int(c.batch));
    }, [&, n] {
        const int s = batchlapack::getrf_vbatch(c.sizes(), c.sizes(), A.pointers(), c.same(n), ipiv.pointers(),
                                                c.info_arg(), int(c.batch));
        return s ? s : batchlapack::getrs_vbatch('N', c.sizes(), c.sizes(), A.pointers(), c.same(n), ipiv.pointers(),
                                                 C.pointers(), c.same(n), c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n](int64_t i) {
        const int m = c.size(i);
        const int info = lapack_getrf(c, A, ipiv)(i);
        if (info != 0) return info;
        for (int j = 0; j < m; ++j) std::copy(A[i] + int64_t(j) * n, A[i] + int64_t(j) * n + m, C[i] + int64_t(j) * n);
        return lapack_getri(c, C[i], ipiv[i], i);
    };
}

// The triangular inverse of the upper triangle of a diagonally dominant matrix.
template <class T> void trtri(Case &c) {
    c.triangular = true;
    const int n = c.n;
    auto &A = c.output<T>("A", int64_t(n) * n);
    fill_dominant(A, n, c.batch);
    c.count_flops([](int m) { return bl::Trtri<T>{{'U', 'N', m}}.flops(0); });
    c.call([&, n] {
        return batchlapack::trtri_batch('U', 'N', n, A.data(), n, A.stride, c.info_arg(), int(c.batch));
    }, [&, n] {
        return batchlapack::trtri_vbatch('U', 'N', c.sizes(), A.pointers(), c.same(n), c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n](int64_t i) {
        return info_of([&](int *info) { lp::trtri('U', 'N', c.size(i), A[i], n, info); });
    };
}

// LU without pivoting of diagonally dominant matrices. LAPACK has none: its peer is LAPACK's getrf
// (pivoting, which such matrices do not need), pivots in the thread's workspace.
template <class T> void getrf_np(Case &c) {
    const int n = c.n;
    auto &A = c.output<T>("A", int64_t(n) * n);
    fill_dominant(A, n, c.batch);
    c.count_flops([](int m) { return bl::GetrfNp<T>{{m, m}}.flops(0); });
    c.call([&, n] {
        return batchlapack::getrf_np_batch(n, n, A.data(), n, A.stride, c.info_arg(), int(c.batch));
    }, [&, n] {
        return batchlapack::getrf_np_vbatch(c.sizes(), c.sizes(), A.pointers(), c.same(n), c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n](int64_t i) {
        const int m = c.size(i);
        return info_of([&](int *info) { lp::getrf(m, m, A[i], n, workspace<int>(n), info); });
    };
}

// The solve with getrf_np's factors (factored by the library, untimed); its peer, two triangular
// solves by the BLAS, as a LAPACK user without such a routine writes it.
template <class T> void getrs_np(Case &c) {
    const int n = c.n, r = c.nrhs;
    auto &A = c.input<T>("A", int64_t(n) * n);
    auto &B = c.output<T>("B", int64_t(n) * r);
    fill_dominant(A, n, c.batch);
    fill_random(B, c.batch);
    std::vector<int> info(size_t(c.batch));
    if (batchlapack::getrf_np_batch(n, n, A.data(), n, A.stride, info.data(), int(c.batch)) != 0 ||
        std::any_of(info.begin(), info.end(), [](int x) { return x != 0; }))
        throw std::runtime_error("preparing the input: getrf_np failed");
    c.count_flops([r](int m) { return bl::GetrsNp<T>{{'N', m, r}}.flops(0); });
    c.call([&, n, r] {
        return batchlapack::getrs_np_batch('N', n, r, A.data(), n, A.stride, B.data(), n, B.stride, c.info_arg(),
                                           int(c.batch));
    }, [&, n, r] {
        return batchlapack::getrs_np_vbatch('N', c.sizes(), c.same(r), A.pointers(), c.same(n), B.pointers(), c.same(n),
                                            c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n, r](int64_t i) {
        const int m = c.size(i);
        lp::trsm('L', 'L', 'N', 'U', m, r, T(1), A[i], n, B[i], n);
        lp::trsm('L', 'U', 'N', 'N', m, r, T(1), A[i], n, B[i], n);
        return 0;
    };
}

// gesv without pivoting; its peer LAPACK's gesv (with pivoting), and the library's getrf_np +
// getrs_np as the parts it must not lose to.
template <class T> void gesv_np(Case &c) {
    const int n = c.n, r = c.nrhs;
    auto &A = c.output<T>("A", int64_t(n) * n);
    auto &B = c.output<T>("B", int64_t(n) * r);
    fill_dominant(A, n, c.batch);
    fill_random(B, c.batch);
    c.count_flops([r](int m) { return bl::GesvNp<T>{{m, r}}.flops(0); });
    c.call([&, n, r] {
        return batchlapack::gesv_np_batch(n, r, A.data(), n, A.stride, B.data(), n, B.stride, c.info_arg(), int(c.batch));
    }, [&, n, r] {
        return batchlapack::gesv_np_vbatch(c.sizes(), c.same(r), A.pointers(), c.same(n), B.pointers(), c.same(n),
                                           c.info_arg(), int(c.batch));
    });
    c.call_parts("getrf_np+getrs_np", [&, n, r] {
        const int s = batchlapack::getrf_np_batch(n, n, A.data(), n, A.stride, c.info_arg(), int(c.batch));
        return s ? s : batchlapack::getrs_np_batch('N', n, r, A.data(), n, A.stride, B.data(), n, B.stride,
                                                   c.info_arg(), int(c.batch));
    }, [&, n, r] {
        const int s = batchlapack::getrf_np_vbatch(c.sizes(), c.sizes(), A.pointers(), c.same(n), c.info_arg(),
                                                   int(c.batch));
        return s ? s : batchlapack::getrs_np_vbatch('N', c.sizes(), c.same(r), A.pointers(), c.same(n), B.pointers(),
                                                    c.same(n), c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n, r](int64_t i) {
        return info_of([&](int *info) { lp::gesv(c.size(i), r, A[i], n, workspace<int>(n), B[i], n, info); });
    };
}

// ---- Cholesky (lower triangle) -------------------------------------------------------------
template <class T> void potrf(Case &c) {
    c.triangular = true;
    const int n = c.n;
    auto &A = c.output<T>("A", int64_t(n) * n);
    fill_spd(A, n, c.batch);
    c.count_flops([](int m) { return bl::Potrf<T>{{'L', m}}.flops(0); });
    c.call([&, n] { return batchlapack::potrf_batch('L', n, A.data(), n, A.stride, c.info_arg(), int(c.batch)); },
           [&, n] { return batchlapack::potrf_vbatch('L', c.sizes(), A.pointers(), c.same(n), c.info_arg(), int(c.batch)); });
    c.lapack = lapack_potrf(c, A);
}

// potrs and posv: the same arguments.
template <class T> void potrs(Case &c) {
    c.triangular = true;
    const int n = c.n, r = c.nrhs;
    auto &A = c.input<T>("A", int64_t(n) * n);
    auto &B = c.output<T>("B", int64_t(n) * r);
    fill_spd(A, n, c.batch);
    fill_random(B, c.batch);
    prepare(c.batch, "potrf", lapack_potrf(c, A));
    c.count_flops([r](int m) { return bl::Potrs<T>{{'L', m, r}}.flops(0); });
    c.call([&, n, r] {
        return batchlapack::potrs_batch('L', n, r, A.data(), n, A.stride, B.data(), n, B.stride, c.info_arg(), int(c.batch));
    }, [&, n, r] {
        return batchlapack::potrs_vbatch('L', c.sizes(), c.same(r), A.pointers(), c.same(n), B.pointers(), c.same(n),
                                         c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n, r](int64_t i) {
        return info_of([&](int *info) { lp::potrs('L', c.size(i), r, A[i], n, B[i], n, info); });
    };
}

template <class T> void posv(Case &c) {
    c.triangular = true;
    const int n = c.n, r = c.nrhs;
    auto &A = c.output<T>("A", int64_t(n) * n);
    auto &B = c.output<T>("B", int64_t(n) * r);
    fill_spd(A, n, c.batch);
    fill_random(B, c.batch);
    c.count_flops([r](int m) { return bl::Posv<T>{{'L', m, r}}.flops(0); });
    c.call([&, n, r] {
        return batchlapack::posv_batch('L', n, r, A.data(), n, A.stride, B.data(), n, B.stride, c.info_arg(), int(c.batch));
    }, [&, n, r] {
        return batchlapack::posv_vbatch('L', c.sizes(), c.same(r), A.pointers(), c.same(n), B.pointers(), c.same(n),
                                        c.info_arg(), int(c.batch));
    });
    c.call_parts("potrf+potrs", [&, n, r] {
        const int s = batchlapack::potrf_batch('L', n, A.data(), n, A.stride, c.info_arg(), int(c.batch));
        return s ? s : batchlapack::potrs_batch('L', n, r, A.data(), n, A.stride, B.data(), n, B.stride, c.info_arg(),
                                                int(c.batch));
    }, [&, n, r] {
        const int s = batchlapack::potrf_vbatch('L', c.sizes(), A.pointers(), c.same(n), c.info_arg(), int(c.batch));
        return s ? s : batchlapack::potrs_vbatch('L', c.sizes(), c.same(r), A.pointers(), c.same(n), B.pointers(),
                                                 c.same(n), c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n, r](int64_t i) {
        return info_of([&](int *info) { lp::posv('L', c.size(i), r, A[i], n, B[i], n, info); });
    };
}

// The inverse from potrf's factor (factored by LAPACK, untimed).
template <class T> void potri(Case &c) {
    c.triangular = true;
    const int n = c.n;
    auto &A = c.output<T>("A", int64_t(n) * n);
    fill_spd(A, n, c.batch);
    prepare(c.batch, "potrf", lapack_potrf(c, A));
    c.count_flops([](int m) { return bl::Potri<T>{{'L', m}}.flops(0); });
    c.call([&, n] { return batchlapack::potri_batch('L', n, A.data(), n, A.stride, c.info_arg(), int(c.batch)); },
           [&, n] { return batchlapack::potri_vbatch('L', c.sizes(), A.pointers(), c.same(n), c.info_arg(), int(c.batch)); });
    c.lapack = [&, n](int64_t i) { return info_of([&](int *info) { lp::potri('L', c.size(i), A[i], n, info); }); };
}

// ---- QR ------------------------------------------------------------------------------------
template <class T> void geqrf(Case &c) {
    const int n = c.n;
    auto &A = c.output<T>("A", int64_t(n) * n);
    auto &tau = c.result<T>("tau", n);
    fill_random(A, c.batch);
    fill_nan(c, tau);
    c.count_flops([](int m) { return bl::Geqrf<T>{{m, m}}.flops(0); });
    c.call([&, n] {
        return batchlapack::geqrf_batch(n, n, A.data(), n, A.stride, tau.data(), tau.stride, c.info_arg(), int(c.batch));
    }, [&, n] {
        return batchlapack::geqrf_vbatch(c.sizes(), c.sizes(), A.pointers(), c.same(n), tau.pointers(), c.info_arg(),
                                         int(c.batch));
    });
    c.lapack = lapack_geqrf(c, A, tau);
}

// A and tau of QR factorizations (order c.size(i)), for ormqr and orgqr.
template <class T> void factor_qr(Case &c, Data<T> &A, Data<T> &tau) {
    fill_random(A, c.batch);
    prepare(c.batch, "geqrf", lapack_geqrf(c, A, tau));
}

// C := Q C, Q from an n x n geqrf, C n x nrhs. (The C++ header names it unmqr in every
// precision, ormqr in the real ones.)
template <class T> void ormqr(Case &c) {
    const int n = c.n, r = c.nrhs;
    auto &A = c.input<T>("A", int64_t(n) * n);
    auto &tau = c.input<T>("tau", n);
    auto &C = c.output<T>("C", int64_t(n) * r);
    factor_qr(c, A, tau);
    fill_random(C, c.batch);
    const int lwork = optimal_lwork<T>(
        [&](T *w, int lw) { int info; lp::ormqr('L', 'N', n, r, n, A[0], n, tau[0], C[0], n, w, lw, &info); });
    c.count_flops([r](int m) { return bl::Ormqr<T>{{'L', 'N', m, r, m}}.flops(0); });
    c.call([&, n, r] {
        return batchlapack::unmqr_batch('L', 'N', n, r, n, A.data(), n, A.stride, tau.data(), tau.stride, C.data(), n,
                                        C.stride, c.info_arg(), int(c.batch));
    }, [&, n, r] {
        return batchlapack::unmqr_vbatch('L', 'N', c.sizes(), c.same(r), c.sizes(), A.pointers(), c.same(n), tau.pointers(),
                                         C.pointers(), c.same(n), c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n, r, lwork](int64_t i) {
        const int m = c.size(i);
        return info_of([&](int *info) {
            lp::ormqr('L', 'N', m, r, m, A[i], n, tau[i], C[i], n, workspace<T>(lwork), lwork, info);
        });
    };
}

// The n x n Q of an n x n geqrf (ungqr, or orgqr in the real precisions).
template <class T> void orgqr(Case &c) {
    const int n = c.n;
    auto &A = c.output<T>("A", int64_t(n) * n);
    auto &tau = c.input<T>("tau", n);
    factor_qr(c, A, tau);
    const int lwork = optimal_lwork<T>([&](T *w, int lw) { int info; lp::orgqr(n, n, n, A[0], n, tau[0], w, lw, &info); });
    c.count_flops([](int m) { return bl::Orgqr<T>{{m, m, m}}.flops(0); });
    c.call([&, n] {
        return batchlapack::ungqr_batch(n, n, n, A.data(), n, A.stride, tau.data(), tau.stride, c.info_arg(), int(c.batch));
    }, [&, n] {
        return batchlapack::ungqr_vbatch(c.sizes(), c.sizes(), c.sizes(), A.pointers(), c.same(n), tau.pointers(),
                                         c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n, lwork](int64_t i) {
        const int m = c.size(i);
        return info_of([&](int *info) { lp::orgqr(m, m, m, A[i], n, tau[i], workspace<T>(lwork), lwork, info); });
    };
}

// min || B - A X ||, A 2n x n, B 2n x nrhs.
template <class T> void gels(Case &c) {
    const int n = c.n, m = 2 * n, r = c.nrhs;
    auto &A = c.output<T>("A", int64_t(m) * n);
    auto &B = c.output<T>("B", int64_t(m) * r);
    fill_random(A, c.batch);
    fill_random(B, c.batch);
    const int lwork = optimal_lwork<T>([&](T *w, int lw) { int info; lp::gels('N', m, n, r, A[0], m, B[0], m, w, lw, &info); });
    c.count_flops([r](int k) { return bl::Gels<T>{{'N', 2 * k, k, r}}.flops(0); });
    c.call([&, n, m, r] {
        return batchlapack::gels_batch('N', m, n, r, A.data(), m, A.stride, B.data(), m, B.stride, c.info_arg(), int(c.batch));
    }, [&, m, r] {
        return batchlapack::gels_vbatch('N', c.sizes(2), c.sizes(), c.same(r), A.pointers(), c.same(m), B.pointers(),
                                        c.same(m), c.info_arg(), int(c.batch));
    });
    c.lapack = [&, m, r, lwork](int64_t i) {
        const int k = c.size(i);
        return info_of([&](int *info) { lp::gels('N', 2 * k, k, r, A[i], m, B[i], m, workspace<T>(lwork), lwork, info); });
    };
}

// ---- bidiagonal reduction ------------------------------------------------------------------
template <class T> void gebrd(Case &c) {
    const int n = c.n;
    auto &A = c.output<T>("A", int64_t(n) * n);
    auto &d = c.result<Real<T>>("d", n);
    auto &e = c.result<Real<T>>("e", n);  // n - 1 used (left 0); n keeps n = 1 legal
    auto &tauq = c.result<T>("tauq", n);
    auto &taup = c.result<T>("taup", n);
    fill_random(A, c.batch);
    fill_nan(c, d);
    fill_nan(c, tauq);
    fill_nan(c, taup);
    const int lwork = optimal_lwork<T>(
        [&](T *w, int lw) { int info; lp::gebrd(n, n, A[0], n, d[0], e[0], tauq[0], taup[0], w, lw, &info); });
    c.count_flops([](int m) { return bl::Gebrd<T>{{m, m}}.flops(0); });
    c.call([&, n] {
        return batchlapack::gebrd_batch(n, n, A.data(), n, A.stride, d.data(), d.stride, e.data(), e.stride, tauq.data(),
                                        tauq.stride, taup.data(), taup.stride, c.info_arg(), int(c.batch));
    }, [&, n] {
        return batchlapack::gebrd_vbatch(c.sizes(), c.sizes(), A.pointers(), c.same(n), d.pointers(), e.pointers(),
                                         tauq.pointers(), taup.pointers(), c.info_arg(), int(c.batch));
    });
    c.lapack = [&, n, lwork](int64_t i) {
        const int m = c.size(i);
        return info_of([&](int *info) {
            lp::gebrd(m, m, A[i], n, d[i], e[i], tauq[i], taup[i], workspace<T>(lwork), lwork, info);
        });
    };
}

// ---- BLAS (no info: the LAPACK side returns 0) ---------------------------------------------
// x := inv(L) x, L lower triangular and diagonally dominant.
template <class T> void trsv(Case &c) {
    c.triangular = true;
    c.has_info = false;
    const int n = c.n;
    auto &A = c.input<T>("A", int64_t(n) * n);
    auto &x = c.output<T>("x", n);
    fill_dominant(A, n, c.batch);
    fill_random(x, c.batch);
    c.count_flops([](int m) { return bl::Trsv<T>{{'L', 'N', 'N', m}}.flops(0); });
    c.call([&, n] {
        return batchlapack::trsv_batch('L', 'N', 'N', n, A.data(), n, A.stride, x.data(), 1, x.stride, int(c.batch));
    }, [&, n] {
        return batchlapack::trsv_vbatch('L', 'N', 'N', c.sizes(), A.pointers(), c.same(n), x.pointers(), c.same(1),
                                        int(c.batch));
    });
    c.lapack = [&, n](int64_t i) { lp::trsv('L', 'N', 'N', c.size(i), A[i], n, x[i], 1); return 0; };
}

// B := inv(L) B, B n x nrhs.
template <class T> void trsm(Case &c) {
    c.triangular = true;
    c.has_info = false;
    const int n = c.n, r = c.nrhs;
    auto &A = c.input<T>("A", int64_t(n) * n);
    auto &B = c.output<T>("B", int64_t(n) * r);
    fill_dominant(A, n, c.batch);
    fill_random(B, c.batch);
    c.count_flops([r](int m) { return bl::Trsm<T>{{'L', 'L', 'N', 'N', m, r}}.flops(0); });
    c.call([&, n, r] {
        return batchlapack::trsm_batch('L', 'L', 'N', 'N', n, r, T(1), A.data(), n, A.stride, B.data(), n, B.stride,
                                       int(c.batch));
    }, [&, n, r] {
        return batchlapack::trsm_vbatch('L', 'L', 'N', 'N', c.sizes(), c.same(r), T(1), A.pointers(), c.same(n),
                                        B.pointers(), c.same(n), int(c.batch));
    });
    c.lapack = [&, n, r](int64_t i) { lp::trsm('L', 'L', 'N', 'N', c.size(i), r, T(1), A[i], n, B[i], n); return 0; };
}

// C := A B + C, all n x n.
template <class T> void gemm(Case &c) {
    c.has_info = false;
    const int n = c.n;
    auto &A = c.input<T>("A", int64_t(n) * n);
    auto &B = c.input<T>("B", int64_t(n) * n);
    auto &C = c.output<T>("C", int64_t(n) * n);
    fill_random(A, c.batch);
    fill_random(B, c.batch);
    fill_random(C, c.batch);
    c.count_flops([](int m) { return bl::Gemm<T>{{'N', 'N', m, m, m}}.flops(0); });
    c.call([&, n] {
        return batchlapack::gemm_batch('N', 'N', n, n, n, T(1), A.data(), n, A.stride, B.data(), n, B.stride, T(1),
                                       C.data(), n, C.stride, int(c.batch));
    }, [&, n] {
        return batchlapack::gemm_vbatch('N', 'N', c.sizes(), c.sizes(), c.sizes(), T(1), A.pointers(), c.same(n),
                                        B.pointers(), c.same(n), T(1), C.pointers(), c.same(n), int(c.batch));
    });
    c.lapack = [&, n](int64_t i) {
        const int m = c.size(i);
        lp::gemm('N', 'N', m, m, m, T(1), A[i], n, B[i], n, T(1), C[i], n);
        return 0;
    };
}

// y := A x + y.
template <class T> void gemv(Case &c) {
    c.has_info = false;
    const int n = c.n;
    auto &A = c.input<T>("A", int64_t(n) * n);
    auto &x = c.input<T>("x", n);
    auto &y = c.output<T>("y", n);
    fill_random(A, c.batch);
    fill_random(x, c.batch);
    fill_random(y, c.batch);
    c.count_flops([](int m) { return bl::Gemv<T>{{'N', m, m}}.flops(0); });
    c.call([&, n] {
        return batchlapack::gemv_batch('N', n, n, T(1), A.data(), n, A.stride, x.data(), 1, x.stride, T(1), y.data(), 1,
                                       y.stride, int(c.batch));
    }, [&, n] {
        return batchlapack::gemv_vbatch('N', c.sizes(), c.sizes(), T(1), A.pointers(), c.same(n), x.pointers(), c.same(1),
                                        T(1), y.pointers(), c.same(1), int(c.batch));
    });
    c.lapack = [&, n](int64_t i) {
        const int m = c.size(i);
        lp::gemv('N', m, m, T(1), A[i], n, x[i], 1, T(1), y[i], 1);
        return 0;
    };
}

// The table: name, entry, rows of the main matrix per n (for the default batch size).
struct Entry {
    const char *name;
    int rows_per_n;
    void (*s)(Case &), (*d)(Case &), (*c)(Case &), (*z)(Case &);
};
#define BL_BENCH_ENTRY(name, rows) \
    Entry { #name, rows, name<float>, name<double>, name<std::complex<float>>, name<std::complex<double>> }
const Entry kEntries[] = {
    BL_BENCH_ENTRY(getrf, 1),    BL_BENCH_ENTRY(getrs, 1),    BL_BENCH_ENTRY(gesv, 1),
    BL_BENCH_ENTRY(getri, 1),    BL_BENCH_ENTRY(getri_oop, 2), BL_BENCH_ENTRY(trtri, 1),
    BL_BENCH_ENTRY(getrf_np, 1), BL_BENCH_ENTRY(getrs_np, 1), BL_BENCH_ENTRY(gesv_np, 1),
    BL_BENCH_ENTRY(potrf, 1),    BL_BENCH_ENTRY(potrs, 1),    BL_BENCH_ENTRY(posv, 1),
    BL_BENCH_ENTRY(potri, 1),    BL_BENCH_ENTRY(geqrf, 1),    BL_BENCH_ENTRY(ormqr, 1),
    BL_BENCH_ENTRY(orgqr, 1),    BL_BENCH_ENTRY(gels, 2),     BL_BENCH_ENTRY(gebrd, 1),
    BL_BENCH_ENTRY(trsv, 1),     BL_BENCH_ENTRY(trsm, 1),     BL_BENCH_ENTRY(gemm, 1),
    BL_BENCH_ENTRY(gemv, 1),
};
#undef BL_BENCH_ENTRY

const Entry *find(const std::string &routine) {
    for (const Entry &e : kEntries)
        if (routine == e.name) return &e;
    return nullptr;
}

int scalar_bytes(char precision) {
    switch (precision) {
    case 's': return 4;
    case 'd': case 'c': return 8;
    case 'z': return 16;
    }
    return 0;
}

}  // namespace

const std::vector<std::string> &routine_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const Entry &e : kEntries) v.push_back(e.name);
        return v;
    }();
    return names;
}

int64_t matrix_bytes(const std::string &routine, char precision, int n) {
    const Entry *e = find(routine);
    return e ? int64_t(e->rows_per_n) * n * n * scalar_bytes(precision) : 0;
}

Case::Case(int n, int nrhs, int64_t batch, bool variable)
    : n(n), nrhs(nrhs), batch(batch), variable(variable), info(size_t(batch), 0), sizes_(size_t(batch), n) {
    std::mt19937 random(20240501);  // fixed: every run of the program times the same sizes
    std::uniform_int_distribution<int> order(n / 2, n);
    if (variable)
        for (int &m : sizes_) m = order(random);
}

std::string Case::check_outputs() {
    for (auto &a : arrays_)
        if (a->use != Use::in) a->fetch();
    for (int64_t i = 0; i < batch; ++i)
        if (size(i) >= 2 && std::none_of(arrays_.begin(), arrays_.end(),
                                          [i](const auto &a) { return a->use != Use::in && a->written(i); }))
            return "matrix " + std::to_string(i) + " was not written";
    for (auto &a : arrays_)
        if (a->use != Use::in && !a->finite()) return "NaN or Inf in " + a->name;
    return "";
}

std::unique_ptr<Case> make_case(const std::string &routine, char precision, int n, int nrhs, int64_t batch,
                                bool variable) {
    const Entry *e = find(routine);
    if (!e || !scalar_bytes(precision)) return nullptr;
    auto c = std::make_unique<Case>(n, nrhs, batch, variable);
    (precision == 's' ? e->s : precision == 'd' ? e->d : precision == 'c' ? e->c : e->z)(*c);
    c->save_inputs();
    return c;
}

}  // namespace blbench
