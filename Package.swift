// swift-tools-version: 6.1
//
// Plumb: a constraint layout engine for Swift on Linux.
//
// Layering (dependencies point down only):
//   plumb (CLI) ─► Plumb (views, front ends, documents) ─► PlumbSolver (IR, strategies)
//   PlumbC (C API) ─┘                                     └► CPlumbKernels (C) ─► CLAPACKE (LAPACKE + OpenBLAS headers; loaded on first use)
//   plumb, PlumbC ─► PlumbClp (large coupled parts on COIN-OR Clp) ─► PlumbSolver, CClpSimplex
//   plumb ─► PlumbText (measures Text with Pango) ─► Plumb, CPangoLoader (Pango, loaded on first use) ─► CPango (headers)
//   plumb ─► CPlumbSignals (its temporary files removed on a signal)
import Foundation
import PackageDescription

/// pkg-config's include directories for Pango on FreeType (`-I...`), for the
/// targets that compile against Pango's headers. Pango is not linked (the
/// CPango module has no pkgConfig, which would add its libraries to every
/// link): CPangoLoader opens it on the first text measured. Empty when
/// pkg-config or pangoft2.pc is missing (scripts/setup.sh installs them);
/// the build then stops at the first Pango header it cannot find.
func pangoIncludeFlags() -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "pangoft2"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return [] }
    return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
}
let pangoIncludes = pangoIncludeFlags()
/// The engine's modules are compiled with optimisation in debug builds too:
/// the test suite spends nearly all its time in the solver, which runs
/// several times slower unoptimised (docs/development.md).
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// The same directories for Swift targets that import Pango's headers.
let pangoSwiftIncludes: [SwiftSetting] = [.unsafeFlags(pangoIncludes.flatMap { ["-Xcc", $0] })]

