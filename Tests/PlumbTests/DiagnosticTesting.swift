import Testing
@testable import Plumb

/// Compiles `format` with `make(simpleFormat:)` and checks that exactly the
/// `expected` problems are reported, the first at `column`, in the
/// `_RegexParser` `diagnosticTest` style.
func diagnosticTest(
    _ format: String, _ expected: LayoutProblem..., column: Int,
    views: [String: View] = standardViews, metrics: [String: Double] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let c = try Constraint.make(simpleFormat: format, views: views, metrics: metrics)
        Issue.record("expected \(expected) but made \(c)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.problems == expected, sourceLocation: sourceLocation)
        #expect(error.diagnostics.first?.column == column, "column", sourceLocation: sourceLocation)
        #expect(error.diagnostics.allSatisfy { $0.location == "constraint" && $0.line == 1 },
                sourceLocation: sourceLocation)
    }
}

/// `a`, `b`, and `superview` (the parent of both), shared by the SFL tests.
/// Tests only read these; layouts build their own trees.
nonisolated(unsafe) let standardViews: [String: View] = {
    let root = View("root"), a = View("a"), b = View("b")
    root.addSubview(a)
    root.addSubview(b)
    return ["a": a, "b": b, "superview": root]
}()
