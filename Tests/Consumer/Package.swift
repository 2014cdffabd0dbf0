// swift-tools-version: 6.1
//
// A package that uses Plumb the way an app would: through `import Plumb`
// and its public surface only (no @testable). Its one executable lays out
// examples of the seeds' READMEs in the Swift front ends (Mortar, the
// Masonry-style maker, Fahrenheit blocks), one large coupled row solved
// with and without PlumbClp, and exits non-zero when a frame is wrong.
//
//     swift build --package-path Tests/Consumer --scratch-path .build-consumer
//     .build-consumer/debug/plumb-consumer
import PackageDescription

let package = Package(
    name: "PlumbConsumer",
    dependencies: [
        .package(name: "Plumb", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "plumb-consumer",
            dependencies: [
                .product(name: "Plumb", package: "Plumb"),
                .product(name: "PlumbClp", package: "Plumb"),
            ],
            path: "Sources/PlumbConsumer"
        ),
    ]
)
