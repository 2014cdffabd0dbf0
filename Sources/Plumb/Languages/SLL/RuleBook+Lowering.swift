@_spi(Lowering) import PlumbSolver

/// The order in which the rows of a set of rules can be evaluated one at a
/// time: the "DAG evaluator" view of rules.
///
/// Each step names a required equality row and the one variable it defines.
/// Taking the steps in order, a step's row reads only variables that earlier
/// steps defined or that the rules do not define at all: the root's, those of
/// views without rules, and the other variable of a direction that has only
/// one rule constraint. Those inputs come from the rest of the system.
/// Bounds (`minw` …) are inequalities and are not steps; they must hold at
/// the result.
struct RuleSchedule: Sendable {
    /// Views with rules, every view after the views its rules depend on.
    var views: [ViewIndex] = []
    /// The rows that define one variable each, in evaluation order.
    var rows: [RowIndex] = []
    /// The variable that the row of the same position defines.
    var variables: [VariableIndex] = []
    /// Tables whose rows were written from a ``RuleBook/RowShapes`` (tests see them used).
    var replayedTables = 0
    /// Tables whose dependency edges were written from a template's edge shape (tests see them used).
    var replayedEdgeTables = 0
    /// Tables lowered from their replay's note alone, their slots never
    /// written (``RuleBook/DeferredSlots``; tests see them left).
    var unwrittenTables = 0
    /// Whether the rows' second thread was the one kept for them (the
    /// rules' look-ups thread), not a new one (tests see it taken).
    var rowsOnKeptThread = false
}

/// Where ``RuleBook``'s lowering adds a row: the builder, or the block of
/// a chunk lowered on a second thread.
protocol RuleRowSink {
    /// Adds the row `Σ terms + constant ⋈ 0` and returns its index.
    mutating func addRow(
        contiguous terms: UnsafeBufferPointer<(VariableIndex, Double)>, constant: Double,
        relation: Relation, priority: Priority, origin: RowOrigin
    ) -> RowIndex
    /// Adds the same row as `addRow(contiguous:…)` with the origin
    /// `.key(key)`, its terms merged as they are stored (a row that repeats
    /// a variable needs no merge first); the first `distinct` terms have
    /// distinct variables of the system and finite nonzero coefficients.
    mutating func addRow(
        merging terms: UnsafeBufferPointer<(VariableIndex, Double)>, distinct: Int, constant: Double,
        relation: Relation, priority: Priority, key: UInt64
    ) -> RowIndex
    /// Adds the row of the `count` terms `term(0)` … with the origin
    /// `.key(key)`, as ``addRow(contiguous:constant:relation:priority:origin:)``
    /// would; the terms are distinct variables of the system with finite
    /// nonzero coefficients (the caller's word). `scratch` has room for them.
    mutating func addRow(
        trusted count: Int, term: (Int) -> (Int32, Double), constant: Double, relation: Relation,
        priority: Priority, key: UInt64, scratch: UnsafeMutablePointer<(VariableIndex, Double)>
    ) -> RowIndex
    /// Adds `rows` rows of `terms` terms in all with the origin `.key(key)`,
    /// written by `write` into the ``RowBatch/Room`` it is given, with the
    /// index of the first (``RowBatch/add(rows:terms:key:room:_:)``: the
    /// rows are the caller's word, as for `addRow(trusted:…)`), and returns
    /// true; returns false, adding nothing, when the sink does not take them
    /// so (the caller adds them one by one).
    mutating func addRows(_ rows: Int, terms: Int, key: UInt64, write: (RowBatch.Room, Int) -> Void) -> Bool
}

extension SystemBuilder: RuleRowSink {}

extension RuleBook {
    /// Orders the views with rules by their dependencies and adds one row per
    /// constraint value in effect to `builder`, in that order.
    ///
    /// A view depends on its superview, on every view a specifier in its
    /// values names, and on itself when a specifier names its own view. A
    /// determining name becomes a required equality
    /// `name(v, s) - value = 0`; `minw`/`minh` a `>=` and `maxw`/`maxh` a
    /// `<=` row. When the two determining values of a direction are the
    /// trailing edge and the center (which both involve position and size),
    /// the trailing row is combined with the center row so that the position
    /// cancels, and every direction with two values is two 1×1 steps; the
    /// combined row keeps the trailing rule's origin.
    ///
    /// - Parameter viewID: each view's name, for cycle messages.
    /// - Returns: the schedule, or (with nothing added to `builder`) one
    ///   diagnostic per dependency cycle, naming the rules on it.
    /// - Complexity: O(tables + stored terms) besides the rows themselves.
    ///
    /// Tables that one replay of a template's fresh slots wrote whole and
    /// whose views all differ get the rows written for the template's
    /// first such table with their own views put in (``RowShapes``, made
    /// here before any row is added; `replaysRowShapes`), the same rows,
    /// and the dependency edges of that first table with their own views
    /// put in (``EdgeShape``; `replaysEdgeShapes`), the same graph.
    ///
    /// With `threads` allowing two and enough views with rules
    /// (``LoweringThreads/splitsRules(_:)``), the views in order are cut in
    /// chunks shared with a second thread (``SecondThread/Sharing``:
    /// `rowsThread`'s when it takes the work, the rules' look-ups thread
    /// waiting there, else a new one), which
    /// writes a chunk's rows in a block of the layout the builder appends
    /// whole (``RowBatch/init(block:terms:)``); each chunk is added in order,
    /// from that block when the second thread finished it and every row of
    /// it went into the block, or else here. The rows and the schedule are
    /// one thread's.
    ///
    /// Noted replays whose slots were left unwritten (``DeferredSlots``)
    /// get them written here first when a noted table has no edge shape or
    /// a template no row shape (so the slots would be read).
    mutating func lower(
        into builder: inout SystemBuilder, threads: LoweringThreads = .one, rowsThread: ParkedThread? = nil,
        viewID: (ViewIndex) -> String
    ) -> Result<RuleSchedule, LayoutError> {
        var edgesReplayed = 0
        var graph = dependencyGraph(replayed: &edgesReplayed)
        if deferred.count > 0, edgesReplayed < deferred.noted {
            // A noted table read its slots: the graph again, from all of them.
            writeDeferredSlots()
            graph = dependencyGraph(replayed: &edgesReplayed)
        }
        let (order, cycles) = graph.topologicalOrder()
        guard cycles.isEmpty else {
            var sink = DiagnosticSink()
            for cycle in cycles {
                var members = cycle.map { label(ofRule: $0.label, viewID: viewID) }
                members.append(shortName(ofRule: cycle[0].label))
                let first = cycle[0].label
                sink.append(Diagnostic(location: location(ofRule: first, viewID: viewID),
                                       problem: .rule(.cycle(members: members)), origin: origin(of: first)))
            }
            return .failure(sink.error)
        }

        let rowCapacity = Self.rowCapacity(longestValue)
        let row = UnsafeMutablePointer<(VariableIndex, Double)>.allocate(capacity: rowCapacity)
        let plan = UnsafeMutablePointer<PlannedRow>.allocate(capacity: Self.slotsPerView)
        defer {
            row.deallocate()
            plan.deallocate()
        }
        let shapes = mergesRepeatedTerms && replaysRowShapes && templateCount > 0
            ? RowShapes(self, variableCount: 4 * builder.viewCount, row: row, plan: plan) : nil
        if deferred.count > 0,
           shapes.map({ shapes in deferred.hasWritten { shapes.shapeOfTemplate[$0] < 0 } }) ?? true {
            // A template with tables left unwritten has no row shape: their
            // rows are written from their slots.
            writeDeferredSlots()
        }
        // Kept alive to the end of the lowering (the second thread's too: `SharedTables` holds it).
        defer { withExtendedLifetime(shapes) {} }
        return .success(writeRows(order, shapes: shapes, edgesReplayed: edgesReplayed, into: &builder,
                                  threads: threads, rowsThread: rowsThread, row: row, plan: plan))
    }

