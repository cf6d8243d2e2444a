! Module batchlapack_messages: how the Fortran modules batchlapack and batchlapack_i8 report the
! argument errors they find themselves (a generic form's shapes, an integer outside the C int's
! range), so that bl_last_error() describes them as it describes the errors the library finds.
! Used by the two modules alone (which keep its names private); not part of the documented API.
module batchlapack_messages
  use iso_c_binding
  implicit none
  private
  public :: bl_reject, bl_str

  interface
    ! Records a failure the modules find themselves as the library records its own
    ! (core/runtime.cpp).
    subroutine c_record_error(code, text, len) bind(C, name="bl_fortran_record_error")
      import :: c_int, c_char
      integer(c_int), value :: code, len
      character(kind=c_char), intent(in) :: text(*)
    end subroutine
  end interface

contains

  ! -k, with "what: argument k (name)" // why (which begins with ' ' or ':') recorded for
  ! bl_last_error() as the library records the errors it finds: without it, bl_last_error() would
  ! show nothing, or an earlier failure's message, for an error that only a module sees.
  integer function bl_reject(what, k, name, why)
    character(*), intent(in) :: what, name, why
    integer, intent(in) :: k
    character(:), allocatable :: text
    text = what // ': argument ' // bl_str(int(k, c_int64_t)) // ' (' // name // ')' // why
    call c_record_error(int(-k, c_int), text, len(text, c_int))
    bl_reject = -k
  end function

  ! An integer as the messages show it.
  function bl_str(i) result(s)
    integer(c_int64_t), intent(in) :: i
    character(:), allocatable :: s
    character(24) :: buf
    write (buf, '(i0)') i
    s = trim(buf)
  end function

end module batchlapack_messages
