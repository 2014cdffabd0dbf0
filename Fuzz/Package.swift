// swift-tools-version: 6.1
//
// The libFuzzer driver for Plumb's parsers and solver, a package of its own:
// it calls LLVMFuzzerRunDriver, which only the fuzzer runtime has, so the
// package links only with `-sanitize=fuzzer`. The target bodies live in the
// main package's PlumbFuzzing module, shared with the unit tests that replay
// the seed corpus (Fuzz/Corpus/). Build and run with scripts/fuzz.sh.
import PackageDescription

let package = Package(
    name: "PlumbFuzz",
    dependencies: [.package(name: "Plumb", path: "..")],
    targets: [
        .target(name: "CFuzzDriver", path: "Sources/CFuzzDriver"),
        .executableTarget(
            name: "PlumbFuzz",
            dependencies: ["CFuzzDriver", .product(name: "PlumbFuzzing", package: "Plumb")],
            path: "Sources/PlumbFuzz"
        ),
    ]
)
