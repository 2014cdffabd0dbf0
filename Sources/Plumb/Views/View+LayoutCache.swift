@_spi(Lowering) import PlumbSolver
import Synchronization

/// Counts of changes to what any view tree's lowering reads, in the whole
/// process: ``views`` counts changes to a view (its subviews or constraints
/// lists, its ``View/layoutStamp``), ``constraints`` changes to a
/// constraint's constant, multiplier or priority. A layout record that finds
/// a count where it left it skips that half of its walk; finding both, it
/// knows that nothing but the root size can have changed.
///
/// The last ``logSize`` constraint changes are also logged, by the count
/// each one made, so that a record that finds a few more constraint
/// changes than when it last matched visits those constraints instead of
/// walking all of its own (``changedConstraints(after:through:)``). So are
/// the view changes of views a layout record has held, each with the view
/// whose subviews list or stamp changed: a record that finds only such
/// entries since it last matched visits those views instead of all of its
/// own (``changedViews(after:through:)``). Other view changes (a view no
/// record has held, a constraint's activation, which lists it with
/// several views) only count, and leave no entry, so that the record that
/// meets one walks every view; building a tree takes no lock.
enum LayoutInputs {
    private static let viewCount = Atomic<UInt64>(0)
    private static let constraintCount = Atomic<UInt64>(0)
    /// The constraint whose change made the count `g` is at `g % logSize`,
    /// with `g` (the count and the entry change together, under the lock).
    private static let log = Mutex([(count: UInt64, id: ObjectIdentifier)?](repeating: nil, count: logSize))
    /// The same for views: the view whose change made the count `g`, when
    /// the change named one (else the entry there is another count's).
    private static let viewLog = Mutex([(count: UInt64, id: ObjectIdentifier)?](repeating: nil, count: logSize))
    static let logSize = 64

    /// A change to what lowering reads of views not named (counted only).
    static func viewChanged() { viewCount.add(1, ordering: .relaxed) }

    /// A change to `view`'s subviews list or ``View/layoutStamp`` (logged).
    static func viewChanged(named view: View) {
        let id = ObjectIdentifier(view)
        viewLog.withLock { entries in
            let count = viewCount.add(1, ordering: .relaxed).newValue
            entries[Int(count % UInt64(logSize))] = (count, id)
        }
    }
    static func constraintChanged(_ constraint: Constraint) {
        log.withLock { entries in
            let count = constraintCount.add(1, ordering: .relaxed).newValue
            entries[Int(count % UInt64(logSize))] = (count, ObjectIdentifier(constraint))
        }
    }

    static var views: UInt64 { viewCount.load(ordering: .relaxed) }
    static var constraints: UInt64 { constraintCount.load(ordering: .relaxed) }

    /// The constraints whose changes made the counts `start + 1 ... end`,
    /// in order (one may come more than once), or `nil` when the log no
    /// longer holds them all. `end` is a count read from ``constraints``:
    /// its entry is written before the lock that guards it is let go.
    /// An identifier names a constraint that was alive when it changed; a
    /// caller that held a constraint throughout that time can tell it by
    /// its identifier.
    static func changedConstraints(after start: UInt64, through end: UInt64) -> [ObjectIdentifier]? {
        guard end >= start, end - start <= UInt64(logSize) else { return nil }
        return log.withLock { named(in: $0, after: start, through: end) }
    }

    /// The views whose changes made the view counts `start + 1 ... end`, in
    /// order (one may come more than once), or `nil` when the log no longer
    /// holds them all or one of those changes named no view (it left no
    /// entry: its slot holds another count, under the lock). As for
    /// ``changedConstraints(after:through:)``, a caller that held a view
    /// throughout can tell it by its identifier.
    static func changedViews(after start: UInt64, through end: UInt64) -> [ObjectIdentifier]? {
        guard end >= start, end - start <= UInt64(logSize) else { return nil }
        return viewLog.withLock { named(in: $0, after: start, through: end) }
    }

