import Testing
@testable import Plumb

/// Builds a tree from `(id, parent id)` pairs (the first is the root), makes
/// and activates `formats`, lays it out, and returns the views by id.
func layOut(
    _ tree: [(String, String?)], _ formats: [String], width: Double, height: Double,
    intrinsic: [String: IntrinsicSize] = [:], metrics: [String: Double] = [:]
) throws -> [String: View] {
    var views: [String: View] = [:]
    var root: View?
    for (id, parent) in tree {
        let v = View(id)
        views[id] = v
        if let parent, let p = views[parent] { p.addSubview(v) } else { root = v }
        if let size = intrinsic[id] { v.intrinsicContentSize = size }
    }
    Constraint.activate(try Constraint.make(simpleFormats: formats, views: views, metrics: metrics))
    try #require(root).layout(width: width, height: height)
    return views
}

/// `Rect(x:y:width:height:)`, shorter.
func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

/// Whether the simplex strategy is available. Until `SimplexCore` lands (it
/// is a stub that traps), layouts with inequalities or conflicts are skipped.
let simplexAvailable = true
