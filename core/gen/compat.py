"""Compatibility emitter: MAGMA's batched names over batchlapack's pointer-array entry points, from
the routine table (the entries with a `magma` field, gen/table.py's Magma).

Writes include/batchlapack_magma.h (installed beside batchlapack.h). For each routine MAGMA has,
in each precision, a static inline function with MAGMA's name and argument list that calls
bl_<p><routine>_batch_ptr. MAGMA's argument list is ours (the pointer layout's) in the same order,
with MAGMA's names, its option enums for the option characters, a queue last, and no info where
MAGMA's routine has none; what follows from that here, rather than from a fact per entry:

  - the name: magma_<p><routine>_batched, magmablas_<p><routine>_batched for the BLAS routines
    (no info), which return nothing, as MAGMA's do;
  - the array types: MAGMA's LAPACK routines declare every array T ** (inputs too, so a cast
    makes an input const for us); its magmablas routines declare inputs T const *const *, except
    where the entry says otherwise (const_inputs: magmablas_?trsm_batched takes T **);
  - the renumbering: -k counts MAGMA's arguments, so a routine without MAGMA's info renumbers the
    arguments after batchlapack's info (batch, -(k+1) -> -k).
"""

from gen import capi, forms, output

# C types of each precision, in MAGMA's names.
TYPES = {'s': 'float', 'd': 'double', 'c': 'magmaFloatComplex', 'z': 'magmaDoubleComplex'}

# MAGMA's option enums (its magma_types.h): the type, the function that turns a value into
# LAPACK's character, and the values with their characters (None: a value MAGMA has for routines
# of its own, which every routine here rejects as illegal). Both MAGMA layers write their enums
# and conversions from this list: batchlapack_magma.h here, magma_types.h in gen/magma_lib.py.
ENUMS = [
    ('magma_trans_t', 'bl_magma_trans',
     [('MagmaNoTrans', 111, 'N'), ('MagmaTrans', 112, 'T'), ('MagmaConjTrans', 113, 'C')]),
    ('magma_uplo_t', 'bl_magma_uplo',
     [('MagmaUpper', 121, 'U'), ('MagmaLower', 122, 'L'), ('MagmaFull', 123, None),
      ('MagmaHessenberg', 124, None)]),
    ('magma_diag_t', 'bl_magma_diag', [('MagmaNonUnit', 131, 'N'), ('MagmaUnit', 132, 'U')]),
    ('magma_side_t', 'bl_magma_side',
     [('MagmaLeft', 141, 'L'), ('MagmaRight', 142, 'R'), ('MagmaBothSides', 143, None)]),
]

# MAGMA's enum for each option of ours that a MAGMA routine takes (the enum's entry of ENUMS).
OPTION_ENUMS = {
    'trans': ENUMS[0], 'transa': ENUMS[0], 'transb': ENUMS[0],
    'uplo': ENUMS[1], 'diag': ENUMS[2], 'side': ENUMS[3],
}


def enum_lines():
    """The C typedefs of ENUMS and their static inline conversions to LAPACK's characters (an
    unknown value becomes '?', which batchlapack rejects as illegal)."""
    out = []
    for ctype, _, values in ENUMS:
        out += ['typedef enum {'] + ['    %s = %d,' % (name, v) for name, v, _ in values]
        out[-1] = out[-1].rstrip(',')
        out.append('} %s;' % ctype)
    for ctype, fn, values in ENUMS:
        out += ['static inline char %s(%s value) {' % (fn, ctype), '    switch (value) {']
        out += ["    case %s: return '%s';" % (name, c) for name, _, c in values if c]
        out += ["    default: return '?';", '    }', '}']
    return out


def const_inputs(r, vbatched=False):
    """Whether MAGMA's form declares the arrays the routine only reads T const *const *."""
    m = r.magma
    if vbatched and m.vbatched_const_inputs is not None:
        return m.vbatched_const_inputs
    return m.const_inputs if m.const_inputs is not None else not r.info

WIDTH = 100


def magma_name(r, p):
    return ('magmablas_' if not r.info else 'magma_') + p + (r.magma.routine or r.name) + '_batched'


def magma_args(r):
    """[(item, MAGMA's name)]: the pointer layout's arguments as MAGMA's routine takes them (no
    info where MAGMA has none), then the queue (item None)."""
    names = dict(r.magma.names)
    if r.info:
        assert 'info' in names, r.name + ": magma needs 'info' (MAGMA's name of info, or None)"
    out = []
    for it in forms.c_args(r, 'ptr'):
        if it.kind == 'info' and names['info'] is None:
            continue
        out.append((it, names.get(it.name, 'batchCount' if it.kind == 'batch' else it.name)))
    return out + [(None, 'queue')]


