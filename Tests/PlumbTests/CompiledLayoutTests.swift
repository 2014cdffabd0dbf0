import PropertyBased
import Testing
import PlumbTestSupport
@testable import Plumb

/// A compiled layout re-solved at new sizes must give what a fresh parse,
/// lower and solve gives at those sizes: frames, and errors.
@Suite struct CompiledLayoutTests {
    /// Frames from a fresh solve of `document` with its root at `width` × `height`.
    static func freshFrames(_ document: LayoutDocument, width: Double, height: Double,
                            intrinsic: [(view: Int, IntrinsicSize)] = [],
                            options: SolveOptions = SolveOptions()) throws -> [Rect] {
        var document = document
        document.rootWidth = width
        document.rootHeight = height
        for (view, size) in intrinsic {
            if let w = size.width { document.sizing[view].width = w }
            if let h = size.height { document.sizing[view].height = h }
        }
        let lowered = try document.lower()
        return lowered.frames(from: try lowered.solve(options: options))
    }

    /// Whether two frame lists agree to the solver's feasibility tolerance.
    static func agree(_ a: [Rect], _ b: [Rect]) -> Bool {
        guard a.count == b.count else { return false }
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-7 * max(1, abs(x), abs(y)) }
        return zip(a, b).allSatisfy {
            close($0.x, $1.x) && close($0.y, $1.y) && close($0.width, $1.width) && close($0.height, $1.height)
        }
    }

    /// Expects a compiled re-solve and a fresh solve to give the same frames,
    /// or to fail with the same error; `label` names the case.
    static func expectSameOutcome(_ compiled: Result<[Rect], any Error>, _ fresh: Result<[Rect], any Error>,
                                  _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        switch (compiled, fresh) {
        case (.success(let a), .success(let b)):
            #expect(agree(a, b), "\(label)", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a as? LayoutError == b as? LayoutError, "\(label)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(label): \(compiled) vs \(fresh)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: LayoutFamily.allCases)
    func sweepMatchesFreshSolves(family: LayoutFamily) throws {
        let document = try parseDocument(family.json(count: 12, seed: 7))
        let layout = try CompiledLayout(document)
        // Up, down, repeated and out of order: the warm start must not depend on the path.
        var widths = Array(stride(from: 400.0, through: 1400, by: 50))
        widths += widths.reversed() + [733.5, 733.5, 512, 1399.25]
        for (step, width) in widths.enumerated() {
            let height = 600 + Double(step % 5) * 40
            let compiled = try layout.frames(width: width, height: height)
            let fresh = try Self.freshFrames(document, width: width, height: height)
            #expect(Self.agree(compiled, fresh), "\(family) at \(width) x \(height)")
        }
    }

    @Test func dagAndBlockValuesAreExactlyTheFreshOnes() throws {
        for family in [LayoutFamily.grid, .cards, .cardsRules] {
            let document = try parseDocument(family.json(count: 9))
            let layout = try CompiledLayout(document)
            for width in stride(from: 320.0, through: 1400, by: 90) {
                #expect(try layout.frames(width: width, height: 900) == Self.freshFrames(document, width: width, height: 900))
            }
        }
    }

    @Test func intrinsicSizesChangeLikeAFreshDocument() throws {
        let document = try parseDocument(LayoutFamily.form.json(count: 6))
        let layout = try CompiledLayout(document)
        let label = document.viewIDs.firstIndex(of: "lab3")!
        for (i, length) in [40.0, 200, 90, 310, 130].enumerated() {
            try layout.setIntrinsicSize(IntrinsicSize(width: length), ofView: "lab3")
            let width = 700 + Double(i) * 60
            let compiled = try layout.frames(width: width, height: 400)
            let fresh = try Self.freshFrames(document, width: width, height: 400,
                                             intrinsic: [(label, IntrinsicSize(width: length))])
            #expect(Self.agree(compiled, fresh), "lab3 at \(length)")
        }
    }

    @Test func intrinsicSizeErrorsNameTheView() throws {
        let layout = try CompiledLayout(try parseDocument(LayoutFamily.form.json(count: 2)))
        #expect(throws: LayoutError.self) { try layout.setIntrinsicSize(IntrinsicSize(width: 1), ofView: "lab9") }
        do {
            try layout.setIntrinsicSize(IntrinsicSize(height: 10), ofView: "fld0")
            Issue.record("fld0 has no intrinsic size in the document")
        } catch {
            #expect(error.problems == [.intrinsicSizeNotCompiled(view: "fld0", dimension: .height)])
        }
        do {
            try layout.setIntrinsicSize(IntrinsicSize(width: -.infinity), ofView: "lab0")
            Issue.record("a non-finite length is an error")
        } catch {
            #expect(error.problems == [.invalidIntrinsicSize(view: "lab0", dimension: .width, -.infinity)])
        }
    }

    /// A width at which the required constraints conflict throws the fresh
    /// solve's error, and the layout keeps working at other widths.
    @Test func aConflictAtOneSizeIsTheFreshErrorAndTheLayoutRecovers() throws {
        let json = """
            {"root": {"width": 400, "height": 100},
             "views": [{"id": "a"}, {"id": "b"}],
             "constraints": ["a.left = root.left + 10", "a.width >= 150", "b.left >= a.right + 10",
                             "b.width >= 150", "b.right <= root.right - 10", "a.width = b.width @ 500"]}
            """
        let document = try parseDocument(json)
        let layout = try CompiledLayout(document)
        #expect(Self.agree(try layout.frames(width: 400, height: 100), try Self.freshFrames(document, width: 400, height: 100)))
        var compiledError: LayoutError?
        var freshError: LayoutError?
        do { _ = try layout.solve(width: 300, height: 100) } catch { compiledError = error }
        do { _ = try Self.freshFrames(document, width: 300, height: 100) } catch let error as LayoutError { freshError = error }
        #expect(compiledError != nil)
        #expect(compiledError == freshError)
        #expect(layout.width == 400)
        for width in [600.0, 340, 1000] {
            #expect(Self.agree(try layout.frames(width: width, height: 100),
                               try Self.freshFrames(document, width: width, height: 100)), "at \(width)")
        }
        #expect(throws: LayoutError.self) { try layout.solve(width: -1, height: 100) }
    }

    /// Required constraints that conflict at every size (two constant
    /// widths) throw the fresh solve's error at the very first solve, at the
    /// compiled size too, and at every other.
    @Test func aConflictAtEverySizeIsReportedAtTheCompiledSize() throws {
        let document = try parseDocument("""
            {"root": {"id": "root", "width": 320, "height": 200}, "views": [{"id": "a", "parent": "root"}],
             "constraints": ["a.width = 10", "a.width = 20"]}
            """)
        let layout = try CompiledLayout(document)
        for (width, height) in [(320.0, 200.0), (320, 200), (500, 200), (500, 300)] {
            Self.expectSameOutcome(Result { try layout.frames(width: width, height: height) },
                                   Result { try Self.freshFrames(document, width: width, height: height) },
                                   "at \(width) x \(height)")
        }
        do {
            _ = try layout.frames(width: 320, height: 200)
            Issue.record("the conflict must be reported")
        } catch {
            #expect(error.description.contains("a.width = 10"))
            #expect(error.description.contains("a.width = 20"))
        }
    }

    /// With a threshold of one unknown every residual component is solved
    /// afresh by presolve at each size (as large ones are): the frames are
    /// exactly a fresh solve's with the same options, across widths, heights
    /// and intrinsic sizes, and a size that makes the rows conflict throws
    /// the fresh error and leaves the layout usable.
    @Test(arguments: LayoutFamily.allCases)
    func componentsSolvedAfreshGiveTheFreshFrames(family: LayoutFamily) throws {
        var options = SolveOptions()
        options.largePartThreshold = 1
        let document = try parseDocument(family.json(count: 10, seed: 5))
        let layout = try CompiledLayout(document, options: options)
        // Every residual component goes through presolve, as in a fresh solve.
        let lowered = try document.lower()
        #expect(try layout.solve(width: document.rootWidth, height: document.rootHeight).stats.residualComponents
                == lowered.solve(options: options).stats.residualComponents)
        let intrinsicView = document.viewIDs.indices.dropFirst().first { document.intrinsicSize(at: $0).width != nil }
        var intrinsic: [(view: Int, IntrinsicSize)] = []
        var widths = Array(stride(from: 300.0, through: 1300, by: 125))
        widths += widths.reversed() + [777.25, 777.25, 20]
        for (step, width) in widths.enumerated() {
            let height = 500 + Double(step % 3) * 150
            if step % 4 == 3, let view = intrinsicView {
                let size = IntrinsicSize(width: 30 + Double(step) * 9)
                try layout.setIntrinsicSize(size, ofView: document.viewIDs[view])
                intrinsic = [(view, size)]
            }
            let compiled = Result { try layout.frames(width: width, height: height) }
            let fresh = Result {
                try Self.freshFrames(document, width: width, height: height, intrinsic: intrinsic, options: options)
            }
            switch (compiled, fresh) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(family) at \(width) x \(height)")
            default:
                Self.expectSameOutcome(compiled, fresh, "\(family) at \(width) x \(height)")
            }
        }
    }

    @Test func compileErrorsAreTheLoweringErrors() throws {
        let document = try parseDocument(#"{"root": {"width": 10, "height": 10}, "views": [{"id": "a"}], "constraints": ["a.widht = 3"]}"#)
        #expect(throws: LayoutError.self) { try CompiledLayout(document) }
    }

    /// Random documents of every family at random sizes, solved in a random
    /// order by one compiled layout, against fresh solves.
    @Test func randomResolvesMatchFreshSolves() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0 ... 1_000_000)) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            let family = LayoutFamily.allCases.randomElement(using: &rng)!
            let count = Int.random(in: 1 ... 10, using: &rng)
            guard let document = try? parseDocument(family.json(count: count, seed: seed)),
                  let layout = try? CompiledLayout(document)
            else {
                Issue.record("\(family) \(count) seed \(seed) does not compile")
                return
            }
            for _ in 0 ..< 6 {
                let width = Double(Int.random(in: 200 ... 2000, using: &rng)) / Double([1, 2, 4].randomElement(using: &rng)!)
                let height = Double(Int.random(in: 200 ... 2000, using: &rng))
                let fresh = Result { try Self.freshFrames(document, width: width, height: height) }
                let compiled = Result { try layout.frames(width: width, height: height) }
                Self.expectSameOutcome(compiled, fresh, "\(family) \(count) seed \(seed) at \(width) x \(height)")
            }
        }
    }


    /// Widths walked up and down at a fixed height, in small steps and jumps,
    /// across the widths where simplex components change basis (and below the
    /// narrowest width the required constraints allow), with an occasional
    /// new height or intrinsic size: each re-solve against a fresh solve.
    @Test func randomWidthWalksMatchFreshSolves() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0 ... 1_000_000)) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            let family = [LayoutFamily.form, .cards, .form, .cardsRules, .grid].randomElement(using: &rng)!
            let count = Int.random(in: 1 ... 8, using: &rng)
            guard let document = try? parseDocument(family.json(count: count, seed: seed)),
                  let layout = try? CompiledLayout(document)
            else {
                Issue.record("\(family) \(count) seed \(seed) does not compile")
                return
            }
            var width = Double(Int.random(in: 150 ... 900, using: &rng))
            var height = 700.0
            var intrinsic: [Int: IntrinsicSize] = [:]
            for _ in 0 ..< 30 {
                switch Int.random(in: 0 ..< 10, using: &rng) {
                case 0: width = Double(Int.random(in: 100 ... 2000, using: &rng))
                case 1: width += 0.25
                case 2: height = Double(Int.random(in: 300 ... 900, using: &rng))
                case 3 where family == .form:
                    let row = Int.random(in: 0 ..< count, using: &rng)
                    let size = IntrinsicSize(width: Double(Int.random(in: 20 ... 300, using: &rng)))
                    try? layout.setIntrinsicSize(size, ofView: "lab\(row)")
                    intrinsic[document.viewIDs.firstIndex(of: "lab\(row)")!] = size
                default: width = max(0, width + Double(Int.random(in: -60 ... 60, using: &rng)))
                }
                let fresh = Result {
                    try Self.freshFrames(document, width: width, height: height, intrinsic: intrinsic.map { ($0.key, $0.value) })
                }
                let compiled = Result { try layout.frames(width: width, height: height) }
                Self.expectSameOutcome(compiled, fresh, "\(family) \(count) seed \(seed) at \(width) x \(height)")
            }
        }
    }

    /// A form sweep mostly follows slopes (no component re-optimised), and
    /// re-optimises where a row's basis changes, with the fresh frames at
    /// every width either way.
    @Test func aSweepFollowsSlopesBetweenBasisChanges() throws {
        let document = try parseDocument(LayoutFamily.form.json(count: 5, seed: 11))
        let layout = try CompiledLayout(document)
        var followed = 0, reoptimised = 0
        let widths = Array(stride(from: 200.0, through: 900, by: 5))
        for width in widths + widths.reversed() {
            let solution = try layout.solve(width: width, height: 400)
            #expect(solution.stats.simplexComponents == 5)
            if solution.stats.reoptimisedComponents == 0 { followed += 1 } else { reoptimised += 1 }
            #expect(Self.agree(layout.frames(from: solution), try Self.freshFrames(document, width: width, height: 400)),
                    "at \(width)")
        }
        #expect(followed > 3 * reoptimised)
        #expect(reoptimised >= 2)
    }

    /// Widths up and down with two heights each, as `plumb sweep --heights`
    /// does: the width and the height change in turn, each change reaching
    /// its own part of the layout.
    @Test(arguments: [LayoutFamily.form, .cards, .cardsRules])
    func widthsWithSeveralHeightsMatchFreshSolves(family: LayoutFamily) throws {
        let document = try parseDocument(family.json(count: 4, seed: 5))
        let layout = try CompiledLayout(document)
        let widths = Array(stride(from: 200.0, through: 900, by: 35))
        for width in widths + widths.reversed() {
            for height in [500.0, 800] {
                let fresh = Result { try Self.freshFrames(document, width: width, height: height) }
                let compiled = Result { try layout.frames(width: width, height: height) }
                Self.expectSameOutcome(compiled, fresh, "\(family) at \(width) x \(height)")
            }
        }
    }
}
