/// Why bytes are not one valid JSON value.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public let message: String
    /// The byte offset where the problem was found.
    public let offset: Int

    /// Makes an error.
    public init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message with its offset.
    public var description: String { "\(message) at byte \(offset)" }
}
