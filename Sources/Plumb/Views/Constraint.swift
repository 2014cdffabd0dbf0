/// A linear relation between attributes of views, in Auto Layout's shape:
///
/// `firstView.firstAttribute  relation  multiplier · secondView.secondAttribute + constant  @ priority`
///
/// or, without a second view, `firstView.firstAttribute relation constant @ priority`.
///
/// Make constraints from Simple Format Language strings with
/// ``make(simpleFormat:views:metrics:file:line:)`` or directly with
/// ``init(_:_:_:_:_:multiplier:constant:priority:file:line:)``. A new constraint is
/// inactive: ``activate(_:)`` it (or set ``isActive``), as with
/// `NSLayoutConstraint`, and ``View/layout(width:height:direction:scale:measurer:)`` finds it.
///
/// Like `NSLayoutConstraint`, a constraint refers to its views weakly (it
/// does not keep them alive, and ``firstView`` and ``secondView`` read `nil`
/// once a view is gone), and an active constraint is owned by the views it
/// names; ``constant``,
/// ``priority`` (also between required and optional, which Auto Layout
/// refuses) and ``multiplier`` may be changed between layouts, in place.
public final class Constraint: CustomStringConvertible {
    // What lowering reads of a constraint is declared first, packed: the
    // one-byte fields together, then the view identities and the numbers,
    // so that it lies in the object's bytes 16 ..< 64 (a layout touches
    // each constraint's memory once, and 10,000 views' constraints do not
    // stay in the cache: with the second attribute between the multiplier
    // and the constant, padded, it ran to byte 80, over two cache lines
    // wherever the object starts). The view references and the origin,
    // which lowering does not read, come after them. The properties
    // lowering and activation read skip the dynamic exclusivity check, as
    // `View`'s (see there).

    @exclusivity(unchecked) private var active = false
    /// Set when a view whose ``View/constraints`` held this constraint is
    /// deallocated, or when activation finds the second view gone: layout
    /// then takes the checked path (loading the references).
    @exclusivity(unchecked) var viewGone = false
    /// Whether the constraint had a second view when it was made (a deallocated
    /// second view then makes layout fail instead of silently dropping a term).
    let hasSecondView: Bool
    /// The attribute of ``firstView`` that is constrained.
    public let firstAttribute: LayoutAttribute
    /// `=`, `<=` or `>=`.
    public let relation: Relation
    /// The attribute of ``secondView``, or `nil` when there is no second view.
    public let secondAttribute: LayoutAttribute?
    /// The slots of ``firstView``'s and ``secondView``'s references in their
    /// slabs (see ``ViewReference``): bytes, in the padding after the
    /// one-byte fields (a constraint is no larger than when it held two
    /// pointers to reference objects).
    private let firstSlot: UInt8
    private let secondSlot: UInt8
    /// The identities of ``firstView`` and ``secondView`` as they were made,
    /// so that layout can find them in its index without loading the
    /// references (each load retains and releases the view). They are only
    /// used while ``viewGone`` is `false`: then both views are alive, and no
    /// other object can have their addresses.
    let firstViewID: ObjectIdentifier?
    let secondViewID: ObjectIdentifier?

    /// The view on the left-hand side; `nil` once that view no longer exists.
    public var firstView: View? { firstReference.view }
    /// The view on the right-hand side, or `nil` for `view.attribute relation constant`
    /// (or once that view no longer exists).
    public var secondView: View? { secondReference?.view }
    /// The factor applied to the second attribute (1 when there is none written).
    /// May be changed between layouts, unlike `NSLayoutConstraint`'s.
    @exclusivity(unchecked) public var multiplier: Double {
        didSet { LayoutInputs.constraintChanged(self) }
    }
    /// The number added on the right-hand side.
    @exclusivity(unchecked) public var constant: Double {
        didSet { LayoutInputs.constraintChanged(self) }
    }
    /// 1 ... 1000; 1000 (required) by default, as in the Simple Format Language.
    @exclusivity(unchecked) public var priority: Priority {
        didSet { LayoutInputs.constraintChanged(self) }
    }
    /// What refers to ``firstView`` and ``secondView`` without keeping them
    /// alive (a weak reference would slow every retain and release of the
    /// view; see ``ViewReference``): the slabs of their references, whose
    /// slots are ``firstSlot`` and ``secondSlot``.
    private let firstSlab: ViewReferenceSlab
    private let secondSlab: ViewReferenceSlab?

    /// The reference to ``firstView``.
    private var firstReference: ViewReference {
        @inline(__always) get { ViewReference(slab: firstSlab, slot: firstSlot) }
    }
    /// The reference to ``secondView``, `nil` when there is none.
    private var secondReference: ViewReference? {
        @inline(__always) get { secondSlab.map { ViewReference(slab: $0, slot: secondSlot) } }
    }

