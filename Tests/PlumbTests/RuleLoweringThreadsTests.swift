import Testing
import PlumbTestSupport
@testable import Plumb

/// A document's rule rows written on two threads
/// (`RuleBook.lower(into:threads:viewID:)`: chunks of the views in order,
/// the second thread's in blocks the builder appends whole) against one:
/// the same rows, origins, schedule and diagnostics.
@Suite struct RuleLoweringThreadsTests {
    /// Two threads from 2 views with rules on, in chunks of `chunk` views;
    /// with `waiting`, the second thread's chunks are used whenever it ran.
    static func two(chunk: Int, waiting: Bool) -> LoweringThreads {
        var threads = LoweringThreads(2)
        threads.ruleThreshold = 2
        threads.ruleChunk = chunk
        threads.waitsForHelper = waiting
        return threads
    }

    /// `SLLTemplatePropertyTests.lower`'s outcome (rows, origins, schedule, diagnostics) with `threads`.
    static func lower(_ document: LayoutDocument, threads: LoweringThreads) -> SLLTemplatePropertyTests.Lowered {
        SLLTemplatePropertyTests.lower(document, templates: true, threads: threads)
    }

    /// The random rule documents of the template tests (about half with
    /// problems), in chunks of 1 to 4 views, the caller waiting for the
    /// second thread or not: every part the same as one thread's.
    @Test func randomRuleDocumentsLowerTheSameOnTwoThreads() throws {
        var lowered = 0
        for seed in 0 ..< 300 {
            let json = SLLTemplatePropertyTests.document(seed: seed)
            let document = try LayoutDocument.parse(Array(json.utf8), source: "random.json")
            let one = Self.lower(document, threads: .one)
            let two = Self.lower(document, threads: Self.two(chunk: 1 + seed % 4, waiting: seed % 3 != 0))
            if one != two {
                Issue.record("seed \(seed): \(SLLTemplatePropertyTests.difference(two, one)) in \(json)")
                break
            }
            if one.diagnostics.isEmpty { lowered += 1 }
        }
        #expect(lowered >= 100, "\(lowered) documents lowered without problems")
    }

    /// The rules families' documents, lowered and solved: the same rows and
    /// frames on two threads as on one, at every chunk size tried.
    @Test func theRulesFamiliesLowerTheSame() throws {
        for json in [SLLFixtures.listRules50, SLLFixtures.cardsRules50] {
            let document = try LayoutDocument.parse(Array(json.utf8), source: "family.json")
            let one = Self.lower(document, threads: .one)
            for chunk in [1, 7, 64] {
                let two = Self.lower(document, threads: Self.two(chunk: chunk, waiting: true))
                #expect(one == two, "chunk \(chunk): \(SLLTemplatePropertyTests.difference(two, one))")
                let frames = { (threads: LoweringThreads) throws -> [Rect] in
                    let layout = try document.lower(threads: threads)
                    return layout.frames(from: try layout.solve())
                }
                #expect(try frames(.one) == frames(Self.two(chunk: chunk, waiting: true)))
            }
        }
    }
}
