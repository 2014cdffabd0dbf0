#!/usr/bin/env python3
"""Summarises the benchmark harness's markdown output as one table.

Reads what `scripts/bench-harness.sh --format markdown --no-progress` printed
(a file, or standard input), and prints a markdown table with one line per
family and size: parse+lower, each strategy's solve (median wall clock, p90),
the CSR matrix-vector product over the same rows (the floor), and ratios:
auto ÷ floor, simplex ÷ auto, microseconds per view, allocations per solve.
With --write FILE the table replaces the marked section of FILE (as
scripts/bench.py does).

usage: harness_table.py [RAW.md] [--write BENCHMARKS.md] [--section harness]
                        [--command "the command that produced RAW.md"]
"""
import argparse
import re
import sys

import bench  # sibling script: machine(), write_section()

UNIT = {"ns": 1e-6, "μs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}
COUNT = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}
STRATEGIES = ("auto", "dag", "block", "simplex")


def parse(text):
    """{benchmark name: {"wall": {p: ms}, "malloc": {p: count}}}"""
    results, name, columns = {}, None, []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("### "):
            name = line[4:].strip()
            results[name] = {}
            continue
        if not (name and line.startswith("|")):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0] == "Metric":
            columns = cells[1:]
            continue
        m = re.match(r"Time \(wall clock\) \((\w+|μs)\)", cells[0])
        if m:
            scale = UNIT[m.group(1)]
            results[name]["wall"] = {c: float(v) * scale for c, v in zip(columns, cells[1:]) if c.startswith("p")}
            continue
        m = re.match(r"Malloc \(total\)(?: \((\w)\))?", cells[0])
        if m:
            scale = COUNT[m.group(1) or ""]
            results[name]["malloc"] = {c: float(v) * scale for c, v in zip(columns, cells[1:]) if c.startswith("p")}
    return results


def fmt_ms(v):
    if v is None:
        return "—"
    if v >= 100:
        return f"{v:.0f} ms"
    if v >= 1:
        return f"{v:.1f} ms"
    return f"{v * 1e3:.0f} µs"


def fmt_ratio(a, b):
    if a is None or b is None or b == 0:
        return "—"
    r = a / b
    return f"{r:.0f}×" if r >= 10 else f"{r:.1f}×"


def table(results):
    cases = {}
    for name, r in results.items():
        parts = name.split(" ")
        if len(parts) < 3 or "wall" not in r:
            continue
        family, views, what = parts[0], int(parts[1]), " ".join(parts[2:])
        cases.setdefault((family, views), {})[what] = r
    header = ("| family | views | parse+lower | " + " | ".join(f"solve {s}" for s in STRATEGIES)
              + " | CSR product | auto ÷ product | simplex ÷ auto | auto µs/view | mallocs/solve |")
    lines = [header, "|" + "---|" * (header.count("|") - 1)]
    for (family, views) in sorted(cases, key=lambda k: (k[0], k[1])):
        c = cases[(family, views)]

        def med(what, p="p50"):
            return c[what]["wall"][p] if what in c else None

        auto, simplex, spmv = med("solve auto"), med("solve simplex"), med("spmv")
        solves = []
        for s in STRATEGIES:
            m = med(f"solve {s}")
            solves.append(f"{fmt_ms(m)} (p90 {fmt_ms(med(f'solve {s}', 'p90'))})" if m is not None else "—")
        mallocs = c.get("solve auto", {}).get("malloc", {}).get("p50")
        per_view = f"{auto * 1e3 / views:.2f}" if auto is not None else "—"
        lines.append(
            f"| {family} | {views:,} | {fmt_ms(med('parse+lower'))} | " + " | ".join(solves)
            + f" | {fmt_ms(spmv)} | {fmt_ratio(auto, spmv)} | {fmt_ratio(simplex, auto)} | {per_view}"
            + f" | {int(mallocs):,} |" if mallocs is not None else " | — |")
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("raw", nargs="?", help="the harness's markdown output (default: stdin)")
    p.add_argument("--write", metavar="FILE")
    p.add_argument("--section", default="harness")
    p.add_argument("--command", default="scripts/bench-harness.sh --format markdown --no-progress")
    a = p.parse_args()
    text = open(a.raw).read() if a.raw else sys.stdin.read()
    results = parse(text)
    if not results:
        sys.exit("no benchmark results in the input")
    out = "\n".join([
        table(results), "",
        f"Medians (p50) and p90 of the wall clock per solve, from `{a.command}`.",
        f"Machine: {bench.machine()}.",
    ])
    print(out)
    if a.write:
        bench.write_section(a.write, a.section, out)


if __name__ == "__main__":
    main()
