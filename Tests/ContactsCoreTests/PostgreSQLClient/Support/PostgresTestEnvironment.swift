import Foundation
import PostgreSQLClient

/// What scripts/pg/with-cluster.sh gives the tests: the URL of a throwaway server and the
/// means to start more. Without it every PostgreSQL test fails, saying how to run them.
enum PostgresTestEnvironment {
    /// How to run these tests, in every failure about a missing environment.
    static let howToRun = "run the PostgreSQL tests with scripts/pg/with-cluster.sh swift test"

    /// The URL of the shared test server.
    static func url() throws -> String {
        try variable("CONTACTS_TEST_POSTGRES_URL")
    }

    /// A new connection to the shared test server; waits are bounded so that a bug
    /// fails a test instead of hanging the run.
    static func connect() throws -> PostgresConnection {
        try PostgresConnection.connect(try url(), responseTimeout: .seconds(60))
    }

    /// The environment variable `name`, or an error saying how to run the tests.
    static func variable(_ name: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
            throw TestSetupError("\(name) is not set: \(howToRun)")
        }
        return value
    }

    /// A fresh name for a table or channel: `prefix` and 16 random hex digits.
    static func uniqueName(_ prefix: String) -> String {
        prefix + "_" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }
}

/// A test could not get what it needs from its environment.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
