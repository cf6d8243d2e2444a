#!/usr/bin/env python3
"""Generates everything the routine table (core/routines.py) describes, at build time:

    generate.py --out DIR [--precisions sdcz] [--fortran] [--compat] [--magma_lib] [--argtests]
                [--fuzz] [--list]

into DIR (CMake's ${CMAKE_BINARY_DIR}/generated):
    include/batchlapack/<family>.h    the public C headers, documented (gen/c_headers.py)
    include/batchlapack/<family>.hpp  the C++ overloads (gen/cpp_headers.py)
    core/op_args.hpp                  the operation structs' members and fields (gen/op_args.py)
    interface_c/<family>.cpp          the extern "C" entry points of the precisions asked for
                                      (gen/entry_points.py)
and, when asked,
    fortran/routines_spec.inc,        the Fortran module's routines, which batchlapack.F90
    fortran/routines_body.inc         includes (gen/fortran.py)
    include/batchlapack_magma.h       MAGMA's batched names, header-only (gen/compat.py)
    magma/include/magma_v2.h,         the MAGMA compatibility library: its headers and its
    magma/include/magma_types.h,      routines, which libmagma.so compiles
    magma/magma.cpp                   (gen/magma_lib.py, --magma_lib)
    include/batchlapack_mkl.h,        oneMKL's batch names: their declarations, the headers
    include/batchlapack/mkl/*.h,      that serve oneMKL's names for them, and their definitions
    compat/mkl.c                      for libbatchlapack_mkl (gen/compat_mkl.py, --compat_mkl)
    tests/test_arguments.cpp, .F90    the argument-numbering tests (gen/argtests.py)
    tests/fuzz_entries.inc            the argument fuzzer's entry points (gen/fuzz.py).
Each emitter is a module of gen/ with a function emit(routines, families, precisions, outdir)
that writes its files through gen.output.write; precisions is a string of precision letters in
LAPACK's order ('sdcz', 'd', ...).

A file whose text has not changed is not rewritten, so that an edit to one entry recompiles only
what it changes. --list prints the files a run would write, one per line, without writing them
to DIR: CMake asks for it at configure time to know its sources."""

import argparse
import os
import sys
import tempfile

# The table imports gen.table: core/ is the root of both.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import routines as table  # noqa: E402  (core/routines.py)
from gen import c_headers, capi, cpp_headers, entry_points, op_args  # noqa: E402
from gen.table import Array  # noqa: E402

# The emitters every build runs, and those run on request (--<name>), by module name.
EMITTERS = [op_args, c_headers, cpp_headers, entry_points]
OPTIONAL = ['fortran', 'compat', 'magma_lib', 'compat_mkl', 'argtests', 'fuzz']


def validate(routines, families):
    """Refuses a table the emitters would turn into code that does not compile, or worse, into
    an API that silently differs from what the entry says."""
    family_names = [f.name for f in families]
    seen = set()
    for r in routines:
        where = 'core/routines.py, %s: ' % r.name
        if r.family not in family_names:
            raise ValueError(where + 'family %r is not one of FAMILIES' % r.family)
        for name in {r.name, r.complex_name, r.op}:
            if name in seen:
                raise ValueError(where + '%r names another routine already' % name)
            seen.add(name)
        names = [name for _, name, _, _ in capi.strided_arguments(r)]
        if len(set(names)) != len(names):
            raise ValueError(where + 'two arguments of the strided call share a name: %s' % names)
        for a in r.args:
            if isinstance(a, Array) and not a.stride_doc:
                raise ValueError(where + 'array %s has no stride_doc' % a.name)
    for f in families:
        if not any(r.family == f.name for r in routines):
            raise ValueError('core/routines.py: family %r has no routine' % f.name)


def run(emitters, precisions, outdir):
    for emitter in emitters:
        emitter.emit(table.ROUTINES, table.FAMILIES, precisions, outdir)


def main():
    parser = argparse.ArgumentParser(
        description='Generates what the routine table, core/routines.py, describes.')
    parser.add_argument('--out', required=True, help='directory to write into')
    parser.add_argument('--precisions', default=capi.PRECISIONS,
                        help='precision letters of the entry points to generate (default sdcz)')
    parser.add_argument('--list', action='store_true',
                        help='print the files a run writes instead of writing them')
    for name in OPTIONAL:
        parser.add_argument('--' + name, action='store_true', help='also run gen/%s.py' % name)
    args = parser.parse_args()

    precisions = capi.check_precisions(args.precisions.replace(';', '').replace(',', ''))
    validate(table.ROUTINES, table.FAMILIES)
    emitters = list(EMITTERS)
    for name in OPTIONAL:
        if getattr(args, name):
            emitters.append(__import__('gen.' + name, fromlist=['emit']))

    if not args.list:
        run(emitters, precisions, args.out)
        return
    # The files are whatever the emitters write: a run into a scratch directory says which.
    with tempfile.TemporaryDirectory() as scratch:
        run(emitters, precisions, scratch)
        written = sorted(os.path.relpath(os.path.join(d, f), scratch)
                         for d, _, files in os.walk(scratch) for f in files)
    out = os.path.abspath(args.out)
    for path in written:
        print(os.path.join(out, path).replace(os.sep, '/'))


if __name__ == '__main__':
    main()
