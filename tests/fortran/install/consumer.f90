! A user's Fortran program built against an installed batchlapack: the module file must be found
! beside the headers and the module procedures in libbatchlapack. Solves 100 small systems with
! the legacy form and with the generic names, and checks the solutions.
program consumer
  use batchlapack
  implicit none
  integer, parameter :: n = 5, nb = 100
  double precision :: a(n, n, nb), b(n, 1, nb)
  complex(kind(1.0)) :: c(n, n, nb), d(n, 1, nb)
  integer :: ipiv(n, nb), info(nb), i
  call random_number(a)
  do i = 1, n
    a(i, i, :) = a(i, i, :) + n
  end do
  c = a
  b(:, 1, :) = sum(a, dim=2)                     ! the solutions are all ones
  d = b
  call dgesv_batch(n, 1, a, n, ipiv, b, n, info, nb)
  if (any(info /= 0) .or. maxval(abs(b - 1)) > 1d-12) stop 1
  call getrf_batch(c, ipiv, info)
  call getrs_batch('N', c, ipiv, d, info)
  if (any(info /= 0) .or. maxval(abs(d - 1)) > 1e-5) stop 2
  print '(3a)', 'consumer: ok (batchlapack ', bl_version_string(), ')'
end program
