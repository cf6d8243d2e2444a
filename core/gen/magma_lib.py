"""The MAGMA compatibility library's routines, from the routine table (the entries with a `magma`
field, gen/table.py's Magma): what a code written for MAGMA links instead of MAGMA
(cmake/compat_magma.cmake builds it as <prefix>/magma/lib/libmagma.so).

Writes, under magma/ (not under include/, which installs beside batchlapack.h):
  include/magma_types.h   MAGMA's types and constants: magma_int_t, the complex types (CUDA's,
                          as MAGMA's are), the option enums with MAGMA's values (gen/compat.py's
                          ENUMS, which batchlapack_magma.h shares), the pointer types, the error
                          codes and the complex helpers (MAGMA_Z_MAKE, ...).
  include/magma_v2.h      MAGMA's main header: the runtime (compat/magma/include/magma_auxiliary.h,
                          hand-written), the typed helpers MAGMA defines over it (magma_dmalloc,
                          magma_dsetmatrix, magma_dset_pointer, ...) and every routine below.
  magma.cpp               the routines, each over batchlapack's entry point with the queue's
                          stream set for the call (compat/magma/queue.hpp).

For each routine MAGMA has, in each precision of the build, up to three forms:
  - batched: magma_<p><routine>_batched (magmablas_ for the BLAS routines, which have no info and
    return nothing), over bl_<p><routine>_batch_ptr: MAGMA's list is the pointer layout's (see
    gen/compat.py, which names and renumbers it);
  - vbatched (Magma.vbatched): magma(blas)_<p><routine>_vbatched over bl_<p><routine>_vbatch; the
    size arrays are in device memory in MAGMA and are copied to the host first, on the queue's
    stream (HostSizes);
  - _gpu (Magma.gpu): magma_<p><routine>_gpu, one matrix in device memory, ipiv and info in host
    memory, no queue, synchronous: a one-matrix call of bl_<p><routine>_batch_ptr, whose list
    without batch is LAPACK's, as the _gpu routine's is, so that -k needs no renumbering.
"""

from gen import capi, compat, forms, output

TYPES = compat.TYPES
# The element types of MAGMA's typed helpers: its integer and the four precisions.
HELPER_TYPES = [('i', 'magma_int_t', 'magmaInt')] + [
    (p, compat.TYPES[p], {'s': 'magmaFloat', 'd': 'magmaDouble', 'c': 'magmaFloatComplex',
                          'z': 'magmaDoubleComplex'}[p]) for p in capi.PRECISIONS]


def vbatched_name(r, p):
    return compat.magma_name(r, p)[:-len('_batched')] + '_vbatched'


def gpu_name(r, p):
    return 'magma_' + p + (r.magma.routine or r.name) + '_gpu'


def gpu_args(r):
    """[(item, MAGMA's name)] of the _gpu form: LAPACK's list and info, the matrices named d<X>
    and their leading dimensions ldd<x>, as MAGMA's _gpu routines name them."""
    out = []
    for it in forms.c_args(r, 'ptr'):
        if it.kind == 'batch':
            continue
        name = it.name
        if it.kind == 'array' and it.arg.elem != 'int':
            name = 'd' + it.name
        elif it.kind == 'ld':
            name = 'ldd' + it.name[2:]
        out.append((it, name))
    return out


def gpu_parameter(p, it, name):
    if it.kind == 'opt':
        return compat.OPTION_ENUMS[it.name][0] + ' ' + name
    if it.kind in ('size', 'ld'):
        return 'magma_int_t ' + name
    if it.kind == 'info' or it.arg.elem == 'int':
        return 'magma_int_t *' + name
    return TYPES[p] + ' *' + name


def prototypes(r, p):
    """[(return type, name, [parameter declarations], form)] of the routine's forms."""
    ret = 'magma_int_t' if r.info else 'void'
    out = [(ret, compat.magma_name(r, p),
            [compat.parameter(r, p, it, n) for it, n in compat.magma_args(r)], 'batched')]
    if r.magma.vbatched:
        out.append((ret, vbatched_name(r, p),
                    [compat.parameter(r, p, it, n, vbatched=True) for it, n in vbatched_args(r)],
                    'vbatched'))
    if r.magma.gpu:
        out.append(('magma_int_t', gpu_name(r, p),
                    [gpu_parameter(p, it, n) for it, n in gpu_args(r)], 'gpu'))
    return out


