/// One product `coefficient · variable` of a ``LinearExpression``.
///
/// - Complexity: Every member is O(1).
public struct Term: CustomStringConvertible {
    /// The variable multiplied.
    ///
    /// - Complexity: O(1).
    public var variable: Variable
    /// The factor; any `Double`, though the solver rejects NaN and infinities
    /// when a constraint using it is added.
    ///
    /// - Complexity: O(1).
    public var coefficient: Double

    /// Creates `coefficient · variable`.
    ///
    /// - Complexity: O(1).
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// `coefficient · variable.value`, from the variable's last updated value.
    ///
    /// - Complexity: O(1).
    public var value: Double { coefficient * variable.value }

    /// `x`, `-x` or `2*x`.
    ///
    /// - Complexity: O(length of the name).
    public var description: String {
        switch coefficient {
        case 1: variable.name
        case -1: "-" + variable.name
        default: LinearExpression.render(coefficient) + "*" + variable.name
        }
    }
}

/// A sum of terms plus a constant: `Σ coefficientᵢ · variableᵢ + constant`.
///
/// Expressions are usually written with operators, which accept any mix of
/// ``Variable``, ``Term`` and `LinearExpression` (the ``LinearOperand`` types)
/// and `Double` constants:
///
/// ```swift
/// let x = Variable("x"), y = Variable("y")
/// let e = 2 * x + y - 10        // 2*x + y - 10
/// let mid = (x + y) / 2         // 0.5*x + 0.5*y
/// ```
///
/// The operators keep every term as written, so `x + x` has two terms;
/// ``simplified()`` merges repeated variables, and a ``LinearConstraint``
/// stores its expression simplified. Only linear expressions can be written:
/// there is no product of two variables.
public struct LinearExpression: CustomStringConvertible {
    /// The terms, in the order they were written; a variable may repeat.
    ///
    /// - Complexity: O(1).
    public var terms: [Term]
    /// The constant added to the terms.
    ///
    /// - Complexity: O(1).
    public var constant: Double

    /// Creates `Σ terms + constant`.
    ///
    /// - Complexity: O(1).
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression `1 · variable`.
    ///
    /// - Complexity: O(1).
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// The value of the expression from its variables' last updated values.
    ///
    /// - Complexity: O(`terms.count`).
    public var value: Double {
        terms.reduce(constant) { $0 + $1.value }
    }

    /// The same expression with each variable appearing once, in order of its
    /// first appearance, and terms whose coefficients sum to exactly zero dropped.
    ///
    /// - Complexity: O(`terms.count`) expected (one hash lookup per term).
    public func simplified() -> LinearExpression {
        var slot: [ObjectIdentifier: Int] = [:]
        slot.reserveCapacity(terms.count)
        var merged: [Term] = []
        merged.reserveCapacity(terms.count)
        for term in terms {
            let id = ObjectIdentifier(term.variable)
            if let i = slot[id] {
                merged[i].coefficient += term.coefficient
            } else {
                slot[id] = merged.count
                merged.append(term)
            }
        }
        merged.removeAll { $0.coefficient == 0 }
        return LinearExpression(merged, constant: constant)
    }

    /// The expression multiplied by `factor` (terms and constant).
    ///
    /// - Complexity: O(`terms.count`).
    func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }

    /// The expression divided by `divisor` (terms and constant); divides
    /// rather than multiplying by `1 / divisor`, so `x / 3` rounds once.
    ///
    /// - Complexity: O(`terms.count`).
    func divided(by divisor: Double) -> LinearExpression {
        LinearExpression(terms.map { Term($0.variable, $0.coefficient / divisor) }, constant: constant / divisor)
    }

    /// `2*x + y - 10`; `0` for the empty expression.
    ///
    /// - Complexity: O(terms).
    public var description: String {
        Self.render(terms: terms, constant: constant)
    }

    /// Renders `Σ terms + constant` with signs folded into the joins
    /// (`x - 2*y + 3`, not `x + -2*y + 3`).
    static func render(terms: [Term], constant: Double) -> String {
        var s = ""
        for term in terms {
            if s.isEmpty {
                s = term.description
            } else if term.coefficient < 0 {
                s += " - " + Term(term.variable, -term.coefficient).description
            } else {
                s += " + " + term.description
            }
        }
        if s.isEmpty { return render(constant) }
        if constant > 0 { s += " + " + render(constant) }
        if constant < 0 { s += " - " + render(-constant) }
        if constant.isNaN { s += " + nan" }
        return s
    }

    /// A number as a person would write it in code: `10`, not `10.0`.
    static func render(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}

