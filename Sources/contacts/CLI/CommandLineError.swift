/// Bad input to a command: printed as one line on stderr, exit status 1.
struct CommandLineError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
