/* The backend setting from C: its names, bl_set_backend's errors, the environment variable
 * BATCHLAPACK_BACKEND, and what a call reports when the setting lets it run nowhere (the code
 * returned and written into every info[i], the message). The variable is read once per process,
 * so each case is a run of its own (tests/CMakeLists.txt):
 *
 *   backend_setting api                   no variable: names, bl_set_backend, the no-device message,
 *                                         bl_cpu_threads (run with OMP_NUM_THREADS=3)
 *   backend_setting env VALUE cpu         BATCHLAPACK_BACKEND=VALUE selects the CPU
 *   backend_setting env VALUE invalid     VALUE names no backend: every call fails, naming it
 *   backend_setting env cuda nodevice     cuda without a usable GPU (exit 77, skipped, with one)
 *   backend_setting isa VALUE cpu         BATCHLAPACK_CPU_ISA=VALUE (backend cpu) runs
 *   backend_setting isa VALUE invalid     VALUE names no instruction set: every call on the CPU
 *                                         fails, naming it
 *
 * Written in C, the language of the header. BLTEST_P is a precision of the build, BLTEST_CUDA
 * whether it has the CUDA backend, BLTEST_OPENMP whether it runs the CPU backend through OpenMP. Exit 0: passed; 1: failures, each printed. */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include <batchlapack.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAT2(a, b, c) a##b##c
#define CAT(a, b, c) CAT2(a, b, c)
#define GETRF CAT(bl_, BLTEST_P, getrf_batch)
#define GEMM CAT(bl_, BLTEST_P, gemm_batch)
#define BLTEST_s float
#define BLTEST_d double
#define BLTEST_c bl_complex_float
#define BLTEST_z bl_complex_double
#define T CAT(BLTEST_, BLTEST_P, )

enum { N = 3, NB = 4 };
static int failures = 0;

static void expect(int ok, const char *what) {
    if (!ok) {
        ++failures;
        printf("FAIL: %s (bl_last_error: '%s')\n", what, bl_last_error());
    }
}
static int contains(const char *s, const char *part) { return strstr(s, part) != NULL; }

/* NB diagonally dominant matrices, and an info array holding a value no call writes. */
static T a[N * N * NB];
static int ipiv[N * NB], info[NB];
static void reset(void) {
    for (int k = 0; k < NB; ++k)
        for (int j = 0; j < N; ++j)
            for (int i = 0; i < N; ++i) a[k * N * N + j * N + i] = i == j ? 4.0 + k : 1.0;
    for (int k = 0; k < NB; ++k) info[k] = 12345;
}
static int getrf(int lda) { return GETRF(N, N, a, lda, N * N, ipiv, N, info, NB); }
static int all_info(int v) {
    for (int k = 0; k < NB; ++k)
        if (info[k] != v) return 0;
    return 1;
}
static int untouched(void) {
    for (int k = 0; k < NB; ++k)
        if (a[k * N * N] != 4.0 + k || a[k * N * N + 1] != 1.0) return 0;
    return 1;
}
static int gemm(void) {
    static T c[N * N * NB];
    return GEMM('N', 'N', N, N, N, 1.0, a, N, N * N, a, N, N * N, 0.0, c, N, N * N, NB);
}

/* A call that runs, on the CPU. */
static void runs_on_cpu(const char *when) {
    char what[200];
    reset();
    snprintf(what, sizeof what, "%s: getrf returns 0, info 0, on the CPU", when);
    expect(getrf(N) == 0 && all_info(0) && bl_last_backend() == BL_BACKEND_CPU, what);
}

/* A legal call that may run nowhere: `code` returned, in every info[i], nothing computed. */
static void fails(int code, const char *message, const char *when) {
    char what[200];
    reset();
    snprintf(what, sizeof what, "%s: getrf returns %d", when, code);
    expect(getrf(N) == code, what);
    snprintf(what, sizeof what, "%s: every info[i] = %d", when, code);
    expect(all_info(code), what);
    snprintf(what, sizeof what, "%s: bl_last_error names '%s'", when, message);
    expect(contains(bl_last_error(), message) && contains(bl_last_error(), "getrf_batch"), what);
    snprintf(what, sizeof what, "%s: nothing computed", when);
    expect(untouched() && bl_last_backend() == BL_BACKEND_AUTO, what);
    snprintf(what, sizeof what, "%s: gemm (no info) returns %d", when, code);
    expect(gemm() == code, what);
    /* The argument checks come first: an illegal argument is still reported as -k. */
    reset();
    snprintf(what, sizeof what, "%s: an illegal lda still gives -4", when);
    expect(getrf(N - 1) == -4 && all_info(-4), what);
}

/* Why no device: the build says which of the two it is. */
static const char *no_device_reason(void) {
    return BLTEST_CUDA ? "no CUDA device was found" : "the library was built without CUDA";
}

