"""Argument-numbering tests, generated from the routine table: every argument of every routine, in
every precision and public form, made illegal in turn, and the reported -k checked against the
argument's position in that form's own list. In C, every size and leading dimension is also made
illegal beside a batch of -1 and of 0, which must not hide it in the uniform layouts.

Writes into <outdir>/tests/:
  test_arguments.cpp      the C entry points (strided, ptr, vbatch): the return value and every
                          info[i] are -k, k the argument's position in the table's order with the
                          layout's strides (docs/decisions.md, "Argument numbering"); this checks
                          the operation structs' numbering against the table.
  test_arguments.F90      the Fortran forms (legacy, strided, vbatch, generic): info (or the BLAS
                          routines' scalar info) is -k, k the position in the form's own list;
                          this checks the Fortran maps from C positions against the C numbering.

The forms' argument lists are derived here on their own from the table (not with the emitters'
code), so that a wrong list or map there shows as a failure here. One value per kind of argument
is illegal whatever the routine: an option 'X', a size -1, a leading dimension or increment 0, a
stride 0 for an array the routine writes (matrices of a batch of two would overlap), a null
array, a null info, a batch -1. A scalar has no illegal value, nor has a stride of an array that
is only read. The Fortran legacy form has no stride, and its arrays are the caller's; a batch
of -1 is checked only where it can be seen (the BLAS routines' scalar info: an illegal batch
writes no info entry). The generic form's illegal arguments are arrays of the wrong shape: a
matrix whose rows are not adjacent (the first matrix), a last extent that is not the batch count,
any other dimension that disagrees with the shapes (gen/table.py), an info of the wrong size;
and the options and size relations only the C routine checks (C_ONLY below).
"""

from gen import capi, forms, output
from gen.table import Opt, Int, Scalar, Array
from gen.fortran import TYPES, wrap, comment

# The legal sizes every test starts from: all different, so that a size taken from the wrong
# dimension shows; within every routine's rules (orgqr's k <= n <= m, ormqr's k <= m).
SIZES = {'m': 4, 'n': 3, 'k': 2, 'nrhs': 2}
BATCH = 2
ROOM = 64   # elements per problem of every buffer, more than any legal problem here needs

# Generic-form cases that only the C routine finds (relations between sizes that are not shapes):
# routine -> [(sizes, options, the argument blamed, why)].
C_ONLY = {
    'orgqr': [({'m': 3, 'n': 4, 'k': 2}, {}, 'A', 'n > m')],
    'ormqr': [({'m': 4, 'n': 3, 'k': 5}, {'side': 'L'}, 'A', 'k > m for side L')],
}


def legal_letter(opt, p):
    allowed = opt.allowed
    if isinstance(allowed, dict):
        allowed = allowed['complex' if p in 'cz' else 'real']
    return allowed[0]


def other_precision_letters(opt, p):
    """Letters an option takes in the other precisions only (ormqr's 'C' for real data): the
    generic form lets them pass, the C routine rejects them."""
    if not isinstance(opt.allowed, dict):
        return ''
    mine = opt.allowed['complex' if p in 'cz' else 'real']
    return ''.join(c for c in opt.allowed['real'] + opt.allowed['complex'] if c not in mine)


def options(r, p):
    return {a.name: legal_letter(a, p) for a in r.args if isinstance(a, Opt)}


def legal_ld(r, a, p):
    """The smallest legal leading dimension (rows, at least 1), or increment 1 for a vector."""
    if forms.is_vector(r, a):
        return 1
    return max(1, forms.eval_dims(r, a, SIZES, options(r, p))[0])


# ---- the forms' lists, derived here on their own -----------------------------------------------

