#!/usr/bin/env python3
"""The test `bench.plot`: bench/plot.py on the CSV formats batchlapack-bench writes (CPU peers
with the name of the best,
GPU peer with pivots, GPU without peer, two routines in one plot). Each SVG must parse, hold one
line per implementation with a point per size, at log-scale positions, and the ratio written at
each batchlapack point. Usage: test_plot.py PLOT_SCRIPT WORK_DIR."""

import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

NS = {'s': 'http://www.w3.org/2000/svg'}

CPU = """routine,precision,n,batch,LAPACK loop,OpenMP loop,batchlapack,ratio,best peer
getrf,d,4,100000,0.5,0.9,2.7,3,OpenMP loop
getrf,d,16,50000,2,3.5,7,2,OpenMP loop
getrf,d,64,5000,8,12,13.2,1.1,OpenMP loop
getrf,d,256,500,20,30,24,0.8,OpenMP loop
"""
GPU = """routine,precision,n,batch,cuBLAS,batchlapack,ratio,rel.diff,pivots differing
getrf,z,8,200000,100,400,4,1.2e-16,0
getrf,z,32,200000,300,600,2,3.1e-16,0
getrf,z,128,20000,900,1350,1.5,4.4e-16,2
"""
NO_PEER = """routine,precision,n,batch,batchlapack
gesv,d,8,200000,150
gesv,d,64,20000,900
"""


def fail(msg):
    print('bench.plot: ' + msg)
    sys.exit(1)


def plot(script, work, name, *texts):
    paths = []
    for k, text in enumerate(texts):
        paths.append(os.path.join(work, '%s%d.csv' % (name, k)))
        with open(paths[-1], 'w') as f:
            f.write(text)
    out = os.path.join(work, name + '.svg')
    subprocess.run([sys.executable, script] + paths + ['-o', out], check=True)
    return ET.parse(out).getroot()


def series(root):
    """label -> (points [(x, y)], ratio texts)."""
    found = {}
    for g in root.iterfind('s:g[@class="series"]', NS):
        line = g.find('s:polyline', NS)
        pts = [tuple(map(float, p.split(','))) for p in line.get('points').split()]
        ratios = [t.text for t in g.iterfind('s:text[@class="ratio"]', NS)]
        found[g.get('data-label')] = (pts, ratios)
    return found


def check(root, want, sizes, ratios):
    """want: the labels, with batchlapack's among them; sizes the n of every point; ratios the
    texts expected at batchlapack's points (by label)."""
    got = series(root)
    if sorted(got) != sorted(want):
        fail('lines %s, expected %s' % (sorted(got), sorted(want)))
    legend = [t.text for t in root.iterfind('s:text[@class="legend"]', NS)]
    if sorted(legend) != sorted(want):
        fail('legend %s, expected %s' % (legend, want))
    for label, (pts, texts) in got.items():
        if len(pts) != len(sizes):
            fail('%s: %d points for %d sizes' % (label, len(pts), len(sizes)))
        if texts != ratios.get(label, []):
            fail('%s: ratios %s, expected %s' % (label, texts, ratios.get(label, [])))
        # Log scale on x: equal steps of log n are equal distances.
        for (xa, _), (xb, _), (xc, _), na, nb, nc in zip(pts, pts[1:], pts[2:],
                                                         sizes, sizes[1:], sizes[2:]):
            expect = math.log(nc / nb) / math.log(nb / na)
            if abs((xc - xb) / (xb - xa) - expect) > 0.02:
                fail('%s: x is not logarithmic in n' % label)
    ticks = [int(t.text) for t in root.iterfind('s:text[@class="xtick"]', NS)]
    if ticks != sizes:
        fail('x ticks %s, expected %s' % (ticks, sizes))


def main():
    script, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)

    root = plot(script, work, 'cpu', CPU)
    check(root, ['LAPACK loop', 'OpenMP loop', 'batchlapack'], [4, 16, 64, 256],
          {'batchlapack': ['3.00\u00d7', '2.00\u00d7', '1.10\u00d7', '0.80\u00d7']})
    # Log scale on y: batchlapack's 2.7 and 7 and OpenMP's 0.9 against their logarithms.
    (lib, _), (omp, _) = series(root)['batchlapack'], series(root)['OpenMP loop']
    a, b, c = lib[0][1], lib[1][1], omp[0][1]
    if abs((c - a) / (b - a) - math.log(0.9 / 2.7) / math.log(7 / 2.7)) > 0.02:
        fail('y is not logarithmic in GFLOP/s')
    if lib[1][1] >= lib[0][1]:
        fail('a higher rate is not drawn higher')

    check(plot(script, work, 'gpu', GPU), ['cuBLAS', 'batchlapack'], [8, 32, 128],
          {'batchlapack': ['4.00\u00d7', '2.00\u00d7', '1.50\u00d7']})
    check(plot(script, work, 'nopeer', NO_PEER), ['batchlapack'], [8, 64], {})

    # Two runs in one plot: each line named by its case.
    root = plot(script, work, 'two', CPU, GPU)
    labels = sorted(series(root))
    if labels != sorted(['dgetrf LAPACK loop', 'dgetrf OpenMP loop', 'dgetrf batchlapack',
                         'zgetrf cuBLAS', 'zgetrf batchlapack']):
        fail('two files: lines %s' % labels)
    print('bench.plot: ok')


if __name__ == '__main__':
    main()
