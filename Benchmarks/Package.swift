// swift-tools-version: 6.1
//
// Plumb's benchmark harness, a package of its own so that the main package
// (and its tests) never build the harness's dependencies.
//
//   swift package --package-path Benchmarks benchmark            # every benchmark
//   swift package --package-path Benchmarks benchmark --filter 'list.*'
//
// The documents come from scripts/generate.py; see
// scripts/bench-harness.sh, which generates them and runs this package.
import PackageDescription

let package = Package(
    name: "PlumbBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Plumb", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SolveBenchmarks",
            dependencies: [
                .product(name: "Plumb", package: "Plumb"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "SolveBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
