/// A linear relation `expression ⋈ 0` at a priority, with the origin that
/// names it in errors.
///
/// Constraints are usually written with the relation operators `==`, `<=`
/// and `>=`, then adjusted with ``priority(_:file:line:)`` and
/// ``labeled(_:file:line:)``:
///
/// ```swift
/// let x = Variable("x"), y = Variable("y")
/// let sum = x + y == 10                              // required
/// let pull = (x == 100).priority(.low).labeled("x")  // at 250
/// ```
///
/// A constraint is immutable and has identity: a ``Solver`` knows it as this
/// object, so the same object is what ``Solver/removeConstraint(_:)`` takes.
/// The modifiers return new constraints.
///
/// The origin's ``Origin/text`` renders the constraint as written
/// (`2*x + y == 10`, prefixed with the label, if any, as `width: …`). Swift
/// operators cannot take `#fileID`/`#line`, so a constraint made by an operator
/// takes its source location from the first of: a modifier call on it, or the
/// ``Solver/addConstraint(_:file:line:)`` that first adds it.
public final class LinearConstraint: Hashable, CustomStringConvertible {
    /// The left side minus the right side, simplified (each variable once).
    ///
    /// - Complexity: O(1).
    public internal(set) var expression: LinearExpression
    /// How ``expression`` relates to zero.
    ///
    /// - Complexity: O(1).
    public let relation: Relation
    /// The priority; ``Priority/required`` unless changed.
    ///
    /// - Complexity: O(1).
    public internal(set) var priority: Priority
    /// The label given by ``labeled(_:file:line:)``, or `nil`.
    ///
    /// - Complexity: O(1).
    public let label: String?
    /// Where the constraint came from: kind ``Origin/Kind/code``, its rendering
    /// as ``Origin/text``, and the Swift file and line that made it.
    ///
    /// - Complexity: O(1).
    public internal(set) var origin: Origin

    /// The rendering without the label, shared by the modified copies.
    private var rendering: String

    /// Creates `expression ⋈ 0`.
    ///
    /// - Parameters:
    ///   - expression: The expression related to zero; it is stored simplified.
    ///   - relation: How it relates to zero.
    ///   - priority: ``Priority/required`` by default.
    ///   - label: An optional name, shown in errors before the rendering.
    ///   - file: The file that made the constraint, recorded in ``origin``.
    ///   - line: The line that made the constraint, recorded in ``origin``.
    /// - Complexity: O(`expression.terms.count`).
    public init(
        _ expression: LinearExpression, _ relation: Relation, priority: Priority = .required,
        label: String? = nil, file: String = #fileID, line: Int = #line
    ) {
        let simple = expression.simplified()
        let left = LinearExpression.render(terms: simple.terms, constant: 0)
        let text = "\(left) \(Self.symbol(relation)) \(LinearExpression.render(-simple.constant))"
        self.expression = simple
        self.relation = relation
        self.priority = priority
        self.label = label
        self.rendering = text
        self.origin = Self.origin(label: label, rendering: text, file: file, line: line)
    }

    /// The designated initialiser: everything given, `expression` already simplified.
    init(simplified expression: LinearExpression, relation: Relation, priority: Priority, label: String?,
         rendering: String, file: String?, line: Int?) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
        self.label = label
        self.rendering = rendering
        self.origin = Self.origin(label: label, rendering: rendering, file: file, line: line)
    }

    /// Builds `lhs ⋈ rhs` as `lhs - rhs ⋈ 0`, rendered as written, with no source location yet.
    convenience init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression,
                     lhsText: String, rhsText: String) {
        var difference = lhs
        difference.terms += rhs.terms.map { Term($0.variable, -$0.coefficient) }
        difference.constant -= rhs.constant
        self.init(simplified: difference.simplified(), relation: relation, priority: .required, label: nil,
                  rendering: "\(lhsText) \(Self.symbol(relation)) \(rhsText)", file: nil, line: nil)
    }

    /// A copy of this constraint at `priority`.
    ///
    /// The copy is a different constraint: adding it to a solver that holds
    /// this one adds a second row.
    /// - Parameters:
    ///   - priority: The new priority, e.g. `.low` or `500`.
    ///   - file: Recorded as the origin's file when the constraint has none yet.
    ///   - line: Recorded as the origin's line when the constraint has none yet.
    /// - Complexity: O(1) (the expression's storage is shared).
    public func priority(_ priority: Priority, file: String = #fileID, line: Int = #line) -> LinearConstraint {
        copy(priority: priority, label: label, file: file, line: line)
    }

    /// A copy of this constraint named `label` in errors and dumps.
    ///
    /// - Parameters:
    ///   - label: The name, e.g. `"width"`.
    ///   - file: Recorded as the origin's file when the constraint has none yet.
    ///   - line: Recorded as the origin's line when the constraint has none yet.
    /// - Complexity: O(1) (the expression's storage is shared).
    public func labeled(_ label: String, file: String = #fileID, line: Int = #line) -> LinearConstraint {
        copy(priority: priority, label: label, file: file, line: line)
    }

    /// A copy with a new priority and label that keeps this constraint's source
    /// location, or takes `file`/`line` when it has none.
    private func copy(priority: Priority, label: String?, file: String, line: Int) -> LinearConstraint {
        let located = origin.file != nil
        return LinearConstraint(simplified: expression, relation: relation, priority: priority, label: label,
                                rendering: rendering, file: located ? origin.file : file,
                                line: located ? origin.line : line)
    }

    /// Records where the constraint was made if nothing has yet; see the type's
    /// discussion of source locations.
    /// Takes a new expression (already simplified) and priority, as
    /// ``Solver/setConstant(_:of:)`` and its siblings change them, and renders
    /// the origin's text anew (the source location is kept).
    func reshape(expression: LinearExpression, priority: Priority) {
        self.expression = expression
        self.priority = priority
        rendering = "\(LinearExpression.render(terms: expression.terms, constant: 0)) \(Self.symbol(relation)) "
            + LinearExpression.render(-expression.constant)
        let location = (origin.file, origin.line)
        origin = Self.origin(label: label, rendering: rendering, file: location.0, line: location.1)
    }

    func stampLocationIfMissing(file: String, line: Int) {
        guard origin.file == nil else { return }
        origin.file = file
        origin.line = line
    }

    /// Identity: `true` only when `a` and `b` are the same object.
    ///
    /// - Complexity: O(1).
    public static func == (a: LinearConstraint, b: LinearConstraint) -> Bool { a === b }

    /// Hashes the object's identity.
    ///
    /// - Complexity: O(1).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// `width: 2*x + y == 10 @250`: label, rendering, and the priority unless required.
    ///
    /// - Complexity: O(length of the label and rendering).
    public var description: String {
        origin.text + (priority.isRequired ? "" : " @\(priority)")
    }

    private static func origin(label: String?, rendering: String, file: String?, line: Int?) -> Origin {
        Origin(kind: .code, text: label.map { "\($0): \(rendering)" } ?? rendering, file: file, line: line)
    }

    /// The relation as written in Swift.
    static func symbol(_ relation: Relation) -> String {
        switch relation {
        case .equal: "=="
        case .lessOrEqual: "<="
        case .greaterOrEqual: ">="
        }
    }
}

