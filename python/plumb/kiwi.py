"""A stand-in for kiwisolver whose solving is Plumb's (through libplumbc).

    import plumb.kiwi as kiwisolver

The classes and functions have kiwisolver's names, signatures and
exceptions: ``Variable``, ``Term``, ``Expression``, ``Constraint``,
``Solver``, ``strength`` and the six exceptions. The expression algebra
lives here in Python; every constraint, edit variable and suggestion goes
to a Plumb ``Solver`` through the C library.

Strengths. kiwisolver's strength is a number ``s`` in ``[0, required]``
(``strength.create(a, b, c, w)`` is ``a*w``, ``b*w`` and ``c*w`` each clipped
to ``[0, 1000]`` and weighted by 1e6, 1e3 and 1; ``required`` is
``create(1000, 1000, 1000)``). A constraint of strength ``s < required`` goes
to Plumb at priority

    p(s) = 1 + 998 * ln(1 + s) / ln(1 + required)

which is strictly increasing, so kiwi's order of strengths is kept, with
``p(0) = 1`` and ``p(s) < 999`` below required (weak 34.38, medium 333.70,
strong 666.30); ``s >= required`` is Plumb's required (1000). Plumb's
priorities are exact levels: where kiwi minimises one weighted sum over
all strengths, Plumb minimises the violation at the highest level first.
The answers agree whenever every optional constraint has the same strength,
and differ when many weaker constraints would outweigh a stronger one in
kiwi's sum (see python/README.md).
"""

import ctypes
import math
import numbers

from . import _lib
from ._lib import PlumbError, call, library, take_string

#: The kiwisolver release whose interface this module follows and was
#: compared with (matplotlib checks that kiwisolver is at least 1.3.1).
__version__ = "1.5.1"

__all__ = [
    "Variable", "Term", "Expression", "Constraint", "Solver", "strength",
    "UnsatisfiableConstraint", "DuplicateConstraint", "UnknownConstraint",
    "DuplicateEditVariable", "UnknownEditVariable", "BadRequiredStrength",
    "priority_of",
]


# ----------------------------------------------------------------------------
# Exceptions


class BadRequiredStrength(Exception):
    """An edit variable was given the required strength."""


class _WithConstraint(Exception):
    def __init__(self, constraint):
        super().__init__(constraint)
        self.constraint = constraint


class _WithEditVariable(Exception):
    def __init__(self, edit_variable):
        super().__init__(edit_variable)
        self.edit_variable = edit_variable


class UnsatisfiableConstraint(_WithConstraint):
    """A required constraint that cannot hold with the required constraints
    already in the solver; ``constraint`` is the one being added, and
    ``conflict`` Plumb's minimal set of conflicting constraints."""

    def __init__(self, constraint, conflict=()):
        super().__init__(constraint)
        self.conflict = tuple(conflict)


class DuplicateConstraint(_WithConstraint):
    """The constraint is already in the solver."""


class UnknownConstraint(_WithConstraint):
    """The constraint is not in the solver."""


class DuplicateEditVariable(_WithEditVariable):
    """The variable is already an edit variable of the solver."""


class UnknownEditVariable(_WithEditVariable):
    """The variable is not an edit variable of the solver."""


# ----------------------------------------------------------------------------
# Strengths


class _Strength:
    """kiwisolver's strength helper: ``weak`` (1), ``medium`` (1e3),
    ``strong`` (1e6), ``required`` and ``create(a, b, c, w=1.0)``."""

    __slots__ = ()

    @staticmethod
    def create(a, b, c, weight=1.0):
        def part(x):
            return min(max(float(x) * weight, 0.0), 1000.0)

        return part(a) * 1e6 + part(b) * 1e3 + part(c)

    @property
    def weak(self):
        return self.create(0, 0, 1)

    @property
    def medium(self):
        return self.create(0, 1, 0)

    @property
    def strong(self):
        return self.create(1, 0, 0)

    @property
    def required(self):
        return self.create(1000, 1000, 1000)


strength = _Strength()
_REQUIRED = strength.required
_NAMED = {"weak": strength.weak, "medium": strength.medium, "strong": strength.strong, "required": _REQUIRED}


