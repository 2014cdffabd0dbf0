#!/usr/bin/env python3
"""Time two plumb binaries against each other on the same documents.

For every family and size, the two binaries run `plumb solve DOC --stats`
in turn RUNS times each, the order swapped at every run (old, new, new,
old, ...) so that neither binary always runs on a warmer cache; each pair's ratio
new/old of the compared phase is taken (`--phase`: solve by default, or
any of parse, build, solve, output, several joined by `,` or `+` and
summed, e.g. `--phase parse+build`), and the table gives the medians of
both binaries and of the pairwise ratios, so a drift of the machine's speed
during the run cancels out. Frames of the two are compared too (they must
agree within 1e-6 where the documents have one optimum).

usage: bench_compare.py --old OLD_PLUMB [--new .build/release/plumb]
                        [--families list,grid,form,cards,list-rules,cards-rules,table]
                        [--sizes 10000] [--runs 7] [--generator scripts/generate.py]
                        [--phase solve | parse+build | parse,build,solve,output]
                        [--threads N] [--prefix "chrt -f 10"]
"""
import argparse
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def generator_path(explicit):
    path = explicit or os.path.join(ROOT, "scripts", "generate.py")
    if os.path.exists(path):
        return path
    sys.exit(f"bench_compare.py: no document generator at {path}")


PHASES = ("parse", "build", "solve", "output")


def phase_list(text):
    phases = [x for x in text.replace("+", ",").split(",") if x]
    bad = [x for x in phases if x not in PHASES]
    if bad or not phases:
        sys.exit(f"bench_compare.py: --phase takes {', '.join(PHASES)} (joined by ',' or '+'), not {text!r}")
    return phases


def stats_ms(command, script="bench_compare.py", given="from --old, --new or --prefix"):
    """The phase milliseconds of one `plumb solve ... --stats` run of `command`
    (exits naming `script` when it cannot run or prints no such line)."""
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=True)
    except FileNotFoundError:
        sys.exit(f"{script}: cannot run {command[0]!r} ({given})")
    except subprocess.CalledProcessError as e:
        sys.exit(f"{script}: {shlex.join(command)} failed with status {e.returncode}: {e.stderr.strip()[-400:]}")
    try:
        ms = json.loads(out.stderr.strip().splitlines()[-1])["ms"]
        [float(x) for x in ms.values()]
        return ms
    except (IndexError, ValueError, KeyError, TypeError, AttributeError):
        sys.exit(f"{script}: {shlex.join(command)} printed no --stats line with phase times")


def phase_ms(binary, doc, frames, phases, extra=(), prefix=()):
    """The summed milliseconds of `phases` and of all phases, for one run."""
    ms = stats_ms([*prefix, binary, "solve", doc, "--stats", "--absolute", "-o", frames, *extra])
    try:
        return sum(ms[x] for x in phases), sum(ms.values())
    except KeyError:
        sys.exit(f"bench_compare.py: {binary} printed no time for one of {', '.join(phases)}")


def same_frames(a, b, tol=1e-6):
    fa = json.load(open(a))["frames"]
    fb = json.load(open(b))["frames"]
    if fa.keys() != fb.keys():
        return False
    return all(abs(x - y) <= tol for k in fa for x, y in zip(fa[k], fb[k]))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--old", required=True, help="the previous plumb binary")
    p.add_argument("--new", default=os.path.join(ROOT, ".build", "release", "plumb"))
    p.add_argument("--families", default="list,grid,form,cards,list-rules,cards-rules,table")
    p.add_argument("--sizes", default="10000")
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--generator")
    p.add_argument("--phase", default="solve",
                   help="phase(s) compared: parse, build, solve, output, joined by ',' or '+' (summed)")
    p.add_argument("--width", type=int, help="root width passed to the generator (its default otherwise)")
    p.add_argument("--work", default=os.path.join(ROOT, ".build", "bench-compare"))
    p.add_argument("--threads", type=int, help="passed to `plumb solve --threads` for both binaries")
    p.add_argument("--prefix", default="",
                   help="a command put before each run, e.g. \"chrt -f 10\" (split like a shell line)")
    a = p.parse_args()
    extra = ["--threads", str(a.threads)] if a.threads else []
    prefix = shlex.split(a.prefix)
    gen = generator_path(a.generator)
    phases = phase_list(a.phase)
    label = "+".join(phases)
    os.makedirs(a.work, exist_ok=True)
    print(f"| family | views | old {label} ms | new {label} ms | new/old (median of pairs) "
          "| old total ms | new total ms | same frames |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for family in a.families.split(","):
        for size in (int(s) for s in a.sizes.split(",")):
            doc = os.path.join(a.work, f"{family}-{size}{'-w%d' % a.width if a.width else ''}.json")
            width = ["--width", str(a.width)] if a.width else []
            with open(doc, "w") as f:
                subprocess.run([sys.executable, gen, family, str(size)] + width, stdout=f, check=True)
            fo, fn = doc + ".old.frames", doc + ".new.frames"
            old, new, ratios = [], [], []
            for run in range(a.runs):
                if run % 2 == 0:
                    o = phase_ms(a.old, doc, fo, phases, extra, prefix)
                    n = phase_ms(a.new, doc, fn, phases, extra, prefix)
                else:
                    n = phase_ms(a.new, doc, fn, phases, extra, prefix)
                    o = phase_ms(a.old, doc, fo, phases, extra, prefix)
                old.append(o)
                new.append(n)
                ratios.append(n[0] / o[0] if o[0] > 0 else float("nan"))
            med = statistics.median
            print(f"| {family} | {size:,} | {med(x[0] for x in old):.2f} | {med(x[0] for x in new):.2f} "
                  f"| {med(ratios):.2f} | {med(x[1] for x in old):.1f} | {med(x[1] for x in new):.1f} "
                  f"| {'yes' if same_frames(fo, fn) else 'NO'} |", flush=True)
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print(f"\n`{shlex.join(sys.argv)}`; {os.cpu_count()} cores, {cpu}; {platform.platform()}; {a.runs} runs of each, the order swapped run by run.")


if __name__ == "__main__":
    main()
