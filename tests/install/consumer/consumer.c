/* Built against an installed batchlapack by the install test: checks that the headers (the MAGMA
 * compatibility one included), the library and the error reporting all come from the same
 * installation and work. Exits 0 on success. */
#include <batchlapack.h>
#include <batchlapack_magma.h>

#include <stdio.h>
#include <string.h>

int main(void) {
    /* Two copies of [1 2; 3 4] (column-major), one call. */
    double A[8] = {1, 3, 2, 4, 1, 3, 2, 4};
    int ipiv[4], info[2];
    int r = bl_dgetrf_batch(2, 2, A, 2, 4, ipiv, 2, info, 2);
    if (r != 0 || info[0] != 0 || info[1] != 0 || ipiv[0] != 2 || ipiv[2] != 2 || A[0] != 3 || A[4] != 3) {
        fprintf(stderr, "consumer: wrong result of bl_dgetrf_batch (return %d)\n", r);
        return 1;
    }
    /* lda = 1 < m is argument 4: -4, every info set, and a message naming the routine. */
    r = bl_dgetrf_batch(2, 2, A, 1, 4, ipiv, 2, info, 2);
    if (r != -4 || info[1] != -4 || strstr(bl_last_error(), "bl_dgetrf_batch") == NULL) {
        fprintf(stderr, "consumer: wrong error report (return %d, '%s')\n", r, bl_last_error());
        return 1;
    }
    /* The same factorization through its MAGMA name. */
    double M[4] = {1, 3, 2, 4};
    double *M_array[1] = {M};
    int *ipiv_array[1] = {ipiv};
    if (magma_dgetrf_batched(2, 2, M_array, 2, ipiv_array, info, 1, NULL) != 0 || M[0] != 3) {
        fprintf(stderr, "consumer: wrong result of magma_dgetrf_batched\n");
        return 1;
    }
    int major, minor, patch;
    bl_version(&major, &minor, &patch);
    if (major != BATCHLAPACK_VERSION_MAJOR || minor != BATCHLAPACK_VERSION_MINOR) {
        fprintf(stderr, "consumer: header %d.%d, library %s\n", BATCHLAPACK_VERSION_MAJOR,
                BATCHLAPACK_VERSION_MINOR, bl_version_string());
        return 1;
    }
    printf("consumer: batchlapack %s ok\n", bl_version_string());
    return 0;
}
