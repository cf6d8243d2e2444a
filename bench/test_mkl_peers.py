#!/usr/bin/env python3
"""The test `bench.mkl_peers`: batchlapack-bench with its oneMKL peers (batchlapack-bench-mkl
beside it) on small batches, real and complex, through LAPACK's loop (getrf) and oneMKL's CBLAS
batch routine (trsv, as cblas_ztrsm_batch). Every rate must be positive and below a bound no
machine reaches, the oneMKL columns present, "best peer" the name of the fastest peer column and
the ratio batchlapack's rate over its rate. Without the peers' program (no oneMKL where the build
looked) it says so and exits 77, which CTest reports as skipped.
Usage: test_mkl_peers.py BENCH PEER_PROGRAM_BUILT(0|1) WORK_DIR."""

import csv
import math
import os
import subprocess
import sys

NOT_RATES = {'routine', 'precision', 'n', 'batch', 'ratio', 'best peer'}


def fail(msg):
    print('bench.mkl_peers: ' + msg)
    sys.exit(1)


def main():
    bench, built, work = sys.argv[1], sys.argv[2] == '1', sys.argv[3]
    if not built:
        print('bench.mkl_peers: skipped: oneMKL was not found at configure time '
              '(scripts/setup-deps.sh mkl installs it)')
        sys.exit(77)
    os.makedirs(work, exist_ok=True)
    for routine, precision, want in (('getrf', 'd', {'oneMKL loop', 'oneMKL threaded'}),
                                     ('trsv', 'z', {'oneMKL loop', 'oneMKL threaded', 'oneMKL batch'})):
        path = os.path.join(work, routine + precision + '.csv')
        run = subprocess.run([bench, '--routine', routine, '--precision', precision, '--sizes', '8,40',
                              '--batch', '64', '--runs', '1', '--threads', '2', '--csv', path],
                             capture_output=True, text=True)
        print(run.stdout, run.stderr)
        if run.returncode != 0:
            fail('%s%s: exit status %d' % (precision, routine, run.returncode))
        if 'oneMKL peers: none' in run.stdout or 'kernels: ' not in run.stdout:
            fail('%s%s: no oneMKL version or instruction-set line' % (precision, routine))
        with open(path) as f:
            rows = list(csv.DictReader(f))
        if len(rows) != 2:
            fail('%s%s: %d rows for 2 sizes' % (precision, routine, len(rows)))
        for row in rows:
            rates = {k: float(v) for k, v in row.items() if k not in NOT_RATES}
            if not want <= set(rates):
                fail('%s%s: columns %s lack %s' % (precision, routine, sorted(rates), sorted(want - set(rates))))
            for name, rate in rates.items():
                if not (rate > 0 and math.isfinite(rate) and rate < 1e5):
                    fail('%s%s n = %s: %s at %g GFLOP/s' % (precision, routine, row['n'], name, rate))
            peers = {k: v for k, v in rates.items() if k != 'batchlapack'}
            best = max(peers, key=peers.get)
            if row['best peer'] != best:
                fail('%s%s n = %s: best peer %s, not %s' % (precision, routine, row['n'], row['best peer'], best))
            if abs(float(row['ratio']) - rates['batchlapack'] / peers[best]) > 1e-3 * float(row['ratio']) + 1e-3:
                fail('%s%s n = %s: ratio %s' % (precision, routine, row['n'], row['ratio']))
    print('bench.mkl_peers: ok')


if __name__ == '__main__':
    main()
