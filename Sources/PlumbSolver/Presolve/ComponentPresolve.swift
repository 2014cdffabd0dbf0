#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Presolve for one residual component of a one-shot solve: it shrinks the
/// component before any tableau is built, solves what falls apart, and maps
/// the answer back.
///
/// Layouts that do not fall apart in the block phase (a table sized by its
/// content, charts sharing edges) are mostly equalities of two edges
/// (`cell.left = column.left`, `cell.width = column.width`), chains through
/// variables nothing else mentions (`column[j].left = column[j-1].right + 1`),
/// and many single-variable bounds on the few variables that are left. Fed to
/// the incremental tableau as they stand, they make one component of tens of
/// thousands of columns, where every pivot touches thousands of rows. The
/// steps here are exact (no row is approximated) and each is linear or
/// O(k log k):
///
/// 1. **Aggregation.** A required equality that mentions two unknowns
///    (after earlier substitutions) makes one an affine image of the other,
///    `x = s·y + o`, kept in a union-find with scales and offsets; one that
///    mentions one unknown fixes it; one that mentions none must hold.
/// 2. **Substitution.** Every other row is rewritten over the remaining
///    representatives, repeated terms merged, cancelled ones dropped.
/// 3. **Column singletons.** A variable that only one remaining row mentions
///    can always make that row hold exactly (variables are free), so the row
///    and the variable leave; the variable is computed from the row at the
///    end. Removing a row can make more singletons (a chain unravels from its
///    end).
/// 4. **Pivots.** A required equality of at most `pivotRowLimit` unknowns
///    (`x = y + w + c`, what aggregation leaves of edges defined by an edge
///    and a size) is solved for one of its variables, and that variable is
///    cancelled from every other row by adding a multiple of the equality:
///    the feasible set and every row's value on it are unchanged. The
///    variable is the one whose rows grow least, in few rows, with a
///    coefficient not small against the row's others, and no row may grow
///    past `rowLimit` terms, so each pivot is O(1) and chains stay short.
///    Like a singleton, it is computed from its row at the end; singletons
///    and pivots alternate until neither is left.
/// 5. **Split.** What is left is split into independent parts again. A part
///    of one variable is solved by ``IntervalProgram``; a larger part goes to
///    the simplex core, smaller than the component it came from.
/// 6. **Back substitution.** Parts' values, then the eliminated variables in
///    reverse order, then every aggregated variable from its representative.
///
/// Whatever the presolve cannot finish on its own (a required row that
/// cannot hold, a conflict inside a part) it reports as not handled, and the
/// caller solves the whole component with the tableau as before, which finds
/// the minimal conflict set by origin.
///
/// Ties: a variable the rows leave free takes the value nearest 0 that the
/// optimum allows (in a one-variable part), or the simplex's choice (in a
/// larger part); where the optimum is unique, the answer is the tableau's.
struct ComponentPresolve {
    // MARK: The component being solved
    /// The system, the determined variables and their values, and each
    /// system variable's local index (-1 if none), held during ``solve``:
    /// a row's terms are read from the system, not copied.
    private var system = ConstraintSystem()
    private var state: [Planner.State] = []
    private var known = UnsafeMutableBufferPointer<Double>(start: nil, count: 0)
    private var localIndex: [Int32] = []
    /// Each local variable's system variable.
    private var globalOf: [Int32] = []
    /// Each local row's constant with the determined variables' terms
    /// added, and its system row.
    private var constants: [Double] = []
    private var tags: [Int32] = []
    /// Whether aggregation consumed the row.
    private var consumed: [Bool] = []

    // MARK: Aggregation: x[i] = scale[i]·x[parent[i]] + offset[i]
    private var parent: [Int32] = []
    private var scale: [Double] = []
    private var offset: [Double] = []
    /// A representative's value when a required row fixed it (NaN if none).
    private var fixedValue: [Double] = []
    private var path: [Int32] = []

    // MARK: Scratch for one substituted row
    private var slot: [Int32] = []
    /// The row's terms are the first ``termCount`` entries; the arrays only
    /// grow, so emptying the scratch is one store per row, not a call.
    private var termVariables: [Int32] = []
    private var termCoefficients: [Double] = []
    private var termCount = 0

    // MARK: The reduced rows, over representatives
    private var reducedStart: [Int32] = [0]
    private var reducedColumns: [Int32] = []
    private var reducedCoefficients: [Double] = []
    private var reducedConstants: [Double] = []
    private var reducedOf: [Int32] = []
    private var alive: [Bool] = []

    // MARK: Column singletons
    private var columnCount: [Int32] = []
    private var columnStart: [Int32] = []
    private var columnRows: [Int32] = []
    private var queue: [Int32] = []
    /// Eliminated (variable, reduced row) pairs in order of elimination.
    private var eliminated: [(Int32, Int32)] = []

    // MARK: Pivots on short required equalities
    /// Each reduced row's terms are `rowBegin[r] ..< rowEnd[r]` of
    /// `reducedColumns` while pivots rewrite rows (a rewritten row is
    /// appended anew).
    private var rowBegin: [Int32] = []
    private var rowEnd: [Int32] = []
    /// The rows a variable entered by fill-in, as linked lists (`-1` ends
    /// one); the rows it started in are `columnRows`.
    private var fillHead: [Int32] = []
    private var fillRow: [Int32] = []
    private var fillNext: [Int32] = []
    /// A rewritten row's constant's magnitude, for its feasibility test
    /// when it loses every term (-1: not rewritten).
    private var rewrittenMagnitude: [Double] = []
    /// Required equalities to try as pivot rows, in order.
    private var candidates: [Int32] = []
    /// The rows that mention one variable (`collectRows(of:except:)`),
    /// and a stamp per row to take each once.
    private var holding: [Int32] = []
    private var rowStamp: [UInt32] = []
    private var stamp: UInt32 = 0

    // MARK: Parts
    private var partOf: [Int32] = []
    private var partStart: [Int32] = []
    private var partRows: [Int32] = []
    private var coreColumn: [Int32] = []
    private var value: [Double] = []
    private var partNumber: [Int32] = []
    private var partOfRow: [Int32] = []
    private var pending: [Int32] = []
    private var used: [Int32] = []
    private var interval = IntervalProgram()
    private var terms: [(Int32, Double)] = []
    /// Scratch for ``dropDominated()``: shapes by hash (slot → index into
    /// `keptShapes`), the row kept for each shape, and two rows' shapes.
    private var shapeSlots: [Int: Int32] = [:]
    private var keptShapes: [(row: Int, bound: Double, atLeast: Bool)] = []
    private var shapeTerms: [(Int32, Double)] = []
    private var otherShapeTerms: [(Int32, Double)] = []

    // MARK: What a resolve writes (see ``indexWrites()``)
    /// The local variables by representative, as linked lists (`-1` ends
    /// one): `memberHead[r]`, then `memberNext` of each.
    private var memberHead: [Int32] = []
    private var memberNext: [Int32] = []
    /// Scratch of ``writeMoved(parts:rows:values:)``, all false between
    /// resolves: the representatives that can have moved, and the reduced
    /// rows whose constants changed.
    private var marked: [Bool] = []
    private var markedRows: [Bool] = []
    // MARK: Decisions on required rows, for a kept presolve
    /// Written only by a solve made with `keeping` (see
    /// ``resolve(_:rows:system:state:values:core:tally:)``): whether the pass
    /// over opposite bounds paired any, the bound keys of its last pass (each
    /// key with the local row that gave it), the reduced rows compared for
    /// dominance, and the pivot rows.
    private var pairedAny = false
    private var pairKeys: [BoundKey: Int32] = [:]
    private var dominanceRows: [Int32] = []
    private var pivotRows: [Int32] = []
    /// During a whole presolve given one: the component's kept presolve,
    /// whose one-variable parts are not solved again when every row of the
    /// part comes out of the presolve as it was (``sameParts(as:)``).
    private var previous: Kept? = nil
    /// Made by a solve with `keeping`, and kept with its presolve: what
    /// aggregation did to the offsets, for a resolve to replay a changed
    /// link's class (see ``LinkLog``).
    private var linkLog: LinkLog? = nil
    /// During a keeping solve, where its passes write the log.
    private var logging: UnsafeMutablePointer<LinkLog.Storage>? { keeps ? linkLog?.storage : nil }
    /// During a resolve that replayed links: the representatives of their
    /// classes, whose variables ``writeMoved(parts:rows:values:)`` writes.
    private var movedClasses: [Int32] = []

    /// What one presolved solve did.
    struct Counts {
        var aggregated = 0
        var eliminated = 0
        var intervalParts = 0
        var simplexParts = 0
        var simplexVariables = 0
        var largestSimplexPart = 0
        /// Parts solved by ``largePartSolver`` and their variables.
        var largeParts = 0
        var largeVariables = 0
        /// Large parts solved by their cuts (see `TranslationSplit`), and
        /// the pieces they were cut into.
        var cutParts = 0
        var cutPieces = 0
        /// Large parts whose upper levels were solved apart (see
        /// `OneSidedSplit`).
        var oneSidedParts = 0
    }

    /// The LP code for large coupled parts, if any (see ``LargePartSolver``).
    var largePartSolver: (any LargePartSolver)? = nil
    var largePartThreshold = Int.max
    /// Whether a large part is first cut at its hinges (see
    /// `TranslationSplit`); the tests turn it off to compare.
    var translationSplit = true
    /// Whether a large part held together by one-sided variables has its
    /// upper levels solved with them at their far bounds (see
    /// `OneSidedSplit`).
    var oneSidedSplit = true
    /// The most threads the one-sided split's own solves use (the solve's
    /// ``SolveOptions/threads``: its upper levels are thousands of small
    /// components; the answer does not depend on it).
    var oneSidedThreads = 1
    /// Whether the solve under way keeps what a later ``resolve(_:rows:system:state:values:core:tally:)``
    /// reads (its scratch is not given back early): set by ``solve`` when
    /// asked to keep, for ``handOver(_:)``.
    private var keeps = false
    /// Whether the parts being solved may give their reduced rows' terms
    /// back (see ``giveBackTerms(of:count:)``): set for a one-shot solve's
    /// parts only, never for a replay's or a kept presolve's, whose reduced
    /// rows are read again.
    private var givesTermsBack = false
    /// The tape being written during a ``solve`` asked to record one.
    private var recording: Tape? = nil
    private var record: UnsafeMutablePointer<Tape.Storage>? { recording?.storage }

    init() {}

    /// Solves one component whose ordered `rows` are those of the planner's
    /// residual plan, determined variables substituted as constants, and
    /// writes the values of the variables it solves into `values`.
    /// `localIndex` is scratch of one entry per system variable, all -1, and
    /// is left so. `core` is reset and reused for the parts that need it.
    ///
    /// - Returns: what it did, or nil when the component needs the whole
    ///   tableau (a required row that cannot hold); then nothing in `values`
    ///   has been written.
    ///
    /// With `recording`, the operations on constants and the decisions that
    /// depend on them are written to the tape, which ``replay(_:system:state:values:core:)``
    /// then follows at other constants; the tape is left invalid when this
    /// solve returns nil or takes a path a replay does not follow.
    ///
    /// With `keeping`, the scratch a later ``resolve(_:rows:system:state:values:core:tally:)``
    /// reads is not given back: ``handOver(_:)`` then takes the presolve as
    /// it ended.
    mutating func solve(
        _ rows: ArraySlice<Int32>, system: ConstraintSystem, state: [Planner.State],
        values: UnsafeMutableBufferPointer<Double>, localIndex: inout [Int32], core: SimplexCore,
        recording tape: Tape? = nil, keeping: Bool = false, previous: Kept? = nil
    ) -> Counts? {
        recording = tape
        keeps = keeping
        self.previous = previous
        // About two words a link: the stream made large enough before it
        // is written (an append that grows it copies it).
        linkLog = keeping ? LinkLog(reserving: 2 * rows.count) : nil
        defer { (keeps, self.previous) = (false, nil) }
        // A whole solve makes a new union-find: a resolve indexes it afresh.
        memberHead = []
        // About 14 words a row on `list`: the stream grown before recording
        // (nothing to copy), not doubled and copied while it records.
        tape?.storage.pointee.reset(reserving: 16 * rows.count)
        defer { recording = nil }
        let counts = solveRecording(rows, system: system, state: state, values: values, localIndex: &localIndex,
                                    core: core)
        if let tape, counts != nil { tape.storage.pointee.valid = tape.storage.pointee.followable }
        return counts
    }

    private mutating func solveRecording(
        _ rows: ArraySlice<Int32>, system: ConstraintSystem, state: [Planner.State],
        values: UnsafeMutableBufferPointer<Double>, localIndex: inout [Int32], core: SimplexCore
    ) -> Counts? {
        self.system = system
        self.state = state
        known = values
        swap(&self.localIndex, &localIndex)
        defer {
            for v in globalOf { self.localIndex[Int(v)] = -1 }
            swap(&self.localIndex, &localIndex)
            self.system = ConstraintSystem()
            self.state = []
        }
        load(rows)
        (pairedAny, pairKeys) = (false, [:])
        dominanceRows.removeAll(keepingCapacity: true)
        pivotRows.removeAll(keepingCapacity: true)
        var counts = Counts()
        // (`reduce` gives `constants` back for a large component.)
        let large = rows.count >= Self.largeComponent
        guard aggregate(&counts), reduce(large: large) else { return nil }
        Self.release(&pending, if: large)
        Self.release(&columnStart, if: large)
        Self.release(&columnRows, if: large)
        Self.release(&columnCount, if: large)
        Self.release(&queue, if: large)
        record?.pointee.keep(self, aggregated: counts.aggregated)
        givesTermsBack = !keeps && recording == nil
        defer { givesTermsBack = false }
        guard solveParts(core: core, counts: &counts, large: large) else { return nil }
        eliminateBack()
        writeValues(values)
        counts.eliminated = eliminated.count
        // The parts' scratch is not kept for the next component: sized to a
        // large one, it would stay alive through the next one's load,
        // aggregation and pivots, which is where the residual phase peaks.
        // What a later `resolve` reads leaves with the presolve when it is kept (`handOver`).
        if large && !keeps {
            (value, coreColumn) = ([], [])
            (partOfRow, partStart, partRows) = ([], [], [])
        }
        return counts
    }

    /// Writes every local variable's value into `values`: `s·x + o` from
    /// its representative's (the part's value, or the value a required row
    /// fixed).
    private mutating func writeValues(_ values: UnsafeMutableBufferPointer<Double>) {
        var moved = takeSubstitution(longest: 0)
        let tape = record
        // (`find` reads no local index.)
        Self.withPass(&moved, system: system, state: state, localIndex: [], tape: tape, links: logging) {
            pass, path in
            for i in 0 ..< globalOf.count {
                let (root, s, o) = pass.find(Int32(i), path: &path)
                tape?.pointee.out(i, root: root, s)
                let r = Int(root)
                let x = pass.fixedValue[r].isNaN ? value[r] : pass.fixedValue[r]
                values[Int(globalOf[i])] = s * x + o
            }
        }
        swapSubstitution(&moved)
    }

    // MARK: - Loading

    private mutating func load(_ rows: ArraySlice<Int32>) {
        globalOf.removeAll(keepingCapacity: true)
        constants.resize(to: rows.count, filling: 0)
        tags.resize(to: rows.count, filling: 0)
        // Once a term: read and written through pointers (an element write
        // checks the buffer's uniqueness), the arrays written moved out of self.
        var globalOf = self.globalOf, localIndex = self.localIndex
        self.globalOf = []
        self.localIndex = []
        let system = self.system, known = self.known
        constants.withUnsafeMutableBufferPointer { constants in
        tags.withUnsafeMutableBufferPointer { tags in
        localIndex.withUnsafeMutableBufferPointer { localIndex in
        state.withUnsafeBufferPointer { state in
        system.constants.withUnsafeBufferPointer { systemConstants in
        system.columns.withUnsafeBufferPointer { columns in
        system.coefficients.withUnsafeBufferPointer { coefficients in
            for (i, r32) in rows.enumerated() {
                let r = Int(r32)
                var c = systemConstants[r]
                for k in system.termRange(of: RowIndex(r)) {
                    let v = Int(columns[k])
                    if state[v] == .determined {
                        c += coefficients[k] * known[v]
                    } else if localIndex[v] < 0 {
                        localIndex[v] = Int32(globalOf.count)
                        globalOf.append(Int32(v))
                    }
                }
                constants[i] = c
                tags[i] = r32
            }
        }
        }
        }
        }
        }
        }
        }
        self.globalOf = globalOf
        self.localIndex = localIndex
        let n = globalOf.count
        Self.refill(&parent, count: n) { Int32($0) }
        Self.refill(&scale, count: n) { _ in 1 }
        Self.refill(&offset, count: n) { _ in 0 }
        Self.refill(&fixedValue, count: n) { _ in .nan }
        Self.refill(&slot, count: n) { _ in -1 }
        Self.refill(&consumed, count: constants.count) { _ in false }
    }

