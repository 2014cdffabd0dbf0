#!/usr/bin/env python3
"""Solve a Plumb layout document with kiwisolver (Cassowary), as a reference.

Builds the same system Plumb builds (see the layout-document spec): four
variables per view (left, top, width, height) in root coordinates, the root
fixed at (0, 0, W, H), one row per Simple Format Language constraint, the
Simple Layout Language rules the benchmark generator writes, and intrinsic
sizes as hugging (`<= @ 250`) and compression resistance (`>= @ 750`) unless
the view overrides those priorities.

Plumb's priorities are exact and lexicographic; kiwi mixes strengths into one
weighted sum. Each distinct non-required level in the document gets a weight
`RATIO**rank` (rank 0 for the lowest), which reproduces the lexicographic
optimum as long as the lower levels' total violation stays below RATIO times
a unit of the higher one; the benchmark documents keep far inside that.

Prints {"frames": {id: [x, y, w, h]}} in root coordinates (like
`plumb solve --absolute`) to stdout or -o FILE. With --stats, one JSON line on
stderr: {"ms": {"parse", "build", "add", "update", "total"}, "constraints": N,
"views": N, "levels": {...}} where total = add + update, the solver's work.

With --resize W1,W2,... the root's width is an edit variable (strongest
non-required strength) instead of a required row; after the first solve each
width is one suggestValue + updateVariables step, the frames written are
those at the last width, and --stats adds "steps": [ms, ...] and "step_ms"
(median): kiwi's resize step, to compare with `plumb sweep --stats`.

usage: kiwi_solve.py DOC.json|- [-o OUT] [--stats] [--resize W1,W2,...]
"""
import argparse
import json
import math
import re
import sys
import time

try:
    import kiwisolver as kiwi
except ImportError:  # pragma: no cover - reported to the caller
    sys.stderr.write("kiwi_solve.py: kiwisolver is not installed (pip install kiwisolver)\n")
    sys.exit(3)

REQUIRED = 1000
DEFAULT_HUGGING = 250
DEFAULT_RESISTANCE = 750
# Weight ratio between adjacent priority levels, and the largest weight any
# level may get: kiwi treats strengths at or above strength.required
# (about 1.001e9) as required.
LEVEL_RATIO = 1e4
MAX_LEVEL_WEIGHT = 1e8


class DocumentError(Exception):
    """A problem in the input, with the place it was found."""


# --------------------------------------------------------------------------
# Views and attributes

class ViewVars:
    __slots__ = ("id", "parent", "left", "top", "width", "height")

    def __init__(self, vid, parent):
        self.id = vid
        self.parent = parent
        self.left = kiwi.Variable(vid + ".left")
        self.top = kiwi.Variable(vid + ".top")
        self.width = kiwi.Variable(vid + ".width")
        self.height = kiwi.Variable(vid + ".height")

    def attr(self, name):
        """The attribute as a linear expression (spec: Geometry)."""
        if name in ("left", "leading"):
            return 1.0 * self.left
        if name in ("right", "trailing"):
            return self.left + self.width
        if name == "top":
            return 1.0 * self.top
        if name in ("bottom", "baseline"):
            return self.top + self.height
        if name == "centerX":
            return self.left + 0.5 * self.width
        if name == "centerY":
            return self.top + 0.5 * self.height
        if name == "width":
            return 1.0 * self.width
        if name == "height":
            return 1.0 * self.height
        raise KeyError(name)


ATTRIBUTES = ("left", "right", "top", "bottom", "leading", "trailing",
              "centerX", "centerY", "baseline", "width", "height")


def number(value, where):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DocumentError(f"{where}: expected a number, got {json.dumps(value)}")
    if not math.isfinite(value):
        raise DocumentError(f"{where}: number is not finite")
    return float(value)


def priority(value, where):
    p = number(value, where)
    if not 1 <= p <= REQUIRED:
        raise DocumentError(f"{where}: priority {value} is outside 1...1000")
    return p


# --------------------------------------------------------------------------
# Simple Format Language

_ID = r"[A-Za-z_][A-Za-z0-9_\-]*"
_ATTR = "|".join(ATTRIBUTES)
_NUM = r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_REL = r"==|=|>=|<="
_SFL_RELATIVE = re.compile(
    rf"^\s*(?P<v1>{_ID})\.(?P<a1>{_ATTR})\s*(?P<rel>{_REL})\s*"
    rf"(?:(?P<msign>-)?\s*(?P<mult>{_NUM})\s*\*\s*)?"
    rf"(?P<v2>{_ID})\.(?P<a2>{_ATTR})\s*"
    rf"(?:(?P<csign>[+-])\s*(?P<const>{_NUM}))?\s*"
    rf"(?:@\s*(?P<prio>{_NUM}))?\s*$")
