"""plumb.kiwi against the real kiwisolver: the algebra, strengths and
exceptions call for call, and random systems with one strength level plus
required constraints solved by both (values equal within 1e-6)."""

import io
import contextlib
import random
import unittest

import kiwisolver

import plumb.kiwi as pk

MODULES = (kiwisolver, pk)


class AlgebraTests(unittest.TestCase):
    def both(self, f):
        return [f(m) for m in MODULES]

    @staticmethod
    def shape(expression):
        """An expression as (((name, coefficient), ...), constant), terms
        sorted (the order of terms is not part of the comparison)."""
        return (tuple(sorted((t.variable().name(), t.coefficient()) for t in expression.terms())),
                expression.constant())

    def test_strengths(self):
        for m in MODULES:
            s = m.strength
            self.assertEqual((s.weak, s.medium, s.strong, s.required), (1.0, 1000.0, 1e6, 1001001000.0))
        for args in [(1, 2, 3), (2000, 0, 0, 0.5), (1, 1, 1, 2), (-1, 5, 2000), (0, 0, 0.5)]:
            self.assertEqual(*self.both(lambda m: m.strength.create(*args)), msg=str(args))

    def test_expressions_and_constraints(self):
        def build(m):
            x, y = m.Variable("x"), m.Variable("y")
            results = [
                x + 2 * y - x + 3, 1 - x, -(x + 1), (x + 1) * 2, 2 * (x + 1), (x + 1) / 4, x - (x + 1),
                m.Term(x, 2) + m.Term(y), 3 + m.Expression([m.Term(x, 2)], 3), x + True,
            ]
            shapes = [self.shape(e) if isinstance(e, m.Expression) else None for e in results]
            terms = [(t.variable().name(), t.coefficient()) for t in (2 * x * 3, -x, x / 2, -m.Term(x, 2))]
            c = x + 2 * y == y * 2 - 1
            d = (1 <= x)
            constraints = [(self.shape(k.expression()), k.op(), k.strength())
                           for k in (c, d, c | "weak", "strong" | d, c | 5, c | 1e12, c | -3, x >= y,
                                     m.Constraint(x + 1, "<=", "medium"), (x == 1) | m.strength.create(1, 2, 3))]
            return shapes, terms, constraints

        self.assertEqual(*self.both(build))

    def test_type_errors_match(self):
        def errors(m):
            x, y = m.Variable("x"), m.Variable("y")
            c = x == 1
            out = []
            for f in (lambda: x * y, lambda: 2 / x, lambda: x / 0, lambda: x != 1, lambda: x > 1, lambda: x < y,
                      lambda: c | "bogus", lambda: m.Constraint(x + 1, "<"), lambda: m.Constraint(x, "=="),
                      lambda: hash(x), lambda: x + "a", lambda: m.Solver().addConstraint(3)):
                try:
                    f()
                    out.append(None)
                except Exception as e:
                    out.append(type(e).__name__)
            out.append(x == None)  # noqa: E711 (kiwi: not a constraint, just False)
            return out

        self.assertEqual(*self.both(errors))

    def test_variable(self):
        for m in MODULES:
            v = m.Variable()
            self.assertEqual(v.name(), "")
            v.setName("w")
            self.assertEqual(v.name(), "w")
            self.assertIsNone(v.context())
            v.setContext({"a": 1})
            self.assertEqual(v.context(), {"a": 1})
            self.assertEqual(v.value(), 0.0)
            self.assertEqual(m.Term(v, 3).value(), 0.0)