    /// Sets `array` to `make(0) ..< make(count)`, keeping its buffer; the
    /// elements are written through a pointer (appended one at a time, each
    /// checked the buffer's uniqueness and capacity).
    private static func refill<T>(_ array: inout [T], count: Int, _ make: (Int) -> T) {
        guard count > 0 else {
            array.removeAll(keepingCapacity: true)
            return
        }
        array.resize(to: count, filling: make(0))
        array.withUnsafeMutableBufferPointer { array in
            for i in 0 ..< count { array[i] = make(i) }
        }
    }

    /// Components at least this large give their scratch back as soon as a
    /// step is done with it, so a layout that is one big component peaks
    /// lower; smaller ones keep it for the next component.
    private static let largeComponent = 4096

    private static func release<T>(_ array: inout [T], if large: Bool) {
        if large { array = [] }
    }

    // MARK: - Aggregation

    /// Adds `a·x[v]` to the row in the term scratch, merged with a term
    /// already there (`slot` says where).
    @inline(__always)
    private mutating func addTerm(_ v: Int32, _ a: Double) {
        let at = slot[Int(v)]
        if at >= 0 {
            termCoefficients[Int(at)] += a
            return
        }
        slot[Int(v)] = Int32(termCount)
        if termCount == termVariables.count {
            termVariables.append(v)
            termCoefficients.append(a)
        } else {
            termVariables[termCount] = v
            termCoefficients[termCount] = a
        }
        termCount += 1
    }

    /// The forest and the term scratch, moved out of the presolve for a
    /// pass of substitutions (once each way a pass, not once a row): a pass
    /// reads and writes them through pointers, as array writes, each of the
    /// six stores a term makes, checked that the buffer was unique.
    private struct Substitution {
        var parent: [Int32] = [], scale: [Double] = [], offset: [Double] = [], fixedValue: [Double] = []
        var slot: [Int32] = [], variables: [Int32] = [], coefficients: [Double] = []
        var path: [Int32] = []
    }

    /// Moves the forest and the term scratch out of self for a pass over
    /// rows of up to `longest` terms (the scratch only grows).
    private mutating func takeSubstitution(longest: Int) -> Substitution {
        if termVariables.count < longest {
            termVariables.resize(to: longest, filling: 0)
            termCoefficients.resize(to: longest, filling: 0)
        }
        var moved = Substitution()
        swapSubstitution(&moved)
        return moved
    }

    /// Moves them back (or out: the same swaps).
    private mutating func swapSubstitution(_ moved: inout Substitution) {
        swap(&moved.parent, &parent)
        swap(&moved.scale, &scale)
        swap(&moved.offset, &offset)
        swap(&moved.fixedValue, &fixedValue)
        swap(&moved.slot, &slot)
        swap(&moved.variables, &termVariables)
        swap(&moved.coefficients, &termCoefficients)
        swap(&moved.path, &path)
    }

