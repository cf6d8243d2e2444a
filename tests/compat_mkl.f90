! oneMKL's batch names called from Fortran as a oneMKL code calls them: external subroutines with
! implicit interfaces, every argument by reference, linked against libbatchlapack_mkl instead of
! oneMKL. Each result is compared with a loop over the system LAPACK and BLAS (pivots and info
! exactly, factors and solutions to LAPACK's residual threshold). This program does not `use batchlapack`
! (test_util takes only bl_last_error from it): the module's own dgetrf_batch_strided
! (batchlapack's argument order) would take the calls.
program compat_mkl
  use, intrinsic :: iso_c_binding, only: c_ptr, c_loc
  use test_util, only: check => expect, failures
  implicit none
  integer, parameter :: n = 6, nrhs = 2, nb = 5, lda = 7, ldb = 8

  call lu_double()
  call lu_complex()
  call cholesky_double()
  call qr_single()
  call lu_groups()
  call blas_names()
  if (failures > 0) then
    print '(i0, a)', failures, ' check(s) failed'
    stop 1
  end if
  print '(a)', 'oneMKL names from Fortran: all checks passed'

contains

  ! dgetrf_batch_strided, dgetrs_batch_strided, dgetri_oop_batch_strided; matrix 3 singular
  ! (info 2).
  subroutine lu_double()
    double precision :: a(lda, n, nb), a0(lda, n, nb), b(ldb, nrhs, nb), b0(ldb, nrhs, nb)
    double precision :: c(n, n, nb), work(64 * n)
    integer :: ipiv(n, nb), ipiv0(n, nb), info(nb), info_rf(nb), info0(nb), k
    call random_number(a)
    a(:, 2, 3) = 0
    call random_number(b)
    a0 = a
    b0 = b
    call dgetrf_batch_strided(n, n, a, lda, lda * n, ipiv, n, nb, info_rf)
    call dgetrs_batch_strided('T', n, nrhs, a, lda, lda * n, ipiv, n, b, ldb, ldb * nrhs, nb, info)
    do k = 1, nb
      call dgetrf(n, n, a0(1, 1, k), lda, ipiv0(1, k), info0(k))
      if (info0(k) == 0) call dgetrs('T', n, nrhs, a0(1, 1, k), lda, ipiv0(1, k), b0(1, 1, k), ldb, info0(k))
    end do
    call check(all(ipiv == ipiv0), 'dgetrf_batch_strided: pivots')
    call check(maxval(abs(a(1:n, :, :) - a0(1:n, :, :))) <= 30 * n * epsilon(1d0) * maxval(abs(a0(1:n, :, :))), &
               'dgetrf_batch_strided: factors')
    call check(all(info_rf == [0, 0, 2, 0, 0]), 'dgetrf_batch_strided: info')
    call check(all(info == 0), 'dgetrs_batch_strided: info')
    do k = 1, nb
      if (k /= 3) call check(maxval(abs(b(1:n, :, k) - b0(1:n, :, k))) <= 1d-8 * maxval(abs(b0(1:n, :, k))), &
                             'dgetrs_batch_strided: solutions')
    end do
    ! The inverses out of place, against LAPACK's getri on the factors.
    call dgetri_oop_batch_strided(n, a, lda, lda * n, ipiv, n, c, n, n * n, nb, info)
    call check(all(info == [0, 0, 2, 0, 0]), 'dgetri_oop_batch_strided: info')
    do k = 1, nb
      if (k == 3) cycle
      call dgetri(n, a0(1, 1, k), lda, ipiv0(1, k), work, 64 * n, info0(k))
      call check(maxval(abs(c(:, :, k) - a0(1:n, :, k))) <= 1d-8 * maxval(abs(a0(1:n, :, k))), &
                 'dgetri_oop_batch_strided: inverses')
    end do
    ! An illegal leading dimension: -4 for every matrix, oneMKL's numbering (and LAPACK's).
    call dgetrf_batch_strided(n, n, a, n - 1, lda * n, ipiv, n, nb, info)
    call check(all(info == -4), 'dgetrf_batch_strided: illegal lda')
  end subroutine

  ! zgetrf_batch_strided, zgetrs_batch_strided with 'C' (the hidden length of the character).
  subroutine lu_complex()
    complex(kind(1d0)) :: a(lda, n, nb), a0(lda, n, nb), b(ldb, nrhs, nb), b0(ldb, nrhs, nb)
    double precision :: re(lda, n, nb), im(lda, n, nb), rb(ldb, nrhs, nb), ib(ldb, nrhs, nb)
    integer :: ipiv(n, nb), ipiv0(n, nb), info(nb), info0(nb), k
    call random_number(re)
    call random_number(im)
    call random_number(rb)
    call random_number(ib)
    a = cmplx(re, im, kind(1d0))
    b = cmplx(rb, ib, kind(1d0))
    a0 = a
    b0 = b
    call zgetrf_batch_strided(n, n, a, lda, lda * n, ipiv, n, nb, info)
    call zgetrs_batch_strided('C', n, nrhs, a, lda, lda * n, ipiv, n, b, ldb, ldb * nrhs, nb, info)
    do k = 1, nb
      call zgetrf(n, n, a0(1, 1, k), lda, ipiv0(1, k), info0(k))
      call zgetrs('C', n, nrhs, a0(1, 1, k), lda, ipiv0(1, k), b0(1, 1, k), ldb, info0(k))
    end do
    call check(all(ipiv == ipiv0) .and. all(info == 0), 'zgetrf_batch_strided: pivots, info')
    call check(maxval(abs(b(1:n, :, :) - b0(1:n, :, :))) <= 1d-8 * maxval(abs(b0(1:n, :, :))), &
               'zgetrs_batch_strided: solutions')
  end subroutine

  ! dpotrf_batch_strided, dpotrs_batch_strided; matrix 2 not positive definite (info 3).
  subroutine cholesky_double()
    double precision :: a(lda, n, nb), a0(lda, n, nb), b(ldb, nrhs, nb), b0(ldb, nrhs, nb)
    integer :: info(nb), info0(nb), k, i
    call random_number(a)
    do k = 1, nb
      a(1:n, 1:n, k) = a(1:n, 1:n, k) + transpose(a(1:n, 1:n, k))
      do i = 1, n
        a(i, i, k) = a(i, i, k) + 2 * n
      end do
    end do
    a(3, 3, 2) = -1
    call random_number(b)
    a0 = a
    b0 = b
    call dpotrf_batch_strided('L', n, a, lda, lda * n, nb, info)
    do k = 1, nb
      call dpotrf('L', n, a0(1, 1, k), lda, info0(k))
    end do
    call check(all(info == info0) .and. all(info == [0, 3, 0, 0, 0]), 'dpotrf_batch_strided: info')
    a(:, :, 2) = a0(:, :, 2)  ! the failed factorization is unspecified past its column
    call check(maxval(abs(a(1:n, :, :) - a0(1:n, :, :))) <= 30 * n * epsilon(1d0) * maxval(abs(a0(1:n, :, :))), &
               'dpotrf_batch_strided: factors')
    call dpotrs_batch_strided('L', n, nrhs, a, lda, lda * n, b, ldb, ldb * nrhs, nb, info)
    do k = 1, nb
      if (k /= 2) call dpotrs('L', n, nrhs, a0(1, 1, k), lda, b0(1, 1, k), ldb, info0(k))
    end do
    call check(all(info == 0), 'dpotrs_batch_strided: info')
    do k = 1, nb
      if (k /= 2) call check(maxval(abs(b(1:n, :, k) - b0(1:n, :, k))) <= 1d-8 * maxval(abs(b0(1:n, :, k))), &
                             'dpotrs_batch_strided: solutions')
    end do
  end subroutine

  ! sgeqrf_batch_strided: R and the reflectors as LAPACK's.
  subroutine qr_single()
    integer, parameter :: m = 7
    real :: a(lda, n, nb), a0(lda, n, nb), tau(n, nb), tau0(n, nb), work(64 * n)
    integer :: info(nb), info0(nb), k
    call random_number(a)
    a0 = a
    call sgeqrf_batch_strided(m, n, a, lda, lda * n, tau, n, nb, info)
    do k = 1, nb
      call sgeqrf(m, n, a0(1, 1, k), lda, tau0(1, k), work, size(work), info0(k))
    end do
    call check(all(info == 0), 'sgeqrf_batch_strided: info')
    call check(maxval(abs(a(1:m, :, :) - a0(1:m, :, :))) <= 30 * m * epsilon(1.0) * maxval(abs(a0(1:m, :, :))) &
               .and. maxval(abs(tau - tau0)) <= 30 * m * epsilon(1.0), 'sgeqrf_batch_strided: factors')
  end subroutine

  ! dgetrf_batch, the group API: two groups (2 matrices of order 3, 3 of order n), arrays of
  ! pointers as type(c_ptr) arrays; info in the order of all problems.
  subroutine lu_groups()
    double precision, target :: a(lda, n, nb)
    double precision :: a0(lda, n, nb)
    integer, target :: ipiv(n, nb)
    integer :: ipiv0(n, nb), info(nb), info0(nb), k, orders(nb)
    type(c_ptr) :: aptr(nb), pptr(nb)
    integer :: m_g(2), lda_g(2), size_g(2)
    call random_number(a)
    a(:, 1, 4) = 0
    a0 = a
    m_g = [3, n]
    lda_g = [lda, lda]
    size_g = [2, 3]
    orders = [3, 3, n, n, n]
    do k = 1, nb
      aptr(k) = c_loc(a(1, 1, k))
      pptr(k) = c_loc(ipiv(1, k))
    end do
    call dgetrf_batch(m_g, m_g, aptr, lda_g, pptr, 2, size_g, info)
    do k = 1, nb
      call dgetrf(orders(k), orders(k), a0(1, 1, k), lda, ipiv0(1, k), info0(k))
      call check(all(ipiv(1:orders(k), k) == ipiv0(1:orders(k), k)), 'dgetrf_batch: pivots')
    end do
    call check(all(info == info0) .and. info(4) == 1, 'dgetrf_batch: info')
    call check(maxval(abs(a - a0)) <= 30 * n * epsilon(1d0) * maxval(abs(a0)), 'dgetrf_batch: factors')
  end subroutine

  ! dgemm_batch_strided and ztrsm_batch_strided (oneMKL's Fortran BLAS interface).
  subroutine blas_names()
    double precision :: a(lda, n, nb), b(ldb, n, nb), c(ldb, n, nb), c0(ldb, n, nb)
    complex(kind(1d0)) :: t(lda, n, nb), x(ldb, nrhs, nb), x0(ldb, nrhs, nb)
    complex(kind(1d0)), parameter :: alpha = (2d0, -1d0)
    integer :: k, i
    call random_number(a)
    call random_number(b)
    call random_number(c)
    c0 = c
    call dgemm_batch_strided('T', 'N', n, n, n, 1.5d0, a, lda, lda * n, b, ldb, ldb * n, -1d0, c, ldb, &
                             ldb * n, nb)
    do k = 1, nb
      call dgemm('T', 'N', n, n, n, 1.5d0, a(1, 1, k), lda, b(1, 1, k), ldb, -1d0, c0(1, 1, k), ldb)
    end do
    call check(maxval(abs(c(1:n, :, :) - c0(1:n, :, :))) <= 1d-13 * maxval(abs(c0(1:n, :, :))), &
               'dgemm_batch_strided')
    t = cmplx(a, b(1:lda, :, :), kind(1d0))
    do k = 1, nb
      do i = 1, n
        t(i, i, k) = t(i, i, k) + 4
      end do
    end do
    x = cmplx(c(:, 1:nrhs, :), b(:, 1:nrhs, :), kind(1d0))
    x0 = x
    call ztrsm_batch_strided('L', 'U', 'C', 'N', n, nrhs, alpha, t, lda, lda * n, x, ldb, ldb * nrhs, nb)
    do k = 1, nb
      call ztrsm('L', 'U', 'C', 'N', n, nrhs, alpha, t(1, 1, k), lda, x0(1, 1, k), ldb)
    end do
    call check(maxval(abs(x(1:n, :, :) - x0(1:n, :, :))) <= 1d-12 * maxval(abs(x0(1:n, :, :))), &
               'ztrsm_batch_strided')
  end subroutine

end program compat_mkl
