/// A large part held together by variables that its required rows push one
/// way only, and that no optional row above a low level reads: the levels
/// above that level are solved with those variables at their far bound, where
/// the part falls apart, and only the levels from it down see the part whole.
///
/// `ladder-loose`'s guide is such a variable: every row of items must start
/// right of it (`a.left ≥ guide.right + 4`), nothing else holds it but a
/// floor far to the left, and its only wish is at level 1 while the rows'
/// wishes fill nearly a thousand levels above. Solved whole, every one of
/// those levels is a Clp call over every row at once (7 s at 10,000 views);
/// with the guide at its floor the rows are independent small components.
///
/// Found on the rows alone. A variable `v` is one-sided towards `s` (+1 or
/// −1) when every required row of two or more variables it is in is an
/// inequality that moving `v` towards `s` relaxes, none is an equality, and
/// it is in at least one such row; its required rows of one variable bound
/// it, and its far bound is the tightest of those that stop it moving
/// towards `s` (none: unbounded that way). `p` is one of the one-sided
/// variables' top levels (the highest priority of an optional row each is
/// in), the lowest that splits the part, and the variables taken out are
/// those whose top level is at most `p`.
///
/// Why it is exact. Let `P` be the part and `P'` its required rows and its
/// optional rows above `p`, with the variables taken out at their far bounds
/// (a row with one unbounded that way dropped: that variable can always make
/// it hold). Every point of `P`'s required rows moved to those bounds still
/// satisfies them, and no row above `p` reads those variables, so each level
/// above `p` has the same optimum in `P` as in `P'`, and a point of `P`
/// lies on `P`'s optimal face of those levels exactly when, moved to the
/// bounds, it lies on `P'`'s. `P'` falls apart into components that share no
/// variable, whose levels are independent, so that face is the set of
/// points of `P`'s required rows where, for each component and level above
/// `p`, the sum of the errors of that component's rows of that level is at
/// most what it is at `P'`'s optimum (each sum is at least its optimum, and
/// the levels are held from the top down). The split solves `P'` with the
/// planner, writes those sums as required rows (a lone row of a group as a
/// band around the row, several with error variables of their own), and
/// solves the rows at `p` and below on that face, again with the planner.
struct OneSidedSplit {
    /// The part's rows for the levels above `level`, the variables taken
    /// out put at their far bounds (see the type).
    private(set) var upper: LinearPart
    /// The highest level solved on the whole part (`p` above).
    let level: Priority
    /// The variables taken out.
    private(set) var taken: [Int32] = []
    /// The variables of the largest component of ``upper``.
    private(set) var largestPiece = 0

