"""The C++ overloads, one header per family: include/batchlapack/<family>.hpp, included by
<batchlapack.hpp>. Each C function gets an inline overload on its scalar type in namespace
batchlapack, named without the bl_ prefix and the precision letter; a routine whose complex name
differs (ormqr / unmqr) also has its complex name in the real precisions, so that
precision-generic code calls one name in all four."""

from gen import capi
from gen.output import GENERATED, fill, wrap_list, write


def _overloads(routine):
    lines = []
    for layout in capi.LAYOUTS:
        for p in capi.PRECISIONS:
            params = capi.params(routine, layout, capi.CXX_TYPES[p])
            names = [name for _, name in params]
            for base in capi.names_in_precision(routine, p):
                lines.append('')
                lines += wrap_list('inline int %s_%s(' % (base, layout.suffix),
                                   [capi.declare(x) for x in params], ') {')
                lines += wrap_list('    return %s(' % capi.c_name(routine, p, layout), names, ');')
                lines.append('}')
    return lines


def header(family, routines):
    """The text of batchlapack/<family>.hpp."""
    guard = 'BATCHLAPACK_%s_HPP' % family.name.upper()
    names = []
    for r in routines:
        names += [r.name] + ([r.complex_name] if r.complex_name != r.name else [])
    lines = ['// ' + GENERATED]
    lines += fill('C++ overloads of batchlapack/%s.h (%s), included by <batchlapack.hpp>.'
                  % (family.name, ', '.join(names)), '// ', '// ')
    lines += ['#ifndef ' + guard,
              '#define ' + guard,
              '',
              'namespace batchlapack {']
    for r in routines:
        lines += _overloads(r)
    lines += ['',
              '}  // namespace batchlapack',
              '',
              '#endif  // ' + guard]
    return '\n'.join(lines) + '\n'


def emit(routines, families, precisions, outdir):
    for family in families:
        members = [r for r in routines if r.family == family.name]
        write(outdir, 'include/batchlapack/%s.hpp' % family.name, header(family, members))
