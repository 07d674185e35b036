internal import CLibPQ

/// A NOTIFY received on a channel this session listens on.
package struct PostgresNotification: Sendable, Hashable {
    /// The channel it was sent on.
    package var channel: String
    /// The payload (empty when none was given).
    package var payload: String
    /// The server process of the session that sent it (compare with
    /// ``PostgresConnection/backendProcessID`` to spot one's own).
    package var senderProcessID: Int32
}

extension PostgresConnection {
    /// LISTEN on `channel` (taken exactly: no case folding); remembered, so that
    /// ``reset()`` listens again. Inside a transaction, it takes effect at COMMIT.
    ///
    /// - Throws: a client error for a name that is empty or longer than 63 bytes.
    package func listen(_ channel: String) throws(PostgresError) {
        try execute("LISTEN \(try Self.quotedIdentifier(channel, what: "channel"))")
        listenChannels.insert(channel)
    }

    /// UNLISTEN `channel`.
    package func unlisten(_ channel: String) throws(PostgresError) {
        try execute("UNLISTEN \(try Self.quotedIdentifier(channel, what: "channel"))")
        listenChannels.remove(channel)
    }

    /// Sends `payload` on `channel` (`pg_notify`, both bound as parameters). Delivered to
    /// the listeners when the sending transaction commits; at most 7999 bytes.
    package func notify(_ channel: String, payload: String = "") throws(PostgresError) {
        _ = try Self.quotedIdentifier(channel, what: "channel")
        try execute("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
    }

    /// The next notification for this session: one already received (during any earlier
    /// statement) at once, else the first to arrive within `timeout`; nil when none came.
    /// Use on a session that runs no statement meanwhile (a dedicated listener):
    /// notifications are delivered between transactions.
    ///
    /// - Complexity: sleeps in poll on the socket; no round trip.
    /// - Throws: ``PostgresError/Kind/connectionLost`` when the connection drops while
    ///   waiting.
    package func waitForNotification(timeout: Duration) throws(PostgresError) -> PostgresNotification? {
        let handle = try liveHandle()
        let deadline = ContinuousClock.now + timeout
        while true {
            guard PQconsumeInput(handle) == 1 else { throw connectionError(handle, statement: nil) }
            if let notification = nextNotification(handle) { return notification }
            switch try pollSocket(handle, write: false, until: deadline) {
            case .timedOut: return nil
            case .ready: continue
            }
        }
    }

    /// Every notification received so far, without waiting (reads what the socket holds).
    package func pendingNotifications() throws(PostgresError) -> [PostgresNotification] {
        let handle = try liveHandle()
        guard PQconsumeInput(handle) == 1 else { throw connectionError(handle, statement: nil) }
        var notifications: [PostgresNotification] = []
        while let notification = nextNotification(handle) { notifications.append(notification) }
        return notifications
    }

    private func nextNotification(_ handle: OpaquePointer) -> PostgresNotification? {
        guard let raw = PQnotifies(handle) else { return nil }
        defer { PQfreemem(raw) }
        let notify = raw.pointee
        return PostgresNotification(
            channel: notify.relname.map { String(cString: $0) } ?? "",
            payload: notify.extra.map { String(cString: $0) } ?? "",
            senderProcessID: notify.be_pid)
    }
}
