"""The public C headers, one per family: include/batchlapack/<family>.h.

Each routine gets LAPACK-style documentation (its purpose; every argument of the strided call,
numbered as the -k of an illegal argument counts it, with its (input)/(output) tag and text; the
return value) and its prototypes in the three layouts and four precisions. The headers declare
every precision whatever the build provides: they are the API, the same for every build."""

from gen import capi
from gen.output import GENERATED, fill, wrap_list, write
from gen.table import Array, Int


def _tag(arg, role):
    """The tag of a numbered argument: what the routine does with it."""
    if role == 'info':
        return '(output)'
    if role != 'value' or not isinstance(arg, Array):
        return '(input)'
    tag = {'in': 'input', 'out': 'output', 'inout': 'input/output'}[arg.intent]
    return '(%s%s)' % (tag, ', real' if arg.elem == 'R' else '')


def _text(routine, arg, role):
    if role == 'value':
        return arg.doc
    if role == 'ld':
        return arg.ld_doc
    if role == 'stride':
        return arg.stride_doc
    if role == 'info':
        # What every routine with info writes there besides LAPACK's value (batchlapack.h).
        return ('array of batch entries: ' + routine.info_doc + ' When the call returns -k or '
                'a BL_ERROR_* code, every info[i] holds that return value.')
    return routine.batch_doc


def _title(routine):
    """'?GETRF_BATCH', or '?ORMQR_BATCH (real) / ?UNMQR_BATCH (complex)'."""
    if routine.complex_name == routine.name:
        return '?%s_BATCH' % routine.name.upper()
    return '?%s_BATCH (real) / ?%s_BATCH (complex)' % (routine.name.upper(),
                                                       routine.complex_name.upper())


def _layouts_sentence(routine):
    """How the pointer and variable layouts differ from the strided one, which the list
    documents."""
    if routine.layouts_doc:
        return routine.layouts_doc
    strides = sum(isinstance(a, Array) for a in routine.args)
    # What _vbatch takes as arrays of batch values: the sizes and the leading dimensions and
    # increments, in argument order.
    sizes = [name for _, name, arg, role in capi.strided_arguments(routine)
             if role == 'ld' or (role == 'value' and isinstance(arg, Int))]
    # Where the C name differs by precision (ormqr / unmqr) no single name is given.
    name = ('' if routine.complex_name != routine.name
            else ', bl_?%s_batch' % routine.name)
    return ('Arguments (strided layout%s; the other layouts take the same arguments without the '
            'stride%s, with pointer arrays, and for _vbatch with %s as arrays of batch values):'
            % (name, 's' if strides > 1 else '', ', '.join(sizes)))


def _documentation(routine, name_width):
    """The comment before a routine's prototypes."""
    lines = ['/*']
    lines += fill(_title(routine) + ': ' + routine.purpose, ' * ', ' * ')
    lines.append(' *')
    lines += fill(_layouts_sentence(routine), ' * ', ' * ')
    for k, name, arg, role in capi.strided_arguments(routine):
        first = ' * %3d %s' % (k, name.ljust(name_width))
        rest = ' * ' + ' ' * (len(first) - 3)
        lines += fill(_tag(arg, role) + ' ' + _text(routine, arg, role), first, rest)
    lines += fill('Return: 0, -k for illegal argument k, or a BL_ERROR_* code (see '
                  'batchlapack.h)%s.' % (', also written into every info[i]' if routine.info
                                         else ''), ' *   ', ' *           ')
    lines.append(' */')
    return lines


def _prototypes(routine):
    """The twelve prototypes, a group of four precisions per layout."""
    lines = []
    for layout in capi.LAYOUTS:
        if layout is not capi.LAYOUTS[0]:
            lines.append('')
        for p in capi.PRECISIONS:
            head = 'BL_API int %s(' % capi.c_name(routine, p, layout)
            params = [capi.declare(x) for x in capi.params(routine, layout, capi.C_TYPES[p])]
            lines += wrap_list(head, params, ');')
    return lines


def header(family, routines):
    """The text of batchlapack/<family>.h."""
    guard = 'BATCHLAPACK_%s_H' % family.name.upper()
    # One column for the argument names of the whole header, as wide as its longest name.
    width = 2 + max(len(name) for r in routines for _, name, _, _ in capi.strided_arguments(r))
    lines = ['/* %s */' % GENERATED, '/*']
    lines += fill('batchlapack: ' + family.title, ' * ', ' * ')
    lines.append(' * Included by <batchlapack.h>; see there for the conventions shared by '
                 'every routine.')
    if family.notes:
        lines.append(' *')
        lines += fill(family.notes, ' * ', ' * ')
    lines += [' */',
              '#ifndef ' + guard,
              '#define ' + guard,
              '',
              # Found on the include path: in the build tree the generated headers and
              # batchlapack.h lie in two directories.
              '#ifndef BATCHLAPACK_H',
              '#include <batchlapack.h>',
              '#endif',
              '',
              '#ifdef __cplusplus',
              'extern "C" {',
              '#endif']
    for r in routines:
        lines.append('')
        lines += _documentation(r, width)
        lines += _prototypes(r)
    lines += ['',
              '#ifdef __cplusplus',
              '}',
              '#endif',
              '',
              '#endif /* %s */' % guard]
    return '\n'.join(lines) + '\n'


def emit(routines, families, precisions, outdir):
    for family in families:
        members = [r for r in routines if r.family == family.name]
        write(outdir, 'include/batchlapack/%s.h' % family.name, header(family, members))
