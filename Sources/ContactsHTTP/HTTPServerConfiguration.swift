import ContactsSupport
import Foundation

/// What an ``HTTPServer`` listens on and the limits it enforces on every connection.
///
/// The defaults are those of the `contacts serve --listen` service (PROTOCOL.md §7); tests
/// shorten the timeouts. Every value is checked when the server starts, and a value out of
/// range is reported by ``HTTPServerError/invalidConfiguration(_:)``.
public struct HTTPServerConfiguration: Sendable, Equatable {
    /// The address to bind: a numeric IPv4 or IPv6 address or a host name (the first of its
    /// addresses that can be bound is used).
    public var host: String

    /// The TCP port; 0 binds an ephemeral port, reported by ``HTTPServer/port``.
    public var port: Int

    /// The most connections open at once; connections beyond it are closed as soon as they
    /// are accepted, without a response, while the others go on.
    public var maxConnections: Int

    /// How long a request's headers may take to arrive, counted from the connection's start
    /// for its first request and from the end of the request line for later ones.
    public var headerTimeout: Duration

    /// How long a request's body may take to arrive, counted from the end of its headers.
    public var bodyTimeout: Duration

    /// How long a keep-alive connection may stay idle between two requests; it is also the
    /// longest pause the server tolerates while sending a response to a slow reader.
    public var idleTimeout: Duration

    /// The largest request body accepted; a larger one is answered 413 and never buffered.
    public var maxBodyBytes: Int

    /// How requests are read and handled: each connection on a thread of its own, which runs
    /// the handler too (the default); or a few event-loop threads for every connection, which
    /// hand each request to a pool of handler threads.
    public var threading: Threading

    /// The two threading models of ``HTTPServerConfiguration/threading``.
    public enum Threading: Sendable, Equatable {
        /// A thread per open connection reads its requests and runs the handler for them: no
        /// handoff between threads, and a handler that blocks holds up only its own connection.
        /// Threads are as many as open connections (at most ``HTTPServerConfiguration/maxConnections``).
        case threadPerConnection
        /// ``HTTPServerConfiguration/eventLoopThreads`` threads read and write every connection
        /// and hand each complete request to a pool of ``HTTPServerConfiguration/workerThreads``
        /// handler threads (growing to ``HTTPServerConfiguration/maxWorkerThreads`` while
        /// handlers block).
        case eventLoops
    }

    /// With ``Threading/eventLoops``: how many threads run the application's handler when none
    /// of them is blocked; also the number of threads kept when idle.
    public var workerThreads: Int

    /// With ``Threading/eventLoops``: the most handler threads: when handlers block, the pool adds threads up to this number
    /// so that the other connections keep being answered.
    public var maxWorkerThreads: Int

    /// With ``Threading/eventLoops``: how many event-loop threads read and write the sockets
    /// and parse HTTP.
    public var eventLoopThreads: Int

    /// How much lower than the process's own the priority of the threads that run the
    /// handler for ordinary requests is: the nice increment (0...19) of each connection's
    /// thread with ``Threading/threadPerConnection``, of the handler threads with
    /// ``Threading/eventLoops``. With 0 (the default) they run at the process's priority. The
    /// requests the application's `prioritize` picks run on ``priorityThreads`` threads at the
    /// process's own priority, so with a higher value they go first when the cores are busy.
    public var handlerNiceness: Int

    /// How many threads, at the process's priority, run the handler for the requests the
    /// application's `prioritize` picks: as many of those at once, the others wait their turn.
    public var priorityThreads: Int

    /// A configuration with the service's defaults: at most 1024 connections, headers within
    /// 10 s, a body within 60 s, idle connections closed after 60 s, bodies up to 16 MiB, a
    /// thread per connection (and, for ``Threading/eventLoops``, one handler thread and one
    /// event-loop thread per core), handlers at the process's priority, 16 priority threads.
    public init(host: String = "127.0.0.1", port: Int = 0) {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        self.host = host
        self.port = port
        self.maxConnections = 1024
        self.headerTimeout = .seconds(10)
        self.bodyTimeout = .seconds(60)
        self.idleTimeout = .seconds(60)
        self.maxBodyBytes = 16 * 1024 * 1024
        self.threading = .threadPerConnection
        self.workerThreads = cores
        self.maxWorkerThreads = max(64, cores)
        self.eventLoopThreads = cores
        self.handlerNiceness = 0
        self.priorityThreads = 16
    }

    /// Throws ``HTTPServerError/invalidConfiguration(_:)`` naming the first value out of range.
    func validate() throws(HTTPServerError) {
        func fail(_ message: String) -> HTTPServerError { .invalidConfiguration(message) }
        guard (0...65_535).contains(port) else { throw fail("port must be 0...65535, got \(port)") }
        guard (1...Self.mostConnections).contains(maxConnections) else {
            throw fail("maxConnections must be 1...\(Self.mostConnections), got \(maxConnections)")
        }
        guard maxBodyBytes >= 0 else { throw fail("maxBodyBytes must not be negative, got \(maxBodyBytes)") }
        guard (1...Self.mostThreads).contains(workerThreads) else {
            throw fail("workerThreads must be 1...\(Self.mostThreads), got \(workerThreads)")
        }
        guard (workerThreads...Self.mostThreads).contains(maxWorkerThreads) else {
            let range = "workerThreads (\(workerThreads))...\(Self.mostThreads)"
            throw fail("maxWorkerThreads must be \(range), got \(maxWorkerThreads)")
        }
        guard (1...Self.mostThreads).contains(eventLoopThreads) else {
            throw fail("eventLoopThreads must be 1...\(Self.mostThreads), got \(eventLoopThreads)")
        }
        guard (1...Self.mostThreads).contains(priorityThreads) else {
            throw fail("priorityThreads must be 1...\(Self.mostThreads), got \(priorityThreads)")
        }
        guard (0...Int(ThreadNiceness.lowest)).contains(handlerNiceness) else {
            throw fail("handlerNiceness must be 0...\(ThreadNiceness.lowest), got \(handlerNiceness)")
        }
        for (name, value) in [
            ("headerTimeout", headerTimeout), ("bodyTimeout", bodyTimeout), ("idleTimeout", idleTimeout),
        ] {
            guard value > .zero, value <= .seconds(Self.longestTimeoutSeconds) else {
                throw fail("\(name) must be more than 0 and at most \(Self.longestTimeoutSeconds) s, got \(value)")
            }
        }
    }

    /// The most connections accepted as a limit: far beyond what one process's descriptors
    /// allow, and small enough that no count derived from it overflows.
    static let mostConnections = 1_000_000

    /// The most threads of either kind accepted: far beyond any useful number.
    static let mostThreads = 4096

    /// The longest timeout accepted: a day, far beyond any sensible value, and small enough
    /// that deadlines in nanoseconds never overflow.
    static let longestTimeoutSeconds: Int64 = 86_400
}
