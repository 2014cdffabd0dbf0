#!/usr/bin/env python3
"""Benchmark `plumb solve` against kiwisolver on the generated families.

For each family and size: generate a document with the benchmark generator
(scripts/generate.py, or --generator), run `plumb solve --absolute --stats` RUNS
times and scripts/kiwi_solve.py KIWI_RUNS times, check that both give the
same frames, and print a markdown table of medians with the machine and the
exact command. With --write FILE, the output replaces the marked section
(<!-- bench:NAME:begin --> ... <!-- bench:NAME:end -->) of FILE, or is
appended to it when the markers are missing.

Columns: variables, rows and nonzeros come from Plumb's --stats. "solve" is
Plumb's solve phase and "total" the sum of its phases (parse, build, solve,
output); kiwi's time is addConstraint for every row plus updateVariables, the
C++ solver's work without the Python parsing. "kiwi ÷ solve" is the ratio of
those two medians.

With --runs 0 only kiwi runs (a table of its add and update times).

With --chart FILE.svg it also draws solve time against views, log-log, per
family: Plumb's solve (solid) against kiwi's add+update (dashed). Kiwi runs
only up to --kiwi-max-views (it needs minutes per document beyond 10,000).

usage: bench.py [--families list,grid,form,cards] [--sizes 1000,10000]
                [--plumb .build/release/plumb] [--runs 5] [--kiwi-runs 1]
                [--kiwi-max-views 10000] [--chart docs/bench-chart.svg]
                [--write BENCHMARKS.md] [--section results]
"""
import argparse
import datetime
import json
import os
import platform
import re
import shlex
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import compare_frames  # noqa: E402  (sibling script)
import loglog_chart  # noqa: E402  (sibling script)

DEFAULT_GENERATOR = os.path.join(HERE, "generate.py")
FRAME_TOLERANCE = 1e-6


class RunError(Exception):
    pass


