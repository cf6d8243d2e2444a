"""The argument fuzzer's description of every C entry point, generated from the routine table:
what tests/fuzz_arguments.cpp needs to draw argument lists for a routine and to say, on its own,
which of them the contract accepts.

Writes <outdir>/tests/fuzz_entries.inc, which tests/fuzz_arguments.cpp includes:
  one Routine per routine of the table: its sizes (with the bound `at_most` puts on them), options
  (the letters each precision accepts), scalars and arrays (element type, whether only read,
  whether it has a leading dimension or an increment, matrix or vector), and a function that
  gives, for one problem's sizes, options and scalars, every array's rows and columns (`shapes`),
  whether the routine references it (`referenced`) and each size's upper bound;
  one Entry per C entry point (routine, precision, layout): its argument list in order, each item
  naming the size, option, scalar or array it is, and a function that calls the entry point with
  the values of a drawn list.

The argument lists are c_list's (gen/argtests.py), derived from the table on their own rather than
with the emitters' code, so that the fuzzer checks the numbering as well. The rules themselves
(sizes >= 0 and within `at_most`, leading dimensions >= max(1, rows), increments != 0, arrays
present and strides apart where they are referenced) are the contract's; tests/fuzz_arguments.cpp
applies them, and a new routine needs nothing here beyond its table entry.
"""

import itertools

from gen import argtests, capi, forms, output
from gen.table import Opt, Scalar, Either

ELEM = {'T': 'T', 'R': 'R', 'int': 'I'}


def cxx_cond(cond):
    """A `referenced` condition (Python: and, or, not, comparisons) as C++."""
    text = ' %s ' % cond.replace('(', '( ').replace(')', ' )')
    for py, cc in ((' and ', ' && '), (' or ', ' || '), (' not ', ' !')):
        text = text.replace(py, cc)
    return text.replace('( ', '(').replace(' )', ')').strip()


def option_index(r, name):
    return [a.name for a in r.args if isinstance(a, Opt)].index(name)


def dims_of(r, shape, slot):
    """C++ for dimension `slot` of a shape, an Either becoming a test of the option's letter. The
    table's expressions (names, integers, + - *, min(), max()) are C++ as they stand, over int64_t
    locals named as the sizes (fuzz_arguments.cpp defines min and max on int64_t)."""
    if isinstance(shape, Either):
        then, other = shape.then[slot], shape.otherwise[slot]
        if then == other:
            return then
        return "(p.opt[%d] == '%s' ? %s : %s)" % (option_index(r, shape.opt), shape.letter,
                                                   then, other)
    return shape[slot]


def rules(r):
    """The routine's rules function: sizes, options and scalars of one problem -> every array's
    extent and whether it is referenced, and every size's upper bound."""
    sizes = forms.sizes(r)
    scalars = [a for a in r.args if isinstance(a, Scalar)]
    out = ['void rules_%s(const Problem &p, Extent *e, int64_t *at_most) {' % r.name]
    if sizes:
        out += output.wrap_list('    const int64_t ', ['%s = p.size[%d]' % (s.name, j)
                                                     for j, s in enumerate(sizes)], ';', 18)
    for j, s in enumerate(scalars):
        out.append('    const Sc %s = p.scalar[%d];' % (s.name, j))
    for j, a in enumerate(forms.arrays(r)):
        shape = r.shapes[a.name]
        rank = len(forms.branches(shape)[0][1])
        rows = dims_of(r, shape, 0)
        cols = dims_of(r, shape, 1) if rank == 2 else '1'
        ref = cxx_cond(a.referenced) if a.referenced else 'true'
        out.append('    e[%d] = {%s, %s, %s};  // %s' % (j, rows, cols, ref, a.name))
    for j, s in enumerate(sizes):
        bound = s.at_most
        if bound is None:
            text = 'kNoBound'
        elif isinstance(bound, Either):
            text = dims_of(r, bound, 0)
        else:
            text = bound
        out.append('    at_most[%d] = %s;  // %s' % (j, text, s.name))
    uses = [s.name for s in sizes] + [s.name for s in scalars]
    if uses:  # a size that no shape or bound uses (none yet) would warn
        out += output.wrap_list('    ', ['(void)%s' % u for u in uses], ';')
    out.append('}')
    return out


