/// A hand-written recursive-descent parser for the Simple Format Language.
///
/// Grammar (one constraint per string; white space between tokens is free):
///
/// ```
/// constraint -> item relation rhs priority? END
/// item       -> NAME '.' NAME                    // view.attribute
/// relation   -> '=' | '==' | '>=' | '<='         // '=' and '==' mean the same
/// rhs        -> (factor '*')? item offset?
///             | factor                           // view.attribute relation constant
/// factor     -> ('+' | '-')? value
/// offset     -> ('+' | '-') value
/// value      -> NUMBER | NAME                    // a literal or a metric's name
/// priority   -> '@' value
/// ```
///
/// A `NAME` on the right is a view when a `.` follows it, a multiplier when a
/// `*` follows it, and a metric otherwise. Syntax errors end the parse of the
/// string (one diagnostic, with the position and what was expected, plus a
/// rewrite for the reversed forms the original README rejects); unknown
/// attribute names and non-finite numbers are diagnosed without stopping, so
/// one string can report several.
struct SimpleFormatParser {
    private var lexer: SimpleFormatTokenStream
    private var text: UnsafeBufferPointer<UInt8> { lexer.text }
    /// Problems found so far, with byte ranges into the string.
    private(set) var problems: [(LayoutProblem, Range<Int>)] = []

    init(_ text: UnsafeBufferPointer<UInt8>) { lexer = SimpleFormatTokenStream(text) }

    /// Parses the whole string into `syntax`, which starts as
    /// `SimpleFormatSyntax()` (filled in place: the syntax is a few hundred
    /// bytes, and copying it in and out of an optional for every constraint
    /// string showed in profiles). Returns `false` after a syntax error,
    /// leaving `syntax` partly filled; when it returns `true`, ``problems``
    /// may still hold non-syntax problems.
    ///
    /// - Complexity: O(bytes), no allocation unless there are problems.
    mutating func parse(into syntax: inout SimpleFormatSyntax) -> Bool {
        let start = lexer.peek()
        if start.kind == .end {
            problems.append((.emptyConstraint, start.range))
            return false
        }
        if start.kind != .name {
            reportReversedLeftSide(start)
            return false
        }
        guard let first = parseItem(context: "at the start of the constraint") else { return false }

        let relationToken = lexer.next()
        guard let relation = relationToken.relation else {
            switch relationToken.kind {
            case .plus, .minus, .star:
                problems.append((.arithmeticOnLeftSide(spelling(relationToken)), relationToken.range))
            default:
                expected("relation '=', '>=' or '<='", relationToken)
            }
            return false
        }

        syntax.first = first
        syntax.relation = relation
        syntax.relationRange = relationToken.range
        guard parseRightHandSide(into: &syntax, after: relationToken) else { return false }

        var token = lexer.next()
        if token.kind == .at {
            guard let priority = parseValue(allowSign: false, after: "'@'", what: "priority (a number or metric)") else { return false }
            syntax.priority = priority
            token = lexer.next()
        }
        guard token.kind == .end else {
            switch token.kind {
            case .star where syntax.second != nil && syntax.multiplier == nil:
                reportMultiplierAfterView(syntax.second!, star: token)
            default:
                let what = syntax.priority != nil
                    ? "end of constraint after the priority"
                    : "'+', '-', '@' or end of constraint"
                expected(what, token)
            }
            return false
        }
        return true
    }

    // MARK: - Rules

    /// item -> NAME '.' NAME
    private mutating func parseItem(context: @autoclosure () -> String) -> SimpleFormatSyntax.Item? {
        let view = lexer.next()
        guard view.kind == .name else {
            expected("view name \(context())", view)
            return nil
        }
        let dot = lexer.next()
        guard dot.kind == .dot else {
            let text = self.text
            expected("'.' and an attribute after view '\(Self.spelling(text, view.range))'", dot)
            return nil
        }
        let name = lexer.next()
        guard name.kind == .name else {
            expected("attribute name after '.'", name)
            return nil
        }
        let attribute = LayoutAttribute(utf8: slice(name.range))
        if attribute == nil {
            let written = spelling(name)
            let suggestion = Suggestions.closest(to: written, among: LayoutAttribute.allCases.map(\.name))
                ?? LayoutAttribute.allCases.first { $0.name.lowercased() == written.lowercased() }?.name
            problems.append((.unknownAttribute(written, suggestion: suggestion), name.range))
        }
        return SimpleFormatSyntax.Item(view: view.range, attribute: attribute, attributeRange: name.range)
    }

    /// rhs -> (factor '*')? item offset? | factor
    private mutating func parseRightHandSide(into syntax: inout SimpleFormatSyntax, after relation: SimpleFormatToken) -> Bool {
        let head = lexer.peek()
        let text = self.text
        if head.kind == .name && lexer.peekSecond().kind == .dot {
            guard let item = parseItem(context: "after '\(Self.spelling(text, relation.range))'") else { return false }
            syntax.second = item
            return parseOffset(into: &syntax)
        }
        guard let factor = parseValue(allowSign: true, after: "'\(Self.spelling(text, relation.range))'",
                                      what: "view attribute, number or metric") else { return false }
        if lexer.peek().kind == .star {
            _ = lexer.next()
            guard let item = parseItem(context: "after '*'") else { return false }
            syntax.multiplier = factor
            syntax.second = item
            return parseOffset(into: &syntax)
        }
        syntax.constant = factor
        // `a.left = 8 + b.right`: the constant came first.
        let op = lexer.peek()
        if op.kind == .plus || op.kind == .minus {
            var probe = lexer
            _ = probe.next()
            let name = probe.next()
            if name.kind == .name, probe.peek().kind == .dot {
                _ = probe.next()
                let attribute = probe.next()
                if attribute.kind == .name {
                    let item = spelling(name.start ..< attribute.end)
                    let constantText = spelling(factor.fullRange)
                    let rewrite: String
                    if op.kind == .plus {
                        rewrite = "\(item) " + (factor.negated ? "- \(spelling(factor.range))" : "+ \(constantText)")
                    } else {
                        rewrite = "-1 * \(item) " + (factor.negated ? "- \(spelling(factor.range))" : "+ \(constantText)")
                    }
                    problems.append((.constantBeforeView(rewrite: rewrite), factor.fullRange.lowerBound ..< attribute.end))
                    return false
                }
            }
        }
        return true
    }