    /// What `entries` (a log of `logSize` entries, read under its lock)
    /// names for the counts `start + 1 ... end`, in order, or `nil` when a
    /// count's entry is gone or was never written.
    private static func named(
        in entries: [(count: UInt64, id: ObjectIdentifier)?], after start: UInt64, through end: UInt64
    ) -> [ObjectIdentifier]? {
        var changed: [ObjectIdentifier] = []
        changed.reserveCapacity(Int(end - start))
        for count in start &+ 1 ..< end &+ 1 {
            guard let entry = entries[Int(count % UInt64(logSize))], entry.count == count else { return nil }
            changed.append(entry.id)
        }
        return changed
    }
}

/// What a root keeps from its last layout so that the next one, when only
/// numbers changed, costs a re-solve instead of a new lowering.
///
/// The record keeps what tells whether lowering would read the same again:
/// each view's ``View/subviews`` and ``View/constraints`` arrays as lowered
/// (held, so any change to a view's list gives it a new array: copy on
/// write, as the held one is shared), each view's ``View/layoutStamp``, each
/// lowered constraint's multiplier, and the layout's direction and height
/// mode; the constants and priorities are those of the stored system's rows.
/// The next layout walks the tree against it (the views, the lowered
/// constraints, or neither, as ``LayoutInputs`` shows what may have changed):
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
/// The re-solve is exact: the first solve's planner is kept as a compiled
/// system (``CompiledSystem/solveCompiling(_:options:)``: nothing is
/// planned a second time to compile it), and later layouts re-evaluate its
/// blocks (only those the changed rows reach when the same rows changed
/// before the previous layout, as in a sweep over the root width), which
/// gives the same bits as a fresh solve. When the first solve needed
/// optimisation (intrinsic sizes' hugging and resistance, optional
/// constraints, inequalities), its residual components are kept planned and
/// solved again as a fresh solve solves them, from scratch: only those whose
/// inputs changed when no two share a shape, else all of them. Neither
/// lowering nor planning is repeated, and the frames are a fresh layout's,
/// bit for bit, except where a large part goes to the large-part solver
/// (Clp, when the program set ``SolveOptions/defaultLargePartSolver``):
/// unless ``SolveOptions/defaultExactSolvesAgain`` is set, such parts go
/// through a session that the first layout's solve filled (that solve is
/// still a fresh one bit for bit) and later layouts start from its last
/// bases, which gives the same optimum to Clp's tolerance (possibly another
/// point of it where it is not one point). A re-solve that fails
/// (conflicting required constraints) drops the record and the layout runs
/// afresh, so errors are the uncached path's.
final class TreeLayoutCache {
    /// Per view, the root first: the view, unretained (`subviewLists` holds
    /// every view but the root, and the root holds this record); its stamp when last looked at; its
    /// subviews and constraints arrays as lowered.
    /// (Variables only so that the deinit can hand them on, see
    /// ``SpareArrays``; read without the dynamic exclusivity check.)
    @exclusivity(unchecked) private var refs: [Unmanaged<View>]
    @exclusivity(unchecked) private var stamps: [UInt64]
    @exclusivity(unchecked) private var subviewLists: [[View]]
    @exclusivity(unchecked) private var constraintLists: [[Constraint]]
    @exclusivity(unchecked) private var parents: [Int32]
    /// Per lowered constraint (held by `constraintLists`): its row; and
    /// the multipliers other than 1 (see ``TreeLowering/Record/otherMultipliers``).
    @exclusivity(unchecked) private var constraints: [Unmanaged<Constraint>]
    @exclusivity(unchecked) private var rows: [Int32]
    private let otherMultipliers: [(constraint: Int32, bits: UInt64)]
    /// Per view: its hugging row per axis, or -1 (the resistance row follows).
    private let intrinsicRows: [(horizontal: Int32, vertical: Int32)]
    private let direction: LayoutDirection
    private let fitHeight: Bool
    /// ``LayoutInputs/views`` and ``LayoutInputs/constraints`` when the
    /// record last matched the tree (read before lowering, then before each walk).
    private var viewsMatchedAt: UInt64
    private var constraintsMatchedAt: UInt64

