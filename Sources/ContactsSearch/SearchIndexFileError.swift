import ContactsSupport

/// Why a saved search index could not be written or read back.
package enum SearchIndexFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file could not be written.
    case unwritable(path: String, reason: String)
    /// The file does not start with the search index magic bytes.
    case notAnIndex
    /// The file is an index of a format version this build does not read.
    case unsupportedVersion(UInt32)
    /// The file is shorter than its header or one of its sections says.
    case truncated(section: String)
    /// The payload's checksum does not match the header: the file was damaged.
    case checksumMismatch
    /// A section's content is inconsistent (named in the message).
    case corrupt(String)

    /// One line naming what is wrong.
    package var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read search index \(path): \(reason)"
        case .unwritable(let path, let reason): "cannot write search index \(path): \(reason)"
        case .notAnIndex: "not a contacts search index (bad magic bytes)"
        case .unsupportedVersion(let version):
            "search index format version \(version) is not supported (this build reads version \(SearchIndexFile.version))"
        case .truncated(let section): "search index is truncated (in \(section))"
        case .checksumMismatch: "search index is damaged (checksum mismatch)"
        case .corrupt(let detail): "search index is corrupt: \(detail)"
        }
    }
}

extension SearchIndexFileError {
    /// The file error of a section that did not decode.
    package init(_ error: BinaryFormatError) {
        switch error {
        case .truncated(let section): self = .truncated(section: section)
        case .corrupt(let detail): self = .corrupt(detail)
        }
    }
}
