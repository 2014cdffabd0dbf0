#!/usr/bin/env python3
"""Solve a Plumb layout document with HiGHS, exactly lexicographically.

The document is lowered by scripts/kiwi_solve.py's loader (the same rows kiwi
gets: four variables per view, the root fixed, SFL constraints, rules,
intrinsic sizes as hugging and compression resistance), then solved with
`scipy.optimize.linprog(method="highs")` as a general LP code would be used:
one LP per priority level, highest first. Each optional row of the level
gets non-negative error variables (one for an inequality, two for an
equality); the level's objective is the sum of its errors; the optimum of
every earlier level is held by a constraint on that level's error sum
(optimum + max(1e-7, 1e-12·optimum): a relative slack lets a lower level
buy a visible change with error the higher level's sum hides). Required rows are constraints throughout.
Optional rows of levels not yet reached are left out. With --hold faces, each
level's optimal face is held exactly instead (complementary slackness with
the level's dual solution: rows with a non-zero dual stay tight, error
variables with a non-zero reduced cost stay 0), which documents with many
levels need (the generator's `priorities` family).

Prints {"frames": {id: [x, y, w, h]}} in root coordinates, like
`plumb solve --absolute`, to stdout or -o FILE. With --stats, one JSON line
on stderr: {"ms": {"load", "levels": [...], "solve"}} where solve is the sum of
the levels' linprog calls (the LP code's work; loading is excluded).

usage: highs_solve.py DOC.json [-o OUT] [--stats] [--hold sum|faces] [--probe SEED]
"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kiwi_solve  # noqa: E402  (the document loader)

try:
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix, hstack, vstack, csr_matrix
except ImportError:  # pragma: no cover
    sys.exit("highs_solve.py: needs scipy (pip install scipy)")


def linear_rows(order, rows):
    """Each row as (coefficients {var index: a}, constant, relation, priority):
    Σ a·x + constant ⋈ 0."""
    index = {}
    for v in order:
        for var in (v.left, v.top, v.width, v.height):
            index[var.name()] = len(index)
    out = []
    for lhs, rel, rhs, prio, _ in rows:
        coefficients = {}
        constant = 0.0
        for expr, sign in ((lhs, 1.0), (rhs, -1.0)):
            if isinstance(expr, (int, float)):
                constant += sign * expr
                continue
            expr = expr + 0.0  # a Variable or Term becomes an Expression
            constant += sign * expr.constant()
            for term in expr.terms():
                k = index[term.variable().name()]
                coefficients[k] = coefficients.get(k, 0.0) + sign * term.coefficient()
        out.append((coefficients, constant, rel, prio))
    return out, len(index)


def solve(lin, n):
    required = [r for r in lin if r[3] >= kiwi_solve.REQUIRED]
    levels = sorted({r[3] for r in lin if r[3] < kiwi_solve.REQUIRED}, reverse=True)
    # Required rows as A_ub x <= b_ub and A_eq x = b_eq over the n variables.
    def matrix(rs, width):
        data, ri, ci = [], [], []
        for i, (coef, _, _, _) in enumerate(rs):
            for k, a in coef.items():
                ri.append(i); ci.append(k); data.append(a)
        return csr_matrix(coo_matrix((data, (ri, ci)), shape=(len(rs), width)))

    eq = [r for r in required if r[2] == "="]
    le = [(c, k, rel, p) for c, k, rel, p in required if rel == "<="]
    ge = [({i: -a for i, a in c.items()}, -k, "<=", p) for c, k, rel, p in required if rel == ">="]
    ub = le + ge
    # Held levels: (rows, optimum); their error variables come first after x.
    held = []
    times = []
    x = np.zeros(n)
    for level in levels + [None]:
        rs = [r for r in lin if r[3] == level] if level is not None else []
        all_levels = held + ([(rs, None)] if level is not None else [])
        # Error variables: for each held or current row, one (ineq) or two (eq).
        err_cols = 0
        blocks = []  # (row list, first error column) per level
        for lrs, _ in all_levels:
            blocks.append(err_cols)
            err_cols += sum(2 if r[2] == "=" else 1 for r in lrs)
        width = n + err_cols
        a_eq_rows, b_eq = [matrix(eq, width)], [-np.array([r[1] for r in eq])]
        a_ub_rows, b_ub = [matrix(ub, width)], [-np.array([r[1] for r in ub])]
        cost = np.zeros(width)
        for (lrs, optimum), first in zip(all_levels, blocks):
            data, ri, ci = [], [], []
            e_rows, e_b, u_rows, u_b = [], [], [], []
            col = n + first
            cols = []
            for coef, k, rel, _ in lrs:
                # a·x + k + e- - e+ = 0 (eq), a·x + k - e <= 0 (<=), -(a·x + k) - e <= 0 (>=)
                if rel == "=":
                    row = dict(coef); row[col] = 1.0; row[col + 1] = -1.0
                    e_rows.append(row); e_b.append(-k); cols += [col, col + 1]; col += 2
                elif rel == "<=":
                    row = dict(coef); row[col] = -1.0
                    u_rows.append(row); u_b.append(-k); cols.append(col); col += 1
                else:
                    row = {i: -a for i, a in coef.items()}; row[col] = -1.0
                    u_rows.append(row); u_b.append(k); cols.append(col); col += 1
            def to_matrix(rows_):
                d, r_, c_ = [], [], []
                for i, row in enumerate(rows_):
                    for k2, a in row.items():
                        r_.append(i); c_.append(k2); d.append(a)
                return csr_matrix(coo_matrix((d, (r_, c_)), shape=(len(rows_), width)))
            if e_rows:
                a_eq_rows.append(to_matrix(e_rows)); b_eq.append(np.array(e_b))
            if u_rows:
                a_ub_rows.append(to_matrix(u_rows)); b_ub.append(np.array(u_b))
            if optimum is None:
                cost[cols] = 1.0
            else:
                hold = {c: 1.0 for c in cols}
                a_ub_rows.append(to_matrix([hold]))
                b_ub.append(np.array([optimum + max(1e-7, 1e-12 * optimum)]))
        if level is None:
            # Last pass: the lexicographic optimum is found; re-solve for the
            # values with every level held (a zero objective).
            if not held:
                cost = np.zeros(width)
        bounds = [(None, None)] * n + [(0, None)] * err_cols
        t0 = time.perf_counter()
        res = linprog(cost, A_ub=vstack(a_ub_rows).tocsr(), b_ub=np.concatenate(b_ub),
                      A_eq=vstack(a_eq_rows).tocsr(), b_eq=np.concatenate(b_eq),
                      bounds=bounds, method="highs")
        times.append(time.perf_counter() - t0)
        if res.status != 0:
            raise kiwi_solve.DocumentError(f"HiGHS: {res.message}")
        x = res.x[:n]
        if level is None:
            break
        held.append((rs, float(res.fun)))
        if level == levels[-1]:
            times_final = times
            return x, times_final
    return x, times


def solve_faces(lin, n, tol=1e-7, probe=None):
    """The same lexicographic optimum, each level's optimal face held exactly
    instead of by a slack on its error sum: after a level's LP, every
    inequality row whose dual (marginal) is not zero becomes an equality and
    every error variable whose reduced cost is not zero is fixed at 0. By
    complementary slackness with that one dual solution, the points that
    stay feasible are exactly the level's optima, with no tolerance to
    exploit; documents with many levels (the generator's `priorities`) make
    the summed hold of `solve` infeasible or loose by its slack.

    With `probe` (a numpy array of n costs), two more LPs over the final
    face minimise and maximise probe·x; returns (x, times, spread) where
    spread is the largest difference between their solutions' coordinates
    (0 up to round-off when the optimum is a single point)."""
    # Every row once: (coefficients, constant, relation, priority), with its
    # error columns for optional rows: a·x + k (+ e- - e+) = 0, a·x + k - e <= 0,
    # -(a·x + k) - e <= 0.
    eq_rows, ub_rows = [], []   # (row dict, rhs, level or None)
    col = n
    level_cols = {}
    for coef, k, rel, prio in lin:
        level = None if prio >= kiwi_solve.REQUIRED else prio
        row = dict(coef) if rel != ">=" else {i: -a for i, a in coef.items()}
        rhs = -k if rel != ">=" else k
        if level is not None:
            cols = level_cols.setdefault(level, [])
            if rel == "=":
                row[col] = 1.0; row[col + 1] = -1.0; cols += [col, col + 1]; col += 2
            else:
                row[col] = -1.0; cols.append(col); col += 1
        (eq_rows if rel == "=" else ub_rows).append((row, rhs, level))
    width = col
    levels = sorted(level_cols, reverse=True)
    tight = [False] * len(ub_rows)
    fixed = np.zeros(width, dtype=bool)

    def to_matrix(rows_):
        d, r_, c_ = [], [], []
        for i, row in enumerate(rows_):
            for k2, a in row.items():
                r_.append(i); c_.append(k2); d.append(a)
        return csr_matrix(coo_matrix((d, (r_, c_)), shape=(len(rows_), width)))

    times = []
    x = np.zeros(n)
    reached = set()
    passes = list(levels) if levels else [None]
    if probe is not None:
        passes += ["min", "max"]
    ends = []
    for level in passes:
        if level in ("min", "max"):
            pass
        elif level is not None:
            reached.add(level)
        live = lambda lv: lv is None or lv in reached  # noqa: E731
        eqs = [(r, b) for r, b, lv in eq_rows if live(lv)]
        ub_index = [i for i, (_, _, lv) in enumerate(ub_rows) if live(lv)]
        eqs += [(ub_rows[i][0], ub_rows[i][1]) for i in ub_index if tight[i]]
        ubs = [i for i in ub_index if not tight[i]]
        cost = np.zeros(width)
        if level in ("min", "max"):
            cost[:n] = probe if level == "min" else -probe
        elif level is not None:
            cost[level_cols[level]] = 1.0
        bounds = [(None, None)] * n
        for c in range(n, width):
            bounds.append((0, 0) if fixed[c] else (0, None))
        # columns of levels not reached yet are in no row; pin them at 0
        for lv, cols in level_cols.items():
            if lv not in reached:
                for c in cols:
                    bounds[c] = (0, 0)
        t0 = time.perf_counter()
        res = linprog(cost,
                      A_ub=to_matrix([ub_rows[i][0] for i in ubs]) if ubs else None,
                      b_ub=np.array([ub_rows[i][1] for i in ubs]) if ubs else None,
                      A_eq=to_matrix([r for r, _ in eqs]) if eqs else None,
                      b_eq=np.array([b for _, b in eqs]) if eqs else None,
                      bounds=bounds, method="highs")
        times.append(time.perf_counter() - t0)
        if res.status != 0:
            raise kiwi_solve.DocumentError(f"HiGHS: {res.message}")
        x = res.x[:n]
        if level in ("min", "max"):
            ends.append(x)
            continue
        if level is None:
            break
        if ubs:
            for i, m in zip(ubs, res.ineqlin.marginals):
                if abs(m) > tol:
                    tight[i] = True
        for c, m in enumerate(res.lower.marginals):
            if c >= n and m > tol:
                fixed[c] = True
    if probe is not None:
        return x, times, float(np.max(np.abs(ends[0] - ends[1]))) if n else 0.0
    return x, times


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("document")
    p.add_argument("-o", "--output")
    p.add_argument("--stats", action="store_true")
    p.add_argument("--hold", choices=("sum", "faces"), default="sum",
                   help="how a level's optimum is held for the lower levels: its error sum "
                        "within a slack (sum, the default) or its optimal face exactly, "
                        "by complementary slackness (faces)")
    p.add_argument("--probe", type=int, metavar="SEED",
                   help="with the faces hold, also minimise and maximise a random direction "
                        "(seeded) over the final optimal face and print how far apart the two "
                        "solutions are on stderr (about 0 when the optimum is unique); the "
                        "frames are still written, and the exit status is 4 when the spread is "
                        "above 1e-6")
    a = p.parse_args(argv)
    t0 = time.perf_counter()
    with open(a.document, encoding="utf-8") as f:
        order, rows, _ = kiwi_solve.load(f.read())
    lin, n = linear_rows(order, rows)
    t_load = time.perf_counter() - t0
    status = 0
    try:
        if a.probe is not None:
            rng = np.random.default_rng(a.probe)
            x, times, spread = solve_faces(lin, n, probe=rng.uniform(-1, 1, n))
            sys.stderr.write(f"highs_solve.py: optimal face spread along a random direction: {spread:.3g}\n")
            if spread > 1e-6:
                status = 4
        else:
            x, times = (solve_faces if a.hold == "faces" else solve)(lin, n)
    except kiwi_solve.DocumentError as e:
        sys.stderr.write(f"highs_solve.py: {e}\n")
        return 1
    frames = {v.id: [float(x[4 * i + j]) for j in range(4)] for i, v in enumerate(order)}
    out = json.dumps({"frames": frames}, separators=(",", ":")) + "\n"
    if a.output:
        with open(a.output, "w") as f:
            f.write(out)
    else:
        sys.stdout.write(out)
    if a.stats:
        sys.stderr.write(json.dumps({"ms": {"load": round(t_load * 1e3, 3),
                                            "levels": [round(t * 1e3, 3) for t in times],
                                            "solve": round(sum(times) * 1e3, 3)}}) + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
