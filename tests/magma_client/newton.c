/* A MAGMA client, written as a code that uses MAGMA would be: a batched Newton iteration for
 * many small nonlinear systems F_i(x) = A_i x + c x.^3 - b_i = 0, each step solving
 * J_i dx = -F_i(x) (J_i = A_i + 3c diag(x.^2)) for every system at once with
 * magma_dgetrf_batched and magma_dgetrs_batched on a queue, the arrays of pointers set on the
 * device with magma_dset_pointer, info checked on the host after magma_queue_sync. It builds
 * against the MAGMA compatibility library of batchlapack with no change (tests/magma_client/).
 *
 * Exit status: 0 when every system converged (residual below 1e-12 relative) with info = 0 at
 * every step; 77 (skipped) when no CUDA device is usable; 1 otherwise. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <magma_v2.h>

enum { N = 8, BATCH = 500, STEPS = 8 };
static const double c = 0.1;

static double rnd(unsigned *state) {
    *state = *state * 1664525u + 1013904223u;
    return (double)(*state >> 8) / (double)(1u << 24) * 2.0 - 1.0;
}

/* F_i(x) into f (n entries per system). */
static void residual(const double *A, const double *b, const double *x, double *f) {
    for (int s = 0; s < BATCH; ++s)
        for (int i = 0; i < N; ++i) {
            double v = c * x[s * N + i] * x[s * N + i] * x[s * N + i] - b[s * N + i];
            for (int j = 0; j < N; ++j)
                v += A[s * N * N + i + j * N] * x[s * N + j];
            f[s * N + i] = v;
        }
}

int main(void) {
    magma_int_t ndev = 0;
    magma_device_t devices[1];
    magma_init();
    magma_getdevices(devices, 1, &ndev);
    if (ndev < 1) {
        printf("no CUDA device: skipped\n");
        magma_finalize();
        return 77;
    }
    magma_queue_t queue;
    magma_queue_create(devices[0], &queue);

    double *A, *b, *x, *J, *f;
    magma_int_t *info;
    magma_dmalloc_cpu(&A, N * N * BATCH);
    magma_dmalloc_cpu(&b, N * BATCH);
    magma_dmalloc_cpu(&x, N * BATCH);
    magma_dmalloc_pinned(&J, N * N * BATCH);
    magma_dmalloc_pinned(&f, N * BATCH);
    magma_imalloc_cpu(&info, BATCH);
    unsigned state = 2026;
    for (int s = 0; s < BATCH; ++s)
        for (int j = 0; j < N; ++j) {
            for (int i = 0; i < N; ++i)
                A[s * N * N + i + j * N] = rnd(&state) + (i == j ? 2.0 * N : 0.0);
            b[s * N + j] = 10.0 * rnd(&state);
            x[s * N + j] = 0.0;
        }

    double *dJ, *dF;
    magma_int_t *dipiv, *dinfo;
    double **dJ_array, **dF_array;
    magma_int_t **dipiv_array;
    if (magma_dmalloc(&dJ, N * N * BATCH) != MAGMA_SUCCESS ||
        magma_dmalloc(&dF, N * BATCH) != MAGMA_SUCCESS ||
        magma_imalloc(&dipiv, N * BATCH) != MAGMA_SUCCESS ||
        magma_imalloc(&dinfo, BATCH) != MAGMA_SUCCESS ||
        magma_malloc((void **)&dJ_array, BATCH * sizeof(double *)) != MAGMA_SUCCESS ||
        magma_malloc((void **)&dF_array, BATCH * sizeof(double *)) != MAGMA_SUCCESS ||
        magma_malloc((void **)&dipiv_array, BATCH * sizeof(magma_int_t *)) != MAGMA_SUCCESS) {
        fprintf(stderr, "magma_malloc failed\n");
        return 1;
    }
    magma_dset_pointer(dJ_array, dJ, N, 0, 0, N * N, BATCH, queue);
    magma_dset_pointer(dF_array, dF, N, 0, 0, N, BATCH, queue);
    magma_iset_pointer(dipiv_array, dipiv, 1, 0, 0, N, BATCH, queue);

    int failed = 0;
    double worst = 0.0;
    for (int step = 0; step < STEPS && !failed; ++step) {
        residual(A, b, x, f);
        for (int s = 0; s < BATCH; ++s)
            for (int j = 0; j < N; ++j) {
                for (int i = 0; i < N; ++i)
                    J[s * N * N + i + j * N] = A[s * N * N + i + j * N];
                J[s * N * N + j + j * N] += 3.0 * c * x[s * N + j] * x[s * N + j];
                f[s * N + j] = -f[s * N + j];
            }
        magma_dsetmatrix_async(N, N * BATCH, J, N, dJ, N, queue);
        magma_dsetvector_async(N * BATCH, f, 1, dF, 1, queue);
        magma_int_t r = magma_dgetrf_batched(N, N, dJ_array, N, dipiv_array, dinfo, BATCH, queue);
        if (r == 0)
            r = magma_dgetrs_batched(MagmaNoTrans, N, 1, dJ_array, N, dipiv_array, dF_array, N,
                                     BATCH, queue);
        magma_queue_sync(queue);
        if (r != 0) {
            fprintf(stderr, "step %d: magma_dgetrf/getrs_batched returned %d (%s)\n", step, (int)r,
                    magma_strerror(r));
            failed = 1;
            break;
        }
        magma_igetvector(BATCH, dinfo, 1, info, 1, queue);
        magma_dgetvector(N * BATCH, dF, 1, f, 1, queue);
        for (int s = 0; s < BATCH; ++s)
            if (info[s] != 0) {
                fprintf(stderr, "step %d: info[%d] = %d\n", step, s, (int)info[s]);
                failed = 1;
            }
        for (int e = 0; e < N * BATCH; ++e)
            x[e] += f[e];
    }
    residual(A, b, x, f);
    for (int s = 0; s < BATCH; ++s) {
        double rn = 0.0, bn = 0.0;
        for (int i = 0; i < N; ++i) {
            rn = fmax(rn, fabs(f[s * N + i]));
            bn = fmax(bn, fabs(b[s * N + i]));
        }
        worst = fmax(worst, rn / bn);
    }
    printf("newton: %d systems of order %d, %d steps, largest relative residual %.3g\n", BATCH, N,
           STEPS, worst);
    if (!(worst < 1e-12))
        failed = 1;

    magma_free(dipiv_array);
    magma_free(dF_array);
    magma_free(dJ_array);
    magma_free(dinfo);
    magma_free(dipiv);
    magma_free(dF);
    magma_free(dJ);
    magma_free_pinned(f);
    magma_free_pinned(J);
    magma_free_cpu(info);
    magma_free_cpu(x);
    magma_free_cpu(b);
    magma_free_cpu(A);
    magma_queue_destroy(queue);
    magma_finalize();
    return failed;
}
