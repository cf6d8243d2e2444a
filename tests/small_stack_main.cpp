// The main of the test programs of the routine families and of the kernels (tests/CMakeLists.txt):
// against the CPU backend (BATCHLAPACK_TEST_BACKEND=cpu, or unset) their tests run, as usual,
// against the system LAPACK, but in a thread created with a 256 KiB stack, the OpenMP workers
// having as much (OMP_STACKSIZE), and the tests' own LAPACK calls with one OpenBLAS thread
// (OPENBLAS_NUM_THREADS=1: OpenBLAS's threaded getrf keeps its threads' job tables on the caller's
// stack, more than 256 KiB). The library promises to work there (docs/decisions.md, "Thread
// stacks"): its kernels keep their large buffers in per-thread heap workspace, so that a caller's
// small threads, and OpenMP's, do not overflow. An overflow is a crash of the test. One run checks
// both the results and the stacks: the suite once ran each of these programs a second time, whole,
// on small stacks, which was a tenth of CI's time. Against the CUDA backend, or with
// BLTEST_NO_SMALL_STACK set (the sanitizers' builds: AddressSanitizer's red zones widen every
// frame), the tests run on the process's main thread as GoogleTest's own main runs them.
//
// glibc carves each thread's static TLS (thread_local data of every library loaded at start) out
// of the stack the thread is given: OpenBLAS's takes 60 KiB of it, the CUDA build's cuBLAS 106
// KiB. The library's promise is about the stack its code can use, so this thread and the OpenMP
// workers get 256 KiB plus the process's static TLS: the program measures it and, for the
// workers (libgomp reads OMP_STACKSIZE when it is loaded), starts itself again with OMP_STACKSIZE
// raised by as much.
#include <gtest/gtest.h>

#include <link.h>
#include <pthread.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

constexpr size_t kStack = 256 << 10;

// Bytes of static TLS of the objects loaded now, each rounded up to its alignment.
size_t static_tls() {
    size_t total = 0;
    dl_iterate_phdr(
        [](dl_phdr_info *info, size_t, void *data) {
            for (int k = 0; k < info->dlpi_phnum; ++k)
                if (info->dlpi_phdr[k].p_type == PT_TLS)
                    *static_cast<size_t *>(data) += info->dlpi_phdr[k].p_memsz + info->dlpi_phdr[k].p_align;
            return 0;
        },
        &total);
    return total;
}

void *run_tests(void *result) {
    *static_cast<int *>(result) = RUN_ALL_TESTS();
    return nullptr;
}

}  // namespace

int main(int argc, char **argv) {
    const char *backend = std::getenv("BATCHLAPACK_TEST_BACKEND");
    bool listing = false;  // CTest's test discovery parses the listing: no line of ours before it
    for (int k = 1; k < argc; ++k) listing = listing || std::string(argv[k]) == "--gtest_list_tests";
    if ((backend && std::string(backend) != "cpu") || std::getenv("BLTEST_NO_SMALL_STACK") || listing) {
        testing::InitGoogleTest(&argc, argv);
        return RUN_ALL_TESTS();
    }
    const size_t tls = static_tls(), stack = kStack + tls;
    if (!std::getenv("BLTEST_SMALL_STACK_TLS")) {  // once: the workers' stacks, then this program again
        const std::string kib = std::to_string((stack + 1023) / 1024) + "K";
        setenv("OMP_STACKSIZE", kib.c_str(), 1);
        setenv("OPENBLAS_NUM_THREADS", "1", 1);
        setenv("BLTEST_SMALL_STACK_TLS", std::to_string(tls).c_str(), 1);
        execv("/proc/self/exe", argv);
        std::fprintf(stderr, "small_stack_main: could not start itself again\n");
        return 1;
    }
    std::printf("small_stack_main: 256 KiB of stack for the tests' thread and the OpenMP workers, plus %zu bytes "
                "of static TLS; the tests' LAPACK on one OpenBLAS thread\n", tls);
    testing::InitGoogleTest(&argc, argv);
    pthread_attr_t attr;
    pthread_t thread;
    int result = 1;
    if (pthread_attr_init(&attr) != 0 || pthread_attr_setstacksize(&attr, stack) != 0 ||
        pthread_create(&thread, &attr, run_tests, &result) != 0) {
        std::fprintf(stderr, "small_stack_main: could not start a thread with a %zu-byte stack\n", stack);
        return 1;
    }
    pthread_join(thread, nullptr);
    pthread_attr_destroy(&attr);
    return result;
}
