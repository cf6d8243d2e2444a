#include "parallel.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

// The thread controls of the multithreaded BLAS libraries, when the linked BLAS is one of them.
// Weak references: with reference BLAS they are null and nothing is called.
extern "C" {
void openblas_set_num_threads(int) __attribute__((weak));
int openblas_get_num_threads(void) __attribute__((weak));
int MKL_Set_Num_Threads_Local(int) __attribute__((weak));
void bli_thread_set_num_threads(long) __attribute__((weak));
long bli_thread_get_num_threads(void) __attribute__((weak));
}

namespace bl {
namespace cpu {

SingleThreadedBlas::SingleThreadedBlas() {
    if (openblas_set_num_threads && openblas_get_num_threads) {
        saved_openblas_ = openblas_get_num_threads();
        if (saved_openblas_ != 1) openblas_set_num_threads(1);
    }
    if (MKL_Set_Num_Threads_Local) saved_mkl_ = MKL_Set_Num_Threads_Local(1);
    if (bli_thread_set_num_threads && bli_thread_get_num_threads) {
        saved_blis_ = int(bli_thread_get_num_threads());
        bli_thread_set_num_threads(1);
    }
}

SingleThreadedBlas::~SingleThreadedBlas() {
    if (saved_openblas_ > 1) openblas_set_num_threads(saved_openblas_);
    if (saved_mkl_ >= 0) MKL_Set_Num_Threads_Local(saved_mkl_);
    if (saved_blis_ >= 0) bli_thread_set_num_threads(saved_blis_);
}

int max_threads() {
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

int thread_index() {
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

}  // namespace cpu
}  // namespace bl
