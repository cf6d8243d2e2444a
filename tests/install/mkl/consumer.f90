! A oneMKL Fortran program, as written for oneMKL (external subroutines, implicit interfaces):
! solves two 3x3 systems with the strided LU names; built against the installed prefix with the
! README's line ("oneMKL names"). Stops with code 1 on a wrong result.
program consumer
  implicit none
  double precision :: a(3, 3, 2), b(3, 2)
  integer :: ipiv(3, 2), info(2)
  a = 0
  a(1, 1, 1) = 2; a(2, 2, 1) = 4; a(3, 3, 1) = 8
  a(2, 1, 2) = 1; a(1, 2, 2) = 1; a(3, 3, 2) = 5
  b = reshape([2d0, 4d0, 8d0, 1d0, 2d0, 5d0], [3, 2])
  call dgetrf_batch_strided(3, 3, a, 3, 9, ipiv, 3, 2, info)
  if (any(info /= 0)) stop 1
  call dgetrs_batch_strided('N', 3, 1, a, 3, 9, ipiv, 3, b, 3, 3, 2, info)
  if (any(abs(b - reshape([1d0, 1d0, 1d0, 2d0, 1d0, 1d0], [3, 2])) > 1d-14)) stop 1
  print '(a)', 'oneMKL names from Fortran through batchlapack: ok'
end program
