// Every strategy on every benchmark family, beside the floor it is measured
// against: one sparse matrix-vector product over the same rows.
//
// Documents are read from $PLUMB_BENCH_DOCS (default: .build/bench-docs at
// the repository root), named FAMILY-VIEWS.json, as written by
// scripts/bench-harness.sh with scripts/generate.py. Before any
// timing, each strategy's benchmark solves its document once and compares
// the values with the automatic plan's; a disagreement stops the harness.
//
// Benchmarks, per document:
//   FAMILY VIEWS parse+lower    LayoutDocument.parse and lower (front end and IR)
//   FAMILY VIEWS solve STRATEGY ConstraintSystem.solve with that strategy
//   FAMILY VIEWS spmv           ConstraintSystem.residuals: every nonzero read once
import Benchmark
import Foundation
import Plumb

/// The largest difference allowed between two strategies' values, relative
/// to the magnitude of the values (the documents' coordinates are at most a
/// few million points).
let agreementTolerance = 1e-6

struct Workload: @unchecked Sendable {
    var family: String
    var views: Int
    var bytes: [UInt8]
    var lowered: LoweredLayout
}

func documentsFolder() -> URL {
    if let path = ProcessInfo.processInfo.environment["PLUMB_BENCH_DOCS"], !path.isEmpty {
        return URL(fileURLWithPath: path)
    }
    // Benchmarks/SolveBenchmarks/SolveBenchmarks.swift -> repository root.
    return URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/bench-docs")
}

/// The documents present, as (family, views, file), without reading them:
/// ordo-one/benchmark starts the executable once per benchmark, so each
/// benchmark reads only its own document (in its setup).
func documentList() -> [(family: String, views: Int, url: URL)] {
    let folder = documentsFolder()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
        fatalError("no benchmark documents in \(folder.path): run scripts/bench-harness.sh, or set PLUMB_BENCH_DOCS")
    }
    var list: [(family: String, views: Int, url: URL)] = []
    for name in names where name.hasSuffix(".json") {
        let stem = name.dropLast(5)
        guard let dash = stem.lastIndex(of: "-"), let views = Int(stem[stem.index(after: dash)...]) else { continue }
        list.append((String(stem[..<dash]), views, folder.appendingPathComponent(name)))
    }
    return list.sorted { ($0.family, $0.views) < ($1.family, $1.views) }
}

/// Each process's workload, read by the setup of the benchmark it runs.
nonisolated(unsafe) var loaded: Workload? = nil

func load(family: String, views: Int, url: URL) -> Workload {
    guard let data = FileManager.default.contents(atPath: url.path) else { fatalError("cannot read \(url.path)") }
    let bytes = [UInt8](data)
    do {
        let lowered = try LayoutDocument.parse(bytes, source: url.lastPathComponent).lower()
        return Workload(family: family, views: views, bytes: bytes, lowered: lowered)
    } catch {
        fatalError("\(url.lastPathComponent): \(error)")
    }
}

/// Which strategies can solve each family on their own (the setup checks it).
func strategies(family: String, views: Int) -> [SolveOptions.Strategy] {
    var list: [SolveOptions.Strategy] = [.auto]
    switch family {
    case "form": break  // priorities and inequalities: the simplex only
    case "grid": list.append(.block)  // coupled blocks of equal widths
    default: list += [.dag, .block]  // acyclic equalities
    }
    // The simplex alone on the form family's one component of 100,000
    // views takes about 30 s a solve; it is benchmarked up to 10,000 views there.
    if !(family == "form" && views > 10_000) { list.append(.simplex) }
    return list
}

/// Checks that `strategy` solves `workload` to the automatic plan's values.
func checkAgreement(_ workload: Workload, _ strategy: SolveOptions.Strategy) {
    let name = "\(workload.family)-\(workload.views)"
    do {
        let reference = try workload.lowered.solve()
        let solution = try workload.lowered.solve(options: SolveOptions(strategy: strategy))
        var scale = 1.0
        for v in reference.values { scale = max(scale, abs(v)) }
        for (a, b) in zip(solution.values, reference.values) where abs(a - b) > agreementTolerance * scale {
            fatalError("\(name): \(strategy) gives \(a) where auto gives \(b)")
        }
    } catch {
        fatalError("\(name), \(strategy): \(error)")
    }
}

func configuration(views: Int) -> Benchmark.Configuration {
    .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(views >= 100_000 ? 8 : 3),
        maxIterations: views >= 100_000 ? 15 : 50
    )
}

let benchmarks: @Sendable () -> Void = {
    for (family, views, url) in documentList() {
        let name = "\(family) \(views)"
        func config(checking strategy: SolveOptions.Strategy? = nil) -> Benchmark.Configuration {
            var c = configuration(views: views)
            c.setup = {
                let workload = load(family: family, views: views, url: url)
                if let strategy { checkAgreement(workload, strategy) }
                loaded = workload
            }
            return c
        }

        Benchmark("\(name) parse+lower", configuration: config()) { benchmark in
            let bytes = loaded!.bytes
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try LayoutDocument.parse(bytes, source: "bench").lower())
            }
        }

        for strategy in strategies(family: family, views: views) {
            let options = SolveOptions(strategy: strategy)
            Benchmark("\(name) solve \(strategy)", configuration: config(checking: strategy)) { benchmark in
                let system = loaded!.lowered.system
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(try system.solve(options: options))
                }
            }
        }

        Benchmark("\(name) spmv", configuration: config()) { benchmark in
            let system = loaded!.lowered.system
            let values = (0 ..< system.variableCount).map { Double($0 % 97) }
            var residuals = [Double](repeating: 0, count: system.rowCount)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                system.residuals(at: values, into: &residuals)
                blackHole(residuals)
            }
        }
    }
}