    /// The lowered system with the current constants, until it is
    /// compiled (then `nil`: `compiled` holds it, and a second copy would
    /// be copied again at the first new constant).
    private var system: ConstraintSystem?
    /// The first solve's planner, kept (see ``CompiledSystem/solveCompiling(_:options:)``).
    private var compiled: CompiledSystem?
    /// The system with the current constants.
    private var current: ConstraintSystem { compiled?.system ?? system! }
    /// The system with the current constants (for tests: which storage it has).
    var currentSystem: ConstraintSystem { current }
    /// Whether later layouts re-evaluate a compiled system (for tests).
    var isCompiled: Bool { compiled != nil }
    /// The options the records made in its scope solve with, instead of
    /// `SolveOptions()` (for tests: a large-part solver or
    /// ``SolveOptions/exactSolvesAgain`` for one tree, without setting the
    /// process-wide defaults under other tests).
    @TaskLocal static var options: SolveOptions? = nil
    /// Whether the first solve left rows to the optimiser (residual
    /// components, solved again from scratch when their inputs change; for tests).
    private(set) var optimised = false
    /// How many layouts this record has served (for tests).
    private(set) var reuses = 0
    /// Residual components solved again by replaying their presolve, and
    /// replays that diverged (presolved whole after all), and components
    /// solved again from their kept presolve (for tests).
    var replayedComponents: Int { compiled?.replayedComponents ?? 0 }
    var divergedReplays: Int { compiled?.divergedReplays ?? 0 }
    var resolvedComponents: Int { compiled?.resolvedComponents ?? 0 }
    var requiredRowTally: RequiredRowTally { compiled?.requiredRowTally ?? RequiredRowTally() }

    /// A record of `tree`, not yet solved (``solveFirst()``); `nil` for a
    /// tree that is not recorded (text, measure functions, rules).
    init?(_ tree: TreeLowering, fitHeight: Bool, direction: LayoutDirection) {
        guard tree.lowered.content.isEmpty, !tree.record.hasRules else { return nil }
        let record = tree.record
        refs = record.refs
        stamps = record.stamps
        subviewLists = record.subviewLists
        constraintLists = record.constraintLists
        parents = tree.lowered.parents
        constraints = record.constraints
        viewsMatchedAt = record.views
        constraintsMatchedAt = record.constraintInputs
        rows = record.rows
        otherMultipliers = record.otherMultipliers
        var intrinsicRows = [(horizontal: Int32, vertical: Int32)](repeating: (-1, -1), count: refs.count)
        for entry in tree.lowered.intrinsicRows {
            if entry.axis == .horizontal {
                intrinsicRows[Int(entry.view)].horizontal = Int32(entry.huggingRow.int)
            } else {
                intrinsicRows[Int(entry.view)].vertical = Int32(entry.huggingRow.int)
            }
        }
        self.intrinsicRows = intrinsicRows
        self.direction = direction
        self.fitHeight = fitHeight
        system = tree.lowered.system
    }

    /// The system's arrays go to the next layout that lowers
    /// (``SystemBuilder/SpareSystem``), the record's to the next record and
    /// the planner's to the next planner (``SpareArrays``).
    deinit {
        // Emptied first: the system's origins hold the same two arrays and
        // give them on when they go, which only keeps their storage when
        // no other copy is left.
        constraints = []
        constraintLists = []
        SpareArrays.give(taking: &refs)
        SpareArrays.give(taking: &stamps)
        SpareArrays.give(taking: &subviewLists)
        SpareArrays.give(taking: &parents)
        SpareArrays.give(taking: &rows)
        var kept = compiled?.system ?? system
        compiled = nil
        self.system = nil
        // Moved, not copied: the spare must hold the arrays' one reference
        // (emptying arrays another copy shares gives them new storage, of
        // the same room but fresh memory).
        if kept != nil { SystemBuilder.SpareSystem.give(kept.take()!) }
    }