def c_list(r, layout):
    """[(name, kind, arg)] of the C entry point: the table's arguments, each array followed by its
    ld and, in the strided layout, its stride; then info (not in the BLAS routines) and batch."""
    out = []
    for a in r.args:
        kind = {Opt: 'opt', Int: 'size', Scalar: 'scalar', Array: 'array'}[type(a)]
        out.append((a.name, kind, a))
        if isinstance(a, Array):
            if a.ld:
                out.append((a.ld, 'ld', a))
            if layout == 'strided':
                out.append((a.stride, 'stride', a))
    if r.info:
        out.append(('info', 'info', None))
    return out + [('batch', 'batch', None)]


def fortran_list(r, form):
    """[(name, kind, arg)] of a Fortran form: legacy (the C strided list without strides),
    strided and vbatch (the C lists), generic (options, scalars and arrays); the BLAS routines'
    optional scalar info last."""
    if form == 'generic':
        out = [x for x in c_list(r, 'ptr') if x[1] in ('opt', 'scalar', 'array')]
        return out + [('info', 'info', None)]
    out = c_list(r, 'strided' if form == 'strided' else 'ptr')
    return out if r.info else out + [('info', 'info', None)]


# ---- C++ ---------------------------------------------------------------------------------------

CTYPES = capi.C_TYPES

