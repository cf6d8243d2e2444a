// The precisions a translation unit instantiates.
//
// BL_PRECISIONS(X) expands X(letter, scalar type) for each precision the build has
// (BATCHLAPACK_PRECISIONS, all four by default: enabled_precisions.hpp is written by CMake), or,
// in a per-precision build unit (cmake/units.cmake: a family's source compiled once per
// precision, so that the four compile in parallel), for that unit's precision alone.
// BL_PRECISIONS_WITH(M, a) expands M(a, scalar type) likewise, for macros that take an argument
// of their own (the operation of BL_INSTANTIATE_RUN).
#pragma once

#include <complex>

#include "enabled_precisions.hpp"

#if defined(BL_UNIT_s)
#define BL_PRECISIONS(X) X(s, float)
#define BL_PRECISIONS_WITH(M, a) M(a, float)
#elif defined(BL_UNIT_d)
#define BL_PRECISIONS(X) X(d, double)
#define BL_PRECISIONS_WITH(M, a) M(a, double)
#elif defined(BL_UNIT_c)
#define BL_PRECISIONS(X) X(c, std::complex<float>)
#define BL_PRECISIONS_WITH(M, a) M(a, std::complex<float>)
#elif defined(BL_UNIT_z)
#define BL_PRECISIONS(X) X(z, std::complex<double>)
#define BL_PRECISIONS_WITH(M, a) M(a, std::complex<double>)
#else
#define BL_PRECISIONS(X) BL_ENABLED_PRECISIONS(X)
#define BL_PRECISIONS_WITH(M, a) BL_ENABLED_PRECISIONS_WITH(M, a)
#endif
