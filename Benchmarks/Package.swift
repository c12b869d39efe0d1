// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, lowercased; the parent is wherever this
// clone happens to live, so its name is read from the path rather than written down.
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let parentIdentity = parent.lastPathComponent.lowercased()

// Box2D v3's C library, found as the parent's Package.swift finds it (BOX2D_HOME, else the cache
// folder scripts/lib/ensure-box2d.sh unpacks it into): not a system path, so its include and
// library folders go on the command lines here.
let box2DHome = ProcessInfo.processInfo.environment["BOX2D_HOME"]
    ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/dynamics-harness/box2d-3.1.1").path
// Box2D 3.2 moved the bodies and anchors of every joint definition into a `base` (b2JointDef) with
// local frames; the benchmark's pins are written for either, told by the header.
let box2DJointBase = (try? String(contentsOfFile: box2DHome + "/include/box2d/types.h", encoding: .utf8))?
    .contains("b2JointDef base;") ?? false

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
        // Chipmunk 7 and Box2D v3 (the parent's CChipmunk and CBox2D, declared when their libraries
        // are installed; scripts/bench installs them) are measured beside this engine in the same run.
        .executableTarget(
            name: "DynamicsBench",
            dependencies: [
                .product(name: "CBox2D", package: parentIdentity),
                .product(name: "CChipmunk", package: parentIdentity),
                .product(name: "Dynamics", package: parentIdentity),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            swiftSettings: [.unsafeFlags(["-Xcc", "-I\(box2DHome)/include"])] + (box2DJointBase ? [.define("BOX2D_JOINT_BASE")] : []),
            linkerSettings: [.unsafeFlags(["-L\(box2DHome)/lib64"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
