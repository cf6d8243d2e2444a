// Every batched operation of the library, declared once.
//
// An operation struct (ops/<family>.hpp) holds the arguments of one batched call in LAPACK's
// order (args.hpp says how the three layouts map onto them). Its members and `fields`, which
// visits the arguments in that order with their public names (what numbers them for the -k
// convention), are generated from the routine table, core/routines.py, into op_args.hpp, which
// also defines BL_OPERATIONS(X), the list of every operation. The struct adds `flops(i)`,
// LAPACK's operation count for matrix i (the seed dissertation's table A.1), used to schedule
// variable-size batches largest first and by the dispatch decision. Beside each struct, `check`
// applies LAPACK's argument rules to it.
//
// Each backend provides `int run(const Op<T>&)` for every operation of BL_OPERATIONS
// (backend.hpp).
#pragma once

#include "precisions.hpp"

#include "ops/lu.hpp"
#include "ops/cholesky.hpp"
#include "ops/qr.hpp"
#include "ops/gebrd.hpp"
#include "ops/blas.hpp"

