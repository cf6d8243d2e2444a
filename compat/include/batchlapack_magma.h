/*
 * batchlapack_magma.h -- MAGMA's batched names, mapped onto batchlapack.
 *
 * For a code written against MAGMA's batched API: include this header instead of <magma_v2.h>
 * and link -lbatchlapack; the calls below keep MAGMA's names and argument lists and run
 * batchlapack's pointer-array routines (bl_<p><routine>_batch_ptr). It covers
 *
 *     magma_<p>getrf_batched   magma_<p>getrs_batched   magma_<p>potrf_batched
 *     magma_<p>potrs_batched   magma_<p>geqrf_batched   magmablas_<p>gemm_batched
 *
 * for p in s, d, c, z, and the types and constants those calls use. Nothing else of MAGMA
 * (magma_init, queues, magma_malloc, the copy routines) is provided: replace those calls.
 *
 * Differences from MAGMA, on purpose or by the nature of a mapping:
 *  - The queue argument is accepted and ignored; every call is synchronous (results are in place
 *    on return), as a MAGMA call followed by magma_queue_sync.
 *  - Data location: the pointer arrays and the matrices are wherever batchlapack accepts them.
 *    With the CPU backend -- the only one of this release -- that is host memory: pass host
 *    arrays of host pointers where MAGMA wanted device ones.
 *  - magma_int_t is int (MAGMA's LP64 build); MAGMA's ILP64 build is not supported.
 *  - Return values are batchlapack's: 0, -k for illegal argument k counted in MAGMA's argument
 *    list, or a BL_ERROR_* code (see batchlapack.h and bl_last_error()). Where MAGMA has an
 *    info_array, every info_array[i] is also set to -k on an illegal argument.
 *  - getrs and potrs have no info array in MAGMA; these wrappers allocate a temporary one
 *    (BL_ERROR_OUT_OF_MEMORY if they cannot).
 *  - magmablas_<p>gemm_batched returns nothing, as MAGMA's; an illegal argument leaves C unchanged
 *    and is described by bl_last_error(). Call bl_<p>gemm_batch_ptr to get the return code.
 *  - An illegal trans/uplo value is reported as argument 1, not MAGMA's (printed) message.
 *
 * Complex data: magmaFloatComplex/magmaDoubleComplex are batchlapack's bl_complex_float/double
 * (layout-compatible with MAGMA's cuFloatComplex/cuDoubleComplex; define bl_complex_double as
 * cuDoubleComplex before including this header to keep that type, see batchlapack.h).
 */
#ifndef BATCHLAPACK_MAGMA_H
#define BATCHLAPACK_MAGMA_H

#include <stdlib.h>

#include "batchlapack.h"

typedef int magma_int_t;
typedef bl_complex_float magmaFloatComplex;
typedef bl_complex_double magmaDoubleComplex;
/* MAGMA's queue: an opaque pointer, never dereferenced here. */
typedef struct bl_magma_queue *magma_queue_t;
/* MAGMA's values of its option enums (magma_types.h). */
typedef enum { MagmaNoTrans = 111, MagmaTrans = 112, MagmaConjTrans = 113 } magma_trans_t;
typedef enum { MagmaUpper = 121, MagmaLower = 122 } magma_uplo_t;
#define MAGMA_SUCCESS 0

/* LAPACK's option characters; an unknown value becomes one batchlapack rejects as illegal. */
static inline char bl_magma_trans(magma_trans_t t) {
    return t == MagmaNoTrans ? 'N' : t == MagmaTrans ? 'T' : t == MagmaConjTrans ? 'C' : '?';
}
static inline char bl_magma_uplo(magma_uplo_t u) {
    return u == MagmaUpper ? 'U' : u == MagmaLower ? 'L' : '?';
}

/* A routine without MAGMA info array: runs `call` with a scratch info array of batch entries and
 * renumbers the one argument MAGMA does not have (batchlapack's info, right before batch). */
#define BL_MAGMA_WITHOUT_INFO(call, info_pos)                                                   \
    int *info = batchCount > 0 ? (int *)malloc(sizeof(int) * (size_t)batchCount) : NULL;        \
    if (batchCount > 0 && info == NULL) return BL_ERROR_OUT_OF_MEMORY;                         \
    int r = call;                                                                               \
    free(info);                                                                                 \
    return r == -((info_pos) + 1) ? -(info_pos) : r;

