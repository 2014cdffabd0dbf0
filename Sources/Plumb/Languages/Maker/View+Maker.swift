extension View {
    /// Makes and activates constraints for this view, one line of the
    /// ``ConstraintMaker`` at a time; the default priority is required (1000).
    ///
    /// ```swift
    /// let root = View("root"), box = View("box")
    /// root.addSubview(box)
    /// box.makeConstraints { make in
    ///     make.edges.equalTo(root).inset(8)
    /// }
    /// try root.layout(width: 320, height: 200)
    /// box.frame  // (8, 8, 304, 184)
    /// ```
    ///
    /// The view remembers the constraints, for ``updateConstraints(file:line:_:)``
    /// and ``remakeConstraints(file:line:_:)``.
    ///
    /// - Returns: the constraints made, already active.
    /// - Complexity: O(attributes named).
    @discardableResult
    public func makeConstraints(
        file: String = #fileID, line: Int = #line, _ closure: (ConstraintMaker) -> Void
    ) -> [Constraint] {
        var maker = ConstraintMaker.make(view: self, file: file, line: line)
        // The maker lent to the closure and to the calls below: `maker`
        // holds it throughout, and nothing here can change that variable.
        // (Read from the variable, each use was a retain and a release.)
        let lent = Unmanaged.passUnretained(maker)
        lent._withUnsafeGuaranteedRef { closure($0) }
        // The maker may serve the thread's next block, unless the closure
        // kept it (it could still write to its lines). The spare step's
        // reference to the maker goes first (lowering lets it go anyway), so
        // that only a reference kept by the closure counts.
        lent._withUnsafeGuaranteedRef { $0.endBlock() }
        let recycling = isKnownUniquelyReferenced(&maker)
        return lent._withUnsafeGuaranteedRef { install($0, recycling: recycling) }
    }

    /// Activates `maker`'s constraints and remembers them as this view's
    /// maker constraints (`recycling`: see ``ConstraintMaker/lower(recycling:)``).
    func install(_ maker: ConstraintMaker, recycling: Bool = false) -> [Constraint] {
        let made = maker.lower(recycling: recycling)
        Constraint.activate(made)
        if swiftFrontEnds.makerConstraints.isEmpty {
            swiftFrontEnds.makerConstraints = made  // shares the array: no copy
        } else {
            swiftFrontEnds.makerConstraints += made
        }
        return made
    }

    /// Changes constraints made earlier by the maker for this view, or makes
    /// new ones.
    ///
    /// A line's constraint matches an earlier active maker constraint of this
    /// view with the same attribute, relation, second view and second
    /// attribute. A match with the same multiplier is updated in place (its
    /// constant and priority), so references to it stay valid; a match with
    /// another multiplier is replaced by the new constraint (the multiplier
    /// of a constraint is fixed); a constraint without match is added.
    ///
    /// ```swift
    /// box.makeConstraints { make in make.width.equalTo(100) }
    /// box.updateConstraints { make in make.width.equalTo(140) }  // the same constraint, now 140
    /// ```
    ///
    /// - Returns: the constraints now in effect for the lines: the updated
    ///   earlier ones and the new ones.
    /// - Complexity: O(lines × maker constraints of the view).
    @discardableResult
    public func updateConstraints(
        file: String = #fileID, line: Int = #line, _ closure: (ConstraintMaker) -> Void
    ) -> [Constraint] {
        let maker = ConstraintMaker(view: self, file: file, line: line)
        closure(maker)
        var result: [Constraint] = []
        for new in maker.lower() {
            let existing = swiftFrontEnds.makerConstraints.firstIndex { old in
                old.isActive && old.firstAttribute == new.firstAttribute && old.relation == new.relation
                    && old.secondView === new.secondView && old.secondAttribute == new.secondAttribute
            }
            guard let i = existing else {
                new.isActive = true
                swiftFrontEnds.makerConstraints.append(new)
                result.append(new)
                continue
            }
            let old = swiftFrontEnds.makerConstraints[i]
            if old.multiplier == new.multiplier {
                old.constant = new.constant
                old.priority = new.priority
                old.originStorage = new.originStorage
                result.append(old)
            } else {
                old.isActive = false
                new.isActive = true
                swiftFrontEnds.makerConstraints[i] = new
                result.append(new)
            }
        }
        return result
    }

    /// Deactivates every constraint the maker made for this view (with
    /// ``makeConstraints(file:line:_:)``, ``updateConstraints(file:line:_:)``,
    /// an earlier remake or a Fahrenheit block's `s.make`), then makes new ones.
    ///
    /// Constraints made any other way (Mortar, Simple Format strings, other
    /// views' makers) are left alone.
    ///
    /// - Returns: the new constraints, already active.
    @discardableResult
    public func remakeConstraints(
        file: String = #fileID, line: Int = #line, _ closure: (ConstraintMaker) -> Void
    ) -> [Constraint] {
        Constraint.deactivate(swiftFrontEnds.makerConstraints)
        swiftFrontEnds.makerConstraints.removeAll()
        return makeConstraints(file: file, line: line, closure)
    }

    /// The active constraints the maker made for this view, oldest first.
    public var makerConstraints: [Constraint] {
        swiftFrontEnds.makerConstraints.filter(\.isActive)
    }
}
