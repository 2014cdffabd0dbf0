import Foundation
import PlumbTestSupport
import Testing
@testable import Plumb

/// A `makeConstraints` block whose steps were all let go leaves its maker
/// (with its lines' array and its spare steps) to the thread's next block,
/// and the constraints of its common lines keep their origins in themselves
/// (`MakerConstraintOrigin`), not in the block's lines.
@Suite struct MakerBlockReuseTests {
    /// Random blocks of random lines, one after another on one thread: every
    /// line shape (view, view-attribute and number targets, each modifier,
    /// two modifiers, `insets`, several attributes), some blocks with a step
    /// kept. Each constraint's origin reads as its line was written (text,
    /// file, line number), right after its block and again once every later
    /// block has reused the makers and their lines.
    @Test func originsReadAsTheirLinesWhileMakersAreReused() {
        for seed: UInt64 in 1 ... 4 {
            var rng = SplitMix64(seed: seed)
            func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
            let root = View("root")
            let views = (0 ..< 6).map { View("v\($0)") }
            for v in views { root.addSubview(v) }
            var all: [(Constraint, Origin)] = []
            var kept: [ConstraintMakerEditable] = []
            var lineNumber = 0
            for block in 0 ..< 60 {
                let box = views[pick(views.count)]
                var others = views.filter { $0 !== box }
                others.append(root)
                var expected: [Origin] = []
                let keep = pick(5) == 0
                let made = box.makeConstraints(file: "Outer.swift", line: 1) { make in
                    for _ in 0 ..< 1 + pick(4) {
                        lineNumber += 1
                        // Attributes: one, or several (then each constraint's text ends with its own).
                        let several = pick(4) == 0
                        let step: ConstraintMakerExtendable
                        let names: String
                        let parts: [String]
                        if several {
                            switch pick(3) {
                            case 0: (step, names, parts) = (make.left.right, "left.right", ["left", "right"])
                            case 1: (step, names, parts) = (make.size, "size", ["width", "height"])
                            default: (step, names, parts) = (make.top.bottom, "top.bottom", ["top", "bottom"])
                            }
                        } else {
                            switch pick(4) {
                            case 0: (step, names, parts) = (make.left, "left", [""])
                            case 1: (step, names, parts) = (make.centerY, "centerY", [""])
                            case 2: (step, names, parts) = (make.width, "width", [""])
                            default: (step, names, parts) = (make.bottom, "bottom", [""])
                            }
                        }
                        let other = others[pick(others.count)]
                        var text = "\(box.id): make.\(names)."
                        let editable: ConstraintMakerEditable
                        let relation = pick(3)
                        let method = ["equalTo", "lessThanOrEqualTo", "greaterThanOrEqualTo"][relation]
                        func relate(_ target: any ConstraintRelatableTarget) -> ConstraintMakerEditable {
                            switch relation {
                            case 0: step.equalTo(target, file: "Gen.swift", line: lineNumber)
                            case 1: step.lessThanOrEqualTo(target, file: "Gen.swift", line: lineNumber)
                            default: step.greaterThanOrEqualTo(target, file: "Gen.swift", line: lineNumber)
                            }
                        }
                        switch pick(3) {
                        case 0:
                            editable = relate(other)
                            text += "\(method)(\(other.id))"
                        case 1 where !several:
                            // The same attribute of the other view (a valid pair for any attribute).
                            let attribute: ViewAttribute = switch names {
                            case "left": other.mas_left
                            case "centerY": other.mas_centerY
                            case "width": other.mas_width
                            default: other.mas_bottom
                            }
                            editable = relate(attribute)
                            text += "\(method)(\(other.id).\(names))"
                        default:
                            let (number, written): (any ConstraintRelatableTarget, String) =
                                pick(2) == 0 ? (8, "8") : (2.5, "2.5")
                            editable = relate(number)
                            text += "\(method)(\(written))"
                        }
                        // Up to two modifiers, a priority only last.
                        for _ in 0 ..< pick(3) {
                            switch pick(6) {
                            case 0: editable.offset(-4); text += ".offset(-4)"
                            case 1: editable.offset(1.25); text += ".offset(1.25)"
                            case 2: editable.inset(3); text += ".inset(3)"
                            case 3: editable.multipliedBy(0.5); text += ".multipliedBy(0.5)"
                            case 4: editable.dividedBy(4); text += ".dividedBy(4)"
                            default:
                                editable.insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
                                text += ".insets(\(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)))"
                            }
                        }
                        if pick(3) == 0 { editable.priority(.high); text += ".priority(750)" }
                        if keep && kept.count < 20 { kept.append(editable) }
                        for part in parts {
                            expected.append(Origin(kind: .code, text: text + (several ? " (\(part))" : ""),
                                                   file: "Gen.swift", line: lineNumber))
                        }
                    }
                }
                #expect(made.map(\.origin) == expected, "seed \(seed), block \(block)")
                all += zip(made, expected).map { ($0, $1) }
            }
            // The later blocks reused the makers and their lines: the origins are still the same.
            #expect(all.allSatisfy { $0.0.origin == $0.1 }, "seed \(seed)")
            #expect(!kept.isEmpty)
        }
    }

