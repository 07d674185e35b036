import Synchronization

/// The open connections: it admits at most `maxConnections`, closes those past their
/// deadline, and closes the idle ones when the server shuts down.
final class ConnectionRegistry: Sendable {
    private struct State {
        var records: [ObjectIdentifier: ConnectionRecord] = [:]
        var closing = false
    }

    private let state = Mutex(State())
    private let maxConnections: Int

    /// A registry admitting at most `maxConnections` connections at once.
    init(maxConnections: Int) {
        self.maxConnections = maxConnections
    }

    /// Admits a connection that has just been accepted, or shuts its socket down (at the
    /// limit, or once shutdown has begun) and returns false.
    ///
    /// - Complexity: O(1) amortized.
    func admit(_ record: ConnectionRecord) -> Bool {
        state.withLock { state in
            guard !state.closing, state.records.count < maxConnections else {
                record.shutDownSocket()
                return false
            }
            state.records[ObjectIdentifier(record)] = record
            return true
        }
    }

    /// Forgets a connection; libmicrohttpd calls this before it closes the socket.
    func remove(_ record: ConnectionRecord) {
        _ = state.withLock { $0.records.removeValue(forKey: ObjectIdentifier(record)) }
    }

    /// The number of connections admitted and not yet closed.
    var count: Int { state.withLock { $0.records.count } }

    /// Shuts down every connection whose deadline is past at `now`.
    ///
    /// - Complexity: O(n), where n is the number of open connections.
    func closeExpired(now: Int64) {
        state.withLock { state in
            for record in state.records.values where record.takeExpiredDeadline(now: now) {
                record.shutDownSocket()
            }
        }
    }

    /// Stops admitting connections and shuts down every connection without a request under
    /// way (idle, or still sending its headers).
    ///
    /// - Complexity: O(n), where n is the number of open connections.
    func closeIdleAndRefuseNew() {
        state.withLock { state in
            state.closing = true
            for record in state.records.values where !record.isBusy {
                record.shutDownSocket()
            }
        }
    }
}
