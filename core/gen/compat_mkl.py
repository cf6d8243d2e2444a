"""Compatibility emitter: oneMKL's batch names over batchlapack, from the routine table (the entries
with an `mkl` field, gen/table.py's Mkl).

Writes
    include/batchlapack_mkl.h            the declarations (installed beside batchlapack.h)
    include/batchlapack/mkl/mkl*.h       mkl.h, mkl_lapack.h, mkl_cblas.h, mkl_types.h: one line
                                         each, forwarding to batchlapack_mkl.h, so that a code that
                                         includes oneMKL's headers compiles with -I on this folder
    compat/mkl.c                         the definitions, compiled into libbatchlapack_mkl.
Unlike the MAGMA names (static inline functions of a header), these are functions of a library:
oneMKL's LAPACK and BLAS batch routines are also called from Fortran as external subroutines, and
codes declare them themselves; the library gives each C name and, but for the CBLAS ones, its
Fortran name (lower case, trailing underscore, the hidden lengths of the characters at the end).

For each routine in each precision and each of oneMKL's interfaces to it (`styles`), two forms:
  - strided: ?NAME_batch_strided (LAPACK, Fortran BLAS) or cblas_?NAME_batch_strided, over
    bl_?NAME_batch;
  - group: ?NAME_batch or cblas_?NAME_batch, the groups of uniform problems, each group one call of
    bl_?NAME_batch_ptr (docs/decisions.md says why not one _vbatch call).
What follows from oneMKL's conventions here, rather than from a fact per entry:
  - LAPACK routines (with info): every argument by address (Fortran's convention), batch_size
    before info; in the group form each option, size and leading dimension is an array of
    group_count values, each array argument an array of pointers (const T ** for inputs), then
    group_count, group_size and info (one entry per matrix of all groups, in order);
  - BLAS routines, CBLAS interface: by value, a CBLAS_LAYOUT first, CBLAS enums for the options,
    complex scalars and arrays as void pointers, no info; in the group form the names take
    _Array, scalars become arrays of group_count values, and group_count is passed by value;
  - BLAS routines, Fortran interface: the CBLAS list without the layout, by address, options as
    characters, names in lower case (_array in the group form);
  - the renumbering of -k: by name, from our list to oneMKL's (batch_size, info, group_count,
    group_size and Layout are where oneMKL puts them).
"""

from gen import capi, forms, output

# oneMKL's scalar type of each precision.
TYPES = {'s': 'float', 'd': 'double', 'c': 'MKL_Complex8', 'z': 'MKL_Complex16'}

# The CBLAS enum of each of our options, and its values with LAPACK's character for each. An
# unknown value becomes '?', which batchlapack rejects as illegal.
ENUMS = {'side': 'CBLAS_SIDE', 'uplo': 'CBLAS_UPLO', 'trans': 'CBLAS_TRANSPOSE',
         'transa': 'CBLAS_TRANSPOSE', 'transb': 'CBLAS_TRANSPOSE', 'diag': 'CBLAS_DIAG'}
VALUES = {'CBLAS_LAYOUT': [('CblasRowMajor', 101, None), ('CblasColMajor', 102, None)],
          'CBLAS_TRANSPOSE': [('CblasNoTrans', 111, 'N'), ('CblasTrans', 112, 'T'),
                              ('CblasConjTrans', 113, 'C')],
          'CBLAS_UPLO': [('CblasUpper', 121, 'U'), ('CblasLower', 122, 'L')],
          'CBLAS_DIAG': [('CblasNonUnit', 131, 'N'), ('CblasUnit', 132, 'U')],
          'CBLAS_SIDE': [('CblasLeft', 141, 'L'), ('CblasRight', 142, 'R')]}

# The extra items of oneMKL's lists.
GROUP_COUNT = forms.Item('group_count', 'group_count', None)
LAYOUT = forms.Item('Layout', 'layout', None)


