#!/usr/bin/env python3
"""Benchmarks the batch paths: the resize step and batch throughput.

Resize: for each family and size, `plumb sweep DOC --widths 400...1400:10
--stats` (RUNS times; the median of its per-step medians) against
`scripts/kiwi_solve.py --resize` on the same document and widths (kiwi's
suggestValue + updateVariables step, median over the widths). Both start
from a solved layout; the first step of each is included.

Batch: one JSON Lines file of DOCS documents of VIEWS views (the families
in turn), laid out by `plumb batch --jobs 1` and `--jobs N` (RUNS times
each, median wall time), in documents and views per second.

usage: bench_sweep_batch.py [--families form,cards] [--sizes 1000,10000]
                            [--docs 1000] [--views 1000] [--runs 3]
                            [--kiwi-max-views 1000] [--batch-only]
                            [--write BENCHMARKS.md]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import bench  # sibling script: machine(), tool_versions(), write_section()

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTHS = (400, 1400, 10)


def generate(args, family, views, path):
    if not os.path.exists(path):
        with open(path, "wb") as f:
            subprocess.run([sys.executable, args.generator, family, str(views)], stdout=f, check=True)
    return path


def plumb_step(args, doc):
    medians = []
    spec = f"{WIDTHS[0]}...{WIDTHS[1]}:{WIDTHS[2]}"
    for _ in range(args.runs):
        p = subprocess.run([args.plumb, "sweep", doc, "--widths", spec, "--stats", "-o", os.devnull],
                           capture_output=True, text=True, check=True)
        medians.append(json.loads(p.stderr.strip().splitlines()[-1])["step_ms"]["median"])
    return statistics.median(medians)


def kiwi_step(doc):
    widths = ",".join(str(w) for w in range(WIDTHS[0], WIDTHS[1] + 1, WIDTHS[2]))
    p = subprocess.run([sys.executable, os.path.join(HERE, "kiwi_solve.py"), doc, "--resize", widths,
                        "--stats", "-o", os.devnull], capture_output=True, text=True, check=True)
    return json.loads(p.stderr.strip().splitlines()[-1])["step_ms"]


def batch_file(args, work):
    path = os.path.join(work, f"batch-{args.docs}x{args.views}.jsonl")
    if os.path.exists(path):
        return path
    families = args.batch_families.split(",")
    docs = {}
    for f in families:
        with open(generate(args, f, args.views, os.path.join(work, f"{f}-{args.views}.json"))) as src:
            docs[f] = json.load(src)
    with open(path, "w") as out:
        for i in range(args.docs):
            f = families[i % len(families)]
            d = dict(docs[f], id=f"{f}-{i}")
            out.write(json.dumps(d, separators=(",", ":")) + "\n")
    return path


def batch_run(args, path, jobs):
    walls = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        subprocess.run([args.plumb, "batch", path, "--jobs", str(jobs), "-o", os.devnull],
                       capture_output=True, check=True)
        walls.append(time.perf_counter() - t0)
    return statistics.median(walls)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--families", default="form,cards")
    p.add_argument("--sizes", default="1000,10000")
    p.add_argument("--docs", type=int, default=1000)
    p.add_argument("--views", type=int, default=1000)
    p.add_argument("--batch-families", default="list,grid,form,cards,list-rules,cards-rules")
    p.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    p.add_argument("--runs", type=int, default=3)
    # kiwi's first solve of form-10000 with the root's width as an edit
    # variable did not finish in 10 minutes on the benchmark machine.
    p.add_argument("--kiwi-max-views", type=int, default=1000, help="largest document kiwi resizes")
    p.add_argument("--plumb", default=os.path.join(bench.ROOT, ".build", "release", "plumb"))
    p.add_argument("--generator", default=bench.DEFAULT_GENERATOR)
    p.add_argument("--work", default=os.path.join(bench.ROOT, ".build", "bench"))
    p.add_argument("--write", metavar="FILE")
    p.add_argument("--batch-only", action="store_true",
                   help="only the batch table, printed (not written): the resize rows need kiwi's slow add phase")
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)

    lines = ["| family | views | Plumb step (median) | kiwi step (median) | kiwi ÷ Plumb |", "|---|---:|---:|---:|---:|"]
    for views in ([] if a.batch_only else [int(s) for s in a.sizes.split(",")]):
        for family in a.families.split(","):
            doc = generate(a, family, views, os.path.join(a.work, f"{family}-{views}.json"))
            mine = plumb_step(a, doc)
            kiwi = kiwi_step(doc) if views <= a.kiwi_max_views else None
            sys.stderr.write(f"resize {family} {views}: plumb {mine} ms, kiwi {kiwi} ms\n")
            theirs = f"{kiwi:.3f} ms | {kiwi / mine:.1f}×" if kiwi else "not run | –"
            lines.append(f"| {family} | {views:,} | {mine:.3f} ms | {theirs} |")
    path = batch_file(a, a.work)
    one, many = batch_run(a, path, 1), batch_run(a, path, a.jobs)
    views_total = a.docs * (a.views + 1)
    lines += ["", "| batch | wall | documents/s | views/s |", "|---|---:|---:|---:|",
              f"| `--jobs 1` | {one:.2f} s | {a.docs / one:,.0f} | {views_total / one:,.0f} |",
              f"| `--jobs {a.jobs}` | {many:.2f} s | {a.docs / many:,.0f} | {views_total / many:,.0f} |",
              "", f"`--jobs {a.jobs}` ÷ `--jobs 1` throughput: {one / many:.2f}×."]
    command = "python3 scripts/bench_sweep_batch.py " + " ".join(sys.argv[1:])
    lines += ["", f"- Resize: widths {WIDTHS[0]} to {WIDTHS[1]} by {WIDTHS[2]}; Plumb the median over "
              f"{a.runs} runs of `plumb sweep --stats`'s median step; kiwi one run of "
              "`kiwi_solve.py --resize` (median step).",
              f"- Batch: {a.docs:,} documents of {a.views:,} views ({a.batch_families}), "
              f"median wall time of {a.runs} runs of `plumb batch FILE.jsonl --jobs N -o /dev/null`.",
              f"- Machine: {bench.machine()}.",
              *[f"- {v}." for v in bench.tool_versions(a.plumb, None)],
              f"- Command: `{command}`"]
    text = "\n".join(lines) + "\n"
    print(text)
    if a.write and not a.batch_only:
        bench.write_section(a.write, "sweep-batch", text)


if __name__ == "__main__":
    main()
