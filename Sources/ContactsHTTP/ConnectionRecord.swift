import ContactsSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What the server tracks of one open connection: its socket and the deadline by which it
/// must make progress.
///
/// The event-loop thread serving the connection moves the deadline as the request advances;
/// the watchdog reads it. Both sides use atomics, so neither waits for the other.
final class ConnectionRecord: Sendable {
    /// The connection's socket, valid from the connection's start until libmicrohttpd has
    /// told the registry it closes (it removes the record first, under the registry's lock).
    let descriptor: Int32

    /// The monotonic time in nanoseconds by which the connection must progress, or
    /// `Self.noDeadline`.
    private let deadline: Atomic<Int64>

    /// Whether a request on this connection has complete headers and is not finished yet
    /// (it is read, handled or answered): graceful shutdown waits for those.
    private let busy = Atomic<Bool>(false)

    /// Whether a request has finished on this connection (the next one is a keep-alive one).
    private let servedARequest = Atomic<Bool>(false)

    /// Whether the connection's thread has taken the handlers' priority (thread per
    /// connection only).
    private let priorityLowered = Atomic<Bool>(false)

    /// The value of `deadline` while a handler runs: nothing to enforce.
    static let noDeadline = Int64.max

    /// A record for a connection that has just been accepted; its first request's headers
    /// must arrive within `headerTimeout` nanoseconds.
    init(descriptor: Int32, now: Int64, headerTimeout: Int64) {
        self.descriptor = descriptor
        self.deadline = Atomic(now + headerTimeout)
    }

    /// The request line has arrived: the headers must follow within `headerTimeout`. The
    /// first request's headers count from the connection's start (a new connection has
    /// `headerTimeout` in all to send them); a later request's from now, its request line
    /// having arrived within the idle timeout.
    func requestLineArrived(now: Int64, headerTimeout: Int64) {
        let limit = now + headerTimeout
        guard !servedARequest.load(ordering: .relaxed) else {
            deadline.store(limit, ordering: .relaxed)
            return
        }
        var current = deadline.load(ordering: .relaxed)
        while limit < current {
            let (exchanged, original) = deadline.compareExchange(
                expected: current, desired: limit, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }

    /// The headers are complete: the body must arrive within `bodyTimeout`.
    func headersArrived(now: Int64, bodyTimeout: Int64) {
        busy.store(true, ordering: .relaxed)
        deadline.store(now + bodyTimeout, ordering: .relaxed)
    }

    /// The body is complete and the handler runs: no deadline until the response is sent.
    func bodyArrived() {
        deadline.store(Self.noDeadline, ordering: .relaxed)
    }

    /// The request is finished: the connection may stay idle for `idleTimeout`.
    func requestFinished(now: Int64, idleTimeout: Int64) {
        busy.store(false, ordering: .relaxed)
        servedARequest.store(true, ordering: .relaxed)
        deadline.store(now + idleTimeout, ordering: .relaxed)
    }

    /// Sets the calling thread, the connection's own, to nice value `nice` the first time it
    /// is called for this connection.
    func lowerThreadPriority(to nice: Int32) {
        guard !priorityLowered.exchange(true, ordering: .relaxed) else { return }
        ThreadNiceness.set(nice)
    }

    /// Whether a request with complete headers is under way.
    var isBusy: Bool { busy.load(ordering: .relaxed) }

    /// Clears the deadline if it is past at `now`, and says whether it was: the caller then
    /// closes the connection. Losing the race against a state change keeps the connection.
    func takeExpiredDeadline(now: Int64) -> Bool {
        let current = deadline.load(ordering: .relaxed)
        guard current <= now else { return false }
        return deadline.compareExchange(expected: current, desired: Self.noDeadline, ordering: .relaxed).exchanged
    }

    /// Shuts the socket down in both directions, which makes libmicrohttpd see the end of
    /// the connection and close it on its own thread. Only the registry calls this, under its
    /// lock, so that the descriptor cannot have been closed and reused meanwhile.
    func shutDownSocket() {
        // ENOTCONN means the peer is already gone, which is what this asks for; there is
        // nothing else it can fail with on a valid socket.
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }
}
