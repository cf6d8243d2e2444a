! The messages of the errors the Fortran module finds itself (the generic forms' shape checks,
! which the C routines never see): each case checks info = -k and that bl_last_error() is the
! message about that argument, after an earlier failure of another kind left its own message (so
! a message left over cannot pass), and that bl_last_backend() says nothing was computed. One
! precision: the checks and their messages are generated alike for all four.
program test_fortran_errors
  use iso_c_binding
  use batchlapack
  use test_util
  implicit none
  integer, parameter :: m = 6, n = 4, nb = 3
  real(c_double), target :: a(m, n, nb), sq(n, n, nb), big(2 * m, n, nb), b(n, 2, nb)
  real(c_double), target :: b5(n + 1, 2, nb)
  real(c_double) :: b2(n, nb), b2r(n + 1, nb), b2big(2 * n, nb), x(n, nb), c(m, m, nb)
  integer(c_int) :: ipiv(n, nb), short(n - 1, nb), ip2(2 * n, nb), info(nb), stat
  integer :: i

  call bl_set_backend('cpu')
  call random_number(a)
  call random_number(big)
  call random_number(b)
  call random_number(b5)
  call random_number(b2)
  call random_number(b2r)
  call random_number(b2big)
  call random_number(x)
  sq = 0
  do i = 1, n
    sq(i, i, :) = 2
  end do

  call earlier()
  call gesv_batch(sq, ipiv, b, info(1:nb - 1))
  call expect_error(info(1:nb - 1), 4, &
                    'gesv_batch: argument 4 (info): size(info) = 2 must be the batch count = 3 &
                    &(size(a, 3))', 'info one short')

  call earlier()
  call getrf_batch(a, short, info)
  call expect_error(info, 2, &
                    'getrf_batch: argument 2 (ipiv): size(ipiv, 1) = 3 must be >= min(m, n) = 4 &
                    &(m = size(a, 1); n = size(a, 2))', 'short ipiv')

  call earlier()
  call getrf_batch(big(1:2 * m:2, :, :), ipiv, info)
  call expect_error(info, 1, &
                    'getrf_batch: argument 1 (a) has rows 2 elements apart (a section with a &
                    &step in dimension 1): LAPACK needs adjacent rows', 'rows not adjacent')

  call earlier()
  call getrf_batch(a(:, n:1:-1, :), ipiv, info)
  call expect_error(info, 1, &
                    'getrf_batch: argument 1 (a) has columns -6 elements apart: a leading &
                    &dimension must be 1 to huge(0)', 'reversed columns')

  call earlier()
  call getrf_batch(a, ip2(1:2 * n:2, :), info)
  call expect_error(info, 2, &
                    'getrf_batch: argument 2 (ipiv) has elements 2 apart: it must be contiguous in &
                    &dimension 1', 'ipiv not contiguous')

  call earlier()
  call getrs_batch('N', sq, ipiv, b5, info)
  call expect_error(info, 4, &
                    'getrs_batch: argument 4 (b): size(b, 1) = 5 must be n = 4 (n = size(a, 1))', &
                    'wrong rows in b')

  call earlier()
  call gesv_batch(sq, ipiv, b(:, :, 1:nb - 1), info)
  call expect_error(info, 3, &
                    'gesv_batch: argument 3 (b): size(b, 3) = 2 must be the batch count = 3 &
                    &(size(a, 3))', 'b one matrix short')

  call earlier()
  call potrf_batch('X', sq, info)
  call expect_error(info, 1, &
                    "potrf_batch: argument 1 (uplo) = 'X' must be one of 'U', 'L'", 'bad uplo')

  call earlier()
  call potrf_batch('L', a, info)
  call expect_error(info, 2, &
                    'potrf_batch: argument 2 (a): size(a, 2) = 4 must be n = 6 (n = size(a, 1))', &
                    'a not square')

  ! One right-hand side per system, b(n, nb) (the _g1 specifics).
  call earlier()
  call gesv_batch(sq, ipiv, b2r, info)
  call expect_error(info, 3, &
                    'gesv_batch: argument 3 (b): size(b, 1) = 5 must be n = 4 (n = size(a, 1))', &
                    'wrong rows in b(n, nb)')

  call earlier()
  call gesv_batch(sq, ipiv, b2(:, 1:nb - 1), info)
  call expect_error(info, 3, &
                    'gesv_batch: argument 3 (b): size(b, 2) = 2 must be the batch count = 3 &
                    &(size(a, 3))', 'b(n, nb) one column short')

  call earlier()
  call getrs_batch('N', sq, ipiv, b2big(1:2 * n:2, :), info)
  call expect_error(info, 4, &
                    'getrs_batch: argument 4 (b) has rows 2 elements apart (a section with a &
                    &step in dimension 1): LAPACK needs adjacent rows', &
                    'b(n, nb) rows not adjacent')

  ! The BLAS routines: the optional scalar info.
  call earlier()
  call trsv_batch('U', 'N', 'N', sq, x(n:1:-1, :), stat)
  call expect_error([stat], 5, &
                    'trsv_batch: argument 5 (x) has elements -1 apart: the increment must be 1 to &
                    &huge(0) (a reversed section would need the BLAS convention for negative &
                    &increments)', &
                    'reversed x')

  call earlier()
  call gemm_batch('Q', 'N', 1.0_c_double, a, a, 0.0_c_double, c, stat)
  call expect_error([stat], 1, &
                    "gemm_batch: argument 1 (transa) = 'Q' must be one of 'N', 'T', 'C'", &
                    'bad transa')

  print '(a, i0, a)', 'test_fortran_errors: ', failures, ' failure(s)'
  if (failures > 0) error stop 1

contains

  ! An earlier failure of another kind, found by the C routine, then a call that runs: the
  ! message and the backend a module-detected error must replace.
  subroutine earlier()
    real(c_double) :: e(n, n, nb)
    integer(c_int) :: p(n, nb), inf(nb)
    e = sq
    call dgetrf_batch(n, n, e, n - 1, p, inf, nb)
    call expect(index(bl_last_error(), 'argument 4 (lda)') > 0, 'earlier failure recorded')
    call getrf_batch(e, p, inf)
    call expect(all(inf == 0) .and. bl_last_backend() == BL_BACKEND_CPU, 'earlier call ran')
  end subroutine

  subroutine expect_error(got, k, message, what)
    integer(c_int), intent(in) :: got(:)
    integer, intent(in) :: k
    character(*), intent(in) :: message, what
    call expect(all(got == -k), what // ': info = -k')
    call expect(bl_last_error() == message, what // ': the message should read ' // message)
    call expect(bl_last_backend() == BL_BACKEND_AUTO, &
                what // ': bl_last_backend() = BL_BACKEND_AUTO')
  end subroutine
end program
