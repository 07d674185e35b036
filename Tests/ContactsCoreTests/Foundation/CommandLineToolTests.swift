import Testing

/// The `contacts` command line (PROTOCOL §4): `--help` everywhere, exit 0 on success, exit 1
/// with exactly one clear line on stderr on bad input, never a crash or a stack trace.
@Suite struct CommandLineToolTests {
    /// Text a crash, trap or backtrace would leave on stderr.
    static let crashMarkers = [
        "Fatal error", "fatal error", "Stack dump", "Backtrace", "backtrace", "Current stack trace",
        "Illegal instruction", "Segmentation fault",
    ]

    struct BadInvocation: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        /// A word the error line must mention.
        let mentions: String
        var testDescription: String { "contacts " + arguments.joined(separator: " ") }
    }

    static let badInvocations: [BadInvocation] = [
        BadInvocation(arguments: [], mentions: "command"),
        BadInvocation(arguments: ["bogus"], mentions: "bogus"),
        BadInvocation(arguments: ["--bogus"], mentions: "--bogus"),
        BadInvocation(arguments: ["Serve", "--stdio"], mentions: "Serve"),
        BadInvocation(arguments: ["serve"], mentions: "--stdio"),
        BadInvocation(arguments: ["serve", "--bogus"], mentions: "--bogus"),
        BadInvocation(arguments: ["serve", "--stdio", "--bogus"], mentions: "--bogus"),
        BadInvocation(arguments: ["serve", "--stdio", "extra"], mentions: "extra"),
        BadInvocation(arguments: ["serve", "--stdio=yes"], mentions: "--stdio"),
        BadInvocation(arguments: ["serve", "--stdio", "--store"], mentions: "--store"),
    ]

    @Test(arguments: badInvocations)
    func badInputExitsOneWithOneLine(_ invocation: BadInvocation) throws {
        let output = try ContactsExecutable.run(invocation.arguments)
        #expect(output.exited, "died of signal \(output.status)")
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty, "stdout: \(output.stdoutText)")
        #expect(output.stderrLines.count == 1, "stderr: \(output.stderrText)")
        #expect(output.stderr.last == 0x0A, "the line ends with a newline")
        let line = output.stderrLines.first ?? ""
        #expect(line.contains(invocation.mentions), "\(line)")
        for marker in Self.crashMarkers { #expect(!output.stderrText.contains(marker), "\(marker) in \(line)") }
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func toolHelp(_ arguments: [String]) throws {
        let output = try ContactsExecutable.run(arguments)
        #expect(output.exited && output.status == 0)
        #expect(output.stderr.isEmpty, "stderr: \(output.stderrText)")
        #expect(output.stdoutText.contains("usage"))
        #expect(output.stdoutText.contains("serve"), "the command list names serve")
    }

    @Test(arguments: [["serve", "--help"], ["serve", "--stdio", "--help"], ["serve", "--help", "--store", "x.db"]])
    func serveHelp(_ arguments: [String]) throws {
        let output = try ContactsExecutable.run(
            arguments, stdin: Array("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"getServerInfo\"}\n".utf8))
        #expect(output.exited && output.status == 0)
        #expect(output.stderr.isEmpty, "stderr: \(output.stderrText)")
        #expect(output.stdoutText.contains("--stdio"))
        #expect(!output.stdoutText.contains("jsonrpc"), "help does not start the service")
    }

    @Test func version() throws {
        let output = try ContactsExecutable.run(["--version"])
        #expect(output.exited && output.status == 0)
        #expect(output.stdoutLines.count == 1)
        #expect(output.stderr.isEmpty)
    }
}
