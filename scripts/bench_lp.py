#!/usr/bin/env python3
"""Time Plumb's paths for coupled layouts against HiGHS, in one run.

For every family and size: `plumb solve DOC --stats` with large coupled
parts on Clp (the default of the plumb tool) and with
PLUMB_LARGE_PARTS=tableau (Plumb's incremental tableau only; skipped above
--tableau-limit views, or cut off after --timeout seconds), and
scripts/highs_solve.py --stats (one HiGHS LP per priority level). Each is
run --runs times, alternating; the table gives medians of the solve phase
(HiGHS: its "solve" total over the levels, loading excluded) and the ratio
HiGHS / Plumb of the medians, and whether Plumb's frames equal HiGHS's
within 1e-6.

usage: bench_lp.py [--families table,chartgrid,dashboard,priorities,degenerate,scales]
                   [--sizes 1000,10000] [--runs 3] [--hold faces]
"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def plumb_ms(binary, doc, frames, env_extra, timeout):
    env = dict(os.environ, **env_extra)
    try:
        r = subprocess.run([binary, "solve", doc, "--stats", "--absolute", "-o", frames],
                           capture_output=True, text=True, check=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    stats = json.loads(r.stderr.strip().splitlines()[-1])
    return stats["ms"]["solve"]


def highs_ms(doc, frames, hold):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "highs_solve.py"), doc, "--stats",
                        "--hold", hold, "-o", frames], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return json.loads(r.stderr.strip().splitlines()[-1])["ms"]["solve"]


def same(a, b):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "compare_frames.py"), a, b],
                       capture_output=True)
    return r.returncode == 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--plumb", default=os.path.join(ROOT, ".build", "release", "plumb"))
    p.add_argument("--families", default="table,chartgrid,dashboard,priorities,degenerate,scales")
    p.add_argument("--sizes", default="1000,10000")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--hold", default="faces", choices=["sum", "faces"])
    p.add_argument("--tableau-limit", type=int, default=1000, help="largest size run with the tableau alone")
    p.add_argument("--timeout", type=float, default=120)
    p.add_argument("--work", default=os.path.join(ROOT, ".build", "bench-lp"))
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    med = statistics.median
    print("| family | views | Plumb (Clp for large parts) ms | Plumb (tableau only) ms | HiGHS per level ms "
          "| HiGHS / Plumb | frames equal HiGHS's |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for family in a.families.split(","):
        for size in (int(s) for s in a.sizes.split(",")):
            doc = os.path.join(a.work, f"{family}-{size}.json")
            with open(doc, "w") as f:
                subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate.py"), family, str(size)],
                               stdout=f, check=True)
            pf, hf, tf = doc + ".plumb", doc + ".highs", doc + ".tableau"
            clp, tab, hig = [], [], []
            for _ in range(a.runs):
                clp.append(plumb_ms(a.plumb, doc, pf, {}, a.timeout))
                if size <= a.tableau_limit and None not in tab:
                    tab.append(plumb_ms(a.plumb, doc, tf, {"PLUMB_LARGE_PARTS": "tableau"}, a.timeout))
                hig.append(highs_ms(doc, hf, a.hold))

            def show(xs):
                if not xs:
                    return "not run"
                if None in xs:
                    return f"> {a.timeout:.0f} s" if xs is not hig else "failed"
                return f"{med(xs):.1f}"
            ratio = (f"{med(hig) / med(clp):.2f}" if hig and None not in hig and None not in clp else "–")
            equal = "yes" if (None not in hig and same(pf, hf)) else "NO"
            print(f"| {family} | {size:,} | {show(clp)} | {show(tab)} | {show(hig)} | {ratio} | {equal} |",
                  flush=True)
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print(f"\n`{' '.join(sys.argv)}`; {os.cpu_count()} cores, {cpu}; {platform.platform()}; "
          f"medians of {a.runs} runs, alternating.")


if __name__ == "__main__":
    main()
