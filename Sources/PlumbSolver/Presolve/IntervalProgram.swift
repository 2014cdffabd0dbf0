/// The exact lexicographic optimum of a program in one variable.
///
/// After presolve, most of a content-sized layout falls apart into variables
/// that only single-variable rows mention: a table column's width bound by
/// every cell in the column (`w >= intrinsic @ 750`, `w <= intrinsic @ 250`,
/// `w <= cap` required), a row's height bound by its cells. Each such program
/// is solved here without a tableau, in O(k log k) for k rows:
///
/// 1. the required rows make an interval `[lo, hi]` (empty: a conflict, which
///    the caller leaves to the simplex to explain);
/// 2. each optional level, highest first, is a convex piecewise-linear
///    penalty `Σ |a|·distance` whose breakpoints are the rows' roots; its
///    minimisers form an interval (found by walking the sorted breakpoints
///    and watching the slope change sign), which is intersected with
///    `[lo, hi]` or, if they miss each other, shrinks to the nearer end;
/// 3. the value is the point of what is left nearest 0 (a variable nothing
///    pins is 0, as everywhere in the solver).
///
/// Parallel rows of one level (hundreds of cells in one column) are merged by
/// the same walk; no row is ever dropped or approximated.
///
/// A caller that solves one part again after a change of its required rows
/// alone (a sweep's moved root width reaches a column's caps, not its cells'
/// intrinsic widths) names the part (`keeping`): a large level's minimisers
/// are then kept from the last solve of that part, and the sort and walk,
/// which read the level's rows only, are not made again; the caller forgets
/// a part whose optional rows change (``forget(part:)``).
struct IntervalProgram {
    /// One optional row's breakpoint: `t` is where its error is zero, `w` the
    /// error's slope (|a|); `kind` says on which side of `t` it has error.
    private struct Breakpoint {
        var t: Double
        var w: Double
        /// Below `t` (a `>=` bound), above it (a `<=` bound), or both (an equality).
        var penalisesBelow: Bool
        var penalisesAbove: Bool
    }

    private var points: [Breakpoint] = []

    /// The minimisers (`minimisers`' answer) of the optional levels of the
    /// parts named by `keeping`, by part, one entry a level in order (nan
    /// for a level not kept: smaller than ``smallestKeptLevel`` rows, or
    /// not reached). Only parts of at least that many rows have one.
    private var keptMinimisers: [Int32: [(Double, Double)]] = [:]

    /// Levels of fewer rows are sorted again at every solve (their sort
    /// costs about what a lookup does).
    static let smallestKeptLevel = 32

    /// Drops what is kept of part `part`'s levels: its optional rows changed.
    mutating func forget(part: Int32) {
        keptMinimisers[part] = nil
    }

    /// Drops every kept level (the parts are numbered anew).
    mutating func forgetAll() {
        if !keptMinimisers.isEmpty { keptMinimisers.removeAll() }
    }

    /// Why a program has no answer here.
    enum Failure: Error { case conflict }