/// A value that can stand in a linear expression: ``Variable``, ``Term`` or
/// ``LinearExpression``.
///
/// The arithmetic and relation operators are generic over this protocol so
/// that one overload covers every mix of operand types, which keeps the
/// overload sets the type checker searches small. `Double` deliberately does
/// not conform: numbers have their own overloads, so a literal such as the
/// `10` in `x + 10` has exactly one reading.
public protocol LinearOperand: CustomStringConvertible {
    /// The operand as an expression.
    ///
    /// - Complexity: O(1) for the conformances in this module.
    var linearExpression: LinearExpression { get }
}

extension Variable: LinearOperand {
    /// `1 · self`.
    ///
    /// - Complexity: O(1) (one small allocation).
    public var linearExpression: LinearExpression { LinearExpression(self) }
}

extension Term: LinearOperand {
    /// An expression with this one term.
    ///
    /// - Complexity: O(1) (one small allocation).
    public var linearExpression: LinearExpression { LinearExpression([self]) }
}

extension LinearExpression: LinearOperand {
    /// `self`.
    ///
    /// - Complexity: O(1).
    public var linearExpression: LinearExpression { self }
}

// MARK: - Arithmetic
//
// Every operator returns a `LinearExpression` and is O(terms of the operands).
// Terms are concatenated, not merged; see `LinearExpression.simplified()`.

/// The sum of two linear operands.
///
/// - Complexity: O(terms of the operands).
public func + <L: LinearOperand, R: LinearOperand>(lhs: L, rhs: R) -> LinearExpression {
    var e = lhs.linearExpression
    let r = rhs.linearExpression
    e.terms += r.terms
    e.constant += r.constant
    return e
}

/// A linear operand plus a constant.
///
/// - Complexity: O(terms of the operands).
public func + <L: LinearOperand>(lhs: L, rhs: Double) -> LinearExpression {
    var e = lhs.linearExpression
    e.constant += rhs
    return e
}

/// A constant plus a linear operand.
///
/// - Complexity: O(terms of the operands).
public func + <R: LinearOperand>(lhs: Double, rhs: R) -> LinearExpression {
    rhs + lhs
}

/// The difference of two linear operands.
///
/// - Complexity: O(terms of the operands).
public func - <L: LinearOperand, R: LinearOperand>(lhs: L, rhs: R) -> LinearExpression {
    lhs + rhs.linearExpression.scaled(by: -1)
}

/// A linear operand minus a constant.
///
/// - Complexity: O(terms of the operands).
public func - <L: LinearOperand>(lhs: L, rhs: Double) -> LinearExpression {
    lhs + (-rhs)
}

/// A constant minus a linear operand.
///
/// - Complexity: O(terms of the operands).
public func - <R: LinearOperand>(lhs: Double, rhs: R) -> LinearExpression {
    rhs.linearExpression.scaled(by: -1) + lhs
}

/// The negation of a linear operand.
///
/// - Complexity: O(terms of the operands).
public prefix func - <L: LinearOperand>(operand: L) -> LinearExpression {
    operand.linearExpression.scaled(by: -1)
}

/// A linear operand times a constant.
///
/// - Complexity: O(terms of the operand).
public func * <L: LinearOperand>(lhs: L, rhs: Double) -> LinearExpression {
    lhs.linearExpression.scaled(by: rhs)
}

/// A constant times a linear operand.
///
/// - Complexity: O(terms of the operand).
public func * <R: LinearOperand>(lhs: Double, rhs: R) -> LinearExpression {
    rhs.linearExpression.scaled(by: lhs)
}

/// A linear operand divided by a constant. Dividing by zero gives infinite or
/// NaN coefficients, which ``Solver/addConstraint(_:file:line:)`` rejects
/// with ``SolverError/nonFinite(_:)``.
///
/// - Complexity: O(terms of the operand).
public func / <L: LinearOperand>(lhs: L, rhs: Double) -> LinearExpression {
    lhs.linearExpression.divided(by: rhs)
}
