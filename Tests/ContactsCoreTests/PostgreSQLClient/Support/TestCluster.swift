import ContactsTestSupport
import Foundation

/// A PostgreSQL cluster of a test's own, made with scripts/pg/cluster.sh in the scratch
/// directory with-cluster.sh provides (which kills whatever a failed test leaves there).
/// Use it through ``with(_:)`` so that it is always removed.
final class TestCluster {
    /// The directory cluster.sh manages.
    let directory: URL
    /// The cluster's URI, `postgresql://postgres@127.0.0.1:PORT/contacts_test`.
    private(set) var url: String

    private init(directory: URL, url: String) {
        self.directory = directory
        self.url = url
    }

    /// The TCP port the server listens on.
    var port: Int {
        Int(url.split(separator: ":").last?.split(separator: "/").first ?? "") ?? 0
    }

    /// Starts a new cluster, runs `body` with it, then kills it and removes its directory.
    static func with<R>(_ body: (TestCluster) throws -> R) throws -> R {
        let cluster = try start()
        defer { cluster.destroy() }
        return try body(cluster)
    }

    /// Starts a new cluster in a fresh directory of the scratch area.
    static func start() throws -> TestCluster {
        let directory = try makeDirectory()
        let url = try run(["start", directory.path])
        return TestCluster(directory: directory, url: url)
    }

    /// A synchronous streaming standby of this cluster (`cluster.sh standby`), removed by
    /// ``destroy()`` of the returned cluster.
    func startStandby() throws -> TestCluster {
        let directory = try Self.makeDirectory()
        let url = try Self.run(["standby", self.directory.path, directory.path])
        return TestCluster(directory: directory, url: url)
    }

    /// Immediate shutdown, then start on the same port (`cluster.sh restart`).
    func restart() throws {
        url = try Self.run(["restart", directory.path])
    }

    /// Immediate shutdown (`cluster.sh kill`): a crash.
    func kill() throws {
        _ = try Self.run(["kill", directory.path])
    }

    /// Starts the server again after ``kill()``.
    func startAgain() throws {
        url = try Self.run(["start", directory.path])
    }

    /// Promotes a standby (`cluster.sh promote`).
    func promote() throws {
        _ = try Self.run(["promote", directory.path])
    }

    /// Kills the server and removes the directory; errors are dropped (with-cluster.sh
    /// sweeps whatever is left).
    func destroy() {
        _ = try? Self.run(["kill", directory.path])
        try? FileManager.default.removeItem(at: directory)
    }

    private static func makeDirectory() throws -> URL {
        let scratch = URL(fileURLWithPath: try PostgresTestEnvironment.variable("CONTACTS_TEST_PG_SCRATCH"))
        let directory = scratch.appendingPathComponent(PostgresTestEnvironment.uniqueName("c"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        return directory
    }

    /// Runs cluster.sh with `arguments` and returns its standard output, trimmed.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let script = try PostgresTestEnvironment.variable("CONTACTS_TEST_PG_CLUSTER")
        return try ChildProcess.output(script, arguments).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
