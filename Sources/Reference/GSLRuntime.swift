import CGSL

/// Process-wide GSL setup, done once and lazily (a `static let`, so no mutable global state).
enum GSLRuntime {
    /// Touch this before any GSL call: it turns GSL's default error handler (which calls `abort()`)
    /// off, so every GSL failure comes back as a status code. Idempotent and thread-safe.
    static let errorHandlerDisabled: Bool = {
        _ = gsl_set_error_handler_off()
        return true
    }()

    /// GSL status codes as the `Int32` the C callbacks return (GSL declares them in an untyped enum).
    static let success = Int32(GSL_SUCCESS)
    /// `GSL_EBADFUNC`: "problem with user-supplied function"; makes the ODE driver stop at once.
    static let badFunction = Int32(GSL_EBADFUNC)
    /// `GSL_ENOMEM`: allocation failed.
    static let outOfMemory = Int32(GSL_ENOMEM)

    /// The text GSL gives for a status code (`gsl_strerror`).
    static func message(for status: Int32) -> String {
        String(cString: gsl_strerror(status))
    }
}