// MARK: - Relation operators
//
// Each builds a required `LinearConstraint` of `lhs - rhs ⋈ 0` and is
// O(terms of the operands). `Double` sides have their own overloads so that
// a literal has one reading; see `LinearOperand`.

/// `lhs == rhs`, required.
///
/// - Complexity: O(terms of the operands).
public func == <L: LinearOperand, R: LinearOperand>(lhs: L, rhs: R) -> LinearConstraint {
    LinearConstraint(lhs.linearExpression, .equal, rhs.linearExpression, lhsText: lhs.description, rhsText: rhs.description)
}

/// `lhs == rhs`, required.
///
/// - Complexity: O(terms of the operands).
public func == <L: LinearOperand>(lhs: L, rhs: Double) -> LinearConstraint {
    LinearConstraint(lhs.linearExpression, .equal, LinearExpression(constant: rhs),
                     lhsText: lhs.description, rhsText: LinearExpression.render(rhs))
}

/// `lhs == rhs`, required.
///
/// - Complexity: O(terms of the operands).
public func == <R: LinearOperand>(lhs: Double, rhs: R) -> LinearConstraint {
    LinearConstraint(LinearExpression(constant: lhs), .equal, rhs.linearExpression,
                     lhsText: LinearExpression.render(lhs), rhsText: rhs.description)
}

/// `lhs <= rhs`, required.
///
/// - Complexity: O(terms of the operands).
public func <= <L: LinearOperand, R: LinearOperand>(lhs: L, rhs: R) -> LinearConstraint {
    LinearConstraint(lhs.linearExpression, .lessOrEqual, rhs.linearExpression, lhsText: lhs.description, rhsText: rhs.description)
}

/// `lhs <= rhs`, required.
///
/// - Complexity: O(terms of the operands).
public func <= <L: LinearOperand>(lhs: L, rhs: Double) -> LinearConstraint {
    LinearConstraint(lhs.linearExpression, .lessOrEqual, LinearExpression(constant: rhs),
                     lhsText: lhs.description, rhsText: LinearExpression.render(rhs))
}

/// `lhs <= rhs`, required.
///
/// - Complexity: O(terms of the operands).
public func <= <R: LinearOperand>(lhs: Double, rhs: R) -> LinearConstraint {
    LinearConstraint(LinearExpression(constant: lhs), .lessOrEqual, rhs.linearExpression,
                     lhsText: LinearExpression.render(lhs), rhsText: rhs.description)
}

/// `lhs >= rhs`, required.
///
/// - Complexity: O(terms of the operands).
public func >= <L: LinearOperand, R: LinearOperand>(lhs: L, rhs: R) -> LinearConstraint {
    LinearConstraint(lhs.linearExpression, .greaterOrEqual, rhs.linearExpression, lhsText: lhs.description, rhsText: rhs.description)
}

/// `lhs >= rhs`, required.
///
/// - Complexity: O(terms of the operands).
public func >= <L: LinearOperand>(lhs: L, rhs: Double) -> LinearConstraint {
    LinearConstraint(lhs.linearExpression, .greaterOrEqual, LinearExpression(constant: rhs),
                     lhsText: lhs.description, rhsText: LinearExpression.render(rhs))
}

/// `lhs >= rhs`, required.
///
/// - Complexity: O(terms of the operands).
public func >= <R: LinearOperand>(lhs: Double, rhs: R) -> LinearConstraint {
    LinearConstraint(LinearExpression(constant: lhs), .greaterOrEqual, rhs.linearExpression,
                     lhsText: LinearExpression.render(lhs), rhsText: rhs.description)
}
