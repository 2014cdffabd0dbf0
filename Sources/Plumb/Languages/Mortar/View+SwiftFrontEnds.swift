/// What the Swift front ends keep per view: its layout margins, the
/// constraints its maker installed (for `updateConstraints` and
/// `remakeConstraints`), and problems not yet reported by a layout.
struct SwiftFrontEndState {
    var layoutMargins = EdgeInsets(all: View.defaultLayoutMargin)
    var makerConstraints: [Constraint] = []
    var diagnostics: [Diagnostic] = []
}

extension View {
    /// The default inset of every ``layoutMargins`` edge, as in UIKit.
    public static let defaultLayoutMargin: Double = 8

    /// The insets that the margin attributes (`m_leftMargin`,
    /// `m_centerXWithinMargin`, ...) measure from the view's edges; 8 on every
    /// edge by default.
    ///
    /// A constraint reads the margins when it is made: set them before making
    /// constraints that use them.
    public var layoutMargins: EdgeInsets {
        get { swiftFrontEnds.layoutMargins }
        set { swiftFrontEnds.layoutMargins = newValue }
    }

    /// Records `problem` for the next layout of a tree holding this view to report.
    ///
    /// - Parameters:
    ///   - origin: the statement the problem is about, when there is one.
    ///   - file, line: the Swift call site, when it was captured.
    func recordProblem(_ problem: SwiftFrontEndProblem, origin: Origin? = nil, file: String? = nil, line: Int? = nil) {
        swiftFrontEnds.diagnostics.append(Diagnostic(
            location: file ?? id, line: file == nil ? nil : line,
            problem: .swiftFrontEnd(problem), origin: origin))
    }

    /// The problems recorded on this view, which are then forgotten (each is reported once).
    func takeFrontEndDiagnostics() -> [Diagnostic] {
        guard !swiftFrontEnds.diagnostics.isEmpty else { return [] }
        defer { swiftFrontEnds.diagnostics.removeAll() }
        return swiftFrontEnds.diagnostics
    }
}