def renumbering(r):
    """{our position: MAGMA's} for the arguments whose positions differ."""
    ours = forms.c_args(r, 'ptr')
    theirs = [it.name for it, _ in magma_args(r) if it is not None]
    return {k: theirs.index(it.name) + 1 for k, it in enumerate(ours, 1)
            if it.name in theirs and theirs.index(it.name) + 1 != k}


def parameter(r, p, it, name, vbatched=False):
    """MAGMA's declaration of one parameter (of the batched form, or of the vbatched one, whose
    sizes and leading dimensions are arrays)."""
    T = TYPES[p]
    if it is None:
        return 'magma_queue_t ' + name
    if it.kind == 'opt':
        return OPTION_ENUMS[it.name][0] + ' ' + name
    if it.kind in ('size', 'ld'):
        return 'magma_int_t ' + ('*' if vbatched else '') + name
    if it.kind == 'batch':
        return 'magma_int_t ' + name
    if it.kind == 'scalar':
        return T + ' ' + name
    if it.kind == 'info':
        return 'magma_int_t *' + name
    elem = 'magma_int_t' if it.arg.elem == 'int' else T
    if it.arg.intent == 'in' and const_inputs(r, vbatched):
        return '%s const *const *%s' % (elem, name)
    return '%s **%s' % (elem, name)


def actual(r, p, it, name, vbatched=False):
    """The argument passed to bl_<p><routine>_batch_ptr (or _vbatch) for MAGMA's parameter
    `name`."""
    if it.kind == 'opt':
        return '%s(%s)' % (OPTION_ENUMS[it.name][1], name)
    if it.kind == 'array' and it.arg.intent == 'in' and not const_inputs(r, vbatched):
        # MAGMA's T ** where batchlapack reads only: C converts T ** to const T *const * only
        # with a cast (C++ would do it implicitly).
        elem = 'int' if it.arg.elem == 'int' else TYPES[p]
        return '(const %s *const *)%s' % (elem, name)
    return name


def wrap_list(head, items, tail, indent):
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + (', ' if i + 1 < len(items) else tail)
        if len(line) + len(piece.rstrip()) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = ' ' * indent
        line += piece
    lines.append(line)
    return lines


def function(r, p):
    args = magma_args(r)
    ret = 'magma_int_t' if r.info else 'void'
    out = ['static inline %s %s(' % (ret, magma_name(r, p))]
    out += wrap_list('    ', [parameter(r, p, it, n) for it, n in args], ') {', 4)
    out.append('    (void)queue;')
    call_args = []
    for it in forms.c_args(r, 'ptr'):
        found = [n for i, n in args if i is not None and i.name == it.name]
        call_args.append(actual(r, p, it, found[0]) if found else it.name)  # the scratch info
    bl = capi.c_name(r, p, capi.POINTERS)
    if not r.info:
        out += wrap_list('    (void)%s(' % bl, call_args, ');', 8)
    elif r.magma.names['info'] is not None:
        out += wrap_list('    return %s(' % bl, call_args, ');', 8)
    else:
        (ours, theirs), = renumbering(r).items()
        out.append('    int *info = bl_magma_scratch_info(batchCount);')
        out.append('    if (batchCount > 0 && info == NULL) return BL_ERROR_OUT_OF_MEMORY;')
        out += wrap_list('    int r = %s(' % bl, call_args, ');', 8)
        out.append('    free(info);')
        out.append('    return r == -%d ? -%d : r;  /* %s: argument %d in MAGMA\'s list */' %
                   (ours, theirs, forms.c_args(r, 'ptr')[ours - 1].name, theirs))
    out.append('}')
    return out


