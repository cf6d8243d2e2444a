"""The routine table: every routine of batchlapack, described once (core/gen/table.py says what an
entry holds). Adding a routine: an entry here, its operation description in core/ops/, its `run`
in each backend, its test file."""

from gen.table import Routine, Opt, Int, Scalar, Array

# The public family headers (batchlapack/<family>.h), in the order batchlapack.h includes them,
# with the line that opens each.
FAMILIES = [
    ('lu', 'LU factorization with partial pivoting and the solves built on it.'),
    ('cholesky', 'Cholesky factorization and the solves built on it.'),
    ('qr', 'QR factorization, Q applied and formed, linear least squares.'),
    ('gebrd', 'reduction of a general matrix to bidiagonal form.'),
    ('blas', 'the BLAS routines the factorizations use, batched.'),
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
                  'the matrices; on exit, the factors L_i and U_i (unit diagonal of L_i not stored).',
                  ld='lda', ld_doc='leading dimension of each A_i, lda >= max(1, m).',
                  stride_doc='elements between A_i and A_{i+1}, >= lda*(n-1)+m when batch > 1.'),
            Array('ipiv', 'int', 'out',
                  'the pivot indices of each matrix, min(m, n) entries, 1-based: row j of A_i was '
                  'interchanged with row ipiv_i[j].',
                  stride_doc='entries between ipiv_i and ipiv_{i+1}, >= min(m, n) when batch > 1.'),
        ],
        info_doc='info[i] = 0 success; = j > 0 if U_i(j, j) is exactly zero (the factorization was '
                 'completed, but U_i is singular).'),
]
