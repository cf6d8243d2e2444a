/* batchlapack: cholesky family. Included by <batchlapack.h>. */
#ifndef BATCHLAPACK_CHOLESKY_H
#define BATCHLAPACK_CHOLESKY_H

#ifndef BATCHLAPACK_H
#include "../batchlapack.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* BATCHLAPACK_CHOLESKY_H */
