/// Every problem found in a layout: thrown by the Simple Format Language, by
/// layout documents and by ``View/layout(width:height:direction:scale:measurer:)``.
///
/// A document or a list of constraint strings is checked in full before this
/// is thrown, so ``diagnostics`` lists every problem found (up to
/// ``diagnosticLimit``), in source order.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, in the order of their sources.
    public var diagnostics: [Diagnostic]
    /// How many further problems were found after ``diagnosticLimit`` and not kept.
    public var suppressedCount: Int

    /// At most this many diagnostics are kept; more are only counted, as
    /// compilers stop after an error limit.
    public static let diagnosticLimit = 1000

    public init(_ diagnostics: [Diagnostic], suppressedCount: Int = 0) {
        self.diagnostics = diagnostics
        self.suppressedCount = suppressedCount
    }

    /// Wraps a solver failure. An unsatisfiable set of required constraints
    /// becomes one diagnostic whose notes name each conflicting constraint by
    /// its origin.
    public init(_ error: SolverError) {
        switch error {
        case .unsatisfiable(let conflict):
            self.init([Diagnostic(
                location: "layout", problem: .unsatisfiable(conflict: conflict),
                notes: conflict.map(\.description))])
        default:
            self.init([Diagnostic(location: "layout", problem: .solver(error))])
        }
    }

    /// The problems of all diagnostics, for tests and programs that branch on them.
    public var problems: [LayoutProblem] { diagnostics.map(\.problem) }

    /// Every diagnostic, one after another, then a count of suppressed ones.
    public var description: String {
        var lines = diagnostics.map(\.description)
        if suppressedCount > 0 {
            lines.append("... and \(suppressedCount) more error\(suppressedCount == 1 ? "" : "s") not shown")
        }
        return lines.joined(separator: "\n")
    }
}

/// Collects diagnostics up to ``LayoutError/diagnosticLimit``.
struct DiagnosticSink {
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var suppressedCount = 0

    var isEmpty: Bool { diagnostics.isEmpty }
    /// Whether more diagnostics would be dropped (so callers can skip costly suggestions).
    var isFull: Bool { diagnostics.count >= LayoutError.diagnosticLimit }

    mutating func append(_ diagnostic: Diagnostic) {
        if isFull { suppressedCount += 1 } else { diagnostics.append(diagnostic) }
    }

    /// Throws the collected diagnostics, if there are any.
    func throwIfAny() throws(LayoutError) {
        if !diagnostics.isEmpty { throw LayoutError(diagnostics, suppressedCount: suppressedCount) }
    }

    var error: LayoutError { LayoutError(diagnostics, suppressedCount: suppressedCount) }
}