    /// Where the constraint came from (its string and the Swift file and line
    /// that made it), for error messages and conflict reports. The maker's
    /// ``View/updateConstraints(file:line:_:)`` replaces it with the updating line.
    ///
    /// Mortar and the maker make many constraints whose origins are only
    /// read for an error, so theirs are made when read (from values kept
    /// with the constraint, `ConstraintOrigin`): the text is the one that
    /// making it with the constraint gave.
    public internal(set) var origin: Origin {
        get { originStorage.origin }
        set { originStorage = .stored(newValue) }
    }

    /// The origin, or what describes it when it is read.
    @exclusivity(unchecked) var originStorage: ConstraintOrigin

    /// Whether ``View/layout(width:height:direction:scale:measurer:)`` uses the constraint. Setting it
    /// to `true` registers the constraint with its views; `false` removes it.
    /// Activating a constraint whose first view no longer exists does nothing.
    ///
    /// - Complexity: O(constraints of its views) to deactivate, O(1) to activate.
    public var isActive: Bool {
        get { active }
        set {
            guard newValue != active else { return }
            if newValue ? register() : unregister() { LayoutInputs.viewChanged() }
        }
    }

    /// Creates an inactive constraint `first.firstAttribute relation multiplier · second.secondAttribute + constant`.
    ///
    /// Numbers are checked when a layout uses the constraint: NaN or infinite
    /// values make ``View/layout(width:height:direction:scale:measurer:)`` throw, naming ``origin``.
    public init(
        _ first: View, _ firstAttribute: LayoutAttribute, _ relation: Relation,
        _ second: View, _ secondAttribute: LayoutAttribute,
        multiplier: Double = 1, constant: Double = 0, priority: Priority = .required,
        file: String = #fileID, line: Int = #line
    ) {
        (firstSlab, firstSlot) = first.referenceParts
        self.firstViewID = ObjectIdentifier(first)
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.multiplier = multiplier
        (secondSlab, secondSlot) = second.referenceParts
        self.secondViewID = ObjectIdentifier(second)
        self.secondAttribute = secondAttribute
        self.constant = constant
        self.priority = priority
        self.hasSecondView = true
        self.originStorage = .stored(Origin(kind: .code, text: Self.formula(
            first.id, firstAttribute, relation, multiplier, second.id, secondAttribute, constant, priority),
            file: file, line: line))
    }

    /// Creates an inactive constraint `first.firstAttribute relation constant`.
    public init(
        _ first: View, _ firstAttribute: LayoutAttribute, _ relation: Relation,
        constant: Double, priority: Priority = .required,
        file: String = #fileID, line: Int = #line
    ) {
        (firstSlab, firstSlot) = first.referenceParts
        self.firstViewID = ObjectIdentifier(first)
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.multiplier = 1
        self.secondSlab = nil
        self.secondSlot = 0
        self.secondViewID = nil
        self.secondAttribute = nil
        self.constant = constant
        self.priority = priority
        self.hasSecondView = false
        self.originStorage = .stored(Origin(kind: .code, text: Self.formula(
            first.id, firstAttribute, relation, 1, nil, nil, constant, priority),
            file: file, line: line))
    }

    /// A constraint made by a front end from its parts (Mortar and the maker
    /// call it directly: a `ResolvedSimpleFormat` made only to be passed
    /// here retained both views and released them again).
    @inline(__always)
    convenience init(
        _ first: View, _ firstAttribute: LayoutAttribute, _ relation: Relation, multiplier: Double,
        _ second: View?, _ secondAttribute: LayoutAttribute?, constant: Double, priority: Priority,
        origin: ConstraintOrigin
    ) {
        self.init(first, firstAttribute, relation, multiplier: multiplier,
                  lent: second.map { Unmanaged.passUnretained($0) }, secondAttribute,
                  constant: constant, priority: priority, origin: origin)
    }

    /// The same, with the second view lent (``ViewReference/withView(_:)``):
    /// the caller keeps it alive, and only its reference is retained.
    @inline(__always)
    convenience init(
        _ first: View, _ firstAttribute: LayoutAttribute, _ relation: Relation, multiplier: Double,
        lent second: Unmanaged<View>?, _ secondAttribute: LayoutAttribute?, constant: Double, priority: Priority,
        origin: ConstraintOrigin
    ) {
        self.init(lent: Unmanaged.passUnretained(first), firstAttribute, relation, multiplier: multiplier,
                  lent: second, secondAttribute, constant: constant, priority: priority, origin: origin)
    }

