import Foundation
import Testing

/// LAPACKE (with OpenBLAS) and Pango are loaded on first use, not linked: a
/// document without a large dense block or text never maps them, one with
/// them loads them then and gets the same frames. The dynamic linker reports
/// every file it loads under LD_DEBUG=files ("file=NAME [0]; needed by ..."
/// at start-up, "... dynamically loaded by ..." for dlopen).
@Suite struct LazyLibraryTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// Solves an example with --absolute under LD_DEBUG=files: the run, its
    /// frames, and the libraries the dynamic linker loaded, by soname, each
    /// with how (`needed` at start-up or `dynamically` by dlopen).
    static func solve(_ example: String, environment: [String: String] = [:])
        throws -> (run: PlumbRun, frames: [String: [Double]], loaded: [String: String])
    {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out.json")
        let run = try CLI.run(["solve", examples.appendingPathComponent(example).path, "--absolute", "-o", out.path],
                              environment: environment.merging(["LD_DEBUG": "files"]) { $1 })
        var loaded: [String: String] = [:]
        for line in run.stderr.split(separator: "\n") {
            guard let at = line.range(of: "file="), let end = line[at.upperBound...].firstIndex(of: " ") else { continue }
            let name = String(line[at.upperBound ..< end])
            if line.contains("dynamically loaded by") { loaded[name] = "dynamically" }
            else if line.contains("needed by") { loaded[name] = loaded[name] ?? "needed" }
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        return (run, try CLI.frames(object), loaded)
    }

    static func expected(_ name: String) throws -> [String: [Double]] {
        let data = try Data(contentsOf: examples.appendingPathComponent(name))
        return try CLI.frames(try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    static let lapacke = "liblapacke.so.3", openblas = "libopenblas.so.0"
    static let pango = ["libpangoft2-1.0.so.0", "libpango-1.0.so.0", "libharfbuzz.so.0", "libfontconfig.so.1",
                        "libfreetype.so.6", "libglib-2.0.so.0", "libgobject-2.0.so.0"]

    @Test func aSmallDocumentLoadsNeitherLAPACKENorPango() throws {
        let (run, frames, loaded) = try Self.solve("hello.json")
        #expect(run.status == 0)
        #expect(frames == (try Self.expected("hello.absolute.json")))
        #expect(loaded["libc.so.6"] == "needed", "LD_DEBUG=files reported nothing: \(run.stderr.prefix(300))")
        #expect(loaded[Self.lapacke] == nil)
        for name in Self.pango { #expect(loaded[name] == nil, "\(name) loaded") }
    }

    @Test func aLargeDenseBlockLoadsLAPACKEOnFirstUse() throws {
        let (run, frames, loaded) = try Self.solve("wide-row.json")
        #expect(run.status == 0)
        #expect(frames == (try Self.expected("wide-row.absolute.json")))
        #expect(loaded[Self.lapacke] == "dynamically")
        #expect(loaded[Self.openblas] != nil)
        for name in Self.pango { #expect(loaded[name] == nil, "\(name) loaded") }
        #expect(!run.stderr.contains("warning"))
    }

    @Test func textLoadsPangoOnFirstUse() throws {
        let (run, frames, loaded) = try Self.solve("chat.json")
        #expect(run.status == 0)
        #expect(frames == (try Self.expected("chat.absolute.json")))
        #expect(loaded["libpangoft2-1.0.so.0"] == "dynamically")
        for name in Self.pango.dropFirst() { #expect(loaded[name] != nil, "\(name) not loaded") }
        #expect(loaded[Self.lapacke] == nil)
    }

    /// Without LAPACKE the large block is solved by Plumb's own elimination:
    /// one warning that names the library and the Debian packages, and the
    /// same frames to the solver's tolerance.
    @Test func withoutLAPACKETheBlockIsSolvedInSwift() throws {
        let (run, frames, loaded) = try Self.solve("wide-row.json",
                                                    environment: ["PLUMB_LAPACKE": "/nonexistent/liblapacke.so.3"])
        #expect(run.status == 0)
        #expect(loaded[Self.lapacke] == nil)
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("plumb: warning") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("cannot load /nonexistent/liblapacke.so.3") == true)
        #expect(warnings.first?.contains("liblapacke libopenblas0") == true)
        #expect(CLI.agree(frames, try Self.expected("wide-row.absolute.json")))
    }
}