def _strength_value(value):
    """A strength given as a name or a number, clipped to [0, required]."""
    if isinstance(value, str):
        try:
            return _NAMED[value]
        except KeyError:
            raise ValueError(
                "a strength name is 'required', 'strong', 'medium' or 'weak', not %r" % value
            ) from None
    if isinstance(value, numbers.Real):
        return min(max(float(value), 0.0), _REQUIRED)
    raise TypeError("a strength is a number or a name, not %s" % type(value).__name__)


def priority_of(s):
    """The Plumb priority (1...1000) that kiwi strength ``s`` maps to."""
    s = _strength_value(s)
    if s >= _REQUIRED:
        return _lib.REQUIRED
    return 1.0 + 998.0 * math.log1p(s) / math.log1p(_REQUIRED)


# ----------------------------------------------------------------------------
# The expression algebra


def _number(x):
    return isinstance(x, numbers.Real)


def _format_number(x):
    return repr(float(x)) if x != int(x) or abs(x) >= 1e16 else str(int(x))


class _Linear:
    """What Variable, Term and Expression share: arithmetic and relations."""

    __slots__ = ()
    __hash__ = None

    def _expression(self):
        raise NotImplementedError

    @staticmethod
    def _operand(other):
        """``other`` as an Expression, or None when it is not a linear operand."""
        if isinstance(other, _Linear):
            return other._expression()
        if _number(other):
            return Expression((), float(other))
        return None

    def __add__(self, other):
        o = self._operand(other)
        if o is None:
            return NotImplemented
        e = self._expression()
        return Expression(e._terms + o._terms, e._constant + o._constant)

    def __radd__(self, other):
        o = self._operand(other)
        if o is None:
            return NotImplemented
        e = self._expression()
        return Expression(o._terms + e._terms, o._constant + e._constant)

    def __sub__(self, other):
        o = self._operand(other)
        if o is None:
            return NotImplemented
        return self + (-o)

    def __rsub__(self, other):
        o = self._operand(other)
        if o is None:
            return NotImplemented
        return o + (-self)

    def __mul__(self, other):
        if not _number(other):
            return NotImplemented
        return self._scaled(float(other))

    __rmul__ = __mul__

    def __truediv__(self, other):
        if not _number(other):
            return NotImplemented
        if other == 0:
            raise ZeroDivisionError("division of a linear expression by zero")
        return self._scaled(1.0 / float(other))

    def __rtruediv__(self, other):
        return NotImplemented

    def __neg__(self):
        return self._scaled(-1.0)

    def _relation(self, other, op):
        o = self._operand(other)
        if o is None:
            return NotImplemented
        return Constraint(self - o, op)

    def __eq__(self, other):
        return self._relation(other, "==")

    def __le__(self, other):
        return self._relation(other, "<=")

    def __ge__(self, other):
        return self._relation(other, ">=")

    def _unsupported(self, other, symbol):
        raise TypeError("unsupported operand type(s) for %s: %r and %r; constraints use ==, <= and >="
                        % (symbol, type(self).__name__, type(other).__name__))

    def __ne__(self, other):
        self._unsupported(other, "!=")

    def __lt__(self, other):
        self._unsupported(other, "<")

    def __gt__(self, other):
        self._unsupported(other, ">")


class Variable(_Linear):
    """A named unknown; its ``value()`` is set by ``Solver.updateVariables``."""

    __slots__ = ("_name", "_context", "_handle", "__weakref__")

    def __init__(self, name="", context=None):
        if not isinstance(name, str):
            raise TypeError("a variable's name is a str, not %s" % type(name).__name__)
        self._name = name
        self._context = context
        self._handle = None

    def _c(self):
        """The library's variable (made on first use, named as the variable is then)."""
        if self._handle is None:
            handle = ctypes.c_void_p()
            call("plumb_variable_new", self._name.encode("utf-8"), ctypes.byref(handle))
            self._handle = handle
        return self._handle

    def name(self):
        return self._name

    def setName(self, name):
        if not isinstance(name, str):
            raise TypeError("a variable's name is a str, not %s" % type(name).__name__)
        self._name = name

    def context(self):
        return self._context

    def setContext(self, context):
        self._context = context

    def value(self):
        if self._handle is None:
            return 0.0
        out = ctypes.c_double()
        call("plumb_variable_value", self._handle, ctypes.byref(out))
        return out.value

    def _expression(self):
        return Expression((Term(self),), 0.0)

    def _scaled(self, c):
        return Term(self, c)

    def __repr__(self):
        return self._name

    __str__ = __repr__

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle is not None and _lib._lib is not None:
            try:
                _lib._lib.plumb_variable_free(handle)
            except Exception:  # at interpreter exit, ctypes may be gone
                pass


