C     A fixed-form (FORTRAN 77 style) program using the module: the
C     legacy loop over DGETRF/DGETRS replaced by two batched calls.
C     Solves NB diagonally dominant systems whose solution is all ones.
      PROGRAM LEGACY
      USE BATCHLAPACK
      IMPLICIT NONE
      INTEGER N, NB, LDA
      PARAMETER (N = 6, NB = 50, LDA = 8)
      DOUBLE PRECISION A(LDA, N, NB), B(N, NB), ERR
      INTEGER IPIV(N, NB), INFO(NB), I, J, K
      DO 30 K = 1, NB
         DO 20 J = 1, N
            B(J, K) = 0.0D0
            DO 10 I = 1, LDA
               A(I, J, K) = DBLE(MOD(I * J + K, 7)) / 7.0D0
               IF (I .EQ. J) A(I, J, K) = A(I, J, K) + DBLE(N)
   10       CONTINUE
   20    CONTINUE
         DO 25 J = 1, N
            DO 24 I = 1, N
               B(I, K) = B(I, K) + A(I, J, K)
   24       CONTINUE
   25    CONTINUE
   30 CONTINUE
      CALL DGETRF_BATCH(N, N, A, LDA, IPIV, INFO, NB)
      IF (MAXVAL(ABS(INFO)) .NE. 0) STOP 1
      CALL DGETRS_BATCH('No transpose', N, 1, A, LDA, IPIV, B, N,
     $                  INFO, NB)
      IF (MAXVAL(ABS(INFO)) .NE. 0) STOP 1
      ERR = MAXVAL(ABS(B - 1.0D0))
      WRITE (*, '(A, ES10.3)') 'legacy_fixed: max error ', ERR
      IF (ERR .GT. 1.0D-12) STOP 1
      END
