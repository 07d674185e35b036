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
        try BuiltExecutable.locate("ContactsClientExample", override: "CONTACTS_EXAMPLE_EXECUTABLE").get()
    }

    /// Runs the example with `environment` added to this process's, and waits for it.
    static func run(_ executable: URL, environment: [String: String]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // stderr is short (one line on failure); read stdout to its end first, then stderr.
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