static void api(void) {
    expect(strcmp(bl_backend_name(BL_BACKEND_AUTO), "auto") == 0 && strcmp(bl_backend_name(BL_BACKEND_CPU), "cpu") == 0 &&
               strcmp(bl_backend_name(BL_BACKEND_CUDA), "cuda") == 0 &&
               strcmp(bl_backend_name((bl_backend)7), "unknown") == 0,
           "bl_backend_name");
    expect(bl_get_backend() == BL_BACKEND_AUTO, "default setting auto");
    expect(bl_set_backend((bl_backend)7) == BL_ERROR_INVALID_VALUE, "bl_set_backend(7) fails");
    expect(contains(bl_last_error(), "bl_set_backend") && contains(bl_last_error(), "7 is not a backend"),
           "bl_set_backend(7): the message names the value");
    expect(bl_get_backend() == BL_BACKEND_AUTO, "bl_set_backend(7) leaves the setting");
    expect(bl_set_backend(BL_BACKEND_CPU) == 0 && bl_get_backend() == BL_BACKEND_CPU, "bl_set_backend(CPU)");
    runs_on_cpu("backend cpu");
    if (!bl_cuda_available()) {
        expect(bl_set_backend(BL_BACKEND_CUDA) == BL_ERROR_NO_DEVICE, "bl_set_backend(CUDA) without a device fails");
        expect(contains(bl_last_error(), no_device_reason()), "bl_set_backend(CUDA): the message says why");
        expect(contains(bl_error_string(BL_ERROR_NO_DEVICE), no_device_reason()), "bl_error_string says why");
        expect(bl_get_backend() == BL_BACKEND_CPU, "a failed bl_set_backend(CUDA) leaves the setting");
    }
    /* The test runs with OMP_NUM_THREADS=3 (tests/CMakeLists.txt), which a build without OpenMP
     * ignores. */
    expect(bl_cpu_threads() == (BLTEST_OPENMP ? 3 : 1), "bl_cpu_threads follows OMP_NUM_THREADS");
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "api") == 0) {
        unsetenv("BATCHLAPACK_BACKEND");
        api();
    } else if (argc == 4 && strcmp(argv[1], "env") == 0) {
        const char *value = argv[2], *expected = argv[3];
        char name[200];
        setenv("BATCHLAPACK_BACKEND", value, 1);
        snprintf(name, sizeof name, "BATCHLAPACK_BACKEND=%s", value);
        if (strcmp(expected, "cpu") == 0) {
            runs_on_cpu(name);
            expect(bl_get_backend() == BL_BACKEND_CPU, "bl_get_backend() says cpu");
        } else if (strcmp(expected, "invalid") == 0) {
            fails(BL_ERROR_INVALID_VALUE, name, name);
            reset();
            expect(getrf(N) == BL_ERROR_INVALID_VALUE && contains(bl_last_error(), "use auto, cpu or cuda"),
                   "the message lists the names");
            expect(bl_get_backend() == BL_BACKEND_AUTO, "bl_get_backend() says auto");
            expect(bl_set_backend(BL_BACKEND_CPU) == 0, "bl_set_backend overrides the environment");
            runs_on_cpu("after bl_set_backend(CPU)");
        } else if (strcmp(expected, "nodevice") == 0) {
            if (bl_cuda_available()) {
                printf("SKIPPED: a CUDA device is usable here\n");
                return 77;
            }
            fails(BL_ERROR_NO_DEVICE, no_device_reason(), name);
            expect(bl_get_backend() == BL_BACKEND_CUDA, "bl_get_backend() says cuda");
        } else {
            fprintf(stderr, "backend_setting: unknown expectation '%s'\n", expected);
            return 2;
        }
    } else if (argc == 4 && strcmp(argv[1], "isa") == 0) {
        const char *value = argv[2], *expected = argv[3];
        char name[200];
        setenv("BATCHLAPACK_BACKEND", "cpu", 1);
        setenv("BATCHLAPACK_CPU_ISA", value, 1);
        snprintf(name, sizeof name, "BATCHLAPACK_CPU_ISA=%s", value);
        if (strcmp(expected, "cpu") == 0) {
            runs_on_cpu(name);
        } else if (strcmp(expected, "invalid") == 0) {
            fails(BL_ERROR_INVALID_VALUE, name, name);
            reset();
            expect(getrf(N) == BL_ERROR_INVALID_VALUE && contains(bl_last_error(), "is not an instruction set: use "),
                   "the message lists the names");
        } else {
            fprintf(stderr, "backend_setting: unknown expectation '%s'\n", expected);
            return 2;
        }
    } else {
        fprintf(stderr, "usage: backend_setting api | env VALUE cpu|invalid|nodevice | isa VALUE cpu|invalid\n");
        return 2;
    }
    printf("backend_setting: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