def styles(r):
    """The ways oneMKL names a routine: 'lapack' (by address, with info) for the LAPACK routines;
    for the BLAS ones 'cblas' (the C interface: by value, a layout first) and 'blas' (the Fortran
    BLAS interface, also callable from C: by address, column major, lower-case names)."""
    return ['lapack'] if r.info else ['cblas', 'blas']


def mkl_name(r, p, group, style):
    """dgetrf_batch_strided, dgetrf_batch, cblas_dgemm_batch_strided, dgemm_batch, ..."""
    name = p + r.mkl.routine if r.mkl.routine else r.lapack_name(p)
    return ('cblas_' if style == 'cblas' else '') + name + ('_batch' if group else '_batch_strided')


def forms_of(r):
    """The forms oneMKL has: strided (False) and, for most routines, group (True)."""
    return (False, True) if r.mkl.group else (False,)


def mkl_items(r, group, style):
    """oneMKL's argument list, as items of ours (forms.c_args) and the extra ones."""
    if group:
        ours = forms.c_args(r, 'ptr')
        lapack = [it for it in ours if it.kind not in ('info', 'batch')]
        batch = [it for it in ours if it.kind == 'batch']
        info = [it for it in ours if it.kind == 'info']
        items = lapack + [GROUP_COUNT] + batch + info
    else:
        items = forms.c_args(r, 'strided')
        if r.info:  # batch_size before info
            items = items[:-2] + [items[-1], items[-2]]
    return ([LAYOUT] if style == 'cblas' else []) + items


def mkl_arg_name(r, it, group, style):
    if it.kind in ('group_count', 'layout', 'info'):
        return it.name
    if it.kind == 'batch':
        return 'group_size' if group else 'batch_size'
    name = r.mkl.names.get(it.name, it.name)
    if style == 'blas':
        return name.lower() + ('_array' if group else '')
    return name + '_Array' if group and style == 'cblas' else name


def renumbering(r, group):
    """{our position: oneMKL's} where they differ (LAPACK routines)."""
    ours = forms.c_args(r, 'ptr' if group else 'strided')
    theirs = [it.name for it in mkl_items(r, group, 'lapack')]
    return {k: theirs.index(it.name) + 1 for k, it in enumerate(ours, 1)
            if theirs.index(it.name) + 1 != k}


def elem_type(r, p, it, mkl):
    """The element type of an array item, oneMKL's (mkl) or batchlapack's."""
    if it.arg.elem == 'int':
        return 'MKL_INT' if mkl else 'int'
    scalar, real = capi.C_TYPES[p]
    if it.arg.elem == 'R':
        return real
    return TYPES[p] if mkl else scalar


def parameter(r, p, it, group, style):
    """oneMKL's declaration of one parameter."""
    name = mkl_arg_name(r, it, group, style)
    if it.kind == 'layout':
        return 'const CBLAS_LAYOUT ' + name
    if it.kind == 'group_count':
        return 'const MKL_INT ' + ('' if style == 'cblas' else '*') + name
    if it.kind == 'info':
        return 'MKL_INT *' + name
    const = 'const ' if it.kind != 'array' or it.arg.intent == 'in' else ''
    if style != 'cblas':  # everything by address; groups: an array of values, or of pointers
        if it.kind == 'opt':
            return 'const char *' + name
        if it.kind == 'scalar':
            return 'const %s *%s' % (TYPES[p], name)
        if it.kind != 'array':
            return 'const MKL_INT *' + name
        return '%s%s *%s%s' % (const, elem_type(r, p, it, True), '*' if group else '', name)
    complex_ = p in 'cz'
    per_group = ' *' if group else ' '
    if it.kind == 'opt':
        return 'const %s%s%s' % (ENUMS[it.name], per_group, name)
    if it.kind in ('size', 'ld', 'stride', 'batch'):
        return 'const MKL_INT%s%s' % (per_group, name)
    if it.kind == 'scalar':
        if complex_:
            return 'const void *' + name
        return 'const %s%s%s' % (capi.C_TYPES[p][1], per_group, name)
    elem = 'void' if complex_ else elem_type(r, p, it, True)
    return '%s%s *%s%s' % (const, elem, '*' if group else '', name)


