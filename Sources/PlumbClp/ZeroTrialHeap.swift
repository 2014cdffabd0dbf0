import CClpSimplex

/// Whether Clp's zero trials (those through `ZeroTrialSetUp`, the default
/// with `ClpPartSolver.zeroTrialSharesSetUps`) give the heap's free pages
/// back to the system, before the trial's dual and after it, for the whole
/// process. Off by default; the `plumb` tool turns it on for a
/// document too large for its heap reservation.
///
/// A trial's dual frees every work area Clp made for it, and the part's
/// next calls make them again; glibc keeps the freed pages and places the
/// new blocks only partly on them, so the process peaked after the trial
/// (`levels` at 100,000 views: 1,421 MB; 1,266 with the pages given back
/// before and after the trial, whose dual is then the peak). Giving them back costs the page faults of touching
/// them again (a quarter more on that document), which is why a document
/// with a reservation (whose freed pages are the next blocks' huge pages)
/// does not. Where Clp's blocks lie changes nothing it computes: every
/// result is the same to the bit (BENCHMARKS.md, mem59).
///
/// With it on, a Clp primal allowed no pivot (a level checked at a basis,
/// a crash basis confirmed) also gives the free pages back before it, and
/// prices by Dantzig's rule instead of making the steepest-edge weights it
/// would never use (`levels` at 100,000 views peaked in those calls after
/// mem59). Such a call's answer comes from the point's and the prices'
/// infeasibilities, not from the pricing; the part's steepest-edge pricing
/// is put back without weights, and the next call that pivots makes them
/// for its start. And a warm probe that stalls has its factorisation freed
/// before the part goes back to the least point's basis and works out a
/// crash from it (`levels` at 100,000 views: 1,162 -> 1,062 MB;
/// BENCHMARKS.md, mem61).
public enum ZeroTrialHeap {
    /// On or off for every zero trial of the process.
    public static var givenBack: Bool {
        get { plumb_clp_heap_given_back() != 0 }
        set { plumb_clp_set_heap_given_back(newValue ? 1 : 0) }
    }

    /// Runs `body` with the setting `on` for the Clp calls made on this
    /// thread only, whatever the process's setting, and puts the process's
    /// back for this thread after it. A solve that should follow it must
    /// run on this thread (`SolveOptions.threads` 1). Tests use it: the
    /// process's setting would also reach the solves other tests make
    /// meanwhile.
    public static func onThisThread<T>(_ on: Bool, _ body: () throws -> T) rethrows -> T {
        plumb_clp_set_heap_given_back_on_this_thread(on ? 1 : 0)
        defer { plumb_clp_set_heap_given_back_on_this_thread(-1) }
        return try body()
    }

    /// Whether the calls made on this thread give the heap back (the
    /// setting of ``onThisThread(_:_:)`` inside it, the process's outside).
    public static var givenBackOnThisThread: Bool { plumb_clp_heap_given_back_on_this_thread() != 0 }

    /// The times the heap's free pages were given back so far.
    public static var trims: Int { Int(plumb_clp_heap_trims()) }

    /// The Clp calls allowed no pivot that priced without the
    /// steepest-edge weights, so far in the process.
    public static var plainChecks: Int { Int(plumb_clp_plain_checks()) }

    /// The stalled warm probes' factorisations freed before a crash, so far
    /// in the process.
    public static var stalledFactorizationsReleased: Int { Int(plumb_clp_stalled_factorizations_released()) }
}