def vbatched_args(r):
    """[(item, MAGMA's name)] of the vbatched form: the vbatch layout's list in MAGMA's names,
    then the queue (item None). MAGMA's vbatched routines all have the info of their batched
    form (the BLAS ones none)."""
    names = dict(r.magma.names)
    out = [(it, names.get(it.name, 'batchCount' if it.kind == 'batch' else it.name))
           for it in forms.c_args(r, 'vbatch')]
    return out + [(None, 'queue')]


def head(ret, name, params, api, tail):
    return output.wrap_list('%s%s %s(' % (api, ret, name), params, tail, indent=4)


def batched_body(r, p):
    """The body of the batched form (gen/compat.py's header-only wrapper, on the queue)."""
    args = compat.magma_args(r)
    call = []
    for it in forms.c_args(r, 'ptr'):
        found = [n for i, n in args if i is not None and i.name == it.name]
        call.append(compat.actual(r, p, it, found[0]) if found else 'info')  # the scratch info
    bl = capi.c_name(r, p, capi.POINTERS)
    out = ['    bl_magma::OnQueue on_queue(queue);']
    if not r.info:
        return out + output.wrap_list('    (void)%s(' % bl, call, ');', indent=8)
    if r.magma.names['info'] is not None:
        return out + output.wrap_list('    return %s(' % bl, call, ');', indent=8)
    (ours, theirs), = compat.renumbering(r).items()
    out += ['    int *info = on_queue.scratch_info(batchCount);',
            '    if (batchCount > 0 && info == nullptr) return BL_ERROR_OUT_OF_MEMORY;']
    out += output.wrap_list('    const int r = %s(' % bl, call, ');', indent=8)
    out.append('    return r == -%d ? -%d : r;  // %s: argument %d in MAGMA\'s list' %
               (ours, theirs, forms.c_args(r, 'ptr')[ours - 1].name, theirs))
    return out


def vbatched_body(r, p, name):
    args = [(it, n) for it, n in vbatched_args(r) if it is not None]
    sizes = [n for it, n in args if it.kind in ('size', 'ld')]
    call = []
    for it, n in args:
        if it.kind in ('size', 'ld'):
            call.append('sizes[%d]' % sizes.index(n))
        else:
            call.append(compat.actual(r, p, it, n, vbatched=True))
    fail = 'return sizes.failure();' if r.info else 'return;'
    out = ['    bl_magma::OnQueue on_queue(queue);']
    out += output.wrap_list('    const bl_magma::HostSizes sizes(on_queue, "%s", batchCount, {'
                            % name, sizes, '});', indent=8)
    out.append('    if (!sizes.ok()) ' + fail)
    bl = capi.c_name(r, p, capi.VARIABLE)
    lead = ('    return %s(' if r.info else '    (void)%s(') % bl
    return out + output.wrap_list(lead, call, ');', indent=8)


def gpu_body(r, p):
    out = ['    bl_magma::OnQueue on_queue(nullptr);  // no queue: synchronous, as MAGMA\'s']
    call = []
    for it, n in gpu_args(r):
        if it.kind == 'array':
            elem = 'int' if it.arg.elem == 'int' else TYPES[p]
            out.append('    %s *const %s_[1] = {%s};' % (elem, n, n))
            call.append(n + '_')
        elif it.kind == 'opt':
            call.append('%s(%s)' % (compat.OPTION_ENUMS[it.name][1], n))
        else:
            call.append(n)
    bl = capi.c_name(r, p, capi.POINTERS)
    out += output.wrap_list('    const int r = %s(' % bl, call + ['1'], ');', indent=8)
    out.append('    return r != 0 ? r : *info;')
    return out


def definitions(routines, precisions):
    out = []
    for p in precisions:
        out += ['', '// ---- %s ----' % TYPES[p]]
        for r in routines:
            for ret, name, params, form in prototypes(r, p):
                out.append('')
                out += head(ret, name, params, 'extern "C" ', ') {')
                if form == 'batched':
                    out += batched_body(r, p)
                elif form == 'vbatched':
                    out += vbatched_body(r, p, name)
                else:
                    out += gpu_body(r, p)
                out.append('}')
    return out


SOURCE = """\
// magma.cpp -- the MAGMA compatibility library's routines.
// {generated}
// (core/gen/magma_lib.py, from the entries' `magma` fields.)
//
// Each runs batchlapack's routine with the calling thread's stream (bl_set_stream) set to the
// queue's for the call (bl_magma::OnQueue, compat/magma/queue.hpp): stream-ordered where every
// array is in device memory, as MAGMA's are. batchlapack's complex types are CUDA's here, as
// MAGMA's are (batchlapack.h lets them be overridden by any type of the same layout).
#include <cuComplex.h>
#define bl_complex_float cuFloatComplex
#define bl_complex_double cuDoubleComplex
#include "batchlapack.h"

#include "magma_v2.h"
#include "queue.hpp"
"""