def routine(r):
    """The Routine description (see fuzz_arguments.cpp)."""
    opts = []
    for a in r.args:
        if isinstance(a, Opt):
            real = a.allowed['real'] if isinstance(a.allowed, dict) else a.allowed
            cplx = a.allowed['complex'] if isinstance(a.allowed, dict) else a.allowed
            opts.append('{"%s", "%s", "%s"}' % (a.name, real, cplx))
    arrays = ['{"%s", \'%s\', %s, %s, %s}' % (
        a.name, ELEM[a.elem], 'true' if a.intent == 'in' else 'false',
        'true' if a.ld else 'false', 'true' if forms.is_vector(r, a) else 'false')
        for a in forms.arrays(r)]
    out = ['const Routine routine_%s = {' % r.name,
           '    "%s", %s,' % (r.name, 'true' if r.info else 'false')]
    out += output.wrap_list('    {', ['"%s"' % s.name for s in forms.sizes(r)], '},', 5)
    out += output.wrap_list('    {', opts, '},', 5)
    out += output.wrap_list('    {', ['"%s"' % a.name for a in r.args if isinstance(a, Scalar)],
                            '},', 5)
    out += output.wrap_list('    {', arrays, '},', 5)
    out += ['    rules_%s};' % r.name]
    return out


def entry(r, p, layout):
    """One entry point: its argument list as slots and a function calling it."""
    T, R = capi.CXX_TYPES[p]
    index = {}
    for kind, names in (('size', [s.name for s in forms.sizes(r)]),
                        ('opt', [a.name for a in r.args if isinstance(a, Opt)]),
                        ('scalar', [a.name for a in r.args if isinstance(a, Scalar)]),
                        ('array', [a.name for a in forms.arrays(r)])):
        for j, name in enumerate(names):
            index[(kind, name)] = j
    vb = layout == 'vbatch'
    slots, args = [], []
    for name, kind, a in argtests.c_list(r, layout):
        if kind == 'opt':
            j = index[('opt', name)]
            slots.append("{'o', %d}" % j)
            args.append('v.opt[%d]' % j)
        elif kind == 'size':
            j = index[('size', name)]
            slots.append("{'s', %d}" % j)
            args.append(('v.vsize(%d)' if vb else 'v.size(%d)') % j)
        elif kind == 'scalar':
            j = index[('scalar', name)]
            slots.append("{'c', %d}" % j)
            args.append('v.scalar<%s>(%d)' % (T, j))
        elif kind in ('array', 'ld', 'stride'):
            j = index[('array', a.name)]
            slots.append("{'%s', %d}" % ({'array': 'a', 'ld': 'l', 'stride': 't'}[kind], j))
            elem = {'T': T, 'R': R, 'int': 'int'}[a.elem]
            if kind == 'ld':
                args.append(('v.vld(%d)' if vb else 'v.ld(%d)') % j)
            elif kind == 'stride':
                args.append('v.stride(%d)' % j)
            else:
                elem = ('const ' if a.intent == 'in' else '') + elem
                args.append(('v.array<%s>(%d)' if layout == 'strided' else 'v.pointers<%s>(%d)')
                            % (elem, j))
        elif kind == 'info':
            slots.append("{'i', 0}")
            args.append('v.info()')
        else:
            slots.append("{'b', 0}")
            args.append('v.batch')
    fn = capi.c_name(r, p, forms.LAYOUTS[layout])
    out = ['    {&routine_%s, \'%s\', \'%s\', "%s",' % (r.name, p, layout[0], fn)]
    out += output.wrap_list('     {', slots, '},', 6)
    out += ['     [](Call &v) {']
    out += output.wrap_list('         return %s(' % fn, args, ');', 17)
    return out + ['     }},']


def text(routines, precisions):
    out = ['// ' + output.GENERATED,
           '// tests/fuzz_entries.inc (core/gen/fuzz.py): every C entry point as the argument fuzzer',
           '// (tests/fuzz_arguments.cpp) draws and judges its argument lists.', '']
    for r in routines:
        out += ['// ---- %s' % r.name] + rules(r) + routine(r) + ['']
    out += ['const std::vector<Entry> &entries() {', '    static const std::vector<Entry> all = {']
    for r, p, layout in itertools.product(routines, precisions, forms.LAYOUTS):
        out += entry(r, p, layout)
    out += ['    };', '    return all;', '}']
    return '\n'.join(out) + '\n'


def emit(routines, families, precisions, outdir):
    """Writes tests/fuzz_entries.inc under outdir."""
    del families
    output.write(outdir, 'tests/fuzz_entries.inc', text(routines, precisions))
