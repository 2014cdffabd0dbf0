import Testing
@testable import Plumb

/// Every kind of Simple Format Language error, with its exact position.
@Suite struct SimpleFormatErrorTests {
    @Test func syntaxErrors() {
        diagnosticTest("a. = 3", .expected("attribute name after '.'", found: "'='"), column: 4)
        diagnosticTest("a.", .expected("attribute name after '.'", found: "end of constraint"), column: 3)
        diagnosticTest("a = 3", .expected("'.' and an attribute after view 'a'", found: "'='"), column: 3)
        diagnosticTest("a.width 3", .expected("relation '=', '>=' or '<='", found: "'3'"), column: 9)
        diagnosticTest("a.width > 3",
                       .expected("relation '=', '>=' or '<='", found: "'>' (the relations are '=', '>=' and '<=')"),
                       column: 9)
        diagnosticTest("a.width =", .expected("view attribute, number or metric after '='", found: "end of constraint"),
                       column: 10)
        diagnosticTest("a.width = 2 *", .expected("view name after '*'", found: "end of constraint"), column: 14)
        diagnosticTest("a.width = 2 * 3", .expected("view name after '*'", found: "'3'"), column: 15)
        diagnosticTest("a.width = b.width +", .expected("number or metric after '+'", found: "end of constraint"),
                       column: 20)
        diagnosticTest("a.width = b.width - -3", .expected("number or metric after '-'", found: "'-'"), column: 21)
        diagnosticTest("a.width = 3 @", .expected("priority (a number or metric) after '@'", found: "end of constraint"),
                       column: 14)
        diagnosticTest("a.width = 3 extra", .expected("'+', '-', '@' or end of constraint", found: "'extra'"), column: 13)
        diagnosticTest("a.width = 3 @ 750 x", .expected("end of constraint after the priority", found: "'x'"), column: 19)
        diagnosticTest("a.width = b.width # note", .expected("'+', '-', '@' or end of constraint", found: "'#'"),
                       column: 19)
        diagnosticTest("a.width = 1.2.3", .invalidNumber("1.2.3"), column: 11)
        diagnosticTest("a.width = 2px", .invalidNumber("2px"), column: 11)
        diagnosticTest("a.width = 1e", .invalidNumber("1e"), column: 11)
        diagnosticTest("", .emptyConstraint, column: 1)
        diagnosticTest("   ", .emptyConstraint, column: 4)
    }

    @Test func reversedForms() {
        diagnosticTest("2 * a.width = a.height",
                       .leftSideNotAViewAttribute(found: "'2'", rewrite: "a.height = 2 * a.width"), column: 1)
        diagnosticTest("2 * a.width >= b.height",
                       .leftSideNotAViewAttribute(found: "'2'", rewrite: "b.height <= 2 * a.width"), column: 1)
        diagnosticTest("100 = a.width", .leftSideNotAViewAttribute(found: "'100'", rewrite: nil), column: 1)
        diagnosticTest("a.height = a.width * 2", .multiplierAfterView(rewrite: "2 * a.width"), column: 20)
        diagnosticTest("a.height = b.width * k", .multiplierAfterView(rewrite: "k * b.width"), column: 20)
        diagnosticTest("a.left = 8 + b.right", .constantBeforeView(rewrite: "b.right + 8"), column: 10)
        diagnosticTest("a.left = -8 + b.right", .constantBeforeView(rewrite: "b.right - 8"), column: 10)
        diagnosticTest("a.left = 8 - b.right", .constantBeforeView(rewrite: "-1 * b.right + 8"), column: 10)
        diagnosticTest("a.left + 8 = b.left", .arithmeticOnLeftSide("+"), column: 8)
        diagnosticTest("a.width * 2 = b.width", .arithmeticOnLeftSide("*"), column: 9)
    }

    @Test func namesAndNumbers() {
        diagnosticTest("a.widht = 3", .unknownAttribute("widht", suggestion: "width"), column: 3)
        diagnosticTest("a.centerx = 3", .unknownAttribute("centerx", suggestion: "centerX"), column: 3)
        diagnosticTest("a.middle = 3", .unknownAttribute("middle", suggestion: nil), column: 3)
        diagnosticTest("foo.width = 3", .unknownView("foo", suggestion: nil), column: 1)
        diagnosticTest("a.width = superviw.width", .unknownView("superviw", suggestion: "superview"), column: 11)
        diagnosticTest("a.width = b", .viewWithoutAttribute("b"), column: 11)
        diagnosticTest("a.width = pad", .unknownMetric("pad", suggestion: nil), column: 11)
        diagnosticTest("a.width = b.width + padd", .unknownMetric("padd", suggestion: "pad"), column: 21,
                       metrics: ["pad": 8])
        diagnosticTest("a.width = gap", .nonFiniteMetric("gap", .infinity), column: 11, metrics: ["gap": .infinity])
        diagnosticTest("a.width = 1e999", .nonFiniteNumber("1e999"), column: 11)
        diagnosticTest("a.width = 3 @ 1200", .priorityOutOfRange(1200), column: 15)
        diagnosticTest("a.width = 3 @ 0", .priorityOutOfRange(0), column: 15)
        diagnosticTest("a.width = 3 @ top", .priorityOutOfRange(1001), column: 15, metrics: ["top": 1001])
        diagnosticTest("a.left = b.top", .incompatibleAttributes(.left, .top), column: 1)
        diagnosticTest("a.centerY = 2 * b.trailing", .incompatibleAttributes(.centerY, .trailing), column: 1)
    }

    @Test func sizesMayCrossAxesAndPositionsMayUseSizes() throws {
        let views = standardViews
        _ = try Constraint.make(simpleFormat: "a.width = b.height", views: views)
        _ = try Constraint.make(simpleFormat: "a.centerX = 0.5 * b.width", views: views)
    }

    @Test func everyProblemInAStringIsReported() {
        diagnosticTest("foo.widht = bar.heigth @ 2000",
                       .unknownAttribute("widht", suggestion: "width"),
                       .unknownAttribute("heigth", suggestion: "height"),
                       .unknownView("foo", suggestion: nil),
                       .unknownView("bar", suggestion: nil),
                       .priorityOutOfRange(2000), column: 5)
    }

    @Test func everyStringIsCheckedAndRendered() throws {
        let error = #expect(throws: LayoutError.self) {
            try Constraint.make(
                simpleFormats: ["a.width = 10", "a.heigth = 3", "b.left = a.right + 8", "a.top = b.bottom *"],
                views: standardViews)
        }
        let diagnostics = try #require(error?.diagnostics)
        #expect(diagnostics.count == 2)
        #expect(diagnostics.map(\.location) == ["constraints[1]", "constraints[3]"])
        #expect(diagnostics[0].origin?.index == 1)
        #expect(error?.description == """
            constraints[1]:1:3: error: unknown attribute 'heigth' (did you mean 'height'?)
                a.heigth = 3
                  ^~~~~~
            constraints[3]:1:18: error: a multiplier goes before the view attribute: write 'multiplier * b.bottom'
                a.top = b.bottom *
                                 ^
            """)
    }

    @Test func columnsCountBytesAndCaretsCountCharacters() throws {
        let v = View("v")
        let error = #expect(throws: LayoutError.self) {
            try Constraint.make(simpleFormat: "größe.widht = 1", views: ["größe": v])
        }
        let d = try #require(error?.diagnostics.first)
        #expect(d.column == 9)  // "größe." is 8 bytes
        #expect(d.caretOffset == 6 && d.caretLength == 5)
    }
}