class SolverTests(unittest.TestCase):
    def test_values_and_violated(self):
        def run(m):
            x, y, z = m.Variable("x"), m.Variable("y"), m.Variable("z")
            s = m.Solver()
            s.addConstraint(x >= 0)
            s.addConstraint(x + y <= 80)
            s.addConstraint((y == 100) | "weak")
            s.addEditVariable(x, "strong")
            s.suggestValue(x, 10)
            s.updateVariables()
            first = (x.value(), y.value())
            s.addConstraint((z == 1) | "weak")
            s.updateVariables()
            violated = [c.violated() for c in (z == 1.000000001, z == 1.0001, z >= 1.0000000001, z <= 0.99999999999,
                                               x + y <= 80, y == 100)]
            s.removeEditVariable(x)
            s.updateVariables()
            return first, (x.value(), y.value()), violated, s.hasEditVariable(x)

        self.assertEqual(run(kiwisolver), run(pk))
        self.assertEqual(run(pk)[0], (10.0, 70.0))

    def test_exceptions(self):
        for m in MODULES:
            x, y = m.Variable("x"), m.Variable("y")
            s = m.Solver()
            c = x >= 1
            s.addConstraint(c)
            self.assertTrue(s.hasConstraint(c))
            self.assertFalse(s.hasConstraint(x >= 1))
            with self.assertRaises(m.DuplicateConstraint) as caught:
                s.addConstraint(c)
            self.assertIs(caught.exception.constraint, c)
            bad = x <= 0
            with self.assertRaises(m.UnsatisfiableConstraint) as caught:
                s.addConstraint(bad)
            self.assertIs(caught.exception.constraint, bad)
            self.assertFalse(s.hasConstraint(bad))
            with self.assertRaises(m.UnsatisfiableConstraint):
                s.addConstraint(m.Constraint(m.Expression([], 5), "=="))
            s.addConstraint(m.Constraint(m.Expression([], 0), "=="))
            other = x == 1
            with self.assertRaises(m.UnknownConstraint) as caught:
                s.removeConstraint(other)
            self.assertIs(caught.exception.constraint, other)
            for strength in ("required", 1e12, m.strength.required):
                with self.assertRaises(m.BadRequiredStrength):
                    s.addEditVariable(x, strength)
            self.assertFalse(s.hasEditVariable(x))
            s.addEditVariable(y, "strong")
            with self.assertRaises(m.DuplicateEditVariable) as caught:
                s.addEditVariable(y, "weak")
            self.assertIs(caught.exception.edit_variable, y)
            with self.assertRaises(m.UnknownEditVariable) as caught:
                s.suggestValue(x, 1)
            self.assertIs(caught.exception.edit_variable, x)
            with self.assertRaises(m.UnknownEditVariable):
                s.removeEditVariable(x)
            s.removeConstraint(c)
            s.addConstraint(bad)  # x <= 0 holds now that x >= 1 is gone
            s.updateVariables()
            self.assertEqual(x.value(), 0.0)
            s.reset()
            self.assertFalse(s.hasConstraint(bad))
            self.assertFalse(s.hasEditVariable(y))
            s.addConstraint(c)  # after reset, c can go in again

    def test_conflict_names_plumbs_minimal_set(self):
        x, y, z = pk.Variable("x"), pk.Variable("y"), pk.Variable("z")
        s = pk.Solver()
        a, b, unrelated = x == 10, x + y == 3, z >= 0
        for c in (a, b, unrelated):
            s.addConstraint(c)
        bad = y >= 5
        with self.assertRaises(pk.UnsatisfiableConstraint) as caught:
            s.addConstraint(bad)
        self.assertEqual({id(c) for c in caught.exception.conflict}, {id(a), id(b), id(bad)})

    def test_dump(self):
        x = pk.Variable("x")
        s = pk.Solver()
        s.addConstraint((x == 3) | "medium")
        text = s.dumps()
        self.assertIn("Objective", text)
        self.assertIn("x == 3", text)
        with contextlib.redirect_stdout(io.StringIO()) as out:
            s.dump()
        self.assertEqual(out.getvalue().strip(), text.strip())

    def test_many_weak_beat_one_medium_in_kiwi_not_in_plumb(self):
        """The documented difference: kiwi weighs strengths into one sum,
        Plumb keeps them as levels."""
        def run(m):
            x = m.Variable("x")
            s = m.Solver()
            s.addConstraint((x == 0) | "medium")
            for _ in range(1001):
                s.addConstraint((x == 10) | "weak")
            s.updateVariables()
            return x.value()

        self.assertEqual(run(kiwisolver), 10.0)  # 1001 x 1 outweighs 1000
        self.assertEqual(run(pk), 0.0)           # the medium level is minimised first

    def test_strength_order_is_kept(self):
        values = [0, 0.5, 1, 2, 999, 1000, 1001, 1e6 - 1, 1e6, 1e6 + 1, 5e8, 1001000999]
        priorities = [pk.priority_of(v) for v in values]
        self.assertEqual(priorities, sorted(priorities))
        self.assertEqual(len(set(priorities)), len(priorities))
        self.assertEqual(priorities[0], 1.0)
        self.assertLess(priorities[-1], 1000.0)
        self.assertEqual(pk.priority_of("required"), 1000.0)


