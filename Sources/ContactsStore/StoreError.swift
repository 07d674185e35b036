/// Why the durable store refused or failed an operation.
///
/// Every case carries the store's file path, and ``description`` is one line naming the file
/// and the problem, fit to print as the CLI's error line:
///
/// ```
/// store /var/lib/contacts.db: locked by another process (is a second `contacts serve` running on it?)
/// ```
///
/// Errors raised while opening (``notOurs(path:detail:)``,
/// ``newerSchema(path:found:supported:)``, ``corrupt(path:detail:)``,
/// ``readOnly(path:detail:)``, ``locked(path:)``) leave the file as it was: nothing is written
/// before every check has passed.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but is not a ContactsCore store: not an SQLite database at all, or an
    /// SQLite database of another application (`detail` says which).
    case notOurs(path: String, detail: String)
    /// The store was written by a newer version of ContactsCore (schema `found` > `supported`).
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file is damaged: SQLite reported corruption, or a stored value does not decode.
    case corrupt(path: String, detail: String)
    /// The file or its directory cannot be written (SQLite needs to write both: the
    /// database and its write-ahead log beside it).
    case readOnly(path: String, detail: String)
    /// Another connection holds a lock on the store (the busy timeout ran out).
    case locked(path: String)
    /// A write would break a uniqueness rule of the store (a phone held by another user, an
    /// event id already taken); nothing of the transaction was kept.
    case constraint(path: String, detail: String)
    /// A write names a user id that is not registered in the store.
    case unknownUser(path: String, userId: String)
    /// A value handed to the store is outside what it can hold (`detail` says which).
    case invalidArgument(path: String, detail: String)
    /// The store was used after `SQLiteStore.close()`.
    case closed(path: String)
    /// Any other SQLite or file-system failure: `code` is SQLite's (extended) result code,
    /// or 0 for a failure outside SQLite.
    case failed(path: String, code: Int32, detail: String)
    /// The store's database cannot be reached (the connection was lost, or no host is
    /// writable); nothing of the operation was committed. A retry may succeed later.
    case unavailable(path: String, detail: String)

    /// The path of the store file the error is about.
    public var path: String {
        switch self {
        case .notOurs(let path, _), .newerSchema(let path, _, _), .corrupt(let path, _),
            .readOnly(let path, _), .locked(let path), .constraint(let path, _),
            .unknownUser(let path, _), .invalidArgument(let path, _), .closed(let path),
            .failed(let path, _, _), .unavailable(let path, _):
            return path
        }
    }

    /// One line: `store PATH: problem`.
    public var description: String {
        switch self {
        case .notOurs(let path, let detail):
            return "store \(path): not a ContactsCore store (\(detail))"
        case .newerSchema(let path, let found, let supported):
            return "store \(path): schema version \(found) is newer than this build supports"
                + " (\(supported)); use a newer ContactsCore"
        case .corrupt(let path, let detail):
            return "store \(path): the file is corrupt (\(detail))"
        case .readOnly(let path, let detail):
            return "store \(path): read-only (\(detail))"
        case .locked(let path):
            return "store \(path): locked by another process"
                + " (is a second `contacts serve` running on it?)"
        case .constraint(let path, let detail):
            return "store \(path): \(detail)"
        case .unknownUser(let path, let userId):
            return "store \(path): no registered user \(userId.debugDescription)"
        case .invalidArgument(let path, let detail):
            return "store \(path): invalid value: \(detail)"
        case .closed(let path):
            return "store \(path): used after close"
        case .unavailable(let path, let detail):
            return "store \(path): unavailable (\(detail))"
        case .failed(let path, let code, let detail):
            return code == 0
                ? "store \(path): \(detail)" : "store \(path): \(detail) (SQLite code \(code))"
        }
    }
}
