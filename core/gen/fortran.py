"""Fortran emitter: the routines of module batchlapack (interface_fortran/batchlapack.F90), from the
routine table.

Writes two files into <outdir>/fortran/, which batchlapack.F90 brings in with Fortran `include`
lines (the module's hand-written rest -- backend control, error strings, bl_where, bl_map,
bl_done -- stays there):

  routines_spec.inc   the specification part: public names, the generic interfaces, and the
                      bind(C) interfaces of the C strided and vbatch entry points
  routines_body.inc   the procedures: per routine and precision, the four forms of docs/fortran.md

and three more for module batchlapack_i8 (interface_fortran/batchlapack_i8.F90), the same forms
with 64-bit integers over those of batchlapack: routines_i8_use.inc (the batchlapack forms it
calls), routines_i8_spec.inc and routines_i8_body.inc.

    sgetrf_batch(m, n, a, lda, ipiv, info, batch)            legacy: the loop's arrays, strides
                                                             derived from the sizes
    sgetrf_batch_strided(m, n, a, lda, stridea, ...)         the C strided call
    sgetrf_vbatch(m, n, a, lda, ipiv, info, batch)           the C vbatch call (type(c_ptr) arrays)
    sgetrf_g(a, ipiv, info)                                  the specific of generic getrf_batch
    sgetrs_g1(trans, a, ipiv, b, info)                       with right-hand sides, a second
                                                             one: b(n, batch), one per problem

An illegal argument is reported as -k, k its position in the form that was called. The strided and
vbatch forms have the C call's argument list, so the C return is theirs. The legacy and generic
forms renumber it through a map (bl_map), computed here from the table: C argument k is the
form's argument map(k); a derived stride blames its array, a size the generic form reads from an
array's shape blames that array, and so do the array's leading dimension and stride (forms.py
has the argument lists; the shapes are the table's `shapes`). A shape error that the generic form
finds itself is recorded for bl_last_error() with a message in its own numbering (bl_reject).
"""

import os
import re
import textwrap

from gen import capi, forms, output

# The Fortran types of each precision: the scalar type T and its real type R.
TYPES = {
    's': ('real(c_float)', 'real(c_float)'),
    'd': ('real(c_double)', 'real(c_double)'),
    'c': ('complex(c_float_complex)', 'real(c_float)'),
    'z': ('complex(c_double_complex)', 'real(c_double)'),
}

WIDTH = 100  # the repository's line width (gfortran accepts 132 columns in free form)


def fname(name):
    """The Fortran spelling of a table name (Fortran is case-insensitive; lower case reads best)."""
    return name.lower()


def elem_type(array, p, wide=False):
    return {'T': TYPES[p][0], 'R': TYPES[p][1], 'int': int_type(wide)}[array.elem]


def int_type(wide):
    """The integers of a form: the C API's int, or in module batchlapack_i8 (`wide`) 64-bit."""
    return 'integer(c_int64_t)' if wide else 'integer(c_int)'


def intent(array):
    # Outputs are inout, as the hand-written module had them: an intent(out) assumed-size dummy
    # promises nothing more, and inout lets the same array be passed to the next call unchanged.
    return 'in' if array.intent == 'in' else 'inout'


def letter_test(opt, letter):
    return "bl_letter(%s) == '%s'" % (fname(opt), letter)


def expr(e):
    """A dimension expression (forms.dim_expr) in Fortran: the table's expressions are Fortran as
    they stand; an option-dependent one becomes merge(then, otherwise, test)."""
    if isinstance(e, tuple):
        opt, letter, then, otherwise = e
        return 'merge(%s, %s, %s)' % (expr(then), expr(otherwise), letter_test(opt, letter))
    return re.sub(r'\s+', ' ', e)


# ---- lines -----------------------------------------------------------------------------------

def _breaks(s):
    """[(position, opened, depth)]: where statement `s` may be continued on the next line --
    after ', ' or ' .or. ' inside parentheses or brackets, outside quotes -- with the position just
    inside the innermost open parenthesis there and the nesting depth."""
    out, opened, quote = [], [], None
    for i, ch in enumerate(s):
        if quote:
            if ch == quote:
                quote = None
        elif ch in '\'"':
            quote = ch
        elif ch in '([':
            opened.append(i + 1)
        elif ch in ')]':
            opened.pop()
        elif opened and ch == ',' and s[i + 1:i + 2] == ' ':
            out.append((i + 1, opened[-1], len(opened)))
        elif opened and s.startswith(' .or. ', i - 5):
            out.append((i + 1, opened[-1], len(opened) + 0.5))  # a condition goes on, deeper
    return out


