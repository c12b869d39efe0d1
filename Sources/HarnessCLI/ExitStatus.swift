import ArgumentParser

/// The exit statuses every command uses, so that a script can tell a verdict from a failure to
/// do the work:
/// - 0: the command did its work and, where it judges something, it passed;
/// - 1: it did its work and the verdict failed (a tolerance missed, a regression, an invariant
///   violated, a new fuzz failure, an invalid scene under `validate`, a changed hash);
/// - 2: it could not do its work: a usage error, an input that cannot be read or is invalid
///   (where judging it is not the command's work), an output that cannot be written.
extension ExitCode {
    /// The verdict failed (1).
    static let verdictFailed = ExitCode(1)
    /// The work could not be done (2).
    static let cannotRun = ExitCode(2)

    /// The status for an error thrown out of a command: its own code for an ``ExitCode``, 0 for
    /// a request for help or the version, 2 for anything else (usage errors included, which
    /// swift-argument-parser would give 64).
    static func status(for error: any Error, of command: any ParsableCommand.Type) -> Int32 {
        if let code = error as? ExitCode { return code.rawValue }
        return command.exitCode(for: error).isSuccess ? ExitCode.success.rawValue : cannotRun.rawValue
    }
}
