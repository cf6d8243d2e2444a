/* batchlapack: gebrd family. Included by <batchlapack.h>. */
#ifndef BATCHLAPACK_GEBRD_H
#define BATCHLAPACK_GEBRD_H

#ifndef BATCHLAPACK_H
#include "../batchlapack.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* BATCHLAPACK_GEBRD_H */
