import Foundation
import PlumbFuzzing
import Testing

/// Every input of the fuzz seed corpus (`Fuzz/Corpus/TARGET/`) replayed
/// through its target's body: each must return normally (a trap would end
/// the test run). Inputs that libFuzzer finds and that are worth keeping are
/// added to the corpus, so they are replayed here on every test run.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    @Test(arguments: FuzzTargets.names)
    func corpusReplays(target: String) throws {
        let folder = Self.corpus.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 2, "the \(target) corpus has \(names.count) inputs")
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            [UInt8](data).withUnsafeBufferPointer { FuzzTargets.run(target, $0) }
        }
    }
}
