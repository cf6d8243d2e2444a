// The batched names of MAGMA's that both MAGMA layers of batchlapack have (the header-only
// batchlapack_magma.h and the MAGMA compatibility library's magma_v2.h), as static members of a
// test's per-precision struct: include one of the two headers, then expand
// BLTEST_MAGMA_BATCHED_NAMES(p) inside the struct of precision p.
#pragma once

#define BLTEST_MAGMA_BATCHED_NAMES(p)                                                              \
    static constexpr auto getrf = magma_##p##getrf_batched;                                      \
    static constexpr auto getrs = magma_##p##getrs_batched;                                      \
    static constexpr auto gesv = magma_##p##gesv_batched;                                        \
    static constexpr auto getri_oop = magma_##p##getri_outofplace_batched;                       \
    static constexpr auto getrf_np = magma_##p##getrf_nopiv_batched;                             \
    static constexpr auto getrs_np = magma_##p##getrs_nopiv_batched;                             \
    static constexpr auto gesv_np = magma_##p##gesv_nopiv_batched;                               \
    static constexpr auto potrf = magma_##p##potrf_batched;                                      \
    static constexpr auto potrs = magma_##p##potrs_batched;                                      \
    static constexpr auto posv = magma_##p##posv_batched;                                        \
    static constexpr auto geqrf = magma_##p##geqrf_batched;                                      \
    static constexpr auto trsv = magmablas_##p##trsv_batched;                                    \
    static constexpr auto trsm = magmablas_##p##trsm_batched;                                    \
    static constexpr auto gemm = magmablas_##p##gemm_batched;                                    \
    static constexpr auto gemv = magmablas_##p##gemv_batched;