    /// A block whose steps were all let go leaves its maker to the next
    /// block, holding no view of its own block: the view it constrained can
    /// go while the maker waits.
    @Test func aBlocksMakerServesTheNextBlockAndHoldsNoView() {
        let root = View("root")
        weak var firstMaker: ConstraintMaker?
        weak var goneBox: View?
        do {
            let box = View("box")
            root.addSubview(box)
            box.makeConstraints { make in
                firstMaker = make
                make.width.equalTo(root).offset(-8)
            }
            goneBox = box
            box.removeFromSuperview()
        }
        #expect(goneBox == nil)
        #expect(firstMaker != nil)
        #expect(firstMaker?.view !== root)
        let other = View("other")
        root.addSubview(other)
        var same = false
        let made = other.makeConstraints { make in
            same = make === firstMaker
            #expect(make.view === other)
            make.height.equalTo(5)
            make.left.equalTo(root.mas_centerX).priority(.low)
        }
        #expect(same)
        #expect(made.map(\.origin.text) == ["other: make.height.equalTo(5)",
                                            "other: make.left.equalTo(root.centerX).priority(250)"])
        #expect(made.map(\.constant) == [5, 0])
        #expect(other.constraints.count == 2)
    }

    /// Blocks on several threads at once, each thread reusing its own
    /// makers: every block's constraints are its view's, with its own
    /// numbers and origins (a number target, a view-attribute target with an
    /// offset, a two-attribute line).
    @Test func reusedMakersOnSeveralThreads() {
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            let root = View("root\(t)")
            for k in 0 ..< 300 {
                let box = View("box\(t)_\(k)")
                root.addSubview(box)
                let made = box.makeConstraints { make in
                    make.width.equalTo(Double(1000 * t + k))
                    make.top.equalTo(root.mas_top).offset(Double(k))
                    make.left.right.equalTo(root)
                }
                let ok = made.map(\.constant) == [Double(1000 * t + k), Double(k), 0, 0]
                    && made.allSatisfy { $0.firstView === box }
                    && made.map(\.origin.text) == [
                        "box\(t)_\(k): make.width.equalTo(\(1000 * t + k))",
                        "box\(t)_\(k): make.top.equalTo(root\(t).top).offset(\(k))",
                        "box\(t)_\(k): make.left.right.equalTo(root\(t)) (left)",
                        "box\(t)_\(k): make.left.right.equalTo(root\(t)) (right)",
                    ]
                if !ok { Issue.record("thread \(t), block \(k): \(made.map(\.origin.text))") }
            }
        }
    }

    /// A maker the block kept, or one a weak reference made strong again
    /// after its block, is never the next block's maker; lines written to it
    /// afterwards make nothing, in its block or in a later one.
    @Test func aHeldMakerIsNeverHandedOn() {
        let root = View("root"), a = View("a"), b = View("b"), c = View("c")
        for v in [a, b, c] { root.addSubview(v) }
        var kept: ConstraintMaker?
        a.makeConstraints { make in
            kept = make
            make.width.equalTo(10)
        }
        b.makeConstraints { make in
            #expect(make !== kept)
            make.width.equalTo(20)
        }
        kept?.height.equalTo(5)
        kept = nil

        weak var weakMaker: ConstraintMaker?
        a.makeConstraints { make in
            weakMaker = make
            make.height.equalTo(1)
        }
        let promoted = weakMaker
        #expect(promoted != nil)
        c.makeConstraints { make in
            #expect(make !== promoted)
            make.width.equalTo(30)
        }
        promoted?.left.equalTo(3)
        b.makeConstraints { make in
            #expect(make !== promoted)
            make.height.equalTo(40)
        }
        #expect(a.constraints.map(\.constant) == [10, 1])
        #expect(b.constraints.map(\.constant) == [20, 40])
        #expect(c.constraints.map(\.constant) == [30])
        #expect(b.constraints.map(\.origin.text) == ["b: make.width.equalTo(20)", "b: make.height.equalTo(40)"])
    }
}
