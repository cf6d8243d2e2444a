"""The vocabulary of the routine table (core/routines.py): what one routine's entry says.

A routine is described once: its LAPACK name, the operation struct that carries it (core/ops/),
its arguments in LAPACK's order with their documentation, and what its info means. Everything a
routine needs beyond its operation description and its backends' implementations -- the C
prototypes of the three layouts, the extern "C" entry points, the C++ overloads, the Fortran
interfaces and the compatibility names -- is generated from this (core/gen/generate.py), at build
time. Argument positions (the -k of an illegal argument) follow from the order given here: the
operation struct's members and its `fields`, which numbers them, are generated from it too.

Documentation texts are filled to the header's line width. A '\n' in one starts a new line (an
enumeration of cases), and a line that starts with spaces is kept as written (a formula, a table).
"""


class Arg:
    """An argument of the LAPACK routine, in LAPACK's order. `name`: its name in C and in the
    messages of illegal arguments. `doc`: its text in the strided layout's argument list (after
    the '(input)' / '(output)' tag, which is generated)."""

    def __init__(self, name, doc):
        self.name = name
        self.doc = doc


class Opt(Arg):
    """A character option ('N'/'T'/'C', 'L'/'U', ...), one for the whole batch.
    `allowed`: the upper-case characters LAPACK accepts, or a dict {'real': 'NT', 'complex': 'NC'}
    where they differ by precision. The operation's check (core/ops/) enforces them; this records
    them for the interfaces generated from the table."""

    def __init__(self, name, allowed, doc):
        super().__init__(name, doc)
        self.allowed = allowed


class Int(Arg):
    """A size (m, n, k, nrhs): one value for the batch, an array of batch values in _vbatch. It
    must be >= 0, and at most `at_most` where LAPACK bounds it by another size: an expression in
    the sizes before it (as in `shapes`), or an Either of one-element tuples where an option
    decides (ormqr's k <= m for side 'L', <= n otherwise). The argument fuzzer (gen/fuzz.py)
    derives the legal values from this; the operation's check (core/ops/) enforces them."""

    def __init__(self, name, doc, at_most=None):
        super().__init__(name, doc)
        self.at_most = at_most


class Scalar(Arg):
    """alpha, beta: a scalar of the routine's type T, one for the whole batch."""


class Array(Arg):
    """A matrix or vector argument, one per problem.

    elem:   'T' (the routine's scalar type), 'R' (its real type) or 'int'.
    intent: 'in' (read only: const in C, and its stride may be anything, 0 included),
            'out' or 'inout'.
    ld:     the name of its leading dimension or increment (lda, ldb, incx), or None. The
            leading dimension is an Int-like argument of its own (an array in _vbatch), placed
            right after the array; in the strided layout the stride follows it ('stride' + the
            array's name capitalised: strideA, strideIpiv, strideTau).
    ld_doc, stride_doc: the texts of those two arguments.
    referenced: where the routine may leave the array alone although it is not empty (the BLAS
            routines with alpha = 0 or beta = 1), the condition under which it references it: a
            Python expression in the sizes and scalars ('m > 0 and n > 0 and alpha != 0'). An
            array not referenced may be null, and its stride is not checked. None: referenced
            whenever its shape is not empty. Read by the argument fuzzer (gen/fuzz.py); the
            operation's check (core/ops/) enforces it."""

    def __init__(self, name, elem, intent, doc, ld=None, ld_doc=None, stride_doc=None,
                 referenced=None):
        super().__init__(name, doc)
        assert elem in ('T', 'R', 'int') and intent in ('in', 'out', 'inout')
        assert (ld is None) == (ld_doc is None)
        self.elem = elem
        self.intent = intent
        self.ld = ld
        self.ld_doc = ld_doc
        self.stride_doc = stride_doc
        self.referenced = referenced
        self.stride = 'stride' + name[0].upper() + name[1:]


class Family:
    """A public family header, batchlapack/<name>.h (and its C++ overloads, <name>.hpp).

    title:  what its routines do, the line that opens the header after 'batchlapack: '.
    notes:  a paragraph of conventions its routines share, after the title, or None."""

    def __init__(self, name, title, notes=None):
        self.name = name
        self.title = title
        self.notes = notes


class Either:
    """A shape (see Routine's `shapes`) that depends on a character option: `then` where option
    `opt` is `letter` (upper case; any case in a call), `otherwise` for every other value.
    Either('side', 'L', ('m', 'm'), ('n', 'n')): trsm's A is m-by-m from the left, else n-by-n."""

    def __init__(self, opt, letter, then, otherwise):
        assert len(then) == len(otherwise)
        self.opt = opt
        self.letter = letter
        self.then = tuple(then)
        self.otherwise = tuple(otherwise)