    /// The rows of ``lower(into:threads:rowsThread:viewID:)`` in `order`,
    /// and their schedule. Not mutating (the slots are all written that
    /// will be read): with the book `inout`, each table's writer was
    /// given a copy of it (a `memcpy` a table).
    private func writeRows(
        _ order: [Int32], shapes: RowShapes?, edgesReplayed: Int, into builder: inout SystemBuilder,
        threads: LoweringThreads, rowsThread: ParkedThread?, row: UnsafeMutablePointer<(VariableIndex, Double)>,
        plan: UnsafeMutablePointer<PlannedRow>
    ) -> RuleSchedule {
        var schedule = RuleSchedule()
        let shapeTables = shapes?.tables
        // The second thread starts on the last chunks while this one sets up.
        let shared: SharedTables?
        if threads.splitsRules(order.count) {
            // Its core was another thread's, touching pages ahead.
            threads.pagesAhead?.stop()
            shared = SharedTables(self, order, threads, on: rowsThread, variableCount: 4 * builder.viewCount,
                                  shapes: shapes)
            schedule.rowsOnKeptThread = rowsThread?.wasHanded == true
        } else {
            shared = nil
        }
        // The tables' views in the order of their rows, written in one
        // pass (appended a table at a time, each append checked the array's
        // uniqueness through a call).
        schedule.views = [ViewIndex](unsafeUninitializedCapacity: order.count) { views, count in
            for (k, table) in order.enumerated() { views.initializeElement(at: k, to: viewsOfTable[Int(table)].view) }
            count = order.count
        }
        // A direction has at most two steps, a table four: the steps are
        // written straight into arrays of that size (an append checked each
        // array's uniqueness through a call, twice a row).
        let stepCapacity = Swift.max(4 * order.count, 1)
        var variables: [VariableIndex] = []
        var replayed = 0
        let rows = [RowIndex](unsafeUninitializedCapacity: stepCapacity) { rowBuffer, rowCount in
            variables = [VariableIndex](unsafeUninitializedCapacity: stepCapacity) { variableBuffer, variableCount in
                var steps = Steps(rows: rowBuffer.baseAddress!, variables: variableBuffer.baseAddress!,
                                  capacity: stepCapacity)
                if let shared {
                    shared.sharing.finish { k, helped in
                        if helped, let chunk = shared.chunks[k] {
                            let first = builder.appendBlock(&chunk.block)
                            replayed += chunk.replayed
                            for j in 0 ..< chunk.steps.count {
                                steps.append(RowIndex(first + chunk.steps.rows[j].int),
                                             defining: chunk.steps.variables[j])
                            }
                            // Its storage goes back before the next chunk.
                            shared.chunks[k] = nil
                        } else {
                            for t in shared.tables(k) where lowerTable(
                                Int(order[t]), shapes: shapeTables, into: &builder, steps: &steps, row: row, plan: plan) {
                                replayed += 1
                            }
                        }
                    }
                } else {
                    for table in order {
                        if lowerTable(Int(table), shapes: shapeTables, into: &builder, steps: &steps, row: row, plan: plan) {
                            replayed += 1
                        }
                    }
                }
                variableCount = steps.count
                rowCount = steps.count
            }
        }
        schedule.rows = rows
        schedule.variables = variables
        schedule.replayedTables = replayed
        schedule.replayedEdgeTables = edgesReplayed
        schedule.unwrittenTables = deferred.count
        return schedule
    }

    /// The room a row takes in the row buffers of ``lower(into:threads:rowsThread:viewID:)``:
    /// a name's terms (at most four) and a stored value's (at most
    /// `longestValue`), twice for a combined row.
    private static func rowCapacity(_ longestValue: Int32) -> Int { 2 * (4 + Int(longestValue)) }

    /// The rows of both directions of `table`, in the order one thread adds
    /// them: planned first (which slots, in which order, combined how),
    /// then written in one loop with the table's view, superview and
    /// slots read once. `plan` has room for ``slotsPerView`` rows.
    ///
    /// A table that one replay of a template with a shape in `shapes` wrote,
    /// whose views all differ, gets the shape's rows instead
    /// (``replayShape(_:of:view:superview:key:shapes:into:steps:row:)``);
    /// returns whether it did.
    ///
    /// Inlined: left as a call (as the optimiser chose once the book's
    /// arrays were ``UnsharedArray``s), a table cost about 33 instructions more.
    @discardableResult @inline(__always)
    private func lowerTable<Sink: RuleRowSink>(
        _ table: Int, shapes: ShapeTables?, into sink: inout Sink, steps: inout Steps,
        row: UnsafeMutablePointer<(VariableIndex, Double)>, plan: UnsafeMutablePointer<PlannedRow>
    ) -> Bool {
        if let shapes {
            let replay = replays[table]
            if replay.template >= 0 {
                let shape = Int(shapes.shapeOfTemplate[Int(replay.template)])
                let views = viewsOfTable[table]
                let view = views.view, superview = views.superview
                if shape >= 0, let key = origins.key(at: Int(replay.rule)) {
                    replayShape(shape, of: table, view: view, superview: superview, key: key, shapes: shapes,
                                into: &sink, steps: &steps, row: row)
                    return true
                }
            }
        }
        writeTable(table, into: &sink, steps: &steps, row: row, plan: plan)
        return false
    }

