import Testing
@testable import Plumb

/// A stage for rule tests: a 1000 × 1000 root holding `stage` at
/// (100, 50, 400, 300), placed by rules, and `other` at (150, 100, 60, 40)
/// in root coordinates, a child of the root (so not a sibling of views in `stage`).
struct SLLStage {
    let root = View("root")
    let stage = View("stage")
    let other = View("other")

    init() throws {
        root.addSubview(stage)
        root.addSubview(other)
        try Layout(of: stage).addRule("ll = 100, tt = 50, w = 400, h = 300")
        try Layout(of: other).addRule("ll = 150, tt = 100, w = 60, h = 40")
    }

    /// Adds a view `v` to the stage with `rule`, lays out, and returns `v`'s
    /// frame in the stage's coordinates.
    func frame(
        _ rule: String, _ arguments: any RuleArgumentConvertible..., sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Rect {
        let v = View("v")
        stage.addSubview(v)
        defer { v.removeFromSuperview() }
        try Layout(of: v).addRule(rule, arguments: arguments)
        try root.layout(width: 1000, height: 1000)
        return v.frame
    }
}

/// Checks that `Layout.addRule` rejects `rule` with exactly `expected`
/// problems, the first at 1-based `column`, located `rule (view "v")`.
func sllRuleError(
    _ rule: String, _ arguments: [any RuleArgumentConvertible] = [], _ expected: LayoutProblem..., column: Int,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let root = View("root"), v = View("v"), o = View("o")
    root.addSubview(v)
    root.addSubview(o)
    let layout = Layout(of: v)
    do {
        try layout.addRule(rule, arguments: arguments)
        Issue.record("expected \(expected), but '\(rule)' was added", sourceLocation: sourceLocation)
    } catch {
        #expect(error.problems == expected, sourceLocation: sourceLocation)
        #expect(error.diagnostics.first?.column == column, "column", sourceLocation: sourceLocation)
        #expect(error.diagnostics.allSatisfy { $0.location == "rule (view \"v\")" && $0.origin?.kind == .rule },
                sourceLocation: sourceLocation)
        #expect(layout.rules.isEmpty, "a failed rule is not added", sourceLocation: sourceLocation)
    }
}

/// The absolute frame `(x, y, width, height)` of every view of a document, by id.
func sllDocumentFrames(_ json: String) throws -> [String: Rect] {
    let document = try LayoutDocument.parse(Array(json.utf8), source: "test.json")
    let lowered = try document.lower()
    let solution = try lowered.solve()
    let frames = lowered.frames(from: solution, absolute: true)
    return Dictionary(uniqueKeysWithValues: zip(lowered.viewIDs, frames))
}

/// The diagnostics of a document that fails to lower or solve.
func sllDocumentErrors(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
    do {
        let document = try LayoutDocument.parse(Array(json.utf8), source: "test.json")
        let lowered = try document.lower()
        _ = try lowered.solve()
        Issue.record("expected errors", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

/// `Rect`s equal to within rounding.
func sllClose(_ a: Rect?, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}