    /// The split of `part` at the lowest of the one-sided variables' top
    /// levels that splits it (of the lowest `levelsTried`); nil when none
    /// does, or when fewer than `leastLevelsAbove` of the part's levels, or
    /// fewer than half, lie above it, or when a one-sided variable's far
    /// bound is past its near one (the required rows conflict).
    init?(_ part: LinearPart) {
        let n = part.variableCount, m = part.rowCount
        guard n > 2 else { return nil }
        func terms(_ r: Int) -> Range<Int> { Int(part.rowStart[r]) ..< Int(part.rowStart[r + 1]) }
        // Levels first, the cheapest test: a part of few levels is left whole.
        guard Self.hasLevelsEnough(part) else { return nil }
        // The way each variable's coupled required rows let it go: 0 none
        // yet, ±1, or `Self.twoSided`; the highest priority of each
        // variable's optional rows (0: none). Written through buffers: an
        // array's write checks its uniqueness each time.
        var side = [Int8](repeating: 0, count: n)
        var top = [Double](repeating: 0, count: n)
        side.withUnsafeMutableBufferPointer { side in
            top.withUnsafeMutableBufferPointer { top in
                part.columns.withUnsafeBufferPointer { columns in
                    part.coefficients.withUnsafeBufferPointer { coefficients in
                        for r in 0 ..< m {
                            let priority = part.priorities[r]
                            let range = terms(r)
                            if !priority.isRequired {
                                for k in range {
                                    let v = Int(columns[k])
                                    top[v] = max(top[v], priority.rawValue)
                                }
                                continue
                            }
                            guard range.count >= 2 else { continue }
                            let relation = part.relations[r]
                            for k in range {
                                let v = Int(columns[k])
                                let way = Self.relaxingWay(relation, coefficients[k])
                                side[v] = way == 0 || (side[v] != 0 && side[v] != way) ? Self.twoSided : way
                            }
                        }
                    }
                }
            }
        }
        // The one-sided variables' top levels, lowest first: each is tried
        // as `p` until one splits the part.
        var tops: [Double] = []
        for v in 0 ..< n where (side[v] == 1 || side[v] == -1) && top[v] > 0 { tops.append(top[v]) }
        guard !tops.isEmpty else { return nil }
        var distinctLevels = Set<Double>()
        for r in 0 ..< m where !part.priorities[r].isRequired { distinctLevels.insert(part.priorities[r].rawValue) }
        let levels = distinctLevels.sorted()
        // Far bounds (towards `side`) and near ones (the other way), from the
        // required rows of one variable.
        var far = [Double](repeating: .infinity, count: n), near = far
        for v in 0 ..< n where side[v] == 1 || side[v] == -1 {
            far[v] = Double(side[v]) * .infinity
            near[v] = -far[v]
        }
        for r in 0 ..< m where part.priorities[r].isRequired && terms(r).count == 1 {
            let k = Int(part.rowStart[r]), v = Int(part.columns[k])
            guard side[v] == 1 || side[v] == -1 else { continue }
            let a = part.coefficients[k]
            guard a != 0 else { continue }
            let at = -part.constants[r] / a
            let way = Self.relaxingWay(part.relations[r], a)
            // An equality of one variable fixes it: both ways.
            if way == 0 || way == -side[v] { far[v] = side[v] > 0 ? min(far[v], at) : max(far[v], at) }
            if way == 0 || way == side[v] { near[v] = side[v] > 0 ? max(near[v], at) : min(near[v], at) }
        }
        // A far bound past a near one: the required rows conflict, which
        // the part solved whole reports.
        for v in 0 ..< n where (side[v] == 1 || side[v] == -1) && far[v].isFinite {
            let slack = Tolerances.feasibility * max(1, abs(far[v]))
            if side[v] > 0 ? far[v] < near[v] - slack : far[v] > near[v] + slack { return nil }
        }
        tops.sort()
        var tried = 0
        for (i, p) in tops.enumerated() where i == 0 || p != tops[i - 1] {
            // Enough levels above `p`, and at least half of them.
            let above = levels.count - (levels.lastIndex { $0 <= p }.map { $0 + 1 } ?? 0)
            guard above >= Self.leastLevelsAbove, 2 * above >= levels.count else { break }
            if let split = Self(part, at: p, side: side, top: top, far: far) {
                self = split
                return
            }
            tried += 1
            if tried == Self.levelsTried { break }
        }
        return nil
    }

    /// The split at `p` (see the type): nil when a row of taken variables
    /// alone does not hold at their far bounds, or when ``upper`` has a
    /// component of more than a quarter of the part's variables.
    private init?(_ part: LinearPart, at p: Double, side: [Int8], top: [Double], far: [Double]) {
        let n = part.variableCount, m = part.rowCount
        func terms(_ r: Int) -> Range<Int> { Int(part.rowStart[r]) ..< Int(part.rowStart[r + 1]) }
        var isTaken = [Bool](repeating: false, count: n)
        for v in 0 ..< n where (side[v] == 1 || side[v] == -1) && top[v] > 0 && top[v] <= p { isTaken[v] = true }
        // The components of the required rows and the rows above `p` with
        // the taken variables left out (a row with one unbounded that way
        // dropped): at most a quarter of the part's variables each.
        var pieces = UnionFind(count: n)
        let quarter = Int32(n / 4)
        var largest: Int32 = 1
        let split = pieces.withStorage { sets in
            part.columns.withUnsafeBufferPointer { columns in
                isTaken.withUnsafeBufferPointer { isTaken in
                    rowLoop: for r in 0 ..< m where part.priorities[r].isRequired || part.priorities[r].rawValue > p {
                        var first: Int32 = -1
                        for k in terms(r) {
                            let v = columns[k]
                            if isTaken[Int(v)] {
                                if !far[Int(v)].isFinite { continue rowLoop }
                            } else if first < 0 {
                                first = v
                            } else {
                                largest = max(largest, sets.joined(first, v))
                                // A piece past a quarter: no split at `p`.
                                if largest > quarter { return false }
                            }
                        }
                    }
                    return true
                }
            }
        }
        guard split, let level = Priority(rawValue: p) else { return nil }
        // `upper`: those rows with the taken variables put at their far
        // bounds.
        var rows = LinearPart(
            variableCount: n, rowStart: [0], columns: [], coefficients: [], constants: [], relations: [],
            priorities: [])
        rowLoop: for r in 0 ..< m {
            let priority = part.priorities[r]
            guard priority.isRequired || priority.rawValue > p else { continue }
            var constant = part.constants[r], magnitude = abs(constant)
            var kept = 0
            for k in terms(r) {
                let v = Int(part.columns[k])
                guard isTaken[v] else {
                    kept += 1
                    continue
                }
                guard far[v].isFinite else { continue rowLoop }
                constant += part.coefficients[k] * far[v]
                magnitude += abs(part.coefficients[k] * far[v])
            }
            if kept == 0 {
                // An optional row with no term: its error is a constant.
                guard priority.isRequired else { continue }
                // Only taken variables: the row must hold at their bounds.
                guard Tolerances.holds(constant, part.relations[r], magnitude: magnitude) else { return nil }
                continue
            }
            for k in terms(r) where !isTaken[Int(part.columns[k])] {
                rows.columns.append(part.columns[k])
                rows.coefficients.append(part.coefficients[k])
            }
            rows.rowStart.append(Int32(rows.columns.count))
            rows.constants.append(constant)
            rows.relations.append(part.relations[r])
            rows.priorities.append(priority)
        }
        upper = rows
        self.level = level
        largestPiece = Int(largest)
        taken = (0 ..< n).filter { isTaken[$0] }.map { Int32($0) }
        self.pieces = pieces
    }

