import Foundation

/// Why a vCard file could not be read (as opposed to a problem inside it, which is a
/// ``VCardProblem``).
public struct VCardFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// One line naming the file and what is wrong: `cannot read contacts.vcf: no such file`.
    public var message: String

    /// Makes an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension VCardParser {
    /// The largest file ``parse(fileAtPath:)`` reads (1 GiB): the import holds the file and
    /// its contacts in memory.
    public static let maxFileBytes = 1 << 30

    /// Every card of the file at `path` as a contact, and the problems met.
    ///
    /// ```swift
    /// let result = try VCardParser.parse(fileAtPath: "book.vcf")
    /// ```
    ///
    /// - Throws: ``VCardFileError`` when the file is missing, a directory, unreadable or
    ///   larger than ``maxFileBytes``; nothing about its contents throws.
    /// - Complexity: O(n) in the size of the file.
    public static func parse(fileAtPath path: String) throws(VCardFileError) -> VCardImport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw VCardFileError(path: path, message: "cannot read \(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw VCardFileError(path: path, message: "cannot read \(path): it is a directory")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw VCardFileError(path: path, message: "cannot read \(path): permission denied")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
        } catch {
            throw VCardFileError(path: path, message: "cannot read \(path): \(error.localizedDescription)")
        }
        guard data.count <= maxFileBytes else {
            throw VCardFileError(path: path, message: "cannot read \(path): larger than \(maxFileBytes) bytes")
        }
        return parse(Array(data))
    }

    /// Whether the file at `path` looks like a vCard file (see ``looksLikeVCard(_:)``);
    /// false when it cannot be read. The name of the file is not consulted.
    ///
    /// - Complexity: O(1): only the first ``probeLength`` bytes are read.
    public static func looksLikeVCard(fileAtPath path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: probeLength) else { return false }
        return looksLikeVCard(data)
    }
}