def actual(r, p, it, group, style, turned=False):
    """The expression passed to batchlapack for our item `it` (group g at offset off)."""
    name = mkl_arg_name(r, it, group, style)
    value = name + '[g]' if group else (name if style == 'cblas' else '*' + name)
    if it.kind == 'info':
        return 'BL_MKL_AT(info, off)' if group else 'info'
    if it.kind == 'batch':
        return 'pass ? group_size[g] : 0' if group else value
    if it.kind == 'opt':
        if style != 'cblas':
            return value
        return 'bl_mkl_%s%s(%s)' % (ENUMS[it.name].lower(), '_turned' if turned else '', value)
    if it.kind == 'scalar':
        if p not in 'cz':
            return value
        T = capi.C_TYPES[p][0]
        return '((const %s *)%s)[g]' % (T, name) if group else '*(const %s *)%s' % (T, name)
    if it.kind != 'array':
        return value
    const = 'const ' if it.arg.intent == 'in' else ''
    if group:
        return '(%s%s *const *)BL_MKL_AT(%s, off)' % (const, elem_type(r, p, it, False), name)
    return '(%s%s *)%s' % (const, elem_type(r, p, it, False), name)


def call_args(r, p, group, style, row_major=False):
    """The arguments of the batchlapack call, in its order; row_major: of the transposed problem
    (the entry's swap and turn)."""
    ours = forms.c_args(r, 'ptr' if group else 'strided')
    source = {it.name: it for it in ours}
    if row_major:
        for a, b in r.mkl.swap:
            pairs = [(a, b)]
            if source[a].kind == 'array':
                arg_a, arg_b = source[a].arg, source[b].arg
                pairs.append((arg_a.ld, arg_b.ld))
                if not group:
                    pairs.append((arg_a.stride, arg_b.stride))
            for x, y in pairs:
                source[x], source[y] = source[y], source[x]
    return [actual(r, p, source[it.name], group, style, row_major and it.name in r.mkl.turn)
            for it in ours]


def wrap(head, items, tail, indent):
    """head item, item, ... tail, broken to the line width."""
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + (', ' if i + 1 < len(items) else tail)
        if len(line) + len(piece.rstrip()) > output.WIDTH and line.strip():
            lines.append(line.rstrip())
            line = ' ' * indent
        line += piece
    lines.append(line)
    return lines


def prototype(r, p, group, style, tail, name=None, hidden=()):
    params = [parameter(r, p, it, group, style) for it in mkl_items(r, group, style)]
    params += ['size_t %s_len' % h for h in hidden]
    return wrap('void %s(' % (name or mkl_name(r, p, group, style)), params, tail, 4)


def renumber_expr(r, group):
    moved = sorted(renumbering(r, group).items())
    return ''.join('r == -%d ? -%d : ' % (ours, theirs) for ours, theirs in moved) + 'r'


def group_position(r, style):
    return [it.name for it in mkl_items(r, True, style)].index('group_count') + 1


def lapack_body(r, p, group, style):
    bl = capi.c_name(r, p, capi.POINTERS if group else capi.STRIDED)
    name = mkl_name(r, p, group, style)
    if not group:
        out = wrap('    int r = %s(' % bl, call_args(r, p, False, style), ');', 8)
        count = '*batch_size'
    else:
        out = ['    int64_t total;',
               '    int r = bl_mkl_groups("%s", *group_count, group_size, %d, &total);'
               % (name, group_position(r, style))]
        out += group_loop('*group_count', wrap('            r = %s(' % bl, call_args(r, p, True, style),
                                               ');', 16))
        count = 'total'
    return out + wrap('    bl_mkl_finish(', ['"%s"' % name, 'r', renumber_expr(r, group), 'info', count],
                      ');', 8)