    /// ``lowerTable(_:shapes:into:steps:row:plan:)`` from the table's slots.
    private func writeTable<Sink: RuleRowSink>(
        _ table: Int, into sink: inout Sink, steps: inout Steps, row: UnsafeMutablePointer<(VariableIndex, Double)>,
        plan: UnsafeMutablePointer<PlannedRow>
    ) {
        let views = viewsOfTable[table]
        let view = views.view, superview = views.superview
        entries.withUnsafeBufferPointer { entries in
            var count = 0
            for axis in LayoutAxis.allCases {
                planDirection(axis, of: table, view: view, entries: entries, taken: taken[table], into: plan,
                              count: &count)
            }
            terms.withUnsafeBufferPointer { stored in
                for k in 0 ..< count {
                    emit(plan[k], entries: entries, stored: stored, view: view, superview: superview,
                         into: &sink, steps: &steps, row: row)
                }
            }
        }
    }

    /// The views with rules, in order, shared with a second thread by
    /// ``lower(into:threads:rowsThread:viewID:)``: the second thread lowers chunks
    /// from the last one, each into a ``LoweredChunk`` of its own (row
    /// buffers of its own too), and leaves a chunk with a row the block
    /// does not take (an origin that is not a key, a number not finite, no
    /// room) to the caller.
    private final class SharedTables {
        let size: Int, count: Int
        /// Each chunk's rows, set by the second thread, read by the caller
        /// once published. Storage of this object's own, not a
        /// `ChunkResults`: a generic class's type is made at run time on
        /// its first use, on the caller's thread (BENCHMARKS.md, "rules39").
        let chunks: UnsafeMutablePointer<LoweredChunk?>
        private let chunkCount: Int
        /// The second thread's row buffer (see ``RuleBook/rowCapacity(_:)``)
        /// and table plan, and a chunk's rows and steps before they are copied out at their
        /// size (so that the chunks kept until the caller takes them hold
        /// no room they do not use).
        private let row: UnsafeMutablePointer<(VariableIndex, Double)>
        private let plan: UnsafeMutablePointer<PlannedRow>
        /// Unchecked for exclusivity: only the second thread touches
        /// them (in `sharing`'s work), and the checks of each table's
        /// `inout` passes were about 105 instructions, a seventh of a
        /// table's rows there (BENCHMARKS.md, "e2e59").
        @exclusivity(unchecked) private var sink: BlockSink
        @exclusivity(unchecked) private var steps: Steps
        /// Kept while the second thread reads its storage.
        private let shapes: RowShapes?
        private(set) var sharing: SecondThread.Sharing!

        /// - Parameter variableCount: the builder's variables (a row naming another is refused).
        init(
            _ book: RuleBook, _ order: [Int32], _ threads: LoweringThreads, on kept: ParkedThread?, variableCount: Int,
            shapes: RowShapes?
        ) {
            size = max(threads.ruleChunk, 1)
            count = order.count
            self.shapes = shapes
            let shapeTables = shapes?.tables
            let chunkCount = (count + size - 1) / size
            self.chunkCount = chunkCount
            chunks = .allocate(capacity: chunkCount)
            chunks.initialize(repeating: nil, count: chunkCount)
            let rowCapacity = RuleBook.rowCapacity(book.longestValue)
            row = .allocate(capacity: rowCapacity)
            plan = .allocate(capacity: RuleBook.slotsPerView)
            // At most four rows a direction (two determining values, two
            // bounds), four terms a row on average (the rules families'
            // rows have two or three): a chunk with more is the caller's.
            let rows = 8 * size
            sink = BlockSink(block: RowBatch(block: rows, terms: 4 * rows), variableCount: variableCount)
            steps = Steps(rows: .allocate(capacity: rows), variables: .allocate(capacity: rows), capacity: rows)
            // The second thread keeps the book, the order and this object while it runs.
            sharing = SecondThread.Sharing(chunkCount, waiting: threads.waitsForHelper, on: kept) { [self] k in
                sink.restart()
                steps.removeAll()
                var replayed = 0
                for t in tables(k) {
                    if book.lowerTable(Int(order[t]), shapes: shapeTables, into: &sink, steps: &steps, row: row,
                                       plan: plan) {
                        replayed += 1
                    }
                    guard !sink.refused else { return false }
                }
                chunks[k] = LoweredChunk(sink.block, steps, replayed: replayed)
                return true
            }
        }

        deinit {
            // Each chunk let go by assigning `nil` (the `deinitialize` of
            // an optional had its type made at run time).
            for k in 0 ..< chunkCount { chunks[k] = nil }
            chunks.deallocate()
            row.deallocate()
            plan.deallocate()
            steps.rows.deallocate()
            steps.variables.deallocate()
        }

        /// The positions in the order of chunk `k`'s tables.
        func tables(_ k: Int) -> Range<Int> { k * size ..< min((k + 1) * size, count) }
    }

