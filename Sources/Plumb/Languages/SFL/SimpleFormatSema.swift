/// Name resolution and checks for parsed Simple Format Language constraints.
///
/// Every problem in the string is collected: unknown views, unknown metrics,
/// non-finite metrics, priorities outside `1 ... 1000`, and positions on
/// different axes (`a.left = b.top`, rejected as Auto Layout rejects it;
/// sizes may be related across axes, `a.width = b.height`, and a position to
/// a size, `a.centerX = 0.5 * b.width`, which is a plain linear equation here).
enum SimpleFormatSema {
    /// Parses and resolves one string, into `slot` (made there: returned
    /// as an optional, the constraint was copied out twice more on a
    /// document's path).
    ///
    /// - Parameters:
    ///   - text: the string's UTF-8 bytes.
    ///   - scope: the names it may use.
    ///   - problems: receives each problem with its byte range in `text`.
    ///   - slot: uninitialised (or holding a value without references); it
    ///     is initialised with the constraint when there is one.
    ///   - nameRun: how many of the string's first sixteen bytes may
    ///     continue a name, when its reader found it (a document's
    ///     ``ConstraintTexts``), or -1.
    /// - Returns: whether there was a constraint (false when there was any problem).
    /// - Complexity: O(bytes) plus the scope's lookups; no allocation unless
    ///   there is a problem.
    @inline(__always)
    static func compile<Scope: SimpleFormatScope>(
        _ text: UnsafeBufferPointer<UInt8>, in scope: Scope,
        problems: inout [(LayoutProblem, Range<Int>)], into slot: UnsafeMutablePointer<ResolvedSimpleFormat<Scope.ViewHandle>>,
        nameRun: Int = -1
    ) -> Bool {
        if SimpleFormatFastPath.compile(text, in: scope, into: slot, nameRun: nameRun) { return true }
        guard let resolved = parseAndResolve(text, in: scope, problems: &problems) else { return false }
        slot.initialize(to: resolved)
        return true
    }

    /// ``compile(_:in:problems:into:)`` by the general parser, for every string
    /// (the fast path gives the same constraints, or leaves the string here).
    static func parseAndResolve<Scope: SimpleFormatScope>(
        _ text: UnsafeBufferPointer<UInt8>, in scope: Scope,
        problems: inout [(LayoutProblem, Range<Int>)]
    ) -> ResolvedSimpleFormat<Scope.ViewHandle>? {
        var parser = SimpleFormatParser(text)
        var syntax = SimpleFormatSyntax()
        let parsed = parser.parse(into: &syntax)
        if !parser.problems.isEmpty { problems.append(contentsOf: parser.problems) }
        guard parsed else { return nil }
        let before = problems.count

        func name(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: text[range]) }
        func spelling(_ range: Range<Int>) -> String { String(decoding: name(range), as: UTF8.self) }

        func resolveView(_ item: SimpleFormatSyntax.Item) -> Scope.ViewHandle? {
            if let v = scope.view(named: name(item.view)) { return v }
            let written = spelling(item.view)
            problems.append((.unknownView(written, suggestion: scope.suggestView(for: written)), item.view))
            return nil
        }

        func resolveValue(_ value: SimpleFormatSyntax.Value) -> Double? {
            var v: Double
            if let number = value.number {
                guard number.isFinite else { return nil }  // diagnosed by the parser
                v = number
            } else if let metric = scope.metric(named: name(value.range)) {
                guard metric.isFinite else {
                    problems.append((.nonFiniteMetric(spelling(value.range), metric), value.range))
                    return nil
                }
                v = metric
            } else {
                let written = spelling(value.range)
                if scope.view(named: name(value.range)) != nil {
                    problems.append((.viewWithoutAttribute(written), value.range))
                } else {
                    problems.append((.unknownMetric(written, suggestion: scope.suggestMetric(for: written)), value.range))
                }
                return nil
            }
            return value.negated ? -v : v
        }

        let first = resolveView(syntax.first)
        let second = syntax.second.map { resolveView($0) } ?? nil
        let multiplier = syntax.multiplier.map { resolveValue($0) } ?? 1
        let constant = syntax.constant.map { resolveValue($0) } ?? 0
        var priority = Priority.required
        if let p = syntax.priority {
            if let value = resolveValue(p) {
                if let valid = Priority(rawValue: value) {
                    priority = valid
                } else {
                    problems.append((.priorityOutOfRange(value), p.fullRange))
                }
            }
        }
        if let a = syntax.first.attribute, let item = syntax.second, let b = item.attribute,
           !a.isDimension, !b.isDimension, a.axis != b.axis
        {
            problems.append((.incompatibleAttributes(a, b), syntax.first.range.lowerBound ..< item.range.upperBound))
        }

        guard problems.count == before, parser.problems.isEmpty,
              let first, let firstAttribute = syntax.first.attribute,
              let multiplier, let constant
        else { return nil }
        if syntax.second != nil && (second == nil || syntax.second?.attribute == nil) { return nil }
        return ResolvedSimpleFormat(
            first: first, firstAttribute: firstAttribute, relation: syntax.relation,
            multiplier: multiplier, second: second, secondAttribute: syntax.second?.attribute,
            constant: constant, priority: priority)
    }
}
