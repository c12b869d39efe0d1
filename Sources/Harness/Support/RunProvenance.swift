import Foundation

/// Where a run was made: the package's git commit and whether its work tree had changes (asked of
/// the package's own folder, whatever the current directory), and the machine.
public struct RunProvenance: Equatable, Sendable {
    /// The commit checked out in the package's folder, if git and a repository are there.
    public var gitCommit: String?
    /// Whether tracked or new files differ from that commit; `nil` when unknown.
    public var gitDirty: Bool?
    /// System, architecture, processor model and core count.
    public var machine: String?

    /// Creates provenance from known values.
    public init(gitCommit: String? = nil, gitDirty: Bool? = nil, machine: String? = nil) {
        self.gitCommit = gitCommit
        self.gitDirty = gitDirty
        self.machine = machine
    }

    /// The provenance of a run of the package at `packageRoot` on this machine.
    public static func current(packageRoot: URL) -> RunProvenance {
        let commit = git(["rev-parse", "HEAD"], in: packageRoot)
        let status = commit == nil ? nil : git(["status", "--porcelain", "--untracked-files=normal"], in: packageRoot)
        return RunProvenance(gitCommit: commit, gitDirty: status.map { !$0.isEmpty }, machine: machineDescription())
    }

    /// "Linux x86_64, AMD EPYC 7B13, 2 cores" (parts that cannot be read are left out).
    static func machineDescription() -> String {
        var parts: [String] = []
        var name = utsname()
        if uname(&name) == 0 {
            let field = { (value: Any) in
                Mirror(reflecting: value).children.compactMap { $0.value as? CChar }.prefix { $0 != 0 }
                    .map { Character(Unicode.Scalar(UInt8(bitPattern: $0))) }
            }
            parts.append(String(field(name.sysname)) + " " + String(field(name.machine)))
        }
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            parts.append(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        parts.append("\(ProcessInfo.processInfo.activeProcessorCount) cores")
        return parts.joined(separator: ", ")
    }

    /// The trimmed standard output of `git -C folder ARGUMENTS`, or `nil` when git fails.
    static func git(_ arguments: [String], in folder: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
