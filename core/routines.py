"""The routine table: every routine of batchlapack, described once (core/gen/table.py says what an
entry holds). Adding a routine: an entry here, its operation description in core/ops/, its `run`
in each backend, its test file."""

from gen.table import Family, Routine, Opt, Int, Scalar, Array, Either, Magma, Mkl

# The public family headers (batchlapack/<family>.h), in the order batchlapack.h includes them.
FAMILIES = [
    Family('lu', 'LU factorization, with partial pivoting or without, the solves and the inverses '
                 'built on it, and the inverse of a triangular matrix.'),
    Family('cholesky', 'Cholesky factorization of Hermitian (symmetric) positive definite matrices '
                       'and the solves and the inverse built on it.'),
    Family('qr', 'QR factorization, applying and forming its Q, and linear least squares.',
           notes="Q is stored as LAPACK stores it: the Householder vectors below the diagonal of "
                 "the factored matrix and their scalar factors in tau, Q = H(1) H(2) ... H(k), "
                 "H(j) = I - tau(j) v_j v_j^H. The routines that apply or form Q are ?ormqr/?orgqr "
                 "in the real precisions and ?unmqr/?ungqr in the complex ones, as in LAPACK (C++ "
                 "offers unmqr/ungqr for all four precisions)."),
    Family('gebrd', 'reduction of a general matrix to bidiagonal form.'),
    Family('blas', 'the BLAS routines the factorizations are built on, batched: triangular solves '
                   '(trsv, trsm) and general matrix products (gemm, gemv).',
           notes="Unlike the LAPACK routines these have no info argument: the return value alone "
                 "says whether the arguments were legal (the reference BLAS would call XERBLA). "
                 "alpha and beta are passed by value and are the same for the whole batch. Options "
                 "are case-insensitive. A matrix or vector that BLAS does not reference for the "
                 "given sizes and scalars (e.g. A and B of gemm when alpha = 0 or k = 0) may be a "
                 "null pointer (in the pointer layouts the array of pointers must still be given, "
                 "but its entries may be null). Increments may be negative, as in BLAS: the "
                 "vector's first element is then at the highest address, and x (or x[i]) still "
                 "points to the lowest."),
]

