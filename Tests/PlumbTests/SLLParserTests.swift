import Testing
@testable import Plumb

/// The postfix form of a parsed rule, for comparing parses as text:
/// `=name` is an assignment (`!` when top level), `#k` a specifier's
/// argument, `pct(f)` the fraction `f` of the superview's size, `H`/`V`
/// a percentage's direction, `neg` unary minus.
private func postfix(_ rule: String) -> String {
    switch SimpleLayoutParser.parse(rule) {
    case .failure(let failure):
        return "error: \(failure.issues.map { "\($0.problem) @\($0.range)" })"
    case .success(let syntax):
        return syntax.nodes.map { node -> String in
            switch node {
            case .number(let v): NumberFormatting.shortest(v)
            case .percentage(let f, let axis): "pct(\(NumberFormatting.shortest(f)))\(axis == .horizontal ? "H" : "V")"
            case .specifier(let s, let axis, let k):
                "\(s)#\(k)" + (axis.map { $0 == .horizontal ? "H" : "V" } ?? "")
            case .name(let n): "\(n)"
            case .resetValue: "nil"
            case .negate: "neg"
            case .binary(let op): ["+", "-", "*", "/"][Int(op.rawValue)]
            case .assign(let n, let op, let top): "\(op.spelling)\(n)" + (top ? "!" : "")
            }
        }.joined(separator: " ")
    }
}

/// Parses `rule` and checks that exactly `expected` problems are found, the first at 1-based `column`.
private func syntaxError(
    _ rule: String, _ expected: LayoutProblem..., column: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    switch SimpleLayoutParser.parse(rule) {
    case .success:
        Issue.record("expected \(expected), but '\(rule)' parsed", sourceLocation: sourceLocation)
    case .failure(let failure):
        #expect(failure.issues.map(\.problem) == expected, sourceLocation: sourceLocation)
        #expect(failure.issues.first.map { $0.range.lowerBound + 1 } == column, "column", sourceLocation: sourceLocation)
    }
}

@Suite struct SLLParserTests {
    @Test func assignmentsChainRightToLeft() {
        #expect(postfix("tt = rr = 5") == "5 =rr =tt!")
        #expect(postfix("ll = bb = rr = 10, tt = 50%") == "10 =rr =bb =ll! pct(0.5)V =tt!")
        #expect(postfix("w += h -= 2") == "2 -=h +=w!")
        #expect(postfix("tt *= 2, tt /= 4") == "2 *=tt! 4 /=tt!")
        #expect(postfix("  tt=1,ll=2  ") == "1 =tt! 2 =ll!")
    }

    @Test func everyNameParses() {
        for name in RuleName.allCases {
            #expect(postfix("\(name) = 1") == "1 =\(name)!")
            #expect(RuleName(name.description) == name)
        }
        #expect(RuleName("xx") == nil)
        #expect(RuleName("minwidth") == nil)
    }

    @Test func precedenceAndAssociativity() {
        #expect(postfix("tt = 1 + 2 * 3") == "1 2 3 * + =tt!")
        #expect(postfix("tt = (1 + 2) * 3") == "1 2 + 3 * =tt!")
        #expect(postfix("tt = 1 - 2 - 3") == "1 2 - 3 - =tt!")
        #expect(postfix("tt = 8 / 4 / 2") == "8 4 / 2 / =tt!")
        #expect(postfix("tt = -1 * -(2 + 3)") == "1 neg 2 3 + neg * =tt!")
        #expect(postfix("tt = --1") == "1 neg neg =tt!")
        #expect(postfix("tt = 1.5e1 + .5") == "15 0.5 + =tt!")
    }

