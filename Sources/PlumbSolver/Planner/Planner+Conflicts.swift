extension Planner {
    // MARK: - Conflicts

    /// Widens `seeds` (rows that cannot hold) with every block of equalities
    /// that determined a variable they mention, transitively, and returns a
    /// minimal conflicting subset by origin.
    func explainConflict(seeds: [Int32]) -> [Origin] {
        var inSet = Set<Int32>()
        var queue: [Int32] = []
        var visitedBlocks = Set<Int32>()
        let rowOfVar = definingRow
        for r in seeds where system.priorities[Int(r)].isRequired && inSet.insert(r).inserted {
            queue.append(r)
        }
        // Rows of each block, found by scanning once (error path only).
        var rowsOfBlock: [Int32: [Int32]] = [:]
        for v in 0 ..< blockOfVariable.count where blockOfVariable[v] >= 0 {
            rowsOfBlock[blockOfVariable[v], default: []].append(rowOfVar[v])
        }
        var head = 0
        while head < queue.count {
            let r = queue[head]
            head += 1
            for k in system.termRange(of: RowIndex(Int(r))) {
                let v = Int(system.columns[k])
                guard state[v] == .determined else { continue }
                let b = blockOfVariable[v]
                guard visitedBlocks.insert(b).inserted else { continue }
                for d in rowsOfBlock[b] ?? [] where inSet.insert(d).inserted { queue.append(d) }
            }
        }
        let candidates = inSet.sorted()
        let specs = candidates.map { r in
            RowSpec(
                terms: system.terms(of: RowIndex(Int(r))).map { ($0.0.rawValue, $0.1) },
                constant: system.constants[Int(r)], relation: system.relations[Int(r)])
        }
        let minimal = ConflictFinder.minimize(specs)
        return minimal.map { system.origins[Int(candidates[$0])] }
    }
}