_SFL_CONSTANT = re.compile(
    rf"^\s*(?P<v1>{_ID})\.(?P<a1>{_ATTR})\s*(?P<rel>{_REL})\s*"
    rf"(?P<csign>[+-])?\s*(?P<const>{_NUM})\s*"
    rf"(?:@\s*(?P<prio>{_NUM}))?\s*$")


def parse_sfl(text, views, where):
    """One constraint string -> (lhs, relation, rhs, priority)."""
    m = _SFL_RELATIVE.match(text) or _SFL_CONSTANT.match(text)
    if m is None:
        raise DocumentError(f"{where}: cannot parse {text!r}")
    g = m.groupdict()
    v1 = views.get(g["v1"])
    if v1 is None:
        raise DocumentError(f"{where}: unknown view {g['v1']!r} in {text!r}")
    lhs = v1.attr(g["a1"])
    const = float(g["const"]) if g.get("const") else 0.0
    if g.get("csign") == "-":
        const = -const
    rhs = const
    if g.get("v2"):
        v2 = views.get(g["v2"])
        if v2 is None:
            raise DocumentError(f"{where}: unknown view {g['v2']!r} in {text!r}")
        mult = float(g["mult"]) if g.get("mult") else 1.0
        if g.get("msign"):
            mult = -mult
        rhs = mult * v2.attr(g["a2"]) + const
    prio = priority(float(g["prio"]), where) if g.get("prio") else REQUIRED
    return lhs, g["rel"].replace("==", "="), rhs, prio


# --------------------------------------------------------------------------
# Simple Layout Language (the forms the benchmark generator writes:
# comma-separated clauses `name [= name ...] = expr`, `name >= expr`,
# expressions of numbers, percentages with optional H:/V:, %specifiers,
# + - * / and parentheses).

HORIZONTAL = {"ll", "lr", "rr", "rl", "cl", "cr", "w", "minw", "maxw"}
VERTICAL = {"tt", "tb", "bb", "bt", "ct", "cb", "h", "minh", "maxh"}
SLL_NAMES = HORIZONTAL | VERTICAL


def sll_quantity(name, v, s):
    """The spec's distance `name` of view v against superview s."""
    if name == "tt":
        return v.attr("top") - s.attr("top")
    if name == "tb":
        return s.attr("bottom") - v.attr("top")
    if name == "bb":
        return s.attr("bottom") - v.attr("bottom")
    if name == "bt":
        return v.attr("bottom") - s.attr("top")
    if name == "ll":
        return v.attr("left") - s.attr("left")
    if name == "lr":
        return s.attr("right") - v.attr("left")
    if name == "rr":
        return s.attr("right") - v.attr("right")
    if name == "rl":
        return v.attr("right") - s.attr("left")
    if name == "ct":
        return v.attr("centerY") - s.attr("top")
    if name == "cb":
        return s.attr("bottom") - v.attr("centerY")
    if name == "cl":
        return v.attr("centerX") - s.attr("left")
    if name == "cr":
        return s.attr("right") - v.attr("centerX")
    if name in ("w", "minw", "maxw"):
        return v.attr("width")
    if name in ("h", "minh", "maxh"):
        return v.attr("height")
    raise KeyError(name)


_SLL_TOKEN = re.compile(rf"\s*(?:(?P<num>{_NUM})|(?P<axis>[HV]):|(?P<spec>%[A-Za-z]+)"
                        r"|(?P<name>[A-Za-z]+)|(?P<op>>=|<=|[=,+\-*/()%@]))")


class _Linear:
    """A linear expression while parsing a rule: a float while it is constant,
    a kiwi expression once it involves a view (kiwi variables are not
    hashable, so their own arithmetic does the bookkeeping)."""

    def __init__(self, expr):
        self.expr = expr

    @staticmethod
    def const(c):
        return _Linear(float(c))

    @staticmethod
    def of(expr):
        return _Linear(expr)

    def is_const(self):
        return isinstance(self.expr, float)

    def value(self):
        return self.expr

    def add(self, other, sign=1.0):
        return _Linear(self.expr + sign * other.expr)

    def scale(self, f):
        return _Linear(f * self.expr)

    def kiwi(self):
        return self.expr


