import ContactsCore
import ContactsSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `contacts index FILE --out INDEX`: build a search index once and save it for a fast reopen.
enum IndexCommand: Command {
    static let name = "index"
    static let summary = "build a search index of contacts and save it for `contacts search`"
    static let usage = """
        usage: contacts index FILE --out INDEX [--quiet]

        Reads the contacts of FILE (contact JSON Lines, PROTOCOL §1, or a vCard file, read as
        `contacts import` reads it), builds the search index and writes it to INDEX (replaced
        atomically). `contacts search INDEX QUERY` reopens it without reading or folding the
        contacts again, with the same results as searching FILE. When an id repeats in FILE,
        the later contact counts.

          --out INDEX   the index file to write (its directory must exist; not FILE itself)
          --quiet       no progress or summary on stderr
        """
    static let flags: Set<String> = ["quiet"]
    static let options: Set<String> = ["out"]

    static func run(_ arguments: Arguments) throws {
        let path = try arguments.positionals("FILE")[0]
        let output = try arguments.required("out")
        let quiet = arguments.flag("quiet")
        let kind = try SearchInput.kind(of: path)
        guard kind != .savedIndex else {
            throw CommandLineError("\(path) is already a saved search index (give the contacts it came from)")
        }
        try checkWritable(output, input: path)

        let started = WallClock.monotonicNanoseconds()
        let index = try SearchInput.index(of: path, kind: kind, command: name, quiet: quiet)
        SearchInput.note("index: writing \(output)", since: started, quiet: quiet)
        do {
            try index.save(toFile: output)
        } catch {
            throw CommandLineError("\(error)")
        }
        if !quiet {
            let millis = (WallClock.monotonicNanoseconds() - started) / 1_000_000
            let bytes = FileSystem.size(of: output).map { ", \($0) bytes" } ?? ""
            StandardStreams.writeError(
                "index: \(index.count) contacts from \(path) in \(millis) ms → \(output)\(bytes)\n")
        }
    }

    /// Throws when `output` cannot be the index file: a directory, the input itself, or in a
    /// directory that does not exist — checked before the (long) build.
    static func checkWritable(_ output: String, input: String) throws {
        if FileSystem.kind(of: output) == .directory { throw CommandLineError("--out \(output): is a directory") }
        if isSameFile(output, input) {
            throw CommandLineError("--out \(output): is FILE itself (the index would replace the contacts)")
        }
        let directory = FileSystem.parentDirectory(of: output)
        let parent = directory.isEmpty ? "." : directory
        guard FileSystem.kind(of: parent) == .directory else {
            throw CommandLineError("--out \(output): directory \(parent) does not exist")
        }
        guard FileSystem.isWritable(parent) else {
            throw CommandLineError("--out \(output): directory \(parent) is not writable")
        }
    }

    /// True when both paths name one existing file (same device and inode).
    private static func isSameFile(_ first: String, _ second: String) -> Bool {
        var firstInfo = stat()
        var secondInfo = stat()
        guard stat(first, &firstInfo) == 0, stat(second, &secondInfo) == 0 else { return false }
        return firstInfo.st_dev == secondInfo.st_dev && firstInfo.st_ino == secondInfo.st_ino
    }
}
