/// The report of ``LoweredLayout/check(progress:)`` (and `plumb check`): every
/// conflict among required constraints, every view whose frame is not
/// determined, and every constraint that is redundant or can never have an
/// effect, found without stopping at the first.
///
/// ```swift
/// let lowered = try LayoutDocument.parse(bytes, source: "doc.json").lower()
/// let check = lowered.check()
/// for conflict in check.conflicts { print(conflict.constraints) }
/// for a in check.ambiguities { print(a.view, a.axis) }
/// exit(check.exitStatus)  // 0 clean, 1 warnings, 2 errors
/// ```
///
/// The method is `ConstraintSystem/diagnose(measuring:)`: disjoint minimal
/// conflicting sets, found component by component; then, with the
/// conflicting rows left out one at a time, probes that try to push each
/// view's x, y, width and height up and down at a priority below every real
/// one, on one simplex per independent component. A view
/// is ambiguous along an axis when its position or its size on that axis
/// can move without giving up any required constraint or any optional
/// priority level's optimum. Positions are measured from the parent, as
/// frames are: a view placed relative to an ambiguous parent moves with it
/// and is not reported itself; the parent is.
public struct LayoutCheck: Sendable, Hashable {
    /// Required constraints that cannot all hold: dropping any one of them
    /// lets the others hold.
    public struct Conflict: Sendable, Hashable {
        /// The constraints, by origin, in the order they were lowered.
        public var constraints: [Origin]
    }

    /// A view whose frame is not determined along one axis.
    public struct Ambiguity: Sendable, Hashable {
        public enum Part: String, Sendable, Hashable {
            /// `x` (horizontally) or `y` (vertically).
            case position
            /// `width` or `height`.
            case size
        }

        /// The view's id.
        public var view: String
        public var axis: LayoutAxis
        /// What can move: the position, the size, or both.
        public var parts: [Part]
        /// Every constraint that mentions the view along this axis, by origin,
        /// in the order they were lowered (empty when none does).
        public var constraints: [Origin]
    }

    public var conflicts: [Conflict]
    public var ambiguities: [Ambiguity]
    /// Required constraints that the other required constraints imply:
    /// removing one changes nothing (of two duplicates, the later).
    public var redundant: [Origin]
    /// Optional constraints that can never influence the layout: the
    /// required constraints make them always hold, or fix their value where
    /// they do not hold. Intrinsic-size rows are not reported (a view whose
    /// size is fixed by constraints routinely has one).
    public var ineffective: [Origin]

    /// Whether there is nothing to report.
    public var isClean: Bool { conflicts.isEmpty && !hasWarnings }

    /// Whether there are warnings: ambiguous views, redundant or ineffective constraints.
    public var hasWarnings: Bool { !ambiguities.isEmpty || !redundant.isEmpty || !ineffective.isEmpty }

    /// `plumb check`'s exit status: 2 when required constraints conflict
    /// (errors), 1 for warnings only, 0 when clean.
    public var exitStatus: Int32 { !conflicts.isEmpty ? 2 : hasWarnings ? 1 : 0 }

    /// One line per problem, `error:` or `warning:` first, each prefixed with
    /// `location` (the document's name), then a summary line.
    public func report(location: String) -> String {
        var lines: [String] = []
        for conflict in conflicts {
            lines.append("\(location): error: \(LayoutProblem.unsatisfiable(conflict: conflict.constraints))")
            for origin in conflict.constraints { lines.append("  note: \(origin)") }
        }
        for a in ambiguities {
            let what = a.parts.map { part in
                switch (part, a.axis) {
                case (.position, .horizontal): "x"
                case (.position, .vertical): "y"
                case (.size, .horizontal): "width"
                case (.size, .vertical): "height"
                }
            }
            lines.append("\(location): warning: view '\(a.view)' is ambiguous \(a.axis == .horizontal ? "horizontally" : "vertically"): its \(what.joined(separator: " and ")) \(what.count == 1 ? "is" : "are") not determined")
            if a.constraints.isEmpty {
                lines.append("  note: no constraint mentions it along this axis")
            }
            for origin in a.constraints { lines.append("  note: involved: \(origin)") }
        }
        for origin in redundant {
            lines.append("\(location): warning: \(origin) is redundant: the other required constraints imply it")
        }
        for origin in ineffective {
            lines.append("\(location): warning: \(origin) never has an effect: the required constraints decide it")
        }
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let axes = ambiguities.count == 1 ? "1 ambiguous view axis" : "\(ambiguities.count) ambiguous view axes"
        let verdict = isClean ? "clean" : conflicts.isEmpty ? "warnings" : "errors"
        lines.append("\(location): \(count(conflicts.count, "conflict")), \(axes), "
            + "\(count(redundant.count, "redundant constraint")), \(count(ineffective.count, "ineffective constraint")) (\(verdict))")
        return lines.joined(separator: "\n")
    }
}

