! The backend setting from Fortran: bl_set_backend by name and by value, with and without stat,
! bl_backend_name, and the environment variable BATCHLAPACK_BACKEND, which the library reads once
! per process, so each case is a run of its own (CMakeLists.txt here), named by the argument:
!   api        BATCHLAPACK_BACKEND empty: names, stat codes and messages, the stream setting, and bl_set_backend
!              without stat, which makes later calls fail (info) where a backend cannot run
!   env_typo   BATCHLAPACK_BACKEND=cdua: every call fails, info = BL_ERROR_INVALID_VALUE
!   env_cuda   BATCHLAPACK_BACKEND=cuda: without a usable GPU every call fails, info =
!              BL_ERROR_NO_DEVICE (with one: exit 77, skipped)
! Exit status 0: passed; 1: failures, each printed.
program test_fortran_backend
  use iso_c_binding
  use batchlapack
  use test_util
  implicit none
  integer, parameter :: n = 3, nb = 4
  real(c_double) :: a(n, n, nb)
  integer(c_int) :: ipiv(n, nb), info(nb)
  integer :: stat
  integer, target :: stand_in  ! an address to stand for a CUDA stream (no call is made with it)
  character(16) :: mode

  call get_command_argument(1, mode)
  select case (trim(mode))
  case ('api')
    call expect(bl_backend_name(BL_BACKEND_AUTO) == 'auto' .and. bl_backend_name(BL_BACKEND_CPU) == 'cpu' .and. &
                bl_backend_name(BL_BACKEND_CUDA) == 'cuda' .and. bl_backend_name(7) == 'unknown', 'bl_backend_name')
    call expect(bl_get_backend() == BL_BACKEND_AUTO, 'BATCHLAPACK_BACKEND empty: auto')
    call expect(.not. c_associated(bl_get_stream()), 'no stream by default')
    call bl_set_stream(c_loc(stand_in))
    call expect(c_associated(bl_get_stream(), c_loc(stand_in)), 'bl_get_stream gives what bl_set_stream set')
    call bl_set_stream(c_null_ptr)
    call expect(.not. c_associated(bl_get_stream()), 'bl_set_stream(c_null_ptr): no stream')

    ! With stat: an error leaves the setting as it was.
    call bl_set_backend('gpu', stat)
    call expect(stat == BL_ERROR_INVALID_VALUE .and. index(bl_last_error(), '''gpu'' is not a backend') > 0, &
                'bl_set_backend(''gpu'', stat): not a name, the message names it')
    call bl_set_backend(7, stat)
    call expect(stat == BL_ERROR_INVALID_VALUE .and. index(bl_last_error(), '7 is not a backend') > 0, &
                'bl_set_backend(7, stat)')
    call expect(bl_get_backend() == BL_BACKEND_AUTO, 'a failed bl_set_backend leaves the setting')
    call bl_set_backend(' Cpu ', stat)
    call expect(stat == 0 .and. bl_get_backend() == BL_BACKEND_CPU, 'bl_set_backend('' Cpu '', stat)')
    if (.not. bl_cuda_available()) then
      call bl_set_backend('cuda', stat)
      call expect(stat == BL_ERROR_NO_DEVICE .and. bl_get_backend() == BL_BACKEND_CPU, 'bl_set_backend(''cuda'', stat)')
      call expect(index(bl_last_error(), 'no usable CUDA device: ') > 0, 'bl_set_backend(''cuda''): the message says why')
    end if

    ! Without stat: the setting is what was asked, as with the environment variable.
    call bl_set_backend('cdua')
    call fails(BL_ERROR_INVALID_VALUE, '''cdua'' is not a backend', 'bl_set_backend(''cdua'')')
    call expect(bl_get_backend() == BL_BACKEND_AUTO, 'bl_set_backend(''cdua''): bl_get_backend says auto')
    call bl_set_backend('cpu')
    call runs('bl_set_backend(''cpu'') after ''cdua''')
    call bl_set_backend(7)
    call fails(BL_ERROR_INVALID_VALUE, '7 is not a backend', 'bl_set_backend(7)')
    call bl_set_backend(BL_BACKEND_CPU)
    call runs('bl_set_backend(BL_BACKEND_CPU) after 7')
    if (.not. bl_cuda_available()) then
      call bl_set_backend('CUDA')
      call expect(bl_get_backend() == BL_BACKEND_CUDA, 'bl_set_backend(''CUDA''): the setting is cuda')
      call fails(BL_ERROR_NO_DEVICE, 'no usable CUDA device: ', 'bl_set_backend(''CUDA'') without a device')
      call bl_set_backend('auto')
      call runs('bl_set_backend(''auto'') after ''CUDA''')
    end if
  case ('env_typo')
    call fails(BL_ERROR_INVALID_VALUE, 'BATCHLAPACK_BACKEND=cdua is not a backend', 'BATCHLAPACK_BACKEND=cdua')
    call bl_set_backend('cpu', stat)
    call runs('bl_set_backend(''cpu'') over BATCHLAPACK_BACKEND=cdua')
  case ('env_cuda')
    if (bl_cuda_available()) then
      print '(a)', 'SKIPPED: a CUDA device is usable here'
      stop 77
    end if
    call fails(BL_ERROR_NO_DEVICE, 'no usable CUDA device: ', 'BATCHLAPACK_BACKEND=cuda')
  case default
    print '(a)', 'usage: test_fortran_backend api|env_typo|env_cuda'
    error stop 2
  end select

  print '(a, i0, a)', 'test_fortran_backend: ', failures, ' failure(s)'
  if (failures > 0) error stop 1

contains

  ! Diagonally dominant matrices, and an info that no call writes.
  subroutine reset()
    integer :: k, i
    a = 1
    do k = 1, nb
      do i = 1, n
        a(i, i, k) = 4 + k
      end do
    end do
    info = 12345
  end subroutine

  ! A call that runs, on the CPU.
  subroutine runs(when)
    character(*), intent(in) :: when
    call reset()
    call dgetrf_batch(n, n, a, n, ipiv, info, nb)
    call expect(all(info == 0) .and. bl_last_backend() == BL_BACKEND_CPU, when // ': getrf runs on the CPU')
  end subroutine

  ! A legal call that may run nowhere: info = code throughout, the message, nothing computed; an
  ! illegal argument is still reported as such.
  subroutine fails(code, message, when)
    integer, intent(in) :: code
    character(*), intent(in) :: message, when
    integer :: k
    real(c_double) :: c(n, n, nb)
    call reset()
    call dgetrf_batch(n, n, a, n, ipiv, info, nb)
    call expect(all(info == code), when // ': info = the code')
    call expect(index(bl_last_error(), message) > 0, when // ': the message says ' // message)
    call expect(all([(a(1, 1, k) == 4 + k .and. a(2, 1, k) == 1, k = 1, nb)]) .and. bl_last_backend() == BL_BACKEND_AUTO, &
                when // ': nothing computed')
    call dgemm_batch('N', 'N', n, n, n, 1.0_c_double, a, n, a, n, 0.0_c_double, c, n, nb, k)
    call expect(k == code, when // ': gemm info = the code')
    call reset()
    call dgetrf_batch(n, n, a, n - 1, ipiv, info, nb)
    call expect(all(info == -4), when // ': an illegal lda still gives -4')
  end subroutine

end program
