! Module batchlapack_i8 from a program compiled with -fdefault-integer-8 (tests/fortran/
! CMakeLists.txt), as a code built for 64-bit default integers uses it: every integer here is
! 64-bit unless declared integer(c_int). Each form (legacy, strided, vbatch, generic, a BLAS
! routine) is called beside the same form of module batchlapack on the same data: factors,
! pivots and info must be equal, info > 0 included; then the errors only the 64-bit forms have
! (an integer outside the C int's range) and an argument error, which must leave ipiv unchanged.
program test_fortran_i8
  use iso_c_binding
  use batchlapack_i8
  use batchlapack, only: b4_dgetrf_batch => dgetrf_batch, &
                         b4_dgetrs_batch_strided => dgetrs_batch_strided, &
                         b4_dgetrf_vbatch => dgetrf_vbatch, b4_getrf_batch => getrf_batch, &
                         b4_getrs_batch => getrs_batch, b4_gemm_batch => gemm_batch
  use test_util
  implicit none
  integer, parameter :: n = 6, nb = 9, ldp = n + 2
  real(c_double) :: a0(n, n, nb), b(n, 2, nb), b4(n, 2, nb)
  real(c_double), target :: a(n, n, nb), a4(n, n, nb)
  real(c_double) :: z(n, n, nb), z4(n, n, nb), zb(n, nb), zb4(n, nb)
  real(c_double) :: c(n, n, nb), c4(n, n, nb)
  integer :: ipiv(n, nb), info(nb), ip(ldp, nb), k, gemm_info
  integer(c_int) :: info4(nb), ip4(ldp, nb), gemm_info4
  integer(c_int), target :: ipiv4(n, nb)
  integer(c_int), target :: vpiv4(n, nb)
  integer :: m_v(nb), n_v(nb), ld_v(nb)
  type(c_ptr) :: aptr(nb), pptr(nb)

  if (kind(k) /= c_int64_t) stop 'test_fortran_i8 must be compiled with 64-bit default integers'
  call random_number(a0)
  do k = 1, n
    a0(k, k, :) = a0(k, k, :) + 0.5d0
  end do
  a0(:, 3, 4) = 0                        ! matrix 4 singular: info(4) = 3 from getrf
  call random_number(b)
  b4 = b

  ! Legacy getrf, then strided getrs with pivots in a larger array (rows n+1:ldp must stay).
  a = a0; a4 = a0
  call dgetrf_batch(n, n, a, n, ipiv, info, nb)
  call b4_dgetrf_batch(int(n, c_int), int(n, c_int), a4, int(n, c_int), ipiv4, info4, &
                       int(nb, c_int))
  call expect(all(a == a4) .and. all(ipiv == ipiv4) .and. all(info == info4), 'legacy dgetrf_batch')
  call expect(info(4) == 3 .and. count(info /= 0) == 1, 'legacy dgetrf_batch: info(4) = 3 alone')
  ip = -7; ip(1:n, :) = ipiv
  ip4 = -7; ip4(1:n, :) = ipiv4
  call dgetrs_batch_strided('N', n, 2, a, n, int(n, c_int64_t) * n, ip, int(ldp, c_int64_t), &
                            b, n, 2_c_int64_t * n, info, nb)
  call b4_dgetrs_batch_strided('N', int(n, c_int), 2_c_int, a4, int(n, c_int), &
                               int(n, c_int64_t) * n, ip4, int(ldp, c_int64_t), b4, int(n, c_int), 2_c_int64_t * n, &
                               info4, int(nb, c_int))
  ! (Matrix 4 is singular: its solution is not compared, Inf or NaN.)
  call expect(all(b(:, :, 1:3) == b4(:, :, 1:3)) .and. all(b(:, :, 5:) == b4(:, :, 5:)) .and. &
              all(info == info4) .and. all(info == 0), 'strided dgetrs_batch')
  call expect(all(ip(n + 1:, :) == -7), 'strided dgetrs_batch: the gaps of ipiv unchanged')

  ! Strided getrf into the larger pivot array: the gaps stay, the pivots are the legacy ones.
  a = a0
  ip = -7
  call dgetrf_batch_strided(n, n, a, n, int(n, c_int64_t) * n, ip, int(ldp, c_int64_t), info, nb)
  call expect(all(ip(1:n, :) == ipiv) .and. all(ip(n + 1:, :) == -7) .and. all(a == a4), &
              'strided dgetrf_batch')

  ! Variable sizes: 64-bit size arrays; the pointers to the C API's data (ipiv integer(c_int)).
  a = a0; a4 = a0
  m_v = [(n - mod(k, 3), k = 1, nb)]
  n_v = n; ld_v = n
  do k = 1, nb
    aptr(k) = c_loc(a(1, 1, k)); pptr(k) = c_loc(vpiv4(1, k))
  end do
  vpiv4 = 0
  call dgetrf_vbatch(m_v, n_v, aptr, ld_v, pptr, info, nb)
  ipiv4 = 0
  do k = 1, nb
    aptr(k) = c_loc(a4(1, 1, k)); pptr(k) = c_loc(ipiv4(1, k))
  end do
  call b4_dgetrf_vbatch(int(m_v, c_int), int(n_v, c_int), aptr, int(ld_v, c_int), pptr, info4, &
                        int(nb, c_int))
  call expect(all(a == a4) .and. all(vpiv4 == ipiv4) .and. all(info == info4), 'dgetrf_vbatch')

  ! Generic names, a rank-2 right-hand side (one per system). (Double precision, as everywhere
  ! here: a development build may have no other.)
  z = a0; z4 = a0
  zb = b(:, 1, :); zb4 = zb
  call getrf_batch(z, ipiv, info)
  call getrs_batch('N', z, ipiv, zb, info)
  call b4_getrf_batch(z4, ipiv4, info4)
  call b4_getrs_batch('N', z4, ipiv4, zb4, info4)
  call expect(all(z == z4) .and. all(ipiv == ipiv4) .and. all(zb(:, 1:3) == zb4(:, 1:3)) .and. &
              all(zb(:, 5:) == zb4(:, 5:)) .and. all(info == info4), &
              'generic getrf_batch, getrs_batch')

  ! A BLAS routine, its optional info 64-bit.
  c = 1; c4 = 1
  call gemm_batch('N', 'T', 2d0, a0, a0, 1d0, c, gemm_info)
  call b4_gemm_batch('N', 'T', 2d0, a0, a0, 1d0, c4, gemm_info4)
  call expect(all(c == c4) .and. gemm_info == 0 .and. gemm_info4 == 0, 'generic gemm_batch')

  ! An integer the C int cannot hold: -k of that argument, info set, ipiv untouched, a message.
  ipiv = 77; info = 0
  a = a0
  call dgetrf_batch(n, n, a, 2_c_int64_t**40, ipiv, info, nb)
  call expect(all(info == -4) .and. all(ipiv == 77) .and. all(a == a0), 'lda = 2**40: info = -4')
  call expect(index(bl_last_error(), 'dgetrf_batch: argument 4 (lda) = 1099511627776') == 1, &
              'lda = 2**40: the message (' // bl_last_error() // ')')
  m_v(5) = -2_c_int64_t**33
  call dgetrf_vbatch(m_v, n_v, aptr, ld_v, pptr, info, nb)
  call expect(all(info == -1) .and. index(bl_last_error(), 'm(5) = -8589934592') > 0, &
              'vbatch m(5) = -2**33: info = -1')
  call dgetrf_batch_strided(n, n, a, n, int(n, c_int64_t) * n, ip, -1_c_int64_t, info, nb)
  call expect(all(info == -7), 'strided: a negative ipiv stride, info = -7')
  ! An argument error batchlapack finds (lda < n): the same -k, and ipiv unchanged.
  call dgetrf_batch(n, n, a, n - 1, ipiv, info, nb)
  call expect(all(info == -4) .and. all(ipiv == 77) .and. all(a == a0), 'lda = n - 1: info = -4')

  ! Backend calls and constants, 64-bit.
  call bl_set_backend(BL_BACKEND_CPU, k)
  call expect(k == BL_SUCCESS .and. bl_backend_name(bl_get_backend()) == 'cpu', 'bl_set_backend')
  call bl_set_backend('nonsense', k)
  call expect(k == BL_ERROR_INVALID_VALUE, 'bl_set_backend(name), stat')
  call expect(bl_cpu_threads() >= 1 .and. len(bl_error_string(BL_ERROR_NO_DEVICE)) > 0, 'queries')

  if (failures > 0) then
    print '(i0, a)', failures, ' checks failed'
    stop 1
  end if
  print '(a)', 'test_fortran_i8: ok'
end program
