// Cholesky family: potrf, potrs, posv.
#include "common.hpp"

namespace bltest {
namespace {

template <class T> using Cholesky = TypedBackendTest<T>;
TYPED_TEST_SUITE(Cholesky, Precisions);

// Calls ?potrf / ?potrs / ?posv with the arguments of `a` in its layout.
template <class T> int potrf(SystemArgs<T> &a) {
    switch (a.layout) {
    case Layout::Strided:
        return batchlapack::potrf_batch(a.option, a.n[0], a.a_base, a.lda[0], a.stride_a, a.info_ptr, a.batch);
    case Layout::Pointers:
        return batchlapack::potrf_batch_ptr(a.option, a.n[0], a.a_arr, a.lda[0], a.info_ptr, a.batch);
    case Layout::Variable:
        return batchlapack::potrf_vbatch(a.option, a.n_arr, a.a_arr, a.lda_arr, a.info_ptr, a.batch);
    }
    return 1;
}
// potrs and posv take the same arguments; `entry` names the routine.
#define CHOLESKY_SOLVE_CALL(entry)                                                                    \
    template <class T> int entry(SystemArgs<T> &a) {                                                  \
        switch (a.layout) {                                                                           \
        case Layout::Strided:                                                                         \
            return batchlapack::entry##_batch(a.option, a.n[0], a.nrhs[0], a.a_base, a.lda[0], a.stride_a, \
                                              a.b_base, a.ldb[0], a.stride_b, a.info_ptr, a.batch);   \
        case Layout::Pointers:                                                                        \
            return batchlapack::entry##_batch_ptr(a.option, a.n[0], a.nrhs[0], a.a_arr, a.lda[0], a.b_arr, \
                                                  a.ldb[0], a.info_ptr, a.batch);                     \
        case Layout::Variable:                                                                        \
            return batchlapack::entry##_vbatch(a.option, a.n_arr, a.nrhs_arr, a.a_arr, a.lda_arr, a.b_arr, \
                                               a.ldb_arr, a.info_ptr, a.batch);                       \
        }                                                                                             \
        return 1;                                                                                     \
    }
CHOLESKY_SOLVE_CALL(potrs)
CHOLESKY_SOLVE_CALL(posv)
#undef CHOLESKY_SOLVE_CALL

// ||A - U^H U|| (uplo 'U') or ||A - L L^H|| (uplo 'L') / (n ||A|| eps) for the factor stored in
// the uplo triangle of `f`; also false in `other_kept` if the other triangle differs from `a`'s.
template <class T>
double potrf_ratio(const std::vector<T> &a, const std::vector<T> &f, int n, char uplo, bool &other_kept) {
    const bool upper = uplo == 'U' || uplo == 'u';
    std::vector<T> tri(f.size(), T(0));
    other_kept = true;
    for (int c = 0; c < n; ++c)
        for (int r = 0; r < n; ++r) {
            const size_t k = size_t(c) * n + r;
            if (upper ? r <= c : r >= c) tri[k] = f[k];
            else other_kept &= same_bits(f[k], a[k]);
        }
    std::vector<T> h = apply_op(tri, n, n, 'C');
    return ratio(a, upper ? matmul(h, tri, n, n, n) : matmul(tri, h, n, n, n), n, n, n);
}

enum class Routine { Potrf, Potrs, Posv };

