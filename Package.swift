// swift-tools-version: 6.1
//
// Plumb: a constraint layout engine for Swift on Linux.
//
// Layering (dependencies point down only):
//   plumb (CLI) ─► Plumb (views, front ends, documents) ─► PlumbSolver (IR, strategies)
//   PlumbC (C API) ─┘                                     └► CPlumbKernels (C) ─► CLAPACKE (LAPACKE + OpenBLAS headers; loaded on first use)
//   plumb, PlumbC ─► PlumbClp (large coupled parts on COIN-OR Clp) ─► PlumbSolver, CClpSimplex
//   plumb ─► PlumbText (measures Text with Pango) ─► Plumb, CPango (Pango on FreeType and fontconfig)
import PackageDescription

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
        // engine behind PlumbText. Plumb itself does not link it.
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangoft2",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        // Hot sparse kernels in C, and the dense solves through LAPACKE, which
        // dense.c opens with dlopen on first use (libdl: glibc before 2.34).
        .target(
            name: "CPlumbKernels",
            dependencies: ["CLAPACKE"],
            exclude: ["CMakeLists.txt"],
            linkerSettings: [.linkedLibrary("dl")]
        ),

        // A small C interface over COIN-OR Clp's ClpSimplex (C++, from
        // Debian's coinor-libclp-dev, whose headers are in /usr/include/coin).
        .target(
            name: "CClpSimplex",
            exclude: ["CMakeLists.txt"],
            linkerSettings: [.linkedLibrary("Clp"), .linkedLibrary("CoinUtils")]
        ),

        // MARK: - Public API
        .target(
            name: "PlumbSolver",
            dependencies: ["CPlumbKernels"],
            exclude: ["CMakeLists.txt"]
        ),
        .target(
            name: "Plumb",
            dependencies: ["PlumbSolver"],
            exclude: ["CMakeLists.txt"]
        ),
        // The large-part LP code on Clp; the core does not need it.
        .target(
            name: "PlumbClp",
            dependencies: ["PlumbSolver", "CClpSimplex"],
            exclude: ["CMakeLists.txt"]
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
            dependencies: ["Plumb", "CPango"],
            exclude: ["CMakeLists.txt"]
        ),
        .target(
            name: "PlumbFuzzing",
            dependencies: ["Plumb", "PlumbClp"]
        ),
        .executableTarget(
            name: "plumb",
            dependencies: [
                "Plumb",
                "PlumbClp",
                "PlumbText",
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

        // View trees in the shapes of the list and cards families, built with
        // each Swift front end: the Swift API benchmark and its tests share them.
        .target(
            name: "PlumbAPIWorkloads",
            dependencies: ["Plumb"]
        ),
        // The Swift API benchmark (BENCHMARKS.md): builds, layouts, re-layouts.
        .executableTarget(
            name: "plumb-api-bench",
            dependencies: ["Plumb", "PlumbAPIWorkloads"]
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
                "PlumbTestSupport",
                "PlumbFuzzing",
                "PlumbAPIWorkloads",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PlumbCLITests",
            dependencies: ["Plumb"]
        ),
        // PangoTextMeasurer and layouts with text, against Pango asked directly.
        .testTarget(
            name: "PlumbTextTests",
            dependencies: ["Plumb", "PlumbText", "CPango"]
        ),
    ]
)
