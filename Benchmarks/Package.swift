// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, lowercased; the parent is wherever this
// clone happens to live, so its name is read from the path rather than written down.
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let parentIdentity = parent.lastPathComponent.lowercased()

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
        // Chipmunk 7 (the parent's CChipmunk, declared when libchipmunk-dev is installed; scripts/bench
        // installs it) is measured beside this engine in the same run.
        .executableTarget(
            name: "DynamicsBench",
            dependencies: [
                .product(name: "CChipmunk", package: parentIdentity),
                .product(name: "Dynamics", package: parentIdentity),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
