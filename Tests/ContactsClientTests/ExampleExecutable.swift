import ContactsTestSupport
import Foundation

/// The `ContactsClientExample` program built beside the tests (the test target depends on it),
/// or the one `CONTACTS_EXAMPLE_EXECUTABLE` names.
enum ExampleExecutable {
    /// What a finished run left behind.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stdout's lines.
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// The executable's path, or an error naming where it was looked for.
    static func locate() throws -> URL {
        try BuiltProduct.locate("ContactsClientExample", override: "CONTACTS_EXAMPLE_EXECUTABLE").get()
    }

    /// Runs the example with `environment` added to this process's, and waits for it.
    static func run(_ executable: URL, environment: [String: String]) throws -> Output {
        let run = try ChildProcess.run(
            executable.path, [], environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            timeout: .seconds(300))
        return Output(
            status: run.termination.code, stdout: String(decoding: run.output, as: UTF8.self), stderr: run.errors)
    }
}
