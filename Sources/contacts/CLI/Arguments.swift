/// A command's arguments, split into flags (`--json`), options with a value (`--limit 10` or
/// `--limit=10`) and positionals, against the names the command declares.
struct Arguments {
    private var flags: Set<String> = []
    private var options: [String: String] = [:]
    private var positionals: [String] = []

    /// Splits `arguments`; an undeclared `--name` or an option without its value is an error.
    init(_ arguments: [String], flags knownFlags: Set<String>, options knownOptions: Set<String>) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if knownFlags.contains(name) || name == "help" {
                guard inlineValue == nil else { throw CommandLineError("--\(name) takes no value") }
                flags.insert(name)
            } else if knownOptions.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw CommandLineError("--\(name) needs a value") }
                    options[name] = arguments[index]
                    index += 1
                }
            } else {
                throw CommandLineError("unknown option --\(name)")
            }
        }
    }

    /// True when the flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of an option, if given.
    func option(_ name: String) -> String? { options[name] }

    /// An option's value as an integer in `range`, else `defaultValue` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int? = nil) throws -> Int? {
        guard let text = options[name] else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw CommandLineError(
                "--\(name) must be an integer between \(range.lowerBound) and \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// A required option.
    func required(_ name: String) throws -> String {
        guard let value = options[name] else { throw CommandLineError("missing --\(name)") }
        return value
    }

    /// Every positional, in order (for commands whose positionals depend on the first).
    func positionalList() -> [String] { positionals }

    /// The positionals, exactly `names.count` of them (named in the error when not).
    func positionals(_ names: String...) throws -> [String] {
        guard positionals.count == names.count else {
            if positionals.count < names.count {
                throw CommandLineError("missing \(names[positionals.count])")
            }
            throw CommandLineError("unexpected argument '\(positionals[names.count])'")
        }
        return positionals
    }
}
