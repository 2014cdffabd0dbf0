/// Each simplex component of a ``CompiledSystem`` as an affine function of its
/// parameter values around its current optimal basis: the re-solve that needs
/// no pivot.
///
/// A component's parameters are columns held by edit variables (see
/// ``Planner/ComponentTableau``). Moving the edit values changes only the
/// tableau's row constants, each linearly, and leaves the reduced costs alone,
/// so the basis stays optimal. While it also stays primal feasible (every
/// restricted basic value at least −tolerance) and every parameter column
/// still holds its value, the dual simplex would make no pivot, and the
/// solution is the anchor solution (the tableau's, at the parameter values it
/// was last given) plus the slopes times the parameters' changes.
/// ``step(_:values:constants:reoptimise:)`` checks that and writes the new
/// values, with no pivot and no allocation; a component for which it does not
/// hold goes back to the caller, which suggests the new values to the tableau
/// (the dual simplex pivots to the new basis) and then calls
/// ``anchor(_:at:)`` again.
///
/// When only one row's constant changes (a sweep over the root width), every
/// parameter is an affine function of it, and so is each component: a
/// ``RowProgram`` holds, per component, the interval of that constant in
/// which its basis holds (the ratio test, done once) and the slope of each
/// variable that moves, so a step is two comparisons and a short pass.
///
/// Only the rows that a parameter moves are kept: the restricted ones (to
/// check feasibility), those of solved variables (to write their values), and
/// the parameter columns' own (to check that the edits hold; a non-basic
/// parameter column is 0 whatever the edits).
///
/// Storage is flat over all components: each owns a region of the row and
/// slope arrays, sized for the rows it tracks when it is first anchored; a
/// later anchor that needs more moves the component to a larger region at
/// the end, never another component's data.
struct ComponentSlopes {
    /// What a tracked row checks or gives, by its `target`.
    private static let restricted: Int32 = -1
    /// `target <= holdsParameter`: parameter `holdsParameter - target` of the component must hold.
    private static let holdsParameter: Int32 = -2

    // Per component.
    /// Component `c`'s parameters are `parameterStart[c] ..< parameterStart[c + 1]`.
    private var parameterStart: [Int32] = [0]
    /// Component `c`'s rows are `rowStart[c] ..< rowStart[c] + rowCount[c]`,
    /// in a region of `rowCapacity[c]` rows.
    private var rowStart: [Int] = []
    private var rowCount: [Int32] = []
    private var rowCapacity: [Int32] = []
    /// Where component `c`'s slopes start: one run of its tracked rows per
    /// parameter (a step reads only the runs of the parameters that moved),
    /// in a region of `rowCapacity[c]` × parameters.
    private var slopeStart: [Int] = []
    /// The tableau's feasibility tolerance at the anchor.
    private var tolerance: [Double] = []
    /// Whether component `c` has a tableau; one without is rebuilt whenever its inputs change.
    private var hasTableau: [Bool] = []
    /// Whether component `c` has slopes; a component without them is re-optimised whenever its parameters change.
    private var anchored: [Bool] = []
    /// Bumped whenever component `c`'s slopes change: a ``RowProgram`` entry of another version is dead.
    private var version: [UInt32] = []
    /// Set when a ``RowProgram`` moved component `c`'s variables, which
    /// `currentValue` does not follow: the general step treats it as moved.
    private var movedAlongRow: [Bool] = []

    // Per parameter.
    /// A variable's index, or `~r` for row `r`'s constant.
    private var source: [Int32] = []
    /// The value the component's tableau was last given.
    private var anchorValue: [Double] = []
    /// The value at which the component's variables were last written (NaN
    /// when they may be wrong: the component must be solved again).
    private var currentValue: [Double] = []

    // Per tracked row.
    /// A system variable whose value the row gives, ``restricted``, or a parameter to check.
    private var target: [Int32] = []
    /// The row's constant at the anchor.
    private var base: [Double] = []
    private var slopes: [Double] = []