    @Test func valuesOfEveryKind() {
        #expect(postfix("w = h") == "h =w!")
        #expect(postfix("tt = nil") == "nil =tt!")
        #expect(postfix("tt = bb = nil") == "nil =bb =tt!")
        #expect(postfix("w = 50%, h = 25%") == "pct(0.5)H =w! pct(0.25)V =h!")
        #expect(postfix("w = V:50%, h = H:25%") == "pct(0.5)V =w! pct(0.25)H =h!")
        // A chained percentage takes the innermost name's direction.
        #expect(postfix("w = h = 10%") == "pct(0.1)V =h =w!")
        #expect(postfix("tt = %bt + %f, w = %p + %^f + %^p + %@f + %@p")
                == "%bt#0 %f#1 + =tt! %p#2H %^f#3 + %^p#4H + %@f#5 + %@p#6H + =w!")
        #expect(postfix("tt = H:%p + V:%^p + H:%@p") == "%p#0H %^p#1V + %@p#2H + =tt!")
    }

    @Test func everySpecifierParses() {
        #expect(FormatSpecifier.allCases.count == 20)
        for specifier in FormatSpecifier.allCases {
            let direction = specifier.isPercentage ? "V" : ""
            #expect(postfix("tt = \(specifier)") == "\(specifier)#0\(direction) =tt!")
        }
    }

    @Test func syntaxErrorsAtExactColumns() {
        syntaxError("tt =", .expected("a value after '='", found: "end of rule"), column: 5)
        syntaxError("tt = 1,", .expected("a constraint name after ','", found: "end of rule"), column: 8)
        syntaxError("", .expected("a constraint name (tt, ll, w, ...)", found: "end of rule"), column: 1)
        syntaxError("5 = tt", .expected("a constraint name (tt, ll, w, ...)", found: "'5'"), column: 1)
        syntaxError("tt 5", .expected("'=', '+=', '-=', '*=' or '/=' after 'tt'", found: "'5'"), column: 4)
        syntaxError("tt = 5 6", .expected("an operator, ',' or the end of the rule", found: "'6'"), column: 8)
        syntaxError("tt = (5 + 6", .expected("')' to close the '(' at column 6", found: "end of rule"), column: 12)
        syntaxError("tt = 5 +", .expected("a value", found: "end of rule"), column: 9)
        syntaxError("tt = )", .expected("a value", found: "')'"), column: 6)
        syntaxError("tt = 5 # 3", .unexpectedCharacter("'#'"), column: 8)
        syntaxError("tt = 1.2.3", .invalidNumber("1.2.3"), column: 6)
        syntaxError("tt = 2px", .invalidNumber("2px"), column: 6)
        syntaxError("tt = 1e999", .nonFiniteNumber("1e999"), column: 6)
        syntaxError("tt = 1 = 2", .expected("an operator, ',' or the end of the rule", found: "'='"), column: 8)
    }

    @Test func semanticSyntaxErrors() {
        syntaxError("tl = 5", .rule(.unknownName("tl", suggestion: "tt")), column: 1)
        syntaxError("width = 5", .rule(.unknownName("width", suggestion: nil)), column: 1)
        syntaxError("tt = %tx", .rule(.unknownSpecifier("%tx", suggestion: "%tt")), column: 6)
        syntaxError("tt = %minw", .rule(.unknownSpecifier("%minw", suggestion: nil)), column: 6)
        syntaxError("tt = %", .rule(.unknownSpecifier("%", suggestion: nil)), column: 6)
        syntaxError("tt = 5 + nil", .rule(.misplacedNil), column: 10)
        syntaxError("tt += nil", .rule(.misplacedNil), column: 7)
        syntaxError("tt = H:5", .rule(.directionWithoutPercentage("H:")), column: 6)
        syntaxError("tt = V:%bt", .rule(.directionWithoutPercentage("V:")), column: 6)
        syntaxError("tt = H:%f", .rule(.directionWithoutPercentage("H:")), column: 6)
        syntaxError("tt = tt + unknown", .rule(.unknownName("unknown", suggestion: nil)), column: 11)
    }

    @Test func recoversAtTheNextAssignment() {
        syntaxError("tt = , ll = 5 6, w = )",
                    .expected("a value after '='", found: "','"),
                    .expected("an operator, ',' or the end of the rule", found: "'6'"),
                    .expected("a value", found: "')'"),
                    column: 6)
        // Commas inside parentheses do not end the skipped assignment.
        syntaxError("tt = 5 6 (1, 2), ll = )",
                    .expected("an operator, ',' or the end of the rule", found: "'6'"),
                    .expected("a value", found: "')'"),
                    column: 8)
    }

    @Test func nestingIsLimited() {
        let deep = "tt = " + String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)
        syntaxError(deep, .rule(.nestedTooDeeply(limit: SimpleLayoutParser.depthLimit)), column: 5 + SimpleLayoutParser.depthLimit)
        let fine = "tt = " + String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
        #expect(postfix(fine) == "1 =tt!")
    }

    @Test func diagnosticsRenderLikeTheSimpleFormatLanguage() {
        let issue = RuleIssue(.expected("a value after '='", found: "end of rule"), 8 ..< 8)
        let d = issue.diagnostic(in: "tt = %bt", location: "rules[4] (view \"row2\")", origin: nil)
        #expect(d.description == """
            rules[4] (view "row2"):1:9: error: expected a value after '=', found end of rule
                tt = %bt
                        ^
            """)
    }
}
