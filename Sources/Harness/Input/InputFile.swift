import Foundation

/// Reading an input file whole, with a typed error a person can act on.
public enum InputFile {
    /// The bytes of the file at `path`, which should be `expected` (`"a scene file"`).
    /// - Throws: an ``InputFileError`` naming the file: missing, a directory, not readable by
    ///   this user, or another read failure.
    public static func read(_ path: String, expected: String) throws(InputFileError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(errno: errno, file: path, expected: expected) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw .directory(file: path, expected: expected)
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(errno: errno, file: path, expected: expected)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// The error for a failed `open` or `read` with `errno` `code`.
    static func error(errno code: Int32, file: String, expected: String) -> InputFileError {
        switch code {
        case ENOENT, ENOTDIR: .missing(file: file)
        case EISDIR: .directory(file: file, expected: expected)
        case EACCES, EPERM: .permissionDenied(file: file)
        default: .unreadable(file: file, reason: String(cString: strerror(code)))
        }
    }
}
