import CPlumbKernels

/// Asks the processor for the memory lowering will read next, while it
/// lowers what it has.
///
/// Lowering a tree (`View.lowerTree`) reads, for each view in turn, its
/// ``View/constraints`` array, each constraint listed there, and the views
/// each constraint names (their ``View/loweringNumber``). At 10,000 views
/// these are about 60,000 objects spread over 15 MB of heap, found only
/// through pointers: the processor's own prefetching cannot guess them, and
/// each was a cache miss waited for in turn (`perf annotate` of a `list`
/// layout: three loads, a constraint's first field, its second cache line
/// and its second view's number, took about half of lowering's cycles).
/// Here the addresses are read a step ahead and handed to `plumb_prefetch`,
/// so that the misses of the next steps overlap the work of this one.
/// Nothing is changed: a prefetch only moves memory into the caches.
enum LoweringPrefetch {
    /// Before view `i` of `views` is lowered: the view two ahead (its
    /// object, which holds the reference to its constraints) and the
    /// constraints array of the view one ahead (whose object was asked for
    /// one step earlier).
    @inline(__always)
    static func views(_ views: [View], after i: Int) {
        views.withUnsafeBufferPointer { tree in
            if i &+ 2 < tree.count {
                plumb_prefetch(Unmanaged.passUnretained(tree[i &+ 2]).toOpaque())
            }
            if i &+ 1 < tree.count {
                // The array's storage object, its count and first elements
                // (an array of class references is one pointer to it).
                plumb_prefetch(unsafeBitCast(tree[i &+ 1].constraints, to: UnsafeRawPointer.self))
            }
        }
    }

    /// Before constraint `k` of the list `refs` of view `me` is lowered:
    /// the fields lowering reads of the constraint two ahead, and the number
    /// of the other view named by the one a step ahead (whose fields were
    /// asked for one step earlier): its second view, or its first when `me`
    /// is its second. A constraint whose view is gone is left alone (its
    /// identities may name freed memory; a prefetch of it would be harmless,
    /// but lowering takes another path for it).
    @inline(__always)
    static func constraints(_ refs: UnsafeBufferPointer<Unmanaged<Constraint>>, after k: Int, of me: ObjectIdentifier) {
        if k &+ 2 < refs.count {
            // Bytes 16 ..< 64 (see `Constraint`'s fields): one cache line
            // or two, depending on where the object starts.
            let c = UnsafeRawPointer(refs[k &+ 2].toOpaque())
            plumb_prefetch(c + 16)
            plumb_prefetch(c + 63)
        }
        if k &+ 1 < refs.count {
            refs[k &+ 1]._withUnsafeGuaranteedRef { c in
                guard !c.viewGone else { return }
                if let id = c.firstViewID == me ? c.secondViewID : c.firstViewID { number(of: id) }
            }
        }
    }

    /// The memory of the ``View/loweringNumber`` of the live view `id`.
    @inline(__always)
    private static func number(of id: ObjectIdentifier) {
        let view = Unmanaged<View>.fromOpaque(UnsafeRawPointer(bitPattern: UInt(bitPattern: id))!)
        view._withUnsafeGuaranteedRef { view in
            withUnsafeMutablePointer(to: &view.loweringNumber) { plumb_prefetch($0) }
        }
    }
}