TYPES_HEADER = """\
/*
 * magma_types.h -- MAGMA's types and constants, for the MAGMA compatibility library.
 * {generated}
 * (core/gen/magma_lib.py; magma_v2.h says what the library covers.)
 */
#ifndef MAGMA_TYPES_H
#define MAGMA_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include <cuComplex.h>
#include <cuda_runtime_api.h>
#include <cublas_v2.h>

#if defined(MAGMA_ILP64) || defined(MKL_ILP64)
#error "batchlapack's MAGMA library has MAGMA's LP64 interface only: magma_int_t is int"
#endif

/* The library's functions are its exports (built with hidden visibility otherwise). */
#if defined(__GNUC__)
#define BL_MAGMA_API __attribute__((visibility("default")))
#else
#define BL_MAGMA_API
#endif

#define MAGMA_HAVE_CUDA
#define MAGMA_VERSION_MAJOR 2
#define MAGMA_VERSION_MINOR 0
#define MAGMA_VERSION_MICRO 0

#ifdef __cplusplus
extern "C" {{
#endif

typedef int magma_int_t;
typedef int magma_index_t;
typedef double real_Double_t;
typedef magma_int_t magma_device_t;
/* A queue: a CUDA stream on a device (magma_queue_create, magma_queue_create_from_cuda). */
typedef struct magma_queue *magma_queue_t;

typedef cuFloatComplex magmaFloatComplex;
typedef cuDoubleComplex magmaDoubleComplex;

typedef void *magma_ptr;
typedef magma_int_t *magmaInt_ptr;
typedef float *magmaFloat_ptr;
typedef double *magmaDouble_ptr;
typedef magmaFloatComplex *magmaFloatComplex_ptr;
typedef magmaDoubleComplex *magmaDoubleComplex_ptr;
typedef void const *magma_const_ptr;
typedef magma_int_t const *magmaInt_const_ptr;
typedef float const *magmaFloat_const_ptr;
typedef double const *magmaDouble_const_ptr;
typedef magmaFloatComplex const *magmaFloatComplex_const_ptr;
typedef magmaDoubleComplex const *magmaDoubleComplex_const_ptr;

/* Return codes: 0, -k (illegal argument k), MAGMA's codes below, and batchlapack's BL_ERROR_*
 * (below -1000; batchlapack.h), which the routines return for a device failure. */
#define MAGMA_SUCCESS 0
#define MAGMA_ERR (-100)
#define MAGMA_ERR_NOT_SUPPORTED (-103)
#define MAGMA_ERR_HOST_ALLOC (-112)
#define MAGMA_ERR_DEVICE_ALLOC (-113)
#define MAGMA_ERR_INVALID_PTR (-115)
#define MAGMA_ERR_UNKNOWN (-116)

typedef enum {{ MagmaFalse = 0, MagmaTrue = 1 }} magma_bool_t;
typedef enum {{ MagmaRowMajor = 101, MagmaColMajor = 102 }} magma_order_t;
"""

