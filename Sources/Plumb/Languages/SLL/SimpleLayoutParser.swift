/// A recursive-descent parser for Simple Layout Language rules, over UTF-8 bytes.
///
/// ```
/// rule       -> assignment (',' assignment)*
/// assignment -> NAME assignOp (assignment | 'nil' | expression)
///                                   -- a NAME followed by an assignOp chains: tt = rr = 5
/// assignOp   -> '=' | '+=' | '-=' | '*=' | '/='          -- 'nil' only after '='
/// expression -> term (('+' | '-') term)*
/// term       -> factor (('*' | '/') factor)*
/// factor     -> '-' factor | primary
/// primary    -> NUMBER | PERCENTAGE | SPECIFIER | NAME
///             | ('H:' | 'V:') (PERCENTAGE | SPECIFIER)   -- percentage specifiers only
///             | '(' expression ')'
/// ```
///
/// Assignment operators are right associative; `+ -` bind looser than `* /`,
/// both left associative. The output is a ``RuleSyntax`` in postfix order.
///
/// Problems are collected, not thrown at the first: after an error the
/// parser skips to the next top-level `,` and goes on, so one pass reports
/// every broken assignment of a rule.
struct SimpleLayoutParser {
    /// How deeply parentheses, unary minus and chained assignments may nest;
    /// deeper rules are rejected rather than risking the stack.
    static let depthLimit = 128

    private var lexer: SimpleLayoutLexer
    private var token: SimpleLayoutToken
    private var depth = 0
    /// The direction of the innermost assignment being parsed.
    private var axis = LayoutAxis.horizontal
    private var syntax = RuleSyntax()
    private(set) var issues: [RuleIssue] = []

    /// Thrown inside one assignment to abandon it after an issue was recorded.
    private struct Abandon: Error {}

    /// Parses `text` into `syntax` (whose storage is reused) and returns the
    /// problems found; `syntax` is meaningful only when there are none.
    ///
    /// - Complexity: O(bytes).
    static func parse(_ text: UnsafeBufferPointer<UInt8>, into syntax: inout RuleSyntax) -> [RuleIssue] {
        var parser = SimpleLayoutParser(text: text)
        // Lend the caller's buffers to the parser (a swap never copies them).
        swap(&parser.syntax, &syntax)
        parser.syntax.removeAll()
        parser.parseRule()
        swap(&parser.syntax, &syntax)
        return parser.issues
    }

    /// Parses `text` into a new ``RuleSyntax``, or returns the problems found.
    static func parse(_ text: String) -> Result<RuleSyntax, RuleIssues> {
        var copy = text
        var syntax = RuleSyntax()
        let issues = copy.withUTF8 { parse($0, into: &syntax) }
        return issues.isEmpty ? .success(syntax) : .failure(RuleIssues(issues: issues))
    }

    private init(text: UnsafeBufferPointer<UInt8>) {
        lexer = SimpleLayoutLexer(text)
        token = lexer.next()
    }

    // MARK: - Grammar

    /// rule -> assignment (',' assignment)*
    private mutating func parseRule() {
        if token.kind == .end {
            issues.append(RuleIssue(.expected("a constraint name (tt, ll, w, ...)", found: "end of rule"), token.range))
            return
        }
        while true {
            do {
                try parseAssignment(topLevel: true)
                switch token.kind {
                case .end: return
                case .comma: advance()
                default: try fail(.expected("an operator, ',' or the end of the rule", found: describe(token)))
                }
            } catch {
                skipToNextAssignment()
                if token.kind == .end { return }
                advance()
            }
        }
    }

