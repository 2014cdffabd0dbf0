/// Height for width: solves a layout whose views measure their content,
/// re-measuring each at the width the last solve gave it until nothing
/// changes.
///
/// 1. Before the first solve, each text is measured unwrapped: its width
///    becomes the view's intrinsic width (hugging and compression
///    resistance, as any intrinsic width) and its height and baselines the
///    first guess.
/// 2. Solve; measure each view at its solved width; where the height or a
///    baseline differs from what the system holds, change the intrinsic
///    height rows and the constants of the rows that name the baselines.
/// 3. Repeat until a solve changes nothing, at most ``maxPasses`` solves;
///    then throw ``LayoutProblem/contentDidNotSettle(views:passes:)`` naming
///    the views that still changed.
///
/// Measurements are cached per (text, width), and per (view, width) for
/// measure functions, so a view whose width did not change costs a lookup.
/// A sizer kept between solves (``CompiledLayout`` keeps one) starts from its
/// last measurements, so a solve at a size where no width changes is one
/// solve.
final class ContentSizer {
    /// A measurement as the system uses it.
    struct Measured {
        var height: Double
        /// Baselines below the view's top.
        var first: Double
        var last: Double
        /// The text's lines, for views with text.
        var text: TextMetrics?

        func sameNumbers(as other: Measured) -> Bool {
            height == other.height && first == other.first && last == other.last
        }
    }

    /// A measure function of the Swift API, with the view's intrinsic width if it has one.
    struct Function {
        var measure: (Double) -> ContentSize
        var intrinsicWidth: Double?
    }

    /// The most solves one layout may take.
    static let maxPasses = 8

    private(set) var plan: ContentPlan
    private let measurer: (any TextMeasurer)?
    private let functions: [Int32: Function]
    private var textCache: [TextKey: TextMetrics] = [:]
    private var functionCache: [FunctionKey: ContentSize] = [:]
    /// What the system holds for each entry; `nil` before the first solve.
    private(set) var current: [Measured?]
    /// Each entry's baseline rows (indices into `plan.baselineRows`).
    private let rowsOfEntry: [[Int]]

    /// Calls to the text measurer and measure functions (cache misses), over the sizer's life.
    private(set) var measureCalls = 0
    /// Measurements answered from the cache.
    private(set) var cacheHits = 0
    /// Solves taken by the last ``solve(viewIDs:setConstant:solve:)``.
    private(set) var passes = 0

    private struct TextKey: Hashable {
        var text: Text
        var width: UInt64
    }

    private struct FunctionKey: Hashable {
        var entry: Int32
        var width: UInt64
    }

    init(plan: ContentPlan, measurer: (any TextMeasurer)?, functions: [Int32: Function] = [:]) {
        self.plan = plan
        self.measurer = measurer
        self.functions = functions
        current = Array(repeating: nil, count: plan.entries.count)
        var rows = Array(repeating: [Int](), count: plan.entries.count)
        for (k, row) in plan.baselineRows.enumerated() {
            for term in row.terms where rows[Int(term.entry)].last != k { rows[Int(term.entry)].append(k) }
        }
        rowsOfEntry = rows
    }

    /// The report of the last solve: counts, and each text's metrics at its final width.
    var report: ContentReport {
        var texts: [Int: TextMetrics] = [:]
        for (i, entry) in plan.entries.enumerated() {
            if let metrics = current[i]?.text { texts[Int(entry.view)] = metrics }
        }
        return ContentReport(passes: passes, measureCalls: measureCalls, cacheHits: cacheHits, texts: texts)
    }

    /// Solves to a fixed point: `solve` solves the system as it stands,
    /// `setConstant` changes a row's constant (and origin) in it.
    func solve(
        setConstant: (Double, RowIndex, Origin?) -> Void,
        solve: () throws(LayoutError) -> Solution
    ) throws(LayoutError) -> Solution {
        var touched: Set<Int> = []
        for i in plan.entries.indices where current[i] == nil {
            let m = try measure(i, width: nil, setWidth: setConstant)
            apply(i, m, setConstant: setConstant)
            touched.formUnion(rowsOfEntry[i])
        }
        updateBaselineRows(touched, setConstant: setConstant)
        passes = 0
        while true {
            let solution = try solve()
            passes += 1
            touched.removeAll(keepingCapacity: true)
            var changed: [Int] = []
            for (i, entry) in plan.entries.enumerated() {
                let width = max(0, solution.values[ViewIndex(rawValue: entry.view).variable(.width).int])
                let m = try measure(i, width: width, setWidth: setConstant)
                if let old = current[i], old.sameNumbers(as: m) {
                    current[i]?.text = m.text  // the same size; keep the lines of this width
                    continue
                }
                apply(i, m, setConstant: setConstant)
                touched.formUnion(rowsOfEntry[i])
                changed.append(i)
            }
            if changed.isEmpty { return solution }
            updateBaselineRows(touched, setConstant: setConstant)
            if passes >= Self.maxPasses {
                throw LayoutError([Diagnostic(location: "layout", problem: .contentDidNotSettle(
                    views: changed.map { plan.entries[$0].id }, passes: passes))])
            }
        }
    }

