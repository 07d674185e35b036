import ContactsCore
import ContactsSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The `contacts` command: dispatch to subcommands, `--help`, exit codes.
enum CommandLineTool {
    static let commands: [any Command.Type] = [
        DemoCommand.self,
        GenerateCommand.self,
        ImportCommand.self,
        IndexCommand.self,
        MatchCommand.self,
        NormalizeCommand.self,
        SearchCommand.self,
        ServeCommand.self,
        StoreCommand.self,
        TokenCommand.self,
    ]

    static var usage: String {
        var width = 0
        for command in commands { width = max(width, command.name.count) }
        var lines: [String] = []
        for command in commands {
            let padding = String(repeating: " ", count: width - command.name.count)
            lines.append("  \(command.name)\(padding)  \(command.summary)")
        }
        return """
            contacts \(ContactsCoreVersion.current) — contact matching, social graph and contact search

            usage: contacts <command> [options]   (contacts <command> --help for details)

            commands:
            \(lines.joined(separator: "\n"))
            """
    }

    /// Runs the command line `arguments` (without the program name); returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard let name = arguments.first else {
            StandardStreams.writeError("contacts: missing command (contacts --help lists them)\n")
            return 1
        }
        if name == "--help" || name == "-h" || name == "help" {
            StandardStreams.write(usage + "\n")
            return 0
        }
        if name == "--version" {
            StandardStreams.write(ContactsCoreVersion.current + "\n")
            return 0
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            StandardStreams.writeError("contacts: unknown command '\(name)' (contacts --help lists them)\n")
            return 1
        }
        do {
            let parsed = try Arguments(Array(arguments.dropFirst()), flags: command.flags, options: command.options)
            if parsed.flag("help") {
                StandardStreams.write(command.usage + "\n")
                return 0
            }
            try command.run(parsed)
            return 0
        } catch {
            StandardStreams.writeError("contacts \(name): \(error)\n")
            return 1
        }
    }
}
