import Dispatch
import Testing
@testable import Plumb

/// The maker hands a line's step objects (`ConstraintMakerExtendable`,
/// `ConstraintMakerEditable`) on to the next line when nothing but the maker
/// holds them. A step the user keeps must go on writing into its own line,
/// and the maker must not outlive its block through the steps it keeps.
@Suite struct MakerStepReuseTests {
    /// The same blocks every run.
    typealias Random = LazyOriginTests.Random

    /// What one line should make, written out here: its attribute, its
    /// constant (the number target plus every offset, in the order the
    /// test gave them) and its priority.
    struct Expected: Equatable, CustomStringConvertible {
        var attribute: LayoutAttribute
        var constant: Double
        var priority: Priority
        var text: String
        var description: String { "\(attribute) \(constant) @\(priority.rawValue) \(text)" }
    }

    /// Random blocks of one to seven lines. Each line is written whole, or
    /// its `Extendable` is kept and related later in the block, or its
    /// `Editable` is kept and given more offsets and a priority later in
    /// the block (after other lines have taken the spare steps). Every
    /// constraint made is compared with the line's expected attribute,
    /// constant, priority and origin text.
    @Test func keptStepsWriteIntoTheirOwnLines() {
        let sizes: [(LayoutAttribute, String, (ConstraintMaker) -> ConstraintMakerExtendable)] = [
            (.width, "width", { $0.width }), (.height, "height", { $0.height }),
        ]
        for seed in 0 ..< 300 {
            var rng = Random(state: UInt64(seed))
            let root = View("root"), box = View("box")
            root.addSubview(box)
            var expected: [Expected] = []
            // Changes made after later lines, run at the end of the block.
            var later: [() -> Void] = []
            let made = box.makeConstraints { make in
                for _ in 0 ..< 1 + rng.next(7) {
                    let (attribute, name, chain) = rng.pick(sizes)
                    let target = Double(rng.pick([0, 8, 20, 44]))
                    let first = Double(rng.pick([-4, 2, 16]))
                    let i = expected.count
                    expected.append(Expected(attribute: attribute, constant: target + first, priority: .required,
                                             text: "box: make.\(name).equalTo(\(Int(target))).offset(\(Int(first)))"))
                    switch rng.next(3) {
                    case 0:
                        chain(make).equalTo(target).offset(first)
                    case 1:
                        let kept = chain(make)
                        later.append { kept.equalTo(target).offset(first) }
                    default:
                        let kept = chain(make).equalTo(target).offset(first)
                        let more = Double(rng.pick([1, 3]))
                        let level = rng.pick([LayoutPriority.low, .high])
                        expected[i].constant += more
                        expected[i].priority = level.priority!
                        expected[i].text += ".offset(\(Int(more))).priority(\(level))"
                        later.append { kept.offset(more).priority(level) }
                    }
                    // Sometimes the kept steps are used right away, between lines.
                    if rng.next(3) == 0 {
                        for change in later { change() }
                        later.removeAll()
                    }
                }
                for change in later { change() }
            }
            let got = made.map {
                Expected(attribute: $0.firstAttribute, constant: $0.constant, priority: $0.priority, text: $0.origin.text)
            }
            #expect(got == expected, "seed \(seed)")
            #expect(made.allSatisfy { $0.isActive && $0.firstView === box && $0.secondView == nil })
        }
    }

    /// The spare steps refer to their maker while the block runs; once it
    /// has run, neither keeps the other alive, and a step kept past the block
    /// still works (writing into its own line, which made nothing more).
    /// Steps are kept here, so the maker is not handed to the thread's next
    /// block and goes (a block that keeps nothing leaves its maker to the
    /// next block: `MakerBlockReuseTests`).
    @Test func theMakerGoesWithItsBlock() {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        weak var maker: ConstraintMaker?
        var keptExtendable: ConstraintMakerExtendable?
        var keptEditable: ConstraintMakerEditable?
        let made = box.makeConstraints { make in
            maker = make
            make.width.equalTo(10)
            make.height.equalTo(30)
            keptExtendable = make.left
            keptEditable = make.top.equalTo(root).offset(2)
        }
        #expect(maker == nil)
        // The kept steps outlive the block and may still be written to.
        let late = keptExtendable?.equalTo(5).offset(1)
        keptEditable?.offset(7).priority(.low)
        #expect(late?.description == "make.left.equalTo(5).offset(1)")
        #expect(keptEditable?.description == "make.top.equalTo(root).offset(2).offset(7).priority(250)")
        // The left line had no relation when the block ended.
        #expect(made.map(\.firstAttribute) == [.width, .height, .top])
        #expect(made.map(\.constant) == [10, 30, 2])
        #expect(made[2].priority == .required)
        #expect(box.constraints.count == 3)
    }