    /// Scratch: one component's parameter changes, the parameters that moved, and row values.
    private var change: [Double] = []
    private var movedParameters: [Int] = []
    private var rowValue: [Double] = []

    /// Scratch for ``anchor(_:at:)``: each tableau symbol's role (``noRole``
    /// between calls), each slot's tracked row (-1 between calls), and the
    /// tracked rows being gathered.
    private var roleOfSymbol: [Int32] = []
    private var trackedRowOfSlot: [Int32] = []
    private var trackedSlots: [RowSlot] = []
    private var trackedTargets: [Int32] = []
    private var trackedSlopes: [Double] = []
    private static let noRole = Int32.min

    /// A component with more tracked rows × parameters than this is always re-optimised.
    private static let largestSlopeTable = 1 << 16

    init() {}

    /// Adds the next component (`nil`: one without a tableau, rebuilt
    /// whenever its inputs change) and anchors it.
    mutating func append(_ component: Planner.ComponentTableau?) {
        let c = anchored.count
        for parameter in component?.parameters ?? [] {
            switch parameter.source {
            case .variable(let v): source.append(v)
            case .constant(let r): source.append(~r)
            }
            anchorValue.append(parameter.value)
            currentValue.append(parameter.value)
        }
        parameterStart.append(Int32(source.count))
        rowStart.append(0)
        rowCount.append(0)
        rowCapacity.append(0)
        slopeStart.append(0)
        tolerance.append(0)
        hasTableau.append(component != nil)
        anchored.append(false)
        version.append(0)
        movedAlongRow.append(false)
        let p = component?.parameters.count ?? 0
        if change.count < p {
            change += repeatElement(0, count: p - change.count)
            movedParameters += repeatElement(0, count: p - movedParameters.count)
        }
        if let component { anchor(c, at: component) }
    }

    /// Marks component `c`'s values as possibly wrong and drops its slopes:
    /// it is re-optimised at the next step that visits it.
    mutating func invalidate(_ c: Int) {
        anchored[c] = false
        version[c] &+= 1
        movedAlongRow[c] = false
        for i in Int(parameterStart[c]) ..< Int(parameterStart[c + 1]) { currentValue[i] = .nan }
    }

