/// The points of one chain of ``NeighbourhoodRequiredRows`` (a point a
/// walk along the rows built, then each extension of it: ``RowMoves``),
/// kept so that an extension costs the variables it moves, not the
/// component's size.
///
/// The newest point is held in full (`newest`), and a walk reads it in
/// place. An extension writes its moved variables into it and logs the
/// values it overwrote, each with the number of the extension
/// (`version`: 0 for the walk's point, one more for each extension) and
/// a link to the variable's entry before. An older point that is still
/// kept (as one of the built points, which answer later probes) is read
/// through that log: a variable keeps its newest value unless an
/// extension since changed it, and then has the value the first of those
/// overwrote, found by following the variable's links back. So a kept
/// point is the chain and a number, and reading one of its variables
/// costs the changes to that variable since.
///
/// Before this, each extension copied the whole point (the chain's and
/// the kept point shared it until the write): on `degenerate` 2,183 /
/// 6,583 extensions of 1,600 / 4,800 variables at 1,000 / 3,000 views,
/// 37 M / 280 M instructions (prof49 in BENCHMARKS.md).
///
/// A chain no longer kept is started again (``restart(from:tag:with:)``)
/// for the next walk's point instead of a new one made: its first point
/// is the point the walk started from with the walk's moves written in,
/// and when that start is the one the chain last started from (the same
/// `tag`), only the variables written since are set back, so that a
/// walk's point costs its moves, where a copy of the component's
/// variables per decided walk was 17 % of `plumb check`'s time on
/// `chartgrid` at 10,000 views (walk70 in BENCHMARKS.md).
///
/// The kept points are read for every probe (``NeighbourhoodRequiredRows``'
/// kept points are asked first), so the stored properties are read with no
/// dynamic exclusivity checks: each would cost more than the read (a
/// checked read of `newest` and `version` per kept point cost about 200 M
/// instructions at 3,000 views, as much as the copies saved). Nothing here
/// reads a property while another access to it is open: `extend` writes
/// in a plain loop, and a walk reads a copy of `newest` (the array, shared
/// until the next write).
final class ChainPoints {
    /// The newest point, in full.
    @exclusivity(unchecked) private(set) var newest: [Double]
    /// The newest point's number.
    @exclusivity(unchecked) private(set) var version = 0
    /// For each variable, its last entry in the log, counted from the
    /// chain's first entry (-1: none); empty until the first extension.
    @exclusivity(unchecked) private var lastEntry: [Int] = []
    /// The values the extensions overwrote, in order: each with the
    /// number of the extension, the variable, its value before, and the
    /// variable's entry before (counted as `lastEntry`, -1 for none).
    /// `log[0]` is entry `logBase`; the entries before `firstKept` are
    /// forgotten (``forget(upTo:)``).
    @exclusivity(unchecked) private var log: [(version: Int, variable: Int32, old: Double, previous: Int)] = []
    @exclusivity(unchecked) private var logBase = 0
    @exclusivity(unchecked) private var firstKept = 0
    /// The start the first point was made from, as its owner names it
    /// (``restart(from:tag:with:)``).
    @exclusivity(unchecked) private(set) var tag: Int
    /// Every variable written into `newest` since the first point's start
    /// (the walk's moves and every extension's), in order, some twice:
    /// `newest` is that start everywhere else.
    @exclusivity(unchecked) private(set) var written: [Int32] = []

    /// A chain whose first point is `start` (version 0), named `tag`.
    init(_ start: [Double], tag: Int = 0) {
        newest = start
        self.tag = tag
    }

    /// A new version: `newest` with each `(variable, value)` of
    /// `changes` written in turn (a variable written twice takes the
    /// later value, as writes into a copy would).
    func extend(with changes: [(Int32, Double)]) {
        if lastEntry.isEmpty { lastEntry = [Int](repeating: -1, count: newest.count) }
        version += 1
        for (v, value) in changes {
            log.append((version, v, newest[Int(v)], lastEntry[Int(v)]))
            lastEntry[Int(v)] = logBase + log.count - 1
            newest[Int(v)] = value
            written.append(v)
        }
    }

    /// Starts the chain again (for an owner that no longer keeps any of
    /// its versions): its first point (version 0, no log) is `start` with
    /// each `(variable, value)` of `changes` written in turn. `tag` names
    /// `start` for its owner: when it is the tag the chain last started
    /// from, `start` must hold the same values as then, and only the
    /// variables written since are set back; else `start` is copied.
    func restart(from start: [Double], tag: Int, with changes: [(Int32, Double)]) {
        if tag == self.tag && newest.count == start.count {
            for v in written { newest[Int(v)] = start[Int(v)] }
        } else {
            newest = start
            self.tag = tag
        }
        if !lastEntry.isEmpty {
            for v in written { lastEntry[Int(v)] = -1 }
        }
        written.removeAll(keepingCapacity: true)
        log.removeAll(keepingCapacity: true)
        (logBase, firstKept, version) = (0, 0, 0)
        for (v, value) in changes {
            newest[Int(v)] = value
            written.append(v)
        }
    }

    /// Variable `v`'s value at version `kept` (at most ``version``, and
    /// not forgotten).
    func value(_ v: Int32, at kept: Int) -> Double {
        var value = newest[Int(v)]
        guard kept < version else { return value }
        // Back through `v`'s changes since `kept`: the first one overwrote its value there.
        var entry = lastEntry[Int(v)]
        while entry >= firstKept {
            let logged = log[entry - logBase]
            if logged.version <= kept { break }
            value = logged.old
            entry = logged.previous
        }
        return value
    }

    /// `Σ terms + constant` at version `kept`, summed in the terms' order.
    func sum(_ terms: [(Int32, Double)], _ constant: Double, at kept: Int) -> Double {
        // Most kept points are newest: their terms read `newest` alone.
        guard kept < version else {
            let newest = self.newest
            return terms.reduce(constant) { $0 + $1.1 * newest[Int($1.0)] }
        }
        return terms.reduce(constant) { $0 + $1.1 * value($1.0, at: kept) }
    }

    /// Forgets what only versions before `oldest` need (no version
    /// before it is read again); the log is compacted once most of it is
    /// forgotten, so that forgetting costs what was logged.
    func forget(upTo oldest: Int) {
        while firstKept - logBase < log.count && log[firstKept - logBase].version <= oldest { firstKept += 1 }
        let forgotten = firstKept - logBase
        if forgotten > 64 && 2 * forgotten > log.count {
            log.removeFirst(forgotten)
            logBase = firstKept
        }
    }

    /// Version `kept` in full (for the tests).
    func point(at kept: Int) -> [Double] {
        (0 ..< newest.count).map { value(Int32($0), at: kept) }
    }
}
