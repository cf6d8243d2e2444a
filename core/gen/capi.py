"""The C API a routine of the table has, as DESIGN.md defines it: its names and parameter lists in
the three layouts and four precisions. Every emitter that writes a prototype or a call of the C
API (the public headers, the entry points, the C++ overloads, and the Fortran and compatibility
layers) takes it from here, so that they cannot disagree."""

from gen.table import Opt, Int, Scalar, Array

# The four LAPACK precisions, in LAPACK's order.
PRECISIONS = 'sdcz'

# Scalar type and real type of each precision: as the public C headers spell them (the complex
# types are overridable macros there), and as C++ spells them (batchlapack.hpp, the library).
C_TYPES = {'s': ('float', 'float'), 'd': ('double', 'double'),
           'c': ('bl_complex_float', 'float'), 'z': ('bl_complex_double', 'double')}
CXX_TYPES = {'s': ('float', 'float'), 'd': ('double', 'double'),
             'c': ('std::complex<float>', 'float'), 'z': ('std::complex<double>', 'double')}


class Layout:
    """One of the three layouts. suffix: of the C name (bl_dgetrf_<suffix>); enum: its
    bl::Layout in the core; strided: arrays at a stride (else arrays of pointers); variable:
    sizes, leading dimensions and increments are arrays of batch values."""

    def __init__(self, suffix, enum, strided, variable):
        self.suffix = suffix
        self.enum = enum
        self.strided = strided
        self.variable = variable


STRIDED = Layout('batch', 'Strided', strided=True, variable=False)
POINTERS = Layout('batch_ptr', 'Pointers', strided=False, variable=False)
VARIABLE = Layout('vbatch', 'Variable', strided=False, variable=True)
LAYOUTS = [STRIDED, POINTERS, VARIABLE]


def check_precisions(precisions):
    """The precisions of a --precisions argument ('sdcz', 'd', ...), in LAPACK's order."""
    unknown = set(precisions) - set(PRECISIONS)
    if unknown or not precisions:
        raise ValueError('precisions must be letters of %r, not %r' % (PRECISIONS, precisions))
    return ''.join(p for p in PRECISIONS if p in precisions)


def c_name(routine, precision, layout):
    """The public C name: bl_dgetrf_batch, bl_zunmqr_vbatch."""
    return 'bl_%s_%s' % (routine.lapack_name(precision), layout.suffix)


def names_in_precision(routine, precision):
    """The names without precision letter that the C++ overloads of a precision carry: LAPACK's
    name of that precision, and in the real precisions also the complex name where it differs
    ('ormqr' and 'unmqr'), so that precision-generic code has one name for all four."""
    if precision in 'cz':
        return [routine.complex_name]
    return [routine.name] + ([routine.complex_name] if routine.complex_name != routine.name else [])


def _elem(arg, types):
    """The C type of one element of an Array."""
    scalar, real = types
    return {'T': scalar, 'R': real, 'int': 'int'}[arg.elem]


def params(routine, layout, types):
    """The parameters of the C function, as (type, name) pairs in order; `types` is C_TYPES[p] or
    CXX_TYPES[p]. A pointer type ends with '*' (declare(...) joins them)."""
    scalar = types[0]
    size = 'const int *' if layout.variable else 'int'
    out = []
    for a in routine.args:
        if isinstance(a, Opt):
            out.append(('char', a.name))
        elif isinstance(a, Int):
            out.append((size, a.name))
        elif isinstance(a, Scalar):
            out.append((scalar, a.name))
        elif isinstance(a, Array):
            elem = ('const ' if a.intent == 'in' else '') + _elem(a, types)
            out.append((elem + (' *' if layout.strided else ' *const *'), a.name))
            if a.ld:
                out.append((size, a.ld))
            if layout.strided:
                out.append(('int64_t', a.stride))
        else:
            raise TypeError('unknown argument kind %r of %s' % (a, routine.name))
    if routine.info:
        out.append(('int *', 'info'))
    out.append(('int', 'batch'))
    return out


def declare(param):
    """'float *A', 'int lda' from ('float *', 'A'), ('int', 'lda')."""
    ctype, name = param
    return ctype + name if ctype.endswith('*') else ctype + ' ' + name


def strided_arguments(routine):
    """The arguments of the strided call as (position, name, argument, role) in order, role being
    'value' (the argument itself), 'ld' or 'stride' (of an Array), 'info' or 'batch' (argument
    None): the numbered list of the documentation, and the positions of -k."""
    out = []
    for a in routine.args:
        out.append((a.name, a, 'value'))
        if isinstance(a, Array):
            if a.ld:
                out.append((a.ld, a, 'ld'))
            out.append((a.stride, a, 'stride'))
    if routine.info:
        out.append(('info', None, 'info'))
    out.append(('batch', None, 'batch'))
    return [(k + 1, name, a, role) for k, (name, a, role) in enumerate(out)]
