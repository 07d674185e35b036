import ContactsSupport

/// Why a vCard file could not be read (as opposed to a problem inside it, which is a
/// ``VCardProblem``).
package struct VCardFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    package var path: String
    /// One line naming the file and what is wrong: `cannot read contacts.vcf: no such file`.
    package var message: String

    /// Makes an error.
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The message.
    package var description: String { message }
}

extension VCardParser {
    /// The largest file ``parse(fileAtPath:)`` reads (1 GiB): the import holds the file and
    /// its contacts in memory.
    package static let maxFileBytes = 1 << 30

    /// Every card of the file at `path` as a contact, and the problems met.
    ///
    /// ```swift
    /// let result = try VCardParser.parse(fileAtPath: "book.vcf")
    /// ```
    ///
    /// - Throws: ``VCardFileError`` when the file is missing, a directory, unreadable or
    ///   larger than ``maxFileBytes``; nothing about its contents throws.
    /// - Complexity: O(n) in the size of the file.
    package static func parse(fileAtPath path: String) throws(VCardFileError) -> VCardImport {
        switch FileSystem.kind(of: path) {
        case .missing: throw VCardFileError(path: path, message: "cannot read \(path): no such file")
        case .directory: throw VCardFileError(path: path, message: "cannot read \(path): it is a directory")
        case .file: break
        }
        let data: [UInt8]
        do {
            data = try FileSystem.contents(of: path, upTo: maxFileBytes + 1)
        } catch {
            throw VCardFileError(path: path, message: "cannot read \(path): \(error)")
        }
        guard data.count <= maxFileBytes else {
            throw VCardFileError(path: path, message: "cannot read \(path): larger than \(maxFileBytes) bytes")
        }
        return parse(data)
    }

    /// Whether the file at `path` looks like a vCard file (see ``looksLikeVCard(_:)``);
    /// false when it cannot be read. The name of the file is not consulted.
    ///
    /// - Complexity: O(1): only the first `probeLength` bytes are read.
    package static func looksLikeVCard(fileAtPath path: String) -> Bool {
        guard let data = try? FileSystem.contents(of: path, upTo: probeLength) else { return false }
        return looksLikeVCard(data)
    }
}
