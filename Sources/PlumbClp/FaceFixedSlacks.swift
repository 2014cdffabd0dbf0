import PlumbSolver

extension ClpPartSolver {
    /// Which slacks of the group of `fixedRows`' LP that has no free column
    /// (`SettlingGroup.ofFixedColumns`) stay at 0 (true), in `group`'s
    /// order (its open rows', then its open error columns'). Each slack is
    /// an LP of one column there: `t` in [0, 1] below its row's distance
    /// from its bound (the row's columns all fixed, by their bounds or by
    /// rows) or below the value rows fix its error column at, and above
    /// the row's distance past its other bound when it has one. The sum of
    /// such LPs is maximised by each `t` at its largest, and the rounds of
    /// `settleSlacks` end after the first, as fixing one `t` at 0 moves no
    /// other. So the slacks are decided from those distances where the
    /// answer does not hang on Clp's tolerances (`fixedSlackStays`), and
    /// only the others go to Clp (`settleGroup`, one model of them all).
    /// On `priorities` at 10,000 views that group was 1,723 slacks in one
    /// model, whose primal grew faster than its slacks (BENCHMARKS.md,
    /// prio63 and prio65). Nil when Clp fails.
    static func settleFixedSlacks(
        _ group: SettlingGroup, part: LinearPart, errors: (plus: [Int32], minus: [Int32]),
        fixedValues: [Double]?, openRow: [Int32], openError: [Int32],
        rowLower rl: UnsafePointer<Double>, rowUpper ru: UnsafePointer<Double>,
        columnLower cl: UnsafePointer<Double>, columnUpper cu: UnsafePointer<Double>,
        local: inout [Int32], refactorInterval: Int?
    ) -> [Bool]? {
        let infinity = PartModel.infinity
        var stays = [Bool?](repeating: nil, count: group.openRows.count + group.openErrors.count)
        for (s, k) in group.openRows.enumerated() {
            let r = Int(openRow[Int(k)])
            // The row's value: its columns are all fixed.
            var shift = 0.0
            let allFixed = entries(ofRow: r, part, errors: errors) { j, a in
                guard let v = settledValue(ofColumn: Int(j), fixedValues: fixedValues, columnLower: cl, columnUpper: cu)
                else { return false }
                shift += a * v
                return true
            }
            guard allFixed else { continue }
            // As `settleGroup` writes the row: Σ a·x − t ≥ rl (and ≤ ru),
            // or Σ a·x + t ≤ ru.
            if rl[r] > -infinity / 2 {
                stays[s] = fixedSlackStays(upTo: shift - rl[r], from: ru[r] < infinity / 2 ? shift - ru[r] : nil)
            } else if ru[r] < infinity / 2 {
                stays[s] = fixedSlackStays(upTo: ru[r] - shift, from: nil)
            }
        }
        for (s, e) in group.openErrors.enumerated() {
            let j = Int(openError[Int(e)])
            // e − t ≥ 0 with e fixed by rows: t ≤ e.
            if let values = fixedValues, !values[j].isNaN {
                stays[group.openRows.count + s] = fixedSlackStays(upTo: values[j], from: nil)
            }
        }
        var rest = SettlingGroup(ofFixedColumns: true)
        for (s, k) in group.openRows.enumerated() where stays[s] == nil {
            rest.rows.append(openRow[Int(k)])
            rest.openRows.append(k)
        }
        for (s, e) in group.openErrors.enumerated() where stays[group.openRows.count + s] == nil {
            rest.openErrors.append(e)
        }
        if !rest.openRows.isEmpty || !rest.openErrors.isEmpty {
            guard let settled = settleGroup(
                rest, part: part, errors: errors, fixedValues: fixedValues, openRow: openRow, openError: openError,
                rowLower: rl, rowUpper: ru, columnLower: cl, columnUpper: cu, local: &local,
                refactorInterval: refactorInterval)
            else { return nil }
            var next = 0
            for s in stays.indices where stays[s] == nil {
                stays[s] = settled[next]
                next += 1
            }
        }
        return stays.map { $0! }
    }

    /// Whether the slack `t` of an LP of one column, `t` in [0, 1] with
    /// `from ≤ t ≤ upTo` (`from` nil: no such bound), stays at 0 under
    /// `settleSlacks` (true) or leaves it (false); nil where that depends
    /// on Clp's tolerances, or the LP is not plainly feasible: `from` above
    /// 0, or `upTo` below 0 or within a factor of 10 of `slackTolerance`.
    /// The LP's optimum is `t = min(1, upTo)`: with `upTo` at least ten
    /// times `slackTolerance`, Clp's answer is above the tolerance by far
    /// more than its own (1e-9); with `upTo` in [0, slackTolerance / 10],
    /// below it.
    static func fixedSlackStays(upTo: Double, from: Double?) -> Bool? {
        guard (from ?? 0) <= 0, upTo >= 0 else { return nil }
        if upTo >= 10 * slackTolerance { return false }
        if upTo <= slackTolerance / 10 { return true }
        return nil
    }
}
