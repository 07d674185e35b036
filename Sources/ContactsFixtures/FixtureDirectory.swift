#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a fixture directory, and the ids fixtures give their records.
package enum FixtureDirectory {
    /// Creates `path` and its missing parents (as `mkdir -p`).
    static func create(_ path: String) throws(FixtureError) {
        guard !path.isEmpty else { throw .io("the output directory path is empty") }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw .io("cannot create directory \(prefix): \(String(cString: strerror(errno)))")
            }
            prefix += "/"
        }
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw .io("\(path) is not a directory")
        }
    }

    /// The path of the file holding `Record`s in the fixture directory `directory`.
    static func path<Record: FixtureRecord>(_ directory: String, _ record: Record.Type) -> String {
        directory.hasSuffix("/") ? directory + Record.fixtureFileName : directory + "/" + Record.fixtureFileName
    }

    /// The id `<prefix><number>`, the number zero-padded to `width` digits
    /// (`identifier("c", 1, width: 7)` is `c0000001`).
    static func identifier(_ prefix: UInt8, _ number: Int, width: Int) -> String {
        let digits = max(width, decimalDigits(number))
        return String(unsafeUninitializedCapacity: digits + 1) { buffer in
            buffer[0] = prefix
            var rest = number
            for index in stride(from: digits, through: 1, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return digits + 1
        }
    }

    /// The number of decimal digits of a non-negative `number` (1 for 0).
    static func decimalDigits(_ number: Int) -> Int {
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }
}