    /// Runs `body` with the pointers of a pass: the moved forest and scratch,
    /// and the system's terms, the variables' states and local indices.
    private static func withPass<R>(
        _ moved: inout Substitution, system: ConstraintSystem, state: [Planner.State], localIndex: [Int32],
        tape: UnsafeMutablePointer<Tape.Storage>? = nil, links: UnsafeMutablePointer<LinkLog.Storage>? = nil,
        _ body: (Pass, inout [Int32]) -> R
    ) -> R {
        moved.parent.withUnsafeMutableBufferPointer { parent in
        moved.scale.withUnsafeMutableBufferPointer { scale in
        moved.offset.withUnsafeMutableBufferPointer { offset in
        moved.fixedValue.withUnsafeMutableBufferPointer { fixedValue in
        moved.slot.withUnsafeMutableBufferPointer { slot in
        moved.variables.withUnsafeMutableBufferPointer { variables in
        moved.coefficients.withUnsafeMutableBufferPointer { coefficients in
        system.columns.withUnsafeBufferPointer { columns in
        system.coefficients.withUnsafeBufferPointer { systemCoefficients in
        state.withUnsafeBufferPointer { state in
        localIndex.withUnsafeBufferPointer { localIndex in
            let pass = Pass(
                parent: parent, scale: scale, offset: offset, fixedValue: fixedValue, slot: slot,
                variables: variables, coefficients: coefficients, columns: columns,
                systemCoefficients: systemCoefficients, state: state, localIndex: localIndex, tape: tape,
                links: links)
            return body(pass, &moved.path)
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// What a pass of substitutions reads and writes, as pointers.
    fileprivate struct Pass {
        let parent: UnsafeMutableBufferPointer<Int32>
        let scale: UnsafeMutableBufferPointer<Double>
        let offset: UnsafeMutableBufferPointer<Double>
        let fixedValue: UnsafeMutableBufferPointer<Double>
        /// The term scratch: `slot` per variable (-1 between rows), the row's
        /// terms in `variables` and `coefficients`.
        let slot: UnsafeMutableBufferPointer<Int32>
        let variables: UnsafeMutableBufferPointer<Int32>
        let coefficients: UnsafeMutableBufferPointer<Double>
        let columns: UnsafeBufferPointer<Int32>
        let systemCoefficients: UnsafeBufferPointer<Double>
        let state: UnsafeBufferPointer<Planner.State>
        let localIndex: UnsafeBufferPointer<Int32>
        /// Where the operations on constants are written down, when recording (see ``Tape``).
        let tape: UnsafeMutablePointer<Tape.Storage>?
        /// Where aggregation's links and path compressions are written
        /// down, in a solve that keeps its presolve (see ``LinkLog``).
        let links: UnsafeMutablePointer<LinkLog.Storage>?

        /// The representative of `i` and the affine map from it:
        /// `x[i] = s·x[root] + o`. Compresses the path. Inlined where it runs
        /// once a term: most variables are a root or one step from it (paths
        /// are compressed), so a call was most of its cost.
        @inline(__always)
        func find(_ i: Int32, path: inout [Int32]) -> (Int32, Double, Double) {
            let up = parent[Int(i)]
            if up == i { return (i, 1, 0) }
            if parent[Int(up)] == up { return (up, scale[Int(i)], offset[Int(i)]) }
            return compress(i, path: &path)
        }

        /// `find(_:path:)` for a variable two or more steps from its root.
        @inline(never)
        func compress(_ i: Int32, path: inout [Int32]) -> (Int32, Double, Double) {
            var x = i
            path.removeAll(keepingCapacity: true)
            while parent[Int(x)] != x {
                path.append(x)
                x = parent[Int(x)]
            }
            let root = x
            // From the node nearest the root down: compose with the parent's map.
            if path.count > 1 {
                for j in stride(from: path.count - 2, through: 0, by: -1) {
                    let node = Int(path[j]), up = Int(path[j + 1])
                    tape?.pointee.compress(node, up, scale[node])
                    links?.pointee.compress(node, up, scale[node])
                    offset[node] = scale[node] * offset[up] + offset[node]
                    scale[node] *= scale[up]
                    parent[node] = root
                }
            }
            return (root, i == root ? 1 : scale[Int(i)], i == root ? 0 : offset[Int(i)])
        }

        /// Rewrites the system row of terms `range` and constant `c` (its
        /// determined variables' terms added) over representatives into the
        /// term scratch; returns its constant and number of terms. Fixed
        /// representatives go into the constant; terms that cancel (relative
        /// to the row's largest) are dropped.
        @inline(__always)
        func substitute(_ range: Range<Int>, constant c: Double, row: Int, path: inout [Int32]) -> (Double, Int) {
            // Specialised each way: a presolve that records nothing pays no
            // test a term.
            if let tape { return substitute(range, constant: c, row: row, path: &path, recording: TermTape(tape)) }
            return substitute(range, constant: c, row: row, path: &path, recording: NoTerms())
        }

        @inline(__always)
        private func substitute<R: TermRecorder>(
            _ range: Range<Int>, constant c: Double, row: Int, path: inout [Int32], recording: R
        ) -> (Double, Int) {
            recording.begin(row)
            var c = c
            var largest = 0.0
            var count = 0
            for k in range {
                let v = Int(columns[k])
                if state[v] == .determined { continue }
                let a = systemCoefficients[k]
                let local = localIndex[v]
                let (root, s, o) = find(local, path: &path)
                let fixed = fixedValue[Int(root)]
                if !fixed.isNaN {
                    recording.termFixed(a, s, offsetOf: local == root ? -1 : local, root: root)
                    c += a * (s * fixed + o)
                    continue
                }
                recording.term(a, offsetOf: local == root ? -1 : local)
                c += a * o
                let coefficient = a * s
                largest = max(largest, abs(coefficient))
                // Merged with a term already there (`slot` says where), as `addTerm(_:_:)`.
                let at = slot[Int(root)]
                if at >= 0 {
                    coefficients[Int(at)] += coefficient
                    continue
                }
                slot[Int(root)] = Int32(count)
                variables[count] = root
                coefficients[count] = coefficient
                count += 1
            }
            // Drop cancelled terms, keeping the order of first mention.
            var kept = 0
            for j in 0 ..< count {
                slot[Int(variables[j])] = -1
                if abs(coefficients[j]) > 1e-12 * largest {
                    variables[kept] = variables[j]
                    coefficients[kept] = coefficients[j]
                    kept += 1
                }
            }
            return (c, kept)
        }

        /// Aggregates the substituted row in the scratch (`count` terms,
        /// constant `c`) as an equality: one unknown is fixed, of two the
        /// one with the larger coefficient (the later one on a tie, so the
        /// scale is at most 1) becomes an affine image of the other. Nil
        /// when it has more than two unknowns; with none, the caller checks
        /// that it holds.
        @inline(__always)
        func absorbEquality(_ c: Double, count: Int) -> Int? {
            switch count {
            case 0:
                break
            case 1:
                tape?.pointee.fix(variables[0], coefficients[0])
                fixedValue[Int(variables[0])] = -c / coefficients[0]
                // A replay takes a fixed value for fixed.
                if let tape, fixedValue[Int(variables[0])].isNaN { tape.pointee.followable = false }
            case 2:
                var (x, y) = (0, 1)
                let ax = abs(coefficients[0]), ay = abs(coefficients[1])
                if ay > ax || (ay == ax && variables[1] > variables[0]) { (x, y) = (1, 0) }
                let gone = Int(variables[x])
                tape?.pointee.link(gone, coefficients[x])
                parent[gone] = variables[y]
                scale[gone] = -coefficients[y] / coefficients[x]
                offset[gone] = -c / coefficients[x]
            default:
                return nil
            }
            return count
        }

        /// The substituted row's ``BoundKey`` (`count` terms, constant `c`),
        /// nil unless it has one or two terms.
        func boundKey(_ c: Double, count: Int, relation: Relation) -> BoundKey? {
            guard count == 1 || count == 2 else { return nil }
            var first = 0
            if count == 2 && variables[1] < variables[0] { first = 1 }
            let a = coefficients[first]
            let y: Int32 = count == 2 ? variables[1 - first] : -1
            let ratio = count == 2 ? coefficients[1 - first] / a : 0
            tape?.pointee.key(a)
            return BoundKey(x: variables[first], y: y, ratio: ratio, constant: c / a,
                            atLeast: (relation == .greaterOrEqual) == (a > 0))
        }
    }

    /// The largest number of terms of the system rows of local rows `rows`.
    private func longestRow(_ rows: [Int32]) -> Int {
        var longest = 0
        for r in rows { longest = max(longest, system.termRange(of: RowIndex(Int(tags[Int(r)]))).count) }
        return longest
    }

    private func relation(_ r: Int) -> Relation { system.relations[Int(tags[r])] }
    private func priority(_ r: Int) -> Priority { system.priorities[Int(tags[r])] }

    /// Whether `c ⋈ 0` holds within the feasibility tolerance of row `r`.
    private func holds(_ c: Double, _ relation: Relation, row r: Int) -> Bool {
        Tolerances.holds(c, relation, magnitude: magnitude(of: r))
    }

    /// System row `r`'s constant with its determined terms at `values`,
    /// added up in `load`'s order (the same bits): what a replayed or
    /// resolved presolve starts each row from.
    @inline(__always)
    private func loadedConstant(ofSystemRow r: Int, values: UnsafeMutableBufferPointer<Double>) -> Double {
        var c = system.constants[r]
        for k in system.termRange(of: RowIndex(r)) {
            let v = Int(system.columns[k])
            if state[v] == .determined { c += system.coefficients[k] * values[v] }
        }
        return c
    }

    /// The magnitude of local row `r`'s constant: the system row's constant
    /// and its determined terms, in absolute value.
    private func magnitude(of r: Int) -> Double {
        let row = Int(tags[r])
        var magnitude = abs(system.constants[row])
        for k in system.termRange(of: RowIndex(row)) where state[Int(system.columns[k])] == .determined {
            magnitude += abs(system.coefficients[k] * known[Int(system.columns[k])])
        }
        return magnitude
    }

    /// Aggregates the required equalities of one or two unknowns, repeating
    /// over the longer ones while substitutions shorten them, and then the
    /// pairs of required inequalities that are one equality written twice
    /// (`a ≥ b` and `a ≤ b`, or `a − b ≥ 6` and `b − a ≥ −6`), which make the
    /// same set of points as the equality. False when a required equality
    /// cannot hold.
    private mutating func aggregate(_ counts: inout Counts) -> Bool {
        pending.removeAll(keepingCapacity: true)
        for r in 0 ..< constants.count where relation(r) == .equal && priority(r).isRequired {
            pending.append(Int32(r))
        }
        var inequalities: [Int32] = []
        for r in 0 ..< constants.count where relation(r) != .equal && priority(r).isRequired {
            inequalities.append(Int32(r))
        }
        let system = self.system, state = self.state, localIndex = self.localIndex
        var moved = takeSubstitution(longest: max(longestRow(pending), longestRow(inequalities)))
        defer { swapSubstitution(&moved) }
        var consumed = self.consumed, pending = self.pending
        self.consumed = []
        self.pending = []
        defer {
            self.consumed = consumed
            self.pending = pending
        }
        while true {
            var progress = true
            while progress && !pending.isEmpty {
                progress = false
                var kept = 0
                var holds = true
                Self.withPass(&moved, system: system, state: state, localIndex: localIndex, tape: record,
                              links: logging) { pass, path in
                consumed.withUnsafeMutableBufferPointer { consumed in
                pending.withUnsafeMutableBufferPointer { pending in
                    for index in 0 ..< pending.count {
                        let r = Int(pending[index])
                        let (c, count) = pass.substitute(
                            system.termRange(of: RowIndex(Int(tags[r]))), constant: constants[r], row: r,
                            path: &path)
                        guard let absorbed = pass.absorbEquality(c, count: count) else {
                            pending[kept] = Int32(r)
                            kept += 1
                            continue
                        }
                        if absorbed == 0 {
                            guard self.holds(c, .equal, row: r) else {
                                holds = false
                                return
                            }
                            record?.pointee.holds(r, .equal)
                        }
                        if absorbed == 2 { counts.aggregated += 1 }
                        pass.links?.pointee.absorbed(r, count: absorbed, pass)
                        consumed[r] = true
                        progress = true
                    }
                }
                }
                }
                guard holds else { return false }
                pending.removeLast(pending.count - kept)
            }
            guard let paired = pairOpposites(&inequalities, &moved, &consumed, &counts) else { return false }
            if paired { pairedAny = true }
            if !paired { return true }
        }
    }

    /// A required inequality of one or two unknowns divided by the
    /// coefficient of its first unknown (by index): `x + ratio·y + constant`,
    /// and whether it then says `≥ 0` (else `≤ 0`).
    fileprivate struct BoundKey: Hashable {
        var x: Int32, y: Int32, ratio: Double, constant: Double, atLeast: Bool
    }

    /// Finds the required inequalities of one or two unknowns whose
    /// opposite (same terms and constant up to one factor, the other
    /// direction) is also required, and aggregates each such pair as its
    /// equality. Returns whether it aggregated any, or nil when one cannot
    /// hold. Keys are compared exactly, so only rows that are the same
    /// equality to the last bit are paired. `moved` and `consumed` are
    /// aggregation's, moved out of self.
    private mutating func pairOpposites(
        _ rows: inout [Int32], _ moved: inout Substitution, _ consumed: inout [Bool], _ counts: inout Counts
    ) -> Bool? {
        var seen: [BoundKey: Int32] = [:]
        var paired = false
        var kept = 0
        var holds = true
        let system = self.system
        let tape = record
        Self.withPass(&moved, system: system, state: state, localIndex: localIndex, tape: tape, links: logging) {
            pass, path in
            func substitute(_ r: Int) -> (Double, Int) {
                pass.substitute(
                    system.termRange(of: RowIndex(Int(tags[r]))), constant: constants[r], row: r, path: &path)
            }
            for index in 0 ..< rows.count {
                let r = Int(rows[index])
                if consumed[r] { continue }
                let (c, count) = substitute(r)
                guard count <= 2 else {
                    rows[kept] = Int32(r)
                    kept += 1
                    continue
                }
                guard var key = pass.boundKey(c, count: count, relation: relation(r)) else { continue }
                tape?.pointee.noteKey(key)
                key.atLeast.toggle()
                if let q = seen[key], !consumed[Int(q)] {
                    // A replay follows only a pass that pairs nothing (see `Tape`).
                    tape?.pointee.followable = false
                    // The partner's key was taken before this pass's earlier
                    // aggregations: check it still is the opposite of this row.
                    let (cq, countQ) = substitute(Int(q))
                    let still = pass.boundKey(cq, count: countQ, relation: relation(Int(q)))
                    let (cr, countR) = substitute(r)
                    if still == key {
                        guard let absorbed = pass.absorbEquality(cr, count: countR),
                              absorbed > 0 || self.holds(cr, .equal, row: r)
                        else {
                            holds = false
                            return
                        }
                        if absorbed == 2 { counts.aggregated += 1 }
                        consumed[r] = true
                        consumed[Int(q)] = true
                        paired = true
                        continue
                    }
                    key.atLeast.toggle()
                    seen[key] = Int32(r)
                } else {
                    key.atLeast.toggle()
                    seen[key] = Int32(r)
                }
                rows[kept] = Int32(r)
                kept += 1
            }
        }
        guard holds else { return nil }
        if keeps { pairKeys = seen }
        tape?.pointee.closeKeys()
        rows.removeLast(rows.count - kept)
        return paired
    }

    // MARK: - Reduction

    /// Rewrites every row aggregation left over the representatives, then
    /// removes column singletons. False when a required row without unknowns
    /// cannot hold.
    private mutating func reduce(large: Bool) -> Bool {
        // The rows and their terms are written through pointers into arrays
        // sized once (an append or an element write checks the buffer's
        // uniqueness): a row's substitution has at most the row's terms.
        var left = 0, room = 0, longest = 0
        for r in 0 ..< constants.count where !consumed[r] {
            let length = system.termRange(of: RowIndex(Int(tags[r]))).count
            left += 1
            room += length
            longest = max(longest, length)
        }
        let n = globalOf.count
        var start = reducedStart, columns = reducedColumns, coefficients = reducedCoefficients
        var rowConstants = reducedConstants, rowOf = reducedOf, counts = columnCount
        reducedStart = []; reducedColumns = []; reducedCoefficients = []
        reducedConstants = []; reducedOf = []; columnCount = []
        start.resize(to: left + 1, filling: 0)
        columns.resize(to: room, filling: 0)
        coefficients.resize(to: room, filling: 0)
        rowConstants.resize(to: left, filling: 0)
        rowOf.resize(to: left, filling: 0)
        counts.resize(to: n, filling: 0)
        var m = 0, end = 0, holds = true
        let system = self.system
        var moved = takeSubstitution(longest: longest)
        let tape = record
        Self.withPass(&moved, system: system, state: state, localIndex: localIndex, tape: tape, links: logging) {
            pass, path in
        start.withUnsafeMutableBufferPointer { start in
        columns.withUnsafeMutableBufferPointer { columns in
        coefficients.withUnsafeMutableBufferPointer { coefficients in
        rowConstants.withUnsafeMutableBufferPointer { rowConstants in
        rowOf.withUnsafeMutableBufferPointer { rowOf in
        counts.withUnsafeMutableBufferPointer { counts in
            for i in 0 ..< n { counts[i] = 0 }
            start[0] = 0
            for r in 0 ..< constants.count where !consumed[r] {
                let (c, termCount) = pass.substitute(
                    system.termRange(of: RowIndex(Int(tags[r]))), constant: constants[r], row: r, path: &path)
                if termCount == 0 {
                    if priority(r).isRequired {
                        guard self.holds(c, relation(r), row: r) else {
                            holds = false
                            return
                        }
                        tape?.pointee.holds(r, relation(r))
                    }
                    continue
                }
                tape?.pointee.reduced(m)
                for j in 0 ..< termCount {
                    let v = pass.variables[j]
                    columns[end] = v
                    coefficients[end] = pass.coefficients[j]
                    counts[Int(v)] += 1
                    end += 1
                }
                rowConstants[m] = c
                rowOf[m] = Int32(r)
                m += 1
                start[m] = Int32(end)
            }
        }
        }
        }
        }
        }
        }
        }
        swapSubstitution(&moved)
        // The loaded rows have served (the reduced rows replace them): a
        // large component's go before the transpose and the pivots allocate.
        Self.release(&constants, if: large)
        Self.release(&consumed, if: large)
        start.removeLast(start.count - (m + 1))
        columns.removeLast(columns.count - end)
        coefficients.removeLast(coefficients.count - end)
        rowConstants.removeLast(rowConstants.count - m)
        rowOf.removeLast(rowOf.count - m)
        reducedStart = start; reducedColumns = columns; reducedCoefficients = coefficients
        reducedConstants = rowConstants; reducedOf = rowOf; columnCount = counts
        guard holds else { return false }
        Self.refill(&alive, count: m) { _ in true }
        // Columns as lists of rows (a transpose by counting).
        Self.refill(&columnStart, count: n + 1) { _ in 0 }
        Self.refill(&columnRows, count: end) { _ in 0 }
        columnStart.withUnsafeMutableBufferPointer { columnStart in
        columnRows.withUnsafeMutableBufferPointer { columnRows in
        reducedStart.withUnsafeBufferPointer { start in
        reducedColumns.withUnsafeBufferPointer { columns in
        columnCount.withUnsafeBufferPointer { counts in
            for i in 0 ..< n { columnStart[i + 1] = columnStart[i] + counts[i] }
            var cursor = Array(columnStart)
            cursor.withUnsafeMutableBufferPointer { cursor in
                for r in 0 ..< m {
                    for k in Int(start[r]) ..< Int(start[r + 1]) {
                        let v = Int(columns[k])
                        columnRows[Int(cursor[v])] = Int32(r)
                        cursor[v] += 1
                    }
                }
            }
        }
        }
        }
        }
        }
        // After the transpose, which counts every row: dropped rows are
        // skipped there as not alive.
        dropDominated()
        return eliminate()
    }

    // MARK: - Singletons and pivots

    /// Removes column singletons and pivots on short required equalities,
    /// until neither is left. False when a required row that the pivots
    /// emptied cannot hold.
    ///
    /// A pivot takes a required equality `r` of at most `pivotRowLimit`
    /// terms and one of its variables `v` whose coefficient is at least
    /// `pivotRatio` of the row's largest: `v` is `r` solved for it, and
    /// every other row that mentions `v` (wishes too) has the multiple of
    /// `r` that cancels `v` added, which changes no feasible point and no
    /// row's value at one. Of the row's variables it takes the one whose
    /// rows grow least (ties: fewer rows, then the first in the row), and
    /// only when `v` is in at most `pivotColumnLimit` rows and none of
    /// them grows past `rowLimit` terms (or past its own length, if it is
    /// longer already): each pivot costs O(1), and chains of `x = y + w + c`
    /// stay short instead of growing a row per link. A rewritten row is
    /// appended anew to the term arrays (`rowBegin`, `rowEnd`); the
    /// rows are packed again at the end.
    private mutating func eliminate() -> Bool {
        let n = globalOf.count, m = reducedOf.count
        Self.refill(&rowBegin, count: m) { reducedStart[$0] }
        Self.refill(&rowEnd, count: m) { reducedStart[$0 + 1] }
        Self.refill(&fillHead, count: n) { _ in -1 }
        fillRow.removeAll(keepingCapacity: true)
        fillNext.removeAll(keepingCapacity: true)
        Self.refill(&rowStamp, count: m) { _ in 0 }
        stamp = 0
        var rewritten = false
        eliminated.removeAll(keepingCapacity: true)
        queue.removeAll(keepingCapacity: true)
        candidates.removeAll(keepingCapacity: true)
        for v in 0 ..< n where columnCount[v] == 1 { queue.append(Int32(v)) }
        for r in 0 ..< m where alive[r] && isPivotRow(r) { candidates.append(Int32(r)) }
        var next = 0
        while true {
            // Singletons, until none is left.
            while let v32 = queue.popLast() {
                let v = Int(v32)
                guard columnCount[v] == 1 else { continue }
                collectRows(of: v, except: -1)
                guard let row = holding.first.map(Int.init) else { continue }
                // Only when the variable's coefficient is not tiny against the
                // row's others: it is divided by at the end.
                var own = 0.0, largest = 0.0
                for k in Int(rowBegin[row]) ..< Int(rowEnd[row]) {
                    let a = abs(reducedCoefficients[k])
                    largest = max(largest, a)
                    if reducedColumns[k] == v32 { own = a }
                }
                guard own >= Tolerances.pivot * largest else { continue }
                alive[row] = false
                columnCount[v] = 0
                eliminated.append((v32, Int32(row)))
                for k in Int(rowBegin[row]) ..< Int(rowEnd[row]) {
                    let u = Int(reducedColumns[k])
                    guard u != v else { continue }
                    columnCount[u] -= 1
                    if columnCount[u] == 1 { queue.append(Int32(u)) }
                }
            }
            // Then one pivot, and the singletons it made.
            guard next < candidates.count else { break }
            let r = Int(candidates[next])
            next += 1
            guard alive[r], isPivotRow(r), let k = choosePivot(r) else { continue }
            // Made at the first pivot: a component without any (`table`'s)
            // does not pay 8 bytes a row at its peak.
            if !rewritten { Self.refill(&rewrittenMagnitude, count: m) { _ in -1 } }
            guard pivot(at: k, row: r) else { return false }
            rewritten = true
        }
        if rewritten {
            pack()
            // Pivots make parallel rows of rows that were not (`x ≤ b + 3`
            // and `y ≤ b + 5` once `x` and `y` are both `a + c`).
            dropDominated()
        }
        let large = n >= Self.largeComponent
        Self.release(&slot, if: large && !keeps)
        Self.release(&rowBegin, if: large)
        Self.release(&rowEnd, if: large)
        Self.release(&fillHead, if: large)
        Self.release(&fillRow, if: large)
        Self.release(&fillNext, if: large)
        Self.release(&rewrittenMagnitude, if: large)
        Self.release(&rowStamp, if: large)
        Self.release(&candidates, if: large)
        Self.release(&holding, if: large)
        Self.release(&keptShapes, if: large)
        if large { shapeSlots = [:] }
        return true
    }

    /// A pivot row has at most this many terms.
    static let pivotRowLimit = 4
    /// A pivot's variable is in at most this many rows.
    static let pivotColumnLimit = 16
    /// No row grows past this many terms by a pivot.
    static let rowLimit = 4
    /// A pivot's coefficient is at least this fraction of its row's largest.
    static let pivotRatio = 0.1

    private func isPivotRow(_ r: Int) -> Bool {
        let original = Int(reducedOf[r])
        let length = Int(rowEnd[r] - rowBegin[r])
        return length > 0 && length <= Self.pivotRowLimit && relation(original) == .equal
            && priority(original).isRequired
    }

    /// The index in row `r`'s terms of variable `v`, or -1.
    private func position(of v: Int32, in r: Int) -> Int {
        for k in Int(rowBegin[r]) ..< Int(rowEnd[r]) where reducedColumns[k] == v { return k }
        return -1
    }

    /// Fills `holding` with the rows alive that mention `v`, each once,
    /// `skip` left out: the rows it started in, then those it entered by
    /// fill-in (a row may have lost it since; each is checked).
    private mutating func collectRows(of v: Int, except skip: Int) {
        holding.removeAll(keepingCapacity: true)
        stamp &+= 1
        let v32 = Int32(v)
        for k in Int(columnStart[v]) ..< Int(columnStart[v + 1]) {
            let s = Int(columnRows[k])
            guard s != skip, alive[s], rowStamp[s] != stamp, position(of: v32, in: s) >= 0 else { continue }
            rowStamp[s] = stamp
            holding.append(Int32(s))
        }
        var link = fillHead[v]
        while link >= 0 {
            let s = Int(fillRow[Int(link)])
            link = fillNext[Int(link)]
            guard s != skip, alive[s], rowStamp[s] != stamp, position(of: v32, in: s) >= 0 else { continue }
            rowStamp[s] = stamp
            holding.append(Int32(s))
        }
    }

    /// The term of row `r` to pivot on (an index into the term arrays), or
    /// nil when none passes the limits.
    private mutating func choosePivot(_ r: Int) -> Int? {
        let begin = Int(rowBegin[r]), end = Int(rowEnd[r])
        var largest = 0.0
        for k in begin ..< end { largest = max(largest, abs(reducedCoefficients[k])) }
        var best: Int? = nil
        var bestGrowth = Int.max, bestRows = Int.max
        for k in begin ..< end {
            let v = reducedColumns[k]
            guard abs(reducedCoefficients[k]) >= Self.pivotRatio * largest,
                  columnCount[Int(v)] <= Self.pivotColumnLimit
            else { continue }
            collectRows(of: Int(v), except: r)
            guard let growth = Self.growth(
                pivot: k, begin: begin, end: end, rows: holding, rowBegin: rowBegin, rowEnd: rowEnd,
                columns: reducedColumns)
            else { continue }
            if growth < bestGrowth || (growth == bestGrowth && holding.count < bestRows) {
                best = k
                bestGrowth = growth
                bestRows = holding.count
            }
        }
        return best
    }

    /// How many terms `rows` gain in all when the variable of term `k` of
    /// the pivot row (terms `begin ..< end`) is cancelled from them: each
    /// loses it and gains the pivot row's other terms it does not have. Nil
    /// when one would grow past `rowLimit` terms (and past its own length).
    /// Static, over the arrays it reads: as a method reading `self` it
    /// copied the whole presolve at every call (4.5% of `dashboard`'s time).
    private static func growth(
        pivot k: Int, begin: Int, end: Int, rows: [Int32], rowBegin: [Int32], rowEnd: [Int32], columns: [Int32]
    ) -> Int? {
        var growth = 0
        for s32 in rows {
            let s = Int(s32), from = Int(rowBegin[s]), to = Int(rowEnd[s])
            var added = -1
            for j in begin ..< end where j != k && !columns[from ..< to].contains(columns[j]) { added += 1 }
            let length = to - from
            if length + added > max(length, rowLimit) { return nil }
            growth += added
        }
        return growth
    }

    /// Eliminates the variable of term `k` through required equality `r`:
    /// every other row that mentions it gets the multiple of `r` that
    /// cancels it. False when a required row this empties cannot hold.
    private mutating func pivot(at k: Int, row r: Int) -> Bool {
        let v32 = reducedColumns[k], v = Int(v32)
        let a = reducedCoefficients[k]
        collectRows(of: v, except: r)
        alive[r] = false
        columnCount[v] = 0
        eliminated.append((v32, Int32(r)))
        for j in Int(rowBegin[r]) ..< Int(rowEnd[r]) where j != k { columnCount[Int(reducedColumns[j])] -= 1 }
        let magnitudeOfR = rewrittenMagnitude[r] >= 0 ? rewrittenMagnitude[r] : magnitude(of: Int(reducedOf[r]))
        record?.pointee.pivot(r)
        if keeps { pivotRows.append(Int32(r)) }
        for index in holding.indices {
            let s = Int(holding[index])
            let f = reducedCoefficients[position(of: v32, in: s)] / a
            guard rewrite(s, minus: f, times: r, without: v32, magnitude: magnitudeOfR) else { return false }
        }
        for j in Int(rowBegin[r]) ..< Int(rowEnd[r]) where j != k {
            let u = reducedColumns[j]
            if columnCount[Int(u)] == 1 { queue.append(u) }
        }
        return true
    }

    /// Replaces row `s` by `s − f·r`, which no longer mentions `v`; terms
    /// that cancel (relative to the row's largest) are dropped. False when
    /// `s` is required, loses every term and does not hold.
    private mutating func rewrite(_ s: Int, minus f: Double, times r: Int, without v: Int32, magnitude: Double) -> Bool {
        termCount = 0
        for j in Int(rowBegin[s]) ..< Int(rowEnd[s]) where reducedColumns[j] != v {
            addTerm(reducedColumns[j], reducedCoefficients[j])
        }
        let had = termCount
        for j in Int(rowBegin[r]) ..< Int(rowEnd[r]) where reducedColumns[j] != v {
            addTerm(reducedColumns[j], -f * reducedCoefficients[j])
        }
        // Terms that cancel are judged against the coefficients that went
        // in, not the ones that came out: when every term cancels but for
        // rounding (1e-16), the result's largest is itself rounding.
        var largest = 0.0
        for j in Int(rowBegin[s]) ..< Int(rowEnd[s]) { largest = max(largest, abs(reducedCoefficients[j])) }
        for j in Int(rowBegin[r]) ..< Int(rowEnd[r]) { largest = max(largest, abs(f * reducedCoefficients[j])) }
        let own = rewrittenMagnitude[s] >= 0 ? rewrittenMagnitude[s] : self.magnitude(of: Int(reducedOf[s]))
        rewrittenMagnitude[s] = own + abs(f) * magnitude
        record?.pointee.rewrite(s, f)
        reducedConstants[s] -= f * reducedConstants[r]
        rowBegin[s] = Int32(reducedColumns.count)
        for j in 0 ..< termCount {
            let u = termVariables[j]
            slot[Int(u)] = -1
            let kept = abs(termCoefficients[j]) > 1e-12 * largest
            if kept {
                reducedColumns.append(u)
                reducedCoefficients.append(termCoefficients[j])
            }
            if j < had && !kept {
                columnCount[Int(u)] -= 1
                if columnCount[Int(u)] == 1 { queue.append(u) }
            } else if j >= had && kept {
                columnCount[Int(u)] += 1
                fillRow.append(Int32(s))
                fillNext.append(fillHead[Int(u)])
                fillHead[Int(u)] = Int32(fillRow.count - 1)
            }
        }
        rowEnd[s] = Int32(reducedColumns.count)
        let original = Int(reducedOf[s])
        if rowBegin[s] == rowEnd[s] {
            alive[s] = false
            guard priority(original).isRequired else { return true }
            record?.pointee.rewriteHolds(s, relation(original))
            return Tolerances.holds(reducedConstants[s], relation(original), magnitude: rewrittenMagnitude[s])
        }
        if isPivotRow(s) { candidates.append(Int32(s)) }
        return true
    }

    /// Packs every row's terms in row order again (`reducedStart`), as
    /// the later steps read them.
    private mutating func pack() {
        var start: [Int32] = [0], columns: [Int32] = [], coefficients: [Double] = []
        start.reserveCapacity(reducedOf.count + 1)
        columns.reserveCapacity(reducedColumns.count)
        coefficients.reserveCapacity(reducedColumns.count)
        for r in 0 ..< reducedOf.count {
            for k in Int(rowBegin[r]) ..< Int(rowEnd[r]) {
                columns.append(reducedColumns[k])
                coefficients.append(reducedCoefficients[k])
            }
            start.append(Int32(columns.count))
        }
        reducedStart = start
        reducedColumns = columns
        reducedCoefficients = coefficients
    }

    /// Drops every required inequality that another required inequality of
    /// the same terms (up to a positive factor) implies: of `S ≥ b₁` and
    /// `S ≥ b₂` only the larger bound is kept (the first on a tie). The
    /// rows left have the same feasible points. Layouts write one gap
    /// several ways (`a.left ≥ b.right + 6`, `b.right ≤ a.left − 6`, a
    /// looser `+ 3`), each a row the LP code would otherwise carry.
    ///
    /// A row's shape is its terms ordered by variable and divided by the
    /// first one's coefficient, and its direction after the division. Rows
    /// are found by a hash of the shape (kept between calls, with no
    /// allocation per row) and compared term by term on a hit.
    private mutating func dropDominated() {
        shapeSlots.removeAll(keepingCapacity: true)
        keptShapes.removeAll(keepingCapacity: true)
        for r in 0 ..< reducedOf.count {
            let original = Int(reducedOf[r])
            let rel = relation(original)
            guard alive[r], rel != .equal, priority(original).isRequired, reducedStart[r] < reducedStart[r + 1]
            else { continue }
            let a = Self.loadShape(
                of: r, start: reducedStart, columns: reducedColumns, coefficients: reducedCoefficients,
                into: &shapeTerms)
            // Divided by `a`, the row says `≥ 0` or `≤ 0`.
            let atLeast = (rel == .greaterOrEqual) == (a > 0)
            var hash: UInt64 = atLeast ? 0x9E37_79B9_7F4A_7C15 : 0xC2B2_AE3D_27D4_EB4F
            for (k, (column, ratio)) in shapeTerms.enumerated() {
                hash = Self.mix(hash, UInt64(UInt32(bitPattern: column)))
                // 0 and −0 are one ratio; the first term's ratio is 1.
                if k > 0 { hash = Self.mix(hash, ratio == 0 ? 0 : ratio.bitPattern) }
            }
            // x + Σ ratio·y + k ≥ 0 says x + Σ ratio·y ≥ −k: the bound is −k
            // (≤: the bound is −k from above).
            let bound = -reducedConstants[r] / a
            // Open addressing over the slots: a slot holds a kept shape's
            // index; probing goes on past a slot whose shape differs.
            var slot = Int(truncatingIfNeeded: hash)
            while true {
                guard let kept = shapeSlots[slot] else {
                    shapeSlots[slot] = Int32(keptShapes.count)
                    keptShapes.append((row: r, bound: bound, atLeast: atLeast))
                    break
                }
                let (keptRow, keptBound, keptAtLeast) = keptShapes[Int(kept)]
                let keptScale = Self.loadShape(
                    of: keptRow, start: reducedStart, columns: reducedColumns, coefficients: reducedCoefficients,
                    into: &otherShapeTerms)
                guard keptAtLeast == atLeast, Self.sameTerms(shapeTerms, otherShapeTerms) else {
                    slot &+= 1
                    continue
                }
                let tighter = atLeast ? bound > keptBound : bound < keptBound
                record?.pointee.dominance(r, a, against: keptRow, keptScale, atLeast: atLeast, tighter: tighter)
                let dropped = tighter ? keptRow : r
                if keeps { dominanceRows += [Int32(r), Int32(keptRow)] }
                if tighter { keptShapes[Int(kept)] = (row: r, bound: bound, atLeast: atLeast) }
                alive[dropped] = false
                for k in Int(reducedStart[dropped]) ..< Int(reducedStart[dropped + 1]) {
                    columnCount[Int(reducedColumns[k])] -= 1
                }
                break
            }
        }
    }

    /// Reduced row `r`'s terms (`columns` and `coefficients` from
    /// `start[r]` to `start[r + 1]`) ordered by variable, each coefficient
    /// divided by the first one's, into `terms`; returns the first
    /// coefficient. Static, over the arrays it reads: a method that read
    /// `self` while one of `self`'s arrays was `inout` copied the whole
    /// presolve at every call.
    private static func loadShape(
        of r: Int, start: [Int32], columns: [Int32], coefficients: [Double], into terms: inout [(Int32, Double)]
    ) -> Double {
        terms.removeAll(keepingCapacity: true)
        for k in Int(start[r]) ..< Int(start[r + 1]) {
            // Insertion by variable: rows have a handful of terms.
            let item = (columns[k], coefficients[k])
            var i = terms.count
            terms.append(item)
            while i > 0 && terms[i - 1].0 > item.0 {
                terms[i] = terms[i - 1]
                i -= 1
            }
            terms[i] = item
        }
        let a = terms[0].1
        for i in terms.indices { terms[i].1 = i == 0 ? 1 : terms[i].1 / a }
        return a
    }

    private static func sameTerms(_ x: [(Int32, Double)], _ y: [(Int32, Double)]) -> Bool {
        guard x.count == y.count else { return false }
        for i in x.indices where x[i].0 != y[i].0 || x[i].1 != y[i].1 { return false }
        return true
    }

    /// One step of a 64-bit hash (multiply, xor-shift).
    @inline(__always)
    private static func mix(_ h: UInt64, _ x: UInt64) -> UInt64 {
        var z = (h ^ x) &* 0xBF58_476D_1CE4_E5B9
        z ^= z >> 31
        return z &* 0x94D0_49BB_1331_11EB
    }

    // MARK: - Parts

    /// Splits the rows still alive into independent parts and solves each:
    /// one variable by ``IntervalProgram``, more by the simplex core. False
    /// on a conflict. For a `large` component the split's scratch is given
    /// back once the parts are listed.
    private mutating func solveParts(core: SimplexCore, counts: inout Counts, large: Bool) -> Bool {
        let n = globalOf.count
        Self.refill(&value, count: n) { _ in 0 }
        let m = reducedOf.count
        // Parts by union-find over the representatives (`partOf` as parents),
        // numbered in order of first row, and their rows grouped (stable, so
        // each part keeps the component's row order). The loops run once a
        // row and write through pointers (an element write checks the
        // buffer's uniqueness).
        Self.refill(&partOf, count: n) { Int32($0) }
        Self.refill(&partNumber, count: n) { _ in -1 }
        Self.refill(&partOfRow, count: m) { _ in -1 }
        var partCount = 0
        partOf.withUnsafeMutableBufferPointer { partOf in
        partNumber.withUnsafeMutableBufferPointer { partNumber in
        partOfRow.withUnsafeMutableBufferPointer { partOfRow in
        alive.withUnsafeBufferPointer { alive in
        reducedStart.withUnsafeBufferPointer { start in
        reducedColumns.withUnsafeBufferPointer { columns in
            func root(_ x: Int32) -> Int32 {
                var x = x
                while partOf[Int(x)] != x {
                    partOf[Int(x)] = partOf[Int(partOf[Int(x)])]
                    x = partOf[Int(x)]
                }
                return x
            }
            for r in 0 ..< m where alive[r] {
                let first = root(columns[Int(start[r])])
                for k in Int(start[r]) + 1 ..< Int(start[r + 1]) {
                    let other = root(columns[k])
                    if other != first { partOf[Int(other)] = first }
                }
            }
            for r in 0 ..< m where alive[r] {
                let p = Int(root(columns[Int(start[r])]))
                if partNumber[p] < 0 {
                    partNumber[p] = Int32(partCount)
                    partCount += 1
                }
                partOfRow[r] = partNumber[p]
            }
        }
        }
        }
        }
        }
        }
        Self.refill(&partStart, count: partCount + 1) { _ in 0 }
        partStart.withUnsafeMutableBufferPointer { partStart in
        partOfRow.withUnsafeBufferPointer { partOfRow in
            for r in 0 ..< m where partOfRow[r] >= 0 { partStart[Int(partOfRow[r]) + 1] += 1 }
            for p in 0 ..< partCount { partStart[p + 1] += partStart[p] }
        }
        }
        Self.refill(&partRows, count: Int(partStart[partCount])) { _ in 0 }
        partRows.withUnsafeMutableBufferPointer { partRows in
        partOfRow.withUnsafeBufferPointer { partOfRow in
            var cursor = Array(partStart)
            cursor.withUnsafeMutableBufferPointer { cursor in
                for r in 0 ..< m where partOfRow[r] >= 0 {
                    let p = Int(partOfRow[r])
                    partRows[Int(cursor[p])] = Int32(r)
                    cursor[p] += 1
                }
            }
        }
        }
        // The split is made: its union-find and row numbering are not read
        // again (but by a later `resolve`, for the numbering).
        Self.release(&partOf, if: large)
        Self.release(&partNumber, if: large)
        Self.release(&partOfRow, if: large && !keeps)
        if coreColumn.count < n { Self.refill(&coreColumn, count: n) { _ in -1 } }
        // The one-variable solver's buffers, held outside self while its row
        // accessors read self.
        var program = IntervalProgram()
        swap(&program, &interval)
        defer { swap(&program, &interval) }
        program.forgetAll()
        // (The kept presolve's arrays, not the presolve: an optional
        // struct's method copies the whole struct at every call.)
        var old: (values: [Double], constants: [Double])? = nil
        if let previous, sameParts(as: previous) {
            old = (previous.presolve.value, previous.presolve.reducedConstants)
        }
        for p in 0 ..< partCount {
            if let old, let v = unchangedPart(p, constants: old.constants) {
                value[v] = old.values[v]
                counts.intervalParts += 1
                continue
            }
            guard solvePart(p, program: &program, core: core, counts: &counts, keepingLevels: keeps) else {
                return false
            }
        }
        return true
    }

    /// Whether this presolve, its parts split, has the reduced rows (terms
    /// to the bit), the variables and the parts of `other` (a kept one).
    private func sameParts(as kept: Kept) -> Bool {
        // Byte for byte (coefficients by their bits).
        func same<T>(_ a: [T], _ b: [T]) -> Bool {
            a.count == b.count && a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
            }
        }
        let other = kept.presolve
        return same(globalOf, other.globalOf) && same(reducedOf, other.reducedOf) && same(alive, other.alive)
            && same(reducedStart, other.reducedStart) && same(reducedColumns, other.reducedColumns)
            && same(reducedCoefficients, other.reducedCoefficients) && same(partStart, other.partStart)
            && same(partRows, other.partRows) && value.count == other.value.count
    }

    /// The variable of part `p` when the part is of one variable and every
    /// row of it has the reduced constant it had in a kept presolve of the
    /// same parts (``sameParts(as:)``, its constants `constants`): the
    /// one-variable program reads nothing else, so solving it again would
    /// give the kept value's bits. Nil otherwise.
    private func unchangedPart(_ p: Int, constants: [Double]) -> Int? {
        let rows = partRows[Int(partStart[p]) ..< Int(partStart[p + 1])]
        for r32 in rows {
            let r = Int(r32)
            guard reducedStart[r + 1] - reducedStart[r] == 1,
                  reducedConstants[r].bitPattern == constants[r].bitPattern
            else { return nil }
        }
        return Int(reducedColumns[Int(reducedStart[Int(rows.first!)])])
    }

    /// Solves part `p` of ``solveParts(core:counts:large:)``'s split: one variable
    /// by `program`, more by ``largePartSolver`` or the simplex core. False
    /// on a conflict. `keepingLevels` (a solve that keeps its presolve, or
    /// a resolve of one) has `program` keep a one-variable part's levels for
    /// a resolve that moves only its required rows.
    @inline(__always)
    private mutating func solvePart(
        _ p: Int, program: inout IntervalProgram, core: SimplexCore, counts: inout Counts, keepingLevels: Bool
    ) -> Bool {
        let rows = partRows[Int(partStart[p]) ..< Int(partStart[p + 1])]
        // One variable: every row of the part has exactly one term on it.
        let v = Int(reducedColumns[Int(reducedStart[Int(rows.first!)])])
        let single = rows.allSatisfy { reducedStart[Int($0) + 1] - reducedStart[Int($0)] == 1 }
        if single {
            let result = program.solve(
                count: rows.count,
                a: { reducedCoefficients[Int(reducedStart[Int(rows[rows.startIndex + $0])])] },
                c: { reducedConstants[Int(rows[rows.startIndex + $0])] },
                relation: { relation(Int(reducedOf[Int(rows[rows.startIndex + $0])])) },
                priority: { priority(Int(reducedOf[Int(rows[rows.startIndex + $0])])) },
                keeping: keepingLevels ? Int32(p) : nil)
            guard case .success(let x) = result else { return false }
            value[v] = x
            counts.intervalParts += 1
            return true
        }
        if solveLarge(rows, counts: &counts) { return true }
        return solveInCore(rows, core: core, counts: &counts)
    }

    /// Solves one part with ``largePartSolver`` when it has at least
    /// ``largePartThreshold`` variables; false (nothing written) when it is
    /// smaller, or the LP code gives no answer.
    private mutating func solveLarge(_ rows: ArraySlice<Int32>, counts: inout Counts) -> Bool {
        guard let solver = largePartSolver else { return false }
        used.removeAll(keepingCapacity: true)
        defer { for v in used { coreColumn[Int(v)] = -1 } }
        for r in rows {
            for k in Int(reducedStart[Int(r)]) ..< Int(reducedStart[Int(r) + 1]) {
                let v = Int(reducedColumns[k])
                if coreColumn[v] < 0 {
                    coreColumn[v] = Int32(used.count)
                    used.append(Int32(v))
                }
            }
        }
        guard used.count >= largePartThreshold else { return false }
        var termCount = 0
        for r in rows { termCount += Int(reducedStart[Int(r) + 1] - reducedStart[Int(r)]) }
        var part = LinearPart(
            variableCount: used.count, rowStart: [0], columns: [], coefficients: [], constants: [], relations: [],
            priorities: [])
        part.rowStart.reserveCapacity(rows.count + 1)
        part.columns.reserveCapacity(termCount)
        part.coefficients.reserveCapacity(termCount)
        part.constants.reserveCapacity(rows.count)
        part.relations.reserveCapacity(rows.count)
        part.priorities.reserveCapacity(rows.count)
        for r in rows {
            for k in Int(reducedStart[Int(r)]) ..< Int(reducedStart[Int(r) + 1]) {
                part.columns.append(coreColumn[Int(reducedColumns[k])])
                part.coefficients.append(reducedCoefficients[k])
            }
            part.rowStart.append(Int32(part.columns.count))
            part.constants.append(reducedConstants[Int(r)])
            let original = Int(reducedOf[Int(r)])
            part.relations.append(relation(original))
            part.priorities.append(priority(original))
        }
        // The part's rows are now in `part`: the presolve's own copy of
        // their terms is given back while the LP code works (it would be
        // held twice), and put back only when the tableau must solve them.
        let givenBack = giveBackTerms(of: rows, count: termCount)
        let cut = solveCut(part)
        let oneSided = cut == nil ? solveOneSided(part) : nil
        guard let x = cut?.values ?? oneSided?.values ?? solver.solve(part), x.count == used.count,
              x.allSatisfy(\.isFinite), Self.holdsRequiredRows(of: part, at: x)
        else {
            if givenBack { putBackTerms(of: rows, from: part) }
            return false
        }
        for (j, v) in used.enumerated() { value[Int(v)] = x[j] }
        if let cut {
            // What solved the pieces (which may have been cut again).
            counts.cutParts += 1
            counts.cutPieces += cut.pieces
            Self.count(cut.stats, in: &counts)
        } else if let oneSided {
            counts.oneSidedParts += 1
            for stats in oneSided.stats { Self.count(stats, in: &counts) }
        } else {
            counts.largeParts += 1
            counts.largeVariables += used.count
        }
        return true
    }

    /// Adds what a solve of a large part's pieces counted (see
    /// ``solveCut(_:)``, ``solveOneSided(_:)``).
    private static func count(_ stats: SolveStats, in counts: inout Counts) {
        counts.cutParts += stats.cutParts
        counts.cutPieces += stats.cutPieces
        counts.oneSidedParts += stats.oneSidedParts
        counts.largeParts += stats.largeParts
        counts.largeVariables += stats.largePartVariables
        counts.simplexParts += stats.simplexComponents
        counts.simplexVariables += stats.simplexVariables
        counts.largestSimplexPart = max(counts.largestSimplexPart, stats.largestSimplexComponent)
    }

    /// Whether every required row of `part` holds at `x` as Plumb measures
    /// it (trust, but check: when one does not, the tableau solves the part
    /// after all).
    private static func holdsRequiredRows(of part: LinearPart, at x: [Double]) -> Bool {
        for i in 0 ..< part.rowCount where part.priorities[i].isRequired {
            var s = part.constants[i], magnitude = abs(s)
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                let t = part.coefficients[k] * x[Int(part.columns[k])]
                s += t
                magnitude += abs(t)
            }
            let slack = Tolerances.feasibility * max(1, magnitude)
            switch part.relations[i] {
            case .equal: if abs(s) > slack { return false }
            case .lessOrEqual: if s > slack { return false }
            case .greaterOrEqual: if s < -slack { return false }
            }
        }
        return true
    }

    /// Parts with fewer terms than this keep their reduced rows' terms
    /// while the LP code solves them (see ``giveBackTerms(of:count:)``).
    static let smallestTermsGivenBack = 1 << 16

    /// For the tests: another ``smallestTermsGivenBack``, and how many
    /// parts gave their terms back and had them put back, in the solves
    /// made on this task (one thread).
    final class TermsGivenBack: @unchecked Sendable {
        let smallest: Int
        var parts = 0, putBack = 0
        init(smallest: Int) { self.smallest = smallest }
    }

    @TaskLocal static var termsGivenBack: TermsGivenBack? = nil

    /// Drops the terms of reduced rows `rows` (one part's, `count` terms in
    /// all) from `reducedColumns` and `reducedCoefficients`, which are
    /// packed again without them in new arrays of the size left: the rows
    /// keep their numbers and are left empty. Done, and true, only when
    /// nothing reads those terms again unless ``putBackTerms(of:from:)``
    /// puts them back: in a solve that keeps nothing for a later `resolve`
    /// and records no tape (both read the reduced rows again, see
    /// `givesTermsBack`), for a part of at least
    /// ``smallestTermsGivenBack`` terms that holds at least half of the
    /// terms left (so the terms are copied at most about twice over all the
    /// parts of a component).
    private mutating func giveBackTerms(of rows: ArraySlice<Int32>, count: Int) -> Bool {
        let m = reducedOf.count, total = Int(reducedStart[m])
        let probe = Self.termsGivenBack
        guard givesTermsBack, count >= probe?.smallest ?? Self.smallestTermsGivenBack, 2 * count >= total
        else { return false }
        probe?.parts += 1
        var dropped = [Bool](repeating: false, count: m)
        for r in rows { dropped[Int(r)] = true }
        Self.repackTerms(&reducedStart, &reducedColumns, &reducedCoefficients, rows: m, capacity: total - count) {
            r, old, oldColumns, oldCoefficients, columns, coefficients in
            guard !dropped[r] else { return }
            for k in old {
                columns.append(oldColumns[k])
                coefficients.append(oldCoefficients[k])
            }
        }
        return true
    }

    /// Puts back the terms ``giveBackTerms(of:count:)`` dropped for `rows`,
    /// from `part` (made of those rows, its variables numbered by
    /// `coreColumn` and listed in `used`): the reduced rows as they were,
    /// term for term.
    private mutating func putBackTerms(of rows: ArraySlice<Int32>, from part: LinearPart) {
        let m = reducedOf.count
        Self.termsGivenBack?.putBack += 1
        var rowInPart = [Int32](repeating: -1, count: m)
        for (i, r) in rows.enumerated() { rowInPart[Int(r)] = Int32(i) }
        let used = self.used
        Self.repackTerms(&reducedStart, &reducedColumns, &reducedCoefficients, rows: m,
                         capacity: Int(reducedStart[m]) + part.columns.count) {
            r, old, oldColumns, oldCoefficients, columns, coefficients in
            let i = Int(rowInPart[r])
            if i >= 0 {
                for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                    columns.append(used[Int(part.columns[k])])
                    coefficients.append(part.coefficients[k])
                }
            } else {
                for k in old {
                    columns.append(oldColumns[k])
                    coefficients.append(oldCoefficients[k])
                }
            }
        }
    }

    /// Packs the terms of the first `rows` reduced rows again, row by row,
    /// into new arrays with room for `capacity` terms: `write(r, old, oldColumns,
    /// oldCoefficients, &columns, &coefficients)` appends row `r`'s terms,
    /// `old` being where the row's terms sit in the old arrays. The rows
    /// keep their numbers; `starts` follows.
    private static func repackTerms(
        _ starts: inout [Int32], _ columns: inout [Int32], _ coefficients: inout [Double], rows: Int, capacity: Int,
        _ write: (Int, Range<Int>, [Int32], [Double], inout [Int32], inout [Double]) -> Void
    ) {
        var newColumns: [Int32] = [], newCoefficients: [Double] = []
        newColumns.reserveCapacity(capacity)
        newCoefficients.reserveCapacity(capacity)
        var from = 0
        for r in 0 ..< rows {
            let end = Int(starts[r + 1])
            write(r, from ..< end, columns, coefficients, &newColumns, &newCoefficients)
            from = end
            starts[r + 1] = Int32(newColumns.count)
        }
        columns = newColumns
        coefficients = newCoefficients
    }

    /// Solves `part` by its cuts when it has some (see `TranslationSplit`),
    /// none of its pieces has more than half its variables and the pieces
    /// have `TranslationSplit.smallestMeanPiece` variables on average; nil
    /// otherwise, or when the pieces have no answer.
    private func solveCut(_ part: LinearPart) -> (values: [Double], stats: SolveStats, pieces: Int)? {
        guard translationSplit, let solver = largePartSolver, let split = TranslationSplit(part),
              2 * split.largestPiece <= part.variableCount,
              part.variableCount >= TranslationSplit.smallestMeanPiece * (split.cutCount + 1),
              let solved = split.solve(with: solver, threshold: largePartThreshold)
        else { return nil }
        return (solved.values, solved.stats, split.cutCount + 1)
    }

    /// Solves `part` by its one-sided split when it has one (see
    /// `OneSidedSplit`); nil otherwise, or when the split's solves have no
    /// answer.
    private func solveOneSided(_ part: LinearPart) -> (values: [Double], stats: [SolveStats])? {
        guard oneSidedSplit, let solver = largePartSolver, let split = OneSidedSplit(part) else { return nil }
        return split.solve(part, with: solver, threshold: largePartThreshold, threads: oneSidedThreads)
    }

    /// Solves one part of several variables with the simplex core.
    private mutating func solveInCore(_ rows: ArraySlice<Int32>, core: SimplexCore, counts: inout Counts) -> Bool {
        core.reset(variableCount: 0)
        used.removeAll(keepingCapacity: true)
        // Left all -1 on failure too: the presolve is reused for the next component.
        defer { for v in used { coreColumn[Int(v)] = -1 } }
        for r32 in rows {
            let r = Int(r32)
            terms.removeAll(keepingCapacity: true)
            for k in Int(reducedStart[r]) ..< Int(reducedStart[r + 1]) {
                let v = Int(reducedColumns[k])
                if coreColumn[v] < 0 {
                    coreColumn[v] = core.addVariables(1)
                    used.append(Int32(v))
                }
                terms.append((coreColumn[v], reducedCoefficients[k]))
            }
            let original = Int(reducedOf[r])
            do {
                _ = try core.add(
                    terms: terms, constant: reducedConstants[r], relation: relation(original),
                    priority: priority(original), tag: tags[original])
            } catch {
                return false
            }
        }
        for v in used { value[Int(v)] = core.value(of: coreColumn[Int(v)]) }
        counts.simplexParts += 1
        counts.simplexVariables += used.count
        counts.largestSimplexPart = max(counts.largestSimplexPart, used.count)
        return true
    }

    /// Computes the eliminated variables from their rows, last eliminated first.
    private mutating func eliminateBack() {
        for (v, row) in eliminated.reversed() { computeEliminated(v, from: row) }
    }

    /// Computes eliminated variable `v` from reduced row `row`, at the
    /// values of the row's other variables.
    @inline(__always)
    private mutating func computeEliminated(_ v32: Int32, from row32: Int32) {
        let v = Int(v32), row = Int(row32)
        var rest = reducedConstants[row], own = 0.0
        for k in Int(reducedStart[row]) ..< Int(reducedStart[row + 1]) {
            let u = Int(reducedColumns[k])
            if u == v { own = reducedCoefficients[k] } else { rest += reducedCoefficients[k] * value[u] }
        }
        value[v] = -rest / own
    }
}

// MARK: - Replay

/// What ``ComponentPresolve``'s substitution of a row writes down of its
/// constant's terms: nothing (``NoTerms``), or the tape's operations.
private protocol TermRecorder {
    func begin(_ row: Int)
    func term(_ a: Double, offsetOf i: Int32)
    func termFixed(_ a: Double, _ s: Double, offsetOf i: Int32, root: Int32)
}

private struct NoTerms: TermRecorder {
    @inline(__always) func begin(_ row: Int) {}
    @inline(__always) func term(_ a: Double, offsetOf i: Int32) {}
    @inline(__always) func termFixed(_ a: Double, _ s: Double, offsetOf i: Int32, root: Int32) {}
}

private struct TermTape: TermRecorder {
    let storage: UnsafeMutablePointer<ComponentPresolve.Tape.Storage>
    init(_ storage: UnsafeMutablePointer<ComponentPresolve.Tape.Storage>) { self.storage = storage }
    @inline(__always) func begin(_ row: Int) { storage.pointee.begin(row) }
    @inline(__always) func term(_ a: Double, offsetOf i: Int32) { storage.pointee.term(a, offsetOf: i) }
    @inline(__always) func termFixed(_ a: Double, _ s: Double, offsetOf i: Int32, root: Int32) {
        storage.pointee.termFixed(a, s, offsetOf: i, root: root)
    }
}

extension ComponentPresolve {
    /// The operations a ``ComponentPresolve/solve(_:system:state:values:localIndex:core:recording:)``
    /// made on the component's constants, in order, and the structure it
    /// left for the parts, so that the component can be solved again at
    /// other constants (an intrinsic size, a root width) by doing only the
    /// arithmetic on constants, bit for bit as a fresh presolve does it.
    ///
    /// What the presolve decides from the coefficients alone (which rows
    /// aggregate, the scales of the union-find, which variables are
    /// singletons or pivots, which terms cancel, how the rows fall into
    /// parts) does not depend on the constants, so it is kept. What depends
    /// on them is written down as a check with the outcome seen: a required
    /// row left without unknowns holding, a pair of opposite bounds not
    /// being one equality (their bounds differ), which of two parallel
    /// inequalities is the tighter, a fixed value being a number. A replay
    /// whose check comes out otherwise stops, and the caller runs the whole
    /// presolve (recording a new tape). The parts are solved by the same
    /// code as in a fresh presolve, on the kept structure and the new
    /// constants. A tape is only made when the pass over opposite bounds
    /// paired nothing (`followable`); otherwise the component is always
    /// presolved whole.
    ///
    /// The tape is one stream of words, each operation a word of its code
    /// and first operand (``Op``) and then its other operands (indices, or
    /// numbers by their bits), written through a pointer held by the tape
    /// (so a recording presolve pays an append a word, no access check).
    final class Tape {
        /// The registers the operations work on: `K` the rows' constants
        /// with their determined terms, `O` the offsets and `F` the fixed
        /// values of the union-find, `RC` the reduced rows' constants and
        /// `M` their magnitudes, `c` the row being substituted.
        enum Op: UInt8 {
            /// `c = K[row]`. [op|row]
            case begin
            /// `c += a·o`, `o = O[i]` or 0 for `i = −1`. [op|i] [a]
            case term
            /// `c += a·(s·F[root] + o)`. [op|i] [root] [a] [s]
            case termFixed
            /// `O[node] = s·O[up] + O[node]`. [op|node] [up] [s]
            case compress
            /// `F[v] = −c / a`, a number. [op|v] [a]
            case fix
            /// `O[v] = −c / a`. [op|v] [a]
            case link
            /// `c ⋈ 0` holds against local row `row`'s magnitude. [op|row|relation]
            case holds
            /// The next bound key's constant `c / a`. [op] [a]
            case key
            /// The pairs of opposite keys of one shape have different constants. [op]
            case keyGuards
            /// `RC[m] = c`. [op|m]
            case reduced
            /// Reduced row `r` (first coefficient `a`) against `kept`: the
            /// same one is the tighter. [op|r|flags] [kept] [a] [a of kept]
            case dominance
            /// A pivot on reduced row `r`: its magnitude taken. [op|r]
            case pivot
            /// `RC[s] −= f·RC[r]`, `M[s]` updated. [op|s] [f]
            case rewrite
            /// A required reduced row a pivot emptied holds. [op|s|relation]
            case rewriteHolds
            /// `values[global[i]] = s·x[root] + o`. [op|i] [root] [s]
            case out
        }

        /// What a tape holds, at a fixed address (``storage``).
        struct Storage {
            /// The stream: `count` words of a buffer of `capacity` (grown by
            /// doubling; freed with the tape).
            fileprivate var words = UnsafeMutablePointer<UInt64>.allocate(capacity: 64)
            fileprivate var count = 0
            fileprivate var capacity = 64
            /// Where the parts are solved: the first word after it.
            fileprivate var partsAt = 0
            /// Whether the tape may be replayed (the solve succeeded, on a path it follows).
            fileprivate var valid = false
            fileprivate var followable = true
            // Bound keys of this pass by shape (the constant zeroed), and the
            // pairs of opposite direction whose constants must differ.
            fileprivate var keyCount: Int32 = 0
            fileprivate var keyShapes: [BoundKey: [Int32]] = [:]
            fileprivate var keyPairs: [Int32] = []
            /// The presolve as it was when the parts were about to be
            /// solved: the structure they are solved on (the reduced rows,
            /// which are alive, the eliminations, each local variable's
            /// system variable), and its own scratch, which a replay reuses.
            fileprivate var kept: ComponentPresolve? = nil
            fileprivate var aggregated = 0

            fileprivate mutating func reset(reserving words: Int) {
                count = 0
                while capacity < words { grow() }
                valid = false
                followable = true
                keyCount = 0
                keyShapes = [:]
                keyPairs.removeAll(keepingCapacity: true)
            }

            @inline(__always)
            private mutating func append(_ w: UInt64) {
                if count == capacity { grow() }
                words[count] = w
                count += 1
            }
            private mutating func grow() {
                let larger = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * capacity)
                larger.moveInitialize(from: words, count: count)
                words.deallocate()
                words = larger
                capacity *= 2
            }
            @inline(__always)
            private mutating func op(_ op: Op, _ x: Int32 = 0, _ y: UInt8 = 0) {
                append(UInt64(op.rawValue) | UInt64(UInt32(bitPattern: x)) << 8 | UInt64(y) << 40)
            }
            @inline(__always)
            private mutating func word(_ x: Int32) { append(UInt64(UInt32(bitPattern: x))) }
            @inline(__always)
            private mutating func word(_ x: Double) { append(x.bitPattern) }

            fileprivate mutating func begin(_ row: Int) { op(.begin, Int32(row)) }
            fileprivate mutating func term(_ a: Double, offsetOf i: Int32) {
                op(.term, i)
                word(a)
            }
            fileprivate mutating func termFixed(_ a: Double, _ s: Double, offsetOf i: Int32, root: Int32) {
                op(.termFixed, i)
                word(root)
                word(a)
                word(s)
            }
            fileprivate mutating func compress(_ node: Int, _ up: Int, _ s: Double) {
                op(.compress, Int32(node))
                word(Int32(up))
                word(s)
            }
            fileprivate mutating func fix(_ v: Int32, _ a: Double) {
                op(.fix, v)
                word(a)
            }
            fileprivate mutating func link(_ v: Int, _ a: Double) {
                op(.link, Int32(v))
                word(a)
            }
            fileprivate mutating func holds(_ row: Int, _ relation: Relation) {
                op(.holds, Int32(row), relation.rawValue)
            }
            fileprivate mutating func key(_ a: Double) {
                op(.key)
                word(a)
            }
            /// The key just computed (by ``key(_:)``): listed by its shape.
            fileprivate mutating func noteKey(_ key: BoundKey) {
                var shape = key
                shape.constant = 0
                keyShapes[shape, default: []].append(keyCount)
                keyCount += 1
            }
            /// The end of a pass over opposite bounds: the pairs of opposite
            /// direction and one shape, whose constants differed (or they
            /// would have been paired), must differ at a replay too.
            fileprivate mutating func closeKeys() {
                for (shape, list) in keyShapes where shape.atLeast {
                    var opposite = shape
                    opposite.atLeast = false
                    guard let others = keyShapes[opposite] else { continue }
                    for a in list {
                        for b in others {
                            keyPairs.append(a)
                            keyPairs.append(b)
                        }
                    }
                }
                // Many bounds of one shape both ways: not worth checking pair by pair.
                if keyPairs.count > 8 * Int(keyCount) + 64 { followable = false }
                op(.keyGuards)
                keyShapes = [:]
            }
            fileprivate mutating func reduced(_ m: Int) { op(.reduced, Int32(m)) }
            fileprivate mutating func dominance(
                _ r: Int, _ a: Double, against kept: Int, _ keptScale: Double, atLeast: Bool, tighter: Bool
            ) {
                op(.dominance, Int32(r), (atLeast ? 1 : 0) | (tighter ? 2 : 0))
                word(Int32(kept))
                word(a)
                word(keptScale)
            }
            fileprivate mutating func pivot(_ r: Int) { op(.pivot, Int32(r)) }
            fileprivate mutating func rewrite(_ s: Int, _ f: Double) {
                op(.rewrite, Int32(s))
                word(f)
            }
            fileprivate mutating func rewriteHolds(_ s: Int, _ relation: Relation) {
                op(.rewriteHolds, Int32(s), relation.rawValue)
            }
            fileprivate mutating func out(_ i: Int, root: Int32, _ s: Double) {
                op(.out, Int32(i))
                word(root)
                word(s)
            }

            /// Keeps the structure the parts are solved on, and marks where they are solved.
            fileprivate mutating func keep(_ presolve: ComponentPresolve, aggregated: Int) {
                partsAt = count
                kept = presolve
                // Not the tape (a cycle), nor the system (its constants would
                // be copied at the next change).
                kept!.recording = nil
                kept!.previous = nil
                kept!.system = ConstraintSystem()
                kept!.state = []
                self.aggregated = aggregated
            }
        }

        let storage: UnsafeMutablePointer<Storage>

        init() {
            storage = .allocate(capacity: 1)
            storage.initialize(to: Storage())
        }

        deinit {
            storage.pointee.words.deallocate()
            storage.deinitialize(count: 1)
            storage.deallocate()
        }

        /// Whether the tape may be replayed.
        var valid: Bool { storage.pointee.valid }
    }

    /// What a replay came to.
    enum Replayed {
        /// Solved, as a fresh presolve would have: its counts.
        case solved(Counts)
        /// The presolve cannot finish the component (as a fresh one could
        /// not): the caller gives it to the whole tableau.
        case notHandled
        /// A decision that depends on the constants came out otherwise than
        /// when the tape was made: the caller presolves the component whole.
        case diverged
    }

    /// Solves the component a valid `tape` was recorded on again at the
    /// current constants and values of the determined variables: what
    /// ``solve(_:system:state:values:localIndex:core:recording:)`` would
    /// give, bit for bit (values written and counts), or `.diverged` (nothing
    /// written) when one of its decisions would differ.
    /// The presolve kept on the tape (its structure and scratch) runs the
    /// replay.
    static func replay(
        _ tape: Tape, system: ConstraintSystem, state: [Planner.State], values: UnsafeMutableBufferPointer<Double>,
        core: SimplexCore
    ) -> Replayed {
        precondition(tape.valid, "replaying a tape that was not finished")
        let taped = tape.storage
        return taped.pointee.kept!.replay(taped, system: system, state: state, values: values, core: core)
    }

    private mutating func replay(
        _ taped: UnsafeMutablePointer<Tape.Storage>, system: ConstraintSystem, state: [Planner.State],
        values: UnsafeMutableBufferPointer<Double>, core: SimplexCore
    ) -> Replayed {
        holding(system, state, values) { $0.replayHeld(taped, values: values, core: core) }
    }

    /// Holds the system, the variables' states and their values for `body`,
    /// as ``solve(_:system:state:values:localIndex:core:recording:keeping:)``
    /// holds them (rows are read from the system), then lets them go.
    private mutating func holding<R>(
        _ system: ConstraintSystem, _ state: [Planner.State], _ values: UnsafeMutableBufferPointer<Double>,
        _ body: (inout Self) -> R
    ) -> R {
        (self.system, self.state, known) = (system, state, values)
        defer { (self.system, self.state) = (ConstraintSystem(), []) }
        return body(&self)
    }

    /// ``replay(_:system:state:values:core:)`` with the system held.
    private mutating func replayHeld(
        _ taped: UnsafeMutablePointer<Tape.Storage>, values: UnsafeMutableBufferPointer<Double>, core: SimplexCore
    ) -> Replayed {
        let n = globalOf.count, m = reducedOf.count
        // The rows' constants, added up in `load`'s order.
        constants.resize(to: tags.count, filling: 0)
        for (i, r32) in tags.enumerated() { constants[i] = loadedConstant(ofSystemRow: Int(r32), values: values) }
        Self.refill(&offset, count: n) { _ in 0 }
        Self.refill(&fixedValue, count: n) { _ in .nan }
        Self.refill(&reducedConstants, count: m) { _ in 0 }
        Self.refill(&rewrittenMagnitude, count: m) { _ in -1 }
        var keys: [Double] = []
        let partsAt = taped.pointee.partsAt
        guard follow(taped, 0 ..< partsAt, keys: &keys, values: values) else { return .diverged }
        var counts = Counts()
        counts.aggregated = taped.pointee.aggregated
        guard solveParts(core: core, counts: &counts, large: false) else { return .notHandled }
        eliminateBack()
        counts.eliminated = eliminated.count
        _ = follow(taped, partsAt ..< taped.pointee.count, keys: &keys, values: values)
        return .solved(counts)
    }

    /// Runs the tape's words `range` on the registers (see ``Tape/Op``),
    /// held in the presolve's own arrays; false at the first check that
    /// comes out otherwise than when recorded.
    private mutating func follow(
        _ tape: UnsafeMutablePointer<Tape.Storage>, _ range: Range<Int>, keys: inout [Double],
        values: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
        // Moved out of self while their pointers are held (the checks read self).
        var K = constants, O = offset, F = fixedValue, RC = reducedConstants, M = rewrittenMagnitude
        let X = value
        constants = []; offset = []; fixedValue = []; reducedConstants = []; rewrittenMagnitude = []; value = []
        defer {
            constants = K; offset = O; fixedValue = F; reducedConstants = RC; rewrittenMagnitude = M; value = X
        }
        let keyPairs = tape.pointee.keyPairs
        let words = tape.pointee.words
        return K.withUnsafeMutableBufferPointer { K in
        O.withUnsafeMutableBufferPointer { O in
        F.withUnsafeMutableBufferPointer { F in
        RC.withUnsafeMutableBufferPointer { RC in
        M.withUnsafeMutableBufferPointer { M in
        X.withUnsafeBufferPointer { X in
        globalOf.withUnsafeBufferPointer { globalOf in
            var c = 0.0, pivotRow = 0, pivotMagnitude = 0.0
            var at = range.lowerBound
            @inline(__always) func int() -> Int {
                defer { at += 1 }
                return Int(Int32(bitPattern: UInt32(truncatingIfNeeded: words[at])))
            }
            @inline(__always) func real() -> Double {
                defer { at += 1 }
                return Double(bitPattern: words[at])
            }
            while at < range.upperBound {
                let w = words[at]
                at += 1
                let x = Int(Int32(bitPattern: UInt32(truncatingIfNeeded: w >> 8)))
                let y = UInt8(truncatingIfNeeded: w >> 40)
                switch Tape.Op(rawValue: UInt8(truncatingIfNeeded: w))! {
                case .begin:
                    c = K[x]
                case .term:
                    let a = real()
                    c += a * (x < 0 ? 0 : O[x])
                case .termFixed:
                    let root = int(), a = real(), s = real()
                    c += a * (s * F[root] + (x < 0 ? 0 : O[x]))
                case .compress:
                    let up = int(), s = real()
                    O[x] = s * O[up] + O[x]
                case .fix:
                    F[x] = -c / real()
                    if F[x].isNaN { return false }
                case .link:
                    O[x] = -c / real()
                case .holds:
                    if !holds(c, Relation(rawValue: y)!, row: x) { return false }
                case .key:
                    keys.append(c / real())
                case .keyGuards:
                    for p in stride(from: 0, to: keyPairs.count, by: 2)
                    where keys[Int(keyPairs[p])] == keys[Int(keyPairs[p + 1])] {
                        return false
                    }
                case .reduced:
                    RC[x] = c
                case .dominance:
                    let kept = int(), a = real(), keptScale = real()
                    let bound = -RC[x] / a, keptBound = -RC[kept] / keptScale
                    let tighter = y & 1 != 0 ? bound > keptBound : bound < keptBound
                    if tighter != (y & 2 != 0) { return false }
                case .pivot:
                    pivotRow = x
                    pivotMagnitude = M[x] >= 0 ? M[x] : magnitude(of: Int(reducedOf[x]))
                case .rewrite:
                    let f = real()
                    let own = M[x] >= 0 ? M[x] : magnitude(of: Int(reducedOf[x]))
                    M[x] = own + abs(f) * pivotMagnitude
                    RC[x] -= f * RC[pivotRow]
                case .rewriteHolds:
                    if !Tolerances.holds(RC[x], Relation(rawValue: y)!, magnitude: M[x]) { return false }
                case .out:
                    let root = int(), s = real()
                    let v = F[root].isNaN ? X[root] : F[root]
                    values[Int(globalOf[x])] = s * v + (x == root ? 0 : O[x])
                }
            }
            return true
        }
        }
        }
        }
        }
        }
        }
    }
}

// MARK: - Solved again after optional rows (or required rows out of every decision) changed

extension ComponentPresolve {
    /// A component's presolve as its last whole solve left it (made with
    /// `keeping`, taken by ``handOver(_:)``): the union-find with its scales
    /// and offsets, the reduced rows and their constants, the eliminations,
    /// the parts and their values. Nothing is recorded while it solves: what
    /// is kept is what the presolve had made anyway.
    ///
    /// When only optional rows of the component changed (an intrinsic size's
    /// hugging and resistance rows), no decision of the presolve depends on
    /// their constants: aggregation reads required equalities, the checks
    /// that rows hold read required rows, the dominance between parallel
    /// inequalities required inequalities, and pivots are made on required
    /// equalities. Every offset of the union-find, every fixed value and
    /// every other reduced row's constant is then what a fresh presolve
    /// computes, to the bit. ``resolve(_:rows:system:state:values:core:tally:)``
    /// computes the changed rows' reduced constants with the fresh
    /// presolve's operations (the row's constant with its determined terms,
    /// its substitution over the kept union-find, then the pivots that
    /// rewrote it, in order), solves again the parts they are in, and
    /// computes the eliminated variables and every value from there.
    ///
    /// A changed required row is taken the same way where no decision reads
    /// its constant, or where the one that does is checked again here: a
    /// reduced row in a part or solved by a singleton elimination, whose
    /// bound key (if any) pairs with no other row's, and a row without
    /// unknowns that still holds (`requiredPlace`). The solve that made the
    /// kept state noted what that needs: whether it paired opposite bounds,
    /// the keys of its last pass over them, the rows compared for dominance
    /// and the pivot rows.
    final class Kept {
        fileprivate var presolve: ComponentPresolve
        fileprivate let counts: Counts
        /// Each system variable's local index (-1 for none): made at the
        /// first ``resolve(_:rows:system:state:values:core:tally:)``.
        fileprivate var localOf: [Int32] = []

        fileprivate init(_ presolve: ComponentPresolve, counts: Counts) {
            self.presolve = presolve
            self.counts = counts
        }
    }

    /// Takes the state of the last ``solve(_:system:state:values:localIndex:core:recording:keeping:)``
    /// (made with `keeping`, which gave `counts`) as a ``Kept``; this
    /// presolve starts over empty, with the same settings.
    mutating func handOver(_ counts: Counts) -> Kept {
        var fresh = ComponentPresolve()
        fresh.largePartSolver = largePartSolver
        fresh.largePartThreshold = largePartThreshold
        fresh.translationSplit = translationSplit
        fresh.oneSidedSplit = oneSidedSplit
        fresh.oneSidedThreads = oneSidedThreads
        swap(&self, &fresh)
        return Kept(fresh, counts: counts)
    }

    /// Solves the component of `kept` again after the constants of its
    /// local rows `changed` (indices into the rows it was solved with)
    /// changed, and nothing else it reads: what a fresh ``solve(_:system:state:values:localIndex:core:recording:keeping:)``
    /// gives, bit for bit, and `kept` is then that solve's state.
    /// `.diverged` (nothing written, `kept` as it was) when a changed
    /// required row is one whose change needs a new presolve (see
    /// ``RequiredRowTally``), or a row does not come out with the terms kept;
    /// `.notHandled` when a part solved again has no answer (then `kept`
    /// is spent). `tally` counts the changed required rows by where the
    /// presolve put them.
    static func resolve(
        _ kept: Kept, rows changed: [Int32], system: ConstraintSystem, state: [Planner.State],
        values: UnsafeMutableBufferPointer<Double>, core: SimplexCore, tally: inout RequiredRowTally
    ) -> Replayed {
        if kept.localOf.count != system.variableCount {
            var localOf = [Int32](repeating: -1, count: system.variableCount)
            for (i, v) in kept.presolve.globalOf.enumerated() { localOf[Int(v)] = Int32(i) }
            kept.localOf = localOf
        }
        let (localOf, counts) = (kept.localOf, kept.counts)
        return kept.presolve.holding(system, state, values) {
            $0.resolveHeld(changed, localOf: localOf, counts: counts, values: values, core: core, tally: &tally)
        }
    }

    /// ``resolve(_:rows:system:state:values:core:tally:)`` with the system
    /// held: the changed links' classes replayed (``replayLinks(_:localOf:values:tally:undo:)``),
    /// then the changed rows and the rows over those classes.
    private mutating func resolveHeld(
        _ changed: [Int32], localOf: [Int32], counts: Counts, values: UnsafeMutableBufferPointer<Double>,
        core: SimplexCore, tally: inout RequiredRowTally
    ) -> Replayed {
        var rows = changed
        var undo: [(Int32, Double)] = []
        guard replayLinks(&rows, localOf: localOf, values: values, tally: &tally, undo: &undo) else {
            return .diverged
        }
        defer { movedClasses = [] }
        let resolved = resolveRows(rows, localOf: localOf, counts: counts, values: values, core: core, tally: &tally)
        if case .diverged = resolved { for (i, o) in undo { offset[Int(i)] = o } }
        return resolved
    }

    /// The changed rows and those over the replayed classes, solved again
    /// from the kept presolve (see ``resolve(_:rows:system:state:values:core:tally:)``).
    private mutating func resolveRows(
        _ changed: [Int32], localOf: [Int32], counts kept: Counts, values: UnsafeMutableBufferPointer<Double>,
        core: SimplexCore, tally: inout RequiredRowTally
    ) -> Replayed {
        guard value.count == globalOf.count, slot.count == globalOf.count else { return .diverged }
        // Each changed row's reduced constant, found before anything is written.
        var updates: [(row: Int32, constant: Double)] = []
        var newKeys: [(BoundKey, Int32)] = []
        for r32 in changed {
            let r = Int(r32)
            let required = priority(r).isRequired, rel = relation(r)
            var key: BoundKey? = nil
            let row = Int(tags[r])
            let range = system.termRange(of: RowIndex(row))
            let k = loadedConstant(ofSystemRow: row, values: values)
            var moved = takeSubstitution(longest: range.count)
            var rowTerms = terms
            terms = []
            let c = Self.withPass(&moved, system: system, state: state, localIndex: localOf) { pass, path in
                let (c, count) = pass.substitute(range, constant: k, row: r, path: &path)
                if required && rel != .equal { key = pass.boundKey(c, count: count, relation: rel) }
                rowTerms.removeAll(keepingCapacity: true)
                for j in 0 ..< count { rowTerms.append((pass.variables[j], pass.coefficients[j])) }
                return c
            }
            swapSubstitution(&moved)
            let m = reducedRow(of: r)
            let constant = rowTerms.isEmpty ? nil : followPivots(of: m, terms: &rowTerms, constant: c)
            terms = rowTerms
            if required {
                let place = requiredPlace(r, reduced: m, substituted: c, empty: rowTerms.isEmpty, key: key,
                                          pivoted: constant != nil)
                // (Two rows of one change whose new keys are opposite pair too.)
                var opposite = key
                opposite?.atLeast.toggle()
                let pairsInChange = opposite.map { o in newKeys.contains { $0.0 == o } } ?? false
                tally.count(pairsInChange && !place.declined ? .paired : place)
                guard !place.declined, !pairsInChange else { return .diverged }
                if let key { newKeys.append((key, r32)) }
                if place == .held { continue }
            }
            // A row left without unknowns is not reduced, and an optional one not checked.
            if terms.isEmpty && m < 0 { continue }
            guard m >= 0, let constant else { return .diverged }
            updates.append((Int32(m), constant))
        }
        for (m, c) in updates { reducedConstants[Int(m)] = c }
        for (key, r) in newKeys { pairKeys[key] = r }
        // The parts of the rows still alive, then the eliminated variables
        // (a changed row may be one's) and every value.
        var program = IntervalProgram()
        swap(&program, &interval)
        defer { swap(&program, &interval) }
        var counts = Counts()
        var solved: [Int32] = []
        // A part's kept levels read its optional rows: a changed one drops them.
        for (m, _) in updates where alive[Int(m)] && !priority(Int(reducedOf[Int(m)])).isRequired {
            program.forget(part: partOfRow[Int(m)])
        }
        for (m, _) in updates where alive[Int(m)] {
            let p = partOfRow[Int(m)]
            guard p >= 0, !solved.contains(p) else { continue }
            solved.append(p)
            guard solvePart(Int(p), program: &program, core: core, counts: &counts, keepingLevels: true) else {
                return .notHandled
            }
        }
        writeMoved(parts: solved, rows: updates.map(\.row), values: values)
        return .solved(kept)
    }

    // MARK: - Links replayed

    /// What aggregation did to the union-find's offsets, in the order it
    /// did it, written by a solve that keeps its presolve: each required
    /// equality it absorbed (a link `x = s·y + o`, with the variable that
    /// went and its coefficient; a fixed value; a row left without
    /// unknowns), and every path compression `O = s·O' + O` of that solve,
    /// to the end of its write of the values. A link's constant is in its
    /// variable's offset, which the compressions composed into other
    /// offsets in this order: a resolve runs the log again over the links'
    /// classes alone (``replayLinks(_:localOf:values:tally:undo:)``), which
    /// gives each offset of those classes as a fresh presolve computes it.
    /// The scales and the forest do not depend on constants, so the log
    /// holds for every later resolve of the presolve.
    ///
    /// One stream of words: a word of the kind (two bits) and two indices,
    /// then, for a compression, its scale `s`, for a link, the coefficient
    /// its row gives the variable that went.
    final class LinkLog {
        enum Kind: UInt64 {
            /// [node, up] [s]
            case compress = 0
            /// [local row, variable that went] [coefficient]
            case link = 1
            /// [local row, -]: a required equality without unknowns, checked to hold.
            case empty = 2
            /// [local row, representative fixed]
            case fix = 3
        }

        struct Storage {
            fileprivate var words: UnsafeMutablePointer<UInt64>
            fileprivate var count = 0
            fileprivate var capacity: Int

            init(reserving words: Int) {
                capacity = max(256, words)
                self.words = .allocate(capacity: capacity)
            }

            @inline(__always)
            private mutating func append(_ w: UInt64) {
                if _slowPath(count == capacity) {
                    let larger = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * capacity)
                    larger.moveInitialize(from: words, count: count)
                    words.deallocate()
                    words = larger
                    capacity *= 2
                }
                words[count] = w
                count += 1
            }
            @inline(__always)
            private mutating func event(_ kind: Kind, _ x: Int, _ y: Int) {
                append(kind.rawValue | UInt64(UInt32(x)) << 2 | UInt64(UInt32(y)) << 33)
            }
            fileprivate mutating func compress(_ node: Int, _ up: Int, _ s: Double) {
                event(.compress, node, up)
                append(s.bitPattern)
            }
            /// Local row `r` absorbed with `count` unknowns (the pass's
            /// scratch still holds them; for a link, the one of the two
            /// that is no longer a representative went).
            @inline(__always)
            fileprivate mutating func absorbed(_ r: Int, count: Int, _ pass: Pass) {
                switch count {
                case 0:
                    event(.empty, r, 0)
                case 1:
                    event(.fix, r, Int(pass.variables[0]))
                default:
                    let v0 = Int(pass.variables[0])
                    let first = pass.parent[v0] != Int32(v0)
                    event(.link, r, Int(pass.variables[first ? 0 : 1]))
                    append(pass.coefficients[first ? 0 : 1].bitPattern)
                }
            }
        }

        let storage: UnsafeMutablePointer<Storage>

        init(reserving words: Int) {
            storage = .allocate(capacity: 1)
            storage.initialize(to: Storage(reserving: words))
        }

        deinit {
            storage.pointee.words.deallocate()
            storage.deinitialize(count: 1)
            storage.deallocate()
        }
    }

    /// Takes the changed links among local rows `rows` (required equalities
    /// aggregation consumed): runs the ``LinkLog`` again over their
    /// classes with the new constants, every offset of those classes
    /// starting from 0 and computed by the same operations in the same
    /// order as in a fresh presolve (a link's offset is `−c / a`, `c` its
    /// row's constant with each term's `a·o` added in the row's order; each
    /// compression `O = s·O' + O`), and replaces the links in `rows` with
    /// the rows left over those classes (their reduced constants move with
    /// the offsets). The classes' representatives go to `movedClasses`;
    /// `undo` gets each old offset. False (nothing changed, each changed
    /// link counted declined) where the replay would not be a fresh
    /// presolve's: a presolve that paired opposite bounds, no log, a class
    /// with a fixed value (its value is in every row over it and in other
    /// classes' offsets), a row of the log that reads a class neither
    /// replayed nor fixed by then, an equality of another class or a fixed
    /// value whose row mentions a replayed class (its terms cancelled
    /// there), and a row without unknowns that no longer holds.
    private mutating func replayLinks(
        _ rows: inout [Int32], localOf: [Int32], values: UnsafeMutableBufferPointer<Double>,
        tally: inout RequiredRowTally, undo: inout [(Int32, Double)]
    ) -> Bool {
        func isLink(_ r: Int) -> Bool {
            priority(r).isRequired && relation(r) == .equal && reducedRow(of: r) < 0
        }
        let links = rows.filter { isLink(Int($0)) }
        guard !links.isEmpty else { return true }
        func decline(_ place: RequiredRowTally.Place) -> Bool {
            for _ in links { tally.count(place) }
            return false
        }
        if pairedAny { return decline(.paired) }
        let n = globalOf.count
        guard let log = linkLog?.storage, parent.count == n, offset.count == n else { return decline(.aggregated) }
        if memberHead.count != n { indexWrites() }
        guard memberHead.count == n else { return decline(.aggregated) }
        let system = self.system, state = self.state
        // The classes: each link's first term whose class is not fixed.
        var inClass = [Bool](repeating: false, count: n)
        var classes: [Int32] = []
        for r in links {
            let row = Int(tags[Int(r)])
            var root = -1
            for k in system.termRange(of: RowIndex(row)) where state[Int(system.columns[k])] != .determined {
                let local = Int(localOf[Int(system.columns[k])])
                let up = Int(parent[local])
                if fixedValue[up].isNaN {
                    root = up
                    break
                }
            }
            guard root >= 0 else { return decline(.aggregated) }
            if !classes.contains(Int32(root)) { classes.append(Int32(root)) }
        }
        for root in classes {
            var i = Int(memberHead[Int(root)])
            while i >= 0 {
                inClass[i] = true
                undo.append((Int32(i), offset[i]))
                i = Int(memberNext[i])
            }
        }
        // The log, run on the classes' offsets: a variable is a
        // representative until its link (`went`); another class's term is
        // read only if it was fixed by then (a fixed class is not changed
        // after: its offsets are then the kept ones).
        var went = [Bool](repeating: false, count: n)
        var fixedYet = [Bool](repeating: false, count: n)
        var own = Set<Int32>()
        var ok = true
        func restore() { for (i, o) in undo { offset[Int(i)] = o } }
        for (i, _) in undo { offset[Int(i)] = 0 }
        /// Row `r`'s constant as aggregation computed it when it absorbed
        /// it; nil if it reads a class neither replayed nor fixed by then.
        func constant(ofLogged r: Int) -> Double? {
            let row = Int(tags[r])
            var c = loadedConstant(ofSystemRow: row, values: values)
            for k in system.termRange(of: RowIndex(row)) {
                let v = Int(system.columns[k])
                if state[v] == .determined { continue }
                let a = system.coefficients[k]
                let local = Int(localOf[v])
                if inClass[local] {
                    c += a * (went[local] ? offset[local] : 0)
                    continue
                }
                let root = Int(parent[local])
                let fixed = fixedValue[root]
                guard !fixed.isNaN, fixedYet[root] else { return nil }
                let (s, o) = local == root ? (1.0, 0.0) : (scale[local], offset[local])
                c += a * (s * fixed + o)
            }
            return c
        }
        func mentions(_ r: Int) -> Bool {
            for k in system.termRange(of: RowIndex(Int(tags[r]))) where state[Int(system.columns[k])] != .determined {
                if inClass[Int(localOf[Int(system.columns[k])])] { return true }
            }
            return false
        }
        let words = log.pointee.words, count = log.pointee.count
        var at = 0
        while at < count {
            let w = words[at]
            let x = Int((w >> 2) & 0x7fff_ffff), y = Int(w >> 33)
            switch LinkLog.Kind(rawValue: w & 3)! {
            case .compress:
                if inClass[x] { offset[x] = Double(bitPattern: words[at + 1]) * offset[y] + offset[x] }
                at += 2
            case .link:
                if inClass[y] {
                    guard let c = constant(ofLogged: x) else {
                        ok = false
                        break
                    }
                    offset[y] = -c / Double(bitPattern: words[at + 1])
                    went[y] = true
                    own.insert(Int32(x))
                }
                at += 2
            case .empty:
                if mentions(x) {
                    guard let c = constant(ofLogged: x) else {
                        ok = false
                        break
                    }
                    guard holds(c, .equal, row: x) else {
                        restore()
                        return decline(.infeasible)
                    }
                    own.insert(Int32(x))
                }
                at += 1
            case .fix:
                fixedYet[y] = true
                at += 1
            }
            if !ok { break }
        }
        guard ok else {
            restore()
            return decline(.aggregated)
        }
        // The rows over the classes: reduced rows and required rows left
        // without unknowns are solved again; an equality consumed by
        // aggregation must be one the log replayed.
        // The variables whose offsets moved, by system variable (a row over
        // the others substitutes to the same bits as before).
        var hit = [Bool](repeating: false, count: system.variableCount)
        for (i, o) in undo where offset[Int(i)].bitPattern != o.bitPattern { hit[Int(globalOf[Int(i)])] = true }
        var over: [Int32] = []
        // (One pass over every row's terms, through pointers.)
        let mentioning = tags.withUnsafeBufferPointer { tags in
            system.rowStart.withUnsafeBufferPointer { start in
            system.columns.withUnsafeBufferPointer { columns in
            hit.withUnsafeBufferPointer { hit in
                var found: [Int32] = []
                for r in 0 ..< tags.count {
                    let row = Int(tags[r])
                    for k in Int(start[row]) ..< Int(start[row + 1]) where hit[Int(columns[k])] {
                        found.append(Int32(r))
                        break
                    }
                }
                return found
            }
            }
            }
        }
        for r32 in mentioning {
            let r = Int(r32)
            if reducedRow(of: r) >= 0 {
                over.append(Int32(r))
            } else if priority(r).isRequired {
                if relation(r) == .equal {
                    guard own.contains(Int32(r)) else {
                        restore()
                        return decline(.aggregated)
                    }
                } else {
                    over.append(Int32(r))
                }
            }
        }
        for _ in links { tally.count(.link) }
        var seen = Set(over)
        for r in rows where !isLink(Int(r)) && seen.insert(r).inserted { over.append(r) }
        rows = over
        movedClasses = classes
        return true
    }

    /// For the tests: each resolve also computes every eliminated variable
    /// and every value as the whole write does (``ComponentPresolve/writeValues(_:)``),
    /// and counts the values that differ from what ``writeMoved(parts:rows:values:)``
    /// left, bit for bit (a variable it should have written and did not).
    final class WriteCheck: @unchecked Sendable {
        /// Resolves checked, the local variables they wrote, the local
        /// variables of their components, and the values that differed.
        var resolves = 0, written = 0, variables = 0, mismatches = 0
        init() {}
    }

    @TaskLocal static var writeCheck: WriteCheck? = nil

    /// Indexes the local variables of each representative, for a resolve
    /// to write only those of the representatives that can have moved:
    /// made at the first resolve of a kept presolve (a whole solve that is
    /// kept and never resolved does not pay for it), and kept with it. One
    /// pass over the variables' parents: ``writeValues(_:)``'s `find` of
    /// every variable left each one's parent its representative, and a
    /// resolve's substitutions only compress paths; if one is not (then
    /// the index is left empty), the resolve writes every value.
    private mutating func indexWrites() {
        let n = globalOf.count
        memberHead = []
        memberNext.resize(to: n, filling: -1)
        var head = [Int32](repeating: -1, count: n)
        let indexed = parent.withUnsafeBufferPointer { parent in
            head.withUnsafeMutableBufferPointer { head in
                memberNext.withUnsafeMutableBufferPointer { next in
                    for i in 0 ..< n {
                        let r = Int(parent[i])
                        guard parent[r] == Int32(r) else { return false }
                        next[i] = head[r]
                        head[r] = Int32(i)
                    }
                    return true
                }
            }
        }
        if indexed { memberHead = head }
    }

    /// After a resolve solved `parts` again and changed the constants of
    /// reduced rows `rows`: computes again the eliminated variables that
    /// can have moved and writes into `values` the local variables whose
    /// representative can have moved, and nothing else. A resolve keeps
    /// the union-find (its scales, offsets and fixed values), so a local
    /// variable moves only with its representative; a representative can
    /// move if it is a variable of a part solved again, or an eliminated
    /// variable whose row's constant changed or whose row mentions one that
    /// can have moved (one pass over the eliminated rows, last eliminated
    /// first, as ``eliminateBack()`` computes them: a row mentions only
    /// variables computed before its own). Every other value is what the
    /// last solve wrote, and is still in `values`. Without the index, the
    /// whole write.
    private mutating func writeMoved(parts: [Int32], rows: [Int32], values: UnsafeMutableBufferPointer<Double>) {
        let n = globalOf.count, m = reducedOf.count
        if memberHead.count != n { indexWrites() }
        guard memberHead.count == n else {
            eliminateBack()
            writeValues(values)
            return
        }
        if marked.count != n { marked = [Bool](repeating: false, count: n) }
        if markedRows.count != m { markedRows = [Bool](repeating: false, count: m) }
        var moved: [Int32] = []
        for p in parts {
            for r in partRows[Int(partStart[Int(p)]) ..< Int(partStart[Int(p) + 1])] {
                for k in Int(reducedStart[Int(r)]) ..< Int(reducedStart[Int(r) + 1]) {
                    let v = Int(reducedColumns[k])
                    if !marked[v] {
                        marked[v] = true
                        moved.append(Int32(v))
                    }
                }
            }
        }
        // The classes whose offsets a resolve replayed (`replayLinks`).
        for r in movedClasses where !marked[Int(r)] {
            marked[Int(r)] = true
            moved.append(r)
        }
        for r in rows { markedRows[Int(r)] = true }
        // The eliminated variables that can have moved, computed again in
        // `eliminateBack`'s order.
        var redo: [Int32] = []
        marked.withUnsafeMutableBufferPointer { marked in
        markedRows.withUnsafeBufferPointer { markedRows in
        reducedStart.withUnsafeBufferPointer { start in
        reducedColumns.withUnsafeBufferPointer { columns in
            for e in stride(from: eliminated.count - 1, through: 0, by: -1) {
                let (v, row) = eliminated[e]
                var reached = markedRows[Int(row)]
                if !reached {
                    for k in Int(start[Int(row)]) ..< Int(start[Int(row) + 1]) where marked[Int(columns[k])] {
                        reached = true
                        break
                    }
                }
                if reached {
                    marked[Int(v)] = true
                    moved.append(v)
                    redo.append(Int32(e))
                }
            }
        }
        }
        }
        }
        for e in redo {
            let (v, row) = eliminated[Int(e)]
            computeEliminated(v, from: row)
        }
        for r in rows { markedRows[Int(r)] = false }
        var written = 0
        marked.withUnsafeMutableBufferPointer { marked in
        memberHead.withUnsafeBufferPointer { head in
        memberNext.withUnsafeBufferPointer { next in
        scale.withUnsafeBufferPointer { scale in
        offset.withUnsafeBufferPointer { offset in
        globalOf.withUnsafeBufferPointer { globalOf in
            for r32 in moved {
                let r = Int(r32)
                marked[r] = false
                let x = fixedValue[r].isNaN ? value[r] : fixedValue[r]
                var i = Int(head[r])
                while i >= 0 {
                    // As `writeValues`: (1, 0) for the representative itself.
                    let (s, o) = i == r ? (1.0, 0.0) : (scale[i], offset[i])
                    values[Int(globalOf[i])] = s * x + o
                    written += 1
                    i = Int(next[i])
                }
            }
        }
        }
        }
        }
        }
        }
        if let check = Self.writeCheck { checkWrite(values, written: written, check) }
    }

    /// The checking mode of ``writeMoved(parts:rows:values:)``: every
    /// eliminated variable and every value computed again, the whole way,
    /// and compared with what it left, which is then put back (the solve's
    /// answer is the partial write's, checked twice over).
    private mutating func checkWrite(_ values: UnsafeMutableBufferPointer<Double>, written: Int, _ check: WriteCheck) {
        let partial = value
        eliminateBack()
        for (a, b) in zip(partial, value) where a.bitPattern != b.bitPattern { check.mismatches += 1 }
        value = partial
        let left = globalOf.map { values[Int($0)] }
        writeValues(values)
        for (i, g) in globalOf.enumerated() {
            if left[i].bitPattern != values[Int(g)].bitPattern { check.mismatches += 1 }
            values[Int(g)] = left[i]
        }
        check.resolves += 1
        check.written += written
        check.variables += globalOf.count
    }

    /// The reduced row made of local row `r`, or -1 (`reducedOf` is in
    /// increasing order).
    private func reducedRow(of r: Int) -> Int {
        var low = 0, high = reducedOf.count
        while low < high {
            let mid = (low + high) / 2
            if Int(reducedOf[mid]) < r { low = mid + 1 } else { high = mid }
        }
        return low < reducedOf.count && Int(reducedOf[low]) == r ? low : -1
    }

    /// Where the presolve put changed required row `r` (reduced row `m`, or
    /// -1), whose substitution over the kept union-find gives constant `c`
    /// (`empty`: no unknowns left) and bound key `key`; `pivoted`: the
    /// pivots that rewrote it gave it back the kept terms. A place the
    /// replay takes is one where the changed constant moves no decision a
    /// fresh presolve makes, or only ones checked here against the new
    /// constant; the others need a new presolve.
    private func requiredPlace(
        _ r: Int, reduced m: Int, substituted c: Double, empty: Bool, key: BoundKey?, pivoted: Bool
    ) -> RequiredRowTally.Place {
        // A pairing merged two classes of the union-find on rows' constants
        // (keys equal to the bit): another constant could pair other rows,
        // or none.
        if pairedAny { return .paired }
        let rel = relation(r)
        if m < 0 {
            // Aggregation consumed every required equality that reaches the
            // reduction with two unknowns or fewer (it repeats until none
            // is left), so this one was a link `x = s·y + o`, a fixed value
            // or a row without unknowns. Its constant is in the offset or
            // the fixed value, which path compressions composed into other
            // nodes' offsets, and from there in every row over its class:
            // only the log can replay it (`replayLinks`, which takes such
            // rows out before this is asked); here, a new presolve.
            if rel == .equal { return .aggregated }
            // An inequality with unknowns is reduced unless it was paired.
            guard empty else { return .paired }
            // No unknowns: the reduction only checks that it holds. One
            // that no longer does makes the presolve give up (the tableau
            // then finds the conflict): a new presolve says so.
            return holds(c, rel, row: r) ? .held : .infeasible
        }
        if let key {
            // Its opposite among the last pass's keys: a fresh presolve
            // would pair the two rows as one equality.
            var opposite = key
            opposite.atLeast.toggle()
            if let q = pairKeys[opposite], Int(q) != r { return .paired }
        }
        // A pivot row's constant went into every row the pivot rewrote.
        if pivotRows.contains(Int32(m)) { return .pivotRow }
        // Which of two parallel inequalities is the tighter reads both constants.
        if dominanceRows.contains(Int32(m)) { return .dominance }
        // Emptied by pivots: checked against magnitudes the kept state drops.
        if reducedStart[m] == reducedStart[m + 1] { return .emptied }
        guard pivoted else { return .otherTerms }
        return alive[m] ? .partRow : .eliminatedRow
    }

    /// The constant reduced row `m` ends with when it starts as `terms` and
    /// `c` (its substitution): each pivot that rewrote it (`m − f·r`, for a
    /// pivot row `r` on a variable `m` still had) repeated in order, with
    /// the terms that cancel dropped as ``rewrite(_:minus:times:without:magnitude:)``
    /// drops them. A pivot takes its variable out of every row for good,
    /// so a row that still has all its first terms was not rewritten. Nil
    /// when the terms it ends with are not the ones kept for it.
    private func followPivots(of m: Int, terms: inout [(Int32, Double)], constant c: Double) -> Double? {
        guard m >= 0 else { return nil }
        var c = c
        let last = Int(reducedStart[m]) ..< Int(reducedStart[m + 1])
        if terms.contains(where: { t in !last.contains { reducedColumns[$0] == t.0 } }) {
            var next: [(Int32, Double)] = []
            for (v, r32) in eliminated {
                let r = Int(r32)
                // `m` solved for `v`: it is not rewritten after.
                if r == m { break }
                guard let at = terms.firstIndex(where: { $0.0 == v }) else { continue }
                let pivot = Int(reducedStart[r]) ..< Int(reducedStart[r + 1])
                guard let k = pivot.first(where: { reducedColumns[$0] == v }) else { return nil }
                let f = terms[at].1 / reducedCoefficients[k]
                var largest = 0.0
                for t in terms { largest = max(largest, abs(t.1)) }
                for j in pivot { largest = max(largest, abs(f * reducedCoefficients[j])) }
                next.removeAll(keepingCapacity: true)
                func add(_ u: Int32, _ a: Double) {
                    if let i = next.firstIndex(where: { $0.0 == u }) { next[i].1 += a } else { next.append((u, a)) }
                }
                for t in terms where t.0 != v { add(t.0, t.1) }
                for j in pivot where reducedColumns[j] != v { add(reducedColumns[j], -f * reducedCoefficients[j]) }
                next.removeAll { abs($0.1) <= 1e-12 * largest }
                c -= f * reducedConstants[r]
                swap(&terms, &next)
                if terms.isEmpty { break }
            }
        }
        guard terms.count == last.count else { return nil }
        for (t, k) in zip(terms, last)
        where t.0 != reducedColumns[k] || t.1.bitPattern != reducedCoefficients[k].bitPattern {
            return nil
        }
        return c
    }
}

/// The changed required rows a kept presolve was asked to replay, by where
/// the presolve had put them: the places it replays, and those that need a
/// new presolve (declined).
public struct RequiredRowTally: Equatable, Sendable {
    enum Place: CaseIterable {
        /// A reduced row still in a part: its reduced constant, then the part solved again.
        case partRow
        /// A reduced row that a singleton elimination solved for its variable:
        /// its reduced constant, then the eliminated variables computed again.
        case eliminatedRow
        /// A row left without unknowns that still holds.
        case held
        /// A link of aggregation (`x = s·y + o`) whose class the kept log replayed.
        case link
        /// Declined: a required equality aggregation consumed (a link or a fixed value).
        case aggregated
        /// Declined: the presolve paired opposite inequalities, or this row's new key would pair.
        case paired
        /// Declined: a pivot row.
        case pivotRow
        /// Declined: one of two parallel inequalities compared for dominance.
        case dominance
        /// Declined: a row the pivots emptied.
        case emptied
        /// Declined: a row without unknowns that no longer holds.
        case infeasible
        /// Declined: its substitution does not end with the kept terms.
        case otherTerms

        var declined: Bool { ![.partRow, .eliminatedRow, .held, .link].contains(self) }
    }

    public internal(set) var partRows = 0
    public internal(set) var eliminatedRows = 0
    public internal(set) var held = 0
    public internal(set) var links = 0
    public internal(set) var aggregated = 0
    public internal(set) var paired = 0
    public internal(set) var pivotRows = 0
    public internal(set) var dominance = 0
    public internal(set) var emptied = 0
    public internal(set) var infeasible = 0
    public internal(set) var otherTerms = 0

    public init() {}

    /// The rows replayed, and those declined.
    public var replayed: Int { partRows + eliminatedRows + held + links }
    public var declined: Int { aggregated + paired + pivotRows + dominance + emptied + infeasible + otherTerms }

    /// Adds `b`'s counts to `a`'s (tallies of several compiled systems).
    public static func += (a: inout RequiredRowTally, b: RequiredRowTally) {
        a.partRows += b.partRows
        a.eliminatedRows += b.eliminatedRows
        a.held += b.held
        a.links += b.links
        a.aggregated += b.aggregated
        a.paired += b.paired
        a.pivotRows += b.pivotRows
        a.dominance += b.dominance
        a.emptied += b.emptied
        a.infeasible += b.infeasible
        a.otherTerms += b.otherTerms
    }

    mutating func count(_ place: Place) {
        switch place {
        case .partRow: partRows += 1
        case .eliminatedRow: eliminatedRows += 1
        case .held: held += 1
        case .link: links += 1
        case .aggregated: aggregated += 1
        case .paired: paired += 1
        case .pivotRow: pivotRows += 1
        case .dominance: dominance += 1
        case .emptied: emptied += 1
        case .infeasible: infeasible += 1
        case .otherTerms: otherTerms += 1
        }
    }
}

extension RequiredRowTally: CustomStringConvertible {
    public var description: String {
        "part \(partRows), eliminated \(eliminatedRows), held \(held), links \(links); declined: aggregated \(aggregated), "
            + "paired \(paired), pivot \(pivotRows), dominance \(dominance), emptied \(emptied), "
            + "infeasible \(infeasible), other terms \(otherTerms)"
    }
}
