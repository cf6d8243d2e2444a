! A block-Jacobi preconditioner as a finite-element or domain-decomposition code applies it: the
! diagonal blocks of a large sparse matrix are small dense matrices (one per element or
! subdomain), and applying the preconditioner solves every block against its piece of the
! residual. The legacy code loops over LAPACK:
!
!     do k = 1, nblocks
!        call dgetrf(n, n, a(1,1,k), n, ipiv(1,k), info(k))
!        call dgetrs('N', n, 1, a(1,1,k), n, ipiv(1,k), r(1,k), n, info(k))
!     end do
!
! With batchlapack (use batchlapack; link -lbatchlapack) the loop becomes two calls on the same
! arrays:
!
!     call dgetrf_batch(n, n, a, n, ipiv, info, nblocks)
!     call dgetrs_batch('N', n, 1, a, n, ipiv, r, n, info, nblocks)
!
! This program does both, prints both times (the best of a few repetitions), how many times faster
! the batched calls were, the backend and the number of threads they ran on, and whether the two
! solutions agree (their largest difference relative to the largest entry); it stops with code 1
! if they do not.
!
! Usage: block_jacobi [nblocks [n]]          defaults: 10000 blocks of order 16
! Build: gfortran block_jacobi.f90 $(pkg-config --cflags --libs batchlapack) -llapack
!        (PKG_CONFIG_PATH=<prefix>/lib/pkgconfig; pkg-config's flags carry -Wl,-rpath,<prefix>/lib,
!        so ./a.out starts without LD_LIBRARY_PATH)
! OMP_NUM_THREADS sets the number of threads of the batched calls.
program block_jacobi
  use batchlapack
  implicit none
  integer, parameter :: dp = kind(1.0d0), reps = 10
  real(dp), parameter :: tolerance = 1e-8_dp
  integer :: nblocks = 10000, n = 16, k, rep
  double precision, allocatable :: blocks(:,:,:), residual(:,:), a(:,:,:), x_loop(:,:), x_batch(:,:)
  integer, allocatable :: ipiv(:,:), info(:)
  real(dp) :: t_loop, t_batch, diff
  character(32) :: arg

  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) nblocks
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) n
  end if
  allocate(blocks(n, n, nblocks), residual(n, nblocks), a(n, n, nblocks), x_loop(n, nblocks), &
           x_batch(n, nblocks), ipiv(n, nblocks), info(nblocks))
  call assemble(blocks, residual)

  ! Before and after, alternately, so that both see the same machine (best of reps runs each).
  t_loop = huge(1.0_dp)
  t_batch = huge(1.0_dp)
  do rep = 1, reps
    ! Before: the loop over LAPACK.
    a = blocks
    x_loop = residual
    t_loop = min(t_loop, -seconds())
    do k = 1, nblocks
      call dgetrf(n, n, a(1, 1, k), n, ipiv(1, k), info(k))
      call dgetrs('N', n, 1, a(1, 1, k), n, ipiv(1, k), x_loop(1, k), n, info(k))
    end do
    t_loop = t_loop + seconds()
    if (any(info /= 0)) stop 'loop: a singular block'

    ! After: the same arrays, two batched calls.
    a = blocks
    x_batch = residual
    t_batch = min(t_batch, -seconds())
    call dgetrf_batch(n, n, a, n, ipiv, info, nblocks)
    call dgetrs_batch('N', n, 1, a, n, ipiv, x_batch, n, info, nblocks)
    t_batch = t_batch + seconds()
  end do
  if (any(info /= 0)) then
    print '(a, i0, 2a)', 'batched: info = ', minval(info), ': ', bl_last_error()
    stop 1
  end if

  diff = maxval(abs(x_batch - x_loop)) / maxval(abs(x_loop))
  print '(a, i0, a, i0)', 'block_jacobi: blocks of order ', n, ', nblocks = ', nblocks
  print '(a, f9.4, a)', '  loop over dgetrf/dgetrs      ', t_loop, ' s'
  if (bl_last_backend() == BL_BACKEND_CPU) then
    print '(a, f9.4, a, i0, a)', '  dgetrf_batch + dgetrs_batch  ', t_batch, ' s on the cpu backend, ', &
          bl_cpu_threads(), ' threads (OMP_NUM_THREADS)'
  else
    print '(a, f9.4, 3a)', '  dgetrf_batch + dgetrs_batch  ', t_batch, ' s on the ', &
          bl_backend_name(bl_last_backend()), ' backend'
  end if
  if (t_batch <= t_loop) then
    print '(a, f0.1, a)', 'batched: ', t_loop / t_batch, 'x faster than the loop'
  else
    print '(a, f0.1, a)', 'batched: ', t_batch / t_loop, 'x slower than the loop'
  end if
  ! Same algorithm, same pivots: the solutions agree to rounding, far below this bound.
  if (diff <= tolerance) then
    print '(a, es7.1, a, es7.1, a)', 'solutions agree: largest difference ', diff, &
          ' relative to the largest entry (', tolerance, ' allowed)'
  else
    print '(a, es7.1, a, es7.1, a)', 'solutions DIFFER: largest difference ', diff, &
          ' relative to the largest entry (', tolerance, ' allowed)'
    stop 1
  end if
  ! Freed before the end, so that a leak checker (scripts/sanitize.sh runs LeakSanitizer) finds none.
  deallocate(blocks, residual, a, x_loop, x_batch, ipiv, info)

contains

  ! Element-like blocks: a convection-diffusion stencil on the block with random coefficients
  ! (non-symmetric, diagonally dominant: what LU with pivoting is used for), random residuals.
  subroutine assemble(blocks, residual)
    double precision, intent(out) :: blocks(:,:,:), residual(:,:)
    integer :: i, m
    m = size(blocks, 1)
    call random_number(blocks)
    blocks = 0.1d0 * (blocks - 0.5d0)
    do k = 1, size(blocks, 3)
      do i = 1, m
        blocks(i, i, k) = blocks(i, i, k) + 4
        if (i > 1) blocks(i, i - 1, k) = blocks(i, i - 1, k) - 1.3d0
        if (i < m) blocks(i, i + 1, k) = blocks(i, i + 1, k) - 0.7d0
      end do
    end do
    call random_number(residual)
  end subroutine

  real(dp) function seconds()
    integer(8) :: count, rate
    call system_clock(count, rate)
    seconds = real(count, dp) / real(rate, dp)
  end function
end program
