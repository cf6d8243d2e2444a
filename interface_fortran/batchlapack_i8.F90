! Module batchlapack_i8: module batchlapack for codes whose default integer is 64-bit
! (gfortran -fdefault-integer-8, ifx/nvfortran -i8, codes written for an ILP64 LAPACK).
!
! The same names and forms as batchlapack (docs/fortran.md), with every integer argument
! integer(c_int64_t): sizes, leading dimensions, increments, strides, ipiv, info, batch, and the
! integers of the backend, error and version calls; the BL_* constants are 64-bit too. Each form
! checks that its integers fit the C API's int (a value outside it is illegal: info = -k, with
! bl_last_error() saying which), converts them, and calls the batchlapack form of the same name,
! which numbers errors the same way. ipiv, info and the vbatch size arrays pass through 32-bit
! copies. The _vbatch forms' type(c_ptr) arrays point at the C API's data as in batchlapack: ipiv
! there is integer(c_int).
!
! This module is compiled without -fdefault-integer-8/-i8, like batchlapack, whose form it
! calls; the program that uses it may be compiled with either.
!
! The forms are generated at build time from the routine table (core/routines.py) by
! core/gen/fortran.py into routines_i8_use.inc (the batchlapack forms it wraps),
! routines_i8_spec.inc (public names, generic interfaces) and routines_i8_body.inc (the
! procedures); this file holds the constants, the backend, error and version calls, and the
! helpers the generated procedures call.
module batchlapack_i8
  use iso_c_binding
  use batchlapack, only: b4_success => BL_SUCCESS, b4_error_base => BL_ERROR_BASE, &
                         b4_error_out_of_memory => BL_ERROR_OUT_OF_MEMORY, &
                         b4_error_device => BL_ERROR_DEVICE, &
                         b4_error_no_device => BL_ERROR_NO_DEVICE, &
                         b4_error_invalid_value => BL_ERROR_INVALID_VALUE, &
                         b4_error_internal => BL_ERROR_INTERNAL, &
                         b4_error_device_data => BL_ERROR_DEVICE_DATA, &
                         b4_backend_auto => BL_BACKEND_AUTO, b4_backend_cpu => BL_BACKEND_CPU, &
                         b4_backend_cuda => BL_BACKEND_CUDA, &
                         b4_set_backend => bl_set_backend, b4_get_backend => bl_get_backend, &
                         b4_last_backend => bl_last_backend, b4_backend_name => bl_backend_name, &
                         b4_cpu_threads => bl_cpu_threads, b4_error_string => bl_error_string, &
                         b4_version => bl_version, bl_cuda_available, bl_last_error, &
                         bl_set_stream, bl_get_stream, &
                         bl_version_string
  use batchlapack_messages, only: bl_reject, bl_str
  ! The forms of batchlapack, as b4_<name> (generated).
  include 'routines_i8_use.inc'
  implicit none
  private

  ! batchlapack's constants, 64-bit: they compare with, and pass as, the integers of the calls.
  integer(c_int64_t), parameter, public :: BL_SUCCESS = b4_success
  integer(c_int64_t), parameter, public :: BL_ERROR_BASE = b4_error_base
  integer(c_int64_t), parameter, public :: BL_ERROR_OUT_OF_MEMORY = b4_error_out_of_memory
  integer(c_int64_t), parameter, public :: BL_ERROR_DEVICE = b4_error_device
  integer(c_int64_t), parameter, public :: BL_ERROR_NO_DEVICE = b4_error_no_device
  integer(c_int64_t), parameter, public :: BL_ERROR_INVALID_VALUE = b4_error_invalid_value
  integer(c_int64_t), parameter, public :: BL_ERROR_INTERNAL = b4_error_internal
  integer(c_int64_t), parameter, public :: BL_ERROR_DEVICE_DATA = b4_error_device_data
  integer(c_int64_t), parameter, public :: BL_BACKEND_AUTO = b4_backend_auto
  integer(c_int64_t), parameter, public :: BL_BACKEND_CPU = b4_backend_cpu
  integer(c_int64_t), parameter, public :: BL_BACKEND_CUDA = b4_backend_cuda

  public :: bl_set_backend, bl_get_backend, bl_last_backend, bl_backend_name, bl_cuda_available
  public :: bl_cpu_threads, bl_set_stream, bl_get_stream
  public :: bl_error_string, bl_last_error, bl_version, bl_version_string

  interface bl_set_backend
    module procedure bl8_set_backend_code, bl8_set_backend_name
  end interface

  ! Every routine's public names and generic interfaces (generated).
  include 'routines_i8_spec.inc'

