// swift-tools-version: 6.1
import PackageDescription

// The engine's throughput benchmark, in its own package so that the main package's build and
// tests never pull in the allocation interposer. Run it with `scripts/bench` (release build,
// LD_PRELOAD of the interposer so that heap allocations are counted).
let package = Package(
    name: "DynamicsBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", exact: "1.6.1"),
    ],
    targets: [
        .executableTarget(
            name: "DynamicsBench",
            dependencies: [
                .product(name: "Dynamics", package: "main"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