    /// The rows of the tables that one replay of a template's fresh slots
    /// wrote whole (``Replay``), kept as the rows written for the first
    /// such table of each template with each term's view given as a slot
    /// (0: the table's view, 1: its superview, `2 + k`: its argument `k`),
    /// for the later ones to get the same rows with their own views put in.
    ///
    /// Only tables whose views (view, superview, arguments) are all
    /// different take part: their terms name the same variables of the
    /// same slots, so merging a row's terms (``RowBatch/add(merging:distinct:constant:relation:priority:key:variableCount:room:)``)
    /// sums and drops the same terms, the same numbers in the same order,
    /// and the rows come out term for term as the first table's, in the
    /// same order, the same steps among them. A template any of whose rows
    /// the batch would not take as it is (not finite, a large key) has no shape.
    ///
    /// Made before the rows are written, on the caller's thread; read only
    /// after that (by both threads when the rows are shared).
    private final class RowShapes: @unchecked Sendable {
        /// A shape's row: its terms end at `termEnd` (they start where the
        /// row before ended), and the frame variable of the table's view it
        /// defines when it is a step (`-1`: none).
        struct Row {
            var termStart: Int32, termEnd: Int32
            var constant: Double
            var relation: Relation
            var defines: Int32
        }
        /// A term of a shape's row: `coefficient ·` frame variable `variable` of the view in slot `slot`.
        struct Term {
            var slot: Int32, variable: Int32
            var coefficient: Double
        }

        // Kept out of arrays: reading an array of a class through a buffer
        // retained and released it, a few times a table.
        let rows: UnsafeMutableBufferPointer<Row>
        let terms: UnsafeMutableBufferPointer<Term>
        /// Each shape's rows, `rows[shapeRows[s]]`.
        let shapeRows: UnsafeMutableBufferPointer<Range<Int32>>
        /// Each template's shape: `-1` none (no table of it with views
        /// that all differ, or a row the batch does not take as it is).
        let shapeOfTemplate: UnsafeMutableBufferPointer<Int32>

        deinit {
            rows.deallocate()
            terms.deallocate()
            shapeRows.deallocate()
            shapeOfTemplate.deallocate()
        }

        /// The shapes' storage, for the rows' writers while the object lives
        /// (passing the object retained and released it for every table).
        var tables: ShapeTables {
            ShapeTables(rows: rows, terms: terms, shapeRows: shapeRows, shapeOfTemplate: shapeOfTemplate)
        }

        /// `array`'s elements in storage of their own (room for one at least).
        private static func stored<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
            let storage = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
            _ = storage.initialize(from: array)
            return UnsafeMutableBufferPointer(rebasing: storage[..<array.count])
        }

        /// The shapes of `book`'s templates, each written once from the
        /// slots of the first table one replay of it wrote whose views all
        /// differ (into a block of its own, with `row` and `plan` as
        /// scratch). The tables are read until every template has its
        /// shape: a few dozen in the rules families, on the caller's thread
        /// (the writers check each table's views, on both).
        fileprivate init(_ book: RuleBook, variableCount: Int, row: UnsafeMutablePointer<(VariableIndex, Double)>,
                         plan: UnsafeMutablePointer<PlannedRow>) {
            // Each shape's rows end where the next one's start: their ends
            // are kept, not ranges (an array of `Range<Int32>` was a type
            // made at run time, its element's `Comparable` conformance looked
            // up through all the program's: about 180,000 instructions and
            // 30 to 50 µs once a process, on the build's first thread).
            var made = (rows: [Row](), terms: [Term](), shapeEnds: [Int32]())
            // -2: not made yet; -1: the template has none.
            var shapeOfTemplate = [Int32](repeating: -2, count: Int(book.templateCount))
            var undecided = Int(book.templateCount)
            let longestArguments = book.replays.withUnsafeBufferPointer {
                $0.reduce(0) { max($0, Int($1.argumentCount)) }
            }
            let slotViews = UnsafeMutablePointer<Int32>.allocate(capacity: 2 + longestArguments)
            defer { slotViews.deallocate() }
            // Read through buffers: a table costs a few dozen instructions, on the caller's thread.
            book.replays.withUnsafeBufferPointer { replays in
                book.viewsOfTable.withUnsafeBufferPointer { views in
                    book.replayArguments.withUnsafeBufferPointer { arguments in
                        shapeOfTemplate.withUnsafeMutableBufferPointer { shapeOfTemplate in
                            for table in 0 ..< views.count {
                                guard undecided > 0 else { break }
                                let replay = replays[table]
                                guard replay.template >= 0, shapeOfTemplate[Int(replay.template)] == -2 else {
                                    continue
                                }
                                slotViews[0] = views[table].view.rawValue
                                slotViews[1] = views[table].superview.rawValue
                                let argumentCount = Int(replay.argumentCount)
                                for k in 0 ..< argumentCount {
                                    slotViews[2 &+ k] = arguments[Int(replay.arguments) &+ k].rawValue
                                }
                                // The views all differ (a noted replay's do).
                                guard book.origins.key(at: Int(replay.rule)) != nil else { continue }
                                shapeOfTemplate[Int(replay.template)] = Self.record(
                                    table, of: book, slotViews: slotViews, slotCount: 2 + argumentCount,
                                    variableCount: variableCount, row: row, plan: plan, into: &made)
                                undecided -= 1
                            }
                        }
                    }
                }
            }
            rows = Self.stored(made.rows)
            terms = Self.stored(made.terms)
            let shapeRows = UnsafeMutableBufferPointer<Range<Int32>>.allocate(capacity: max(made.shapeEnds.count, 1))
            for s in made.shapeEnds.indices {
                (shapeRows.baseAddress! + s).initialize(to: (s == 0 ? 0 : made.shapeEnds[s - 1]) ..< made.shapeEnds[s])
            }
            self.shapeRows = UnsafeMutableBufferPointer(rebasing: shapeRows[..<made.shapeEnds.count])
            // A template none of whose tables could be read has none.
            for t in shapeOfTemplate.indices where shapeOfTemplate[t] == -2 { shapeOfTemplate[t] = -1 }
            self.shapeOfTemplate = Self.stored(shapeOfTemplate)
        }