contains

  ! Every routine in every precision, in its four forms (generated).
  include 'routines_i8_body.inc'

  ! ---- backend control, errors, version: batchlapack's, with 64-bit integers -------------------

  subroutine bl8_set_backend_code(backend, stat)
    integer(c_int64_t), intent(in) :: backend
    integer(c_int64_t), intent(out), optional :: stat
    integer :: s
    ! A value outside the int range names no backend, as an unknown value does.
    s = b4_error_invalid_value
    if (present(stat)) then
      if (.not. bl8_misfit(backend)) call b4_set_backend(int(backend), s)
      stat = s
    else
      call b4_set_backend(int(merge(backend, int(s, c_int64_t), .not. bl8_misfit(backend))))
    end if
  end subroutine

  subroutine bl8_set_backend_name(backend, stat)
    character(*), intent(in) :: backend
    integer(c_int64_t), intent(out), optional :: stat
    integer :: s
    if (present(stat)) then
      call b4_set_backend(backend, s)
      stat = s
    else
      call b4_set_backend(backend)
    end if
  end subroutine

  integer(c_int64_t) function bl_get_backend()
    bl_get_backend = b4_get_backend()
  end function

  integer(c_int64_t) function bl_last_backend()
    bl_last_backend = b4_last_backend()
  end function

  function bl_backend_name(backend) result(s)
    integer(c_int64_t), intent(in) :: backend
    character(:), allocatable :: s
    s = b4_backend_name(int(merge(backend, -1_c_int64_t, .not. bl8_misfit(backend))))
  end function

  integer(c_int64_t) function bl_cpu_threads()
    bl_cpu_threads = b4_cpu_threads()
  end function

  function bl_error_string(code) result(s)
    integer(c_int64_t), intent(in) :: code
    character(:), allocatable :: s
    s = b4_error_string(int(merge(code, int(b4_error_base, c_int64_t), .not. bl8_misfit(code))))
  end function

  subroutine bl_version(major, minor, patch)
    integer(c_int64_t), intent(out) :: major, minor, patch
    integer :: v(3)
    call b4_version(v(1), v(2), v(3))
    major = v(1); minor = v(2); patch = v(3)
  end subroutine

  ! ---- helpers of the generated forms ------------------------------------------------------------

  ! Whether a 64-bit integer lies outside the C int's range.
  logical elemental function bl8_misfit(v)
    integer(c_int64_t), intent(in) :: v
    bl8_misfit = v < -huge(0_c_int) - 1_c_int64_t .or. v > huge(0_c_int)
  end function

  ! Whether a vbatch size array has an entry outside the C int's range (batch entries; a batch
  ! count that is itself out of range or negative is reported as such, later).
  logical function bl8_misfit_in(v, batch)
    integer(c_int64_t), intent(in) :: v(*), batch
    bl8_misfit_in = .false.
    if (batch > 0 .and. .not. bl8_misfit(batch)) bl8_misfit_in = any(bl8_misfit(v(1:batch)))
  end function

  ! The checks of the forms (bl_reject records the message for bl_last_error()): an integer
  ! outside the C int's range.
  integer(c_int) function bl8_reject(what, k, name, v)
    character(*), intent(in) :: what, name
    integer, intent(in) :: k
    integer(c_int64_t), intent(in) :: v
    bl8_reject = bl_reject(what, k, name, ' = ' // bl_str(v) // ' is outside the range of ' // &
                           "the C API's int, -2147483648 to 2147483647")
  end function

  ! An entry of a vbatch size array outside the C int's range: the first.
  integer(c_int) function bl8_reject_in(what, k, name, v, batch)
    character(*), intent(in) :: what, name
    integer, intent(in) :: k
    integer(c_int64_t), intent(in) :: v(*), batch
    integer(c_int64_t) :: i
    do i = 1, batch
      if (bl8_misfit(v(i))) exit
    end do
    bl8_reject_in = bl_reject(what, k, name, ': ' // name // '(' // bl_str(i) // ') = ' // &
                              bl_str(v(i)) // " is outside the range of the C API's int, " // &
                              '-2147483648 to 2147483647')
  end function

  ! A negative stride of an integer array, which its 32-bit copy cannot follow.
  integer(c_int) function bl8_reject_stride(what, k, name, v)
    character(*), intent(in) :: what, name
    integer, intent(in) :: k
    integer(c_int64_t), intent(in) :: v
    bl8_reject_stride = bl_reject(what, k, name, ' = ' // bl_str(v) // ' must be >= 0 ' // &
                                  '(batchlapack_i8 copies the integer arrays)')
  end function

  ! The elements a strided integer array spans: its length, and a stride per further problem.
  integer(c_int64_t) function bl8_span(len, stride, batch)
    integer(c_int64_t), intent(in) :: len, stride, batch
    bl8_span = 0
    if (len > 0 .and. batch > 0) bl8_span = len + (batch - 1) * stride
  end function

  ! The end of a form whose own checks failed: every info(i) = code, as batchlapack does.
  subroutine bl8_fail(code, info, batch)
    integer(c_int), intent(in) :: code
    integer(c_int64_t), intent(inout) :: info(*)
    integer(c_int64_t), intent(in) :: batch
    if (batch > 0 .and. .not. bl8_misfit(batch)) info(1:batch) = code
  end subroutine

  ! Whether a call computed (its info is not an error set for the whole call), so that its
  ! integer outputs are copied back: an argument error leaves them unchanged.
  logical function bl8_ok(info4)
    integer(c_int), intent(in) :: info4(:)
    bl8_ok = .true.
    if (size(info4) > 0) bl8_ok = info4(1) >= 0
  end function

end module batchlapack_i8
