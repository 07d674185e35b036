import ContactsTestSupport
import Foundation
import PostgreSQLClient

#if canImport(Glibc)
    import Glibc
#endif

/// The PostgreSQL server the tests use: the throwaway cluster of scripts/pg/with-cluster.sh
/// (`make test`, `make pg-test`), or, when the tests run without it (a plain `swift test`),
/// one started here with scripts/pg/cluster.sh on first use and killed when the test process
/// exits (clusters a crashed run left behind are killed by the next run). Either way the
/// variables with-cluster.sh exports are set, so `contacts` subprocesses see them too.
enum PostgresTestEnvironment {
    /// How to run these tests, in every failure about a missing environment.
    static let howToRun =
        "install PostgreSQL (apt-get install -y postgresql) or run the tests with scripts/pg/with-cluster.sh swift test"

    /// The URL of the shared test server.
    static func url() throws -> String {
        try variable("CONTACTS_TEST_POSTGRES_URL")
    }

    /// A new connection to the shared test server; waits are bounded so that a bug
    /// fails a test instead of hanging the run.
    static func connect() throws -> PostgresConnection {
        try PostgresConnection.connect(try url(), responseTimeout: .seconds(60))
    }

    /// The environment variable `name` (after starting a cluster when none was given), or an
    /// error saying how to run the tests.
    static func variable(_ name: String) throws -> String {
        try ensureServer.get()
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
            throw TestSetupError("\(name) is not set: \(howToRun)")
        }
        return value
    }

    /// A fresh name for a table or channel: `prefix` and 16 random hex digits.
    static func uniqueName(_ prefix: String) -> String {
        prefix + "_" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    /// The scripts of this checkout (found from this file's path).
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/pg")

    /// The prefix of the directories of clusters started by test processes.
    private static let autoPrefix = "contacts-pg-auto-"

    /// Started once: nothing when with-cluster.sh gave a server, else a cluster of this process.
    private static let ensureServer: Result<Void, any Error> = Result {
        if ProcessInfo.processInfo.environment["CONTACTS_TEST_POSTGRES_URL"]?.isEmpty == false { return }
        try startOwnCluster()
    }

    /// The scratch directory of this process's own cluster, for the exit handler.
    nonisolated(unsafe) private static var ownScratch: String?

    private static func startOwnCluster() throws {
        let temporary = FileManager.default.temporaryDirectory.path
        sweepAbandonedClusters(in: temporary)
        let scratch = temporary + "/" + autoPrefix + String(getpid())
        try? FileManager.default.removeItem(atPath: scratch)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        // As root the server runs as postgres, which must be able to enter the directory.
        chmod(scratch, 0o755)
        let cluster = scripts.appendingPathComponent("cluster.sh").path
        let directory = scratch + "/main"
        let started = try ChildProcess.run(cluster, ["start", directory])
        guard started.termination.succeeded else {
            try? FileManager.default.removeItem(atPath: scratch)
            throw TestSetupError("could not start a PostgreSQL cluster (\(started.errors)): \(howToRun)")
        }
        let url = String(decoding: started.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let port = url.split(separator: ":").last?.split(separator: "/").first.map(String.init) ?? ""
        let bin = (try? ChildProcess.output(cluster, ["bin"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        for (name, value) in [
            ("CONTACTS_TEST_POSTGRES_URL", url), ("PGHOST", "127.0.0.1"), ("PGPORT", port), ("PGUSER", "postgres"),
            ("PGDATABASE", "contacts_test"), ("CONTACTS_TEST_PG_CLUSTER", cluster), ("CONTACTS_TEST_PG_BIN", bin),
            ("CONTACTS_TEST_PG_DIR", directory), ("CONTACTS_TEST_PG_SCRATCH", scratch),
        ] {
            setenv(name, value, 1)
        }
        ownScratch = scratch
        atexit { PostgresTestEnvironment.removeOwnCluster() }
    }

    /// Kills every cluster in this process's scratch directory and removes it.
    private static func removeOwnCluster() {
        guard let scratch = ownScratch else { return }
        killClusters(in: scratch)
    }

    /// Removes the clusters of test processes that are gone (a crashed or killed run).
    private static func sweepAbandonedClusters(in temporary: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        for name in names where name.hasPrefix(autoPrefix) {
            guard let pid = Int32(name.dropFirst(autoPrefix.count)), kill(pid, 0) != 0, errno == ESRCH else {
                continue
            }
            killClusters(in: temporary + "/" + name)
        }
    }

    private static func killClusters(in scratch: String) {
        let cluster = scripts.appendingPathComponent("cluster.sh").path
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []
        for entry in entries where FileManager.default.fileExists(atPath: scratch + "/" + entry + "/data/PG_VERSION") {
            _ = try? ChildProcess.run(cluster, ["kill", scratch + "/" + entry])
        }
        try? FileManager.default.removeItem(atPath: scratch)
    }
}

/// A test could not get what it needs from its environment.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
