// Fixed-size kernels for tiny matrices (small.hpp). Until a kernel exists for a routine, its entry
// declines every matrix and the system LAPACK runs.
#include "small.hpp"
#include "ops.hpp"

#include <complex>

namespace bl {
namespace cpu {
namespace small {

template <class T> bool getrf(int, int, T *, int, int *, int *) { return false; }
template <class T> bool getrs(char, int, int, const T *, int, const int *, T *, int) { return false; }
template <class T> bool potrf(char, int, T *, int, int *) { return false; }
template <class T> bool potrs(char, int, int, const T *, int, T *, int) { return false; }
template <class T> bool trsv(char, char, char, int, const T *, int, T *, int) { return false; }
template <class T> bool geqrf(int, int, T *, int, T *) { return false; }
template <class T> bool gebrd(int, int, T *, int, Real<T> *, Real<T> *, T *, T *) { return false; }

#define BL_SMALL_INSTANTIATE(p, T)                                                                \
    template bool getrf<T>(int, int, T *, int, int *, int *);                                     \
    template bool getrs<T>(char, int, int, const T *, int, const int *, T *, int);                \
    template bool potrf<T>(char, int, T *, int, int *);                                           \
    template bool potrs<T>(char, int, int, const T *, int, T *, int);                             \
    template bool trsv<T>(char, char, char, int, const T *, int, T *, int);                       \
    template bool geqrf<T>(int, int, T *, int, T *);                                              \
    template bool gebrd<T>(int, int, T *, int, Real<T> *, Real<T> *, T *, T *);
BL_PRECISIONS(BL_SMALL_INSTANTIATE)

}  // namespace small
}  // namespace cpu
}  // namespace bl
