import Foundation
import PostgreSQLClient

/// A database of its own on the server at `CONTACTS_TEST_POSTGRES_URL`, created empty for one
/// benchmark (`CREATE DATABASE bench_…`) and dropped when released (`WITH (FORCE)`, so a
/// session left over by a failed run does not keep it). The PostgreSQL rows skip, with a
/// printed note, when the variable is unset.
final class PostgresBenchDatabase {
    /// The variable naming the server (what `scripts/pg/with-cluster.sh` exports).
    static let environmentVariable = "CONTACTS_TEST_POSTGRES_URL"

    /// The server's URI, or nil (and the skip note printed, naming `rows`) when none is given.
    static func serverURI(skipping rows: String) -> String? {
        guard let uri = ProcessInfo.processInfo.environment[environmentVariable], !uri.isEmpty else {
            print(
                "(\(rows) skipped: \(environmentVariable) is not set; run under scripts/pg/with-cluster.sh "
                    + "for them)")
            return nil
        }
        return uri
    }

    /// The URI of the fresh database: the server's, its database name replaced.
    let uri: String
    private let serverURI: String
    private let name: String

    /// Creates a database named after `label` and this process.
    init(serverURI: String, label: String) throws {
        self.serverURI = serverURI
        name = "bench_\(label)_\(getpid())"
        uri = try Self.uri(serverURI, database: name)
        let admin = try PostgresConnection.connect(serverURI)
        defer { admin.close() }
        _ = try admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        _ = try admin.execute("CREATE DATABASE \(name)")
    }

    deinit {
        guard let admin = try? PostgresConnection.connect(serverURI) else { return }
        _ = try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        admin.close()
    }

    /// Bytes of each of `tables` with its indexes and TOAST (`pg_total_relation_size`).
    func totalRelationSizes(_ tables: [String]) throws -> [String: Int] {
        let connection = try PostgresConnection.connect(uri)
        defer { connection.close() }
        var sizes: [String: Int] = [:]
        for table in tables {
            let result = try connection.execute("SELECT pg_total_relation_size($1::regclass)", [.text(table)])
            sizes[table] = Int(try result.int64(row: 0, column: 0))
        }
        return sizes
    }

    /// `uri` (libpq's URI syntax) with its database name replaced by `database`; its query
    /// parameters kept.
    static func uri(_ uri: String, database: String) throws -> String {
        guard let scheme = uri.range(of: "://") else {
            throw BaselineError("\(environmentVariable) is not a postgresql:// URI")
        }
        let query = uri[scheme.upperBound...].firstIndex(of: "?") ?? uri.endIndex
        let path = uri[scheme.upperBound..<query].firstIndex(of: "/") ?? query
        return uri[..<path] + "/" + database + uri[query...]
    }
}
