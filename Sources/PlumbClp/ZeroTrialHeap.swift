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
public enum ZeroTrialHeap {
    /// On or off for every zero trial of the process.
    public static var givenBack: Bool {
        get { plumb_clp_heap_given_back() != 0 }
        set { plumb_clp_set_heap_given_back(newValue ? 1 : 0) }
    }

    /// The times the heap's free pages were given back so far.
    public static var trims: Int { Int(plumb_clp_heap_trims()) }
}