TYPES_FOOTER = """\

/* Complex numbers, as MAGMA's CUDA build writes them (cuComplex.h). */
#define MAGMA_Z_MAKE(r, i) make_cuDoubleComplex(r, i)
#define MAGMA_Z_REAL(a) (a).x
#define MAGMA_Z_IMAG(a) (a).y
#define MAGMA_Z_ADD(a, b) cuCadd(a, b)
#define MAGMA_Z_SUB(a, b) cuCsub(a, b)
#define MAGMA_Z_MUL(a, b) cuCmul(a, b)
#define MAGMA_Z_DIV(a, b) cuCdiv(a, b)
#define MAGMA_Z_ABS(a) cuCabs(a)
#define MAGMA_Z_CONJ(a) cuConj(a)
#define MAGMA_C_MAKE(r, i) make_cuFloatComplex(r, i)
#define MAGMA_C_REAL(a) (a).x
#define MAGMA_C_IMAG(a) (a).y
#define MAGMA_C_ADD(a, b) cuCaddf(a, b)
#define MAGMA_C_SUB(a, b) cuCsubf(a, b)
#define MAGMA_C_MUL(a, b) cuCmulf(a, b)
#define MAGMA_C_DIV(a, b) cuCdivf(a, b)
#define MAGMA_C_ABS(a) cuCabsf(a)
#define MAGMA_C_CONJ(a) cuConjf(a)
#define MAGMA_D_MAKE(r, i) (r)
#define MAGMA_D_REAL(x) (x)
#define MAGMA_D_IMAG(x) (0.0)
#define MAGMA_S_MAKE(r, i) (r)
#define MAGMA_S_REAL(x) (x)
#define MAGMA_S_IMAG(x) (0.0)
#define MAGMA_Z_ZERO MAGMA_Z_MAKE(0.0, 0.0)
#define MAGMA_Z_ONE MAGMA_Z_MAKE(1.0, 0.0)
#define MAGMA_Z_NEG_ONE MAGMA_Z_MAKE(-1.0, 0.0)
#define MAGMA_C_ZERO MAGMA_C_MAKE(0.0, 0.0)
#define MAGMA_C_ONE MAGMA_C_MAKE(1.0, 0.0)
#define MAGMA_C_NEG_ONE MAGMA_C_MAKE(-1.0, 0.0)
#define MAGMA_D_ZERO (0.0)
#define MAGMA_D_ONE (1.0)
#define MAGMA_D_NEG_ONE (-1.0)
#define MAGMA_S_ZERO (0.0f)
#define MAGMA_S_ONE (1.0f)
#define MAGMA_S_NEG_ONE (-1.0f)

#ifdef __cplusplus
}
#endif

#endif /* MAGMA_TYPES_H */
"""


def types_header():
    out = TYPES_HEADER.format(generated=output.GENERATED).split('\n')[:-1]
    out += ['', '/* MAGMA\'s option enums, with MAGMA\'s values; the conversions to LAPACK\'s '
            'characters are', ' * the library\'s own. */']
    out += compat.enum_lines()
    return '\n'.join(out) + '\n' + TYPES_FOOTER


V2_HEADER = """\
/*
 * magma_v2.h -- the MAGMA compatibility library of batchlapack: MAGMA's names over batchlapack.
 * {generated}
 * (core/gen/magma_lib.py, from the entries' `magma` fields.)
 *
 * A code written for MAGMA (its v2 interface, CUDA, LP64) builds against this folder instead of
 * MAGMA's -- its include/ for magma_v2.h (or magma.h), its lib/ for libmagma.so, or its
 * lib/pkgconfig/magma.pc -- with no change to its source. Covered, for p in {precisions}:
 *
{listing}
 *
 *   and the runtime (magma_auxiliary.h): magma_init, magma_finalize, magma_getdevice,
 *   magma_setdevice, magma_getdevices, queues (magma_queue_create, _create_from_cuda, _destroy,
 *   _sync, _get_device, _get_cuda_stream, _get_cublas_handle), memory (magma_malloc, _free,
 *   _malloc_pinned, _free_pinned, _malloc_cpu, _free_cpu, and magma_<t>malloc, _malloc_pinned,
 *   _malloc_cpu for t in i, s, d, c, z), copies (magma_setmatrix, _getmatrix, _copymatrix,
 *   magma_setvector, _getvector, _copyvector, each also _async, and magma_<t>setmatrix ...), the
 *   pointer arrays (magma_iset_pointer, magma_<p>set_pointer, magma_<t>displace_pointers),
 *   magma_wtime, magma_sync_wtime, magma_strerror; and MAGMA's types and constants
 *   (magma_types.h).
 *
 * Not covered: everything else of MAGMA -- its other routines (non-batched CPU and hybrid
 * interfaces, the _gpu forms of other routines, other batched and vbatched routines, the
 * _max_nocheck, _work and strided batched variants), its v1 interface (copies without a queue),
 * events, sparse, multi-GPU, magma_queue_get_cusparse_handle, ILP64. A call to any of them fails to
 * link (no symbol), or to compile where MAGMA's name is a macro.
 *
 * How the calls run:
 *  - Each batched or vbatched routine runs batchlapack's routine (bl_<p><routine>_batch_ptr,
 *    _vbatch) with the calling thread's batchlapack stream set to the queue's for the call
 *    (bl_set_stream; the thread's own setting is restored after). With every array in device or
 *    managed memory (MAGMA's case: the matrices, the arrays of pointers, and info_array, which
 *    is device memory as in MAGMA), the call is stream-ordered: it checks its arguments,
 *    enqueues its work on the queue's stream after what is already there, and returns before
 *    the work is done; results and info_array are in place after magma_queue_sync(queue).
 *    With any array in host memory the call is synchronous (it returns when its results are in
 *    place).
 *  - The vbatched routines take the sizes and leading dimensions in device memory, as MAGMA's
 *    (batchCount entries are read; MAGMA's extra entry is not used): they are copied to the
 *    host on the queue's stream, which waits for the work already on it; then the call runs as
 *    batchlapack's _vbatch routines do, which return when their work is done (batchlapack's
 *    README says which calls return before).
 *  - The _gpu routines are synchronous, as MAGMA's: the matrices in device memory, ipiv and info
 *    in host memory, no queue (the legacy default stream's prior work is waited for).
 *  - magma_<p>set_pointer and _displace_pointers run a small kernel on the queue's stream and
 *    return at once; the set/get/copy routines without _async return when the copy is done,
 *    the _async ones at once.
 *  - A NULL queue is the legacy default stream. Where the library was built with CUDA but no
 *    device is usable, a queue is created on no stream and the routines run on the CPU with host
 *    data (batchlapack's rule).
 *
 * Return values: 0, -k for illegal argument k counted in MAGMA's argument list (MAGMA prints
 * no message here: bl_last_error() says what was illegal), the routine's info for the _gpu
 * forms, MAGMA_ERR_* from the memory functions, or a BL_ERROR_* code of batchlapack (below
 * -1000, batchlapack.h) for a device failure. Where a batched routine has an info_array, every
 * info_array[i] is also set to -k on an illegal argument (or to the BL_ERROR_* code).
{differences}\
 */
#ifndef MAGMA_V2_H
#define MAGMA_V2_H

#include "magma_types.h"
#include "magma_auxiliary.h"

#ifdef __cplusplus
extern "C" {{
#endif
"""

