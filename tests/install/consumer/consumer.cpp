// The C++ program of the README's build lines (install.docs): an overload of <batchlapack.hpp>
// from an installed batchlapack (in double, which every build's precisions include: a
// development build may have d alone). Exits 0 on success.
#include <batchlapack.hpp>

#include <cstdio>
#include <vector>

int main() {
    // Two copies of [1 2; 3 4] (column-major): rows swapped, U(1,1) = 3 in both.
    std::vector<double> a = {1, 3, 2, 4, 1, 3, 2, 4};
    std::vector<int> ipiv(4), info(2);
    if (batchlapack::getrf_batch(2, 2, a.data(), 2, 4, ipiv.data(), 2, info.data(), 2) != 0 ||
        ipiv[0] != 2 || ipiv[2] != 2 || a[0] != 3 || a[4] != 3) {
        std::fprintf(stderr, "consumer.cpp: wrong result (%s)\n", bl_last_error());
        return 1;
    }
    std::printf("consumer.cpp: batchlapack %s ok\n", bl_version_string());
    return 0;
}