    /// Solves the recorded system as a fresh layout does (the same values,
    /// bit for bit, and the same errors), and keeps the solve's planner
    /// compiled (``CompiledSystem/solveCompiling(_:options:)``), so that
    /// the next layout after a change of numbers re-evaluates the blocks and
    /// re-solves the changed residual components instead of planning the
    /// system again.
    func solveFirst() throws(LayoutError) -> Solution {
        let result: (solution: Solution, compiled: CompiledSystem?)
        do {
            result = try CompiledSystem.solveCompiling(system!, options: Self.options ?? SolveOptions())
        } catch {
            throw LayoutError(error)
        }
        optimised = result.solution.stats.residualComponents > 0 || result.solution.stats.simplexComponents > 0
        if let compiled = result.compiled {
            self.compiled = compiled
            system = nil
        }
        return result.solution
    }

    /// Sets row `r`'s constant in the stored or the compiled system.
    private func setConstant(_ value: Double, ofRow r: Int32) {
        let row = RowIndex(Int(r))
        if let compiled { compiled.setConstant(value, ofRow: row) } else { system!.setConstant(value, ofRow: row) }
    }

    /// The solution's values for the tree under `root` laid out at `width`
    /// × `height`, or `nil` when the tree no longer matches the record, a
    /// number is one lowering rejects, or the solve fails: the caller then
    /// drops the record and lays out afresh.
    func solve(root: View, width: Double, height: Double, fitHeight: Bool, direction: LayoutDirection) -> [Double]? {
        guard fitHeight == self.fitHeight, direction == self.direction,
              width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
        let views = LayoutInputs.views, constraints = LayoutInputs.constraints
        if views != viewsMatchedAt || constraints != constraintsMatchedAt {
            guard applyChanges(viewsThrough: views, constraintsThrough: constraints) else { return nil }
            viewsMatchedAt = views
            constraintsMatchedAt = constraints
        }
        let widthRow = Int32(SystemBuilder.rootWidthRow.int), heightRow = Int32(SystemBuilder.rootHeightRow.int)
        // Both read before either is written: the constants held across a
        // write would make the write copy the whole array.
        let (widthHolds, heightHolds) = { () -> (Bool, Bool) in
            let constants = current.constants
            return (Self.holds(constants, widthRow, width), fitHeight || Self.holds(constants, heightRow, height))
        }()
        if !widthHolds { setConstant(-width, ofRow: widthRow) }
        if !heightHolds { setConstant(-height, ofRow: heightRow) }
        do {
            let values: [Double]
            if let compiled {
                values = try compiled.solve().values
            } else {
                values = try system!.solve().values
            }
            reuses += 1
            return values
        } catch {
            return nil
        }
    }

    /// Walks the tree against the record and writes the changed constants
    /// and intrinsic lengths into their rows; false at the first difference
    /// that is not one of those (nothing is written then). The views only
    /// when their count moved (to `viewsThrough`), the lowered constraints
    /// only when theirs moved (to `constraintsThrough`), and of each only
    /// the ones the log of changes names when it still holds them all
    /// (an intrinsic size or a few constants of a large tree changed), else
    /// every one.
    private func applyChanges(viewsThrough views: UInt64, constraintsThrough count: UInt64) -> Bool {
        let found = changes(viewsThrough: views, constraintsThrough: count)
        if Self.checksLoggedViews && views != viewsMatchedAt {
            // The whole walk, on stamps as they were before the one above.
            let seen = stamps
            stamps = stampsBeforeWalk
            let whole = changes(viewsThrough: nil, constraintsThrough: count)
            stamps = seen
            if whole.map({ $0.map(\.row) }) != found.map({ $0.map(\.row) })
                || whole.map({ $0.map(\.value.bitPattern) }) != found.map({ $0.map(\.value.bitPattern) }) {
                loggedViewMismatches += 1
            }
        }
        guard let found else { return false }
        for (row, value) in found { setConstant(value, ofRow: row) }
        return true
    }