ROUTINES = [
    Routine(
        'getrf', op='Getrf', family='lu',
        purpose="for each i, the LU factorization of a general m-by-n matrix A_i with partial "
                "pivoting and row interchanges, A_i = P_i * L_i * U_i (L_i unit lower "
                "triangular/trapezoidal, U_i upper triangular/trapezoidal), as LAPACK's ?GETRF.",
        args=[
            Int('m', 'number of rows of each A_i, m >= 0.'),
            Int('n', 'number of columns of each A_i, n >= 0.'),
            Array('A', 'T', 'inout',
                  'the matrices; on exit, the factors L_i and U_i (unit diagonal of L_i not '
                  'stored).',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, m).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.'),
            Array('ipiv', 'int', 'out',
                  'the pivot indices of each matrix, min(m, n) entries, 1-based: row j of A_i was '
                  'interchanged with row ipiv_i[j].',
                  stride_doc='entries between ipiv_i and ipiv_{i+1}, >= min(m, n) when batch > 1.'),
        ],
        shapes={'A': ('m', 'n'), 'ipiv': ('min(m, n)',)},
        magma=Magma(A='dA_array', lda='ldda', ipiv='ipiv_array', info='info_array', vbatched=True,
                    gpu=True),
        mkl=Mkl({'A': 'a', 'strideA': 'stride_a', 'strideIpiv': 'stride_ipiv'}),
        info_doc='info[i] = 0 success; = j > 0 if U_i(j, j) is exactly zero (the factorization was '
                 'completed, but U_i is singular).'),
    Routine(
        'getrs', op='Getrs', family='lu',
        purpose="for each i, solves A_i * X_i = B_i, A_i**T * X_i = B_i or A_i**H * X_i = B_i with "
                "a general n-by-n matrix A_i, using its LU factorization computed by ?GETRF_BATCH, "
                "as LAPACK's ?GETRS.",
        args=[
            Opt('trans', 'NTC',
                "the form of the systems, the same for every matrix:\n"
                "'N': A_i * X_i = B_i; 'T': A_i**T * X_i = B_i; 'C': A_i**H * X_i = B_i\n"
                "(= 'T' for real data). Upper or lower case."),
            Int('n', 'order of each A_i, n >= 0.'),
            Int('nrhs', 'number of right-hand sides (columns of each B_i), nrhs >= 0.'),
            Array('A', 'T', 'in',
                  'the factors L_i and U_i from ?GETRF_BATCH.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.'),
            Array('ipiv', 'int', 'in',
                  'the pivot indices from ?GETRF_BATCH, n entries per matrix, 1-based.',
                  stride_doc='entries between ipiv_i and ipiv_{i+1}, >= n when batch > 1.'),
            Array('B', 'T', 'inout',
                  'on entry, the n-by-nrhs right-hand sides B_i; on exit, the solutions X_i.',
                  ld='ldb', ld_doc='leading dimension of each B_i, ldb >= max(1, n).',
                  stride_doc='elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+n when batch > 1.'),
        ],
        shapes={'A': ('n', 'n'), 'ipiv': ('n',), 'B': ('n', 'nrhs')},
        magma=Magma(A='dA_array', lda='ldda', ipiv='dipiv_array', B='dB_array', ldb='lddb',
                    info=None, gpu=True),
        mkl=Mkl({'A': 'a', 'strideA': 'stride_a', 'strideIpiv': 'stride_ipiv', 'B': 'b',
                 'strideB': 'stride_b'}),
        info_doc='info[i] = 0 (the solve itself cannot fail).',
        batch_doc='number of systems, batch >= 0.'),
    Routine(
        'gesv', op='Gesv', family='lu',
        purpose="for each i, solves A_i * X_i = B_i with a general n-by-n matrix A_i by its LU "
                "factorization with partial pivoting, A_i = P_i * L_i * U_i, as LAPACK's ?GESV.",
        args=[
            Int('n', 'order of each A_i, n >= 0.'),
            Int('nrhs', 'number of right-hand sides (columns of each B_i), nrhs >= 0.'),
            Array('A', 'T', 'inout',
                  'the matrices; on exit, the factors L_i and U_i (unit diagonal of L_i not '
                  'stored).',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.'),
            Array('ipiv', 'int', 'out',
                  'the pivot indices of each matrix, n entries, 1-based: row j of A_i was '
                  'interchanged with row ipiv_i[j].',
                  stride_doc='entries between ipiv_i and ipiv_{i+1}, >= n when batch > 1.'),
            Array('B', 'T', 'inout',
                  'on entry, the n-by-nrhs right-hand sides B_i; on exit, the solutions X_i when '
                  'info[i] = 0 (unchanged otherwise).',
                  ld='ldb', ld_doc='leading dimension of each B_i, ldb >= max(1, n).',
                  stride_doc='elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+n when batch > 1.'),
        ],
        shapes={'A': ('n', 'n'), 'ipiv': ('n',), 'B': ('n', 'nrhs')},
        magma=Magma(A='dA_array', lda='ldda', ipiv='dipiv_array', B='dB_array', ldb='lddb',
                    info='dinfo_array', gpu=True),
        info_doc='info[i] = 0 success; = j > 0 if U_i(j, j) is exactly zero (the factorization was '
                 'completed, but A_i is singular and no solution was computed).',
        batch_doc='number of systems, batch >= 0.'),
    Routine(
        'getri', op='Getri', family='lu',
        purpose="for each i, the inverse of a general n-by-n matrix A_i from its LU factorization "
                "computed by ?GETRF_BATCH, in place, as LAPACK's ?GETRI: inv(A_i) is found by "
                "inverting U_i and then solving inv(A_i) * L_i = inv(U_i).",
        args=[
            Int('n', 'order of each A_i, n >= 0.'),
            Array('A', 'T', 'inout',
                  'on entry, the factors L_i and U_i from ?GETRF_BATCH; on exit, when '
                  'info[i] = 0, the inverse of the original A_i (unchanged otherwise).',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.'),
            Array('ipiv', 'int', 'in',
                  'the pivot indices from ?GETRF_BATCH, n entries per matrix, 1-based.',
                  stride_doc='entries between ipiv_i and ipiv_{i+1} (ipiv is only read: any '
                             'value).'),
        ],
        shapes={'A': ('n', 'n'), 'ipiv': ('n',)},
        info_doc='info[i] = 0 success; = j > 0 if U_i(j, j) is exactly zero: A_i is singular, its '
                 'inverse could not be computed and A_i was left unchanged.'),
    Routine(
        'getri_oop', op='GetriOop', family='lu',
        purpose="for each i, the inverse of a general n-by-n matrix from its LU factorization "
                "computed by ?GETRF_BATCH, out of place: A_i and ipiv_i are only read, and the "
                "inverse is written to C_i (the form of MAGMA's ?getri_outofplace_batched and "
                "cuBLAS's cublas?getriBatched). The result and info are those of LAPACK's ?GETRI "
                "on a copy of A_i.",
        args=[
            Int('n', 'order of each A_i and C_i, n >= 0.'),
            Array('A', 'T', 'in',
                  'the factors L_i and U_i from ?GETRF_BATCH; not modified.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1} (A is only read: any value).'),
            Array('ipiv', 'int', 'in',
                  'the pivot indices from ?GETRF_BATCH, n entries per matrix, 1-based.',
                  stride_doc='entries between ipiv_i and ipiv_{i+1} (ipiv is only read: any '
                             'value).'),
            Array('C', 'T', 'out',
                  'the n-by-n matrices C_i; on exit, when info[i] = 0, the inverse of the matrix '
                  'A_i was factored from; otherwise a copy of the factors in A_i. C_i must not '
                  'overlap A_i.',
                  ld='ldc', ld_doc='leading dimension of each C_i, ldc >= max(1, n).',
                  stride_doc='elements between C_i and C_{i+1}, >= ldc*(n-1)+n when batch > 1.'),
        ],
        shapes={'A': ('n', 'n'), 'ipiv': ('n',), 'C': ('n', 'n')},
        magma=Magma(routine='getri_outofplace', A='dA_array', lda='ldda', ipiv='dipiv_array',
                    C='dinvA_array', ldc='lddia', info='info_array'),
        mkl=Mkl({'A': 'a', 'strideA': 'stride_a', 'strideIpiv': 'stride_ipiv', 'C': 'ainv',
                 'ldc': 'ldainv', 'strideC': 'stride_ainv'}),
        info_doc='info[i] = 0 success; = j > 0 if U_i(j, j) is exactly zero: A_i is singular and '
                 'its inverse could not be computed.'),
    Routine(
        'trtri', op='Trtri', family='lu',
        purpose="for each i, the inverse of an upper or lower triangular n-by-n matrix A_i, in "
                "place, as LAPACK's ?TRTRI.",
        args=[
            Opt('uplo', 'UL', "'U': each A_i is upper triangular; 'L': lower triangular. Upper "
                              "or lower case."),
            Opt('diag', 'NU',
                "'U': each A_i is unit triangular (its diagonal is not referenced);\n"
                "'N': non-unit triangular. Upper or lower case."),
            Int('n', 'order of each A_i, n >= 0.'),
            Array('A', 'T', 'inout',
                  'the triangular matrices; the other triangle is not referenced. On exit, when '
                  'info[i] = 0, the triangle holds the inverse of A_i (unchanged otherwise).',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.'),
        ],
        shapes={'A': ('n', 'n')},
        info_doc="info[i] = 0 success; = j > 0 if A_i(j, j) is exactly zero (diag 'N'): A_i is "
                 "singular and was left unchanged."),
    Routine(
        'getrf_np', op='GetrfNp', family='lu',
        purpose="for each i, the LU factorization of a general m-by-n matrix A_i without "
                "pivoting, A_i = L_i * U_i (L_i unit lower triangular/trapezoidal, U_i upper "
                "triangular/trapezoidal), for matrices that need no row interchanges (diagonally "
                "dominant ones, for instance). LAPACK has no such routine: the steps are those of "
                "LAPACK's ?GETRF with every pivot taken on the diagonal. Where a pivot is exactly "
                "zero, its column of L_i is left unscaled and the factorization goes on, as ?GETF2 "
                "does.",
        args=[
            Int('m', 'number of rows of each A_i, m >= 0.'),
            Int('n', 'number of columns of each A_i, n >= 0.'),
            Array('A', 'T', 'inout',
                  'the matrices; on exit, the factors L_i and U_i (unit diagonal of L_i not '
                  'stored).',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, m).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.'),
        ],
        shapes={'A': ('m', 'n')},
        magma=Magma(routine='getrf_nopiv', A='dA_array', lda='ldda', info='info_array'),
        mkl=Mkl({'A': 'a', 'strideA': 'stride_a'}, routine='getrfnp'),
        info_doc='info[i] = 0 success; = j > 0 if U_i(j, j) is exactly zero (the factorization was '
                 'completed, but U_i is singular).'),
    Routine(
        'getrs_np', op='GetrsNp', family='lu',
        purpose="for each i, solves A_i * X_i = B_i, A_i**T * X_i = B_i or A_i**H * X_i = B_i with "
                "a general n-by-n matrix A_i, using its LU factorization without pivoting computed "
                "by ?GETRF_NP_BATCH.",
        args=[
            Opt('trans', 'NTC',
                "the form of the systems, the same for every matrix:\n"
                "'N': A_i * X_i = B_i; 'T': A_i**T * X_i = B_i; 'C': A_i**H * X_i = B_i\n"
                "(= 'T' for real data). Upper or lower case."),
            Int('n', 'order of each A_i, n >= 0.'),
            Int('nrhs', 'number of right-hand sides (columns of each B_i), nrhs >= 0.'),
            Array('A', 'T', 'in',
                  'the factors L_i and U_i from ?GETRF_NP_BATCH.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1} (A is only read: any value).'),
            Array('B', 'T', 'inout',
                  'on entry, the n-by-nrhs right-hand sides B_i; on exit, the solutions X_i.',
                  ld='ldb', ld_doc='leading dimension of each B_i, ldb >= max(1, n).',
                  stride_doc='elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+n when batch > 1.'),
        ],
        shapes={'A': ('n', 'n'), 'B': ('n', 'nrhs')},
        magma=Magma(routine='getrs_nopiv', A='dA_array', lda='ldda', B='dB_array', ldb='lddb',
                    info='info_array'),
        mkl=Mkl({'A': 'a', 'strideA': 'stride_a', 'B': 'b', 'strideB': 'stride_b'},
                routine='getrsnp', group=False),
        info_doc='info[i] = 0 (the solve itself cannot fail).',
        batch_doc='number of systems, batch >= 0.'),
    Routine(
        'gesv_np', op='GesvNp', family='lu',
        purpose="for each i, solves A_i * X_i = B_i with a general n-by-n matrix A_i by its LU "
                "factorization without pivoting, A_i = L_i * U_i (?GETRF_NP_BATCH, then "
                "?GETRS_NP_BATCH).",
        args=[
            Int('n', 'order of each A_i, n >= 0.'),
            Int('nrhs', 'number of right-hand sides (columns of each B_i), nrhs >= 0.'),
            Array('A', 'T', 'inout',
                  'the matrices; on exit, the factors L_i and U_i (unit diagonal of L_i not '
                  'stored).',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.'),
            Array('B', 'T', 'inout',
                  'on entry, the n-by-nrhs right-hand sides B_i; on exit, the solutions X_i when '
                  'info[i] = 0 (unchanged otherwise).',
                  ld='ldb', ld_doc='leading dimension of each B_i, ldb >= max(1, n).',
                  stride_doc='elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+n when batch > 1.'),
        ],
        shapes={'A': ('n', 'n'), 'B': ('n', 'nrhs')},
        magma=Magma(routine='gesv_nopiv', A='dA_array', lda='ldda', B='dB_array', ldb='lddb',
                    info='info_array'),
        info_doc='info[i] = 0 success; = j > 0 if U_i(j, j) is exactly zero (the factorization was '
                 'completed, but A_i is singular and no solution was computed).',
        batch_doc='number of systems, batch >= 0.'),
    Routine(
        'potrf', op='Potrf', family='cholesky',
        purpose="for each i, the Cholesky factorization of a Hermitian (real: symmetric) positive "
                "definite n-by-n matrix A_i, A_i = U_i**H * U_i (uplo = 'U') or A_i = L_i * L_i**H "
                "(uplo = 'L'), as LAPACK's ?POTRF.",
        args=[
            Opt('uplo', 'UL',
                "which triangle of every A_i is stored and factored: 'U' upper, 'L' lower. Upper "
                "or lower case."),
            Int('n', 'order of each A_i, n >= 0.'),
            Array('A', 'T', 'inout',
                  'the matrices; only the triangle uplo names is read. On exit, when info[i] = 0, '
                  'that triangle holds U_i or L_i; the other triangle is not referenced.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.'),
        ],
        shapes={'A': ('n', 'n')},
        magma=Magma(A='dA_array', info='info_array', vbatched=True, gpu=True),
        mkl=Mkl({'A': 'a', 'strideA': 'stride_a'}),
        info_doc='info[i] = 0 success; = j > 0 if the leading minor of order j of A_i is not '
                 'positive (definite), and the factorization could not be completed.'),
    Routine(
        'potrs', op='Potrs', family='cholesky',
        purpose="for each i, solves A_i * X_i = B_i with a Hermitian (real: symmetric) positive "
                "definite n-by-n matrix A_i, using its Cholesky factorization computed by "
                "?POTRF_BATCH, as LAPACK's ?POTRS.",
        args=[
            Opt('uplo', 'UL',
                "which factor A holds: 'U' A_i = U_i**H * U_i, 'L' A_i = L_i * L_i**H. Upper or "
                "lower case."),
            Int('n', 'order of each A_i, n >= 0.'),
            Int('nrhs', 'number of right-hand sides (columns of each B_i), nrhs >= 0.'),
            Array('A', 'T', 'in',
                  'the factors U_i or L_i from ?POTRF_BATCH.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.'),
            Array('B', 'T', 'inout',
                  'on entry, the n-by-nrhs right-hand sides B_i; on exit, the solutions X_i.',
                  ld='ldb', ld_doc='leading dimension of each B_i, ldb >= max(1, n).',
                  stride_doc='elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+n when batch > 1.'),
        ],
        shapes={'A': ('n', 'n'), 'B': ('n', 'nrhs')},
        magma=Magma(A='dA_array', lda='ldda', B='dB_array', ldb='lddb', info=None, gpu=True),
        mkl=Mkl({'A': 'a', 'strideA': 'stride_a', 'B': 'b', 'strideB': 'stride_b'}),
        info_doc='info[i] = 0 (the solve itself cannot fail).',
        batch_doc='number of systems, batch >= 0.'),
    Routine(
        'posv', op='Posv', family='cholesky',
        purpose="for each i, solves A_i * X_i = B_i with a Hermitian (real: symmetric) positive "
                "definite n-by-n matrix A_i by its Cholesky factorization, A_i = U_i**H * U_i or "
                "A_i = L_i * L_i**H, as LAPACK's ?POSV.",
        args=[
            Opt('uplo', 'UL',
                "which triangle of every A_i is stored and factored: 'U' upper, 'L' lower. Upper "
                "or lower case."),
            Int('n', 'order of each A_i, n >= 0.'),
            Int('nrhs', 'number of right-hand sides (columns of each B_i), nrhs >= 0.'),
            Array('A', 'T', 'inout',
                  'the matrices; only the triangle uplo names is read. On exit, when info[i] = 0, '
                  'that triangle holds U_i or L_i; the other triangle is not referenced.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.'),
            Array('B', 'T', 'inout',
                  'on entry, the n-by-nrhs right-hand sides B_i; on exit, the solutions X_i when '
                  'info[i] = 0 (unchanged otherwise).',
                  ld='ldb', ld_doc='leading dimension of each B_i, ldb >= max(1, n).',
                  stride_doc='elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+n when batch > 1.'),
        ],
        shapes={'A': ('n', 'n'), 'B': ('n', 'nrhs')},
        magma=Magma(A='dA_array', lda='ldda', B='dB_array', ldb='lddb', info='dinfo_array',
                    gpu=True),
        info_doc='info[i] = 0 success; = j > 0 if the leading minor of order j of A_i is not '
                 'positive (definite): the factorization could not be completed and no solution '
                 'was computed.',
        batch_doc='number of systems, batch >= 0.'),
    Routine(
        'potri', op='Potri', family='cholesky',
        purpose="for each i, the inverse of a Hermitian (real: symmetric) positive definite "
                "n-by-n matrix A_i from its Cholesky factorization computed by ?POTRF_BATCH, in "
                "place, as LAPACK's ?POTRI.",
        args=[
            Opt('uplo', 'UL',
                "which factor A holds: 'U' A_i = U_i**H * U_i, 'L' A_i = L_i * L_i**H. Upper or "
                "lower case."),
            Int('n', 'order of each A_i, n >= 0.'),
            Array('A', 'T', 'inout',
                  'on entry, the factors U_i or L_i from ?POTRF_BATCH; on exit, when info[i] = 0, '
                  'the same triangle of the inverse of the original A_i (unchanged otherwise). '
                  'The other triangle is not referenced.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+n when batch > 1.'),
        ],
        shapes={'A': ('n', 'n')},
        info_doc='info[i] = 0 success; = j > 0 if the (j, j) element of the factor is exactly '
                 'zero: A_i is singular and was left unchanged.'),
    Routine(
        'geqrf', op='Geqrf', family='qr',
        purpose="for each i, the QR factorization of a general m-by-n matrix, A_i = Q_i * R_i, as "
                "LAPACK's ?GEQRF.",
        args=[
            Int('m', 'number of rows of each A_i, m >= 0.'),
            Int('n', 'number of columns of each A_i, n >= 0.'),
            Array('A', 'T', 'inout',
                  'the matrices; on exit, R_i on and above the diagonal (upper trapezoidal if '
                  'm < n) and the Householder vectors of Q_i below it.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, m).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.'),
            Array('tau', 'T', 'out',
                  'min(m, n) scalar factors of the reflectors of each Q_i.',
                  stride_doc='elements between tau_i and tau_{i+1}, >= min(m, n) when batch > 1.'),
        ],
        shapes={'A': ('m', 'n'), 'tau': ('min(m, n)',)},
        magma=Magma(A='dA_array', tau='dtau_array', info='info_array'),
        mkl=Mkl({'A': 'a', 'strideA': 'stride_a', 'strideTau': 'stride_tau'}),
        info_doc='info[i] = 0 (the factorization cannot fail).'),
    Routine(
        'ormqr', op='Ormqr', family='qr', complex_name='unmqr',
        purpose="for each i, overwrites the m-by-n matrix C_i with\n"
                "    Q_i * C_i    (side 'L', trans 'N')      C_i * Q_i    (side 'R', trans 'N')\n"
                "    Q_i^T * C_i  (side 'L', trans 'T'/'C')  "
                "C_i * Q_i^T  (side 'R', trans 'T'/'C')\n"
                "(Q^H for the complex routines), where Q_i is the product of k reflectors as "
                "returned by ?geqrf_batch: of order m for side 'L', of order n for side 'R'. As "
                "LAPACK's ?ORMQR / ?UNMQR.",
        args=[
            Opt('side', 'LR',
                "'L': apply Q_i or its transpose from the left; 'R': from the right."),
            Opt('trans', {'real': 'NT', 'complex': 'NC'},
                "'N': apply Q_i; 'T' (real routines) or 'C' (complex routines): apply Q_i^T or "
                "Q_i^H."),
            Int('m', 'number of rows of each C_i, m >= 0.'),
            Int('n', 'number of columns of each C_i, n >= 0.'),
            Int('k', "number of reflectors of each Q_i: 0 <= k <= m (side 'L'), 0 <= k <= n "
                     "(side 'R').", at_most=Either('side', 'L', ('m',), ('n',))),
            Array('A', 'T', 'in',
                  "the reflectors, in the first k columns of each nq-by-k A_i as ?geqrf_batch "
                  "returned them (nq = m for side 'L', n for side 'R'); not modified.",
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, nq).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(k-1)+nq when batch > 1.'),
            Array('tau', 'T', 'in',
                  'k scalar factors of the reflectors of each Q_i, as ?geqrf_batch returned.',
                  stride_doc='elements between tau_i and tau_{i+1}, >= k when batch > 1.'),
            Array('C', 'T', 'inout',
                  'the m-by-n matrices C_i; on exit, the product.',
                  ld='ldc', ld_doc='leading dimension of each C_i, ldc >= max(1, m).',
                  stride_doc='elements between C_i and C_{i+1}, >= ldc*(n-1)+m when batch > 1.'),
        ],
        shapes={'A': Either('side', 'L', ('m', 'k'), ('n', 'k')), 'tau': ('k',), 'C': ('m', 'n')},
        info_doc='info[i] = 0.'),
    Routine(
        'orgqr', op='Orgqr', family='qr', complex_name='ungqr',
        purpose="for each i, generates the m-by-n matrix Q_i with orthonormal columns, the first "
                "n columns of the product of k reflectors of order m as ?geqrf_batch returned "
                "them. As LAPACK's ?ORGQR / ?UNGQR.",
        args=[
            Int('m', 'number of rows of each Q_i, m >= 0.'),
            Int('n', 'number of columns of each Q_i, 0 <= n <= m.', at_most='m'),
            Int('k', 'number of reflectors whose product defines Q_i, 0 <= k <= n.', at_most='n'),
            Array('A', 'T', 'inout',
                  'on entry, the reflectors in the first k columns of each A_i as ?geqrf_batch '
                  'returned them; on exit, the m-by-n Q_i.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, m).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.'),
            Array('tau', 'T', 'in',
                  'k scalar factors of the reflectors of each Q_i.',
                  stride_doc='elements between tau_i and tau_{i+1}, >= k when batch > 1.'),
        ],
        shapes={'A': ('m', 'n'), 'tau': ('k',)},
        info_doc='info[i] = 0.'),
    Routine(
        'gels', op='Gels', family='qr',
        purpose="for each i, solves an overdetermined or underdetermined linear system with the "
                "full-rank m-by-n matrix A_i, or its (conjugate) transpose, by a QR or LQ "
                "factorization of A_i, as LAPACK's ?GELS. For each right-hand side b (a column of "
                "B_i):\n"
                "    trans 'N', m >= n: the least squares solution x, minimizing "
                "|| b - A_i x ||_2;\n"
                "    trans 'N', m <  n: the minimum norm solution of A_i x = b;\n"
                "    trans 'T'/'C', m >= n: the minimum norm solution of A_i^H x = b;\n"
                "    trans 'T'/'C', m <  n: the least squares solution x, minimizing "
                "|| b - A_i^H x ||_2.",
        args=[
            Opt('trans', {'real': 'NT', 'complex': 'NC'},
                "'N': solve with A_i; 'T' (real) or 'C' (complex): with A_i^T / A_i^H."),
            Int('m', 'number of rows of each A_i, m >= 0.'),
            Int('n', 'number of columns of each A_i, n >= 0.'),
            Int('nrhs', 'number of right-hand sides (columns of each B_i), nrhs >= 0.'),
            Array('A', 'T', 'inout',
                  "the matrices; on exit, their QR (m >= n) or LQ (m < n) factorization as "
                  "LAPACK's ?GELS leaves it.",
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, m).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.'),
            Array('B', 'T', 'inout',
                  "each a max(m, n)-by-nrhs matrix: on entry the right-hand sides in its first m "
                  "(trans 'N') or n (trans 'T'/'C') rows; on exit the solutions in its first n "
                  "(trans 'N') or m (trans 'T'/'C') rows. For least squares problems the squared "
                  "residual norm of column j is the sum of squares of the remaining rows of that "
                  "column.",
                  ld='ldb', ld_doc='leading dimension of each B_i, ldb >= max(1, m, n).',
                  stride_doc='elements between B_i and B_{i+1}, >= ldb*(nrhs-1)+max(m, n) when '
                             'batch > 1.'),
        ],
        shapes={'A': ('m', 'n'), 'B': ('max(m, n)', 'nrhs')},
        info_doc='info[i] = 0 success; = j > 0 if the j-th diagonal element of the triangular '
                 'factor of A_i is exactly zero, so A_i does not have full rank and no solution '
                 'was computed for it.'),
    Routine(
        'gebrd', op='Gebrd', family='gebrd',
        purpose="for each i, reduces a general m-by-n matrix A_i to upper (m >= n) or lower "
                "(m < n) bidiagonal form B_i by an orthogonal (unitary) transformation, "
                "Q_i^H * A_i * P_i = B_i, as LAPACK's ?GEBRD. Q_i = H(1) ... H(min(m,n)) and "
                "P_i = G(1) ... G(min(m,n)) are products of reflectors stored as LAPACK stores "
                "them; LAPACK's ?ORGBR/?UNGBR and ?ORMBR/?UNMBR use them.",
        args=[
            Int('m', 'number of rows of each A_i, m >= 0.'),
            Int('n', 'number of columns of each A_i, n >= 0.'),
            Array('A', 'T', 'inout',
                  'the matrices; on exit, the diagonal and the first super- (m >= n) or '
                  'sub-diagonal (m < n) hold B_i; the elements below the diagonal (below the '
                  'first subdiagonal if m < n) hold the reflectors of Q_i, those above the first '
                  'superdiagonal (above the diagonal if m < n) the reflectors of P_i.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, m).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.'),
            Array('d', 'R', 'out',
                  'the min(m, n) diagonal elements of each B_i.',
                  stride_doc='elements between d_i and d_{i+1}, >= min(m, n) when batch > 1.'),
            Array('e', 'R', 'out',
                  'the min(m, n)-1 off-diagonal elements of each B_i.',
                  stride_doc='elements between e_i and e_{i+1}, >= min(m, n)-1 when batch > 1.'),
            Array('tauq', 'T', 'out',
                  'min(m, n) scalar factors of the reflectors of each Q_i.',
                  stride_doc='elements between tauq_i and tauq_{i+1}, >= min(m, n) when '
                             'batch > 1.'),
            Array('taup', 'T', 'out',
                  'min(m, n) scalar factors of the reflectors of each P_i.',
                  stride_doc='elements between taup_i and taup_{i+1}, >= min(m, n) when '
                             'batch > 1.'),
        ],
        shapes={'A': ('m', 'n'), 'd': ('min(m, n)',), 'e': ('min(m, n) - 1',),
                'tauq': ('min(m, n)',), 'taup': ('min(m, n)',)},
        info_doc='info[i] = 0 (the reduction cannot fail).'),
    Routine(
        'trsv', op='Trsv', family='blas',
        purpose="for each i, solves one of the systems A_i * x_i = b_i, A_i**T * x_i = b_i or "
                "A_i**H * x_i = b_i, where b_i and x_i are n-element vectors and A_i is an n-by-n "
                "unit or non-unit, upper or lower triangular matrix, as BLAS's ?TRSV. No test for "
                "singularity or near-singularity is made (a zero diagonal element gives Inf/NaN, "
                "as in BLAS).",
        args=[
            Opt('uplo', 'UL', "'U': each A_i is upper triangular; 'L': lower triangular."),
            Opt('trans', 'NTC',
                "'N': solve A_i * x_i = b_i; 'T': A_i**T * x_i = b_i;\n"
                "'C': A_i**H * x_i = b_i (the same as 'T' in the real precisions)."),
            Opt('diag', 'NU',
                "'U': each A_i is unit triangular (its diagonal is not referenced);\n"
                "'N': non-unit triangular."),
            Int('n', 'order of each A_i, n >= 0.'),
            Array('A', 'T', 'in',
                  'the triangular matrices; the other triangle is not referenced.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, n).',
                  stride_doc='elements between A_i and A_{i+1} (A is only read: any value, e.g. 0 '
                             'to share one A).'),
            Array('x', 'T', 'inout',
                  'on entry the right-hand sides b_i, on exit the solutions x_i; each vector has '
                  '1+(n-1)*|incx| elements.',
                  ld='incx', ld_doc='increment of the elements of each x_i, incx != 0.',
                  stride_doc='elements between x_i and x_{i+1}, >= 1+(n-1)*|incx| when batch > 1.'),
        ],
        shapes={'A': ('n', 'n'), 'x': ('n',)},
        magma=Magma(trans='transA', A='dA_array', lda='ldda', x='dB_array', incx='incb',
                    const_inputs=False),
        info=False,
        batch_doc='number of problems, batch >= 0.'),
    Routine(
        'trsm', op='Trsm', family='blas',
        purpose="for each i, solves one of the matrix equations op(A_i) * X_i = alpha * B_i "
                "(side 'L') or X_i * op(A_i) = alpha * B_i (side 'R'), where X_i and B_i are "
                "m-by-n matrices, A_i is a unit or non-unit, upper or lower triangular matrix and "
                "op(A_i) is A_i, A_i**T or A_i**H, as BLAS's ?TRSM. X_i overwrites B_i. No test "
                "for singularity is made.",
        args=[
            Opt('side', 'LR',
                "'L': op(A_i) * X_i = alpha * B_i; 'R': X_i * op(A_i) = alpha * B_i."),
            Opt('uplo', 'UL', "'U': each A_i is upper triangular; 'L': lower triangular."),
            Opt('transa', 'NTC',
                "'N': op(A_i) = A_i; 'T': A_i**T; 'C': A_i**H ('T' in the real precisions)."),
            Opt('diag', 'NU',
                "'U': each A_i is unit triangular (its diagonal is not referenced);\n"
                "'N': non-unit triangular."),
            Int('m', 'number of rows of each B_i, m >= 0.'),
            Int('n', 'number of columns of each B_i, n >= 0.'),
            Scalar('alpha', 'scalar, the same for every problem. When alpha = 0, every B_i is set '
                            'to zero and A is not referenced (it may be null).'),
            Array('A', 'T', 'in',
                  "the triangular matrices, k-by-k with k = m for side 'L', k = n for side 'R'; "
                  "the other triangle is not referenced.",
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, k).',
                  stride_doc='elements between A_i and A_{i+1} (A is only read: any value, e.g. 0 '
                             'to share one A).',
                  referenced='m > 0 and n > 0 and alpha != 0'),
            Array('B', 'T', 'inout',
                  'on entry the right-hand sides B_i (m-by-n), on exit the solutions X_i.',
                  ld='ldb', ld_doc='leading dimension of each B_i, ldb >= max(1, m).',
                  stride_doc='elements between B_i and B_{i+1}, >= ldb*(n-1)+m when batch > 1.'),
        ],
        shapes={'A': Either('side', 'L', ('m', 'm'), ('n', 'n')), 'B': ('m', 'n')},
        magma=Magma(transa='transA', A='dA_array', lda='ldda', B='dB_array', ldb='lddb',
                    const_inputs=False, vbatched=True),
        mkl=Mkl({'side': 'Side', 'uplo': 'Uplo', 'transa': 'TransA', 'diag': 'Diag', 'm': 'M',
                 'n': 'N', 'strideA': 'stridea', 'strideB': 'strideb'},
                swap=[('m', 'n')], turn=['side', 'uplo']),
        info=False,
        batch_doc='number of problems, batch >= 0.'),
    Routine(
        'gemm', op='Gemm', family='blas',
        purpose="for each i, C_i := alpha * op(A_i) * op(B_i) + beta * C_i, where op(X) is X, "
                "X**T or X**H, op(A_i) is m-by-k, op(B_i) is k-by-n and C_i is m-by-n, as BLAS's "
                "?GEMM.",
        args=[
            Opt('transa', 'NTC',
                "'N': op(A_i) = A_i; 'T': A_i**T; 'C': A_i**H ('T' in the real precisions)."),
            Opt('transb', 'NTC', "'N': op(B_i) = B_i; 'T': B_i**T; 'C': B_i**H."),
            Int('m', 'number of rows of op(A_i) and of C_i, m >= 0.'),
            Int('n', 'number of columns of op(B_i) and of C_i, n >= 0.'),
            Int('k', 'number of columns of op(A_i) and rows of op(B_i), k >= 0.'),
            Scalar('alpha', 'scalar, the same for every problem. When alpha = 0 or k = 0, A and B '
                            'are not referenced (they may be null).'),
            Array('A', 'T', 'in',
                  "the matrices A_i: m-by-k for transa 'N', k-by-m otherwise.",
                  ld='lda',
                  ld_doc="leading dimension of each A_i, lda >= max(1, m) for transa 'N', "
                         "lda >= max(1, k) otherwise.",
                  stride_doc='elements between A_i and A_{i+1} (A is only read: any value, e.g. 0 '
                             'to share one A).',
                  referenced='m > 0 and n > 0 and k > 0 and alpha != 0'),
            Array('B', 'T', 'in',
                  "the matrices B_i: k-by-n for transb 'N', n-by-k otherwise.",
                  ld='ldb',
                  ld_doc="leading dimension of each B_i, ldb >= max(1, k) for transb 'N', "
                         "ldb >= max(1, n) otherwise.",
                  stride_doc='elements between B_i and B_{i+1} (as strideA).',
                  referenced='m > 0 and n > 0 and k > 0 and alpha != 0'),
            Scalar('beta', 'scalar, the same for every problem. When beta = 0, C need not be set '
                           'on input (it is not read: NaN or Inf there does not propagate).'),
            Array('C', 'T', 'inout',
                  'the m-by-n matrices C_i; on exit, the results. Not referenced when m = 0, '
                  'n = 0, or (alpha = 0 or k = 0) and beta = 1.',
                  ld='ldc', ld_doc='leading dimension of each C_i, ldc >= max(1, m).',
                  stride_doc='elements between C_i and C_{i+1}, >= ldc*(n-1)+m when batch > 1.',
                  referenced='not ((alpha == 0 or k == 0) and beta == 1)'),
        ],
        shapes={'A': Either('transa', 'N', ('m', 'k'), ('k', 'm')),
                'B': Either('transb', 'N', ('k', 'n'), ('n', 'k')), 'C': ('m', 'n')},
        magma=Magma(transa='transA', transb='transB', A='dA_array', lda='ldda', B='dB_array',
                    ldb='lddb', C='dC_array', ldc='lddc', vbatched=True),
        mkl=Mkl({'transa': 'TransA', 'transb': 'TransB', 'm': 'M', 'n': 'N', 'k': 'K',
                 'strideA': 'stridea', 'strideB': 'strideb', 'strideC': 'stridec'},
                swap=[('transa', 'transb'), ('m', 'n'), ('A', 'B')]),
        info=False,
        batch_doc='number of problems, batch >= 0.'),
    Routine(
        'gemv', op='Gemv', family='blas',
        purpose="for each i, y_i := alpha * op(A_i) * x_i + beta * y_i, where op(A_i) is A_i, "
                "A_i**T or A_i**H, A_i is an m-by-n matrix and x_i, y_i are vectors, as BLAS's "
                "?GEMV.",
        args=[
            Opt('trans', 'NTC',
                "'N': y_i := alpha*A_i*x_i + beta*y_i; 'T': alpha*A_i**T*x_i + beta*y_i;\n"
                "'C': alpha*A_i**H*x_i + beta*y_i ('T' in the real precisions)."),
            Int('m', 'number of rows of each A_i, m >= 0.'),
            Int('n', 'number of columns of each A_i, n >= 0.'),
            Scalar('alpha', 'scalar, the same for every problem. When alpha = 0, A and x are not '
                            'referenced (they may be null).'),
            Array('A', 'T', 'in',
                  'the m-by-n matrices A_i.',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, m).',
                  stride_doc='elements between A_i and A_{i+1} (A is only read: any value, e.g. 0 '
                             'to share one A).',
                  referenced='m > 0 and n > 0 and alpha != 0'),
            Array('x', 'T', 'in',
                  "the vectors x_i, of n elements for trans 'N', m otherwise, each stored in "
                  "1+(len-1)*|incx| elements.",
                  ld='incx', ld_doc='increment of the elements of each x_i, incx != 0.',
                  stride_doc='elements between x_i and x_{i+1} (as strideA).',
                  referenced='m > 0 and n > 0 and alpha != 0'),
            Scalar('beta', 'scalar, the same for every problem. When beta = 0, y need not be set '
                           'on input (it is not read).'),
            Array('y', 'T', 'inout',
                  "the vectors y_i, of m elements for trans 'N', n otherwise, each stored in "
                  "1+(len-1)*|incy| elements; on exit, the results. Not referenced when m = 0, "
                  "n = 0, or alpha = 0 and beta = 1.",
                  ld='incy', ld_doc='increment of the elements of each y_i, incy != 0.',
                  stride_doc='elements between y_i and y_{i+1}, >= 1+(len-1)*|incy| when '
                             'batch > 1.',
                  referenced='m > 0 and n > 0 and not (alpha == 0 and beta == 1)'),
        ],
        shapes={'A': ('m', 'n'), 'x': Either('trans', 'N', ('n',), ('m',)),
                'y': Either('trans', 'N', ('m',), ('n',))},
        magma=Magma(A='dA_array', lda='ldda', x='dx_array', y='dy_array', vbatched=True,
                    vbatched_const_inputs=False),
        info=False,
        batch_doc='number of problems, batch >= 0.'),
]