    /// Makers on several threads at once: each hands its spare steps only
    /// to its own lines, and every block makes its own constraints.
    @Test func makersOnSeveralThreads() {
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for k in 0 ..< 400 {
                let root = View("root"), box = View("box")
                root.addSubview(box)
                let made = box.makeConstraints { make in
                    make.width.equalTo(Double(1000 * t + k))
                    make.height.equalTo(box.mas_width).offset(Double(k))
                    make.left.equalTo(root).offset(Double(t))
                }
                let ok = made.map(\.constant) == [Double(1000 * t + k), Double(k), Double(t)]
                    && made.map(\.firstAttribute) == [.width, .height, .left]
                    && made[1].secondView === box && made[2].secondView === root
                if !ok { Issue.record("thread \(t), block \(k): \(made.map(\.description))") }
            }
        }
    }
}

/// A maker's spare steps that nothing else holds when its block ends go to
/// the thread's next maker (`ConstraintMaker.ThreadSpares`); a step the user
/// keeps never does.
@Suite struct MakerThreadSparesTests {
    /// Blocks one after another on one thread: the steps of a block whose
    /// steps were all let go are the next block's; a kept step is never
    /// handed to a later block, and goes on writing into its own line while
    /// later blocks (nested ones among them) make their constraints.
    @Test func keptStepsAreNeverHandedOn() {
        let root = View("root"), a = View("a"), b = View("b"), c = View("c")
        for v in [a, b, c] { root.addSubview(v) }
        var firstSteps: (ConstraintMakerFinalizable, ConstraintMakerFinalizable)?
        let made = a.makeConstraints { make in
            firstSteps = nil
            let extendable = make.width
            let editable = extendable.equalTo(10)
            firstSteps = (extendable, editable)
        }
        // Held here: the next block cannot have them.
        var kept: (ConstraintMakerFinalizable, ConstraintMakerFinalizable)? = firstSteps
        firstSteps = nil
        var second: [ObjectIdentifier] = []
        var keptLater: ConstraintMakerEditable?
        let madeB = b.makeConstraints { make in
            let extendable = make.height
            let editable = extendable.equalTo(20)
            second = [ObjectIdentifier(extendable), ObjectIdentifier(editable)]
            // A block inside this one (another view's): its steps are its own.
            let inner = c.makeConstraints { make in
                let e = make.left.equalTo(root).offset(3)
                #expect(ObjectIdentifier(e) != second[1])
                keptLater = make.top.equalTo(root)
            }
            #expect(inner.map(\.constant) == [3, 0])
            make.left.equalTo(root).offset(1)
        }
        #expect(!second.contains(ObjectIdentifier(kept!.0)) && !second.contains(ObjectIdentifier(kept!.1)))
        (kept!.1 as! ConstraintMakerEditable).offset(5)
        keptLater?.offset(2).priority(.low)
        #expect(kept!.0.description == "make.width.equalTo(10).offset(5)")
        #expect(kept!.1.description == "make.width.equalTo(10).offset(5)")
        #expect(keptLater?.description == "make.top.equalTo(root).offset(2).priority(250)")
        #expect(made.map(\.constant) == [10] && madeB.map(\.constant) == [20, 1])
        #expect(madeB.map(\.origin.text) == ["b: make.height.equalTo(20)", "b: make.left.equalTo(root).offset(1)"])
        kept = nil

        // With nothing kept, a block's steps are the next block's.
        var previous: [ObjectIdentifier] = []
        for round in 0 ..< 3 {
            var steps: [ObjectIdentifier] = []
            let made = a.makeConstraints { make in
                let extendable = make.centerX
                steps.append(ObjectIdentifier(extendable))
                steps.append(ObjectIdentifier(extendable.equalTo(root).offset(Double(round))))
            }
            #expect(made.map(\.origin.text) == ["a: make.centerX.equalTo(root).offset(\(round))"])
            if round > 0 { #expect(steps == previous, "round \(round)") }
            previous = steps
        }
    }
}
