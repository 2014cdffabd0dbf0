extension RuleIssue: Error {}

extension RuleBook {
    /// Applies one parsed rule of `view` (whose superview is `superview`):
    /// evaluates every assignment to a linear form in frame variables and
    /// stores it under the override policy.
    ///
    /// Values are linear: a product needs a constant factor, a divisor must be
    /// a nonzero constant. A compound assignment (`+=` …) or a name used as a
    /// value reads the name's value in effect, which must exist. An assignment
    /// that fails is skipped with an issue and the rule goes on with the next
    /// top-level assignment; values stored by earlier assignments stay.
    ///
    /// - Parameters:
    ///   - arguments: one per specifier of `syntax`, already checked against
    ///     the specifiers (views for measures, numbers for everything else).
    ///   - origin: the origin of the rows the rule makes.
    /// - Returns: the problems, with byte ranges in the rule text.
    /// - Complexity: O(nodes + terms of the names read), no allocation once
    ///   the scratch buffers have grown.
    mutating func apply(
        _ syntax: RuleSyntax, to view: ViewIndex, superview: ViewIndex, arguments: [BoundArgument], origin: RowOrigin
    ) -> [RuleIssue] {
        let rule = register(origin, view: view)
        let table = table(for: view, superview: superview)
        var issues: [RuleIssue] = []
        stack.truncate(from: 0)
        scratch.truncate(from: 0)
        var i = 0
        let count = syntax.count
        while i < count {
            do {
                try step(syntax.node(i), range: syntax.range(of: i), view: view, superview: superview,
                         table: table, rule: rule, arguments: arguments)
                i += 1
            } catch {
                issues.append(error)
                // Resume after the next top-level assignment.
                while i < count {
                    if case .assign(_, _, true) = syntax.node(i) { break }
                    i += 1
                }
                i += 1
                stack.truncate(from: 0)
                scratch.truncate(from: 0)
            }
        }
        return issues
    }

    private mutating func step(
        _ node: RuleSyntax.Node, range: Range<Int>, view: ViewIndex, superview: ViewIndex,
        table: Int, rule: Int32, arguments: [BoundArgument]
    ) throws(RuleIssue) {
        switch node {
        case .number(let value):
            stack.append(StackValue(constant: value, termStart: scratch.count, isConstant: true))
        case .percentage(let fraction, let axis):
            pushPercentage(fraction, axis: axis, superview: superview)
        case .specifier(let specifier, let axis, let argument):
            try pushSpecifier(specifier, axis: axis, argument: Int(argument), arguments: arguments,
                              view: view, superview: superview, range: range)
        case .name(let name):
            guard let slot = slot(of: name, in: table) else {
                throw RuleIssue(.constraintWithoutValue(name), range)
            }
            push(entries[slot])
        case .resetValue:
            stack.append(StackValue(constant: 0, termStart: scratch.count, isConstant: true, isReset: true))
        case .negate:
            let top = stack[stack.count - 1]
            scale(top.termStart ..< scratch.count, by: -1)
            stack[stack.count - 1].constant = -top.constant
        case .binary(let op):
            try combine(op, swapped: false, at: range)
        case .assign(let name, let op, let topLevel):
            try assign(name, op, topLevel: topLevel, table: table, rule: rule, range: range)
        }
    }

    // MARK: - Values

    private mutating func pushPercentage(_ fraction: Double, axis: LayoutAxis, superview: ViewIndex) {
        let start = scratch.count
        var terms = AttributeTerms()
        terms.append(axis.dimension, of: superview, scale: fraction)
        for term in terms { scratch.append(term) }
        stack.append(StackValue(constant: 0, termStart: start, isConstant: false))
    }

    private mutating func pushSpecifier(
        _ specifier: FormatSpecifier, axis: LayoutAxis?, argument: Int, arguments: [BoundArgument],
        view: ViewIndex, superview: ViewIndex, range: Range<Int>
    ) throws(RuleIssue) {
        guard argument < arguments.count else {
            throw RuleIssue(.missingArgument(specifier, position: argument + 1, given: arguments.count), range)
        }
        switch (specifier, arguments[argument]) {
        case (.measure(let name), .view(let other)):
            let start = scratch.count
            name.appendTerms(of: other, superview: superview, scale: 1, to: &scratch)
            stack.append(StackValue(constant: 0, termStart: start, isConstant: false, refersToOwnView: other == view))
        case (.measure, .number(let value)):
            throw RuleIssue(.wrongArgument(specifier, position: argument + 1,
                                           found: "a number (\(NumberFormatting.shortest(value)))"), range)
        case (_, .number(let value)):
            guard value.isFinite else {
                throw RuleIssue(.nonFiniteArgument(specifier, position: argument + 1, value: value), range)
            }
            if let axis, specifier.isPercentage {
                pushPercentage(value / 100, axis: axis, superview: superview)
            } else {
                stack.append(StackValue(constant: value, termStart: scratch.count, isConstant: true))
            }
        case (_, .view):
            throw RuleIssue(.wrongArgument(specifier, position: argument + 1, found: "a view"), range)
        }
    }

