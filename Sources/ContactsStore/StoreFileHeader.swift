import ContactsSupport

/// What the first 100 bytes of a would-be store file say, read with plain file I/O before
/// SQLite touches the file, so a file that is not ours is refused without SQLite opening
/// (and possibly journaling or checkpointing) it.
///
/// Offsets are those of SQLite's file format (sqlite.org/fileformat.html, §1.3 "The
/// Database Header"): the 16-byte magic string at 0, the page size at 16, the file change
/// counter at 24, the size in pages at 28, `user_version` at 60, `application_id` at 68 and
/// "version-valid-for" at 92, all big-endian.
package enum StoreFileHeader: Equatable, Sendable {
    /// No file at the path (its directory exists).
    case missing
    /// A zero-byte file, which SQLite treats as an empty database.
    case empty
    /// An SQLite database file.
    case sqlite(applicationID: Int32, userVersion: Int)

    /// The size of SQLite's database header.
    static let size = 100
    /// "SQLite format 3" and a NUL.
    static let magic = Array("SQLite format 3\0".utf8)

    /// Reads and checks the header of the file at `path`.
    ///
    /// - Throws: ``StoreError/notOurs(path:detail:)`` for a directory or a file that does
    ///   not start with SQLite's magic string; ``StoreError/corrupt(path:detail:)`` for an
    ///   SQLite file shorter than its header says (truncated); ``StoreError/failed(path:code:detail:)``
    ///   when the file or its directory cannot be read.
    package static func inspect(path: String) throws(StoreError) -> StoreFileHeader {
        switch FileSystem.kind(of: path) {
        case .missing:
            let directory = FileSystem.parentDirectory(of: path)
            let parent = directory.isEmpty ? "." : directory
            guard FileSystem.kind(of: parent) == .directory else {
                throw StoreError.failed(path: path, code: 0, detail: "the directory \(parent) does not exist")
            }
            return .missing
        case .directory:
            throw StoreError.notOurs(path: path, detail: "it is a directory")
        case .file:
            break
        }
        let header: [UInt8]
        let fileSize: UInt64
        do {
            header = try FileSystem.contents(of: path, upTo: size)
            fileSize = FileSystem.size(of: path) ?? 0
        } catch {
            throw StoreError.failed(path: path, code: 0, detail: "the file cannot be read: \(error)")
        }
        if header.isEmpty { return .empty }
        guard header.count == size, header.starts(with: magic) else {
            throw StoreError.notOurs(path: path, detail: "the file is not an SQLite database")
        }
        let rawPageSize = Int(bigEndian(header, at: 16) >> 16)
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else {
            throw StoreError.corrupt(path: path, detail: "invalid page size \(rawPageSize) in the header")
        }
        // The size in pages is trusted only when "version-valid-for" matches the change
        // counter (older writers did not keep it up to date). A WAL may add pages beyond
        // it, but a main file shorter than its own header says was cut short.
        let pageCount = UInt64(bigEndian(header, at: 28))
        if bigEndian(header, at: 92) == bigEndian(header, at: 24), pageCount > 0,
            fileSize < pageCount * UInt64(pageSize)
        {
            throw StoreError.corrupt(
                path: path,
                detail: "truncated: the header says \(pageCount) pages of \(pageSize) bytes,"
                    + " the file holds \(fileSize) bytes")
        }
        return .sqlite(
            applicationID: Int32(bitPattern: bigEndian(header, at: 68)),
            userVersion: Int(Int32(bitPattern: bigEndian(header, at: 60))))
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
