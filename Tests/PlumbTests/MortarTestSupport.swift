import Testing
@testable import Plumb

/// How far a solved coordinate may be from the hand-computed one: the solver
/// works in `Double`, and multipliers such as 1.4 are not exact in binary.
let mortarFrameTolerance = 1e-9

/// Expects `view.frame` to be `(x, y, width, height)` within ``mortarFrameTolerance``.
func expectFrame(
    _ view: View, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let f = view.frame
    let close = abs(f.x - x) <= mortarFrameTolerance && abs(f.y - y) <= mortarFrameTolerance
        && abs(f.width - width) <= mortarFrameTolerance && abs(f.height - height) <= mortarFrameTolerance
    #expect(close, "\(view.id): \(f) != (\(x), \(y), \(width), \(height))", sourceLocation: sourceLocation)
}

/// A 400 x 300 root named `root` with `count` subviews named `view1`, `view2`, ...
func mortarScene(_ count: Int) -> (root: View, views: [View]) {
    let root = View("root")
    let views = (1...count).map { View("view\($0)") }
    root |+| views
    return (root, views)
}

/// The Swift front-end problems that the next layout of `root` reports (none when it succeeds).
func frontEndProblems(of root: View, width: Double = 400, height: Double = 300) -> [SwiftFrontEndProblem] {
    do {
        try root.layout(width: width, height: height)
        return []
    } catch {
        return error.problems.compactMap {
            if case .swiftFrontEnd(let p) = $0 { return p }
            return nil
        }
    }
}

/// `view.m_frame |=| frame` (top, left, width, height) at `priority`: a tuple
/// takes no `!` of its own, so the default priority is pushed around it.
func mortarFrame(_ view: View, _ frame: (Double, Double, Double, Double), _ priority: LayoutPriority) {
    MortarDefault.priority.push(priority)
    defer { try? MortarDefault.priority.pop() }
    view.m_frame |=| (frame.0, frame.1, frame.2, frame.3)
}
