// swift-tools-version: 6.1
import Foundation
import PackageDescription

// Chipmunk 7 (Debian's libchipmunk-dev; no pkg-config file) is optional: with its header the
// package gains the Chipmunk adapter, `harness run --engine chipmunk|all` and the Chipmunk tests
// (compiled with CHIPMUNK defined); without it everything else builds and those tests are skipped
// with an install hint. scripts/test and scripts/run install it.
let hasChipmunk = ["/usr/include/chipmunk/chipmunk.h", "/usr/local/include/chipmunk/chipmunk.h"]
    .contains { FileManager.default.fileExists(atPath: $0) }
let chipmunkTargets: [Target] = hasChipmunk ? [
    .systemLibrary(name: "CChipmunk", providers: [.apt(["libchipmunk-dev"])]),
    .target(name: "ChipmunkAdapter", dependencies: ["Harness", "CChipmunk"], path: "Sources/Engines/ChipmunkAdapter",
            exclude: ["README.md"]),
] : []
let chipmunkDependency: [Target.Dependency] = hasChipmunk ? ["ChipmunkAdapter"] : []
let chipmunkSettings: [SwiftSetting] = hasChipmunk ? [.define("CHIPMUNK")] : []

// Box2D v3.1.1 is optional in the same way: scripts/lib/ensure-box2d.sh unpacks its headers and
// static library from PyPI's pinned pyb2d3 0.11.1 wheel into a cache folder outside git (Debian
// has no Box2D v3), and the targets below exist only when both are there (compiled with BOX2D
// defined). The folder is not a system path, so it goes on the include and library paths here.
let box2DHome = ProcessInfo.processInfo.environment["BOX2D_HOME"]
    ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/dynamics-harness/box2d-3.1.1").path
let hasBox2D = ["include/box2d/box2d.h", "lib64/libbox2d.a"]
    .allSatisfy { FileManager.default.fileExists(atPath: box2DHome + "/" + $0) }
let box2DInclude: [SwiftSetting] = hasBox2D ? [.unsafeFlags(["-Xcc", "-I\(box2DHome)/include"])] : []
let box2DTargets: [Target] = hasBox2D ? [
    .systemLibrary(name: "CBox2D"),
    .target(name: "Box2DAdapter", dependencies: ["Harness", "CBox2D"], path: "Sources/Engines/Box2DAdapter",
            exclude: ["README.md"], swiftSettings: box2DInclude,
            linkerSettings: [.unsafeFlags(["-L\(box2DHome)/lib64"])]),
] : []
let box2DDependency: [Target.Dependency] = hasBox2D ? ["Box2DAdapter"] : []
let box2DSettings: [SwiftSetting] = hasBox2D ? [.define("BOX2D")] + box2DInclude : []

let package = Package(
    name: "DynamicsHarness",
    products: [
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "MotionEffects", targets: ["MotionEffects"]),
        .library(name: "Reference", targets: ["Reference"]),
        .library(name: "Harness", targets: ["Harness"]),
        .library(name: "DynamicsAdapter", targets: ["DynamicsAdapter"]),
    ] + (hasChipmunk ? [
        .library(name: "ChipmunkAdapter", targets: ["ChipmunkAdapter"]),
        .library(name: "CChipmunk", targets: ["CChipmunk"]),
    ] : []) + (hasBox2D ? [
        .library(name: "Box2DAdapter", targets: ["Box2DAdapter"]),
        .library(name: "CBox2D", targets: ["CBox2D"]),
    ] : []) + [
        .executable(name: "harness", targets: ["HarnessCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),
        .target(name: "Dynamics", exclude: ["README.md"]),
        .target(name: "MotionEffects", exclude: ["README.md"]),
        .target(name: "Reference", dependencies: ["CGSL"], exclude: ["README.md"]),
        .target(name: "Harness", dependencies: ["MotionEffects", "Reference"], exclude: ["README.md", "Scene/FORMAT.md"]),
        .target(name: "DynamicsAdapter", dependencies: ["Harness", "Dynamics"], path: "Sources/Engines/DynamicsAdapter",
                exclude: ["README.md"]),
        .target(name: "SeedScenarios", dependencies: ["Dynamics", "Harness"], exclude: ["README.md"]),
        .executableTarget(
            name: "HarnessCLI",
            dependencies: [
                "Harness",
                "DynamicsAdapter",
                "SeedScenarios",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + chipmunkDependency + box2DDependency,
            exclude: ["README.md"],
            swiftSettings: chipmunkSettings + box2DSettings
        ),
        .testTarget(
            name: "DynamicsTests",
            dependencies: ["Dynamics", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "MotionEffectsTests",
            dependencies: ["MotionEffects", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "ReferenceTests", dependencies: ["Reference"]),
        .testTarget(
            name: "HarnessTests",
            dependencies: ["Harness", "DynamicsAdapter", "Dynamics", .product(name: "PropertyBased", package: "swift-property-based")],
            // Read from the source tree by path (SceneCodingTests), not bundled.
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "SeedScenariosTests", dependencies: ["SeedScenarios", "Dynamics", "Harness"]),
        .testTarget(name: "EngineIndependenceTests", dependencies: ["Harness"]),
        .executableTarget(name: "FaultyWorker", dependencies: ["Harness"], path: "Tests/FaultyWorker"),
        .testTarget(name: "HarnessCLITests", dependencies: ["HarnessCLI", "Harness", "FaultyWorker"]),
        .testTarget(name: "ChipmunkAdapterTests", dependencies: ["Harness", "DynamicsAdapter"] + chipmunkDependency,
                    swiftSettings: chipmunkSettings),
        .testTarget(name: "Box2DAdapterTests", dependencies: ["Harness", "DynamicsAdapter"] + box2DDependency,
                    swiftSettings: box2DSettings),
    ] + chipmunkTargets + box2DTargets,
    swiftLanguageModes: [.v6]
)