class Term(_Linear):
    """A variable times a coefficient."""

    __slots__ = ("_variable", "_coefficient")

    def __init__(self, variable, coefficient=1.0):
        if not isinstance(variable, Variable):
            raise TypeError("a term's variable is a Variable, not %s" % type(variable).__name__)
        if not _number(coefficient):
            raise TypeError("a term's coefficient is a number, not %s" % type(coefficient).__name__)
        self._variable = variable
        self._coefficient = float(coefficient)

    def variable(self):
        return self._variable

    def coefficient(self):
        return self._coefficient

    def value(self):
        return self._coefficient * self._variable.value()

    def _expression(self):
        return Expression((self,), 0.0)

    def _scaled(self, c):
        return Term(self._variable, self._coefficient * c)

    def __repr__(self):
        return "%s * %s" % (_format_number(self._coefficient), self._variable._name)


class Expression(_Linear):
    """A sum of terms plus a constant."""

    __slots__ = ("_terms", "_constant")

    def __init__(self, terms, constant=0.0):
        terms = tuple(terms)
        for t in terms:
            if not isinstance(t, Term):
                raise TypeError("an expression's terms are Terms, not %s" % type(t).__name__)
        if not _number(constant):
            raise TypeError("an expression's constant is a number, not %s" % type(constant).__name__)
        self._terms = terms
        self._constant = float(constant)

    def terms(self):
        return self._terms

    def constant(self):
        return self._constant

    def value(self):
        return sum(t.value() for t in self._terms) + self._constant

    def _expression(self):
        return self

    def _scaled(self, c):
        return Expression(tuple(t._scaled(c) for t in self._terms), self._constant * c)

    def _reduced(self):
        """The same expression with one term per variable (first-appearance order)."""
        merged = {}
        for t in self._terms:
            key = id(t._variable)
            if key in merged:
                v, c = merged[key]
                merged[key] = (v, c + t._coefficient)
            else:
                merged[key] = (t._variable, t._coefficient)
        return Expression(tuple(Term(v, c) for v, c in merged.values()), self._constant)

    def __repr__(self):
        parts = [repr(t) for t in self._terms]
        parts.append(_format_number(self._constant))
        return " + ".join(parts)


_OPS = {"==": _lib.EQ, "<=": _lib.LE, ">=": _lib.GE}


class Constraint:
    """``expression op 0`` at a strength; immutable. ``constraint | strength``
    is a copy at another strength."""

    __slots__ = ("_expression", "_op", "_strength", "_handle", "__weakref__")

    def __init__(self, expression, op, strength="required"):
        if not isinstance(expression, Expression):
            raise TypeError("a constraint's expression is an Expression, not %s" % type(expression).__name__)
        if op not in _OPS:
            raise ValueError("a relational operator is '==', '<=' or '>=', not %r" % (op,))
        self._expression = expression._reduced()
        self._op = op
        self._strength = _strength_value(strength)
        self._handle = None

    def expression(self):
        return self._expression

    def op(self):
        return self._op

    def strength(self):
        return self._strength

    def violated(self):
        """Whether the variables' current values break the constraint (an
        equality within 1e-8 holds)."""
        v = self._expression.value()
        if self._op == "==":
            return abs(v) >= 1e-8
        if self._op == "<=":
            return v > 0.0
        return v < 0.0

    def __or__(self, other):
        return Constraint(self._expression, self._op, other)

    __ror__ = __or__

    def _c(self):
        """The library's constraint (made on first use)."""
        if self._handle is None:
            terms = self._expression._terms
            n = len(terms)
            variables = (ctypes.c_void_p * max(n, 1))(*[t._variable._c().value for t in terms])
            coefficients = (ctypes.c_double * max(n, 1))(*[t._coefficient for t in terms])
            handle = ctypes.c_void_p()
            call("plumb_constraint_new", n, variables, coefficients, self._expression._constant,
                 _OPS[self._op], priority_of(self._strength), ctypes.byref(handle))
            self._handle = handle
        return self._handle

    def __repr__(self):
        return "%r %s 0 | strength = %g" % (self._expression, self._op, self._strength)

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle is not None and _lib._lib is not None:
            try:
                _lib._lib.plumb_constraint_free(handle)
            except Exception:  # at interpreter exit, ctypes may be gone
                pass


