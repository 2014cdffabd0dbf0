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
Optional rows of levels not yet reached are left out.

Prints {"frames": {id: [x, y, w, h]}} in root coordinates, like
`plumb solve --absolute`, to stdout or -o FILE. With --stats, one JSON line
on stderr: {"ms": {"load", "levels": [...], "solve"}} where solve is the sum of
the levels' linprog calls (the LP code's work; loading is excluded).

usage: highs_solve.py DOC.json [-o OUT] [--stats]
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


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("document")
    p.add_argument("-o", "--output")
    p.add_argument("--stats", action="store_true")
    a = p.parse_args(argv)
    t0 = time.perf_counter()
    with open(a.document, encoding="utf-8") as f:
        order, rows, _ = kiwi_solve.load(f.read())
    lin, n = linear_rows(order, rows)
    t_load = time.perf_counter() - t0
    try:
        x, times = solve(lin, n)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
