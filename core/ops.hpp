// Every batched operation of the library, declared once.
//
// An operation struct (ops/<family>.hpp) holds the arguments of one batched call in LAPACK's
// order (args.hpp says how the three layouts map onto them). `fields` visits the arguments in that
// order with their public names, which is what numbers them for the -k convention. `flops(i)` is
// LAPACK's operation count for matrix i (the seed dissertation's table A.1), used to schedule
// variable-size batches largest first and by the dispatch decision. Beside each struct, `check`
// applies LAPACK's argument rules to it.
//
// Each backend provides `int run(const Op<T>&)` for every operation below (backend.hpp).
#pragma once

#include "precisions.hpp"

#include "ops/lu.hpp"
#include "ops/cholesky.hpp"
#include "ops/qr.hpp"
#include "ops/gebrd.hpp"
#include "ops/blas.hpp"

// The list every backend instantiates.
#define BL_OPERATIONS(X) \
    X(Getrf) X(Getrs) X(Gesv) X(Potrf) X(Potrs) X(Posv) X(Geqrf) X(Ormqr) X(Orgqr) X(Gels) \
    X(Gebrd) X(Trsv) X(Trsm) X(Gemm) X(Gemv)