# ----------------------------------------------------------------------------
# The solver


class Solver:
    """kiwisolver's Solver over a Plumb solver. Not thread-safe beyond what
    the library guarantees (its calls on one solver are serialised)."""

    def __init__(self):
        handle = ctypes.c_void_p()
        call("plumb_solver_new", ctypes.byref(handle))
        self._handle = handle
        # What is in the solver, by identity, so that the Python objects live
        # as long as the solver holds them and conflicts map back to them.
        self._constraints = {}
        self._edits = {}

    @staticmethod
    def _check(value, kind, name):
        if not isinstance(value, kind):
            raise TypeError("%s takes a %s, not %s" % (name, kind.__name__, type(value).__name__))

    def addConstraint(self, constraint):
        self._check(constraint, Constraint, "addConstraint")
        try:
            call("plumb_solver_add_constraint", self._handle, constraint._c())
        except PlumbError as error:
            if error.status == _lib.ERROR_DUPLICATE_CONSTRAINT:
                raise DuplicateConstraint(constraint) from None
            if error.status == _lib.ERROR_UNSATISFIABLE:
                raise UnsatisfiableConstraint(constraint, self._conflict(constraint)) from None
            raise
        self._constraints[id(constraint)] = constraint

    def _conflict(self, adding):
        count = ctypes.c_size_t()
        call("plumb_solver_conflict", self._handle, None, 0, ctypes.byref(count))
        handles = (ctypes.c_void_p * max(count.value, 1))()
        call("plumb_solver_conflict", self._handle, handles, count.value, ctypes.byref(count))
        known = {c._handle.value: c for c in self._constraints.values()}
        known[adding._handle.value] = adding
        return [known[h] for h in handles[:count.value] if h in known]

    def removeConstraint(self, constraint):
        self._check(constraint, Constraint, "removeConstraint")
        if id(constraint) not in self._constraints:
            raise UnknownConstraint(constraint)
        call("plumb_solver_remove_constraint", self._handle, constraint._c())
        del self._constraints[id(constraint)]

    def hasConstraint(self, constraint):
        self._check(constraint, Constraint, "hasConstraint")
        return id(constraint) in self._constraints

    def addEditVariable(self, variable, strength):
        self._check(variable, Variable, "addEditVariable")
        s = _strength_value(strength)
        if s >= _REQUIRED:
            raise BadRequiredStrength("an edit variable cannot have the required strength")
        try:
            call("plumb_solver_add_edit_variable", self._handle, variable._c(), priority_of(s))
        except PlumbError as error:
            if error.status == _lib.ERROR_DUPLICATE_EDIT_VARIABLE:
                raise DuplicateEditVariable(variable) from None
            raise
        self._edits[id(variable)] = variable

    def removeEditVariable(self, variable):
        self._check(variable, Variable, "removeEditVariable")
        if id(variable) not in self._edits:
            raise UnknownEditVariable(variable)
        call("plumb_solver_remove_edit_variable", self._handle, variable._c())
        del self._edits[id(variable)]

    def hasEditVariable(self, variable):
        self._check(variable, Variable, "hasEditVariable")
        return id(variable) in self._edits

    def suggestValue(self, variable, value):
        self._check(variable, Variable, "suggestValue")
        if not _number(value):
            raise TypeError("suggestValue takes a number, not %s" % type(value).__name__)
        if id(variable) not in self._edits:
            raise UnknownEditVariable(variable)
        call("plumb_solver_suggest_value", self._handle, variable._c(), float(value))

    def updateVariables(self):
        call("plumb_solver_update_variables", self._handle)

    def reset(self):
        call("plumb_solver_reset", self._handle)
        self._constraints.clear()
        self._edits.clear()

    def dumps(self):
        out = ctypes.c_void_p()
        call("plumb_solver_dump", self._handle, ctypes.byref(out))
        return take_string(out)

    def dump(self):
        print(self.dumps())

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle is not None and _lib._lib is not None:
            try:
                _lib._lib.plumb_solver_free(handle)
            except Exception:  # at interpreter exit, ctypes may be gone
                pass
