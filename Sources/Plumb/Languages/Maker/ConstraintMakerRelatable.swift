/// A maker line with attributes, waiting for its relation.
///
/// A line left here (`make.left` alone) makes no constraint; the next layout
/// reports it (``SwiftFrontEndProblem/missingRelation(_:)``).
public class ConstraintMakerRelatable: ConstraintMakerFinalizable {
    /// The maker that made this step while its block runs (it hands out its
    /// spare `ConstraintMakerEditable`); `nil` once the maker has lowered its
    /// lines or given this step up as its spare, so that a step kept past the
    /// block holds no maker and the maker no step.
    @exclusivity(unchecked) var maker: ConstraintMaker?

    init(_ lines: MakerLines, _ index: Int, maker: ConstraintMaker?) {
        self.maker = maker
        super.init(lines, index)
    }

    /// `attributes = target`. See ``ConstraintRelatableTarget`` for what a
    /// view, an attribute or a number means.
    @discardableResult
    public func equalTo(
        _ target: some ConstraintRelatableTarget, file: String = #fileID, line: Int = #line
    ) -> ConstraintMakerEditable {
        relate(.equal, target, file, line)
    }

    /// `attributes <= target`.
    @discardableResult
    public func lessThanOrEqualTo(
        _ target: some ConstraintRelatableTarget, file: String = #fileID, line: Int = #line
    ) -> ConstraintMakerEditable {
        relate(.lessOrEqual, target, file, line)
    }

    /// `attributes >= target`.
    @discardableResult
    public func greaterThanOrEqualTo(
        _ target: some ConstraintRelatableTarget, file: String = #fileID, line: Int = #line
    ) -> ConstraintMakerEditable {
        relate(.greaterOrEqual, target, file, line)
    }

    // The relations take their target as a generic argument, not as an
    // existential: the caller then passes its value as it is, where an
    // existential was a copy of it (a retain of its view) destroyed after
    // the call (a release), and the conformance is read from the argument
    // instead of through the box.
    private func relate(
        _ relation: Relation, _ target: some ConstraintRelatableTarget, _ file: String, _ lineNumber: Int
    ) -> ConstraintMakerEditable {
        // The target first: the one call into other code (a conforming
        // type's `constraintTarget`). It is moved into the line, not copied
        // from the closure's capture (a copy retains its view, and the
        // capture's destroy releases it again). A line related after its
        // block was lowered makes nothing: it keeps only the target's text.
        var made: ConstraintTarget? = target.constraintTarget
        let lowered = lines.isLowered
        write { line in
            line.relation = relation
            line.target = .written(made.take()!)
            if lowered { line.target?.forgetView() }
            line.relate(at: file, lineNumber)
        }
        // The maker lent, not loaded (a retain and a release a line): this
        // step holds it, and handing out its spare `Editable` changes no
        // step's maker.
        if let maker = maker.map({ Unmanaged.passUnretained($0) }) {
            return maker._withUnsafeGuaranteedRef { $0.editable(for: index) }
        }
        return ConstraintMakerEditable(lines, index)
    }
}

/// A maker line that can take more attributes (`make.left.right`,
/// `make.top.and.left`) or its relation.
public final class ConstraintMakerExtendable: ConstraintMakerRelatable, ConstraintAttributeChain {
    /// The same line, for reading: `make.left.and.right.equalTo(superview)`.
    public var and: ConstraintMakerExtendable { self }
    /// The same line, for reading: `make.width.with.height.equalTo(40)`.
    public var with: ConstraintMakerExtendable { self }

    public func _adding(_ attributes: _ConstraintAttributeSet) -> ConstraintMakerExtendable {
        write { $0.attributes.formUnion(attributes.set) }
        Unmanaged.passUnretained(lines)._withUnsafeGuaranteedRef { $0.namesSeveral = true }
        return self
    }
}

// The same three relations for a target whose type is known only as
// `any ConstraintRelatableTarget`, such as `flag ? view : 8`: a conditional
// of two types has no one type for the generic argument, so without these
// it would not compile. Ranked below the generic ones, a view or a number of
// a known type never comes here.
extension ConstraintMakerRelatable {
    /// `attributes = target`, the target's type known only at run time.
    @_disfavoredOverload @discardableResult
    public func equalTo(_ target: any ConstraintRelatableTarget, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerEditable { relate(.equal, target, file, line) }

    /// `attributes <= target`, the target's type known only at run time.
    @_disfavoredOverload @discardableResult
    public func lessThanOrEqualTo(_ target: any ConstraintRelatableTarget, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerEditable { relate(.lessOrEqual, target, file, line) }

    /// `attributes >= target`, the target's type known only at run time.
    @_disfavoredOverload @discardableResult
    public func greaterThanOrEqualTo(_ target: any ConstraintRelatableTarget, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerEditable { relate(.greaterOrEqual, target, file, line) }
}