def random_system(rng):
    """A feasible system: required equalities and inequalities through a
    random point, and optional constraints at one strength, each scaled by a
    random factor (so that the optimum is unique), plus edit variables at the
    same strength."""
    n = rng.randint(2, 8)
    point = [rng.uniform(-100, 100) for _ in range(n)]
    # Strengths stay at or below medium: with "strong" (1e6) or more,
    # kiwisolver 1.5.1 now and then aborts the whole process ("The objective
    # is unbounded", an uncaught C++ exception) on a bounded system of this
    # generator, about once in 2,000 systems and not on every run (its pivot
    # order follows memory addresses); Plumb solves those systems.
    level = rng.choice(["weak", "medium", rng.uniform(0.1, 1000)])
    required, optional = [], []

    def linear(k):
        chosen = rng.sample(range(n), k)
        return [(j, rng.choice([-1, 1]) * rng.uniform(0.2, 3)) for j in chosen]

    for _ in range(rng.randint(0, n - 1)):
        terms = linear(rng.randint(1, min(3, n)))
        required.append((terms, -sum(c * point[j] for j, c in terms), "=="))
    for _ in range(rng.randint(0, 2 * n)):
        terms = linear(rng.randint(1, min(3, n)))
        value = sum(c * point[j] for j, c in terms)
        required.append((terms, -value - rng.uniform(0, 30), "<="))
    edits = rng.sample(range(n), rng.randint(0, min(2, n)))
    for j in range(n):
        if j not in edits:
            scale = rng.uniform(0.3, 3)
            optional.append(([(j, scale)], -scale * rng.uniform(-150, 150), "=="))
    for _ in range(rng.randint(0, 2 * n)):
        terms = linear(rng.randint(1, min(3, n)))
        optional.append((terms, rng.uniform(-200, 200), rng.choice(["==", "<=", ">="])))
    suggestions = [[rng.uniform(-150, 150) for _ in edits] for _ in range(3)]
    return n, required, optional, level, edits, suggestions


def solve_with(m, system, rng_seed):
    """Adds the system, then changes the suggestions twice and removes half
    of the optional constraints beyond the variables' own; the values after
    each step."""
    n, required, optional, level, edits, suggestions = system
    xs = [m.Variable("v%d" % j) for j in range(n)]
    s = m.Solver()

    def make(terms, constant, op, strength):
        expression = m.Expression([m.Term(xs[j], c) for j, c in terms], constant)
        return m.Constraint(expression, op, strength)

    for terms, constant, op in required:
        s.addConstraint(make(terms, constant, op, "required"))
    added = [make(terms, constant, op, level) for terms, constant, op in optional]
    for c in added:
        s.addConstraint(c)
    # Removals leave every variable's own scaled equality (the first
    # n - len(edits) optional rows) in place: without it a variable can be
    # free over an interval at zero cost, and then kiwi and Plumb may both
    # be optimal at different points (found: case 281 of an earlier
    # generator, v1 anywhere in [20.45, 28.95]).
    removable = added[n - len(edits):]
    for j in edits:
        s.addEditVariable(xs[j], level)
    snapshots = []
    rng = random.Random(rng_seed)
    for step, values in enumerate(suggestions):
        for j, v in zip(edits, values):
            s.suggestValue(xs[j], v)
        if step == 1:
            for c in rng.sample(removable, len(removable) // 2):
                s.removeConstraint(c)
        s.updateVariables()
        snapshots.append([x.value() for x in xs])
    return snapshots


class RandomSystemTests(unittest.TestCase):
    def test_random_systems_match_kiwisolver(self):
        rng = random.Random(20240917)
        compared = 0
        for case in range(300):
            system = random_system(rng)
            expected = solve_with(kiwisolver, system, case)
            actual = solve_with(pk, system, case)
            for step, (e, a) in enumerate(zip(expected, actual)):
                for j, (ev, av) in enumerate(zip(e, a)):
                    self.assertAlmostEqual(av, ev, delta=1e-6,
                                           msg="case %d step %d v%d: %s" % (case, step, j, system))
                    compared += 1
        self.assertGreater(compared, 3000)


if __name__ == "__main__":
    unittest.main()
