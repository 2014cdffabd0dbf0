/// A headless view: a node in a tree with a frame that layout computes.
///
/// Views are plain records: no drawing, no events. Build a tree with
/// ``addSubview(_:)``, relate views with ``Constraint``s (activate them), then
/// call ``layout(width:height:direction:scale:measurer:)`` on the root to set every ``frame``.
///
/// ```swift
/// let root = View("root"), red = View("red")
/// root.addSubview(red)
/// try Constraint.activate(Constraint.make(simpleFormats: [
///     "red.width = 100", "red.height = red.width",
///     "red.left = superview.left", "red.centerY = superview.centerY",
/// ], views: ["red": red, "superview": root]))
/// try root.layout(width: 320, height: 480)
/// red.frame  // (0, 190, 100, 100)
/// ```
///
/// Intrinsic size and its priorities follow Auto Layout:
/// ``intrinsicContentSize`` (no intrinsic metric by default, per dimension),
/// content hugging (default 250) and compression resistance (default 750) per
/// axis, read and set with Auto Layout's method names
/// (``contentHuggingPriority(for:)``, ``setContentHuggingPriority(_:for:)``,
/// ``contentCompressionResistancePriority(for:)``,
/// ``setContentCompressionResistancePriority(_:for:)``).
///
/// A view is a reference type and is not `Sendable`: build and lay out a tree
/// on one thread (different trees may be laid out in parallel). A constraint
/// between views of two trees ties them together: lay them out, and free
/// their views, on one thread, since a view's parent and its references
/// are plain pointers that its deinit clears, not atomic weak references.
public final class View: CustomStringConvertible {
    // Declared first, so that they share the object's first cache line with
    // `id`: what lowering reads of every view (a layout touches each view's
    // memory once, and a tree of 10,000 views does not stay in the cache).
    // These and `frame` are read or written for every view of every layout,
    // and skip the dynamic exclusivity check (`@exclusivity(unchecked)`: a
    // thread-local access set searched at each access, about a twentieth
    // of a first layout): Plumb never accesses them overlapping, and users
    // can only read the arrays.

    /// The views this one contains, in order.
    @exclusivity(unchecked) public private(set) var subviews: [View] = [] {
        didSet { layoutInputChanged() }
    }

    /// Active constraints that name this view (as first or second view), in activation order.
    /// A constraint between two views is listed by both.
    public var constraints: [Constraint] { listed }

    /// ``constraints``' storage, written only by activation and
    /// deactivation (`Constraint.list` and `unlist`), which keep
    /// ``listedCount`` with it and report the change
    /// (`LayoutInputs.viewChanged()`) once per call that listed or
    /// unlisted something, not once per view: an observer on this property
    /// took an atomic read-modify-write for every listing (70,000 at
    /// `list` 10,000).
    @exclusivity(unchecked) var listed: [Constraint] = []

    /// Changes whenever an input of this view's lowering other than its
    /// ``subviews`` and ``constraints`` may have changed: its intrinsic size
    /// or content priorities, text, measure function, rules, or what the
    /// Swift front ends keep on it. A layout record compares it to skip
    /// looking at those for views whose stamp did not move.
    @exclusivity(unchecked) var layoutStamp: UInt64 = 0 {
        didSet { layoutInputChanged() }
    }

    /// Reports a change to ``subviews`` or `layoutStamp` to the layout
    /// records: logged by name once a record has held the view
    /// (`ViewExtras.recorded`), else only counted.
    private func layoutInputChanged() {
        if extras.contains(.recorded) { LayoutInputs.viewChanged(named: self) } else { LayoutInputs.viewChanged() }
    }

    /// The view's Simple Layout Language rules, made by ``Layout/init(of:)`` on first use.
    @exclusivity(unchecked) var ruleLayout: Layout?

    /// The view's name: used in error messages and frames output.
    public let id: String

