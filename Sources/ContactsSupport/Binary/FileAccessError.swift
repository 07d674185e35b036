/// A file that could not be read or written: which, the path, and the system's reason.
package struct FileAccessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done to the file.
    package enum Operation: Hashable, Sendable {
        /// Reading it.
        case read
        /// Writing it.
        case write
    }

    /// What was being done.
    package let operation: Operation
    /// The file's path.
    package let path: String
    /// Why it failed (`strerror`'s text, or what went wrong).
    package let reason: String

    /// A failure of `operation` on `path`.
    package init(_ operation: Operation, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// One line naming the file and the reason.
    package var description: String {
        "cannot \(operation == .read ? "read" : "write") \(path): \(reason)"
    }
}