    /// Whether each walk that visits the logged views only is checked
    /// against the walk over every view (for tests): a disagreement (other
    /// changes found, or one walk failing) is counted in
    /// ``loggedViewMismatches``.
    @TaskLocal static var checksLoggedViews = false
    private(set) var loggedViewMismatches = 0
    /// Walks over the logged views only (for tests).
    private(set) var loggedViewWalks = 0
    /// Under ``checksLoggedViews``, the stamps before the last walk.
    private var stampsBeforeWalk: [UInt64] = []

    /// The walk of ``applyChanges(viewsThrough:constraintsThrough:)``: the rows
    /// whose constants change and their new constants, or `nil` at the
    /// first difference that is not a number. It reads through local
    /// copies of the rows' constants and priorities, released when it
    /// returns: the changes are written after (writing while a copy is
    /// held would copy the whole array).
    ///
    /// The views walked: those the log names (`viewsThrough`, the count read
    /// before the walk) when it holds every change since the record last
    /// matched and each change named its view, else every one; none when
    /// the count did not move. `nil` for every one.
    private func changes(viewsThrough views: UInt64?, constraintsThrough count: UInt64)
        -> [(row: Int32, value: Double)]?
    {
        var changes: [(row: Int32, value: Double)] = []
        let system = current
        let constants = system.constants, priorities = system.priorities
        if Self.checksLoggedViews { stampsBeforeWalk = stamps }
        func visitView(_ i: Int) -> Bool {
            refs[i]._withUnsafeGuaranteedRef {
                collect(of: $0, at: i, constants: constants, priorities: priorities, into: &changes)
            }
        }
        if views == viewsMatchedAt {
        } else if let views, let changed = LayoutInputs.changedViews(after: viewsMatchedAt, through: views) {
            // A view's subviews list and stamp change only with a log entry
            // naming it, so the views not named are as recorded. Found by
            // address among the record's (which holds them all, so an
            // address that matches is that view), in the walk's order.
            loggedViewWalks += 1
            guard Self.visitNamed(refs, among: changed, visitView) else { return nil }
        } else {
            for i in 0 ..< refs.count {
                guard visitView(i) else { return nil }
            }
        }
        func visit(_ k: Int) -> Bool {
            constraints[k]._withUnsafeGuaranteedRef {
                collect(of: $0, at: k, constants: constants, priorities: priorities, into: &changes)
            }
        }
        if count != constraintsMatchedAt {
            if let changed = LayoutInputs.changedConstraints(after: constraintsMatchedAt, through: count) {
                // One pass over the record's constraints, each looked up
                // by address among the (at most `logSize`) changed ones: no
                // table of the whole tree to build or keep. The record has
                // held each lowered constraint (in `constraintLists`) since
                // before those changes, so an address that matches is that
                // constraint's; the others are not this tree's.
                guard Self.visitNamed(constraints, among: changed, visit) else { return nil }
            } else {
                for k in 0 ..< constraints.count {
                    guard visit(k) else { return nil }
                }
            }
        }
        return changes
    }