        /// Writes `table`'s rows from its slots into a block of their own
        /// and keeps them as a shape in `made`, whose number it returns
        /// (`-1` when a row is one the block does not take).
        private static func record(
            _ table: Int, of book: RuleBook, slotViews: UnsafeMutablePointer<Int32>, slotCount: Int,
            variableCount: Int, row: UnsafeMutablePointer<(VariableIndex, Double)>,
            plan: UnsafeMutablePointer<PlannedRow>, into made: inout (rows: [Row], terms: [Term], shapeEnds: [Int32])
        ) -> Int32 {
            let key = book.origins.key(at: Int(book.replays[table].rule))
            let rowRoom = RuleBook.slotsPerView
            var sink = BlockSink(block: RowBatch(block: rowRoom, terms: rowRoom * RuleBook.rowCapacity(book.longestValue)),
                                 variableCount: variableCount)
            var steps = Steps(rows: .allocate(capacity: rowRoom), variables: .allocate(capacity: rowRoom),
                              capacity: rowRoom)
            defer {
                steps.rows.deallocate()
                steps.variables.deallocate()
            }
            book.writeTable(table, into: &sink, steps: &steps, row: row, plan: plan)
            guard !sink.refused else { return -1 }
            var rows: [Row] = [], terms: [Term] = []
            var kept = true
            sink.block.forEachRow { columns, coefficients, constant, relation, priority, rowKey in
                guard kept, priority == Priority(rawValue: 1000)!, UInt64(rowKey) == key else {
                    kept = false
                    return
                }
                let start = Int32(made.terms.count + terms.count)
                for i in columns.indices {
                    // Every view a row names is in a slot (a template's terms name slots).
                    guard let slot = (0 ..< slotCount).first(where: { slotViews[$0] == columns[i] >> 2 }) else {
                        kept = false
                        return
                    }
                    terms.append(Term(slot: Int32(slot), variable: columns[i] & 3, coefficient: coefficients[i]))
                }
                rows.append(Row(termStart: start, termEnd: Int32(made.terms.count + terms.count), constant: constant,
                                relation: relation, defines: -1))
            }
            for j in 0 ..< steps.count where kept {
                let variable = steps.variables[j].rawValue
                if variable >> 2 == slotViews[0] {
                    rows[steps.rows[j].int].defines = variable & 3
                } else {
                    kept = false
                }
            }
            guard kept else { return -1 }
            made.rows += rows
            made.terms += terms
            made.shapeEnds.append(Int32(made.rows.count))
            return Int32(made.shapeEnds.count - 1)
        }
    }

    /// The storage of a ``RowShapes``, read while it lives.
    private struct ShapeTables {
        let rows: UnsafeMutableBufferPointer<RowShapes.Row>
        let terms: UnsafeMutableBufferPointer<RowShapes.Term>
        let shapeRows: UnsafeMutableBufferPointer<Range<Int32>>
        let shapeOfTemplate: UnsafeMutableBufferPointer<Int32>
    }

    /// Adds `table`'s rows from its shape in `shapes` (``RowShapes``), with
    /// its views in the slots, and their steps, as writing them from its
    /// slots would: all of them into the sink's batch at once
    /// (``RuleRowSink/addRows(_:terms:key:write:)``), or, when it does not
    /// take them so, one by one.
    @inline(__always)
    private func replayShape<Sink: RuleRowSink>(
        _ shape: Int, of table: Int, view: ViewIndex, superview: ViewIndex, key: UInt64, shapes: ShapeTables,
        into sink: inout Sink, steps: inout Steps, row: UnsafeMutablePointer<(VariableIndex, Double)>
    ) {
        let replay = replays[table]
        let required = Priority(rawValue: 1000)!
        let view = view.rawValue, superview = superview.rawValue
        let range = shapes.shapeRows[shape]
        let rows = shapes.rows, terms = shapes.terms
        let low = Int(range.lowerBound), high = Int(range.upperBound)
        // The table's rows in one piece: one room check, the rows written
        // in one loop (their terms follow one another in `terms`).
        if low < high {
            let termStart = Int(rows[low].termStart)
            let added = replayArguments.withUnsafeBufferPointer { arguments in
                sink.addRows(high &- low, terms: Int(rows[high &- 1].termEnd) &- termStart, key: key) { room, first in
                    var t = 0
                    var k = termStart
                    // A `while`: the range's iterator was left as a call (17 instructions a table).
                    var r = low
                    while r < high {
                        let shaped = rows[r]
                        let end = Int(shaped.termEnd)
                        while k < end {
                            let term = terms[k]
                            let owner = switch term.slot {
                            case 0: view
                            case 1: superview
                            default: arguments[Int(replay.arguments) &+ Int(term.slot) &- 2].rawValue
                            }
                            room.columns[t] = owner &* 4 &+ term.variable
                            room.coefficients[t] = term.coefficient
                            t &+= 1
                            k &+= 1
                        }
                        let i = r &- low
                        room.termEnds[i] = room.termBase &+ Int32(truncatingIfNeeded: t)
                        room.constants[i] = shaped.constant
                        room.relations[i] = shaped.relation
                        room.priorities[i] = required
                        room.keys[i] = UInt32(truncatingIfNeeded: key)
                        if shaped.defines >= 0 {
                            steps.append(RowIndex(first &+ i),
                                         defining: VariableIndex(rawValue: view &* 4 &+ shaped.defines))
                        }
                        r &+= 1
                    }
                }
            }
            if added { return }
        }
        replayArguments.withUnsafeBufferPointer { arguments in
            for r in low ..< high {
                let shaped = rows[r]
                let start = Int(shaped.termStart)
                let index = sink.addRow(
                    trusted: Int(shaped.termEnd) &- start,
                    term: { i in
                        let term = terms[start &+ i]
                        let owner = switch term.slot {
                        case 0: view
                        case 1: superview
                        default: arguments[Int(replay.arguments) &+ Int(term.slot) &- 2].rawValue
                        }
                        return (owner &* 4 &+ term.variable, term.coefficient)
                    },
                    constant: shaped.constant, relation: shaped.relation, priority: required, key: key,
                    scratch: row)
                if shaped.defines >= 0 {
                    steps.append(index, defining: VariableIndex(rawValue: view &* 4 &+ shaped.defines))
                }
            }
        }
    }

    /// One chunk's rows as the second thread made them, and its steps, with
    /// rows counted from the chunk's first: copies of the second thread's
    /// at their size.
    private final class LoweredChunk {
        var block: RowBatch
        let steps: Steps
        /// Its tables whose rows came from a shape.
        let replayed: Int

        init(_ block: RowBatch, _ steps: Steps, replayed: Int) {
            self.replayed = replayed
            self.block = block.compacted()
            let count = steps.count
            var copy = Steps(rows: .allocate(capacity: max(count, 1)), variables: .allocate(capacity: max(count, 1)),
                             capacity: max(count, 1))
            for j in 0 ..< count { copy.append(steps.rows[j], defining: steps.variables[j]) }
            self.steps = copy
        }

        deinit {
            steps.rows.deallocate()
            steps.variables.deallocate()
        }
    }

    /// The rows of a chunk lowered on the second thread, gathered in a
    /// block; a row the block does not take marks the chunk refused.
    private struct BlockSink: RuleRowSink {
        private(set) var block: RowBatch
        let variableCount: Int
        private(set) var rows = 0
        private(set) var refused = false

        init(block: RowBatch, variableCount: Int) {
            self.block = block
            self.variableCount = variableCount
        }

        /// Empties the block for the next chunk.
        mutating func restart() {
            block.removeAll()
            rows = 0
            refused = false
        }

        mutating func addRow(
            contiguous terms: UnsafeBufferPointer<(VariableIndex, Double)>, constant: Double,
            relation: Relation, priority: Priority, origin: RowOrigin
        ) -> RowIndex {
            if case .key(let key) = origin, block.add(
                terms, constant: constant, relation: relation, priority: priority, key: key,
                variableCount: variableCount, room: block.room) {
                rows &+= 1
                return RowIndex(rows &- 1)
            }
            refused = true
            return RowIndex(rows)
        }

        mutating func addRow(
            merging terms: UnsafeBufferPointer<(VariableIndex, Double)>, distinct: Int, constant: Double,
            relation: Relation, priority: Priority, key: UInt64
        ) -> RowIndex {
            if block.add(merging: terms, distinct: distinct, constant: constant, relation: relation,
                         priority: priority, key: key, variableCount: variableCount, room: block.room) {
                rows &+= 1
                return RowIndex(rows &- 1)
            }
            refused = true
            return RowIndex(rows)
        }

        mutating func addRow(
            trusted count: Int, term: (Int) -> (Int32, Double), constant: Double, relation: Relation,
            priority: Priority, key: UInt64, scratch: UnsafeMutablePointer<(VariableIndex, Double)>
        ) -> RowIndex {
            if block.add(trusted: count, term: term, constant: constant, relation: relation, priority: priority,
                         key: key, room: block.room) {
                rows &+= 1
                return RowIndex(rows &- 1)
            }
            refused = true
            return RowIndex(rows)
        }

        mutating func addRows(_ count: Int, terms: Int, key: UInt64, write: (RowBatch.Room, Int) -> Void) -> Bool {
            let first = rows
            guard block.add(rows: count, terms: terms, key: key, room: block.room, { write($0, first) }) else {
                return false
            }
            rows &+= count
            return true
        }
    }

    /// The schedule's steps as ``lower(into:threads:rowsThread:viewID:)`` writes them: rows and
    /// the variables they define, in two buffers of `capacity` each.
    private struct Steps {
        let rows: UnsafeMutablePointer<RowIndex>
        let variables: UnsafeMutablePointer<VariableIndex>
        let capacity: Int
        private(set) var count = 0

        init(rows: UnsafeMutablePointer<RowIndex>, variables: UnsafeMutablePointer<VariableIndex>, capacity: Int) {
            self.rows = rows
            self.variables = variables
            self.capacity = capacity
        }

        /// Forgets the steps written (the buffers are kept).
        mutating func removeAll() { count = 0 }

        @inline(__always)
        mutating func append(_ row: RowIndex, defining variable: VariableIndex) {
            precondition(count < capacity, "more steps than a table has")
            (rows + count).initialize(to: row)
            (variables + count).initialize(to: variable)
            count &+= 1
        }
    }

    /// A row of a table as ``lowerTable(_:shapes:into:steps:row:plan:)`` plans it:
    /// the entry's slot, the slot whose row is combined with it (`-1`:
    /// none) and the variable the row defines when it is a step.
    private struct PlannedRow {
        var slot: Int32
        var other: Int32
        var defines: VariableIndex?
    }

    /// Plans the rows of one direction of one view at `plan[count...]`,
    /// advancing `count`: the determining values (in the order that makes
    /// them 1×1 steps), then the bounds.
    @inline(__always)
    private func planDirection(
        _ axis: LayoutAxis, of table: Int, view: ViewIndex, entries: UnsafeBufferPointer<Entry>, taken bits: UInt8,
        into plan: UnsafeMutablePointer<PlannedRow>, count: inout Int
    ) {
        let base = Self.base(table, axis)
        let position = view.variable(axis == .horizontal ? .left : .top)
        let size = view.variable(axis == .horizontal ? .width : .height)
        var n = count
        func add(_ slot: Int, combinedWith other: Int = -1, defining variable: VariableIndex?) {
            plan[n] = PlannedRow(slot: Int32(truncatingIfNeeded: slot), other: Int32(truncatingIfNeeded: other),
                                 defines: variable)
            n &+= 1
        }
        func name(_ slot: Int) -> RuleName? { Self.isTaken(slot, bits) ? entries[slot].name : nil }
        let ra = name(base)?.role, rb = name(base + 1)?.role
        switch (ra, rb) {
        case (nil, nil):
            break
        case (nil, _):
            add(base + 1, defining: nil)
        case (let ra?, let rb?):
            let first: Int, second: Int, firstDefines: VariableIndex
            var eliminate = false
            if ra == .leadingEdge || rb == .leadingEdge {
                (first, second) = ra == .leadingEdge ? (base, base + 1) : (base + 1, base)
                firstDefines = position
            } else if ra == .size || rb == .size {
                (first, second) = ra == .size ? (base, base + 1) : (base + 1, base)
                firstDefines = size
            } else {
                // The trailing edge, made free of the position with the center, defines the size.
                (first, second) = ra == .trailingEdge ? (base, base + 1) : (base + 1, base)
                firstDefines = size
                eliminate = true
            }
            add(first, combinedWith: eliminate ? second : -1, defining: firstDefines)
            add(second, defining: firstDefines == size ? position : size)
        case (_?, nil):
            assertionFailure("a lone determining value sits in the newer slot")
        }
        let bounds = Self.boundBase(table, axis)
        for slot in bounds ... bounds + 1 where Self.isTaken(slot, bits) {
            add(slot, defining: nil)
        }
        count = n
    }

    /// Adds the row of the entry in `planned.slot`; with `planned.other`,
    /// minus the multiple of that entry's row that cancels the view's
    /// position (the names' signs on the view differ for `bb` and `ct`,
    /// agree for `rl` and `cl`). A row that defines a variable becomes one
    /// of the schedule's `steps`.
    ///
    /// A row may name a variable twice (a combined row, or a stored value
    /// naming the view or its superview: `tt = %bt + 8` has the
    /// superview's top on both sides): with ``mergesRepeatedTerms`` every
    /// keyed row is merged as it is copied into the builder's batch
    /// (``RuleRowSink/addRow(merging:distinct:constant:relation:priority:key:)``), as
    /// the system would merge it; without, it is handed over as written and
    /// the builder merges it on its general path.
    @inline(__always)
    private func emit<Sink: RuleRowSink>(
        _ planned: PlannedRow, entries: UnsafeBufferPointer<Entry>,
        stored: UnsafeBufferPointer<(VariableIndex, Double)>, view: ViewIndex, superview: ViewIndex,
        into builder: inout Sink, steps: inout Steps,
        row: UnsafeMutablePointer<(VariableIndex, Double)>
    ) {
        let entry = entries[Int(planned.slot)]
        var count = 0
        // The name's terms come first: a view's and its superview's
        // variables, coefficients ±1 or ±½, distinct.
        var distinct = 0
        var constant = writeRow(of: entry, view: view, superview: superview, stored: stored, to: row, count: &count,
                                nameEnd: &distinct)
        if planned.other >= 0, let name = entry.name, let otherName = entries[Int(planned.other)].name {
            let other = entries[Int(planned.other)]
            let factor = -name.geometry.viewSign * otherName.geometry.viewSign
            let split = count
            var otherNameEnd = 0
            constant += factor * writeRow(of: other, view: view, superview: superview, stored: stored, to: row,
                                          count: &count, nameEnd: &otherNameEnd)
            for k in split ..< count { row[k].1 *= factor }
        }
        let relation: Relation = switch entry.name?.role {
        case .minimum?: .greaterOrEqual
        case .maximum?: .lessOrEqual
        default: .equal
        }
        // A document's rule keeps its key (see DocumentOrigins), passed on as
        // a key (`entry(at:)`'s enum was copied and destroyed for every row).
        let rule = Int(self.rule(at: Int(planned.slot)))
        let terms = UnsafeBufferPointer(start: row, count: count)
        // Not `.required`: a global's addressor called for every row; this folds to the constant.
        let required = Priority(rawValue: 1000)!
        let r = if let key = origins.key(at: rule) {
            mergesRepeatedTerms
                ? builder.addRow(merging: terms, distinct: distinct, constant: constant, relation: relation,
                                 priority: required, key: key)
                : builder.addRow(contiguous: terms, constant: constant, relation: relation, priority: required,
                                 origin: .key(key))
        } else {
            builder.addRow(contiguous: terms, constant: constant, relation: relation, priority: required,
                           origin: origins.entry(at: rule))
        }
        if let variable = planned.defines { steps.append(r, defining: variable) }
    }

    /// Writes `name(v, s) - value`'s terms for `entry` at `row[count...]`,
    /// advancing `count`, and returns the row's constant (`-value.constant`);
    /// the name's terms end at `nameEnd`. `row` has room for four terms
    /// more than the entry's.
    @inline(__always)
    private func writeRow(
        of entry: Entry, view: ViewIndex, superview: ViewIndex, stored: UnsafeBufferPointer<(VariableIndex, Double)>,
        to row: UnsafeMutablePointer<(VariableIndex, Double)>, count: inout Int, nameEnd: inout Int
    ) -> Double {
        guard let name = entry.name else { return 0 }
        var n = count + name.writeTerms(of: view, superview: superview, to: row + count)
        nameEnd = n
        for k in Int(entry.termStart) ..< Int(entry.termStart) + Int(entry.termCount) {
            row[n] = (stored[k].0, -stored[k].1)
            n &+= 1
        }
        count = n
        return -entry.constant
    }

    /// The graph over tables: superview, views named in values, own view.
    ///
    /// A table that one replay of a template's fresh slots wrote whole
    /// (``Replay``) and whose views (view, superview, arguments) all
    /// differ gets its edges from the template's ``EdgeShape``, its views
    /// put in: the slots its edges go to, in order, as the first such
    /// table's slots and terms gave them (`replaysEdgeShapes`; the same
    /// edges, see ``EdgeShape``). Returns the graph, and sets `replayed`
    /// to how many tables took a shape. (Not a tuple of the two: the
    /// tuple's type was made at run time to destroy it, on the build's
    /// first thread: BENCHMARKS.md, "rules39".)
    func dependencyGraph(replayed: inout Int) -> RuleGraph {
        var graph = RuleGraph(reservingNodes: tableCount, edges: 2 * tableCount)
        var shapes = EdgeShapes(templates: replaysEdgeShapes ? Int(templateCount) : 0)
        replayed = 0
        // Read through buffers: the bounds checks of eight slots a table and
        // their terms were most of the loop.
        entries.withUnsafeBufferPointer { entries in slotRules.withUnsafeBufferPointer { slotRules in
            terms.withUnsafeBufferPointer { terms in
                tableOfView.withUnsafeBufferPointer { tableOfView in
                    viewsOfTable.withUnsafeBufferPointer { viewsOfTable in
                        replayArguments.withUnsafeBufferPointer { arguments in
                            for table in 0 ..< viewsOfTable.count {
                                let views = viewsOfTable[table]
                                let view = views.view, superview = views.superview
                                let replay = replays[table]
                                // A noted replay's views all differ (``Replay``).
                                if replay.template >= 0, replay.template < shapes.count {
                                    let shape = shapes.shape(of: Int(replay.template)) {
                                        EdgeShape(table, of: self, replay: replay, entries: entries, terms: terms)
                                    }
                                    if let shape {
                                        // The shape's slots by index through a buffer (a range's
                                        // iterator and the array's checks were a third of a table).
                                        shapes.slots.withUnsafeBufferPointer { slots in
                                            var s = shape.lowerBound
                                            while s < shape.upperBound {
                                                let slot = slots[s]
                                                let target: Int32 = switch slot {
                                                case 0: Int32(truncatingIfNeeded: table)
                                                case 1: tableOfView[superview.int]
                                                default:
                                                    tableOfView[arguments[Int(replay.arguments) &+ Int(slot) &- 2].int]
                                                }
                                                if target >= 0 { graph.addNewDependency(target, label: replay.rule) }
                                                s &+= 1
                                            }
                                        }
                                        graph.closeNode()
                                        replayed &+= 1
                                        continue
                                    }
                                }
                                let base = table * Self.slotsPerView
                                var firstRule = Int32.max
                                let bits = taken[table]
                                for k in 0 ..< Self.slotsPerView {
                                    let slot = base + Self.slotInReadingOrder(k)
                                    guard Self.isTaken(slot, bits) else { continue }
                                    let entry = entries[slot]
                                    // `rule(at:)`, the table's replay read once.
                                    let rule = replay.template >= 0 ? replay.rule : slotRules[slot]
                                    firstRule = min(firstRule, rule)
                                    if entry.refersToOwnView { graph.addDependency(Int32(table), label: rule) }
                                    let from = Int(entry.termStart)
                                    for k in from ..< from + Int(entry.termCount) {
                                        let other = Int(terms[k].0.rawValue >> 2)
                                        if other == view.int { continue }
                                        let target = tableOfView[other]
                                        if target >= 0 { graph.addDependency(target, label: rule) }
                                    }
                                }
                                if firstRule != .max, tableOfView[superview.int] >= 0 {
                                    graph.addDependency(tableOfView[superview.int], label: firstRule)
                                }
                                graph.closeNode()
                            }
                        }
                    }
                }
            }
        } }
        return graph
    }

    /// The dependency edges of the tables one replay of a template's fresh
    /// slots wrote whole, as slots (0: the table's own view, for a value
    /// that refers to it; 1: its superview; `2 + k`: argument `k`), in the
    /// order ``dependencyGraph()`` adds edges for them from the slots: each
    /// value's own-view flag and its terms' views, slot by slot, then the
    /// superview; each slot once. Made from the first such table whose views
    /// all differ.
    ///
    /// Why the edges are the same for every such table: the template's fresh
    /// slots are copied into each (the same names in the same slots, every
    /// value by the one rule, so one label), and each term names the view of
    /// the same slot (the template keeps terms by slot). With the views all
    /// different, distinct slots are distinct views, so distinct tables
    /// (or no table): adding an edge only for a slot not added before is
    /// the graph's own check of the edge's target, and a slot whose view has
    /// no table adds no edge in either. A term whose view is in no slot, or
    /// a value of another rule, leaves the template without a shape.
    private struct EdgeShape {
        let slots: [Int32]

        init?(_ table: Int, of book: RuleBook, replay: Replay, entries: UnsafeBufferPointer<Entry>,
              terms: UnsafeBufferPointer<(VariableIndex, Double)>) {
            let view = book.viewsOfTable[table].view, superview = book.viewsOfTable[table].superview
            var slots: [Int32] = []
            func add(_ slot: Int32) { if !slots.contains(slot) { slots.append(slot) } }
            var any = false
            let base = table * RuleBook.slotsPerView
            for k in 0 ..< RuleBook.slotsPerView {
                let slot = base + RuleBook.slotInReadingOrder(k)
                guard book.name(at: slot) != nil else { continue }
                let entry = entries[slot]
                guard book.rule(at: slot) == replay.rule else { return nil }
                any = true
                if entry.refersToOwnView { add(0) }
                for k in Int(entry.termStart) ..< Int(entry.termStart) + Int(entry.termCount) {
                    let other = ViewIndex(rawValue: terms[k].0.rawValue >> 2)
                    if other == view { continue }
                    if other == superview {
                        add(1)
                        continue
                    }
                    let arguments = Int(replay.arguments) ..< Int(replay.arguments) + Int(replay.argumentCount)
                    guard let k = arguments.first(where: { book.replayArguments[$0] == other }) else { return nil }
                    add(Int32(2 + k - arguments.lowerBound))
                }
            }
            if any { add(1) }
            self.slots = slots
        }
    }

    /// Each template's ``EdgeShape``, made on first use.
    private struct EdgeShapes {
        /// Per template: -2 not made yet, -1 none, else the shape's start in `slots`.
        private var first: [Int32]
        private var ends: [Int32]
        private(set) var slots: [Int32] = []
        var count: Int { first.count }

        init(templates: Int) {
            first = [Int32](repeating: -2, count: templates)
            ends = [Int32](repeating: 0, count: templates)
        }

        /// Where `template`'s shape is in `slots`, made by `make` the first time; `nil` if it has none.
        /// - Precondition: `template` is below ``count`` (read unchecked:
        ///   the arrays' checks were a tenth of a replayed table's edges).
        @inline(__always)
        mutating func shape(of template: Int, make: () -> EdgeShape?) -> Range<Int>? {
            var start = first.withUnsafeBufferPointer { $0[template] }
            if start == -2 {
                if let made = make() {
                    first[template] = Int32(slots.count)
                    slots += made.slots
                    ends[template] = Int32(slots.count)
                } else {
                    first[template] = -1
                }
                start = first[template]
            }
            guard start >= 0 else { return nil }
            return Int(start) ..< Int(ends.withUnsafeBufferPointer { $0[template] })
        }
    }

    // MARK: - Naming rules in messages

    /// Where a rule's diagnostics point: `rules[4] (view "row2")` for a
    /// document's rule, `rule (view "badge")` for one added in code.
    func location(ofRule rule: Int32, viewID: (ViewIndex) -> String) -> String {
        let name = origin(of: rule).index.map { "rules[\($0)]" } ?? "rule"
        return "\(name) (view \"\(viewID(view(of: rule)))\")"
    }

    /// A rule named again at the end of a cycle: `rules[4]`, or `rule at File.swift:12`.
    func shortName(ofRule rule: Int32) -> String {
        let origin = origin(of: rule)
        if let index = origin.index { return "rules[\(index)]" }
        guard let file = origin.file else { return "rule" }
        return "rule at \(file)" + (origin.line.map { ":\($0)" } ?? "")
    }

    /// A rule in a list (cycle members): its location, plus the Swift file
    /// and line for rules added in code.
    func label(ofRule rule: Int32, viewID: (ViewIndex) -> String) -> String {
        let origin = origin(of: rule)
        var s = location(ofRule: rule, viewID: viewID)
        if origin.index == nil, let file = origin.file {
            s += " at \(file)" + (origin.line.map { ":\($0)" } ?? "")
        }
        return s
    }
}