NO_INFO = ("{names} have no info array in MAGMA; the library passes one of its own, in device "
           "memory (managed memory, or host memory where no device is usable), kept with the "
           "queue between calls.")

RETURNS_NOTHING = ("{names} return nothing, as MAGMA's; an illegal argument changes nothing and "
                   "is described by bl_last_error().")

# MAGMA's typed helpers over the untyped runtime, which its headers define as inline functions
# or macros (magma_auxiliary.h, magma_copy.h, magmablas_<p>.h): allocations of n elements of
# type T here, the arrays of pointers (pointer_helpers) and the copies (copy_helpers).
HELPERS = """\
static inline magma_int_t magma_{t}malloc({P}_ptr *ptr_ptr, size_t n) {{
    return magma_malloc((magma_ptr *)ptr_ptr, n * sizeof({T}));
}}
static inline magma_int_t magma_{t}malloc_pinned({T} **ptr_ptr, size_t n) {{
    return magma_malloc_pinned((void **)ptr_ptr, n * sizeof({T}));
}}
static inline magma_int_t magma_{t}malloc_cpu({T} **ptr_ptr, size_t n) {{
    return magma_malloc_cpu((void **)ptr_ptr, n * sizeof({T}));
}}
"""


# MAGMA's copies: (name, source, destination), each side 'h' (host: T *) or 'd' (device: the
# pointer type), the source const.
COPIES = [('set', 'h', 'd'), ('get', 'd', 'h'), ('copy', 'd', 'd')]


def copy_helpers(t, T, P):
    """magma_<t>setmatrix ... magma_<t>copyvector_async over the untyped functions."""
    out = []
    for op, src, dst in COPIES:
        for shape in ('matrix', 'vector'):
            if shape == 'matrix':
                sizes, a, b = ['magma_int_t m', 'magma_int_t n'], 'A', 'B'
                lds = ('ld' if src == 'h' else 'ldd') + 'a', ('ld' if dst == 'h' else 'ldd') + 'b'
            else:
                sizes, a, b, lds = ['magma_int_t n'], 'x', 'y', ('incx', 'incy')
            src_type = '%s const *' % T if src == 'h' else P + '_const_ptr '
            dst_type = T + ' *' if dst == 'h' else P + '_ptr '
            src_name, dst_name = '%s%s_src' % (src, a), '%s%s_dst' % (dst, b)
            params = sizes + [src_type + src_name, 'magma_int_t ' + lds[0], dst_type + dst_name,
                              'magma_int_t ' + lds[1], 'magma_queue_t queue']
            args = [p.split()[-1].lstrip('*') for p in sizes] + [
                'sizeof(%s)' % T, src_name, lds[0], dst_name, lds[1], 'queue']
            for suffix in ('', '_async'):
                name = 'magma_%s%s%s%s' % (t, op, shape, suffix)
                out += output.wrap_list('static inline void %s(' % name, params, ') {')
                out += output.wrap_list('    magma_%s%s%s(' % (op, shape, suffix), args, ');')
                out.append('}')
    return out


