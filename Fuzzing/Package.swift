// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A libFuzzer target for the scene decoder, the engine behind it and the invariants that judge
// it, in its own package so that a normal build never needs the fuzzer runtime. Build and run it
// with `scripts/fuzz-scenes` (`swift build --sanitize=fuzzer --sanitize=address`).
//
// A path dependency's identity is its folder's name, lowercased; the parent is wherever this
// clone lives, so its name is read from the path rather than written down.
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let parentIdentity = parent.lastPathComponent.lowercased()

let package = Package(
    name: "SceneFuzzing",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "SceneFuzzer",
            dependencies: [
                .product(name: "Harness", package: parentIdentity),
                .product(name: "DynamicsAdapter", package: parentIdentity),
            ],
            // libFuzzer supplies `main`; the target has only the entry point.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