    /// Pushes a copy of a stored value.
    private mutating func push(_ entry: Entry) {
        let start = scratch.count
        let from = Int(entry.termStart)
        for k in from ..< from + Int(entry.termCount) { scratch.append(terms[k]) }
        stack.append(StackValue(constant: entry.constant, termStart: start, isConstant: entry.isConstant,
                                refersToOwnView: entry.refersToOwnView))
    }

    private mutating func scale(_ range: Range<Int>, by factor: Double) {
        for k in range { scratch[k].1 *= factor }
    }

    /// Pops two values and pushes `left op right`. The left operand is the
    /// lower value unless `swapped` (a compound assignment pushes the current
    /// value above the assigned one). The two operands' terms are adjacent in
    /// ``scratch``, so every operation only scales them in place.
    private mutating func combine(_ op: RuleSyntax.ArithmeticOperator, swapped: Bool, at range: Range<Int>) throws(RuleIssue) {
        let top = stack.removeLast()
        let below = stack.removeLast()
        let belowTerms = below.termStart ..< top.termStart
        let topTerms = top.termStart ..< scratch.count
        let (left, right) = swapped ? (top, below) : (below, top)
        let (leftTerms, rightTerms) = swapped ? (topTerms, belowTerms) : (belowTerms, topTerms)
        var result = StackValue(
            constant: 0, termStart: below.termStart, isConstant: left.isConstant && right.isConstant,
            refersToOwnView: left.refersToOwnView || right.refersToOwnView)
        switch op {
        case .add:
            result.constant = left.constant + right.constant
        case .subtract:
            scale(rightTerms, by: -1)
            result.constant = left.constant - right.constant
        case .multiply:
            if left.isConstant {
                scale(rightTerms, by: left.constant)
            } else if right.isConstant {
                scale(leftTerms, by: right.constant)
            } else {
                throw RuleIssue(.nonlinearProduct, range)
            }
            result.constant = left.constant * right.constant
        case .divide:
            guard right.isConstant else { throw RuleIssue(.divisionByNonConstant, range) }
            guard right.constant != 0 else { throw RuleIssue(.divisionByZero, range) }
            for k in leftTerms { scratch[k].1 /= right.constant }
            result.constant = left.constant / right.constant
        }
        stack.append(result)
    }

    // MARK: - Assignment

    private mutating func assign(
        _ name: RuleName, _ op: RuleSyntax.AssignmentOperator, topLevel: Bool, table: Int, rule: Int32,
        range: Range<Int>
    ) throws(RuleIssue) {
        if stack[stack.count - 1].isReset {
            guard op == .assign else { throw RuleIssue(.misplacedNil, range) }
            reset(name, in: table)
            if isRecording { recorded.append(Recorded(name: name, entry: nil)) }
            if topLevel { stack.removeLast() }
            return
        }
        if let arithmetic = op.arithmetic {
            guard let slot = slot(of: name, in: table) else {
                throw RuleIssue(.constraintWithoutValue(name), range)
            }
            push(entries[slot])
            try combine(arithmetic, swapped: true, at: range)
        }
        let value = stack[stack.count - 1]
        var entry = Entry(
            constant: value.constant, termStart: Int32(terms.count), termCount: 0, name: name,
            isConstant: value.isConstant, refersToOwnView: value.refersToOwnView)
        guard value.constant.isFinite else { throw RuleIssue(.nonFiniteValue(name), range) }
        for k in value.termStart ..< scratch.count {
            let term = scratch[k]
            guard term.1.isFinite else { throw RuleIssue(.nonFiniteValue(name), range) }
            if term.1 != 0 { terms.append(term) }
        }
        entry.termCount = Int32(terms.count) - entry.termStart
        longestValue = max(longestValue, entry.termCount)
        store(entry, rule: rule, in: table)
        if isRecording { recorded.append(Recorded(name: name, entry: entry)) }
        if topLevel {
            stack.removeLast()
            scratch.truncate(from: value.termStart)
        }
    }
}