def wrap(line, width=WIDTH):
    """A statement as free-form lines of at most `width` columns, continued with '&' and indented
    under the innermost open parenthesis (a condition continued after .or. a little deeper; 8
    past the statement's own indentation when that is too far right). Breaks at the shallowest
    nesting that fills a line at least half are preferred, so that int(lda, c_int64_t) is not
    split between its arguments."""
    indent = len(line) - len(line.lstrip())
    out, start, lead = [], 0, ''      # the text from `start` goes on a line beginning with `lead`
    column = {}                       # position after an opening parenthesis -> its output column
    breaks = _breaks(line)
    while len(lead) + len(line) - start > width:
        fit = [bk for bk in breaks if bk[0] > start and len(lead) + bk[0] - start + 2 <= width]
        if not fit:
            break
        full = [bk for bk in fit if len(lead) + bk[0] - start >= width // 2] or fit
        shallow = min(bk[2] for bk in full)
        b, opened, depth = [bk for bk in full if bk[2] == shallow][-1]
        for q in range(start, b):
            if line[q - 1:q] in ('(', '[') and q - 1 >= start:
                column[q] = len(lead) + q - start
        out.append(lead + line[start:b].rstrip() + ' &')
        col = column.get(opened, indent + 8) + (6 if depth != int(depth) else 0)
        lead = ' ' * (col if col <= 64 else indent + 8)
        start = b + 1 if line[b:b + 1] == ' ' else b
    out.append(lead + line[start:])
    return out


def comment(text, indent='  '):
    """A comment paragraph, filled to the width."""
    return textwrap.wrap(text, WIDTH, initial_indent=indent + '! ', subsequent_indent=indent + '! ')


def names_lines(head, names):
    """`head` followed by names, as many statements as the width needs (a list of names has no
    parenthesis to break in)."""
    out, line = [], head
    for name in names:
        if line != head and len(line) + len(name) + 2 > WIDTH:
            out.append(line.rstrip(', ;'))
            line = head
        line += name + ('' if name.endswith(';') else ',') + ' '
    return out + [line.rstrip(', ;')]


def declare(groups, indent='    '):
    """Declarations grouped by their type and attributes: characters, integers, 64-bit integers,
    then the rest in the order they appear."""
    def rank(decl):
        for k, lead in enumerate(('character', 'integer(c_signed_char)', 'integer(c_int),',
                                  'integer(c_int)', 'integer(c_int64_t)')):
            if decl.startswith(lead) and 'target' not in decl and 'out' not in decl:
                return k
        return 9
    order, names = [], {}
    for decl, name in sorted(groups, key=lambda g: rank(g[0])):
        if decl not in names:
            order.append(decl)
            names[decl] = []
        names[decl].append(name)
    out = []
    for decl in order:
        out += wrap('%s%s :: %s' % (indent, decl, ', '.join(names[decl])))
    return out


# ---- the forms' argument lists ----------------------------------------------------------------

def legacy_args(r):
    """The legacy form: LAPACK's list (no strides), then info and batch; a BLAS routine takes batch
    and an optional scalar info last."""
    items = forms.lapack_args(r)
    tail = [forms.Item('info', 'info', None), forms.Item('batch', 'batch', None)]
    return items + (tail if r.info else tail[::-1])


def strided_args(r):
    items = forms.c_args(r, 'strided')
    return items if r.info else items + [forms.Item('info', 'info', None)]


def vbatch_args(r):
    items = forms.c_args(r, 'vbatch')
    return items if r.info else items + [forms.Item('info', 'info', None)]


def generic_args(r):
    """The generic form: LAPACK's list without sizes, leading dimensions and increments (the
    shapes give them), then info (optional and scalar for the BLAS routines)."""
    items = [it for it in forms.lapack_args(r) if it.kind in ('opt', 'scalar', 'array')]
    return items + [forms.Item('info', 'info', None)]


def legacy_map(r):
    """C strided position -> legacy position: the same argument, a stride its array."""
    form = [it.name for it in legacy_args(r)]
    return [form.index(it.arg.name if it.kind == 'stride' else it.name) + 1
            for it in forms.c_args(r, 'strided')]


def generic_map(r):
    """C strided position -> generic position: sizes blame the array whose shape gives them, lds
    and strides their array, batch the array whose last extent it is."""
    form = [it.name for it in generic_args(r)]
    src = forms.size_sources(r)
    out = []
    for it in forms.c_args(r, 'strided'):
        if it.kind == 'size':
            name = src[it.name][0].name
        elif it.kind in ('ld', 'stride'):
            name = it.arg.name
        elif it.kind == 'batch':
            name = forms.batch_source(r).name
        else:
            name = it.name
        out.append(form.index(name) + 1)
    return out


def fortran_list(values):
    return '[' + ', '.join(str(v) for v in values) + ']'


# ---- the specification part ---------------------------------------------------------------------

def c_interface(r, p, layout):
    """The bind(C) interface of one C entry point: arrays by address, everything else by value
    (in vbatch, the integers are arrays)."""
    items = forms.c_args(r, layout)
    proc = '%s_%s' % (r.lapack_name(p), 'c' if layout == 'strided' else 'cv')
    names = ', '.join(fname(it.name) for it in items)
    lines = wrap('    integer(c_int) function %s(%s)' % (proc, names), WIDTH - 2)
    lines[-1] += ' &'
    lines.append('        bind(C, name="%s")' % capi.c_name(r, p, forms.LAYOUTS[layout]))
    lines.append('      import')
    var = layout == 'vbatch'
    decls = []
    for it in items:
        n = fname(it.name)
        if it.kind == 'opt':
            decls.append(('integer(c_signed_char), value', n))
        elif it.kind in ('size', 'ld'):
            decls.append(('integer(c_int)', n + '(*)') if var else ('integer(c_int), value', n))
        elif it.kind == 'batch':
            decls.append(('integer(c_int), value', n))
        elif it.kind == 'scalar':
            decls.append((TYPES[p][0] + ', value', n))
        elif it.kind == 'array':
            decls.append(('type(c_ptr)', n + '(*)') if var else ('type(c_ptr), value', n))
        elif it.kind == 'stride':
            decls.append(('integer(c_int64_t), value', n))
        elif it.kind == 'info':
            decls.append(('integer(c_int)', 'info(*)'))
    # vbatch's integer arrays and info share one declaration, as they share a type.
    lines += declare(decls, '      ')
    lines.append('    end function')
    return lines


def rhs_array(r):
    """The right-hand sides, for routines that have them: the matrix argument whose columns are
    `nrhs` (LAPACK's name for the number of right-hand sides), or None. Its generic names also
    take it as a rank-2 b(n, batch), one right-hand side per problem (the `_g1` specifics), as a
    loop over LAPACK calls with b(1, k) holds it."""
    for a in forms.arrays(r):
        if not forms.is_vector(r, a) and forms.branches(r.shapes[a.name])[0][1][-1] == 'nrhs':
            return a
    return None


def specifics(r, p):
    """The specifics of a generic name in precision p: _g, and _g1 where there are right-hand
    sides."""
    return [r.lapack_name(p) + '_g'] + ([r.lapack_name(p) + '_g1'] if rhs_array(r) else [])


def generic_names(r):
    names = [r.name + '_batch']
    if r.complex_name != r.name:
        names.append(r.complex_name + '_batch')
    return names


def preamble(text):
    """The first lines of a generated file: what generated it, and `text` as a comment."""
    return ['! ' + output.GENERATED] + comment(text, '')


def section(r, p):
    """The line that opens a routine's procedures in one precision."""
    title = '  ! ---- %s ' % r.lapack_name(p)
    return ['', title + '-' * (100 - len(title))]


def public_names(routines, precisions):
    """The public names of a module (batchlapack, batchlapack_i8: the same) and its generic
    interfaces."""
    out = []
    for r in routines:
        for p in precisions:
            n = r.lapack_name(p)
            out.append('  public :: %s_batch, %s_batch_strided, %s_vbatch' % (n, n, n))
    out += names_lines('  public :: ', [g for r in routines for g in generic_names(r)])
    out.append('')
    for r in routines:
        if r.complex_name != r.name:
            out += comment('LAPACK names this routine %s for real and %s for complex data; both '
                           'generic names take every kind, so that kind-generic code can use '
                           'either.' % (r.name, r.complex_name))
        for g in generic_names(r):
            out.append('  interface %s' % g)
            out += names_lines('    module procedure ',
                               [g for p in precisions for g in specifics(r, p)])
            out.append('  end interface')
    return out


def emit_spec(routines, precisions):
    out = preamble('routines_spec.inc (core/gen/fortran.py): the specification part of module '
                   'batchlapack for every routine of the table: public names, generic interfaces, '
                   'and the bind(C) interfaces of the C strided and vbatch entry points. Options '
                   'reach C as the byte of their first character (integer(c_signed_char), value): '
                   'gfortran 12 passes a character expression by value to a bind(C) procedure '
                   'wrongly when optimizing.')
    out.append('')
    out += public_names(routines, precisions)
    out.append('')
    out.append('  ! The C entry points (batchlapack.h).')
    out.append('  interface')
    for r in routines:
        for p in precisions:
            out += c_interface(r, p, 'strided')
            out += c_interface(r, p, 'vbatch')
    out.append('  end interface')
    return out


# ---- the procedures -----------------------------------------------------------------------------

def dummy_decls(r, p, items, layout, rhs=None, wide=False):
    """Declarations of a Fortran form's dummy arguments. layout: 'legacy' and 'strided' (arrays
    assumed-size, by address), 'vbatch' (integer arrays, type(c_ptr) arrays), 'generic'
    (assumed-shape arrays: rank 3 for matrices, 2 for vectors and for `rhs`, the right-hand
    sides of the one-right-hand-side specific). wide: every integer 64-bit (batchlapack_i8)."""
    decls = []
    ik = int_type(wide)
    for it in items:
        n = fname(it.name)
        if it.kind == 'opt':
            decls.append(('character(*), intent(in)', n))
        elif it.kind in ('size', 'ld'):
            decls.append((ik + ', intent(in)', n + '(*)' if layout == 'vbatch' else n))
        elif it.kind == 'batch':
            decls.append((ik + ', intent(in)', n))
        elif it.kind == 'stride':
            decls.append(('integer(c_int64_t), intent(in)', n))
        elif it.kind == 'scalar':
            decls.append((TYPES[p][0] + ', intent(in)', n))
        elif it.kind == 'array':
            a = it.arg
            if layout == 'vbatch':
                decls.append(('type(c_ptr), intent(in)', n + '(*)'))
            elif layout == 'generic':
                rank = '(:,:)' if forms.is_vector(r, a) or a is rhs else '(:,:,:)'
                decls.append(('%s, intent(%s), target' % (elem_type(a, p, wide), intent(a)),
                              n + rank))
            else:
                decls.append(('%s, intent(%s), target' % (elem_type(a, p, wide), intent(a)),
                              n + '(*)'))
    # info last, as LAPACK declares it; the BLAS routines' is optional and scalar.
    if r.info:
        info = 'info(:)' if layout == 'generic' else 'info(*)'
        decls.append((ik + ', intent(out)', info))
    else:
        decls.append(('%s, intent(out), optional' % (ik if wide else 'integer'), 'info'))
    return declare(decls)


def c_actual(it, layout):
    """The actual argument passed to C for item `it` in the legacy/strided/vbatch forms."""
    n = fname(it.name)
    if it.kind == 'opt':
        return 'bl_opt(%s)' % n
    if it.kind == 'array' and layout != 'vbatch':
        return 'c_loc(%s)' % n
    return n


def legacy_stride(r, array):
    """The stride the legacy form derives: that of a contiguous a(lda, cols, batch), or of a vector
    of its length (at its increment, for a BLAS vector) -- bl_vlen, which is 0 for an empty one."""
    shape = r.shapes[array.name]
    if forms.is_vector(r, array):
        inc = fname(array.ld) if array.ld else '1_c_int'
        return 'bl_vlen(%s, %s)' % (expr(forms.dim_expr(shape, 0)), inc)
    return 'int(%s, c_int64_t) * %s' % (fname(array.ld), expr(forms.dim_expr(shape, 1)))


def finish(r, call, map_=None):
    """The statement that ends a legacy, strided or vbatch form: bl_done sets info(1:batch) to the
    (renumbered) error; bl_done_blas the optional scalar info."""
    tail = ', ' + fortran_list(map_) if map_ else ''
    if r.info:
        return wrap('    call bl_done(%s, info, batch%s)' % (call, tail))
    return wrap('    call bl_done_blas(%s, info%s)' % (call, tail))


def legacy(r, p):
    n = r.lapack_name(p)
    items = legacy_args(r)
    out = ['  subroutine %s_batch(%s)' % (n, ', '.join(fname(it.name) for it in items))]
    out += dummy_decls(r, p, items, 'legacy')
    actual = []
    for it in forms.c_args(r, 'strided'):
        actual.append(legacy_stride(r, it.arg) if it.kind == 'stride' else c_actual(it, 'legacy'))
    out += finish(r, '%s_c(%s)' % (n, ', '.join(actual)), legacy_map(r))
    out.append('  end subroutine')
    return out


def passthrough(r, p, form):
    """The strided and vbatch forms: the C call's own arguments, so its return needs no map."""
    n = r.lapack_name(p)
    items = strided_args(r) if form == 'strided' else vbatch_args(r)
    name = '%s_batch_strided' % n if form == 'strided' else '%s_vbatch' % n
    out = wrap('  subroutine %s(%s)' % (name, ', '.join(fname(it.name) for it in items)))
    out += dummy_decls(r, p, items, form)
    layout = 'strided' if form == 'strided' else 'vbatch'
    call = '%s_%s(%s)' % (n, 'c' if form == 'strided' else 'cv',
                          ', '.join(c_actual(it, form) for it in forms.c_args(r, layout)))
    out += finish(r, call)
    out.append('  end subroutine')
    return out


def lit(text):
    """A Fortran character literal, in double quotes (the messages quote options with ')."""
    return '"%s"' % text.replace('"', '""')


def generic_title(r, p):
    """The name a message of the generic form gives the routine: its generic name in LAPACK's
    spelling for the precision (ormqr_batch, unmqr_batch)."""
    return (r.complex_name if p in 'cz' else r.name) + '_batch'


def rule_text(e):
    """A dimension expression (forms.dim_expr) as a message states it."""
    if isinstance(e, tuple):
        opt, letter, then, otherwise = e
        return "(%s if %s is '%s', else %s)" % (rule_text(then), opt, letter, rule_text(otherwise))
    return re.sub(r'\s+', ' ', e)


def source_note(r, rule):
    """Where the sizes a rule names come from, for the message: 'n = size(a, 1)'."""
    src = forms.size_sources(r)
    notes = []
    for name in dict.fromkeys(re.findall(r'[A-Za-z_]\w*', rule)):
        if name not in src:
            continue  # min, max, an option
        a, d = src[name]
        if isinstance(d, tuple):
            opt, letter, d1, d2 = d
            notes.append("%s = size(%s, %d) if %s is '%s', else size(%s, %d)"
                         % (name, fname(a.name), d1, opt, letter, fname(a.name), d2))
        else:
            notes.append('%s = size(%s, %d)' % (name, fname(a.name), d))
    return '; '.join(notes)


def generic(r, p, rhs=None):
    """The specific of the generic name: sizes from the shapes, each argument checked in turn
    (the lowest-numbered bad one is reported, as in C, with a message saying what is wrong), then
    the C strided call on the arrays' own layout (bl_where), its return renumbered. With `rhs`
    (the _g1 specific), that array is rank 2: one right-hand side per problem, nrhs = 1."""
    n = r.lapack_name(p)
    items = generic_args(r)
    src = forms.size_sources(r)
    nbsrc = forms.batch_source(r)
    what = lit(generic_title(r, p))
    out = ['  subroutine %s_%s(%s)' % (n, 'g1' if rhs else 'g',
                                       ', '.join(fname(it.name) for it in items))]
    out += dummy_decls(r, p, items, 'generic', rhs)
    arrs = forms.arrays(r)
    out += wrap('    type(bl_layout) :: ' + ', '.join('w' + fname(a.name) for a in arrs))
    locals_ = [fname(s.name) for s in forms.sizes(r)] + ['nb', 'code']
    out += names_lines('    integer(c_int) :: ', locals_)

    def rank(a):
        return 2 if forms.is_vector(r, a) or a is rhs else 3

    # Sizes: each from the dimension of the array the shapes give it (forms.size_sources); the
    # columns of the rank-2 right-hand sides are one.
    source_dims = set()
    for s in forms.sizes(r):
        a, d = src[s.name]
        if isinstance(d, tuple):
            opt, letter, d1, d2 = d
            value = 'merge(size(%s, %d), size(%s, %d), %s)' % (fname(a.name), d1, fname(a.name), d2,
                                                              letter_test(opt, letter))
        else:
            value = '1' if a is rhs else 'size(%s, %d)' % (fname(a.name), d)
            source_dims.add((a.name, d))
        out.append('    %s = %s' % (fname(s.name), value))
    out.append('    nb = size(%s, %d)' % (fname(nbsrc.name), rank(nbsrc)))
    out += names_lines('    ', ['w%s = bl_where(%s);' % (fname(a.name), fname(a.name))
                                for a in arrs])

    # (test, reject) in argument order, an argument's own tests in the order of its dimensions:
    # the first failing test decides, so the lowest-numbered bad argument is the one reported.
    checks = []
    for k, it in enumerate(items, 1):
        x = fname(it.name)
        head = '%s, %d, %s' % (what, k, lit(x))
        if it.kind == 'opt':
            allowed = it.arg.allowed
            if isinstance(allowed, dict):  # the letters of any precision; C applies the exact rule
                allowed = ''.join(dict.fromkeys(allowed['real'] + allowed['complex']))
            checks.append(("bl_bad_opt(%s, '%s')" % (x, allowed),
                           "bl_bad_option(%s, %s, '%s')" % (head, x, allowed)))
        elif it.kind == 'array':
            a = it.arg
            shape = r.shapes[a.name]
            vec = forms.is_vector(r, a)
            if vec and a.ld:
                checks.append(('.not. bl_incok(w%s)' % x,
                               "bl_bad_layout(%s, w%s, 'I')" % (head, x)))
            else:
                checks.append(('.not. w%s%%ok' % x,
                               "bl_bad_layout(%s, w%s, '%s')" % (head, x, 'V' if vec else 'M')))
            for d in range(len(forms.branches(shape)[0][1])):
                if (a.name, d + 1) in source_dims:
                    continue
                e = forms.dim_expr(shape, d)
                rule = ('>= ' if vec else '') + rule_text(e)
                checks.append(('size(%s, %d) %s %s' % (x, d + 1, '<' if vec else '/=', expr(e)),
                               'bl_bad_extent(%s, %d, size(%s, %d), %s, %s, %s)'
                               % (head, d + 1, x, d + 1, lit(rule), expr(e),
                                  lit(source_note(r, rule_text(e))))))
            if a is not nbsrc:
                checks.append(('size(%s, %d) /= nb' % (x, rank(a)),
                               'bl_bad_extent(%s, %d, size(%s, %d), "the batch count", nb, '
                               '"size(%s, %d)")'
                               % (head, rank(a), x, rank(a), fname(nbsrc.name), rank(nbsrc))))
        elif it.kind == 'info' and r.info:
            checks.append(('size(info) /= nb',
                           'bl_bad_extent(%s, 0, size(info), "the batch count", nb, "size(%s, %d)")'
                           % (head, fname(nbsrc.name), rank(nbsrc))))

    actual = []
    for it in forms.c_args(r, 'strided'):
        if it.kind == 'opt':
            actual.append('bl_opt(%s)' % fname(it.name))
        elif it.kind in ('size', 'scalar', 'info'):
            actual.append(fname(it.name))
        elif it.kind == 'array':
            actual.append('w%s%%p' % fname(it.name))
        elif it.kind == 'ld':
            w = 'w' + fname(it.arg.name)
            actual.append('int(%s%%inc, c_int)' % w if forms.is_vector(r, it.arg) else '%s%%ld' % w)
        elif it.kind == 'stride':
            actual.append('w%s%%stride' % fname(it.arg.name))
        elif it.kind == 'batch':
            actual.append('nb')
    out.append('    ! The first failing check names its argument: the lowest-numbered bad one, '
               'as in C.')
    for k, (test, reject) in enumerate(checks):
        out.append('    %s (%s) then' % ('if' if k == 0 else 'else if', test))
        out += wrap('      code = ' + reject)
    out.append('    else')
    out += wrap('      code = bl_map(%s_c(%s), %s)'
                % (n, ', '.join(actual), fortran_list(generic_map(r))))
    out.append('    end if')
    out.append('    if (code /= 0) info = code' if r.info else '    if (present(info)) info = code')
    out.append('  end subroutine')
    return out


def describe_generic(r, rhs=None):
    """Comment lines: where the generic form takes its sizes from, and the map's meaning."""
    src = forms.size_sources(r)
    parts = []
    for s in forms.sizes(r):
        a, d = src[s.name]
        if a is rhs:
            parts.append('%s = 1 (%s(:, i) is the right-hand side of problem i)'
                         % (s.name, fname(a.name)))
        elif isinstance(d, tuple):
            opt, letter, then, otherwise = d
            parts.append('%s = extent %d of %s (%d if %s is %s)'
                         % (s.name, otherwise, fname(a.name), then, opt, letter))
        else:
            parts.append('%s = extent %d of %s' % (s.name, d, fname(a.name)))
    nb = forms.batch_source(r)
    parts.append('the batch count = the last extent of %s' % fname(nb.name))
    title = 'Generic form, one right-hand side: ' if rhs else 'Generic form: '
    return comment(title + ', '.join(parts) + '.')


def emit_body(routines, precisions):
    out = preamble('routines_body.inc (core/gen/fortran.py). Per routine and precision: the legacy '
                   'form (_batch), the C strided (_batch_strided) and vbatch (_vbatch) calls, and '
                   'the specific (_g) of the generic name. The lists [...] passed to bl_done, '
                   'bl_done_blas and bl_map renumber the C strided call: C argument k is argument '
                   'map(k) of the form called (a derived size or stride blames the array it comes '
                   'from).')
    for r in routines:
        for p in precisions:
            out += section(r, p)
            out += legacy(r, p)
            out.append('')
            out += passthrough(r, p, 'strided')
            out.append('')
            out += passthrough(r, p, 'vbatch')
            out.append('')
            out += describe_generic(r)
            out += generic(r, p)
            if rhs_array(r):
                out.append('')
                out += describe_generic(r, rhs_array(r))
                out += generic(r, p, rhs_array(r))
    return out


# ---- module batchlapack_i8: the same forms with 64-bit integers ---------------------------------

# The forms of batchlapack_i8 (interface_fortran/batchlapack_i8.F90): each the same-named form of
# module batchlapack, with every integer argument integer(c_int64_t) (what -fdefault-integer-8 or
# -i8 makes of a default integer). It checks that each integer fits the C int, converts, and calls
# the batchlapack form (imported under the name b4_<name>), which does the rest: the -k it reports
# is in the same numbering, since the argument lists are the same. Integer arrays (ipiv, info, the
# vbatch sizes) go through 32-bit copies; an output array is copied back when the call computed
# (info(1) >= 0), so that an argument error changes nothing.

def i8_forms(r, p):
    """[(procedure name, batchlapack name it wraps, items, layout, rhs)] of one routine and
    precision, as batchlapack_i8 defines them."""
    n = r.lapack_name(p)
    out = [(n + '_batch', n + '_batch', legacy_args(r), 'legacy', None),
           (n + '_batch_strided', n + '_batch_strided', strided_args(r), 'strided', None),
           (n + '_vbatch', n + '_vbatch', vbatch_args(r), 'vbatch', None),
           (n + '_g', r.name + '_batch', generic_args(r), 'generic', None)]
    if rhs_array(r):
        out.append((n + '_g1', r.name + '_batch', generic_args(r), 'generic', rhs_array(r)))
    return out


def emit_i8_use(routines, precisions):
    """The use statement of batchlapack_i8: every form it wraps, renamed b4_<name>."""
    names = dict.fromkeys(wrapped for r in routines for p in precisions
                          for _, wrapped, _, _, _ in i8_forms(r, p))
    out = preamble('routines_i8_use.inc (core/gen/fortran.py): the forms of module batchlapack '
                   'that batchlapack_i8 wraps, each as b4_<name>.')
    return out + names_lines('  use batchlapack, only: ', ['b4_%s => %s' % (w, w) for w in names])


def emit_i8_spec(routines, precisions):
    return preamble('routines_i8_spec.inc (core/gen/fortran.py): the public names and generic '
                    'interfaces of batchlapack_i8, those of batchlapack.') + \
        public_names(routines, precisions)


def int_arrays(r):
    return [a for a in forms.arrays(r) if a.elem == 'int']


def i8_wrapper(r, p, name, wrapped, items, layout, rhs):
    """One procedure of batchlapack_i8 (see above)."""
    out = wrap('  subroutine %s(%s)' % (name, ', '.join(fname(it.name) for it in items)))
    out += dummy_decls(r, p, items, layout, rhs, wide=True)
    # vbatch's integer arrays are c_ptr arrays, to the C API's int (docs/fortran.md).
    ints = int_arrays(r) if layout != 'vbatch' else []
    assert r.info or not ints, r.name + ': integer arrays in a routine without info'
    locals_ = [fname(a.name) + '4' + ('(:,:)' if layout == 'generic' else '(:)') for a in ints]
    if r.info:
        locals_.append('info4(:)')
    if layout == 'vbatch':
        locals_ += [fname(it.name) + '4(:)' for it in items if it.kind in ('size', 'ld')]
    if locals_:
        out += wrap('    integer(c_int), allocatable :: ' + ', '.join(locals_))
    if not r.info:
        out.append('    integer :: info4')
    if layout in ('legacy', 'strided') and ints:
        out += wrap('    integer(c_int64_t) :: ' + ', '.join('n' + fname(a.name) for a in ints))

    if layout != 'generic':
        # Every integer in the C int's range, in argument order (then batchlapack's checks).
        what = lit(name)
        checks = []
        for k, it in enumerate(items, 1):
            x = fname(it.name)
            head = '%s, %d, %s' % (what, k, lit(x))
            if it.kind in ('size', 'ld') and layout == 'vbatch':
                checks.append(('bl8_misfit_in(%s, batch)' % x,
                               'bl8_reject_in(%s, %s, batch)' % (head, x)))
            elif it.kind in ('size', 'ld', 'batch'):
                checks.append(('bl8_misfit(%s)' % x, 'bl8_reject(%s, %s)' % (head, x)))
            elif it.kind == 'stride' and it.arg in ints:
                checks.append(('%s < 0' % x, 'bl8_reject_stride(%s, %s)' % (head, x)))
        out.append('    integer(c_int) :: code')
        for k, (test, reject) in enumerate(checks):
            out.append('    %s (%s) then' % ('if' if k == 0 else 'else if', test))
            out += wrap('      code = ' + reject)
        out.append('    else')
        out.append('      code = 0')
        out.append('    end if')
        out.append('    if (code /= 0) then')
        out.append('      call bl8_fail(code, info, batch)' if r.info else
                   '      if (present(info)) info = code')
        out.append('      return')
        out.append('    end if')

    # The 32-bit copies.
    for a in ints:
        x = fname(a.name)
        if layout == 'generic':
            out.append('    %s4 = int(%s, c_int)' % (x, x))
            continue
        e = forms.dim_expr(r.shapes[a.name], 0)
        assert not isinstance(e, tuple), r.name + ': an integer array whose length an option sets'
        if layout == 'legacy':
            count = 'max(0_c_int64_t, %s) * max(0_c_int64_t, batch)' % expr(e)
        else:
            count = 'bl8_span(%s, %s, batch)' % (expr(e), fname(a.stride))
        out += wrap('    n%s = %s' % (x, count))
        out.append('    %s4 = int(%s(1:n%s), c_int)' % (x, x, x))
    if layout == 'vbatch':
        for it in items:
            if it.kind in ('size', 'ld'):
                out.append('    %s4 = int(%s(1:max(0_c_int64_t, batch)), c_int)'
                           % (fname(it.name), fname(it.name)))
    if r.info:
        out.append('    allocate(info4(%s))' % ('size(info)' if layout == 'generic' else
                                                 'max(0_c_int64_t, batch)'))

    actual = []
    for it in items:
        x = fname(it.name)
        if it.kind == 'info' or (it.kind == 'array' and it.arg in ints):
            actual.append(x + '4')
        elif it.kind in ('size', 'ld') and layout == 'vbatch':
            actual.append(x + '4')
        elif it.kind in ('size', 'ld', 'batch'):
            actual.append('int(%s, c_int)' % x)
        else:
            actual.append(x)
    out += wrap('    call b4_%s(%s)' % (wrapped, ', '.join(actual)))
    if r.info:
        out.append('    info(1:size(info4)) = info4')
    else:
        out.append('    if (present(info)) info = info4')
    for a in ints:
        if a.intent != 'in':
            x = fname(a.name)
            part = '' if layout == 'generic' else '(1:n%s)' % x
            out.append('    if (bl8_ok(info4)) %s%s = %s4' % (x, part, x))
    out.append('  end subroutine')
    return out


def emit_i8_body(routines, precisions):
    out = preamble('routines_i8_body.inc (core/gen/fortran.py): the procedures of batchlapack_i8, '
                   'per routine and precision the forms of batchlapack with 64-bit integers.')
    for r in routines:
        for p in precisions:
            out += section(r, p)
            for form in i8_forms(r, p):
                out += i8_wrapper(r, p, *form)
                out.append('')
    return out


def emit(routines, families, precisions, outdir):
    """Writes fortran/routines_spec.inc and fortran/routines_body.inc (module batchlapack), and
    fortran/routines_i8_use.inc, _spec.inc and _body.inc (module batchlapack_i8) under outdir."""
    del families  # one module for every family
    for name, lines in (('routines_spec.inc', emit_spec(routines, precisions)),
                        ('routines_body.inc', emit_body(routines, precisions)),
                        ('routines_i8_use.inc', emit_i8_use(routines, precisions)),
                        ('routines_i8_spec.inc', emit_i8_spec(routines, precisions)),
                        ('routines_i8_body.inc', emit_i8_body(routines, precisions))):
        output.write(outdir, 'fortran/' + name, '\n'.join(lines) + '\n')
