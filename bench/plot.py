#!/usr/bin/env python3
"""batchlapack-plot: draws what batchlapack-bench measured, GFLOP/s against n, as an SVG.

    batchlapack-plot getrf.csv [more.csv ...] -o getrf.svg

reads the CSV files that `batchlapack-bench --csv FILE` writes and draws one line per
implementation (batchlapack and each peer: the LAPACK and OpenMP loops on the CPU, the vendor's
routine on the GPU, the uniform-size rate of a --vbatch run), on logarithmic axes, with the ratio
of batchlapack to the best peer written at each of batchlapack's points. Several files (several
routines or precisions) go on one plot, each line named by its routine too. An output ending in
.png is converted from the SVG by rsvg-convert (librsvg2-bin), where installed.

Standard library only: the SVG is written by hand.
"""

import argparse
import csv
import math
import os
import shutil
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape

# The bench's CSV columns that are not GFLOP/s of an implementation (bench/main.cpp: the ratio and
# the peer it is to,
# the comparison with the vendor, the --vbatch percentage, the --host-data transfer figures).
NOT_RATES = {'routine', 'precision', 'n', 'batch', 'ratio', 'best peer', 'rel.diff', 'pivots differing',
             '% of uniform', 'call ms', 'MB in', 'MB out', 'H2D GB/s', 'D2H GB/s', 'transfer ms',
             'call/transfer'}
LIBRARY = 'batchlapack'
# Line colours: batchlapack first and darkest, the peers after it.
COLOURS = ['#1f4e9c', '#d9541e', '#2a9d3c', '#8c3fb0', '#b08d1f', '#1fa3b0', '#b01f5c', '#555555']

WIDTH, HEIGHT = 820, 500
LEFT, RIGHT, TOP, BOTTOM = 72, 190, 48, 56   # the plot area's margins (the legend on the right)


class Series:
    def __init__(self, label, library):
        self.label, self.library = label, library
        self.points = {}       # n -> GFLOP/s
        self.ratios = {}       # n -> batchlapack / best peer (the library's lines only)


def read(paths):
    """The series of every file, in the order met: one per (routine, precision, column)."""
    keyed, cases = {}, []
    rows = []
    for path in paths:
        with open(path, newline='') as f:
            for row in csv.DictReader(f):
                if row.get('n') is None or row.get('routine') is None:
                    raise SystemExit('%s: not a batchlapack-bench CSV (no routine and n '
                                     'columns)' % path)
                rows.append(row)
                case = row['precision'] + row['routine']
                if case not in cases:
                    cases.append(case)
    for row in rows:
        case = row['precision'] + row['routine']
        n = int(row['n'])
        for column, text in row.items():
            if column in NOT_RATES or column is None or text in (None, ''):
                continue
            label = column if len(cases) == 1 else '%s %s' % (case, column)
            s = keyed.setdefault((case, column), Series(label, column == LIBRARY))
            value = float(text)
            if value > 0 and math.isfinite(value):
                s.points[n] = value
            if column == LIBRARY and row.get('ratio'):
                s.ratios[n] = float(row['ratio'])
    series = [s for s in keyed.values() if s.points]
    if not series:
        raise SystemExit('no GFLOP/s in ' + ', '.join(paths))
    # batchlapack's lines first: they are drawn last, on top, and head the legend.
    series.sort(key=lambda s: not s.library)
    return series, cases


def log_range(values):
    """The decades around the values, as exponents: [floor(log10 min), ceil(log10 max)]."""
    lo, hi = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    return lo, max(hi, lo + 1)


def number(v):
    """A tick label: 0.5, 2, 1000, 2e+04."""
    return ('%g' % v) if 1e-3 <= v < 1e5 else ('%.0e' % v)


