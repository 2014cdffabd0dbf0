import Testing
@testable import PlumbSolver

/// The sets against a labelling kept here by relabelling whole classes: two
/// elements share a representative exactly when their labels agree, whether
/// the joins went through `union` or through `withStorage`'s view.
@Suite struct UnionFindTests {
    @Test(arguments: [false, true])
    func joinsMatchRelabelledClasses(throughStorage: Bool) {
        let count = 200
        var label = Array(0 ..< count)
        var sets = UnionFind(count: count)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int32 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32(truncatingIfNeeded: (seed >> 33) % UInt64(count))
        }
        for _ in 0 ..< 150 {
            let a = next(), b = next()
            let old = label[Int(b)], new = label[Int(a)]
            for i in 0 ..< count where label[i] == old { label[i] = new }
            if throughStorage {
                sets.withStorage { $0.union(a, b) }
            } else {
                sets.union(a, b)
            }
        }
        var roots = [Int32](repeating: -1, count: count)
        for i in 0 ..< count {
            roots[i] = throughStorage ? sets.withStorage { $0.find(Int32(i)) } : sets.find(Int32(i))
        }
        var classes = Set<Int>()
        for i in 0 ..< count {
            classes.insert(label[i])
            for j in 0 ..< count {
                #expect((roots[i] == roots[j]) == (label[i] == label[j]))
            }
        }
        // The joins left several classes, so the test tells sets apart.
        #expect(classes.count > 1 && classes.count < count)
    }
}