def blas_body(r, p, group, style):
    """The Fortran BLAS interface's names: column major, no info, arguments by address."""
    bl = capi.c_name(r, p, capi.POINTERS if group else capi.STRIDED)
    if not group:
        return wrap('    (void)%s(' % bl, call_args(r, p, False, style), ');', 8)
    out = ['    int r = bl_mkl_groups("%s", *group_count, group_size, %d, NULL);'
           % (mkl_name(r, p, group, style), group_position(r, style))]
    return out + group_loop('*group_count', wrap('            r = %s(' % bl, call_args(r, p, True, style),
                                                 ');', 16))


def group_loop(count, calls):
    """Two passes over the groups: the first checks every group's arguments (a call of batch 0
    computes nothing), so that nothing is computed when any group is illegal; the second
    computes."""
    return ['    for (int pass = 0; pass < 2 && r == 0; ++pass) {',
            '        int64_t off = 0;',
            '        for (MKL_INT g = 0; g < %s && r == 0; off += group_size[g++])' % count] + \
        calls + ['    }']


def cblas_body(r, p, group, style):
    bl = capi.c_name(r, p, capi.POINTERS if group else capi.STRIDED)
    name = mkl_name(r, p, group, style)
    col, row = call_args(r, p, group, style), call_args(r, p, group, style, row_major=True)
    if not group:
        return (['    if (Layout == CblasColMajor)'] + wrap('        (void)%s(' % bl, col, ');', 12)
                + ['    else if (Layout == CblasRowMajor)'] + wrap('        (void)%s(' % bl, row, ');', 12)
                + ['    else', '        bl_mkl_bad_layout("%s", Layout);' % name])
    out = ['    int r = Layout == CblasColMajor || Layout == CblasRowMajor',
           '                ? bl_mkl_groups("%s", group_count, group_size, %d, NULL)'
           % (name, group_position(r, style)),
           '                : bl_mkl_bad_layout("%s", Layout);' % name]
    calls = (['            r = Layout == CblasColMajor'] + wrap('                ? %s(' % bl, col, ')', 20)
             + wrap('                : %s(' % bl, row, ');', 20))
    return out + group_loop('group_count', calls)


BODIES = {'lapack': lapack_body, 'cblas': cblas_body, 'blas': blas_body}


def definitions(r, p, group, style):
    out = prototype(r, p, group, style, ') {')
    out += BODIES[style](r, p, group, style)
    out.append('}')
    if style != 'cblas':
        # The Fortran name: the same list by address, and the hidden lengths of the characters.
        items = mkl_items(r, group, style)
        name = mkl_name(r, p, group, style)
        opts = [mkl_arg_name(r, it, group, style) for it in items if it.kind == 'opt']
        out += prototype(r, p, group, style, ') {', name + '_', opts)
        out += ['    (void)%s_len;' % o for o in opts]
        out += wrap('    %s(' % name, [mkl_arg_name(r, it, group, style) for it in items], ');', 8)
        out.append('}')
    return out


