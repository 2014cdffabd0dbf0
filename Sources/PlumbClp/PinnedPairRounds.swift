import PlumbSolver

/// `PinnedPairs` taken again on the part each merge leaves, until a round
/// merges nothing or `limit` rounds: a merge writes rows of more than two
/// terms over the representatives, and some of them become required rows
/// of two terms that pin a pair in turn. On `chartgrid` each chart's bottom
/// equals its row's first chart's (`top + height` on both sides); once the
/// tops are merged, what is left of that row is `height = height₀`, a pair
/// the first round could not see, and the heights' rows that differed only
/// in those columns went to `fixedRows`' LP.
///
/// Each round is a `PinnedPairs` of the part the round before left, so its
/// optimal set corresponds to that part's exactly (see `PinnedPairs`); the
/// face found on the last part is carried back through the rounds in
/// reverse.
struct PinnedPairRounds {
    /// The rounds, first to last; never empty.
    let rounds: [PinnedPairs]

    /// The part the last round leaves.
    var merged: LinearPart { rounds[rounds.count - 1].merged }

    /// Merges `part`'s pinned pairs for up to `limit` rounds; nil when the
    /// first round merges none (see `PinnedPairs.init`).
    init?(_ part: LinearPart, limit: Int) {
        guard let first = PinnedPairs(part) else { return nil }
        var rounds = [first]
        while rounds.count < limit, let next = PinnedPairs(rounds[rounds.count - 1].merged) {
            rounds.append(next)
        }
        self.rounds = rounds
    }

    /// The part's face from the last part's (see `PinnedPairs.face(from:)`).
    func face(from mergedFace: PartFace) -> PartFace {
        rounds.reversed().reduce(mergedFace) { face, round in round.face(from: face) }
    }
}
