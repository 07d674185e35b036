import ContactsCore
import ContactsSearch
import ContactsSupport
import ContactsVCard

/// A file that `contacts search` and `contacts index` read, recognised by its content (never
/// by its name): a saved search index, a vCard file or contact JSON Lines.
enum SearchInput {
    /// What a file holds.
    enum Kind: Sendable {
        /// An index written by `contacts index` (it starts with the index file's magic bytes).
        case savedIndex
        /// A vCard file (after an optional byte order mark and blank lines, `BEGIN:VCARD`).
        case vCard
        /// Anything else: read as contact JSON Lines (PROTOCOL §1).
        case jsonLines
    }

    /// The bytes of a file's start that decide whether it is a saved index: the magic bytes
    /// of the index header are its first eight.
    static let probeBytes = 8

    /// What the file at `path` holds; a missing, directory or unreadable path is an error.
    static func kind(of path: String) throws -> Kind {
        switch FileSystem.kind(of: path) {
        case .missing: throw CommandLineError("\(path): no such file")
        case .directory: throw CommandLineError("\(path): is a directory")
        case .file: break
        }
        let start: [UInt8]
        do {
            start = try FileSystem.contents(of: path, upTo: probeBytes)
        } catch {
            throw CommandLineError("\(path): cannot be read (\(error))")
        }
        if startsAsSavedIndex(start) { return .savedIndex }
        return VCardParser.looksLikeVCard(fileAtPath: path) ? .vCard : .jsonLines
    }

    /// True when `start` (a file's first bytes) begins with the index file's magic bytes.
    ///
    /// The decoder is the one authority on the format: it rejects anything without the
    /// magic as ``SearchIndexFileError/notAnIndex`` before reading further, and a file that
    /// has the magic fails on the short header with another error.
    static func startsAsSavedIndex(_ start: [UInt8]) -> Bool {
        start.withUnsafeBytes { raw in
            do throws(SearchIndexFileError) {
                _ = try ContactSearchIndex(decoding: raw)
                return true
            } catch {
                return error != .notAnIndex
            }
        }
    }

    /// The search index of the file at `path` of kind `kind`: reopened when it is a saved
    /// index, else built from its contacts. `command` names the command in progress lines
    /// and warnings on stderr (none when `quiet`).
    ///
    /// - Complexity: O(n log n) for n contacts to build; O(size) to reopen.
    static func index(of path: String, kind: Kind, command: String, quiet: Bool) throws -> ContactSearchIndex {
        switch kind {
        case .savedIndex:
            do {
                return try ContactSearchIndex(contentsOfFile: path)
            } catch {
                throw CommandLineError("\(path): \(error)")
            }
        case .vCard:
            let started = WallClock.monotonicNanoseconds()
            let imported: VCardImport
            do {
                imported = try VCardParser.parse(fileAtPath: path)
            } catch {
                throw CommandLineError(error.message)
            }
            if !quiet, let first = imported.problems.first {
                StandardStreams.writeError(
                    "\(command): \(path): \(imported.problems.count) problem(s) in the vCard file, "
                        + "the cards concerned skipped (first: \(first); `contacts import` lists all)\n")
            }
            note("\(command): indexing \(imported.contacts.count) contacts", since: started, quiet: quiet)
            let indexing = ProgressReporter("\(command): indexing \(imported.contacts.count) contacts", quiet: quiet)
            let index = ContactSearchIndex(imported.contacts) { done, total in
                indexing.update(done: imported.contacts.count * done / max(1, total), total: imported.contacts.count)
            }
            indexing.finish()
            return index
        case .jsonLines:
            let started = WallClock.monotonicNanoseconds()
            let lines = quiet ? 0 : LineCounter.count(ofFileAt: path) ?? 0
            let progress = ProgressReporter("\(command): reading \(path)", quiet: quiet)
            // The indexing phase's reporter, made once the file is read (its label counts them).
            var indexing: ProgressReporter?
            let contacts: ContactLineSequence
            do {
                contacts = try ContactLineSequence(
                    path: path,
                    progress: { line in
                        progress.update(done: line, total: max(lines, line))
                    },
                    atEnd: { contacts in
                        progress.finish()
                        guard contacts.failure == nil else { return }
                        note("\(command): indexing \(contacts.count) contacts", since: started, quiet: quiet)
                        indexing = ProgressReporter("\(command): indexing \(contacts.count) contacts", quiet: quiet)
                    })
            } catch {
                throw CommandLineError("\(error)")
            }
            // Shown in contacts' worth of the build's work.
            let index = ContactSearchIndex(contacts) { done, total in
                indexing?.update(done: contacts.count * done / max(1, total), total: contacts.count)
            }
            indexing?.finish()
            if let failure = contacts.failure { throw CommandLineError("\(failure)") }
            return index
        }
    }

    /// Writes `line` on stderr when the work begun at `started` (a monotonic time) has run
    /// long enough for progress to be shown (``ProgressReporter/quietPeriodNanoseconds``), so
    /// that a long step without a bar is announced; nothing when `quiet`.
    static func note(_ line: String, since started: UInt64, quiet: Bool) {
        guard !quiet, WallClock.monotonicNanoseconds() - started >= ProgressReporter.quietPeriodNanoseconds else {
            return
        }
        StandardStreams.writeError(line + "\n")
    }
}
