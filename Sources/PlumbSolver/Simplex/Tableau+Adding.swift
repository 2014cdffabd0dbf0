// Adding a constraint: build its row over parametric symbols, choose a
// subject, or else run phase 1 with an artificial symbol; a required row that
// cannot hold is reported with an infeasibility certificate and undone.

extension Tableau {
    /// Adds an external variable; returns its index.
    mutating func addExternal() -> Int32 {
        let s = makeSymbol(.external)
        externalSymbols.append(s)
        editOf.append(nil)
        return Int32(externalSymbols.count - 1)
    }

    /// Adds `Σ terms + constant ⋈ 0` at `priority` and re-optimises.
    /// Returns the constraint's index, or the conflict (the tableau unchanged).
    mutating func addConstraint(
        terms: [(Int32, Double)], constant: Double, relation: Relation, priority: Priority, tag: Int32
    ) -> Result<Int32, SimplexConflict> {
        precondition(!isSpoiled, "a tableau left by a failed add used before a reset")
        let id = Int32(constraints.count)
        let scaleBefore = constantScale
        constantScale = max(constantScale, abs(constant))
        let logStart = log.count
        let slot = makeSlot()
        let creation = log.recordCreate(slot: slot, constraint: id)
        let required = priority.isRequired

        // The constraint's own symbols and their coefficients in its equation G:
        //   required  =  : expr + c           = 0   (dummy deferred)
        //   required <=  : expr + c + s       = 0
        //   required >=  : expr + c − s       = 0
        //   optional  =  : expr + c − e⁺ + e⁻ = 0   (|expr + c| ≤ e⁺ + e⁻)
        //   optional <=  : expr + c + s − e   = 0   (expr + c ≤ e)
        //   optional >=  : expr + c − s + e   = 0   (expr + c ≥ −e)
        var marker = Symbol.none
        var other = Symbol.none
        var own: [(Symbol, Double)] = []
        switch (relation, required) {
        case (.equal, true):
            break
        case (.lessOrEqual, true), (.greaterOrEqual, true):
            marker = makeSymbol(.slack)
            own = [(marker, relation == .lessOrEqual ? 1 : -1)]
        case (.equal, false):
            marker = makeSymbol(.error)
            other = makeSymbol(.error)
            own = [(marker, -1), (other, 1)]
        case (.lessOrEqual, false), (.greaterOrEqual, false):
            marker = makeSymbol(.slack)
            other = makeSymbol(.error)
            let sign: Double = relation == .lessOrEqual ? 1 : -1
            own = [(marker, sign), (other, -sign)]
        }
        constraints.append(ConstraintRecord(
            terms: terms, constant: constant, relation: relation, priority: priority, tag: tag,
            marker: marker, other: other, creationEvent: creation, creationSlot: slot, isLive: false))
        for e in constraints[Int(id)].errors { errorPriority[e.index] = priority.rawValue }

        buildPendingRow(slot, terms: terms, constant: constant, own: own)

        /// Undoes everything this add did; `made` are the symbols it created.
        func rollBack(_ made: [Symbol]) {
            if !undoesFailedAdds { isSpoiled = true }
            rollBackJournal()
            for s in made where !s.isNone {
                rowOf[s.index] = .none
                columns[s.index].removeAll()
                staleEntries[s.index] = 0
                kinds[s.index] = .free
                freeSymbols.append(s)
            }
            rows[slot.index].clear()
            freeSlots.append(slot)
            log.truncate(to: logStart)
            constraints.removeLast()
            constantScale = scaleBefore
        }

        let c = rows[slot.index].constant
        if let subject = chooseSubject(slot, marker: marker, other: other, required: required) {
            acceptRow(slot, subject: subject)
        } else if rows[slot.index].symbols.allSatisfy({ kinds[$0.index] == .dummy }) {
            // Only fixed symbols left: the row is implied by the others, or contradicts them.
            guard abs(c) <= feasibilityTolerance else {
                let tags = conflictTags(certificateSlot: slot, newConstraint: id)
                rollBack([marker, other])
                return .failure(SimplexConflict(tags: tags))
            }
            constraints[Int(id)].marker = materializeDummy(inPendingRow: slot)
        } else {
            switch addWithArtificial(slot, id: id) {
            case .success(let dummy):
                if !dummy.isNone { constraints[Int(id)].marker = dummy }
            case .failure(let conflict):
                rollBack([marker, other])
                return .failure(conflict)
            }
        }

        if !required {
            let component = objective.ensureLevel(priority.rawValue)
            for e in constraints[Int(id)].errors { addToObjective(e, weight: 1, component: component) }
        }
        constraints[Int(id)].isLive = true
        noteStatus(optimize(components: 0 ..< objective.stride))
        return .success(id)
    }

    /// Adds `weight·e` to objective component `component` (`e`'s row if it is basic).
    mutating func addToObjective(_ e: Symbol, weight: Double, component: Int) {
        let slot = rowOf[e.index]
        if slot.isNone {
            objective.add(weight, to: e, component: component)
        } else {
            var w = [Double](repeating: 0, count: objective.stride)
            w[component] = weight
            objective.add(weight: w, row: rows[slot.index])
        }
    }

