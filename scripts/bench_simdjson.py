#!/usr/bin/env python3
"""Parse + build of `plumb solve` against simdjson's parse of the same bytes.

Issue 15's goal: parse + build within 5 times the time simdjson
(`pip install pysimdjson`, `simdjson.Parser().parse(bytes)`) takes to parse
the document. For every family and size, the document is generated, then
simdjson parses its bytes (RUNS x 10 times, before and after plumb's runs,
so that a change of the machine's load between them shows), and
`plumb solve DOC -o /dev/null --stats` runs RUNS times; the table gives the
medians and minima of simdjson's parse and of plumb's parse, build and
parse + build (from `--stats`), and their ratios to simdjson's median.

usage: bench_simdjson.py [--plumb .build/release/plumb] [--families list,grid,cards]
                         [--sizes 10000] [--runs 15] [--threads N] [--work DIR]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def simdjson_ms(data, count):
    """Milliseconds of each of `count` parses of `data` by simdjson (a parser reused, as its docs advise)."""
    import simdjson
    parser = simdjson.Parser()
    times = []
    for _ in range(count):
        start = time.perf_counter()
        parser.parse(data)
        times.append((time.perf_counter() - start) * 1000)
    return times


def plumb_ms(binary, doc, threads):
    args = [binary, "solve", doc, "-o", os.devnull, "--stats"]
    if threads:
        args += ["--threads", str(threads)]
    out = subprocess.run(args, capture_output=True, text=True, check=True)
    return json.loads(out.stderr.strip().splitlines()[-1])["ms"]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--plumb", default=os.path.join(ROOT, ".build", "release", "plumb"))
    p.add_argument("--families", default="list,grid,cards")
    p.add_argument("--sizes", default="10000")
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--threads", type=int, help="passed to plumb solve (its default otherwise)")
    p.add_argument("--work", default=os.path.join(ROOT, ".build", "bench-simdjson"))
    a = p.parse_args()
    try:
        import simdjson  # noqa: F401
    except ImportError:
        sys.exit("bench_simdjson.py: needs pysimdjson (pip install pysimdjson)")
    os.makedirs(a.work, exist_ok=True)
    load = os.getloadavg()[0]
    print(f"plumb {a.plumb}, {a.runs} runs, load average {load:.1f} at the start")
    print("| family | views | simdjson ms (median / min) | parse ms | build ms | parse+build ms "
          "| parse / simdjson | parse+build / simdjson |")
    print("|---|---:|---|---|---|---|---:|---:|")
    for family in a.families.split(","):
        for size in [int(x) for x in a.sizes.split(",")]:
            doc = os.path.join(a.work, f"{family}-{size}.json")
            with open(doc, "w") as f:
                subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate.py"), family, str(size)],
                               stdout=f, check=True)
            data = open(doc, "rb").read()
            simd = simdjson_ms(data, 10 * a.runs)
            runs = [plumb_ms(a.plumb, doc, a.threads) for _ in range(a.runs)]
            simd += simdjson_ms(data, 10 * a.runs)
            s = statistics.median(simd)
            parse = [r["parse"] for r in runs]
            build = [r["build"] for r in runs]
            both = [r["parse"] + r["build"] for r in runs]

            def cell(xs):
                return f"{statistics.median(xs):.2f} / {min(xs):.2f}"

            print(f"| {family} | {size:,} | {s:.3f} / {min(simd):.3f} | {cell(parse)} | {cell(build)} | {cell(both)} "
                  f"| {statistics.median(parse) / s:.1f}x | {statistics.median(both) / s:.1f}x |")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
