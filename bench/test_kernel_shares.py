#!/usr/bin/env python3
"""The test `bench.kernel_shares`: bench/kernel_shares.py on CSV in Nsight Compute's format, after
the benchmark's own lines as `ncu --csv` leaves them: each kernel's time summed over its launches
from mixed units (words and symbols), its share and launch count, the largest first; the launch
list; and an error, not a table, for output without ncu's header or without a measured launch.
Usage: test_kernel_shares.py SCRIPT WORK_DIR."""

import os
import subprocess
import sys

HEADER = ('"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size",'
          '"Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"\n')


def launch(i, kernel, grid, unit, value, metric='gpu__time_duration.sum'):
    return ('"%d","1","batchlapack-bench","host","%s","1","7","(256, 1, 1)","%s","0","9.0",'
            '"Command line profiler metrics","%s","%s","%s"\n' % (i, kernel, grid, metric, unit, value))


UPDATE = 'void bl::cuda::<unnamed>::update_kernel<double, 64, 0, 1>(bl::cuda::Update<T1>)'
SOLVE = 'void bl::cuda::(anonymous namespace)::chol_solve<32, double>(bl::cuda::CholSolve<(int)32>)'
RUN = ('batchlapack 0.1.0: dpotrf, backend cuda, 16 OpenMP threads, nrhs 1, median of 1 runs; GFLOP/s\n'
       '==PROF== Connected to process 1\n'
       '     n     batch cusolverDnDpotrfBatched  batchlapack   ratio\n'
       '   512      2000                    4764     1.22e+04    2.56\n'
       + HEADER
       + launch(0, UPDATE, '(32000, 1, 1)', 'msecond', '1.5')
       + launch(1, SOLVE, '(2000, 4, 1)', 'usecond', '250')
       + launch(2, UPDATE, '(16000, 1, 1)', 'us', '1,000')  # the GPU machine's ncu: symbols
       + launch(3, SOLVE, '(2000, 2, 1)', 'ns', '250,000')
       + launch(3, SOLVE, '(2000, 2, 1)', 'nsecond', '7', metric='sm__cycles_elapsed.avg')
       + '"a line","of other columns"\n')


def run(script, path, *extra):
    return subprocess.run([sys.executable, '-B', script, path] + list(extra), capture_output=True, text=True)


def main():
    script, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    good = os.path.join(work, 'run.csv')
    with open(good, 'w') as f:
        f.write(RUN)
    r = run(script, good, '--launches', '2')
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    # 1.5 ms + 1 ms of the update, 0.25 + 0.25 ms of the solve; the other metric is not a launch
    assert lines[0] == '4 launches, 3.000 ms', lines[0]
    assert 'update_kernel<double, 64, 0, 1>' in lines[1] and ' 2.500 ms  83.3 %  2 launches' in lines[1], lines[1]
    assert 'bl::cuda::(anonymous namespace)::chol_solve<32, double> ' in lines[2] and ' 0.500 ms  16.7 %  2 launches' in lines[2], lines[2]
    assert len(lines) == 5, r.stdout
    assert 'grid (32000, 1, 1)' in lines[3] and '1500.00 us' in lines[3], lines[3]
    assert 'grid (2000, 4, 1)' in lines[4] and '250.00 us' in lines[4], lines[4]

    cases = {'no_header.csv': (RUN.replace(HEADER, ''), 'no Nsight Compute CSV header'),
             'no_launch.csv': (RUN.split(HEADER)[0] + HEADER, 'no launch measured'),
             'bad_unit.csv': (HEADER + launch(0, UPDATE, '(1, 1, 1)', 'cycle', '5'), 'unknown unit')}
    for name, (text, message) in cases.items():
        path = os.path.join(work, name)
        with open(path, 'w') as f:
            f.write(text)
        r = run(script, path)
        assert r.returncode != 0 and message in r.stderr and not r.stdout, (name, r.returncode, r.stdout, r.stderr)
    print('bench.kernel_shares: passed')


if __name__ == '__main__':
    main()
