// The main of the small-stack runs of the test suite (tests/CMakeLists.txt, cpu.small_stacks.*):
// the tests of a family run, as usual, against the system LAPACK, but in a thread created with a
// 256 KiB stack, the OpenMP workers having as much (OMP_STACKSIZE=256K in the test's environment).
// The library promises to work there (docs/decisions.md, "Thread stacks"): its kernels keep their
// large buffers in per-thread heap workspace, so that a caller's small threads, and OpenMP's,
// do not overflow. An overflow is a crash of this program.
#include <gtest/gtest.h>

#include <pthread.h>

#include <cstdio>

namespace {

constexpr size_t kStack = 256 << 10;

void *run_tests(void *result) {
    *static_cast<int *>(result) = RUN_ALL_TESTS();
    return nullptr;
}

}  // namespace

int main(int argc, char **argv) {
    testing::InitGoogleTest(&argc, argv);
    pthread_attr_t attr;
    pthread_t thread;
    int result = 1;
    if (pthread_attr_init(&attr) != 0 || pthread_attr_setstacksize(&attr, kStack) != 0 ||
        pthread_create(&thread, &attr, run_tests, &result) != 0) {
        std::fprintf(stderr, "small_stack_main: could not start a thread with a %zu-byte stack\n", kStack);
        return 1;
    }
    pthread_join(thread, nullptr);
    pthread_attr_destroy(&attr);
    return result;
}
