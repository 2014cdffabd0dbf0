import Testing
@testable import Plumb

@Suite struct ViewIdentityIndexTests {
    /// Every view of the table is found with its position, at every size
    /// around the table's growth steps; views outside it are not found.
    @Test func findsTheTreesViewsAndNoOthers() {
        for count in [0, 1, 2, 10, 11, 12, 100, 1_000, 5_000] {
            let views = (0 ..< count).map { View("v\($0)") }
            let others = (0 ..< 200).map { View("o\($0)") }
            let index = ViewIdentityIndex(views)
            for (i, v) in views.enumerated() { #expect(index[ObjectIdentifier(v)] == Int32(i), "\(count)") }
            for o in others { #expect(index[ObjectIdentifier(o)] == nil, "\(count)") }
        }
    }
}