    /// Whether `part` has more than `leastLevelsAbove` levels: one pass over
    /// its priorities, which stops once it has seen that many.
    static func hasLevelsEnough(_ part: LinearPart) -> Bool {
        var seen: [Double] = []
        part.priorities.withUnsafeBufferPointer { priorities in
            var last = Priority.required.rawValue
            for priority in priorities where priority.rawValue != last && !priority.isRequired {
                last = priority.rawValue
                guard !seen.contains(last) else { continue }
                seen.append(last)
                if seen.count > Self.leastLevelsAbove { break }
            }
        }
        return seen.count > Self.leastLevelsAbove
    }

    /// How many of the lowest top levels are tried as `p`: each try is a
    /// pass over the part.
    static let levelsTried = 4
    /// The fewest levels above `p` worth a split: with fewer, the part's
    /// whole solve makes few Clp calls (`chartgrid`, `degenerate`,
    /// `levels` and `scales` have 1 to 8 levels in all and are not tried,
    /// which the first pass sees after reading up to this many and one).
    static let leastLevelsAbove = 8

    /// The components of ``upper``'s variables.
    private var pieces: UnionFind

    private static let twoSided: Int8 = 2

    /// The way moving a variable with coefficient `a` in a row of
    /// `relation` relaxes the row: +1 up, −1 down, 0 neither (an equality).
    private static func relaxingWay(_ relation: Relation, _ a: Double) -> Int8 {
        switch relation {
        case .equal: 0
        case .greaterOrEqual: a > 0 ? 1 : (a < 0 ? -1 : 0)
        case .lessOrEqual: a > 0 ? -1 : (a < 0 ? 1 : 0)
        }
    }

    /// Solves `part` (the part this split was found on): ``upper`` with
    /// the planner, then the levels at ``level`` and below on the whole part
    /// with the face of the levels above held (see the type), again with
    /// the planner. Nil when either has no answer (the caller then solves
    /// the part whole). The statistics are the two solves'. `threads` as
    /// ``SolveOptions/threads`` for both.
    func solve(
        _ part: LinearPart, with solver: any LargePartSolver, threshold: Int, threads: Int = 1
    ) -> (values: [Double], stats: [SolveStats])? {
        let options = Self.options(solver, threshold: threshold, threads: threads)
        guard let held = held(part, options: options),
              let second = try? held.system.solve(options: options)
        else { return nil }
        return (Array(second.values.prefix(part.variableCount)), [held.upperStats, second.stats])
    }

    /// How the split's systems are solved: never by a session's replays,
    /// so that the split answers as a fresh solve does wherever it runs (a
    /// compiled system's solves again too).
    static func options(_ solver: any LargePartSolver, threshold: Int, threads: Int) -> SolveOptions {
        var options = SolveOptions()
        options.largePartSolver = solver.freshSolver
        options.largePartThreshold = threshold
        options.threads = threads
        return options
    }

    /// ``upper`` solved with `options`, and the held system of `part` at
    /// its optimum (see `heldFace(of:at:)`); nil when ``upper`` has no
    /// answer.
    func held(_ part: LinearPart, options: SolveOptions)
        -> (system: ConstraintSystem, source: [Int32], upperStats: SolveStats)? {
        guard let first = try? upper.system.solve(options: options) else { return nil }
        let held = heldFace(of: part, at: first.values)
        return (held.system, held.source, first.stats)
    }