def pointer_helpers(t, T):
    """magma_<t>set_pointer and magma_<t>displace_pointers over the untyped kernels'
    functions."""
    out = ['/* output_array[i] = input + i * batch_offset + row + column * lda, on the queue\'s '
           'stream. */']
    out += output.wrap_list('static inline void magma_%sset_pointer(' % t, [
        '%s **output_array' % T, '%s *input' % T, 'magma_int_t lda', 'magma_int_t row',
        'magma_int_t column', 'magma_int_t batch_offset', 'magma_int_t batchCount',
        'magma_queue_t queue'], ') {')
    out += output.wrap_list('    bl_magma_set_pointer(', [
        '(void **)output_array', 'input', 'sizeof(%s)' % T, 'lda', 'row', 'column',
        'batch_offset', 'batchCount', 'queue'], ');')
    out += ['}', '/* output_array[i] = input_array[i] + row + column * lda, on the queue\'s '
            'stream. */']
    out += output.wrap_list('static inline void magma_%sdisplace_pointers(' % t, [
        '%s **output_array' % T, '%s **input_array' % T, 'magma_int_t lda', 'magma_int_t row',
        'magma_int_t column', 'magma_int_t batchCount', 'magma_queue_t queue'], ') {')
    out += output.wrap_list('    bl_magma_displace_pointers(', [
        '(void **)output_array', '(void *const *)input_array', 'sizeof(%s)' % T, 'lda', 'row',
        'column', 'batchCount', 'queue'], ');')
    return out + ['}']


def helpers():
    out = []
    for t, T, P in HELPER_TYPES:
        out += ['', '/* ---- %s ---- */' % T]
        out += HELPERS.format(t=t, T=T, P=P).split('\n')[:-1]
        out += pointer_helpers(t, T)
        out += copy_helpers(t, T, P)
    return out


def v2_header(routines, precisions):
    names = []
    for r in routines:
        names += [compat.magma_name(r, '<p>')]
        if r.magma.vbatched:
            names.append(vbatched_name(r, '<p>'))
        if r.magma.gpu:
            names.append(gpu_name(r, '<p>'))
    listing = []
    for i in range(0, len(names), 2):
        row = names[i:i + 2]
        listing.append(' *     ' + ''.join(n.ljust(38) for n in row[:-1]) + row[-1])
    no_info = [r.name for r in routines if r.info and r.magma.names['info'] is None]
    blas = [compat.magma_name(r, '<p>') for r in routines if not r.info]
    differences = ''
    if no_info:
        differences += compat.bullet(NO_INFO.format(names=compat.sentence_list(no_info)))
    if blas:
        differences += compat.bullet(RETURNS_NOTHING.format(names=compat.sentence_list(blas)))
    if differences:
        differences = ' *\n * Differences from MAGMA:\n' + differences
    out = V2_HEADER.format(generated=output.GENERATED, listing='\n'.join(listing),
                           precisions=', '.join(precisions), differences=differences)
    out = out.split('\n')[:-1]
    out += helpers()
    for p in precisions:
        out += ['', '/* ---- %s ---- */' % TYPES[p]]
        for r in routines:
            for ret, name, params, _ in prototypes(r, p):
                out += head(ret, name, params, 'BL_MAGMA_API ', ');')
    out += ['', '#ifdef __cplusplus', '}', '#endif', '', '#endif /* MAGMA_V2_H */']
    return '\n'.join(out) + '\n'


def emit(routines, families, precisions, outdir):
    """Writes magma/include/magma_types.h, magma/include/magma_v2.h and magma/magma.cpp under
    outdir."""
    del families
    magma = [r for r in routines if r.magma]
    for r in magma:
        # A vbatched form is the vbatch layout's list as it is: no info dropped, no renumbering.
        assert not (r.magma.vbatched and r.info and r.magma.names['info'] is None), r.name
    output.write(outdir, 'magma/include/magma_types.h', types_header())
    output.write(outdir, 'magma/include/magma_v2.h', v2_header(magma, precisions))
    text = SOURCE.format(generated=output.GENERATED).split('\n')[:-1]
    text += definitions(magma, precisions)
    output.write(outdir, 'magma/magma.cpp', '\n'.join(text) + '\n')
