/* Which threads a program's calls run on (core/team.hpp): a program without OpenMP parallel
 * regions of its own gets the library's workers, which block when idle; a program with them (built
 * with OpenMP: BLTEST_OPENMP_PROGRAM) shares its OpenMP threads with the library, whose workers
 * would compete with them. Each makes a parallel call (500 matrices of order 32, two threads) and
 * looks for the library's workers, threads named "batchlapack", among its own (/proc/self/task).
 * Exit 0: as expected; 1: not; 77: nothing to see (one thread, or no /proc).
 *
 * Written in C, the language of the header. BLTEST_P is a precision of the build. */
#define _DEFAULT_SOURCE /* DT_DIR */
#include <batchlapack.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef BLTEST_OPENMP_PROGRAM
#include <omp.h>
#endif

#define CAT2(a, b, c) a##b##c
#define CAT(a, b, c) CAT2(a, b, c)
#define GETRF CAT(bl_, BLTEST_P, getrf_batch)
#define BLTEST_s float
#define BLTEST_d double
#define BLTEST_c bl_complex_float
#define BLTEST_z bl_complex_double
#define T CAT(BLTEST_, BLTEST_P, )

enum { N = 32, COUNT = 500 };

/* Threads of this process named "batchlapack"; -1 without /proc. */
static int library_workers(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int found = 0;
    for (struct dirent *e; (e = readdir(tasks)) != NULL;) {
        if (e->d_name[0] == '.') continue;
        char path[300], name[64] = "";
        snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        if (fgets(name, sizeof name, f) && strncmp(name, "batchlapack", 11) == 0) ++found;
        fclose(f);
    }
    closedir(tasks);
    return found;
}

int main(void) {
    if (bl_cpu_threads() < 2) {
        printf("threads_kind: one thread (OMP_NUM_THREADS): nothing to see\n");
        return 77;
    }
    static T a[(size_t)N * N * COUNT];
    static int ipiv[N * COUNT], info[COUNT];
#ifdef BLTEST_OPENMP_PROGRAM
    /* The program's own parallel region, as an OpenMP code's would be: it fills the matrices. */
#pragma omp parallel for
#endif
    for (long i = 0; i < (long)N * N * COUNT; ++i) a[i] = (T)(i % N == (i / N) % N ? N : 1);
    if (GETRF(N, N, a, N, (int64_t)N * N, ipiv, N, info, COUNT) != 0) {
        printf("threads_kind: the call failed: %s\n", bl_last_error());
        return 1;
    }
    for (int i = 0; i < COUNT; ++i)
        if (info[i] != 0) {
            printf("threads_kind: info[%d] = %d\n", i, info[i]);
            return 1;
        }
    const int workers = library_workers();
    if (workers < 0) {
        printf("threads_kind: no /proc/self/task: nothing to see\n");
        return 77;
    }
#ifdef BLTEST_OPENMP_PROGRAM
    printf("threads_kind (a program with OpenMP regions): %d of the library's workers (0 expected)\n", workers);
    return workers == 0 ? 0 : 1;
#else
    printf("threads_kind (a program without OpenMP): %d of the library's workers (1 expected)\n", workers);
    return workers == 1 ? 0 : 1;
#endif
}
