! The Fortran interface of batchlapack: module batchlapack, over ISO_C_BINDING on the C API.
!
! Every routine comes in four forms per precision (see docs/fortran.md):
!   dgetrf_batch(m, n, a, lda, ipiv, info, batch)            the legacy loop's arrays, contiguous
!   dgetrf_batch_strided(m, n, a, lda, stridea, ipiv, ...)   the C strided call, explicit strides
!   dgetrf_vbatch(m, n, a_ptrs, lda, ipiv_ptrs, info, batch) variable sizes, type(c_ptr) arrays
!   getrf_batch(a, ipiv, info)                               generic, assumed-shape arrays
! info(i) receives LAPACK info for problem i, or -k when argument k (numbered in the form that was
! called) is illegal, or a BL_ERROR_* code. BLAS routines (trsv, trsm, gemm, gemv) have no info
! array; they take an optional scalar info last.
!
! The routines are generated at build time from the routine table (core/routines.py) by
! core/gen/fortran.py, into routines_spec.inc (public names, generic interfaces, the bind(C)
! interfaces of the C entry points) and routines_body.inc (the four forms of every routine in every
! precision), which the Fortran include lines below bring in. This file holds the rest: constants,
! backend control, error strings, and the helpers the generated procedures call.
!
! The C preprocessor instantiates layout.inc once per element type.
#define PASTE(a) a
#define CAT(a,b) PASTE(a)b

module batchlapack
  use iso_c_binding
  use batchlapack_messages, only: bl_reject, bl_str
  implicit none
  private

  ! Mirrors of batchlapack.h.
  integer, parameter, public :: BL_SUCCESS = 0
  integer, parameter, public :: BL_ERROR_BASE = -1000
  integer, parameter, public :: BL_ERROR_OUT_OF_MEMORY = -1001
  integer, parameter, public :: BL_ERROR_DEVICE = -1002
  integer, parameter, public :: BL_ERROR_NO_DEVICE = -1003
  integer, parameter, public :: BL_ERROR_INVALID_VALUE = -1004
  integer, parameter, public :: BL_ERROR_INTERNAL = -1005
  integer, parameter, public :: BL_ERROR_DEVICE_DATA = -1006
  integer, parameter, public :: BL_BACKEND_AUTO = 0
  integer, parameter, public :: BL_BACKEND_CPU = 1
  integer, parameter, public :: BL_BACKEND_CUDA = 2

  public :: bl_set_backend, bl_get_backend, bl_last_backend, bl_backend_name, bl_cuda_available
  public :: bl_cpu_threads, bl_set_stream, bl_get_stream
  public :: bl_error_string, bl_last_error, bl_version, bl_version_string

  ! Where an assumed-shape argument lies (layout.inc): inc and cols are the distances measured
  ! between rows and between columns, ld the leading dimension passed to C.
  type bl_layout
    type(c_ptr) :: p
    integer(c_int64_t) :: inc = 1, cols = 1, stride
    integer(c_int) :: ld = 1
    logical :: ok
  end type

  ! The address passed for an empty array: the C API wants a non-null pointer wherever an array
  ! argument is, even when it holds no element.
  integer(c_int), target, save :: bl_empty

  interface bl_where
    module procedure bl_where2_i, bl_where2_s, bl_where2_d, bl_where2_c, bl_where2_z
    module procedure bl_where3_s, bl_where3_d, bl_where3_c, bl_where3_z
  end interface

  interface bl_set_backend
    module procedure bl_set_backend_code, bl_set_backend_name
  end interface

  interface
    ! C's bl_set_backend, and for a call without stat, the setting the environment variable would
    ! make (core/runtime.cpp): a value that names no backend, or cuda without a usable device,
    ! then fails every later call, in info, rather than the calls running silently elsewhere.
    integer(c_int) function c_set_backend(b, name, len, has_stat) bind(C, name="bl_fortran_set_backend")
      import :: c_int, c_ptr
      integer(c_int), value :: b, len, has_stat
      type(c_ptr), value :: name
    end function
    type(c_ptr) function c_backend_name(b) bind(C, name="bl_backend_name")
      import :: c_int, c_ptr
      integer(c_int), value :: b
    end function
    integer(c_int) function c_get_backend() bind(C, name="bl_get_backend")
      import :: c_int
    end function
    integer(c_int) function c_last_backend() bind(C, name="bl_last_backend")
      import :: c_int
    end function
    integer(c_int) function c_cuda_available() bind(C, name="bl_cuda_available")
      import :: c_int
    end function
    integer(c_int) function c_cpu_threads() bind(C, name="bl_cpu_threads")
      import :: c_int
    end function
    ! The calling thread's CUDA stream (a cudaStream_t as type(c_ptr); c_null_ptr for none): see
    ! bl_set_stream in batchlapack.h for which calls then return before their work is done.
    integer(c_int) function c_set_stream(stream) bind(C, name="bl_set_stream")
      import :: c_int, c_ptr
      type(c_ptr), value :: stream
    end function
    type(c_ptr) function bl_get_stream() bind(C, name="bl_get_stream")
      import :: c_ptr
    end function
    type(c_ptr) function c_error_string(code) bind(C, name="bl_error_string")
      import :: c_int, c_ptr
      integer(c_int), value :: code
    end function
    type(c_ptr) function c_last_error() bind(C, name="bl_last_error")
      import :: c_ptr
    end function
    subroutine c_version(major, minor, patch) bind(C, name="bl_version")
      import :: c_int
      integer(c_int) :: major, minor, patch
    end subroutine
    type(c_ptr) function c_version_string() bind(C, name="bl_version_string")
      import :: c_ptr
    end function
  end interface

  ! Every routine's public names and generic interfaces, and the C entry points (generated).
  include 'routines_spec.inc'