CPP_ENGINE = r'''// %(generated)s
// test_arguments.cpp (core/gen/argtests.py).
// Every argument of every C entry point made illegal in turn: the return value and every info[i]
// must be -k, k the argument's position in the table's order (strides in the strided layout).
#include "batchlapack.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

namespace {

constexpr int kBatch = %(batch)d;
constexpr int kRoom = %(room)d;  // elements per problem of every buffer

// One argument of a call: its kind, and its legal value (options, sizes, leading dimensions,
// batch) or whether the routine writes it (arrays and their strides).
//   o option   s size   l leading dimension or increment   t stride   a array   c scalar
//   i info     b batch
struct Slot {
    char kind;
    int legal;
    bool ints = false;  // an array of integers (pivots): filled with 1, a legal pivot
};

// The values of one call's arguments, by position: legal ones, but for the one made illegal.
struct Values {
    std::vector<Slot> slots;
    char layout;                       // 's' strided, 'p' pointer arrays, 'v' variable sizes
    std::vector<int> value;            // options, sizes, leading dimensions, batch
    std::vector<std::vector<int>> per; // vbatch: per-problem sizes and leading dimensions
    std::vector<int64_t> stride;
    std::vector<std::vector<double>> data;  // doubles hold any element type at kRoom elements
    std::vector<std::vector<void *>> ptrs;
    std::vector<bool> null;            // strided: the array is null (pointer layouts: an entry)
    std::vector<int> infos;
    bool null_info = false;

    Values(std::vector<Slot> s, char l) : slots(std::move(s)), layout(l) {
        size_t n = slots.size();
        value.resize(n), per.resize(n), stride.resize(n);
        data.resize(n), ptrs.resize(n), null.resize(n);
        for (size_t k = 0; k < n; ++k) {
            value[k] = slots[k].legal;
            per[k].assign(kBatch, slots[k].legal);
            stride[k] = 2 * kRoom;     // in doubles: the buffers hold 2 * kRoom doubles a problem
            data[k].assign(2 * kRoom * kBatch, 1.0);
            if (slots[k].ints) {
                std::vector<int> one(4 * kRoom * kBatch, 1);
                std::memcpy(data[k].data(), one.data(), one.size() * sizeof(int));
            }
            for (int i = 0; i < kBatch; ++i) ptrs[k].push_back(data[k].data() + 2 * kRoom * i);
        }
        infos.assign(kBatch, 99);
    }
    // Makes argument k (1-based) illegal; false where it cannot be.
    bool spoil(int k) {
        Slot s = slots[size_t(k - 1)];
        size_t j = size_t(k - 1);
        switch (s.kind) {
        case 'o': value[j] = 'X'; return true;
        case 's': value[j] = -1; per[j][1] = -1; return true;
        case 'l': value[j] = 0; per[j][1] = 0; return true;
        case 't': if (!s.legal) return false; stride[j] = 0; return true;
        case 'a': null[j] = true; ptrs[j][1] = nullptr; return true;
        case 'i': null_info = true; return true;
        case 'b': value[j] = -1; return true;
        default: return false;
        }
    }
    // The accessors the calls below use, by position.
    char o(int k) const { return char(value[size_t(k - 1)]); }
    int i(int k) const { return value[size_t(k - 1)]; }
    const int *vi(int k) const { return per[size_t(k - 1)].data(); }
    // Strides count elements of the array's type; the problems are 2 * kRoom doubles apart.
    template <class T> int64_t st(int k) const {
        return stride[size_t(k - 1)] * int64_t(sizeof(double)) / int64_t(sizeof(T));
    }
    template <class T> T *a(int k) {
        return null[size_t(k - 1)] ? nullptr : reinterpret_cast<T *>(data[size_t(k - 1)].data());
    }
    template <class T> T *const *p(int k) {
        return reinterpret_cast<T *const *>(ptrs[size_t(k - 1)].data());
    }
    template <class T> T c(int) const { return T(1); }
    int *info() { return null_info ? nullptr : infos.data(); }
};

struct Entry {
    const char *name;
    char layout;
    std::vector<Slot> slots;
    std::function<int(Values &)> call;
};

int failures = 0, checked = 0;

void run(const Entry &e) {
    for (int k = 0; k <= int(e.slots.size()); ++k) {
        Values v(e.slots, e.layout);
        if (k > 0 && !v.spoil(k)) continue;
        int got = e.call(v);
        ++checked;
        bool ok = got == -k;
        bool has_info = false;
        for (const Slot &s : e.slots) has_info |= s.kind == 'i';
        const char spoilt = k > 0 ? e.slots[size_t(k - 1)].kind : 0;
        if (has_info && k > 0 && spoilt != 'i' && spoilt != 'b')
            for (int x : v.infos) ok &= x == -k;
        if (has_info && k == 0)
            for (int x : v.infos) ok &= x >= 0;
        if (!ok) {
            ++failures;
            std::printf("FAIL: %%s, argument %%d illegal: returned %%d, info[0] = %%d; "
                        "expected -%%d\n", e.name, k, got, v.infos[0], k);
        }
    }
    // A size or leading dimension made illegal with a batch of -1 or 0: the uniform layouts still
    // name it; vbatch has no per-matrix entry to read then, and names batch -1 or returns 0
    // (docs/decisions.md, "Which illegal argument is reported"). No info entry is written.
    const int nb = int(e.slots.size());
    for (int batch : {-1, 0})
        for (int k = 1; k < nb; ++k) {
            const char kind = e.slots[size_t(k - 1)].kind;
            if (kind != 's' && kind != 'l') continue;
            Values v(e.slots, e.layout);
            v.spoil(k);
            v.value[size_t(nb - 1)] = batch;
            const int got = e.call(v), want = e.layout != 'v' ? -k : batch < 0 ? -nb : 0;
            ++checked;
            bool ok = got == want;
            for (int x : v.infos) ok &= x == 99;
            if (!ok) {
                ++failures;
                std::printf("FAIL: %%s, argument %%d illegal, batch %%d: returned %%d, info[0] = %%d; "
                            "expected %%d\n", e.name, k, batch, got, v.infos[0], want);
            }
        }
}

}  // namespace

'''


