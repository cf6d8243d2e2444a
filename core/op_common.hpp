// What the operation descriptions (ops/*.hpp) share.
#pragma once

#include "args.hpp"

namespace bl {

// Complex operations cost about four real ones; LAPACK's counts (and ours) say so.
template <class T> constexpr double flop_scale = is_complex<T> ? 4.0 : 1.0;

}  // namespace bl
