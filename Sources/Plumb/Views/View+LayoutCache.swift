import PlumbSolver

/// What a root keeps from its last layout so that the next one, when only
/// numbers changed, costs a re-solve instead of a new lowering.
///
/// The record is a snapshot of everything lowering read: the tree's shape
/// (each view's subviews, by identity), each view's ``View/constraints`` (by
/// identity and order) with the multiplier, priority and constant of those
/// lowered from it, each view's intrinsic size and its four intrinsic
/// priorities, and the layout's direction and height mode. The next layout
/// walks the tree against it:
///
/// - a constant, an intrinsic length (not its presence) or the root size
///   that differs (bit for bit) is written into the row lowering gave it;
/// - anything else that differs (a view added, removed or moved, a
///   constraint activated, deactivated or reordered, a multiplier or a
///   priority, an intrinsic dimension appearing or going, text, a measure
///   function, rules, a problem a Swift front end recorded) and any
///   number lowering would reject drop the record and lay out afresh.
///
/// Trees with text, measure functions or Simple Layout Language rules are
/// not recorded: their lowering depends on measurements and on closures
/// asked at every layout.
///
/// The re-solve is exact. When the first solve needed no optimisation
/// (every view attribute fixed by required equalities: the block phase
/// alone), the system is compiled (``CompiledSystem``) at the first reuse and
/// later layouts re-evaluate only the blocks the changed rows reach, which
/// gives the same bits as a fresh solve. Otherwise the stored system, with
/// its new constants, is solved afresh: lowering is skipped, not the solve.
/// A re-solve that fails (conflicting required constraints) drops the record
/// and the layout runs afresh, so errors are the uncached path's.
final class TreeLayoutCache {
    /// The views below the root, in the root's numbering from 1 (the root is
    /// not held: it holds this record).
    private let descendants: [View]
    /// Every view, the root first, without a reference count: the walks
    /// below use them borrowed (a view's reference count lives in a side
    /// table, since views are held weakly, which makes retaining slow).
    /// `descendants` and the root keep them alive.
    private let refs: [Unmanaged<View>]
    /// Every view's and every recorded constraint's identity.
    private let ids: [ObjectIdentifier]
    private let constraintIDs: [ObjectIdentifier]
    private let parents: [Int32]
    /// View `i`'s subviews are views `children[childStart[i] ..< childStart[i + 1]]`.
    private let childStart: [Int32]
    private let children: [Int32]
    /// View `i`'s constraints are `constraints[constraintStart[i] ..< constraintStart[i + 1]]`;
    /// `rows[k]` is the row constraint `k` was lowered to from that view, or -1.
    private let constraintStart: [Int32]
    private let constraints: [Constraint]
    private let rows: [Int32]
    /// For a lowered constraint: its multiplier and priority (which shape
    /// the row) and its constant as lowered.
    private let multipliers: [UInt64]
    private let priorities: [Priority]
    private var constants: [UInt64]
    /// Per view: the intrinsic size as lowered, its hugging row per axis (or
    /// -1; the resistance row follows), and its hugging and resistance
    /// priorities (horizontal, vertical, horizontal, vertical).
    private var intrinsic: [IntrinsicSize]
    private var intrinsicRows: [(horizontal: Int32, vertical: Int32)]
    private let intrinsicPriorities: [Priority]
    private let direction: LayoutDirection
    private let fitHeight: Bool
    /// The root size in the rows.
    private var width: Double
    private var height: Double

    /// The lowered system with the current constants, while it is solved afresh.
    private var system: ConstraintSystem
    /// Whether the blocks alone solved it (no optimisation): then it is compiled.
    private let blocksOnly: Bool
    private var compiled: CompiledSystem?
    /// Whether later layouts re-evaluate a compiled system (for tests).
    var isCompiled: Bool { compiled != nil }
    /// How many layouts this record has served (for tests).
    private(set) var reuses = 0