    /// Calls `visit(i)` for each object of `objects` that `changed` names,
    /// in the order of `objects`, and returns false as soon as a visit
    /// does. One pass over `objects`, each address looked up by bisection
    /// among the changed ones (at most ``LayoutInputs/logSize``): no table
    /// of the whole tree to build or keep. The caller has held every one of
    /// `objects` since before those changes, so an address that matches is
    /// that object's.
    private static func visitNamed<T: AnyObject>(
        _ objects: [Unmanaged<T>], among changed: [ObjectIdentifier], _ visit: (Int) -> Bool
    ) -> Bool {
        let wanted = Set(changed.map { UInt(bitPattern: $0) }).sorted()
        guard let low = wanted.first, let high = wanted.last else { return true }
        for i in objects.indices {
            let address = UInt(bitPattern: objects[i].toOpaque())
            guard address >= low, address <= high else { continue }
            var lo = 0, hi = wanted.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if wanted[mid] < address { lo = mid + 1 } else { hi = mid }
            }
            if wanted[lo] == address && !visit(i) { return false }
        }
        return true
    }

    /// Whether `constants[r]` holds `value` as lowering wrote it (`-value`), bit for bit.
    private static func holds(_ constants: [Double], _ r: Int32, _ value: Double) -> Bool {
        (-constants[Int(r)]).bitPattern == value.bitPattern
    }

    /// Whether two arrays are the same storage (so the same elements: a
    /// change to the view's array would have copied it, the record holding the other).
    private static func same<T>(_ a: [T], _ b: [T]) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count } }
    }

    /// ``applyChanges(viewsThrough:constraintsThrough:)`` for view `i`: the same subviews and constraints
    /// arrays, and, when its stamp moved, nothing lowering reads changed but
    /// its intrinsic lengths, whose new rows' constants are added to `changes`.
    private func collect(
        of view: View, at i: Int, constants: [Double], priorities: PriorityList,
        into changes: inout [(row: Int32, value: Double)]
    ) -> Bool {
        guard Self.same(view.subviews, subviewLists[i]), Self.same(view.constraints, constraintLists[i]) else {
            return false
        }
        let stamp = view.layoutStamp
        guard stamp != stamps[i] else { return true }
        guard view.text == nil, view.measureContent == nil, view.swiftFrontEnds.diagnostics.isEmpty,
              view.ruleLayout?.storedRules.isEmpty ?? true else { return false }
        let size = view.intrinsicContentSize
        let rowsOfView = intrinsicRows[i]
        for (axis, row) in [(LayoutAxis.horizontal, rowsOfView.horizontal), (.vertical, rowsOfView.vertical)] {
            guard let length = size[axis] else {
                guard row < 0 else { return false }
                continue
            }
            // A dimension that had no rows, or whose priorities changed, is structure.
            guard row >= 0, view.contentHuggingPriority(for: axis) == priorities[Int(row)],
                  view.contentCompressionResistancePriority(for: axis) == priorities[Int(row) + 1]
            else { return false }
            if !Self.holds(constants, row, length) {
                guard length.isFinite, length >= 0 else { return false }
                changes.append((row, -length))
                changes.append((row + 1, -length))
            }
        }
        stamps[i] = stamp
        return true
    }

    /// ``applyChanges(viewsThrough:constraintsThrough:)`` for lowered constraint `k`: the same multiplier
    /// and priority; a new constant is added to `changes`.
    private func collect(
        of c: Constraint, at k: Int, constants: [Double], priorities: PriorityList,
        into changes: inout [(row: Int32, value: Double)]
    ) -> Bool {
        let row = rows[k]
        guard c.multiplier.bitPattern == TreeLowering.Record.multiplierBits(of: k, in: otherMultipliers),
              c.priority == priorities[Int(row)] else { return false }
        let constant = c.constant
        if !Self.holds(constants, row, constant) {
            guard constant.isFinite else { return false }
            changes.append((row, -constant))
        }
        return true
    }

    /// Sets every view's frame from `values`, as a fresh layout does.
    func writeFrames(values: [Double], rounding: PixelRounding?) {
        // One pass: each view is touched once (at 100,000 views a second
        // pass over the objects cost a tenth of the layout).
        SystemBuilder.forEachFrame(values: values, parents: parents, absolute: false, rounding: rounding) { i, frame in
            refs[i]._withUnsafeGuaranteedRef { view in
                view.frame = frame
                if view.extras.contains(.textMetrics) { view.textMetrics = nil }
            }
        }
    }
}

extension View {
    /// For benchmarks: the changed required rows that the layout record's
    /// kept presolves were asked to replay since this root was first laid
    /// out, by where the presolve had put them (zero without a record).
    @_spi(Lowering) public var requiredRowTally: RequiredRowTally {
        layoutCache?.requiredRowTally ?? RequiredRowTally()
    }
}