// Runs one routine on HPD matrices in layout l (member `indefinite` is not positive definite,
// except for potrs, which gets LAPACK's factors of HPD matrices) and checks per matrix: info
// against the system LAPACK's, the factor's residual ratio and the untouched other triangle
// (potrf, posv), the solution's residual ratio (potrs, posv; for posv B must stay unchanged
// where info > 0), and that nothing outside the data was written.
template <class T>
void check_cholesky(Routine routine, Layout l, char uplo, const std::vector<int> &n, const std::vector<int> &nrhs,
                    int indefinite) {
    const int count = int(n.size());
    SystemArgs<T> a(l, uplo, n, nrhs, 2, 1);
    a.B.randomize();
    std::vector<std::vector<T>> orig(count), rhs(count);
    for (int i = 0; i < count; ++i) {
        orig[i] = hpd_matrix<T>(n[i], routine != Routine::Potrs && i == indefinite);
        rhs[i] = a.B.get(i);
        std::vector<T> f = orig[i];
        int info = 0;
        if (routine == Routine::Potrs) bl::lapack::potrf(uplo, n[i], f.data(), std::max(1, n[i]), &info);
        a.A.set(i, f);
    }
    const int code = routine == Routine::Potrf ? potrf(a) : routine == Routine::Potrs ? potrs(a) : posv(a);
    ASSERT_EQ(code, 0) << bl_last_error();
    EXPECT_TRUE(a.A.guards_intact() && a.B.guards_intact()) << "write outside the data";
    for (int i = 0; i < count; ++i) {
        SCOPED_TRACE("matrix " + std::to_string(i) + " n=" + std::to_string(n[i]) + " nrhs=" + std::to_string(nrhs[i]));
        const int ld = std::max(1, n[i]);
        std::vector<T> ref_a = routine == Routine::Potrs ? a.A.get(i) : orig[i], ref_b = rhs[i];
        int ref_info = 0;
        switch (routine) {
        case Routine::Potrf: bl::lapack::potrf(uplo, n[i], ref_a.data(), ld, &ref_info); break;
        case Routine::Potrs:
            bl::lapack::potrs(uplo, n[i], nrhs[i], ref_a.data(), ld, ref_b.data(), ld, &ref_info);
            break;
        case Routine::Posv: bl::lapack::posv(uplo, n[i], nrhs[i], ref_a.data(), ld, ref_b.data(), ld, &ref_info); break;
        }
        EXPECT_EQ(a.info[i], ref_info);
        if (routine != Routine::Potrs && i == indefinite && n[i] > 0)
            EXPECT_EQ(a.info[i], n[i] / 2 + 1) << "the indefinite member was not reported";
        if (routine != Routine::Potrs && a.info[i] == 0) {
            bool other_kept = false;
            EXPECT_LT(potrf_ratio(orig[i], a.A.get(i), n[i], uplo, other_kept), kThreshold);
            EXPECT_TRUE(other_kept) << "the triangle not named by uplo changed";
        }
        if (routine == Routine::Potrf) continue;
        if (a.info[i] > 0) EXPECT_TRUE(a.B.get(i) == rhs[i]) << "B changed although A is not positive definite";
        else EXPECT_LT(solve_ratio(orig[i], a.B.get(i), rhs[i], n[i], nrhs[i]), kThreshold);
    }
}

// Every size with each layout; uplo (upper and lower case) and nrhs 1 / 3 rotate over the sizes,
// so that each layout meets every option at small and large n without n x options runs.
template <class T> void check_uniform(Routine routine) {
    const char options[] = "ULlu";
    const std::vector<int> &sizes = test_sizes();
    for (Layout l : {Layout::Strided, Layout::Pointers})
        for (size_t k = 0; k < sizes.size(); ++k) {
            const char uplo = options[k % 4];
            const int nrhs = k % 3 == 2 ? 1 : 3;
            SCOPED_TRACE(std::string(name(l)) + " uplo=" + uplo + " n=" + std::to_string(sizes[k]));
            check_cholesky<T>(routine, l, uplo, std::vector<int>(4, sizes[k]), std::vector<int>(4, nrhs), 2);
        }
}
template <class T> void check_variable(Routine routine) {
    for (char uplo : {'U', 'l'}) {
        SCOPED_TRACE(std::string("uplo=") + uplo);
        std::vector<int> n = mixed_sizes(30, 70);
        n[5] = 13;  // the indefinite member is not empty
        check_cholesky<T>(routine, Layout::Variable, uplo, n, mixed_sizes(30, 4), 5);
    }
}

TYPED_TEST(Cholesky, PotrfUniformSizes) { check_uniform<TypeParam>(Routine::Potrf); }
TYPED_TEST(Cholesky, PotrfVariableSizes) { check_variable<TypeParam>(Routine::Potrf); }
TYPED_TEST(Cholesky, PotrsUniformSizes) { check_uniform<TypeParam>(Routine::Potrs); }
TYPED_TEST(Cholesky, PotrsVariableSizes) { check_variable<TypeParam>(Routine::Potrs); }
// Past the one-matrix kernels (ladder::kSmallMax) one right-hand side is solved on the library's
// trsv (src_cpu/solve.hpp), the next matrix's factor prefetched, two go to LAPACK's potrs: both,
// each triangle, the first order of the path and one with a factor past the prefetch's limit, in a
// uniform batch (which prefetches) and a variable one.
TYPED_TEST(Cholesky, PotrsByColumns) {
    for (char uplo : {'U', 'L'}) {
        SCOPED_TRACE(std::string("uplo=") + uplo);
        check_cholesky<TypeParam>(Routine::Potrs, Layout::Strided, uplo, {17, 17, 17}, {1, 1, 1}, -1);
        check_cholesky<TypeParam>(Routine::Potrs, Layout::Strided, uplo, {257, 257}, {1, 1}, -1);
        check_cholesky<TypeParam>(Routine::Potrs, Layout::Variable, uplo, {257, 17, 18}, {1, 2, 1}, -1);
    }
}
// One right-hand side past order 32, 16 in complex arithmetic (the CUDA backend's streamed kernel,
// as getrs's): a variable
// batch with an empty matrix and a member without right-hand sides; posv's indefinite member is
// left alone.
TYPED_TEST(Cholesky, PotrsOneVectorVariable) {
    for (char uplo : {'U', 'l'}) {
        SCOPED_TRACE(std::string("uplo=") + uplo);
        check_cholesky<TypeParam>(Routine::Potrs, Layout::Variable, uplo, {257, 40, 0, 65, 33, 100, 20, 32},
                                  {1, 1, 1, 0, 1, 1, 1, 1}, -1);
        check_cholesky<TypeParam>(Routine::Posv, Layout::Variable, uplo, {40, 70, 33, 64, 20}, {1, 1, 1, 1, 1}, 1);
    }
}
// The CUDA backend's blocked algorithm past order 128 (outer blocks of 128 columns, of 256 from a
// largest order of 512, halved down to its base panel: 64 columns in single precision, 32
// elsewhere): each triangle, orders that end a panel early, an indefinite member whose failure
// (column n / 2 + 1) falls in a later panel, and a variable batch whose members end at different
// panels.
TYPED_TEST(Cholesky, PotrfBlockedPast128) {
    for (char uplo : {'U', 'L'}) {
        SCOPED_TRACE(std::string("uplo=") + uplo);
        check_cholesky<TypeParam>(Routine::Potrf, Layout::Strided, uplo, {257, 257, 257}, {1, 1, 1}, 1);
        check_cholesky<TypeParam>(Routine::Posv, Layout::Strided, uplo, {200, 200}, {2, 2}, 0);
        check_cholesky<TypeParam>(Routine::Potrf, Layout::Variable, uplo, {520, 300, 129, 0, 65, 190, 20},
                                  std::vector<int>(7, 1), 5);
    }
}
TYPED_TEST(Cholesky, PosvUniformSizes) { check_uniform<TypeParam>(Routine::Posv); }
TYPED_TEST(Cholesky, PosvVariableSizes) { check_variable<TypeParam>(Routine::Posv); }

