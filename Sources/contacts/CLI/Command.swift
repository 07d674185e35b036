/// One `contacts` subcommand.
protocol Command: Sendable {
    /// The subcommand's name.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text.
    static var usage: String { get }
    /// Flags the command accepts (besides `--help`).
    static var flags: Set<String> { get }
    /// Options with a value the command accepts.
    static var options: Set<String> { get }
    /// Runs the command; a thrown ``CommandLineError`` (or any error) exits 1 with its line.
    static func run(_ arguments: Arguments) throws
}