HEADER = """\
/*
 * batchlapack_mkl.h -- oneMKL's batch names, mapped onto batchlapack.
 * {generated}
 * (core/gen/compat_mkl.py, from the entries' `mkl` fields.)
 *
 * For a code written against oneMKL's C or Fortran batch API: compile with
 * -I<prefix>/include/batchlapack/mkl (which serves #include "mkl.h", "mkl_lapack.h",
 * "mkl_cblas.h" and "mkl_types.h") or include this header, and link
 *     -L<prefix>/lib -lbatchlapack_mkl -lbatchlapack     (before any other BLAS or LAPACK)
 * in place of oneMKL's libraries. The functions below keep oneMKL's names, argument lists and
 * types, and run batchlapack (on an NVIDIA GPU where one is usable, else on every CPU core):
 *
{listing}
 *
 * for ? in {precisions}; all but the cblas_ ones also by their Fortran names (dgetrf_batch_strided_,
 * ..., called as external subroutines: `call dgetrf_batch_strided(m, n, a, lda, stride_a, ipiv,
 * stride_ipiv, batch_size, info)`). ?getrsnp has only its strided form, as in oneMKL.
 *
 * Forms and their arguments:
 *  - ?NAME_batch_strided (LAPACK): bl_?NAME_batch's arguments, every one by address, with
 *    batch_size before info; strides are MKL_INT (widened to batchlapack's 64 bits).
 *  - ?NAME_batch (LAPACK, the group API): group_count groups of group_size[g] problems each; every
 *    option, size and leading dimension is an array of group_count values, every array argument
 *    an array of pointers, one per problem of all groups in order (group 0's first); info has one
 *    entry per problem, in the same order. Each group is one call of bl_?NAME_batch_ptr.
 *  - cblas_?NAME_batch_strided, cblas_?NAME_batch: bl_?NAME_batch's / bl_?NAME_batch_ptr's
 *    arguments by value after a CBLAS_LAYOUT, with CBLAS enums for the options; the group form
 *    as above, scalars (alpha, beta) one per group, group_count by value. No info.
 *  - ?trsm_batch_strided, ?gemm_batch_strided, ?trsm_batch, ?gemm_batch (oneMKL's Fortran BLAS
 *    interface, callable from C too): the CBLAS names' lists without the layout (column major),
 *    every argument by address, options as characters ('N', 'T', 'C', ...), lower-case names.
 *  - CblasColMajor is batchlapack's (LAPACK's) storage. CblasRowMajor is supported: a row-major
 *    matrix is the transpose of the column-major matrix at the same address, so the call runs
 *    the transposed problem (trsm: side and uplo turned over, m and n exchanged; gemm: A and B,
 *    transa and transb, m and n exchanged). Any other layout value is illegal (argument 1).
 *
 * Errors, in oneMKL's convention (these functions return nothing):
 *  - LAPACK: info[i] = -k for every i when argument k (counted in oneMKL's list of the function
 *    called) is illegal, nothing computed; info[i] = a BL_ERROR_* code for every i on a failure
 *    of the library (see batchlapack.h); otherwise LAPACK's info of problem i. In the strided
 *    form oneMKL's positions are batchlapack's but for batch_size and info, which trade places;
 *    in the group form batchlapack's list of each group's call (bl_?NAME_batch_ptr) numbers its
 *    arguments as oneMKL does up to the last leading dimension, then group_count, group_size
 *    (batchlapack's batch) and info follow. All groups are checked before any is computed,
 *    except for null pointers among the matrices, found when their group runs. group_count < 0
 *    or a group_size[g] < 0 leaves info untouched (its length is unknown). bl_last_error()
 *    names the argument by its position in oneMKL's list where batchlapack's differs.
 *  - BLAS (the cblas_ and the Fortran BLAS names): an illegal argument computes nothing, and
 *    bl_last_error() describes it (positions in batchlapack's list of bl_?NAME_batch or
 *    _batch_ptr, which has no layout; for a row-major call, of the transposed problem); oneMKL
 *    would call xerbla, which prints.
 *  - bl_last_error() (batchlapack.h) describes the last failure in words.
 *
 * Types: MKL_INT is int (oneMKL's LP64 interface). The ILP64 interface (MKL_ILP64, 64-bit
 * MKL_INT, Fortran's -i8 / -fdefault-integer-8) is not supported: defining MKL_ILP64, or MKL_INT
 * as a type of another size, stops the compilation with an error; a Fortran program compiled with
 * 64-bit default integers must not call these names. MKL_Complex8/MKL_Complex16 are oneMKL's
 * structures of two reals, unless defined before this header (as oneMKL allows) to a type of the
 * same layout. The CBLAS enums have oneMKL's values; this header cannot be combined with another
 * cblas.h or with oneMKL's own headers.
 *
 * Fortran: the external names do not clash with the batchlapack module's own
 * dgetrf_batch_strided (a module procedure, with batchlapack's argument order), but a scope that
 * calls the oneMKL-style externals must not `use batchlapack`, where the module's name would
 * take the call.
 */
#ifndef BATCHLAPACK_MKL_H
#define BATCHLAPACK_MKL_H

#include <stddef.h>

#include "batchlapack.h"

#ifdef MKL_ILP64
#error "batchlapack_mkl.h: oneMKL's ILP64 interface (64-bit MKL_INT) is not supported: use LP64"
#endif
#ifndef MKL_INT
#define MKL_INT int
#endif
/* MKL_INT must be int: the library is built with it (an array of -1 entries fails to compile). */
typedef char bl_mkl_int_must_be_int[sizeof(MKL_INT) == sizeof(int) ? 1 : -1];

#ifndef MKL_Complex8
typedef struct bl_mkl_complex8 {{ float real, imag; }} MKL_Complex8;
#endif
#ifndef MKL_Complex16
typedef struct bl_mkl_complex16 {{ double real, imag; }} MKL_Complex16;
#endif

{enums}
typedef CBLAS_LAYOUT CBLAS_ORDER;

#ifdef __cplusplus
extern "C" {{
#endif
"""