def cpp_entry(r, p, layout):
    T, R = CTYPES[p]
    items = c_list(r, layout)
    slots, args = [], []
    for k, (name, kind, a) in enumerate(items, 1):
        if kind == 'opt':
            slots.append("{'o', '%s'}" % legal_letter(a, p))
            args.append('v.o(%d)' % k)
        elif kind == 'size':
            slots.append("{'s', %d}" % SIZES[name])
            args.append(('v.vi(%d)' if layout == 'vbatch' else 'v.i(%d)') % k)
        elif kind == 'ld':
            slots.append("{'l', %d}" % legal_ld(r, a, p))
            args.append(('v.vi(%d)' if layout == 'vbatch' else 'v.i(%d)') % k)
        elif kind == 'stride':
            slots.append("{'t', %d}" % (a.intent != 'in'))
            args.append('v.st<%s>(%d)' % ({'T': T, 'R': R, 'int': 'int'}[a.elem], k))
        elif kind == 'array':
            slots.append("{'a', %d%s}" % (a.intent != 'in', ', true' if a.elem == 'int' else ''))
            elem = {'T': T, 'R': R, 'int': 'int'}[a.elem]
            if a.intent == 'in':
                elem = 'const ' + elem
            args.append(('v.a<%s>(%d)' if layout == 'strided' else 'v.p<%s>(%d)') % (elem, k))
        elif kind == 'scalar':
            slots.append("{'c', 0}")
            args.append('v.c<%s>(%d)' % (T, k))
        elif kind == 'info':
            slots.append("{'i', 0}")
            args.append('v.info()')
        else:
            slots.append("{'b', %d}" % BATCH)
            args.append('v.i(%d)' % k)
    fn = capi.c_name(r, p, forms.LAYOUTS[layout])
    out = ['    {"%s", \'%s\',' % (fn, layout[0])] + c_wrap('     {', slots, '},', 6)
    out += ['     [](Values &v) {'] + c_wrap('         return %s(' % fn, args, ');', 17)
    return out + ['     }},']


def c_wrap(head, items, tail, indent, width=100):
    """head + items separated by ', ' + tail, broken between items to fit the width."""
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + (',' if i + 1 < len(items) else tail)
        if line.strip() and line != head and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = ' ' * indent + piece
        else:
            line += ('' if line == head else ' ') + piece
    return lines + [line]


def cpp(routines, precisions):
    out = [CPP_ENGINE % {'batch': BATCH, 'room': ROOM, 'generated': output.GENERATED}]
    out.append('int main() {')
    out.append('    const std::vector<Entry> entries = {')
    for r in routines:
        for p in precisions:
            for layout in ('strided', 'ptr', 'vbatch'):
                out += cpp_entry(r, p, layout)
    out.append('    };')
    out.append('    for (const Entry &e : entries) run(e);')
    out.append('    std::printf("test_arguments: %d calls, %d failure(s)\\n", checked, failures);')
    out.append('    return failures == 0 ? 0 : 1;')
    out.append('}')
    return '\n'.join(out) + '\n'


# ---- Fortran -----------------------------------------------------------------------------------

FTYPES = TYPES  # gen/fortran.py's: the types are not what this test checks


def f(name):
    return name.lower()


def ftype(a, p):
    return {'T': FTYPES[p][0], 'R': FTYPES[p][1], 'int': 'integer(c_int)'}[a.elem]


def case_loop(label, cases, legal, call, check):
    """A loop over cases: every iteration sets the legal values (`legal`: statements, or the call
    of the internal procedure that sets them), then case k's change and its expected code, makes
    the call and checks."""
    out = comment(label, '    ') + ['    do kase = 0, %d' % len(cases)]
    out += ['      ' + s for s in legal]
    out.append('      want = 0')
    if cases:
        out.append('      select case (kase)')
        for k, (change, want, why) in enumerate(cases, 1):
            one = '      case (%d); %s; want = %d  ! %s' % (k, '; '.join(change), want, why)
            if len(one) <= 100:
                out.append(one)
            else:
                out.append('      case (%d)  ! %s' % (k, why))
                out += ['        ' + x for x in change + ['want = %d' % want]]
        out.append('      end select')
    for s in call:
        out += wrap('      ' + s)
    out += wrap('      ' + check)
    out.append('    end do')
    return out