// A matrix of over 3e8 flops that would leave threads idle runs alone on every thread through
// LAPACK and the threaded BLAS (docs/decisions.md, "Fewer matrices than threads"): a variable
// batch led by a large matrix, beside a small one that is not definite. In double only, for the
// run time: the path calls LAPACK alike in every precision.
TYPED_TEST(Cholesky, FewLargeMatrices) {
    if constexpr (std::is_same_v<TypeParam, double>)
        check_cholesky<TypeParam>(Routine::Posv, Layout::Variable, 'u', {20, 1000, 30}, {2, 2, 2}, 0);
}

TYPED_TEST(Cholesky, PosvNanStaysInItsMatrix) {
    using T = TypeParam;
    for (char uplo : {'U', 'L'}) expect_nan_contained<T>(uplo, [](int n) { return hpd_matrix<T>(n, false); }, posv<T>);
}

TYPED_TEST(Cholesky, EmptyBatch) {
    using T = TypeParam;
    std::vector<int> info(1, -99);
    EXPECT_EQ(batchlapack::potrf_batch('U', 4, (T *)nullptr, 4, 16, info.data(), 0), 0) << bl_last_error();
    EXPECT_EQ(batchlapack::posv_batch('L', 0, 0, (T *)nullptr, 1, 0, (T *)nullptr, 1, 0, info.data(), 1), 0)
        << bl_last_error();
    EXPECT_EQ(info[0], 0);
}

// Found by the argument fuzzer under UBSan: empty matrices at a stride of 2^60 from a real base
// (legal: nothing is read there) whose addresses the CPU backend formed as pointers, which
// overflowed (undefined behaviour); now formed in unsigned integers. Nothing changes.
TYPED_TEST(Cholesky, EmptyMatricesFarApart) {
    using T = TypeParam;
    const std::vector<T> a0 = {T(1), T(2)};
    std::vector<T> a = a0, b = a0;
    std::vector<int> info(4, -99);
    const int64_t far = int64_t(1) << 60;
    EXPECT_EQ(batchlapack::posv_batch('L', 0, 0, a.data(), 1, far, b.data(), 1, -far, info.data(), 4), 0)
        << bl_last_error();
    EXPECT_EQ(info, std::vector<int>(4, 0));
    EXPECT_TRUE(a == a0 && b == a0);
}

TYPED_TEST(Cholesky, IllegalArguments) {
    using T = TypeParam;
    const std::vector<std::string> solve = {"uplo", "n", "nrhs", "A", "lda", "strideA", "B", "ldb", "strideB",
                                            "info", "batch"};
    // potrs only reads A: its stride may overlap (stride 0 shares one factorization).
    std::vector<std::string> potrs_args = solve;
    potrs_args[5] = "strideA (read-only)";
    for (Layout l : kLayouts) {
        expect_each_rejected<T>(l, {"uplo", "n", "A", "lda", "strideA", "info", "batch"}, potrf<T>);
        expect_each_rejected<T>(l, potrs_args, potrs<T>);
        expect_each_rejected<T>(l, solve, posv<T>);
    }
}

}  // namespace
}  // namespace bltest
