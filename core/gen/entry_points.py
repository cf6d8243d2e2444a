"""The extern "C" entry points: interface_c/<family>.cpp, one file per family with the precisions
the build asks for (a unit per precision cost more in the compiler's fixed work on the shared
headers than it gained in parallel compilation).

An entry point only packs its arguments into the routine's operation struct (core/ops/) and hands
it to bl::call (bl::call_blas for the routines without info), which numbers, checks, dispatches
and runs it (core/call.hpp). The definitions see the public prototypes (through call.hpp), which
give them their default visibility."""

from gen import capi
from gen.output import GENERATED, wrap_list, write
from gen.table import Array


def _operand(arg, layout):
    """How an argument enters the operation struct: as itself, or an Array built from the
    pointer (or array of pointers), its leading dimension and its stride."""
    if not isinstance(arg, Array):
        return arg.name
    parts = [arg.name] + ([arg.ld] if arg.ld else []) + ([arg.stride] if layout.strided else [])
    return 'bl::%s(%s)' % ('strided' if layout.strided else 'pointers', ', '.join(parts))


def _definition(routine, precision, layout):
    types = capi.CXX_TYPES[precision]
    name = capi.c_name(routine, precision, layout)
    params = [capi.declare(x) for x in capi.params(routine, layout, types)]
    lines = wrap_list('int %s(' % name, params, ') {')
    lines += wrap_list('    bl::%s<%s> op{{' % (routine.op, types[0]),
                       [_operand(a, layout) for a in routine.args], '}};')
    if routine.info:
        lines.append('    return bl::call(op, Layout::%s, "%s", info, batch);'
                     % (layout.enum, name))
    else:
        lines.append('    return bl::call_blas(op, Layout::%s, "%s", batch);' % (layout.enum, name))
    lines.append('}')
    return lines


def source(family, routines, precisions):
    """The text of interface_c/<family>.cpp."""
    lines = ['// ' + GENERATED,
             '// The public entry points of batchlapack/%s.h in precisions %s.'
             % (family.name, ', '.join(precisions)),
             '#include "call.hpp"',
             '',
             'using bl::Layout;',
             '',
             'extern "C" {']
    for precision in precisions:
        for r in routines:
            for layout in capi.LAYOUTS:
                lines.append('')
                lines += _definition(r, precision, layout)
    lines += ['',
              '}  // extern "C"']
    return '\n'.join(lines) + '\n'


def emit(routines, families, precisions, outdir):
    for family in families:
        members = [r for r in routines if r.family == family.name]
        write(outdir, 'interface_c/%s.cpp' % family.name, source(family, members, precisions))