#define BL_MAGMA_DEFINE(p, T)                                                                   \
    static inline magma_int_t magma_##p##getrf_batched(                                         \
        magma_int_t m, magma_int_t n, T **dA_array, magma_int_t ldda, magma_int_t **ipiv_array,  \
        magma_int_t *info_array, magma_int_t batchCount, magma_queue_t queue) {                 \
        (void)queue;                                                                            \
        return bl_##p##getrf_batch_ptr(m, n, dA_array, ldda, ipiv_array, info_array, batchCount); \
    }                                                                                           \
    static inline magma_int_t magma_##p##getrs_batched(                                         \
        magma_trans_t trans, magma_int_t n, magma_int_t nrhs, T **dA_array, magma_int_t ldda,    \
        magma_int_t **dipiv_array, T **dB_array, magma_int_t lddb, magma_int_t batchCount,       \
        magma_queue_t queue) {                                                                  \
        (void)queue;                                                                            \
        BL_MAGMA_WITHOUT_INFO(bl_##p##getrs_batch_ptr(bl_magma_trans(trans), n, nrhs,           \
                                  (const T *const *)dA_array, ldda,                             \
                                  (const int *const *)dipiv_array, dB_array, lddb, info,        \
                                  batchCount), 9)                                               \
    }                                                                                           \
    static inline magma_int_t magma_##p##potrf_batched(                                         \
        magma_uplo_t uplo, magma_int_t n, T **dA_array, magma_int_t lda,                        \
        magma_int_t *info_array, magma_int_t batchCount, magma_queue_t queue) {                 \
        (void)queue;                                                                            \
        return bl_##p##potrf_batch_ptr(bl_magma_uplo(uplo), n, dA_array, lda, info_array,        \
                                       batchCount);                                             \
    }                                                                                           \
    static inline magma_int_t magma_##p##potrs_batched(                                         \
        magma_uplo_t uplo, magma_int_t n, magma_int_t nrhs, T **dA_array, magma_int_t ldda,      \
        T **dB_array, magma_int_t lddb, magma_int_t batchCount, magma_queue_t queue) {          \
        (void)queue;                                                                            \
        BL_MAGMA_WITHOUT_INFO(bl_##p##potrs_batch_ptr(bl_magma_uplo(uplo), n, nrhs,             \
                                  (const T *const *)dA_array, ldda, dB_array, lddb, info,       \
                                  batchCount), 8)                                               \
    }                                                                                           \
    static inline magma_int_t magma_##p##geqrf_batched(                                         \
        magma_int_t m, magma_int_t n, T **dA_array, magma_int_t lda, T **dtau_array,             \
        magma_int_t *info_array, magma_int_t batchCount, magma_queue_t queue) {                 \
        (void)queue;                                                                            \
        return bl_##p##geqrf_batch_ptr(m, n, dA_array, lda, dtau_array, info_array, batchCount); \
    }                                                                                           \
    static inline void magmablas_##p##gemm_batched(                                             \
        magma_trans_t transA, magma_trans_t transB, magma_int_t m, magma_int_t n, magma_int_t k, \
        T alpha, T const *const *dA_array, magma_int_t ldda, T const *const *dB_array,          \
        magma_int_t lddb, T beta, T **dC_array, magma_int_t lddc, magma_int_t batchCount,        \
        magma_queue_t queue) {                                                                  \
        (void)queue;                                                                            \
        (void)bl_##p##gemm_batch_ptr(bl_magma_trans(transA), bl_magma_trans(transB), m, n, k,   \
                                     alpha, dA_array, ldda, dB_array, lddb, beta, dC_array,     \
                                     lddc, batchCount);                                         \
    }

BL_MAGMA_DEFINE(s, float)
BL_MAGMA_DEFINE(d, double)
BL_MAGMA_DEFINE(c, magmaFloatComplex)
BL_MAGMA_DEFINE(z, magmaDoubleComplex)
#undef BL_MAGMA_DEFINE
#undef BL_MAGMA_WITHOUT_INFO

#endif /* BATCHLAPACK_MAGMA_H */