    /// offset -> ('+' | '-') value
    private mutating func parseOffset(into syntax: inout SimpleFormatSyntax) -> Bool {
        let op = lexer.peek()
        guard op.kind == .plus || op.kind == .minus else { return true }
        _ = lexer.next()
        let text = self.text
        guard var value = parseValue(allowSign: false, after: "'\(Self.spelling(text, op.range))'",
                                     what: "number or metric") else { return false }
        value.negated = op.kind == .minus
        value.fullRange = op.start ..< value.range.upperBound
        syntax.constant = value
        return true
    }

    /// value -> NUMBER | NAME, with an optional sign in front when `allowSign`.
    private mutating func parseValue(
        allowSign: Bool, after: @autoclosure () -> String, what: @autoclosure () -> String
    ) -> SimpleFormatSyntax.Value? {
        var token = lexer.next()
        var negated = false
        let signStart = token.start
        if allowSign && (token.kind == .plus || token.kind == .minus) {
            negated = token.kind == .minus
            token = lexer.next()
        }
        switch token.kind {
        case .number:
            let value = DecimalParsing.value(of: slice(token.range))
            if !value.isFinite {
                problems.append((.nonFiniteNumber(spelling(token)), token.range))
            }
            return .init(number: value, range: token.range, fullRange: signStart ..< token.end, negated: negated)
        case .name:
            return .init(number: nil, range: token.range, fullRange: signStart ..< token.end, negated: negated)
        case .invalidNumber:
            problems.append((.invalidNumber(spelling(token)), token.range))
            return nil
        default:
            expected("\(what()) after \(after())", token)
            return nil
        }
    }

    // MARK: - Reversed forms

    /// The string does not start with a name. For `2 * view.width = view.height`
    /// (the README's first rejected form) the diagnostic carries the rewrite
    /// `view.height = 2 * view.width`.
    private mutating func reportReversedLeftSide(_ start: SimpleFormatToken) {
        // Parse `factor '*' item relation item` on a copy; nothing has been
        // consumed yet, and the copy's own problems are discarded.
        var probe = self
        var rewrite: String?
        if let factor = probe.parseValue(allowSign: true, after: "", what: ""),
           probe.lexer.next().kind == .star,
           let left = probe.parseItem(context: ""),
           let relation = probe.lexer.next().relation,
           let right = probe.parseItem(context: ""),
           probe.lexer.peek().kind == .end
        {
            rewrite = "\(spelling(right.range)) \(relation.flipped) \(spelling(factor.fullRange)) * \(spelling(left.range))"
        }
        problems.append((.leftSideNotAViewAttribute(found: describe(start), rewrite: rewrite), start.range))
    }

    /// `view.height = view.width * 2` (the README's second rejected form).
    private mutating func reportMultiplierAfterView(_ item: SimpleFormatSyntax.Item, star: SimpleFormatToken) {
        let factor = lexer.peek()
        let factorText = factor.kind == .number || factor.kind == .name ? spelling(factor) : "multiplier"
        problems.append((.multiplierAfterView(rewrite: "\(factorText) * \(spelling(item.range))"), star.range))
    }

    // MARK: - Helpers

    private mutating func expected(_ what: @autoclosure () -> String, _ token: SimpleFormatToken) {
        let range = token.kind == .end ? token.start ..< token.start + 1 : token.range
        problems.append((.expected(what(), found: describe(token)), range))
    }

    /// How a token is named in a message: `'='`, `end of constraint`.
    private func describe(_ token: SimpleFormatToken) -> String {
        switch token.kind {
        case .end: return "end of constraint"
        case .invalid where token.end - token.start == 1 && (text[token.start] == UInt8(ascii: ">") || text[token.start] == UInt8(ascii: "<")):
            return "'\(spelling(token))' (the relations are '=', '>=' and '<=')"
        default: return "'\(spelling(token))'"
        }
    }

    private func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[range])
    }

    private func spelling(_ token: SimpleFormatToken) -> String { spelling(token.range) }

    private func spelling(_ range: Range<Int>) -> String { Self.spelling(text, range) }

    private static func spelling(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }
}

/// The lexer with one token of lookahead kept, so that the parser's `peek()`
/// followed by `next()` lexes each token once.
struct SimpleFormatTokenStream {
    private var lexer: SimpleFormatLexer
    private var current: SimpleFormatToken

    init(_ text: UnsafeBufferPointer<UInt8>) {
        lexer = SimpleFormatLexer(text)
        current = lexer.next()
    }

    var text: UnsafeBufferPointer<UInt8> { lexer.text }

    /// The next token, without consuming it.
    @inline(__always) func peek() -> SimpleFormatToken { current }

    /// Consumes and returns the next token.
    @inline(__always) mutating func next() -> SimpleFormatToken {
        let token = current
        if token.kind != .end { current = lexer.next() }
        return token
    }

    /// The token after the next one, without consuming either.
    func peekSecond() -> SimpleFormatToken {
        guard current.kind != .end else { return current }
        var copy = lexer
        return copy.next()
    }
}