    /// The part's required rows and its rows at ``level`` and below, with
    /// each group of its rows above ``level`` (one component of ``upper``,
    /// one level) held to the sum of their errors at `y`, ``upper``'s
    /// optimum: a lone row as a band (`|r| ≤ e` for an equality, `r ≥ −e`
    /// or `r ≤ e` for an inequality, an equality when `e` is 0), several with
    /// an error variable each (`t ≥ 0`, `r + t ≥ 0` and/or `r − t ≤ 0`) and
    /// a row `Σ t ≤ e`. With each row of that system, the part's row it
    /// comes from.
    func heldFace(of part: LinearPart, at y: [Double]) -> (system: ConstraintSystem, source: [Int32]) {
        var pieces = self.pieces
        func terms(_ r: Int) -> Range<Int> { Int(part.rowStart[r]) ..< Int(part.rowStart[r + 1]) }
        // Each row above the level: its group and its error at `y`.
        struct Group: Hashable {
            var piece: Int32
            var level: Double
        }
        var groupOf: [Group: Int] = [:]
        var groupRows: [[Int]] = [], groupError: [Double] = []
        for r in 0 ..< part.rowCount {
            let priority = part.priorities[r]
            // A row with no term has the same error everywhere: nothing to hold.
            guard !priority.isRequired, priority > level, !terms(r).isEmpty else { continue }
            var s = part.constants[r]
            for k in terms(r) { s += part.coefficients[k] * y[Int(part.columns[k])] }
            let error = switch part.relations[r] {
            case .equal: abs(s)
            case .greaterOrEqual: max(0, -s)
            case .lessOrEqual: max(0, s)
            }
            let key = Group(piece: pieces.find(part.columns[Int(part.rowStart[r])]), level: priority.rawValue)
            let g = groupOf[key, default: groupRows.count]
            if g == groupRows.count {
                groupOf[key] = g
                groupRows.append([])
                groupError.append(0)
            }
            groupRows[g].append(r)
            groupError[g] += error
        }
        var system = ConstraintSystem()
        system.originSource = LinearPart.rowOrigins
        system.addVariables(part.variableCount)
        var source: [Int32] = []
        func add(_ r: Int, constant: Double, relation: Relation, priority: Priority, extra: (Int32, Double)? = nil) {
            var row = terms(r).map { (VariableIndex(rawValue: part.columns[$0]), part.coefficients[$0]) }
            if let extra { row.append((VariableIndex(rawValue: extra.0), extra.1)) }
            system.addRow(row, constant: constant, relation: relation, priority: priority, origin: .key(UInt64(r)))
            source.append(Int32(r))
        }
        for r in 0 ..< part.rowCount where part.priorities[r].isRequired || part.priorities[r] <= level {
            add(r, constant: part.constants[r], relation: part.relations[r], priority: part.priorities[r])
        }
        for (g, rows) in groupRows.enumerated() {
            let e = groupError[g]
            if rows.count == 1 {
                let r = rows[0], c = part.constants[r]
                switch part.relations[r] {
                case .equal where e == 0: add(r, constant: c, relation: .equal, priority: .required)
                case .equal:
                    add(r, constant: c - e, relation: .lessOrEqual, priority: .required)
                    add(r, constant: c + e, relation: .greaterOrEqual, priority: .required)
                case .greaterOrEqual: add(r, constant: c + e, relation: .greaterOrEqual, priority: .required)
                case .lessOrEqual: add(r, constant: c - e, relation: .lessOrEqual, priority: .required)
                }
                continue
            }
            var errors: [(VariableIndex, Double)] = []
            for r in rows {
                let t = system.addVariables(1).rawValue
                errors.append((VariableIndex(rawValue: t), -1))
                system.addRow(
                    [(VariableIndex(rawValue: t), 1)], constant: 0, relation: .greaterOrEqual, priority: .required,
                    origin: .key(UInt64(r)))
                source.append(Int32(r))
                let c = part.constants[r]
                let relation = part.relations[r]
                if relation != .lessOrEqual {
                    add(r, constant: c, relation: .greaterOrEqual, priority: .required, extra: (t, 1))
                }
                if relation != .greaterOrEqual {
                    add(r, constant: c, relation: .lessOrEqual, priority: .required, extra: (t, -1))
                }
            }
            system.addRow(
                errors, constant: e, relation: .greaterOrEqual, priority: .required, origin: .key(UInt64(rows[0])))
            source.append(Int32(rows[0]))
        }
        return (system, source)
    }
}