    // MARK: - Building the row

    /// Fills `slot` with `0 = constant + Σ terms + Σ own`, every basic symbol
    /// replaced by its row (each replacement is logged).
    private mutating func buildPendingRow(
        _ slot: RowSlot, terms: [(Int32, Double)], constant: Double, own: [(Symbol, Double)]
    ) {
        var c = constant
        for (v, a) in terms {
            precondition(v >= 0 && Int(v) < externalSymbols.count, "variable \(v) out of range")
            let x = externalSymbols[Int(v)]
            let r = rowOf[x.index]
            if r.isNone {
                accumulate(x, a)
            } else {
                let definition = rows[r.index]
                c += a * definition.constant
                for k in definition.symbols.indices {
                    accumulate(definition.symbols[k], a * definition.coefficients[k])
                }
                log.recordAdd(target: slot, source: r, factor: a)
            }
        }
        for (s, a) in own { accumulate(s, a) }
        accumulatorTouched.sort()
        // Into the slot's own storage (a slot freed or reset keeps it).
        var symbols = rows[slot.index].symbols
        var coefficients = rows[slot.index].coefficients
        rows[slot.index].symbols = []
        rows[slot.index].coefficients = []
        // A slot just handed out is empty already (emptying an empty array
        // still costs a call that replaces its whole range).
        if !symbols.isEmpty { symbols.removeAll(keepingCapacity: true) }
        if !coefficients.isEmpty { coefficients.removeAll(keepingCapacity: true) }
        symbols.reserveCapacity(accumulatorTouched.count)
        coefficients.reserveCapacity(accumulatorTouched.count)
        for s in accumulatorTouched {
            let v = accumulator[s.index]
            if abs(v) > max(SimplexTolerance.cancellation * accumulatorMagnitude[s.index], SimplexTolerance.negligible) {
                symbols.append(s)
                coefficients.append(v)
            }
            accumulatorMarked[s.index] = false
        }
        accumulatorTouched.removeAll(keepingCapacity: true)
        rows[slot.index].constant = c
        rows[slot.index].symbols = symbols
        rows[slot.index].coefficients = coefficients
    }

    @inline(__always)
    private mutating func accumulate(_ s: Symbol, _ a: Double) {
        let i = s.index
        if accumulatorMarked[i] {
            accumulator[i] += a
            accumulatorMagnitude[i] = max(accumulatorMagnitude[i], abs(a))
        } else {
            accumulatorMarked[i] = true
            accumulator[i] = a
            accumulatorMagnitude[i] = abs(a)
            accumulatorTouched.append(s)
        }
    }

    // MARK: - Choosing a subject

    /// The symbol to solve the new row for without phase 1, if any:
    /// 1. a parametric external symbol (the one in the fewest rows, so the
    ///    substitution is cheap; a variable new to the tableau is in none);
    /// 2. else the constraint's own slack or error, when solving for it gives a
    ///    non-negative constant (its coefficient and the row constant differ in
    ///    sign). Optional rows always have one; required inequalities may not.
    private func chooseSubject(_ slot: RowSlot, marker: Symbol, other: Symbol, required: Bool) -> Symbol? {
        let row = rows[slot.index]
        var best = Symbol.none
        var bestCount = Int.max
        var bestMagnitude = 0.0
        for k in row.symbols.indices where kinds[row.symbols[k].index] == .external {
            let s = row.symbols[k]
            let magnitude = abs(row.coefficients[k])
            guard magnitude > SimplexTolerance.pivot else { continue }
            let count = columns[s.index].count
            if count < bestCount || (count == bestCount && magnitude > bestMagnitude) {
                best = s
                bestCount = count
                bestMagnitude = magnitude
            }
        }
        if !best.isNone { return best }
        for s in [marker, other] where !s.isNone {
            let a = row.coefficient(of: s)
            if abs(a) > SimplexTolerance.pivot && row.constant * a <= 0 { return s }
        }
        return nil
    }

    /// Makes `subject` basic in the new row and substitutes it everywhere.
    private mutating func acceptRow(_ slot: RowSlot, subject: Symbol) {
        solveRow(slot, for: subject)
        for s in rows[slot.index].symbols { noteOccurrence(of: s, in: slot) }
        eliminate(subject)
    }

    /// A required equality implied by the rows already present (its row
    /// reduced to `0 = ~0 + Σ dummies`): its dummy becomes basic there, so
    /// that it takes over if a constraint it depends on is removed.
    private mutating func materializeDummy(inPendingRow slot: RowSlot) -> Symbol {
        let d = makeSymbol(.dummy)
        // F = −G; with the dummy, G' = G + d, and F'' = −F' = d + G: d = −G.
        rows[slot.index].scale(by: -1)
        rows[slot.index].constant = 0
        rows[slot.index].basic = d
        rowOf[d.index] = slot
        liveRowCount += 1
        log.recordScale(target: slot, factor: -1)
        for s in rows[slot.index].symbols { noteOccurrence(of: s, in: slot) }
        return d
    }