def header(routines, precisions):
    mkl = [r for r in routines if r.mkl]
    names = [mkl_name(r, '?', g, st) for r in mkl for st in styles(r) for g in forms_of(r)]
    listing = []
    for i in range(0, len(names), 2):  # two a line, in columns
        row = names[i:i + 2]
        listing.append(' *     ' + ''.join(n.ljust(36) for n in row[:-1]) + row[-1])
    enums = []
    for enum, values in VALUES.items():
        enums.append('typedef enum { %s } %s;' % (', '.join('%s = %d' % (n, v) for n, v, _ in values),
                                                   enum))
    out = HEADER.format(generated=output.GENERATED, listing='\n'.join(listing),
                        precisions=', '.join(precisions), enums='\n'.join(enums)).split('\n')[:-1]
    for p in precisions:
        out += ['', '/* ---- %s ---- */' % TYPES[p]]
        for r in mkl:
            bl = capi.c_name(r, p, capi.STRIDED)
            for style in styles(r):
                over = [bl, bl + '_ptr'][:len(forms_of(r))]
                out += ['', '/* %s: over' % ', '.join(mkl_name(r, p, g, style) for g in forms_of(r)),
                        ' * %s (batchlapack/%s.h). */' % (', '.join(over), r.family)]
                for group in forms_of(r):
                    out += prototype(r, p, group, style, ');')
    out += ['', '#ifdef __cplusplus', '}', '#endif', '', '#endif /* BATCHLAPACK_MKL_H */']
    return out


SOURCE = """\
/* The oneMKL batch names of batchlapack_mkl.h, over batchlapack's C API: libbatchlapack_mkl.
 * {generated}
 * (core/gen/compat_mkl.py.) */
#include <stdint.h>
#include <stdio.h>

#include "batchlapack_mkl.h"

/* Records a failure found here for bl_last_error(), as the library records its own (the entry
 * through which the Fortran module records its shape checks; exported, not in the headers). */
void bl_fortran_record_error(int code, const char *text, int len);

/* The pointer of matrix `off` of an array of pointers, or null for a null array (batchlapack
 * names the argument). */
#define BL_MKL_AT(array, off) ((array) ? (array) + (off) : NULL)

static void bl_mkl_record(int code, const char *text, int len, int size) {{
    bl_fortran_record_error(code, text, len < size ? len : size - 1);
}}

/* oneMKL's info: batchlapack's return value `ours`, renumbered into oneMKL's list (`theirs`), in
 * every entry when the call failed (-k, or a BL_ERROR_* code). An argument whose position moved
 * is named in oneMKL's numbering by bl_last_error() too, batchlapack's text following. */
static void bl_mkl_finish(const char *routine, int ours, int theirs, MKL_INT *info, int64_t count) {{
    if (theirs != ours) {{
        char text[400];
        int len = snprintf(text, sizeof text, "%s: argument %d is illegal (%s)", routine, -theirs,
                           bl_last_error());
        bl_mkl_record(theirs, text, len, (int)sizeof text);
    }}
    if (theirs == 0 || info == NULL) return;
    for (int64_t i = 0; i < count; ++i) info[i] = theirs;
}}

static int bl_mkl_reject(const char *routine, int position, const char *name, long long value) {{
    char text[160];
    int len = snprintf(text, sizeof text, "%s: argument %d (%s) = %lld is illegal", routine,
                       position, name, value);
    bl_mkl_record(-position, text, len, (int)sizeof text);
    return -position;
}}

static int bl_mkl_bad_layout(const char *routine, CBLAS_LAYOUT layout) {{
    return bl_mkl_reject(routine, 1, "Layout", (long long)layout);
}}

/* The group form's own arguments, group_count (at `position`) and group_size (the next): 0 and
 * the number of problems of all groups in *total, or -k. */
static int bl_mkl_groups(const char *routine, MKL_INT group_count, const MKL_INT *group_size,
                         int position, int64_t *total) {{
    int64_t sum = 0;
    if (total) *total = -1;
    if (group_count < 0) return bl_mkl_reject(routine, position, "group_count", group_count);
    if (group_count > 0 && group_size == NULL)
        return bl_mkl_reject(routine, position + 1, "group_size", 0);
    for (MKL_INT g = 0; g < group_count; ++g) {{
        if (group_size[g] < 0)
            return bl_mkl_reject(routine, position + 1, "group_size", group_size[g]);
        sum += group_size[g];
    }}
    if (total) *total = sum;
    return 0;
}}
{converters}"""