let package = Package(
    name: "Plumb",
    products: [
        // MARK: - Public API
        .library(name: "Plumb", targets: ["Plumb"]),
        .library(name: "PlumbSolver", targets: ["PlumbSolver"]),
        .library(name: "PlumbClp", targets: ["PlumbClp"]),
        .library(name: "PlumbText", targets: ["PlumbText"]),
        .executable(name: "plumb", targets: ["plumb"]),
        // The C library (libplumbc.so) over the solver and layout documents;
        // its header is Sources/PlumbC/include/plumb.h.
        .library(name: "plumbc", type: .dynamic, targets: ["PlumbC"]),
        // The fuzz targets' bodies, for Fuzz/ (libFuzzer drivers) and the tests.
        .library(name: "PlumbFuzzing", targets: ["PlumbFuzzing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation` for the DocC catalogs
        // (Sources/Plumb/Plumb.docc, Sources/PlumbSolver/PlumbSolver.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Implementation details

        // LAPACKE + CBLAS headers from Debian's liblapacke-dev and libopenblas-dev
        // (in /usr/include). Headers only: nothing links LAPACKE or OpenBLAS;
        // CPlumbKernels loads liblapacke.so.3 (on OpenBLAS: Debian's OpenBLAS
        // is built without LAPACKE) the first time a large dense block needs
        // it. No pkgConfig here: SwiftPM would add its libraries to every link.
        .systemLibrary(
            name: "CLAPACKE",
            providers: [.apt(["liblapacke-dev", "libopenblas-dev"])]
        ),
        // Pango on FreeType and fontconfig (Debian's libpango1.0-dev): the text
        // engine behind PlumbText. Headers only (its include directories come
        // from `pangoIncludes`); nothing but the tests links Pango.
        .systemLibrary(
            name: "CPango",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        // The table of Pango functions PlumbText calls, filled with dlopen and
        // dlsym on the first text measured (libpangoft2-1.0.so.0), so a run
        // without text never maps Pango's libraries.
        .target(
            name: "CPangoLoader",
            dependencies: ["CPango"],
            exclude: ["CMakeLists.txt"],
            cSettings: [.unsafeFlags(pangoIncludes)],
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // Hot sparse kernels in C, and the dense solves through LAPACKE, which
        // dense.c opens with dlopen on first use (libdl: glibc before 2.34).
        .target(
            name: "CPlumbKernels",
            dependencies: ["CLAPACKE"],
            exclude: ["CMakeLists.txt"],
            cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))],
            linkerSettings: [.linkedLibrary("dl")]
        ),

        // The `plumb` tool's temporary output files, removed by its handler of
        // SIGHUP, SIGINT, SIGPIPE and SIGTERM (C: async-signal-safe).
        .target(
            name: "CPlumbSignals",
            exclude: ["CMakeLists.txt"]
        ),

        // A small C interface over COIN-OR Clp's ClpSimplex (C++, from
        // Debian's coinor-libclp-dev, whose headers are in /usr/include/coin).
        .target(
            name: "CClpSimplex",
            exclude: ["CMakeLists.txt"],
            cxxSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))],
            linkerSettings: [.linkedLibrary("Clp"), .linkedLibrary("CoinUtils")]
        ),

        // MARK: - Public API
        .target(
            name: "PlumbSolver",
            dependencies: ["CPlumbKernels"],
            exclude: ["CMakeLists.txt"],
            swiftSettings: optimizedInDebug
        ),
        .target(
            name: "Plumb",
            dependencies: ["PlumbSolver"],
            exclude: ["CMakeLists.txt"],
            swiftSettings: optimizedInDebug
        ),
        // The large-part LP code on Clp; the core does not need it.
        .target(
            name: "PlumbClp",
            dependencies: ["PlumbSolver", "CClpSimplex"],
            exclude: ["CMakeLists.txt"],
            swiftSettings: optimizedInDebug
        ),
        // The C API: @_cdecl functions over Plumb and PlumbSolver, declared
        // in include/plumb.h (a plain C header, not imported by Swift).
        .target(
            name: "PlumbC",
            dependencies: ["Plumb", "PlumbClp"],
            exclude: ["include", "plumb.pc.in", "CMakeLists.txt"]
        ),
        // Measures Plumb's Text with Pango (implements Plumb.TextMeasurer).
        .target(
            name: "PlumbText",
            dependencies: ["Plumb", "CPangoLoader"],
            exclude: ["CMakeLists.txt"],
            swiftSettings: pangoSwiftIncludes
        ),
        .target(
            name: "PlumbFuzzing",
            dependencies: ["Plumb", "PlumbClp", "PlumbSolver"]
        ),
        .executableTarget(
            name: "plumb",
            dependencies: [
                "Plumb",
                "PlumbClp",
                "PlumbText",
                "CPlumbSignals",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["CMakeLists.txt"],
            // The Swift runtime and FoundationEssentials (ArgumentParser's)
            // linked into the tool: 3.4 MiB less resident in every run and no
            // dynamic linking of them at start-up (BENCHMARKS.md, Peak memory).
            // FoundationEssentials' static archive needs its two C shims named.
            linkerSettings: [
                .unsafeFlags(["-static-stdlib", "-l_FoundationCShims", "-l_FoundationCollections"],
                             .when(platforms: [.linux])),
            ]
        ),

        // View trees in the shapes of the list, cards, table and chartgrid
        // families, built with each Swift front end: the Swift API benchmark
        // and its tests share them.
        .target(
            name: "PlumbAPIWorkloads",
            dependencies: ["Plumb"]
        ),
        // The Swift API benchmark (BENCHMARKS.md): builds, layouts, re-layouts.
        .executableTarget(
            name: "plumb-api-bench",
            dependencies: ["Plumb", "PlumbClp", "PlumbAPIWorkloads"]
        ),

        // MARK: - Tests
        // Helpers shared by the test targets (the seeded generator).
        .target(
            name: "PlumbTestSupport",
            path: "Tests/PlumbTestSupport"
        ),
        .testTarget(
            name: "PlumbSolverTests",
            dependencies: [
                "PlumbSolver",
                "PlumbClp",
                "PlumbTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PlumbTests",
            dependencies: [
                "Plumb",
                "PlumbClp",
                "PlumbTestSupport",
                "PlumbFuzzing",
                "PlumbAPIWorkloads",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PlumbCLITests",
            dependencies: ["Plumb", "CPlumbSignals"]
        ),
        // PangoTextMeasurer and layouts with text, against Pango asked directly.
        // They call Pango directly, so they link it (PlumbText loads it).
        .testTarget(
            name: "PlumbTextTests",
            dependencies: ["Plumb", "PlumbText", "CPango"],
            swiftSettings: pangoSwiftIncludes,
            linkerSettings: [
                .linkedLibrary("pangoft2-1.0"), .linkedLibrary("pango-1.0"),
                .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"),
            ]
        ),
    ]
)