    /// A record of `tree`, lowered at `width` × `height` and solved to
    /// `solution`; `nil` for a tree that is not recorded (text, measure
    /// functions, rules).
    init?(_ tree: TreeLowering, solution: Solution, width: Double, height: Double,
          fitHeight: Bool, direction: LayoutDirection) {
        guard tree.lowered.content.isEmpty else { return nil }
        let views = tree.views
        var childStart: [Int32] = [0], children: [Int32] = []
        var constraintStart: [Int32] = [0], constraints: [Constraint] = []
        var multipliers: [UInt64] = [], priorities: [Priority] = [], constants: [UInt64] = []
        childStart.reserveCapacity(views.count + 1)
        children.reserveCapacity(views.count)
        constraintStart.reserveCapacity(views.count + 1)
        constraints.reserveCapacity(tree.constraintRows.count)
        multipliers.reserveCapacity(tree.constraintRows.count)
        priorities.reserveCapacity(tree.constraintRows.count)
        constants.reserveCapacity(tree.constraintRows.count)
        var intrinsic: [IntrinsicSize] = [], intrinsicPriorities: [Priority] = []
        intrinsic.reserveCapacity(views.count)
        intrinsicPriorities.reserveCapacity(4 * views.count)
        for view in views {
            guard view.ruleLayout?.storedRules.isEmpty ?? true, view.measureContent == nil, view.text == nil else {
                return nil
            }
            for c in view.constraints {
                constraints.append(c)
                multipliers.append(c.multiplier.bitPattern)
                priorities.append(c.priority)
                constants.append(c.constant.bitPattern)
            }
            constraintStart.append(Int32(constraints.count))
            intrinsic.append(view.intrinsicContentSize)
            for axis in LayoutAxis.allCases { intrinsicPriorities.append(view.contentHuggingPriority(for: axis)) }
            for axis in LayoutAxis.allCases {
                intrinsicPriorities.append(view.contentCompressionResistancePriority(for: axis))
            }
        }
        // Each view's children: depth-first numbering gives a view's
        // subviews increasing numbers in subview order.
        var childLists = [[Int32]](repeating: [], count: views.count)
        for j in 1 ..< max(1, views.count) { childLists[Int(tree.lowered.parents[j])].append(Int32(j)) }
        for list in childLists {
            children += list
            childStart.append(Int32(children.count))
        }
        guard constraints.count == tree.constraintRows.count else { return nil }
        var intrinsicRows = [(horizontal: Int32, vertical: Int32)](repeating: (-1, -1), count: views.count)
        for entry in tree.lowered.intrinsicRows {
            if entry.axis == .horizontal {
                intrinsicRows[Int(entry.view)].horizontal = Int32(entry.huggingRow.int)
            } else {
                intrinsicRows[Int(entry.view)].vertical = Int32(entry.huggingRow.int)
            }
        }
        descendants = Array(views.dropFirst())
        refs = views.map { Unmanaged.passUnretained($0) }
        ids = views.map { ObjectIdentifier($0) }
        constraintIDs = constraints.map { ObjectIdentifier($0) }
        parents = tree.lowered.parents
        self.childStart = childStart
        self.children = children
        self.constraintStart = constraintStart
        self.constraints = constraints
        rows = tree.constraintRows
        self.multipliers = multipliers
        self.priorities = priorities
        self.constants = constants
        self.intrinsic = intrinsic
        self.intrinsicRows = intrinsicRows
        self.intrinsicPriorities = intrinsicPriorities
        self.direction = direction
        self.fitHeight = fitHeight
        self.width = width
        self.height = height
        system = tree.lowered.system
        blocksOnly = solution.stats.residualComponents == 0 && solution.stats.largeParts == 0
    }

    /// Sets row `r`'s constant in the stored (and compiled) system.
    private func setConstant(_ value: Double, ofRow r: Int32) {
        let row = RowIndex(Int(r))
        system.setConstant(value, ofRow: row)
        compiled?.setConstant(value, ofRow: row)
    }

    /// The solution's values for the tree under `root` laid out at `width`
    /// × `height`, or `nil` when the tree no longer matches the record, a
    /// number is one lowering rejects, or the solve fails: the caller then
    /// drops the record and lays out afresh.
    func solve(root: View, width: Double, height: Double, fitHeight: Bool, direction: LayoutDirection) -> [Double]? {
        guard fitHeight == self.fitHeight, direction == self.direction,
              width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
        guard applyChanges(root: root) else { return nil }
        if width.bitPattern != self.width.bitPattern {
            setConstant(-width, ofRow: Int32(SystemBuilder.rootWidthRow.int))
            self.width = width
        }
        if height.bitPattern != self.height.bitPattern && !fitHeight {
            setConstant(-height, ofRow: Int32(SystemBuilder.rootHeightRow.int))
            self.height = height
        }
        do {
            let values: [Double]
            if blocksOnly {
                if compiled == nil { compiled = try CompiledSystem(system, parameterRows: parameterRows()) }
                values = try compiled!.solve().values
            } else {
                values = try system.solve().values
            }
            reuses += 1
            return values
        } catch {
            return nil
        }
    }

