/// The views of a tree being laid out, numbered, found by identity: what
/// lowering asks for every constraint (the number of its second view, or
/// whether its first is in the tree).
///
/// Numbering the tree writes each view's number into the view
/// (``View/loweringNumber``); a view is in the tree exactly when the tree's
/// view at the number it holds is that view. A view outside the tree holds
/// -1 or a number from an earlier tree, where the tree has another view
/// (or none), so stale numbers need no clearing. This replaced a hash table
/// of the views' addresses: 256 KB of fresh memory at 10,000 views (about
/// 64 page faults at a first layout) and about 33 instructions a lookup,
/// where the number is one load from a view lowering reads anyway and one
/// from the tree's array.
struct ViewIdentityIndex {
    /// The tree, depth first; view `i` holds `i` in its ``View/loweringNumber``.
    private let views: [View]

    /// The index of `views`, each of which already holds its position in
    /// its ``View/loweringNumber`` (see ``number(_:as:)``).
    init(numbered views: [View]) {
        self.views = views
    }

    /// Gives `view` the number `i` in the tree being numbered.
    @inline(__always)
    static func number(_ view: View, as i: Int32) {
        view.loweringNumber = i
    }

    /// The number of `view`, or `nil` when it is not in the tree.
    @inline(__always)
    subscript(view: View) -> Int32? {
        let j = view.loweringNumber
        return views.withUnsafeBufferPointer { tree in
            j >= 0 && Int(j) < tree.count && tree[Int(j)] === view ? j : nil
        }
    }

    /// The number of the view with identity `id`, or `nil` when it is not
    /// in the tree.
    ///
    /// - Precondition: the view is alive (a constraint's view identities
    ///   while ``Constraint/viewGone`` is `false`).
    @inline(__always)
    subscript(alive id: ObjectIdentifier) -> Int32? {
        let view = Unmanaged<View>.fromOpaque(UnsafeRawPointer(bitPattern: UInt(bitPattern: id))!)
        return view._withUnsafeGuaranteedRef { self[$0] }
    }
}