    /// assignment -> NAME assignOp (assignment | 'nil' | expression)
    private mutating func parseAssignment(topLevel: Bool) throws(Abandon) {
        let nameToken = token
        guard nameToken.kind == .name else {
            let what = topLevel && syntax.count == 0 && issues.isEmpty
                ? "a constraint name (tt, ll, w, ...)" : "a constraint name"
            try fail(.expected(what + (previousWasComma ? " after ','" : ""), found: describe(nameToken)))
        }
        let name = try lookUpName(nameToken)
        advance()
        let operatorToken = token
        guard let op = Self.assignmentOperator(operatorToken.kind) else {
            try fail(.expected("'=', '+=', '-=', '*=' or '/=' after '\(name)'", found: describe(operatorToken)))
        }
        advance()
        try descend()
        let enclosingAxis = axis
        axis = name.axis
        defer {
            depth -= 1
            axis = enclosingAxis
        }
        if token.kind == .name && lexer.peek().kind.isAssignment {
            try parseAssignment(topLevel: false)
        } else if token.kind == .nilKeyword {
            guard op == .assign else { try fail(.rule(.misplacedNil)) }
            syntax.append(.resetValue, token.range)
            advance()
        } else {
            guard token.kind != .end && token.kind != .comma else {
                try fail(.expected("a value after '\(op.spelling)'", found: describe(token)))
            }
            try parseExpression()
        }
        syntax.append(.assign(name, op, topLevel: topLevel), nameToken.range)
    }

    /// expression -> term (('+' | '-') term)*
    private mutating func parseExpression() throws(Abandon) {
        try parseTerm()
        while token.kind == .plus || token.kind == .minus {
            let op = token
            advance()
            try parseTerm()
            syntax.append(.binary(op.kind == .plus ? .add : .subtract), op.range)
        }
    }

    /// term -> factor (('*' | '/') factor)*
    private mutating func parseTerm() throws(Abandon) {
        try parseFactor()
        while token.kind == .star || token.kind == .slash {
            let op = token
            advance()
            try parseFactor()
            syntax.append(.binary(op.kind == .star ? .multiply : .divide), op.range)
        }
    }

    /// factor -> '-' factor | primary
    private mutating func parseFactor() throws(Abandon) {
        try descend()
        defer { depth -= 1 }
        if token.kind == .minus {
            let minus = token
            advance()
            try parseFactor()
            syntax.append(.negate, minus.range)
        } else {
            try parsePrimary()
        }
    }

    /// primary -> NUMBER | PERCENTAGE | SPECIFIER | NAME | ('H:' | 'V:') (PERCENTAGE | SPECIFIER) | '(' expression ')'
    private mutating func parsePrimary() throws(Abandon) {
        let first = token
        switch first.kind {
        case .number:
            syntax.append(.number(try number(first.range)), first.range)
            advance()
        case .percentage, .specifier:
            try parsePercentageOrSpecifier(direction: nil, prefix: nil)
        case .horizontalPrefix, .verticalPrefix:
            advance()
            try parsePercentageOrSpecifier(
                direction: first.kind == .horizontalPrefix ? .horizontal : .vertical, prefix: first)
        case .name:
            syntax.append(.name(try lookUpName(first)), first.range)
            advance()
        case .leftParenthesis:
            advance()
            try parseExpression()
            guard token.kind == .rightParenthesis else {
                try fail(.expected("')' to close the '(' at column \(first.start + 1)", found: describe(token)))
            }
            advance()
        case .nilKeyword:
            try fail(.rule(.misplacedNil))
        default:
            try fail(.expected("a value", found: describe(first)))
        }
    }

    /// A percentage or specifier, after an optional `H:`/`V:` prefix (which
    /// only percentages and the percentage specifiers accept). A percentage
    /// without a prefix takes the direction of the name it is assigned to:
    /// the innermost assignment, so `w = h = 10%` is 10 % of the height twice.
    private mutating func parsePercentageOrSpecifier(direction: LayoutAxis?, prefix: SimpleLayoutToken?) throws(Abandon) {
        let value = token
        let range = (prefix?.start ?? value.start) ..< value.end
        switch value.kind {
        case .percentage:
            let fraction = try number(value.start ..< value.end - 1) / 100
            syntax.append(.percentage(fraction: fraction, axis: direction ?? axis), range)
        case .specifier:
            let specifier = try lookUpSpecifier(value)
            if let prefix, !specifier.isPercentage {
                fail(.rule(.directionWithoutPercentage(text(prefix.range))), at: prefix.start ..< value.end)
                throw Abandon()
            }
            let percentageAxis = specifier.isPercentage ? direction ?? axis : nil
            syntax.append(.specifier(specifier, axis: percentageAxis, argument: Int32(syntax.specifiers.count)), range)
            syntax.specifiers.append(specifier)
        default:
            let shown = prefix.map { text($0.range) } ?? "?"
            fail(.rule(.directionWithoutPercentage(shown)), at: prefix?.range ?? value.range)
            throw Abandon()
        }
        advance()
    }

