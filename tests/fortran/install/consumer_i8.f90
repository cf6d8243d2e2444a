! A program built with 64-bit default integers (-fdefault-integer-8, -i8) against an installed
! batchlapack through module batchlapack_i8: the installed module file, or the installed module
! source compiled by the program's own build (docs/fortran.md). Solves 100 small systems with the
! legacy form and with the generic names, and checks the solutions.
program consumer_i8
  use batchlapack_i8
  implicit none
  integer, parameter :: n = 5, nb = 100
  double precision :: a(n, n, nb), b(n, 1, nb), c(n, n, nb), d(n, nb)
  integer :: ipiv(n, nb), info(nb), i
  if (bit_size(i) /= 64) stop 'consumer_i8: compile with 64-bit default integers'
  call random_number(a)
  do i = 1, n
    a(i, i, :) = a(i, i, :) + n
  end do
  c = a
  b(:, 1, :) = sum(a, dim=2)                     ! the solutions are all ones
  d = b(:, 1, :)
  call dgesv_batch(n, 1, a, n, ipiv, b, n, info, nb)
  if (any(info /= 0) .or. maxval(abs(b - 1)) > 1d-12) stop 1
  call getrf_batch(c, ipiv, info)
  call getrs_batch('N', c, ipiv, d, info)
  if (any(info /= 0) .or. maxval(abs(d - 1)) > 1d-12) stop 2
  print '(3a)', 'consumer_i8: ok (batchlapack ', bl_version_string(), ')'
end program