def svg(series, cases):
    ns = sorted({n for s in series for n in s.points})
    rates = [v for s in series for v in s.points.values()]
    x0, x1 = math.log10(ns[0]), math.log10(ns[-1])
    if x1 - x0 < 1e-9:                     # one size: centre it
        x0, x1 = x0 - 0.5, x1 + 0.5
    pad = 0.04 * (x1 - x0)
    x0, x1 = x0 - pad, x1 + pad
    y0, y1 = log_range(rates)
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(n):
        return LEFT + (math.log10(n) - x0) / (x1 - x0) * pw

    def py(v):
        return TOP + ph - (math.log10(v) - y0) / (y1 - y0) * ph

    title = '%s: GFLOP/s against n' % ', '.join(cases)
    if any(s.ratios for s in series):
        title += ' (at each batchlapack point: its ratio to the best peer)'
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="sans-serif" font-size="12">' % (WIDTH, HEIGHT, WIDTH, HEIGHT),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text class="title" x="%d" y="24" font-size="14">%s</text>' % (LEFT, escape(title))]

    # Grid and ticks: every measured n on x; 1, 2, 5 of each decade on y.
    out.append('<g class="grid" stroke="#dddddd" stroke-width="1">')
    labels = []
    for n in ns:
        x = px(n)
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>' % (x, TOP, x, TOP + ph))
        labels.append('<text class="xtick" x="%.1f" y="%d" text-anchor="middle">%d</text>'
                      % (x, TOP + ph + 16, n))
    for e in range(y0, y1 + 1):
        for m in (1, 2, 5):
            v = m * 10.0 ** e
            if not 10.0 ** y0 <= v <= 10.0 ** y1:
                continue
            y = py(v)
            out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f"%s/>'
                       % (LEFT, y, LEFT + pw, y, '' if m == 1 else ' stroke-dasharray="2,3"'))
            labels.append('<text class="ytick" x="%d" y="%.1f" text-anchor="end">%s</text>'
                          % (LEFT - 6, y + 4, number(v)))
    out.append('</g>')
    out += labels
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="black"/>'
               % (LEFT, TOP, pw, ph))
    out.append('<text x="%.1f" y="%d" text-anchor="middle">n (log scale)</text>'
               % (LEFT + pw / 2, HEIGHT - 12))
    out.append('<text x="16" y="%.1f" text-anchor="middle" transform="rotate(-90 16 %.1f)">'
               'GFLOP/s (log scale)</text>' % (TOP + ph / 2, TOP + ph / 2))

    # The lines, peers first so that batchlapack's are drawn on top; the legend in series order.
    colour = {id(s): COLOURS[k % len(COLOURS)] for k, s in enumerate(series)}
    for s in reversed(series):
        c, width = colour[id(s)], 2.5 if s.library else 1.5
        pts = sorted(s.points.items())
        out.append('<g class="series" data-label="%s">' % escape(s.label, {'"': '&quot;'}))
        out.append('<polyline fill="none" stroke="%s" stroke-width="%.1f" points="%s"/>'
                   % (c, width, ' '.join('%.1f,%.1f' % (px(n), py(v)) for n, v in pts)))
        for n, v in pts:
            out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s, n = %d: %.4g '
                       'GFLOP/s</title></circle>' % (px(n), py(v), c, escape(s.label), n, v))
        for n, ratio in sorted(s.ratios.items()):
            if n in s.points:
                # A white outline keeps the figure legible where it crosses a line.
                out.append('<text class="ratio" x="%.1f" y="%.1f" text-anchor="middle" '
                           'font-size="11" fill="%s" stroke="white" stroke-width="3" '
                           'paint-order="stroke">%.2f\u00d7</text>'
                           % (px(n), py(s.points[n]) - 8, c, ratio))
        out.append('</g>')
    for k, s in enumerate(series):
        y = TOP + 8 + 20 * k
        c = colour[id(s)]
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="%.1f"/>'
                   % (LEFT + pw + 14, y, LEFT + pw + 38, y, c, 2.5 if s.library else 1.5))
        out.append('<text class="legend" x="%d" y="%d">%s</text>'
                   % (LEFT + pw + 44, y + 4, escape(s.label)))
    out.append('</svg>')
    return '\n'.join(out) + '\n'


def main(argv=None):
    ap = argparse.ArgumentParser(description='Plot batchlapack-bench CSV output (GFLOP/s '
                                             'against n) as SVG, or PNG through rsvg-convert.')
    ap.add_argument('csv', nargs='+', help='CSV files written by batchlapack-bench --csv')
    ap.add_argument('-o', '--output', required=True, help='FILE.svg or FILE.png')
    args = ap.parse_args(argv)
    text = svg(*read(args.csv))
    if not args.output.lower().endswith('.png'):
        with open(args.output, 'w', encoding='utf-8') as f:
            f.write(text)
        return 0
    converter = shutil.which('rsvg-convert')
    if not converter:
        raise SystemExit('a PNG needs rsvg-convert (apt-get install librsvg2-bin); '
                         'or write FILE.svg')
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'plot.svg')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        subprocess.run([converter, '-o', args.output, path], check=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