    /// Gives entry `i` a new text: the next solve measures it afresh
    /// (unwrapped for its intrinsic width, then at its solved width).
    func setText(_ text: Text, entry i: Int) {
        guard plan.entries[i].text != text else { return }
        plan.entries[i].text = text
        current[i] = nil
    }

    /// Measures entry `i` at `width` (`nil`: unwrapped, which also sets the
    /// intrinsic width of a text).
    private func measure(
        _ i: Int, width: Double?, setWidth: (Double, RowIndex, Origin?) -> Void
    ) throws(LayoutError) -> Measured {
        let entry = plan.entries[i]
        if let text = entry.text {
            let metrics = try measureText(text, width: width, entry: entry)
            if width == nil, let row = entry.widthRow {
                setLength(metrics.width, axis: .horizontal, row: row, entry: entry, setConstant: setWidth)
            }
            return Measured(height: metrics.height, first: metrics.firstBaseline, last: metrics.lastBaseline,
                            text: metrics)
        }
        guard let function = functions[entry.view] else {
            preconditionFailure("measured view \(entry.id) has neither text nor a measure function")
        }
        if width == nil, let row = entry.widthRow, let w = function.intrinsicWidth {
            setLength(w, axis: .horizontal, row: row, entry: entry, setConstant: setWidth)
        }
        guard let at = width ?? function.intrinsicWidth else { return Measured(height: 0, first: 0, last: 0) }
        let key = FunctionKey(entry: Int32(i), width: at.bitPattern)
        let size: ContentSize
        if let cached = functionCache[key] {
            cacheHits += 1
            size = cached
        } else {
            measureCalls += 1
            size = function.measure(at)
            for (name, value) in [("height", size.height), ("firstBaseline", size.firstBaseline ?? 0),
                                  ("lastBaseline", size.lastBaseline ?? 0)] where !value.isFinite || (name == "height" && value < 0) {
                throw LayoutError([Diagnostic(location: entry.id, problem: .nonFiniteInput(
                    "the \(name) (\(value)) that the measure function of view '\(entry.id)' gave at width \(NumberFormatting.shortest(at))"))])
            }
            functionCache[key] = size
        }
        return Measured(height: size.height, first: size.firstBaseline ?? size.height,
                        last: size.lastBaseline ?? size.height, text: nil)
    }

    private func measureText(_ text: Text, width: Double?, entry: ContentPlan.Entry) throws(LayoutError) -> TextMetrics {
        let key = TextKey(text: text, width: width?.bitPattern ?? UInt64.max)
        if let cached = textCache[key] {
            cacheHits += 1
            return cached
        }
        guard let measurer else {
            throw LayoutError([Diagnostic(location: entry.location, problem: .noTextMeasurer(view: entry.id))])
        }
        measureCalls += 1
        let metrics: TextMetrics
        do {
            metrics = try measurer.measure(text, width: width)
        } catch {
            throw LayoutError([Diagnostic(location: entry.location, problem: .textMeasurement(view: entry.id, error.message))])
        }
        textCache[key] = metrics
        return metrics
    }

    private func apply(_ i: Int, _ m: Measured, setConstant: (Double, RowIndex, Origin?) -> Void) {
        let entry = plan.entries[i]
        setLength(m.height, axis: .vertical, row: entry.heightRow, entry: entry, setConstant: setConstant)
        current[i] = m
    }

    /// Sets an intrinsic length's hugging and resistance rows.
    private func setLength(
        _ length: Double, axis: LayoutAxis, row: RowIndex, entry: ContentPlan.Entry,
        setConstant: (Double, RowIndex, Origin?) -> Void
    ) {
        let h = axis == .horizontal ? entry.hugging.horizontal : entry.hugging.vertical
        let r = axis == .horizontal ? entry.resistance.horizontal : entry.resistance.vertical
        let origins = SystemBuilder.intrinsicOrigins(id: entry.id, axis: axis, length: length, hugging: h, resistance: r)
        setConstant(-length, row, origins.hugging)
        setConstant(-length, RowIndex(row.int + 1), origins.resistance)
    }

    /// Recomputes the constants of the baseline rows in `rows` from the current measurements.
    private func updateBaselineRows(_ rows: Set<Int>, setConstant: (Double, RowIndex, Origin?) -> Void) {
        for k in rows.sorted() {
            let row = plan.baselineRows[k]
            var constant = row.base
            for term in row.terms {
                guard let m = current[Int(term.entry)] else { continue }
                constant += term.coefficient * (term.last ? m.last : m.first)
            }
            setConstant(constant, row.row, nil)
        }
    }
}

/// What measuring content cost in a layout, and what the texts measured.
public struct ContentReport: Sendable {
    /// Solves the last layout took (1 when no measured width changed).
    public var passes: Int
    /// Calls to the text measurer and to measure functions (cache misses).
    public var measureCalls: Int
    /// Measurements answered from the cache.
    public var cacheHits: Int
    /// Each text view's metrics at its final width, by view index.
    public var texts: [Int: TextMetrics]

    public init(passes: Int = 0, measureCalls: Int = 0, cacheHits: Int = 0, texts: [Int: TextMetrics] = [:]) {
        self.passes = passes
        self.measureCalls = measureCalls
        self.cacheHits = cacheHits
        self.texts = texts
    }
}
