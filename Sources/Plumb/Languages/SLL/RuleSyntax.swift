/// A parsed Simple Layout Language rule: its assignments as one flat list of
/// nodes in postfix order, so that evaluating the rule is one left-to-right
/// pass with a value stack and no tree to allocate.
///
/// `ll = rr = 16, tt = %bt + 8` is
/// `16 assign(rr) assign(ll, top level) %bt 8 + assign(tt, top level)`.
struct RuleSyntax: Sendable {
    /// A binary arithmetic operator.
    enum ArithmeticOperator: UInt8, Sendable {
        case add, subtract, multiply, divide
    }

    /// `=`, or the arithmetic that a compound assignment applies to the
    /// constraint's current value.
    enum AssignmentOperator: UInt8, Sendable {
        case assign, add, subtract, multiply, divide

        var arithmetic: ArithmeticOperator? {
            switch self {
            case .assign: nil
            case .add: .add
            case .subtract: .subtract
            case .multiply: .multiply
            case .divide: .divide
            }
        }

        var spelling: String {
            switch self {
            case .assign: "="
            case .add: "+="
            case .subtract: "-="
            case .multiply: "*="
            case .divide: "/="
            }
        }
    }

    enum Node: Sendable {
        /// A number: a length in points.
        case number(Double)
        /// `50%`, `H:50%`: `fraction` (0.5) of the superview's size along
        /// `axis` (the prefix's, else the assigned name's direction).
        case percentage(fraction: Double, axis: LayoutAxis)
        /// A format specifier with the index of the argument it consumes and,
        /// for percentage specifiers, the direction (as for ``percentage(fraction:axis:)``).
        case specifier(FormatSpecifier, axis: LayoutAxis?, argument: Int32)
        /// The current value of another constraint of the same layout (`w = h`).
        case name(RuleName)
        /// `nil`: resets the assigned constraint. Only ever the whole right-hand side of `=`.
        case resetValue
        /// Unary minus of the value on top of the stack.
        case negate
        /// Pops the right then the left operand and pushes the result.
        case binary(ArithmeticOperator)
        /// Pops a value, assigns it to `name` (combined with the current value
        /// for a compound operator) and pushes the assigned value; a top-level
        /// assignment pushes nothing.
        case assign(RuleName, AssignmentOperator, topLevel: Bool)
    }

    /// A node with its byte range in the rule: the token for values and
    /// names, the operator for arithmetic, the assigned name for assignments.
    struct Located: Sendable {
        var node: Node
        var start: Int32
        var end: Int32
    }

    /// The nodes in postfix order, with their ranges (one array, so that
    /// parsing appends once per node).
    private(set) var located: [Located] = []
    /// The specifiers in the order they consume arguments.
    var specifiers: [FormatSpecifier] = []

    /// Number of nodes.
    var count: Int { located.count }

    /// Node `i`.
    @inline(__always) func node(_ i: Int) -> Node { located[i].node }

    /// The nodes alone, in order (for tests and diagnostics).
    var nodes: [Node] { located.map(\.node) }

    mutating func append(_ node: Node, _ range: Range<Int>) {
        located.append(Located(node: node, start: Int32(truncatingIfNeeded: range.lowerBound),
                               end: Int32(truncatingIfNeeded: range.upperBound)))
    }

    mutating func removeAll() {
        located.removeAll(keepingCapacity: true)
        specifiers.removeAll(keepingCapacity: true)
    }

    /// The byte range of node `i`.
    func range(of i: Int) -> Range<Int> { Int(located[i].start) ..< Int(located[i].end) }

    /// The byte range of the specifier that consumes argument `argument`.
    ///
    /// - Complexity: O(nodes); for diagnostics only.
    func range(ofSpecifier argument: Int) -> Range<Int> {
        for i in located.indices {
            if case .specifier(_, _, let k) = located[i].node, k == argument { return range(of: i) }
        }
        return 0 ..< 0
    }
}
