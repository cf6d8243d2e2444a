/* batchlapack: qr family. Included by <batchlapack.h>. */
#ifndef BATCHLAPACK_QR_H
#define BATCHLAPACK_QR_H

#ifndef BATCHLAPACK_H
#include "../batchlapack.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* BATCHLAPACK_QR_H */