    // MARK: - Tokens

    private mutating func advance() {
        previousWasComma = token.kind == .comma
        token = lexer.next()
    }

    private var previousWasComma = false

    private mutating func descend() throws(Abandon) {
        depth += 1
        if depth > Self.depthLimit {
            depth -= 1
            try fail(.rule(.nestedTooDeeply(limit: Self.depthLimit)))
        }
    }

    /// Records `problem` at the current token (or the token's own problem
    /// when the token itself is malformed) and abandons the assignment.
    private mutating func fail(_ problem: LayoutProblem) throws(Abandon) -> Never {
        switch token.kind {
        case .invalid:
            fail(.unexpectedCharacter(describeCharacter(at: token.start)), at: token.range)
        case .invalidNumber:
            fail(.invalidNumber(text(token.range)), at: token.range)
        default:
            fail(problem, at: token.range)
        }
        throw Abandon()
    }

    private mutating func fail(_ problem: LayoutProblem, at range: Range<Int>) {
        issues.append(RuleIssue(problem, range))
    }

    private mutating func skipToNextAssignment() {
        var parentheses = 0
        while token.kind != .end {
            switch token.kind {
            case .leftParenthesis: parentheses += 1
            case .rightParenthesis: parentheses = max(0, parentheses - 1)
            case .comma where parentheses == 0: return
            default: break
            }
            advance()
        }
    }

    private static func assignmentOperator(_ kind: SimpleLayoutToken.Kind) -> RuleSyntax.AssignmentOperator? {
        switch kind {
        case .assign: .assign
        case .addAssign: .add
        case .subtractAssign: .subtract
        case .multiplyAssign: .multiply
        case .divideAssign: .divide
        default: nil
        }
    }

    private mutating func lookUpName(_ token: SimpleLayoutToken) throws(Abandon) -> RuleName {
        if let name = RuleName(utf8: UnsafeBufferPointer(rebasing: lexer.text[token.range])) { return name }
        let spelled = text(token.range)
        let suggestion = Suggestions.closest(to: spelled, among: RuleName.allCases.map(\.description))
        fail(.rule(.unknownName(spelled, suggestion: suggestion)), at: token.range)
        throw Abandon()
    }

    private mutating func lookUpSpecifier(_ token: SimpleLayoutToken) throws(Abandon) -> FormatSpecifier {
        let body = UnsafeBufferPointer(rebasing: lexer.text[token.start + 1 ..< token.end])
        if let specifier = FormatSpecifier(utf8: body) { return specifier }
        let spelled = text(token.range)
        let suggestion = body.isEmpty
            ? nil : Suggestions.closest(to: spelled, among: FormatSpecifier.allCases.map(\.description))
        fail(.rule(.unknownSpecifier(spelled, suggestion: suggestion)), at: token.range)
        throw Abandon()
    }

    private mutating func number(_ range: Range<Int>) throws(Abandon) -> Double {
        let value = DecimalParsing.value(of: UnsafeBufferPointer(rebasing: lexer.text[range]))
        guard value.isFinite else {
            fail(.nonFiniteNumber(text(range)), at: range)
            throw Abandon()
        }
        return value
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: lexer.text[range]), as: UTF8.self)
    }

    private func describe(_ token: SimpleLayoutToken) -> String {
        token.kind == .end ? "end of rule" : "'\(text(token.range))'"
    }

    /// The character at `offset`, quoted, or its code for control characters.
    private func describeCharacter(at offset: Int) -> String {
        let byte = lexer.text[offset]
        if byte < 0x20 || byte == 0x7F { return "U+\(String(byte, radix: 16, uppercase: true))" }
        var end = offset + 1
        while end < lexer.text.count, lexer.text[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(text(offset ..< end))'"
    }
}

/// The problems of a rule that did not parse.
struct RuleIssues: Error {
    var issues: [RuleIssue]
}