    /// Solves `Σ rows` over one variable. Row `i` reads
    /// `a[i]·x + c[i] ⋈ 0` at `priority[i]`; rows must come ordered with the
    /// required ones first and the optional ones by priority, highest first
    /// (the planner's component order).
    ///
    /// With `keeping`, a level of at least ``smallestKeptLevel`` rows takes
    /// the minimisers kept for that part if there are any (the caller vouches
    /// that its optional rows are as they were then), and keeps them if not.
    ///
    /// - Returns: the value of `x`, or `.conflict` when the required rows
    ///   leave no value (beyond ``Tolerances/feasibility``).
    ///
    /// Inlined into its one caller, whose row closures it then reads
    /// directly: as a call (with the kept levels' code) it cost a one-shot
    /// `table` 10,000 solve 4.4 M instructions more (+4.3 % of the solve).
    @inline(__always)
    mutating func solve(
        count: Int, a: (Int) -> Double, c: (Int) -> Double, relation: (Int) -> Relation,
        priority: (Int) -> Priority, keeping part: Int32? = nil
    ) -> Result<Double, Failure> {
        var lo = -Double.infinity, hi = Double.infinity
        var i = 0
        // Required rows: bounds.
        while i < count, priority(i).isRequired {
            let ai = a(i), t = -c(i) / ai
            switch relation(i) {
            case .equal:
                lo = max(lo, t); hi = min(hi, t)
            case .greaterOrEqual:
                if ai > 0 { lo = max(lo, t) } else { hi = min(hi, t) }
            case .lessOrEqual:
                if ai > 0 { hi = min(hi, t) } else { lo = max(lo, t) }
            }
            i += 1
        }
        if lo > hi {
            let slack = Tolerances.feasibility * max(1, abs(lo), abs(hi))
            guard lo - hi <= slack else { return .failure(.conflict) }
            hi = lo
        }
        // Optional levels, highest first.
        let keeps = part != nil && count >= Self.smallestKeptLevel
        var kept = keeps ? keptMinimisers.removeValue(forKey: part!) ?? [] : []
        defer { if keeps { keptMinimisers[part!] = kept } }
        var ordinal = 0
        while i < count, lo < hi {
            let level = priority(i)
            defer { ordinal += 1 }
            if ordinal < kept.count, !kept[ordinal].0.isNaN {
                while i < count, priority(i) == level { i += 1 }
                (lo, hi) = Self.narrow(lo, hi, to: kept[ordinal])
                continue
            }
            points.removeAll(keepingCapacity: true)
            var below = 0.0, total = 0.0
            while i < count, priority(i) == level {
                let ai = a(i), t = -c(i) / ai, w = abs(ai)
                var p = Breakpoint(t: t, w: w, penalisesBelow: true, penalisesAbove: true)
                switch relation(i) {
                case .equal: break
                case .greaterOrEqual: if ai > 0 { p.penalisesAbove = false } else { p.penalisesBelow = false }
                case .lessOrEqual: if ai > 0 { p.penalisesBelow = false } else { p.penalisesAbove = false }
                }
                if p.penalisesBelow { below += w }
                total += w
                points.append(p)
                i += 1
            }
            let m = minimisers(startSlope: -below, eps: 1e-12 * total)
            if keeps && points.count >= Self.smallestKeptLevel {
                while kept.count < ordinal { kept.append((.nan, .nan)) }
                if kept.count == ordinal { kept.append(m) } else { kept[ordinal] = m }
            }
            (lo, hi) = Self.narrow(lo, hi, to: m)
        }
        if lo <= 0 && 0 <= hi { return .success(0) }
        return .success(hi < 0 ? hi : lo)
    }

    /// `[lo, hi]` met with a level's minimisers `[m1, m2]`, or, if they miss
    /// each other, shrunk to its end nearer them.
    @inline(__always)
    private static func narrow(_ lo: Double, _ hi: Double, to m: (Double, Double)) -> (Double, Double) {
        let (m1, m2) = m
        if m2 < lo { return (lo, lo) }
        if m1 > hi { return (hi, hi) }
        return (max(lo, m1), min(hi, m2))
    }

    /// The interval of minimisers of the level's penalty over all reals: the
    /// slope (right derivative) starts at `startSlope` below every breakpoint
    /// and rises at each one; the minimisers run from the first breakpoint
    /// where it reaches 0 to the first where it passes 0.
    private mutating func minimisers(startSlope: Double, eps: Double) -> (Double, Double) {
        if points.count > 1 {
            points.sort { $0.t < $1.t }
        }
        var slope = startSlope
        var m1 = slope >= -eps ? -Double.infinity : Double.nan
        var m2 = slope > eps ? -Double.infinity : Double.nan
        var k = 0
        while k < points.count, m2.isNaN {
            let t = points[k].t
            // Every breakpoint at t changes the slope at once.
            while k < points.count, points[k].t == t {
                let p = points[k]
                if p.penalisesBelow { slope += p.w }
                if p.penalisesAbove { slope += p.w }
                k += 1
            }
            if m1.isNaN && slope >= -eps { m1 = t }
            if m2.isNaN && slope > eps { m2 = t }
        }
        return (m1.isNaN ? Double.infinity : m1, m2.isNaN ? Double.infinity : m2)
    }
}
