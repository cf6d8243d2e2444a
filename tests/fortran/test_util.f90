! What the Fortran test programs share: the failure count and expect(), which prints a failed
! check with the library's last error (the reason a call failed, when one did).
module test_util
  use batchlapack, only: bl_last_error
  implicit none
  integer :: failures = 0
  integer :: ran_on = 0      ! the backend the calls ran on (bl_last_backend), for test_fortran
contains
  subroutine expect(ok, what)
    logical, intent(in) :: ok
    character(*), intent(in) :: what
    if (.not. ok) then
      failures = failures + 1
      print '(a)', 'FAIL: ' // what // ' (bl_last_error: ' // bl_last_error() // ')'
    end if
  end subroutine
end module
