/*
 * magma.h -- MAGMA's main header, for the MAGMA compatibility library of batchlapack: the same as
 * magma_v2.h, which says what the library covers. MAGMA's own magma.h also carries its v1
 * interface (copies and BLAS without a queue), which this library does not have: a code that
 * calls those fails to compile, and passes a queue instead (MAGMA's v2 interface).
 */
#ifndef MAGMA_H
#define MAGMA_H

#include "magma_v2.h"

#endif /* MAGMA_H */
