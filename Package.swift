// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "DynamicsHarness",
    products: [
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "MotionEffects", targets: ["MotionEffects"]),
        .library(name: "Reference", targets: ["Reference"]),
        .library(name: "Harness", targets: ["Harness"]),
        .library(name: "DynamicsAdapter", targets: ["DynamicsAdapter"]),
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
            ],
            exclude: ["README.md"]
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
            dependencies: ["Harness", "DynamicsAdapter", "Dynamics", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "SeedScenariosTests", dependencies: ["SeedScenarios", "Dynamics", "Harness"]),
        .testTarget(name: "EngineIndependenceTests", dependencies: ["Harness"]),
        .executableTarget(name: "FaultyWorker", dependencies: ["Harness", "DynamicsAdapter"], path: "Tests/FaultyWorker"),
        .testTarget(name: "HarnessCLITests", dependencies: ["HarnessCLI", "Harness", "FaultyWorker"]),
    ],
    swiftLanguageModes: [.v6]
)
