import Testing
import PlumbSolver  // not @testable: these are the operators a user of the module sees

/// Building expressions and constraints with the public operators.
@Suite struct ExpressionTests {
    let x = Variable("x"), y = Variable("y"), z = Variable("z")

    /// The (variable name, coefficient) pairs of an expression, for comparing.
    private func pairs(_ e: LinearExpression) -> [String] {
        e.terms.map { "\($0.variable.name):\($0.coefficient)" }
    }

    @Test func arithmeticKeepsTermsInOrder() {
        let e = 2 * x + y - 10
        #expect(pairs(e) == ["x:2.0", "y:1.0"])
        #expect(e.constant == -10)
        #expect(e.description == "2*x + y - 10")

        let shifted = x + 5
        #expect(pairs(shifted) == ["x:1.0"] && shifted.constant == 5)

        let mid = (x + y) / 2
        #expect(pairs(mid) == ["x:0.5", "y:0.5"] && mid.constant == 0)

        let negated = -x
        #expect(pairs(negated) == ["x:-1.0"] && negated.description == "-x")

        let flipped = 5 - (x - 2 * y + 3)
        #expect(pairs(flipped) == ["x:-1.0", "y:2.0"])
        #expect(flipped.constant == 2)
        #expect(flipped.description == "-x + 2*y + 2")

        let scaled = (x + 1) * 3 + 0.5 * Term(z, 4)
        #expect(pairs(scaled) == ["x:3.0", "z:2.0"] && scaled.constant == 3)

        let leading = 7 + x
        #expect(leading.constant == 7 && pairs(leading) == ["x:1.0"])
    }

    /// `x / 3` divides once rather than multiplying by a rounded `1 / 3`.
    @Test func divisionRoundsOnce() {
        let e = (x + 10) / 3
        #expect(e.terms[0].coefficient == 1.0 / 3.0)
        #expect(e.constant == 10.0 / 3.0)
    }

    @Test func repeatedVariablesMergeWhenSimplified() {
        let e = x + y + x - 2 * y + 3 * z - 3 * z + 1
        #expect(e.terms.count == 6)
        let s = e.simplified()
        #expect(pairs(s) == ["x:2.0", "y:-1.0"])
        #expect(s.constant == 1)
        #expect((x - x).simplified().terms.isEmpty)
    }

    @Test func relationOperatorsBuildLeftMinusRight() {
        let sum = x + y == 10
        #expect(pairs(sum.expression) == ["x:1.0", "y:1.0"])
        #expect(sum.expression.constant == -10)
        #expect(sum.relation == .equal)
        #expect(sum.priority == .required)
        #expect(sum.origin.kind == .code)
        #expect(sum.origin.text == "x + y == 10")

        let upper = x <= y + 5
        #expect(pairs(upper.expression) == ["x:1.0", "y:-1.0"])
        #expect(upper.expression.constant == -5)
        #expect(upper.relation == .lessOrEqual)
        #expect(upper.origin.text == "x <= y + 5")

        let lower = 0 <= x
        #expect(pairs(lower.expression) == ["x:-1.0"] && lower.relation == .lessOrEqual)
        #expect(lower.origin.text == "0 <= x")

        let merged = 2 * x + y >= x - 3
        #expect(pairs(merged.expression) == ["x:1.0", "y:1.0"])
        #expect(merged.expression.constant == 3)
        #expect(merged.relation == .greaterOrEqual)
        #expect(merged.origin.text == "2*x + y >= x - 3")
    }

    /// Between two variables `==` is identity unless the context asks for a constraint.
    @Test func variableEqualityIsIdentityOutsideConstraintContext() {
        let same = x == x
        let different = x == Variable("x")
        #expect(same && !different)
        let c: LinearConstraint = x == y
        #expect(c.origin.text == "x == y")
        #expect(pairs(c.expression) == ["x:1.0", "y:-1.0"])
        #expect(Set([x, y, x]).count == 2)
    }

    @Test func initializerRecordsItsCallSite() {
        let line = #line + 1
        let c = LinearConstraint(2 * x + y - 10, .equal, priority: .medium)
        #expect(c.origin.text == "2*x + y == 10")
        #expect(c.origin.file == #fileID)
        #expect(c.origin.line == line)
        #expect(c.priority == .medium)
        #expect(c.description == "2*x + y == 10 @500")
        #expect(LinearConstraint(x - x + 4, .greaterOrEqual).origin.text == "0 >= -4")
    }

    @Test func modifiersReturnNewConstraints() {
        let base = x == 100
        #expect(base.origin.file == nil)  // an operator cannot see its call site

        let line = #line + 1
        let low = base.priority(.low)
        #expect(low !== base)
        #expect(low.priority == .low && base.priority == .required)
        #expect(low.origin.file == #fileID && low.origin.line == line)
        #expect(low.expression.constant == -100)

        let named = low.labeled("width").priority(500)
        #expect(named.priority.rawValue == 500)
        #expect(named.label == "width")
        #expect(named.origin.text == "width: x == 100")
        #expect(named.origin.line == line)  // keeps the first recorded location
        #expect(named.description == "width: x == 100 @500")
        #expect(low.label == nil)
    }

    @Test func numbersRenderAsWritten() {
        #expect((0.5 * x - 2.25).description == "0.5*x - 2.25")
        #expect((x * -1 + y * 1e20).description == "-x + 1e+20*y")
        #expect(LinearExpression().description == "0")
        #expect(LinearExpression(constant: -3).description == "-3")
        #expect((x / 0).description == "inf*x + nan")  // 0 / 0 in the constant
    }
}
