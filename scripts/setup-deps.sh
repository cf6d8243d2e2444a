#!/usr/bin/env bash
# Makes sure the system packages batchlapack needs are present, on Debian/Ubuntu.
#
#   scripts/setup-deps.sh          what building the library and the examples needs
#   scripts/setup-deps.sh test     the same, plus what the test suite needs (GoogleTest, LAPACK's
#                                  test-matrix generators libtmglib) and, optional, Ninja (the
#                                  sanitizer script's build: scripts/sanitize.sh)
#   scripts/setup-deps.sh mkl      Intel oneMKL (Debian's libmkl-dev, from the non-free component,
#                                  which it adds to apt's sources), for the benchmark's oneMKL
#                                  peers (bench/mkl_peer.cpp); opt-in, not part of `test` or CI
#
# Missing packages are installed with apt-get when run as root (the README's commands run on a
# fresh machine with nothing done before them); otherwise the script stops and names them, so that
# nothing half-configured follows. gfortran (the Fortran module), OpenBLAS where reference
# LAPACK is already present and Ninja are optional: installed when root, only mentioned otherwise.
set -euo pipefail

want_tests=0
want_mkl=0
case "${1:-}" in
  "") ;;
  test) want_tests=1 ;;
  mkl) want_mkl=1 ;;
  *) echo "usage: $0 [test|mkl]" >&2; exit 2 ;;
esac

# Is a Debian package installed? Falls back to "no" where dpkg does not exist.
installed() {
  command -v dpkg-query >/dev/null 2>&1 &&
    [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
# The build generates the API (headers, entry points, Fortran interfaces) from the routine table.
command -v python3 >/dev/null 2>&1 || missing+=(python3)
optional=()
# LAPACK: OpenBLAS's (optimized) is installed when we can; reference LAPACK, when already present,
# is accepted otherwise (the build then uses it).
if ! installed libopenblas-dev; then
  if installed liblapack-dev; then optional+=(libopenblas-dev); else missing+=(libopenblas-dev); fi
fi
if [ "$want_tests" = 1 ] && ! installed libgtest-dev; then
  missing+=(libgtest-dev)
fi
# LAPACK's own test-matrix generators (dlatms and kin), for the hard-matrix tests.
if [ "$want_tests" = 1 ] && ! installed libtmglib-dev; then
  missing+=(libtmglib-dev)
fi
command -v gfortran >/dev/null 2>&1 || optional+=(gfortran)
# Ninja builds scripts/sanitize.sh's targets side by side (Make builds them one after another).
if [ "$want_tests" = 1 ] && ! command -v ninja >/dev/null 2>&1; then
  optional+=(ninja-build)
fi
# oneMKL for the benchmark alone: installed without questions, its debconf default leaves the
# system's BLAS and LAPACK (update-alternatives) as they were, so the library still links OpenBLAS.
if [ "$want_mkl" = 1 ] && ! installed libmkl-dev; then
  missing+=(libmkl-dev)
fi

# libmkl-dev is in Debian's non-free component, which a default installation leaves out: a copy of
# each Debian source (deb822 or one-line) with that component alone, beside the originals.
add_non_free() {
  local list=/etc/apt/sources.list.d/batchlapack-non-free
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed -e 's/^Components:.*/Components: non-free/' /etc/apt/sources.list.d/debian.sources >"$list.sources"
  elif [ -f /etc/apt/sources.list ]; then
    awk '$1 == "deb" { print $1, $2, $3, "non-free" }' /etc/apt/sources.list >"$list.list"
  fi
}

if [ "${#missing[@]}" -eq 0 ] && [ "${#optional[@]}" -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup-deps: installing ${missing[*]} ${optional[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  # Only what is required may stop the build: with nothing required missing, a package index or
  # mirror that cannot be reached just leaves the optional packages out.
  if [ "$want_mkl" = 1 ] && ! installed libmkl-dev; then add_non_free; fi
  if [ "${#missing[@]}" -gt 0 ]; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    apt-get update -qq || true
  fi
  if [ "${#optional[@]}" -gt 0 ]; then
    apt-get install -y -qq --no-install-recommends "${optional[@]}" >/dev/null ||
      echo "setup-deps: could not install ${optional[*]} (optional: without gfortran the Fortran module is skipped, without OpenBLAS reference LAPACK is used, without Ninja the sanitizer build is slower)" >&2
  fi
  exit 0
fi

if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup-deps: missing system packages: ${missing[*]}" >&2
  echo "setup-deps: install them (as root: apt-get install ${missing[*]}) and run again." >&2
  exit 1
fi
echo "setup-deps: optional packages not installed: ${optional[*]} (gfortran: the Fortran module is skipped; libopenblas-dev: reference LAPACK is used; ninja-build: the sanitizer build is slower)" >&2
