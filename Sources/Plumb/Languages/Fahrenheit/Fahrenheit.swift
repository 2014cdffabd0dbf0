// Fahrenheit: build a view hierarchy in blocks nested like the views.
//
//     ºº(root) {
//         var two: View!
//         let one = º(View("one")) { s in
//             s.make.left.equalTo(two)      // two is assigned below, but not nil here
//         }
//         two = º(View("two")) { s in
//             s.make.top.equalTo(one)
//         }
//     }
//
// ASCII spellings: `fahrenheitTopLevel` for `ºº` and `fahrenheit` for `º`,
// the names of the original's macros (FAHRENHEIT_TOPLEVEL, FAHRENHEIT).

/// Starts a Fahrenheit hierarchy at `root`: runs `body`, in which `º` adds
/// views to `root`, then the blocks of those `º` calls. `root` itself is not
/// added to anything.
///
/// ```swift
/// let root = View("root")
/// var view1: View!, view2: View!
/// ºº(root) {
///     view1 = º(View("view1")) { s in
///         s.make.edges.equalTo(s.superview)
///         view2 = º(View("view2")) { s in
///             s.make.edges.equalTo(s.superview).inset(10)
///         }
///     }
/// }
/// try root.layout(width: 200, height: 100)
/// view2.frame  // (10, 10, 180, 80), in view1's coordinates
/// ```
///
/// Calls may nest: a `ºº` inside a block starts a separate hierarchy.
public func ºº(_ root: View, _ body: () -> Void) {
    FahrenheitBlocks.run(root, body)
}

/// `ºº` spelled in ASCII (the original's `FAHRENHEIT_TOPLEVEL`).
public func fahrenheitTopLevel(_ root: View, _ body: () -> Void) {
    FahrenheitBlocks.run(root, body)
}

/// Adds `view` as the last subview of the innermost enclosing block's view
/// (a `ºº` or another `º`) and returns it; `block` runs later, once
/// everything else in the enclosing block has run.
///
/// Because blocks wait, views assigned at the same level can refer to each
/// other in their blocks, whichever comes first (declare them `View!` before
/// the first `º`). Subviews are in the order of the `º` calls. The block gets
/// a ``FahrenheitScope``: `s.view`, `s.superview`, `s.make` and the view's
/// own properties (`s.intrinsicContentSize`); the lines of `s.make` become
/// constraints when the block returns.
///
/// Outside any `ºº`, the view is added to nothing, the block does not run,
/// and the next layout of a tree holding the view reports
/// ``SwiftFrontEndProblem/fahrenheitOutsideTopLevel(view:)`` at this call.
///
/// - Returns: `view`.
@discardableResult
public func º(
    _ view: View, file: String = #fileID, line: Int = #line,
    _ block: @escaping (FahrenheitScope) -> Void = { _ in }
) -> View {
    add(view, file, line, block)
}

/// `º` spelled in ASCII (the original's `FAHRENHEIT`).
@discardableResult
public func fahrenheit(
    _ view: View, file: String = #fileID, line: Int = #line,
    _ block: @escaping (FahrenheitScope) -> Void = { _ in }
) -> View {
    add(view, file, line, block)
}

private func add(_ view: View, _ file: String, _ line: Int, _ block: @escaping (FahrenheitScope) -> Void) -> View {
    guard let frame = FahrenheitBlocks.innermost else {
        view.recordProblem(.fahrenheitOutsideTopLevel(view: view.id), file: file, line: line)
        return view
    }
    frame.view.addSubview(view)
    frame.waiting.append((view, file, line, block))
    return view
}