    /// Takes component `c`'s slopes from its tableau, just solved at its
    /// current basis and parameter values (a tableau built from the same rows
    /// as the one ``append(_:)`` was given, whose values are in the planner's).
    ///
    /// - Complexity: O(parameters × rows they move); no allocation once the scratch has grown.
    mutating func anchor(_ c: Int, at component: Planner.ComponentTableau) {
        let tableau = component.core.tableau
        let parameters = component.parameters
        let p = parameters.count
        precondition(p == Int(parameterStart[c + 1] - parameterStart[c]), "component \(c) changed its parameters")
        for (i, parameter) in parameters.enumerated() {
            anchorValue[Int(parameterStart[c]) + i] = parameter.value
            currentValue[Int(parameterStart[c]) + i] = parameter.value
        }
        anchored[c] = false
        version[c] &+= 1
        movedAlongRow[c] = false
        guard p > 0 else { return }

        // Each column's role: a solved variable's index, or the parameter it holds.
        let symbolCount = tableau.kinds.count
        if roleOfSymbol.count < symbolCount {
            roleOfSymbol += repeatElement(Self.noRole, count: symbolCount - roleOfSymbol.count)
        }
        if trackedRowOfSlot.count < tableau.rows.count {
            trackedRowOfSlot += repeatElement(-1, count: tableau.rows.count - trackedRowOfSlot.count)
        }
        for (column, v) in component.solved { roleOfSymbol[tableau.externalSymbols[Int(column)].index] = v }
        for (i, parameter) in parameters.enumerated() {
            roleOfSymbol[tableau.externalSymbols[Int(parameter.column)].index] = Self.holdsParameter - Int32(i)
        }
        trackedSlots.removeAll(keepingCapacity: true)
        trackedTargets.removeAll(keepingCapacity: true)
        trackedSlopes.removeAll(keepingCapacity: true)
        // The tracked row of `slot` (row-major slopes while building), or nil
        // for a row that neither limits the basis nor gives a value.
        func track(_ slot: RowSlot) -> Int? {
            if trackedRowOfSlot[slot.index] >= 0 { return Int(trackedRowOfSlot[slot.index]) }
            let b = tableau.rows[slot.index].basic
            let t: Int32
            if roleOfSymbol[b.index] != Self.noRole {
                t = roleOfSymbol[b.index]
            } else if tableau.kinds[b.index].isRestricted {
                t = Self.restricted
            } else {
                return nil
            }
            trackedRowOfSlot[slot.index] = Int32(trackedSlots.count)
            trackedSlots.append(slot)
            trackedTargets.append(t)
            trackedSlopes.append(contentsOf: repeatElement(0, count: p))
            return trackedSlots.count - 1
        }
        for (i, parameter) in parameters.enumerated() {
            tableau.forEachEditShift(of: parameter.column) { slot, rate in
                if let r = track(slot) { trackedSlopes[r * p + i] += rate }
            }
        }
        // Rows that no parameter moves keep their values: only the parameter
        // columns' own rows still matter, to check the edits.
        var kept = 0
        for r in trackedSlots.indices {
            trackedRowOfSlot[trackedSlots[r].index] = -1
            let moves = (0 ..< p).contains { trackedSlopes[r * p + $0] != 0 }
            guard moves || trackedTargets[r] <= Self.holdsParameter else { continue }
            trackedSlots[kept] = trackedSlots[r]
            trackedTargets[kept] = trackedTargets[r]
            for i in 0 ..< p { trackedSlopes[kept * p + i] = trackedSlopes[r * p + i] }
            kept += 1
        }
        trackedSlots.removeLast(trackedSlots.count - kept)
        trackedTargets.removeLast(trackedTargets.count - kept)
        trackedSlopes.removeLast(trackedSlopes.count - kept * p)
        for r in 0 ..< kept { trackedRowOfSlot[trackedSlots[r].index] = Int32(r) }
        // A hold check for every parameter whose column's row is not tracked yet.
        for (i, parameter) in parameters.enumerated() {
            let slot = tableau.rowOf[tableau.externalSymbols[Int(parameter.column)].index]
            if slot.isNone {
                trackedSlots.append(.none)
                trackedTargets.append(Self.holdsParameter - Int32(i))
                trackedSlopes.append(contentsOf: repeatElement(0, count: p))
            } else {
                _ = track(slot)
            }
        }
        for slot in trackedSlots where !slot.isNone { trackedRowOfSlot[slot.index] = -1 }
        for (column, _) in component.solved { roleOfSymbol[tableau.externalSymbols[Int(column)].index] = Self.noRole }
        for parameter in parameters { roleOfSymbol[tableau.externalSymbols[Int(parameter.column)].index] = Self.noRole }

        let n = trackedSlots.count
        guard n * p <= Self.largestSlopeTable else { return }
        if n > Int(rowCapacity[c]) {
            // A new region at the end (the old one is left unused): the
            // rows needed, with room to grow after a pivot.
            let capacity = max(n, 2 * Int(rowCapacity[c]))
            rowStart[c] = target.count
            target.append(contentsOf: repeatElement(0, count: capacity))
            base.append(contentsOf: repeatElement(0, count: capacity))
            slopeStart[c] = slopes.count
            slopes.append(contentsOf: repeatElement(0, count: capacity * p))
            rowCapacity[c] = Int32(capacity)
            if rowValue.count < capacity { rowValue += repeatElement(0, count: capacity - rowValue.count) }
        }
        let start = rowStart[c]
        for k in 0 ..< n {
            target[start + k] = trackedTargets[k]
            base[start + k] = trackedSlots[k].isNone ? 0 : tableau.rows[trackedSlots[k].index].constant
            for i in 0 ..< p { slopes[slopeStart[c] + i * n + k] = trackedSlopes[k * p + i] }
        }
        rowCount[c] = Int32(n)
        tolerance[c] = tableau.feasibilityTolerance
        anchored[c] = true
    }

