/* batchlapack: blas family. Included by <batchlapack.h>. */
#ifndef BATCHLAPACK_BLAS_H
#define BATCHLAPACK_BLAS_H

#ifndef BATCHLAPACK_H
#include "../batchlapack.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* BATCHLAPACK_BLAS_H */
