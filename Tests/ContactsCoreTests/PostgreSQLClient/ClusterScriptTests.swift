import ContactsTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("with-cluster.sh", .serialized)
struct ClusterScriptTests {
    static func withClusterScript() throws -> String {
        let cluster = try PostgresTestEnvironment.variable("CONTACTS_TEST_PG_CLUSTER")
        return URL(fileURLWithPath: cluster).deletingLastPathComponent().appendingPathComponent("with-cluster.sh").path
    }

    /// Whether a server answers on 127.0.0.1:`port`.
    static func serverAnswers(port: String) throws -> Bool {
        let bin = try PostgresTestEnvironment.variable("CONTACTS_TEST_PG_BIN")
        return try ChildProcess.run(bin + "/pg_isready", ["-q", "-h", "127.0.0.1", "-p", port]).termination.succeeded
    }

    @Test("the command's exit status comes back, and the cluster and its directory are gone")
    func exitStatusAndCleanup() throws {
        let run = try ChildProcess.run(
            try Self.withClusterScript(),
            [
                "bash", "-c",
                "echo \"$CONTACTS_TEST_PG_DIR $PGPORT\"; \"$CONTACTS_TEST_PG_BIN/psql\" -X -A -t -c 'SELECT 41 + 1'; "
                    + "exit 7",
            ])
        #expect(run.termination == ChildProcess.Termination(code: 7, exited: true))
        let lines = String(decoding: run.output, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last == "42")
        let fields = try #require(lines.first).split(separator: " ")
        let directory = try #require(fields.first.map(String.init))
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(try !Self.serverAnswers(port: try #require(fields.last.map(String.init))))
    }

    @Test("SIGTERM stops the command and still removes every cluster, with status 143")
    func terminated() throws {
        let child = try ChildProcess(
            try Self.withClusterScript(), ["bash", "-c", "echo \"$CONTACTS_TEST_PG_DIR $PGPORT\"; sleep 120"])
        let fields = try #require(child.waitForOutputLine(timeout: .seconds(90))).split(separator: " ")
        let directory = try #require(fields.first.map(String.init))
        let port = try #require(fields.last.map(String.init))
        #expect(FileManager.default.fileExists(atPath: directory + "/data/PG_VERSION"))
        #expect(try Self.serverAnswers(port: port))
        child.send(SIGTERM)
        #expect(child.wait() == ChildProcess.Termination(code: 143, exited: true))
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(try !Self.serverAnswers(port: port))
    }
}