    /// Moves each component in `components` to its parameters' current values
    /// (read from `values` and `constants`) along its slopes, writing its
    /// solved variables into `values`. A component whose parameters did not
    /// change since its variables were written is left alone. Appends to
    /// `reoptimise`, in order, the components for which that is not the
    /// solution: those without a tableau or slopes, and those whose basis
    /// would leave feasibility or whose edits would not hold. The caller
    /// solves those and anchors them again.
    ///
    /// - Complexity: O(parameters + tracked rows × parameters that moved) per component; no allocation.
    mutating func step(
        _ components: some Sequence<Int>, values: inout [Double], constants: [Double], reoptimise: inout [Int32]
    ) {
        let restricted = Self.restricted
        let holdsParameter = Self.holdsParameter
        parameterStart.withUnsafeBufferPointer { parameterStart in
        rowStart.withUnsafeBufferPointer { rowStart in
        rowCount.withUnsafeBufferPointer { rowCount in
        slopeStart.withUnsafeBufferPointer { slopeStart in
        tolerance.withUnsafeBufferPointer { tolerance in
        hasTableau.withUnsafeBufferPointer { hasTableau in
        anchored.withUnsafeBufferPointer { anchored in
        source.withUnsafeBufferPointer { source in
        anchorValue.withUnsafeBufferPointer { anchorValue in
        currentValue.withUnsafeMutableBufferPointer { currentValue in
        movedAlongRow.withUnsafeMutableBufferPointer { movedAlongRow in
        target.withUnsafeBufferPointer { target in
        base.withUnsafeBufferPointer { base in
        slopes.withUnsafeBufferPointer { slopes in
        change.withUnsafeMutableBufferPointer { change in
        movedParameters.withUnsafeMutableBufferPointer { movedParameters in
        rowValue.withUnsafeMutableBufferPointer { rowValue in
        values.withUnsafeMutableBufferPointer { values in
        constants.withUnsafeBufferPointer { constants in
            for c in components {
                guard hasTableau[c] else {
                    reoptimise.append(Int32(c))
                    continue
                }
                let p0 = Int(parameterStart[c])
                let p = Int(parameterStart[c + 1]) - p0
                var moved = false
                var movedCount = 0
                for i in 0 ..< p {
                    let s = Int(source[p0 + i])
                    let now = s >= 0 ? values[s] : constants[~s]
                    change[i] = now - anchorValue[p0 + i]
                    if now != currentValue[p0 + i] { moved = true }
                    if change[i] != 0 {
                        movedParameters[movedCount] = i
                        movedCount += 1
                    }
                }
                if movedAlongRow[c] { moved = true }
                guard moved else { continue }
                guard anchored[c] else {
                    reoptimise.append(Int32(c))
                    continue
                }
                let r0 = rowStart[c]
                let n = Int(rowCount[c])
                for k in 0 ..< n { rowValue[k] = base[r0 + k] }
                for m in 0 ..< movedCount {
                    let i = movedParameters[m]
                    let d = change[i]
                    let column = slopeStart[c] + i * n
                    for k in 0 ..< n { rowValue[k] += slopes[column + k] * d }
                }
                let lowest = -tolerance[c]
                var feasible = true
                for k in 0 ..< n {
                    let value = rowValue[k]
                    let t = target[r0 + k]
                    if t == restricted {
                        if value < lowest { feasible = false; break }
                    } else if t <= holdsParameter {
                        let s = Int(source[p0 + Int(holdsParameter - t)])
                        let wanted = s >= 0 ? values[s] : constants[~s]
                        if abs(value - wanted) > Tolerances.feasibility * max(1, abs(wanted)) { feasible = false; break }
                    }
                }
                guard feasible else {
                    reoptimise.append(Int32(c))
                    continue
                }
                for k in 0 ..< n where target[r0 + k] >= 0 { values[Int(target[r0 + k])] = rowValue[k] }
                for i in 0 ..< p {
                    let s = Int(source[p0 + i])
                    currentValue[p0 + i] = s >= 0 ? values[s] : constants[~s]
                }
                movedAlongRow[c] = false
            }
        }}}}}}}}}}}}}}}}}}}
    }

