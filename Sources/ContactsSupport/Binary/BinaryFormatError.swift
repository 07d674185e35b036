/// Why bytes did not decode as the binary format a ``BinaryReader`` expected: cut short, or
/// inconsistent. `section` and `detail` name where and what, for the caller's own error.
package enum BinaryFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes end inside `section`.
    case truncated(section: String)
    /// The bytes are complete but wrong: `detail` says how (and names the section).
    case corrupt(String)

    /// One line naming what is wrong.
    package var description: String {
        switch self {
        case .truncated(let section): "truncated (in \(section))"
        case .corrupt(let detail): "corrupt: \(detail)"
        }
    }
}
