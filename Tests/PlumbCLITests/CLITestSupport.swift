import Foundation
import Testing

/// The `plumb` executable built beside the test bundle (`swift build` builds
/// every product), or `nil` when it is not there.
let plumbExecutable: URL? = {
    var candidates: [URL] = []
    if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() { candidates.append(bundle) }
    for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug"))
    for directory in candidates {
        let url = directory.appendingPathComponent("plumb")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
}()

/// The repository's root directory.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// What one run of `plumb` did.
struct PlumbRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `plumb` with `arguments`, feeding `input` to standard input.
func runPlumb(_ arguments: [String], input: [UInt8] = []) throws -> PlumbRun {
    let executable = try #require(plumbExecutable, "build the plumb executable first (swift build)")
    // Outputs go to files, so that neither can fill a pipe and block the child.
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("stdout"), errURL = directory.appendingPathComponent("stderr")
    let inURL = directory.appendingPathComponent("stdin")
    try Data(input).write(to: inURL)
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    process.waitUntilExit()
    return PlumbRun(status: process.terminationStatus,
                    stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                    stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// A fresh empty directory for one test's files.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