extension LoweredLayout {
    /// Checks the layout: every conflict among required constraints (as
    /// disjoint minimal sets, by origin) and every view whose position or
    /// size is not determined, per axis, with the constraints that mention
    /// it. The root is never ambiguous (its frame is fixed).
    ///
    /// - Complexity: see `ConstraintSystem/diagnose(measuring:)`; much
    ///   slower than ``solve(options:)`` on large layouts.
    ///
    /// `progress`, when given, gets a line now and then on what the check
    /// is doing (see `ConstraintSystem/diagnose(measuring:progress:)`).
    public func check(progress: ((String) -> Void)? = nil) -> LayoutCheck {
        // Per view: its x and y relative to its parent (as its frame is), its width and height.
        var forms: [[(VariableIndex, Double)]] = []
        forms.reserveCapacity(4 * viewIDs.count)
        for i in 1 ..< viewIDs.count {
            let view = ViewIndex(i), parent = ViewIndex(Int(parents[i]))
            forms.append([(view.variable(.left), 1), (parent.variable(.left), -1)])
            forms.append([(view.variable(.top), 1), (parent.variable(.top), -1)])
            forms.append([(view.variable(.width), 1)])
            forms.append([(view.variable(.height), 1)])
        }
        let diagnosis = system.diagnose(measuring: forms, progress: progress)
        let conflicts = diagnosis.conflicts.map { rows in
            LayoutCheck.Conflict(constraints: rows.map { system.origins[$0.int] })
        }
        // Form 4(i - 1) + k of view i: k = 0 x, 1 y, 2 width, 3 height.
        let free = Set(diagnosis.freeMeasures)
        let reported = { (rows: [RowIndex]) in
            rows.map { system.origins[$0.int] }.filter { $0.kind != .intrinsicSize && $0.kind != .root }
        }
        let redundant = reported(diagnosis.redundantRows), ineffective = reported(diagnosis.ineffectiveRows)
        var ambiguities: [LayoutCheck.Ambiguity] = []
        guard !free.isEmpty else {
            return LayoutCheck(conflicts: conflicts, ambiguities: [], redundant: redundant, ineffective: ineffective)
        }
        // Rows by the variables they mention, for the "involved" notes.
        var rowsOfVariable = [[Int]](repeating: [], count: system.variableCount)
        for r in 0 ..< system.rowCount {
            for k in system.termRange(of: RowIndex(r)) { rowsOfVariable[Int(system.columns[k])].append(r) }
        }
        for i in 1 ..< viewIDs.count {
            let view = ViewIndex(i)
            for axis in LayoutAxis.allCases {
                let position = view.variable(axis == .horizontal ? .left : .top)
                let size = view.variable(axis == .horizontal ? .width : .height)
                let base = 4 * (i - 1) + (axis == .horizontal ? 0 : 1)
                var parts: [LayoutCheck.Ambiguity.Part] = []
                if free.contains(base) { parts.append(.position) }
                if free.contains(base + 2) { parts.append(.size) }
                guard !parts.isEmpty else { continue }
                let rows = Set(rowsOfVariable[position.int] + rowsOfVariable[size.int]).sorted()
                ambiguities.append(LayoutCheck.Ambiguity(
                    view: viewIDs[i], axis: axis, parts: parts, constraints: rows.map { system.origins[$0] }))
            }
        }
        return LayoutCheck(conflicts: conflicts, ambiguities: ambiguities, redundant: redundant, ineffective: ineffective)
    }
}