    // MARK: - One row

    /// The components that a change of one row's constant reaches, each as an
    /// affine function of that constant alone: the solved variables that move
    /// as `base + slope · Δ`, and the interval of Δ (the constant's change
    /// since the program was made) in which the basis stays feasible and the
    /// edits hold. The ratio test of a step is then two comparisons per
    /// component, and the update a pass over the variables that move.
    ///
    /// Made when every component is solved at the row's current constant
    /// (right after a step over the same change); an entry whose component
    /// is anchored again later is dead, and that component takes the general
    /// step from then on.
    struct RowProgram {
        /// The row's constant when the program was made.
        let origin: Double
        fileprivate var components: [Int32] = []
        fileprivate var versions: [UInt32] = []
        fileprivate var low: [Double] = []
        fileprivate var high: [Double] = []
        /// Entry `e`'s variables are `valueStart[e] ..< valueStart[e + 1]`.
        fileprivate var valueStart: [Int32] = [0]
        fileprivate var valueTarget: [Int32] = []
        fileprivate var valueBase: [Double] = []
        fileprivate var valueSlope: [Double] = []
        /// Reached components without an entry: the general step.
        fileprivate var others: [Int] = []
        /// Scratch: the components of dead entries in one step.
        fileprivate var dead: [Int] = []

        init(origin: Double) { self.origin = origin }

        /// Whether the last step found dead entries, or sent components to be
        /// re-optimised (whose entries are then dead): worth making again.
        var isWorn: Bool { !dead.isEmpty || reoptimised > 0 }
        fileprivate var reoptimised = 0
    }