class _SLLParser:
    def __init__(self, text, where, v, s, args, views):
        self.where, self.v, self.s, self.args, self.views = where, v, s, list(args), views
        self.tokens = []
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            m = _SLL_TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                raise DocumentError(f"{where}: unexpected {text[pos:].strip()[:12]!r} at column {pos + 1}")
            kind = m.lastgroup
            self.tokens.append((kind, m.group(kind), m.start(kind) + 1))
            pos = m.end()
        self.i = 0

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else (None, None, None)

    def take(self):
        t = self.peek()
        self.i += 1
        return t

    def fail(self, what):
        kind, val, col = self.peek()
        found = repr(val) if val is not None else "end of rule"
        raise DocumentError(f"{self.where}: expected {what}, found {found}" +
                            (f" at column {col}" if col else ""))

    def next_arg(self, spec):
        if not self.args:
            raise DocumentError(f"{self.where}: no argument left for {spec}")
        return self.args.pop(0)

    def clauses(self):
        """rule := clause (',' clause)* ; clause := name (rel name)* rel expr [@ prio]"""
        out = []
        while True:
            out.extend(self.clause())
            kind, val, _ = self.peek()
            if val == ",":
                self.take()
                continue
            if kind is None:
                return out
            self.fail("',' or end of rule")

    def clause(self):
        names = []
        rel = None
        while True:
            kind, val, _ = self.peek()
            if kind == "name" and val in SLL_NAMES and self.tokens[self.i + 1:self.i + 2] and \
                    self.tokens[self.i + 1][1] in ("=", ">=", "<="):
                self.take()
                r = self.take()[1]
                if rel is not None and r != rel:
                    raise DocumentError(f"{self.where}: mixed relations in one clause")
                rel = r
                names.append(val)
                continue
            break
        if not names:
            self.fail("a constraint name (tt, ll, w, ...)")
        horizontal = names[-1] in HORIZONTAL
        rhs = self.expr(horizontal)
        prio = REQUIRED
        if self.peek()[1] == "@":
            self.take()
            kind, val, _ = self.take()
            if kind != "num":
                self.fail("a priority")
            prio = priority(float(val), self.where)
        out = []
        for name in names:
            r = rel
            if name.startswith("min"):
                r = ">="
            elif name.startswith("max"):
                r = "<="
            out.append((sll_quantity(name, self.v, self.s), r, rhs.kiwi(), prio))
        return out

    def expr(self, horizontal):
        left = self.term(horizontal)
        while self.peek()[1] in ("+", "-"):
            op = self.take()[1]
            left = left.add(self.term(horizontal), 1.0 if op == "+" else -1.0)
        return left

    def term(self, horizontal):
        left = self.factor(horizontal)
        while self.peek()[1] in ("*", "/"):
            op = self.take()[1]
            right = self.factor(horizontal)
            if op == "*":
                if right.is_const():
                    left = left.scale(right.value())
                elif left.is_const():
                    left = right.scale(left.value())
                else:
                    raise DocumentError(f"{self.where}: product of two view quantities is not linear")
            else:
                if not right.is_const() or right.value() == 0:
                    raise DocumentError(f"{self.where}: division by a non-constant or zero")
                left = left.scale(1.0 / right.value())
        return left

    def factor(self, horizontal):
        kind, val, _ = self.peek()
        if val == "-":
            self.take()
            return self.factor(horizontal).scale(-1.0)
        if val == "(":
            self.take()
            e = self.expr(horizontal)
            if self.take()[1] != ")":
                self.fail("')'")
            return e
        axis = None
        if kind == "axis":
            self.take()
            axis = val
            kind, val, _ = self.peek()
        if kind == "num":
            self.take()
            if self.peek()[1] == "%":
                self.take()
                return self.percent(float(val), axis, horizontal)
            if axis:
                self.fail("a percentage after H:/V:")
            return _Linear.const(float(val))
        if kind == "spec" and axis is None:
            self.take()
            spec = val[1:]
            if spec == "f":
                return _Linear.const(number(self.next_arg(val), f"{self.where}: argument for %f"))
            if spec == "p":
                pct = number(self.next_arg(val), f"{self.where}: argument for %p")
                return self.percent(pct, None, horizontal)
            if spec not in SLL_NAMES:
                raise DocumentError(f"{self.where}: unknown specifier {val}")
            oid = self.next_arg(val)
            other = self.views.get(oid) if isinstance(oid, str) else None
            if other is None:
                raise DocumentError(f"{self.where}: argument {oid!r} for {val} is not a view")
            return _Linear.of(sll_quantity(spec, other, self.s))
        self.fail("a number, percentage or %specifier")

    def percent(self, pct, axis, horizontal):
        use_width = (axis == "H") if axis else horizontal
        dim = self.s.attr("width" if use_width else "height")
        return _Linear.of(dim).scale(pct / 100.0)


