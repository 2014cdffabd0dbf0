#!/usr/bin/env python3
"""Peak resident memory of `plumb solve` per family.

For each family and size, runs `plumb solve DOC -o /dev/null` RUNS times and
takes the median of the child's peak resident set size (ru_maxrss from
wait4, so no external `time` tool is needed). The process's fixed cost (the
Swift runtime, Foundation and OpenBLAS pages, about 22 MB) is measured on
Examples/hello.json and shown apart; the goal of issue 5 counts the whole
peak: under 1 KiB per view at 100,000 views.

usage: bench_memory.py [--families list,grid,...] [--sizes 100000] [--runs 3]
                       [--plumb .build/release/plumb] [--write BENCHMARKS.md]
"""
import argparse
import os
import statistics
import subprocess
import sys

import bench  # sibling script: machine(), tool_versions(), write_section()

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FAMILIES = "list,grid,form,cards,list-rules,cards-rules"


def peak_kib(plumb, doc):
    """The peak RSS in KiB of one `plumb solve` of `doc`."""
    p = subprocess.Popen([plumb, "solve", doc, "-o", os.devnull], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise SystemExit(f"plumb solve {doc} failed with status {p.returncode}")
    return usage.ru_maxrss  # KiB on Linux


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
    ap.add_argument("--generator", default=os.path.join(ROOT, "scripts", "generate.py"))
    ap.add_argument("--docs", default=os.path.join(ROOT, ".build", "bench-docs"),
                    help="where generated documents are kept (shared with bench-harness.sh)")
    ap.add_argument("--write", help="write the table into this Markdown file (section bench:memory)")
    a = ap.parse_args()

    base = statistics.median(peak_kib(a.plumb, os.path.join(ROOT, "Examples", "hello.json")) for _ in range(a.runs))
    lines = ["| family | views | peak RSS (median) | per view | above the fixed cost, per view | goal < 1 KiB/view |",
             "|---|---:|---:|---:|---:|:---:|"]
    for family in a.families.split(","):
        for views in (int(s) for s in a.sizes.split(",")):
            doc = generate(a.generator, family, views, os.path.join(a.docs, f"{family}-{views}.json"))
            kib = statistics.median(peak_kib(a.plumb, doc) for _ in range(a.runs))
            per_view = kib / views
            above = (kib - base) / views
            ok = "yes" if per_view < 1 else "no"
            lines.append(f"| {family} | {views:,} | {kib / 1024:.1f} MiB | {per_view:.2f} KiB | {above:.2f} KiB | {ok} |")
            print(lines[-1], flush=True)
    text = "\n".join(lines + [
        "",
        f"- Fixed cost (`plumb solve Examples/hello.json`, 5 views): {base / 1024:.1f} MiB.",
        f"- Peak RSS is the child's ru_maxrss (wait4), median of {a.runs} runs of `plumb solve DOC -o /dev/null`.",
        f"- Machine: {bench.machine()}.",
        *[f"- {v}." for v in bench.tool_versions(a.plumb, None)],
        "- Command: `python3 scripts/bench_memory.py --write BENCHMARKS.md`",
    ])
    if a.write:
        bench.write_section(a.write, "memory", text)
    else:
        print(text)


if __name__ == "__main__":
    main()
