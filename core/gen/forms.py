"""The argument lists the Fortran and compatibility emitters number, and what the table's `shapes`
say (gen/table.py).

Every place that renumbers arguments -- the Fortran interfaces' maps from C positions to their
own, the MAGMA wrappers' renumbering -- starts from c_args: capi.params (the C prototypes'
parameter lists) with each parameter's role, so that the numbering of docs/decisions.md
("Argument numbering") is written down once, in capi.py: LAPACK's arguments in LAPACK's order;
in the strided layout a stride follows each array's leading dimension or increment, or the array
itself when it has neither; then info (absent in the BLAS routines) and batch.

An item of a list is an Item: `name` (as the C prototypes spell it: 'A', 'lda', 'strideA'),
`kind` ('opt', 'size', 'scalar', 'array', 'ld', 'stride', 'info', 'batch') and `arg`, the table's
Arg the item belongs to (the array itself for its ld and stride; None for info and batch).
"""

from collections import namedtuple

from gen import capi
from gen.table import Opt, Int, Scalar, Array, Either

Item = namedtuple('Item', 'name kind arg')

LAYOUTS = {'strided': capi.STRIDED, 'ptr': capi.POINTERS, 'vbatch': capi.VARIABLE}


def c_args(routine, layout):
    """The C entry point's arguments: layout 'strided' (bl_?NAME_batch), 'ptr' (_batch_ptr) or
    'vbatch' (_vbatch)."""
    roles = {'info': Item('info', 'info', None), 'batch': Item('batch', 'batch', None)}
    for a in routine.args:
        kind = {Opt: 'opt', Int: 'size', Scalar: 'scalar', Array: 'array'}[type(a)]
        roles[a.name] = Item(a.name, kind, a)
        if isinstance(a, Array):
            if a.ld:
                roles[a.ld] = Item(a.ld, 'ld', a)
            roles[a.stride] = Item(a.stride, 'stride', a)
    return [roles[name] for _, name in capi.params(routine, LAYOUTS[layout], capi.C_TYPES['d'])]


def lapack_args(routine):
    """LAPACK's own argument list: the pointer layout's without info and batch."""
    return [it for it in c_args(routine, 'ptr') if it.kind not in ('info', 'batch')]


def arrays(routine):
    return [a for a in routine.args if isinstance(a, Array)]


def sizes(routine):
    return [a for a in routine.args if isinstance(a, Int)]


def is_vector(routine, array):
    """One dimension per problem: a vector (with an increment when it has an ld)."""
    return len(branches(routine.shapes[array.name])[0][1]) == 1


def branches(shape):
    """[(condition, dims)]: one unconditional branch (condition None) for a plain shape; two for an
    Either, conditions (opt, letter, True) and (opt, letter, False)."""
    if isinstance(shape, Either):
        return [((shape.opt, shape.letter, True), shape.then),
                ((shape.opt, shape.letter, False), shape.otherwise)]
    return [(None, tuple(shape))]


def dim_expr(shape, d):
    """Dimension d of a shape: an expression string, or (opt, letter, then, otherwise) where an
    option decides it."""
    if isinstance(shape, Either):
        if shape.then[d] == shape.otherwise[d]:
            return shape.then[d]
        return (shape.opt, shape.letter, shape.then[d], shape.otherwise[d])
    return shape[d]


def batch_source(routine):
    """The array whose last extent is the batch count in the Fortran generic form: the first
    matrix argument (DESIGN.md, Fortran)."""
    for a in arrays(routine):
        if not is_vector(routine, a):
            return a
    raise ValueError(routine.name + ': no matrix argument')


def size_sources(routine):
    """{size name: (array, dims)} -- where the Fortran generic form reads each size from: `dims`
    is the dimension (1-based) holding it, or (opt, letter, dim_then, dim_otherwise) where an
    option decides which. A size is read from the first array dimension that is exactly that
    size whatever the options; failing that, from the first array that has it as a whole
    dimension under either value of the option its shape depends on (gemm's k: a's columns, or
    its rows when transposed)."""
    found = {}
    for s in sizes(routine):
        plain = cond = None
        for a in arrays(routine):
            shape = routine.shapes[a.name]
            br = branches(shape)
            where = [[d + 1 for d, e in enumerate(dims) if e == s.name] for _, dims in br]
            if not all(where):
                continue
            if len(br) == 1 or where[0][0] == where[1][0]:
                plain = plain or (a, where[0][0])
            else:
                cond = cond or (a, (shape.opt, shape.letter, where[0][0], where[1][0]))
        src = plain or cond
        if src is None:
            raise ValueError('%s: no array dimension gives size %s' % (routine.name, s.name))
        found[s.name] = src
    return found


def eval_dims(routine, array, sizes_, options):
    """The dimensions of one problem's `array` for the sizes {name: value} and the options
    {name: letter}, as integers (the shapes' expressions are Python)."""
    shape = routine.shapes[array.name]
    if isinstance(shape, Either):
        dims = shape.then if options[shape.opt] == shape.letter else shape.otherwise
    else:
        dims = shape
    return [eval(e, {'min': min, 'max': max}, dict(sizes_)) for e in dims]
