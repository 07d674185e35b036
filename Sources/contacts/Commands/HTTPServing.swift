import ContactsAuth
import ContactsCore
import ContactsHTTP
import ContactsHTTPService
import ContactsPostgres
import ContactsStore
import ContactsSupport
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `contacts serve --listen HOST:PORT`: binds first (so `/healthz` answers and `/rpc` says 503
/// while the store loads), loads the engine on another thread, and serves until SIGTERM or
/// SIGINT; then stops accepting, answers what is in flight, closes the store and exits 0.
enum HTTPServing {
    /// The signals that stop the server gracefully, and the one the loader sends when the
    /// store cannot be opened.
    private static let stopSignals = [SIGTERM, SIGINT]
    private static let loadFailedSignal = SIGUSR1

    /// `--reader-niceness` when not given: request threads far enough below the change
    /// lane's priority that a change's work is not stretched by the reads beside it.
    static let defaultReaderNiceness = 10

    static func run(listen: String, _ arguments: Arguments) throws {
        let (host, port) = try address(listen)
        let secretPath = try arguments.required("jwt-secret-file")
        let secret: JWTSecret
        do {
            secret = try JWTSecret(contentsOfFile: secretPath)
        } catch {
            throw CommandLineError("--jwt-secret-file: \(error)")
        }
        if !secret.meetsRecommendedLength {
            StandardStreams.writeError(
                "contacts: warning: the JWT secret is \(secret.bytes.count) bytes; HS256 wants at least "
                    + "\(JWTSecret.recommendedMinimumByteCount)\n")
        }
        let verifier = try JWTVerifier(secret: secret, audience: arguments.option("jwt-audience"))
        var server = HTTPServerConfiguration(host: host, port: port)
        server.maxConnections =
            try arguments.integer("max-connections", in: 1...1_000_000, default: server.maxConnections)
            ?? server.maxConnections
        server.handlerNiceness =
            try arguments.integer("reader-niceness", in: 0...19, default: defaultReaderNiceness)
            ?? defaultReaderNiceness
        let engineConfiguration = try {
            var configuration = try ServeCommand.engineConfiguration(arguments)
            // Read here, on the main thread, at the process's priority: the readers' nice value.
            configuration.backgroundNiceness = ThreadNiceness.lowered(by: server.handlerNiceness)
            return configuration
        }()
        let storeLocation = arguments.option("store")

        // Before the threads that serve requests, which allocate and free large answers.
        AllocatorTuning.apply()

        // Blocked in every thread from here on (threads inherit the mask): only `sigwait` below
        // sees them.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in stopSignals + [loadFailedSignal] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        _ = signal(SIGPIPE, SIG_IGN)

        let front = try HTTPFront(
            configuration: HTTPServiceConfiguration(
                server: server, verifier: verifier, accessLog: arguments.flag("access-log")))
        let http: HTTPServer
        do {
            http = try front.startServer()
        } catch {
            throw CommandLineError("cannot listen on \(listen): \(error)")
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        StandardStreams.writeError("listening on http://\(shownHost):\(http.port)\n")

        let loading = EngineLoading()
        let loaded = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            defer { loaded.signal() }
            do {
                let engine = try openEngine(engineConfiguration, location: storeLocation, front: front)
                loading.finish(.success(engine))
                front.engineLoaded(engine)
            } catch {
                loading.finish(.failure(CommandLineError("\(error)")))
                kill(getpid(), loadFailedSignal)
            }
        }

        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        http.shutdown()
        loaded.wait()
        switch loading.result {
        case .success(let engine)?:
            do {
                try engine.close()
            } catch {
                throw CommandLineError("closing the store: \(error)")
            }
        case .failure(let error)?:
            throw error
        case nil:
            break
        }
    }

    /// The engine, over the store at `location` (an SQLite path or a PostgreSQL URI; its
    /// commits timed into the front's metrics) or in memory.
    private static func openEngine(
        _ configuration: EngineConfiguration, location: String?, front: HTTPFront
    ) throws -> ContactsEngine {
        guard let location else { return try ContactsEngine(configuration: configuration) }
        let store = try StoreLocation(location).open(options: ServeCommand.storeOptions)
        return try ContactsEngine(
            configuration: configuration,
            store: CommitTimingStore.wrapping(store, durations: front.metrics.commitDurations))
    }

    /// `HOST:PORT` (IPv6 as `[ADDRESS]:PORT`) split into the host to bind and the port.
    static func address(_ text: String) throws -> (host: String, port: Int) {
        guard let colon = text.lastIndex(of: ":") else {
            throw CommandLineError("--listen must be HOST:PORT, not '\(text)'")
        }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("[") && !host.contains("]") else {
            throw CommandLineError("--listen must be HOST:PORT with a host, not '\(text)'")
        }
        guard let port = Int(portText), (0...65_535).contains(port) else {
            throw CommandLineError("--listen port must be 0...65535, not '\(portText)'")
        }
        return (host, port)
    }
}

/// The loader thread's outcome, handed to the main thread.
private final class EngineLoading: Sendable {
    private let outcome = Mutex<Result<ContactsEngine, CommandLineError>?>(nil)

    func finish(_ result: Result<ContactsEngine, CommandLineError>) {
        outcome.withLock { $0 = result }
    }

    var result: Result<ContactsEngine, CommandLineError>? { outcome.withLock { $0 } }
}
