import Foundation
import Testing

/// Runs the built `plumb` tool and captures what it writes.
struct PlumbRun {
    var status: Int32
    var stdout: Data
    var stderr: String

    var text: String { String(decoding: stdout, as: UTF8.self) }

    /// Each non-empty line of standard output parsed as a JSON object.
    func jsonLines() throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }
}

enum CLI {
    /// The `plumb` executable built beside this test bundle.
    static let executable: URL = {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = bundleDirectory.appendingPathComponent("plumb")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        // Fallback: the package's debug build, found from this file's path.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/plumb")
    }()

    /// Runs `plumb` with `arguments`; `environment` adds to (or replaces in)
    /// this process's environment.
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> PlumbRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Read both pipes while the tool runs, so a large output cannot block it.
        nonisolated(unsafe) var errData = Data()
        let errReader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        errReader.start()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errReader.isExecuting || !errReader.isFinished { usleep(1000) }
        return PlumbRun(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Whether this run is scripts/test.sh's pass with PLUMB_CHECK_INVARIANTS=1,
    /// which every `plumb` started here inherits (its simplex core then
    /// checks the tableau after every operation).
    static let checksInvariants = ProcessInfo.processInfo.environment["PLUMB_CHECK_INVARIANTS"] == "1"

    /// A fresh temporary directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The project's workload generator (scripts/generate.py).
    static let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/generate.py").path

    /// A document of `family` with `views` views from the benchmark generator.
    static func generate(_ family: String, views: Int, seed: Int = 1) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", generator, family, String(views), "--seed", String(seed)]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "generate.py \(family) failed")
        return data
    }

    /// `json` (a document) with its root resized.
    static func resized(_ json: Data, width: Double, height: Double) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var root = try #require(object["root"] as? [String: Any])
        root["width"] = width
        root["height"] = height
        object["root"] = root
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// Frames from a JSON object's `frames` member, by id.
    static func frames(_ object: [String: Any]) throws -> [String: [Double]] {
        let frames = try #require(object["frames"] as? [String: Any])
        return try frames.mapValues { value in
            try #require((value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue })
        }
    }

    /// Whether two frame maps agree to the solver's feasibility tolerance.
    static func agree(_ a: [String: [Double]], _ b: [String: [Double]]) -> Bool {
        guard a.keys.sorted() == b.keys.sorted() else { return false }
        return a.allSatisfy { id, frame in
            guard let other = b[id], other.count == 4, frame.count == 4 else { return false }
            return zip(frame, other).allSatisfy { abs($0 - $1) <= 1e-7 * max(1, abs($0), abs($1)) }
        }
    }
}
