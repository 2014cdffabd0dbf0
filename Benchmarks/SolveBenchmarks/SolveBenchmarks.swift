// Every strategy on every benchmark family, beside the floor it is measured
// against: one sparse matrix-vector product over the same rows.
//
// Documents are read from $PLUMB_BENCH_DOCS (default: .build/bench-docs at
// the repository root), named FAMILY-VIEWS.json, as written by
// scripts/bench-harness.sh with ../shared/workloads/generate.py. Before any
// timing, every strategy that can solve a document is run once and its values
// are compared with the automatic plan's; a disagreement stops the harness.
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

func loadWorkloads() -> [Workload] {
    let folder = documentsFolder()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
        fatalError("no benchmark documents in \(folder.path): run scripts/bench-harness.sh, or set PLUMB_BENCH_DOCS")
    }
    var workloads: [Workload] = []
    for name in names where name.hasSuffix(".json") {
        let stem = name.dropLast(5)
        guard let dash = stem.lastIndex(of: "-"), let views = Int(stem[stem.index(after: dash)...]) else { continue }
        let url = folder.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else { fatalError("cannot read \(url.path)") }
        let bytes = [UInt8](data)
        do {
            let lowered = try LayoutDocument.parse(bytes, source: name).lower()
            workloads.append(Workload(family: String(stem[..<dash]), views: views, bytes: bytes, lowered: lowered))
        } catch {
            fatalError("\(name): \(error)")
        }
    }
    return workloads.sorted { ($0.family, $0.views) < ($1.family, $1.views) }
}

/// The strategies that can solve `workload`, after checking that they all
/// give the automatic plan's values.
func agreeingStrategies(_ workload: Workload) -> [SolveOptions.Strategy] {
    let reference: Solution
    do {
        reference = try workload.lowered.solve()
    } catch {
        fatalError("\(workload.family)-\(workload.views): \(error)")
    }
    var scale = 1.0
    for v in reference.values { scale = max(scale, abs(v)) }
    var usable: [SolveOptions.Strategy] = []
    for strategy in SolveOptions.Strategy.allCases {
        // The simplex alone on the form family's one component of 100,000
        // views takes about 30 s a solve; it is benchmarked up to 10,000 views there.
        if strategy == .simplex && workload.family == "form" && workload.views > 10_000 { continue }
        let solution: Solution
        do {
            solution = try workload.lowered.solve(options: SolveOptions(strategy: strategy))
        } catch {
            continue  // this strategy cannot solve this family (e.g. dag on grid)
        }
        for (a, b) in zip(solution.values, reference.values) where abs(a - b) > agreementTolerance * scale {
            fatalError("\(workload.family)-\(workload.views): \(strategy) gives \(a) where auto gives \(b)")
        }
        usable.append(strategy)
    }
    return usable
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
    for workload in loadWorkloads() {
        let name = "\(workload.family) \(workload.views)"
        let config = configuration(views: workload.views)

        Benchmark("\(name) parse+lower", configuration: config) { benchmark in
            for _ in benchmark.scaledIterations {
                let lowered = try LayoutDocument.parse(workload.bytes, source: "bench").lower()
                blackHole(lowered)
            }
        }

        for strategy in agreeingStrategies(workload) {
            let options = SolveOptions(strategy: strategy)
            Benchmark("\(name) solve \(strategy)", configuration: config) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try workload.lowered.system.solve(options: options))
                }
            }
        }

        Benchmark("\(name) spmv", configuration: config) { benchmark in
            let system = workload.lowered.system
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
