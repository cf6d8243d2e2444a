#!/usr/bin/env bash
# Runs the example programs of a build tree (default: build/): the C one always, the Fortran one
# when the build has the Fortran module. Used by the README's first command.
set -euo pipefail
build="${1:-build}"
"$build/examples/lu_solve"
if [ -x "$build/examples/fortran/block_jacobi" ]; then
  echo
  "$build/examples/fortran/block_jacobi"
fi
