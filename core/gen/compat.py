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
    makes an input const for us); its magmablas routines declare inputs T const *const *;
  - the renumbering: -k counts MAGMA's arguments, so a routine without MAGMA's info renumbers the
    arguments after batchlapack's info (batch, -(k+1) -> -k).
"""

from gen import capi, forms, output

# C types of each precision, in MAGMA's names.
TYPES = {'s': 'float', 'd': 'double', 'c': 'magmaFloatComplex', 'z': 'magmaDoubleComplex'}

# MAGMA's enum for each option of ours that a MAGMA routine takes, and the function of the
# preamble that turns its value into LAPACK's character.
OPTION_ENUMS = {
    'trans': ('magma_trans_t', 'bl_magma_trans'),
    'transa': ('magma_trans_t', 'bl_magma_trans'),
    'transb': ('magma_trans_t', 'bl_magma_trans'),
    'uplo': ('magma_uplo_t', 'bl_magma_uplo'),
}

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


def parameter(r, p, it, name):
    """MAGMA's declaration of one parameter."""
    T = TYPES[p]
    if it is None:
        return 'magma_queue_t ' + name
    if it.kind == 'opt':
        return OPTION_ENUMS[it.name][0] + ' ' + name
    if it.kind in ('size', 'ld', 'batch'):
        return 'magma_int_t ' + name
    if it.kind == 'scalar':
        return T + ' ' + name
    if it.kind == 'info':
        return 'magma_int_t *' + name
    elem = 'magma_int_t' if it.arg.elem == 'int' else T
    if not r.info and it.arg.intent == 'in':
        return '%s const *const *%s' % (elem, name)
    return '%s **%s' % (elem, name)


def actual(r, p, it, name):
    """The argument passed to bl_<p><routine>_batch_ptr for MAGMA's parameter `name`."""
    if it.kind == 'opt':
        return '%s(%s)' % (OPTION_ENUMS[it.name][1], name)
    if it.kind == 'array' and r.info and it.arg.intent == 'in':
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
 * batchlapack_magma.h -- MAGMA's batched names, mapped onto batchlapack.
 * {generated}
 * (core/gen/compat.py, from the entries' `magma` fields.)
 *
 * For a code written against MAGMA's batched API: include this header instead of <magma_v2.h>
 * and link -lbatchlapack; the calls below keep MAGMA's names and argument lists and run
 * batchlapack's pointer-array routines (bl_<p><routine>_batch_ptr). It covers
 *
{listing}
 *
 * for p in {precisions}, and the types and constants those calls use. Nothing else of MAGMA
 * (magma_init, queues, magma_malloc, the copy routines) is provided: replace those calls.
 *
 * Differences from MAGMA, on purpose or by the nature of a mapping:
 *  - The queue argument is accepted and ignored; every call is synchronous (results are in place
 *    on return), as a MAGMA call followed by magma_queue_sync.
 *  - Data location: the pointer arrays and the matrices are wherever batchlapack accepts them.
 *    With the CPU backend -- the only one of this release -- that is host memory: pass host
 *    arrays of host pointers where MAGMA wanted device ones.
 *  - magma_int_t is int (MAGMA's LP64 build); MAGMA's ILP64 build is not supported.
 *  - Return values are batchlapack's: 0, -k for illegal argument k counted in MAGMA's argument
 *    list, or a BL_ERROR_* code (see batchlapack.h and bl_last_error()). Where MAGMA has an
 *    info_array, every info_array[i] is also set to -k on an illegal argument.
{differences}\
 *  - An illegal trans/uplo value is reported as argument 1, not MAGMA's (printed) message.
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
/* MAGMA's values of its option enums (magma_types.h). */
typedef enum {{ MagmaNoTrans = 111, MagmaTrans = 112, MagmaConjTrans = 113 }} magma_trans_t;
typedef enum {{ MagmaUpper = 121, MagmaLower = 122 }} magma_uplo_t;
#define MAGMA_SUCCESS 0

/* LAPACK's option characters; an unknown value becomes one batchlapack rejects as illegal. */
static inline char bl_magma_trans(magma_trans_t t) {{
    return t == MagmaNoTrans ? 'N' : t == MagmaTrans ? 'T' : t == MagmaConjTrans ? 'C' : '?';
}}
static inline char bl_magma_uplo(magma_uplo_t u) {{
    return u == MagmaUpper ? 'U' : u == MagmaLower ? 'L' : '?';
}}
"""

NO_INFO = """\
 *  - {names} have no info array in MAGMA; these wrappers allocate a temporary one
 *    (BL_ERROR_OUT_OF_MEMORY if they cannot).
"""

RETURNS_NOTHING = """\
 *  - {name} returns nothing, as MAGMA's; an illegal argument leaves C unchanged
 *    and is described by bl_last_error(). Call {bl} to get the return code.
"""

SCRATCH_INFO = """
/* The info array of a routine that has none in MAGMA: batch entries of scratch (NULL for an
 * empty or illegal batch, which batchlapack accepts there). The wrapper frees it, and renumbers
 * the one argument after it, batch, as MAGMA counts. */
static inline int *bl_magma_scratch_info(magma_int_t batchCount) {
    return batchCount > 0 ? (int *)malloc(sizeof(int) * (size_t)batchCount) : NULL;
}
"""


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
        differences += NO_INFO.format(names=' and '.join([', '.join(no_info[:-1])] + no_info[-1:])
                                      if len(no_info) > 1 else no_info[0])
    for r in magma:
        if not r.info:
            bl = capi.c_name(r, '<p>', capi.POINTERS)
            differences += RETURNS_NOTHING.format(name=magma_name(r, '<p>'), bl=bl)
    out = PREAMBLE.format(generated=output.GENERATED, listing='\n'.join(listing),
                          precisions=', '.join(precisions), differences=differences)
    out = out.split('\n')[:-1]  # the text ends with a newline
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