def f_declarations(r, p):
    """The test subroutine's variables: per option, size and scalar one of its own (sizes also as
    per-problem arrays, _v); per array a buffer (_buf) with the pointers to its problems (_p), an
    assumed-shape array for the generic form (_g) with its extents (_e) and row step (_r)."""
    out = ['    integer :: kase, want, code, i, info_e',
           '    integer(c_int) :: batch, info(%d)' % BATCH,
           '    integer(c_int), allocatable :: info_g(:)']
    for a in r.args:
        x = f(a.name)
        if isinstance(a, Opt):
            out.append('    character(1) :: %s' % x)
        elif isinstance(a, Int):
            out.append('    integer(c_int) :: %s, %s_v(%d)' % (x, x, BATCH))
        elif isinstance(a, Scalar):
            out.append('    %s :: %s = 1' % (FTYPES[p][0], x))
        else:
            rank = 1 if forms.is_vector(r, a) else 2
            dims = ','.join([':'] * (rank + 1))
            out.append('    %s, allocatable, target :: %s_buf(:), %s_g(%s)'
                       % (ftype(a, p), x, x, dims))
            out.append('    integer(c_int64_t) :: %s' % f(a.stride))
            out.append('    type(c_ptr) :: %s_p(%d)' % (x, BATCH))
            out.append('    integer :: %s_e(%d), %s_r' % (x, rank + 1, x))
            if a.ld:
                out.append('    integer(c_int) :: %s, %s_v(%d)' % (f(a.ld), f(a.ld), BATCH))
    for a in forms.arrays(r):
        x = f(a.name)
        out += ['    allocate(%s_buf(%d))' % (x, ROOM * BATCH),
                '    %s_buf = 1' % x,
                '    do i = 1, %d' % BATCH,
                '      %s_p(i) = c_loc(%s_buf(1 + (i - 1) * %d))' % (x, x, ROOM),
                '    end do']
    return out


def f_legal(r, p):
    """Statements setting the legal arguments of the legacy, strided and vbatch forms."""
    opts = options(r, p)
    out = ['batch = %d' % BATCH]
    for a in r.args:
        x = f(a.name)
        if isinstance(a, Opt):
            out.append("%s = '%s'" % (x, opts[a.name]))
        elif isinstance(a, Int):
            out.append('%s = %d; %s_v = %d' % (x, SIZES[a.name], x, SIZES[a.name]))
        elif isinstance(a, Array):
            if a.ld:
                ld = legal_ld(r, a, p)
                out.append('%s = %d; %s_v = %d' % (f(a.ld), ld, f(a.ld), ld))
            out.append('%s = %d; %s_p(2) = c_loc(%s_buf(%d))'
                       % (f(a.stride), ROOM, x, x, ROOM + 1))
    return out


def f_form_loop(r, p, form):
    """The loop over the cases of the legacy, strided or vbatch form."""
    name = r.lapack_name(p)
    items = fortran_list(r, form)
    cases = []
    for k, (nm, kind, a) in enumerate(items, 1):
        v = f(nm) + ('_v(2)' if form == 'vbatch' and kind in ('size', 'ld') else '')
        if kind == 'opt':
            cases.append((["%s = 'X'" % v], -k, nm))
        elif kind == 'size':
            cases.append((['%s = -1' % v], -k, nm))
        elif kind == 'ld':
            cases.append((['%s = 0' % v], -k, nm))
        elif kind == 'stride' and a.intent != 'in':
            cases.append((['%s = 0' % v], -k, nm + ' (matrices overlap)'))
        elif kind == 'array' and form == 'vbatch':
            cases.append((['%s_p(2) = c_null_ptr' % f(nm)], -k, nm + ' (a null pointer)'))
        elif kind == 'batch' and not r.info:
            cases.append((['batch = -1'], -k, nm))
    actual = []
    for nm, kind, a in items:
        if kind == 'array':
            actual.append(f(nm) + ('_p' if form == 'vbatch' else '_buf'))
        elif kind in ('size', 'ld') and form == 'vbatch':
            actual.append(f(nm) + '_v')
        elif kind == 'info':
            actual.append('info' if r.info else 'code')
        else:
            actual.append(f(nm))
    proc = name + {'legacy': '_batch', 'strided': '_batch_strided', 'vbatch': '_vbatch'}[form]
    result = 'info' if r.info else 'code'
    call = ['%s = 99' % result, 'call %s(%s)' % (proc, ', '.join(actual))]
    check = 'call expect_%s(%s, want, kase, "%s")' % (result, result, proc)
    label = '%s(%s)' % (proc, ', '.join(f(x[0]) for x in items))
    return case_loop(label, cases, ['call legal()'], call, check)


