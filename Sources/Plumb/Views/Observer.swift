/// Block-based observation of a view's properties, after CocoaSugar's
/// COSObserver: an observer belongs to one view (its *object*), watches
/// other views (its *targets*), and calls a block when a watched property
/// of a target changes.
///
/// ```swift
/// let label1 = View("label1"), label2 = View("label2")
/// let observer = Observer.observer(for: label1)
/// observer.addTarget(label2, property: .text) { object, target, change in
///     object.text = change.new.text  // label1 shows what label2 shows
/// }
/// label2.text = Text("Hello")
/// label1.text?.string  // "Hello"
/// ```
///
/// Nothing needs removing by hand. The object owns its observer (there is
/// one per view, made on first use), and a target only holds its observers
/// weakly, so an observation ends when either view goes away: a released
/// object takes its observer with it, and a released target is no longer
/// there to change. ``removeTarget(_:property:)`` ends one earlier.
///
/// Properties: ``Property/text`` and ``Property/intrinsicContentSize`` notify
/// when they are set to a different value; ``Property/frame`` when a layout
/// moves or resizes the view (a layout that leaves it where it was says
/// nothing). Blocks run synchronously, on the thread that made the change,
/// in the order the targets were added; a block may change views (even
/// observed ones) again.
public final class Observer {
    /// A property that can be observed.
    public enum Property: Hashable, Sendable {
        case frame
        case text
        case intrinsicContentSize
    }

    /// A property's value before or after a change.
    public enum Value: Hashable, Sendable {
        case frame(Rect)
        case text(Text?)
        case intrinsicContentSize(IntrinsicSize)

        /// The frame, for a ``Property/frame`` change.
        public var frame: Rect? { if case .frame(let r) = self { r } else { nil } }
        /// The text (nil when the view has none), for a ``Property/text`` change.
        public var text: Text? { if case .text(let t) = self { t } else { nil } }
        /// The intrinsic size, for a ``Property/intrinsicContentSize`` change.
        public var intrinsicContentSize: IntrinsicSize? {
            if case .intrinsicContentSize(let s) = self { s } else { nil }
        }
    }

    /// What changed: the property, and its value before and after.
    public struct Change: Hashable, Sendable {
        public let property: Property
        public let old: Value
        public let new: Value
    }

    /// The block of an observation: the observer's object, the target whose
    /// property changed, and the change.
    public typealias Block = (_ object: View, _ target: View, _ change: Change) -> Void

    /// The view this observer belongs to; nil once it has gone (then the
    /// observer has no observations either).
    public var object: View? { owner }
    /// ``object``, unretained and not weak (which would slow every retain
    /// and release of the view): the view owns this observer and clears it
    /// when it is deallocated (``objectGone()``).
    private unowned(unsafe) var owner: View?

    private struct Observation {
        /// The target, by a reference that reads `nil` once it is gone.
        let reference: ViewReference
        let property: Property
        let block: Block
        var target: View? { reference.view }
    }
    private var observations: [Observation] = []

    private init(object: View) {
        owner = object
    }

    /// Called by the object's deinit: ``object`` is `nil` from now on.
    func objectGone() {
        owner = nil
    }

    /// The observer of `object`, made on first use: calling this again for
    /// the same view returns the same observer.
    public static func observer(for object: View) -> Observer {
        if let existing = object.ownObserver { return existing }
        let made = Observer(object: object)
        object.ownObserver = made
        return made
    }

    /// Calls `block` each time `property` of `target` changes, until
    /// `target` or this observer's object goes away or the observation is
    /// removed. A target may be added for several properties, and the same
    /// target and property more than once (each block runs).
    public func addTarget(_ target: View, property: Property, block: @escaping Block) {
        observations.append(Observation(reference: target.reference, property: property, block: block))
        if !target.watchers.contains(where: { $0.observer === self }) {
            target.watchers.append(WeakObserver(observer: self))
        }
    }

    /// Ends the observations of `target` (of `property` only, when given).
    public func removeTarget(_ target: View, property: Property? = nil) {
        observations.removeAll { $0.target === target && (property == nil || $0.property == property) }
        if !observations.contains(where: { $0.target === target }) {
            target.watchers.removeAll { $0.observer === self || $0.observer == nil }
        }
    }

    /// How many observations are live (targets still there).
    public var observationCount: Int {
        observations.removeAll { $0.target == nil }
        return observations.count
    }

    /// Runs the blocks observing `property` of `target`.
    fileprivate func notify(_ target: View, _ change: Change) {
        guard let object else { return }
        // A block may add or remove observations: run over a snapshot.
        for o in observations where o.target === target && o.property == change.property {
            o.block(object, target, change)
        }
    }
}

/// A target's weak link to an observer watching it.
struct WeakObserver {
    weak var observer: Observer?
}

extension View {
    /// Tells the observers watching this view that `property` changed.
    func notifyObservers(_ property: Observer.Property, old: Observer.Value, new: Observer.Value) {
        guard !watchers.isEmpty, old != new else { return }
        watchers.removeAll { $0.observer == nil }
        let change = Observer.Change(property: property, old: old, new: new)
        for w in watchers { w.observer?.notify(self, change) }
    }
}