contains

  ! Every routine in every precision, in its four forms (generated).
  include 'routines_body.inc'

#define ET integer(c_int)
#define SFX i
#include "layout.inc"
#undef ET
#undef SFX
#define BL_WITH_RANK3
#define ET real(c_float)
#define SFX s
#include "layout.inc"
#undef ET
#undef SFX
#define ET real(c_double)
#define SFX d
#include "layout.inc"
#undef ET
#undef SFX
#define ET complex(c_float_complex)
#define SFX c
#include "layout.inc"
#undef ET
#undef SFX
#define ET complex(c_double_complex)
#define SFX z
#include "layout.inc"
#undef ET
#undef SFX
#undef BL_WITH_RANK3

  ! ---- backend control, errors, version ----------------------------------------------------------

  ! bl_set_backend(backend [, stat]): BL_BACKEND_AUTO, _CPU or _CUDA, or the name 'auto', 'cpu',
  ! 'cuda' (any case; the names BATCHLAPACK_BACKEND takes), for all later calls.
  ! stat: 0, BL_ERROR_INVALID_VALUE (not a backend) or BL_ERROR_NO_DEVICE (cuda, no usable GPU);
  ! on an error the setting is unchanged. Without stat, the setting is what was asked whatever the
  ! outcome, as with the environment variable: every later call then fails with that code in
  ! info (and bl_last_error() says why) until a backend that can run is set.
  subroutine bl_set_backend_code(backend, stat)
    integer, intent(in) :: backend
    integer, intent(out), optional :: stat
    integer :: s
    s = c_set_backend(int(backend, c_int), c_null_ptr, 0_c_int, merge(1_c_int, 0_c_int, present(stat)))
    if (present(stat)) stat = s
  end subroutine

  subroutine bl_set_backend_name(backend, stat)
    character(*), intent(in) :: backend
    integer, intent(out), optional :: stat
    integer :: s
    character(kind=c_char), target :: name(max(1, len(backend)))
    name = transfer(backend, name, size(name))
    s = c_set_backend(0_c_int, c_loc(name), len(backend, c_int), merge(1_c_int, 0_c_int, present(stat)))
    if (present(stat)) stat = s
  end subroutine

  ! The backend chosen by bl_set_backend or the environment (may be BL_BACKEND_AUTO).
  integer function bl_get_backend()
    bl_get_backend = c_get_backend()
  end function

  ! The backend the most recent call of this thread ran on (BL_BACKEND_AUTO: it computed nothing).
  integer function bl_last_backend()
    bl_last_backend = c_last_backend()
  end function

  ! 'auto', 'cpu', 'cuda' (or 'unknown') for a BL_BACKEND_* value: C's bl_backend_name, the names
  ! bl_set_backend and BATCHLAPACK_BACKEND take.
  function bl_backend_name(backend) result(s)
    integer, intent(in) :: backend
    character(:), allocatable :: s
    s = bl_string(c_backend_name(int(backend, c_int)))
  end function

  ! True when the library was built with CUDA and a usable GPU is present.
  logical function bl_cuda_available()
    bl_cuda_available = c_cuda_available() /= 0
  end function

  ! The number of threads the CPU backend runs a call from this thread on (OMP_NUM_THREADS sets it).
  integer function bl_cpu_threads()
    bl_cpu_threads = int(c_cpu_threads())
  end function

  ! Sets the calling thread's CUDA stream (c_null_ptr: none). With a stream set, a call whose
  ! arrays (info included) all lie in device or managed memory returns once its work is enqueued.
  subroutine bl_set_stream(stream)
    type(c_ptr), intent(in) :: stream
    integer(c_int) :: ignored
    ignored = c_set_stream(stream)
  end subroutine

  ! A description of a return or info value (0, -k, or a BL_ERROR_* code).
  function bl_error_string(code) result(s)
    integer, intent(in) :: code
    character(:), allocatable :: s
    s = bl_string(c_error_string(int(code, c_int)))
  end function

  ! The most recent failure on this thread, naming routine, argument and value ('' if none). A
  ! failure a generic form finds itself (its shape checks) is numbered as that form numbers its
  ! arguments; one the C routine finds, as the C strided call does, which the Fortran form may
  ! number otherwise.
  function bl_last_error() result(s)
    character(:), allocatable :: s
    s = bl_string(c_last_error())
  end function

  subroutine bl_version(major, minor, patch)
    integer, intent(out) :: major, minor, patch
    integer(c_int) :: v(3)
    call c_version(v(1), v(2), v(3))
    major = v(1); minor = v(2); patch = v(3)
  end subroutine

  function bl_version_string() result(s)
    character(:), allocatable :: s
    s = bl_string(c_version_string())
  end function

  ! ---- helpers -------------------------------------------------------------------------------------

  ! A NUL-terminated C string as a Fortran string.
  function bl_string(p) result(s)
    type(c_ptr), intent(in) :: p
    character(:), allocatable :: s
    character(kind=c_char), pointer :: c(:)
    integer :: n
    if (.not. c_associated(p)) then
      s = ''
      return
    end if
    call c_f_pointer(p, c, [huge(0)])
    n = 0
    do while (c(n + 1) /= c_null_char)
      n = n + 1
    end do
    allocate(character(n) :: s)
    s = transfer(c(1:n), s)
  end function

  function bl_upper(s) result(u)
    character(*), intent(in) :: s
    character(len(s)) :: u
    integer :: i
    u = s
    do i = 1, len(s)
      if (s(i:i) >= 'a' .and. s(i:i) <= 'z') u(i:i) = achar(iachar(s(i:i)) - 32)
    end do
  end function

  ! The first character of an option argument, upper-cased (' ' for an empty string, which every
  ! routine rejects).
  character function bl_letter(s)
    character(*), intent(in) :: s
    bl_letter = ' '
    if (len(s) > 0) bl_letter = bl_upper(s(1:1))
  end function

  ! An option as the C API takes it: a char by value (see routines_spec.inc).
  integer(c_signed_char) function bl_opt(s)
    character(*), intent(in) :: s
    bl_opt = transfer(bl_letter(s), 0_c_signed_char)
  end function

  ! Whether an option of a generic form is none of the allowed letters. The generic forms check
  ! options before the array shapes (which may depend on them), so that the lowest-numbered bad
  ! argument is the one reported; the C routine then applies its exact rules.
  logical function bl_bad_opt(s, allowed)
    character(*), intent(in) :: s, allowed
    bl_bad_opt = index(allowed, bl_letter(s)) == 0
  end function

  ! Elements a BLAS vector of n entries at increment inc spans: the stride of a contiguous batch
  ! (the legacy forms pass inc 1 for a vector without increment, such as ipiv; 0 when n <= 0).
  integer(c_int64_t) function bl_vlen(n, inc)
    integer(c_int), intent(in) :: n, inc
    bl_vlen = 0
    if (n > 0) bl_vlen = 1 + (n - 1) * abs(int(inc, c_int64_t))
  end function

  ! Whether a rank-2 argument can be passed as BLAS vectors: a positive increment in int range
  ! (a reversed section would need the BLAS negative-increment convention, which starts elsewhere).
  logical function bl_incok(w)
    type(bl_layout), intent(in) :: w
    bl_incok = w%inc >= 1 .and. w%inc <= huge(0_c_int)
  end function

  ! Elements between two addresses.
  integer(c_int64_t) function bl_gap(p, q, bytes)
    type(c_ptr), intent(in) :: p, q
    integer(c_size_t), intent(in) :: bytes
    bl_gap = (transfer(q, 0_c_intptr_t) - transfer(p, 0_c_intptr_t)) / int(bytes, c_intptr_t)
  end function

  ! A C return value in the numbering of the Fortran form that was called: C argument k is
  ! Fortran argument map(k) (the forms that derive an argument, such as a stride, from an array
  ! blame that array). Codes that are not argument positions pass through.
  integer function bl_map(ret, map)
    integer(c_int), intent(in) :: ret
    integer, intent(in), optional :: map(:)
    bl_map = ret
    if (present(map)) then
      if (ret < 0 .and. -ret <= size(map)) bl_map = -map(-ret)
    end if
  end function

  ! ---- the generic forms' own checks: each returns -k for argument k (name) of the generic
  ! routine `what` and records why as this thread's last error, in the form's numbering ----------

  ! (bl_reject, module batchlapack_messages, records the message for bl_last_error().)

  ! An option that is none of the letters in `allowed`.
  integer function bl_bad_option(what, k, name, s, allowed)
    character(*), intent(in) :: what, name, s, allowed
    integer, intent(in) :: k
    character(:), allocatable :: list
    integer :: i
    list = ''
    do i = 1, len(allowed)
      list = list // merge(', ', '  ', i > 1) // "'" // allowed(i:i) // "'"
    end do
    bl_bad_option = bl_reject(what, k, name, &
                              " = '" // s(1:min(1, len(s))) // "' must be one of " // list(3:))
  end function

  ! An array whose layout LAPACK cannot be given, by kind: 'M' a matrix (rows must be adjacent,
  ! columns at a distance an lda can hold), 'V' a vector that must be contiguous (ipiv, tau),
  ! 'I' a BLAS vector (its elements at a positive increment).
  integer function bl_bad_layout(what, k, name, w, kind)
    character(*), intent(in) :: what, name
    integer, intent(in) :: k
    type(bl_layout), intent(in) :: w
    character, intent(in) :: kind
    character(:), allocatable :: why
    if (kind == 'I') then
      why = ' has elements ' // bl_str(w%inc) // ' apart: the increment must be 1 to huge(0) ' // &
            '(a reversed section would need the BLAS convention for negative increments)'
    else if (kind == 'V') then
      why = ' has elements ' // bl_str(w%inc) // ' apart: it must be contiguous in dimension 1'
    else if (w%inc /= 1) then
      why = ' has rows ' // bl_str(w%inc) // ' elements apart (a section with a step in ' // &
            'dimension 1): LAPACK needs adjacent rows'
    else
      why = ' has columns ' // bl_str(w%cols) // &
            ' elements apart: a leading dimension must be 1 to huge(0)'
    end if
    bl_bad_layout = bl_reject(what, k, name, why)
  end function

  ! An extent that breaks its rule: "size(name, dim) = got must be rule = want (note)", where
  ! rule is the table's expression and note says where its sizes come from; dim 0 is size(name).
  integer function bl_bad_extent(what, k, name, dim, got, rule, want, note)
    character(*), intent(in) :: what, name, rule, note
    integer, intent(in) :: k, dim, got, want
    character(:), allocatable :: why
    why = ': size(' // name
    if (dim > 0) why = why // ', ' // bl_str(int(dim, c_int64_t))
    why = why // ') = ' // bl_str(int(got, c_int64_t)) // ' must be ' // rule // ' = ' // &
          bl_str(int(want, c_int64_t))
    if (len(note) > 0) why = why // ' (' // note // ')'
    bl_bad_extent = bl_reject(what, k, name, why)
  end function

  ! The end of every LAPACK-style call: info(1:batch) = the (renumbered) error, when there is one.
  ! A device failure is reported in info too, since a Fortran caller has no return value to read.
  subroutine bl_done(ret, info, batch, map)
    integer(c_int), intent(in) :: ret, batch
    integer(c_int), intent(inout) :: info(*)
    integer, intent(in), optional :: map(:)
    integer :: k
    k = bl_map(ret, map)
    if (k /= 0) info(1:max(0, batch)) = k
  end subroutine

  ! The end of a BLAS-style call (no info array): the optional scalar info gets the code.
  subroutine bl_done_blas(ret, info, map)
    integer(c_int), intent(in) :: ret
    integer, intent(out), optional :: info
    integer, intent(in), optional :: map(:)
    if (present(info)) info = bl_map(ret, map)
  end subroutine

end module batchlapack
