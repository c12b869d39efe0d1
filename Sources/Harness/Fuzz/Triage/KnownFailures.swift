import Foundation

/// The failure signatures known to be open (``FailureSignature``): those of the minimal scenes
/// in `Golden/fuzz/open/`, whose file names start with their slug (`<slug>--<what>.json`), and
/// those listed in its `known-signatures.txt` (one slug a line, `#` starts a comment). A failure
/// is new when any of its signatures is not among them, even if its invariant has others.
public struct KnownFailures: Sendable, Equatable {
    /// The known slugs.
    public var slugs: Set<String>

    /// The file of listed signatures inside the open folder.
    public static let listName = "known-signatures.txt"

    /// No known failures.
    public init(slugs: Set<String> = []) {
        self.slugs = slugs
    }

    /// A line of the list that is not a signature.
    public struct Malformed: Error, CustomStringConvertible {
        /// The file, the line (1-based) and the text.
        public var file: String, line: Int, text: String
        public var description: String { "\(file):\(line): not a failure signature: \"\(text)\"" }
    }

    /// Reads the open folder: scene file names and the list; a missing folder or list is empty.
    /// - Throws: ``Malformed`` for a list line or an open scene name that is not a signature.
    public static func load(from folder: URL) throws -> KnownFailures {
        var slugs: Set<String> = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".json") {
            guard let slug = slug(ofOpenScene: name) else {
                throw Malformed(file: folder.appendingPathComponent(name).path, line: 0, text: name)
            }
            slugs.insert(slug)
        }
        let list = folder.appendingPathComponent(listName)
        if let text = try? String(contentsOf: list, encoding: .utf8) {
            for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
                // Lines end at any line break ("\r\n" is one character); kept in the form
                // signatures print in, so that a listed slug matches however it was written.
                let entry = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                guard !entry.isEmpty else { continue }
                guard let signature = FailureSignature(slug: entry) else { throw Malformed(file: list.path, line: number + 1, text: entry) }
                slugs.insert(signature.slug)
            }
        }
        return KnownFailures(slugs: slugs)
    }

    /// The slug an open scene's file name starts with (`<slug>--<what>.json`), if it is one.
    public static func slug(ofOpenScene name: String) -> String? {
        guard let range = name.range(of: "--") else { return nil }
        return FailureSignature(slug: String(name[..<range.lowerBound]))?.slug
    }

    /// Whether `signature` is known.
    public func contains(_ signature: FailureSignature) -> Bool { slugs.contains(signature.slug) }

    /// The invariants with at least one known signature.
    public var invariants: Set<Invariant> { Set(slugs.compactMap { FailureSignature(slug: $0)?.invariant }) }
}
