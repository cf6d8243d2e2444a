#!/usr/bin/env python3
"""Each kernel's share of the time of a profiled run, from Nsight Compute's CSV.

    ncu --metrics gpu__time_duration.sum -k regex:KERNELS --csv batchlapack-bench ... > run.csv
    kernel_shares.py run.csv [--launches N]

sums gpu__time_duration.sum by kernel (its name without the argument list) and prints the total,
then each kernel's time, share and number of launches, the largest first; --launches N also lists
the first N launches with their grid and block. The CSV may follow other output (the benchmark's
own lines go to the same stream): everything before ncu's header line, and any line that does not
have the header's columns, is skipped. `bench/gpu_run.sh shares` runs it on device data (the
benchmark's default; with --host-data a call stages its matrices in chunks and launches each step
once a chunk, which changes the shares).

Standard library only.
"""

import argparse
import collections
import csv
import sys

# Nsight Compute writes the unit as a word (nsecond) or, as the GPU machine's release does, as a
# symbol (ns).
NANOSECONDS = {'nsecond': 1.0, 'usecond': 1e3, 'msecond': 1e6, 'second': 1e9,
               'ns': 1.0, 'us': 1e3, 'ms': 1e6, 's': 1e9}


def without_arguments(name):
    """The kernel's name less its trailing argument list, which may hold parentheses itself, as a
    name may before it ("(anonymous namespace)")."""
    name = name.strip()
    if not name.endswith(')'):
        return name
    depth = 0
    for i in range(len(name) - 1, -1, -1):
        depth += {')': 1, '(': -1}.get(name[i], 0)
        if depth == 0:
            return name[:i].rstrip()
    return name


def launches(lines):
    """The launches' (kernel, grid, block, nanoseconds), in the order ncu wrote them."""
    header = None
    out = []
    for row in csv.reader(lines):
        if header is None:
            if 'Kernel Name' in row and 'Metric Name' in row and 'Metric Value' in row:
                header = row
            continue
        if len(row) != len(header):
            continue
        d = dict(zip(header, row))
        if d['Metric Name'] != 'gpu__time_duration.sum':
            continue
        unit = d.get('Metric Unit', 'nsecond')
        if unit not in NANOSECONDS:
            raise ValueError('unknown unit of gpu__time_duration.sum: ' + unit)
        name = without_arguments(d['Kernel Name'])
        value = float(d['Metric Value'].replace(',', ''))
        out.append((name, d.get('Grid Size', ''), d.get('Block Size', ''), value * NANOSECONDS[unit]))
    if header is None:
        raise ValueError('no Nsight Compute CSV header (Kernel Name, Metric Name, Metric Value)')
    return out


def report(rows, first=0):
    total = sum(r[3] for r in rows)
    time = collections.defaultdict(float)
    count = collections.Counter()
    for name, _, _, ns in rows:
        time[name] += ns
        count[name] += 1
    lines = ['%d launches, %.3f ms' % (len(rows), total / 1e6)]
    for name, ns in sorted(time.items(), key=lambda kv: -kv[1]):
        lines.append('  %-60s %10.3f ms %5.1f %%  %d launches' % (name, ns / 1e6, 100 * ns / total, count[name]))
    for name, grid, block, ns in rows[:first]:
        lines.append('    %-56s grid %-14s block %-10s %10.2f us' % (name, grid, block, ns / 1e3))
    return '\n'.join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('csv')
    parser.add_argument('--launches', type=int, default=0, help='also list the first N launches')
    args = parser.parse_args()
    try:
        with open(args.csv, newline='') as f:
            rows = launches(f)
    except (OSError, ValueError) as e:
        sys.exit('kernel_shares.py: %s' % e)
    if not rows:
        sys.exit('kernel_shares.py: no launch measured (does the kernel expression match?)')
    print(report(rows, args.launches))


if __name__ == '__main__':
    main()