    /// The view that contains this one, or `nil` for a root. A superview
    /// owns its subviews, not the other way round: this is `nil` once the
    /// superview is gone, as a weak reference would be.
    public var superview: View? { parent }

    /// ``superview``, unretained and not weak: a weak reference to a view
    /// would give it a side table, through which every retain and release
    /// of it then goes (the slow path). Only set while the superview lists
    /// this view in its ``subviews``; the superview clears it when it
    /// removes the view or is deallocated, so it never dangles. Kept as an
    /// `Unmanaged` pointer, not `unowned(unsafe)`: reading such a property
    /// into a local retained the view, and the walks up the tree
    /// (``addSubview(_:)``'s) retained and released every ancestor.
    @exclusivity(unchecked) private var parentPointer: Unmanaged<View>?

    /// ``superview``, retained for the caller.
    private var parent: View? {
        get { parentPointer?.takeUnretainedValue() }
        set { parentPointer = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// ``superview`` lent, without a retain, to a caller that releases
    /// nothing while it uses it (the maker's lowering; see `ViewReference`):
    /// a superview is alive while it lists this view.
    var lentSuperview: Unmanaged<View>? { parentPointer }

    /// Calls `body` with this view, then its superview, and so on up to the
    /// root, until `body` returns false. Each view is lent, not retained: a
    /// superview is alive while it lists the view below it, and `body` must
    /// not remove views from the chain.
    @inline(__always)
    private func walkUp(_ body: (View) -> Bool) {
        var node: Unmanaged<View>? = Unmanaged.passUnretained(self)
        while let n = node {
            node = n._withUnsafeGuaranteedRef { view in body(view) ? view.parentPointer : nil }
        }
    }

    /// The slab that holds this view's ``ViewReference`` slot (at
    /// ``ownSlot``): what references this view without keeping it alive
    /// (constraints, rule arguments, observations) holds instead of a weak
    /// reference. Given a slot on first use, cleared when the view is
    /// deallocated.
    @exclusivity(unchecked) private var ownSlab: ViewReferenceSlab?

    /// Which of the inputs that most views leave alone are set (text, a
    /// measure function, an intrinsic size, text metrics, front-end
    /// problems, observers), kept in step by their setters. It shares a
    /// cache line with ``frame``, which every layout writes: lowering and
    /// frame writing read it instead of those properties, which lie further
    /// in the object (for a plain view, a cache miss each, per pass, at
    /// 10,000 views).
    @exclusivity(unchecked) var extras = ViewExtras()

    /// The slot of ``ownSlab`` that is this view's (meaningful once
    /// ``ownSlab`` is set). A byte declared after ``extras``, in the padding
    /// before ``subtreeCount``: views are no larger than when they held a
    /// pointer to a reference object of their own.
    @exclusivity(unchecked) private var ownSlot: UInt8 = 0

    /// How many views the tree under this view holds, this view included:
    /// kept by ``addSubview(_:)`` and ``removeFromSuperview()`` on the view
    /// and its ancestors (which they walk anyway), so that a layout knows
    /// the size of its tree before numbering it and reserves its per-view
    /// arrays once instead of growing them by doubling. An `Int32` declared
    /// after ``extras`` so that it takes padding there rather than making
    /// every view larger.
    @exclusivity(unchecked) private(set) var subtreeCount: Int32 = 1

    /// The view's number in the last tree lowered that held it (depth
    /// first, the root 0), written as the tree is numbered; -1 before.
    /// Stale once the view leaves that tree: `ViewIdentityIndex` trusts it
    /// only when the tree being lowered has this very view at that number.
    @exclusivity(unchecked) var loweringNumber: Int32 = -1

    /// How many constraints ``constraints`` lists, kept with ``listed``:
    /// numbering a tree for a layout sums them (to reserve the rows) from
    /// the view objects it reads anyway, instead of from each array's
    /// storage, a separate allocation (a cache miss a view at 10,000 views,
    /// a fifth of lowering's cycles). Declared after ``loweringNumber``, in
    /// the padding before ``frame``: views are no larger.
    @exclusivity(unchecked) private(set) var listedCount: Int32 = 0

    /// The view's frame in its superview's coordinates (for a root, its own
    /// `(0, 0, width, height)`), as set by the last ``layout(width:height:direction:scale:measurer:)``
    /// of a tree containing it. ``Rect/zero`` before that.
    @exclusivity(unchecked) public internal(set) var frame: Rect = .zero {
        didSet {
            if extras.contains(.observed) { notifyObservers(.frame, old: .frame(oldValue), new: .frame(frame)) }
        }
    }

    /// The size the view's content would like; `nil` dimensions have no
    /// intrinsic metric. See ``IntrinsicSize``.
    public var intrinsicContentSize: IntrinsicSize = .none {
        didSet {
            extras.set(.intrinsicSize, intrinsicContentSize.width != nil || intrinsicContentSize.height != nil)
            layoutStamp &+= 1
            notifyObservers(.intrinsicContentSize, old: .intrinsicContentSize(oldValue),
                            new: .intrinsicContentSize(intrinsicContentSize))
        }
    }

    /// The text the view shows, or `nil`. A view with text measures it with
    /// the layout's ``TextMeasurer``: its intrinsic width is the text's width
    /// on as few lines as its line breaks allow, its intrinsic height what the
    /// text needs wrapped at the width the layout gives the view (height for
    /// width), and its baselines those of the text (see `docs/text.md`). It
    /// replaces ``intrinsicContentSize`` and ``measureContent``.
    public var text: Text? {
        didSet {
            extras.set(.text, text != nil)
            layoutStamp &+= 1
            notifyObservers(.text, old: .text(oldValue), new: .text(text))
        }
    }

    /// A measure function: the height (and baselines) the view's content
    /// needs at a width, for a view without ``text`` whose height follows its
    /// width. The layout calls it with the width it gives the view and solves
    /// again until no answer changes (see `docs/text.md`); answers are cached
    /// per width, so it must return the same for the same width. The view's
    /// intrinsic width, if any, is ``intrinsicContentSize``'s; its intrinsic
    /// height comes from the function.
    public var measureContent: ((_ width: Double) -> ContentSize)? {
        didSet {
            extras.set(.measureContent, measureContent != nil)
            layoutStamp &+= 1
        }
    }

    /// What the view's text measured at the width of the last layout
    /// (its lines and baselines); `nil` for a view without text or before
    /// a layout.
    public internal(set) var textMetrics: TextMetrics? {
        didSet { extras.set(.textMetrics, textMetrics != nil) }
    }

    private var hugging: (horizontal: Priority, vertical: Priority) = (.low, .low)
    private var resistance: (horizontal: Priority, vertical: Priority) = (.high, .high)

    /// Layout margins, maker-installed constraints and unreported problems of
    /// the Swift front ends (see `View+SwiftFrontEnds.swift`). Read by
    /// every Mortar statement (the margins) and written by every maker
    /// block: unchecked for exclusivity, as the other stored properties that
    /// building reads (a view is used on one thread).
    @exclusivity(unchecked) var swiftFrontEnds = SwiftFrontEndState() {
        didSet {
            extras.set(.frontEndProblems, !swiftFrontEnds.diagnostics.isEmpty)
            layoutStamp &+= 1
        }
    }

    /// What the last layout of the tree under this view lowered, for the
    /// next layout to reuse when only numbers changed (see `View+LayoutCache.swift`).
    var layoutCache: TreeLayoutCache?

    /// This view's ``Observer`` (made by ``Observer/observer(for:)``), and
    /// the observers watching this view, held weakly.
    var ownObserver: Observer?
    var watchers: [WeakObserver] = [] {
        didSet { extras.set(.observed, !watchers.isEmpty) }
    }

    /// Creates a view with no superview, subviews or constraints.
    public init(_ id: String) {
        self.id = id
    }

    deinit {
        // Everything that refers to this view without owning it reads nil
        // from now on: the references held by constraints, rule arguments
        // and observations, the subviews' superview, the view's own rules
        // and observer.
        ownSlab?.withUnsafeMutablePointerToElements { $0[Int(ownSlot)] = nil }
        for child in subviews { child.parent = nil }
        ruleLayout?.viewGone()
        ownObserver?.objectGone()
        // The constraints that still name this view: layout must now check
        // their views (see `Constraint.viewGone`).
        for c in constraints { c.viewGone = true }
    }

    /// Appends `c` to ``constraints``, giving a list its first room for 4
    /// (most views are named by a few constraints). The caller reports the
    /// change (`LayoutInputs.viewChanged()`).
    @inline(__always)
    func list(_ c: Constraint) {
        listed.append(c, firstRoom: 4)
        listedCount = Int32(truncatingIfNeeded: listed.count)
    }

    /// Removes `c` from ``constraints``; whether it was there. The caller
    /// reports the change (`LayoutInputs.viewChanged()`).
    func unlist(_ c: Constraint) -> Bool {
        guard let i = listed.firstIndex(where: { $0 === c }) else { return false }
        listed.remove(at: i)
        listedCount = Int32(truncatingIfNeeded: listed.count)
        return true
    }

    /// This view's ``ViewReference`` (given a slot on first use).
    var reference: ViewReference {
        let (slab, slot) = referenceParts
        return ViewReference(slab: slab, slot: slot)
    }

    /// ``reference``'s slab (retained for the caller) and slot, for a
    /// constraint, which keeps them apart.
    var referenceParts: (slab: ViewReferenceSlab, slot: UInt8) {
        if let ownSlab { return (ownSlab, ownSlot) }
        return makeReference()
    }

    /// Gives the view its slot (``reference``'s first use).
    private func makeReference() -> (slab: ViewReferenceSlab, slot: UInt8) {
        let made = ViewReference.make(for: self)
        ownSlab = made.slab
        ownSlot = made.slot
        return (made.slab, made.slot)
    }

    // MARK: - Hierarchy

    /// Appends `view` to ``subviews``, first removing it from its old superview.
    ///
    /// - Precondition: `view` is not this view or one of its ancestors (a view
    ///   tree has no cycles).
    /// - Complexity: O(depth + old superview's subviews).
    public func addSubview(_ view: View) {
        // The walk that checks for a cycle also counts the added views in
        // every ancestor (a view already in this tree is subtracted again by
        // `removeFromSuperview`, below).
        let added = view.subtreeCount
        walkUp { ancestor in
            precondition(ancestor !== view,
                         "cannot add view '\(view.id)' as a subview of itself or of one of its descendants")
            ancestor.subtreeCount += added
            return true
        }
        view.removeFromSuperview()
        // A first subview makes the list with room for 4, as a view's first
        // constraint does (see `list`): a view given one subview is most
        // often a container given several (appending to an empty array made
        // room for 1, then grew it to 3 at the second).
        subviews.append(view, firstRoom: 4)
        view.parent = self
    }

    /// Adds `change` to the ``subtreeCount`` of this view and of each of its ancestors.
    private func adjustSubtreeCounts(by change: Int32) {
        walkUp { node in
            node.subtreeCount += change
            return true
        }
    }

    /// Detaches the view from its superview. Its constraints stay active; a
    /// constraint that relates it to a view of the old tree makes that tree's
    /// next layout fail, naming the constraint (deactivate such constraints
    /// first). Does nothing for a view without a superview.
    ///
    /// - Complexity: O(superview's subviews + depth).
    public func removeFromSuperview() {
        guard let parent else { return }
        if let i = parent.subviews.firstIndex(where: { $0 === self }) { parent.subviews.remove(at: i) }
        parent.adjustSubtreeCounts(by: -subtreeCount)
        self.parent = nil
    }

    /// Whether `view` is this view or one of its descendants.
    ///
    /// - Complexity: O(depth of `view`).
    public func isDescendant(of view: View) -> Bool {
        var found = false
        walkUp { node in
            found = node === view
            return !found
        }
        return found
    }

    // MARK: - Intrinsic size priorities

    /// How strongly the view resists growing beyond its intrinsic size along
    /// `axis` (default 250, `Priority/low`).
    public func contentHuggingPriority(for axis: LayoutAxis) -> Priority {
        axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// Sets the content hugging priority along `axis`.
    public func setContentHuggingPriority(_ priority: Priority, for axis: LayoutAxis) {
        if axis == .horizontal { hugging.horizontal = priority } else { hugging.vertical = priority }
        layoutStamp &+= 1
    }

    /// How strongly the view resists shrinking below its intrinsic size along
    /// `axis` (default 750, `Priority/high`).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> Priority {
        axis == .horizontal ? resistance.horizontal : resistance.vertical
    }

    /// Sets the compression resistance priority along `axis`.
    public func setContentCompressionResistancePriority(_ priority: Priority, for axis: LayoutAxis) {
        if axis == .horizontal { resistance.horizontal = priority } else { resistance.vertical = priority }
        layoutStamp &+= 1
    }

    public var description: String { "View(\(id), frame: \(frame))" }
}

/// A reference to a view that does not keep it alive and reads `nil` once
/// the view is deallocated, like a weak reference, for what may outlive the
/// view (a ``Constraint``, a rule argument, an observation). One per view,
/// shared (``View/reference``), and not weak: a weak reference would give
/// the view a side table and slow every retain and release of it. The
/// view's deinit clears it (its first statement, before anything the deinit
/// releases), so it never dangles: a view whose reference is not `nil` has
/// not begun to be deallocated. One reference per view also means that two
/// references are the same (``===``) exactly when they name the same view.
///
/// A reference is a slot in a ``ViewReferenceSlab``, which holds the slots
/// of up to 256 views made on one thread, one allocation for all of them
/// (an object per view cost an allocation and a free per view, a fortieth
/// of building a tree in Swift). The reference keeps its slab alive, as
/// does the view whose slot it is; the slab is freed when the last of them
/// goes.
///
/// The view is held as an `Unmanaged` pointer. ``view`` retains it for the
/// caller, who may keep it; ``withView(_:)`` lends it instead, for the hot
/// paths (activation, the front ends' lowering) that only touch the view
/// for a moment: no retain and no release. Lending relies on this
/// invariant: nothing that `body` does may release the last strong
/// reference to the view (the tree, the user's variables or the front end's
/// own objects hold those, and `body` must not drop them), so the view stays
/// alive while it is lent. The view's deinit then cannot run inside `body`.
struct ViewReference {
    /// The slab that holds the slot, retained.
    let slab: ViewReferenceSlab
    /// The slot's index in `slab`.
    let slot: UInt8

    /// The view, unretained; `nil` once it is gone.
    @inline(__always)
    private var pointer: Unmanaged<View>? {
        slab.withUnsafeMutablePointerToElements { $0[Int(slot)] }
    }

    /// The view, retained for the caller; `nil` once it is gone.
    var view: View? { pointer?.takeUnretainedValue() }

    /// Calls `body` with the view, lent without a retain; `nil` (without
    /// calling it) once the view is gone. `body` must not release the last
    /// strong reference to the view (see the type's comment).
    @inline(__always)
    func withView<R>(_ body: (View) throws -> R) rethrows -> R? {
        try Self.withView(in: slab, at: slot, body)
    }

    /// ``withView(_:)`` for the reference in `slot` of `slab`, which the
    /// caller holds (a constraint keeps the two apart, and activation passes
    /// its slab lent, with no retain).
    @inline(__always)
    static func withView<R>(in slab: ViewReferenceSlab, at slot: UInt8, _ body: (View) throws -> R) rethrows -> R? {
        guard let pointer = slab.withUnsafeMutablePointerToElements({ $0[Int(slot)] }) else { return nil }
        return try pointer._withUnsafeGuaranteedRef(body)
    }

    /// Whether `a` and `b` are the same slot, that is, name the same view.
    @inline(__always)
    static func === (a: ViewReference, b: ViewReference) -> Bool {
        a.slab === b.slab && a.slot == b.slot
    }

    /// The slab this thread hands slots out of; a full one is replaced.
    private static let current = ThreadLocal<ViewReferenceSlab?> { nil }

    /// A new reference to `view`, in the next free slot of this thread's slab.
    static func make(for view: View) -> ViewReference {
        current.withValue { current in
            let slab: ViewReferenceSlab
            if let open = current, open.withUnsafeMutablePointerToHeader({ $0.pointee }) < ViewReferenceSlab.slotCount {
                slab = open
            } else {
                slab = ViewReferenceSlab.make()
                current = slab
            }
            // The header through its pointer: `header` is a stored property,
            // read and written with a dynamic exclusivity check.
            let slot = slab.withUnsafeMutablePointerToHeader { used in
                defer { used.pointee &+= 1 }
                return used.pointee
            }
            slab.withUnsafeMutablePointerToElements {
                ($0 + slot).initialize(to: Unmanaged.passUnretained(view))
            }
            return ViewReference(slab: slab, slot: UInt8(truncatingIfNeeded: slot))
        }
    }
}

/// The slots of up to ``slotCount`` views' references (``ViewReference``),
/// one allocation: the header counts the slots handed out, which only the
/// thread whose current slab it is does (``ViewReference/make(for:)``); a
/// slot is written when it is handed out and when its view is deallocated
/// (on whatever thread frees the view: each slot is its own view's, so
/// these writes never touch the same memory as another thread's).
final class ViewReferenceSlab: ManagedBuffer<Int, Unmanaged<View>?> {
    /// Slots a slab: a slot's index must fit in a byte (``ViewReference/slot``).
    static let slotCount = 256

    /// A slab with no slot handed out. Slots are initialized as they are
    /// handed out (and hold trivial values: nothing to deinitialize).
    static func make() -> ViewReferenceSlab {
        unsafeDowncast(create(minimumCapacity: slotCount) { _ in 0 }, to: ViewReferenceSlab.self)
    }
}

/// The inputs of a ``View`` that most views leave alone, one bit each: set
/// exactly when the property is (`View.extras`).
struct ViewExtras: OptionSet {
    let rawValue: UInt8

    /// ``View/text`` is not `nil`.
    static let text = ViewExtras(rawValue: 1 << 0)
    /// ``View/measureContent`` is not `nil`.
    static let measureContent = ViewExtras(rawValue: 1 << 1)
    /// ``View/intrinsicContentSize`` has a width or a height.
    static let intrinsicSize = ViewExtras(rawValue: 1 << 2)
    /// ``View/textMetrics`` is not `nil`.
    static let textMetrics = ViewExtras(rawValue: 1 << 3)
    /// The Swift front ends recorded problems on the view, not yet reported.
    static let frontEndProblems = ViewExtras(rawValue: 1 << 4)
    /// Observers watch the view.
    static let observed = ViewExtras(rawValue: 1 << 5)
    /// A layout record has held the view (it may still): changes to its
    /// subviews and stamp are logged by name (`LayoutInputs.viewChanged`).
    static let recorded = ViewExtras(rawValue: 1 << 6)

    /// Text or a measure function: the view is measured.
    static let measured: ViewExtras = [.text, .measureContent]

    /// Sets `member` when `present`, clears it otherwise.
    @inline(__always)
    mutating func set(_ member: ViewExtras, _ present: Bool) {
        if present { insert(member) } else { remove(member) }
    }
}
