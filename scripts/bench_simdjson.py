#!/usr/bin/env python3
"""Parse + build of `plumb solve` against simdjson's parse of the same bytes.

Issue 15's goal: parse + build within 5 times the time simdjson
(`pip install pysimdjson`, `simdjson.Parser().parse(bytes)`) takes to parse
the document. This machine's speed moves by 1.3-1.5x between rounds of a
few seconds, so the two are timed alternately, run by run: for every family
and size, each run parses the bytes with simdjson ten times (its run's
time is their median) and runs `plumb solve DOC -o /dev/null --stats` once
with each binary, the binaries' order swapped at every run. A run's ratio
is that run's plumb parse + build over that run's simdjson time; the table
gives the medians (and minima) of simdjson's parse and of each binary's
parse, build and parse + build, the median of the runs' ratios with their
middle half (25th to 75th percentile), and, with two binaries, the median of
the runs' new/old parse + build. `--each` prints every run's times and
ratios under the table.

Two binaries: `--plumb OLD --plumb NEW`, or `--old OLD --plumb NEW`.

usage: bench_simdjson.py [--plumb .build/release/plumb [--plumb NEW]] [--old OLD]
                         [--families list,grid,cards] [--sizes 10000] [--runs 15]
                         [--threads N] [--work DIR] [--each]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

from bench_compare import stats_ms

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_PLUMB = os.path.join(ROOT, ".build", "release", "plumb")


def simdjson_ms(parser, data, count):
    """Milliseconds of each of `count` parses of `data` by simdjson (the parser reused, as its docs advise)."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        parser.parse(data)
        times.append((time.perf_counter() - start) * 1000)
    return times


def plumb_ms(binary, doc, threads):
    """`plumb solve --stats`'s phase milliseconds for one run of `binary` on `doc`."""
    args = [binary, "solve", doc, "-o", os.devnull, "--stats"]
    if threads:
        args += ["--threads", str(threads)]
    return stats_ms(args, "bench_simdjson.py", "from --plumb or --old")


def binaries(plumbs, old):
    """The binaries timed, base first: `--old` then `--plumb`s, or the default binary."""
    chosen = ([old] if old else []) + (plumbs or ([] if old else [DEFAULT_PLUMB]))
    if old and not plumbs:
        chosen.append(DEFAULT_PLUMB)
    if len(chosen) > 2:
        sys.exit("bench_simdjson.py: at most two binaries (--plumb twice, or --old and --plumb)")
    return chosen


def order(run, count):
    """The binaries' order in run `run`: swapped every run so that none always runs first."""
    return list(range(count)) if run % 2 == 0 else list(reversed(range(count)))


def quartiles(xs):
    """The 25th and 75th percentiles of `xs` (the first value twice for a single one)."""
    if len(xs) < 2:
        return xs[0], xs[0]
    q = statistics.quantiles(xs, n=4, method="inclusive")
    return q[0], q[2]


def measure(bins, doc, runs, threads):
    """Alternated runs: simdjson's time a run (median of ten parses) and each binary's phases a run."""
    import simdjson
    data = open(doc, "rb").read()
    parser = simdjson.Parser()
    simdjson_ms(parser, data, 10)  # warm: the first parses allocate the parser's buffers
    simd, stats = [], [[] for _ in bins]
    for run in range(runs):
        for b in order(run, len(bins)):
            stats[b].append(plumb_ms(bins[b], doc, threads))
        simd.append(statistics.median(simdjson_ms(parser, data, 10)))
    return simd, stats


def rows(family, size, simd, stats):
    """The table's rows for one document: one a binary."""
    med = statistics.median
    s = med(simd)
    both = [[r["parse"] + r["build"] for r in runs] for runs in stats]
    out = []
    for b, runs in enumerate(stats):
        ratios = [x / y for x, y in zip(both[b], simd)]
        lo, hi = quartiles(ratios)

        def cell(xs):
            return f"{med(xs):.2f} / {min(xs):.2f}"

        versus = "" if b == 0 else f"{med(n / o for n, o in zip(both[b], both[0])):.3f}"
        out.append(f"| {family} | {size:,} | {b} | {s:.3f} / {min(simd):.3f} | {cell([r['parse'] for r in runs])} "
                   f"| {cell([r['build'] for r in runs])} | {cell(both[b])} "
                   f"| {med(r['parse'] for r in runs) / s:.1f}x | {med(ratios):.2f}x ({lo:.2f}-{hi:.2f}) | {versus} |")
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--plumb", action="append",
                   help="a plumb binary (.build/release/plumb by default); twice: base, then new")
    p.add_argument("--old", help="a base binary, alternated with --plumb's")
    p.add_argument("--families", default="list,grid,cards")
    p.add_argument("--sizes", default="10000")
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--threads", type=int, help="passed to plumb solve (its default otherwise)")
    p.add_argument("--work", default=os.path.join(ROOT, ".build", "bench-simdjson"))
    p.add_argument("--each", action="store_true", help="also print every run's times and ratios")
    a = p.parse_args()
    try:
        import simdjson  # noqa: F401
    except ImportError:
        sys.exit("bench_simdjson.py: needs pysimdjson (pip install pysimdjson)")
    bins = binaries(a.plumb, a.old)
    os.makedirs(a.work, exist_ok=True)
    load = os.getloadavg()[0]
    names = ", ".join(f"{k}: {b}" for k, b in enumerate(bins))
    print(f"plumb {names}; {a.runs} runs, simdjson and each binary alternated run by run; "
          f"load average {load:.1f} at the start")
    print("| family | views | binary | simdjson ms (median / min) | parse ms | build ms | parse+build ms "
          "| parse / simdjson | parse+build / simdjson (median of runs, middle half) | new/old parse+build |")
    print("|---|---:|---:|---|---|---|---|---:|---|---:|")
    for family in a.families.split(","):
        for size in [int(x) for x in a.sizes.split(",")]:
            doc = os.path.join(a.work, f"{family}-{size}.json")
            with open(doc, "w") as f:
                subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate.py"), family, str(size)],
                               stdout=f, check=True)
            simd, stats = measure(bins, doc, a.runs, a.threads)
            for row in rows(family, size, simd, stats):
                print(row, flush=True)
            if a.each:
                for run, ms in enumerate(simd):
                    both = [r[run]["parse"] + r[run]["build"] for r in stats]
                    print(f"  run {run}: simdjson {ms:.3f} ms; parse+build "
                          + ", ".join(f"{x:.2f} ms ({x / ms:.1f}x)" for x in both))
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
