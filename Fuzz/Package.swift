// swift-tools-version: 6.1
//
// libFuzzer drivers for Plumb's parsers and solver, a package of its own:
// each calls LLVMFuzzerRunDriver, which only the fuzzer runtime has, so the
// package links only with `-sanitize=fuzzer`. The target bodies live in the
// main package's PlumbFuzzing module, shared with the unit tests that replay
// the seed corpus (Fuzz/Corpus/). Build and run with scripts/fuzz.sh.
import PackageDescription

let fuzzTarget: (String) -> Target = { name in
    .executableTarget(
        name: name,
        dependencies: ["CFuzzDriver", .product(name: "PlumbFuzzing", package: "Plumb")],
        path: "Sources/\(name)"
    )
}

let package = Package(
    name: "PlumbFuzz",
    dependencies: [.package(name: "Plumb", path: "..")],
    targets: [.target(name: "CFuzzDriver", path: "Sources/CFuzzDriver")]
        + ["FuzzSimpleFormat", "FuzzSimpleLayout", "FuzzDocument", "FuzzSolver"].map(fuzzTarget)
)
