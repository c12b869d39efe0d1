import Foundation

/// The failing scenes of past runs, kept between runs and replayed first by the next one, as
/// Hypothesis keeps its example database: a failure found once is checked again every run until
/// it passes, when it is dropped. One folder per signature slug, at most ``perSignature`` scenes
/// each, named by a hash of their content; every file is written atomically. The nightly
/// workflow carries the folder from run to run in its cache.
public struct FailureDatabase: Sendable {
    /// The database's folder.
    public let root: URL
    /// The most scenes kept per signature.
    public static let perSignature = 3

    /// A database in `root` (created when first written).
    public init(root: URL) {
        self.root = root
    }

    /// One stored scene.
    public struct Entry: Sendable, Equatable {
        /// The scene file.
        public var file: URL
        /// The signature it was stored under.
        public var slug: String
    }

    /// Every stored scene, in a stable order.
    public func entries() -> [Entry] {
        let manager = FileManager.default
        let folders = ((try? manager.contentsOfDirectory(atPath: root.path)) ?? []).filter { FailureSignature(slug: $0) != nil }.sorted()
        return folders.flatMap { slug in
            let folder = root.appendingPathComponent(slug)
            let names = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            return names.map { Entry(file: folder.appendingPathComponent($0), slug: slug) }
        }
    }

    /// Stores `scene` under `slug` unless it is there already or the signature has its share.
    /// - Returns: whether it was written.
    /// - Throws: if the folder or file cannot be written.
    @discardableResult
    public func save(_ scene: Scene, as slug: String) throws -> Bool {
        let folder = root.appendingPathComponent(slug)
        let data = try scene.jsonData()
        let file = folder.appendingPathComponent(String(format: "%016llx.json", Self.hash(data)))
        let manager = FileManager.default
        if manager.fileExists(atPath: file.path) { return false }
        let present = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
        guard present.count < Self.perSignature else { return false }
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
        return true
    }

    /// Removes an entry that passes now (and its folder when empty).
    public func remove(_ entry: Entry) {
        let manager = FileManager.default
        try? manager.removeItem(at: entry.file)
        let folder = entry.file.deletingLastPathComponent()
        if ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty { try? manager.removeItem(at: folder) }
    }

    /// 64-bit FNV-1a of `data`.
    static func hash(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