    /// A program for the change of `row`'s constant (now `origin`) that
    /// reaches `components`, given each variable's derivative per unit of
    /// the constant (``ParameterReach/derivatives(variableCount:)``).
    ///
    /// - Precondition: every component's variables are solved at the
    ///   current `values` and `constants` (a step to them just finished).
    mutating func program(
        row: Int32, components: [Int], derivatives: [Double], values: [Double], constants: [Double]
    ) -> RowProgram {
        var program = RowProgram(origin: constants[Int(row)])
        var rate: [Double] = []
        var now: [Double] = []
        var shift: [Double] = []
        var g: [Double] = []
        entries: for c in components {
            guard hasTableau[c], anchored[c] else {
                program.others.append(c)
                continue
            }
            let p0 = Int(parameterStart[c])
            let p = Int(parameterStart[c + 1]) - p0
            let n = Int(rowCount[c])
            rate.removeAll(keepingCapacity: true)
            now.removeAll(keepingCapacity: true)
            for i in 0 ..< p {
                let s = Int(source[p0 + i])
                rate.append(s >= 0 ? derivatives[s] : (~s == row ? 1 : 0))
                now.append(s >= 0 ? values[s] : constants[~s])
                currentValue[p0 + i] = now[i]
            }
            movedAlongRow[c] = false
            // Each row's value at the current parameters, and its rate.
            shift.removeAll(keepingCapacity: true)
            shift.append(contentsOf: base[rowStart[c] ..< rowStart[c] + n])
            g.removeAll(keepingCapacity: true)
            g.append(contentsOf: repeatElement(0, count: n))
            for i in 0 ..< p {
                let moved = now[i] - anchorValue[p0 + i]
                let column = slopeStart[c] + i * n
                for k in 0 ..< n {
                    shift[k] += slopes[column + k] * moved
                    g[k] += slopes[column + k] * rate[i]
                }
            }
            var low = -Double.infinity, high = Double.infinity
            let lowest = -tolerance[c]
            let valueStart = program.valueTarget.count
            for k in 0 ..< n {
                let t = target[rowStart[c] + k]
                if t == Self.restricted {
                    if g[k] > 0 { low = max(low, (lowest - shift[k]) / g[k]) }
                    if g[k] < 0 { high = min(high, (lowest - shift[k]) / g[k]) }
                } else if t <= Self.holdsParameter {
                    // The edit must hold all along: the column moves as its parameter does.
                    let i = Int(Self.holdsParameter - t)
                    let wanted = now[i]
                    guard abs(g[k] - rate[i]) <= 1e-12 * max(1, abs(rate[i])),
                          abs(shift[k] - wanted) <= Tolerances.feasibility * max(1, abs(wanted))
                    else {
                        program.valueTarget.removeLast(program.valueTarget.count - valueStart)
                        program.valueBase.removeLast(program.valueBase.count - valueStart)
                        program.valueSlope.removeLast(program.valueSlope.count - valueStart)
                        program.others.append(c)
                        continue entries
                    }
                } else if g[k] != 0 {
                    program.valueTarget.append(t)
                    program.valueBase.append(shift[k])
                    program.valueSlope.append(g[k])
                }
            }
            program.components.append(Int32(c))
            program.versions.append(version[c])
            program.low.append(low)
            program.high.append(high)
            program.valueStart.append(Int32(program.valueTarget.count))
        }
        return program
    }

    /// Moves the components of `program` to the row's constant `now`: those
    /// whose entry is live and whose interval holds the change along their
    /// programs; the others by ``step(_:values:constants:reoptimise:)``
    /// (whose `reoptimise` this appends to as well).
    ///
    /// - Complexity: O(entries + variables that move), plus the general step of the others.
    mutating func step(
        _ program: inout RowProgram, to now: Double, values: inout [Double], constants: [Double],
        reoptimise: inout [Int32]
    ) {
        let delta = now - program.origin
        program.dead.removeAll(keepingCapacity: true)
        let before = reoptimise.count
        program.components.withUnsafeBufferPointer { components in
        program.versions.withUnsafeBufferPointer { versions in
        program.low.withUnsafeBufferPointer { low in
        program.high.withUnsafeBufferPointer { high in
        program.valueStart.withUnsafeBufferPointer { valueStart in
        program.valueTarget.withUnsafeBufferPointer { valueTarget in
        program.valueBase.withUnsafeBufferPointer { valueBase in
        program.valueSlope.withUnsafeBufferPointer { valueSlope in
        version.withUnsafeBufferPointer { version in
        movedAlongRow.withUnsafeMutableBufferPointer { movedAlongRow in
        values.withUnsafeMutableBufferPointer { values in
            for e in 0 ..< components.count {
                let c = Int(components[e])
                guard versions[e] == version[c] else {
                    program.dead.append(c)
                    continue
                }
                guard delta >= low[e] && delta <= high[e] else {
                    reoptimise.append(Int32(c))
                    continue
                }
                for j in Int(valueStart[e]) ..< Int(valueStart[e + 1]) {
                    values[Int(valueTarget[j])] = valueBase[j] + valueSlope[j] * delta
                }
                movedAlongRow[c] = true
            }
        }}}}}}}}}}}
        program.reoptimised = reoptimise.count - before
        step(program.others, values: &values, constants: constants, reoptimise: &reoptimise)
        step(program.dead, values: &values, constants: constants, reoptimise: &reoptimise)
    }
}