def run(cmd, timeout, stdout=subprocess.DEVNULL):
    """Runs cmd; returns its stderr text. Raises RunError on failure."""
    try:
        p = subprocess.run(cmd, stdout=stdout, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RunError(f"timed out after {timeout:g} s")
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode != 0:
        last = err.strip().splitlines()[-1:] or [f"exit status {p.returncode}"]
        raise RunError(last[0][:200])
    return err


def stats_from(stderr, who):
    """The last stderr line that is a JSON object with "ms"."""
    for line in reversed(stderr.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                s = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(s, dict) and isinstance(s.get("ms"), dict):
                return s
    raise RunError(f"{who} printed no --stats line")


def plumb_total(stats):
    ms = stats["ms"]
    if "total" in ms:
        return float(ms["total"])
    return sum(float(ms.get(k, 0.0)) for k in ("parse", "build", "solve", "output"))


def bench_case(args, family, views, work):
    doc = os.path.join(work, f"{family}-{views}.json")
    with open(doc, "wb") as f:
        subprocess.run([sys.executable, args.generator, family, str(views)], stdout=f, check=True)
    row = {"family": family, "views": views}

    plumb_out = os.path.join(work, f"{family}-{views}.plumb.json")
    solves, totals, walls = [], [], []
    try:
        if args.runs == 0:
            raise RunError("not run (--runs 0)")
        for _ in range(args.runs):
            t0 = time.perf_counter()
            err = run([args.plumb, "solve", doc, "--absolute", "--stats", "-o", plumb_out], args.timeout)
            walls.append((time.perf_counter() - t0) * 1e3)
            s = stats_from(err, "plumb")
            solves.append(float(s["ms"]["solve"]))
            totals.append(plumb_total(s))
        row.update(variables=s.get("variables"), rows=s.get("rows"), nonzeros=s.get("nonzeros"),
                   plumb_views=s.get("views"), solve=statistics.median(solves),
                   total=statistics.median(totals), wall=statistics.median(walls),
                   plumb_stats=s)
    except RunError as e:
        row["plumb_error"] = str(e)

    if args.kiwi_runs > 0 and views <= args.kiwi_max_views:
        kiwi_out = os.path.join(work, f"{family}-{views}.kiwi.json")
        kiwi, adds, updates = [], [], []
        try:
            for _ in range(args.kiwi_runs):
                err = run([sys.executable, os.path.join(HERE, "kiwi_solve.py"), doc, "--stats",
                           "-o", kiwi_out], args.kiwi_timeout)
                s = stats_from(err, "kiwi_solve.py")
                adds.append(float(s["ms"]["add"]))
                updates.append(float(s["ms"]["update"]))
                kiwi.append(adds[-1] + updates[-1])
            row["kiwi"] = statistics.median(kiwi)
            row["kiwi_add"] = statistics.median(adds)
            row["kiwi_update"] = statistics.median(updates)
            row["kiwi_constraints"] = s.get("constraints")
        except RunError as e:
            row["kiwi_error"] = str(e)
        if "plumb_error" not in row and "kiwi_error" not in row:
            a = compare_frames.load_frames(plumb_out)
            b = compare_frames.load_frames(kiwi_out)
            diffs = list(zip(range(3), compare_frames.differences(a, b, args.tol)))
            row["agree"] = not diffs
            if diffs:
                row["first_difference"] = diffs[0][1]
    return row


def fmt_ms(v):
    if v is None:
        return "–"
    if v >= 100:
        return f"{v:,.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


def kiwi_table(rows):
    """Kiwi alone (--runs 0)."""
    head = ["family", "views", "kiwi constraints", "add ms", "updateVariables ms", "add+update ms"]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|"]
    for r in rows:
        if "kiwi_error" in r:
            cells = [r["family"], f"{r['views']:,}", "–", f"error: {r['kiwi_error']}", "–", "–"]
        else:
            cells = [r["family"], f"{r['views']:,}", f"{r['kiwi_constraints']:,}", fmt_ms(r["kiwi_add"]),
                     fmt_ms(r["kiwi_update"]), fmt_ms(r["kiwi"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def table(rows, kiwi_on):
    head = ["family", "views", "variables", "rows", "nonzeros", "Plumb solve ms", "Plumb total ms"]
    if kiwi_on:
        head += ["kiwi add+update ms", "kiwi ÷ solve", "same frames"]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|"]
    for r in rows:
        if "plumb_error" in r:
            cells = [r["family"], f"{r['views']:,}", "–", "–", "–", f"error: {r['plumb_error']}", "–"]
        else:
            cells = [r["family"], f"{r['views']:,}", f"{r['variables']:,}", f"{r['rows']:,}",
                     f"{r['nonzeros']:,}" if isinstance(r.get("nonzeros"), int) else "–",
                     fmt_ms(r["solve"]), fmt_ms(r["total"])]
        if kiwi_on:
            if "kiwi_error" in r:
                cells += [f"error: {r['kiwi_error']}", "–", "–"]
            elif "kiwi" not in r:
                cells += ["not run", "–", "–"]
            else:
                ratio = (f"{r['kiwi'] / r['solve']:,.1f}×"
                         if r.get("solve") and r.get("kiwi") is not None else "–")
                agree = {True: "yes", False: "**no**", None: "–"}[r.get("agree")]
                cells += [fmt_ms(r["kiwi"]), ratio, agree]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def machine():
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{os.cpu_count()} cores (nproc {len(os.sched_getaffinity(0))}), {cpu}"


def tool_versions(plumb, plumb_rev):
    out = []
    try:
        v = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=60)
        first = (v.stdout or v.stderr).strip().splitlines()
        if first:
            out.append(first[0])
    except (OSError, subprocess.TimeoutExpired):
        pass
    try:
        import kiwisolver
        out.append(f"kiwisolver {kiwisolver.__version__} (Python {platform.python_version()})")
    except ImportError:
        pass
    if plumb_rev:
        out.append(f"Plumb {plumb_rev}")
    elif os.path.realpath(plumb).startswith(os.path.realpath(ROOT) + os.sep):
        try:
            rev = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                                 capture_output=True, text=True, timeout=30).stdout.strip()
            if rev:
                out.append(f"Plumb {rev} (working tree; the binary may be older)")
        except (OSError, subprocess.TimeoutExpired):
            pass
    return out


def write_section(path, name, text):
    begin, end = f"<!-- bench:{name}:begin -->", f"<!-- bench:{name}:end -->"
    block = f"{begin}\n{text.rstrip()}\n{end}"
    try:
        with open(path, encoding="utf-8") as f:
            old = f.read()
    except FileNotFoundError:
        old = ""
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
    if pattern.search(old):
        new = pattern.sub(lambda _: block, old, count=1)
    else:
        new = (old.rstrip() + "\n\n" if old.strip() else "") + block + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)


COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]


def write_chart(path, rows, families):
    series = []
    for i, family in enumerate(families):
        color = COLORS[i % len(COLORS)]
        mine = [(r["views"], r["solve"]) for r in rows if r["family"] == family and r.get("solve")]
        kiwi = [(r["views"], r["kiwi"]) for r in rows if r["family"] == family and r.get("kiwi")]
        series.append({"label": f"{family}: Plumb", "color": color, "points": mine})
        if kiwi:
            series.append({"label": f"{family}: kiwi", "color": color, "dashed": True, "points": kiwi})
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(loglog_chart.svg(series, "Solve time against views (log-log)", "views",
                                 "milliseconds", " ms"))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--families", default="list,grid,form,cards")
    p.add_argument("--sizes", default="1000,10000", help="views per document, comma-separated")
    p.add_argument("--plumb", default=os.path.join(ROOT, ".build", "release", "plumb"))
    p.add_argument("--runs", type=int, default=5, help="plumb runs per case (median)")
    p.add_argument("--kiwi-runs", type=int, default=1, help="kiwi runs per case (0: no kiwi)")
    p.add_argument("--generator", default=DEFAULT_GENERATOR)
    p.add_argument("--work", default=os.path.join(ROOT, ".build", "bench"), help="scratch folder")
    p.add_argument("--tol", type=float, default=FRAME_TOLERANCE)
    p.add_argument("--timeout", type=float, default=300, help="seconds per plumb run")
    p.add_argument("--kiwi-timeout", type=float, default=900, help="seconds per kiwi run")
    p.add_argument("--kiwi-max-views", type=int, default=10000, help="largest document kiwi solves")
    p.add_argument("--chart", metavar="SVG", help="draw solve time against views (log-log)")
    p.add_argument("--write", metavar="FILE", help="replace the marked section of FILE")
    p.add_argument("--section", default="results", help="marker name for --write")
    p.add_argument("--plumb-rev", help="the commit the plumb binary was built from (for the notes)")
    args = p.parse_args(argv)

    if not os.path.isfile(args.generator):
        sys.stderr.write(f"bench.py: no generator at {args.generator} (use --generator)\n")
        return 2
    if args.runs > 0 and not os.access(args.plumb, os.X_OK):
        sys.stderr.write(f"bench.py: no plumb binary at {args.plumb} (swift build -c release, or --plumb)\n")
        return 2
    if args.runs < 0 or (args.runs == 0 and args.kiwi_runs < 1):
        sys.stderr.write("bench.py: --runs must be at least 1 (or 0 with --kiwi-runs >= 1: kiwi alone)\n")
        return 2
    if args.kiwi_runs > 0:
        try:
            import kiwisolver  # noqa: F401
        except ImportError:
            sys.stderr.write("bench.py: kiwisolver is not installed (pip install kiwisolver, or --kiwi-runs 0)\n")
            return 2
    os.makedirs(args.work, exist_ok=True)
    families = [f for f in args.families.split(",") if f]
    sizes = [int(s) for s in args.sizes.split(",") if s]

    rows = []
    for views in sizes:
        for family in families:
            sys.stderr.write(f"bench: {family} {views} ...\n")
            row = bench_case(args, family, views, args.work)
            rows.append(row)
            summary = {k: row.get(k) for k in ("solve", "total", "kiwi", "agree", "plumb_error",
                                               "kiwi_error", "first_difference") if k in row}
            sys.stderr.write(f"bench: {family} {views}: {json.dumps(summary)}\n")

    kiwi_on = args.kiwi_runs > 0
    command = "python3 scripts/bench.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    env_threads = os.environ.get("OPENBLAS_NUM_THREADS")
    notes = [
        f"- Machine: {machine()}; {platform.system()} {platform.release()}.",
        *[f"- {v}." for v in tool_versions(args.plumb, args.plumb_rev)],
        f"- Date: {datetime.date.today().isoformat()}.",
        (f"- Plumb: median of {args.runs} runs of `plumb solve --absolute --stats`"
         if args.runs > 0 else "- Plumb: not run")
        + (f"; kiwi: median of {args.kiwi_runs} run(s) of `scripts/kiwi_solve.py`." if kiwi_on else "."),
        f"- OPENBLAS_NUM_THREADS={env_threads}." if env_threads else "- OPENBLAS_NUM_THREADS unset.",
        f"- Command: `{command}`",
    ]
    text = (table(rows, kiwi_on) if args.runs > 0 else kiwi_table(rows)) + "\n\n" + "\n".join(notes) + "\n"
    if args.chart:
        write_chart(args.chart, rows, families)
        text += f"\n![solve time against views]({os.path.relpath(args.chart, os.path.dirname(args.write or '.') or '.')})\n"
    print(text)
    if args.write:
        write_section(args.write, args.section, text)
        sys.stderr.write(f"bench: wrote section {args.section!r} of {args.write}\n")
    disagree = [r for r in rows if r.get("agree") is False
                or ("plumb_error" in r and args.runs > 0) or "kiwi_error" in r]
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