class Magma:
    """A routine that MAGMA's batched API has (gen/compat.py writes batchlapack_magma.h from it, and
    gen/magma_lib.py the MAGMA compatibility library). MAGMA's argument list is the pointer
    layout's (bl_?NAME_batch_ptr), in the same order, except that MAGMA may lack info and always
    ends with a queue; MAGMA names most arguments otherwise.
    names: {our argument name: MAGMA's}, for the arguments MAGMA names otherwise ('A': 'dA_array',
           'lda': 'ldda'); and 'info': MAGMA's name of the info array, or None where MAGMA's
           routine has none (the wrapper then passes a scratch array and renumbers the arguments
           after it).
    routine: MAGMA's name of the routine where it is not ours ('getri_outofplace' for getri_oop:
           magma_?getri_outofplace_batched), or None.
    const_inputs: whether MAGMA declares the arrays the routine only reads T const *const * (else
           T **, as its LAPACK routines and magmablas_?trsm_batched do); None: MAGMA's usual
           rule, const in the BLAS routines (no info) alone.
    vbatched: whether MAGMA has the variable-size form, magma(blas)_?NAME_vbatched (the vbatch
           layout's list, sizes as arrays of batchCount + 1 in device memory, and the queue);
           vbatched_const_inputs: const_inputs of that form where it differs (MAGMA's
           magmablas_?gemv_vbatched takes T ** where its batched form takes T const *const *).
    gpu:   whether MAGMA has the single-matrix form magma_?NAME_gpu (LAPACK's list: the matrices
           in device memory, ipiv and info in host memory, no queue)."""

    def __init__(self, routine=None, const_inputs=None, vbatched=False, vbatched_const_inputs=None,
                 gpu=False, **names):
        self.routine = routine
        self.const_inputs = const_inputs
        self.vbatched = vbatched
        self.vbatched_const_inputs = vbatched_const_inputs
        self.gpu = gpu
        self.names = names


class Mkl:
    """A routine that oneMKL's batch API has (gen/compat_mkl.py writes batchlapack_mkl.h and the
    compat library libbatchlapack_mkl from it). oneMKL's lists are ours in the same order but for
    what follows from the kind of routine, not from a fact per entry (gen/compat_mkl.py says what):
    the LAPACK routines (those with info) pass every argument by address and put batch_size
    before info; the BLAS ones have no info and two interfaces, CBLAS functions (a layout first)
    and the Fortran BLAS interface (by address, names in lower case).
    names:     {our argument name: oneMKL's}, for every argument of the strided call that oneMKL
               names otherwise ('A': 'a', 'strideA': 'stride_a'; CBLAS's for the BLAS routines);
               batch is batch_size in all.
    swap, turn: for the CBLAS routines, how CblasRowMajor maps onto the column-major call. A
               row-major matrix is the transpose of the column-major one at the same address, so
               a row-major call is the column-major call of the transposed problem: `swap`, the
               pairs of our arguments whose values trade places (('m', 'n'): sizes; ('A', 'B'):
               arrays, with their ld and stride), `turn`, the options whose value turns over
               ('side': left and right; 'uplo': upper and lower).
    routine:   oneMKL's name of the routine where it is not ours ('getrfnp' for getrf_np), or None.
    group:     whether oneMKL has the group form (?NAME_batch) besides the strided one
               (?getrsnp has only ?getrsnp_batch_strided)."""

    def __init__(self, names, swap=(), turn=(), routine=None, group=True):
        self.names = names
        self.swap = tuple(swap)
        self.turn = tuple(turn)
        self.routine = routine
        self.group = group


class Routine:
    """One routine of the library.

    name:         LAPACK's name without the precision letter ('getrf'); `complex_name` where the
                  complex precisions name it otherwise ('unmqr' for 'ormqr').
    op:           the operation struct in core/ops/ ('Getrf').
    family:       the public header it belongs to (batchlapack/<family>.h), a Family's name.
    info:         whether it has LAPACK's info (the BLAS routines have none).
    purpose:      the paragraph that opens its documentation, after '?NAME_BATCH: '.
    args:         Opt / Int / Scalar / Array, in LAPACK's order.
    info_doc:     what info[i] holds (routines with info).
    batch_doc:    the text of the batch argument ('number of matrices, batch >= 0.').
    layouts_doc:  the sentence on how the pointer and variable layouts differ, if not the
                  generated default.
    shapes:       {array name: the dimensions of one problem's array}, as expressions in the
                  routine's sizes (its Int arguments): ('m', 'n') for an m-by-n matrix,
                  ('min(m, n)',) for a vector of that length, Either(...) where an option decides.
                  Expressions use size names, integers, + - *, min() and max(): valid Python and
                  Fortran as they stand. A one-dimensional shape whose array has an `ld` is a BLAS
                  vector with an increment (x, incx). What follows from them (core/gen/fortran.py):
                  the strides of the Fortran legacy form (ld times the columns of a matrix, the
                  span of a vector), and the sizes and shape checks of the Fortran generic form
                  (each size read from the first array dimension that is exactly that size,
                  dimensions that do not depend on an option first; every other dimension
                  checked: equal for a matrix, at least for a vector).
    magma:        a Magma, for the routines MAGMA's batched API has.
    mkl:          a Mkl, for the routines oneMKL's batch API has."""

    def __init__(self, name, op, family, purpose, args, info=True, info_doc=None,
                 batch_doc='number of matrices, batch >= 0.', complex_name=None, layouts_doc=None,
                 shapes=None, magma=None, mkl=None):
        self.name = name
        self.complex_name = complex_name or name
        self.op = op
        self.family = family
        self.purpose = purpose
        self.args = args
        self.info = info
        self.info_doc = info_doc
        self.batch_doc = batch_doc
        self.layouts_doc = layouts_doc
        self.shapes = shapes or {}
        self.magma = magma
        self.mkl = mkl
        assert info == (info_doc is not None)
        assert set(self.shapes) == {a.name for a in args if isinstance(a, Array)}

    def lapack_name(self, precision):
        """The name in precision 's', 'd', 'c' or 'z', without prefix: 'dgetrf', 'zunmqr'."""
        return precision + (self.complex_name if precision in 'cz' else self.name)
