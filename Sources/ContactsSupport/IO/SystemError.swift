#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call: the call's name and `errno`'s text.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    /// What failed, in words.
    public let description: String

    /// The error of the system call `call` with the current `errno`.
    public static func lastError(_ call: String) -> SystemError {
        SystemError(description: "\(call): \(String(cString: strerror(errno)))")
    }
}