# --------------------------------------------------------------------------
# The document

def load(text):
    """Parse the document into (views in order, rows). A row is
    (lhs, relation, rhs, priority, origin)."""
    t0 = time.perf_counter()
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise DocumentError(f"input: invalid JSON: {e}")
    t_json = time.perf_counter() - t0
    if not isinstance(doc, dict) or not isinstance(doc.get("root"), dict):
        raise DocumentError("input: expected an object with a \"root\" object")
    root = doc["root"]
    rid = root.get("id", "root")
    rw = number(root.get("width"), "root.width")
    rh = number(root.get("height"), "root.height")
    if rw < 0 or rh < 0:
        raise DocumentError("root: width and height must not be negative")

    views = {rid: ViewVars(rid, None)}
    order = [views[rid]]
    rows = []
    r = views[rid]
    rows += [(1.0 * r.left, "=", 0.0, REQUIRED, "root"), (1.0 * r.top, "=", 0.0, REQUIRED, "root"),
             (1.0 * r.width, "=", rw, REQUIRED, "root"), (1.0 * r.height, "=", rh, REQUIRED, "root")]

    for i, v in enumerate(doc.get("views", [])):
        where = f"views[{i}]"
        if not isinstance(v, dict) or not isinstance(v.get("id"), str):
            raise DocumentError(f"{where}: expected an object with a string \"id\"")
        vid = v["id"]
        if vid in views:
            raise DocumentError(f"{where}: duplicate id {vid!r}")
        pid = v.get("parent", rid)
        if pid not in views:
            raise DocumentError(f"{where}: parent {pid!r} of {vid!r} is not an earlier view")
        vv = ViewVars(vid, views[pid])
        views[vid] = vv
        order.append(vv)
        size = v.get("intrinsicSize")
        if size is None:
            continue
        if not isinstance(size, list) or len(size) != 2:
            raise DocumentError(f"{where}.intrinsicSize: expected [w, h]")
        hug = v.get("hugging", [DEFAULT_HUGGING, DEFAULT_HUGGING])
        res = v.get("compressionResistance", [DEFAULT_RESISTANCE, DEFAULT_RESISTANCE])
        for axis, (dim, name) in enumerate(((vv.width, "width"), (vv.height, "height"))):
            if size[axis] is None:
                continue
            value = number(size[axis], f"{where}.intrinsicSize[{axis}]")
            origin = f"{vid} intrinsic {name}"
            rows.append((1.0 * dim, "<=", value, priority(hug[axis], f"{where}.hugging[{axis}]"), origin))
            rows.append((1.0 * dim, ">=", value, priority(res[axis], f"{where}.compressionResistance[{axis}]"),
                         origin))

    for i, s in enumerate(doc.get("constraints", [])):
        where = f"constraints[{i}]"
        if not isinstance(s, str):
            raise DocumentError(f"{where}: expected a string")
        lhs, rel, rhs, prio = parse_sfl(s, views, where)
        rows.append((lhs, rel, rhs, prio, f"{where} {s!r}"))

    for i, rule in enumerate(doc.get("rules", []) or []):
        where = f"rules[{i}]"
        if not isinstance(rule, dict) or not isinstance(rule.get("rule"), str):
            raise DocumentError(f"{where}: expected an object with a string \"rule\"")
        v = views.get(rule.get("view"))
        if v is None:
            raise DocumentError(f"{where}: unknown view {rule.get('view')!r}")
        if v.parent is None:
            raise DocumentError(f"{where}: the root has no superview to measure against")
        parser = _SLLParser(rule["rule"], f"{where} {rule['rule']!r}", v, v.parent,
                            rule.get("args", []), views)
        for lhs, rel, rhs, prio in parser.clauses():
            rows.append((lhs, rel, rhs, prio, f"{where} {rule['rule']!r}"))
        if parser.args:
            raise DocumentError(f"{where}: {len(parser.args)} unused argument(s)")
    return order, rows, t_json