# The header's opening: the documentation of the hand-written header it replaces, with the lists
# that follow from the table filled in.
PREAMBLE = """\
/*
 * batchlapack_magma.h -- MAGMA's batched names, mapped onto batchlapack, in this header alone.
 * {generated}
 * (core/gen/compat.py, from the entries' `magma` fields.)
 *
 * For a code that keeps the real MAGMA beside batchlapack, or wants a few of MAGMA's batched
 * names without MAGMA's runtime: include this header and link -lbatchlapack; the calls below
 * keep MAGMA's names and argument lists and run batchlapack's pointer-array routines
 * (bl_<p><routine>_batch_ptr) as static inline functions, so that no symbol clashes with a
 * MAGMA the program also links. It covers
 *
{listing}
 *
 * for p in {precisions}, and the types and constants those calls use. Nothing else of MAGMA
 * (magma_init, queues, magma_malloc, the copy routines) is declared here. A code that replaces
 * MAGMA altogether links the MAGMA compatibility library instead (<prefix>/magma: magma_v2.h and
 * libmagma.so, built with the CUDA backend), which has those too and runs each call on its
 * queue's stream; the two must not be included together.
 *
 * Differences from MAGMA, on purpose or by the nature of a mapping:
 *  - The queue argument is accepted and ignored: a call runs as the batchlapack routine it wraps
 *    does -- synchronously (results in place on return, as a MAGMA call followed by
 *    magma_queue_sync), or on the stream the calling thread set with bl_set_stream.
 *  - Data location: the pointer arrays, the matrices and info_array may be wherever batchlapack
 *    accepts them: host, device or managed memory, on the CUDA backend (MAGMA's info_array is
 *    device memory: batchlapack accepts it); host memory only, on the CPU backend.
 *  - magma_int_t is int (MAGMA's LP64 build); MAGMA's ILP64 build is not supported.
 *  - Return values are batchlapack's: 0, -k for illegal argument k counted in MAGMA's argument
 *    list, or a BL_ERROR_* code (see batchlapack.h and bl_last_error()). Where MAGMA has an
 *    info_array, every info_array[i] is also set to -k on an illegal argument.
{differences}\
 *  - An illegal option value is reported as its argument (-k), not by MAGMA's printed message.
 *
 * Complex data: magmaFloatComplex/magmaDoubleComplex are batchlapack's bl_complex_float/double
 * (layout-compatible with MAGMA's cuFloatComplex/cuDoubleComplex; define bl_complex_double as
 * cuDoubleComplex before including this header to keep that type, see batchlapack.h).
 */
#ifndef BATCHLAPACK_MAGMA_H
#define BATCHLAPACK_MAGMA_H

#include <stdlib.h>

#include "batchlapack.h"

typedef int magma_int_t;
typedef bl_complex_float magmaFloatComplex;
typedef bl_complex_double magmaDoubleComplex;
/* MAGMA's queue: an opaque pointer, never dereferenced here. */
typedef struct bl_magma_queue *magma_queue_t;
#define MAGMA_SUCCESS 0

/* MAGMA's option enums with MAGMA's values (its magma_types.h), and LAPACK's character for
 * each. */
"""

NO_INFO = ("{names} have no info array in MAGMA; these wrappers allocate a temporary one in "
           "host memory (BL_ERROR_OUT_OF_MEMORY if they cannot), so that they never return "
           "before their work is done.")

RETURNS_NOTHING = ("{names} return nothing, as MAGMA's; an illegal argument changes nothing and "
                   "is described by bl_last_error(). Call bl_<p><routine>_batch_ptr to get the "
                   "return code.")


def bullet(text):
    """A bullet of the header's list of differences, filled to the line width."""
    return '\n'.join(output.fill(text, ' *  - ', ' *    ')) + '\n'


SCRATCH_INFO = """
/* The info array of a routine that has none in MAGMA: batch entries of scratch (NULL for an
 * empty or illegal batch, which batchlapack accepts there). The wrapper frees it, and renumbers
 * the one argument after it, batch, as MAGMA counts. */
static inline int *bl_magma_scratch_info(magma_int_t batchCount) {
    return batchCount > 0 ? (int *)malloc(sizeof(int) * (size_t)batchCount) : NULL;
}
"""


def sentence_list(names):
    """'a', 'a and b', 'a, b and c'."""
    return ' and '.join([', '.join(names[:-1])] + names[-1:]) if len(names) > 1 else names[0]


def header(routines, precisions):
    magma = [r for r in routines if r.magma]
    names = [magma_name(r, '<p>') for r in magma]
    listing = []
    for i in range(0, len(names), 2):  # two a line, in columns
        row = names[i:i + 2]
        listing.append(' *     ' + ''.join(n.ljust(38) for n in row[:-1]) + row[-1])
    no_info = [r.name for r in magma if r.info and r.magma.names['info'] is None]
    differences = ''
    if no_info:
        differences += bullet(NO_INFO.format(names=sentence_list(no_info)))
    blas = [magma_name(r, '<p>') for r in magma if not r.info]
    if blas:
        differences += bullet(RETURNS_NOTHING.format(names=sentence_list(blas)))
    out = PREAMBLE.format(generated=output.GENERATED, listing='\n'.join(listing),
                          precisions=', '.join(precisions), differences=differences)
    out = out.split('\n')[:-1]  # the text ends with a newline
    out += enum_lines()
    if no_info:
        out += SCRATCH_INFO.split('\n')[:-1]
    for p in precisions:
        out += ['', '/* ---- %s ---- */' % TYPES[p]]
        for r in magma:
            out.append('')
            out += function(r, p)
    out += ['', '#endif /* BATCHLAPACK_MAGMA_H */']
    return out


def emit(routines, families, precisions, outdir):
    """Writes include/batchlapack_magma.h under outdir."""
    del families
    for r in routines:
        if r.magma:
            # MAGMA's list is ours but for a missing info right before batch (magma_args).
            moved = renumbering(r)
            assert not moved or (r.info and r.magma.names['info'] is None
                                 and list(moved) == [len(forms.c_args(r, 'ptr'))]), r.name
    text = '\n'.join(header(routines, precisions)) + '\n'
    output.write(outdir, 'include/batchlapack_magma.h', text)
