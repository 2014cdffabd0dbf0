#!/usr/bin/env python3
"""Compare two frame files ({"frames": {id: [x, y, w, h]}}).

Exit status 0 when both hold the same ids and every number agrees within the
tolerance (absolute; with --relative, relative to the larger magnitude when
that is above 1); 1 when they differ, printing the first differences; 2 when
a file cannot be read.

usage: compare_frames.py A.json B.json [--tol 1e-6] [--relative] [--max-report 10]
"""
import argparse
import json
import math
import sys

DEFAULT_TOLERANCE = 1e-6


def load_frames(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise SystemExit(f"compare_frames.py: {path}: {e}") from None
    frames = doc.get("frames") if isinstance(doc, dict) else None
    if not isinstance(frames, dict):
        raise SystemExit(f"compare_frames.py: {path}: no \"frames\" object")
    return frames


def close(a, b, tol, relative=False):
    if not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
        return False
    if not (math.isfinite(a) and math.isfinite(b)):
        return False
    scale = max(1.0, abs(a), abs(b)) if relative else 1.0
    return abs(a - b) <= tol * scale


def differences(a, b, tol, relative=False):
    """Yields one human-readable line per difference, ids in A's order."""
    for vid in a:
        if vid not in b:
            yield f"{vid}: only in A"
    for vid in b:
        if vid not in a:
            yield f"{vid}: only in B"
    names = ("x", "y", "width", "height")
    for vid, fa in a.items():
        fb = b.get(vid)
        if fb is None:
            continue
        if not (isinstance(fa, list) and isinstance(fb, list) and len(fa) == 4 and len(fb) == 4):
            yield f"{vid}: malformed frame {fa!r} vs {fb!r}"
            continue
        for name, va, vb in zip(names, fa, fb):
            if not close(va, vb, tol, relative):
                delta = (vb - va) if all(isinstance(v, (int, float)) for v in (va, vb)) else "n/a"
                yield f"{vid}.{name}: {va!r} vs {vb!r} (difference {delta})"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--tol", type=float, default=DEFAULT_TOLERANCE)
    p.add_argument("--relative", action="store_true", help="scale the tolerance by magnitude")
    p.add_argument("--max-report", type=int, default=10, help="differences to print")
    args = p.parse_args(argv)
    try:
        fa, fb = load_frames(args.a), load_frames(args.b)
    except SystemExit as e:
        sys.stderr.write(f"{e}\n")
        return 2
    shown = 0
    total = 0
    for line in differences(fa, fb, args.tol, args.relative):
        total += 1
        if shown < args.max_report:
            print(line)
            shown += 1
    if total:
        more = f" ({total - shown} more not shown)" if total > shown else ""
        print(f"{args.a} and {args.b} differ in {total} place(s){more}, tolerance {args.tol:g}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