def f_generic_loop(r, p):
    """The loop over the cases of the generic form: its arrays allocated for each case."""
    opts = options(r, p)
    arrays = forms.arrays(r)
    items = fortran_list(r, 'generic')
    nbsrc = forms.batch_source(r)

    def extents(sizes, opts_):
        return {a.name: forms.eval_dims(r, a, sizes, opts_) + [BATCH] for a in arrays}

    # The array dimensions the generic form reads a size from, for the legal options: changing
    # one changes a size, not this array's shape.
    read = set()
    for a, d in forms.size_sources(r).values():
        if isinstance(d, tuple):
            opt, letter, then, otherwise = d
            d = then if opts[opt] == letter else otherwise
        read.add((a.name, d))

    base = extents(SIZES, opts)
    legal = ["%s = '%s'" % (f(a.name), opts[a.name]) for a in r.args if isinstance(a, Opt)]
    legal += ['%s_e = [%s]; %s_r = 1' % (f(a.name), ', '.join(map(str, base[a.name])),
                                          f(a.name)) for a in arrays]
    legal.append('info_e = %d' % BATCH)
    cases = []
    for k, (nm, kind, a) in enumerate(items, 1):
        x = f(nm)
        if kind == 'opt':
            cases.append((["%s = 'X'" % x], -k, nm))
            for letter in other_precision_letters(a, p):
                why = "%s = '%s', which the C routine refuses" % (nm, letter)
                cases.append((["%s = '%s'" % (x, letter)], -k, why))
        elif kind == 'array':
            e = base[nm]
            if a is nbsrc:
                cases.append((['%s_r = 2' % x], -k, nm + ': rows not adjacent'))
            else:
                why = nm + ': last extent not the batch count'
                cases.append((['%s_e(%d) = %d' % (x, len(e), BATCH + 1)], -k, why))
            vec = forms.is_vector(r, a)
            for d in range(len(e) - 1):
                if (nm, d + 1) not in read:
                    why = '%s: extent %d %s' % (nm, d + 1, 'too short' if vec else 'wrong')
                    wrong = e[d] - 1 if vec else e[d] + 1
                    cases.append((['%s_e(%d) = %d' % (x, d + 1, wrong)], -k, why))
        elif kind == 'info' and r.info:
            cases.append((['info_e = %d' % (BATCH + 1)], -k, 'info: not the batch count'))
    for sizes, opt_over, blamed, why in C_ONLY.get(r.name, []):
        ext = extents(dict(SIZES, **sizes), dict(opts, **opt_over))
        change = ["%s = '%s'" % (f(n), v) for n, v in opt_over.items()]
        change += ['%s_e = [%s]' % (f(a.name), ', '.join(map(str, ext[a.name]))) for a in arrays]
        pos = [x[0] for x in items].index(blamed) + 1
        cases.append((change, -pos, why + ', which the C routine refuses'))

    call, actual = [], []
    for a in arrays:
        x = f(a.name)
        rank = len(base[a.name])
        extent = ['%s_e(1) * %s_r' % (x, x)] + ['%s_e(%d)' % (x, d) for d in range(2, rank + 1)]
        call += ['allocate(%s_g(%s))' % (x, ', '.join(extent)), '%s_g = 1' % x]
    call.append('allocate(info_g(info_e))')
    for nm, kind, a in items:
        x = f(nm)
        if kind == 'array':
            rest = ', '.join([':'] * (len(base[nm]) - 1))
            actual.append('%s_g(1:%s_e(1) * %s_r:%s_r, %s)' % (x, x, x, x, rest))
        elif kind == 'info':
            actual.append('info_g' if r.info else 'code')
        else:
            actual.append(x)
    generic = (r.complex_name if p in 'cz' else r.name) + '_batch'
    result = 'info_g' if r.info else 'code'
    call += ['%s = 99' % result, 'call %s(%s)' % (generic, ', '.join(actual))]
    expect = 'expect_info' if r.info else 'expect_code'
    check = 'call %s(%s, want, kase, "%s generic")' % (expect, result, r.lapack_name(p))
    dealloc = 'deallocate(%s)' % ', '.join(['%s_g' % f(a.name) for a in arrays] + ['info_g'])
    label = '%s(%s)' % (generic, ', '.join(f(x[0]) for x in items))
    return case_loop(label, cases, legal, call, check + '; ' + dealloc)


