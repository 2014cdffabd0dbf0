import PlumbTestSupport
import Testing
@testable import PlumbSolver

/// `AffineClasses` against the relations it was given: after random joins
/// with signs ±1 and whole offsets (exact in floating point), every
/// recorded `x = s·y + d` holds through the representatives, a join is
/// refused exactly when a relabelled copy of the classes says both ends are
/// in one class already, and classes are what the labels say.
@Suite struct AffineClassesTests {
    @Test(arguments: 0 ..< 40)
    func recordedRelationsHoldThroughTheRepresentatives(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 0x51_7CC1)
        let count = Int.random(in: 2 ... 60, using: &random)
        var classes = AffineClasses(count: count)
        var label = Array(0 ..< count)
        var recorded: [(x: Int32, y: Int32, sign: Double, offset: Double)] = []
        for _ in 0 ..< Int.random(in: 1 ... 2 * count, using: &random) {
            let x = Int32.random(in: 0 ..< Int32(count), using: &random)
            let y = Int32.random(in: 0 ..< Int32(count), using: &random)
            let sign: Double = Bool.random(using: &random) ? 1 : -1
            let offset = Double(Int.random(in: -1000 ... 1000, using: &random))
            let joined = classes.union(x, y, sign: sign, offset: offset)
            let apart = label[Int(x)] != label[Int(y)]
            #expect(joined == apart)
            if joined {
                recorded.append((x, y, sign, offset))
                let old = label[Int(y)], new = label[Int(x)]
                for i in 0 ..< count where label[i] == old { label[i] = new }
            }
        }
        for r in recorded {
            let fx = classes.find(r.x), fy = classes.find(r.y)
            #expect(fx.root == fy.root)
            // x = sx·root + ox and y = sy·root + oy with x = s·y + d.
            #expect(fx.sign == r.sign * fy.sign)
            #expect(fx.offset == r.sign * fy.offset + r.offset)
        }
        for i in 0 ..< count {
            let fi = classes.find(Int32(i))
            #expect(abs(fi.sign) == 1)
            for j in 0 ..< count {
                let rj = classes.find(Int32(j)).root
                #expect((fi.root == rj) == (label[i] == label[j]))
            }
        }
    }

    /// With every sign 1 the offsets add along the path from the variable
    /// up, in that order (what `SystemDiagnosis` has always computed), and a
    /// second find after the path is pointed at the root gives the same bits.
    @Test func offsetsAddAlongThePathInOrder() {
        var classes = AffineClasses(count: 3)
        let joins = [classes.union(1, 2, offset: 0.2), classes.union(0, 1, offset: 0.1)]
        #expect(joins == [true, true])
        let first = classes.find(0)
        #expect(first.root == 2 && first.sign == 1)
        #expect(first.offset == 0.1 + 0.2)
        #expect(first.offset != 0.3)
        let again = classes.find(0)
        #expect(again.offset == first.offset)
        let rejoined = classes.union(2, 0, offset: 5)
        #expect(!rejoined)
    }

    /// A negative link: x = −y + 10 and y = z + 3 give x = −z + 7.
    @Test func signsCompose() {
        var classes = AffineClasses(count: 3)
        let joins = [classes.union(0, 1, sign: -1, offset: 10), classes.union(1, 2, offset: 3)]
        #expect(joins == [true, true])
        let x = classes.find(0), y = classes.find(1)
        #expect(x.root == 2 && x.sign == -1 && x.offset == 7)
        #expect(y.root == 2 && y.sign == 1 && y.offset == 3)
    }
}