def converters(turned):
    """The functions from a CBLAS enum to LAPACK's character, and for the enums in `turned`, to the
    character of the transposed problem (a row-major call's: left for right, upper for lower)."""
    out = []
    for enum, values in VALUES.items():
        if enum == 'CBLAS_LAYOUT' or enum not in ENUMS.values():
            continue
        fn = 'bl_mkl_' + enum.lower()
        out += ['', 'static char %s(%s v) {' % (fn, enum),
                "    return %s : '?';" % ' : '.join("v == %s ? '%s'" % (n, c) for n, _, c in values),
                '}']
        if enum in turned:
            out += ['static char %s_turned(%s v) {' % (fn, enum),
                    "    return %s : '?';" % ' : '.join("v == %s ? '%s'" % (n, c) for (n, _, _), (_, _, c)
                                                     in zip(values, reversed(values))),
                    '}']
    return out


def source(routines, precisions):
    mkl = [r for r in routines if r.mkl]
    turned = {ENUMS[o] for r in mkl for o in r.mkl.turn}
    out = SOURCE.format(generated=output.GENERATED,
                        converters='\n'.join(converters(turned))).split('\n')
    for p in precisions:
        out += ['/* ---- %s ---- */' % TYPES[p]]
        for r in mkl:
            for style in styles(r):
                for group in forms_of(r):
                    out.append('')
                    out += definitions(r, p, group, style)
        out.append('')
    return out


FORWARD = """\
/* {name} for batchlapack: oneMKL's batch names that batchlapack provides (batchlapack_mkl.h).
 * {generated} */
#include "../../batchlapack_mkl.h"
"""


def emit(routines, families, precisions, outdir):
    """Writes include/batchlapack_mkl.h, include/batchlapack/mkl/*.h and compat/mkl.c."""
    del families
    for r in routines:
        if r.mkl:
            ours = {it.name for it in forms.c_args(r, 'strided')}
            assert set(r.mkl.names) <= ours, r.name + ': mkl names an argument it does not have'
            assert not r.info or not (r.mkl.swap or r.mkl.turn), r.name + ': row major is CBLAS'
    output.write(outdir, 'include/batchlapack_mkl.h', '\n'.join(header(routines, precisions)) + '\n')
    for name in ('mkl.h', 'mkl_lapack.h', 'mkl_cblas.h', 'mkl_types.h'):
        output.write(outdir, 'include/batchlapack/mkl/' + name,
                     FORWARD.format(name=name, generated=output.GENERATED))
    output.write(outdir, 'compat/mkl.c', '\n'.join(source(routines, precisions)))