    /// The same, with both views lent: the Simple Format Language's names
    /// are bound to views its `views` dictionary holds, and only their
    /// references are retained. Inlined, as the ones above: the front ends
    /// make a constraint per statement, and a call cost the Simple Format
    /// Language's 2 M instructions at `list` 10,000.
    @inline(__always)
    init(
        lent first: Unmanaged<View>, _ firstAttribute: LayoutAttribute, _ relation: Relation, multiplier: Double,
        lent second: Unmanaged<View>?, _ secondAttribute: LayoutAttribute?, constant: Double, priority: Priority,
        origin: ConstraintOrigin
    ) {
        (firstSlab, firstSlot) = first._withUnsafeGuaranteedRef { $0.referenceParts }
        firstViewID = first._withUnsafeGuaranteedRef { ObjectIdentifier($0) }
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.multiplier = multiplier
        if let second {
            (secondSlab, secondSlot) = second._withUnsafeGuaranteedRef { $0.referenceParts }
        } else {
            (secondSlab, secondSlot) = (nil, 0)
        }
        secondViewID = second?._withUnsafeGuaranteedRef { ObjectIdentifier($0) }
        self.secondAttribute = secondAttribute
        self.constant = constant
        self.priority = priority
        hasSecondView = second != nil
        self.originStorage = origin
    }

    // MARK: - Activation

    /// Activates every constraint in `constraints`.
    ///
    /// - Complexity: O(constraints).
    public static func activate(_ constraints: [Constraint]) {
        // Each constraint lent by the array, which holds it throughout
        // (`for c in constraints` retained and released every one). The
        // views' lists are reported changed once, after the loop.
        var listedAny = false
        constraints.withUnsafeBufferPointer { constraints in
            constraints.withMemoryRebound(to: Unmanaged<Constraint>.self) { refs in
                for ref in refs {
                    ref._withUnsafeGuaranteedRef { c in
                        if !c.active, c.register() { listedAny = true }
                    }
                }
            }
        }
        if listedAny { LayoutInputs.viewChanged() }
    }

    /// Deactivates every constraint in `constraints`.
    public static func deactivate(_ constraints: [Constraint]) {
        var unlistedAny = false
        for c in constraints where c.active {
            if c.unregister() { unlistedAny = true }
        }
        if unlistedAny { LayoutInputs.viewChanged() }
    }

    /// Lists the constraint with its views, and returns whether it did
    /// (not when its first view is gone); the caller then reports the
    /// views' change (`LayoutInputs.viewChanged()`), once for all it
    /// activates. The views are lent by their references
    /// (``ViewReference/withView(_:)``), not loaded: listing appends to
    /// their ``View/constraints`` and releases nothing that could keep them
    /// alive, so no retain or release of either view is needed.
    private func register() -> Bool {
        guard ViewReference.withView(in: firstSlab, at: firstSlot, { $0.list(self) }) != nil else { return false }
        active = true
        // The second reference's slab lent too: the constraint holds it
        // (bound to a local, it was retained and released around the listing).
        guard let second = secondSlab.map({ Unmanaged.passUnretained($0) }) else { return true }
        second._withUnsafeGuaranteedRef { second in
            // One reference per view: the same slot is the same view.
            guard second !== firstSlab || secondSlot != firstSlot else { return }
            if ViewReference.withView(in: second, at: secondSlot, { $0.list(self) }) == nil { viewGone = true }
        }
        return true
    }

    /// Takes the constraint off its views' lists, and returns whether a
    /// list changed (the caller then reports it, as `register`'s).
    private func unregister() -> Bool {
        active = false
        // The views lent, as in `register` (removing the constraint from a
        // view's list releases the constraint, which the caller still holds,
        // never the view).
        var unlisted = firstReference.withView { $0.unlist(self) } ?? false
        if let secondReference, !(secondReference === firstReference),
           secondReference.withView({ $0.unlist(self) }) == true {
            unlisted = true
        }
        return unlisted
    }

    // MARK: - Description

    /// The constraint in Simple Format Language, with the views' ids
    /// (`title.width = 0.5 * card.width - 24 @ 750`).
    public var description: String {
        Self.formula(firstView?.id ?? "<deallocated>", firstAttribute, relation, multiplier,
                     hasSecondView ? (secondView?.id ?? "<deallocated>") : nil, secondAttribute,
                     constant, priority)
    }

    static func formula(
        _ first: String, _ a: LayoutAttribute, _ relation: Relation, _ multiplier: Double,
        _ second: String?, _ b: LayoutAttribute?, _ constant: Double, _ priority: Priority
    ) -> String {
        var s = "\(first).\(a) \(relation) "
        if let second, let b {
            if multiplier != 1 { s += NumberFormatting.shortest(multiplier) + " * " }
            s += "\(second).\(b)"
            if constant > 0 { s += " + " + NumberFormatting.shortest(constant) }
            if constant < 0 { s += " - " + NumberFormatting.shortest(-constant) }
        } else {
            s += NumberFormatting.shortest(constant)
        }
        if !priority.isRequired { s += " @ \(priority)" }
        return s
    }
}