def fortran_routine(r, p):
    """The test subroutine of one routine in one precision: a loop over its cases per form, and
    the internal procedure that sets the legal arguments."""
    out = ['  subroutine t_%s()' % r.lapack_name(p)] + f_declarations(r, p) + ['']
    for form in ('legacy', 'strided', 'vbatch'):
        out += f_form_loop(r, p, form)
    out += f_generic_loop(r, p)
    out += ['  contains', '    subroutine legal()']
    out += ['      ' + x for x in f_legal(r, p)]
    return out + ['    end subroutine', '  end subroutine']


F_HEAD = '''! %(generated)s
! test_arguments.F90 (core/gen/argtests.py).
! Every argument of every Fortran form made illegal in turn (see argtests.py for how): info, or the
! BLAS routines' scalar info, must be -k, k the argument's position in the form called.
module argtest_util
  implicit none
  integer :: failures = 0, checked = 0
contains
  ! want = 0: a legal call, every info(i) >= 0; want = -k: every info(i) = -k.
  subroutine expect_info(info, want, kase, what)
    integer, intent(in) :: info(:), want, kase
    character(*), intent(in) :: what
    logical :: ok
    checked = checked + 1
    if (want == 0) then
      ok = all(info >= 0)
    else
      ok = all(info == want)
    end if
    if (.not. ok) then
      failures = failures + 1
      print '(a, a, i0, a, i0, a, i0)', what, ': case ', kase, ': info(1) = ', info(1), &
            ', expected ', want
    end if
  end subroutine

  subroutine expect_code(code, want, kase, what)
    integer, intent(in) :: code, want, kase
    character(*), intent(in) :: what
    checked = checked + 1
    if (code /= want) then
      failures = failures + 1
      print '(a, a, i0, a, i0, a, i0)', what, ': case ', kase, ': info = ', code, &
            ', expected ', want
    end if
  end subroutine
end module

module argtests
  use iso_c_binding
  use batchlapack
  use argtest_util
  implicit none
contains
'''


def fortran(routines, precisions):
    out = [F_HEAD % {'generated': output.GENERATED}]
    for r in routines:
        for p in precisions:
            out += fortran_routine(r, p)
            out.append('')
    out.append('end module')
    out.append('')
    out.append('program test_arguments')
    out.append('  use argtests')
    out.append('  use argtest_util')
    out.append('  implicit none')
    out.append("  ! Illegal arguments are found before any backend runs; the legal calls run here.")
    out.append("  call bl_set_backend('cpu')")
    for r in routines:
        for p in precisions:
            out.append('  call t_%s()' % r.lapack_name(p))
    out.append("  print '(a, i0, a, i0, a)', 'test_arguments (Fortran): ', checked, ' calls, ', &")
    out.append("        failures, ' failure(s)'")
    out.append('  if (failures > 0) error stop 1')
    out.append('end program')
    return '\n'.join(out) + '\n'


def emit(routines, families, precisions, outdir):
    """Writes tests/test_arguments.cpp and tests/test_arguments.F90 under outdir."""
    del families
    output.write(outdir, 'tests/test_arguments.cpp', cpp(routines, precisions))
    output.write(outdir, 'tests/test_arguments.F90', fortran(routines, precisions))
