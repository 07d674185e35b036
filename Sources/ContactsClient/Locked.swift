import Foundation

/// A value behind an `NSLock`: the client's one lock, from Foundation, so that the library needs
/// no module beyond Foundation and FoundationNetworking (PROTOCOL §9; `Synchronization`'s
/// `Mutex` would also tie apps to its newest OS releases).
///
/// `@unchecked Sendable` is sound: the value is `Sendable` and only reached under the lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock holding `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held (never call back into the same lock). O(1)
    /// plus `body`.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
