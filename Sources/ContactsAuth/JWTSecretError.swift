/// Why a ``JWTSecret`` could not be made.
public enum JWTSecretError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The secret (from the file at `source`, when it came from a file) is empty.
    case empty(source: String?)
    /// The file could not be opened or read; `reason` is the system's word for why.
    case unreadable(path: String, reason: String)
    /// The file is larger than `maximumBytes`.
    case tooLarge(path: String, maximumBytes: Int)

    /// The problem, in one line fit for the command line.
    public var description: String {
        switch self {
        case .empty(nil): "the JWT secret is empty"
        case .empty(let path?): "the JWT secret file \(path) is empty"
        case .unreadable(let path, let reason): "cannot read the JWT secret file \(path): \(reason)"
        case .tooLarge(let path, let maximum): "the JWT secret file \(path) is larger than \(maximum) bytes"
        }
    }
}