def level_weights(rows):
    """Kiwi strength for each distinct non-required priority in the document."""
    levels = sorted({p for *_, p, _ in rows if p < REQUIRED})
    if not levels:
        return {}
    ratio = LEVEL_RATIO
    if len(levels) > 1:
        ratio = min(LEVEL_RATIO, MAX_LEVEL_WEIGHT ** (1.0 / (len(levels) - 1)))
        if ratio < 100:
            sys.stderr.write(f"kiwi_solve.py: {len(levels)} priority levels; weights only "
                             f"{ratio:.3g} apart, lexicographic order may not hold\n")
    return {p: ratio ** rank for rank, p in enumerate(levels)}


# Rows 0-3 are the root's left, top, width and height (see load()).
ROOT_WIDTH_ROW = 2
# An edit variable must be weaker than required; this is the strongest kiwi allows.
EDIT_STRENGTH = kiwi.strength.create(999, 999, 999)


def solve(order, rows, resize=None):
    weights = level_weights(rows)
    t0 = time.perf_counter()
    constraints = []
    for i, (lhs, rel, rhs, prio, origin) in enumerate(rows):
        if rel == "=":
            c = lhs == rhs
        elif rel == ">=":
            c = lhs >= rhs
        else:
            c = lhs <= rhs
        strength = kiwi.strength.required if prio >= REQUIRED else weights[prio]
        constraints.append((c | strength, origin))
    t1 = time.perf_counter()
    solver = kiwi.Solver()
    for c, origin in constraints:
        try:
            solver.addConstraint(c)
        except kiwi.UnsatisfiableConstraint:
            raise DocumentError(f"{origin}: required constraint conflicts with earlier ones")
    if resize:
        # Every row goes in with the root's width required, as in a plain
        # solve; then the width becomes an edit variable and its required row
        # is removed. Adding the edit first made kiwi's add phase grow far
        # faster than the document (form: 5.4 s at 1,000 views, and no end in
        # sight at 10,000); this order gives the same frames and steps.
        solver.addEditVariable(order[0].width, EDIT_STRENGTH)
        solver.suggestValue(order[0].width, rows[ROOT_WIDTH_ROW][2])
        solver.removeConstraint(constraints[ROOT_WIDTH_ROW][0])
    t2 = time.perf_counter()
    solver.updateVariables()
    t3 = time.perf_counter()
    steps = []
    for width in resize or []:
        s0 = time.perf_counter()
        solver.suggestValue(order[0].width, width)
        solver.updateVariables()
        steps.append(time.perf_counter() - s0)
    frames = {v.id: [v.left.value(), v.top.value(), v.width.value(), v.height.value()]
              for v in order}
    return frames, {"build": t1 - t0, "add": t2 - t1, "update": t3 - t2, "steps": steps}, weights


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("document", help="layout document, or - for stdin")
    p.add_argument("-o", "--output", help="write frames here instead of stdout")
    p.add_argument("--stats", action="store_true", help="one JSON line of timings on stderr")
    p.add_argument("--resize", metavar="W1,W2,...", help="root widths to step through after the first solve")
    a = p.parse_args(argv)
    try:
        resize = [float(w) for w in a.resize.split(",")] if a.resize else None
    except ValueError:
        p.error(f"--resize takes comma-separated numbers, not {a.resize!r}")
    try:
        t0 = time.perf_counter()
        if a.document == "-":
            text = sys.stdin.read()
        else:
            with open(a.document, encoding="utf-8") as f:
                text = f.read()
        order, rows, _ = load(text)
        t_parse = time.perf_counter() - t0
        frames, times, weights = solve(order, rows, resize)
    except (DocumentError, OSError) as e:
        sys.stderr.write(f"kiwi_solve.py: {e}\n")
        return 1
    out = json.dumps({"frames": frames}, separators=(",", ":")) + "\n"
    if a.output and a.output != "-":
        with open(a.output, "w", encoding="utf-8") as f:
            f.write(out)
    else:
        sys.stdout.write(out)
    if a.stats:
        ms = {"parse": t_parse * 1e3, "build": times["build"] * 1e3, "add": times["add"] * 1e3,
              "update": times["update"] * 1e3, "total": (times["add"] + times["update"]) * 1e3}
        stats = {"ms": {k: round(v, 3) for k, v in ms.items()}, "constraints": len(rows),
                 "views": len(order), "levels": {str(int(k) if k == int(k) else k): w
                                                 for k, w in weights.items()}}
        if resize:
            steps = sorted(t * 1e3 for t in times["steps"])
            stats["steps"] = [round(t * 1e3, 4) for t in times["steps"]]
            stats["step_ms"] = round(steps[len(steps) // 2], 4)
        sys.stderr.write(json.dumps(stats, separators=(",", ":")) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
