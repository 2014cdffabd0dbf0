#!/usr/bin/env python3
"""Peak resident memory of `plumb solve` per family.

For each family and size, runs `plumb solve DOC -o /dev/null` RUNS times and
takes the median of the child's peak resident set size (ru_maxrss from
wait4, so no external `time` tool is needed). The process's fixed cost (the
pages of the tool with the Swift runtime linked in, and of libc, libstdc++,
OpenBLAS, Clp and Pango's libraries: about 19 MiB) is measured on
Examples/hello.json and shown apart; the goal of issue 5 counts the whole
peak: under 1 KiB per view at 100,000 views.

With --old OLD_PLUMB the two binaries run in turn (old, new, old, new, ...)
on every document, and the table gives both medians and each one's median
wall time of the whole process (start-up included).

usage: bench_memory.py [--families list,grid,...] [--sizes 100000] [--runs 3]
                       [--plumb .build/release/plumb] [--old OLD_PLUMB]
                       [--write BENCHMARKS.md]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

import bench  # sibling script: machine(), tool_versions(), write_section()

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FAMILIES = "list,grid,form,cards,list-rules,cards-rules"


def run(plumb, doc):
    """The peak RSS in KiB and the wall time in ms of one `plumb solve` of `doc`."""
    start = time.perf_counter()
    p = subprocess.Popen([plumb, "solve", doc, "-o", os.devnull], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    ms = (time.perf_counter() - start) * 1e3
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise SystemExit(f"plumb solve {doc} failed with status {p.returncode}")
    return usage.ru_maxrss, ms  # KiB on Linux


def peak_kib(plumb, doc):
    """The peak RSS in KiB of one `plumb solve` of `doc`."""
    return run(plumb, doc)[0]


def medians(binaries, doc, runs):
    """Per binary, the median peak KiB and wall ms of `runs` runs, the binaries taking turns."""
    samples = [[] for _ in binaries]
    for _ in range(runs):
        for i, b in enumerate(binaries):
            samples[i].append(run(b, doc))
    return [(statistics.median(k for k, _ in s), statistics.median(m for _, m in s)) for s in samples]


def generate(generator, family, views, path):
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            subprocess.run([sys.executable, generator, family, str(views)], stdout=f, check=True)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--families", default=FAMILIES)
    ap.add_argument("--sizes", default="100000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--plumb", default=os.path.join(ROOT, ".build", "release", "plumb"))
    ap.add_argument("--old", help="a previous plumb binary, run in turn with --plumb")
    ap.add_argument("--generator", default=os.path.join(ROOT, "scripts", "generate.py"))
    ap.add_argument("--docs", default=os.path.join(ROOT, ".build", "bench-docs"),
                    help="where generated documents are kept (shared with bench-harness.sh)")
    ap.add_argument("--write", help="write the table into this Markdown file (section bench:memory)")
    a = ap.parse_args()

    binaries = [a.old, a.plumb] if a.old else [a.plumb]
    hello = os.path.join(ROOT, "Examples", "hello.json")
    bases = medians(binaries, hello, a.runs)
    base = bases[-1][0]
    if a.old:
        lines = ["| family | views | old peak RSS | new peak RSS | new per view | new above the fixed cost, per view | goal < 1 KiB/view | old wall ms | new wall ms |",
                 "|---|---:|---:|---:|---:|---:|:---:|---:|---:|"]
    else:
        lines = ["| family | views | peak RSS (median) | per view | above the fixed cost, per view | goal < 1 KiB/view |",
                 "|---|---:|---:|---:|---:|:---:|"]
    for family in a.families.split(","):
        for views in (int(s) for s in a.sizes.split(",")):
            doc = generate(a.generator, family, views, os.path.join(a.docs, f"{family}-{views}.json"))
            results = medians(binaries, doc, a.runs)
            kib = results[-1][0]
            per_view = kib / views
            above = (kib - base) / views
            ok = "yes" if per_view < 1 else "no"
            if a.old:
                (old_kib, old_ms), (_, new_ms) = results
                lines.append(f"| {family} | {views:,} | {old_kib / 1024:.1f} MiB | {kib / 1024:.1f} MiB | {per_view:.2f} KiB "
                             f"| {above:.2f} KiB | {ok} | {old_ms:.0f} | {new_ms:.0f} |")
            else:
                lines.append(f"| {family} | {views:,} | {kib / 1024:.1f} MiB | {per_view:.2f} KiB | {above:.2f} KiB | {ok} |")
            print(lines[-1], flush=True)
    fixed = f"{base / 1024:.1f} MiB"
    if a.old:
        fixed = f"{bases[0][0] / 1024:.1f} MiB old, {fixed} new (wall {bases[0][1]:.1f} ms old, {bases[1][1]:.1f} ms new)"
    command = "python3 scripts/bench_memory.py" + "".join(
        f" --{k} {v}" for k, v in (("families", a.families), ("sizes", a.sizes), ("runs", a.runs)))
    if a.old:
        command += " --old OLD"
    text = "\n".join(lines + [
        "",
        f"- Fixed cost (`plumb solve Examples/hello.json`, 5 views): {fixed}.",
        f"- Peak RSS is the child's ru_maxrss (wait4), median of {a.runs} runs of `plumb solve DOC -o /dev/null`"
        + (", the two binaries taking turns" if a.old else "") + ".",
        f"- Machine: {bench.machine()}.",
        *[f"- {v}." for v in bench.tool_versions(a.plumb, None)],
        f"- Command: `{command} --write BENCHMARKS.md`",
    ])
    if a.write:
        bench.write_section(a.write, "memory", text)
    else:
        print(text)


if __name__ == "__main__":
    main()
