import ContactsClient
import ContactsTestSupport
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// A real `contacts serve --listen 127.0.0.1:0` server for one test (in-memory store), started
/// from the `contacts` executable built beside the tests (``executable``), with a fresh random
/// JWT secret. Its port is read from the line it prints on stderr once bound,
/// `listening on http://127.0.0.1:PORT`; tokens come from `contacts token`.
final class ContactsServerProcess {
    /// Why the server could not be used.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The `contacts` executable under test: `CONTACTS_BINARY` when set, else the one in the
    /// build products directory (the test target depends on it, so `swift build --build-tests`
    /// builds it there).
    static let executable = BuiltProduct.locate("contacts", override: "CONTACTS_BINARY")

    /// How long the server may take to print its address.
    static let startTimeout: TimeInterval = 30

    /// The server's base URL.
    let baseURL: URL
    /// The JWT secret file the server verifies tokens with.
    let secretFile: String

    private let child: ChildProcess
    private let ownsSecretFile: Bool
    private let tokens = Mutex<[String: String]>([:])

    /// Starts a server with `arguments` added after `serve --listen 127.0.0.1:PORT
    /// --jwt-secret-file F`: on `port` (0: any free one), with the secret in `secretFile` (which
    /// stays the caller's) or a fresh random one (removed with this server).
    init(arguments: [String] = [], port: Int = 0, secretFile: String? = nil) throws {
        let executable = try Self.executable.get()
        if let secretFile {
            self.secretFile = secretFile
            ownsSecretFile = false
        } else {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "contacts-secret-\(UUID().uuidString)")
            let secret = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
            try Data((secret + "\n").utf8).write(to: file)
            self.secretFile = file.path
            ownsSecretFile = true
        }
        child = try ChildProcess(
            executable.path,
            ["serve", "--listen", "127.0.0.1:\(port)", "--jwt-secret-file", self.secretFile] + arguments)
        // Its stderr is drained for its whole life (a full pipe would block it); stop waiting
        // for the address at the first line that names it.
        let line = child.waitForErrorLine(timeout: .seconds(Self.startTimeout)) { Self.listeningURL(inLine: $0) != nil }
        guard let url = line.flatMap(Self.listeningURL(inLine:)) else {
            child.send(SIGKILL)
            throw Failure(
                description:
                    "the server did not print `listening on http://127.0.0.1:PORT`; stderr: \(child.standardError)"
            )
        }
        baseURL = url
        try waitUntilReady(before: Date().addingTimeInterval(Self.startTimeout))
    }

    /// Polls `/readyz` until it answers 200: the server binds (and prints its address) before
    /// its store is loaded, and answers 503 to `/rpc` meanwhile, which a test that does not
    /// retry would see.
    private func waitUntilReady(before deadline: Date) throws {
        let readyURL = baseURL.appendingPathComponent("readyz")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        while true {
            let status = Mutex<Int?>(nil)
            let answered = DispatchSemaphore(value: 0)
            session.dataTask(with: readyURL) { _, response, _ in
                status.withLock { $0 = (response as? HTTPURLResponse)?.statusCode }
                answered.signal()
            }.resume()
            answered.wait()
            if status.withLock({ $0 }) == 200 { return }
            if !child.isRunning || Date() > deadline {
                throw Failure(
                    description: "the server at \(baseURL) never answered /readyz 200; stderr: \(child.standardError)")
            }
            usleep(20_000)
        }
    }

    deinit {
        stop()
        if ownsSecretFile { try? FileManager.default.removeItem(atPath: secretFile) }
    }

    /// `http://127.0.0.1:PORT` from a `listening on …` line.
    static func listeningURL(inLine line: String) -> URL? {
        guard let range = line.range(of: "listening on ") else { return nil }
        let address = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: address), url.port != nil else { return nil }
        return url
    }

    /// Stops the server with SIGTERM (SIGKILL after ``stopTimeout``) and reaps it.
    func stop() {
        child.send(SIGTERM)
        child.wait(timeout: .seconds(Self.stopTimeout))
    }

    /// How long the server may take to exit after SIGTERM (PROTOCOL §7: it answers what is in
    /// flight, makes it durable and exits 0) before it is killed.
    static let stopTimeout: Double = 10

    /// A token from `contacts token` for `sub` (service scope when `service`), made once.
    func token(sub: String, service: Bool = false) throws -> String {
        let key = "\(service) \(sub)"
        if let token = tokens.withLock({ $0[key] }) { return token }
        let token = try Self.token(secretFile: secretFile, sub: sub, service: service, ttl: nil)
        tokens.withLock { $0[key] = token }
        return token
    }

    /// A new token from `contacts token --jwt-secret-file secretFile` for `sub`, valid for `ttl`
    /// seconds when given (the command's default, an hour, otherwise).
    static func token(secretFile: String, sub: String, service: Bool, ttl: Int?) throws -> String {
        let arguments =
            ["token", "--jwt-secret-file", secretFile, "--sub", sub] + (service ? ["--service"] : [])
            + (ttl.map { ["--ttl", String($0)] } ?? [])
        let run = try ChildProcess.run(try executable.get().path, arguments)
        let token = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.termination.succeeded, !token.isEmpty else {
            throw Failure(description: "`contacts token --sub \(sub)` failed with \(run.termination): \(run.errors)")
        }
        return token
    }

    /// A plain instance with a service-scope token: acts through ``ContactsService/acting(as:)``.
    func backend() throws -> ContactsService {
        let token = try token(sub: "test-backend", service: true)
        return ContactsService(baseURL: baseURL, tokenProvider: { token })
    }

    /// An instance with `user`'s own token, as an app signed in as them has.
    func app(for user: String) throws -> ContactsService {
        let token = try token(sub: user)
        return ContactsService(baseURL: baseURL, tokenProvider: { token })
    }

    /// Everything the server wrote on stderr so far.
    var stderr: String { child.standardError }
}
