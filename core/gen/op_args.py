"""The arguments of every operation struct: core/op_args.hpp.

For each routine, `template <class T> struct <Op>Args`: its arguments as members in the table's
order (args.hpp's types: Int, Option, Scalar<T>, Array<...>), the Batch, and `fields`, which
visits them in that order with their public names -- what numbers them for the -k of an illegal
argument and names them in messages. The hand-written operation (core/ops/<family>.hpp) derives
from it and adds its flop count; its checks and the backends read the members. Also the list of
operations every backend instantiates, BL_OPERATIONS(X)."""

from gen.output import GENERATED, write
from gen.table import Opt, Int, Scalar, Array

_ELEM = {'T': 'T', 'R': 'Real<T>', 'int': 'int'}


def _member_type(arg):
    if isinstance(arg, Opt):
        return 'Option'
    if isinstance(arg, Int):
        return 'Int'
    if isinstance(arg, Scalar):
        return 'Scalar<T>'
    if isinstance(arg, Array):
        return 'Array<%s%s>' % ('const ' if arg.intent == 'in' else '', _ELEM[arg.elem])
    raise TypeError('unknown argument kind %r' % arg)


def _struct(routine):
    names = routine.name if routine.complex_name == routine.name else '%s / %s' % (
        routine.name, routine.complex_name)
    lines = ['// %s (batchlapack/%s.h)' % (names, routine.family),
             'template <class T> struct %sArgs {' % routine.op]
    lines += ['    %s %s;' % (_member_type(a), a.name) for a in routine.args]
    lines += ['    Batch b;',
              '',
              '    template <class F> void fields(F &&f) {']
    for a in routine.args:
        if isinstance(a, Array) and a.ld:
            lines.append('        f(%s, "%s", "%s");' % (a.name, a.name, a.ld))
        else:
            lines.append('        f(%s, "%s");' % (a.name, a.name))
    lines += ['    }',
              '};']
    return lines


def header(routines):
    lines = ['// ' + GENERATED,
             '//',
             '// The members of every operation struct and `fields`, which visits them in the',
             '// public order with their public names (core/gen/op_args.py says more).',
             '#pragma once',
             '',
             '#include "args.hpp"',
             '',
             '// The list every backend instantiates.']
    lines.append('#define BL_OPERATIONS(X) \\')
    line = '   '
    for r in routines:
        op = ' X(%s)' % r.op
        if len(line) + len(op) > 98:
            lines.append(line + ' \\')
            line = '   '
        line += op
    lines.append(line)
    lines += ['',
              'namespace bl {']
    for r in routines:
        lines.append('')
        lines += _struct(r)
    lines += ['',
              '}  // namespace bl']
    return '\n'.join(lines) + '\n'


def emit(routines, families, precisions, outdir):
    write(outdir, 'core/op_args.hpp', header(routines))