    // MARK: - Phase 1

    /// Adds the required row in `slot` (no subject found) through an
    /// artificial symbol `a = |row|`: minimise `a`; if its minimum is 0 the row
    /// can hold, and `a` is pivoted out and deleted. Returns the dummy that
    /// became basic if the row turned out to be implied by others (else
    /// `.none`), or the conflict, with rows, basis and objective restored.
    private mutating func addWithArtificial(_ slot: RowSlot, id: Int32) -> Result<Symbol, SimplexConflict> {
        beginJournal()
        let art = makeSymbol(.artificial)
        let sigma: Double = rows[slot.index].constant >= 0 ? 1 : -1
        touch(slot)
        // F_art = art − σ·G = σ·F_pending + art: the equation part is scaled by σ.
        rows[slot.index].scale(by: sigma)
        rows[slot.index].basic = art
        rowOf[art.index] = slot
        liveRowCount += 1
        log.recordScale(target: slot, factor: sigma)
        if undoesFailedAdds { journal!.enteredSymbols.append(art) }
        for s in rows[slot.index].symbols { noteOccurrence(of: s, in: slot) }
        var unit = [Double](repeating: 0, count: objective.stride)
        unit[0] = 1
        objective.add(weight: unit, row: rows[slot.index])

        let status = optimize(components: 0 ..< 1)
        noteStatus(status)
        if objective.constants[0] > feasibilityTolerance || status != .optimal {
            let certificate = rowOf[art.index].isNone ? slot : rowOf[art.index]
            let tags = conflictTags(certificateSlot: certificate, newConstraint: id)
            freeArtificial(art)
            return .failure(SimplexConflict(tags: tags))
        }

        var dummy = Symbol.none
        let r = rowOf[art.index]
        if !r.isNone {
            // Degenerate: a = 0 but basic. Pivot it out on any symbol that may
            // enter; if the row has none, it only says "dummies = 0": the new
            // row is implied, and its dummy takes the artificial's place.
            let row = rows[r.index]
            var entering = Symbol.none
            var magnitude = SimplexTolerance.pivot
            for k in row.symbols.indices where kinds[row.symbols[k].index].canEnter {
                if abs(row.coefficients[k]) > magnitude {
                    magnitude = abs(row.coefficients[k])
                    entering = row.symbols[k]
                }
            }
            if !entering.isNone {
                pivot(entering: entering, slot: r)
            } else {
                dummy = makeSymbol(.dummy)
                touch(r)
                // λ of the new constraint in this row is −σ (the artificial
                // never left), so d = −σ·(artificial's row).
                rows[r.index].scale(by: -sigma)
                rows[r.index].constant = 0
                rows[r.index].basic = dummy
                rowOf[dummy.index] = r
                rowOf[art.index] = .none
                log.recordScale(target: r, factor: -sigma)
            }
        }
        retireSymbol(art)
        objective.clearComponent(0)
        commitJournal()
        return .success(dummy)
    }

    /// Frees the artificial symbol of a failed add (the journal is rolled back
    /// by the caller, which restores every row that mentioned it).
    private mutating func freeArtificial(_ art: Symbol) {
        rollBackJournal()
        rowOf[art.index] = .none
        columns[art.index].removeAll()
        staleEntries[art.index] = 0
        kinds[art.index] = .free
        freeSymbols.append(art)
    }

    // MARK: - Conflicts

    /// The tags of the required constraints whose equations make up the
    /// (infeasible) row at `certificateSlot`, plus the new constraint's tag.
    ///
    /// The row reads `a = c + Σ coefficient·p` with `c > 0` and no
    /// coefficient that could lower `a`: a Farkas certificate. Optional
    /// constraints have multiplier 0 in it (their slack and error enter with
    /// opposite signs, so a nonzero multiplier would let `a` fall), and so the
    /// required constraints with nonzero multipliers cannot hold together.
    private func conflictTags(certificateSlot: RowSlot, newConstraint: Int32) -> [Int32] {
        let lambda = log.multipliers(ofSlot: certificateSlot, slotCount: rows.count, constraintCount: constraints.count)
        var largest = 0.0
        for k in constraints.indices where constraints[k].priority.isRequired {
            largest = max(largest, abs(lambda[k]))
        }
        let threshold = SimplexTolerance.multiplier * largest
        var tags: [Int32] = []
        for k in constraints.indices where k != Int(newConstraint) {
            let record = constraints[k]
            if record.isLive && record.priority.isRequired && abs(lambda[k]) > threshold { tags.append(record.tag) }
        }
        tags.append(constraints[Int(newConstraint)].tag)
        return tags
    }

    /// Counts optimisations that did not end optimal (broken invariants).
    mutating func noteStatus(_ status: OptimizeStatus) {
        if status != .optimal { anomalies += 1 }
    }
}