    /// The rows whose constants a later layout may change.
    private func parameterRows() -> [RowIndex] {
        var result = [SystemBuilder.rootWidthRow]
        if !fitHeight { result.append(SystemBuilder.rootHeightRow) }
        for r in rows where r >= 0 { result.append(RowIndex(Int(r))) }
        for (h, v) in intrinsicRows {
            for r in [h, v] where r >= 0 {
                result.append(RowIndex(Int(r)))
                result.append(RowIndex(Int(r) + 1))
            }
        }
        return result
    }

    /// Walks the tree against the record, writing changed constants and
    /// intrinsic lengths into their rows; false at the first difference
    /// that is not one of those.
    private func applyChanges(root: View) -> Bool {
        for i in 0 ..< refs.count {
            guard refs[i]._withUnsafeGuaranteedRef({ applyChanges(of: $0, at: i) }) else { return false }
        }
        return true
    }

    /// ``applyChanges(root:)`` for view `i`.
    private func applyChanges(of view: View, at i: Int) -> Bool {
        guard view.text == nil, view.measureContent == nil, view.swiftFrontEnds.diagnostics.isEmpty,
              view.ruleLayout?.storedRules.isEmpty ?? true else { return false }
        // The same subviews, in the same order.
        let subviews = view.subviews
        let firstChild = Int(childStart[i])
        guard subviews.count == Int(childStart[i + 1]) - firstChild else { return false }
        for k in subviews.indices where ObjectIdentifier(subviews[k]) != ids[Int(children[firstChild + k])] {
            return false
        }
        // The same constraints, in the same order, with the same shape.
        let list = view.constraints
        let first = Int(constraintStart[i])
        guard list.count == Int(constraintStart[i + 1]) - first else { return false }
        for k in list.indices {
            let c = list[k]
            let j = first + k
            guard ObjectIdentifier(c) == constraintIDs[j] else { return false }
            let row = rows[j]
            guard row >= 0 else { continue }
            guard c.multiplier.bitPattern == multipliers[j], c.priority == priorities[j] else { return false }
            let constant = c.constant
            if constant.bitPattern != constants[j] {
                guard constant.isFinite else { return false }
                setConstant(-constant, ofRow: row)
                constants[j] = constant.bitPattern
            }
        }
        // The same intrinsic dimensions and priorities; new lengths go into their rows.
        for (k, axis) in LayoutAxis.allCases.enumerated() {
            guard view.contentHuggingPriority(for: axis) == intrinsicPriorities[4 * i + k],
                  view.contentCompressionResistancePriority(for: axis) == intrinsicPriorities[4 * i + 2 + k]
            else { return false }
        }
        let size = view.intrinsicContentSize
        let old = intrinsic[i]
        if size.width?.bitPattern != old.width?.bitPattern || size.height?.bitPattern != old.height?.bitPattern {
            let rowsOfView = intrinsicRows[i]
            for (axis, row) in [(LayoutAxis.horizontal, rowsOfView.horizontal), (.vertical, rowsOfView.vertical)] {
                let length = size[axis], before = old[axis]
                guard (length == nil) == (before == nil) else { return false }
                guard let length, length.bitPattern != before!.bitPattern else { continue }
                guard length.isFinite, length >= 0, row >= 0 else { return false }
                setConstant(-length, ofRow: row)
                setConstant(-length, ofRow: row + 1)
            }
            intrinsic[i] = size
        }
        return true
    }

    /// Sets every view's frame from `values`, as a fresh layout does.
    func writeFrames(values: [Double], root: View, rounding: PixelRounding?) {
        let frames = SystemBuilder.frames(values: values, parents: parents, absolute: false, rounding: rounding)
        for i in 0 ..< refs.count { refs[i]._withUnsafeGuaranteedRef { $0.frame = frames[i] } }
        for i in 0 ..< refs.count {
            refs[i]._withUnsafeGuaranteedRef { view in
                if view.textMetrics != nil { view.textMetrics = nil }
            }
        }
    }
}
